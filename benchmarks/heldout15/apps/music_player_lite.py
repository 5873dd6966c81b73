"""Music Player Lite 0.17 (``com.atul.musicplayer``), for music_player_lite#58.

Modelled from the sources at commit ``46d714451b83ebad1f810d43df31a679b9ec85b4`` (the last
commit before the report, 2025-05-03; ``src/app/build.gradle`` says ``versionName "0.17"``):
``AndroidManifest.xml``, ``MainActivity.java``, ``helper/PermissionHelper.java``,
``helper/ThemeHelper.java`` (``applySettings``), ``helper/MusicLibraryHelper.java``
(``fetchMusicLibrary``, ``formatDuration``, ``formatDate``), ``helper/ListHelper.java``
(``sortMusic``, ``sortMusicByDateAdded``, ``SongComparator``), ``adapter/MainPagerAdapter.java``,
``adapter/SongsAdapter.java``, ``fragments/SongsFragment.java``, ``ArtistsFragment.java``,
``AlbumsFragment.java``, ``SettingsFragment.java``, ``MPConstants.java``, ``MPPreferences.java``,
``res/layout/activity_main.xml``, ``fragment_songs.xml``, ``item_songs.xml``,
``layout_player_view.xml``, ``fragment_artists.xml``, ``fragment_albums.xml``,
``fragment_settings.xml``, ``res/menu/menu_songs.xml``, ``res/values/strings.xml``. The issue is
open; there is no fix.

What the model shows (the virtual device is API 30, so the storage permission is
``READ_EXTERNAL_STORAGE`` and no notification permission is asked):

- ``MainActivity`` without the permission asks for it (its "Requesting permission" rationale
  dialog appears only after a denial); on a grant ``ThemeHelper.applySettings`` finishes it and
  starts a new ``MainActivity``, which loads the library and sets up the ``view_pager`` of four
  pages (Songs, Artists, Albums, Settings) under the ``tabs`` TabLayout, whose tabs show icons
  only (no text, no description, as ``getPageTitle`` returns null);
- the Songs page: the ``search_toolbar`` "Songs" (close icon, Search, Filter), the
  ``songs_layout`` rows (``song_history`` "<duration> • <date>", ``song_name``, ``song_album``
  "<artist> • <album>") and the ``shuffle_button`` showing the number of songs; Filter opens the
  sub-menu A-Z / Z-A / Newest first / Oldest first (``menu_sort_asc``, ``menu_sort_dec``,
  ``menu_newest_first``, ``menu_oldest_first``); a song row plays it and the songs after it
  (auto play is on by default) in the ``player_view`` bar;
- Artists and Albums list the library; Settings shows its options (theme chips, which restart
  the activity through ``applySettings``, the album-art and auto play switches, Refresh media
  library, which reloads the songs).

The bug (music_player_lite#58): the Songs page's sort exists only in the fragment's list
(``SongsFragment.updateAdapter``); nothing stores it. Every time the page gets the library
(``setUpUi``: a new ``MainActivity``, after a restart, Back and the launcher, a rotation or a
theme change, and Refresh media library) it shows the library in the MediaStore's default
order (``title_key``, the A-Z order) again. The ground truth keeps the user's last pick of a sort
(not app storage: the app has none) and counts each ``setUpUi`` that replaced a pick other than
A-Z.

Stubs: the search field filters by title; the player bar's card and queue button and
Settings' accent, folder and rate rows do nothing (no player, queue or folder dialog); GitHub
would open a browser (another app) and does nothing; the theme chips show after a tap on "Select
default theme", as in the app. The shuffle button's ``Collections.shuffle`` of the shown list
is a fixed rotation of it (deterministic runs). Playback has no clock.

Fixed world data: the MediaStore holds seven audio files; ``fetchMusicLibrary`` skips the one
shorter than 20 seconds. Their ``date_modified`` values are fixed (``formatDate`` in UTC).
"""

from __future__ import annotations

import datetime
from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.atul.musicplayer"
MAIN = ".MainActivity"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"
# The MediaStore's audio files: (id, title, artist, album, duration ms, date_modified s).
LIBRARY: tuple[tuple[int, str, str, str, int, int], ...] = (
    (11, "Amber Road", "Nora Quill", "Lantern Days", 214000, 1717200000),
    (12, "Brightwater", "Nora Quill", "Lantern Days", 187000, 1719792000),
    (13, "Cold Harbour", "The Wrens", "Seawall", 245000, 1714521600),
    (14, "Driftwood", "The Wrens", "Seawall", 201000, 1722470400),
    (15, "Evening Train", "Milo Vance", "Platforms", 232000, 1709251200),
    (16, "Foxglove", "Milo Vance", "Platforms", 176000, 1725148800),
    (17, "Gate Chime", "Milo Vance", "Platforms", 15000, 1725235200),
)
SONG = {s[0]: s for s in LIBRARY}
SORTS = (
    ("A-Z", "menu_sort_asc"),
    ("Z-A", "menu_sort_dec"),
    ("Newest first", "menu_newest_first"),
    ("Oldest first", "menu_oldest_first"),
)
DEFAULT_SORT = "A-Z"  # the MediaStore's title_key order is the A-Z one for these titles


def _library() -> list[int]:
    """fetchMusicLibrary: IS_MUSIC rows in DEFAULT_SORT_ORDER, without those under 20 s."""
    return [s[0] for s in sorted(LIBRARY, key=lambda s: s[1].lower()) if s[4] >= 20000]


def _sorted(ids: list[int], sort: str) -> list[int]:
    if sort in ("A-Z", "Z-A"):
        out = sorted(ids, key=lambda i: SONG[i][1])
        return out[::-1] if sort == "Z-A" else out
    out = sorted(ids, key=lambda i: -SONG[i][5])  # SongComparator: newest first
    return out[::-1] if sort == "Oldest first" else out


def _album_size(album: str) -> int:
    return sum(1 for s in LIBRARY if s[3] == album and s[4] >= 20000)


def _format_duration(ms: int) -> str:
    """MusicLibraryHelper.formatDuration, with its first-two-digits seconds."""
    seconds = str(ms // 1000)
    second = "0" + seconds if len(seconds) == 1 else seconds[:2]
    return f"{ms // 60000:02d}m {second}s"


def _format_date(secs: int) -> str:
    day = datetime.datetime.fromtimestamp(secs, tz=datetime.UTC)
    return f"{day.day} {day.strftime('%b %Y')}"


def _sort_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth: the Songs page went back to the library order while the user's last sort
    pick was another one."""
    return data["sort_resets"] > 0


_click = partial(click, PACKAGE)
PICK_NEWEST = [_click(desc="Filter"), _click("menu_newest_first", "Newest first")]

BUG_58 = BugSpec(
    "music_player_lite#58",
    "non-crash",
    "Sorting resets automatically to default (A–Z)",
    _sort_lost,
    human_steps=(allow_permission(PACKAGE), *PICK_NEWEST, {"kind": "restart_app"}),
)

WRONG_SEQUENCES = {
    "music_player_lite#58": [
        # Leaving and coming back keeps the activity and its fragment.
        [allow_permission(PACKAGE), *PICK_NEWEST, {"kind": "leave_and_return"}],
        # A-Z is the library's own order: nothing is lost.
        [
            allow_permission(PACKAGE),
            _click(desc="Filter"),
            _click("menu_sort_asc", "A-Z"),
            {"kind": "restart_app"},
        ],
        # No sort picked before the restart.
        [allow_permission(PACKAGE), {"kind": "restart_app"}],
        # Sorted, then a song played: the list stays sorted.
        [allow_permission(PACKAGE), *PICK_NEWEST, _click("song_name", "Foxglove")],
    ],
}


class MusicPlayerLite017(VirtualApp):
    """Music Player Lite 0.17 (see the module docstring)."""

    name: ClassVar[str] = "music_player_lite"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Music Player Lite"
    version: ClassVar[str] = "0.17"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_58,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {"theme_mode": "auto", "album_art": False, "auto_play": True},
            "user_sort_choice": None,  # ground truth only (see the docstring)
            "sort_resets": 0,
            "storage_denied": False,
        }

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if STORAGE in ctx.permissions:
            ctx.ui["ready"] = True
            ctx.ui.setdefault("page", 0)
            self._set_up_ui(ctx)
        elif ctx.data["storage_denied"]:
            ctx.ui["rationale"] = True  # shouldShowRequestPermissionRationale
        elif not ctx.ui.get("asked"):
            ctx.ui["asked"] = True
            ctx.request_permission(STORAGE)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The pager page survives; the fragment's sorted list does not (onCreateView rebuilds it).
        return {k: v for k, v in ctx.ui.items() if k in ("page", "asked", "rationale")}

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == STORAGE and granted:
            self._apply_settings(ctx)
        elif permission == STORAGE:
            ctx.data["storage_denied"] = True  # the next start shows the rationale dialog

    def _apply_settings(self, ctx: AppContext) -> None:
        """ThemeHelper.applySettings: a new MainActivity in a cleared task."""
        ctx.start_activity(MAIN)
        ctx.finish()

    def _set_up_ui(self, ctx: AppContext) -> None:
        """SongsFragment.setUpUi: the library, in its own order, replaces the shown list."""
        ctx.ui["songs"] = _library()
        ctx.ui["sort"] = DEFAULT_SORT
        choice = ctx.data["user_sort_choice"]
        if choice is not None and choice != DEFAULT_SORT:
            ctx.data["sort_resets"] += 1

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu"):
            return True
        if ctx.ui.get("search") is not None:
            ctx.ui["search"] = None
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.ui.get("ready"):
            return w.pager_swipe(ctx.ui, "page", 4, direction)
        return False

    # -- handlers -------------------------------------------------------------------------------
    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui[key] = value

    def _select_page(self, ctx: AppContext, page: int) -> None:
        """A tab of the TabLayout set up with the ViewPager shows its page."""
        ctx.ui["page"] = page

    def _pick_sort(self, ctx: AppContext, sort: str) -> None:
        ctx.ui["menu"] = False
        ctx.ui["sort"] = sort
        ctx.ui["songs"] = _sorted(ctx.ui["songs"], sort)
        ctx.data["user_sort_choice"] = sort

    def _search(self, ctx: AppContext, text: str) -> None:
        ctx.ui["search"] = text
        library = _library()
        if text:
            ctx.ui["songs"] = [i for i in library if text.lower() in SONG[i][1].lower()]
        else:
            ctx.ui["songs"] = library  # updateAdapter(unChangedList)

    def _play(self, ctx: AppContext, song_id: int) -> None:
        songs = ctx.ui["songs"]
        queue = songs[songs.index(song_id) :] if ctx.data["prefs"]["auto_play"] else [song_id]
        ctx.memory["player"] = {"queue": queue, "current": queue[0], "playing": True}

    def _shuffle(self, ctx: AppContext) -> None:
        """playQueue(musicList, true): Collections.shuffle on the fragment's own list."""
        songs = list(ctx.ui["songs"])
        if songs:
            songs = songs[1:] + songs[:1]  # a fixed rotation stands for the shuffle
            ctx.ui["songs"] = songs
            ctx.memory["player"] = {"queue": songs, "current": songs[0], "playing": True}

    def _play_pause(self, ctx: AppContext) -> None:
        player = ctx.memory.get("player")
        if player:
            player["playing"] = not player["playing"]

    def _theme(self, ctx: AppContext, mode: str) -> None:
        ctx.data["prefs"]["theme_mode"] = mode
        self._apply_settings(ctx)

    def _toggle_pref(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]

    def _refresh(self, ctx: AppContext) -> None:
        """refreshMediaLibrary: fetchMusicList, whose LiveData reaches setUpUi."""
        self._set_up_ui(ctx)

    # -- screens --------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        children: list[View] = []
        if ctx.ui.get("ready"):
            page = ctx.ui["page"]
            children.append(
                View(
                    cls="androidx.viewpager.widget.ViewPager",
                    resource_id="view_pager",
                    content_desc="Main page",
                    children=[self._page(ctx, page)],
                )
            )
            children.extend(self._player_view(ctx))
            tabs = w.tabs(("", "", "", ""), page, self._select_page, rid="tabs")
            tabs.content_desc = "Bottom horizontal menu"
            children.append(tabs)
        else:
            children.append(
                View(cls="androidx.viewpager.widget.ViewPager", resource_id="view_pager")
            )
        content = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            children=[w.linear_layout(children)],
        )
        return Screen(content=content, windows=self._windows(ctx))

    def _page(self, ctx: AppContext, page: int) -> View:
        if page == 0:
            return self._songs_page(ctx)
        if page == 1:
            artists = sorted({s[2] for s in LIBRARY if s[4] >= 20000})
            rows = []
            for artist in artists:
                songs = [s for s in LIBRARY if s[2] == artist and s[4] >= 20000]
                album_count = len({s[3] for s in songs})
                rows.append(
                    w.list_row(
                        artist,
                        f"{album_count} Albums • {len(songs)} Songs",
                        title_rid="artist_name",
                        subtitle_rid="artist_history",
                        rid="root_layout",
                    )
                )
            return self._list_page("Artists", "artist_layout", rows)
        if page == 2:
            albums = sorted({(s[3], s[2]) for s in LIBRARY if s[4] >= 20000})
            rows = [
                w.list_row(
                    album,
                    f"{artist} • 2024 • {_album_size(album)} songs",
                    title_rid="album_name",
                    subtitle_rid="album_details",
                    rid="root_layout",
                    leading=w.image_view("album_art", "image", width=150),
                )
                for album, artist in albums
            ]
            return self._list_page("Albums", "albums_layout", rows)
        return self._settings_page(ctx)

    def _list_page(self, title: str, list_rid: str, rows: list[View]) -> View:
        bar = w.toolbar(
            title,
            navigation=w.nav_button("", w.finish),
            actions=[w.action_item("search", "Search", None), w.action_item("", "Filter", None)],
            rid="search_toolbar",
            cls="com.google.android.material.appbar.MaterialToolbar",
        )
        listing = w.list_view(
            rows, rid=list_rid, cls="androidx.recyclerview.widget.RecyclerView", scroll_key=list_rid
        )
        return w.relative_layout([bar, listing])

    def _songs_page(self, ctx: AppContext) -> View:
        search = ctx.ui.get("search")
        title: str | View = (
            w.edit_text("search_src_text", search, self._search, hint="Search")
            if search is not None
            else "Songs"
        )
        actions: list[View] = []
        if search is None:
            actions.append(
                w.action_item("search", "Search", partial(self._set, key="search", value=""))
            )
        actions.append(w.action_item("", "Filter", partial(self._set, key="menu", value=True)))
        bar = w.toolbar(
            title,
            navigation=w.nav_button("", w.finish),
            actions=actions,
            rid="search_toolbar",
            cls="com.google.android.material.appbar.MaterialToolbar",
        )
        rows = []
        for song_id in ctx.ui["songs"]:
            _, title_text, artist, album, duration, date = SONG[song_id]
            rows.append(
                w.relative_layout(
                    [
                        w.image_view("album_art", "image", width=150),
                        w.linear_layout(
                            [
                                w.text_view(
                                    f"{_format_duration(duration)} • {_format_date(date)}",
                                    "song_history",
                                    height=60,
                                ),
                                w.text_view(title_text, "song_name", height=70),
                                w.text_view(f"{artist} • {album}", "song_album", height=60),
                            ]
                        ),
                    ],
                    rid="root_layout",
                    layout=HORIZONTAL,
                    height=200,
                    on_click=w.bind(self._play, song_id),
                )
            )
        listing = w.list_view(
            rows,
            rid="songs_layout",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="songs_scroll",
        )
        shuffle = w.fab(
            "shuffle_button",
            "image",
            self._shuffle,
            cls="com.google.android.material.floatingactionbutton.ExtendedFloatingActionButton",
            text=str(len(ctx.ui["songs"])),
        )
        body = w.frame_layout([listing, shuffle], layout=FRAME)
        return w.relative_layout([bar, body])

    def _settings_page(self, ctx: AppContext) -> View:
        prefs = ctx.data["prefs"]
        chips = w.linear_layout(
            [
                View(
                    cls="com.google.android.material.chip.Chip",
                    resource_id=rid,
                    text=text,
                    checkable=True,
                    checked=prefs["theme_mode"] == mode,
                    on_click=w.bind(self._theme, mode),
                )
                for rid, text, mode in (
                    ("auto_chip", "Automatic", "auto"),
                    ("night_chip", "Dark", "night"),
                    ("light_chip", "Light", "light"),
                )
            ],
            rid="chip_layout",
            horizontal=True,
            height=140,
        )
        rows = [
            w.text_view("UI"),
            w.list_row(
                "Select default theme",
                "change the look and feel as per your preferences",
                rid="theme_mode_option",
                on_click=lambda c: c.ui.update(chips=not c.ui.get("chips")),
                title_rid="",
                subtitle_rid="",
                trailing=[w.image_view("current_theme_mode", width=120)],
            ),
            *([chips] if ctx.ui.get("chips") else []),
            w.list_row(
                "Select accent color",
                "choose your favorite color of choice",
                rid="accent_option",
                title_rid="",
                subtitle_rid="",
            ),
            w.list_row(
                "Show embedded album arts",
                "huge improve in performance if disabled",
                rid="album_options",
                title_rid="",
                subtitle_rid="",
                on_click=w.bind(self._toggle_pref, "album_art"),
                trailing=[
                    w.switch(
                        "album_switch",
                        "",
                        prefs["album_art"],
                        w.bind(self._toggle_pref, "album_art"),
                    )
                ],
            ),
            w.list_row(
                "Auto play the song list",
                "when enabled, will play the song list automatically",
                title_rid="",
                subtitle_rid="",
                trailing=[
                    w.switch(
                        "auto_play_switch",
                        "",
                        prefs["auto_play"],
                        w.bind(self._toggle_pref, "auto_play"),
                    )
                ],
            ),
            w.text_view("GENERAL"),
            w.list_row(
                "Select folders to exclude",
                "songs from these folders won't show up",
                rid="folder_options",
                title_rid="",
                subtitle_rid="",
            ),
            w.list_row(
                "Refresh media library for new content",
                "we look into every corner for some new tunes you got",
                rid="refresh_options",
                title_rid="",
                subtitle_rid="",
                on_click=self._refresh,
            ),
            w.list_row(
                "Rate the app",
                "let everyone know what you feel about the app",
                rid="review_options",
                title_rid="",
                subtitle_rid="",
            ),
        ]
        bar = w.toolbar(
            "Settings",
            navigation=w.nav_button("", w.finish),
            actions=[w.action_item("github", "GitHub", None)],  # a browser: another app
            rid="toolbar",
            cls="com.google.android.material.appbar.MaterialToolbar",
        )
        return w.linear_layout(
            [bar, w.scroll_view([w.linear_layout(rows)], scrollable=True, scroll_key="settings")]
        )

    def _player_view(self, ctx: AppContext) -> list[View]:
        player = ctx.memory.get("player")
        if not player:
            return []
        _, title, artist, album, *_ = SONG[player["current"]]
        card = View(
            cls="com.google.android.material.card.MaterialCardView",
            resource_id="player_layout",
            on_click=lambda c: None,
            children=[
                w.text_view(title, "song_title", height=70),
                w.text_view(f"{artist} • {album}", "song_details", height=60),
            ],
        )
        return [
            w.relative_layout(
                [
                    View(cls="android.widget.ProgressBar", resource_id="song_progress", height=10),
                    w.linear_layout(
                        [
                            w.image_view("albumArt", "image", width=150),
                            card,
                            w.image_button(
                                "control_play_pause", "image", self._play_pause, width=147
                            ),
                            w.image_button("control_queue", "image", None, width=147),
                        ],
                        horizontal=True,
                    ),
                ],
                rid="player_view",
                height=180,
                weight=0,
            )
        ]

    def _accept_rationale(self, ctx: AppContext) -> None:
        ctx.ui["rationale"] = False
        ctx.request_permission(STORAGE)

    def _windows(self, ctx: AppContext) -> list[Window]:
        if ctx.ui.get("rationale"):
            return [
                w.confirm_dialog(
                    "Requesting permission",
                    "Enable storage permission for accessing the media files.",
                    ("Accept", self._accept_rationale),
                    None,
                    partial(self._set, key="rationale", value=False),
                )
            ]
        if ctx.ui.get("menu"):
            close = partial(self._set, key="menu", value=False)
            items = [(text, w.bind(self._pick_sort, text), rid) for text, rid in SORTS]
            return [w.menu_window(items, close)]
        return []
