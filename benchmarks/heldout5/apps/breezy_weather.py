"""Breezy Weather (``org.breezyweather``, breezy-weather/breezy-weather) 4.0.0-alpha, for
breezy-weather#53.

A weather app (a fork of Geometric Weather): a main page showing the weather of the current
location, a location list, and settings drawn with Jetpack Compose.

Modelled from the sources at tag ``v4.0.0-alpha`` (commit ``d991703``, 21 Jun 2023, the
reporter's version): ``AndroidManifest.xml``, ``main/MainActivity.kt`` (the location statement
dialog, the permission requests, the background-location dialog),
``main/MainActivityViewModel.kt``, ``main/MainActivityRepository.kt``,
``db/repositories/LocationEntityRepository.kt`` (a fresh install holds one "current location"
item), ``main/fragments/HomeFragment.kt`` and ``res/menu/activity_main.xml`` (the toolbar's
"Location list" and "Settings" actions), ``settings/activities/SettingsActivity.kt``,
``settings/compose/RootSettingsScreen.kt``, ``UnitSettingsScreen.kt``,
``ServiceProviderSettingsScreen.kt``, ``AppearanceSettingsScreen.kt``,
``settings/preference/composables/ListPreference.kt``,
``common/ui/widgets/insets/FitSystemBarComposeWrappers.kt`` (the top app bar's "Back" arrow),
``settings/SettingsManager.kt`` (defaults) and ``res/values/strings.xml``/``arrays.xml``; and the
fix, commit ``7a0147e`` ("Fix back navigation via TopAppBar in settings", 11 Apr 2024).

The bug (breezy-weather#53, non-crash): SettingsActivity hosts its screens (the root list,
"Units", "Appearance", "Service provider" and its advanced page) in one Compose ``NavHost``. The
system Back key pops the NavHost's back stack, but the top app bar's arrow is wired to
``onBackPressed = { finish() }``: from a sub-screen such as "Units" it closes the whole
settings activity and the user lands on the main weather page instead of the settings list. The
oracle reads the model's record of the settings activity being finished by that arrow while a
sub-screen was shown.

First run: the main page of the "Current location" item asks, once, with the non-cancelable
dialog "Access location information" (NEXT), then requests the location permission (one system
dialog stands for Android's location dialog, which asks COARSE and FINE together); once granted,
the non-cancelable "Access location in background" dialog (SET) follows and the weather loads.
Fixed data: the located place is "London" and its weather (12°C, "Cloudy") stands for the
provider's answer. Denied, the page stays on "Current location" without weather.

Stubbed: SET marks the background statement as declared but does not open the system's location
settings page (Android 11+ does that for a background-location request); the location list
(a search field and the one location row), the About screen, Live wallpaper, and the
"Appearance", "Service provider" and advanced pages' rows do nothing when tapped; the root list
shows its "Basic" section and the "Forecast" section's two switches (the time pickers and the
Widget and Notification sections below are left out; switches toggle their stored value, the
list preferences open their choice dialogs); Units' choices are stored but change no displayed
value. The launcher shows the main activity's label "Weather"; the model's label is the
application's, "Breezy Weather", which the system dialogs name.
Uncertain: how Compose's merged semantics expose each preference row in a dump (modelled as a
clickable ``View`` holding its title and summary texts).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "org.breezyweather"
MAIN = ".main.MainActivity"
SETTINGS = ".settings.activities.SettingsActivity"
ABOUT = ".settings.activities.AboutActivity"
COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
BUTTON = "android.widget.Button"
RECYCLER = "androidx.recyclerview.widget.RecyclerView"
FINE = "android.permission.ACCESS_FINE_LOCATION"

STATEMENT_TITLE = "Access location information"
STATEMENT_TEXT = (
    "Breezy Weather needs to collect your location information in foreground or background to "
    "provide the weather data of your current location. For this, we will request some "
    "permissions. Your location information will only be used to obtain weather data at your "
    "current location. If you don\u2019t want to share your location information, you can deny "
    "those requirements and manually set your location in the management page."
)
BACKGROUND_TITLE = "Access location in background"
BACKGROUND_TEXT = (
    "In order to allow the app to access location information in background, so that we can "
    "perceive changes in location and provide you with valid weather data, please set location "
    "access as \u201cAllow all the time\u201d."
)
ENABLED, DISABLED = "Enabled", "Disabled"

# (key, title, choices, default index) of the list preferences.
UNIT_LISTS: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    ("temperature_unit", "Temperature unit", ("°C", "°F", "K"), 0),
    ("distance_unit", "Distance unit", ("km", "m", "mi", "nmi", "ft"), 0),
    ("precipitation_unit", "Precipitation unit", ("mm", "cm", "inch", "L/m²"), 0),
    (
        "pressure_unit",
        "Pressure unit",
        ("mb", "kPa", "hPa", "atm", "mmHg", "inHg", "kgf/cm²"),
        0,
    ),
    ("speed_unit", "Speed unit", ("km/h", "m/s", "kn", "mph", "ft/s"), 1),
)
ROOT_LISTS: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    (
        "refresh_rate",
        "Automatic refresh rate",
        (
            "Never",
            "30 minutes",
            "1 hour",
            "1.5 hours",
            "2 hours",
            "3 hours",
            "6 hours",
            "12 hours",
            "24 hours",
        ),
        3,
    ),
    ("dark_mode", "Dark mode", ("Day / Night", "Follow system", "Always light", "Always dark"), 0),
)
LISTS = {key: (title, choices) for key, title, choices, _ in UNIT_LISTS + ROOT_LISTS}
# (key, title, summary on, summary off, default) of the root list's switches.
SWITCHES: tuple[tuple[str, str, str, str, bool], ...] = (
    (
        "background_free",
        "Background Free",
        "Enabled\nIf widgets and notification cannot refresh automatically, please turn off "
        "this option.",
        "Disabled\nIf you do not want any services to continue working in background, please "
        "turn on this option.",
        True,
    ),
    ("alert_push", "Send Alert Notification", ENABLED, DISABLED, True),
    ("precipitation_push", "Send Precipitation Forecast", ENABLED, DISABLED, False),
)
FORECAST_SWITCHES: tuple[tuple[str, str, str, str, bool], ...] = (
    ("today_forecast", "Forecast for today", ENABLED, DISABLED, False),
    ("tomorrow_forecast", "Forecast for tomorrow", ENABLED, DISABLED, False),
)
# The sub-screens the root list navigates to: route -> (title, its rows' titles).
SUBSCREENS: dict[str, tuple[str, tuple[str, ...]]] = {
    "appearance": (
        "Appearance",
        (
            "Icon pack",
            "Displayed cards",
            "Display daily trend",
            "Display hourly trend",
            "Background animation",
        ),
    ),
    "service_provider": (
        "Service provider",
        ("Weather source", "Location service", "Advanced service provider settings"),
    ),
    "service_provider_advanced": ("Advanced service provider settings", ()),
}


def up_arrow_left_settings(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of breezy-weather#53: the top app bar's arrow finished SettingsActivity
    while a sub-screen of its NavHost was shown (the user lands on the main page)."""
    return bool(data["settings_closed_from"])


# -- steps -------------------------------------------------------------------------------------
def _tap(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, text=text, desc=desc, cls=cls)


NEXT = click(PACKAGE, "android:id/button1", "NEXT")
SET = click(PACKAGE, "android:id/button1", "SET")
ALLOW = allow_permission(PACKAGE)
GEAR = click(PACKAGE, "action_settings", desc="Settings")
UNITS = _tap("Units")
SCROLL = {"kind": "swipe", "direction": "up"}  # "Units" is below the fold of the list
ARROW = _tap(desc="Back", cls=BUTTON)
FIRST_RUN = [NEXT, ALLOW, SET]

BUG_53 = BugSpec(
    "breezy-weather#53",
    "non-crash",
    '"\u2190" button goes too too far back in settings',
    up_arrow_left_settings,
    human_steps=(*FIRST_RUN, GEAR, SCROLL, UNITS, ARROW),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "breezy-weather#53": [
        # The system Back key instead of the arrow: back to the settings list, as expected.
        [*FIRST_RUN, GEAR, SCROLL, UNITS, {"kind": "press_back"}],
        # The arrow on the settings list itself: leaving settings is right there.
        [*FIRST_RUN, GEAR, ARROW],
        # A unit is changed instead of leaving the sub-screen.
        [*FIRST_RUN, GEAR, SCROLL, UNITS, _tap("Temperature unit"), _tap("°F")],
        # Back from Units, then the arrow on the list: both right.
        [*FIRST_RUN, GEAR, SCROLL, UNITS, {"kind": "press_back"}, ARROW],
    ],
}


class BreezyWeather400Alpha(VirtualApp):
    """Breezy Weather 4.0.0-alpha (see the module docstring)."""

    name: ClassVar[str] = "breezy-weather"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Breezy Weather"
    version: ClassVar[str] = "4.0.0-alpha"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_53,)

    def initial_data(self) -> dict[str, Any]:
        prefs: dict[str, Any] = {key: index for key, _, _, index in UNIT_LISTS + ROOT_LISTS}
        prefs.update({key: on for key, _, _, _, on in SWITCHES + FORECAST_SWITCHES})
        return {
            "location_declared": False,  # StatementManager.isLocationPermissionDeclared
            "background_declared": False,  # StatementManager.isBackgroundLocationDeclared
            "weather": None,  # the current location's weather, once fetched (fixed data)
            "prefs": prefs,
            "settings_closed_from": None,  # the NavHost route the arrow finished settings from
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            restored = "manage" in ui  # re-created on rotation: the ViewModel kept its state
            ui.setdefault("manage", False)
            ui.setdefault("dialog", None)
            if not restored:
                self._check_to_update(ctx)
        elif ctx.activity == SETTINGS:
            ui.setdefault("routes", ["root"])
            ui.setdefault("choice", None)

    def _check_to_update(self, ctx: AppContext) -> None:
        """``checkToUpdateCurrentLocation``: the current location has no valid weather, so the
        location permission is asked for (after the one-time statement dialog)."""
        if ctx.data["weather"] is not None:
            return
        if FINE in ctx.permissions:
            self._load_weather(ctx)
        elif not ctx.data["location_declared"]:
            ctx.ui["dialog"] = "statement"
        else:
            ctx.request_permission(FINE)

    def _load_weather(self, ctx: AppContext) -> None:
        ctx.data["weather"] = {"city": "London", "temp": "12°C", "text": "Cloudy"}

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission != FINE or ctx.activity != MAIN:
            return
        if not granted:
            return  # cancelRequest(): the current location stays without weather
        if not ctx.data["background_declared"] and ctx.ui.get("dialog") is None:
            ctx.ui["dialog"] = "background"
        self._load_weather(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if ui.get("dialog"):
                return True  # the statement dialogs are not cancelable
            return w.dismiss(ui, "manage")
        if ctx.activity == SETTINGS:
            if w.dismiss(ui, "choice", None):
                return True
            return w.pop_back_stack(ui["routes"])  # the NavHost takes Back first
        return False

    # -- main page -----------------------------------------------------------------------------
    def _statement_next(self, ctx: AppContext) -> None:
        ctx.data["location_declared"] = True
        ctx.ui["dialog"] = None
        ctx.request_permission(FINE)

    def _background_set(self, ctx: AppContext) -> None:
        ctx.data["background_declared"] = True
        ctx.ui["dialog"] = None

    def _open_manage(self, ctx: AppContext) -> None:
        ctx.ui["manage"] = True

    def _main(self, ctx: AppContext) -> Screen:
        weather = ctx.data["weather"]
        if ctx.ui["manage"]:
            search = View(cls=VIEW, height=160, children=[w.text_view("Search", height=160)])
            row = w.list_row("Current location", "" if weather is None else weather["city"])
            listing = w.list_view([row], rid="recycler_view", cls=RECYCLER)
            return Screen(content=w.linear_layout([search, listing]))
        title = "Current location" if weather is None else weather["city"]
        bar = w.toolbar(
            title,
            actions=[
                w.action_item("action_manage", "Location list", self._open_manage),
                w.action_item("action_settings", "Settings", self._open_settings),
            ],
            cls="android.view.ViewGroup",
        )
        cards: list[View] = []
        if weather is not None:
            cards = [
                w.text_view(weather["temp"], height=300),
                w.text_view(weather["text"], height=140),
            ]
        content = w.frame_layout(
            [
                w.linear_layout(
                    [
                        w.linear_layout([bar], rid="app_bar", weight=0),
                        w.list_view(cards, rid="recycler_view", cls=RECYCLER),
                    ],
                    rid="refresh_layout",
                )
            ],
            rid="fragment_root",
        )
        windows: list[Window] = []
        dialog = ctx.ui["dialog"]
        if dialog == "statement":
            windows.append(
                self._statement(STATEMENT_TITLE, STATEMENT_TEXT, "NEXT", self._statement_next)
            )
        elif dialog == "background":
            windows.append(
                self._statement(BACKGROUND_TITLE, BACKGROUND_TEXT, "SET", self._background_set)
            )
        return Screen(content=content, windows=windows)

    def _statement(self, title: str, text: str, button: str, handler: Any) -> Window:
        """A non-cancelable MaterialAlertDialog with one positive button."""
        window = w.confirm_dialog(title, text, (button, handler), None, None)
        window.cancelable = False
        return window

    def _open_settings(self, ctx: AppContext) -> None:
        ctx.start_activity(SETTINGS)

    # -- settings ------------------------------------------------------------------------------
    def _top_bar_back(self, ctx: AppContext) -> None:
        """``onBackPressed = { finish() }``: the arrow finishes the activity whatever screen
        the NavHost shows (the bug; the fix pops the NavHost first)."""
        routes = ctx.ui["routes"]
        if len(routes) > 1:
            ctx.data["settings_closed_from"] = routes[-1]
        ctx.finish()

    def _navigate(self, ctx: AppContext, route: str) -> None:
        ctx.ui["routes"].append(route)

    def _open_choice(self, ctx: AppContext, key: str) -> None:
        ctx.ui["choice"] = key

    def _choose(self, ctx: AppContext, index: int) -> None:
        ctx.data["prefs"][ctx.ui["choice"]] = index
        ctx.ui["choice"] = None

    def _close_choice(self, ctx: AppContext) -> None:
        ctx.ui["choice"] = None

    def _flip(self, ctx: AppContext, key: str) -> None:
        prefs = ctx.data["prefs"]
        prefs[key] = not prefs[key]

    def _pref_row(
        self,
        title: str,
        summary: str,
        handler: Any,
        trailing: View | None = None,
        lines: int = 1,
    ) -> View:
        """A Compose preference card: a clickable row of its title over its summary (of
        ``lines`` lines; 16 dp margins, Material3CardListItem's spacing)."""
        texts = w.linear_layout(
            [w.text_view(title, height=70), w.text_view(summary, height=52 * lines)]
        )
        children = [texts] if trailing is None else [texts, trailing]
        height = 138 + 52 * lines
        return View(cls=VIEW, layout=HORIZONTAL, height=height, on_click=handler, children=children)

    def _list_row(self, ctx: AppContext, key: str) -> View:
        title, choices = LISTS[key]
        return self._pref_row(
            title, choices[ctx.data["prefs"][key]], w.bind(self._open_choice, key)
        )

    def _switch_row(self, ctx: AppContext, spec: tuple[str, str, str, str, bool]) -> View:
        key, title, on, off, _ = spec
        checked = bool(ctx.data["prefs"][key])
        switch = View(
            cls="android.widget.Switch",
            checkable=True,
            checked=checked,
            clickable=False,
            width=180,
        )
        summary = on if checked else off
        lines = 1 + summary.count("\n") * 2
        return self._pref_row(title, summary, w.bind(self._flip, key), switch, lines)

    def _root_rows(self, ctx: AppContext) -> list[View]:
        rows: list[View] = [w.text_view("Basic", height=110)]
        rows += [self._switch_row(ctx, spec) for spec in SWITCHES]
        rows += [self._list_row(ctx, key) for key, _, _, _ in ROOT_LISTS]
        rows += [
            self._pref_row(
                "Live wallpaper", "Set Material weather animation as live wallpaper", None, lines=2
            ),
            self._pref_row(
                "Service provider",
                "Select service provider of weather data and location information",
                w.bind(self._navigate, "service_provider"),
                lines=2,
            ),
            self._pref_row("Units", "Set the unit of weather data", w.bind(self._navigate, "unit")),
            self._pref_row(
                "Appearance",
                "Interface style, card order, language\u2026",
                w.bind(self._navigate, "appearance"),
            ),
            w.text_view("Forecast", height=110),
        ]
        rows += [self._switch_row(ctx, spec) for spec in FORECAST_SWITCHES]
        return rows

    def _sub_rows(self, route: str) -> list[View]:
        _, titles = SUBSCREENS[route]
        rows = []
        for title in titles:
            handler = None
            if title == "Advanced service provider settings":
                handler = w.bind(self._navigate, "service_provider_advanced")
            rows.append(self._pref_row(title, "", handler))
        return rows

    def _settings(self, ctx: AppContext) -> Screen:
        route = ctx.ui["routes"][-1]
        if route == "root":
            rows = self._root_rows(ctx)
        elif route == "unit":
            rows = [self._list_row(ctx, key) for key, _, _, _ in UNIT_LISTS]
        else:
            rows = self._sub_rows(route)
        bar = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=w.TOOLBAR_HEIGHT,
            children=[
                View(cls=BUTTON, content_desc="Back", on_click=self._top_bar_back, width=147),
                w.text_view("Settings", height=w.TOOLBAR_HEIGHT),
                View(
                    cls=BUTTON,
                    content_desc="About",
                    on_click=lambda c: c.start_activity(ABOUT),
                    width=147,
                ),
            ],
        )
        # Each NavHost destination keeps its own scroll position.
        listing = View(cls=VIEW, scrollable=True, scroll_key=f"scroll_{route}", children=rows)
        windows: list[Window] = []
        key = ctx.ui["choice"]
        if key is not None:
            windows.append(self._choice_window(ctx, key))
        root = View(cls=VIEW, children=[bar, listing])
        return Screen(content=View(cls=COMPOSE, children=[root]), windows=windows)

    def _choice_window(self, ctx: AppContext, key: str) -> Window:
        """ListPreference's AlertDialog: the title, one radio row per choice, CANCEL."""
        title, choices = LISTS[key]
        selected = ctx.data["prefs"][key]
        rows = [
            View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=140,
                on_click=w.bind(self._choose, i),
                children=[
                    w.radio_button("", "", i == selected, width=140),
                    w.text_view(choice, height=140),
                ],
            )
            for i, choice in enumerate(choices)
        ]
        cancel = w.button("", "CANCEL", self._close_choice, width=300)
        buttons = View(cls=VIEW, layout=HORIZONTAL, height=140, children=[View(cls=VIEW), cancel])
        root = View(
            cls=VIEW,
            weight=0,
            children=[w.text_view(title, height=140), *rows, buttons],
        )
        return Window(root=root, on_dismiss=self._close_choice)

    def _about(self) -> Screen:
        bar = w.toolbar("About", navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, View(cls=VIEW)]))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._settings(ctx)
        if ctx.activity == ABOUT:
            return self._about()
        return self._main(ctx)
