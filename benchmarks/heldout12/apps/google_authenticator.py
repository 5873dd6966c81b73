"""Google Authenticator for Android (com.google.android.apps.authenticator2), the open-source
client of the google/google-authenticator project, modelled from its sources.

Version: the report names 2.44 (Android 4.2.1); the sources published for that line are tagged
v2.21 in google/google-authenticator-android (commit 69a69977470dc0b6c0cbccd165ef6d8baa5b451e),
the nearest release with sources, which this model follows (AccountDb, AuthenticatorActivity,
AddOtherAccountActivity, EnterKeyActivity, wizard/WizardPageActivity, res/layout/main.xml,
enter_key.xml, add_other_account.xml, wizard_page.xml, user_row.xml, res/menu/main.xml,
res/values/strings.xml).

Bug google-authenticator#263 (non-crash): ``EnterKeyActivity.onRightButtonPressed`` saves a new
account through ``AuthenticatorActivity.saveSecret(ctx, name, key, null, type, counter)``;
``saveSecret`` turns the missing original name into the new name (``originalUser = user``) and
``AccountDb.update`` runs ``UPDATE accounts SET ... WHERE email = <name>`` and inserts only when
no row was updated. So adding an account whose name is already in the list overwrites that
account's secret and type instead of adding a second entry: the first account's key is lost.

Screens: the main activity (the empty-state welcome text with "See how it works" and
"Add an account", or the prompt above the accounts list), its overflow menu (Add account,
How it works, Settings), AddOtherAccountActivity (Scan barcode / Manually add account, the
wizard's Back button), EnterKeyActivity (account name, key, "Time based"/"Counter based"
spinner, Back / Add). The Add button validates the key as ``validateKeyAndUpdateStatus`` does
(1 read as I, 0 as O, Base32, at least 10 bytes) and shows the EditText's error text below the
field (on a device a popup). The window resizes for the keyboard, so the wizard's button bar is
drawn right below the page. ``exitWizard`` (FLAG_ACTIVITY_CLEAR_TOP) finishes both wizard
pages. "Scan barcode" returns to the main screen with the "Install barcode scanner?" dialog,
as when no ZXing scanner is installed (Install, which opens the market, only closes it here).

Stubbed: How it works and Settings (a title and Navigate up), the long-press context menu of a
row (copy / check key / rename / remove). A counter-based row shows "_ _ _ _ _ _" until its
next_otp button is tapped, as ``computeAndDisplayPin`` does.
Uncertain: 2.44's own strings and layouts may differ from 2.21's (the report says "Set up
account"; 2.21's labels are "Add an account" and "Add account"). Codes: shown as the RFC 4226
code of the key at a fixed time step (the model has no clock), which changes with the key.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import Screen, View, Window

PKG = "com.google.android.apps.authenticator2"
JAVA = "com.google.android.apps.authenticator"
MAIN = f"{JAVA}.AuthenticatorActivity"
ADD_OTHER = f"{JAVA}.AddOtherAccountActivity"
ENTER_KEY = f"{JAVA}.EnterKeyActivity"
HOW_IT_WORKS = f"{JAVA}.howitworks.IntroEnterPasswordActivity"
SETTINGS = f"{JAVA}.SettingsActivity"

TYPES = ["Time based", "Counter based"]
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
MIN_KEY_BYTES = 10
FIXED_COUNTER = 45_000_000  # stands in for the current 30 s time step
ACTION_BAR = "android:id/action_bar"


def account_key_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of google-authenticator#263: a key the user added as a new account is no
    longer stored under any account (another new account with the same name overwrote it)."""
    stored = {a["secret"] for a in data["accounts"]}
    return any(added["secret"] not in stored for added in data["added"])


def _decode_base32(key: str) -> bytes | None:
    """``Base32String.decode``: spaces and dashes dropped, case ignored; None on a bad char."""
    cleaned = key.replace(" ", "").replace("-", "").upper()
    bits = 0
    value = 0
    out = bytearray()
    for ch in cleaned:
        index = BASE32.find(ch)
        if index < 0:
            return None
        value = (value << 5) | index
        bits += 5
        if bits >= 8:
            out.append((value >> (bits - 8)) & 0xFF)
            bits -= 8
    return bytes(out)


def _code(secret: str, counter: int) -> str:
    """The 6-digit HOTP of ``secret`` at ``counter`` (``PasscodeGenerator``)."""
    key = _decode_base32(secret) or b""
    digest = hmac.new(key, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    number = struct.unpack(">I", digest[offset : offset + 4])[0] & 0x7FFFFFFF
    return f"{number % 1_000_000:06d}"


class GoogleAuthenticator(VirtualApp):
    """Google Authenticator 2.21: accounts list, the add-account wizard, manual key entry."""

    name: ClassVar[str] = "google-authenticator"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Authenticator"
    version: ClassVar[str] = "2.21"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "google-authenticator#263",
            "non-crash",
            "Authenticator app should handle account name collisions better",
            account_key_lost,
            human_steps=(
                click(PKG, "add_account_button", "Add an account"),
                click(PKG, "manually_add_account", "Manually add account"),
                input_text(PKG, "account_name", "me@gmail.com"),
                input_text(PKG, "key_value", "JBSWY3DPEHPK3PXP"),
                click(PKG, "button_right", "Add"),
                click(PKG, desc="More options"),
                click(PKG, "android:id/title", "Add account"),
                click(PKG, "manually_add_account", "Manually add account"),
                input_text(PKG, "account_name", "me@gmail.com"),
                input_text(PKG, "key_value", "KRSXG5CTMVRXEZLU"),
                click(PKG, "button_right", "Add"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # accounts: the AccountDb rows in insertion order; added: every key saved as a new account
        return {"accounts": [], "added": []}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == ENTER_KEY:
            ctx.ui.update(name="", key="", type=0, error="", spinner=False)
        elif ctx.activity == MAIN:
            ctx.ui.update(menu=False)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == ENTER_KEY:
            return {k: ctx.ui.get(k) for k in ("name", "key", "type", "error")}
        return {}

    # -- main --------------------------------------------------------------------------------
    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _menu_go(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(activity)

    def _next_otp(self, ctx: AppContext, email: str) -> None:
        """The HOTP row's refresh button: ``computeAndDisplayPin(user, position, true)``."""
        for account in ctx.data["accounts"]:
            if account["email"] == email:
                account["counter"] += 1
        ctx.memory.setdefault("hotp_shown", []).append(email)

    def _user_row(self, ctx: AppContext, account: dict[str, Any]) -> View:
        """``res/layout/user_row.xml``: the account name, then its code and its indicator."""
        email = account["email"]
        if account["type"] == "hotp":
            shown = email in ctx.memory.get("hotp_shown", [])
            pin = _code(account["secret"], account["counter"]) if shown else "_ _ _ _ _ _"
            indicator = w.image_button("next_otp", handler=w.bind(self._next_otp, email))
        else:
            pin = _code(account["secret"], FIXED_COUNTER)
            indicator = View(cls=f"{JAVA}.CountdownIndicator", resource_id="countdown_icon")
        pin_area = w.linear_layout(
            [w.text_view(pin, "pin_value"), indicator], rid="pin_area", horizontal=True
        )
        return View(
            cls=f"{JAVA}.UserRowView",
            height=260,
            children=[w.text_view(email, "current_user"), pin_area],
        )

    def _main(self, ctx: AppContext) -> Screen:
        accounts = ctx.data["accounts"]
        bar = w.toolbar(
            "Google Authenticator",
            rid=ACTION_BAR,
            actions=[w.overflow_button(self._open_menu)],
        )
        if accounts:
            top = w.linear_layout(
                [
                    w.text_view(
                        "Enter this verification code if prompted during account sign-in:",
                        "enter_pin_prompt",
                    )
                ],
                rid="content_accounts_present",
            )
            rows = [self._user_row(ctx, a) for a in accounts]
            body: list[View] = [
                w.scroll_view([top], weight=0),
                w.list_view(rows, rid="user_list"),
            ]
        else:
            welcome = w.linear_layout(
                [
                    w.text_view("Thousands of online accounts are hijacked every day."),
                    w.text_view(
                        "2-step verification protects your Google account even if your "
                        "password is stolen.",
                        "details",
                    ),
                    w.button(
                        "how_it_works_button",
                        "See how it works",
                        lambda c: c.start_activity(HOW_IT_WORKS),
                    ),
                    w.button(
                        "add_account_button",
                        "Add an account",
                        lambda c: c.start_activity(ADD_OTHER),
                    ),
                ],
                rid="content_no_accounts",
            )
            body = [w.scroll_view([welcome])]
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Add account", w.bind(self._menu_go, ADD_OTHER), "add_account"),
                        ("How it works", w.bind(self._menu_go, HOW_IT_WORKS), "how_it_works"),
                        ("Settings", w.bind(self._menu_go, SETTINGS), "settings"),
                    ],
                    lambda c: c.ui.update(menu=False),
                    title_rid="android:id/title",
                )
            )
        if ctx.memory.get("install_dialog"):
            # scanBarcode() found no "com.google.zxing.client.android.SCAN" handler
            close = lambda c: c.memory.update(install_dialog=False)  # noqa: E731
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Install barcode scanner?"),
                    [
                        w.dialog_message(
                            "To scan barcodes containing keys, you must install the ZXing "
                            "barcode scanner."
                        )
                    ],
                    w.dialog_buttons(("Install", close), ("Cancel", close)),
                    close,
                )
            )
        return Screen(content=w.linear_layout([bar, *body]), windows=windows)

    # -- wizard pages ------------------------------------------------------------------------
    @staticmethod
    def _wizard(title: str, page: View, right: View | None) -> Screen:
        buttons: list[View] = [w.button("button_left", "Back", w.finish)]
        if right is not None:
            buttons.append(right)
        bar = w.linear_layout(
            buttons, rid="button_bar_left_right_buttons", horizontal=True, height=147
        )
        # The window resizes for the soft keyboard (a ScrollView page), so the button bar sits
        # right above it; drawn here right below the page, where the keyboard leaves it visible.
        content = w.linear_layout(
            [
                w.toolbar(title, rid=ACTION_BAR),
                w.frame_layout([page], rid="page_content", weight=0),
                bar,
                w.frame_layout([]),
            ]
        )
        return Screen(content=content)

    def _scan_barcode(self, ctx: AppContext) -> None:
        # startActivity(getLaunchIntentActionScanBarcode(this)); finish(); the main activity is
        # singleTask: its instance below gets onNewIntent (ACTION_SCAN_BARCODE) and shows the
        # download dialog (kept in process memory, as showDialog's managed dialog is).
        ctx.memory["install_dialog"] = True
        ctx.finish()

    def _add_other(self, ctx: AppContext) -> Screen:
        page = w.linear_layout(
            [
                w.button("scan_barcode", "Scan barcode", self._scan_barcode),
                w.button(
                    "manually_add_account",
                    "Manually add account",
                    lambda c: c.start_activity(ENTER_KEY),
                ),
            ]
        )
        # mRightButton.setVisibility(View.INVISIBLE)
        return self._wizard("Add account", page, None)

    def _set_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["name"] = text

    def _set_key(self, ctx: AppContext, text: str) -> None:
        ctx.ui["key"] = text
        self._validate(ctx, submitting=False)

    def _entered_key(self, ctx: AppContext) -> str:
        return str(ctx.ui.get("key", "")).replace("1", "I").replace("0", "O")

    def _validate(self, ctx: AppContext, submitting: bool) -> bool:
        decoded = _decode_base32(self._entered_key(ctx))
        if decoded is None:
            ctx.ui["error"] = "Key value has illegal character"
            return False
        if len(decoded) < MIN_KEY_BYTES:
            ctx.ui["error"] = "Key value is too short" if submitting else ""
            return False
        ctx.ui["error"] = ""
        return True

    def _add(self, ctx: AppContext) -> None:
        """``EnterKeyActivity.onRightButtonPressed``."""
        if not self._validate(ctx, submitting=True):
            return
        name = str(ctx.ui.get("name", ""))
        secret = self._entered_key(ctx)
        otp_type = "hotp" if ctx.ui.get("type") == 1 else "totp"
        self._save_secret(ctx, name, secret, None, otp_type)
        # exitWizard(): AuthenticatorActivity (singleTask) with FLAG_ACTIVITY_CLEAR_TOP, then
        # finish(): both wizard pages go (the second finish closes the page left on top).
        ctx.finish()
        ctx.finish()

    def _save_secret(
        self, ctx: AppContext, user: str, secret: str, original: str | None, otp_type: str
    ) -> None:
        """``AuthenticatorActivity.saveSecret`` then ``AccountDb.update``."""
        if original is None:  # new user account
            original = user
        row = {"email": user, "secret": secret, "type": otp_type, "counter": 0}
        accounts = ctx.data["accounts"]
        updated = 0
        for index, account in enumerate(accounts):
            if account["email"] == original:  # UPDATE ... WHERE email = original
                accounts[index] = dict(row)
                updated += 1
        if updated == 0:
            accounts.append(dict(row))
        ctx.data["added"].append({"email": user, "secret": secret})
        ctx.toast("Secret saved")

    def _choose_type(self, ctx: AppContext, index: int) -> None:
        ctx.ui.update(type=index, spinner=False)

    def _enter_key(self, ctx: AppContext) -> Screen:
        fields: list[View] = [
            w.edit_text(
                "account_name", ctx.ui.get("name", ""), self._set_name, hint="Enter account name"
            ),
            w.edit_text("key_value", ctx.ui.get("key", ""), self._set_key, hint="Enter your key"),
        ]
        if ctx.ui.get("error"):
            fields.append(w.text_view(str(ctx.ui["error"])))
        fields.append(
            w.spinner(
                "type_choice",
                TYPES[int(ctx.ui.get("type", 0))],
                lambda c: c.ui.update(spinner=True),
            )
        )
        page = w.scroll_view([w.linear_layout(fields)])
        screen = self._wizard(
            "Manual account entry", page, w.button("button_right", "Add", self._add)
        )
        if ctx.ui.get("spinner"):
            screen.windows.append(
                w.spinner_dropdown(
                    TYPES,
                    int(ctx.ui.get("type", 0)),
                    self._choose_type,
                    lambda c: c.ui.update(spinner=False),
                )
            )
        return screen

    # -- dispatch ----------------------------------------------------------------------------
    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("menu"):
            return w.dismiss(ctx.ui, "menu")
        if ctx.activity == ENTER_KEY and ctx.ui.get("spinner"):
            return w.dismiss(ctx.ui, "spinner")
        return False

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ADD_OTHER:
            return self._add_other(ctx)
        if ctx.activity == ENTER_KEY:
            return self._enter_key(ctx)
        if ctx.activity == HOW_IT_WORKS:
            return Screen(content=w.child_page("To sign in, you'll enter your password."))
        if ctx.activity == SETTINGS:
            return Screen(content=w.child_page("Settings"))
        return self._main(ctx)


_ADD_FIRST = [
    click(PKG, "add_account_button", "Add an account"),
    click(PKG, "manually_add_account", "Manually add account"),
    input_text(PKG, "account_name", "me@gmail.com"),
    input_text(PKG, "key_value", "JBSWY3DPEHPK3PXP"),
    click(PKG, "button_right", "Add"),
    click(PKG, desc="More options"),
    click(PKG, "android:id/title", "Add account"),
    click(PKG, "manually_add_account", "Manually add account"),
]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "google-authenticator#263": [
        # a different name for the second account
        [
            *_ADD_FIRST,
            input_text(PKG, "account_name", "me@live.com"),
            input_text(PKG, "key_value", "KRSXG5CTMVRXEZLU"),
            click(PKG, "button_right", "Add"),
        ],
        # the same name and the same key again
        [
            *_ADD_FIRST,
            input_text(PKG, "account_name", "me@gmail.com"),
            input_text(PKG, "key_value", "JBSWY3DPEHPK3PXP"),
            click(PKG, "button_right", "Add"),
        ],
        # Back instead of Add on the second entry
        [
            *_ADD_FIRST,
            input_text(PKG, "account_name", "me@gmail.com"),
            input_text(PKG, "key_value", "KRSXG5CTMVRXEZLU"),
            click(PKG, "button_left", "Back"),
        ],
        # a key too short for the second entry (rejected)
        [
            *_ADD_FIRST,
            input_text(PKG, "account_name", "me@gmail.com"),
            input_text(PKG, "key_value", "KRSXG5CT"),
            click(PKG, "button_right", "Add"),
        ],
        # only one account added
        _ADD_FIRST[:5],
    ],
}
