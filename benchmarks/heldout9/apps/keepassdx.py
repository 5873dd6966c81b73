"""KeePassDX (Kunzisoft/KeePassDX), a KeePass password manager with OTP support, "Free" build.

Versions modelled: 2.9.8 (tag 2.9.8, commit d7052bd9e65516c8c34c658a314f7aea04a4de71) and
2.9.11 (tag 2.9.11, commit 2928b7daa35b9a661b4acdb3049c74b890c32f74), read from the sources:
layouts activity_file_selection, fragment_set_password, view_button_add_node,
fragment_entry_edit_contents, fragment_entry_new_field, fragment_set_otp, view_entry_contents,
menus entry_edit/entry/search/tree/default_menu, strings.xml, FileDatabaseSelectActivity,
GroupActivity, EntryEditActivity, EntryActivity, SetOTPDialogFragment, OtpElement,
OtpEntryFields and the education (TapTargetView) classes.

Bugs:
- KeePassDX#848 (non-crash, 2.9.8): ``OtpElement.replaceBase32Chars`` pads a Base32 secret whose
  length is not a multiple of 8 with ``'A'`` (a zero-valued Base32 digit) instead of ``'='``, so a
  long secret such as PlayStation's decodes to extra key bytes and the TOTP shown is wrong. Fixed
  by 4b4fd2a11 (pads with '='), released in 2.9.9.
- KeePassDX#863 (crash, 2.9.11): in the Free build (CLOSED_STORE && !FULL_VERSION) the TOTP token
  type spinner of SetOTPDialogFragment holds only RFC6238, but ``upgradeTokenType`` selects
  ``getTotpTokenTypeValues().indexOf(tokenType)`` in the full list (RFC6238, STEAM): for an entry
  whose OTP is Steam ("encoder=steam") that is index 1 of a one-item adapter, and the Spinner's
  layout throws ArrayIndexOutOfBoundsException from ArrayAdapter.getItem. Fixed by 7c3836184.

The OTP of an entry is kept as its "otp" field (an otpauth:// URI), as OtpEntryFields builds and
parses it; an entry gets a Steam OTP from a custom field "otp" holding such a URI with
``encoder=steam`` (what KeePassXC writes). First-run education overlays (TapTargetView) are
shown once each: a tap on the target does the target's action, Back or a tap outside dismisses it.

Stubbed: the database file itself (kept as JSON), key files, attachments, the password
generator, icons, groups, search, sort, settings, about, the "Open existing database" file
picker (an empty Downloads folder), expiry dates. The DocumentsUI "create document" screen is
drawn by this model. Uncertain: the 2.9.8 screens are modelled as 2.9.11's (their diff touches
none of the modelled controls); the Steam token is drawn as a numeric TOTP; the Free build is
assumed to show no other first-run dialog. The clock is fixed (TOTP time FIXED_TIME), not the
device's; no network content is used.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from typing import Any, ClassVar
from urllib.parse import parse_qs, urlparse

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import FRAME, Screen, TextHandler, View, Window

PKG = "com.kunzisoft.keepass.free"
ACT = "com.kunzisoft.keepass.activities."  # the classes keep the base package
FILES = ACT + "FileDatabaseSelectActivity"
PICKER = "com.android.documentsui.picker.PickActivity"
GROUP = ACT + "GroupActivity"
ENTRY = ACT + "EntryActivity"
EDIT = ACT + "EntryEditActivity"

FIXED_TIME = 1610550000  # 2021-01-13, the clock the model's TOTP uses
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

# Education keys, titles and summaries (strings.xml).
EDU = {
    "select_db": (
        "Open an existing database",
        "Open your earlier database file from your file browser to continue using it.",
    ),
    "new_node": (
        "Add items to your database",
        "Entries help manage your digital identities.\n\n"
        "Groups (~folders) organize entries in your database.",
    ),
    "search": (
        "Search through entries",
        "Enter title, username or content of other fields to retrieve your passwords.",
    ),
    "sort": ("Item sorting", "Choose how entries and groups are sorted."),
    "lock": (
        "Lock the database",
        "Lock your database quickly, you can set up the app to lock "
        "it after a while, and when the screen turns off.",
    ),
    "generate_password": (
        "Create a strong password",
        "Generate a strong password to associate "
        "with your entry, easily define it according to the criteria of the "
        "form and don't forget secure password.",
    ),
    "new_field": (
        "Add custom fields",
        "Register an additional field, add a value and optionally protect it.",
    ),
    "attachment": (
        "Add attachment",
        "Upload an attachment to your entry to save important external data.",
    ),
    "setup_otp": (
        "Set up OTP",
        "Set up one-time password management (HOTP / TOTP) to generate "
        "a token requested for two-factor authentication (2FA).",
    ),
    "entry_edit": (
        "Edit the entry",
        "Edit your entry with custom fields. Pool data can be "
        "referenced between different entry fields.",
    ),
}
EDU_CHAINS = {
    FILES: ["select_db"],
    GROUP: ["new_node", "search", "sort", "lock"],
    EDIT: ["generate_password", "new_field", "attachment", "setup_otp"],
    ENTRY: ["entry_edit"],
}


# -- OTP arithmetic ------------------------------------------------------------------------
def b32_decode(text: str) -> bytes:
    """Commons-codec Base32 decoding: 5 bits a digit, '=' ends, leftover bits dropped."""
    bits, acc, out = 0, 0, bytearray()
    for ch in text:
        if ch == "=":
            break
        acc = (acc << 5) | B32.index(ch)
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append((acc >> bits) & 0xFF)
    return bytes(out)


def b32_encode(data: bytes) -> str:
    bits, acc, out = 0, 0, []
    for byte in data:
        acc = (acc << 8) | byte
        bits += 8
        while bits >= 5:
            bits -= 5
            out.append(B32[(acc >> bits) & 31])
    if bits:
        out.append(B32[(acc << (5 - bits)) & 31])
    while len(out) % 8:
        out.append("=")
    return "".join(out)


def clean_secret(secret: str) -> str:
    return "".join(secret.upper().split())


def valid_b32_chars(secret: str) -> bool:
    s = clean_secret(secret)
    return bool(s) and all(c in B32 for c in s)


def totp(key: bytes, period: int = 30, digits: int = 6) -> str:
    mac = hmac.new(key, struct.pack(">Q", FIXED_TIME // period), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    code = struct.unpack(">I", mac[offset : offset + 4])[0] & 0x7FFFFFFF
    return str(code % 10**digits).zfill(digits)


def parse_otp_uri(uri: str) -> dict[str, Any] | None:
    """OtpEntryFields.parseOTPUri: the OTP of an "otp" field, or None."""
    if not uri.startswith("otpauth://"):
        return None
    parsed = urlparse(uri.replace(" ", ""))
    if parsed.netloc not in ("totp", "hotp"):
        return None
    query = {k: v[0] for k, v in parse_qs(parsed.query).items()}
    encoder = query.get("encoder", "").lower()
    return {
        "type": parsed.netloc.upper(),
        "token_type": "STEAM" if encoder in ("s", "steam") else "RFC6238",
        "secret": query.get("secret", ""),
        "digits": int(query.get("digits", "6") or 6),
        "period": int(query.get("period", "30") or 30),
    }


def entry_otp(entry: dict[str, Any]) -> dict[str, Any] | None:
    for field in entry["fields"]:
        if field["name"] == "otp":
            return parse_otp_uri(field["value"])
    return None


# -- oracles -------------------------------------------------------------------------------
def wrong_token_shown(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """KeePassDX#848: an entry page showed a TOTP that is not the secret's RFC 6238 code."""
    return any(v["shown"] != v["expected"] for v in data.get("otp_views", []))


def steam_otp_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """KeePassDX#863: opening "Set up one-time password" crashed with the spinner's AIOOBE."""
    return crashed(system, PKG, "java.lang.ArrayIndexOutOfBoundsException", "index=1")


# -- steps ---------------------------------------------------------------------------------
BACK = {"kind": "press_back"}
OK = click(PKG, "android:id/button1", "OK")
STEAM_URI = (
    "otpauth://totp/Steam:user?secret=JBSWY3DPEHPK3PXP&period=30&digits=5"
    "&issuer=Steam&encoder=steam"
)
PLAIN_URI = "otpauth://totp/Site:user?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&issuer=Site"
LONG_SECRET = "JBSWY3DPEHPK3PXP" * 6 + "JBSWY3DPEH"  # 106 characters

CREATE_DB = (
    BACK,  # dismiss the "Open an existing database" education
    click(PKG, "create_database_button", "Create new database"),
    click(PKG, "android:id/button1", "Save"),
    input_text(PKG, "pass_password", "secret"),
    input_text(PKG, "pass_conf_password", "secret"),
    OK,
    BACK,  # dismiss the "Add items to your database" education
    click(PKG, "add_button", desc="Add node"),
    click(PKG, "fab_add_entry", desc="Add entry"),
    BACK,  # dismiss the "Create a strong password" education
)


def otp_entry(title: str, secret: str, ok: bool = True) -> tuple[dict[str, Any], ...]:
    return (
        *CREATE_DB,
        input_text(PKG, "entry_edit_title", title),
        click(PKG, "menu_add_otp", desc="Set up one-time password"),
        input_text(PKG, "setup_otp_secret", secret),
        OK if ok else click(PKG, "android:id/button2", "Cancel"),
        click(PKG, "entry_edit_validate", desc="Validate"),
    )


def field_entry(title: str, value: str) -> tuple[dict[str, Any], ...]:
    return (
        *CREATE_DB,
        input_text(PKG, "entry_edit_title", title),
        click(PKG, "menu_add_field", desc="Add field"),
        input_text(PKG, "entry_custom_field_label", "otp"),
        OK,
        input_text(PKG, "entry_extra_field_value", value),
        BACK,  # hide the keyboard
        click(PKG, "entry_edit_validate", desc="Validate"),
    )


def open_entry(title: str) -> dict[str, Any]:
    return click(PKG, "node_text", title)


EDIT_AGAIN = (
    BACK,  # dismiss the "Edit the entry" education
    click(PKG, "menu_edit", desc="Edit"),
    BACK,  # dismiss the "Add custom fields" education
)
ADD_OTP = click(PKG, "menu_add_otp", desc="Set up one-time password")

STEPS_848 = (*otp_entry("PlayStation", LONG_SECRET), open_entry("PlayStation"))
STEPS_863 = (*field_entry("Steam", STEAM_URI), open_entry("Steam"), *EDIT_AGAIN, ADD_OTP)

WRONG_SEQUENCES = {
    "KeePassDX#848": [
        # a secret of 32 characters needs no padding
        (*otp_entry("PlayStation", "JBSWY3DPEHPK3PXP" * 2), open_entry("PlayStation")),
        # the OTP dialog cancelled
        (*otp_entry("PlayStation", LONG_SECRET, ok=False), open_entry("PlayStation")),
        # the entry saved but never opened
        otp_entry("PlayStation", LONG_SECRET),
        # a 16-character secret
        (*otp_entry("PlayStation", "JBSWY3DPEHPK3PXP"), open_entry("PlayStation")),
    ],
    "KeePassDX#863": [
        # a standard TOTP in the otp field
        (*field_entry("Steam", PLAIN_URI), open_entry("Steam"), *EDIT_AGAIN, ADD_OTP),
        # "Add field" instead of "Add OTP"
        (
            *field_entry("Steam", STEAM_URI),
            open_entry("Steam"),
            *EDIT_AGAIN,
            click(PKG, "menu_add_field", desc="Add field"),
        ),
        # the Steam entry opened but not edited
        (*field_entry("Steam", STEAM_URI), open_entry("Steam")),
        # OTP set up on a new entry without OTP
        (*CREATE_DB, input_text(PKG, "entry_edit_title", "Steam"), ADD_OTP),
    ],
}


class KeePassDX(VirtualApp):
    """KeePassDX 2.9.8 (Free): database creation, entries, custom fields and OTP set-up."""

    name: ClassVar[str] = "KeePassDX"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "KeePassDX"
    version: ClassVar[str] = "2.9.8"
    launch_activity: ClassVar[str] = FILES
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "KeePassDX#848",
            "non-crash",
            "KeepassDX bugged OTP generation for Playstation(.com)",
            wrong_token_shown,
            human_steps=STEPS_848,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"edu_done": [], "db": None, "otp_views": []}

    # -- secrets -----------------------------------------------------------------------
    def pad_base32(self, secret: str) -> str:
        """OtpElement.replaceBase32Chars (2.9.8): pads with 'A' to a multiple of 8."""
        s = clean_secret(secret)
        while len(s) % 8:
            s += "A"
        return s

    def store_secret(self, secret: str) -> str:
        """setBase32Secret then getBase32Secret: the Base32 the otp field is written with."""
        return b32_encode(b32_decode(self.pad_base32(secret)))

    # -- education overlays --------------------------------------------------------------
    def pending_edu(self, ctx: AppContext) -> str:
        if ctx.ui.get("edu_off"):
            return ""
        for key in EDU_CHAINS.get(ctx.activity, []):
            if key in ctx.data["edu_done"]:
                continue
            if key == "new_node" and self.db_entries(ctx):
                continue
            return key
        return ""

    def tokens(self, entry: dict[str, Any]) -> tuple[str, str] | None:
        """(the TOTP the entry page shows, the RFC 6238 TOTP of the secret the user gave)."""
        otp = entry_otp(entry)
        if not otp or otp["type"] != "TOTP" or not valid_b32_chars(otp["secret"].rstrip("=")):
            return None
        given = entry.get("otp_typed") or clean_secret(otp["secret"])
        shown = totp(b32_decode(self.pad_base32(otp["secret"])), otp["period"], otp["digits"])
        return shown, totp(b32_decode(given), otp["period"], otp["digits"])

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == ENTRY:
            entry = self.db_entries(ctx)[ctx.extras["index"]]
            found = self.tokens(entry)
            if found and entry_otp(entry)["token_type"] == "RFC6238":  # type: ignore[index]
                ctx.data["otp_views"].append(
                    {"entry": entry["title"], "shown": found[0], "expected": found[1]}
                )

    def edu_done(self, ctx: AppContext, key: str, action: Any = None) -> None:
        ctx.data["edu_done"].append(key)
        ctx.ui["edu_off"] = True
        if action is not None:
            action(ctx)

    def edu_window(self, ctx: AppContext, key: str, action: Any) -> Window:
        title, summary = EDU[key]
        root = View(
            cls="android.widget.FrameLayout",
            on_click=lambda c: self.edu_done(c, key),
            children=[
                View(
                    cls="android.view.View",
                    content_desc=title,
                    on_click=lambda c: self.edu_done(c, key, action),
                    height=400,
                ),
                w.text_view(title),
                w.text_view(summary, height=330),
            ],
        )
        return Window(root=root, kind="dialog", on_dismiss=lambda c: self.edu_done(c, key))

    # -- storage -------------------------------------------------------------------------
    def db_entries(self, ctx: AppContext) -> list[dict[str, Any]]:
        db = ctx.data["db"]
        return db["entries"] if db else []

    # -- file selection ------------------------------------------------------------------
    def create_file(self, ctx: AppContext) -> None:
        ctx.start_activity(PICKER, {"mode": "create"})

    def open_file(self, ctx: AppContext) -> None:
        ctx.start_activity(PICKER, {"mode": "open"})

    def render_files(self, ctx: AppContext) -> Screen:
        title = w.linear_layout(
            [
                w.text_view("KeePass", "file_selection_title_part_1"),
                w.text_view("DX", "file_selection_title_part_2"),
                w.text_view("", "file_selection_title_part_3"),
            ],
            rid="file_selection_title_container",
            horizontal=True,
            height=300,
        )
        more = w.overflow_button(lambda c: c.ui.update(menu=True))
        content = w.linear_layout(
            [
                title,
                w.toolbar("", actions=[more]),
                View(cls="androidx.recyclerview.widget.RecyclerView", resource_id="file_list"),
                w.linear_layout(
                    [
                        w.button("open_keyfile_button", "Open existing database", self.open_file),
                        w.button("create_database_button", "Create new database", self.create_file),
                    ],
                    rid="database_buttons_container",
                    weight=0,
                ),
            ]
        )
        windows = []
        if ctx.memory.get("assign"):
            windows.append(self.assign_dialog(ctx))
        elif ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [("Settings", None, "menu_app_settings"), ("About", None, "menu_about")],
                    lambda c: c.ui.pop("menu", None),
                )
            )
        elif key := self.pending_edu(ctx):
            windows.append(self.edu_window(ctx, key, self.open_file))
        return Screen(content=content, windows=windows)

    def assign_dialog(self, ctx: AppContext) -> Window:
        form = ctx.memory["assign"]
        fields = [
            w.text_view("Assign a master key"),
            w.check_box(
                "password_checkbox",
                "Password",
                form["pw_on"],
                lambda c: form.update(pw_on=not form["pw_on"]),
            ),
            w.edit_text(
                "pass_password",
                form["pw"],
                lambda c, t: form.update(pw=t, pw_on=form["pw_on"] or bool(t)),
                hint="Password",
                password=True,
            ),
            w.edit_text(
                "pass_conf_password",
                form["conf"],
                lambda c, t: form.update(conf=t),
                hint="Confirm password",
                password=True,
            ),
        ]
        if form.get("error"):
            fields.append(w.text_view(form["error"], "textinput_error"))
        fields.append(
            w.check_box(
                "keyfile_checkox",
                "Keyfile",
                False,
                None,
            )
        )
        buttons = w.dialog_buttons(("OK", self.assign_ok), ("Cancel", self.assign_cancel))
        return w.alert_dialog(
            w.text_view("", "android:id/alertTitle", height=0),
            [w.scroll_view(fields)],
            buttons,
            self.assign_cancel,
        )

    def assign_cancel(self, ctx: AppContext) -> None:
        ctx.memory.pop("assign", None)

    def assign_ok(self, ctx: AppContext) -> None:
        form = ctx.memory["assign"]
        if form["pw_on"] and form["pw"] != form["conf"]:
            form["error"] = "The passwords do not match."
            return
        if not form["pw_on"] or not form["pw"]:
            form["error"] = "Continue without password unlocking protection?"
            return
        ctx.data["db"] = {"name": ctx.memory.pop("assign")["file"], "entries": []}
        ctx.start_activity(GROUP)

    # -- DocumentsUI ---------------------------------------------------------------------
    def render_picker(self, ctx: AppContext) -> Screen:
        create = ctx.extras.get("mode") == "create"
        name = ctx.ui.get("name", "keepass.kdbx")
        footer = []
        if create:
            footer = [
                w.linear_layout(
                    [
                        w.edit_text("android:id/title", name, lambda c, t: c.ui.update(name=t)),
                        w.button("android:id/button1", "Save", self.picker_save, width=300),
                    ],
                    rid="com.android.documentsui:id/container_save",
                    horizontal=True,
                    height=170,
                    weight=0,
                )
            ]
        return Screen(content=w.document_picker([], title="Downloads", footer=footer))

    def picker_save(self, ctx: AppContext) -> None:
        name = ctx.ui.get("name", "keepass.kdbx").strip()
        if not name:
            return
        ctx.finish()
        ctx.memory["assign"] = {"file": name, "pw_on": False, "pw": "", "conf": ""}

    # -- group ---------------------------------------------------------------------------
    def add_node_open(self, ctx: AppContext) -> None:
        ctx.ui["fab_open"] = not ctx.ui.get("fab_open")

    def add_entry(self, ctx: AppContext) -> None:
        ctx.ui["fab_open"] = False
        ctx.start_activity(EDIT, {"index": -1})

    def render_group(self, ctx: AppContext) -> Screen:
        # The new database's root group is named "Database" (R.string.database), shown in
        # group_name; the toolbar's own title is empty.
        bar = w.toolbar(
            w.text_view("Database", "group_name", height=w.TOOLBAR_HEIGHT),
            actions=[
                w.action_item("menu_search", "Search", None),
                w.action_item("menu_sort", "Sort", None),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        rows = [
            w.linear_layout(
                rid="node_container",
                horizontal=True,
                height=168,
                on_click=w.bind(lambda c, i: c.start_activity(ENTRY, {"index": i}), i),
                children=[
                    w.image_view("node_icon", width=147),
                    w.linear_layout(
                        [w.text_view(e["title"], "node_text")]
                        + ([w.text_view(e["username"], "node_subtext")] if e["username"] else [])
                    ),
                ],
            )
            for i, e in enumerate(self.db_entries(ctx))
        ]
        fab_children: list[View] = []
        if ctx.ui.get("fab_open"):
            fab_children += [
                w.linear_layout(
                    [
                        w.text_view("Add group", "text_add_group"),
                        w.fab("fab_add_group", "Add group", None, size=147, gravity=""),
                    ],
                    rid="container_add_group",
                    horizontal=True,
                    height=160,
                    weight=0,
                ),
                w.linear_layout(
                    [
                        w.text_view("Add entry", "text_add_entry"),
                        w.fab("fab_add_entry", "Add entry", self.add_entry, size=147, gravity=""),
                    ],
                    rid="container_add_entry",
                    horizontal=True,
                    height=160,
                    weight=0,
                ),
            ]
        fab_children.append(w.fab("add_button", "Add node", self.add_node_open, gravity=""))
        content = w.frame_layout(
            [
                w.linear_layout(
                    [
                        bar,
                        w.list_view(
                            rows, rid="nodes_list", cls="androidx.recyclerview.widget.RecyclerView"
                        ),
                    ]
                ),
                w.image_button(
                    "lock_button_icon",
                    "Lock database",
                    w.finish,
                    width=147,
                    height=147,
                    gravity="bottom_start",
                ),
                w.linear_layout(
                    fab_children,
                    width=600,
                    height=168 + 320 * bool(ctx.ui.get("fab_open")),
                    gravity="bottom_end",
                    weight=0,
                ),
            ],
            layout=FRAME,
        )
        windows = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Lock database", w.finish, "menu_lock"),
                        ("Database settings", None, "menu_database_settings"),
                        ("Settings", None, "menu_app_settings"),
                        ("About", None, "menu_about"),
                    ],
                    lambda c: c.ui.pop("menu", None),
                )
            )
        elif key := self.pending_edu(ctx):
            action = {"new_node": lambda c: c.ui.update(fab_open=True)}.get(key)
            windows.append(self.edu_window(ctx, key, action))
        return Screen(content=content, windows=windows)

    # -- entry view ----------------------------------------------------------------------
    def render_entry(self, ctx: AppContext) -> Screen:
        entry = self.db_entries(ctx)[ctx.extras["index"]]
        bar = w.toolbar(
            entry["title"],
            navigation=w.up_button(),
            actions=[
                w.action_item("menu_edit", "Edit", w.bind(self.edit_entry, ctx.extras["index"])),
                w.action_item("menu_goto_url", "Go to URL", None),
            ],
        )
        rows: list[View] = []

        def field_row(label: str, value: str, rid: str) -> View:
            return w.linear_layout(
                [
                    w.text_view(label, "entry_field_label"),
                    w.text_view(value, "entry_field_value"),
                ],
                rid=rid,
                height=220,
                weight=0,
            )

        if entry["username"]:
            rows.append(field_row("Username", entry["username"], "entry_user_name_field"))
        if entry["password"]:
            rows.append(field_row("Password", "•" * 8, "entry_password_field"))
        otp = entry_otp(entry)
        if otp is not None:
            found = self.tokens(entry)
            value = found[0] if found else "Invalid OTP"
            rows.append(field_row(otp["type"], value, "entry_otp_field"))
        for field in entry["fields"]:
            if field["name"] != "otp":
                rows.append(field_row(field["name"], field["value"], "extra_field"))
        content = w.linear_layout([bar, w.scroll_view(rows, rid="entry_scroll")])
        windows = []
        if key := self.pending_edu(ctx):
            windows.append(self.edu_window(ctx, key, w.bind(self.edit_entry, ctx.extras["index"])))
        return Screen(content=content, windows=windows)

    def edit_entry(self, ctx: AppContext, index: int) -> None:
        ctx.start_activity(EDIT, {"index": index})

    # -- entry edit ----------------------------------------------------------------------
    def form(self, ctx: AppContext) -> dict[str, Any]:
        if "form" not in ctx.ui:
            index = ctx.extras.get("index", -1)
            if index >= 0:
                e = self.db_entries(ctx)[index]
                ctx.ui["form"] = {
                    "title": e["title"],
                    "username": e["username"],
                    "password": e["password"],
                    "url": e["url"],
                    "notes": e["notes"],
                    "fields": [dict(f) for f in e["fields"]],
                }
            else:
                ctx.ui["form"] = {
                    "title": "",
                    "username": "",
                    "password": "",
                    "url": "",
                    "notes": "",
                    "fields": [],
                }
        return ctx.ui["form"]

    def add_field(self, ctx: AppContext) -> None:
        ctx.ui["field_dialog"] = {"name": "", "protected": False, "error": ""}

    def field_ok(self, ctx: AppContext) -> None:
        dialog = ctx.ui["field_dialog"]
        if not dialog["name"]:
            dialog["error"] = "Each string must have a field name."
            return
        self.form(ctx)["fields"].append(
            {"name": dialog["name"], "value": "", "protected": dialog["protected"]}
        )
        ctx.ui.pop("field_dialog")

    def _field_setter(self, index: int) -> TextHandler:
        def on_text(ctx: AppContext, text: str) -> None:
            self.set_field(ctx, index, text)

        return on_text

    def set_field(self, ctx: AppContext, index: int, text: str) -> None:
        form = self.form(ctx)
        form["fields"][index]["value"] = text
        if form["fields"][index]["name"] == "otp":
            form.pop("otp_typed", None)

    def setup_otp(self, ctx: AppContext) -> None:
        """SetOTPDialogFragment.build(entryInfo.otpModel).show(): the current OTP, or a new TOTP."""
        current = None
        for field in self.form(ctx)["fields"]:
            if field["name"] == "otp":
                current = parse_otp_uri(field["value"])
        token_type = current["token_type"] if current else "RFC6238"
        otp_type = current["type"] if current else "TOTP"
        # upgradeTokenType(): the Free build's TOTP adapter holds [RFC6238] only, but the
        # selection index comes from the full list [RFC6238, STEAM].
        free_adapter = ["RFC6238"] if otp_type == "TOTP" else ["RFC4226"]
        full_list = ["RFC6238", "STEAM"] if otp_type == "TOTP" else ["RFC4226"]
        index = full_list.index(token_type) if token_type in full_list else -1
        if index >= len(free_adapter):
            raise JavaException(
                "java.lang.ArrayIndexOutOfBoundsException",
                f"length={len(free_adapter)}; index={index}",
                frames=[
                    "java.util.Arrays$ArrayList.get(Arrays.java:3769)",
                    "android.widget.ArrayAdapter.getItem(ArrayAdapter.java:384)",
                    "android.widget.ArrayAdapter.createViewFromResource(ArrayAdapter.java:430)",
                    "android.widget.ArrayAdapter.getView(ArrayAdapter.java:401)",
                    "android.widget.Spinner.makeView(Spinner.java:720)",
                    "android.widget.Spinner.layout(Spinner.java:668)",
                    "android.widget.Spinner.onLayout(Spinner.java:628)",
                    "android.view.View.layout(View.java:21912)",
                    "android.view.ViewGroup.layout(ViewGroup.java:6260)",
                    "android.view.ViewRootImpl.performLayout(ViewRootImpl.java:3080)",
                    "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:2590)",
                    "android.view.ViewRootImpl.doTraversal(ViewRootImpl.java:1721)",
                    "android.view.Choreographer.doFrame(Choreographer.java:761)",
                    "android.os.Handler.handleCallback(Handler.java:873)",
                    "android.os.Looper.loop(Looper.java:193)",
                    "android.app.ActivityThread.main(ActivityThread.java:6669)",
                ],
            )
        secret = ""
        if current and valid_b32_chars(current["secret"].rstrip("=")):
            secret = self.store_secret(current["secret"])
        ctx.ui["otp_dialog"] = {
            "type": otp_type,
            "secret": secret,
            "period": str(current["period"]) if current else "30",
            "digits": str(current["digits"]) if current else "6",
            "error": "",
        }

    def otp_secret(self, ctx: AppContext, text: str) -> None:
        dialog = ctx.ui["otp_dialog"]
        dialog["secret"] = text
        dialog["error"] = "" if valid_b32_chars(text) else "Secret key must be in Base32 format."

    def otp_ok(self, ctx: AppContext) -> None:
        dialog = ctx.ui["otp_dialog"]
        if dialog["error"] or not valid_b32_chars(dialog["secret"]):
            return
        form = self.form(ctx)
        secret = self.store_secret(dialog["secret"])
        issuer = form["title"] or "None"
        uri = (
            f"otpauth://{dialog['type'].lower()}/{issuer}%3AOTP?secret={secret}"
            f"&period={dialog['period']}&digits={dialog['digits']}&issuer={issuer}"
        )
        form["fields"] = [f for f in form["fields"] if f["name"] != "otp"]
        form["fields"].append({"name": "otp", "value": uri, "protected": True})
        form["otp_typed"] = clean_secret(dialog["secret"])
        ctx.ui.pop("otp_dialog")

    def validate(self, ctx: AppContext) -> None:
        form = self.form(ctx)
        index = ctx.extras.get("index", -1)
        entry = {k: form[k] for k in ("title", "username", "password", "url", "notes")}
        entry["fields"] = [dict(f) for f in form["fields"]]
        old = self.db_entries(ctx)[index] if index >= 0 else {}
        entry["otp_typed"] = form.get("otp_typed", old.get("otp_typed", ""))
        if index >= 0:
            ctx.data["db"]["entries"][index] = entry
        else:
            ctx.data["db"]["entries"].append(entry)
        ctx.finish()

    def render_edit(self, ctx: AppContext) -> Screen:
        form = self.form(ctx)

        def setter(key: str) -> Any:
            return lambda c, t: form.update({key: t})

        bar = w.toolbar(
            "",
            navigation=w.up_button(),
            actions=[
                w.action_item("menu_add_field", "Add field", self.add_field),
                w.action_item("menu_add_attachment", "Add attachment", None),
                w.action_item("menu_add_otp", "Set up one-time password", self.setup_otp),
            ],
        )
        extra = []
        for i, field in enumerate(form["fields"]):
            extra.append(
                w.linear_layout(
                    [
                        w.edit_text(
                            "entry_extra_field_value",
                            field["value"],
                            self._field_setter(i),
                            hint=field["name"],
                            password=field["protected"],
                        ),
                        w.image_button("entry_extra_field_edit", "Edit", None, width=147),
                    ],
                    rid="entry_extra_field_value_container",
                    horizontal=True,
                    height=170,
                    weight=0,
                )
            )
        fields = [
            w.image_button("entry_edit_icon_button", "Entry icon", None, height=147),
            w.edit_text("entry_edit_title", form["title"], setter("title"), hint="Title"),
            w.edit_text(
                "entry_edit_user_name", form["username"], setter("username"), hint="Username"
            ),
            w.linear_layout(
                [
                    w.edit_text(
                        "entry_edit_password",
                        form["password"],
                        setter("password"),
                        hint="Password",
                        password=True,
                    ),
                    w.image_button(
                        "entry_edit_password_generator_button",
                        "Generate password",
                        None,
                        width=147,
                    ),
                ],
                rid="entry_edit_container_password",
                horizontal=True,
                height=150,
                weight=0,
            ),
            w.edit_text("entry_edit_url", form["url"], setter("url"), hint="URL"),
            w.text_view("Expires", "entry_edit_expires_label"),
            w.edit_text("entry_edit_notes", form["notes"], setter("notes"), hint="Notes"),
            w.linear_layout(extra, rid="extra_fields_list", weight=0),
        ]
        content = w.frame_layout(
            [
                w.linear_layout([bar, w.scroll_view(fields, rid="entry_edit_scroll")]),
                w.fab("entry_edit_validate", "Validate", self.validate),
            ],
            layout=FRAME,
        )
        windows = []
        if dialog := ctx.ui.get("field_dialog"):
            windows.append(self.field_window(dialog))
        elif dialog := ctx.ui.get("otp_dialog"):
            windows.append(self.otp_window(ctx, dialog))
        elif key := self.pending_edu(ctx):
            action = {"new_field": self.add_field, "setup_otp": self.setup_otp}.get(key)
            windows.append(self.edu_window(ctx, key, action))
        return Screen(content=content, windows=windows)

    def field_window(self, dialog: dict[str, Any]) -> Window:
        body = [
            w.edit_text(
                "entry_custom_field_label",
                dialog["name"],
                lambda c, t: dialog.update(name=t, error=""),
                hint="Field name",
            ),
            w.check_box(
                "entry_custom_field_protection",
                "Protection",
                dialog["protected"],
                lambda c: dialog.update(protected=not dialog["protected"]),
            ),
        ]
        if dialog["error"]:
            body.insert(1, w.text_view(dialog["error"], "textinput_error"))
        return w.alert_dialog(
            w.text_view("", "android:id/alertTitle", height=0),
            body,
            w.dialog_buttons(("OK", self.field_ok), ("Cancel", lambda c: c.ui.pop("field_dialog"))),
            lambda c: c.ui.pop("field_dialog", None),
        )

    def otp_window(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        timed = dialog["type"] == "TOTP"
        body = [
            w.text_view("OTP type", "setup_otp_type_label"),
            w.linear_layout(
                [
                    w.spinner("setup_otp_type", dialog["type"], None),
                    w.spinner("setup_otp_token_type", "RFC6238" if timed else "RFC4226", None),
                ],
                horizontal=True,
                height=126,
                weight=0,
            ),
            w.edit_text(
                "setup_otp_secret",
                dialog["secret"],
                self.otp_secret,
                hint="Secret",
            ),
        ]
        if dialog["error"]:
            body.append(w.text_view(dialog["error"], "textinput_error"))
        body += [
            w.text_view("Algorithm"),
            w.spinner("setup_otp_algorithm", "SHA1", None),
            w.edit_text(
                "setup_otp_period" if timed else "setup_otp_counter",
                dialog["period"] if timed else "1",
                lambda c, t: dialog.update(period=t),
                hint="Period (seconds)" if timed else "Counter",
            ),
            w.edit_text(
                "setup_otp_digits",
                dialog["digits"],
                lambda c, t: dialog.update(digits=t),
                hint="Digits",
            ),
        ]
        return w.alert_dialog(
            w.dialog_title("Set up one-time password"),
            [w.scroll_view(body, height=700, scrollable=True, scroll_key="otp_scroll")],
            w.dialog_buttons(("OK", self.otp_ok), ("Cancel", lambda c: c.ui.pop("otp_dialog"))),
            lambda c: c.ui.pop("otp_dialog", None),
        )

    # -- dispatch ------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PICKER:
            return self.render_picker(ctx)
        if ctx.activity == GROUP:
            return self.render_group(ctx)
        if ctx.activity == ENTRY:
            return self.render_entry(ctx)
        if ctx.activity == EDIT:
            return self.render_edit(ctx)
        return self.render_files(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == GROUP and ctx.ui.get("fab_open"):
            ctx.ui["fab_open"] = False
            return True
        return False


class KeePassDX2911(KeePassDX):
    """KeePassDX 2.9.11 (Free): KeePassDX#848 fixed (Base32 padded with '='); #863 remains."""

    version: ClassVar[str] = "2.9.11"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "KeePassDX#863",
            "crash",
            "Adding OTP to an entry that has OTP crashes the app",
            steam_otp_crash,
            human_steps=STEPS_863,
        ),
    )

    def pad_base32(self, secret: str) -> str:
        s = clean_secret(secret)
        while len(s) % 8:
            s += "="
        return s
