"""OpenKeychain (``org.sufficientlysecure.keychain``, open-keychain/open-keychain) 3.2beta2
development build, for open-keychain#1173.

An OpenPGP app: key management, and encryption/decryption of text and files, either to keys
(asymmetric) or with a passphrase (symmetric).

Sources read at commit 2084340 ("Update readme for libs link", 2015-03-23; manifest
``versionName`` 3.2beta2, versionCode 31202), the development head the reporter built when
filing (2015-03-23), and the fix 5bdac11 ("Fixed issue where setting a passphrase to null later
causes a NullPointerException", merged as 30711c3 the same day). The bug came with 9c9f95c
(2015-03-19, "New Passphrase class") and was in no release. Files read: ``MainActivity``
(MaterialNavigationDrawer 1.3.1 sections), ``CreateKeyActivity``/``CreateKeyStartFragment``
(``create_key_start_fragment.xml``), ``KeyListFragment`` (``key_list_fragment.xml``,
``menu/key_list.xml``), ``EncryptDecryptOverviewFragment`` (its layout), ``BaseActivity``,
``EncryptActivity``, ``EncryptTextActivity`` (``encrypt_text_activity.xml``,
``menu/encrypt_text_activity.xml``), ``EncryptTextFragment``, ``EncryptSymmetricFragment``,
``EncryptAsymmetricFragment`` (their layouts), ``util/Passphrase``, ``strings.xml`` and the
manifest.

Bug open-keychain#1173 (crash): ``EncryptSymmetricFragment`` puts one ``TextWatcher`` on both
passphrase fields; each ``afterTextChanged`` calls ``setPassphrase(new Passphrase(..))`` when
the two fields match and ``setPassphrase(null)`` when they do not. ``EncryptTextActivity
.setPassphrase`` first calls ``mPassphrase.removeFromMemory()``: after one mismatching change
has stored null, the next change of either field throws a ``NullPointerException``. Typing a
passphrase of two or more characters into the first field crashes at its second character.
The model counts one ``afterTextChanged`` per character typed or deleted, as a keyboard sends
them. ``EncryptFilesActivity.setPassphrase`` has no ``removeFromMemory`` call.

Stubbed: the key creation wizard after its first page, import, the files screens, decryption,
the Apps, Settings and Help screens, the sign/encrypt operation itself (a valid symmetric
request shows the success snackbar), sharing, and the header image. There are no keys, so the
asymmetric mode shows its empty recipient field and "None" signer. Uncertain: the drawer
toggle's content description is the library's empty ``R.string.nothing``; a tool that sets a
field's text in one call fires one ``afterTextChanged``, which a single character also does.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.sufficientlysecure.keychain"
MAIN = ".ui.MainActivity"
CREATE_KEY = ".ui.CreateKeyActivity"
ENCRYPT_TEXT = ".ui.EncryptTextActivity"
STUBS = {
    ".ui.EncryptFilesActivity": "Encrypt",
    ".ui.DecryptFilesActivity": "Decrypt",
    ".ui.DecryptTextActivity": "Decrypt",
    ".ui.ImportKeysActivity": "Import Keys",
    ".ui.SettingsActivity": "Settings",
    ".ui.HelpActivity": "Help",
}
SECTIONS = ("Keys", "Encrypt/Decrypt", "Apps")
BOTTOM_SECTIONS = ((".ui.SettingsActivity", "Settings"), (".ui.HelpActivity", "Help"))
NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'void org.sufficientlysecure.keychain.util.Passphrase"
    ".removeFromMemory()' on a null object reference"
)
NOT_MATCHING = "The passphrases didn't match."
EMPTY = "Please enter a passphrase."
NO_KEY = "Select at least one encryption key or a signature key."
SUCCESS = "Sign/encrypt operation successful"


def _to_encrypt_text() -> list[dict[str, Any]]:
    """Skip the first-time screen, open the drawer, Encrypt/Decrypt, Encrypt text."""
    return [
        click(PACKAGE, "create_key_cancel", "SKIP SETUP"),
        click(PACKAGE, cls="android.widget.ImageButton", bounds=[0, 63, 147, 210]),
        click(PACKAGE, "section_text", "Encrypt/Decrypt"),
        click(PACKAGE, "encrypt_text", "Encrypt text"),
    ]


SYMMETRIC = [
    click(PACKAGE, desc="More options"),
    click(PACKAGE, "title", "Encrypt with passphrase"),
]


def _edits(old: str, new: str) -> list[str]:
    """The field's text after each key a keyboard sends to turn ``old`` into ``new``: the
    differing tail deleted one character at a time, then the new tail typed."""
    keep = 0
    while keep < min(len(old), len(new)) and old[keep] == new[keep]:
        keep += 1
    states = [old[:n] for n in range(len(old) - 1, keep - 1, -1)]
    states += [new[:n] for n in range(keep + 1, len(new) + 1)]
    return states or [new]


class OpenKeychain(VirtualApp):
    """OpenKeychain 3.2beta2 (development, 2015-03-23): first-time screen, drawer, encrypt."""

    name: ClassVar[str] = "open-keychain"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "OpenKeychain"
    version: ClassVar[str] = "3.2beta2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "open-keychain#1173",
            "crash",
            "Input of passphrase for symmetric encryption causes crash",
            crash_oracle(PACKAGE, NPE, "removeFromMemory()"),
            human_steps=(
                *_to_encrypt_text(),
                *SYMMETRIC,
                input_text(PACKAGE, "passphrase", "secret", hint="Passphrase"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"first_time": True}

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if ctx.data["first_time"]:
                ctx.start_activity(CREATE_KEY, {"first_time": True})
                ctx.finish()
                return
            for key, value in (("section", SECTIONS[0]), ("drawer", False), ("menu", False)):
                ui.setdefault(key, value)
        elif ctx.activity == ENCRYPT_TEXT:
            # mPassphrase = new Passphrase(): "" until the watcher stores null (None). The
            # activity handles rotation itself (configChanges), so a rotation keeps all this.
            defaults: dict[str, Any] = {"symmetric": False, "compression": True, "menu": False}
            defaults.update(passphrase="", p1="", p2="", message="", notify="")
            for key, value in defaults.items():
                ui.setdefault(key, value)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == CREATE_KEY and ui.get("page"):  # the wizard's fragment back stack
            ui["page"] = None
            return True
        return any(w.dismiss(ui, key) for key in ("menu", "signer", "drawer", "fab", "search"))

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and direction == "right" and not ctx.ui.get("drawer"):
            ctx.ui["drawer"] = True
            return True
        return False

    # -- first-time screen ---------------------------------------------------------------------
    def _finish_setup(self, ctx: AppContext) -> None:
        """``CreateKeyStartFragment.finishSetup``: first time done, to MainActivity."""
        if ctx.extras.get("first_time"):
            ctx.data["first_time"] = False
        ctx.start_activity(MAIN)
        ctx.finish()

    def _render_create_key(self, ctx: AppContext) -> Screen:
        first = bool(ctx.extras.get("first_time"))
        # First time: the launcher icon as navigation icon, with no click listener.
        navigation = w.nav_button(w.NAVIGATE_UP, None) if first else w.up_button()
        bar = w.toolbar("OpenKeychain" if first else "Manage my keys", navigation=navigation)
        if ctx.ui.get("page") == "name":  # CreateKeyNameFragment, stubbed
            page = w.linear_layout([w.edit_text("name", "", None, hint="Name")])
        else:
            rows = [
                ("create_key_create_key_button", "CREATE MY KEY (RECOMMENDED)", "name"),
                ("create_key_import_button", "IMPORT KEY FROM FILE", "import"),
                ("create_key_cancel", "SKIP SETUP" if first else "CANCEL", "cancel"),
            ]
            page = w.relative_layout(
                [
                    w.frame_layout([w.image_view()], weight=1),  # first_time_1
                    w.linear_layout(
                        [
                            w.text_view(t, rid, on_click=w.bind(self._start_row, a), height=147)
                            for rid, t, a in rows
                        ],
                        rid="create_key_buttons",
                        weight=0,
                    ),
                ]
            )
        body = w.frame_layout([page], rid="create_key_fragment_container")
        return Screen(content=w.linear_layout([bar, body]))

    def _start_row(self, ctx: AppContext, action: str) -> None:
        if action == "name":
            ctx.ui["page"] = "name"
        elif action == "import":
            ctx.start_activity(".ui.ImportKeysActivity")
        else:
            self._finish_setup(ctx)

    # -- MainActivity --------------------------------------------------------------------------
    def _select(self, ctx: AppContext, section: str) -> None:
        ctx.ui.update(section=section, drawer=False, menu=False)

    def _open(self, ctx: AppContext, activity: str) -> None:
        ctx.ui.update(drawer=False, menu=False, fab=False)
        ctx.start_activity(activity)

    def _drawer(self, ctx: AppContext) -> View:
        def row(title: str, handler: Any) -> View:
            return w.relative_layout(
                [w.image_view("section_icon", width=126), w.text_view(title, "section_text")],
                on_click=handler,
                height=126,
                layout="horizontal",
            )

        rows = [w.image_view(height=420)]  # drawer_header
        rows += [row(s, w.bind(self._select, s)) for s in SECTIONS]
        rows += [row(t, w.bind(self._open, a)) for a, t in BOTTOM_SECTIONS]
        return w.linear_layout(rows, rid="drawer", width=840)

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        section = ui.get("section", SECTIONS[0])
        actions: list[View] = []
        if section == "Keys":
            search: View = w.action_item(
                "menu_key_list_search", "Search", lambda c: c.ui.update(search=True)
            )
            if ui.get("search"):  # the expanded SearchView
                search = w.edit_text("search_src_text", "", None, hint="Search", width=660)
            actions = [
                search,
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ]
            body = w.relative_layout(
                [
                    w.frame_layout(
                        [w.linear_layout([w.text_view("No keys found!")], rid="key_list_empty")]
                    ),
                    self._fab_menu(ui),
                ],
                layout="frame",
            )
        elif section == "Encrypt/Decrypt":
            body = self._overview()
        else:
            body = w.linear_layout([w.text_view("This list is empty!", "android:id/empty")])
        toggle = View(
            cls="android.widget.ImageButton",
            on_click=lambda c: c.ui.update(drawer=True),
            naf=True,
        )
        bar = w.toolbar(section, navigation=toggle, actions=actions)
        content = w.drawer_layout(
            w.linear_layout([bar, body]),
            self._drawer(ctx) if ui.get("drawer") else None,
            cls="android.support.v4.widget.DrawerLayout",
        )
        windows: list[Window] = []
        if ui.get("menu"):
            items = [
                ("Export all keys", lambda c: c.ui.update(menu=False)),
                ("Manage my keys", w.bind(self._manage_keys)),
            ]
            windows.append(w.menu_window(items, lambda c: c.ui.update(menu=False)))
        return Screen(content=content, windows=windows)

    def _fab_menu(self, ui: dict[str, Any]) -> View:
        """``fab_main``: the FloatingActionsMenu, its mini buttons above it when expanded."""
        minis: list[View] = []
        if ui.get("fab"):
            for rid, title in (
                ("fab_add_qr_code", "Scan QR Code"),
                ("fab_add_cloud", "Search Cloud"),
                ("fab_add_file", "Import from File"),
            ):
                minis.append(
                    w.linear_layout(
                        [
                            w.text_view(title, width=400),
                            w.image_button(
                                rid, "", w.bind(self._open, ".ui.ImportKeysActivity"), width=147
                            ),
                        ],
                        horizontal=True,
                        height=147,
                    )
                )
        toggle = w.image_button(
            "fab_expand_menu_button",
            "",
            lambda c: c.ui.update(fab=not c.ui.get("fab")),
            width=168,
            height=168,
            style="fab",
        )
        return w.linear_layout(
            [*minis, toggle],
            rid="fab_main",
            width=600,
            height=147 * len(minis) + 168,
            gravity="bottom_end",
        )

    def _manage_keys(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(CREATE_KEY, {"first_time": False})

    def _overview(self) -> View:
        """``encrypt_decrypt_overview_fragment.xml``."""

        def entry(rid: str, text: str, activity: str) -> View:
            return w.text_view(text, rid, on_click=w.bind(self._open, activity), height=168)

        clipboard = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.text_view("Decrypt text from clipboard"),
                        w.text_view("and verify signatures"),
                    ]
                ),
                w.image_view("clipboard_icon", width=126),
            ],
            rid="decrypt_from_clipboard",
            horizontal=True,
            height=200,
            on_click=w.bind(self._open, ".ui.DecryptTextActivity"),
        )
        return w.linear_layout(
            [
                w.text_view("Encrypt"),
                entry("encrypt_files", "Encrypt files", ".ui.EncryptFilesActivity"),
                entry("encrypt_text", "Encrypt text", ENCRYPT_TEXT),
                w.text_view("Decrypt"),
                entry("decrypt_files", "Decrypt files", ".ui.DecryptFilesActivity"),
                clipboard,
                View(cls="android.view.View", weight=1),
            ]
        )

    # -- EncryptTextActivity -------------------------------------------------------------------
    def _set_passphrase(self, ctx: AppContext, value: str | None, line: int) -> None:
        """``EncryptTextActivity.setPassphrase``, called from the watcher at ``line``."""
        if ctx.ui["passphrase"] is None:
            # The bug: mPassphrase.removeFromMemory() on the null a mismatch stored.
            raise JavaException(
                NPE,
                NPE_MESSAGE,
                frames=[
                    "org.sufficientlysecure.keychain.ui.EncryptTextActivity.setPassphrase("
                    "EncryptTextActivity.java:139)",
                    "org.sufficientlysecure.keychain.ui.EncryptSymmetricFragment$1"
                    f".afterTextChanged(EncryptSymmetricFragment.java:{line})",
                    "android.widget.TextView.sendAfterTextChanged(TextView.java)",
                    "android.widget.TextView$ChangeWatcher.afterTextChanged(TextView.java)",
                    "android.text.SpannableStringBuilder.sendAfterTextChanged("
                    "SpannableStringBuilder.java)",
                    "android.text.SpannableStringBuilder.replace(SpannableStringBuilder.java)",
                    "android.view.inputmethod.BaseInputConnection.replaceText("
                    "BaseInputConnection.java)",
                    "android.view.inputmethod.BaseInputConnection.commitText("
                    "BaseInputConnection.java)",
                    "com.android.internal.view.IInputConnectionWrapper.executeMessage("
                    "IInputConnectionWrapper.java)",
                    "com.android.internal.view.IInputConnectionWrapper$MyHandler.handleMessage("
                    "IInputConnectionWrapper.java)",
                    *message_frames(25),
                ],
            )
        ctx.ui["passphrase"] = value

    def _passphrase_typed(self, ctx: AppContext, field: str, text: str) -> None:
        """The fragment's ``TextWatcher.afterTextChanged``, once per key."""
        for state in _edits(ctx.ui[field], text):
            ctx.ui[field] = state
            if ctx.ui["p1"] == ctx.ui["p2"]:
                self._set_passphrase(ctx, ctx.ui["p1"], 77)
            else:
                self._set_passphrase(ctx, None, 79)

    def _toggle(self, ctx: AppContext, key: str) -> None:
        ui = ctx.ui
        ui["menu"] = False
        ui[key] = not ui[key]
        if key == "symmetric":  # updateModeFragment(): a new fragment with empty fields
            ui.update(p1="", p2="")

    def _encrypt(self, ctx: AppContext, share: bool) -> None:
        """``startEncrypt`` after ``inputIsValid``; the operation itself is stubbed."""
        ui = ctx.ui
        if ui["symmetric"]:
            if ui["passphrase"] is None:
                ui["notify"] = NOT_MATCHING
            elif not ui["passphrase"]:
                ui["notify"] = EMPTY
            else:
                ui["notify"] = "" if share else SUCCESS
        else:
            ui["notify"] = NO_KEY  # no keys on the device

    def _passphrase_field(self, ui: dict[str, Any], rid: str, key: str, hint: str) -> View:
        """A password field ``rid`` of the symmetric mode, holding ``ui[key]``."""
        return w.edit_text(
            rid,
            ui[key],
            lambda c, t: self._passphrase_typed(c, key, t),
            hint=hint,
            password=True,
        )

    def _mode_fragment(self, ctx: AppContext) -> View:
        ui = ctx.ui
        if ui["symmetric"]:
            return w.linear_layout(
                [
                    self._passphrase_field(ui, "passphrase", "p1", "Passphrase"),
                    self._passphrase_field(ui, "passphraseAgain", "p2", "Repeat Passphrase"),
                ],
                weight=0,
            )
        signer = w.linear_layout(
            [
                w.text_view("Signed by:"),
                w.spinner("sign", "", lambda c: c.ui.update(signer=True), height=147),
            ],
            horizontal=True,
            weight=0,
        )
        recipients = w.edit_text(  # a token field whose prefix is its text; no keys to match
            "recipient_list",
            ui.get("recipients", "Encrypt to: "),
            lambda c, t: c.ui.update(recipients=t),
            cls="android.widget.MultiAutoCompleteTextView",
        )
        return w.linear_layout([recipients, signer], weight=0)

    def _render_encrypt(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            "Encrypt",
            navigation=w.up_button(),
            actions=[
                w.action_item(
                    "encrypt_copy", "Encrypt and copy text", w.bind(self._encrypt, False)
                ),
                w.action_item(
                    "encrypt_share", "Encrypt and share text", w.bind(self._encrypt, True)
                ),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        message = w.edit_text(
            "encrypt_text_text",
            ui["message"],
            lambda c, t: c.ui.update(message=t),
            hint="Type text",
            extra={"multiline": True},
        )
        cards = [w.text_view(ui["notify"], "sb__text")] if ui["notify"] else []
        body = w.linear_layout(
            [
                w.linear_layout(cards, rid="card_container", weight=0),
                w.frame_layout([self._mode_fragment(ctx)], rid="encrypt_pager_mode", weight=0),
                w.scroll_view([w.linear_layout([message])], rid="encrypt_text_fragment"),
            ],
            rid="content_frame",
        )
        windows: list[Window] = []
        if ui["menu"]:
            windows.append(self._checkable_menu(ui))
        elif ui.get("signer"):  # SignKeySpinner: only its "None" row without secret keys
            windows.append(
                w.spinner_dropdown(
                    ["None"], 0, lambda c, i: c.ui.update(signer=False), w.bind(self._no_signer)
                )
            )
        return Screen(content=w.linear_layout([bar, body]), windows=windows)

    def _no_signer(self, ctx: AppContext) -> None:
        ctx.ui["signer"] = False

    def _checkable_menu(self, ui: dict[str, Any]) -> Window:
        """The overflow of ``menu/encrypt_text_activity.xml``: two checkable items, each an
        AppCompat ``ListMenuItemView`` with its ``title`` and ``checkbox``."""
        rows = [
            w.linear_layout(
                [
                    w.text_view(title, "title", height=126),
                    View(
                        cls="android.widget.CheckBox",
                        resource_id="checkbox",
                        checkable=True,
                        checked=bool(ui[key]),
                        clickable=False,
                        focusable=False,
                        width=126,
                    ),
                ],
                horizontal=True,
                height=126,
                on_click=w.bind(self._toggle, key),
            )
            for title, key in (
                ("Encrypt with passphrase", "symmetric"),
                ("Enable compression", "compression"),
            )
        ]
        listing = View(cls="android.widget.ListView", weight=0, children=rows)
        return Window(root=listing, kind="menu", on_dismiss=lambda c: c.ui.update(menu=False))

    def _render_stub(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(STUBS.get(ctx.activity, ""), navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, w.frame_layout()]))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == CREATE_KEY:
            return self._render_create_key(ctx)
        if ctx.activity == ENCRYPT_TEXT:
            return self._render_encrypt(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        return self._render_stub(ctx)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "open-keychain#1173": [
        # Asymmetric mode (the default): type the message and tap "Encrypt and copy text".
        [
            *_to_encrypt_text(),
            input_text(PACKAGE, "encrypt_text_text", "hello", hint="Type text"),
            click(PACKAGE, "encrypt_copy", desc="Encrypt and copy text"),
        ],
        # "Enable compression" instead of "Encrypt with passphrase": no passphrase fields.
        [
            *_to_encrypt_text(),
            click(PACKAGE, desc="More options"),
            click(PACKAGE, "title", "Enable compression"),
            input_text(PACKAGE, "encrypt_text_text", "hello", hint="Type text"),
        ],
        # Symmetric mode, only one character typed: one watcher call stores null.
        [
            *_to_encrypt_text(),
            *SYMMETRIC,
            input_text(PACKAGE, "passphrase", "s", hint="Passphrase"),
        ],
        # Symmetric mode, the message typed and encrypted without a passphrase.
        [
            *_to_encrypt_text(),
            *SYMMETRIC,
            input_text(PACKAGE, "encrypt_text_text", "hello", hint="Type text"),
            click(PACKAGE, "encrypt_copy", desc="Encrypt and copy text"),
        ],
    ],
}
