"""SEPTA (septadev/SEPTA-Android), the official app of Philadelphia's transit authority.

Version 1.3.1 (versionCode 84), package ``org.septa.android.app``. Sources read: commit
a2b5cced103534343d7d68223a32452d67c7a253 (2015-04-30, the parent of the fix 50613b28
"Bug fix for issue #97, favorited/ recently viewed trips had the wrong RouteTypes set"):
SplashScreenActivity, MainTabbarActivity, fragments/SchedulesListFragment,
activities/schedules/SchedulesRouteSelectionActionBarActivity, SchedulesItineraryActionBarActivity,
SchedulesRRStopSelectionActionBarActivity, StopSelectionListFragment, the schedules adapters,
models/SchedulesDataModel, SchedulesRouteModel, RouteTypes, DatabaseManager,
SchedulesFavoritesAndRecentlyViewedStore, utilities/CalendarDateUtilities, and the layouts
schedules_itinerary*.xml, schedules_routeselection*.xml, schedules_trip_listview_item.xml,
nexttoarrive_listview_stop_item.xml, headerview_route_selection.xml, res/values/*.xml.

Bug SEPTA-Android#97 (non-crash). The itinerary (SchedulesDataModel.createFilteredTripsList) picks
a tab's service id with ``DatabaseManager.serviceIdForDayOfWeek(db, day, route.getRouteType())``,
which reads ``calendar_rail`` only when the route's type is RAIL, else ``calendar_bus``. A route
picked from the "Routes" section carries the type read from the database (2, RAIL); the favorite
and recently-viewed models the itinerary saves (addOrRemoveRouteFromFavorites,
checkTripStartAndDestinationForNextToArriveDataRequest) copy the ids and names but never the
route type, so a Regional Rail favorite (or recently viewed trip) comes back with type 0
(TROLLEY). Opened from there, the Sat and Sun tabs look up the bus calendar's service ids and
filter the rail trips with them. The fix sets the route type from the travel type on every click
in the route list.

Version 1.3.30 (versionCode 122, class ``Septa1330``). Sources read: commit
9df227c0a9fff503cbb137dadfdf202d946eaf74 (2016-02-01, the parent of the fix 5f278134 "Fix issue
#125 Route direction was missing from the saved favorite causing it to default to direction 0"):
SchedulesItineraryActionBarActivity, SchedulesStopsSelectionActionBarActivity (and its
DirectionHeaderLoader), ItinerarySelection_ListViewItem_ArrayAdapter, SchedulesDataModel,
SchedulesRouteSelectionActionBarActivity, layouts itineraryselection.xml, schedules_itinerary.xml,
menu_sort.xml. The path to a schedule is the same as in 1.3.1; #97 is fixed there.

Bug SEPTA-Android#125 (non-crash, 1.3.30; the same code is in 1.3.1). A bus stop picked in
SchedulesStopsSelectionActionBarActivity returns its ``direction_id``, which onActivityResult
puts in the route model; checkTripStartAndDestinationForNextToArriveDataRequest sets the data
model's display direction from it before loadStartBasedTrips and
loadAndProcessEndStopsWithStartStops, whose end-stop query keeps only trips of that direction.
The favorite (and recently viewed) model copies ids and names but not the direction, so a
favorite of a direction-1 trip comes back with direction 0: no trip matches, the list is empty
and the direction header reads the other direction. The fix copies the direction into the
favorite.

Fixed data (the app reads a bundled SQLite database, absent from the repository): five Regional
Rail lines, the stops of the Manayunk/Norristown and Airport lines, and their trips are invented
(train numbers, times); so are three bus routes, route 2's stops (northbound on 16th St to Nicetown
= dircode 1, southbound on 17th St to Pier 70 = dircode 0, as the report's "to Nicetown" trip needs
a non-zero direction) and its trips (block numbers, times). The service ids are invented too:
calendar_bus gives Weekday 1, Saturday 2, Sunday 3; calendar_rail gives Weekday 1, Sunday 2,
Saturday 4, chosen so the bus calendar's Saturday id is the rail Sunday schedule and its Sunday id
matches no rail trip, as the reporter saw (uncertain: the real ids are unknown). "Now" is fixed at
Wednesday 29 April 2015 09:30 (no holiday) in both versions (the #125 report was made on a Monday
morning). The alerts and advisories fetched from SEPTA's servers are left out (none shown).
Stubbed: the Realtime, Map and Connect pages' destinations, the Market-Frankford, Broad Street,
Trolley and NHSL route lists (empty), the other bus routes (no stops), Fare, Service Advisory, Real
Time, Settings, About, Leave Feedback, "Current Location" sorting and "Enter Address".
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, Screen, View

PKG = "org.septa.android.app"
SPLASH = ".activities.SplashScreenActivity"
MAIN = ".activities.MainTabbarActivity"
ROUTES = ".activities.schedules.SchedulesRouteSelectionActionBarActivity"
ITIN = ".activities.schedules.SchedulesItineraryActionBarActivity"
RR_STOPS = ".activities.schedules.SchedulesRRStopSelectionActionBarActivity"
BUS_STOPS_ACT = ".activities.schedules.SchedulesStopsSelectionActionBarActivity"

# RouteTypes enum order (ordinal) of the sources.
ROUTE_TYPES = ["TROLLEY", "MFL", "RAIL", "BUS", "BSL", "NHSL", "TRACKLESSTROLLEY"]
MAIN_TABS = ["Realtime", "Schedules", "Map", "Connect"]
REALTIME_ITEMS = [
    "Next to Arrive",
    "TrainView",
    "TransitView",
    "System Status",
    "Find Nearest\nLocation",
    "Tips",
]
SCHEDULE_ITEMS = [
    ("Regional Rail Line", "RAIL", "rrl"),
    ("Market-Frankford Line", "MFL", "mfl"),
    ("Broad Street Line", "BSL", "bsl"),
    ("Trolley Lines", "TROLLEY", "trolley"),
    ("Norristown High Speed Line", "NHSL", "nhsl"),
    ("Buses", "BUS", "bus"),
]
CONNECT_ITEMS = [
    "Fare Information",
    "Customer Service",
    "Facebook",
    "Twitter",
    "Customer Service Comments",
    "Leave App Feedback",
]
ITIN_TABS = [
    ("schedules_itinerary_tab_now_button", "Now"),
    ("schedules_itinerary_tab_weekday_button", "Weekday"),
    ("schedules_itinerary_tab_sat_button", "Sat"),
    ("schedules_itinerary_tab_sun_button", "Sun"),
]
FRV = "schedules_routeselection_favoriterecentlyviewed_"
MDI = "nexttoarrive_menudialog_listview_items_"
NTA_ICON = "nexttoarrive_stopselection_accessibilityicon_imageview"
ACTIONBAR_TAB = "android.support.v7.app.ActionBar$Tab"
# The fields the favorite / recently viewed models copy (no route type among them).
SAVED_KEYS = (
    "routeId",
    "routeStartName",
    "routeStartStopId",
    "routeEndName",
    "routeEndStopId",
    "routeShortName",
)
TAB_LABELS = ["NOW", "WEEKDAY", "SATURDAY", "SUNDAY"]
MENU_ROWS = [
    ("Favorite", "no trips have been selected"),
    ("Fare", "Fare Information"),
    ("Service Advisory", "Click to view details"),
    ("Real Time", "Regional Rail Service"),
]

# -- fixed data (the bundled database) -----------------------------------------------------------
RAIL_LINES = [  # routes_rail: route_id, route_long_name (route_type 2)
    ("AIR", "Airport"),
    ("CHE", "Chestnut Hill East"),
    ("LAN", "Lansdale/Doylestown"),
    ("NOR", "Manayunk/Norristown"),
    ("PAO", "Paoli/Thorndale"),
]
LINE_STOPS: dict[str, list[tuple[str, int]]] = {  # outbound stop order, minutes from the first
    "NOR": [
        ("30th Street Station", 0),
        ("Suburban Station", 5),
        ("Jefferson Station", 9),
        ("Temple University", 15),
        ("East Falls", 24),
        ("Wissahickon", 27),
        ("Manayunk", 31),
        ("Conshohocken", 40),
        ("Norristown TC", 47),
        ("Elm Street", 50),
    ],
    "AIR": [
        ("Airport Terminal A", 0),
        ("Eastwick", 6),
        ("University City", 13),
        ("30th Street Station", 17),
        ("Suburban Station", 21),
        ("Jefferson Station", 25),
        ("Temple University", 31),
    ],
}
STOP_IDS = {
    n: 90001 + i for i, n in enumerate(sorted({s for v in LINE_STOPS.values() for s, _ in v}))
}
# service id -> (first train number, departures from the first stop as HHMM)
RAIL_TRIPS: dict[int, tuple[int, list[int]]] = {
    1: (203, [610, 740, 840, 1010, 1210, 1410, 1640, 1740, 1910]),  # weekday
    4: (6203, [710, 910, 1110, 1310, 1510, 1710, 1910]),  # Saturday
    2: (9203, [810, 1110, 1410, 1710, 2010]),  # Sunday
}
# Bus route 2 (northbound on 16th St to Nicetown, southbound on 17th St to Pier 70):
# bus_stop_directions (dircode -> DirectionDescription), stopNameLookUpTable rows
# (name, stop_id, minutes from the first stop) per direction, and the trips' first departures.
BUS_ROUTES = [
    ("2", "16th-17th to Nicetown or Pier 70"),
    ("3", "Cottman-Bustleton to FTC"),
    ("17", "20th-19th to Center City or South Philadelphia"),
]
BUS_DIRECTIONS = {"2": {0: "Pier 70", 1: "Nicetown"}}
BUS_STOPS: dict[str, dict[int, list[tuple[str, str, int]]]] = {
    "2": {
        1: [
            ("16th St & Oregon Av", "21001", 0),
            ("16th St & Snyder Av", "21004", 5),
            ("16th St & Washington Av", "21008", 11),
            ("16th St & Spruce St", "21012", 17),
            ("16th St & Chestnut St", "21015", 21),
            ("16th St & Spring Garden St", "21019", 27),
            ("Wayne Av & Carlisle St", "21030", 44),
        ],
        0: [
            ("17th St & Spring Garden St", "20019", 0),
            ("17th St & Chestnut St", "20015", 6),
            ("17th St & Spruce St", "20012", 10),
            ("17th St & Washington Av", "20008", 16),
            ("17th St & Oregon Av", "20001", 23),
            ("Pier 70", "20000", 29),
        ],
    }
}
# service id -> (first block id, departures from the first stop as HHMM), both directions
BUS_TRIPS: dict[int, tuple[int, list[int]]] = {
    1: (7201, [600, 640, 720, 800, 840, 920, 1000, 1040, 1120, 1200, 1300, 1400, 1500, 1600]),
    2: (7301, [700, 800, 900, 1000, 1100, 1200, 1400, 1600]),
    3: (7401, [800, 1000, 1200, 1400, 1600]),
}
# DatabaseManager.serviceIdForDayOfWeek: calendar_rail / calendar_bus by tab (Weekday = Friday)
RAIL_CALENDAR = {"weekday": 1, "saturday": 4, "sunday": 2}
BUS_CALENDAR = {"weekday": 1, "saturday": 2, "sunday": 3}
TODAY = "weekday"  # Wednesday 2015-04-29
NOW_HHMM = 930


def _minutes(hhmm: int) -> int:
    return hhmm // 100 * 60 + hhmm % 100


def _clock(minutes: int) -> str:
    """CalendarDateUtilities.getLocalizedHHMMStamp in 12-hour format ("hh:mm a")."""
    h, m = divmod(minutes % 1440, 60)
    return f"{(h % 12) or 12:02d}:{m:02d} {'AM' if h < 12 else 'PM'}"


def _trips(line: str, start: str, end: str) -> list[dict[str, Any]]:
    """The master trips list of a line between two stops (both directions in the data)."""
    stops = dict(LINE_STOPS.get(line, []))
    if start not in stops or end not in stops or start == end:
        return []
    outbound = stops[start] < stops[end]
    total = max(stops.values())
    found = []
    for service, (first_train, departures) in RAIL_TRIPS.items():
        for k, dep in enumerate(departures):
            base = _minutes(dep)
            if outbound:
                t0, t1, train = base + stops[start], base + stops[end], first_train + 4 * k
            else:
                t0, t1 = base + total - stops[start], base + total - stops[end]
                train = first_train + 4 * k + 1
            found.append({"train": train, "service": service, "start": t0, "end": t1})
    return found


def _bus_trips(route_id: str, start_id: str, end_id: str, direction: int) -> list[dict[str, Any]]:
    """SchedulesDataModel.loadStartBasedTrips + loadAndProcessEndStopsWithStartStops for a bus:
    the trips stopping at the start stop whose direction is ``direction`` and that also stop at
    the end stop (the end query keeps only trips of the current display direction)."""
    found = []
    for dir_id, stops in BUS_STOPS.get(route_id, {}).items():
        if dir_id != direction:
            continue
        offsets = {sid: m for _n, sid, m in stops}
        if start_id not in offsets or end_id not in offsets:
            continue
        a, b = offsets[start_id], offsets[end_id]
        for service, (first_block, departures) in BUS_TRIPS.items():
            for k, dep in enumerate(departures):
                base = _minutes(dep)
                t0, t1 = (base + a, base + b) if a < b else (base + b, base + a)
                block = first_block + 2 * k + dir_id
                found.append(
                    {
                        "train": block,
                        "service": service,
                        "start": t0,
                        "end": t1,
                        "direction": dir_id,
                    }
                )
    return found


def _stop_direction(route_id: str, stop_id: str) -> int | None:
    for dir_id, stops in BUS_STOPS.get(route_id, {}).items():
        if any(sid == stop_id for _n, sid, _m in stops):
            return dir_id
    return None


def bus_favorite_shows_no_schedule(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of SEPTA-Android#125: a bus itinerary with both stops chosen lists no trip
    although the schedule has trips between those stops for the shown tab."""
    shown = data.get("itinerary_shown") or {}
    if shown.get("travel") != "BUS" or shown.get("trains") or not shown.get("end_id"):
        return False
    route, start, end = shown["route"], shown["start_id"], shown["end_id"]
    direction = _stop_direction(route, start)
    if direction is None or _stop_direction(route, end) != direction:
        return False
    now = _minutes(NOW_HHMM) if shown.get("tab") == 0 else -1
    return any(
        t["service"] == shown["service"] and t["start"] > now
        for t in _bus_trips(route, start, end, direction)
    )


def calendar_shows_wrong_day(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of SEPTA-Android#97: a Regional Rail itinerary's Sat or Sun tab lists the
    trips of a service id other than the rail calendar's for that day."""
    shown = data.get("itinerary_shown") or {}
    day = {2: "saturday", 3: "sunday"}.get(shown.get("tab", -1))
    return (
        shown.get("travel") == "RAIL"
        and day is not None
        and (shown.get("service") != RAIL_CALENDAR[day])
    )


def _click(**target: Any) -> dict[str, Any]:
    return {"kind": "click", "target": target}


OPEN_NOR = [_click(text="Schedules"), _click(text="Regional Rail Line"), _click(text="NOR")]
PICK_STOPS = [
    _click(resource_id=f"{PKG}:id/schedules_itinerary_selectstartend_start_textview"),
    _click(text="Suburban Station"),
    _click(text="Norristown TC"),
]
SAVE_FAVORITE = [_click(content_desc="Second Menu"), _click(text="Favorite")]
OPEN_FAVORITE = [_click(content_desc="Navigate up"), _click(text="Norristown TC")]
SAT = _click(resource_id=f"{PKG}:id/schedules_itinerary_tab_sat_button")

HUMAN_STEPS = tuple(OPEN_NOR + PICK_STOPS + SAVE_FAVORITE + OPEN_FAVORITE + [SAT])

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "SEPTA-Android#97": [
        # The Sat tab before leaving: the route still carries its database type.
        OPEN_NOR + PICK_STOPS + SAVE_FAVORITE + [SAT],
        # Back to the line from the Routes section instead of the favorite.
        OPEN_NOR
        + PICK_STOPS
        + SAVE_FAVORITE
        + [_click(content_desc="Navigate up"), _click(text="Manayunk/Norristown")]
        + PICK_STOPS
        + [SAT],
        # The favorite, then the Weekday tab.
        OPEN_NOR
        + PICK_STOPS
        + SAVE_FAVORITE
        + OPEN_FAVORITE
        + [_click(resource_id=f"{PKG}:id/schedules_itinerary_tab_weekday_button")],
        # The favorite, then the Now tab only.
        OPEN_NOR
        + PICK_STOPS
        + SAVE_FAVORITE
        + OPEN_FAVORITE
        + [_click(resource_id=f"{PKG}:id/schedules_itinerary_tab_now_button")],
    ],
}


def _route(route_type: int, rid: str, name: str) -> dict[str, Any]:
    """A route of the bundled routes table, as the list adapter's model holds it."""
    return {
        "routeType": route_type,
        "routeId": rid,
        "routeShortName": rid,
        "routeLongName": name,
        "routeStartName": "",
        "routeEndName": "",
        "routeStartStopId": "",
        "routeEndStopId": "",
    }


class Septa(VirtualApp):
    """SEPTA 1.3.1: the Schedules tab, the Regional Rail route list and itinerary."""

    name: ClassVar[str] = "SEPTA-Android"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "SEPTA"
    version: ClassVar[str] = "1.3.1"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "SEPTA-Android#97",
            "non-crash",
            "RR favorite issue retrieving Sat / Sun Tab schedule",
            calendar_shows_wrong_day,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "main_tab": 0,  # SharedPreferencesManager.getMainTabbarSelectedSection
            "favorites": {},  # travel type name -> [route model dict], newest first
            "recent": {},
            "itinerary_shown": {},  # what the open itinerary lists (mirrors its adapter)
        }

    # -- lifecycle -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN:
            ctx.ui.setdefault("overflow", False)
        elif ctx.activity == ROUTES:
            ctx.ui.setdefault("confirm", None)
        elif ctx.activity == ITIN:
            if ctx.ui.get("created"):
                return  # re-created (rotation): the instance state holds the route
            ctx.ui["created"] = True
            route = dict(ctx.extras.get("route") or {})
            ctx.memory["itin"] = {
                "travel": ctx.extras.get("travel", "RAIL"),
                "route": route,
                "tab": 0,
                "menu": False,
                "in_flow": False,
                "trips": [],
            }
            self._select_tab(ctx, 0)  # onPostCreate → selectTab(selectedTab)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("overflow"):
            ctx.ui["overflow"] = False
            return True
        if ctx.activity == ROUTES and ctx.ui.get("confirm") is not None:
            ctx.ui["confirm"] = None
            return True
        if ctx.activity == ITIN:
            ctx.memory["itin"]["in_flow"] = False
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or direction not in ("left", "right"):
            return False
        tab = ctx.data["main_tab"]
        if MAIN_TABS[tab] == "Map":  # nonswipeable_viewpager_main_items
            return False
        new = tab + (1 if direction == "left" else -1)
        if 0 <= new < len(MAIN_TABS):
            ctx.data["main_tab"] = new
            return True
        return False

    # -- main tab bar ----------------------------------------------------------------------------
    def _main(self, ctx: AppContext) -> Screen:
        tab = ctx.data["main_tab"]

        def pick(c: AppContext, i: int) -> None:
            c.data["main_tab"] = i

        def overflow(c: AppContext) -> None:
            c.ui["overflow"] = True

        title = w.linear_layout(
            [
                w.text_view("SEPTA", "actionbar_customtitle_appname", width=220),
                w.text_view("|", "actionbar_customtitle_separator", width=40),
                w.text_view(MAIN_TABS[tab], "actionbar_customtitle_sectionname"),
            ],
            horizontal=True,
            height=w.TOOLBAR_HEIGHT,
        )
        bar = w.toolbar(title, actions=[w.overflow_button(overflow)], rid="android:id/action_bar")
        tab_bar = w.tabs(MAIN_TABS, tab, pick, rid="", tab_cls=ACTIONBAR_TAB)
        page = [self._realtime, self._schedules_page, self._map_page, self._connect][tab](ctx)
        windows = []
        if ctx.ui.get("overflow"):
            items = [
                ("Settings", "menuoption_settings"),
                ("About", "menuoption_about"),
                ("Leave Feedback", "menuoption_leavefeedback"),
            ]
            windows.append(
                w.menu_window(
                    [(t, w.bind(self._open_stub, t, True), rid) for t, rid in items],
                    w.bind(self._close_overflow),
                )
            )
        content = w.linear_layout([bar, tab_bar, w.frame_layout([page], rid="pager")])
        return Screen(content=content, windows=windows)

    def _close_overflow(self, ctx: AppContext) -> None:
        ctx.ui["overflow"] = False

    def _location_header(self) -> list[View]:
        """``headerview``: "Current Location" (does nothing here) and "Enter Address"."""
        return [
            w.text_view(
                "Current Location", "headerview_textview_current_location", on_click=lambda c: None
            ),
            w.text_view(
                "Enter Address",
                "headerview_textview_enter_address",
                on_click=w.bind(self._open_stub, "Enter Address"),
            ),
        ]

    def _open_stub(self, ctx: AppContext, title: str, from_menu: bool = False) -> None:
        if from_menu:
            ctx.ui["overflow"] = False
        ctx.start_activity(".activities.PlaceholderActionBarActivity", {"title": title})

    def _realtime(self, ctx: AppContext) -> View:
        cells = [
            w.linear_layout(
                [
                    w.image_view("realtime_menu_icontext_item_imageview"),
                    w.text_view(label, "realtime_menu_icontext_item_textview"),
                ],
                on_click=w.bind(self._open_stub, label.replace("\n", " ")),
            )
            for label in REALTIME_ITEMS
        ]
        rows = [w.linear_layout(cells[i : i + 3], horizontal=True, height=380) for i in (0, 3)]
        return w.linear_layout(rows)

    def _schedules_page(self, ctx: AppContext) -> View:
        rows = [
            w.linear_layout(
                [
                    w.image_view("schedules_listfragment_item_leftImageView", width=200),
                    w.frame_layout(
                        [w.text_view(label, "schedules_listfragment_item_rightTextView")],
                        rid="schedules_listfragment_item_rightImageBackgroundview",
                    ),
                ],
                horizontal=True,
                height=200,
                on_click=w.bind(self._open_routes, label, travel, suffix),
            )
            for label, travel, suffix in SCHEDULE_ITEMS
        ]
        return w.list_view(rows)

    def _open_routes(self, ctx: AppContext, label: str, travel: str, suffix: str) -> None:
        ctx.start_activity(ROUTES, {"title": label, "travel": travel})

    def _map_page(self, ctx: AppContext) -> View:
        return View(cls="android.webkit.WebView", resource_id="transitmap_webview")

    def _connect(self, ctx: AppContext) -> View:
        rows = [
            w.list_row(
                label,
                on_click=w.bind(self._open_stub, label),
                title_rid="connect_listfragment_item_textview",
            )
            for label in CONNECT_ITEMS
        ]
        return w.list_view(rows)

    # -- route selection -------------------------------------------------------------------------
    def _routes(self, ctx: AppContext) -> Screen:
        travel = ctx.extras.get("travel", "RAIL")
        favorites = ctx.data["favorites"].get(travel, [])
        recent = ctx.data["recent"].get(travel, [])
        routes: list[dict[str, Any]] = (
            [_route(2, rid, name) for rid, name in RAIL_LINES]
            if travel == "RAIL"
            else [_route(3, rid, name) for rid, name in BUS_ROUTES]
            if travel == "BUS"
            else []
        )
        rows: list[View] = []
        sections = [("Favorites", favorites, "favorite"), ("Recently Viewed", recent, "recent")]
        for header, items, kind in sections:
            if items:
                rows.append(w.text_view(header, "schedules_routeselection_sectionheader_textview"))
            for i, item in enumerate(items):
                rows.append(self._saved_row(travel, item, kind, i))
        rows.append(w.text_view("Routes", "schedules_routeselection_sectionheader_textview"))
        for route in routes:
            rows.append(
                w.linear_layout(
                    [
                        w.image_view("schedules_routeselect_item_leftImageView", width=150),
                        w.relative_layout(
                            [
                                w.text_view(
                                    route["routeId"], "schedules_routeselection_item_routeid"
                                ),
                                w.text_view("|", "schedules_routeselection_item_route_spacer"),
                                w.text_view(
                                    route["routeLongName"],
                                    "schedules_routeselection_item_routelongname",
                                ),
                            ],
                            rid="schedules_routeselection_rl_background",
                            layout="horizontal",
                        ),
                    ],
                    horizontal=True,
                    height=170,
                    on_click=w.bind(self._open_itinerary, travel, route, True),
                )
            )
        windows = []
        confirm = ctx.ui.get("confirm")
        if confirm is not None:
            kind, index = confirm
            windows.append(
                w.confirm_dialog(
                    "Delete Favorite" if kind == "favorite" else "Delete Recently Viewed",
                    "Are you sure you want to delete?",
                    ("YES", w.bind(self._delete_saved, travel, kind, index)),
                    ("NO", w.bind(self._close_confirm)),
                    w.bind(self._close_confirm),
                )
            )
        bar = w.toolbar(
            "| " + ctx.extras.get("title", ""),
            navigation=w.up_button(),
            rid="android:id/action_bar",
        )
        body = w.list_view(rows, rid="list", scroll_key="routes_scroll")
        return Screen(content=w.linear_layout([bar, body]), windows=windows)

    def _saved_row(self, travel: str, item: dict[str, Any], kind: str, index: int) -> View:
        return w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(
                            "TO", "schedules_routeselection_favoritrecentlyviewed_tolabel_textview"
                        ),
                        w.text_view(item["routeId"], FRV + "routeid_textview"),
                    ],
                    rid="schedulesrouteselection_favoriterecentlyviewed_routeid_layout",
                    width=220,
                ),
                w.linear_layout(
                    [
                        w.text_view("Start:", FRV + "startlabel_textview"),
                        w.text_view("End:", FRV + "endlabel_textview"),
                    ],
                    rid=FRV + "startendlabel_layout",
                    width=180,
                ),
                w.linear_layout(
                    [
                        w.text_view(item["routeStartName"], FRV + "start_textview"),
                        w.text_view(item["routeEndName"], FRV + "end_textview"),
                    ],
                    rid=FRV + "startendtext_layout",
                ),
            ],
            horizontal=True,
            height=200,
            on_click=w.bind(self._open_itinerary, travel, item, False),
            on_long_click=w.bind(self._ask_delete, kind, index),
        )

    def _ask_delete(self, ctx: AppContext, kind: str, index: int) -> None:
        ctx.ui["confirm"] = [kind, index]

    def _close_confirm(self, ctx: AppContext) -> None:
        ctx.ui["confirm"] = None

    def _delete_saved(self, ctx: AppContext, travel: str, kind: str, index: int) -> None:
        store = ctx.data["favorites" if kind == "favorite" else "recent"].get(travel, [])
        if 0 <= index < len(store):
            store.pop(index)
        ctx.ui["confirm"] = None

    def _open_itinerary(
        self, ctx: AppContext, travel: str, route: dict[str, Any], from_routes: bool
    ) -> None:
        # SchedulesRouteSelectionActionBarActivity.onItemClick: the model goes as JSON (Gson);
        # saved favorites / recently viewed have no "routeType" field → int default 0 (TROLLEY).
        model = {"routeType": 0, "directionId": 0, **route}
        self._set_route_type(travel, model)
        title = route["routeId"]
        if travel in ("TROLLEY", "BUS"):
            title = "Route " + title
        ctx.start_activity(ITIN, {"travel": travel, "route": model, "title": title})

    def _set_route_type(self, travel: str, model: dict[str, Any]) -> None:
        """1.3.1 keeps the route type the list item carries (none on saved trips)."""
        return None

    # -- itinerary -------------------------------------------------------------------------------
    def _select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.memory["itin"]["tab"] = index
        self._check_trip(ctx)

    def _check_trip(self, ctx: AppContext) -> None:
        """checkTripStartAndDestinationForNextToArriveDataRequest."""
        itin = ctx.memory["itin"]
        route = itin["route"]
        if not route.get("routeStartName") or not route.get("routeEndName"):
            return
        travel = itin["travel"]
        # createFilteredTripsList(selectedTab)
        rail = ROUTE_TYPES[int(route.get("routeType", 0))] == "RAIL"
        calendar = RAIL_CALENDAR if rail else BUS_CALENDAR
        tab = itin["tab"]
        day = [TODAY, "weekday", "saturday", "sunday"][tab]
        service = calendar[day]
        now = _minutes(NOW_HHMM) if tab == 0 else -1
        direction = int(route.get("directionId", 0))
        if travel == "RAIL":
            master = _trips(route["routeId"], route["routeStartName"], route["routeEndName"])
        else:
            # setCurrentDisplayDirection(route.getDirectionId()) before both queries
            master = _bus_trips(
                route["routeId"], route["routeStartStopId"], route["routeEndStopId"], direction
            )
        trips = sorted(
            (t for t in master if t["service"] == service and t["start"] > now),
            key=lambda t: t["start"],
        )
        itin["trips"] = trips
        itin["display_dir"] = direction
        ctx.data["itinerary_shown"] = {
            "travel": travel,
            "route": route["routeId"],
            "tab": tab,
            "service": service,
            "trains": [t["train"] for t in trips],
            "start_id": route["routeStartStopId"],
            "end_id": route["routeEndStopId"],
        }
        saved = {k: route.get(k, "") for k in SAVED_KEYS}
        if not self._is_favorite(ctx, travel, saved):
            recent = [r for r in ctx.data["recent"].get(travel, []) if r != saved]
            ctx.data["recent"][travel] = [saved, *recent][:3]

    def _is_favorite(self, ctx: AppContext, travel: str, saved: dict[str, Any]) -> bool:
        return any(
            f["routeId"] == saved["routeId"]
            and f["routeStartStopId"] == saved["routeStartStopId"]
            and f["routeEndStopId"] == saved["routeEndStopId"]
            for f in ctx.data["favorites"].get(travel, [])
        )

    def _toggle_menu(self, ctx: AppContext) -> None:
        itin = ctx.memory["itin"]
        itin["menu"] = not itin["menu"]

    def _menu_row(self, ctx: AppContext, position: int) -> None:
        itin = ctx.memory["itin"]
        if position == 0:  # addOrRemoveRouteFromFavorites
            route, travel = itin["route"], itin["travel"]
            saved = {k: route.get(k, "") for k in SAVED_KEYS}
            favorites = ctx.data["favorites"].setdefault(travel, [])
            if self._is_favorite(ctx, travel, saved):
                ctx.data["favorites"][travel] = [
                    f
                    for f in favorites
                    if not (
                        f["routeId"] == saved["routeId"]
                        and f["routeStartStopId"] == saved["routeStartStopId"]
                        and f["routeEndStopId"] == saved["routeEndStopId"]
                    )
                ]
            else:
                favorites.insert(0, saved)
        else:
            self._open_stub(ctx, MENU_ROWS[position][0])
        itin["menu"] = False

    def _start_flow(self, ctx: AppContext) -> None:
        """startEndSelectionSelected: pick the start, then the destination."""
        ctx.memory["itin"]["in_flow"] = True
        self._open_stop_selection(ctx, "Start")

    def _pick_destination(self, ctx: AppContext) -> None:
        self._open_stop_selection(ctx, "Destination")

    def _open_stop_selection(self, ctx: AppContext, mode: str) -> None:
        itin = ctx.memory["itin"]
        if itin["travel"] == "RAIL":
            ctx.start_activity(RR_STOPS, {"mode": mode})
        else:
            ctx.start_activity(BUS_STOPS_ACT, {"mode": mode, "route": itin["route"]["routeId"]})

    def _reverse(self, ctx: AppContext) -> None:
        route = ctx.memory["itin"]["route"]
        route["routeStartName"], route["routeEndName"] = (
            route.get("routeEndName", ""),
            route.get("routeStartName", ""),
        )
        route["routeStartStopId"], route["routeEndStopId"] = (
            route.get("routeEndStopId", ""),
            route.get("routeStartStopId", ""),
        )
        route["directionId"] = 0 if route.get("directionId") == 1 else 1
        self._check_trip(ctx)

    def _itinerary(self, ctx: AppContext) -> Screen:
        itin = ctx.memory["itin"]
        route, tab = itin["route"], itin["tab"]
        bar = w.toolbar(
            "| " + ctx.extras.get("title", ""),
            navigation=w.up_button(),
            actions=[
                w.action_item(
                    "actionmenu_nexttoarrive_revealactions", "Second Menu", self._toggle_menu
                )
            ],
            rid="android:id/action_bar",
        )
        tab_buttons = [
            w.button(rid, text, w.bind(self._select_tab, i), selected=i == tab)
            for i, (rid, text) in enumerate(ITIN_TABS)
        ]
        if itin["travel"] == "RAIL":
            direction = "To " + route["routeEndName"] if route.get("routeEndName") else ""
        elif "display_dir" in itin:  # DirectionHeaderLoader
            names = BUS_DIRECTIONS.get(route["routeId"], {})
            direction = "To " + str(names.get(itin["display_dir"]))
        else:
            direction = ""
        select_row = w.linear_layout(
            [
                w.image_button(
                    "schedules_itinerary_selectstartend_begin_button",
                    "",
                    self._start_flow,
                    width=147,
                ),
                w.linear_layout(
                    [
                        w.text_view(
                            route.get("routeStartName", ""),
                            "schedules_itinerary_selectstartend_start_textview",
                            hint="Select start",
                            on_click=self._start_flow,
                        ),
                        w.text_view(
                            route.get("routeEndName", ""),
                            "schedules_itinerary_selectstartend_end_textview",
                            hint="Select destination",
                            on_click=self._pick_destination,
                        ),
                    ]
                ),
                w.image_button(
                    "schedules_itinerary_selectstartend_reverse_button",
                    "",
                    self._reverse,
                    width=147,
                ),
            ],
            horizontal=True,
            height=240,
        )
        header = "REMAINING TRIPS FOR TODAY" if tab == 0 else TAB_LABELS[tab]
        rows: list[View] = [select_row, w.text_view(header, "schedules_itinerary_header_textview")]
        for trip in itin["trips"]:
            left = [w.text_view(str(trip["train"]), "schedules_trip_listview_trainnumber")]
            if tab == 0:
                wait = trip["start"] - _minutes(NOW_HHMM)
                hours, mins = divmod(wait, 60) if wait > 60 else (0, wait)
                until = (f"{hours} hour{'s' if hours > 1 else ''} " if hours else "") + (
                    f"{mins} min{'s' if mins > 1 else ''}" if mins else ""
                )
                left.append(w.text_view(until.strip(), "schedules_trip_listview_timeuntilstart"))
            rows.append(
                w.linear_layout(
                    [
                        w.linear_layout(left, width=260),
                        w.text_view(_clock(trip["start"]), "schedules_trip_listview_starttime"),
                        w.linear_layout(
                            [
                                w.text_view(
                                    str(trip["end"] - trip["start"]),
                                    "schedules_trip_listview_triptime",
                                ),
                                w.text_view("mins", "schedules_trip_listview_minstext"),
                            ],
                            horizontal=True,
                            width=220,
                        ),
                        w.text_view(_clock(trip["end"]), "schedules_trip_listview_endtime"),
                    ],
                    horizontal=True,
                    height=180,
                    on_click=lambda c: None,
                )
            )
        body = w.linear_layout(
            [
                w.linear_layout(tab_buttons, horizontal=True, height=140),
                w.linear_layout(
                    [w.text_view(direction, "schedules_itinerary_routedirection_textview")],
                    rid="schedules_itinerary_routedirection_view",
                    height=90,
                ),
                self._itinerary_list(rows),
            ]
        )
        layers: list[View] = [body]
        if itin["menu"]:
            has_trip = bool(route.get("routeStartName") and route.get("routeEndName"))
            saved = {k: route.get(k, "") for k in ("routeId", "routeStartStopId", "routeEndStopId")}
            fav = has_trip and self._is_favorite(ctx, itin["travel"], saved)
            menu_rows = []
            for i, (main, sub) in enumerate(MENU_ROWS):
                if i == 0 and has_trip:
                    sub = "remove route from favorites" if fav else "add route to favorites"
                menu_rows.append(
                    w.linear_layout(
                        [
                            w.image_view(MDI + "imageview", width=147),
                            w.linear_layout(
                                [
                                    w.text_view(main, MDI + "maintext"),
                                    w.text_view(sub, MDI + "subtext"),
                                ]
                            ),
                        ],
                        horizontal=True,
                        height=190,
                        enabled=i != 0 or has_trip,
                        on_click=w.bind(self._menu_row, i) if (i != 0 or has_trip) else None,
                    )
                )
            layers.append(
                w.frame_layout(
                    [w.list_view(menu_rows, rid="schedules_itinerary_menudialog_listview")],
                    rid="schedules_itinerary_menudialog_mainlayout",
                    height=800,
                    weight=0,
                    gravity="top",
                )
            )
        content = w.linear_layout([bar, w.frame_layout(layers, layout=FRAME)])
        return Screen(content=content)

    # -- stop selection --------------------------------------------------------------------------
    def _itinerary_list(self, rows: list[View]) -> View:
        return w.list_view(rows, rid="list", scroll_key="itin_scroll")

    def _stop_picked(
        self, ctx: AppContext, name: str, stop_id: str = "", direction: int | None = None
    ) -> None:
        """The list click returns stop_name / stop_id / selection_mode (and a bus stop's
        direction_id); the itinerary's onActivityResult applies it."""
        mode = ctx.extras.get("mode", "Start")
        itin = ctx.memory["itin"]
        route = itin["route"]
        ctx.finish()
        if direction is not None:  # request code 504: route.setDirectionId(direction_id)
            route["directionId"] = direction
        stop_id = stop_id or str(STOP_IDS[name])
        if mode == "Destination":
            route["routeEndName"], route["routeEndStopId"] = name, stop_id
            itin["in_flow"] = False
        else:
            route["routeStartName"], route["routeStartStopId"] = name, stop_id
            if itin["in_flow"]:
                itin["in_flow"] = False
                self._open_stop_selection(ctx, "Destination")
        self._check_trip(ctx)

    def _bus_stops(self, ctx: AppContext) -> Screen:
        """SchedulesStopsSelectionActionBarActivity: the route's stops by direction, each
        section headed "To <DirectionDescription>", sorted by name (or by sequence)."""
        mode = ctx.extras.get("mode", "Start")
        route_id = ctx.extras.get("route", "")
        by_sequence = bool(ctx.ui.get("by_sequence"))

        def flip(c: AppContext) -> None:
            c.ui["by_sequence"] = not c.ui.get("by_sequence")

        header = w.linear_layout(
            self._location_header(),
            rid="headerview_include",
            weight=0,
        )
        rows: list[View] = []
        names = BUS_DIRECTIONS.get(route_id, {0: "Dir0", 1: "Dir1"})
        for dir_id in (0, 1):
            stops = BUS_STOPS.get(route_id, {}).get(dir_id, [])
            if not stops:
                continue
            ordered = stops if by_sequence else sorted(stops)
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(
                            "To " + names[dir_id], "schedules_routeselection_sectionheader_textview"
                        )
                    ],
                    rid="schedules_routeselection_sectionheader_view",
                    height=110,
                )
            )
            for name, sid, _m in ordered:
                rows.append(
                    w.linear_layout(
                        [
                            w.image_view(NTA_ICON, width=100),
                            w.text_view(name, "nexttoarrive_stopselection_textview"),
                        ],
                        rid="nettoarrive_stopselection_mainlayout",
                        horizontal=True,
                        height=150,
                        on_click=w.bind(self._stop_picked, name, sid, dir_id),
                    )
                )
        sort = w.action_item(
            "menu_sort_123" if by_sequence else "menu_sort_abc",
            "Sort by stop" if by_sequence else "Sort name",
            flip,
        )
        bar = w.toolbar(
            "| Select " + mode,
            navigation=w.up_button(),
            actions=[sort],
            rid="android:id/action_bar",
        )
        body = w.list_view(rows, rid="list", scroll_key="bus_stops_scroll")
        return Screen(content=w.linear_layout([bar, header, body]))

    def _stops(self, ctx: AppContext) -> Screen:
        mode = ctx.extras.get("mode", "Start")
        header = w.linear_layout(self._location_header())
        rows = [header] + [
            w.linear_layout(
                [
                    w.image_view(NTA_ICON, width=100),
                    w.text_view(name, "nexttoarrive_stopselection_textview"),
                ],
                horizontal=True,
                height=150,
                on_click=w.bind(self._stop_picked, name),
            )
            for name in sorted(STOP_IDS)
        ]
        bar = w.toolbar("| Select " + mode, navigation=w.up_button(), rid="android:id/action_bar")
        body = w.frame_layout(
            [w.list_view(rows, scroll_key="stops_scroll")], rid="stopselection_list_fragment"
        )
        return Screen(content=w.linear_layout([bar, body]))

    # -- render ----------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == ROUTES:
            return self._routes(ctx)
        if ctx.activity == ITIN:
            return self._itinerary(ctx)
        if ctx.activity == RR_STOPS:
            return self._stops(ctx)
        if ctx.activity == BUS_STOPS_ACT:
            return self._bus_stops(ctx)
        if ctx.activity == SPLASH:
            return Screen(
                content=w.linear_layout(
                    [
                        View(
                            cls="android.widget.GridLayout",
                            resource_id="splashscreen_icons_gridlayout",
                        )
                    ]
                ),
                windows=[
                    w.alert_dialog(
                        w.text_view("Loading database...", "android:id/message"), [], [], None
                    )
                ],
            )
        title = "| " + str(ctx.extras.get("title", ""))
        return Screen(content=w.child_page(title))


OPEN_ROUTE_2 = [_click(text="Schedules"), _click(text="Buses"), _click(text="2")]
PICK_BUS_STOPS = [
    _click(resource_id=f"{PKG}:id/schedules_itinerary_selectstartend_start_textview"),
    _click(text="16th St & Oregon Av"),
    _click(text="16th St & Chestnut St"),
]
OPEN_BUS_FAVORITE = [_click(content_desc="Navigate up"), _click(text="16th St & Chestnut St")]
HUMAN_STEPS_125 = tuple(OPEN_ROUTE_2 + PICK_BUS_STOPS + SAVE_FAVORITE + OPEN_BUS_FAVORITE)

WRONG_SEQUENCES["SEPTA-Android#125"] = [
    # Back to route 2 from the Routes section, stops picked again.
    OPEN_ROUTE_2 + PICK_BUS_STOPS + SAVE_FAVORITE
    + [_click(content_desc="Navigate up"), _click(text="16th-17th to Nicetown or Pier 70")]
    + PICK_BUS_STOPS,
    # A favorite of the other direction (to Pier 70).
    OPEN_ROUTE_2
    + [_click(resource_id=f"{PKG}:id/schedules_itinerary_selectstartend_start_textview"),
       _click(text="17th St & Chestnut St"), _click(text="17th St & Oregon Av")]
    + SAVE_FAVORITE
    + [_click(content_desc="Navigate up"), _click(text="17th St & Oregon Av")],
    # The favorite saved but not opened again.
    OPEN_ROUTE_2 + PICK_BUS_STOPS + SAVE_FAVORITE + [_click(content_desc="Navigate up")],
]  # fmt: skip


class Septa1330(Septa):
    """SEPTA 1.3.30 (versionCode 122): the route type is set on every route-list click (the fix
    of #97); the itinerary's list sits in a ViewFlipper (``schedules_itinerary_listview``)."""

    version: ClassVar[str] = "1.3.30"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "SEPTA-Android#125",
            "non-crash",
            "route 2 favorite issue",
            bus_favorite_shows_no_schedule,
            human_steps=HUMAN_STEPS_125,
        ),
    )

    def _set_route_type(self, travel: str, model: dict[str, Any]) -> None:
        # route.setRouteType(travelType.ordinal()) in onItemClick (50613b28)
        model["routeType"] = ROUTE_TYPES.index(travel)

    def _itinerary_list(self, rows: list[View]) -> View:
        return w.frame_layout(
            [w.list_view(rows, rid="schedules_itinerary_listview", scroll_key="itin_scroll")],
            rid="schedules_itinerary_view_flipper",
        )
