"""KISS launcher (``fr.neamar.kiss``) 3.13.5, for KISS#1481 ("Favorites bar doesn't appear under
specific UI settings").

Modelled from the sources at tag ``v3.13.5`` (under ``app/src/main``): ``MainActivity.java``,
``SettingsActivity.java``, ``forwarder/ExperienceTweaks.java``, ``forwarder/Favorites.java``,
``forwarder/ForwarderManager.java``, ``result/AppResult.java``, ``result/Result.java``,
``res/layout/main.xml``, ``main_empty.xml``, ``main_kissbar.xml``, ``item_app.xml``,
``favorite_item.xml``, ``res/menu/menu_main.xml``, ``res/xml/preferences.xml``,
``res/values/strings.xml``, ``AndroidManifest.xml``; and the fix, commit ``d790b7a6``.

- A fresh install opens ``.MainActivity``: the intro (``android:id/empty`` holding ``main_empty``:
  "Start searching for anything", "Always see your history", "Quick access to most used apps"
  with their lines), the favorites bar above the search bar (``externalFavoriteBar``: an
  ImageView ``favorite`` per favorite, its content description the app's name; on the first
  run ``Favorites.addDefaultAppsToFavs`` puts the dialer, contacts, browser and SMS apps there),
  the search bar (``launcherButton`` "Display app list", ``searchEditText`` "Search apps,
  contacts, …", ``menuButton`` "Menu", or ``clearButton`` "Clear search bar" while text is
  typed);
- the KISS button shows every app (``android:id/list`` of ``item_app`` rows: ``item_app_name``)
  under the kiss bar (``mainKissbar``: ``whiteLauncherButton`` "Display history"); typing lists
  the apps whose name contains the text; a long press on an app opens its popup
  (``android:id/text1`` rows: Remove from history (search results only), Exclude app …, Add to
  favorites or Remove favorite, Add or edit tags…, App info, View in store…); tapping an app or a
  favorite would start that app, which is not modelled (nothing happens);
- the Menu button's popup (``menu_main.xml``): KISS settings, Update wallpaper…, Add widget,
  Device settings…; only KISS settings is modelled;
- ``.SettingsActivity`` (a PreferenceActivity, the framework's ``android:id/title``/``summary``
  rows and ``android:id/switch_widget`` switches): History settings, Favorites settings, User
  interface, User experience, Search settings, Advanced settings, Rate the app. Favorites
  settings (Reset your list of favorites with its confirmation, Show favorites above search bar,
  Use bigger favorites, Exclude favorites from history, Tags to show in fav bar) and User
  experience (Keyboard options; Minimalistic UI: Minimalistic UI, Show history on touch and Hide
  favorites bar initially, the last two enabled only with Minimalistic UI, Hide navbar, Hide
  status bar, Hide KISS circle and three-dots menu; Gestures; Misc) are modelled with their
  switches and dependencies; the other screens are stubs (their title).

How a tap on the empty home screen is delivered: the real app sets an OnTouchListener on
``android:id/content`` and on the empty view (a gesture detector, not a click listener), so any
tap reaches ``ExperienceTweaks``' single-tap handler. The virtual device delivers taps only to
clickable views, so the model's ``widgetLayout`` (the area above the results and the search bar)
and the intro's ``android:id/empty`` take clicks and show as clickable in dumps, where a real
dump shows them not clickable. Nothing else is easier than the real app.

The world: the device's launcher apps are a stock emulator image's (``APPS``); the dialer,
contacts, browser and SMS apps resolve to Phone, Contacts, Chrome and Messages.

The bug (KISS#1481): with Minimalistic UI (``history-hide``) and Hide favorites bar initially
(``favorites-hide``) on and the favorites bar enabled, the bar is hidden while the search is
empty, and a single tap is meant to show it; but 3.13.5 shows it only inside the
``display-history`` action, which the tap runs only when Show history on touch
(``history-onclick``) is on, so with it off the bar never appears. The fix adds an
``else if`` that shows the favorites. The oracle reads app state: a tap on the empty home screen
in that configuration, with at least one favorite, that left the bar hidden.

Human steps: 14 actions against index.tsv's 11. The report's settings path is 10: Menu, KISS
settings, Favorites settings (Show favorites above search bar is on by default, so the report's
step 2 needs no tap), Back, User experience, Minimalistic UI, Hide favorites bar initially,
Back, Back, a tap on the empty home screen. The report's step 1 (an app as favorite) is already
met by the first-run default favorites; the steps still add one the way a person does (the KISS
button, a long press on Calculator, Add to favorites, Back): 4 more.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog import _steps as steps
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "fr.neamar.kiss"
MAIN = ".MainActivity"
SETTINGS = ".SettingsActivity"

# The launcher apps of a stock emulator image (the world), alphabetically as KISS lists them.
APPS = (
    "Calculator",
    "Calendar",
    "Camera",
    "Chrome",
    "Clock",
    "Contacts",
    "Files",
    "Gmail",
    "Maps",
    "Messages",
    "Phone",
    "Photos",
    "Play Store",
    "Settings",
    "YouTube",
)
# Favorites.addDefaultAppsToFavs: dialer, contacts, browser, SMS, in that order.
DEFAULT_FAVORITES = ("Phone", "Contacts", "Chrome", "Messages")
INTRO = (
    ("Start searching for anything", "Apps, contacts, settings, …"),
    ("Always see your history", "For fast access"),
    ("Quick access to most used apps", "KISS launcher learns from your habits"),
)
SEARCH_HINT = "Search apps, contacts, …"
MENU = ("KISS settings", "Update wallpaper…", "Add widget", "Device settings…")
# preferences.xml: key → default, for the switches the model shows.
DEFAULTS: dict[str, bool] = {
    "enable-favorites-bar": True,
    "large-favorites-bar": False,
    "exclude-favorites": True,
    "display-keyboard": False,
    "enable-suggestions-keyboard": False,
    "history-hide": False,
    "history-onclick": False,
    "favorites-hide": False,
    "pref-hide-navbar": False,
    "pref-hide-statusbar": False,
    "pref-hide-circle": False,
    "double-tap": False,
    "force-portrait": False,
    "tags-visible": True,
}
TOP_SCREENS = (
    ("history", "History settings", "Reset your history, exclude apps, …"),
    ("favorites", "Favorites settings", "Reset your favorites, remove favorites bar, …"),
    ("ui", "User interface", "Themes, transparency and colors"),
    ("ux", "User experience", "Minimalistic UI, keyboard settings, …"),
    ("providers", "Search settings", "Adjust search results, add custom search engines, …"),
    ("advanced", "Advanced settings", ""),
)
SCREEN_TITLES = {key: title for key, title, _ in TOP_SCREENS}
RESET_FAVORITES_WARN = "Do you really want to reset your favorites?"


def _bar_hidden_after_tap(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return bool(data.get("taps_without_favorites"))


def _click(rid: str = "", text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return steps.click(PACKAGE, rid, text, desc, cls)


def _pref(title: str) -> dict[str, Any]:
    return _click("android:id/title", title, cls="android.widget.TextView")


BUG_1481 = BugSpec(
    bug_id="KISS#1481",
    kind="non-crash",
    title="Favorites bar doesn't appear under specific UI settings",
    oracle=_bar_hidden_after_tap,
    human_steps=(
        _click("launcherButton", desc="Display app list", cls="android.widget.ImageView"),
        steps.long_click(PACKAGE, "item_app_name", "Calculator", cls="android.widget.TextView"),
        _click("android:id/text1", "Add to favorites", cls="android.widget.TextView"),
        {"kind": "press_back"},
        _click("menuButton", desc="Menu", cls="android.widget.ImageView"),
        _click("android:id/text1", "KISS settings", cls="android.widget.TextView"),
        _pref("Favorites settings"),
        {"kind": "press_back"},
        _pref("User experience"),
        _pref("Minimalistic UI"),
        _pref("Hide favorites bar initially"),
        {"kind": "press_back"},
        {"kind": "press_back"},
        _click("widgetLayout", cls="android.widget.LinearLayout"),
    ),
)


class Kiss3135(VirtualApp):
    """KISS launcher 3.13.5 (see the module docstring)."""

    name: ClassVar[str] = "KISS"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "KISS launcher"
    version: ClassVar[str] = "3.13.5"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1481,)
    # 3.13.5: a single tap shows the favorites only through "display-history" (fixed: d790b7a6).
    TAP_SHOWS_FAVORITES_WITHOUT_HISTORY: ClassVar[bool] = False

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": dict(DEFAULTS),
            "favorites": list(DEFAULT_FAVORITES),
            "excluded": [],
            "taps_without_favorites": 0,
        }

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SETTINGS:
            ui.setdefault("screens", [])  # the nested PreferenceScreens opened
            ui.setdefault("dialog", "")
            return
        ui.setdefault("query", "")
        ui.setdefault("all_apps", False)  # the kiss bar (app list) is shown
        ui.setdefault("popup", None)  # None | {"kind": "menu"} | {"kind": "app", "app": name}
        ui.setdefault("history_shown", False)
        ui.setdefault("tap_shown", False)  # a tap showed the bar hidden in minimalistic mode

    # -- the favorites bar's visibility (Favorites/ExperienceTweaks.updateSearchRecords) ----------
    def _prefs(self, ctx: AppContext) -> dict[str, bool]:
        prefs: dict[str, bool] = ctx.data["prefs"]
        return prefs

    def _minimal(self, ctx: AppContext) -> bool:
        return self._prefs(ctx)["history-hide"]

    def _minimal_for_favorites(self, ctx: AppContext) -> bool:
        """ExperienceTweaks.isMinimalisticModeEnabledForFavorites."""
        p = self._prefs(ctx)
        return p["history-hide"] and p["favorites-hide"] and p["enable-favorites-bar"]

    def _bar_visible(self, ctx: AppContext) -> bool:
        """Whether ``externalFavoriteBar`` shows: an empty search shows it (Favorites), then
        ExperienceTweaks hides it in minimalistic-favorites mode until an action shows it; it is
        hidden over all apps (onDataSetChanged) and while searching. MainActivity.onResume redoes
        the empty search, so the state is read from the preferences every frame."""
        ui = ctx.ui
        if not self._prefs(ctx)["enable-favorites-bar"] or ui["all_apps"] or ui["query"]:
            return False
        return ui["tap_shown"] or not self._minimal_for_favorites(ctx)

    def _update_search(self, ctx: AppContext, query: str) -> None:
        ui = ctx.ui
        ui.update(query=query, history_shown=False, tap_shown=False)

    # -- navigation --------------------------------------------------------------------------
    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == SETTINGS:
            if ui["screens"]:
                ui["screens"].pop()
                return True
            return False
        # MainActivity.onBackPressed: it is not the default home here, so super() finishes it
        if ui["popup"] is not None:
            ui["popup"] = None
            return True
        if ui["all_apps"]:
            self._display_kiss_bar(ctx, False)
            return True
        if ui["query"]:
            self._update_search(ctx, "")
            return True
        return False

    def _display_kiss_bar(self, ctx: AppContext, display: bool) -> None:
        ui = ctx.ui
        ui["popup"] = None
        if display:
            ui.update(all_apps=True, query="", tap_shown=False)
            return
        ui["all_apps"] = False
        self._update_search(ctx, "")  # and ExperienceTweaks.onDisplayKissBar(false) hides it

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._settings(ctx)
        return self._main(ctx)

    def _main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        children: list[View] = [
            w.linear_layout(rid="widgetLayout", on_click=self._tap_home, clickable=None)
        ]
        rows = self._result_rows(ctx)
        if rows:
            children[0].weight = 0
            children[0].height = 0
            children.append(
                w.frame_layout(
                    [w.list_view(rows, scroll_key="list_scroll", cls="android.widget.ListView")],
                    rid="resultLayout",
                )
            )
        elif not self._minimal(ctx) and not ui["query"]:
            children[0] = w.scroll_view(
                [self._intro()], rid="android:id/empty", on_click=self._tap_home
            )
        if ui["all_apps"]:
            children.append(
                w.relative_layout(
                    [
                        w.image_view(
                            "whiteLauncherButton",
                            "Display history",
                            lambda c: self._display_kiss_bar(c, False),
                            width=147,
                        ),
                        w.linear_layout(rid="embeddedFavoritesBar"),
                    ],
                    rid="mainKissbar",
                    layout=HORIZONTAL,
                    height=147,
                    weight=0,
                )
            )
        if self._bar_visible(ctx) and ctx.data["favorites"]:
            children.append(self._favorites_bar(ctx))
        children.append(self._search_bar(ctx))
        root = w.relative_layout(children)
        return Screen(content=root, windows=self._popups(ctx))

    def _intro(self) -> View:
        texts = []
        for heading, sub in INTRO:
            texts.append(w.text_view(heading, height=120))
            texts.append(w.text_view(sub, height=90))
        return w.linear_layout(texts, rid="main_empty")

    def _apps_shown(self, ctx: AppContext) -> list[str]:
        ui = ctx.ui
        excluded = set(ctx.data["excluded"])
        apps = [a for a in APPS if a not in excluded]
        if ui["all_apps"]:
            return apps
        if ui["query"]:
            return [a for a in apps if ui["query"].lower() in a.lower()]
        return []

    def _result_rows(self, ctx: AppContext) -> list[View]:
        return [
            View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=160,
                on_click=lambda c: None,  # would start the app: not modelled
                on_long_click=w.bind(self._open_app_popup, app),
                children=[
                    w.image_view("item_app_icon", width=160),
                    w.linear_layout([w.text_view(app, "item_app_name", height=160)]),
                ],
            )
            for app in self._apps_shown(ctx)
        ]

    def _favorites_bar(self, ctx: AppContext) -> View:
        return w.linear_layout(
            [
                View(
                    cls="android.widget.ImageView",
                    resource_id="favorite",
                    content_desc=app,
                    on_click=lambda c: None,  # would start the app: not modelled
                    on_long_click=w.bind(self._open_app_popup, app),
                    width=170,
                )
                for app in ctx.data["favorites"]
            ],
            rid="externalFavoriteBar",
            horizontal=True,
            height=170,
            weight=0,
        )

    def _search_bar(self, ctx: AppContext) -> View:
        ui = ctx.ui
        hint = "" if self._minimal(ctx) else SEARCH_HINT
        end = (
            w.image_view(
                "clearButton", "Clear search bar", lambda c: self._update_search(c, ""), width=147
            )
            if ui["query"]
            else w.image_view(
                "menuButton", "Menu", lambda c: c.ui.update(popup={"kind": "menu"}), width=147
            )
        )
        return w.relative_layout(
            [
                w.frame_layout(
                    [
                        w.image_view(
                            "launcherButton",
                            "Display app list",
                            lambda c: self._display_kiss_bar(c, not c.ui["all_apps"]),
                        )
                    ],
                    rid="leftHandSideButtonsWrapper",
                    width=147,
                ),
                w.edit_text(
                    "searchEditText",
                    ui["query"],
                    self._type_query,
                    hint=hint,
                    cls="android.widget.EditText",
                ),
                w.frame_layout([end], rid="rightHandSideButtonsWrapper", width=147),
            ],
            rid="searchEditLayout",
            layout=HORIZONTAL,
            height=160,
            weight=0,
        )

    def _popups(self, ctx: AppContext) -> list[Window]:
        popup = ctx.ui["popup"]
        if popup is None:
            return []
        if popup["kind"] == "menu":
            items = [(title, w.bind(self._menu_item, title)) for title in MENU]
        else:
            items = [(title, w.bind(self._app_item, title)) for title in self._app_items(ctx)]
        rows = [
            w.text_view(title, "android:id/text1", on_click=handler, height=147)
            for title, handler in items
        ]
        listing = View(cls="android.widget.ListView", weight=0, children=rows)
        return [Window(root=listing, kind="menu", on_dismiss=self._close_popup)]

    def _app_items(self, ctx: AppContext) -> list[str]:
        """AppResult.buildPopupMenu's items, less the favorite item Result.inflatePopupMenu
        drops (Add for a favorite, Remove for another app); stock apps cannot be uninstalled."""
        app = ctx.ui["popup"]["app"]
        favorite = app in ctx.data["favorites"]
        items = [] if ctx.ui["all_apps"] else ["Remove from history"]
        items += ["Exclude app …", "Add to favorites", "Add or edit tags…", "Remove favorite"]
        items += ["App info", "View in store…"]
        return [i for i in items if i != ("Add to favorites" if favorite else "Remove favorite")]

    # -- handlers: main ------------------------------------------------------------------------
    def _close_popup(self, ctx: AppContext) -> None:
        ctx.ui["popup"] = None

    def _open_app_popup(self, ctx: AppContext, app: str) -> None:
        ctx.ui["popup"] = {"kind": "app", "app": app}

    def _menu_item(self, ctx: AppContext, title: str) -> None:
        ctx.ui["popup"] = None
        if title == "KISS settings":
            # back from the settings, onResume redoes the empty search and hides the kiss bar
            ctx.ui.update(all_apps=False, query="", history_shown=False, tap_shown=False)
            ctx.start_activity(SETTINGS)

    def _app_item(self, ctx: AppContext, title: str) -> None:
        app = ctx.ui["popup"]["app"]
        ctx.ui["popup"] = None
        favorites = ctx.data["favorites"]
        if title == "Add to favorites" and app not in favorites:
            favorites.append(app)
            ctx.toast(f"{app} added to KISS favorites")
        elif title == "Remove favorite" and app in favorites:
            favorites.remove(app)
            ctx.toast(f"{app} removed from KISS favorites")
        elif title == "Exclude app …":
            ctx.data["excluded"].append(app)

    def _type_query(self, ctx: AppContext, text: str) -> None:
        if ctx.ui["all_apps"] and text:
            ctx.ui["all_apps"] = False
        self._update_search(ctx, text)

    def _tap_home(self, ctx: AppContext) -> None:
        """ExperienceTweaks' single-tap handler (double-tap off: onSingleTapUp)."""
        ui = ctx.ui
        if self._prefs(ctx)["history-onclick"]:
            self._display_history(ctx)
        elif self.TAP_SHOWS_FAVORITES_WITHOUT_HISTORY and self._minimal_for_favorites(ctx):
            ui["tap_shown"] = True  # the fix's "display-favorites"
        hidden = self._minimal_for_favorites(ctx) and not self._bar_visible(ctx)
        if hidden and not ui["all_apps"] and not ui["query"] and ctx.data["favorites"]:
            ctx.data["taps_without_favorites"] += 1  # the tap that should show the favorites

    def _display_history(self, ctx: AppContext) -> None:
        """doAction("display-history"): the history (empty on this device) and the bar."""
        ui = ctx.ui
        if self._minimal(ctx) and not ui["all_apps"] and not ui["query"]:
            ui["history_shown"] = True
        if self._minimal_for_favorites(ctx):
            ui["tap_shown"] = True

    # -- settings ----------------------------------------------------------------------------
    def _settings(self, ctx: AppContext) -> Screen:
        screens = ctx.ui["screens"]
        key = screens[-1] if screens else ""
        title = SCREEN_TITLES.get(key, "KISS settings")
        if key == "":
            rows = [
                w.preference(title_, summary, w.bind(self._open_screen, k))
                for k, title_, summary in TOP_SCREENS
            ]
            rows.append(w.preference("Rate the app", "", lambda c: None))
        elif key == "favorites":
            rows = self._favorites_rows(ctx)
        elif key == "ux":
            rows = self._ux_rows(ctx)
        else:
            rows = []  # a stub: the screen's title only
        content = w.linear_layout(
            [
                w.toolbar(
                    title,
                    navigation=w.nav_button(w.NAVIGATE_UP, self._settings_up) if screens else None,
                    rid="android:id/action_bar",
                ),
                View(
                    cls="android.widget.ListView",
                    resource_id="android:id/list",
                    scrollable=True,
                    scroll_key=f"scroll_{key}",
                    children=rows,
                ),
            ]
        )
        windows = []
        if ctx.ui["dialog"] == "reset-favorites":
            windows.append(
                w.confirm_dialog(
                    "Reset your list of favorites",
                    RESET_FAVORITES_WARN,
                    ("OK", self._reset_favorites),
                    ("Cancel", self._close_dialog),
                    self._close_dialog,
                )
            )
        return Screen(content=content, windows=windows)

    def _settings_up(self, ctx: AppContext) -> None:
        self.on_back(ctx)

    def _open_screen(self, ctx: AppContext, key: str) -> None:
        ctx.ui["screens"].append(key)

    def _switch(
        self, ctx: AppContext, key: str, title: str, summary: str = "", depends: str = ""
    ) -> View:
        prefs = self._prefs(ctx)
        enabled = not depends or prefs[depends]
        return w.preference(
            title,
            summary,
            w.bind(self._toggle, key) if enabled else None,
            widget=w.switch_widget(prefs[key]),
            enabled=enabled,
        )

    def _toggle(self, ctx: AppContext, key: str) -> None:
        prefs = self._prefs(ctx)
        prefs[key] = not prefs[key]

    def _favorites_rows(self, ctx: AppContext) -> list[View]:
        on = self._prefs(ctx)["enable-favorites-bar"]
        return [
            w.preference("Reset your list of favorites", "", self._ask_reset),
            self._switch(
                ctx,
                "enable-favorites-bar",
                "Show favorites above search bar",
                "Display favorites above the search bar"
                if on
                else "Only display favorites when pressing the KISS icon",
            ),
            self._switch(
                ctx, "large-favorites-bar", "Use bigger favorites", depends="enable-favorites-bar"
            ),
            self._switch(ctx, "exclude-favorites", "Exclude favorites from history"),
            w.preference("Tags to show in fav bar", "", lambda c: None),
        ]

    def _ux_rows(self, ctx: AppContext) -> list[View]:
        return [
            w.preference_category("Keyboard options"),
            self._switch(ctx, "display-keyboard", "Display keyboard on start"),
            self._switch(ctx, "enable-suggestions-keyboard", "Enable autocomplete/suggestions"),
            w.preference_category("Minimalistic UI"),
            self._switch(
                ctx,
                "history-hide",
                "Minimalistic UI",
                "Hide history and intro screen, turn on widgets",
            ),
            self._switch(ctx, "history-onclick", "Show history on touch", depends="history-hide"),
            self._switch(
                ctx, "favorites-hide", "Hide favorites bar initially", depends="history-hide"
            ),
            self._switch(
                ctx,
                "pref-hide-navbar",
                "Hide navbar",
                "Hide navigation bar and turn on immersive mode",
            ),
            self._switch(
                ctx,
                "pref-hide-statusbar",
                "Hide status bar",
                "Hide notification bar and turn on immersive mode",
            ),
            self._switch(
                ctx,
                "pref-hide-circle",
                "Hide KISS circle and three-dots menu",
                "Buttons will still work, but they'll be invisible.",
            ),
            w.preference_category("Gestures"),
            w.preference("Action on swipe up", "", lambda c: None),
            w.preference("Action on swipe down", "", lambda c: None),
            self._switch(ctx, "double-tap", "Double tap to lock screen"),
            w.preference_category("Misc"),
            self._switch(ctx, "force-portrait", "Force portrait mode"),
            self._switch(ctx, "tags-visible", "Show app tags"),
        ]

    def _ask_reset(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "reset-favorites"

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = ""

    def _reset_favorites(self, ctx: AppContext) -> None:
        ctx.data["favorites"] = []
        ctx.ui["dialog"] = ""
