"""Shuttle (free flavour, ``another.music.player``) 2.0.11-beta2, for Shuttle#456.

Modelled from the sources at tag ``v2.0.11-beta2`` (commit ``6317ff77``, "Bump to
2.0.11-beta2"): ``app/src/main/AndroidManifest.xml``, ``ui/common/BaseActivity.java``
(the permission request), ``ui/screens/main/MainActivity.java``, ``LibraryController.java``
(the tabs), ``model/CategoryItem.java``, ``utils/SettingsManager.java`` (default page),
``ui/screens/songs/list/SongListFragment.kt``, ``ui/modelviews/SongView.java``,
``AlbumArtistView.java``, ``AlbumView.java``, ``utils/menu/song/SongMenuUtils.kt``,
``utils/playlists/PlaylistMenuHelper.kt``, ``utils/playlists/PlaylistManager.kt``,
``ui/screens/songs/menu/SongMenuPresenter.kt``,
``ui/screens/playlist/dialog/CreatePlaylistDialog.kt``, the layouts ``fragment_library.xml``,
``list_item_two_lines.xml``, ``list_item_image.xml``, ``grid_item_palette.xml``,
``list_item_shuffle.xml``, ``dialog_playlist.xml``, the menus ``menu_song.xml``,
``menu_album.xml``, ``menu_artist.xml``, ``menu_genre.xml``, ``menu_library.xml``, and
``res/values/strings.xml`` (``app_name`` "Shuttle" from ``src/free``). The fix is commit
``8405c823`` ("Fixed a crash when creating & adding songs to playlist", released in 2.0.12).

First run: ``BaseActivity.onCreate`` asks (Permiso) for WRITE_EXTERNAL_STORAGE (WAKE_LOCK is a
normal permission); a denial toasts "Permission check failed" and finishes. No intro and no
changelog on a first install (``showChangelogDialog`` skips first-time users); the rating
snackbar only comes after many launches. The library (``LibraryController``) has a Toolbar
"Library" (drawer toggle "Open navigation drawer", Search action) over a TabLayout of the
default categories Genres, Suggested, Artists, Albums, Songs (Folders and Playlists are off by
default), opened on Artists (``getDefaultPageType``). The Songs page lists a "Shuffle All" row
then the songs (``line_one`` title, ``line_two`` "artist - album", ``line_three`` duration,
``btn_overflow`` described "<title> options"); its overflow opens ``menu_song`` (Play next,
Add to…, Edit tags, Share, Set as ringtone, Song info, Blacklist, Delete, Go to…); "Add to…"
opens Playlist / Queue, and "Playlist" the playlist submenu: "New" then the device's
playlists. "New" shows ``CreatePlaylistDialog``: a MaterialDialog "Playlist" with the field
``editText`` (hint "Playlist name", prefilled "New playlist 1"), Cancel and Save (Overwrite
when the name exists; disabled when the field is blank).

The bug (Shuttle#456, crash): Save inserts the playlist into the MediaStore, then
``PlaylistManager.addToPlaylist`` adds the songs and calls back; the callback casts
``parentFragment`` to ``OnSavePlaylistListener``, which no fragment implements (the dialog is
shown from ``SongListFragment``'s ``childFragmentManager``), and throws
``java.lang.IllegalStateException: CreatePlaylistDialog parent must implement
OnSavePlaylistListener`` (CreatePlaylistDialog.kt:121) inside an Rx consumer on the main
thread; RxJava hands it to the thread's uncaught-exception handler and the app dies, after the
playlist and its song were written (they are there on the next launch). The same dialog opened
from an artist's, album's or genre's overflow menu crashes the same way (modelled). The
frames' Kotlin lambda class names and the Rx line numbers are reconstructed, not copied from a
trace (the report's logcat excerpt shows only the ``Process:`` lines).

Fixed world data: the device's MediaStore holds the six songs of ``SONGS`` (no playlists);
the library shows them once the storage permission is granted.

Stubs: the navigation drawer (its entries, nothing behind them), Search (a search field),
Suggested (its empty-state text), the Genres/Artists/Albums pages (their rows and overflow
menus; a row tap does nothing), playback (tapping a song, Shuffle All or a menu's Play only
records the queue; no now-playing sheet), the Songs page's overflow "Sorting" (closes), the
Cast button (hidden: no Cast device), and the menus' items other than Add to…, Play and
Go to… (they close the menu). The list's order (by title) is the model's choice.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "another.music.player"
MAIN = "com.simplecity.amp_library.ui.screens.main.MainActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"

# The device's music (fixed data): (id, title, artist, album, genre, duration label).
SONGS: tuple[tuple[int, str, str, str, str, str], ...] = (
    (101, "Amber Streetlights", "Nora Quill", "Night Ferry", "Folk", "3:41"),
    (102, "Cold Harbour", "Nora Quill", "Night Ferry", "Folk", "4:05"),
    (103, "Driftwood", "The Paper Kites Club", "Low Tide", "Indie", "2:58"),
    (104, "Glass Orchard", "The Paper Kites Club", "Low Tide", "Indie", "3:17"),
    (105, "Signal Fires", "Maren Holt", "Northern Lines", "Electronic", "5:02"),
    (106, "Wintering", "Maren Holt", "Northern Lines", "Electronic", "3:33"),
)

TABS = ("Genres", "Suggested", "Artists", "Albums", "Songs")
DEFAULT_PAGE = 2  # Artists: SettingsManager.getDefaultPageType()'s default
SONGS_PAGE = 4

SONG_MENU = (
    "Play next",
    "Add to…",
    "Edit tags",
    "Share",
    "Set as ringtone",
    "Song info",
    "Blacklist",
    "Delete",
    "Go to…",
)
ALBUM_MENU = (
    "Play",
    "Play next",
    "Add to…",
    "Edit tags",
    "Biography",
    "Choose artwork",
    "Blacklist",
    "Delete",
    "Go to…",
)
ARTIST_MENU = (
    "Play",
    "Play next",
    "Album shuffle",
    "Add to…",
    "Edit tags",
    "Biography",
    "Choose artwork",
    "Blacklist",
    "Delete",
)
GENRE_MENU = ("Play", "Play next", "Add to…")
MENU_IDS = {
    "Play next": "playNext",
    "Edit tags": "editTags",
    "Share": "share",
    "Set as ringtone": "ringtone",
    "Song info": "songInfo",
    "Blacklist": "blacklist",
    "Delete": "delete",
}

ISE_MESSAGE = "CreatePlaylistDialog parent must implement OnSavePlaylistListener"
_DIALOG = "com.simplecity.amp_library.ui.screens.playlist.dialog.CreatePlaylistDialog"
_MANAGER = "com.simplecity.amp_library.utils.playlists.PlaylistManager"
ISE_FRAMES = [
    f"{_DIALOG}$onCreateDialog$builder$1$1$1.invoke(CreatePlaylistDialog.kt:121)",
    f"{_DIALOG}$onCreateDialog$builder$1$1$1.invoke(CreatePlaylistDialog.kt:38)",
    f"{_MANAGER}.insertPlaylistItems(PlaylistManager.kt:160)",
    f"{_MANAGER}.access$insertPlaylistItems(PlaylistManager.kt:38)",
    f"{_MANAGER}$addToPlaylist$1.accept(PlaylistManager.kt:132)",
    f"{_MANAGER}$addToPlaylist$1.accept(PlaylistManager.kt:38)",
    "io.reactivex.internal.observers.ConsumerSingleObserver.onSuccess(ConsumerSingleObserver.java:63)",
    "io.reactivex.internal.operators.single.SingleObserveOn$ObserveOnSingleObserver.run"
    "(SingleObserveOn.java:81)",
    "io.reactivex.android.schedulers.HandlerScheduler$ScheduledRunnable.run"
    "(HandlerScheduler.java:111)",
    *callback_frames(23),
]


def _crashed_saving_playlist(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Shuttle#456: the IllegalStateException of CreatePlaylistDialog's
    save callback."""
    return crashed(system, PACKAGE, "java.lang.IllegalStateException", ISE_MESSAGE)


def _options(title: str) -> dict[str, Any]:
    return click(PACKAGE, "btn_overflow", desc=f"{title} options", cls="android.widget.ImageButton")


def _menu(text: str) -> dict[str, Any]:
    return click(PACKAGE, text=text, cls="android.widget.TextView")


STEP_ALLOW = allow_permission(PACKAGE)
STEP_SONGS_TAB = click(PACKAGE, text="Songs", cls="android.widget.TextView")
STEP_OPTIONS = _options("Amber Streetlights")
STEP_ADD_TO = _menu("Add to…")
STEP_PLAYLIST = _menu("Playlist")
STEP_NEW = _menu("New")
STEP_NAME = input_text(PACKAGE, "editText", "Road Trip", hint="Playlist name")
STEP_SAVE = click(PACKAGE, "md_buttonDefaultPositive", "Save", cls="android.widget.TextView")
STEP_CANCEL = click(PACKAGE, "md_buttonDefaultNegative", "Cancel", cls="android.widget.TextView")

_TO_DIALOG = [
    STEP_ALLOW,
    STEP_SONGS_TAB,
    STEP_OPTIONS,
    STEP_ADD_TO,
    STEP_PLAYLIST,
    STEP_NEW,
    STEP_NAME,
]

BUG_456 = BugSpec(
    bug_id="Shuttle#456",
    kind="crash",
    title="Shuttle player crashes when trying to create new playlists",
    oracle=_crashed_saving_playlist,
    human_steps=(*_TO_DIALOG, STEP_SAVE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Shuttle#456": [
        # Cancel instead of Save.
        [*_TO_DIALOG, STEP_CANCEL],
        # Queue instead of Playlist: the song goes to the queue.
        [STEP_ALLOW, STEP_SONGS_TAB, STEP_OPTIONS, STEP_ADD_TO, _menu("Queue")],
        # The name cleared before Save: Save is disabled.
        [
            *_TO_DIALOG[:-1],
            input_text(PACKAGE, "editText", "", hint="Playlist name"),
            STEP_SAVE,
        ],
        # Play next instead of Add to….
        [STEP_ALLOW, STEP_SONGS_TAB, STEP_OPTIONS, _menu("Play next")],
        # Save never pressed: the dialog stays open.
        list(_TO_DIALOG),
    ],
}


def _song(song_id: int) -> tuple[int, str, str, str, str, str]:
    return next(s for s in SONGS if s[0] == song_id)


class Shuttle(VirtualApp):
    """Shuttle 2.0.11-beta2 (see the module docstring)."""

    name: ClassVar[str] = "Shuttle"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Shuttle"
    version: ClassVar[str] = "2.0.11-beta2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_456,)

    def initial_data(self) -> dict[str, Any]:
        # MediaStore playlists: {"id", "name", "songs"}; the playback queue.
        return {"playlists": [], "next_playlist_id": 1, "queue": []}

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("page", DEFAULT_PAGE)
        ctx.ui.setdefault("menu", None)
        ctx.ui.setdefault("dialog", None)
        ctx.ui.setdefault("drawer", False)
        ctx.ui.setdefault("search", False)
        # BaseActivity.onCreate: Permiso asks for WRITE_EXTERNAL_STORAGE (and WAKE_LOCK).
        ctx.request_permission(STORAGE)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == STORAGE and not granted:
            ctx.toast("Permission check failed")
            ctx.finish()

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The pager page and an open DialogFragment survive a rotation; popup menus do not.
        return {
            "page": ctx.ui.get("page", DEFAULT_PAGE),
            "dialog": ctx.ui.get("dialog"),
            "menu": None,
            "drawer": False,
            "sort_menu": False,
            "search": ctx.ui.get("search", False),
        }

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "dialog", None):
            return True
        if w.dismiss(ctx.ui, "menu", None):
            return True
        if w.dismiss(ctx.ui, "sort_menu"):
            return True
        if w.dismiss(ctx.ui, "drawer"):
            return True
        return w.dismiss(ctx.ui, "search")

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if any(ctx.ui.get(k) for k in ("menu", "dialog", "search", "sort_menu", "drawer")):
            return False
        return w.pager_swipe(ctx.ui, "page", len(TABS), direction)

    # -- library data --------------------------------------------------------------------------
    @staticmethod
    def _granted(ctx: AppContext) -> bool:
        return STORAGE in ctx.permissions

    @staticmethod
    def _songs_of(kind: str, key: Any) -> list[int]:
        index = {"song": 0, "artist": 2, "album": 3, "genre": 4}[kind]
        return [s[0] for s in SONGS if s[index] == key]

    # -- handlers ------------------------------------------------------------------------------
    def _select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["page"] = index

    def _open_menu(self, ctx: AppContext, kind: str, key: Any) -> None:
        ctx.ui["menu"] = {"kind": kind, "key": key, "level": "root"}

    def _menu_level(self, ctx: AppContext, level: str) -> None:
        ctx.ui["menu"] = dict(ctx.ui["menu"], level=level)

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None

    def _menu_songs(self, ctx: AppContext) -> list[int]:
        menu = ctx.ui["menu"]
        return self._songs_of(menu["kind"], menu["key"])

    def _add_to_queue(self, ctx: AppContext) -> None:
        songs = self._menu_songs(ctx)
        ctx.data["queue"].extend(songs)
        ctx.ui["menu"] = None
        n = len(songs)
        ctx.toast("1 song added to queue." if n == 1 else f"{n} songs added to queue.")

    def _add_to_existing(self, ctx: AppContext, playlist_id: int) -> None:
        """SongMenuPresenter.addToPlaylist: no crash, a toast."""
        songs = self._menu_songs(ctx)
        ctx.ui["menu"] = None
        playlist = next(p for p in ctx.data["playlists"] if p["id"] == playlist_id)
        added = [s for s in songs if s not in playlist["songs"]]
        playlist["songs"].extend(added)
        n = len(added)
        ctx.toast("1 song added to playlist." if n == 1 else f"{n} songs added to playlist.")

    def _new_playlist(self, ctx: AppContext) -> None:
        """Defs.NEW_PLAYLIST: CreatePlaylistDialog.newInstance(songs).show(childFragmentManager)."""
        songs = self._menu_songs(ctx)
        ctx.ui["menu"] = None
        ctx.ui["dialog"] = {"songs": songs, "name": self._make_playlist_name(ctx)}

    @staticmethod
    def _make_playlist_name(ctx: AppContext) -> str:
        names = {p["name"].lower() for p in ctx.data["playlists"]}
        num = 1
        while f"new playlist {num}" in names:
            num += 1
        return f"New playlist {num}"

    def _dialog_text(self, ctx: AppContext, text: str) -> None:
        if ctx.ui.get("dialog"):
            ctx.ui["dialog"] = dict(ctx.ui["dialog"], name=text)

    def _dialog_cancel(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _dialog_save(self, ctx: AppContext) -> None:
        """CreatePlaylistDialog's onPositive (the buggy build)."""
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        name = dialog["name"]
        if not name:
            return
        existing = next((p for p in ctx.data["playlists"] if p["name"] == name), None)
        if existing is not None:
            existing["songs"] = []  # the members of the playlist being overwritten are deleted
            playlist = existing
        else:
            playlist = {"id": ctx.data["next_playlist_id"], "name": name, "songs": []}
            ctx.data["next_playlist_id"] += 1
            ctx.data["playlists"].append(playlist)
        songs = dialog["songs"]
        if not songs:
            return
        # PlaylistManager.addToPlaylist: the playlist has no songs yet, so no duplicates
        # dialog; insertPlaylistItems bulk-inserts, then invokes the dialog's callback, which
        # finds no OnSavePlaylistListener parent.
        playlist["songs"].extend(songs)
        raise JavaException("java.lang.IllegalStateException", ISE_MESSAGE, frames=list(ISE_FRAMES))

    def _play(self, ctx: AppContext, songs: list[int]) -> None:
        ctx.data["queue"] = list(songs)

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        page = ctx.ui.get("page", DEFAULT_PAGE)
        if ctx.ui.get("search"):
            body = w.linear_layout(
                [
                    w.toolbar(
                        w.edit_text("search_src_text", "", None, hint="Search"),
                        navigation=w.up_button(lambda c: c.ui.update(search=False)),
                    ),
                    View(cls="android.support.v7.widget.RecyclerView", resource_id="recyclerView"),
                ]
            )
        else:
            body = w.linear_layout(
                [
                    View(
                        cls="android.widget.LinearLayout",
                        resource_id="app_bar",
                        height=273,
                        children=[
                            w.toolbar(
                                "Library",
                                navigation=w.nav_button(
                                    w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)
                                ),
                                actions=self._toolbar_actions(page),
                            ),
                            w.tabs(
                                TABS,
                                page,
                                self._select_tab,
                                tab_cls="android.support.v7.app.ActionBar$Tab",
                            ),
                        ],
                    ),
                    View(
                        cls="android.support.v4.view.ViewPager",
                        resource_id="pager",
                        children=[self._page(ctx, page)],
                    ),
                ]
            )
        drawer = self._drawer() if ctx.ui.get("drawer") else None
        content = w.drawer_layout(body, drawer, cls="android.support.v4.widget.DrawerLayout")
        windows: list[Window] = []
        if ctx.ui.get("sort_menu"):
            close = lambda c: c.ui.update(sort_menu=False)  # noqa: E731
            windows.append(w.menu_window([("Sorting", close)], close))
        if ctx.ui.get("menu"):
            windows.append(self._menu_window(ctx))
        if ctx.ui.get("dialog"):
            windows.append(self._create_playlist_dialog(ctx))
        return Screen(content=content, windows=windows)

    def _toolbar_actions(self, page: int) -> list[View]:
        actions = [w.action_item("action_search", "Search", lambda c: c.ui.update(search=True))]
        if page == SONGS_PAGE:
            # SongListFragment's menu_sort_songs ("Sorting"), in the overflow.
            actions.append(w.overflow_button(lambda c: c.ui.update(sort_menu=True)))
        return actions

    def _drawer(self) -> View:
        entries = [
            w.drawer_entry(title, lambda c: c.ui.update(drawer=False), checked=title == "Library")
            for title in (
                "Library",
                "Folders",
                "Sleep timer",
                "Equalizer",
                "Settings",
                "Support",
                "Playlists",
            )
        ]
        return View(
            cls="android.widget.LinearLayout",
            resource_id="navView",
            width=800,
            children=[w.text_view("Shuttle", height=300), *entries],
        )

    def _page(self, ctx: AppContext, page: int) -> View:
        granted = self._granted(ctx)
        recycler = "android.support.v7.widget.RecyclerView"
        if page == 0:
            genres = sorted({s[4] for s in SONGS}) if granted else []
            rows = [
                w.list_row(
                    genre,
                    title_rid="line_one",
                    on_click=None,
                    trailing=[self._overflow(genre, "genre", genre)],
                )
                for genre in genres
            ]
            return w.list_view(rows, rid="recyclerView", cls=recycler)
        if page == 1:
            return w.frame_layout(
                [w.text_view("Play some more music, and suggestions will show up here.", "text")],
                rid="recyclerView",
            )
        if page == 2:
            artists = sorted({s[2] for s in SONGS}) if granted else []
            tiles = [
                View(
                    cls="android.widget.FrameLayout",
                    height=420,
                    on_click=None,
                    children=[
                        w.image_view("image", height=260),
                        w.linear_layout(
                            [
                                w.text_view(artist, "line_one"),
                                w.text_view("1 album", "line_two"),
                                self._overflow(artist, "artist", artist),
                            ],
                            horizontal=True,
                        ),
                    ],
                )
                for artist in artists
            ]
            return w.list_view(tiles, rid="recyclerView", cls=recycler)
        if page == 3:
            albums = sorted({(s[3], s[2]) for s in SONGS}) if granted else []
            rows = [
                w.list_row(
                    album,
                    artist,
                    title_rid="line_one",
                    subtitle_rid="line_two",
                    leading=w.image_view("image", width=168),
                    trailing=[self._overflow(album, "album", album)],
                )
                for album, artist in albums
            ]
            return w.list_view(rows, rid="recyclerView", cls=recycler)
        return self._songs_page(ctx)

    def _songs_page(self, ctx: AppContext) -> View:
        recycler = "android.support.v7.widget.RecyclerView"
        if not self._granted(ctx):
            return w.list_view(
                [w.text_view("No songs detected. Copy some songs over to your device.", "text")],
                rid="recyclerView",
                cls=recycler,
            )
        ordered = sorted(SONGS, key=lambda s: s[1].lower())
        rows: list[View] = [
            View(
                cls="android.widget.LinearLayout",
                layout="horizontal",
                height=168,
                on_click=lambda c: self._play(c, [s[0] for s in SONGS]),
                children=[w.image_view("icon", width=168), w.text_view("Shuffle All", "title")],
            )
        ]
        for song_id, title, artist, album, _genre, duration in ordered:
            rows.append(
                View(
                    cls="android.widget.LinearLayout",
                    layout="horizontal",
                    height=189,
                    on_click=w.bind(self._play, [song_id]),
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(title, "line_one"),
                                w.text_view(f"{artist} - {album}", "line_two"),
                            ]
                        ),
                        w.text_view(duration, "line_three", width=150),
                        self._overflow(title, "song", song_id),
                    ],
                )
            )
        return w.list_view(rows, rid="recyclerView", cls=recycler)

    def _overflow(self, name: str, kind: str, key: Any) -> View:
        return w.image_button(
            "btn_overflow",
            f"{name} options",
            w.bind(self._open_menu, kind, key),
            width=147,
        )

    def _menu_window(self, ctx: AppContext) -> Window:
        menu = ctx.ui["menu"]
        level = menu["level"]
        items: list[tuple[Any, ...]]
        if level == "add_to":
            items = [
                ("Playlist", w.bind(self._menu_level, "playlist"), "addToPlaylist"),
                ("Queue", self._add_to_queue, "addToQueue"),
            ]
        elif level == "playlist":
            items = [("New", self._new_playlist)]
            items += [
                (p["name"], w.bind(self._add_to_existing, p["id"])) for p in ctx.data["playlists"]
            ]
        elif level == "go_to":
            targets = ["Artist", "Genre"] if menu["kind"] == "song" else ["Artist"]
            items = [(t, self._close_menu) for t in targets]
        else:
            titles = {
                "song": SONG_MENU,
                "album": ALBUM_MENU,
                "artist": ARTIST_MENU,
                "genre": GENRE_MENU,
            }[menu["kind"]]
            items = []
            for title in titles:
                if title == "Add to…":
                    items.append((title, w.bind(self._menu_level, "add_to")))
                elif title == "Go to…":
                    items.append((title, w.bind(self._menu_level, "go_to")))
                elif title == "Play":
                    items.append((title, w.bind(self._play_from_menu)))
                else:
                    items.append((title, self._close_menu, MENU_IDS.get(title, "")))
        return w.menu_window(items, self._close_menu)

    def _play_from_menu(self, ctx: AppContext) -> None:
        self._play(ctx, self._menu_songs(ctx))
        ctx.ui["menu"] = None

    def _create_playlist_dialog(self, ctx: AppContext) -> Window:
        dialog = ctx.ui["dialog"]
        name = dialog["name"]
        exists = any(p["name"] == name for p in ctx.data["playlists"])
        positive = View(
            cls="android.widget.TextView",
            resource_id="md_buttonDefaultPositive",
            text="Overwrite" if exists else "Save",
            on_click=self._dialog_save,
            enabled=bool(name.strip()),
            width=300,
            style="text",
        )
        negative = View(
            cls="android.widget.TextView",
            resource_id="md_buttonDefaultNegative",
            text="Cancel",
            on_click=self._dialog_cancel,
            width=300,
            style="text",
        )
        return Window(
            root=View(
                cls="android.widget.LinearLayout",
                resource_id="md_root",
                weight=0,
                children=[
                    w.text_view("Playlist", "md_title", height=140),
                    w.frame_layout(
                        [w.edit_text("editText", name, self._dialog_text, hint="Playlist name")],
                        rid="md_customViewFrame",
                    ),
                    w.linear_layout(
                        [View(cls="android.view.View"), negative, positive],
                        horizontal=True,
                        height=140,
                    ),
                ],
            ),
            on_dismiss=self._dialog_cancel,
        )
