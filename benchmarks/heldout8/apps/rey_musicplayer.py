"""Boom Music Player (``com.reyansh.audio.audioplayer.free``, reyanshmishra/Rey-MusicPlayer)
3.4.31, for Rey-MusicPlayer#7 and Rey-MusicPlayer#6.

A local music player: ``SplashActivity`` asks for the storage permission and builds the
library, ``MainActivity`` shows the tabs ALBUMS, ARTISTS, SONGS (the start tab), GENRES,
PLAYLISTS and DIRECTORY with a now playing bar at the bottom, and ``NowPlayingActivity`` the
playing song (a pager of ``PlaylistPagerFragment``), its controls, a "Search" action (the queue
icon) opening the queue bottom sheet, and an overflow button whose "Go to" item opens a second
menu ("Go to this artist", "Go to this album"...) that adds the artist page
(``TracksSubGridViewFragment``, a grid of the artist's albums) or the album page
(``TracksSubFragment``, its songs) inside ``NowPlayingActivity``.

Sources read at commit c0f28aa (2018-05-27, "Added tab arrangement feature.", versionName
3.4.31, versionCode 54), the last commit before the reports were answered, and the fix in
commit fc98963 (2019-01-17, version 4.0), which guards the cast with ``instanceof``. Files read:
``SplashActivity``, ``LauncherActivity/MainActivity``, ``Songs/SongsFragment`` and
``SongsAdapter``, ``Artist/ArtistsAdapter``, ``NowPlaying/NowPlayingActivity``,
``PlaylistPagerFragment``, ``NowPlayingBottomBarFragment``,
``SubGridViewFragment/TracksSubGridViewFragment`` and ``SubGridViewAdapter``,
``Activities/TracksSubFragment``, ``Dialogs/PlaylistDialog``, ``Dialogs/SongQueueBottomSheet``,
``Utils/MusicUtils`` (``makePlaylistMenu``, ``addToPlaylist``, ``makeLabel``), the layouts
``activity_main``, ``activity_now_playing_2``, ``fragment_playlist_pager_fill``,
``activity_browser_grid_list``, ``activity_browser_sub_list``, ``list_view_item``,
``list_view_sub_browser_item``, ``grid_view_item``, ``layout_bottomsheet_queue``,
``queue_drawer_list_layout``, ``now_playing_bottom_item``, ``create_playlist``, the menus
``popup_song``, ``popup_album``, ``popup_sub_list_menu``, ``now_playing_overflow_menu``,
``show_more_menu``, ``menu_now_playing``, ``menu_playlist``, ``menu_song``, and
``values/strings.xml`` and ``plurals.xml``.

Both bugs have one cause. ``PlaylistDialog.savePlaylist`` (the "Create Playlist" dialog's
positive button) creates the playlist, adds the songs, shows "N songs added to playlist." and
dismisses, then runs ``((MainActivity) getActivity()).mAdapter.getFragment(4).onResume()``.
When the dialog was shown from a screen hosted by ``NowPlayingActivity`` the cast throws
``ClassCastException: ...NowPlayingActivity cannot be cast to ...MainActivity``.

- Rey-MusicPlayer#7 (crash): the "New Playlist" entry of an "Add To Playlist" sub-menu on the
  artist page opened by "Go to" > "Go to this artist" (an album card's menu there, or a song's
  menu on an album page opened from it). The oracle accepts any page the "Go to" menu opened
  (the album page too): the same defect.
- Rey-MusicPlayer#6 (crash): the queue sheet's overflow "Save playlist" (``menu_save``), which
  shows the same dialog with the whole queue.

From ``MainActivity`` (the SONGS tab, the ARTISTS tab's artist page) the same dialog saves
without a crash.

Fixed data (the device's MediaStore): six songs by three artists on four albums; no playlist
exists on a fresh install. Stubbed: audio (play/pause only flips a flag), the seek bar, the
timer, A-B repeat and "Save current position" (they only close the menu), "Go to this album
artist" and "Go to this genre" (no handler in the sources either), Equalizer, Search and
Settings (a titled empty screen), sorting, song deletion, tag editing, ringtone and share, the
GENRES and DIRECTORY tabs (empty), the PLAYLISTS tab (the user playlists' names only, no
default playlists), the album menus' Play Next / Add to queue on albums (a toast), drag and
drop in the queue.

Uncertain: the reports name version 3.4.41, newer than any commit in the repository (the
last one before the fix is 3.4.31); the model follows 3.4.31, where the cast is present.
Report #7 says the song was found "on the artist page": in 3.4.31 that page lists the
artist's albums, whose cards have their own menus with the same sub-menu. The crash frames
below the lambda (AlertController on Android 6.0) are written from the framework's call path,
not copied from a report (neither report quotes a stack trace). The artist page's subtitle
reads "0 albums" when opened from "Go to", as the sources pass the album name as a String and
read it back with ``getInt``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, input_text
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.reyansh.audio.audioplayer.free"
SPLASH = ".Activities.SplashActivity"
MAIN = ".LauncherActivity.MainActivity"
NOW = ".NowPlaying.NowPlayingActivity"
STUB = ".Setting.SettingActivity"
READ = "android.permission.READ_EXTERNAL_STORAGE"

TABS = ("ALBUMS", "ARTISTS", "SONGS", "GENRES", "PLAYLISTS", "DIRECTORY")
# (id, title, artist id, album id, duration ms, track)
SONGS = (
    (101, "Blue Harbor", 1, 11, 214000, 1),
    (102, "Paper Lanterns", 1, 11, 187000, 2),
    (103, "Northbound", 1, 12, 243000, 1),
    (104, "Glass Garden", 2, 13, 199000, 1),
    (105, "Low Tide", 2, 13, 265000, 2),
    (106, "Copper Sky", 3, 14, 228000, 1),
)
ARTISTS = {1: "Mara Quinn", 2: "The Fieldnotes", 3: "Oskar Lind"}
ALBUMS = {11: ("Harbor Lights", 1), 12: ("Northbound", 1), 13: ("Greenhouse", 2), 14: ("Alloy", 3)}
SONG_MENU = (
    "Play Next",
    "Add To Queue",
    "Edit tags",
    "Add To Favorites",
    "Delete",
    "Use As Ringtone",
    "Share",
)
ALBUM_MENU = ("Play Next", "Add to queue", "Delete")
HEADER_MENU = ("Play Next", "Add To Queue", "Shuffle", "Search", "Delete")
NOW_MENU = ("Equalizer", "Set timer", "A-B Repeat", "Save current position", "Go to")
GO_TO = ("Go to this artist", "Go to this album artist", "Go to this album", "Go to this genre")
CCE = "java.lang.ClassCastException"
CAST_MESSAGE = (
    f"{PACKAGE}.NowPlaying.NowPlayingActivity cannot be cast to "
    f"{PACKAGE}.LauncherActivity.MainActivity"
)
DIALOG = f"{PACKAGE}.Dialogs.PlaylistDialog"
CAST_FRAMES = [
    f"{DIALOG}.savePlaylist(PlaylistDialog.java:97)",
    f"{DIALOG}.lambda$onCreateDialog$0$PlaylistDialog(PlaylistDialog.java:58)",
    f"{DIALOG}$$Lambda$0.onClick(Unknown Source:2)",
    "com.android.internal.app.AlertController$ButtonHandler.handleMessage"
    "(AlertController.java:157)",
    *message_frames(23),
]


def _crash_from(data: dict[str, Any], system: dict[str, Any], sources: tuple[str, ...]) -> bool:
    return data.get("crash_source") in sources and crashed(
        system, PACKAGE, CCE, "NowPlayingActivity cannot be cast"
    )


def go_to_page_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Rey-MusicPlayer#7: a playlist created from a page the now playing
    screen's "Go to" menu opened threw the dialog's ClassCastException."""
    return _crash_from(data, system, ("artist", "album"))


def queue_save_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Rey-MusicPlayer#6: saving the now playing queue as a playlist threw the
    dialog's ClassCastException."""
    return _crash_from(data, system, ("queue",))


def _song(song_id: int) -> tuple[Any, ...]:
    return next(s for s in SONGS if s[0] == song_id)


def _duration(millis: int) -> str:
    """``MusicUtils.makeShortTimeString`` (``durationformatshort``: "m:ss")."""
    minutes, seconds = divmod(millis // 1000, 60)
    return f"{minutes}:{seconds:02d}"


def _count(n: int, word: str) -> str:
    """``MusicUtils.makeLabel`` with the ``Nsongs``/``Nalbums`` plurals."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- steps -------------------------------------------------------------------------------------
ALLOW = allow_permission(PACKAGE)
PLAY = click(PACKAGE, "listViewTitleText", "Paper Lanterns")
NOW_MENU_BUTTON = click(PACKAGE, "now_playing_overflow_icon")
GO_TO_ITEM = click(PACKAGE, "title", "Go to")
ARTIST_ITEM = click(PACKAGE, "title", "Go to this artist")
ALBUM_CARD = click(PACKAGE, "gridViewTitleText", "Harbor Lights")
SONG_DOTS = click(PACKAGE, "listViewOverflow")
ADD_TO_PLAYLIST = click(PACKAGE, "title", "Add To Playlist")
NEW_PLAYLIST = click(PACKAGE, "title", "New Playlist")
NAME = input_text(PACKAGE, "edit_text_playlist", "Road trip")
SAVE = click(PACKAGE, "android:id/button1")
CANCEL = click(PACKAGE, "android:id/button2", "Cancel")
QUEUE = click(PACKAGE, "action_search", desc="Search")
QUEUE_MENU = click(PACKAGE, "image_button_overflow")
SAVE_QUEUE = click(PACKAGE, "title", "Save playlist")
TO_ARTIST = [ALLOW, PLAY, NOW_MENU_BUTTON, GO_TO_ITEM, ARTIST_ITEM]
CREATE = [ADD_TO_PLAYLIST, NEW_PLAYLIST, NAME, SAVE]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Rey-MusicPlayer#7": [
        # The same playlist made from the artist page of the ARTISTS tab (MainActivity).
        [
            ALLOW,
            PLAY,
            {"kind": "press_back"},
            click(PACKAGE, text="ARTISTS"),
            click(PACKAGE, "gridViewTitleText", "Mara Quinn"),
            ALBUM_CARD,
            SONG_DOTS,
            *CREATE,
        ],
        # The dialog cancelled instead of saved.
        [*TO_ARTIST, ALBUM_CARD, SONG_DOTS, ADD_TO_PLAYLIST, NEW_PLAYLIST, NAME, CANCEL],
        # "Add To Queue" chosen on the song instead of "Add To Playlist".
        [*TO_ARTIST, ALBUM_CARD, SONG_DOTS, click(PACKAGE, "title", "Add To Queue")],
        # The playlist made from the SONGS tab, without going through the now playing screen.
        [ALLOW, SONG_DOTS, *CREATE],
    ],
    "Rey-MusicPlayer#6": [
        # "Clear playlist" instead of "Save playlist".
        [ALLOW, PLAY, QUEUE, QUEUE_MENU, click(PACKAGE, "title", "Clear playlist")],
        # The save dialog cancelled.
        [ALLOW, PLAY, QUEUE, QUEUE_MENU, SAVE_QUEUE, NAME, CANCEL],
        # The queue sheet closed, then a playlist made from the SONGS tab.
        [
            ALLOW,
            PLAY,
            QUEUE,
            click(PACKAGE, "image_back_button"),
            {"kind": "press_back"},
            SONG_DOTS,
            *CREATE,
        ],
    ],
}


class ReyMusicPlayer(VirtualApp):
    """Boom 3.4.31: splash, library tabs, now playing, its "Go to" pages and queue sheet."""

    name: ClassVar[str] = "Rey-MusicPlayer"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Boom"
    version: ClassVar[str] = "3.4.31"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Rey-MusicPlayer#7",
            "crash",
            "App crashes when a song on play is added to a new playlist via the 'Go to Artist'"
            " Option",
            go_to_page_crash,
            human_steps=(*TO_ARTIST, ALBUM_CARD, SONG_DOTS, *CREATE),
        ),
        BugSpec(
            "Rey-MusicPlayer#6",
            "crash",
            "App crashes when trying to save now playing playlist",
            queue_save_crash,
            human_steps=(ALLOW, PLAY, QUEUE, QUEUE_MENU, SAVE_QUEUE, NAME, SAVE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "queue": [],  # the service's song list (song ids)
            "pos": 0,
            "playing": False,
            "playlists": [],  # MediaStore.Audio.Playlists: {"id", "name", "songs"}
            "next_id": 1,
            "crash_source": None,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        for key in ("menu", "dialog", "denied"):
            ui.setdefault(key, None)
        ui.setdefault("pages", [])  # fragments added over the activity: {"kind", "key", "sub"}
        if ctx.activity == SPLASH:
            if READ in ctx.permissions:
                self._build_library(ctx)
            else:
                ctx.request_permission(READ)
        elif ctx.activity == MAIN:
            ui.setdefault("tab", TABS.index("SONGS"))
        elif ctx.activity == NOW:
            ui.setdefault("sheet", False)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if granted:
            self._build_library(ctx)
        else:
            ctx.ui["denied"] = True

    def _build_library(self, ctx: AppContext) -> None:
        ctx.start_activity(MAIN)
        ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if w.dismiss(ui, "menu", None) or w.dismiss(ui, "sheet"):
            return True
        if ui.get("pages"):
            ui["pages"].pop()
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and not ctx.ui["pages"]:
            return w.pager_swipe(ctx.ui, "tab", len(TABS), direction)
        if ctx.activity == NOW and not ctx.ui["pages"] and ctx.data["queue"]:
            return w.pager_swipe(ctx.data, "pos", len(ctx.data["queue"]), direction)
        return False

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {k: v for k, v in ctx.ui.items() if k in ("tab", "pages")}

    # -- handlers ----------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _stub(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = None
        ctx.start_activity(STUB, {"title": title})

    def _play(self, ctx: AppContext, songs: list[int], position: int) -> None:
        """``PlayBackStarter.playSongs`` then ``NowPlayingActivity``."""
        ctx.data.update(queue=list(songs), pos=position, playing=True)
        ctx.start_activity(NOW)

    def _open_page(self, ctx: AppContext, kind: str, key: int, sub: str) -> None:
        ctx.ui["menu"] = None
        ctx.ui["pages"].append({"kind": kind, "key": key, "sub": sub})

    def _go_to(self, ctx: AppContext, item: str) -> None:
        """``PlaylistPagerFragment.goToMenuClickListener``: the artist page (its subtitle read
        with ``getInt`` from a String, so "0 albums") or the album page; the other two items
        have no case."""
        ctx.ui["menu"] = None
        song = _song(ctx.data["queue"][ctx.data["pos"]])
        if item == "Go to this artist":
            self._open_page(ctx, "artist", song[2], _count(0, "album"))
        elif item == "Go to this album":
            self._open_page(ctx, "album", song[3], ARTISTS[song[2]])

    def _menu_item(self, ctx: AppContext, kind: str, item: str) -> None:
        menu = ctx.ui["menu"]
        ctx.ui["menu"] = None
        if item == "Add To Playlist":
            ctx.ui["menu"] = {"kind": "playlists", "ids": menu["ids"]}
        elif item == "Go to":
            ctx.ui["menu"] = {"kind": "goto", "ids": []}
        elif item in GO_TO:
            self._go_to(ctx, item)
        elif item in ("Equalizer", "Search"):
            self._stub(ctx, item)
        elif item in ("Play Next", "Add To Queue", "Add to queue") and ctx.data["queue"]:
            pos = ctx.data["pos"]
            queue = ctx.data["queue"]
            if item == "Play Next":
                queue[pos + 1 : pos + 1] = menu["ids"]
                ctx.toast(f"{self._name_of(menu)} will be played next.")
            else:
                queue.extend(menu["ids"])
                ctx.toast(f"{self._name_of(menu)}  added to queue.")
        elif item in ("Play Next", "Add To Queue", "Add to queue"):
            ctx.toast("Queue is empty.")  # AsyncAddTo with no saved queue
        elif item == "Clear playlist":
            # SongQueueBottomSheet: clears the service's list, stops it, finishes the screen.
            ctx.data.update(queue=[], pos=0, playing=False)
            ctx.finish()

    def _name_of(self, menu: dict[str, Any]) -> str:
        return str(menu.get("name", ""))

    def _to_playlist(self, ctx: AppContext, index: int) -> None:
        """The "Add To Playlist" sub-menu (``MusicUtils.makePlaylistMenu``): "New Playlist"
        opens ``PlaylistDialog``; a playlist's name adds the songs to it."""
        menu = ctx.ui["menu"]
        ctx.ui["menu"] = None
        if index == 0:
            self._open_dialog(ctx, menu["ids"])
            return
        playlist = self._playlists(ctx)[index - 1]
        playlist["songs"].extend(menu["ids"])
        ctx.toast(f"{_count(len(menu['ids']), 'song')} added to playlist.")

    def _open_dialog(self, ctx: AppContext, ids: list[int]) -> None:
        pages = ctx.ui.get("pages") or []
        if ctx.activity == NOW:
            source = "queue" if ctx.ui.get("sheet") else pages[0]["kind"] if pages else "now"
        else:
            source = "main"
        ctx.ui["dialog"] = {"name": "", "ids": list(ids), "source": source}

    def _typed(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["name"] = text

    def _playlists(self, ctx: AppContext) -> list[dict[str, Any]]:
        return sorted(ctx.data["playlists"], key=lambda p: p["name"])

    def _save(self, ctx: AppContext) -> None:
        """``PlaylistDialog.savePlaylist``."""
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        name = dialog["name"]
        if not name:
            return
        existing = next((p for p in ctx.data["playlists"] if p["name"] == name), None)
        if existing is not None:
            existing["songs"] = []  # createPlaylist: the members are deleted (Overwrite)
            playlist = existing
        else:
            playlist = {"id": ctx.data["next_id"], "name": name, "songs": []}
            ctx.data["next_id"] += 1
            ctx.data["playlists"].append(playlist)
        playlist["songs"].extend(dialog["ids"])
        ctx.toast(f"{_count(len(dialog['ids']), 'song')} added to playlist.")
        if ctx.activity != MAIN:
            # The bug: ((MainActivity) getActivity()) on NowPlayingActivity.
            ctx.data["crash_source"] = dialog["source"]
            raise JavaException(CCE, CAST_MESSAGE, frames=list(CAST_FRAMES))

    def _play_pause(self, ctx: AppContext) -> None:
        ctx.data["playing"] = not ctx.data["playing"]

    def _skip(self, ctx: AppContext, delta: int) -> None:
        ctx.data["pos"] = (ctx.data["pos"] + delta) % len(ctx.data["queue"])

    # -- pieces ------------------------------------------------------------------------------
    def _menus(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        menu = ctx.ui["menu"]
        close = w.bind(self._set, menu=None)
        if menu is not None:
            kind = menu["kind"]
            if kind == "playlists":
                names = ["New Playlist", *(p["name"] for p in self._playlists(ctx))]
                items = [(n, w.bind(self._to_playlist, i)) for i, n in enumerate(names)]
            else:
                titles = {
                    "song": SONG_MENU,
                    "album": ALBUM_MENU,
                    "header": HEADER_MENU,
                    "now": NOW_MENU,
                    "goto": GO_TO,
                    "queue": ("Save playlist", "Clear playlist"),
                    "main": ("Settings",),
                }[kind]
                if kind in ("song", "album", "header"):
                    titles = (*titles, "Add To Playlist")  # the sub-menu, order 1: last
                items = [(t, w.bind(self._menu_item, kind, t)) for t in titles]
                if kind == "queue":
                    items[0] = ("Save playlist", w.bind(self._save_queue))
                if kind == "main":
                    items = [("Settings", w.bind(self._stub, "Settings"))]
            windows.append(w.menu_window(items, close))
        dialog = ctx.ui["dialog"]
        if dialog is not None:
            windows.append(self._dialog(ctx, dialog))
        elif ctx.ui.get("denied"):
            windows.append(
                w.confirm_dialog(
                    "Grant Permission!",
                    "You will have to grant permission from settings.\nOpen Settings?",
                    ("Open Settings", w.finish),
                    ("No", w.finish),
                    None,
                )
            )
        return windows

    def _save_queue(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        self._open_dialog(ctx, ctx.data["queue"])

    def _dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        """``PlaylistDialog``: a framework AlertDialog titled "Create Playlist" holding
        ``create_playlist.xml``; the positive button is disabled until a name is typed, then
        reads "Create Playlist" or, for an existing name, "Overwrite"."""
        name = dialog["name"]
        if not name.strip():
            label = "Save"
        elif any(p["name"] == name for p in ctx.data["playlists"]):
            label = "Overwrite"
        else:
            label = "Create Playlist"
        field = w.edit_text("edit_text_playlist", name, self._typed, hint="Playlist name")
        buttons = w.dialog_buttons((label, self._save), ("Cancel", w.bind(self._set, dialog=None)))
        buttons[-1].enabled = bool(name.strip())
        body = [w.frame_layout([w.linear_layout([field])], rid="android:id/custom", weight=0)]
        return w.alert_dialog(
            w.dialog_title("Create Playlist"), body, buttons, w.bind(self._set, dialog=None)
        )

    def _song_row(self, song_id: int, handler: Any, menu: Any, *, track: bool = False) -> View:
        """``list_view_item.xml`` (``list_view_sub_browser_item.xml`` with ``track``)."""
        song = _song(song_id)
        lead = (
            w.text_view(str(song[5]), "listViewTrackNumber", width=120)
            if track
            else w.image_view("listViewLeftIcon", width=160)
        )
        texts = w.linear_layout(
            [
                w.text_view(song[1], "listViewTitleText"),
                w.text_view(ARTISTS[song[2]], "listViewSubText"),
            ],
            rid="listViewTextContainer",
        )
        return w.relative_layout(
            [
                lead,
                texts,
                w.text_view(_duration(song[4]), "listViewRightSubText", width=160),
                w.image_button("listViewOverflow", handler=menu, width=130),
            ],
            rid="listViewParent",
            layout=HORIZONTAL,
            height=220,
            on_click=handler,
        )

    def _menu_button(self, rid: str, kind: str) -> View:
        """An overflow icon opening the ``kind`` menu (of no songs of its own)."""
        return w.image_button(
            rid, handler=w.bind(self._set, menu={"kind": kind, "ids": []}), width=147
        )

    def _song_menu(self, song_id: int) -> Any:
        return w.bind(self._set, menu={"kind": "song", "ids": [song_id], "name": _song(song_id)[1]})

    def _card(self, title: str, sub: str, handler: Any, menu: Any) -> View:
        """``grid_view_item.xml``: a CardView with the picture, the title, the subtitle and
        (albums) the overflow."""
        footer: list[View] = [
            w.linear_layout(
                [w.text_view(title, "gridViewTitleText"), w.text_view(sub, "gridViewSubText")]
            )
        ]
        if menu is not None:
            footer.append(w.image_view("overflow", handler=menu, width=120))
        return View(
            cls="android.support.v7.widget.CardView",
            resource_id="background_layout",
            on_click=handler,
            height=560,
            width=540,
            children=[
                w.image_view("gridViewImage", height=360),
                w.relative_layout(footer, rid="linear_layout_footer", layout=HORIZONTAL),
            ],
        )

    def _grid(self, rid: str, cards: list[View]) -> View:
        rows = [
            w.linear_layout(cards[i : i + 2], horizontal=True, height=560)
            for i in range(0, len(cards), 2)
        ]
        return w.list_view(rows, rid=rid, cls="android.support.v7.widget.RecyclerView")

    def _album_card(self, album_id: int) -> View:
        name, artist = ALBUMS[album_id]
        ids = [s[0] for s in SONGS if s[3] == album_id]
        return self._card(
            name,
            ARTISTS[artist],
            w.bind(self._open_page, "album", album_id, ARTISTS[artist]),
            w.bind(self._set, menu={"kind": "album", "ids": ids, "name": name}),
        )

    def _page(self, ctx: AppContext, page: dict[str, Any]) -> View:
        """``TracksSubGridViewFragment`` (an artist's albums) or ``TracksSubFragment`` (an
        album's songs): the header with back and search buttons, title, subtitle, "Play All"
        and the overflow, then the grid or list."""
        artist = page["kind"] == "artist"
        if artist:
            title = ARTISTS[page["key"]]
            songs = [s[0] for s in SONGS if s[2] == page["key"]]
            albums = sorted({s[3] for s in SONGS if s[2] == page["key"]})
            content = self._grid("browser_sub_grid_view", [self._album_card(a) for a in albums])
        else:
            title = ALBUMS[page["key"]][0]
            songs = [s[0] for s in SONGS if s[3] == page["key"]]
            content = w.list_view(
                [
                    self._song_row(i, w.bind(self._play, songs, n), self._song_menu(i), track=True)
                    for n, i in enumerate(songs)
                ],
                rid="browser_sub_list_view",
                cls="android.support.v7.widget.RecyclerView",
            )
        header = w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.image_button("back_button", handler=w.bind(self._pop), width=147),
                        View(cls="android.view.View"),
                        w.image_button(
                            "search_button", handler=w.bind(self._stub, "Search"), width=147
                        ),
                    ],
                    horizontal=True,
                    height=147,
                ),
                w.image_view("browser_sub_header_image", height=300),
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view(title, "browser_sub_header_text"),
                                w.text_view(page["sub"], "browser_sub_header_sub_text"),
                            ],
                            rid="browser_sub_header_text_layout",
                        ),
                        w.button(
                            "browser_sub_play_all",
                            "Play All",
                            w.bind(self._play, songs, 0),
                            width=260,
                        ),
                        w.image_button(
                            "overflow",
                            handler=w.bind(
                                self._set, menu={"kind": "header", "ids": songs, "name": title}
                            ),
                            width=120,
                        ),
                    ],
                    horizontal=True,
                    height=220,
                ),
            ],
            rid="browser_sub_header_layout",
            height=680,
        )
        return w.relative_layout([header, content], rid="browser_sub_drawer_parent")

    def _pop(self, ctx: AppContext) -> None:
        ctx.ui["pages"].pop()

    # -- screens -----------------------------------------------------------------------------
    def _splash(self, ctx: AppContext) -> Screen:
        content = w.relative_layout(
            [
                w.image_view(height=600),
                w.text_view("Boom", "title", height=200),
                w.relative_layout(
                    [
                        w.text_view("Building Music Library", "building_library_task"),
                        View(
                            cls="android.widget.ProgressBar",
                            resource_id="building_library_progress",
                        ),
                    ],
                    rid="progress_elements_container",
                    height=200,
                ),
            ]
        )
        return Screen(content=content, windows=self._menus(ctx))

    def _tab_page(self, ctx: AppContext) -> View:
        tab = TABS[ctx.ui["tab"]]
        rows: list[View]
        if tab == "SONGS":
            ids = [s[0] for s in SONGS]
            rows = [
                self._song_row(i, w.bind(self._play, ids, n), self._song_menu(i))
                for n, i in enumerate(ids)
            ]
            return w.list_view(
                rows, rid="recyclerView", cls="android.support.v7.widget.RecyclerView"
            )
        if tab == "ARTISTS":
            cards = []
            for key, name in ARTISTS.items():
                tracks = len([s for s in SONGS if s[2] == key])
                albums = len({s[3] for s in SONGS if s[2] == key})
                sub = f"{_count(tracks, 'song')} | {_count(albums, 'album')}"
                cards.append(
                    self._card(
                        name,
                        sub,
                        w.bind(self._open_page, "artist", key, _count(albums, "album")),
                        None,
                    )
                )
            return self._grid("recyclerView", cards)
        if tab == "ALBUMS":
            return self._grid("recyclerView", [self._album_card(a) for a in ALBUMS])
        if tab == "PLAYLISTS" and ctx.data["playlists"]:
            rows = [
                w.list_row(p["name"], title_rid="listViewTitleText") for p in self._playlists(ctx)
            ]
            return w.list_view(
                rows, rid="recyclerView", cls="android.support.v7.widget.RecyclerView"
            )
        return w.relative_layout(
            [w.text_view("Opps You are here!! \n I am empty.", "empty_text_view")],
            rid="empty_state",
        )

    def _main(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "Boom",
            actions=[
                w.action_item("item_search", "Search", w.bind(self._stub, "Search")),
                w.action_item("item_sort_by_song", "Sort by", None),
                w.overflow_button(w.bind(self._set, menu={"kind": "main", "ids": []})),
            ],
        )
        tabs = w.tabs(TABS, ctx.ui["tab"], lambda c, i: c.ui.update(tab=i), rid="id_tabs")
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="view_pager",
            children=[self._tab_page(ctx)],
        )
        parts = [w.linear_layout([bar], rid="id_toolbar_container", weight=0), tabs, pager]
        queue = ctx.data["queue"]
        if queue:
            song = _song(queue[ctx.data["pos"]])
            item = w.linear_layout(
                [
                    w.image_view("album_art", width=168),
                    w.linear_layout(
                        [
                            w.text_view(song[1], "title_text"),
                            w.text_view(ARTISTS[song[2]], "album_text"),
                        ],
                        rid="text_holder",
                    ),
                ],
                rid="main_background",
                horizontal=True,
                height=168,
                on_click=lambda c: c.start_activity(NOW),
            )
            parts.append(
                w.relative_layout(
                    [item, w.fab("fab", "", self._play_pause, gravity="")],
                    rid="bottom_bar",
                    layout=HORIZONTAL,
                    height=190,
                )
            )
        root: View = w.relative_layout([w.relative_layout(parts, rid="main_parent")])
        if ctx.ui["pages"]:
            root = w.relative_layout(
                [w.relative_layout([self._page(ctx, ctx.ui["pages"][-1])], rid="main_parent")]
            )
        return Screen(content=root, windows=self._menus(ctx))

    def _now(self, ctx: AppContext) -> Screen:
        queue = ctx.data["queue"]
        if ctx.ui["pages"]:
            content = w.relative_layout(
                [self._page(ctx, ctx.ui["pages"][-1])], rid="now_playing_drawer_frame_root"
            )
            return Screen(content=content, windows=self._menus(ctx))
        bar = w.toolbar(
            "",
            navigation=w.up_button(w.bind(self._back)),
            actions=[w.action_item("action_search", "Search", w.bind(self._set, sheet=True))],
        )
        children: list[View] = [w.linear_layout([bar], rid="id_toolbar_container", weight=0)]
        if queue:
            song = _song(queue[ctx.data["pos"]])
            info = w.relative_layout(
                [
                    w.linear_layout(
                        [
                            w.text_view(song[1], "songName"),
                            w.text_view(
                                f"{ALBUMS[song[3]][0]} - {ARTISTS[song[2]]}", "artistAlbumName"
                            ),
                        ]
                    ),
                    self._menu_button("now_playing_overflow_icon", "now"),
                ],
                rid="songInfoLayout",
                layout=HORIZONTAL,
                height=260,
            )
            page = w.relative_layout([w.image_view("coverArt", height=900), info])
            children.append(
                View(
                    cls="com.reyansh.audio.audioplayer.free.VelocityViewPager.VelocityViewPager",
                    resource_id="nowPlayingPlaylistPager",
                    children=[page],
                )
            )
            controls = w.linear_layout(
                [
                    View(cls="android.widget.SeekBar", resource_id="nowPlayingSeekBar", height=80),
                    w.linear_layout(
                        [
                            w.image_button("shuffleButton"),
                            w.image_button("previousButton", handler=w.bind(self._skip, -1)),
                            w.relative_layout(
                                [w.image_button("playPauseButton", handler=self._play_pause)],
                                rid="playPauseButtonBackground",
                                on_click=self._play_pause,
                            ),
                            w.image_button("nextButton", handler=w.bind(self._skip, 1)),
                            w.image_button("repeatButton"),
                        ],
                        horizontal=True,
                        height=200,
                    ),
                ],
                rid="now_playing_controls_header",
                height=300,
            )
            children.append(controls)
        content = w.relative_layout(
            [w.relative_layout(children, rid="nowPlayingRootContainer")],
            rid="now_playing_drawer_frame_root",
        )
        windows = []
        if ctx.ui["sheet"]:
            windows.append(self._queue_sheet(ctx))
        windows.extend(self._menus(ctx))
        return Screen(content=content, windows=windows)

    def _back(self, ctx: AppContext) -> None:
        if not self.on_back(ctx):
            ctx.finish()

    def _queue_sheet(self, ctx: AppContext) -> Window:
        """``SongQueueBottomSheet`` (``layout_bottomsheet_queue.xml``)."""
        top = w.relative_layout(
            [
                w.image_button(
                    "image_back_button", handler=w.bind(self._set, sheet=False), width=147
                ),
                w.text_view("Now Playing", "edit_text_search"),
                self._menu_button("image_button_overflow", "queue"),
            ],
            rid="toolbar",
            layout=HORIZONTAL,
            height=168,
        )
        rows = [
            View(
                cls="android.support.v7.widget.CardView",
                resource_id="background",
                layout=HORIZONTAL,
                height=180,
                children=[
                    w.image_view("drag_handle", width=120),
                    w.linear_layout(
                        [
                            w.text_view(_song(i)[1], "queue_song_title"),
                            w.text_view(ARTISTS[_song(i)[2]], "song_artist"),
                        ],
                        rid="linearLayout",
                    ),
                ],
            )
            for i in ctx.data["queue"]
        ]
        listing = w.list_view(
            rows, rid="recyclerView", cls="android.support.v7.widget.RecyclerView"
        )
        root = w.relative_layout([top, listing], rid="bbb", height=1500)
        return Window(root=root, kind="sheet", on_dismiss=w.bind(self._set, sheet=False))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SPLASH:
            return self._splash(ctx)
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == NOW:
            return self._now(ctx)
        bar = w.toolbar(ctx.extras.get("title", ""), navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, w.scroll_view([])]))
