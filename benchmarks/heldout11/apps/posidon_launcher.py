"""posidon launcher (``posidon.launcher``) 1.18 (alpha), for posidonLauncher#53 ("Search as home
crashes the launcher").

Modelled from the sources at commit ``028412271deb2c3118422267b26e5469c9fc9d8d`` (the last
commit before the report, 2020-09-07; ``app/build.gradle`` versionName "1.18 (alpha)"):
``Main.kt``, ``LauncherMenu.kt``, ``tutorial/WelcomeActivity.kt``, ``tutorial/Tutorial.kt``,
``customizations/Customizations.kt``, ``customizations/CustomSearch.kt``,
``search/SearchActivity.kt``, ``view/setting/SettingView.kt``, ``SwitchSettingView.kt``,
``res/layout/tutorial_welcome.xml``, ``tutorial1-4.xml``, ``menu.xml``, ``main.xml``,
``customizations.xml``, ``custom_search.xml``, ``search_layout.xml``, ``values/strings.xml`` and
``AndroidManifest.xml``. No fix commit was found in the history.

- A fresh install: ``Main.onCreate`` sees ``Settings["init", true]``, starts ``WelcomeActivity``
  and finishes (app name, "Start"); ``Tutorial`` then swaps four layouts in one activity:
  tutorial1 (preset chooser: Pixel, One UI, iOS, Surprise me…, Restore from backup; Next works
  only once one is chosen), tutorial2 (Permissions: Notification access, Storage access,
  Contacts access, each with Grant; Next), tutorial3 (Some quick adjustments: News switch
  ``enableNews``, Sources, Icon pack; Next), tutorial4 (the explanation, Done). Done writes
  ``init`` false and starts ``Main``.
- ``Main``: the home screen (``desktop``/``desktopContent`` with the feed, the drawer with its
  search bar). A long press on ``desktopContent`` opens ``LauncherMenu``'s bottom sheet (three
  ImageViews with no text or description: ``custombtn``, ``wallbtn``, ``widgetpickerbtn``).
- ``Customizations`` (``customizations.xml``): the category list (App drawer, Feed, News,
  Notifications, Dock, Folders, Search, Theme, Gestures, Other, About); ``CustomSearch``
  (``custom_search.xml``) with its ``SwitchSettingView`` rows (a label TextView and a
  ``posidon.launcher.view.Switch`` with no id, which alone takes the tap and writes the setting
  at once).

The bug (posidonLauncher#53): ``Main.onCreate`` registers ``batteryInfoReceiver`` only after the
``search:asHome`` branch; with the setting on it starts ``SearchActivity``, calls ``finish()``
and returns, so Android goes straight to ``onDestroy``, whose ``unregisterReceiver`` throws
``IllegalArgumentException: Receiver not registered`` (wrapped by ActivityThread as "Unable to
destroy activity"). After the switch is turned on, returning home resumes the old ``Main``
(``onResume``: start ``SearchActivity``, finish) and the system re-creates the home activity,
whose ``onCreate`` takes that branch: the model raises the crash when Back leaves
``Customizations`` with the setting on, and when ``Main`` is created with it on.

Stubbed or replaced: the news feed (network) is empty; the app drawer's app grid, the wallpaper
gallery, the widget picker, the notification-access settings screen, the feed and icon-pack
choosers and every other customization screen are stubs or no-ops; the system "choose a home
app" chooser ``done4`` opens is not shown. The real app's uncaught-exception handler
(``Main.onCreate``) shows its own ``StackTraceActivity`` and kills the process; the model raises
the crash to the device (the "keeps stopping" dialog) instead.

Uncertain: the framework line numbers of the crash's stack (API 25 values); that the system
re-creates the home activity right after it finishes (the reporter saw the bug report screen
"immediately"); the exact hash in the receiver's name.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import stacks
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, long_click, step
from device_agent.virtual.views import Screen, View, Window

PKG = "posidon.launcher"
MAIN = ".Main"
WELCOME = ".tutorial.WelcomeActivity"
TUTORIAL = ".tutorial.Tutorial"
CUSTOMIZATIONS = ".customizations.Customizations"
CUSTOM_SEARCH = ".customizations.CustomSearch"
SEARCH = ".search.SearchActivity"
STUB = ".customizations.Stub"
SWITCH = "android.widget.Switch"

STYLES = [
    ("stylepixel", "Pixel"),
    ("styleoneui", "One UI"),
    ("styleios", "iOS"),
    ("styleposidon", "Surprise me…"),
]
CATEGORIES = [
    "App drawer",
    "Feed",
    "News",
    "Notifications",
    "Dock",
    "Folders",
    "Search",
    "Theme",
    "Gestures",
    "Other",
    "About",
]
# custom_search.xml's SwitchSettingView rows in their cards: (label, key, default).
SEARCH_SWITCHES = [
    ("Stack results from bottom", "search:start_from_bottom", False),
    ("Search as home", "search:asHome", False),
    ("Package search", "search:use_package_names", False),
    ("Shortcuts", "search:use_shortcuts", True),
    ("Contacts", "search:use_contacts", True),
]


def _destroy_crash() -> JavaException:
    """Main.onDestroy's unregisterReceiver of the never-registered battery receiver."""
    receiver = "posidon.launcher.Main$batteryInfoReceiver$1@5d2c1e3"
    inner = f"Receiver not registered: {receiver}"
    cause = JavaException(
        "java.lang.IllegalArgumentException",
        inner,
        [
            "android.app.LoadedApk.forgetReceiverDispatcher(LoadedApk.java:1007)",
            "android.app.ContextImpl.unregisterReceiver(ContextImpl.java:1330)",
            "android.content.ContextWrapper.unregisterReceiver(ContextWrapper.java:608)",
            "posidon.launcher.Main.onDestroy(Main.kt:927)",
            "android.app.Activity.performDestroy(Activity.java:6881)",
            "android.app.Instrumentation.callActivityOnDestroy(Instrumentation.java:1153)",
            "android.app.ActivityThread.performDestroyActivity(ActivityThread.java:4190)",
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to destroy activity {{posidon.launcher/posidon.launcher.Main}}: "
        f"java.lang.IllegalArgumentException: {inner}",
        [
            "android.app.ActivityThread.performDestroyActivity(ActivityThread.java:4203)",
            "android.app.ActivityThread.handleDestroyActivity(ActivityThread.java:4221)",
            "android.app.ActivityThread.-wrap6(ActivityThread.java)",
            "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1538)",
            *stacks.message_frames(25),
        ],
        cause=cause,
    )


def search_as_home_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of posidonLauncher#53: Main crashed in onDestroy on the unregistered
    battery receiver."""
    return crashed(system, PKG, "java.lang.RuntimeException", "Receiver not registered")


def _tap(text: str) -> dict[str, Any]:
    return click(PKG, text=text)


# The switch of custom_search.xml's second row (Search as home) and first (Stack results from
# bottom), told apart by bounds: they have no id and no text.
AS_HOME_SWITCH = step("click", PKG, cls=SWITCH, bounds=[900, 1125, 1080, 1283])
BOTTOM_SWITCH = step("click", PKG, cls=SWITCH, bounds=[900, 967, 1080, 1125])
BACK = {"kind": "press_back"}
TO_SEARCH_SETTINGS = [
    _tap("Start"),
    click(PKG, "stylepixel", "Pixel"),
    click(PKG, "next", "Next"),
    click(PKG, "next", "Next"),
    click(PKG, "next", "Next"),
    click(PKG, "next", "Done"),
    long_click(PKG, "desktopContent"),
    click(PKG, "custombtn"),
    _tap("Search"),
]
HUMAN_STEPS = (*TO_SEARCH_SETTINGS, AS_HOME_SWITCH, BACK, BACK)

WRONG_SEQUENCES = {
    "posidonLauncher#53": [
        [*TO_SEARCH_SETTINGS, BOTTOM_SWITCH, BACK, BACK],
        [*TO_SEARCH_SETTINGS, AS_HOME_SWITCH, AS_HOME_SWITCH, BACK, BACK],
        [*TO_SEARCH_SETTINGS, AS_HOME_SWITCH, BACK],
        [*TO_SEARCH_SETTINGS, BACK, BACK],
    ],
}


def _settings_page(rows: list[View], rid: str = "") -> Screen:
    """A settings activity: its CoordinatorLayout scrolling one LinearLayout of ``rows``."""
    return Screen(
        content=View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            resource_id="settings",
            children=[w.scroll_view([w.linear_layout(rows, rid=rid)])],
        )
    )


class PosidonLauncher(VirtualApp):
    """posidon launcher 1.18 (alpha): first-run tutorial, home, customizations, search."""

    name: ClassVar[str] = "posidonLauncher"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "posidon launcher"
    version: ClassVar[str] = "1.18"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "posidonLauncher#53",
            "crash",
            "Search as home crashes the launcher",
            search_as_home_crash,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"settings": {"init": True, "feed:enabled": True}}

    @staticmethod
    def _setting(ctx: AppContext, key: str, default: Any) -> Any:
        return ctx.data["settings"].get(key, default)

    # -- lifecycle ---------------------------------------------------------------------------

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            if ctx.activity == TUTORIAL:
                ctx.ui.setdefault("page", 1)
            return
        if self._setting(ctx, "init", True):
            ctx.start_activity(WELCOME)
            ctx.finish()
            return
        if self._setting(ctx, "search:asHome", False):
            # startActivity(SearchActivity); finish(); return -> onDestroy.
            raise _destroy_crash()

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # Tutorial swaps layouts with setContentView: a re-created one is back on tutorial1.
        return {} if ctx.activity == TUTORIAL else dict(ctx.ui)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            if ctx.ui.get("menu"):
                ctx.ui["menu"] = False
            return True  # a launcher's home consumes Back
        if ctx.activity == CUSTOMIZATIONS and self._setting(ctx, "search:asHome", False):
            # The home activity resumes: onResume starts SearchActivity and finishes; the
            # system re-creates the home activity, whose onCreate crashes in onDestroy.
            raise _destroy_crash()
        return False

    # -- handlers ----------------------------------------------------------------------------

    def _choose_style(self, ctx: AppContext, index: int) -> None:
        ctx.ui["style"] = index

    def _done1(self, ctx: AppContext) -> None:
        style = ctx.ui.get("style", -1)
        if style == -1:
            return
        if style < len(STYLES):
            ctx.data["settings"]["preset"] = STYLES[style][1]
        ctx.ui["page"] = 2

    def _grant(self, ctx: AppContext, permission: str) -> None:
        if permission in ctx.permissions:
            ctx.toast("Storage access already granted")
        else:
            ctx.request_permission(permission)

    def _toggle_news(self, ctx: AppContext) -> None:
        s = ctx.data["settings"]
        s["feed:enabled"] = not s.get("feed:enabled", True)

    def _done4(self, ctx: AppContext) -> None:
        ctx.data["settings"]["init"] = False
        ctx.start_activity(MAIN)
        ctx.finish()

    def _open_customizations(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(CUSTOMIZATIONS)

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    def _open_category(self, ctx: AppContext, title: str) -> None:
        if title == "Search":
            ctx.start_activity(CUSTOM_SEARCH)
        else:
            ctx.start_activity(STUB, {"title": title})

    def _flip(self, ctx: AppContext, key: str, default: bool) -> None:
        s = ctx.data["settings"]
        s[key] = not s.get(key, default)

    def _search_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text

    def _kill(self, ctx: AppContext) -> None:
        if self._setting(ctx, "search:asHome", False):
            ctx.ui["query"] = ""
        else:
            ctx.start_activity(MAIN)

    # -- screens -----------------------------------------------------------------------------

    def render(self, ctx: AppContext) -> Screen:
        screens = {
            MAIN: self._home,
            WELCOME: self._welcome,
            TUTORIAL: self._tutorial,
            CUSTOMIZATIONS: self._customizations,
            CUSTOM_SEARCH: self._custom_search,
            SEARCH: self._search,
        }
        return screens.get(ctx.activity, self._stub)(ctx)

    def _welcome(self, ctx: AppContext) -> Screen:
        return Screen(
            content=w.linear_layout(
                [
                    w.image_view("img"),
                    w.text_view("posidon launcher", height=160),
                    w.text_view(
                        "Start",
                        height=150,
                        on_click=lambda c: c.start_activity(TUTORIAL),
                    ),
                ]
            )
        )

    def _next(self, text: str, handler: Any) -> View:
        return w.text_view(text, "next", height=150, on_click=handler)

    def _tutorial(self, ctx: AppContext) -> Screen:
        page = ctx.ui.get("page", 1)
        views: list[View]
        if page == 1:
            chosen = ctx.ui.get("style", -1)
            views = [w.text_view("Choose where to start", height=200)]
            for i, (rid, text) in enumerate(STYLES):
                views.append(
                    w.text_view(
                        text,
                        rid,
                        height=150,
                        selected=chosen == i,
                        on_click=w.bind(self._choose_style, i),
                    )
                )
            views.append(
                w.text_view(
                    "Restore from backup",
                    "backup",
                    height=150,
                    selected=chosen == len(STYLES),
                    on_click=w.bind(self._choose_style, len(STYLES)),
                )
            )
            views.append(self._next("Next", self._done1))
        elif page == 2:
            views = [w.text_view("Permissions", height=160)]
            cards = [
                (
                    "",
                    "Notification access",
                    "Grant notification access to have your notifications displayed on your "
                    "homescreen",
                    None,
                ),
                (
                    "storagecard",
                    "Storage access",
                    "Grant storage access for things like accessing the wallpaper for the blur "
                    "in the app drawer",
                    "android.permission.READ_EXTERNAL_STORAGE",
                ),
                (
                    "contactsCard",
                    "Contacts access",
                    "Grant contact access so your contacts can show-up in search results",
                    "android.permission.READ_CONTACTS",
                ),
            ]
            for rid, title, text, permission in cards:
                grant = w.bind(self._grant, permission) if permission else (lambda c: None)
                views.append(
                    w.linear_layout(
                        [
                            w.text_view(title, height=90),
                            w.text_view(text, height=140),
                            w.text_view("Grant", height=110, on_click=grant),
                        ],
                        rid=rid,
                        weight=0,
                    )
                )
            views.append(self._next("Next", lambda c: c.ui.update(page=3)))
        elif page == 3:
            news = bool(self._setting(ctx, "feed:enabled", True))
            views = [
                w.text_view("Some quick adjustments", height=200),
                w.linear_layout(
                    [
                        w.text_view("News", height=150),
                        View(
                            cls=SWITCH,
                            resource_id="enableNews",
                            checkable=True,
                            checked=news,
                            width=180,
                            on_click=self._toggle_news,
                        ),
                    ],
                    horizontal=True,
                    weight=0,
                ),
                w.text_view(
                    "Sources",
                    height=150,
                    on_click=lambda c: c.start_activity(STUB, {"title": "Sources"}),
                ),
                w.text_view(
                    "Icon pack",
                    height=150,
                    on_click=lambda c: c.start_activity(STUB, {"title": "Icon pack"}),
                ),
                self._next("Next", lambda c: c.ui.update(page=4)),
            ]
        else:
            views = [
                w.text_view(
                    "To access the customizations or the wallpaper gallery, long-press or "
                    "pinch on the homescreen",
                    height=400,
                ),
                self._next("Done", self._done4),
            ]
        return Screen(content=w.linear_layout(views))

    def _home(self, ctx: AppContext) -> Screen:
        desktop = View(
            cls="androidx.core.widget.NestedScrollView",
            resource_id="desktop",
            children=[
                w.linear_layout(
                    [
                        w.frame_layout(rid="widgets", height=10),
                        View(
                            cls="androidx.recyclerview.widget.RecyclerView",
                            resource_id="feedrecycler",
                        ),
                    ],
                    rid="desktopContent",
                    on_long_click=lambda c: c.ui.update(menu=True),
                )
            ],
        )
        drawer = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.image_view("searchIcon", width=120),
                        w.text_view("Search…", "searchTxt"),
                    ],
                    rid="searchbar",
                    horizontal=True,
                    height=140,
                    on_click=lambda c: c.start_activity(SEARCH),
                ),
            ],
            rid="drawer",
            height=300,
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                Window(
                    root=w.linear_layout(
                        [
                            w.image_view("custombtn", handler=self._open_customizations),
                            w.image_view("wallbtn", handler=self._close_menu),
                            w.image_view("widgetpickerbtn", handler=self._close_menu),
                        ],
                        horizontal=True,
                        height=260,
                    ),
                    kind="sheet",
                    on_dismiss=self._close_menu,
                    bounds=(0, 1660, 1080, 1920),
                )
            )
        return Screen(
            content=w.frame_layout([w.linear_layout([desktop, drawer])], rid="homeView"),
            windows=windows,
        )

    def _customizations(self, ctx: AppContext) -> Screen:
        rows = [
            w.text_view(title, height=158, on_click=w.bind(self._open_category, title))
            for title in CATEGORIES
        ]
        return _settings_page([w.text_view("Customizations", height=250), *rows], "catlist")

    def _switch_row(self, ctx: AppContext, label: str, key: str, default: bool) -> View:
        return w.linear_layout(
            [
                w.text_view(label),
                View(
                    cls=SWITCH,
                    checkable=True,
                    checked=bool(self._setting(ctx, key, default)),
                    width=180,
                    on_click=w.bind(self._flip, key, default),
                ),
            ],
            horizontal=True,
            height=158,
            weight=0,
        )

    def _custom_search(self, ctx: AppContext) -> Screen:
        rows = [self._switch_row(ctx, *row) for row in SEARCH_SWITCHES]
        return _settings_page(
            [
                w.text_view("Search", height=118),
                w.text_view("Hint text", height=120),
                w.edit_text(
                    "hinttxt",
                    str(self._setting(ctx, "searchhinttxt", "Search..")),
                    lambda c, t: c.data["settings"].update(searchhinttxt=t),
                    height=130,
                ),
                w.text_view("Text color", height=158),
                w.text_view("Background", height=158),
                w.text_view("Icon size", height=120),
                View(
                    cls="android.widget.SeekBar",
                    resource_id="iconSizeSlider",
                    height=100,
                ),
                *rows,
                w.text_view("In drawer", height=158),
                w.text_view("In dock", height=158),
                w.text_view("Blur", height=158),
            ]
        )

    def _search(self, ctx: AppContext) -> Screen:
        return Screen(
            content=w.linear_layout(
                [
                    View(cls="android.widget.GridView", resource_id="searchgrid"),
                    w.linear_layout(
                        [
                            w.image_view("searchIcon", width=120),
                            w.edit_text(
                                "searchTxt",
                                ctx.ui.get("query", ""),
                                self._search_text,
                                hint=str(self._setting(ctx, "searchhinttxt", "Search..")),
                            ),
                            w.image_view("kill", handler=self._kill, width=120),
                        ],
                        rid="searchbar",
                        horizontal=True,
                        height=150,
                        weight=0,
                    ),
                ],
                rid="bg",
            )
        )

    def _stub(self, ctx: AppContext) -> Screen:
        title = str(ctx.extras.get("title", ""))
        return Screen(
            content=w.linear_layout([w.up_button(), w.text_view(title, height=200)]),
            title=title,
        )
