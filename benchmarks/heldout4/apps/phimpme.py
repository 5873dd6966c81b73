"""Phimp.me (``org.fossasia.phimpme``, the repository phimpme-android), development build of
2017-10-23, for phimpme-android#1403.

Modelled from the sources at commit ``a1710fb91`` (2017-10-23, the last commit of the
``development`` branch before the issue was filed on 2017-10-24; ``app/build.gradle`` sets no
versionName then, so the model's version names the commit). Files read: ``AndroidManifest.xml``,
``gallery/activities/{SplashScreen,LFMainActivity,SingleMediaActivity}.java``,
``gallery/adapters/AlbumsAdapter.java``, the layouts ``activity_splash.xml``,
``activity_leafpic.xml``, ``element_bottom_navigation.xml``, ``card_album.xml``,
``card_photo.xml``, ``activity_pager.xml``, ``toolbar.xml``, ``activity_drawer.xml``, the menus
``navigation.xml``, ``menu_albums.xml``, ``menu_view_pager.xml``, ``menu_bottom_view_pager.xml``
and ``values/strings.xml``. The fix is commit ``edadbac22`` (PR #1422, "Fix #1403 app does not
crash on rotation").

First run: ``SplashScreen`` (the animated logo) asks for READ_EXTERNAL_STORAGE; once granted
it prefetches the albums and opens ``LFMainActivity`` ("Local Folders": the album cards, the
All_photos and Sort actions, the bottom bar Camera / Gallery / Accounts). An album card shows
its photos in the same activity (back arrow, the album's name); a photo opens
``SingleMediaActivity`` ("2 of 3", the pager, the bottom bar share / Edit / Move / Delete, the
overflow Use as / Copy / Move / Print / Description / Settings).

The bug (phimpme-android#1403, crash): commit ``374bd2e9e`` (#1330, 2017-10-20) made the root of
``activity_pager.xml`` a ``CoordinatorLayout`` whose direct child is the included ``toolbar``.
``SingleMediaActivity`` declares ``configChanges="orientation|screenSize|..."``, so a rotation
calls ``onConfigurationChanged`` (SingleMediaActivity.java:354), which gives the toolbar a
``RelativeLayout.LayoutParams`` (:363); the next layout pass, in ``CoordinatorLayout.onMeasure``
-> ``prepareChildren`` -> ``getResolvedLayoutParams``, casts it: ``java.lang.ClassCastException:
android.widget.RelativeLayout$LayoutParams cannot be cast to
android.support.design.widget.CoordinatorLayout$LayoutParams``. The same happens when the photo
is opened while the display is already rotated (``onCreate`` calls ``onConfigurationChanged`` when
the rotation is ROTATION_90, :281-284). The fix made the root a ``RelativeLayout``. Rotating
``LFMainActivity`` is harmless.

Fixed data: the device's MediaStore (``ALBUMS``): Camera (3 photos), Screenshots (2) and
Download (1) in the primary storage. Stubs: the Camera and Accounts screens (a camera, accounts),
the drawer's items, sorting, selection by long press, every action of the photo screen (share,
edit, move, delete and the overflow items do nothing), video. The crash's frames are the design
library's (25.3.1) without line numbers and the framework's measure pass is left out. Uncertain:
which overflow items the album screen shows (none are modelled).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "org.fossasia.phimpme"
SPLASH = ".gallery.activities.SplashScreen"
MAIN = ".gallery.activities.LFMainActivity"
SINGLE = ".gallery.activities.SingleMediaActivity"
CAMERA = ".opencamera.Camera.CameraActivity"
ACCOUNTS = ".accounts.AccountActivity"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"

DENIED = "Permission to access storage was denied!\n I'm not able to get your images!"
# album name -> its photos' file names, newest first (the albums sorted by date, newest first)
ALBUMS: dict[str, list[str]] = {
    "Camera": ["IMG_20171022_174512.jpg", "IMG_20171022_174430.jpg", "IMG_20171019_090215.jpg"],
    "Screenshots": ["Screenshot_20171021-203344.png", "Screenshot_20171018-111208.png"],
    "Download": ["poster_hackathon.jpg"],
}
ALL_PHOTOS = [f for names in ALBUMS.values() for f in names]

CAST_MESSAGE = (
    "android.widget.RelativeLayout$LayoutParams cannot be cast to "
    "android.support.design.widget.CoordinatorLayout$LayoutParams"
)
CAST_FRAMES = [
    "android.support.design.widget.CoordinatorLayout.getResolvedLayoutParams(Unknown Source)",
    "android.support.design.widget.CoordinatorLayout.prepareChildren(Unknown Source)",
    "android.support.design.widget.CoordinatorLayout.onMeasure(Unknown Source)",
]


def _crashed_on_layout(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of phimpme-android#1403: the CoordinatorLayout cast of the toolbar's params."""
    return crashed(
        system, PACKAGE, "java.lang.ClassCastException", "CoordinatorLayout$LayoutParams"
    )


GRANT = allow_permission(PACKAGE)
ROTATE: dict[str, Any] = {"kind": "rotate", "orientation": "landscape"}
PORTRAIT: dict[str, Any] = {"kind": "rotate", "orientation": "portrait"}
BACK: dict[str, Any] = {"kind": "press_back"}


def _album(name: str) -> dict[str, Any]:
    return click(PACKAGE, "album_name", name, cls="android.widget.TextView")


BUG_1403 = BugSpec(
    bug_id="phimpme-android#1403",
    kind="crash",
    title="App crashes on rotation",
    oracle=_crashed_on_layout,
    human_steps=(GRANT, _album("Camera"), click(PACKAGE, "photo_preview"), ROTATE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "phimpme-android#1403": [
        # The album's grid rotated, no picture open.
        [GRANT, _album("Camera"), ROTATE],
        # The picture opened, then closed before the rotation.
        [GRANT, _album("Camera"), click(PACKAGE, "photo_preview"), BACK, ROTATE],
        # The picture opened and not rotated: its Edit action tapped instead.
        [GRANT, _album("Camera"), click(PACKAGE, "photo_preview"), click(PACKAGE, "action_edit")],
        # The albums screen rotated and back.
        [GRANT, ROTATE, PORTRAIT, _album("Download")],
    ],
}


class Phimpme(VirtualApp):
    """Phimp.me, development build of 2017-10-23 (see the module docstring)."""

    name: ClassVar[str] = "phimpme-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Phimp.me"
    version: ClassVar[str] = "dev-a1710fb9"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1403,)

    def initial_data(self) -> dict[str, Any]:
        return {"granted": False}

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH and not ctx.ui.get("asked"):
            ctx.ui["asked"] = True
            if ctx.data["granted"]:
                self._open_main(ctx)
            else:
                ctx.request_permission(STORAGE)
        elif ctx.activity == MAIN:
            ctx.ui.setdefault("album", None)  # None: the albums; "" : all photos
        elif ctx.activity == SINGLE:
            ctx.ui.setdefault("page", int(ctx.extras["index"]))
            if ctx.orientation != "landscape":
                return
            # onConfigurationChanged (a rotation, or onCreate at ROTATION_90) then the layout.
            raise JavaException("java.lang.ClassCastException", CAST_MESSAGE, frames=CAST_FRAMES)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != SPLASH or permission != STORAGE:
            return
        if granted:
            ctx.data["granted"] = True
            self._open_main(ctx)  # PrefetchAlbumsData, then the logo's animation ends
        else:
            ctx.ui["denied"] = True  # SnackBarHandler.show(parentView, storage_permission_denied)

    def _open_main(self, ctx: AppContext) -> None:
        ctx.start_activity(MAIN)
        ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu"):
            return True
        if ctx.activity == MAIN and ctx.ui.get("album") is not None:
            ctx.ui["album"] = None  # displayAlbums()
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != SINGLE:
            return False
        count = len(ctx.extras["photos"])
        return w.pager_swipe(ctx.ui, "page", count, direction)

    def _open_album(self, ctx: AppContext, name: str) -> None:
        ctx.ui["album"] = name  # displayCurrentAlbumMedia

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    # -- handlers ------------------------------------------------------------------------------
    def _open_photo(self, ctx: AppContext, photos: list[str], index: int) -> None:
        ctx.start_activity(SINGLE, {"photos": photos, "index": index})

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SPLASH:
            children = [w.image_view("imgLogo", height=600)]
            if ctx.ui.get("denied"):
                children.append(w.text_view(DENIED, "snackbar_text", height=200))
            return Screen(content=w.relative_layout(children, rid="splash_bg"))
        if ctx.activity == MAIN:
            return Screen(content=self._main(ctx))
        if ctx.activity == SINGLE:
            windows: list[Window] = []
            if ctx.ui.get("menu"):
                items = ["Use as", "Copy", "Move", "Print", "Description", "Settings"]
                windows.append(
                    w.menu_window([(t, self._close_menu) for t in items], self._close_menu)
                )
            return Screen(content=self._single(ctx), windows=windows)
        title = "Camera" if ctx.activity == CAMERA else "Accounts"
        return Screen(content=w.linear_layout([w.toolbar(title, navigation=w.up_button())]))

    def _main(self, ctx: AppContext) -> View:
        album = ctx.ui.get("album")
        if album is None:
            title = "Local Folders"
            nav = w.nav_button("", None)
            actions = [
                w.action_item("all_photos", "All_photos", lambda c: c.ui.update(album="")),
                w.action_item("sort_action", "Sort", None),
            ]
            grid = self._albums_grid()
        else:
            photos = ALBUMS[album] if album else ALL_PHOTOS
            title = album or "All"
            nav = w.nav_button("", lambda c: c.ui.update(album=None))
            actions = []
            cards = [
                w.relative_layout(
                    [
                        w.image_view(
                            "photo_preview", "", w.bind(self._open_photo, photos, i), height=360
                        )
                    ],
                    rid="media_card_layout",
                    width=360,
                    height=360,
                )
                for i, _ in enumerate(photos)
            ]
            rows = [
                w.linear_layout(cards[i : i + 3], horizontal=True, height=360)
                for i in range(0, len(cards), 3)
            ]
            grid = View(
                cls="android.support.v7.widget.RecyclerView",
                resource_id="grid_photos",
                scrollable=True,
                children=rows,
            )
        nav.naf = True
        bar = w.toolbar(
            title, navigation=nav, actions=actions, cls="android.support.v7.widget.Toolbar"
        )
        content = w.relative_layout(
            [
                View(
                    cls="android.support.design.widget.AppBarLayout",
                    resource_id="appbar_toolbar",
                    weight=0,
                    children=[bar],
                ),
                View(
                    cls="android.support.v4.widget.SwipeRefreshLayout",
                    resource_id="swipeRefreshLayout",
                    children=[grid],
                ),
                self._bottom_bar(),
            ],
            rid="Relative_Album_layout",
        )
        return w.drawer_layout(content, cls="android.support.v4.widget.DrawerLayout")

    def _albums_grid(self) -> View:
        cards = [
            View(
                cls="android.support.v7.widget.CardView",
                resource_id="album_card",
                on_click=w.bind(self._open_album, name),
                width=540,
                height=620,
                children=[
                    w.image_view("album_preview", height=440),
                    w.linear_layout(
                        [
                            w.text_view(name, "album_name", height=90),
                            w.text_view(f"{len(photos)} Media", "album_photos_count", height=90),
                        ],
                        rid="linear_card_text",
                        height=180,
                    ),
                ],
            )
            for name, photos in ALBUMS.items()
        ]
        rows = [
            w.linear_layout(cards[i : i + 2], horizontal=True, height=620)
            for i in range(0, len(cards), 2)
        ]
        return View(
            cls="android.support.v7.widget.RecyclerView",
            resource_id="grid_albums",
            scrollable=True,
            children=rows,
        )

    def _bottom_bar(self) -> View:
        def item(rid: str, title: str, handler: Any) -> View:
            return View(
                cls="android.support.design.internal.BottomNavigationItemView",
                resource_id=rid,
                content_desc=title,
                selected=rid == "navigation_home",
                on_click=handler,
                children=[w.text_view(title, "largeLabel", height=60)],
            )

        return View(
            cls="android.support.design.widget.BottomNavigationView",
            resource_id="bottombar",
            layout=HORIZONTAL,
            height=147,
            children=[
                item("navigation_camera", "Camera", lambda c: c.start_activity(CAMERA)),
                item("navigation_home", "Gallery", None),
                item("navigation_accounts", "Accounts", lambda c: c.start_activity(ACCOUNTS)),
            ],
        )

    def _single(self, ctx: AppContext) -> View:
        photos = list(ctx.extras["photos"])
        page = int(ctx.ui.get("page", ctx.extras["index"]))
        bar = w.toolbar(
            f"{page + 1} of {len(photos)}",
            navigation=w.nav_button("", w.finish),
            actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
            cls="android.support.v7.widget.Toolbar",
        )
        bar.children[0].naf = True
        bottom = View(
            cls="android.support.v7.widget.ActionMenuView",
            resource_id="toolbar_bottom",
            layout=HORIZONTAL,
            height=147,
            children=[
                w.action_item(rid, title, None)
                for rid, title in (
                    ("action_share", "share"),
                    ("action_edit", "Edit"),
                    ("action_details", "Move"),
                    ("action_delete", "Delete"),
                )
            ],
        )
        pager = View(
            cls="android.support.v7.widget.RecyclerView",
            resource_id="photos_pager",
            children=[w.image_view("", "", height=1200, extra={"file": photos[page]})],
        )
        return View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="PhotoPager_Layout",
            children=[bar, w.relative_layout([pager, bottom])],
        )
