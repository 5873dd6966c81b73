"""Fossify Calendar (``org.fossify.calendar``) 1.10.1, for Calendar#1031.

Modelled from the sources of the 1.10.1 release, commit ``31cd3dd9b`` ("chore(release): v1.10.1
(18)") of FossifyOrg/Calendar, and of the 1.10.2 fix, commit ``b4a172f87`` ("fix: prevent
`NoSuchElementException` when fetching config", refs #1024, of which #1031 is a duplicate).
Files read: ``AndroidManifest.xml`` (launcher aliases of ``SplashActivity``),
``activities/MainActivity.kt`` (onCreate, the FAB and its extended menu, ``openDayFromMonthly``,
``refreshMenuItems``, Back), ``activities/EventActivity.kt`` (onCreate, ``gotEvent``),
``activities/TaskActivity.kt``, ``helpers/Config.kt``, ``helpers/Formatter.kt``,
``views/MonthViewWrapper.kt``, ``fragments/MonthFragment.kt``, ``fragments/DayFragment.kt``,
``res/layout/activity_main.xml``, ``fragment_month.xml``, ``fragment_day.xml``,
``top_navigation.xml``, ``month_view_background.xml``, ``activity_task.xml``,
``res/menu/menu_main.xml``, ``menu_task.xml``, ``res/values/strings.xml``.

Screens: the launcher's ``SplashActivity`` forwards to ``MainActivity``, which on a fresh install
shows the monthly view (``storedView`` defaults to MONTHLY_VIEW) with no dialog (the what's-new
dialog is not shown on a first install). The month grid's day cells are the
``month_view_background`` views of ``MonthViewWrapper``: no text (the numbers are drawn on a
canvas), content description "<day> <Month>"; a tap opens the daily view of that day (a
``DayFragmentsHolder`` over the month, whose top bar gets a back arrow), a long tap opens a
``RadioGroupDialog`` with "Event" and "Task". The FAB (``calendar_fab``, "New Event") with
``allowCreatingTasks`` on (the default) first shows the extended FAB (``fab_event_label``
"Event", ``fab_task_icon``/``fab_task_label`` "Task" over ``fab_extended_overlay``); a second
tap on the FAB or a tap on "Event" opens ``EventActivity``, "Task" opens ``TaskActivity``.

The bug (Calendar#1031, crash): ``EventActivity.onCreate`` loads the event and the calendars on a
background thread, then posts ``gotEvent`` to the UI thread. With no default calendar set
(``defaultCalendarId`` is -1 by default) ``gotEvent`` reads ``config.lastUsedCaldavCalendarId``,
whose getter evaluates its default argument ``getSyncedCalendarIdsAsList().first()`` eagerly;
with CalDAV sync never enabled the synced-calendar list is empty and ``first()`` throws
``java.util.NoSuchElementException: List is empty.``. So every opening of the event editor
(new or existing event) crashes on a device without synced CalDAV calendars; the task editor
does not read that setting. The fix uses ``firstOrNull() ?: STORED_LOCALLY_ONLY``. The event
editor's own screen is never seen on this build and is not modelled.

Stubbed: Settings, About, search, filter, go to date, print, add holidays/birthdays/anniversaries
(a title and the back arrow, or nothing), the task editor (title, description, Save; saving
stores the task but the model draws no events). Uncertain: the exact ids and content
descriptions of Fossify Commons' ``MySearchMenu`` bar (not in this repository: the search field
is drawn as ``top_toolbar_search`` with hint "Search", the back arrow as "Back"), which toolbar
items show as icons, the ``kotlin.collections`` frame's line number and the framework frames
(written for Android 15). Fixed data: the app's today is Thursday 5 February 2026 (the report's
date), weeks start on Sunday (en-US).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, long_click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.fossify.calendar"
SPLASH = ".activities.SplashActivity"
MAIN = ".activities.MainActivity"
EVENT = ".activities.EventActivity"
TASK = ".activities.TaskActivity"
SETTINGS = ".activities.SettingsActivity"
ABOUT = "org.fossify.commons.activities.AboutActivity"
TODAY = dt.date(2026, 2, 5)
DAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

CRASH_FRAMES = (
    "kotlin.collections.CollectionsKt___CollectionsKt.first(_Collections.kt:224)",
    "org.fossify.calendar.helpers.Config.getLastUsedCaldavCalendarId(Config.kt:130)",
    "org.fossify.calendar.activities.EventActivity.gotEvent(EventActivity.kt:419)",
    "org.fossify.calendar.activities.EventActivity.onCreate$lambda$3$lambda$2(EventActivity.kt:254)",
    "android.os.Handler.handleCallback(Handler.java:959)",
    "android.os.Handler.dispatchMessage(Handler.java:100)",
    "android.os.Looper.loopOnce(Looper.java:232)",
    "android.os.Looper.loop(Looper.java:317)",
    "android.app.ActivityThread.main(ActivityThread.java:8705)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:580)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:886)",
)


def _event_editor_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "java.util.NoSuchElementException", "List is empty")


BUG_1031 = BugSpec(
    bug_id="Calendar#1031",
    kind="crash",
    title="App crashes when creating new event (/Termin)",
    oracle=_event_editor_crashed,
    human_steps=(
        click(PACKAGE, "month_view_background", desc="12 February"),
        click(PACKAGE, "calendar_fab", desc="New Event"),
        click(PACKAGE, "fab_event_label", "Event"),
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Calendar#1031": [
        # The FAB only opens the extended FAB.
        [
            click(PACKAGE, "month_view_background", desc="12 February"),
            click(PACKAGE, "calendar_fab", desc="New Event"),
        ],
        # "Task" instead of "Event".
        [
            click(PACKAGE, "month_view_background", desc="12 February"),
            click(PACKAGE, "calendar_fab", desc="New Event"),
            click(PACKAGE, "fab_task_label", "Task"),
        ],
        # The overlay closes the extended FAB, then the day is changed.
        [
            click(PACKAGE, "calendar_fab", desc="New Event"),
            click(PACKAGE, "fab_extended_overlay"),
            click(PACKAGE, "month_view_background", desc="12 February"),
        ],
        # A long tap on a day, then "Task".
        [
            long_click(PACKAGE, "month_view_background", desc="12 February"),
            click(PACKAGE, text="Task", cls="android.widget.RadioButton"),
        ],
    ],
}


def _day_title(day: dt.date) -> str:
    """Formatter.getDayTitle: "<Month> <d> (<EEE>)", the year added when not this year's."""
    text = f"{w.MONTHS[day.month - 1]} {day.day}"
    if day.year != TODAY.year:
        text += f" {day.year}"
    return f"{text} ({DAY_NAMES[day.weekday()]})"


def _month_title(year: int, month: int) -> str:
    name = w.MONTHS[month - 1]
    return name if year == TODAY.year else f"{name} {year}"


def _shift_month(year: int, month: int, delta: int) -> tuple[int, int]:
    index = year * 12 + month - 1 + delta
    return index // 12, index % 12 + 1


class FossifyCalendar1101(VirtualApp):
    """Fossify Calendar 1.10.1 (see the module docstring)."""

    name: ClassVar[str] = "Calendar"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Calendar"
    version: ClassVar[str] = "1.10.1"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1031,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "caldav_sync": False,
            "caldav_synced_calendar_ids": "",
            "default_calendar_id": -1,
            "allow_creating_tasks": True,
            "tasks": [],
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN:
            ctx.ui.setdefault("month", [TODAY.year, TODAY.month])
            ctx.ui.setdefault("day", None)
            ctx.ui.setdefault("extended", False)
            ctx.ui.setdefault("menu", False)
            ctx.ui.setdefault("long_day", None)
        elif ctx.activity == EVENT:
            self._got_event(ctx)
        elif ctx.activity == TASK:
            ctx.ui.setdefault("title", "")
            ctx.ui.setdefault("description", "")

    def _got_event(self, ctx: AppContext) -> None:
        """EventActivity.gotEvent, posted to the UI thread after the calendars are loaded."""
        if ctx.data["default_calendar_id"] == -1:
            synced = [i for i in ctx.data["caldav_synced_calendar_ids"].split(",") if i.strip()]
            if not synced:  # Config.lastUsedCaldavCalendarId's default: synced ids .first()
                raise JavaException(
                    "java.util.NoSuchElementException", "List is empty.", list(CRASH_FRAMES)
                )

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        if ctx.ui.get("extended"):
            ctx.ui["extended"] = False
            return True
        if ctx.ui.get("day") is not None:
            ctx.ui["day"] = None
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or direction not in ("left", "right"):
            return False
        delta = 1 if direction == "left" else -1
        if ctx.ui.get("day") is not None:
            self._shift_day(ctx, delta)
        else:
            self._shift(ctx, delta)
        return True

    # -- handlers ------------------------------------------------------------------------------
    def _shift(self, ctx: AppContext, delta: int) -> None:
        ctx.ui["extended"] = False
        ctx.ui["month"] = list(_shift_month(ctx.ui["month"][0], ctx.ui["month"][1], delta))

    def _shift_day(self, ctx: AppContext, delta: int) -> None:
        day = dt.date.fromisoformat(ctx.ui["day"]) + dt.timedelta(days=delta)
        ctx.ui["day"] = day.isoformat()

    def _open_day(self, ctx: AppContext, day: str) -> None:
        ctx.ui["extended"] = False
        if ctx.ui.get("day") is None:
            ctx.ui["day"] = day

    def _fab(self, ctx: AppContext) -> None:
        if ctx.data["allow_creating_tasks"] and not ctx.ui.get("extended"):
            ctx.ui["extended"] = True
            return
        self._new_event(ctx)

    def _new_event(self, ctx: AppContext) -> None:
        ctx.ui["extended"] = False
        ctx.ui["long_day"] = None
        ctx.start_activity(EVENT, {"new_event_start_ts": self._selected_day(ctx)})

    def _new_task(self, ctx: AppContext) -> None:
        ctx.ui["extended"] = False
        ctx.ui["long_day"] = None
        ctx.start_activity(TASK, {"new_task_start_ts": self._selected_day(ctx)})

    def _selected_day(self, ctx: AppContext) -> str:
        return str(ctx.ui.get("long_day") or ctx.ui.get("day") or TODAY.isoformat())

    def _menu_item(self, ctx: AppContext, activity: str | None) -> None:
        ctx.ui["menu"] = False
        ctx.ui["extended"] = False
        if activity:
            ctx.start_activity(activity)

    def _save_task(self, ctx: AppContext) -> None:
        if not ctx.ui.get("title", "").strip():
            ctx.toast("Title cannot be empty")
            return
        ctx.data["tasks"].append(
            {"title": ctx.ui["title"], "description": ctx.ui.get("description", "")}
        )
        ctx.finish()

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == TASK:
            return self._task(ctx)
        if ctx.activity == SETTINGS:
            return self._stub("Settings")
        if ctx.activity == ABOUT:
            return self._stub("About")
        return Screen(content=w.frame_layout())

    def _stub(self, title: str) -> Screen:
        return Screen(content=w.child_page(title))

    def _search_bar(self, ctx: AppContext) -> View:
        in_day = ctx.ui.get("day") is not None
        actions: list[View] = []
        this_month = [TODAY.year, TODAY.month]
        away = ctx.ui["day"] != TODAY.isoformat() if in_day else ctx.ui["month"] != this_month
        if away:
            actions.append(w.action_item("go_to_today", "Go to today", self._go_today))
        actions += [
            w.action_item("change_view", "Change view", None),
            w.action_item("settings", "Settings", w.bind(self._menu_item, SETTINGS)),
            w.overflow_button(lambda c: c.ui.update(menu=True, extended=False)),
        ]
        field = w.edit_text("top_toolbar_search", "", None, hint="Search")
        navigation = w.nav_button("Back", self._back_arrow) if in_day else None
        children = [navigation] if navigation is not None else []
        children += [field, *actions]
        return w.linear_layout(
            children, rid="main_menu", horizontal=True, height=w.TOOLBAR_HEIGHT, weight=0
        )

    def _back_arrow(self, ctx: AppContext) -> None:
        self.on_back(ctx)

    def _go_today(self, ctx: AppContext) -> None:
        ctx.ui["extended"] = False
        ctx.ui["month"] = [TODAY.year, TODAY.month]
        if ctx.ui.get("day") is not None:
            ctx.ui["day"] = TODAY.isoformat()

    def _top_navigation(self, title: str, prev_desc: str, next_desc: str, delta: Any) -> list[View]:
        return [
            w.image_view("top_left_arrow", prev_desc, w.bind(delta, -1), width=147),
            w.text_view(title, "top_value", content_desc=title),
            w.image_view("top_right_arrow", next_desc, w.bind(delta, 1), width=147),
        ]

    def _month_fragment(self, ctx: AppContext) -> View:
        year, month = ctx.ui["month"]
        first = dt.date(year, month, 1)
        start = first - dt.timedelta(days=(first.weekday() + 1) % 7)  # weeks start on Sunday
        cells: list[View] = []
        for index in range(42):
            day = start + dt.timedelta(days=index)
            cells.append(
                View(
                    cls="android.view.View",
                    resource_id="month_view_background",
                    content_desc=f"{day.day} {w.MONTHS[day.month - 1]}",
                    on_click=w.bind(self._open_day, day.isoformat()),
                    on_long_click=w.bind(self._long_day, day.isoformat()),
                    height=220,
                )
            )
        rows = [
            w.linear_layout(cells[r * 7 : r * 7 + 7], horizontal=True, height=220) for r in range(6)
        ]
        return w.relative_layout(
            [
                w.linear_layout(
                    self._top_navigation(
                        _month_title(year, month),
                        "Go to previous month",
                        "Go to next month",
                        self._shift,
                    ),
                    rid="calendar_wrapper",
                    horizontal=True,
                    height=147,
                    weight=0,
                ),
                w.linear_layout(rows, rid="month_view_wrapper"),
            ],
            rid="month_calendar_holder",
        )

    def _long_day(self, ctx: AppContext, day: str) -> None:
        if ctx.data["allow_creating_tasks"]:
            ctx.ui["long_day"] = day
        else:
            ctx.ui["long_day"] = day
            self._new_event(ctx)

    def _day_fragment(self, ctx: AppContext) -> View:
        day = dt.date.fromisoformat(ctx.ui["day"])
        return w.relative_layout(
            [
                w.linear_layout(
                    self._top_navigation(
                        _day_title(day), "Go to previous day", "Go to next day", self._shift_day
                    ),
                    rid="calendar_wrapper",
                    horizontal=True,
                    height=147,
                    weight=0,
                ),
                View(cls="androidx.recyclerview.widget.RecyclerView", resource_id="day_events"),
            ],
            rid="day_holder",
        )

    def _main(self, ctx: AppContext) -> Screen:
        fragment = (
            self._day_fragment(ctx) if ctx.ui.get("day") is not None else self._month_fragment(ctx)
        )
        layers: list[View] = [w.frame_layout([fragment], rid="fragments_holder")]
        if ctx.ui.get("extended"):
            labels = w.linear_layout(
                [
                    w.linear_layout(
                        [
                            w.text_view("Task", "fab_task_label", on_click=self._new_task),
                            w.image_view("fab_task_icon", "", self._new_task, width=168),
                        ],
                        horizontal=True,
                        height=168,
                    ),
                    w.text_view("Event", "fab_event_label", on_click=self._new_event, height=168),
                    View(cls="android.view.View", height=210),  # the FAB's place
                ],
                width=600,
                height=546,
                gravity="bottom_end",
            )
            layers.append(
                w.frame_layout(
                    [labels],
                    rid="fab_extended_overlay",
                    layout=FRAME,
                    on_click=lambda c: c.ui.update(extended=False),
                )
            )
        layers.append(w.fab("calendar_fab", "New Event", self._fab))
        holder = w.frame_layout(layers, rid="main_holder", layout=FRAME)
        content = w.linear_layout([self._search_bar(ctx), holder], rid="main_coordinator")
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            items = [
                ("Go to date", w.bind(self._menu_item, None), "go_to_date"),
                ("Print", w.bind(self._menu_item, None), "print"),
                ("Add holidays", w.bind(self._menu_item, None), "add_holidays"),
                ("Add contact birthdays", w.bind(self._menu_item, None), "add_birthdays"),
                ("Add contact anniversaries", w.bind(self._menu_item, None), "add_anniversaries"),
                ("About", w.bind(self._menu_item, ABOUT), "about"),
            ]
            windows.append(w.menu_window(items, lambda c: c.ui.update(menu=False)))
        if ctx.ui.get("long_day") is not None:
            windows.append(
                Window(
                    root=w.linear_layout(
                        [
                            View(
                                cls="android.widget.RadioGroup",
                                resource_id="dialog_radio_group",
                                children=[
                                    w.radio_button("", "Event", False, self._new_event),
                                    w.radio_button("", "Task", False, self._new_task),
                                ],
                            )
                        ],
                        weight=0,
                    ),
                    on_dismiss=lambda c: c.ui.update(long_day=None),
                )
            )
        return Screen(content=content, windows=windows)

    def _task(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "New Task",
            navigation=w.up_button(),
            actions=[w.action_item("save", "Save", self._save_task)],
            rid="task_toolbar",
        )
        fields = w.linear_layout(
            [
                w.edit_text(
                    "task_title",
                    ctx.ui.get("title", ""),
                    lambda c, t: c.ui.update(title=t),
                    hint="Title",
                ),
                w.edit_text(
                    "task_description",
                    ctx.ui.get("description", ""),
                    lambda c, t: c.ui.update(description=t),
                    hint="Description",
                ),
                w.text_view(
                    _day_title(
                        dt.date.fromisoformat(
                            str(ctx.extras.get("new_task_start_ts") or TODAY.isoformat())
                        )
                    ),
                    "task_date",
                ),
            ],
            rid="task_holder",
        )
        return Screen(content=w.linear_layout([bar, fields], rid="task_coordinator"))
