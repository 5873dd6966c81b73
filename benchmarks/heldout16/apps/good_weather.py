"""Good Weather (``org.asdtm.goodweather``) 4.4, for good-weather#72.

Modelled from the sources at tag ``v4.4`` (commit ``8caa4c0``; later commits only touch
translations): ``AndroidManifest.xml``, ``MainActivity.java``, ``BaseActivity.java``,
``SearchActivity.java``, ``SettingsActivity.java``, ``utils/Utils.java``,
``utils/AppPreference.java``, ``utils/CityParser.java``, ``res/layout/activity_main.xml``,
``main_content.xml``, ``nav_header.xml``, ``activity_search.xml``, ``city_item.xml``,
``res/menu/activity_main_menu.xml``, ``draw_menu.xml``, ``res/xml/pref_headers.xml``,
``pref_widget.xml`` and ``res/values/strings.xml``, ``arrays.xml``:

- ``MainActivity`` (launcher): a DrawerLayout whose toolbar shows ``Utils.getCityAndCountry``
  as its title ("London, UK" on a fresh install: the ``config`` defaults), the actions "Update"
  (``main_menu_refresh``), "Search City" and "Detect Location", the weather texts
  (``main.temperature``, ``main.description``... from the ``weather_pref`` store, zeros and
  "clear sky" before any update), the share FAB (``fab``) and the drawer (``navigation_view``:
  the header ``nav_header.city`` then Current Weather, Graphs, Daily Forecast, Settings,
  Feedback, Donate Bitcoin). Settings (like Graphs and Daily Forecast) is opened through a
  ``TaskStackBuilder``: a new MainActivity below it, which Back returns to.
- ``SearchActivity``: a SearchView (``search_src_text``) whose every text change asks
  OpenWeatherMap's ``find`` API; the rows (``city_name``, ``country_code``) pick a city, which
  is written to ``config`` (city, country code, lat, lon) before MainActivity fetches its weather.
  Fixed data stands for the network: :data:`CITIES` are the cities the API finds (by name
  prefix) and :data:`WEATHER` the current weather the API answers for their coordinates (the
  fetch of "Update", a swipe down, and the one after a city is picked, which also writes the
  answer's city name and country into ``config``).
- ``SettingsActivity`` (a PreferenceActivity with headers: General settings, Widget settings,
  About; each header opens a new instance showing its fragment). Widget settings: the
  CheckBoxPreferences "Update location" (``widget_update_location_pref_key``; without the
  location permission its listener shows the "You must grant Location Permissions" snackbar and
  unchecks it again) and "Use geolocation for displaying" (``widget_use_geocoder_pref_key``),
  then the "Widget theme" and "Update Period" lists. General settings and About are stubs.
- "Detect Location" asks for the location permission; with it, it shows the "Find current
  location" progress dialog (Cancel). The virtual device gives no location fix, so the geocoder
  never writes a city (``geo_city_name`` stays unset).

The bug (good-weather#72): with "Use geolocation for displaying" checked,
``Utils.getCityAndCountry`` reads ``geo_city_name``/``geo_country_name``, which only a detected
location writes, with the hard-coded defaults "London"/"United Kingdom": the main title and the
drawer header switch from the searched city to "London, United Kingdom". The oracle: the
geolocation display is on, no geocoded city exists, and the city the user picked is not London.
The crash the reporter adds ("after clicking on location button") has no trace and no cause in
the sources; it is not modelled.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.asdtm.goodweather"
MAIN = ".MainActivity"
SEARCH = ".SearchActivity"
SETTINGS = ".SettingsActivity"
GRAPHS = ".GraphsActivity"
FORECAST = ".WeatherForecastActivity"
LOCATION = "android.permission.ACCESS_FINE_LOCATION"

# OpenWeatherMap's find API (type=like), fixed: (name, country, lat, lon).
CITIES = (
    ("London", "GB", "51.51", "-0.13"),
    ("London", "CA", "42.98", "-81.23"),
    ("New York", "US", "40.71", "-74.01"),
    ("Newark", "US", "40.74", "-74.17"),
    ("New Delhi", "IN", "28.61", "77.21"),
    ("Newcastle upon Tyne", "GB", "54.97", "-1.61"),
    ("Paris", "FR", "48.85", "2.35"),
    ("Berlin", "DE", "52.52", "13.41"),
)
# Its weather API, fixed: the answer for a city's coordinates (name, country, temperature,
# description, icon, humidity, pressure, wind speed, cloudiness; the sun times are SUN's).
WEATHER = {
    ("51.51", "-0.13"): ("London", "GB", 14.0, "light rain", "10d", 81, 1012.0, 4.6, 75),
    ("42.98", "-81.23"): ("London", "CA", 9.0, "overcast clouds", "04d", 70, 1018.0, 3.1, 90),
    ("40.71", "-74.01"): ("New York", "US", 21.0, "clear sky", "01d", 52, 1016.0, 5.1, 1),
    ("40.74", "-74.17"): ("Newark", "US", 20.0, "few clouds", "02d", 55, 1016.0, 4.1, 20),
    ("28.61", "77.21"): ("New Delhi", "IN", 33.0, "haze", "50d", 38, 1006.0, 2.1, 0),
    ("54.97", "-1.61"): ("Newcastle upon Tyne", "GB", 11.0, "drizzle", "09d", 87, 1009.0, 6.2, 90),
    ("48.85", "2.35"): ("Paris", "FR", 17.0, "scattered clouds", "03d", 60, 1015.0, 3.6, 40),
    ("52.52", "13.41"): ("Berlin", "DE", 15.0, "broken clouds", "04d", 66, 1013.0, 4.0, 75),
}
SUN = (1496200000, 1496259000)  # the fixed answers' sunrise and sunset (unix seconds)
FETCHED_AT_MS = 1496230000000  # when the fixed answers arrive (System.currentTimeMillis)
ICONS = {"01d": "\uf00d", "02d": "\uf002", "03d": "\uf041", "04d": "\uf013", "09d": "\uf01a"}
ICONS |= {"10d": "\uf008", "50d": "\uf014"}
DRAWER = (
    ("nav_menu_current_weather", "Current Weather"),
    ("nav_menu_graphs", "Graphs"),
    ("nav_menu_weather_forecast", "Daily Forecast"),
    ("nav_settings", "Settings"),
    ("nav_feedback", "Feedback"),
    ("nav_menu_bitcoin_donation", "Donate Bitcoin"),
)
HEADERS = ("General settings", "Widget settings", "About")
THEMES = (("Dark", "dark"), ("Light", "light"), ("Transparent", "transparent"))
PERIODS = (
    ("15 minutes", "15"),
    ("30 minutes", "30"),
    ("Every hour", "60"),
    ("3 hours", "180"),
    ("6 hours", "360"),
    ("12 hours", "720"),
    ("24 hours", "1440"),
)


def _time(millis: int) -> str:
    """``DateFormat.getTimeFormat`` (12-hour, en-US, the device's UTC zone)."""
    moment = dt.datetime.fromtimestamp(millis / 1000, tz=dt.UTC)
    return moment.strftime("%I:%M %p").lstrip("0")


def city_and_country(data: dict[str, Any]) -> str:
    """``Utils.getCityAndCountry``: the geocoder's city when "Use geolocation for displaying"
    is on (with its hard-coded defaults), else the picked city and country code."""
    config = data["config"]
    if data["prefs"]["widget_use_geocoder"]:
        # The bug: the defaults stand for a city the geocoder never wrote.
        country = config.get("geo_country_name") or "United Kingdom"
        city = config.get("geo_city_name")
        city = "London" if city is None else city
        return country if city == "" else f"{city}, {country}"
    return f"{config.get('city') or 'London'}, {config.get('country_code') or 'UK'}"


def shows_default_london(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of good-weather#72: the geolocation display is on with no geocoded city, so
    the title falls back to "London, United Kingdom" though the picked city is another."""
    config = data["config"]
    picked = (config.get("city") or "London", config.get("country_code") or "UK")
    return (
        data["prefs"]["widget_use_geocoder"]
        and config.get("geo_city_name") is None
        and picked not in (("London", "UK"), ("London", "GB"))
    )


def _click(rid: str = "", text: str = "", desc: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc)


BACK = {"kind": "press_back"}
SEARCH_NEW_YORK = (
    _click("main_menu_search_city", desc="Search City"),
    input_text(PACKAGE, "search_src_text", "New York", cls="android.widget.AutoCompleteTextView"),
    _click("city_name", "New York"),
)
TO_WIDGET_SETTINGS = (
    _click(desc=w.OPEN_DRAWER),
    _click("design_menu_item_text", "Settings"),
    _click("android:id/title", "Widget settings"),
)
UPDATE_LOCATION = _click("android:id/title", "Update location")
USE_GEOLOCATION = _click("android:id/title", "Use geolocation for displaying")

BUG_72 = BugSpec(
    bug_id="good-weather#72",
    kind="non-crash",
    title="BUG about \u201clocation permission\u201d.",
    oracle=shows_default_london,
    human_steps=(
        *SEARCH_NEW_YORK,
        *TO_WIDGET_SETTINGS,
        UPDATE_LOCATION,
        USE_GEOLOCATION,
        BACK,
        BACK,
    ),
)

WRONG_SEQUENCES = {
    "good-weather#72": (
        # Only "Update location" (unchecked again: no permission).
        (*SEARCH_NEW_YORK, *TO_WIDGET_SETTINGS, UPDATE_LOCATION, BACK, BACK),
        # No city searched: the fallback is the default London itself.
        (*TO_WIDGET_SETTINGS, UPDATE_LOCATION, USE_GEOLOCATION, BACK, BACK),
        # The geolocation box checked then unchecked.
        (*SEARCH_NEW_YORK, *TO_WIDGET_SETTINGS, USE_GEOLOCATION, USE_GEOLOCATION, BACK, BACK),
        # General settings instead of Widget settings.
        (
            *SEARCH_NEW_YORK,
            _click(desc=w.OPEN_DRAWER),
            _click("design_menu_item_text", "Settings"),
            _click("android:id/title", "General settings"),
            BACK,
            BACK,
        ),
    )
}


class GoodWeather44(VirtualApp):
    """Good Weather 4.4 (see the module docstring)."""

    name: ClassVar[str] = "good-weather"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Good Weather"
    version: ClassVar[str] = "4.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_72,)

    def initial_data(self) -> dict[str, Any]:
        return {
            # SharedPreferences "config": unset keys read their defaults.
            "config": {"last_update": 0},
            "prefs": {
                "widget_update_location": False,
                "widget_use_geocoder": False,
                "widget_theme": "dark",
                "widget_update_period": "60",
            },
            "weather": None,  # "weather_pref": unset until a fetch succeeds
            "location_denied": False,  # shouldShowRequestPermissionRationale
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("drawer", False)
            ui.setdefault("frozen", None)  # texts set once and not refreshed until a resume
        elif ctx.activity == SEARCH:
            ui.setdefault("query", "")
            ui.setdefault("results", None)  # None: loadLastFoundCity's one row

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == MAIN:
            # The DrawerLayout keeps its state; the new instance sets its texts again and the
            # ProgressDialog and snackbar are gone.
            return {"drawer": ctx.ui.get("drawer", False)}
        if ctx.activity == SETTINGS:
            return {"dialog": ctx.ui.get("dialog")}  # a ListPreference restores its dialog
        return dict(ctx.ui)

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN and ctx.ui.get("frozen"):
            ctx.ui["frozen"]["title"] = city_and_country(ctx.data)  # onResume's setTitle

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer")
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and direction == "down" and not ctx.ui["drawer"]:
            self._fetch_weather(ctx)  # SwipeRefreshLayout's onRefresh
            return True
        if ctx.activity == MAIN and direction == "right":
            ctx.ui["drawer"] = True
            return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != MAIN:
            return
        ctx.data["location_denied"] = not granted
        ctx.ui["snackbar"] = (
            "Location Permissions have been granted" if granted else "Permissions were not granted!"
        )

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == SEARCH:
            return self._render_search(ctx)
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        title = "Graphs Weather" if ctx.activity == GRAPHS else "Daily Forecast"
        return Screen(content=w.child_page(title))

    def _render_main(self, ctx: AppContext) -> Screen:
        ui, data = ctx.ui, ctx.data
        frozen = ui["frozen"] or {}
        title = frozen.get("title") or city_and_country(data)
        header = frozen.get("header") or city_and_country(data)
        weather = data["weather"]
        if weather is None:
            icon, temp, desc, hum, pres, wind, clouds = "01d", 0.0, "clear sky", 0, 0.0, 0.0, 0
            sunrise = sunset = -1
        else:
            _, _, temp, desc, icon, hum, pres, wind, clouds = weather
            sunrise, sunset = SUN
        bar = w.toolbar(
            title,
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=[
                w.action_item("main_menu_refresh", "Update", self._fetch_weather),
                w.action_item("main_menu_search_city", "Search City", self._open_search),
                w.action_item("main_menu_detect_location", "Detect Location", self._detect),
            ],
        )
        general = View(
            cls="android.view.ViewGroup",
            resource_id="main.general_info",
            children=[
                w.linear_layout(
                    [
                        w.text_view(ICONS.get(icon, "\uf075"), "main.weather_icon", height=230),
                        w.text_view(f"{temp:.0f}\u00b0", "main.temperature", height=230),
                    ],
                    horizontal=True,
                    height=230,
                ),
                w.text_view(desc, "main.description", height=70),
                w.text_view(
                    f"Last update: {_time(data['config']['last_update'])}",
                    "main.last_update",
                    height=70,
                ),
            ],
        )
        app_bar = View(
            cls="android.widget.LinearLayout",
            resource_id="main.app_bar",
            height=656,
            children=[
                View(
                    cls="android.widget.FrameLayout",
                    children=[
                        w.image_view(height=656),
                        View(children=[bar, general]),
                        # anchored to the app bar's bottom end
                        w.fab("fab", "", self._share, size=147),
                    ],
                    layout=FRAME,
                )
            ],
        )
        rows = [
            ("main.wind_icon", "\uf050", "main.wind_speed", f"Wind: {wind:.1f} m/s"),
            ("main.humidity_icon", "\uf07a", "main.humidity", f"Humidity: {hum}%"),
            ("main.pressure_icon", "\uf079", "main.pressure", f"Pressure: {pres:.1f} hPa"),
            ("main.cloudiness_icon", "\uf002", "main.cloudiness", f"Cloudiness: {clouds}%"),
            ("main.sunrise_icon", "\uf051", "main.sunrise", f"Sunrise: {_time(sunrise * 1000)}"),
            ("main.sunset_icon", "\uf052", "main.sunset", f"Sunset: {_time(sunset * 1000)}"),
        ]
        details = View(
            cls="android.widget.ScrollView",
            children=[
                w.linear_layout(
                    [
                        w.linear_layout(
                            [w.text_view(i_text, i_rid, width=84), w.text_view(text, rid)],
                            horizontal=True,
                            height=120,
                        )
                        for i_rid, i_text, rid, text in rows
                    ],
                    weight=0,
                )
            ],
        )
        body: list[View] = [app_bar, details]
        if ui.get("snackbar"):
            body.append(self._snackbar(ui["snackbar"], ui.get("snackbar_action")))
        coordinator = View(
            cls="android.support.design.widget.CoordinatorLayout",
            layout=FRAME,
            children=[
                w.linear_layout(body),
            ],
        )
        refresh = View(
            cls="android.support.v4.widget.SwipeRefreshLayout",
            resource_id="main.swipe_refresh",
            children=[coordinator],
        )
        root = w.drawer_layout(refresh, cls="android.support.v4.widget.DrawerLayout")
        windows = [self._drawer(header)] if ui["drawer"] else []
        if ui.get("dialog"):
            windows.append(self._main_dialog(ui["dialog"]))
        return Screen(content=root, windows=windows)

    def _snackbar(self, text: str, action: str | None) -> View:
        children = [w.text_view(text, "snackbar_text", height=150)]
        if action:
            children.append(w.button("snackbar_action", action, self._ask_location, width=220))
        return w.linear_layout(children, horizontal=True, height=150)

    def _drawer(self, header: str) -> Window:
        head = w.frame_layout(
            [w.image_view("nav_header.background_image"), w.text_view(header, "nav_header.city")],
            rid="nav_header.root",
            height=420,
        )
        items = [
            w.navigation_item(
                rid,
                title,
                w.bind(self._nav, rid),
                cls="android.support.design.internal.NavigationMenuItemView",
            )
            for rid, title in DRAWER
        ]
        return w.navigation_sheet(
            [head, *items],
            lambda c: c.ui.update(drawer=False),
            bounds=(0, 63, 840, 1920),
            cls="android.support.design.widget.NavigationView",
            rid="navigation_view",
        )

    def _main_dialog(self, kind: str) -> Window:
        def close(c: AppContext) -> None:
            c.ui["dialog"] = None

        if kind == "locating":
            body = [
                View(
                    cls="android.widget.ProgressBar", resource_id="android:id/progress", width=150
                ),
                w.text_view("Find current location", "android:id/message"),
            ]
            buttons = [w.dialog_button("android:id/button2", "CANCEL", close)]
            win = w.alert_dialog(View(cls="android.view.View", height=0), body, buttons, None)
            win.cancelable = False
            return win
        if kind == "bitcoin":
            body = [
                w.text_view("1FV8m1MKqZ9ZKB8YNwpsjsuubHTznJSiT8", "bitcoin_address"),
                w.image_view("bitcoin_address_qr", height=400),
                w.button("copy_bitcoin_address_button", "Copy Bitcoin Address", close),
                w.button("open_bitcoin_app_button", "Open Bitcoin App", close),
            ]
            buttons = w.dialog_buttons(None, ("CANCEL", close))
            return w.alert_dialog(w.dialog_title("Bitcoin"), body, buttons, close)
        # The system chooser of "Share Weather" / "Send feedback" (no app can take it).
        title = "Share Weather" if kind == "share" else "Send feedback"
        body = [w.text_view("No apps can perform this action.", "android:id/empty")]
        return w.alert_dialog(w.dialog_title(title), body, [], close)

    def _render_search(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        config = ctx.data["config"]
        if ui["results"] is None:  # loadLastFoundCity
            results = [
                [
                    config.get("city") or "London",
                    config.get("country_code") or "UK",
                    config.get("latitude") or "51.51",
                    config.get("longitude") or "-0.13",
                ]
            ]
        else:
            results = ui["results"]
        field = w.edit_text(
            "search_src_text",
            ui["query"],
            self._type_query,
            hint="Search location",
            cls="android.widget.AutoCompleteTextView",
        )
        plate = [field]
        if ui["query"]:
            plate.append(
                w.image_view("search_close_btn", "Clear query", lambda c: self._type_query(c, ""))
            )
        search_view = View(
            cls="android.widget.LinearLayout",
            resource_id="search_view",
            layout="horizontal",
            children=[w.linear_layout(plate, rid="search_plate", horizontal=True)],
        )
        bar = w.toolbar(search_view, navigation=w.up_button())
        rows = [
            w.linear_layout(
                [w.text_view(city[0], "city_name"), w.text_view(city[1], "country_code")],
                height=190,
                on_click=w.bind(self._pick_city, list(city)),
            )
            for city in results
        ]
        listing = w.list_view(
            rows, rid="search.recycler_view", cls="android.support.v7.widget.RecyclerView"
        )
        app_bar = w.linear_layout([bar], rid="search.app_bar", weight=0)
        return Screen(content=w.linear_layout([app_bar, listing], rid="search.root"))

    def _render_settings(self, ctx: AppContext) -> Screen:
        fragment = ctx.extras.get("fragment")
        title: dict[str | None, str] = {
            "general": "General settings",
            "widget": "Widget settings",
            "about": "About",
        }
        bar = w.toolbar(title.get(fragment, "Settings"), navigation=w.up_button())
        if fragment is None:
            rows = [
                w.linear_layout(
                    [w.text_view(name, "android:id/title")],
                    height=168,
                    on_click=w.bind(self._open_header, key),
                )
                for name, key in zip(HEADERS, ("general", "widget", "about"), strict=True)
            ]
        elif fragment == "widget":
            rows = self._widget_rows(ctx)
        else:
            rows = []
        body: list[View] = [bar, w.list_view(rows)]
        if ctx.ui.get("snackbar"):
            body.append(self._snackbar(ctx.ui["snackbar"], None))
        windows = [self._list_dialog(ctx)] if ctx.ui.get("dialog") else []
        return Screen(content=w.linear_layout(body), windows=windows)

    def _widget_rows(self, ctx: AppContext) -> list[View]:
        prefs = ctx.data["prefs"]
        period = next(name for name, value in PERIODS if value == prefs["widget_update_period"])
        return [
            w.preference(
                "Update location",
                "",
                self._toggle_update_location,
                widget=w.checkbox_widget(prefs["widget_update_location"]),
            ),
            w.preference(
                "Use geolocation for displaying",
                "",
                self._toggle_geocoder,
                widget=w.checkbox_widget(prefs["widget_use_geocoder"]),
            ),
            w.preference("Widget theme", "", lambda c: c.ui.update(dialog="theme", snackbar=None)),
            w.preference(
                "Update Period", period, lambda c: c.ui.update(dialog="period", snackbar=None)
            ),
        ]

    def _list_dialog(self, ctx: AppContext) -> Window:
        kind = ctx.ui["dialog"]
        key = "widget_theme" if kind == "theme" else "widget_update_period"
        choices = THEMES if kind == "theme" else PERIODS
        title = "Widget theme" if kind == "theme" else "Update Period"
        values = [value for _, value in choices]

        def choose(c: AppContext, i: int) -> None:
            c.data["prefs"][key] = values[i]
            c.ui["dialog"] = None

        def close(c: AppContext) -> None:
            c.ui["dialog"] = None

        selected = values.index(ctx.data["prefs"][key])
        names = [name for name, _ in choices]
        return w.choice_dialog(title, names, selected, choose, close, negative=("CANCEL", close))

    # -- handlers ----------------------------------------------------------------------------
    def _fetch_weather(self, ctx: AppContext) -> None:
        """CurrentWeatherService for the stored coordinates, then ``updateCurrentWeather``
        (which writes the answer's city into ``config`` but does not set the title)."""
        ui = ctx.ui
        if ui.get("frozen") is None:
            now = city_and_country(ctx.data)
            ui["frozen"] = {"title": now, "header": now}
        self._store_weather(ctx)

    def _store_weather(self, ctx: AppContext) -> None:
        config = ctx.data["config"]
        coords = (config.get("latitude") or "51.51", config.get("longitude") or "-0.13")
        answer = WEATHER.get(coords)
        if answer is None:
            ctx.toast("An error has occurred. Try later!")
            return
        ctx.data["weather"] = list(answer)
        config["city"], config["country_code"] = answer[0], answer[1]
        config["last_update"] = FETCHED_AT_MS

    def _open_search(self, ctx: AppContext) -> None:
        ctx.ui["frozen"] = None  # onResume sets the title again
        ctx.start_activity(SEARCH)

    def _type_query(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text
        typed = text.strip().lower()
        # CityParser.getCity: an empty query is an API error (null: no rows).
        ctx.ui["results"] = [list(c) for c in CITIES if typed and c[0].lower().startswith(typed)]

    def _pick_city(self, ctx: AppContext, city: list[str]) -> None:
        config = ctx.data["config"]
        config["city"], config["country_code"] = city[0], city[1]
        config["latitude"], config["longitude"] = city[2], city[3]
        # RESULT_OK: MainActivity.onActivityResult starts CurrentWeatherService.
        self._store_weather(ctx)
        ctx.finish()

    def _detect(self, ctx: AppContext) -> None:
        if LOCATION not in ctx.permissions:
            if ctx.data["location_denied"]:
                ctx.ui["snackbar"] = "Location Permissions are needed to determine the current city"
                ctx.ui["snackbar_action"] = "OK"
                return
            ctx.request_permission(LOCATION)
            return
        ctx.ui["snackbar"] = None
        ctx.ui["dialog"] = "locating"  # no fix arrives on this device

    def _ask_location(self, ctx: AppContext) -> None:
        ctx.ui["snackbar"] = None
        ctx.ui["snackbar_action"] = None
        ctx.request_permission(LOCATION)

    def _share(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "share"

    def _nav(self, ctx: AppContext, rid: str) -> None:
        ctx.ui["drawer"] = False
        target = {"nav_menu_graphs": GRAPHS, "nav_menu_weather_forecast": FORECAST}
        target["nav_settings"] = SETTINGS
        if rid in target:
            # TaskStackBuilder: a new MainActivity (the parent) below the target.
            ctx.start_activity(MAIN)
            ctx.start_activity(target[rid])
            ctx.finish()
        elif rid == "nav_feedback":
            ctx.ui["dialog"] = "feedback"
        elif rid == "nav_menu_bitcoin_donation":
            ctx.ui["dialog"] = "bitcoin"

    def _open_header(self, ctx: AppContext, key: str) -> None:
        ctx.start_activity(SETTINGS, {"fragment": key})

    def _toggle_update_location(self, ctx: AppContext) -> None:
        prefs = ctx.data["prefs"]
        prefs["widget_update_location"] = not prefs["widget_update_location"]
        ctx.ui["snackbar"] = None
        if LOCATION not in ctx.permissions:
            # onSharedPreferenceChanged: the snackbar, then setChecked(false).
            ctx.ui["snackbar"] = "You must grant Location Permissions"
            prefs["widget_update_location"] = False

    def _toggle_geocoder(self, ctx: AppContext) -> None:
        prefs = ctx.data["prefs"]
        prefs["widget_use_geocoder"] = not prefs["widget_use_geocoder"]
        ctx.ui["snackbar"] = None
