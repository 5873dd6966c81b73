"""Amaze File Manager 3.3.2 (``com.amaze.filemanager``), with bug AmazeFileManager#1796.

The model keeps a small internal-storage tree (``/storage/emulated/0`` with the usual Alarms,
Android, DCIM, Download, Movies, Music, Notifications, Pictures, Podcasts and Ringtones folders,
all empty) and the screens a person meets on the way to the bug:

- first run: the system's storage permission dialog (a refusal shows the app's own "Grant
  permission" dialog, which asks again);
- the main screen: a toolbar (navigation drawer, Search, Paste once something was cut or copied,
  "More options" with Refresh, Sort By, Hidden Files, History), the path bar, the file list (rows
  are clickable and long-clickable ``RelativeLayout`` ``second`` with a ``firstline`` name; the
  icon toggles selection; the per-row menu button has no description) and the speed-dial FAB with
  Folder, File and Cloud Connection;
- selection mode after a long click: a contextual action bar with Done, the count, Delete, Copy,
  Cut, Select All and "More options" (Rename, Compress, Properties);
- dialogs: New Folder / New File (``Enter name``, CREATE / CANCEL, name checks), Rename, Delete,
  Properties, Sort By, History; the drawer (Internal Storage, bookmarks, Settings); a settings
  screen; search (live, recursive under the current folder).

The bug: a folder that was cut and is pasted into itself (or into one of its sub-folders) makes
the move fail, and ``DeleteTask.onPostExecute`` then reads the first entry of an empty list:
``java.lang.IndexOutOfBoundsException: Invalid index 0, size is 0``, with the frames of the
report. Cutting a file, pasting elsewhere, or copying (not cutting) a folder into itself work.

Amaze 3.10 (:class:`AmazeFileManager310`, bug AmazeFileManager#4185: rotating with a search
typed crashes in ``TabFragment.onSaveInstanceState``) subclasses the 3.3.2 model; it is at the end
of this module.
"""

from __future__ import annotations

import posixpath
from datetime import UTC, datetime
from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, long_click, target
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.amaze.filemanager"
MAIN = ".activities.MainActivity"
PREFERENCES = ".activities.PreferencesActivity"
ROOT = "/storage/emulated/0"
STORAGE_PERMISSION = "android.permission.WRITE_EXTERNAL_STORAGE"
STANDARD_FOLDERS = (
    "Alarms",
    "Android",
    "DCIM",
    "Download",
    "Movies",
    "Music",
    "Notifications",
    "Pictures",
    "Podcasts",
    "Ringtones",
)
BOOKMARKS = ("DCIM", "Download", "Movies", "Music", "Pictures")
# 2019-12-23 10:00 UTC: the day the report was filed; every change moves the clock a minute.
START_CLOCK = 1577095200
ROW_PX = 189  # 72 dp list rows
SORTS = ("Name", "Last Modified", "Size", "Type")

# The crash of the report (AmazeFileManager#1796), frames as it printed them.
CRASH_FRAMES = [
    "java.util.ArrayList.throwIndexOutOfBoundsException(ArrayList.java:255)",
    "java.util.ArrayList.get(ArrayList.java:308)",
    "com.amaze.filemanager.asynchronous.asynctasks.DeleteTask.onPostExecute(DeleteTask.java:175)",
    "com.amaze.filemanager.asynchronous.asynctasks.DeleteTask.onPostExecute(DeleteTask.java:51)",
    "android.os.AsyncTask.finish(AsyncTask.java:632)",
    "android.os.AsyncTask.access$600(AsyncTask.java:177)",
    "android.os.AsyncTask$InternalHandler.handleMessage(AsyncTask.java:645)",
    "android.os.Handler.dispatchMessage(Handler.java:102)",
    "android.os.Looper.loop(Looper.java:136)",
    "android.app.ActivityThread.main(ActivityThread.java:5001)",
    "java.lang.reflect.Method.invokeNative(Native Method)",
    "java.lang.reflect.Method.invoke(Method.java:515)",
    "com.android.internal.os.ZygoteInit$MethodAndArgsCaller.run(ZygoteInit.java:785)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:601)",
    "dalvik.system.NativeStart.main(Native Method)",
]


# -- the storage tree ------------------------------------------------------------------------------
# ``data["fs"]`` maps an absolute path to ``{"dir": bool, "mtime": unix seconds, "size": bytes}``.


def children(fs: dict[str, Any], path: str) -> list[str]:
    """Paths directly inside ``path``."""
    return [p for p in fs if p != path and posixpath.dirname(p) == path]


def is_inside(path: str, folder: str) -> bool:
    """True when ``path`` is ``folder`` or lies anywhere below it."""
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def subtree(fs: dict[str, Any], path: str) -> list[str]:
    """``path`` and everything below it, parents first."""
    return sorted((p for p in fs if is_inside(p, path)), key=lambda p: (p.count("/"), p))


def name_problem(fs: dict[str, Any], folder: str, name: str) -> str:
    """Why ``name`` cannot be created in ``folder`` (``""`` when it can)."""
    if not name.strip():
        return ""
    if "/" in name or name in (".", "..") or "\0" in name:
        return "Invalid name"
    if posixpath.join(folder, name) in fs:
        return "File already exists"
    return ""


def _date(ts: int) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%b %d, %Y | %I:%M %p")


def _size(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n} {unit}" if unit == "B" else f"{n:.2f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return f"{n} B"  # pragma: no cover


# -- small view helpers ----------------------------------------------------------------------------


def _dialog_button(rid: str, text: str, handler: Any, enabled: bool = True) -> View:
    # MaterialDialogs' MDButton is a TextView.
    return w.text_view(text, rid, on_click=handler, enabled=enabled, width=300)


# -- ground truth ----------------------------------------------------------------------------------


def _oracle_1796(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(
        system, PACKAGE, "java.lang.IndexOutOfBoundsException", "Invalid index 0, size is 0"
    )


_target = partial(target, PACKAGE)


def _id(name: str) -> str:
    return f"{PACKAGE}:id/{name}"


BUG_1796 = BugSpec(
    bug_id="AmazeFileManager#1796",
    kind="crash",
    title="crash when cutting a folder and paste in it",
    oracle=_oracle_1796,
    human_steps=(
        allow_permission(PACKAGE),
        click(PACKAGE, _id("firstline"), "Movies", cls="android.widget.TextView"),
        click(PACKAGE, _id("sd_main_fab"), cls="android.widget.ImageButton"),
        click(PACKAGE, _id("sd_label"), "Folder", cls="android.widget.TextView"),
        {
            "kind": "input_text",
            "target": _target(_id("singleedittext_input"), cls="android.widget.EditText"),
            "text": "test2",
        },
        {"kind": "press_back"},  # hide the soft keyboard, which covers the dialog's buttons
        click(PACKAGE, _id("md_buttonDefaultPositive"), "CREATE", cls="android.widget.TextView"),
        long_click(PACKAGE, _id("firstline"), "test2", cls="android.widget.TextView"),
        click(PACKAGE, _id("cut"), desc="Cut", cls="android.widget.TextView"),
        click(PACKAGE, _id("firstline"), "test2", cls="android.widget.TextView"),
        click(PACKAGE, _id("paste"), desc="Paste", cls="android.widget.TextView"),
    ),
)


class AmazeFileManager(VirtualApp):
    """Amaze File Manager 3.3.2 (see the module docstring)."""

    name: ClassVar[str] = "AmazeFileManager"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Amaze"
    version: ClassVar[str] = "3.3.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1796,)
    # What differs between versions outside the bugs: the support library's class names in the
    # dump and the device clock at install (the day the version's report was filed).
    DRAWER_CLASS: ClassVar[str] = "android.support.v4.widget.DrawerLayout"
    RECYCLER_CLASS: ClassVar[str] = "android.support.v7.widget.RecyclerView"
    START_CLOCK: ClassVar[int] = START_CLOCK

    def initial_data(self) -> dict[str, Any]:
        start = self.START_CLOCK
        fs: dict[str, Any] = {ROOT: {"dir": True, "mtime": start, "size": 0}}
        for n, folder in enumerate(STANDARD_FOLDERS):
            fs[f"{ROOT}/{folder}"] = {
                "dir": True,
                "mtime": start - 86400 * (30 - n),
                "size": 0,
            }
        return {
            "fs": fs,
            "clock": start,
            "prefs": {
                "show_hidden": False,
                "sort": "Name",
                "ascending": True,
                "thumbnails": True,
                "permissions": False,
            },
            "history": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        ui = ctx.ui
        ui.setdefault("path", ROOT)
        ui.setdefault("selected", [])
        ui.setdefault("clipboard", None)
        ui.setdefault("fab_open", False)
        ui.setdefault("dialog", None)
        ui.setdefault("menu", "")
        ui.setdefault("drawer", False)
        ui.setdefault("search", None)
        ui.setdefault("back_once", False)
        if STORAGE_PERMISSION not in ctx.permissions and not ui.get("perm_asked"):
            ui["perm_asked"] = True
            ctx.request_permission(STORAGE_PERMISSION)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == STORAGE_PERMISSION and not granted and ctx.activity == MAIN:
            ctx.ui["dialog"] = {"kind": "grant"}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        ui = ctx.ui
        if ui["drawer"]:
            ui["drawer"] = False
        elif ui["search"] is not None:
            ui["search"] = None
        elif ui["selected"]:
            ui["selected"] = []
        elif ui["fab_open"]:
            ui["fab_open"] = False
        elif ui["path"] != ROOT:
            self._go(ctx, posixpath.dirname(ui["path"]))
        elif not ui["back_once"]:
            ui["back_once"] = True
            ctx.toast("Press back again to exit")
        else:
            return False
        return True

    # -- rendering ---------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PREFERENCES:
            return self._render_preferences(ctx)
        return self._render_main(ctx)

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        granted = STORAGE_PERMISSION in ctx.permissions
        top = self._action_mode_bar(ctx) if ui["selected"] else self._toolbar(ctx)
        content: list[View] = [top]
        if ui["search"] is not None:
            content.append(self._search_bar(ctx))
        content.append(
            w.frame_layout(
                [
                    w.linear_layout(
                        [
                            View(
                                cls="android.widget.HorizontalScrollView",
                                resource_id="scroll1",
                                children=[w.text_view(ui["path"], "fullpath", height=110)],
                            ),
                            w.text_view(
                                self._summary(ctx) if granted else "", "pathname", height=80
                            ),
                        ],
                        rid="pathbar",
                    )
                ],
                rid="buttonbarframe",
                height=190,
            )
        )
        content.append(self._listing(ctx) if granted else w.frame_layout())
        frame_children: list[View] = [w.linear_layout(content, rid="main_frame")]
        if granted and not ui["selected"] and ui["search"] is None:
            if ui["fab_open"]:
                frame_children.append(
                    View(
                        cls="android.view.View",
                        resource_id="fab_bg",
                        on_click=self._close_fab,
                        style="dim",
                        naf=True,
                    )
                )
            frame_children.append(self._fab(ctx))
        root = View(
            cls=self.DRAWER_CLASS,
            resource_id="drawer_layout",
            layout=FRAME,
            children=frame_children,
        )
        return Screen(content=root, windows=self._windows(ctx))

    def _toolbar(self, ctx: AppContext) -> View:
        ui = ctx.ui
        actions: list[View] = []
        if ui["clipboard"]:
            actions.append(w.action_item("paste", "Paste", self._paste))
        actions.append(w.action_item("search", "Search", self._open_search))
        actions.append(w.overflow_button(self._open_overflow))
        return w.toolbar(
            "Amaze",
            navigation=w.nav_button(w.OPEN_DRAWER, self._open_drawer),
            actions=actions,
            rid="action_bar",
        )

    def _action_mode_bar(self, ctx: AppContext) -> View:
        count = len(ctx.ui["selected"])
        close = w.image_view("action_mode_close_button", "Done", self._clear_selection, width=147)
        return w.toolbar(
            w.text_view(str(count), "item_count", height=147),
            navigation=close,
            actions=[
                w.action_item("delete", "Delete", self._ask_delete),
                w.action_item("cpy", "Copy", lambda c: self._to_clipboard(c, "copy")),
                w.action_item("cut", "Cut", lambda c: self._to_clipboard(c, "cut")),
                w.action_item("all", "Select All", self._select_all),
                w.overflow_button(lambda c: self._set(c, menu="cab")),
            ],
            rid="action_mode_bar",
            cls="android.widget.LinearLayout",
        )

    def _search_bar(self, ctx: AppContext) -> View:
        return w.linear_layout(
            [
                w.image_view(
                    "img_view_search", "Navigate up", lambda c: self._set(c, search=None), width=147
                ),
                w.edit_text(
                    "search_edit_text",
                    ctx.ui["search"] or "",
                    lambda c, t: self._set(c, search=t, list_scroll=0),
                    hint="Search...",
                ),
            ],
            rid="search_view",
            horizontal=True,
            height=150,
        )

    def _summary(self, ctx: AppContext) -> str:
        entries = self._visible_entries(ctx)
        fs = ctx.data["fs"]
        folders = sum(1 for p in entries if fs[p]["dir"])
        return f"Folders: {folders}  Files: {len(entries) - folders}"

    def _visible_entries(self, ctx: AppContext) -> list[str]:
        fs = ctx.data["fs"]
        prefs = ctx.data["prefs"]
        query = ctx.ui["search"]
        if query:
            found = [p for p in fs if is_inside(p, ctx.ui["path"]) and p != ctx.ui["path"]]
            entries = [p for p in found if query.lower() in posixpath.basename(p).lower()]
        else:
            entries = children(fs, ctx.ui["path"])
        if not prefs["show_hidden"]:
            entries = [p for p in entries if not posixpath.basename(p).startswith(".")]
        keys = {
            "Name": lambda p: posixpath.basename(p).lower(),
            "Last Modified": lambda p: fs[p]["mtime"],
            "Size": lambda p: fs[p]["size"],
            "Type": lambda p: posixpath.splitext(p)[1].lower(),
        }
        entries.sort(key=keys[prefs["sort"]], reverse=not prefs["ascending"])
        # Folders are always listed before files.
        entries.sort(key=lambda p: not fs[p]["dir"])
        return entries

    def _listing(self, ctx: AppContext) -> View:
        fs = ctx.data["fs"]
        selected = set(ctx.ui["selected"])
        entries = self._visible_entries(ctx)
        if not entries:
            return w.frame_layout(
                [w.text_view("No files", "nofiletext", gravity="center", width=400)],
                rid="nofilelayout",
                layout=FRAME,
            )
        rows = []
        for path in entries:
            entry = fs[path]
            rows.append(
                w.relative_layout(
                    [
                        w.relative_layout(
                            [w.image_view("generic_icon", width=105, height=105, gravity="center")],
                            rid="icon_frame_parent",
                            width=189,
                            on_click=w.bind(self._toggle, path),
                            layout=FRAME,
                        ),
                        w.relative_layout(
                            [
                                w.text_view(posixpath.basename(path), "firstline", height=95),
                                w.relative_layout(
                                    [
                                        w.text_view(_date(entry["mtime"]), "date"),
                                        w.text_view(
                                            "" if entry["dir"] else _size(entry["size"]),
                                            "secondLine",
                                            weight=0,
                                        ),
                                    ],
                                    layout=HORIZONTAL,
                                ),
                            ]
                        ),
                        w.image_button(
                            "properties",
                            "",
                            w.bind(self._set, menu="item", menu_path=path),
                            width=126,
                            naf=True,
                        ),
                    ],
                    rid="second",
                    layout=HORIZONTAL,
                    height=ROW_PX,
                    selected=path in selected,
                    on_click=w.bind(self._row_click, path),
                    on_long_click=w.bind(self._toggle, path),
                )
            )
        return View(
            cls=self.RECYCLER_CLASS,
            resource_id="listView",
            scrollable=True,
            scroll_key="list_scroll",
            children=rows,
        )

    def _fab(self, ctx: AppContext) -> View:
        """The speed-dial FAB (``fabs_menu``): the main button, and when open its three actions
        (a label and a small button each) stacked above it."""
        main = w.image_button(
            "sd_main_fab",
            "",
            self._toggle_fab,
            width=168,
            height=168,
            gravity="end",
            style="fab",
            naf=True,
        )
        items: list[View] = []
        if ctx.ui["fab_open"]:
            for rid, label, handler in (
                ("menu_new_cloud", "Cloud Connection", self._cloud),
                ("menu_new_file", "File", lambda c: self._open_name_dialog(c, "new_file")),
                ("menu_new_folder", "Folder", lambda c: self._open_name_dialog(c, "new_folder")),
            ):
                items.append(
                    w.linear_layout(
                        [
                            w.text_view(label, "sd_label", on_click=handler),
                            w.image_button(
                                "sd_fab", "", handler, width=147, height=147, style="fab", naf=True
                            ),
                        ],
                        rid=rid,
                        horizontal=True,
                        height=170,
                    )
                )
        return w.linear_layout(
            [*items, main],
            rid="fabs_menu",
            width=720 if items else 256,
            height=170 * len(items) + 256,
            gravity="bottom_end",
            padding=44,
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["drawer"]:
            windows.append(self._drawer(ctx))
        menu = ui["menu"]
        if menu == "overflow":
            hidden = (
                "Hide Hidden Files" if ctx.data["prefs"]["show_hidden"] else "Show Hidden Files"
            )
            items = [
                ("Refresh", lambda c: self._set(c, menu="")),
                (
                    "Sort By",
                    lambda c: self._set(
                        c, menu="", dialog={"kind": "sort", "choice": c.data["prefs"]["sort"]}
                    ),
                ),
                (hidden, self._toggle_hidden),
                ("History", lambda c: self._set(c, menu="", dialog={"kind": "history"})),
            ]
            windows.append(
                Window(
                    root=w.popup_menu(items),
                    kind="menu",
                    on_dismiss=lambda c: self._set(c, menu=""),
                )
            )
        elif menu == "cab":
            items = []
            if len(ui["selected"]) == 1:
                items.append(("Rename", lambda c: self._open_rename(c, c.ui["selected"][0])))
            items.append(("Compress", self._compress))
            if len(ui["selected"]) == 1:
                items.append(
                    (
                        "Properties",
                        lambda c: self._set(
                            c, menu="", dialog={"kind": "properties", "path": c.ui["selected"][0]}
                        ),
                    )
                )
            windows.append(
                Window(
                    root=w.popup_menu(items),
                    kind="menu",
                    on_dismiss=lambda c: self._set(c, menu=""),
                )
            )
        elif menu == "item":
            path = ui.get("menu_path", "")
            items = [
                (
                    "About",
                    lambda c: self._set(c, menu="", dialog={"kind": "properties", "path": path}),
                ),
                ("Rename", lambda c: self._open_rename(c, path)),
                (
                    "Delete",
                    lambda c: self._set(c, menu="", selected=[path], dialog={"kind": "delete"}),
                ),
            ]
            windows.append(
                Window(
                    root=w.popup_menu(items),
                    kind="menu",
                    on_dismiss=lambda c: self._set(c, menu=""),
                )
            )
        dialog = ui["dialog"]
        if dialog:
            windows.append(self._dialog(ctx, dialog))
        return windows

    def _drawer(self, ctx: AppContext) -> Window:
        fs = ctx.data["fs"]
        width, height = ctx.screen_size
        bottom = height if ctx.orientation == "landscape" else height - 126

        def row(rid: str, title: str, handler: Any, summary: str = "") -> View:
            parts = [w.text_view(title, "firstline", height=90)]
            if summary:
                parts.append(w.text_view(summary, "secondLine", height=70))
            return w.relative_layout(parts, rid=rid, on_click=handler, weight=0)

        rows = [row("", "Internal Storage", lambda c: self._go(c, ROOT, close_drawer=True), ROOT)]
        rows += [
            row("", name, lambda c, p=f"{ROOT}/{name}": self._go(c, p, close_drawer=True))
            for name in BOOKMARKS
            if f"{ROOT}/{name}" in fs
        ]
        root = View(
            cls="com.amaze.filemanager.ui.views.ScrimInsetsRelativeLayout",
            resource_id="left_drawer",
            children=[
                w.image_view("drawer_header", height=250),
                View(cls="android.widget.ListView", resource_id="menu_drawer", children=rows),
                w.relative_layout(
                    [w.text_view("Settings", "settingtext", height=126)],
                    rid="settingsbutton",
                    height=126,
                    on_click=self._open_settings,
                ),
            ],
        )
        return Window(
            root=root,
            kind="sheet",
            bounds=(0, 63, min(width - 200, 840), bottom),
            on_dismiss=lambda c: self._set(c, drawer=False),
        )

    def _dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        kind = dialog["kind"]
        fs = ctx.data["fs"]
        body: list[View]
        buttons: list[View]
        cancel = _dialog_button("md_buttonDefaultNegative", "CANCEL", self._close_dialog)
        cancelable = True
        if kind in ("new_folder", "new_file", "rename"):
            title = {"new_folder": "New Folder", "new_file": "New File", "rename": "Rename"}[kind]
            text = dialog.get("text", "")
            folder = ctx.ui["path"] if kind != "rename" else posixpath.dirname(dialog["path"])
            problem = name_problem(fs, folder, text)
            if kind == "rename" and text == posixpath.basename(dialog["path"]):
                problem = ""
            body = [
                w.edit_text(
                    "singleedittext_input",
                    text,
                    lambda c, t: self._dialog_text(c, t),
                    hint="Enter name",
                )
            ]
            if problem:
                body.append(w.text_view(problem, "singleedittext_warning", height=80))
            ok = "SAVE" if kind == "rename" else "CREATE"
            buttons = [
                cancel,
                _dialog_button(
                    "md_buttonDefaultPositive",
                    ok,
                    self._confirm_name,
                    enabled=bool(text.strip()) and not problem,
                ),
            ]
        elif kind == "delete":
            title = "Delete"
            names = [posixpath.basename(p) for p in ctx.ui["selected"]]
            body = [
                w.text_view("Are you sure you want to delete these items?", "md_content"),
                *(w.text_view(n, weight=0) for n in names),
            ]
            buttons = [
                cancel,
                _dialog_button("md_buttonDefaultPositive", "DELETE", self._delete_selected),
            ]
        elif kind == "properties":
            title = "Properties"
            path = dialog["path"]
            entry = fs.get(path, {"dir": True, "mtime": START_CLOCK, "size": 0})
            items = len(children(fs, path)) if entry["dir"] else 0
            body = [
                w.text_view(f"Name: {posixpath.basename(path)}"),
                w.text_view(f"Location: {posixpath.dirname(path)}"),
                w.text_view(
                    f"Size: {items} items" if entry["dir"] else f"Size: {_size(entry['size'])}"
                ),
                w.text_view(f"Last Modified: {_date(entry['mtime'])}"),
            ]
            buttons = [_dialog_button("md_buttonDefaultPositive", "OK", self._close_dialog)]
        elif kind == "sort":
            title = "Sort By"
            body = [
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.RadioButton",
                            resource_id="md_control",
                            checked=dialog.get("choice") == option,
                            width=126,
                            clickable=False,
                        ),
                        w.text_view(option, "md_title"),
                    ],
                    horizontal=True,
                    height=126,
                    on_click=w.bind(self._set, dialog={"kind": "sort", "choice": option}),
                )
                for option in SORTS
            ]
            buttons = [
                _dialog_button(
                    "md_buttonDefaultNegative", "DESCENDING", lambda c: self._apply_sort(c, False)
                ),
                _dialog_button(
                    "md_buttonDefaultPositive", "ASCENDING", lambda c: self._apply_sort(c, True)
                ),
            ]
        elif kind == "history":
            title = "History"
            history = ctx.data["history"][-8:][::-1]
            body = [
                w.linear_layout(
                    [w.text_view(p, "text1")],
                    height=126,
                    on_click=w.bind(self._go, p, close_dialog=True),
                )
                for p in history
            ] or [w.text_view("No history", "md_content")]
            buttons = [
                _dialog_button(
                    "md_buttonDefaultNegative", "CLEAR", lambda c: self._clear_history(c)
                ),
                _dialog_button("md_buttonDefaultPositive", "CANCEL", self._close_dialog),
            ]
        else:  # "grant": the storage permission was refused
            title = "Grant permission"
            body = [
                w.text_view(
                    "Amaze needs permission to access your storage to show and manage files.",
                    "md_content",
                )
            ]
            buttons = [_dialog_button("md_buttonDefaultPositive", "GRANT", self._grant_again)]
            cancelable = False
        root = w.frame_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(title, "md_title", height=140),
                        *body,
                        w.linear_layout(
                            [View(cls="android.view.View"), *buttons], horizontal=True, height=140
                        ),
                    ],
                    weight=0,
                )
            ],
            weight=0,
        )
        return Window(
            root=root, kind="dialog", cancelable=cancelable, on_dismiss=self._close_dialog
        )

    def _render_preferences(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]

        def check(key: str, title: str, summary: str) -> View:
            return w.preference(
                title,
                summary,
                lambda c: self._toggle_pref(c, key),
                widget=w.checkbox_widget(bool(prefs[key])),
            )

        bar = w.toolbar("Settings", navigation=w.up_button())
        listing = View(
            cls="android.widget.ListView",
            resource_id="android:id/list",
            scrollable=True,
            children=[
                w.preference_category("Appearance"),
                check(
                    "show_hidden", "Show Hidden Files", "Show files and folders starting with a dot"
                ),
                check("thumbnails", "Show Thumbnails", "Show previews of images and videos"),
                check("permissions", "Show Permissions", "Show file permissions in the list"),
            ],
        )
        return Screen(content=w.linear_layout([bar, listing]))

    # -- handlers ----------------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _tick(self, ctx: AppContext) -> int:
        ctx.data["clock"] += 60
        return int(ctx.data["clock"])

    def _go(
        self, ctx: AppContext, path: str, *, close_drawer: bool = False, close_dialog: bool = False
    ) -> None:
        """Open a folder: the list shows it from the top, the path bar names it."""
        if path not in ctx.data["fs"]:
            ctx.toast("Folder not found")
            return
        ui = ctx.ui
        ui.update(
            path=path, list_scroll=0, selected=[], search=None, back_once=False, fab_open=False
        )
        if close_drawer:
            ui["drawer"] = False
        if close_dialog:
            ui["dialog"] = None
        history = ctx.data["history"]
        if not history or history[-1] != path:
            history.append(path)
            del history[:-50]

    def _row_click(self, ctx: AppContext, path: str) -> None:
        ui = ctx.ui
        if ui["selected"]:
            self._toggle(ctx, path)
            return
        entry = ctx.data["fs"].get(path)
        if entry is None:
            return
        if entry["dir"]:
            self._go(ctx, path)
        else:
            ctx.toast("No app found to open this file")

    def _toggle(self, ctx: AppContext, path: str) -> None:
        """Long click (or a tap on the icon, or a tap in selection mode): select or unselect."""
        selected = list(ctx.ui["selected"])
        w.toggle(selected, path)
        ctx.ui.update(selected=selected, fab_open=False, back_once=False)

    def _clear_selection(self, ctx: AppContext) -> None:
        ctx.ui["selected"] = []

    def _select_all(self, ctx: AppContext) -> None:
        ctx.ui["selected"] = self._visible_entries(ctx)

    def _to_clipboard(self, ctx: AppContext, op: str) -> None:
        """Copy or Cut: remember the selection until Paste."""
        ctx.ui.update(clipboard={"op": op, "paths": list(ctx.ui["selected"])}, selected=[])

    def _paste(self, ctx: AppContext) -> None:
        ui = ctx.ui
        clip = ui["clipboard"]
        if not clip:
            return
        fs = ctx.data["fs"]
        dest = ui["path"]
        sources = [p for p in clip["paths"] if p in fs]
        if clip["op"] == "cut" and any(fs[p]["dir"] and is_inside(dest, p) for p in sources):
            # MoveFiles cannot move a folder into itself; DeleteTask then reads the first moved
            # file of an empty list.
            raise JavaException(
                "java.lang.IndexOutOfBoundsException",
                "Invalid index 0, size is 0",
                frames=CRASH_FRAMES,
            )
        ui["clipboard"] = None
        now = self._tick(ctx)
        for src in sources:
            target = posixpath.join(dest, posixpath.basename(src))
            if clip["op"] == "cut" and posixpath.dirname(src) == dest:
                continue  # moving onto itself changes nothing
            if target in fs:
                ctx.toast(f"{posixpath.basename(src)} already exists")
                continue
            moved = {t: dict(fs[t]) for t in subtree(fs, src)}
            if clip["op"] == "cut":
                for old in moved:
                    del fs[old]
            for old, entry in moved.items():
                fs[target + old[len(src) :]] = {
                    **entry,
                    "mtime": now if clip["op"] == "copy" else entry["mtime"],
                }
        fs[dest]["mtime"] = now
        ctx.log("Amaze", f"{clip['op']} of {len(sources)} item(s) into {dest} done", "D")

    def _ask_delete(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "delete"}

    def _delete_selected(self, ctx: AppContext) -> None:
        fs = ctx.data["fs"]
        for path in ctx.ui["selected"]:
            for doomed in subtree(fs, path):
                del fs[doomed]
        ctx.ui.update(selected=[], dialog=None)
        clip = ctx.ui["clipboard"]
        if clip and not any(p in fs for p in clip["paths"]):
            ctx.ui["clipboard"] = None  # nothing left to paste

    def _compress(self, ctx: AppContext) -> None:
        fs = ctx.data["fs"]
        selected = ctx.ui["selected"]
        ctx.ui["menu"] = ""
        if not selected:
            return
        base = posixpath.splitext(posixpath.basename(selected[0]))[0]
        target = posixpath.join(ctx.ui["path"], f"{base}.zip")
        n = 1
        while target in fs:
            target = posixpath.join(ctx.ui["path"], f"{base} ({n}).zip")
            n += 1
        fs[target] = {"dir": False, "mtime": self._tick(ctx), "size": 22 * len(selected)}
        ctx.ui["selected"] = []
        ctx.toast("Compressing")

    def _open_name_dialog(self, ctx: AppContext, kind: str) -> None:
        ctx.ui.update(fab_open=False, dialog={"kind": kind, "text": ""})

    def _open_rename(self, ctx: AppContext, path: str) -> None:
        ctx.ui.update(
            menu="", dialog={"kind": "rename", "path": path, "text": posixpath.basename(path)}
        )

    def _dialog_text(self, ctx: AppContext, text: str) -> None:
        dialog = dict(ctx.ui["dialog"] or {})
        dialog["text"] = text
        ctx.ui["dialog"] = dialog

    def _confirm_name(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"] or {}
        fs = ctx.data["fs"]
        name = dialog.get("text", "").strip()
        kind = dialog.get("kind")
        if kind == "rename":
            old = dialog["path"]
            folder = posixpath.dirname(old)
            if name == posixpath.basename(old):
                ctx.ui.update(dialog=None, selected=[])
                return
            if not name or name_problem(fs, folder, name):
                return
            new = posixpath.join(folder, name)
            for path in subtree(fs, old):
                fs[new + path[len(old) :]] = fs.pop(path)
            ctx.ui.update(dialog=None, selected=[])
            return
        folder = ctx.ui["path"]
        if not name or name_problem(fs, folder, name):
            return
        fs[posixpath.join(folder, name)] = {
            "dir": kind == "new_folder",
            "mtime": self._tick(ctx),
            "size": 0,
        }
        ctx.ui["dialog"] = None

    def _close_dialog(self, ctx: AppContext) -> None:
        if (ctx.ui["dialog"] or {}).get("kind") == "delete":
            ctx.ui["selected"] = []
        ctx.ui["dialog"] = None

    def _apply_sort(self, ctx: AppContext, ascending: bool) -> None:
        choice = (ctx.ui["dialog"] or {}).get("choice") or "Name"
        ctx.data["prefs"].update(sort=choice, ascending=ascending)
        ctx.ui["dialog"] = None

    def _clear_history(self, ctx: AppContext) -> None:
        ctx.data["history"] = []
        ctx.ui["dialog"] = None

    def _grant_again(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.request_permission(STORAGE_PERMISSION)

    def _toggle_fab(self, ctx: AppContext) -> None:
        ctx.ui["fab_open"] = not ctx.ui["fab_open"]

    def _close_fab(self, ctx: AppContext) -> None:
        ctx.ui["fab_open"] = False

    def _cloud(self, ctx: AppContext) -> None:
        ctx.ui["fab_open"] = False
        ctx.toast("Please install the Amaze Cloud Plugin")

    def _open_search(self, ctx: AppContext) -> None:
        ctx.ui.update(search="", fab_open=False)

    def _open_overflow(self, ctx: AppContext) -> None:
        ctx.ui.update(menu="overflow", fab_open=False)

    def _open_drawer(self, ctx: AppContext) -> None:
        ctx.ui.update(drawer=True, fab_open=False)

    def _open_settings(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = False
        ctx.start_activity(PREFERENCES)

    def _toggle_hidden(self, ctx: AppContext) -> None:
        self._toggle_pref(ctx, "show_hidden")
        ctx.ui["menu"] = ""

    def _toggle_pref(self, ctx: AppContext, key: str) -> None:
        prefs = ctx.data["prefs"]
        prefs[key] = not prefs[key]


# -- Amaze File Manager 3.10 -----------------------------------------------------------------------

# The trace the reporter of AmazeFileManager#4185 shared (a duplicate of #1555), as printed.
ROTATION_CRASH_MESSAGE = (
    "Fragment MainFragment{7500e61} (e95a0a6b-a2dc-46b2-9cf8-044facecb43a) is not currently in "
    "the FragmentManager"
)
ROTATION_CRASH_FRAMES = [
    "androidx.fragment.app.FragmentManager.putFragment(FragmentManager.java:1013)",
    "com.amaze.filemanager.ui.fragments.TabFragment.onSaveInstanceState(TabFragment.java:249)",
    "androidx.fragment.app.Fragment.performSaveInstanceState(Fragment.java:3288)",
    "androidx.fragment.app.FragmentStateManager.saveBasicState(FragmentStateManager.java:681)",
    "androidx.fragment.app.FragmentStateManager.saveState(FragmentStateManager.java:647)",
    "androidx.fragment.app.FragmentStore.saveActiveFragments(FragmentStore.java:214)",
    "androidx.fragment.app.FragmentManager.saveAllStateInternal(FragmentManager.java:2382)",
    "androidx.fragment.app.FragmentManager.lambda$attachController$4(FragmentManager.java:2660)",
    "androidx.fragment.app.FragmentManager.$r8$lambda$sido8p6zuWx0PQxIkv4qM-BRiGM(Unknown Source:0)",  # noqa: E501
    "androidx.fragment.app.FragmentManager$$ExternalSyntheticLambda4.saveState(Unknown Source:2)",
    "androidx.savedstate.SavedStateRegistry.performSave(SavedStateRegistry.kt:247)",
    "androidx.savedstate.SavedStateRegistryController.performSave(SavedStateRegistryController.kt:81)",
    "androidx.activity.ComponentActivity.onSaveInstanceState(ComponentActivity.java:383)",
    "com.amaze.filemanager.ui.activities.MainActivity.onSaveInstanceState(MainActivity.java:1325)",
    "android.app.Activity.performSaveInstanceState(Activity.java:1496)",
    "android.app.Instrumentation.callActivityOnSaveInstanceState(Instrumentation.java:1386)",
    "android.app.ActivityThread.callCallActivityOnSaveInstanceState(ActivityThread.java:4721)",
    "android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:4672)",
    "android.app.ActivityThread.-wrap18(Unknown Source:0)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1595)",
    "android.os.Handler.dispatchMessage(Handler.java:106)",
    "android.os.Looper.loop(Looper.java:164)",
    "android.app.ActivityThread.main(ActivityThread.java:6494)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:438)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:807)",
]


def _oracle_4185(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(
        system,
        PACKAGE,
        "java.lang.IllegalStateException",
        "is not currently in the FragmentManager",
    )


BUG_4185 = BugSpec(
    bug_id="AmazeFileManager#4185",
    kind="crash",
    title="Rotate the screen after entering text during the search, and the text disappears",
    oracle=_oracle_4185,
    human_steps=(
        allow_permission(PACKAGE),
        click(PACKAGE, _id("search"), desc="Search", cls="android.widget.TextView"),
        {
            "kind": "input_text",
            "target": _target(_id("search_edit_text"), cls="android.widget.EditText"),
            "text": "Music",
        },
        {"kind": "rotate", "orientation": "landscape"},
    ),
)


class AmazeFileManager310(AmazeFileManager):
    """Amaze File Manager 3.10, with bug AmazeFileManager#4185.

    The screens a person meets are those of the 3.3.2 model (first-run storage permission, the
    file list, the toolbar's Search opening the ``search_view`` bar with ``search_edit_text``,
    live results). What changed on the way to the bug: typing a query starts a search that
    replaces the tab's ``MainFragment``; rotating then re-creates the activity, and
    ``TabFragment.onSaveInstanceState`` calls ``FragmentManager.putFragment`` for a fragment that
    is no longer in the manager: ``java.lang.IllegalStateException`` with the frames of the
    report's comment, the app dies and the typed text is gone (what the reporter saw). Rotating
    with the search bar closed, or open with nothing typed, re-creates the activity as usual.

    Not modelled: Android 11+'s "All files access" settings page (the virtual device grants
    storage through the runtime permission dialog, like the 3.3.2 model).
    """

    version: ClassVar[str] = "3.10"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_4185,)
    DRAWER_CLASS: ClassVar[str] = "androidx.drawerlayout.widget.DrawerLayout"
    RECYCLER_CLASS: ClassVar[str] = "androidx.recyclerview.widget.RecyclerView"
    START_CLOCK: ClassVar[int] = 1715162400  # 2024-05-08 10:00 UTC: 3.10 was current in 2024

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == MAIN and ctx.ui.get("search"):
            raise JavaException(
                "java.lang.IllegalStateException",
                ROTATION_CRASH_MESSAGE,
                frames=ROTATION_CRASH_FRAMES,
            )
        return super().save_instance_state(ctx)
