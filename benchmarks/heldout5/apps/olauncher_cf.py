"""Olauncher Clutter Free (``app.olaunchercf``, the GitHub repository OlauncherCF/OlauncherCF)
v1.5.0 (versionCode 27), a minimal text-only home-screen launcher, for bugs OlauncherCF#241
and OlauncherCF#251.

Sources read at tag ``v1.5.0`` (commit a0aefd4, "chore: version number", 2022-12-16, the
reporter's version): ``MainActivity.kt``, ``ui/HomeFragment.kt``, ``ui/SettingsFragment.kt``,
``ui/compose/SettingsComposable.kt``, ``listener/OnSwipeTouchListener.kt``, ``data/Prefs.kt``
(defaults), ``data/Constants.kt`` (the ``Action`` values and their strings), ``MainViewModel.kt``,
``ui/AppDrawerFragment.kt``, the layouts ``fragment_home``, ``fragment_settings``,
``fragment_app_drawer``, ``adapter_app_drawer`` and ``values/strings.xml``; and
the fixes: commit 68eb680 ("fix: #251", 2022-12-24), ``DOUBLE_TAP = "DOUBLE_TAP"`` in
``Prefs.kt``; commit 8129ded ("fix: crash on double tap gesture", 2022-12-21), which wraps
``HomeFragment.showAppList``'s navigation in ``lifecycleScope.launch`` (back on the main
thread).

Bug OlauncherCF#241 (crash). ``OnSwipeTouchListener.onDoubleTap`` does not call
``onDoubleClick`` itself: it schedules it on a ``java.util.Timer`` (300 ms, so a third tap can
make it a triple tap), so the double-tap action runs on the thread "Timer-0", not on the main
thread. With the "Double Tap" gesture set to "Show App List", ``handleOtherAction`` calls
``showAppList``, whose ``findNavController().navigate(...)`` off the main thread throws an
``IllegalStateException`` from the lifecycle's main-thread check; the ``catch`` block navigates
again, which throws again, uncaught, and the process dies. The swipe gestures run
``handleOtherAction`` on the main thread (``onFling``), so "Show App List" set on a swipe works;
the other double-tap actions (the default "Lock Screen", "Open App" and the system actions)
do not navigate and do not crash. The report has no stack trace: the exception
(``java.lang.IllegalStateException: Method addObserver must be called on the main thread``,
navigation 2.5.2's ``NavBackStackEntry.updateState`` attaching its saved-state registry) is
derived from the libraries the app used; the app frames and lines are those of v1.5.0, the
library frames' lines are the model's. The oracle: the app crashed with that exception and
message (only ``HomeFragment.showAppList`` on the Timer thread throws it in the model).

Bug OlauncherCF#251 (non-crash). ``Prefs.kt`` declares ``private const val DOUBLE_TAP =
"CLICK_DATE"`` (copied from ``CLICK_DATE``), so ``appDoubleTap`` and ``appClickDate`` load and
store the same preferences (``APP_NAME_CLICK_DATE``...). Picking an app for "Double Tap" (its
row set to "Open App", then an app in the drawer opened with ``SetDoubleTap``) overwrites the app
of "Click on Date", and the other way round: both gestures open the last app picked. The
settings show it: the "Click on Date" row reads "Open <the double-tap app>" (the "Double Tap" row
always shows ``appClickDate``'s label, a second slip of ``SettingsFragment``). The oracle: two
different apps were picked for the two gestures, yet their stored apps are the same.

Screens: the home screen (``mainLayout``: the full-screen ``touchArea`` taking taps, long
presses and swipes; ``dateTimeLayout`` with the ``clock`` and ``date`` TextClocks; the 4 empty
home-app TextViews of ``homeAppsLayout`` (numeric ids, no resource names); on a fresh install the
``firstRunTips`` "Swipe up for all apps" / "Long press anywhere for settings", then, after the
settings were opened once, ``setDefaultLauncher``). A long press on the home screen opens the
settings (a Compose screen in ``scrollView``, no resource ids): the header "Olauncher Clutter
Free" with the info icon, "Hidden apps", "Set as default launcher", then the areas Appearance,
Homescreen, Alignment and Gestures, each row a title and a button showing its value; a tap on a
value button replaces the row by a horizontal list of its values (only one row open at a time),
toggles flip "On"/"Off", number rows show "-", the number, "+" and "Save". Back returns to the
home screen. A swipe up (or "Show App List" on the main thread) opens the app drawer (the
SearchView ``search`` with its field ``search_src_text``, hint "__", the first-run tip
``appDrawerTip``, the ``recyclerView`` rows ``appTitle``); "Open App" chosen for a gesture opens
it to pick that gesture's app (a tap stores it and returns to the settings). Fixed data: the
installed apps Calculator, Camera, Clock, Files, Phone, Settings.

Two taps in a row on the home screen (no other action between) stand for a double tap; the
action runs at the second tap (the real app waits 300 ms for a third). Stubbed: launching other
apps, opening the notification shade, quick settings, recents and the accessibility settings
(the "Lock Screen" path without the accessibility service) leave the launcher unchanged; the
info icon, "Hidden apps" and "Set as default launcher" do nothing; number rows keep their value;
the home-app slots only show the "Long press to select app" toast; the drawer's long-press row
menu (hide, rename, app info) and its keyboard are left out.
Fixed data: the clock shows "10:00", the date "Sun, 6 Dec" (its format is the model's).
Uncertain: the widths of the value buttons in the horizontal selector (where it is clipped), the
exact exception message and library frames of #241.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, long_click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

PACKAGE = "app.olaunchercf"
MAIN = ".MainActivity"
HOME_FRAGMENT = f"{PACKAGE}.ui.HomeFragment"
COMPOSE = "android.view.View"
APPS = ("Calculator", "Camera", "Clock", "Files", "Phone", "Settings")
ACTIONS = (
    ("Disabled", "Disabled"),
    ("OpenApp", "Open App"),
    ("LockScreen", "Lock Screen"),
    ("ShowAppList", "Show App List"),
    ("OpenQuickSettings", "Quick Settings"),
    ("ShowRecents", "Show Recents"),
    ("ShowNotification", "Show Notification"),
)
ACTION_TEXT = dict(ACTIONS)
# Gestures: (action pref, title, default action, the app's label when none is set).
GESTURES = (
    ("swipeLeftAction", "Swipe left", "OpenApp", "Camera"),
    ("swipeRightAction", "Swipe right", "OpenApp", "Phone"),
    ("swipeDownAction", "Swipe down", "ShowNotification", ""),
    ("clickClockAction", "Click on Clock", "OpenApp", "Clock"),
    ("clickDateAction", "Click on Date", "OpenApp", "Calendar"),
    ("doubleTapAction", "Double Tap", "LockScreen", ""),
)
# Each gesture's AppDrawerFlag and the Prefs id its app is stored under (``loadApp(id)``).
FLAGS = {
    "swipeLeftAction": "SetSwipeLeft",
    "swipeRightAction": "SetSwipeRight",
    "swipeDownAction": "SetSwipeDown",
    "clickClockAction": "SetClickClock",
    "clickDateAction": "SetClickDate",
    "doubleTapAction": "SetDoubleTap",
}
APP_IDS = {
    "SetSwipeLeft": "SWIPE_LEFT",
    "SetSwipeRight": "SWIPE_RIGHT",
    "SetSwipeDown": "SWIPE_DOWN",
    "SetClickClock": "CLICK_CLOCK",
    "SetClickDate": "CLICK_DATE",
    "SetDoubleTap": "CLICK_DATE",  # the bug of #251: DOUBLE_TAP = "CLICK_DATE"
}
GRAVITY = ("Left", "Center", "Right")
ENUM_ITEMS = {
    "appTheme": ("System", "Light", "Dark"),
    "language": ("System", "English"),
    "homeAlignment": GRAVITY,
    "clockAlignment": GRAVITY,
    "drawerAlignment": GRAVITY,
}
# Areas: (title, rows); a row is (kind, pref key, title).
AREAS = (
    (
        "Appearance",
        (
            ("toggle", "autoShowKeyboard", "Auto show keyboard"),
            ("toggle", "showStatusBar", "Show status bar"),
            ("enum", "appTheme", "Theme mode"),
            ("enum", "language", "Interface Language"),
            ("number", "textSize", "Text Size"),
        ),
    ),
    (
        "Homescreen",
        (
            ("number", "homeAppsNum", "Number of shortcuts"),
            ("toggle", "showTime", "Show time"),
            ("toggle", "showDate", "Show date"),
            ("toggle", "homeLocked", "Lock Apps"),
            ("toggle", "extendHomeAppsArea", "Extend clickable area on home apps"),
        ),
    ),
    (
        "Alignment",
        (
            ("enum", "homeAlignment", "Apps home screen"),
            ("toggle", "homeAlignmentBottom", "Apps home screen bottom"),
            ("enum", "clockAlignment", "Clock and date"),
            ("enum", "drawerAlignment", "Apps in app drawer"),
        ),
    ),
    ("Gestures", tuple(("gesture", key, title) for key, title, _, _ in GESTURES)),
)


def _compose_row(children: list[View], height: int = 130) -> View:
    """A Compose row (a ConstraintLayout or Row): no class name of its own in the tree."""
    return View(cls=COMPOSE, layout=HORIZONTAL, height=height, children=children)


def _timer_crash() -> JavaException:
    """The second ``navigate`` of ``showAppList`` (its ``catch`` block) on the Timer thread."""
    return JavaException(
        "java.lang.IllegalStateException",
        "Method addObserver must be called on the main thread",
        frames=[
            "androidx.lifecycle.LifecycleRegistry.enforceMainThreadIfNeeded"
            "(LifecycleRegistry.java:317)",
            "androidx.lifecycle.LifecycleRegistry.addObserver(LifecycleRegistry.java:172)",
            "androidx.savedstate.SavedStateRegistryController.performAttach"
            "(SavedStateRegistryController.kt:49)",
            "androidx.navigation.NavBackStackEntry.updateState(NavBackStackEntry.kt:189)",
            "androidx.navigation.NavBackStackEntry.setMaxLifecycle(NavBackStackEntry.kt:160)",
            "androidx.navigation.NavController.updateBackStackLifecycle$navigation_runtime_release"
            "(NavController.kt:1088)",
            "androidx.navigation.NavController.navigate(NavController.kt:1834)",
            "androidx.navigation.NavController.navigate(NavController.kt:1584)",
            "androidx.navigation.NavController.navigate(NavController.kt:1522)",
            f"{HOME_FRAGMENT}.showAppList(HomeFragment.kt:180)",
            f"{HOME_FRAGMENT}.handleOtherAction(HomeFragment.kt:243)",
            f"{HOME_FRAGMENT}.access$handleOtherAction(HomeFragment.kt:33)",
            f"{HOME_FRAGMENT}$getHomeScreenGestureListener$1.onDoubleClick(HomeFragment.kt:323)",
            f"{PACKAGE}.listener.OnSwipeTouchListener$GestureListener$onDoubleTap$$inlined"
            "$schedule$1.run(Timer.kt:149)",
            "java.util.TimerThread.mainLoop(Timer.java:562)",
            "java.util.TimerThread.run(Timer.java:512)",
        ],
        thread="Timer-0",
    )


def double_tap_app_list_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #241: the double-tap "Show App List" navigation crashed off the main
    thread."""
    return crashed(
        system,
        PACKAGE,
        "java.lang.IllegalStateException",
        "must be called on the main thread",
    )


def date_app_overwritten(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #251: different apps were picked for "Click on Date" and "Double Tap",
    yet the stored apps of the two gestures are one and the same (one pick overwrote the
    other)."""
    picked, stored = data["picked"], data["prefs"]["gestureApps"]
    date, double = picked.get("SetClickDate"), picked.get("SetDoubleTap")
    return (
        bool(date and double)
        and date != double
        and (
            stored.get(APP_IDS["SetClickDate"]) != date
            or stored.get(APP_IDS["SetDoubleTap"]) != double
        )
    )


OPEN_SETTINGS = long_click(PACKAGE, "touchArea")
TAP_HOME = click(PACKAGE, "touchArea")
SCROLL_SETTINGS = {"kind": "swipe", "direction": "up"}
OPEN_DOUBLE_TAP = click(PACKAGE, text="Lock Screen", cls="android.widget.Button")
PICK_APP_LIST = click(PACKAGE, text="Show App List", cls="android.widget.Button")
BACK = {"kind": "press_back"}
SET_DOUBLE_TAP = (
    OPEN_SETTINGS,
    SCROLL_SETTINGS,
    SCROLL_SETTINGS,
    OPEN_DOUBLE_TAP,
    PICK_APP_LIST,
    BACK,
)
STEPS_241 = (*SET_DOUBLE_TAP, TAP_HOME, TAP_HOME)
OPEN_APP = click(PACKAGE, text="Open App", cls="android.widget.Button")


def pick(app: str) -> dict[str, Any]:
    """A tap on ``app`` in the app drawer."""
    return click(PACKAGE, "appTitle", app)


SCROLLED_SETTINGS = (OPEN_SETTINGS, SCROLL_SETTINGS, SCROLL_SETTINGS)
DATE_APP = (click(PACKAGE, text="Open Calendar", cls="android.widget.Button"), OPEN_APP)
DOUBLE_TAP_APP = (OPEN_DOUBLE_TAP, OPEN_APP)
STEPS_251 = (*SCROLLED_SETTINGS, *DATE_APP, pick("Calculator"), *DOUBLE_TAP_APP, pick("Camera"))


class OlauncherCF(VirtualApp):
    """Olauncher Clutter Free v1.5.0: "Show App List" on a double tap crashes (#241); the
    double-tap and click-on-date apps share one preference (#251)."""

    name: ClassVar[str] = "OlauncherCF"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Olauncher Clutter Free"
    version: ClassVar[str] = "1.5.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "OlauncherCF#241",
            "crash",
            "Crash on Double Tap gesture",
            double_tap_app_list_crash,
            human_steps=STEPS_241,
        ),
        BugSpec(
            "OlauncherCF#251",
            "non-crash",
            'double-tap and click on date synced when "open app" selected',
            date_app_overwritten,
            human_steps=STEPS_251,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        prefs: dict[str, Any] = {key: default for key, _, default, _ in GESTURES}
        prefs.update(
            autoShowKeyboard=True,
            showStatusBar=False,
            appTheme="System",
            language="English",
            textSize=18,
            homeAppsNum=4,
            showTime=True,
            showDate=True,
            homeLocked=False,
            extendHomeAppsArea=False,
            homeAlignment="Left",
            homeAlignmentBottom=False,
            clockAlignment="Left",
            drawerAlignment="Right",
            firstSettingsOpen=True,
        )
        prefs.update(firstOpen=True, gestureApps={})
        return {"prefs": prefs, "apps": list(APPS), "launched": [], "picked": {}}

    # -- navigation (one NavHost: home, settings, app drawer) ----------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", ["home"])
        ctx.ui.setdefault("taps", 0)
        if ctx.data["prefs"]["firstOpen"]:  # MainActivity: viewModel.firstOpen(true)
            ctx.data["prefs"]["firstOpen"] = False
            ctx.ui["first_open"] = True

    def navigate(self, ctx: AppContext, dest: str) -> None:
        ctx.ui["stack"].append(dest)
        ctx.ui.update(taps=0, selected="")

    def on_back(self, ctx: AppContext) -> bool:
        # MainActivity.onBackPressed: nothing on the home destination.
        if len(ctx.ui["stack"]) > 1:
            ctx.ui["stack"].pop()
        ctx.ui.update(taps=0, selected="")
        return True

    # -- home ----------------------------------------------------------------------------------
    def handle_action(self, ctx: AppContext, action: str, app: str, on_main: bool) -> None:
        """``HomeFragment.handleOtherAction`` (and the OpenApp paths)."""
        if action == "ShowAppList":
            if not on_main:
                raise _timer_crash()
            self.navigate(ctx, "drawer")
        elif action == "OpenApp":
            ctx.data["launched"].append(app)  # another app: stubbed
        elif action != "Disabled":
            ctx.log("Olauncher", f"system action {action} (stubbed)")

    def gesture(self, ctx: AppContext, key: str, on_main: bool = True) -> None:
        fallback = {k: app for k, _, _, app in GESTURES}[key]
        app = ctx.data["prefs"]["gestureApps"].get(APP_IDS[FLAGS[key]], "") or fallback
        self.handle_action(ctx, ctx.data["prefs"][key], app, on_main)

    def tap_home(self, ctx: AppContext) -> None:
        ctx.ui["taps"] += 1
        if ctx.ui["taps"] == 2:  # GestureDetector.onDoubleTap, then the Timer's onDoubleClick
            ctx.ui["taps"] = 0
            self.gesture(ctx, "doubleTapAction", on_main=False)

    def tap_home_app(self, ctx: AppContext) -> None:
        ctx.ui["taps"] = 0  # its own touch listener: not a tap of the home screen's detector
        ctx.toast("Long press to select app")  # homeAppClicked on an empty slot

    def long_press_home(self, ctx: AppContext) -> None:
        ctx.ui.update(taps=0, first_open=False)  # onLongClick: viewModel.firstOpen(false)
        self.navigate(ctx, "settings")
        ctx.data["prefs"]["firstSettingsOpen"] = False  # SettingsFragment.onViewCreated

    def click_clock(self, ctx: AppContext, key: str) -> None:
        ctx.ui["taps"] = 0
        self.gesture(ctx, key)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.ui["stack"][-1] != "home":
            return False
        ctx.ui["taps"] = 0
        if direction == "up":
            self.navigate(ctx, "drawer")  # onSwipeUp: always the app list, on the main thread
        else:
            self.gesture(
                ctx,
                {"left": "swipeLeftAction", "right": "swipeRightAction"}.get(
                    direction, "swipeDownAction"
                ),
            )
        return True

    def render_home(self, ctx: AppContext) -> View:
        prefs = ctx.data["prefs"]
        tips = prefs["firstSettingsOpen"]
        clock = [
            w.text_view("10:00", "clock", on_click=w.bind(self.click_clock, "clickClockAction"))
        ]
        if prefs["showDate"]:
            clock.append(
                w.text_view(
                    "Sun, 6 Dec", "date", on_click=w.bind(self.click_clock, "clickDateAction")
                )
            )
        if not prefs["showTime"]:
            clock.pop(0)
        apps = [
            w.text_view("", on_click=self.tap_home_app, height=120)
            for _ in range(prefs["homeAppsNum"])
        ]
        column = [
            w.linear_layout(clock, rid="dateTimeLayout", weight=0, padding=60),
            w.linear_layout(apps, rid="homeAppsLayout"),
        ]
        if tips:
            column.append(
                w.linear_layout(
                    [
                        w.text_view("Swipe up for all apps"),
                        w.text_view("Long press anywhere for settings"),
                    ],
                    rid="firstRunTips",
                    weight=0,
                )
            )
        else:
            column.append(w.text_view("Set as default launcher", "setDefaultLauncher"))
        touch = w.frame_layout(
            rid="touchArea", on_click=self.tap_home, on_long_click=self.long_press_home
        )
        return w.frame_layout([touch, w.linear_layout(column)], rid="mainLayout", layout=FRAME)

    # -- settings (Compose) --------------------------------------------------------------------
    def select(self, ctx: AppContext, row: str) -> None:
        ctx.ui["selected"] = row

    def set_pref(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui["selected"] = ""
        ctx.data["prefs"][key] = value
        if key.endswith("Action") and value == "OpenApp":
            self.navigate(ctx, f"drawer:{FLAGS[key]}")  # updateGesture: pick the app

    def value_text(self, prefs: dict[str, Any], kind: str, key: str) -> str:
        value = prefs[key]
        if kind == "toggle":
            return "On" if value else "Off"
        if kind == "gesture":
            # SettingsGestureItem: "Open $appLabel"; the Double Tap row shows appClickDate's.
            if value != "OpenApp":
                return ACTION_TEXT[value]
            apps = prefs["gestureApps"]
            if key == "doubleTapAction":
                return "Open " + apps.get("CLICK_DATE", "")
            fallback = {k: app for k, _, _, app in GESTURES}[key]
            return "Open " + (apps.get(APP_IDS[FLAGS[key]], "") or fallback)
        return str(value)

    def settings_row(self, ctx: AppContext, row_id: str, kind: str, key: str, title: str) -> View:
        prefs = ctx.data["prefs"]
        if ctx.ui.get("selected") == row_id and kind in ("gesture", "enum"):
            values = ACTIONS if kind == "gesture" else [(v, v) for v in ENUM_ITEMS[key]]
            buttons = [
                w.button(
                    text=text, handler=w.bind(self.set_pref, key, value), width=len(text) * 24 + 96
                )
                for value, text in values
            ]
            row = _compose_row(buttons)  # the LazyRow of SettingsSelector
            row.scrollable, row.scroll_key = True, "selector_scroll"
            return row
        if ctx.ui.get("selected") == row_id and kind == "number":
            keep = lambda c: c.ui.update(selected="")  # noqa: E731
            return _compose_row(
                [
                    w.button(text="-", width=150),
                    w.text_view(str(prefs[key]), width=150),
                    w.button(text="+", width=150),
                    w.button(text="Save", handler=keep, width=240),
                ],
                130,
            )
        if kind == "toggle":
            handler = lambda c: self.set_pref(c, key, not prefs[key])  # noqa: E731
        else:
            handler = w.bind(self.select, row_id)
        return _compose_row(
            [
                w.text_view(title),
                w.button(text=self.value_text(prefs, kind, key), handler=handler, width=420),
            ],
            130,
        )

    def render_settings(self, ctx: AppContext) -> View:
        rows: list[View] = [
            _compose_row(
                [
                    w.text_view("Olauncher Clutter Free"),
                    w.image_view(handler=lambda c: None, width=42, height=42),
                ],
                110,
            ),
            w.button(text="Hidden apps"),
            w.button(text="Set as default launcher"),
        ]
        for area, items in AREAS:
            rows.append(w.text_view(area, height=110))
            for i, (kind, key, title) in enumerate(items):
                rows.append(self.settings_row(ctx, f"{area}-{i}", kind, key, title))
        rows.append(w.text_view("Version: v1.5.0", height=100))
        content = View(cls=COMPOSE, scrollable=True, scroll_key="settings_scroll", children=rows)
        compose = View(
            cls="androidx.compose.ui.platform.ComposeView",
            resource_id="testView",
            children=[content],
        )
        return w.scroll_view([w.linear_layout([compose], rid="scrollLayout")], rid="scrollView")

    # -- app drawer -----------------------------------------------------------------------------
    def pick_app(self, ctx: AppContext, flag: str, app: str) -> None:
        """``appClickListener``: ``viewModel.selectedApp``, then back."""
        if flag == "LaunchApp":
            ctx.data["launched"].append(app)
            del ctx.ui["stack"][1:]  # popBackStack(R.id.mainFragment, false)
        else:
            ctx.data["prefs"]["gestureApps"][APP_IDS[flag]] = app
            ctx.data["picked"][flag] = app
            w.pop_back_stack(ctx.ui["stack"])
        ctx.ui["query"] = ""

    def render_drawer(self, ctx: AppContext, flag: str) -> View:
        query = ctx.ui.get("query", "").lower()
        rows = [
            View(
                cls="android.widget.FrameLayout",
                resource_id="appTitleFrame",
                height=150,
                children=[w.text_view(app, "appTitle", on_click=w.bind(self.pick_app, flag, app))],
            )
            for app in ctx.data["apps"]
            if query in app.lower()
        ]
        search = View(
            cls="android.widget.EditText",
            resource_id="search_src_text",
            hint="__",
            text=ctx.ui.get("query", ""),
            on_text=lambda c, t: c.ui.update(query=t),
        )
        column = [
            w.linear_layout([search], rid="search", weight=0),
            w.list_view(rows, rid="recyclerView", cls="androidx.recyclerview.widget.RecyclerView"),
        ]
        if ctx.ui.get("first_open"):
            column.insert(
                1,
                w.text_view("Tip: Swipe down to dismiss. Scroll to hide keyboard.", "appDrawerTip"),
            )
        if not rows:
            column.append(w.text_view("No apps found", "listEmptyHint"))
        return w.linear_layout(column)

    def render(self, ctx: AppContext) -> Screen:
        dest = ctx.ui["stack"][-1]
        if dest == "settings":
            return Screen(content=self.render_settings(ctx))
        if dest.startswith("drawer"):
            flag = dest.partition(":")[2] or "LaunchApp"
            return Screen(content=self.render_drawer(ctx, flag))
        return Screen(content=self.render_home(ctx))


WRONG_SEQUENCES = {
    "OlauncherCF#241": [
        # The default double-tap action ("Lock Screen") kept: no navigation.
        [TAP_HOME, TAP_HOME],
        # "Show App List" set, then a single tap only.
        [*SET_DOUBLE_TAP, TAP_HOME],
        # "Show App List" set, then the app list opened by a swipe up (the main thread).
        [*SET_DOUBLE_TAP, {"kind": "swipe", "direction": "up"}],
        # "Disabled" chosen for the double tap instead.
        [
            OPEN_SETTINGS,
            SCROLL_SETTINGS,
            SCROLL_SETTINGS,
            OPEN_DOUBLE_TAP,
            click(PACKAGE, text="Disabled", cls="android.widget.Button"),
            BACK,
            TAP_HOME,
            TAP_HOME,
        ],
    ],
    "OlauncherCF#251": [
        # Only "Click on Date" set to an app.
        [*SCROLLED_SETTINGS, *DATE_APP, pick("Calculator")],
        # Only "Double Tap" set to an app.
        [*SCROLLED_SETTINGS, *DOUBLE_TAP_APP, pick("Camera")],
        # The same app picked for both gestures.
        [*SCROLLED_SETTINGS, *DATE_APP, pick("Calculator"), *DOUBLE_TAP_APP, pick("Calculator")],
        # "Click on Clock" instead of "Double Tap" set to the other app.
        [
            *SCROLLED_SETTINGS,
            *DATE_APP,
            pick("Calculator"),
            click(PACKAGE, text="Open Clock", cls="android.widget.Button"),
            OPEN_APP,
            pick("Camera"),
        ],
    ],
}
