"""GTFSOffline (wbrenna/GTFSOffline) 0.7: offline transit departures from GTFS SQLite databases.

Version 0.7 (versionCode 7), package ``com.wbrenna.gtfsoffline``. Sources read: commit
0e7752b1954909f3868d19d6f31bc5150ca205df (2014-04-28, "Fixed GRT Merged Stops issue.", the last
before the fix 4dad1ba "Fixed bug #11 and made code more robust"): MainActivity (tabs,
FavSectionFragment, DBListFragment), FavFragmentHelper, LocationFragmentHelper, DatabaseHelper,
PrefsActivity, UpdateActivity, ServiceCalendar.formattedDepartureTime, timestopdescArrayAdapter,
res/layout (activity_main, fragment_main_db, favstopdesc, timestopdesc), res/menu/main.xml,
res/xml/preferences.xml, res/values (strings, arrays).

Bug GTFSOffline#11 (non-crash). A favourite is stored only as its stop id (the ``favstops``
preference "id;id;..." and ``favstops-<id>`` = the stop name), with nothing saying which
database it came from (LocationFragmentHelper.AddBusstopFavourite). The Favourites tab
(FavFragmentHelper.ProcessBusStops) asks every active database for the next departures at every
favourite stop id and labels each result with the favourite's stored name, so a database that
has a stop with the same id as another agency's favourite lists its own departures under that
agency's stop name. The fix stores "name#database" and skips favourites of other databases.

The Favourites list is computed when its page is created (activity start, the pager rebuilding
the page after it was two or more pages away) and when the activity resumes with a changed
"Databases to Monitor" set; the model mirrors what that list shows in ``data["favs_shown"]``
and keeps, as ground truth only, the database each favourite was added from
(``data["fav_origin"]``; the app never reads it).

Fixed data: the device's Download folder holds GRT.db.gz, STN.db.gz and TTC.db.gz (the
reporter's three agencies; "Scan Downloads Folder" moves them into the app's files). Their
stops, ids, names, headsigns and departures are invented, with numeric stop ids that collide
across agencies (GTFS ids are agency-local), e.g. GRT 1120 and TTC 1120, STN 2051 and TTC 2051.
The device's last known location is fixed in uptown Waterloo (43.4643, -80.5204); "now" is fixed
at 14:00 on a weekday (every departure is later that hour). Stubbed: TimesActivity (a title and
Navigate up), the progress bar, the expiry check (no database is expired).
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import Screen, View, Window

PKG = "com.wbrenna.gtfsoffline"
MAIN = ".MainActivity"
PREFS = ".PrefsActivity"
UPDATE = ".UpdateActivity"
TIMES = ".TimesActivity"
APP_NAME = "GTFSOffline"
ACTIONBAR_TAB = "android.app.ActionBar$Tab"

HERE = (43.4643, -80.5204)
NOW_MIN = 14 * 60
# database file -> stops: (stop_id, name, lat, lon, [(minutes after 14:00, headsign, trip_id)])
DATABASES: dict[str, list[tuple[str, str, float, float, list[tuple[int, str, str]]]]] = {
    "GRT.db": [
        (
            "1120",
            "Waterloo Public Square",
            43.4647,
            -80.5227,
            [
                (4, "7 Mainline - Conestoga", "1423101"),
                (14, "7 Mainline - Conestoga", "1423102"),
                (24, "7 Mainline - Conestoga", "1423103"),
            ],
        ),
        (
            "1123",
            "King / Erb",
            43.4662,
            -80.5226,
            [(6, "8 University/Fairview", "1430201"), (26, "8 University/Fairview", "1430202")],
        ),
        (
            "2520",
            "Uptown Waterloo Station",
            43.4625,
            -80.5210,
            [(9, "iXpress 200 - Conestoga", "1455011"), (24, "iXpress 200 - Ainslie", "1455012")],
        ),
    ],
    "STN.db": [
        (
            "2051",
            "Sarnia Transit Terminal",
            42.9745,
            -82.4066,
            [(10, "1 Vidal", "50311"), (40, "1 Vidal", "50312")],
        ),
        (
            "2052",
            "Christina / Davis",
            42.9740,
            -82.4042,
            [(12, "2 Exmouth", "50421"), (42, "2 Exmouth", "50422")],
        ),
    ],
    "TTC.db": [
        (
            "1120",
            "Bathurst St at Bloor St West",
            43.6653,
            -79.4112,
            [
                (3, "511 Bathurst towards Exhibition", "28841"),
                (13, "511 Bathurst towards Exhibition", "28842"),
                (23, "511 Bathurst towards Exhibition", "28843"),
            ],
        ),
        (
            "2051",
            "Dundas St West at Spadina Ave",
            43.6529,
            -79.3977,
            [
                (5, "505 Dundas towards Broadview Stn", "30122"),
                (17, "505 Dundas towards Broadview Stn", "30123"),
                (29, "505 Dundas towards Broadview Stn", "30124"),
            ],
        ),
        (
            "14235",
            "Kipling Station",
            43.6372,
            -79.5360,
            [
                (8, "45 Kipling towards Steeles", "31544"),
                (28, "45 Kipling towards Steeles", "31545"),
            ],
        ),
    ],
}
DOWNLOADS = ["GRT.db.gz", "STN.db.gz", "TTC.db.gz"]
DIRS = ["S", "SW", "W", "NW", "N", "NE", "E", "SE"]
LIST_PREFS = [
    (
        "hourslookahead",
        "Number of Hours to Look Ahead",
        ["1", "2", "3", "4", "5", "6", "8", "10"],
        "2",
    ),
    (
        "numbusesperstop",
        "Number of Buses per Stop to List",
        ["1", "2", "3", "4", "5", "6", "8", "10"],
        "3",
    ),
    (
        "numcloseststops",
        "Number of Closest Stops to Return",
        ["1", "2", "3", "4", "5", "6", "8", "10"],
        "8",
    ),
    ("gridsizekm", "Search Window (km)", ["1", "2", "3", "4", "8", "16", "32", "0"], "0"),
]
# FavFragmentHelper/LocationFragmentHelper fall back to these when the key was never written
FALLBACK = {
    "hourslookahead": "1",
    "numbusesperstop": "3",
    "numcloseststops": "8",
    "gridsizekm": "0",
}


def _distance(lat: float, lon: float) -> tuple[float, float]:
    """Metres and initial bearing (degrees) from HERE, as Location.distanceBetween gives."""
    p1, p2 = math.radians(HERE[0]), math.radians(lat)
    dl = math.radians(lon - HERE[1])
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    dist = 6371008.8 * 2 * math.asin(math.sqrt(a))
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return dist, math.degrees(math.atan2(y, x))


def _departs_in(minutes: int) -> str:
    """ServiceCalendar.formattedDepartureTime for a departure within the hour."""
    return f"Departs in {minutes} minute" + ("" if minutes == 1 else "s")


def _departures(stop: tuple[Any, ...], prefs: dict[str, Any]) -> list[tuple[int, str, str]]:
    hours = int(prefs.get("hourslookahead", FALLBACK["hourslookahead"]))
    count = int(prefs.get("numbusesperstop", FALLBACK["numbusesperstop"]))
    return [d for d in stop[4] if d[0] <= 60 * hours][:count]


def favourites_from_other_agency(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of GTFSOffline#11: the Favourites list shows a database's departures under a
    favourite that was added from another database."""
    origin = data.get("fav_origin", {})
    return any(
        stop_id in origin and origin[stop_id] != db
        for db, stop_id, _name in data.get("favs_shown", [])
    )


def _click(**target: Any) -> dict[str, Any]:
    return {"kind": "click", "target": target}


def _long(**target: Any) -> dict[str, Any]:
    return {"kind": "long_click", "target": target}


MENU = _click(content_desc="More options")
SCAN = [MENU, _click(text="Scan Downloads Folder"), _click(text="OK")]
OPEN_DBS = [MENU, _click(text="Settings"), _click(text="Databases to Monitor")]
ENABLE_ALL = OPEN_DBS + [
    _click(text="GRT.db"),
    _click(text="STN.db"),
    _click(text="TTC.db"),
    _click(text="OK"),
    {"kind": "press_back"},
]
ADD_GRT = [
    _click(text="GRT.db"),
    _long(text="Waterloo Public Square"),
    _click(text="Yes"),
]
ADD_STN = [
    _click(text="STN.db"),
    _long(text="Sarnia Transit Terminal"),
    _click(text="Yes"),
]
ONLY_TTC = OPEN_DBS + [
    _click(text="GRT.db"),
    _click(text="STN.db"),
    _click(text="OK"),
    {"kind": "press_back"},
]
HUMAN_STEPS = tuple(SCAN + ENABLE_ALL + ADD_GRT + ADD_STN + ONLY_TTC)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "GTFSOffline#11": [
        # Only TTC on, but the favourite is a TTC stop.
        SCAN
        + ENABLE_ALL
        + [_click(text="TTC.db"), _long(text="Bathurst St at Bloor St West"), _click(text="Yes")]
        + ONLY_TTC,
        # The other agencies' favourites, with TTC switched off instead.
        SCAN
        + ENABLE_ALL
        + ADD_GRT
        + ADD_STN
        + OPEN_DBS
        + [_click(text="TTC.db"), _click(text="OK"), {"kind": "press_back"}],
        # "No" in the favourite dialogs.
        SCAN
        + ENABLE_ALL
        + [
            _click(text="GRT.db"),
            _long(text="Waterloo Public Square"),
            _click(text="No"),
            _click(text="STN.db"),
            _long(text="Sarnia Transit Terminal"),
            _click(text="No"),
        ]
        + ONLY_TTC,
        # Only TTC on without any favourite.
        SCAN + ENABLE_ALL + ONLY_TTC,
    ],
}


class GtfsOffline(VirtualApp):
    """GTFSOffline 0.7: the Favourites tab, one tab per active database, the settings."""

    name: ClassVar[str] = "GTFSOffline"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "0.7"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "GTFSOffline#11",
            "non-crash",
            "Erroneous Favourite Stops",
            favourites_from_other_agency,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "downloads": list(DOWNLOADS),  # the device's Download folder (fixed data)
            "db_files": [],  # getExternalFilesDir: the databases moved there
            "prefs": {"databases": [], "favstops": "", "showallbusses": False, "ampmtimes": False},
            "fav_origin": {},  # ground truth only: stop id -> database it was added from
            "favs_shown": [],  # mirror of the Favourites list: [database, stop id, name]
        }

    # -- main activity state ---------------------------------------------------------------------
    def _m(self, ctx: AppContext) -> dict[str, Any]:
        """MainActivity's static fields (mDBActive, mDBListPrefsOld), its pager's page and the
        retained Favourites fragment's list: process memory."""
        main: dict[str, Any] = ctx.memory.setdefault("main", {"tab": 0})
        return main

    def _active(self, ctx: AppContext) -> list[str]:
        """MainActivity.mDBActive: the chosen databases that exist."""
        return list(self._m(ctx).get("active", []))

    def _load_active(self, ctx: AppContext) -> None:
        files = set(ctx.data["db_files"])
        chosen = [d for d in ctx.data["prefs"]["databases"] if d in files]
        self._m(ctx)["active"] = sorted(chosen)
        self._m(ctx)["prefs_old"] = sorted(ctx.data["prefs"]["databases"])

    def _favourites(self, ctx: AppContext) -> list[tuple[str, str]]:
        favs = [s for s in ctx.data["prefs"]["favstops"].split(";") if s]
        return [(s, ctx.data["prefs"].get("favstops-" + s, "")) for s in favs]

    def _compute_favs(self, ctx: AppContext) -> None:
        """FavFragmentHelper.ProcessBusStops: every favourite id asked of every active DB."""
        favs = self._favourites(ctx)
        rows: list[list[str]] = []
        prefs = ctx.data["prefs"]
        if favs:
            for db in self._active(ctx):
                stops = {s[0]: s for s in DATABASES[db]}
                names = dict(favs)
                for stop_id, _name in favs:
                    if stop_id not in stops:
                        continue
                    for minutes, headsign, trip in _departures(stops[stop_id], prefs):
                        rows.append(
                            ["", stop_id, names[stop_id], headsign, _departs_in(minutes), trip, db]
                        )
        self._m(ctx)["fav_rows"] = rows
        ctx.data["favs_shown"] = [[r[6], r[1], r[2]] for r in rows]

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            if not ctx.ui.get("created"):  # a new instance (not re-created on rotation)
                self._m(ctx)["tab"] = 0
            ctx.ui.update(created=True, menu=False, dialog=None)
            self._load_active(ctx)
            self._compute_favs(ctx)  # the retained fragment's onActivityCreated
        elif ctx.activity == UPDATE:
            self._move_databases(ctx)  # DBMover.execute()
        elif ctx.activity == PREFS:
            ctx.ui.setdefault("dialog", None)
            # addPreferencesFromResource persists the ListPreferences' defaults
            for key, _title, _values, default in LIST_PREFS:
                ctx.data["prefs"].setdefault(key, default)

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            self._on_resume(ctx)

    def _on_resume(self, ctx: AppContext) -> None:
        """MainActivity.onResume: a changed database choice rebuilds the tabs and reloads the
        favourites."""
        chosen = sorted(ctx.data["prefs"]["databases"])
        if chosen != self._m(ctx).get("prefs_old"):
            self._load_active(ctx)
            self._m(ctx)["tab"] = 0  # removeAllTabs + addTab selects the first tab
            self._compute_favs(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("dialog") is not None:
            ctx.ui["dialog"] = None
            return True
        if ctx.activity == MAIN and ctx.ui.get("menu"):
            ctx.ui["menu"] = False
            return True
        if ctx.activity in (PREFS, UPDATE, TIMES):
            self._finish_to_main(ctx)
            return True
        return False

    def _finish_to_main(self, ctx: AppContext) -> None:
        """Finish a child activity: MainActivity below it resumes (onResume)."""
        ctx.finish()
        self._on_resume(ctx)

    def _select_tab(self, ctx: AppContext, index: int) -> None:
        old = self._m(ctx).get("tab", 0)
        self._m(ctx)["tab"] = index
        # The pager keeps one page either side: the Favourites page is re-created (and its list
        # recomputed in onActivityCreated) when it comes back within reach.
        if old >= 2 and index <= 1:
            self._compute_favs(ctx)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or direction not in ("left", "right"):
            return False
        count = 1 + len(self._active(ctx))
        new = self._m(ctx)["tab"] + (1 if direction == "left" else -1)
        if 0 <= new < count:
            self._select_tab(ctx, new)
            return True
        return False

    # -- handlers --------------------------------------------------------------------------------
    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    def _menu_item(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(activity)

    def _move_databases(self, ctx: AppContext) -> None:
        for gz in ctx.data["downloads"]:
            name = gz[: -len(".gz")]
            if name not in ctx.data["db_files"]:
                ctx.data["db_files"].append(name)

    def _ask(self, ctx: AppContext, kind: str, row: list[str]) -> None:
        ctx.ui["dialog"] = {"kind": kind, "stop_id": row[1], "name": row[2], "db": row[6]}

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _add_favourite(self, ctx: AppContext) -> None:
        """LocationFragmentHelper.AddBusstopFavourite(stop_id, stop_name)."""
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        prefs = ctx.data["prefs"]
        stop_id = dialog["stop_id"]
        if stop_id in [s for s in prefs["favstops"].split(";") if s]:
            ctx.toast(f"Stop {stop_id} is already a favourite!")
            return
        prefs["favstops"] += stop_id + ";"
        prefs["favstops-" + stop_id] = dialog["name"]
        ctx.data["fav_origin"][stop_id] = dialog["db"]
        ctx.toast(f"Stop {stop_id} was added to your favourites.")

    def _remove_favourite(self, ctx: AppContext) -> None:
        """FavFragmentHelper.RemoveBusstopFavourite(stop_id)."""
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        prefs = ctx.data["prefs"]
        stop_id = dialog["stop_id"]
        kept = [s for s in prefs["favstops"].split(";") if s and s != stop_id]
        prefs["favstops"] = "".join(s + ";" for s in kept)
        prefs.pop("favstops-" + stop_id, None)
        ctx.data["fav_origin"].pop(stop_id, None)
        ctx.toast(f"Stop {stop_id} was removed from your favourites.")

    def _open_times(self, ctx: AppContext, row: list[str]) -> None:
        ctx.start_activity(TIMES, {"stop_name": row[2], "db_name": row[6]})

    # -- screens ---------------------------------------------------------------------------------
    def _db_rows(self, ctx: AppContext, db: str) -> list[list[str]]:
        """LocationFragmentHelper.ProcessBusStops: the closest stops' next departures."""
        prefs = ctx.data["prefs"]
        grid = float(prefs.get("gridsizekm", FALLBACK["gridsizekm"]))
        limit = int(prefs.get("numcloseststops", FALLBACK["numcloseststops"]))
        stops = []
        for stop in DATABASES[db]:
            if grid:
                dlat = math.degrees(grid / 6378.137)
                dlon = dlat / math.cos(math.radians(HERE[0]))
                if not (abs(stop[2] - HERE[0]) < dlat and abs(stop[3] - HERE[1]) < dlon):
                    continue
            dist, bearing = _distance(stop[2], stop[3])
            stops.append((dist, bearing, stop))
        stops.sort(key=lambda s: s[0])
        rows: list[list[str]] = []
        for dist, bearing, stop in stops[:limit]:
            direction = DIRS[int((bearing + 180 + 22.5) % 360 // 45)]
            shown = (
                f"{dist:3.0f}m {direction}" if dist < 1000 else f"{dist / 1000:3.1f}km {direction}"
            )
            for minutes, headsign, trip in _departures(stop, prefs):
                rows.append([shown, stop[0], stop[1], headsign, _departs_in(minutes), trip, db])
        return rows

    def _row(self, ctx: AppContext, row: list[str], fav: bool) -> View:
        top = [w.text_view(row[0], "stoptime")]
        if fav:
            top.append(w.text_view(row[6], "dbname"))
        top.append(w.text_view(row[1], "label"))
        bottom = [
            w.text_view(row[2], "value"),
            w.text_view(row[3], "tripheader"),
            w.text_view(row[4], "departsin"),
            w.text_view(row[5], "trip_id"),
        ]
        if not fav:
            bottom.append(w.text_view(row[6], "dbname"))
        return w.linear_layout(
            [w.linear_layout(top, horizontal=True, height=90), w.linear_layout(bottom)],
            height=420,
            on_click=w.bind(self._open_times, row),
            on_long_click=w.bind(self._ask, "remove" if fav else "add", row),
        )

    def _main(self, ctx: AppContext) -> Screen:
        active = self._active(ctx)
        titles = ["Favourites", *active]
        tab = min(self._m(ctx).get("tab", 0), len(titles) - 1)
        bar = w.toolbar(
            APP_NAME, actions=[w.overflow_button(self._open_menu)], rid="android:id/action_bar"
        )
        tabs = w.tabs(titles, tab, self._select_tab, rid="", tab_cls=ACTIONBAR_TAB)
        if tab == 0:
            rows = [self._row(ctx, r, True) for r in self._m(ctx).get("fav_rows", [])]
        else:
            rows = [self._row(ctx, r, False) for r in self._db_rows(ctx, titles[tab])]
        page = w.relative_layout(
            [
                w.text_view("", "section_label2", height=10),
                w.linear_layout([w.list_view(rows, scroll_key=f"list{tab}")], rid="detail_area"),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Scan Downloads Folder", w.bind(self._menu_item, UPDATE)),
                        ("Settings", w.bind(self._menu_item, PREFS)),
                    ],
                    self._close_menu,
                )
            )
        dialog = ctx.ui.get("dialog")
        if dialog is not None:
            add = dialog["kind"] == "add"
            windows.append(
                w.confirm_dialog(
                    f"Stop {dialog['stop_id']}, {dialog['name']}",
                    "Add to favourites?" if add else "Remove from favourites?",
                    ("Yes", self._add_favourite if add else self._remove_favourite),
                    ("No", self._close_dialog),
                    self._close_dialog,
                )
            )
        content = w.linear_layout([bar, tabs, w.frame_layout([page], rid="pager")])
        return Screen(content=content, windows=windows)

    def _prefs(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]

        def flip(c: AppContext, key: str) -> None:
            c.data["prefs"][key] = not c.data["prefs"].get(key, False)

        rows = [
            w.preference(
                "Show buses for all days",
                "",
                w.bind(flip, "showallbusses"),
                widget=w.checkbox_widget(bool(prefs.get("showallbusses"))),
            ),
            w.preference(
                "Show times as am/pm",
                "",
                w.bind(flip, "ampmtimes"),
                widget=w.checkbox_widget(bool(prefs.get("ampmtimes"))),
            ),
        ]
        for key, title, _values, _default in LIST_PREFS:
            summary = "Only look for bus stops within this range." if key == "gridsizekm" else ""
            rows.append(w.preference(title, summary, w.bind(self._open_pref_dialog, key)))
        rows.append(
            w.preference(
                "Databases to Monitor",
                "Activate databases (one tab each).",
                w.bind(self._open_pref_dialog, "databases"),
            )
        )
        bar = w.toolbar(APP_NAME, rid="android:id/action_bar")
        windows: list[Window] = []
        dialog = ctx.ui.get("dialog")
        if dialog is not None:
            windows.append(self._pref_dialog(ctx, dialog))
        listing = w.list_view(rows, scroll_key="prefs_scroll")
        return Screen(content=w.linear_layout([bar, listing]), windows=windows)

    def _open_pref_dialog(self, ctx: AppContext, key: str) -> None:
        if key == "databases":
            # MultiSelectListPreference: entries = the database files found (gatherFiles)
            ctx.ui["dialog"] = {"key": key, "checked": list(ctx.data["prefs"]["databases"])}
        else:
            ctx.ui["dialog"] = {"key": key}

    def _pref_dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        key = dialog["key"]
        if key == "databases":
            files = sorted(ctx.data["db_files"])
            return w.multi_choice_dialog(
                "Databases to Monitor",
                files,
                [name in dialog["checked"] for name in files],
                lambda c, i: self._toggle_db(c, files[i]),
                ("OK", self._save_dbs),
                ("Cancel", self._close_dialog),
                self._close_dialog,
            )
        _k, title, values, default = next(p for p in LIST_PREFS if p[0] == key)
        current = ctx.data["prefs"].get(key, default)
        return w.choice_dialog(
            title,
            values,
            values.index(current) if current in values else None,
            lambda c, i: self._choose(c, key, values, i),
            self._close_dialog,
            negative=("Cancel", self._close_dialog),
        )

    def _choose(self, ctx: AppContext, key: str, values: list[str], index: int) -> None:
        ctx.data["prefs"][key] = values[index]
        ctx.ui["dialog"] = None

    def _toggle_db(self, ctx: AppContext, name: str) -> None:
        checked = ctx.ui["dialog"]["checked"]
        if name in checked:
            checked.remove(name)
        else:
            checked.append(name)

    def _save_dbs(self, ctx: AppContext) -> None:
        ctx.data["prefs"]["databases"] = sorted(ctx.ui["dialog"]["checked"])
        ctx.ui["dialog"] = None

    def _update(self, ctx: AppContext) -> Screen:
        body = w.linear_layout(
            [
                w.text_view("Copying *.db.gz in background! You may close this window."),
                w.button("", "OK", self._finish_to_main),
            ],
            weight=0,
        )
        return Screen(
            content=w.linear_layout([w.toolbar(APP_NAME, rid="android:id/action_bar"), body])
        )

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == PREFS:
            return self._prefs(ctx)
        if ctx.activity == UPDATE:
            return self._update(ctx)
        return Screen(
            content=w.child_page(APP_NAME, [w.text_view(str(ctx.extras.get("stop_name", "")))])
        )
