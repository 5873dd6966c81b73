"""Simple Alarm Clock (``com.better.alarm``, repository yuriykulikov/AlarmClock) 2.9.01, for
AlarmClock#227.

Modelled from the sources at commit ``06c1f787`` (the "Bumped version" commit whose manifest
says ``versionName="2.9.01"``: ``AndroidManifest.xml``, ``presenter/AlarmsListActivity.java``,
``presenter/AlarmsListFragment.java``, ``presenter/AlarmDetailsActivity.java``,
``presenter/ActionBarHandler.java``, ``presenter/TimePickerDialogFragment.java``,
``model/DaysOfWeek.java``, ``model/persistance/AlarmDatabaseHelper.java``, ``res/layout/
list_activity.xml``, ``list_fragment.xml``, ``list_row.xml``, ``list_context_menu.xml``,
``details_activity.xml``, ``time_picker_dialog.xml``, ``res/menu/list_context_menu.xml``,
``settings_menu.xml``, ``details_menu.xml``, ``res/xml/alarm_details.xml``,
``res/values/strings.xml``) and the fix, commit ``94b66b23`` ("AlarmsList: Fixed edit button in
context menu").

- A fresh install opens ``AlarmsListActivity`` ("Alarms"): the two alarms the database creates
  (8:30 Mon-Fri and 9:00 Sat, Sun, both off), each row with its on/off Switch, the time, the
  days and the "Set alarm" details button; the action bar has "Add alarm" and an overflow
  (Settings, Send a bugreport, Rate the app, Share, Get DashClock, Get MP3 cutter). Tapping a
  row opens the time-picker dialog (keypad, Cancel/OK); the details button or "Add alarm"
  opens ``AlarmDetailsActivity`` ("Set alarm": Turn alarm on, Time, Repeat, Ringtone, Gentle
  pre-alarm, Cancel/OK, "Delete alarm").
- Long-pressing a row opens its context menu: a header with the alarm's time and label, then
  "Turn alarm on" ("Turn alarm off" when on), "Edit alarm", "Delete alarm" (asks "Delete this
  alarm?", Cancel/OK).

The bug (AlarmClock#227): ``AlarmsListFragment.onContextItemSelected`` handles ``edit_alarm``
with its body commented out and returns true, so choosing "Edit alarm" closes the menu and
nothing opens; the other two items work. The fix calls ``showDetailsStrategy.showDetails``.
The model records the consumed edit request (``edit_request``) until an editor opens.

Stubbed: Settings (a titled page), the store/mail/share items of the overflow (nothing opens
without a store app), the ringtone picker, the repeat and pre-alarm dialogs, alarms ringing.
The keypad of the time picker is simplified (digits, delete, AM/PM). Uncertain: the exact
theme (the default "dark" theme shows Switches on Lollipop and later, as modelled).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, long_click
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.better.alarm"
LIST = ".presenter.AlarmsListActivity"
DETAILS = ".presenter.AlarmDetailsActivity"
SETTINGS = ".presenter.SettingsActivity"

DAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
LONG_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
OVERFLOW = (
    ("Settings", "menu_item_settings"),
    ("Send a bugreport", "menu_bugreport"),
    ("Rate the app", "menu_review"),
    ("Share", "menu_share"),
    ("Get DashClock", "menu_dashclock"),
    ("Get MP3 cutter", "menu_mp3cutter"),
)


def days_text(days: int) -> str:
    """DaysOfWeek.toString(context, false): short names joined by ", ", "Every day"."""
    if days == 0:
        return ""
    if days == 0x7F:
        return "Every day"
    chosen = [i for i in range(7) if days & (1 << i)]
    names = DAY_NAMES if len(chosen) > 1 else LONG_DAY_NAMES
    return ", ".join(names[i] for i in chosen)


def time_text(hour: int, minutes: int) -> tuple[str, str]:
    """The row's DigitalClock in 12-hour format: ``("8:30", "AM")``."""
    return f"{(hour % 12) or 12}:{minutes:02d}", "AM" if hour < 12 else "PM"


def edit_did_nothing(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of AlarmClock#227: "Edit alarm" was chosen in an alarm's context menu and
    the list is still on top, no editor open."""
    return (
        data.get("edit_request") is not None
        and system.get("activity") == LIST
        and system.get("foreground") == "app"
    )


class AlarmClock(VirtualApp):
    """Simple Alarm Clock 2.9.01: the alarms list, its context menu, the alarm details."""

    name: ClassVar[str] = "AlarmClock"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Simple Alarm Clock"
    version: ClassVar[str] = "2.9.01"
    launch_activity: ClassVar[str] = LIST
    bugs: ClassVar[tuple[BugSpec, ...]] = ()

    def initial_data(self) -> dict[str, Any]:
        return {
            "alarms": [
                {"id": 1, "hour": 8, "minutes": 30, "days": 31, "enabled": False, "label": ""},
                {"id": 2, "hour": 9, "minutes": 0, "days": 96, "enabled": False, "label": ""},
            ],
            "next_id": 3,
            "edit_request": None,
        }

    # -- model -------------------------------------------------------------------------------
    @staticmethod
    def alarm(ctx: AppContext, alarm_id: int) -> dict[str, Any] | None:
        return next((a for a in ctx.data["alarms"] if a["id"] == alarm_id), None)

    def show_details(self, ctx: AppContext, alarm_id: int | None) -> None:
        """ShowDetailsStrategy.showDetails: start AlarmDetailsActivity (a new alarm if None)."""
        ctx.data["edit_request"] = None
        ctx.start_activity(DETAILS, {"id": alarm_id})

    def context_edit(self, ctx: AppContext, alarm_id: int) -> None:
        """onContextItemSelected(edit_alarm) in 2.9.01: the body is commented out."""
        ctx.data["edit_request"] = alarm_id
        ctx.ui["menu"] = None

    def toggle(self, ctx: AppContext, alarm_id: int) -> None:
        alarm = self.alarm(ctx, alarm_id)
        if alarm is not None:
            alarm["enabled"] = not alarm["enabled"]
        ctx.ui["menu"] = None

    def ask_delete(self, ctx: AppContext, alarm_id: int) -> None:
        ctx.ui["menu"] = None
        ctx.ui["confirm_delete"] = alarm_id

    def delete(self, ctx: AppContext) -> None:
        alarm_id = ctx.ui.pop("confirm_delete", None)
        ctx.data["alarms"] = [a for a in ctx.data["alarms"] if a["id"] != alarm_id]
        if ctx.activity == DETAILS:
            ctx.finish()

    # -- time picker -------------------------------------------------------------------------
    def open_picker(self, ctx: AppContext, alarm_id: int) -> None:
        ctx.ui["picker"] = {"id": alarm_id, "digits": "", "pm": False}

    @staticmethod
    def picker_time(picker: dict[str, Any]) -> tuple[int, int] | None:
        digits = picker["digits"]
        if len(digits) < 3:
            return None
        hour, minutes = int(digits[:-2]), int(digits[-2:])
        if not 1 <= hour <= 12 or minutes > 59:
            return None
        return (hour % 12) + (12 if picker["pm"] else 0), minutes

    def picker_key(self, ctx: AppContext, key: str) -> None:
        picker = ctx.ui["picker"]
        if key == "del":
            picker["digits"] = picker["digits"][:-1]
        elif key in ("AM", "PM"):
            picker["pm"] = key == "PM"
        elif len(picker["digits"]) < 4:
            picker["digits"] += key

    def picker_ok(self, ctx: AppContext) -> None:
        picker = ctx.ui.pop("picker")
        time = self.picker_time(picker)
        if picker.get("details"):
            if time is not None:
                ctx.ui["draft"].update(hour=time[0], minutes=time[1])
            return
        alarm = self.alarm(ctx, picker["id"])
        if alarm is not None and time is not None:
            alarm.update(enabled=True, hour=time[0], minutes=time[1])

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == DETAILS and "draft" not in ctx.ui:
            alarm = self.alarm(ctx, ctx.extras.get("id") or 0)
            base = alarm or {"hour": 8, "minutes": 0, "days": 0, "enabled": True, "label": ""}
            ctx.ui["draft"] = {k: base[k] for k in ("hour", "minutes", "days", "enabled", "label")}
            ctx.ui["prealarm"] = False

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == LIST:
            return w.dismiss(ctx.ui, "overflow")
        return False

    def save_details(self, ctx: AppContext) -> None:
        alarm = self.alarm(ctx, ctx.extras.get("id") or 0)
        if alarm is None:
            alarm = {"id": ctx.data["next_id"]}
            ctx.data["next_id"] += 1
            ctx.data["alarms"].append(alarm)
        alarm.update(ctx.ui["draft"])
        ctx.finish()

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == DETAILS:
            return self.render_details(ctx)
        if ctx.activity == SETTINGS:
            return Screen(content=w.child_page("Settings"))
        return self.render_list(ctx)

    def row(self, alarm: dict[str, Any]) -> View:
        time, am_pm = time_text(alarm["hour"], alarm["minutes"])
        middle: list[View] = [
            w.linear_layout(
                [
                    w.text_view(time, "digital_clock_time", width=200),
                    w.text_view(am_pm, "digital_clock_am_pm", width=180),
                ],
                rid="list_row_digital_clock",
                horizontal=True,
                height=130,
                weight=0,
            )
        ]
        days = days_text(alarm["days"])
        if days:
            middle.append(w.text_view(days, "list_row_daysOfWeek", height=70, weight=0))
        if alarm["label"]:
            middle.append(w.text_view(alarm["label"], "list_row_label", height=70, weight=0))
        return w.linear_layout(
            [
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.Switch",
                            resource_id="list_row_on_off_switch",
                            checkable=True,
                            checked=alarm["enabled"],
                            clickable=False,
                        )
                    ],
                    rid="list_row_on_off_checkbox_container",
                    on_click=w.bind(self.toggle, alarm["id"]),
                    width=200,
                ),
                w.linear_layout(middle),
                w.linear_layout(
                    [
                        w.image_button(
                            "list_row_details_button",
                            "Set alarm",
                            w.bind(self.show_details, alarm["id"]),
                            focusable=False,
                        )
                    ],
                    rid="details_button_container",
                    on_click=w.bind(self.show_details, alarm["id"]),
                    width=180,
                ),
            ],
            horizontal=True,
            height=220,
            weight=0,
            on_click=w.bind(self.open_picker, alarm["id"]),
            on_long_click=w.bind(lambda c, i: c.ui.update(menu=i), alarm["id"]),
        )

    def render_list(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "Alarms",
            actions=[
                w.action_item(
                    "menu_item_add_alarm",
                    "Add alarm",
                    w.bind(self.show_details, None),
                ),
                w.overflow_button(lambda c: c.ui.update(overflow=True)),
            ],
            rid="android:id/action_bar",
        )
        listing = w.list_view([self.row(a) for a in ctx.data["alarms"]], scroll_key="list_scroll")
        content = w.linear_layout(
            [
                bar,
                w.frame_layout(
                    [w.linear_layout([listing], rid="info_fragment_base_layout")],
                    rid="list_activity_list_fragment",
                ),
            ]
        )
        return Screen(content=content, windows=self.list_windows(ctx))

    def list_windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        menu_id = ctx.ui.get("menu")
        alarm = self.alarm(ctx, menu_id) if menu_id is not None else None
        if alarm is not None:
            time, am_pm = time_text(alarm["hour"], alarm["minutes"])
            header = w.linear_layout(
                [
                    w.image_view(width=120),
                    w.text_view(f"{time} {am_pm}", "list_context_menu_header_time"),
                    w.text_view(alarm["label"], "list_context_menu_header_label"),
                ],
                horizontal=True,
                height=150,
                weight=0,
            )
            items = w.popup_menu(
                [
                    (
                        "Turn alarm off" if alarm["enabled"] else "Turn alarm on",
                        w.bind(self.toggle, alarm["id"]),
                    ),
                    ("Edit alarm", w.bind(self.context_edit, alarm["id"])),
                    ("Delete alarm", w.bind(self.ask_delete, alarm["id"])),
                ],
                title_rid="android:id/title",
            )
            windows.append(
                Window(
                    root=w.linear_layout([header, items], weight=0),
                    kind="dialog",
                    on_dismiss=lambda c: c.ui.update(menu=None),
                )
            )
        if ctx.ui.get("overflow"):
            close = lambda c: c.ui.update(overflow=False)  # noqa: E731

            def pick(c: AppContext, rid: str) -> None:
                c.ui["overflow"] = False
                if rid == "menu_item_settings":
                    c.start_activity(SETTINGS)

            windows.append(
                w.menu_window(
                    [(title, w.bind(pick, rid)) for title, rid in OVERFLOW],
                    close,
                    title_rid="android:id/title",
                )
            )
        windows.extend(self.common_windows(ctx))
        return windows

    def common_windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        if ctx.ui.get("confirm_delete") is not None:
            cancel = lambda c: c.ui.pop("confirm_delete", None)  # noqa: E731
            windows.append(
                w.confirm_dialog(
                    "Delete alarm",
                    "Delete this alarm?",
                    ("OK", self.delete),
                    ("Cancel", cancel),
                    cancel,
                )
            )
        picker = ctx.ui.get("picker")
        if picker is not None:
            windows.append(self.picker_window(picker))
        return windows

    def picker_window(self, picker: dict[str, Any]) -> Window:
        digits = picker["digits"].rjust(4, "-")
        shown = f"{digits[:2].lstrip('-') or '--'}:{digits[2:]}"
        keys = [*"123456789", "AM", "0", "PM"]
        rows = [
            w.linear_layout(
                [w.button(text=k, handler=w.bind(self.picker_key, k)) for k in keys[i : i + 3]],
                horizontal=True,
                height=150,
                weight=0,
            )
            for i in range(0, 12, 3)
        ]
        cancel = lambda c: c.ui.pop("picker", None)  # noqa: E731
        body = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(shown, "timer_time_text", width=700),
                        w.image_button("delete", "Delete", w.bind(self.picker_key, "del")),
                    ],
                    horizontal=True,
                    height=180,
                    weight=0,
                ),
                *rows,
            ],
            rid="time_picker",
            weight=0,
        )
        buttons = w.linear_layout(
            [
                w.button("cancel_button", "Cancel", cancel),
                w.button(
                    "set_button",
                    "OK",
                    self.picker_ok,
                    enabled=self.picker_time(picker) is not None,
                ),
            ],
            horizontal=True,
            height=150,
            weight=0,
        )
        return Window(root=w.linear_layout([body, buttons], weight=0), on_dismiss=cancel)

    def render_details(self, ctx: AppContext) -> Screen:
        draft = ctx.ui["draft"]
        existing = self.alarm(ctx, ctx.extras.get("id") or 0) is not None
        time, am_pm = time_text(draft["hour"], draft["minutes"])

        def pref(title: str, summary: str, handler: Any, checkbox: bool | None = None) -> View:
            children: list[View] = [
                w.linear_layout(
                    [
                        w.text_view(title, "android:id/title", height=80),
                        *(
                            [w.text_view(summary, "android:id/summary", height=60)]
                            if summary
                            else []
                        ),
                    ]
                )
            ]
            if checkbox is not None:
                children.append(
                    w.check_box("android:id/checkbox", "", checkbox, clickable=False, width=150)
                )
            return w.linear_layout(
                children, horizontal=True, height=170, weight=0, on_click=handler
            )

        def flip(key: str) -> Any:
            def handler(c: AppContext) -> None:
                if key == "prealarm":
                    c.ui["prealarm"] = not c.ui["prealarm"]
                else:
                    c.ui["draft"][key] = not c.ui["draft"][key]

            return handler

        def open_time(c: AppContext) -> None:
            c.ui["picker"] = {"id": None, "digits": "", "pm": False, "details": True}

        rows = [
            pref("Turn alarm on", "", flip("enabled"), draft["enabled"]),
            pref("Time", f"{time} {am_pm}", open_time),
            pref("Repeat", days_text(draft["days"]) or "Never", None),
            pref("Ringtone", "Default ringtone", None),
            pref(
                "Gentle pre-alarm",
                "Pre-alarm is switched off" if not ctx.ui["prealarm"] else "",
                flip("prealarm"),
                ctx.ui["prealarm"],
            ),
        ]
        actions = []
        if existing:
            actions.append(
                w.action_item(
                    "set_alarm_menu_delete_alarm",
                    "Delete alarm",
                    lambda c: c.ui.update(confirm_delete=c.extras.get("id")),
                    text="DELETE ALARM",
                    width=360,
                )
            )
        content = w.linear_layout(
            [
                w.toolbar(
                    "Set alarm",
                    navigation=w.up_button(),
                    actions=actions,
                    rid="android:id/action_bar",
                ),
                View(cls="android.widget.ListView", resource_id="android:id/list", children=rows),
                w.linear_layout(
                    [
                        w.button("details_activity_button_revert", "Cancel", w.finish),
                        w.button("details_activity_button_save", "OK", self.save_details),
                    ],
                    horizontal=True,
                    height=150,
                    weight=0,
                ),
            ]
        )
        return Screen(content=content, windows=self.common_windows(ctx))


def _c(rid: str = "", text: str = "", desc: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc)


HOLD_FIRST = long_click(PACKAGE, "digital_clock_time", "8:30")
EDIT = _c("android:id/title", "Edit alarm")

AlarmClock.bugs = (
    BugSpec(
        "AlarmClock#227",
        "non-crash",
        "[bug?] Edit alarm doesn't work",
        edit_did_nothing,
        human_steps=(HOLD_FIRST, EDIT),
    ),
)

WRONG_SEQUENCES = {
    "AlarmClock#227": [
        # the other context-menu items work
        [HOLD_FIRST, _c("android:id/title", "Turn alarm on")],
        [HOLD_FIRST, _c("android:id/title", "Delete alarm"), _c("android:id/button2", "Cancel")],
        # the row's own details button opens the editor
        [_c("list_row_details_button", desc="Set alarm")],
        # the menu closed with Back
        [HOLD_FIRST, {"kind": "press_back"}],
        # a plain tap opens the time picker instead
        [_c("digital_clock_time", "8:30"), _c("cancel_button", "Cancel")],
    ]
}
