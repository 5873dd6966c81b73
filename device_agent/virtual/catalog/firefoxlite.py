"""Firefox Lite 2.1.20 (``org.mozilla.rocket``), with bug FirefoxLite#5085 (crash).

Modelled from the sources at tag ``v2.1.20`` (``AndroidManifest.xml``,
``focus/activity/MainActivity.kt``, ``SettingsActivity.java``,
``focus/settings/SettingsFragment.kt``,
``focus/widget/LocaleListPreference.java``, ``rocket/home/HomeFragment.kt``, ``HomeViewModel.kt``,
``focus/utils/DialogUtils.kt``, ``focus/utils/NewFeatureNotice.java``,
``rocket/home/contenthub/data/ContentHubRepo.kt``, ``rocket/menu/MenuDialog.kt``,
``rocket/chrome/MenuItemAdapter.kt``, ``MenuViewModel.kt``, ``BottomBarItemAdapter.kt``,
``res/layout/fragment_home.xml``, ``content_services_onboarding_attached_view.xml``,
``bottom_sheet_main_menu.xml``, ``menu_item_text_image.xml``, ``item_content_hub.xml``,
``item_top_site.xml``, ``activity_settings.xml``, ``focus_preference.xml``,
``preference_telemetry.xml``, ``res/xml/settings.xml``, ``res/raw/topsites.json``,
``content_hub_default_items.json``, ``res/values/strings.xml``, ``app/buildscripts/l10n.gradle``
and ``buildSrc/.../Dependencies.kt`` for the bundled locales):

- a fresh install skips the first-run pager (``shouldShowFirstrun`` needs an earlier run) and
  opens the home screen (``HomeFragment`` in ``MainActivity``): the Content & Services hub
  (``content_hub_layout``, items Travel / News / Game of ``content_hub_default_items.json``), the
  top sites (``main_list``, 8 a page from ``topsites.json``; swipe for the second page), the
  search panel (``private_mode_button``, the fake input "Search…", the tab counter
  ``home_fragment_tab_counter`` and the menu button ``home_fragment_menu_button``; private
  mode, the search screen and the tab tray are not modelled: those taps do nothing). On its first
  show the home screen's onboarding spotlight covers it: "Content & Services", "Tap to read
  trending news, plan your next trip and more!" and OK (``next``);
- the menu button opens the menu bottom sheet (``menu_layout``: Bookmarks, Downloads, History,
  Screenshots, Turbo mode, Private tab, Night mode, Block images, Find in page, Clear cache,
  Settings, Exit, each an item ``menu_*`` with ``menu_item_text``) over the bottom bar
  (``menu_bottom_bar``: next, capture, bookmark, pin shortcut, share, disabled on the home
  screen). Settings starts ``SettingsActivity``; Turbo mode, Night mode and Block images toggle;
  Exit closes the app; the panels (Bookmarks, Downloads, History, Screenshots), Private tab and
  Find in page are not modelled (the sheet closes);
- Settings (toolbar "Settings" with Navigate up, the framework ``PreferenceFragment``'s
  ``android:id/list``): Language ("System default"), Default search engine ("Google"), Clear
  browsing data, Save downloads to ("Internal storage"), Night mode brightness (disabled while
  night mode is off), Turbo mode (switch, on), Set as default browser (switch, off), Add private
  mode shortcut to Home screen, Send usage data (switch, on), Give feedback, Share with friends,
  About. Language opens the ``ListPreference`` dialog "Language": "System default" then the
  bundled locales of the release ("focus") flavour sorted by their native names (``en-US``,
  ``in``, ``hi-IN``, ``th``, ``tl``, ``su``, ``jv``, ``vi``, ``zh-TW``, ``ta``, ``kn``, ``ml``;
  the names of ``su``, ``jv``, ``ta``, ``kn``, ``ml`` are the app's own map, the others are
  ICU's as Android 6 gives them), and Cancel. Default search engine opens its list (Google,
  DuckDuckGo); About opens ``InfoActivity`` (a stub); the other rows start other apps or the
  system's dialogs and do nothing here.

Network content: none is needed on the path; the top sites and the content hub are the bundled
defaults, and tapping one opens a stub (title and Back).

The bug (FirefoxLite#5085): choosing another language persists it, and the fragment's
``onSharedPreferenceChanged`` replaces itself by ``SettingsFragment()`` built without arguments;
its ``onCreate`` calls ``arguments.getString(EXTRA_ACTION)`` on the null ``arguments``: a
``NullPointerException`` when the replacement commits (fix ``9bad3fa2``, 2.1.21:
``arguments?.getString``). The report has no stack trace; the frames are the sources' methods
and Android 6's fragment manager. Choosing the language already selected changes no preference
and does not crash. Not modelled: the app's texts in the chosen language after it restarts.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "org.mozilla.rocket"
MAIN = "org.mozilla.focus.activity.MainActivity"
SETTINGS = "org.mozilla.focus.activity.SettingsActivity"
INFO = "org.mozilla.focus.activity.InfoActivity"
STUBS = {
    "org.mozilla.rocket.content.travel.ui.TravelActivity": "Travel",
    "org.mozilla.rocket.content.news.ui.NewsActivity": "News",
    "org.mozilla.rocket.content.game.ui.GameActivity": "Game",
    INFO: "About",
}
CONTENT_HUB = (
    ("Travel", "org.mozilla.rocket.content.travel.ui.TravelActivity"),
    ("News", "org.mozilla.rocket.content.news.ui.NewsActivity"),
    ("Game", "org.mozilla.rocket.content.game.ui.GameActivity"),
)
TOP_SITES = (
    ("YouTube", "https://m.youtube.com"),
    ("Facebook", "https://m.facebook.com"),
    ("Wikipedia", "https://www.wikipedia.org"),
    ("Reddit", "https://www.reddit.com"),
    ("Instagram", "https://www.instagram.com"),
    ("Twitter", "https://mobile.twitter.com"),
    ("eBay", "https://www.ebay.com"),
    ("Twitch", "https://m.twitch.tv"),
    ("Stackoverflow", "https://stackoverflow.com"),
    ("Medium", "https://medium.com"),
    ("Health", "https://www.health.com"),
)
SITES_PER_PAGE = 8
SPOTLIGHT_TITLE = "Content & Services"
SPOTLIGHT_MESSAGE = "Tap to read trending news, plan your next trip and more!"
# MenuViewModel.DEFAULT_MENU_ITEMS: (id, title).
MENU_ITEMS = (
    ("menu_bookmark", "Bookmarks"),
    ("menu_download", "Downloads"),
    ("menu_history", "History"),
    ("menu_screenshots", "Screenshots"),
    ("menu_turbomode", "Turbo mode"),
    ("private_browsing_btn", "Private tab"),
    ("menu_night_mode", "Night mode"),
    ("menu_blockimg", "Block images"),
    ("menu_find_in_page", "Find in page"),
    ("menu_delete", "Clear cache"),
    ("menu_preferences", "Settings"),
    ("menu_exit", "Exit"),
)
TOGGLES = {"menu_turbomode": "turbo", "menu_night_mode": "night_mode", "menu_blockimg": "block"}
BOTTOM_BAR = (
    "bottom_bar_next",
    "bottom_bar_capture",
    "bottom_bar_bookmark",
    "bottom_bar_pin_shortcut",
    "bottom_bar_share",
)
SYSTEM_DEFAULT = "System default"
# LocaleListPreference.buildList(): "System default", then the bundled locales by native name.
LOCALES = (
    ("", SYSTEM_DEFAULT),
    ("in", "Bahasa Indonesia"),
    ("jv", "Basa Jawa"),
    ("su", "Basa Sunda"),
    ("en-US", "English (United States)"),
    ("tl", "Filipino"),
    ("vi", "Tiếng Việt"),
    ("hi-IN", "हिन्दी (भारत)"),
    ("ta", "தமிழ்"),
    ("kn", "ಕನ್ನಡ"),
    ("ml", "മലയാളം"),
    ("th", "ไทย"),
    ("zh-TW", "中文 (台灣)"),
)
ENGINES = ("Google", "DuckDuckGo")
TELEMETRY_SUMMARY = (
    "Mozilla strives to collect only what we need to provide and improve Firefox Lite for everyone."
)
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'java.lang.String android.os.Bundle.getString("
    "java.lang.String)' on a null object reference"
)
# SettingsFragment.onCreate, run by the fragment manager when the replacement commits.
REPLACE_FRAMES = [
    "org.mozilla.focus.settings.SettingsFragment.onCreate(SettingsFragment.kt:53)",
    "android.app.Fragment.performCreate(Fragment.java:2198)",
    "android.app.FragmentManagerImpl.moveToState(FragmentManager.java:942)",
    "android.app.FragmentManagerImpl.moveToState(FragmentManager.java:1148)",
    "android.app.BackStackRecord.run(BackStackRecord.java:793)",
    "android.app.FragmentManagerImpl.execPendingActions(FragmentManager.java:1535)",
    "android.app.FragmentManagerImpl$1.run(FragmentManager.java:482)",
    *callback_frames(23),
]


# The settings fragment re-created for a new language crashed on its null arguments.
_oracle_5085 = crash_oracle(PACKAGE, "java.lang.NullPointerException", "Bundle.getString")
_click = partial(click, PACKAGE)


BUG_5085 = BugSpec(
    bug_id="FirefoxLite#5085",
    kind="crash",
    title="Firefox Lite crashes when changing app language",
    oracle=_oracle_5085,
    human_steps=(
        _click("next", "OK"),
        _click("home_fragment_menu_button"),
        _click("menu_item_text", "Settings"),
        _click("android:id/title", "Language"),
        _click("android:id/text1", "Tiếng Việt"),
    ),
)


class FirefoxLite(VirtualApp):
    """Firefox Lite 2.1.20 (see the module docstring)."""

    name: ClassVar[str] = "FirefoxLite"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Firefox Lite"
    version: ClassVar[str] = "2.1.20"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_5085,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "home_onboarding_shown": False,
            "prefs": {
                "turbo": True,
                "night_mode": False,
                "block": False,
                "telemetry": True,
                "engine": "Google",
            },
            "locale": None,  # pref_key_locale: None until Settings persists its default ""
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("dialog", None)
        if ctx.activity == MAIN:
            ui.setdefault("menu", False)
            ui.setdefault("page", 0)
            ui.setdefault("site", None)
            if not ctx.data["home_onboarding_shown"]:
                # HomeViewModel.init: completeHomeOnboardingUseCase(), then the spotlight.
                ctx.data["home_onboarding_shown"] = True
                ui["dialog"] = "spotlight"
        elif ctx.activity == SETTINGS and ctx.data["locale"] is None:
            # ListPreference.onSetInitialValue persists the default value "".
            ctx.data["locale"] = ""

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN and ui.get("menu"):
            ui["menu"] = False
            return True
        if ctx.activity == MAIN and ui.get("site") is not None:
            ui["site"] = None
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or ctx.ui.get("site") is not None:
            return False
        pages = (len(TOP_SITES) - 1) // SITES_PER_PAGE + 1
        return w.pager_swipe(ctx.ui, "page", pages, direction)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity in STUBS:
            bar = w.toolbar(STUBS[ctx.activity], navigation=w.up_button())
            return Screen(content=w.linear_layout([bar]))
        if ctx.ui.get("site") is not None:
            return self._render_site(ctx)
        return self._render_home(ctx)

    def _render_site(self, ctx: AppContext) -> Screen:
        """A tapped top site: the browser with the site's address (the page is not modelled)."""
        title, url = TOP_SITES[ctx.ui["site"]]
        bar = w.linear_layout(
            [w.text_view(url, "display_url", height=147)],
            rid="url_bar",
            horizontal=True,
            height=147,
        )
        page = View(cls="android.webkit.WebView", resource_id="webview_slot", content_desc=title)
        return Screen(content=w.linear_layout([bar, page]))

    def _render_home(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        hub = w.linear_layout(
            [
                w.text_view(SPOTLIGHT_TITLE, "content_hub_title", height=90),
                w.linear_layout(
                    [
                        View(
                            cls="android.view.ViewGroup",
                            on_click=w.bind(lambda c, a: c.start_activity(a), activity),
                            children=[
                                w.image_view("icon"),
                                w.text_view(title, "text", height=70),
                            ],
                        )
                        for title, activity in CONTENT_HUB
                    ],
                    rid="content_hub",
                    horizontal=True,
                ),
            ],
            rid="content_hub_layout",
            height=360,
        )
        first = ui["page"] * SITES_PER_PAGE
        shown = list(enumerate(TOP_SITES))[first : first + SITES_PER_PAGE]
        tiles = [
            View(
                cls="android.view.ViewGroup",
                width=270,
                on_click=w.bind(self._open_site, index),
                children=[
                    w.image_view("content_image", height=150),
                    w.text_view(title, "text", height=80),
                ],
            )
            for index, (title, _) in shown
        ]
        sites = View(
            cls="androidx.viewpager2.widget.ViewPager2",
            resource_id="main_list",
            height=500,
            children=[
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    children=[
                        View(layout=HORIZONTAL, height=250, children=tiles[i : i + 4])
                        for i in range(0, len(tiles), 4)
                    ],
                )
            ],
        )
        search = View(
            cls="android.view.ViewGroup",
            resource_id="search_panel",
            layout=HORIZONTAL,
            height=168,
            children=[
                w.image_button("private_mode_button", "", self._private_mode, width=147),
                View(
                    cls="android.view.View",
                    resource_id="home_fragment_fake_input",
                    on_click=lambda c: None,  # the search screen: not modelled
                    children=[
                        w.image_view("home_fragment_fake_input_icon"),
                        w.text_view("Search…", "home_fragment_fake_input_text", height=168),
                    ],
                    layout=HORIZONTAL,
                ),
                w.frame_layout(
                    [w.text_view("0", "counter_text", height=126)],
                    rid="home_fragment_tab_counter",
                    on_click=lambda c: None,
                    width=126,
                ),
                w.frame_layout(
                    rid="home_fragment_menu_button",
                    on_click=lambda c: c.ui.update(menu=True),
                    width=126,
                ),
            ],
        )
        panel = w.linear_layout(
            [
                sites,
                View(cls="android.view.View", resource_id="page_indicator", height=40),
                search,
            ],
            rid="arc_panel",
            weight=0,
        )
        home = View(
            cls="android.view.ViewGroup",
            resource_id="home_container",
            children=[
                w.image_view("home_fragment_title", height=200),
                hub,
                w.image_view("arc_view", height=120),
                panel,
            ],
        )
        return Screen(content=home, windows=self._home_windows(ctx))

    def _home_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["menu"]:
            windows.append(self._menu_sheet(ctx))
        if ui["dialog"] == "spotlight":
            card = View(
                cls="androidx.cardview.widget.CardView",
                resource_id="onboarding_dialog",
                weight=0,
                children=[
                    w.linear_layout(
                        [
                            w.text_view(
                                SPOTLIGHT_TITLE,
                                "content_services_plateform_onboarding_title",
                                height=90,
                            ),
                            w.text_view(
                                SPOTLIGHT_MESSAGE,
                                "content_services_plateform_onboarding_message",
                                height=150,
                            ),
                            w.button("next", "OK", self._close_spotlight, height=126, width=300),
                        ],
                        weight=0,
                    )
                ],
            )
            root = w.relative_layout(
                [
                    View(cls="android.view.View", height=760),
                    View(
                        cls="androidx.constraintlayout.widget.ConstraintLayout",
                        weight=0,
                        children=[
                            View(cls="android.view.View", resource_id="tooltip_pointer", height=40),
                            card,
                        ],
                    ),
                ]
            )
            windows.append(
                Window(
                    root=root,
                    bounds=(0, 0, ctx.screen_size[0], ctx.screen_size[1]),
                    on_dismiss=self._close_spotlight,
                )
            )
        return windows

    def _menu_sheet(self, ctx: AppContext) -> Window:
        prefs = ctx.data["prefs"]
        cells = [
            View(
                cls="android.widget.LinearLayout",
                resource_id=rid,
                width=270,
                selected=bool(prefs.get(TOGGLES.get(rid, ""), False)),
                on_click=w.bind(self._menu_item, rid),
                enabled=rid != "menu_find_in_page",  # enabled only over a web page
                children=[
                    w.image_view("menu_item_image", height=110),
                    w.text_view(title, "menu_item_text", height=70),
                ],
            )
            for rid, title in MENU_ITEMS
        ]
        grid = w.linear_layout(
            [
                View(layout=HORIZONTAL, height=200, children=cells[i : i + 4])
                for i in range(0, len(cells), 4)
            ],
            rid="menu_layout",
            weight=0,
        )
        bottom = w.linear_layout(
            [w.image_button(rid, "", None, enabled=False) for rid in BOTTOM_BAR],
            rid="menu_bottom_bar",
            horizontal=True,
            height=147,
        )
        sheet = w.linear_layout(
            [grid, View(cls="android.view.View", height=3), bottom], rid="menu", weight=0
        )
        height = 3 * 200 + 3 + 147
        width, screen_h = ctx.screen_size
        return Window(
            root=sheet,
            kind="sheet",
            bounds=(0, screen_h - height, width, screen_h),
            on_dismiss=lambda c: c.ui.update(menu=False),
        )

    def _render_settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        locale = ctx.data["locale"] or ""
        language = dict(LOCALES).get(locale, SYSTEM_DEFAULT)

        def switch(key: str) -> View:
            """The row's own Switch (``switch_widget``): its listener flips the preference."""
            return w.linear_layout(
                [
                    View(
                        cls="android.widget.Switch",
                        resource_id="switch_widget",
                        checkable=True,
                        checked=bool(prefs.get(key, False)),
                        on_click=w.bind(self._toggle, key),
                    )
                ],
                rid="android:id/widget_frame",
                width=200,
                weight=0,
            )

        rows = [
            w.preference("Language", language, self._open_language),
            w.preference("Default search engine", prefs["engine"], self._open_engines),
            w.preference("Clear browsing data", "", lambda c: None),
            w.preference("Save downloads to ", "Internal storage", lambda c: None),
            w.preference("Night mode brightness", "", None, enabled=bool(prefs["night_mode"])),
            w.preference("Turbo mode", "Learn more", None, widget=switch("turbo")),
            w.preference("Set as default browser", "", lambda c: None, widget=switch("default")),
            w.preference("Add private mode shortcut to Home screen", "", lambda c: None),
            w.preference(
                "Send usage data", TELEMETRY_SUMMARY, None, widget=switch("telemetry"), height=260
            ),
            w.preference("Give feedback", "", lambda c: None),
            w.preference("Share with friends", "", lambda c: None),
            w.preference("About", "", lambda c: c.start_activity(INFO)),
        ]
        bar = w.toolbar("Settings", navigation=w.up_button())
        container = w.frame_layout([w.list_view(rows, scroll_key="prefs_scroll")], rid="container")
        content = w.linear_layout([bar, container])
        windows: list[Window] = []
        dialog = ctx.ui["dialog"]
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        if dialog == "language":
            values = [tag for tag, _ in LOCALES]
            windows.append(
                w.long_choice_dialog(
                    "Language",
                    [name for _, name in LOCALES],
                    values.index(locale) if locale in values else 0,
                    self._choose_locale,
                    close,
                    negative=("Cancel", close),
                    visible_rows=9,
                    scroll_key="language_scroll",
                )
            )
        elif dialog == "engines":
            windows.append(
                w.choice_dialog(
                    "Default search engine",
                    ENGINES,
                    ENGINES.index(prefs["engine"]),
                    self._choose_engine,
                    close,
                    negative=("Cancel", close),
                )
            )
        return Screen(content=content, windows=windows)

    # -- handlers ----------------------------------------------------------------------------
    def _close_spotlight(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _open_site(self, ctx: AppContext, index: int) -> None:
        ctx.ui["site"] = index

    def _private_mode(self, ctx: AppContext) -> None:
        """Private mode (``PrivateModeActivity``): not modelled, nothing happens."""

    def _menu_item(self, ctx: AppContext, rid: str) -> None:
        ctx.ui["menu"] = False
        if rid == "menu_preferences":
            ctx.start_activity(SETTINGS)
        elif rid == "menu_exit":
            ctx.finish()
        elif rid in TOGGLES:
            self._toggle(ctx, TOGGLES[rid])

    def _toggle(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"].get(key, False)

    def _open_language(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "language"

    def _open_engines(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "engines"

    def _choose_engine(self, ctx: AppContext, index: int) -> None:
        ctx.ui["dialog"] = None
        ctx.data["prefs"]["engine"] = ENGINES[index]

    def _choose_locale(self, ctx: AppContext, index: int) -> None:
        """ListPreference: a tapped entry closes the dialog and persists its value; only a
        changed value reaches ``SettingsFragment.onSharedPreferenceChanged`` (FirefoxLite#5085)."""
        ctx.ui["dialog"] = None
        value = LOCALES[index][0]
        if value == ctx.data["locale"]:
            return
        ctx.data["locale"] = value
        self._locale_changed(ctx, value)

    def _locale_changed(self, ctx: AppContext, value: str) -> None:
        """``onSharedPreferenceChanged``: update the configuration, then replace the fragment by
        ``SettingsFragment()`` (no arguments), whose ``onCreate`` reads ``arguments``."""
        ctx.log("LocaleManager", f"Locale changed to {value or 'system default'}", "I")
        raise JavaException("java.lang.NullPointerException", NPE_MESSAGE, frames=REPLACE_FRAMES)
