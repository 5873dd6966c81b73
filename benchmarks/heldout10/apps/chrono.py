"""Chrono (``com.vicolo.chrono``) 0.5.0: a Flutter alarm, clock, timer and stopwatch app.

Sources read: vicolo-dev/chrono at tag v0.5.0 (commit a1298ed, 2024-05-23, pubspec
``0.5.0+23``; the report names "0.50-beta"): ``lib/app.dart`` (the onboarding route),
``lib/onboarding/screens/onboarding_screen.dart``, ``lib/navigation/screens/nav_scaffold.dart``,
``lib/navigation/widgets/app_navigation_bar.dart`` and ``nav_bar.dart`` (the tab semantics),
``lib/navigation/data/tabs.dart``, ``lib/stopwatch/screens/stopwatch_screen.dart``,
``lib/stopwatch/types/stopwatch.dart``, ``lib/stopwatch/widgets/stopwatch_ticker.dart``,
``lap_comparer.dart``, ``lap_card.dart``, ``lib/common/widgets/fab.dart``,
``lib/common/widgets/list/custom_list_view.dart``, ``lib/timer/types/time_duration.dart``,
``lib/settings/data/stopwatch_settings_schema.dart``, ``general_settings_schema.dart``,
``appearance_settings_schema.dart``, ``lib/settings/logic/initialize_settings.dart`` and
``lib/l10n/app_en.arb``. The change that answered the report: 7f41020 "Add current lap to
stopwatch" (2024-06-15).

Flutter: one ``.MainActivity``; in a ``uiautomator`` dump texts are ``android.view.View`` nodes
labelled by their content-desc, buttons ``android.widget.Button``, no resource ids. The app's FABs
(``FAB``: a ``CardContainer`` whose ``InkWell`` holds an icon without a semantic label) are
clickable Views with no label: play/pause at the bottom right, the lap flag left of it and the
reset button at the bottom left (both only once the stopwatch was started).

First run: the onboarding page ("Important", the battery optimisation text, "View Settings",
"Skip" and "Done"); then the tabs (Alarm, the default tab; Clock; Timer; Stopwatch) under an app
bar with the tab's title and "Settings", the tab bar at the bottom ("<title>\\nTab i of 4"). The
page view does not swipe (the default "Swipe Action" is card actions).

Bug chrono#255 (non-crash): the stopwatch's lap list holds only the laps recorded with the flag
button (``_handleAddLap`` inserts ``getLap()`` on top); the lap in progress since the last flag is
in no list item. Pausing (``toggleState``) freezes the elapsed time but records no lap, so after
"stop" the list misses the last lap: its laps do not add up to the stopped time. The oracle: the
stopwatch is paused with laps, and its elapsed time is past the newest lap's elapsed time.

Time: the device has no clock, so ``DateTime.now()`` is a counter in ``ctx.data`` that each
handled tap advances by 1.37 s.

Stubbed: the Alarm, Clock and Timer tabs (their placeholder texts and add buttons, inert), the
settings pages (a title and Back), notifications. Uncertain: how Flutter merges a lap card's three
texts in the semantics tree (shown here as three labelled Views), the FABs' exact bounds, the
default Alarm tab's placeholder (no alarms on a fresh install), the clock tab's cities.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

PACKAGE = "com.vicolo.chrono"
MAIN = ".MainActivity"
TICK_MS = 1370
TABS = ("Alarm", "Clock", "Timer", "Stopwatch")
STOPWATCH = 3

# Page geometry (portrait): status bar 63, app bar 56 dp, the custom tab bar card 64 dp.
TOP = 63 + 147
NAV_BAR = 168
PAGE_BOTTOM = 1794 - NAV_BAR
FAB_BIG = 210  # 16 + 48 + 16 dp: an icon of 24 * size 2 with its padding
FAB_SMALL = 147  # size 1
PLAY_BOUNDS = [828, PAGE_BOTTOM - FAB_BIG, 1038, PAGE_BOTTOM]
LAP_BOUNDS = [607, PAGE_BOTTOM - FAB_BIG, 817, PAGE_BOTTOM]
RESET_BOUNDS = [42, PAGE_BOTTOM - FAB_SMALL, 189, PAGE_BOTTOM]


def _label(desc: str, **kw: Any) -> View:
    """A Flutter ``Text``: a View whose label is its content-desc."""
    return View(cls="android.view.View", content_desc=desc, **kw)


def _button(desc: str, handler: Any, **kw: Any) -> View:
    return View(cls="android.widget.Button", content_desc=desc, on_click=handler, **kw)


def time_string(ms: int, show_milliseconds: bool = True) -> str:
    """TimeDuration.toTimeString (v0.5.0), with its two-character millisecond field."""
    if ms == 0:
        return "0"
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)

    def two(n: int) -> str:
        return str(n).rjust(2, "0")[:2]

    hours_s = f"{hours}:" if hours > 0 else ""
    minutes_s = (f"{two(minutes)}:" if hours > 0 else f"{minutes}:") if minutes > 0 else ""
    seconds_s = two(seconds) if (hours > 0 or minutes > 0) else str(seconds)
    millis_s = f".{two(millis)}" if show_milliseconds else ""
    return f"{hours_s}{minutes_s}{seconds_s}{millis_s}"


def _elapsed(sw: dict[str, Any], now: int) -> int:
    """ClockStopwatch.elapsedMilliseconds."""
    if sw["state"] == "running":
        return int(now - sw["start"])
    return int(sw["paused_elapsed"])


def last_lap_missing(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of chrono#255: the stopwatch is stopped (paused) with laps, and the time
    since its newest lap is in no lap of the list."""
    sw = data["stopwatch"]
    if sw["state"] != "paused" or not sw["laps"]:
        return False
    return int(sw["paused_elapsed"]) > int(sw["laps"][0]["elapsed"])


def _click(desc: str = "", cls: str = "", bounds: list[int] | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {
        "resource_id": "",
        "text": "",
        "content_desc": desc,
        "class_name": cls,
    }
    if bounds is not None:
        found["bounds"] = bounds
    return {"kind": "click", "target": found}


SKIP = _click("Skip", "android.widget.Button")
STOPWATCH_TAB = _click("Stopwatch\nTab 4 of 4", "android.view.View")
PLAY_PAUSE = _click(cls="android.view.View", bounds=PLAY_BOUNDS)
LAP = _click(cls="android.view.View", bounds=LAP_BOUNDS)
RESET = _click(cls="android.view.View", bounds=RESET_BOUNDS)


class Chrono(VirtualApp):
    """Chrono 0.5.0: onboarding, the four tabs, the stopwatch with its laps."""

    name: ClassVar[str] = "chrono"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Chrono"
    version: ClassVar[str] = "0.5.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "chrono#255",
            "non-crash",
            "Stopwatch: last lap missing after pushing stop",
            last_lap_missing,
            human_steps=(SKIP, STOPWATCH_TAB, PLAY_PAUSE, LAP, LAP, PLAY_PAUSE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "clock": 1_716_000_000_000,  # DateTime.now() of the model, in ms
            "onboarded": None,  # GetStorage 'onboarded'
            # initList('stopwatches', [ClockStopwatch()])
            "stopwatch": {"state": "stopped", "start": 0, "paused_elapsed": 0, "laps": []},
        }

    # -- navigation (Flutter routes in ctx.ui) ---------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if "routes" not in ctx.ui:
            root = "onboarding" if ctx.data["onboarded"] is None else "nav"
            ctx.ui["routes"] = [root]
            ctx.ui["tab"] = 0  # "Default Tab": Alarm

    def on_back(self, ctx: AppContext) -> bool:
        return w.pop_back_stack(ctx.ui["routes"])

    def push(self, ctx: AppContext, route: str) -> None:
        ctx.ui["routes"].append(route)

    def intro_end(self, ctx: AppContext) -> None:
        ctx.data["onboarded"] = True
        ctx.ui["routes"] = ["nav"]  # pushReplacement(NavScaffold)

    def select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index

    # -- the stopwatch (StopwatchScreen) ---------------------------------------------------------
    def _now(self, ctx: AppContext) -> int:
        ctx.data["clock"] += TICK_MS
        return int(ctx.data["clock"])

    def toggle_state(self, ctx: AppContext) -> None:
        now = self._now(ctx)
        sw = ctx.data["stopwatch"]
        if sw["state"] == "running":  # pause()
            sw["paused_elapsed"] = now - sw["start"]
            sw["state"] = "paused"
        else:  # start()
            if sw["state"] == "stopped":
                sw["start"] = now
            else:
                sw["start"] = now - sw["paused_elapsed"]
            sw["state"] = "running"

    def add_lap(self, ctx: AppContext) -> None:
        now = self._now(ctx)
        sw = ctx.data["stopwatch"]
        elapsed = _elapsed(sw, now)
        previous = sw["laps"][0]["elapsed"] if sw["laps"] else 0
        current = elapsed - previous
        if current == 0:
            return
        lap = {"number": len(sw["laps"]) + 1, "lap": current, "elapsed": elapsed}
        sw["laps"].insert(0, lap)  # CustomListView inserts on top

    def reset(self, ctx: AppContext) -> None:
        self._now(ctx)
        # _handleReset: pause() then reset(), which clears the laps and the elapsed time.
        ctx.data["stopwatch"].update(state="stopped", paused_elapsed=0, laps=[])

    # -- screens --------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui["routes"][-1]
        if route == "onboarding":
            return self._onboarding()
        if route == "settings":
            return self._sub_page("Settings")
        if route == "reliability":
            return self._sub_page("Reliability")
        return self._nav(ctx)

    def _onboarding(self) -> Screen:
        body = View(
            cls="android.view.View",
            children=[
                View(cls="android.view.View"),
                _label("Important", height=80),
                _label(
                    "Some devices have battery optimizations that prevent background app from "
                    "functioning properly. This might cause alarms and timers to not go off "
                    "reliably. Please click the button below and follow the guide to disable "
                    "these optimizations for your device. You can also do so later by going to "
                    "Settings > General > Reliability",
                    height=400,
                ),
                _button("View Settings", lambda c: self.push(c, "reliability"), height=126),
            ],
        )
        controls = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=147,
            children=[
                _button("Skip", self.intro_end, width=220),
                View(cls="android.view.View"),
                _button("Done", self.intro_end, width=220),
            ],
        )
        return Screen(content=View(cls="android.view.View", children=[body, controls]))

    def _sub_page(self, title: str) -> Screen:
        bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=147,
            children=[
                _button("Back", lambda c: w.pop_back_stack(c.ui["routes"]), width=147),
                _label(title),
            ],
        )
        return Screen(
            content=View(cls="android.view.View", children=[bar, View(cls="android.view.View")])
        )

    def _nav(self, ctx: AppContext) -> Screen:
        tab = ctx.ui["tab"]
        top_bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=147,
            children=[
                _label(TABS[tab]),
                _button("Settings", lambda c: self.push(c, "settings"), width=147),
            ],
        )
        if tab == STOPWATCH:
            page = self._stopwatch(ctx)
        else:
            placeholder = {0: "No alarms created", 1: "", 2: "No timers created"}[tab]
            page = View(
                cls="android.view.View",
                layout=FRAME,
                children=[
                    _label(placeholder, gravity="center", width=800, height=150)
                    if placeholder
                    else View(cls="android.view.View"),
                    View(
                        cls="android.view.View",
                        on_click=lambda c: None,
                        width=FAB_SMALL,
                        height=FAB_SMALL,
                        gravity="bottom_end",
                    ),
                ],
            )
        nav_bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=NAV_BAR,
            children=[
                View(
                    cls="android.view.View",
                    content_desc=f"{title}\nTab {i + 1} of {len(TABS)}",
                    selected=i == tab,
                    on_click=w.bind(self.select_tab, i),
                )
                for i, title in enumerate(TABS)
            ],
        )
        return Screen(
            content=View(
                cls="android.view.View",
                children=[top_bar, View(cls="android.view.View", children=[page]), nav_bar],
            )
        )

    def _stopwatch(self, ctx: AppContext) -> View:
        sw = ctx.data["stopwatch"]
        now = int(ctx.data["clock"])
        elapsed = _elapsed(sw, now)
        laps = sw["laps"]

        def comparer(label: str, lap: dict[str, Any] | None, number: bool = True) -> View:
            value = ""
            if lap is not None:
                prefix = f"Lap {lap['number']}: " if number else ""
                value = f"{prefix}{time_string(int(lap['lap']))}"
            cells = [_label(label)]
            if value:
                cells.append(_label(value))
            return View(cls="android.view.View", layout=HORIZONTAL, height=42, children=cells)

        # updateFastestAndSlowestLap: Dart's reduce keeps the later lap on a tie.
        fastest: dict[str, Any] | None = None
        slowest: dict[str, Any] | None = None
        if laps:
            fastest = slowest = laps[0]
            for lap in laps[1:]:
                fastest = fastest if fastest["lap"] < lap["lap"] else lap
                slowest = slowest if slowest["lap"] > lap["lap"] else lap
        average = None
        if laps:
            mean = sum(lap["lap"] for lap in laps) // len(laps)
            average = {"number": len(laps) + 1, "lap": mean}
        ticker = View(
            cls="android.view.View",
            weight=0,
            children=[
                _label(time_string(elapsed), height=168),
                comparer("Previous", laps[0] if laps else None),
                comparer("Fastest", fastest),
                comparer("Slowest", slowest),
                comparer("Average", average, number=False),
            ],
        )
        if laps:
            rows = [
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=220,
                    children=[
                        _label(str(lap["number"]), width=120),
                        View(
                            cls="android.view.View",
                            children=[
                                _label(time_string(int(lap["lap"]))),
                                _label(f"Elapsed Time: {time_string(int(lap['elapsed']))}"),
                            ],
                        ),
                    ],
                )
                for lap in laps
            ]
            lap_list = View(cls="android.view.View", scrollable=len(rows) > 4, children=rows)
        else:
            lap_list = View(
                cls="android.view.View",
                layout=FRAME,
                children=[_label("No laps yet", gravity="center", width=600, height=150)],
            )
        started = sw["state"] in ("running", "paused")

        def fab(handler: Any, size: int) -> View:
            return View(cls="android.view.View", on_click=handler, width=size, height=size)

        def gap(width: int) -> View:
            return View(cls="android.view.View", width=width)

        fabs = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=FAB_BIG,
            gravity="bottom",
            children=[
                gap(42),
                fab(self.reset, FAB_SMALL) if started else gap(FAB_SMALL),
                View(cls="android.view.View"),
                fab(self.add_lap, FAB_BIG) if started else gap(FAB_BIG),
                gap(11),
                fab(self.toggle_state, FAB_BIG),
                gap(42),
            ],
        )
        column = View(cls="android.view.View", children=[ticker, lap_list])
        return View(
            cls="android.view.View",
            layout=FRAME,
            height=PAGE_BOTTOM - TOP,
            children=[column, fabs],
        )


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "chrono#255": [
        # Laps while running, never stopped.
        [SKIP, STOPWATCH_TAB, PLAY_PAUSE, LAP, LAP],
        # Stopped without any lap.
        [SKIP, STOPWATCH_TAB, PLAY_PAUSE, PLAY_PAUSE],
        # Stopped, then reset: no laps left.
        [SKIP, STOPWATCH_TAB, PLAY_PAUSE, LAP, LAP, PLAY_PAUSE, RESET],
        # Stopped, then started again.
        [SKIP, STOPWATCH_TAB, PLAY_PAUSE, LAP, PLAY_PAUSE, PLAY_PAUSE],
    ],
}
