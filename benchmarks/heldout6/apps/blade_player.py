"""Blade (``v.blade``, vhaudiquet/blade-player) 0.5, for blade-player#6.

A music player for the local library (and, with accounts, Spotify and Deezer): one
``MainActivity`` with a navigation drawer (Search; Library: Artists, Albums, Songs, Playlists),
a ``ListView`` of the chosen view, and at the bottom a "currently playing" bar (``currentPlay``)
that opens ``PlayActivity``, the player with the current playlist.

Sources read at tag ``v0.5`` (commit a466f9b, "Added global search and ACRA", 2018-05-23;
``versionName`` 0.5-InDev), the version of the report, and at the fix, commit 5563ce8 ("fixed
bugs and #6", 2018-05-23). Files read: ``ui/MainActivity`` (``activity_main.xml``,
``app_bar_main.xml``, ``list_layout.xml``, ``nav_header_main.xml``, menus ``main``,
``activity_main_drawer`` and ``menu_object_more``), ``ui/PlayActivity`` (``activity_play.xml``),
``ui/PlayerConnection``, ``player/PlayerService``, ``ui/adapters/LibraryObjectAdapter``,
``library/LibraryService`` (the MediaStore and playlist loading), ``values-en/strings.xml``.

Bug blade-player#6 (crash): the "more" menu's Play on a playlist calls
``MainActivity.setPlaylist(songs, 0)`` with the playlist's songs, an empty list for an empty
playlist, and ``PlayerService.setCurrentPlaylist`` stores it as the current playlist
(``currentPlaylist = playlist``) with no check. Nothing new plays. Anything that then reads the
current song, ``PlayerService.getCurrentSong()`` (``currentPlaylist.get(currentPosition)``),
throws ``IndexOutOfBoundsException: Invalid index 0, size is 0``: opening the player from the
bar (``PlayActivity.onCreate`` -> ``PlayerConnection.init`` -> ``onConnected`` ->
``refreshState``, the crash reported), ``MainActivity.onStart`` while the old song still plays
(``onConnected`` -> ``showCurrentPlay``: on a rotation, or back from Settings), or the bar's
play/pause button (the service's ``onStateChange`` reads
``getCurrentPlaylist().get(currentPosition)``). The fix makes
``setPlaylist`` toast "empty" and return for an empty list. When nothing was played before, the
service is started with the empty list (``PlayerConnection.start``), nothing plays and the bar
stays hidden, so the player cannot be opened.

Fixed data (the device's MediaStore): five local songs of two artists and two playlists made by
another app, "Chill" (two songs) and "Workout" (empty). Stubbed: the web sources (Spotify,
Deezer; no account, so synchronisation does nothing), the search (the SearchView and the
drawer's web search show an empty result list), album art, Settings (an empty screen), the
player's playlist editing, drag and drop, seek bar and repeat/shuffle modes, and audio itself.
Denying the storage permission leaves the library empty.

Uncertain: ``setCurrentPlaylist`` calls ``mPlayer.playSong(currentPlaylist.get(0))`` right
after storing the list, which reads as if Play on the empty playlist would already throw; the
reporter saw nothing play at that step and the crash only when opening the player, and the
model follows the report (the current playlist is left empty, nothing else changes). The
synthetic accessor's number in the stack (``access$300``), the framework line numbers (AOSP
6.0.1; the report's device is a Samsung J5 on 6.0.1) and the order of the library rows
(alphabetical here) are not known.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.stacks import launch_frames, message_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "v.blade"
MAIN = ".ui.MainActivity"
PLAY = ".ui.PlayActivity"
SETTINGS = ".ui.settings.SettingsActivity"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"

# (id, title, artist, album, track, duration ms): MediaStore.Audio.Media rows.
SONGS = (
    (1, "Carefree", "Kevin MacLeod", "Royalty Free", 1, 204000),
    (2, "Sneaky Snitch", "Kevin MacLeod", "Royalty Free", 2, 138000),
    (3, "Wallpaper", "Kevin MacLeod", "Royalty Free", 3, 213000),
    (4, "Night Owl", "Broke For Free", "Layers", 1, 194000),
    (5, "Only Knows", "Broke For Free", "Layers", 2, 261000),
)
# MediaStore.Audio.Playlists, in the order the cursor returns them: (name, member song ids).
PLAYLISTS = (("Chill", (4, 1)), ("Workout", ()))

INDEX_MESSAGE = "Invalid index 0, size is 0"
IOOBE = "java.lang.IndexOutOfBoundsException"
RTE = "java.lang.RuntimeException"
GET_FRAMES = [
    "java.util.ArrayList.throwIndexOutOfBoundsException(ArrayList.java:255)",
    "java.util.ArrayList.get(ArrayList.java:308)",
]
CURRENT_SONG = "v.blade.player.PlayerService.getCurrentSong(PlayerService.java:272)"
# MainActivity.onStart down to Activity.performStart: its PlayerConnection's onConnected.
MAIN_ON_START = [
    "v.blade.ui.MainActivity$2.onConnected(MainActivity.java:89)",
    "v.blade.ui.PlayerConnection.init(PlayerConnection.java:71)",
    "v.blade.ui.MainActivity.onStart(MainActivity.java:278)",
    "android.app.Instrumentation.callActivityOnStart(Instrumentation.java:1237)",
    "android.app.Activity.performStart(Activity.java:6268)",
]


def empty_queue_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of blade-player#6: the app crashed reading the current song of the empty
    current playlist that Play on an empty playlist left in the player service."""
    return bool(data.get("empty_queue_crash")) and crashed(system, PACKAGE, "", INDEX_MESSAGE)


# -- steps -------------------------------------------------------------------------------------
ALLOW = allow_permission(PACKAGE)
DRAWER = click(PACKAGE, desc="Open navigation drawer", cls="android.widget.ImageButton")


def _nav(title: str) -> dict[str, Any]:
    return click(PACKAGE, "design_menu_item_text", title)


def _song(title: str) -> dict[str, Any]:
    return click(PACKAGE, "element_title", title)


def _more(row: int) -> dict[str, Any]:
    """The "more" icon of the ``row``-th (0-based) list row."""
    top = 210 + 165 * row
    return click(PACKAGE, "element_more", bounds=[975, top, 1080, top + 131])


PLAY_ITEM = click(PACKAGE, "android:id/title", "Play")
OPEN_PLAYER = click(PACKAGE, "currentPlay")
PLAY_A_SONG = [DRAWER, _nav("Songs"), _song("Carefree")]
PLAYLISTS_VIEW = [DRAWER, _nav("Playlists")]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "blade-player#6": [
        # Play on the playlist that has songs, then open the player.
        [ALLOW, *PLAY_A_SONG, *PLAYLISTS_VIEW, _more(0), PLAY_ITEM, OPEN_PLAYER],
        # The player opened before the empty playlist is played, and not after.
        [
            ALLOW,
            *PLAY_A_SONG,
            OPEN_PLAYER,
            {"kind": "press_back"},
            *PLAYLISTS_VIEW,
            _more(1),
            PLAY_ITEM,
        ],
        # The empty playlist played before any song, then a song and the player.
        [ALLOW, *PLAYLISTS_VIEW, _more(1), PLAY_ITEM, *PLAY_A_SONG, OPEN_PLAYER],
        # The empty playlist opened (its song list) instead of played.
        [ALLOW, *PLAY_A_SONG, *PLAYLISTS_VIEW, click(PACKAGE, "element_title", "Workout")],
    ],
}


class BladePlayer(VirtualApp):
    """Blade 0.5: the library screen with its drawer and the player."""

    name: ClassVar[str] = "blade-player"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Blade"
    version: ClassVar[str] = "0.5"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "blade-player#6",
            "crash",
            "App crashes during series of events",
            empty_queue_crash,
            human_steps=(
                ALLOW,
                *PLAY_A_SONG,
                *PLAYLISTS_VIEW,
                _more(1),
                PLAY_ITEM,
                OPEN_PLAYER,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # The player service's state: not started, or its current playlist (song ids).
        return {"service": False, "queue": [], "pos": 0, "playing": False, "shown": None}

    # -- library ---------------------------------------------------------------------------
    @staticmethod
    def _song_row(song_id: int) -> tuple[Any, ...]:
        return next(s for s in SONGS if s[0] == song_id)

    @staticmethod
    def _artists() -> list[str]:
        return sorted({s[2] for s in SONGS})

    @staticmethod
    def _albums(artist: str | None = None) -> list[str]:
        return sorted({s[3] for s in SONGS if artist is None or s[2] == artist})

    @staticmethod
    def _album_songs(album: str) -> list[int]:
        return [s[0] for s in sorted(SONGS, key=lambda s: s[4]) if s[3] == album]

    @staticmethod
    def _all_songs() -> list[int]:
        return [s[0] for s in sorted(SONGS, key=lambda s: s[1])]

    def _objects(self, ctx: AppContext) -> list[tuple[str, Any]]:
        """The list's library objects as ``(kind, key)``."""
        if not ctx.ui.get("loaded"):
            return []
        view, key = ctx.ui["view"], ctx.ui.get("key")
        if view == "artists":
            return [("artist", a) for a in self._artists()]
        if view == "albums":
            return [("album", a) for a in self._albums(key)]
        if view == "songs":
            ids = self._album_songs(key) if key else self._all_songs()
            if ctx.ui.get("playlist") is not None:
                ids = list(PLAYLISTS[ctx.ui["playlist"]][1])
            return [("song", i) for i in ids]
        if view == "playlists":
            return [("playlist", i) for i in range(len(PLAYLISTS))]
        return []

    def _songs_of(self, obj: tuple[str, Any]) -> list[int]:
        kind, key = obj
        if kind == "song":
            return [key]
        if kind == "album":
            return self._album_songs(key)
        if kind == "artist":
            return [i for a in self._albums(key) for i in self._album_songs(a)]
        return list(PLAYLISTS[key][1])

    # -- player service ----------------------------------------------------------------------
    def _current_song(self, ctx: AppContext, frames: list[str]) -> tuple[Any, ...]:
        """``PlayerService.getCurrentSong``: ``currentPlaylist.get(currentPosition)``."""
        queue = ctx.data["queue"]
        if ctx.data["pos"] >= len(queue):
            ctx.data["empty_queue_crash"] = True
            raise JavaException(IOOBE, INDEX_MESSAGE, [*GET_FRAMES, *frames])
        return self._song_row(queue[ctx.data["pos"]])

    def _set_current_playlist(self, ctx: AppContext, songs: list[int], position: int) -> None:
        """``PlayerService.setCurrentPlaylist``: the list is stored as it is; an empty one
        plays nothing (what the reporter saw)."""
        ctx.data["queue"] = list(songs)
        ctx.data["pos"] = position
        if songs:
            ctx.data["playing"] = True
            ctx.data["shown"] = songs[position]  # the metadata callback's showCurrentPlay

    def _set_playlist(self, ctx: AppContext, songs: list[int], position: int) -> None:
        """``MainActivity.setPlaylist``: ``PlayerConnection.start`` when no service is bound,
        else ``musicPlayer.setCurrentPlaylist``; either way without looking at the size."""
        ctx.data["service"] = True
        self._set_current_playlist(ctx, songs, position)

    def _play_next(self, ctx: AppContext, songs: list[int], added: bool) -> None:
        """``playNext``/``addToPlaylist`` and their toasts."""
        if not ctx.data["service"]:
            self._set_playlist(ctx, songs, 0)
        elif added:
            ctx.data["queue"].extend(songs)
        else:
            pos = ctx.data["pos"] + 1
            ctx.data["queue"][pos:pos] = songs
        text = "songs were added to playlist" if added else "songs were added at current position"
        ctx.toast(f"{len(songs)}  {text}")

    def _toggle_play(self, ctx: AppContext) -> None:
        """The bar's play/pause: the session's onPause/onPlay, then the service's
        ``onStateChange`` reads the current playlist's song for the metadata."""
        ctx.data["playing"] = not ctx.data["playing"]
        if ctx.data["pos"] >= len(ctx.data["queue"]):
            ctx.data["empty_queue_crash"] = True
            raise JavaException(
                IOOBE,
                INDEX_MESSAGE,
                [
                    *GET_FRAMES,
                    "v.blade.player.PlayerService$1.onStateChange(PlayerService.java:73)",
                    "v.blade.player.PlayerMediaPlayer.pause(PlayerMediaPlayer.java:268)",
                    "v.blade.player.PlayerService$2.onPause(PlayerService.java:133)",
                    "android.support.v4.media.session.MediaSessionCompat$Callback$"
                    "StubApi21.onPause(MediaSessionCompat.java:1126)",
                    "android.media.session.MediaSession$CallbackMessageHandler.handleMessage"
                    "(MediaSession.java:1287)",
                    *message_frames(23),
                ],
            )

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("view", "none")
            ctx.ui.setdefault("drawer", False)
            ctx.ui.setdefault("menu", None)
            ctx.ui.setdefault("from", [])
            if STORAGE in ctx.permissions:
                self._start_lib(ctx)
            elif not ctx.ui.get("asked"):
                ctx.ui["asked"] = True
                ctx.request_permission(STORAGE)
            # onStart: PlayerConnection.init calls onConnected at once when bound; it shows
            # the bar only while playing, with getCurrentSong().
            if ctx.data["service"] and ctx.data["playing"]:
                self._launch_current_song(ctx, "MainActivity", MAIN_ON_START, 2437)
        elif ctx.activity == PLAY:
            ctx.ui.setdefault("menu", False)
            self._launch_current_song(
                ctx,
                "PlayActivity",
                [
                    "v.blade.ui.PlayActivity.refreshState(PlayActivity.java:238)",
                    "v.blade.ui.PlayActivity.access$300(PlayActivity.java:42)",
                    "v.blade.ui.PlayActivity$4.onConnected(PlayActivity.java:172)",
                    "v.blade.ui.PlayerConnection.init(PlayerConnection.java:71)",
                    "v.blade.ui.PlayActivity.onCreate(PlayActivity.java:166)",
                    "android.app.Activity.performCreate(Activity.java:6237)",
                    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1107)",
                ],
                2369,
            )

    def _launch_current_song(
        self, ctx: AppContext, activity: str, frames: list[str], perform_line: int
    ) -> None:
        """``getCurrentSong`` during an activity's launch: an exception there is wrapped in
        ActivityThread's "Unable to start activity"."""
        try:
            self._current_song(ctx, [CURRENT_SONG, *frames])
        except JavaException as cause:
            cause.frames += launch_frames(23, perform_line=perform_line)
            raise JavaException(
                RTE,
                f"Unable to start activity ComponentInfo{{v.blade/v.blade.ui.{activity}}}: "
                f"{IOOBE}: {INDEX_MESSAGE}",
                launch_frames(23),
                cause=cause,
            ) from None

    def _resume_main(self, ctx: AppContext) -> None:
        """``MainActivity.onStart`` on its return to the front: an exception there is
        wrapped in ActivityThread's "Unable to resume activity"."""
        resume = [
            "android.app.ActivityThread.performResumeActivity(ActivityThread.java:3103)",
            "android.app.ActivityThread.handleResumeActivity(ActivityThread.java:3134)",
            "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1402)",
            *message_frames(23),
        ]
        frames = [
            CURRENT_SONG,
            *MAIN_ON_START,
            "android.app.Activity.performRestart(Activity.java:6346)",
            "android.app.Activity.performResume(Activity.java:6351)",
            "android.app.ActivityThread.performResumeActivity(ActivityThread.java:3092)",
            *resume[1:],
        ]
        try:
            self._current_song(ctx, frames)
        except JavaException as cause:
            raise JavaException(
                RTE,
                "Unable to resume activity {v.blade/v.blade.ui.MainActivity}: "
                f"{IOOBE}: {INDEX_MESSAGE}",
                resume,
                cause=cause,
            ) from None

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        # onRequestPermissionsResult starts the library service whatever the answer.
        self._start_lib(ctx)

    def _start_lib(self, ctx: AppContext) -> None:
        """``startLibService``: the library loads, the Artists view shows."""
        ctx.ui["loaded"] = STORAGE in ctx.permissions
        self._show(ctx, "artists")

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The activity is re-created from scratch (the list's context is not saved).
        return {"asked": ctx.ui.get("asked", False)}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == SETTINGS and ctx.data["service"] and ctx.data["playing"]:
            # Back to MainActivity: onRestart -> onStart -> onConnected -> showCurrentPlay.
            self._resume_main(ctx)
        if ctx.activity != MAIN:
            return w.dismiss(ctx.ui, "menu")
        if w.dismiss(ctx.ui, "menu", None) or w.dismiss(ctx.ui, "drawer"):
            return True
        if ctx.ui["from"]:
            view, key = ctx.ui["from"].pop()
            self._show(ctx, view, key, keep_from=True)
            return True
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _show(
        self,
        ctx: AppContext,
        view: str,
        key: Any = None,
        *,
        playlist: int | None = None,
        keep_from: bool = False,
    ) -> None:
        ctx.ui.update(view=view, key=key, playlist=playlist, scroll=0)
        if not keep_from:
            ctx.ui["from"] = []

    def _navigate(self, ctx: AppContext, item: str) -> None:
        """``onNavigationItemSelected``: the from-flags are cleared, the view replaced."""
        ctx.ui["drawer"] = False
        self._show(ctx, item.lower())

    def _row_click(self, ctx: AppContext, index: int) -> None:
        """``mainListViewListener``."""
        objects = self._objects(ctx)
        kind, key = objects[index]
        view = ctx.ui["view"]
        if view == "songs" or view == "search":
            self._set_playlist(ctx, [k for _, k in objects], index)
        elif kind == "artist":
            ctx.ui["from"].append(["artists", None])
            self._show(ctx, "albums", key, keep_from=True)
        elif kind == "album":
            ctx.ui["from"].append(["albums", ctx.ui.get("key")])
            self._show(ctx, "songs", key, keep_from=True)
        elif kind == "playlist":
            ctx.ui["from"] = [["playlists", None]]
            self._show(ctx, "songs", None, playlist=key, keep_from=True)

    def _more_item(self, ctx: AppContext, action: str) -> None:
        """``mainListViewMoreListener``'s popup menu."""
        songs = self._songs_of(tuple(ctx.ui["menu"]))
        ctx.ui["menu"] = None
        if action == "play":
            self._set_playlist(ctx, songs, 0)
        else:
            self._play_next(ctx, songs, added=action == "add")

    def _open_player(self, ctx: AppContext) -> None:
        ctx.start_activity(PLAY)

    def _skip(self, ctx: AppContext, delta: int) -> None:
        queue = ctx.data["queue"]
        if queue:
            ctx.data["pos"] = (ctx.data["pos"] + delta) % len(queue)
            ctx.data["playing"] = True
            ctx.data["shown"] = queue[ctx.data["pos"]]

    # -- screens -----------------------------------------------------------------------------
    def _row(self, ctx: AppContext, index: int, obj: tuple[str, Any]) -> View:
        """``list_layout.xml`` as ``LibraryObjectAdapter.getView`` fills it."""
        kind, key = obj
        if kind == "song":
            song = self._song_row(key)
            title, subtitle = song[1], song[2]
        elif kind == "album":
            title, subtitle = key, next(s[2] for s in SONGS if s[3] == key)
        elif kind == "artist":
            title, subtitle = key, f"{sum(1 for s in SONGS if s[2] == key)} songs"
        else:
            title, subtitle = PLAYLISTS[key][0], f"{len(PLAYLISTS[key][1])} songs"
        return w.relative_layout(
            [
                w.image_view("element_image", width=131),
                w.linear_layout(
                    [
                        w.text_view(title, "element_title", height=65),
                        w.text_view(subtitle, "element_subtitle", height=45),
                        w.image_view("element_source0", width=40, height=40),
                    ],
                ),
                w.image_view(
                    "element_more",
                    handler=w.bind(self._set, menu=[kind, key]),
                    width=105,
                    height=131,
                ),
            ],
            layout=HORIZONTAL,
            height=165,
            on_click=w.bind(self._row_click, index),
        )

    def _current_play(self, ctx: AppContext) -> View | None:
        shown = ctx.data.get("shown")
        if shown is None:
            return None
        song = self._song_row(shown)
        return w.relative_layout(
            [
                w.image_view("element_image", width=131),
                w.linear_layout(
                    [
                        w.text_view(song[1], "element_title", height=80),
                        w.text_view(f"{song[2]} - {song[3]}", "element_subtitle", height=60),
                    ]
                ),
                w.image_view(
                    "element_action",
                    handler=self._toggle_play,
                    width=147,
                ),
            ],
            rid="currentPlay",
            layout=HORIZONTAL,
            height=158,
            style="primary",
            on_click=self._open_player,
        )

    def _main(self, ctx: AppContext) -> Screen:
        titles = {
            "artists": "Artists",
            "albums": "Albums",
            "songs": "Songs",
            "playlists": "Playlists",
            "search": "Search",
        }
        view = ctx.ui["view"]
        title = titles.get(view, "Blade")
        if view == "albums" and ctx.ui.get("key"):
            title = ctx.ui["key"]
        elif view == "songs" and ctx.ui.get("playlist") is not None:
            title = PLAYLISTS[ctx.ui["playlist"]][0]
        elif view == "songs" and ctx.ui.get("key"):
            title = ctx.ui["key"]
        search = View(
            cls="android.widget.SearchView",
            resource_id="action_search",
            width=147,
            children=[
                w.image_view(
                    "android:id/search_button",
                    "Search",
                    w.bind(self._show, "search"),
                )
            ],
        )
        bar = w.toolbar(
            title,
            navigation=w.nav_button(w.OPEN_DRAWER, w.bind(self._set, drawer=True)),
            actions=[
                search,
                w.action_item("action_sync", "Synchronisation", None),
                w.overflow_button(w.bind(self._set, menu=["overflow", None])),
            ],
        )
        rows = [self._row(ctx, i, o) for i, o in enumerate(self._objects(ctx))]
        listing = w.list_view(rows, rid="libraryList", scroll_key="scroll")
        children = [bar, listing]
        play = self._current_play(ctx)
        if play is not None:
            children.append(play)
        content = w.linear_layout(children, rid="mainLinearLayout")
        drawer = None
        if ctx.ui["drawer"]:
            entries: list[View] = [
                w.linear_layout(
                    [w.text_view("Blade", "textViewName", height=150)],
                    height=236,
                    style="primary",
                ),
                w.drawer_entry("Search", w.bind(self._navigate, "search")),
                w.text_view("Library", height=126),
            ]
            entries += [
                w.drawer_entry(t, w.bind(self._navigate, t))
                for t in titles.values()
                if t != "Search"
            ]
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="nav_view",
                width=800,
                children=entries,
            )
        windows: list[Window] = []
        menu = ctx.ui["menu"]
        if menu is not None:
            close = w.bind(self._set, menu=None)
            if menu[0] == "overflow":
                items: list[tuple[Any, ...]] = [("Settings", self._settings)]
            else:
                items = [
                    ("Play", w.bind(self._more_item, "play")),
                    ("Play next", w.bind(self._more_item, "next")),
                    ("Add to current playlist", w.bind(self._more_item, "add")),
                ]
            windows.append(w.menu_window(items, close, title_rid="android:id/title"))
        layout = w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout")
        return Screen(content=layout, windows=windows)

    def _settings(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        ctx.start_activity(SETTINGS)

    def _player(self, ctx: AppContext) -> Screen:
        song = self._song_row(ctx.data["queue"][ctx.data["pos"]])
        queue = ctx.data["queue"]
        minutes, seconds = divmod(song[5] // 1000, 60)
        bar = w.toolbar("Playing", actions=[w.overflow_button(w.bind(self._set, menu=True))])
        rows = [
            w.relative_layout(
                [
                    w.image_view("element_image", width=131),
                    w.linear_layout(
                        [
                            w.text_view(self._song_row(i)[1], "element_title", height=65),
                            w.text_view(self._song_row(i)[2], "element_subtitle", height=45),
                        ]
                    ),
                    w.image_view("element_more", width=105, height=131),
                ],
                layout=HORIZONTAL,
                height=165,
                selected=n == ctx.data["pos"],
            )
            for n, i in enumerate(queue)
        ]
        controls = w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.image_view("playlist_edit", width=118),
                        w.text_view(
                            f"{ctx.data['pos'] + 1}/{len(queue)}",
                            "textview_playlist_pos",
                            width=150,
                        ),
                        w.text_view(song[1], "textview_title"),
                        w.image_view("more", width=118),
                    ],
                    horizontal=True,
                    height=110,
                ),
                w.text_view(f"{song[2]} - {song[3]}", "textview_subtitle", height=80),
                w.linear_layout(
                    [
                        w.image_view("shuffle_button", width=105),
                        w.image_view("prev_button", handler=w.bind(self._skip, -1), width=118),
                        w.image_view("play_button", handler=self._toggle_play, width=144),
                        w.image_view("next_button", handler=w.bind(self._skip, 1), width=118),
                        w.image_view("repeat_button", width=105),
                    ],
                    horizontal=True,
                    height=147,
                ),
                w.linear_layout(
                    [
                        w.text_view("00:00", "song_position", width=120),
                        View(cls="android.widget.SeekBar", resource_id="seek_bar", height=80),
                        w.text_view(f"{minutes:02d}:{seconds:02d}", "song_duration", width=120),
                    ],
                    horizontal=True,
                    height=80,
                ),
            ],
            height=440,
            style="primary",
        )
        body = w.relative_layout(
            [
                w.image_view("album_display", height=700),
                w.list_view(rows, rid="playlist_view", scroll_key="scroll"),
                controls,
            ]
        )
        windows: list[Window] = []
        if ctx.ui["menu"]:
            close = w.bind(self._set, menu=False)
            windows.append(
                w.menu_window([("Settings", self._settings)], close, title_rid="android:id/title")
            )
        return Screen(content=w.linear_layout([bar, body]), windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == PLAY:
            return self._player(ctx)
        bar = w.toolbar("Settings")
        return Screen(content=w.linear_layout([bar, w.scroll_view([])]))
