"""Remind Me! 1.0.1 (``com.vishnu.remindme``), with bug RemindMe#7 (non-crash).

Sources read: VishnuSanal/RemindMe at commit 7360b612 (2025-02-03, version 1.0.1, the state the
report of 2025-02-05 describes), and the fix ea1a97c6 ("fixes #7"). A Jetpack Compose app: one
``.ui.MainActivity`` whose screen is ``HomeScreen`` (``ui/ReminderScreen.kt``); Compose nodes
have no resource ids, so the model names them by text and content description as a dump shows
them (buttons as ``android.widget.Button``, text fields as ``android.widget.EditText`` whose
empty text shows their label).

Screens:
- first run: ``MainActivity.onCreate`` finds ``Settings.canDrawOverlays`` false and opens the
  system's "Display over other apps" page for the app (Settings' toolbar, the app's name and the
  "Allow display over other apps" switch); it does so on every creation of the activity (a
  launch, a rotation) until the switch is on. (The notification permission is asked only on
  Android 13+, not on this API 30 device.) The page is drawn by the model, under the app's
  package;
- the home screen: the title "Remind Me!", the "Add New" icon button, then one card per
  reminder, latest due date first: title, description (when one was typed), the "Due Date" icon
  and the date ("hh:mm a, dd MMM yyyy"), and the "Delete" icon;
- the "Set Alarm" dialog: fields Title and Description, the buttons "Select Date: <date>" and
  "Select Time: <time>" (``LocalDate``/``LocalTime.toString()``) opening the framework's
  DatePickerDialog and 24-hour TimePickerDialog, then Cancel and "Set Alarm" (enabled only with a
  title and a due date after now).

The bug: ``HomeScreen`` keeps the tapped card's reminder in ``dialogReminderItem`` and never
clears it: Cancel (or Set Alarm) only hides the dialog. "Add New" shows the dialog again with
that stale reminder, so its fields are filled with the previously opened reminder's details and
"Set Alarm" updates that reminder instead of adding one. The fix sets ``dialogReminderItem =
null`` in "Add New". The state is Compose ``remember`` state: a rotation or a new process clears
it. The oracle: the dialog opened by "Add New" is bound to an earlier reminder (mirrored in
``data["screen"]`` by the handlers), or such a dialog's "Set Alarm" overwrote a reminder.

Replaced: the clock is fixed at 2025-02-05 10:30:27.512 (the report's day), the device uses a
12-hour clock; alarms are not scheduled (their firing, the alarm screen and the boot receiver are
not modelled). Uncertain: the exact dump shape of Compose's merged text-field labels.
"""

from __future__ import annotations

import calendar
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.vishnu.remindme"
MAIN = ".ui.MainActivity"
OVERLAY = "com.android.settings.Settings$AppDrawOverlaySettingsActivity"
SETTINGS_ID = "com.android.settings:id/"
TODAY = (2025, 2, 5)
NOW = "10:30:27.512"  # LocalTime.now().toString() at the fixed clock
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _iso(date: tuple[int, int, int], time: str) -> str:
    return f"{date[0]:04d}-{date[1]:02d}-{date[2]:02d}T{time}"


NOW_ISO = _iso(TODAY, NOW)


def _time_key(time: str) -> str:
    """A ``LocalTime.toString()`` padded to sort (``10:30`` < ``10:30:27.512``)."""
    return (time + ":00.000")[:12] if len(time) == 5 else (time + ".000")[:12]


def _later(due: str, now: str = NOW_ISO) -> bool:
    """``dueDate > LocalDateTime.now()``."""
    d_date, d_time = due.split("T")
    n_date, n_time = now.split("T")
    return (d_date, _time_key(d_time)) > (n_date, _time_key(n_time))


def _card_date(due: str) -> str:
    """``Utils.parseMillisToDeviceTimeFormat`` on a 12-hour device: ``hh:mm a, dd MMM yyyy``."""
    day, time = due.split("T")
    year, month, dom = (int(x) for x in day.split("-"))
    hour, minute = int(time[:2]), int(time[3:5])
    half = "AM" if hour < 12 else "PM"
    return f"{(hour % 12) or 12:02d}:{minute:02d} {half}, {dom:02d} {MONTHS[month - 1]} {year}"


def _oracle_7(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """The dialog "Add New" opened shows an earlier reminder, or its Set Alarm overwrote one."""
    screen = data.get("screen") or {}
    shown = (
        system.get("foreground") == "app"
        and system.get("activity") == MAIN
        and bool(screen.get("dialog"))
        and screen.get("opened_by") == "add"
        and screen.get("item") is not None
    )
    return shown or bool(data.get("add_overwrote"))


def _c(text: str = "", desc: str = "", cls: str = "", rid: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc, cls)


_BUTTON = "android.widget.Button"
_ADD = _c(desc="Add New", cls=_BUTTON)
_CREATE = [
    _ADD,
    input_text(PACKAGE, "", "Meeting", hint="Title"),
    _c("Select Date: 2025-02-05", cls=_BUTTON),
    _c(desc="06 February 2025"),
    _c("OK", rid="android:id/button1"),
    _c("Set Alarm", cls=_BUTTON),
]
_OPEN = _c("Meeting")
_CANCEL = _c("Cancel", cls=_BUTTON)
_BACK = {"kind": "press_back"}

BUG_7 = BugSpec(
    "RemindMe#7",
    "non-crash",
    "Existing reminder details in new reminder.",
    _oracle_7,
    human_steps=(_BACK, *_CREATE, _OPEN, _CANCEL, _ADD),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "RemindMe#7": [
        # "Add New" without opening a reminder first.
        [_BACK, *_CREATE, _ADD],
        # A reminder opened and cancelled, but "Add New" never pressed.
        [_BACK, *_CREATE, _OPEN, _CANCEL],
        # The activity re-created (rotation) between Cancel and "Add New": the state is gone.
        [
            _BACK,
            *_CREATE,
            _OPEN,
            _CANCEL,
            {"kind": "rotate", "orientation": "landscape"},
            _BACK,
            {"kind": "rotate", "orientation": "portrait"},
            _BACK,
            _ADD,
        ],
        # The app restarted between Cancel and "Add New".
        [_BACK, *_CREATE, _OPEN, _CANCEL, {"kind": "restart_app"}, _BACK, _ADD],
    ],
}


class RemindMe(VirtualApp):
    """Remind Me! 1.0.1 (see the module docstring)."""

    name: ClassVar[str] = "RemindMe"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Remind Me!"
    version: ClassVar[str] = "1.0.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_7,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "reminders": [],
            "next_id": 1,
            "overlay_allowed": False,
            "screen": {"dialog": False, "opened_by": "", "item": None},
            "add_overwrote": False,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        # Compose ``remember`` state lives in the activity instance: a new one starts empty.
        ctx.ui.clear()
        ctx.ui.update(show=False, item=None, stale=None, opened_by="", form=None, picker=None)
        self._mirror(ctx)
        if not ctx.data["overlay_allowed"]:
            ctx.start_activity(OVERLAY)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("picker"):
            ctx.ui["picker"] = None
            return True
        if ctx.activity == MAIN and ctx.ui.get("show"):
            self._dismiss(ctx)
            return True
        return False

    def _mirror(self, ctx: AppContext) -> None:
        """What the oracle reads: whether the dialog is shown, who opened it, its reminder."""
        ui = ctx.ui
        ctx.data["screen"] = {
            "dialog": bool(ui["show"]),
            "opened_by": ui["opened_by"] if ui["show"] else "",
            "item": ui["item"] if ui["show"] else None,
        }

    # -- home screen -------------------------------------------------------------------------
    def _reminder(self, ctx: AppContext, rid: int | None) -> dict[str, Any] | None:
        return next((r for r in ctx.data["reminders"] if r["id"] == rid), None)

    def _open_dialog(self, ctx: AppContext, opened_by: str) -> None:
        ui = ctx.ui
        ui["show"] = True
        ui["opened_by"] = opened_by
        # AlarmDialog's own ``remember`` state, then its LaunchedEffect with the bound reminder.
        form = {
            "title": "",
            "description": None,
            "date": list(TODAY),
            "time": NOW,
            "due": NOW_ISO,
        }
        bound = ui["stale"] if ui["item"] is not None else None
        if bound is not None:
            day, time = bound["due"].split("T")
            form.update(
                title=bound["title"],
                description=bound["description"],
                due=bound["due"],
                date=[int(x) for x in day.split("-")],
                time=time,
            )
        ui["form"] = form
        ui["picker"] = None
        self._mirror(ctx)

    def _add_new(self, ctx: AppContext) -> None:
        self._open_dialog(ctx, "add")

    def _open_card(self, ctx: AppContext, rid: int) -> None:
        ctx.ui["item"] = rid
        ctx.ui["stale"] = dict(self._reminder(ctx, rid) or {})
        self._open_dialog(ctx, "card")

    def _delete(self, ctx: AppContext, rid: int) -> None:
        ctx.data["reminders"] = [r for r in ctx.data["reminders"] if r["id"] != rid]

    def _dismiss(self, ctx: AppContext) -> None:
        ctx.ui["show"] = False
        ctx.ui["form"] = None
        ctx.ui["picker"] = None
        self._mirror(ctx)

    def _set_alarm(self, ctx: AppContext) -> None:
        ui, data = ctx.ui, ctx.data
        form = ui["form"]
        reminder = {
            "title": form["title"].strip(),
            "description": form["description"],
            "due": form["due"],
        }
        if ui["item"] is None:
            rid = int(data["next_id"])
            data["next_id"] = rid + 1
            data["reminders"].append({"id": rid, **reminder})
        else:
            # updateReminder: Room's @Update of the row with the stale reminder's id.
            if ui["opened_by"] == "add":
                data["add_overwrote"] = True
            for row in data["reminders"]:
                if row["id"] == ui["item"]:
                    row.update(reminder)
        data["reminders"].sort(key=lambda r: (r["due"].split("T")[0], _time_key(r["due"][11:])))
        data["reminders"].reverse()  # ORDER BY dueDate DESC
        self._dismiss(ctx)

    def _form(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui["form"].update(values)

    def _date_set(self, ctx: AppContext) -> None:
        picker = ctx.ui["picker"]
        date = [picker["year"], picker["month"], picker["day"]]
        form = ctx.ui["form"]
        self._form(ctx, date=date, due=_iso((date[0], date[1], date[2]), form["time"]))
        ctx.ui["picker"] = None

    def _time_set(self, ctx: AppContext) -> None:
        picker = ctx.ui["picker"]
        time = f"{picker['hour']:02d}:{picker['minute']:02d}"
        form = ctx.ui["form"]
        date = form["date"]
        self._form(ctx, time=time, due=_iso((date[0], date[1], date[2]), time))
        ctx.ui["picker"] = None

    def _open_date(self, ctx: AppContext) -> None:
        year, month, day = ctx.ui["form"]["date"]
        ctx.ui["picker"] = {"kind": "date", "year": year, "month": month, "day": day}

    def _open_time(self, ctx: AppContext) -> None:
        time = ctx.ui["form"]["time"]
        ctx.ui["picker"] = {
            "kind": "time",
            "hour": int(time[:2]),
            "minute": int(time[3:5]),
            "face": "hours",
        }

    def _pick(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui["picker"].update(values)

    def _month(self, ctx: AppContext, delta: int) -> None:
        picker = ctx.ui["picker"]
        month = picker["month"] + delta
        year = picker["year"] + (month - 1) // 12
        month = (month - 1) % 12 + 1
        last = calendar.monthrange(year, month)[1]
        picker.update(year=year, month=month, day=min(picker["day"], last))

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == OVERLAY:
            return self._render_overlay(ctx)
        ui = ctx.ui
        cards = [self._card(r) for r in ctx.data["reminders"]]
        header = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=200,
            children=[
                w.text_view("Remind Me!", height=200),
                View(
                    cls="android.widget.Button",
                    content_desc="Add New",
                    on_click=self._add_new,
                    width=126,
                    height=126,
                ),
            ],
        )
        listing = View(cls="android.view.View", scrollable=True, children=cards)
        root = View(
            cls="androidx.compose.ui.platform.ComposeView",
            children=[View(cls="android.view.View", children=[header, listing])],
        )
        windows: list[Window] = []
        if ui["show"]:
            windows.append(self._dialog(ctx))
            picker = ui["picker"]
            if picker and picker["kind"] == "date":
                windows.append(
                    w.date_picker_dialog(
                        picker["year"],
                        picker["month"],
                        picker["day"],
                        lambda c, d: self._pick(c, day=d),
                        self._month,
                        self._date_set,
                        lambda c: self._set_picker(c, None),
                    )
                )
            elif picker:
                windows.append(
                    w.time_picker_dialog(
                        picker["hour"],
                        picker["minute"],
                        lambda c, h: self._pick(c, hour=h, face="minutes"),
                        lambda c, m: self._pick(c, minute=m),
                        self._time_set,
                        lambda c: self._set_picker(c, None),
                        face=picker["face"],
                        on_face=lambda c, f: self._pick(c, face=f),
                    )
                )
        return Screen(content=root, windows=windows)

    def _set_picker(self, ctx: AppContext, value: Any) -> None:
        ctx.ui["picker"] = value

    def _card(self, reminder: dict[str, Any]) -> View:
        texts: list[View] = [w.text_view(reminder["title"], height=90)]
        if reminder["description"] is not None:
            texts.append(w.text_view(reminder["description"], height=90))
        texts.append(
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=90,
                children=[
                    View(cls="android.view.View", content_desc="Due Date", width=90),
                    w.text_view(_card_date(reminder["due"]), height=90),
                ],
            )
        )
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=100 + 90 * len(texts),
            on_click=w.bind(self._open_card, reminder["id"]),
            children=[
                View(cls="android.view.View", children=texts),
                View(
                    cls="android.view.View",
                    content_desc="Delete",
                    on_click=w.bind(self._delete, reminder["id"]),
                    width=110,
                    height=110,
                ),
            ],
        )

    def _dialog(self, ctx: AppContext) -> Window:
        form = ctx.ui["form"]
        valid = _later(form["due"]) and bool(form["title"].strip())
        date = "{:04d}-{:02d}-{:02d}".format(*form["date"])
        body = View(
            cls="android.view.View",
            weight=0,
            children=[
                w.text_view("Set Alarm", height=140),
                w.edit_text(
                    "",
                    form["title"],
                    lambda c, t: self._form(c, title=t),
                    hint="Title",
                    height=170,
                ),
                w.edit_text(
                    "",
                    form["description"] or "",
                    lambda c, t: self._form(c, description=t),
                    hint="Description",
                    height=170,
                ),
                w.button(text=f"Select Date: {date}", handler=self._open_date, height=140),
                w.button(text=f"Select Time: {form['time']}", handler=self._open_time, height=140),
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=140,
                    children=[
                        View(cls="android.view.View"),
                        w.button(text="Cancel", handler=self._dismiss, width=250),
                        w.button(
                            text="Set Alarm",
                            handler=self._set_alarm,
                            enabled=valid,
                            width=280,
                        ),
                    ],
                ),
            ],
        )
        return Window(root=body, on_dismiss=self._dismiss)

    # -- the system's "Display over other apps" page -------------------------------------------
    def _render_overlay(self, ctx: AppContext) -> Screen:
        allowed = bool(ctx.data["overlay_allowed"])

        def flip(c: AppContext) -> None:
            c.data["overlay_allowed"] = not c.data["overlay_allowed"]

        bar = w.toolbar(
            "Display over other apps", navigation=w.up_button(), rid=SETTINGS_ID + "action_bar"
        )
        header = w.linear_layout(
            [
                w.image_view(SETTINGS_ID + "entity_header_icon", height=160),
                w.text_view("Remind Me!", SETTINGS_ID + "entity_header_title"),
            ],
            rid=SETTINGS_ID + "entity_header",
            weight=0,
        )
        switch = w.preference(
            "Allow display over other apps",
            "",
            flip,
            widget=w.switch_widget(allowed),
        )
        footer = w.text_view(
            "Allow this app to display on top of other apps you're using. This app will be able "
            "to see where you tap or change what's displayed on the screen.",
            height=260,
        )
        listing = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id=SETTINGS_ID + "recycler_view",
            children=[header, switch, footer],
        )
        return Screen(content=w.linear_layout([bar, listing]))
