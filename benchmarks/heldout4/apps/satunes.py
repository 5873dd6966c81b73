"""Satunes (``io.github.antoinepirlot.satunes``) 2.4.0-beta-1, for Satunes#996.

Modelled from the sources at the tag ``v2.4.0-beta-1`` (commit ``2d4b12dc``, 2024-10-21,
``app/build.gradle.kts`` says ``versionName = "2.4.0-beta-1"``), the build the issue was filed
against the same day. Files read: ``MainActivity.kt``, ``Satunes.kt``, ``router/Router.kt``,
``router/routes/MediaRoutes.kt``, ``router/utils/MediaActions.kt``, ``models/Destination.kt``,
``data/Destinations.kt``, ``data/Settings.kt``, ``ui/components/bars/{TopAppBar,BottomAppBar,
MediaNavBarSelection,ShowCurrentMusicButton}.kt``, ``ui/components/cards/media/{MediaCard,
MediaCardList}.kt``, ``ui/views/media/**`` (musics, playlists, playlist, artist, album, genre,
folder views), ``ui/views/playback/**``, ``ui/views/settings/{SettingsView,permissions/
PermissionsSettingsView}.kt``, ``ui/components/dialog/**`` (WhatsNew, media and music options,
MediaSelectionDialog), ``ui/components/forms/{PlaylistCreationForm,MediaSelectionForm,
MediaSelectionCheckbox}.kt``, ``data/viewmodels/{PlaybackViewModel,DataViewModel,
MediaSelectionViewModel}.kt``, the ``playback`` module's ``PlaybackManager.kt``,
``PlaybackController.kt``, ``models/Playlist.kt``, ``models/PlaybackListener.kt``, the
``database`` module's ``SettingsManager.kt``, ``DatabaseManager.kt`` (``like``,
``addOnePlaylist``, ``insertMusicToPlaylist``), ``models/Music.kt``, ``models/NavBarSection.kt``,
``icons/SatunesIcons.kt`` (the content descriptions) and the three modules' ``strings.xml``.

The app is one activity drawing Jetpack Compose: no resource ids, texts and content
descriptions only. First run (API 30): the What's new dialog ("v2.4.0-beta-1", OK / Open in
GitHub) over the Permissions screen (Router.checkIfAllowed sends every media route there while
READ_EXTERNAL_STORAGE is not granted: "Read Storage" with an "Allow" button), the top bar
(Satunes, Search, Settings) and the bottom bar (Folders, Artists, Albums, Genres, Musics,
Playlists; Musics is the default section).

The bug (Satunes#996, crash): commit ``ca219f9a`` ("do not reload the played music from the same
playlist") made ``PlaybackViewModel.loadMusic`` call ``PlaybackManager.loadMusics`` only
``if (this.musicPlaying == musicToPlay)``, the condition inverted. A tap on a music card calls
``loadMusic(musicSet of the list, music)`` then ``openMedia`` -> ``PlaybackController.start``.
So a tap on a music that is not the one playing never loads its list, and the tap on the music
already playing loads its list (``Playlist.hasPlaylistMusicSet`` compares the new set with the
loaded one with ``==``) and ``start`` returns at once. After a music of a playlist is played
and tapped again in that playlist, the playback queue is that playlist alone; a tap on a music
of another list (the Musics tab) that the playlist lacks then runs ``start`` with
``playlist.getMusicIndex(music) == -1`` and ``Playlist.getMusic(-1)`` (Playlist.kt:107) throws
``java.lang.IndexOutOfBoundsException: index: -1, size: N`` from the Compose
``SnapshotStateList``. Fixed by ``62ca2a2c`` (the condition removed) and ``937a38a3``.

The playback queue (PlaybackController's Playlist) is process state kept in ``data["pb"]``:
before any load it is every music (``checkPlaybackController`` loads the whole library when the
queue is empty, on every PlaybackManager call but ``loadMusics``). ``PlaybackListener``'s
media-item transitions are not modelled: after a list is loaded by the second tap the model keeps
the tapped music as the one playing (the real listener may move it to the list's first music;
uncertain; in the human steps the two are the same music). On a fresh install a music gets into
a playlist by Like (the Favorites playlist, ``_likes``) or by creating a playlist from its "Add
to playlist" dialog (the app selects the new playlist itself): in this build
``MediaSelectionCheckbox`` adds a music or playlist to the selection when its box is
*unchecked* and removes it when checked (fixed in ``39f087aa``), which the model keeps.

Fixed data: the device's music library (``/storage/emulated/0/Music``, the default library
path ``/0/Music/%``), five tracks in ``LIBRARY``. Stubs: Search (a screen with its title),
the Settings sub-screens other than Permissions (no-ops), playlist export/import and "Open in
GitHub" (they open other apps), Share, the position bar, Previous/Next/Repeat/Shuffle/Timer,
the artists' and genres' album headers, long presses on cards other than musics (their option
dialogs). Snackbars are shown as toasts. A Shuffle button shuffles by reversing the list (the
app shuffles at random). The crash's frames are the app's, from ``Playlist.getMusic`` to the
tapped card's lambda (the lambdas' generated names are guesses); the Compose runtime frames
above and the input-dispatch and framework frames below are left out (their line numbers are
unknown).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, long_click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "io.github.antoinepirlot.satunes"
MAIN = ".MainActivity"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"
VERSION = "2.4.0-beta-1"

COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
TEXT = "android.widget.TextView"
BUTTON = "android.widget.Button"

LIKES = "_likes"
FAVORITES = "Favorites"
WHATS_NEW = (
    "Yay! You have just installed a new version of Satunes.\n\nI hope this version is better "
    "than the older one.\n\nIf you ever notice any problems or want to make suggestions, you can "
    "send me an email at: pirlot.antoine@outlook.com.\n\nThank you for your help! 😊\n\nI wish "
    "you good listening 🎧🎵"
)
NO_PLAYLISTS = (
    "You haven't created a playlist yet. Click on the “+” button at the bottom right to create one"
)
EMPTY_PLAYLIST = "This playlist is empty. Click on the “+” button at the bottom right to add more"

# (id, title, artist, album, genre): the device's music folder (fixed data).
LIBRARY: tuple[tuple[int, str, str, str, str], ...] = (
    (1, "Autumn Leaves", "Nora Vale", "Quiet Hours", "Jazz"),
    (2, "Blue Harbor", "The Tidelines", "Coastline", "Rock"),
    (3, "City Lights", "Nora Vale", "Quiet Hours", "Jazz"),
    (4, "Drift Away", "The Tidelines", "Coastline", "Rock"),
    (5, "Evening Song", "Marek Holt", "Field Notes", "Folk"),
)
MUSIC = {m[0]: m for m in LIBRARY}
ALL_IDS = [m[0] for m in sorted(LIBRARY, key=lambda m: m[1])]
KIND_FIELD = {"artist": 2, "album": 3, "genre": 4}

# (section, route, icon description): the bottom bar in BottomAppBar's order.
SECTIONS = (
    ("Folders", "folders", "Folder Icon"),
    ("Artists", "artists", "Artist Icon"),
    ("Albums", "albums", "Album Icon"),
    ("Genres", "genres", "Genre Icon"),
    ("Musics", "musics", "Music Icon"),
    ("Playlists", "playlists", "Playlist Icon"),
)
SETTINGS_ROUTES = ("settings", "permissions")
PLAYBACK_ROUTES = ("playback", "queue")
SETTING_BUTTONS = (
    ("Android Auto", "Android Auto Setting Icon"),
    ("Navigation Bar", "Bottom Bar Setting Icon"),
    ("Playback", "Playback Icon"),
    ("Search", "Search Icon"),
    ("Battery", "Battery Icon"),
    ("Library", "Library Setting Icon"),
    ("Permissions", "Permission Setting Icon"),
    ("Updates", "Update Setting Icon"),
    ("Logs", "Log Setting Icon"),
)


# The tapped card's lambda in each list (file, line of its ``openMedia`` call).
VIEW_FRAMES = {
    "musics": ("music.AllMusicsListView", 68),
    "playlist": ("playlist.PlaylistView", 111),
    "artist": ("artist.ArtistView", 82),
    "album": ("album.AlbumView", 91),
    "genre": ("genre.GenreView", 80),
    "folder": ("folder.FolderView", 66),
}


def _start_frames(view: str) -> list[str]:
    """The crash's stack from ``Playlist.getMusic`` down to the tapped card's click lambda (the
    Compose input-dispatch and framework frames below it are left out)."""
    app = "io.github.antoinepirlot.satunes"
    path, line = VIEW_FRAMES[view]
    name = path.rsplit(".", 1)[1]
    via_folder = (
        [f"{app}.router.utils.MediaActionsKt.openMediaFromFolder(MediaActions.kt:92)"]
        if view == "folder"
        else []
    )
    return [
        f"{app}.playback.models.Playlist.getMusic(Playlist.kt:107)",
        f"{app}.playback.services.PlaybackController.start(PlaybackController.kt:287)",
        f"{app}.playback.services.PlaybackManager.start(PlaybackManager.kt:179)",
        f"{app}.data.viewmodels.PlaybackViewModel.start(PlaybackViewModel.kt:310)",
        f"{app}.ui.utils.MediaKt.startMusic(Media.kt:65)",
        f"{app}.router.utils.MediaActionsKt.openMedia(MediaActions.kt:62)",
        *via_folder,
        f"{app}.ui.views.media.{path}Kt${name}$1.invoke({name}.kt:{line})",
        f"{app}.ui.components.cards.media.MediaCardListKt$MediaCardList$1.invoke(MediaCardList.kt:83)",
        f"{app}.ui.components.cards.media.MediaCardKt$MediaCard$1.invoke(MediaCard.kt:109)",
    ]


def _crashed_on_start(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Satunes#996: ``start`` looked up index -1 in the playback queue."""
    return crashed(system, PACKAGE, "java.lang.IndexOutOfBoundsException", "index: -1")


def _tap(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, text=text, desc=desc, cls=cls)


OK_WHATS_NEW = _tap("OK")
ALLOW = _tap("Allow", cls=TEXT)
GRANT = allow_permission(PACKAGE)
MUSICS = _tap("Musics", cls=TEXT)
PLAYLISTS = _tap("Playlists", cls=TEXT)
FAVORITES_CARD = _tap(FAVORITES, cls=TEXT)
LIKE = _tap("Like", cls=TEXT)
BACK: dict[str, Any] = {"kind": "press_back"}


def _music(title: str) -> dict[str, Any]:
    return _tap(title, cls=TEXT)


FIRST_RUN = [OK_WHATS_NEW, ALLOW, GRANT, MUSICS]
LIKE_AUTUMN = [long_click(PACKAGE, text="Autumn Leaves", cls=TEXT), LIKE, BACK]
# Autumn Leaves liked, then played once from the Favorites playlist (and Back).
PLAYED_FROM_FAVORITES = [
    *FIRST_RUN,
    *LIKE_AUTUMN,
    PLAYLISTS,
    FAVORITES_CARD,
    _music("Autumn Leaves"),
    BACK,
]

BUG_996 = BugSpec(
    bug_id="Satunes#996",
    kind="crash",
    title="Crash",
    oracle=_crashed_on_start,
    human_steps=(
        *PLAYED_FROM_FAVORITES,
        _music("Autumn Leaves"),
        BACK,
        MUSICS,
        _music("Blue Harbor"),
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Satunes#996": [
        # The music played only once from the playlist: its list is never loaded.
        [
            *PLAYED_FROM_FAVORITES,
            MUSICS,
            _music("Blue Harbor"),
        ],
        # The same music tapped last in Musics: the whole library is loaded again.
        [
            *PLAYED_FROM_FAVORITES,
            _music("Autumn Leaves"),
            BACK,
            MUSICS,
            _music("Autumn Leaves"),
        ],
        # The other music played from Musics before the second tap in the playlist.
        [
            *PLAYED_FROM_FAVORITES,
            BACK,
            MUSICS,
            _music("Blue Harbor"),
            BACK,
            PLAYLISTS,
            FAVORITES_CARD,
            _music("Autumn Leaves"),
        ],
        # The same music played twice from Musics instead of the playlist.
        [
            *FIRST_RUN,
            _music("Autumn Leaves"),
            BACK,
            _music("Autumn Leaves"),
            BACK,
            _music("Blue Harbor"),
        ],
    ],
}


class Satunes(VirtualApp):
    """Satunes 2.4.0-beta-1 (see the module docstring)."""

    name: ClassVar[str] = "Satunes"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Satunes"
    version: ClassVar[str] = VERSION
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_996,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "allowed": False,
            "whats_new_seen": False,
            "liked": [],
            "playlists": [],
            "next_playlist_id": 1,
            # PlaybackController: the loaded queue, the set it was built from, the music playing.
            "pb": {"queue": [], "source": None, "playing": None, "is_playing": False},
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", ["musics" if ctx.data["allowed"] else "permissions"])
        ctx.ui.setdefault("section", "Musics")

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if granted and permission.endswith("READ_EXTERNAL_STORAGE"):
            ctx.data["allowed"] = True  # SatunesViewModel.updateIsAudioAllowed, data loaded

    def on_back(self, ctx: AppContext) -> bool:
        for key in ("creation", "selection", "options"):
            if ctx.ui.get(key):
                self._close(ctx, key)
                return True
        return w.pop_back_stack(ctx.ui["stack"])

    # -- navigation ----------------------------------------------------------------------------
    def _route(self, ctx: AppContext) -> str:
        return str(ctx.ui["stack"][-1])

    def _navigate(self, ctx: AppContext, route: str) -> None:
        ctx.ui["options"] = None
        if route.split(":")[0] not in SETTINGS_ROUTES and not ctx.data["allowed"]:
            route = "permissions"  # Router.checkIfAllowed
        ctx.ui["stack"].append(route)

    def _section(self, ctx: AppContext, title: str, route: str) -> None:
        """MediaNavBarSelection's onClick: backToRoot(rootRoute)."""
        ctx.ui["section"] = title
        stack = ctx.ui["stack"]
        while stack and stack[-1] != route:
            stack.pop()
        if not stack:
            self._navigate(ctx, route)

    def _settings_button(self, ctx: AppContext) -> None:
        route = self._route(ctx)
        if route not in SETTINGS_ROUTES:
            self._navigate(ctx, "settings")
            return
        if route == "permissions" and not ctx.data["allowed"]:
            return
        ctx.ui["stack"].pop()
        if not ctx.ui["stack"]:
            ctx.ui["stack"] += ["folders", "settings"]

    def _search_button(self, ctx: AppContext) -> None:
        if self._route(ctx) == "search":
            ctx.ui["stack"].pop()
        else:
            self._navigate(ctx, "search")

    def _queue_button(self, ctx: AppContext) -> None:
        self._navigate(ctx, "queue" if self._route(ctx) == "playback" else "playback")

    # -- playback (PlaybackViewModel / PlaybackManager / PlaybackController) --------------------
    def _queue(self, ctx: AppContext) -> list[int]:
        """The controller's queue; checkPlaybackController loads the library into an empty one."""
        queue = ctx.data["pb"]["queue"]
        return list(queue) if queue else list(ALL_IDS)

    def _check_controller(self, ctx: AppContext) -> dict[str, Any]:
        pb: dict[str, Any] = ctx.data["pb"]
        if not pb["queue"]:
            pb.update(queue=list(ALL_IDS), source=sorted(ALL_IDS))
        return pb

    def _load_music(
        self, ctx: AppContext, music_set: list[int], to_play: int | None, shuffle: bool = False
    ) -> None:
        """PlaybackViewModel.loadMusic of this build."""
        pb = ctx.data["pb"]
        if pb["playing"] != to_play:  # the inverted ``if (this.musicPlaying == musicToPlay)``
            return
        if pb["source"] == sorted(music_set):  # Playlist.hasPlaylistMusicSet: "already loaded"
            return
        queue = list(music_set)
        if shuffle:
            queue.reverse()
            if to_play is not None:
                queue.remove(to_play)
                queue.insert(0, to_play)
        pb.update(queue=queue, source=sorted(music_set))

    def _start(self, ctx: AppContext, to_play: int | None, view: str) -> None:
        """PlaybackManager.start -> PlaybackController.start."""
        pb = self._check_controller(ctx)
        if to_play is None:
            index = 0
        elif to_play == pb["playing"]:
            return
        else:
            index = pb["queue"].index(to_play) if to_play in pb["queue"] else -1
        if not 0 <= index < len(pb["queue"]):
            raise JavaException(
                "java.lang.IndexOutOfBoundsException",
                f"index: {index}, size: {len(pb['queue'])}",
                frames=_start_frames(view),
            )
        pb.update(playing=pb["queue"][index], is_playing=True)

    def _open_music(self, ctx: AppContext, music_set: list[int], music: int, view: str) -> None:
        """A music card's onClick: loadMusic(list, music), then openMedia (start, navigate)."""
        self._load_music(ctx, music_set, music)
        self._start(ctx, music, view)
        self._navigate(ctx, "playback")

    def _play_all(self, ctx: AppContext, music_set: list[int], shuffle: bool) -> None:
        """The Play / Shuffle extra buttons: loadMusic(list) then openMedia with no media."""
        self._load_music(ctx, music_set, None, shuffle)
        self._start(ctx, None, "musics")
        self._navigate(ctx, "playback")

    def _play_pause(self, ctx: AppContext) -> None:
        pb = ctx.data["pb"]
        pb["is_playing"] = not pb["is_playing"]

    def _play_next(self, ctx: AppContext, music: int) -> None:
        pb = self._check_controller(ctx)
        queue = pb["queue"]
        if music in queue:
            queue.remove(music)
        queue.insert(queue.index(pb["playing"]) + 1 if pb["playing"] in queue else 1, music)
        self._close(ctx, "options")

    def _add_to_queue(self, ctx: AppContext, music: int) -> None:
        pb = self._check_controller(ctx)
        if music not in pb["queue"]:
            pb["queue"].append(music)
        self._close(ctx, "options")

    def _remove_from_queue(self, ctx: AppContext, music: int) -> None:
        pb = self._check_controller(ctx)
        if music != pb["playing"] and music in pb["queue"]:
            pb["queue"].remove(music)
        ctx.toast(f"{MUSIC[music][1]} has been remove from queue.")
        self._close(ctx, "options")

    # -- data (DataViewModel / DatabaseManager) ------------------------------------------------
    def _playlist(self, ctx: AppContext, pid: int) -> dict[str, Any]:
        return next(p for p in ctx.data["playlists"] if p["id"] == pid)

    def _title(self, playlist: dict[str, Any]) -> str:
        return FAVORITES if playlist["title"] == LIKES else str(playlist["title"])

    def _add_playlist(self, ctx: AppContext, title: str) -> dict[str, Any] | None:
        """DatabaseManager.addOnePlaylist (its errors shown in snackbars)."""
        title = title.strip()
        if not title:
            ctx.toast("The playlist title is blank.")
            return None
        if any(p["title"] == title for p in ctx.data["playlists"]):
            ctx.toast(f"{title} already exists")
            return None
        playlist = {"id": ctx.data["next_playlist_id"], "title": title, "musics": []}
        ctx.data["next_playlist_id"] += 1
        ctx.data["playlists"].append(playlist)
        return playlist

    def _insert(self, ctx: AppContext, music: int, playlist: dict[str, Any]) -> None:
        if music not in playlist["musics"]:
            playlist["musics"].append(music)
        if playlist["title"] == LIKES and music not in ctx.data["liked"]:
            ctx.data["liked"].append(music)

    def _switch_like(self, ctx: AppContext, music: int) -> None:
        """Music.switchLike -> DatabaseManager.like / unlike."""
        likes = next((p for p in ctx.data["playlists"] if p["title"] == LIKES), None)
        if music in ctx.data["liked"]:
            ctx.data["liked"].remove(music)
            if likes is not None and music in likes["musics"]:
                likes["musics"].remove(music)
            return
        ctx.data["liked"].append(music)
        if likes is None:
            likes = self._add_playlist(ctx, LIKES)
            assert likes is not None
            self._insert(ctx, music, likes)
            ctx.toast(f"{FAVORITES} has been created.")
            return
        self._insert(ctx, music, likes)

    # -- dialogs -------------------------------------------------------------------------------
    def _close(self, ctx: AppContext, key: str) -> None:
        ctx.ui[key] = None
        if key == "selection":  # a touch outside: clearAll(), then onDismissRequest
            ctx.ui.update(creation=None, chosen=[])

    def _open_options(self, ctx: AppContext, music: int) -> None:
        ctx.ui["options"] = music

    def _open_selection(self, ctx: AppContext, target: str) -> None:
        """MediaSelectionDialog: ``target`` is ``music:<id>`` (playlists listed) or
        ``playlist:<id>`` (musics listed)."""
        ctx.ui["selection"] = {"target": target, "checked": {}}
        ctx.ui.setdefault("chosen", [])  # MediaSelectionViewModel's checked lists

    def _toggle_box(self, ctx: AppContext, key: str) -> None:
        """MediaSelectionCheckbox.onClick of this build: the selection is updated inverted."""
        sel, chosen = ctx.ui["selection"], ctx.ui["chosen"]
        sel["checked"][key] = not sel["checked"].get(key, key in chosen)
        if not sel["checked"][key]:
            chosen.append(key)
        elif key in chosen:
            chosen.remove(key)

    def _confirm_selection(self, ctx: AppContext) -> None:
        sel, chosen = ctx.ui["selection"], list(ctx.ui["chosen"])
        ctx.ui["chosen"] = []  # getChecked...() then clearAll()
        kind, ident = sel["target"].split(":")
        if kind == "music":
            for key in chosen:
                self._insert(ctx, int(ident), self._playlist(ctx, int(key)))
            ctx.toast("Musics have been added to playlists")
            self._close(ctx, "selection")
            self._close(ctx, "options")
        else:
            playlist = self._playlist(ctx, int(ident))
            for key in chosen:
                self._insert(ctx, int(key), playlist)
            ctx.toast(f"Musics have been added to {self._title(playlist)}")
            self._close(ctx, "selection")

    def _create_from_form(self, ctx: AppContext) -> None:
        title = str(ctx.ui["creation"]["title"])
        ctx.ui["creation"] = None
        playlist = self._add_playlist(ctx, title)
        if playlist is None:
            return
        ctx.toast(f"{playlist['title']} has been created.")
        if ctx.ui.get("selection"):
            ctx.ui["chosen"].append(str(playlist["id"]))  # onPlaylistAdded

    def _type_title(self, ctx: AppContext, text: str) -> None:
        ctx.ui["creation"]["title"] = text

    def _whats_new(self, ctx: AppContext, permanently: bool) -> None:
        ctx.ui["whats_new_closed"] = True
        if permanently:
            ctx.data["whats_new_seen"] = True

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = self._route(ctx)
        body = self._body(ctx, route)
        content = View(
            cls=COMPOSE,
            children=[self._top_bar(ctx, route), body, self._bottom_bar(ctx, route)],
        )
        windows = self._windows(ctx)
        if not ctx.data["whats_new_seen"] and not ctx.ui.get("whats_new_closed"):
            windows.insert(0, self._whats_new_dialog())
        return Screen(content=content, windows=windows)

    def _column(self, children: list[View], **kw: Any) -> View:
        return View(cls=VIEW, children=children, **kw)

    def _icon_button(self, desc: str, handler: Any, **kw: Any) -> View:
        return View(
            cls=BUTTON,
            on_click=handler,
            width=kw.pop("width", 147),
            height=kw.pop("height", 147),
            children=[View(cls=VIEW, content_desc=desc)],
            **kw,
        )

    def _text_button(self, text: str, handler: Any, desc: str = "") -> View:
        children = [View(cls=VIEW, content_desc=desc, width=100)] if desc else []
        return View(
            cls=BUTTON,
            layout=HORIZONTAL,
            on_click=handler,
            height=130,
            children=[*children, w.text_view(text, height=130)],
        )

    def _top_bar(self, ctx: AppContext, route: str) -> View:
        children: list[View] = []
        if route in PLAYBACK_ROUTES:
            children.append(self._icon_button("Playback Icon", self._queue_button))
        children.append(w.text_view("Satunes", height=147))
        if route not in SETTINGS_ROUTES:
            children.append(self._icon_button("Search Icon", self._search_button))
        children.append(self._icon_button("Settings Icon", self._settings_button))
        return View(cls=VIEW, layout=HORIZONTAL, height=147, style="toolbar", children=children)

    def _bottom_bar(self, ctx: AppContext, route: str) -> View:
        shows = route not in (*SETTINGS_ROUTES, *PLAYBACK_ROUTES, "search")
        items = [
            View(
                cls=VIEW,
                selected=shows and ctx.ui["section"] == title,
                on_click=w.bind(self._section, title, root),
                children=[View(cls=VIEW, content_desc=desc), w.text_view(title, height=60)],
            )
            for title, root, desc in SECTIONS
        ]
        return View(cls=VIEW, layout=HORIZONTAL, height=210, children=items)

    def _body(self, ctx: AppContext, route: str) -> View:
        kind, _, arg = route.partition(":")
        if kind == "permissions":
            return self._permissions(ctx)
        if kind == "settings":
            return self._settings()
        if kind == "search":
            return self._column([w.text_view("Search", height=140), View(cls=VIEW)])
        if kind in PLAYBACK_ROUTES:
            return self._playback(ctx) if kind == "playback" else self._queue_view(ctx)
        if kind == "musics":
            return self._media_list(
                ctx, self._music_cards(ctx, ALL_IDS, "musics"), ALL_IDS, "No music found"
            )
        if kind == "playlists":
            return self._playlists(ctx)
        if kind == "playlist":
            return self._playlist_view(ctx, int(arg))
        if kind == "folders":
            return self._collections(ctx, "folder", ["0"], "No folder with musics found")
        if kind in ("artists", "albums", "genres"):
            what = kind[:-1]
            titles = sorted({str(MUSIC[m][KIND_FIELD[what]]) for m in ALL_IDS})
            return self._collections(ctx, what, titles, f"No {what} found")
        return self._media_view(ctx, kind, arg)

    def _permissions(self, ctx: AppContext) -> View:
        granted = ctx.data["allowed"]
        row: list[View] = [
            View(cls=VIEW, content_desc="Folder Icon", width=100),
            w.text_view("Read Storage", width=300),
            View(
                cls=VIEW,
                content_desc="Permission Granted Icon"
                if granted
                else "Permission Not Granted Icon",
                width=100,
            ),
        ]
        if not granted:
            row.append(self._text_button("Allow", lambda c: c.request_permission(STORAGE)))
        return self._column(
            [
                w.text_view("Permissions", height=140),
                View(cls=VIEW, layout=HORIZONTAL, height=150, children=row),
                View(cls=VIEW),
            ]
        )

    def _settings(self) -> View:
        def open_setting(ctx: AppContext, title: str) -> None:
            if title == "Permissions":
                ctx.ui["stack"].append("permissions")

        rows = [self._text_button(t, w.bind(open_setting, t), d) for t, d in SETTING_BUTTONS]
        return self._column([w.text_view("Settings", height=140), *rows, View(cls=VIEW)])

    def _card(
        self,
        ctx: AppContext,
        title: str,
        subtitle: str,
        on_click: Any,
        *,
        music: int | None = None,
        long_click: Any = None,
    ) -> View:
        """MediaCard: the artwork (or the playing icon), the title, the subtitle, the liked
        icon; clickable, and long-clickable for the options dialog."""
        playing = music is not None and music == ctx.data["pb"]["playing"]
        desc = "Music Playing Icon" if playing else "Default Album Artwork"
        texts = [w.text_view(title, height=80)]
        if subtitle:
            texts.append(w.text_view(subtitle, height=60))
        children = [View(cls=VIEW, content_desc=desc, width=150), self._column(texts)]
        if music is not None and music in ctx.data["liked"]:
            children.append(View(cls=VIEW, content_desc="Liked Icon", width=100))
        return View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=190,
            on_click=on_click,
            on_long_click=long_click,
            children=children,
        )

    def _music_cards(self, ctx: AppContext, ids: list[int], view: str) -> list[View]:
        return [
            self._card(
                ctx,
                MUSIC[m][1],
                f"{MUSIC[m][3]} - {MUSIC[m][2]}",
                w.bind(self._open_music, list(ids), m, view),
                music=m,
                long_click=w.bind(self._open_options, m),
            )
            for m in ids
        ]

    def _media_list(
        self,
        ctx: AppContext,
        cards: list[View],
        music_set: list[int] | None,
        empty: str,
        *,
        header: str = "",
        extra: list[View] | None = None,
    ) -> View:
        """MediaListView: the cards (or the empty text) and the FAB column at the bottom end."""
        fabs = list(extra or [])
        if music_set:
            fabs.append(self._icon_button("Play Icon", w.bind(self._play_all, music_set, False)))
            fabs.append(self._icon_button("Shuffle Icon", w.bind(self._play_all, music_set, True)))
        if ctx.data["pb"]["playing"] is not None:
            fabs.append(
                self._icon_button(
                    "Music Icon", lambda c: self._navigate(c, "playback"), width=262, height=262
                )
            )
        top: list[View] = [w.text_view(header, height=140)] if header else []
        listing = (
            View(cls=VIEW, scrollable=True, children=[*top, *cards])
            if cards
            else self._column([*top, w.text_view(empty if not header else "")])
        )
        column = View(cls=VIEW, weight=0, width=200, gravity="bottom_end", children=fabs)
        return View(cls=VIEW, layout=FRAME, children=[listing, column])

    def _playlists(self, ctx: AppContext) -> View:
        cards = [
            self._card(
                ctx, self._title(p), "", lambda c, i=p["id"]: self._navigate(c, f"playlist:{i}")
            )
            for p in ctx.data["playlists"]
        ]
        extra = [
            self._icon_button("Export Icon", None),
            self._icon_button("Import Icon", None),
            self._icon_button("Playlist add Icon", lambda c: c.ui.update(creation={"title": ""})),
        ]
        return self._media_list(ctx, cards, None, NO_PLAYLISTS, extra=extra)

    def _playlist_view(self, ctx: AppContext, pid: int) -> View:
        playlist = self._playlist(ctx, pid)
        ids = list(playlist["musics"])
        extra = [
            self._icon_button("Export Icon", None),
            self._icon_button("Add Icon", w.bind(self._open_selection, f"playlist:{pid}")),
        ]
        cards = self._music_cards(ctx, ids, "playlist")
        return self._media_list(
            ctx, cards, ids, EMPTY_PLAYLIST, header=self._title(playlist), extra=extra
        )

    def _collections(self, ctx: AppContext, what: str, titles: list[str], empty: str) -> View:
        """The Folders, Artists, Albums and Genres tabs: one card per folder or collection."""
        names = ["This Device"] if what == "folder" else titles
        cards = [
            self._card(ctx, name, "", lambda c, k=key: self._navigate(c, f"{what}:{k}"))
            for name, key in zip(names, titles, strict=True)
        ]
        return self._media_list(ctx, cards, list(ALL_IDS), empty)

    def _media_view(self, ctx: AppContext, what: str, key: str) -> View:
        """An artist, album, genre or folder (the root folder ``0`` holds ``Music``)."""
        if what == "folder" and key == "0":
            cards = [self._card(ctx, "Music", "", lambda c: self._navigate(c, "folder:Music"))]
            return self._media_list(ctx, cards, list(ALL_IDS), "No music found")
        if what == "folder":
            ids = list(ALL_IDS)
        else:
            ids = [m for m in ALL_IDS if MUSIC[m][KIND_FIELD[what]] == key]
        header = "" if what == "folder" else key
        return self._media_list(
            ctx, self._music_cards(ctx, ids, what), ids, "No music found", header=header
        )

    def _playback(self, ctx: AppContext) -> View:
        pb = ctx.data["pb"]
        music = MUSIC[pb["playing"]]
        liked = music[0] in ctx.data["liked"]
        actions = [
            self._icon_button(
                "Liked Icon" if liked else "Unliked Icon", w.bind(self._switch_like, music[0])
            ),
            self._icon_button("Playlist add Icon", w.bind(self._open_selection_from_playback)),
            self._icon_button("Share Icon", None),
            self._icon_button("Timer Icon", None),
        ]
        controls = [
            self._icon_button("Shuffle Icon", None),
            self._icon_button("Skip Previous Icon", None),
            self._icon_button("Pause Icon" if pb["is_playing"] else "Play Icon", self._play_pause),
            self._icon_button("Skip Next Icon", None),
            self._icon_button("Repeat Icon", None),
        ]
        return self._column(
            [
                View(cls=VIEW, content_desc="Music Album Artwork", height=700),
                w.text_view(music[1], height=100),
                w.text_view(music[2], height=80),
                View(cls=VIEW, layout=HORIZONTAL, height=150, children=actions),
                View(cls="android.widget.SeekBar", height=100),
                View(cls=VIEW, layout=HORIZONTAL, height=180, children=controls),
            ]
        )

    def _open_selection_from_playback(self, ctx: AppContext) -> None:
        self._open_selection(ctx, f"music:{ctx.data['pb']['playing']}")

    def _queue_view(self, ctx: AppContext) -> View:
        ids = self._queue(ctx)
        cards = [
            self._card(
                ctx,
                MUSIC[m][1],
                f"{MUSIC[m][3]} - {MUSIC[m][2]}",
                w.bind(self._start, m, "musics"),
                music=m,
                long_click=w.bind(self._open_options, m),
            )
            for m in ids
        ]
        return View(cls=VIEW, scrollable=True, children=[w.text_view("Queue", height=140), *cards])

    # -- windows -------------------------------------------------------------------------------
    def _dialog(self, children: list[View], on_dismiss: Any) -> Window:
        return Window(root=View(cls=VIEW, weight=0, children=children), on_dismiss=on_dismiss)

    def _whats_new_dialog(self) -> Window:
        return self._dialog(
            [
                View(cls=VIEW, content_desc="Info Icon", height=100),
                w.text_view(f"v{VERSION}", height=120),
                View(cls=VIEW, scrollable=True, height=700, children=[w.text_view(WHATS_NEW)]),
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=130,
                    children=[
                        self._text_button("OK", w.bind(self._whats_new, True)),
                        self._text_button("Open in GitHub", None),
                    ],
                ),
            ],
            w.bind(self._whats_new, False),
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        if ctx.ui.get("options") is not None:
            windows.append(self._options_dialog(ctx, int(ctx.ui["options"])))
        if ctx.ui.get("selection"):
            windows.append(self._selection_dialog(ctx))
        elif ctx.ui.get("creation") is not None:
            windows.append(self._creation_form(ctx))
        return windows

    def _options_dialog(self, ctx: AppContext, music: int) -> Window:
        """MusicOptionsDialog."""
        _, title, artist, album, genre = MUSIC[music]
        pb = ctx.data["pb"]
        liked = music in ctx.data["liked"]
        options = [
            self._text_button(
                "Unlike" if liked else "Like",
                w.bind(self._switch_like, music),
                "Liked Icon" if liked else "Unliked Icon",
            ),
            self._text_button(
                "Add to playlist",
                w.bind(self._open_selection, f"music:{music}"),
                "Playlist add Icon",
            ),
        ]
        if music != pb["playing"]:
            queue = self._queue(ctx)
            after = queue.index(pb["playing"]) + 1 if pb["playing"] in queue else 1
            if after >= len(queue) or queue[after] != music:
                options.append(
                    self._text_button("Play next", w.bind(self._play_next, music), "Play Next Icon")
                )
            if music in queue:
                options.append(
                    self._text_button(
                        "Remove from queue",
                        w.bind(self._remove_from_queue, music),
                        "Remove from queue Icon",
                    )
                )
            else:
                options.append(
                    self._text_button(
                        "Add to queue",
                        w.bind(self._add_to_queue, music),
                        "Add to queue Icon",
                    )
                )
        options.append(self._text_button("Share", None, "Share Icon"))
        for what, name, desc in (
            ("album", album, "Album Icon"),
            ("artist", artist, "Artist Icon"),
            ("genre", genre, "Genre Icon"),
            ("folder", "Music", "Folder Icon"),
        ):
            options.append(
                self._text_button(name, lambda c, r=f"{what}:{name}": self._navigate(c, r), desc)
            )
        return self._dialog(
            [
                View(cls=VIEW, content_desc="Music Options Icon", height=100),
                w.text_view(title, height=120),
                *options,
            ],
            w.bind(self._close, "options"),
        )

    def _selection_dialog(self, ctx: AppContext) -> Window:
        """MediaSelectionDialog (MediaSelectionForm's checkbox rows)."""
        sel = ctx.ui["selection"]
        kind, ident = sel["target"].split(":")
        if kind == "music":
            items = [(str(p["id"]), self._title(p)) for p in ctx.data["playlists"]]
            title = "Add to playlist" if items else "No music found"
        else:
            items = [(str(m), MUSIC[m][1]) for m in ALL_IDS]
            title = "Add to " + self._title(self._playlist(ctx, int(ident)))
        if ctx.ui.get("creation") is not None:
            return self._creation_form(ctx)
        body: list[View] = []
        if self._route(ctx).split(":")[0] not in ("playlists", "playlist"):
            body.append(self._text_button("Create a new playlist", self._show_creation))
        for key, name in items:
            checked = bool(sel["checked"].get(key, key in ctx.ui["chosen"]))
            body.append(
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=170,
                    on_click=w.bind(self._toggle_box, key),
                    children=[
                        w.check_box("", "", checked, width=130),
                        self._column([w.text_view(name, height=80)]),
                    ],
                )
            )
        buttons = [self._text_button("Cancel", lambda c: c.ui.update(selection=None))]
        buttons.append(self._text_button("Add" if items else "", self._confirm_selection))
        return self._dialog(
            [
                View(cls=VIEW, content_desc="Playlist add Icon", height=100),
                w.text_view(title, height=120),
                View(cls=VIEW, scrollable=True, weight=0, children=body),
                View(cls=VIEW, layout=HORIZONTAL, height=130, children=buttons),
            ],
            w.bind(self._close, "selection"),
        )

    def _show_creation(self, ctx: AppContext) -> None:
        ctx.ui["creation"] = {"title": ""}

    def _creation_form(self, ctx: AppContext) -> Window:
        """PlaylistCreationForm."""
        typed = str(ctx.ui["creation"]["title"])
        field = w.edit_text("", typed, self._type_title, hint="Playlist Name")
        return self._dialog(
            [
                View(cls=VIEW, content_desc="PlaylistDB Creation Button Icon", height=100),
                w.text_view("Create a new playlist", height=120),
                field,
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=130,
                    children=[
                        self._text_button("Cancel", lambda c: c.ui.update(creation=None)),
                        self._text_button("Create", self._create_from_form),
                    ],
                ),
            ],
            lambda c: c.ui.update(creation=None),
        )
