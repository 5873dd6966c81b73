"""Privacy Friendly Interval Timer (``org.secuso.privacyfriendlyintervaltimer``) 1.2, for
privacy-friendly-interval-timer#26.

Modelled from the sources of the 1.2 release, tag ``v1.2`` (commit ``4374463``;
``app/build.gradle`` says ``versionName "1.2"``, ``versionCode 4``): ``AndroidManifest.xml``,
``activities/SplashActivity.java``, ``tutorial/TutorialActivity.java``,
``tutorial/PrefManager.java``, ``activities/BaseActivity.java``,
``activities/MainActivity.java``, ``res/layout/activity_tutorial.xml``,
``tutorial_slide1..4.xml``, ``activity_main.xml``, ``app_bar_main.xml``, ``content_main.xml``,
``block_periodization.xml``, ``nav_header_main.xml``, ``res/menu/activity_main_drawer.xml`` and
``res/values/strings.xml``; and commit ``9242573`` ("#10, #14, #21: Rework MainActivity to make
input more flexible", first released in 1.2), which made the change. No upstream fix exists
(the issue is open; the latest sources still never write these values).

The app: ``SplashActivity`` always opens ``TutorialActivity``, which goes straight on to
``MainActivity`` once the tutorial has been seen (four slides: "Welcome!", "Block
Periodization", "Notifications", "Personalization"; Skip and Next, the last Next reads "Okay";
Back also opens the main screen). The first ``MainActivity`` marks the tutorial seen and asks
"Do you want to personalize your app now?" (No / Yes). The main screen: a toolbar "Interval
Timer" with the drawer button, "Please choose:", the editable "Workout Interval" (``01 : 00``),
"Rest Interval" (``00 : 30``) and "Sets" (``6``) fields, the "Block Periodization" switch, label
and configuration button, and the start FAB beside "START  >".

The bug (privacy-friendly-interval-timer#26, non-crash): before 1.2 the +/- buttons wrote each
change to the SharedPreferences (``pref_timer_workout``, ``pref_timer_rest``,
``pref_timer_set``), which ``onCreate`` reads back. 1.2 replaced the buttons with the EditText
fields; Start parses the fields into ``workoutTime``/``restTime``/``sets`` but nothing writes
them to the preferences any more, so every new ``MainActivity`` (after leaving with Back, a
restart, the drawer's Main or Tutorial) shows the stored values, on a fresh install the
defaults 01 : 00, 00 : 30 and 6. A rotation keeps the typed texts (EditText saves its text).
The oracle: a new main screen was built from stored values that differ from the valid values
typed last in the previous one (the model notes them beside the app's storage as ``entered``,
and the mismatch as ``reset_seen`` when the new screen is created).

Stubbed: the workout, statistics, settings, help and about screens (a title and Navigate up),
the timer service, notifications. The EditText error (``setError``) is drawn as a TextView under
its field. Uncertain: nothing material; the field texts are shown exactly as formatTime writes
them.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.secuso.privacyfriendlyintervaltimer"
SPLASH = ".activities.SplashActivity"
TUTORIAL = ".tutorial.TutorialActivity"
MAIN = ".activities.MainActivity"
WORKOUT = ".activities.WorkoutActivity"
SETTINGS = ".activities.SettingsActivity"
STATISTICS = ".activities.StatisticsActivity"
HELP = ".activities.HelpActivity"
ABOUT = ".activities.AboutActivity"

APP_NAME = "Interval Timer"
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
)
DRAWER = (
    ("nav_main", "Main", MAIN),
    ("nav_statistics", "Statistics", STATISTICS),
    ("nav_tutorial", "Tutorial", TUTORIAL),
    ("nav_settings", "Settings", SETTINGS),
    ("nav_help", "Help", HELP),
    ("nav_about", "About", ABOUT),
)
STUB_TITLES = {
    WORKOUT: "Workout",
    SETTINGS: "Settings",
    STATISTICS: "Statistics",
    HELP: "Help",
    ABOUT: "About",
}
# (field id, preference key, kind) of the three inputs.
FIELDS = (
    ("main_workout_interval_time", "workout", "time"),
    ("main_rest_interval_time", "rest", "time"),
    ("main_sets_amount", "sets", "sets"),
)
TIME_PATTERN = re.compile(r"[0-9]{1,2} ?: ?[0-9]{1,2}")
SETS_PATTERN = re.compile(r"[0-9]*")
TIME_ERROR = "Enter a time in the format mm:ss"


def format_time(seconds: int) -> str:
    """MainActivity.formatTime: "%02d : %02d"."""
    return f"{seconds // 60:02d} : {seconds % 60:02d}"


def parse_time(text: str) -> int | None:
    """MainActivity.parseTime, or None where it throws NumberFormatException."""
    units = text.split(":")
    if not text or len(units) != 2:
        return None
    try:
        minutes, seconds = int(units[0].strip()), int(units[1].strip())
    except ValueError:
        return None
    if not (0 <= minutes <= 60 and 0 <= seconds <= 60):
        return None
    return minutes * 60 + seconds


def parse_field(kind: str, text: str) -> int | None:
    """The value Start would take from a field's text (None: it would refuse or skip it)."""
    if kind == "time":
        return parse_time(text) if TIME_PATTERN.fullmatch(text) else None
    if SETS_PATTERN.fullmatch(text) and text and len(text) < 10:
        return int(text)
    return None


def values_reset(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of privacy-friendly-interval-timer#26: a new main screen showed stored
    values other than the ones typed in the previous one."""
    return bool(data.get("reset_seen"))


SKIP = click(PACKAGE, "btn_skip", "Skip")
NO = click(PACKAGE, "android:id/button2", "No")
TYPE_WORKOUT = input_text(PACKAGE, "main_workout_interval_time", "01 : 30")

BUG_26 = BugSpec(
    "privacy-friendly-interval-timer#26",
    "non-crash",
    '"workout interval", "rest interval", "sets" values not saved',
    values_reset,
    human_steps=(SKIP, NO, TYPE_WORKOUT, {"kind": "restart_app"}),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "privacy-friendly-interval-timer#26": [
        # Restart without changing anything.
        [SKIP, NO, {"kind": "restart_app"}],
        # A new value, then only Home and back to the same screen.
        [SKIP, NO, TYPE_WORKOUT, {"kind": "leave_and_return"}],
        # A new value, then a rotation (the EditText keeps its text).
        [SKIP, NO, TYPE_WORKOUT, {"kind": "rotate", "orientation": "landscape"}],
        # A text Start would not accept, then a restart.
        [
            SKIP,
            NO,
            input_text(PACKAGE, "main_workout_interval_time", "90"),
            {"kind": "restart_app"},
        ],
        # The value typed equals the stored one.
        [
            SKIP,
            NO,
            input_text(PACKAGE, "main_sets_amount", "6"),
            {"kind": "restart_app"},
        ],
    ],
}


class IntervalTimer12(VirtualApp):
    """Privacy Friendly Interval Timer 1.2 (see the module docstring)."""

    name: ClassVar[str] = "privacy-friendly-interval-timer"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.2"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_26,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_time_launch": True,  # PrefManager IsFirstTimeLaunch
            "prefs": {"workout": 60, "rest": 30, "sets": 6, "block_time": 90, "block_sets": 1},
            "workouts": [],  # started: [workout, rest, sets, block periodization]
            "entered": {},  # the model's record: valid values typed in the live main screen
            "reset_seen": False,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(TUTORIAL)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            if not ctx.data["first_time_launch"]:
                ctx.start_activity(MAIN)
                ctx.finish()
            ctx.ui.setdefault("slide", 0)
        elif ctx.activity == MAIN:
            self._create_main(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == TUTORIAL:
            return {"slide": ctx.ui.get("slide", 0)}
        if ctx.activity == MAIN:
            # The EditTexts save their texts; the switch its state; dialogs are not kept.
            return {"fields": dict(ctx.ui["fields"]), "block": ctx.ui["block"]}
        return {}

    def _create_main(self, ctx: AppContext) -> None:
        ui = ctx.ui
        prefs = ctx.data["prefs"]
        restored = "fields" in ui
        if not restored:
            ui["fields"] = {
                rid: str(prefs[key]) if kind == "sets" else format_time(prefs[key])
                for rid, key, kind in FIELDS
            }
            entered = ctx.data["entered"]
            if any(entered.get(key, prefs[key]) != prefs[key] for _, key, _ in FIELDS):
                ctx.data["reset_seen"] = True
            ctx.data["entered"] = {}
        ui.setdefault("block", False)
        ui["errors"] = {}
        ui["drawer"] = False
        ui["block_dialog"] = False
        ui["personalize"] = False
        if ctx.data["first_time_launch"]:
            ctx.data["first_time_launch"] = False
            ui["personalize"] = True

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == TUTORIAL:
            ctx.start_activity(MAIN)
            ctx.finish()
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

    # -- handlers ----------------------------------------------------------------------------
    def _typed(self, ctx: AppContext, rid: str, key: str, kind: str, text: str) -> None:
        ctx.ui["fields"][rid] = text
        ctx.ui["errors"].pop(rid, None)
        value = parse_field(kind, text)
        if value is not None:
            ctx.data["entered"][key] = value

    def _start(self, ctx: AppContext) -> None:
        """MainActivity.onClick, case start_workout: parse the three fields."""
        ui = ctx.ui
        prefs = ctx.data["prefs"]
        values: dict[str, int] = {key: prefs[key] for _, key, _ in FIELDS}
        failed = False
        for rid, key, kind in FIELDS:
            text = ui["fields"][rid]
            if kind == "time":
                parsed = parse_time(text)
                if not TIME_PATTERN.fullmatch(text) or parsed is None:
                    ui["errors"][rid] = TIME_ERROR
                    failed = True
                else:
                    values[key] = parsed
            elif not SETS_PATTERN.fullmatch(text):
                ui["errors"][rid] = "Enter an integer"
                failed = True
            elif text and len(text) < 10:
                values[key] = int(text)
        if failed:
            return
        # 1.2 keeps the parsed values in fields of the activity only (the bug: no putInt).
        ctx.data["workouts"].append(
            [values["workout"], values["rest"], values["sets"], ui["block"]]
        )
        ctx.start_activity(WORKOUT)

    def _personalize(self, ctx: AppContext, yes: bool) -> None:
        ctx.ui["personalize"] = False
        if yes:
            ctx.start_activity(SETTINGS)

    def _drawer_item(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["drawer"] = False
        if activity == MAIN:
            return
        if activity == TUTORIAL:
            ctx.data["first_time_launch"] = True
            ctx.finish()
        ctx.start_activity(activity)

    def _toggle_block(self, ctx: AppContext) -> None:
        ctx.ui["block"] = not ctx.ui["block"]

    def _open_block_dialog(self, ctx: AppContext) -> None:
        prefs = ctx.data["prefs"]
        sets = prefs["sets"]
        block = sets - 1 if prefs["block_sets"] >= sets else prefs["block_sets"]
        prefs["block_sets"] = 1 if block <= 0 else block
        ctx.ui["block_dialog"] = True

    def _block_step(self, ctx: AppContext, what: str, delta: int) -> None:
        prefs = ctx.data["prefs"]
        if what == "block_sets":
            if delta > 0 and prefs["block_sets"] < prefs["sets"] - 1:
                prefs["block_sets"] += 1
            elif delta < 0 and prefs["block_sets"] > 1:
                prefs["block_sets"] -= 1
        elif delta > 0 and prefs["block_time"] < 300:
            prefs["block_time"] += 10
        elif delta < 0 and prefs["block_time"] > 10:
            prefs["block_time"] -= 10

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
        return Screen(
            content=w.relative_layout(
                [
                    View(
                        cls="androidx.viewpager.widget.ViewPager",
                        resource_id="view_pager",
                        children=[w.linear_layout(texts, padding=40)],
                    ),
                    w.linear_layout(
                        [w.text_view("•", width=60) for _ in SLIDES],
                        rid="layoutDots",
                        horizontal=True,
                        height=120,
                        weight=0,
                    ),
                    w.linear_layout(buttons, horizontal=True, height=140, weight=0),
                ]
            )
        )

    def _main(self, ctx: AppContext) -> Screen:
        rows: list[View] = [w.text_view("Please choose:", "main_text_title")]
        labels = (
            ("Workout Interval", "main_text_work_interval"),
            ("Rest Interval", "main_text_rest_interval"),
            ("Sets", "main_text_sets"),
        )
        for i, (label, label_rid) in enumerate(labels):
            rid, key, kind = FIELDS[i]
            rows.append(w.text_view(label, label_rid))
            rows.append(
                w.linear_layout(
                    [
                        View(cls="android.widget.Space", width=300),
                        w.edit_text(
                            rid,
                            ctx.ui["fields"][rid],
                            _text_handler(self, rid, key, kind),
                            width=480,
                        ),
                        View(cls="android.widget.Space", width=300),
                    ],
                    horizontal=True,
                    height=150,
                )
            )
            error = ctx.ui["errors"].get(rid)
            if error:
                rows.append(w.text_view(error, height=90))
        rows.append(
            w.linear_layout(
                [
                    w.switch(
                        "main_block_periodization_switch",
                        "",
                        ctx.ui["block"],
                        self._toggle_block,
                        width=200,
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
            )
        )
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
            cls="androidx.drawerlayout.widget.DrawerLayout",
            resource_id="drawer_layout",
            children=[content],
        )
        return Screen(content=root, windows=self._windows(ctx))

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["drawer"]:
            entries = [
                w.navigation_item(
                    rid,
                    title,
                    w.bind(self._drawer_item, activity),
                    checked=activity == MAIN,
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
                row(format_time(prefs["block_time"]), times, "block_time", times),
            ]

            def close(c: AppContext) -> None:
                c.ui["block_dialog"] = False

            windows.append(
                w.alert_dialog(
                    w.dialog_title("Configuration:"), body, w.dialog_buttons(("Ok", close)), close
                )
            )
        return windows


def _text_handler(app: IntervalTimer12, rid: str, key: str, kind: str) -> Any:
    """The TextWatcher-free EditText: typing only changes the field (and the model's note)."""

    def handler(ctx: AppContext, text: str) -> None:
        app._typed(ctx, rid, key, kind, text)

    return handler
