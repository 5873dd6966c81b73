"""Timety 1.3.1 (``io.github.benji377.timety``), a Flutter productivity app (tasks, habits, focus
timer), with bug Timety#53 (non-crash): a habit that does not occur today is saved but does not
show up on the Habits screen.

Sources read: Benji377/Timety at commit fce5b3d (2026-05-21, ``pubspec.yaml`` 1.3.1+18, the
parent of the fix): ``lib/main.dart``, ``lib/screens/main_screen.dart``,
``lib/screens/home_screen.dart``, ``lib/screens/habit/habit_list_screen.dart``,
``lib/screens/habit/habit_detail_screen.dart``, ``lib/widgets/list_tiles/habit_list_tile.dart``,
``lib/utils/habit_utils.dart``, ``lib/utils/date_utils.dart``,
``lib/services/notification_service.dart``. The fix is commit 9a0964c ("Added habits sections,
fix #53"): the list gets a third group "To Do" for habits not due today.

Flutter in a ``uiautomator`` dump: ``Text`` as ``android.view.View`` with the text as
content-desc, buttons as ``android.widget.Button`` labelled by their text or tooltip (an icon
button without a tooltip has no label), text fields as ``android.widget.EditText`` with their
label as hint, bottom-navigation items as "<label>\\nTab <i> of 5", no resource ids.

Screens:
- first start: ``NotificationService.init`` asks for POST_NOTIFICATIONS (the system dialog);
  the exact-alarm request returns at once (USE_EXACT_ALARM is declared);
- ``MainScreen``: an IndexedStack with the bottom navigation Home / Focus / Tasks / Habits /
  Profile. Home, Focus, Tasks and Profile are stubs (their titles and empty states);
- Habits ("My Habits", actions "Insights" and "Calendar View", both stubs): "No habits yet! Tap +
  to build a routine." or the sections "To Do Today (n)", "Done Today (n)" and
  "Weekly Goal Met (n)" (collapsed) of habit tiles (the completion circle, the name, "Daily" /
  "Weekly on Mon, Fri" / "0 / 3 this week", "Mark past completion" (inert here); a tap opens
  "Edit Habit"), and the unlabelled + FAB opening "New Habit";
- "New Habit" / "Edit Habit" (``HabitDetailScreen``): "Habit Name", "Habit Stack (Optional)",
  "Order", "Notes (Optional)", the icon grid (inert), "Frequency" Daily / Flexible / Specific
  (a SegmentedButton), for Flexible "Goal: 3 days a week" and its slider (inert), for Specific
  the weekday chips M T W T F S S (Mon, Wed and Fri preselected), "Reminder Time (Optional)"
  (inert), and the FAB "Save Habit" ("Please enter a name"; "Please select at least one day."
  as a snackbar when no weekday is chosen).

The bug (``HabitListScreen.build``): each habit not done today goes to "To Do Today" when it is
daily, weekly-flexible below its goal, or weekly-exact on today's weekday; a weekly-exact
("Specific") habit whose days exclude today is put in no list at all, so it is saved (the
Habit box has it) but the Habits screen does not show it: with no other habit the screen is
empty, without even the "No habits yet!" text.

Fixed data: the device's date is Wednesday 2026-05-20 (the day of the report); "today" is that
date throughout the model.

Ground truth: the oracle reads the saved habits (``habits``) and finds one the list drops (a
"Specific" habit, not completed today, whose weekdays do not include Wednesday).

Uncertain: how Flutter labels the ChoiceChips (drawn as checkable Buttons named by their letter)
and the SegmentedButton segments (checkable Buttons); the FAB has no tooltip, so it is found by
its class and bounds.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, target
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

PACKAGE = "io.github.benji377.timety"
MAIN = ".MainActivity"
NOTIFICATIONS = "android.permission.POST_NOTIFICATIONS"
TODAY = "2026-05-20"
TODAY_WEEKDAY = 3  # Wednesday (DateTime.weekday: Monday = 1)
TABS = ("Home", "Focus", "Tasks", "Habits", "Profile")
DAY_LETTERS = ("M", "T", "W", "T", "F", "S", "S")
DAY_SHORT = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
FREQUENCIES = (("daily", "Daily"), ("weeklyFlexible", "Flexible"), ("weeklyExact", "Specific"))
FAB_BOUNDS = [868, 1412, 1036, 1580]  # the Habits screen's unlabelled + FAB


# Flutter nodes are labelled by their content-desc: a ``Text`` and a button.
_label = w.flutter_text
_button = w.flutter_button


def _chip(desc: str, checked: bool, handler: Any) -> View:
    """A Flutter ``ChoiceChip``: a checkable button labelled ``desc``."""
    return _button(desc, handler, checkable=True, checked=checked)


def _chips(chips: list[View]) -> View:
    """A row of choice chips."""
    return View(cls="android.view.View", layout=HORIZONTAL, height=130, weight=0, children=chips)


def _tab_desc(i: int) -> str:
    return w.flutter_tab_desc(TABS, i)


def _hidden_by_list(habit: dict[str, Any]) -> bool:
    """The habits ``HabitListScreen`` puts in no section (the bug)."""
    return (
        habit["frequency"] == "weeklyExact"
        and TODAY not in habit["completions"]
        and TODAY_WEEKDAY not in habit["weekdays"]
    )


def _oracle_53(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """A saved habit that the Habits screen leaves out."""
    return any(_hidden_by_list(h) for h in data.get("habits", []))


def _target(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return target(PACKAGE, "", text, desc, cls)


def _click(desc: str, cls: str = "android.widget.Button") -> dict[str, Any]:
    return {"kind": "click", "target": _target(desc=desc, cls=cls)}


ALLOW = allow_permission(PACKAGE)
HABITS_TAB = _click(_tab_desc(3), "android.view.View")
ADD = {
    "kind": "click",
    "target": {**_target(cls="android.widget.Button"), "bounds": FAB_BOUNDS},
}
NAME = {
    "kind": "input_text",
    "target": _target("Habit Name", cls="android.widget.EditText"),
    "text": "Gym",
}
HIDE_KEYBOARD = {"kind": "press_back"}
SPECIFIC = _click("Specific")
WEDNESDAY = _click("W")
SAVE = _click("Save Habit")

BUG_53 = BugSpec(
    bug_id="Timety#53",
    kind="non-crash",
    title="[BUG] Not showing all habits",
    oracle=_oracle_53,
    human_steps=(ALLOW, HABITS_TAB, ADD, NAME, HIDE_KEYBOARD, SPECIFIC, WEDNESDAY, SAVE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Timety#53": [
        # Specific with the preselected Mon/Wed/Fri: due today, listed.
        [ALLOW, HABITS_TAB, ADD, NAME, HIDE_KEYBOARD, SPECIFIC, SAVE],
        # A daily habit: listed.
        [ALLOW, HABITS_TAB, ADD, NAME, HIDE_KEYBOARD, SAVE],
        # A flexible habit: listed.
        [ALLOW, HABITS_TAB, ADD, NAME, HIDE_KEYBOARD, _click("Flexible"), SAVE],
        # Wednesday taken off but the screen left with Back: nothing saved.
        [ALLOW, HABITS_TAB, ADD, NAME, HIDE_KEYBOARD, SPECIFIC, WEDNESDAY, {"kind": "press_back"}],
        # Every preselected day taken off: "Please select at least one day.", not saved.
        [
            ALLOW,
            HABITS_TAB,
            ADD,
            NAME,
            HIDE_KEYBOARD,
            SPECIFIC,
            _click("M"),
            WEDNESDAY,
            _click("F"),
            SAVE,
        ],
    ],
}


class Timety(VirtualApp):
    """Timety 1.3.1 (see the module docstring)."""

    name: ClassVar[str] = "Timety"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Timety"
    version: ClassVar[str] = "1.3.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_53,)

    def initial_data(self) -> dict[str, Any]:
        return {"habits": [], "next_id": 1, "notifications_asked": False}

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if "routes" not in ui:
            ui["routes"] = [{"page": "main"}]
            ui["tab"] = 0
            ui["snackbar"] = ""
            if not ctx.data["notifications_asked"]:
                # NotificationService.init: requestNotificationsPermission() on every start
                # until answered (the system stops asking once the user has answered).
                ctx.request_permission(NOTIFICATIONS)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        ctx.data["notifications_asked"] = True

    def on_back(self, ctx: AppContext) -> bool:
        ctx.ui["snackbar"] = ""
        return w.pop_back_stack(ctx.ui["routes"])

    # -- navigation -----------------------------------------------------------------------------
    def _route(self, ctx: AppContext) -> dict[str, Any]:
        route: dict[str, Any] = ctx.ui["routes"][-1]
        return route

    def _push(self, ctx: AppContext, route: dict[str, Any]) -> None:
        ctx.ui["snackbar"] = ""
        ctx.ui["routes"] = [*ctx.ui["routes"], route]

    def _pop(self, ctx: AppContext) -> None:
        ctx.ui["snackbar"] = ""
        w.pop_back_stack(ctx.ui["routes"])

    def _select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index

    def _open_editor(self, ctx: AppContext, habit: dict[str, Any] | None) -> None:
        self._push(
            ctx,
            {
                "page": "editor",
                "editing": habit["id"] if habit else None,
                "name": habit["name"] if habit else "",
                "frequency": habit["frequency"] if habit else "daily",
                "weekdays": list(habit["weekdays"]) if habit and habit["weekdays"] else [1, 3, 5],
                "days_per_week": habit["days_per_week"] if habit else 3,
                "error": "",
            },
        )

    # -- the editor -----------------------------------------------------------------------------
    def _set_name(self, ctx: AppContext, text: str) -> None:
        self._route(ctx)["name"] = text

    def _set_frequency(self, ctx: AppContext, frequency: str) -> None:
        self._route(ctx)["frequency"] = frequency

    def _toggle_day(self, ctx: AppContext, day: int) -> None:
        days = list(self._route(ctx)["weekdays"])
        w.toggle(days, day)
        self._route(ctx)["weekdays"] = days

    def _save(self, ctx: AppContext) -> None:
        route = self._route(ctx)
        if not route["name"].strip():
            route["error"] = "Please enter a name"
            return
        route["error"] = ""
        if route["frequency"] == "weeklyExact" and not route["weekdays"]:
            ctx.ui["snackbar"] = "Please select at least one day."
            return
        data = ctx.data
        habit = {
            "id": route["editing"] or data["next_id"],
            "name": route["name"].strip(),
            "frequency": route["frequency"],
            "weekdays": list(route["weekdays"]) if route["frequency"] == "weeklyExact" else [],
            "days_per_week": route["days_per_week"]
            if route["frequency"] == "weeklyFlexible"
            else None,
            "completions": [],
        }
        if route["editing"]:
            old = next(h for h in data["habits"] if h["id"] == route["editing"])
            habit["completions"] = old["completions"]
            data["habits"] = [habit if h["id"] == route["editing"] else h for h in data["habits"]]
        else:
            data["next_id"] += 1
            data["habits"] = [*data["habits"], habit]
        ctx.ui["routes"] = ctx.ui["routes"][:-1]
        ctx.ui["snackbar"] = ""

    def _toggle_done(self, ctx: AppContext, habit_id: int) -> None:
        for habit in ctx.data["habits"]:
            if habit["id"] == habit_id:
                w.toggle(habit["completions"], TODAY)

    # -- rendering ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = self._route(ctx)
        if route["page"] == "editor":
            body = self._editor(ctx, route)
        elif route["page"] == "stub":
            body = self._stub(str(route["title"]))
        else:
            body = self._main(ctx)
        children = [body]
        if ctx.ui.get("snackbar"):
            children.append(
                View(
                    cls="android.view.View",
                    height=150,
                    weight=0,
                    gravity="bottom",
                    children=[_label(ctx.ui["snackbar"], height=150)],
                )
            )
        return Screen(
            content=View(cls="android.widget.FrameLayout", layout=FRAME, children=children)
        )

    def _app_bar(self, title: str, actions: list[View], back: bool = False) -> View:
        children = [_button("Back", self._pop, width=147)] if back else []
        children += [_label(title, height=w.TOOLBAR_HEIGHT), *actions]
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=w.TOOLBAR_HEIGHT,
            weight=0,
            children=children,
        )

    def _main(self, ctx: AppContext) -> View:
        tab = int(ctx.ui["tab"])
        if tab == 3:
            page = self._habits(ctx)
        else:
            # Stubs: each tab's app-bar title and its empty state.
            title, text = {
                0: ("Timety", "You're all caught up for today!"),
                1: ("Focus", ""),
                2: ("My Tasks", "No tasks yet! Tap + to add one."),
                4: ("Profile", ""),
            }[tab]
            page = View(
                cls="android.view.View",
                children=[
                    self._app_bar(title, []),
                    _label(text, height=200) if text else View(cls="android.view.View", height=0),
                    View(cls="android.view.View"),
                ],
            )
        nav = w.flutter_nav_bar(TABS, tab, self._select_tab, height=170)
        return View(cls="android.view.View", children=[page, nav])

    def _habit_tile(self, habit: dict[str, Any], done: bool) -> View:
        if habit["frequency"] == "daily":
            subtitle = "Daily"
        elif habit["frequency"] == "weeklyExact":
            days = ", ".join(DAY_SHORT[d - 1] for d in habit["weekdays"])
            subtitle = f"Weekly on {days}"
        else:
            subtitle = f"0 / {habit['days_per_week']} this week"
        circle = View(
            cls="android.view.View",
            width=130,
            on_click=w.bind(self._toggle_done, habit["id"]),
            checked=done,
        )
        texts = View(
            cls="android.view.View",
            children=[_label(habit["name"], height=90), _label(subtitle, height=80)],
        )
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=190,
            weight=0,
            on_click=w.bind(self._open_editor, habit),
            children=[
                circle,
                texts,
                View(cls="android.widget.Button", content_desc="Mark past completion", width=130),
            ],
        )

    def _habits(self, ctx: AppContext) -> View:
        habits = ctx.data["habits"]
        actions = [
            _button("Insights", w.bind(self._push, {"page": "stub", "title": "Statistics"})),
            _button("Calendar View", w.bind(self._push, {"page": "stub", "title": "Calendar"})),
        ]
        bar = self._app_bar("My Habits", actions)
        for view in bar.children[1:]:
            view.width = 147
        if not habits:
            body = View(
                cls="android.view.View",
                children=[_label("No habits yet! Tap + to build a routine.", height=200)],
            )
        else:
            todo: list[dict[str, Any]] = []
            done: list[dict[str, Any]] = []
            goal_met: list[dict[str, Any]] = []  # no past completions in the model
            for habit in habits:
                if TODAY in habit["completions"]:
                    done.append(habit)
                elif habit["frequency"] == "daily":
                    todo.append(habit)
                elif habit["frequency"] == "weeklyExact":
                    # The bug: a habit not due today falls through every branch.
                    if TODAY_WEEKDAY in habit["weekdays"]:
                        todo.append(habit)
                elif habit["frequency"] == "weeklyFlexible":
                    todo.append(habit)  # no completions this week in the model
            rows: list[View] = []
            for title, members, expanded, is_done in (
                ("To Do Today", todo, True, False),
                ("Done Today", done, True, True),
                ("Weekly Goal Met", goal_met, False, False),
            ):
                if not members:
                    continue
                rows.append(_label(f"{title} ({len(members)})", height=130))
                if expanded:
                    rows += [self._habit_tile(h, is_done) for h in members]
            body = View(cls="android.view.View", scrollable=True, children=rows)
        fab = View(
            cls="android.widget.Button",
            on_click=w.bind(self._open_editor, None),
            width=w.FAB_SIZE,
            height=w.FAB_SIZE,
            gravity="bottom_end",
            style="fab",
        )
        column = View(cls="android.view.View", children=[bar, body])
        return View(cls="android.view.View", layout=FRAME, children=[column, fab])

    def _editor(self, ctx: AppContext, route: dict[str, Any]) -> View:
        frequency = route["frequency"]
        items: list[View] = [
            w.edit_text("", route["name"], self._set_name, hint="Habit Name", height=160),
        ]
        if route["error"]:
            items.append(_label(route["error"], height=70))
        items += [
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=160,
                weight=0,
                children=[
                    w.edit_text("", "", None, hint="Habit Stack (Optional)", height=160),
                    View(cls="android.widget.Button", content_desc="Order\n-", width=280),
                ],
            ),
            w.edit_text("", "", None, hint="Notes (Optional)", height=180),
            _label("Select an Icon", height=90),
            View(cls="android.view.View", height=300, weight=0),
            _label("Frequency", height=90),
            _chips(
                [
                    _chip(label, frequency == value, w.bind(self._set_frequency, value))
                    for value, label in FREQUENCIES
                ]
            ),
        ]
        if frequency == "weeklyFlexible":
            items += [
                _label(f"Goal: {route['days_per_week']} days a week", height=90),
                View(cls="android.widget.SeekBar", height=90, weight=0),
            ]
        elif frequency == "weeklyExact":
            items.append(
                _chips(
                    [
                        _chip(letter, day in route["weekdays"], w.bind(self._toggle_day, day))
                        for day, letter in enumerate(DAY_LETTERS, 1)
                    ]
                )
            )
        items += [
            _label("Reminder Time (Optional)", height=90),
            _label("No specific time", height=150),
            View(cls="android.view.View"),
        ]
        form = View(cls="android.view.View", scrollable=True, children=items)
        title = "Edit Habit" if route["editing"] else "New Habit"
        column = View(cls="android.view.View", children=[self._app_bar(title, [], True), form])
        fab = _button("Save Habit", self._save, width=420, height=w.FAB_SIZE, gravity="bottom_end")
        return View(cls="android.view.View", layout=FRAME, children=[column, fab])

    def _stub(self, title: str) -> View:
        return View(
            cls="android.view.View",
            children=[self._app_bar(title, [], True), View(cls="android.view.View")],
        )
