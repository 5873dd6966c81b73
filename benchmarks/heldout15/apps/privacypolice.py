"""Wi-Fi Privacy Police 2.2.2 (``be.uhasselt.privacypolice``), with bug privacypolice#33.

Sources read: BramBonne/privacypolice at commit b7ff1aa2e189f182796081540d9bfe228f0e10b4
("Version bump", versionName 2.2.2, 2016-03-31, the last release before the report):
``PreferencesActivity``, ``NetworkManagerActivity``, ``SSIDManagerActivity``,
``PreferencesStorage``, ``ScanResultsChecker``, ``LocationAccess``, the manifest, layouts
``activity_preferences`` and ``item_networkmanager``, ``xml/preferences.xml``,
``menu/networkmanager.xml`` and ``values/strings.xml``. The issue has no fix (it is still open;
no later commit checks the scan results for null).

The app (Holo Light theme with the framework's dark ActionBar):
- ``.PreferencesActivity`` (launcher, "Wi-Fi Privacy Police"): the location notice (a green
  text shown only when network location is off or not granted: hidden here), then the
  ``PreferenceFragment`` list: SwitchPreference "Privacy protection" (on by default),
  SwitchPreference "Data protection" (off by default) and the Preference "Known hotspots",
  which depends on "Data protection" (``android:dependency``), so it is disabled until "Data
  protection" is switched on. Changing a preference asks the WifiManager for a new scan.
  "Known hotspots" starts ``.SSIDManagerActivity``.
- ``.SSIDManagerActivity`` ("Known hotspots", a ListActivity with the action "Clear all
  hotspots", which asks for confirmation): the remembered networks, available ones first.

The bug (#33): ``SSIDManagerActivity.onCreate`` creates its ``SSIDManagerAdapter``, whose
constructor (``NetworkManagerAdapter``) calls ``refresh()``, which iterates
``wifiManager.getScanResults()`` without a null check. On the reporter's device that list is
null (no scan results: Wi-Fi off and no scan done yet; ``ScanResultsChecker`` itself guards
against this with a catch of NullPointerException), so opening "Known hotspots" crashes with
``RuntimeException: Unable to start activity ... SSIDManagerActivity: NullPointerException``.
The F-Droid build is minified: the report's frames are ``r.a`` (``SSIDManagerAdapter.refresh``),
``k.<init>`` (``NetworkManagerAdapter.<init>``), ``r.<init>`` and
``SSIDManagerActivity.onCreate``, all "Unknown Source"; the model uses them, the report's bare
``java.lang.NullPointerException`` (no message, as on the reporter's Android) and API 23's
launch frames below.

Fixed device state (no Wi-Fi hardware on the virtual device): Wi-Fi is off and has never
scanned, so ``getScanResults()`` is null; network location is on and the coarse location
permission granted (targetSdk 22: granted at install), so the location notice stays hidden.
Stubbed: ``MACManagerActivity`` (reached only from a listed network, and the list never loads
in this state), ``LocationNoticeActivity``, the background scan receiver and its
notifications. Uncertain: which build the reporter had from F-Droid (2.2, 2.2.1 or 2.2.2: the
crash path is the same in all three) and that their scan results were null rather than
something else in ``refresh`` being null (the minified trace only says ``r.a``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.stacks import launch_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "be.uhasselt.privacypolice"
PREFS = ".PreferencesActivity"
SSIDS = ".SSIDManagerActivity"

PRIVACY = "Privacy protection"
PRIVACY_SUMM = (
    "Prevent other people from viewing your list of networks by only enabling them when they "
    "are in range"
)
DATA = "Data protection"
DATA_SUMM = (
    "Only allow connections to hotspots when they should be available (by asking you the first "
    "time you connect to a new hotspot)"
)
HOTSPOTS = "Known hotspots"
HOTSPOTS_SUMM = "Remove hotspots from your list of trusted and blocked hotspots (advanced)"
CLEAR = "Clear all hotspots"
CLEAR_MESSAGE = (
    "Are you sure you want to remove all trusted and untrusted hotspots? This will result in "
    "Privacy Police asking you for every hotspot whether it should be allowed"
)

# The F-Droid build's minified frames, as in the report, above Activity.performCreate (API 23).
NPE_FRAMES = [
    "be.uhasselt.privacypolice.r.a(Unknown Source)",
    "be.uhasselt.privacypolice.k.<init>(Unknown Source)",
    "be.uhasselt.privacypolice.r.<init>(Unknown Source)",
    "be.uhasselt.privacypolice.SSIDManagerActivity.onCreate(Unknown Source)",
    "android.app.Activity.performCreate(Activity.java:6237)",
    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1107)",
    *launch_frames(23, perform_line=2369),
]


def _oracle_33(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Opening the SSID manager crashed with the NullPointerException in its adapter."""
    return crashed(
        system, PACKAGE, "java.lang.RuntimeException", "SSIDManagerActivity", "NullPointerException"
    )


BUG_33 = BugSpec(
    bug_id="privacypolice#33",
    kind="crash",
    title='Crashing when clicking on "known hotspots"',
    oracle=_oracle_33,
    human_steps=(
        click(PACKAGE, "android:id/title", DATA),
        click(PACKAGE, "android:id/title", HOTSPOTS),
    ),
)


class PrivacyPolice(VirtualApp):
    """Wi-Fi Privacy Police 2.2.2 (see the module docstring)."""

    name: ClassVar[str] = "privacypolice"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Wi-Fi Privacy Police"
    version: ClassVar[str] = "2.2.2"
    launch_activity: ClassVar[str] = PREFS
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_33,)

    def initial_data(self) -> dict[str, Any]:
        # SharedPreferences: the two switches' defaults and no remembered access points
        # (PreferencesStorage keys ALLOWED_BSSID_PREFIX/BLOCKED_BSSID_PREFIX + SSID).
        return {
            "prefs": {"enableOnlyAvailableNetworks": True, "onlyConnectToKnownAccessPoints": False},
            "allowed_bssids": {},
            "blocked_bssids": {},
            "scans_requested": 0,
        }

    # -- fixed device state --------------------------------------------------------------
    @staticmethod
    def scan_results() -> list[dict[str, Any]] | None:
        """``WifiManager.getScanResults()``: Wi-Fi is off and never scanned (null)."""
        return None

    # -- lifecycle -----------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("dialog", False)
        if ctx.activity == SSIDS:
            # new SSIDManagerAdapter() -> NetworkManagerAdapter.<init> -> refresh()
            ctx.ui["networks"] = self._refresh(ctx)

    def _refresh(self, ctx: AppContext) -> list[dict[str, Any]]:
        """SSIDManagerAdapter.refresh: available remembered networks first, then the rest."""
        results = self.scan_results()
        known = sorted(
            {s for s, b in ctx.data["allowed_bssids"].items() if b}
            | {s for s, b in ctx.data["blocked_bssids"].items() if b}
        )
        if results is None:
            # for (ScanResult scanResult : scanResults) on a null list
            raise JavaException(
                "java.lang.RuntimeException",
                f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}{SSIDS}}}: "
                "java.lang.NullPointerException",
                frames=launch_frames(23),
                cause=JavaException("java.lang.NullPointerException", "", frames=NPE_FRAMES),
            )
        networks = []
        for result in results:
            if result["ssid"] in known:
                networks.append({"ssid": result["ssid"], "available": True})
                known.remove(result["ssid"])
        networks += [{"ssid": s, "available": False} for s in known]
        return networks

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "dialog")

    # -- handlers ------------------------------------------------------------------------
    def _toggle(self, ctx: AppContext, key: str) -> None:
        prefs = ctx.data["prefs"]
        prefs[key] = not prefs[key]
        # onSharedPreferenceChanged: wifiManager.startScan() (Wi-Fi off: no results arrive).
        ctx.data["scans_requested"] += 1
        ctx.log("PrivacyPolice", f"Initiating rescan because preference {key} changed", "V")

    def _known_hotspots(self, ctx: AppContext) -> None:
        ctx.log("PrivacyPolice", "Launching SSID manager", "V")
        ctx.start_activity(SSIDS)

    def _clear_all(self, ctx: AppContext) -> None:
        ctx.data["allowed_bssids"] = {}
        ctx.data["blocked_bssids"] = {}
        ctx.ui["dialog"] = False
        ctx.ui["networks"] = self._refresh(ctx)

    # -- screens -------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SSIDS:
            return self._render_ssids(ctx)
        return self._render_prefs(ctx)

    def _render_prefs(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        known_enabled = bool(prefs["onlyConnectToKnownAccessPoints"])
        rows = [
            w.preference(
                PRIVACY,
                PRIVACY_SUMM,
                w.bind(self._toggle, "enableOnlyAvailableNetworks"),
                widget=w.switch_widget(bool(prefs["enableOnlyAvailableNetworks"])),
                height=260,
            ),
            w.preference(
                DATA,
                DATA_SUMM,
                w.bind(self._toggle, "onlyConnectToKnownAccessPoints"),
                widget=w.switch_widget(known_enabled),
                height=260,
            ),
            w.preference(
                HOTSPOTS,
                HOTSPOTS_SUMM,
                self._known_hotspots if known_enabled else None,
                enabled=known_enabled,
                height=230,
            ),
        ]
        content = w.linear_layout(
            [
                w.toolbar("Wi-Fi Privacy Police", rid="android:id/action_bar"),
                w.frame_layout(
                    [w.list_view(rows, rid="android:id/list")],
                    rid="inflatable_prefs",
                ),
            ]
        )
        return Screen(content=content)

    def _render_ssids(self, ctx: AppContext) -> Screen:
        rows = [
            View(
                cls="android.widget.LinearLayout",
                height=150,
                children=[
                    w.text_view(n["ssid"], "SSIDname"),
                    *([w.image_view("signalStrength")] if n["available"] else []),
                ],
                on_click=lambda c: None,
            )
            for n in ctx.ui.get("networks", [])
        ]
        content = w.linear_layout(
            [
                w.toolbar(
                    HOTSPOTS,
                    actions=[
                        w.action_item(
                            "action_removeall",
                            CLEAR,
                            lambda c: c.ui.update(dialog=True),
                            text=CLEAR,
                            width=420,
                        )
                    ],
                    rid="android:id/action_bar",
                ),
                w.list_view(rows, rid="android:id/list"),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("dialog"):
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [w.text_view(CLEAR_MESSAGE, "android:id/message", height=330)],
                    [
                        w.dialog_button("android:id/button2", "Cancel", self._cancel),
                        w.dialog_button("android:id/button1", "Clear", self._clear_all),
                    ],
                    self._cancel,
                )
            )
        return Screen(content=content, windows=windows)

    def _cancel(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = False


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG_33.bug_id: [
        # "Known hotspots" while it is still disabled.
        [click(PACKAGE, "android:id/title", HOTSPOTS)],
        # Switching on "Data protection" only.
        [click(PACKAGE, "android:id/title", DATA)],
        # The other switch instead of "Data protection".
        [
            click(PACKAGE, "android:id/title", PRIVACY),
            click(PACKAGE, "android:id/title", HOTSPOTS),
        ],
        # "Data protection" on, then off again, then "Known hotspots".
        [
            click(PACKAGE, "android:id/title", DATA),
            click(PACKAGE, "android:id/title", DATA),
            click(PACKAGE, "android:id/title", HOTSPOTS),
        ],
    ],
}
