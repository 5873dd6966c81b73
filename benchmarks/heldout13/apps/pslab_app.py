"""PSLab (``io.pslab``) 3.1.36, for pslab-app#2587 (a crash).

Modelled from the sources at tag ``v3.1.36`` (commit ``c6b95f2c``; ``ESPFragment.java`` is
unchanged up to ``6e117af6``, the development build just before the fix, which the reporter ran):
``app/src/main/AndroidManifest.xml``, ``activity/SplashActivity.java``,
``others/PSLabPermission.java``, ``activity/MainActivity.java``,
``fragment/InstrumentsFragment.java``, ``fragment/HomeFragment.java``,
``fragment/ESPFragment.java``, ``others/CustomSnackBar.java``, ``res/layout/splash_screen.xml``,
``activity_main.xml``, ``app_bar_main.xml``, ``nav_header_main.xml``,
``applications_fragment.xml``, ``application_list_item.xml``, ``home_fragment.xml``,
``fragment_esp.xml``, ``res/menu/activity_main_drawer.xml``, ``pslab_connectivity_menu.xml`` and
``res/values/strings.xml``. The fix is commit ``254d867e`` (PR #2588, "fix crash if invalid
host is entered"), which catches the exception in ``ESPTask.doInBackground``.

What is modelled: ``SplashActivity`` on a fresh install runs ``PSLabPermission.checkPermissions``
(ALL_PERMISSION): three disclosure AlertDialogs, created in the order storage, audio, location,
so the location one is on top ("Location Permission Disclosure", not cancelable; the other two
can be dismissed by a touch outside, which requests nothing), each with ACCEPT and DENY (DENY
toasts "Please grant the permission.") requesting its permission; when the third answer arrives
(``requestCode == PERMISSIONS_REQUIRED``) the splash opens ``MainActivity`` (the 2 s delay is
folded into the answer). With every permission already granted the splash passes straight on.
``MainActivity``: the toolbar (drawer toggle "open_drawer", the fragment's title, the
"Disconnected" action, the overflow with "Pin Layout Front"/"Pin Layout Back"), the Instruments
fragment (the 16 instrument cards, ``heading_card``/``description_card``; each opens its
instrument activity, a stub), the NavigationView drawer (header "PSLab" and "No USB Device
Found"; Instruments, Logged Data, Connect Device, Generate Config File, Settings, About Us, Rate
App, Buy PSLab, FAQ, Share App, Privacy Policy) and the Connect Device fragment (``HomeFragment``
without a device: "No USB Device Found", the three connection steps, "Connect using Bluetooth or
Wi-Fi", the ``bluetooth_btn`` "Bluetooth" and ``wifi_btn`` "WiFi" buttons, "What is PSLab
Device?"). "Disconnected" finds no USB device: the Snackbar "No USB Device Found" and the Connect
Device fragment. "WiFi" opens the ``ESPFragment`` dialog (``esp_ip_edit_text`` with the hint
"Enter IP address of ESP module", ``esp_connect_btn`` "Connect"). Stubs: the instrument, Logged
Data, Generate Config File and Settings activities (a title and Navigate up); About Us, FAQ and
the pin layouts (their title, an empty body); the Bluetooth scan dialog (its title and an empty
list: no Bluetooth hardware); "What is PSLab Device?" shows an empty WebView (Back hides it).
Rate App, Buy PSLab, Privacy Policy (a Custom Tab) and Share App (the system chooser) open other
apps: they only close the drawer here.

Fixed data instead of the network: no ESP module answers on the test device, so a Connect with a
well-formed host ends, as the app's ``IOException`` branch does, in the Snackbar "Please enter
valid IP address" (the request's time-out is folded into the tap). An empty field shows the same
Snackbar without a request.

The bug (pslab-app#2587): ``ESPTask.doInBackground`` builds
``new Request.Builder().url("http://" + espIPAddress)`` (``ESPFragment.java:101``) inside a
``try`` that catches only ``IOException``; okhttp's ``HttpUrl`` parser rejects a host it cannot
canonicalise (an empty label such as ".lo", a forbidden character, an empty host) with
``IllegalArgumentException: Invalid URL host: "..."`` (and a bad port with "Invalid URL port"),
which escapes the AsyncTask thread as ``RuntimeException: An error occurred while executing
doInBackground()`` and kills the app. The parse below follows okhttp 4's ``HttpUrl.Builder``
(whitespace trim, leading slashes, userinfo, port, percent-decoding, IDN label rules as far as
ASCII input goes; IPv6 literals are accepted when bracketed and made of hex digits, ':' and
'.'). The report's trace is quoted down to ``ESPTask.doInBackground``; the frames after it are
the model's (the report is cut there).

Uncertain: the AsyncTask thread's number (the report's is "AsyncTask #2"; the model counts the
ESP tasks of the process); the order in which the three disclosure dialogs stack; on Android 13+
the storage request is answered without a system dialog (the device here shows one for each).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "io.pslab"
SPLASH = "io.pslab.activity.SplashActivity"
MAIN = "io.pslab.activity.MainActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
AUDIO = "android.permission.RECORD_AUDIO"
LOCATION = "android.permission.ACCESS_FINE_LOCATION"

# PSLabPermission's disclosures: permission -> (title, message, cancelable).
DISCLOSURES: dict[str, tuple[str, str, bool]] = {
    STORAGE: (
        "Storage Permission Disclosure",
        "PSLab requires access to storage to enable the storage and import of sensor data.",
        True,
    ),
    AUDIO: (
        "Audio Permission Disclosure",
        "PSLab requires access to record audio for recording data using the Built-In MIC.",
        True,
    ),
    LOCATION: (
        "Location Permission Disclosure",
        "PSLab requires access to location data to show the location of measurements on a map.",
        False,
    ),
}
ALL_PERMISSIONS = (STORAGE, AUDIO, LOCATION)

NOT_FOUND = "No USB Device Found"
BAD_IP = "Please enter valid IP address"
# InstrumentsFragment's cards: (name, description); each opens its activity (a stub here).
INSTRUMENTS: tuple[tuple[str, str], ...] = (
    ("Oscilloscope", "Allows observation of varying signal voltages"),
    ("Multimeter", "Measure voltage, current, resistance and capacitance"),
    ("Logic Analyzer", "Captures and displays signals from digital systems"),
    ("Sensors", "Allows logging of data returned by sensor connected"),
    ("Wave Generator", "Generates arbitrary analog and digital waveforms"),
    ("Power Source", "Generates programmable voltage and currents"),
    ("Lux Meter", "Measures the ambient light intensity"),
    ("Accelerometer", "Measures the Linear acceleration in XYZ directions"),
    ("Barometer", "Measures the atmospheric pressure"),
    ("Compass", "Three axes magnetometer pointing to magnetic north"),
    ("Gyroscope", "Measures rate of rotation about XYZ axis"),
    ("Thermometer", "To measure the ambient temperature"),
    ("Robotic Arm", "Controls servos of a robotic arm"),
    (
        "Gas Sensor",
        "Air quality sensor for detecting a wide range of gases, including NH3, NOx, alcohol, "
        "benzene, smoke and CO2",
    ),
    (
        "Dust Sensor",
        "Dust sensor is used to measure air quality in terms of particles per square meter",
    ),
    ("Sound Meter", "To measure the loudness in the environment in decibel(dB)"),
)
# The drawer (activity_main_drawer.xml) in its three groups: (menu id, title).
NAV_GROUPS: tuple[tuple[tuple[str, str], ...], ...] = (
    (("nav_instruments", "Instruments"), ("sensor_data_logger", "Logged Data")),
    (
        ("nav_device", "Connect Device"),
        ("nav_generate_config", "Generate Config File"),
        ("nav_settings", "Settings"),
    ),
    (
        ("nav_about_us", "About Us"),
        ("nav_rate", "Rate App"),
        ("nav_buy_pslab", "Buy PSLab"),
        ("nav_help_feedback", "FAQ"),
        ("nav_share_app", "Share App"),
        ("nav_privacy_policy", "Privacy Policy"),
    ),
)
# Fragments the drawer loads into R.id.frame, and their toolbar titles (nav_item_activity_titles).
FRAGMENT_TITLES = {
    "nav_instruments": "Instruments",
    "nav_device": "Connect Device",
    "nav_about_us": "About Us",
    "nav_help_feedback": "FAQs",
    "pin_front": "Pin Layout",
    "pin_back": "Pin Layout",
}
STUB_ACTIVITIES = {
    "sensor_data_logger": "io.pslab.activity.DataLoggerActivity",
    "nav_generate_config": "io.pslab.activity.CreateConfigActivity",
    "nav_settings": "io.pslab.activity.SettingsActivity",
}
STUB_TITLES = {
    "io.pslab.activity.DataLoggerActivity": "Logged Data",
    "io.pslab.activity.CreateConfigActivity": "Generate Config File",
    "io.pslab.activity.SettingsActivity": "Settings",
}
for _name, _ in INSTRUMENTS:
    _cls = "io.pslab.activity." + {
        "Logic Analyzer": "LogicalAnalyzerActivity",
        "Sensors": "SensorActivity",
        "Wave Generator": "WaveGeneratorActivity",
        "Power Source": "PowerSourceActivity",
        "Lux Meter": "LuxMeterActivity",
        "Gas Sensor": "GasSensorActivity",
        "Dust Sensor": "DustSensorActivity",
        "Sound Meter": "SoundMeterActivity",
        "Robotic Arm": "RoboticArmActivity",
    }.get(_name, _name.replace(" ", "") + "Activity")
    STUB_TITLES[_cls] = _name

# okhttp's containsInvalidHostnameAsciiCodes: these, controls and non-ASCII above 0x7e.
_BAD_HOST_CHARS = set(" #%/:?@[\\]")
_IPV6 = re.compile(r"^[0-9A-Fa-f:.]+$")


def _percent_decode(text: str) -> str:
    """okhttp's percentDecode: %XX sequences become their byte; a stray % stays."""

    def repl(match: re.Match[str]) -> str:
        return chr(int(match.group(1), 16))

    return re.sub(r"%([0-9A-Fa-f]{2})", repl, text)


def _canonical_host(host: str) -> str | None:
    """okhttp's toCanonicalHost for the ASCII hosts a user types: None when invalid."""
    decoded = _percent_decode(host)
    if ":" in decoded:  # an IPv6 literal
        inner = decoded[1:-1] if decoded.startswith("[") and decoded.endswith("]") else decoded
        return inner if inner and _IPV6.match(inner) and "::" not in inner[2:-2] else None
    if not decoded:
        return None
    # IDN.toASCII: every label but a final empty one must be 1-63 characters.
    labels = decoded.split(".")
    if labels[-1] == "" and len(labels) > 1:
        labels = labels[:-1]
    if any(not label or len(label) > 63 for label in labels):
        return None
    lowered = decoded.lower()
    if any(ord(c) <= 0x1F or ord(c) >= 0x7F or c in _BAD_HOST_CHARS for c in lowered):
        return None
    return lowered


def url_error(typed: str) -> str | None:
    """The IllegalArgumentException message ``Request.Builder.url("http://" + typed)`` throws,
    or None when okhttp parses the URL."""
    url = ("http://" + typed).strip(" \t\n\f\r")
    pos = len("http:")
    while pos < len(url) and url[pos] in "/\\":
        pos += 1
    end = len(url)
    for i in range(pos, len(url)):
        if url[i] in "/\\?#":
            end = i
            break
    authority = url[pos:end]
    at = authority.rfind("@")
    host_start = pos + at + 1 if at >= 0 else pos
    colon = -1
    bracket = False
    for i in range(host_start, end):
        if url[i] == "[":
            bracket = True
        elif url[i] == "]":
            bracket = False
        elif url[i] == ":" and not bracket:
            colon = i
            break
    host_end = colon if colon >= 0 else end
    raw_host = url[host_start:host_end]
    if _canonical_host(raw_host) is None:
        return f'Invalid URL host: "{raw_host}"'
    if colon >= 0 and colon + 1 < end:
        raw_port = url[colon + 1 : end]
        port = _percent_decode(raw_port)
        if not port.isdigit() or not 1 <= int(port) <= 65535:
            return f'Invalid URL port: "{raw_port}"'
    return None


def _esp_failure(message: str, task: int) -> JavaException:
    """ESPTask's uncaught IllegalArgumentException, rethrown by AsyncTask's FutureTask."""
    cause = JavaException(
        "java.lang.IllegalArgumentException",
        message,
        frames=[
            "okhttp3.HttpUrl$Builder.parse$okhttp(HttpUrl.kt:1338)",
            "okhttp3.HttpUrl$Companion.get(HttpUrl.kt:1634)",
            "okhttp3.Request$Builder.url(Request.kt:184)",
            "io.pslab.fragment.ESPFragment$ESPTask.doInBackground(ESPFragment.java:101)",
            "io.pslab.fragment.ESPFragment$ESPTask.doInBackground(ESPFragment.java:87)",
            "android.os.AsyncTask$3.call(AsyncTask.java:394)",
            "java.util.concurrent.FutureTask.run(FutureTask.java:264)",
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        "An error occurred while executing doInBackground()",
        frames=[
            "android.os.AsyncTask$4.done(AsyncTask.java:415)",
            "java.util.concurrent.FutureTask.finishCompletion(FutureTask.java:381)",
            "java.util.concurrent.FutureTask.setException(FutureTask.java:250)",
            "java.util.concurrent.FutureTask.run(FutureTask.java:269)",
            "android.os.AsyncTask$SerialExecutor$1.run(AsyncTask.java:305)",
            "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1145)",
            "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:644)",
            "java.lang.Thread.run(Thread.java:1012)",
        ],
        cause=cause,
        thread=f"AsyncTask #{task}",
    )


def _esp_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #2587: the app died of ESPTask's uncaught URL exception."""
    return crashed(system, PACKAGE, "java.lang.RuntimeException", "doInBackground()")


ACCEPT = click(PACKAGE, "android:id/button1", "ACCEPT", cls="android.widget.Button")
ALLOW = allow_permission(PACKAGE)
FIRST_RUN = [ACCEPT, ALLOW, ACCEPT, ALLOW, ACCEPT, ALLOW]
DRAWER = click(PACKAGE, desc="open_drawer")
CONNECT_DEVICE = click(
    PACKAGE, "design_menu_item_text", "Connect Device", cls="android.widget.CheckedTextView"
)
WIFI = click(PACKAGE, "wifi_btn", "WiFi", cls="android.widget.Button")
CONNECT = click(PACKAGE, "esp_connect_btn", "Connect", cls="android.widget.Button")


def _type(text: str) -> dict[str, Any]:
    return input_text(PACKAGE, "esp_ip_edit_text", text)


BUG_2587 = BugSpec(
    bug_id="pslab-app#2587",
    kind="crash",
    title="App crashes if unknown host is entered",
    oracle=_esp_crashed,
    human_steps=(*FIRST_RUN, DRAWER, CONNECT_DEVICE, WIFI, _type(".lo"), CONNECT),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG_2587.bug_id: [
        # A well-formed address: the request fails quietly (Snackbar).
        [*FIRST_RUN, DRAWER, CONNECT_DEVICE, WIFI, _type("192.168.4.1"), CONNECT],
        # The host without the leading dot parses.
        [*FIRST_RUN, DRAWER, CONNECT_DEVICE, WIFI, _type("lo"), CONNECT],
        # An empty field: the Snackbar, no request.
        [*FIRST_RUN, DRAWER, CONNECT_DEVICE, WIFI, CONNECT],
        # The bad host typed, but the dialog closed instead of Connect.
        [*FIRST_RUN, DRAWER, CONNECT_DEVICE, WIFI, _type(".lo"), {"kind": "press_back"}],
        # Bluetooth instead of WiFi.
        [
            *FIRST_RUN,
            DRAWER,
            CONNECT_DEVICE,
            click(PACKAGE, "bluetooth_btn", "Bluetooth", cls="android.widget.Button"),
        ],
    ],
}


class PSLab(VirtualApp):
    """PSLab 3.1.36 (see the module docstring)."""

    name: ClassVar[str] = "pslab-app"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "PSLab"
    version: ClassVar[str] = "3.1.36"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_2587,)

    def initial_data(self) -> dict[str, Any]:
        return {}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SPLASH:
            if "disclosures" in ui:
                return  # re-created: the dialogs were not restored
            needed = [p for p in ALL_PERMISSIONS if p not in ctx.permissions]
            if not needed:
                self._exit_splash(ctx)
                return
            ui.update(disclosures=needed, required=len(needed), answered=0)
        elif ctx.activity == MAIN:
            for key, value in (
                ("fragment", "nav_instruments"),
                ("drawer", False),
                ("menu", False),
                ("esp", None),
                ("bluetooth", False),
                ("web", False),
                ("snackbar", ""),
            ):
                ui.setdefault(key, value)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != SPLASH:
            return
        ctx.ui["answered"] += 1  # ++REQUEST_CODE reaches PERMISSIONS_REQUIRED
        if ctx.ui["answered"] == ctx.ui["required"]:
            self._exit_splash(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity != MAIN:
            return False
        if w.dismiss(ui, "drawer") or w.dismiss(ui, "menu"):
            return True
        if ui["fragment"] == "nav_device" and ui["web"]:
            ui["web"] = False
            return True
        if ui["fragment"] != "nav_instruments":
            self._load(ctx, "nav_instruments")
            return True
        if ui.get("back_armed"):
            return False
        ui.update(back_armed=True, snackbar="Press again to close PSLab")
        return True

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and direction == "right" and not ctx.ui["drawer"]:
            ctx.ui["drawer"] = True
            return True
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _exit_splash(self, ctx: AppContext) -> None:
        ctx.start_activity(MAIN)
        ctx.finish()

    def _disclose(self, ctx: AppContext, permission: str, accepted: bool) -> None:
        ctx.ui["disclosures"].remove(permission)
        if not accepted:
            ctx.toast("Please grant the permission.")
        ctx.request_permission(permission)

    def _load(self, ctx: AppContext, fragment: str) -> None:
        ctx.ui.update(fragment=fragment, drawer=False, web=False, back_armed=False, snackbar="")

    def _nav(self, ctx: AppContext, item: str) -> None:
        ctx.ui["drawer"] = False
        if item in FRAGMENT_TITLES:
            self._load(ctx, item)
        elif item in STUB_ACTIVITIES:
            ctx.start_activity(STUB_ACTIVITIES[item])
        # Rate App, Buy PSLab, Privacy Policy (Custom Tabs) and Share App open other apps.

    def _disconnected(self, ctx: AppContext) -> None:
        """attemptToConnectPSLab without a USB device."""
        self._load(ctx, "nav_device")
        ctx.ui["snackbar"] = NOT_FOUND

    def _esp_text(self, ctx: AppContext, text: str) -> None:
        if ctx.ui["esp"] is not None:
            ctx.ui["esp"]["text"] = text

    def _esp_connect(self, ctx: AppContext) -> None:
        """ESPFragment's Connect: ESPTask, or the Snackbar for an empty field."""
        address = ctx.ui["esp"]["text"]
        ctx.hide_keyboard()  # onEditorAction(IME_ACTION_DONE)
        if not address:
            ctx.ui["snackbar"] = BAD_IP
            return
        tasks = int(ctx.memory.get("esp_tasks", 0)) + 1
        ctx.memory["esp_tasks"] = tasks
        error = url_error(address)
        if error is not None:
            raise _esp_failure(error, tasks)
        # No ESP module answers: IOException, caught; onPostExecute sees "".
        ctx.ui["snackbar"] = BAD_IP

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SPLASH:
            return self._render_splash(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        bar = w.toolbar(STUB_TITLES.get(ctx.activity, ""), navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, View()]))

    def _render_splash(self, ctx: AppContext) -> Screen:
        content = w.linear_layout(
            [
                w.image_view("imageView", "Pocket Science Logo", height=500),
                w.image_view("PSLabText", "PSLab", height=200),
            ]
        )
        windows = []
        for permission in ctx.ui.get("disclosures", []):
            title, message, cancelable = DISCLOSURES[permission]
            window = w.confirm_dialog(
                title,
                message,
                ("ACCEPT", w.bind(self._disclose, permission, True)),
                ("DENY", w.bind(self._disclose, permission, False)),
                w.bind(self._dismiss_disclosure, permission) if cancelable else None,
            )
            window.cancelable = cancelable
            windows.append(window)
        return Screen(content=content, windows=windows)

    def _dismiss_disclosure(self, ctx: AppContext, permission: str) -> None:
        ctx.ui["disclosures"].remove(permission)

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        fragment = ui["fragment"]
        bar = w.toolbar(
            FRAGMENT_TITLES[fragment],
            navigation=w.nav_button("open_drawer", lambda c: c.ui.update(drawer=True)),
            actions=[
                w.action_item("menu_pslab_disconnected", "Disconnected", self._disconnected),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        frame = w.frame_layout([self._fragment(ctx)], rid="frame")
        children = [w.linear_layout([bar, frame])]
        if ui["snackbar"]:
            children.append(
                w.linear_layout(
                    [w.text_view(ui["snackbar"], "snackbar_text", height=140)],
                    height=150,
                    width=1080,
                    gravity="bottom",
                )
            )
        main = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            resource_id="cl",
            layout=FRAME,
            children=children,
        )
        root = View(
            cls="androidx.drawerlayout.widget.DrawerLayout",
            resource_id="drawer_layout",
            layout=FRAME,
            children=[main],
        )
        return Screen(content=root, windows=self._windows(ctx))

    def _fragment(self, ctx: AppContext) -> View:
        fragment = ctx.ui["fragment"]
        if fragment == "nav_instruments":
            cards = [
                View(
                    cls="androidx.cardview.widget.CardView",
                    resource_id="card_view",
                    height=260,
                    on_click=w.bind(self._open_instrument, name),
                    children=[
                        w.relative_layout(
                            [
                                w.image_view("application_icon", "Application Icon", width=200),
                                w.linear_layout(
                                    [
                                        w.text_view(name, "heading_card", height=100),
                                        w.text_view(text, "description_card", height=140),
                                    ]
                                ),
                            ],
                            layout="horizontal",
                        )
                    ],
                )
                for name, text in INSTRUMENTS
            ]
            return w.relative_layout(
                [
                    w.list_view(
                        cards,
                        rid="applications_recycler_view",
                        cls="androidx.recyclerview.widget.RecyclerView",
                        scroll_key="instruments_scroll",
                    )
                ]
            )
        if fragment == "nav_device":
            return self._home(ctx)
        return w.frame_layout([View()])  # About Us, FAQ, pin layouts: stubs

    def _open_instrument(self, ctx: AppContext, name: str) -> None:
        for cls, title in STUB_TITLES.items():
            if title == name and cls not in STUB_ACTIVITIES.values():
                ctx.start_activity(cls)
                return

    def _home(self, ctx: AppContext) -> View:
        """HomeFragment without a device."""
        if ctx.ui["web"]:
            return w.relative_layout(
                [View(cls="android.webkit.WebView", resource_id="pslab_web_view")]
            )
        steps = [
            w.text_view("Steps to connect the PSLab Device", "steps_header_text", height=120),
            *(
                w.linear_layout(
                    [w.text_view(number, width=90), w.text_view(text)],
                    horizontal=True,
                    height=110,
                )
                for number, text in (
                    ("1.", "Connect a micro USB(Mini B) to PSLab"),
                    ("2.", "Connect the other end of the micro USB cable to a OTG"),
                    ("3.", "Connect the OTG to the phone"),
                )
            ),
        ]
        content = w.linear_layout(
            [
                w.image_view("img_device_status", height=300),
                w.text_view(NOT_FOUND, "tv_device_status", height=120),
                w.linear_layout(steps, rid="tv_connect_msg", height=460),
                w.text_view("Connect using Bluetooth or Wi-Fi", "bluetooth_wifi_option_tv"),
                w.linear_layout(
                    [
                        w.button(
                            "bluetooth_btn",
                            "Bluetooth",
                            lambda c: c.ui.update(bluetooth=True),
                        ),
                        w.button(
                            "wifi_btn", "WiFi", lambda c: c.ui.update(esp={"text": ""}, snackbar="")
                        ),
                    ],
                    horizontal=True,
                    height=160,
                ),
                w.text_view(
                    "What is PSLab Device?",
                    "tv_device_description",
                    on_click=lambda c: c.ui.update(web=True),
                ),
            ],
            weight=0,
        )
        return w.relative_layout([w.scroll_view([content], rid="home_content_scroll_view")])

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["drawer"]:
            windows.append(self._drawer(ctx))
        if ui["menu"]:
            windows.append(
                w.menu_window(
                    [
                        ("Pin Layout Front", lambda c: self._pin(c, "pin_front")),
                        ("Pin Layout Back", lambda c: self._pin(c, "pin_back")),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        if ui["esp"] is not None:
            esp = View(
                cls="android.widget.RelativeLayout",
                weight=0,
                children=[
                    w.edit_text(
                        "esp_ip_edit_text",
                        ui["esp"]["text"],
                        self._esp_text,
                        hint="Enter IP address of ESP module",
                    ),
                    w.button("esp_connect_btn", "Connect", self._esp_connect),
                ],
            )
            windows.append(Window(root=esp, on_dismiss=lambda c: c.ui.update(esp=None)))
        if ui["bluetooth"]:
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Bluetooth"),
                    [View(cls="androidx.recyclerview.widget.RecyclerView", height=300)],
                    [],
                    lambda c: c.ui.update(bluetooth=False),
                )
            )
        return windows

    def _pin(self, ctx: AppContext, which: str) -> None:
        ctx.ui["menu"] = False
        self._load(ctx, which)

    def _drawer(self, ctx: AppContext) -> Window:
        current = ctx.ui["fragment"]
        rows: list[View] = [
            w.relative_layout(
                [
                    w.linear_layout(
                        [
                            w.image_view("img_profile", "PSLab", height=200),
                            w.text_view(NOT_FOUND, "name", height=100),
                        ]
                    )
                ],
                rid="view_container",
                height=420,
            )
        ]
        for group in NAV_GROUPS:
            rows += [
                w.drawer_entry(title, w.bind(self._nav, item), checked=item == current)
                for item, title in group
            ]
        return w.navigation_sheet(
            [w.list_view(rows, rid="design_navigation_view", scroll_key="nav_scroll")],
            lambda c: c.ui.update(drawer=False),
            bounds=(0, 0, 840, ctx.screen_size[1]),
        )
