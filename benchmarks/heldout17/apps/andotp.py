"""andOTP (``org.shadowice.flocke.andotp``) 0.9.0-beta2, for andOTP#827.

Modelled from the sources at tag ``v0.9.0-beta2`` (commit ``c209e5b``): ``MainActivity.java``,
``IntroScreenActivity.java``, ``Dialogs/ManualEntryDialog.java``, ``View/EntriesCardAdapter.java``,
``View/EntryViewHolder.java``, ``Database/Entry.java``, ``Utilities/TokenCalculator.java``,
``Utilities/Tools.java``, ``Tasks/FinishIntroTask.java``, ``res/layout`` (``activity_main``,
``component_intro_*``, ``component_card_default``, ``dialog_manual_entry``,
``content_authenticate``, ``component_tags``), ``res/menu`` (``menu_fab``, ``menu_main``,
``menu_popup``) and ``res/values`` (``strings_*``, ``settings.xml``); and the fix, commit
``c8f80be`` ("Fix Hex encoding on older Android versions", "Fixes #827"), released in 0.9.0.

- First start: ``MainActivity`` opens ``IntroScreenActivity`` (the material-intro library's
  pager: ``mi_button_back``/``mi_button_next``, Back ignored) with five slides: "Let's get
  started"; "Database encryption" (spinner ``introEncryptionSelection``, default "Password /
  PIN"); "Authentication" (spinner ``introAuthSelection``, default Password; with Password / PIN
  encryption only Password and PIN are selectable; ``introPasswordEdit`` and
  ``introPasswordConfirm``, at least 6 characters or 4 digits, matching, else the next button is
  blocked and ``introAuthWarnings`` flashes the reason); "Enable Android sync"
  (``introAndroidSync``); "Finished" (settings saved when the slide is reached), whose button
  ends the intro.
- ``MainActivity``: the toolbar (tags drawer toggle, Sort, Search, overflow Backup / Settings /
  About), the ``cardList`` of account cards (``card_view``: ``valueText``, ``textViewLabel``,
  ``copyButton``, ``menuButton``) or ``emptyListView``, and the speed-dial FAB (``sd_main_fab``
  "Add new account") with "Enter details", "QR code from image" and "Scan QR code".
- A single tap on a card does nothing by default (tap mode "nothing"), except that an MOTP entry
  without a PIN asks for it: ``establishPIN`` shows the "PIN" dialog (not cancelable, Cancel /
  Accept); Accept stores the PIN and calls ``Entry.updateOTP(true)``. The card's menu offers
  "Enter pin" for MOTP entries too. An MOTP entry without a PIN shows "PIN REQ".

The bug (andOTP#827, crash): ``TokenCalculator.MOTP`` hexes the MD5 digest with commons-codec's
``Hex.encodeHexString(byte[])``. On Android 7 and 8 the framework's own, older copy of
``org.apache.commons.codec.binary.Hex`` (in ``org.apache.http.legacy.boot.jar`` on the boot
class path) is found before the app's, and it has no such method, so computing the first MOTP
code, at Accept in the PIN dialog, throws ``java.lang.NoSuchMethodError``. The model is the app on
such a device (Android 7.1, API 25). An empty PIN computes nothing ("PINREQ") and does not crash.

On that device the same shadowing makes ``Entry.validateSecret`` (``Hex.decodeHex(String)``,
also missing there) throw ``NoSuchMethodError`` when "Enter details" saves an MOTP entry (the same
code crashed so in andOTP#875's fork), so an MOTP account reaches the list by a QR code:
"QR code from image" opens DocumentsUI's picker (``ACTION_OPEN_DOCUMENT``, ``image/*``).

Fixed world data: the device's Downloads holds ``motp_vpn_qr.png`` (a QR code of
``otpauth://motp/Draytek:jdoe?secret=3a5f8c1d9e2b4f60&issuer=Draytek``),
``github_totp_qr.png`` (``otpauth://totp/GitHub:jdoe?secret=JBSWY3DPEHPK3PXP&issuer=GitHub``) and
``IMG_20210508_223012.jpg`` (a photo without a QR code); the system clock is set automatically
(so the "automatic time" warning is not shown).

Not modelled faithfully: the picker is drawn as an activity of the app (its nodes carry the app's
package); the authentication asked after a restart is drawn inside ``MainActivity`` (the real app
starts ``AuthenticateActivity``); tokens are fixed numbers derived from the secret, not the time;
the camera scanner (``SecureCaptureActivity``) sees nothing scannable; the lambda index in the
crash's ``EntriesCardAdapter`` frame follows javac's numbering and the D8 lambda class frame
between it and ``AlertController`` is left out; the card's "Change image" and "Share as
Keystrokes" only close the menu; Search filters by label and issuer only.
"""

from __future__ import annotations

import hashlib
from typing import Any, ClassVar
from urllib.parse import parse_qs, unquote, urlparse

from device_agent.virtual import stacks
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.shadowice.flocke.andotp"
MAIN = ".Activities.MainActivity"
INTRO = ".Activities.IntroScreenActivity"
PICKER = "com.android.documentsui.picker.PickActivity"
BACKUP = ".Activities.BackupActivity"
SETTINGS = ".Activities.SettingsActivity"
ABOUT = ".Activities.AboutActivity"
CAPTURE = ".Activities.SecureCaptureActivity"
CAMERA = "android.permission.CAMERA"

ENCRYPTIONS = ("Android KeyStore", "Password / PIN")  # settings_entries_encryption
AUTHS = ("None", "Password", "PIN", "Device credentials")  # settings_entries_auth
TYPES = ("TOTP", "HOTP", "MOTP", "STEAM")  # Entry.OTPType.values()
ALGORITHMS = ("SHA1", "SHA256", "SHA512")
SORTS = ("Unsorted", "Issuer", "Label", "Last used", "Most used")

SLIDE1_DESC = (
    "Welcome to andOTP! This wizard will guide you through the initial setup process. Please "
    "pay attention and read carefully in order to avoid losing data.\n\nDon't worry, you can "
    "still change any of these options later on in the Settings."
)
SLIDE2_DESC = (
    "To ensure the security of your accounts, andOTP uses encryption to store account data. "
    "Here you can choose which method of encryption will be used."
)
SLIDE2_KEYSTORE = (
    "The KeyStore is a system component of Android used to securely store cryptographic keys. "
    "... If you don't mind entering a password / PIN every time you start andOTP, it is highly "
    "recommended to use the password-based encryption instead."
)
SLIDE2_PASSWORD = (
    "This method will encrypt your data with a key generated from a password or PIN. ... "
    "However, you will have to enter your credentials every time you start andOTP."
)
SLIDE3_KEYSTORE = (
    "Here you can setup an authentication method to lock andOTP. Since you have chosen Android "
    "KeyStore as your encryption method, this step is optional."
)
SLIDE3_PASSWORD = (
    "Here you can setup an authentication method to lock andOTP. Since you have chosen Password "
    "/ PIN as your encryption method, a password or a PIN must be set to proceed."
)
SYNC_DESC = (
    "Android sync is a feature built in to android used to back up app data to a 3rd party "
    "service (usually Google). Backups are always encrypted and unaccessible to 3rd parties "
    "without your master password. Requires use of Password encryption method."
)
EMPTY_LIST = 'Start adding your tokens by pressing "+" at the bottom'

# The device's Downloads (fixed data): file name -> the QR code's text (None: no QR code).
DOWNLOADS = {
    "motp_vpn_qr.png": "otpauth://motp/Draytek:jdoe?secret=3a5f8c1d9e2b4f60&issuer=Draytek",
    "github_totp_qr.png": "otpauth://totp/GitHub:jdoe?secret=JBSWY3DPEHPK3PXP&issuer=GitHub",
    "IMG_20210508_223012.jpg": None,
}
DOWNLOAD_SIZES = {
    "motp_vpn_qr.png": "1.9 kB",
    "github_totp_qr.png": "2.1 kB",
    "IMG_20210508_223012.jpg": "2.4 MB",
}

LEGACY_HEX = (
    "in class Lorg/apache/commons/codec/binary/Hex; or its super classes (declaration of "
    "'org.apache.commons.codec.binary.Hex' appears in /system/framework/"
    "org.apache.http.legacy.boot.jar)"
)


def _motp_failure() -> JavaException:
    """Accept in the PIN dialog: the first MOTP code needs ``Hex.encodeHexString``."""
    return JavaException(
        "java.lang.NoSuchMethodError",
        "No static method encodeHexString([B)Ljava/lang/String; " + LEGACY_HEX,
        frames=[
            "org.shadowice.flocke.andotp.Utilities.TokenCalculator.MOTP(TokenCalculator.java:140)",
            "org.shadowice.flocke.andotp.Database.Entry.updateOTP(Entry.java:541)",
            "org.shadowice.flocke.andotp.View.EntriesCardAdapter.lambda$establishPIN$5"
            "(EntriesCardAdapter.java:650)",
            "androidx.appcompat.app.AlertController$ButtonHandler.handleMessage"
            "(AlertController.java:167)",
            *stacks.message_frames(25),
        ],
    )


def _validate_failure() -> JavaException:
    """Save of an MOTP entry in "Enter details": ``Hex.decodeHex(String)`` is missing too."""
    return JavaException(
        "java.lang.NoSuchMethodError",
        "No static method decodeHex(Ljava/lang/String;)[B " + LEGACY_HEX,
        frames=[
            "org.shadowice.flocke.andotp.Database.Entry.validateSecret(Entry.java:631)",
            "org.shadowice.flocke.andotp.Dialogs.ManualEntryDialog.lambda$show$4"
            "(ManualEntryDialog.java:207)",
            "android.view.View.performClick(View.java:5637)",
            "android.view.View$PerformClick.run(View.java:22429)",
            *stacks.callback_frames(25),
        ],
    )


def _motp_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of andOTP#827: the app died computing an MOTP code (``encodeHexString``)."""
    return crashed(system, PACKAGE, "java.lang.NoSuchMethodError", "encodeHexString")


def _token(entry: dict[str, Any]) -> str:
    """The card's token: "PINREQ" for an MOTP entry without a PIN, else a fixed code."""
    if entry["type"] == "MOTP":
        return "PINREQ"
    number = int(hashlib.sha1(entry["secret"].encode()).hexdigest(), 16)
    return str(number % 10 ** entry["digits"]).zfill(entry["digits"])


def _format_token(token: str, size: int = 3) -> str:
    """``Tools.formatToken``: groups of ``size`` from the end, space separated."""
    groups: list[str] = []
    index = len(token)
    while index > 0:
        groups.insert(0, token[max(index - size, 0) : index])
        index -= size
    return " ".join(groups)


def _entry_from_uri(contents: str) -> dict[str, Any]:
    """``new Entry(String)``: an ``otpauth://`` URI (raises ValueError when invalid)."""
    url = urlparse(contents)
    kind = url.netloc.upper()
    if url.scheme != "otpauth" or kind not in TYPES:
        raise ValueError("unknown otp type")
    query = parse_qs(url.query)
    secret = query.get("secret", [""])[0]
    if not secret:
        raise ValueError("Empty secret")
    issuer = query.get("issuer", [""])[0]
    label = unquote(url.path[1:])
    if issuer and label.startswith(issuer + ":"):
        label = label[len(issuer) + 1 :]
    digits = 5 if kind == "STEAM" else 6
    return {
        "type": kind,
        "issuer": issuer,
        "label": label.strip(),
        "secret": secret,
        "digits": digits,
        "period": 30,
        "tags": [],
        "pin": "",
    }


BUG_827 = BugSpec(
    bug_id="andOTP#827",
    kind="crash",
    title="Beta2 still crashes on MOTP at least under android 7 or 8 maybe lower versions as well",
    oracle=_motp_crashed,
    human_steps=(
        click(PACKAGE, "mi_button_next", desc="Next", cls="android.widget.ImageButton"),
        click(PACKAGE, "mi_button_next", desc="Next", cls="android.widget.ImageButton"),
        input_text(
            PACKAGE,
            "introPasswordEdit",
            "secret1",
            cls="com.google.android.material.textfield.TextInputEditText",
        ),
        input_text(PACKAGE, "introPasswordConfirm", "secret1"),
        {"kind": "press_back"},
        click(PACKAGE, "mi_button_next", desc="Next", cls="android.widget.ImageButton"),
        click(PACKAGE, "mi_button_next", desc="Next", cls="android.widget.ImageButton"),
        click(PACKAGE, "mi_button_next", desc="Done", cls="android.widget.ImageButton"),
        click(PACKAGE, "sd_main_fab", desc="Add new account"),
        click(PACKAGE, "sd_label", text="QR code from image"),
        click(PACKAGE, "android:id/title", text="motp_vpn_qr.png"),
        click(PACKAGE, "card_view"),
        input_text(PACKAGE, "", "1234", bounds=[66, 833, 1014, 983]),
        click(PACKAGE, "android:id/button1", text="Accept"),
    ),
)

_INTRO = BUG_827.human_steps[:8]
_QR = BUG_827.human_steps[8:10]
WRONG_SEQUENCES = {
    "andOTP#827": (
        # Accept without typing a PIN: the card keeps "PIN REQ", nothing is computed.
        (*_INTRO, *_QR, BUG_827.human_steps[10], BUG_827.human_steps[11], BUG_827.human_steps[13]),
        # A PIN typed, then Cancel.
        (
            *_INTRO,
            *_QR,
            *BUG_827.human_steps[10:13],
            click(PACKAGE, "android:id/button2", text="Cancel"),
        ),
        # A TOTP account's QR code instead: a tap on its card asks for nothing.
        (
            *_INTRO,
            *_QR,
            click(PACKAGE, "android:id/title", text="github_totp_qr.png"),
            click(PACKAGE, "card_view"),
            click(PACKAGE, "copyButton", desc="Copy token"),
        ),
        # "Enter details" of the same MOTP account: Save dies in validateSecret (decodeHex),
        # before any code is computed.
        (
            *_INTRO,
            click(PACKAGE, "sd_main_fab", desc="Add new account"),
            click(PACKAGE, "sd_label", text="Enter details"),
            click(PACKAGE, "manual_type"),
            click(PACKAGE, "android:id/text1", text="MOTP"),
            input_text(PACKAGE, "manual_issuer", "Draytek"),
            input_text(PACKAGE, "manual_label", "jdoe"),
            input_text(PACKAGE, "manual_secret", "3a5f8c1d9e2b4f60"),
            click(PACKAGE, "android:id/button1", text="Save"),
        ),
        # The photo without a QR code: nothing is added.
        (
            *_INTRO,
            *_QR,
            click(PACKAGE, "android:id/title", text="IMG_20210508_223012.jpg"),
            click(PACKAGE, "emptyListView"),
        ),
    )
}


class AndOTP090Beta2(VirtualApp):
    """andOTP 0.9.0-beta2 on an Android 7.1 device (see the module docstring)."""

    name: ClassVar[str] = "andOTP"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "andOTP"
    version: ClassVar[str] = "0.9.0-beta2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_827,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_time_warning_shown": False,
            "encryption": None,
            "auth": None,
            "password": "",
            "android_sync": False,
            "entries": [],
            "sort": 0,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            if not ctx.data["first_time_warning_shown"]:
                ctx.start_activity(INTRO)
            elif ctx.data["auth"] in ("Password", "PIN") and not ctx.memory.get("unlocked"):
                ctx.ui.setdefault("locked", True)
        elif ctx.activity == INTRO:
            ctx.ui.setdefault("slide", 0)
            ctx.ui.setdefault("enc", 1)
            ctx.ui.setdefault("auth", 1)
            ctx.ui.setdefault("pw", "")
            ctx.ui.setdefault("confirm", "")

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == INTRO:
            return True  # IntroScreenActivity.onBackPressed does nothing
        if ctx.activity == MAIN:
            if ctx.ui.get("locked"):
                ctx.toast("Authentication failed, closing andOTP!")
                ctx.finish()
                return True
            if w.dismiss(ctx.ui, "fab_open") or w.dismiss(ctx.ui, "drawer"):
                return True
            return w.dismiss(ctx.ui, "search")
        return False

    def on_key(self, ctx: AppContext, key: str) -> bool:
        # The confirmation field's editor action (Done or Enter) moves to the next slide.
        if ctx.activity == INTRO and key == "enter" and ctx.focus.endswith("introPasswordConfirm"):
            self._intro_next(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != INTRO:
            return False
        if direction == "left":
            self._intro_next(ctx)
            return True
        if direction == "right":
            self._intro_back(ctx)
            return True
        return False

    # -- intro -------------------------------------------------------------------------------
    def _can_go_forward(self, ctx: AppContext) -> str:
        """``AuthenticationFragment.canGoForward``: "" when it may, else the warning."""
        ui = ctx.ui
        method = AUTHS[ui["auth"]]
        if method not in ("Password", "PIN"):
            return ""
        noun, least = ("password", 6) if method == "Password" else ("PIN", 4)
        if not ui["pw"]:
            return f"Please set a {noun} to continue!"
        if len(ui["pw"]) < least:
            unit = "characters" if method == "Password" else "digits"
            return f"The {noun} needs to be at least {least} {unit} long!"
        if not ui["confirm"]:
            return f"Please confirm your {noun} to continue!"
        if ui["confirm"] != ui["pw"]:
            return "Passwords must match!" if method == "Password" else "Pins must match!"
        return ""

    def _intro_next(self, ctx: AppContext) -> None:
        ui = ctx.ui
        slide = ui["slide"]
        if slide == 2:
            warning = self._can_go_forward(ctx)
            ui["warning"] = warning
            if warning:
                return
        if slide == 4:
            # The finish button: the result carries setupFinished and the key.
            ctx.memory["unlocked"] = True
            ctx.finish()
            return
        ui["slide"] = slide + 1
        ui["open"] = ""
        if ui["slide"] == 4:
            # onPageSelected(last): IntroFinishedFragment.saveSettings -> FinishIntroTask.
            ctx.data.update(
                encryption=ENCRYPTIONS[ui["enc"]],
                auth=AUTHS[ui["auth"]],
                password=ui["pw"] if AUTHS[ui["auth"]] in ("Password", "PIN") else "",
                android_sync=ui["enc"] == 1 and not ui.get("sync_off", False),
                first_time_warning_shown=True,
            )

    def _intro_back(self, ctx: AppContext) -> None:
        if ctx.ui["slide"] > 0:
            ctx.ui["slide"] -= 1
            ctx.ui["open"] = ""

    def _choose_enc(self, ctx: AppContext, i: int) -> None:
        ui = ctx.ui
        ui.update(enc=i, open="")
        if i == 0:
            ui["auth"] = 0
        elif AUTHS[ui["auth"]] not in ("Password", "PIN"):
            ui["auth"] = 1
        ui.update(pw="", confirm="", warning="")

    def _choose_auth(self, ctx: AppContext, i: int) -> None:
        if ctx.ui["enc"] == 1 and AUTHS[i] not in ("Password", "PIN"):
            return  # a disabled drop-down row
        ctx.ui.update(auth=i, open="", pw="", confirm="", warning="")

    def _render_intro(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        slide = ui["slide"]
        windows: list[Window] = []
        close = w.bind(lambda c: c.ui.update(open=""))
        if slide == 0:
            page = [
                w.text_view("Let's get started", "mi_title", height=200),
                w.text_view(SLIDE1_DESC, "mi_description", height=500),
            ]
        elif slide == 1:
            page = [
                w.text_view("Database encryption", height=140),
                w.text_view(SLIDE2_DESC, height=300),
                w.spinner(
                    "introEncryptionSelection",
                    ENCRYPTIONS[ui["enc"]],
                    lambda c: c.ui.update(open="enc"),
                ),
                w.text_view(
                    SLIDE2_PASSWORD if ui["enc"] == 1 else SLIDE2_KEYSTORE,
                    "introEncryptionDesc",
                    height=500,
                ),
            ]
            if ui.get("open") == "enc":
                windows.append(w.spinner_dropdown(ENCRYPTIONS, ui["enc"], self._choose_enc, close))
        elif slide == 2:
            method = AUTHS[ui["auth"]]
            pin = method == "PIN"
            page = [
                w.text_view("Authentication", height=140),
                w.text_view(
                    SLIDE3_PASSWORD if ui["enc"] == 1 else SLIDE3_KEYSTORE,
                    "introAuthDesc",
                    height=300,
                ),
                w.spinner("introAuthSelection", method, lambda c: c.ui.update(open="auth")),
            ]
            if ui.get("warning"):
                page.append(w.text_view(ui["warning"], "introAuthWarnings"))
            if method in ("Password", "PIN"):
                page.append(
                    w.linear_layout(
                        [
                            w.text_input_layout(
                                w.edit_text(
                                    "introPasswordEdit",
                                    ui["pw"],
                                    lambda c, t: c.ui.update(pw=t),
                                    hint="Enter new PIN" if pin else "Enter new password",
                                    cls="com.google.android.material.textfield.TextInputEditText",
                                    password=True,
                                ),
                                rid="introPasswordLayout",
                                height=190,
                            ),
                            w.edit_text(
                                "introPasswordConfirm",
                                ui["confirm"],
                                lambda c, t: c.ui.update(confirm=t),
                                hint="Confirm PIN" if pin else "Confirm password",
                                password=True,
                            ),
                        ],
                        rid="introCredentialsLayout",
                        weight=0,
                    )
                )
            if ui.get("open") == "auth":
                windows.append(w.spinner_dropdown(AUTHS, ui["auth"], self._choose_auth, close))
        elif slide == 3:
            on = ui["enc"] == 1 and not ui.get("sync_off", False)
            page = [
                w.text_view("Enable Android sync", height=140),
                w.text_view(SYNC_DESC, height=400),
                View(
                    cls="android.widget.Switch",
                    resource_id="introAndroidSync",
                    text="Android sync enabled" if on else "Android sync disabled",
                    checkable=True,
                    checked=on,
                    enabled=ui["enc"] == 1,
                    on_click=lambda c: c.ui.update(sync_off=not c.ui.get("sync_off")),
                ),
            ]
        else:
            page = [
                w.text_view("Finished", "introFinishedTitle", height=200),
                w.text_view(
                    "Your settings have been saved, you are now all set to use andOTP!",
                    "introFinishedMessage",
                    height=300,
                ),
            ]
        back = (
            w.image_button("mi_button_back", "Back", self._intro_back, width=200)
            if slide > 0
            else None
        )
        last = slide == 4
        advance = w.image_button(
            "mi_button_next", "Done" if last else "Next", self._intro_next, width=200
        )
        indicator = View(cls="android.view.View", resource_id="mi_pager_indicator")
        body = w.intro_pager(
            w.scroll_view([w.linear_layout(page)]),
            skip=back,
            indicator=indicator,
            advance=advance,
            pager_rid="mi_pager",
        )
        return Screen(content=body, windows=windows)

    # -- main --------------------------------------------------------------------------------
    def _visible_entries(self, ctx: AppContext) -> list[tuple[int, dict[str, Any]]]:
        found = list(enumerate(ctx.data["entries"]))
        query = ctx.ui.get("query", "").lower()
        if query:
            found = [
                (i, e)
                for i, e in found
                if query in e["label"].lower() or query in e["issuer"].lower()
            ]
        sort = SORTS[ctx.data["sort"]]
        if sort == "Issuer":
            found.sort(key=lambda p: p[1]["issuer"].lower())
        elif sort == "Label":
            found.sort(key=lambda p: p[1]["label"].lower())
        return found

    def _add_entry(self, ctx: AppContext, entry: dict[str, Any]) -> None:
        """``EntriesCardAdapter.addEntry``: refuses a duplicate."""
        key = ("type", "secret", "issuer", "label")
        if any(all(e[k] == entry[k] for k in key) for e in ctx.data["entries"]):
            ctx.toast("This entry already exists")
            return
        ctx.data["entries"].append(entry)

    def _fab_action(self, ctx: AppContext, action: str) -> None:
        ctx.ui["fab_open"] = False
        if action == "fabEnterDetails":
            ctx.ui["dialog"] = {
                "kind": "manual",
                "type": 0,
                "issuer": "",
                "label": "",
                "secret": "",
                "period": "30",
                "digits": "6",
                "counter": "1",
                "algorithm": 0,
                "expanded": False,
                "open": "",
            }
        elif action == "fabScanQRFromImage":
            ctx.start_activity(PICKER)
        elif CAMERA in ctx.permissions:
            ctx.start_activity(CAPTURE)
        else:
            ctx.request_permission(CAMERA)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        # zxing's IntentIntegrator asks for the camera, then opens SecureCaptureActivity.
        if permission == CAMERA and granted:
            ctx.start_activity(CAPTURE)

    def _pin_dialog(self, ctx: AppContext, index: int) -> None:
        entry = ctx.data["entries"][index]
        ctx.ui["dialog"] = {"kind": "pin", "index": index, "pin": entry["pin"]}

    def _card_tap(self, ctx: AppContext, index: int) -> None:
        # Tap mode "nothing" without tap-to-reveal: establishPinIfNeeded only.
        entry = ctx.data["entries"][index]
        if entry["type"] == "MOTP" and not entry["pin"]:
            self._pin_dialog(ctx, index)

    def _accept_pin(self, ctx: AppContext) -> None:
        dialog = ctx.ui.pop("dialog")
        pin = dialog["pin"]
        ctx.data["entries"][dialog["index"]]["pin"] = pin
        ctx.hide_keyboard()
        if pin:
            # Entry.updateOTP(true) -> TokenCalculator.MOTP -> Hex.encodeHexString (the bug).
            raise _motp_failure()

    def _copy(self, ctx: AppContext, index: int) -> None:
        ctx.toast("Copied to clipboard")

    def _remove(self, ctx: AppContext, index: int) -> None:
        del ctx.data["entries"][index]
        ctx.ui.pop("dialog", None)

    def _menu(self, ctx: AppContext, index: int) -> None:
        ctx.ui["dialog"] = {"kind": "popup", "index": index}

    def _popup(self, ctx: AppContext, what: str) -> None:
        index = ctx.ui["dialog"]["index"]
        entry = ctx.data["entries"][index]
        if what == "pin":
            self._pin_dialog(ctx, index)
        elif what == "remove":
            ctx.ui["dialog"] = {"kind": "remove", "index": index}
        elif what == "qr":
            ctx.ui["dialog"] = {"kind": "qr", "index": index}
        elif what == "edit":
            ctx.ui["dialog"] = {
                "kind": "manual",
                "edit": index,
                "type": TYPES.index(entry["type"]),
                "issuer": entry["issuer"],
                "label": entry["label"],
                "secret": entry["secret"],
                "period": str(entry["period"]),
                "digits": str(entry["digits"]),
                "counter": "1",
                "algorithm": 0,
                "expanded": False,
                "open": "",
            }
        else:
            ctx.ui.pop("dialog", None)

    def _manual_save_enabled(self, d: dict[str, Any]) -> bool:
        if not d["label"] and not d["issuer"]:
            return False
        if not d["secret"] and "edit" not in d:
            return False
        if not d["digits"].isdigit() or int(d["digits"]) == 0:
            return False
        kind = TYPES[d["type"]]
        if kind in ("TOTP", "STEAM"):
            return d["period"].isdigit() and int(d["period"]) != 0
        if kind == "HOTP":
            return d["counter"].isdigit()
        return True

    def _manual_save(self, ctx: AppContext) -> None:
        d = ctx.ui["dialog"]
        kind = TYPES[d["type"]]
        secret = "".join(d["secret"].split())
        if "edit" in d:
            entry = ctx.data["entries"][d["edit"]]
            entry.update(issuer=d["issuer"], label=d["label"])
            ctx.ui.pop("dialog")
            return
        if kind == "MOTP":
            raise _validate_failure()  # Entry.validateSecret -> Hex.decodeHex(String)
        entry = {
            "type": kind,
            "issuer": d["issuer"],
            "label": d["label"],
            "secret": secret,
            "digits": int(d["digits"]),
            "period": int(d["period"] or 30),
            "tags": [],
            "pin": "",
        }
        ctx.ui.pop("dialog")
        self._add_entry(ctx, entry)

    def _manual_set(self, ctx: AppContext, key: str, value: Any) -> None:
        d = ctx.ui["dialog"]
        d[key] = value
        if key == "type":
            d["open"] = ""
            kind = TYPES[value]
            d["digits"] = "5" if kind == "STEAM" else "6"
            if kind == "STEAM":
                d["period"] = "30"

    def _render_manual(self, ctx: AppContext) -> Window:
        d = ctx.ui["dialog"]
        kind = TYPES[d["type"]]
        editing = "edit" in d
        setter = self._manual_set

        def row(label: str, field: View, rid: str = "") -> View:
            return w.linear_layout(
                [w.text_view(label, width=300), field], rid=rid, horizontal=True, height=150
            )

        def field(rid: str, key: str, hint: str) -> View:
            return w.edit_text(rid, d[key], lambda c, t: setter(c, key, t), hint=hint)

        secret = (
            w.text_view(d["secret"], "manual_secret_view")
            if editing
            else field("manual_secret", "secret", "Secret")
        )
        rows = [
            row(
                "Type",
                w.spinner("manual_type", kind, None if editing else w.bind(setter, "open", "type")),
            ),
            row("Issuer", field("manual_issuer", "issuer", "Issuer")),
            row("Label", field("manual_label", "label", "Label")),
            row("Secret", secret),
        ]
        if kind == "HOTP":
            rows.append(
                row(
                    "Counter",
                    field("manual_counter", "counter", "Counter"),
                    "manual_layout_counter",
                )
            )
        rows.append(row("Tags", w.button("manual_tags", "", None)))
        if kind != "MOTP":
            rows.append(
                w.button(
                    "dialog_expand_button",
                    "Advanced options",
                    w.bind(setter, "expanded", not d["expanded"]),
                )
            )
        if d["expanded"] and kind != "MOTP":
            rows.append(
                w.linear_layout(
                    [
                        row(
                            "Period",
                            field("manual_period", "period", "Period"),
                            "manual_layout_period",
                        ),
                        row("Digits", field("manual_digits", "digits", "Digits")),
                        row(
                            "Algorithm",
                            w.spinner("manual_algorithm", ALGORITHMS[d["algorithm"]], None),
                        ),
                    ],
                    rid="dialog_expand_layout",
                    weight=0,
                )
            )
        buttons = [
            w.dialog_button("android:id/button2", "Cancel", lambda c: c.ui.pop("dialog")),
            View(
                cls="android.widget.Button",
                resource_id="android:id/button1",
                text="Save",
                on_click=self._manual_save,
                enabled=self._manual_save_enabled(d),
                width=300,
                style="text",
            ),
        ]
        return w.alert_dialog(
            w.dialog_title("Enter details"),
            [w.scroll_view([w.linear_layout(rows, weight=0)], weight=0)],
            buttons,
            lambda c: c.ui.pop("dialog", None),
        )

    def _render_dialog(self, ctx: AppContext) -> list[Window]:
        d = ctx.ui.get("dialog")
        if not d:
            return []
        close = w.bind(lambda c: c.ui.pop("dialog", None))
        if d["kind"] == "manual":
            windows = [self._render_manual(ctx)]
            if d["open"] == "type":
                windows.append(
                    w.spinner_dropdown(
                        TYPES,
                        d["type"],
                        lambda c, i: self._manual_set(c, "type", i),
                        w.bind(self._manual_set, "open", ""),
                    )
                )
            return windows
        if d["kind"] == "pin":
            pin_field = w.frame_layout(
                [
                    w.edit_text(
                        "",
                        d["pin"],
                        lambda c, t: c.ui["dialog"].update(pin=t),
                        password=True,
                    )
                ],
                weight=0,
                height=190,
            )
            window = w.alert_dialog(
                w.dialog_title("PIN"),
                [pin_field],
                w.dialog_buttons(("Accept", self._accept_pin), ("Cancel", close)),
                None,
            )
            window.cancelable = False
            return [window]
        entry = ctx.data["entries"][d["index"]]
        if d["kind"] == "popup":
            items: list[tuple[Any, ...]] = [
                ("Edit", w.bind(self._popup, "edit"), "menu_popup_edit"),
                ("Change image", close, "menu_popup_changeImage"),
                ("Show QR Code", w.bind(self._popup, "qr"), "menu_popup_show_qr_code"),
            ]
            if entry["type"] == "MOTP":
                items.append(("Enter pin", w.bind(self._popup, "pin"), "menu_popup_establishPin"))
            items += [
                ("Remove", w.bind(self._popup, "remove"), "menu_popup_remove"),
                ("Share as Keystrokes", close, "menu_send_keystrokes"),
            ]
            return [w.menu_window(items, close)]
        if d["kind"] == "remove":
            return [
                w.confirm_dialog(
                    "Remove",
                    f'Are you sure you want to remove the account "{entry["label"]}"?',
                    ("Yes", w.bind(self._remove, d["index"])),
                    ("No", close),
                    close,
                )
            ]
        return [
            w.alert_dialog(
                w.dialog_title("QR Code"),
                [w.image_view(height=700)],
                w.dialog_buttons(("OK", close)),
                close,
            )
        ]

    def _card(self, index: int, entry: dict[str, Any]) -> View:
        label = " - ".join(x for x in (entry["issuer"], entry["label"]) if x)
        return View(
            cls="androidx.cardview.widget.CardView",
            resource_id="card_view",
            height=230,
            on_click=w.bind(self._card_tap, index),
            children=[
                w.linear_layout(
                    [
                        w.frame_layout(
                            [w.image_view("thumbnailImg")], rid="thumbnailFrame", width=180
                        ),
                        w.linear_layout(
                            [
                                w.linear_layout(
                                    [w.text_view(_format_token(_token(entry)), "valueText")],
                                    rid="valueLayout",
                                ),
                                w.text_view(label, "textViewLabel"),
                            ]
                        ),
                        w.image_button(
                            "copyButton", "Copy token", w.bind(self._copy, index), width=147
                        ),
                        w.image_button(
                            "menuButton", "More options", w.bind(self._menu, index), width=147
                        ),
                    ],
                    horizontal=True,
                )
            ],
        )

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        if ui.get("locked"):
            return self._render_auth(ctx)
        search = ui.get("search")
        title: View | str = (
            w.edit_text(
                "search_src_text",
                ui.get("query", ""),
                lambda c, t: c.ui.update(query=t),
                hint="Search",
            )
            if search
            else "andOTP"
        )
        bar = w.toolbar(
            title,
            navigation=w.nav_button("Show tags", lambda c: c.ui.update(drawer=True)),
            actions=[
                w.action_item("menu_sort", "Sort", lambda c: c.ui.update(menu="sort")),
                w.action_item("menu_search", "Search", lambda c: c.ui.update(search=True)),
                w.overflow_button(lambda c: c.ui.update(menu="overflow")),
            ],
        )
        entries = self._visible_entries(ctx)
        if entries:
            listing = w.list_view(
                [self._card(i, e) for i, e in entries],
                rid="cardList",
                cls="androidx.recyclerview.widget.RecyclerView",
                scroll_key="cards",
            )
        else:
            listing = w.text_view(EMPTY_LIST, "emptyListView", on_click=None, clickable=True)
        fab_children: list[View] = []
        if ui.get("fab_open"):
            for rid, text in (
                ("fabScanQR", "Scan QR code"),
                ("fabScanQRFromImage", "QR code from image"),
                ("fabEnterDetails", "Enter details"),
            ):
                act = w.bind(self._fab_action, rid)
                fab_children.append(
                    w.linear_layout(
                        [
                            w.text_view(text, "sd_label", on_click=act, width=500),
                            w.image_button("sd_fab", text, act, width=147),
                        ],
                        rid=rid,
                        horizontal=True,
                        height=160,
                        weight=0,
                    )
                )
        main_fab = w.fab(
            "sd_main_fab",
            "Close menu" if ui.get("fab_open") else "Add new account",
            lambda c: c.ui.update(fab_open=not c.ui.get("fab_open")),
        )
        speed_dial = View(
            cls="com.leinardi.android.speeddial.SpeedDialView",
            resource_id="speedDial",
            gravity="bottom_end",
            width=700,
            height=168 + 160 * len(fab_children),
            children=[*fab_children, main_fab],
        )
        content = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            layout=FRAME,
            children=[
                w.linear_layout(
                    [
                        bar,
                        w.relative_layout([w.drawer_layout(listing)], rid="main_content"),
                    ]
                ),
                speed_dial,
            ],
        )
        windows = self._render_dialog(ctx)
        close_menu = w.bind(lambda c: c.ui.update(menu=""))
        if ui.get("menu") == "overflow":
            windows.append(
                w.menu_window(
                    [
                        ("Backup", w.bind(self._open, BACKUP)),
                        ("Settings", w.bind(self._open, SETTINGS)),
                        ("About", w.bind(self._open, ABOUT)),
                    ],
                    close_menu,
                )
            )
        elif ui.get("menu") == "sort":
            windows.append(
                w.menu_window([(s, w.bind(self._sort, i)) for i, s in enumerate(SORTS)], close_menu)
            )
        if ui.get("drawer"):
            windows.append(
                w.navigation_sheet(
                    [
                        w.check_box("all_tags_in_drawer", "All tags", True),
                        w.check_box("no_tags_entries", "No tags", True),
                        View(cls="android.widget.ListView", resource_id="tags_list_in_drawer"),
                    ],
                    lambda c: c.ui.update(drawer=False),
                    bounds=(0, 0, 800, 1920),
                    rid="tags",
                )
            )
        return Screen(content=content, windows=windows)

    def _open(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = ""
        ctx.start_activity(activity)

    def _sort(self, ctx: AppContext, i: int) -> None:
        ctx.ui["menu"] = ""
        ctx.data["sort"] = i

    def _unlock(self, ctx: AppContext) -> None:
        if ctx.ui.get("auth_input", "") == ctx.data["password"]:
            ctx.memory["unlocked"] = True
            ctx.ui.update(locked=False, auth_input="")
        else:
            noun = "PIN" if ctx.data["auth"] == "PIN" else "password"
            ctx.toast(f"Wrong {noun}, please try again!")

    def _render_auth(self, ctx: AppContext) -> Screen:
        hint = "PIN" if ctx.data["auth"] == "PIN" else "Password"
        return Screen(
            content=w.linear_layout(
                [
                    w.toolbar("Authenticate"),
                    w.text_view("Please authenticate to start andOTP!", "passwordLabel"),
                    w.text_input_layout(
                        w.edit_text(
                            "passwordEdit",
                            ctx.ui.get("auth_input", ""),
                            lambda c, t: c.ui.update(auth_input=t),
                            hint=hint,
                            password=True,
                            cls="org.shadowice.flocke.andotp.View.AutoFillable."
                            "AutoFillableTextInputEditText",
                        ),
                        rid="passwordLayout",
                        height=190,
                    ),
                    w.button("buttonUnlock", "Unlock", self._unlock),
                    View(weight=1),
                ]
            )
        )

    # -- picker ------------------------------------------------------------------------------
    def _pick(self, ctx: AppContext, name: str) -> None:
        """RESULT_OK with the image: ``ScanQRCodeFromFile.scanQRImage`` then ``addQRCode``."""
        ctx.finish()
        contents = DOWNLOADS[name]
        if contents is None:
            ctx.toast("Could not find/confirm QR code")
            return
        try:
            entry = _entry_from_uri(contents)
        except ValueError:
            ctx.toast("Invalid QR Code")
            return
        self._add_entry(ctx, entry)

    # -- render ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == INTRO:
            return self._render_intro(ctx)
        if ctx.activity == PICKER:
            rows = [
                w.document_row(name, w.bind(self._pick, name), size=DOWNLOAD_SIZES[name])
                for name in DOWNLOADS
            ]
            return Screen(content=w.document_picker(rows))
        if ctx.activity == CAPTURE:
            # The camera sees nothing scannable; Back cancels (RESULT_CANCELED).
            return Screen(
                content=w.frame_layout(
                    [
                        View(
                            cls="com.journeyapps.barcodescanner.DecoratedBarcodeView",
                            resource_id="zxing_barcode_scanner",
                        ),
                        w.text_view(
                            "Place a barcode inside the viewfinder rectangle to scan it.",
                            "zxing_status_view",
                            gravity="bottom",
                            height=120,
                        ),
                    ],
                    layout=FRAME,
                )
            )
        if ctx.activity in (BACKUP, SETTINGS, ABOUT):
            title = {BACKUP: "Backups", SETTINGS: "Settings", ABOUT: "About"}[ctx.activity]
            return Screen(content=w.child_page(title))
        return self._render_main(ctx)
