"""Simple Calendar Pro (``com.simplemobiletools.calendar.pro``, SimpleMobileTools/Simple-Calendar)
6.15.4, for Simple-Calendar#1518.

The calendar's ``MainActivity`` shows one of six views (the toolbar's "Change view" picks it in
a radio dialog; the monthly view after a fresh install) under a toolbar with Search, Go to
today (shown off the current period), Change view, Filter events by type and the overflow menu
(Go to date, Print, Add holidays, Add contact birthdays, Add contact anniversaries, Import /
Export events, Settings, About). The weekly view (``WeekFragmentsHolder``) is a ViewPager of
weeks (``WeekFragment``): the day labels (``week_letters_holder``, "<letter>\\n<day>"), the
hours column ("1 AM" ... "11 PM") and the grid; a tap on an empty hour shows the "+" square
(``week_grid_item``, id ``week_holder``), whose tap opens ``EventActivity`` ("New Event") with
that hour; the toolbar's title is the month, the subtitle "Week <n>". "Go to date" opens an
AlertDialog holding a spinner-mode DatePicker (Cancel / OK).

Sources read at commit ``216f30f`` ("update version to 6.15.4", the version the reporter
names): ``MainActivity.kt``, ``WeekFragmentsHolder.kt``, ``WeekFragment.kt``,
``DayFragmentsHolder.kt``, ``MyDayPagerAdapter.kt``, ``EventActivity.kt`` (new-event path,
back prompt, title check), ``helpers/Formatter.kt``, ``helpers/Config.kt`` (defaults: monthly
view, 7 weekly days, weekly view scrolled to 7 AM), ``extensions/Context.kt``, the layouts
``activity_main``, ``fragment_week``, ``fragment_week_holder``, ``week_grid_item``,
``date_picker``, ``activity_event``, the menus ``menu_main`` and ``menu_event`` and
``values/strings.xml`` / ``dimens.xml``. The fix is ``623cf1d`` (PR #1522 "fix incorrect date
after goto date in weekly view", which says it addresses #1518; merged 2021-10-26).

Bug Simple-Calendar#1518 (non-crash): the weekly view keeps the shown week as
``currentWeekTS``. At start it is noon UTC of the week's first day (``getThisWeekDateTime``),
and ``WeekFragment`` labels its columns in UTC (``getUTCDateTimeFromTS``) but turns a tapped
column into a new event's start in the device's zone (``getDateTimeFromTS(weekTimestamp + index
* DAY_SECONDS).withTime(hour, 0, 0, 0)``), which agree for a week starting at noon UTC.
``dateSelected`` of the Go to date dialog builds the new week from a local DateTime
(``...withDayOfWeek(1).withTimeAtStartOfDay()``): local midnight, which east of UTC is the
previous day in UTC. The labels then start one day early, and the column labelled with a day
creates the event on the next day. The fix makes the dialog's DateTime a UTC one.

Modelled: the device is en-US (Sunday is the first day of the week; the 12-hour clock) in the
Europe/Paris zone (the zone is an assumption: the bug shows in zones east of UTC), and the clock
is fixed at Tuesday 19 October 2021, 10:30 (the report's day); the weekly view with its week
paging (swipes), the grid, the "+" square, Go to today, the Go to date dialog (the spinner
DatePicker's month, day and year wheels carry over as the framework's do), the events drawn in
the column whose UTC day code is the event's local day, and the new-event screen (title,
location, description, the start and end shown, Save with the "Title cannot be empty" check,
Back's "save changes" prompt). The monthly view (the first screen) shows its month's days and
arrows; a day opens a stub daily screen; the FAB ("New Event") opens the event screen at the
next hour. Stubbed: Search, Filter, Print, the other overflow items and the daily, monthly and
daily, yearly and event list views (a placeholder); the event screen's date, time, reminder,
repetition, type and availability rows do not open their pickers; the seekbar of the weekly
day count does not move; the "+" square does not fade out. Uncertain: the monthly view's day
numbers are drawn on a canvas in the app (here they are TextViews); the weekly grid is one
RelativeLayout per day in the app (here rows of cells, one per hour and day); the reminder
row's text of the new-event screen is from memory of the commons library, not read.
"""

from __future__ import annotations

import calendar
from datetime import date, datetime, timedelta
from typing import Any, ClassVar
from zoneinfo import ZoneInfo

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.simplemobiletools.calendar.pro"
MAIN = ".activities.MainActivity"
EVENT = ".activities.EventActivity"
ZONE = ZoneInfo("Europe/Paris")
UTC = ZoneInfo("UTC")
NOW = datetime(2021, 10, 19, 10, 30, tzinfo=ZONE)
DAY = 86400
ROW = 157  # weekly_view_row_height, 60 dp
LETTERS = ("M", "T", "W", "T", "F", "S", "S")  # week_day_letters, Monday first
VIEWS = (
    "Daily view",
    "Weekly view",
    "Monthly view",
    "Monthly and daily view",
    "Yearly view",
    "Simple event list",
)
OVERFLOW = (
    "Go to date",
    "Print",
    "Add holidays",
    "Add contact birthdays",
    "Add contact anniversaries",
    "Import events from an .ics file",
    "Export events to an .ics file",
    "Settings",
    "About",
)
SAVE_PROMPT = "You have unsaved changes. Save before exit?"


def _local(ts: int) -> datetime:
    return datetime.fromtimestamp(ts, ZONE)


def _code(moment: datetime) -> str:
    return moment.strftime("%Y%m%d")


def _wall(moment: datetime) -> int:
    """A wall-clock time in the device's zone (Joda's local arithmetic) as seconds."""
    return int(moment.replace(tzinfo=None).replace(tzinfo=ZONE).timestamp())


def _plus_days(ts: int, days: int) -> int:
    """``getDateTimeFromTS(ts).plusDays(days).seconds()``: the same local time."""
    return _wall(_local(ts).replace(tzinfo=None) + timedelta(days=days))


def _this_week() -> int:
    """``MainActivity.getThisWeekDateTime`` (Sunday first, UTC+1 raw offset: noon UTC)."""
    now = NOW.astimezone(UTC)
    monday = now - timedelta(days=now.weekday())
    week = monday.replace(hour=12) - timedelta(days=1)
    return int(week.timestamp())


def _label_code(week_ts: int, index: int) -> str:
    """A column's label and tag: ``getUTCDayCodeFromTS(weekTimestamp + index * DAY_SECONDS)``."""
    return _code(datetime.fromtimestamp(week_ts + index * DAY, UTC))


def _wrong_day(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Simple-Calendar#1518: an event made from a weekly-view column starts on
    another day than the one that column is labelled with."""
    return any(e.get("label") and _code(_local(e["start"])) != e["label"] for e in data["events"])


def _cell(col: int, hour: int) -> list[int]:
    """The bounds of the weekly grid's cell of day ``col`` and ``hour`` (7 AM at the top)."""
    left = 126 + col * 136
    top = 350 + (hour - 7) * ROW
    return [left, top, left + 136, top + ROW]


CHANGE_VIEW = click(PACKAGE, "change_view", desc="Change view")
WEEKLY = click(PACKAGE, text="Weekly view")
MORE = click(PACKAGE, desc="More options")
GO_TO_DATE = click(PACKAGE, "title", "Go to date")
DAY_18 = click(PACKAGE, text="18", cls="android.widget.Button")
DAY_19 = click(PACKAGE, text="19", cls="android.widget.Button")
OK = click(PACKAGE, "android:id/button1", "OK")
CANCEL = click(PACKAGE, "android:id/button2", "Cancel")
PLUS = click(PACKAGE, "week_holder")
TITLE = input_text(PACKAGE, "event_title", "Dentist", hint="Title")
SAVE = click(PACKAGE, "save", desc="Save")
TODAY = click(PACKAGE, "go_to_today", desc="Go to today")
BACK = {"kind": "press_back"}


def _tap(col: int, hour: int) -> dict[str, Any]:
    return {
        "kind": "click",
        "target": {"class_name": "android.view.View", "bounds": _cell(col, hour)},
    }


class SimpleCalendar(VirtualApp):
    """Simple Calendar Pro 6.15.4 (see the module docstring)."""

    name: ClassVar[str] = "Simple-Calendar"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Calendar"
    version: ClassVar[str] = "6.15.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Simple-Calendar#1518",
            "non-crash",
            'Creating new event after "go to date" will use bad date',
            _wrong_day,
            human_steps=(
                CHANGE_VIEW,
                WEEKLY,
                MORE,
                GO_TO_DATE,
                DAY_18,
                DAY_19,
                OK,
                _tap(4, 10),
                PLUS,
                TITLE,
                SAVE,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"view": "Monthly view", "events": [], "next_id": 1}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == EVENT:
            start = ctx.extras["start"]
            ctx.ui.setdefault("title", "")
            ctx.ui.setdefault("location", "")
            ctx.ui.setdefault("description", "")
            ctx.ui.setdefault("start", start)
            return
        ctx.ui.setdefault("week", _this_week())
        ctx.ui.setdefault("month", [NOW.year, NOW.month])
        ctx.ui.setdefault("week_scroll", 7)

    # -- main: navigation ---------------------------------------------------------------------
    def _set_view(self, ctx: AppContext, index: int) -> None:
        if VIEWS[index] == ctx.data["view"]:
            return  # RadioGroupDialog reacts to a change of the checked button only
        ctx.data["view"] = VIEWS[index]
        ctx.ui.update(dialog="", grid=None, day=None, week=_this_week(), week_scroll=7)
        ctx.ui["month"] = [NOW.year, NOW.month]

    def _overflow_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "Go to date" and ctx.data["view"] == "Weekly view":
            # showGoToDateDialog: the picker starts at the shown week's first day (local).
            start = _local(ctx.ui["week"])
            ctx.ui.update(dialog="date", picked=[start.year, start.month, start.day])
        elif item == "Go to date" and ctx.data["view"] == "Monthly view":
            year, month = ctx.ui["month"]
            ctx.ui.update(dialog="date", picked=[year, month, 1])

    def _pick(self, ctx: AppContext, unit: str, delta: int) -> None:
        """The spinner DatePicker's wheels: a day or month step carries over, as
        ``DatePickerSpinnerDelegate.onValueChange`` does."""
        year, month, day = ctx.ui["picked"]
        current = date(year, month, day)
        if unit == "day":
            current += timedelta(days=delta)
        else:
            months = year * 12 + month - 1 + (delta if unit == "month" else 12 * delta)
            year, month = divmod(months, 12)
            month += 1
            current = date(year, month, min(day, calendar.monthrange(year, month)[1]))
        ctx.ui["picked"] = [current.year, current.month, current.day]

    def _typed(self, ctx: AppContext, unit: str, value: int) -> None:
        year, month, day = ctx.ui["picked"]
        target = {
            "year": (value, month, day),
            "month": (year, value, day),
            "day": (year, month, value),
        }
        year, month, day = target[unit]
        day = min(day, calendar.monthrange(year, month)[1])
        ctx.ui["picked"] = [year, month, day]

    def _date_selected(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = ""
        year, month, day = ctx.ui["picked"]
        if ctx.data["view"] != "Weekly view":
            ctx.ui["month"] = [year, month]
            return
        # WeekFragmentsHolder.dateSelected (Sunday first): the bug builds a local midnight.
        base = _local(ctx.ui["week"]).replace(tzinfo=None)
        chosen = base.replace(year=year, month=month, day=day) + timedelta(days=1)
        monday = (chosen - timedelta(days=chosen.weekday())).replace(hour=0, minute=0, second=0)
        selected = _wall(monday - timedelta(days=1))
        if _wall(chosen - timedelta(days=7)) > selected:
            selected = _plus_days(selected, 7)
        ctx.ui.update(week=selected, grid=None)

    def _go_to_today(self, ctx: AppContext) -> None:
        ctx.ui.update(week=_this_week(), grid=None, month=[NOW.year, NOW.month])

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or ctx.ui.get("day") or direction not in ("left", "right"):
            return False
        step = 1 if direction == "left" else -1
        if ctx.data["view"] == "Weekly view":
            ctx.ui.update(week=_plus_days(ctx.ui["week"], 7 * step), grid=None)
            return True
        if ctx.data["view"] == "Monthly view":
            self._month_step(ctx, step)
            return True
        return False

    def _month_step(self, ctx: AppContext, step: int) -> None:
        year, month = ctx.ui["month"]
        months = year * 12 + month - 1 + step
        ctx.ui["month"] = [months // 12, months % 12 + 1]

    def _new_event(self, ctx: AppContext, start: int, label: str = "") -> None:
        ctx.ui["grid"] = None
        ctx.start_activity(EVENT, {"start": start, "label": label})

    def _fab(self, ctx: AppContext) -> None:
        """``getNewEventTimestampFromCode``: today, at the next full hour."""
        start = NOW.replace(minute=0, second=0) + timedelta(hours=1)
        self._new_event(ctx, int(start.timestamp()))

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == EVENT:
            if (
                ctx.ui.get("prompt")
                or not ctx.ui["title"] + ctx.ui["location"] + ctx.ui["description"]
            ):
                return False
            ctx.ui["prompt"] = True
            return True
        if w.dismiss(ctx.ui, "menu"):
            return True
        if ctx.ui.get("day"):
            ctx.ui["day"] = None
            return True
        return False

    # -- event screen -------------------------------------------------------------------------
    def _save(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui["prompt"] = False
        if not ui["title"]:
            ctx.toast("Title cannot be empty")
            return
        data = ctx.data
        data["events"].append(
            {
                "id": data["next_id"],
                "title": ui["title"],
                "start": ui["start"],
                "end": ui["start"] + 3600,
                "label": ctx.extras.get("label", ""),
            }
        )
        data["next_id"] += 1
        ctx.toast("Event added successfully")
        ctx.finish()

    def _event_screen(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        start, end = _local(ui["start"]), _local(ui["start"] + 3600)

        def field(rid: str, hint: str) -> View:
            key = rid[6:]
            return w.edit_text(rid, ui[key], lambda c, t: c.ui.update({key: t}), hint=hint)

        def when(moment: datetime, kind: str) -> list[View]:
            day = f"{moment:%B} {moment.day} ({moment:%a})"
            clock = moment.strftime("%I:%M %p")
            return [
                w.text_view(day, f"event_{kind}_date", height=130),
                w.text_view(clock, f"event_{kind}_time", height=130, width=300),
            ]

        rows = [
            field("event_title", "Title"),
            field("event_location", "Location"),
            field("event_description", "Description"),
            w.check_box("event_all_day", "All-day", False, None),
            w.linear_layout(when(start, "start"), horizontal=True, weight=0),
            w.linear_layout(when(end, "end"), horizontal=True, weight=0),
            w.text_view("10 minutes before", "event_reminder_1", height=130),
            w.text_view("Add another reminder", "event_reminder_2", height=130),
            w.text_view("No repetition", "event_repetition", height=130),
            w.text_view("Busy", "event_availability", height=130),
            w.text_view("Regular event", "event_type", height=130),
        ]
        bar = w.toolbar(
            "New Event",
            navigation=w.up_button(),  # the cross (home): the commons activity finishes
            actions=[w.action_item("save", "Save", self._save)],
            rid="action_bar",
        )
        windows = []
        if ui.get("prompt"):
            windows.append(
                w.confirm_dialog(
                    "",
                    SAVE_PROMPT,
                    ("Save", self._save),
                    ("Discard", w.finish),
                    lambda c: c.ui.update(prompt=False),
                )
            )
        content = w.linear_layout([bar, w.scroll_view(rows, rid="event_scrollview")])
        return Screen(content=content, windows=windows)

    # -- main screen --------------------------------------------------------------------------
    def _week(self, ctx: AppContext) -> View:
        week = ctx.ui["week"]
        labels = [
            w.text_view(f"{LETTERS[d.weekday()]}\n{d.day}", width=136)
            for d in (datetime.fromtimestamp(week + i * DAY, UTC) for i in range(7))
        ]
        letters = w.linear_layout(
            [View(cls="android.view.View", width=126), *labels],
            rid="week_letters_holder",
            horizontal=True,
            height=140,
            weight=0,
        )
        events: dict[tuple[int, int], str] = {}
        for event in ctx.data["events"]:
            start = _local(event["start"])
            for i in range(7):
                if _label_code(week, i) == _code(start):
                    events[(i, start.hour)] = event["title"]
        rows = []
        for hour in range(24):
            cells: list[View] = [
                w.text_view(
                    f"{hour % 12 or 12} {'AM' if hour < 12 else 'PM'}" if hour else "", width=126
                )
            ]
            for col in range(7):
                if (col, hour) in events:
                    cells.append(w.text_view(events[(col, hour)], width=136))
                elif ctx.ui.get("grid") == [col, hour]:
                    moment = _local(week + col * DAY).replace(tzinfo=None)
                    new_ts = _wall(moment.replace(hour=hour, minute=0, second=0))
                    cells.append(
                        w.image_view(
                            "week_holder",
                            "",
                            w.bind(self._new_event, new_ts, _label_code(week, col)),
                            width=136,
                        )
                    )
                else:
                    cells.append(
                        View(
                            cls="android.view.View",
                            width=136,
                            on_click=w.bind(lambda c, g: c.ui.update(grid=g), [col, hour]),
                        )
                    )
            rows.append(w.linear_layout(cells, horizontal=True, height=ROW, weight=0))
        grid = w.scroll_view(
            rid="week_events_scrollview",
            scrollable=True,
            scroll_key="week_scroll",
            children=rows,
        )
        seekbar = w.linear_layout(
            [
                View(cls="android.widget.SeekBar", resource_id="week_view_seekbar"),
                w.text_view("7 days", "week_view_days_count", width=250),
            ],
            horizontal=True,
            height=130,
            weight=0,
        )
        pager = w.linear_layout([letters, grid], rid="week_view_view_pager")
        return w.linear_layout([pager, seekbar], rid="week_view_holder")

    def _month(self, ctx: AppContext) -> View:
        year, month = ctx.ui["month"]
        first = date(year, month, 1)
        start = first - timedelta(days=(first.weekday() + 1) % 7)
        weeks = []
        for row in range(6):
            days = [start + timedelta(days=row * 7 + i) for i in range(7)]
            weeks.append(
                w.linear_layout(
                    [
                        w.text_view(
                            str(d.day),
                            "month_view_background",
                            on_click=w.bind(lambda c, d: c.ui.update(day=d), d.isoformat()),
                        )
                        for d in days
                    ],
                    horizontal=True,
                    height=200,
                    weight=0,
                )
            )
        nav = w.linear_layout(
            [
                w.image_view("top_left_arrow", "", lambda c: self._month_step(c, -1), width=147),
                w.text_view(calendar.month_name[month], "top_value"),
                w.image_view("top_right_arrow", "", lambda c: self._month_step(c, 1), width=147),
            ],
            horizontal=True,
            height=147,
            weight=0,
        )
        letters = w.linear_layout(
            [w.text_view(x) for x in "SMTWTFS"], horizontal=True, height=100, weight=0
        )
        return w.linear_layout([nav, letters, *weeks], rid="month_calendar_holder")

    def _placeholder(self, text: str) -> View:
        return w.linear_layout([w.text_view(text, "top_value", height=147), View()])

    def _title(self, ctx: AppContext) -> tuple[str, str]:
        if ctx.data["view"] != "Weekly view" or ctx.ui.get("day"):
            return "Calendar", ""
        start = _local(ctx.ui["week"])
        end = _local(ctx.ui["week"] + 7 * DAY)
        title = calendar.month_name[start.month]
        if end.month != start.month:
            title += f" - {calendar.month_name[end.month]}"
        elif start.year != NOW.year:
            title += f" - {start.year}"
        return title, f"Week {(start + timedelta(days=3)).isocalendar()[1]}"

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        close = lambda c: c.ui.update(menu=False, dialog="")  # noqa: E731
        if ui.get("menu"):
            items = [(t, w.bind(self._overflow_item, t)) for t in OVERFLOW]
            return [w.menu_window(items, close)]
        if ui.get("dialog") == "view":
            radios = [
                w.radio_button(
                    "", text, text == ctx.data["view"], w.bind(self._set_view, i), height=147
                )
                for i, text in enumerate(VIEWS)
            ]
            group = View(
                cls="android.widget.RadioGroup",
                resource_id="dialog_radio_group",
                weight=0,
                children=radios,
            )
            return [w.alert_dialog(View(cls="android.view.View", height=0), [group], [], close)]
        if ui.get("dialog") == "date":
            year, month, day = ui["picked"]
            days = [f"{d:02d}" for d in range(1, calendar.monthrange(year, month)[1] + 1)]
            years = [str(y) for y in range(1900, 2101)]

            def wheel(unit: str, labels: list[str], index: int, wrap: bool = True) -> View:
                def chosen(c: AppContext, i: int) -> None:
                    delta = i - index
                    if wrap and abs(delta) == len(labels) - 1:
                        delta = -1 if delta > 0 else 1
                    if abs(delta) == 1:
                        self._pick(c, unit, delta)
                    else:
                        self._typed(c, unit, int(labels[i]) if unit != "month" else i + 1)

                return w.number_picker(f"android:id/{unit}", labels, index, chosen, wrap=wrap)

            pickers = w.linear_layout(
                [
                    wheel("month", [m[:3] for m in calendar.month_name[1:]], month - 1),
                    wheel("day", days, day - 1),
                    wheel("year", years, year - 1900, wrap=False),
                ],
                rid="android:id/pickers",
                horizontal=True,
                weight=0,
            )
            picker = View(
                cls="android.widget.DatePicker",
                resource_id="date_picker",
                weight=0,
                children=[pickers],
            )
            buttons = w.dialog_buttons(("OK", self._date_selected), ("Cancel", close))
            return [
                w.alert_dialog(View(cls="android.view.View", height=0), [picker], buttons, close)
            ]
        return []

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == EVENT:
            return self._event_screen(ctx)
        ui = ctx.ui
        view = ctx.data["view"]
        weekly = view == "Weekly view" and not ui.get("day")
        title, subtitle = self._title(ctx)
        actions = [w.action_item("search", "Search", None)]
        if weekly and ui["week"] != _this_week():
            actions.append(w.action_item("go_to_today", "Go to today", self._go_to_today))
        actions += [
            w.action_item("change_view", "Change view", lambda c: c.ui.update(dialog="view")),
            w.action_item("filter", "Filter events by type", None),
            w.overflow_button(lambda c: c.ui.update(menu=True)),
        ]
        heading = w.linear_layout(
            [
                w.text_view(title, height=90),
                *([w.text_view(subtitle, height=57)] if subtitle else []),
            ]
        )
        bar = w.toolbar(heading, rid="action_bar", actions=actions)
        if ui.get("day"):
            body = self._placeholder(f"Daily view: {ui['day']}")
        elif weekly:
            body = self._week(ctx)
        elif view == "Monthly view":
            body = self._month(ctx)
        else:
            body = self._placeholder(view)
        children = [w.linear_layout([body], rid="fragments_holder")]
        if view not in ("Weekly view", "Yearly view") or ui.get("day"):
            children.append(w.fab("calendar_fab", "New Event", self._fab))
        frame = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            resource_id="calendar_coordinator",
            layout="frame",
            children=children,
        )
        return Screen(content=w.linear_layout([bar, frame]), windows=self._main_windows(ctx))


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Simple-Calendar#1518": [
        # no Go to date: the Wednesday 20 column of the current week
        [CHANGE_VIEW, WEEKLY, _tap(3, 10), PLUS, TITLE, SAVE],
        # the Go to date dialog cancelled, then the same column
        [
            CHANGE_VIEW,
            WEEKLY,
            MORE,
            GO_TO_DATE,
            DAY_18,
            DAY_19,
            CANCEL,
            _tap(3, 10),
            PLUS,
            TITLE,
            SAVE,
        ],
        # Go to date, then Go to today before the new event
        [
            CHANGE_VIEW,
            WEEKLY,
            MORE,
            GO_TO_DATE,
            DAY_18,
            DAY_19,
            OK,
            TODAY,
            _tap(3, 10),
            PLUS,
            TITLE,
            SAVE,
        ],
        # Go to date and the "+" tapped, but the new event left without a title (Back)
        [CHANGE_VIEW, WEEKLY, MORE, GO_TO_DATE, DAY_18, DAY_19, OK, _tap(4, 10), PLUS, BACK],
    ],
}
