"""Privacy Friendly Circuit Trainer (``org.secuso.privacyfriendlycircuittraining``) 1.1, for
privacy-friendly-circuit-training-exercises#18.

Modelled from the sources of the 1.1 release, tag ``v1.1`` (commit ``db7eb02``;
``app/build.gradle`` says ``versionName "1.1"``, support library 28): ``AndroidManifest.xml``,
``activities/SplashActivity.java``, ``tutorial/TutorialActivity.java``,
``tutorial/PrefManager.java``, ``activities/BaseActivity.java``,
``activities/MainActivity.java``, ``res/layout/activity_tutorial.xml``,
``tutorial_slide1..5.xml``, ``activity_main.xml``, ``app_bar_main.xml``, ``content_main.xml``,
``block_periodization.xml``, ``nav_header_main.xml``, ``res/menu/activity_main_drawer.xml`` and
``res/values/strings.xml``; and the fix, commit ``41a00b3`` ("Fix crash when
selecting/unselecting exercise mode multiple times", PR #29, released in 1.2.1).

First run: ``SplashActivity`` stores the example exercises "Squat" and "Pushup" and the exercise
set "Example" holding both, and opens ``TutorialActivity`` (five slides: "Welcome!", "Block
Periodization", "Notifications", "Personalization", "Exercise Sets"; Skip and Next, the last
slide's Next reads "Okay"; Back opens the main screen too). The first ``MainActivity`` shows the
dialog "Do you want to personalize your app now?" (No / Yes, Yes opening the personalization
settings). The main screen: a toolbar "Circuit Trainer" with the drawer button, the workout and
rest interval rows (- 01 : 00 + / - 00 : 30 +), the "Use Exercise Sets" switch with its label,
the exercise set spinner row (shown only in exercise mode), the sets row (- 6 +), the "Block
Periodization" switch, label and configuration button, and the start FAB beside "START  >".

The bug (privacy-friendly-circuit-training-exercises#18, crash): ``MainActivity.onCreate`` sets
``exerciseIds`` to an empty list; the spinner's ``onItemSelected`` (fired the first time the
spinner is laid out, that is when its row is first shown) copies the selected set's exercise ids
into it. The "Use Exercise Sets" switch's listener sets ``exerciseIds = null`` whenever the
switch is turned off. Start (``onClick``, case ``start_workout``) in normal mode uses
``exerciseIds`` as is and evaluates ``ExerciseIdsForRounds.size()`` (MainActivity.java:300):
after the switch was turned on and off again it is null, a NullPointerException, which
AppCompat's ``android:onClick`` dispatcher wraps as ``IllegalStateException: Could not execute
method for android:onClick``. (In exercise mode ``getExercisesForRounds(null, sets)`` would fail
the same way in ``ArrayList.addAll`` when the switch is turned on a second time, since the
spinner then fires no new selection.) Without ever showing the row, Start in normal mode only
toasts "Chosen exercise set has no exercises." (the list is empty; a separate bug, #16, fixed in
``0d4eddd``). The fix stops clearing the list.

Stubbed: the workout screen, the drawer's screens (Exercise Sets, Exercises, Statistics,
Settings, Help, About) as a title and Navigate up; the timer service and notifications. The
stack frames below the app's are Android 11's (the device's API 30); the report quotes no trace,
so the frames and the AppCompat line numbers are reconstructed, not quoted.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.secuso.privacyfriendlycircuittraining"
SPLASH = ".activities.SplashActivity"
TUTORIAL = ".tutorial.TutorialActivity"
MAIN = ".activities.MainActivity"
WORKOUT = ".activities.WorkoutActivity"
SETTINGS = ".activities.SettingsActivity"
EXERCISE_SETS = ".activities.ExerciseSetActivity"
EXERCISES = ".activities.ExerciseActivity"
STATISTICS = ".activities.StatisticsActivity"
HELP = ".activities.HelpActivity"
ABOUT = ".activities.AboutActivity"

APP_NAME = "Circuit Trainer"
SLIDES = (
    (
        "Welcome!",
        "This app supports you during your circuit training session. It provides you with a "
        "configurable set of timers for the exercises and the rest phases.",
        "Also, statistics of completed training sessions can be accessed.",
    ),
    (
        "Block Periodization",
        "When scheduling the timers you may also choose the block periodization feature.",
        "This feature allows you to configure longer, separate breaks in between the exercises. "
        "This way the workout can be split into multiple high intensity workout cycles.",
    ),
    (
        "Notifications",
        "The app can remind you about upcoming workout sessions. This can be configured inside "
        "the settings.",
        "",
    ),
    (
        "Personalization",
        "In order to improve the calculation of the calories you have burned please customize "
        "your personal settings. Calories are counted for completed workout phases only.",
        "",
    ),
    (
        "Exercise Sets",
        "You can create Exercise Sets from your own exercises and use them for circuit training.",
        "",
    ),
)
# (id, title, activity) of the drawer's entries.
DRAWER = (
    ("nav_main", "Main", MAIN),
    ("nav_exercisesets", "Exercise Sets", EXERCISE_SETS),
    ("nav_exercises", "Exercises", EXERCISES),
    ("nav_statistics", "Statistics", STATISTICS),
    ("nav_tutorial", "Tutorial", TUTORIAL),
    ("nav_settings", "Settings", SETTINGS),
    ("nav_help", "Help", HELP),
    ("nav_about", "About", ABOUT),
)
STUB_TITLES = {
    WORKOUT: "Workout",
    SETTINGS: "Settings",
    EXERCISE_SETS: "Exercise Sets",
    EXERCISES: "Exercises",
    STATISTICS: "Statistics",
    HELP: "Help",
    ABOUT: "About",
}
NO_EXERCISES = "Chosen exercise set has no exercises."
NO_SETS = "You don't have any Exercise Sets"

# Android 11's frames of a click (View$PerformClick posted to the main thread).
CLICK_FRAMES = (
    "android.view.View.performClick(View.java:7448)",
    "android.view.View.performClickInternal(View.java:7425)",
    "android.view.View.access$3600(View.java:810)",
    "android.view.View$PerformClick.run(View.java:28305)",
    "android.os.Handler.handleCallback(Handler.java:938)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loop(Looper.java:223)",
    "android.app.ActivityThread.main(ActivityThread.java:7656)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
)
ON_CLICK = "android.support.v7.app.AppCompatViewInflater$DeclaredOnClickListener.onClick"


def _on_click_failure(npe_message: str, app_frames: list[str]) -> JavaException:
    """An exception thrown by ``MainActivity.onClick`` (an ``android:onClick`` method), as
    AppCompat's DeclaredOnClickListener reports it."""
    npe = JavaException(
        "java.lang.NullPointerException",
        npe_message,
        frames=[
            *app_frames,
            "java.lang.reflect.Method.invoke(Native Method)",
            f"{ON_CLICK}(AppCompatViewInflater.java:385)",
            *CLICK_FRAMES,
        ],
    )
    invocation = JavaException(
        "java.lang.reflect.InvocationTargetException",
        frames=[
            "java.lang.reflect.Method.invoke(Native Method)",
            f"{ON_CLICK}(AppCompatViewInflater.java:385)",
            *CLICK_FRAMES,
        ],
        cause=npe,
    )
    return JavaException(
        "java.lang.IllegalStateException",
        "Could not execute method for android:onClick",
        frames=[f"{ON_CLICK}(AppCompatViewInflater.java:390)", *CLICK_FRAMES],
        cause=invocation,
    )


def start_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of privacy-friendly-circuit-training-exercises#18: Start crashed in
    ``MainActivity.onClick`` (the onClick dispatcher's IllegalStateException)."""
    return crashed(
        system,
        PACKAGE,
        "java.lang.IllegalStateException",
        "Could not execute method for android:onClick",
    )


def _fmt(seconds: int) -> str:
    """MainActivity.formatTime: "%02d : %02d"."""
    return f"{seconds // 60:02d} : {seconds % 60:02d}"


NEXT = click(PACKAGE, "btn_next", "Next")
SKIP = click(PACKAGE, "btn_skip", "Skip")
NO = click(PACKAGE, "android:id/button2", "No")
SWITCH = click(PACKAGE, "workout_mode_switch", cls="android.widget.Switch")
START = click(PACKAGE, "start_workout")

BUG_18 = BugSpec(
    "privacy-friendly-circuit-training-exercises#18",
    "crash",
    "Crash on start after UI changes",
    start_crashed,
    human_steps=(SKIP, NO, SWITCH, SWITCH, START),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "privacy-friendly-circuit-training-exercises#18": [
        # Start without touching the switch: a toast, no crash.
        [SKIP, NO, START],
        # The switch only turned on: the workout starts with the example set.
        [SKIP, NO, SWITCH, START],
        # On and off, then the screen re-created by a rotation before Start.
        [SKIP, NO, SWITCH, SWITCH, {"kind": "rotate", "orientation": "landscape"}, START],
        # The block periodization switch instead of the exercise sets one.
        [
            NEXT,
            SKIP,
            NO,
            click(PACKAGE, "main_block_periodization_switch", cls="android.widget.Switch"),
            click(PACKAGE, "main_block_periodization_switch", cls="android.widget.Switch"),
            START,
        ],
    ],
}


class CircuitTrainer11(VirtualApp):
    """Privacy Friendly Circuit Trainer 1.1 (see the module docstring)."""

    name: ClassVar[str] = "privacy-friendly-circuit-training-exercises"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.1"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_18,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_time_launch": True,  # PrefManager IsFirstTimeLaunch
            "exercises": [],  # [id, name]
            "exercise_sets": [],  # [id, name, [exercise ids]]
            "prefs": {
                "workout": 60,
                "rest": 30,
                "sets": 6,
                "block_time": 90,
                "block_sets": 1,
                "block_switch": False,
                "workout_mode": False,
            },
            "workouts": [],  # started workouts: [seconds, rest, sets, exercise ids, mode]
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            if ctx.data["first_time_launch"]:
                first = len(ctx.data["exercises"]) + 1
                ctx.data["exercises"] += [[first, "Squat"], [first + 1, "Pushup"]]
                ids = [ex[0] for ex in ctx.data["exercises"][:2]]
                ctx.data["exercise_sets"].append(
                    [len(ctx.data["exercise_sets"]) + 1, "Example", ids]
                )
                ctx.start_activity(TUTORIAL)
            else:
                ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            ctx.ui.setdefault("slide", 0)
        elif ctx.activity == MAIN:
            self._create_main(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == TUTORIAL:
            return {"slide": ctx.ui.get("slide", 0)}
        return {}  # MainActivity keeps nothing; its dialogs are not restored

    def _create_main(self, ctx: AppContext) -> None:
        prefs = ctx.data["prefs"]
        ui = ctx.ui
        ui["sets"] = prefs["sets"]
        ui["exercise_mode"] = False  # isExerciseMode (1.1 leaves it false even when restored)
        ui["exercise_ids"] = []  # exerciseIds = new ArrayList<>()
        ui["spinner_laid_out"] = False
        ui["selected_set"] = 0
        ui["drawer"] = False
        ui["block_dialog"] = False
        ui["spinner_open"] = False
        ui["personalize"] = False
        if prefs["workout_mode"]:
            self._row_shown(ctx)
        if ctx.data["first_time_launch"]:
            ctx.data["first_time_launch"] = False
            ui["personalize"] = True

    def _row_shown(self, ctx: AppContext) -> None:
        """The exercise set row becomes visible: the first layout of the spinner fires
        onItemSelected for its first item (later showings fire nothing)."""
        if not ctx.ui["spinner_laid_out"] and ctx.data["exercise_sets"]:
            ctx.ui["spinner_laid_out"] = True
            self._set_selected(ctx, ctx.ui["selected_set"])

    def _set_selected(self, ctx: AppContext, pos: int) -> None:
        ctx.ui["selected_set"] = pos
        ctx.ui["exercise_ids"] = list(ctx.data["exercise_sets"][pos][2])

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == TUTORIAL:
            ctx.finish()
            ctx.start_activity(MAIN)
            return True
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer")
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == TUTORIAL:
            return w.pager_swipe(ctx.ui, "slide", len(SLIDES), direction)
        if ctx.activity == MAIN and direction == "right" and not ctx.ui["drawer"]:
            ctx.ui["drawer"] = True
            return True
        return False

    # -- main screen handlers ----------------------------------------------------------------
    def _workout_mode_changed(self, ctx: AppContext, checked: bool) -> None:
        """The "Use Exercise Sets" switch's OnCheckedChangeListener."""
        ui = ctx.ui
        ui["exercise_mode"] = checked
        ctx.data["prefs"]["workout_mode"] = checked
        if checked:
            if not ctx.data["exercise_sets"]:
                ctx.toast(NO_SETS)
                self._workout_mode_changed(ctx, False)  # setChecked(false)
            else:
                self._row_shown(ctx)
                ui["sets"] = 1
        else:
            ui["sets"] = 6  # setsDefault
            self.clear_exercise_ids(ctx)

    def clear_exercise_ids(self, ctx: AppContext) -> None:
        """1.1: ``exerciseIds = null`` when the switch is turned off (the bug)."""
        ctx.ui["exercise_ids"] = None

    def _toggle_workout_mode(self, ctx: AppContext) -> None:
        self._workout_mode_changed(ctx, not ctx.data["prefs"]["workout_mode"])

    def _step(self, ctx: AppContext, what: str, delta: int) -> None:
        prefs = ctx.data["prefs"]
        if what == "sets":
            sets = ctx.ui["sets"]
            wrapped = sets <= 1 if delta < 0 else sets >= 16
            sets = (16 if delta < 0 else 1) if wrapped else sets + delta
            ctx.ui["sets"] = sets
            prefs["sets"] = sets
            return
        value = prefs[what]
        if delta < 0:
            value = 300 if value <= 10 else value - 10
        else:
            value = 10 if value >= 300 else value + 10
        prefs[what] = value

    def _start(self, ctx: AppContext) -> None:
        """MainActivity.onClick, case start_workout."""
        ui = ctx.ui
        ids = ui["exercise_ids"]
        if ui["exercise_mode"]:
            if ids is None:  # getExercisesForRounds: temp.addAll(null)
                raise _on_click_failure(
                    "Attempt to invoke interface method 'java.lang.Object[] "
                    "java.util.Collection.toArray()' on a null object reference",
                    [
                        "java.util.ArrayList.addAll(ArrayList.java:588)",
                        f"{PACKAGE}.activities.MainActivity.getExercisesForRounds"
                        "(MainActivity.java:512)",
                        f"{PACKAGE}.activities.MainActivity.onClick(MainActivity.java:293)",
                    ],
                )
            rounds = ids * ui["sets"]
            sets_per_round = ui["sets"] * len(ids)
        else:
            rounds = ids
            sets_per_round = ui["sets"]
        if rounds is None and sets_per_round != 0:
            raise _on_click_failure(
                "Attempt to invoke virtual method 'int java.util.ArrayList.size()' on a null "
                "object reference",
                [f"{PACKAGE}.activities.MainActivity.onClick(MainActivity.java:300)"],
            )
        if sets_per_round == 0 or not rounds:
            ctx.toast(NO_EXERCISES)
            return
        prefs = ctx.data["prefs"]
        ctx.data["workouts"].append(
            [prefs["workout"], prefs["rest"], sets_per_round, list(rounds), ui["exercise_mode"]]
        )
        ctx.start_activity(WORKOUT)

    def _toggle_block(self, ctx: AppContext) -> None:
        prefs = ctx.data["prefs"]
        prefs["block_switch"] = not prefs["block_switch"]

    def _personalize(self, ctx: AppContext, yes: bool) -> None:
        ctx.ui["personalize"] = False
        if yes:
            ctx.start_activity(SETTINGS)

    def _drawer_item(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["drawer"] = False
        if activity == MAIN:
            return
        ctx.start_activity(activity)
        if activity == TUTORIAL:
            ctx.finish()

    def _block_step(self, ctx: AppContext, what: str, delta: int) -> None:
        prefs = ctx.data["prefs"]
        if what == "block_sets":
            if delta > 0 and prefs["block_sets"] < ctx.ui["sets"] - 1:
                prefs["block_sets"] += 1
            elif delta < 0 and prefs["block_sets"] > 1:
                prefs["block_sets"] -= 1
        elif delta > 0 and prefs["block_time"] < 300:
            prefs["block_time"] += 10
        elif delta < 0 and prefs["block_time"] > 10:
            prefs["block_time"] -= 10

    def _open_block_dialog(self, ctx: AppContext) -> None:
        prefs = ctx.data["prefs"]
        sets = ctx.ui["sets"]
        block = sets - 1 if prefs["block_sets"] >= sets else prefs["block_sets"]
        prefs["block_sets"] = 1 if block <= 0 else block
        ctx.ui["block_dialog"] = True

    # -- screens -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SPLASH:
            return Screen(content=w.frame_layout())
        if ctx.activity == TUTORIAL:
            return self._tutorial(ctx)
        if ctx.activity == MAIN:
            return self._main(ctx)
        return Screen(content=w.child_page(STUB_TITLES.get(ctx.activity, APP_NAME)))

    def _tutorial(self, ctx: AppContext) -> Screen:
        slide = ctx.ui["slide"]
        heading, text1, text2 = SLIDES[slide]
        texts = [w.text_view(heading, height=200), w.text_view(text1, height=400)]
        if text2:
            texts.append(w.text_view(text2, height=300))
        last = slide == len(SLIDES) - 1

        def next_(c: AppContext) -> None:
            if c.ui["slide"] + 1 < len(SLIDES):
                c.ui["slide"] += 1
            else:
                c.start_activity(MAIN)
                c.finish()

        def skip(c: AppContext) -> None:
            c.start_activity(MAIN)
            c.finish()

        buttons = [View(cls="android.view.View")]
        if not last:
            buttons.insert(0, w.button("btn_skip", "Skip", skip, width=300))
        buttons.append(w.button("btn_next", "Okay" if last else "Next", next_, width=300))
        dots = w.linear_layout(
            [w.text_view("•", width=60) for _ in SLIDES],
            rid="layoutDots",
            horizontal=True,
            height=120,
            weight=0,
        )
        return Screen(
            content=w.relative_layout(
                [
                    View(
                        cls="android.support.v4.view.ViewPager",
                        resource_id="view_pager",
                        children=[w.linear_layout(texts, padding=40)],
                    ),
                    dots,
                    w.linear_layout(buttons, horizontal=True, height=140, weight=0),
                ]
            )
        )

    def _switch(self, rid: str, checked: bool, handler: Any) -> View:
        return w.switch(rid, "", checked, handler, width=200)

    def _stepper(self, prefix: str, value: str, what: str, rid: str) -> View:
        return w.linear_layout(
            [
                View(cls="android.widget.Space", width=150),
                w.button(f"{prefix}_minus", "-", w.bind(self._step, what, -1), width=150),
                w.text_view(value, rid, width=480),
                w.button(f"{prefix}_plus", "+", w.bind(self._step, what, 1), width=150),
                View(cls="android.widget.Space", width=150),
            ],
            horizontal=True,
            height=150,
        )

    def _main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        prefs = ctx.data["prefs"]
        rows: list[View] = [
            w.text_view("Please choose:", "main_text_title"),
            w.text_view("Workout Interval", "main_text_work_interval"),
            self._stepper(
                "main_workout_interval",
                _fmt(prefs["workout"]),
                "workout",
                "main_workout_interval_time",
            ),
            w.text_view("Rest Interval", "main_text_rest_interval"),
            self._stepper(
                "main_rest_interval", _fmt(prefs["rest"]), "rest", "main_rest_interval_time"
            ),
            w.linear_layout(
                [
                    self._switch(
                        "workout_mode_switch", prefs["workout_mode"], self._toggle_workout_mode
                    ),
                    w.text_view(
                        "Use Exercise Sets",
                        "main_use_exercise_sets_text",
                        on_click=self._toggle_workout_mode,
                    ),
                ],
                horizontal=True,
                height=130,
            ),
        ]
        if prefs["workout_mode"]:
            names = [s[1] for s in ctx.data["exercise_sets"]]
            selected = names[ui["selected_set"]] if names else ""
            rows.append(
                View(
                    cls="android.widget.TableRow",
                    resource_id="exerciesetsRow",
                    height=130,
                    children=[
                        View(
                            cls="android.widget.Spinner",
                            resource_id="exerciseSets",
                            on_click=lambda c: c.ui.update(spinner_open=True),
                            children=[w.text_view(selected, "android:id/text1")],
                        )
                    ],
                )
            )
        rows += [
            self._stepper("main_sets", str(ui["sets"]), "sets", "main_sets_amount"),
            w.linear_layout(
                [
                    self._switch(
                        "main_block_periodization_switch",
                        prefs["block_switch"],
                        self._toggle_block,
                    ),
                    w.text_view(
                        "Block Periodization",
                        "main_block_periodization_text",
                        on_click=self._toggle_block,
                    ),
                    w.image_button(
                        "main_block_periodization", "", self._open_block_dialog, width=150, naf=True
                    ),
                ],
                horizontal=True,
                height=150,
            ),
        ]
        toolbar = w.toolbar(
            APP_NAME,
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
        )
        start_row = w.linear_layout(
            [
                w.text_view("START  >", "main_text_rest_interval"),
                w.image_button("start_workout", "", self._start, width=168, height=168, naf=True),
            ],
            horizontal=True,
            height=200,
            weight=0,
        )
        content = w.linear_layout(
            [
                toolbar,
                w.linear_layout(
                    [View(cls="android.widget.TableLayout", children=rows)], rid="main_content"
                ),
                start_row,
            ]
        )
        root = View(
            cls="android.support.v4.widget.DrawerLayout",
            resource_id="drawer_layout",
            children=[content],
        )
        return Screen(content=root, windows=self._main_windows(ctx))

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui.get("spinner_open"):
            names = [s[1] for s in ctx.data["exercise_sets"]]

            def choose(c: AppContext, i: int) -> None:
                c.ui["spinner_open"] = False
                if i != c.ui["selected_set"]:
                    self._set_selected(c, i)

            windows.append(
                Window(
                    root=View(
                        cls="android.widget.ListView",
                        weight=0,
                        children=w.checked_rows(names, ui["selected_set"], choose),
                    ),
                    kind="menu",
                    on_dismiss=lambda c: c.ui.update(spinner_open=False),
                )
            )
        if ui["drawer"]:
            entries = [
                w.navigation_item(
                    rid,
                    title,
                    w.bind(self._drawer_item, activity),
                    checked=activity == MAIN,
                    cls="android.support.design.internal.NavigationMenuItemView",
                )
                for rid, title, activity in DRAWER
            ]
            header = w.linear_layout(
                [w.image_view("imageView", height=200), w.text_view(APP_NAME)],
                height=350,
                weight=0,
            )
            windows.append(
                w.navigation_sheet(
                    [header, *entries],
                    lambda c: c.ui.update(drawer=False),
                    bounds=(0, 63, 840, 1794),
                    cls="android.support.design.widget.NavigationView",
                )
            )
        if ui["personalize"]:
            windows.append(
                w.confirm_dialog(
                    "Do you want to personalize your app now?",
                    "This will improve the calories calculation.",
                    ("Yes", w.bind(self._personalize, True)),
                    ("No", w.bind(self._personalize, False)),
                    w.bind(self._personalize, False),
                )
            )
        if ui["block_dialog"]:
            prefs = ctx.data["prefs"]

            def row(value: str, rid: str, what: str, prefix: str) -> View:
                return w.linear_layout(
                    [
                        w.text_view(value, rid, width=300),
                        w.button(
                            f"{prefix}_minus", "-", w.bind(self._block_step, what, -1), width=150
                        ),
                        View(cls="android.view.View", width=60),
                        w.button(
                            f"{prefix}_plus", "+", w.bind(self._block_step, what, 1), width=150
                        ),
                    ],
                    horizontal=True,
                    height=150,
                )

            sets = "main_block_periodization_sets"
            times = "main_block_periodization_time"
            body = [
                w.text_view("Set interval before break starts:", sets),
                row(str(prefs["block_sets"]), f"{sets}_amount", "block_sets", sets),
                w.text_view("Duration of break:", "main_block_periodization_duration"),
                row(_fmt(prefs["block_time"]), times, "block_time", times),
            ]
            close = w.bind(lambda c: c.ui.update(block_dialog=False))
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Configuration:"),
                    body,
                    w.dialog_buttons(("Ok", close)),
                    close,
                )
            )
        return windows


class CircuitTrainer121(CircuitTrainer11):
    """1.2.1: the switch no longer clears the exercise ids (commit ``41a00b3``)."""

    version: ClassVar[str] = "1.2.1"
    bugs: ClassVar[tuple[BugSpec, ...]] = ()

    def clear_exercise_ids(self, ctx: AppContext) -> None:
        return None
