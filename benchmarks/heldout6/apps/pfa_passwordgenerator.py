"""Privacy Friendly Password Generator (``org.secuso.privacyfriendlypasswordgenerator``,
SecUSo/privacy-friendly-passwordgenerator) 1.0.2, for privacy-friendly-passwordgenerator#24.

A deterministic password generator: each account (name, user name, length, character set,
version) gets a password derived from one master password, shown in a "Generate Password"
dialog; nothing but the account data is stored.

Sources read at tag v1.0.2 (commit 8d12912, 2018-03-19; ``versionName`` 1.0.2, versionCode 3),
the release on F-Droid when the report was filed (2018-05-20); the issue is open and has no fix.
Files read: ``SplashActivity``, ``tutorial/TutorialActivity`` (``activity_tutorial.xml``,
``tutorial_slide1..3.xml``), ``tutorial/MasterPWTutorialActivity`` (``tutorial_mp1..2.xml``),
``tutorial/PrefManager``, ``activities/MainActivity`` (``app_bar_main.xml``,
``content_main.xml``, ``card_metadata.xml``, ``menu_main.xml``), ``activities/BaseActivity``
(``activity_main_drawer.xml``), ``helpers/MetaDataAdapter``, ``dialogs/GeneratePasswordDialog``
(``dialog_generate_password.xml``), ``dialogs/AddMetaDataDialog``
(``dialog_add_metadata.xml``), ``database/MetaData``, ``strings.xml`` and the manifest.

Bug privacy-friendly-passwordgenerator#24 (non-crash): ``GeneratePasswordDialog`` writes the
generated password into ``textViewPassword`` from ``PasswordGeneratorTask.onPostExecute`` and
keeps it nowhere else. Rotating re-creates ``MainActivity`` (no ``configChanges``) and the
DialogFragment, whose ``onCreateDialog`` inflates the layout again: the master password
``EditText`` gets its text back from the saved view state, but the plain ``TextView`` (no
``freezesText``) comes back empty, so the password is gone while the dialog stays open.

First run: the splash starts the three-slide tutorial; ``MainActivity`` adds the three sample
accounts; the first tap on an account opens the dialog and, above it, the two-slide master
password tutorial. Stubbed: the password itself (a SHA-256 stand-in over the same inputs, not
the app's PBKDF2/BCrypt templates), the add dialog's length SeekBar (left at its default) and
"Change Version" panel, swipe-to-delete and its undo snackbar, the Settings, Help and About
screens. Uncertain: the add dialog's default length (10, from the layout's text).
"""

from __future__ import annotations

import hashlib
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.secuso.privacyfriendlypasswordgenerator"
SPLASH = ".activities.SplashActivity"
TUTORIAL = ".tutorial.TutorialActivity"
MP_TUTORIAL = ".tutorial.MasterPWTutorialActivity"
MAIN = ".activities.MainActivity"
STUBS = {
    ".activities.SettingsActivity": "Settings",
    ".activities.HelpActivity": "Help",
    ".activities.AboutActivity": "About",
}
APP_NAME = "Password Generator"
SLIDES = (
    (
        "Welcome!",
        "With Privacy Friendly Password Generator you can generate different passwords for all "
        "your accounts while remembering only one master password.",
    ),
    ("Generate passwords", "Choose an account from the list. "),
    ("Accounts", "Website providers often use password composition policies."),
)
MP_SLIDES = (
    ("Master Password", "The master password is the only password, that you have to remember."),
    ("Master Password Tips", "Do not include personal data (like birthdays)."),
)
CHARSETS = (  # AddMetaDataDialog's check boxes, in MetaDataAdapter's order
    ("checkBoxLettersLow", "Lowercase (abc)", "abc", "abcdefghijklmnopqrstuvwxyz"),
    ("checkBoxLettersUp", "Uppercase (ABC)", " ABC", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    ("checkBoxNumbers", "Numbers (123)", " 123", "0123456789"),
    ("checkBoxSpecialCharacter", "Special (+!#)", " +!#", "+!#$%&*-_=?"),
)
ALL_SETS = [c[0] for c in CHARSETS]
SAMPLES = (  # MainActivity.addSampleData: name, user name, length, character sets
    ("sample.email.com", "sample.name@email.com", 15, ALL_SETS),
    ("sample-domain.de", "Sample Username", 20, ALL_SETS),
    (" Sample PIN", "-", 4, ["checkBoxNumbers"]),
)


def password_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #24: a generated password was on screen when the dialog was
    re-created, and the re-created dialog shows none."""
    return bool(data.get("password_lost"))


def _to_main() -> list[dict[str, Any]]:
    """Skip the first-run tutorial."""
    return [click(PACKAGE, "btn_skip", "SKIP")]


def _generate(account: str = "sample.email.com", master: str = "correcthorse") -> list[Any]:
    """Open an account, skip the master password tutorial, type the master password, close
    the keyboard (it covers the button), Generate."""
    return [
        click(PACKAGE, "domainTextView", account),
        click(PACKAGE, "btn_skip", "SKIP"),
        input_text(PACKAGE, "editTextMasterpassword", master),
        {"kind": "press_back"},
        click(PACKAGE, "generatorButton", "Generate"),
    ]


ROTATE = {"kind": "rotate", "orientation": "landscape"}


def _stand_in(account: dict[str, Any], master: str) -> str:
    """A stand-in for ``PasswordGenerator``: deterministic in the same inputs."""
    alphabet = (
        "".join(chars for rid, _, _, chars in CHARSETS if rid in account["charset_ids"])
        or "0123456789"
    )
    seed = f"{account['domain']}|{account['username']}|{master}|{account['iteration']}|SECUSO"
    digest = hashlib.sha256(seed.encode()).digest()
    return "".join(
        alphabet[digest[i % len(digest)] % len(alphabet)] for i in range(account["length"])
    )


def _label_row(label_rid: str, label: str, rid: str, value: str) -> View:
    """A dialog's line: the ``label`` (id ``label_rid``) beside its ``value`` (id ``rid``)."""
    return w.relative_layout(
        [w.text_view(label, label_rid), w.text_view(value, rid)],
        layout="horizontal",
        height=110,
    )


class PasswordGenerator(VirtualApp):
    """Privacy Friendly Password Generator 1.0.2: tutorials, the accounts list, the dialogs."""

    name: ClassVar[str] = "privacy-friendly-passwordgenerator"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.0.2"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "privacy-friendly-passwordgenerator#24",
            "non-crash",
            "Generated password gets taken away when screen is rotated on the Password "
            "Generator app.",
            password_lost,
            human_steps=(*_to_main(), *_generate(), ROTATE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "tutorial_launch": True,
            "first_time_launch": True,
            "first_time_gen": True,
            "accounts": [],
            "password_lost": False,
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        data, ui = ctx.data, ctx.ui
        if ctx.activity == SPLASH:
            ctx.start_activity(TUTORIAL)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            if not data["tutorial_launch"]:
                self._launch_home(ctx)
                return
            ui.setdefault("page", 0)
        elif ctx.activity == MP_TUTORIAL:
            ui.setdefault("page", 0)
        elif ctx.activity == MAIN:
            if data["first_time_launch"]:
                data["accounts"] = [
                    {
                        "id": i + 1,
                        "domain": domain,
                        "username": user,
                        "length": length,
                        "charset_ids": list(sets),
                        "iteration": 1,
                    }
                    for i, (domain, user, length, sets) in enumerate(SAMPLES)
                ]
                data["first_time_launch"] = False
            dialog = ui.get("dialog")
            if dialog and dialog.get("lost"):
                data["password_lost"] = True
                dialog["lost"] = False

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        kept: dict[str, Any] = {"page": ctx.ui.get("page", 0)}
        dialog = ctx.ui.get("dialog")
        if dialog:
            # The DialogFragment is re-created: EditTexts keep their text, the password
            # TextView (the bug) and the progress come back empty.
            kept["dialog"] = {**dialog, "password": "", "lost": bool(dialog.get("password"))}
        return kept

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == TUTORIAL:  # onBackPressed: super, then launchHomeScreen
            self._launch_home(ctx)
            return True
        return w.dismiss(ctx.ui, "drawer") or w.dismiss(ctx.ui, "dialog", None)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity in (TUTORIAL, MP_TUTORIAL):
            count = len(SLIDES if ctx.activity == TUTORIAL else MP_SLIDES)
            return w.pager_swipe(ctx.ui, "page", count, direction)
        return False

    # -- tutorials -----------------------------------------------------------------------------
    def _launch_home(self, ctx: AppContext) -> None:
        """``launchHomeScreen``: MainActivity with CLEAR_TOP (from the drawer, the one below)."""
        ctx.data["tutorial_launch"] = False
        if not ctx.extras.get("from_drawer"):
            ctx.start_activity(MAIN)
        ctx.finish()

    def _next(self, ctx: AppContext, count: int) -> None:
        if ctx.ui["page"] + 1 < count:
            ctx.ui["page"] += 1
        elif ctx.activity == TUTORIAL:
            self._launch_home(ctx)
        else:
            ctx.finish()

    def _skip(self, ctx: AppContext) -> None:
        if ctx.activity == TUTORIAL:
            self._launch_home(ctx)
        else:
            ctx.finish()

    def _render_tutorial(self, ctx: AppContext) -> Screen:
        slides = SLIDES if ctx.activity == TUTORIAL else MP_SLIDES
        page = int(ctx.ui.get("page", 0))
        title, text = slides[page]
        last = page == len(slides) - 1
        slide = w.linear_layout([w.text_view(title, height=200), w.text_view(text, height=400)])
        dots = w.linear_layout(
            [w.text_view("•", width=60) for _ in slides], rid="layoutDots", horizontal=True
        )
        advance = w.button(
            "btn_next", "GOT IT" if last else "Next", w.bind(self._next, len(slides)), width=300
        )
        skip = None if last else w.button("btn_skip", "SKIP", self._skip, width=300)
        root = w.intro_pager(
            slide,
            skip=skip,
            indicator=dots,
            advance=advance,
            root_cls="android.widget.RelativeLayout",
        )
        return Screen(content=root)

    # -- MainActivity --------------------------------------------------------------------------
    def _open_account(self, ctx: AppContext, account_id: int) -> None:
        """``onItemClick``: the dialog, then (first time) the master password tutorial."""
        ctx.ui["dialog"] = {"kind": "generate", "id": account_id, "master": "", "password": ""}
        if ctx.data["first_time_gen"]:
            ctx.data["first_time_gen"] = False
            ctx.start_activity(MP_TUTORIAL)

    def _account(self, ctx: AppContext, account_id: int) -> dict[str, Any]:
        return next(a for a in ctx.data["accounts"] if a["id"] == account_id)

    def _generate_click(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        dialog["password"] = ""
        ctx.hide_keyboard()
        master = dialog["master"]
        if not master:
            ctx.toast("Please, enter a master password.")
        elif len(master) < 8:
            ctx.toast("Please, enter at least 8 characters.")
        else:  # PasswordGeneratorTask.onPostExecute
            dialog["password"] = _stand_in(self._account(ctx, dialog["id"]), master)

    def _copy(self, ctx: AppContext) -> None:
        if ctx.ui["dialog"]["password"]:
            ctx.toast("Password copied.")

    def _close(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _scroll_dialog(self, title: str, fields: list[View], buttons: list[View]) -> Window:
        """An AlertDialog titled ``title`` whose custom view scrolls its ``fields``."""
        body = w.scroll_view([w.linear_layout(fields, weight=0)], weight=0)
        return w.alert_dialog(w.dialog_title(title), [body], buttons, self._close)

    def _generate_dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        account = self._account(ctx, dialog["id"])
        visible = bool(dialog.get("visible"))
        return self._scroll_dialog(
            "Generate Password",
            [
                _label_row(
                    "textViewDomainDescription",
                    "Account name:",
                    "domainHeadingTextView",
                    account["domain"],
                ),
                _label_row(
                    "textViewUsernameDescription",
                    "Username:",
                    "domainUsernameTextView",
                    account["username"],
                ),
                _label_row(
                    "textViewIterationHeading",
                    "Version: ",
                    "textViewIteration",
                    str(account["iteration"]),
                ),
                w.text_view("Master password:", "textViewMasterpasswordHeading"),
                w.relative_layout(
                    [
                        w.edit_text(
                            "editTextMasterpassword",
                            dialog["master"],
                            lambda c, t: c.ui["dialog"].update(master=t),
                            password=not visible,
                        ),
                        w.image_button(
                            "visibilityButton",
                            "",
                            lambda c: c.ui["dialog"].update(
                                visible=not c.ui["dialog"].get("visible")
                            ),
                            width=147,
                        ),
                    ],
                    layout="horizontal",
                    height=150,
                ),
                w.text_view("Your password:", "textViewMPasswordHeading"),
                w.relative_layout(
                    [
                        w.text_view(dialog["password"], "textViewPassword"),
                        w.image_button("copyButton", "", self._copy, width=147),
                    ],
                    layout="horizontal",
                    height=147,
                ),
                w.button("generatorButton", "Generate", self._generate_click),
            ],
            w.dialog_buttons(("Done", self._close)),
        )

    def _add_click(self, ctx: AppContext) -> None:
        """``AddMetaDataDialog.addMetaData`` (the positive button)."""
        dialog = ctx.ui["dialog"]
        if not dialog["domain"]:
            ctx.toast("Please add an account name.")
            return
        if not dialog["charsets"]:
            ctx.toast("Please choose at least one character type.")
            return
        accounts = ctx.data["accounts"]
        accounts.append(
            {
                "id": max((a["id"] for a in accounts), default=0) + 1,
                "domain": dialog["domain"],
                "username": dialog["username"],
                "length": 10,
                "charset_ids": list(dialog["charsets"]),
                "iteration": int(dialog["iteration"] or "1"),
            }
        )
        ctx.ui["dialog"] = None  # getActivity().recreate() and dismiss()

    def _toggle_set(self, ctx: AppContext, rid: str) -> None:
        w.toggle(ctx.ui["dialog"]["charsets"], rid)

    def _add_dialog(self, dialog: dict[str, Any]) -> Window:
        def field(rid: str, key: str, hint: str) -> View:
            return w.edit_text(
                rid,
                dialog[key],
                lambda c, t: c.ui["dialog"].update({key: t}),
                hint=hint,
                cls="android.widget.EditText",
            )

        checks = [
            w.check_box(
                rid,
                label,
                rid in dialog["charsets"],
                w.bind(self._toggle_set, rid),
            )
            for rid, label, _, _ in CHARSETS
        ]
        return self._scroll_dialog(
            "Add new account",
            [
                field("editTextDomain", "domain", "Account name:"),
                field("editTextUsername", "username", "Username (optional):"),
                w.text_view("The password will consist of:", "textViewSetHeading"),
                *checks,
                _label_row("textViewLengthHeading", "Length: ", "textViewLengthDisplay", "10"),
                View(cls="android.widget.SeekBar", resource_id="seekBarLength", height=100),
                w.button("versionButton", "▶ Change Version", None),
            ],
            w.dialog_buttons(("Add", self._add_click), ("Cancel", self._close)),
        )

    def _card(self, account: dict[str, Any]) -> View:
        def pair(label_rid: str, label: str, rid: str, value: str) -> View:
            return w.linear_layout(
                [w.text_view(label, label_rid), w.text_view(value, rid)],
                horizontal=True,
                height=70,
            )

        return w.frame_layout(
            [
                w.linear_layout(
                    [
                        w.image_view("image_view", width=160),
                        w.linear_layout(
                            [
                                w.text_view(account["domain"], "domainTextView", height=90),
                                pair(
                                    "usernameTextView",
                                    "Username:",
                                    "username",
                                    account["username"] or "-",
                                ),
                                pair(
                                    "characterTextView",
                                    "Character set:",
                                    "characterSet",
                                    "".join(
                                        c[2] for c in CHARSETS if c[0] in account["charset_ids"]
                                    ),
                                ),
                                pair(
                                    "lengthTextView", "Length: ", "length", str(account["length"])
                                ),
                                pair(
                                    "iterationTextView",
                                    "Version: ",
                                    "iteration",
                                    str(account["iteration"]),
                                ),
                            ]
                        ),
                    ],
                    horizontal=True,
                )
            ],
            rid="card_view",
            height=400,
            on_click=w.bind(self._open_account, account["id"]),
        )

    def _open_add(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {
            "kind": "add",
            "domain": "",
            "username": "",
            "iteration": "1",
            "charsets": list(ALL_SETS),
        }

    def _nav(self, ctx: AppContext, target: str) -> None:
        ctx.ui["drawer"] = False
        if target == TUTORIAL:
            ctx.data["tutorial_launch"] = True
        if target != MAIN:
            ctx.start_activity(target, {"from_drawer": True})

    def _render_main(self, ctx: AppContext) -> Screen:
        ui, accounts = ctx.ui, ctx.data["accounts"]
        query = str(ui.get("query", "")).lower()
        shown = [a for a in accounts if query in a["domain"].lower()]
        actions: list[View] = []
        if accounts:  # onCreateOptionsMenu inflates the search only with accounts
            if ui.get("search"):
                actions.append(
                    w.edit_text(
                        "search_src_text",
                        ui.get("query", ""),
                        lambda c, t: c.ui.update(query=t),
                        hint="Search",
                        cls="android.widget.AutoCompleteTextView",
                        width=700,
                    )
                )
            else:
                actions.append(
                    w.action_item("action_search", "Search", lambda c: c.ui.update(search=True))
                )
        bar = w.toolbar(
            APP_NAME,
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=actions,
        )
        children: list[View] = [
            w.linear_layout(
                [
                    w.list_view(
                        [self._card(a) for a in shown],
                        rid="recycler_view",
                        cls="android.support.v7.widget.RecyclerView",
                        scroll_key="scroll",
                    )
                ],
                rid="main_content",
            )
        ]
        if not accounts:
            children.append(w.linear_layout([w.text_view("ADD ACCOUNT")], rid="insert_alert"))
        children.append(w.fab("add_fab", "", self._open_add))
        content = w.linear_layout([bar, w.frame_layout(children, layout="frame")])
        drawer = None
        if ui.get("drawer"):
            entries = [
                ("Main", MAIN),
                ("Tutorial", TUTORIAL),
                ("Settings", ".activities.SettingsActivity"),
                ("Help", ".activities.HelpActivity"),
                ("About", ".activities.AboutActivity"),
            ]
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="nav_view",
                width=840,
                children=[
                    w.drawer_entry(t, w.bind(self._nav, a), checked=a == MAIN) for t, a in entries
                ],
            )
        root = w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout")
        windows: list[Window] = []
        dialog = ui.get("dialog")
        if dialog and dialog["kind"] == "generate":
            windows.append(self._generate_dialog(ctx, dialog))
        elif dialog:
            windows.append(self._add_dialog(dialog))
        return Screen(content=root, windows=windows)

    def _render_stub(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(STUBS.get(ctx.activity, ""), navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, w.frame_layout()]))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity in (TUTORIAL, MP_TUTORIAL):
            return self._render_tutorial(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == SPLASH:
            return Screen(content=w.frame_layout())
        return self._render_stub(ctx)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "privacy-friendly-passwordgenerator#24": [
        # Rotating before Generate: the master password survives, no password was shown.
        [
            *_to_main(),
            click(PACKAGE, "domainTextView", "sample.email.com"),
            click(PACKAGE, "btn_skip", "SKIP"),
            input_text(PACKAGE, "editTextMasterpassword", "correcthorse"),
            ROTATE,
        ],
        # A master password under 8 characters: a toast, no password, then rotating.
        [*_to_main(), *_generate(master="short"), ROTATE],
        # The password generated, then Done before rotating.
        [*_to_main(), *_generate(), click(PACKAGE, "android:id/button1", "Done"), ROTATE],
        # Rotating on the accounts list with no dialog open.
        [*_to_main(), ROTATE],
    ],
}
