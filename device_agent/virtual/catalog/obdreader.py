"""Android OBD-II Reader (``pt.lighthouselabs.obd.reader``) 2.0, with bug android-obd-reader#22
(crash).

Modelled from the sources at commit ``deb7bd5`` (2014-07-24, version name 2.0: the last commit
before the fix ``415e3d8`` "Fix #22 and refactor service binding code"): ``AndroidManifest.xml``,
``activity/MainActivity.java``, ``ConfigActivity.java``, ``TroubleCodesActivity.java``,
``io/AbstractGatewayService.java``, ``io/MockObdGatewayService.java``, ``res/layout/main.xml``,
``res/xml/preferences.xml``, ``res/values/strings.xml``, ``res/values-v14/styles.xml``; and
the commands of obd-java-api 0.6 (commit ``88eea27``: names and formatted results). That
build is the one a phone or emulator without Bluetooth can run: ``MainActivity`` binds the mock
gateway service (``MockObdGatewayService``) when Bluetooth is missing or off.

- The world: the device has no Bluetooth adapter (no OBD-II adapter is reachable) and its
  orientation sensor reads 0 (north). So ``MainActivity`` shows the message dialog "You have
  Bluetooth disabled. Please enable it!" (no title, no buttons; touching outside or Back
  closes it), toasts "BT is disabled, will use Mock service instead" and binds the mock
  service (bound at once: ``onServiceConnected``);
- ``MainActivity`` (Holo Light with a dark action bar: "Android OBD-II Reader" and More options)
  shows ``main.xml``: ``fuel_econ_text`` "0", ``avg_fuel_econ_lbl`` "l/100km",
  ``compass_text`` "N", ``inst_fuel_econ_text`` "0l/100km", ``run_time_text`` "00:00:00",
  ``rpm_text``, ``spd_text`` and the table ``data_table`` (in ``data_scroll``). The options
  menu: Start Live Data, Stop Live Data, Get DTC, Settings; while the service runs only Stop Live
  Data is enabled, otherwise all but Stop Live Data;
- Start Live Data starts the mock service, which answers every command with ``41 00 00 00``:
  the setup jobs (Reset OBD, Echo Off twice, Line Feed Off, Timeout, Select Protocol AUTO,
  Ambient Air Temperature) then one round of the live commands (Ambient Air Temperature, Vehicle
  Speed, Fuel Economy, Engine RPM, Fuel Level) fill the table (at most 10 rows), ``rpm_text``
  ("0 RPM") and ``spd_text`` ("0km/h"); Fuel Economy divides by the speed 0 and shows its
  initial "-1.0 l/100km". The next rounds, every 2 s, are not modelled (no clock);
- Get DTC opens ``TroubleCodesActivity``, which toasts "No bluetooth device selected!" and
  closes; Settings opens ``ConfigActivity`` (the preference screen, shown as a stub list).

The bug (android-obd-reader#22): ``onServiceConnected`` sets ``isServiceBound``, but
``doUnbindService`` never clears it. The first Stop Live Data unbinds the connection; the next
Start Live Data restarts the still-referenced service (``isServiceBound`` is still true), and
the second Stop Live Data calls ``unbindService`` on a connection the system no longer knows:
``IllegalArgumentException: Service not registered`` (fixed in ``415e3d8``, which clears the
flag). The crash block is the report's (its line numbers are the reporter's build). The same
stale flag makes ``onDestroy`` unbind again once stopped: leaving with Back, or rotating, after
a Stop Live Data crashes with "Unable to destroy activity" (a ``RuntimeException``, another
crash than the report's).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "pt.lighthouselabs.obd.reader"
MAIN = ".activity.MainActivity"
CONFIG = ".activity.ConfigActivity"
TROUBLE_CODES = ".activity.TroubleCodesActivity"
APP_NAME = "Android OBD-II Reader"
BT_DISABLED = "You have Bluetooth disabled. Please enable it!"
MOCK_TOAST = "BT is disabled, will use Mock service instead"
START, STOP, GET_DTC, SETTINGS = "Start Live Data", "Stop Live Data", "Get DTC", "Settings"
MAX_ROWS = 10
MOCK_ANSWER = "41 00 00 00"
# The mock's answers to the setup jobs (protocol commands show the raw answer), then one round of
# MainActivity.queueCommands(): (command name, formatted result).
SETUP_JOBS = (
    ("Reset OBD", MOCK_ANSWER),
    ("Echo Off", MOCK_ANSWER),
    ("Echo Off", MOCK_ANSWER),
    ("Line Feed Off", MOCK_ANSWER),
    ("Timeout", MOCK_ANSWER),
    ("Select Protocol AUTO", MOCK_ANSWER),
    ("Ambient Air Temperature", "-40C"),
)
LIVE_JOBS = (
    ("Ambient Air Temperature", "-40C"),
    ("Vehicle Speed", "0km/h"),
    ("Fuel Economy", "-1.0 l/100km"),
    ("Engine RPM", "0 RPM"),
    ("Fuel Level", "0.0%"),
)
CONNECTION = "pt.lighthouselabs.obd.reader.activity.MainActivity$3@41d9e930"
NOT_REGISTERED = f"Service not registered: {CONNECTION}"
# The report's stack trace (the reporter's build).
STOP_FRAMES = [
    "android.app.LoadedApk.forgetServiceDispatcher(LoadedApk.java:926)",
    "android.app.ContextImpl.unbindService(ContextImpl.java:1761)",
    "android.content.ContextWrapper.unbindService(ContextWrapper.java:491)",
    "pt.lighthouselabs.obd.reader.activity.MainActivity.doUnbindService(MainActivity.java:408)",
    "pt.lighthouselabs.obd.reader.activity.MainActivity.stopLiveData(MainActivity.java:296)",
    "pt.lighthouselabs.obd.reader.activity.MainActivity.onOptionsItemSelected"
    "(MainActivity.java:259)",
    "android.app.Activity.onMenuItemSelected(Activity.java:2608)",
    "com.android.internal.policy.impl.PhoneWindow.onMenuItemSelected(PhoneWindow.java:1104)",
    "com.android.internal.view.menu.MenuBuilder.dispatchMenuItemSelected(MenuBuilder.java:735)",
    "com.android.internal.view.menu.MenuItemImpl.invoke(MenuItemImpl.java:149)",
    "com.android.internal.view.menu.MenuBuilder.performItemAction(MenuBuilder.java:874)",
    "com.android.internal.view.menu.ListMenuPresenter.onItemClick(ListMenuPresenter.java:178)",
    "android.widget.AdapterView.performItemClick(AdapterView.java:301)",
    "android.widget.AbsListView.performItemClick(AbsListView.java:1525)",
    "android.widget.AbsListView$PerformClick.run(AbsListView.java:3297)",
    "android.widget.AbsListView$1.run(AbsListView.java:4348)",
    "android.os.Handler.handleCallback(Handler.java:725)",
    "android.os.Handler.dispatchMessage(Handler.java:92)",
    "android.os.Looper.loop(Looper.java:137)",
    "android.app.ActivityThread.main(ActivityThread.java:5306)",
    "java.lang.reflect.Method.invokeNative(Native Method)",
    "java.lang.reflect.Method.invoke(Method.java:511)",
    "com.android.internal.os.ZygoteInit$MethodAndArgsCaller.run(ZygoteInit.java:1102)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:869)",
    "dalvik.system.NativeStart.main(Native Method)",
]
# onDestroy's unbind of a stale connection (line numbers of commit deb7bd5).
DESTROY_FRAMES = [
    "android.app.ActivityThread.performDestroyActivity(ActivityThread.java:3497)",
    "android.app.ActivityThread.handleDestroyActivity(ActivityThread.java:3515)",
    "android.app.ActivityThread.access$1400(ActivityThread.java:135)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1249)",
    "android.os.Handler.dispatchMessage(Handler.java:102)",
    "android.os.Looper.loop(Looper.java:136)",
    "android.app.ActivityThread.main(ActivityThread.java:5017)",
    "java.lang.reflect.Method.invoke(Native Method)",
]
DESTROY_CAUSE_FRAMES = [
    "android.app.LoadedApk.forgetServiceDispatcher(LoadedApk.java:926)",
    "android.app.ContextImpl.unbindService(ContextImpl.java:1701)",
    "android.content.ContextWrapper.unbindService(ContextWrapper.java:526)",
    "pt.lighthouselabs.obd.reader.activity.MainActivity.doUnbindService(MainActivity.java:420)",
    "pt.lighthouselabs.obd.reader.activity.MainActivity.onDestroy(MainActivity.java:221)",
    "android.app.Activity.performDestroy(Activity.java:5403)",
]
# res/xml/preferences.xml: (category, [(title, summary)]).
PREFERENCES = (
    (
        "OBD Preferences",
        (
            ("Enable Data Upload", "Disable http data upload"),
            ("Upload URL", "POST URL that will accept real-time data"),
            ("Vehicle ID", "Optional unique id of this vehicle, used with uploaded data"),
            ("Bluetooth Devices", "List of paired bluetooth devices."),
            ("Imperial Units", "Enable imperial units"),
            ("Enable GPS", "Turn on GPS"),
            (
                "Update Period in Seconds",
                "The length of time between querying vehicle data in seconds",
            ),
            (
                "Maximum Fuel Economy Value",
                "Any fuel economy values larger than this will be thrown out",
            ),
            ("Volumetric Efficiency", "Used for fuel economy on vehicles without MAF sensor"),
            (
                "Engine Displacement (liters)",
                "Used for fuel economy on vehicles without MAF sensor",
            ),
            (
                "Reader Config Commands",
                "Commands to configure bluetooth reader, separate with new line",
            ),
        ),
    ),
    (
        "OBD Commands",
        (("OBD Commands", "Select the commands you would like to see in real-time."),),
    ),
)


def _oracle_22(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Stop Live Data unbound a connection the system had already forgotten."""
    return crashed(system, PACKAGE, "java.lang.IllegalArgumentException", "Service not registered")


def _menu_item(title: str) -> dict[str, Any]:
    return click(PACKAGE, "android:id/title", title)


_MORE = {
    "kind": "click",
    "target": {"resource_id": "", "text": "", "content_desc": w.MORE_OPTIONS, "class_name": ""},
}

BUG_22 = BugSpec(
    bug_id="android-obd-reader#22",
    kind="crash",
    title="Every 2nd Stop Live Data crash",
    oracle=_oracle_22,
    human_steps=(
        {"kind": "press_back"},  # closes the Bluetooth message
        _MORE,
        _menu_item(START),
        _MORE,
        _menu_item(STOP),
        _MORE,
        _menu_item(START),
        _MORE,
        _menu_item(STOP),
    ),
)


class ObdReader(VirtualApp):
    """Android OBD-II Reader 2.0 (see the module docstring)."""

    name: ClassVar[str] = "android-obd-reader"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "2.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_22,)

    def initial_data(self) -> dict[str, Any]:
        return {"bluetooth_device": None}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == TROUBLE_CODES:
            # No device in bluetooth_list_preference: a toast, then finish().
            ctx.toast("No bluetooth device selected!")
            ctx.finish()
            return
        if ctx.activity != MAIN:
            return
        # No Bluetooth adapter: preRequisites is false.
        ui.update(dialog=True, menu=False, rows=[], rpm="", speed="", running=False)
        ctx.toast(MOCK_TOAST)
        # onStart: doBindService() binds MockObdGatewayService; onServiceConnected follows.
        ui.update(bound=True, registered=True, connected=True)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        """Rotation destroys the activity: ``onDestroy`` unbinds (again, once stopped)."""
        if ctx.activity == MAIN:
            self._on_destroy(ctx)
        return {}

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity != MAIN:
            return False
        if w.dismiss(ui, "menu"):
            return True
        self._on_destroy(ctx)  # Back finishes the activity
        return False

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == CONFIG:
            rows: list[View] = []
            for category, prefs in PREFERENCES:
                rows.append(w.preference_category(category))
                rows.extend(
                    w.preference(title, summary, lambda c: None) for title, summary in prefs
                )
            bar = w.toolbar(APP_NAME, rid="android:id/action_bar")
            listing = w.list_view(rows, scroll_key="prefs_scroll")
            return Screen(content=w.linear_layout([bar, listing]))
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        return Screen(content=w.linear_layout())

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        more = w.image_button("", w.MORE_OPTIONS, lambda c: c.ui.update(menu=True), width=126)
        bar = w.toolbar(APP_NAME, rid="android:id/action_bar", actions=[more])
        head = View(
            cls="android.widget.TableLayout",
            height=180,
            children=[
                View(
                    cls="android.widget.TableRow",
                    layout=HORIZONTAL,
                    children=[
                        w.text_view("0", "fuel_econ_text", height=180),
                        w.text_view("l/100km", "avg_fuel_econ_lbl", height=180),
                        w.text_view("N", "compass_text", height=180),
                    ],
                )
            ],
        )
        live = View(
            cls="android.widget.TableLayout",
            height=80,
            children=[
                View(
                    cls="android.widget.TableRow",
                    layout=HORIZONTAL,
                    children=[
                        w.text_view("0l/100km", "inst_fuel_econ_text", height=80),
                        w.text_view("00:00:00", "run_time_text", height=80),
                        w.text_view(ui["rpm"], "rpm_text", height=80),
                        w.text_view(ui["speed"], "spd_text", height=80),
                    ],
                )
            ],
        )
        table = View(
            cls="android.widget.TableLayout",
            resource_id="data_table",
            weight=0,
            children=[
                View(
                    cls="android.widget.TableRow",
                    layout=HORIZONTAL,
                    height=70,
                    children=[w.text_view(f"{name}: ", height=70), w.text_view(value, height=70)],
                )
                for name, value in ui["rows"]
            ],
        )
        scroll = w.scroll_view(
            [table], rid="data_scroll", scrollable=True, scroll_key="data_scroll"
        )
        content = w.linear_layout(
            [
                bar,
                w.linear_layout([head, live, scroll], rid="vehicle_view"),
            ]
        )
        windows: list[Window] = []
        if ui["menu"]:
            windows.append(self._options_menu(ctx))
        if ui["dialog"]:
            message = w.scroll_view(
                [w.text_view(BT_DISABLED, "android:id/message", height=160)],
                rid="android:id/scrollView",
                weight=0,
            )
            panel = w.linear_layout([message], rid="android:id/contentPanel", weight=0)
            windows.append(
                Window(
                    root=w.linear_layout([panel], rid="android:id/parentPanel", weight=0),
                    on_dismiss=lambda c: c.ui.update(dialog=False),
                )
            )
        return Screen(content=content, windows=windows)

    def _options_menu(self, ctx: AppContext) -> Window:
        """The overflow: onPrepareOptionsMenu enables the items by the service's state."""
        running = ctx.ui["connected"] and ctx.ui["running"]
        enabled = {START: not running, STOP: running, GET_DTC: not running, SETTINGS: not running}
        rows = [
            w.linear_layout(
                [w.text_view(title, "android:id/title", height=126, enabled=enabled[title])],
                height=126,
                enabled=enabled[title],
                on_click=w.bind(self._option, title) if enabled[title] else None,
                clickable=True,
            )
            for title in (START, STOP, GET_DTC, SETTINGS)
        ]
        listing = View(cls="android.widget.ListView", weight=0, children=rows)
        return Window(root=listing, kind="menu", on_dismiss=lambda c: c.ui.update(menu=False))

    # -- handlers ----------------------------------------------------------------------------
    def _option(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = False
        if title == START:
            self._start_live_data(ctx)
        elif title == STOP:
            self._stop_live_data(ctx)
        elif title == GET_DTC:
            ctx.start_activity(TROUBLE_CODES)
        else:
            ctx.start_activity(CONFIG)

    def _start_live_data(self, ctx: AppContext) -> None:
        """startLiveData: ``isServiceBound && !service.isRunning()`` starts the service (the mock
        answers the setup jobs), then queueCommands runs once (the next rounds are 2 s apart)."""
        ui = ctx.ui
        if ui["bound"] and not ui["running"]:
            ui["running"] = True
            for job in SETUP_JOBS:
                self._state_update(ctx, job)
        if ui["running"] and ui["bound"]:
            for job in LIVE_JOBS:
                self._state_update(ctx, job)

    def _state_update(self, ctx: AppContext, job: tuple[str, str]) -> None:
        name, result = job
        ui = ctx.ui
        if name == "Engine RPM":
            ui["rpm"] = result
        elif name == "Vehicle Speed":
            ui["speed"] = result
        else:
            ui["rows"] = [*ui["rows"], [name, result]][-MAX_ROWS:]

    def _stop_live_data(self, ctx: AppContext) -> None:
        """stopLiveData: ``if (isServiceBound) doUnbindService()``."""
        if ctx.ui["bound"]:
            self._unbind(ctx)

    def _unbind(self, ctx: AppContext) -> None:
        """doUnbindService: stop the service, then ``unbindService``; ``isServiceBound`` stays
        true (the bug)."""
        ui = ctx.ui
        ui["running"] = False  # service.stopService()
        if not ui["registered"]:
            raise JavaException(
                "java.lang.IllegalArgumentException", NOT_REGISTERED, frames=STOP_FRAMES
            )
        ui["registered"] = False

    def _on_destroy(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if not ui.get("bound"):
            return
        try:
            self._unbind(ctx)
        except JavaException as exc:
            cause = JavaException(exc.java_class, exc.message, frames=DESTROY_CAUSE_FRAMES)
            raise JavaException(
                "java.lang.RuntimeException",
                f"Unable to destroy activity {{{PACKAGE}/{PACKAGE}{MAIN}}}: "
                f"java.lang.IllegalArgumentException: {NOT_REGISTERED}",
                frames=DESTROY_FRAMES,
                cause=cause,
            ) from exc
