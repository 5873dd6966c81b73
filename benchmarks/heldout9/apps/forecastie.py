"""Forecastie 1.2 (``cz.martykan.forecastie``, repository martykan/forecastie), with bug
forecastie#176 (non-crash).

Sources read: commit ba4aa43 (2017-01-13, versionName 1.2, the last commit before the report):
``SplashActivity``, ``MainActivity``, ``SettingsActivity``, ``WeatherRecyclerAdapter``,
``UnitConvertor``, ``Constants``, the layouts ``activity_scrolling.xml``, ``list_row.xml``,
``settings_toolbar.xml``, ``menu/menu_main.xml``, ``xml/prefs.xml``, ``values/arrays.xml`` and
``values/strings.xml``. No fix commit is linked (a maintainer later found it gone by 1.6.2).

Screens:

- launch: ``SplashActivity`` opens ``MainActivity``, whose ``onResume`` downloads today's weather
  and the forecast for the default city (London) because nothing was downloaded yet;
- the main screen: the toolbar (title "London, GB"; Refresh, Search and Weather Map actions;
  "More options" with Graphs, Detect Location, Settings, About), today's values
  (``todayTemperature``, ``todayDescription``, ``todayWind``, ``todayPressure``,
  ``todayHumidity``, ``todaySunrise``, ``todaySunset``, ``todayIcon``, ``lastUpdate``), the tabs
  Today / Tomorrow / Later over the forecast rows (``list_row``);
- Settings (``SettingsActivity``, a PreferenceActivity under ``settings_toolbar``): the Units
  category (Temperature units, Show temperature only as an integer, Length units, Speed units,
  Pressure units), Display (Theme...), Data and Location; list preferences open their
  single-choice dialogs (Cancel);
- Search ("Search for city", OK/Cancel), About, Graphs, Weather Map and Detect Location are
  stubs or small dialogs.

The bug (forecastie#176): ``MainActivity.onResume`` re-downloads (and so re-draws) only when
``shouldUpdate()`` says the data is older than 5 minutes or the city changed, or recreates itself
when the theme changed; nothing re-draws the values after the unit preferences change, so after
Settings the main screen keeps the old unit until Refresh (or a re-creation, e.g. a rotation,
whose ``onCreate`` redraws from the cache). The model keeps, in storage, the units the main
screen's today values were drawn with (``shown_units``, rewritten whenever ``MainActivity`` draws
them: launch, re-creation, Refresh, a new city); the oracle compares them with the preferences
while ``MainActivity`` is on top. In this version the preference's default value is "C" while
its entries are "°C", "°F" and "K", so a fresh install shows the Kelvin value labelled "C"
(issue #206, kept as the sources have it). The forecast rows are drawn with the units of their
last build (the RecyclerViews are not rebound either); rebinding on scroll is not modelled.

Network content replaced by fixed data: OpenWeatherMap's answers for London (temperatures in
kelvin, as the API sends them), Paris and Berlin; the device's clock is Thursday January 26 2017,
10:42 in London (the report's date); no time passes, so ``shouldUpdate()`` stays false after the
first download. Uncertain: the forecast values are invented, and the Beaufort wind name is a
fixed approximation ("Gentle breeze").
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "cz.martykan.forecastie"
SPLASH = ".activities.SplashActivity"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
STUB = ".activities.GraphActivity"
MAP = ".activities.MapActivity"
FINE_LOCATION = "android.permission.ACCESS_FINE_LOCATION"

# city -> (country, kelvin, description, wind m/s, wind arrow, hPa, humidity, sunrise, sunset)
CITIES: dict[str, tuple[Any, ...]] = {
    "London": ("GB", 279.52, "light rain", 4.1, "\u2197", 1012.0, 87, "7:48 AM", "4:42 PM"),
    "Paris": ("FR", 277.9, "overcast clouds", 2.6, "\u2191", 1019.0, 80, "8:30 AM", "5:33 PM"),
    "Berlin": ("DE", 271.6, "clear sky", 3.1, "\u2192", 1024.0, 74, "7:58 AM", "4:40 PM"),
}
# forecast rows: (tab, "E dd.MM.yyyy - HH:mm", kelvin offset, description)
FORECAST = [
    (0, "Thu 26.01.2017 - 12:00", 0.6, "Light rain"),
    (0, "Thu 26.01.2017 - 15:00", 0.9, "Overcast clouds"),
    (0, "Thu 26.01.2017 - 18:00", -0.8, "Broken clouds"),
    (0, "Thu 26.01.2017 - 21:00", -1.9, "Clear sky"),
    (1, "Fri 27.01.2017 - 00:00", -2.6, "Clear sky"),
    (1, "Fri 27.01.2017 - 06:00", -3.4, "Clear sky"),
    (1, "Fri 27.01.2017 - 12:00", 0.2, "Few clouds"),
    (1, "Fri 27.01.2017 - 18:00", -1.1, "Scattered clouds"),
    (2, "Sat 28.01.2017 - 12:00", 1.4, "Light rain"),
    (2, "Sun 29.01.2017 - 12:00", 2.1, "Moderate rain"),
]
TABS = ("Today", "Tomorrow", "Later")
MAIN_MENU = ("Graphs", "Detect Location", "Settings", "About")
ABOUT_TEXT = "Forecastie is an open source weather app. Weather data is provided by OpenWeatherMap."
UNIT_KEYS = ("unit", "speedUnit", "pressureUnit")  # lengthUnit shows only with rain
# ListPreferences: key -> (title, entries, entry values)
LIST_PREFS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "unit": ("Temperature units", ("Celsius", "Fahrenheit", "Kelvin"), ("°C", "°F", "K")),
    "lengthUnit": ("Length units", ("Millimeters (mm)", "Inches (in)"), ("mm", "in")),
    "speedUnit": (
        "Speed units",
        (
            "Meters per second (m/s)",
            "Kilometers per hour (kph)",
            "Miles per hour (mph)",
            "Beaufort wind scale (bft)",
            "Knots (kn)",
        ),
        ("m/s", "kph", "mph", "bft", "kn"),
    ),
    "pressureUnit": (
        "Pressure units",
        ("hPa", "kPa", "mm Hg", "in Hg"),
        ("hPa", "kPa", "mm Hg", "in Hg"),
    ),
    "theme": (
        "Theme",
        ("Fresh", "Classic", "Fresh Dark", "Classic Dark"),
        ("fresh", "classic", "dark", "classicdark"),
    ),
    "windDirectionFormat": (
        "Wind direction format",
        ("No indication", "Arrows", "Abbreviations"),
        ("none", "arrow", "abbr"),
    ),
    "refreshInterval": (
        "Background refresh interval",
        ("None", "15 min", "30 min", "1 h", "2 h", "6 h", "12 h", "24 h"),
        ("0", "15", "30", "1", "2", "6", "12", "24"),
    ),
}
CHECK_PREFS = {
    "temperatureInteger": "Show temperature only as an integer",
    "displayDecimalZeroes": "Display decimal zeroes",
    "differentiateDaysByTint": "Differentiate Days with Color",
    "updateLocationAutomatically": "Update location in background",
}
# The settings screen: (category, [keys]).
SCREEN = (
    ("Units", ["unit", "temperatureInteger", "lengthUnit", "speedUnit", "pressureUnit"]),
    (
        "Display",
        ["theme", "windDirectionFormat", "displayDecimalZeroes", "differentiateDaysByTint"],
    ),
    ("Data", ["refreshInterval"]),
    ("Location", ["updateLocationAutomatically"]),
)


def _units(prefs: dict[str, Any]) -> list[str]:
    return [prefs[k] for k in UNIT_KEYS]


def _oracle_176(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """The main screen is on top and shows today's weather in units other than the preferences'."""
    shown = data.get("shown_units")
    return system.get("activity") == MAIN and shown is not None and shown != _units(data["prefs"])


def _temperature(kelvin: float, prefs: dict[str, Any]) -> str:
    unit = prefs["unit"]  # UnitConvertor.convertTemperature
    value = (
        kelvin - 273.15
        if unit == "°C"
        else (kelvin - 273.15) * 1.8 + 32
        if unit == "°F"
        else kelvin
    )
    if prefs["temperatureInteger"]:
        value = round(value)
    text = f"{value:.1f}".rstrip("0").rstrip(".")  # DecimalFormat("#.#")
    return f"{text} {unit}"


def _wind(speed: float, arrow: str, prefs: dict[str, Any]) -> str:
    unit = prefs["speedUnit"]
    factor = {"kph": 3.59999999712, "mph": 2.23693629205, "kn": 1.943844}.get(unit, 1.0)
    direction = f" {arrow}" if prefs["windDirectionFormat"] == "arrow" else ""
    if unit == "bft":
        return f"Wind: Gentle breeze{direction}"
    return f"Wind: {speed * factor:.1f} {unit}{direction}"


def _pressure(hpa: float, prefs: dict[str, Any]) -> str:
    unit = prefs["pressureUnit"]
    factor = {"kPa": 0.1, "mm Hg": 0.750061561303, "in Hg": 0.0295299830714}.get(unit, 1.0)
    return f"Pressure: {hpa * factor:.1f} {unit}"


_MORE = click(PACKAGE, desc="More options")
_SETTINGS = click(PACKAGE, "title", "Settings")
_TEMP_UNITS = click(PACKAGE, "android:id/title", "Temperature units")
_BACK = {"kind": "press_back"}

BUG_176 = BugSpec(
    "forecastie#176",
    "non-crash",
    "Temperature (and other unit changes) do not automatically refresh",
    _oracle_176,
    human_steps=(
        click(PACKAGE, "action_refresh", desc="Refresh"),
        _MORE,
        _SETTINGS,
        _TEMP_UNITS,
        click(PACKAGE, "android:id/text1", "Celsius"),
        _BACK,
    ),
)

WRONG_SEQUENCES = {
    "forecastie#176": [
        # the unit dialog cancelled
        [_MORE, _SETTINGS, _TEMP_UNITS, click(PACKAGE, "android:id/button2", "Cancel"), _BACK],
        # a preference that is no unit
        [
            _MORE,
            _SETTINGS,
            click(PACKAGE, "android:id/title", "Show temperature only as an integer"),
            _BACK,
        ],
        # a unit the screen does not show (no rain today, so no rain amount)
        [
            _MORE,
            _SETTINGS,
            click(PACKAGE, "android:id/title", "Length units"),
            click(PACKAGE, "android:id/text1", "Inches (in)"),
            _BACK,
        ],
        # Settings opened and left unchanged
        [click(PACKAGE, "action_refresh", desc="Refresh"), _MORE, _SETTINGS, _BACK],
    ]
}


class Forecastie(VirtualApp):
    """Forecastie 1.2 (see the module docstring)."""

    name: ClassVar[str] = "forecastie"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Forecastie"
    version: ClassVar[str] = "1.2"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_176,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {
                "unit": "C",  # prefs.xml's defaultValue (not one of the entry values)
                "temperatureInteger": False,
                "lengthUnit": "mm",
                "speedUnit": "m/s",
                "pressureUnit": "hPa",
                "theme": "fresh",
                "windDirectionFormat": "arrow",
                "displayDecimalZeroes": False,
                "differentiateDaysByTint": False,
                "refreshInterval": "1",
                "updateLocationAutomatically": False,
            },
            "city": "London",
            "cache": None,  # the city of the last download (lastToday/lastLongterm)
            "last_update": None,
            # what the MainActivity instance drew (one instance at a time; redrawn by its
            # onCreate): the city and preferences of its today values and forecast rows
            "shown": None,
            "shown_units": None,
        }

    # -- lifecycle ----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN:
            if ctx.data["cache"] is not None:
                self._draw(ctx, ctx.data["cache"])  # preloadWeather: the cached answers
            if ctx.data["last_update"] is None:
                self._download(ctx)  # onResume: shouldUpdate() (never downloaded)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("menu"):
            ctx.ui["menu"] = False
            return True
        if ctx.activity == SETTINGS:
            self._leave_settings(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        # Only a sideways swipe on MainActivity's ViewPager (drawn once weather is cached, the
        # page in ui["tab"], unset until a tab is chosen) turns the page; a dialog or the
        # overflow menu on top takes the swipe itself, and every other screen has no pager.
        if (
            ctx.activity == MAIN
            and ctx.data["cache"] is not None
            and direction in ("left", "right")
            and not any(ctx.ui.get(key) for key in ("search", "about", "menu"))
        ):
            ctx.ui.setdefault("tab", 0)
            return w.pager_swipe(ctx.ui, "tab", len(TABS), direction)
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        return None  # getCityByLocation waits for a GPS fix, which never comes here

    # -- main ---------------------------------------------------------------------------------
    def _draw(self, ctx: AppContext, city: str) -> None:
        """updateTodayWeatherUI / updateLongTermWeatherUI with the current preferences."""
        prefs = dict(ctx.data["prefs"])
        ctx.data["shown"] = {"city": city, "prefs": prefs}
        ctx.data["shown_units"] = _units(prefs)

    def _download(self, ctx: AppContext) -> None:
        city = ctx.data["city"]
        if city not in CITIES:
            ctx.ui["snackbar"] = "Specified city is not found."
            return
        ctx.data["cache"] = city
        ctx.data["last_update"] = "10:42 AM"
        self._draw(ctx, city)

    def _leave_settings(self, ctx: AppContext) -> None:
        ctx.finish()
        shown = ctx.data["shown"]
        if shown is not None and shown["prefs"]["theme"] != ctx.data["prefs"]["theme"]:
            # MainActivity.onResume: another theme, so it finishes and starts itself again,
            # whose onCreate draws the cached weather with the current preferences
            self._draw(ctx, shown["city"])

    def _menu(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "Settings":
            ctx.start_activity(SETTINGS)
        elif item == "Graphs":
            ctx.start_activity(STUB)
        elif item == "Detect Location":
            ctx.request_permission(FINE_LOCATION)
        else:
            ctx.ui["about"] = True

    def _search(self, ctx: AppContext) -> None:
        text = ctx.ui.get("search_text", "").strip()
        ctx.ui["search"] = False
        ctx.ui["search_text"] = ""
        if not text:
            return
        recent = ctx.data["city"]
        ctx.data["city"] = text
        if recent != text:
            self._download(ctx)

    # -- settings -----------------------------------------------------------------------------
    def _choose(self, ctx: AppContext, key: str, index: int) -> None:
        ctx.ui["choice"] = None
        ctx.data["prefs"][key] = LIST_PREFS[key][2][index]

    # -- screens ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._settings(ctx)
        if ctx.activity in (STUB, MAP):
            title = "Graphs" if ctx.activity == STUB else "Weather Map"
            return Screen(
                content=w.linear_layout([w.toolbar(title, navigation=w.up_button())]), title=title
            )
        if ctx.activity == MAIN:
            return self._main(ctx)
        return Screen(content=w.frame_layout())

    def _main(self, ctx: AppContext) -> Screen:
        drawn = ctx.data["shown"]
        actions = [
            w.action_item("action_refresh", "Refresh", self._refresh),
            w.action_item("action_search", "Search", lambda c: c.ui.update(search=True)),
            w.action_item("action_map", "Weather Map", lambda c: c.start_activity(MAP)),
            w.overflow_button(lambda c: c.ui.update(menu=True)),
        ]
        if drawn is None:
            title, values = (
                "Forecastie",
                [
                    ("todayTemperature", "0 °C"),
                    ("todayDescription", "No data"),
                    ("todayWind", "Wind: 0 m/s"),
                    ("todayPressure", "Pressure: 0 hpa"),
                    ("todayHumidity", "Humidity: 0 %"),
                    ("todaySunrise", "Sunrise: 00:00"),
                    ("todaySunset", "Sunset: 00:00"),
                ],
            )
        else:
            prefs, city = drawn["prefs"], drawn["city"]
            country, kelvin, desc, wind, arrow, hpa, humidity, rise, sett = CITIES[city]
            title = f"{city}, {country}"
            values = [
                ("todayTemperature", _temperature(kelvin, prefs)),
                ("todayDescription", desc[:1].upper() + desc[1:]),
                ("todayWind", _wind(wind, arrow, prefs)),
                ("todayPressure", _pressure(hpa, prefs)),
                ("todayHumidity", f"Humidity: {humidity} %"),
                ("todaySunrise", f"Sunrise: {rise}"),
                ("todaySunset", f"Sunset: {sett}"),
            ]
        last = ctx.data["last_update"]
        today = w.linear_layout(
            [
                w.linear_layout([w.text_view(text, rid) for rid, text in values], weight=0),
                w.linear_layout(
                    [
                        w.text_view("\uf019" if drawn else "", "todayIcon", height=200),
                        w.text_view(
                            f"Last update:\n{last}" if last else "", "lastUpdate", height=150
                        ),
                    ],
                    width=380,
                    weight=0,
                ),
            ],
            horizontal=True,
            weight=0,
        )
        children: list[View] = [w.toolbar(title, actions=actions), today]
        if drawn is not None:
            tab = ctx.ui.get("tab", 0)
            children.append(w.tabs(list(TABS), tab, lambda c, i: c.ui.update(tab=i), rid="tabs"))
            children.append(self._forecast(drawn, tab))
        content = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="viewApp",
            children=[w.linear_layout(children)],
        )
        return Screen(content=content, title=title, windows=self._main_windows(ctx))

    def _forecast(self, drawn: dict[str, Any], tab: int) -> View:
        prefs, city = drawn["prefs"], drawn["city"]
        _, kelvin, _, wind, arrow, hpa, humidity, _, _ = CITIES[city]
        rows = [
            w.linear_layout(
                [
                    w.linear_layout(
                        [
                            w.text_view(date, "itemDate"),
                            w.text_view(desc, "itemDescription"),
                            w.text_view(_wind(wind, arrow, prefs), "itemWind"),
                            w.text_view(_pressure(hpa, prefs), "itemPressure"),
                            w.text_view(f"Humidity: {humidity} %", "itemHumidity"),
                        ],
                        weight=0,
                    ),
                    w.linear_layout(
                        [
                            w.text_view("\uf019", "itemIcon"),
                            w.text_view(_temperature(kelvin + delta, prefs), "itemTemperature"),
                        ],
                        width=300,
                        weight=0,
                    ),
                ],
                rid="lineView",
                horizontal=True,
                height=560,
                weight=0,
            )
            for day, date, delta, desc in FORECAST
            if day == tab
        ]
        return View(
            cls="android.support.v4.view.ViewPager",
            resource_id="viewPager",
            children=[
                View(
                    cls="android.support.v7.widget.RecyclerView",
                    resource_id="recyclerView",
                    scrollable=True,
                    scroll_key=f"list_scroll_{tab}",
                    children=rows,
                )
            ],
        )

    def _refresh(self, ctx: AppContext) -> None:
        self._download(ctx)

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        if ctx.ui.get("search"):
            field = w.edit_text(
                "search_field",
                ctx.ui.get("search_text", ""),
                lambda c, t: c.ui.update(search_text=t),
                cls="android.widget.EditText",
            )
            field.resource_id = ""
            windows.append(
                w.input_dialog(
                    "Search for city",
                    field,
                    ("OK", self._search),
                    ("Cancel", lambda c: c.ui.update(search=False, search_text="")),
                    lambda c: c.ui.update(search=False, search_text=""),
                )
            )
        if ctx.ui.get("about"):
            about = ABOUT_TEXT
            ok = ("OK", self._close_about)
            windows.append(w.confirm_dialog("Forecastie", about, ok, None, self._close_about))
        if ctx.ui.get("menu"):
            entries = [(item, w.bind(self._menu, item)) for item in MAIN_MENU]
            windows.append(w.menu_window(entries, on_dismiss=self._close_menu))
        return windows

    def _close_about(self, ctx: AppContext) -> None:
        ctx.ui["about"] = False

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    def _settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        rows: list[View] = []
        for category, keys in SCREEN:
            rows.append(w.preference_category(category))
            for key in keys:
                if key in CHECK_PREFS:
                    rows.append(
                        w.preference(
                            CHECK_PREFS[key],
                            "",
                            on_click=w.bind(
                                lambda c, k: c.data["prefs"].update({k: not c.data["prefs"][k]}),
                                key,
                            ),
                            widget=w.checkbox_widget(bool(prefs[key])),
                        )
                    )
                else:
                    rows.append(
                        w.preference(
                            LIST_PREFS[key][0],
                            "",
                            on_click=w.bind(lambda c, k: c.ui.update(choice=k), key),
                        )
                    )
            if category == "Units":
                rows.append(w.preference("Date Format", "", on_click=None))
                rows.append(
                    w.preference(
                        "Custom Date Format",
                        "Provide the custom SimpleDateFormat string to be used",
                        on_click=None,
                    )
                )
            if category == "Data":
                rows.append(
                    w.preference(
                        "API key", "Custom API key for OpenWeatherMap queries", on_click=None
                    )
                )
        content = w.linear_layout(
            [
                w.toolbar(
                    "Settings",
                    navigation=w.nav_button(w.NAVIGATE_UP, self._leave_settings),
                    rid="settings_toolbar",
                ),
                w.list_view(rows, scroll_key="settings_scroll"),
            ]
        )
        windows: list[Window] = []
        choice = ctx.ui.get("choice")
        if choice:
            title, entries, values = LIST_PREFS[choice]
            current = prefs[choice]
            windows.append(
                w.choice_dialog(
                    title,
                    list(entries),
                    values.index(current) if current in values else None,
                    lambda c, i: self._choose(c, choice, i),
                    lambda c: c.ui.update(choice=None),
                    negative=("Cancel", lambda c: c.ui.update(choice=None)),
                )
            )
        return Screen(content=content, title="Settings", windows=windows)
