"""Gallery by IacobIonut01 (``com.dot.gallery``, the repository now named ReFra) 1.0.4, for
ReFra#62.

Modelled from the sources at commit ``4d68f438`` ("Gradle: Release 1.0.4", 2023-04-28;
``app/build.gradle.kts``: versionMajor 1, versionMinor 0, versionPatch 4), the release current
when the issue was filed (2023-05-01). Files read (``app/src/common/java/com/dot/gallery/``):
``MainActivity.kt``, ``core/Constants.kt``, ``core/Settings.kt``, ``core/presentation/
components/{AppBar,NavigationComp,NavigationButton,NavigationActions,FilterComponent,
EmptyMedia}.kt``, ``core/presentation/components/media/{MediaComponent,MediaImage}.kt``,
``feature_node/presentation/{MediaScreen,MediaViewModel}.kt``, ``timeline/TimelineScreen.kt``,
``timeline/components/TimelineNavActions.kt``, ``albums/{AlbumsScreen,AlbumsViewModel}.kt``,
``albums/components/AlbumComponent.kt``, ``mediaview/MediaViewScreen.kt``, ``mediaview/
components/{AppBar,BottomBar}.kt``, ``library/favorites/**``, ``util/{ImageUtils,DateExt,
Screen}.kt``; ``app/src/main/AndroidManifest.xml``, ``res/xml/filepaths.xml`` and
``res/values/strings.xml``. The fix is commit ``6180671f`` (2023-06-22, "Gallery: Use original
uri for sharing media").

The app is one activity drawing Jetpack Compose (no resource ids). First run (the virtual
device's API 30): the Timeline shows only a "Request permissions" button; it asks for
READ_EXTERNAL_STORAGE and ACCESS_MEDIA_LOCATION, one permission group, so one system dialog
(the model asks for the first and grants both). Then the Timeline ("Gallery", the month and day
headers over the photo grid, the "Drop down" overflow) and Albums (Trash and Favorites buttons,
the sort filter, one card per album: the cover, clickable, described by the album's name, then
its name and count) in the bottom bar; an album opens its grid (back arrow "Back"); a photo opens
the media view ("Go back", the date, the pager, and Share / Favorites / Trash / Info).

The bug (ReFra#62, crash): ``ImageUtils.shareMedia`` (ImageUtils.kt:43, and the list version at
:58 used by the selection's Share) builds the shared uri with ``FileProvider.getUriForFile(this,
"com.dot.gallery.media_provider", File(media.path))``; the provider's only root
(``filepaths.xml``) is ``<external-path path="."/>``, the primary storage
``/storage/emulated/0``. A photo on an SD card (``/storage/XXXX-XXXX/...``) is under no root
and the call throws ``java.lang.IllegalArgumentException: Failed to find configured root that
contains /storage/...`` on the main thread. Photos in the internal storage share fine (the
system chooser opens). The fix shares the photo's MediaStore uri instead.

Fixed data: the device's MediaStore (``MEDIA``): two photos in the internal storage (Download,
Pictures) and five on an SD card mounted as ``/storage/3A64-1B0C`` (DCIM/Camera and
Pictures/Screenshots), dated April 2023 (before the current year, so the headers use the
extended date format). Stubs: the system share chooser (a sheet titled "Share" that Back closes:
it belongs to another app), Favorites and Trash toggled at once (the app asks MediaStore's
consent dialog first), the Trash screen's media (not opened), Settings (its title), videos,
zoom, the Info sheet's EXIF rows (only Label and Path). The release build is minified; the
crash's frames are given with the source names (the Compose and FileProvider frames are left
out, their lines unknown).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, long_click
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.dot.gallery"
MAIN = ".MainActivity"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"
MEDIA_LOCATION = "android.permission.ACCESS_MEDIA_LOCATION"
PRIMARY = "/storage/emulated/0"
SD_CARD = "/storage/3A64-1B0C"

COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
TEXT = "android.widget.TextView"
IMAGE = "android.widget.ImageView"
BUTTON = "android.widget.Button"

# id, file name, folder, album id, album, (month, day, weekday, time), size in KB
MEDIA: tuple[tuple[int, str, str, int, str, tuple[str, int, str, str], int], ...] = (
    (
        201,
        "IMG_20230430_101530.jpg",
        f"{SD_CARD}/DCIM/Camera",
        -1739773001,
        "Camera",
        ("April", 30, "Sun", "10:15 AM"),
        3412,
    ),
    (
        202,
        "IMG_20230430_101512.jpg",
        f"{SD_CARD}/DCIM/Camera",
        -1739773001,
        "Camera",
        ("April", 30, "Sun", "10:15 AM"),
        3287,
    ),
    (
        204,
        "Screenshot_2023-04-29-21-14-02.jpg",
        f"{SD_CARD}/Pictures/Screenshots",
        1028075469,
        "Screenshots",
        ("April", 29, "Sat", "9:14 PM"),
        512,
    ),
    (
        203,
        "IMG_20230428_183005.jpg",
        f"{SD_CARD}/DCIM/Camera",
        -1739773001,
        "Camera",
        ("April", 28, "Fri", "6:30 PM"),
        2954,
    ),
    (
        205,
        "Screenshot_2023-04-27-09-40-51.jpg",
        f"{SD_CARD}/Pictures/Screenshots",
        1028075469,
        "Screenshots",
        ("April", 27, "Thu", "9:40 AM"),
        498,
    ),
    (
        101,
        "IMG-20230412-WA0003.jpg",
        f"{PRIMARY}/Download",
        540528482,
        "Download",
        ("April", 12, "Wed", "1:02 PM"),
        187,
    ),
    (
        102,
        "wallpaper_forest.jpg",
        f"{PRIMARY}/Pictures",
        -1617409521,
        "Pictures",
        ("March", 5, "Sun", "4:48 PM"),
        1204,
    ),
)
BY_ID = {m[0]: m for m in MEDIA}
ALBUM_ORDER = (-1739773001, 1028075469, 540528482, -1617409521)  # by their newest photo
FILTERS = ("Recent", "Old", "Name (A-Z)", "Name (Z-A)")


def _path(media_id: int) -> str:
    m = BY_ID[media_id]
    return f"{m[2]}/{m[1]}"


def _share_frames(single: bool) -> list[str]:
    pkg = "com.dot.gallery.feature_node.presentation"
    if single:
        return [
            f"{pkg}.util.ImageUtilsKt.shareMedia(ImageUtils.kt:43)",
            f"{pkg}.mediaview.components.BottomBarKt$MediaViewBottomBar$2$1$1.invoke(BottomBar.kt:153)",
            f"{pkg}.mediaview.components.BottomBarKt$BottomBarColumn$1.invoke(BottomBar.kt:388)",
        ]
    return [
        f"{pkg}.util.ImageUtilsKt.shareMedia(ImageUtils.kt:58)",
        f"{pkg}.timeline.components.TimelineNavActionsKt$TimelineNavActions$1$1$1$1.invokeSuspend(TimelineNavActions.kt:61)",
    ]


def _crashed_on_share(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of ReFra#62: FileProvider found no root for an SD card photo."""
    return crashed(
        system, PACKAGE, "java.lang.IllegalArgumentException", "configured root", SD_CARD
    )


def _tap(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, text=text, desc=desc, cls=cls)


REQUEST = _tap("Request permissions", cls=TEXT)
GRANT = allow_permission(PACKAGE)
ALBUMS = _tap("Albums", cls=TEXT)
SHARE = _tap("Share", cls=TEXT)
BACK: dict[str, Any] = {"kind": "press_back"}


def _album(name: str) -> dict[str, Any]:
    return _tap(desc=name, cls=IMAGE)


def _photo(media_id: int) -> dict[str, Any]:
    return _tap(desc=BY_ID[media_id][1], cls=IMAGE)


START = [REQUEST, GRANT, ALBUMS]

BUG_62 = BugSpec(
    bug_id="ReFra#62",
    kind="crash",
    title="[Bug] Crash on tapping share button",
    oracle=_crashed_on_share,
    human_steps=(*START, _album("Camera"), _photo(202), SHARE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "ReFra#62": [
        # A photo of an internal-storage album: the chooser opens.
        [*START, _album("Download"), _photo(101), SHARE],
        # Favorites instead of Share on the SD card photo.
        [*START, _album("Camera"), _photo(202), _tap("Favorites", cls=TEXT)],
        # The photo opened and closed again without sharing.
        [*START, _album("Camera"), _photo(202), BACK, BACK],
        # An internal-storage photo selected by a long press in its album and shared.
        [
            *START,
            _album("Download"),
            long_click(PACKAGE, desc=BY_ID[101][1], cls=IMAGE),
            _tap(desc="Share"),
        ],
        # The Info sheet opened instead of sharing.
        [*START, _album("Screenshots"), _photo(204), _tap("Info", cls=TEXT)],
    ],
}


class Gallery(VirtualApp):
    """Gallery 1.0.4 (see the module docstring)."""

    name: ClassVar[str] = "ReFra"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Gallery"
    version: ClassVar[str] = "1.0.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_62,)

    def initial_data(self) -> dict[str, Any]:
        return {"granted": False, "favorites": [], "trashed": [], "pinned": [], "sort": 0}

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", ["timeline"])
        ctx.ui.setdefault("selected", [])

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == STORAGE and granted:
            ctx.data["granted"] = True  # the group grants ACCESS_MEDIA_LOCATION with it

    def on_back(self, ctx: AppContext) -> bool:
        for key in ("chooser", "info", "menu", "filter_menu", "album_menu"):
            if ctx.ui.get(key) not in (None, False):
                ctx.ui[key] = None
                return True
        if ctx.ui["selected"]:
            ctx.ui["selected"] = []  # MediaScreen's BackHandler clears the selection
            return True
        if len(ctx.ui["stack"]) > 1:
            self._up(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        route = self._route(ctx)
        if route[0] != "media" or direction not in ("left", "right"):
            return False
        ids = self._list(ctx, route[2])
        page = ids.index(int(route[1])) if int(route[1]) in ids else 0
        page += 1 if direction == "left" else -1
        if not 0 <= page < len(ids):
            return False
        ctx.ui["stack"][-1] = f"media:{ids[page]}:{route[2]}"
        return True

    # -- navigation ----------------------------------------------------------------------------
    def _route(self, ctx: AppContext) -> list[str]:
        return str(ctx.ui["stack"][-1]).split(":", 2)

    def _go(self, ctx: AppContext, route: str) -> None:
        ctx.ui.update(selected=[], menu=None, hidden=None)
        ctx.ui["stack"].append(route)

    def _up(self, ctx: AppContext) -> None:
        ctx.ui.update(selected=[], menu=None, info=None)
        ctx.ui["stack"].pop()

    def _tab(self, ctx: AppContext, root: str) -> None:
        """The bottom bar: navigate popping up to the start destination (single top)."""
        if ctx.ui["stack"][-1] == root:
            return
        ctx.ui.update(selected=[], menu=None)
        ctx.ui["stack"] = ["timeline"] if root == "timeline" else ["timeline", root]

    # -- media ---------------------------------------------------------------------------------
    def _visible(self, ctx: AppContext) -> list[int]:
        if not ctx.data["granted"]:
            return []
        return [m[0] for m in MEDIA if m[0] not in ctx.data["trashed"]]

    def _list(self, ctx: AppContext, source: str) -> list[int]:
        """The media of a grid: ``timeline``, ``favorites``, ``trash`` or ``album:<id>``."""
        if source == "timeline":
            return self._visible(ctx)
        if source == "favorites":
            return [m for m in self._visible(ctx) if m in ctx.data["favorites"]]
        if source == "trash":
            return [m for m in ctx.data["trashed"] if ctx.data["granted"]]
        album = int(source.split(":")[1])
        return [m for m in self._visible(ctx) if BY_ID[m][3] == album]

    def _share(self, ctx: AppContext, ids: list[int], single: bool) -> None:
        """ImageUtils.shareMedia: a FileProvider uri per photo, then the system chooser."""
        for media_id in ids:
            path = _path(media_id)
            if not path.startswith(PRIMARY + "/"):
                raise JavaException(
                    "java.lang.IllegalArgumentException",
                    f"Failed to find configured root that contains {path}",
                    frames=_share_frames(single),
                )
        ctx.ui["chooser"] = len(ids)

    def _toggle_favorite(self, ctx: AppContext, ids: list[int]) -> None:
        favorites = ctx.data["favorites"]
        add = any(m not in favorites for m in ids)
        for m in ids:
            if add and m not in favorites:
                favorites.append(m)
            elif not add and m in favorites:
                favorites.remove(m)

    def _trash(self, ctx: AppContext, ids: list[int]) -> None:
        for m in ids:
            if m not in ctx.data["trashed"]:
                ctx.data["trashed"].append(m)
        ctx.ui["selected"] = []
        route = self._route(ctx)
        if route[0] == "media":
            rest = self._list(ctx, route[2])
            if rest:
                ctx.ui["stack"][-1] = f"media:{rest[0]}:{route[2]}"
            else:
                self._up(ctx)

    def _tap_photo(self, ctx: AppContext, media_id: int, source: str) -> None:
        if ctx.ui["selected"]:
            w.toggle(ctx.ui["selected"], media_id)
        else:
            self._go(ctx, f"media:{media_id}:{source}")

    def _long_press(self, ctx: AppContext, media_id: int) -> None:
        """MediaViewModel.toggleSelection: a long press selects or unselects the photo."""
        w.toggle(ctx.ui["selected"], media_id)

    def _select_all(self, ctx: AppContext, ids: list[int]) -> None:
        ctx.ui["selected"] = [] if ctx.ui["selected"] else list(ids)
        ctx.ui["menu"] = None

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = self._route(ctx)
        kind = route[0]
        if kind == "media":
            body = self._media_view(ctx, int(route[1]), route[2])
        elif kind == "albums":
            body = self._albums(ctx)
        elif kind == "settings":
            body = self._column([self._bar("Settings", back=True), View(cls=VIEW)])
        else:
            source = ":".join(route)
            body = self._grid_screen(ctx, source)
        children = [body]
        if kind in ("timeline", "albums"):
            children.append(self._bottom_bar(kind))
        return Screen(content=View(cls=COMPOSE, children=children), windows=self._windows(ctx))

    def _column(self, children: list[View], **kw: Any) -> View:
        return View(cls=VIEW, children=children, **kw)

    def _icon(self, desc: str, handler: Any, cls: str = BUTTON) -> View:
        return View(
            cls=cls,
            on_click=handler,
            width=147,
            height=147,
            children=[View(cls=VIEW, content_desc=desc)],
        )

    def _bar(self, title: str, *, back: bool, subtitle: str = "", actions: Any = ()) -> View:
        """A LargeTopAppBar: the navigation button, the title (and subtitle), the actions."""
        children: list[View] = []
        if back:
            children.append(self._icon("Back", self._up))
        texts = [w.text_view(title, height=120)]
        if subtitle:
            texts.append(w.text_view(subtitle, height=60))
        children.append(self._column(texts))
        children.extend(actions)
        return View(cls=VIEW, layout=HORIZONTAL, height=300, children=children)

    def _bottom_bar(self, kind: str) -> View:
        items = [
            View(
                cls=VIEW,
                selected=kind == root,
                on_click=w.bind(self._tab, root),
                children=[
                    View(cls=VIEW, content_desc=f"{name} Icon"),
                    w.text_view(name, height=60),
                ],
            )
            for name, root in (("Timeline", "timeline"), ("Albums", "albums"))
        ]
        return View(cls=VIEW, layout=HORIZONTAL, height=210, children=items)

    def _grid_screen(self, ctx: AppContext, source: str) -> View:
        """MediaScreen: the Timeline, an album, Favorites or Trash."""
        if not ctx.data["granted"]:
            ask = View(
                cls=BUTTON,
                on_click=lambda c: c.request_permission(STORAGE),
                height=140,
                children=[w.text_view("Request permissions", height=140)],
            )
            return self._column([View(cls=VIEW), ask, View(cls=VIEW)])
        ids = self._list(ctx, source)
        selected = ctx.ui["selected"]
        back = source != "timeline" or bool(selected)
        actions: list[View] = []
        grid_kind = source == "timeline" or source.startswith("album")
        if selected and grid_kind:
            actions += [
                self._icon("Share", lambda c: self._share(c, list(c.ui["selected"]), False)),
                self._icon("Trash", lambda c: self._toggle_favorite(c, list(c.ui["selected"]))),
                self._icon("Trash", lambda c: self._trash(c, list(c.ui["selected"]))),
            ]
        if source == "favorites":
            actions.append(self._text_button("Remove all", lambda c: self._toggle_favorite(c, ids)))
        elif source != "trash":
            actions.append(self._icon("Drop down", lambda c: c.ui.update(menu=source)))
        if selected:
            title = f"Selected {len(selected)}"
        else:
            labels = {f"album:{m[3]}": m[4] for m in MEDIA}
            labels.update(timeline="Gallery", favorites="Favorites", trash="Trash")
            title = labels[source]
        subtitle = ""
        if source.startswith("album") and ids:
            first, last = BY_ID[ids[-1]][5], BY_ID[ids[0]][5]
            subtitle = (
                f"{first[0]} {first[1]}, 2023"
                if first == last
                else f"{first[0]} {first[1]} - {last[1]}, 2023"
                if first[0] == last[0]
                else f"{first[0]} {first[1]} - {last[0]} {last[1]}, 2023"
            ).upper()
        bar = self._bar(title, back=back, subtitle=subtitle, actions=actions)
        if selected and grid_kind:
            bar.children[0] = self._icon("Back", lambda c: c.ui.update(selected=[]))
        if not ids:
            empty = {
                "favorites": "You have no favorites",
                "trash": "Squeaky Clean",
            }.get(source, "Seems empty here")
            return self._column([bar, w.text_view(empty), View(cls=VIEW)])
        # The grid: a big month header, a day header, then the day's photos four to a row
        # (GridCells.Adaptive(100.dp) on a 411 dp wide screen).
        days: dict[str, list[int]] = {}
        for media_id in ids:
            name, number, weekday, _ = BY_ID[media_id][5]
            days.setdefault(f"{weekday}, {name[:3]} {number}, 2023|{name} 2023", []).append(
                media_id
            )
        cells: list[View] = []
        month = ""
        for key, day_ids in days.items():
            day, day_month = key.split("|")
            if day_month != month:
                month = day_month
                cells.append(w.text_view(month, height=120))
            cells.append(w.text_view(day, height=120))
            photos = [self._photo_cell(ctx, media_id, source) for media_id in day_ids]
            for i in range(0, len(photos), 4):
                cells.append(
                    View(cls=VIEW, layout=HORIZONTAL, height=270, children=photos[i : i + 4])
                )
        grid = View(cls=VIEW, scrollable=True, scroll_key="grid_scroll", children=cells)
        return self._column([bar, grid])

    def _photo_cell(self, ctx: AppContext, media_id: int, source: str) -> View:
        """MediaComponent: the clickable, long-clickable box around the photo."""
        openable = source != "trash"
        return View(
            cls=VIEW,
            width=270,
            on_click=w.bind(self._tap_photo, media_id, source) if openable else None,
            on_long_click=w.bind(self._long_press, media_id) if openable else None,
            selected=media_id in ctx.ui["selected"],
            children=[View(cls=IMAGE, content_desc=BY_ID[media_id][1], height=270)],
        )

    def _text_button(self, text: str, handler: Any) -> View:
        return View(
            cls=BUTTON, on_click=handler, height=130, children=[w.text_view(text, height=130)]
        )

    def _albums(self, ctx: AppContext) -> View:
        ids = self._visible(ctx)
        albums = [a for a in ALBUM_ORDER if any(BY_ID[m][3] == a for m in ids)]
        label = {m[3]: m[4] for m in MEDIA}
        sort = ctx.data["sort"]
        if sort == 1:
            albums.reverse()
        elif sort in (2, 3):
            albums.sort(key=lambda a: label[a], reverse=sort == 3)
        pinned = [a for a in albums if a in ctx.data["pinned"]]

        def card(album: int) -> View:
            count = sum(1 for m in ids if BY_ID[m][3] == album)
            return self._column(
                [
                    View(
                        cls=IMAGE,
                        content_desc=label[album],
                        height=330,
                        on_click=lambda c: self._go(c, f"album:{album}"),
                        on_long_click=lambda c: c.ui.update(album_menu=album),
                    ),
                    w.text_view(label[album], height=70),
                    w.text_view(f"{count} item" if count == 1 else f"{count} items", height=60),
                ],
                height=480,
            )

        buttons = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=160,
            children=[
                View(
                    cls=BUTTON,
                    layout=HORIZONTAL,
                    on_click=w.bind(self._go, route),
                    children=[View(cls=VIEW, content_desc=label, width=100), w.text_view(label)],
                )
                for route, label in (("trash", "Trash"), ("favorites", "Favorites"))
            ],
        )
        rows: list[View] = [self._bar("Albums", back=False), buttons]
        if pinned:
            rows.append(w.text_view("Pinned Albums", height=100))
            rows.append(
                View(cls=VIEW, layout=HORIZONTAL, height=480, children=[card(a) for a in pinned])
            )
        rows.append(
            View(
                cls=BUTTON,
                layout=HORIZONTAL,
                height=130,
                on_click=lambda c: c.ui.update(filter_menu=True),
                children=[
                    w.text_view(FILTERS[sort], height=130),
                    View(cls=VIEW, content_desc="Filter", width=100),
                ],
            )
        )
        rest = [card(a) for a in albums if a not in pinned]
        for i in range(0, len(rest), 2):
            rows.append(View(cls=VIEW, layout=HORIZONTAL, height=480, children=rest[i : i + 2]))
        if not albums:
            rows.append(w.text_view("Seems empty here"))
        return View(cls=VIEW, scrollable=True, scroll_key="albums_scroll", children=rows)

    def _media_view(self, ctx: AppContext, media_id: int, source: str) -> View:
        m = BY_ID[media_id]
        name, number, _, time = m[5]
        date = f"{name} {number}, 2023\n{time}".upper()
        top = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=170,
            children=[
                View(
                    cls=BUTTON,
                    on_click=self._up,
                    width=147,
                    children=[View(cls=IMAGE, content_desc="Go back")],
                ),
                w.text_view(date, height=170),
            ],
        )
        pager = View(
            cls=VIEW,
            scrollable=True,
            children=[
                View(
                    cls=IMAGE,
                    content_desc=m[1],
                    on_click=lambda c: c.ui.update(hidden=not c.ui.get("hidden")),
                )
            ],
        )
        children = [pager]
        if not ctx.ui.get("hidden"):
            children = [top, pager, self._actions(ctx, media_id)]
        return View(cls=VIEW, style="dim", children=children)

    def _actions(self, ctx: AppContext, media_id: int, info: bool = True) -> View:
        """MediaViewBottomBar's BottomBarColumns (the Info sheet's row has no Info)."""

        def column(title: str, handler: Any) -> View:
            return View(
                cls=VIEW,
                on_click=handler,
                width=236,
                children=[View(cls=IMAGE, content_desc=title, height=84), w.text_view(title)],
            )

        items = [
            column("Share", lambda c: self._share(c, [media_id], True)),
            column("Favorites", lambda c: self._toggle_favorite(c, [media_id])),
            column("Trash", lambda c: self._trash(c, [media_id])),
        ]
        if info:
            items.append(column("Info", lambda c: c.ui.update(info=media_id)))
        return View(cls=VIEW, layout=HORIZONTAL, height=210, children=items)

    # -- windows -------------------------------------------------------------------------------
    def _windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        source = ctx.ui.get("menu")
        if source:
            ids = self._list(ctx, source)
            items: list[tuple[Any, ...]] = [
                (
                    "Unselect all" if ctx.ui["selected"] else "Select all",
                    w.bind(self._select_all, ids),
                )
            ]
            if source.startswith("album"):
                items.append(("Move album to trash", w.bind(self._trash_album, ids)))
            items += [
                ("Favorites", lambda c: self._go(c, "favorites")),
                ("Trash", lambda c: self._go(c, "trash")),
                ("Settings", lambda c: self._go(c, "settings")),
            ]
            windows.append(w.menu_window(items, lambda c: c.ui.update(menu=None)))
        if ctx.ui.get("filter_menu"):
            windows.append(
                w.menu_window(
                    [(f, w.bind(self._sort, i)) for i, f in enumerate(FILTERS)],
                    lambda c: c.ui.update(filter_menu=None),
                )
            )
        album = ctx.ui.get("album_menu")
        if album is not None:
            title = "Unpin" if album in ctx.data["pinned"] else "Pin"
            windows.append(
                w.menu_window(
                    [(title, w.bind(self._pin, album))],
                    lambda c: c.ui.update(album_menu=None),
                )
            )
        if ctx.ui.get("info") is not None:
            windows.append(self._info_sheet(ctx, int(ctx.ui["info"])))
        if ctx.ui.get("chooser"):
            windows.append(
                Window(
                    root=self._column([w.text_view("Share", height=140)], weight=0, height=700),
                    kind="sheet",
                    on_dismiss=lambda c: c.ui.update(chooser=None),
                )
            )
        return windows

    def _info_sheet(self, ctx: AppContext, media_id: int) -> Window:
        m = BY_ID[media_id]
        name, number, _, time = m[5]
        rows = [
            self._actions(ctx, media_id, info=False),
            w.text_view(f"{name} {number}, 2023 • {time}", height=120),
            w.text_view("Label", height=60),
            w.text_view(m[1], height=60),
            w.text_view("Path", height=60),
            w.text_view(_path(media_id), height=60),
        ]
        return Window(
            root=self._column(rows, weight=0),
            kind="sheet",
            on_dismiss=lambda c: c.ui.update(info=None),
        )

    def _trash_album(self, ctx: AppContext, ids: list[int]) -> None:
        ctx.ui["menu"] = None
        self._trash(ctx, ids)
        self._up(ctx)

    def _sort(self, ctx: AppContext, index: int) -> None:
        ctx.data["sort"] = index

    def _pin(self, ctx: AppContext, album: int) -> None:
        w.toggle(ctx.data["pinned"], album)
        ctx.ui["album_menu"] = None
