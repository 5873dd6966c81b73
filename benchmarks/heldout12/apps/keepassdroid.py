"""KeePassDroid 2.3.3 (com.android.keepass), modelled from bpellin/keepassdroid at tag v2.3.3
(commit 3d56f43f7905c801f2f13777564c74bc23e7f2bc): com.android.keepass.KeePass,
fileselect/FileSelectActivity, view/FileNameView, PasswordActivity, utils/UriUtil, compat/StorageAF,
res/layout/file_selection_no_recent.xml, file_selection_filename.xml, password.xml,
res/values/strings.xml and donottranslate.xml. The fix is commit f41ae3a5 ("Fix file URI crash",
2.3.4).

Bug keepassdroid#299 (crash): ``PasswordActivity.OkClickHandler`` reads the key file field and
``loadDatabase(pass, UriUtil.parseDefaultFile(keyfile))`` turns an empty field into a null Uri.
``checkFilePermissions(mDbUri, keyfile)`` evaluates
``db.getScheme().equals("file") || keyfile.getScheme().equals("file")``: for a database opened
by a ``file`` path the first test short-circuits, but for a database opened by a ``content://``
URI (picked with the folder button, which sends ACTION_GET_CONTENT since the storage-framework
setting is off by default, and ``UriUtil.translate`` keeps the content URI when the file is not
readable as a path) the second test runs on the null key file Uri: NullPointerException
"Attempt to invoke virtual method 'java.lang.String android.net.Uri.getScheme()' on a null
object reference" at PasswordActivity.checkFilePermissions(PasswordActivity.java:571). It needs a
password (an empty password and no key file stop earlier with "A password or a keyfile is
required.").

Screens: the launcher activity KeePass starts FileSelectActivity (modelled as finishing at
once; the real one stays below and restarts the file screen from onStart). FileSelectActivity
with no recent files (the "no recent" layout: "Enter database filename:", the folder button,
the filename field preset to /storage/emulated/0/keepass/keepass.kdbx, Open, Create; no title
bar, so no menu). The folder button opens DocumentsUI's picker (ACTION_GET_CONTENT) on
Downloads; the chosen file's URI is written in the filename field (Back from the picker resets
the field to the default path, as ``onActivityResult`` calls ``fillData``). Open launches
PasswordActivity ("File not found." for a missing file path). PasswordActivity: the file name,
"Use this as my default database", the password, the key-file folder button and field, OK,
"Show password" (no fingerprint hardware). For a file path (or a key file) OK asks for the
storage permission, then tries to load the database.

Fixed device content: the Downloads folder holds the user's database Passwords.kdbx (and
notes.txt); its password is not one the model knows, so loading always ends with "Invalid
password or key file.". Stubbed: creating a database (without the storage permission, which
FileSelectActivity never asks for, Create fails with "Could not create parent directory." for
the default path; after the permission was granted it does nothing here), the key-file picker of
PasswordActivity (the key file is typed), the database screens after a successful load, the
recent-files list. Uncertain: whether DocumentsUI's Downloads URI translates to a file path
(``UriUtil.translate`` looks the file up and keeps the content URI when it cannot read it:
modelled as kept without the storage permission, translated with it).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, View

PKG = "com.android.keepass"
KEEPASS = f"{PKG}.KeePass"
FILE_SELECT = "com.keepassdroid.fileselect.FileSelectActivity"
PASSWORD = "com.keepassdroid.PasswordActivity"
PICKER = "com.android.documentsui.picker.PickActivity"

STORAGE = "/storage/emulated/0"
DEFAULT_PATH = f"{STORAGE}/keepass/keepass.kdbx"
DOWNLOADS = {  # name -> (size, DocumentsUI document id)
    "Passwords.kdbx": ("4.61 KB", "msf%3A24"),
    "notes.txt": ("312 B", "msf%3A25"),
}
EXISTING_FILES = {f"{STORAGE}/Download/{name}" for name in DOWNLOADS}
STORAGE_PERMISSION = "android.permission.READ_EXTERNAL_STORAGE"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'java.lang.String android.net.Uri.getScheme()' "
    "on a null object reference"
)


def ok_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of keepassdroid#299: the NullPointerException on the null key file Uri."""
    return crashed(system, PKG, "java.lang.NullPointerException", "Uri.getScheme()")


def _scheme(uri: str) -> str:
    return uri.split(":", 1)[0].lower() if "://" in uri else ""


def _parse_default_file(text: str) -> str | None:
    """``UriUtil.parseDefaultFile``: None for an empty text, ``file://`` added to a bare path."""
    if not text:
        return None
    return text if _scheme(text) else f"file://{text}"


class KeePassDroid(VirtualApp):
    """KeePassDroid 2.3.3: file selection, the Downloads picker, the unlock screen."""

    name: ClassVar[str] = "keepassdroid"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "KeePassDroid"
    version: ClassVar[str] = "2.3.3"
    launch_activity: ClassVar[str] = KEEPASS
    bugs: ClassVar[tuple[BugSpec, ...]] = ()  # set below the class

    def initial_data(self) -> dict[str, Any]:
        return {"default_database": ""}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == KEEPASS:
            ctx.start_activity(FILE_SELECT)  # onStart: startFileSelect()
            ctx.finish()
        elif ctx.activity == FILE_SELECT:
            ctx.ui["filename"] = DEFAULT_PATH  # fillData()
            ctx.memory.pop("picked", None)
            default = ctx.data["default_database"]
            if default:  # "Load default database"
                self._launch_password(ctx, default, quiet=True)
        elif ctx.activity == PASSWORD:
            # InitTask: mDbUri = UriUtil.parseDefaultFile(KEY_FILENAME); no key file remembered
            db = _parse_default_file(str(ctx.extras.get("filename", ""))) or ""
            ctx.ui.update(
                db=db,
                password="",
                keyfile="",
                show=False,
            )

    # -- FileSelectActivity --------------------------------------------------------------------
    def _filename(self, ctx: AppContext) -> str:
        picked = ctx.memory.get("picked")
        return str(picked) if picked is not None else str(ctx.ui.get("filename", ""))

    def _set_filename(self, ctx: AppContext, text: str) -> None:
        ctx.memory.pop("picked", None)
        ctx.ui["filename"] = text

    def _launch_password(self, ctx: AppContext, filename: str, quiet: bool = False) -> None:
        """``PasswordActivity.Launch(act, fileName)``."""
        uri = _parse_default_file(filename)
        if uri is None:
            if not quiet:
                ctx.toast("File not found.")
            return
        if _scheme(uri) == "file" and uri[len("file://") :] not in EXISTING_FILES:
            if not quiet:
                ctx.toast("File not found.")
            return
        ctx.start_activity(PASSWORD, {"filename": filename})

    def _open(self, ctx: AppContext) -> None:
        self._launch_password(ctx, self._filename(ctx))

    def _create(self, ctx: AppContext) -> None:
        filename = self._filename(ctx)
        if not filename:
            ctx.toast("A filename is required.")
            return
        if filename in EXISTING_FILES:
            ctx.toast("This database already exists.")
            return
        if STORAGE_PERMISSION in ctx.permissions:
            return  # CreateDB and SetPasswordDialog: not modelled
        parent = filename.rsplit("/", 1)[0]
        if parent != f"{STORAGE}/Download":
            ctx.toast("Could not create parent directory.")
        else:
            ctx.toast("Could not create file: open failed: EACCES (Permission denied)")

    def _file_select(self, ctx: AppContext) -> Screen:
        name_view = View(
            cls="android.widget.RelativeLayout",
            resource_id="file_select",
            children=[
                w.text_view("Enter database filename:", "label_open_by_filename"),
                w.linear_layout(
                    [
                        w.edit_text("file_filename", self._filename(ctx), self._set_filename),
                        w.image_button(
                            "browse_button",
                            handler=lambda c: c.start_activity(PICKER),
                            width=160,
                        ),
                    ],
                    horizontal=True,
                    height=150,
                ),
                w.linear_layout(
                    [
                        w.button("open", "Open", self._open, width=300),
                        w.button("create", "Create", self._create, width=300),
                    ],
                    horizontal=True,
                    height=150,
                ),
            ],
        )
        return Screen(content=w.relative_layout([name_view]))

    # -- DocumentsUI (ACTION_GET_CONTENT) ------------------------------------------------------
    def _pick(self, ctx: AppContext, name: str) -> None:
        """FileSelectActivity.onActivityResult(GET_CONTENT): the URI, through UriUtil.translate."""
        uri = f"content://com.android.providers.downloads.documents/document/{DOWNLOADS[name][1]}"
        if STORAGE_PERMISSION in ctx.permissions:  # the file can be read as a path
            uri = f"file://{STORAGE}/Download/{name}"
        ctx.memory["picked"] = uri
        ctx.finish()

    def _picker(self, ctx: AppContext) -> Screen:
        rows = [
            w.document_row(name, w.bind(self._pick, name), size=size)
            for name, (size, _) in DOWNLOADS.items()
        ]
        return Screen(content=w.document_picker(rows, title="Downloads"))

    # -- PasswordActivity ----------------------------------------------------------------------
    def _ok(self, ctx: AppContext) -> None:
        """``OkClickHandler.onClick`` then ``loadDatabase(pass, keyfile)``."""
        password = str(ctx.ui.get("password", ""))
        keyfile = _parse_default_file(str(ctx.ui.get("keyfile", "")))
        if not password and keyfile is None:
            ctx.toast("A password or a keyfile is required.")
            return
        db = str(ctx.ui["db"])
        # checkFilePermissions(mDbUri, keyfile)
        has_file_uri = _scheme(db) == "file"
        if not has_file_uri:
            if keyfile is None:
                raise JavaException(
                    "java.lang.NullPointerException",
                    NPE_MESSAGE,
                    [
                        "com.keepassdroid.PasswordActivity.checkFilePermissions"
                        "(PasswordActivity.java:571)",
                        "com.keepassdroid.PasswordActivity.loadDatabase(PasswordActivity.java:617)",
                        "com.keepassdroid.PasswordActivity.loadDatabase(PasswordActivity.java:566)",
                        "com.keepassdroid.PasswordActivity.access$900(PasswordActivity.java:83)",
                        "com.keepassdroid.PasswordActivity$OkClickHandler.onClick"
                        "(PasswordActivity.java:558)",
                        "android.view.View.performClick(View.java:5637)",
                        "android.view.View$PerformClick.run(View.java:22429)",
                        *callback_frames(25),
                    ],
                )
            has_file_uri = _scheme(keyfile) == "file"
        if has_file_uri and STORAGE_PERMISSION not in ctx.permissions:
            ctx.request_permission(STORAGE_PERMISSION)
            return
        self._load(ctx)

    def _load(self, ctx: AppContext) -> None:
        """``loadDatabaseWithPermission``: LoadDB with a password the database does not take."""
        ctx.toast("Invalid password or key file.")

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != PASSWORD:
            return
        if granted:
            self._load(ctx)
        else:
            ctx.toast("Permission to read and write external storage was denied")

    def _default_checked(self, ctx: AppContext) -> None:
        """``DefaultCheckChange``: the database URI becomes (or stops being) the default."""
        db = str(ctx.ui["db"])
        current = ctx.data["default_database"] == db
        ctx.data["default_database"] = "" if current else db

    def _password(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        db = str(ui.get("db", ""))
        password_field = w.edit_text(
            "password",
            str(ui.get("password", "")),
            lambda c, t: c.ui.update(password=t),
            hint="Password",
            password=not ui.get("show"),
        )
        keyfile_row = w.linear_layout(
            [
                w.edit_text(
                    "pass_keyfile",
                    str(ui.get("keyfile", "")),
                    lambda c, t: c.ui.update(keyfile=t),
                    hint="Key file (optional)",
                ),
                w.image_button("browse_button", width=160),
            ],
            horizontal=True,
            height=150,
        )
        body = [
            w.text_view("KeePass database filename:", "filename_label"),
            w.image_view("divider1", height=4),
            w.text_view(db, "filename"),
            w.image_view("divider2", height=4),
            w.check_box(
                "default_database",
                "Use this as my default database",
                bool(db) and ctx.data["default_database"] == db,
                self._default_checked,
            ),
            w.text_view(
                "Enter a password and/or a key file to unlock your database:", "password_label"
            ),
            password_field,
            keyfile_row,
            w.button("pass_ok", "OK", self._ok, width=300),
            w.check_box(
                "show_password",
                "Show password",
                bool(ui.get("show")),
                lambda c: c.ui.update(show=not c.ui.get("show")),
            ),
        ]
        return Screen(content=w.relative_layout([w.linear_layout(body)]))

    # -- dispatch ------------------------------------------------------------------------------
    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == PICKER:
            # RESULT_CANCELED: onActivityResult still runs fillData(), resetting the field
            ctx.memory["picked"] = DEFAULT_PATH
        return False

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PICKER:
            return self._picker(ctx)
        if ctx.activity == PASSWORD:
            return self._password(ctx)
        if ctx.activity == FILE_SELECT:
            return self._file_select(ctx)
        return Screen(content=w.frame_layout([]))


_BROWSE = click(PKG, "browse_button")
_PICK_DB = click(PKG, "android:id/title", "Passwords.kdbx")
_OPEN = click(PKG, "open", "Open")
_PASSWORD = input_text(PKG, "password", "hunter2")
_OK = click(PKG, "pass_ok", "OK")

KeePassDroid.bugs = (
    BugSpec(
        "keepassdroid#299",
        "crash",
        "v2.3.3 - NullPointerException in PasswordActivity.checkFilePermissions"
        "(PasswordActivity.java:571)",
        ok_crashed,
        human_steps=(_BROWSE, _PICK_DB, _OPEN, _PASSWORD, _OK),
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "keepassdroid#299": [
        # the database opened by its file path: the storage permission is asked instead
        [
            input_text(PKG, "file_filename", f"{STORAGE}/Download/Passwords.kdbx"),
            _OPEN,
            _PASSWORD,
            _OK,
        ],
        # no password typed
        [_BROWSE, _PICK_DB, _OPEN, _OK],
        # a key file given with the password
        [
            _BROWSE,
            _PICK_DB,
            _OPEN,
            _PASSWORD,
            input_text(PKG, "pass_keyfile", f"{STORAGE}/Download/notes.txt"),
            _OK,
        ],
        # the picked file never opened
        [_BROWSE, _PICK_DB, click(PKG, "create", "Create")],
        # Open on the default path (no such file)
        [_OPEN],
    ],
}
