"""Firefox Focus (``org.mozilla.focus``) 7.0 (build 7.0-B1), for focus-android#3297 ("No return
path after tapping on ℹ️ while adding a custom search engine").

Modelled from the sources at tag ``v7.0-B1`` (under ``app/src/main``):
``fragment/FirstrunFragment.java``, ``firstrun/FirstrunPagerAdapter.java``,
``fragment/UrlInputFragment.kt``, ``menu/home/HomeMenuAdapter.kt``,
``fragment/BrowserFragment.java`` (``onBackPressed``, ``erase``), ``activity/SettingsActivity``,
``settings/SettingsFragment``, ``settings/SearchSettingsFragment``,
``settings/InstalledSearchEnginesSettingsFragment``,
``settings/ManualAddSearchEngineSettingsFragment.kt``, ``search/ManualAddSearchEnginePreference``,
``utils/SupportUtils.java``, ``res/layout/fragment_firstrun.xml``, ``firstrun_page.xml``,
``fragment_urlinput.xml``, ``fragment_browser.xml``, ``toolbar.xml``, ``activity_settings.xml``,
``preference_manual_add_search_engine.xml``, ``search_engine_radio_button.xml``,
``res/menu/menu_search_engines.xml``, ``menu_search_engine_manual_add.xml``,
``res/xml/settings.xml``, ``search_settings.xml``, ``search_engine_settings.xml``,
``res/values/strings.xml``; and the fix, commit ``d7ef10e2``.

- A fresh install shows the first-run pager (``skip`` "Skip", the card's ``title``, ``text`` and
  ``button`` "Next", "OK, got it!" on the last of four pages, the ``tabs`` dots), then the home
  screen: the wordmark, ``homeViewTipsLabel``, ``urlView`` ("Search or enter address") and
  ``menuView`` ("More options") with the home menu (rows ``whats_new`` with its ``dot``,
  ``help``, ``settings``; only Settings is modelled). Typing in ``urlView`` and Enter opens a
  browsing session;
- the browser (``BrowserFragment``): ``display_url``, the ``webview`` (the page is not rendered:
  no network), the erase FAB ``erase`` ("Erase browsing history") and ``menuView``; Back with no
  web history erases the session and returns home with "Your browsing history has been
  erased.";
- ``.activity.SettingsActivity`` (``toolbar`` with its navigation icon, a support-library preference
  list): Language, Privacy & Security, Search, Advanced, Make Firefox Focus default browser, Mozilla
  (only Search is more than a stub); Search: the search engine row (the default engine's name over
  "Default"), Get search suggestions (a switch), URL Autocomplete (a stub); "Installed search
  engines": a ``radio_button`` per engine, "+ Add another search engine", the overflow's Remove and
  Restore default search engines (stubs); "Add search engine": the close icon, Learn more
  (``learn_more``, the ℹ️ icon), Save (``menu_save_search_engine``), the fields ``edit_engine_name``
  ("Search engine name") and ``edit_search_string`` ("Search string to use") and the example line.
  Save checks a name, a new name, a search string and the ``%s`` format; the real app then checks
  the URL over the network (here: accepted, see the world).

The world: the device has no network: a page is only its URL; a search string in the example
format is taken as reachable. The installed engines are the en-US list a test device showed
(``ENGINES``): an assumption, as the list comes from android-components' bundled configuration.

The bug (focus-android#3297): Learn more on "Add search engine" creates a browsing session for
the SUMO page and FINISHES the settings activity, so the typed name and search string are gone
and Back from the page (no web history) erases the session and lands on the home screen, not on
the form. The fix (``d7ef10e2``) opens the page in an ``InfoActivity`` on top of the settings,
so Back returns to the form. The oracle reads app state: Back from a session the Learn more
opened landed on the home screen (the erase button landing there is its job, not the bug).

Human steps: 10 actions against index.tsv's 13: Skip (the reporter may have paged through the
four first-run cards with Next: 4 taps), More options, Settings, Search, the search engine row
("Google"), "+ Add another search engine", type the name "Test", type a search string (the
report's optional step 3), the ℹ️ icon, Back.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog import _steps as steps
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "org.mozilla.focus"
MAIN = ".activity.MainActivity"
SETTINGS = ".activity.SettingsActivity"
APP_NAME = "Firefox Focus"
VERSION_NAME = "7.0"
SUMO_ADD_ENGINE = (
    f"https://support.mozilla.org/1/mobile/{VERSION_NAME}/Android/en-US/add-search-engine"
)
FIRSTRUN = (
    (
        "Power up your privacy",
        "Take private browsing to the next level. Block ads and other content that can track "
        "you across sites and bog down page load times.",
    ),
    (
        "Your search, your way",
        "Searching for something different? Choose another default search engine in Settings.",
    ),
    (
        "Add shortcuts to your home screen",
        f'Return to your favorite sites in {APP_NAME} quickly. Just select "Add to Home screen" '
        f"from the {APP_NAME} menu.",
    ),
    (
        "Make privacy a habit",
        f"Set {APP_NAME} as your default browser and get the benefits of private browsing when "
        "you open webpages from other apps.",
    ),
)
TEASER = "Automatic private browsing.\nBrowse. Erase. Repeat."
ENGINES = ("Google", "Amazon.com", "DuckDuckGo", "Twitter", "Wikipedia")
ERASED = "Your browsing history has been erased."
SETTINGS_ROWS = (
    ("language", "Language", "System default"),
    ("privacy", "Privacy & Security", "Tracking, cookies, data choices"),
    ("search", "Search", "Set default, autocomplete"),
    ("advanced", "Advanced", "Developer tools"),
    ("default_browser", f"Make {APP_NAME} default browser", ""),
    ("mozilla", "Mozilla", f"About {APP_NAME}, help"),
)
TITLES = {
    "": "Settings",
    **{key: title for key, title, _ in SETTINGS_ROWS},
    "engines": "Installed search engines",
    "add": "Add search engine",
    "autocomplete": "URL Autocomplete",
}
ERROR_EMPTY_NAME = "Enter search engine name"
ERROR_DUPLICATE = "An installed search engine is already using that name."
ERROR_EMPTY_SEARCH = "Enter search string"
ERROR_FORMAT = "Check that search string matches Example format"


def _landed_home_from_learn_more(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return bool(data.get("learn_more_back_to_home"))


def _click(rid: str = "", text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return steps.click(PACKAGE, rid, text, desc, cls)


def _type(rid: str, text: str) -> dict[str, Any]:
    return steps.input_text(PACKAGE, rid, text)


BUG_3297 = BugSpec(
    bug_id="focus-android#3297",
    kind="non-crash",
    title="No return path after tapping on ℹ️ while adding a custom search engine",
    oracle=_landed_home_from_learn_more,
    human_steps=(
        _click("skip", "Skip", cls="android.widget.Button"),
        _click("menuView", desc="More options", cls="android.widget.ImageButton"),
        _click("settings", "Settings", cls="android.widget.TextView"),
        _click("android:id/title", "Search", cls="android.widget.TextView"),
        _click("android:id/title", "Google", cls="android.widget.TextView"),
        _click("android:id/title", "+ Add another search engine", cls="android.widget.TextView"),
        _type("edit_engine_name", "Test"),
        _type("edit_search_string", "example.com/search/?q=%s"),
        _click("learn_more", desc="Learn more", cls="android.widget.TextView"),
        {"kind": "press_back"},
    ),
)


class Focus70(VirtualApp):
    """Firefox Focus 7.0 (see the module docstring)."""

    name: ClassVar[str] = "focus-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "7.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_3297,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "firstrun_done": False,
            "session": None,  # the browsing session: {"url", "source"} (SessionManager)
            "engines": list(ENGINES),
            "default_engine": ENGINES[0],
            "suggestions": False,
            "learn_more_back_to_home": 0,
        }

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SETTINGS:
            ui.setdefault("screens", [])
            ui.setdefault("menu", False)
            ui.setdefault("name", "")
            ui.setdefault("query", "")
            ui.setdefault("error", {})
            return
        ui.setdefault("page", 0)
        ui.setdefault("url_text", "")
        ui.setdefault("menu", False)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._settings(ctx)
        if not ctx.data["firstrun_done"]:
            return Screen(content=self._firstrun(ctx))
        if ctx.data["session"] is not None:
            return self._browser(ctx)
        return self._home(ctx)

    def _firstrun(self, ctx: AppContext) -> View:
        page = ctx.ui["page"]
        title, text = FIRSTRUN[page]
        last = page == len(FIRSTRUN) - 1
        card = w.frame_layout(
            [
                w.linear_layout(
                    [
                        w.image_view("image", height=500),
                        w.text_view(title, "title", height=150),
                        w.text_view(text, "text", height=300),
                        w.button(
                            "button",
                            "OK, got it!" if last else "Next",
                            self._finish_firstrun if last else self._next_page,
                            height=147,
                        ),
                    ]
                )
            ]
        )
        dots = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="tabs",
            layout=HORIZONTAL,
            height=80,
            weight=0,
            children=[w.linear_layout(selected=i == page, width=60) for i in range(len(FIRSTRUN))],
        )
        return w.frame_layout(
            [
                w.linear_layout(
                    [
                        View(height=160, weight=0),
                        View(
                            cls="android.support.v4.view.ViewPager",
                            resource_id="pager",
                            children=[card],
                        ),
                        dots,
                    ]
                ),
                w.button(
                    "skip", "Skip", self._finish_firstrun, width=260, height=147, gravity="top_end"
                ),
            ],
            rid="background",
            layout=FRAME,
        )

    def _home(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.frame_layout(
            [
                w.linear_layout(
                    [
                        w.edit_text(
                            "urlView",
                            ui["url_text"],
                            self._type_url,
                            hint="Search or enter address",
                        ),
                        *(
                            [w.image_button("clearView", "Clear input", self._clear_url, width=147)]
                            if ui["url_text"]
                            else []
                        ),
                        w.image_button(
                            "menuView",
                            "More options",
                            lambda c: c.ui.update(menu=True),
                            width=147,
                        ),
                    ],
                    horizontal=True,
                )
            ],
            rid="urlInputLayout",
            height=180,
            weight=0,
        )
        body = w.linear_layout(
            [
                w.image_view("", APP_NAME, height=300),
                w.text_view(TEASER, "homeViewTipsLabel", height=200),
            ],
            rid="keyboardLinearLayout",
        )
        root = w.frame_layout([w.linear_layout([bar, body])], rid="backgroundView")
        windows = [self._home_menu()] if ui["menu"] else []
        return Screen(content=root, windows=windows)

    def _home_menu(self) -> Window:
        """HomeMenu (``menu.xml``): a CardView's RecyclerView ``list`` whose rows are TextViews
        carrying the item's id (``HomeMenuAdapter``: ``labelView.id = item.id``); What's New
        holds its label and the ``dot`` (highlighted on a fresh install)."""
        close = self._close_menu
        whats_new = w.linear_layout(
            [
                w.text_view("What's New"),
                w.image_view("dot", width=40),
            ],
            rid="whats_new",
            horizontal=True,
            height=147,
            on_click=close,
        )
        listing = View(
            cls="android.support.v7.widget.RecyclerView",
            resource_id="list",
            weight=0,
            children=[
                whats_new,
                w.text_view("Help", "help", on_click=close, height=147),
                w.text_view("Settings", "settings", on_click=self._open_settings, height=147),
            ],
        )
        card = View(cls="android.support.v7.widget.CardView", weight=0, children=[listing])
        return Window(root=card, kind="menu", on_dismiss=close, bounds=(440, 80, 1060, 530))

    def _browser(self, ctx: AppContext) -> Screen:
        url = ctx.data["session"]["url"]
        bar = View(
            cls="org.mozilla.focus.browser.DisplayToolbar",
            resource_id="appbar",
            height=147,
            weight=0,
            children=[
                w.frame_layout(
                    [
                        w.image_view("security_info", "Site information", width=100),
                        w.text_view(url, "display_url", height=147),
                        w.image_button("menuView", "More options", lambda c: None, width=147),
                    ],
                    rid="urlbar",
                    layout=HORIZONTAL,
                )
            ],
        )
        page = w.frame_layout(
            [
                View(cls="android.webkit.WebView", resource_id="webview"),
                w.fab("erase", "Erase browsing history", self._erase),
            ],
            rid="main_content",
            layout=FRAME,
        )
        return Screen(content=w.linear_layout([bar, page]))

    # -- settings ----------------------------------------------------------------------------
    def _settings(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        key = ui["screens"][-1] if ui["screens"] else ""
        actions: list[View] = []
        windows: list[Window] = []
        if key == "":
            rows = [
                w.preference(title, summary, w.bind(self._open_screen, k))
                for k, title, summary in SETTINGS_ROWS
            ]
        elif key == "search":
            rows = [
                # SearchEnginePreference: the default engine's name over "Default"
                w.preference(
                    ctx.data["default_engine"], "Default", w.bind(self._open_screen, "engines")
                ),
                w.preference(
                    "Get search suggestions",
                    f"{APP_NAME} will send what you type in the address bar to your search engine",
                    self._toggle_suggestions,
                    widget=w.switch_widget(ctx.data["suggestions"], rid="switchWidget"),
                ),
                w.preference("URL Autocomplete", "", w.bind(self._open_screen, "autocomplete")),
            ]
        elif key == "engines":
            rows = [self._engine_row(ctx, name) for name in ctx.data["engines"]]
            rows.append(
                w.preference("+ Add another search engine", "", w.bind(self._open_screen, "add"))
            )
            actions = [w.overflow_button(lambda c: c.ui.update(menu=True))]
            if ui["menu"]:
                close = self._close_menu
                items = [("Remove", close), ("Restore default search engines", close)]
                windows.append(w.menu_window(items, close))
        elif key == "add":
            rows = self._add_engine_form(ctx)
            actions = [
                w.action_item("learn_more", "Learn more", self._learn_more),
                w.action_item(
                    "menu_save_search_engine", "Save", self._save_engine, text="Save", width=200
                ),
            ]
        else:
            rows = []  # a stub: the screen's title
        content = w.linear_layout(
            [
                w.toolbar(
                    TITLES[key],
                    navigation=w.nav_button(w.NAVIGATE_UP, self._settings_up),
                    actions=actions,
                    cls="android.support.v7.widget.Toolbar",
                ),
                w.frame_layout(
                    [
                        w.list_view(
                            rows,
                            rid="list",
                            cls="android.support.v7.widget.RecyclerView",
                            scroll_key=f"scroll_{key}",
                        )
                    ],
                    rid="container",
                ),
            ]
        )
        return Screen(content=content, windows=windows)

    def _engine_row(self, ctx: AppContext, name: str) -> View:
        return View(
            cls="android.widget.RadioButton",
            resource_id="radio_button",
            text=name,
            checkable=True,
            checked=name == ctx.data["default_engine"],
            on_click=w.bind(self._choose_engine, name),
            height=160,
        )

    def _add_engine_form(self, ctx: AppContext) -> list[View]:
        ui = ctx.ui
        errors = ui["error"]

        def field(rid: str, text: str, hint: str, key: str) -> View:
            children = [w.edit_text(rid, text, bind_text(self._type_field, key), hint=hint)]
            if errors.get(key):
                children.append(w.text_view(errors[key], "textinput_error", height=70))
            return w.linear_layout(children, rid=f"{rid}_layout", weight=0)

        return [
            field("edit_engine_name", ui["name"], "Search engine name", "name"),
            field("edit_search_string", ui["query"], "Search string to use", "query"),
            w.text_view("Example: example.com/search/?q=%s", height=110),
        ]

    # -- handlers ----------------------------------------------------------------------------
    def _next_page(self, ctx: AppContext) -> None:
        ctx.ui["page"] += 1

    def _finish_firstrun(self, ctx: AppContext) -> None:
        ctx.data["firstrun_done"] = True

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or ctx.data["firstrun_done"]:
            return False
        page = ctx.ui["page"] + (1 if direction == "left" else -1 if direction == "right" else 0)
        if 0 <= page < len(FIRSTRUN) and page != ctx.ui["page"]:
            ctx.ui["page"] = page
            return True
        return False

    def _type_url(self, ctx: AppContext, text: str) -> None:
        ctx.ui["url_text"] = text

    def _clear_url(self, ctx: AppContext) -> None:
        ctx.ui["url_text"] = ""

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if ctx.activity != MAIN or key != "enter" or not ctx.ui.get("url_text"):
            return False
        text = ctx.ui["url_text"].strip()
        url = text if "." in text and " " not in text else f"https://www.google.com/search?q={text}"
        ctx.data["session"] = {"url": url, "source": "user_entered"}
        ctx.ui["url_text"] = ""
        ctx.hide_keyboard()
        return True

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    def _open_settings(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(SETTINGS)

    def _erase(self, ctx: AppContext) -> None:
        """BrowserFragment.erase: the session is gone; back to the home screen."""
        ctx.data["session"] = None
        ctx.toast(ERASED)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == SETTINGS:
            return self._settings_back(ctx)
        if w.dismiss(ctx.ui, "menu"):
            return True
        session = ctx.data["session"]
        if ctx.data["firstrun_done"] and session is not None:
            self._erase(ctx)  # no web history: "Just go back to the home screen"
            if session["source"] == "add_search_engine_learn_more":
                # Back from the page the form's Learn more opened lands on home, not the form
                ctx.data["learn_more_back_to_home"] += 1
            return True
        return False

    def _settings_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["menu"]:
            ui["menu"] = False
            return True
        if ui["screens"]:
            if ui["screens"].pop() == "add":
                ui.update(name="", query="", error={})
            return True
        return False

    def _settings_up(self, ctx: AppContext) -> None:
        if not self._settings_back(ctx):
            ctx.finish()

    def _open_screen(self, ctx: AppContext, key: str) -> None:
        ctx.ui["screens"].append(key)

    def _toggle_suggestions(self, ctx: AppContext) -> None:
        ctx.data["suggestions"] = not ctx.data["suggestions"]

    def _choose_engine(self, ctx: AppContext, name: str) -> None:
        ctx.data["default_engine"] = name

    def _type_field(self, ctx: AppContext, text: str, key: str) -> None:
        ctx.ui[key] = text
        ctx.ui["error"] = {k: v for k, v in ctx.ui["error"].items() if k != key}

    def _learn_more(self, ctx: AppContext) -> None:
        """openLearnMore: 7.0 opens the SUMO page as a new browsing session and finishes the
        settings (the form is lost); the fix (not modelled) starts an InfoActivity above them."""
        ctx.data["session"] = {"url": SUMO_ADD_ENGINE, "source": "add_search_engine_learn_more"}
        ctx.finish()

    def _save_engine(self, ctx: AppContext) -> None:
        """saveSearchEngine: the preference's checks, then (the network check passing) the
        engine is added and the screen closes with "New search engine added."."""
        ui, data = ctx.ui, ctx.data
        name, query = ui["name"].strip(), ui["query"].strip()
        errors = {}
        if not name:
            errors["name"] = ERROR_EMPTY_NAME
        elif name.lower() in (e.lower() for e in data["engines"]):
            errors["name"] = ERROR_DUPLICATE
        if not query:
            errors["query"] = ERROR_EMPTY_SEARCH
        elif "%s" not in query or "." not in query.split("%s")[0]:
            errors["query"] = ERROR_FORMAT
        ui["error"] = errors
        if errors:
            return
        data["engines"].append(name)
        ctx.toast("New search engine added.")
        ui["screens"].pop()
        ui.update(name="", query="")


def bind_text(fn: Any, key: str) -> Any:
    """An ``on_text`` handler calling ``fn(ctx, text, key)``."""

    def typed(ctx: AppContext, text: str) -> None:
        fn(ctx, text, key)

    return typed
