"""Camera Roll v1.0.5 (kollerlukas/Camera-Roll-Android-App, package us.koller.cameraroll), a
gallery with a built-in file explorer, on an Android 4.4 (KitKat, API 19) phone as in the reports.

Sources read at tag ``35-v1.0.5`` (74fe2edd, 2018-03-23) and the fix d84a9b6a ("fixed #165,
#166, #167", 2018-04-04), shipped in v1.0.6: it adds
``AppCompatDelegate.setCompatVectorFromResourcesEnabled(true)`` to ``BaseActivity`` and sets the
file operations' notification small icon only from Lollipop on. The app is built with
``vectorDrawables.useSupportLibrary = true``, so no PNG exists for its vector drawables and,
before the fix, nothing below API 21 can inflate one outside AppCompat's own widgets.

Bug Camera-Roll-Android-App#172 (crash): a long press on a folder in the File Explorer
(``FileExplorerAdapter.onItemSelect``; storage roots are ignored) enters selector mode:
``FileExplorerActivity.onSelectorModeEnter`` posts a Runnable (delay 0, the KitKat navigation
icon not being Animatable) that calls ``ContextCompat.getDrawable(this,
R.drawable.ic_clear_white)``, a ``<vector>``: ``Resources$NotFoundException`` caused by
``XmlPullParserException: ... invalid drawable tag vector``. Tapping a folder's icon
(``folder_indicator``) selects it the same way. A long press on a picture in an album crashes
the same way from ``AlbumActivity.onSelectorModeEnter`` (issue #167, not modelled as a bug).

Bug Camera-Roll-Android-App#175 (crash): deleting the open picture (``ItemActivity``'s bottom
bar ``delete_button``, then "Delete" in the "Delete Photo?" dialog) starts the ``Delete``
IntentService, whose ``FileOperation.onHandleIntent`` posts a foreground notification with
``setSmallIcon(R.drawable.ic_delete_white)``, a vector the KitKat status bar cannot load; the
system then crashes the app with ``RemoteServiceException: Bad notification posted from
package us.koller.cameraroll: Couldn't create icon: StatusBarIcon(...)``.

First run on KitKat: no runtime permission dialog; MainActivity shows the albums (the default
Parallax style, one column). Fixed data (the storage): albums Camera (24 pictures), Screenshots
(5) and Download (3); ``/storage/emulated/0`` holds the usual KitKat folders (Alarms, Android,
DCIM, Download, Movies, Music, Notifications, Pictures, Podcasts, Ringtones), sorted by name as
the explorer sorts folders without media, and DCIM/Pictures hold Camera/Screenshots. No SD card.

Stubbed: Settings and About (title and up arrow), the overflow menus' rows (Refresh, Sort by,
Hidden Folders, Exclude, Scan, Pin Album, Set as, Copy...: they close the menu), the camera FAB,
the viewer's Info, Share and Edit buttons, opening a picture from the explorer, swiping between
pictures, the "Loading..." snackbar (folders load at once). Uncertain: whether the file is gone
after the #175 crash (the model keeps it); resource ids in the messages (0x7f0200a4, 0x7f02006c
are placeholders) and the stack frames: ProGuard keeps line numbers under ``SourceFile`` but may
rename support-library and inner classes; the anonymous class numbers (``$10``, ``$13``) are
counted from the sources; the album grid is drawn as rows of items (the toolkit lays out no
GridLayoutManager).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, long_click
from device_agent.virtual.views import FRAME, Screen, View, Window

PKG = "us.koller.cameraroll"
MAIN = ".ui.MainActivity"
ALBUM = ".ui.AlbumActivity"
EXPLORER = ".ui.FileExplorerActivity"
SETTINGS = ".ui.SettingsActivity"
ABOUT = ".ui.AboutActivity"
ROOTS = "Storage Roots"
STORAGE = "/storage/emulated/0"
NOT_FOUND = "android.content.res.Resources$NotFoundException"

ITEM = ".ui.ItemActivity"
BAD_NOTIFICATION = "android.app.RemoteServiceException"
TOOLBAR = "android.support.v7.widget.Toolbar"
RECYCLER = "android.support.v7.widget.RecyclerView"
ALBUMS: dict[str, list[str]] = {
    "Camera": [f"IMG_20180408_{17 - i // 4:02d}{59 - 7 * i:02d}00.jpg" for i in range(24)],
    "Screenshots": [f"Screenshot_20180407-{21 - i:02d}3015.png" for i in range(5)],
    "Download": [f"wallpaper_{i + 1}.jpg" for i in range(3)],
}
CELL = 270  # AlbumActivity's default 4 columns
TREE: dict[str, list[str]] = {
    STORAGE: [
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
    ],
    f"{STORAGE}/DCIM": ["Camera"],
    f"{STORAGE}/Pictures": ["Screenshots"],
}

# The framework frames of a Runnable posted to the main thread on Android 4.4.2.
KITKAT_CALLBACK = [
    "android.os.Handler.handleCallback(Handler.java:733)",
    "android.os.Handler.dispatchMessage(Handler.java:95)",
    "android.os.Looper.loop(Looper.java:136)",
    "android.app.ActivityThread.main(ActivityThread.java:5017)",
    "java.lang.reflect.Method.invokeNative(Native Method)",
    "java.lang.reflect.Method.invoke(Method.java:515)",
    "com.android.internal.os.ZygoteInit$MethodAndArgsCaller.run(ZygoteInit.java:779)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:595)",
    "dalvik.system.NativeStart.main(Native Method)",
]


def vector_crash(runnable_frame: str) -> JavaException:
    """What ``ContextCompat.getDrawable(this, R.drawable.ic_clear_white)`` throws on KitKat in
    a selector-mode Runnable (``runnable_frame``): the framework cannot inflate a vector."""
    return JavaException(
        NOT_FOUND,
        "File res/drawable/ic_clear_white.xml from drawable resource ID #0x7f0200a4",
        [
            "android.content.res.Resources.loadDrawable(Resources.java:2152)",
            "android.content.res.Resources.getDrawable(Resources.java:710)",
            "android.support.v4.content.ContextCompat.getDrawable(SourceFile)",
            runnable_frame,
            *KITKAT_CALLBACK,
        ],
        cause=JavaException(
            "org.xmlpull.v1.XmlPullParserException",
            "Binary XML file line #1: invalid drawable tag vector",
            [
                "android.graphics.drawable.Drawable.createFromXmlInner(Drawable.java:933)",
                "android.graphics.drawable.Drawable.createFromXml(Drawable.java:873)",
                "android.content.res.Resources.loadDrawable(Resources.java:2115)",
            ],
        ),
    )


def _stub(ctx: AppContext) -> None:
    """A control whose effect is not modelled."""


OVERFLOW = click(PKG, desc="More options")
EXPLORER_ITEM = click(PKG, "title", "File Explorer")
OPEN_STORAGE = click(PKG, "text", "Storage")
DCIM = "DCIM"
HUMAN_172 = (OVERFLOW, EXPLORER_ITEM, OPEN_STORAGE, long_click(PKG, "text", DCIM))
OPEN_CAMERA = click(PKG, "name", "Camera")
FIRST_PHOTO = click(PKG, "image", bounds=[0, 210, CELL, 210 + CELL])
DELETE_BUTTON = click(PKG, "delete_button", desc="Delete")
CONFIRM_DELETE = click(PKG, "android:id/button1", "Delete")
HUMAN_175 = (OPEN_CAMERA, FIRST_PHOTO, DELETE_BUTTON, CONFIRM_DELETE)


class CameraRoll(VirtualApp):
    """Camera Roll v1.0.5 on KitKat: the albums, the overflow menu and the File Explorer."""

    name: ClassVar[str] = "Camera-Roll-Android-App"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Camera Roll"
    version: ClassVar[str] = "v1.0.5"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Camera-Roll-Android-App#172",
            "crash",
            "Crash occurs when long pressed on a folder in storage",
            crash_oracle(PKG, NOT_FOUND, "ic_clear_white"),
            human_steps=HUMAN_172,
        ),
        BugSpec(
            "Camera-Roll-Android-App#175",
            "crash",
            "Apps crash when i try to delete some image in Camera roll application",
            crash_oracle(PKG, BAD_NOTIFICATION, "Bad notification posted"),
            human_steps=HUMAN_175,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == EXPLORER:
            ctx.ui["dir"] = ROOTS  # loadRoots()

    # -- file explorer -------------------------------------------------------------------------
    def _children(self, path: str) -> list[str]:
        if path == ROOTS:
            return [STORAGE]
        return [f"{path}/{name}" for name in TREE.get(path, [])]

    def _open(self, ctx: AppContext, path: str) -> None:
        ctx.ui["dir"] = path

    def _select(self, ctx: AppContext, path: str) -> None:
        if path == STORAGE:  # a StorageRoot: onItemSelect returns
            return
        # enterSelectorMode -> onSelectorModeEnter -> the posted Runnable
        raise vector_crash("us.koller.cameraroll.ui.FileExplorerActivity$10.run(SourceFile:733)")

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu"):
            return True
        if ctx.activity != EXPLORER or ctx.ui["dir"] == ROOTS:
            return False
        path = ctx.ui["dir"]
        ctx.ui["dir"] = ROOTS if path == STORAGE else path.rsplit("/", 1)[0]
        return True

    def _explorer(self, ctx: AppContext) -> Screen:
        path = ctx.ui["dir"]
        rows = []
        for child in self._children(path):
            label = "Storage" if child == STORAGE else child.rsplit("/", 1)[-1]
            icon = w.image_view("folder_indicator", handler=w.bind(self._select, child), width=147)
            row = w.linear_layout(
                [icon, w.text_view(label, "text", height=147)],
                horizontal=True,
                height=147,
                on_click=w.bind(self._open, child),
                on_long_click=w.bind(self._select, child),
            )
            rows.append(row)
        actions = [] if path == ROOTS else [w.overflow_button(self._open_menu)]
        menu = ["Exclude", "Scan", "Add path to Virtual Album"]
        return self._swipe_back(ctx, path, actions, rows, menu)

    # -- the screens' shared pieces --------------------------------------------------------------
    def _bar(self, title: str, actions: list[View], *, up: bool = True) -> View:
        """The support Toolbar: the up arrow (with ``up``), ``title`` and ``actions``."""
        return w.toolbar(
            title, navigation=w.up_button() if up else None, actions=actions, cls=TOOLBAR
        )

    def _menu(self, ctx: AppContext, titles: list[str]) -> list[Window]:
        """The open overflow menu of ``titles``, each only closing it (none when closed)."""
        if not ctx.ui.get("menu"):
            return []
        return [w.menu_window([(t, self._close_menu) for t in titles], self._close_menu)]

    def _swipe_back(
        self, ctx: AppContext, title: str, actions: list[View], rows: list[View], menu: list[str]
    ) -> Screen:
        """A child screen in its SwipeBackView: the toolbar (see :meth:`_bar`) over the
        ``recyclerView`` of ``rows``, and the overflow menu of ``menu`` titles."""
        listing = w.list_view(rows, rid="recyclerView", cls=RECYCLER)
        content = View(
            cls="android.view.ViewGroup",
            resource_id="swipeBackView",
            children=[w.frame_layout([self._bar(title, actions), listing], rid="root_view")],
        )
        return Screen(content=content, windows=self._menu(ctx, menu))

    # -- albums --------------------------------------------------------------------------------
    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    def _launch(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(activity)

    def _open_album(self, ctx: AppContext, name: str) -> None:
        ctx.start_activity(ALBUM, {"name": name})

    def _main(self, ctx: AppContext) -> Screen:
        cards = [
            w.frame_layout(
                [
                    w.image_view("image", height=380),
                    w.linear_layout(
                        [
                            w.text_view(name, "name", height=70),
                            w.text_view(f"{len(items)} Items", "count", height=70),
                        ],
                        rid="card",
                        height=145,
                    ),
                ],
                height=525,
                on_click=w.bind(self._open_album, name),
            )
            for name, items in ALBUMS.items()
        ]
        bar = self._bar("Camera Roll", [w.overflow_button(self._open_menu)], up=False)
        grid = w.list_view(cards, rid="recyclerView", cls=RECYCLER)
        content = w.frame_layout(
            [
                w.frame_layout([bar, grid], rid="root_view"),
                w.fab("fab", "", _stub),
            ],
            layout=FRAME,
        )
        windows = []
        if ctx.ui.get("menu"):
            items = [
                ("Refresh", self._close_menu),
                ("Sort by…", self._close_menu),
                ("Hidden Folders", self._close_menu),
                ("File Explorer", w.bind(self._launch, EXPLORER)),
                ("Settings", w.bind(self._launch, SETTINGS)),
                ("About", w.bind(self._launch, ABOUT)),
            ]
            windows.append(w.menu_window(items, self._close_menu))
        return Screen(content=content, windows=windows)

    # -- an album and a picture ------------------------------------------------------------------
    def _open_item(self, ctx: AppContext, album: str, index: int) -> None:
        ctx.start_activity(ITEM, {"album": album, "index": index})

    def _select_item(self, ctx: AppContext) -> None:
        # AlbumAdapter's long click -> AlbumActivity.onSelectorModeEnter's posted Runnable
        raise vector_crash("us.koller.cameraroll.ui.AlbumActivity$13.run(SourceFile:813)")

    def _album(self, ctx: AppContext) -> Screen:
        album = ctx.extras["name"]
        cells = [
            w.relative_layout(
                [w.image_view("image", height=CELL)],
                width=CELL,
                height=CELL,
                on_click=w.bind(self._open_item, album, i),
                on_long_click=self._select_item,
            )
            for i in range(len(ALBUMS[album]))
        ]
        rows = [
            w.linear_layout(cells[i : i + 4], horizontal=True, height=CELL)
            for i in range(0, len(cells), 4)
        ]
        actions = [w.overflow_button(self._open_menu)]
        menu = ["Sort by…", "Exclude", "Pin Album", "Rename"]
        return self._swipe_back(ctx, album, actions, rows, menu)

    def _ask_delete(self, ctx: AppContext) -> None:
        ctx.ui["confirm"] = True

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["confirm"] = False

    def _delete(self, ctx: AppContext) -> None:
        # startService(Delete): FileOperation.onHandleIntent posts its progress notification
        # with setSmallIcon(R.drawable.ic_delete_white), a vector KitKat's status bar cannot
        # draw, so the system crashes the posting app.
        ctx.ui["confirm"] = False
        raise JavaException(
            BAD_NOTIFICATION,
            "Bad notification posted from package us.koller.cameraroll: Couldn't create icon: "
            "StatusBarIcon(pkg=us.koller.cameraroll user=0 id=0x7f02006c level=0 visible=true "
            "num=0 )",
            [
                "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1367)",
                "android.os.Handler.dispatchMessage(Handler.java:102)",
                *KITKAT_CALLBACK[2:],
            ],
        )

    def _item(self, ctx: AppContext) -> Screen:
        name = ALBUMS[ctx.extras["album"]][ctx.extras["index"]]
        bar = self._bar(name, [w.overflow_button(self._open_menu)])
        buttons = [
            ("info_button", "Info", _stub),
            ("share_button", "Share", _stub),
            ("edit_button", "Edit", _stub),
            ("delete_button", "Delete", self._ask_delete),
        ]
        bottom = w.linear_layout(
            [
                w.relative_layout([w.image_view(rid, desc, handler, height=147)], height=147)
                for rid, desc, handler in buttons
            ],
            rid="bottom_bar",
            horizontal=True,
            height=147,
        )
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="view_pager",
            children=[w.image_view("subsampling")],
        )
        windows = self._menu(ctx, ["Set as…", "Open with…", "Print", "Copy", "Move", "Rename"])
        if ctx.ui.get("confirm"):
            windows.append(
                w.alert_dialog(
                    w.text_view("Delete Photo?", "alertTitle", height=140),
                    [],
                    w.dialog_buttons(("Delete", self._delete), ("No", self._close_dialog)),
                    self._close_dialog,
                )
            )
        content = w.frame_layout([bar, pager, bottom], rid="root_view")
        return Screen(content=content, windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == EXPLORER:
            return self._explorer(ctx)
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == ALBUM:
            return self._album(ctx)
        if ctx.activity == ITEM:
            return self._item(ctx)
        title = {SETTINGS: "Settings", ABOUT: "About"}
        bar = self._bar(title.get(ctx.activity, ""), [])
        return Screen(content=w.frame_layout([bar, View(cls="android.view.View")]))


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Camera-Roll-Android-App#172": [
        # the storage root itself is held (roots cannot be selected)
        [OVERFLOW, EXPLORER_ITEM, long_click(PKG, "text", "Storage")],
        # the folder is tapped, not held
        [OVERFLOW, EXPLORER_ITEM, OPEN_STORAGE, click(PKG, "text", DCIM)],
        # an album on the main screen is held instead
        [long_click(PKG, "name", "Camera")],
        # the explorer's overflow menu is opened inside the storage instead
        [OVERFLOW, EXPLORER_ITEM, OPEN_STORAGE, OVERFLOW, click(PKG, "title", "Scan")],
    ],
    "Camera-Roll-Android-App#175": [
        # the deletion is refused
        [OPEN_CAMERA, FIRST_PHOTO, DELETE_BUTTON, click(PKG, "android:id/button2", "No")],
        # the picture's info is opened instead of the delete button
        [OPEN_CAMERA, FIRST_PHOTO, click(PKG, "info_button", desc="Info")],
        # the picture's overflow menu is opened and closed with Back
        [OPEN_CAMERA, FIRST_PHOTO, OVERFLOW, {"kind": "press_back"}],
    ],
}
