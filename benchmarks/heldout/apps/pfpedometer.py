"""Privacy Friendly Pedometer (``org.secuso.privacyfriendlyactivitytracker``) 2.4, for
privacy-friendly-pedometer#101.

Modelled from the sources at tag ``v2.4`` (commit ``d4611c7``): ``AndroidManifest.xml``,
``activities/SplashActivity.java``, ``tutorial/TutorialActivity.java``,
``activities/MainActivity.java``, ``activities/BaseActivity.java`` (the drawer),
``fragments/MainFragment.java`` (tabs and the pause/continue action),
``fragments/DailyReportFragment.java``, ``WeeklyReportFragment.java``,
``MonthlyReportFragment.java``, ``adapters/ReportAdapter.java`` (the cards and their popup
menus), ``persistence/WalkingModeDbHelper.java`` (the default walking modes),
``res/layout/activity_tutorial.xml``, ``tutorial_slide1..5.xml``, ``activity_main.xml``,
``fragment_main.xml``, ``card_activity_summary.xml``, ``card_activity_chart.xml``,
``dialog_correct_steps.xml``, ``res/menu/menu_main.xml``, ``menu_options_overview.xml``,
``menu_card_activity_summary.xml`` and ``res/values/strings.xml``; and the fix, commit
``74b4def`` ("changed TextInputLayout dependency, fixes #86", first released in 3.0.0):

- the launcher opens ``SplashActivity``, which starts the first-run ``TutorialActivity``: five
  slides ("Welcome!", "Customize", "Notifications", "Widget", "Step Detection"), page dots
  (``layoutDots``), ``Skip`` (``btn_skip``: opens the main screen) and ``Next`` (``btn_next``);
  on the last slide they read "Settings" (opens the settings) and "Okay" (opens the main
  screen); swiping turns slides;
- ``MainActivity``: toolbar (drawer toggle, "Pedometer", the "Pause step detection" /
  "Continue step detection" action), tabs Day / Week / Month over a ViewPager; each tab is a
  RecyclerView (``my_recycler_view``) of a summary card (``period`` title, ``periodSubtitle``,
  ``periodMoreButton`` ⋮, ``stepCount``, ``distanceCount``/``distanceTitle``,
  ``calorieCount``/``calorieTitle``; prev/next arrows invisible on a fresh install) and a chart
  card (``period``, ``periodSubtitle``, ``periodMoreButton``, the ``chart``). The summary card's
  ⋮ opens a PopupMenu of the walking modes ("Walking" active, "Running"); on the Day tab only,
  ``DailyReportFragment.inflateWalkingModeMenu`` adds a non-checkable "Correct steps" item. The
  chart card's ⋮ offers Steps / Distance / Calories. Tapping the Day title opens a date picker
  (max date today). The drawer: Pedometer, Training, Distance Measurement, Settings, Help,
  About.

Fixed world data: "today" is 15 January 2022 (the report's date); no steps are counted (a test
device does not walk): every count reads 0.

The bug (privacy-friendly-pedometer#101, crash): ``DailyReportFragment.onWalkingModeClicked``
(line 587) inflates ``R.layout.dialog_correct_steps`` for the "Correct steps" item, and that
layout still names the pre-AndroidX class ``android.support.design.widget.TextInputLayout``,
which the AndroidX build does not contain: ``android.view.InflateException: Binary XML file
line #25 in org.secuso.privacyfriendlyactivitytracker:layout/dialog_correct_steps: ... Error
inflating class android.support.design.widget.TextInputLayout`` caused by
``ClassNotFoundException`` (the exception texts as quoted in the duplicate #86). Every tap on
"Correct steps" crashes; the walking-mode items and the other menus do not.

Stubbed: the step counting services, charts (a plain ``LineChart``/``BarChart`` node), the
training, distance-measurement, help and about screens and the settings (titles and a few rows);
the framework frames below the app's are Android 10's as the model writes them (the report
quotes no trace; #86's is cut inside ``LayoutInflater.createView``).
"""

from __future__ import annotations

import calendar
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "org.secuso.privacyfriendlyactivitytracker"
SPLASH = ".activities.SplashActivity"
TUTORIAL = ".tutorial.TutorialActivity"
MAIN = ".activities.MainActivity"
PREFS = ".activities.PreferencesActivity"
TRAINING = ".activities.TrainingOverviewActivity"
DISTANCE = ".activities.DistanceMeasurementActivity"
HELP = ".activities.HelpActivity"
ABOUT = ".activities.AboutActivity"

SLIDES = (
    (
        "Welcome!",
        "Privacy Friendly Pedometer can count your steps in background and provides an overview "
        "about walked steps.",
    ),
    (
        "Customize",
        "To improve the calculation of the calories you have burned by walking please customize "
        "your personal settings.\nYou can switch your current walking modes using the context "
        "menu in the toolbar.\nIn the settings you can define your own walking modes with "
        "different step lengths.",
    ),
    (
        "Notifications",
        "Define custom walking modes and notifications if the achievement of your daily step "
        "goal is in danger.",
    ),
    (
        "Widget",
        "Add a widget to your homescreen to stay up to date about your walked steps.",
    ),
    (
        "Step Detection",
        "The app detects your steps based on different algorithms. On some devices you can "
        "define the sensivity of step detection in settings. In addition to that you can add "
        "steps you walked without the app or correct the stepcount on daily activity chart.\n"
        "Click on 'Preferences' to set your step size and customize your personal data.",
    ),
)
LAST_SLIDE = len(SLIDES) - 1
TABS = ("Day", "Week", "Month")
WALKING_MODES = ("Walking", "Running")  # pref_default_walking_mode_names, the first active
CORRECT_STEPS = "Correct steps"
CHART_TYPES = ("Steps", "Distance", "Calories")
DRAWER = (
    ("Pedometer", MAIN),
    ("Training", TRAINING),
    ("Distance Measurement", DISTANCE),
    ("Settings", PREFS),
    ("Help", HELP),
    ("About", ABOUT),
)
STUB_TITLES = {
    PREFS: "Settings",
    TRAINING: "Training",
    DISTANCE: "Distance Measurement",
    HELP: "Help",
    ABOUT: "About",
}
# The fixed "today" of the test device (the report's date).
YEAR, MONTH, TODAY = 2022, 1, 15
MONTH_NAME = calendar.month_name[MONTH]

LAYOUT = f"{PACKAGE}:layout/dialog_correct_steps"
MISSING = "android.support.design.widget.TextInputLayout"
APP = "org.secuso.privacyfriendlyactivitytracker"
# Android 10's frames of a PopupMenu item click, below the app's listener.
POPUP_CLICK_FRAMES = (
    f"{APP}.adapters.ReportAdapter$SummaryViewHolder.onMenuItemClick(ReportAdapter.java:490)",
    "androidx.appcompat.widget.PopupMenu$1.onMenuItemSelected(PopupMenu.java:108)",
    "androidx.appcompat.view.menu.MenuBuilder.dispatchMenuItemSelected(MenuBuilder.java:834)",
    "androidx.appcompat.view.menu.MenuItemImpl.invoke(MenuItemImpl.java:158)",
    "androidx.appcompat.view.menu.MenuBuilder.performItemAction(MenuBuilder.java:985)",
    "androidx.appcompat.view.menu.MenuPopup.onItemClick(MenuPopup.java:127)",
    "android.widget.AdapterView.performItemClick(AdapterView.java:330)",
    "android.widget.AbsListView.performItemClick(AbsListView.java:1187)",
    "android.widget.AbsListView$PerformClick.run(AbsListView.java:3158)",
    "android.widget.AbsListView$3.run(AbsListView.java:4097)",
    "android.os.Handler.handleCallback(Handler.java:883)",
    "android.os.Handler.dispatchMessage(Handler.java:100)",
    "android.os.Looper.loop(Looper.java:214)",
    "android.app.ActivityThread.main(ActivityThread.java:7356)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:492)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:930)",
)
INFLATE_FRAMES = (
    "android.view.LayoutInflater.createView(LayoutInflater.java:854)",
    "android.view.LayoutInflater.createViewFromTag(LayoutInflater.java:1006)",
    "android.view.LayoutInflater.createViewFromTag(LayoutInflater.java:961)",
    "android.view.LayoutInflater.rInflate(LayoutInflater.java:1123)",
    "android.view.LayoutInflater.rInflateChildren(LayoutInflater.java:1084)",
    "android.view.LayoutInflater.inflate(LayoutInflater.java:682)",
    "android.view.LayoutInflater.inflate(LayoutInflater.java:534)",
    "android.view.LayoutInflater.inflate(LayoutInflater.java:481)",
    f"{APP}.fragments.DailyReportFragment.onWalkingModeClicked(DailyReportFragment.java:587)",
    *POPUP_CLICK_FRAMES,
)


def _inflate_correct_steps_dialog() -> JavaException:
    """``inflater.inflate(R.layout.dialog_correct_steps, null)`` in 2.4: the layout's line 25
    names a support-library class the AndroidX build lacks."""
    line = f"Binary XML file line #25 in {LAYOUT}"
    missing = JavaException(
        "java.lang.ClassNotFoundException",
        MISSING,
        frames=[
            "java.lang.Class.classForName(Native Method)",
            "java.lang.Class.forName(Class.java:454)",
            *INFLATE_FRAMES,
        ],
    )
    inner = JavaException(
        "android.view.InflateException",
        f"{line}: Error inflating class {MISSING}",
        frames=list(INFLATE_FRAMES[2:]),
        cause=missing,
    )
    return JavaException(
        "android.view.InflateException",
        f"{line}: {line}: Error inflating class {MISSING}",
        frames=list(INFLATE_FRAMES[3:]),
        cause=inner,
    )


def _crashed_on_correct_steps(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #101: the app crashed inflating the "Correct steps" dialog."""
    return crashed(system, PACKAGE, "android.view.InflateException", "dialog_correct_steps")


BUG_101 = BugSpec(
    bug_id="privacy-friendly-pedometer#101",
    kind="crash",
    title="Crash when trying to edit steps amount",
    oracle=_crashed_on_correct_steps,
    human_steps=(
        click(PACKAGE, "btn_skip", "Skip", cls="android.widget.Button"),
        click(PACKAGE, "periodMoreButton", cls="android.widget.ImageButton"),
        click(PACKAGE, "title", CORRECT_STEPS, cls="android.widget.TextView"),
    ),
)


class PrivacyFriendlyPedometer24(VirtualApp):
    """Privacy Friendly Pedometer 2.4 (see the module docstring)."""

    name: ClassVar[str] = "privacy-friendly-pedometer"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Pedometer"
    version: ClassVar[str] = "2.4"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_101,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_time_launch": True,
            "step_counter_enabled": True,
            "active_mode": WALKING_MODES[0],
            "corrections": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SPLASH:
            ctx.start_activity(TUTORIAL)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            if not ctx.data["first_time_launch"]:
                ctx.start_activity(MAIN)
                ctx.finish()
                return
            ui.setdefault("page", 0)
        elif ctx.activity == MAIN:
            ui.setdefault("tab", 0)
            ui.setdefault("menu", None)  # [tab, "summary" | "chart"] of an open card menu
            ui.setdefault("drawer", False)
            ui.setdefault("picker", None)  # the date picker's selected day, when open
            ui.setdefault("day", TODAY)  # the day the Day tab shows
            ui.setdefault("chart_type", [0, 0, 0])

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        keep = ("page", "tab", "day", "chart_type")
        return {k: v for k, v in ctx.ui.items() if k in keep}

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        ui = ctx.ui
        if ctx.activity == TUTORIAL:
            return w.pager_swipe(ui, "page", len(SLIDES), direction)
        if ctx.activity == MAIN and not ui["menu"] and ui["picker"] is None:
            if direction == "right" and ui["tab"] == 0 and not ui["drawer"]:
                ui["drawer"] = True
                return True
            if not ui["drawer"]:
                return w.pager_swipe(ui, "tab", len(TABS), direction)
        return False

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        if ctx.ui["picker"] is not None:
            ctx.ui["picker"] = None
            return True
        return w.dismiss(ctx.ui, "menu", None) or w.dismiss(ctx.ui, "drawer")

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._render_tutorial(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity in STUB_TITLES:
            return self._render_stub(ctx)
        return Screen(content=w.frame_layout())  # the splash, for a frame

    def _render_tutorial(self, ctx: AppContext) -> Screen:
        page_no = ctx.ui["page"]
        heading, text = SLIDES[page_no]
        body = [w.text_view(heading, height=180), w.image_view(height=450)]
        body += [w.text_view(t, height=220) for t in text.split("\n")]
        page = w.relative_layout([w.linear_layout(body)])
        dots = w.linear_layout(
            [w.text_view("•", width=60, selected=i == page_no) for i in range(len(SLIDES))],
            rid="layoutDots",
            horizontal=True,
        )
        last = page_no == LAST_SLIDE
        skip = w.button("btn_skip", "Settings" if last else "Skip", self._skip, width=300)
        advance = w.button("btn_next", "Okay" if last else "Next", self._next, width=300)
        content = w.intro_pager(
            page,
            skip=skip,
            indicator=dots,
            advance=advance,
            root_cls="android.widget.RelativeLayout",
        )
        return Screen(content=content)

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        enabled = ctx.data["step_counter_enabled"]
        action = (
            w.action_item("menu_pause_step_detection", "Pause step detection", self._pause)
            if enabled
            else w.action_item(
                "menu_continue_step_detection", "Continue step detection", self._continue
            )
        )
        bar = w.toolbar(
            "Pedometer",
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=[action],
        )
        tab_bar = w.tabs(TABS, ui["tab"], self._select_tab)
        cards = self._cards(ctx, ui["tab"])
        recycler = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="my_recycler_view",
            children=cards,
        )
        pager = View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="pager",
            children=[w.relative_layout([recycler])],
        )
        frame = w.frame_layout([w.linear_layout([tab_bar, pager])], rid="content_frame")
        content = w.linear_layout(
            [
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="main_content",
                    children=[bar, frame],
                )
            ]
        )
        drawer = None
        if ui["drawer"]:
            drawer = View(
                cls="com.google.android.material.navigation.NavigationView",
                resource_id="nav_view",
                width=800,
                children=[
                    w.linear_layout(
                        [w.image_view("imageView", height=120), w.text_view("Pedometer")],
                        height=300,
                    ),
                    *[
                        w.drawer_entry(t, w.bind(self._drawer_item, a), checked=a == MAIN)
                        for t, a in DRAWER
                    ],
                ],
            )
        root = w.drawer_layout(content, drawer)
        return Screen(content=View(layout=FRAME, children=[root]), windows=self._windows(ctx))

    def _cards(self, ctx: AppContext, tab: int) -> list[View]:
        ui = ctx.ui
        if tab == 0:
            title = f"{ui['day']:02d}. {MONTH_NAME}"
        elif tab == 1:
            title = f"10. - 16. {MONTH_NAME}"
        else:
            title = f"{MONTH_NAME} {YEAR % 100:02d}"
        period: View = w.text_view(title, "period", height=120)
        if tab == 0:
            period = w.text_view(title, "period", height=120, on_click=self._open_picker)
        summary = View(
            cls="androidx.cardview.widget.CardView",
            resource_id="card_view",
            children=[
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.relative_layout(
                                    [
                                        period,
                                        w.text_view(
                                            "Summary of activities", "periodSubtitle", height=80
                                        ),
                                    ]
                                ),
                                w.image_button(
                                    "periodMoreButton",
                                    handler=w.bind(self._open_menu, tab, "summary"),
                                    width=126,
                                ),
                            ],
                            horizontal=True,
                            height=200,
                        ),
                        w.relative_layout(
                            [
                                w.text_view("0", "stepCount", width=400),
                                w.text_view("Steps", "stepTitle", width=300),
                                w.image_view("stepIcon", width=130),
                            ],
                            layout=HORIZONTAL,
                            height=180,
                        ),
                        w.linear_layout(
                            [
                                w.relative_layout(
                                    [
                                        w.image_view("distanceIcon", width=63),
                                        w.text_view("0.00", "distanceCount", width=200),
                                        w.text_view("m", "distanceTitle", width=120),
                                    ],
                                    layout=HORIZONTAL,
                                ),
                                w.relative_layout(
                                    [
                                        w.image_view("calorieIcon", width=63),
                                        w.text_view("0.00", "calorieCount", width=200),
                                        w.text_view("cal", "calorieTitle", width=120),
                                    ],
                                    layout=HORIZONTAL,
                                ),
                            ],
                            horizontal=True,
                            height=100,
                        ),
                    ]
                )
            ],
        )
        chart_cls = "com.github.mikephil.charting.charts." + (
            "LineChart" if tab == 0 else "CombinedChart"
        )
        chart = View(
            cls="androidx.cardview.widget.CardView",
            resource_id="card_view",
            children=[
                w.linear_layout(
                    [
                        w.relative_layout(
                            [
                                w.linear_layout(
                                    [
                                        w.text_view(title, "period", height=120),
                                        w.text_view(
                                            "Detailed summary of your activities",
                                            "periodSubtitle",
                                            height=80,
                                        ),
                                    ]
                                ),
                                w.image_button(
                                    "periodMoreButton",
                                    handler=w.bind(self._open_menu, tab, "chart"),
                                    width=126,
                                    height=120,
                                ),
                            ],
                            layout=HORIZONTAL,
                            height=200,
                        ),
                        View(cls=chart_cls, resource_id="chart", height=500),
                    ]
                )
            ],
        )
        return [w.linear_layout([summary]), w.linear_layout([chart])]

    def _menu_row(self, title: str, handler: Any, checked: bool | None) -> View:
        """A PopupMenu row (AppCompat's ListMenuItemView): the title, and a RadioButton for an
        item of an exclusive checkable group."""
        children = [w.text_view(title, "title", height=126)]
        if checked is not None:
            children.append(w.radio_button("radio", "", checked, width=100))
        return View(
            cls="android.widget.LinearLayout",
            layout=HORIZONTAL,
            on_click=handler,
            height=126,
            children=children,
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["menu"]:
            tab, card = ui["menu"]
            rows: list[View]
            if card == "summary":
                rows = [
                    self._menu_row(m, w.bind(self._walking_mode, m), m == ctx.data["active_mode"])
                    for m in WALKING_MODES
                ]
                if tab == 0:  # DailyReportFragment.inflateWalkingModeMenu only
                    rows.append(self._menu_row(CORRECT_STEPS, self._correct_steps, None))
            else:
                rows = [
                    self._menu_row(t, w.bind(self._chart_type, tab, i), ui["chart_type"][tab] == i)
                    for i, t in enumerate(CHART_TYPES)
                ]
            listing = View(cls="android.widget.ListView", weight=0, children=rows)
            top = 560 if card == "summary" else 1100
            bounds = (560, top, 1050, top + 126 * len(rows))
            windows.append(
                Window(
                    root=listing,
                    kind="menu",
                    on_dismiss=lambda c: c.ui.update(menu=None),
                    bounds=bounds,
                )
            )
        if ui["picker"] is not None:
            windows.append(
                w.date_picker_dialog(
                    YEAR,
                    MONTH,
                    ui["picker"],
                    self._pick_day,
                    lambda c, delta: None,  # min date = first entry, max date = today
                    self._picker_ok,
                    lambda c: c.ui.update(picker=None),
                )
            )
        return windows

    def _render_stub(self, ctx: AppContext) -> Screen:
        title = STUB_TITLES[ctx.activity]
        bar = w.toolbar(title, navigation=w.up_button())
        rows: list[View]
        if ctx.activity == PREFS:
            rows = [
                w.preference("General", "", None),
                w.preference("Notifications", "", None),
                w.preference("Walking modes", "", None),
            ]
        else:
            rows = [w.text_view(f"{title} (not modelled)", height=300)]
        return Screen(content=w.linear_layout([bar, *rows]))

    # -- handlers ----------------------------------------------------------------------------
    def _home(self, ctx: AppContext, target: str) -> None:
        ctx.data["first_time_launch"] = False  # PrefManager.setFirstTimeLaunch(false)
        ctx.start_activity(target)
        ctx.finish()

    def _skip(self, ctx: AppContext) -> None:
        self._home(ctx, PREFS if ctx.ui["page"] == LAST_SLIDE else MAIN)

    def _next(self, ctx: AppContext) -> None:
        if ctx.ui["page"] < LAST_SLIDE:
            ctx.ui["page"] += 1
        else:
            self._home(ctx, MAIN)

    def _pause(self, ctx: AppContext) -> None:
        ctx.data["step_counter_enabled"] = False

    def _continue(self, ctx: AppContext) -> None:
        ctx.data["step_counter_enabled"] = True

    def _select_tab(self, ctx: AppContext, i: int) -> None:
        ctx.ui["tab"] = i

    def _drawer_item(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["drawer"] = False
        if activity != MAIN:
            ctx.start_activity(activity)

    def _open_menu(self, ctx: AppContext, tab: int, card: str) -> None:
        ctx.ui["menu"] = [tab, card]

    def _walking_mode(self, ctx: AppContext, mode: str) -> None:
        ctx.ui["menu"] = None
        ctx.data["active_mode"] = mode  # WalkingModePersistenceHelper.setActiveMode

    def _chart_type(self, ctx: AppContext, tab: int, i: int) -> None:
        ctx.ui["menu"] = None
        ctx.ui["chart_type"][tab] = i

    def _correct_steps(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        # DailyReportFragment.onWalkingModeClicked: inflate R.layout.dialog_correct_steps
        raise _inflate_correct_steps_dialog()

    def _open_picker(self, ctx: AppContext) -> None:
        ctx.ui["picker"] = ctx.ui["day"]

    def _pick_day(self, ctx: AppContext, day: int) -> None:
        if day <= TODAY:  # setMaxDate(today)
            ctx.ui["picker"] = day

    def _picker_ok(self, ctx: AppContext) -> None:
        ctx.ui["day"] = ctx.ui["picker"]
        ctx.ui["picker"] = None


_SKIP = click(PACKAGE, "btn_skip", "Skip", cls="android.widget.Button")
_SUMMARY_MORE = click(PACKAGE, "periodMoreButton", cls="android.widget.ImageButton")
_CHART_MORE = click(
    PACKAGE, "periodMoreButton", cls="android.widget.ImageButton", bounds=[954, 1065, 1080, 1185]
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG_101.bug_id: [
        # the neighbouring item of the same menu: a walking mode
        [_SKIP, _SUMMARY_MORE, click(PACKAGE, "title", "Running", cls="android.widget.TextView")],
        # the Week tab's summary menu (walking modes only, no "Correct steps")
        [
            _SKIP,
            click(PACKAGE, text="Week", cls="android.widget.TextView"),
            _SUMMARY_MORE,
            click(PACKAGE, "title", "Running", cls="android.widget.TextView"),
        ],
        # the chart card's menu instead of the summary card's
        [_SKIP, _CHART_MORE, click(PACKAGE, "title", "Steps", cls="android.widget.TextView")],
        # the menu opened and closed again
        [_SKIP, _SUMMARY_MORE, {"kind": "press_back"}],
    ],
}
