"""RadioDroid 0.82 (``net.programmierecke.radiodroid2``), an internet radio player, with bug
RadioDroid#782 (non-crash).

Sources read: segler-alex/RadioDroid at commit e19de92 ("version 0.82"): ``ActivityMain.java``
(bottom sheet, bottom navigation, options menu, Back, permission result),
``FragmentPlayerSmall.java``, ``FragmentPlayerFull.java``, ``FragmentTabs.java``,
``station/FragmentStations.java``, ``station/ItemAdapterStation.java``, ``Utils.java``
(``showPlaySelection``, ``verifyStoragePermissions``, ``bottomNavigationEnabled``),
``service/PlayerService.java``, ``players/RadioPlayer.java`` and the layouts ``layout_main``,
``layout_player_bottom_sheet``, ``layout_player_small``, ``layout_player_full``,
``list_item_station``, ``page_player_*``, ``list_item_recording``, the menus ``menu_main`` and
``menu_bottom_navigation`` and ``values/strings.xml``. The fix is commit b085caa ("Fix state
updating of record button (#785)", closes #782), first released in 0.83.

Fresh install (no first-run dialogs): ``ActivityMain`` with the ``my_awesome_toolbar`` titled
"Stations" (actions "Search" and "Sleep timer"), the ``tabs`` Local, Top Click, Top Vote, Changed
Lately, Playing, Tags, Countries, Languages, Search over the ``viewpager``; each station tab is a
``recyclerViewStations`` of ``list_item_station`` rows (``textViewTitle``,
``textViewShortDescription``, ``textViewTags``, ``buttonMore`` "More"); a tap plays the station.
Below is the player bottom sheet (``bottom_sheet``): the small player
(``fragment_player_small``: ``playerRadioImage``, ``textViewStationName``, ``buttonPlay``
"Play"/"Pause"; a tap on it toggles the sheet) and, when expanded, the full player
(``fragment_player_full``: ``textViewGeneralInfo``, the "Album Art"/"Info" pager, time and
traffic texts, the running recording's ``group_recording_info``, the "History"/"Recordings"
pager, then ``buttonRecord`` "Record", ``buttonPrev``, ``buttonPlay``, ``buttonNext``,
``buttonFavorite``); expanded, the small player is its header (``textViewLiveInfoBig`` and
``buttonMore``, no play button). The ``bottom_navigation`` holds Stations, Favorites, History,
Alarm, Settings. Back collapses the sheet, else asks "Press back once more to exit".

The bug (``FragmentPlayerFull.updatePlaybackButtons``): when the player is not playing, the
method disables ``buttonRecord`` but leaves its image and content description as they were.
While the sheet is collapsed the full player is hidden and its broadcast receiver unregistered
(``onHiddenChanged`` -> ``stopUpdating``). Pausing a recording station from the small player
stops the recording and pauses, and nothing updates the hidden full player; when the sheet is
expanded again ``fullUpdate`` calls ``updatePlaybackButtons(false, false)``, so the record
button still shows the stop-recording state ("Stop") although nothing records, and being
disabled it does not react to taps. Pausing from the full player itself does not show it: the
pause is posted to the player thread, so the click handler's own update still sees "playing"
and resets the button to "Record" before the state broadcast disables it. Recording first needs
the storage permission: the first tap on "Record" only asks for it (0.82 does not start the
recording when it is granted; a second tap does). The oracle: the full player is on screen with
its record button showing "Stop" while no recording runs.

Stubbed: the Tags/Countries/Languages tabs show a few inert category rows, the Search tab an
empty list; Favorites, History, Alarm and Settings are a title; "Search", "Sleep timer", the
station row's "More", "Favorite" and the header's "More" are inert; album art, song history and
the live metadata are empty. Network content: the radio-browser.info station lists are replaced
by fixed stations, the same for every station tab. Uncertain: the recording file name (the
default pattern with empty artist and track) and the exact texts of the time and traffic lines.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import HORIZONTAL, Screen, View

PACKAGE = "net.programmierecke.radiodroid2"
MAIN = ".ActivityMain"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"

TABS = (
    "Local",
    "Top Click",
    "Top Vote",
    "Changed Lately",
    "Playing",
    "Tags",
    "Countries",
    "Languages",
    "Search",
)
CATEGORY_TABS = {"Tags": "pop", "Countries": "United States", "Languages": "english"}
NAV = (
    ("nav_item_stations", "Stations"),
    ("nav_item_starred", "Favorites"),
    ("nav_item_history", "History"),
    ("nav_item_alarm", "Alarm"),
    ("nav_item_settings", "Settings"),
)

# Fixed stand-in for the radio-browser.info lists.
STATIONS: tuple[dict[str, Any], ...] = (
    {"name": "KEXP 90.3 FM", "bitrate": 128, "state": "Washington", "tags": "indie,alternative"},
    {"name": "WNYC 93.9 FM", "bitrate": 64, "state": "New York", "tags": "news,talk"},
    {"name": "Radio Paradise", "bitrate": 320, "state": "California", "tags": "eclectic,rock"},
    {"name": "SomaFM Groove Salad", "bitrate": 128, "state": "California", "tags": "ambient"},
    {"name": "KQED Public Radio", "bitrate": 128, "state": "California", "tags": "npr,news"},
)


def _details(station: dict[str, Any]) -> str:
    return f"{station['bitrate']} kbps, {station['state']}, english"


def _oracle_782(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """The full player is on screen and its record button shows the stop-recording state while
    nothing is being recorded."""
    view = data.get("full_view") or {}
    return (
        system.get("foreground") == "app"
        and data.get("sheet") == "expanded"
        and view.get("record_desc") == "Stop"
        and not data.get("recording", False)
    )


def _pager(rid: str, height: int, tabs: list[View], page: View) -> View:
    """A ViewPager: its tab strip of ``tabs`` above the current ``page``."""
    strip = View(
        cls="androidx.viewpager.widget.PagerTabStrip", layout=HORIZONTAL, height=90, children=tabs
    )
    return View(
        cls="androidx.viewpager.widget.ViewPager",
        resource_id=rid,
        height=height,
        children=[strip, page],
    )


def _rid_click(rid: str, desc: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, desc=desc)


_PLAY_STATION = click(PACKAGE, "textViewTitle", "KEXP 90.3 FM")
_EXPAND = click(PACKAGE, "textViewStationName", "KEXP 90.3 FM")
_COLLAPSE = click(PACKAGE, "textViewLiveInfoBig", "KEXP 90.3 FM")
_RECORD = _rid_click("buttonRecord", "Record")
_ALLOW = allow_permission(PACKAGE)
_SMALL_PAUSE = _rid_click("buttonPlay", "Pause")

BUG_782 = BugSpec(
    bug_id="RadioDroid#782",
    kind="non-crash",
    title=(
        "Recording button fails to change its state if the station was paused outside of "
        "the full screen player"
    ),
    oracle=_oracle_782,
    human_steps=(
        _PLAY_STATION,
        _EXPAND,
        _RECORD,
        _ALLOW,
        _RECORD,
        _COLLAPSE,
        _SMALL_PAUSE,
        _EXPAND,
    ),
)


class RadioDroid(VirtualApp):
    """RadioDroid 0.82 (see the module docstring)."""

    name: ClassVar[str] = "RadioDroid"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "RadioDroid"
    version: ClassVar[str] = "0.82"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_782,)

    def initial_data(self) -> dict[str, Any]:
        return {
            # The player service (reset when the process starts).
            "station": None,
            "playing": False,
            "recording": False,
            # What the activity instance shows, mirrored for the oracle.
            "sheet": "collapsed",
            "full_view": {},
            # Stored by the app.
            "history": [],
            "recordings": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        data = ctx.data
        if not ctx.memory.get("process"):
            # A new process: the player service starts idle.
            ctx.memory["process"] = True
            data.update(station=None, playing=False, recording=False)
        ui = ctx.ui
        if "nav" not in ui:
            ui.update(nav="Stations", tab=0, exit_armed=False, pager=0, expanded_rows=[])
            ui["sheet"] = "collapsed"
        # The fragments' views are inflated afresh: the record button as the layout has it.
        ui["full_view"] = {
            "initialized": False,
            "play_desc": "Play",
            "record_desc": "Record",
            "record_enabled": True,
        }
        if ui["sheet"] == "expanded":
            # Re-created with the sheet expanded: the shown full player updates on resume.
            self._full_update(ctx)
        self._mirror(ctx)

    def _mirror(self, ctx: AppContext) -> None:
        ctx.data["sheet"] = ctx.ui["sheet"]
        ctx.data["full_view"] = dict(ctx.ui["full_view"])

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["sheet"] == "expanded":
            self._set_sheet(ctx, "collapsed")
            return True
        if ui["exit_armed"]:
            return False
        ui["exit_armed"] = True
        ctx.toast("Press back once more to exit")
        return True

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        # ActivityMain.onRequestPermissionsResult (PERM_REQ_STORAGE_RECORD): refreshes the
        # current fragment when granted; the recording is not started.
        if permission == STORAGE and not granted:
            ctx.toast("Need write permission for recording")

    # -- player service ------------------------------------------------------------------------
    def _current(self, ctx: AppContext) -> dict[str, Any] | None:
        index = ctx.data["station"]
        if index is None:
            history = ctx.data["history"]
            index = history[0] if history else None
        return STATIONS[index] if index is not None else None

    def _play(self, ctx: AppContext, index: int) -> None:
        data = ctx.data
        if data["recording"]:
            self._stop_recording(ctx)
        data.update(station=index, playing=True)
        data["history"] = [index, *[i for i in data["history"] if i != index]]
        self._broadcast(ctx)

    def _pause(self, ctx: AppContext) -> None:
        ctx.data["playing"] = False
        self._broadcast(ctx)

    def _start_recording(self, ctx: AppContext) -> None:
        ctx.data["recording"] = True
        self._broadcast(ctx)

    def _stop_recording(self, ctx: AppContext) -> None:
        station = self._current(ctx)
        name = station["name"] if station else ""
        ctx.data["recording"] = False
        count = len(ctx.data["recordings"]) + 1
        ctx.data["recordings"] = [
            *ctx.data["recordings"],
            f"{name}___2020-03-31_10-4{count % 10}.mp3",
        ]
        self._broadcast(ctx)

    def _broadcast(self, ctx: AppContext) -> None:
        """PLAYER_SERVICE_STATE_CHANGE / META_UPDATE: only a visible full player listens."""
        if ctx.ui["sheet"] == "expanded":
            self._full_update(ctx)

    def _play_last_from_history(self, ctx: AppContext) -> None:
        index = ctx.data["station"]
        if index is None and ctx.data["history"]:
            index = ctx.data["history"][0]
        if index is not None:
            self._play(ctx, index)

    # -- full player fragment ----------------------------------------------------------------
    def _update_playback_buttons(self, ctx: AppContext, playing: bool, recording: bool) -> None:
        view = ctx.ui["full_view"]
        if playing:
            view["play_desc"] = "Pause"
            view["record_enabled"] = True
            view["record_desc"] = "Stop" if recording else "Record"
        else:
            view["play_desc"] = "Play"
            # The bug: the record button's image and description are left as they were.
            view["record_enabled"] = False
        self._mirror(ctx)

    def _full_update(self, ctx: AppContext) -> None:
        ctx.ui["full_view"]["initialized"] = True
        self._update_playback_buttons(ctx, ctx.data["playing"], ctx.data["recording"])

    def _set_sheet(self, ctx: AppContext, state: str) -> None:
        ui = ctx.ui
        old = ui["sheet"]
        ui["sheet"] = state
        ui["exit_armed"] = False
        if old == "collapsed" and state == "expanded":
            # fullPlayerFragment.init(); show(fullPlayerFragment) -> onHiddenChanged(false)
            # -> startUpdating() -> fullUpdate().
            self._full_update(ctx)
        self._mirror(ctx)

    def _toggle_sheet(self, ctx: AppContext) -> None:
        self._set_sheet(ctx, "collapsed" if ctx.ui["sheet"] == "expanded" else "expanded")

    def _full_play(self, ctx: AppContext) -> None:
        data = ctx.data
        if data["playing"]:
            if data["recording"]:
                self._stop_recording(ctx)
            # PlayerServiceUtil.pause() is posted to the player thread: isPlaying() is still
            # true for the handler's own update; the state broadcast comes after it.
            self._update_playback_buttons(ctx, True, data["recording"])
            self._pause(ctx)
        else:
            # The play starts asynchronously too: the handler sees "not playing".
            self._update_playback_buttons(ctx, False, data["recording"])
            self._play_last_from_history(ctx)

    def _record(self, ctx: AppContext) -> None:
        data = ctx.data
        if not ctx.ui["full_view"]["record_enabled"] or not data["playing"]:
            return
        if data["recording"]:
            self._stop_recording(ctx)
        elif STORAGE in ctx.permissions:
            self._start_recording(ctx)
        else:
            ctx.request_permission(STORAGE)
        ctx.ui["pager"] = 1

    def _skip(self, ctx: AppContext, step_by: int) -> None:
        history = ctx.data["history"]
        if len(history) < 2 or ctx.data["station"] is None:
            return
        position = history.index(ctx.data["station"]) if ctx.data["station"] in history else 0
        self._play(ctx, history[(position + step_by) % len(history)])

    # -- small player fragment ---------------------------------------------------------------
    def _small_play(self, ctx: AppContext) -> None:
        data = ctx.data
        if data["playing"]:
            if data["recording"]:
                self._stop_recording(ctx)
            self._pause(ctx)
        else:
            self._play_last_from_history(ctx)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        expanded = ui["sheet"] == "expanded"
        station = self._current(ctx)
        name = station["name"] if station else ""
        small = self._small_player(ctx, name, expanded)
        sheet_children = [small]
        if expanded:
            sheet_children.append(self._full_player(ctx, name))
        sheet = View(
            cls="android.widget.LinearLayout",
            resource_id="bottom_sheet",
            height=None if expanded else 190,
            weight=1.0 if expanded else 0,
            children=sheet_children,
        )
        coordinator_children: list[View] = []
        if not expanded:
            coordinator_children.append(self._app_bar(ctx))
            coordinator_children.append(
                View(
                    cls="android.widget.FrameLayout",
                    resource_id="containerView",
                    children=[self._page(ctx)],
                )
            )
        coordinator_children.append(sheet)
        drawer = View(
            cls="androidx.drawerlayout.widget.DrawerLayout",
            resource_id="drawerLayout",
            children=[
                View(
                    cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
                    resource_id="coordinatorLayout",
                    children=coordinator_children,
                )
            ],
        )
        bottom = w.bottom_navigation(
            NAV,
            ui["nav"],
            self._select_nav,
            label_rid="largeLabel",
            height=147,
        )
        return Screen(
            content=w.linear_layout([drawer, bottom], rid="main_content"),
        )

    def _select_nav(self, ctx: AppContext, title: str) -> None:
        ui = ctx.ui
        if ui["sheet"] == "expanded":
            self._set_sheet(ctx, "collapsed")
        ui.update(nav=title, tab=0, exit_armed=False)

    def _app_bar(self, ctx: AppContext) -> View:
        nav = ctx.ui["nav"]
        actions: list[View] = []
        if nav == "Stations":
            actions.append(w.action_item("action_search", "Search", lambda c: None))
        if nav in ("Stations", "Favorites", "History"):
            actions.append(w.action_item("action_set_sleep_timer", "Sleep timer", lambda c: None))
        children = [w.toolbar(nav, actions=actions, rid="my_awesome_toolbar")]
        if nav == "Stations":
            children.append(
                w.tabs(
                    TABS,
                    ctx.ui["tab"],
                    lambda c, i: c.ui.update(tab=i, exit_armed=False),
                )
            )
        return View(
            cls="android.widget.LinearLayout",
            resource_id="app_bar_layout",
            weight=0,
            children=children,
        )

    def _page(self, ctx: AppContext) -> View:
        nav = ctx.ui["nav"]
        if nav != "Stations":
            return View(cls="android.widget.FrameLayout", children=[])
        tab = TABS[ctx.ui["tab"]]
        if tab in CATEGORY_TABS:
            rows = [
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=147,
                    on_click=lambda c: None,
                    children=[
                        w.text_view(CATEGORY_TABS[tab], "textViewName"),
                        w.text_view("1250", "textViewCount", width=200),
                    ],
                )
            ]
        elif tab == "Search":
            rows = []
        else:
            rows = [self._station_row(ctx, i) for i in range(len(STATIONS))]
        listing = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="recyclerViewStations",
            scrollable=True,
            scroll_key=f"scroll_{tab}",
            children=rows,
        )
        return View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="viewpager",
            children=[listing],
        )

    def _station_row(self, ctx: AppContext, index: int) -> View:
        station = STATIONS[index]
        expanded = index in ctx.ui["expanded_rows"]

        def more(c: AppContext) -> None:
            rows = c.ui["expanded_rows"]
            c.ui["expanded_rows"] = [i for i in rows if i != index] if expanded else [*rows, index]

        return View(
            cls="android.widget.LinearLayout",
            resource_id="station_foreground",
            height=220,
            on_click=w.bind(self._play, index),
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="layoutMain",
                    layout=HORIZONTAL,
                    children=[
                        View(
                            cls="android.widget.FrameLayout",
                            resource_id="frameLayout",
                            width=200,
                            children=[w.image_view("imageViewIcon")],
                        ),
                        View(
                            cls="android.widget.LinearLayout",
                            children=[
                                w.text_view(station["name"], "textViewTitle", height=80),
                                w.text_view(
                                    _details(station), "textViewShortDescription", height=65
                                ),
                                w.text_view(
                                    station["tags"].replace(",", ", "), "textViewTags", height=65
                                ),
                            ],
                        ),
                        w.image_button(
                            "buttonMore", "Less" if expanded else "More", more, width=147
                        ),
                    ],
                )
            ],
        )

    def _small_player(self, ctx: AppContext, name: str, header: bool) -> View:
        playing = ctx.data["playing"]
        children = [w.image_view("playerRadioImage", width=190)]
        if header:
            children.append(w.text_view(name, "textViewLiveInfoBig", height=190))
            children.append(w.image_button("buttonMore", "More", lambda c: None, width=160))
        else:
            children.append(w.text_view(name, "textViewStationName", height=190))
            children.append(
                w.image_button(
                    "buttonPlay", "Pause" if playing else "Play", self._small_play, width=190
                )
            )
        return View(
            cls="android.widget.FrameLayout",
            resource_id="fragment_player_small",
            height=190,
            children=[
                View(
                    cls="androidx.constraintlayout.widget.ConstraintLayout",
                    layout=HORIZONTAL,
                    height=190,
                    on_click=self._toggle_sheet,
                    children=children,
                )
            ],
        )

    def _full_player(self, ctx: AppContext, name: str) -> View:
        ui = ctx.ui
        view = ui["full_view"]
        data = ctx.data
        info: list[View] = [
            w.text_view(name, "textViewGeneralInfo", height=110),
            _pager(
                "pagerArtAndInfo",
                520,
                [w.text_view("Album Art", height=90), w.text_view("Info", height=90)],
                w.image_view("imageViewArt", height=430),
            ),
            w.text_view("00:00:12", "textViewTimePlayed", height=80),
            w.text_view("0.2 MB", "textViewNetworkUsageInfo", height=80),
            w.text_view("", "textViewTimeCached", height=80),
        ]
        if data["recording"]:
            info.append(
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=100,
                    children=[
                        w.image_view("imgRecordingIcon", width=100),
                        w.text_view("0.1 MB", "textViewRecordingSize", width=260, height=100),
                        w.text_view(f"{name}___recording.mp3", "textViewRecordingName", height=100),
                    ],
                )
            )
        if ui["pager"] == 1:
            page = View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="recyclerViewRecordings",
                children=[
                    View(
                        cls="android.widget.LinearLayout",
                        height=150,
                        children=[
                            w.text_view(rec, "textViewTitle", height=90),
                            w.text_view("0.1 MB", "textViewTime", height=60),
                        ],
                    )
                    for rec in data["recordings"]
                ],
            )
        else:
            page = View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="recyclerViewSongHistory",
            )
        tabs = [
            w.text_view(
                label,
                height=90,
                on_click=w.bind(lambda c, k: c.ui.update(pager=k), k),
                selected=ui["pager"] == k,
            )
            for k, label in enumerate(("History", "Recordings"))
        ]
        info.append(_pager("pagerHistoryAndRecordings", 500, tabs, page))
        scroll = View(
            cls="androidx.core.widget.NestedScrollView",
            resource_id="scrollViewContent",
            scrollable=True,
            children=[View(cls="androidx.constraintlayout.widget.ConstraintLayout", children=info)],
        )
        controls = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            resource_id="layoutPlaybackControls",
            layout=HORIZONTAL,
            height=200,
            children=[
                w.image_button(
                    "buttonRecord",
                    view["record_desc"],
                    self._record,
                    enabled=view["record_enabled"],
                ),
                w.image_button("buttonPrev", "Skip to previous", w.bind(self._skip, -1)),
                w.image_button("buttonPlay", view["play_desc"], self._full_play),
                w.image_button("buttonNext", "Skip to next", w.bind(self._skip, 1)),
                w.image_button("buttonFavorite", "Favorite", lambda c: None),
            ],
        )
        return View(
            cls="android.widget.FrameLayout",
            resource_id="fragment_player_full",
            children=[View(cls="android.widget.LinearLayout", children=[scroll, controls])],
        )


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "RadioDroid#782": [
        # Paused from the full player itself: its own handler resets the button.
        [_PLAY_STATION, _EXPAND, _RECORD, _ALLOW, _RECORD, _rid_click("buttonPlay", "Pause")],
        # Paused in the small player without recording first.
        [_PLAY_STATION, _EXPAND, _COLLAPSE, _SMALL_PAUSE, _EXPAND],
        # The permission granted but the recording never started.
        [_PLAY_STATION, _EXPAND, _RECORD, _ALLOW, _COLLAPSE, _SMALL_PAUSE, _EXPAND],
        # Recording, collapsed and expanded again without pausing: it still records.
        [_PLAY_STATION, _EXPAND, _RECORD, _ALLOW, _RECORD, _COLLAPSE, _EXPAND],
        # Paused in the small player while recording, but the full player never reopened.
        [_PLAY_STATION, _EXPAND, _RECORD, _ALLOW, _RECORD, _COLLAPSE, _SMALL_PAUSE],
    ],
}
