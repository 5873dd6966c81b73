"""Suntimes 0.2.3 (``com.forrestguice.suntimeswidget``, repository forrestguice/SuntimesWidget),
with bug SuntimesWidget#74 (crash).

Sources read: tag ``v0.2.3`` (commit 2843b0a): ``SuntimesActivity``, ``TimeDateDialog``,
``LocationConfigDialog``, ``LocationConfigView``, ``calculator/SuntimesRiseSetData``,
``calculator/SuntimesRiseSetDataset``, ``calculator/sunrisesunset_java/
SunriseSunsetSuntimesCalculator``, ``settings/WidgetSettings``, the layouts ``layout_main.xml``,
``info_time_*.xml``, ``layout_dialog_location2.xml``, ``layout_settings_date0.xml``, the menu
``actionbar.xml`` and ``values/strings.xml``; the fix is commit 4727386 ("fix crash", described in
issue #74).

Screens:

- the main screen (no first-run screens in this version): the toolbar (title: the location's
  name, subtitle: "lat, lon"; the "Location" and "Show Map" actions, then "More options" with
  Set Alarm, Use Date, Use Time Zone, Settings, Help, About), the clock, and the today card
  (``text_date`` "Today\\nJan 9, 2017", the Actual/Civil/Nautical/Astronomical rise and set times,
  Solar Noon) that "Next Day" flips to the tomorrow card;
- "Location" (``LocationConfigDialog``): the Mode spinner (Current (last known) / User
  Defined), the place name spinner with the Edit button ("Edit"), the latitude/longitude fields
  (disabled until Edit, or a tap on them; then the name field and "Save" show), Cancel/Update;
- "Use Date" (``TimeDateDialog``, "Set Date"): the Mode spinner (Today / User Defined) and a
  spinner-mode DatePicker (month/day/year wheels, enabled in User Defined), Cancel/Set;
- stubs: Set Alarm, Use Time Zone, Help and About dialogs (a close button), Settings (a title and
  Navigate up), Show Map (no map app: the app's toast).

The bug (SuntimesWidget#74): after the Location or Set Date dialog is accepted the activity
recalculates every time mode (``SuntimesRiseSetDataset.calculateData``: actual, civil, nautical,
astronomical, noon). ``SuntimesRiseSetData.calculate`` computes the rise/set calendars of the
chosen day and of the compared day (tomorrow) and, when today's two exist, reads
``sunriseCalendarOther.getTime()`` without checking it: at 83.124, 23.1592 astronomical twilight
still begins and ends on Feb 19 2017 but not on Feb 20, so the calculator returns null and the
app throws ``java.lang.NullPointerException``. The setting is saved before the recalculation, so
every later launch crashes in ``onCreate`` as well. The model computes the events with the
algorithm of the app's calculator (sunrisesunsetlib-java: zeniths 90.8333, 96, 102 and 108
degrees; no event when the cosine of the local hour angle leaves [-1, 1]).

Fixed data: the device's date and time are Monday, January 9 2017, 10:15 AM (the report's
date), its time zone America/Phoenix (UTC-7, no daylight time); the places list holds the
default place only. Uncertain: the NPE's message is ART's (the reporter's API 19 device wrote
none); frames below the app's own are API 25's.
"""

from __future__ import annotations

import calendar as cal
import datetime
import math
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import callback_frames, launch_frames, message_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.forrestguice.suntimeswidget"
MAIN = ".SuntimesActivity"
SETTINGS = ".SuntimesSettingsActivity"
FINE_LOCATION = "android.permission.ACCESS_FINE_LOCATION"
TODAY = datetime.date(2017, 1, 9)
NOW_TEXT = ("10:15", "AM")
TIMEZONE = "America/Phoenix"
TZ_OFFSET = -7.0
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
YEARS = [str(y) for y in range(1900, 2101)]
# (row label, zenith, id suffix); the order of SuntimesRiseSetDataset.calculateData.
MODES = (
    ("Actual", 90.8333, "actual"),
    ("Civil", 96.0, "civil"),
    ("Nautical", 102.0, "nautical"),
    ("Astronomical", 108.0, "astro"),
)
DATASET_LINES = {"actual": 92, "civil": 93, "nautical": 94, "astro": 95, "noon": 96}
NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'java.util.Date java.util.Calendar.getTime()' on a null "
    "object reference"
)


# -- the calculator (sunrisesunsetlib-java's SolarEventCalculator) ---------------------------------
def _event(lat: float, lon: float, day: datetime.date, zenith: float, rise: bool) -> float | None:
    """The local time (hours, UTC-7) of the event, or None when it does not occur."""
    longitude_hour = day.timetuple().tm_yday + (((6 if rise else 18) - lon / 15.0) / 24.0)
    anomaly = 0.9856 * longitude_hour - 3.289
    true_long = (
        anomaly
        + 1.916 * math.sin(math.radians(anomaly))
        + 0.020 * math.sin(math.radians(2 * anomaly))
        + 282.634
    ) % 360
    sin_dec = math.sin(math.radians(true_long)) * 0.39782
    cos_dec = math.cos(math.asin(sin_dec))
    cos_hour = (math.cos(math.radians(zenith)) - sin_dec * math.sin(math.radians(lat))) / (
        cos_dec * math.cos(math.radians(lat))
    )
    if cos_hour < -1 or cos_hour > 1:
        return None
    hour = math.degrees(math.acos(cos_hour))
    hour = (360 - hour if rise else hour) / 15
    ra = math.degrees(math.atan(0.91764 * math.tan(math.radians(true_long))))
    ra = (ra + (math.floor(true_long / 90) * 90 - math.floor(ra / 90) * 90)) / 15
    mean_time = hour + ra - 0.06571 * longitude_hour - 6.622
    return (mean_time - lon / 15.0 + TZ_OFFSET) % 24


def _times(lat: float, lon: float, day: datetime.date) -> dict[str, tuple[Any, Any]]:
    """Every time mode's (rise, set) of ``day`` (None where the event does not occur)."""
    found: dict[str, tuple[Any, Any]] = {}
    for _, zenith, key in MODES:
        found[key] = (_event(lat, lon, day, zenith, True), _event(lat, lon, day, zenith, False))
    rise, sett = found["actual"]
    if rise is not None and sett is not None:
        end = sett + 24 if sett < rise else sett
        found["noon"] = ((rise + (end - rise) / 2) % 24,) * 2
    else:
        found["noon"] = (None, None)
    return found


def _calculation_failure(lat: float, lon: float, day: datetime.date) -> tuple[str, int] | None:
    """The mode and line where ``SuntimesRiseSetData.calculate`` dereferences a missing event of
    the compared day (tomorrow), or None when every mode calculates."""
    today = _times(lat, lon, day)
    other = _times(lat, lon, day + datetime.timedelta(days=1))
    for key in ("actual", "civil", "nautical", "astro", "noon"):
        if today[key][0] is None or today[key][1] is None:
            continue  # dayLengthToday = dayLengthOther = -1
        if other[key][0] is None:
            return key, 283
        if other[key][1] is None:
            return key, 284
    return None


def _app_frames(key: str, line: int) -> list[str]:
    return [
        "com.forrestguice.suntimeswidget.calculator.SuntimesRiseSetData.calculate"
        f"(SuntimesRiseSetData.java:{line})",
        "com.forrestguice.suntimeswidget.calculator.SuntimesRiseSetDataset.calculateData"
        f"(SuntimesRiseSetDataset.java:{DATASET_LINES[key]})",
        "com.forrestguice.suntimeswidget.SuntimesActivity.calculateData(SuntimesActivity.java:1002)",
    ]


def _format(hours: float | None) -> tuple[str, str]:
    if hours is None:
        return "none", ""
    minutes = int(round(hours * 60)) % (24 * 60)
    h, m = divmod(minutes, 60)
    return f"{h % 12 or 12}:{m:02d}", "AM" if h < 12 else "PM"


def _date_text(day: datetime.date) -> str:
    return f"{MONTHS[day.month - 1]} {day.day}, {day.year}"


def _oracle_74(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, NPE, "Calendar.getTime()")


_LOCATION = click(PACKAGE, "action_location_add", desc="Location")
_EDIT = click(PACKAGE, "appwidget_location_edit", desc="Edit")
_LAT = input_text(PACKAGE, "appwidget_location_lat", "83.124")
_LON = input_text(PACKAGE, "appwidget_location_lon", "23.1592")
_UPDATE = click(PACKAGE, "android:id/button1", "Update")
_MORE = click(PACKAGE, desc="More options")
_USE_DATE = click(PACKAGE, "title", "Use Date")
_DATE_MODE = click(PACKAGE, "appwidget_date_mode")
_USER_DEFINED = click(PACKAGE, "android:id/text1", "User Defined")
_FEB = input_text(
    PACKAGE, "android:id/numberpicker_input", "Feb", bounds=[66, 926, 306, 1056], hint="Jan"
)
_SET = click(PACKAGE, "android:id/button1", "Set")


def _day(typed: str) -> dict[str, Any]:
    # the day wheel's input (the wheels' inputs share an id), with the keyboard up
    return input_text(
        PACKAGE, "android:id/numberpicker_input", typed, bounds=[306, 644, 546, 774], hint="9"
    )


BUG_74 = BugSpec(
    "SuntimesWidget#74",
    "crash",
    "app crash (latitude edge case)",
    _oracle_74,
    human_steps=(
        _LOCATION,
        _EDIT,
        _LAT,
        _LON,
        _UPDATE,
        _MORE,
        _USE_DATE,
        _DATE_MODE,
        _USER_DEFINED,
        _FEB,
        _day("19"),
        _SET,
    ),
)

WRONG_SEQUENCES = {
    "SuntimesWidget#74": [
        # the day before: astronomical twilight still occurs on the compared day (Feb 19)
        [
            _LOCATION,
            _EDIT,
            _LAT,
            _LON,
            _UPDATE,
            _MORE,
            _USE_DATE,
            _DATE_MODE,
            _USER_DEFINED,
            _FEB,
            _day("18"),
            _SET,
        ],
        # the date without the location (Prescott, AZ)
        [_MORE, _USE_DATE, _DATE_MODE, _USER_DEFINED, _FEB, _day("19"), _SET],
        # the date dialog cancelled
        [
            _LOCATION,
            _EDIT,
            _LAT,
            _LON,
            _UPDATE,
            _MORE,
            _USE_DATE,
            _DATE_MODE,
            _USER_DEFINED,
            _FEB,
            _day("19"),
            click(PACKAGE, "android:id/button2", "Cancel"),
        ],
        # another latitude
        [
            _LOCATION,
            _EDIT,
            input_text(PACKAGE, "appwidget_location_lat", "38.124"),
            _LON,
            _UPDATE,
            _MORE,
            _USE_DATE,
            _DATE_MODE,
            _USER_DEFINED,
            _FEB,
            _day("19"),
            _SET,
        ],
    ]
}


class SuntimesWidget(VirtualApp):
    """Suntimes 0.2.3 (see the module docstring)."""

    name: ClassVar[str] = "SuntimesWidget"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Suntimes"
    version: ClassVar[str] = "0.2.3"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_74,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "location_mode": "User Defined",
            "location": {"label": "Prescott, AZ", "lat": "34.5409", "lon": "-112.4691"},
            "places": [{"label": "Prescott, AZ", "lat": "34.5409", "lon": "-112.4691"}],
            "date_mode": "Today",
            "date": None,  # [year, month (1-12), day] when User Defined
        }

    # -- state ----------------------------------------------------------------------------------
    def _day(self, data: dict[str, Any]) -> datetime.date:
        if data["date_mode"] == "User Defined" and data["date"]:
            year, month, day = data["date"]
            return datetime.date(year, month, day)
        return TODAY

    def _latlon(self, data: dict[str, Any]) -> tuple[float, float]:
        try:
            return float(data["location"]["lat"]), float(data["location"]["lon"])
        except ValueError:
            return 34.5409, -112.4691  # the calculator's fallback to the default location

    def _calculate(self, ctx: AppContext, entry: list[str]) -> None:
        """``SuntimesActivity.calculateData`` reached through ``entry`` (the frames above it)."""
        lat, lon = self._latlon(ctx.data)
        failure = _calculation_failure(lat, lon, self._day(ctx.data))
        if failure is not None:
            raise JavaException(NPE, NPE_MESSAGE, frames=[*_app_frames(*failure), *entry])

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        lat, lon = self._latlon(ctx.data)
        failure = _calculation_failure(lat, lon, self._day(ctx.data))
        if failure is None:
            return
        cause = JavaException(
            NPE,
            NPE_MESSAGE,
            frames=[
                *_app_frames(*failure),
                "com.forrestguice.suntimeswidget.SuntimesActivity.onCreate(SuntimesActivity.java:189)",
                "android.app.Activity.performCreate(Activity.java:6679)",
                "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1118)",
                *launch_frames(25, perform_line=2618),
            ],
        )
        raise JavaException(
            "java.lang.RuntimeException",
            "Unable to start activity ComponentInfo{com.forrestguice.suntimeswidget/"
            f"com.forrestguice.suntimeswidget.SuntimesActivity}}: {NPE}: {NPE_MESSAGE}",
            frames=launch_frames(25),
            cause=cause,
        )

    def on_back(self, ctx: AppContext) -> bool:
        for key in ("menu", "spinner", "stub"):
            if ctx.ui.get(key):
                ctx.ui[key] = None
                return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if granted:
            ctx.toast("GPS failed to get location; falling back to last known position.")

    # -- main actions ---------------------------------------------------------------------------
    def _menu(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "Use Date":
            day = self._day(ctx.data)
            ctx.ui["date_dialog"] = {
                "mode": ctx.data["date_mode"],
                "ymd": [day.year, day.month, day.day],
            }
        elif item == "Settings":
            ctx.start_activity(SETTINGS)
        else:
            ctx.ui["stub"] = item

    def _open_location(self, ctx: AppContext) -> None:
        loc = ctx.data["location"]
        ctx.ui["location_dialog"] = {
            "mode": "select" if ctx.data["location_mode"] == "User Defined" else "auto",
            "location_mode": ctx.data["location_mode"],
            "label": loc["label"],
            "lat": loc["lat"],
            "lon": loc["lon"],
            "error": "",
        }

    # -- location dialog ------------------------------------------------------------------------
    def _loc(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.ui["location_dialog"]

    def _valid(self, dlg: dict[str, Any]) -> bool:
        def in_range(text: str, limit: int) -> bool:
            try:
                return -limit <= int(float(text)) <= limit
            except ValueError:
                return False

        ok_lat = in_range(dlg["lat"], 90)
        ok_lon = in_range(dlg["lon"], 180)
        dlg["error"] = (
            ""
            if ok_lat and ok_lon
            else "This is not a valid latitude."
            if not ok_lat
            else "This is not a valid longitude."
        )
        return ok_lat and ok_lon

    def _add_place(self, ctx: AppContext, dlg: dict[str, Any]) -> None:
        place = {"label": dlg["label"], "lat": dlg["lat"], "lon": dlg["lon"]}
        if place not in ctx.data["places"]:
            ctx.data["places"].append(place)

    def _save_place(self, ctx: AppContext) -> None:
        dlg = self._loc(ctx)
        if self._valid(dlg):
            dlg["mode"] = "select"
            self._add_place(ctx, dlg)

    def _update_location(self, ctx: AppContext) -> None:
        dlg = self._loc(ctx)
        ctx.data["location_mode"] = dlg["location_mode"]
        if not self._valid(dlg):
            return
        ctx.data["location"] = {"label": dlg["label"], "lat": dlg["lat"], "lon": dlg["lon"]}
        if dlg["mode"] in ("add", "edit"):
            self._add_place(ctx, dlg)
        ctx.ui["location_dialog"] = None
        self._calculate(
            ctx,
            [
                "com.forrestguice.suntimeswidget.SuntimesActivity$7.onClick"
                "(SuntimesActivity.java:850)",
                "com.forrestguice.suntimeswidget.LocationConfigDialog$3$1.onClick"
                "(LocationConfigDialog.java:197)",
                "android.view.View.performClick(View.java:5637)",
                "android.view.View$PerformClick.run(View.java:22429)",
                *callback_frames(25),
            ],
        )
        if dlg["location_mode"] != "User Defined":
            ctx.request_permission(FINE_LOCATION)

    def _choose_location_mode(self, ctx: AppContext, index: int) -> None:
        dlg = self._loc(ctx)
        ctx.ui["spinner"] = None
        dlg["location_mode"] = ("Current (last known)", "User Defined")[index]
        if index == 1:
            if dlg["mode"] == "auto":
                dlg["mode"] = "select"
        else:
            dlg["mode"] = "auto"

    def _choose_place(self, ctx: AppContext, index: int) -> None:
        ctx.ui["spinner"] = None
        place = ctx.data["places"][index]
        self._loc(ctx).update(label=place["label"], lat=place["lat"], lon=place["lon"])

    def _location_window(self, ctx: AppContext) -> Window:
        dlg = self._loc(ctx)
        editing = dlg["mode"] in ("add", "edit")

        def field(key: str) -> Any:
            def handler(c: AppContext, text: str) -> None:
                self._loc(c)[key] = text

            return handler if editing else None

        def set_mode(mode: str) -> Any:
            return lambda c: self._loc(c).update(mode=mode)

        controls: list[View] = []
        if dlg["mode"] == "auto":
            controls.append(
                w.image_button(
                    "appwidget_location_auto",
                    "Get Location",
                    lambda c: c.request_permission(FINE_LOCATION),
                    width=126,
                )
            )
        elif editing:
            controls.append(
                w.image_button("appwidget_location_save", "Save", self._save_place, width=126)
            )
        else:
            controls.append(
                w.image_button("appwidget_location_edit", "Edit", set_mode("edit"), width=126)
            )
        if editing:
            name: View = w.edit_text(
                "appwidget_location_name", dlg["label"], field("label"), hint="(optional)"
            )
        else:
            name = w.spinner(
                "appwidget_location_nameSelect",
                "Last Position" if dlg["mode"] == "auto" else dlg["label"],
                (lambda c: c.ui.update(spinner="place")) if dlg["mode"] == "select" else None,
            )
            name.enabled = dlg["mode"] == "select"
        latlon: list[View] = []
        for axis, caption in (("lat", "Latitude:"), ("lon", "Longitude:")):
            rid = f"appwidget_location_{axis}"
            label = w.text_view(caption, rid + "_label", enabled=editing, height=80)
            value = w.edit_text(
                rid, dlg[axis], field(axis), hint="decimal degrees", enabled=editing
            )
            latlon.append(w.linear_layout([label, value], weight=0))
        if dlg["mode"] == "select":
            latlon.append(
                View(
                    cls="android.view.View",
                    resource_id="appwidget_location_latlon_overlay",
                    height=40,
                    on_click=set_mode("edit"),
                )
            )
        if dlg["error"]:
            latlon.append(w.text_view(dlg["error"], "android:id/error"))
        tail: list[View] = latlon[2:]
        if editing:
            tail.append(
                View(
                    cls="android.widget.FrameLayout",
                    resource_id="getFixProgress",
                    weight=0,
                    children=[
                        w.image_button(
                            "appwidget_location_getfix",
                            "Get Location",
                            lambda c: c.request_permission(FINE_LOCATION),
                            width=126,
                        )
                    ],
                )
            )
        body = w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view("Mode:", width=200),
                                w.spinner(
                                    "appwidget_location_mode",
                                    dlg["location_mode"],
                                    lambda c: c.ui.update(spinner="location_mode"),
                                ),
                            ],
                            horizontal=True,
                            weight=0,
                        ),
                        w.linear_layout(
                            [
                                w.linear_layout(
                                    controls,
                                    rid="appwidget_location_controlPanel",
                                    horizontal=True,
                                    width=140,
                                ),
                                w.text_view(
                                    "Name:",
                                    "appwidget_location_name_label",
                                    enabled=dlg["mode"] != "auto",
                                    width=180,
                                ),
                                name,
                            ],
                            rid="appwidget_location_name_layout",
                            horizontal=True,
                            height=150,
                        ),
                        w.linear_layout(
                            latlon[:2], rid="appwidget_location_latlon", horizontal=True, height=230
                        ),
                        w.linear_layout(tail, horizontal=True, weight=0),
                    ],
                    weight=0,
                )
            ],
            weight=0,
        )
        return w.alert_dialog(
            w.dialog_title("Location"),
            [body],
            w.dialog_buttons(
                ("Update", self._update_location),
                ("Cancel", lambda c: c.ui.update(location_dialog=None)),
            ),
            lambda c: c.ui.update(location_dialog=None),
        )

    # -- date dialog ----------------------------------------------------------------------------
    def _date(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.ui["date_dialog"]

    def _choose_date_mode(self, ctx: AppContext, index: int) -> None:
        ctx.ui["spinner"] = None
        dlg = self._date(ctx)
        dlg["mode"] = ("Today", "User Defined")[index]
        if index == 0:
            dlg["ymd"] = [TODAY.year, TODAY.month, TODAY.day]

    def _set_part(self, ctx: AppContext, part: int, value: int) -> None:
        ymd = self._date(ctx)["ymd"]
        ymd[part] = value
        last = cal.monthrange(ymd[0], ymd[1])[1]
        ymd[2] = min(ymd[2], last)

    def _set_date(self, ctx: AppContext) -> None:
        dlg = self._date(ctx)
        ctx.data["date_mode"] = dlg["mode"]
        ctx.data["date"] = list(dlg["ymd"])
        ctx.ui["date_dialog"] = None
        self._calculate(
            ctx,
            [
                "com.forrestguice.suntimeswidget.SuntimesActivity$6.onClick"
                "(SuntimesActivity.java:812)",
                "com.forrestguice.suntimeswidget.TimeDateDialog$3.onClick(TimeDateDialog.java:183)",
                "android.support.v7.app.AlertController$ButtonHandler.handleMessage"
                "(AlertController.java:162)",
                *message_frames(25),
            ],
        )

    def _date_window(self, ctx: AppContext) -> Window:
        dlg = self._date(ctx)
        year, month, day = dlg["ymd"]
        custom = dlg["mode"] == "User Defined"
        days = [str(d) for d in range(1, cal.monthrange(year, month)[1] + 1)]

        def wheel(rid: str, labels: list[str], index: int, part: int, offset: int) -> View:
            picker = w.number_picker(
                rid,
                labels,
                index,
                (lambda c, i: self._set_part(c, part, i + offset))
                if custom
                else (lambda c, i: None),
            )
            picker.enabled = custom
            for child in picker.children:
                child.enabled = custom
                if not custom:
                    child.on_click = None
                    child.on_text = None
            return picker

        picker = View(
            cls="android.widget.DatePicker",
            resource_id="appwidget_date_custom",
            layout=HORIZONTAL,
            weight=0,
            enabled=custom,
            children=[
                wheel("android:id/month", list(MONTHS), month - 1, 1, 1),
                wheel("android:id/day", days, day - 1, 2, 1),
                wheel("android:id/year", YEARS, year - 1900, 0, 1900),
            ],
        )
        body = w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view("Mode:", width=200),
                                w.spinner(
                                    "appwidget_date_mode",
                                    dlg["mode"],
                                    lambda c: c.ui.update(spinner="date_mode"),
                                ),
                            ],
                            horizontal=True,
                            weight=0,
                        ),
                        picker,
                    ],
                    weight=0,
                )
            ],
            rid="appwidget_date_scroll",
            weight=0,
        )
        window = w.alert_dialog(
            w.dialog_title("Set Date"),
            [body],
            w.dialog_buttons(
                ("Set", self._set_date), ("Cancel", lambda c: c.ui.update(date_dialog=None))
            ),
            None,
        )
        window.cancelable = False  # TimeDateDialog: setCancelable(false)
        return window

    # -- screens --------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return Screen(
                content=w.linear_layout(
                    [
                        w.toolbar("Settings", navigation=w.up_button()),
                        w.list_view(
                            [
                                w.list_row("General Settings"),
                                w.list_row("Location Settings"),
                                w.list_row("Appearance Settings"),
                            ]
                        ),
                    ]
                ),
                title="Settings",
            )
        return self._main(ctx)

    def _card(self, ctx: AppContext, day: datetime.date, label: str) -> View:
        lat, lon = self._latlon(ctx.data)
        times = _times(lat, lon, day)
        rows: list[View] = [
            w.linear_layout(
                [
                    w.text_view(f"{label}\n{_date_text(day)}", "text_date", height=150),
                    w.text_view("Rise"),
                    w.text_view("Set"),
                ],
                rid="table_head_date",
                horizontal=True,
                weight=0,
            )
        ]
        for title, _, key in MODES:
            rise, rise_suffix = _format(times[key][0])
            sett, set_suffix = _format(times[key][1])
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(title),
                        w.text_view(rise, f"text_time_sunrise_{key}"),
                        w.text_view(rise_suffix, f"text_time_sunrise_suffix_{key}", width=100),
                        w.text_view(sett, f"text_time_sunset_{key}"),
                        w.text_view(set_suffix, f"text_time_sunset_suffix_{key}", width=100),
                    ],
                    horizontal=True,
                    weight=0,
                )
            )
        noon, noon_suffix = _format(times["noon"][0])
        rows.append(
            w.linear_layout(
                [
                    w.text_view("Solar Noon"),
                    w.text_view(noon, "text_time_noon"),
                    w.text_view(noon_suffix, "text_time_noon_suffix", width=100),
                ],
                horizontal=True,
                weight=0,
            )
        )
        tomorrow = label != "Today" and label != "Future" and label != "Past"
        nav = [
            w.image_button(
                "info_time_prevbtn",
                "Previous Day",
                (lambda c: c.ui.update(card=0)) if tomorrow else None,
                width=126,
            ),
            w.image_button(
                "info_time_nextbtn",
                "Next Day",
                (lambda c: c.ui.update(card=1)) if not tomorrow else None,
                width=126,
            ),
        ]
        return w.linear_layout(
            [
                w.linear_layout(rows, rid="table", weight=0),
                w.linear_layout(nav, horizontal=True, weight=0),
            ],
            rid="info_time_all_tomorrow" if tomorrow else "info_time_all_today",
            weight=0,
        )

    def _main(self, ctx: AppContext) -> Screen:
        loc = ctx.data["location"]
        day = self._day(ctx.data)
        if day == TODAY:
            labels = ("Today", "Tomorrow")
        elif day > TODAY:
            labels = ("Future", "Future (+1)")
        else:
            labels = ("Past", "Past (+1)")
        card = ctx.ui.get("card", 0)
        shown = (
            self._card(ctx, day, labels[0])
            if card == 0
            else self._card(ctx, day + datetime.timedelta(days=1), labels[1])
        )
        actions = [
            w.action_item("action_location_add", "Location", self._open_location),
            w.action_item(
                "action_location_show",
                "Show Map",
                lambda c: c.toast("Unable to find map application!"),
            ),
            w.overflow_button(lambda c: c.ui.update(menu=True)),
        ]
        if ctx.data["location_mode"] != "User Defined":
            actions.insert(
                0,
                w.action_item(
                    "action_location_refresh",
                    "Refresh",
                    lambda c: c.request_permission(FINE_LOCATION),
                ),
            )
        title = w.linear_layout(
            [w.text_view(loc["label"], height=80), w.text_view(f"{loc['lat']}, {loc['lon']}")],
        )
        content = w.linear_layout(
            [
                w.toolbar(title, rid="app_menubar", actions=actions),
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view(NOW_TEXT[0], "text_time", width=200),
                                w.text_view(NOW_TEXT[1], "text_time_suffix", width=120),
                            ],
                            rid="layout_clock",
                            horizontal=True,
                            weight=0,
                        ),
                        w.text_view(TIMEZONE, "text_timezone"),
                    ],
                    weight=0,
                ),
                View(
                    cls="android.widget.ViewFlipper",
                    resource_id="info_time_flipper",
                    children=[shown],
                ),
            ]
        )
        return Screen(content=content, windows=self._windows(ctx))

    def _windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        if ctx.ui.get("location_dialog"):
            windows.append(self._location_window(ctx))
        if ctx.ui.get("date_dialog"):
            windows.append(self._date_window(ctx))
        stub = ctx.ui.get("stub")
        if stub:
            titles = {
                "Set Alarm": "Set Alarm",
                "Use Time Zone": "Time Zone",
                "Help": "Help",
                "About": "About",
            }
            windows.append(
                w.confirm_dialog(
                    titles[stub],
                    "",
                    ("Close", lambda c: c.ui.update(stub=None)),
                    None,
                    lambda c: c.ui.update(stub=None),
                )
            )
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        (item, w.bind(self._menu, item))
                        for item in (
                            "Set Alarm",
                            "Use Date",
                            "Use Time Zone",
                            "Settings",
                            "Help",
                            "About",
                        )
                    ],
                    on_dismiss=lambda c: c.ui.update(menu=False),
                )
            )
        spinner = ctx.ui.get("spinner")
        if spinner == "location_mode":
            modes = ["Current (last known)", "User Defined"]
            windows.append(
                w.spinner_dropdown(
                    modes,
                    modes.index(self._loc(ctx)["location_mode"]),
                    self._choose_location_mode,
                    lambda c: c.ui.update(spinner=None),
                )
            )
        elif spinner == "place":
            labels = [p["label"] for p in ctx.data["places"]]
            current = self._loc(ctx)["label"]
            windows.append(
                w.spinner_dropdown(
                    labels,
                    labels.index(current) if current in labels else 0,
                    self._choose_place,
                    lambda c: c.ui.update(spinner=None),
                )
            )
        elif spinner == "date_mode":
            modes = ["Today", "User Defined"]
            windows.append(
                w.spinner_dropdown(
                    modes,
                    modes.index(self._date(ctx)["mode"]),
                    self._choose_date_mode,
                    lambda c: c.ui.update(spinner=None),
                )
            )
        return windows
