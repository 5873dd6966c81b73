"""Rain (``com.yoshi.rain``, darkmoonight/Rain) 1.1.10+21, for Rain#61.

A Flutter weather app backed by Open-Meteo: an onboarding page, then one page with three tabs
(weather, city cards, settings) under a bottom navigation bar, the weather cached in an Isar
database.

Modelled from the sources at tag ``v.2.10`` (commit ``bb6f7de``, 7 May 2023, the release out the day
before the report; ``pubspec.yaml``: ``version: 1.1.10+21``): ``lib/main.dart`` (onboarding until
``settings.onboard``), ``lib/app/modules/onboarding.dart``, ``home.dart`` (the app bar's title and
search field, ``getData()`` on start, the tabs), ``weather.dart`` (the weather tab, its
pull-to-refresh), ``settings.dart``, ``lib/app/controller/controller.dart``
(``setLocation``, ``getLocation``, ``writeCache``, ``readCache``, ``deleteCache``, ``deleteAll``),
``lib/app/api/api.dart`` (the Fahrenheit request), ``lib/app/data/weather.dart`` (``Settings``
defaults), ``lib/app/widgets/weather_now.dart``, ``weather_hourly.dart``, ``weather_daily.dart``,
``desc_container.dart``, ``status_im_fa.dart`` (``getDegree``: the value followed by "°C" or "°F"
from ``settings.degrees``), ``setting_links.dart`` and ``lib/translation/translation.dart`` (en_US);
``android/app/src/main/AndroidManifest.xml`` (``com.example.rain.MainActivity``, label "Rain",
portrait, ``singleTop``).

The bug (Rain#61, non-crash): the "Degrees" setting only changes which unit the next Open-Meteo
request asks for and which symbol ``getDegree`` prints. ``writeCache`` stores a fetched forecast
only when the cache is empty, and ``getData`` on start deletes only forecasts older than six
hours, so after switching to Fahrenheit, restarting the app fetches Fahrenheit values but shows
the cached Celsius ones: the symbols read "°F", the numbers are Celsius. Going back to the
weather tab without a restart shows no change: its ``Obx`` sections rebuild only when the
controller's values change, so their symbols stay those of their last build. Pulling the weather
tab down (``deleteAll`` then a new fetch) or choosing the city again replaces the cache. The
oracle: the weather tab is on screen and prints another unit's symbol than the one its cached
forecast was fetched in.

Fixed data: the city search answers from three fixed places (Berlin, London, New York; a typed
text matches the names it starts); every forecast is the same one, Mon 8 May 2023 12:00 in the
city: 14°C now (57°F), feels 13°C (55°F), hours 12:00-15:00 at 14/15/16/16°C, and three days
of 8/17, 9/19 and 11/21°C (each converted for Fahrenheit requests), "Cloudy". Online.

Stubbed: the city-cards tab ("Add a city"; its add button's sheet is not modelled), the hourly
list's selection and the 10-day page, the GitHub link and the dark theme (the switch is stored
only); the "Location" switch is stored but the current-location path (geolocation permission,
placemarks) is not modelled: with it on, a start keeps the cached forecast. The bottom bar's
icons carry no labels (as in the app), so steps find them by position.
Uncertain: how Flutter 3.10's semantics merge the settings rows (a row's label and its dropdown
button are modelled as separate nodes).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.yoshi.rain"
MAIN = "com.example.rain.MainActivity"
VIEW = "android.view.View"
BUTTON = "android.widget.Button"

PLACES = (("Berlin", "Land Berlin"), ("London", "England"), ("New York", "New York"))
NOW_C, FEELS_C = 14.3, 12.8
HOURS = (("12:00", 14.3), ("13:00", 15.1), ("14:00", 15.8), ("15:00", 16.2))
DAYS = (
    ("Monday, May 8", 8.2, 17.4),
    ("Tuesday, May 9", 9.0, 19.1),
    ("Wednesday, May 10", 11.3, 21.0),
)
CHOICES: dict[str, tuple[tuple[str, str], ...]] = {
    "degrees": (("celsius", "Celsius"), ("fahrenheit", "Fahrenheit")),
    "measurements": (("metric", "Metric"), ("imperial", "Imperial")),
    "timeformat": (("12", "12-hour"), ("24", "24-hour")),
}
TITLES = {"degrees": "Degrees", "measurements": "System of measures", "timeformat": "Time format"}


def _to_unit(celsius: float, unit: str) -> float:
    return celsius * 9 / 5 + 32 if unit == "fahrenheit" else celsius


def symbol_mismatch_shown(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Rain#61: the weather tab is on screen with a cached forecast fetched in
    another unit than the "Degrees" setting its symbols print."""
    cache = data["cache"]
    return (
        system.get("foreground") == "app"
        and system.get("activity") == MAIN
        and data["page"] == "weather"
        and cache is not None
        and cache["unit"] != data["symbol"]
    )


# -- steps -------------------------------------------------------------------------------------
def _tap(desc: str = "", cls: str = "", bounds: list[int] | None = None) -> dict[str, Any]:
    return click(PACKAGE, desc=desc, cls=cls, bounds=bounds)


START = _tap("Get Started", BUTTON)
SEARCH = _tap(cls=BUTTON, bounds=[933, 63, 1080, 210])  # the app bar's unlabelled search icon
TYPE_CITY = input_text(PACKAGE, "", "Berlin", hint="Search...")
PICK_CITY = _tap("Berlin, Land Berlin")
WEATHER_TAB = _tap(cls=VIEW, bounds=[0, 1626, 360, 1794])
SETTINGS_TAB = _tap(cls=VIEW, bounds=[720, 1626, 1080, 1794])
DEGREES_BOX = _tap("Celsius", BUTTON)
FAHRENHEIT = _tap("Fahrenheit")
RESTART = [{"kind": "press_back"}, click("com.android.launcher3", text="Rain")]
CITY = [START, SEARCH, TYPE_CITY, PICK_CITY]

BUG_61 = BugSpec(
    "Rain#61",
    "non-crash",
    "Temperatures still shown in Celsius when Fahrenheit is selected in settings.",
    symbol_mismatch_shown,
    human_steps=(*CITY, SETTINGS_TAB, DEGREES_BOX, FAHRENHEIT, *RESTART),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Rain#61": [
        # Fahrenheit chosen before any city: the first forecast is fetched in Fahrenheit.
        [START, SETTINGS_TAB, DEGREES_BOX, FAHRENHEIT, WEATHER_TAB, SEARCH, TYPE_CITY, PICK_CITY],
        # The system of measures changed instead of the degrees.
        [*CITY, SETTINGS_TAB, _tap("Metric", BUTTON), _tap("Imperial"), *RESTART],
        # Fahrenheit, then back to Celsius, then the restart.
        [
            *CITY,
            SETTINGS_TAB,
            DEGREES_BOX,
            FAHRENHEIT,
            _tap("Fahrenheit", BUTTON),
            _tap("Celsius"),
            *RESTART,
        ],
        # Back to the weather tab instead of a restart: its sections are not rebuilt.
        [*CITY, SETTINGS_TAB, DEGREES_BOX, FAHRENHEIT, WEATHER_TAB],
        # The dropdown opened and closed with Back: nothing changes.
        [*CITY, SETTINGS_TAB, DEGREES_BOX, {"kind": "press_back"}, WEATHER_TAB],
    ],
}


class Rain1110(VirtualApp):
    """Rain 1.1.10+21 (see the module docstring)."""

    name: ClassVar[str] = "Rain"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Rain"
    version: ClassVar[str] = "1.1.10"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_61,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "settings": {
                "onboard": False,
                "theme": False,
                "location": False,
                "measurements": "metric",
                "degrees": "celsius",
                "timeformat": "24",
            },
            "cache": None,  # MainWeatherCache: the unit its values were fetched in
            "place": None,  # LocationCache: (city, district)
            "page": "onboarding",  # what the activity shows (onboarding, weather, cards, settings)
            "symbol": "celsius",  # the unit getDegree printed at the weather tab's last build
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui, data = ctx.ui, ctx.data
        ui.setdefault("search", False)
        ui.setdefault("query", "")
        ui.setdefault("dropdown", None)
        if not data["settings"]["onboard"]:
            data["page"] = "onboarding"
            return
        data["page"] = "weather"  # a new HomePage: tab 0, built with the current setting
        data["symbol"] = data["settings"]["degrees"]
        self._get_data(ctx)

    def _get_data(self, ctx: AppContext) -> None:
        """HomePage.getData(): deleteCache() keeps a forecast younger than six hours (the fixed
        one always is), then setLocation() fetches anew but writeCache() leaves a non-empty
        cache as it is."""
        data = ctx.data
        if data["settings"]["location"] or data["place"] is None:
            return
        self._fetch(ctx)

    def _fetch(self, ctx: AppContext) -> None:
        """getLocation(): the forecast in the set unit, written only into an empty cache; then
        readCache() sets the controller's values and the weather tab's sections rebuild."""
        data = ctx.data
        if data["cache"] is None:
            data["cache"] = {"unit": data["settings"]["degrees"]}
        data["symbol"] = data["settings"]["degrees"]

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "dropdown", None) or w.dismiss(ctx.ui, "search")

    # -- handlers ------------------------------------------------------------------------------
    def _start(self, ctx: AppContext) -> None:
        ctx.data["settings"]["onboard"] = True
        ctx.data["page"] = "weather"
        ctx.data["symbol"] = ctx.data["settings"]["degrees"]
        self._get_data(ctx)

    def _tab(self, ctx: AppContext, page: str) -> None:
        ctx.data["page"] = page

    def _toggle_search(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui["search"] = not ui["search"]
        ui["query"] = ""
        ctx.hide_keyboard()

    def _type(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text

    def _pick(self, ctx: AppContext, city: str, district: str) -> None:
        """onSelected: deleteAll(true) empties both caches, then getLocation()."""
        data = ctx.data
        data["cache"] = None
        data["place"] = [city, district]
        self._fetch(ctx)
        ctx.ui.update(search=False, query="")
        ctx.hide_keyboard()

    def _refresh(self, ctx: AppContext) -> None:
        """The weather tab's RefreshIndicator: deleteAll(false), then setLocation()."""
        data = ctx.data
        if data["place"] is None:
            return
        data["cache"] = None
        self._fetch(ctx)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if direction == "down" and ctx.data["page"] == "weather" and not ctx.ui["search"]:
            self._refresh(ctx)
            return True
        return False

    def _open_dropdown(self, ctx: AppContext, key: str) -> None:
        ctx.ui["dropdown"] = key

    def _choose(self, ctx: AppContext, key: str, value: str) -> None:
        ctx.data["settings"][key] = value
        ctx.ui["dropdown"] = None

    def _flip(self, ctx: AppContext, key: str) -> None:
        settings = ctx.data["settings"]
        settings[key] = not settings[key]

    # -- rendering -----------------------------------------------------------------------------
    def _label(self, text: str, **kw: Any) -> View:
        """A Flutter ``Text``: a View whose label is its content-desc."""
        return View(cls=VIEW, content_desc=text, **kw)

    def _degree(self, ctx: AppContext, celsius: float) -> str:
        """StatusImFa.getDegree at the tab's last build: the cached value, the symbol of the
        setting then."""
        value = _to_unit(celsius, ctx.data["cache"]["unit"])
        symbol = "°F" if ctx.data["symbol"] == "fahrenheit" else "°C"
        return f"{round(value)}{symbol}"

    def _onboarding(self) -> Screen:
        page = View(
            cls=VIEW,
            children=[
                View(cls=VIEW),
                w.image_view(height=420),
                self._label("Rain - Weather", height=160),
                self._label(
                    "Weather app that provides real-time forecasts, and hourly, daily and weekly "
                    "forecasts for any location.",
                    height=220,
                ),
                View(cls=VIEW),
                View(cls=BUTTON, content_desc="Get Started", on_click=self._start, height=150),
            ],
        )
        return Screen(content=page)

    def _title(self, ctx: AppContext) -> View:
        ui, data = ctx.ui, ctx.data
        if ui["search"]:
            return w.edit_text("", ui["query"], self._type, hint="Search...", height=147)
        if data["cache"] is not None and data["place"] is not None:
            city, district = data["place"]
            text = city if city == district else f"{city}, {district}"
        elif data["settings"]["location"]:
            text = "Search..."
        else:
            text = "Find your city"
        return self._label(text, height=147)

    def _weather(self, ctx: AppContext) -> list[View]:
        if ctx.data["cache"] is None:
            return [View(cls=VIEW, height=350)]  # MyShimmer while loading
        now = round(_to_unit(NOW_C, ctx.data["cache"]["unit"]))
        hours = [
            View(
                cls=VIEW,
                width=240,
                children=[
                    self._label(hour, height=80),
                    self._label(self._degree(ctx, c), height=80),
                ],
            )
            for hour, c in HOURS
        ]
        days = [
            View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=120,
                children=[
                    self._label(day, height=120),
                    self._label("Cloudy", height=120, width=200),
                    self._label(
                        f"{self._degree(ctx, low)} / {self._degree(ctx, high)}",
                        height=120,
                        width=330,
                    ),
                ],
            )
            for day, low, high in DAYS
        ]
        feels = round(_to_unit(FEELS_C, ctx.data["cache"]["unit"]))
        return [
            w.image_view(height=300),
            self._label(str(now), height=200),
            self._label("Cloudy", height=90),
            self._label("Monday, May 8", height=70),
            View(cls=VIEW, layout=HORIZONTAL, height=200, children=hours),
            View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=140,
                children=[self._label("Feels", height=140), self._label(f"{feels}°", height=140)],
            ),
            *days,
            self._label("10-day weather forecast", height=110),
        ]

    def _settings_rows(self, ctx: AppContext) -> list[View]:
        settings = ctx.data["settings"]

        def row(title: str, widget: View) -> View:
            return View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=170,
                children=[self._label(title, height=170), widget],
            )

        def switch_row(title: str, key: str) -> View:
            switch = View(
                cls="android.widget.Switch",
                checkable=True,
                checked=bool(settings[key]),
                on_click=w.bind(self._flip, key),
                width=180,
            )
            return row(title, switch)

        def dropdown_row(key: str) -> View:
            name = dict(CHOICES[key])[settings[key]]
            box = View(
                cls=BUTTON,
                content_desc=name,
                on_click=w.bind(self._open_dropdown, key),
                width=330,
            )
            return row(TITLES[key], box)

        return [
            switch_row("Dark theme", "theme"),
            switch_row("Location", "location"),
            dropdown_row("degrees"),
            dropdown_row("measurements"),
            dropdown_row("timeformat"),
            View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=170,
                children=[self._label("Version", height=170), self._label("1.1.10", width=200)],
            ),
            View(cls=BUTTON, content_desc="Project GitHub", on_click=lambda c: None, height=170),
        ]

    def _home(self, ctx: AppContext) -> Screen:
        ui, data = ctx.ui, ctx.data
        bar = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=147,
            children=[
                w.image_view(width=147),
                self._title(ctx),
                View(cls=BUTTON, on_click=self._toggle_search, width=147),
            ],
        )
        page = data["page"]
        if page == "weather":
            body: list[View] = self._weather(ctx)
        elif page == "cards":
            body = [View(cls=VIEW, height=500), self._label("Add a city", height=110)]
        else:
            body = self._settings_rows(ctx)
        listing = View(cls=VIEW, scrollable=True, scroll_key=f"scroll_{page}", children=body)
        nav = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=168,
            children=[
                View(cls=VIEW, on_click=w.bind(self._tab, name), selected=page == name)
                for name in ("weather", "cards", "settings")
            ],
        )
        children = [bar, listing, nav]
        if page == "cards":
            add = w.fab("", "", lambda c: None, cls=BUTTON)
            content = View(
                cls=VIEW, layout=FRAME, children=[View(cls=VIEW, children=children), add]
            )
        else:
            content = View(cls=VIEW, children=children)
        windows: list[Window] = []
        if ui["search"] and ui["query"].strip():
            query = ui["query"].strip().lower()
            rows = [
                View(
                    cls=VIEW,
                    content_desc=f"{city}, {district}",
                    on_click=w.bind(self._pick, city, district),
                    height=150,
                )
                for city, district in PLACES
                if city.lower().startswith(query)
            ]
            if rows:
                windows.append(
                    Window(
                        root=View(cls=VIEW, weight=0, width=656, children=rows),
                        kind="menu",
                        modal=False,
                        bounds=(147, 210, 803, 210 + 150 * len(rows)),
                    )
                )
        key = ui["dropdown"]
        if key is not None:
            items = [
                View(
                    cls=VIEW,
                    content_desc=name,
                    on_click=w.bind(self._choose, key, value),
                    height=140,
                )
                for value, name in CHOICES[key]
            ]
            # The dropdown's menu opens over its button (the rows are 170 px from y 210).
            top = 210 + 170 * (2 + tuple(CHOICES).index(key))
            windows.append(
                Window(
                    root=View(cls=VIEW, weight=0, children=items),
                    kind="menu",
                    on_dismiss=lambda c: c.ui.update(dropdown=None),
                    bounds=(690, top, 1080, top + 140 * len(items)),
                )
            )
        return Screen(content=content, windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if not ctx.data["settings"]["onboard"]:
            return self._onboarding()
        return self._home(ctx)
