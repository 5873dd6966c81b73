"""Simple Gallery 2.14.4 (SimpleMobileTools/Simple-Gallery, package com.simplemobiletools.gallery),
a photo and video gallery built on Simple-Commons 2.28.0.

Sources read at tag ``2.14.4`` (versionCode 132, 2017-09) and Simple-Commons at 5374bd38c
("update version to 2.28.0") for the shared strings and ``ConfirmationDialog``; the fixes read
are 73bcad0f6 ("try using adapterPosition instead of layoutPosition in recyclerView adapters")
and e67253cca ("clear selection at folders and media, if content changes"), 2017-09-30.

Bug Simple-Gallery#377 (non-crash): ``MediaAdapter.ViewHolder.bindView`` captures the item's
``position`` in its click and long-click listeners (``viewClicked(medium, position)``,
``viewLongClicked(position)``). Deleting from the contextual action bar
(``askConfirmDelete`` -> ``deleteFiles``) removes the media with ``notifyItemRemoved(it)``, which
moves the remaining holders without binding them again, and re-indexes ``itemViews``. Every
thumbnail after a deleted one keeps the position it had before, so holding it afterwards calls
``toggleItemSelection(true, oldPosition)``: the file one place further is selected (its
``medium_check`` is shown on the neighbour's thumbnail, the title counts it). The activity's
media list is the adapter's own list (``mMedia``), so ``gotMedia`` sees no change and does not
rebind; leaving the folder (a new adapter) puts it right, as the report says.

First run: MainActivity asks for WRITE_EXTERNAL_STORAGE (``tryloadGallery``); the "What's new"
dialog is not shown on a fresh install (``checkWhatsNew`` only stores the version). Fixed data
(the storage): two folders, ``DCIM/Camera`` with eight JPEG photos and
``Pictures/Screenshots`` with five PNG screenshots, newest first (the default sorting).

Stubbed: the folder grid's own selection mode (a long press on a folder does nothing here), the
photo viewer (title and up arrow only), sorting, filtering, camera, settings, about, column
counts, hiding and excluding (their menu rows do nothing); the action mode's Share,
Properties, Rename, Hide, Edit, Copy to and Move to (no effect). Uncertain: the grids are
drawn as rows of items (the toolkit lays out no GridLayoutManager; the dump has a row layout
between the RecyclerView and its items); which contextual actions show as icons (the three
that fit beside the overflow button on a 411 dp wide phone are assumed); the launcher entry is
SplashActivity, which only forwards to MainActivity and is left out; the re-binding that a
media-store change can trigger after a few seconds (``checkLastMediaChanged``) is not modelled.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, long_click
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PKG = "com.simplemobiletools.gallery"
MAIN = ".activities.MainActivity"
MEDIA = ".activities.MediaActivity"
PAGER = ".activities.ViewPagerActivity"
WRITE = "android.permission.WRITE_EXTERNAL_STORAGE"
ROOT = "/storage/emulated/0"
CELL = 360  # 3 media columns on a 1080 px wide portrait screen
DIR_CELL = 540  # 2 folder columns

FOLDERS: dict[str, list[str]] = {
    f"{ROOT}/DCIM/Camera": [f"IMG_20170927_1{9 - i}0512.jpg" for i in range(8)],
    f"{ROOT}/Pictures/Screenshots": [f"Screenshot_20170926-1{5 - i}2233.png" for i in range(5)],
}


def wrong_file_selected(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Simple-Gallery#377: a selected position names a file other than every
    one the user held or tapped to select (or no file at all)."""
    media = data["folders"].get(data["open"], [])
    return any(pos >= len(media) or media[pos] not in data["touched"] for pos in data["selected"])


def _stub(ctx: AppContext) -> None:
    """A control whose screen or effect is not modelled."""


def _name(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def _thumb(index: int) -> dict[str, Any]:
    """The index-th thumbnail of the open folder's grid (three per row, below the bar)."""
    left = (index % 3) * CELL
    top = 63 + 147 + (index // 3) * CELL
    return long_click(PKG, "media_item_holder", bounds=[left, top, left + CELL, top + CELL])


GRANT = allow_permission(PKG)
CAMERA = click(PKG, "dir_name", "Camera")
DELETE = click(PKG, "cab_delete", desc="Delete")
YES = click(PKG, "android:id/button1", "Yes")
HUMAN_377 = (GRANT, CAMERA, _thumb(1), DELETE, YES, _thumb(1))


class SimpleGallery(VirtualApp):
    """Simple Gallery 2.14.4: the folder grid, a folder's media grid with its contextual action
    bar, and the delete confirmation."""

    name: ClassVar[str] = "Simple-Gallery"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Gallery"
    version: ClassVar[str] = "2.14.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Simple-Gallery#377",
            "non-crash",
            "Misplaced file is selected",
            wrong_file_selected,
            human_steps=HUMAN_377,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "folders": {path: list(files) for path, files in FOLDERS.items()},
            "open": "",
            "selected": [],
            "touched": [],
        }

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN and WRITE not in ctx.permissions:
            ctx.request_permission(WRITE)
        if ctx.activity == MEDIA:
            ctx.data["open"] = ctx.extras["directory"]
            # a new adapter binds every holder at its own position
            ctx.ui["bound"] = list(range(len(ctx.data["folders"][ctx.data["open"]])))

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if not granted:
            ctx.toast("We need the permission to access your storage")
            ctx.finish()

    # -- media grid ------------------------------------------------------------------------
    def _media(self, ctx: AppContext) -> list[str]:
        return list(ctx.data["folders"][ctx.data["open"]])

    def _end_action_mode(self, ctx: AppContext) -> None:
        ctx.ui["cab"] = False
        ctx.ui["cab_menu"] = False
        ctx.data["selected"] = []
        ctx.data["touched"] = []

    def _toggle(self, ctx: AppContext, select: bool, pos: int, shown: str) -> None:
        # MediaAdapter.toggleItemSelection(select, pos): pos is the holder's bound position.
        selected = ctx.data["selected"]
        if select:
            if pos not in selected:
                selected.append(pos)
            ctx.data["touched"].append(shown)
        elif pos in selected:
            selected.remove(pos)
        if not selected:
            self._end_action_mode(ctx)

    def _item_click(self, ctx: AppContext, index: int) -> None:
        pos = ctx.ui["bound"][index]
        shown = self._media(ctx)[index]
        if ctx.ui.get("cab"):
            self._toggle(ctx, pos not in ctx.data["selected"], pos, shown)
        else:
            ctx.start_activity(PAGER, {"path": f"{ctx.data['open']}/{shown}"})

    def _item_long_click(self, ctx: AppContext, index: int) -> None:
        if not ctx.ui.get("cab"):
            ctx.ui["cab"] = True
            self._toggle(ctx, True, ctx.ui["bound"][index], self._media(ctx)[index])
        # else: listener.itemLongClicked starts a drag selection, nothing more without a drag

    def _ask_delete(self, ctx: AppContext) -> None:
        ctx.ui["cab_menu"] = False
        ctx.ui["confirm"] = True

    def _delete(self, ctx: AppContext) -> None:
        ctx.ui["confirm"] = False
        media = ctx.data["folders"][ctx.data["open"]]
        selected = sorted(ctx.data["selected"], reverse=True)
        if selected[-1] >= len(media):  # media.size <= selectedPositions.first()
            self._end_action_mode(ctx)
            return
        if selected[0] >= len(media):  # media[it] inside the handleSAFDialog callback
            raise JavaException(
                "java.lang.IndexOutOfBoundsException",
                f"Index: {selected[0]}, Size: {len(media)}",
                [
                    "java.util.ArrayList.get(ArrayList.java:411)",
                    "com.simplemobiletools.gallery.adapters.MediaAdapter$deleteFiles$1"
                    ".invoke(MediaAdapter.kt:218)",
                    "com.simplemobiletools.gallery.adapters.MediaAdapter.deleteFiles"
                    "(MediaAdapter.kt:216)",
                    "com.simplemobiletools.gallery.adapters.MediaAdapter$askConfirmDelete$1"
                    ".invoke(MediaAdapter.kt:197)",
                    "com.simplemobiletools.commons.dialogs.ConfirmationDialog.dialogConfirmed"
                    "(ConfirmationDialog.kt:41)",
                    *message_frames(25),
                ],
            )
        bound = ctx.ui["bound"]
        # notifyItemRemoved(it): the holder is dropped, the others move up unbound
        ctx.ui["bound"] = [b for i, b in enumerate(bound) if i not in selected]
        for pos in selected:
            media.pop(pos)
        self._end_action_mode(ctx)
        if not media:
            ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MEDIA:
            return False
        if w.dismiss(ctx.ui, "cab_menu") or w.dismiss(ctx.ui, "menu"):
            return True
        if ctx.ui.get("cab"):
            self._end_action_mode(ctx)
            return True
        ctx.data["open"] = ""
        return False

    # -- screens -------------------------------------------------------------------------------
    def _decor_bar(self, title: str, up: bool, menu_key: str) -> View:
        def open_menu(ctx: AppContext) -> None:
            ctx.ui[menu_key] = True

        # three "ifRoom" items fit beside the overflow button
        middle = (
            ("toggle_filename", "Toggle filename visibility")
            if up
            else ("open_camera", "Open camera")
        )
        actions = [
            w.action_item("sort", "Sort by", _stub),
            w.action_item(middle[0], middle[1], _stub),
            w.action_item("filter", "Filter media", _stub),
            w.overflow_button(open_menu),
        ]
        return w.toolbar(
            title,
            navigation=w.up_button(self._leave_folder) if up else None,
            actions=actions,
            rid="action_bar",
        )

    def _leave_folder(self, ctx: AppContext) -> None:
        ctx.data["open"] = ""
        self._end_action_mode(ctx)
        ctx.finish()

    def _grid(self, items: list[View], per_row: int, size: int, rid: str) -> View:
        rows = [
            w.linear_layout(items[i : i + per_row], horizontal=True, height=size)
            for i in range(0, len(items), per_row)
        ]
        grid = View(
            cls="android.support.v7.widget.RecyclerView",
            resource_id=rid,
            scrollable=True,
            children=rows,
        )
        holder = w.relative_layout([grid], rid=rid.replace("_grid", "_holder"))
        return View(
            cls="android.view.ViewGroup",
            resource_id=rid.replace("_grid", "_refresh_layout"),
            children=[holder],
        )

    def _menu(self, ctx: AppContext, key: str, titles: list[str]) -> Window:
        def close(c: AppContext) -> None:
            c.ui[key] = False

        return w.menu_window([(t, close) for t in titles], close)

    def _main(self, ctx: AppContext) -> Screen:
        items = []
        if WRITE in ctx.permissions:
            for path, files in ctx.data["folders"].items():
                if not files:
                    continue
                items.append(
                    w.relative_layout(
                        [
                            w.image_view("dir_thumbnail", height=DIR_CELL - 150),
                            w.linear_layout(
                                [
                                    w.text_view(_name(path), "dir_name", height=75),
                                    w.text_view(str(len(files)), "photo_cnt", height=75),
                                ],
                                rid="dir_bottom_holder",
                                height=150,
                            ),
                        ],
                        rid="dir_holder",
                        width=DIR_CELL,
                        height=DIR_CELL,
                        on_click=w.bind(self._open_folder, path),
                        on_long_click=_stub,  # the folders' own selection mode: not modelled
                    )
                )
        content = w.frame_layout(
            [
                self._decor_bar("Simple Gallery", False, "menu"),
                self._grid(items, 2, DIR_CELL, "directories_grid"),
            ]
        )
        windows = []
        if ctx.ui.get("menu"):
            titles = [
                "Show all folders content",
                "Temporarily show hidden",
                "Create new folder",
                "Increase column count",
                "Reduce column count",
                "Settings",
                "About",
            ]
            windows.append(self._menu(ctx, "menu", titles))
        return Screen(content=content, windows=windows)

    def _open_folder(self, ctx: AppContext, path: str) -> None:
        ctx.start_activity(MEDIA, {"directory": path})

    def _action_mode_bar(self, ctx: AppContext, count: int) -> View:
        def open_menu(c: AppContext) -> None:
            c.ui["cab_menu"] = True

        return w.toolbar(
            f"{len(ctx.data['selected'])} / {count}",
            navigation=w.image_view(
                "action_mode_close_button", "Done", self._end_action_mode, width=147
            ),
            actions=[
                w.action_item("cab_delete", "Delete", self._ask_delete),
                w.action_item("cab_share", "Share", _stub),
                w.action_item("cab_properties", "Properties", _stub),
                w.overflow_button(open_menu),
            ],
            rid="action_mode_bar",
        )

    def _media_screen(self, ctx: AppContext) -> Screen:
        media = self._media(ctx)
        selected = ctx.data["selected"]
        items = []
        for i in range(len(media)):
            children = [w.image_view("medium_thumbnail", height=CELL)]
            if i in selected:  # itemViews[pos] is the view shown at index pos
                children.append(
                    w.image_view("medium_check", width=80, height=80, gravity="top_end")
                )
            items.append(
                w.relative_layout(
                    children,
                    rid="media_item_holder",
                    layout=FRAME,
                    width=CELL,
                    height=CELL,
                    on_click=w.bind(self._item_click, i),
                    on_long_click=w.bind(self._item_long_click, i),
                )
            )
        title = _name(ctx.data["open"])
        bar = (
            self._action_mode_bar(ctx, len(media))
            if ctx.ui.get("cab")
            else self._decor_bar(title, True, "menu")
        )
        content = w.frame_layout([bar, self._grid(items, 3, CELL, "media_grid")])
        windows = []
        if ctx.ui.get("menu"):
            titles = [
                "Hide folder",
                "Exclude",
                "Temporarily show hidden",
                "Increase column count",
                "Reduce column count",
                "Settings",
            ]
            windows.append(self._menu(ctx, "menu", titles))
        if ctx.ui.get("cab_menu"):
            titles = ["Rename", "Hide", "Edit", "Select all", "Copy to", "Move to"]
            windows.append(self._menu(ctx, "cab_menu", titles))
        if ctx.ui.get("confirm"):

            def cancel(c: AppContext) -> None:
                c.ui["confirm"] = False

            windows.append(
                w.alert_dialog(
                    w.text_view("Are you sure you want to proceed with the deletion?", "message"),
                    [],
                    w.dialog_buttons(("Yes", self._delete), ("No", cancel)),
                    cancel,
                )
            )
        return Screen(content=content, windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MEDIA:
            return self._media_screen(ctx)
        if ctx.activity == PAGER:
            path = ctx.extras["path"]
            bar = w.toolbar(_name(path), navigation=w.up_button(), rid="action_bar")
            return Screen(content=w.frame_layout([bar, w.image_view("photo_view")]))
        return self._main(ctx)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Simple-Gallery#377": [
        # the second hold comes before any deletion
        [GRANT, CAMERA, _thumb(1), click(PKG, "action_mode_close_button", desc="Done"), _thumb(1)],
        # the deletion is cancelled, then the same place is held again
        [GRANT, CAMERA, _thumb(1), DELETE, click(PKG, "android:id/button2", "No"), _thumb(1)],
        # the thumbnail held after the deletion lies before the deleted one
        [GRANT, CAMERA, _thumb(2), DELETE, YES, _thumb(1)],
        # the folder is left and opened again after the deletion
        [GRANT, CAMERA, _thumb(1), DELETE, YES, {"kind": "press_back"}, CAMERA, _thumb(1)],
    ],
}
