"""Plees Tracker (``hu.vmiklos.plees_tracker``, vmiklos/plees-tracker) 7.3.0, for
plees-tracker#253.

A sleep tracker: the main screen (``MainActivity``) shows the Status, a Dashboard of
statistics, the "Past sleeps" list (a RecyclerView of cards: start, stop, "Slept for") and
the Start / Stop button (``start_stop_layout``: a FAB and its label); Start records the start,
Stop stores the sleep. Tapping a card opens ``SleepActivity`` ("Sleep #<id>"): "Sleep Details",
the start and stop timestamps (tapping one opens a DatePickerDialog, then a TimePickerDialog),
the rating bar and the "Notes:" field.

Sources read at tag 7.3.0's commit 629a38f ("plees-tracker 7.3.0", 2022-02-11, versionName
7.3.0), the version of the report: ``MainActivity.kt``, ``MainViewModel.kt``,
``SleepActivity.kt``, ``SleepViewModel.kt``, ``SleepCommentCallback.kt``,
``SleepRateCallback.kt``, ``SleepClickCallback.kt``, ``SleepsAdapter.kt``, ``DataModel.kt``,
``SleepDao.kt``, ``Sleep.kt``, the layouts ``activity_main``, ``activity_sleep``,
``layout_sleep_item``, ``fragment_stats``, ``menu/menu_main.xml``, ``values/strings.xml``,
``styles.xml`` (AppCompat DarkActionBar) and the manifest. The fix is 26701c3 ("[#253] Patch to
prevent updates without change", 2022-02-21) with dabdbf5 ("SleepViewModel: fix leaked comment
listener").

Bug plees-tracker#253 (non-crash): ``SleepViewModel.showSleep`` loads the sleep from the
database, fills the views, calls ``comment.setText(sleep.comment)`` and then adds a new
``SleepCommentCallback`` holding that loaded object; no callback is ever removed. Editing the
start or stop time (``editSleep``) loads another copy, sets the picked time, stores it and
calls ``showSleep`` again, whose ``setText`` fires every callback added before: each sets its
own (older) copy's comment and stores that copy with ``updateSleep``, writing the old start and
stop back. The screen shows the new time, the database (and the list) keeps the old one. A
comment typed after the edit fires the callbacks again, the newest one last, which stores the
new time: hence "if a comment is entered, the time change is saved".

Modelled: the database rows, the tracking state, the callbacks of the open SleepActivity (each
a copy of the sleep, fired in the order added), the date and time pickers (24-hour; the hour
face switches to the minutes after an hour is picked, as the framework's picker does) and the
"stop is not after start" toast. Stubbed: the overflow menu's items (import, export,
statistics, graphs, settings, website, about) close the menu; the rating bar is shown, not
rated; swipe-to-delete is not modelled; the automatic backup is a no-op. The clock is fixed
(Friday 18 February 2022, 22:30:00) and advances one minute per press of Start / Stop.
Uncertain: the reporter's "occasionally" shown toast is not explained by the sources for this
path (it shows when the picked start is not before the stop).
"""

from __future__ import annotations

import calendar
from datetime import datetime, timedelta
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "hu.vmiklos.plees_tracker"
MAIN = ".MainActivity"
SLEEP = ".SleepActivity"
BASE = datetime(2022, 2, 18)  # the clock counts seconds from here
MENU = (
    "Import File",
    "Import from Calendar",
    "Export to File",
    "Export to Calendar",
    "Statistics",
    "Graphs",
    "Settings",
    "Website",
    "About",
)
NEGATIVE = "Not updating the sleep, stop is not after start."


def _stamp(seconds: int) -> str:
    """``DataModel.formatTimestamp``: ``yyyy-MM-dd HH:mm:ss``."""
    return (BASE + timedelta(seconds=seconds)).strftime("%Y-%m-%d %H:%M:%S")


def _duration(seconds: int) -> str:
    """``DataModel.formatDuration``: ``%d:%02d:%02d``."""
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def _row(data: dict[str, Any], sid: int) -> dict[str, Any] | None:
    return next((s for s in data["sleeps"] if s["sid"] == sid), None)


def edit_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of plees-tracker#253: the last start/stop change the pickers stored is not
    what the database holds for that sleep."""
    edit = data.get("edit")
    if not edit:
        return False
    row = _row(data, edit["sid"])
    return row is not None and row[edit["field"]] != edit["value"]


# -- steps -------------------------------------------------------------------------------------
START = click(PACKAGE, "start_stop_text", "Start")
STOP = click(PACKAGE, "start_stop_text", "Stop")
OPEN_SLEEP = click(PACKAGE, "sleep_item_start", "2022-02-18 22:30:00")
EDIT_START = click(PACKAGE, "sleep_start", "2022-02-18 22:30:00")
OK = click(PACKAGE, "android:id/button1", "OK")
CANCEL = click(PACKAGE, "android:id/button2", "Cancel")
BACK: dict[str, Any] = {"kind": "press_back"}


def hour(h: int) -> dict[str, Any]:
    return click(PACKAGE, desc=str(h))


class PleesTracker(VirtualApp):
    """Plees Tracker 7.3.0: MainActivity and SleepActivity."""

    name: ClassVar[str] = "plees-tracker"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Plees Tracker"
    version: ClassVar[str] = "7.3.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "plees-tracker#253",
            "non-crash",
            "Start Time not saved after change without comment",
            edit_lost,
            human_steps=(START, STOP, OPEN_SLEEP, EDIT_START, OK, hour(21), OK),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # The Room "sleep" table, DataModel.start/stop, the clock, the last stored edit.
        return {
            "sleeps": [],
            "next_sid": 1,
            "start": None,
            "stop": None,
            "now": 22 * 3600 + 30 * 60,
            "edit": None,
        }

    # -- MainActivity ------------------------------------------------------------------------
    def _start_stop(self, ctx: AppContext) -> None:
        data = ctx.data
        if data["start"] is not None and data["stop"] is None:
            data["stop"] = data["now"]
            # MainViewModel.stopSleep: DataModel.storeSleep.
            data["sleeps"].append(
                {
                    "sid": data["next_sid"],
                    "start": data["start"],
                    "stop": data["stop"],
                    "rating": 0,
                    "comment": "",
                }
            )
            data["next_sid"] += 1
        else:
            data["start"] = data["now"]
            data["stop"] = None
        data["now"] += 60

    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _main(self, ctx: AppContext) -> Screen:
        data = ctx.data
        if data["start"] is not None and data["stop"] is not None:
            status, label, desc = "Tracking stopped", "Start", "Start again"
        elif data["start"] is not None:
            status, label, desc = f"Sleeping since {_stamp(data['start'])}", "Stop", "Stop"
        else:
            status, label, desc = "Press the button below to begin tracking", "Start", "Start"
        sleeps = sorted(data["sleeps"], key=lambda s: -s["start"])
        lengths = [s["stop"] - s["start"] for s in sleeps]
        days = {(BASE + timedelta(seconds=s["stop"])).date() for s in sleeps}
        average = _duration(sum(lengths) // len(lengths)) if sleeps else ""
        daily = ""
        if days:
            span = (max(days) - min(days)).days + 1
            daily = _duration(sum(lengths) // span)
        stats = w.linear_layout(
            [
                w.linear_layout([w.text_view(v, rid), w.text_view(t)], weight=1)
                for v, rid, t in (
                    (str(len(sleeps)), "fragment_stats_sleeps", "Sleeps"),
                    (average, "fragment_stats_average", "Average"),
                    (daily, "fragment_stats_daily", "Daily"),
                )
            ],
            rid="last_week_body",
            horizontal=True,
            height=341,
        )
        header = w.linear_layout(
            [
                w.text_view("Status", "status_header"),
                w.text_view(status, "status"),
                w.text_view("Dashboard (Last week)", "dashboard_header"),
                w.frame_layout([stats], rid="dashboard_body", height=341, weight=0),
                w.text_view("Past sleeps", "past_header"),
            ],
            rid="appbar_layout",
            weight=0,
        )
        cards = [self._card(s) for s in sleeps]
        listing = w.list_view(cards, rid="sleeps", cls="androidx.recyclerview.widget.RecyclerView")
        fab = w.linear_layout(
            [
                View(
                    cls="android.widget.ImageButton",
                    resource_id="start_stop",
                    content_desc=desc,
                    width=168,
                    clickable=False,
                ),
                w.text_view(label, "start_stop_text", width=160),
            ],
            rid="start_stop_layout",
            horizontal=True,
            width=370,
            height=168,
            gravity="bottom_end",
            style="fab",
            on_click=self._start_stop,
        )
        bar = w.toolbar(
            "Plees Tracker",
            actions=[w.overflow_button(w.bind(self._set, menu=True))],
            rid="action_bar",
        )
        body = w.frame_layout([w.linear_layout([header, listing]), fab], layout=FRAME)
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            close = w.bind(self._set, menu=False)
            items = [(title, close) for title in MENU]
            windows.append(w.menu_window(items, close, title_rid="title"))
        return Screen(content=w.linear_layout([bar, body]), windows=windows)

    def _card(self, sleep: dict[str, Any]) -> View:
        """``layout_sleep_item``: the card (rating and awake duration hidden by default)."""
        rows = []
        for image, desc, header, rid, value in (
            (
                "start_image",
                "Started on",
                "started_on_header",
                "sleep_item_start",
                _stamp(sleep["start"]),
            ),
            (
                "stop_red_image",
                "Stopped on",
                "stopped_on_header",
                "sleep_item_stop",
                _stamp(sleep["stop"]),
            ),
            (
                "sleep_time_image",
                "Slept for",
                "sleep_time_header",
                "sleep_item_duration",
                _duration(sleep["stop"] - sleep["start"]),
            ),
        ):
            rows.append(
                w.linear_layout(
                    [
                        w.image_view(image, desc, width=100),
                        w.text_view(desc, header),
                        w.text_view(value, rid, width=500),
                    ],
                    horizontal=True,
                    height=100,
                )
            )
        card = View(
            cls="androidx.cardview.widget.CardView",
            resource_id="sleep_swipeable",
            children=[w.linear_layout(rows, rid="card_relative_layout")],
        )
        open_sleep = w.bind(lambda c, sid: c.start_activity(SLEEP, {"sid": sid}), sleep["sid"])
        return w.frame_layout([card], height=320, weight=0, on_click=open_sleep)

    # -- SleepActivity -----------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SLEEP and "shown" not in ctx.ui:
            ctx.ui.update(shown=None, callbacks=[], picker=None)
            self._show_sleep(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == SLEEP:
            return {}  # a new SleepViewModel and a new showSleep on re-creation
        return dict(ctx.ui)

    def _store(self, ctx: AppContext, copy: dict[str, Any]) -> None:
        """``DataModel.updateSleep``: Room's @Update of the row with the copy's values."""
        row = _row(ctx.data, copy["sid"])
        if row is not None:
            row.update(copy)

    def _comment_changed(self, ctx: AppContext, text: str) -> None:
        """``onTextChanged`` of every SleepCommentCallback added so far, oldest first."""
        for copy in ctx.ui["callbacks"]:
            copy["comment"] = text
            self._store(ctx, copy)

    def _show_sleep(self, ctx: AppContext) -> None:
        row = _row(ctx.data, ctx.extras["sid"])
        if row is None:
            return
        loaded = dict(row)  # DataModel.getSleepById: a new object
        ctx.ui["shown"] = dict(loaded)
        self._comment_changed(ctx, loaded["comment"])  # comment.setText(sleep.comment)
        ctx.ui["callbacks"].append(loaded)  # addTextChangedListener(a callback on it)

    def _edit(self, ctx: AppContext, field: str) -> None:
        """``editSleep``: a fresh copy of the row; the DatePickerDialog on its start/stop."""
        row = _row(ctx.data, ctx.extras["sid"])
        if row is None:
            return
        when = BASE + timedelta(seconds=row[field])
        ctx.ui["picker"] = {
            "field": field,
            "copy": dict(row),
            "stage": "date",
            "date": [when.year, when.month, when.day],
            "hour": when.hour,
            "minute": when.minute,
            "face": "hours",
        }

    def _picker(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui["picker"].update(values)

    def _pick_day(self, ctx: AppContext, day: int) -> None:
        ctx.ui["picker"]["date"][2] = day

    def _pick_month(self, ctx: AppContext, delta: int) -> None:
        year, month, day = ctx.ui["picker"]["date"]
        month += delta
        if month == 0:
            year, month = year - 1, 12
        elif month == 13:
            year, month = year + 1, 1
        day = min(day, calendar.monthrange(year, month)[1])
        ctx.ui["picker"]["date"] = [year, month, day]

    def _time_set(self, ctx: AppContext) -> None:
        """The TimePickerDialog's listener: set the field; store it and ``showSleep`` when the
        start stays before the stop, else the toast."""
        picker = ctx.ui["picker"]
        ctx.ui["picker"] = None
        copy, field = picker["copy"], picker["field"]
        old = BASE + timedelta(seconds=copy[field])
        year, month, day = picker["date"]
        new = datetime(year, month, day, picker["hour"], picker["minute"], old.second)
        copy[field] = int((new - BASE).total_seconds())
        if copy["start"] < copy["stop"]:
            self._store(ctx, copy)
            ctx.data["edit"] = {"sid": copy["sid"], "field": field, "value": copy[field]}
            self._show_sleep(ctx)
        else:
            ctx.toast(NEGATIVE)

    def _sleep(self, ctx: AppContext) -> Screen:
        shown = ctx.ui["shown"]
        rows: list[View] = []
        if shown is not None:
            for image, desc, header, rid, field in (
                ("start_image", "Started on", "started_on_header", "sleep_start", "start"),
                ("stop_red_image", "", "stopped_on_header", "sleep_stop", "stop"),
            ):
                rows.append(
                    w.linear_layout(
                        [
                            w.image_view(image, desc, width=100),
                            w.text_view("Started on" if field == "start" else "Stopped on", header),
                            w.text_view(
                                _stamp(shown[field]),
                                rid,
                                width=500,
                                on_click=w.bind(self._edit, field),
                            ),
                        ],
                        horizontal=True,
                        height=120,
                    )
                )
            rows.append(
                View(
                    cls="android.widget.RatingBar",
                    resource_id="sleep_item_rating",
                    height=120,
                    width=600,
                )
            )
            comment = w.edit_text("sleep_item_comment", shown["comment"], self._type_comment)
            rows.append(
                w.linear_layout(
                    [w.text_view("Notes:", "sleep_item_comment_label", width=200), comment],
                    horizontal=True,
                    height=150,
                )
            )
        card = View(
            cls="androidx.cardview.widget.CardView",
            weight=0,
            children=[w.linear_layout(rows, rid="card_relative_layout", weight=0)],
        )
        title = f"Sleep #{ctx.extras['sid']}"
        content = w.linear_layout(
            [
                w.toolbar(title, rid="action_bar"),
                w.text_view("Sleep Details", "sleep_details_header"),
                card,
            ]
        )
        return Screen(content=content, windows=self._picker_windows(ctx))

    def _type_comment(self, ctx: AppContext, text: str) -> None:
        ctx.ui["shown"]["comment"] = text
        self._comment_changed(ctx, text)

    def _picker_windows(self, ctx: AppContext) -> list[Window]:
        picker = ctx.ui["picker"]
        if picker is None:
            return []
        cancel = w.bind(self._set, picker=None)
        if picker["stage"] == "date":
            year, month, day = picker["date"]
            return [
                w.date_picker_dialog(
                    year,
                    month,
                    day,
                    self._pick_day,
                    self._pick_month,
                    w.bind(self._picker, stage="time"),
                    cancel,
                )
            ]
        return [
            w.time_picker_dialog(
                picker["hour"],
                picker["minute"],
                lambda c, h: self._picker(c, hour=h, face="minutes"),
                lambda c, m: self._picker(c, minute=m),
                self._time_set,
                cancel,
                face=picker["face"],
                on_face=lambda c, f: self._picker(c, face=f),
            )
        ]

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "menu")

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SLEEP:
            return self._sleep(ctx)
        return self._main(ctx)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "plees-tracker#253": [
        # The new start is after the stop: the toast, nothing is stored.
        [START, STOP, OPEN_SLEEP, EDIT_START, OK, hour(23), OK],
        # The time picker is cancelled.
        [START, STOP, OPEN_SLEEP, EDIT_START, OK, hour(21), CANCEL],
        # A note is typed after the change: the newest callback stores the new start last.
        [
            START,
            STOP,
            OPEN_SLEEP,
            EDIT_START,
            OK,
            hour(21),
            OK,
            input_text(PACKAGE, "sleep_item_comment", "late"),
        ],
        # The sleep is opened and left without a change.
        [START, STOP, OPEN_SLEEP, BACK],
    ],
}
