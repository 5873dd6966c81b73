"""Weatherbes (``com.example.weather``, label "Weather") 1.0, for weatherbes-android#22.

Modelled from the sources at commit ``adfa4aa`` (2021-10-02, the parent of the fix ``f9d9cd7``
"fix: app crash on empty city name"): ``AndroidManifest.xml``, ``SplashActivity.java``,
``StartActivity.java``, ``MainActivity.java``, ``api/WeatherAPI.java``,
``res/layout/splash.xml``, ``activity_start.xml``, ``progressbar.xml``, ``activity_main.xml``
(theme ``Theme.AppCompat.Light.NoActionBar``: no app bar anywhere):

- ``SplashActivity`` (launcher, "The Weather App") starts ``StartActivity`` after a 4 s
  ``Handler`` delay and finishes; the virtual device has no timers, so it moves on at once.
- ``StartActivity``: the globe image, the field ``city_name`` (hint "Enter City") and the
  button ``go`` ("Go"). Go runs the continents loop as written: for each of the seven continent
  names, an upper-cased text equal to it shows the "Weather not found!" toast and breaks,
  anything else starts ``MainActivity`` with the trimmed text as the "City" extra and finishes,
  so a city name starts seven MainActivity instances (one each pass), "Europe" one before the
  toast, "Asia" none.
- ``MainActivity`` shows ``progressbar.xml`` while Retrofit asks OpenWeatherMap's
  ``weather?q=<city>``, then, in ``onResponse``, ``activity_main.xml``: ``city`` (tapping it
  opens a new StartActivity), ``date``, ``main_image``, ``main``, ``description``,
  ``temperature``, ``feels_like`` and the ``visibility``, ``humidity``, ``wind_speed``,
  ``pressure``, ``min_temp``, ``max_temp`` values. Fixed data stands for the network:
  :data:`OWM` holds the answers for a few city names (matched case-insensitively, as the API
  does); any other name is the API's 404 ("city not found"), an empty one its 400 ("Nothing to
  geocode"); the answer is delivered as soon as the activity is created (the real one arrives
  seconds later). The date is the day of the report, 2 October 2021. ``data["owm_requests"]``
  is the fixed server's log of the ``q`` values asked (the app itself stores nothing).

The bug (weatherbes-android#22): Go with an empty field starts MainActivity with the city "";
the API answers 400, ``response.body()`` is null and ``onResponse`` calls
``weather.getWeather()`` on it: a ``NullPointerException`` (MainActivity.java:77, through
Retrofit 2.4.0's callback executor). The report has no trace; the frames are the model's, in the
app's and Retrofit's real classes and lines. An unknown city name takes the same path (a 404)
but is not this report; the oracle asks for the crash after a request for the empty city.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import stacks
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import Screen, View

PACKAGE = "com.example.weather"
SPLASH = ".SplashActivity"
START = ".StartActivity"
MAIN = ".MainActivity"

CONTINENTS = (
    "ASIA",
    "EUROPE",
    "AFRICA",
    "AUSTRALIA",
    "NORTH AMERICA",
    "SOUTH AMERICA",
    "ANTARCTICA",
)
# OpenWeatherMap's current weather, fixed, by lower-cased city name: (main, description,
# temp, feels_like, temp_min, temp_max in kelvin, humidity, pressure, visibility, wind speed).
OWM = {
    "london": ("Clouds", "broken clouds", 288.71, 288.21, 287.04, 290.37, 76, 1011, 10000, 4.12),
    "vellore": ("Haze", "haze", 303.15, 307.1, 303.15, 303.15, 62, 1008, 4000, 2.06),
    "chennai": ("Rain", "light rain", 302.6, 308.2, 301.52, 303.15, 78, 1007, 6000, 3.6),
    "mumbai": (
        "Drizzle",
        "light intensity drizzle",
        301.14,
        305.4,
        300.1,
        302.1,
        83,
        1009,
        3000,
        3.09,
    ),
    "delhi": ("Haze", "haze", 305.2, 309.0, 305.2, 305.2, 55, 1006, 2500, 2.57),
    "paris": ("Clear", "clear sky", 291.3, 290.7, 289.8, 292.6, 58, 1019, 10000, 3.09),
    "new york": ("Clear", "clear sky", 294.2, 293.9, 292.0, 296.1, 61, 1021, 10000, 4.63),
}
DATE = "02/10/2021, Saturday"  # SimpleDateFormat("dd/MM/yyyy, EEEE") on the report's day

NPE_MESSAGE = (
    "Attempt to invoke virtual method 'java.util.List com.example.weather.model.Weather."
    "getWeather()' on a null object reference"
)
NPE_FRAMES = [
    "com.example.weather.MainActivity$1.onResponse(MainActivity.java:77)",
    "retrofit2.ExecutorCallAdapterFactory$ExecutorCallbackCall$1$1.run("
    "ExecutorCallAdapterFactory.java:70)",
    *stacks.callback_frames(35),
]


def empty_city_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of weatherbes-android#22: the app crashed on the null body of the weather
    request for an empty city name."""
    requests = data["owm_requests"]
    return (
        bool(requests)
        and requests[-1] == ""
        and crashed(system, PACKAGE, "java.lang.NullPointerException", "Weather.getWeather()")
    )


GO = click(PACKAGE, "go", "Go", cls="android.widget.Button")


def _type_city(name: str) -> dict[str, Any]:
    return input_text(PACKAGE, "city_name", name, hint="Enter City")


BUG_22 = BugSpec(
    bug_id="weatherbes-android#22",
    kind="crash",
    title="application is crashing",
    oracle=empty_city_crash,
    human_steps=(GO,),
)

WRONG_SEQUENCES = {
    "weatherbes-android#22": (
        # A city the API knows: its weather is shown.
        (_type_city("London"), GO),
        # A continent: the "Weather not found!" toast, no request.
        (_type_city("Asia"), GO),
        # A city, then the city label back to the start screen and another city.
        (
            _type_city("Vellore"),
            GO,
            click(PACKAGE, "city", "Vellore"),
            _type_city("Paris"),
            GO,
        ),
    )
}


class Weatherbes10(VirtualApp):
    """Weatherbes 1.0 at ``adfa4aa`` (see the module docstring)."""

    name: ClassVar[str] = "weatherbes-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Weather"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_22,)

    def initial_data(self) -> dict[str, Any]:
        return {"owm_requests": []}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(START)  # postDelayed(4000)
            ctx.finish()
        elif ctx.activity == START:
            ctx.ui.setdefault("city", "")
        elif ctx.activity == MAIN:
            self._load_weather(ctx)

    def _load_weather(self, ctx: AppContext) -> None:
        """``getWeather(city_name, key).enqueue``, then ``onResponse``."""
        city = str(ctx.extras.get("City", ""))
        ctx.data["owm_requests"].append(city)
        answer = OWM.get(city.lower())
        if answer is None:  # HTTP 400 (empty q) or 404: response.body() is null
            raise JavaException("java.lang.NullPointerException", NPE_MESSAGE, frames=NPE_FRAMES)
        ctx.ui["weather"] = list(answer)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        root = "androidx.constraintlayout.widget.ConstraintLayout"
        if ctx.activity == START:
            children = [
                w.image_view("imageView", height=700),
                w.edit_text("city_name", ctx.ui["city"], self._type, hint="Enter City"),
                w.button("go", "Go", self._go, width=300),
            ]
            return Screen(content=View(cls=root, children=children))
        if ctx.activity == MAIN and ctx.ui.get("weather"):
            return Screen(content=self._render_weather(ctx))
        if ctx.activity == MAIN:
            spinner = View(cls="android.widget.ProgressBar", resource_id="progressBar", height=150)
            return Screen(content=View(cls=root, children=[spinner]))
        splash = [w.text_view("The Weather App", "textView"), w.image_view("imageView2")]
        return Screen(content=View(cls=root, children=splash))

    def _render_weather(self, ctx: AppContext) -> View:
        main, desc, temp, feels, t_min, t_max, hum, pres, vis, wind = ctx.ui["weather"]

        def cell(label: str, rid: str, value: str) -> View:
            return w.linear_layout(
                [
                    w.image_view(height=100),
                    w.text_view(label, height=90),
                    w.text_view(value, rid, height=90),
                ],
                weight=1,
            )

        return w.linear_layout(
            [
                w.text_view(ctx.extras["City"], "city", on_click=self._change_city, height=160),
                w.text_view(DATE, "date"),
                w.image_view("main_image", height=250),
                w.text_view(main, "main"),
                w.text_view(desc, "description"),
                w.text_view(f"{temp - 273:.2f}\u00b0C", "temperature", height=160),
                w.text_view(f"Feels like {feels - 273:.2f}\u00b0C", "feels_like"),
                w.linear_layout(
                    [
                        cell("Visibility", "visibility", str(vis)),
                        cell("Humidity", "humidity", str(hum)),
                        cell("Wind", "wind_speed", str(wind)),
                    ],
                    horizontal=True,
                    height=280,
                ),
                w.linear_layout(
                    [
                        cell("Pressure", "pressure", str(pres)),
                        cell("Min Temp", "min_temp", f"{t_min - 273:.2f}\u00b0C"),
                        cell("Max Temp", "max_temp", f"{t_max - 273:.2f}\u00b0C"),
                    ],
                    horizontal=True,
                    height=280,
                ),
            ],
            rid="layout_main",
        )

    # -- handlers ----------------------------------------------------------------------------
    def _type(self, ctx: AppContext, text: str) -> None:
        ctx.ui["city"] = text

    def _go(self, ctx: AppContext) -> None:
        text = ctx.ui["city"]
        finishing = False
        for continent in CONTINENTS:
            if text.upper() == continent:
                ctx.toast("Weather not found!")
                break
            # The bug's path: the text is passed on even when it is empty.
            ctx.start_activity(MAIN, {"City": text.strip()})
            if not finishing:  # finish() again on a finishing activity does nothing
                ctx.finish()
                finishing = True

    def _change_city(self, ctx: AppContext) -> None:
        ctx.start_activity(START)
