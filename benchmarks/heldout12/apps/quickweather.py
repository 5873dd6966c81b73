"""QuickWeather (``com.ominous.quickweather``) 2.2.6, for QuickWeather#49.

Modelled from the sources at commit ``f359cb3`` (the 2.2.6 release: ``AndroidManifest.xml``,
``activity/MainActivity.java``, ``activity/SettingsActivity.java``,
``dialog/LocationSearchDialog.java``, ``dialog/LocationManualDialog.java``,
``dialog/LocationMapDialog.java``, ``view/LocationDragListView.java``,
``util/DialogHelper.java``, ``location/WeatherLocationManager.java``, ``res/layout/
fragment_welcome.xml``, ``fragment_apikey.xml``, ``fragment_location.xml``, ``fragment_units.xml``,
``item_location.xml``, ``dialog_searchlocation.xml``, ``dialog_editlocation.xml``,
``activity_main.xml``, ``res/menu/menu_main_activity.xml``, ``res/values/strings.xml``), the
onboarding base class ``OnboardingActivity2`` of TylerWilliamson/TylerUtils (layout
``activity_onboarding.xml``: ``button_next`` "NEXT", ``button_finish`` "FINISH") and the fix,
commit ``28574ca`` (2.2.7, "Crash if no locations are selected").

- The launcher opens ``MainActivity``; with no committed settings or no location it starts
  ``SettingsActivity`` and finishes. Settings is a ViewPager of pages (Welcome only before the
  first FINISH, then API Key, Locations, Units); NEXT shows when the page can advance (a tested
  API key, at least one location), FINISH on the Units page once every button group has a
  choice; Back turns to the previous page and, on the first, leaves Settings. FINISH commits the
  settings and starts ``MainActivity``: toolbar ("Open Drawer", the location's name), the
  weather cards, and a drawer with the locations and Settings / Check for Updates / What's New?
  / Report a Bug.
- Locations: "This Location" (the device's fix, then the "Edit Location" dialog), the "My
  Location" icon (the location disclosure, then the permission, then a "My Location" row),
  "Other Location" (the "Search For Location" dialog: Cancel, Manual) and "Map" ("Choose a
  location": tap the map, OK opens "Edit Location" with its coordinates). "Edit Location" has
  Location Name / Latitude / Longitude, Cancel, Search and OK ("Required" on empty fields). A
  row has Drag Anchor, its name, Edit, Clear (removes at once); the list is written to the
  database as it changes.

The bug (QuickWeather#49): MainActivity observes the location list; the observer adds one
drawer item per location and calls ``locationSubMenu.findItem(selectedId).setChecked(true)``.
With an empty list ``selectedId`` stays 0 and ``findItem`` returns null. Settings opened from
MainActivity's drawer sits on top of it; removing the last location there and leaving
Settings with Back (Locations page -> API Key page -> out) brings MainActivity back, the
observer runs with the empty list before ``onResume`` can send the user to Settings: a
``NullPointerException`` (MainActivity.java:389). 2.2.7 skips an empty list. The report's
trace is cut after its first line; the message and frames are the model's, from the source.

Network content replaced by fixed data: the API key test (OpenWeatherMap) accepts any key with
at least one letter or digit as a OneCall 3.0 key; the Geocoder search knows a few fixed
places (``PLACES``); the device's fix is fixed (``HERE``); the map's tap picks a fixed point
in Germany; the weather cards show fixed values. Stubbed: the weather cards' details, radar,
forecast screen, Check for Updates / What's New? / Report a Bug (close the drawer), the
background-location and notification prompts, drag reordering. Uncertain: the order in which
ViewPager2 lets a swipe reach a page not yet unlocked (the model allows a swipe exactly where
NEXT shows).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text, step
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.ominous.quickweather"
MAIN = ".activity.MainActivity"
SETTINGS = ".activity.SettingsActivity"
LOCATION_PERMISSION = "android.permission.ACCESS_FINE_LOCATION"

# Fixed Geocoder answers (network content): lowercase query prefix -> (address, lat, lon).
PLACES = (
    ("berlin", "Berlin, Germany", 52.52, 13.405),
    ("munich", "Munich, Bavaria, Germany", 48.137, 11.575),
    ("london", "London, England, United Kingdom", 51.507, -0.128),
    ("new york", "New York, NY, USA", 40.713, -74.006),
    ("paris", "Paris, Île-de-France, France", 48.857, 2.352),
)
HERE = (37.4219, -122.084)  # the device's fixed location fix
MAP_POINT = (51.1657, 10.4515)  # the point the map's tap picks (inside Germany)

UNIT_GROUPS = (
    (
        "temperature",
        "Temperature",
        (("button_celsius", "Celsius"), ("button_fahrenheit", "Fahrenheit")),
    ),
    (
        "speed",
        "Wind Speed",
        (("button_kmh", "km/h"), ("button_ms", "m/s"), ("button_mph", "mph"), ("button_kn", "kn")),
    ),
    (
        "theme",
        "Theme",
        (
            ("button_theme_light", "Light"),
            ("button_theme_dark", "Dark"),
            ("button_theme_auto", "Auto"),
        ),
    ),
    (
        "alerts",
        "Weather\nAlerts",
        (("button_alert_notif_enabled", "Enabled"), ("button_alert_notif_disabled", "Disabled")),
    ),
    (
        "persistent",
        "Current\nWeather",
        (
            ("button_weather_notif_enabled", "Enabled"),
            ("button_weather_notif_disabled", "Disabled"),
        ),
    ),
    (
        "gadgetbridge",
        "Gadgetbridge",
        (("button_gadgetbridge_enabled", "Enabled"), ("button_gadgetbridge_disabled", "Disabled")),
    ),
)
UNIT_TITLES = {
    "temperature": "Units",
    "theme": "UI",
    "alerts": "Notifications",
    "gadgetbridge": "Extensions",
}

WELCOME = (
    (
        "Welcome",
        "Thanks for installing my app! QuickWeather is FREE and Open Source and only "
        "available on Google Play, F-Droid, and my GitHub. If you installed this app from another "
        "source, please uninstall it and install the Play Store, F-Droid, or GitHub version.",
    ),
    (
        "Special Thanks",
        "QuickWeather is made possible by:\n • OpenWeatherMap\n • Dripicons - "
        "Weather by Amit Jakhu\n • RainViewer\n • ListDragView (license) by Magnus Woxblom",
    ),
    (
        "Policies",
        "• QuickWeather is free software licensed under the GNU General Public "
        "License\n • Check out the Privacy Policy",
    ),
)
APIKEY_TEXT = (
    'You will need an API key from OpenWeatherMap with a subscription to the "OneCall" API. If '
    "you do not have one, you can sign up for a free API key here. New API keys may take up to "
    "a couple of hours to activate and be ready to use."
)
DISCLOSURE = (
    "QuickWeather collects location data in order to determine your current location. This data "
    "does not leave your phone. If you also enable the persistent weather notification or "
    "weather alerts, QuickWeather will obtain your location in the background even when the app "
    "is closed or not in use."
)

NPE_MESSAGE = (
    "Attempt to invoke interface method 'android.view.MenuItem "
    "android.view.MenuItem.setChecked(boolean)' on a null object reference"
)
NPE_FRAMES = [
    "com.ominous.quickweather.activity.MainActivity.lambda$initViewModel$2(MainActivity.java:389)",
    "com.ominous.quickweather.activity.MainActivity$$ExternalSyntheticLambda9"
    ".onChanged(Unknown Source:4)",
    "androidx.lifecycle.LiveData.considerNotify(LiveData.java:133)",
    "androidx.lifecycle.LiveData.dispatchingValue(LiveData.java:146)",
    "androidx.lifecycle.LiveData$ObserverWrapper.activeStateChanged(LiveData.java:468)",
    "androidx.lifecycle.LiveData$LifecycleBoundObserver.onStateChanged(LiveData.java:425)",
    "androidx.lifecycle.LifecycleRegistry$ObserverWithState.dispatchEvent(LifecycleRegistry.java:360)",
    "androidx.lifecycle.LifecycleRegistry.forwardPass(LifecycleRegistry.java:271)",
    "androidx.lifecycle.LifecycleRegistry.sync(LifecycleRegistry.java:313)",
    "androidx.lifecycle.LifecycleRegistry.moveToState(LifecycleRegistry.java:151)",
    "androidx.lifecycle.LifecycleRegistry.handleLifecycleEvent(LifecycleRegistry.java:134)",
    "androidx.fragment.app.FragmentActivity.onStart(FragmentActivity.java:324)",
    "androidx.appcompat.app.AppCompatActivity.onStart(AppCompatActivity.java:246)",
    "android.app.Instrumentation.callActivityOnStart(Instrumentation.java:1455)",
    "android.app.Activity.performStart(Activity.java:8315)",
    "android.app.Activity.performRestart(Activity.java:8455)",
    "android.app.ActivityThread.performRestartActivity(ActivityThread.java:5373)",
    "android.app.servertransaction.TransactionExecutor.performLifecycleSequence(TransactionExecutor.java:231)",
    "android.app.servertransaction.TransactionExecutor.cycleToPath(TransactionExecutor.java:201)",
    "android.app.servertransaction.TransactionExecutor.executeLifecycleState(TransactionExecutor.java:173)",
    "android.app.servertransaction.TransactionExecutor.execute(TransactionExecutor.java:97)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:2307)",
    "android.os.Handler.dispatchMessage(Handler.java:106)",
    "android.os.Looper.loopOnce(Looper.java:201)",
    "android.os.Looper.loop(Looper.java:288)",
    "android.app.ActivityThread.main(ActivityThread.java:7898)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:548)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:936)",
]


def crashed_on_empty_locations(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of QuickWeather#49: MainActivity's location observer threw the NPE."""
    return crashed(system, PACKAGE, "java.lang.NullPointerException", "MenuItem.setChecked")


def _button(rid: str, text: str, handler: Any, **kw: Any) -> View:
    """A MaterialButton (dumps as ``android.widget.Button``)."""
    return w.button(rid, text, handler, **kw)


class QuickWeather(VirtualApp):
    """QuickWeather 2.2.6: onboarding settings, locations, the main weather screen."""

    name: ClassVar[str] = "QuickWeather"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "QuickWeather"
    version: ClassVar[str] = "2.2.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = ()

    def initial_data(self) -> dict[str, Any]:
        return {"prefs": {}, "locations": [], "next_id": 1}

    # -- state helpers ---------------------------------------------------------------------
    @staticmethod
    def initialized(data: dict[str, Any]) -> bool:
        return bool(data["prefs"].get("apiKey")) and all(
            data["prefs"].get(key) for key, _, _ in UNIT_GROUPS
        )

    def pages(self, ctx: AppContext) -> list[str]:
        first = [] if ctx.ui.get("had_prefs") else ["welcome"]
        return [*first, "apikey", "location", "units"]

    def can_advance(self, ctx: AppContext, page: str) -> bool:
        if page == "welcome":
            return True
        if page == "apikey":
            return ctx.ui.get("key_state") == "pass"
        if page == "location":
            return bool(ctx.data["locations"])
        return all(ctx.ui["units"].get(key) for key, _, _ in UNIT_GROUPS)

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            if not (self.initialized(ctx.data) and ctx.data["locations"]):
                ctx.start_activity(SETTINGS)
                ctx.finish()
            return
        if ctx.activity == SETTINGS and "page" not in ctx.ui:
            prefs = ctx.data["prefs"]
            had = self.initialized(ctx.data)
            ctx.ui.update(
                page=0,
                had_prefs=had,
                key=prefs.get("apiKey", ""),
                key_state="pass" if prefs.get("apiKey") else "neutral",
                units={key: prefs.get(key, "") for key, _, _ in UNIT_GROUPS},
                dialog=None,
            )

    # -- settings actions --------------------------------------------------------------------
    def turn(self, ctx: AppContext, delta: int) -> None:
        pages = self.pages(ctx)
        page = ctx.ui["page"] + delta
        if 0 <= page < len(pages):
            ctx.ui["page"] = page

    def next_page(self, ctx: AppContext) -> None:
        if self.can_advance(ctx, self.pages(ctx)[ctx.ui["page"]]):
            self.turn(ctx, 1)

    def type_key(self, ctx: AppContext, text: str) -> None:
        ctx.ui["key"] = text
        ctx.ui["key_state"] = "neutral"

    def test_key(self, ctx: AppContext) -> None:
        key = "".join(c for c in ctx.ui["key"] if c.isascii() and c.isalnum())
        if not key:
            return
        # Fixed network answer: the key is accepted (OneCall 3.0).
        ctx.ui["key_state"] = "pass"
        ctx.ui["pending_key"] = key
        ctx.hide_keyboard()

    def choose_unit(self, ctx: AppContext, group: str, value: str) -> None:
        ctx.ui["units"][group] = value

    def finish_settings(self, ctx: AppContext) -> None:
        if not self.can_advance(ctx, "units"):
            return
        prefs = ctx.data["prefs"]
        prefs["apiKey"] = ctx.ui.get("pending_key") or prefs.get("apiKey", "")
        prefs.update(ctx.ui["units"])
        ctx.start_activity(MAIN)
        ctx.finish()

    def add_location(
        self, ctx: AppContext, name: str, lat: float, lon: float, current: bool = False
    ) -> None:
        locations = ctx.data["locations"]
        locations.append(
            {
                "id": ctx.data["next_id"],
                "name": name,
                "lat": lat,
                "lon": lon,
                "current": current,
                "selected": False,
            }
        )
        ctx.data["next_id"] += 1
        self.fix_selection(ctx)

    @staticmethod
    def fix_selection(ctx: AppContext) -> None:
        locations = ctx.data["locations"]
        if locations and not any(loc["selected"] for loc in locations):
            locations[0]["selected"] = True

    def clear_location(self, ctx: AppContext, loc_id: int) -> None:
        ctx.data["locations"] = [loc for loc in ctx.data["locations"] if loc["id"] != loc_id]
        self.fix_selection(ctx)

    def open_dialog(self, ctx: AppContext, kind: str, **fields: Any) -> None:
        ctx.ui["dialog"] = {"kind": kind, **fields}

    def close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def open_manual(
        self, ctx: AppContext, name: str = "", lat: str = "", lon: str = "", edit: int = 0
    ) -> None:
        self.open_dialog(ctx, "manual", name=name, lat=lat, lon=lon, edit=edit, errors=[])

    def manual_ok(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        errors = [f for f in ("name", "lat", "lon") if not dialog[f].strip()]
        values: dict[str, float] = {}
        for field in ("lat", "lon"):
            if field not in errors:
                try:
                    values[field] = float(dialog[field])
                except ValueError:
                    errors.append(field)
        dialog["errors"] = errors
        if errors:
            return
        if dialog["edit"]:
            for loc in ctx.data["locations"]:
                if loc["id"] == dialog["edit"]:
                    loc.update(name=dialog["name"], lat=values["lat"], lon=values["lon"])
        else:
            self.add_location(ctx, dialog["name"], values["lat"], values["lon"])
        self.close_dialog(ctx)

    def type_search(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["text"] = text

    def pick_place(self, ctx: AppContext, place: tuple[str, float, float]) -> None:
        self.close_dialog(ctx)
        self.add_location(ctx, place[0], place[1], place[2])

    def ask_location(self, ctx: AppContext, purpose: str) -> None:
        if purpose == "current" and any(loc["current"] for loc in ctx.data["locations"]):
            return
        if LOCATION_PERMISSION in ctx.permissions:
            self.location_granted(ctx, purpose)
        elif ctx.data["prefs"].get("disclosure_shown"):
            ctx.ui["asking"] = purpose
            ctx.request_permission(LOCATION_PERMISSION)
        else:
            self.open_dialog(ctx, "disclosure", purpose=purpose)

    def accept_disclosure(self, ctx: AppContext) -> None:
        ctx.ui["asking"] = ctx.ui["dialog"]["purpose"]
        ctx.data["prefs"]["disclosure_shown"] = True
        self.close_dialog(ctx)
        ctx.request_permission(LOCATION_PERMISSION)

    def location_granted(self, ctx: AppContext, purpose: str) -> None:
        if purpose == "current":
            self.add_location(ctx, "My Location", 0.0, 0.0, current=True)
        else:
            self.open_manual(ctx, lat=str(HERE[0]), lon=str(HERE[1]))

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        purpose = ctx.ui.pop("asking", "")
        if granted and purpose:
            self.location_granted(ctx, purpose)

    # -- main actions ------------------------------------------------------------------------
    def select_location(self, ctx: AppContext, loc_id: int) -> None:
        for loc in ctx.data["locations"]:
            loc["selected"] = loc["id"] == loc_id
        ctx.ui["drawer"] = False

    def open_settings(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = False
        ctx.start_activity(SETTINGS, {"from_main": True})

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer")
        if ctx.activity == SETTINGS:
            if ctx.ui["page"] > 0:
                ctx.ui["page"] -= 1
                return True
            ctx.finish()
            if ctx.extras.get("from_main"):
                self.main_restarts(ctx)
            return True
        return False

    def main_restarts(self, ctx: AppContext) -> None:
        """MainActivity below comes back to the front: its location observer gets the list."""
        if not ctx.data["locations"]:
            raise JavaException("java.lang.NullPointerException", NPE_MESSAGE, NPE_FRAMES)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != SETTINGS or ctx.ui.get("dialog"):
            return False
        if direction == "left":
            self.next_page(ctx)
            return True
        if direction == "right":
            self.turn(ctx, -1)
            return True
        return False

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self.render_settings(ctx)
        return self.render_main(ctx)

    def render_settings(self, ctx: AppContext) -> Screen:
        pages = self.pages(ctx)
        page = pages[ctx.ui["page"]]
        body = {
            "welcome": self.welcome_page,
            "apikey": self.apikey_page,
            "location": self.location_page,
            "units": self.units_page,
        }[page](ctx)
        last = ctx.ui["page"] == len(pages) - 1
        ready = self.can_advance(ctx, page)
        nav: list[View] = [
            w.linear_layout(
                [w.image_view(desc="", width=21, height=21) for _ in pages],
                rid="indicators",
                horizontal=True,
                gravity="center",
                width=21 * 2 * len(pages),
                height=21,
            )
        ]
        if ready and last:
            nav.append(
                w.text_view(
                    "FINISH",
                    "button_finish",
                    on_click=self.finish_settings,
                    width=260,
                    gravity="end",
                )
            )
        elif ready:
            nav.append(
                w.image_button("button_next", "NEXT", self.next_page, width=147, gravity="end")
            )
        content = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            resource_id="coordinator_layout",
            children=[
                View(
                    cls="androidx.viewpager.widget.ViewPager",
                    resource_id="container",
                    children=[body],
                ),
                View(cls="android.view.View", resource_id="divider", height=3),
                w.frame_layout(nav, rid="navigation", layout=FRAME, height=147),
            ],
        )
        return Screen(content=content, windows=self.settings_windows(ctx))

    @staticmethod
    def welcome_page(ctx: AppContext) -> View:
        views: list[View] = []
        for title, paragraph in WELCOME:
            views.append(w.text_view(title, weight=0, height=110))
            views.append(w.text_view(paragraph, weight=0, height=330))
        return w.scroll_view([w.linear_layout(views)])

    def apikey_page(self, ctx: AppContext) -> View:
        state = ctx.ui["key_state"]
        field = w.edit_text(
            "onboarding_apikey_edittext",
            ctx.ui["key"],
            self.type_key,
            cls="com.google.android.material.textfield.TextInputEditText",
            hint="OpenWeatherMap API Key",
            enabled=True,
            content_desc="Test passed" if state == "pass" else "",
        )
        layout_children = [field]
        if state == "bad":
            layout_children.append(w.text_view("Invalid API Key", "textinput_error", height=80))
        return w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.text_view("API Key", weight=0, height=110),
                        w.text_view(APIKEY_TEXT, weight=0, height=300),
                        w.linear_layout(
                            layout_children,
                            rid="onboarding_apikey_edittext_layout",
                            weight=0,
                        ),
                        _button(
                            "test_api_key",
                            "Test API Key",
                            self.test_key,
                            enabled=state == "neutral",
                        ),
                    ]
                )
            ]
        )

    def location_row(self, ctx: AppContext, loc: dict[str, Any]) -> View:
        children = [
            w.image_view("button_drag", "Drag Anchor", width=120),
            w.text_view(loc["name"], "textview_location"),
        ]
        if loc["current"]:
            children.append(w.image_view("button_mylocation", "", width=120))
        else:
            children.append(
                w.image_button(
                    "button_edit",
                    "Edit",
                    w.bind(
                        self.open_manual,
                        name=loc["name"],
                        lat=str(loc["lat"]),
                        lon=str(loc["lon"]),
                        edit=loc["id"],
                    ),
                    width=147,
                )
            )
        children.append(
            w.image_button(
                "button_clear", "Clear", w.bind(self.clear_location, loc["id"]), width=147
            )
        )
        return w.frame_layout(
            [w.linear_layout(children, horizontal=True)], rid="cardview", height=160, weight=0
        )

    def location_page(self, ctx: AppContext) -> View:
        has_current = any(loc["current"] for loc in ctx.data["locations"])
        rows = [self.location_row(ctx, loc) for loc in ctx.data["locations"]]
        return View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            resource_id="viewpager_coordinator",
            children=[
                w.linear_layout(
                    [
                        w.text_view("Locations", weight=0, height=110),
                        w.linear_layout(
                            [
                                _button(
                                    "button_here",
                                    "This Location",
                                    w.bind(self.ask_location, "here"),
                                ),
                                _button(
                                    "button_current_location",
                                    "",
                                    w.bind(self.ask_location, "current"),
                                    content_desc="My Location",
                                    enabled=not has_current,
                                    width=180,
                                ),
                            ],
                            horizontal=True,
                            weight=0,
                            height=150,
                        ),
                        w.linear_layout(
                            [
                                _button(
                                    "button_other_location",
                                    "Other Location",
                                    w.bind(self.open_dialog, "search", text=""),
                                ),
                                _button(
                                    "button_map",
                                    "",
                                    w.bind(self.open_dialog, "map", point=False),
                                    content_desc="Map",
                                    width=180,
                                ),
                            ],
                            horizontal=True,
                            weight=0,
                            height=150,
                        ),
                        View(
                            cls="androidx.recyclerview.widget.RecyclerView",
                            resource_id="drag_list_view",
                            children=rows,
                        ),
                        w.text_view("Privacy Policy", weight=0, height=90),
                    ]
                )
            ],
        )

    def units_page(self, ctx: AppContext) -> View:
        views: list[View] = []
        for key, label, buttons in UNIT_GROUPS:
            if key in UNIT_TITLES:
                views.append(w.text_view(UNIT_TITLES[key], weight=0, height=100))
            row: list[View] = [w.text_view(label, width=260)]
            for rid, text in buttons:
                value = rid.removeprefix("button_")
                row.append(
                    _button(
                        rid,
                        text,
                        w.bind(self.choose_unit, key, value),
                        selected=ctx.ui["units"].get(key) == value,
                    )
                )
            views.append(w.linear_layout(row, horizontal=True, weight=0, height=130))
        return View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            resource_id="viewpager_coordinator",
            children=[
                w.scroll_view([w.linear_layout(views)], scrollable=True, scroll_key="units_scroll")
            ],
        )

    def settings_windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui.get("dialog")
        if not dialog:
            return []
        kind = dialog["kind"]
        close = self.close_dialog
        if kind == "disclosure":
            return [
                w.confirm_dialog(
                    "Location Disclosure",
                    DISCLOSURE,
                    ("Accept", self.accept_disclosure),
                    ("Decline", close),
                    close,
                )
            ]
        if kind == "search":
            return [self.search_dialog(ctx, dialog)]
        if kind == "map":
            return [self.map_dialog(ctx, dialog)]
        return [self.manual_dialog(ctx, dialog)]

    def search_dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        text = dialog["text"].strip().lower()
        matches = [p for p in PLACES if text and len(text) >= 3 and p[0].startswith(text)]
        body: list[View] = [
            w.linear_layout(
                [
                    w.edit_text(
                        "dialog_search",
                        dialog["text"],
                        self.type_search,
                        cls="android.widget.AutoCompleteTextView",
                        hint="Location Name",
                    )
                ],
                rid="dialog_search_layout",
                weight=0,
            )
        ]
        if text and len(text) >= 3 and not matches:
            body.append(w.text_view("No results", "textinput_error", height=80))
        for _, address, lat, lon in matches:
            body.append(
                w.text_view(
                    address,
                    "android:id/text1",
                    on_click=w.bind(self.pick_place, (address, lat, lon)),
                    height=126,
                )
            )
        buttons = [
            w.dialog_button("android:id/button3", "Manual", w.bind(self.open_manual)),
            View(cls="android.view.View"),
            w.dialog_button("android:id/button2", "Cancel", self.close_dialog),
        ]
        return w.alert_dialog(
            w.dialog_title("Search For Location"), body, buttons, self.close_dialog
        )

    def map_dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        def tap_map(c: AppContext) -> None:
            c.ui["dialog"]["point"] = True

        def ok(c: AppContext) -> None:
            if c.ui["dialog"]["point"]:
                self.open_manual(c, lat=str(MAP_POINT[0]), lon=str(MAP_POINT[1]))
            else:
                self.close_dialog(c)

        body = [
            View(
                cls="android.webkit.WebView",
                resource_id="map_webview",
                content_desc="Map",
                on_click=tap_map,
                height=900,
                weight=0,
            )
        ]
        buttons = w.dialog_buttons(("OK", ok), ("Cancel", self.close_dialog))
        return w.alert_dialog(w.dialog_title("Choose a location"), body, buttons, self.close_dialog)

    def manual_dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        def setter(field: str) -> Any:
            def on_text(c: AppContext, text: str) -> None:
                c.ui["dialog"][field] = text

            return on_text

        body: list[View] = []
        for field, rid, hint in (
            ("name", "editlocation_location", "Location Name"),
            ("lat", "editlocation_latitude", "Latitude"),
            ("lon", "editlocation_longitude", "Longitude"),
        ):
            children = [
                w.edit_text(
                    rid,
                    dialog[field],
                    setter(field),
                    cls="com.google.android.material.textfield.TextInputEditText",
                    hint=hint,
                )
            ]
            if field in dialog["errors"]:
                children.append(w.text_view("Required", "textinput_error", height=80))
            body.append(w.linear_layout(children, rid=f"{rid}_layout", weight=0))
        buttons = [
            w.dialog_button(
                "android:id/button3", "Search", w.bind(self.open_dialog, "search", text="")
            ),
            View(cls="android.view.View"),
            w.dialog_button("android:id/button2", "Cancel", self.close_dialog),
            w.dialog_button("android:id/button1", "OK", self.manual_ok),
        ]
        return w.alert_dialog(w.dialog_title("Edit Location"), body, buttons, self.close_dialog)

    def render_main(self, ctx: AppContext) -> Screen:
        locations = ctx.data["locations"]
        selected = next(
            (loc for loc in locations if loc["selected"]), locations[0] if locations else None
        )
        title = (
            "" if selected is None else ("My Location" if selected["current"] else selected["name"])
        )
        unit = "°F" if ctx.data["prefs"].get("temperature") == "fahrenheit" else "°C"
        temp = "54" if unit == "°F" else "12"
        cards = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="weather_card_recycler_view",
            children=[
                w.linear_layout(
                    [
                        w.text_view(f"{temp}{unit}", "current_temperature", height=200),
                        w.text_view("Clear Sky", "current_description"),
                    ],
                    weight=0,
                    height=420,
                )
            ],
        )
        bar = w.toolbar(
            title,
            navigation=w.nav_button("Open Drawer", lambda c: c.ui.update(drawer=True)),
        )
        page = View(
            cls="androidx.swiperefreshlayout.widget.SwipeRefreshLayout",
            resource_id="swipeRefreshLayout",
            children=[cards],
        )
        drawer = None
        if ctx.ui.get("drawer"):
            close = lambda c: c.ui.update(drawer=False)  # noqa: E731
            entries: list[View] = [w.text_view("Locations", height=110)]
            for loc in locations:
                entries.append(
                    w.drawer_entry(
                        "My Location" if loc["current"] else loc["name"],
                        w.bind(self.select_location, loc["id"]),
                        checked=loc is selected,
                    )
                )
            entries.append(w.text_view("Settings", height=110))
            entries.append(w.drawer_entry("Settings", self.open_settings))
            for title_text in ("Check for Updates", "What's New?", "Report a Bug"):
                entries.append(w.drawer_entry(title_text, close))
            drawer = View(
                cls="com.google.android.material.navigation.NavigationView",
                resource_id="navigationView",
                width=800,
                gravity="start",
                children=[w.linear_layout(entries)],
            )
        body = w.drawer_layout(page, drawer, rid="drawerLayout")
        return Screen(
            content=View(
                cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
                resource_id="coordinator_layout",
                children=[w.linear_layout([bar, body])],
            ),
        )


def _c(rid: str = "", text: str = "", desc: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc)


NEXT = _c("button_next", desc="NEXT")
BACK = {"kind": "press_back"}
SETUP_KEY = [
    NEXT,
    input_text(PACKAGE, "onboarding_apikey_edittext", "0123456789abcdef0123456789abcdef"),
    _c("test_api_key", "Test API Key"),
    NEXT,
]
ADD_FF = [
    _c("button_other_location", "Other Location"),
    _c("android:id/button3", "Manual"),
    input_text(PACKAGE, "editlocation_location", "ff"),
    input_text(PACKAGE, "editlocation_latitude", "51.0"),
    input_text(PACKAGE, "editlocation_longitude", "10.0"),
    _c("android:id/button1", "OK"),
]
UNITS_AND_FINISH = [
    NEXT,
    _c("button_celsius", "Celsius"),
    _c("button_kmh", "km/h"),
    _c("button_theme_auto", "Auto"),
    _c("button_alert_notif_disabled"),
    _c("button_weather_notif_disabled"),
    _c("button_gadgetbridge_disabled"),
    _c("button_finish", "FINISH"),
]
OPEN_SETTINGS = [
    step("click", PACKAGE, desc="Open Drawer", cls="android.widget.ImageButton"),
    _c("design_menu_item_text", "Settings"),
    NEXT,
]
CLEAR = _c("button_clear", desc="Clear")

HUMAN_STEPS = (*SETUP_KEY, *ADD_FF, *UNITS_AND_FINISH, *OPEN_SETTINGS, CLEAR, BACK, BACK)

QuickWeather.bugs = (
    BugSpec(
        "QuickWeather#49",
        "crash",
        "Crash when exiting settings",
        crashed_on_empty_locations,
        human_steps=HUMAN_STEPS,
    ),
)

ADD_BERLIN = [
    _c("button_other_location", "Other Location"),
    input_text(PACKAGE, "dialog_search", "Berlin"),
    _c("android:id/text1", "Berlin, Germany"),
]

WRONG_SEQUENCES = {
    "QuickWeather#49": [
        # the location is kept: leaving Settings is fine
        [*SETUP_KEY, *ADD_FF, *UNITS_AND_FINISH, *OPEN_SETTINGS, BACK, BACK],
        # another location replaces the removed one before leaving
        [*SETUP_KEY, *ADD_FF, *UNITS_AND_FINISH, *OPEN_SETTINGS, CLEAR, *ADD_BERLIN, BACK, BACK],
        # only one Back: still in Settings (API Key page)
        [*SETUP_KEY, *ADD_FF, *UNITS_AND_FINISH, *OPEN_SETTINGS, CLEAR, BACK],
        # removing it during the first run, before MainActivity exists, then leaving
        [*SETUP_KEY, *ADD_FF, CLEAR, BACK, BACK, BACK],
    ]
}
