"""LeafPic (``org.horaapps.leafpic``) v0.7-alpha-1, for LeafPic#502.

Modelled from the sources at commit ``2d60b674`` (24 Jan 2018, the last before the report;
``app/build.gradle`` says ``versionName "v0.7-alpha-1"``): ``AndroidManifest.xml``,
``activities/SplashScreen.java``, ``activities/MainActivity.java`` (``onMediaClick``),
``fragments/RvMediaFragment.java`` (``onResume`` does not reload the album),
``activities/SingleMediaActivity.java`` (``loadAlbum``, ``onCreateOptionsMenu``,
``onPrepareOptionsMenu``, ``onOptionsItemSelected`` case ``action_rename``, ``updatePageTitle``),
``data/MediaHelper.java`` (``renameMedia``), ``data/StorageHelper.java`` (``moveFile``),
``util/StringUtils.java`` (``getPhotoNameByPath``, ``getPhotoPathRenamed``),
``util/AlertDialogsHelper.java`` (``getInsertTextDialog``), ``res/menu/menu_view_pager.xml``,
``res/layout/card_album_material.xml``, ``card_photo.xml``, ``dialog_insert_text.xml`` and
``res/values/strings.xml``:

- the launcher opens ``SplashScreen``, which asks for the storage permission (``targetSdk 27``)
  and then starts ``MainActivity`` (finishing itself); a refusal shows the
  ``storage_permission_denied`` toast and closes the app;
- ``MainActivity`` (first start: the "Changelog" snackbar of ``onPostResume``, drawn as a toast)
  shows the albums (``card_album_material``: ``album_name``,
  ``album_media_count``, ``album_media_label`` "Media"); a tap on an album shows its media grid
  (``RvMediaFragment``, ``card_photo`` cells ``photo_preview``) with the album's name as title;
- a tap on a photo starts ``SingleMediaActivity`` with ``ACTION_OPEN_ALBUM``, the album's media
  list *parcelled into the intent* (copies) and the position; its title is "%d of %d"; the
  toolbar shows Rotate, Share and Delete as icons, the overflow the other items of
  ``menu_view_pager`` visible for a photo. "Rename" opens ``getInsertTextDialog``: the title
  "Rename photo" (``rename_title``), an EditText prefilled with
  ``getPhotoNameByPath(getCurrentMedia().getPath())`` (the name without extension) and
  OK / CANCEL. OK renames the file (``StorageHelper.moveFile``) and, on success, calls
  ``media.setPath(newPath)`` on the activity's own copy; an empty name toasts
  "Nothing changed!", a failed move "Unable to rename this file";
- the toolbars' other entries (``grid_albums``, ``grid_media``: search, Sort, Filter, Select
  All, Settings; the viewer's other items and Rotate sub-menu) and the drawer are small stubs;
  multi-selection (a long press) is not modelled.

Fixed world data: the device's storage holds three camera photos in
``/storage/emulated/0/DCIM/Camera`` (the report renames "a photo"; the names are the model's).

The bug (LeafPic#502): the media grid's list is never updated after a rename: the viewer
renamed its own parcelled copy only and ``RvMediaFragment.onResume`` does not reload the album.
Back in the grid and opening the photo again, the viewer gets the stale ``Media`` (old path), so
"Rename" offers the old name again (and the photo cannot be shown: its old file is gone, the
sibling report #504). Still inside the viewer, renaming updates the shown name. The oracle: the
rename dialog was opened prefilled with the name of a file that no longer existed then.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.horaapps.leafpic"
SPLASH = ".activities.SplashScreen"
MAIN = ".activities.MainActivity"
VIEWER = ".activities.SingleMediaActivity"
STUB = ".activities.StubActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"

CAMERA = "/storage/emulated/0/DCIM/Camera"
PHOTOS = ("IMG_20180120_101512.jpg", "IMG_20180121_183040.jpg", "IMG_20180122_092211.jpg")

# menu_view_pager.xml items shown in the overflow for a photo (showAsAction="never"), in order.
OVERFLOW = (
    ("slide_show", "Start Slideshow"),
    ("action_edit", "Edit"),
    ("action_palette", "Palette"),
    ("action_use_as", "Use as"),
    ("sort_action", "Sort"),
    ("action_copy", "Copy to"),
    ("action_move", "Move to"),
    ("action_rename", "Rename"),
    ("action_details", "Details"),
    ("", "More"),
)
ROTATE_ITEMS = (
    ("rotate_right_90", "Rotate right 90°"),
    ("rotate_left_90", "Rotate left 90°"),
    ("rotate_180", "Rotate 180°"),
)


def _name(path: str) -> str:
    """StringUtils.getPhotoNameByPath: the file name without its extension."""
    file = path.rsplit("/", 1)[-1]
    return file[: file.rfind(".")]


def _renamed(path: str, new_name: str) -> str:
    """StringUtils.getPhotoPathRenamed: same folder and extension, the new name."""
    folder, file = path.rsplit("/", 1)
    return f"{folder}/{new_name}{file[file.rfind('.') :]}"


def stale_name_offered(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of LeafPic#502: "Rename" offered a photo's old name after it was renamed
    (the dialog was opened for a path whose file no longer existed at that moment)."""
    return any(not existed for _path, existed in data["rename_opened_for"])


def _click(rid: str = "", text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    target = {"resource_id": f"{PACKAGE}:id/{rid}" if rid else "", "text": text}
    if desc:
        target["content_desc"] = desc
    if cls:
        target["class_name"] = cls
    return {"kind": "click", "target": target}


ALLOW = {
    "kind": "click",
    "target": {"resource_id": "com.android.permissioncontroller:id/permission_allow_button"},
}
OPEN_ALBUM = _click("album_name", "Camera")
OPEN_PHOTO = _click("photo_preview")
OVERFLOW_MENU = {"kind": "click", "target": {"content_desc": "More options"}}
RENAME = _click("title", "Rename")
TYPE_NAME = {
    "kind": "input_text",
    # The EditText is created in code (no id): it is found by its prefilled name.
    "target": {"text": _name(PHOTOS[0]), "class_name": "android.widget.EditText"},
    "text": "Holiday",
}
OK = {"kind": "click", "target": {"resource_id": "android:id/button1", "text": "OK"}}
BACK = {"kind": "press_back"}

HUMAN_STEPS = (
    ALLOW,
    OPEN_ALBUM,
    OPEN_PHOTO,
    OVERFLOW_MENU,
    RENAME,
    TYPE_NAME,
    OK,
    BACK,
    OPEN_PHOTO,
    OVERFLOW_MENU,
    RENAME,
)

WRONG_SEQUENCES = {
    "LeafPic#502": (
        # Rename, then Rename again without leaving the viewer: its own copy was updated.
        (
            *(ALLOW, OPEN_ALBUM, OPEN_PHOTO, OVERFLOW_MENU, RENAME, TYPE_NAME, OK),
            *(OVERFLOW_MENU, RENAME),
        ),
        # The rename is cancelled: nothing changed on disk.
        (
            ALLOW,
            OPEN_ALBUM,
            OPEN_PHOTO,
            OVERFLOW_MENU,
            RENAME,
            TYPE_NAME,
            _click(text="CANCEL"),
            BACK,
            OPEN_PHOTO,
            OVERFLOW_MENU,
            RENAME,
        ),
        # No rename at all: the photo is opened twice and "Rename" shows its real name.
        (ALLOW, OPEN_ALBUM, OPEN_PHOTO, BACK, OPEN_PHOTO, OVERFLOW_MENU, RENAME),
        # Renamed, back to the grid, but the photo is not reopened.
        (ALLOW, OPEN_ALBUM, OPEN_PHOTO, OVERFLOW_MENU, RENAME, TYPE_NAME, OK, BACK),
    )
}


class LeafPic07(VirtualApp):
    """LeafPic v0.7-alpha-1 (see the module docstring)."""

    name: ClassVar[str] = "LeafPic"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "LeafPic"
    version: ClassVar[str] = "0.7-alpha-1"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "LeafPic#502",
            "non-crash",
            "Renaming a file does not work.",
            stale_name_offered,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "files": [f"{CAMERA}/{name}" for name in PHOTOS],
            "rename_opened_for": [],
            "changelog_shown": False,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SPLASH:
            if STORAGE in ctx.permissions:
                self._start_main(ctx)
            elif not ui.get("asked"):
                ui["asked"] = True
                ctx.request_permission(STORAGE)
        elif ctx.activity == MAIN:
            if not ctx.data["changelog_shown"]:
                # onPostResume: a LENGTH_LONG Snackbar "Changelog v0.7-alpha-1" (VIEW), once;
                # drawn as a toast (it is gone in seconds).
                ctx.data["changelog_shown"] = True
                ctx.toast("Changelog v0.7-alpha-1")
            ui.setdefault("album", None)  # None: the albums; else the album's folder
            ui.setdefault("media", [])  # RvMediaFragment's list, loaded when the album opens
            ui.setdefault("menu", False)
        elif ctx.activity == VIEWER:
            # loadAlbum: getParcelableArrayListExtra("media") - the activity's own copies.
            ui.setdefault("media", list(ctx.extras.get("media", [])))
            ui.setdefault("position", ctx.extras.get("position", 0))
            ui.setdefault("menu", None)  # None | "overflow" | "rotate"
            ui.setdefault("dialog", None)  # None | {"kind": "rename", "text": ...} | stub
        elif ctx.activity == STUB:
            ui.setdefault("title", ctx.extras.get("title", ""))

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # All activities declare configChanges="orientation|screenSize": nothing is lost.
        return dict(ctx.ui)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != SPLASH:
            return
        if granted:
            self._start_main(ctx)
        else:
            ctx.toast("Permission to access storage was denied!\n I'm not able to get your images!")
            ctx.finish()

    def _start_main(self, ctx: AppContext) -> None:
        ctx.start_activity(MAIN)
        ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if ui["menu"]:
                ui["menu"] = False
                return True
            if ui["album"] is not None:
                ui["album"] = None
                ui["media"] = []
                return True
            return False
        if ctx.activity == VIEWER:
            if ui["dialog"] is not None:
                ui["dialog"] = None
                return True
            if ui["menu"] is not None:
                ui["menu"] = None
                return True
        return False

    def _navigate_up(self, ctx: AppContext) -> None:
        """The Up arrow: the same as Back."""
        self.on_back(ctx)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != VIEWER or ctx.ui["menu"] or ctx.ui["dialog"]:
            return False
        ui = ctx.ui
        count = len(ui["media"])
        if direction == "left" and ui["position"] < count - 1:
            ui["position"] += 1
            return True
        if direction == "right" and ui["position"] > 0:
            ui["position"] -= 1
            return True
        return False

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == VIEWER:
            return self._render_viewer(ctx)
        if ctx.activity == STUB:
            return Screen(content=w.child_page(ctx.ui["title"]))
        return Screen(content=w.frame_layout([w.image_view("splash_logo", "LeafPic")]))

    def _albums(self, ctx: AppContext) -> dict[str, list[str]]:
        albums: dict[str, list[str]] = {}
        for path in ctx.data["files"]:
            albums.setdefault(path.rsplit("/", 1)[0], []).append(path)
        return albums

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["album"] is None:
            bar = w.toolbar(
                "LeafPic",
                navigation=w.nav_button(w.OPEN_DRAWER, w.bind(self._stub, "Drawer")),
                actions=[
                    # grid_albums: the ifRoom items as icons, "Settings" in the overflow.
                    w.action_item("search_action", "search", w.bind(self._stub, "search")),
                    w.action_item("sort_action", "Sort", w.bind(self._stub, "Sort")),
                    w.action_item("select_all", "Select All", w.bind(self._stub, "Select All")),
                    w.overflow_button(lambda c: c.ui.update(menu=True)),
                ],
            )
            cards = [
                w.linear_layout(
                    [
                        w.image_view("album_preview", height=420),
                        w.text_view(folder.rsplit("/", 1)[-1], "album_name"),
                        w.linear_layout(
                            [
                                w.text_view(str(len(files)), "album_media_count"),
                                w.text_view("Media", "album_media_label"),
                            ],
                            rid="ll_media_count",
                            horizontal=True,
                        ),
                        w.text_view(folder, "album_path"),
                    ],
                    rid="album_card",
                    on_click=w.bind(self._open_album, folder),
                )
                for folder, files in self._albums(ctx).items()
            ]
            body = View(cls="androidx.recyclerview.widget.RecyclerView", children=cards)
        else:
            bar = w.toolbar(
                ui["album"].rsplit("/", 1)[-1],
                navigation=w.up_button(self._navigate_up),
                actions=[
                    # grid_media outside edit mode: Filter, Sort, Select All; "Settings".
                    w.action_item("filter_menu", "Filter", w.bind(self._stub, "Filter")),
                    w.action_item("sort_action", "Sort", w.bind(self._stub, "Sort")),
                    w.action_item("select_all", "Select All", w.bind(self._stub, "Select All")),
                    w.overflow_button(lambda c: c.ui.update(menu=True)),
                ],
            )
            cells = [
                w.frame_layout(
                    [w.image_view("photo_preview", height=360)],
                    rid="media_card_layout",
                    width=360,
                    on_click=w.bind(self._open_photo, i),
                )
                for i in range(len(ui["media"]))
            ]
            rows = [
                w.linear_layout(cells[i : i + 3], horizontal=True, height=360)
                for i in range(0, len(cells), 3)
            ]
            body = View(cls="android.support.v7.widget.RecyclerView", children=rows)
        if ui["menu"]:
            items = [("Settings", w.bind(self._stub, "Settings"), "settings")]
            windows.append(w.menu_window(items, lambda c: c.ui.update(menu=False)))
        return Screen(content=w.linear_layout([bar, body]), windows=windows)

    def _render_viewer(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        media = ui["media"]
        path = media[ui["position"]]
        title = f"{ui['position'] + 1} of {len(media)}"
        bar = w.toolbar(
            title,
            navigation=w.up_button(),
            actions=[
                w.action_item("action_rotate", "Rotate", lambda c: c.ui.update(menu="rotate")),
                w.action_item("action_share", "Share", w.bind(self._stub, "Share")),
                w.action_item("action_delete", "Delete", w.bind(self._stub, "Delete")),
                w.overflow_button(lambda c: c.ui.update(menu="overflow")),
            ],
        )
        # The photo is drawn only when its file exists (the stale path shows nothing: #504).
        shown = path in ctx.data["files"]
        photo = w.image_view("subsampling_view" if shown else "", height=1500)
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="photos_pager",
            children=[photo],
        )
        return Screen(content=w.linear_layout([bar, pager]), windows=self._viewer_windows(ctx))

    def _viewer_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        close = lambda c: c.ui.update(menu=None)  # noqa: E731 - a one-line handler
        if ui["menu"] == "overflow":
            items = [(title, w.bind(self._overflow, title), rid) for rid, title in OVERFLOW]
            return [w.menu_window(items, close)]
        if ui["menu"] == "rotate":
            items = [(title, w.bind(self._stub, title), rid) for rid, title in ROTATE_ITEMS]
            return [w.menu_window(items, close)]
        dialog = ui["dialog"]
        if dialog is None:
            return []
        dismiss = lambda c: c.ui.update(dialog=None)  # noqa: E731 - a one-line handler
        if dialog["kind"] == "rename":
            field = w.edit_text("", dialog["text"], self._type_name)
            body = [w.relative_layout([field], rid="container_edit_text")]
            title = w.text_view("Rename photo", "rename_title", height=140)
            buttons = w.dialog_buttons(("OK", self._rename), ("CANCEL", dismiss))
            return [w.alert_dialog(title, body, buttons, dismiss)]
        return [w.confirm_dialog(dialog["title"], dialog["title"], ("OK", dismiss), None, dismiss)]

    # -- handlers ----------------------------------------------------------------------------
    def _stub(self, ctx: AppContext, title: str) -> None:
        if ctx.activity == VIEWER:
            ctx.ui["menu"] = None
            ctx.ui["dialog"] = {"kind": "stub", "title": title}
            return
        ctx.ui["menu"] = False
        ctx.start_activity(STUB, {"title": title})

    def _open_album(self, ctx: AppContext, folder: str) -> None:
        # RvMediaFragment.loadAlbum: the album's media, read once.
        ctx.ui["album"] = folder
        ctx.ui["media"] = [p for p in ctx.data["files"] if p.rsplit("/", 1)[0] == folder]

    def _open_photo(self, ctx: AppContext, position: int) -> None:
        # MainActivity.onMediaClick: ACTION_OPEN_ALBUM with the fragment's list parcelled.
        ctx.start_activity(VIEWER, {"media": list(ctx.ui["media"]), "position": position})

    def _overflow(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = None
        if title != "Rename":
            self._stub(ctx, title)
            return
        path = ctx.ui["media"][ctx.ui["position"]]
        ctx.data["rename_opened_for"].append([path, path in ctx.data["files"]])
        ctx.ui["dialog"] = {"kind": "rename", "text": _name(path)}

    def _type_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["text"] = text

    def _rename(self, ctx: AppContext) -> None:
        ui = ctx.ui
        text = ui["dialog"]["text"]
        ui["dialog"] = None
        if not text:
            ctx.toast("Nothing changed!")
            return
        old = ui["media"][ui["position"]]
        new = _renamed(old, text)
        files = ctx.data["files"]
        # MediaHelper.renameMedia: StorageHelper.moveFile, then media.setPath on this copy only.
        if old not in files or (new != old and new in files):
            ctx.toast("Unable to rename this file")
            return
        files[files.index(old)] = new
        ui["media"][ui["position"]] = new
