"""GPSTest (``com.android.gpstest.osmdroid``, the F-Droid build) 3.6.4, for gpstest#404
("Logging resets on a portrait/landscape mode change").

Modelled from the sources at tag ``v3.6.4`` (under ``GPSTest/src/main``: ``AndroidManifest.xml``,
``GpsTestActivity.java`` (``onCreate``, ``onResume``/``requestPermissionAndInit``, ``init``,
``onSaveInstanceState``, ``onDestroy``, ``goToNavDrawerItem``, the What's New, Help, clear-assist
and location-permission dialogs), ``NavigationDrawerFragment.java`` (the drawer's items and
order), ``Preferences.java`` (the osmdroid flavor drops "Map Type" and "Tilt map"; every file
output checkbox asks for the storage permission), ``io/FileLogger.java`` (``startNewLog``: a new
``gnss_log/gnss_log_<yyyy_MM_dd_HH_mm_ss>.txt`` and the "Logging to new file" toast),
``util/PermissionUtils.java``, ``res/layout/activity_main.xml``, ``app_bar_main.xml``,
``content_main.xml``, ``navdrawer_item.xml``, ``gps_status.xml``, ``gps_sky.xml``,
``benchmark_motion_layout.xml``, ``benchmark_sliding_header.xml``, ``settings_activity.xml``,
``clear_assist_warning.xml``, ``share.xml``, ``res/menu/main_menu.xml``, ``status_menu.xml``,
``res/xml/preferences.xml``, ``res/values/strings.xml``, ``arrays.xml``) and the fix, commit
``af19685c`` ("Re-use log file on orientation change", PR #405):

- a fresh install opens ``GpsTestActivity`` on "Status"; ``onResume`` asks for
  ``ACCESS_FINE_LOCATION``; Allow runs ``init``: GNSS starts ("Auto-Start GNSS") and, on the
  first run of this version, the "What's New?" dialog shows (Close). Deny shows "Need location
  permission" (OK asks again, EXIT leaves);
- the toolbar (``toolbar``): "Open navigation drawer", the title, "Sort by" (``sort_sats``,
  Status only), "Share" (``share``, once there is a fix or file logging is on) and the GNSS
  switch (``gps_switch``). The drawer (``nav_drawer_left_pane``/``navdrawer``): Status, Map,
  Sky, Accuracy, "Modify assist data" (Inject PSDS data, Inject time data, Clear assist data),
  Visit us on GitHub, Settings, Help, Send feedback, each row an ``icon`` and a ``title``;
- the views: Status (the location card with ``latitude``, ``longitude``, ``altitude``...,
  and the GNSS/SBAS satellite cards), Map and Sky (the map and sky views as plain views),
  Accuracy (the map and the "Measure accuracy" card: ``ground_truth_lat_text``,
  ``ground_truth_long_text``, ``ground_truth_alt_text``, ``save``, ``qr_code``);
- Settings (``Preferences``): its toolbar ``action_bar`` ("Settings", no navigation icon: Back
  leaves), the list of ``preferences.xml``; "Logging and Output" opens the nested screen with
  "File Output" (NMEA, Navigation Messages, Measurements, Location) and "Android Monitor
  Output". Ticking a file output asks for ``WRITE_EXTERNAL_STORAGE``. Back in the main
  activity, ``onResume`` runs ``init`` again, which starts a log file when file logging is on
  and the storage permission is granted (the toast "Logging to new file: <path>").

Stubs: the Help dialog's "About" opens a titled HelpActivity; "Visit us on GitHub" and "Send
feedback" (which leave for a browser or mail app) only close the drawer; list and text
preferences open their dialogs and store the choice without further effect; the share dialog
shows its location part and Close. Not modelled: the map tiles, the sky plot's drawing, sensors
and the dark theme/language re-creations.

The world: the test device has GNSS enabled and a fixed fix (28.05868, -82.41605, 12 m, 9 of
12 satellites used), which arrives as soon as GNSS starts; the device clock reads 2020-05-07
09:06:12 at the first log file and each later file is named one second later.

The bug (gpstest#404): ``onDestroy`` closes the activity's ``FileLogger``; a rotation
re-creates the activity with a new, not started ``FileLogger``, and ``init`` (from
``onResume``) calls ``startNewLog`` again: a second log file and the toast, although logging
never stopped. The fix saves the open file in ``onSaveInstanceState`` and re-opens it. The
oracle reads app state: a re-created activity started a new log file while the previous
instance had one open.

Human steps: 14 actions against 12 in ``index.tsv``: on the 1080x1920 screen "Logging and
Output" is two swipes down the settings list, and leaving takes two Backs (the nested screen,
then Settings); the report itself starts "with file logging enabled" and counts none of that.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.android.gpstest.osmdroid"
MAIN = "com.android.gpstest.GpsTestActivity"
PREFERENCES = "com.android.gpstest.Preferences"
HELP = "com.android.gpstest.HelpActivity"
LOCATION = "android.permission.ACCESS_FINE_LOCATION"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
VERSION_CODE = 18066  # build.gradle's versionCode for 3.6.4
LOG_DIR = "/storage/emulated/0/gnss_log"
FIRST_LOG_SECOND = 9 * 3600 + 6 * 60 + 12  # 09:06:12 on 2020-05-07, the device clock

# NavigationDrawerFragment's items in drawer order: (position constant, title); None is a
# separator, "Modify assist data" the special separator's text.
DRAWER: tuple[tuple[int, str] | None | str, ...] = (
    (0, "Status"),
    (1, "Map"),
    (2, "Sky"),
    (10, "Accuracy"),
    "Modify assist data",
    (6, "Inject PSDS data"),
    (7, "Inject time data"),
    (8, "Clear assist data"),
    None,
    (5, "Visit us on GitHub"),
    None,
    (3, "Settings"),
    (4, "Help"),
    (9, "Send feedback"),
)
VIEWS = {0: "Status", 1: "Map", 2: "Sky", 10: "Accuracy"}

WHATS_NEW = (
    "\u2022 Improved feedback - Only show email apps when providing feedback.\n"
    '\u2022 Improved "# Sats" - now shows "Used / In View (valid signal strength) / Total", with '
    "correct counts for dual-frequency.\n"
    "\u2022 XTRA renamed to PSDS - Predicted Satellite Data Service is the generic term. "
    "Injecting PSDS on Android 10 and higher is now supported.\n"
    "\u2022 Identify GPS week rollover issues - Time is now highlighted in red on devices with "
    "wrong times due to the GPS week rollover issue (http://bit.ly/gps-week-rollover).\n"
    "\u2022 Bug fixes - See https://bit.ly/gpstest-releases"
)
LOCATION_RATIONALE = (
    'GPSTest needs access to your location to show GNSS data. If you select "Never ask again" '
    "you will need to reinstall the app or enable permissions via system settings."
)
CLEAR_ASSIST = (
    "Some devices may take 24 hours to auto-refresh assist data.  If your device doesn't "
    "support manual injection, GNSS may not work for any app until the auto-refresh completes. "
    "Are you sure?"
)

# The fixed fix and satellites of the test device (see the module docstring).
FIX = (
    ("latitude", "Lat:", "28.0586800 \u00b0"),
    ("longitude", "Long:", "-82.4160500 \u00b0"),
    ("altitude", "Alt:", "12.0 m"),
    ("altitude_msl", "Alt (MSL):", "39.1 m"),
    ("fix_time", "Time:", "09:06:10 AM"),
    ("ttff", "TTFF:", "3 sec"),
    ("hor_vert_accuracy", "E H Acc:", "3.8 m"),
    ("num_sats", "# Sats:", "9/12/12"),
    ("speed", "Speed:", "0.0 m/s"),
    ("bearing", "Bearing:", ""),
    ("pdop", "PDOP:", "1.6"),
    ("hvdop", "H/V DOP:", "0.9 / 1.3"),
)
SATELLITES = (  # ID, GNSS, C/N0, elevation, azimuth, flags
    ("2", "GPS", "38.0", "61", "312", "AEU"),
    ("5", "GPS", "35.0", "42", "74", "AEU"),
    ("12", "GPS", "31.0", "23", "205", "AEU"),
    ("13", "GPS", "29.0", "15", "151", "AE"),
    ("25", "GPS", "40.0", "77", "18", "AEU"),
    ("29", "GPS", "33.0", "36", "266", "AEU"),
    ("67", "GLONASS", "30.0", "28", "120", "AEU"),
    ("68", "GLONASS", "27.0", "12", "60", "AE"),
    ("76", "GLONASS", "34.0", "55", "290", "AEU"),
    ("11", "GALILEO", "32.0", "47", "198", "AEU"),
    ("24", "GALILEO", "26.0", "9", "33", "E"),
    ("26", "GALILEO", "28.0", "19", "231", "AE"),
)

# preferences.xml (osmdroid flavor): (kind, key, title, summary); kinds "check", "list",
# "text", "screen", "category".
PREFS: tuple[tuple[str, str, str, str], ...] = (
    ("category", "", "Display", ""),
    (
        "check",
        "pref_key_dark_theme",
        "Use Dark Theme",
        "Give the background a dark color and text a light color",
    ),
    ("list", "pref_key_language", "Language", "English"),
    ("check", "pref_key_keep_screen_on", "Keep Screen On", "Prevents the screen from turning off"),
    (
        "check",
        "pref_key_true_north",
        "Point Compass to True North",
        "Compass will face true north instead of magnetic north",
    ),
    (
        "list",
        "pref_key_coordinate_format",
        "Coordinate format",
        "Display in decimal degrees, DMS, or degrees decimal minutes",
    ),
    ("list", "pref_key_preferred_distance_units_v2", "Preferred distance units", "Meters"),
    ("list", "pref_key_preferred_speed_units_v2", "Preferred speed units", "Meters per second"),
    ("category", "", "Map", ""),
    (
        "check",
        "pref_key_rotate_map_with_compass",
        "Rotate map with compass",
        "Rotates the map to match the direction you are facing",
    ),
    ("category", "", "GNSS", ""),
    ("check", "pref_key_auto_start_gps", "Auto-Start GNSS", "Start GNSS when the app starts"),
    ("text", "pref_key_gps_min_time", "Interval", "Time between GNSS fixes, in seconds"),
    (
        "text",
        "pref_key_gps_min_distance",
        "Min. Distance",
        "Minimum distance between GNSS fixes, in meters",
    ),
    (
        "check",
        "pref_key_use_gnss_apis",
        "Use GNSS APIs",
        "Available on Android 7.0 and higher. If unchecked, legacy GPS APIs will be used",
    ),
    (
        "check",
        "pref_key_stop_gnss_in_background",
        "Stop GNSS in background",
        "If enabled will always stop GNSS when the app is put into the background (for "
        "example, when using the Home button or Multitasking button to switch apps)",
    ),
    ("category", "", "Logging and Output", ""),
    (
        "screen",
        "output",
        "Logging and Output",
        "Log NMEA, raw measurements, or navigation messsages to files or Android Studio",
    ),
)
OUTPUT_PREFS: tuple[tuple[str, str, str, str], ...] = (
    ("category", "", "File Output", ""),
    ("check", "pref_key_file_nmea_output", "NMEA", "Logs NMEA sentences to a file"),
    (
        "check",
        "pref_key_file_navigation_message_output",
        "Navigation Messages",
        "Logs GNSS navigation messages to a file (Android 7.0 and up)",
    ),
    (
        "check",
        "pref_key_file_measurement_output",
        "Measurements",
        "Logs GNSS measurements to a file (Android 7.0 and up)",
    ),
    ("check", "pref_key_file_location_output", "Location", "Logs location fix details to a file"),
    ("category", "", "Android Monitor Output", ""),
    ("check", "pref_key_as_nmea_output", "NMEA", "Logs NMEA sentences to Android Studio"),
    (
        "check",
        "pref_key_as_nmea_timestamp_output",
        "NMEA Timestamp",
        "Include NMEA timestamp in output",
    ),
    (
        "check",
        "pref_key_as_navigation_message_output",
        "Navigation Messages",
        "Logs GNSS navigation messages to Android Studio (Android 7.0 and up)",
    ),
    (
        "check",
        "pref_key_as_measurement_output",
        "Measurements",
        "Logs GNSS measurements to Android Studio (Android 7.0 and up)",
    ),
)
FILE_OUTPUTS = tuple(p[1] for p in OUTPUT_PREFS[1:5])
CHECK_DEFAULTS = {
    "pref_key_dark_theme": False,
    "pref_key_keep_screen_on": True,
    "pref_key_true_north": True,
    "pref_key_rotate_map_with_compass": True,
    "pref_key_auto_start_gps": True,
    "pref_key_use_gnss_apis": True,
    "pref_key_stop_gnss_in_background": False,
    **{key: False for key in FILE_OUTPUTS},
    "pref_key_as_nmea_output": True,
    "pref_key_as_nmea_timestamp_output": True,
    "pref_key_as_navigation_message_output": False,
    "pref_key_as_measurement_output": False,
}
LIST_CHOICES = {
    "pref_key_language": ("Language", ("English", "中文", "Čeština", "Deutsch", "Español")),
    "pref_key_coordinate_format": (
        "Coordinate format",
        ("Decimal degrees", "Degrees minutes seconds", "Degrees decimal minutes"),
    ),
    "pref_key_preferred_distance_units_v2": ("Preferred distance units", ("Meters", "Feet")),
    "pref_key_preferred_speed_units_v2": (
        "Preferred speed units",
        ("Meters per second", "Kilometers per hour", "Miles per hour"),
    ),
}
TEXT_DIALOGS = {
    "pref_key_gps_min_time": ("Enter an interval, in seconds", "1"),
    "pref_key_gps_min_distance": ("Enter a min. distance, in meters", "0"),
}


def _restarted_log(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth: a re-created GpsTestActivity opened a new log file while the instance it
    replaced had one open."""
    return any(f["abandoned"] for f in data["log_files"])


_click = partial(click, PACKAGE)


BUG_404 = BugSpec(
    bug_id="gpstest#404",
    kind="non-crash",
    title="Logging resets on a portrait/landscape mode change",
    oracle=_restarted_log,
    human_steps=(
        _click("com.android.permissioncontroller:id/permission_allow_button", "Allow"),
        _click("android:id/button3", "Close"),
        _click(desc=w.OPEN_DRAWER, cls="android.widget.ImageButton"),
        _click("title", "Settings"),
        {"kind": "swipe", "direction": "up"},
        {"kind": "swipe", "direction": "up"},
        _click("android:id/title", "Logging and Output"),
        _click("android:id/title", "NMEA"),
        _click("com.android.permissioncontroller:id/permission_allow_button", "Allow"),
        {"kind": "press_back"},
        {"kind": "press_back"},
        _click(desc=w.OPEN_DRAWER, cls="android.widget.ImageButton"),
        _click("title", "Accuracy"),
        {"kind": "rotate", "orientation": "landscape"},
    ),
)


class GpsTest364(VirtualApp):
    """GPSTest 3.6.4, F-Droid build (see the module docstring)."""

    name: ClassVar[str] = "gpstest"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "GPSTest"
    version: ClassVar[str] = "3.6.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_404,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": dict(CHECK_DEFAULTS),
            "lists": {key: 0 for key in LIST_CHOICES},
            "texts": {key: default for key, (_, default) in TEXT_DIALOGS.items()},
            "whats_new_ver": 0,
            "drawer_position": 0,  # NavigationDrawerFragment's saved position
            "log_files": [],  # {"path", "abandoned"}: abandoned = opened over an open file
            "logger_open": None,  # the path the live GpsTestActivity's FileLogger writes
            "main_orientation": "portrait",  # GpsTestActivity's configuration
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            recreated = bool(ui.get("created"))
            # onDestroy of the replaced instance closed its FileLogger: the new one is unstarted.
            previous = ctx.data["logger_open"]
            ctx.data["logger_open"] = None
            ctx.data["main_orientation"] = ctx.orientation
            ui["created"] = True
            ui.setdefault("position", ctx.data["drawer_position"])
            ui.setdefault("drawer", False)
            ui.setdefault("dialog", None)
            ui.setdefault("gps_started", None)  # GPS_STARTED of onSaveInstanceState
            ui.setdefault("denied", False)
            ui.setdefault("ground_truth", {"lat": "", "long": "", "alt": ""})
            self._resume_main(ctx, previous if recreated else None)
        elif ctx.activity == PREFERENCES:
            ui.setdefault("screen", "")
            ui.setdefault("dialog", None)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        saved = dict(ctx.ui)
        if ctx.activity == MAIN:
            saved["drawer"] = False  # the drawer's open state is not restored
        return saved

    def _resume_main(self, ctx: AppContext, replaced_log: str | None = None) -> None:
        """``onResume``: ``requestPermissionAndInit``, or the rationale after a denial."""
        if LOCATION in ctx.permissions:
            self._init(ctx, replaced_log)
        elif ctx.ui.get("denied"):
            ctx.ui["dialog"] = {"kind": "rationale"}
        else:
            ctx.request_permission(LOCATION)

    def _init(self, ctx: AppContext, replaced_log: str | None = None) -> None:
        """``GpsTestActivity.init``: start GNSS, start a log file, What's New once."""
        ui, data = ctx.ui, ctx.data
        if ui["gps_started"] is None:
            ui["gps_started"] = data["prefs"]["pref_key_auto_start_gps"]
        self._start_log_if_enabled(ctx, abandoned=replaced_log is not None)
        if data["whats_new_ver"] < VERSION_CODE:
            ui["dialog"] = {"kind": "whats_new"}
            data["whats_new_ver"] = VERSION_CODE

    def _start_new_log(self, ctx: AppContext, abandoned: bool) -> None:
        """``FileLogger.startNewLog``: a new file named by the clock, and the toast."""
        files = ctx.data["log_files"]
        second = FIRST_LOG_SECOND + len(files)
        stamp = f"2020_05_07_{second // 3600:02d}_{second // 60 % 60:02d}_{second % 60:02d}"
        path = f"{LOG_DIR}/gnss_log_{stamp}.txt"
        files.append({"path": path, "abandoned": abandoned})
        ctx.data["logger_open"] = path
        ctx.toast(f"Logging to new file: {path}")
        ctx.log("FileLogger", f"Logging to new file: {path}", "I")

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != MAIN or permission != LOCATION:
            return  # Preferences does not override onRequestPermissionsResult
        ctx.ui["denied"] = not granted
        if granted:
            self._init(ctx)
        else:
            ctx.ui["dialog"] = {"kind": "rationale"}

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if ui["drawer"]:
                ui["drawer"] = False
                return True
            ctx.data["logger_open"] = None  # finishing: onDestroy closes the FileLogger
            return False
        if ctx.activity == PREFERENCES and ui["screen"]:
            ui["screen"] = ""  # the nested PreferenceScreen's dialog
            return True
        self._main_resumes(ctx)
        return False

    def _main_resumes(self, ctx: AppContext) -> None:
        """GpsTestActivity's ``onResume`` when the activity above it (Settings, About)
        finishes: ``init`` again, which starts a log file if logging is on and none is open.
        After a rotation up there the device re-creates GpsTestActivity instead, and its
        ``on_create`` does this."""
        data = ctx.data
        if ctx.orientation != data["main_orientation"] or LOCATION not in ctx.permissions:
            return
        self._start_log_if_enabled(ctx, abandoned=False)

    def _start_log_if_enabled(self, ctx: AppContext, abandoned: bool) -> None:
        """``init``'s check: storage granted, this FileLogger not started, a file output on."""
        data = ctx.data
        logging = any(data["prefs"][key] for key in FILE_OUTPUTS)
        if STORAGE in ctx.permissions and data["logger_open"] is None and logging:
            self._start_new_log(ctx, abandoned)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PREFERENCES:
            return self._render_preferences(ctx)
        if ctx.activity == HELP:
            bar = w.toolbar("About", rid="action_bar")
            body = w.text_view("GPSTest: GNSS status, map, sky view and accuracy.", height=400)
            return Screen(content=w.linear_layout([bar, body]))
        return self._render_main(ctx)

    def _render_main(self, ctx: AppContext) -> Screen:
        ui, data = ctx.ui, ctx.data
        position = ui["position"]
        actions: list[View] = []
        if position == 0:
            actions.append(w.action_item("sort_sats", "Sort by", self._open_sort))
        started = bool(ui["gps_started"])
        logging = any(data["prefs"][key] for key in FILE_OUTPUTS)
        if started or logging:  # onPrepareOptionsMenu: a fix (at GNSS start here) or logging
            actions.append(w.action_item("share", "Share", w.bind(self._set_dialog, "share")))
        actions.append(
            View(
                cls="android.widget.Switch",
                resource_id="gps_switch",
                checkable=True,
                checked=started,
                on_click=self._toggle_gps,
                width=200,
            )
        )
        bar = w.toolbar(
            VIEWS[position],
            navigation=w.image_button("", w.OPEN_DRAWER, w.bind(self._set_ui, drawer=True)),
            actions=actions,
        )
        fragment = w.frame_layout(
            [self._fragment(ctx, position, started)], rid="fragment_container"
        )
        drawer = self._drawer(position) if ui["drawer"] else None
        content = w.linear_layout(
            [
                w.linear_layout([bar], rid="appbar", weight=0),
                w.drawer_layout(fragment, drawer, rid="nav_drawer_left_pane"),
            ]
        )
        return Screen(content=content, windows=self._main_dialogs(ctx))

    def _fragment(self, ctx: AppContext, position: int, started: bool) -> View:
        if position == 0:
            return self._status(started)
        if position == 1:
            return View(cls="org.osmdroid.views.MapView", resource_id="map", content_desc="Map")
        if position == 2:
            return w.linear_layout(
                [
                    View(cls="com.android.gpstest.view.GpsSkyView", resource_id="sky_view"),
                    w.text_view("In view", "sky_legend_in_view", height=100),
                ]
            )
        return self._accuracy(ctx)

    def _status(self, started: bool) -> View:
        rows = [
            View(
                cls="android.widget.TableRow",
                layout=HORIZONTAL,
                height=70,
                children=[
                    w.text_view(label, f"{rid}_label", width=300, height=70),
                    w.text_view(value if started else "", rid, height=70),
                ],
            )
            for rid, label, value in FIX
        ]
        header = w.linear_layout(
            [w.text_view(t, height=90) for t in ("ID", "GNSS", "C/N0", "Flags", "Elev", "Azim")],
            horizontal=True,
            height=90,
        )
        sats = [
            w.linear_layout(
                [
                    w.text_view(svid, "sv_id", height=90),
                    w.text_view(gnss, "gnss_flag", height=90),
                    w.text_view(cn0, "cn0_text", height=90),
                    w.text_view(flags, "status_flags", height=90),
                    w.text_view(elev, "elevation", height=90),
                    w.text_view(azim, "azimuth", height=90),
                ],
                horizontal=True,
                height=90,
            )
            for svid, gnss, cn0, elev, azim, flags in (SATELLITES if started else ())
        ]
        gnss_card = View(
            cls="androidx.cardview.widget.CardView",
            resource_id="gnss_status_card",
            children=[
                w.list_view(
                    [header, *sats],
                    rid="gnss_status_list",
                    cls="androidx.recyclerview.widget.RecyclerView",
                    scroll_key="sats_scroll",
                )
                if started
                else w.text_view(
                    "Global Navigation Satellite System (GNSS) satellites not available",
                    "gnss_not_available",
                )
            ],
        )
        location_card = View(
            cls="androidx.cardview.widget.CardView",
            resource_id="status_location_card",
            weight=0,
            children=[
                View(
                    cls="android.widget.TableLayout",
                    resource_id="lat_long_table",
                    weight=0,
                    children=rows,
                )
            ],
        )
        return w.scroll_view([w.linear_layout([location_card, gnss_card])])

    def _accuracy(self, ctx: AppContext) -> View:
        truth = ctx.ui["ground_truth"]

        def field(key: str, hint: str) -> View:
            return View(
                cls="com.google.android.material.textfield.TextInputLayout",
                resource_id=f"ground_truth_{key}",
                weight=0,
                children=[
                    w.edit_text(
                        f"ground_truth_{key}_text",
                        truth[key],
                        lambda c, text: self._type_truth(c, key, text),
                        hint=hint,
                        height=150,
                    )
                ],
            )

        header = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            resource_id="sliding_panel_header",
            layout=HORIZONTAL,
            height=150,
            children=[
                w.text_view("", "error", height=150),
                w.text_view("m", "error_unit", width=80, height=150),
                w.text_view("Error", "error_label", height=150),
                w.image_view("drawer_handle", width=120),
            ],
        )
        card = View(
            cls="com.google.android.material.card.MaterialCardView",
            resource_id="benchmark_card",
            weight=0,
            children=[
                View(
                    cls="androidx.constraintlayout.motion.widget.MotionLayout",
                    resource_id="motion_layout",
                    weight=0,
                    children=[
                        w.text_view("Measure accuracy", "set_ground_truth1", height=100),
                        w.text_view(
                            "Tap on map or type your real location", "set_ground_truth2", height=90
                        ),
                        field("lat", "Your latitude"),
                        field("long", "Your longitude"),
                        field("alt", "Your altitude in WGS84 (Optional)"),
                        w.linear_layout(
                            [
                                w.button("save", "Save", self._save_truth),
                                w.image_button(
                                    "qr_code",
                                    "Scan a QR Code",
                                    w.bind(self._set_dialog, "qr"),
                                    width=160,
                                ),
                            ],
                            horizontal=True,
                            height=140,
                        ),
                    ],
                )
            ],
        )
        return w.frame_layout(
            [
                View(cls="org.osmdroid.views.MapView", resource_id="map", content_desc="Map"),
                w.linear_layout([card, header], weight=0, gravity="top"),
            ],
            layout=FRAME,
        )

    def _drawer(self, position: int) -> View:
        rows: list[View] = []
        for entry in DRAWER:
            if entry is None:
                rows.append(View(cls="android.view.View", height=20))
            elif isinstance(entry, str):
                rows.append(w.text_view(entry, height=100))
            else:
                item, title = entry
                rows.append(
                    w.relative_layout(
                        [
                            w.image_view("icon", width=150),
                            w.text_view(title, "title", height=126),
                        ],
                        layout=HORIZONTAL,
                        height=126,
                        selected=item == position,
                        on_click=w.bind(self._select_item, item),
                    )
                )
        return View(
            cls="com.android.gpstest.view.ScrimInsetsScrollView",
            resource_id="navdrawer",
            width=800,
            children=[w.linear_layout(rows, rid="navdrawer_items_list")],
        )

    def _main_dialogs(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if not dialog:
            return []
        close = w.bind(self._set_dialog, None)
        kind = dialog["kind"]
        if kind == "whats_new":
            close_button = w.dialog_button("android:id/button3", "Close", close)
            return [
                w.alert_dialog(
                    w.dialog_title("What's New?"),
                    [w.text_view(WHATS_NEW, "whats_new_text", height=700)],
                    [close_button],
                    close,
                )
            ]
        if kind == "rationale":
            window = w.confirm_dialog(
                "Need location permission",
                LOCATION_RATIONALE,
                ("OK", self._ask_location_again),
                ("EXIT", self._exit),
                None,
            )
            window.cancelable = False
            return [window]
        if kind == "help":
            rows = [
                w.text_view(t, "android:id/text1", height=147, on_click=w.bind(self._help_item, i))
                for i, t in enumerate(("What's New?", "About"))
            ]
            listing = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                weight=0,
                children=rows,
            )
            return [w.alert_dialog(w.dialog_title("Help"), [listing], [], close)]
        if kind == "clear_assist":
            window = w.alert_dialog(
                w.dialog_title("Delete assist data?"),
                [
                    w.text_view(CLEAR_ASSIST, "clear_assist_warning_text", height=400),
                    w.check_box(
                        "clear_assist_never_ask_again",
                        "Never ask again",
                        False,
                        lambda c: None,
                        height=120,
                    ),
                ],
                [
                    w.dialog_button("android:id/button2", "NO", close),
                    w.dialog_button("android:id/button1", "YES", self._delete_aiding_data),
                ],
                None,
            )
            window.cancelable = False
            return [window]
        if kind == "sort":
            choices = (
                "Constellation",
                "Carrier Frequency",
                "Signal Strength",
                "Used in Fix",
                "Constellation, Carrier Frequency",
                "Constellation, Signal Strength",
                "Constellation, Used in Fix",
            )
            return [
                w.choice_dialog(
                    "Sort by", choices, 0, lambda c, i: self._set_dialog(c, None), close
                )
            ]
        if kind == "qr":
            return [
                w.confirm_dialog(
                    "Scan a QR Code",
                    "Import a ground truth location using a QR Code in the Geo URI format "
                    "(geo:28.38434,-87.24334).  Create your own QR Codes at "
                    "https://zxing.appspot.com/generator/.",
                    ("OK", close),
                    None,
                    close,
                )
            ]
        # share: the location part of share.xml (logging shows the file part too)
        body = [
            w.text_view("Location", "location_label", height=100),
            w.text_view("28.0586800,-82.4160500", "location_value", height=100),
            w.check_box("include_altitude", "Include altitude", False, lambda c: None, height=120),
            w.linear_layout(
                [
                    w.image_button(rid, desc, close, width=200)
                    for rid, desc in (
                        ("location_copy", "Copy"),
                        ("location_geohack", "GeoHack"),
                        ("location_launch_app", "Open in app"),
                        ("location_share", "Share"),
                    )
                ],
                horizontal=True,
                height=140,
            ),
        ]
        if ctx.data["logger_open"]:
            body.append(w.text_view(ctx.data["logger_open"], "log_file_name", height=100))
        buttons = [w.dialog_button("android:id/button3", "Close", close)]
        return [w.alert_dialog(w.dialog_title("Share"), body, buttons, close)]

    def _render_preferences(self, ctx: AppContext) -> Screen:
        ui, data = ctx.ui, ctx.data
        nested = ui["screen"] == "output"
        rows = [self._pref_row(ctx, p) for p in (OUTPUT_PREFS if nested else PREFS)]
        listing = w.list_view(rows, scroll_key="output_scroll" if nested else "prefs_scroll")
        children = [listing]
        if nested:
            # The nested PreferenceScreen shows as a full-screen dialog titled by its entry.
            children.insert(0, w.text_view("Logging and Output", "android:id/title", height=147))
        else:
            children.insert(0, w.toolbar("Settings", rid="action_bar"))
        windows: list[Window] = []
        dialog = ui["dialog"]
        if dialog:
            key = dialog["key"]
            close = w.bind(self._set_pref_dialog, None)
            if key in LIST_CHOICES:
                title, choices = LIST_CHOICES[key]
                windows.append(
                    w.choice_dialog(
                        title,
                        choices,
                        data["lists"][key],
                        lambda c, i: self._choose(c, key, i),
                        close,
                        negative=("Cancel", close),
                    )
                )
            else:
                windows.append(
                    w.input_dialog(
                        TEXT_DIALOGS[key][0],
                        w.edit_text("android:id/edit", dialog["text"], self._type_pref),
                        ("OK", w.bind(self._save_text, key)),
                        ("Cancel", close),
                        close,
                    )
                )
        return Screen(content=w.linear_layout(children), windows=windows)

    def _pref_row(self, ctx: AppContext, pref: tuple[str, str, str, str]) -> View:
        kind, key, title, summary = pref
        if kind == "category":
            return w.preference_category(title)
        if kind == "check":
            return w.preference(
                title,
                summary,
                w.bind(self._toggle_pref, key),
                widget=w.checkbox_widget(ctx.data["prefs"][key]),
            )
        if kind == "screen":
            return w.preference(title, summary, w.bind(self._set_ui, screen="output"))
        if kind == "list" and key in (
            "pref_key_preferred_distance_units_v2",
            "pref_key_preferred_speed_units_v2",
        ):
            summary = LIST_CHOICES[key][1][ctx.data["lists"][key]]
        return w.preference(title, summary, w.bind(self._set_pref_dialog, key))

    # -- handlers ----------------------------------------------------------------------------
    @staticmethod
    def _set_ui(ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    @staticmethod
    def _set_dialog(ctx: AppContext, kind: str | None) -> None:
        ctx.ui["dialog"] = {"kind": kind} if kind else None
        ctx.ui["drawer"] = False

    def _select_item(self, ctx: AppContext, item: int) -> None:
        """``NavigationDrawerFragment.selectItem`` → ``goToNavDrawerItem``."""
        ui = ctx.ui
        ui["drawer"] = False
        if item in VIEWS:
            ui["position"] = item
            ctx.data["drawer_position"] = item
        elif item == 3:
            ctx.start_activity(PREFERENCES)
        elif item == 4:
            ui["dialog"] = {"kind": "help"}
        elif item == 6:
            ctx.toast("Device does not support injecting PSDS data.")
        elif item == 7:
            ctx.toast("Device does not support injecting time data.")
        elif item == 8:
            ui["dialog"] = {"kind": "clear_assist"}

    def _help_item(self, ctx: AppContext, which: int) -> None:
        if which == 0:
            ctx.ui["dialog"] = {"kind": "whats_new"}
        else:
            ctx.ui["dialog"] = None
            ctx.start_activity(HELP)

    def _delete_aiding_data(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.toast("Device does not support deleting assist data.")

    def _ask_location_again(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.request_permission(LOCATION)

    def _exit(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.data["logger_open"] = None
        ctx.finish()

    def _toggle_gps(self, ctx: AppContext) -> None:
        if LOCATION in ctx.permissions:
            ctx.ui["gps_started"] = not ctx.ui["gps_started"]

    def _open_sort(self, ctx: AppContext) -> None:
        self._set_dialog(ctx, "sort")

    def _type_truth(self, ctx: AppContext, key: str, text: str) -> None:
        ctx.ui["ground_truth"][key] = text

    def _save_truth(self, ctx: AppContext) -> None:
        truth = ctx.ui["ground_truth"]
        try:
            float(truth["lat"])
            float(truth["long"])
        except ValueError:
            return  # BenchmarkControllerImpl: nothing happens without a valid lat/long
        ctx.hide_keyboard()

    def _toggle_pref(self, ctx: AppContext, key: str) -> None:
        prefs = ctx.data["prefs"]
        prefs[key] = not prefs[key]
        if key in FILE_OUTPUTS and STORAGE not in ctx.permissions:
            ctx.request_permission(STORAGE)  # PermissionUtils.requestFileWritePermission

    def _set_pref_dialog(self, ctx: AppContext, key: str | None) -> None:
        if key is None:
            ctx.ui["dialog"] = None
        else:
            ctx.ui["dialog"] = {"key": key, "text": ctx.data["texts"].get(key, "")}

    def _choose(self, ctx: AppContext, key: str, index: int) -> None:
        ctx.data["lists"][key] = index
        ctx.ui["dialog"] = None

    def _type_pref(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["text"] = text

    def _save_text(self, ctx: AppContext, key: str) -> None:
        text = ctx.ui["dialog"]["text"]
        ctx.ui["dialog"] = None
        try:
            float(text)
        except ValueError:
            label = "min. time" if key == "pref_key_gps_min_time" else "min. distance"
            ctx.toast(f"Invalid {label} entry")
            return
        ctx.data["texts"][key] = text
