"""NYU Bus Tracker (``com.nyubustracker``) 1.7 (versionCode 18), for
NYU-BusTracker-Android#75 ("Crash selecting end stop").

Modelled from the sources at commit ``440c283`` (2015-05-21, the last commit before the report
of 2015-10-01; the issue is open, there is no fix), under ``NYUBusTracker/src/main``:
``java/com/nyubustracker/activities/MainActivity.java``, ``helpers/BusManager.java``,
``models/Stop.java``, ``models/Route.java``, ``models/Time.java``,
``adapters/StopAdapter.java``, ``helpers/VersionDownloaderHelper.java``,
``res/layout/activity_main.xml``, ``stop_list_item.xml``, ``information_layout.xml``,
``res/values/strings.xml``, ``AndroidManifest.xml`` (targetSdk 22: the location permissions are
granted at install, no runtime dialog).

One screen, ``MainActivity`` (no action bar): "Start:" over the start stop (``start_group`` →
``start_stop``, "Click to set start stop"), "End:" over the end stop (``end_group`` →
``end_stop``), the Google map (``map``), the sliding drawer's handle (``next_bus``,
``next_time``, ``next_route``) and the info button (a 40dp Button with no id or text, which
opens the information dialog). The first run downloads stops, routes, segments and versions
behind "Downloading Data" / "Please Wait..." and marks "715 Broadway" a favorite; it sets no
start or end stop (only a later launch restores them from the preferences, "715 Broadway" and
"3rd Ave & 14th St" by default). Tapping Start opens an AlertDialog whose ListView lists every
stop not hidden (favorites first, then names by their leading number); each row is a favorite
CheckBox (``stop_checkbox``) and the name (``stop_text``), which sets the start. Tapping End
(once a start is set) lists the stops connected to the start (``BusManager.getConnectedStops``;
the ListView ``end_stop_list``), or toasts "We're sorry. No stops currently available.".
``setStartStop``/``setEndStop`` are modelled as written (the swap when the new start is the
end, the end cleared when not connected, "Click to set end stop", "Bus currently offline.").

The bug (crash), inferred from the sources (the report has no stack trace): a stop combined
with another ("combine" in the version file) is the parent of a hidden child, and
``Stop.getRoutes()`` returns the parent's routes plus the child's. ``getConnectedStops`` calls
``stop.getTimesOfRoute(route.getLongName())`` for each of them, and ``getTimesOfRoute``
(Stop.java lines 277-283) does ``result = times.get(route)`` then
``result.addAll(childStop.getTimesOfRoute(route))`` for each child: when parent and child do
not serve the same routes, one side's map has no entry and ``addAll`` meets a null (here the
child has no times for the parent's first route, so ``ArrayList.addAll(null)`` throws).
``createEndDialog`` is an ``android:onClick`` method, so the framework wraps the
NullPointerException in ``IllegalStateException: Could not execute method for
android:onClick``. Selecting such a stop as the start and then tapping End crashes.

Network content replaced by fixed data (the 2015 server is gone): routes A and E; stops
"715 Broadway" (A, E), "3rd Ave & 14th St" (A; combined with the hidden "3rd Ave @ 14th St
(W)", which serves E), "80 Lafayette St" (A), "Union Square" (E), "Washington Sq Village"
(E); every stop has times for its own routes. The clock is a weekday at 10:00 and the next bus
between any connected pair is at 10:05 ("5 minutes", "via Route A"/"via Route E").

Stubbed: the map (an empty fragment), the times list in the drawer (not drawn), the bus
positions, Safe Ride, the links of the information dialog (they open a browser: nothing
happens). Uncertain: that the reporter's "3rd Ave at 14th" stop was such a combined stop in the
server's data then, and the framework's line numbers (written for Android 11).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.system_log import CLICK_FRAMES
from device_agent.virtual.views import Screen, View

PACKAGE = "com.nyubustracker"
MAIN = "com.nyubustracker.activities.MainActivity"

DEFAULT_START = "Click to set start stop"
DEFAULT_END = "Click to set end stop"
NO_STOPS = "We're sorry. No stops currently available."
OFFLINE = "Bus currently offline."

# Fixed data: route id -> long name; stops: id -> name, routes, hidden, parent.
ROUTES = {"A": "Route A", "E": "Route E"}
STOPS: dict[str, dict[str, Any]] = {
    "s715": {"name": "715 Broadway", "routes": ["A", "E"], "parent": None},
    "s3rd": {"name": "3rd Ave & 14th St", "routes": ["A"], "parent": None},
    "s3rdw": {"name": "3rd Ave @ 14th St (W)", "routes": ["E"], "parent": "s3rd"},
    "s80laf": {"name": "80 Lafayette St", "routes": ["A"], "parent": None},
    "sunion": {"name": "Union Square", "routes": ["E"], "parent": None},
    "swsv": {"name": "Washington Sq Village", "routes": ["E"], "parent": None},
}
ORDER = ["s715", "s3rd", "s3rdw", "s80laf", "sunion", "swsv"]  # the server's order
# Times: each stop has times only for its own routes.
TIMES = {sid: set(stop["routes"]) for sid, stop in STOPS.items()}


def children(sid: str) -> list[str]:
    return [c for c in ORDER if STOPS[c]["parent"] == sid]


def ultimate(sid: str) -> str:
    while STOPS[sid]["parent"] is not None:
        sid = STOPS[sid]["parent"]
    return sid


def hidden(sid: str) -> bool:
    return STOPS[sid]["parent"] is not None


def routes_of(sid: str) -> list[str]:
    """``Stop.getRoutes()``: its own routes, then its children's (and its siblings')."""
    result = list(STOPS[sid]["routes"])
    family = children(sid)
    parent = STOPS[sid]["parent"]
    if parent is not None:
        family += [c for c in children(parent) if c != sid]
    for other in family:
        for r in routes_of(other):
            if r not in result:
                result.append(r)
    return result


def connected(a: str | None, b: str | None) -> bool:
    """``Stop.isConnectedTo``: a route in common (of both ultimate parents)."""
    if a is None or b is None:
        return False
    ends = routes_of(ultimate(b))
    return any(r in ends for r in routes_of(ultimate(a)))


class NyuBusTracker(VirtualApp):
    """NYU Bus Tracker 1.7: the main screen and its stop dialogs."""

    name: ClassVar[str] = "NYU-BusTracker-Android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "NYU Bus Tracker"
    version: ClassVar[str] = "1.7"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "NYU-BusTracker-Android#75",
            "crash",
            "Crash selecting end stop",
            crash_oracle(PACKAGE, "java.lang.IllegalStateException", "Could not execute method"),
            human_steps=(
                click(PACKAGE, "start_group"),
                click(PACKAGE, "stop_text", "3rd Ave & 14th St"),
                click(PACKAGE, "end_group"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_time": True,
            "favorites": {},
            "start_pref": None,
            "end_pref": None,
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.update(start=None, end=None, start_text=DEFAULT_START, end_text="", dialog=None)
        ui.update(next_bus="", next_time="", next_route="")
        if ctx.data["first_time"]:
            # downloadEverything(); pieceDownloadsTogether() when the four downloads are done.
            ctx.data["first_time"] = False
            ctx.data["favorites"]["s715"] = True
        else:
            start = self.by_name(ctx.data["start_pref"] or "715 Broadway")
            end = self.by_name(ctx.data["end_pref"] or "3rd Ave & 14th St")
            self.set_start(ctx, start)
            if ui["end"] is None:
                self.set_end(ctx, end)

    @staticmethod
    def by_name(name: str) -> str | None:
        return next((sid for sid in ORDER if STOPS[sid]["name"] == name), None)

    def cache(self, ctx: AppContext) -> None:
        """``cacheStartAndEndStops`` (onPause): the names in the preferences."""
        if ctx.ui["end"] is not None:
            ctx.data["end_pref"] = STOPS[ctx.ui["end"]]["name"]
        if ctx.ui["start"] is not None:
            ctx.data["start_pref"] = STOPS[ctx.ui["start"]]["name"]

    # -- MainActivity.setStartStop / setEndStop / setNextBusTime -------------------------------
    def set_end(self, ctx: AppContext, stop: str | None) -> None:
        ui = ctx.ui
        if stop is None or ui["start"] is None or not connected(ui["start"], stop):
            ui["end_text"] = DEFAULT_END
            ui["end"] = None
            ui.update(next_time=OFFLINE, next_bus="", next_route="")
        else:
            ui["end_text"] = STOPS[ultimate(stop)]["name"]
            ui["end"] = stop
        self.set_next_bus_time(ctx)

    def set_start(self, ctx: AppContext, stop: str | None) -> None:
        ui = ctx.ui
        if stop is None:
            ui["start"] = None
            ui["start_text"] = DEFAULT_START
            self.set_end(ctx, None)
            ctx.toast(NO_STOPS)
            return
        stop = ultimate(stop)
        end = ui["end"]
        if end is not None and STOPS[ultimate(end)]["name"] == STOPS[stop]["name"]:
            old = ui["start"]
            ui["start"] = ultimate(end)
            ui["start_text"] = STOPS[ui["start"]]["name"]
            self.set_end(ctx, old)
        else:
            ui["start"] = stop
            ui["start_text"] = STOPS[stop]["name"]
            if not connected(stop, end):
                self.set_end(ctx, None)
        self.set_next_bus_time(ctx)

    def set_next_bus_time(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ui["start"] is None or ui["end"] is None:
            return
        ends = routes_of(ultimate(ui["end"]))
        common = [r for r in STOPS[ui["start"]]["routes"] if r in ends]
        route = ROUTES[common[0]] if common else "Unknown"
        ui.update(next_bus="Next Bus In:", next_time="5 minutes", next_route="via " + route)
        self.cache(ctx)

    # -- BusManager.getConnectedStops ----------------------------------------------------------
    def times_of_route(self, sid: str, route_id: str) -> list[str] | None:
        """``Stop.getTimesOfRoute``: ``times.get(route)``, then ``addAll`` of each child's."""
        result: list[str] | None = [route_id] if route_id in TIMES[sid] else None
        for child in children(sid):
            child_times = self.times_of_route(child, route_id)
            if result is None:
                self.npe(
                    "Attempt to invoke interface method 'boolean java.util.List.addAll("
                    "java.util.Collection)' on a null object reference",
                    [],
                )
            if child_times is None:
                self.npe(
                    "Attempt to invoke interface method 'java.lang.Object[] "
                    "java.util.Collection.toArray()' on a null object reference",
                    ["java.util.ArrayList.addAll(ArrayList.java:670)"],
                )
            assert result is not None and child_times is not None
            result.extend(child_times)
        return result

    @staticmethod
    def npe(message: str, top: list[str]) -> None:
        npe = JavaException(
            "java.lang.NullPointerException",
            message,
            [
                *top,
                "com.nyubustracker.models.Stop.getTimesOfRoute(Stop.java:280)",
                "com.nyubustracker.helpers.BusManager.getConnectedStops(BusManager.java:326)",
                "com.nyubustracker.activities.MainActivity.createEndDialog(MainActivity.java:736)",
                "java.lang.reflect.Method.invoke(Native Method)",
                "android.view.View$DeclaredOnClickListener.onClick(View.java:6089)",
            ],
        )
        cause = JavaException(
            "java.lang.reflect.InvocationTargetException",
            "",
            [
                "java.lang.reflect.Method.invoke(Native Method)",
                "android.view.View$DeclaredOnClickListener.onClick(View.java:6089)",
            ],
            cause=npe,
        )
        raise JavaException(
            "java.lang.IllegalStateException",
            "Could not execute method for android:onClick",
            [
                "android.view.View$DeclaredOnClickListener.onClick(View.java:6094)",
                *CLICK_FRAMES,
            ],
            cause=cause,
        )

    def connected_stops(self, start: str) -> list[str]:
        stop = ultimate(start)
        found: list[str] = []
        for route_id in routes_of(stop):
            if self.times_of_route(stop, route_id) is not None:
                for other in ORDER:
                    if route_id not in STOPS[other]["routes"]:
                        continue
                    related = ultimate(other) == ultimate(stop)
                    if (
                        STOPS[ultimate(other)]["name"] != STOPS[stop]["name"]
                        and (not hidden(other) or not related)
                        and ultimate(other) not in found
                    ):
                        found.append(ultimate(other))
        return [s for s in found if s != stop]

    def sorted_stops(self, ctx: AppContext, stops: list[str]) -> list[str]:
        """``Stop.compareTo``: favorites first, then by leading number (a stable sort)."""

        def number(sid: str) -> int:
            name = STOPS[sid]["name"]
            digits = ""
            for ch in name:
                if not ch.isdigit():
                    break
                digits += ch
            return int(digits) if digits else 1 << 30

        favs = ctx.data["favorites"]
        return sorted(stops, key=lambda s: (not favs.get(s, False), number(s)))

    # -- handlers ------------------------------------------------------------------------------
    def open_start(self, ctx: AppContext) -> None:
        stops = self.sorted_stops(ctx, [s for s in ORDER if not hidden(s)])
        if stops:
            ctx.ui["dialog"] = {"kind": "start", "stops": stops}
        else:
            ctx.toast(NO_STOPS)

    def open_end(self, ctx: AppContext) -> None:
        start = ctx.ui["start"]
        if start is None:
            return
        stops = self.sorted_stops(ctx, self.connected_stops(start))
        if stops:
            ctx.ui["dialog"] = {"kind": "end", "stops": stops}
        else:
            ctx.toast(NO_STOPS)

    def pick(self, ctx: AppContext, sid: str) -> None:
        kind = ctx.ui["dialog"]["kind"]
        ctx.ui["dialog"] = None
        if kind == "start":
            self.set_start(ctx, sid)
        else:
            self.set_end(ctx, sid)

    def favorite(self, ctx: AppContext, sid: str) -> None:
        favs = ctx.data["favorites"]
        favs[sid] = not favs.get(sid, False)

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "dialog", None)

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        content = w.relative_layout(
            [
                w.linear_layout(
                    [w.text_view("Start:", "start"), w.text_view(ui["start_text"], "start_stop")],
                    rid="start_group",
                    on_click=self.open_start,
                ),
                w.linear_layout(
                    [w.text_view("End:", "end"), w.text_view(ui["end_text"], "end_stop")],
                    rid="end_group",
                    on_click=self.open_end,
                ),
                w.linear_layout(
                    [
                        w.text_view("Random Text", "filler_space_next_bus"),
                        w.text_view("Random Text", "filler_space_next_time"),
                        w.text_view("Random Text", "filler_space_next_route"),
                    ],
                    rid="filler_space",
                ),
                w.frame_layout([], rid="map", height=900),
                View(
                    cls="android.widget.SlidingDrawer",
                    resource_id="sliding_drawer",
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(ui["next_bus"], "next_bus"),
                                View(
                                    cls="android.widget.TextSwitcher",
                                    resource_id="next_time",
                                    children=[w.text_view(ui["next_time"])],
                                ),
                                w.text_view(ui["next_route"], "next_route"),
                            ],
                            rid="handle_c",
                        )
                    ],
                ),
                w.button("", "", lambda c: c.ui.update(dialog={"kind": "info"})),
            ]
        )
        screen = Screen(content=content, title="NYU Bus Tracker")
        dialog = ui.get("dialog")
        if dialog and dialog["kind"] == "info":
            body = [
                w.text_view("NYU Bus Tracker\nInformation"),
                w.button("", "www.nyubustracker.com", None),
                w.text_view("Programmed by:"),
                w.text_view("Tyler Palsulich"),
                w.text_view("This app is open source!"),
                w.button("", "Tap to view on GitHub", None),
                w.text_view("Special thanks to Mike Jaoudi"),
            ]
            screen.windows.append(
                w.alert_dialog(w.linear_layout(body), [], [], lambda c: c.ui.update(dialog=None))
            )
        elif dialog:
            favs = ctx.data["favorites"]
            rows = [
                w.relative_layout(
                    [
                        w.check_box(
                            "stop_checkbox",
                            "",
                            favs.get(sid, False),
                            w.bind(self.favorite, sid),
                        ),
                        w.text_view(
                            STOPS[sid]["name"], "stop_text", on_click=w.bind(self.pick, sid)
                        ),
                    ],
                    height=150,
                )
                for sid in dialog["stops"]
            ]
            rid = "start_stop" if dialog["kind"] == "start" else "end_stop_list"
            screen.windows.append(
                w.alert_dialog(
                    w.list_view(rows, rid=rid), [], [], lambda c: c.ui.update(dialog=None)
                )
            )
        return screen


START = click(PACKAGE, "start_group")
END = click(PACKAGE, "end_group")

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "NYU-BusTracker-Android#75": [
        # Another start stop, then End: the connected stops are listed.
        [START, click(PACKAGE, "stop_text", "715 Broadway"), END],
        [START, click(PACKAGE, "stop_text", "80 Lafayette St"), END],
        # The start set, End never tapped.
        [START, click(PACKAGE, "stop_text", "3rd Ave & 14th St")],
        # End tapped before any start (nothing happens), then the start set.
        [END, START, click(PACKAGE, "stop_text", "3rd Ave & 14th St")],
        # The stop chosen as an end from 715 Broadway instead.
        [
            START,
            click(PACKAGE, "stop_text", "715 Broadway"),
            END,
            click(PACKAGE, "stop_text", "3rd Ave & 14th St"),
        ],
    ],
}
