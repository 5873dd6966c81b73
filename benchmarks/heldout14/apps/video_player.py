"""Video Player (``com.harshRajpurohit.videoPlayer``) 1.0.6, for VideoPlayer#5.

App: HarshAndroid/VideoPlayer, a local video player (ExoPlayer) with an "All Videos" and an
"All Folders" tab. Version 1.0.6 (``app/build.gradle``: versionCode 6, versionName "1.0.6"),
modelled from the sources at commit ``4061d9c61d2a4cf0a1d74991e8970c4fa68cf2c2`` (2024-04-12,
"Major Updates on Ui and Gradle and support for Api 34", the head when the report was filed on
2024-04-21): ``AndroidManifest.xml``, ``MainActivity.kt``, ``VideosFragment.kt``,
``FoldersFragment.kt``, ``FoldersAdapter.kt``, ``FoldersActivity.kt``, ``VideoAdapter.kt``,
``Video.kt``, ``AboutActivity.kt``, ``UrlActivity.kt``, ``PlayerActivity.kt`` (its start only),
the layouts ``activity_main``, ``fragment_videos``, ``fragment_folders``, ``folders_view``,
``video_view``, ``activity_folders``, ``nav_header``, ``theme_view``, ``video_more_features``,
``custom_control_view``, ``activity_player``, ``activity_about``, ``activity_url``, the menus
``bottom_nav``, ``nav_menu``, ``search_view``, ``values/strings.xml`` and ``values/themes.xml``.
The fix is commit ``2a5d29cf0f7a763cf8952106e893261b29185427`` (2024-04-28, "v2.0.0 - Android 14
Support & Bug Fixes"), which moves ``setTheme`` above the inflation in ``FoldersActivity``.

First run (device API 30): ``MainActivity.onCreate`` asks for ``READ_EXTERNAL_STORAGE`` (request
code 14) and shows no list until it is answered; Allow toasts "Permission Granted", reads the
MediaStore and shows ``VideosFragment``; Don't allow shows the Snackbar "Storage Permission
Needed!!" whose "OK" asks again. ``MainActivity`` applies the saved theme (``coolPinkNav`` by
default) with ``setTheme`` before it inflates its layout.

The bug (VideoPlayer#5, crash): ``FoldersActivity.onCreate`` inflates ``activity_folders`` (line
25) *before* calling ``setTheme`` (line 26), so the layout is inflated with the manifest's
application theme ``Theme.VideoPlayer`` (Material3 DayNight), which does not define the app's
attribute ``themeColor``. The layout's ``MaterialToolbar`` (line 10) sets
``android:background="?attr/themeColor"``; the unresolved attribute makes ``View``'s constructor
throw ``UnsupportedOperationException: Failed to resolve attribute ...``, which
``LayoutInflater`` wraps in ``InflateException: ... Error inflating class
com.google.android.material.appbar.MaterialToolbar``, and the launch fails with ``RuntimeException:
Unable to start activity ...FoldersActivity``. Every tap on a folder row of "All Folders" starts
``FoldersActivity``, so every folder crashes the app. (``AboutActivity``, ``UrlActivity`` call
``setTheme`` first and work; ``PlayerActivity``'s layouts use no ``themeColor``.)

Stubbed: ``PlayerActivity`` (its controls are drawn, only Back Button and play/pause do
anything; no playback), ``UrlActivity`` (its field and button; the device is modelled offline,
so Play Video shows the app's no-internet Snackbar), the drawer's "Youtube" (the same Snackbar
as the app shows offline instead of opening Chrome), "Exit" (``exitProcess``: modelled as
finishing the activity), the manifest's portrait lock of the main, folders, about and URL
activities (the virtual device re-creates them on rotation; ``ctx.ui`` keeps the shown tab as the
saved fragment would), the long-press dialog's Rename/Delete/Share (they start the system's
MediaStore write/delete requests or a share chooser: modelled as closing the dialog).

Uncertain: the framework frames of the crash are Android 11 (API 30) emulator lines where known
from real traces (``ActivityThread``, ``Activity.performCreate``, ``LayoutInflater.inflate``,
``rInflate``, ``createViewFromTag``); ``LayoutInflater.createView``'s, ``View.<init>``'s,
``Toolbar``'s and ``MaterialToolbar``'s lines, the generated ``ActivityFoldersBinding`` lines, the
styleable index (13) and the ``TypedValue`` data (the app's ``R.attr.themeColor`` id) in the
innermost message are estimates. The SearchView's hint "Search…" is AppCompat's default.

Fixed world data: the device's MediaStore holds five videos in three folders (Camera, Download,
Movies) with the sizes, durations and dates below (no network content).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.system_log import LAUNCH_FRAMES
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.harshRajpurohit.videoPlayer"
MAIN = ".MainActivity"
FOLDERS = ".FoldersActivity"
PLAYER = ".PlayerActivity"
ABOUT = ".AboutActivity"
URL = ".UrlActivity"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"

APP_NAME = "Video Player"
ALL_VIDEOS = "All Videos"
ALL_FOLDERS = "All Folders"
NO_INTERNET = "Internet Not Connected"
SORT_CHOICES = (
    "Latest",
    "Oldest",
    "Name(A to Z)",
    "Name(Z to A)",
    "File Size(Smallest)",
    "File Size(Largest)",
)
THEMES = ("themePink", "themeBlue", "themePurple", "themeGreen", "themeRed", "themeBlack")
CARD = "androidx.cardview.widget.CardView"  # MaterialCardView's accessibility class name

# The device's MediaStore (fixed data): id, title, bucket, bucket id, path, duration ms, size,
# date added (seconds).
VIDEOS: tuple[tuple[str, str, str, str, str, int, int, int], ...] = (
    (
        "31",
        "VID_20240312_181530",
        "Camera",
        "-1739773001",
        "/storage/emulated/0/DCIM/Camera/VID_20240312_181530.mp4",
        45_000,
        48_211_332,
        1710263730,
    ),
    (
        "32",
        "VID_20240405_093012",
        "Camera",
        "-1739773001",
        "/storage/emulated/0/DCIM/Camera/VID_20240405_093012.mp4",
        132_000,
        141_090_112,
        1712309412,
    ),
    (
        "33",
        "big_buck_bunny",
        "Download",
        "540528482",
        "/storage/emulated/0/Download/big_buck_bunny.mp4",
        596_000,
        158_008_374,
        1711019000,
    ),
    (
        "34",
        "lecture_week3",
        "Download",
        "540528482",
        "/storage/emulated/0/Download/lecture_week3.mp4",
        3_125_000,
        402_556_901,
        1712900000,
    ),
    (
        "35",
        "holiday_trailer",
        "Movies",
        "-1921233466",
        "/storage/emulated/0/Movies/holiday_trailer.mp4",
        151_000,
        22_450_000,
        1709000000,
    ),
)

# -- the crash (see the module docstring) ----------------------------------------------------
ACTIVITY_FOLDERS = f"{PACKAGE}:layout/activity_folders"
TOOLBAR_CLASS = "com.google.android.material.appbar.MaterialToolbar"
# ``LaunchActivityItem.execute`` and the frames below it (API 30).
LAUNCH_TAIL_30 = tuple(LAUNCH_FRAMES[5:])
ON_CREATE_FRAMES = (
    "android.view.LayoutInflater.inflate(LayoutInflater.java:680)",
    "android.view.LayoutInflater.inflate(LayoutInflater.java:532)",
    f"{PACKAGE}.databinding.ActivityFoldersBinding.inflate(ActivityFoldersBinding.java:56)",
    f"{PACKAGE}.databinding.ActivityFoldersBinding.inflate(ActivityFoldersBinding.java:50)",
    f"{PACKAGE}.FoldersActivity.onCreate(FoldersActivity.kt:25)",
    "android.app.Activity.performCreate(Activity.java:8000)",
    "android.app.Activity.performCreate(Activity.java:7984)",
    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1309)",
    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3422)",
    "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:3601)",
    *LAUNCH_TAIL_30,
)
CREATE_VIEW_FRAMES = (
    "android.view.LayoutInflater.createViewFromTag(LayoutInflater.java:1004)",
    "android.view.LayoutInflater.createViewFromTag(LayoutInflater.java:959)",
    "android.view.LayoutInflater.rInflate(LayoutInflater.java:1121)",
    "android.view.LayoutInflater.rInflateChildren(LayoutInflater.java:1082)",
    *ON_CREATE_FRAMES,
)


def _folders_inflate_failure() -> JavaException:
    """``FoldersActivity.onCreate`` inflating ``activity_folders`` under the app theme."""
    unresolved = JavaException(
        "java.lang.UnsupportedOperationException",
        "Failed to resolve attribute at index 13: TypedValue{t=0x2/d=0x7f0404b6 a=-1}",
        frames=[
            "android.content.res.TypedArray.getDrawableForDensity(TypedArray.java:1010)",
            "android.content.res.TypedArray.getDrawable(TypedArray.java:985)",
            "android.view.View.<init>(View.java:5434)",
            "android.view.ViewGroup.<init>(ViewGroup.java:698)",
            "androidx.appcompat.widget.Toolbar.<init>(Toolbar.java:247)",
            f"{TOOLBAR_CLASS}.<init>(MaterialToolbar.java:108)",
            f"{TOOLBAR_CLASS}.<init>(MaterialToolbar.java:104)",
            "java.lang.reflect.Constructor.newInstance0(Native Method)",
            "java.lang.reflect.Constructor.newInstance(Constructor.java:343)",
            "android.view.LayoutInflater.createView(LayoutInflater.java:852)",
            *CREATE_VIEW_FRAMES,
        ],
    )
    invocation = JavaException(
        "java.lang.reflect.InvocationTargetException",
        frames=[
            "java.lang.reflect.Constructor.newInstance0(Native Method)",
            "java.lang.reflect.Constructor.newInstance(Constructor.java:343)",
            "android.view.LayoutInflater.createView(LayoutInflater.java:852)",
            *CREATE_VIEW_FRAMES,
        ],
        cause=unresolved,
    )
    where = f"Binary XML file line #10 in {ACTIVITY_FOLDERS}"
    inner = JavaException(
        "android.view.InflateException",
        f"{where}: Error inflating class {TOOLBAR_CLASS}",
        frames=["android.view.LayoutInflater.createView(LayoutInflater.java:858)"]
        + list(CREATE_VIEW_FRAMES),
        cause=invocation,
    )
    outer = JavaException(
        "android.view.InflateException",
        f"{where}: {inner.message}",
        frames=list(ON_CREATE_FRAMES),
        cause=inner,
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}.FoldersActivity}}: "
        f"android.view.InflateException: {outer.message}",
        frames=[
            "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3449)",
            "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:3601)",
            *LAUNCH_TAIL_30,
        ],
        cause=outer,
    )


def _folder_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of VideoPlayer#5: the launch of FoldersActivity crashed on its toolbar."""
    return crashed(
        system,
        PACKAGE,
        "java.lang.RuntimeException",
        "FoldersActivity",
        f"Error inflating class {TOOLBAR_CLASS}",
    )


BUG_5 = BugSpec(
    bug_id="VideoPlayer#5",
    kind="crash",
    title="App crashed",
    oracle=_folder_crashed,
    human_steps=(
        allow_permission(PACKAGE),
        click(PACKAGE, "foldersView", desc=ALL_FOLDERS),
        click(PACKAGE, "folderNameFV", "Camera"),
    ),
)

WRONG_SEQUENCES = {
    "VideoPlayer#5": [
        # The folders tab only, no folder opened.
        [allow_permission(PACKAGE), click(PACKAGE, "foldersView", desc=ALL_FOLDERS)],
        # A video of the All Videos tab opened instead of a folder.
        [allow_permission(PACKAGE), click(PACKAGE, "videoName", "big_buck_bunny")],
        # Permission refused: the folders tab is empty.
        [
            click("", "com.android.permissioncontroller:id/permission_deny_button"),
            click(PACKAGE, "foldersView", desc=ALL_FOLDERS),
        ],
        # Another activity with the same toolbar (it sets its theme first).
        [
            allow_permission(PACKAGE),
            click(PACKAGE, desc="Open", cls="android.widget.ImageButton"),
            click(PACKAGE, "aboutNav"),
        ],
    ]
}


def _duration(ms: int) -> str:
    """``DateUtils.formatElapsedTime(ms / 1000)``."""
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def _short_size(size: int) -> str:
    """``Formatter.formatShortFileSize`` (SI units since Android 8)."""
    if size >= 1_000_000_000:
        return f"{size / 1_000_000_000:.1f} GB"
    if size >= 1_000_000:
        return f"{round(size / 1_000_000)} MB"
    return f"{round(size / 1000)} kB"


class VideoPlayer106(VirtualApp):
    """Video Player 1.0.6 (see the module docstring)."""

    name: ClassVar[str] = "VideoPlayer"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.0.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_5,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "media": [
                {
                    "id": v[0],
                    "title": v[1],
                    "folder": v[2],
                    "bucket": v[3],
                    "path": v[4],
                    "duration": v[5],
                    "size": v[6],
                    "added": v[7],
                }
                for v in VIDEOS
            ],
            "theme_index": 0,  # SharedPreferences "Themes"
            "sort_value": 0,  # SharedPreferences "Sorting"
        }

    # -- MediaStore queries ------------------------------------------------------------------
    def _sorted_media(self, ctx: AppContext) -> list[dict[str, Any]]:
        media = list(ctx.data["media"])
        key = {
            0: (lambda v: v["added"], True),
            1: (lambda v: v["added"], False),
            2: (lambda v: v["title"].lower(), False),
            3: (lambda v: v["title"].lower(), True),
            4: (lambda v: v["size"], False),
            5: (lambda v: v["size"], True),
        }[ctx.data["sort_value"]]
        return sorted(media, key=key[0], reverse=key[1])

    def _get_all_videos(self, ctx: AppContext) -> None:
        """``getAllVideos``: MainActivity.videoList and MainActivity.folderList (statics)."""
        media = self._sorted_media(ctx)
        folders: list[list[str]] = []
        for video in media:
            if video["folder"] not in [f[1] for f in folders]:
                folders.append([video["bucket"], video["folder"]])
        ctx.memory["video_list"] = [v["id"] for v in media]
        ctx.memory["folder_list"] = folders

    def _video(self, ctx: AppContext, vid: str) -> dict[str, Any]:
        return next(v for v in ctx.data["media"] if v["id"] == vid)

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("tab", ALL_VIDEOS)
            if STORAGE in ctx.permissions:
                self._get_all_videos(ctx)
                ctx.ui.setdefault("fragment", ALL_VIDEOS)
            else:
                ctx.memory["video_list"] = []
                ctx.memory["folder_list"] = []
                ctx.ui.setdefault("fragment", None)
                ctx.request_permission(STORAGE)
        elif ctx.activity == FOLDERS:
            raise _folders_inflate_failure()
        elif ctx.activity == PLAYER:
            ctx.memory["now_playing"] = ctx.extras.get("id", "")
            ctx.ui.setdefault("playing", True)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != MAIN or permission != STORAGE:
            return
        if granted:
            ctx.toast("Permission Granted")
            self._get_all_videos(ctx)
            ctx.ui["fragment"] = ALL_VIDEOS
            ctx.ui["snackbar"] = ""
        else:
            ctx.ui["snackbar"] = "Storage Permission Needed!!"

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        if ctx.ui.get("searching"):
            self._collapse_search(ctx)
            return True
        return w.dismiss(ctx.ui, "drawer")

    # -- MainActivity handlers ---------------------------------------------------------------
    def _select_tab(self, ctx: AppContext, title: str) -> None:
        ctx.ui["tab"] = title
        ctx.ui["fragment"] = title  # setFragment(new fragment)
        ctx.ui["searching"] = False
        ctx.ui["query"] = ""

    def _open_folder(self, ctx: AppContext, position: int) -> None:
        ctx.start_activity(FOLDERS, {"position": position})

    def _play(self, ctx: AppContext, vid: str) -> None:
        ctx.start_activity(PLAYER, {"id": vid})

    def _collapse_search(self, ctx: AppContext) -> None:
        ctx.ui["searching"] = False
        ctx.ui["query"] = ""  # onQueryTextChange("") on collapse: the whole list again

    def _search_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text
        ctx.memory["search"] = True

    def _ask_again(self, ctx: AppContext) -> None:
        ctx.ui["snackbar"] = ""
        ctx.request_permission(STORAGE)

    def _drawer_item(self, ctx: AppContext, item: str) -> None:
        # The listener never closes the drawer: it stays open under dialogs.
        if item == "navYoutube":
            ctx.ui["snackbar"] = NO_INTERNET
        elif item == "navUrl":
            ctx.start_activity(URL)
        elif item == "themesNav":
            ctx.ui["dialog"] = "themes"
        elif item == "sortOrderNav":
            ctx.ui["dialog"] = "sort"
            ctx.ui["sort_choice"] = ctx.data["sort_value"]
        elif item == "aboutNav":
            ctx.start_activity(ABOUT)
        elif item == "exitNav":
            ctx.finish()

    def _restart_main(self, ctx: AppContext) -> None:
        """``finish(); startActivity(intent)``: a new MainActivity replaces this one."""
        ctx.start_activity(MAIN)
        ctx.finish()

    def _save_theme(self, ctx: AppContext, index: int) -> None:
        ctx.data["theme_index"] = index
        self._restart_main(ctx)

    def _save_sort(self, ctx: AppContext) -> None:
        ctx.data["sort_value"] = ctx.ui.get("sort_choice", 0)
        self._restart_main(ctx)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == PLAYER:
            return self._render_player(ctx)
        if ctx.activity == ABOUT:
            text = (
                "Developed By: Harsh H. Rajpurohit \n\n"
                "If you want to provide feedback, I will love to hear that."
            )
            bar = w.toolbar("About", navigation=w.nav_button("", w.finish))
            return Screen(content=w.linear_layout([bar, w.text_view(text, "aboutText")]))
        if ctx.activity == URL:
            return self._render_url(ctx)
        # FoldersActivity never gets past its onCreate in this build.
        return Screen(content=w.frame_layout())

    def _video_rows(self, ctx: AppContext, ids: list[str], *, folder: bool = False) -> list[View]:
        rows = []
        for vid in ids:
            video = self._video(ctx, vid)
            rows.append(
                View(
                    cls=CARD,
                    layout=HORIZONTAL,
                    height=230,
                    on_click=w.bind(self._play, vid),
                    on_long_click=w.bind(lambda c, v: c.ui.update(more=v), vid),
                    children=[
                        w.image_view("videoImg", "Image", width=210),
                        w.linear_layout(
                            [
                                w.text_view(video["title"], "videoName"),
                                w.text_view(video["folder"], "folderName"),
                            ]
                        ),
                        w.text_view(_duration(video["duration"]), "duration", width=170),
                    ],
                )
            )
        return rows

    def _videos_fragment(self, ctx: AppContext) -> View:
        ids = list(ctx.memory.get("video_list", []))
        total = len(ids)
        query = ctx.ui.get("query", "")
        if ctx.memory.get("search") and ctx.ui.get("searching"):
            ids = [i for i in ids if query.lower() in self._video(ctx, i)["title"].lower()]
        listing = w.list_view(
            self._video_rows(ctx, ids),
            rid="VideoRV",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="videos_scroll",
        )
        children = [w.text_view(f"Total Videos: {total}", "totalVideos", height=80), listing]
        frame: list[View] = [w.linear_layout(children)]
        if ctx.memory.get("now_playing"):
            frame.append(
                w.fab(
                    "nowPlayingBtn",
                    "",
                    w.bind(self._play, ctx.memory["now_playing"]),
                    cls="android.widget.Button",
                )
            )
        return View(
            cls="androidx.swiperefreshlayout.widget.SwipeRefreshLayout",
            layout=FRAME,
            children=frame,
        )

    def _folders_fragment(self, ctx: AppContext) -> View:
        folders = ctx.memory.get("folder_list", [])
        rows = [
            View(
                cls=CARD,
                layout=HORIZONTAL,
                height=190,
                on_click=w.bind(self._open_folder, i),
                children=[
                    w.image_view("", "Image", width=184),
                    w.text_view(folder[1], "folderNameFV"),
                ],
            )
            for i, folder in enumerate(folders)
        ]
        listing = w.list_view(
            rows,
            rid="FoldersRV",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="folders_scroll",
        )
        total = w.text_view(f"Total Folders: {len(folders)}", "totalFolders", height=80)
        return w.linear_layout([total, listing])

    def _toolbar(self, ctx: AppContext) -> View:
        if ctx.ui.get("searching"):
            query = ctx.ui.get("query", "")
            parts = [
                w.edit_text("search_src_text", query, self._search_text, hint="Search…"),
            ]
            if query:
                parts.append(
                    w.image_view(
                        "search_close_btn",
                        "Clear query",
                        lambda c: self._search_text(c, ""),
                        width=147,
                    )
                )
            search = w.linear_layout(parts, rid="search_bar", horizontal=True)
            collapse = w.nav_button("Collapse", self._collapse_search)
            return w.toolbar(search, navigation=collapse)
        drawer_open = bool(ctx.ui.get("drawer"))
        toggle = w.nav_button(
            "Close" if drawer_open else "Open",
            lambda c: c.ui.update(drawer=not c.ui.get("drawer")),
        )
        actions = []
        if ctx.ui.get("fragment") == ALL_VIDEOS:  # VideosFragment's options menu
            actions.append(
                w.action_item("searchView", "Search", lambda c: c.ui.update(searching=True))
            )
        return w.toolbar(APP_NAME, navigation=toggle, actions=actions)

    def _render_main(self, ctx: AppContext) -> Screen:
        fragment = ctx.ui.get("fragment")
        if fragment == ALL_VIDEOS:
            body = self._videos_fragment(ctx)
        elif fragment == ALL_FOLDERS:
            body = self._folders_fragment(ctx)
        else:
            body = w.frame_layout()
        frame_fl = w.frame_layout([body], rid="fragmentFL")
        nav = w.bottom_navigation(
            [("videoView", ALL_VIDEOS), ("foldersView", ALL_FOLDERS)],
            ctx.ui.get("tab", ALL_VIDEOS),
            self._select_tab,
            rid="bottomNav",
        )
        appbar = w.linear_layout([self._toolbar(ctx)], rid="appbar", weight=0)
        column: list[View] = [appbar, frame_fl]
        snackbar = ctx.ui.get("snackbar", "")
        if snackbar:
            bar_children = [w.text_view(snackbar, "snackbar_text")]
            if snackbar != NO_INTERNET:
                bar_children.append(
                    w.button("snackbar_action", "OK", self._ask_again, width=220, style="text")
                )
            column.append(w.linear_layout(bar_children, horizontal=True, height=150, weight=0))
        column.append(nav)
        content = View(
            cls="androidx.drawerlayout.widget.DrawerLayout",
            resource_id="drawerLayoutMA",
            children=[
                View(cls="androidx.coordinatorlayout.widget.CoordinatorLayout", children=column)
            ],
        )
        windows: list[Window] = []
        if ctx.ui.get("drawer"):
            windows.append(self._drawer(ctx))
        windows.extend(self._main_dialogs(ctx))
        return Screen(content=content, windows=windows)

    def _drawer(self, ctx: AppContext) -> Window:
        header = w.linear_layout(
            [
                w.image_view("", APP_NAME, width=200),
                w.text_view("Welcome to World of Entertainment!!"),
            ],
            rid="gradientLayout",
            height=446,
            weight=0,
        )
        items = (
            ("navYoutube", "Youtube"),
            ("navUrl", "Play Online"),
            ("themesNav", "Themes"),
            ("sortOrderNav", "Sort Order"),
            ("aboutNav", "About"),
            ("exitNav", "Exit"),
        )
        rows = [
            w.navigation_item(rid, title, w.bind(self._drawer_item, rid)) for rid, title in items
        ]
        return w.navigation_sheet(
            [header, *rows],
            lambda c: c.ui.update(drawer=False),
            rid="navView",
            bounds=(0, 0, 800, 1920),
        )

    def _main_dialogs(self, ctx: AppContext) -> list[Window]:
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        dialog = ctx.ui.get("dialog")
        if dialog == "themes":
            row_a = w.linear_layout(
                [
                    w.image_view(rid, "", w.bind(self._save_theme, i))
                    for i, rid in enumerate(THEMES[:3])
                ],
                horizontal=True,
                height=260,
            )
            row_b = w.linear_layout(
                [
                    w.image_view(rid, "", w.bind(self._save_theme, i + 3))
                    for i, rid in enumerate(THEMES[3:])
                ],
                horizontal=True,
                height=260,
            )
            return [w.alert_dialog(w.dialog_title("Select Theme"), [row_a, row_b], [], close)]
        if dialog == "sort":
            listing = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                weight=0,
                children=w.checked_rows(
                    SORT_CHOICES,
                    ctx.ui.get("sort_choice", 0),
                    lambda c, i: c.ui.update(sort_choice=i),
                ),
            )
            buttons = w.dialog_buttons(("OK", self._save_sort))
            return [w.alert_dialog(w.dialog_title("Sort By"), [listing], buttons, close)]
        more = ctx.ui.get("more")
        if more:
            dismiss = lambda c: c.ui.update(more=None)  # noqa: E731
            buttons_mf = [
                w.button("renameBtn", "Rename ", dismiss),
                w.button("deleteBtn", "Delete", dismiss),
                w.button("shareBtn", "Share", dismiss),
                w.button("infoBtn", "Info", lambda c: c.ui.update(more=None, info=more)),
            ]
            body = w.linear_layout(buttons_mf, weight=0)
            return [
                Window(
                    root=w.frame_layout([body], weight=0),
                    on_dismiss=dismiss,
                )
            ]
        info = ctx.ui.get("info")
        if info:
            video = self._video(ctx, info)
            text = (
                f"DETAILS\n\nName: {video['title']}\n\nDuration: {_duration(video['duration'])}"
                f"\n\nFile Size: {_short_size(video['size'])}\n\nLocation: {video['path']}"
            )
            buttons = w.dialog_buttons(("Ok", lambda c: c.ui.update(info=None)))
            window = w.alert_dialog(
                View(cls="android.view.View", height=0),
                [w.text_view(text, "detailTV", height=700)],
                buttons,
                None,
            )
            window.cancelable = False
            return [window]
        return []

    def _render_player(self, ctx: AppContext) -> Screen:
        vid = ctx.extras.get("id", "")
        title = self._video(ctx, vid)["title"] if vid else ""
        playing = bool(ctx.ui.get("playing"))
        top = w.linear_layout(
            [
                w.image_button("backBtn", "Back Button", w.finish, width=147),
                w.text_view(title, "videoTitle"),
                w.image_button("moreFeaturesBtn", "Back Button", None, width=147),
            ],
            rid="topController",
            horizontal=True,
            height=147,
            weight=0,
        )
        play = w.image_button(
            "playPauseBtn",
            "Play Button",
            lambda c: c.ui.update(playing=not c.ui.get("playing")),
            height=200,
        )
        bottom = w.linear_layout(
            [
                w.image_button("orientationBtn", "Orientation", None),
                w.image_button("repeatBtn", "Repeat Button", None),
                w.image_button("prevBtn", "Previous Button", None),
                w.image_button("nextBtn", "Next Button", None),
                w.image_button("fullScreenBtn", "Fullscreen Button", None),
            ],
            rid="bottomController",
            horizontal=True,
            height=147,
            weight=0,
        )
        times = w.linear_layout(
            [
                w.text_view("00:00", "exo_position"),
                w.text_view(":"),
                w.text_view(
                    _duration(self._video(ctx, vid)["duration"]) if vid else "Loading..",
                    "exo_duration",
                ),
            ],
            horizontal=True,
            height=100,
            weight=0,
        )
        player = w.frame_layout(
            [w.linear_layout([top, View(cls="android.view.View"), play, times, bottom])],
            rid="playerView",
            extra={"playing": playing},
        )
        lock = w.image_button("lockButton", "Lock Button", None, width=147, height=147)
        return Screen(
            content=w.frame_layout(
                [player, View(cls="android.view.View", children=[lock], weight=0)],
                rid="frameLayout",
                layout=FRAME,
            )
        )

    def _render_url(self, ctx: AppContext) -> Screen:
        bar = w.toolbar("Play Url", navigation=w.nav_button("", w.finish))
        field = w.edit_text(
            "addedLink",
            ctx.ui.get("link", ""),
            lambda c, t: c.ui.update(link=t),
            hint="Paste Link",
        )
        play = w.button("playBtn", "Play Video", lambda c: c.ui.update(snackbar=True))
        column = [bar, field, w.linear_layout([play], height=160, weight=0), View()]
        if ctx.ui.get("snackbar"):
            column.append(
                w.text_view("\U0001f310 Internet Not Connected.", "snackbar_text", height=150)
            )
        return Screen(content=w.linear_layout(column))
