"""Privacy Friendly Solitaire 1.1 (``org.secuso.privacyfriendlysolitaire``), with bug
privacy-friendly-solitaire#30.

Sources read: SecUSo/privacy-friendly-solitaire at tag ``v1.1`` (commit a97df0c, 2023-09-21):
``android/AndroidManifest.xml``, ``android/build.gradle``, ``build.gradle``,
``Activities/SplashActivity.java``, ``tutorial/TutorialActivity.java``, ``MainActivity.java``,
``BaseActivity.java``, ``Solitaire.java``, ``SettingsActivity.java``, ``res/layout/``
(``activity_tutorial``, ``tutorial_slide1/2``, ``activity_menu``, ``toolbar``),
``res/menu/activity_main_drawer.xml``, ``res/xml/pref_settings.xml``, ``res/values/strings.xml``,
``donottranslate.xml`` and ``array.xml``. There is no fix commit (the issue was closed without
one; issue #41 later shows the same crash with its exception).

Screens:

- the launcher's ``SplashActivity`` passes straight to ``TutorialActivity``, which on the first
  start shows two slides ("Welcome!", "Play") over ``layoutDots`` with ``btn_skip`` (SKIP) and
  ``btn_next`` (NEXT, "Okay" on the last slide, where SKIP is gone); a swipe turns the slides;
  leaving it stores that the tutorial was seen and opens ``MainActivity``;
- the main menu (``MainActivity``): the toolbar "Solitaire" with "Open navigation drawer", the
  icon, and ``game_button_start`` "New Game" (the "Continue Game" button is invisible); the
  drawer (``nav_view``) lists Main, Game, Tutorial, Settings, Help, About;
- Settings (a preference screen): the switches Sound, Time, "Drag and Drop ", Shake function
  (off on a fresh install: no default values) and the lists Cards per draw, Points and "Select
  background color" (single-choice dialogs with Cancel);
- Help and About are stubs (title and Navigate up).

The bug: version 1.1 moved the build to a newer Android Gradle plugin, and the APK it builds lacks
the libGDX native library (``libgdx.so``; the ``copyAndroidNatives`` task no longer feeds the
packaging). The game screen ``Activities.Solitaire`` extends libGDX's ``AndroidApplication``,
whose static initializer loads that library, so starting a game ("New Game" or the drawer's
"Game") fails while the activity class is instantiated: ``ExceptionInInitializerError`` caused by
``GdxRuntimeException: Couldn't load shared library 'gdx' for target: Linux, 64-bit`` caused by
``UnsatisfiedLinkError``. Settings make no difference, as the report says.

Uncertain: the report has no stack trace; the exception chain follows issue #41 and libGDX
1.9.9's ``SharedLibraryLoader`` ("64-bit" as on an x86_64 emulator, "32-bit" on an arm64 phone),
and the frames and line numbers are the model's. The colour remark of the report is not
modelled (the game board, drawn by libGDX, never opens). The game itself is not modelled.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.secuso.privacyfriendlysolitaire"
SPLASH = ".Activities.SplashActivity"
TUTORIAL = ".tutorial.TutorialActivity"
MAIN = ".Activities.MainActivity"
GAME = ".Activities.Solitaire"
SETTINGS = ".Activities.SettingsActivity"
HELP = ".Activities.HelpActivity"
ABOUT = ".Activities.AboutActivity"
SHOW_ANYWAYS = "TutorialActivity.ACTION_SHOW_ANYWAYS"

SLIDES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Welcome!", ("Privacy Friendly Solitaire is a basic Klondike Solitaire Game.",)),
    (
        "Play",
        (
            'Play Solitaire by selecting "New Game". ',
            "In the current version of Privacy Friendly Solitaire games cannot be saved, but we "
            "will integrate this function in version 2.",
        ),
    ),
)
DRAWER = ("Main", "Game", "Tutorial", "Settings", "Help", "About")
SWITCHES: tuple[tuple[str, str], ...] = (
    ("sound", "Sound"),
    ("time", "Time"),
    ("dnd", "Drag and Drop "),
    ("shake", "Shake function"),
)
LISTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("waste", "Cards per draw", ("Draw 1", "Draw 3")),
    ("points", "Points", ("None", "Standard", "Vegas")),
    ("color", "Select background color", ("GREEN", "BLUE", "GREY", "PURPLE", "WHITE")),
)

_LAUNCH_33 = [
    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3538)",
    "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:3782)",
    "android.app.servertransaction.LaunchActivityItem.execute(LaunchActivityItem.java:101)",
    "android.app.servertransaction.TransactionExecutor.executeCallbacks("
    "TransactionExecutor.java:138)",
    "android.app.servertransaction.TransactionExecutor.execute(TransactionExecutor.java:95)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:2307)",
    "android.os.Handler.dispatchMessage(Handler.java:106)",
    "android.os.Looper.loopOnce(Looper.java:201)",
    "android.os.Looper.loop(Looper.java:288)",
    "android.app.ActivityThread.main(ActivityThread.java:7872)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:548)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:936)",
]
_INSTANTIATE = [
    "java.lang.Class.newInstance(Native Method)",
    "android.app.AppComponentFactory.instantiateActivity(AppComponentFactory.java:95)",
    "androidx.core.app.CoreComponentFactory.instantiateActivity(CoreComponentFactory.java:45)",
    "android.app.Instrumentation.newActivity(Instrumentation.java:1339)",
]


def _natives_missing() -> JavaException:
    """``AndroidApplication.<clinit>`` failing to load ``libgdx.so`` (absent from the APK)."""
    link = JavaException(
        "java.lang.UnsatisfiedLinkError",
        'dlopen failed: library "libgdx.so" not found',
        frames=[
            "java.lang.Runtime.loadLibrary0(Runtime.java:1082)",
            "java.lang.Runtime.loadLibrary0(Runtime.java:1003)",
            "java.lang.System.loadLibrary(System.java:1661)",
            "com.badlogic.gdx.utils.SharedLibraryLoader.load(SharedLibraryLoader.java:263)",
            "com.badlogic.gdx.utils.GdxNativesLoader.load(GdxNativesLoader.java:29)",
        ],
    )
    gdx = JavaException(
        "com.badlogic.gdx.utils.GdxRuntimeException",
        "Couldn't load shared library 'gdx' for target: Linux, 64-bit",
        frames=[
            "com.badlogic.gdx.utils.SharedLibraryLoader.load(SharedLibraryLoader.java:269)",
            "com.badlogic.gdx.utils.GdxNativesLoader.load(GdxNativesLoader.java:29)",
            "com.badlogic.gdx.backends.android.AndroidApplication.<clinit>"
            "(AndroidApplication.java:63)",
            *_INSTANTIATE,
        ],
        cause=link,
    )
    return JavaException(
        "java.lang.ExceptionInInitializerError",
        "",
        frames=[*_INSTANTIATE, *_LAUNCH_33],
        cause=gdx,
    )


def game_did_not_start(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of privacy-friendly-solitaire#30: starting the game screen crashed on the
    missing libGDX natives."""
    return any(
        c.get("package") == PACKAGE
        and c.get("exception") == "java.lang.ExceptionInInitializerError"
        and c.get("activity") == GAME
        for c in system.get("crashes", [])
    )


def _tutorial_done() -> list[dict[str, Any]]:
    return [
        click(PACKAGE, "btn_next", "NEXT", cls="android.widget.Button"),
        click(PACKAGE, "btn_next", "Okay", cls="android.widget.Button"),
    ]


BUG_30 = BugSpec(
    "privacy-friendly-solitaire#30",
    "crash",
    "App closes when pressing New game",
    game_did_not_start,
    human_steps=(
        click(PACKAGE, "btn_skip", "SKIP", cls="android.widget.Button"),
        click(PACKAGE, "game_button_start", "New Game", cls="android.widget.Button"),
    ),
)

_OPEN_DRAWER = click(PACKAGE, desc=w.OPEN_DRAWER, cls="android.widget.ImageButton")


def _drawer(title: str) -> dict[str, Any]:
    return click(PACKAGE, "design_menu_item_text", title)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    # Near misses: every screen but the game (settings toggled as the reporter did, the tutorial
    # through, help and about) never loads libGDX.
    BUG_30.bug_id: [
        [
            click(PACKAGE, "btn_skip", "SKIP", cls="android.widget.Button"),
            _OPEN_DRAWER,
            _drawer("Settings"),
            click(PACKAGE, "android:id/title", "Sound"),
            click(PACKAGE, "android:id/title", "Time"),
            {"kind": "press_back"},
        ],
        [*_tutorial_done(), _OPEN_DRAWER, _drawer("Help")],
        [
            click(PACKAGE, "btn_skip", "SKIP", cls="android.widget.Button"),
            _OPEN_DRAWER,
            _drawer("Tutorial"),
            click(PACKAGE, "btn_skip", "SKIP", cls="android.widget.Button"),
        ],
        [
            click(PACKAGE, "btn_skip", "SKIP", cls="android.widget.Button"),
            _OPEN_DRAWER,
            _drawer("About"),
            {"kind": "press_back"},
        ],
    ],
}


class PrivacyFriendlySolitaire(VirtualApp):
    """Privacy Friendly Solitaire 1.1 (see the module docstring)."""

    name: ClassVar[str] = "privacy-friendly-solitaire"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Solitaire"
    version: ClassVar[str] = "1.1"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_30,)

    def initial_data(self) -> dict[str, Any]:
        prefs: dict[str, Any] = {key: False for key, _ in SWITCHES}
        prefs.update({key: 0 for key, _, _ in LISTS})
        return {"first_time_launch": True, "prefs": prefs}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(TUTORIAL)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            anyway = ctx.extras.get("action") == SHOW_ANYWAYS
            if not ctx.data["first_time_launch"] and not anyway:
                self._home(ctx)
                return
            ctx.ui.setdefault("page", 0)
        elif ctx.activity == MAIN:
            ctx.ui.setdefault("drawer", False)
        elif ctx.activity == SETTINGS:
            ctx.ui.setdefault("dialog", None)
        elif ctx.activity == GAME:
            # Solitaire extends AndroidApplication: its class initializer loads libgdx.so.
            raise _natives_missing()

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == TUTORIAL:
            return w.pager_swipe(ctx.ui, "page", len(SLIDES), direction)
        if ctx.activity == MAIN and direction == "right":
            ctx.ui["drawer"] = True
            return True
        return False

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer")
        if ctx.activity == SETTINGS:
            return w.dismiss(ctx.ui, "dialog", None)
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _home(self, ctx: AppContext) -> None:
        """TutorialActivity.launchHomeScreen: MainActivity with CLEAR_TOP, then finish."""
        ctx.data["first_time_launch"] = False
        if ctx.extras.get("action") != SHOW_ANYWAYS:
            ctx.start_activity(MAIN)
        ctx.finish()

    def _next(self, ctx: AppContext) -> None:
        if ctx.ui["page"] + 1 < len(SLIDES):
            ctx.ui["page"] += 1
        else:
            self._home(ctx)

    def _nav(self, ctx: AppContext, title: str) -> None:
        ctx.ui["drawer"] = False
        target = {
            "Game": GAME,
            "Settings": SETTINGS,
            "Help": HELP,
            "About": ABOUT,
            "Tutorial": TUTORIAL,
        }.get(title)
        if target == TUTORIAL:
            ctx.start_activity(TUTORIAL, {"action": SHOW_ANYWAYS})
        elif target is not None:
            ctx.start_activity(target)

    def _flip(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]

    def _open(self, ctx: AppContext, key: str) -> None:
        ctx.ui["dialog"] = key

    def _choose(self, ctx: AppContext, index: int, *, key: str) -> None:
        ctx.data["prefs"][key] = index
        ctx.ui["dialog"] = None

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._render_tutorial(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity in (HELP, ABOUT):
            title = "Help" if ctx.activity == HELP else "About"
            bar = w.toolbar(title, navigation=w.up_button())
            return Screen(content=w.linear_layout([bar, w.scroll_view()]))
        return Screen(content=w.frame_layout())  # the splash, for a frame

    def _render_tutorial(self, ctx: AppContext) -> Screen:
        page_no = ctx.ui.get("page", 0)
        title, texts = SLIDES[page_no]
        last = page_no == len(SLIDES) - 1
        slide = w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(title, "textView" if page_no else "", height=200),
                        w.image_view(height=600),
                        *[w.text_view(text, height=260) for text in texts],
                    ]
                )
            ]
        )
        dots = w.linear_layout(
            [w.text_view("•", width=60, selected=i == page_no) for i in range(len(SLIDES))],
            rid="layoutDots",
            horizontal=True,
        )
        advance = w.button("btn_next", "Okay" if last else "NEXT", self._next, width=300)
        skip = None if last else w.button("btn_skip", "SKIP", self._home, width=300)
        content = w.intro_pager(
            slide,
            skip=skip,
            indicator=dots,
            advance=advance,
            root_cls="android.widget.RelativeLayout",
        )
        return Screen(content=content)

    def _render_main(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "Solitaire",
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
        )
        menu = w.linear_layout(
            [
                w.image_view(desc="Icon Main Menu", height=600),
                w.button(
                    "game_button_start",
                    "New Game",
                    lambda c: c.start_activity(GAME),
                    height=180,
                ),
            ],
            rid="main_content",
        )
        page = w.linear_layout([bar, menu])
        drawer = None
        if ctx.ui.get("drawer"):
            entries = [
                w.drawer_entry(title, w.bind(self._nav, title), checked=title == "Main")
                for title in DRAWER
            ]
            drawer = View(
                cls="com.google.android.material.navigation.NavigationView",
                resource_id="nav_view",
                width=800,
                children=[
                    w.linear_layout(
                        [w.text_view("Privacy Friendly Solitaire", height=300), *entries]
                    )
                ],
            )
        content = w.drawer_layout(page, drawer)
        return Screen(content=content)

    def _render_settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        rows: list[View] = []
        for key, title in SWITCHES:
            on = bool(prefs[key])
            rows.append(
                w.preference(
                    title,
                    "On" if on else "Off",
                    w.bind(self._flip, key),
                    widget=w.switch_widget(on),
                )
            )
        for key, title, entries in LISTS:
            rows.append(w.preference(title, entries[prefs[key]], w.bind(self._open, key)))
        bar = w.toolbar("Settings", navigation=w.up_button())
        listing = w.list_view(rows)
        windows: list[Window] = []
        open_key = ctx.ui.get("dialog")
        for key, title, entries in LISTS:
            if key == open_key:
                windows.append(
                    w.choice_dialog(
                        title,
                        entries,
                        prefs[key],
                        partial(self._choose, key=key),
                        lambda c: c.ui.update(dialog=None),
                        negative=("Cancel", lambda c: c.ui.update(dialog=None)),
                    )
                )
        return Screen(
            content=w.linear_layout([bar, View(layout=FRAME, children=[listing])]),
            windows=windows,
        )
