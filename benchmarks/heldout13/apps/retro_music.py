"""Retro Music (RetroMusicPlayer/RetroMusicPlayer) 5.8.4, package ``code.name.monkey.retromusic``.

Source read: tag v5.8.4, commit 29671a374e62615b0d0c3d2357f69394889d7d68 (2022-05-13,
``versionName '5.8.4'``, targetSdk 32). Screens from ``activity_permission.xml`` and
``item_permission.xml`` (PermissionActivity), ``sliding_music_panel_layout.xml`` (the
``bottomNavigationView`` of ``bottom_navigation_main.xml``: For you, Songs, Albums, Artists,
Playlists; the default library categories of ``PreferenceUtil``), ``fragment_main_recycler.xml``
with ``simple_appbar_layout.xml`` (search navigation icon, ``appNameText`` title, the
``shuffle_button`` FAB) and ``item_list.xml`` rows (``title``, ``text``, the ``menu`` button)
for Songs, ``item_grid`` cards for Playlists, ``fragment_playlist_detail.xml``,
``menu_item_song.xml``, ``menu_item_playlist_song.xml`` and ``menu_main.xml``, the dialogs of
``AddToPlaylistDialog`` ("Add to playlist": "New playlist" then the playlists, Cancel) and
``CreatePlaylistDialog`` ("New playlist", ``actionNewPlaylist`` "Playlist name", Create/Cancel).

First run (the device is API 30): MainActivity opens on its first tab (For you) and, without
READ_EXTERNAL_STORAGE, navigates to PermissionActivity ("Hello there! Welcome to Retro Music",
the Storage Access and Ringtone (Optional) items with their "Grant access" buttons, "Let's go"
enabled once storage access is granted). ``WhatsNewFragment.showChangeLog`` marks the changelog
read when its sheet is created behind PermissionActivity, so it is not drawn here (uncertain).

Bug RetroMusicPlayer#1368 (non-crash): playlists live in the app's Room database as copies of
the songs (``SongEntity`` rows per playlist, ``LibraryViewModel.addToPlaylist``). "Delete from
device" (``DeleteSongsDialog``; on Android R and later ``MediaStore.createDeleteRequest``, the
system's "Allow Retro Music to delete this audio file?" dialog) removes the song from the media
store and the playing queue and reloads the tabs, but nothing removes its ``SongEntity`` rows
(neither this path nor ``MusicUtil.deleteTracks`` touches the playlist tables), so the playlist
keeps an entry for a song that no longer exists (tapping it, the player fails: "Couldn't play
this song."). The oracle: a playlist holds a song the media store no longer has.

The device's music (fixed data replacing the media store): four songs, listed by title as the
Songs tab's default sort does. Stubbed: For you (its title and four buttons), Albums, Artists
(their names), the search screen, Settings, the tag editor, details and album/artist screens
(a title and Back); Share, Set as ringtone, Add to Blacklist and the grid/sort submenus do
nothing here, nor does the playlist screen's overflow menu; playback only sets the mini
player's title; a denied storage permission shows no
snackbar. Back on PermissionActivity (``finishAffinity``) returns to the empty library here
instead of leaving the app.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "code.name.monkey.retromusic"
MAIN = ".activities.MainActivity"
PERMISSION = ".activities.PermissionActivity"
SETTINGS = ".activities.SettingsActivity"
TAG_EDITOR = ".activities.tageditor.SongTagEditorActivity"
WRITE_SETTINGS = "com.android.settings.Settings$WriteSettingsActivity"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"

TABS = (
    ("action_home", "For you"),
    ("action_song", "Songs"),
    ("action_album", "Albums"),
    ("action_artist", "Artists"),
    ("action_playlist", "Playlists"),
)
HOME = "For you"

# (media id, title, artist, album, duration in seconds)
SONGS = (
    (31, "Arabesque No. 1", "Claude Debussy", "Deux Arabesques", 258),
    (32, "Clair de lune", "Claude Debussy", "Suite bergamasque", 302),
    (33, "Gymnopédie No. 1", "Erik Satie", "Gymnopédies", 205),
    (34, "Nocturne Op. 9 No. 2", "Frédéric Chopin", "Nocturnes", 273),
)

SONG_MENU = (
    "Play next",
    "Add to playing queue",
    "Add to playlist",
    "Go to album",
    "Go to artist",
    "Share",
    "Tag editor",
    "Details",
    "Set as ringtone",
    "Add to Blacklist",
    "Delete from device",
)
PLAYLIST_SONG_MENU = ("Remove from playlist", *(i for i in SONG_MENU if i != "Add to Blacklist"))
MAIN_MENU = ("Grid size", "Grid style", "Sort order", "Settings")


def stale_playlist_entry(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of RetroMusicPlayer#1368: a playlist lists a song the media store no longer
    has (it was deleted from the device)."""
    on_device = {song["id"] for song in data["songs"]}
    return any(
        entry["id"] not in on_device
        for playlist in data["playlists"]
        for entry in playlist["songs"]
    )


def _row_menu(title: str) -> dict[str, Any]:
    """A tap on the ``menu`` button of the row titled ``title`` is not expressible by id alone
    (every row has one), so the steps name it by its position (see ``_ROW_MENU_BOUNDS``)."""
    return click(PACKAGE, "menu", cls="android.widget.ImageView", bounds=_ROW_MENU_BOUNDS[title])


# the rows' menu buttons on the Songs tab, as laid out below (left, top, right, bottom)
_ROW_MENU_BOUNDS = {
    "Arabesque No. 1": [954, 210, 1080, 378],
    "Clair de lune": [954, 378, 1080, 546],
}

GRANT = click(PACKAGE, "button", "Grant access", cls="android.widget.Button")
ALLOW = allow_permission(PACKAGE)
LETS_GO = click(PACKAGE, "finish", "Let's go", cls="android.widget.Button")
SONGS_TAB = click(PACKAGE, "action_song", desc="Songs")
PLAYLISTS_TAB = click(PACKAGE, "action_playlist", desc="Playlists")
ADD_TO_PLAYLIST = click(PACKAGE, "title", "Add to playlist")
NEW_PLAYLIST = click(PACKAGE, "android:id/text1", "New playlist")
NAME = input_text(PACKAGE, "actionNewPlaylist", "Favourites", hint="Playlist name")
CREATE = click(PACKAGE, "android:id/button1", "Create")
DELETE = click(PACKAGE, "title", "Delete from device")
ALLOW_DELETE = click(PACKAGE, "android:id/button1", "Allow")
OPEN_PLAYLIST = click(PACKAGE, "title", "Favourites")

ADD_FIRST = [_row_menu("Arabesque No. 1"), ADD_TO_PLAYLIST, NEW_PLAYLIST, NAME, CREATE]
SETUP = [GRANT, ALLOW, LETS_GO, SONGS_TAB]

BUG_1368 = BugSpec(
    "RetroMusicPlayer#1368",
    "non-crash",
    "Deleted songs should automatically be removed from playlists",
    stale_playlist_entry,
    human_steps=(
        *SETUP,
        *ADD_FIRST,
        _row_menu("Arabesque No. 1"),
        DELETE,
        ALLOW_DELETE,
        PLAYLISTS_TAB,
        OPEN_PLAYLIST,
    ),
)

WRONG_SEQUENCES = {
    "RetroMusicPlayer#1368": [
        # the song added to a playlist, never deleted
        [*SETUP, *ADD_FIRST, PLAYLISTS_TAB, OPEN_PLAYLIST],
        # a song that is in no playlist deleted
        [*SETUP, *ADD_FIRST, _row_menu("Clair de lune"), DELETE, ALLOW_DELETE],
        # the deletion refused in the system dialog
        [
            *SETUP,
            *ADD_FIRST,
            _row_menu("Arabesque No. 1"),
            DELETE,
            click(PACKAGE, "android:id/button2", "Deny"),
        ],
        # deleted before it was ever added to a playlist
        [*SETUP, _row_menu("Arabesque No. 1"), DELETE, ALLOW_DELETE, PLAYLISTS_TAB],
    ],
}


def _empty(text: str) -> View:
    """The lists' ``android:id/empty`` view: the emoji and the message."""
    return w.linear_layout(
        [w.text_view("\U0001f631", "emptyEmoji"), w.text_view(text, "emptyText")],
        rid="android:id/empty",
    )


def _duration(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


class RetroMusic584(VirtualApp):
    """Retro Music 5.8.4 (see the module docstring)."""

    name: ClassVar[str] = "RetroMusicPlayer"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Retro Music"
    version: ClassVar[str] = "5.8.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1368,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "songs": [
                {"id": i, "title": t, "artist": a, "album": al, "duration": d}
                for i, t, a, al, d in SONGS
            ],
            "playlists": [],
            "next_playlist_id": 1,
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("tab", HOME)
            ctx.ui.setdefault("stack", [])
            if STORAGE not in ctx.permissions:
                ctx.start_activity(PERMISSION)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {k: ctx.ui[k] for k in ("tab", "stack") if k in ctx.ui}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        for key in ("dialog", "menu"):
            if ctx.ui.get(key):
                ctx.ui[key] = None
                return True
        if ctx.ui.get("stack"):
            ctx.ui["stack"].pop()
            return True
        if ctx.ui.get("tab") != HOME:
            ctx.ui["tab"] = HOME  # the bottom navigation pops back to its start destination
            return True
        return False

    # -- PermissionActivity --------------------------------------------------------------------
    def _permission_screen(self, ctx: AppContext) -> Screen:
        granted = STORAGE in ctx.permissions

        def item(number: str, title: str, summary: str, handler: Any, checked: bool) -> View:
            children = [
                w.text_view(number, "number", width=120),
                w.linear_layout(
                    [
                        w.text_view(title, "title"),
                        w.text_view(summary, "summary", height=160),
                        w.button("button", "Grant access", handler, width=420),
                    ],
                    weight=0,
                ),
            ]
            if checked:
                children.append(w.image_view("checkImage", width=120))
            return w.linear_layout(children, horizontal=True, height=480)

        items = [
            item(
                "1",
                "Storage Access",
                "The app needs permission to access your device storage for playing music",
                lambda c: c.request_permission(STORAGE),
                granted,
            ),
            item(
                "3",
                "Ringtone (Optional)",
                "The app needs permission to access your device settings in order to set "
                "music as Ringtone",
                lambda c: c.start_activity(WRITE_SETTINGS),
                False,
            ),
        ]
        return Screen(
            content=w.linear_layout(
                [
                    w.text_view("Hello there! \nWelcome to Retro Music", "appNameText", height=300),
                    View(cls="android.view.View", resource_id="divider", height=3),
                    w.scroll_view([w.linear_layout(items, weight=0)]),
                    w.button("finish", "Let's go", self._lets_go, enabled=granted, height=170),
                ]
            )
        )

    def _lets_go(self, ctx: AppContext) -> None:
        if STORAGE in ctx.permissions:
            ctx.finish()  # MainActivity (NEW_TASK | CLEAR_TASK), on its first tab

    # -- MainActivity: library -----------------------------------------------------------------
    def _library(self, ctx: AppContext) -> list[dict[str, Any]]:
        """What the media store shows the app (nothing without the storage permission)."""
        if STORAGE not in ctx.permissions:
            return []
        return sorted(ctx.data["songs"], key=lambda s: str(s["title"]).lower())

    def _song(self, ctx: AppContext, song_id: int) -> dict[str, Any] | None:
        return next((s for s in ctx.data["songs"] if s["id"] == song_id), None)

    def _play(self, ctx: AppContext, queue: list[dict[str, Any]], index: int) -> None:
        ctx.memory["queue"] = [s["id"] for s in queue]
        ctx.memory["playing"] = queue[index]["id"]

    def _open_song_menu(self, ctx: AppContext, song: dict[str, Any], in_playlist: int) -> None:
        ctx.ui["menu"] = {"song": dict(song), "playlist": in_playlist}

    def _song_menu_item(self, ctx: AppContext, item: str) -> None:
        menu = ctx.ui.get("menu") or {}
        ctx.ui["menu"] = None
        song = menu.get("song")
        if not song:
            return
        if item == "Add to playlist":
            ctx.ui["dialog"] = {"kind": "add", "song": song}
        elif item == "Delete from device":
            ctx.ui["dialog"] = {"kind": "delete", "song": song}
        elif item == "Remove from playlist":
            ctx.ui["dialog"] = {"kind": "remove", "song": song, "playlist": menu["playlist"]}
        elif item in ("Play next", "Add to playing queue"):
            queue = ctx.memory.setdefault("queue", [])
            queue.append(song["id"])
        elif item in ("Go to album", "Go to artist", "Details"):
            ctx.ui["stack"].append({"stub": item, "song": song})
        elif item == "Tag editor":
            ctx.start_activity(TAG_EDITOR, {"title": song["title"]})

    def _add_to_playlist(self, ctx: AppContext, name: str, song: dict[str, Any]) -> None:
        """``LibraryViewModel.addToPlaylist``: create the playlist when no playlist has the name,
        then insert the song's ``SongEntity``."""
        playlist = next((p for p in ctx.data["playlists"] if p["name"] == name), None)
        if playlist is None:
            playlist = {"id": ctx.data["next_playlist_id"], "name": name, "songs": []}
            ctx.data["next_playlist_id"] += 1
            ctx.data["playlists"].append(playlist)
        playlist["songs"].append(
            {k: song[k] for k in ("id", "title", "artist", "album", "duration")}
        )
        ctx.toast(f"Added 1 song(s) to {name}")

    def _choose_playlist(self, ctx: AppContext, which: int) -> None:
        dialog = ctx.ui["dialog"]
        if which == 0:
            ctx.ui["dialog"] = {"kind": "create", "song": dialog["song"], "name": ""}
            return
        ctx.ui["dialog"] = None
        self._add_to_playlist(ctx, ctx.data["playlists"][which - 1]["name"], dialog["song"])

    def _create(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        if dialog["name"]:
            self._add_to_playlist(ctx, dialog["name"], dialog["song"])

    def _allow_delete(self, ctx: AppContext) -> None:
        """RESULT_OK of the delete request: the media store loses the song; the app skips it
        if playing, drops it from the queue and reloads the tabs (the bug: not the playlists)."""
        song = ctx.ui["dialog"]["song"]
        ctx.ui["dialog"] = None
        ctx.data["songs"] = [s for s in ctx.data["songs"] if s["id"] != song["id"]]
        queue = [i for i in ctx.memory.get("queue", []) if i != song["id"]]
        ctx.memory["queue"] = queue
        if ctx.memory.get("playing") == song["id"]:
            ctx.memory["playing"] = queue[0] if queue else None

    def _remove_from_playlist(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        for playlist in ctx.data["playlists"]:
            if playlist["id"] == dialog["playlist"]:
                playlist["songs"] = [
                    e for e in playlist["songs"] if e["id"] != dialog["song"]["id"]
                ]

    def _open_playlist(self, ctx: AppContext, playlist_id: int) -> None:
        ctx.ui["stack"].append({"playlist": playlist_id})

    def _select_tab(self, ctx: AppContext, title: str) -> None:
        ctx.ui.update(tab=title, stack=[], menu=None)

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PERMISSION:
            return self._permission_screen(ctx)
        if ctx.activity == SETTINGS:
            return Screen(content=w.child_page("Settings"))
        if ctx.activity == TAG_EDITOR:
            return Screen(content=w.child_page(str(ctx.extras.get("title", ""))))
        if ctx.activity == WRITE_SETTINGS:
            return Screen(content=w.child_page("Modify system settings"))
        stack = ctx.ui.get("stack") or []
        if stack:
            page = self._detail_page(ctx, stack[-1])
        else:
            page = self._tab_page(ctx, ctx.ui.get("tab", HOME))
        panel: list[View] = [w.frame_layout([page], rid="fragment_container")]
        playing = self._song(ctx, ctx.memory.get("playing") or -1)
        if playing is not None:
            panel.append(
                w.linear_layout(
                    [
                        w.text_view(f"{playing['title']} • {playing['artist']}", "miniPlayerTitle"),
                        w.image_button("miniPlayerPlayPauseButton", width=147),
                    ],
                    rid="miniPlayerFragment",
                    horizontal=True,
                    height=147,
                )
            )
        if not stack:
            panel.append(
                w.bottom_navigation(
                    TABS,
                    ctx.ui.get("tab", HOME),
                    self._select_tab,
                    rid="bottomNavigationView",
                    cls="code.name.monkey.retromusic.views.BottomNavigationBarTinted",
                )
            )
        return Screen(content=w.linear_layout(panel, rid="mainContent"), windows=self._windows(ctx))

    def _appbar(self, ctx: AppContext, title: str) -> View:
        return w.frame_layout(
            [
                w.toolbar(
                    w.text_view(title, "appNameText", height=w.TOOLBAR_HEIGHT),
                    navigation=w.nav_button("", lambda c: c.ui["stack"].append({"stub": "Search"})),
                    actions=[w.overflow_button(lambda c: c.ui.update(menu={"main": True}))],
                )
            ],
            rid="appBarLayout",
            height=w.TOOLBAR_HEIGHT,
        )

    def _tab_page(self, ctx: AppContext, tab: str) -> View:
        library = self._library(ctx)
        if tab == HOME:
            buttons = [
                w.button(rid, text, None)
                for rid, text in (
                    ("history", "History"),
                    ("lastAdded", "Last added"),
                    ("topPlayed", "Most played"),
                    ("actionShuffle", "Shuffle"),
                )
            ]
            return w.linear_layout(
                [
                    self._appbar(ctx, "Retro Music"),
                    w.scroll_view([w.linear_layout(buttons, rid="home_content", weight=0)]),
                ]
            )
        if tab == "Songs":
            rows = [
                self._song_row(song, w.bind(self._play, library, i), 0)
                for i, song in enumerate(library)
            ]
            return self._recycler_page(ctx, "Songs", rows, "You have no songs", shuffle=True)
        if tab == "Playlists":
            cards = [
                w.list_row(
                    p["name"],
                    f"{len(p['songs'])} {'Song' if len(p['songs']) == 1 else 'Songs'} • "
                    + _duration(sum(int(e["duration"]) for e in p["songs"])),
                    title_rid="title",
                    subtitle_rid="text",
                    on_click=w.bind(
                        lambda c, pid: c.ui["stack"].append({"playlist": pid}), p["id"]
                    ),
                    height=300,
                )
                for p in ctx.data["playlists"]
            ]
            return self._recycler_page(ctx, "Playlists", cards, "You have no playlists")
        key = "album" if tab == "Albums" else "artist"
        names = sorted({str(s[key]) for s in library})
        cards = [w.list_row(n, title_rid="title", height=300) for n in names]
        return self._recycler_page(ctx, tab, cards, "Empty")

    def _recycler_page(
        self, ctx: AppContext, title: str, rows: list[View], empty: str, *, shuffle: bool = False
    ) -> View:
        if rows:
            body = w.list_view(
                rows, rid="recycler_view", cls="androidx.recyclerview.widget.RecyclerView"
            )
        else:
            body = _empty(empty)
        page = [self._appbar(ctx, title), body]
        if not shuffle:
            return w.linear_layout(page)
        return View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            layout=FRAME,
            children=[
                w.linear_layout(page),
                w.fab("shuffle_button", "Shuffle", self._shuffle),
            ],
        )

    def _shuffle(self, ctx: AppContext) -> None:
        library = self._library(ctx)
        if library:
            self._play(ctx, library, 0)

    def _main_menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = None
        if item == "Settings":
            ctx.start_activity(SETTINGS)

    def _song_row(self, song: dict[str, Any], on_click: Any, in_playlist: int) -> View:
        """An ``item_list`` row: cover, title, artist and the ``menu`` button."""
        return w.list_row(
            str(song["title"]),
            str(song["artist"]),
            title_rid="title",
            subtitle_rid="text",
            on_click=on_click,
            leading=w.image_view("image", width=168),
            trailing=[
                w.image_view(
                    "menu",
                    handler=w.bind(self._open_song_menu, song, in_playlist),
                    width=126,
                )
            ],
        )

    def _play_entry(self, ctx: AppContext, entries: list[dict[str, Any]], index: int) -> None:
        """A tap on a playlist's row plays the playlist from it; a song gone from the device
        fails in the player ("Couldn't play this song.")."""
        if self._song(ctx, entries[index]["id"]) is None:
            ctx.toast("Couldn\u2019t play this song.")
            return
        self._play(ctx, entries, index)

    def _detail_page(self, ctx: AppContext, entry: dict[str, Any]) -> View:
        if "playlist" not in entry:
            title = str(entry["stub"])
            if "song" in entry and title != "Details":
                song = entry["song"]
                title = str(song["album"] if title == "Go to album" else song["artist"])
            return w.linear_layout(
                [w.toolbar(title, navigation=w.nav_button("", lambda c: c.ui["stack"].pop()))]
            )
        playlist = next((p for p in ctx.data["playlists"] if p["id"] == entry["playlist"]), None)
        if playlist is None:
            return w.frame_layout()
        entries = playlist["songs"]
        rows = [
            self._song_row(e, w.bind(self._play_entry, entries, i), playlist["id"])
            for i, e in enumerate(entries)
        ]
        body: View = (
            w.list_view(rows, rid="recyclerView", cls="androidx.recyclerview.widget.RecyclerView")
            if rows
            else w.linear_layout(
                [
                    w.text_view("\U0001f631", "emptyEmoji"),
                    w.text_view("You have no songs", "emptyText"),
                ],
                rid="android:id/empty",
            )
        )
        bar = w.toolbar(
            str(playlist["name"]),
            navigation=w.nav_button("", lambda c: c.ui["stack"].pop()),
            actions=[w.overflow_button(None)],
        )
        return w.linear_layout([w.frame_layout([bar], rid="appBarLayout", height=147), body])

    def _windows(self, ctx: AppContext) -> list[Window]:
        close_menu = lambda c: c.ui.update(menu=None)  # noqa: E731
        close_dialog = lambda c: c.ui.update(dialog=None)  # noqa: E731
        windows: list[Window] = []
        menu = ctx.ui.get("menu")
        if menu and menu.get("main"):
            main_items = [(t, w.bind(self._main_menu_item, t)) for t in MAIN_MENU]
            windows.append(w.menu_window(main_items, close_menu))
        elif menu:
            labels = PLAYLIST_SONG_MENU if menu.get("playlist") else SONG_MENU
            items = [(t, w.bind(self._song_menu_item, t)) for t in labels]
            windows.append(w.menu_window(items, close_menu))
        dialog = ctx.ui.get("dialog")
        if not dialog:
            return windows
        kind = dialog["kind"]
        if kind == "add":
            names = ["New playlist", *(p["name"] for p in ctx.data["playlists"])]
            rows = [
                w.text_view(n, "android:id/text1", on_click=w.bind(self._choose_playlist, i))
                for i, n in enumerate(names)
            ]
            listing = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                weight=0,
                children=rows,
            )
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Add to playlist"),
                    [listing],
                    w.dialog_buttons(None, ("Cancel", close_dialog)),
                    close_dialog,
                )
            )
        elif kind == "create":
            field = w.edit_text(
                "actionNewPlaylist",
                str(dialog["name"]),
                lambda c, t: c.ui["dialog"].update(name=t),
                hint="Playlist name",
                cls="com.google.android.material.textfield.TextInputEditText",
            )
            windows.append(
                w.input_dialog(
                    "New playlist",
                    w.frame_layout([field], rid="actionNewPlaylistContainer", weight=0),
                    ("Create", self._create),
                    ("Cancel", close_dialog),
                    close_dialog,
                )
            )
        elif kind == "delete":
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Allow Retro Music to delete this audio file?"),
                    [],
                    w.dialog_buttons(("Allow", self._allow_delete), ("Deny", close_dialog)),
                    close_dialog,
                )
            )
        elif kind == "remove":
            windows.append(
                w.confirm_dialog(
                    "Remove song from playlist",
                    f"Remove the song {dialog['song']['title']} from the playlist?",
                    ("Remove", self._remove_from_playlist),
                    ("Cancel", close_dialog),
                    close_dialog,
                )
            )
        return windows
