"""Weather v0.6 (``in.sunilpaulmathew.weatherwidget``, repository sunilpaulmathew/Weather), with
bug Weather#10 (crash).

Sources read: tag ``v0.6``, commit f3d6115 ("Weather v0.6"): ``MainActivity``,
``InitializeActivity``/``InitializeFragment``, ``WeatherFragment``, ``WeatherAdapter``,
``DailyForecastAdapter``, ``LocationsAdapter``, ``SettingsActivity``, ``AcquireWeatherData``,
``ForecastItems``, ``Weather``, ``Utils``, the layouts ``fragment_intialize.xml``,
``rv_locations.xml``, ``rv_weather.xml``, ``layout_weather_details.xml``,
``rv_forecast_daily.xml``, ``rv_forecast_hourly.xml``, ``activity_settings.xml``,
``rv_settings.xml``, ``layout_about.xml`` and ``values/strings.xml``. The next release (v0.7,
d0624cd) moved the daily dialog to ``DailyForecastDialog`` with the same ``getUVIndexText``, so
there is no fix commit.

Screens:

- first run: ``MainActivity`` finds no saved latitude/longitude and opens
  ``InitializeActivity``: "Search for a location" with the ``location`` field (a list of
  ``locations`` rows appears under it as one types), "or manually provide the following
  parameters" with ``latitude``/``longitude`` and the ``apply_card`` button; an indefinite
  snackbar "Enable location access for accurate weather data" with "Request access" (the
  location permission; granted, the device's fixed location is applied). Picking a row or
  applying saves the place and restarts ``MainActivity``;
- the main screen: one weather card (``menu_button`` with the popup Edit location / Preferences /
  About), the current conditions (``layout_weather_details``), a horizontal hourly list
  (``recycler_view_hourly``; a tap opens the hour's details dialog) and the "Daily forecast" card
  (``recycler_view_daily``: one row per day, the first "Today"); a tap on a day opens that day's
  details dialog (a Cancel button); Back once toasts "Press back again to exit";
- Preferences (``SettingsActivity``): the settings rows; Temperature Unit and Forecast Days open
  their single-choice dialogs (a change reloads and restarts the main screen); the others are
  stubs. About is the about dialog.

The bug (Weather#10): a tap on a daily row runs ``WeatherAdapter``'s click lambda, which calls
``getUVIndexText``: it strips "UV Index: " from the row's UV text and ``Integer.parseInt``s what
is left. ``AcquireWeatherData`` stores each day's ``uv_index_max`` with ``JSONArray.getString``,
which turns a JSON ``null`` into the string "null", so a day the service sends no UV index for
reads "UV Index: null" and the parse throws ``java.lang.NumberFormatException: For input string:
"null"``. The report says every day but today crashes, for 3, 7 and 14 forecast days; the model's
fixed forecast (below) therefore has today's UV index and ``null`` for the other days. This cause
is the uncertain part: the maintainer could not reproduce it, and a non-English locale (where
"UV Index: " is translated, e.g. German "UV-Index: ") would crash the same line for every row,
today included; the reporter's quoted "Daily forecast" suggests an English interface, so the
model uses the missing-UV cause.

Network content replaced by fixed data: the Open-Meteo geocoding search (a small fixed list of
places whose names start with the typed text), the forecast (fixed conditions, today being
Thursday, August 14 2025, the report's date) and the device location ("Berlin"). Frames below
the app's own are API 25's; ``Integer.parseInt``'s line numbers are approximate.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "in.sunilpaulmathew.weatherwidget"
MAIN = ".activities.MainActivity"
INITIALIZE = ".activities.InitializeActivity"
SETTINGS = ".activities.SettingsActivity"
FINE_LOCATION = "android.permission.ACCESS_FINE_LOCATION"
TEXT_VIEW = "com.google.android.material.textview.MaterialTextView"
IMAGE_BUTTON = "androidx.appcompat.widget.AppCompatImageButton"
RECYCLER = "androidx.recyclerview.widget.RecyclerView"
CARD = "com.google.android.material.card.MaterialCardView"

# The geocoding service's answers (name, country, latitude, longitude).
PLACES = (
    ("Berlin", "Germany", "52.52437", "13.41053"),
    ("Bern", "Switzerland", "46.94809", "7.44744"),
    ("Hamburg", "Germany", "53.55073", "9.99302"),
    ("London", "United Kingdom", "51.50853", "-0.12574"),
    ("Munich", "Germany", "48.13743", "11.57549"),
    ("New York", "United States", "40.71427", "-74.00597"),
    ("Paris", "France", "48.85341", "2.3488"),
    ("Vienna", "Austria", "48.20849", "16.37208"),
)
DEVICE_PLACE = PLACES[0]
WEEKDAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
TODAY_WEEKDAY = 5  # Calendar.DAY_OF_WEEK of Thursday, August 14 2025
WEATHER_CODES = {0: "Clear", 1: "Mostly clear", 2: "Partly cloudy", 3: "Overcast", 61: "Light rain"}
# The daily forecast: (date, max, min, weather code, uv_index_max, sunrise, sunset).
DAILY = [
    (f"August {14 + i}" if 14 + i <= 31 else f"September {14 + i - 31}", tmax, tmin, code, uv)
    for i, (tmax, tmin, code, uv) in enumerate(
        [
            ("27", "15", 2, "5.35"),
            ("29", "16", 1, None),
            ("25", "17", 3, None),
            ("22", "14", 61, None),
            ("24", "13", 2, None),
            ("26", "14", 0, None),
            ("27", "16", 1, None),
            ("23", "15", 3, None),
            ("21", "13", 61, None),
            ("22", "12", 2, None),
            ("24", "13", 1, None),
            ("25", "14", 0, None),
            ("23", "15", 3, None),
            ("22", "14", 2, None),
        ]
    )
]
SUNRISE, SUNSET = "5:53 AM", "8:29 PM"
HOURS = [f"{(15 + i) % 12 or 12} {'PM' if (15 + i) % 24 >= 12 else 'AM'}" for i in range(24)]
HOURLY_TEMPS = [24, 24, 23, 22, 21, 19, 18, 17, 17, 16, 16, 15, 15, 15, 16, 18, 19, 21, 23, 24]
HOURLY_TEMPS += [25, 26, 27, 27]


def _uv_text(uv: str | None) -> str:
    # ForecastItems.getUVIndex: getString(R.string.uv_index, mUVIndex), mUVIndex "null" when
    # JSONArray.getString met a JSON null.
    return f"UV Index: {uv if uv is not None else 'null'}"


def _uv_crash(uv_text: str) -> JavaException:
    value = uv_text.replace("UV Index: ", "")
    line = 308 if "." in value else 310
    return JavaException(
        "java.lang.NumberFormatException",
        f'For input string: "{value.split(".")[0]}"',
        frames=[
            "java.lang.Integer.parseInt(Integer.java:615)",
            "java.lang.Integer.parseInt(Integer.java:650)",
            f"in.sunilpaulmathew.weatherwidget.adapters.WeatherAdapter.getUVIndexText"
            f"(WeatherAdapter.java:{line})",
            "in.sunilpaulmathew.weatherwidget.adapters.WeatherAdapter.lambda$onBindViewHolder$0"
            "(WeatherAdapter.java:138)",
            "in.sunilpaulmathew.weatherwidget.adapters.DailyForecastAdapter$ViewHolder.onClick"
            "(DailyForecastAdapter.java:77)",
            "android.view.View.performClick(View.java:5637)",
            "android.view.View$PerformClick.run(View.java:22429)",
            *callback_frames(25),
        ],
    )


def _tv(text: str, rid: str = "", **kw: Any) -> View:
    """A ``MaterialTextView`` (the app's text views)."""
    return View(cls=TEXT_VIEW, text=text, resource_id=rid, **kw)


def _close_dialogs(ctx: AppContext) -> None:
    ctx.ui.update(day_dialog=None, hour_dialog=None, about=False)


def _oracle_10(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "java.lang.NumberFormatException", "For input string")


_TYPE_BERLIN = input_text(PACKAGE, "location", "Berlin", hint="Location")
_PICK_BERLIN = click(PACKAGE, "locations", "Berlin, Germany")

BUG_10 = BugSpec(
    "Weather#10",
    "crash",
    "[BUG] App crashes when selecting another day",
    _oracle_10,
    human_steps=(
        _TYPE_BERLIN,
        _PICK_BERLIN,
        click(PACKAGE, "day", "Friday"),
    ),
)

WRONG_SEQUENCES = {
    "Weather#10": [
        # today's row: its UV index is there, the dialog opens
        [_TYPE_BERLIN, _PICK_BERLIN, click(PACKAGE, "date", "Today")],
        # an hour instead of a day
        [_TYPE_BERLIN, _PICK_BERLIN, click(PACKAGE, "date", "4 PM")],
        # the search only, no place picked
        [_TYPE_BERLIN, click(PACKAGE, "apply_card")],
        # today's details, closed, then the forecast days changed
        [
            _TYPE_BERLIN,
            _PICK_BERLIN,
            click(PACKAGE, "date", "Today"),
            click(PACKAGE, "android:id/button1", "Cancel"),
            click(PACKAGE, "menu_button"),
            click(PACKAGE, "title", "Preferences"),
            click(PACKAGE, "title", "Forecast Days"),
            click(PACKAGE, "android:id/text1", "14 days"),
        ],
    ]
}


class SpmWeather(VirtualApp):
    """Weather v0.6 (see the module docstring)."""

    name: ClassVar[str] = "Weather"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Weather"
    version: ClassVar[str] = "v0.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_10,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "latitude": None,
            "longitude": None,
            "location": None,
            "forecast_days": 7,
            "fahrenheit": False,
        }

    # -- lifecycle ----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN and (ctx.data["latitude"] is None or ctx.data["longitude"] is None):
            ctx.start_activity(INITIALIZE)
            ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            if ctx.ui.get("menu"):
                ctx.ui["menu"] = False
                return True
            if ctx.ui.get("exit"):
                ctx.finish()
            else:
                ctx.toast("Press back again to exit")
                ctx.ui["exit"] = True
            return True
        if ctx.activity == INITIALIZE:
            if ctx.data["latitude"] is not None and ctx.data["longitude"] is not None:
                self._restart(ctx)
            else:
                ctx.finish()
            return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != INITIALIZE:
            return
        if granted:
            name, _, lat, lon = DEVICE_PLACE
            self._apply(ctx, name, lat, lon)
        else:
            ctx.ui["focus"] = True

    # -- actions ------------------------------------------------------------------------------
    def _restart(self, ctx: AppContext) -> None:
        ctx.start_activity(MAIN)
        ctx.finish()

    def _apply(self, ctx: AppContext, city: str, lat: str, lon: str) -> None:
        ctx.data.update(latitude=lat, longitude=lon, location=city)
        self._restart(ctx)

    def _type_location(self, ctx: AppContext, text: str) -> None:
        ctx.ui["location"] = text
        query = text.strip().lower()
        ctx.ui["results"] = (
            [i for i, p in enumerate(PLACES) if p[0].lower().startswith(query)] if query else []
        )

    def _apply_manual(self, ctx: AppContext) -> None:
        lat = ctx.ui.get("latitude", "").strip()
        lon = ctx.ui.get("longitude", "").strip()
        if not lat or not lon:
            return
        self._apply(ctx, ctx.ui.get("location", "").strip(), lat, lon)

    def _open_day(self, ctx: AppContext, index: int) -> None:
        uv = DAILY[index][4]
        # getUVIndexText runs before the dialog is shown.
        text = _uv_text(uv)
        value = text.replace("UV Index: ", "")
        if not value.split(".")[0].isdigit():
            raise _uv_crash(text)
        ctx.ui["day_dialog"] = index

    def _menu_item(self, ctx: AppContext, item: int) -> None:
        ctx.ui["menu"] = False
        if item == 0:
            ctx.start_activity(INITIALIZE)
            ctx.finish()
        elif item == 1:
            ctx.start_activity(SETTINGS)
        else:
            ctx.ui["about"] = True

    def _choose(self, ctx: AppContext, key: str, index: int) -> None:
        ctx.ui["choice"] = None
        if key == "days":
            value: Any = (3, 7, 14)[index]
            if value == ctx.data["forecast_days"]:
                return
            ctx.data["forecast_days"] = value
        else:
            value = index == 1
            if value == ctx.data["fahrenheit"]:
                return
            ctx.data["fahrenheit"] = value
        ctx.start_activity(MAIN)
        ctx.finish()

    # -- screens ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == INITIALIZE:
            return self._initialize(ctx)
        if ctx.activity == SETTINGS:
            return self._settings(ctx)
        return self._main(ctx)

    def _field(self, rid: str, hint: str, ctx: AppContext, handler: Any) -> View:
        return View(
            cls=CARD,
            weight=0,
            children=[
                w.edit_text(
                    rid,
                    ctx.ui.get(rid, ""),
                    handler,
                    hint=hint,
                    cls="com.google.android.material.textfield.TextInputEditText",
                )
            ],
        )

    def _initialize(self, ctx: AppContext) -> Screen:
        results = [
            View(
                cls=TEXT_VIEW,
                resource_id="locations",
                text=f"{PLACES[i][0]}, {PLACES[i][1]}",
                on_click=w.bind(lambda c, p: self._apply(c, p[0], p[2], p[3]), PLACES[i]),
                height=126,
            )
            for i in ctx.ui.get("results", [])
        ]
        search: list[View] = [
            _tv("Search for a location"),
            self._field("location", "Location", ctx, self._type_location),
        ]
        if results:
            search.append(
                View(cls=RECYCLER, resource_id="recycler_view", weight=0, children=results)
            )
        manual = [
            _tv("or manually provide the following parameters"),
            self._field("latitude", "Latitude", ctx, lambda c, t: c.ui.update(latitude=t)),
            self._field("longitude", "Longitude", ctx, lambda c, t: c.ui.update(longitude=t)),
            View(
                cls=CARD,
                resource_id="apply_card",
                on_click=self._apply_manual,
                height=147,
                weight=0,
                children=[View(cls=IMAGE_BUTTON, height=147, clickable=False)],
            ),
        ]
        body = View(
            cls="androidx.core.widget.NestedScrollView",
            children=[
                View(
                    cls="androidx.appcompat.widget.LinearLayoutCompat",
                    children=[
                        View(cls=CARD, weight=0, children=search),
                        View(cls=CARD, weight=0, children=manual),
                    ],
                )
            ],
        )
        children = [body]
        if FINE_LOCATION not in getattr(ctx, "permissions", set()):
            children.append(
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="snackbar_layout",
                    layout=HORIZONTAL,
                    height=150,
                    weight=0,
                    children=[
                        w.text_view(
                            "Enable location access for accurate weather data", "snackbar_text"
                        ),
                        w.button(
                            "snackbar_action",
                            "Request access",
                            lambda c: c.request_permission(FINE_LOCATION),
                            width=330,
                            style="text",
                        ),
                    ],
                )
            )
        return Screen(
            content=View(cls="android.widget.RelativeLayout", resource_id="main", children=children)
        )

    def _details(
        self,
        *,
        sunrise: str,
        sunset: str,
        location: str,
        time_zone: str,
        status: str,
        temp: str,
        unit: str,
        extras: list[tuple[str, str]],
    ) -> View:
        left = View(
            cls="androidx.appcompat.widget.LinearLayoutCompat",
            width=330,
            children=[
                View(cls=IMAGE_BUTTON, resource_id="sunrise_button", height=100),
                View(cls=TEXT_VIEW, resource_id="sunrise", text=sunrise, height=80),
                View(cls=IMAGE_BUTTON, resource_id="weather_button", height=200),
                View(cls=IMAGE_BUTTON, resource_id="sunset_button", height=100),
                View(cls=TEXT_VIEW, resource_id="sunset", text=sunset, height=80),
            ]
            if sunrise
            else [View(cls=IMAGE_BUTTON, resource_id="weather_button", height=200)],
        )
        right = [
            View(cls=TEXT_VIEW, resource_id="location", text=location, height=90),
            View(cls=TEXT_VIEW, resource_id="time_zone", text=time_zone, height=90),
            View(cls=TEXT_VIEW, resource_id="weather_status", text=status, height=80),
            View(
                cls="androidx.appcompat.widget.LinearLayoutCompat",
                layout=HORIZONTAL,
                height=120,
                weight=0,
                children=[
                    View(cls=TEXT_VIEW, resource_id="temperature_status", text=temp, width=200),
                    View(cls=TEXT_VIEW, resource_id="temperature_unit", text=unit, width=100),
                ],
            ),
        ]
        right += [
            View(cls=TEXT_VIEW, resource_id=rid, text=text, height=70) for rid, text in extras
        ]
        return View(
            cls="androidx.appcompat.widget.LinearLayoutCompat",
            layout=HORIZONTAL,
            weight=0,
            children=[
                left,
                View(cls="androidx.appcompat.widget.LinearLayoutCompat", children=right),
            ],
        )

    def _unit(self, ctx: AppContext) -> str:
        return "°F" if ctx.data["fahrenheit"] else "°C"

    def _temp(self, ctx: AppContext, celsius: str | int) -> str:
        value = int(celsius)
        return str(round(value * 9 / 5 + 32)) if ctx.data["fahrenheit"] else str(value)

    def _main(self, ctx: AppContext) -> Screen:
        city = (ctx.data["location"] or "").split(",")[0]
        current = self._details(
            sunrise=SUNRISE,
            sunset=SUNSET,
            location=city,
            time_zone="(Europe/Berlin)",
            status="Partly cloudy",
            temp=self._temp(ctx, 24),
            unit=self._unit(ctx),
            extras=[
                ("temperature_apparent", f"(Feels like {self._temp(ctx, 25)}{self._unit(ctx)})"),
                ("precipitation", "Precipitation: 10%"),
                ("wind_speed", "Wind speed: 12 Km/h"),
                ("air_pressure", "Air pressure: 1016.2 hPa"),
                ("visibility", "Visibility: 24140.0 m"),
                ("humidity", "Humidity: 48%"),
            ],
        )
        hourly = View(
            cls=RECYCLER,
            resource_id="recycler_view_hourly",
            layout=HORIZONTAL,
            height=300,
            weight=0,
            scrollable=True,
            scroll_key="hourly_scroll",
            children=[
                View(
                    cls=CARD,
                    width=230,
                    on_click=w.bind(lambda c, i: c.ui.update(hour_dialog=i), i),
                    children=[
                        View(cls=TEXT_VIEW, resource_id="date", text=HOURS[i], height=70),
                        View(
                            cls=IMAGE_BUTTON,
                            resource_id="weather_button",
                            height=120,
                            clickable=False,
                        ),
                        View(
                            cls="androidx.appcompat.widget.LinearLayoutCompat",
                            layout=HORIZONTAL,
                            height=80,
                            children=[
                                View(
                                    cls=TEXT_VIEW,
                                    resource_id="temperature_status",
                                    text=self._temp(ctx, HOURLY_TEMPS[i]),
                                ),
                                View(
                                    cls=TEXT_VIEW,
                                    resource_id="temperature_unit",
                                    text=self._unit(ctx),
                                ),
                            ],
                        ),
                    ],
                )
                for i in range(24)
            ],
        )
        days = DAILY[: ctx.data["forecast_days"]]
        daily_rows = [
            View(
                cls="androidx.appcompat.widget.LinearLayoutCompat",
                layout=HORIZONTAL,
                height=190,
                on_click=w.bind(self._open_day, i),
                children=[
                    View(
                        cls="androidx.appcompat.widget.LinearLayoutCompat",
                        children=[
                            View(
                                cls=TEXT_VIEW, resource_id="date", text="Today" if i == 0 else d[0]
                            ),
                            View(
                                cls=TEXT_VIEW,
                                resource_id="day",
                                text=WEEKDAYS[(TODAY_WEEKDAY + i - 1) % 7],
                            ),
                        ],
                    ),
                    View(
                        cls="androidx.appcompat.widget.LinearLayoutCompat",
                        children=[
                            View(
                                cls=TEXT_VIEW,
                                resource_id="weather_status",
                                text=WEATHER_CODES[d[3]],
                            ),
                            View(cls=IMAGE_BUTTON, resource_id="weather_button", clickable=False),
                        ],
                    ),
                    View(
                        cls="androidx.appcompat.widget.LinearLayoutCompat",
                        children=[
                            View(
                                cls="androidx.appcompat.widget.LinearLayoutCompat",
                                layout=HORIZONTAL,
                                children=[
                                    View(
                                        cls=TEXT_VIEW,
                                        resource_id="temperature_status",
                                        text=f"{self._temp(ctx, d[1])}/{self._temp(ctx, d[2])}",
                                    ),
                                    View(
                                        cls=TEXT_VIEW,
                                        resource_id="temperature_unit",
                                        text=self._unit(ctx),
                                        width=90,
                                    ),
                                ],
                            ),
                            View(cls=TEXT_VIEW, resource_id="uv_index", text=_uv_text(d[4])),
                        ],
                    ),
                ],
            )
            for i, d in enumerate(days)
        ]
        forecast = View(
            cls=CARD,
            resource_id="forecast_title_card",
            weight=0,
            children=[
                View(cls=TEXT_VIEW, text="Daily forecast", height=100),
                View(
                    cls=RECYCLER, resource_id="recycler_view_daily", weight=0, children=daily_rows
                ),
            ],
        )
        item = View(
            cls="androidx.appcompat.widget.LinearLayoutCompat",
            weight=0,
            children=[
                View(
                    cls=CARD,
                    weight=0,
                    children=[
                        View(
                            cls=IMAGE_BUTTON,
                            resource_id="menu_button",
                            width=147,
                            height=147,
                            on_click=lambda c: c.ui.update(menu=True),
                        ),
                        current,
                    ],
                ),
                hourly,
                forecast,
            ],
        )
        content = View(
            cls="android.widget.FrameLayout",
            resource_id="fragment_container",
            children=[
                View(
                    cls="androidx.appcompat.widget.LinearLayoutCompat",
                    children=[
                        View(
                            cls=RECYCLER,
                            resource_id="recycler_view",
                            scrollable=True,
                            scroll_key="main_scroll",
                            children=[item],
                        ),
                    ],
                )
            ],
        )
        return Screen(content=content, windows=self._main_windows(ctx))

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        city = (ctx.data["location"] or "").split(",")[0]
        close = _close_dialogs
        if ctx.ui.get("day_dialog") is not None:
            i = ctx.ui["day_dialog"]
            d = DAILY[i]
            day = WEEKDAYS[(TODAY_WEEKDAY + i - 1) % 7]
            when = "Today" if i == 0 else d[0]
            body = self._details(
                sunrise=SUNRISE,
                sunset=SUNSET,
                location=city,
                time_zone=f"Weather conditions expected on {day} ({when}):",
                status=WEATHER_CODES[d[3]],
                temp=f"{self._temp(ctx, d[1])}/{self._temp(ctx, d[2])}",
                unit=self._unit(ctx),
                extras=[
                    ("precipitation", _uv_text(d[4])),
                    (
                        "air_pressure",
                        "(Seek shade during midday hours! Slip on a shirt, slop on "
                        "sunscreen and slap on hat!)",
                    ),
                ],
            )
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=1),
                    [body],
                    w.dialog_buttons(("Cancel", close)),
                    close,
                )
            )
        elif ctx.ui.get("hour_dialog") is not None:
            i = ctx.ui["hour_dialog"]
            body = self._details(
                sunrise="",
                sunset="",
                location=city,
                time_zone=f"Weather conditions expected on {HOURS[i]}:",
                status="Partly cloudy",
                temp=self._temp(ctx, HOURLY_TEMPS[i]),
                unit=self._unit(ctx),
                extras=[
                    (
                        "temperature_apparent",
                        f"(Feels like {self._temp(ctx, HOURLY_TEMPS[i] + 1)}{self._unit(ctx)})",
                    ),
                    ("precipitation", "Precipitation: 10%"),
                    ("air_pressure", "Air pressure: 1016.2 hPa"),
                    ("visibility", "Visibility: 24140.0 m"),
                    ("humidity", "Humidity: 48%"),
                ],
            )
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=1),
                    [body],
                    w.dialog_buttons(("Cancel", close)),
                    close,
                )
            )
        elif ctx.ui.get("about"):
            about: list[View] = [
                View(cls=TEXT_VIEW, resource_id="title", text="Weather v0.6"),
                _tv("Copyright: ©2023–2025, sunilpaulmathew"),
                _tv("Credits"),
                _tv(
                    "Open-Meteo: Weather and location data (GPL v3)\nBas Milius: Weather "
                    "icons (MIT License)",
                    height=160,
                ),
            ]
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=1),
                    about,
                    w.dialog_buttons(("Cancel", close)),
                    close,
                )
            )
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Edit location", w.bind(self._menu_item, 0)),
                        ("Preferences", w.bind(self._menu_item, 1)),
                        ("About", w.bind(self._menu_item, 2)),
                    ],
                    on_dismiss=lambda c: c.ui.update(menu=False),
                )
            )
        return windows

    def _settings(self, ctx: AppContext) -> Screen:
        rows = [
            ("Weather v0.6 (6)", "Copyright: ©2023–2025, sunilpaulmathew", None),
            (
                "Amoled Black",
                "Apply amoled black color in dark theme",
                lambda c: c.toast(
                    "This feature requires Android S (API 31) and system-wide dark mode enabled"
                ),
            ),
            ("Location Service", "Use location service when available", None),
            ("Weather Alerts", "Show notifications on extreme weather conditions", None),
            (
                "Temperature Unit",
                "Fahrenheit (°F)" if ctx.data["fahrenheit"] else "Centigrade (°C)",
                lambda c: c.ui.update(choice="unit"),
            ),
            (
                "Forecast Days",
                f"{ctx.data['forecast_days']} days",
                lambda c: c.ui.update(choice="days"),
            ),
            ("Transparent Background", "Use transparent background for weather widgets", None),
            (
                "Source Code",
                "Weather is an open-source application, which is ready to accept "
                "contributions from the development community. Click here to check out the source "
                "code",
                None,
            ),
            ("Report an Issue", "Raise an issue at GitHub", None),
            (
                "Translations",
                "Help me to translate this app. Click here to visit POEditor localization project",
                None,
            ),
        ]
        cards = [
            View(
                cls=CARD,
                resource_id="card",
                height=200,
                on_click=handler or (lambda c: None),
                children=[
                    View(
                        cls="androidx.appcompat.widget.LinearLayoutCompat",
                        layout=HORIZONTAL,
                        children=[
                            View(cls=IMAGE_BUTTON, resource_id="icon", width=147, clickable=False),
                            View(
                                cls="androidx.appcompat.widget.LinearLayoutCompat",
                                children=[
                                    View(cls=TEXT_VIEW, resource_id="title", text=title, height=80),
                                    View(cls=TEXT_VIEW, resource_id="description", text=summary),
                                ],
                            ),
                        ],
                    )
                ],
            )
            for title, summary, handler in rows
        ]
        content = View(
            cls="androidx.appcompat.widget.LinearLayoutCompat",
            resource_id="layout_main",
            children=[
                View(cls=TEXT_VIEW, resource_id="title", text="Preferences", height=150),
                View(
                    cls=RECYCLER,
                    resource_id="recycler_view",
                    scrollable=True,
                    scroll_key="settings_scroll",
                    children=cards,
                ),
            ],
        )
        windows = []
        choice = ctx.ui.get("choice")
        if choice == "days":
            windows.append(
                w.choice_dialog(
                    "Forecast Days",
                    ["3 days", "7 days", "14 days"],
                    (3, 7, 14).index(ctx.data["forecast_days"]),
                    lambda c, i: self._choose(c, "days", i),
                    lambda c: c.ui.update(choice=None),
                )
            )
        elif choice == "unit":
            windows.append(
                w.choice_dialog(
                    "Temperature Unit",
                    ["Centigrade (°C)", "Fahrenheit (°F)"],
                    1 if ctx.data["fahrenheit"] else 0,
                    lambda c, i: self._choose(c, "unit", i),
                    lambda c: c.ui.update(choice=None),
                )
            )
        return Screen(content=content, windows=windows)
