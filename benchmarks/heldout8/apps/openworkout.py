"""openWorkout (``com.health.openworkout``, oliexdev/openWorkout) 1.3, the F-Droid flavour, for
openWorkout#23.

A workout trainer: one ``MainActivity`` (a DrawerLayout with the app bar and a Navigation
component host, ``nav_host_fragment``; the drawer's NavigationView holds Home, Trainings,
Settings, Help and About). The first run stores three training plans ("Seven minutes workout
training", the user's plan, with 30 sessions "1. day".."30. day" of 12 exercises; "Beginners
training"; "Abdominal muscle training"). ``HomeFragment`` shows the big start button
(``startView`` with the "Start" label), the plan's Spinner, the sessions done "(0/30)" and the
Male / Female avatar. Start opens ``WorkoutSlideFragment`` (titled with the session's name) on
the next session's first unfinished exercise: its name "Jumping jack (1/12)", its video, the
state ("Prepare your workout", "Do your workout", "Take a break"), the exercise and its time,
the countdown, the play / pause image and the FloatingActionButton ``nextWorkoutStepView``
that moves on to the next state (prepare, workout, break, prepare the next exercise...).

Sources read at tag ``v1.3`` (commit ``d15b462``, "update openWorkout to version 1.3",
2020-11-05; ``app/build.gradle`` says versionName 1.3, versionCode 13), the release current when
the report was filed (2020-11-16): ``MainActivity.java``, ``core/OpenWorkout.java``
(``initTrainingPlans``), ``training/SevenMinutesTraining.java``, ``BeginnersTraining.java``,
``session/SevenMinutesSession.java``, ``datatypes/WorkoutItem.java`` (the defaults: 5 s to
prepare, 30 s of workout, 30 s of break, time mode), the twelve workout classes,
``gui/home/HomeFragment.java``, ``gui/workout/WorkoutSlideFragment.java``, the layouts
``activity_main``, ``app_bar_main``, ``nav_header_main``, ``fragment_home``,
``fragment_workoutslide``, ``menu/activity_main_drawer.xml``,
``navigation/mobile_navigation.xml``, ``values/strings.xml`` and the manifest. The fix is
``cfa63f6`` ("retain members on screen rotation, see #23", 2020-11-23), which adds
``android:configChanges="orientation|screenSize"`` to ``MainActivity``.

Bug openWorkout#23 (non-crash): a rotation re-creates ``MainActivity`` and with it the
fragment. ``WorkoutSlideFragment.onCreateView`` keeps nothing of the running workout: it calls
``initWorkout``, which sets the state to INIT and runs ``nextWorkoutState``: the session's next
unfinished exercise (the current one, not finished before its workout phase ends) is prepared
again, so an exercise in its workout phase goes back to "Prepare your workout" with the
preparation countdown.

Modelled: the plans, the user's plan, the sessions' finished exercises, the Navigation back
stack (kept on rotation, as the NavController saves it), the slide's states and the next-step
button (an exercise is finished when its workout phase ends; after the last one the session is
finished and the Trophy screen shown), the play / pause image, the exercise description (the
info image), the overview table shown during a break. Time does not pass on the virtual device:
a started CountDownTimer shows its first tick, one second under its length. Stubbed: the
Trainings, Settings and Trophy screens show their title; the training details button opens
Trainings; Help (a browser) and the info image (the exercise's description) do nothing; About
shows its dialog; the videos and sounds are not played; every session of a plan holds the
exercises of its first day (the Beginners and Abdominal plans vary them by day and by a growing
stress factor). Uncertain: the report names no version (1.3 was the release of the day).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.health.openworkout"
MAIN = ".MainActivity"
PLANS = ("Seven minutes workout training", "Beginners training", "Abdominal muscle training")
SESSIONS = {PLANS[0]: 30, PLANS[1]: 28, PLANS[2]: 22}
PREP, WORKOUT, BREAK = 5, 30, 30
# Each plan's first session: (exercise, seconds in time mode or None, repetitions).
SEVEN: list[tuple[str, int | None, int]] = [
    (n, WORKOUT, 5)
    for n in (
        "Jumping jack",
        "Wall sit",
        "Push-up",
        "Abdominal crunch",
        "Step-up",
        "Squat",
        "Triceps dip",
        "Plank",
        "High knees",
        "Lunge",
        "Push-up rotation",
        "Side plank",
    )
]
ITEMS: dict[str, list[tuple[str, int | None, int]]] = {
    PLANS[0]: SEVEN,
    PLANS[1]: [
        ("Jumping jack", 15, 5),
        ("Step-up", None, 5),
        ("Push-up", None, 2),
        ("Abdominal crunch", None, 5),
        ("Plank", 5, 5),
    ],
    PLANS[2]: [
        ("Jumping jack", 15, 5),
        ("Circle crunch", None, 5),
        ("Pike walk", None, 2),
        ("Side plank", 5, 5),
        ("Abdominal crunch", None, 5),
        ("Plank", 5, 5),
    ],
}
TOP = {"home": "Home", "trainings": "Trainings", "settings": "Settings"}
PREPARE_LABEL = "Prepare your workout"
ABOUT = "openWorkout v1.3 (13)"
ABOUT_TEXT = "\n".join(
    (
        "Copyright (C) 2020 olie.xdev@googlemail.com",
        "",
        "This program is free software: you can redistribute it and/or modify",
        "it under the terms of the GNU General Public License as published by",
        "the Free Software Foundation, either version 3 of the License, or",
        "(at your option) any later version.",
        "",
        "This program is distributed in the hope that it will be useful,",
        "but WITHOUT ANY WARRANTY; without even the implied warranty of",
        "MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the",
        "GNU General Public License for more details.",
        "",
        "You should have received a copy of the GNU General Public License",
        "along with this program.  If not, see http://www.gnu.org/licenses/",
    )
)


def workout_reset(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of openWorkout#23: the workout screen was re-created while an exercise was in
    its workout phase, and started over with that exercise's preparation."""
    return bool(data["workouts_reset"])


# -- steps -------------------------------------------------------------------------------------
START = click(PACKAGE, "startView", cls="android.widget.ImageView")
NEXT_STEP = click(PACKAGE, "nextWorkoutStepView", cls="android.widget.ImageButton")
PLAY_PAUSE = click(PACKAGE, "playPauseView", cls="android.widget.ImageView")
LANDSCAPE: dict[str, Any] = {"kind": "rotate", "orientation": "landscape"}
BACK: dict[str, Any] = {"kind": "press_back"}


def _table_row(children: list[View], *, rid: str = "", height: int = 140) -> View:
    """A ``TableRow`` of the home screen's table: ``children`` left to right."""
    return View(
        cls="android.widget.TableRow",
        resource_id=rid,
        layout=HORIZONTAL,
        height=height,
        children=children,
    )


class OpenWorkout(VirtualApp):
    """openWorkout 1.3 (F-Droid): MainActivity with its Home and workout slide fragments."""

    name: ClassVar[str] = "openWorkout"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "openWorkout"
    version: ClassVar[str] = "1.3"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "openWorkout#23",
            "non-crash",
            "Timer resets when switching between portrait and landscape mode",
            workout_reset,
            human_steps=(START, NEXT_STEP, LANDSCAPE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # The Room database after initTrainingPlans: the user's plan, each plan's finished
        # sessions, the finished exercises of the Seven minutes sessions; the oracle's record.
        return {
            "plan": PLANS[0],
            "male": True,
            "finished_sessions": {plan: 0 for plan in PLANS},
            "finished_items": {plan: [] for plan in PLANS},
            "workouts_reset": 0,
        }

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("stack", ["home"])
        ui.update(drawer=False, spinner=False, about=False)
        saved = ui.pop("saved_slide", None)
        if ui["stack"][-1] == "slide":
            # WorkoutSlideFragment.onCreateView -> initWorkout: INIT, then the next unfinished
            # exercise is prepared again.
            if saved is not None and saved["state"] == "START":
                ctx.data["workouts_reset"] += 1
            self._init_workout(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The NavController's back stack survives; the fragment's fields do not.
        return {"stack": list(ctx.ui["stack"]), "saved_slide": ctx.ui.get("slide")}

    # -- navigation --------------------------------------------------------------------------
    def _go(self, ctx: AppContext, destination: str) -> None:
        ctx.ui["stack"].append(destination)
        if destination == "slide":
            self._init_workout(ctx)

    def _drawer_item(self, ctx: AppContext, item: str) -> None:
        """``onNavigationItemSelected`` and ``NavigationUI.onNavDestinationSelected``."""
        ui = ctx.ui
        ui["drawer"] = False
        if item == "about":
            ui["about"] = True
        elif item in TOP:
            ui["stack"] = ["home"] if item == "home" else ["home", item]

    def _pop(self, ctx: AppContext) -> bool:
        """The NavController pops its top destination. A WorkoutSlideFragment brought back
        after the activity was re-created (its fields lost) runs ``onCreateView`` ->
        ``initWorkout`` again."""
        popped = w.pop_back_stack(ctx.ui["stack"])
        if popped and ctx.ui["stack"][-1] == "slide" and "slide" not in ctx.ui:
            self._init_workout(ctx)
        return popped

    def _up(self, ctx: AppContext) -> None:
        self._pop(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if w.dismiss(ui, "drawer") or w.dismiss(ui, "spinner"):
            return True
        return self._pop(ctx)

    # -- WorkoutSlideFragment ----------------------------------------------------------------
    def _session(self, ctx: AppContext) -> int:
        """The user's plan's next session (the first not finished)."""
        return int(ctx.data["finished_sessions"][ctx.data["plan"]])

    def _items(self, ctx: AppContext) -> list[tuple[str, int | None, int]]:
        return ITEMS[ctx.data["plan"]]

    def _unfinished(self, ctx: AppContext) -> list[int]:
        finished = ctx.data["finished_items"][ctx.data["plan"]]
        return [i for i in range(len(self._items(ctx))) if i not in finished]

    def _init_workout(self, ctx: AppContext) -> None:
        """``initWorkout``: INIT, then ``nextWorkout`` and ``prepareWorkout``."""
        item = (self._unfinished(ctx) or [0])[0]
        ctx.ui["slide"] = {"state": "PREPARE", "item": item, "overview": False}
        self._countdown(ctx, PREP)

    def _countdown(self, ctx: AppContext, seconds: int | None) -> None:
        """``prepareCountdownTimer`` then ``activateCountdownTimer``: its first tick; in
        repetition mode the workout phase pauses the timer and clears the countdown."""
        slide = ctx.ui["slide"]
        if seconds is None:
            slide.update(remaining=None, stopped=True)
        else:
            slide.update(remaining=max(seconds - 1, 0), stopped=False)

    def _next_state(self, ctx: AppContext) -> None:
        """``nextWorkoutState``."""
        slide, data = ctx.ui["slide"], ctx.data
        slide["stopped"] = False
        if slide["state"] == "PREPARE":
            slide["state"] = "START"
            self._countdown(ctx, self._items(ctx)[slide["item"]][1])
        elif slide["state"] == "START":
            data["finished_items"][data["plan"]].append(slide["item"])  # onFinishWorkoutItem
            slide["state"] = "BREAK"
            self._countdown(ctx, BREAK)
            remaining = self._unfinished(ctx)
            if not remaining:
                # nextWorkout -> onFinishSession: the Trophy screen.
                data["finished_sessions"][data["plan"]] += 1
                data["finished_items"][data["plan"]] = []
                ctx.ui["stack"].append("trophy")
                return
            slide.update(item=remaining[0], overview=True)
        elif slide["state"] == "BREAK":
            slide.update(state="PREPARE", overview=False)
            self._countdown(ctx, PREP)

    def _play_pause(self, ctx: AppContext) -> None:
        slide = ctx.ui["slide"]
        if slide["state"] == "START" and self._items(ctx)[slide["item"]][1] is None:
            return  # repetition mode in the workout phase: clicks are ignored
        slide["stopped"] = not slide["stopped"]

    def _slide(self, ctx: AppContext) -> View:
        slide, items = ctx.ui["slide"], self._items(ctx)
        state, item = slide["state"], slide["item"]
        name, seconds, reps = items[item]
        amount = f"{seconds}s" if seconds is not None else f"{reps}x"
        if state == "PREPARE":
            info, detail = PREPARE_LABEL, f"{name} ({amount})"
        elif state == "START":
            info, detail = "Do your workout", f"{name} ({amount})"
        else:
            info, detail = "", "Take a break"
        children = [
            w.text_view(f"{name} ({item + 1}/{len(items)})", "nameView"),
            w.frame_layout(
                rid="videoCardView",
                height=600,
                children=[View(cls="android.widget.VideoView", resource_id="videoView")],
            ),
            w.linear_layout(
                [w.image_view("infoView", "", None, width=147), w.text_view(info, "stateInfoView")],
                horizontal=True,
                height=120,
            ),
            w.text_view(detail, "stateInfoDetailView"),
        ]
        if slide["overview"]:
            finished = ctx.data["finished_items"][ctx.data["plan"]]
            rows = [
                View(
                    cls="android.widget.TableRow",
                    layout=HORIZONTAL,
                    height=90,
                    children=[
                        w.image_view(width=90, height=90, selected=i in finished or i == item),
                        w.text_view(f"{t}s" if t is not None else f"{r}x", width=150, height=90),
                        w.text_view(title, height=90),
                    ],
                )
                for i, (title, t, r) in enumerate(items)
            ]
            table = View(
                cls="android.widget.TableLayout", resource_id="workoutOverviewView", children=rows
            )
            children.append(w.scroll_view([table], rid="scrollView", height=300))
        remaining = slide["remaining"]
        children.append(
            w.linear_layout(
                [
                    w.image_view("playPauseView", "", self._play_pause, width=147),
                    w.text_view(
                        "" if remaining is None else f"{remaining}s",
                        "countdownView",
                        width=400,
                        height=147,
                    ),
                    View(cls="android.widget.ProgressBar", resource_id="progressView", height=40),
                    w.image_button(
                        "nextWorkoutStepView", "", self._next_state, width=168, style="fab"
                    ),
                ],
                horizontal=True,
                height=168,
            )
        )
        if ctx.orientation == "landscape":
            # The video card beside the rest (its width is set by onCreateView in landscape).
            video = children.pop(1)
            video.width = 700
            column = w.linear_layout(children)
            return View(
                cls="android.view.ViewGroup",
                resource_id="constraintLayout",
                layout=HORIZONTAL,
                children=[video, column],
            )
        return View(cls="android.view.ViewGroup", resource_id="constraintLayout", children=children)

    # -- HomeFragment ------------------------------------------------------------------------
    def _start(self, ctx: AppContext) -> None:
        """The start button: the next session of the user's plan."""
        if self._session(ctx) < SESSIONS[ctx.data["plan"]]:
            self._go(ctx, "slide")
        else:
            ctx.toast(f"No sessions in {ctx.data['plan']}")

    def _pick_plan(self, ctx: AppContext, index: int) -> None:
        ctx.data["plan"] = PLANS[index]
        ctx.ui["spinner"] = False

    def _avatar(self, ctx: AppContext, male: bool) -> None:
        ctx.data["male"] = male

    def _home(self, ctx: AppContext) -> View:
        data = ctx.data
        start = w.frame_layout(
            [
                w.image_view("startView", "", self._start, width=600, height=600, gravity="center"),
                w.text_view("Start", "startTextView", width=300, height=120, gravity="center"),
            ],
            layout=FRAME,
            height=700,
        )
        plan = data["plan"]
        rows = [
            _table_row(
                [
                    w.image_view("imgGoalView", width=120),
                    w.spinner("trainingNameView", plan, w.bind(self._set, spinner=True)),
                    w.image_view(
                        "detailTrainingView", "", w.bind(self._go, "trainings"), width=120
                    ),
                ],
                rid="trainingRow",
            ),
            _table_row(
                [
                    w.image_view("imgSessionView", width=120),
                    View(cls="android.widget.ProgressBar", resource_id="sessionProgressBar"),
                    w.text_view(
                        f"({data['finished_sessions'][plan]}/{SESSIONS[plan]})",
                        "sessionView",
                        width=200,
                    ),
                ],
                height=120,
            ),
            _table_row(
                [
                    w.image_view("imgAvatarView", width=120),
                    View(
                        cls="android.widget.RadioGroup",
                        resource_id="avatarGroup",
                        layout=HORIZONTAL,
                        children=[
                            w.radio_button(
                                "radioMale", "Male", data["male"], w.bind(self._avatar, True)
                            ),
                            w.radio_button(
                                "radioFemale",
                                "Female",
                                not data["male"],
                                w.bind(self._avatar, False),
                            ),
                        ],
                    ),
                ],
            ),
        ]
        table = View(cls="android.widget.TableLayout", weight=0, children=rows)
        return View(cls="android.view.ViewGroup", children=[start, table])

    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    # -- MainActivity ------------------------------------------------------------------------
    def _title(self, ctx: AppContext, top: str) -> str:
        if top in ("slide", "trophy"):
            return "Trophy" if top == "trophy" else f"{self._session(ctx) + 1}. day"
        return TOP.get(top, "Home")

    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        top = ui["stack"][-1]
        if top == "home":
            body = self._home(ctx)
        elif top == "slide":
            body = self._slide(ctx)
        else:
            body = w.frame_layout()
        if top in TOP:
            nav = w.nav_button("Open navigation drawer", w.bind(self._set, drawer=True))
        else:
            nav = w.up_button(self._up)
        bar = w.toolbar(self._title(ctx, top), navigation=nav)
        host = w.frame_layout([body], rid="nav_host_fragment")
        drawer = None
        if ui["drawer"]:
            current = top if top in TOP else "home"
            entries = [
                w.drawer_entry(title, w.bind(self._drawer_item, key), checked=key == current)
                for key, title in (*TOP.items(), ("help", "Help"), ("about", "About"))
            ]
            header = w.linear_layout(
                [w.image_view("imageView", height=200), w.text_view("openWorkout")], height=420
            )
            drawer = View(
                cls="com.google.android.material.navigation.NavigationView",
                resource_id="nav_view",
                width=800,
                children=[w.linear_layout([header, *entries])],
            )
        root = w.drawer_layout(w.linear_layout([bar, host]), drawer)
        windows: list[Window] = []
        if ui["spinner"]:
            chosen = PLANS.index(ctx.data["plan"])
            windows.append(
                w.spinner_dropdown(PLANS, chosen, self._pick_plan, w.bind(self._set, spinner=False))
            )
        if ui["about"]:
            close = w.bind(self._set, about=False)
            windows.append(w.confirm_dialog(ABOUT, ABOUT_TEXT, ("OK", close), None, close))
        return Screen(content=root, windows=windows)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "openWorkout#23": [
        # Rotated during the preparation: the exercise had not started.
        [START, LANDSCAPE],
        # Rotated on the home screen, then the workout started.
        [LANDSCAPE, START, NEXT_STEP],
        # The workout is left with Back instead of a rotation.
        [START, NEXT_STEP, BACK],
        # Paused during the workout, no rotation.
        [START, NEXT_STEP, PLAY_PAUSE],
        # Rotated during the break after the exercise was finished.
        [START, NEXT_STEP, NEXT_STEP, LANDSCAPE],
    ],
}
