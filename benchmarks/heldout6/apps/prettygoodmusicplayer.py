"""Pretty Good Music Player (``com.smithdtyler.prettygoodmusicplayer``,
smithdtyler/prettygoodmusicplayer) 1.8.2, for prettygoodmusicplayer#38.

A folder-based music player: ``ArtistList`` (the launcher) lists the artist folders of the music
directory, ``AlbumList`` an artist's album folders (with "All" first), ``SongList`` the songs of
an album, and a tap on a song starts ``NowPlaying``, which binds to ``MusicPlaybackService`` and
sends it the song list and a play command.

Sources read at commit a9e8ac8 ("fixed bug that caused an NPE when an artist directory was
empty", 2014-11-08; ``versionName`` 1.8.2, versionCode 11), the last commit before the report
(2014-11-11), and at the fix, commit ef5cfde ("request full screen, handle screen rotation
gracefully", 2014-11-12; its parent 0b31479, version 2.0, has the same NowPlaying code). Files
read: ``ArtistList``, ``AlbumList``, ``SongList``, ``NowPlaying``, ``MusicPlaybackService``
(``IncomingHandler``, ``startPlayingFile``, ``playPause``, ``next``, ``previous``), ``Utils``
(folder and file rules, ``getPrettySongName``), the layouts ``activity_*_list.xml`` (rows are
``android.R.layout.simple_list_item_1``) and ``activity_now_playing.xml``, the menus,
``strings.xml`` and ``pretty_good_preferences.xml``.

Bug prettygoodmusicplayer#38 (non-crash): ``NowPlaying.onCreate`` reads the song list and
position from its intent (``KICKOFF_SONG``) every time it is created, and its
``onServiceConnected`` then sends ``MSG_SET_PLAYLIST`` (the service's ``startPlayingFile``
stops, resets and reloads that song) and ``MSG_PLAYPAUSE`` (plays it). An orientation change
re-creates the activity with the same intent, so the song the user first tapped starts again
from its beginning (after a Next or Previous, that first song comes back; a paused song starts
playing). Only the Now Playing screen does this: the list screens keep the service as it is.
The fix sends the play list only when ``savedInstanceState`` is null.

Fixed data (the device's files, KitKat, no runtime permission): ``/sdcard/Music`` holds two
artist folders with one album folder each. Stubbed: the settings screen (its row does nothing;
the directory chooser is not modelled), the notification, audio focus, headset and Bluetooth
buttons, the seek bar (disabled in this version) and the playing time, which the model does not
advance (the oracle looks at the restart itself). Uncertain: which build the reporter ran (no
version is given; 1.8.2 was the release of the day, and the next commits keep the same
NowPlaying code); the action bar's overflow button on the reporter's Moto G (no menu key, so
shown); the list rows' exact heights.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.smithdtyler.prettygoodmusicplayer"
ARTISTS = ".ArtistList"
ALBUMS = ".AlbumList"
SONGS = ".SongList"
NOW_PLAYING = ".NowPlaying"
SETTINGS = ".SettingsActivity"
ROOT = "/storage/emulated/0/Music"
# The music folder: artist -> album -> song files.
LIBRARY: dict[str, dict[str, tuple[str, ...]]] = {
    "Broke For Free": {
        "Directionless EP": ("01 Night Owl.mp3", "02 Day Bird.mp3", "03 Only Knows.mp3"),
    },
    "Podington Bear": {
        "Solo Instruments": ("01 Chaotic Piano.mp3", "02 Sneaky.mp3"),
    },
}


def pretty(file_name: str) -> str:
    """``Utils.getPrettySongName``: the leading track number and the extension go."""
    name = file_name.split(" ", 1)[1] if file_name.split(" ", 1)[0].isdigit() else file_name
    return name.rsplit(".", 1)[0]


def restarted_by_rotation(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of prettygoodmusicplayer#38: a re-created Now Playing screen sent its
    song list again, so the service restarted a song the user had not chosen again."""
    return bool(data["service"].get("restarted_without_choice"))


# -- steps -------------------------------------------------------------------------------------
ITEM = "android:id/text1"
ARTIST = click(PACKAGE, ITEM, "Broke For Free")
ALBUM = click(PACKAGE, ITEM, "Directionless EP")
SONG = click(PACKAGE, ITEM, "Day Bird")
LANDSCAPE = {"kind": "rotate", "orientation": "landscape"}
PORTRAIT = {"kind": "rotate", "orientation": "portrait"}
BACK = {"kind": "press_back"}
START_A_SONG = [ARTIST, ALBUM, SONG]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "prettygoodmusicplayer#38": [
        # Rotated on the song list, after leaving the Now Playing screen.
        [*START_A_SONG, BACK, LANDSCAPE],
        # Rotated before a song is started.
        [ARTIST, ALBUM, LANDSCAPE, SONG],
        # The same song tapped again (the user's own choice) instead of a rotation.
        [*START_A_SONG, BACK, SONG],
        # Pause and play on the Now Playing screen, no rotation.
        [*START_A_SONG, click(PACKAGE, "playPause", desc="Pause"), click(PACKAGE, "playPause")],
    ],
}


class PrettyGoodMusicPlayer(VirtualApp):
    """Pretty Good Music Player 2.0: artist, album and song lists and Now Playing."""

    name: ClassVar[str] = "prettygoodmusicplayer"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Pretty Good Music Player"
    version: ClassVar[str] = "1.8.2"
    launch_activity: ClassVar[str] = ARTISTS
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "prettygoodmusicplayer#38",
            "non-crash",
            "Music restarts from beginning on orientation change",
            restarted_by_rotation,
            human_steps=(*START_A_SONG, LANDSCAPE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "service": {
                "playlist": [],  # absolute file names
                "position": 0,
                "loaded": False,
                "playing": False,
                "starts": 0,
                "restarted_without_choice": False,
            }
        }

    # -- folders -----------------------------------------------------------------------------
    @staticmethod
    def _artists() -> list[str]:
        return sorted(LIBRARY, key=str.upper)

    @staticmethod
    def _songs(artist: str, album: str) -> list[str]:
        """``SongList.populateSongs``: an album's files by name, or for "All" every album's."""
        albums = LIBRARY[artist]
        chosen = [album] if album in albums else sorted(albums, key=str.upper)
        return [
            f"{ROOT}/{artist}/{a}/{f}" for a in chosen for f in sorted(albums[a], key=str.upper)
        ]

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != NOW_PLAYING:
            return
        # onCreate: doBindService(); the intent's KICKOFF_SONG extras, read on every creation.
        # onServiceConnected: MSG_SET_PLAYLIST then MSG_PLAYPAUSE.
        songs = list(ctx.extras.get("songs", []))
        if not songs:
            return
        service = ctx.data["service"]
        if ctx.ui.get("created"):
            # Re-created (rotation): the user chose nothing, the song starts over anyway.
            service["restarted_without_choice"] = True
        ctx.ui["created"] = True
        self._set_playlist(ctx, songs, int(ctx.extras.get("position", 0)))
        self._play_pause(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {"created": ctx.ui.get("created", False)}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == ARTISTS:
            if ctx.ui.get("menu"):
                ctx.ui["menu"] = False
                return True
            # onKeyDown(KEYCODE_BACK): "Are you sure?"
            ctx.ui["confirm"] = True
            return True
        return False

    # -- service -----------------------------------------------------------------------------
    def _set_playlist(self, ctx: AppContext, songs: list[str], position: int) -> None:
        """``MSG_SET_PLAYLIST``: ``startPlayingFile`` stops, resets and loads the song."""
        service = ctx.data["service"]
        service.update(playlist=songs, position=position, loaded=True, playing=False)
        service["starts"] += 1

    def _play_pause(self, ctx: AppContext) -> None:
        """``MSG_PLAYPAUSE``: pause when playing, else play."""
        service = ctx.data["service"]
        if service["loaded"]:
            service["playing"] = not service["playing"]

    def _skip(self, ctx: AppContext, delta: int) -> None:
        """``MSG_NEXT``/``MSG_PREVIOUS`` (a song just started: the model keeps no time, so
        Previous always goes to the previous song)."""
        service = ctx.data["service"]
        if service["playlist"]:
            service["position"] = (service["position"] + delta) % len(service["playlist"])
            service["playing"] = True

    def _quit(self, ctx: AppContext) -> None:
        """ "Yes": ``MSG_STOP_SERVICE``, then finish."""
        ctx.data["service"].update(playing=False, loaded=False, playlist=[])
        ctx.ui["confirm"] = False
        ctx.finish()

    # -- handlers ----------------------------------------------------------------------------
    def _open(self, ctx: AppContext, activity: str, extras: dict[str, Any]) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(activity, extras)

    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    # -- screens -----------------------------------------------------------------------------
    def _rows(self, texts: list[str], handler: Any, rid: str) -> View:
        """The ``rid`` ListView of ``simple_list_item_1`` rows (``android:id/text1``)."""
        return w.list_view(
            [w.text_view(t, ITEM, height=126, on_click=w.bind(handler, t)) for t in texts],
            rid=rid,
        )

    def _bar(self, title: str, menu: bool = False) -> View:
        actions = [w.overflow_button(w.bind(self._set, menu=True))] if menu else []
        return w.toolbar(
            title, actions=actions, rid="android:id/action_bar", cls="android.view.View"
        )

    def _list_screen(self, ctx: AppContext, title: str, rows: View) -> Screen:
        menu = ctx.activity == ARTISTS
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            close = w.bind(self._set, menu=False)
            windows.append(
                w.menu_window(
                    [("Settings", w.bind(self._open, SETTINGS, {}))],
                    close,
                    title_rid="android:id/title",
                )
            )
        if ctx.ui.get("confirm"):
            close = w.bind(self._set, confirm=False)
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [w.dialog_message("Are you sure?")],
                    w.dialog_buttons(("Yes", self._quit), ("No", close)),
                    close,
                )
            )
        content = w.linear_layout([self._bar(title, menu), rows])
        return Screen(content=content, windows=windows)

    def _artist_list(self, ctx: AppContext) -> Screen:
        def choose(c: AppContext, artist: str) -> None:
            self._open(c, ALBUMS, {"artist": artist})

        rows = self._rows(self._artists(), choose, "artistListView")
        return self._list_screen(ctx, "Pretty Good Music Player", rows)

    def _album_list(self, ctx: AppContext) -> Screen:
        artist = ctx.extras["artist"]

        def choose(c: AppContext, album: str) -> None:
            self._open(c, SONGS, {"artist": artist, "album": album})

        rows = self._rows(["All", *sorted(LIBRARY[artist])], choose, "albumListView")
        return self._list_screen(ctx, "Albums", rows)

    def _song_list(self, ctx: AppContext) -> Screen:
        artist, album = ctx.extras["artist"], ctx.extras["album"]
        files = self._songs(artist, album)
        names = [pretty(f.rsplit("/", 1)[1]) for f in files]

        def choose(c: AppContext, name: str) -> None:
            extras = {"artist": artist, "album": album, "songs": files}
            self._open(c, NOW_PLAYING, {**extras, "position": names.index(name)})

        return self._list_screen(ctx, "Songs", self._rows(names, choose, "songListView"))

    def _now_playing(self, ctx: AppContext) -> Screen:
        service = ctx.data["service"]
        artist, album, song = ctx.extras.get("artist", ""), ctx.extras.get("album", ""), ""
        if service["playlist"]:
            # MSG_SERVICE_STATUS: the service's current file names the three fields.
            parts = service["playlist"][service["position"]].rsplit("/", 3)
            artist, album, song = parts[1], parts[2], pretty(parts[3])
        label = "Pause" if service["playing"] else "Play"
        info = w.relative_layout(
            [
                w.text_view(artist, "artistName", height=120),
                w.text_view(album, "albumName", height=120),
                w.text_view(song, "songName", height=160),
            ],
            layout="vertical",
        )
        bar = View(cls="android.widget.SeekBar", resource_id="songProgressBar", enabled=False)
        buttons = w.relative_layout(
            [
                w.image_button("previous", "Previous", w.bind(self._skip, -1), width=200),
                w.image_button("playPause", label, self._play_pause, width=200),
                w.image_button("next", "Next", w.bind(self._skip, 1), width=200),
            ],
            layout=HORIZONTAL,
            height=200,
        )
        content = w.linear_layout(
            [self._bar("Now Playing"), info, w.linear_layout([bar], height=120), buttons]
        )
        return Screen(content=content)

    def _settings(self, ctx: AppContext) -> Screen:
        rows = [
            w.preference_category("File Preferences"),
            w.preference(
                "Choose Music Directory", "Pick the Directory Containing Your Artists", None
            ),
        ]
        return Screen(content=w.linear_layout([self._bar("Settings"), w.list_view(rows)]))

    def render(self, ctx: AppContext) -> Screen:
        screens = {
            ARTISTS: self._artist_list,
            ALBUMS: self._album_list,
            SONGS: self._song_list,
            NOW_PLAYING: self._now_playing,
        }
        return screens.get(ctx.activity, self._settings)(ctx)
