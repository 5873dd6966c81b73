"""LockIn 1.0.0-beta.5 (``com.gokadzev.lockin``), with bug LockIn#5 (non-crash).

App: gokadzev/LockIn, a Flutter habit and productivity app. Sources read at commit
64d0b3c684daecba89337b5f3a2f0f5b39027b4a ("Update: v1.0.0-beta.5", 2026-01-18); the fix is
eda79b866b89597f92c8321411f01ae0794764da
("fix(habit): show habit time in edit dialog correctly (fixes: #5)"). Files:
``lib/widgets/main_navigation.dart``, ``lib/features/habits/habits_home.dart``,
``lib/widgets/lockin_habit_card.dart``, ``lib/widgets/lockin_app_bar.dart``,
``lib/widgets/category_dropdown.dart``, ``lib/features/categories/categories_provider.dart``,
``lib/core/notifications/notification_permission_manager.dart``.

LockIn is one ``.MainActivity`` running Flutter. In a ``uiautomator`` dump Flutter's semantics
show labels as ``content-desc`` of ``android.view.View`` nodes, buttons as
``android.widget.Button`` (an icon button's tooltip is its content-desc; one without a tooltip
has none), text fields as ``android.widget.EditText`` (the hint as text while empty), and no
resource ids; the model renders it that way.

First run: after the first frame the app asks "Enable Notifications" ("Skip" / "Enable";
Enable shows the system's notification permission dialog). It asks again on every start while
the permission is not granted.

Screens: the bottom NavigationBar with Dashboard, Tasks, Habits, Goals, Focus and Journal
(content-desc "<label>\\nTab i of 6"); the Habits page: app bar "Habits" with "Manage
Categories", the empty text "No habits yet. Tap + to add." with "See examples", the add FAB (no
label) and one card per habit (title, "Mark as done" (disabled once done today), "Edit",
"Delete", "Frequency: Daily", "Streak: n", "Last done: d/m/yyyy"); the habit dialog ("Add Habit"
/ "Edit Habit": "Habit title", the frequency dropdown (Daily, Weekly, Monthly, Custom; Custom
adds the weekday chips), "Reminder Time:" with a button showing the time, the "Category"
dropdown (the built-in categories), "Add Category", "Cancel" and "Add" / "Save"); Flutter's
Material time picker (dial: hour and minute, AM / PM, the dial's numbers, "Switch to text input
mode"; input mode: the Hour and Minute fields, "Switch to dial picker mode"; "Cancel", "OK");
the delete confirmation ("Delete Habit": "Cancel" / "Delete", then the snackbar "Habit deleted"
with "Undo"); snackbars "You earned 5 XP!" / "5 XP removed.". Dashboard, Tasks, Goals, Focus,
Journal, Settings, the recommendations page and the category manager ("Manage Categories"
with the built-in categories and "Close") are stubs.

The bug (LockIn#5): ``_showHabitDialog`` always starts with ``selectedTime =
TimeOfDay.now()``, and the Habit model has no field for the reminder: the time chosen when the
habit was added is only handed to the notification scheduler. So "Edit" on a habit shows the
current time (9:30 AM on the virtual device) instead of the reminder time set before, and saving
the dialog reschedules the reminder at that time. The fix stores ``reminderMinutes`` on the
habit and opens the dialog with it. The model keeps the scheduled reminders (what
flutter_local_notifications stores) in ``data["reminders"]`` and, as ground truth, the time the
user last chose for each habit in ``data["chosen"]`` (what the fixed app stores as
``reminderMinutes``); ``data["edit_dialog"]`` mirrors an open edit dialog and the time it
opened with. The oracle: an open edit dialog started with a time other than the habit's chosen
reminder, or a habit's scheduled reminder differs from its chosen one. The report's order is
followed: the habit is made, done, then its reminder is set through "Edit", then "Edit" again.

Uncertain / simplified: the clock is fixed at 9:30 AM on Tuesday 14 May 2024 (the virtual
device's); reminders are recorded even when the notification permission was not granted (the
symptom in the dialog does not depend on it); streaks are the count of days done; the weekday
chips, dropdown menus and snackbars are drawn simply.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import target
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.gokadzev.lockin"
MAIN = ".MainActivity"
NOTIFICATIONS = "android.permission.POST_NOTIFICATIONS"
TABS = ("Dashboard", "Tasks", "Habits", "Goals", "Focus", "Journal")
NOW = 9 * 60 + 30  # the device's clock: 9:30 AM
TODAY = "14/5/2024"
FREQUENCIES = ("daily", "weekly", "monthly", "custom")
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
CATEGORIES = (
    "General",
    "Health",
    "Productivity",
    "Learning",
    "Wellness",
    "Fitness",
    "Mindfulness",
    "Finance",
    "Planning",
    "Career",
    "Social",
    "Personal",
)
HOURS = ("12", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11")
MINUTES = tuple(f"{m:02d}" for m in range(0, 60, 5))


def fmt(minutes: int) -> str:
    """``TimeOfDay.format`` in an en-US 12-hour locale: ``"9:30 AM"``."""
    hour, minute = divmod(minutes, 60)
    return f"{hour % 12 or 12}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def _label(desc: str, **kw: Any) -> View:
    """A Flutter ``Text``: a View whose label is its content-desc."""
    return View(cls="android.view.View", content_desc=desc, **kw)


def _button(desc: str, handler: Any, **kw: Any) -> View:
    return View(cls="android.widget.Button", content_desc=desc, on_click=handler, **kw)


def _row(children: list[View], height: int = 150, **kw: Any) -> View:
    return View(cls="android.view.View", layout=HORIZONTAL, height=height, children=children, **kw)


def _oracle_5(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """An edit dialog opened with a time other than the habit's chosen reminder, or a habit's
    scheduled reminder is no longer the time the user chose."""
    chosen = data.get("chosen", {})
    dialog = data.get("edit_dialog")
    if dialog and str(dialog["key"]) in chosen and dialog["initial"] != chosen[str(dialog["key"])]:
        return True
    reminders = data.get("reminders", {})
    return any(key in reminders and reminders[key] != at for key, at in chosen.items())


def _t(desc: str = "", text: str = "", cls: str = "", **extra: Any) -> dict[str, Any]:
    found = target(PACKAGE, "", text, desc, cls)
    found.update(extra)
    return found


def _click(desc: str = "", cls: str = "android.widget.Button", **extra: Any) -> dict[str, Any]:
    return {"kind": "click", "target": _t(desc, cls=cls, **extra)}


SKIP = _click("Skip")
HABITS_TAB = _click("Habits\nTab 3 of 6", cls="android.view.View")
FAB = {"kind": "click", "target": _t(cls="android.widget.Button", bounds=[912, 1437, 1080, 1605])}
TITLE = {
    "kind": "input_text",
    "target": _t(text="Habit title", cls="android.widget.EditText"),
    "text": "Read",
}
HIDE_KEYBOARD = {"kind": "press_back"}
OPEN_PICKER = _click("9:30 AM")
DIAL_8 = _click("8", cls="android.view.View")
OK = _click("OK")
ADD = _click("Add")
DONE = _click("Mark as done")
EDIT = _click("Edit")

SAVE = _click("Save")
NEW_HABIT = [SKIP, HABITS_TAB, FAB, TITLE, HIDE_KEYBOARD, ADD, DONE]

BUG_5 = BugSpec(
    bug_id="LockIn#5",
    kind="non-crash",
    title="Bug Report",
    oracle=_oracle_5,
    human_steps=(*NEW_HABIT, EDIT, OPEN_PICKER, DIAL_8, OK, SAVE, EDIT),
)

WRONG_SEQUENCES = {
    "LockIn#5": [
        # The reminder is saved at the time the dialog offered: editing again shows that time.
        [*NEW_HABIT, EDIT, SAVE, EDIT],
        # A time is picked but the picker is cancelled before saving.
        [*NEW_HABIT, EDIT, OPEN_PICKER, DIAL_8, _click("Cancel"), SAVE, EDIT],
        # The reminder is set and saved, but the habit is not opened a second time.
        [*NEW_HABIT, EDIT, OPEN_PICKER, DIAL_8, OK, SAVE],
        # The picked time is never saved (the dialog is cancelled), then the habit is edited.
        [*NEW_HABIT, EDIT, OPEN_PICKER, DIAL_8, OK, _click("Cancel"), EDIT],
    ]
}


class LockIn(VirtualApp):
    """LockIn 1.0.0-beta.5 (see the module docstring)."""

    name: ClassVar[str] = "LockIn"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "LockIn"
    version: ClassVar[str] = "1.0.0-beta.5"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_5,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "habits": [],
            "next_key": 0,
            "xp": 0,
            "reminders": {},
            "chosen": {},
            "edit_dialog": None,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if "tab" in ui:
            return
        ui.update(tab=0, page=None, dialog=None, picker=None, menu=None, snack=None, sub=None)
        ctx.data["edit_dialog"] = None
        if not ctx.memory.get("notifications_initialized") and NOTIFICATIONS not in (
            ctx.permissions
        ):
            # NotificationService.initialize after the first frame: our own dialog first.
            ui["sub"] = {"kind": "notifications"}
        ctx.memory["notifications_initialized"] = True

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        return None

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["sub"] is not None:
            if ui["sub"]["kind"] != "notifications":
                ui["sub"] = None
            return True
        if ui["menu"] is not None:
            ui["menu"] = None
            return True
        if ui["picker"] is not None:
            ui["picker"] = None
            return True
        if ui["dialog"] is not None:
            self._close_dialog(ctx)
            return True
        if ui["page"] is not None:
            ui["page"] = None
            return True
        return False

    # -- habits ------------------------------------------------------------------------------
    def _habit(self, ctx: AppContext, key: int) -> dict[str, Any] | None:
        return next((h for h in ctx.data["habits"] if h["key"] == key), None)

    def _open_dialog(self, ctx: AppContext, key: int | None) -> None:
        habit = self._habit(ctx, key) if key is not None else None
        ctx.ui["snack"] = None
        ctx.ui["dialog"] = {
            "key": key,
            "title": habit["title"] if habit else "",
            "frequency": habit["frequency"] if habit else "daily",
            "weekdays": list(habit["weekdays"]) if habit else [],
            # The bug: the dialog always starts at the current time.
            "time": NOW,
            "picked": False,
            "category": habit["category"] if habit else CATEGORIES[0],
        }
        if key is not None:
            ctx.data["edit_dialog"] = {"key": key, "initial": NOW}

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.ui["menu"] = None
        ctx.ui["picker"] = None
        ctx.data["edit_dialog"] = None

    def _set_dialog(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui["dialog"] = {**ctx.ui["dialog"], **values}

    def _save_dialog(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        data = ctx.data
        fields = {
            "title": dialog["title"],
            "frequency": dialog["frequency"],
            "weekdays": sorted(dialog["weekdays"]) if dialog["frequency"] == "custom" else [],
            "category": dialog["category"],
        }
        if dialog["key"] is None:
            key = data["next_key"]
            data["next_key"] += 1
            data["habits"].append({"key": key, "streak": 0, "history": [], **fields})
            data["chosen"][str(key)] = dialog["time"]
        else:
            key = dialog["key"]
            habit = self._habit(ctx, key)
            if habit is not None:
                habit.update(fields)
            if dialog["picked"] or str(key) not in data["chosen"]:
                data["chosen"][str(key)] = dialog["time"]
        # Cancel the old notification, schedule the one at the dialog's time.
        data["reminders"][str(key)] = dialog["time"]
        self._close_dialog(ctx)

    def _mark_done(self, ctx: AppContext, key: int) -> None:
        habit = self._habit(ctx, key)
        if habit is None:
            return
        if TODAY in habit["history"]:
            habit["history"].remove(TODAY)
            ctx.data["xp"] -= 5
            ctx.ui["snack"] = {"text": "5 XP removed."}
        else:
            habit["history"].append(TODAY)
            ctx.data["xp"] += 5
            ctx.ui["snack"] = {"text": "You earned 5 XP!"}
        habit["streak"] = len(habit["history"])

    def _delete(self, ctx: AppContext) -> None:
        key = ctx.ui["sub"]["key"]
        habit = self._habit(ctx, key)
        ctx.ui["sub"] = None
        if habit is None:
            return
        ctx.data["habits"].remove(habit)
        ctx.data["reminders"].pop(str(key), None)
        ctx.data["chosen"].pop(str(key), None)
        ctx.ui["snack"] = {"text": "Habit deleted", "undo": habit}

    def _undo(self, ctx: AppContext) -> None:
        habit = ctx.ui["snack"]["undo"]
        data = ctx.data
        # notifier.addHabit(deletedHabit.copy()): a new key, no reminder scheduled.
        data["habits"].append({**habit, "key": data["next_key"]})
        data["next_key"] += 1
        ctx.ui["snack"] = None

    # -- time picker -------------------------------------------------------------------------
    def _open_picker(self, ctx: AppContext) -> None:
        time = ctx.ui["dialog"]["time"]
        ctx.ui["picker"] = {"time": time, "mode": "hour", "input": False}
        ctx.ui["picker"]["hour_text"] = str(time // 60 % 12 or 12)
        ctx.ui["picker"]["minute_text"] = f"{time % 60:02d}"

    def _set_picker(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui["picker"] = {**ctx.ui["picker"], **values}

    def _dial(self, ctx: AppContext, value: int) -> None:
        picker = ctx.ui["picker"]
        time = picker["time"]
        pm = time >= 720
        if picker["mode"] == "hour":
            hour = value % 12 + (12 if pm else 0)
            self._set_picker(ctx, time=hour * 60 + time % 60, mode="minute")
        else:
            self._set_picker(ctx, time=time - time % 60 + value)

    def _period(self, ctx: AppContext, pm: bool) -> None:
        time = ctx.ui["picker"]["time"]
        if pm and time < 720:
            time += 720
        elif not pm and time >= 720:
            time -= 720
        self._set_picker(ctx, time=time)

    def _picker_ok(self, ctx: AppContext) -> None:
        picker = ctx.ui["picker"]
        time = picker["time"]
        if picker["input"]:
            try:
                hour, minute = int(picker["hour_text"]), int(picker["minute_text"])
            except ValueError:
                return
            if not (1 <= hour <= 12 and 0 <= minute <= 59):
                return
            time = (hour % 12 + (12 if time >= 720 else 0)) * 60 + minute
        self._set_dialog(ctx, time=time, picked=True)
        ctx.ui["picker"] = None

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        if ui["page"] is not None:
            content = View(
                cls="android.view.View",
                children=[
                    _row(
                        [
                            _button("Back", lambda c: c.ui.update(page=None), width=147),
                            _label(ui["page"]),
                        ],
                        height=170,
                    ),
                    View(cls="android.view.View"),
                ],
            )
        else:
            pages = [self._stub_page(t) for t in TABS]
            pages[2] = self._habits_page(ctx)
            content = View(
                cls="android.view.View",
                children=[pages[ui["tab"]], self._nav_bar(ctx)],
            )
        return Screen(content=content, windows=self._windows(ctx))

    def _app_bar(self, title: str, actions: list[View]) -> View:
        return _row([_label(title, height=170), *actions], height=170, style="toolbar")

    def _settings_button(self) -> View:
        return _button("", lambda c: c.ui.update(page="Settings"), width=147, naf=True)

    def _stub_page(self, title: str) -> View:
        return View(
            cls="android.view.View",
            children=[self._app_bar(title, [self._settings_button()]), View()],
        )

    def _nav_bar(self, ctx: AppContext) -> View:
        def select(i: int) -> Any:
            return lambda c: c.ui.update(tab=i, snack=None)

        return _row(
            [
                View(
                    cls="android.view.View",
                    content_desc=f"{label}\nTab {i + 1} of {len(TABS)}",
                    selected=ctx.ui["tab"] == i,
                    on_click=select(i),
                )
                for i, label in enumerate(TABS)
            ],
            height=189,
        )

    def _habits_page(self, ctx: AppContext) -> View:
        habits = ctx.data["habits"]
        bar = self._app_bar(
            "Habits",
            [
                _button(
                    "Manage Categories",
                    lambda c: c.ui.update(sub={"kind": "categories"}),
                    width=147,
                )
            ],
        )
        if habits:
            body = View(
                cls="android.view.View",
                scrollable=len(habits) > 3,
                scroll_key="habit_scroll",
                children=[self._card(ctx, h) for h in habits],
            )
        else:
            body = View(
                cls="android.view.View",
                children=[
                    View(cls="android.view.View"),
                    _label("No habits yet. Tap + to add.", height=110),
                    _button(
                        "See examples",
                        lambda c: c.ui.update(page="Recommendations"),
                        height=130,
                    ),
                    View(cls="android.view.View"),
                ],
            )
        fab = View(
            cls="android.widget.Button",
            on_click=lambda c: self._open_dialog(c, None),
            width=168,
            height=168,
            gravity="bottom_end",
            style="fab",
        )
        children = [bar, body, _row([View(cls="android.view.View"), fab], height=168)]
        snack = ctx.ui["snack"]
        if snack is not None:
            parts = [_label(snack["text"])]
            if "undo" in snack:
                parts.append(_button("Undo", self._undo, width=200))
            children.append(_row(parts, height=140))
        return View(cls="android.view.View", children=children)

    def _card(self, ctx: AppContext, habit: dict[str, Any]) -> View:
        key = habit["key"]
        done = TODAY in habit["history"]
        frequency = habit["frequency"].capitalize()
        if habit["frequency"] == "custom":
            frequency += f" ({', '.join(WEEKDAYS[i] for i in habit['weekdays'])})"
        rows = [
            _row(
                [
                    View(cls="android.view.View", width=110),
                    _label(habit["title"]),
                    _button(
                        "Mark as done",
                        (lambda c: self._mark_done(c, key)) if not done else None,
                        enabled=not done,
                        width=130,
                    ),
                    _button("Edit", lambda c: self._open_dialog(c, key), width=130),
                    _button(
                        "Delete",
                        lambda c: c.ui.update(sub={"kind": "delete", "key": key}, snack=None),
                        width=130,
                    ),
                ],
                height=150,
            ),
            _label(f"Frequency: {frequency}", height=90),
            _label(f"Streak: {habit['streak']}", height=80),
        ]
        if habit["history"]:
            rows.append(_label(f"Last done: {habit['history'][-1]}", height=80))
        return View(cls="android.view.View", weight=0, children=rows)

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows = []
        if ui["dialog"] is not None:
            windows.append(self._habit_dialog(ctx))
        if ui["menu"] is not None:
            windows.append(self._menu(ctx))
        if ui["picker"] is not None:
            windows.append(self._picker(ctx))
        if ui["sub"] is not None:
            windows.append(self._sub_dialog(ctx))
        return windows

    def _dialog(self, children: list[View], on_dismiss: Any, cancelable: bool = True) -> Window:
        return Window(
            root=View(cls="android.view.View", weight=0, children=children),
            on_dismiss=on_dismiss,
            cancelable=cancelable,
        )

    def _habit_dialog(self, ctx: AppContext) -> Window:
        dialog = ctx.ui["dialog"]
        editing = dialog["key"] is not None
        children = [
            _label("Edit Habit" if editing else "Add Habit", height=130),
            View(
                cls="android.widget.EditText",
                text=dialog["title"],
                hint="Habit title",
                on_text=lambda c, t: self._set_dialog(c, title=t),
                height=150,
            ),
            _button(
                dialog["frequency"].capitalize(),
                lambda c: c.ui.update(menu={"kind": "frequency"}),
                height=150,
            ),
        ]
        if dialog["frequency"] == "custom":
            chips = []
            for i, day in enumerate(WEEKDAYS):

                def flip(c: AppContext, i: int = i) -> None:
                    days = list(c.ui["dialog"]["weekdays"])
                    if i in days:
                        days.remove(i)
                    else:
                        days.append(i)
                    self._set_dialog(c, weekdays=days)

                chips.append(
                    View(
                        cls="android.view.View",
                        content_desc=day,
                        checkable=True,
                        checked=i in dialog["weekdays"],
                        on_click=flip,
                    )
                )
            children.append(_row(chips, height=110))
        children += [
            _row(
                [
                    _label("Reminder Time:", width=300),
                    _button(fmt(dialog["time"]), self._open_picker, width=260),
                    View(cls="android.view.View"),
                ],
                height=140,
            ),
            _row(
                [
                    _button(
                        f"Category\n{dialog['category']}",
                        lambda c: c.ui.update(menu={"kind": "category"}),
                    ),
                    _button(
                        "Add Category",
                        lambda c: c.ui.update(sub={"kind": "category", "name": ""}),
                        width=147,
                    ),
                ],
                height=160,
            ),
            _row(
                [
                    View(cls="android.view.View"),
                    _button("Cancel", lambda c: self._close_dialog(c), width=220),
                    _button("Save" if editing else "Add", self._save_dialog, width=220),
                ],
                height=140,
            ),
        ]
        return self._dialog(children, lambda c: self._close_dialog(c))

    def _menu(self, ctx: AppContext) -> Window:
        kind = ctx.ui["menu"]["kind"]

        def choose(field: str, value: str) -> Any:
            def handler(c: AppContext) -> None:
                self._set_dialog(c, **{field: value})
                c.ui["menu"] = None

            return handler

        if kind == "frequency":
            items = [(f.capitalize(), choose("frequency", f)) for f in FREQUENCIES]
        else:
            items = [(cat, choose("category", cat)) for cat in CATEGORIES]
        rows = [
            View(cls="android.view.View", content_desc=label, on_click=handler, height=126)
            for label, handler in items
        ]
        return Window(
            root=View(cls="android.view.View", weight=0, children=rows),
            kind="menu",
            on_dismiss=lambda c: c.ui.update(menu=None),
        )

    def _picker(self, ctx: AppContext) -> Window:
        picker = ctx.ui["picker"]
        time = picker["time"]
        pm = time >= 720
        period = View(
            cls="android.view.View",
            width=200,
            children=[
                View(
                    cls="android.view.View",
                    content_desc="AM",
                    selected=not pm,
                    on_click=lambda c: self._period(c, False),
                ),
                View(
                    cls="android.view.View",
                    content_desc="PM",
                    selected=pm,
                    on_click=lambda c: self._period(c, True),
                ),
            ],
        )
        if picker["input"]:
            fields = _row(
                [
                    View(
                        cls="android.widget.EditText",
                        text=picker["hour_text"],
                        content_desc="Hour",
                        on_text=lambda c, t: self._set_picker(c, hour_text=t),
                    ),
                    _label(":", width=60),
                    View(
                        cls="android.widget.EditText",
                        text=picker["minute_text"],
                        content_desc="Minute",
                        on_text=lambda c, t: self._set_picker(c, minute_text=t),
                    ),
                    period,
                ],
                height=230,
            )
            body = [_label("Enter time", height=110), fields]
            switch = _button(
                "Switch to dial picker mode",
                lambda c: self._set_picker(c, input=False),
                width=147,
            )
        else:
            hour, minute = divmod(time, 60)
            header = _row(
                [
                    View(
                        cls="android.view.View",
                        content_desc=str(hour % 12 or 12),
                        selected=picker["mode"] == "hour",
                        on_click=lambda c: self._set_picker(c, mode="hour"),
                    ),
                    _label(":", width=60),
                    View(
                        cls="android.view.View",
                        content_desc=f"{minute:02d}",
                        selected=picker["mode"] == "minute",
                        on_click=lambda c: self._set_picker(c, mode="minute"),
                    ),
                    period,
                ],
                height=230,
            )
            labels = HOURS if picker["mode"] == "hour" else MINUTES
            values = (
                [int(h) % 12 for h in HOURS]
                if picker["mode"] == "hour"
                else [int(m) for m in MINUTES]
            )
            current = hour % 12 if picker["mode"] == "hour" else minute
            dial = View(
                cls="android.view.View",
                weight=0,
                children=[
                    _row(
                        [
                            View(
                                cls="android.view.View",
                                content_desc=labels[i],
                                selected=values[i] == current,
                                on_click=(lambda v: lambda c: self._dial(c, v))(values[i]),
                            )
                            for i in range(start, start + 4)
                        ],
                        height=130,
                    )
                    for start in range(0, 12, 4)
                ],
            )
            body = [_label("Select time", height=110), header, dial]
            switch = _button(
                "Switch to text input mode",
                lambda c: self._set_picker(c, input=True),
                width=147,
            )
        buttons = _row(
            [
                switch,
                View(cls="android.view.View"),
                _button("Cancel", lambda c: c.ui.update(picker=None), width=220),
                _button("OK", self._picker_ok, width=180),
            ],
            height=140,
        )
        return self._dialog([*body, buttons], lambda c: c.ui.update(picker=None))

    def _sub_dialog(self, ctx: AppContext) -> Window:
        sub = ctx.ui["sub"]

        def close(c: AppContext) -> None:
            c.ui["sub"] = None

        if sub["kind"] == "notifications":

            def enable(c: AppContext) -> None:
                c.ui["sub"] = None
                c.request_permission(NOTIFICATIONS)

            return self._dialog(
                [
                    _label("Enable Notifications", height=130),
                    _label(
                        "LockIn needs notification permission to remind you about your habits "
                        "and achievements. This helps you stay consistent with your goals.",
                        height=280,
                    ),
                    _row(
                        [
                            View(cls="android.view.View"),
                            _button("Skip", close, width=200),
                            _button("Enable", enable, width=220),
                        ],
                        height=140,
                    ),
                ],
                None,
                cancelable=False,
            )
        if sub["kind"] == "delete":
            return self._dialog(
                [
                    _label("Delete Habit", height=130),
                    _label("Are you sure you want to delete this habit?", height=150),
                    _row(
                        [
                            View(cls="android.view.View"),
                            _button("Cancel", close, width=220),
                            _button("Delete", self._delete, width=220),
                        ],
                        height=140,
                    ),
                ],
                close,
            )
        if sub["kind"] == "category":

            def add(c: AppContext) -> None:
                name = c.ui["sub"]["name"].strip()
                c.ui["sub"] = None
                if name:
                    self._set_dialog(c, category=name)

            return self._dialog(
                [
                    _label("New Category", height=130),
                    View(
                        cls="android.widget.EditText",
                        text=sub["name"],
                        hint="Category name",
                        on_text=lambda c, t: c.ui.update(sub={**c.ui["sub"], "name": t}),
                        height=150,
                    ),
                    _row(
                        [
                            View(cls="android.view.View"),
                            _button("Cancel", close, width=220),
                            _button("Add", add, width=200),
                        ],
                        height=140,
                    ),
                ],
                close,
            )
        # The category manager: a stub.
        return self._dialog(
            [
                _label("Manage Categories", height=130),
                *[_label(cat, height=90) for cat in CATEGORIES],
                _row([View(cls="android.view.View"), _button("Close", close, width=220)]),
            ],
            close,
        )
