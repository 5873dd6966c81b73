"""Your local weather (``org.thosp.yourlocalweather``, thuryn/your-local-weather) 1.5, for
your-local-weather#3.

A weather app for the current location: one main screen (the weather, a toolbar with "Update"
and "Search City" or "Detect Location", a navigation drawer) and a PreferenceActivity.

Modelled from the sources at tag ``v1.6`` (commit ``8348d7d``, 14 Jan 2018; ``app/build.gradle``:
``versionName "1.5"``, the version out when the report was filed on 15 Jan 2018):
``AndroidManifest.xml``, ``MainActivity.java``, ``BaseActivity.java`` (the drawer and
``createBackStack``), ``SettingsActivity.java``, ``service/CurrentWeatherService.java``,
``service/LocationUpdateService.java``, ``utils/AppPreference.java``, ``utils/Utils.java``,
``utils/PermissionUtil.java``, ``res/layout/activity_main.xml``, ``main_content.xml``,
``nav_header.xml``, ``res/menu/activity_main_menu.xml``, ``draw_menu.xml``,
``res/xml/pref_headers.xml``, ``pref_general.xml``, ``pref_widget.xml`` and
``res/values/strings.xml``/``arrays.xml``; and the fix, commit ``305d60f`` ("Fix of Crashing
after toggle setting "hide description" #3", 16 Jan 2018, released in 1.7), which null-checks
``refreshDialogHandler`` and makes the main screen's refreshes name their source "MAIN".

The bug (your-local-weather#3, crash): ``MainActivity.mProgressDialog`` is a static field, set
only by ``detectLocation()`` (the "Detect Location" action), while the ``refreshDialogHandler``
that hides it is an instance field set in the same method. ``CurrentWeatherService`` keeps the
update source of its last start in a field ("MAIN" once a location detection went through
``LocationUpdateService``) and sends its result to the main screen only then; the main screen's
"Update" action and pull-to-refresh start it without a source. When a weather update succeeds,
the main screen's receiver runs ``if (mProgressDialog != null)
refreshDialogHandler.post(...)``. In a MainActivity instance other than the one that detected the
location, the handler is null: ``java.lang.NullPointerException: Attempt to invoke virtual method
'boolean android.os.Handler.post(java.lang.Runnable)' on a null object reference`` at
``MainActivity$2.onReceive(MainActivity.java:382)``. Opening Settings from the drawer makes such
an instance: ``createBackStack`` uses a ``TaskStackBuilder``, which clears the task and starts a
new MainActivity (the Settings activity's parent) below Settings; rotation and relaunching from
the launcher do too. "Detect Location" is shown only while the widget preference "Update
location" is on; on a fresh install it is unset (off), and opening "Widget settings" stores its
default (on) as ``android.preference`` does when a CheckBoxPreference with a default value is
first shown. The reporter's "hide weather description" toggle is not part of the cause.

Fixed data: online; the detected location is London (51.51, -0.13), named "London, United
Kingdom" by the geocoder; every weather answer is 8°, "light rain", humidity 81%, 1012.0 hPa,
wind 4.6 m/s, cloudiness 75%, sunrise 8:01 AM, sunset 4:19 PM, fetched at 3:42 PM; a fresh
install's preloaded values (zeros, 12:00 AM) are those of empty preferences in UTC. Locating and
fetching complete at once, so the "Find current location" progress dialog never stays up.

Process-wide statics (the static dialog, the service's source) live in the app's storage: a
force-stop, which would clear them, is not modelled. The MainActivity the TaskStackBuilder
creates is created when Settings starts (really when the user returns to it) and does not repeat
``checkAllPermissions``' request. Stubbed: Search City, Graphs, Daily Forecast and the About and
Debug settings screens (titles only), the share FAB and Feedback (no chooser), the list
preferences' dialogs, the notification, cache and widget effects of the preferences; a denied
location request shows no rationale snackbar. Uncertain: the support library's
``LocalBroadcastManager`` line numbers in the trace (25.4.0's, as commonly reported).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import FRAME, Screen, View

PACKAGE = "org.thosp.yourlocalweather"
MAIN = ".MainActivity"
SETTINGS = ".SettingsActivity"
SEARCH = ".SearchActivity"
GRAPHS = ".GraphsActivity"
FORECAST = ".WeatherForecastActivity"
FINE = "android.permission.ACCESS_FINE_LOCATION"
PHONE = "android.permission.READ_PHONE_STATE"

NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'boolean android.os.Handler.post(java.lang.Runnable)' "
    "on a null object reference"
)
RECEIVE_FRAMES = [
    f"{PACKAGE}.MainActivity$2.onReceive(MainActivity.java:382)",
    "android.support.v4.content.LocalBroadcastManager.executePendingBroadcasts("
    "LocalBroadcastManager.java:297)",
    "android.support.v4.content.LocalBroadcastManager.access$000(LocalBroadcastManager.java:46)",
    "android.support.v4.content.LocalBroadcastManager$1.handleMessage("
    "LocalBroadcastManager.java:116)",
    *message_frames(25),
]

WEATHER = {
    "temp": 8,
    "description": "light rain",
    "humidity": 81,
    "pressure": 1012.0,
    "wind": 4.6,
    "clouds": 75,
    "sunrise": "8:01 AM",
    "sunset": "4:19 PM",
    "time": "3:42 PM",
}
EMPTY_WEATHER = {
    "temp": 0,
    "description": "",
    "humidity": 0,
    "pressure": 0.0,
    "wind": 0.0,
    "clouds": 0,
    "sunrise": "11:59 PM",
    "sunset": "11:59 PM",
    "time": "12:00 AM",
}
HEADERS = (
    ("general", "General settings"),
    ("widget", "Widget settings"),
    ("debug", "Debug options"),
    ("about", "About"),
)
DRAWER = ("Current Weather", "Graphs", "Daily Forecast", "Settings", "Feedback")


def handler_was_null(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of your-local-weather#3: the receiver's ``refreshDialogHandler.post`` threw
    the NullPointerException."""
    return crashed(system, PACKAGE, NPE, "android.os.Handler.post")


# -- steps -------------------------------------------------------------------------------------
def _tap(text: str = "", desc: str = "", rid: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc)


BACK: dict[str, Any] = {"kind": "press_back"}
ALLOW = allow_permission(PACKAGE)
DRAWER_OPEN = _tap(desc="Open navigation drawer")
TO_SETTINGS = [DRAWER_OPEN, _tap("Settings", rid="design_menu_item_text")]
DETECT = _tap(desc="Detect Location", rid="main_menu_detect_location")
UPDATE = _tap(desc="Update", rid="main_menu_refresh")
LAUNCH = [ALLOW, ALLOW]
# Opening "Widget settings" stores "Update location" on: "Detect Location" appears.
WIDGET_VISIT = [*TO_SETTINGS, _tap("Widget settings"), BACK, BACK]
HIDE_ROUND = [*TO_SETTINGS, _tap("General settings"), _tap("Hide weather description"), BACK, BACK]

BUG_3 = BugSpec(
    "your-local-weather#3",
    "crash",
    'Crashing after toggle setting "hide description"',
    handler_was_null,
    human_steps=(*LAUNCH, *WIDGET_VISIT, DETECT, *HIDE_ROUND, UPDATE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "your-local-weather#3": [
        # No location detection: the service has no source and answers nobody.
        [*LAUNCH, *WIDGET_VISIT, *HIDE_ROUND, UPDATE],
        # Update in the instance that detected the location: its handler is set.
        [*LAUNCH, *WIDGET_VISIT, DETECT, UPDATE],
        # The settings round trip ends with another detection instead of "Update".
        [*LAUNCH, *WIDGET_VISIT, DETECT, *HIDE_ROUND, DETECT],
        # Update before the second trip to Settings.
        [*LAUNCH, *WIDGET_VISIT, DETECT, UPDATE, *HIDE_ROUND],
    ],
}


class YourLocalWeather15(VirtualApp):
    """Your local weather 1.5 (see the module docstring)."""

    name: ClassVar[str] = "your-local-weather"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Your local weather"
    version: ClassVar[str] = "1.5"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_3,)

    def initial_data(self) -> dict[str, Any]:
        return {
            # Default SharedPreferences: unset keys are absent (their getters' defaults apply).
            "prefs": {},
            "weather": dict(EMPTY_WEATHER),  # PREF_WEATHER_NAME
            "geo": None,  # the geocoded city and country of the detected location
            "update_source": None,  # APP_SETTINGS_UPDATE_SOURCE (unset: read as "W")
            "progress_dialog": False,  # the static MainActivity.mProgressDialog is set
            "service_source": None,  # CurrentWeatherService.updateSource (a service field)
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui["handler"] = False  # refreshDialogHandler
            ui["updating"] = False  # setUpdateButtonState(true): progress bar instead of Update
            ui["drawer"] = False
            if not ctx.extras.get("stacked"):
                # PermissionUtil.checkAllPermissions(this)
                for permission in (FINE, PHONE):
                    if permission not in ctx.permissions:
                        ctx.request_permission(permission)
        elif ctx.activity == SETTINGS:
            screen = ctx.extras.get("fragment")
            prefs = ctx.data["prefs"]
            if screen == "widget":
                # A CheckBoxPreference with a default value stores it when first shown.
                prefs.setdefault("update_location", True)
                prefs.setdefault("update_detail", "preference_display_update_location_source")
            elif screen == "general":
                prefs.setdefault("hide_desc", False)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {}  # the fields above are not saved: a re-created MainActivity starts afresh

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer")
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and direction == "down" and not ctx.ui["drawer"]:
            self._start_weather_service(ctx, None)  # SwipeRefreshLayout's onRefresh
            return True
        return False

    def _update_location(self, ctx: AppContext) -> bool:
        return bool(ctx.data["prefs"].get("update_location", False))

    # -- the services --------------------------------------------------------------------------
    def _start_weather_service(self, ctx: AppContext, source: str | None) -> None:
        """CurrentWeatherService: a start with a source remembers it; the fetched weather is
        saved and, when the remembered source is "MAIN", sent to the main screen."""
        data = ctx.data
        if source:
            data["service_source"] = source
        data["weather"] = dict(WEATHER)
        if data["update_source"] is None:
            data["update_source"] = "W"
        if data["service_source"] == "MAIN":
            self._on_weather_ok(ctx)

    def _on_weather_ok(self, ctx: AppContext) -> None:
        """The main screen's receiver, ACTION_WEATHER_UPDATE_OK."""
        ui = ctx.ui
        ui["updating"] = False
        if ctx.data["progress_dialog"] and not ui["handler"]:
            raise JavaException(NPE, NPE_MESSAGE, RECEIVE_FRAMES)
        # refreshDialogHandler.post(hide); updateCurrentWeather() shows the saved weather.

    def _refresh(self, ctx: AppContext) -> None:
        ctx.ui["updating"] = True
        self._start_weather_service(ctx, None)

    def _detect(self, ctx: AppContext) -> None:
        """requestLocation(): the permission first, else detectLocation()."""
        if FINE not in ctx.permissions:
            ctx.request_permission(FINE)
            return
        data = ctx.data
        data["progress_dialog"] = True  # mProgressDialog = new ProgressDialog(...); show()
        ctx.ui["handler"] = True  # refreshDialogHandler = new Handler(...)
        # LocationUpdateService: the network location, the geocoder, then the weather check
        # with the source "MAIN" (and mProgressDialog.cancel()).
        data["geo"] = {"city": "London", "country": "United Kingdom"}
        data["update_source"] = "N"
        self._start_weather_service(ctx, "MAIN")

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        return None  # checkAllPermissions' answers change nothing on screen

    # -- navigation ----------------------------------------------------------------------------
    def _create_back_stack(self, ctx: AppContext, activity: str, extras: dict[str, Any]) -> None:
        """BaseActivity.createBackStack: a TaskStackBuilder with the parent MainActivity, which
        clears the task (this MainActivity is destroyed) and starts a new one below."""
        ctx.start_activity(MAIN, {"stacked": True})
        ctx.start_activity(activity, extras)
        ctx.finish()

    def _drawer_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["drawer"] = False
        if item == "Graphs":
            self._create_back_stack(ctx, GRAPHS, {})
        elif item == "Daily Forecast":
            self._create_back_stack(ctx, FORECAST, {})
        elif item == "Settings":
            self._create_back_stack(ctx, SETTINGS, {})
        # "Current Weather" re-delivers to this singleTop activity; "Feedback" opens a chooser.

    def _open_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = True

    # -- settings ------------------------------------------------------------------------------
    def _open_header(self, ctx: AppContext, key: str, title: str) -> None:
        ctx.start_activity(SETTINGS, {"fragment": key, "title": title})

    def _flip(self, ctx: AppContext, key: str, default: bool) -> None:
        prefs = ctx.data["prefs"]
        prefs[key] = not prefs.get(key, default)
        if key == "update_location" and prefs[key] and FINE not in ctx.permissions:
            ctx.toast("You must grant Location Permissions")
            prefs[key] = False

    def _checkbox(self, ctx: AppContext, key: str, title: str, default: bool) -> View:
        checked = bool(ctx.data["prefs"].get(key, default))
        return w.preference(
            title, "", w.bind(self._flip, key, default), widget=w.checkbox_widget(checked)
        )

    def _settings_rows(self, ctx: AppContext, screen: str) -> list[View]:
        if screen == "general":
            switch = w.switch_widget(False, rid="android:id/switch_widget")
            return [
                w.preference("Temperature", "°C", None),
                self._checkbox(ctx, "hide_desc", "Hide weather description", False),
                w.preference_category("Display"),
                w.preference("Language", "", None),
                w.preference("Theme", "", None),
                w.preference("Icon set", "Merlin the red icons", None),
                w.preference_category("Notifications"),
                w.preference("Enable Notifications", "", None, widget=switch),
                w.preference("Refresh Interval", "Every hour", None, enabled=False),
                w.preference_category("Address cache database"),
                w.preference("Cache locations", "Found locations is not cached", None),
            ]
        if screen == "widget":
            return [
                self._checkbox(ctx, "update_location", "Update location", True),
                w.preference("Location and address source", "Local MLS and Nominatim", None),
                w.preference("Widget theme", "Dark", None),
                w.preference("Update Period", "", None),
                w.preference(
                    "Wake up strategy",
                    "When location stucks when phone sleeps you can try to wake up phone when "
                    "cell is looked for",
                    None,
                ),
                w.preference("Display update summary", "Updated value with location source", None),
            ]
        if screen:
            return []
        return [
            w.list_row(
                title, on_click=w.bind(self._open_header, key, title), title_rid="android:id/title"
            )
            for key, title in HEADERS
        ]

    def _settings(self, ctx: AppContext) -> Screen:
        title = str(ctx.extras.get("title", "Settings"))
        bar = w.toolbar(title, navigation=w.up_button())
        rows = self._settings_rows(ctx, str(ctx.extras.get("fragment", "")))
        return Screen(content=w.linear_layout([bar, w.list_view(rows)]))

    def _stub(self, title: str) -> Screen:
        bar = w.toolbar(title, navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, View(cls="android.view.View")]))

    # -- the main screen -----------------------------------------------------------------------
    def _title(self, ctx: AppContext) -> str:
        """Utils.getCityAndCountry: the geocoded place while "Update location" is on, else the
        searched city (London, UK by default)."""
        if self._update_location(ctx):
            geo = ctx.data["geo"]
            return "" if geo is None else f"{geo['city']}, {geo['country']}"
        return "London, UK"

    def _main(self, ctx: AppContext) -> Screen:
        ui, data = ctx.ui, ctx.data
        weather = data["weather"]
        description = weather["description"]
        if data["prefs"].get("hide_desc", False):
            description = " "
        elif description:
            description = description[0].upper() + description[1:]
        # AppPreference.getUpdateSource: shown once "Display update summary" holds a value.
        source = ""
        if "update_detail" in data["prefs"]:
            source = data["update_source"] or "W"
        actions: list[View] = []
        if ui["updating"]:
            actions.append(
                View(
                    cls="android.widget.ProgressBar", resource_id="toolbar_progress_bar", width=147
                )
            )
        else:
            actions.append(w.action_item("main_menu_refresh", "Update", self._refresh))
        # onCreateOptionsMenu's choice. The preference changes only in Settings, whose return
        # lands on a new MainActivity, so reading it here equals reading it at creation.
        if self._update_location(ctx):
            actions.append(
                w.action_item("main_menu_detect_location", "Detect Location", self._detect)
            )
        else:
            actions.append(
                w.action_item(
                    "main_menu_search_city", "Search City", lambda c: c.start_activity(SEARCH)
                )
            )
        bar = w.toolbar(
            self._title(ctx),
            navigation=w.nav_button(w.OPEN_DRAWER, self._open_drawer),
            actions=actions,
        )
        info = w.linear_layout(
            [
                w.image_view("main.weather_icon", height=200),
                w.text_view(f"{weather['temp']}°", "main.temperature", height=200),
                w.text_view(description, "main.description"),
                w.text_view(
                    f"Last update: {weather['time']} {source}".rstrip(), "main.last_update"
                ),
            ],
            rid="main.general_info",
            weight=0,
        )
        details = [
            ("wind", "main.wind_speed", f"Wind: {weather['wind']:.1f} m/s"),
            ("humidity", "main.humidity", f"Humidity: {weather['humidity']}%"),
            ("pressure", "main.pressure", f"Pressure: {weather['pressure']:.1f} hPa"),
            ("cloudiness", "main.cloudiness", f"Cloudiness: {weather['clouds']}%"),
            ("sunrise", "main.sunrise", f"Sunrise: {weather['sunrise']}"),
            ("sunset", "main.sunset", f"Sunset: {weather['sunset']}"),
        ]
        # Each value follows its weather-font glyph (an icon TextView, drawn, not read).
        rows = [
            w.linear_layout(
                [w.image_view(f"main.{icon}_icon", width=150), w.text_view(text, rid)],
                horizontal=True,
                height=130,
            )
            for icon, rid, text in details
        ]
        page = w.linear_layout(
            [
                w.linear_layout([bar, info], rid="main.app_bar", weight=0),
                *rows,
                View(cls="android.view.View"),
            ]
        )
        fab = w.fab("fab", "", lambda c: None)  # share: the chooser is not modelled
        content = w.frame_layout([page, fab], rid="main.swipe_refresh", layout=FRAME)
        drawer = None
        if ui["drawer"]:
            city = w.text_view(self._title(ctx), "nav_header.city", height=200)
            header = w.frame_layout([city], rid="nav_header.root", height=400)
            entries = [w.drawer_entry(item, w.bind(self._drawer_item, item)) for item in DRAWER]
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="navigation_view",
                width=800,
                gravity="start",
                children=[header, *entries],
            )
        root = w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout")
        return Screen(content=root)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._settings(ctx)
        if ctx.activity == SEARCH:
            return self._stub("Search")
        if ctx.activity == GRAPHS:
            return self._stub("Graphs")
        if ctx.activity == FORECAST:
            return self._stub("Daily Forecast")
        return self._main(ctx)
