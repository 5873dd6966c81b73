"""OneTimePad (``com.onest8.onetimepad``, kckrinke/onetimepad), a TOTP two-factor authenticator,
version 0.2.0 (versionCode 200) as F-Droid built it.

Sources read at commit 9e12bf6 (2016-09-20, "updating gradle version to 2.2.0"), the commit
F-Droid's recipe (``metadata/com.onest8.onetimepad.yml``) names for 0.2.0: ``MainActivity.java``,
``EntriesAdapter.java``, ``DataStorage.java``, ``Entry.java``, ``TOTPHelper.java``,
``AndroidManifest.xml``, ``res/layout/activity_main.xml``, ``content_main.xml``, ``row.xml``,
``manual_entry.xml``, ``new_password_prompt.xml``, ``password_prompt.xml``,
``res/menu/menu_main.xml``, ``menu_edit.xml`` and ``res/values/strings.xml``; and the fix,
commit 9721022 ("prevent a crash when user taps on the copy-code button but no row is selected
first", released in 0.2.1).

Bug ``onetimepad#3`` (crash). Tapping a row (``onItemClick``) makes it current
(``MainActivity.currentEntryIndex = i``) and shows its code; ``EntriesAdapter.getView``, run for
every row each second, gives the current row's code TextView (``textViewOTP``) a click listener
that copies ``getItem(MainActivity.currentEntryIndex)``'s code. Tapping the row again hides the
code and sets ``currentEntryIndex = -1``, but the listener stays on the TextView, so a tap on the
dashes runs ``getItem(-1)``: ``ArrayList.get(-1)`` throws
``java.lang.ArrayIndexOutOfBoundsException: length=10; index=-1`` (Android 7's ``ArrayList``
indexes its array of capacity 10 for a short list). The report has no stack trace: the frames are
the model's, in the app's real classes and lines (``EntriesAdapter.java:32`` and ``:79``), on
Android 7.1 (API 25); the array length in the message is the list's capacity (10 below 11
entries).

Screens: the first launch asks for a new passphrase (``DataStorage.promptForNewPassword``: the
message, ``password_entry``, ``confirm_entry``, Cancel / OK; a mismatch or fewer than 4
characters toasts and asks again; Cancel toasts "Password is required. Re-launch to try again."
and exits); the main screen (CoordinatorLayout: the ``toolbar`` titled "OneTimePad" with the
overflow menu Manual Entry / Paste URI / Scan QR Code / About, the ``progressBar``, the
``listView`` of rows ``textViewLabel`` + ``textViewOTP`` (dashes, or the code when shown) and the
design library's Snackbar, ``snackbar_text``); the Manual Entry dialog (``issuerLabelText``,
``issuerLabelEntry`` "Account Name", ``secretCodeText``, ``secretCodeEntry`` "Generated Code",
Cancel / Add; an empty label becomes "Untitled", an empty secret says "Secret Code is
mandatory!"); a long press's contextual action mode (Done, the label, Edit and Delete, with the
Rename and "Remove <label>?" dialogs). Paste URI reads the clipboard (null on a fresh device: the
app's ``getPrimaryClip().getItemCount()`` throws a NullPointerException, as the code does; not
this bug). Snackbars other than "No accounts found..." (indefinite) are cleared at the next
action, standing for their few seconds on screen.

Stubbed: Scan QR Code (the camera permission, then zxing's capture screen, which scans nothing;
Back returns), About (a dialog holding the WebView of ``about.html``), the progress bar's
animation, the clipboard expiry after 30 s. The time-based codes are computed (RFC 6238, as
``TOTPHelper``) at a fixed clock, 2016-11-14 12:00:00 UTC, so they do not change. Uncertain: the
static passphrase and ``currentEntryIndex`` survive in the model's storage where a restarted
process would lose them (and ask for the passphrase again); a cancelled (Back) passphrase dialog
leaves ``onCreate`` blocked in its nested loop: the model shows the bare screen without menu.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import struct
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.onest8.onetimepad"
MAIN = ".MainActivity"
CAPTURE = ".CaptureActivityAnyOrientation"
LABEL = "OneTimePad"
API = 25
CLOCK = 1479124800  # 2016-11-14 12:00:00 UTC: the model's fixed time

NO_ACCOUNTS = "No accounts found, use the menu to add one"
NEW_PASSWORD = "Enter a passphrase for this application to encrypt your private data with:"
BAD_PASSWORD = "Passwords don't match or are less than 4 characters long. Please try again."
ADAPTER = "com.onest8.onetimepad.EntriesAdapter"
CLICK_FRAMES = [
    "android.view.View.performClick(View.java:5637)",
    "android.view.View$PerformClick.run(View.java:22429)",
    *callback_frames(API),
]


def totp(secret: str) -> str:
    """``TOTPHelper.generate``: six digits of HMAC-SHA1 over the 30 s step at the model's clock,
    the key the Base32 decoding of the secret (commons-codec skips other characters); an empty
    key fails inside its try and gives 0."""
    alphabet = "".join(c for c in secret.upper() if c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    usable = len(alphabet) * 5 // 8 * 8 // 5
    padded = alphabet[:usable] + "=" * (-usable % 8)
    key = base64.b32decode(padded) if usable else b""
    if not key:
        return "000000"
    digest = hmac.new(key, struct.pack(">Q", CLOCK // 30), hashlib.sha1).digest()
    offset = digest[19] & 0xF
    code = struct.unpack(">I", digest[offset : offset + 4])[0] & 0x7FFFFFFF
    return f"{code % 1_000_000:06d}"


def array_list_get(entries: list[dict[str, Any]], index: int, frames: list[str]) -> Any:
    """Android 7's ``ArrayList.get``: ``IndexOutOfBoundsException`` past the size, the backing
    array's own ``ArrayIndexOutOfBoundsException`` below 0 (capacity 10, then growing by half)."""
    if index >= len(entries):
        raise JavaException(
            "java.lang.IndexOutOfBoundsException",
            f"Index: {index}, Size: {len(entries)}",
            frames=["java.util.ArrayList.get(ArrayList.java:411)", *frames],
        )
    if index < 0:
        capacity = 10
        while capacity < len(entries):
            capacity += capacity >> 1
        raise JavaException(
            "java.lang.ArrayIndexOutOfBoundsException",
            f"length={capacity}; index={index}",
            frames=["java.util.ArrayList.get(ArrayList.java:413)", *frames],
        )
    return entries[index]


def copy_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """onetimepad#3: the code's copy listener read the entry at index -1."""
    return crashed(system, PACKAGE, "java.lang.ArrayIndexOutOfBoundsException", "index=-1")


def _row(label: str) -> dict[str, Any]:
    return click(PACKAGE, "textViewLabel", label, cls="android.widget.TextView")


def _otp(text: str) -> dict[str, Any]:
    return click(PACKAGE, "textViewOTP", text, cls="android.widget.TextView")


SECRET = "JBSWY3DPEHPK3PXP"
ADD_ENTRY = [
    input_text(PACKAGE, "password_entry", "1234", hint="Passphrase"),
    input_text(PACKAGE, "confirm_entry", "1234", hint="Confirm passphrase"),
    click(PACKAGE, "android:id/button1", "OK", cls="android.widget.Button"),
    click(PACKAGE, desc="More options", cls="android.widget.ImageView"),
    click(PACKAGE, "title", "Manual Entry", cls="android.widget.TextView"),
    input_text(PACKAGE, "issuerLabelEntry", "GitHub", hint="Account Name"),
    input_text(PACKAGE, "secretCodeEntry", SECRET, hint="Generated Code"),
    click(PACKAGE, "android:id/button1", "Add", cls="android.widget.Button"),
]
CODE = totp(SECRET)

BUG_3 = BugSpec(
    "onetimepad#3",
    "crash",
    "App crashes when attempting to copy a OTP that has just been hidden",
    copy_crashed,
    human_steps=(*ADD_ENTRY, _row("GitHub"), _row("GitHub"), _otp("------")),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "onetimepad#3": [
        # the code not hidden first: the tap copies it
        [*ADD_ENTRY, _row("GitHub"), _otp(CODE)],
        # the dashes tapped before the row was ever shown: the tap shows the code
        [*ADD_ENTRY, _otp("------")],
        # shown, hidden, shown again, then the code tapped: copied
        [*ADD_ENTRY, _row("GitHub"), _row("GitHub"), _row("GitHub"), _otp(CODE)],
        # shown and hidden only
        [*ADD_ENTRY, _row("GitHub"), _row("GitHub")],
    ],
}


class OneTimePad(VirtualApp):
    """OneTimePad 0.2.0: one activity, its dialogs and the zxing capture screen (stub)."""

    name: ClassVar[str] = "onetimepad"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = LABEL
    version: ClassVar[str] = "0.2.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_3,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "datastore": None,  # datastore.dat: {"passphrase", "entries": [{"label", "secret"}]}
            "passphrase": "",  # DataStorage._passphrase (static)
            "current": -1,  # MainActivity.currentEntryIndex (static)
            "clipboard": None,  # the primary clip's text, None before any
        }

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        ctx.ui.setdefault("listeners", [])  # rows whose textViewOTP got the copy listener
        if ctx.data["current"] >= 0 and ctx.data["current"] not in ctx.ui["listeners"]:
            ctx.ui["listeners"].append(ctx.data["current"])
        ctx.ui.setdefault("snack", None)
        if ctx.data["passphrase"]:
            ctx.ui["ready"] = True
        elif ctx.data["datastore"] is None:
            ctx.ui.setdefault("dialog", {"kind": "new_password", "pass": "", "conf": ""})
        else:
            ctx.ui.setdefault("dialog", {"kind": "password", "pass": "", "tries": 3})

    # helpers --------------------------------------------------------------------------------
    def _entries(self, ctx: AppContext) -> list[dict[str, Any]]:
        store = ctx.data["datastore"] or {}
        entries: list[dict[str, Any]] = store.get("entries", [])
        return entries

    def _snack(self, ctx: AppContext, text: str | None, indefinite: bool = False) -> None:
        ctx.ui["snack"] = {"text": text, "indefinite": indefinite} if text else None

    def _act(self, fn: Any, *args: Any) -> Any:
        """A handler that first lets a timed snackbar go (its seconds have passed)."""

        def handler(ctx: AppContext) -> None:
            snack = ctx.ui.get("snack")
            if snack and not snack["indefinite"]:
                ctx.ui["snack"] = None
            fn(ctx, *args)

        return handler

    def _ready(self, ctx: AppContext) -> None:
        """The rest of ``onCreate`` once the entries are loaded."""
        ctx.ui["ready"] = True
        ctx.ui["dialog"] = None
        if not self._entries(ctx):
            self._snack(ctx, NO_ACCOUNTS, indefinite=True)

    # first run: DataStorage.init_and_load ---------------------------------------------------
    def _new_password_ok(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        if dialog["pass"] == dialog["conf"] and len(dialog["pass"]) >= 4:
            ctx.data["passphrase"] = dialog["pass"]
            ctx.data["datastore"] = {"passphrase": dialog["pass"], "entries": []}
            self._ready(ctx)
        else:
            ctx.toast(BAD_PASSWORD)
            ctx.ui["dialog"] = {"kind": "new_password", "pass": "", "conf": ""}

    def _password_ok(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        if dialog["pass"] == ctx.data["datastore"]["passphrase"]:
            ctx.data["passphrase"] = dialog["pass"]
            self._ready(ctx)
            return
        self._password_failed(ctx)

    def _password_failed(self, ctx: AppContext) -> None:
        tries = ctx.ui["dialog"]["tries"] - 1
        if tries <= 0:
            ctx.toast("Too many failed attempts. OneTimePad exiting now.")
            ctx.finish()
            return
        ctx.toast(f"Password is blank - {tries} more tries!")
        ctx.ui["dialog"] = {"kind": "password", "pass": "", "tries": tries}

    def _new_password_cancel(self, ctx: AppContext) -> None:
        ctx.toast("Password is required. Re-launch to try again.")
        ctx.ui["dialog"] = None
        ctx.finish()

    def _set_field(self, key: str) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            ctx.ui["dialog"][key] = text

        return handler

    def _password_dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        new = dialog["kind"] == "new_password"

        def entry(rid: str, key: str, hint: str) -> View:
            return w.edit_text(rid, dialog[key], self._set_field(key), hint=hint, password=True)

        fields = [
            w.text_view(NEW_PASSWORD if new else "Enter your password:", "textView"),
            entry("password_entry", "pass", "Passphrase"),
        ]
        if new:
            fields.append(entry("confirm_entry", "conf", "Confirm passphrase"))
        ok = self._new_password_ok if new else self._password_ok
        cancel = self._new_password_cancel if new else self._password_failed
        body = w.relative_layout(fields, weight=0)
        buttons = w.dialog_buttons(("OK", ok), ("Cancel", cancel))
        return w.alert_dialog(View(cls="android.view.View", height=0), [body], buttons, self._stuck)

    def _stuck(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None  # dismissed without a button: onCreate never returns

    # the list -------------------------------------------------------------------------------
    def _item_click(self, ctx: AppContext, i: int) -> None:
        """``onItemClick``: a second tap on the current row hides its code."""
        if i == ctx.data["current"]:
            ctx.data["clipboard"] = ""
            ctx.data["current"] = -1
            for entry in self._entries(ctx):
                entry["show"] = False
            return
        ctx.data["current"] = i
        for k, entry in enumerate(self._entries(ctx)):
            entry["show"] = k == i
        if i not in ctx.ui["listeners"]:
            ctx.ui["listeners"].append(i)  # getView, within the second

    def _copy(self, ctx: AppContext) -> None:
        """The listener ``getView`` put on the current row's code (EntriesAdapter$1)."""
        entry = array_list_get(
            self._entries(ctx),
            ctx.data["current"],
            [
                f"{ADAPTER}.getItem(EntriesAdapter.java:32)",
                f"{ADAPTER}$1.onClick(EntriesAdapter.java:79)",
                *CLICK_FRAMES,
            ],
        )
        ctx.data["clipboard"] = totp(entry["secret"])
        self._snack(ctx, "One time pad copied to clipboard")

    def _long_click(self, ctx: AppContext, i: int) -> None:
        ctx.ui["mode"] = {"index": i, "dialog": None, "text": ""}

    def _rows(self, ctx: AppContext) -> list[View]:
        rows = []
        for i, entry in enumerate(self._entries(ctx)):
            code = totp(entry["secret"])
            shown = code if entry.get("show") else "-" * len(code)
            listener = self._act(self._copy) if i in ctx.ui["listeners"] else None
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(entry["label"], "textViewLabel", weight=0.7),
                        w.text_view(shown, "textViewOTP", on_click=listener, weight=0.3),
                    ],
                    horizontal=True,
                    height=170,
                    weight=0,
                    on_click=self._act(self._item_click, i),
                    on_long_click=self._act(self._long_click, i),
                    selected=i == ctx.data["current"],
                )
            )
        return rows

    # menus and dialogs ----------------------------------------------------------------------
    def _menu_pick(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "manual":
            ctx.ui["dialog"] = {"kind": "manual", "label": "", "secret": ""}
        elif item == "about":
            ctx.ui["dialog"] = {"kind": "about"}
        elif item == "scan":
            if "android.permission.CAMERA" in ctx.permissions:
                ctx.start_activity(CAPTURE)
            else:
                ctx.request_permission("android.permission.CAMERA")
        else:
            self._paste(ctx)

    def _paste(self, ctx: AppContext) -> None:
        clip = ctx.data["clipboard"]
        if clip is None:
            raise JavaException(
                "java.lang.NullPointerException",
                "Attempt to invoke virtual method 'int android.content.ClipData.getItemCount()' "
                "on a null object reference",
                frames=[
                    "com.onest8.onetimepad.MainActivity.onOptionsItemSelected"
                    "(MainActivity.java:266)",
                    "android.app.Activity.onMenuItemSelected(Activity.java:3204)",
                    *CLICK_FRAMES,
                ],
            )
        self._add_account(ctx, clip)

    def _add_account(self, ctx: AppContext, uri: str) -> None:
        """``addNewAccount``: an ``otpauth://totp/<label>?secret=...`` URI."""
        match = re.fullmatch(r"otpauth://totp/([^?#]*)\?(.*)", uri)
        query = (
            dict(p.split("=", 1) for p in match.group(2).split("&") if "=" in p) if match else {}
        )
        if not match or "secret" not in query:
            self._snack(ctx, "Invalid URI or QR Code")
            return
        label = match.group(1)
        if query.get("issuer"):
            label = f"{query['issuer']} - {label}"
        self._entries(ctx).append({"label": label, "secret": query["secret"], "show": False})
        self._snack(ctx, "Account added")

    def _manual_add(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        label, secret = dialog["label"], dialog["secret"]
        if not label:
            label, c = "Untitled", 1
            while any(label in e["label"] for e in self._entries(ctx)):
                label, c = f"Untitled {c}", c + 1
        if not secret:
            self._snack(ctx, "Secret Code is mandatory!")
            return
        self._add_account(ctx, f"otpauth://totp/{label}?secret={secret}")

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _manual_dialog(self, dialog: dict[str, Any]) -> Window:
        body = w.relative_layout(
            [
                w.text_view("Issuer Label:", "issuerLabelText"),
                w.edit_text(
                    "issuerLabelEntry",
                    dialog["label"],
                    self._set_field("label"),
                    hint="Account Name",
                ),
                w.text_view("Secret Code", "secretCodeText"),
                w.edit_text(
                    "secretCodeEntry",
                    dialog["secret"],
                    self._set_field("secret"),
                    hint="Generated Code",
                ),
            ],
            weight=0,
        )
        buttons = w.dialog_buttons(
            ("Add", self._act(self._manual_add)), ("Cancel", self._close_dialog)
        )
        return w.alert_dialog(w.dialog_title("Manual Entry"), [body], buttons, self._close_dialog)

    # action mode ----------------------------------------------------------------------------
    def _end_mode(self, ctx: AppContext) -> None:
        ctx.ui["mode"] = None  # onDestroyActionMode stores the entries

    def _mode_dialog(self, ctx: AppContext, kind: str) -> None:
        mode = ctx.ui["mode"]
        mode["dialog"] = kind
        mode["text"] = self._entries(ctx)[mode["index"]]["label"]

    def _rename(self, ctx: AppContext) -> None:
        mode = ctx.ui["mode"]
        self._entries(ctx)[mode["index"]]["label"] = mode["text"]
        self._end_mode(ctx)

    def _remove(self, ctx: AppContext) -> None:
        del self._entries(ctx)[ctx.ui["mode"]["index"]]
        self._snack(ctx, "Account removed")
        self._end_mode(ctx)
        if not self._entries(ctx):
            self._snack(ctx, NO_ACCOUNTS, indefinite=True)

    def _mode_window(self, ctx: AppContext) -> Window | None:
        mode = ctx.ui["mode"]
        label = self._entries(ctx)[mode["index"]]["label"]
        cancel = ("Cancel", self._end_mode)
        if mode["dialog"] == "edit":
            field = w.edit_text("", mode["text"], lambda c, t: c.ui["mode"].update(text=t))
            return w.input_dialog("Rename", field, ("Save", self._rename), cancel, self._end_mode)
        if mode["dialog"] == "delete":
            return w.confirm_dialog(
                f"Remove {label}?",
                "Are you sure you want do remove this account?",
                ("Remove", self._remove),
                cancel,
                self._end_mode,
            )
        return None

    def _bar(self, ctx: AppContext) -> View:
        mode = ctx.ui.get("mode")
        if mode:
            label = self._entries(ctx)[mode["index"]]["label"]
            return w.toolbar(
                w.text_view(label, "action_bar_title", height=w.TOOLBAR_HEIGHT),
                navigation=w.image_view(
                    "action_mode_close_button", "Done", self._end_mode, width=147
                ),
                actions=[
                    w.action_item("action_edit", "Edit", w.bind(self._mode_dialog, "edit")),
                    w.action_item("action_delete", "Delete", w.bind(self._mode_dialog, "delete")),
                ],
                rid="action_mode_bar",
                cls="android.view.ViewGroup",
            )
        actions = (
            [w.overflow_button(lambda c: c.ui.update(menu=True))] if ctx.ui.get("ready") else []
        )
        return w.toolbar(LABEL, actions=actions)

    # render ---------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == CAPTURE:
            text = "Place a barcode inside the viewfinder rectangle to scan it."
            return Screen(
                content=w.frame_layout(
                    [w.text_view(text, "zxing_status_view")], rid="zxing_barcode_scanner"
                )
            )
        windows: list[Window] = []
        dialog = ctx.ui.get("dialog")
        if dialog and dialog["kind"] in ("new_password", "password"):
            windows.append(self._password_dialog(ctx, dialog))
        elif dialog and dialog["kind"] == "manual":
            windows.append(self._manual_dialog(dialog))
        elif dialog and dialog["kind"] == "about":
            web = View(cls="android.webkit.WebView", height=900)
            windows.append(w.alert_dialog(View(height=0), [web], [], self._close_dialog))
        if ctx.ui.get("menu"):
            items = [
                ("Manual Entry", w.bind(self._menu_pick, "manual")),
                ("Paste URI", w.bind(self._menu_pick, "paste")),
                ("Scan QR Code", w.bind(self._menu_pick, "scan")),
                ("About", w.bind(self._menu_pick, "about")),
            ]
            windows.append(w.menu_window(items, lambda c: c.ui.update(menu=False)))
        if ctx.ui.get("mode"):
            mode_window = self._mode_window(ctx)
            if mode_window is not None:
                windows.append(mode_window)
        rows = self._rows(ctx) if ctx.ui.get("ready") else []
        content: list[View] = [
            w.linear_layout(
                [
                    self._bar(ctx),
                    View(cls="android.widget.ProgressBar", resource_id="progressBar", height=16),
                ],
                weight=0,
            ),
            w.relative_layout([w.list_view(rows, rid="listView")]),
        ]
        snack = ctx.ui.get("snack")
        if snack:
            content.append(
                w.linear_layout([w.text_view(snack["text"], "snackbar_text")], height=150, weight=0)
            )
        return Screen(content=View(cls="android.view.ViewGroup", children=content), windows=windows)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        if w.dismiss(ctx.ui, "menu"):
            return True
        if ctx.ui.get("mode"):
            self._end_mode(ctx)
            return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if granted:
            ctx.start_activity(CAPTURE)
        else:
            self._snack(ctx, "Camera permission not granted")
