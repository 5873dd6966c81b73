"""OpenHIIT 1.1.1 (com.codepup.workout_timer), a Flutter interval/workout timer.

Sources read: github.com/a-mabe/OpenHIIT at commit d154e07 (2023-11-27, "Merge pull request
#108 from a-mabe/1.1.1", pubspec version 1.1.1+13), the release before the report
(2023-12-17). Files: lib/main.dart, create_workout/select_timer.dart, create_workout.dart,
set_exercises.dart, set_timings.dart, set_sounds.dart, start_workout/view_workout.dart,
helper_widgets/timer_list_tile.dart, workout_data_type/workout_type.dart. The code was changed
by 073243c (2023-12-10, "Implement clock and seconds views throughout UI"), which guards the
index, released in 1.2.x.

Bug OpenHIIT#115 (non-crash): ``_SetExercisesState.build`` prefills one text field per
exercise with ``exercisesArgument[i]`` for ``i < numExercises``. When an existing workout is
edited and its number of exercises raised above the number of stored exercise names, the index
runs past the decoded list: a Dart ``RangeError`` thrown in ``build``. Flutter does not kill
the app; the route's body is replaced by the blank error widget, so the "List Exercises" page
shows nothing and cannot be submitted (Back still pops it). Lowering the number works. The
model records each such build failure in ``data["build_errors"]`` (what FlutterError reports
to logcat), which the oracle reads.

Also as in the sources: on the edit form the "+"/"-" buttons do not set ``_changed``, so while
the wheel was not scrolled the next build puts the stored number back (they seem to do nothing
for an existing workout); scrolling the NumberPicker wheel (a swipe up/down on the form here)
changes the number and sets ``_changed``.

Flutter nodes have no resource ids: texts are content descriptions of ``android.view.View``s,
buttons ``android.widget.Button``s, fields ``android.widget.EditText`` (label as hint).
Stubbed: the colour picker (its circle is shown, not tappable), the Interval Timer form (title
only), the sounds dropdowns (shown with their defaults, not changeable), the running timer
("Start" opens a stub page), reordering, the delete dialog. Uncertain: the exact blank look of
the error widget in release mode (modelled as an empty page), Flutter semantics node nesting,
and that a swipe stands for the wheel's drag. No network content.
"""

from __future__ import annotations

import json
import math
import uuid
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import HORIZONTAL, Screen, View

PACKAGE = "com.codepup.workout_timer"
MAIN = ".MainActivity"

INTERVAL_DESC = (
    "An interval timer is a tool that helps you track the time spent working and resting "
    "during a workout."
)
WORKOUT_DESC = "A workout is a planned set of exercise combined with an interval timer."


def _empty_workout() -> dict[str, Any]:
    return {
        "id": "",
        "title": "",
        "numExercises": 0,
        "exercises": "",
        "exerciseTime": 0,
        "restTime": 0,
        "halfTime": 0,
        "workSound": "",
        "restSound": "",
        "halfwaySound": "",
        "completeSound": "",
        "countdownSound": "",
        "colorInt": 4280391411,
        "workoutIndex": 0,
    }


def tile_text(wk: dict[str, Any]) -> str:
    """TimerListTile's title and subtitle, merged into one node."""
    n = wk["numExercises"]
    count = (
        f"Exercises: {len(json.loads(wk['exercises']))}"
        if wk["exercises"] != ""
        else f"Intervals: {n}"
    )
    total = (wk["exerciseTime"] * n + wk["restTime"] * (n - 1) + wk["halfTime"] * n) / 60
    minutes = math.floor(total + 0.5)
    return (
        f"{wk['title']}\n{count}\nExercise time: {wk['exerciseTime']} seconds\n"
        f"Rest time: {wk['restTime']} seconds\nTotal: {minutes} minutes"
    )


def oracle_115(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of OpenHIIT#115: the exercises page failed to build (index past the stored
    exercise names) for a workout that was already saved."""
    return any(e.get("page") == "SetExercises" and e.get("saved") for e in data["build_errors"])


def _t(desc: str, cls: str = "android.view.View") -> dict[str, Any]:
    return click(PACKAGE, desc=desc, cls=cls)


def _b(desc: str) -> dict[str, Any]:
    return click(PACKAGE, desc=desc, cls="android.widget.Button")


FAB = click(PACKAGE, desc="Create workout", cls="android.widget.Button")
WORKOUT_CARD = _t(f"Workout\n{WORKOUT_DESC}")
NAME = input_text(PACKAGE, "", "Legs", bounds=[0, 333, 1080, 483])
# IconButtons with no tooltip: unlabeled Buttons, told apart by where they are.
MINUS = click(PACKAGE, cls="android.widget.Button", bounds=[0, 988, 150, 1128])
PLUS = click(PACKAGE, cls="android.widget.Button", bounds=[750, 988, 900, 1128])
SUBMIT = _b("Submit")
EDIT = click(PACKAGE, cls="android.widget.Button", bounds=[300, 63, 450, 223])
SWIPE_UP = {"kind": "swipe", "direction": "up"}
SWIPE_DOWN = {"kind": "swipe", "direction": "down"}
HIDE_KEYBOARD = {"kind": "press_back"}


def _exercise(n: int, name: str) -> dict[str, Any]:
    return input_text(PACKAGE, "", name, hint=f"Exercise #{n}")


TILE = _t("Legs\nExercises: 2\nExercise time: 20 seconds\nRest time: 10 seconds\nTotal: 1 minutes")

CREATE_TWO = [
    FAB,
    WORKOUT_CARD,
    *([MINUS] * 8),
    NAME,
    HIDE_KEYBOARD,
    SUBMIT,
    _exercise(1, "Squats"),
    _exercise(2, "Lunges"),
    HIDE_KEYBOARD,
    SUBMIT,
    SUBMIT,
    SUBMIT,
]

HUMAN_115 = (*CREATE_TWO, TILE, EDIT, SWIPE_UP, SUBMIT)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "OpenHIIT#115": [
        # lowering the number instead of raising it
        [*CREATE_TWO, TILE, EDIT, SWIPE_DOWN, SUBMIT],
        # the same number again
        [*CREATE_TWO, TILE, EDIT, SUBMIT],
        # "+" on the edit form: the stored number comes back on the next build
        [*CREATE_TWO, TILE, EDIT, PLUS, SUBMIT],
        # raising the number while creating (not editing) the workout
        [FAB, WORKOUT_CARD, *([MINUS] * 8), SWIPE_UP, NAME, HIDE_KEYBOARD, SUBMIT],
    ],
}


class OpenHIIT(VirtualApp):
    """OpenHIIT 1.1.1: the timer list, the workout forms, the workout view."""

    name: ClassVar[str] = "OpenHIIT"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "OpenHIIT"
    version: ClassVar[str] = "1.1.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "OpenHIIT#115",
            "non-crash",
            "Impossible to increase the number of exercises from an existing workout",
            oracle_115,
            human_steps=HUMAN_115,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"workouts": [], "build_errors": []}

    # -- navigation ----------------------------------------------------------------------------
    def _stack(self, ctx: AppContext) -> list[dict[str, Any]]:
        stack: list[dict[str, Any]] = ctx.ui.setdefault("stack", [{"page": "Home"}])
        return stack

    def _push(self, ctx: AppContext, page: dict[str, Any]) -> None:
        self._stack(ctx).append(page)

    def _draft(self, ctx: AppContext) -> dict[str, Any]:
        draft: dict[str, Any] = ctx.ui["draft"]
        return draft

    def on_back(self, ctx: AppContext) -> bool:
        stack = self._stack(ctx)
        if len(stack) > 1:
            stack.pop()
            return True
        return False

    # -- handlers ------------------------------------------------------------------------------
    def _create(self, ctx: AppContext) -> None:
        ctx.ui["draft"] = _empty_workout()
        self._push(ctx, {"page": "SelectTimer"})

    def _open_form(self, ctx: AppContext, workout: bool) -> None:
        if workout:
            self._push(ctx, {"page": "ChooseNumber", "value": 10, "changed": False})
        else:
            self._push(ctx, {"page": "CreateTimer"})

    def _choose_value(self, ctx: AppContext, page: dict[str, Any]) -> int:
        """ChooseNumber.build: while the wheel was not scrolled, an existing workout's number
        replaces the current value."""
        draft = self._draft(ctx)
        if not page["changed"] and draft["numExercises"] > 0:
            page["value"] = draft["numExercises"]
        return int(page["value"])

    def _step_value(self, ctx: AppContext, delta: int) -> None:
        page = self._stack(ctx)[-1]
        page["value"] = max(1, min(100, self._choose_value(ctx, page) + delta))
        self._choose_value(ctx, page)  # the rebuild after setState

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        page = self._stack(ctx)[-1]
        if page["page"] != "ChooseNumber" or direction not in ("up", "down"):
            return False
        current = self._choose_value(ctx, page)
        page["value"] = max(1, min(100, current + (1 if direction == "up" else -1)))
        page["changed"] = True
        return True

    def _name_typed(self, ctx: AppContext, text: str) -> None:
        self._stack(ctx)[-1]["name"] = text

    def _submit_choose(self, ctx: AppContext) -> None:
        page = self._stack(ctx)[-1]
        draft = self._draft(ctx)
        name = page.get("name", draft["title"])
        if not name:
            page["error"] = True
            return
        page["error"] = False
        draft["title"] = name
        draft["numExercises"] = self._choose_value(ctx, page)
        self._open_exercises(ctx)

    def _open_exercises(self, ctx: AppContext) -> None:
        draft = self._draft(ctx)
        stored = json.loads(draft["exercises"]) if draft["exercises"] != "" else []
        page: dict[str, Any] = {"page": "SetExercises", "fields": [], "errors": False}
        if draft["exercises"] != "" and draft["numExercises"] > len(stored):
            # exercisesArgument[i] past the end: RangeError in build, the blank error widget.
            n = len(stored)
            ctx.log(
                "flutter",
                "══╡ EXCEPTION CAUGHT BY WIDGETS LIBRARY ╞══ RangeError (index): Invalid value: "
                f"Not in inclusive range 0..{n - 1}: {n}",
                "I",
            )
            ctx.data["build_errors"].append(
                {"page": "SetExercises", "saved": draft["id"] != "", "index": n}
            )
            page["broken"] = True
        else:
            page["fields"] = [
                stored[i] if draft["exercises"] != "" else "" for i in range(draft["numExercises"])
            ]
        self._push(ctx, page)

    def _exercise_typed(self, ctx: AppContext, index: int, text: str) -> None:
        self._stack(ctx)[-1]["fields"][index] = text

    def _typed_into(self, index: int) -> Any:
        def typed(ctx: AppContext, text: str) -> None:
            self._exercise_typed(ctx, index, text)

        return typed

    def _submit_exercises(self, ctx: AppContext) -> None:
        page = self._stack(ctx)[-1]
        if any(not f for f in page["fields"]):
            page["errors"] = True
            return
        page["errors"] = False
        self._draft(ctx)["exercises"] = json.dumps(page["fields"])
        draft = self._draft(ctx)
        work = draft["exerciseTime"] if draft["exerciseTime"] > 0 else 20
        rest = draft["restTime"] if draft["exerciseTime"] > 0 else 10
        self._push(ctx, {"page": "SetTimings", "work": work, "rest": rest})

    def _timing(self, ctx: AppContext, key: str, delta: int) -> None:
        page = self._stack(ctx)[-1]
        page[key] = max(1, min(120, page[key] + delta))

    def _submit_timings(self, ctx: AppContext) -> None:
        page = self._stack(ctx)[-1]
        draft = self._draft(ctx)
        draft["exerciseTime"] = page["work"]
        draft["restTime"] = page["rest"]
        self._push(ctx, {"page": "Sounds"})

    def _submit_sounds(self, ctx: AppContext) -> None:
        draft = self._draft(ctx)
        for key, default in (
            ("workSound", "short-whistle"),
            ("restSound", "short-rest-beep"),
            ("halfwaySound", "short-halfway-beep"),
            ("completeSound", "long-bell"),
            ("countdownSound", "countdown-beep"),
        ):
            draft[key] = draft[key] or default
        workouts = ctx.data["workouts"]
        if draft["id"] == "":
            draft["id"] = str(uuid.uuid1())
            for other in workouts:
                other["workoutIndex"] += 1
            draft["workoutIndex"] = 0
            workouts.insert(0, dict(draft))
        else:
            for i, other in enumerate(workouts):
                if other["id"] == draft["id"]:
                    workouts[i] = dict(draft)
        ctx.ui["stack"] = [{"page": "Home"}]

    def _view(self, ctx: AppContext, wid: str) -> None:
        for wk in ctx.data["workouts"]:
            if wk["id"] == wid:
                ctx.ui["draft"] = dict(wk)
        self._push(ctx, {"page": "ViewWorkout"})

    def _edit(self, ctx: AppContext) -> None:
        draft = self._draft(ctx)
        self._open_form(ctx, draft["exercises"] != "")

    # -- screens -------------------------------------------------------------------------------
    def _text(self, desc: str, **kw: Any) -> View:
        return View(cls="android.view.View", content_desc=desc, **kw)

    def _button(self, desc: str, handler: Any, **kw: Any) -> View:
        return View(cls="android.widget.Button", content_desc=desc, on_click=handler, **kw)

    def _app_bar(self, title: str, actions: list[View] | None = None) -> View:
        children = [self._button("Back", lambda c: self.on_back(c), width=150, height=160)]
        if title:
            children.append(self._text(title, width=600))
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            children=children + (actions or []),
            height=160,
        )

    def _home(self, ctx: AppContext) -> list[View]:
        workouts = sorted(ctx.data["workouts"], key=lambda x: x["workoutIndex"])
        body: list[View]
        if not workouts:
            body = [
                self._text("No saved timers"),
                self._text("Hit the + at the bottom to get started!"),
            ]
        else:
            body = [
                View(
                    cls="android.view.View",
                    content_desc=tile_text(wk),
                    on_click=w.bind(self._view, wk["id"]),
                    height=330,
                )
                for wk in workouts
            ]
        return [
            *body,
            self._button("Create workout", self._create, width=168, height=168),
        ]

    def _choose_number(self, ctx: AppContext, page: dict[str, Any]) -> list[View]:
        draft = self._draft(ctx)
        value = self._choose_value(ctx, page)
        name = page.get("name", draft["title"])
        wheel = [str(v) for v in (value - 1, value, value + 1) if 1 <= v <= 100]
        out = [
            self._app_bar("New Workout"),
            self._text("Name this workout:"),
            w.edit_text("", name, self._name_typed),
        ]
        if page.get("error"):
            out.append(self._text("Please enter some text"))
        out += [
            self._text("How many exercises/sets?"),
            View(
                cls="android.view.View",
                children=[self._text(v, height=120) for v in wheel],
            ),
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                children=[
                    self._button("", lambda c: self._step_value(c, -1), width=150, height=140),
                    self._text(f"Current int value: {value}", width=600, height=140),
                    self._button("", lambda c: self._step_value(c, 1), width=150, height=140),
                ],
            ),
            self._text("Set workout color:"),
            View(cls="android.view.View", width=160, height=160),
            self._button("Submit", self._submit_choose),
        ]
        return out

    def _exercises(self, ctx: AppContext, page: dict[str, Any]) -> list[View]:
        if page.get("broken"):
            return []
        out = [self._app_bar("List Exercises")]
        for i, text in enumerate(page["fields"]):
            out.append(w.edit_text("", text, self._typed_into(i), hint=f"Exercise #{i + 1}"))
            if page["errors"] and not text:
                out.append(self._text("Please enter some text"))
        out.append(self._button("Submit", self._submit_exercises))
        return out

    def _timings(self, page: dict[str, Any]) -> list[View]:
        out = [self._app_bar("Enter Time Intervals")]
        for key, label in (("work", "Working time"), ("rest", "Rest time")):
            v = page[key]
            out += [
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    children=[self._text(str(x), width=200) for x in (v - 1, v, v + 1) if x >= 1],
                ),
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    children=[
                        self._button("", w.bind(self._timing, key, -1), width=150, height=140),
                        self._text(f"{label}: {v} seconds", width=600, height=140),
                        self._button("", w.bind(self._timing, key, 1), width=150, height=140),
                    ],
                ),
            ]
        out.append(self._button("Submit", self._submit_timings))
        return out

    def _sounds(self, ctx: AppContext) -> list[View]:
        draft = self._draft(ctx)
        out = [self._app_bar("Select Sounds")]
        for title, key, default in (
            ("Work Sound", "workSound", "short-whistle"),
            ("Rest Sound", "restSound", "short-rest-beep"),
            ("Halfway Sound", "halfwaySound", "short-halfway-beep"),
            ("Countdown Sound", "countdownSound", "countdown-beep"),
            ("Timer End Sound", "completeSound", "long-bell"),
        ):
            out.append(self._text(f"{title}\n{draft[key] or default}"))
        out.append(self._button("Submit", self._submit_sounds))
        return out

    def _view_workout(self, ctx: AppContext) -> list[View]:
        draft = self._draft(ctx)
        names = json.loads(draft["exercises"]) if draft["exercises"] != "" else []
        rows: list[View] = []
        for i in range(draft["numExercises"]):
            action = names[i] if i < len(names) else "Work"
            rows.append(self._text(f"{action}\n{draft['exerciseTime']}"))
            if i < draft["numExercises"] - 1:
                rows.append(self._text(f"Rest\n{draft['restTime']}"))
        bar = self._app_bar(
            "",
            [
                self._button("Show Snackbar", None, width=150, height=160),
                self._button("", lambda c: self._edit(c), width=150, height=160),
            ],
        )
        start = self._button("Start", lambda c: self._push(c, {"page": "Timer"}))
        return [bar, start, *rows]

    def render(self, ctx: AppContext) -> Screen:
        page = self._stack(ctx)[-1]
        kind = page["page"]
        body: list[View]
        if kind == "Home":
            body = self._home(ctx)
        elif kind == "SelectTimer":
            body = [
                self._app_bar(""),
                self._text(
                    f"Interval Timer\n{INTERVAL_DESC}",
                    on_click=lambda c: self._open_form(c, False),
                    height=400,
                ),
                self._text(
                    f"Workout\n{WORKOUT_DESC}",
                    on_click=lambda c: self._open_form(c, True),
                    height=400,
                ),
            ]
        elif kind == "ChooseNumber":
            body = self._choose_number(ctx, page)
        elif kind == "SetExercises":
            body = self._exercises(ctx, page)
        elif kind == "SetTimings":
            body = self._timings(page)
        elif kind == "Sounds":
            body = self._sounds(ctx)
        elif kind == "ViewWorkout":
            body = self._view_workout(ctx)
        else:
            body = [self._app_bar(kind)]
        return Screen(
            content=View(
                cls="android.widget.FrameLayout",
                children=[View(cls="android.view.View", children=body)],
            )
        )
