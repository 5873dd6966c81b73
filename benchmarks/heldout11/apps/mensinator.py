"""Mensinator 1.8.6 (com.mensinator.app), a Jetpack Compose period tracker.

Sources read: github.com/EmmaTellblom/Mensinator at commit f0da9fc (2024-09-10, "Increased
version for testing purpose", versionName 1.8.6), the build between the report (2024-09-08,
1.8.5) and the fix 2b8892a (2024-09-11, "fixed issue with crashing", 1.8.7), which the
maintainer's "I think I might have solved this one" of the same day points at. Files:
CalendarScreen.kt, Calculations.kt, StatisticsDialog.kt, PeriodDatabaseHelper.kt,
navigation/bottomBar.kt, res/values/strings.xml.

Bug Mensinator#112 (crash): ``CalendarScreen.updateCalculations`` predicts the next ovulation
when there are at least two ovulations and two periods and the newest ovulation is before the
shown previous period start; it then calls ``Calculations.averageFollicalGrowthInDays()``,
which returns the text "Not enough data" when none of the latest 5 ovulations has a period
starting on or before it, and parses that with ``String.toLong()``: a
``NumberFormatException`` (For input string: "Not enough data"). The calculation runs after
the Period and ovulation buttons and on launch (LaunchedEffect), so once stored the data crashes
every start. The fix returns "0" instead.

Also modelled as in 1.8.6: the Statistics tab calls ``averageFollicalGrowthInDays().toInt()``
and crashes the same way whenever no ovulation has an earlier period (even on a fresh install);
the bug's oracle tells the two apart by the stored data (only the calendar's prediction runs
with two ovulations and two periods that way).

Screens: the calendar (month title, previous/next month arrow buttons with no label, weekday
row, day cells, Period / Symptoms / ovulation buttons) and the bottom bar (Home, Statistics,
Symptoms, Settings). Compose nodes have no resource ids; buttons dump as
``android.widget.Button``, clickable day boxes as ``android.view.View`` with the day number.
Stubbed: the symptoms dialog (Cancel only), the Symptoms and Settings tabs (titles), the
notification scheduling (only its "in the past" toast), colours and symptom dots, the small
cycle-number labels inside day cells (left out of the cells' text).
Uncertain: "today" is fixed at 2024-09-12 (the virtual device's calendar shows September 2024);
stack frames below the app's own (Compose click/coroutine internals) are approximate, and the
line numbers are those of f0da9fc. No runtime permission dialog: the app declares
POST_NOTIFICATIONS but never requests it in this version. No network content.
"""

from __future__ import annotations

import calendar
import math
from datetime import date, timedelta
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import HORIZONTAL, VERTICAL, Screen, View

PACKAGE = "com.mensinator.app"
MAIN = ".MainActivity"
TODAY = date(2024, 9, 12)
NED = "Not enough data"
NFE = "java.lang.NumberFormatException"

TABS = ("Home", "Statistics", "Symptoms", "Settings")
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = tuple(calendar.month_name)


# -- the database (PeriodDatabaseHelper) -------------------------------------------------------
def _periods(data: dict[str, Any]) -> list[dict[str, Any]]:
    return list(data["periods"])


def period_count(data: dict[str, Any]) -> int:
    return len({p["period_id"] for p in data["periods"]})


def first_previous_period_date(data: dict[str, Any], day: date) -> date | None:
    """getFirstPreviousPeriodDate: the first day of the period holding the latest period day on
    or before ``day``."""
    before = sorted((p for p in data["periods"] if p["date"] <= day.isoformat()), key=_by_date)
    if not before:
        return None
    pid = before[-1]["period_id"]
    return date.fromisoformat(min(p["date"] for p in data["periods"] if p["period_id"] == pid))


def _by_date(p: dict[str, Any]) -> str:
    return str(p["date"])


def latest_period_starts(data: dict[str, Any], count: int = 5) -> list[date]:
    """getLatestXPeriodStart: the first days of the latest ``count + 1`` periods, oldest first."""
    starts: dict[int, str] = {}
    for p in data["periods"]:
        pid = p["period_id"]
        starts[pid] = min(starts.get(pid, p["date"]), p["date"])
    ordered = sorted(starts.values())[-(count + 1) :]
    return [date.fromisoformat(s) for s in ordered]


def find_or_create_period_id(data: dict[str, Any], day: date) -> int:
    """newFindOrCreatePeriodID: the period of an adjacent day (merging two), or a new id."""
    near = {day.isoformat(), (day - timedelta(days=1)).isoformat()}
    near.add((day + timedelta(days=1)).isoformat())
    ids: list[int] = []
    for p in data["periods"]:
        if p["date"] in near and p["period_id"] not in ids:
            ids.append(p["period_id"])
    if len(ids) > 1:
        for p in data["periods"]:
            if p["period_id"] == ids[1]:
                p["period_id"] = ids[0]
        return ids[0]
    if ids:
        return ids[0]
    return max((p["period_id"] for p in data["periods"]), default=0) + 1


def average_follicle_growth(data: dict[str, Any]) -> str:
    """Calculations.averageFollicalGrowthInDays (1.8.6): a number as text, or "Not enough
    data" when no ovulation of the latest 5 has a period before it."""
    ovulations = sorted(data["ovulations"], reverse=True)[:5]
    if not ovulations:
        return NED
    growth = []
    for iso in ovulations:
        day = date.fromisoformat(iso)
        first = first_previous_period_date(data, day)
        if first is not None:
            growth.append((day - first).days)
    if not growth:
        return NED
    return str(math.floor(sum(growth) / len(growth) + 0.5))  # Kotlin roundToInt


def calculate_next_period(data: dict[str, Any]) -> str:
    """Calculations.calculateNextPeriod, basic calculation (the default setting)."""
    starts = latest_period_starts(data)
    lengths = [(b - a).days for a, b in zip(starts, starts[1:], strict=False)]
    return (starts[-1] + timedelta(days=int(sum(lengths) / len(lengths)))).isoformat()


def _nfe(frames: list[str]) -> JavaException:
    return JavaException(NFE, 'For input string: "Not enough data"', frames)


COMPOSE_CLICK = [
    "androidx.compose.foundation.ClickablePointerInputNode$pointerInput$3.invoke-k-4lQ0M"
    "(Clickable.kt:987)",
    "androidx.compose.foundation.gestures.TapGestureDetectorKt$detectTapAndPress$2$1"
    ".invokeSuspend(TapGestureDetector.kt:255)",
    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:104)",
    "androidx.compose.ui.platform.AndroidUiDispatcher.performTrampolineDispatch"
    "(AndroidUiDispatcher.android.kt:81)",
    "android.view.Choreographer.doFrame(Choreographer.java:1381)",
    "android.os.Handler.handleCallback(Handler.java:959)",
    "android.os.Handler.dispatchMessage(Handler.java:100)",
    "android.os.Looper.loop(Looper.java:317)",
    "android.app.ActivityThread.main(ActivityThread.java:8705)",
]


def _growth_crash(entry: str) -> JavaException:
    return _nfe(
        [
            "java.lang.Long.parseLong(Long.java:711)",
            "java.lang.Long.parseLong(Long.java:836)",
            "com.mensinator.app.CalendarScreenKt.CalendarScreen$updateCalculations"
            "(CalendarScreen.kt:168)",
            entry,
            *COMPOSE_CLICK,
        ]
    )


def calendar_crash_state(data: dict[str, Any]) -> bool:
    """The stored data makes the calendar's ovulation prediction parse "Not enough data": two
    ovulations and two periods, the newest ovulation before the latest period start, and no
    ovulation with a period on or before it."""
    if len(data["ovulations"]) < 2 or period_count(data) < 2:
        return False
    newest = max(data["ovulations"])
    latest_start = latest_period_starts(data)[-1].isoformat()
    return newest < latest_start and average_follicle_growth(data) == NED


def oracle_112(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Mensinator#112: the app crashed with a NumberFormatException while the
    stored ovulations/periods are those the calendar's prediction cannot handle."""
    return calendar_crash_state(data) and any(
        c.get("package") == PACKAGE and c.get("exception") == NFE for c in system.get("crashes", [])
    )


def _day(n: int) -> dict[str, Any]:
    return click(PACKAGE, text=str(n), cls="android.view.View")


OVULATION = click(PACKAGE, text="ovulation", cls="android.widget.Button")
PERIOD = click(PACKAGE, text="Period", cls="android.widget.Button")
STATISTICS_TAB = click(PACKAGE, desc="Statistics")

HUMAN_112 = (
    _day(2),
    OVULATION,
    _day(4),
    OVULATION,
    _day(8),
    PERIOD,
    _day(11),
    PERIOD,
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Mensinator#112": [
        # periods first, ovulations after them
        [_day(2), PERIOD, _day(5), PERIOD, _day(8), OVULATION, _day(11), OVULATION],
        # one ovulation only
        [_day(4), OVULATION, _day(8), PERIOD, _day(11), PERIOD],
        # the two period days next to each other: one period
        [_day(2), OVULATION, _day(4), OVULATION, _day(8), PERIOD, _day(9), PERIOD],
        # a period between the two ovulations
        [_day(2), PERIOD, _day(4), OVULATION, _day(8), PERIOD, _day(11), OVULATION],
    ],
}


class Mensinator(VirtualApp):
    """Mensinator 1.8.6: the calendar, statistics and the bottom bar."""

    name: ClassVar[str] = "Mensinator"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Mensinator"
    version: ClassVar[str] = "1.8.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Mensinator#112",
            "crash",
            "App crashes when starting with ovulation",
            oracle_112,
            human_steps=HUMAN_112,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "periods": [],
            "ovulations": [],
            "settings": {"reminder_days": 2, "cycle_numbers_show": 1},
        }

    # -- calendar state ------------------------------------------------------------------------
    def _month(self, ctx: AppContext) -> date:
        return date.fromisoformat(ctx.ui.get("month", TODAY.replace(day=1).isoformat()))

    def _rendered_previous(self, ctx: AppContext) -> date | None:
        """previousFirstPeriodDate as the last composition left it: the cycle-number loop sets it
        for every shown day from the oldest period day up to today."""
        data = ctx.data
        prev = ctx.ui.get("prev")
        value = date.fromisoformat(prev) if prev else None
        if not data["periods"] or not data["settings"]["cycle_numbers_show"]:
            return value
        oldest = min(p["date"] for p in data["periods"])
        month = self._month(ctx)
        last = month.replace(day=calendar.monthrange(month.year, month.month)[1])
        shown = min(last, TODAY)
        if shown >= month and shown.isoformat() >= oldest:
            return first_previous_period_date(data, shown)
        return value

    def _update_calculations(self, ctx: AppContext, prev: date | None, entry: str) -> None:
        data = ctx.data
        periods = period_count(data)
        ovulations = len(data["ovulations"])
        mem = ctx.memory
        mem["next_period"] = calculate_next_period(data) if periods >= 2 else NED
        last_ov = max(data["ovulations"]) if data["ovulations"] else "null"
        prev_s = prev.isoformat() if prev else "null"
        if ovulations >= 2 and periods >= 2 and last_ov < prev_s:
            growth = average_follicle_growth(data)
            ctx.ui["follicle"] = growth
            if prev is not None:
                if not growth.lstrip("-").isdigit():
                    raise _growth_crash(entry)
                mem["next_ovulation"] = (prev + timedelta(days=int(growth))).isoformat()
            else:
                mem["next_ovulation"] = "null"
        elif last_ov > prev_s and mem["next_period"] != NED:
            growth = average_follicle_growth(data)
            ctx.ui["follicle"] = growth
            if growth != NED:
                start = date.fromisoformat(mem["next_period"])
                mem["next_ovulation"] = (start + timedelta(days=int(growth))).isoformat()
        else:
            mem["next_ovulation"] = NED

    def _show_home(self, ctx: AppContext) -> None:
        """CalendarScreen composed anew: its remembered state reset, LaunchedEffect run."""
        for key in ("month", "selected", "prev", "follicle", "symptoms_dialog"):
            ctx.ui.pop(key, None)
        ctx.ui["tab"] = "Home"
        self._update_calculations(
            ctx,
            self._rendered_previous(ctx),
            "com.mensinator.app.CalendarScreenKt$CalendarScreen$1.invokeSuspend"
            "(CalendarScreen.kt:188)",
        )

    def on_create(self, ctx: AppContext) -> None:
        self._show_home(ctx)

    def _toggle_day(self, ctx: AppContext, day: date) -> None:
        selected = list(ctx.ui.get("selected", []))
        w.toggle(selected, day.isoformat())
        ctx.ui["selected"] = selected

    def _change_month(self, ctx: AppContext, delta: int) -> None:
        month = self._month(ctx)
        index = month.year * 12 + month.month - 1 + delta
        ctx.ui["month"] = date(index // 12, index % 12 + 1, 1).isoformat()
        ctx.ui["prev"] = None
        self._update_calculations(
            ctx,
            self._rendered_previous(ctx),
            "com.mensinator.app.CalendarScreenKt$CalendarScreen$2.invokeSuspend"
            "(CalendarScreen.kt:208)",
        )

    def _schedule_reminder(self, ctx: AppContext) -> None:
        nxt = ctx.memory.get("next_period", NED)
        days = int(ctx.data["settings"]["reminder_days"])
        due = days > 0 and nxt != NED and nxt >= TODAY.isoformat()
        if due and date.fromisoformat(nxt) - timedelta(days=days) < TODAY:
            ctx.toast(
                "Notification not scheduled because the date to remind you will be in the past"
            )

    def _period(self, ctx: AppContext) -> None:
        data = ctx.data
        for iso in ctx.ui.get("selected", []):
            if any(p["date"] == iso for p in data["periods"]):
                data["periods"] = [p for p in data["periods"] if p["date"] != iso]
            else:
                pid = find_or_create_period_id(data, date.fromisoformat(iso))
                data["periods"].append({"date": iso, "period_id": pid})
        ctx.ui["selected"] = []
        month = self._month(ctx)
        index = month.year * 12 + month.month
        next_month = date(index // 12, index % 12 + 1, 1)
        prev = first_previous_period_date(data, next_month)
        ctx.ui["prev"] = prev.isoformat() if prev else None
        self._update_calculations(
            ctx,
            prev,
            "com.mensinator.app.CalendarScreenKt$CalendarScreen$4$2$1.invoke(CalendarScreen.kt:512)",
        )
        self._schedule_reminder(ctx)
        ctx.toast("Changes saved successfully")

    def _ovulation(self, ctx: AppContext) -> None:
        prev = self._rendered_previous(ctx)
        selected = list(ctx.ui.get("selected", []))
        if len(selected) > 1:
            ctx.toast("Only one day can be ovulation!")
        elif len(selected) == 1:
            iso = selected[0]
            if iso in ctx.data["ovulations"]:
                ctx.data["ovulations"].remove(iso)
            else:
                ctx.data["ovulations"].append(iso)
            ctx.toast("Ovulation saved successfully")
        else:
            ctx.toast("No date selected for ovulation")
        ctx.ui["selected"] = []
        self._update_calculations(
            ctx,
            prev,
            "com.mensinator.app.CalendarScreenKt$CalendarScreen$4$4$1.invoke(CalendarScreen.kt:573)",
        )
        self._schedule_reminder(ctx)

    def _select_tab(self, ctx: AppContext, tab: str) -> None:
        if ctx.ui.get("tab", "Home") == tab:
            return
        if tab == "Home":
            self._show_home(ctx)
            return
        if tab == "Statistics" and not average_follicle_growth(ctx.data).isdigit():
            raise _nfe(
                [
                    "java.lang.Integer.parseInt(Integer.java:747)",
                    "java.lang.Integer.parseInt(Integer.java:865)",
                    "com.mensinator.app.StatisticsDialogKt.StatisticsDialog"
                    "(StatisticsDialog.kt:36)",
                    "com.mensinator.app.navigation.BottomBarKt$BottomBar$3$1$2.invoke"
                    "(bottomBar.kt:197)",
                    "androidx.compose.runtime.Recomposer.runRecomposeAndApplyChanges"
                    "(Recomposer.kt:1)",
                    "android.view.Choreographer.doFrame(Choreographer.java:1381)",
                    "android.os.Looper.loop(Looper.java:317)",
                    "android.app.ActivityThread.main(ActivityThread.java:8705)",
                ]
            )
        ctx.ui["tab"] = tab
        ctx.ui["symptoms_dialog"] = False

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("symptoms_dialog"):
            ctx.ui["symptoms_dialog"] = False
            ctx.ui["selected"] = []
            return True
        if ctx.ui.get("tab", "Home") != "Home":
            self._show_home(ctx)
            return True
        return False

    # -- screens -------------------------------------------------------------------------------
    def _calendar(self, ctx: AppContext) -> list[View]:
        month = self._month(ctx)
        selected = set(ctx.ui.get("selected", []))
        header = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            children=[
                w.button(handler=lambda c: self._change_month(c, -1), width=200),
                w.text_view(f"{MONTHS[month.month]} {month.year}", width=680),
                w.button(handler=lambda c: self._change_month(c, 1), width=200),
            ],
        )
        days = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            children=[w.text_view(d, width=154) for d in WEEKDAYS],
        )
        rows: list[View] = []
        offset = month.weekday()
        length = calendar.monthrange(month.year, month.month)[1]
        for week in range(6):
            cells: list[View] = []
            for col in range(7):
                n = week * 7 + col - offset + 1
                if 1 <= n <= length:
                    day = month.replace(day=n)
                    cells.append(
                        View(
                            cls="android.view.View",
                            text=str(n),
                            width=154,
                            height=130,
                            selected=day.isoformat() in selected,
                            on_click=w.bind(self._toggle_day, day),
                        )
                    )
                else:
                    cells.append(View(cls="android.view.View", width=154, height=130))
            rows.append(View(cls="android.view.View", layout=HORIZONTAL, children=cells))
        return [
            header,
            days,
            *rows,
            w.button(text="Period", handler=self._period, enabled=bool(selected)),
            w.button(
                text="Symptoms",
                handler=lambda c: c.ui.update(symptoms_dialog=True),
                enabled=bool(selected),
            ),
            w.button(text="ovulation", handler=self._ovulation, enabled=len(selected) == 1),
        ]

    def _statistics(self, ctx: AppContext) -> list[View]:
        data = ctx.data
        nxt = ctx.memory.get("next_period", NED)
        when = "Next period (past)" if nxt < TODAY.isoformat() else "Next period"
        return [
            w.text_view("Statistics"),
            w.text_view(f"Number of periods tracked: {period_count(data)}"),
            w.text_view(f"{when}: {nxt}"),
            w.text_view(f"Number of ovulations tracked: {len(data['ovulations'])}"),
            w.text_view(f"Average ovulation day: {average_follicle_growth(data)}"),
            w.text_view(f"Next predicted ovulation: {ctx.memory.get('next_ovulation', NED)}"),
        ]

    def render(self, ctx: AppContext) -> Screen:
        tab = ctx.ui.get("tab", "Home")
        if tab == "Home":
            body = self._calendar(ctx)
        elif tab == "Statistics":
            body = self._statistics(ctx)
        else:
            body = [w.text_view(tab)]
        bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=210,
            children=[
                View(
                    cls="android.view.View",
                    text=name,
                    content_desc=name,
                    width=270,
                    height=210,
                    selected=name == tab,
                    on_click=w.bind(self._select_tab, name),
                )
                for name in TABS
            ],
        )
        content = View(
            cls="android.view.View",
            layout=VERTICAL,
            children=[w.scroll_view([w.linear_layout(body)], height=1500), bar],
        )
        windows = []
        if tab == "Home" and ctx.ui.get("symptoms_dialog"):

            def cancel(c: AppContext) -> None:
                c.ui["symptoms_dialog"] = False
                c.ui["selected"] = []

            windows.append(
                w.alert_dialog(
                    w.dialog_title("Symptoms"),
                    [],
                    [w.button(text="Cancel", handler=cancel)],
                    cancel,
                )
            )
        return Screen(content=content, windows=windows)
