"""Discreet Launcher (``com.vincent_falzon.discreetlauncher``) v4.0.0, for discreet-launcher#64
("Crash opening menu if the launcher icon is in a folder").

Modelled from the sources at tag ``v4.0.0`` (commit ``b3788d2``): ``ActivityMain.java``,
``ActivityFolders.java``, ``RecyclerAdapter.java``, ``core/Menu.java``, ``core/Folder.java``,
``core/ApplicationsList.java``, ``res/layout/activity_main.xml``, ``activity_folders.xml``,
``view_folder.xml``, ``popup.xml``, ``view_application.xml``, ``res/menu/menu.xml``,
``values/strings.xml``, ``AndroidManifest.xml``; and the fix, commit ``98737bd`` ("Fix possible
menu crash", v4.0.1), which replaces the PopupMenu with an AlertDialog list.

- ``ActivityMain``: the home screen (``home_screen``: ``clock_text``, empty with the clock off by
  default). A swipe up (finger moving up) shows the drawer (``drawer``, a RecyclerView of
  ``application_item`` TextViews: folders first as "<name> (<count>)", then the apps by name,
  the launcher's own entry "Discreet Launcher" among them); a swipe down shows the favorites
  panel (``favorites``: ``info_no_favorites_yet``, ``favorites_applications`` and the
  ``access_menu_button`` icon with no text). Back or a swipe down closes the drawer; returning
  to the activity closes it (``onResume``).
- The launcher entry and the menu button open ``Menu.open``: a framework PopupMenu
  (``menu.xml``: Manage favorites, Organize folders, Hide applications, Refresh the applications
  list, Settings / Help).
- ``ActivityFolders``: ``new_folder_name`` ("New folder") and ``new_folder_button`` ("Add"), the
  hints, and ``folders_list`` rows (``edit_folder_name`` "<name> (<count>)", the pen
  ``edit_folder_content`` [Settings], ``remove_folder`` [Remove]); the pen opens a multi-choice
  AlertDialog (the folder's apps then the apps in no folder; Cancel/Apply), the name a Rename
  folder dialog, the bin a confirmation (Cancel/Remove).
- A folder in the drawer opens its popup (``popup.xml``, a PopupWindow: ``popup_title``
  "<name> (<count>)", ``close_popup`` [Cancel], ``popup_recycler`` of ``application_item``).

The bug (discreet-launcher#64): ``Menu.open`` anchors a ``PopupMenu`` to the clicked view; when
the launcher entry is clicked inside a folder's PopupWindow, the menu's popup is a sub-window of
a sub-window, which Android before 8 refuses (``WindowManager$BadTokenException: Unable to add
window -- token ... is not valid; is your activity running?``). The model raises it when the
launcher entry is clicked in a folder popup.

The world: the installed apps are a fixed stock-emulator list (``APPS``) plus the launcher itself.
Starting another app from the drawer or a folder is not modelled (nothing happens). Stubbed:
Manage favorites and Settings / Help (a title and Navigate up), Hide applications (not shown),
the rename and remove dialogs keep their buttons; the notification the launcher posts is not
drawn. Uncertain: the framework line numbers (API 25) and the hash in the exception message; that
the multi-choice dialog lists no folders.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import stacks
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import Screen, View, Window

PKG = "com.vincent_falzon.discreetlauncher"
MAIN = ".ActivityMain"
FOLDERS = ".ActivityFolders"
STUB = ".Stub"
SELF = "Discreet Launcher"
APPS = [
    "Calculator",
    "Calendar",
    "Camera",
    "Chrome",
    "Clock",
    "Contacts",
    SELF,
    "Files",
    "Gmail",
    "Maps",
    "Messages",
    "Phone",
    "Photos",
    "Play Store",
    "Settings",
]
MENU_ITEMS = [
    "Manage favorites",
    "Organize folders",
    "Hide applications",
    "Refresh the applications list",
    "Settings / Help",
]


def _menu_crash() -> JavaException:
    """PopupMenu.show() anchored to a view inside the folder's PopupWindow (API < 26)."""
    return JavaException(
        "android.view.WindowManager$BadTokenException",
        "Unable to add window -- token android.view.ViewRootImpl$W@4a1f3c2 is not valid; "
        "is your activity running?",
        [
            "android.view.ViewRootImpl.setView(ViewRootImpl.java:683)",
            "android.view.WindowManagerGlobal.addView(WindowManagerGlobal.java:342)",
            "android.view.WindowManagerImpl.addView(WindowManagerImpl.java:94)",
            "android.widget.PopupWindow.invokePopup(PopupWindow.java:1329)",
            "android.widget.PopupWindow.showAsDropDown(PopupWindow.java:1155)",
            "android.widget.ListPopupWindow.show(ListPopupWindow.java:791)",
            "com.android.internal.view.menu.StandardMenuPopup.tryShow(StandardMenuPopup.java:161)",
            "com.android.internal.view.menu.StandardMenuPopup.show(StandardMenuPopup.java:187)",
            "com.android.internal.view.menu.MenuPopupHelper.showPopup(MenuPopupHelper.java:290)",
            "com.android.internal.view.menu.MenuPopupHelper.tryShow(MenuPopupHelper.java:175)",
            "com.android.internal.view.menu.MenuPopupHelper.show(MenuPopupHelper.java:141)",
            "android.widget.PopupMenu.show(PopupMenu.java:233)",
            "com.vincent_falzon.discreetlauncher.core.Menu.open(Menu.java:113)",
            "com.vincent_falzon.discreetlauncher.core.Menu.start(Menu.java:64)",
            "com.vincent_falzon.discreetlauncher.RecyclerAdapter$ApplicationView.onClick"
            "(RecyclerAdapter.java:153)",
            "android.view.View.performClick(View.java:5637)",
            "android.view.View$PerformClick.run(View.java:22429)",
            *stacks.callback_frames(25),
        ],
    )


def menu_in_folder_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of discreet-launcher#64: the menu's PopupMenu was refused a window."""
    return crashed(system, PKG, "android.view.WindowManager$BadTokenException", "is not valid")


FOLDER = "Tools"
SWIPE_UP = {"kind": "swipe", "direction": "up"}
BACK = {"kind": "press_back"}
MAKE_FOLDER = [
    SWIPE_UP,
    click(PKG, "application_item", SELF),
    click(PKG, "android:id/title", "Organize folders"),
    input_text(PKG, "new_folder_name", FOLDER, hint="New folder"),
    click(PKG, "new_folder_button", "Add"),
    click(PKG, "edit_folder_content", desc="Settings"),
]
APPLY = click(PKG, "android:id/button1", "Apply")
OPEN_FOLDER = [BACK, SWIPE_UP, click(PKG, "application_item", f"{FOLDER} (1)")]
HUMAN_STEPS = (
    *MAKE_FOLDER,
    click(PKG, "android:id/text1", SELF),
    APPLY,
    *OPEN_FOLDER,
    click(PKG, "application_item", SELF),
)

WRONG_SEQUENCES = {
    "discreet-launcher#64": [
        # Another app in the folder, clicked there.
        [
            *MAKE_FOLDER,
            click(PKG, "android:id/text1", "Calculator"),
            APPLY,
            *OPEN_FOLDER,
            click(PKG, "application_item", "Calculator"),
        ],
        # The launcher checked but the dialog cancelled: its entry stays in the drawer.
        [
            *MAKE_FOLDER,
            click(PKG, "android:id/text1", SELF),
            click(PKG, "android:id/button2", "Cancel"),
            BACK,
            SWIPE_UP,
            click(PKG, "application_item", SELF),
        ],
        # The folder opened, then its title tapped (closes it) instead of the entry.
        [
            *MAKE_FOLDER,
            click(PKG, "android:id/text1", SELF),
            APPLY,
            *OPEN_FOLDER,
            click(PKG, "popup_title", f"{FOLDER} (1)"),
        ],
        # No folder: the launcher entry clicked in the drawer.
        [SWIPE_UP, click(PKG, "application_item", SELF)],
    ],
}


class DiscreetLauncher(VirtualApp):
    """Discreet Launcher v4.0.0: home, drawer, folders, the launcher menu."""

    name: ClassVar[str] = "discreet-launcher"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Discreet Launcher"
    version: ClassVar[str] = "4.0.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "discreet-launcher#64",
            "crash",
            "Crash opening menu if the launcher icon is in a folder",
            menu_in_folder_crash,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"folders": {}, "favorites": []}

    # -- model -------------------------------------------------------------------------------

    @staticmethod
    def _in_folders(ctx: AppContext) -> set[str]:
        return {app for apps in ctx.data["folders"].values() for app in apps}

    def _drawer_entries(self, ctx: AppContext) -> list[tuple[str, str]]:
        """(kind, name) rows: folders sorted, then the apps in no folder."""
        folders = sorted(ctx.data["folders"], key=str.lower)
        inside = self._in_folders(ctx)
        apps = sorted((a for a in APPS if a not in inside), key=str.lower)
        return [("folder", f) for f in folders] + [("app", a) for a in apps]

    @staticmethod
    def _with_count(ctx: AppContext, folder: str) -> str:
        return f"{folder} ({len(ctx.data['folders'][folder])})"

    # -- lifecycle ---------------------------------------------------------------------------

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            if ctx.ui.get("drawer"):
                ctx.ui["drawer"] = False
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN:
            return False
        ui = ctx.ui
        if ui.get("drawer"):
            if direction == "down":
                ui["drawer"] = False
                return True
            return False
        if direction == "up":
            if ui.get("favorites"):
                ui["favorites"] = False
            else:
                ui["drawer"] = True
            return True
        if direction == "down":
            ui["favorites"] = True
            return True
        return False

    # -- handlers ----------------------------------------------------------------------------

    def _start_entry(self, ctx: AppContext, kind: str, name: str, in_folder: bool) -> None:
        if kind == "folder":
            ctx.ui["folder_popup"] = name
        elif name == SELF:
            if in_folder:
                raise _menu_crash()
            ctx.ui["menu"] = True
        else:
            ctx.log("DiscreetLauncher", f"start {name}")

    def _menu_choice(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item != "Hide applications":
            ctx.ui["drawer"] = False  # leaving (or refreshing) closes the drawer: onResume
        if item == "Organize folders":
            ctx.start_activity(FOLDERS)
        elif item in ("Manage favorites", "Settings / Help"):
            ctx.start_activity(STUB, {"title": item})
        elif item == "Refresh the applications list":
            ctx.toast("Applications list refreshed")
            ctx.ui["drawer"] = False

    def _add_folder(self, ctx: AppContext) -> None:
        name = ctx.ui.get("new_name", "")
        if not name:
            return
        ctx.hide_keyboard()
        if name in ctx.data["folders"]:
            ctx.toast("This folder already exists!")
            return
        ctx.data["folders"][name] = []

    def _edit_content(self, ctx: AppContext, folder: str) -> None:
        inside = self._in_folders(ctx)
        apps = list(ctx.data["folders"][folder]) + sorted(
            (a for a in APPS if a not in inside), key=str.lower
        )
        ctx.ui["dialog"] = {
            "kind": "content",
            "folder": folder,
            "apps": apps,
            "checked": [a in ctx.data["folders"][folder] for a in apps],
        }

    def _check(self, ctx: AppContext, index: int) -> None:
        checked = ctx.ui["dialog"]["checked"]
        checked[index] = not checked[index]

    def _apply_content(self, ctx: AppContext) -> None:
        dialog = ctx.ui.pop("dialog")
        chosen = [a for a, on in zip(dialog["apps"], dialog["checked"], strict=True) if on]
        ctx.data["folders"][dialog["folder"]] = sorted(chosen, key=str.lower)

    def _apply_rename(self, ctx: AppContext) -> None:
        dialog = ctx.ui.pop("dialog")
        new = dialog.get("text", "")
        if not new:
            ctx.toast("The folder name cannot be empty!")
            return
        if new in ctx.data["folders"]:
            ctx.toast("This folder already exists!")
            return
        ctx.data["folders"][new] = ctx.data["folders"].pop(dialog["folder"])

    def _apply_remove(self, ctx: AppContext) -> None:
        dialog = ctx.ui.pop("dialog")
        ctx.data["folders"].pop(dialog["folder"], None)

    @staticmethod
    def _close_dialog(ctx: AppContext) -> None:
        ctx.ui.pop("dialog", None)

    # -- screens -----------------------------------------------------------------------------

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._home(ctx)
        if ctx.activity == FOLDERS:
            return self._folders(ctx)
        title = str(ctx.extras.get("title", ""))
        return Screen(content=w.linear_layout([w.up_button(), w.text_view(title)]), title=title)

    def _entry(self, ctx: AppContext, kind: str, name: str, in_folder: bool) -> View:
        text = self._with_count(ctx, name) if kind == "folder" else name
        return w.text_view(
            text,
            "application_item",
            height=250,
            on_click=w.bind(self._start_entry, kind, name, in_folder),
        )

    @staticmethod
    def _grid(ctx: AppContext, entries: list[View]) -> list[View]:
        """GridLayoutManager rows: 4 columns in portrait, 5 in landscape."""
        cols = 5 if ctx.orientation == "landscape" else 4
        return [
            w.linear_layout(entries[i : i + cols], horizontal=True, height=250, weight=0)
            for i in range(0, len(entries), cols)
        ]

    def _home(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        children: list[View] = []
        if ui.get("drawer"):
            entries = [self._entry(ctx, k, n, False) for k, n in self._drawer_entries(ctx)]
            rows = self._grid(ctx, entries)
            children.append(
                w.list_view(
                    rows,
                    rid="drawer",
                    cls="androidx.recyclerview.widget.RecyclerView",
                    scroll_key="drawer_top",
                )
            )
        else:
            home: list[View] = [w.text_view("", "clock_text", height=200)]
            if ui.get("favorites"):
                home.insert(
                    0,
                    w.linear_layout(
                        [
                            w.text_view(
                                "You can add your favorites applications here\nby clicking "
                                "the menu button.",
                                "info_no_favorites_yet",
                                height=200,
                            ),
                            View(
                                cls="androidx.recyclerview.widget.RecyclerView",
                                resource_id="favorites_applications",
                                height=10,
                            ),
                            w.text_view(
                                "",
                                "access_menu_button",
                                height=120,
                                on_click=lambda c: c.ui.update(menu=True),
                            ),
                        ],
                        rid="favorites",
                        weight=0,
                    ),
                )
            children.append(w.linear_layout(home, rid="home_screen"))
        windows: list[Window] = []
        popup = ui.get("folder_popup")
        if popup and popup in ctx.data["folders"]:
            close = lambda c: c.ui.update(folder_popup=None)  # noqa: E731
            rows = self._grid(
                ctx, [self._entry(ctx, "app", a, True) for a in ctx.data["folders"][popup]]
            )
            windows.append(
                Window(
                    root=w.linear_layout(
                        [
                            w.linear_layout(
                                [
                                    w.text_view(
                                        self._with_count(ctx, popup),
                                        "popup_title",
                                        on_click=close,
                                    ),
                                    w.image_button("close_popup", "Cancel", close, width=150),
                                ],
                                horizontal=True,
                                height=150,
                                weight=0,
                            ),
                            w.list_view(
                                rows,
                                rid="popup_recycler",
                                cls="androidx.recyclerview.widget.RecyclerView",
                            ),
                        ]
                    ),
                    on_dismiss=close,
                    bounds=(0, 560, 1080, 1360),
                )
            )
        if ui.get("menu"):
            windows.append(
                w.menu_window(
                    [(item, w.bind(self._menu_choice, item)) for item in MENU_ITEMS],
                    lambda c: c.ui.update(menu=False),
                    title_rid="android:id/title",
                )
            )
        return Screen(content=w.linear_layout(children), windows=windows)

    def _folder_row(self, ctx: AppContext, folder: str) -> View:
        def rename(c: AppContext) -> None:
            c.ui["dialog"] = {"kind": "rename", "folder": folder, "text": folder}

        def remove(c: AppContext) -> None:
            c.ui["dialog"] = {"kind": "remove", "folder": folder}

        return w.linear_layout(
            [
                w.text_view(self._with_count(ctx, folder), "edit_folder_name", on_click=rename),
                w.image_button(
                    "edit_folder_content", "Settings", w.bind(self._edit_content, folder), width=150
                ),
                w.image_button("remove_folder", "Remove", remove, width=150),
            ],
            horizontal=True,
            height=150,
            weight=0,
        )

    def _folders(self, ctx: AppContext) -> Screen:
        rows = [self._folder_row(ctx, f) for f in sorted(ctx.data["folders"], key=str.lower)]
        content = w.linear_layout(
            [
                w.text_view(
                    "You can create as many folders as you want to organize your applications.",
                    height=150,
                ),
                w.linear_layout(
                    [
                        w.edit_text(
                            "new_folder_name",
                            ctx.ui.get("new_name", ""),
                            lambda c, t: c.ui.update(new_name=t),
                            hint="New folder",
                        ),
                        w.button("new_folder_button", "Add", self._add_folder, width=250),
                    ],
                    horizontal=True,
                    height=150,
                    weight=0,
                ),
                w.text_view(
                    "Click on the name of a folder to change it, the pen allows to edit the "
                    "folder content.",
                    height=150,
                ),
                w.text_view(
                    "If a folder is removed, its content will be put back in the main "
                    "applications list.",
                    height=150,
                ),
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="folders_list",
                    children=rows,
                ),
            ]
        )
        return Screen(content=content, title="Organize folders", windows=self._folder_dialog(ctx))

    def _folder_dialog(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui.get("dialog")
        if not dialog:
            return []
        cancel = ("Cancel", self._close_dialog)
        if dialog["kind"] == "content":
            rows = [
                View(
                    cls="android.widget.CheckedTextView",
                    resource_id="android:id/text1",
                    text=app,
                    checkable=True,
                    checked=dialog["checked"][i],
                    height=126,
                    on_click=w.bind(self._check, i),
                )
                for i, app in enumerate(dialog["apps"])
            ]
            body = [w.list_view(rows, rid="android:id/select_dialog_listview")]
            buttons = w.dialog_buttons(("Apply", self._apply_content), cancel)
            return [
                w.alert_dialog(
                    View(cls="android.view.View", height=1), body, buttons, self._close_dialog
                )
            ]
        if dialog["kind"] == "rename":
            field = w.edit_text(
                "", dialog.get("text", ""), lambda c, t: c.ui["dialog"].update(text=t)
            )
            buttons = w.dialog_buttons(("Apply", self._apply_rename), cancel)
            return [
                w.alert_dialog(
                    w.dialog_title("Rename folder"), [field], buttons, self._close_dialog
                )
            ]
        return [
            w.alert_dialog(
                View(cls="android.view.View", height=1),
                [
                    w.dialog_message(
                        "If a folder is removed, its content will be put back in the main "
                        "applications list."
                    )
                ],
                w.dialog_buttons(("Remove", self._apply_remove), cancel),
                self._close_dialog,
            )
        ]
