"""Vinyl Music Player (``com.poupa.vinylmusicplayer``, VinylMusicPlayer/VinylMusicPlayer) 1.3.0,
for VinylMusicPlayer#485.

A local music player (a Phonograph fork): a first-run intro (material-intro), the storage
permission, then ``MainActivity`` with the library (tabs Songs, Albums, Artists, Genres,
Playlists), a mini player at the bottom that expands into the "Card" now playing screen, and
``PlaylistDetailActivity`` for one playlist.

Sources read at tag ``1.3.0`` (commit 66e1405, 2021-06-24; versionCode 177), the version of the
report, and the fix, commit c40163f ("Fix crash on tapping/dragging the very fist item of the
orderable playlist", 2021-07-07). Files read: ``MainActivity``, ``intro/AppIntroActivity``,
``base/AbsBaseActivity`` and ``AbsMusicServiceActivity`` (permissions),
``LibraryFragment`` (``fragment_library.xml``, ``menu_main.xml``), ``PlaylistsFragment``,
``PlaylistAdapter``, ``song/SongAdapter``, ``ShuffleButtonSongAdapter``,
``AbsOffsetSongAdapter``, ``PlaylistSongAdapter``, ``OrderablePlaylistSongAdapter``,
``PlaylistDetailActivity`` (``activity_playlist_detail.xml``), ``CardPlayerFragment``
(``fragment_card_player*.xml``, ``menu_player.xml``), ``fragment_mini_player.xml``,
``item_list.xml``, ``item_list_single_row.xml``, ``AddToPlaylistDialog``,
``CreatePlaylistDialog``, ``util/MusicUtil``, ``util/PlaylistsUtil``, ``MusicService.openQueue``,
``values/strings.xml``.

Bug VinylMusicPlayer#485 (crash): ``PlaylistDetailActivity`` shows a user playlist (any
playlist that is not a smart one, "Favorites" included) with an ``OrderablePlaylistSongAdapter``
wrapped by advrecyclerview's ``RecyclerViewDragDropManager``. That adapter implements
``DraggableItemAdapter<OrderablePlaylistSongAdapter.ViewHolder>``, but its first row, the
header with the timer icon and the playlist's info ("2 Songs  •  7:32"), is an
``AbsOffsetSongAdapter.ViewHolder``. A touch on that row makes the drag manager ask
``onCheckCanStartDrag(holder, ...)``, whose bridge method casts the holder:
``ClassCastException: ...AbsOffsetSongAdapter$ViewHolder cannot be cast to
...OrderablePlaylistSongAdapter$ViewHolder``. Smart playlists (Last added, History, My top
tracks) use the plain ``PlaylistSongAdapter`` without drag and drop; tapping their header calls
``openQueue(dataSet, -1, true)``, which does nothing. The fix makes the adapter generic on
``AbsOffsetSongAdapter.ViewHolder`` and returns false for other holders.

Fixed data (the device's MediaStore): five local songs, added to the device before the "Last
added" cutoff (so that smart playlist is empty). Stubbed: the Albums, Artists and Genres
tabs (their rows open nothing), search, the drawer's Folders, Scan media, Rescan library,
Settings and About (a titled empty screen), sort order, grid size, the song menu's items other
than "Add to playlist…" and "Play next", the playlist menus other than Play, the now playing
screen's menu, repeat and shuffle, the seek bar, the playing queue card's swipe, drag and drop
of songs, audio itself; History holds the songs started, My top tracks stays empty (the model
does not count plays).

Uncertain: the release is minified, so the library's frames carry no line numbers and the
advrecyclerview frames (0.11.0) below ``canStartDrag`` are written from that library's call
path, not copied from a report; the framework's tail is Android 10's. Whether
``ItemListSingleRowBinding`` hides the header's ``text`` line on the reporter's theme is not
known (it is hidden, as ``onBindViewHolder`` says).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.poupa.vinylmusicplayer"
MAIN = ".ui.activities.MainActivity"
INTRO = ".ui.activities.intro.AppIntroActivity"
DETAIL = ".ui.activities.PlaylistDetailActivity"
STUB = ".ui.activities.SettingsActivity"
READ = "android.permission.READ_EXTERNAL_STORAGE"
APP_NAME = "Vinyl Music Player"
ICON = "com.poupa.vinylmusicplayer.views.IconImageView"

# (id, title, artist, album, duration ms)
SONGS = (
    (11, "Clair de lune", "Claude Debussy", "Suite bergamasque", 302000),
    (12, "Gymnopédie No. 1", "Erik Satie", "Gymnopédies", 185000),
    (13, "Gnossienne No. 1", "Erik Satie", "Gnossiennes", 231000),
    (14, "Rêverie", "Claude Debussy", "Piano Works", 274000),
    (15, "Arabesque No. 1", "Claude Debussy", "Piano Works", 262000),
)
SMART = ("Last added", "History", "My top tracks")
TABS = ("Songs", "Albums", "Artists", "Genres", "Playlists")
SLIDES = (
    (
        APP_NAME,
        "Welcome to Vinyl Music Player, a beautiful and lightweight music player for Android. ",
    ),
    (
        "Playing queue",
        "Swipe the card in the now playing screen up to reveal the full playing queue.",
    ),
    (
        "Playing queue",
        "Rearrange the playing queue by dragging a song from its track number.",
    ),
)
SONG_MENU = (
    "Play next",
    "Add to playing queue",
    "Add to playlist…",
    "Go to album",
    "Go to artist",
    "Share",
    "Tag editor",
    "Details",
    "Set as ringtone",
    "Delete from device",
)
CCE = "java.lang.ClassCastException"
ADAPTER = "com.poupa.vinylmusicplayer.adapter.song."
CAST_MESSAGE = (
    f"{ADAPTER}AbsOffsetSongAdapter$ViewHolder cannot be cast to "
    f"{ADAPTER}OrderablePlaylistSongAdapter$ViewHolder"
)
DRAG = "com.h6ah4i.android.widget.advrecyclerview.draggable."
CAST_FRAMES = [
    f"{ADAPTER}OrderablePlaylistSongAdapter.onCheckCanStartDrag(Unknown Source:2)",
    f"{DRAG}DraggableItemWrapperAdapter.canStartDrag(Unknown Source:14)",
    f"{DRAG}RecyclerViewDragDropManager.checkConditionAndStartDragging(Unknown Source:72)",
    f"{DRAG}RecyclerViewDragDropManager.handleActionDown(Unknown Source:54)",
    f"{DRAG}RecyclerViewDragDropManager.onInterceptTouchEvent(Unknown Source:35)",
    f"{DRAG}RecyclerViewDragDropManager$1.onInterceptTouchEvent(Unknown Source:2)",
    "androidx.recyclerview.widget.RecyclerView.findInterceptingOnItemTouchListener"
    "(Unknown Source:25)",
    "androidx.recyclerview.widget.RecyclerView.onInterceptTouchEvent(Unknown Source:22)",
    "android.view.ViewGroup.dispatchTouchEvent(ViewGroup.java:2655)",
    "android.view.ViewGroup.dispatchTransformedTouchEvent(ViewGroup.java:3120)",
    "android.view.ViewGroup.dispatchTouchEvent(ViewGroup.java:2801)",
    "com.android.internal.policy.DecorView.superDispatchTouchEvent(DecorView.java:465)",
    "com.android.internal.policy.PhoneWindow.superDispatchTouchEvent(PhoneWindow.java:1849)",
    "android.app.Activity.dispatchTouchEvent(Activity.java:3993)",
    "android.view.View.dispatchPointerEvent(View.java:13674)",
    "android.view.ViewRootImpl$ViewPostImeInputStage.processPointerEvent(ViewRootImpl.java:5482)",
    "android.view.ViewRootImpl$InputStage.deliver(ViewRootImpl.java:4932)",
    "android.view.ViewRootImpl.deliverInputEvent(ViewRootImpl.java:7632)",
    "android.view.ViewRootImpl$WindowInputEventReceiver.onInputEvent(ViewRootImpl.java:7734)",
    "android.view.InputEventReceiver.dispatchInputEvent(InputEventReceiver.java:188)",
    "android.os.MessageQueue.nativePollOnce(Native Method)",
    "android.os.MessageQueue.next(MessageQueue.java:336)",
    "android.os.Looper.loop(Looper.java:174)",
    "android.app.ActivityThread.main(ActivityThread.java:7356)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:492)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:930)",
]


def header_touch_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of VinylMusicPlayer#485: a touch on the info header of a user playlist's
    screen threw the adapter's ClassCastException."""
    return bool(data.get("header_crash")) and crashed(system, PACKAGE, CCE, "cannot be cast")


def _song(song_id: int) -> tuple[Any, ...]:
    return next(s for s in SONGS if s[0] == song_id)


def _duration(millis: int) -> str:
    """``MusicUtil.getReadableDurationString``."""
    minutes, seconds = divmod(millis // 1000, 60)
    if minutes < 60:
        return f"{minutes}:{seconds:02d}"
    return f"{minutes // 60}:{minutes % 60:02d}:{seconds:02d}"


def _info(song_ids: list[int]) -> str:
    """``MusicUtil.getPlaylistInfoString``: "N Songs  •  m:ss"."""
    count = len(song_ids)
    label = "Song" if count == 1 else "Songs"
    return f"{count} {label}  •  {_duration(sum(_song(i)[4] for i in song_ids))}"


# -- steps -------------------------------------------------------------------------------------
GET_STARTED = click(PACKAGE, "mi_button_cta", "Get started")
ALLOW = allow_permission(PACKAGE)
START = [GET_STARTED, ALLOW]
PLAY_SONG = click(PACKAGE, "title", "Gymnopédie No. 1")
OPEN_NOW_PLAYING = click(PACKAGE, "mini_player_title")
HEART = click(PACKAGE, "action_toggle_favorite", desc="Add to favorites")
CLOSE_PLAYER = {"kind": "press_back"}
PLAYLISTS_TAB = click(PACKAGE, text="Playlists", cls="android.widget.TextView")
FAVORITES = click(PACKAGE, "title", "Favorites")
HEADER = click(PACKAGE, "title", "1 Song  •  3:05")
FAVORITE_A_SONG = [*START, PLAY_SONG, OPEN_NOW_PLAYING, HEART, CLOSE_PLAYER]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "VinylMusicPlayer#485": [
        # The song in the Favorites playlist tapped instead of its header.
        [*FAVORITE_A_SONG, PLAYLISTS_TAB, FAVORITES, PLAY_SONG],
        # A smart playlist's header (History holds the song played) instead of Favorites'.
        [*FAVORITE_A_SONG, PLAYLISTS_TAB, click(PACKAGE, "title", "History"), HEADER],
        # The heart tapped twice: Favorites is empty, no header to touch.
        [
            *START,
            PLAY_SONG,
            OPEN_NOW_PLAYING,
            HEART,
            click(PACKAGE, "action_toggle_favorite", desc="Remove from favorites"),
            CLOSE_PLAYER,
            PLAYLISTS_TAB,
            FAVORITES,
            click(PACKAGE, "android:id/empty", "Empty playlist"),
        ],
        # The Songs tab's own header row ("SHUFFLE ALL") instead of a playlist's.
        [*START, PLAY_SONG, click(PACKAGE, "title", "SHUFFLE ALL")],
    ],
}


class VinylMusicPlayer(VirtualApp):
    """Vinyl Music Player 1.3.0: intro, library, now playing and a playlist's screen."""

    name: ClassVar[str] = "VinylMusicPlayer"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.3.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "VinylMusicPlayer#485",
            "crash",
            "Crash when touching the playlist info",
            header_touch_crash,
            human_steps=(*FAVORITE_A_SONG, PLAYLISTS_TAB, FAVORITES, HEADER),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "intro_shown": False,
            "playlists": [],  # MediaStore.Audio.Playlists: {"id", "name", "songs"}
            "next_id": 1,
            "queue": [],
            "pos": 0,
            "playing": False,
            "history": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("menu", None)
        ui.setdefault("dialog", None)
        ui.setdefault("panel", False)
        if ctx.activity == MAIN:
            ui.setdefault("tab", 0)
            ui.setdefault("drawer", False)
            if not ctx.data["intro_shown"]:
                # checkShowIntro: permissions wait for the intro's result.
                ctx.data["intro_shown"] = True
                ctx.start_activity(INTRO)
            elif READ not in ctx.permissions:
                ctx.request_permission(READ)
        elif ctx.activity == INTRO:
            ui.setdefault("slide", 0)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        ctx.ui["denied"] = not granted

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == INTRO:
            if ui["slide"] > 0:
                ui["slide"] -= 1
                return True
            self._end_intro(ctx)
            return True
        return w.dismiss(ui, "menu", None) or w.dismiss(ui, "drawer") or w.dismiss(ui, "panel")

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == INTRO:
            return w.pager_swipe(ctx.ui, "slide", len(SLIDES), direction)
        if ctx.activity == MAIN and not ctx.ui["panel"]:
            return w.pager_swipe(ctx.ui, "tab", len(TABS), direction)
        return False

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {k: v for k, v in ctx.ui.items() if k in ("tab", "slide", "panel")}

    # -- handlers ----------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _end_intro(self, ctx: AppContext) -> None:
        """The intro finishes; ``MainActivity.onActivityResult`` asks for the permissions."""
        ctx.finish()
        if READ not in ctx.permissions:
            ctx.request_permission(READ)

    def _loaded(self, ctx: AppContext) -> bool:
        return READ in ctx.permissions

    def _user_playlists(self, ctx: AppContext) -> list[dict[str, Any]]:
        """``PlaylistLoader.getAllPlaylists``: by name."""
        return sorted(ctx.data["playlists"], key=lambda p: p["name"].lower())

    def _playlist(self, ctx: AppContext, playlist_id: int) -> dict[str, Any] | None:
        return next((p for p in ctx.data["playlists"] if p["id"] == playlist_id), None)

    def _play(self, ctx: AppContext, songs: list[int], position: int) -> None:
        """``MusicService.openQueue``: ignored for an empty list or a position out of it."""
        if songs and 0 <= position < len(songs):
            ctx.data["queue"] = list(songs)
            ctx.data["pos"] = position
            ctx.data["playing"] = True
            song = songs[position]
            if song not in ctx.data["history"]:
                ctx.data["history"].insert(0, song)

    def _create_playlist(self, ctx: AppContext, name: str) -> dict[str, Any]:
        """``PlaylistsUtil.createPlaylist``: a new MediaStore playlist and its toast."""
        playlist = {"id": ctx.data["next_id"], "name": name, "songs": []}
        ctx.data["next_id"] += 1
        ctx.data["playlists"].append(playlist)
        ctx.toast(f"Created playlist {name}.")
        return playlist

    def _toggle_favorite(self, ctx: AppContext) -> None:
        """``MusicUtil.toggleFavorite`` on the current song."""
        song = ctx.data["queue"][ctx.data["pos"]]
        favorites = next((p for p in ctx.data["playlists"] if p["name"] == "Favorites"), None)
        if favorites is not None and song in favorites["songs"]:
            favorites["songs"].remove(song)
            return
        if favorites is None:
            favorites = self._create_playlist(ctx, "Favorites")
        favorites["songs"].append(song)

    def _song_menu_item(self, ctx: AppContext, item: str) -> None:
        song = ctx.ui["menu"][1]
        ctx.ui["menu"] = None
        if item == "Add to playlist…":
            ctx.ui["dialog"] = {"kind": "add", "songs": [song], "name": ""}
        elif item == "Play next" and ctx.data["queue"]:
            ctx.data["queue"].insert(ctx.data["pos"] + 1, song)
        elif item == "Play next":
            self._play(ctx, [song], 0)

    def _add_to(self, ctx: AppContext, index: int) -> None:
        """``AddToPlaylistDialog``'s items: 0 is "New playlist…"."""
        dialog = ctx.ui["dialog"]
        if index == 0:
            ctx.ui["dialog"] = {"kind": "create", "songs": dialog["songs"], "name": ""}
            return
        ctx.ui["dialog"] = None
        playlist = self._user_playlists(ctx)[index - 1]
        new = [s for s in dialog["songs"] if s not in playlist["songs"]]
        playlist["songs"].extend(new)
        ctx.toast(f"Inserted {len(new)} songs into the playlist {playlist['name']}.")

    def _create(self, ctx: AppContext) -> None:
        """``CreatePlaylistDialog``'s Create."""
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        name = dialog["name"].strip()
        if not name:
            return
        if any(p["name"] == name for p in ctx.data["playlists"]):
            ctx.toast(f"Playlist {name} already exists.")
            return
        playlist = self._create_playlist(ctx, name)
        playlist["songs"].extend(dialog["songs"])
        ctx.toast(f"Inserted {len(dialog['songs'])} songs into the playlist {name}.")

    def _typed(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["name"] = text

    def _open_playlist(self, ctx: AppContext, key: Any) -> None:
        ctx.ui["menu"] = None
        ctx.start_activity(DETAIL, {"playlist": key})

    def _detail_songs(self, ctx: AppContext) -> list[int]:
        key = ctx.extras.get("playlist")
        if key == "History":
            return list(ctx.data["history"])
        if isinstance(key, int):
            playlist = self._playlist(ctx, key)
            return list(playlist["songs"]) if playlist else []
        return []

    def _header_touch(self, ctx: AppContext) -> None:
        """A touch on the header row (``OFFSET_ITEM``) of the playlist's list."""
        if isinstance(ctx.extras.get("playlist"), int):
            # RecyclerViewDragDropManager -> OrderablePlaylistSongAdapter.onCheckCanStartDrag.
            ctx.data["header_crash"] = True
            raise JavaException(CCE, CAST_MESSAGE, CAST_FRAMES)
        # PlaylistSongAdapter: openQueue(dataSet, -1, true) is ignored by the service.
        self._play(ctx, self._detail_songs(ctx), -1)

    def _stub(self, ctx: AppContext, title: str) -> None:
        ctx.ui.update(menu=None, drawer=False)
        ctx.start_activity(STUB, {"title": title})

    # -- pieces ------------------------------------------------------------------------------
    def _row(
        self,
        title: str,
        text: str,
        on_click: Any,
        *,
        menu: Any = None,
        drag: bool = False,
        on_long_click: Any = None,
    ) -> View:
        """``item_list.xml``: drag handle, image, title over text, menu button."""
        children: list[View] = []
        if drag:
            children.append(View(cls=ICON, resource_id="drag_view", width=120))
        children.append(w.image_view("image", width=168))
        texts: list[View] = [w.text_view(title, "title", height=80)]
        if text:
            texts.append(w.text_view(text, "text", height=60))
        children.append(w.linear_layout(texts, padding=14))
        if menu is not None:
            children.append(View(cls=ICON, resource_id="menu", on_click=menu, width=126))
        return View(
            cls="com.poupa.vinylmusicplayer.views.TouchInterceptFrameLayout",
            resource_id="touch_intercept_framelayout",
            layout=HORIZONTAL,
            height=189,
            on_click=on_click,
            on_long_click=on_long_click,
            children=children,
        )

    def _song_rows(self, ctx: AppContext, songs: list[int], *, drag: bool = False) -> list[View]:
        return [
            self._row(
                _song(s)[1],
                f"{_song(s)[2]}  •  {_song(s)[3]}",
                w.bind(self._play_from, songs, i),
                menu=w.bind(self._set, menu=["song", s]),
                drag=drag,
            )
            for i, s in enumerate(songs)
        ]

    def _play_from(self, ctx: AppContext, songs: list[int], index: int) -> None:
        self._play(ctx, songs, index)

    def _library_page(self, ctx: AppContext) -> View:
        tab = TABS[ctx.ui["tab"]]
        if not self._loaded(ctx):
            return w.text_view("No songs" if tab == "Songs" else f"No {tab.lower()}", "empty")
        songs = [s[0] for s in sorted(SONGS, key=lambda s: s[1])]
        rows: list[View] = []
        if tab == "Songs":
            shuffle = w.bind(self._play_from, songs, 0)
            rows = [self._row("SHUFFLE ALL", "", shuffle), *self._song_rows(ctx, songs)]
        elif tab == "Albums":
            albums = sorted({(s[3], s[2]) for s in SONGS})
            rows = [self._row(a, artist, None) for a, artist in albums]
        elif tab == "Artists":
            rows = [self._row(a, "", None) for a in sorted({s[2] for s in SONGS})]
        elif tab == "Genres":
            rows = [self._row("Classical", f"{len(SONGS)} Songs", None)]
        else:
            for name in SMART:
                songs_of = ctx.data["history"] if name == "History" else []
                rows.append(
                    self._row(
                        name,
                        _info(songs_of),
                        w.bind(self._open_playlist, name),
                        menu=w.bind(self._set, menu=["smart", name]),
                    )
                )
            for p in self._user_playlists(ctx):
                rows.append(
                    self._row(
                        p["name"],
                        _info(p["songs"]),
                        w.bind(self._open_playlist, p["id"]),
                        menu=w.bind(self._set, menu=["playlist", p["id"]]),
                    )
                )
        return w.list_view(
            rows, rid="recycler_view", cls="androidx.recyclerview.widget.RecyclerView"
        )

    def _mini_player(self, ctx: AppContext) -> View | None:
        if not ctx.data["queue"]:
            return None
        song = _song(ctx.data["queue"][ctx.data["pos"]])
        expand = w.bind(self._set, panel=True)
        return w.linear_layout(
            [
                View(cls=ICON, resource_id="mini_player_image", width=147),
                w.text_view(song[1], "mini_player_title", on_click=expand),
                View(
                    cls=ICON,
                    resource_id="mini_player_play_pause_button",
                    on_click=self._play_pause,
                    width=147,
                ),
            ],
            rid="mini_player_fragment",
            horizontal=True,
            height=147,
            on_click=expand,
        )

    def _play_pause(self, ctx: AppContext) -> None:
        ctx.data["playing"] = not ctx.data["playing"]

    def _now_playing(self, ctx: AppContext) -> View:
        """The Card now playing screen (``fragment_card_player.xml``)."""
        queue = ctx.data["queue"]
        song = _song(queue[ctx.data["pos"]])
        favorites = next((p for p in ctx.data["playlists"] if p["name"] == "Favorites"), None)
        favorite = favorites is not None and song[0] in favorites["songs"]
        heart = "Remove from favorites" if favorite else "Add to favorites"
        bar = w.toolbar(
            song[1],
            navigation=w.nav_button("", w.bind(self._set, panel=False)),
            actions=[
                w.action_item("action_toggle_favorite", heart, self._toggle_favorite),
                w.overflow_button(w.bind(self._set, menu=["player", None])),
            ],
            rid="player_toolbar",
        )
        controls = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.text_view("0:00", "player_song_current_progress", width=150),
                        View(cls="android.widget.SeekBar", resource_id="player_progress_slider"),
                        w.text_view(_duration(song[4]), "player_song_total_time", width=150),
                    ],
                    horizontal=True,
                    height=100,
                ),
                w.linear_layout(
                    [
                        w.image_button("player_repeat_button", width=150),
                        w.image_button("player_prev_button", handler=w.bind(self._skip, -1)),
                        w.image_button(
                            "player_play_pause_fab", handler=self._play_pause, width=190
                        ),
                        w.image_button("player_next_button", handler=w.bind(self._skip, 1)),
                        w.image_button("player_shuffle_button", width=150),
                    ],
                    rid="player_media_controller_container",
                    horizontal=True,
                    height=190,
                ),
            ],
            rid="player_footer_frame",
            weight=0,
        )
        upcoming = queue[ctx.data["pos"] + 1 :]
        card = w.linear_layout(
            [
                self._row(song[1], f"{song[2]}  •  {song[3]}", None),
                w.text_view("Up next", "player_queue_sub_header", height=100),
                w.list_view(
                    self._song_rows(ctx, upcoming),
                    rid="player_recycler_view",
                    cls="androidx.recyclerview.widget.RecyclerView",
                ),
            ],
            rid="card_content",
            height=520,
        )
        return w.linear_layout(
            [bar, w.image_view("player_image", height=600), controls, card],
            rid="player_sliding_layout",
        )

    def _skip(self, ctx: AppContext, delta: int) -> None:
        queue = ctx.data["queue"]
        ctx.data["pos"] = (ctx.data["pos"] + delta) % len(queue)

    def _menus(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        menu = ctx.ui["menu"]
        close = w.bind(self._set, menu=None)
        if menu is not None:
            kind, key = menu
            items: list[tuple[Any, ...]]
            if kind == "song":
                items = [(t, w.bind(self._song_menu_item, t)) for t in SONG_MENU]
            elif kind in ("smart", "playlist", "detail"):
                playlist_key = ctx.extras.get("playlist") if kind == "detail" else key
                play = w.bind(self._menu_play, playlist_key)
                titles = ["Play", "Play next", "Add to playing queue", "Add to playlist…"]
                if not isinstance(playlist_key, str):
                    titles += ["Rename", "Delete"]
                titles.append("Save as file")
                items = [(t, play if t == "Play" else close) for t in titles]
            elif kind == "player":
                titles = [
                    "Clear playing queue",
                    "Save playing queue",
                    "Sleep timer",
                    "Equalizer",
                ]
                items = [(t, close) for t in titles]
            else:
                items = [
                    ("Shuffle all", w.bind(self._menu_play, "all")),
                    ("Grid size", close),
                    ("Sort order", close),
                ]
            windows.append(w.menu_window(items, close))
        dialog = ctx.ui["dialog"]
        if dialog is not None:
            windows.append(self._dialog(ctx, dialog))
        return windows

    def _menu_play(self, ctx: AppContext, key: Any) -> None:
        ctx.ui["menu"] = None
        if key == "all":
            self._play(ctx, [s[0] for s in SONGS], 0)
        elif key == "History":
            self._play(ctx, list(ctx.data["history"]), 0)
        elif isinstance(key, int):
            playlist = self._playlist(ctx, key)
            self._play(ctx, list(playlist["songs"]) if playlist else [], 0)

    def _dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        """MaterialDialogs 0.9.6: ``md_title``, a list of ``md_title`` rows or the
        ``android:id/input`` field, and the ``md_buttonDefault*`` buttons."""
        cancel = w.bind(self._set, dialog=None)
        title = w.text_view(
            "Add to playlist" if dialog["kind"] == "add" else "New playlist", "md_title"
        )
        buttons: list[View] = []
        if dialog["kind"] == "add":
            names = ["New playlist…", *(p["name"] for p in self._user_playlists(ctx))]
            rows = [
                w.linear_layout(
                    [w.text_view(n, "md_title", height=147)],
                    height=147,
                    on_click=w.bind(self._add_to, i),
                )
                for i, n in enumerate(names)
            ]
            body: list[View] = [
                w.list_view(
                    rows,
                    rid="md_contentRecyclerView",
                    cls="androidx.recyclerview.widget.RecyclerView",
                )
            ]
        else:
            body = [
                w.edit_text("android:id/input", dialog["name"], self._typed, hint="Playlist name")
            ]
            buttons = [
                View(
                    cls="com.afollestad.materialdialogs.internal.MDButton",
                    resource_id=rid,
                    text=label,
                    on_click=handler,
                    width=300,
                    enabled=bool(dialog["name"].strip()) or rid.endswith("Negative"),
                )
                for rid, label, handler in (
                    ("md_buttonDefaultNegative", "Cancel", cancel),
                    ("md_buttonDefaultPositive", "Create", self._create),
                )
            ]
        root = View(
            cls="com.afollestad.materialdialogs.internal.MDRootLayout",
            weight=0,
            children=[
                title,
                *body,
                w.linear_layout(
                    [View(cls="android.view.View"), *buttons], horizontal=True, height=140
                )
                if buttons
                else View(cls="android.view.View", height=30),
            ],
        )
        return Window(root=root, on_dismiss=cancel)

    # -- screens -----------------------------------------------------------------------------
    def _intro(self, ctx: AppContext) -> Screen:
        slide = ctx.ui["slide"]
        title, description = SLIDES[slide]
        page = w.linear_layout(
            [
                w.image_view("mi_image", height=800),
                w.text_view(title, "mi_title", height=150),
                w.text_view(description, "mi_description", height=260),
            ]
        )
        cta = View(
            cls="android.widget.TextSwitcher",
            resource_id="mi_button_cta",
            height=150,
            children=[w.button("mi_button_cta", "Get started", self._end_intro, height=150)],
        )
        indicator = View(
            cls="com.heinrichreimersoftware.materialintro.view.InkPageIndicator",
            resource_id="mi_pager_indicator",
            height=80,
        )
        pager = View(
            cls="com.heinrichreimersoftware.materialintro.view.FadeableViewPager",
            resource_id="mi_pager",
            children=[page],
        )
        return Screen(content=w.frame_layout([pager, indicator, cta], rid="mi_frame"))

    def _with_panel(self, ctx: AppContext, content: View) -> View:
        """``sliding_music_panel_layout.xml``: the screen, then the mini player, or the
        expanded now playing screen over it."""
        if ctx.ui["panel"] and ctx.data["queue"]:
            return View(
                cls="com.sothree.slidinguppanel.SlidingUpPanelLayout",
                resource_id="sliding_layout",
                children=[self._now_playing(ctx)],
            )
        children = [content]
        mini = self._mini_player(ctx)
        if mini is not None:
            children.append(mini)
        return View(
            cls="com.sothree.slidinguppanel.SlidingUpPanelLayout",
            resource_id="sliding_layout",
            children=children,
        )

    def _main(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            APP_NAME,
            navigation=w.nav_button("", w.bind(self._set, drawer=True)),
            actions=[
                w.action_item("action_search", "Search", w.bind(self._stub, "Search")),
                w.overflow_button(w.bind(self._set, menu=["main", None])),
            ],
        )
        tabs = w.tabs(TABS, ctx.ui["tab"], lambda c, i: c.ui.update(tab=i), rid="tabs")
        page = View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="pager",
            children=[self._library_page(ctx)],
        )
        parts = [w.linear_layout([bar, tabs], rid="appbar", weight=0), page]
        if ctx.ui.get("denied"):
            parts.append(
                w.linear_layout(
                    [
                        w.text_view("Permissions denied.", "snackbar_text"),
                        w.button("snackbar_action", "Grant", self._ask_again, width=250),
                    ],
                    horizontal=True,
                    height=150,
                )
            )
        content = self._with_panel(ctx, w.linear_layout(parts, rid="fragment_container"))
        drawer = None
        if ctx.ui["drawer"]:
            entries = [
                w.image_view("image", height=400),
                w.drawer_entry("Library", w.bind(self._set, drawer=False), checked=True),
                *(
                    w.drawer_entry(t, w.bind(self._stub, t))
                    for t in ("Folders", "Scan media", "Rescan library", "Settings", "About")
                ),
            ]
            drawer = View(
                cls="com.google.android.material.navigation.NavigationView",
                resource_id="navigation_view",
                width=800,
                children=entries,
            )
        return Screen(content=w.drawer_layout(content, drawer), windows=self._menus(ctx))

    def _ask_again(self, ctx: AppContext) -> None:
        ctx.ui["denied"] = False
        ctx.request_permission(READ)

    def _detail(self, ctx: AppContext) -> Screen:
        key = ctx.extras.get("playlist")
        user = isinstance(key, int)
        playlist = self._playlist(ctx, key) if isinstance(key, int) else None
        name = playlist["name"] if playlist else str(key)
        songs = self._detail_songs(ctx)
        bar = w.toolbar(
            w.text_view(name, "title", height=w.TOOLBAR_HEIGHT),
            navigation=w.up_button(),
            actions=[
                w.action_item(
                    "action_shuffle_playlist", "Shuffle playlist", w.bind(self._menu_play, key)
                ),
                w.overflow_button(w.bind(self._set, menu=["detail", None])),
            ],
        )
        listing: View
        if songs:
            header = View(
                cls="com.poupa.vinylmusicplayer.views.TouchInterceptFrameLayout",
                resource_id="touch_intercept_framelayout",
                layout=HORIZONTAL,
                height=147,
                on_click=self._header_touch,
                on_long_click=self._header_touch,
                children=[
                    w.image_view("image", width=147),
                    w.text_view(_info(songs), "title"),
                ],
            )
            listing = w.list_view(
                [header, *self._song_rows(ctx, songs, drag=user)],
                rid="recycler_view",
                cls="androidx.recyclerview.widget.RecyclerView",
            )
        else:
            listing = w.text_view("Empty playlist", "android:id/empty")
        content = self._with_panel(ctx, w.linear_layout([bar, listing]))
        return Screen(content=content, windows=self._menus(ctx))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == INTRO:
            return self._intro(ctx)
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == DETAIL:
            return self._detail(ctx)
        bar = w.toolbar(ctx.extras.get("title", ""), navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, w.scroll_view([])]))
