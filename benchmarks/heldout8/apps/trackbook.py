"""Trackbook (``org.y20k.trackbook``, y20k/trackbook) 1.1.8, for trackbook#35.

A movement recorder: one ``MainActivity`` with a non-swipeable ViewPager of two tabs (Map, Last
Tracks) under a support-library BottomNavigationView, the osmdroid map, the blue main button
(``fabMainButton``: record, then stop, then the Resume / Clear / Save sub menu) and the "My
Location" mini button; the recording itself runs in the bound ``TrackerService``.

Sources read at tag ``v1.1.8`` (commit ``962275f``, 2018-04-16; ``build.gradle`` says
``versionName = '1.1.8'``, the F-Droid release the report names; the next commits up to the fix
change the track tab and units, not the recording): ``AndroidManifest.xml``,
``MainActivity.java`` (``onCreate``, ``setupLayout``, ``onRequestPermissionsResult``,
``handleFloatingActionButtonClick``, ``handleResumeButtonClick``, ``handleClearButtonClick``,
``handleStateAfterClear``/``AfterSave``, ``showFloatingActionButtonMenu``),
``MainActivityMapFragment.java`` (``onActivityResult``, ``clearMap``,
``getCurrentBestLocation``), ``TrackerService.java``, ``core/Track.java``,
``helpers/LocationHelper.java`` (``isNewWayPoint``), ``helpers/DialogHelper.java``, the layouts
``activity_main``, ``activity_main_onboarding``, ``fragment_main_track_onboarding``,
``menu/menu_main.xml`` and ``values/strings.xml``. The fix is ``3c5be28`` ("fixes #35"), which
resets ``mResumedFlag`` in ``stopTracking``.

Bug trackbook#35 (crash): ``resumeTracking`` sets ``mResumedFlag`` and adds the current fix as
a waypoint only when ``isNewWayPoint`` accepts it (GPS: over 10 m and 12 s from the last one);
the flag is cleared only when a waypoint is added. Resumed and stopped again at once, the flag
stays set; Clear deletes the temp track but the service keeps the flag, so the next record's
``startTracking`` makes a new ``Track``, adds its first waypoint and, the flag being set, calls
``getWayPoints().get(size - 2)`` = ``get(-1)``: ``java.lang.ArrayIndexOutOfBoundsException:
length=12; index=-1`` (Android 6's ``ArrayList``, 12 slots after the first add) in
``addWayPointToTrack``, on the main thread (the activity calls the bound service directly).

Fixed data: the location system setting is on and the device stands still at one GPS fix
(52.5200, 13.4050), so no resumed recording ever gets a new waypoint (the real timer's ticks
every 15 s add none either). ``mResumedFlag`` and the service's track live in the process's
memory; the FAB state, the temp track file and saved tracks are storage. Stubbed: the map tiles
(an empty osmdroid ``MapView``), the notification, the step counter, the My Location button
(centers the map: nothing visible; its long press only toasts the night-mode switch, the theme is
not modelled), the Last Tracks tab beyond its onboarding text (a saved track shows as one
MapView), GPX export. Snackbars stay until the next tap, standing for their few seconds.
Uncertain: the synthetic accessor's name and line in the stack (``access$100``, the class line)
follow javac's usual numbering, not a real trace (the report has none).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.y20k.trackbook"
MAIN = ".MainActivity"
LOCATION = "android.permission.ACCESS_FINE_LOCATION"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
FIX = {"lat": 52.52, "lon": 13.405, "provider": "gps"}
AIOOBE = "java.lang.ArrayIndexOutOfBoundsException"
MAP_TAB, TRACKS_TAB = "Map", "Last Tracks"
ONBOARDING = (
    ("Hello", "h1_welcome"),
    ("Trackbook", "h2_app_name"),
    ("Movement Recorder for Android", "p_app_claim"),
    ("Trackbook cannot work without these permissions:", "h2_request_permissions"),
    ("LOCATION", "h3_permission_location"),
    (
        "Trackbook needs accurate GPS data to be able to record your movements. If the GPS data "
        "is not available or not accurate enough, Trackbook uses location data from cell tower "
        "and Wi-Fi triangulation.",
        "p_permission_location",
    ),
    ("STORAGE", "h3_permission_storage"),
    (
        "Trackbook uses osmdroid, which caches map tiles on Android's external storage. You can "
        "find the map cache in the osmdroid folder on the top level of the user-facing file "
        "system.",
        "p_permission_storage",
    ),
)
# The sub menu, top to bottom: (name, button description, label description).
SUB_MENU = (
    ("Save", "small Save button", "Label of the Save button"),
    ("Clear", "small Clear button", "Label of the Clear button"),
    ("Resume", "small Resume button", "Label of the Resume button"),
)


def index_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of trackbook#35: ``addWayPointToTrack`` threw on ``get(-1)``."""
    return crashed(system, PACKAGE, AIOOBE, "index=-1")


# -- steps -------------------------------------------------------------------------------------
GOT_IT = click(PACKAGE, "button_okay", "Got it!")
ALLOW = allow_permission(PACKAGE)
MAIN_BUTTON = click(PACKAGE, "fabMainButton", desc="Main Action Button")
RESUME = click(PACKAGE, "fabSubMenuButtonResume", desc="small Resume button")
CLEAR = click(PACKAGE, "fabSubMenuButtonClear", desc="small Clear button")
SAVE = click(PACKAGE, "fabSubMenuButtonSave", desc="small Save button")
CONFIRM_CLEAR = click(PACKAGE, "android:id/button1", "Clear")
CANCEL = click(PACKAGE, "android:id/button2", "Cancel")
FIRST_RUN = [GOT_IT, ALLOW, ALLOW]
RESUMED_AND_PAUSED = [MAIN_BUTTON, MAIN_BUTTON, MAIN_BUTTON, RESUME, MAIN_BUTTON]


class Trackbook(VirtualApp):
    """Trackbook 1.1.8: MainActivity (onboarding or the two tabs) and its TrackerService."""

    name: ClassVar[str] = "trackbook"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Trackbook"
    version: ClassVar[str] = "1.1.8"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "trackbook#35",
            "crash",
            "App crashes on clicking Resume and Clear options simultaneously",
            index_crash,
            human_steps=(
                *FIRST_RUN,
                *RESUMED_AND_PAUSED,
                MAIN_BUTTON,
                CLEAR,
                CONFIRM_CLEAR,
                MAIN_BUTTON,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # PREFS_FAB_STATE / PREFS_TRACKER_SERVICE_RUNNING, the temp track file, saved tracks.
        return {"fab_state": "default", "service_running": False, "temp_track": None, "tracks": []}

    # -- the TrackerService (process memory) ---------------------------------------------------
    def _service(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.memory.setdefault("service", {"track": None, "resumed": False})

    def _add_waypoint(self, ctx: AppContext) -> None:
        """``addWayPointToTrack``: the first fix always; later ones only when
        ``isNewWayPoint`` accepts them (never: the device stands still)."""
        service = self._service(ctx)
        track = service["track"]
        if track:
            return  # isNewWayPoint: 0 m from the last waypoint
        track.append(dict(FIX, stopover=False))
        if service["resumed"]:
            last = len(track) - 2
            if last < 0:
                raise JavaException(
                    AIOOBE,
                    f"length=12; index={last}",
                    [
                        "java.util.ArrayList.get(ArrayList.java:310)",
                        "org.y20k.trackbook.TrackerService.addWayPointToTrack("
                        "TrackerService.java:425)",
                        "org.y20k.trackbook.TrackerService.startMovementRecording("
                        "TrackerService.java:318)",
                        "org.y20k.trackbook.TrackerService.startTracking(TrackerService.java:213)",
                        "org.y20k.trackbook.MainActivity.startRecording(MainActivity.java:306)",
                        "org.y20k.trackbook.MainActivity.handleFloatingActionButtonClick("
                        "MainActivity.java:549)",
                        "org.y20k.trackbook.MainActivity.access$100(MainActivity.java:74)",
                        "org.y20k.trackbook.MainActivity$2.onClick(MainActivity.java:475)",
                        "android.view.View.performClick(View.java:5204)",
                        "android.view.View$PerformClick.run(View.java:21153)",
                        *callback_frames(23),
                    ],
                )
            track[last]["stopover"] = True
            service["resumed"] = False

    def _movement_recording(self, ctx: AppContext) -> None:
        """``startMovementRecording``: a waypoint, then the listeners (state RECORDING)."""
        self._add_waypoint(ctx)
        ctx.data.update(service_running=True, fab_state="recording")

    def _start(self, ctx: AppContext) -> None:
        self._service(ctx)["track"] = []  # startTracking: a new Track
        self._movement_recording(ctx)

    def _resume(self, ctx: AppContext) -> None:
        service = self._service(ctx)
        service["resumed"] = True
        temp = ctx.data["temp_track"]
        service["track"] = [dict(p) for p in temp] if temp is not None else []
        if service["track"]:
            service["track"][-1]["stopover"] = True
        self._movement_recording(ctx)

    def _stop(self, ctx: AppContext) -> None:
        """``stopTracking``: the temp file saved, state SAVE (``mResumedFlag`` kept)."""
        if ctx.data["service_running"]:
            ctx.data["temp_track"] = [dict(p) for p in self._service(ctx)["track"] or []]
        ctx.data.update(service_running=False, fab_state="save")

    # -- MainActivity ----------------------------------------------------------------------------
    def _granted(self, ctx: AppContext) -> bool:
        return {LOCATION, STORAGE} <= ctx.permissions

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("tab", MAP_TAB)
        ctx.ui.setdefault("sub_menu", False)
        ctx.ui.setdefault("dialog", False)
        ctx.ui.setdefault("snack", "")
        if self._granted(ctx):
            self._map_created(ctx)

    def _map_created(self, ctx: AppContext) -> None:
        """MainActivityMapFragment.onCreateView: the first start's toast."""
        if not ctx.ui.get("map_shown"):
            ctx.ui["map_shown"] = True
            if not ctx.data["service_running"]:
                ctx.toast("Acquiring current location.")

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {k: ctx.ui[k] for k in ("tab", "sub_menu", "map_shown") if k in ctx.ui}

    def _got_it(self, ctx: AppContext) -> None:
        missing = [p for p in (LOCATION, STORAGE) if p not in ctx.permissions]
        ctx.ui["asked"] = list(missing)
        for permission in missing:
            ctx.request_permission(permission)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        """``onRequestPermissionsResult``: one callback once both dialogs are answered."""
        pending = ctx.ui.setdefault("asked", [])
        if permission in pending:
            pending.remove(permission)
        if pending:
            return
        if self._granted(ctx):
            ctx.toast("Permissions granted.")
            self._map_created(ctx)
        else:
            ctx.toast("Unable to start Trackbook.")

    def _main_button(self, ctx: AppContext) -> None:
        state = ctx.data["fab_state"]
        ctx.ui["snack"] = ""
        if state == "default":
            ctx.ui["snack"] = "Tracking started"
            self._start(ctx)
        elif state == "recording":
            ctx.ui["snack"] = "Tracking stopped"
            self._stop(ctx)
        else:
            ctx.ui["sub_menu"] = not ctx.ui["sub_menu"]

    def _resume_click(self, ctx: AppContext) -> None:
        ctx.ui["snack"] = "Tracking resumed"
        self._resume(ctx)
        ctx.ui["sub_menu"] = False

    def _clear_click(self, ctx: AppContext) -> None:
        ctx.ui.update(snack="", dialog=True)

    def _clear_result(self, ctx: AppContext, clear: bool) -> None:
        ctx.ui["dialog"] = False
        if not clear:
            return
        ctx.data["temp_track"] = None  # clearMap(false): deleteTempFile
        ctx.toast("Current track data removed.")
        ctx.data["fab_state"] = "default"  # dismissNotification
        ctx.ui["sub_menu"] = False

    def _save_click(self, ctx: AppContext) -> None:
        ctx.ui["snack"] = ""
        ctx.data["tracks"].append(ctx.data["temp_track"] or [])  # clearMap(true)
        ctx.toast("Saving current track.")
        ctx.data["fab_state"] = "default"
        ctx.ui.update(sub_menu=False, tab=TRACKS_TAB)

    def _select(self, ctx: AppContext, tab: str) -> None:
        ctx.ui["tab"] = tab
        if tab == TRACKS_TAB:
            ctx.ui["sub_menu"] = False

    def _onboarding(self) -> Screen:
        texts = [w.text_view(text, rid) for text, rid in ONBOARDING]
        icon = w.image_view("trackbook_icon", "Trackbook App Icon", width=200)
        claim = w.linear_layout([texts[1], texts[2]])
        body = [
            texts[0],
            w.linear_layout([icon, claim], horizontal=True, height=200, weight=0),
            *texts[3:],
            w.button("button_okay", "Got it!", self._got_it, width=300),
        ]
        return Screen(content=w.scroll_view([w.linear_layout(body)], rid="onboarding"))

    def _fabs(self, ctx: AppContext) -> list[View]:
        """The My Location mini button (bottom start) and the column of the main button with,
        when shown, the sub menu's rows above it (INVISIBLE views are not in the dump)."""
        location = w.fab(
            "fabLocationButton",
            "My Location Button",
            lambda c: None,
            size=147,
            gravity="bottom_start",
            on_long_click=lambda c: c.toast("Night mode switch (long press detected)"),
        )
        rows = []
        if ctx.ui["sub_menu"]:
            handlers = {
                "Save": self._save_click,
                "Clear": self._clear_click,
                "Resume": self._resume_click,
            }
            for name, button_desc, label_desc in SUB_MENU:
                label = w.frame_layout(
                    rid=f"fabSubMenuLabel{name}",
                    content_desc=label_desc,
                    on_click=handlers[name],
                    width=220,
                    children=[w.text_view(name)],
                )
                small = w.image_button(
                    f"fabSubMenuButton{name}", button_desc, handlers[name], width=147
                )
                rows.append(self._fab_row([label, small], 190))
        main = w.fab("fabMainButton", "Main Action Button", self._main_button, gravity="")
        rows.append(self._fab_row([main], 210))
        column = w.linear_layout(
            rows, width=560, height=sum(r.height or 0 for r in rows), gravity="bottom_end"
        )
        return [location, column]

    def _fab_row(self, views: list[View], height: int) -> View:
        return w.linear_layout(
            [View(cls="android.view.View"), *views], horizontal=True, height=height, weight=0
        )

    def _main(self, ctx: AppContext) -> Screen:
        tab = ctx.ui["tab"]
        if tab == MAP_TAB:
            page = [View(cls="org.osmdroid.views.MapView"), *self._fabs(ctx)]
        elif ctx.data["tracks"]:
            page = [View(cls="org.osmdroid.views.MapView", content_desc="Mapping of last track")]
        else:
            page = [
                w.linear_layout(
                    [
                        w.text_view("Your recorded tracks"),
                        w.image_view("trackbook_icon", width=200),
                        w.text_view("… will show up here."),
                    ],
                    rid="track_tab_onboarding",
                )
            ]
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="fragmentContainer",
            layout=FRAME,
            children=page,
        )
        content: list[View] = [pager]
        if ctx.ui["snack"]:
            content.append(
                w.linear_layout([w.text_view(ctx.ui["snack"], "snackbar_text")], height=150)
            )
        content.append(
            w.bottom_navigation(
                [("navigation_map", MAP_TAB), ("navigation_last_tracks", TRACKS_TAB)],
                tab,
                self._select,
                rid="navigation",
                cls="android.support.design.widget.BottomNavigationView",
                item_cls="android.support.design.internal.BottomNavigationItemView",
                label_rid="largeLabel",
            )
        )
        windows: list[Window] = []
        if ctx.ui["dialog"]:
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [w.dialog_message("Clear Recording?")],
                    w.dialog_buttons(
                        ("Clear", w.bind(self._clear_result, True)),
                        ("Cancel", w.bind(self._clear_result, False)),
                    ),
                    w.bind(self._clear_result, False),
                )
            )
        return Screen(content=w.linear_layout(content, rid="container"), windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if not self._granted(ctx):
            return self._onboarding()
        return self._main(ctx)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "trackbook#35": [
        # Never resumed: the flag was never set, the new recording starts.
        [*FIRST_RUN, MAIN_BUTTON, MAIN_BUTTON, MAIN_BUTTON, CLEAR, CONFIRM_CLEAR, MAIN_BUTTON],
        # The clear dialog cancelled: the main button only toggles the sub menu.
        [*FIRST_RUN, *RESUMED_AND_PAUSED, MAIN_BUTTON, CLEAR, CANCEL, MAIN_BUTTON],
        # Resumed, stopped and cleared, but no new recording is started.
        [*FIRST_RUN, *RESUMED_AND_PAUSED, MAIN_BUTTON, CLEAR, CONFIRM_CLEAR],
        # The process restarted before recording again: a new service, the flag unset.
        [
            *FIRST_RUN,
            *RESUMED_AND_PAUSED,
            MAIN_BUTTON,
            CLEAR,
            CONFIRM_CLEAR,
            {"kind": "restart_app"},
            MAIN_BUTTON,
        ],
    ],
}
