"""Bodyweight Fitness (``com.bodyweight.fitness.free``, mazurio/bodyweight-fitness-android) 1.1.4,
the "free" flavour, for bodyweight-fitness-android#24.

A workout companion for Reddit's Bodyweight Fitness "Beginner Routine". ``MainActivity`` is
the only screen of the routine: a DrawerLayout holding ``content_view`` (the toolbar view with
the current exercise's title, its section and its description; ``view_home``: the timer view,
``timer_view``, with the previous / next exercise buttons, the minutes and seconds in
``timer_layout`` and three FloatingActionButtons, +5 s, start / stop and restart; the exercise's
animated preview; the action view's two buttons, "log workout" and the action sheet) and the
navigation drawer (``view_drawer``: the "Bodyweight Fitness" / "Beginner Routine" header, which
switches to the list of exercises, then Home, Workout Log, FAQ, Support Developer, Settings).
Tapping the time pauses the timer and opens a 24-hour TimePickerDialog whose hours are the
minutes and whose minutes are the seconds.

Sources read at tag ``1.1.4`` (commit ``4251998``, the merge of "114-release", 2016-01-16;
both flavours say versionName 1.1.4), the release current when the report was filed
(2016-02-18; the next commits, from 2016-03-07 on, are 1.1.7 and 1.1.8): ``ui/MainActivity.java``,
``ui/SettingsActivity.java``, ``presenter/TimerPresenter.java``, ``IPresenter.java``,
``ToolbarPresenter.java``, ``ActionPresenter.java``, ``view/TimerView.java``,
``ToolbarView.java``, ``fragment/NavigationDrawerFragment.java``, ``stream/RoutineStream.java``,
``model/Routine.java``, ``utils/PreferenceUtils.java``, the layouts ``activity_main``,
``view_toolbar``, ``view_home``, ``view_timer`` (``layout-port`` and the default one used in
landscape), ``view_preview``, ``view_action``, ``view_drawer``, ``view_calendar``,
``xml/settings.xml``, ``raw/beginner_routine.json``, ``values/strings.xml``, ``build.gradle`` and
the manifest. The fix is ``2b67dca`` ("Restore timer after restoring the saved state",
2016-03-15), released in 1.1.9.

Bug bodyweight-fitness-android#24 (non-crash): on a rotation the activity is re-created. The new
``TimerView`` makes a new ``TimerPresenter`` whose ``onCreateView`` calls
``restartTimer(getSeconds())``; Icepick then restores the saved presenter (its seconds and its
``mPlaying`` flag; the CountDownTimer is transient) and ``onRestoreInstanceState`` subscribes it
to ``RoutineStream.getExerciseObservable()``, which emits the current exercise at once, and the
subscriber calls ``restartTimer(getSeconds())`` again: the countdown is stopped, its seconds set
back to the timer's saved length and the play icon shown. The fix keeps the restored seconds and
starts the timer again when it was playing.

Modelled: the routine's linked exercises (the first level of each "levels" / "pick" section),
kept in the process's memory as ``RoutineStream`` keeps them; the timer presenter (seconds,
playing) saved and restored on rotation; ``restartTimer``, ``pauseTimer``, ``startTimer``,
``increaseTimer`` and the time picker (at least 10 s, stored as the timer's length); the drawer
and its exercise list; Workout Log's empty calendar; the settings' check boxes. Time does not
pass on the virtual device: a started CountDownTimer shows its first tick (one second less, as
``onTick`` receives a little under the full length). Stubbed: the log workout dialog shows the
exercise's title only, the action sheet's items close it, FAQ and Support Developer (a browser
and the store) do nothing; the preview GIF is an empty ImageView; the old CountDownTimer, which
keeps running behind the re-created screen and plays the sound when it ends, is not modelled.
Uncertain: the report names no version or flavour (the free flavour, with "Support Developer",
is modelled); the Workout Log's date is fixed at the report's day, 18 February 2016.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.bodyweight.fitness.free"
MAIN = "com.bodyweight.fitness.ui.MainActivity"
SETTINGS = "com.bodyweight.fitness.ui.SettingsActivity"
OPEN_DRAWER = "Open Navigation Drawer"  # R.string.navigation_drawer_open
# (title, section, description) of each linked exercise, in order.
EXERCISES = (
    ("Wall Extensions", "Dynamic Stretches", "1x(5-10)"),
    ("Band Dislocates", "Dynamic Stretches", "1x(5-10)"),
    ("Cat/Camel Bends", "Dynamic Stretches", "1x(5-10)"),
    ("Scapular Shrugs", "Dynamic Stretches", "1x(5-10)"),
    ("Full Body Circles", "Dynamic Stretches", "1x(5-10)"),
    ("Front and Side Leg Swings", "Dynamic Stretches", "1x(5-10)"),
    ("Wrist Mobility Exercises", "Dynamic Stretches", "1x(5-10)"),
    ("Plank", "Bodyline Drills", "1x(10-60s) hold"),
    ("Side Plank (Both sides)", "Bodyline Drills", "1x(10-60s) hold"),
    ("Reverse Plank", "Bodyline Drills", "1x(10-60s) hold"),
    ("Hollow Hold", "Bodyline Drills", "1x(10-60s) hold"),
    ("Arch", "Bodyline Drills", "1x(10-60s) hold"),
    ("Squat Jumps", "Activity", "1x(10-20)"),
    ("Wall Plank", "Handstand", "5 min"),
    ("Parallel Bar support", "Support Practice", "2-3 min"),
    ("Negative Pullups", "Pullup Progression", "3x(5-8)"),
    ("Parallel Bar Dips", "Dipping Progression", "3x(5-8)"),
    ("Assisted Bodyweight Squat", "Squat Progression", "3x(5-8)"),
    ("Foot-supported L-sit", "L-sit Progression", "3x(10-30s)"),
    ("Wall Pushup", "Pushing", "3x(5-8)"),
    ("Vertical Row", "Row Progression", "3x(5-8)"),
)
# Sections whose exercises have other levels ("Choose Progression" in the action sheet).
PROGRESSIONS = {
    "Activity",
    "Handstand",
    "Support Practice",
    "Pullup Progression",
    "Dipping Progression",
    "Squat Progression",
    "L-sit Progression",
    "Pushing",
    "Row Progression",
}
MENU = (
    ("action_menu_home", "Home"),
    ("action_menu_workout_log", "Workout Log"),
    ("action_menu_faq", "FAQ"),
    ("action_menu_support_developer", "Support Developer"),
    ("action_menu_settings", "Settings"),
)


def countdown_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of bodyweight-fitness-android#24: the screen was re-created while the
    countdown was running, and the restored timer came back stopped and reset."""
    return bool(data["countdowns_lost"])


def _two(value: int) -> str:
    return f"{value:02d}"


# -- steps -------------------------------------------------------------------------------------
START_STOP = click(PACKAGE, "start_stop_timer_button", cls="android.widget.ImageButton")
RESTART = click(PACKAGE, "restart_timer_button", cls="android.widget.ImageButton")
NEXT_EXERCISE = click(PACKAGE, "next_exercise_button", cls="android.widget.ImageButton")
LANDSCAPE: dict[str, Any] = {"kind": "rotate", "orientation": "landscape"}


class BodyweightFitness(VirtualApp):
    """Bodyweight Fitness 1.1.4 (free): MainActivity and SettingsActivity."""

    name: ClassVar[str] = "bodyweight-fitness-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Bodyweight Fitness"
    version: ClassVar[str] = "1.1.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "bodyweight-fitness-android#24",
            "non-crash",
            "Timer stops and reset if phone changes orientation",
            countdown_lost,
            human_steps=(START_STOP, LANDSCAPE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # The shared preferences (the timer's length in ms, the settings) and the oracle's record.
        return {
            "timer_ms": 60000,
            "play_sound": True,
            "keep_screen_on": True,
            "countdowns_lost": 0,
        }

    # -- the presenters ----------------------------------------------------------------------
    def _seconds(self, ctx: AppContext) -> int:
        """``TimerPresenter.getSeconds``: the stored length of the timer."""
        return int(ctx.data["timer_ms"] // 1000)

    def _restart(self, ctx: AppContext, seconds: int) -> None:
        """``restartTimer``: stopped, ``seconds`` shown, the play icon."""
        ctx.ui["timer"] = {"seconds": seconds, "playing": False}

    def _start(self, ctx: AppContext) -> None:
        """``startTimer``: the CountDownTimer's first tick, a little under the full length."""
        timer = ctx.ui["timer"]
        timer.update(seconds=max(timer["seconds"] - 1, 0), playing=True)

    def _pause(self, ctx: AppContext) -> None:
        ctx.ui["timer"]["playing"] = False

    def _start_stop(self, ctx: AppContext) -> None:
        if ctx.ui["timer"]["playing"]:
            self._pause(ctx)
        else:
            self._start(ctx)

    def _increase(self, ctx: AppContext) -> None:
        """``increaseTimer(5)``: a running timer is rebuilt and started again."""
        timer = ctx.ui["timer"]
        timer["seconds"] += 5
        if timer["playing"]:
            self._start(ctx)

    def _exercise(self, ctx: AppContext) -> int:
        return int(ctx.memory.get("exercise", 0))

    def _set_exercise(self, ctx: AppContext, index: int) -> None:
        """``RoutineStream.setExercise``: the timer restarts, the drawer closes."""
        ctx.memory["exercise"] = index
        ctx.ui["drawer"] = False
        self._restart(ctx, self._seconds(ctx))

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        ui = ctx.ui
        ui.setdefault("drawer", False)
        ui.setdefault("exercises", False)
        ui.setdefault("menu", "action_menu_home")
        ui.update(sheet=False, log=False, picker=None)
        saved = ui.pop("saved_timer", None)
        # TimerView.onFinishInflate -> a new presenter's onCreateView: restartTimer(getSeconds()).
        self._restart(ctx, self._seconds(ctx))
        if saved is not None:
            # Icepick restores the saved presenter; its onSubscribe gets the current exercise at
            # once and calls restartTimer(getSeconds()) again (fixed in 2b67dca: it restarts
            # from the restored seconds and plays on).
            self._restart(ctx, self._seconds(ctx))
            if saved["playing"]:
                ctx.data["countdowns_lost"] += 1

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity != MAIN:
            return dict(ctx.ui)
        ui = ctx.ui
        return {
            "drawer": ui["drawer"],
            "exercises": ui["exercises"],
            "menu": ui["menu"],
            "saved_timer": dict(ui["timer"]),
        }

    # -- the time picker ---------------------------------------------------------------------
    def _open_picker(self, ctx: AppContext) -> None:
        """``onClickTimeLayout``: pause, then the TimePickerDialog (minutes as hours)."""
        self._pause(ctx)
        seconds = ctx.ui["timer"]["seconds"]
        ctx.ui["picker"] = {"minutes": seconds // 60, "seconds": seconds % 60, "face": "hours"}

    def _picker_set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui["picker"].update(values)

    def _picker_ok(self, ctx: AppContext) -> None:
        picker = ctx.ui["picker"]
        ctx.ui["picker"] = None
        seconds = max(picker["minutes"] * 60 + picker["seconds"], 10)
        self._restart(ctx, seconds)
        ctx.data["timer_ms"] = seconds * 1000

    # -- MainActivity ------------------------------------------------------------------------
    def _toolbar(self, ctx: AppContext) -> View:
        ui = ctx.ui
        if ui["menu"] == "action_menu_workout_log":
            title, section, description = "February", "2016", ""
            actions = [w.action_item("action_today", "Today", None)]
        else:
            title, section, description = EXERCISES[self._exercise(ctx)]
            actions = []
        texts = w.linear_layout(
            [
                w.text_view(title, "toolbar_exercise_title", height=80),
                w.linear_layout(
                    [
                        w.text_view(section, "toolbar_section_title", height=60),
                        w.text_view(description, "toolbar_exercise_description", height=60),
                    ],
                    horizontal=True,
                    height=60,
                ),
            ],
            height=160,
        )
        bar = w.toolbar(
            texts,
            navigation=w.nav_button(OPEN_DRAWER, w.bind(self._set, drawer=True)),
            actions=actions,
            height=160,
        )
        return w.linear_layout([bar], rid="toolbar_view", weight=0)

    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _timer_view(self, ctx: AppContext) -> View:
        timer, index = ctx.ui["timer"], self._exercise(ctx)
        seconds = timer["seconds"]
        clock = w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(_two(seconds // 60), "timer_minutes", width=300, height=300),
                        w.relative_layout(rid="timer_spacing", width=40, height=300),
                        w.text_view(_two(seconds % 60), "timer_seconds", width=300, height=300),
                    ],
                    horizontal=True,
                    height=300,
                )
            ],
            rid="timer_layout",
            on_click=self._open_picker,
            height=300,
        )
        buttons = w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.image_button("increase_timer_button", "", self._increase, width=168),
                        w.image_button("start_stop_timer_button", "", self._start_stop, width=168),
                        w.image_button("restart_timer_button", "", self._restart_click, width=168),
                    ],
                    horizontal=True,
                    height=168,
                )
            ],
            height=168,
        )
        portrait = ctx.orientation == "portrait"
        middle = [w.linear_layout([clock, buttons], height=468)] if portrait else [clock, buttons]
        side: list[View] = []
        if index > 0:
            side.append(
                w.image_button(
                    "prev_exercise_button", "", w.bind(self._set_exercise, index - 1), width=120
                )
            )
        else:
            side.append(View(cls="android.view.View", width=120))
        children = [*side, *middle]
        if index < len(EXERCISES) - 1:
            children.append(
                w.image_button(
                    "next_exercise_button", "", w.bind(self._set_exercise, index + 1), width=120
                )
            )
        return w.linear_layout(
            children, rid="timer_view", horizontal=True, height=468 if portrait else 300
        )

    def _restart_click(self, ctx: AppContext) -> None:
        self._restart(ctx, self._seconds(ctx))

    def _home(self, ctx: AppContext) -> View:
        preview = w.frame_layout(
            [w.image_view("preview_gif_image_view", height=600)], rid="preview_view"
        )
        return w.linear_layout([self._timer_view(ctx), preview], rid="view_home")

    def _calendar(self) -> View:
        days = w.linear_layout(
            [w.text_view(d, width=150) for d in ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")],
            horizontal=True,
            height=110,
        )
        return w.linear_layout(
            [
                days,
                View(cls="android.support.v4.view.ViewPager", resource_id="view_calendar_pager"),
                w.linear_layout(
                    [w.text_view("When you log a workout, you'll see it here.")],
                    rid="view_calendar_message",
                ),
            ],
            rid="calendar_view",
        )

    def _action_view(self, ctx: AppContext) -> View:
        buttons = [
            w.image_button(rid, "", w.bind(self._set, **{opens: True}), width=168, style="fab")
            for rid, opens in (
                ("action_view_log_workout_button", "log"),
                ("action_view_action_button", "sheet"),
            )
        ]
        return w.linear_layout(
            buttons, rid="action_view", horizontal=True, width=380, height=168, gravity="bottom_end"
        )

    def _drawer(self, ctx: AppContext) -> View:
        ui = ctx.ui
        header = w.linear_layout(
            [
                w.text_view("Bodyweight Fitness", height=90),
                w.relative_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view("Beginner Routine", height=80),
                                w.image_view("arrow", width=80, height=80),
                            ],
                            horizontal=True,
                            height=80,
                        )
                    ],
                    height=80,
                ),
            ],
            rid="header",
            on_click=w.bind(self._set, exercises=not ui["exercises"]),
            height=300,
        )
        if ui["exercises"]:
            rows = [
                w.list_row(
                    title,
                    section,
                    on_click=w.bind(self._set_exercise, i),
                    height=150,
                )
                for i, (title, section, _) in enumerate(EXERCISES)
            ]
            body = w.list_view(
                rows,
                rid="recycler_view",
                cls="android.support.v7.widget.RecyclerView",
                scroll_key="drawer_scroll",
            )
        else:
            body = w.scroll_view(
                [
                    w.linear_layout(
                        [
                            w.text_view(title, rid, on_click=w.bind(self._menu, rid), height=147)
                            for rid, title in MENU
                        ],
                        rid="menu",
                    )
                ]
            )
        return w.frame_layout([w.linear_layout([header, body])], rid="drawer_fragment", width=788)

    def _menu(self, ctx: AppContext, rid: str) -> None:
        ctx.ui["drawer"] = False
        if rid in ("action_menu_home", "action_menu_workout_log"):
            ctx.ui["menu"] = rid
        elif rid == "action_menu_settings":
            ctx.start_activity(SETTINGS)

    def _main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        home = ui["menu"] == "action_menu_home"
        body = self._home(ctx) if home else self._calendar()
        layers = [w.linear_layout([self._toolbar(ctx), body])]
        if home:
            layers.append(self._action_view(ctx))
        content = w.relative_layout(layers, rid="content_view", layout=FRAME)
        root = w.drawer_layout(
            content,
            self._drawer(ctx) if ui["drawer"] else None,
            cls="android.support.v4.widget.DrawerLayout",
        )
        return Screen(content=root, windows=self._windows(ctx))

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        close = w.bind(self._set, sheet=False)
        if ui["sheet"]:
            section = EXERCISES[self._exercise(ctx)][1]
            items = [
                ("action_view_action_sheet_buy_equipment", "Buy Equipment"),
                ("action_view_action_sheet_watch_on_youtube", "Watch on YouTube"),
            ]
            if section in PROGRESSIONS:
                items.append(("action_view_action_sheet_choose_progression", "Choose Progression"))
            items.append(("action_view_action_sheet_log_workout", "Today's Workout"))
            card = w.frame_layout(
                [
                    w.linear_layout(
                        [w.text_view(t, rid, on_click=close, height=147) for rid, t in items],
                        weight=0,
                    )
                ],
                rid="action_view_action_sheet",
                weight=0,
            )
            windows.append(Window(root=card, kind="sheet", on_dismiss=close))
        if ui["log"]:
            title = EXERCISES[self._exercise(ctx)][0]
            done = w.bind(self._set, log=False)
            windows.append(w.alert_dialog(w.text_view(title, height=140), [], [], done))
        picker = ui["picker"]
        if picker is not None:
            windows.append(
                w.time_picker_dialog(
                    picker["minutes"],
                    picker["seconds"],
                    lambda c, h: self._picker_set(c, minutes=h, face="minutes"),
                    lambda c, m: self._picker_set(c, seconds=m),
                    self._picker_ok,
                    w.bind(self._set, picker=None),
                    face=picker["face"],
                    on_face=lambda c, f: self._picker_set(c, face=f),
                )
            )
        return windows

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        return w.dismiss(ctx.ui, "drawer") or w.dismiss(ctx.ui, "sheet")

    # -- SettingsActivity --------------------------------------------------------------------
    def _settings(self, ctx: AppContext) -> Screen:
        data = ctx.data
        rows = [
            w.preference_category("General"),
            w.preference("Weight measurement unit", "", None),
            w.preference(
                "Play Audio",
                "",
                w.bind(self._flip, "play_sound"),
                widget=w.checkbox_widget(data["play_sound"]),
            ),
            w.preference(
                "Keep screen always on",
                "",
                w.bind(self._flip, "keep_screen_on"),
                widget=w.checkbox_widget(data["keep_screen_on"]),
            ),
            w.preference_category("Developed & Designed by"),
            w.preference("Damian Mazurkiewicz", "", None),
            w.preference_category("About"),
            w.preference("Bodyweight Fitness", "", None),
        ]
        bar = w.toolbar("Settings", navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar, w.list_view(rows)]))

    def _flip(self, ctx: AppContext, key: str) -> None:
        ctx.data[key] = not ctx.data[key]

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._settings(ctx)
        return self._main(ctx)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "bodyweight-fitness-android#24": [
        # Rotated before the timer is started: nothing is running.
        [LANDSCAPE],
        # Started, paused, then rotated: the timer was not running.
        [START_STOP, START_STOP, LANDSCAPE],
        # Started, then the next exercise: the timer restarts by design, no rotation.
        [START_STOP, NEXT_EXERCISE],
        # Started, then the restart button.
        [START_STOP, RESTART],
    ],
}
