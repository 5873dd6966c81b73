"""Simple Music Player 5.8.0 (``com.simplemobiletools.musicplayer``), for Simple-Music-Player#349.

Modelled from the sources at tag ``5.8.0`` (commit ``95a73e3482bc7962b361341635188de6c5eb6eb4``,
``versionName "5.8.0"``, versionCode 89) and Simple-Commons ``3e78714205`` (the commons commit
its ``build.gradle`` pins): ``AndroidManifest.xml``, ``activities/SplashActivity.kt``,
``MainActivity.kt``, ``TrackActivity.kt``, ``QueueActivity.kt``, ``services/MusicService.kt``,
``extensions/Context.kt`` (``resetQueueItems``, ``addQueueItems``, ``getAllInitialTracks``),
``databases/SongsDatabase.kt`` (the "All tracks" playlist made when the database is created),
``interfaces/QueueItemsDao.kt``, ``SongsDao.kt``, ``helpers/Config.kt``,
``PlaybackSetting.kt``, ``fragments/*Fragment.kt``, ``adapters/*Adapter.kt``,
``views/CurrentTrackBar.kt``, ``res/layout/activity_main.xml``, ``activity_track.xml``,
``activity_queue.xml``, ``item_track.xml``, ``item_artist.xml``, ``item_album.xml``,
``item_playlist.xml``, ``item_track_queue.xml``, ``view_current_track_bar.xml``,
``res/menu/menu_main.xml``, ``menu_queue.xml``, ``res/values/strings.xml``, ``integers.xml``;
commons ``BaseSplashActivity``, ``BaseSimpleActivity.handlePermission``, ``checkWhatsNew`` (no
dialog on a fresh install), ``BaseConfig.lastUsedViewPagerPage``. The fix is commit
``ea4152fe`` ("fix #349, shuffle tracks on init if needed", released in 5.10.0), which adds one
``checkTrackOrder()`` call to ``MusicService.handleInitQueue``.

What the model shows:

- ``SplashActivity`` starts ``MainActivity`` at once; ``MainActivity`` asks for
  ``WRITE_EXTERNAL_STORAGE`` (denied: toast "Storage permission is required" and finish), then
  shows the window action bar "Music Player" (Search, Sort by, the overflow: Sleep timer,
  Equalizer, Settings, About, and on the Playlists tab Create new playlist / Create new playlist
  from folder), the ``main_tabs_holder`` tabs Playlists / Artists / Albums / Tracks (the
  Artists tab first on a fresh install: ``default_viewpager_page`` is 1; the page is stored only
  when the activity is destroyed) and the ``current_track_bar`` while the service has a track;
- a tap on a track of the Tracks tab writes the queue (all listed tracks, ``track_order`` in the
  list's order, title order by default) and opens ``TrackActivity`` with ``RESTART_PLAYER``,
  which sends ``INIT`` to ``MusicService``: it loads the queued tracks, shuffles them when
  ``config.isShuffleEnabled`` (default **true**) with the picked track first
  (``checkTrackOrder``) and plays;
- ``TrackActivity``: shuffle (``activity_track_toggle_shuffle``, described "Disable shuffle"
  while on), previous, play/pause, next, the playback setting button (described by the next
  setting), the speed "1x", and ``next_track_label`` "Next: <title> • <artist>" opening
  ``QueueActivity`` ("Track queue"), which lists the service's tracks in their play order;
- when ``MainActivity`` starts in a process whose ``MusicService.mCurrTrack`` is null and the
  queue table is not empty, it sends ``INIT_QUEUE``.

The bug (Simple-Music-Player#349): ``handleInitQueue`` rebuilds the service's track list in the
stored ``track_order`` (the order the queue was written in, the Tracks tab's title order) and,
unlike ``INIT`` and ``REFRESH_LIST``, never calls ``checkTrackOrder``: after the process died
(``restart_app``) the player comes back with shuffle shown as enabled but the queue in its
unshuffled order. The order is written back only in ``destroyPlayer`` (the service's
``onDestroy``), which a killed process never runs; the model has no path that destroys the
service, so the stored order stays the written one. The ground truth records each ``INIT_QUEUE``
made while shuffle is enabled, with the restored order and the queue's stored order.

Stubs: Search filters the shown tab by name (``onSearchQueryChanged``), Sort by shows the
sort dialog's buttons only, Sleep timer lists its choices and does nothing, Equalizer,
Settings, About, an artist, an album and a playlist open a screen with a title and Navigate up;
the queue's "Create playlist from queue" closes the menu. Playback has no clock: a track's
position stays 0:00 (so Previous always goes to the previous track), and a track never ends by
itself.

Fixed world data: the device's MediaStore holds eight songs by three artists (below).
Uncertain: the MediaStore's own order of artists, albums and tracks (used for the "All tracks"
rows and so for the order of ``REFRESH_LIST`` with shuffle off) is taken as artist, album, then
track number; the shuffle is a seeded one (deterministic runs).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.simplemobiletools.musicplayer"
SPLASH = ".activities.SplashActivity"
MAIN = ".activities.MainActivity"
TRACK = ".activities.TrackActivity"
QUEUE = ".activities.QueueActivity"
STUB = ".activities.StubActivity"  # the off-path screens (see the docstring)
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
TABS = ("Playlists", "Artists", "Albums", "Tracks")
ALL_TRACKS_PLAYLIST_ID = 1
# (media_store_id, title, artist, album, duration in seconds, track number in its album)
SONGS: tuple[tuple[int, str, str, str, int, int], ...] = (
    (101, "Paper Boats", "The Lanterns", "Harbour", 214, 1),
    (102, "Morning Light", "The Lanterns", "Harbour", 187, 2),
    (103, "Undertow", "The Lanterns", "Harbour", 245, 3),
    (201, "Northbound", "Ada Vale", "Compass", 201, 1),
    (202, "Slow River", "Ada Vale", "Compass", 232, 2),
    (203, "Cinder", "Ada Vale", "Embers", 176, 1),
    (301, "Static", "Kite Theory", "Signals", 199, 1),
    (302, "Fieldnotes", "Kite Theory", "Signals", 260, 2),
)
SONG = {s[0]: s for s in SONGS}
# PlaybackSetting: (toast/description, next setting's description as the button's desc)
SETTINGS = ("Repeat off", "Repeat all", "Repeat current song", "Stop playback after current song")
SLEEP_CHOICES = ("5 minutes", "10 minutes", "20 minutes", "30 minutes", "1 hour", "Custom")


def _duration(secs: int) -> str:
    return f"{secs // 60:02d}:{secs % 60:02d}"


def _label(song_id: int) -> str:
    """``"<title> • <artist>"`` as the current track bar and the next track label write it."""
    _, title, artist, *_ = SONG[song_id]
    return f"{title} • {artist}"


def _restored_unshuffled(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth: with shuffle enabled, the player restored its queue (``INIT_QUEUE``) in the
    queue's stored, unshuffled order."""
    return any(
        len(r["order"]) > 2 and r["order"] == r["stored"] for r in data["shuffle_on_restores"]
    )


_click = partial(click, PACKAGE)
SETUP = [
    allow_permission(PACKAGE),
    _click(text="Tracks"),
    _click("track_title", "Morning Light"),
]

BUG_349 = BugSpec(
    "Simple-Music-Player#349",
    "non-crash",
    "Shuffle is not properly reloaded after closing the app",
    _restored_unshuffled,
    human_steps=(*SETUP, {"kind": "restart_app"}),
)

WRONG_SEQUENCES = {
    "Simple-Music-Player#349": [
        # The process survives: the service keeps its shuffled list.
        [*SETUP, {"kind": "leave_and_return"}],
        # Nothing was played: the queue is empty, nothing is restored.
        [allow_permission(PACKAGE), _click(text="Tracks"), {"kind": "restart_app"}],
        # Shuffle turned off before the restart: the stored order is the right one.
        [*SETUP, _click("activity_track_toggle_shuffle"), {"kind": "restart_app"}],
        # Shuffle off and on again in the same process: REFRESH_LIST reshuffles.
        [
            *SETUP,
            _click("activity_track_toggle_shuffle"),
            _click("activity_track_toggle_shuffle"),
            {"kind": "press_back"},
        ],
    ],
}


class SimpleMusicPlayer58(VirtualApp):
    """Simple Music Player 5.8.0 (see the module docstring)."""

    name: ClassVar[str] = "Simple-Music-Player"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Music Player"
    version: ClassVar[str] = "5.8.0"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_349,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "config": {"shuffle": True, "playback_setting": 0, "page": 1},
            "db_created": False,
            "playlists": [],
            "tracks_table": [],  # [media_store_id, playlist_id] rows in rowid order
            "queue": [],  # {"track_id", "order", "is_current"}
            "shuffle_seed": 0,
            "shuffle_on_restores": [],
        }

    # -- MusicService (its companion object's fields live in the process's memory) -----------
    def _svc(self, ctx: AppContext) -> dict[str, Any]:
        if "svc" not in ctx.memory:
            ctx.memory["svc"] = {"tracks": [], "current": None, "playing": False}
        svc: dict[str, Any] = ctx.memory["svc"]
        return svc

    def _queued_tracks(self, ctx: AppContext) -> list[int]:
        """getQueuedTracks: the tracks table's rows of queued ids, first occurrence kept."""
        wanted = {q["track_id"] for q in ctx.data["queue"]}
        found: list[int] = []
        for song_id, _ in ctx.data["tracks_table"]:
            if song_id in wanted and song_id not in found:
                found.append(song_id)
        return found

    def _check_track_order(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        if ctx.data["config"]["shuffle"]:
            ctx.data["shuffle_seed"] += 1
            random.Random(ctx.data["shuffle_seed"]).shuffle(svc["tracks"])
            if svc["current"] in svc["tracks"]:
                svc["tracks"].remove(svc["current"])
                svc["tracks"].insert(0, svc["current"])

    def _set_track(self, ctx: AppContext, song_id: int | None, play: bool) -> None:
        svc = self._svc(ctx)
        if song_id not in svc["tracks"]:
            return
        svc["current"] = song_id
        svc["playing"] = play
        for q in ctx.data["queue"]:  # broadcastTrackChange: resetCurrent, saveCurrentTrack
            q["is_current"] = q["track_id"] == song_id

    def _svc_init(self, ctx: AppContext, song_id: int) -> None:
        svc = self._svc(ctx)
        svc["tracks"] = self._queued_tracks(ctx)
        svc["current"] = song_id if song_id in svc["tracks"] else None
        self._check_track_order(ctx)
        self._set_track(ctx, song_id, True)

    def _svc_init_queue(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        unsorted = self._queued_tracks(ctx)
        items = sorted(ctx.data["queue"], key=lambda q: q["order"])
        svc["tracks"] = [q["track_id"] for q in items if q["track_id"] in unsorted]
        current = next((q for q in items if q["is_current"]), items[0] if items else None)
        if current is None or current["track_id"] not in svc["tracks"]:
            return
        if ctx.data["config"]["shuffle"]:
            ctx.data["shuffle_on_restores"].append(
                {"order": list(svc["tracks"]), "stored": [q["track_id"] for q in items]}
            )
        # The bug: no checkTrackOrder() here (added by ea4152fe).
        self._set_track(ctx, current["track_id"], False)

    def _svc_refresh_list(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        svc["tracks"] = self._queued_tracks(ctx)
        self._check_track_order(ctx)

    def _svc_step(self, ctx: AppContext, delta: int) -> None:
        svc = self._svc(ctx)
        tracks = svc["tracks"]
        if not tracks:
            return
        if svc["current"] not in tracks:
            self._set_track(ctx, tracks[0], True)
            return
        index = tracks.index(svc["current"])
        if delta < 0 and index == 0:
            self._set_track(ctx, svc["current"], True)  # restartTrack
        else:
            self._set_track(ctx, tracks[(index + delta) % len(tracks)], True)

    def _svc_play_pause(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        if svc["playing"]:
            svc["playing"] = False
        elif svc["tracks"]:
            if svc["current"] is None:
                self._svc_step(ctx, 1)
            svc["playing"] = True

    def _next_track(self, ctx: AppContext) -> int | None:
        svc = self._svc(ctx)
        if svc["current"] not in svc["tracks"]:
            return None
        index = svc["tracks"].index(svc["current"])
        nxt: int = svc["tracks"][(index + 1) % len(svc["tracks"])]
        return nxt

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN:
            if STORAGE in ctx.permissions:
                self._init_main(ctx)
            elif not ctx.ui.get("asked"):
                ctx.ui["asked"] = True
                ctx.request_permission(STORAGE)
        elif ctx.activity == TRACK:
            if ctx.ui.get("started"):
                return  # re-created: RESTART_PLAYER was removed from the intent
            ctx.ui["started"] = True
            song = ctx.extras.get("track", self._svc(ctx)["current"])
            if song is None:
                ctx.toast("An unknown error occurred")
                ctx.finish()
            elif ctx.extras.get("restart_player"):
                self._svc_init(ctx, song)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != MAIN or permission != STORAGE:
            return
        if granted:
            self._init_main(ctx)
        else:
            ctx.toast("Storage permission is required")
            ctx.finish()

    def _init_main(self, ctx: AppContext) -> None:
        ctx.ui["ready"] = True
        ctx.ui.setdefault("page", ctx.data["config"]["page"])
        if not ctx.data["db_created"]:  # SongsDatabase.onCreate: addInitialPlaylist
            ctx.data["db_created"] = True
            ctx.data["playlists"] = [{"id": ALL_TRACKS_PLAYLIST_ID, "title": "All tracks"}]
            ordered = sorted(SONGS, key=lambda s: (s[2], s[3], s[5]))
            ctx.data["tracks_table"] = [[s[0], ALL_TRACKS_PLAYLIST_ID] for s in ordered]
        if self._svc(ctx)["current"] is None and ctx.data["queue"]:
            self._svc_init_queue(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            if w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "dialog", ""):
                return True
            if w.dismiss(ctx.ui, "search"):
                ctx.ui["query"] = ""
                return True
            if ctx.ui.get("ready"):  # onDestroy stores the page
                ctx.data["config"]["page"] = ctx.ui["page"]
        return ctx.activity in (QUEUE, STUB) and w.dismiss(ctx.ui, "menu")

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("ready"):
            return w.pager_swipe(ctx.ui, "page", len(TABS), direction)
        return False

    # -- handlers -------------------------------------------------------------------------------
    def _play_from_tracks(self, ctx: AppContext, song_id: int) -> None:
        """TracksFragment's item click: resetQueueItems(tracks), then TrackActivity."""
        tracks = self._sorted_tracks()
        ctx.data["queue"] = [
            {"track_id": s, "order": i, "is_current": False} for i, s in enumerate(tracks)
        ]
        table = [r for r in ctx.data["tracks_table"] if not (r[1] == 0 and r[0] in tracks)]
        ctx.data["tracks_table"] = table + [[s, 0] for s in tracks]
        ctx.start_activity(TRACK, {"track": song_id, "restart_player": True})

    def _sorted_tracks(self) -> list[int]:
        return [s[0] for s in sorted(SONGS, key=lambda s: s[1].lower())]

    def _toggle_shuffle(self, ctx: AppContext) -> None:
        on = not ctx.data["config"]["shuffle"]
        ctx.data["config"]["shuffle"] = on
        ctx.toast("Shuffle enabled" if on else "Shuffle disabled")
        self._svc_refresh_list(ctx)

    def _toggle_setting(self, ctx: AppContext) -> None:
        setting = (ctx.data["config"]["playback_setting"] + 1) % len(SETTINGS)
        ctx.data["config"]["playback_setting"] = setting
        ctx.toast(SETTINGS[setting])

    def _open_stub(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(STUB, {"title": title})

    def _query(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text

    def _shown(self, ctx: AppContext, name: str) -> bool:
        return not ctx.ui.get("search") or ctx.ui.get("query", "").lower() in name.lower()

    def _set_ui(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui[key] = value

    # -- screens --------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == TRACK:
            return self._track(ctx)
        if ctx.activity == QUEUE:
            return self._queue(ctx)
        if ctx.activity == STUB:
            return Screen(content=w.child_page(str(ctx.extras.get("title", ""))))
        return Screen(content=w.frame_layout())

    def _main(self, ctx: AppContext) -> Screen:
        if not ctx.ui.get("ready"):
            return Screen(content=w.relative_layout(rid="main_holder"))
        page = ctx.ui["page"]
        if ctx.ui.get("search"):
            title: str | View = w.edit_text(
                "search_src_text", ctx.ui.get("query", ""), self._query, hint="Search"
            )
        else:
            title = "Music Player"
        bar = w.toolbar(
            title,
            actions=[
                *(
                    []
                    if ctx.ui.get("search")
                    else [
                        w.action_item(
                            "search", "Search", partial(self._set_ui, key="search", value=True)
                        )
                    ]
                ),
                w.action_item("sort", "Sort by", lambda c: self._set_ui(c, "dialog", "sort")),
                w.overflow_button(lambda c: self._set_ui(c, "menu", True)),
            ],
            rid="action_bar",
        )
        tabs = w.tabs(TABS, page, lambda c, i: self._set_ui(c, "page", i), rid="main_tabs_holder")
        pager = View(
            cls="com.simplemobiletools.commons.views.MyViewPager",
            resource_id="viewpager",
            children=[self._page(ctx, page)],
        )
        children = [bar, tabs, pager]
        current = self._svc(ctx)["current"]
        if current is not None:
            children.append(self._current_track_bar(ctx, current))
        content = w.relative_layout(children, rid="main_holder")
        return Screen(content=content, windows=self._main_windows(ctx))

    def _page(self, ctx: AppContext, page: int) -> View:
        rows: list[View]
        if page == 0:
            count = sum(1 for r in ctx.data["tracks_table"] if r[1] == ALL_TRACKS_PLAYLIST_ID)
            rows = [
                w.list_row(
                    p["title"],
                    f"{count} Track" if count == 1 else f"{count} Tracks",
                    title_rid="playlist_title",
                    subtitle_rid="playlist_tracks",
                    rid="playlist_frame",
                    on_click=w.bind(self._open_stub, p["title"]),
                )
                for p in ctx.data["playlists"]
                if self._shown(ctx, p["title"])
            ]
            return self._fragment("playlists", rows)
        if page == 1:
            rows = []
            for artist in sorted({s[2] for s in SONGS}, key=str.lower):
                if not self._shown(ctx, artist):
                    continue
                songs = [s for s in SONGS if s[2] == artist]
                albums = len({s[3] for s in songs})
                counts = f"{albums} Album{'s' if albums != 1 else ''}, {len(songs)} Tracks"
                rows.append(
                    w.list_row(
                        artist,
                        counts,
                        title_rid="artist_title",
                        subtitle_rid="artist_albums_tracks",
                        rid="artist_frame",
                        leading=w.image_view("artist_image", width=150),
                        on_click=w.bind(self._open_stub, "Artist"),
                    )
                )
            return self._fragment("artists", rows)
        if page == 2:
            rows = [
                w.list_row(
                    album,
                    title_rid="album_title",
                    rid="album_frame",
                    leading=w.image_view("album_image", width=150),
                    on_click=w.bind(self._open_stub, "Artist"),
                )
                for album in sorted({s[3] for s in SONGS}, key=str.lower)
                if self._shown(ctx, album)
            ]
            return self._fragment("albums", rows)
        rows = [
            w.list_row(
                SONG[song_id][1],
                title_rid="track_title",
                rid="track_frame",
                leading=w.image_view("track_image", width=150),
                trailing=[w.text_view(_duration(SONG[song_id][4]), "track_duration", width=170)],
                on_click=w.bind(self._play_from_tracks, song_id),
            )
            for song_id in self._sorted_tracks()
            if self._shown(ctx, SONG[song_id][1])
        ]
        return self._fragment("tracks", rows)

    def _fragment(self, name: str, rows: list[View]) -> View:
        listing = w.list_view(
            rows,
            rid=f"{name}_list",
            cls="com.simplemobiletools.commons.views.MyRecyclerView",
            scroll_key=f"{name}_scroll",
        )
        return w.relative_layout([listing], rid=f"{name}_fragment_holder")

    def _current_track_bar(self, ctx: AppContext, current: int) -> View:
        playing = self._svc(ctx)["playing"]
        return View(
            cls="com.simplemobiletools.musicplayer.views.CurrentTrackBar",
            resource_id="current_track_bar",
            layout=HORIZONTAL,
            height=180,
            on_click=lambda c: c.start_activity(TRACK),
            children=[
                w.image_view("current_track_image", width=150),
                w.text_view(_label(current), "current_track_label", height=180),
                View(
                    cls="android.widget.ImageView",
                    resource_id="current_track_play_pause",
                    selected=playing,
                    on_click=self._svc_play_pause,
                    width=150,
                ),
            ],
        )

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        close_menu = partial(self._set_ui, key="menu", value=False)
        close_dialog = partial(self._set_ui, key="dialog", value="")
        if ctx.ui.get("menu"):
            items: list[tuple[Any, ...]] = []
            if ctx.ui["page"] == 0:
                items += [
                    ("Create new playlist", close_menu, "create_new_playlist"),
                    ("Create new playlist from folder", close_menu, "create_playlist_from_folder"),
                ]
            items += [
                ("Sleep timer", lambda c: c.ui.update(menu=False, dialog="sleep"), "sleep_timer"),
                ("Equalizer", w.bind(self._open_stub, "Equalizer"), "equalizer"),
                ("Settings", w.bind(self._open_stub, "Settings"), "settings"),
                ("About", w.bind(self._open_stub, "About"), "about"),
            ]
            return [w.menu_window(items, close_menu, title_rid="title")]
        dialog = ctx.ui.get("dialog")
        if dialog == "sleep":
            return [
                w.choice_dialog(
                    "Sleep timer", SLEEP_CHOICES, 3, lambda c, i: close_dialog(c), close_dialog
                )
            ]
        if dialog == "sort":
            body = [
                View(cls="android.widget.RadioGroup", resource_id="sorting_dialog_radio_sorting"),
                w.linear_layout(
                    [
                        w.radio_button("sorting_dialog_radio_ascending", "Ascending", True),
                        w.radio_button("sorting_dialog_radio_descending", "Descending", False),
                    ],
                    rid="sorting_dialog_radio_order",
                    weight=0,
                ),
            ]
            buttons = w.dialog_buttons(("OK", close_dialog), ("Cancel", close_dialog))
            return [w.alert_dialog(w.dialog_title("Sort by"), body, buttons, close_dialog)]
        return []

    def _track(self, ctx: AppContext) -> Screen:
        svc = self._svc(ctx)
        current = ctx.extras.get("track", svc["current"])
        if current is None:
            return Screen(content=w.frame_layout())
        _, title, artist, _, duration, _ = SONG[current]
        config = ctx.data["config"]
        shuffle = config["shuffle"]
        setting = config["playback_setting"]
        nxt = self._next_track(ctx)
        bar = w.toolbar(
            "",
            navigation=w.nav_button("", w.finish),
            rid="activity_track_toolbar",
            cls="com.google.android.material.appbar.MaterialToolbar",
        )
        controls = w.linear_layout(
            [
                w.image_view(
                    "activity_track_toggle_shuffle",
                    "Disable shuffle" if shuffle else "Enable shuffle",
                    self._toggle_shuffle,
                    selected=shuffle,
                ),
                w.image_view("activity_track_previous", "Previous", w.bind(self._svc_step, -1)),
                w.image_view("activity_track_play_pause", "Play / Pause", self._svc_play_pause),
                w.image_view("activity_track_next", "Next", w.bind(self._svc_step, 1)),
                w.image_view(
                    "activity_track_playback_setting",
                    SETTINGS[(setting + 1) % len(SETTINGS)],
                    self._toggle_setting,
                ),
            ],
            horizontal=True,
            height=180,
        )
        progress = w.linear_layout(
            [
                w.text_view("00:00", "activity_track_progress_current", width=200),
                View(cls="android.widget.SeekBar", resource_id="activity_track_progressbar"),
                w.text_view("1x", "activity_track_speed", width=120),
                w.text_view(_duration(duration), "activity_track_progress_max", width=200),
            ],
            horizontal=True,
            height=140,
        )
        next_holder = w.relative_layout(
            [
                w.image_view("next_track_image", width=150),
                w.text_view(f"Next: {_label(nxt)}" if nxt is not None else "", "next_track_label"),
            ],
            rid="next_track_holder",
            height=170,
            on_click=lambda c: c.start_activity(QUEUE),
        )
        holder = w.linear_layout(
            [
                bar,
                w.image_view("activity_track_image", "Album", height=700),
                progress,
                w.text_view(title, "activity_track_title"),
                w.text_view(artist, "activity_track_artist"),
                controls,
                next_holder,
            ],
            rid="activity_track_holder",
        )
        return Screen(content=w.scroll_view([holder], rid="activity_track_Scrollview"))

    def _queue(self, ctx: AppContext) -> Screen:
        svc = self._svc(ctx)

        def play(c: AppContext, song_id: int) -> None:
            self._set_track(c, song_id, True)

        rows = [
            View(
                cls="androidx.constraintlayout.widget.ConstraintLayout",
                resource_id="track_queue_frame",
                layout=HORIZONTAL,
                height=170,
                selected=song_id == svc["current"],
                on_click=w.bind(play, song_id),
                children=[
                    w.image_view("track_queue_image", width=150),
                    w.text_view(SONG[song_id][1], "track_queue_title"),
                    w.text_view(_duration(SONG[song_id][4]), "track_queue_duration", width=170),
                    w.image_view("track_queue_drag_handle", width=130),
                ],
            )
            for song_id in svc["tracks"]
        ]
        bar = w.toolbar(
            "Track queue",
            navigation=w.up_button(),
            actions=[w.overflow_button(lambda c: self._set_ui(c, "menu", True))],
            rid="action_bar",
        )
        listing = w.list_view(
            rows,
            rid="queue_list",
            cls="com.simplemobiletools.commons.views.MyRecyclerView",
            scroll_key="queue_scroll",
        )
        content = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            resource_id="activity_queue_holder",
            children=[bar, listing],
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            close = partial(self._set_ui, key="menu", value=False)
            windows.append(
                w.menu_window(
                    [("Create playlist from queue", close, "create_playlist_from_queue")], close
                )
            )
        return Screen(content=content, windows=windows)
