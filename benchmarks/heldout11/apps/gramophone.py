"""Gramophone 1.0.12 (org.akanework.gramophone), a local music player (Kotlin, Media3).

Sources read: FoedusProgramme/Gramophone at tag 1.0.12, commit
42ed78312dc7280bfb8c7b23822d44dcc699f86f (app/build.gradle.kts versionName "1.0.12"):
ui/MainActivity.kt (runtime permission on first start), ui/fragments/ViewPagerFragment.kt and
ui/adapters/ViewPager2Adapter.kt (the tabs), ui/adapters/SongAdapter.kt (a tap plays the shown
list from that song), ui/components/PlayerBottomSheet.kt / FullBottomSheet.kt (the mini player,
the full player, its "Current playlist" sheet), layouts activity_main, fragment_viewpager,
general_decor, adapter_list_card, adapter_grid_card, bottom_sheet, full_player,
playlist_bottom_sheet, adapter_list_card_playlist, menus home_menu and more_menu, values/strings.
The fix is in d937fe0b ("bunch of crash fixes", released in 1.0.13).

Bug FoedusProgramme/Gramophone#278 (crash): FullBottomSheet.PlaylistCardAdapter.onBindViewHolder
writes each queued item's length with ``item.mediaMetadata.durationMs!!``; an item whose
MediaStore row has no duration (MediaStoreUtils.getAllSongs passes the column's null on to
``setDurationMs``) makes the ``!!`` throw a bare java.lang.NullPointerException when the
"Current playlist" sheet binds that row. 1.0.13 writes ``durationMs?.convertDurationToTimeStamp()``.

Fixed data (the device's media library, read from MediaStore on a phone): five tracks in three
albums; the track "Voice memo 03" (album "Recordings") has no duration in MediaStore, as some
files on the reporter's phone must have had. Playing from the Songs tab queues every track;
playing from an album queues that album only.

Modelled: the READ_EXTERNAL_STORAGE request of a fresh install (API 30 asks only for it; a
denial shows the "grant" toast and closes the app), the home screen (collapsing toolbar
"Gramophone", Search action, overflow Refresh/Equalizer/Settings, the eight tabs), the Songs
tab (counter, Play all, Shuffle all, sort, rows with their more-menu), the Albums tab (a grid;
an album opens its song list), the mini player and the full player with its action bar
(Lyrics, Repeat mode, Shuffle, Favourite, Sleep timer, Current playlist) and the playlist
sheet. Stubbed: other tabs (empty), search, settings, equalizer, sort menu, lyrics view,
sleep-timer dialog, the row menu's actions; playback itself (no audio, no seek bar motion).
Uncertain: the exact frames below RecyclerView in the crash (the release build is minified;
frames are given as R8 prints them, "SourceFile"), the position of the decor buttons.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "org.akanework.gramophone"
MAIN = ".ui.MainActivity"
READ_STORAGE = "android.permission.READ_EXTERNAL_STORAGE"
BUG = "Gramophone#278"

TABS = ("Songs", "Albums", "Artists", "Genres", "Dates", "Filesystem", "Folders", "Playlists")

# The media library as MediaStore gives it (duration in ms; None: no DURATION value).
LIBRARY: list[dict[str, Any]] = [
    {"id": 31, "title": "Blue Harbour", "artist": "Lena Marsh", "album": "Tides", "ms": 221000},
    {"id": 32, "title": "Cold Water", "artist": "Lena Marsh", "album": "Tides", "ms": 198000},
    {"id": 33, "title": "Midnight Tram", "artist": "The Lamps", "album": "City", "ms": 254000},
    {"id": 34, "title": "Slow Lights", "artist": "The Lamps", "album": "City", "ms": 187000},
    {
        "id": 35,
        "title": "Voice memo 03",
        "artist": "Field Notes",
        "album": "Recordings",
        "ms": None,
    },
]

NPE_FRAMES = [
    "org.akanework.gramophone.ui.components.FullBottomSheet$PlaylistCardAdapter"
    ".onBindViewHolder(SourceFile:54)",
    "androidx.recyclerview.widget.RecyclerView$Adapter.onBindViewHolder(SourceFile:1)",
    "androidx.recyclerview.widget.RecyclerView$Adapter.bindViewHolder(SourceFile:147)",
    "androidx.recyclerview.widget.RecyclerView$Recycler"
    ".tryGetViewHolderForPositionByDeadline(SourceFile:1183)",
    "androidx.recyclerview.widget.LinearLayoutManager$LayoutState.next(SourceFile:26)",
    "androidx.recyclerview.widget.LinearLayoutManager.fill(SourceFile:130)",
    "androidx.recyclerview.widget.RecyclerView.dispatchLayoutStep2(SourceFile:103)",
    "androidx.recyclerview.widget.RecyclerView.onLayout(SourceFile:63)",
    "android.view.View.layout(View.java:22844)",
    "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:3299)",
    "android.view.Choreographer.doFrame(Choreographer.java:1005)",
    "android.os.Handler.handleCallback(Handler.java:938)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loop(Looper.java:223)",
    "android.app.ActivityThread.main(ActivityThread.java:7656)",
]


def crashed_on_playlist(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #278: the app died of the bare NullPointerException."""
    return crashed(system, PACKAGE, "java.lang.NullPointerException")


def _stamp(ms: int) -> str:
    """CalculationUtils.convertDurationToTimeStamp: m:ss."""
    sec = ms // 1000
    return f"{sec // 60}:{sec % 60:02d}"


def _artist(song: dict[str, Any]) -> str:
    return str(song["artist"])


def _sorted_songs() -> list[dict[str, Any]]:
    return sorted(LIBRARY, key=lambda s: str(s["title"]).lower())


def _albums() -> list[str]:
    return sorted({str(s["album"]) for s in LIBRARY})


def _album_songs(album: str) -> list[dict[str, Any]]:
    return [s for s in _sorted_songs() if s["album"] == album]


def _c(rid: str = "", text: str = "", desc: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc)


HUMAN_STEPS = (
    allow_permission(PACKAGE),
    _c(text="Midnight Tram"),
    _c(rid="preview_player"),
    _c(rid="playlist", desc="Current playlist"),
)

WRONG_SEQUENCES = {
    BUG: [
        # the full player opened, but Lyrics pressed instead of the playlist button
        [
            allow_permission(PACKAGE),
            _c(text="Midnight Tram"),
            _c(rid="preview_player"),
            _c(rid="lyrics", desc="Lyrics"),
        ],
        # the playlist button of a queue played from an album holding only timed tracks
        [
            allow_permission(PACKAGE),
            _c(text="Albums"),
            _c(text="Tides"),
            _c(text="Cold Water"),
            _c(rid="preview_player"),
            _c(rid="playlist"),
        ],
        # song played and the mini player opened, then closed again
        [
            allow_permission(PACKAGE),
            _c(text="Midnight Tram"),
            _c(rid="preview_player"),
            _c(rid="slide_down"),
        ],
        # the Sleep timer button next to it
        [
            allow_permission(PACKAGE),
            _c(text="Midnight Tram"),
            _c(rid="preview_player"),
            _c(rid="timer"),
        ],
    ]
}


class Gramophone(VirtualApp):
    """Gramophone 1.0.12: home tabs, mini/full player and the Current playlist sheet."""

    name: ClassVar[str] = "Gramophone"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Gramophone"
    version: ClassVar[str] = "1.0.12"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG,
            "crash",
            "Crash with Playlist button",
            crashed_on_playlist,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"favourites": [], "repeat": 0, "shuffle": False}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("tab", 0)
        ctx.ui.setdefault("sheet", "collapsed")
        if READ_STORAGE not in ctx.permissions:
            ctx.request_permission(READ_STORAGE)
        else:
            ctx.memory["loaded"] = True

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if granted:
            ctx.memory["loaded"] = True  # updateLibrary()
        else:
            ctx.toast('Please grant "Music and audio" permission')
            ctx.finish()

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {k: v for k, v in ctx.ui.items() if k in ("tab", "album", "sheet")}

    def on_back(self, ctx: AppContext) -> bool:
        for key in ("menu", "row_menu", "playlist_sheet"):
            if ctx.ui.get(key) is not None:
                ctx.ui[key] = None
                return True
        if ctx.memory.get("queue") and ctx.ui.get("sheet") == "expanded":
            ctx.ui["sheet"] = "collapsed"
            return True
        if ctx.ui.get("album"):
            ctx.ui["album"] = None
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.ui.get("album") or ctx.ui.get("sheet") == "expanded":
            return False
        return w.pager_swipe(ctx.ui, "tab", len(TABS), direction)

    # -- player (the MediaController of the process's session) -------------------------------
    def _play(self, ctx: AppContext, songs: list[dict[str, Any]], index: int) -> None:
        """SongAdapter.onClick: setMediaItems(list, index), prepare(), play()."""
        ctx.memory["queue"] = [int(s["id"]) for s in songs]
        ctx.memory["current"] = index
        ctx.memory["playing"] = True
        ctx.ui["row_menu"] = None

    def _shuffle_all(self, ctx: AppContext, songs: list[dict[str, Any]]) -> None:
        self._play(ctx, list(reversed(songs)), 0)

    def _song(self, song_id: int) -> dict[str, Any]:
        return next(s for s in LIBRARY if s["id"] == song_id)

    def _current(self, ctx: AppContext) -> dict[str, Any] | None:
        queue = ctx.memory.get("queue") or []
        if not queue:
            return None
        return self._song(queue[int(ctx.memory.get("current", 0))])

    def _toggle_play(self, ctx: AppContext) -> None:
        ctx.memory["playing"] = not ctx.memory.get("playing", False)

    def _skip(self, ctx: AppContext, step: int) -> None:
        queue = ctx.memory.get("queue") or []
        cur = int(ctx.memory.get("current", 0)) + step
        if 0 <= cur < len(queue):
            ctx.memory["current"] = cur

    def _open_playlist(self, ctx: AppContext) -> None:
        """FullBottomSheet's playlist button: a BottomSheetDialog whose RecyclerView binds
        each queued item; onBindViewHolder does ``durationMs!!``."""
        for song_id in ctx.memory.get("queue") or []:
            if self._song(song_id)["ms"] is None:
                raise JavaException("java.lang.NullPointerException", "", frames=NPE_FRAMES)
        ctx.ui["playlist_sheet"] = True

    def _remove_from_queue(self, ctx: AppContext, pos: int) -> None:
        queue = list(ctx.memory.get("queue") or [])
        if pos < len(queue):
            queue.pop(pos)
            cur = int(ctx.memory.get("current", 0))
            if pos < cur:
                cur -= 1
            ctx.memory["queue"] = queue
            ctx.memory["current"] = min(cur, max(len(queue) - 1, 0))
            if not queue:
                ctx.ui["playlist_sheet"] = None

    def _favour(self, ctx: AppContext) -> None:
        song = self._current(ctx)
        if song is None:
            return
        favs: list[int] = ctx.data["favourites"]
        if song["id"] in favs:
            favs.remove(song["id"])
        else:
            favs.append(song["id"])

    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui[key] = value

    # -- render ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if not ctx.memory.get("loaded"):
            # The splash screen is kept while the permission is asked (ready == false).
            return Screen(content=w.frame_layout([], rid="android:id/content"))
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Refresh", w.bind(self._refresh), "refresh"),
                        ("Equalizer", w.bind(self._set, "menu", None), "equalizer"),
                        ("Settings", w.bind(self._set, "menu", None), "settings"),
                    ],
                    w.bind(self._set, "menu", None),
                )
            )
        if ctx.ui.get("row_menu") is not None:
            windows.append(
                w.menu_window(
                    [
                        (title, w.bind(self._set, "row_menu", None), rid)
                        for title, rid in (
                            ("Play next", "play_next"),
                            ("Go to album", "album"),
                            ("Go to artist", "artist"),
                            ("Details", "details"),
                            ("Share", "share"),
                        )
                    ],
                    w.bind(self._set, "row_menu", None),
                )
            )
        if ctx.ui.get("playlist_sheet"):
            windows.append(self._playlist_window(ctx))
        if ctx.memory.get("queue") and ctx.ui.get("sheet") == "expanded":
            return Screen(content=self._full_player(ctx), windows=windows)
        return Screen(content=self._home(ctx), windows=windows)

    def _refresh(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        ctx.toast(f"Refreshed {len(LIBRARY)} songs")

    def _home(self, ctx: AppContext) -> View:
        album = ctx.ui.get("album")
        if album:
            body = [
                w.toolbar(
                    str(album),
                    navigation=w.up_button(w.bind(self._set, "album", None)),
                    rid="topAppBar",
                ),
                self._song_list(ctx, _album_songs(str(album))),
            ]
        else:
            body = [
                w.linear_layout(
                    [
                        w.toolbar(
                            "Gramophone",
                            rid="topAppBar",
                            actions=[
                                w.action_item("search", "Search", w.bind(self._set, "menu", None)),
                                w.overflow_button(w.bind(self._set, "menu", True)),
                            ],
                        ),
                        w.tabs(TABS, int(ctx.ui.get("tab", 0)), self._select_tab, rid="tab_layout"),
                    ],
                    rid="appbarlayout",
                    height=273,
                ),
                self._tab_page(ctx),
            ]
        preview = self._preview_player(ctx)
        if preview is not None:
            body.append(preview)
        return w.linear_layout(body, rid="container")

    def _select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index

    def _tab_page(self, ctx: AppContext) -> View:
        tab = int(ctx.ui.get("tab", 0))
        if tab == 0:
            return self._song_list(ctx, _sorted_songs())
        if tab == 1:
            cards = [
                w.frame_layout(
                    [
                        w.image_view("cover", height=380),
                        w.text_view(name, "title"),
                        w.text_view(_artist(_album_songs(name)[0]), "artist"),
                        w.button("more", width=147),
                    ],
                    on_click=w.bind(self._set, "album", name),
                    height=520,
                )
                for name in _albums()
            ]
            # GridLayoutManager with two columns
            grid = [
                w.linear_layout(cards[i : i + 2], horizontal=True, height=520)
                for i in range(0, len(cards), 2)
            ]
            return w.list_view(
                grid, rid="recyclerview", cls="androidx.recyclerview.widget.RecyclerView"
            )
        return w.list_view([], rid="recyclerview", cls="androidx.recyclerview.widget.RecyclerView")

    def _song_list(self, ctx: AppContext, songs: list[dict[str, Any]]) -> View:
        current = self._current(ctx)
        count = len(songs)
        decor = w.linear_layout(
            [
                w.text_view(f"{count} Song" if count == 1 else f"{count} Songs", "song_counter"),
                w.button("play_all", handler=w.bind(self._play, songs, 0), width=147),
                w.button("shuffle_all", handler=w.bind(self._shuffle_all, songs), width=147),
                w.button("sort", width=147),
            ],
            horizontal=True,
            height=147,
        )
        rows = [decor]
        for i, song in enumerate(songs):
            trailing = [w.button("more", handler=w.bind(self._set, "row_menu", i), width=147)]
            if current is not None and current["id"] == song["id"]:
                trailing.insert(0, w.image_view("now_playing", "Now playing", width=80))
            rows.append(
                w.list_row(
                    str(song["title"]),
                    _artist(song),
                    on_click=w.bind(self._play, songs, i),
                    title_rid="title",
                    subtitle_rid="artist",
                    leading=w.image_view("cover", width=147),
                    trailing=trailing,
                )
            )
        return w.list_view(
            rows, rid="recyclerview", cls="androidx.recyclerview.widget.RecyclerView"
        )

    def _preview_player(self, ctx: AppContext) -> View | None:
        song = self._current(ctx)
        if song is None:
            return None  # the bottom sheet is hidden without a media item
        return View(
            cls="android.view.ViewGroup",
            resource_id="preview_player",
            layout=HORIZONTAL,
            height=200,
            on_click=w.bind(self._set, "sheet", "expanded"),
            children=[
                w.image_view("preview_album_cover", "Album", width=160),
                w.linear_layout(
                    [
                        w.text_view(str(song["title"]), "preview_song_name"),
                        w.text_view(_artist(song), "preview_artist_name"),
                    ]
                ),
                w.button("preview_control", handler=self._toggle_play, width=147),
                w.button("preview_next", handler=w.bind(self._skip, 1), width=147),
            ],
        )

    def _full_player(self, ctx: AppContext) -> View:
        song = self._current(ctx) or {}
        ms = song.get("ms")
        return View(
            cls="android.widget.LinearLayout",
            resource_id="full_player",
            children=[
                w.button("slide_down", handler=w.bind(self._set, "sheet", "collapsed"), height=147),
                w.image_view("full_sheet_cover", "Album", height=700),
                w.text_view(str(song.get("title", "")), "full_song_name"),
                w.text_view(_artist(song) if song else "", "full_song_artist"),
                View(cls="android.widget.SeekBar", resource_id="slider_squiggly", height=100),
                w.frame_layout(
                    [
                        w.text_view("0:00", "position"),
                        w.text_view(_stamp(int(ms)) if ms is not None else "0:00", "duration"),
                    ],
                    rid="duration_frame",
                    layout=HORIZONTAL,
                    height=80,
                ),
                View(
                    cls="android.view.ViewGroup",
                    resource_id="controls",
                    layout=HORIZONTAL,
                    height=200,
                    children=[
                        w.button("sheet_previous_song", handler=w.bind(self._skip, -1)),
                        w.button("sheet_mid_button", handler=self._toggle_play),
                        w.button("sheet_next_song", handler=w.bind(self._skip, 1)),
                    ],
                ),
                w.linear_layout(
                    [
                        w.button(
                            "lyrics",
                            content_desc="Lyrics",
                            handler=w.bind(self._set, "lyrics", True),
                        ),
                        w.button("sheet_loop", handler=self._cycle_repeat),
                        w.button("sheet_random", handler=self._toggle_shuffle),
                        w.button("favor", handler=self._favour),
                        w.button("timer", handler=w.bind(self._set, "timer", True)),
                        w.button(
                            "playlist", content_desc="Current playlist", handler=self._open_playlist
                        ),
                    ],
                    rid="actionBar",
                    horizontal=True,
                    height=147,
                ),
            ],
        )

    def _cycle_repeat(self, ctx: AppContext) -> None:
        ctx.data["repeat"] = (int(ctx.data["repeat"]) + 1) % 3

    def _toggle_shuffle(self, ctx: AppContext) -> None:
        ctx.data["shuffle"] = not ctx.data["shuffle"]

    def _playlist_window(self, ctx: AppContext) -> Window:
        current = self._current(ctx) or {}
        rows = []
        for pos, song_id in enumerate(ctx.memory.get("queue") or []):
            song = self._song(song_id)
            rows.append(
                w.frame_layout(
                    [
                        w.linear_layout(
                            [
                                w.image_view("cover", width=147),
                                w.linear_layout(
                                    [
                                        w.text_view(str(song["title"]), "title"),
                                        w.text_view(_artist(song), "artist"),
                                    ]
                                ),
                                w.text_view(_stamp(int(song["ms"])), "indicator", width=160),
                                w.button(
                                    "close", handler=w.bind(self._remove_from_queue, pos), width=147
                                ),
                            ],
                            horizontal=True,
                        )
                    ],
                    on_click=w.bind(self._set_current, pos),
                    height=168,
                )
            )
        root = View(
            cls="android.widget.LinearLayout",
            weight=0,
            children=[
                View(cls="android.view.View", height=60),  # BottomSheetDragHandleView
                View(
                    cls="android.widget.LinearLayout",
                    layout=FRAME,
                    height=200,
                    children=[
                        w.image_view("now_playing_cover", width=160),
                        w.text_view("Now playing"),
                        w.text_view(str(current.get("title", "")), "now_playing"),
                    ],
                ),
                w.list_view(
                    rows, rid="recyclerview", cls="androidx.recyclerview.widget.RecyclerView"
                ),
            ],
        )
        return Window(root=root, kind="sheet", on_dismiss=w.bind(self._set, "playlist_sheet", None))

    def _set_current(self, ctx: AppContext, pos: int) -> None:
        ctx.memory["current"] = pos
