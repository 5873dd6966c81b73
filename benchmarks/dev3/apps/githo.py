"""Githo 1.3.2 (``com.florianthaler.githo``), a Flutter habit-forming app ("Get Into The Habit
Of…"), with bug githo#23 (non-crash): a new habit-plan whose last two level fields are left
empty cannot be saved; the green Save button does nothing.

Sources read: Glitchy-Tozier/githo at commit 043c2e5 (2022-03-07, ``pubspec.yaml`` version
1.3.2+10, the last release before the report of 2022-04-20): ``lib/main.dart``,
``lib/screens/splash_screen.dart``, ``lib/screens/introduction.dart``,
``lib/screens/home_screen.dart``, ``lib/screens/habit_list.dart``,
``lib/screens/edit_habit.dart``, ``lib/widgets/form_list.dart``,
``lib/helpers/edit_habit_routes.dart``, ``lib/helpers/text_form_field_validation.dart``,
``lib/database/default_habit_plans.dart``, ``lib/models/habit_plan.dart``,
``lib/widgets/floating_action_buttons/training_fab.dart``. Later commits (2022-04-23..27:
reorderable level items with their own delete buttons, "Scroll to faulty inputs", "Focus faulty
TextFields") rework the form.

Flutter in a ``uiautomator`` dump: ``Text`` as ``android.view.View`` with the text as
content-desc, buttons and FABs as ``android.widget.Button`` labelled by their tooltip, text
fields as ``android.widget.EditText`` with the field's label as hint, no resource ids.

Screens (Flutter routes of the one ``.MainActivity``):
- first run: the introduction (introduction_screen 3: three pages "Githo" / "Define levels of
  difficulty" / "Build strong habits", swiped or turned with the unlabelled Next arrow button,
  "Start" on the last page), shown while the settings say ``showIntroduction``;
- home, with no active habit-plan: "No habit-plan is active." and the orange SpeedDial
  ("Show options"), which opens About, Themes and List of habits (About and Themes are stubs);
- "Habits": the habit-plans, most recently changed first (a fresh install has the two default
  plans "Consistently go jogging" and "Talk to anybody, anytime"; tapping one opens a stub
  detail page), and the FAB "Add new habit-plan";
- "Add Habit-Plan" (``EditHabit``): "The final habit", "Nr of required actions" (1), the
  "Levels of the habit" FormList ("Level 1", "Level 2", … then "⋮"), the optional
  "Comments" FormList, "Extended Settings" (the three sliders are drawn as their sentences and
  are inert), the FABs "Import habit-plan." (inert) and "Save".

The bug (``FormList``): a FormList always shows one empty field after the filled ones: typing
into the last field appends a new one, and emptying the second-to-last field removes the last
one. Only that second-to-last field is looked at, so when the user empties a level that is not
second-to-last (Level 2 of Level 1-3 plus the empty Level 4) and then the next one (Level 3),
only one field goes: the list ends with two empty fields. The validator requires every field but
the last to be filled, so Save's ``_formKey.currentState!.validate()`` fails on the empty
second-to-last level ("Please fill in Level 2", under a field that may be far above the FAB),
and nothing is saved however often Save is pressed. Emptying the levels from the last one up
removes the fields one by one and the plan saves. Leaving the page (Back) loses the input.

Ground truth: ``save_blocked_by_leftover_level`` is set when Save is refused although the levels
up to the last filled one are all filled and every other field is valid, i.e. the only fault is
an empty level field the FormList should have removed. The oracle reads it.

The virtual device does not resize the activity for the soft keyboard (Flutter's Scaffold
would lift the FABs above it), so the steps hide the keyboard with Back before tapping Save.

Uncertain: where the error texts appear relative to the screen (drawn under their fields);
the Comments FormList has the same flaw but the report is about levels, so the oracle only
counts levels. The theme, notification and habit-detail screens are stubs.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import target
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

PACKAGE = "com.florianthaler.githo"
MAIN = ".MainActivity"
MAX_LEVELS = 20  # DataShortcut.maxLevelCount
MIN_FIELDS = 2  # _FormListState.minFormFieldCount
INTRO = (
    ("Githo", "Get Into The Habit Of…"),
    ("Define levels of difficulty", "Move closer towards your final habit."),
    (
        "Build strong habits",
        "Consistently succeed in trainings to level up.\n\n"
        "If a level is too difficult, repeat the previous one.",
    ),
)
DEFAULT_PLANS = (
    ("Consistently go jogging", 2019),
    ("Talk to anybody, anytime", 2015),
)


# Flutter nodes are labelled by their content-desc: a ``Text`` and a button.
_label = w.flutter_text
_button = w.flutter_button


def _field_name(kind: str, index: int) -> str:
    """The FormList field's label: "Level 3", the 20th "Final level"."""
    number = index + 1
    return f"{kind.capitalize()} {number}" if number < MAX_LEVELS else f"Final {kind}"


def _target(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return target(PACKAGE, "", text, desc, cls)


def _click(desc: str, cls: str = "android.widget.Button") -> dict[str, Any]:
    return {"kind": "click", "target": _target(desc=desc, cls=cls)}


def _type(shown: str, typed: str) -> dict[str, Any]:
    """Typing into the EditText now showing ``shown`` (its hint while empty)."""
    return {
        "kind": "input_text",
        "target": _target(text=shown, cls="android.widget.EditText"),
        "text": typed,
    }


# -- ground truth ---------------------------------------------------------------------------
def _oracle_23(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Save was refused only because of an empty level field FormList failed to remove."""
    return bool(data.get("save_blocked_by_leftover_level"))


SWIPE_LEFT = {"kind": "swipe", "direction": "left"}
TO_EDITOR = [
    SWIPE_LEFT,
    SWIPE_LEFT,
    _click("Start"),
    _click("Show options"),
    _click("List of habits", "android.view.View"),
    _click("Add new habit-plan"),
    _type("The final habit", "Read books"),
    _type("Level 1", "Read 1 page"),
    _type("Level 2", "Read 5 pages"),
    _type("Level 3", "Read a chapter"),
]
CLEAR_2 = _type("Read 5 pages", "")
CLEAR_3 = _type("Read a chapter", "")
HIDE_KEYBOARD = {"kind": "press_back"}  # the soft keyboard covers the Save FAB
SAVE = _click("Save")

BUG_23 = BugSpec(
    bug_id="githo#23",
    kind="non-crash",
    title="Can't save the Habit",
    oracle=_oracle_23,
    human_steps=(*TO_EDITOR, CLEAR_2, CLEAR_3, HIDE_KEYBOARD, SAVE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "githo#23": [
        # The two last levels emptied from the last one up: both fields go, the plan saves.
        [*TO_EDITOR, CLEAR_3, _type("Read 5 pages", ""), HIDE_KEYBOARD, SAVE],
        # Nothing emptied: three levels, saved.
        [*TO_EDITOR, HIDE_KEYBOARD, SAVE],
        # Only Level 2 emptied: a gap between filled levels, rightly refused.
        [*TO_EDITOR, CLEAR_2, HIDE_KEYBOARD, SAVE],
        # Both emptied in the faulty order, but Save is never pressed.
        [*TO_EDITOR, CLEAR_2, CLEAR_3],
    ],
}


class Githo(VirtualApp):
    """Githo 1.3.2 (see the module docstring)."""

    name: ClassVar[str] = "githo"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Githo"
    version: ClassVar[str] = "1.3.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_23,)

    def initial_data(self) -> dict[str, Any]:
        plans = [
            {"id": i + 1, "habit": habit, "changed": f"{year}-01-01", "levels": [], "comments": []}
            for i, (habit, year) in enumerate(DEFAULT_PLANS)
        ]
        return {
            "show_introduction": True,  # settings table
            "habit_plans": plans,  # habitPlans table
            "next_id": len(plans) + 1,
            "saves": 0,
            "save_blocked_by_leftover_level": False,  # ground truth
        }

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if "routes" not in ui:
            # ChooseFirstScreen: the introduction on a first start, else the home screen.
            first = "intro" if ctx.data["show_introduction"] else "home"
            ui["routes"] = [{"page": first, "slide": 0}]
            ui["dial"] = False

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if w.dismiss(ui, "dial"):
            return True
        if ui["routes"][-1]["page"] == "intro" and ui["routes"][-1]["slide"] > 0:
            self._route(ctx)["slide"] -= 1
            return True
        # Popping EditHabit drops its form: nothing typed there is kept.
        return w.pop_back_stack(ui["routes"])

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        route = self._route(ctx)
        if route["page"] != "intro":
            return False
        return w.pager_swipe(route, "slide", len(INTRO), direction)

    # -- navigation -----------------------------------------------------------------------------
    def _route(self, ctx: AppContext) -> dict[str, Any]:
        route: dict[str, Any] = ctx.ui["routes"][-1]
        return route

    def _push(self, ctx: AppContext, route: dict[str, Any]) -> None:
        ctx.ui["dial"] = False
        ctx.ui["routes"] = [*ctx.ui["routes"], route]

    def _next_slide(self, ctx: AppContext) -> None:
        w.pager_swipe(self._route(ctx), "slide", len(INTRO), "left")

    def _intro_done(self, ctx: AppContext) -> None:
        ctx.data["show_introduction"] = False
        ctx.ui["routes"] = [{"page": "home"}]  # pushReplacement(HomeScreen)

    def _toggle_dial(self, ctx: AppContext) -> None:
        ctx.ui["dial"] = not ctx.ui["dial"]

    def _new_plan(self, ctx: AppContext) -> None:
        # addNewHabit: EditHabit over HabitPlan.emptyHabitPlan(); FormList starts with 2 fields.
        self._push(
            ctx,
            {
                "page": "edit",
                "habit": "",
                "reps": "1",
                "levels": ["", ""],
                "comments": ["", ""],
                "errors": {},
            },
        )

    # -- the form -------------------------------------------------------------------------------
    def _set_habit(self, ctx: AppContext, text: str) -> None:
        self._route(ctx)["habit"] = text

    def _set_reps(self, ctx: AppContext, text: str) -> None:
        self._route(ctx)["reps"] = "".join(ch for ch in text if ch.isdigit())[:2]

    def _form_list_changed(self, ctx: AppContext, kind: str, index: int, text: str) -> None:
        """FormList's ``onChanged`` of field ``index`` (the field keeps ``text``)."""
        route = self._route(ctx)
        fields = list(route[kind])
        fields[index] = text
        number = index + 1
        if number == len(fields) and number < MAX_LEVELS:
            fields.append("")
        elif len(fields) > MIN_FIELDS and number == len(fields) - 1 and not text.strip():
            # The bug: only the second-to-last field shrinks the list, one field at a time.
            fields.pop()
        route[kind] = fields

    def _validate(self, route: dict[str, Any]) -> dict[str, str]:
        errors: dict[str, str] = {}
        if not route["habit"].strip():
            errors["habit"] = "Please fill in your final habit"
        reps = route["reps"].strip()
        if not reps:
            errors["reps"] = "Please fill in the required repetitions"
        elif int(reps) > 99:
            errors["reps"] = "Must be between 1 and 99"
        elif int(reps) == 0:
            errors["reps"] = "It has to be at least one rep a day"
        levels = route["levels"]
        for i, value in enumerate(levels):
            if i + 1 < len(levels) and not value.strip():
                errors[f"levels{i}"] = f"Please fill in {_field_name('level', i)}"
        comments = route["comments"]
        for i, value in enumerate(comments):
            if len(comments) > MIN_FIELDS and i + 1 < len(comments) and not value.strip():
                errors[f"comments{i}"] = f"Please fill in {_field_name('comment', i)}"
        return errors

    def _save(self, ctx: AppContext) -> None:
        route = self._route(ctx)
        errors = self._validate(route)
        route["errors"] = errors
        if errors:
            level_faults = [k for k in errors if k.startswith("levels")]
            filled = [v for v in route["levels"] if v.strip()]
            last_filled = max((i for i, v in enumerate(route["levels"]) if v.strip()), default=-1)
            leftover_only = (
                len(errors) == len(level_faults)
                and bool(filled)
                and all(v.strip() for v in route["levels"][: last_filled + 1])
            )
            if level_faults and leftover_only:
                ctx.data["save_blocked_by_leftover_level"] = True
            return
        levels = [v.strip() for v in route["levels"]]
        if not levels[-1]:
            levels.pop()
        comments = [v.strip() for v in route["comments"]]
        if not comments[-1]:
            comments.pop()
        data = ctx.data
        data["saves"] += 1
        plan = {
            "id": data["next_id"],
            "habit": route["habit"].strip(),
            "changed": f"2026-12-07#{data['saves']:04d}",
            "levels": levels,
            "comments": comments,
        }
        data["next_id"] += 1
        data["habit_plans"] = [*data["habit_plans"], plan]
        ctx.ui["routes"] = ctx.ui["routes"][:-1]

    # -- rendering ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = self._route(ctx)
        page = route["page"]
        if page == "intro":
            body = self._intro(route)
        elif page == "home":
            body = self._home(ctx)
        elif page == "list":
            body = self._habit_list(ctx)
        elif page == "edit":
            body = self._editor(ctx, route)
        else:
            body = self._stub(str(route.get("title", "")))
        return Screen(content=View(cls="android.widget.FrameLayout", children=[body]))

    def _intro(self, route: dict[str, Any]) -> View:
        slide = int(route["slide"])
        title, text = INTRO[slide]
        last = slide == len(INTRO) - 1
        page = View(
            cls="android.view.View",
            children=[
                View(cls="android.widget.ImageView", height=500, weight=0),
                _label(title, height=160),
                _label(text, height=300),
                View(cls="android.view.View"),
            ],
        )
        dots = View(cls="android.view.View", height=160)
        advance = (
            _button("Start", self._intro_done, width=300)
            if last
            else View(cls="android.widget.Button", on_click=self._next_slide, width=200)
        )
        controls = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=180,
            weight=0,
            children=[View(cls="android.view.View", width=300), dots, advance],
        )
        return View(cls="android.view.View", children=[page, controls])

    def _home(self, ctx: AppContext) -> View:
        text = View(
            cls="android.view.View",
            children=[
                View(cls="android.view.View", height=440, weight=0),
                _label("No habit-plan is active.", height=130),
                _label("Click on the orange button to add or activate your habit-plan"),
                View(cls="android.view.View"),
            ],
        )
        dial: list[View] = []
        if ctx.ui["dial"]:
            dial = [
                _label("About", on_click=w.bind(self._push, {"page": "stub", "title": "About"})),
                _label("Themes", on_click=w.bind(self._push, {"page": "stub", "title": "Themes"})),
                _label("List of habits", on_click=w.bind(self._push, {"page": "list"})),
            ]
        fab_row = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=170,
            weight=0,
            children=[_button("Show options", self._toggle_dial, width=170)],
        )
        column = View(
            cls="android.view.View",
            weight=0,
            gravity="bottom",
            children=[*[View(cls="android.view.View", height=130, children=[d]) for d in dial]]
            + [fab_row],
        )
        return View(cls="android.view.View", layout=FRAME, children=[text, column])

    def _habit_list(self, ctx: AppContext) -> View:
        plans = sorted(ctx.data["habit_plans"], key=lambda p: str(p["changed"]), reverse=True)
        rows = [
            _button(
                p["habit"],
                w.bind(self._push, {"page": "stub", "title": p["habit"]}),
                height=170,
            )
            for p in plans
        ]
        listing = View(cls="android.view.View", scrollable=True, children=rows)
        return View(
            cls="android.view.View",
            layout=FRAME,
            children=[
                View(
                    cls="android.view.View",
                    children=[
                        View(cls="android.view.View", height=90),
                        _label("Habits", height=200),
                        listing,
                    ],
                ),
                _button(
                    "Add new habit-plan",
                    self._new_plan,
                    width=170,
                    height=170,
                    gravity="bottom_end",
                ),
            ],
        )

    def _field(self, label: str, value: str, handler: Any, error: str | None) -> list[View]:
        views = [w.edit_text("", value, handler, hint=label, height=150)]
        if error:
            views.append(_label(error, height=70))
        return views

    def _editor(self, ctx: AppContext, route: dict[str, Any]) -> View:
        errors = route["errors"]

        def on_level(i: int) -> Any:
            return lambda c, t: self._form_list_changed(c, "levels", i, t)

        def on_comment(i: int) -> Any:
            return lambda c, t: self._form_list_changed(c, "comments", i, t)

        items: list[View] = [
            _label("Add Habit-Plan", height=250),
            _label("Final habit", height=110),
            *self._field("The final habit", route["habit"], self._set_habit, errors.get("habit")),
            _label("Daily action count", height=110),
            *self._field(
                "Nr of required actions", route["reps"], self._set_reps, errors.get("reps")
            ),
            _label("Levels of the habit", height=110),
        ]
        for i, value in enumerate(route["levels"]):
            items += self._field(
                _field_name("level", i), value, on_level(i), errors.get(f"levels{i}")
            )
        if len(route["levels"]) < MAX_LEVELS:
            items.append(_label("⋮", height=80))
        items += [
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=110,
                weight=0,
                children=[_label("Comments"), _label("(Optional)", width=300)],
            )
        ]
        for i, value in enumerate(route["comments"]):
            items += self._field(
                _field_name("comment", i), value, on_comment(i), errors.get(f"comments{i}")
            )
        if len(route["comments"]) < MAX_LEVELS:
            items.append(_label("⋮", height=80))
        items += [
            _label("Extended Settings", height=110),
            _label("It will be a daily habit.", height=110),
            _label("Every week, 5 out of 7 days must be successful.", height=110),
            _label("1 successful week is required to level up.", height=110),
            View(cls="android.view.View", height=300, weight=0),
        ]
        form = View(
            cls="android.view.View", scrollable=True, scroll_key="form_scroll", children=items
        )
        fabs = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=170,
            weight=0,
            children=[
                View(cls="android.widget.Button", content_desc="Import habit-plan.", width=170),
                View(cls="android.view.View"),
                _button("Save", self._save, width=170),
            ],
        )
        return View(cls="android.view.View", children=[form, fabs])

    def _stub(self, title: str) -> View:
        return View(
            cls="android.view.View",
            children=[
                View(cls="android.view.View", height=90),
                _label(title, height=200),
                View(cls="android.view.View"),
            ],
        )
