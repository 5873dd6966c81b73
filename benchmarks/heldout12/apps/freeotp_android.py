"""FreeOTP 2.0.1 for Android (org.fedorahosted.freeotp), modelled from freeotp/freeotp-android
at tag v2.0.1 (commit 33f4a9bd21e7efd9883db6848bc9ac340f5aadfb, the release current when the
report was filed): PasswordActivity, OnBoardingActivity (+ WelcomeFragment, KeystoreFragment,
BackupsFragment), main/Activity, ManualAdd, Token, res/layout/activity_password.xml,
activity_on_boarding.xml, fragment_*.xml, activity_main.xml, token.xml, activity_manual_add.xml,
res/menu/menu_main.xml, res/values/strings.xml.

Bug freeotp-android#338 (non-crash): ``ManualAdd.makeUri`` builds the token URI's label as
``"<issuer>:<account>"`` from the two fields as typed; ``main.Activity.addToken`` parses it with
``Token.parse`` whose constructor matches the path against ``^/(?:([^:]+):)?([^:]+)$``. With the
account (name) field empty the path is ``/Issuer:``, with the issuer (organisation) empty it is
``/:account``; neither matches, so ``InvalidLabelException`` is thrown and the "Token is
invalid!" dialog ("... Please alert your token provider.") is shown though the secret and the
other settings are valid; no token is added.

First run (a fresh install): the launcher activity PasswordActivity opens OnBoardingActivity on
top (3 ViewPager2 pages with a TabLayout; Back goes to the previous page; "GET STARTED" on the
last page records the onboarding and closes it). PasswordActivity asks for the backup password
and its confirmation (the confirmation field appears once a password is typed; Done is enabled
when both match) and then opens the main activity. Main: the empty-state text, the "+" FAB
(fab) that shows the two mini FABs (fab_manual: ManualAdd, fab_scan: the QR scanner), the
overflow menu (Backup, Restore, Auto Clipboard, About), token cards (issuer, label; a tap shows
the code). ManualAdd: account, issuer, secret, type (HOTP checked), digits (6), algorithm
(SHA256), interval (30), "Add Token"; an empty secret gives the "Secret must not be empty" toast.
``Token.parse`` also rejects secrets under 16 bytes, unknown algorithms and out-of-range digits
as unsafe ("Token is unsafe!" with Add Anyway / Cancel).

Stubbed: the QR scanner (fab_scan shows nothing), Backup and Restore (they open the system
document picker: here nothing), token selection (long press) and its edit/move/delete actions,
the share sheet. The password strength warning (zxcvbn-style Nbvcxz estimate) is not shown.
Assumed: the device has a camera (FreeOTP hides the "+" FAB on devices without one). Codes are
the RFC 4226/6238 codes at a fixed time step (the model has no clock).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import struct
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PKG = "org.fedorahosted.freeotp"
PASSWORD = f"{PKG}.PasswordActivity"
ONBOARDING = f"{PKG}.OnBoardingActivity"
MAIN = f"{PKG}.main.Activity"
MANUAL = f"{PKG}.ManualAdd"

LABEL_PATTERN = re.compile(r"^/(?:([^:]+):)?([^:]+)$")
ALGORITHMS = ["SHA1", "SHA224", "SHA256", "SHA384", "SHA512"]
INTERVALS = ["15", "30", "60", "120", "300"]
FIXED_TIME = 1_686_800_000  # stands in for the clock
FAB = "com.google.android.material.floatingactionbutton.FloatingActionButton"
TEXT_INPUT = "com.google.android.material.textfield.TextInputEditText"

INVALID_TITLE = "Token is invalid!"
INVALID_MESSAGE = (
    "The token you are attempting to add is invalid. Please alert your token provider."
)


def valid_token_rejected(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of freeotp-android#338: a manually entered token with a usable secret and no
    ':' in its fields was refused as invalid because its name or its issuer was left empty."""
    for attempt in data["rejected"]:
        fields = (attempt["account"], attempt["issuer"])
        if any(":" in f for f in fields) or _secret_bytes(attempt["secret"]) is None:
            continue
        if "" in fields:
            return True
    return False


def _secret_bytes(secret: str) -> bytes | None:
    """The key bytes of a Base32 secret as ``Token.parseUnsafe`` decodes it, or None."""
    text = secret.upper().rstrip("=")
    if not text:
        return None
    try:
        return base64.b32decode(text + "=" * (-len(text) % 8))
    except ValueError:
        return None


def _code(token: dict[str, Any]) -> str:
    key = _secret_bytes(token["secret"]) or b""
    algo = token["algorithm"].lower()
    counter = token["counter"] if token["type"] == "HOTP" else FIXED_TIME // token["period"]
    digest = hmac.new(key, struct.pack(">Q", counter), getattr(hashlib, algo)).digest()
    offset = digest[-1] & 0x0F
    number = struct.unpack(">I", digest[offset : offset + 4])[0] & 0x7FFFFFFF
    digits = int(token["digits"])
    code = f"{number % 10**digits:0{digits}d}"
    half = digits // 2
    return f"{code[:half]} {code[half:]}"


class FreeOTP(VirtualApp):
    """FreeOTP 2.0.1: onboarding, backup password, token list, manual token entry."""

    name: ClassVar[str] = "freeotp-android"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "FreeOTP"
    version: ClassVar[str] = "2.0.1"
    launch_activity: ClassVar[str] = PASSWORD
    bugs: ClassVar[tuple[BugSpec, ...]] = ()  # set below the class (the steps are long)

    def initial_data(self) -> dict[str, Any]:
        return {
            "onboarded": False,
            "backup_password": None,  # TokenPersistence provisioned when set
            "tokens": [],
            "auto_clipboard": False,
            "rejected": [],  # manual entries refused as invalid (what the user typed)
        }

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == PASSWORD:
            ctx.ui.update(password="", confirm="")
            if ctx.data["backup_password"] is not None:  # mTokenBackup.isProvisioned()
                ctx.start_activity(MAIN)
                ctx.finish()
            if not ctx.data["onboarded"]:
                ctx.start_activity(ONBOARDING)
        elif ctx.activity == ONBOARDING:
            ctx.ui["page"] = 0
        elif ctx.activity == MAIN:
            ctx.ui.update(fabs=False, menu=False, active=[], snackbar="")
        elif ctx.activity == MANUAL:
            ctx.ui.update(
                account="",
                issuer="",
                secret="",
                type="HOTP",
                digits="6",
                algorithm=2,
                interval=1,
                spinner=None,
            )

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == MANUAL:
            keys = ("account", "issuer", "secret", "type", "digits", "algorithm", "interval")
            return {k: ctx.ui[k] for k in keys}
        if ctx.activity == PASSWORD:
            return {"password": ctx.ui.get("password", ""), "confirm": ctx.ui.get("confirm", "")}
        return {}

    # -- PasswordActivity ----------------------------------------------------------------------
    def _set_password(self, ctx: AppContext, text: str) -> None:
        # afterTextChanged: the confirmation is cleared and hidden until the estimate is back
        ctx.ui.update(password=text, confirm="")

    def _set_confirm(self, ctx: AppContext, text: str) -> None:
        ctx.ui["confirm"] = text

    def _done(self, ctx: AppContext) -> None:
        ctx.data["backup_password"] = ctx.ui["password"]  # mTokenBackup.provision(password)
        ctx.start_activity(MAIN)
        ctx.finish()

    def _password(self, ctx: AppContext) -> Screen:
        password = str(ctx.ui.get("password", ""))
        confirm = str(ctx.ui.get("confirm", ""))
        match = bool(confirm) and confirm == password
        body: list[View] = [
            w.toolbar("", rid="toolbar"),
            w.text_view(
                "Token backups allow you to recover from data loss and effortlessly transfer "
                "your tokens to a new device.\n\nBackups are encrypted using the password "
                "provided below. The security of your backups depends on a strong password."
                "\n\nThe FreeOTP security model dictates this password CANNOT be changed at a "
                "later time. Please take this into consideration when choosing a password.",
                "info",
                height=420,
            ),
            w.linear_layout(
                [
                    w.edit_text(
                        "password", password, self._set_password, hint="Password", cls=TEXT_INPUT
                    )
                ],
                rid="password_layout",
            ),
        ]
        if password:
            confirm_children = [
                w.edit_text(
                    "confirm",
                    confirm,
                    self._set_confirm,
                    hint="Confirm Password",
                    cls=TEXT_INPUT,
                )
            ]
            if confirm and not match:
                confirm_children.append(w.text_view("Passwords do not match!", "textinput_error"))
            body.append(w.linear_layout(confirm_children, rid="confirm_layout"))
        body.append(w.button("done", "Done", self._done, enabled=match))
        return Screen(content=w.linear_layout(body))

    # -- OnBoardingActivity --------------------------------------------------------------------
    def _onboard_done(self, ctx: AppContext) -> None:
        ctx.data["onboarded"] = True  # COMPLETED_ONBOARDING
        ctx.finish()

    def _onboarding(self, ctx: AppContext) -> Screen:
        page = int(ctx.ui.get("page", 0))
        if page == 0:
            views = [
                w.image_view("freeotp_icon"),
                w.text_view("Welcome to FreeOTP 2.0", "textViewTitle"),
            ]
        elif page == 1:
            views = [
                w.image_view("imageView", "keystore image"),
                w.text_view("Android Keystore", "textViewTitle"),
                w.text_view(
                    "FreeOTP tokens are now migrated into the Android Keystore! This results in "
                    "increased security of token secrets, however key material is non-exportable."
                    " \n\nBackup and restore functionality is now added to ensure tokens can be "
                    "recovered. You will be prompted to create a master password to setup "
                    "encrypted token backups.",
                    "textView",
                ),
            ]
        else:
            views = [
                w.image_view("imageView", "backup imageView"),
                w.text_view("Backup and Restore", "textViewTitle"),
                w.text_view(
                    "FreeOTP can participate in Android automatic backup and restore "
                    "functionality. This  Google link contains information on how to utilize "
                    "this backup method.",
                    "textViewGoogle",
                ),
                w.text_view(
                    "Alternatively, an encrypted backup data file can be exported to external "
                    "storage from within the App. The top toolbar menu now contains items labeled "
                    "'Backup' and 'Restore' to utilize this manual backup method.",
                    "textViewExternal",
                ),
                w.button("button_onboard_done", "GET STARTED", self._onboard_done),
            ]
        pager = View(
            cls="androidx.viewpager2.widget.ViewPager2",
            resource_id="pager",
            children=[w.frame_layout([w.linear_layout(views)])],
        )
        tabs = w.tabs(
            ["", "", ""],
            page,
            lambda c, i: c.ui.update(page=i),
            rid="tab_layout",
            height=126,
        )
        return Screen(content=w.linear_layout([pager, tabs]))

    # -- main.Activity -------------------------------------------------------------------------
    def _toggle_fabs(self, ctx: AppContext) -> None:
        ctx.ui["fabs"] = not ctx.ui.get("fabs")

    def _manual(self, ctx: AppContext) -> None:
        ctx.ui["fabs"] = False
        ctx.start_activity(MANUAL)

    def _scan(self, ctx: AppContext) -> None:
        ctx.ui["fabs"] = False  # ScanDialogFragment: the camera preview is not modelled

    def _menu_pick(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "about":
            ctx.memory["dialog"] = "about"
        elif item == "clipboard":
            ctx.data["auto_clipboard"] = not ctx.data["auto_clipboard"]
            state = "Enabled" if ctx.data["auto_clipboard"] else "Disabled"
            ctx.ui["snackbar"] = f"Automatic copy-to-clipboard: {state}"

    def _activate(self, ctx: AppContext, index: int) -> None:
        token = ctx.data["tokens"][index]
        if token["type"] == "HOTP":
            token["counter"] += 1  # Token.getCode: mCounter++
        if index not in ctx.ui["active"]:
            ctx.ui["active"].append(index)

    def _card(self, ctx: AppContext, index: int, token: dict[str, Any]) -> View:
        if index in ctx.ui.get("active", []):
            shown = token.copy()
            shown["counter"] = token["counter"] - 1 if token["type"] == "HOTP" else 0
            inner = w.relative_layout(
                [
                    w.image_button("share", "Share Code"),
                    w.text_view(_code(shown), "code"),
                    View(
                        cls="android.widget.ProgressBar",
                        resource_id="progress_linear",
                    ),
                ],
                rid="active",
            )
        else:
            inner = w.relative_layout(
                [
                    w.frame_layout([w.image_view("image")], rid="icons"),
                    w.text_view(token["issuer"] or "", "issuer"),
                    w.text_view(token["label"], "label"),
                ],
                rid="passive",
            )
        return w.frame_layout([inner], height=280, on_click=w.bind(self._activate, index))

    def _main(self, ctx: AppContext) -> Screen:
        tokens = ctx.data["tokens"]
        bar = w.toolbar(
            "FreeOTP",
            actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
        )
        body: list[View] = [bar]
        if tokens:
            body.append(
                w.list_view(
                    [self._card(ctx, i, t) for i, t in enumerate(tokens)],
                    rid="recycler",
                    cls="androidx.recyclerview.widget.RecyclerView",
                )
            )
        else:
            body.append(
                w.text_view(
                    "Welcome to FreeOTP!\n\nAdd a token to get started.", "android:id/empty"
                )
            )
        fabs: list[View] = []
        if ctx.ui.get("fabs"):
            fabs += [
                w.fab("fab_manual", "", self._manual, size=147, gravity="bottom_end"),
                w.fab("fab_scan", "", self._scan, size=147, gravity="bottom_end"),
            ]
        fabs.append(w.fab("fab", "", self._toggle_fabs))
        # The FAB column (activity_main.xml's bottom-end LinearLayout): the two mini FABs above
        # the "+" FAB once it is tapped.
        column = w.linear_layout(
            fabs, gravity="bottom_end", width=220, height=220 + (180 * 2 if len(fabs) > 1 else 0)
        )
        content = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            layout=FRAME,
            children=[w.linear_layout(body), column],
        )
        return Screen(content=content, windows=self._main_windows(ctx))

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        # The main activity's AlertDialogs, kept in process memory: addToken runs as the
        # ManualAdd result is delivered, before the main activity is shown again.
        close = lambda c: c.memory.update(dialog=None)  # noqa: E731
        dialog = ctx.memory.get("dialog")
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Backup", w.bind(self._menu_pick, "backup")),
                        ("Restore", w.bind(self._menu_pick, "restore")),
                        ("Auto Clipboard", w.bind(self._menu_pick, "clipboard")),
                        ("About", w.bind(self._menu_pick, "about")),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        if dialog == "invalid":
            windows.append(
                w.alert_dialog(
                    w.dialog_title(INVALID_TITLE),
                    [w.dialog_message(INVALID_MESSAGE)],
                    w.dialog_buttons(("Ok", close)),
                    close,
                )
            )
        elif dialog == "unsafe":
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Token is unsafe!"),
                    [
                        w.dialog_message(
                            "The token you are attempting to add contains weak cryptographic "
                            "parameters. Use of this token is strongly discouraged! Please alert "
                            "your token provider."
                        )
                    ],
                    w.dialog_buttons(("Add Anyway", self._add_anyway), ("Cancel", close)),
                    close,
                )
            )
        elif dialog == "about":
            windows.append(
                w.alert_dialog(
                    w.dialog_title("FreeOTP Version 2.0.1 (42)"),
                    [
                        w.dialog_message(
                            "© 2013–2022 - Red Hat, Inc., et al.\n\nFreeOTP is licensed under "
                            "Apache 2.0.\n\nFor more information, see our website."
                        )
                    ],
                    w.dialog_buttons(("Close", close)),
                    close,
                )
            )
        return windows

    def _add_anyway(self, ctx: AppContext) -> None:
        ctx.memory["dialog"] = None
        pending = ctx.memory.pop("unsafe_token", None)
        if pending is not None:
            ctx.data["tokens"].append(pending)

    def add_token(self, ctx: AppContext, uri: dict[str, str]) -> None:
        """``main.Activity.addToken(uri, true)``: ``Token.parse`` then ``Adapter.add``."""
        match = LABEL_PATTERN.match("/" + uri["label"])
        if match is None:  # Token(Uri): InvalidLabelException
            ctx.data["rejected"].append(
                {"account": uri["account"], "issuer": uri["issuer"], "secret": uri["secret"]}
            )
            ctx.memory["dialog"] = "invalid"
            return
        key = _secret_bytes(uri["secret"])
        if key is None:  # parseUnsafe: InvalidSecretException
            ctx.memory["dialog"] = "invalid"
            return
        token = {
            "issuer": match.group(1),
            "label": match.group(2),
            "secret": uri["secret"],
            "type": uri["type"],
            "digits": int(uri["digits"]),
            "algorithm": uri["algorithm"],
            "period": int(uri["period"]),
            "counter": 0,
        }
        if len(key) < 16:  # RFC 4226 R6: UnsafeSecretException
            ctx.memory["unsafe_token"] = token
            ctx.memory["dialog"] = "unsafe"
            return
        ctx.data["tokens"].append(token)

    # -- ManualAdd -----------------------------------------------------------------------------
    def _add_token_pressed(self, ctx: AppContext) -> None:
        """``ManualAdd.addToken``: the URI goes back to the main activity as the result."""
        if not ctx.ui["secret"]:
            ctx.toast("Secret must not be empty")
            return
        uri = {
            "account": ctx.ui["account"],
            "issuer": ctx.ui["issuer"],
            "label": f"{ctx.ui['issuer']}:{ctx.ui['account']}",
            "secret": ctx.ui["secret"],
            "type": ctx.ui["type"],
            "digits": ctx.ui["digits"],
            "algorithm": ALGORITHMS[int(ctx.ui["algorithm"])],
            "period": INTERVALS[int(ctx.ui["interval"])],
        }
        ctx.finish()
        # setResult(RESULT_OK, uri): the main activity's launcher callback runs addToken
        self.add_token(ctx, uri)

    def _field(self, key: str) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            ctx.ui[key] = text

        return handler

    def _labelled_row(self, label_rid: str, label: str, control: View) -> View:
        return w.linear_layout(
            [w.text_view(label, label_rid, height=126), control], horizontal=True, height=126
        )

    def _radio_group(
        self, rid: str, key: str, choices: list[tuple[str, str]], ctx: AppContext
    ) -> View:
        return View(
            cls="android.widget.RadioGroup",
            resource_id=rid,
            layout=HORIZONTAL,
            height=126,
            children=[
                w.radio_button(
                    button_rid,
                    text,
                    ctx.ui[key] == text,
                    w.bind(lambda c, k, v: c.ui.update({k: v}), key, text),
                )
                for button_rid, text in choices
            ],
        )

    def _manual_add(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        body: list[View] = [
            w.toolbar("FreeOTP", navigation=w.up_button()),
            self._text_field(ui, "account", "jdoe@example.com"),
            self._text_field(ui, "issuer", "Example Inc"),
            self._labelled_row("text_secret", "Secret", self._text_field(ui, "secret", "(Base32)")),
            self._labelled_row(
                "text_type",
                "Type",
                self._radio_group(
                    "radio_grp_type",
                    "type",
                    [("button_totp", "TOTP"), ("button_hotp", "HOTP")],
                    ctx,
                ),
            ),
            self._labelled_row(
                "text_digits",
                "Digits",
                self._radio_group(
                    "radio_grp_digits",
                    "digits",
                    [("button_six", "6"), ("button_eight", "8")],
                    ctx,
                ),
            ),
            self._labelled_row(
                "text_algorithm",
                "Algorithm",
                self._spinner(
                    "spinner_algorithms", "Token algorithm", ALGORITHMS, "algorithm", ctx
                ),
            ),
            self._labelled_row(
                "text_interval",
                "Interval",
                self._spinner("spinner_intervals", "Token Interval", INTERVALS, "interval", ctx),
            ),
            w.button("button_add", "Add Token", self._add_token_pressed, height=126),
        ]
        windows: list[Window] = []
        open_spinner = ui.get("spinner")
        if open_spinner:
            choices = ALGORITHMS if open_spinner == "algorithm" else INTERVALS
            windows.append(
                w.spinner_dropdown(
                    choices,
                    int(ui[open_spinner]),
                    lambda c, i: c.ui.update({open_spinner: i, "spinner": None}),
                    lambda c: c.ui.update(spinner=None),
                )
            )
        return Screen(content=w.scroll_view([w.linear_layout(body)]), windows=windows)

    def _text_field(self, ui: dict[str, Any], key: str, hint: str) -> View:
        """The ``edit_text_{key}`` field of the form, kept in ``ui[key]``."""
        return w.edit_text(f"edit_text_{key}", ui[key], self._field(key), hint=hint, height=126)

    def _spinner(self, rid: str, desc: str, choices: list[str], key: str, ctx: AppContext) -> View:
        spinner = w.spinner(rid, choices[int(ctx.ui[key])], lambda c: c.ui.update(spinner=key))
        spinner.content_desc = desc
        return spinner

    # -- dispatch ------------------------------------------------------------------------------
    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == ONBOARDING:
            return w.pager_swipe(ctx.ui, "page", 3, "right")
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.memory, "dialog", None)
        if ctx.activity == MANUAL:
            return w.dismiss(ctx.ui, "spinner", None)
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == ONBOARDING:
            return w.pager_swipe(ctx.ui, "page", 3, direction)
        return False

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ONBOARDING:
            return self._onboarding(ctx)
        if ctx.activity == MANUAL:
            return self._manual_add(ctx)
        if ctx.activity == MAIN:
            return self._main(ctx)
        return self._password(ctx)


SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"  # 20 bytes: a safe key

_FIRST_RUN = [
    {"kind": "swipe", "direction": "left"},
    {"kind": "swipe", "direction": "left"},
    click(PKG, "button_onboard_done", "GET STARTED"),
    input_text(PKG, "password", "correct horse battery", cls=TEXT_INPUT),
    input_text(PKG, "confirm", "correct horse battery", cls=TEXT_INPUT),
    {"kind": "press_back"},
    click(PKG, "done", "Done"),
    click(PKG, "fab", cls=FAB),
    click(PKG, "fab_manual", cls=FAB),
]


def _manual(account: str, issuer: str, secret: str) -> list[dict[str, Any]]:
    """Fill ManualAdd's account, issuer and secret (empty ones left alone), hide the keyboard."""
    steps = []
    if account:
        steps.append(input_text(PKG, "edit_text_account", account))
    if issuer:
        steps.append(input_text(PKG, "edit_text_issuer", issuer))
    if secret:
        steps.append(input_text(PKG, "edit_text_secret", secret))
    steps.append({"kind": "press_back"})
    return steps


_ADD = click(PKG, "button_add", "Add Token")

FreeOTP.bugs = (
    BugSpec(
        "freeotp-android#338",
        "non-crash",
        '"Token is invalid" error if not filling user and organisation',
        valid_token_rejected,
        human_steps=(*_FIRST_RUN, *_manual("alice", "", SECRET), _ADD),
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "freeotp-android#338": [
        # both the name and the organisation filled in: the token is added
        [*_FIRST_RUN, *_manual("alice", "Example", SECRET), _ADD],
        # no secret: the toast, nothing added or refused
        [*_FIRST_RUN, *_manual("alice", "", ""), _ADD],
        # the form filled in but left with the up arrow instead of Add Token
        [*_FIRST_RUN, *_manual("alice", "", SECRET), click(PKG, desc="Navigate up")],
        # a colon in the name: a label the URI format does not allow
        [*_FIRST_RUN, *_manual("a:b", "Example", SECRET), _ADD],
    ],
}
