"""Material Files (``me.zhanghai.android.files``) 1.7.4, for MaterialFiles#1392 ("File list does
not refresh automatically after granting storage permission").

Modelled from the sources at tag ``v1.7.4`` (under ``app/src/main``: ``AndroidManifest.xml``,
``filelist/FileListFragment.kt`` (``ensureStorageAccess``, ``onRequestStoragePermissionResult``,
``getSubtitle``), ``filelist/CreateDirectoryDialogFragment.kt``,
``filelist/CreateFileDialogFragment.kt``, ``filelist/ConfirmDeleteFilesDialogFragment.kt``,
``filelist/ShowRequestStoragePermissionRationaleDialogFragment.kt``,
``res/layout/file_list_fragment_app_bar_include.xml``, ``file_list_fragment_content_include.xml``,
``file_list_fragment_speed_dial_include.xml``, ``file_item_list.xml``,
``name_dialog_name_include.xml``, ``res/menu/file_list.xml``, ``file_list_speed_dial.xml``,
``file_item.xml``, ``res/values/strings.xml``) and the maintainer's comment on the issue:

- the launcher opens ``FileListActivity`` on the primary storage ``/storage/emulated/0``: the
  toolbar (``toolbar``: "Open navigation drawer", the title "Files" over the subtitle "3
  folders, 1 file" / "Empty" / "Error", Search ``action_search``, "View and sort"
  ``action_view_sort`` and the overflow of ``file_list.xml``), the breadcrumb
  (``breadcrumbLayout``), the RecyclerView ``recyclerView`` of rows (``itemLayout``:
  ``nameText``, ``descriptionText``, the row's ``menuButton`` with ``file_item.xml``'s menu),
  ``emptyView`` ("No files") or ``errorText``, and the speed dial (``speedDialView``: its main
  FAB opens "Folder" and "File", ``file_list_speed_dial.xml``). The speed dial's own views use
  the library's ids (``sd_main_fab``, ``sd_label``, ``sd_fab``). The drawer, search, sorting and
  the overflow's entries other than Refresh are stubs (they do nothing);
- first start on Android 9: ``ensureStorageAccess`` (in ``onResume``) asks for
  ``WRITE_EXTERNAL_STORAGE`` directly (no rationale yet); until the answer, the listing failed
  ("Permission denied"). Allow: ``refresh()`` reloads the list. Deny: the rationale dialog
  ("App needs permission to access files...", OK asks again, Cancel leaves the error);
- "Folder"/"File" open "New folder"/"New file" (``nameEdit``, Cancel/OK; an empty or existing
  name is refused); a row's menu "Delete" asks "Delete “name”?" (folders: "Delete folder “name”
  and its contents?"), Cancel/OK. Tapping a folder opens it; Back or a breadcrumb goes up.

The world: the emulator's primary storage holds Android 9's standard folders (Alarms, DCIM,
Download, Movies, Music, Notifications, Pictures, Podcasts, Ringtones) and ``notes.txt``
(fixed sizes and the date "Aug 20, 2024"); file operations change this fixed tree only.

The bug (MaterialFiles#1392): the directory's file observer is registered when its listing
loads; the first load ran before the permission was granted, so no observer was registered, and
``refresh()`` after the grant reloads the list without registering it again. So the folder
shown when the permission was granted does not update after creating or deleting in it until
the user opens another folder (whose load registers an observer); Refresh (overflow) reloads it
by hand. The oracle reads app state: a create or delete in the shown folder while its list is
stale (no observer) after the grant.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "me.zhanghai.android.files"
LIST = "me.zhanghai.android.files.filelist.FileListActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
ROOT = "/storage/emulated/0"
RATIONALE = (
    "App needs permission to access files. Please click “ALLOW” in the upcoming system dialog."
)
DATE = "Aug 20, 2024"
# file_list.xml: the overflow's items (Search and "View and sort" are icons).
OVERFLOW = (
    "New task",
    "Navigate up",
    "Go to…",
    "Refresh",
    "Select all",
    "Show hidden files",
    "Share",
    "Copy path",
    "Open in Terminal",
    "Add bookmark",
    "Create shortcut",
)
ITEM_MENU = (
    "Open with",
    "Cut",
    "Copy",
    "Delete",
    "Rename",
    "Archive",
    "Share",
    "Copy path",
    "Add bookmark",
    "Create shortcut",
    "Properties",
)
STANDARD = (
    "Alarms",
    "DCIM",
    "Download",
    "Movies",
    "Music",
    "Notifications",
    "Pictures",
    "Podcasts",
    "Ringtones",
)


def _plural(count: int, one: str) -> str:
    return f"{count:,} {one}" + ("" if count == 1 else "s")


def _bug_triggered(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return bool(data.get("missed_refreshes"))


_click = partial(click, PACKAGE)


BUG_1392 = BugSpec(
    bug_id="MaterialFiles#1392",
    kind="non-crash",
    title="[Bug]: File list does not refresh automatically after granting storage permission",
    oracle=_bug_triggered,
    human_steps=(
        _click(
            "com.android.permissioncontroller:id/permission_allow_button",
            "Allow",
            cls="android.widget.Button",
        ),
        _click("sd_main_fab", cls="android.widget.ImageButton"),
        _click("sd_label", "Folder", cls="android.widget.TextView"),
        {
            "kind": "input_text",
            "target": {
                "resource_id": f"{PACKAGE}:id/nameEdit",
                "text": "",
                "content_desc": "",
                "class_name": "android.widget.EditText",
            },
            "text": "Test",
        },
        _click("android:id/button1", "OK", cls="android.widget.Button"),
    ),
)


class MaterialFiles174(VirtualApp):
    """Material Files 1.7.4 (see the module docstring)."""

    name: ClassVar[str] = "MaterialFiles"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Files"
    version: ClassVar[str] = "1.7.4"
    launch_activity: ClassVar[str] = LIST
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1392,)

    def initial_data(self) -> dict[str, Any]:
        tree: dict[str, list[list[Any]]] = {ROOT: [[n, True, 0] for n in STANDARD]}
        tree[ROOT].append(["notes.txt", False, 2048])
        for name in STANDARD:
            tree[f"{ROOT}/{name}"] = []
        return {"tree": tree, "missed_refreshes": 0}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("path", ROOT)
        ui.setdefault("shown", None)  # the loaded listing (None: the load failed)
        ui.setdefault("observed", False)  # a file observer registered for the shown path
        ui.setdefault("granted_here", False)  # this folder was shown when access was granted
        ui.setdefault("dial", False)
        ui.setdefault("menu", None)  # None | "overflow" | a row's name
        ui.setdefault("dialog", None)
        ui.setdefault("asked", False)
        self._load(ctx)
        if STORAGE not in ctx.permissions and not ui["asked"]:
            ui["asked"] = True  # viewModel.isStorageAccessRequested
            ctx.request_permission(STORAGE)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission != STORAGE:
            return
        if granted:
            ctx.ui["asked"] = False
            # refresh() → viewModel.reload(): the listing loads, the observer is not registered.
            self._load(ctx, observe=False)
            ctx.ui["granted_here"] = True
        else:
            ctx.ui["dialog"] = {"kind": "rationale"}

    def _load(self, ctx: AppContext, observe: bool = True) -> None:
        """Load the current folder's listing (and register its file observer when ``observe``:
        every load but ``refresh()`` after the grant)."""
        ui = ctx.ui
        if STORAGE not in ctx.permissions:
            ui.update(shown=None, observed=False)
            return
        ui["shown"] = [list(e) for e in ctx.data["tree"].get(ui["path"], [])]
        ui["observed"] = observe

    def _changed(self, ctx: AppContext, path: str) -> None:
        """A file operation changed ``path``: the observer, if any, reloads the list."""
        ui = ctx.ui
        if path != ui["path"]:
            return
        if ui["observed"]:
            ui["shown"] = [list(e) for e in ctx.data["tree"].get(path, [])]
        elif ui["granted_here"]:
            ctx.data["missed_refreshes"] += 1

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["dial"] or ui["menu"] is not None:
            ui.update(dial=False, menu=None)
            return True
        if ui["path"] != ROOT:
            self._open(ctx, ui["path"].rsplit("/", 1)[0])
            return True
        return False

    def _open(self, ctx: AppContext, path: str) -> None:
        ctx.ui.update(path=path, granted_here=False, dial=False, menu=None)
        self._load(ctx)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        shown = ui["shown"]
        if shown is None:
            subtitle = "Error"
        else:
            dirs = sum(1 for e in shown if e[1])
            parts = [_plural(dirs, "folder")] if dirs else []
            if len(shown) - dirs:
                parts.append(_plural(len(shown) - dirs, "file"))
            subtitle = ", ".join(parts) or "Empty"
        title = w.linear_layout([w.text_view("Files", height=80), w.text_view(subtitle, height=67)])
        bar = w.toolbar(
            title,
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: None),
            actions=[
                w.action_item("action_search", "Search", lambda c: None),
                w.action_item("action_view_sort", "View and sort", lambda c: None),
                w.overflow_button(lambda c: c.ui.update(menu="overflow")),
            ],
        )
        crumbs = [("Internal storage", ROOT)]
        rest = ui["path"][len(ROOT) :].strip("/")
        for part in rest.split("/") if rest else []:
            crumbs.append((part, f"{crumbs[-1][1]}/{part}"))
        breadcrumb = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="breadcrumbLayout",
            layout=HORIZONTAL,
            height=126,
            children=[
                w.linear_layout(
                    [w.text_view(label, "text", height=126)], on_click=w.bind(self._open, path)
                )
                for label, path in crumbs
            ],
        )
        app_bar = w.linear_layout([bar, breadcrumb], rid="appBarLayout", weight=0)
        if shown is None:
            body = w.text_view(f"{ui['path']}: Permission denied", "errorText", height=300)
        elif not shown:
            body = w.text_view("No files", "emptyView", height=300)
        else:
            rows = [self._row(ctx, e) for e in sorted(shown, key=lambda e: (not e[1], e[0]))]
            body = View(
                cls="android.view.ViewGroup",
                resource_id="swipeRefreshLayout",
                children=[
                    w.list_view(
                        rows,
                        rid="recyclerView",
                        cls="androidx.recyclerview.widget.RecyclerView",
                        scroll_key="scroll",
                    )
                ],
            )
        content = w.frame_layout([body], rid="contentLayout")
        dial = self._speed_dial(ctx)
        column = w.linear_layout([app_bar, content])
        root = View(layout=FRAME, children=[column, dial])
        return Screen(content=root, windows=self._windows(ctx))

    def _row(self, ctx: AppContext, entry: list[Any]) -> View:
        name, is_dir, size = entry
        description = DATE if is_dir else f"{DATE}, {size / 1024:.1f} kB".replace(".0 ", " ")
        return w.linear_layout(
            [
                w.frame_layout([w.image_view("iconImage")], rid="iconLayout", width=168),
                w.linear_layout(
                    [
                        w.text_view(name, "nameText"),
                        w.text_view(description, "descriptionText"),
                    ]
                ),
                w.image_button("menuButton", "", w.bind(self._row_menu, name), width=147),
            ],
            rid="itemLayout",
            horizontal=True,
            height=189,
            on_click=w.bind(self._tap_row, name, is_dir),
        )

    def _speed_dial(self, ctx: AppContext) -> View:
        children: list[View] = []
        if ctx.ui["dial"]:
            for label in ("File", "Folder"):
                children.append(
                    w.linear_layout(
                        [
                            w.text_view(label, "sd_label", on_click=w.bind(self._create, label)),
                            w.image_button("sd_fab", "", w.bind(self._create, label), width=147),
                        ],
                        horizontal=True,
                        height=147,
                    )
                )
        children.append(
            w.fab("sd_main_fab", "", lambda c: c.ui.update(dial=not c.ui["dial"]), gravity="end")
        )
        return w.linear_layout(
            children,
            rid="speedDialView",
            gravity="bottom_end",
            width=600,
            height=147 * (len(children) - 1) + 168 + 42,
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        close_menu = lambda c: c.ui.update(menu=None)  # noqa: E731
        if ui["menu"] == "overflow":
            items = [(t, close_menu) for t in OVERFLOW]
            items[OVERFLOW.index("Refresh")] = ("Refresh", self._refresh)
            windows.append(w.menu_window(items, close_menu))
        elif ui["menu"] is not None:
            items = [(t, close_menu) for t in ITEM_MENU]
            items[ITEM_MENU.index("Delete")] = ("Delete", w.bind(self._ask_delete, ui["menu"]))
            windows.append(w.menu_window(items, close_menu))
        dialog = ui["dialog"]
        if dialog is None:
            return windows
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        if dialog["kind"] == "rationale":
            windows.append(
                w.confirm_dialog(
                    "Storage permission",
                    RATIONALE,
                    ("OK", self._ask_again),
                    ("Cancel", close),
                    close,
                )
            )
        elif dialog["kind"] == "create":
            title = "New folder" if dialog["what"] == "Folder" else "New file"
            field = w.edit_text("nameEdit", dialog["text"], self._type_name, hint="Name")
            layout = View(
                cls="com.google.android.material.textfield.TextInputLayout",
                resource_id="nameLayout",
                children=[field],
            )
            windows.append(
                w.input_dialog(
                    title, layout, ("OK", self._confirm_create), ("Cancel", close), close
                )
            )
        elif dialog["kind"] == "delete":
            name = dialog["name"]
            is_dir = any(e[0] == name and e[1] for e in ctx.data["tree"].get(ui["path"], []))
            message = f"Delete folder “{name}” and its contents?" if is_dir else f"Delete “{name}”?"
            windows.append(
                w.confirm_dialog("", message, ("OK", self._delete), ("Cancel", close), close)
            )
        return windows

    # -- handlers ----------------------------------------------------------------------------
    def _tap_row(self, ctx: AppContext, name: str, is_dir: bool) -> None:
        if is_dir:
            self._open(ctx, f"{ctx.ui['path']}/{name}")
        else:
            ctx.toast("No app can open this file")

    def _row_menu(self, ctx: AppContext, name: str) -> None:
        ctx.ui["menu"] = name

    def _refresh(self, ctx: AppContext) -> None:
        """Overflow → Refresh: ``viewModel.reload()`` (reloads; the observer stays as it is)."""
        ctx.ui["menu"] = None
        observed = ctx.ui["observed"]
        self._load(ctx, observe=observed)

    def _ask_again(self, ctx: AppContext) -> None:
        ctx.ui.update(dialog=None, asked=True)
        ctx.request_permission(STORAGE)

    def _create(self, ctx: AppContext, what: str) -> None:
        ctx.ui.update(dial=False, dialog={"kind": "create", "what": what, "text": ""})

    def _type_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["text"] = text

    def _confirm_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        dialog = ui["dialog"]
        name = dialog["text"].strip()
        entries = ctx.data["tree"].setdefault(ui["path"], [])
        if not name or any(e[0] == name for e in entries) or STORAGE not in ctx.permissions:
            ctx.toast(f"{ui['path']}/{name}: File exists" if name else "Name is empty")
            return
        is_dir = dialog["what"] == "Folder"
        entries.append([name, is_dir, 0])
        if is_dir:
            ctx.data["tree"][f"{ui['path']}/{name}"] = []
        ui["dialog"] = None
        self._changed(ctx, ui["path"])

    def _ask_delete(self, ctx: AppContext, name: str) -> None:
        ctx.ui.update(menu=None, dialog={"kind": "delete", "name": name})

    def _delete(self, ctx: AppContext) -> None:
        ui = ctx.ui
        name = ui["dialog"]["name"]
        ui["dialog"] = None
        tree = ctx.data["tree"]
        tree[ui["path"]] = [e for e in tree.get(ui["path"], []) if e[0] != name]
        gone = f"{ui['path']}/{name}"
        for path in [p for p in tree if p == gone or p.startswith(gone + "/")]:
            del tree[path]
        self._changed(ctx, ui["path"])
