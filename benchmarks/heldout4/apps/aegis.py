"""Aegis Authenticator (``com.beemdevelopment.aegis``, beemdevelopment/Aegis), a 2FA (TOTP/HOTP)
token vault, version 1.2 (versionCode 35).

Sources read at the tag v1.2 (commit 6e544974, 2020-06-16): ``ui/MainActivity.java``,
``ui/IntroActivity.java``, ``ui/slides/SecurityPickerSlide.java``,
``ui/slides/SecuritySetupSlide.java``, ``ui/EditEntryActivity.java``, ``ui/Dialogs.java``,
``ui/views/EntryListView.java``, ``EntryAdapter.java``, ``EntryHolder.java``,
``TotpProgressBar.java``, ``otp/TotpInfo.java``, ``otp/OtpInfo.java``, ``Preferences.java``,
``ViewMode.java``, ``res/layout/activity_main.xml``, ``fragment_entry_list_view.xml``,
``card_entry.xml``, ``activity_edit_entry.xml``, ``fragment_security_picker_slide.xml``,
``fragment_security_setup_slide.xml``, ``res/menu/menu_main.xml``, ``menu_edit.xml``,
``res/values/strings.xml``, ``arrays.xml``, AppIntro 6's ``appintro_intro_layout2.xml``; and the
fix, commit 93cc945a ("Fix division by zero when calculating progress for large periods", in
1.2.1).

Bug ``Aegis#500`` (crash). ``TotpProgressBar.refresh`` computes ``int animPart = maxProgress /
_period`` and then ``currentProgress / animPart``: for a period longer than the bar's maximum
(``android:max="5000"`` in ``card_entry.xml``, the default NORMAL view, and in
``fragment_entry_list_view.xml``) ``animPart`` is 0 and the app dies with
``java.lang.ArithmeticException: divide by zero``. A saved entry is added to the list
(``EntryAdapter.addEntry``); binding its card (``EntryHolder.setData`` → ``setShowProgress``)
starts the card's bar whenever its period differs from the most frequent one shared by at least
two entries (``getMostFrequentPeriod``, -1 for a single entry), and the list's own bar is started
with that shared period when there is one; so saving an entry with period 9999 crashes, and every
launch after it crashes again while loading the vault. The report has no stack trace: the frames
are the model's, in the app's real classes and lines (``TotpProgressBar.java:69``,
``EntryHolder.java:111``, ``EntryAdapter.java:341``), over RecyclerView's and Android 10's frames
whose line numbers are uncertain.

Screens: the intro (AppIntro2 in wizard mode: Welcome; Security with the None / Password /
Biometrics radio buttons, Password preselected and Biometrics disabled; the password slide,
skipped for None; Setup completed; NEXT, BACK, DONE buttons; Back is locked); the main screen
(the ActionBar "Aegis" with Search, Lock when encrypted, the sort item, and Settings / About in the
overflow; the empty list text or the entry cards; the FloatingActionsMenu whose "+" shows Scan QR
code, Scan image and Enter manually); the entry editor ("Add new entry": Name, Issuer, the group
spinner, the Advanced section open for a new entry with the type (TOTP / HOTP / Steam) and
algorithm spinners, Digits, the period with "seconds" or the counter, Secret; Save; its errors in
"Error saving profile"; Back asks "Discard changes?" with Save / Discard, also for an untouched new
entry since an empty secret does not parse).

Stubbed: Scan QR code (the camera permission, then a scanner screen that scans nothing), Scan
image (the system picker is not modelled: the tap only closes the menu), Settings and About
(titled screens), search, sorting, the group filter and "New group…" (which leaves "No group"),
icons, tapping or long-pressing a card (no effect here), the password's key derivation (its
progress dialog) and unlocking an encrypted vault at a later launch (the model keeps it unlocked).
Codes are computed at a fixed clock (2020-06-30 12:00:00 UTC), so they do not change. No network
content.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import struct
from collections import Counter
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.beemdevelopment.aegis"
MAIN = ".ui.MainActivity"
INTRO = ".ui.IntroActivity"
EDIT = ".ui.EditEntryActivity"
SCANNER = ".ui.ScannerActivity"
PREFS = ".ui.PreferencesActivity"
ABOUT = ".ui.AboutActivity"
LABEL = "Aegis"
CLOCK = 1593518400  # 2020-06-30 12:00:00 UTC: the model's fixed time

CRYPT_NONE, CRYPT_PASS = 1, 2
BAR_MAX = 5000  # android:max of card_entry.xml's and the list's TotpProgressBar
TYPES = ("TOTP", "HOTP", "Steam")
ALGOS = ("SHA1", "SHA256", "SHA512")
GROUPS = ("No group", "New group…")
ERROR_TITLE = "Error saving profile"
AEGIS = "com.beemdevelopment.aegis.ui.views"
FRAME_TAIL = [
    "androidx.recyclerview.widget.RecyclerView$Adapter.onBindViewHolder(RecyclerView.java:7065)",
    "androidx.recyclerview.widget.RecyclerView$Adapter.bindViewHolder(RecyclerView.java:7107)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.tryBindViewHolderByDeadline"
    "(RecyclerView.java:6012)",
    "androidx.recyclerview.widget.LinearLayoutManager.fill(LinearLayoutManager.java:1587)",
    "androidx.recyclerview.widget.RecyclerView.dispatchLayout(RecyclerView.java:4015)",
    "androidx.recyclerview.widget.RecyclerView.onLayout(RecyclerView.java:4578)",
    "android.view.View.layout(View.java:22085)",
    "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:2795)",
    "android.view.ViewRootImpl$TraversalRunnable.run(ViewRootImpl.java:7598)",
    "android.view.Choreographer$CallbackRecord.run(Choreographer.java:966)",
    "android.view.Choreographer.doCallbacks(Choreographer.java:790)",
    "android.view.Choreographer.doFrame(Choreographer.java:725)",
    "android.view.Choreographer$FrameDisplayEventReceiver.run(Choreographer.java:951)",
    "android.os.Handler.handleCallback(Handler.java:883)",
    "android.os.Handler.dispatchMessage(Handler.java:100)",
    "android.os.Looper.loop(Looper.java:214)",
    "android.app.ActivityThread.main(ActivityThread.java:7356)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:492)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:930)",
]


# -- the vault's arithmetic -------------------------------------------------------------------
def decode_secret(text: str) -> bytes | None:
    """Aegis' ``Base32.decode`` of the secret field (spaces dropped, upper-cased): ``None`` when
    it is not valid base32 (a foreign character, or a length no padding can complete)."""
    chars = text.replace(" ", "").upper().rstrip("=")
    if any(c not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" for c in chars) or len(chars) % 8 in (
        1,
        3,
        6,
    ):
        return None
    return base64.b32decode(chars + "=" * (-len(chars) % 8))


def otp(entry: dict[str, Any]) -> str:
    """The entry's code at the model's clock (RFC 4226/6238; Steam's five-character alphabet)."""
    key = decode_secret(entry["secret"]) or b"\0"
    step = entry["counter"] if entry["type"] == "HOTP" else CLOCK // entry["period"]
    digest = hmac.new(key, struct.pack(">Q", step), getattr(hashlib, entry["algo"].lower()))
    raw = digest.digest()
    offset = raw[-1] & 0xF
    code = struct.unpack(">I", raw[offset : offset + 4])[0] & 0x7FFFFFFF
    if entry["type"] == "Steam":
        alphabet = "23456789BCDFGHJKMNPQRTVWXY"
        chars = []
        for _ in range(5):
            chars.append(alphabet[code % len(alphabet)])
            code //= len(alphabet)
        return "".join(chars)
    text = str(code % 10 ** entry["digits"]).zfill(entry["digits"])
    return " ".join(text[i : i + 3] for i in range(0, len(text), 3))  # code group size 3


def most_frequent_period(entries: list[dict[str, Any]]) -> int:
    """``EntryAdapter.getMostFrequentPeriod``: the period most TOTP/Steam entries share, when at
    least two share it; else -1."""
    counts = Counter(e["period"] for e in entries if e["type"] != "HOTP")
    best, count = 0, 0
    for period in sorted(counts):  # HashMap<Integer> order for small keys
        if counts[period] > count:
            best, count = period, counts[period]
    return best if count > 1 else -1


def start_progress(period: int, frames: list[str]) -> None:
    """``TotpProgressBar.start`` → ``refresh``: ``maxProgress / _period`` is 0 for a period over
    the bar's maximum, and the next division throws."""
    if BAR_MAX // period == 0:
        raise JavaException(
            "java.lang.ArithmeticException",
            "divide by zero",
            frames=[
                f"{AEGIS}.TotpProgressBar.refresh(TotpProgressBar.java:69)",
                f"{AEGIS}.TotpProgressBar.start(TotpProgressBar.java:46)",
                *frames,
            ],
        )


def bind_list(entries: list[dict[str, Any]]) -> None:
    """The list after a change: ``checkPeriodUniformity`` starts the list's bar with a shared
    period; binding each card starts its own bar when its period is not the shared one."""
    shared = most_frequent_period(entries)
    if shared != -1:
        start_progress(
            shared,
            [
                f"{AEGIS}.EntryListView.onPeriodUniformityChanged(EntryListView.java:230)",
                f"{AEGIS}.EntryAdapter.checkPeriodUniformity(EntryAdapter.java:435)",
                *FRAME_TAIL[-7:],
            ],
        )
    for entry in entries:
        if entry["type"] != "HOTP" and entry["period"] != shared:
            start_progress(
                entry["period"],
                [
                    f"{AEGIS}.EntryHolder.startRefreshLoop(EntryHolder.java:200)",
                    f"{AEGIS}.EntryHolder.setShowProgress(EntryHolder.java:167)",
                    f"{AEGIS}.EntryHolder.setData(EntryHolder.java:111)",
                    f"{AEGIS}.EntryAdapter.onBindViewHolder(EntryAdapter.java:341)",
                    f"{AEGIS}.EntryAdapter.onBindViewHolder(EntryAdapter.java:30)",
                    *FRAME_TAIL,
                ],
            )


def progress_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Aegis#500: a TOTP progress bar divided by zero."""
    return crashed(system, PACKAGE, "java.lang.ArithmeticException", "divide by zero")


# -- the bug's steps --------------------------------------------------------------------------
def _tap(rid: str, text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc, cls)


NEXT = _tap("next", desc="NEXT", cls="android.widget.ImageButton")
INTRO_NONE = [
    NEXT,
    _tap("rb_none", "None", cls="android.widget.RadioButton"),
    NEXT,
    _tap("done", desc="DONE", cls="android.widget.ImageButton"),
]
INTRO_PASSWORD = [
    NEXT,
    NEXT,
    input_text(PACKAGE, "text_password", "aegis1234"),
    input_text(PACKAGE, "text_password_confirm", "aegis1234"),
    {"kind": "press_back"},  # the keyboard covers the bottom bar: Back hides it
    NEXT,
    _tap("done", desc="DONE", cls="android.widget.ImageButton"),
]
OPEN_EDITOR = [
    _tap("fab_expand_menu_button", cls="android.widget.ImageButton"),
    _tap("fab_enter", cls="android.widget.ImageButton"),
]
SECRET = "JBSWY3DPEHPK3PXP"
SAVE = _tap("action_save", desc="Save", cls="android.widget.TextView")


def _entry(period: str) -> list[dict[str, Any]]:
    return [
        input_text(PACKAGE, "text_name", "alice", hint="Name"),
        input_text(PACKAGE, "text_issuer", "Example", hint="Issuer"),
        input_text(PACKAGE, "text_period", period),
        input_text(PACKAGE, "text_secret", SECRET, hint="Secret"),
    ]


BUG_500 = BugSpec(
    "Aegis#500",
    "crash",
    'If code refresh time is set to "9999" - Aegis crashes',
    progress_crashed,
    human_steps=(*INTRO_PASSWORD, *OPEN_EDITOR, *_entry("9999"), SAVE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Aegis#500": [
        # the default period of 30 s
        [*INTRO_PASSWORD, *OPEN_EDITOR, *_entry("30"), SAVE],
        # a long period the bar still divides: 5000 s
        [*INTRO_PASSWORD, *OPEN_EDITOR, *_entry("5000"), SAVE],
        # the period typed but the entry never saved
        [*INTRO_PASSWORD, *OPEN_EDITOR, *_entry("9999")],
        # the secret left out: Save shows the error
        [*INTRO_PASSWORD, *OPEN_EDITOR, *_entry("9999")[:3], SAVE],
    ],
}


class Aegis(VirtualApp):
    """Aegis 1.2: the intro, the main list with its FAB menu, the entry editor."""

    name: ClassVar[str] = "Aegis"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = LABEL
    version: ClassVar[str] = "1.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_500,)

    def initial_data(self) -> dict[str, Any]:
        return {"vault": None, "intro_done": False}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            if ctx.data["vault"] is None:
                ctx.start_activity(INTRO)  # onResume: no vault file yet
            else:
                bind_list(ctx.data["vault"]["entries"])  # loadEntries
        elif ctx.activity == INTRO:
            ctx.ui.setdefault("slide", 0)
            ctx.ui.setdefault("crypt", CRYPT_PASS)
        elif ctx.activity == EDIT and "form" not in ctx.ui:
            ctx.ui["form"] = self._default_form()

    @staticmethod
    def _default_form() -> dict[str, Any]:
        """``VaultEntry.getDefault()``: TOTP, SHA1, 6 digits, 30 s, no secret."""
        return {
            "name": "",
            "issuer": "",
            "group": 0,
            "type": 0,
            "algo": 0,
            "digits": "6",
            "period": "30",
            "counter": "",
            "secret": "",
        }

    # intro ----------------------------------------------------------------------------------
    def _intro_next(self, ctx: AppContext) -> None:
        slide = ctx.ui["slide"]
        if slide == 1:
            ctx.ui["slide"] = 3 if ctx.ui["crypt"] == CRYPT_NONE else 2
        elif slide == 2:
            pw, conf = ctx.ui.get("pw", ""), ctx.ui.get("conf", "")
            if not pw or pw != conf:
                ctx.ui["snack"] = "Passwords should be identical and non-empty"
                return
            ctx.ui["slide"] = 3  # after the key derivation
        else:
            ctx.ui["slide"] = slide + 1
        ctx.ui["snack"] = ""

    def _intro_back(self, ctx: AppContext) -> None:
        slide = ctx.ui["slide"]
        ctx.ui["slide"] = 1 if slide == 3 and ctx.ui["crypt"] == CRYPT_NONE else slide - 1

    def _intro_done(self, ctx: AppContext) -> None:
        ctx.data["vault"] = {"encrypted": ctx.ui["crypt"] != CRYPT_NONE, "entries": []}
        ctx.data["intro_done"] = True
        ctx.finish()

    def _intro_page(self, ctx: AppContext) -> View:
        slide = ctx.ui["slide"]
        if slide in (0, 3):
            title, text = (
                ("Welcome", "Aegis is a free, secure and open source 2FA app")
                if slide == 0
                else ("Setup completed", "Aegis has been setup and is ready to go.")
            )
            return w.linear_layout(
                [
                    w.text_view(title, "title", height=200),
                    w.image_view("image", height=600),
                    w.text_view(text, "description", height=300),
                ],
                rid="main",
            )
        if slide == 1:
            crypt = ctx.ui["crypt"]

            def radio(rid: str, text: str, value: int, enabled: bool = True) -> View:
                return w.radio_button(
                    rid,
                    text,
                    crypt == value,
                    (lambda c: c.ui.update(crypt=value)) if enabled else None,
                    enabled=enabled,
                    height=130,
                )

            group = View(
                cls="android.widget.RadioGroup",
                resource_id="rg_authenticationMethod",
                weight=0,
                children=[
                    radio("rb_none", "None", CRYPT_NONE),
                    w.text_view(
                        "No password is needed to unlock the vault and it will not be "
                        "encrypted. This option is not recommended."
                    ),
                    radio("rb_password", "Password", CRYPT_PASS),
                    w.text_view("A password is needed to unlock the vault."),
                    radio("rb_biometrics", "Biometrics", 3, enabled=False),
                    w.text_view(
                        "In addition to a password, biometrics registered on this device, "
                        "like a fingerprint or your face, can be used to unlock the vault.",
                        "text_rb_biometrics",
                        enabled=False,
                    ),
                ],
            )
            return w.linear_layout(
                [w.text_view("Security", "textView2", height=150), group, View()], rid="main"
            )
        shown = bool(ctx.ui.get("show"))
        return w.linear_layout(
            [
                w.text_view("Password", "textView2", height=150),
                w.text_view(
                    "Warning: If you forget your password, you will permanently lose access "
                    "to your tokens. There is no way to recover them without the password.",
                    height=250,
                ),
                w.text_view("Please enter a password", "textView4"),
                w.edit_text(
                    "text_password",
                    ctx.ui.get("pw", ""),
                    lambda c, t: c.ui.update(pw=t),
                    password=not shown,
                ),
                w.text_view("Please confirm the password", "textView3"),
                w.edit_text(
                    "text_password_confirm",
                    ctx.ui.get("conf", ""),
                    lambda c, t: c.ui.update(conf=t),
                    password=not shown,
                ),
                w.check_box(
                    "check_toggle_visibility",
                    "Show password",
                    shown,
                    lambda c: c.ui.update(show=not c.ui.get("show")),
                ),
                View(),
            ],
            rid="main",
        )

    def _intro(self, ctx: AppContext) -> Screen:
        slide = ctx.ui["slide"]
        last = slide == 3
        advance = w.image_button(
            "done" if last else "next",
            "DONE" if last else "NEXT",
            self._intro_done if last else self._intro_next,
            width=200,
        )
        back = (
            w.image_button("back", "BACK", self._intro_back, width=200) if 0 < slide < 3 else None
        )
        dots = w.frame_layout(rid="indicator_container")
        content = w.intro_pager(
            self._intro_page(ctx),
            skip=back,
            indicator=dots,
            advance=advance,
            bottom_rid="bottom",
            root_cls="androidx.constraintlayout.widget.ConstraintLayout",
        )
        if ctx.ui.get("snack"):
            content.children.insert(1, w.text_view(ctx.ui["snack"], "snackbar_text", height=150))
        return Screen(content=content)

    # main -----------------------------------------------------------------------------------
    def _fab_pick(self, ctx: AppContext, which: str) -> None:
        ctx.ui["fab"] = False
        if which == "enter":
            ctx.start_activity(EDIT)
        elif which == "scan":
            if "android.permission.CAMERA" in ctx.permissions:
                ctx.start_activity(SCANNER)
            else:
                ctx.request_permission("android.permission.CAMERA")

    def _main(self, ctx: AppContext) -> Screen:
        vault = ctx.data["vault"] or {"entries": [], "encrypted": False}
        entries = vault["entries"]
        shared = most_frequent_period(entries)
        cards = []
        for entry in entries:
            issuer, name = entry["issuer"], entry["name"]
            shown_name = f" ({name})" if issuer and name else name
            parts = [
                w.text_view(issuer, "profile_issuer"),
                w.text_view(shown_name, "profile_account_name"),
                w.text_view(otp(entry), "profile_code"),
            ]
            if entry["type"] != "HOTP" and entry["period"] != shared:
                parts.append(
                    View(cls="android.widget.ProgressBar", resource_id="progressBar", height=8)
                )
            cards.append(w.linear_layout(parts, rid="rlCardEntry", height=260, weight=0))
        if cards:
            body = w.list_view(
                cards, rid="rvKeyProfiles", cls="androidx.recyclerview.widget.RecyclerView"
            )
        else:
            body = w.linear_layout(
                [
                    w.image_view("imageView", height=300),
                    w.text_view("No entries found", "textView"),
                    w.text_view(
                        "There are no codes to be shown. Start adding entries by tapping the "
                        "plus sign in the bottom right corner",
                        "textView5",
                        height=200,
                    ),
                ],
                rid="vEmptyList",
                weight=0,
            )
        fab_children: list[View] = []
        if ctx.ui.get("fab"):
            for rid, title, which in (
                ("fab_scan", "Scan QR code", "scan"),
                ("fab_scan_image", "Scan image", "image"),
                ("fab_enter", "Enter manually", "enter"),
            ):
                fab_children.append(
                    w.linear_layout(
                        [
                            View(),
                            w.text_view(title, width=400),
                            w.image_button(rid, "", w.bind(self._fab_pick, which), width=147),
                        ],
                        horizontal=True,
                        height=160,
                        weight=0,
                    )
                )
        fab_children.append(
            w.linear_layout(
                [
                    View(),
                    w.image_button(
                        "fab_expand_menu_button",
                        "",
                        lambda c: c.ui.update(fab=not c.ui.get("fab")),
                        width=168,
                    ),
                ],
                horizontal=True,
                height=168,
                weight=0,
            )
        )
        fab = View(
            cls="android.view.ViewGroup",
            resource_id="fab",
            weight=0,
            height=160 * (len(fab_children) - 1) + 168,
            children=fab_children,
        )
        actions = [w.action_item("mi_search", "Search", None)]
        if vault["encrypted"]:
            actions.append(w.action_item("action_lock", "Lock", None))
        actions += [
            w.action_item("action_sort", "Filter", None),
            w.overflow_button(lambda c: c.ui.update(menu=True)),
        ]
        bar = w.toolbar(LABEL, actions=actions, rid="action_bar")
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Settings", self._open(PREFS)),
                        ("About", self._open(ABOUT)),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        page = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            children=[w.frame_layout([body], rid="key_profiles"), fab],
        )
        return Screen(content=w.linear_layout([bar, page]), windows=windows)

    def _open(self, activity: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui["menu"] = False
            ctx.start_activity(activity)

        return handler

    # entry editor ---------------------------------------------------------------------------
    def _parse(self, form: dict[str, Any]) -> tuple[dict[str, Any] | None, str]:
        """``EditEntryActivity.parseEntry``: the entry, or the error message."""
        if not form["secret"]:
            return None, "Secret is a required field."
        try:
            digits = int(form["digits"])
        except ValueError:
            return None, "Digits is not an integer."
        secret = decode_secret(form["secret"])
        if secret is None:
            return None, "Secret is not valid base32."
        if not secret:
            return None, "Secret cannot be empty"
        kind = TYPES[form["type"]]
        period, counter = 30, 0
        if kind == "HOTP":
            try:
                counter = int(form["counter"])
            except ValueError:
                return None, "Counter is not an integer."
        else:
            try:
                period = int(form["period"])
            except ValueError:
                return None, "Period is not an integer."
            if not 0 < period <= 2**31 // 1000:
                return None, f"The entered info is incorrect: bad period: {period}"
        if not 0 < digits <= 10:
            return None, f"The entered info is incorrect: unsupported amount of digits: {digits}"
        entry = {
            "name": form["name"],
            "issuer": form["issuer"],
            "type": kind,
            "algo": ALGOS[form["algo"]],
            "digits": digits,
            "period": period,
            "counter": counter,
            "secret": form["secret"],
            "group": None,
        }
        return entry, ""

    def _save(self, ctx: AppContext) -> None:
        entry, error = self._parse(ctx.ui["form"])
        if entry is None:
            ctx.ui["dialog"] = {"kind": "error", "text": error}
            return
        self._add_and_finish(ctx, entry)

    def _add_and_finish(self, ctx: AppContext, entry: dict[str, Any]) -> None:
        """``addAndFinish``: the vault saved, the editor finished; MainActivity's
        ``onActivityResult`` adds the entry to the list, which binds it."""
        entries = ctx.data["vault"]["entries"]
        entries.append(entry)
        ctx.ui["dialog"] = None
        ctx.finish()
        bind_list(entries)

    def _edit_back(self, ctx: AppContext) -> None:
        entry, _ = self._parse(ctx.ui["form"])
        default, _ = self._parse(self._default_form())
        if entry is not None and entry == default:
            ctx.finish()
            return
        ctx.ui["dialog"] = {"kind": "discard"}

    def _discard_save(self, ctx: AppContext) -> None:
        entry, error = self._parse(ctx.ui["form"])
        if entry is None:
            ctx.ui["dialog"] = {"kind": "error", "text": error}
            return
        self._add_and_finish(ctx, entry)

    def _field(self, key: str) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            ctx.ui["form"][key] = text

        return handler

    def _choose(self, ctx: AppContext, key: str, index: int) -> None:
        ctx.ui["form"][key] = 0 if key == "group" else index  # "New group…": stub
        ctx.ui["spinner"] = None

    def _spinner(self, ctx: AppContext, rid: str, key: str, choices: tuple[str, ...]) -> View:
        return w.spinner(
            rid,
            choices[ctx.ui["form"][key]],
            lambda c: c.ui.update(spinner=[key, list(choices)]),
        )

    def _editor(self, ctx: AppContext) -> Screen:
        form = ctx.ui["form"]
        hotp = TYPES[form["type"]] == "HOTP"
        row: View
        if hotp:
            row = w.edit_text(
                "text_counter", form["counter"], self._field("counter"), hint="Counter"
            )
        else:
            row = w.linear_layout(
                [
                    w.edit_text("text_period", form["period"], self._field("period")),
                    w.text_view("seconds", "text_hint", width=250),
                ],
                rid="row_period",
                horizontal=True,
                height=150,
                weight=0,
            )
        advanced = w.relative_layout(
            [
                w.linear_layout(
                    [
                        self._spinner(ctx, "spinner_type", "type", TYPES),
                        self._spinner(ctx, "spinner_algo", "algo", ALGOS),
                        w.edit_text(
                            "text_digits", form["digits"], self._field("digits"), hint="Digits"
                        ),
                    ],
                    horizontal=True,
                    height=150,
                    weight=0,
                ),
                row,
                w.edit_text(
                    "text_secret",
                    form["secret"],
                    self._field("secret"),
                    hint="Secret",
                    password=True,
                ),
            ],
            rid="expandableLayout",
            weight=0,
        )
        fields = w.linear_layout(
            [
                w.image_view("profile_drawable", height=300),
                w.edit_text("text_name", form["name"], self._field("name"), hint="Name"),
                w.edit_text("text_issuer", form["issuer"], self._field("issuer"), hint="Issuer"),
                self._spinner(ctx, "spinner_group", "group", GROUPS),
                advanced,
            ],
            weight=0,
        )
        bar = w.toolbar(
            "Add new entry",
            navigation=w.nav_button(w.NAVIGATE_UP, self._edit_back),
            actions=[
                w.action_item("action_save", "Save", self._save),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
            rid="action_bar",
        )
        windows: list[Window] = []
        dialog = ctx.ui.get("dialog")
        close = w.bind(lambda c: c.ui.update(dialog=None))
        if dialog and dialog["kind"] == "error":
            windows.append(
                w.confirm_dialog(ERROR_TITLE, dialog["text"], ("OK", close), None, close)
            )
        elif dialog:
            windows.append(
                w.confirm_dialog(
                    "Discard changes?",
                    "Your changes have not been saved",
                    ("Save", self._discard_save),
                    ("Discard", w.finish),
                    close,
                )
            )
        spinner = ctx.ui.get("spinner")
        if spinner:
            key, choices = spinner
            windows.append(
                w.spinner_dropdown(
                    choices,
                    form[key],
                    lambda c, i: self._choose(c, key, i),
                    lambda c: c.ui.update(spinner=None),
                )
            )
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [("Edit icon", lambda c: c.ui.update(menu=False))],
                    lambda c: c.ui.update(menu=False),
                )
            )
        body = w.scroll_view([fields], scrollable=True, scroll_key="edit_scroll")
        return Screen(content=w.linear_layout([bar, body]), windows=windows)

    # render ---------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == INTRO:
            return self._intro(ctx)
        if ctx.activity == EDIT:
            return self._editor(ctx)
        if ctx.activity in (PREFS, ABOUT, SCANNER):
            title = {PREFS: "Settings", ABOUT: "About", SCANNER: "Scan a QR code"}[ctx.activity]
            bar = w.toolbar(title, navigation=w.up_button(), rid="action_bar")
            return Screen(content=w.linear_layout([bar, w.frame_layout()]))
        return self._main(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == INTRO:
            return True  # setSystemBackButtonLocked(true)
        if w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "spinner", None):
            return True
        if ctx.activity == EDIT:
            if ctx.ui.get("dialog"):
                ctx.ui["dialog"] = None
            else:
                self._edit_back(ctx)
            return True
        return w.dismiss(ctx.ui, "fab")

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if granted:
            ctx.start_activity(SCANNER)
