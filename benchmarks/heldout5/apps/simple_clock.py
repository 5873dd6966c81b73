"""Simple Clock (``com.simplemobiletools.clock``, SimpleMobileTools/Simple-Clock), a clock,
alarm, stopwatch and timer app, version 5.2.1 (versionCode 26), the release current when the
report was filed (2020-04-25; the next, 5.2.2, came on 2020-05-28).

Sources read at tag 5.2.1 (commit 64989d2c, 2020-03-20): ``activities/MainActivity.kt``,
``fragments/StopwatchFragment.kt``, ``adapters/StopwatchAdapter.kt``, ``extensions/Long.kt``
(``formatStopwatchTime``), ``helpers/Config.kt``, ``AndroidManifest.xml``, the layouts
``activity_main``, ``fragment_stopwatch``, ``item_lap``, ``fragment_clock``, ``fragment_alarm``,
``fragment_timer``, ``menu/menu.xml`` and ``values/strings.xml``. The issue is still open; no
fix commit exists.

Bug ``Simple-Clock#195`` (non-crash). Pausing the stopwatch (``togglePlayPause`` ->
``updateStopwatchState``) writes the real elapsed time with three sub-second digits
(``formatStopwatchTime(true)``) and leaves ``stopwatch_reset`` visible from the start. A
rotation re-creates the activity and its fragments: ``onViewStateRestored`` restores the
counters, but only when ``isRunning`` does it call ``updateStopwatchState`` (which shows the
reset and lap buttons); a paused stopwatch keeps the layout's ``visibility="gone"`` reset
button, and ``onResume`` -> ``updateDisplayedText`` redraws the time from ``totalTicks`` with
one sub-second digit (``formatStopwatchTime(false)``). The reset button stays gone until the
stopwatch is started again.

Screens: the main activity (the action bar titled "Clock" with the overflow menu Settings /
About; the ``main_tabs_holder`` TabLayout of four icon-only tabs ``tab_clock``,
``tab_alarm``, ``tab_stopwatch``, ``tab_timer`` (TabViews with no text or description) over the
``view_pager``, also switched by swiping it); the stopwatch tab (``stopwatch_time``,
``stopwatch_list`` of ``lap_order`` / ``lap_lap_time`` / ``lap_total_time`` rows, the
``stopwatch_play_pause``, ``stopwatch_reset`` and ``stopwatch_lap`` buttons, the sorting
indicators once laps exist). The last used tab is kept (``config.lastUsedViewPagerPage``,
saved in ``onStop``), so a rotation returns to the stopwatch tab.

Stubbed: the clock tab (``clock_time``, ``clock_date``, ``time_zones_list``, ``clock_fab``
without its time-zone dialog), the alarm tab (``alarms_list``, ``alarm_fab`` without the
alarm dialog), the timer tab (``timer_time``, ``timer_play_pause`` doing nothing), Settings and
About (screens with an up arrow), lap sorting (the lap rows' clicks do nothing). Fixed data:
the device has no clock the model could read, so every app click while the stopwatch runs
counts as 1,234 ms elapsed (the 10 ms ticks are derived from that); the clock tab shows a fixed
12:00. Uncertain: the TabLayout's exact tab widths (laid out as four equal tabs).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.simplemobiletools.clock"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
ABOUT = "com.simplemobiletools.commons.activities.AboutActivity"
TABS = ("tab_clock", "tab_alarm", "tab_stopwatch", "tab_timer")
TAB_STOPWATCH = 2
TICK_MS = 1234  # the model's stand-in for the time that passes between two clicks
UPDATE_INTERVAL = 10


def format_stopwatch_time(ms: int, longer: bool) -> str:
    """``Long.formatStopwatchTime``: 3 sub-second digits with ``longer``, else tenths."""
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, frac = divmod(rest, 1000)
    part = f"{frac:03d}" if longer else f"{frac // 100:01d}"
    if hours > 0:
        return f"{hours:02d}:{minutes:02d}:{seconds:02d}.{part}"
    if minutes > 0:
        return f"{minutes:02d}:{seconds:02d}.{part}"
    return f"{seconds}.{part}"


def reset_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Simple-Clock#195: a paused stopwatch with time on it shows no reset button."""
    shown = data.get("stopwatch_view", {})
    return bool(shown) and not shown["running"] and shown["ticks"] > 0 and not shown["reset"]


def _tab(index: int) -> dict[str, Any]:
    left = 270 * index
    return click(PACKAGE, cls="android.widget.LinearLayout", bounds=[left, 210, left + 270, 336])


def _stopped() -> dict[str, Any]:
    """A stopped stopwatch at zero, with no laps."""
    return {
        "running": False,
        "total_ticks": 0,
        "current_ticks": 0,
        "lap_ticks": 0,
        "current_lap": 1,
        "laps": [],
    }


STOPWATCH_TAB = _tab(TAB_STOPWATCH)
PLAY_PAUSE = click(PACKAGE, "stopwatch_play_pause", cls="android.widget.ImageView")
RESET = click(PACKAGE, "stopwatch_reset", cls="android.widget.ImageView")
LAP = click(PACKAGE, "stopwatch_lap", "Lap", cls="android.widget.TextView")
LANDSCAPE = {"kind": "rotate", "orientation": "landscape"}

BUG_195 = BugSpec(
    "Simple-Clock#195",
    "non-crash",
    "Stopwatch reset button disappears on orientation change if stopped",
    reset_lost,
    human_steps=(STOPWATCH_TAB, PLAY_PAUSE, PLAY_PAUSE, LANDSCAPE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Simple-Clock#195": [
        [STOPWATCH_TAB, PLAY_PAUSE, LANDSCAPE],
        [STOPWATCH_TAB, PLAY_PAUSE, PLAY_PAUSE],
        [STOPWATCH_TAB, PLAY_PAUSE, PLAY_PAUSE, RESET, LANDSCAPE],
        [STOPWATCH_TAB, LANDSCAPE, PLAY_PAUSE, PLAY_PAUSE],
        [STOPWATCH_TAB, PLAY_PAUSE, LAP, LANDSCAPE],
    ],
}

# The StopwatchFragment's saved fields (onSaveInstanceState); the views' states are not saved.
SAVED = ("tab", "running", "total_ticks", "current_ticks", "lap_ticks", "current_lap", "laps")
# (A running stopwatch restarts its uptime anchor from currentTicks on restore.)


class SimpleClock(VirtualApp):
    """Simple Clock 5.2.1: a paused stopwatch loses its reset button on rotation."""

    name: ClassVar[str] = "Simple-Clock"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Clock"
    version: ClassVar[str] = "5.2.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_195,)

    def initial_data(self) -> dict[str, Any]:
        return {"last_used_page": 0, "stopwatch_view": {}}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        restored = "running" in ctx.ui
        if not restored:
            ctx.ui.update(tab=ctx.data["last_used_page"], **_stopped())
        ctx.ui.update(menu=False, reset=False, lap=False, paused_text="", session_ms=0)
        if restored and ctx.ui["running"]:
            # onViewStateRestored: updateStopwatchState(false) shows the buttons again.
            ctx.ui.update(
                reset=True, lap=True, session_ms=ctx.ui["current_ticks"] * UPDATE_INTERVAL
            )
        self.publish(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        ctx.data["last_used_page"] = ctx.ui.get("tab", 0)  # MainActivity.onStop
        return {k: ctx.ui[k] for k in SAVED if k in ctx.ui}

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "menu")

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN:
            return False
        moved = w.pager_swipe(ctx.ui, "tab", len(TABS), direction)
        ctx.data["last_used_page"] = ctx.ui["tab"]
        return moved

    # -- stopwatch logic (StopwatchFragment) ----------------------------------------------
    def publish(self, ctx: AppContext) -> None:
        """What the stopwatch tab shows, kept for the oracle."""
        ctx.data["stopwatch_view"] = {
            "running": ctx.ui["running"],
            "ticks": ctx.ui["total_ticks"],
            "reset": ctx.ui["reset"],
        }

    def elapse(self, ctx: AppContext) -> None:
        """The runnable's 10 ms ticks for the time since the last click."""
        if ctx.ui["running"]:
            ctx.ui["session_ms"] += TICK_MS
            ticks = TICK_MS // UPDATE_INTERVAL
            for key in ("total_ticks", "current_ticks", "lap_ticks"):
                ctx.ui[key] += ticks

    def toggle_play_pause(self, ctx: AppContext) -> None:
        self.elapse(ctx)
        ui = ctx.ui
        ui["running"] = not ui["running"]
        ui["lap"] = ui["running"]
        if ui["running"]:
            ui.update(reset=True, paused_text="", session_ms=0)
        else:
            # The real elapsed time, three digits; then currentTicks = 0 and totalTicks--.
            previous = (ui["total_ticks"] - ui["current_ticks"]) * UPDATE_INTERVAL
            ui["paused_text"] = format_stopwatch_time(ui["session_ms"] + previous, True)
            ui["current_ticks"] = 0
            ui["total_ticks"] -= 1
        self.publish(ctx)

    def reset(self, ctx: AppContext) -> None:
        ctx.ui.update(
            **_stopped(),
            reset=False,
            lap=False,
            paused_text="",
        )
        self.publish(ctx)

    def add_lap(self, ctx: AppContext) -> None:
        self.elapse(ctx)
        ui = ctx.ui
        lap_ms, total_ms = ui["lap_ticks"] * UPDATE_INTERVAL, ui["total_ticks"] * UPDATE_INTERVAL
        if not ui["laps"]:
            ui["laps"].insert(0, [ui["current_lap"], lap_ms, total_ms])
            ui["current_lap"] += 1
            ui["lap_ticks"] = 0
        else:
            ui["laps"][0][1:] = [lap_ms, total_ms]
        ui["laps"].insert(0, [ui["current_lap"], ui["lap_ticks"] * 10, total_ms])
        ui["current_lap"] += 1
        ui["lap_ticks"] = 0
        self.publish(ctx)

    def select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index
        ctx.data["last_used_page"] = index

    def set_ui(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    # -- screens --------------------------------------------------------------------------
    def stopwatch(self, ctx: AppContext) -> View:
        ui = ctx.ui
        text = ui["paused_text"] or format_stopwatch_time(
            ui["total_ticks"] * UPDATE_INTERVAL // 100 * 100, False
        )
        rows = [
            w.linear_layout(
                [
                    w.text_view(str(n), "lap_order"),
                    w.text_view(format_stopwatch_time(lap, False), "lap_lap_time"),
                    w.text_view(format_stopwatch_time(total, False), "lap_total_time"),
                ],
                rid="lap_holder",
                horizontal=True,
                height=120,
            )
            for n, lap, total in ui["laps"]
        ]
        buttons: list[View] = []
        if ui["reset"]:
            buttons.append(w.image_view("stopwatch_reset", handler=self.reset, width=200))
        buttons.append(w.image_view("stopwatch_play_pause", handler=self.toggle_play_pause))
        if ui["lap"]:
            buttons.append(w.text_view("Lap", "stopwatch_lap", on_click=self.add_lap, width=250))
        children = [w.text_view(text, "stopwatch_time", on_click=self.toggle_play_pause)]
        if ui["laps"]:
            children.append(
                w.linear_layout(
                    [w.image_view(f"stopwatch_sorting_indicator_{i}") for i in (1, 2, 3)],
                    rid="stopwatch_sorting_indicators_holder",
                    horizontal=True,
                    height=60,
                )
            )
        children += [
            w.list_view(
                rows, rid="stopwatch_list", cls="androidx.recyclerview.widget.RecyclerView"
            ),
            w.linear_layout(buttons, horizontal=True, height=250),
        ]
        return View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            resource_id="stopwatch_fragment",
            children=children,
        )

    def page(self, ctx: AppContext) -> View:
        tab = ctx.ui["tab"]
        if tab == TAB_STOPWATCH:
            return self.stopwatch(ctx)
        if tab == 0:
            holder = w.relative_layout(
                [
                    w.text_view("12:00", "clock_time", height=300),
                    w.text_view("Monday, 25 April", "clock_date", height=120),
                    w.list_view(
                        [], rid="time_zones_list", cls="androidx.recyclerview.widget.RecyclerView"
                    ),
                ],
                rid="clock_holder",
            )
            return w.frame_layout(
                [holder, w.fab("clock_fab", "", None)], rid="clock_fragment", layout=FRAME
            )
        if tab == 1:
            holder = w.relative_layout(
                [
                    w.list_view(
                        [], rid="alarms_list", cls="androidx.recyclerview.widget.RecyclerView"
                    )
                ],
                rid="alarm_holder",
            )
            return w.frame_layout(
                [holder, w.fab("alarm_fab", "", None)], rid="alarm_fragment", layout=FRAME
            )
        return w.linear_layout(
            [
                w.text_view("5:00", "timer_time", height=300),
                w.image_view("timer_play_pause", height=250),
            ],
            rid="timer_fragment",
        )

    def main(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "Clock",
            actions=[w.overflow_button(w.bind(self.set_ui, menu=True))],
            rid="action_bar",
        )
        tabs = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="main_tabs_holder",
            layout=HORIZONTAL,
            height=126,
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    selected=ctx.ui["tab"] == i,
                    on_click=w.bind(self.select_tab, i),
                    children=[w.image_view()],
                )
                for i in range(len(TABS))
            ],
        )
        pager = View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="view_pager",
            children=[self.page(ctx)],
        )
        windows: list[Window] = []
        if ctx.ui["menu"]:
            close = w.bind(self.set_ui, menu=False)
            windows.append(
                w.menu_window(
                    [
                        ("Settings", lambda c: self.open(c, SETTINGS)),
                        ("About", lambda c: self.open(c, ABOUT)),
                    ],
                    close,
                )
            )
        content = w.relative_layout([bar, tabs, pager], rid="main_holder")
        return Screen(content=content, windows=windows)

    def open(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(activity)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self.main(ctx)
        title = "Settings" if ctx.activity == SETTINGS else "About"
        bar = w.toolbar(title, navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar, w.scroll_view([])]))
