"""baresip (``com.tutpro.baresip``, juha-h/baresip-studio), a SIP phone and messaging app, in
two versions: 17.3.1 (Android views) for baresip-studio#80 and 78.1.2 (Jetpack Compose) for
baresip-studio#667.

**17.3.1.** The main screen (the account spinner, the callee field, the green call button and
the bottom row of Contacts, Messages, Call History and Dialpad buttons), its options menu and,
on the first start, the microphone permission request. Sources read at commit b64576b3 ("Added
video argument to ua_connect and ua_call_alloc API functions", 2020-04-08; ``versionName``
17.3.1, the current version when the report was filed that day; the reporter names no
version), the parent of the fix 624e5719 ("Disable call button if there is no accounts"). Files
read: ``MainActivity.kt``, ``UserAgent.kt``, ``BaresipService.kt`` (the ``uas`` list),
``AccountsActivity.kt``, ``Utils.kt`` (``requestPermission``), the layouts ``activity_main``
and ``activity_accounts``, the menus ``main_menu`` and ``speaker_icon``, ``strings.xml``, the
manifest and ``build.gradle``.

Bug baresip-studio#80 (crash): with no account, the spinner of accounts (``AoRList``) is empty
and its ``selectedItemPosition`` is -1. The call button's listener starts with
``UserAgent.uas()[aorSpinner.selectedItemPosition]``, an ``ArrayList.get(-1)`` on the empty
list of user agents, which throws ArrayIndexOutOfBoundsException (``length=0; index=-1``). The
Messages, Call History and voicemail buttons check the position first and do nothing.

Stubbed in 17.3.1: the native baresip service (started after the permission answer, nothing
to show), the Accounts, Settings, Contacts and About screens (their titles; creating an
account, which needs the account form, is left out), Backup, Restore and Restart (they close
the menu), the speaker toggle (kept in memory). Uncertain: the name of the listener's class in
the stack (``MainActivity$onCreate$8``, from the order of the anonymous classes in
``onCreate``) and the exception's wording and line on the reporter's Android release (the
model gives Android 7's ``ArrayList.get``).

**78.1.2.** One activity whose Compose NavHost shows the main screen (a top bar with the call
recording, microphone and speaker boxes and the "Menu" button, the account spinner, the
"Call to …" field and call button, the bottom icon row), the Accounts screen (the accounts, each
with a "Delete" button, and the "SIP URI of New Account" field with its "Add" button) and an
account's form (a back arrow, the "Check" button and the rows of AccountContent, those of
Registration Interval and Check Origin only while Register is on and the STUN/TURN rows only
while a Media NAT Traversal is chosen). Sources read at commit 478c4ed8 ("New release 78.1.2",
2026-04-20), the parent of the fix e1d6876b ("Restored accidentally removed Account Media
encryption updating code", 2026-04-20, released in 78.1.3); the code was removed by bbe81ab8
("Retain value of account's Check Origin when Register is toggled", 2026-04-14), so 78.1.0 to
78.1.2 have the bug. The report, filed that day, names only "the latest versions". Files read:
``MainActivity.kt`` (the permissions asked on API 30: RECORD_AUDIO), ``MainScreen.kt``
(``MainScreen``, ``TopAppBar``, ``BottomBar``, ``AccountSpinner``, ``CallUriRow``),
``AccountsScreen.kt``, ``AccountScreen.kt`` (the rows, ``checkOnClick``,
``initAccountFromNetwork``), ``AccountViewModel.kt``, ``Account.kt``, ``Constants.kt``
(``mediaEncMap``) and ``strings.xml``.

Bug baresip-studio#667 (non-crash): the Media Encryption drop-down sets the form's
``viewModel.mediaEnc``, but ``checkOnClick`` (the check mark) no longer copies it into the
account (``Api.account_set_mediaenc``), so the saved account keeps its encryption ("--", none)
and the form shows "--" again when the account is reopened. Every other row is saved.

Fixed data: a new account's network template (``https://<domain>/baresip/account_config.xml``)
is not found, so the form shows baresip's defaults. Stubbed in 78.1.2: the About, Settings,
Contacts and Audio Codecs screens (their titles), Backup, Restore, Logcat and Restart (they
close the menu), the call button and the top bar's three boxes (no call is possible), the
field checks of ``checkOnClick`` other than the AoR's, the help dialogs of the row titles and
of the new-account field, the password dialog. Uncertain: the Compose nodes' classes in dumps
(buttons as ``android.widget.Button``, clickable rows as ``android.view.View``), the defaults
of the switches (RTCP Multiplexing, Reliable Provisional Responses), and the layout sizes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crash_oracle, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.tutpro.baresip"
MAIN = ".MainActivity"
RECORD_AUDIO = "android.permission.RECORD_AUDIO"
STUBS = {
    ".AccountsActivity": "Accounts",
    ".ConfigActivity": "Settings",
    ".ContactsActivity": "Contacts",
    ".AboutActivity": "About",
}
# main_menu.xml: (title, the activity it starts, "" for the stubbed actions).
MENU = [
    ("Settings", ".ConfigActivity"),
    ("Accounts", ".AccountsActivity"),
    ("Backup", ""),
    ("Restore", ""),
    ("About", ".AboutActivity"),
    ("Restart", ""),
    ("Quit", "quit"),
]
AIOOBE = "java.lang.ArrayIndexOutOfBoundsException"


class Baresip(VirtualApp):
    """baresip 17.3.1: the main screen with no account, its menu and the first-start
    permission request."""

    name: ClassVar[str] = "baresip-studio"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "baresip"
    version: ClassVar[str] = "17.3.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "baresip-studio#80",
            "crash",
            "Crash without account",
            crash_oracle(PACKAGE, AIOOBE, "index=-1"),
            human_steps=(
                allow_permission(PACKAGE),
                click(PACKAGE, "callButton", desc="Call"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"accounts": [], "started": False}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        ctx.ui.update(menu=False, callee="", dialpad=False)
        if not ctx.data["started"] and not ctx.data["accounts"]:
            # Baresip is started for the first time: Utils.requestPermission(RECORD_AUDIO).
            ctx.request_permission(RECORD_AUDIO)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == RECORD_AUDIO:
            if not granted:
                ctx.toast(
                    "You are not able to place or answer calls without Microphone permission."
                )
            ctx.data["started"] = True  # startBaresip()

    def on_back(self, ctx: AppContext) -> bool:
        return ctx.activity == MAIN and w.dismiss(ctx.ui, "menu")

    # -- handlers ----------------------------------------------------------------------------
    def _position(self, ctx: AppContext) -> int:
        """``aorSpinner.selectedItemPosition``: -1 while the spinner has no account."""
        return 0 if ctx.data["accounts"] else -1

    def _call(self, ctx: AppContext) -> None:
        """``callButton``'s listener: ``UserAgent.uas()[aorSpinner.selectedItemPosition]``."""
        position = self._position(ctx)
        uas = ctx.data["accounts"]
        if position < 0:
            # The bug: ArrayList.get(-1) on the empty list of user agents.
            raise JavaException(
                AIOOBE,
                f"length={len(uas)}; index={position}",
                frames=[
                    "java.util.ArrayList.get(ArrayList.java:411)",
                    "com.tutpro.baresip.MainActivity$onCreate$8.onClick(MainActivity.kt:224)",
                    "android.view.View.performClick(View.java:5637)",
                    "android.view.View$PerformClick.run(View.java:22429)",
                    *callback_frames(25),
                ],
            )

    def _spinner_touched(self, ctx: AppContext) -> None:
        """The spinner's touch listener: with no account selected it opens the accounts."""
        if self._position(ctx) == -1:
            ctx.start_activity(".AccountsActivity")

    def _menu_item(self, ctx: AppContext, target: str) -> None:
        ctx.ui["menu"] = False
        if target == "quit":
            ctx.finish()
        elif target:
            ctx.start_activity(target)

    def _toggle_speaker(self, ctx: AppContext) -> None:
        ctx.memory["speaker"] = not ctx.memory.get("speaker", False)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity in STUBS:
            bar = w.toolbar(STUBS[ctx.activity], navigation=w.up_button(), rid="action_bar")
            return Screen(content=w.linear_layout([bar]))
        bar = w.toolbar(
            "baresip",
            actions=[
                w.action_item("speakerIcon", "", self._toggle_speaker),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
            rid="action_bar",
        )
        spinner = View(
            cls="android.widget.Spinner",
            resource_id="AoRList",
            height=126,
            on_click=self._spinner_touched,
        )
        uri_row = w.linear_layout(
            [
                w.edit_text(
                    "callUri",
                    ctx.ui["callee"],
                    lambda c, t: c.ui.update(callee=t),
                    hint="Callee",
                    cls="android.widget.AutoCompleteTextView",
                ),
            ],
            rid="uriRow",
            horizontal=True,
            weight=0,
        )
        call_area = w.relative_layout(
            [
                spinner,
                w.text_view("Outgoing call to …", "callTitle"),
                uri_row,
                w.image_button("callButton", "Call", self._call, width=200, height=200),
            ],
            rid="mainActivityLayout",
        )
        bottom = w.linear_layout(
            [
                w.image_button("contactsButton", "Contacts", self._open_contacts),
                # The Messages and Call History listeners do nothing at position -1.
                w.image_button("messagesButton", "Messages", self._nothing),
                w.image_button("callsButton", "Call History", self._nothing),
                w.image_button(
                    "dialpadButton",
                    "Dialpad",
                    lambda c: c.ui.update(dialpad=not c.ui["dialpad"]),
                ),
            ],
            horizontal=True,
            height=168,
        )
        content = w.relative_layout(
            [w.scroll_view([call_area], rid="scrollView"), bottom], rid="content_main"
        )
        windows = []
        if ctx.ui["menu"]:
            rows = [(title, w.bind(self._menu_item, target)) for title, target in MENU]
            windows.append(w.menu_window(rows, lambda c: c.ui.update(menu=False)))
        return Screen(content=w.linear_layout([bar, content]), windows=windows)

    def _nothing(self, ctx: AppContext) -> None:
        return None

    def _open_contacts(self, ctx: AppContext) -> None:
        ctx.start_activity(".ContactsActivity", {"aor": ""})


# -- baresip 78.1.2 (Jetpack Compose), for baresip-studio#667 ----------------------------------
ENC_CHOICES = [("zrtp", "ZRTP"), ("dtls_srtp", "DTLS-SRTPF"), ("srtp-mand", "SRTP-MAND")]
ENC_CHOICES += [("srtp", "SRTP"), ("", "--")]
NAT_CHOICES = [("stun", "STUN"), ("turn", "TURN"), ("ice", "ICE"), ("", "--")]
DTMF_CHOICES = [("rtp", "In-band RTP Events"), ("info", "SIP INFO Requests")]
DTMF_CHOICES += [("auto", "In-band RTP or SIP INFO")]
MODE_CHOICES = [("manual", "Manual"), ("auto", "Automatic")]
DROPDOWNS = {
    "mediaenc": ENC_CHOICES,
    "medianat": NAT_CHOICES,
    "dtmf": DTMF_CHOICES,
    "answer": MODE_CHOICES,
    "redirect": MODE_CHOICES,
}
# AccountContent's rows in order: (key, title, kind).
FORM = [
    ("nickname", "Nickname", "text"),
    ("display_name", "Display Name", "text"),
    ("auth_user", "Authentication Username", "text"),
    ("auth_pass", "Authentication Password", "password"),
    ("outbound1", "SIP URI of Proxy Server", "text"),
    ("outbound2", "SIP URI of another Proxy Server", "text"),
    ("register", "Register", "switch"),
    ("regint", "Registration Interval", "text"),
    ("check_origin", "Check Origin", "switch"),
    ("block_unknown", "Block Unknown", "switch"),
    ("codecs", "Audio Codecs", "link"),
    ("mediaenc", "Media Encryption", "dropdown"),
    ("medianat", "Media NAT Traversal", "dropdown"),
    ("stun_server", "STUN/TURN Server", "text"),
    ("stun_user", "STUN/TURN Username", "text"),
    ("stun_pass", "STUN/TURN Password", "text"),
    ("rtcp_mux", "RTCP Multiplexing", "switch"),
    ("rel100", "Reliable Provisional Responses", "switch"),
    ("dtmf", "DTMF Mode", "dropdown"),
    ("answer", "Answer Mode", "dropdown"),
    ("redirect", "Redirect Mode", "dropdown"),
    ("vm_uri", "Voicemail URI", "text"),
    ("country_code", "Country Code", "text"),
    ("tel_provider", "Telephony Provider", "text"),
    ("numeric_keypad", "Numeric Keypad", "switch"),
    ("default_account", "Default Account", "switch"),
    ("custom_params", "Custom Parameters", "text"),
]
# Rows shown only while Register is on or a Media NAT Traversal is chosen.
SHOWN_WHEN = {"regint": "register", "check_origin": "register"}
SHOWN_WHEN |= {"stun_server": "medianat", "stun_user": "medianat", "stun_pass": "medianat"}
NEW_ACCOUNT = "SIP URI of New Account"
MENU_78 = ["About", "Settings", "Accounts", "Backup", "Restore", "Logcat", "Restart", "Quit"]
COMPOSE_VIEW = "android.view.View"
COMPOSE_BUTTON = "android.widget.Button"


def mediaenc_not_saved(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of baresip-studio#667: an account saved with the check mark keeps another
    media encryption than the one its form held."""
    return any(
        a["form_mediaenc"] is not None and a["form_mediaenc"] != a["mediaenc"]
        for a in data["accounts"]
    )


def _new_values() -> dict[str, Any]:
    """A new account's form values: ``createNew``'s UA parameters (``regint=0``,
    ``check_origin`` on, the Google STUN server, no media NAT) and baresip's defaults."""
    values: dict[str, Any] = {key: "" for key, _, kind in FORM if kind in ("text", "password")}
    values |= {key: False for key, _, kind in FORM if kind == "switch"}
    values |= {"regint": "3600", "check_origin": True, "default_account": True}
    values |= {"dtmf": "rtp", "answer": "manual", "redirect": "manual", "medianat": ""}
    values["stun_server"] = "stun:stun.l.google.com:19302"
    return values


def tap(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    """A click on a Compose node (no resource ids) by its text or content description."""
    return click(PACKAGE, text=text, desc=desc, cls=cls)


# The Media Encryption row's drop-down opener ("--" also opens Media NAT Traversal's, below).
ENC_OPENER = [720, 320, 1080, 430]
NAT_OPENER = [720, 467, 1080, 577]
ACCOUNT = "alice@example.com"
NEW_ACCOUNT_STEPS = [
    allow_permission(PACKAGE),
    tap(desc="Menu"),
    tap("Accounts"),
    input_text(PACKAGE, "", ACCOUNT, hint=NEW_ACCOUNT),
    tap(desc="Add"),
]
SCROLL_DOWN: dict[str, Any] = {"kind": "swipe", "direction": "up"}
CHOOSE_SRTP_MAND = [
    SCROLL_DOWN,
    click(PACKAGE, text="--", cls="android.widget.TextView", bounds=ENC_OPENER),
    tap("SRTP-MAND"),
]
CHECK = tap(desc="Check", cls=COMPOSE_BUTTON)
BACK_ARROW = click(PACKAGE, cls=COMPOSE_BUTTON, bounds=[0, 63, 147, 210])


class BaresipCompose(VirtualApp):
    """baresip 78.1.2: the Compose main screen, the Accounts screen and an account's form."""

    name: ClassVar[str] = "baresip-studio"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "baresip"
    version: ClassVar[str] = "78.1.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "baresip-studio#667",
            "non-crash",
            "mediaenc never gets saved",
            mediaenc_not_saved,
            human_steps=(
                *NEW_ACCOUNT_STEPS,
                *CHOOSE_SRTP_MAND,
                CHECK,
                tap(ACCOUNT, cls="android.widget.TextView"),
                SCROLL_DOWN,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"accounts": [], "started": False}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.update(nav=["main"], menu=False, dropdown="", dialog=None, new_aor="")
        ctx.ui.update(callee="", form=None, aor="", form_scroll=0)
        if not ctx.data["started"] and not ctx.data["accounts"]:
            ctx.request_permission(RECORD_AUDIO)  # "Baresip is started for the first time"

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if granted:
            ctx.data["started"] = True  # BaresipService "Start"
        else:
            ctx.ui["dialog"] = {
                "title": "Permissions rationale",
                "message": 'baresip needs "Microphone" permission for voice calls.',
                "ok": "rationale",
            }

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "dropdown", ""):
            return True
        return self._navigate_up(ctx)

    def _navigate_up(self, ctx: AppContext) -> bool:
        moved = w.pop_back_stack(ctx.ui["nav"])
        if moved and ctx.ui["nav"][-1] != "account":
            ctx.ui["form"] = None
        return moved

    def _up(self, ctx: AppContext) -> None:
        self._navigate_up(ctx)

    # -- handlers ----------------------------------------------------------------------------
    def _go(self, ctx: AppContext, route: str) -> None:
        ctx.ui["menu"] = False
        ctx.ui["dropdown"] = ""
        ctx.ui["nav"].append(route)

    def _account(self, ctx: AppContext, aor: str) -> dict[str, Any]:
        return next(a for a in ctx.data["accounts"] if a["aor"] == aor)

    def _text(self, acc: dict[str, Any]) -> str:
        """``Account.text()``: the nickname, else the AoR without ``sip:``."""
        return str(acc["values"]["nickname"] or acc["aor"][4:])

    def _open_account(self, ctx: AppContext, aor: str) -> None:
        """``account/$aor/...``: the AccountViewModel loads the account (a new account's
        template from the network is not found, so its defaults stay)."""
        acc = self._account(ctx, aor)
        ctx.ui.update(aor=aor, form={**acc["values"], "mediaenc": acc["mediaenc"]})
        ctx.ui["form_scroll"] = 0
        self._go(ctx, "account")

    def _add_account(self, ctx: AppContext) -> None:
        """NewAccount's Add button: ``createNew``, then ``account/$aor/new``."""
        typed = ctx.ui["new_aor"].strip()
        aor = typed if typed.startswith("sip:") else f"sip:{typed}"
        user, _, domain = aor[4:].partition("@")
        if not user or not domain or " " in aor or ";" in domain:
            self._notice(ctx, f"Invalid user@domain[:port][;transport=udp|tcp|tls] '{aor[4:]}'")
            return
        if any(a["aor"] == aor for a in ctx.data["accounts"]):
            self._notice(ctx, f"Account '{aor[4:]}' already exists.")
            return
        account = {"aor": aor, "values": _new_values(), "mediaenc": "", "form_mediaenc": None}
        ctx.data["accounts"].append(account)
        ctx.ui["new_aor"] = ""
        ctx.hide_keyboard()
        self._open_account(ctx, aor)

    def _notice(self, ctx: AppContext, message: str) -> None:
        ctx.ui["dialog"] = {"title": "Notice", "message": message, "ok": ""}

    def _check(self, ctx: AppContext) -> None:
        """The check mark: ``checkOnClick`` copies the form into the account, then
        ``Account.saveAccounts()`` and back."""
        acc = self._account(ctx, ctx.ui["aor"])
        form = ctx.ui["form"]
        acc["values"] = {k: v for k, v in form.items() if k != "mediaenc"}
        # The bug: checkOnClick lost its Media Encryption update, so the account keeps its
        # old mediaenc and saveAccounts writes that one.
        acc["form_mediaenc"] = form["mediaenc"]
        if form["default_account"]:  # ua.makeDefault()
            ctx.data["accounts"].remove(acc)
            ctx.data["accounts"].insert(0, acc)
        ctx.hide_keyboard()
        self._navigate_up(ctx)

    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui["form"][key] = value
        ctx.ui["dropdown"] = ""

    def _typed(self, key: str) -> Any:
        return lambda ctx, text: self._set(ctx, key, text)

    def _dialog_ok(self, ctx: AppContext) -> None:
        action = ctx.ui["dialog"]["ok"]
        ctx.ui["dialog"] = None
        if action == "rationale":
            ctx.request_permission(RECORD_AUDIO)
        elif action.startswith("delete:"):
            ctx.data["accounts"] = [a for a in ctx.data["accounts"] if a["aor"] != action[7:]]

    def _ask_delete(self, ctx: AppContext, acc: dict[str, Any]) -> None:
        ctx.ui["dialog"] = {
            "title": "Confirmation",
            "message": f"Do you want to delete account '{self._text(acc)}'?",
            "ok": f"delete:{acc['aor']}",
        }

    def _menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item in ("About", "Settings", "Accounts"):
            self._go(ctx, item.lower())
        elif item == "Quit":
            ctx.finish()

    def _nothing(self, ctx: AppContext) -> None:
        return None

    def _close(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    # -- rendering ---------------------------------------------------------------------------
    def _bar(self, title: str, actions: list[View] | None = None, up: bool = True) -> View:
        """A Material 3 TopAppBar: the back arrow (no description), the title, the actions."""
        back = View(cls=COMPOSE_BUTTON, on_click=self._up, width=147) if up else None
        return w.toolbar(title, navigation=back, actions=actions or [], rid="", cls=COMPOSE_VIEW)

    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui["nav"][-1]
        pages = {
            "accounts": self._render_accounts,
            "account": self._render_account,
            "main": self._render_main,
        }
        if route in pages:
            content = pages[route](ctx)
        else:
            content = w.linear_layout([self._bar(route.capitalize())])
        return Screen(content=content, windows=self._windows(ctx))

    def _render_main(self, ctx: AppContext) -> View:
        # Call recording, microphone and speaker boxes, then the Menu button.
        actions = [View(cls=COMPOSE_VIEW, on_click=self._nothing, width=126) for _ in range(3)]
        menu = lambda c: c.ui.update(menu=True)  # noqa: E731
        actions.append(View(cls=COMPOSE_BUTTON, content_desc="Menu", on_click=menu, width=126))
        accounts = ctx.data["accounts"]
        if accounts:  # AccountSpinner: status icon (opens the account), name, arrow
            icon = View(cls=COMPOSE_VIEW, on_click=w.bind(self._open_account, accounts[0]["aor"]))
            icon.width = 100
            spinner = w.button(
                "", "", lambda c: c.ui.update(dropdown="aor"), height=131, layout="horizontal"
            )
            spinner.children = [icon, w.text_view(self._text(accounts[0]))]
        else:
            spinner = w.button("", "", w.bind(self._go, "accounts"), height=131)
        field = w.edit_text(
            "", ctx.ui["callee"], lambda c, t: c.ui.update(callee=t), hint="Call to …"
        )
        call = View(cls=COMPOSE_BUTTON, on_click=self._nothing, width=147, height=147)
        bottom = w.linear_layout(
            [
                View(cls=COMPOSE_BUTTON, on_click=w.bind(self._go, "contacts")),
                View(cls=COMPOSE_BUTTON, enabled=bool(accounts), on_click=self._nothing),
                View(cls=COMPOSE_BUTTON, enabled=bool(accounts), on_click=self._nothing),
                View(cls=COMPOSE_BUTTON, on_click=self._nothing),
            ],
            horizontal=True,
            height=168,
        )
        body = w.linear_layout([spinner, field, call, w.frame_layout()])
        return w.linear_layout([self._bar("baresip", actions, up=False), body, bottom])

    def _render_accounts(self, ctx: AppContext) -> View:
        rows = [
            w.linear_layout(
                [
                    w.text_view(self._text(a), on_click=w.bind(self._open_account, a["aor"])),
                    w.image_button("", "Delete", w.bind(self._ask_delete, a), width=147),
                ],
                horizontal=True,
                height=147,
            )
            for a in ctx.data["accounts"]
        ]
        typed = lambda c, t: c.ui.update(new_aor=t)  # noqa: E731
        new = w.linear_layout(
            [
                w.edit_text("", ctx.ui["new_aor"], typed, hint=NEW_ACCOUNT),
                w.image_button("", "Add", self._add_account, width=147),
            ],
            horizontal=True,
            height=168,
        )
        listing = w.list_view(rows, rid="", cls=COMPOSE_VIEW)
        return w.linear_layout([self._bar("Accounts"), listing, new])

    def _render_account(self, ctx: AppContext) -> View:
        form = ctx.ui["form"]
        acc = self._account(ctx, ctx.ui["aor"])
        rows: list[View] = [w.edit_text("", acc["aor"], None, hint="SIP URI", enabled=False)]
        for key, title, kind in FORM:
            if key in SHOWN_WHEN and not form[SHOWN_WHEN[key]]:
                continue
            if key == "outbound1":
                rows.append(w.text_view("Outbound Proxies"))
            rows.append(self._row(form, key, title, kind))
        check = View(cls=COMPOSE_BUTTON, content_desc="Check", on_click=self._check, width=147)
        scroll = w.scroll_view(rows, scrollable=True, scroll_key="form_scroll")
        return w.linear_layout([self._bar(self._text(acc), [check]), scroll])

    def _row(self, form: dict[str, Any], key: str, title: str, kind: str) -> View:
        if kind == "text":
            return w.edit_text("", form[key], self._typed(key), hint=title)
        if kind == "password":
            field = w.edit_text("", form[key], self._typed(key), hint=title, password=True)
            eye = w.image_button("", "Visibility", self._nothing, width=147)
            return w.linear_layout([field, eye], horizontal=True, height=150)
        if kind == "switch":
            switch = View(
                cls="android.widget.Switch",
                checkable=True,
                checked=form[key],
                on_click=w.bind(self._set, key, not form[key]),
                width=180,
            )
            return w.linear_layout([w.text_view(title), switch], horizontal=True, height=147)
        if kind == "link":
            return w.text_view(title, on_click=w.bind(self._go, "codecs"))
        label = dict(DROPDOWNS[key])[form[key]]
        opener = View(
            cls=COMPOSE_VIEW,
            on_click=w.bind(self._open_dropdown, key),
            width=360,
            children=[w.text_view(label)],
        )
        return w.linear_layout([w.text_view(title), opener], horizontal=True, height=147)

    def _open_dropdown(self, ctx: AppContext, key: str) -> None:
        ctx.ui["dropdown"] = key

    def _windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        closed = lambda c: c.ui.update(menu=False, dropdown="")  # noqa: E731
        if ctx.ui["menu"]:
            rows = [(item, w.bind(self._menu_item, item)) for item in MENU_78]
            windows.append(w.menu_window(rows, closed, title_rid=""))
        key = ctx.ui["dropdown"]
        if key == "aor":
            rows = [(self._text(a), closed) for a in ctx.data["accounts"]]
            windows.append(w.menu_window(rows, closed, title_rid=""))
        elif key:
            rows = [(text, w.bind(self._set, key, value)) for value, text in DROPDOWNS[key]]
            windows.append(w.menu_window(rows, closed, title_rid=""))
        dialog = ctx.ui["dialog"]
        if dialog:
            cancel = None if dialog["ok"] in ("", "rationale") else ("Cancel", self._close)
            ok = "Delete" if dialog["ok"].startswith("delete:") else "OK"
            windows.append(
                w.confirm_dialog(
                    dialog["title"], dialog["message"], (ok, self._dialog_ok), cancel, self._close
                )
            )
        return windows


MORE = click(PACKAGE, desc=w.MORE_OPTIONS)
WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "baresip-studio#80": [
        # The Messages button instead of the call button: it checks for an account first.
        [allow_permission(PACKAGE), click(PACKAGE, "messagesButton", desc="Messages")],
        # The accounts spinner, which opens the Accounts screen.
        [allow_permission(PACKAGE), click(PACKAGE, "AoRList", cls="android.widget.Spinner")],
        # A callee typed but the call button not pressed.
        [
            allow_permission(PACKAGE),
            {
                "kind": "input_text",
                "target": {"resource_id": f"{PACKAGE}:id/callUri"},
                "text": "alice@example.com",
            },
        ],
        # The options menu's Accounts item.
        [allow_permission(PACKAGE), MORE, click(PACKAGE, "title", "Accounts")],
    ],
    "baresip-studio#667": [
        # The back arrow instead of the check mark: the form is dropped, nothing is saved.
        [*NEW_ACCOUNT_STEPS, *CHOOSE_SRTP_MAND, BACK_ARROW],
        # Saved with the check mark but the encryption left at "--".
        [*NEW_ACCOUNT_STEPS, CHECK],
        # Media NAT Traversal changed instead of Media Encryption, then saved.
        [
            *NEW_ACCOUNT_STEPS,
            SCROLL_DOWN,
            click(PACKAGE, text="--", cls="android.widget.TextView", bounds=NAT_OPENER),
            tap("STUN"),
            CHECK,
        ],
        # The encryption chosen, the form left open (neither saved nor dropped).
        [*NEW_ACCOUNT_STEPS, *CHOOSE_SRTP_MAND],
    ],
}
