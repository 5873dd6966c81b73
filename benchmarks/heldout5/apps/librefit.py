"""LibreFit (``org.librefit.app``, LibreFitOrg/LibreFit) 0.2.0, for LibreFit#42.

A workout tracker: routines, workouts with their exercises and sets, statistics and body
measurements. Jetpack Compose draws every screen (no resource ids; icon buttons carry their
icons' descriptions, some none).

Modelled from the sources at tag ``v0.2.0`` (commit ``3140f16``, "Merge pull request #35",
26 Apr 2026: ``versionName = "0.2.0"``, ``versionCode = 20001``): ``nav/NavigationHost.kt``,
``ui/screens/about/WelcomeScreen.kt``, ``ui/screens/MainScreen.kt``, ``home/HomeScreen.kt``,
``profile/ProfileScreen.kt``, ``infoWorkout/InfoWorkoutScreen.kt`` and its view model,
``editWorkout/EditWorkoutScreen.kt`` and ``EditWorkoutScreenViewModel.kt``,
``beforeSaving/BeforeSavingScreen.kt`` and ``BeforeSavingScreenViewModel.kt``,
``shared/SuccessScreen.kt``, ``components/ExerciseCard.kt``, ``ExerciseCardSmall.kt``,
``LibreFitScaffold.kt``, ``NumberPicker.kt``, ``modalBottomSheets/InputModalBottomSheet.kt``,
``dialogs/ConfirmDialog.kt``, ``models/InputModalBottomSheetState.kt``, ``db/dao/WorkoutDao.kt``,
``helpers/DataHelper.kt`` (volume), ``util/Formatter.kt``,
``db/repository/UserPreferencesRepository.kt`` and ``res/values/strings.xml``; and the fix,
merge ``8e6db63`` (PR #46, "implement pending workout state persistence to sync screens").

A fresh install opens the welcome screen ("Welcome to LibreFit", "Tutorial", "Home"). The main
screen: the app bar "LibreFit" with three icon buttons without descriptions (support, about,
settings), a pager of Library, Home (the start page: "Start empty workout", "Your routines",
the FAB "Create routine") and Profile ("Exercises", "Statistics", "Measurements", "Calendar",
"Overview", "Your workouts" and one card per completed workout: its title, "Finished on: ...",
"Duration: ..." and an "About" icon), and a navigation bar "Library" / "Home" / "Profile".
A workout card opens the workout ("Workout": back, then two icon buttons without descriptions,
edit and delete; the summary card and each exercise's sets). Edit opens "Edit workout": the
"Title" and "Notes" fields, one card per exercise (its notes, rest time, type of set, the sets'
load and reps fields, a "Done" check box each, "Add set"), the FAB "Add exercise" and the
app bar's "Done". The scroll-wheel input is on by default (``use_number_picker``), so a load or
reps field is read only and a tap opens the input bottom sheet ("Reps" or "Weight": a
``NumberPicker`` wheel, a ``LazyColumn`` of 0..999 (the weight's decimals 00..99) whose centred
value is applied to the set when the scroll stops, "Undo" and "Clear"). Back on the edit screen
asks "Discard changes?". "Done" on a past workout navigates to ``BeforeSavingScreen`` (the
"Overview": title, notes, statistics, "Save"); "Save" writes the workout and shows "Workout
saved" with "Continue", back to the main screen (its pager keeps the Profile page).

The bug (LibreFit#42, non-crash): ``EditWorkoutScreen``'s "Done" for a past workout
(``typeOfEdit == false``) only navigates to ``Route.BeforeSavingScreen(workout.id)``: the
edited title, notes, sets and exercises live in ``EditWorkoutScreenViewModel`` and are never
passed on or written; ``BeforeSavingScreenViewModel`` loads the workout again from the database
(``getWorkoutWithExercisesAndSets(runningWorkoutId)``) and its "Save" writes those stored
values back. The workout keeps the values it was saved with; nothing tells the user. The fix
caches the edit screen's state in ``WorkoutRepository`` (``setPendingWorkout``), which
``BeforeSavingScreenViewModel`` reads first. The oracle: a "Save" after "Done" stored a value
that differs from what the edit screen held for a field the user had changed there.

Fixed data (the report's precondition, "a prior workout"): one completed workout, "Upper body"
(the title of the sources' previews), finished Sunday, April 26, 2026 after 00:45:00, with
"Barbell Bench Press - Medium Grip" (Load, rest 120 s) of two completed sets of 80.0 kg x 8; no
routine, no body weight measurement. Saving sets the completion date to now: the model's "now"
is Sunday, December 6, 2026.

Stubbed: the Library page, the tutorial, support, about, settings, exercises, statistics,
measurements, calendar, exercise info, create routine and the running workout are title-only
screens; the streak card and the charts are plain views; the set's swipe-to-delete, the
reorder drag, the rest-time slider, the type-of-set dropdown's choices, the info sheets and the
date picker are not modelled (their buttons do nothing). Uncertain: the dump shapes of Compose
nodes (classes, merged texts) are approximations; the wheel moves two values per swipe.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import HORIZONTAL, Screen, TextHandler, View, Window

PACKAGE = "org.librefit.app"
COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
BUTTON = "android.widget.Button"
EDIT = "android.widget.EditText"
BACK = "Back to the previous screen"
NOW = "Sunday, December 6, 2026"
ITEM = 126  # NumberPicker item: 48 dp
WHEEL = "wheel"  # ctx.ui key of the open sheet's first wheel's first visible item
WHEEL2 = "wheel2"  # the weight sheet's decimal wheel
STUBS = {
    "tutorial": "Tutorial",
    "tutorial_first": "Tutorial",
    "support": "Support",
    "about": "About",
    "settings": "Settings",
    "exercises": "Exercises",
    "statistics": "Statistics",
    "measurements": "Measurements",
    "calendar": "Calendar",
    "exercise_info": "Exercise",
    "create_routine": "Create routine",
    "running": "Workout",
}
PAGES = ("Library", "Home", "Profile")


def _workout() -> dict[str, Any]:
    sets = [{"id": 101 + i, "reps": 8, "load": 80.0, "done": True} for i in range(2)]
    exercise = {
        "id": 11,
        "name": "Barbell Bench Press - Medium Grip",
        "mode": "Load",
        "rest": 120,
        "notes": "",
        "sets": sets,
    }
    return {
        "id": 1,
        "title": "Upper body",
        "notes": "",
        "completed": "Sunday, April 26, 2026",
        "elapsed": 2700,
        "exercises": [exercise],
    }


def _fields(workout: dict[str, Any]) -> dict[str, Any]:
    """What an edit of a past workout can change, comparable."""
    return {
        "title": workout["title"],
        "notes": workout["notes"],
        "exercises": [
            [e["id"], e["mode"], e["rest"], e["notes"]]
            + [[s["reps"], s["load"], s["done"]] for s in e["sets"]]
            for e in workout["exercises"]
        ],
    }


def edits_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of LibreFit#42: a save after the edit screen's "Done" stored a value other
    than the one the user had changed it to on the edit screen."""
    return bool(data["edits_lost"])


def _fmt_time(seconds: int) -> str:
    return f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def _volume(workout: dict[str, Any]) -> str:
    total = sum(s["load"] * s["reps"] for e in workout["exercises"] for s in e["sets"] if s["done"])
    return f"{total:.2f}"


def _load_text(load: float) -> str:
    return repr(float(load))


# -- steps ---------------------------------------------------------------------------------------
def _click(text: str = "", desc: str = "", cls: str = "", bounds: list[int] | None = None) -> dict:
    target: dict[str, Any] = {"resource_id": "", "text": text, "content_desc": desc}
    target["class_name"] = cls
    if bounds:
        target["bounds"] = bounds
    return {"kind": "click", "target": target}


HOME = _click("Home", cls=BUTTON)
PROFILE = _click("Profile", desc="Profile", cls=VIEW)
OPEN = _click("Upper body", cls="android.widget.TextView")
EDIT_ICON = _click(cls=BUTTON, bounds=[828, 63, 954, 231])
REPS = _click("8", cls=EDIT, bounds=[744, 1354, 954, 1480])
WHEEL_UP = {"kind": "swipe", "direction": "up"}
BACK_KEY = {"kind": "press_back"}
DONE = _click("Done", cls=BUTTON)
SAVE = _click("Save", cls=BUTTON)
CONTINUE = _click("Continue", cls=BUTTON)
TO_EDIT = [HOME, PROFILE, OPEN, EDIT_ICON]
CHANGE_REPS = [REPS, WHEEL_UP, BACK_KEY]

BUG_42 = BugSpec(
    "LibreFit#42",
    "non-crash",
    "Edits of a saved workout are not kept",
    edits_lost,
    human_steps=(*TO_EDIT, *CHANGE_REPS, DONE, SAVE, CONTINUE, OPEN),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "LibreFit#42": [
        # Nothing is changed before "Done" and "Save".
        [*TO_EDIT, DONE, SAVE, CONTINUE, OPEN],
        # The change is undone on the wheel's sheet.
        [*TO_EDIT, REPS, WHEEL_UP, _click("Undo", cls=BUTTON), BACK_KEY, DONE, SAVE],
        # The overview is left without saving.
        [*TO_EDIT, *CHANGE_REPS, DONE, BACK_KEY, BACK_KEY, _click("Discard", cls=BUTTON)],
        # The edit is discarded.
        [*TO_EDIT, *CHANGE_REPS, BACK_KEY, _click("Discard", cls=BUTTON), BACK_KEY, OPEN],
    ],
}


class LibreFit(VirtualApp):
    """LibreFit 0.2.0 (see the module docstring)."""

    name: ClassVar[str] = "LibreFit"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "LibreFit"
    version: ClassVar[str] = "0.2.0"
    launch_activity: ClassVar[str] = "org.librefit.activities.MainActivity"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_42,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "show_welcome": True,
            "workouts": [_workout()],
            "sent": None,  # ground truth: the edit screen's fields at "Done"
            "edits_lost": False,
        }

    # -- navigation (the NavHost back stack) ---------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        start = {"route": "welcome"} if ctx.data["show_welcome"] else {"route": "main", "page": 1}
        ctx.ui.setdefault("stack", [start])

    def _top(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.ui["stack"][-1]

    def _push(self, ctx: AppContext, route: str, **extra: Any) -> None:
        ctx.ui["stack"].append({"route": route, **extra})

    def _up(self, ctx: AppContext) -> None:
        if not w.pop_back_stack(ctx.ui["stack"]):
            ctx.finish()

    def _to_main(self, ctx: AppContext, route: str, **extra: Any) -> None:
        """Navigate with ``popUpTo(MainScreen) { inclusive = false }``."""
        stack = ctx.ui["stack"]
        while stack[-1]["route"] != "main":
            stack.pop()
        self._push(ctx, route, **extra)

    def _leave_welcome(self, ctx: AppContext, tutorial: bool) -> None:
        ctx.data["show_welcome"] = False
        first = {"route": "stub", "stub": "tutorial_first"} if tutorial else None
        ctx.ui["stack"] = [first or {"route": "main", "page": 1}]

    def _tutorial_done(self, ctx: AppContext) -> None:
        ctx.ui["stack"] = [{"route": "main", "page": 1}]

    def _workout_by_id(self, ctx: AppContext, wid: int) -> dict[str, Any] | None:
        return next((x for x in ctx.data["workouts"] if x["id"] == wid), None)

    def on_back(self, ctx: AppContext) -> bool:
        top = self._top(ctx)
        if top.get("dialog"):
            top["dialog"] = None
            return True
        if top.get("sheet"):
            self._close_sheet(ctx)
            return True
        if top["route"] == "edit":
            top["dialog"] = "discard"  # BackHandler(enabled = exercises not empty)
            return True
        if top["route"] == "main" and top["page"] != 1:
            return False  # no BackHandler: the activity finishes
        self._up(ctx)
        return True

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        top = self._top(ctx)
        if top["route"] == "main":
            return w.pager_swipe(top, "page", len(PAGES), direction)
        return False

    # -- the edit screen's view model ----------------------------------------------------------
    def _set(self, top: dict[str, Any], set_id: int) -> dict[str, Any]:
        return next(s for e in top["workout"]["exercises"] for s in e["sets"] if s["id"] == set_id)

    def _open_sheet(self, ctx: AppContext, set_id: int, kind: str) -> None:
        top = self._top(ctx)
        s = self._set(top, set_id)
        if kind == "reps":
            top["sheet"] = {"kind": kind, "set": set_id, "initial": [s["reps"]]}
            ctx.ui[WHEEL] = s["reps"]
        else:
            whole = int(s["load"])
            top["sheet"] = {
                "kind": kind,
                "set": set_id,
                "initial": [whole, round((s["load"] - whole) * 100)],
            }
            ctx.ui[WHEEL], ctx.ui[WHEEL2] = top["sheet"]["initial"]

    def _wheel_values(self, ctx: AppContext) -> list[int]:
        return [int(ctx.ui.get(WHEEL, 0)), int(ctx.ui.get(WHEEL2, 0))]

    def _sheet_value(self, ctx: AppContext, sheet: dict[str, Any]) -> float:
        """The value the wheels centre (``onValueChange`` applies it when a scroll stops)."""
        whole, decimal = self._wheel_values(ctx)
        return whole if sheet["kind"] == "reps" else whole + decimal / 100

    def _close_sheet(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        sheet = top.pop("sheet")
        value = self._sheet_value(ctx, sheet)
        s = self._set(top, sheet["set"])
        if sheet["kind"] == "reps":
            s["reps"] = int(value)
        else:
            s["load"] = round(float(value), 2)

    def _sheet_reset(self, ctx: AppContext, clear: bool) -> None:
        sheet = self._top(ctx)["sheet"]
        values = [0, 0] if clear else [*sheet["initial"], 0]
        ctx.ui[WHEEL], ctx.ui[WHEEL2] = values[0], values[1]

    def _toggle_done(self, ctx: AppContext, set_id: int) -> None:
        s = self._set(self._top(ctx), set_id)
        s["done"] = not s["done"]

    def _add_set(self, ctx: AppContext, exercise_id: int) -> None:
        top = self._top(ctx)
        for e in top["workout"]["exercises"]:
            if e["id"] == exercise_id:
                new = dict(e["sets"][-1]) if e["sets"] else {"reps": 0, "load": 0.0, "done": False}
                top["next_set"] = top.get("next_set", 1000) + 1
                new["id"] = top["next_set"]
                e["sets"].append(new)

    def _edit_field(self, ctx: AppContext, key: str, text: str) -> None:
        self._top(ctx)["workout"][key] = text

    def _exercise_notes(self, ctx: AppContext, exercise_id: int, text: str) -> None:
        for e in self._top(ctx)["workout"]["exercises"]:
            if e["id"] == exercise_id:
                e["notes"] = text

    def _notes_handler(self, exercise_id: int) -> TextHandler:
        return lambda c, t: self._exercise_notes(c, exercise_id, t)

    def _done(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        wid = top["workout"]["id"]
        stored = self._workout_by_id(ctx, wid)
        ctx.data["sent"] = {
            "id": wid,
            "before": _fields(stored) if stored else None,
            "edited": _fields(top["workout"]),
        }
        # The bug: only the id travels; BeforeSavingScreenViewModel reads the database again.
        self._push(ctx, "before", workout=copy.deepcopy(stored))

    def _save(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        saved = dict(top["workout"], completed=NOW)
        workouts = ctx.data["workouts"]
        for i, x in enumerate(workouts):
            if x["id"] == saved["id"]:
                workouts[i] = saved
        sent = ctx.data["sent"]
        if sent and sent["id"] == saved["id"] and sent["before"]:
            now = _fields(saved)
            changed = [k for k in now if sent["edited"][k] != sent["before"][k]]
            if any(now[k] != sent["edited"][k] for k in changed):
                ctx.data["edits_lost"] = True
        self._to_main(ctx, "success")

    def _delete(self, ctx: AppContext) -> None:
        wid = self._top(ctx)["id"]
        ctx.data["workouts"] = [x for x in ctx.data["workouts"] if x["id"] != wid]
        self._up(ctx)

    # -- handlers --------------------------------------------------------------------------------
    def _dialog(self, ctx: AppContext, value: str | None) -> None:
        self._top(ctx)["dialog"] = value

    def _discard(self, ctx: AppContext) -> None:
        self._up(ctx)

    def _open_info(self, ctx: AppContext, wid: int) -> None:
        self._push(ctx, "info", id=wid)

    def _open_edit(self, ctx: AppContext) -> None:
        stored = self._workout_by_id(ctx, self._top(ctx)["id"])
        if stored is not None:
            self._push(ctx, "edit", workout=copy.deepcopy(stored))

    def _page(self, ctx: AppContext, page: int) -> None:
        self._top(ctx)["page"] = page

    def _stub(self, ctx: AppContext, key: str) -> None:
        self._push(ctx, "stub", stub=key)

    def _before_field(self, ctx: AppContext, key: str, text: str) -> None:
        self._top(ctx)["workout"][key] = text

    # -- rendering -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = self._top(ctx)
        route = top["route"]
        windows: list[Window] = []
        if route == "welcome":
            content = self._welcome()
        elif route == "main":
            content = self._main(ctx, top)
        elif route == "info":
            content, windows = self._info(ctx, top)
        elif route == "edit":
            content, windows = self._edit(ctx, top)
        elif route == "before":
            content = self._before(top)
        elif route == "success":
            content = self._success()
        else:
            first = top["stub"] == "tutorial_first"  # TutorialScreen(fromWelcomeScreen = true)
            done = [self._text_button("Done", self._tutorial_done, width=250)] if first else []
            content = self._scaffold(STUBS[top["stub"]], [], back=not first, actions=done)
        return Screen(content=content, windows=windows)

    def _bar(self, title: str, actions: list[View], back: bool, height: int = 168) -> View:
        navigation = (
            View(cls=BUTTON, content_desc=BACK, on_click=w.bind(self._back_button), width=147)
            if back
            else None
        )
        return w.toolbar(
            title, navigation=navigation, actions=actions, rid="", cls=VIEW, height=height
        )

    def _back_button(self, ctx: AppContext) -> None:
        if self._top(ctx)["route"] == "edit":
            self._dialog(ctx, "discard")
        else:
            self._up(ctx)

    def _scaffold(
        self,
        title: str,
        body: list[View],
        *,
        back: bool = False,
        actions: list[View] | None = None,
        bottom: View | None = None,
        fab: View | None = None,
        scroll_key: str = "",
    ) -> View:
        main = View(cls=VIEW, scrollable=True, scroll_key=scroll_key, children=body)
        children = [self._bar(title, actions or [], back), main]
        if fab is not None:
            children.append(fab)
        if bottom is not None:
            children.append(bottom)
        return View(cls=COMPOSE, children=children)

    def _icon_button(self, desc: str, handler: Any = None, width: int = 126) -> View:
        return View(
            cls=BUTTON, content_desc=desc, on_click=handler or (lambda c: None), width=width
        )

    def _text_button(self, text: str, handler: Any, enabled: bool = True, **kw: Any) -> View:
        return w.button(text=text, handler=handler, enabled=enabled, height=147, **kw)

    def _button_row(self, *buttons: tuple[str, Any]) -> View:
        """A row of :meth:`_text_button` s, each a ``(text, handler)`` pair."""
        return View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=147,
            children=[self._text_button(text, handler) for text, handler in buttons],
        )

    def _welcome(self) -> View:
        buttons = self._button_row(
            ("Tutorial", w.bind(self._leave_welcome, True)),
            ("Home", w.bind(self._leave_welcome, False)),
        )
        card = View(
            cls=VIEW, weight=0, children=[w.text_view("Welcome to\nLibreFit", height=300), buttons]
        )
        logo = w.image_view(desc="LibreFit", height=600)
        return View(cls=COMPOSE, children=[View(cls=VIEW, scrollable=True, children=[logo, card])])

    def _fab(self, text: str, handler: Any) -> View:
        return View(
            cls=BUTTON,
            content_desc=text,
            children=[w.text_view(text)],
            on_click=handler,
            width=480,
            height=168,
            gravity="bottom_end",
            style="fab",
        )

    def _main(self, ctx: AppContext, top: dict[str, Any]) -> View:
        page = top["page"]
        actions = [
            self._icon_button("", w.bind(self._stub, key))
            for key in ("support", "about", "settings")
        ]
        nav = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=210,
            children=[
                View(
                    cls=VIEW,
                    text=label,
                    content_desc=label,
                    selected=page == i,
                    on_click=w.bind(self._page, i),
                )
                for i, label in enumerate(PAGES)
            ],
        )
        if page == 0:
            body = [w.text_view("Library", height=200)]
        elif page == 1:
            body = [
                self._text_button("Start empty workout", w.bind(self._stub, "running")),
                w.text_view("Your routines", height=150),
                w.text_view("Start by creating a new routine", height=150),
                self._icon_button("Help", w.bind(self._stub, "tutorial")),
            ]
        else:
            body = self._profile(ctx)
        fab = (
            self._fab("Create routine", w.bind(self._stub, "create_routine")) if page == 1 else None
        )
        scaffold = self._scaffold(
            "LibreFit", body, actions=actions, bottom=nav, fab=fab, scroll_key=f"main{page}"
        )
        return scaffold

    def _profile(self, ctx: AppContext) -> list[View]:
        def pair(a: str, b: str) -> View:
            return self._button_row(
                (STUBS[a], w.bind(self._stub, a)), (STUBS[b], w.bind(self._stub, b))
            )

        body = [
            View(cls=VIEW, height=180, children=[w.text_view("0")]),  # StreakCard
            pair("exercises", "statistics"),
            pair("measurements", "calendar"),
            w.text_view("Overview", height=130),
            View(cls=VIEW, height=300),  # LibreFitCartesianChart
            w.text_view("Your workouts", height=130),
        ]
        if not ctx.data["workouts"]:
            body.append(w.text_view("Start by completing a workout", height=150))
            body.append(self._icon_button("Help", w.bind(self._stub, "tutorial")))
        for x in ctx.data["workouts"]:
            body.append(
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=300,
                    on_click=w.bind(self._open_info, x["id"]),
                    children=[
                        View(
                            cls=VIEW,
                            children=[
                                w.text_view(x["title"]),
                                w.text_view(f"Finished on: {x['completed'].split(', ', 1)[1]}"),
                                w.text_view(f"Duration: {_fmt_time(x['elapsed'])}"),
                            ],
                        ),
                        self._icon_button("About", w.bind(self._open_info, x["id"])),
                    ],
                )
            )
        return body

    def _info(self, ctx: AppContext, top: dict[str, Any]) -> tuple[View, list[Window]]:
        x = self._workout_by_id(ctx, top["id"])
        if x is None:
            return self._scaffold("Workout", [], back=True), []
        actions = [
            self._icon_button("", self._open_edit),
            self._icon_button("", w.bind(self._dialog, "delete")),
        ]
        sets = sum(len(e["sets"]) for e in x["exercises"])
        done = sum(s["done"] for e in x["exercises"] for s in e["sets"])
        summary = [
            x["title"],
            f"Duration: {_fmt_time(x['elapsed'])}",
            f"When: {x['completed']}",
            f"Exercises: {len(x['exercises'])}",
            f"Total sets: {sets}",
            f"Completed sets: {done}",
            f"Volume: {_volume(x)} kg",
        ]
        body = [View(cls=VIEW, weight=0, children=[w.text_view(t, height=90) for t in summary])]
        if x["notes"].strip():
            body.append(
                View(cls=VIEW, weight=0, children=[w.text_view("Notes"), w.text_view(x["notes"])])
            )
        body.append(w.text_view("Exercises", height=130))
        for e in x["exercises"]:
            rows = [
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=110,
                    children=[
                        w.text_view(str(i + 1)),
                        w.text_view(_load_text(s["load"])),
                        w.text_view(str(s["reps"])),
                        w.check_box("", "", s["done"], enabled=False, width=126),
                    ],
                )
                for i, s in enumerate(e["sets"])
            ]
            head = View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=110,
                children=[
                    w.text_view("Set"),
                    w.text_view("Load (kg)"),
                    w.text_view("Reps"),
                    w.image_view(desc="Done", width=126),
                ],
            )
            body.append(
                View(
                    cls=VIEW,
                    weight=0,
                    on_click=w.bind(self._stub, "exercise_info"),
                    children=[
                        View(
                            cls=VIEW,
                            layout=HORIZONTAL,
                            height=140,
                            children=[w.text_view(e["name"]), self._icon_button("Info")],
                        ),
                        w.text_view(f"Type of set: {e['mode']}", height=90),
                        w.text_view(f"Rest time: {e['rest']} seconds", height=90),
                        head,
                        *rows,
                    ],
                )
            )
        windows = []
        if top.get("dialog") == "delete":
            windows.append(
                self._confirm(
                    "Delete workout?",
                    "Are you sure you want to delete this workout? This action cannot be undone",
                    "Delete",
                    self._delete,
                )
            )
        return self._scaffold(
            "Workout", body, back=True, actions=actions, scroll_key="info"
        ), windows

    def _confirm(self, title: str, text: str, confirm: str, handler: Any) -> Window:
        close = w.bind(self._dialog, None)
        buttons = [
            w.button(text="Cancel", handler=close, width=300, style="text"),
            w.button(text=confirm, handler=handler, width=300, style="text"),
        ]
        return w.alert_dialog(
            w.text_view(title, height=150), [w.text_view(text, height=250)], buttons, close
        )

    def _title_notes(
        self, x: dict[str, Any], setter: Callable[[AppContext, str, str], None]
    ) -> list[View]:
        """The workout's Title and Notes fields, each edited through ``setter``."""
        return [
            w.edit_text(
                "", x["title"], lambda c, t: setter(c, "title", t), hint="Title", height=200
            ),
            w.edit_text(
                "", x["notes"], lambda c, t: setter(c, "notes", t), hint="Notes", height=200
            ),
        ]

    def _edit(self, ctx: AppContext, top: dict[str, Any]) -> tuple[View, list[Window]]:
        x = top["workout"]
        sheet = top.get("sheet")
        title_bad = not x["title"] or len(x["title"]) >= 30
        done_ok = not title_bad and bool(x["exercises"])
        actions = [self._text_button("Done", self._done, enabled=done_ok, width=250)]
        body = [
            *self._title_notes(x, self._edit_field),
        ]
        if title_bad:
            body.append(
                w.text_view(
                    "Title cannot be empty" if not x["title"] else "Title length exceeded (30)",
                    height=80,
                )
            )
        for e in x["exercises"]:
            body.append(self._exercise_card(ctx, e, sheet))
        if not x["exercises"]:
            body.append(w.text_view("Start by adding exercises", height=150))
        windows: list[Window] = []
        if sheet:
            windows.append(self._sheet(ctx, sheet))
        if top.get("dialog") == "discard":
            windows.append(
                self._confirm(
                    "Discard changes?",
                    "Are you sure you want to quit? Your changes won't be saved",
                    "Discard",
                    self._discard,
                )
            )
        content = self._scaffold(
            "Edit workout",
            body,
            back=True,
            actions=actions,
            fab=self._fab("Add exercise", w.bind(self._stub, "exercises")),
            scroll_key="edit",
        )
        return content, windows

    def _exercise_card(
        self, ctx: AppContext, e: dict[str, Any], sheet: dict[str, Any] | None
    ) -> View:
        rows = []
        for i, s in enumerate(e["sets"]):
            reps, load = s["reps"], s["load"]
            if sheet and sheet["set"] == s["id"]:
                value = self._sheet_value(ctx, sheet)
                if sheet["kind"] == "reps":
                    reps = int(value)
                else:
                    load = round(float(value), 2)
            rows.append(
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=126,
                    children=[
                        w.text_view(str(i + 1)),
                        View(
                            cls=EDIT,
                            text=_load_text(load),
                            width=210,
                            on_click=w.bind(self._open_sheet, s["id"], "load"),
                        ),
                        View(
                            cls=EDIT,
                            text=str(reps),
                            width=210,
                            on_click=w.bind(self._open_sheet, s["id"], "reps"),
                        ),
                        w.check_box(
                            "", "", s["done"], w.bind(self._toggle_done, s["id"]), width=126
                        ),
                    ],
                )
            )
        head = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=110,
            children=[
                View(cls=VIEW),
                w.text_view("Load (kg)", width=210),
                w.text_view("Reps", width=210),
                w.image_view(desc="Done", width=126),
            ],
        )
        return View(
            cls=VIEW,
            weight=0,
            children=[
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=147,
                    children=[
                        View(
                            cls=VIEW,
                            layout=HORIZONTAL,
                            on_click=w.bind(self._stub, "exercise_info"),
                            children=[
                                w.image_view(desc=e["name"], width=131),
                                w.text_view(e["name"]),
                            ],
                        ),
                        self._icon_button("More options"),
                    ],
                ),
                w.edit_text(
                    "",
                    e["notes"],
                    self._notes_handler(e["id"]),
                    hint="Notes",
                    height=180,
                ),
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=126,
                    children=[
                        self._icon_button("Info"),
                        w.text_view(f"Rest time: {e['rest']} seconds"),
                        self._icon_button("Edit"),
                    ],
                ),
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=160,
                    children=[
                        self._icon_button("Info:"),
                        w.text_view("Type of set"),
                        View(cls=EDIT, text=e["mode"], on_click=lambda c: None),
                    ],
                ),
                head,
                *rows,
                self._text_button("Add set", w.bind(self._add_set, e["id"])),
            ],
        )

    def _wheel(self, key: str, first: int, labels: list[str]) -> View:
        items = [w.text_view(t, height=ITEM) for t in ["", *labels, ""]]
        return View(
            cls=VIEW, scrollable=True, scroll_key=key, width=300, height=3 * ITEM, children=items
        )

    def _sheet(self, ctx: AppContext, sheet: dict[str, Any]) -> Window:
        whole, decimal = self._wheel_values(ctx)
        if sheet["kind"] == "reps":
            title = "Reps"
            wheels = [self._wheel(WHEEL, whole, [str(n) for n in range(1000)])]
        else:
            title = "Weight"
            wheels = [
                self._wheel(WHEEL, whole, [str(n) for n in range(1000)]),
                w.text_view(".", width=60),
                self._wheel(WHEEL2, decimal, [f"{n:02d}" for n in range(100)]),
                w.text_view("kg", width=120),
            ]
        root = View(
            cls=VIEW,
            weight=0,
            children=[
                w.text_view(title, height=160),
                View(cls=VIEW, layout=HORIZONTAL, height=3 * ITEM, children=wheels),
                self._button_row(
                    ("Undo", w.bind(self._sheet_reset, False)),
                    ("Clear", w.bind(self._sheet_reset, True)),
                ),
            ],
        )
        return Window(
            root=root, kind="sheet", on_dismiss=self._close_sheet, bounds=(0, 1100, 1080, 1920)
        )

    def _before(self, top: dict[str, Any]) -> View:
        x = top["workout"]
        title_bad = not x["title"] or len(x["title"]) >= 30
        sets = sum(len(e["sets"]) for e in x["exercises"])
        done = sum(s["done"] for e in x["exercises"] for s in e["sets"])

        def stat(label: str, value: str) -> View:
            return View(cls=EDIT, text=value, hint=label, height=200)

        body = [
            *self._title_notes(x, self._before_field),
            w.text_view("Statistics", height=130),
            stat("Elapsed time", _fmt_time(x["elapsed"])),
            View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=200,
                children=[stat("When", NOW), self._icon_button("Select date")],
            ),
            stat("Volume", _volume(x)),
            stat("Exercises", str(len(x["exercises"]))),
            stat("Total sets", str(sets)),
            stat("Completed sets", str(done)),
            w.text_view("Exercises", height=130),
            w.text_view("Completed sets", height=90),
        ]
        for e in x["exercises"]:
            body.append(
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=120,
                    children=[
                        w.text_view(e["name"]),
                        w.text_view(
                            f"{sum(s['done'] for s in e['sets'])} / {len(e['sets'])}", width=200
                        ),
                    ],
                )
            )
        actions = [self._text_button("Save", self._save, enabled=not title_bad, width=250)]
        return self._scaffold("Overview", body, back=True, actions=actions, scroll_key="before")

    def _success(self) -> View:
        body = [
            w.text_view("Workout saved", height=200),
            View(cls=VIEW, height=500),  # SuccessLottie
            w.text_view("LibreFit is made with ❤\n for you by people like you", height=200),
            self._text_button("Let's build it together", w.bind(self._stub, "support")),
            self._text_button("Continue", self._up),
        ]
        return View(cls=COMPOSE, children=[View(cls=VIEW, scrollable=True, children=body)])
