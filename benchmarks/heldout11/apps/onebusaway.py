"""OneBusAway for Android (``com.joulespersecond.seattlebusbot``, the ``oba`` brand flavor) 2.12.0
(versionCode 137), for OneBusAway/onebusaway-android#1134 ("Trip Planner Bug - APP crashes").

Modelled from the sources at commit ``865560468`` ("Update what's new text for 2.12", the
2.12.0 release; the fix is the next commit, ``27cb48190``, "Fixed #1134 - Added Validation for
accessing itinerary list"), files under ``onebusaway-android/src``:
``main/java/org/onebusaway/android/ui/HomeActivity.java``, ``NavigationDrawerFragment.java``,
``TripPlanActivity.java``, ``TripPlanFragment.java``, ``directions/tasks/TripRequest.java``,
``directions/util/TripRequestBuilder.java``, ``region/ObaRegionsTask.java``,
``util/ShowcaseViewUtils.java``, ``google/java/.../map/googlemapsv2/BaseMapFragment.java``,
``res/layout/main.xml``, ``navdrawer_item.xml``, ``fragment_trip_plan.xml``,
``activity_trip_plan.xml``, ``geocode_result.xml``, ``fragment_trip_plan_results.xml``,
``res/menu/menu_trip_plan.xml``, ``res/values/strings.xml``, ``AndroidManifest.xml`` and
``build.gradle`` (the ``oba`` flavor geocodes with Pelias, an autocomplete dropdown).

First run (``HomeActivity``): the map fragment explains the location permission ("Location
permissions", OK / No thanks); OK asks the system for it. Granted, the regions task picks the
region closest to the device (Tampa Bay here) and toasts "Found Tampa Bay region"; refused or
"No thanks", it asks "Choose region" (a list). Then, the app being newly installed, "What's
New?" (Close), and on its dismissal "Show tutorial?" (YES shows the welcome ShowcaseView, NO
turns tutorials off). The drawer (the toggle "Open navigation drawer") lists Nearby, Starred
stops, Starred routes, My reminders, "Plan a trip (beta)" (only when the region has a trip
planner), "Pay my fare" (only when it has a payment app), Visit us on GitHub, Settings, Help,
Send feedback.

``TripPlanActivity`` ("Trip Planner (beta)"): the From field (``fromAddressTextArea``) starts
as "Current Location" (the device's last fix, or, with no fix, no coordinates and the toast
"Unable to get your location. ..."), To (``toAddressTextArea``) empty; the my-location buttons
(``fromCurrentLocationImageButton`` "Set origin to my location",
``toCurrentLocationImageButton`` "Set destination to my location") set their end to the
current location; typing in a field shows the Pelias suggestions (``geocode_text``); picking
one sets that end. When both ends have coordinates (``TripRequestBuilder.ready``) the request
is sent (``checkRequestAndSubmit``). The overflow has Additional Trip Preferences, Reverse and
Report Trip Plan Problem.

The bug (crash): ``TripRequest.onPostExecute`` tests
``mResponse.getPlan().getItinerary().get(0) != null`` (TripRequest.java line 108) without
checking the list is non-empty. For a trip whose origin and destination are the same point
the OpenTripPlanner server answers a plan with no itineraries, so ``ArrayList.get(0)`` throws
``IndexOutOfBoundsException`` on the main thread (AsyncTask's result delivery).

Network content replaced by fixed data: the regions list (Atlanta, Puget Sound, San Diego,
Tampa Bay, Washington, D.C., York; only Tampa Bay has a trip planner and a payment app here),
the device's location (a fix inside Tampa Bay, once location is granted), the Pelias results
(a few Tampa places) and the OTP answers (two itineraries between different points, none
between one point and itself).

Stubbed: the map itself, the Nearby/Starred/Reminders panels (a title), Settings and Send
feedback (a title and Navigate up), Help, GitHub, Pay my fare and Report Trip Plan Problem
(they open other apps or dialogs not modelled: nothing happens), the date/time spinners and
the Additional Trip Preferences contents (a dialog with Cancel and OK). Uncertain: the
framework's line numbers (written for Android 11) and the exception message's wording
(libcore's ``Objects.checkIndex`` form).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crash_oracle, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.joulespersecond.seattlebusbot"
HOME = "org.onebusaway.android.ui.HomeActivity"
TRIP = "org.onebusaway.android.ui.TripPlanActivity"
STUB = "org.onebusaway.android.ui.PreferencesActivity"
FINE = "android.permission.ACCESS_FINE_LOCATION"

CURRENT = "Current Location"
NO_LOCATION = (
    "Unable to get your location.  Please give app location permissions via system settings."
)
LOCATION_MESSAGE = (
    "We recommend allowing location use while the app is running to show your real-time "
    "position on the map and automatically select your OneBusAway region for your local "
    "transit agency. This location data is not collected by OneBusAway.\n\nAlternately, you "
    "can manually select your region if you choose not to allow location permissions."
)
WHATS_NEW = (
    "\u2022 Bug fixes Several bug fixes and fit and finish improvements. - See "
    "https://bit.ly/oba-android-releases"
)
OPT_OUT = (
    "Would you like to see popup descriptions for how to use OneBusAway? You can always turn "
    "the popups on or off in Settings, or show the tutorial later via Help."
)
WELCOME = "Tap on a stop (green dot on the map) to see arrival times."

# Fixed data: the regions API (usable regions) and what each offers.
REGIONS = ["Atlanta", "Puget Sound", "San Diego", "Tampa Bay", "Washington, D.C.", "York"]
OTP_REGIONS = {"Tampa Bay"}
PAY_REGIONS = {"Tampa Bay"}
HERE = (27.9506, -82.4572)  # the device's last known fix (downtown Tampa)
PLACES = [
    ("Tampa International Airport", 27.9755, -82.5332),
    ("University of South Florida", 28.0587, -82.4139),
    ("Marion Transit Center", 27.9510, -82.4600),
    ("Tampa Union Station", 27.9537, -82.4497),
]

DRAWER = [
    "Nearby",
    "Starred stops",
    "Starred routes",
    "My reminders",
    "Plan a trip (beta)",
    "Pay my fare",
    "Visit us on GitHub",
    "Settings",
    "Help",
    "Send feedback",
]

LOOPER_30 = [
    "android.os.Handler.dispatchMessage(Handler.java:106)",
    "android.os.Looper.loop(Looper.java:223)",
    "android.app.ActivityThread.main(ActivityThread.java:7656)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
]


class OneBusAway(VirtualApp):
    """OneBusAway 2.12.0: the home map's first run, its drawer and the trip planner."""

    name: ClassVar[str] = "onebusaway-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "OneBusAway"
    version: ClassVar[str] = "2.12.0"
    launch_activity: ClassVar[str] = HOME
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "onebusaway-android#1134",
            "crash",
            "Trip Planner Bug - APP crashes",
            crash_oracle(
                PACKAGE, "java.lang.IndexOutOfBoundsException", "out of bounds for length 0"
            ),
            human_steps=(
                click(PACKAGE, "android:id/button1", "OK"),
                allow_permission(PACKAGE),
                click(PACKAGE, "android:id/button3", "Close"),
                click(PACKAGE, "android:id/button2", "NO"),
                click(PACKAGE, desc=w.OPEN_DRAWER, cls="android.widget.ImageButton"),
                click(PACKAGE, "title", "Plan a trip (beta)"),
                click(PACKAGE, "toCurrentLocationImageButton"),
            ),
        ),
    )

    # -- state ---------------------------------------------------------------------------------
    def initial_data(self) -> dict[str, Any]:
        return {
            "initial_startup": True,
            "user_denied_location": False,
            "region": None,
            "whats_new_ver": 0,
            "tutorial_opt_out_dialog": True,
            "show_tutorials": True,
            "plans": [],
        }

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == HOME:
            ctx.ui.setdefault("drawer", False)
            ctx.ui.setdefault("section", "Nearby")
            ctx.ui.setdefault("dialog", None)
            if ctx.ui["dialog"] is None:
                if FINE not in ctx.permissions and not ctx.data["user_denied_location"]:
                    ctx.ui["dialog"] = "location"
                elif not ctx.data["initial_startup"] or FINE in ctx.permissions:
                    self.check_region(ctx)
        elif ctx.activity == TRIP:
            ctx.ui.setdefault("from", self.address_from_location(ctx))
            ctx.ui.setdefault("to", None)
            ctx.ui.setdefault("from_text", CURRENT)
            ctx.ui.setdefault("to_text", "")
            ctx.ui.setdefault("dropdown", None)
            ctx.ui.setdefault("menu", False)
            ctx.ui.setdefault("prefs", False)
            ctx.ui.setdefault("results", None)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        keep = ("from", "to", "from_text", "to_text", "results", "section")
        return {k: ctx.ui[k] for k in keep if k in ctx.ui}

    def location(self, ctx: AppContext) -> tuple[float, float] | None:
        return HERE if FINE in ctx.permissions else None

    # -- home: first run -----------------------------------------------------------------------
    def location_ok(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.data["user_denied_location"] = False
        ctx.request_permission(FINE)

    def location_no_thanks(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.data["user_denied_location"] = True
        self.check_region(ctx)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity == HOME:
            self.check_region(ctx)

    def check_region(self, ctx: AppContext) -> None:
        """``checkRegionStatus`` and ``ObaRegionsTask``: the closest region to the fix, else
        the user chooses one."""
        if ctx.data["region"] is not None:
            self.region_task_finished(ctx, False)
        elif self.location(ctx) is not None:
            ctx.data["region"] = "Tampa Bay"
            self.region_task_finished(ctx, True)
        else:
            ctx.ui["dialog"] = "regions"

    def choose_region(self, ctx: AppContext, index: int) -> None:
        ctx.ui["dialog"] = None
        ctx.data["region"] = REGIONS[index]
        self.region_task_finished(ctx, True)

    def region_task_finished(self, ctx: AppContext, changed: bool) -> None:
        ctx.data["initial_startup"] = False
        if ctx.data["whats_new_ver"] < 137:
            ctx.data["whats_new_ver"] = 137
            ctx.ui["dialog"] = "whatsnew"
        if changed and ctx.data["region"]:
            ctx.toast(f"Found {ctx.data['region']} region")

    def whats_new_dismissed(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        if ctx.data["tutorial_opt_out_dialog"]:
            ctx.data["tutorial_opt_out_dialog"] = False
            ctx.ui["dialog"] = "optout"

    def opt_out(self, ctx: AppContext, show: bool) -> None:
        ctx.data["show_tutorials"] = show
        ctx.ui["dialog"] = "showcase" if show else None

    # -- home: drawer --------------------------------------------------------------------------
    def drawer_items(self, ctx: AppContext) -> list[str]:
        region = ctx.data["region"]
        items = []
        for item in DRAWER:
            if item == "Plan a trip (beta)" and region not in OTP_REGIONS:
                continue
            if item == "Pay my fare" and region not in PAY_REGIONS:
                continue
            items.append(item)
        return items

    def drawer_pick(self, ctx: AppContext, item: str) -> None:
        ctx.ui["drawer"] = False
        if item in ("Nearby", "Starred stops", "Starred routes", "My reminders"):
            ctx.ui["section"] = item
        elif item == "Plan a trip (beta)":
            ctx.start_activity(TRIP)
        elif item in ("Settings", "Send feedback"):
            ctx.start_activity(STUB, {"title": item})

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == HOME:
            if ctx.ui.get("dialog") == "showcase":
                ctx.ui["dialog"] = None
                return True
            if ctx.ui.get("dialog") == "whatsnew":
                self.whats_new_dismissed(ctx)
                return True
            if ctx.ui.get("dialog") == "optout":
                ctx.ui["dialog"] = None
                return True
            return w.dismiss(ctx.ui, "drawer")
        if ctx.activity == TRIP:
            if ctx.ui.get("dropdown"):
                ctx.ui["dropdown"] = None
                return True
            return w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "prefs")
        return False

    # -- trip planner --------------------------------------------------------------------------
    def address_from_location(self, ctx: AppContext) -> dict[str, Any]:
        """``makeAddressFromLocation``: "Current Location" with the last fix, if any."""
        loc = self.location(ctx)
        if loc is None:
            ctx.toast(NO_LOCATION)
            return {"line": CURRENT, "lat": None, "lon": None}
        return {"line": CURRENT, "lat": loc[0], "lon": loc[1]}

    @staticmethod
    def is_set(address: dict[str, Any] | None) -> bool:
        return address is not None and address["lat"] is not None and address["lon"] is not None

    def to_current(self, ctx: AppContext) -> None:
        ctx.ui["to_text"] = CURRENT
        ctx.ui["to"] = self.address_from_location(ctx)
        self.check_request_and_submit(ctx)

    def from_current(self, ctx: AppContext) -> None:
        ctx.ui["from_text"] = CURRENT
        ctx.ui["from"] = self.address_from_location(ctx)
        self.check_request_and_submit(ctx)

    def type_address(self, ctx: AppContext, end: str, text: str) -> None:
        ctx.ui[f"{end}_text"] = text
        query = text.strip().lower()
        hits = [p for p in PLACES if query and query in p[0].lower()] if len(query) >= 2 else []
        ctx.ui["dropdown"] = {"end": end, "hits": [p[0] for p in hits]} if hits else None

    def pick_place(self, ctx: AppContext, name: str) -> None:
        end = ctx.ui["dropdown"]["end"]
        ctx.ui["dropdown"] = None
        place = next(p for p in PLACES if p[0] == name)
        ctx.ui[end] = {"line": name, "lat": place[1], "lon": place[2]}
        ctx.ui[f"{end}_text"] = name
        self.check_request_and_submit(ctx)

    def reverse(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.ui["from"], ctx.ui["to"] = ctx.ui["to"], ctx.ui["from"]
        ctx.ui["from_text"] = ctx.ui["from"]["line"] if ctx.ui["from"] else ""
        ctx.ui["to_text"] = ctx.ui["to"]["line"] if ctx.ui["to"] else ""
        if self.is_set(ctx.ui["from"]) and self.is_set(ctx.ui["to"]):
            self.request(ctx)

    def check_request_and_submit(self, ctx: AppContext) -> None:
        if self.is_set(ctx.ui["from"]) and self.is_set(ctx.ui["to"]):
            ctx.hide_keyboard()
            self.request(ctx)

    def request(self, ctx: AppContext) -> None:
        """``TripPlanActivity.onTripRequestReady``: the OTP request, then
        ``TripRequest.onPostExecute`` with the server's plan."""
        ctx.ui["results"] = None
        src, dst = ctx.ui["from"], ctx.ui["to"]
        same = (src["lat"], src["lon"]) == (dst["lat"], dst["lon"])
        itineraries = [] if same else [["Bus 1", "24 min"], ["Bus 30", "31 min"]]
        self.on_post_execute(ctx, itineraries)
        ctx.data["plans"].append([src["line"], dst["line"]])
        ctx.ui["results"] = itineraries

    def on_post_execute(self, ctx: AppContext, itineraries: list[list[str]]) -> None:
        if not itineraries:  # mResponse.getPlan().getItinerary().get(0) on an empty list
            raise JavaException(
                "java.lang.IndexOutOfBoundsException",
                "Index 0 out of bounds for length 0",
                [
                    "jdk.internal.util.Preconditions.outOfBounds(Preconditions.java:64)",
                    "jdk.internal.util.Preconditions.outOfBoundsCheckIndex(Preconditions.java:70)",
                    "jdk.internal.util.Preconditions.checkIndex(Preconditions.java:266)",
                    "java.util.Objects.checkIndex(Objects.java:359)",
                    "java.util.ArrayList.get(ArrayList.java:434)",
                    "org.onebusaway.android.directions.tasks.TripRequest.onPostExecute"
                    "(TripRequest.java:108)",
                    "org.onebusaway.android.directions.tasks.TripRequest.onPostExecute"
                    "(TripRequest.java:46)",
                    "android.os.AsyncTask.finish(AsyncTask.java:771)",
                    "android.os.AsyncTask.access$900(AsyncTask.java:199)",
                    "android.os.AsyncTask$InternalHandler.handleMessage(AsyncTask.java:788)",
                    *LOOPER_30,
                ],
            )

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TRIP:
            return self.render_trip(ctx)
        if ctx.activity == STUB:
            title = str(ctx.extras.get("title", "Settings")) if ctx.extras else "Settings"
            return Screen(content=w.child_page(title), title=title)
        return self.render_home(ctx)

    def render_home(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "OneBusAway",
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
        )
        section = ctx.ui.get("section", "Nearby")
        body: list[View] = [w.frame_layout([], rid="main_fragment_container", height=1200)]
        if section != "Nearby":
            body = [w.text_view(section, "main_fragment_container")]
        content = w.linear_layout(
            [
                bar,
                *body,
                w.image_button("btnMyLocation", "My Location", None),
                w.image_button("btnZoomIn", "", None),
                w.image_button("btnZoomOut", "", None),
            ],
            rid="main_content",
        )
        drawer = None
        if ctx.ui.get("drawer"):
            rows = [
                w.list_row(
                    item,
                    title_rid="title",
                    cls="android.widget.RelativeLayout",
                    on_click=w.bind(self.drawer_pick, item),
                )
                for item in self.drawer_items(ctx)
            ]
            drawer = w.linear_layout(
                [w.linear_layout(rows, rid="navdrawer_items_list")], rid="navigation_drawer"
            )
        screen = Screen(
            content=w.drawer_layout(content, drawer, rid="drawer_layout"), title="OneBusAway"
        )
        window = self.home_dialog(ctx)
        if window is not None:
            screen.windows.append(window)
        return screen

    def home_dialog(self, ctx: AppContext) -> Window | None:
        dialog = ctx.ui.get("dialog")
        if dialog == "location":
            return w.confirm_dialog(
                "Location permissions",
                LOCATION_MESSAGE,
                ("OK", self.location_ok),
                ("No thanks", self.location_no_thanks),
                None,
            )
        if dialog == "regions":
            rows = [
                w.text_view(
                    name, "android:id/text1", on_click=w.bind(self.choose_region, i), height=147
                )
                for i, name in enumerate(REGIONS)
            ]
            return w.alert_dialog(
                w.dialog_title("Choose region"),
                [w.list_view(rows, rid="select_dialog_listview")],
                [],
                None,
            )
        if dialog == "whatsnew":
            return w.alert_dialog(
                w.dialog_title("What's New?"),
                [w.text_view(WHATS_NEW)],
                [w.dialog_button("android:id/button3", "Close", self.whats_new_dismissed)],
                self.whats_new_dismissed,
            )
        if dialog == "optout":
            return w.confirm_dialog(
                "Show tutorial?",
                OPT_OUT,
                ("YES", lambda c: self.opt_out(c, True)),
                ("NO", lambda c: self.opt_out(c, False)),
                lambda c: c.ui.update(dialog=None),
            )
        if dialog == "showcase":
            root = View(
                cls="com.github.amlcurran.showcaseview.ShowcaseView",
                children=[
                    w.text_view("Welcome to OneBusAway!"),
                    w.text_view(WELCOME),
                    w.button("showcase_button", "OK", lambda c: c.ui.update(dialog=None)),
                ],
            )
            return Window(root=root, kind="dialog")
        return None

    def address_row(self, ui: dict[str, Any], end: str, which: str, target: str) -> View:
        """The trip planner's ``end`` address field (``from``/``to``) and its my-location button."""
        return w.relative_layout(
            [
                w.edit_text(
                    f"{end}AddressTextArea",
                    ui[f"{end}_text"],
                    lambda c, t: self.type_address(c, end, t),
                    hint=f"{which} address or location name",
                    cls="android.widget.AutoCompleteTextView",
                ),
                w.image_button(
                    f"{end}CurrentLocationImageButton",
                    f"Set {target} to my location",
                    self.from_current if end == "from" else self.to_current,
                ),
            ],
            rid=f"trip_plan_{end}_layout",
        )

    def render_trip(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            "Trip Planner (beta)",
            navigation=w.up_button(),
            actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
        )
        from_row = self.address_row(ui, "from", "Starting", "origin")
        to_row = self.address_row(ui, "to", "Ending", "destination")
        time_row = w.linear_layout(
            [
                View(
                    cls="android.widget.Spinner",
                    resource_id="leavingChoiceSpinner",
                    children=[w.text_view("Leaving", "android:id/text1")],
                ),
                View(
                    cls="android.widget.Spinner",
                    resource_id="date",
                    children=[w.text_view("Today", "android:id/text1")],
                ),
                w.text_view("at"),
                View(
                    cls="android.widget.Spinner",
                    resource_id="time",
                    children=[w.text_view("Now", "android:id/text1")],
                ),
                w.image_button("resetTimeImageButton", "Reset time", None),
            ],
            rid="time_layout",
            horizontal=True,
        )
        form = w.relative_layout(
            [w.relative_layout([from_row, to_row], rid="to_and_from_layout"), time_row],
            rid="trip_plan_fragment_container",
        )
        children: list[View] = [bar, form]
        if ui.get("results"):
            rows = []
            for i, (title, duration) in enumerate(ui["results"], start=1):
                rows.append(
                    w.linear_layout(
                        [
                            w.text_view(title, f"option{i}Title"),
                            w.text_view(duration, f"option{i}Duration"),
                        ],
                        rid=f"option{i}LinearLayout",
                    )
                )
            children.append(w.linear_layout(rows, rid="trip_results_fragment_container"))
        screen = Screen(content=w.linear_layout(children), title="Trip Planner (beta)")
        if ui.get("dropdown"):
            hits = [
                w.list_row(
                    name,
                    title_rid="geocode_text",
                    cls="androidx.constraintlayout.widget.ConstraintLayout",
                    on_click=w.bind(self.pick_place, name),
                )
                for name in ui["dropdown"]["hits"]
            ]
            screen.windows.append(
                Window(
                    root=w.list_view(hits),
                    kind="menu",
                    on_dismiss=lambda c: c.ui.update(dropdown=None),
                )
            )
        if ui.get("menu"):
            screen.windows.append(
                w.menu_window(
                    [
                        (
                            "Additional Trip Preferences",
                            lambda c: c.ui.update(menu=False, prefs=True),
                        ),
                        ("Reverse", self.reverse),
                        ("Report Trip Plan Problem", lambda c: c.ui.update(menu=False)),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        if ui.get("prefs"):
            screen.windows.append(
                w.confirm_dialog(
                    "Additional Trip Preferences",
                    "",
                    ("OK", lambda c: c.ui.update(prefs=False)),
                    ("Cancel", lambda c: c.ui.update(prefs=False)),
                    lambda c: c.ui.update(prefs=False),
                )
            )
        return screen


OPEN = click(PACKAGE, desc=w.OPEN_DRAWER, cls="android.widget.ImageButton")
PLAN = click(PACKAGE, "title", "Plan a trip (beta)")
FIRST_RUN = [
    click(PACKAGE, "android:id/button1", "OK"),
    allow_permission(PACKAGE),
    click(PACKAGE, "android:id/button3", "Close"),
    click(PACKAGE, "android:id/button2", "NO"),
]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "onebusaway-android#1134": [
        # The origin set to my location instead of the destination.
        [*FIRST_RUN, OPEN, PLAN, click(PACKAGE, "fromCurrentLocationImageButton")],
        # A real destination picked from the suggestions.
        [
            *FIRST_RUN,
            OPEN,
            PLAN,
            input_text(
                PACKAGE, "toAddressTextArea", "airport", cls="android.widget.AutoCompleteTextView"
            ),
            click(PACKAGE, "geocode_text", "Tampa International Airport"),
        ],
        # Location refused: no fix, so no request is sent.
        [
            click(PACKAGE, "android:id/button1", "OK"),
            click(PACKAGE, "com.android.permissioncontroller:id/permission_deny_button"),
            click(PACKAGE, "android:id/text1", "Tampa Bay"),
            click(PACKAGE, "android:id/button3", "Close"),
            click(PACKAGE, "android:id/button2", "NO"),
            OPEN,
            PLAN,
            click(PACKAGE, "toCurrentLocationImageButton"),
        ],
        # Reverse with the destination still empty.
        [
            *FIRST_RUN,
            OPEN,
            PLAN,
            click(PACKAGE, desc=w.MORE_OPTIONS),
            click(PACKAGE, "title", "Reverse"),
        ],
    ],
}
