"""Gymli (``com.example.yafa_ff``) 0.9.0, a Flutter gym log, for Gymli#27.

Modelled from the sources at commit ``4daef0db6cb7dbb52b98f41639631c70b1836ae2`` (2024-06-12, the
day of the report; ``pubspec.yaml`` says ``version: 0.9.0``): ``lib/main.dart``,
``lib/landingScreen.dart``, ``lib/workoutSetupScreen.dart``, ``lib/exerciseSetupScreen.dart``,
``lib/DataModels.dart``, ``lib/database.dart``, ``android/app/src/main/AndroidManifest.xml``.
The fix is commit ``ff50283`` ("Dirty fixed edit for workouts"), which makes "Add Workout" put the
workout in place of the one with the same name.

Gymli is a Flutter app (one ``.MainActivity``); the dump shows Flutter semantics: labels as
content descriptions, buttons as ``android.widget.Button`` (an ``IconButton`` without a tooltip
as an unlabelled Button), text fields as ``EditText`` with their label as hint, no resource ids.

Pages (a route stack):

- the landing page: app bar (an unlabelled menu button opening the drawer, "Gymli"), "Filter by
  or " / "Show All", the "Workouts" and "Muscles" drop-down menus, and the exercise list (one
  tile per exercise, "<name>" and "<base>-<max> Reps @ <inc>kg - today" when showing all;
  "Warm: w, Work: x, Drop: y" under a workout filter) or "No exercises yet". Its lists of
  workouts and exercises are read when the page is created and re-read (the workouts only) when
  a page pushed from the list or from a workout's edit icon is popped, as the sources do;
- the drawer: "Gymli Gainson", "Exercise Setup", "Workout Setup", "Group Setup", "Statistics",
  "Settings", "Light/Dark Mode";
- "Exercise Setup": the "Exercise Name" field, "Exercise Utility" (four unlabelled segment
  buttons: free, machine, cable, body), "Repetition Range", "Weight Increase Increments",
  "muscles" and "Confirm", whose dialog ("Save Exercise:" or "Attention! Overwriting Exercise:",
  the name, the utility, "<min> to <min+max> reps", "<inc> kg increments", Confirm / Cancel)
  saves the exercise (rep range 10 to 15, 2.5 kg, as the sliders start) and pops back;
- "Workout Editor": an unlabelled back arrow and delete button, "Workout Name", "Add Workout",
  the three number pickers "Warm Ups" 0, "Work Sets" 1, "Drop Sets" 0, the "Exercises"
  drop-down, "Add Exercise", and the workout's exercises ("<name>", "Warm Ups: w, Work Sets: x,
  Drop Sets: y", an unlabelled delete button) or "No exercises yet".

Storage: Hive boxes. ``ctx.data`` holds what is on disk; ``ctx.memory`` holds the boxes' cached
objects, read from disk when the process starts. Editing an existing workout gives the editor
the cached object's own ``units`` list (``addedExercises = workout.units``): "Add Exercise" and
a tile's delete change the cached workout only, which is never written back (no ``save()``), and
"Add Workout" adds a new workout (a copy with that name). The bug (Gymli#27): the edits of an
existing workout are gone once the app restarts, unless a copy was added.

Ground-truth bookkeeping: ``data["edited"]`` keeps, per workout name, the exercises the user last
left it with in the editor (what the user sees in this session); when the process starts again
and no stored workout of that name has them, ``data["lost"]`` records it. The oracle reads it.

Stubbed: the number pickers (fixed at their initial values), the rep-range and increment
sliders, the muscles sheet, the Muscles filter's results, the exercise page (title and Back),
Group Setup, Statistics, Settings, the dark mode. Uncertain: whether an open drop-down menu
closes when its edit icon pushes the editor (the model closes it). No network content.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.example.yafa_ff"
MAIN = ".MainActivity"
DEVICES = ("free", "machine", "cable", "body")
MUSCLES = (
    "Pectoralis major",
    "Trapezius",
    "Biceps",
    "Abdominals",
    "Deltoids",
    "Latissimus dorsi",
    "Triceps",
    "Gluteus maximus",
    "Hamstrings",
    "Quadriceps",
    "Forearms",
    "Calves",
)
DRAWER_PAGES = ("Group Setup", "Statistics", "Settings")
MENU_BUTTON = [0, 63, 147, 210]  # the app bar's unlabelled drawer button (or back arrow)
EDIT_ICON = [393, 490, 540, 637]  # the first workout's edit icon in the open menu
TILE_DELETE = [933, 1190, 1080, 1337]  # the first exercise tile's delete icon


def _lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Gymli#27: after a restart, a workout's edits are gone."""
    return bool(data.get("lost"))


def _units(units: list[dict[str, Any]]) -> list[str]:
    return [u["exercise"] for u in units]


def _label(desc: str, **kw: Any) -> View:
    return w.flutter_text(desc, **kw)


def _menu(items: list[View], bounds: tuple[int, int, int, int] | None = None) -> Window:
    """A dropdown's overlay of ``items``; tapping outside closes it (``ui["menu"]``)."""
    return Window(
        root=View(cls="android.view.View", weight=0, children=items),
        kind="menu",
        on_dismiss=lambda c: c.ui.update(menu=""),
        bounds=bounds,
    )


def _icon_button(handler: Any, **kw: Any) -> View:
    """An ``IconButton`` without a tooltip: an unlabelled Button."""
    return View(cls="android.widget.Button", on_click=handler, width=147, height=147, **kw)


DRAWER = click(PACKAGE, cls="android.widget.Button", bounds=MENU_BUTTON)


def _text(desc: str) -> dict[str, Any]:
    return click(PACKAGE, desc=desc)


def _desc(desc: str) -> dict[str, Any]:
    return click(PACKAGE, desc=desc)


DRAWER = click(PACKAGE, cls="android.widget.Button", bounds=MENU_BUTTON)
SETUP = [
    DRAWER,
    _desc("Exercise Setup"),
    input_text(PACKAGE, "", "Squat", hint="Exercise Name"),
    {"kind": "press_back"},
    click(PACKAGE, desc="Confirm", cls="android.widget.Button"),
    click(PACKAGE, desc="Confirm", cls="android.widget.Button"),
    DRAWER,
    _desc("Workout Setup"),
    input_text(PACKAGE, "", "Legs", hint="Workout Name"),
    {"kind": "press_back"},
    click(PACKAGE, text="Exercises", cls="android.widget.EditText"),
    click(PACKAGE, desc="Squat", cls="android.widget.Button"),
    _desc("Add Exercise"),
    _desc("Add Workout"),
    {"kind": "restart_app"},
]
OPEN_EDITOR = [
    click(PACKAGE, text="Workouts", cls="android.widget.EditText"),
    click(PACKAGE, cls="android.widget.Button", bounds=EDIT_ICON),
]
REMOVE_UNIT = click(PACKAGE, cls="android.widget.Button", bounds=TILE_DELETE)
BACK_ARROW = click(PACKAGE, cls="android.view.View", bounds=MENU_BUTTON)
RESTART = {"kind": "restart_app"}

BUG_27 = BugSpec(
    bug_id="Gymli#27",
    kind="non-crash",
    title="workout edits not saved",
    oracle=_lost,
    human_steps=(*SETUP, *OPEN_EDITOR, REMOVE_UNIT, BACK_ARROW, RESTART),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Gymli#27": [
        # Saved as a copy with "Add Workout" instead of going back.
        [*SETUP, *OPEN_EDITOR, REMOVE_UNIT, _desc("Add Workout"), RESTART],
        # No restart after the edit.
        [*SETUP, *OPEN_EDITOR, REMOVE_UNIT, BACK_ARROW],
        # The editor opened and left without an edit.
        [*SETUP, *OPEN_EDITOR, BACK_ARROW, RESTART],
        # The workout filtered instead of edited.
        [
            *SETUP,
            click(PACKAGE, text="Workouts", cls="android.widget.EditText"),
            click(PACKAGE, desc="Legs", cls="android.widget.Button"),
            RESTART,
        ],
    ],
}


class Gymli(VirtualApp):
    """Gymli 0.9.0 (see the module docstring)."""

    name: ClassVar[str] = "Gymli"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Gymli"
    version: ClassVar[str] = "0.9.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_27,)

    def initial_data(self) -> dict[str, Any]:
        return {"exercises": [], "workouts": [], "next_key": 0, "edited": {}, "lost": False}

    # -- the boxes --------------------------------------------------------------------------
    def _box(self, ctx: AppContext) -> list[dict[str, Any]]:
        """The Workouts box's cached objects (opened in ``main``)."""
        if "workouts" not in ctx.memory:
            ctx.memory["workouts"] = copy.deepcopy(ctx.data["workouts"])
        return list(ctx.memory["workouts"])

    def on_create(self, ctx: AppContext) -> None:
        if "workouts" not in ctx.memory:
            # A new process: the boxes are read from disk; edits only cached are gone.
            stored = ctx.data["workouts"]
            for name, units in ctx.data["edited"].items():
                if not any(wk["name"] == name and _units(wk["units"]) == units for wk in stored):
                    ctx.data["lost"] = True
            ctx.data["edited"] = {}
            self._box(ctx)
        if "routes" not in ctx.ui:
            ctx.ui.update(
                routes=[],
                drawer=False,
                menu="",
                filter=None,
                avail=[wk["key"] for wk in self._box(ctx)],
                all_ex=sorted(e["name"] for e in ctx.data["exercises"]),
            )

    def _workout(self, ctx: AppContext, key: int) -> dict[str, Any] | None:
        return next((wk for wk in ctx.memory["workouts"] if wk["key"] == key), None)

    # -- navigation -------------------------------------------------------------------------
    def _push(self, ctx: AppContext, route: dict[str, Any]) -> None:
        ctx.ui["drawer"] = False
        ctx.ui["menu"] = ""
        ctx.ui["routes"].append(route)

    def _pop(self, ctx: AppContext) -> None:
        routes = ctx.ui["routes"]
        if not routes:
            return
        route = routes.pop()
        if route.get("reload"):
            ctx.ui["avail"] = [wk["key"] for wk in self._box(ctx)]

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menu"):
            ctx.ui["menu"] = ""
            return True
        if ctx.ui.get("drawer"):
            ctx.ui["drawer"] = False
            return True
        routes = ctx.ui.get("routes", [])
        if routes and routes[-1].get("dialog"):
            routes[-1]["dialog"] = False
            return True
        if routes:
            self._pop(ctx)
            return True
        return False

    def _open_drawer_page(self, ctx: AppContext, page: str) -> None:
        if page == "Exercise Setup":
            # get_exercise_list(): the names the dialog's heading checks.
            known = [e["name"] for e in ctx.data["exercises"]]
            route = {"page": "exercise_setup", "name": "", "device": 0, "dialog": False}
            self._push(ctx, {**route, "known": known})
        elif page == "Workout Setup":
            self._push(ctx, self._editor(ctx, None))
        else:
            self._push(ctx, {"page": "stub", "title": page})

    # -- exercise setup ---------------------------------------------------------------------
    def _confirm_exercise(self, ctx: AppContext) -> None:
        route = ctx.ui["routes"][-1]
        exercise = {
            "name": route["name"],
            "type": route["device"],
            "base": 10,
            "max": 15,
            "inc": 2.5,
        }
        names = [e["name"] for e in ctx.data["exercises"]]
        if route["name"] in names:
            ctx.data["exercises"][names.index(route["name"])] = exercise
        else:
            ctx.data["exercises"].append(exercise)
        ctx.ui["routes"].pop()

    # -- workout editor ---------------------------------------------------------------------
    def _editor(self, ctx: AppContext, key: int | None) -> dict[str, Any]:
        route: dict[str, Any] = {
            "page": "editor",
            "key": key,
            "units": [],
            "exercises": [e["name"] for e in ctx.data["exercises"]],
            "selected": None,
            "reload": key is not None,
        }
        if key is not None:
            workout = self._workout(ctx, key)
            if workout is not None:
                route["name"] = workout["name"]
                # The first workout with that name (``where(...).first``).
                first = next(wk for wk in ctx.memory["workouts"] if wk["name"] == workout["name"])
                route["key"] = first["key"]
        route.setdefault("name", "")
        return route

    def _editor_units(self, ctx: AppContext, route: dict[str, Any]) -> list[dict[str, Any]]:
        """``addedExercises``: the cached workout's own list, or the new workout's."""
        if route["key"] is not None:
            workout = self._workout(ctx, route["key"])
            if workout is not None:
                units: list[dict[str, Any]] = workout["units"]
                return units
        new_units: list[dict[str, Any]] = route["units"]
        return new_units

    def _touched(self, ctx: AppContext, route: dict[str, Any]) -> None:
        if route["key"] is not None:
            workout = self._workout(ctx, route["key"])
            if workout is not None:
                ctx.data["edited"][workout["name"]] = _units(workout["units"])

    def _add_exercise(self, ctx: AppContext) -> None:
        route = ctx.ui["routes"][-1]
        name = route["selected"]
        if name is None:
            return
        units = self._editor_units(ctx, route)
        if any(u["exercise"] == name for u in units):
            return
        kind = next((e["type"] for e in ctx.data["exercises"] if e["name"] == name), 0)
        units.append({"exercise": name, "warmups": 0, "worksets": 1, "dropsets": 0, "type": kind})
        self._touched(ctx, route)

    def _remove_unit(self, ctx: AppContext, index: int) -> None:
        route = ctx.ui["routes"][-1]
        units = self._editor_units(ctx, route)
        if 0 <= index < len(units):
            del units[index]
        self._touched(ctx, route)

    def _add_workout(self, ctx: AppContext) -> None:
        route = ctx.ui["routes"][-1]
        units = copy.deepcopy(self._editor_units(ctx, route))
        key = ctx.data["next_key"]
        ctx.data["next_key"] = key + 1
        workout = {"key": key, "name": route["name"], "units": units}
        ctx.data["workouts"].append(copy.deepcopy(workout))
        ctx.memory["workouts"].append(workout)
        ctx.data["edited"][route["name"]] = _units(units)
        self._pop(ctx)

    def _delete_workout(self, ctx: AppContext) -> None:
        route = ctx.ui["routes"][-1]
        if route["key"] is None:
            return
        key = route["key"]
        workout = self._workout(ctx, key)
        name = workout["name"] if workout is not None else ""
        ctx.data["workouts"] = [wk for wk in ctx.data["workouts"] if wk["key"] != key]
        ctx.memory["workouts"] = [wk for wk in ctx.memory["workouts"] if wk["key"] != key]
        if not any(wk["name"] == name for wk in ctx.memory["workouts"]):
            ctx.data["edited"].pop(name, None)
        self._pop(ctx)

    # -- landing ----------------------------------------------------------------------------
    def _filter_workout(self, ctx: AppContext, key: int) -> None:
        ctx.ui["menu"] = ""
        ctx.ui["filter"] = ["workout", key]

    def _filter_muscle(self, ctx: AppContext, muscle: str) -> None:
        ctx.ui["menu"] = ""
        ctx.ui["filter"] = ["muscle", muscle]

    def _edit_workout(self, ctx: AppContext, key: int) -> None:
        self._push(ctx, self._editor(ctx, key))

    # -- rendering --------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        routes = ctx.ui.get("routes", [])
        if routes:
            route = routes[-1]
            if route["page"] == "exercise_setup":
                return self._render_exercise_setup(route)
            if route["page"] == "editor":
                return self._render_editor(ctx, route)
            return Screen(
                content=View(
                    cls="android.view.View",
                    children=[
                        w.toolbar(
                            route["title"],
                            navigation=w.flutter_button("Back", lambda c: self._pop(c)),
                            rid="",
                        )
                    ],
                )
            )
        return self._render_landing(ctx)

    def _landing_rows(self, ctx: AppContext) -> list[View]:
        flt = ctx.ui.get("filter")
        names = list(ctx.ui.get("all_ex", []))
        by_name = {e["name"]: e for e in ctx.data["exercises"]}
        rows: list[tuple[str, str]] = []
        if flt and flt[0] == "workout":
            workout = self._workout(ctx, flt[1])
            units = workout["units"] if workout else []
            for name in names:
                for u in units:
                    if u["exercise"] == name:
                        rows.append(
                            (
                                name,
                                f"Warm: {u['warmups']}, Work: {u['worksets']}, "
                                f"Drop: {u['dropsets']}",
                            )
                        )
        elif flt and flt[0] == "muscle":
            rows = []
        else:
            for name in names:
                e = by_name.get(name)
                if e is not None:
                    rows.append((name, f"{e['base']}-{e['max']} Reps @ {e['inc']}kg - today"))
        if not rows:
            return [_label("No exercises yet")]
        return [
            View(
                cls="android.view.View",
                content_desc=f"{name}\n{meta}",
                on_click=w.bind(self._push, {"page": "stub", "title": name, "reload": True}),
                height=160,
            )
            for name, meta in rows
        ]

    def _sub_bar(self, title: str, on_icon: Any) -> View:
        """A pushed route's app bar: the back arrow, the title and one action icon."""
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=147,
            style="toolbar",
            children=[
                View(cls="android.view.View", on_click=lambda c: self._pop(c), width=147),
                _label(title),
                _icon_button(on_icon),
            ],
        )

    def _render_landing(self, ctx: AppContext) -> Screen:
        bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=147,
            style="toolbar",
            children=[
                _icon_button(lambda c: c.ui.update(drawer=True)),
                _label("Gymli"),
            ],
        )
        filters = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=150,
            children=[
                w.edit_text(
                    "",
                    "",
                    None,
                    hint="Workouts",
                    focusable=False,
                    on_click=lambda c: c.ui.update(menu="workouts"),
                ),
                w.edit_text(
                    "",
                    "",
                    None,
                    hint="Muscles",
                    focusable=False,
                    on_click=lambda c: c.ui.update(menu="muscles"),
                ),
            ],
        )
        body = View(
            cls="android.view.View",
            children=[
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=130,
                    children=[
                        _label("Filter by or "),
                        w.flutter_button("Show All", lambda c: c.ui.update(filter=None, menu="")),
                    ],
                ),
                filters,
                *self._landing_rows(ctx),
            ],
        )
        windows: list[Window] = []
        if ctx.ui.get("menu") == "workouts":
            rows = []
            for key in ctx.ui.get("avail", []):
                workout = next(
                    (wk for wk in ctx.memory.get("workouts", []) if wk["key"] == key), None
                )
                if workout is None:
                    continue
                rows.append(
                    View(
                        cls="android.view.View",
                        layout=HORIZONTAL,
                        height=147,
                        children=[
                            w.flutter_button(workout["name"], w.bind(self._filter_workout, key)),
                            _icon_button(w.bind(self._edit_workout, key)),
                        ],
                    )
                )
            windows.append(_menu(rows, (0, 490, 540, 490 + 147 * max(len(rows), 1))))
        elif ctx.ui.get("menu") == "muscles":
            windows.append(
                _menu(
                    [
                        w.flutter_button(m, w.bind(self._filter_muscle, m), height=126)
                        for m in MUSCLES
                    ]
                )
            )
        if ctx.ui.get("drawer"):
            entries = [
                _label("Gymli Gainson", height=120),
                *(
                    View(
                        cls="android.view.View",
                        content_desc=page,
                        on_click=w.bind(self._open_drawer_page, page),
                        height=147,
                    )
                    for page in ("Exercise Setup", "Workout Setup", *DRAWER_PAGES)
                ),
                w.flutter_button("Light/Dark Mode", None, width=147, height=147),
            ]
            windows.append(
                Window(
                    root=View(cls="android.view.View", weight=0, children=entries),
                    kind="sheet",
                    on_dismiss=lambda c: c.ui.update(drawer=False),
                    bounds=(0, 63, 800, 1794),
                )
            )
        return Screen(content=View(cls="android.view.View", children=[bar, body]), windows=windows)

    def _render_exercise_setup(self, route: dict[str, Any]) -> Screen:
        def set_name(ctx: AppContext, text: str) -> None:
            ctx.ui["routes"][-1]["name"] = text

        def set_device(ctx: AppContext, index: int) -> None:
            ctx.ui["routes"][-1]["device"] = index

        bar = self._sub_bar("Exercise Setup", None)
        segments = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=147,
            children=[
                View(
                    cls="android.widget.Button",
                    on_click=w.bind(set_device, i),
                    selected=route["device"] == i,
                )
                for i in range(len(DEVICES))
            ],
        )
        body = View(
            cls="android.view.View",
            children=[
                w.edit_text("", route["name"], set_name, hint="Exercise Name"),
                _label("Exercise Utility"),
                segments,
                _label("Repetition Range"),
                View(cls="android.widget.SeekBar", height=120),
                _label("Weight Increase Increments"),
                View(cls="android.widget.SeekBar", height=120),
                w.flutter_button("muscles", None, height=147),
                w.flutter_button(
                    "Confirm", lambda c: c.ui["routes"][-1].update(dialog=True), height=147
                ),
            ],
        )
        windows: list[Window] = []
        if route["dialog"]:
            heading = (
                "Attention! \nOverwriting Exercise:\n"
                if route["name"] in route["known"]
                else "Save Exercise:\n"
            )
            windows.append(
                Window(
                    root=View(
                        cls="android.view.View",
                        weight=0,
                        children=[
                            _label(heading),
                            _label(f"{route['name']}\n"),
                            _label(DEVICES[route["device"]]),
                            _label("10 to 25 reps"),
                            _label("2.5 kg increments"),
                            View(
                                cls="android.view.View",
                                layout=HORIZONTAL,
                                height=147,
                                children=[
                                    w.flutter_button("Confirm", self._confirm_exercise),
                                    w.flutter_button("Cancel", lambda c: c.ui["routes"].pop()),
                                ],
                            ),
                        ],
                    ),
                    on_dismiss=lambda c: c.ui["routes"][-1].update(dialog=False),
                )
            )
        return Screen(content=View(cls="android.view.View", children=[bar, body]), windows=windows)

    def _render_editor(self, ctx: AppContext, route: dict[str, Any]) -> Screen:
        def set_name(c: AppContext, text: str) -> None:
            c.ui["routes"][-1]["name"] = text

        def choose(c: AppContext, name: str) -> None:
            c.ui["routes"][-1]["selected"] = name
            c.ui["menu"] = ""

        bar = self._sub_bar("Workout Editor", self._delete_workout)
        units = self._editor_units(ctx, route) if "workouts" in ctx.memory else route["units"]
        pickers = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=420,
            children=[
                View(
                    cls="android.view.View",
                    children=[_label(title), _label(str(v)), _label(str(v + 1))],
                )
                for title, v in (("Warm Ups", 0), ("Work Sets", 1), ("Drop Sets", 0))
            ],
        )
        tiles: list[View] = [
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=160,
                children=[
                    _label(
                        f"{u['exercise']}\nWarm Ups: {u['warmups']}, Work Sets: {u['worksets']}, "
                        f"Drop Sets: {u['dropsets']}"
                    ),
                    _icon_button(w.bind(self._remove_unit, i)),
                ],
            )
            for i, u in enumerate(units)
        ] or [_label("No exercises yet")]
        body = View(
            cls="android.view.View",
            children=[
                w.edit_text("", route["name"], set_name, hint="Workout Name"),
                w.flutter_button("Add Workout", self._add_workout, height=130),
                pickers,
                w.edit_text(
                    "",
                    route["selected"] or "",
                    None,
                    hint="Exercises",
                    focusable=False,
                    on_click=lambda c: c.ui.update(menu="exercises"),
                ),
                w.flutter_button("Add Exercise", self._add_exercise, height=130),
                *tiles,
            ],
        )
        windows: list[Window] = []
        if ctx.ui.get("menu") == "exercises":
            windows.append(
                _menu(
                    [
                        w.flutter_button(n, w.bind(choose, n), height=147)
                        for n in route["exercises"]
                    ],
                    (0, 1060, 756, 1060 + 147 * max(len(route["exercises"]), 1)),
                )
            )
        return Screen(content=View(cls="android.view.View", children=[bar, body]), windows=windows)
