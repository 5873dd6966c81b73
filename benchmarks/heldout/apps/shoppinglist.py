"""ShoppingList (``com.woefe.shoppinglist``, woefe/ShoppingList) 0.9.0 and 0.10.0.

Modelled from the sources at tag ``v0.9.0`` (commit ``9f51269``) and tag ``v0.10.0`` (commit
``e74cd84``): ``AndroidManifest.xml``, ``activity/MainActivity.java`` (options menu,
``onServiceConnected``, ``selectList``, ``setFragment``, ``NewListDialog``),
``activity/ShoppingListFragment.java``, ``activity/EditBar.java``,
``activity/DynamicListViewAdapter.java`` (0.9.0), ``activity/RecyclerListAdapter.java``
(0.10.0), ``activity/SettingsActivity.java``/``SettingsFragment.java``, ``AboutActivity.java``,
``dialog/ConfirmationDialog.java``, ``dialog/TextInputDialog.java``,
``dialog/DirectoryChooser.java``, ``shoppinglist/ShoppingListService.java``,
``shoppinglist/ShoppingListsManager.java``, ``shoppinglist/DirectoryStatus.java``, the layouts
``activity_main.xml``, ``toolbar_main.xml``, ``fragment_shoppinglist.xml``, ``list_item.xml``,
``drawer_list_item.xml``, ``fragment_invalid.xml``, ``dialog_text_input.xml``,
``dialog_directory_chooser.xml``, ``activity_about.xml``, ``menu/menu_main.xml``,
``menu/context_menu.xml``, ``xml/preferences.xml``, ``values/strings.xml`` and
``values/styles.xml`` (AppTheme has no action bar, so Settings and About show none).

The app: MainActivity (Toolbar ``toolbar_main`` with the drawer toggle, "Delete checked items",
"Sort" and the overflow: "Create new list", "Share", "Delete list", "About", "Settings"; the
413 dp wide screen leaves room for two action icons) shows the current list in a
ShoppingListFragment (items, the FAB ``fab_add`` opening the EditBar) or, when there is no list,
an InvalidFragment ("No lists are available.", title "Shopping List"). The lists live in
ShoppingListService, bound while MainActivity is started: binding loads the list files of the
directory DirectoryStatus picks (the ``FILE_LOCATION`` preference, or
``files/ShoppingLists``), adding the list "Shopping List" when that directory holds no file;
unbinding (MainActivity stopped, e.g. under Settings) writes them back. The model keeps each
directory's lists in ``data["lists"]`` written through (same result at every bind). A fresh
install opens on the list "Shopping List" with no first-run screen.

Bugs:

- ``ShoppingList#30`` (crash, 0.9.0): with every list deleted, "Delete list" still opens the
  confirmation for the title "Shopping List"; OK calls ``ShoppingListsManager.removeList``,
  whose ``MetadataContainer.removeByName`` reads ``filename`` of the null metadata:
  NullPointerException (``ShoppingListsManager.java:271``; fixed in ``a172ebb``, released in
  0.10.0, which toasts "Cannot delete list"). Frames as issue #26 (a duplicate) quotes them.
- ``ShoppingList#32`` (crash, 0.10.0): with a list the user created shown, Settings → File
  location → a directory chosen → Back: MainActivity rebinds, the new directory lacks that
  list, ``onServiceConnected`` calls ``selectList(0)`` and the fragment replace stops the old
  ShoppingListFragment, whose ``RecyclerListAdapter.disconnectShoppingList`` (already
  disconnected when MainActivity stopped) calls ``removeListener`` on null:
  NullPointerException (``RecyclerListAdapter.java:69``; fixed in ``b3f4bf0``, 0.10.1). The
  report names no version; 0.10.0 was the release of its day and the only one with that code.

Other behaviour kept from the sources: in 0.9.0 "Sort" and "Share" with no list also crash
(NullPointerException in ``ShoppingListsManager.getList``; their framework frames are
approximate), 0.10.0 returns / toasts "Cannot share list"; ``indexOf`` runs
``Arrays.binarySearch`` with natural order on names sorted ignoring case (a lower-case name can
give a negative index and an ArrayIndexOutOfBoundsException in ``selectList``, fixed later in
``01d3f1f``); a ConfirmationDialog or TextInputDialog re-created by rotation loses its action
(and the text dialog's hint is overwritten by its text: ``KEY_HINT`` equals ``KEY_INPUT``).

Fixed world data: the emulator's storage tree (``/storage/emulated/0`` with the standard
folders, the app's external ``files/Documents`` and its internal ``files`` directory), no list
files anywhere. DirectoryChooser lists the storage locations readable when it is created (the
external root, DCIM and Documents only once WRITE_EXTERNAL_STORAGE is granted; it asks for it
in ``onStart``), so a first visit opens in the app's external ``files/Documents``.

Stubbed: Share's target submenu (the share intent has no receiver modelled), drag-and-drop
reordering and 0.10.0's swipe-to-delete of items, the Snackbar for an unusable configured
directory (unreachable: the chooser only accepts writable directories and no permission is
revoked), the About text is the rendered HTML as plain text, framework line numbers of the
API 25 frames below the app's own are approximate.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, input_text
from device_agent.virtual.stacks import callback_frames, message_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.woefe.shoppinglist"
MAIN = ".activity.MainActivity"
SETTINGS = ".activity.SettingsActivity"
ABOUT = ".activity.AboutActivity"
CHOOSER = ".dialog.DirectoryChooser"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
API = 25

APP_NAME = "Shopping List"
INITIAL_LIST = "Shopping List"
KEY_DIRECTORY_LOCATION = "FILE_LOCATION"

INTERNAL = "/data/user/0/com.woefe.shoppinglist"
FILES_DIR = INTERNAL + "/files"
DEFAULT_DIR = FILES_DIR + "/ShoppingLists"
EXT = "/storage/emulated/0"
APP_EXT = EXT + "/Android/data/com.woefe.shoppinglist"
APP_EXT_DOCS = APP_EXT + "/files/Documents"
# The emulator's directories (fixed data): path -> subdirectories. No list files anywhere.
TREE: dict[str, tuple[str, ...]] = {
    EXT: (
        "Alarms",
        "Android",
        "Audiobooks",
        "DCIM",
        "Documents",
        "Download",
        "Movies",
        "Music",
        "Notifications",
        "Pictures",
        "Podcasts",
        "Ringtones",
    ),
    EXT + "/Android": ("data", "media", "obb"),
    EXT + "/Android/data": ("com.woefe.shoppinglist",),
    APP_EXT: ("files",),
    APP_EXT + "/files": ("Documents",),
    INTERNAL: ("cache", "code_cache", "files", "shared_prefs"),
    FILES_DIR: ("ShoppingLists",),
}

# strings.xml
S_DELETE_CHECKED = "Delete checked items"
S_SORT = "Sort"
S_NEW_LIST = "Create new list"
S_SHARE = "Share"
S_DELETE_LIST = "Delete list"
S_ABOUT = "About"
S_SETTINGS = "Settings"
S_OK = "OK"
S_CANCEL = "Cancel"
S_REMOVE_CHECKED = "Remove all checked items?"
S_ADD_NEW_LIST = "Add a new list"
S_ADD_LIST_HINT = "Name of new list"
S_NO_LISTS = "No lists are available."
S_LISTS = "Lists"
S_OPEN_DRAWER = "Open navigation drawer"
S_LIST_NAME_EMPTY = "The list name may not be empty!"
S_LIST_EXISTS = "This list already exists"
S_DESCRIPTION_EMPTY = "Item description may not be empty!"
S_NEW_ITEM = "New Item"
S_QUANTITY = "Quantity"
S_DONE = "Done"
S_SWAP = "Swap"
S_FILE_LOCATION = "File location"
S_SELECTED_DIRECTORY = "Selected directory:"
S_NO_DIR_ACCESS = "Cannot access selected directory!"
S_CANNOT_WRITE = "Cannot write to directory"
S_SELECT_STORAGE = "Select storage location"
S_CREATE_NEW_DIR = "Create new directory"
S_NAME_OF_NEW_DIR = "Name of new directory"
S_ILLEGAL_CHAR = "Filename contains illegal character '/'"
S_CANNOT_DELETE_LIST = "Cannot delete list"
S_CANNOT_SHARE_LIST = "Cannot share list"
SORTS = ("A-Z", "Z-A", "Unchecked first", "Checked first")

ACTION_NEW_LIST = "action_new_list"
ACTION_DELETE_LIST = "action_delete_list"
ACTION_DELETE_CHECKED = "action_delete_checked"
ACTION_NEW_DIR = "ACTION_READ_INPUT"

ABOUT_090 = (
    "About\n\nVersion\n\nYou are using version v0.9.0\n\nMaintainer\n\nWolfgang Popp\n\n"
    "Source code, Issues, Contributing\n\nThis project is hosted on Github\n\nLicense\n\n"
    "ShoppingList is licensed under GPLv3+"
)
ABOUT_0100 = (
    "About\n\nVersion\n\nYou are using version v0.10.0\n\n\n\nSource code, Issues, Contributing"
    "\n\nThis project is hosted on Github\n\n\n\nLicense\n\nShoppingList is licensed under "
    "GPLv3+\n\n\n\nAuthor\n\nWolfgang Popp\n\n\n\nContributors\n\n"
    "\u2022 Pierre Rudloff (French translation)"
)

_MGR = "com.woefe.shoppinglist.shoppinglist.ShoppingListsManager"
_BINDER = "com.woefe.shoppinglist.shoppinglist.ShoppingListService$ShoppingListBinder"
_MAIN = "com.woefe.shoppinglist.activity.MainActivity"


# -- the crashes -------------------------------------------------------------------------------
def _remove_missing_list() -> JavaException:
    """0.9.0 ``removeList`` of a name that has no metadata (ShoppingList#30)."""
    return JavaException(
        "java.lang.NullPointerException",
        "Attempt to read from field 'java.lang.String com.woefe.shoppinglist.shoppinglist."
        "ShoppingListsManager$ShoppingListMetadata.filename' on a null object reference",
        frames=[
            f"{_MGR}$ShoppingListMetadata.access$1000(ShoppingListsManager.java:239)",
            f"{_MGR}$MetadataContainer.removeByName(ShoppingListsManager.java:271)",
            f"{_MGR}$MetadataContainer.access$1400(ShoppingListsManager.java:252)",
            f"{_MGR}.removeList(ShoppingListsManager.java:211)",
            f"{_BINDER}.removeList(ShoppingListService.java:92)",
            f"{_MAIN}.onPositiveButtonClicked(MainActivity.java:281)",
            "com.woefe.shoppinglist.dialog.ConfirmationDialog$1.onClick"
            "(ConfirmationDialog.java:78)",
            "com.android.internal.app.AlertController$ButtonHandler.handleMessage"
            "(AlertController.java:167)",
            *message_frames(API),
        ],
    )


def _get_missing_list(caller: str) -> JavaException:
    """0.9.0 ``getList`` of a name that has no metadata (Sort, Share with no list)."""
    line = {"sort": 245, "doShare": 176}[caller]
    item_line = {"sort": 229, "doShare": 226}[caller]
    return JavaException(
        "java.lang.NullPointerException",
        "Attempt to read from field 'com.woefe.shoppinglist.shoppinglist.ShoppingList "
        "com.woefe.shoppinglist.shoppinglist.ShoppingListsManager$ShoppingListMetadata."
        "shoppingList' on a null object reference",
        frames=[
            f"{_MGR}$ShoppingListMetadata.access$400(ShoppingListsManager.java:239)",
            f"{_MGR}.getList(ShoppingListsManager.java:216)",
            f"{_BINDER}.getList(ShoppingListService.java:96)",
            f"{_MAIN}.{caller}(MainActivity.java:{line})",
            f"{_MAIN}.onOptionsItemSelected(MainActivity.java:{item_line})",
            "android.app.Activity.onMenuItemSelected(Activity.java:3204)",
            "android.support.v4.app.FragmentActivity.onMenuItemSelected(FragmentActivity.java:380)",
            "android.support.v7.app.AppCompatActivity.onMenuItemSelected"
            "(AppCompatActivity.java:195)",
            "android.support.v7.view.WindowCallbackWrapper.onMenuItemSelected"
            "(WindowCallbackWrapper.java:108)",
            "android.support.v7.widget.ToolbarWidgetWrapper$1.onClick"
            "(ToolbarWidgetWrapper.java:188)",
            "android.support.v7.view.menu.MenuBuilder.dispatchMenuItemSelected"
            "(MenuBuilder.java:822)",
            "android.support.v7.view.menu.MenuItemImpl.invoke(MenuItemImpl.java:171)",
            "android.support.v7.view.menu.MenuBuilder.performItemAction(MenuBuilder.java:973)",
            "android.support.v7.view.menu.MenuPopup.onItemClick(MenuPopup.java:127)",
            "android.widget.AdapterView.performItemClick(AdapterView.java:310)",
            "android.widget.AbsListView.performItemClick(AbsListView.java:1155)",
            "android.widget.AbsListView$PerformClick.run(AbsListView.java:3126)",
            "android.widget.AbsListView$3.run(AbsListView.java:4041)",
            *callback_frames(API),
        ],
    )


def _negative_index(index: int) -> JavaException:
    """``selectList(indexOf(name))`` with the negative index of a failed binary search."""
    return JavaException(
        "java.lang.ArrayIndexOutOfBoundsException",
        f"length=10; index={index}",
        frames=[
            "java.util.ArrayList.get(ArrayList.java:413)",
            "android.widget.ArrayAdapter.getItem(ArrayAdapter.java:384)",
            f"{_MAIN}.selectList(MainActivity.java:332)",
            f"{_MAIN}.onInputComplete(MainActivity.java:300)",
            "com.woefe.shoppinglist.dialog.TextInputDialog.onInputComplete"
            "(TextInputDialog.java:114)",
            "com.woefe.shoppinglist.dialog.TextInputDialog.access$000(TextInputDialog.java:40)",
            "com.woefe.shoppinglist.dialog.TextInputDialog$3.onClick(TextInputDialog.java:103)",
            "android.view.View.performClick(View.java:5637)",
            "android.view.View$PerformClick.run(View.java:22429)",
            *callback_frames(API),
        ],
    )


def _disconnect_null_list() -> JavaException:
    """0.10.0 ``RecyclerListAdapter.disconnectShoppingList`` after it was already
    disconnected (ShoppingList#32): the replaced fragment's ``onStop``."""
    return JavaException(
        "java.lang.NullPointerException",
        "Attempt to invoke virtual method 'void com.woefe.shoppinglist.shoppinglist.ShoppingList"
        ".removeListener(com.woefe.shoppinglist.shoppinglist.ShoppingList$ShoppingListListener)'"
        " on a null object reference",
        frames=[
            "com.woefe.shoppinglist.activity.RecyclerListAdapter.disconnectShoppingList"
            "(RecyclerListAdapter.java:69)",
            "com.woefe.shoppinglist.activity.ShoppingListFragment.onStop"
            "(ShoppingListFragment.java:100)",
            "android.app.Fragment.performStop(Fragment.java:2502)",
            "android.app.FragmentManagerImpl.moveToState(FragmentManager.java:1164)",
            "android.app.FragmentManagerImpl.moveToState(FragmentManager.java:1256)",
            "android.app.BackStackRecord.run(BackStackRecord.java:793)",
            "android.app.FragmentManagerImpl.execPendingActions(FragmentManager.java:1671)",
            "android.app.FragmentManagerImpl$1.run(FragmentManager.java:536)",
            *callback_frames(API),
        ],
    )


def _ignore_case(name: str) -> str:
    """``String.compareToIgnoreCase``'s per-character folding."""
    return "".join(ch.upper().lower() for ch in name)


def _binary_search(names: list[str], key: str) -> int:
    """``Arrays.binarySearch(names, key)`` with String's natural (case-sensitive) order."""
    lo, hi = 0, len(names) - 1
    while lo <= hi:
        mid = (lo + hi) >> 1
        if names[mid] < key:
            lo = mid + 1
        elif names[mid] > key:
            hi = mid - 1
        else:
            return mid
    return -(lo + 1)


# -- the bugs ----------------------------------------------------------------------------------
def _removed_missing_list(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(
        system, PACKAGE, "java.lang.NullPointerException", "ShoppingListMetadata.filename"
    )


def _disconnected_twice(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "java.lang.NullPointerException", "ShoppingList.removeListener")


MORE = click(PACKAGE, desc=w.MORE_OPTIONS, cls="android.widget.ImageView")


def _menu(title: str) -> dict[str, Any]:
    return click(PACKAGE, "title", title)


NEW_LIST_STEPS = [
    MORE,
    _menu(S_NEW_LIST),
    input_text(PACKAGE, "dialog_text_field", "Groceries"),
    click(PACKAGE, "button_dialog_ok", S_OK, cls="android.widget.Button"),
]
DELETE_LIST_STEPS = [
    MORE,
    _menu(S_DELETE_LIST),
    click(PACKAGE, "android:id/button1", S_OK, cls="android.widget.Button"),
]
CANCEL_DELETE = [
    MORE,
    _menu(S_DELETE_LIST),
    click(PACKAGE, "android:id/button2", S_CANCEL, cls="android.widget.Button"),
]
TO_CHOOSER = [
    MORE,
    _menu(S_SETTINGS),
    click(PACKAGE, "android:id/title", S_FILE_LOCATION),
    allow_permission(PACKAGE),
]
CHOOSER_OK = click(PACKAGE, "button_dialog_ok", S_OK, cls="android.widget.Button")
CHOOSER_CANCEL = click(PACKAGE, "button_dialog_cancel", S_CANCEL, cls="android.widget.Button")
BACK = {"kind": "press_back"}

BUG_30 = BugSpec(
    "ShoppingList#30",
    "crash",
    "App crashes while clicking on delete list",
    _removed_missing_list,
    human_steps=tuple(NEW_LIST_STEPS + DELETE_LIST_STEPS * 3),
)
BUG_32 = BugSpec(
    "ShoppingList#32",
    "crash",
    "Shopping list crashes after changing the file location of a created list.",
    _disconnected_twice,
    human_steps=tuple([*NEW_LIST_STEPS, *TO_CHOOSER, CHOOSER_OK, BACK]),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "ShoppingList#30": [
        # every list deleted, but "Delete list" not tried again
        NEW_LIST_STEPS + DELETE_LIST_STEPS * 2,
        # the last confirmation cancelled
        NEW_LIST_STEPS + DELETE_LIST_STEPS * 2 + CANCEL_DELETE,
        # a new list created before deleting again
        NEW_LIST_STEPS + DELETE_LIST_STEPS * 2 + NEW_LIST_STEPS + DELETE_LIST_STEPS,
        # the neighbouring "About" instead of "Delete list"
        NEW_LIST_STEPS + DELETE_LIST_STEPS * 2 + [MORE, _menu(S_ABOUT), BACK],
    ],
    "ShoppingList#32": [
        # no list created: the default list exists in the new directory too
        [*TO_CHOOSER, CHOOSER_OK, BACK],
        # the chooser cancelled
        [*NEW_LIST_STEPS, *TO_CHOOSER, CHOOSER_CANCEL, BACK],
        # back on the default list before changing the location
        [
            *NEW_LIST_STEPS,
            click(PACKAGE, desc=S_OPEN_DRAWER, cls="android.widget.ImageButton"),
            click(PACKAGE, "android:id/text1", INITIAL_LIST),
            *TO_CHOOSER,
            CHOOSER_OK,
            BACK,
        ],
        # the location changed but still in Settings
        [*NEW_LIST_STEPS, *TO_CHOOSER, CHOOSER_OK],
        # the list created after the location changed
        [*TO_CHOOSER, CHOOSER_OK, BACK, *NEW_LIST_STEPS],
    ],
}


class ShoppingList090(VirtualApp):
    """ShoppingList 0.9.0 (tag ``v0.9.0``): ShoppingList#30."""

    name: ClassVar[str] = "ShoppingList"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "0.9.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_30,)

    LIST_CLS: ClassVar[str] = "android.widget.ListView"  # DynamicListView extends ListView
    DRAG_RID: ClassVar[str] = "dragNDropHandler"
    ABOUT_TEXT: ClassVar[str] = ABOUT_090

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {},
            "lists": {},  # directory -> {list name: [{"description", "quantity", "checked"}]}
            "new_dirs": [],
            "bound_dir": DEFAULT_DIR,
            # MainActivity's instance (its fragment and views), read by Settings' Back too
            "main": self._fresh_main(),
        }

    @staticmethod
    def _fresh_main() -> dict[str, Any]:
        return {
            "fragment": None,  # None | "list" | "invalid"
            "list": None,  # currentListName (the title)
            "connected": False,  # the fragment's adapter holds its ShoppingList
            "drawer": False,
            "editbar": None,  # {"mode": "add"|"edit", "pos", "description", "quantity"}
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            if not ctx.ui.get("inst"):
                ctx.data["main"] = self._fresh_main()
            ctx.ui.setdefault("inst", True)
            ctx.ui.setdefault("menu", None)
            ctx.ui.setdefault("dialog", None)
            ctx.ui.setdefault("context", None)
            self._service_connected(ctx)
        elif ctx.activity == CHOOSER:
            if not ctx.ui.get("dir"):
                locations = self._storage_locations(ctx)
                ctx.ui["dir"] = ""
                self._change_directory(ctx, locations[0])
            ctx.ui.setdefault("storage", False)
            ctx.ui.setdefault("dialog", None)
            # onStart: ask for WRITE_EXTERNAL_STORAGE while it is denied
            if STORAGE not in ctx.permissions:
                ctx.request_permission(STORAGE)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        saved = dict(ctx.ui)
        saved["menu"] = None  # popup menus do not survive
        saved["context"] = None
        dialog = saved.get("dialog")
        if isinstance(dialog, dict):
            # The DialogFragments' action field is not saved; TextInputDialog saves its hint
            # and its text under the same key "INPUT".
            dialog = dict(dialog, action="")
            if "text" in dialog:
                dialog["hint"] = dialog["text"]
            saved["dialog"] = dialog
        return saved

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            main = ctx.data["main"]
            if main["drawer"]:
                main["drawer"] = False
                return True
            if main["fragment"] == "list" and main["editbar"] is not None:
                self._hide_editbar(ctx)
                return True
            return False
        if ctx.activity in (SETTINGS, ABOUT):
            # MainActivity is started again under it: the service binds anew.
            self._service_connected(ctx)
        return False

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if key != "enter":
            return False
        if ctx.activity == MAIN and ctx.focus == "dialog_text_field":
            self._input_complete(ctx)
            return True
        if ctx.activity == CHOOSER and ctx.focus == "dialog_text_field":
            self._input_complete(ctx)
            return True
        if ctx.activity == MAIN and ctx.focus == "new_item_quantity":
            self._confirm_item(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN:
            return False
        main = ctx.data["main"]
        if direction == "right" and not main["drawer"]:
            main["drawer"] = True
            return True
        if direction == "left" and main["drawer"]:
            main["drawer"] = False
            return True
        return False

    # -- the service -------------------------------------------------------------------------
    def _directory(self, ctx: AppContext) -> str:
        """DirectoryStatus: the configured directory when usable, else the default one."""
        configured = str(ctx.data["prefs"].get(KEY_DIRECTORY_LOCATION, "")).strip()
        if configured and self._is_dir(ctx, configured) and self._writable(ctx, configured):
            return configured
        return DEFAULT_DIR

    def _lists(self, ctx: AppContext) -> dict[str, list[dict[str, Any]]]:
        lists: dict[str, list[dict[str, Any]]] = ctx.data["lists"].setdefault(
            ctx.data["bound_dir"], {}
        )
        return lists

    def _names(self, ctx: AppContext) -> list[str]:
        """``ShoppingListBinder.getListNames``: sorted with ``compareToIgnoreCase``."""
        return sorted(self._lists(ctx), key=_ignore_case)

    def _index_of(self, ctx: AppContext, name: str | None) -> int:
        if name is None:
            return -1
        return _binary_search(self._names(ctx), name)

    def _service_connected(self, ctx: AppContext) -> None:
        """Binding ShoppingListService (``onBind``: ``manager.onStart(directory)``) and
        MainActivity's ``onServiceConnected``."""
        data = ctx.data
        data["bound_dir"] = self._directory(ctx)
        lists = self._lists(ctx)
        if not lists:  # maybeAddInitialList: no file in the directory
            lists[INITIAL_LIST] = []
        main = data["main"]
        if main["fragment"] is None or main["list"] not in lists:
            self._select_list(ctx, 0)
        if main["fragment"] == "list":
            main["connected"] = True  # setShoppingList(binder.getList(currentListName))

    def _main_stopped(self, ctx: AppContext) -> None:
        """MainActivity stopped under a full-screen activity: the fragment's ``onStop``
        disconnects its adapter, the service is unbound (and writes the lists)."""
        ctx.data["main"]["connected"] = False

    # -- MainActivity ------------------------------------------------------------------------
    def _select_list(self, ctx: AppContext, position: int) -> None:
        names = self._names(ctx)
        if position >= len(names):
            self._set_fragment(ctx, "invalid", APP_NAME)
            return
        if position < 0:
            raise _negative_index(position)
        self._set_fragment(ctx, "list", names[position])
        ctx.data["main"]["drawer"] = False

    def _set_fragment(self, ctx: AppContext, kind: str, name: str) -> None:
        main = ctx.data["main"]
        old, connected = main["fragment"], main["connected"]
        main.update(fragment=kind, list=name, connected=kind == "list", editbar=None)
        self._fragment_replaced(old, connected)

    def _fragment_replaced(self, old: str | None, connected: bool) -> None:
        """The replaced fragment's ``onStop``: 0.9.0's adapter disconnects null-safely."""
        return None

    def _current(self, ctx: AppContext) -> list[dict[str, Any]] | None:
        main = ctx.data["main"]
        if main["fragment"] != "list":
            return None
        return self._lists(ctx).get(main["list"])

    def _toggle_drawer(self, ctx: AppContext) -> None:
        main = ctx.data["main"]
        main["drawer"] = not main["drawer"]

    def _drawer_item(self, ctx: AppContext, position: int) -> None:
        self._select_list(ctx, position)

    # options menu
    def _open_menu(self, ctx: AppContext, which: str) -> None:
        ctx.ui["menu"] = which

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None

    def _menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = None
        main = ctx.data["main"]
        if item == ACTION_DELETE_CHECKED:
            ctx.ui["dialog"] = {
                "kind": "confirm",
                "action": ACTION_DELETE_CHECKED,
                "message": S_REMOVE_CHECKED,
            }
        elif item == ACTION_DELETE_LIST:
            self._delete_list_item(ctx, f"Delete list {main['list']}?")
        elif item == ACTION_NEW_LIST:
            ctx.ui["dialog"] = {
                "kind": "input",
                "action": ACTION_NEW_LIST,
                "message": S_ADD_NEW_LIST,
                "hint": S_ADD_LIST_HINT,
                "text": "",
            }
        elif item == "action_view_about":
            self._main_stopped(ctx)
            ctx.start_activity(ABOUT)
        elif item == "action_settings":
            self._main_stopped(ctx)
            ctx.start_activity(SETTINGS)
        elif item == "action_share":
            self._share(ctx)

    def _delete_list_item(self, ctx: AppContext, message: str) -> None:
        """0.9.0: the confirmation whatever the current list."""
        ctx.ui["dialog"] = {"kind": "confirm", "action": ACTION_DELETE_LIST, "message": message}

    def _share(self, ctx: AppContext) -> None:
        """``doShare``: marshall the current list into the share intent (target submenu not
        modelled)."""
        if ctx.data["main"]["list"] not in self._lists(ctx):
            raise _get_missing_list("doShare")

    def _sort(self, ctx: AppContext, which: int) -> None:
        ctx.ui["menu"] = None
        items = self._lists(ctx).get(ctx.data["main"]["list"])
        if items is None:
            self._sort_missing_list()
            return
        if which in (0, 1):
            items.sort(key=lambda i: _ignore_case(i["description"]), reverse=which == 1)
        else:
            checked_first = which == 2  # "Unchecked first" calls sortByChecked(true)
            items.sort(
                key=lambda i: (
                    i["checked"] if checked_first else not i["checked"],
                    _ignore_case(i["description"]),
                )
            )

    def _sort_missing_list(self) -> None:
        raise _get_missing_list("sort")

    # dialogs
    def _dismiss_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _positive(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        main = ctx.data["main"]
        if dialog["action"] == ACTION_DELETE_CHECKED:
            items = self._current(ctx)
            if items is not None:
                items[:] = [i for i in items if not i["checked"]]
        elif dialog["action"] == ACTION_DELETE_LIST:
            self._remove_list(ctx, main["list"])

    def _remove_list(self, ctx: AppContext, title: str) -> None:
        """0.9.0: ``removeList(getTitle())`` then ``selectList(0)``."""
        lists = self._lists(ctx)
        if title not in lists:
            raise _remove_missing_list()
        del lists[title]
        self._select_list(ctx, 0)

    def _dialog_text(self, ctx: AppContext, text: str) -> None:
        if isinstance(ctx.ui.get("dialog"), dict):
            ctx.ui["dialog"]["text"] = text

    def _input_complete(self, ctx: AppContext) -> None:
        dialog = ctx.ui.get("dialog")
        if not isinstance(dialog, dict) or dialog.get("kind") != "input":
            return
        text = dialog["text"]
        if ctx.activity == CHOOSER:
            if "/" in text:  # NewDirectoryDialog.onValidateInput
                ctx.toast(S_ILLEGAL_CHAR)
                return
            ctx.ui["dialog"] = None
            if dialog["action"] == ACTION_NEW_DIR:
                self._make_dir(ctx, text)
            return
        # NewListDialog.onValidateInput
        if text == "":
            ctx.toast(S_LIST_NAME_EMPTY)
            return
        if text in self._lists(ctx):
            ctx.toast(S_LIST_EXISTS)
            return
        ctx.ui["dialog"] = None
        if dialog["action"] == ACTION_NEW_LIST:
            self._lists(ctx)[text] = []
            self._select_list(ctx, self._index_of(ctx, text))

    # the fragment's items and EditBar
    def _show_add(self, ctx: AppContext) -> None:
        ctx.data["main"]["editbar"] = {"mode": "add", "pos": -1, "description": "", "quantity": ""}

    def _hide_editbar(self, ctx: AppContext) -> None:
        ctx.data["main"]["editbar"] = None
        ctx.hide_keyboard()

    def _bar_text(self, ctx: AppContext, key: str, text: str) -> None:
        bar = ctx.data["main"]["editbar"]
        if bar is not None:
            bar[key] = text

    def _confirm_item(self, ctx: AppContext) -> None:
        bar = ctx.data["main"]["editbar"]
        items = self._current(ctx)
        if bar is None or items is None:
            return
        if bar["description"] == "":
            ctx.toast(S_DESCRIPTION_EMPTY)
            return
        if bar["mode"] == "add":
            items.append(
                {"description": bar["description"], "quantity": bar["quantity"], "checked": False}
            )
            bar.update(description="", quantity="")
        else:
            items[bar["pos"]].update(description=bar["description"], quantity=bar["quantity"])
            self._hide_editbar(ctx)

    def _show_edit(self, ctx: AppContext, pos: int) -> None:
        items = self._current(ctx)
        if items is None or pos >= len(items):
            return
        item = items[pos]
        ctx.data["main"]["editbar"] = {
            "mode": "edit",
            "pos": pos,
            "description": item["description"],
            "quantity": item["quantity"],
        }

    def _toggle_item(self, ctx: AppContext, pos: int) -> None:
        items = self._current(ctx)
        if items is not None and pos < len(items):
            items[pos]["checked"] = not items[pos]["checked"]
            bar = ctx.data["main"]["editbar"]
            if bar is not None and bar["mode"] == "edit":
                self._hide_editbar(ctx)  # EditBar.onShoppingListUpdate in EDIT mode

    def _long_click_item(self, ctx: AppContext, pos: int) -> None:
        """0.9.0: the ListView's context menu (Edit, Delete)."""
        ctx.ui["context"] = pos

    def _context_item(self, ctx: AppContext, action: str) -> None:
        pos = ctx.ui["context"]
        ctx.ui["context"] = None
        items = self._current(ctx)
        if items is None or pos is None or pos >= len(items):
            return
        if action == "edit":
            self._show_edit(ctx, pos)
        else:
            del items[pos]

    # -- DirectoryChooser --------------------------------------------------------------------
    def _external_ok(self, ctx: AppContext, path: str) -> bool:
        return STORAGE in ctx.permissions

    def _readable(self, ctx: AppContext, path: str) -> bool:
        if path == INTERNAL or path.startswith(INTERNAL + "/"):
            return True
        if path == APP_EXT or path.startswith(APP_EXT + "/"):
            return True
        if path == EXT or path.startswith(EXT + "/"):
            return self._external_ok(ctx, path)
        return False

    def _writable(self, ctx: AppContext, path: str) -> bool:
        return self._readable(ctx, path)

    def _subdirs(self, ctx: AppContext, path: str) -> list[str]:
        names = list(TREE.get(path, ()))
        for made in ctx.data["new_dirs"]:
            parent, _, leaf = made.rpartition("/")
            if parent == path and leaf not in names:
                names.append(leaf)
        return names

    def _is_dir(self, ctx: AppContext, path: str) -> bool:
        if path in TREE or path in ctx.data["new_dirs"]:
            return True
        parent, _, leaf = path.rpartition("/")
        return leaf in TREE.get(parent, ())

    def _storage_locations(self, ctx: AppContext) -> list[str]:
        candidates = [EXT, EXT + "/DCIM", EXT + "/Documents", APP_EXT_DOCS]
        return [c for c in candidates if self._readable(ctx, c)] + [FILES_DIR]

    def _change_directory(self, ctx: AppContext, path: str | None) -> None:
        if path is None or not self._is_dir(ctx, path) or not self._readable(ctx, path):
            ctx.toast(S_NO_DIR_ACCESS)
            return
        ctx.ui["dir"] = path

    def _parent(self, path: str) -> str | None:
        parent = path.rpartition("/")[0]
        return parent or None

    def _chooser_row(self, ctx: AppContext, name: str) -> None:
        current = ctx.ui["dir"]
        if name == "..":
            self._change_directory(ctx, self._parent(current))
        else:
            self._change_directory(ctx, f"{current}/{name}")

    def _accept(self, ctx: AppContext) -> None:
        current = ctx.ui["dir"]
        if not self._writable(ctx, current):
            ctx.toast(S_CANNOT_WRITE)
            return
        # SettingsFragment.onActivityResult stores the path in FILE_LOCATION
        ctx.data["prefs"][KEY_DIRECTORY_LOCATION] = current
        ctx.finish()

    def _choose_storage(self, ctx: AppContext, path: str) -> None:
        ctx.ui["storage"] = False
        self._change_directory(ctx, path)

    def _make_dir(self, ctx: AppContext, name: str) -> None:
        current = ctx.ui["dir"]
        path = f"{current}/{name}"
        exists = name in ("", ".", "..") or name in self._subdirs(ctx, current)
        if exists or not self._writable(ctx, current):
            ctx.toast(f"Cannot create '{name}'")
            return
        ctx.data["new_dirs"].append(path)
        self._change_directory(ctx, path)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity == ABOUT:
            text = w.text_view(self.ABOUT_TEXT, "about_text", height=1400)
            return Screen(content=w.scroll_view([text]))
        if ctx.activity == CHOOSER:
            return self._render_chooser(ctx)
        return self._render_main(ctx)

    def _render_main(self, ctx: AppContext) -> Screen:
        main = ctx.data["main"]
        title = main["list"] or APP_NAME
        bar = w.toolbar(
            title,
            navigation=w.nav_button(S_OPEN_DRAWER, self._toggle_drawer),
            actions=[
                w.action_item(
                    ACTION_DELETE_CHECKED,
                    S_DELETE_CHECKED,
                    w.bind(self._menu_item, ACTION_DELETE_CHECKED),
                ),
                w.action_item("", S_SORT, w.bind(self._open_menu, "sort")),
                w.overflow_button(w.bind(self._open_menu, "overflow")),
            ],
            rid="toolbar_main",
        )
        frame = w.frame_layout([self._render_fragment(ctx)], rid="content_frame")
        content = w.linear_layout([bar, frame])
        drawer = None
        if main["drawer"]:
            names = self._names(ctx)
            drawer = w.linear_layout(
                [
                    w.text_view(S_LISTS, height=w.TOOLBAR_HEIGHT),
                    w.list_view(
                        [
                            w.text_view(
                                n,
                                "android:id/text1",
                                height=126,
                                selected=n == main["list"],
                                on_click=w.bind(self._drawer_item, i),
                            )
                            for i, n in enumerate(names)
                        ],
                        rid="nav_drawer_content",
                    ),
                ],
                rid="nav_drawer_container",
                width=630,
                gravity="top",
                style="dialog",
            )
        root = w.drawer_layout(
            content, drawer, rid="drawer_layout", cls="android.support.v4.widget.DrawerLayout"
        )
        return Screen(content=root, windows=self._main_windows(ctx))

    def _render_fragment(self, ctx: AppContext) -> View:
        main = ctx.data["main"]
        if main["fragment"] == "invalid":
            return w.linear_layout([w.text_view(S_NO_LISTS)])
        items = self._current(ctx)
        if items is None:
            return w.frame_layout()
        rows = [
            w.linear_layout(
                [
                    w.text_view(item["description"], "text_description"),
                    w.text_view(item["quantity"], "text_quantity", width=280),
                    w.image_view(self.DRAG_RID, S_SWAP, width=84),
                ],
                horizontal=True,
                height=150,
                on_click=w.bind(self._toggle_item, i),
                on_long_click=w.bind(self._long_click_item, i),
            )
            for i, item in enumerate(items)
        ]
        listing = w.list_view(rows, rid="shoppingListView", cls=self.LIST_CLS)
        bar = main["editbar"]
        over: list[View] = [listing]
        if bar is None:
            over.append(w.fab("fab_add", "", self._show_add))
        children: list[View] = [w.frame_layout(over, layout=FRAME)]
        if bar is not None:
            children.append(self._render_editbar(ctx, bar, items))
        return w.relative_layout(children)

    def _duplicate_warning(self, bar: dict[str, Any], items: list[dict[str, Any]]) -> str:
        index = {i["description"].lower() for i in items}
        if bar["mode"] == "add" and bar["description"].lower() in index:
            return f"'{bar['description']}' is already on the list"
        return ""

    def _render_editbar(
        self, ctx: AppContext, bar: dict[str, Any], items: list[dict[str, Any]]
    ) -> View:
        children: list[View] = []
        warning = self._duplicate_warning(bar, items)
        if warning:
            children.append(w.text_view(warning, "text_warn"))
        children.append(
            w.edit_text(
                "new_item_description",
                bar["description"],
                lambda c, t: self._bar_text(c, "description", t),
                hint=S_NEW_ITEM,
            )
        )
        children.append(
            w.linear_layout(
                [
                    w.edit_text(
                        "new_item_quantity",
                        bar["quantity"],
                        lambda c, t: self._bar_text(c, "quantity", t),
                        hint=S_QUANTITY,
                    ),
                    w.image_button(
                        "button_add_new_item",
                        S_DONE,
                        self._confirm_item,
                        width=200,
                        enabled=bar["description"] != "",
                    ),
                ],
                horizontal=True,
                weight=0,
            )
        )
        return w.relative_layout(children, rid="layout_add_item", weight=0)

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        menu = ctx.ui.get("menu")
        if menu == "overflow":
            windows.append(
                w.menu_window(
                    [
                        (S_NEW_LIST, w.bind(self._menu_item, ACTION_NEW_LIST)),
                        (S_SHARE, w.bind(self._menu_item, "action_share")),
                        (S_DELETE_LIST, w.bind(self._menu_item, ACTION_DELETE_LIST)),
                        (S_ABOUT, w.bind(self._menu_item, "action_view_about")),
                        (S_SETTINGS, w.bind(self._menu_item, "action_settings")),
                    ],
                    self._close_menu,
                )
            )
        elif menu == "sort":
            windows.append(
                w.menu_window(
                    [(label, w.bind(self._sort, i)) for i, label in enumerate(SORTS)],
                    self._close_menu,
                )
            )
        if ctx.ui.get("context") is not None:
            windows.append(
                w.menu_window(
                    [
                        ("Edit", w.bind(self._context_item, "edit")),
                        ("Delete", w.bind(self._context_item, "delete")),
                    ],
                    lambda c: c.ui.update(context=None),
                    title_rid="android:id/title",
                )
            )
        dialog = ctx.ui.get("dialog")
        if isinstance(dialog, dict):
            windows.append(self._render_dialog(dialog))
        return windows

    def _render_dialog(self, dialog: dict[str, Any]) -> Window:
        if dialog["kind"] == "confirm":
            # ConfirmationDialog: an android.app.AlertDialog with a message, no title
            return w.alert_dialog(
                View(cls="android.view.View", height=0),
                [w.dialog_message(dialog["message"])],
                w.dialog_buttons((S_OK, self._positive), (S_CANCEL, self._dismiss_dialog)),
                self._dismiss_dialog,
            )
        # TextInputDialog's dialog_text_input.xml
        root = w.relative_layout(
            [
                w.text_view(dialog["message"], "dialog_label"),
                w.edit_text(
                    "dialog_text_field", dialog["text"], self._dialog_text, hint=dialog["hint"]
                ),
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=140,
                    children=[
                        View(cls="android.view.View"),
                        w.button("button_dialog_cancel", S_CANCEL, self._dismiss_dialog, width=260),
                        w.button("button_dialog_ok", S_OK, self._input_complete, width=220),
                    ],
                ),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=self._dismiss_dialog)

    def _render_settings(self, ctx: AppContext) -> Screen:
        path = str(ctx.data["prefs"].get(KEY_DIRECTORY_LOCATION, ""))
        texts = [w.text_view(S_FILE_LOCATION, "android:id/title")]
        if path:  # an empty summary is hidden
            texts.append(w.text_view(path, "android:id/summary"))
        row = w.linear_layout(
            [w.relative_layout(texts)],
            horizontal=True,
            height=200 if path else 150,
            on_click=lambda c: c.start_activity(CHOOSER),
        )
        listing = w.list_view(
            [row], rid="recycler_view", cls="android.support.v7.widget.RecyclerView"
        )
        return Screen(content=w.linear_layout([w.frame_layout([listing], rid="list_container")]))

    def _render_chooser(self, ctx: AppContext) -> Screen:
        current = ctx.ui["dir"]
        rows = [
            w.text_view(
                name, "android:id/text1", height=126, on_click=w.bind(self._chooser_row, name)
            )
            for name in ["..", *sorted(self._subdirs(ctx, current), key=_ignore_case)]
        ]
        body = w.relative_layout(
            [
                w.text_view(S_SELECTED_DIRECTORY, "label"),
                w.text_view(current, "title"),
                View(cls="android.view.View", resource_id="divider", height=3),
                w.frame_layout(
                    [
                        w.list_view(rows, rid="directoryListView"),
                        w.fab("fab_add", "", self._new_dir_dialog),
                    ],
                    layout=FRAME,
                ),
                w.linear_layout(
                    [
                        w.image_button("button_choose_storage", "", self._open_storage, width=160),
                        View(cls="android.view.View"),
                        w.button("button_dialog_cancel", S_CANCEL, self._chooser_cancel, width=260),
                        w.button("button_dialog_ok", S_OK, self._accept, width=220),
                    ],
                    horizontal=True,
                    height=147,
                ),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("storage"):
            items = [
                w.text_view(
                    path,
                    "android:id/text1",
                    height=147,
                    on_click=w.bind(self._choose_storage, path),
                )
                for path in self._storage_locations(ctx)
            ]
            windows.append(
                w.alert_dialog(
                    w.dialog_title(S_SELECT_STORAGE),
                    [w.list_view(items, rid="android:id/select_dialog_listview")],
                    [],
                    lambda c: c.ui.update(storage=False),
                )
            )
        dialog = ctx.ui.get("dialog")
        if isinstance(dialog, dict):
            windows.append(self._render_dialog(dialog))
        return Screen(content=body, windows=windows)

    def _chooser_cancel(self, ctx: AppContext) -> None:
        ctx.finish()

    def _open_storage(self, ctx: AppContext) -> None:
        ctx.ui["storage"] = True

    def _new_dir_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {
            "kind": "input",
            "action": ACTION_NEW_DIR,
            "message": S_CREATE_NEW_DIR,
            "hint": S_NAME_OF_NEW_DIR,
            "text": "",
        }


class ShoppingList0100(ShoppingList090):
    """ShoppingList 0.10.0 (tag ``v0.10.0``): ShoppingList#30 fixed (``a172ebb``), the list a
    RecyclerView (long click edits, no context menu) whose adapter's
    ``disconnectShoppingList`` is not null-safe: ShoppingList#32."""

    version: ClassVar[str] = "0.10.0"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_32,)

    LIST_CLS: ClassVar[str] = "android.support.v7.widget.RecyclerView"
    DRAG_RID: ClassVar[str] = "drag_n_drop_handler"
    ABOUT_TEXT: ClassVar[str] = ABOUT_0100

    def _fragment_replaced(self, old: str | None, connected: bool) -> None:
        # ShoppingListFragment.onStop -> RecyclerListAdapter.disconnectShoppingList, whose
        # shoppingList is null when MainActivity's own onStop already disconnected it.
        if old == "list" and not connected:
            raise _disconnect_null_list()

    def _delete_list_item(self, ctx: AppContext, message: str) -> None:
        if ctx.data["main"]["list"] in self._lists(ctx):
            super()._delete_list_item(ctx, message)
        else:
            ctx.toast(S_CANNOT_DELETE_LIST)

    def _remove_list(self, ctx: AppContext, title: str) -> None:
        lists = self._lists(ctx)
        if title not in lists:
            ctx.toast(S_CANNOT_DELETE_LIST)
            return
        del lists[title]
        self._select_list(ctx, 0)

    def _share(self, ctx: AppContext) -> None:
        if ctx.data["main"]["list"] not in self._lists(ctx):
            ctx.toast(S_CANNOT_SHARE_LIST)

    def _sort_missing_list(self) -> None:
        return None

    def _long_click_item(self, ctx: AppContext, pos: int) -> None:
        self._show_edit(ctx, pos)
