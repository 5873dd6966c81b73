"""Simple File Manager (``com.simplemobiletools.filemanager``) 3.2.0, for
Simple-File-Manager#169 and Simple-File-Manager#173 (both reported against 3.2.0 on Android 8.1).

Modelled from the sources at tag ``3.2.0`` (commit ``01b557e0d142694eb1db1df96a027977966b460b``
of SimpleMobileTools/Simple-File-Manager; Simple-Commons 3.8.8 underneath, not read), files read:
``AndroidManifest.xml``, ``activities/MainActivity.kt``, ``activities/SplashActivity.kt``,
``fragments/ItemsFragment.kt``, ``adapters/ItemsAdapter.kt`` (``setupView``,
``getChildrenCnt``), ``helpers/Config.kt`` (favorites, home folder, hidden items),
``res/menu/menu.xml``, ``res/layout/activity_main.xml``, ``items_fragment.xml``,
``list_item.xml`` and ``res/values/strings.xml``; and the later history: commit ``fc0b87c9``
("Fix incorrect behaviour of favorites in menu", 2018-02-10) moves the menu's visibility code
from ``onCreateOptionsMenu`` to ``onPrepareOptionsMenu``; ``338125db`` ("properly update
breadcrumbs also at empty folders") and ``661fbc1a`` ("properly refresh the screen on device
rotation") came later too.

What the model shows:

- the launcher's ``SplashActivity`` only starts ``MainActivity`` (no UI of its own), so the model
  launches ``MainActivity`` directly. A fresh install asks for ``WRITE_EXTERNAL_STORAGE``
  (``handlePermission`` in ``onCreate``); Deny shows the toast "Storage permission is required"
  and closes the app; Allow opens the home folder (the internal storage root). No "what's new"
  dialog on a first start (Commons only records the version then);
- the window's action bar titled "File Manager" (the application label) with the actions of
  ``menu.xml``: Search and "Go to home folder" as icons (a 411 dp wide portrait screen keeps two
  ``ifRoom`` items besides the overflow), the rest in the overflow in ``menu.xml``'s order, each
  shown as its visibility was last computed: "Go to favorite" (when favorites exist), "Sort by",
  "Add to favorites" / "Remove from favorites", "Set as home folder", "Temporarily show hidden" /
  "Stop showing hidden", "Settings", "About";
- the fragment (``items_fragment.xml``): ``breadcrumbs`` ("Internal" or "Root", then
  "/ <folder>" per level), the ``items_list`` RecyclerView of ``list_item.xml`` rows
  (``item_frame`` holding ``item_icon``, ``item_name`` and ``item_details``: "N items" for a
  folder, the size for a file), folders first then by name, and the ``items_fab`` (+) FAB opening
  a small "Create new" dialog (folder only);
- tapping a folder row opens it (``ItemsFragment.itemClicked`` → ``ItemsFragment.openPath``), a
  breadcrumb opens its level, the first breadcrumb opens Commons' "Select storage" dialog
  (radio buttons Internal and Root in ``dialog_radio_group``; a choice calls
  ``ItemsFragment.openPath``); Back goes one breadcrumb up (``MainActivity.openPath``), at the
  first one it asks "Press back again to exit" and a second Back finishes. "Go to home folder",
  "Go to favorite" (a radio list of the favorites), "Add to favorites", "Remove from favorites",
  "Set as home folder" (toast "Home folder updated") and the hidden toggles work; "Sort by" opens
  a stub dialog (Cancel/OK close it); Settings and About are stub screens (a title and Navigate
  up). Long-press selection (the CAB) and Search are not modelled (they do nothing). As in 3.2.0,
  a rotation re-creates the activity and its fragment, which then shows no breadcrumbs and no
  items until a folder is opened (nothing re-opens or refreshes the path).

The world: the emulator's internal storage ``/storage/emulated/0`` holds Android 8.1's
standard folders (Alarms, Android (with data), DCIM (with Camera), Download, Movies, Music,
Notifications, Pictures, Podcasts, Ringtones) and ``notes.txt`` (2 KB); ``/`` lists nothing for
the app (``File("/").listFiles()`` is null without root).

Simple-File-Manager#169 (non-crash): 3.2.0 computes which of "Add to favorites" / "Remove from
favorites" (and "Go to favorite") is visible in ``onCreateOptionsMenu``, which runs only when the
menu is invalidated: ``onResume``, ``MainActivity.openPath`` (start, Back, "Go to home folder",
"Go to favorite"), adding or removing a favorite and the hidden toggles. Opening a folder by
tapping its row (or a breadcrumb, or the storage picker) goes through ``ItemsFragment.openPath``
and does not invalidate the menu, so after "Add to favorites" in one folder and tapping into
another, the overflow still offers "Remove from favorites" for a folder that is no favorite. The
model keeps the menu's computed state in ``ctx.ui`` and recomputes it at exactly those calls
(also on re-creation by rotation, on coming back from Settings/About and on
``leave_and_return``); the oracle reads app state: the overflow was opened showing a favorite
entry that contradicts whether the current folder is a favorite
(``data["stale_menu_opened"]``).

Simple-File-Manager#173 (non-crash): ``ItemsFragment.openPath`` sets ``currentPath`` and loads
the items; ``addItems`` returns at once, before ``breadcrumbs.setBreadcrumb`` and the new
adapter, when ``items.hashCode() == storedItems.hashCode()``. The items of an empty folder and
those of ``/`` (null listing) are both empty lists, so picking Root in "Select storage" from an
empty folder changes ``currentPath`` but leaves the screen on the empty folder. The oracle reads
app state: an opened folder whose listing update was skipped while another folder stayed shown
(``data["stale_listing"]``).

Uncertain: the breadcrumb texts, the storage dialog and the Commons strings ("Sort by",
"Temporarily show hidden", "Stop showing hidden", "Select storage", "Internal", "Root",
"Storage permission is required", "N items") are from memory of Simple-Commons of that time,
not read; that ``/`` lists nothing on the reporter's Android 8.1 is inferred from the report.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import FRAME, HORIZONTAL, VERTICAL, Screen, View, Window

PACKAGE = "com.simplemobiletools.filemanager"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
ABOUT = "com.simplemobiletools.commons.activities.AboutActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
ROOT = "/storage/emulated/0"
STANDARD = (
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


def _stale_menu_opened(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Simple-File-Manager#169: the overflow was opened offering "Remove from
    favorites" for a folder that is no favorite (or "Add to favorites" for one that is)."""
    return bool(data.get("stale_menu_opened"))


_click = partial(click, PACKAGE)
_overflow = _click(desc="More options", cls="android.widget.ImageView")
_allow = allow_permission(PACKAGE)
_add_fav = _click("title", "Add to favorites", cls="android.widget.TextView")
_dcim = _click("item_name", "DCIM", cls="android.widget.TextView")


def _stale_listing(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Simple-File-Manager#173: a folder was opened (Root from the storage
    picker) but the breadcrumbs and the list stayed on the previous, empty folder."""
    return bool(data.get("stale_listing"))


_alarms = _click("item_name", "Alarms", cls="android.widget.TextView")
_internal_crumb = _click("breadcrumb_text", "Internal", cls="android.widget.TextView")
_root_radio = _click(text="Root", cls="android.widget.RadioButton")

BUG_173 = BugSpec(
    bug_id="Simple-File-Manager#173",
    kind="non-crash",
    title="Choosing Root from Empty Folder Does Nothing",
    oracle=_stale_listing,
    human_steps=(_allow, _alarms, _internal_crumb, _root_radio),
)

BUG_169 = BugSpec(
    bug_id="Simple-File-Manager#169",
    kind="non-crash",
    title="Cannot Add Favorite for Another Directory Right After a Prior Favorite Creation",
    oracle=_stale_menu_opened,
    human_steps=(_allow, _overflow, _add_fav, _dcim, _overflow),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG_173.bug_id: [
        # Root picked from a folder that is not empty (the internal storage's top)
        [_allow, _internal_crumb, _root_radio],
        # Root picked from a non-empty subfolder
        [_allow, _dcim, _internal_crumb, _root_radio],
        # Internal picked instead of Root from the empty folder
        [
            _allow,
            _alarms,
            _internal_crumb,
            _click(text="Internal", cls="android.widget.RadioButton"),
        ],
        # the storage picker dismissed with Back
        [_allow, _alarms, _internal_crumb, {"kind": "press_back"}],
        # back out of the empty folder first
        [_allow, _alarms, {"kind": "press_back"}, _internal_crumb, _root_radio],
    ],
    BUG_169.bug_id: [
        # the other folder opened, but the menu never looked at again
        [_allow, _overflow, _add_fav, _dcim],
        # no favorite added before opening the other folder
        [_allow, _dcim, _overflow],
        # the menu looked at again without leaving the favorite folder
        [_allow, _overflow, _add_fav, _overflow],
        # back up to the favorite folder (Back invalidates the menu) before looking
        [_allow, _overflow, _add_fav, _dcim, {"kind": "press_back"}, _overflow],
        # "Go to home folder" instead of a row: MainActivity.openPath invalidates the menu
        [
            _allow,
            _dcim,
            _overflow,
            _add_fav,
            _click("go_home", desc="Go to home folder", cls="android.widget.TextView"),
            _overflow,
        ],
    ],
}


def _count(n: int) -> str:
    return f"{n} item" if n == 1 else f"{n} items"


def _size(size: int) -> str:
    if size < 1024:
        return f"{size} B"
    return f"{size / 1024:.0f} KB" if size % 1024 == 0 else f"{size / 1024:.1f} KB"


class SimpleFileManager320(VirtualApp):
    """Simple File Manager 3.2.0 (see the module docstring)."""

    name: ClassVar[str] = "Simple-File-Manager"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "File Manager"
    version: ClassVar[str] = "3.2.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_169, BUG_173)

    def initial_data(self) -> dict[str, Any]:
        tree: dict[str, list[list[Any]]] = {ROOT: [[n, True, 0] for n in STANDARD]}
        tree[ROOT].append(["notes.txt", False, 2048])
        for name in STANDARD:
            tree[f"{ROOT}/{name}"] = []
        tree[f"{ROOT}/Android"].append(["data", True, 0])
        tree[f"{ROOT}/Android/data"] = []
        tree[f"{ROOT}/DCIM"].append(["Camera", True, 0])
        tree[f"{ROOT}/DCIM/Camera"] = []
        tree["/"] = []  # listFiles() of "/" is null for an app without root
        return {
            "tree": tree,
            "favorites": [],
            "home": "",
            "show_hidden": False,
            "temporarily_show_hidden": False,
            "stale_menu_opened": 0,
            "stale_listing": 0,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        ui = ctx.ui
        recreated = "path" in ui
        ui.setdefault("path", "")  # ItemsFragment.currentPath
        # What the fragment shows (breadcrumbs and list) and its storedItems. A re-created
        # fragment (rotation) shows nothing: 3.2.0 neither re-opens the path nor refreshes.
        ui.update(shown=None, stored=[], overflow=False, dialog=None, back_pressed=False)
        if not recreated:
            # onCreate: handlePermission(PERMISSION_WRITE_STORAGE) { initFileManager() }
            if STORAGE in ctx.permissions:
                self._main_open_path(ctx, self._home(ctx))
            else:
                ctx.request_permission(STORAGE)
        self._invalidate(ctx)  # a new instance creates its options menu

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {"path": ctx.ui.get("path", "")}

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission != STORAGE:
            return
        if granted:
            self._main_open_path(ctx, self._home(ctx))
        else:
            ctx.toast("Storage permission is required")
            ctx.finish()

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            self._invalidate(ctx)  # onResume → invalidateOptionsMenu()

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            ctx.memory["main_resumed"] = True  # MainActivity.onResume follows
            return False
        self._sync(ctx)
        ui = ctx.ui
        if ui["overflow"]:
            ui["overflow"] = False
            return True
        crumbs = self._crumb_paths(ui["shown"])
        if len(crumbs) <= 1:  # breadcrumbs.childCount <= 1
            if not ui["back_pressed"]:
                ui["back_pressed"] = True
                ctx.toast("Press back again to exit")
                return True
            return False
        self._main_open_path(ctx, crumbs[-2])
        return True

    # -- state helpers -----------------------------------------------------------------------
    def _home(self, ctx: AppContext) -> str:
        home = ctx.data["home"]
        return home if home in ctx.data["tree"] else ROOT

    def _menu_state(self, ctx: AppContext) -> dict[str, Any]:
        """What ``onCreateOptionsMenu`` computes for the current folder."""
        favorites = ctx.data["favorites"]
        path = ctx.ui.get("path", "")
        temp = ctx.data["temporarily_show_hidden"]
        return {
            "add": path not in favorites,
            "remove": path in favorites,
            "go_to": bool(favorites),
            "temp_show": not (ctx.data["show_hidden"] or temp),
            "stop_show": temp,
        }

    def _invalidate(self, ctx: AppContext) -> None:
        """``invalidateOptionsMenu()``: the menu's visibility is computed again."""
        ctx.ui["menu"] = self._menu_state(ctx)

    def _sync(self, ctx: AppContext) -> None:
        """The activity came back from Settings/About: ``onResume`` invalidated the menu."""
        if ctx.memory.pop("main_resumed", False):
            self._invalidate(ctx)

    def _menu(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.memory.get("main_resumed"):
            return self._menu_state(ctx)
        menu: dict[str, Any] = ctx.ui.get("menu") or self._menu_state(ctx)
        return menu

    def _listing(self, ctx: AppContext, path: str) -> list[list[Any]]:
        """``getItems``: the FileDirItems of ``path`` (path, is folder, size, children), sorted
        folders first then by name (``/`` lists nothing: ``listFiles()`` is null there)."""
        entries = ctx.data["tree"].get(path, []) if STORAGE in ctx.permissions else []
        items = []
        for name, is_dir, size in entries:
            if not self._shows(ctx, name):
                continue
            full = f"{path.rstrip('/')}/{name}"
            children = ctx.data["tree"].get(full, []) if is_dir else []
            count = sum(1 for e in children if self._shows(ctx, e[0]))
            items.append([full, name, is_dir, size, count])
        return sorted(items, key=lambda e: (not e[2], e[1].lower()))

    def _fragment_open_path(self, ctx: AppContext, path: str) -> None:
        """``ItemsFragment.openPath``: ``currentPath`` changes and the items load; ``addItems``
        returns early, leaving the breadcrumbs and the list as they were, when the new items'
        ``hashCode()`` equals the stored items' (two empty lists). The options menu is left as
        it was."""
        ui = ctx.ui
        path = path.rstrip("/") or "/"
        ui.update(path=path, back_pressed=False)
        items = self._listing(ctx, path)
        if items == ui["stored"]:
            if ui["shown"] != path:
                ctx.data["stale_listing"] += 1
            return
        ui.update(shown=path, stored=items)

    def _main_open_path(self, ctx: AppContext, path: str) -> None:
        """``MainActivity.openPath``: the fragment opens ``path``, then the menu is
        invalidated."""
        if path not in ctx.data["tree"]:
            path = ROOT
        self._fragment_open_path(ctx, path)
        self._invalidate(ctx)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return Screen(content=self._child(ctx, "Settings"))
        if ctx.activity == ABOUT:
            return Screen(content=self._child(ctx, "About"))
        ui = ctx.ui
        bar = w.toolbar(
            "File Manager",
            rid="action_bar",
            actions=[
                w.action_item("search", "Search", lambda c: None),
                w.action_item("go_home", "Go to home folder", self._go_home),
                w.overflow_button(self._open_overflow),
            ],
        )
        rows = [self._row(ctx, e) for e in ui["stored"]]
        listing = w.list_view(
            rows,
            rid="items_list",
            cls="android.support.v7.widget.RecyclerView",
            scroll_key="scroll",
        )
        wrapper = w.relative_layout(
            [self._breadcrumbs(ctx), listing], rid="items_wrapper", layout=VERTICAL
        )
        refresh = View(
            cls="android.view.ViewGroup", resource_id="items_swipe_refresh", children=[wrapper]
        )
        fab = w.fab("items_fab", "", self._new_item)
        holder = View(
            cls="android.view.ViewGroup",
            resource_id="items_holder",
            layout=FRAME,
            children=[refresh, fab],
        )
        content = w.linear_layout([bar, w.relative_layout([holder], rid="main_screen")])
        return Screen(content=content, windows=self._windows(ctx))

    def _child(self, ctx: AppContext, title: str) -> View:
        return w.linear_layout(
            [w.toolbar(title, navigation=w.up_button(self._close_child), rid="action_bar")]
        )

    def _shows(self, ctx: AppContext, name: str) -> bool:
        hidden = ctx.data["show_hidden"] or ctx.data["temporarily_show_hidden"]
        return hidden or not name.startswith(".")

    def _crumb_paths(self, shown: str | None) -> list[str]:
        """The paths of the breadcrumbs shown for ``shown`` (none before anything was shown)."""
        if shown is None:
            return []
        base = ROOT if shown.startswith(ROOT) else "/"
        paths = [base]
        for part in shown[len(base) :].strip("/").split("/"):
            if part:
                paths.append(f"{paths[-1].rstrip('/')}/{part}")
        return paths

    def _breadcrumbs(self, ctx: AppContext) -> View:
        crumbs: list[View] = []
        for i, path in enumerate(self._crumb_paths(ctx.ui["shown"])):
            if i == 0:
                label = "Internal" if path == ROOT else "Root"
                crumbs.append(w.text_view(label, "breadcrumb_text", on_click=self._crumb_storage))
            else:
                crumbs.append(
                    w.text_view(
                        f"/ {path.rsplit('/', 1)[1]}",
                        "breadcrumb_text",
                        on_click=w.bind(self._crumb_clicked, path),
                    )
                )
        return w.linear_layout(crumbs, rid="breadcrumbs", horizontal=True, height=126)

    def _row(self, ctx: AppContext, item: list[Any]) -> View:
        path, name, is_dir, size, count = item
        details = _count(count) if is_dir else _size(size)
        return w.frame_layout(
            rid="item_frame",
            height=168,
            on_click=w.bind(self._item_clicked, path, is_dir),
            children=[
                w.relative_layout(
                    [
                        w.image_view("item_icon", width=147),
                        w.linear_layout(
                            [w.text_view(name, "item_name"), w.text_view(details, "item_details")]
                        ),
                    ],
                    rid="item_holder",
                    layout=HORIZONTAL,
                )
            ],
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["overflow"]:
            menu = self._menu(ctx)
            items: list[tuple[Any, ...]] = []
            if menu["go_to"]:
                items.append(("Go to favorite", self._go_to_favorite))
            items.append(("Sort by", self._sort))
            if menu["add"]:
                items.append(("Add to favorites", self._add_favorite))
            if menu["remove"]:
                items.append(("Remove from favorites", self._remove_favorite))
            items.append(("Set as home folder", self._set_as_home))
            if menu["temp_show"]:
                items.append(("Temporarily show hidden", self._toggle_hidden))
            if menu["stop_show"]:
                items.append(("Stop showing hidden", self._toggle_hidden))
            items.append(("Settings", w.bind(self._start, SETTINGS)))
            items.append(("About", w.bind(self._start, ABOUT)))
            windows.append(w.menu_window(items, self._close_overflow))
        dialog = ui["dialog"]
        close = self._close_dialog
        if dialog is None:
            return windows
        if dialog["kind"] == "favorites":
            favorites = ctx.data["favorites"]
            current = favorites.index(ui["path"]) if ui["path"] in favorites else None
            windows.append(
                w.choice_dialog("Go to favorite", favorites, current, self._chose_favorite, close)
            )
        elif dialog["kind"] == "storage":
            base = "/" if not ui["path"].startswith(ROOT) else ROOT
            group = View(
                cls="android.widget.RadioGroup",
                resource_id="dialog_radio_group",
                weight=0,
                children=[
                    w.radio_button(
                        "",
                        "Internal",
                        base == ROOT,
                        w.bind(self._storage_picked, ROOT),
                        height=147,
                    ),
                    w.radio_button(
                        "", "Root", base == "/", w.bind(self._storage_picked, "/"), height=147
                    ),
                ],
            )
            windows.append(w.alert_dialog(w.dialog_title("Select storage"), [group], [], close))
        elif dialog["kind"] == "sort":
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Sort by"),
                    [],
                    w.dialog_buttons(("OK", close), ("Cancel", close)),
                    close,
                )
            )
        elif dialog["kind"] == "create":
            field = w.edit_text("item_name", dialog["text"], self._type_name, hint="Name")
            windows.append(
                w.input_dialog("Create new", field, ("OK", self._create), ("Cancel", close), close)
            )
        return windows

    # -- handlers ----------------------------------------------------------------------------
    def _item_clicked(self, ctx: AppContext, path: str, is_dir: bool) -> None:
        self._sync(ctx)
        if is_dir:
            self._fragment_open_path(ctx, path)
        else:
            ctx.toast("No app for opening this type of file is installed")

    def _crumb_clicked(self, ctx: AppContext, path: str) -> None:
        self._sync(ctx)
        self._fragment_open_path(ctx, path)

    def _crumb_storage(self, ctx: AppContext) -> None:
        """The first breadcrumb: ``StoragePickerDialog(activity, currentPath)``."""
        self._sync(ctx)
        ctx.ui["dialog"] = {"kind": "storage"}

    def _storage_picked(self, ctx: AppContext, path: str) -> None:
        ctx.ui["dialog"] = None
        self._fragment_open_path(ctx, path)

    def _go_home(self, ctx: AppContext) -> None:
        self._sync(ctx)
        home = self._home(ctx)
        if home != ctx.ui["path"]:
            self._main_open_path(ctx, home)

    def _open_overflow(self, ctx: AppContext) -> None:
        self._sync(ctx)
        ctx.ui["overflow"] = True
        menu = self._menu(ctx)
        is_favorite = ctx.ui["path"] in ctx.data["favorites"]
        if menu["remove"] != is_favorite or menu["add"] == is_favorite:
            ctx.data["stale_menu_opened"] += 1

    def _close_overflow(self, ctx: AppContext) -> None:
        ctx.ui["overflow"] = False

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _add_favorite(self, ctx: AppContext) -> None:
        ctx.ui["overflow"] = False
        if ctx.ui["path"] not in ctx.data["favorites"]:
            ctx.data["favorites"].append(ctx.ui["path"])
        self._invalidate(ctx)

    def _remove_favorite(self, ctx: AppContext) -> None:
        ctx.ui["overflow"] = False
        if ctx.ui["path"] in ctx.data["favorites"]:
            ctx.data["favorites"].remove(ctx.ui["path"])
        self._invalidate(ctx)

    def _go_to_favorite(self, ctx: AppContext) -> None:
        ctx.ui.update(overflow=False, dialog={"kind": "favorites"})

    def _chose_favorite(self, ctx: AppContext, index: int) -> None:
        ctx.ui["dialog"] = None
        self._main_open_path(ctx, ctx.data["favorites"][index])

    def _sort(self, ctx: AppContext) -> None:
        ctx.ui.update(overflow=False, dialog={"kind": "sort"})

    def _set_as_home(self, ctx: AppContext) -> None:
        ctx.ui["overflow"] = False
        ctx.data["home"] = ctx.ui["path"]
        ctx.toast("Home folder updated")

    def _toggle_hidden(self, ctx: AppContext) -> None:
        ctx.ui["overflow"] = False
        ctx.data["temporarily_show_hidden"] = not ctx.data["temporarily_show_hidden"]
        self._main_open_path(ctx, ctx.ui["path"])

    def _start(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["overflow"] = False
        ctx.start_activity(activity)

    def _close_child(self, ctx: AppContext) -> None:
        ctx.memory["main_resumed"] = True
        ctx.finish()

    def _new_item(self, ctx: AppContext) -> None:
        self._sync(ctx)
        ctx.ui["dialog"] = {"kind": "create", "text": ""}

    def _type_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["text"] = text

    def _create(self, ctx: AppContext) -> None:
        name = ctx.ui["dialog"]["text"].strip()
        folder = ctx.data["tree"].get(ctx.ui["path"])
        if not name or folder is None or ctx.ui["path"] == "/":
            ctx.toast("Empty name")
            return
        if any(e[0] == name for e in folder):
            ctx.toast("An item with that name already exists")
            return
        folder.append([name, True, 0])
        ctx.data["tree"][f"{ctx.ui['path'].rstrip('/')}/{name}"] = []
        ctx.ui["dialog"] = None
        self._fragment_open_path(ctx, ctx.ui["path"])  # refreshItems()
