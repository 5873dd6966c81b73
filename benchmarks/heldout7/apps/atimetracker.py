"""A Time Tracker (``com.markuspage.android.atimetracker``, netmackan/ATimeTracker) 0.20, for
ATimeTracker#34.

A task timer: the main list (``Tasks``, a ListActivity) shows each task's name, a check mark
while it runs and its total for the chosen date range; a tap starts the task (stopping the one
running), a second tap stops it. The options menu (Add task, Report, More…) sits in the action
bar's overflow; a long press on a task opens its context menu (Edit Task, Delete Task, Show
Times). "Show Times" opens ``TaskTimes``, the task's time ranges under a date header; tapping a
range (or its context menu's "Edit Time") opens ``EditTime``, the start (and end) date and time
pickers with OK and Cancel.

Sources read at tag v0.20 (commit 3589d35, 2015-05-14, "Issue #29: Use correct format for
hours in export...", versionName 0.20), the "14-May-2015 update" of the report:
``Tasks.java``, ``TaskTimes.java``, ``EditTime.java``, ``Task.java``, ``TimeRange.java``,
``DBHelper.java``, ``Settings.java``, the layouts ``edit_task``, ``edit_time_range``,
``edit_running_time_range``, ``about``, ``preferences``, ``values/strings.xml``,
``values/arrays.xml`` and ``AndroidManifest.xml``. The fix is 9b8c8ab ("Issue #34: Adding
missing null check for the case when there is no end time", 2015-05-15).

Bug ATimeTracker#34 (crash): commit f6e28d1 (v0.20, issue #26) made ``EditTime.onCreate`` call
``setIs24HourView`` on both ``start_time`` and ``end_time``. For a range still running (its
end is ``TimeRange.NULL``) the activity inflates ``edit_running_time_range``, which has no
``end_time`` TimePicker, so ``findViewById`` returns null and ``endTime.setIs24HourView`` throws
a NullPointerException while the activity starts (``EditTime.java:66``): "Unable to start
activity ... EditTime". Editing a stopped range, or adding a range from the menu, inflates
``edit_time_range`` and works.

First run: ``Tasks.onCreate`` shows the Help (about) dialog while there is no task. Stubbed: the
More… items other than "Change date range" and "Settings" close the list (export and backup
need the SD card); Report is a titled stub; Settings lists its rows without acting on them
(its OK button returns); the date and time pickers of EditTime show their values and do not
change them; "Move Time" lists the tasks and moves the range. Time is a fixed clock (Friday
15 May 2015; the first tap on a task happens at 10:00) that advances one minute on each
tap of a task, so ranges have distinct start and end minutes; totals therefore read 00:00,
00:01 and so on.
Uncertain: the report names no Android release's stack; the NullPointerException's message
and the framework frames are those of ART on Android 7.1 (the reporter ran Dalvik on 4.4.4,
whose NPE has no message). The context menus are drawn as popups without their header, as
Android 7+ draws a ListView's context menu at the touch point.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text, long_click
from device_agent.virtual.stacks import launch_frames
from device_agent.virtual.views import Handler, Screen, View, Window

PACKAGE = "com.markuspage.android.atimetracker"
TASKS = ".Tasks"
TIMES = ".TaskTimes"
EDIT = ".EditTime"
REPORT = ".Report"
SETTINGS = ".Settings"

RTE = "java.lang.RuntimeException"
NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'void android.widget.TimePicker.setIs24HourView"
    "(java.lang.Boolean)' on a null object reference"
)
START_FAILED = (
    f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}.EditTime}}: {NPE}: {NPE_MESSAGE}"
)
CAUSE_FRAMES = [
    f"{PACKAGE}.EditTime.onCreate(EditTime.java:66)",
    "android.app.Activity.performCreate(Activity.java:6679)",
    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1118)",
    *launch_frames(25, perform_line=2618),
]

VIEWS = ("Today", "This week", "Yesterday", "Last week", "All", "Select range...")
MORE = (
    "Change date range",
    "Export view to CSV",
    "Back up to SD card",
    "Restore from backup",
    "Settings",
    "Help",
)
DAY = "Friday, May 15 2015"  # SEPFORMAT "EEEE, MMM dd yyyy"
USAGE = (
    "Detailed instructions are at https://github.com/netmackan/ATimeTracker\n\n"
    "• Create some tasks using the menu\n"
    "• Tap a task to start timing; tap it again to stop timing\n"
    "• Use the context menu for a task to list times\n"
    "• Change configuration options with the menu\n"
    "• View a weekly report with the menu"
)
CREDITS = (
    "Credits\n\nBased on TimeTracker+ by Sean E. Russell.\n"
    "Application icon from Tango Project (tango.freedesktop.org)."
)
PREFERENCES = (
    ("Week start day", "Sunday"),
    ("12/24 hour mode", "13:00"),
    ("Multiple concurrently running tasks", "Only one task can run at a time"),
    ("Sound", "Sound disabled"),
    ("Vibrate", "Vibrate enabled"),
    ("Font size", "Small"),
    ("Time display", "Standard (HH:MM)"),
    ("Round report times", "No"),
)


def running_range_edited(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of ATimeTracker#34: EditTime failed to start for a running range (the
    NullPointerException of ``endTime.setIs24HourView``)."""
    return crashed(system, PACKAGE, RTE, "EditTime", "setIs24HourView")


def _hhmm(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def _total(minutes: int) -> str:
    """``Tasks.formatTotal``: ``%02d:%02d`` hours and minutes."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _items_dialog(items: list[tuple[str, Handler]], close: Handler) -> Window:
    """An untitled ``setItems`` AlertDialog: one ``android:id/text1`` row per ``(text, handler)``,
    no buttons."""
    listing = View(
        cls="android.widget.ListView",
        resource_id="android:id/select_dialog_listview",
        weight=0,
        children=[
            w.text_view(text, "android:id/text1", height=147, on_click=handler)
            for text, handler in items
        ],
    )
    return w.alert_dialog(View(cls="android.view.View", height=0), [listing], [], close)


def _range_text(r: dict[str, Any]) -> str:
    """``TimeRange.toString``: start, then end or "..." while it runs."""
    return f"{_hhmm(r['start'])} - {_hhmm(r['end']) if r['end'] is not None else '...'}"


# -- steps -------------------------------------------------------------------------------------
OK = click(PACKAGE, "android:id/button1", "OK")
MENU = click(PACKAGE, desc="More options")
ADD_TASK = click(PACKAGE, "android:id/title", "Add task")
CONFIRM_ADD = click(PACKAGE, "android:id/button1", "Add task")
SHOW_TIMES = click(PACKAGE, "android:id/title", "Show Times")
BACK: dict[str, Any] = {"kind": "press_back"}


def add_task(name: str) -> list[dict[str, Any]]:
    return [MENU, ADD_TASK, input_text(PACKAGE, "task_edit_name_edit", name), CONFIRM_ADD]


def tap_task(name: str) -> dict[str, Any]:
    return click(PACKAGE, "", name)


def hold_task(name: str) -> dict[str, Any]:
    return long_click(PACKAGE, "", name)


class ATimeTracker(VirtualApp):
    """A Time Tracker 0.20: Tasks, TaskTimes and EditTime, with Report and Settings stubs."""

    name: ClassVar[str] = "ATimeTracker"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "A Time Tracker"
    version: ClassVar[str] = "0.20"
    launch_activity: ClassVar[str] = TASKS
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "ATimeTracker#34",
            "crash",
            "14-May-2015 update causes application to crash when editing an ongoing task",
            running_range_edited,
            human_steps=(
                OK,
                *add_task("Work"),
                tap_task("Work"),
                hold_task("Work"),
                SHOW_TIMES,
                click(PACKAGE, "", "10:00 - ..."),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # The tasks and ranges tables of timetracker.db, the view_mode preference and a clock
        # (minutes since midnight of 15 May 2015).
        return {"tasks": [], "ranges": [], "next_id": 1, "view": 0, "now": 599}

    # -- model -------------------------------------------------------------------------------
    def _task(self, ctx: AppContext, task_id: int) -> dict[str, Any]:
        return next(t for t in ctx.data["tasks"] if t["id"] == task_id)

    def _running(self, ctx: AppContext, task_id: int) -> dict[str, Any] | None:
        for r in ctx.data["ranges"]:
            if r["task"] == task_id and r["end"] is None:
                return r
        return None

    def _minutes(self, ctx: AppContext, task_id: int) -> int:
        now = ctx.data["now"]
        return sum(
            (r["end"] if r["end"] is not None else now) - r["start"]
            for r in ctx.data["ranges"]
            if r["task"] == task_id
        )

    def _tap_task(self, ctx: AppContext, task_id: int) -> None:
        """``onListItemClick`` (one task at a time): stop what runs, start the tapped task
        unless it was the one running."""
        ctx.data["now"] += 1
        now = ctx.data["now"]
        was_running = self._running(ctx, task_id) is not None
        for r in ctx.data["ranges"]:
            if r["end"] is None:
                r["end"] = now
        if not was_running:
            ctx.data["ranges"].append({"task": task_id, "start": now, "end": None})

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == TASKS:
            ui.setdefault("menu", None)
            ui.setdefault("dialog", "help" if not ctx.data["tasks"] else None)
            ui.setdefault("text", "")
        elif ctx.activity == TIMES:
            ui.setdefault("menu", None)
            ui.setdefault("dialog", None)
            if "times" not in ui:
                # TimesAdapter.loadTimes, once, in onCreate.
                task_id = ctx.extras["task"]
                ui["times"] = sorted(
                    ([r["start"], r["end"]] for r in ctx.data["ranges"] if r["task"] == task_id),
                    key=lambda r: (r[0], r[1] is None, r[1] or 0),
                )
        elif ctx.activity == EDIT:
            if ctx.extras.get("running"):
                # edit_running_time_range has no end_time: findViewById returns null.
                raise JavaException(
                    RTE,
                    START_FAILED,
                    launch_frames(25),
                    cause=JavaException(NPE, NPE_MESSAGE, CAUSE_FRAMES),
                )
            ui.setdefault("dialog", False)

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "menu", None)

    # -- Tasks -------------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _option(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = None
        if item == "add":
            ctx.ui.update(dialog="add", text="")  # onPrepareDialog clears the name
        elif item == "report":
            ctx.start_activity(REPORT)
        else:
            ctx.ui["dialog"] = "more"

    def _context(self, ctx: AppContext, item: str, task_id: int) -> None:
        ctx.ui["menu"] = None
        if item == "times":
            ctx.start_activity(TIMES, {"task": task_id})
        elif item == "edit":
            ctx.ui.update(dialog="edit", selected=task_id, text=self._task(ctx, task_id)["name"])
        else:
            ctx.ui.update(dialog="delete", selected=task_id)

    def _add(self, ctx: AppContext) -> None:
        """``openNewTaskDialog``'s positive button: ``addTask`` with the name as typed."""
        ctx.data["tasks"].append({"id": ctx.data["next_id"], "name": ctx.ui["text"]})
        ctx.data["next_id"] += 1
        ctx.ui["dialog"] = None

    def _rename(self, ctx: AppContext) -> None:
        self._task(ctx, ctx.ui["selected"])["name"] = ctx.ui["text"]
        ctx.ui["dialog"] = None

    def _delete(self, ctx: AppContext) -> None:
        task_id = ctx.ui["selected"]
        ctx.data["tasks"] = [t for t in ctx.data["tasks"] if t["id"] != task_id]
        ctx.data["ranges"] = [r for r in ctx.data["ranges"] if r["task"] != task_id]
        ctx.ui["dialog"] = None

    def _more(self, ctx: AppContext, which: int) -> None:
        ctx.ui["dialog"] = None
        if which == 0:
            ctx.ui["dialog"] = "views"
        elif which == 4:
            ctx.start_activity(SETTINGS)
        elif which == 5:
            ctx.ui["dialog"] = "help"

    def _view(self, ctx: AppContext, which: int) -> None:
        ctx.data["view"] = which
        ctx.ui["dialog"] = None

    def _bar(self, title: str, on_menu: Any) -> View:
        actions = [w.overflow_button(on_menu)] if on_menu else []
        return w.toolbar(title, actions=actions, rid="android:id/action_bar")

    def _tasks(self, ctx: AppContext) -> Screen:
        tasks = sorted(ctx.data["tasks"], key=lambda t: t["name"].upper())
        rows = []
        for t in tasks:
            children = [w.text_view(t["name"])]
            if self._running(ctx, t["id"]) is not None:
                children.append(w.image_view(width=90))  # the check mark
            children.append(w.text_view(_total(self._minutes(ctx, t["id"])), width=200))
            rows.append(
                w.linear_layout(
                    children,
                    horizontal=True,
                    height=150,
                    on_click=w.bind(self._tap_task, t["id"]),
                    on_long_click=w.bind(self._set, menu=["context", t["id"]]),
                )
            )
        total = sum(self._minutes(ctx, t["id"]) for t in tasks)
        title = f"A Time Tracker ({VIEWS[ctx.data['view']]}) {_total(total)}"
        bar = self._bar(title, w.bind(self._set, menu=["options", None]))
        content = w.linear_layout([bar, w.list_view(rows)])
        return Screen(content=content, windows=self._tasks_windows(ctx))

    def _tasks_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        close_menu = w.bind(self._set, menu=None)
        close = w.bind(self._set, dialog=None)
        windows: list[Window] = []
        menu = ui["menu"]
        if menu and menu[0] == "options":
            items = [
                ("Add task", w.bind(self._option, "add")),
                ("Report", w.bind(self._option, "report")),
                ("More…", w.bind(self._option, "more")),
            ]
            windows.append(w.menu_window(items, close_menu, title_rid="android:id/title"))
        elif menu:
            items = [
                ("Edit Task", w.bind(self._context, "edit", menu[1])),
                ("Delete Task", w.bind(self._context, "delete", menu[1])),
                ("Show Times", w.bind(self._context, "times", menu[1])),
            ]
            windows.append(w.menu_window(items, close_menu, title_rid="android:id/title"))
        dialog = ui["dialog"]
        no_title = View(cls="android.view.View", height=0)
        if dialog == "help":
            about = w.linear_layout(
                [
                    w.text_view("A Time Tracker"),
                    w.text_view("Version 0.20", "version"),
                    w.text_view("Open Source Time Tracker"),
                    w.scroll_view(
                        [
                            w.linear_layout(
                                [
                                    w.text_view(USAGE, "usage", height=700),
                                    w.text_view(CREDITS, "credits", height=300),
                                ]
                            )
                        ]
                    ),
                ],
                rid="about_dialog",
                weight=0,
                height=1300,
            )
            windows.append(
                w.alert_dialog(no_title, [about], w.dialog_buttons(("OK", close)), close)
            )
        elif dialog in ("add", "edit"):
            field = w.linear_layout(
                [
                    w.text_view("Task name", "task_edit_name_label", width=300),
                    w.edit_text(
                        "task_edit_name_edit", ui["text"], lambda c, t: c.ui.update(text=t)
                    ),
                ],
                horizontal=True,
                weight=0,
                height=150,
            )
            if dialog == "add":
                windows.append(
                    w.input_dialog(
                        "Add task", field, ("Add task", self._add), ("Cancel", close), close
                    )
                )
            else:
                buttons = w.dialog_buttons(("OK", self._rename), ("Cancel", close))
                windows.append(w.alert_dialog(no_title, [field], buttons, close))
        elif dialog == "delete":
            name = self._task(ctx, ui["selected"])["name"]
            message = f"Are you sure you want to delete '{name}' and all of it's time records?"
            windows.append(
                w.confirm_dialog(
                    "Delete Task", message, ("Delete", self._delete), ("Cancel", close), close
                )
            )
        elif dialog in ("more", "views"):
            choices, pick = (MORE, self._more) if dialog == "more" else (VIEWS, self._view)
            windows.append(
                _items_dialog([(c, w.bind(pick, i)) for i, c in enumerate(choices)], close)
            )
        return windows

    # -- TaskTimes ---------------------------------------------------------------------------
    def _edit_range(self, ctx: AppContext, index: int) -> None:
        ctx.ui["menu"] = None
        start, end = ctx.ui["times"][index]
        ctx.start_activity(EDIT, {"start": start, "end": end, "running": end is None})

    def _add_range(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        ctx.start_activity(EDIT, {"clear": True})

    def _time_menu(self, ctx: AppContext, item: str, index: int) -> None:
        ctx.ui.update(menu=None, dialog=[item, index])

    def _drop(self, ctx: AppContext, index: int, new_task: int | None) -> None:
        """``deleteTimeRange`` / ``assignTimeToTaskAt``: the row leaves the list; the database
        row is deleted or given to the chosen task."""
        start, end = ctx.ui["times"].pop(index)
        task_id = ctx.extras["task"]
        for r in list(ctx.data["ranges"]):
            if r["task"] == task_id and r["start"] == start and r["end"] == end:
                if new_task is None:
                    ctx.data["ranges"].remove(r)
                else:
                    r["task"] = new_task
                break
        ctx.ui["dialog"] = None

    def _times(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        rows: list[View] = []
        if ui["times"]:
            rows.append(w.text_view(DAY, height=120))
        for i, (start, end) in enumerate(ui["times"]):
            r = {"start": start, "end": end}
            minutes = (end if end is not None else ctx.data["now"]) - start
            rows.append(
                w.linear_layout(
                    [w.text_view(_range_text(r)), w.text_view(_total(minutes), width=200)],
                    horizontal=True,
                    height=150,
                    on_click=w.bind(self._edit_range, i),
                    on_long_click=w.bind(self._set, menu=["context", i]),
                )
            )
        bar = self._bar("Task Times", w.bind(self._set, menu=["options", None]))
        windows: list[Window] = []
        close_menu = w.bind(self._set, menu=None)
        close = w.bind(self._set, dialog=None)
        menu = ui["menu"]
        if menu and menu[0] == "options":
            add = self._add_range
            windows.append(
                w.menu_window(
                    [("Add a new time range", add)], close_menu, title_rid="android:id/title"
                )
            )
        elif menu:
            items = [
                ("Edit Time", w.bind(self._edit_range, menu[1])),
                ("Delete Time", w.bind(self._time_menu, "delete", menu[1])),
                ("Move Time", w.bind(self._time_menu, "move", menu[1])),
            ]
            windows.append(w.menu_window(items, close_menu, title_rid="android:id/title"))
        dialog = ui["dialog"]
        if dialog and dialog[0] == "delete":
            windows.append(
                w.confirm_dialog(
                    "Delete Task",
                    "Are you sure you want to delete this time range?",
                    ("Delete", w.bind(self._drop, dialog[1], None)),
                    ("Cancel", close),
                    close,
                )
            )
        elif dialog:
            names = sorted(ctx.data["tasks"], key=lambda t: t["name"])
            items = [(t["name"], w.bind(self._drop, dialog[1], t["id"])) for t in names]
            windows.append(_items_dialog(items, close))
        return Screen(content=w.linear_layout([bar, w.list_view(rows)]), windows=windows)

    # -- EditTime ----------------------------------------------------------------------------
    def _accept(self, ctx: AppContext) -> None:
        extras = ctx.extras
        if not extras.get("clear") and extras["end"] <= extras["start"]:
            ctx.ui["dialog"] = True  # "The end time must be greater than the start time"
            return
        ctx.finish()

    def _edit(self, ctx: AppContext) -> Screen:
        extras = ctx.extras
        start = extras.get("start", ctx.data["now"])
        end = extras.get("end", start)
        fields: list[View] = []
        for label, rid, minute in (("Start Time", "start", start), ("End Time", "end", end)):
            fields += [
                w.text_view(label, f"{rid}_time_label"),
                View(
                    cls="android.widget.DatePicker",
                    resource_id=f"{rid}_date",
                    height=300,
                    children=[w.text_view("May 15, 2015")],
                ),
                View(
                    cls="android.widget.TimePicker",
                    resource_id=f"{rid}_time",
                    height=300,
                    children=[w.text_view(_hhmm(minute))],
                ),
            ]
        buttons = w.linear_layout(
            [
                w.button("accept", "OK", self._accept),
                w.button("time_edit_cancel", "Cancel", w.finish),
            ],
            horizontal=True,
            height=140,
        )
        body = w.scroll_view([w.linear_layout([*fields, buttons], weight=0)])
        windows: list[Window] = []
        if ctx.ui["dialog"]:
            close = w.bind(self._set, dialog=False)
            windows.append(
                w.confirm_dialog(
                    "Time Range Error",
                    "The end time must be greater than the start time",
                    ("OK", close),
                    None,
                    close,
                )
            )
        return Screen(
            content=w.linear_layout([self._bar("Edit Time", None), body]), windows=windows
        )

    # -- stubs -------------------------------------------------------------------------------
    def _settings(self) -> Screen:
        rows = [
            w.list_row(title, value, title_rid="preference_name", subtitle_rid="current_value")
            for title, value in PREFERENCES
        ]
        content = w.linear_layout(
            [
                self._bar("Settings", None),
                w.list_view(rows),
                w.button("pref_accept", "OK", w.finish),
            ]
        )
        return Screen(content=content)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TIMES:
            return self._times(ctx)
        if ctx.activity == EDIT:
            return self._edit(ctx)
        if ctx.activity == SETTINGS:
            return self._settings()
        if ctx.activity == REPORT:
            week = w.text_view("Report for the week May 10, 2015 to May 16, 2015", "week")
            return Screen(content=w.linear_layout([self._bar("Report", None), week]))
        return self._tasks(ctx)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "ATimeTracker#34": [
        # The task is stopped before its time is edited: the range has an end.
        [
            OK,
            *add_task("Work"),
            tap_task("Work"),
            tap_task("Work"),
            hold_task("Work"),
            SHOW_TIMES,
            click(PACKAGE, "", "10:00 - 10:01"),
        ],
        # Never started: the list is empty, and a new range is added from the menu instead.
        [
            OK,
            *add_task("Work"),
            hold_task("Work"),
            SHOW_TIMES,
            MENU,
            click(PACKAGE, "android:id/title", "Add a new time range"),
        ],
        # The running range is deleted instead of edited.
        [
            OK,
            *add_task("Work"),
            tap_task("Work"),
            hold_task("Work"),
            SHOW_TIMES,
            long_click(PACKAGE, "", "10:00 - ..."),
            click(PACKAGE, "android:id/title", "Delete Time"),
            click(PACKAGE, "android:id/button1", "Delete"),
        ],
        # The times are shown, then left with Back.
        [OK, *add_task("Work"), tap_task("Work"), hold_task("Work"), SHOW_TIMES, BACK],
    ],
}
