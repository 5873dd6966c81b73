"""Bop music player 1.1.2 (``com.sahdeepsingh.Bop``), with bug Bop#37 (crash: a hang).

Modelled after the app's sources at tag ``v1.1.2`` (versionCode 11): ``SplashScreen``,
``MainScreen``, ``PlayingNowList``, ``PlayerView``, ``ServicePlayMusic``, ``HomeFragment``,
``FragmentAlbum``, ``FragmentSongs``, the adapters ``AlbumRecyclerViewAdapter``,
``SongsRecyclerViewAdapter`` and ``AdapterSong``, the layouts ``activity_main_screen``,
``bottomviewcontrols``, ``fragment_home``, ``fragment_album(_item)``, ``playerview_list``,
``playerview``, ``fragment_songs_playlist`` and ``strings.xml``.

Fixed data: the device's music (what MediaStore would return to ``Data.scanSongs``), three
albums: "Harbour Lights" by Mara Lind (three songs), "Last Orders" by The Ostlers (one song,
"Closing Time") and "Northern Lines" by Kestrel (two songs).

Screens:

- ``SplashScreen`` (no layout of its own): asks for storage and microphone access, then opens
  the main screen. If storage is refused it shows "You need to allow access to both the
  permissions" (OK asks again, Cancel leaves the blank splash). The model finishes the splash
  when it opens the main screen (the app leaves it under it, but every way out of the main
  screen, the double Back or Quit, finishes the whole task).
- ``MainScreen``: a toolbar (up arrow opening the drawer, the page title, the "Now Playing"
  music-note action while a song plays, overflow Settings / Quit) over a ViewPager of seven
  pages: Home (Recent Songs and Most Played with "Play all", and the Everything tiles All Songs,
  Playlist, Albums, Generes, Artist), Songs (tap a song: a one-song list "Single Song"),
  Playlists, Genres, Albums (search field and album cards; tap one: its songs become the list),
  Artists and Files (stubs). The drawer (MaterialDrawer) has Now Playing, Home, All Songs,
  Playlist, Genres, Albums, Artists, Files, Support, Feedback, Settings and Exit (the
  always-visible mini drawer strip is left out; Support and Feedback, which open other apps,
  only close the drawer). Once something was played, the bottom controls show the song, a
  cover opening the list, and rewind / previous / next / forward (the model lets them work
  whenever shown; the app wires them when the main screen resumes while a song plays). Back goes
  to Home, then needs a second press to exit (the 2-second window is not modelled).
- ``PlayingNowList``: opened with a new list it plays the song at the service's current
  position (which a new list does not reset, so a shorter list can throw
  ``IndexOutOfBoundsException``); shows the cover, title, times, the list's name and size, an
  Options menu (Save Playlist), the songs (tap: play it; Options: Remove) and the music-note
  FAB, which opens ``PlayerView``.
- ``PlayerView``: cover, Equalizer (a stub), title, play/pause FAB, times, Repeat, Shuffle,
  Rewind, Previous, Next, Forward. Back finishes it.
- ``SettingsActivity``: a stub.

The bug: with shuffle on, ``ServicePlayMusic.next()`` draws random positions until one differs
from the current one (``while (newSongPosition == currentSongPosition)``). With a one-song list
no other position exists, so the loop never ends on the main thread: the app freezes and
Android reports it as not responding (an ANR), while the song keeps playing. Fixed in commit
50c65b4 ("Fix : Shuffling single song causes freezing"). Seeking (rewind / forward) and the
time going by are not modelled (positions stay at 00:00, so a song never ends on its own).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import (
    AppContext,
    AppNotResponding,
    BugSpec,
    JavaException,
    VirtualApp,
)
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.stacks import launch_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.sahdeepsingh.Bop"
SPLASH = ".Activities.SplashScreen"
MAIN = ".Activities.MainScreen"
NOW = ".Activities.PlayingNowList"
PLAYER = ".Activities.PlayerView"
SETTINGS = ".Activities.SettingsActivity"
READ = "android.permission.READ_EXTERNAL_STORAGE"
RECORD = "android.permission.RECORD_AUDIO"
BUG = "Bop#37"
APP_NAME = "Bop-MusicPlayer"
SERVICE = "com.sahdeepsingh.Bop.services.ServicePlayMusic"

# The device's music: id -> (title, artist, album, duration in seconds).
SONGS: dict[int, tuple[str, str, str, int]] = {
    101: ("Low Tide", "Mara Lind", "Harbour Lights", 214),
    102: ("Lanterns", "Mara Lind", "Harbour Lights", 187),
    103: ("Driftwood", "Mara Lind", "Harbour Lights", 242),
    201: ("Closing Time", "The Ostlers", "Last Orders", 205),
    301: ("Platform Nine", "Kestrel", "Northern Lines", 198),
    302: ("Overground", "Kestrel", "Northern Lines", 231),
}
ALBUMS = sorted({s[2] for s in SONGS.values()})
PAGE_TITLES = (APP_NAME, "Songs", "Playlists", "Genres", "Albums", "Artists", "Files")
PLAYING, PAUSED, STOPPED = "Playing", "Paused", "Stopped"


def froze(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Bop#37: the app stopped responding (the endless shuffle loop)."""
    return any(a.get("package") == PACKAGE for a in system.get("anrs", []))


def _c(rid: str = "", text: str = "", desc: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc)


START = (allow_permission(PACKAGE), allow_permission(PACKAGE), _c("openAlbums", "Albums"))
HUMAN_STEPS = (
    *START,
    _c("AlbumName", "Last Orders"),
    _c("fab"),
    _c("shuffle", desc="Shuffle"),
    _c("next", desc="Next"),
)

WRONG_SEQUENCES = {
    BUG: (
        # Next on the one-song album without shuffle: the song starts again.
        (*START, _c("AlbumName", "Last Orders"), _c("fab"), _c("next", desc="Next")),
        # Shuffle on a three-song album: another song plays.
        (
            *START,
            _c("AlbumName", "Harbour Lights"),
            _c("fab"),
            _c("shuffle", desc="Shuffle"),
            _c("next", desc="Next"),
        ),
        # Shuffle switched on and off again before Next.
        (
            *START,
            _c("AlbumName", "Last Orders"),
            _c("fab"),
            _c("shuffle", desc="Shuffle"),
            _c("shuffle", desc="Shuffle"),
            _c("next", desc="Next"),
        ),
        # Previous instead of Next.
        (
            *START,
            _c("AlbumName", "Last Orders"),
            _c("fab"),
            _c("shuffle", desc="Shuffle"),
            _c("previous", desc="Previous"),
        ),
    )
}


def _fmt(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


class Bop(VirtualApp):
    """Bop 1.1.2: splash, main pager, the now-playing list and the player."""

    name: ClassVar[str] = "Bop"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.1.2"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG,
            "crash",
            "The app freezes when I enable shuffle and try to play next track on an album "
            "with just one song in it",
            froze,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"first_run": True, "recent": [], "counts": {}, "playlists": {}}

    # -- the music service (process memory) -------------------------------------------------
    def _svc(self, ctx: AppContext) -> dict[str, Any]:
        svc = ctx.memory.get("service")
        if not isinstance(svc, dict):
            svc = {
                "songs": None,  # the service's list (Main.nowPlayingList), song ids
                "pos": 0,  # currentSongPosition
                "state": STOPPED,
                "current": None,
                "shuffle": False,
                "repeat": 0,
                "draws": 0,
                "now_item": False,  # Main.mainMenuHasNowPlayingItem
            }
            ctx.memory["service"] = svc
        return svc

    def _set_list(self, ctx: AppContext, ids: list[int]) -> None:
        self._svc(ctx)["songs"] = list(ids)  # setList() keeps currentSongPosition

    def _play_song(self, ctx: AppContext, caller: list[str], launching: str = "") -> None:
        """``ServicePlayMusic.playSong()``: plays ``songs.get(currentSongPosition)``."""
        svc = self._svc(ctx)
        songs = svc["songs"] or []
        pos = svc["pos"]
        if pos >= len(songs) or pos < 0:
            # ArrayList.get(): an index past the end, or a negative one reaching the array.
            kind = "IndexOutOfBoundsException" if pos >= 0 else "ArrayIndexOutOfBoundsException"
            message = f"Index: {pos}, Size: {len(songs)}" if pos >= 0 else f"length=10; index={pos}"
            error = JavaException(
                f"java.lang.{kind}",
                message,
                frames=[
                    "java.util.ArrayList.get(ArrayList.java:437)",
                    f"{SERVICE}.playSong(ServicePlayMusic.java:742)",
                    *caller,
                ],
            )
            if not launching:
                raise error
            raise JavaException(
                "java.lang.RuntimeException",
                f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}{launching}}}: "
                f"java.lang.{kind}: {message}",
                frames=launch_frames(25),
                cause=error,
            )
        song = songs[pos]
        recent = [s for s in ctx.data["recent"] if s != song]
        ctx.data["recent"] = [song, *recent][:10]
        counts = ctx.data["counts"]
        counts[str(song)] = counts.get(str(song), 0) + 1
        svc["current"] = song
        svc["state"] = PLAYING  # prepareAsync() then onPrepared()

    def _next(self, ctx: AppContext) -> None:
        """``ServicePlayMusic.next(true)``."""
        svc = self._svc(ctx)
        if svc["state"] not in (PLAYING, PAUSED):
            return
        size = len(svc["songs"] or [])
        if svc["shuffle"]:
            if size == 0:
                raise JavaException(
                    "java.lang.IllegalArgumentException",
                    "bound must be positive",
                    frames=[
                        "java.util.Random.nextInt(Random.java:388)",
                        f"{SERVICE}.next(ServicePlayMusic.java:696)",
                    ],
                )
            new = svc["pos"]
            if size == 1 and new == 0:
                # while (newSongPosition == currentSongPosition) never ends: the main thread hangs.
                raise AppNotResponding("Input dispatching timed out")
            rng = random.Random(svc["draws"])
            while new == svc["pos"]:
                svc["draws"] += 1
                new = rng.randrange(size)
            svc["pos"] = new
            return
        svc["pos"] += 1
        if svc["pos"] >= size:
            svc["pos"] = 0

    def _previous(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        if svc["state"] not in (PLAYING, PAUSED):
            return
        svc["pos"] -= 1
        if svc["pos"] < 0:
            svc["pos"] = len(svc["songs"] or []) - 1

    def play_next(self, ctx: AppContext, where: str) -> None:
        self._next(ctx)
        self._play_song(ctx, [f"com.sahdeepsingh.Bop.Activities.{where}.playNext"])

    def play_previous(self, ctx: AppContext, where: str) -> None:
        self._previous(ctx)
        self._play_song(ctx, [f"com.sahdeepsingh.Bop.Activities.{where}.playPrevious"])

    def toggle_playback(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        if svc["state"] == PAUSED:
            svc["state"] = PLAYING
        elif svc["state"] == PLAYING:
            svc["state"] = PAUSED

    def toggle_shuffle(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        svc["shuffle"] = not svc["shuffle"]

    def toggle_repeat(self, ctx: AppContext) -> None:
        svc = self._svc(ctx)
        svc["repeat"] = 0 if svc["repeat"] == 2 else svc["repeat"] + 1

    def seek(self, ctx: AppContext) -> None:
        """Rewind / Forward: ``seekTo`` (positions are not modelled)."""

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            if ctx.data["first_run"]:
                ctx.data.update(first_run=False, recent=[], counts={})
            if READ in ctx.permissions and RECORD in ctx.permissions:
                self._open_main(ctx)
            else:
                self._request(ctx)
        elif ctx.activity == MAIN:
            ctx.ui.setdefault("page", 0)
            # HomeFragment fills its lists once, when the pager creates it.
            ctx.ui.setdefault("home_recent", list(ctx.data["recent"]))
            ctx.ui.setdefault("home_most", self._most_played(ctx))
        elif ctx.activity == NOW:  # also on a re-creation (rotation): the song starts again
            svc = self._svc(ctx)
            if ctx.extras.get("playlistname") is not None or not svc["now_item"]:
                self._play_song(
                    ctx,
                    ["com.sahdeepsingh.Bop.Activities.PlayingNowList.onCreate"],
                    launching=NOW,
                )
            svc["now_item"] = True

    def _request(self, ctx: AppContext) -> None:
        ctx.ui["asked"] = [p for p in (READ, RECORD) if p not in ctx.permissions]
        ctx.ui["refused"] = []
        for permission in ctx.ui["asked"]:
            ctx.request_permission(permission)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != SPLASH:
            return
        asked = ctx.ui.get("asked", [])
        if permission in asked:
            asked.remove(permission)
        if not granted:
            ctx.ui.setdefault("refused", []).append(permission)
        if asked:
            return
        if READ in ctx.permissions and RECORD in ctx.permissions:
            self._open_main(ctx)
        elif READ not in ctx.permissions:
            ctx.ui["rationale"] = True

    def _open_main(self, ctx: AppContext) -> None:
        ctx.start_activity(MAIN)
        ctx.finish()

    def _most_played(self, ctx: AppContext) -> list[int]:
        counts = ctx.data["counts"]
        played = [s for s in SONGS if counts.get(str(s), 0) > 0]
        return sorted(played, key=lambda s: -counts[str(s)])[:10]

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            if w.dismiss(ctx.ui, "drawer"):
                return True
            if ctx.ui.get("page", 0) != 0:
                ctx.ui["page"] = 0
                return True
            if ctx.ui.get("back_once"):
                ctx.finish()  # super.onBackPressed(), then Main.forceExit(): finishAffinity()
                return True
            ctx.ui["back_once"] = True
            ctx.toast("Press back again to exit")
            return True
        if ctx.activity == PLAYER:
            ctx.finish()  # the cover stops rotating, then supportFinishAfterTransition()
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or ctx.ui.get("drawer"):
            return False
        page = ctx.ui.get("page", 0)
        if direction == "left" and page < 6:
            ctx.ui["page"] = page + 1
            return True
        if direction == "right" and page > 0:
            ctx.ui["page"] = page - 1
            return True
        return False

    # -- main screen actions -------------------------------------------------------------------
    def go_page(self, ctx: AppContext, page: int) -> None:
        ctx.ui["page"] = page
        ctx.ui["drawer"] = False

    def open_list(self, ctx: AppContext, ids: list[int], name: str) -> None:
        self._set_list(ctx, ids)
        ctx.start_activity(NOW, {"playlistname": name})

    def play_all(self, ctx: AppContext, which: str) -> None:
        ids = list(ctx.data["recent"]) if which == "recent" else self._most_played(ctx)
        if not ids:
            ctx.toast("No Songs to play")
            return
        self.open_list(ctx, ids, "Recent Songs" if which == "recent" else "Most played")

    def open_album(self, ctx: AppContext, album: str) -> None:
        self.open_list(ctx, [s for s, v in SONGS.items() if v[2] == album], album)

    def drawer_item(self, ctx: AppContext, item: str) -> None:
        pages = {
            "Home": 0,
            "All Songs": 1,
            "Playlist": 2,
            "Genres": 3,
            "Albums": 4,
            "Artists": 5,
            "Files": 6,
        }
        if item in pages:
            self.go_page(ctx, pages[item])
        elif item == "Now Playing":
            if self._svc(ctx)["now_item"]:
                ctx.start_activity(NOW)
            else:
                ctx.toast("no playlist")
            ctx.ui["drawer"] = False
        elif item == "Settings":
            ctx.ui["drawer"] = False
            ctx.start_activity(SETTINGS)
        elif item == "Exit":
            ctx.ui["drawer"] = False
            ctx.finish()
        else:  # Support, Feedback: another app (a browser, a mail app) would open
            ctx.ui["drawer"] = False

    def menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "Settings":
            ctx.start_activity(SETTINGS)
        elif item == "Quit":
            ctx.finish()

    # -- playing-now list actions ----------------------------------------------------------------
    def tap_song(self, ctx: AppContext, index: int) -> None:
        svc = self._svc(ctx)
        size = len(svc["songs"] or [])
        svc["pos"] = index if 0 <= index < size else 0
        self._play_song(ctx, ["com.sahdeepsingh.Bop.Adapters.AdapterSong$1.onClick"])

    def _open_song_menu(self, ctx: AppContext, index: int) -> None:
        ctx.ui["song_menu"] = index

    def remove_song(self, ctx: AppContext, index: int) -> None:
        ctx.ui["song_menu"] = None
        svc = self._svc(ctx)
        if svc["pos"] == index:
            self._next(ctx)
            self._play_song(ctx, ["com.sahdeepsingh.Bop.Adapters.AdapterSong$2.onMenuItemClick"])
        songs = svc["songs"] or []
        if 0 <= index < len(songs):
            songs.pop(index)

    def create_playlist(self, ctx: AppContext) -> None:
        name = ctx.ui.get("playlist_name", "")
        if not name:
            ctx.ui["name_error"] = True
            return
        ctx.data["playlists"][name] = list(self._svc(ctx)["songs"] or [])
        ctx.toast("Done")
        ctx.ui["save_dialog"] = False

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == NOW:
            return self._now(ctx)
        if ctx.activity == PLAYER:
            return self._player(ctx)
        if ctx.activity == SETTINGS:
            return Screen(content=w.child_page("Settings"))
        return self._splash(ctx)

    def _splash(self, ctx: AppContext) -> Screen:
        windows = []
        if ctx.ui.get("rationale"):

            def close(c: AppContext) -> None:
                c.ui["rationale"] = False

            def again(c: AppContext) -> None:
                c.ui["rationale"] = False
                self._request(c)

            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [w.dialog_message("You need to allow access to both the permissions")],
                    [
                        w.dialog_button("android:id/button2", "CANCEL", close),
                        w.dialog_button("android:id/button1", "OK", again),
                    ],
                    close,
                )
            )
        return Screen(content=w.frame_layout(), windows=windows)

    def _song_name(self, song: int | None) -> str:
        return SONGS[song][0] if song in SONGS else "Song Name"

    def _main(self, ctx: AppContext) -> Screen:
        svc = self._svc(ctx)
        page = ctx.ui.get("page", 0)
        actions: list[View] = []
        if svc["state"] == PLAYING:
            actions.append(
                w.action_item("nowPlayingIcon", "Now Playing", lambda c: c.start_activity(NOW))
            )
        actions.append(w.overflow_button(lambda c: c.ui.update(menu=True)))
        bar = w.toolbar(
            PAGE_TITLES[page],
            navigation=w.nav_button(w.NAVIGATE_UP, lambda c: c.ui.update(drawer=True)),
            actions=actions,
        )
        pager = View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="container",
            children=[self._page(ctx, page)],
        )
        parts = [bar, pager]
        if svc["now_item"]:
            parts.append(self._bottom_controls(ctx))
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Settings", w.bind(self.menu_item, "Settings")),
                        ("Quit", w.bind(self.menu_item, "Quit")),
                    ],
                    lambda c: c.ui.update(menu=False),
                    bounds=(560, 63, 1080, 335),
                )
            )
        if ctx.ui.get("drawer"):
            windows.append(self._drawer())
        return Screen(
            content=View(
                cls="android.widget.RelativeLayout", resource_id="sliding_layout", children=parts
            ),
            windows=windows,
        )

    def _drawer(self) -> Window:
        def row(label: str) -> View:
            return View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=126,
                on_click=w.bind(self.drawer_item, label),
                children=[
                    w.image_view("material_drawer_icon", width=126),
                    w.text_view(label, "material_drawer_name"),
                ],
            )

        main_items = ["Now Playing", "Home", "All Songs", "Playlist", "Genres", "Albums"]
        main_items += ["Artists", "Files"]
        children = [
            View(
                cls="android.widget.RelativeLayout",
                resource_id="material_drawer_account_header",
                height=300,
                children=[w.text_view("Bop - Music Player", "material_drawer_account_header_name")],
            ),
            View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="material_drawer_recycler_view",
                children=[
                    *(row(label) for label in main_items),
                    w.text_view("More", "material_drawer_name", height=100),
                    row("Support"),
                    row("Feedback"),
                ],
            ),
            View(
                cls="android.widget.LinearLayout",
                resource_id="material_drawer_sticky_footer",
                weight=0,
                children=[row("Settings"), row("Exit")],
            ),
        ]
        return w.navigation_sheet(
            children,
            lambda c: c.ui.update(drawer=False),
            bounds=(0, 63, 840, 1794),
            cls="android.widget.LinearLayout",
            rid="material_drawer_slider_layout",
        )

    def _bottom_controls(self, ctx: AppContext) -> View:
        svc = self._svc(ctx)

        def icon(rid: str, desc: str, handler: Any) -> View:
            return w.image_view(rid, desc, handler, width=150, height=150)

        return View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            resource_id="bottomViewControls",
            height=330,
            weight=0,
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=170,
                    children=[
                        w.image_view(
                            "bottomImageview",
                            handler=lambda c: c.start_activity(NOW),
                            width=170,
                        ),
                        w.text_view(self._song_name(svc["current"]), "bottomtextView"),
                    ],
                ),
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="controls",
                    layout=HORIZONTAL,
                    height=150,
                    children=[
                        icon("rewind", "Rewind", self.seek),
                        icon("previous", "Previous", w.bind(self.play_previous, "MainScreen")),
                        icon("next", "Next", w.bind(self.play_next, "MainScreen")),
                        icon("forward", "Forward", self.seek),
                    ],
                ),
            ],
        )

    def _page(self, ctx: AppContext, page: int) -> View:
        if page == 0:
            return self._home(ctx)
        if page == 1:
            rows = [
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=190,
                    on_click=w.bind(self.open_list, [s], "Single Song"),
                    children=[
                        w.image_view("albumArt", width=190),
                        View(
                            cls="android.widget.LinearLayout",
                            children=[
                                w.text_view(v[0], "songName"),
                                w.text_view(v[1], "songBy"),
                            ],
                        ),
                    ],
                )
                for s, v in sorted(SONGS.items(), key=lambda kv: kv[1][0])
            ]
            return self._search_page(ctx, "searchSongs", rows)
        if page == 4:
            query = ctx.ui.get("album_query", "").lower()
            albums = sorted((a for a in ALBUMS if query in a.lower()), key=str.lower)
            cards = [
                View(
                    cls="android.widget.LinearLayout",
                    height=380,
                    width=540,
                    on_click=w.bind(self.open_album, album),
                    children=[
                        w.image_view("albumArt1", "Album Art", height=262),
                        w.text_view(album, "AlbumName", height=118),
                    ],
                )
                for album in albums
            ]
            grid = [  # GridLayoutManager(context, 2)
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=380,
                    children=cards[i : i + 2],
                )
                for i in range(0, len(cards), 2)
            ]
            return self._search_page(ctx, "searchAlbum", grid, "Albums")
        stubs = {2: ("searchPlaylist", "Playlists"), 3: ("searchGenre", "Genres")}
        stubs |= {5: ("searchArtist", "Artists")}
        if page in stubs:
            rid, title = stubs[page]
            return self._search_page(ctx, rid, [], title)
        return View(
            cls="android.widget.RelativeLayout",
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=150,
                    children=[
                        w.button("buttonInternal", "INTERNAL"),
                        w.button("buttonExternal", "EXTERNAL"),
                    ],
                )
            ],
        )

    def _search_page(
        self, ctx: AppContext, rid: str, rows: list[View], empty: str = "Songs"
    ) -> View:
        def typed(c: AppContext, text: str) -> None:
            if rid == "searchAlbum":
                c.ui["album_query"] = text

        field = w.edit_text(
            rid, ctx.ui.get("album_query", "") if rid == "searchAlbum" else "", typed, hint="Search"
        )
        body: View
        if rows:
            body = View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="list",
                scrollable=True,
                scroll_key=f"scroll_{rid}",
                children=rows,
            )
        else:
            body = View(
                cls="android.widget.LinearLayout",
                resource_id="noData",
                children=[w.text_view("No", height=80), w.text_view(empty, height=80)],
            )
        return View(
            cls="android.widget.LinearLayout",
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=140,
                    weight=0,
                    children=[field, w.image_view(desc="Search", width=92)],
                ),
                body,
            ],
        )

    def _home(self, ctx: AppContext) -> View:
        def header(title: str, rid: str, which: str) -> View:
            return View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=120,
                children=[
                    w.text_view(title),
                    w.text_view("Play all", rid, on_click=w.bind(self.play_all, which), width=250),
                ],
            )

        def songs_row(rid: str, ids: list[int], item_rid: str, empty: str) -> View:
            if not ids:
                return View(
                    cls="android.widget.LinearLayout",
                    resource_id=empty,
                    height=160,
                    children=[w.text_view("No", height=80), w.text_view("Recent Songs", height=80)],
                )
            return View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id=rid,
                layout=HORIZONTAL,
                height=300,
                children=[w.text_view(SONGS[s][0], item_rid, width=300) for s in ids if s in SONGS],
            )

        def tile(rid: str, label: str, page: int) -> View:
            return View(
                cls="android.widget.LinearLayout",
                resource_id=rid,
                height=260,
                on_click=w.bind(self.go_page, page),
                children=[w.image_view(height=160), w.text_view(label, height=100)],
            )

        return View(
            cls="androidx.core.widget.NestedScrollView",
            scrollable=True,
            scroll_key="home_scroll",
            children=[
                header("Recent Songs", "playAllRecents", "recent"),
                songs_row(
                    "recyclerRecent",
                    ctx.ui.get("home_recent", []),
                    "titleSongRecent",
                    "noRecentSongs",
                ),
                header("Most Played", "playAllMP", "most"),
                songs_row(
                    "recyclerMostPlayed",
                    ctx.ui.get("home_most", []),
                    "mostPlayedSongName",
                    "noMostPlayedSongs",
                ),
                w.text_view("Everything", height=120),
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=260,
                    children=[
                        tile("openAllSongs", "All Songs", 1),
                        tile("openPlaylists", "Playlist", 2),
                        tile("openAlbums", "Albums", 4),
                    ],
                ),
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=260,
                    children=[tile("openGenres", "Generes", 3), tile("openArtists", "Artist", 5)],
                ),
            ],
        )

    def _title_block(self, ctx: AppContext) -> View:
        svc = self._svc(ctx)
        duration = SONGS[svc["current"]][3] if svc["current"] in SONGS else 0
        return View(
            cls="android.widget.LinearLayout",
            weight=0,
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="title",
                    height=110,
                    children=[w.text_view(self._song_name(svc["current"]), "titleTrack")],
                ),
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=100,
                    children=[
                        w.text_view("00:00", "time", width=200),
                        View(cls="android.widget.SeekBar", resource_id="progress"),
                        w.text_view(_fmt(duration), "duration", width=200),
                    ],
                ),
            ],
        )

    def _now(self, ctx: AppContext) -> Screen:
        svc = self._svc(ctx)
        songs = svc["songs"] or []
        name = ctx.extras.get("playlistname") or "Current Playlist"

        def row(index: int, song: int) -> View:
            title, artist = SONGS[song][0], SONGS[song][1]
            return View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=180,
                on_click=w.bind(self.tap_song, index),
                children=[
                    w.image_view("albumArt", width=180),
                    View(
                        cls="android.widget.LinearLayout",
                        children=[w.text_view(title, "songName"), w.text_view(artist, "songBy")],
                    ),
                    w.image_view(
                        "songOptions",
                        "Options",
                        w.bind(self._open_song_menu, index),
                        width=120,
                    ),
                ],
            )

        content = View(
            cls="android.widget.RelativeLayout",
            children=[
                w.image_view("cover", handler=lambda c: c.start_activity(PLAYER), height=560),
                self._title_block(ctx),
                View(
                    cls="android.widget.RelativeLayout",
                    resource_id="playlist",
                    layout=HORIZONTAL,
                    height=150,
                    weight=0,
                    children=[
                        View(
                            cls="android.widget.LinearLayout",
                            children=[
                                w.text_view(name, "name"),
                                w.text_view(f"{len(songs)} Songs", "counter"),
                            ],
                        ),
                        View(
                            cls="android.widget.ImageButton",
                            resource_id="options",
                            content_desc="Options",
                            on_click=lambda c: c.ui.update(list_menu=True),
                            width=150,
                        ),
                    ],
                ),
                View(
                    cls="android.widget.FrameLayout",
                    layout=FRAME,
                    children=[
                        View(
                            cls="androidx.recyclerview.widget.RecyclerView",
                            resource_id="tracks_nowplaying",
                            scrollable=True,
                            scroll_key="tracks_scroll",
                            children=[row(i, s) for i, s in enumerate(songs) if s in SONGS],
                        ),
                        w.fab("fab", "", lambda c: c.start_activity(PLAYER)),
                    ],
                ),
            ],
        )
        windows: list[Window] = []
        if ctx.ui.get("list_menu"):

            def save(c: AppContext) -> None:
                c.ui.update(list_menu=False, save_dialog=True, playlist_name="")

            windows.append(
                w.menu_window([("Save Playlist", save)], lambda c: c.ui.update(list_menu=False))
            )
        if ctx.ui.get("song_menu") is not None:
            index = ctx.ui["song_menu"]
            windows.append(
                w.menu_window(
                    [
                        ("Remove", w.bind(self.remove_song, index)),
                        ("Add to Playlist", lambda c: c.ui.update(song_menu=None)),
                        ("Information", lambda c: c.ui.update(song_menu=None)),
                    ],
                    lambda c: c.ui.update(song_menu=None),
                )
            )
        if ctx.ui.get("save_dialog"):
            windows.append(self._save_dialog(ctx))
        return Screen(content=content, windows=windows)

    def _save_dialog(self, ctx: AppContext) -> Window:
        def typed(c: AppContext, text: str) -> None:
            c.ui["playlist_name"] = text
            c.ui["name_error"] = False

        existing = sorted(ctx.data["playlists"])
        return Window(
            root=View(
                cls="android.widget.LinearLayout",
                weight=0,
                children=[
                    w.text_view("Select or Create new :", height=110),
                    View(
                        cls="android.widget.ListView",
                        resource_id="playlistListview",
                        height=max(1, len(existing)) * 120,
                        children=[
                            w.text_view(
                                n,
                                height=120,
                                on_click=lambda c, n=n: c.ui.update(playlist_name=n),
                            )
                            for n in existing
                        ],
                    ),
                    w.edit_text(
                        "newPlaylistName",
                        ctx.ui.get("playlist_name", ""),
                        typed,
                        hint="Playlist Name",
                    ),
                    View(
                        cls="android.widget.LinearLayout",
                        layout=HORIZONTAL,
                        height=140,
                        children=[
                            w.button(
                                "cancelPlaylist",
                                "CANCEL",
                                lambda c: c.ui.update(save_dialog=False),
                            ),
                            w.button("createPlaylist", "CREATE", self.create_playlist),
                        ],
                    ),
                ],
            ),
            on_dismiss=lambda c: c.ui.update(save_dialog=False),
        )

    def _player(self, ctx: AppContext) -> Screen:
        if ctx.ui.get("equalizer"):
            return Screen(content=w.linear_layout([w.text_view("Equalizer", height=147)]))

        def icon(rid: str, desc: str, handler: Any) -> View:
            return w.image_view(rid, desc, handler, width=160, height=160)

        content = View(
            cls="android.widget.RelativeLayout",
            children=[
                View(
                    cls="android.widget.RelativeLayout",
                    resource_id="fdsg",
                    height=700,
                    layout=FRAME,
                    children=[
                        w.image_view("cover", height=700),
                        w.image_view(
                            "equaButton",
                            "Equalizer",
                            lambda c: c.ui.update(equalizer=True),
                            width=130,
                            height=130,
                            gravity="top_end",
                        ),
                        w.fab("fab", "", self.toggle_playback, gravity="bottom_end"),
                    ],
                ),
                self._title_block(ctx),
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="ordering",
                    layout=HORIZONTAL,
                    height=160,
                    weight=0,
                    children=[
                        icon("repeat", "Repeat", self.toggle_repeat),
                        View(cls="android.widget.Space"),
                        icon("shuffle", "Shuffle", self.toggle_shuffle),
                    ],
                ),
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="controls",
                    layout=HORIZONTAL,
                    height=160,
                    weight=0,
                    children=[
                        icon("rewind", "Rewind", self.seek),
                        icon("previous", "Previous", w.bind(self.play_previous, "PlayerView")),
                        icon("next", "Next", w.bind(self.play_next, "PlayerView")),
                        icon("forward", "Forward", self.seek),
                    ],
                ),
            ],
        )
        return Screen(content=content)
