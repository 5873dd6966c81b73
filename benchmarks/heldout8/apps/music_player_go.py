"""Music Player GO (``com.iven.musicplayergo``, enricocid/Music-Player-GO) 4.4.21, for
Music-Player-GO#469.

A local music player with one activity, ``ui.MainActivity``: on first launch it asks for the
storage permission, then shows a ViewPager2 of five fragments (Artists, Albums, Songs, Folders,
Settings) chosen with icon-only tabs under the player controls panel (the playing song, its
artist, play/pause, queue and favorites buttons). Every list's toolbar carries a "Sleep timer"
action that opens ``RecyclerSheet``, a bottom sheet: with no timer set it lists the durations
("5min" ... "12.0h") with Cancel and OK; with a timer set it shows the remaining time with
Cancel and "Stop".

Sources read at tag ``v4.4.21`` (commit b5356a34, 2022-08-24, "Bump"), the version of the
report, and the fix, commit d323e830 ("Fixes #469", 2022-09-11). Files read:
``ui/MainActivity.kt`` (``onOpenSleepTimerDialog``, ``onSongSelected``, the tabs, the
permission), ``dialogs/RecyclerSheet.kt`` (``SLEEPTIMER_TYPE``, ``SLEEPTIMER_ELAPSED_TYPE``,
``SleepTimerAdapter``), ``player/MediaPlayerHolder.kt`` (``isSleepTimer``,
``pauseBySleepTimer``, ``cancelSleepTimer``), ``fragments/AllMusicFragment.kt``,
``MusicContainersFragment.kt``, ``DetailsFragment.kt``, ``utils/Permissions.kt``,
``utils/Theming.kt`` (tab icons), ``extensions/MusicExts.kt`` (durations), the layouts
``main_activity``, ``player_controls_panel``, ``fragment_all_music``,
``fragment_music_containers``, ``fragment_details``, ``modal_rv``, ``sleeptimer_item``,
``music_item``, ``generic_item``, the menus ``menu_search``, ``menu_music_search``,
``menu_artist_details``, ``menu_album_details``, ``menu_folder_details``, and
``values/strings.xml``, ``donottranslate.xml`` and ``arrays.xml``.

Bug Music-Player-GO#469 (non-crash): ``MediaPlayerHolder.isSleepTimer`` is
``mSleepTimer != null``, and ``cancelSleepTimer`` only calls ``mSleepTimer?.cancel()``, leaving
the field set. The sheet's "Stop" cancels the countdown, then calls
``onSleepTimerEnabled(false, "")``, whose ``else`` branch in ``MainActivity`` toasts
``error_bad_id`` ("Play a song first."), the message meant for OK pressed with nothing
playing. Opened again, the sheet still takes the elapsed form (``isSleepTimer`` is true) but
nothing updates its ``sleep_timer_elapsed`` text any more, so it shows neither a remaining time
nor the durations to choose from. The oracle fires when "Stop" cancels a running timer and
leaves it set (the state both symptoms come from). The fix sets ``mSleepTimer = null`` in
``cancelSleepTimer`` and drops the ``else`` toast.

Fixed data (the device's MediaStore): six songs by three artists on four albums in two
folders. Timers never run down (no time passes on the device): a running timer shows its full
length less one second, as ``CountDownTimer``'s first tick writes it. Stubbed: audio (play/pause
flips a flag), the queue and favorites buttons, the now playing sheet, search (the action does
nothing), sorting (its menu only closes), the details screen's album strip and header (only
its song list is shown), the Settings tab (a titled empty page), long-press song menus.
Uncertain: the tabs' class in dumps (Material's TabView; the model uses the toolkit's
LinearLayout tab with an unlabelled icon, as the tabs have no text or description), the player
panel's texts before anything has played (the layout's defaults: the app name and version).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.iven.musicplayergo"
MAIN = ".ui.MainActivity"
READ = "android.permission.READ_EXTERNAL_STORAGE"
APP_NAME = "Music Player GO"

TABS = ("Artists", "Albums", "Songs", "Folders", "Settings")
# (id, title, artist, album, folder, duration ms, track, date added)
SONGS = (
    (1, "Morning Ferry", "Lena Hart", "Coastline", "Music", 201000, 1, "02 Mar 2022"),
    (2, "Salt and Sun", "Lena Hart", "Coastline", "Music", 187000, 2, "02 Mar 2022"),
    (3, "Quiet Streets", "Lena Hart", "Night Walks", "Music", 242000, 1, "14 Apr 2022"),
    (4, "Paper Planes", "Jonas Vey", "Drafts", "Download", 176000, 1, "20 May 2022"),
    (5, "Static Bloom", "Jonas Vey", "Drafts", "Download", 233000, 2, "20 May 2022"),
    (6, "Harbor Bells", "Ines Moraes", "Tides", "Music", 268000, 1, "01 Jun 2022"),
)
SLEEP_OPTIONS = ("5min", "15min", "30min", "45min") + tuple(f"{h / 2:.1f}h" for h in range(2, 25))
SLEEP_VALUES = (5, 15, 30, 45) + tuple(h * 30 for h in range(2, 25))
PLAY_FIRST = "Play a song first."


def stale_timer_after_stop(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Music-Player-GO#469: "Stop" cancelled a running sleep timer but left it
    set (the "Play a song first." toast, and the sheet reopening with no time)."""
    return bool(data.get("stale_after_stop"))


def _duration(millis: int, seek_bar: bool = False) -> str:
    """``Long.toFormattedDuration(isAlbum = false, isSeekBar)``."""
    total = millis // 1000
    minutes, seconds = divmod(total, 60)
    if minutes < 60 or not seek_bar:
        return f"{minutes:02d}:{seconds:02d}"
    return f"{minutes // 60:02d}:{minutes % 60:02d}:{seconds:02d}"


# -- steps -------------------------------------------------------------------------------------
ALLOW = allow_permission(PACKAGE)
TIMER = click(PACKAGE, "sleeptimer", desc="Sleep timer")
OK = click(PACKAGE, "btnPositive", "OK")
STOP = click(PACKAGE, "btnPositive", "Stop")
CANCEL = click(PACKAGE, "btnNegative", "Cancel")
SONGS_TAB = click(PACKAGE, cls="android.widget.LinearLayout", bounds=[432, 1668, 648, 1794])
SONG = click(PACKAGE, "title", "Salt and Sun")
PAUSE = click(PACKAGE, "play_pause_button", desc="Play/pause")

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Music-Player-GO#469": [
        # OK with nothing playing: "Play a song first." is the right answer there.
        [ALLOW, TIMER, OK, TIMER, OK],
        # The running timer's sheet reopened and cancelled instead of stopped.
        [ALLOW, SONGS_TAB, SONG, TIMER, OK, TIMER, CANCEL, TIMER],
        # The duration sheet cancelled: no timer is ever set.
        [ALLOW, SONGS_TAB, SONG, TIMER, CANCEL, TIMER, CANCEL],
        # The song paused before OK: no timer is set, so there is nothing to stop.
        [ALLOW, SONGS_TAB, SONG, PAUSE, TIMER, OK, TIMER, OK],
    ],
}


class MusicPlayerGo(VirtualApp):
    """Music Player GO 4.4.21: the tabs, a details screen, the player panel, the timer sheet."""

    name: ClassVar[str] = "Music-Player-GO"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "4.4.21"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Music-Player-GO#469",
            "non-crash",
            "[Bug]: sleep timer buggy",
            stale_timer_after_stop,
            human_steps=(ALLOW, TIMER, OK, SONGS_TAB, SONG, TIMER, OK, TIMER, STOP),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"song": None, "playing": False, "stale_after_stop": False}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("tab", 0)
        ui.setdefault("details", None)  # [view, key] of DetailsFragment
        ui.setdefault("sheet", None)  # RecyclerSheet type: "choose" | "elapsed"
        ui.setdefault("option", 0)
        ui.setdefault("menu", None)
        ui.setdefault("denied", False)
        if READ not in ctx.permissions:
            ctx.request_permission(READ)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        ctx.ui["denied"] = not granted  # notifyError(TAG_NO_PERMISSION)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if w.dismiss(ui, "menu", None) or w.dismiss(ui, "sheet", None):
            return True
        return w.dismiss(ui, "details", None)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if self._ready(ctx) and ctx.ui["details"] is None:
            return w.pager_swipe(ctx.ui, "tab", len(TABS), direction)
        return False

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {k: ctx.ui[k] for k in ("tab", "details")}

    def _ready(self, ctx: AppContext) -> bool:
        """The service is bound (``isMediaPlayerHolder``) once the permission is granted."""
        return READ in ctx.permissions

    # -- handlers ----------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui.update(tab=index, details=None)

    def _play(self, ctx: AppContext, song_id: int) -> None:
        """``onSongSelected``: the song starts playing."""
        ctx.data.update(song=song_id, playing=True)

    def _play_pause(self, ctx: AppContext) -> None:
        if ctx.data["song"] is not None:
            ctx.data["playing"] = not ctx.data["playing"]

    def _open_timer(self, ctx: AppContext) -> None:
        """``onOpenSleepTimerDialog``: the elapsed form while ``isSleepTimer``."""
        if self._ready(ctx) and ctx.ui["sheet"] is None:
            timer = ctx.memory.get("sleep_timer")
            ctx.ui.update(sheet="elapsed" if timer is not None else "choose", option=0)

    def _timer_ok(self, ctx: AppContext) -> None:
        """``pauseBySleepTimer``: a countdown only while a song plays; then the toast."""
        option = ctx.ui["option"]
        ctx.ui["sheet"] = None
        if ctx.data["playing"]:
            ctx.memory["sleep_timer"] = {"minutes": SLEEP_VALUES[option], "running": True}
            ctx.toast(f"Stop playback {SLEEP_OPTIONS[option]} after")
        else:
            ctx.toast(PLAY_FIRST)

    def _timer_stop(self, ctx: AppContext) -> None:
        """``cancelSleepTimer``: the bug, the countdown is cancelled but ``mSleepTimer`` kept;
        ``onSleepTimerEnabled(false, "")`` toasts ``error_bad_id``."""
        ctx.ui["sheet"] = None
        timer = ctx.memory.get("sleep_timer")
        if timer is not None:
            if timer["running"]:
                ctx.data["stale_after_stop"] = True
            timer["running"] = False
        ctx.toast(PLAY_FIRST)

    # -- pieces ------------------------------------------------------------------------------
    def _toolbar(
        self,
        ctx: AppContext,
        title: str,
        rid: str,
        *,
        up: bool = False,
        sub: str = "",
        search: bool = True,
    ) -> View:
        actions = []
        if search:  # menu_artist_details has no search action
            actions.append(w.action_item("action_search", "", None))
        actions += [
            w.action_item("sleeptimer", "Sleep timer", self._open_timer),
            w.overflow_button(w.bind(self._set, menu=title)),
        ]
        heading: str | View = title
        if sub:
            heading = w.linear_layout(
                [w.text_view(title, height=80), w.text_view(sub, height=67)],
                height=w.TOOLBAR_HEIGHT,
            )
        nav = w.up_button(w.bind(self._set, details=None)) if up else None
        return w.toolbar(
            heading,
            navigation=nav,
            actions=actions,
            rid=rid,
            cls="com.google.android.material.appbar.MaterialToolbar",
        )

    def _songs_page(self, ctx: AppContext) -> View:
        """``AllMusicFragment``: ``music_item`` rows and the shuffle FAB with the count."""
        rows = [
            w.linear_layout(
                [
                    w.text_view(f"{_duration(s[5])}, {s[7]}", "duration"),
                    w.text_view(s[1], "title"),
                    w.text_view(f"{s[2]}\u00a0/\u00a0{s[3]}", "subtitle"),
                ],
                height=230,
                on_click=w.bind(self._play, s[0]),
            )
            for s in SONGS
        ]
        listing = w.list_view(
            rows, rid="all_music_rv", cls="androidx.recyclerview.widget.RecyclerView"
        )
        shuffle = w.fab(
            "shuffle_fab",
            "Shuffle all songs",
            w.bind(self._play, SONGS[0][0]),
            cls="com.google.android.material.floatingactionbutton.ExtendedFloatingActionButton",
            text=str(len(SONGS)),
        )
        bar = self._toolbar(ctx, "Songs", "search_toolbar")
        return w.linear_layout([bar, w.frame_layout([listing, shuffle], layout="frame")])

    def _containers(self, view: str) -> list[tuple[str, str]]:
        """``MusicContainersFragment``'s rows: (title, subtitle) of artists, albums, folders."""
        column = {"Artists": 2, "Albums": 3, "Folders": 4}[view]
        keys = sorted({str(s[column]) for s in SONGS})
        rows: list[tuple[str, str]] = []
        for key in keys:
            songs = [s for s in SONGS if s[column] == key]
            if view == "Artists":
                sub = f"{len({s[3] for s in songs})} Albums, {len(songs)} Songs"
            elif view == "Folders":
                sub = f"{len(songs)} Songs"
            else:
                sub = str(songs[0][2])
            rows.append((key, sub))
        return rows

    def _containers_page(self, ctx: AppContext, view: str) -> View:
        rows = [
            w.linear_layout(
                [
                    w.image_view("album_cover", "Covers", width=170),
                    w.linear_layout([w.text_view(t, "title"), w.text_view(s, "subtitle")]),
                ],
                horizontal=True,
                height=200,
                on_click=w.bind(self._set, details=[view, t]),
            )
            for t, s in self._containers(view)
        ]
        bar = self._toolbar(ctx, view, "search_toolbar")
        listing = w.list_view(
            rows, rid="artists_folders_rv", cls="androidx.recyclerview.widget.RecyclerView"
        )
        return w.linear_layout([bar, listing])

    def _details(self, ctx: AppContext, view: str, key: str) -> View:
        """``DetailsFragment`` reduced to its toolbar and ``songs_rv``."""
        column = {"Artists": 2, "Albums": 3, "Folders": 4}[view]
        songs = [s for s in SONGS if s[column] == key]
        sub = f"{len(songs)} Songs" if view == "Folders" else ""
        rows = [
            w.linear_layout(
                [
                    w.text_view(f"{s[6]} - {s[1]}", "title"),
                    w.text_view(_duration(s[5]), "subtitle"),
                ],
                height=200,
                on_click=w.bind(self._play, s[0]),
            )
            for s in songs
        ]
        bar = self._toolbar(ctx, key, "details_toolbar", up=True, sub=sub, search=view != "Artists")
        listing = w.list_view(rows, rid="songs_rv", cls="androidx.recyclerview.widget.RecyclerView")
        return w.linear_layout([bar, listing])

    def _page(self, ctx: AppContext) -> View:
        details = ctx.ui["details"]
        if details is not None:
            return self._details(ctx, details[0], details[1])
        tab = TABS[ctx.ui["tab"]]
        if tab == "Songs":
            return self._songs_page(ctx)
        if tab == "Settings":
            bar = w.toolbar("Settings", rid="search_toolbar")
            return w.linear_layout([bar, w.scroll_view([])])
        return self._containers_page(ctx, tab)

    def _panel(self, ctx: AppContext) -> View:
        """``player_controls_panel.xml``: the playing song, its buttons, then the tabs."""
        song_id = ctx.data["song"]
        song = next((s for s in SONGS if s[0] == song_id), None)
        title, artist = (song[1], song[2]) if song else (APP_NAME, "4.4.21")
        player = w.linear_layout(
            [
                View(
                    cls="com.google.android.material.progressindicator.LinearProgressIndicator",
                    resource_id="song_progress",
                    height=10,
                ),
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view(title, "playing_song"),
                                w.text_view(artist, "playing_artist"),
                            ],
                            rid="playing_song_container",
                        ),
                        w.image_button("play_pause_button", "Play/pause", self._play_pause),
                        w.image_button("queue_button", "Queue", None),
                        w.image_button("favorites_button", "Favorites", None),
                    ],
                    horizontal=True,
                    height=180,
                ),
            ],
            rid="player_view",
            height=190,
        )
        tabs = View(
            cls="com.google.android.material.tabs.TabLayout",
            resource_id="tab_layout",
            layout=HORIZONTAL,
            height=126,
            children=[
                w.linear_layout(
                    selected=i == ctx.ui["tab"],
                    on_click=w.bind(self._select_tab, i),
                    children=[w.image_view(height=126)],
                )
                for i in range(len(TABS))
            ],
        )
        return w.linear_layout([player, tabs], weight=0)

    def _sheet(self, ctx: AppContext) -> Window:
        """``RecyclerSheet`` (``modal_rv.xml``) of type ``SLEEPTIMER_TYPE`` or
        ``SLEEPTIMER_ELAPSED_TYPE``."""
        close = w.bind(self._set, sheet=None)
        parts: list[View] = [w.text_view("Sleep timer", "title", height=150)]
        if ctx.ui["sheet"] == "elapsed":
            timer = ctx.memory["sleep_timer"]
            left = _duration(timer["minutes"] * 60000 - 1000, True) if timer["running"] else ""
            parts.append(w.text_view(left, "sleep_timer_elapsed", height=150))
            positive = w.button("btnPositive", "Stop", self._timer_stop, width=300)
            positive.content_desc = "Stop sleep timer"
        else:
            options = [
                w.text_view(
                    o,
                    "sleep_option",
                    content_desc=o,
                    width=216,
                    selected=i == ctx.ui["option"],
                    on_click=w.bind(self._set, option=i),
                )
                for i, o in enumerate(SLEEP_OPTIONS)
            ]
            parts.append(
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="modal_rv",
                    layout=HORIZONTAL,
                    height=150,
                    scrollable=True,
                    scroll_key="options_scroll",
                    children=options,
                )
            )
            positive = w.button("btnPositive", "OK", self._timer_ok, width=300)
        buttons = w.linear_layout(
            [
                View(cls="android.view.View"),
                w.button("btnNegative", "Cancel", close, width=300),
                positive,
            ],
            rid="btn_container",
            horizontal=True,
            height=150,
        )
        root = w.linear_layout([*parts, buttons], weight=0)
        return Window(root=root, kind="sheet", on_dismiss=close)

    def render(self, ctx: AppContext) -> Screen:
        if not self._ready(ctx):
            body: list[View] = [
                View(cls="android.widget.ProgressBar", resource_id="loading_progress_bar")
            ]
            if ctx.ui["denied"]:
                body = [
                    w.toolbar(APP_NAME, rid="error_toolbar"),
                    w.image_view("error_icon", height=300),
                    w.text_view(
                        "Grant Music Player GO access to your files to play music.",
                        "error_message",
                    ),
                ]
            return Screen(content=w.frame_layout([w.linear_layout(body)]))
        pager = View(
            cls="androidx.viewpager2.widget.ViewPager2",
            resource_id="view_pager2",
            children=[self._page(ctx)],
        )
        content = w.linear_layout(
            [w.frame_layout([pager], rid="container"), self._panel(ctx)], rid="main_view"
        )
        windows: list[Window] = []
        if ctx.ui["menu"] is not None:
            close = w.bind(self._set, menu=None)
            titles = ["Default", "A-Z", "Z-A"]
            if ctx.ui["details"] is not None and ctx.ui["details"][0] == "Artists":
                titles = ["Shuffle all songs", "Shuffle selected album"]
            windows.append(w.menu_window([(t, close) for t in titles], close))
        if ctx.ui["sheet"] is not None:
            windows.append(self._sheet(ctx))
        return Screen(content=content, windows=windows)
