"""Privacy Friendly WiFi Manager (``org.secuso.privacyfriendlywifimanager``) 1.0, for
privacy-friendly-wifi-manager#18 (a crash).

Modelled from the sources at commit ``f64d528c`` (master as of 2019-03-07: the 1.0 release,
``versionName "1.0"``, with only a README change after tag ``v1.0``):
``app/src/main/AndroidManifest.xml``, ``view/SplashActivity.java``,
``view/tutorial/TutorialActivity.java``, ``view/tutorial/PrefManager.java``,
``view/MainActivity.java``, ``view/fragment/WifiListFragment.java``,
``view/fragment/ScheduleFragment.java``, ``logic/util/AbstractSettingsEntry.java``,
``res/layout/activity_tutorial.xml``, ``fragment_tutorial_step0..5.xml``, ``activity_main.xml``,
``nav_header_main.xml``, ``layout_actionbar_switch.xml``, ``fragment_wifilist.xml``,
``fragment_schedule.xml``, ``res/menu/activity_main_drawer.xml``, ``main.xml`` and
``res/values/strings.xml``. The fix is commit ``ca8f454f`` ("Fixes #14; Schedule now works
again", version 1.0.1), which corrects ``fragment_schedule.xml``.

What is modelled: the launcher's ``SplashActivity`` passes to ``TutorialActivity``, which on a
fresh install shows its five slides (API 23+: Welcome, This is how it works, SIM Card, Granting
Permissions, Adding a WiFi) with ``btn_skip`` "Skip", the ``layoutDots`` and ``btn_next``
"Next" ("Okay" on the last slide, where Skip is gone); swiping left/right moves between slides.
Skip or Okay writes the first-time flag and opens ``MainActivity``. ``MainActivity.onCreate``
requests ACCESS_WIFI_STATE, CHANGE_WIFI_STATE and ACCESS_COARSE_LOCATION (only the location one
shows a system dialog) every time it is created without the location permission (the app never
clears its first-run flag). The main screen: the toolbar (drawer toggle "Open navigation drawer",
title "WiFi Manager", the fragment's subtitle, the ``switchMain`` On/Off action switch, unchecked
on a fresh install), the "Allowed WiFi Networks" fragment (header, empty ``recyclerView``, the
``fab`` shown only with the location permission, and without it the indefinite Snackbar asking
for the permission with its "Request permissions" action); the NavigationView drawer (header
"WiFi Manager"; Allowed WiFi Networks, Schedule, Tutorial; "Communicate": Settings, Help, About).
Stubs: the Settings and Help fragments (their subtitle, an empty body, the switch hidden), the
About activity (title and Up), the WiFi picker dialog the fab opens (its title and Cancel: the
device's scan results are not modelled). Tutorial from the drawer shows the slides again;
finishing it returns to the main screen (the app restarts ``MainActivity`` with CLEAR_TOP: the
re-creation is not modelled).

The bug (privacy-friendly-wifi-manager#18, a duplicate of #14): after the package rename (commit
``c712d2d``) ``fragment_schedule.xml`` still names the FAB's behaviour
``org.secuso.privacyfriendlywifi.view.behavior.ScrollAwareFABBehavior`` (the class is now under
``org.secuso.privacyfriendlywifimanager``), so CoordinatorLayout cannot load it and inflating
the Schedule fragment throws ``InflateException`` ("Could not inflate Behavior subclass ...",
caused by ``ClassNotFoundException``) from ``ScheduleFragment.onCreateView``
(``ScheduleFragment.java:88``): tapping "Schedule" in the drawer crashes the app, whatever the
permission answer. The exception, its causes and the app frame are those of #14's logcat; the
support library and framework frames are the model's (the report quotes none).

Uncertain: the system permission dialog's text and the exact Snackbar layout are the device's;
the drawer closes before the fragment switch is posted, which the model folds into one tap.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.secuso.privacyfriendlywifimanager"
_VIEW = "org.secuso.privacyfriendlywifimanager.view."
SPLASH = _VIEW + "SplashActivity"
TUTORIAL = _VIEW + "tutorial.TutorialActivity"
MAIN = _VIEW + "MainActivity"
ABOUT = _VIEW + "AboutActivity"
LOCATION = "android.permission.ACCESS_COARSE_LOCATION"

APP_NAME = "WiFi Manager"
# The slides on API 23+ (step4 is commented out, step3 is the permissions slide): (title, text).
SLIDES: tuple[tuple[str, str], ...] = (
    (
        "Welcome",
        "Welcome to Privacy Friendly WiFi Manager! This app automatically switches your WiFi "
        "off if you are not near a known WiFi network.\n    ",
    ),
    (
        "This is how it works",
        "Privacy Friendly WiFi Manager saves cell towers your mobile device is connected to "
        "while you are in range of a known WiFi\n        network. Based on the saved cell towers "
        "Privacy Friendly WiFi Manager switches your WiFi on or off. You can furthermore define "
        "time slots, when your device's WiFi should automatically be turned off (e.g. at night).",
    ),
    (
        "SIM Card",
        "To control your WiFi based on the cell tower, the device has to be connected to a cell "
        "tower. Therefore, this functionality does not work on devices without a SIM card.",
    ),
    (
        "Granting Permissions",
        "To retrieve nearby cell tower information Privacy Friendly WiFi Manager requires access "
        "to our coarse location. The permission can also be granted at a later point of time.",
    ),
    (
        "Adding a WiFi",
        'To add a known WiFi to the list of managed WiFis, click the "+"-button. Privacy '
        "Friendly WiFi Manager switches your device's WiFi on when you are near a known WiFi.",
    ),
)
LOCATION_HELP = (
    "The permission for your coarse location is needed to retrieve nearby cell tower information."
)
# The drawer (activity_main_drawer.xml): (menu id, title); None marks the "Communicate" group.
NAV_UPPER = (
    ("nav_whitelist", "Allowed WiFi Networks"),
    ("nav_schedule", "Schedule"),
    ("nav_tutorial", "Tutorial"),
)
NAV_LOWER = (("nav_settings", "Settings"), ("nav_help", "Help"), ("nav_about", "About"))
SUBTITLES = {
    "nav_whitelist": "Allowed WiFi Networks",
    "nav_schedule": "Schedule",
    "nav_settings": "Settings",
    "nav_help": "Help",
}
MISSING_BEHAVIOR = "org.secuso.privacyfriendlywifi.view.behavior.ScrollAwareFABBehavior"


def _schedule_inflate_failure() -> JavaException:
    """Inflating fragment_schedule.xml: CoordinatorLayout cannot load the renamed behaviour."""
    onto = [
        "org.secuso.privacyfriendlywifimanager.view.fragment.ScheduleFragment.onCreateView("
        "ScheduleFragment.java:88)",
        "android.support.v4.app.Fragment.performCreateView(Fragment.java:2087)",
        "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:1113)",
        "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:1295)",
        "android.support.v4.app.BackStackRecord.run(BackStackRecord.java:801)",
        "android.support.v4.app.FragmentManagerImpl.execPendingActions(FragmentManager.java:1682)",
        "android.support.v4.app.FragmentManagerImpl$1.run(FragmentManager.java:541)",
        *callback_frames(25),
    ]
    not_found = JavaException(
        "java.lang.ClassNotFoundException",
        f'Didn\'t find class "{MISSING_BEHAVIOR}" on path: DexPathList[[zip file '
        f'"/data/app/{PACKAGE}-1/base.apk"],nativeLibraryDirectories=[/data/app/{PACKAGE}-1/lib/'
        "arm, /system/lib, /vendor/lib]]",
        frames=[
            "dalvik.system.BaseDexClassLoader.findClass(BaseDexClassLoader.java:56)",
            "java.lang.ClassLoader.loadClass(ClassLoader.java:380)",
            "java.lang.ClassLoader.loadClass(ClassLoader.java:312)",
            "android.support.design.widget.CoordinatorLayout.parseBehavior("
            "CoordinatorLayout.java:610)",
        ],
    )
    behavior = JavaException(
        "java.lang.RuntimeException",
        f"Could not inflate Behavior subclass {MISSING_BEHAVIOR}",
        frames=[
            "android.support.design.widget.CoordinatorLayout.parseBehavior("
            "CoordinatorLayout.java:615)",
            "android.support.design.widget.CoordinatorLayout$LayoutParams.<init>("
            "CoordinatorLayout.java:2652)",
            "android.support.design.widget.CoordinatorLayout.generateLayoutParams("
            "CoordinatorLayout.java:1374)",
            "android.support.design.widget.CoordinatorLayout.generateLayoutParams("
            "CoordinatorLayout.java:94)",
            "android.view.LayoutInflater.rInflate(LayoutInflater.java:858)",
            "android.view.LayoutInflater.rInflateChildren(LayoutInflater.java:821)",
            "android.view.LayoutInflater.inflate(LayoutInflater.java:518)",
            "android.view.LayoutInflater.inflate(LayoutInflater.java:426)",
            *onto,
        ],
        cause=not_found,
    )
    return JavaException(
        "android.view.InflateException",
        f"Binary XML file line #0: Could not inflate Behavior subclass {MISSING_BEHAVIOR}",
        frames=[
            "android.view.LayoutInflater.inflate(LayoutInflater.java:539)",
            "android.view.LayoutInflater.inflate(LayoutInflater.java:426)",
            *onto,
        ],
        cause=behavior,
    )


def _schedule_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #18: the app died of the Schedule fragment's InflateException."""
    return crashed(system, PACKAGE, "android.view.InflateException", "ScrollAwareFABBehavior")


def _nav(title: str) -> dict[str, Any]:
    return click(PACKAGE, "design_menu_item_text", title, cls="android.widget.CheckedTextView")


SKIP = click(PACKAGE, "btn_skip", "Skip", cls="android.widget.Button")
NEXT = click(PACKAGE, "btn_next", "Next", cls="android.widget.Button")
OKAY = click(PACKAGE, "btn_next", "Okay", cls="android.widget.Button")
ALLOW = allow_permission(PACKAGE)
DENY = click(
    PACKAGE, "com.android.permissioncontroller:id/permission_deny_button", "Don't allow", cls=""
)
DRAWER = click(PACKAGE, desc="Open navigation drawer")

BUG_18 = BugSpec(
    bug_id="privacy-friendly-wifi-manager#18",
    kind="crash",
    title="Crashes immediately on pressing scedule button",
    oracle=_schedule_crashed,
    human_steps=(SKIP, ALLOW, DRAWER, _nav("Schedule")),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG_18.bug_id: [
        # The drawer's other entries: no crash.
        [SKIP, ALLOW, DRAWER, _nav("Settings")],
        [SKIP, DENY, DRAWER, _nav("Help")],
        [SKIP, ALLOW, DRAWER, _nav("Allowed WiFi Networks")],
        # The tutorial again from the drawer, then Skip back to the list.
        [SKIP, ALLOW, DRAWER, _nav("Tutorial"), SKIP],
        # Through the slides, but the drawer never opened.
        [NEXT, NEXT, NEXT, NEXT, OKAY, ALLOW],
    ],
}


class PrivacyFriendlyWifiManager(VirtualApp):
    """Privacy Friendly WiFi Manager 1.0 (see the module docstring)."""

    name: ClassVar[str] = "privacy-friendly-wifi-manager"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_18,)

    def initial_data(self) -> dict[str, Any]:
        # PrefManager's IsFirstTimeLaunch; SHARED_PREF_ENTRY_SERVICE_ACTIVE (default false).
        return {"first_time_launch": True, "service_active": False}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SPLASH:
            ctx.start_activity(TUTORIAL)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            if not ctx.data["first_time_launch"] and not ctx.extras.get("show_anyways"):
                self._launch_home(ctx)
                return
            ui.setdefault("page", 0)
        elif ctx.activity == MAIN:
            if "fragment" in ui:
                return  # configChanges="orientation|screenSize": a rotation re-creates nothing
            ui.setdefault("fragment", "nav_whitelist")
            ui.setdefault("drawer", False)
            ui.setdefault("dialog", None)
            # WifiListFragment.onCreateView: the indefinite Snackbar without the permission.
            ui.setdefault("snackbar", LOCATION not in ctx.permissions)
            if LOCATION not in ctx.permissions:  # firstRun is never cleared
                ctx.request_permission(LOCATION)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        return None  # updateWifiViewComponents: the fab follows the permission (render)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer")
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == TUTORIAL and direction in ("left", "right"):
            page = ctx.ui["page"] + (1 if direction == "left" else -1)
            if 0 <= page < len(SLIDES):
                ctx.ui["page"] = page
            return True
        if ctx.activity == MAIN and direction == "right" and not ctx.ui["drawer"]:
            ctx.ui["drawer"] = True
            return True
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _launch_home(self, ctx: AppContext) -> None:
        """TutorialActivity.launchHomeScreen."""
        ctx.data["first_time_launch"] = False
        if not ctx.extras.get("show_anyways"):
            ctx.start_activity(MAIN)
        ctx.finish()

    def _next(self, ctx: AppContext) -> None:
        page = ctx.ui["page"] + 1
        if page < len(SLIDES):
            ctx.ui["page"] = page
        else:
            self._launch_home(ctx)

    def _select(self, ctx: AppContext, item: str) -> None:
        """onNavigationItemSelected: close the drawer, then switch the fragment."""
        ctx.ui["drawer"] = False
        if item == "nav_tutorial":
            ctx.start_activity(TUTORIAL, {"show_anyways": True})
            return
        if item == "nav_about":
            ctx.start_activity(ABOUT)
            return
        if item == "nav_schedule":
            self._create_schedule(ctx)
        ctx.ui["fragment"] = item

    def _create_schedule(self, ctx: AppContext) -> None:
        """ScheduleFragment.onCreateView inflates fragment_schedule.xml."""
        raise _schedule_inflate_failure()

    def _toggle_service(self, ctx: AppContext) -> None:
        ctx.data["service_active"] = not ctx.data["service_active"]

    def _fab(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "wifi_picker"

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._render_tutorial(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == ABOUT:
            bar = w.toolbar("About", navigation=w.up_button(), rid="action_bar")
            return Screen(content=w.linear_layout([bar, View()]))
        return Screen(content=w.frame_layout())  # the splash

    def _render_tutorial(self, ctx: AppContext) -> Screen:
        page = ctx.ui["page"]
        title, text = SLIDES[page]
        last = page == len(SLIDES) - 1
        slide = w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(title, height=200),
                        w.image_view(height=600),
                        w.text_view(text, height=500),
                    ]
                )
            ]
        )
        pager = View(
            cls="android.support.v4.view.ViewPager", resource_id="view_pager", children=[slide]
        )
        dots = w.linear_layout(
            [w.text_view("\u2022", width=60, height=120) for _ in SLIDES],
            rid="layoutDots",
            horizontal=True,
            height=120,
        )
        bar: list[View] = []
        if not last:
            bar.append(w.button("btn_skip", "Skip", self._launch_home, width=300, style="text"))
        bar.append(dots)
        bar.append(
            w.button("btn_next", "Okay" if last else "Next", self._next, width=300, style="text")
        )
        bottom = w.linear_layout(bar, horizontal=True, height=160)
        return Screen(content=w.relative_layout([pager, bottom]))

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        fragment = ui["fragment"]
        switch = w.switch(
            "switchMain", "", ctx.data["service_active"], self._toggle_service, width=200
        )
        actions = (
            [w.relative_layout([switch], width=220)]
            if fragment
            in (
                "nav_whitelist",
                "nav_schedule",
            )
            else []
        )
        title = w.linear_layout(
            [w.text_view(APP_NAME, height=80), w.text_view(SUBTITLES[fragment], height=67)]
        )
        bar = w.toolbar(
            title,
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=actions,
        )
        appbar = w.linear_layout([bar], weight=0, height=w.TOOLBAR_HEIGHT)
        content = w.frame_layout([self._fragment(ctx)], rid="fragmentContent")
        root = w.drawer_layout(
            w.linear_layout([appbar, content]), cls="android.support.v4.widget.DrawerLayout"
        )
        return Screen(content=root, windows=self._windows(ctx))

    def _fragment(self, ctx: AppContext) -> View:
        fragment = ctx.ui["fragment"]
        if fragment != "nav_whitelist":
            return w.linear_layout([View()])  # Settings / Help: stubs
        granted = LOCATION in ctx.permissions
        children: list[View] = [
            w.linear_layout(
                [
                    w.text_view("List of managed WiFi networks", height=150),
                    View(
                        cls="android.support.v7.widget.RecyclerView",
                        resource_id="recyclerView",
                    ),
                ]
            )
        ]
        if granted:
            children.append(w.fab("fab", "", self._fab))
        if ctx.ui["snackbar"]:
            children.append(
                w.linear_layout(
                    [
                        w.text_view(LOCATION_HELP, "snackbar_text", height=200),
                        w.button(
                            "snackbar_action",
                            "Request permissions",
                            lambda c: c.request_permission(LOCATION),
                            width=420,
                            style="text",
                        ),
                    ],
                    horizontal=True,
                    height=220,
                    width=1080,
                    gravity="bottom",
                )
            )
        return View(
            cls="android.support.design.widget.CoordinatorLayout", layout=FRAME, children=children
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["drawer"]:
            windows.append(self._drawer(ctx))
        if ui["dialog"] == "wifi_picker":
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Select network"),
                    [View(cls="android.widget.ListView", resource_id="list", height=300)],
                    w.dialog_buttons(None, ("Cancel", lambda c: c.ui.update(dialog=None))),
                    lambda c: c.ui.update(dialog=None),
                )
            )
        return windows

    def _drawer(self, ctx: AppContext) -> Window:
        current = ctx.ui["fragment"]
        header = w.linear_layout(
            [
                w.relative_layout(
                    [
                        w.image_view("imageView", "Logo", width=200),
                        w.text_view(APP_NAME, height=200),
                    ],
                    layout="horizontal",
                    height=200,
                )
            ],
            height=330,
        )
        rows: list[View] = [header]
        rows += [
            w.drawer_entry(title, w.bind(self._select, item), checked=item == current)
            for item, title in NAV_UPPER
        ]
        rows.append(w.text_view("Communicate", height=147))
        rows += [
            w.drawer_entry(title, w.bind(self._select, item), checked=item == current)
            for item, title in NAV_LOWER
        ]
        return w.navigation_sheet(
            [w.linear_layout(rows)],
            lambda c: c.ui.update(drawer=False),
            bounds=(0, 0, 840, ctx.screen_size[1]),
            cls="android.support.design.widget.NavigationView",
        )
