"""PeakOrama 3.0 (org.woheller69.PeakOrama), a mountain-panorama viewer: a WebView showing
PeakFinder's panorama for a location, turned by the compass.

Sources read: github.com/woheller69/PeakOrama at tag V3.0 (commit
c716b3a2af5d76fa063d2eaeaa8f0cedfe3b1c5a, versionName 3.0): MainActivity.java,
res/layout/activity_main.xml, res/layout/menu_update_location_view.xml, res/menu/menu_main.xml,
res/values/strings.xml, themes.xml, AndroidManifest.xml. Fix: adde19c (2024-10-16, "fix
possible crash due to division by zero"), released in V3.1.

Bug PeakOrama#3 (crash): ``updateCompass`` (called from the rotation-vector
``SensorEventListener`` registered by ``startCompass`` when the compass action is switched on)
computes ``1000L / deltaT`` with ``deltaT`` the milliseconds since the previous sensor event, a
``long`` division; when two events arrive within the same millisecond (batched delivery right
after registering) it throws ``java.lang.ArithmeticException: divide by zero`` on the main
thread. The model delivers such a pair on the first switch-on of the compass (the device has a
rotation-vector sensor), so the crash happens when the compass is turned on.

The compass action is hidden while the WebView is GONE (``onCreateOptionsMenu``); it appears
once a location was obtained (the location action, after the location permission) or chosen
in the search dialog. V3.0 has no ``onRequestPermissionsResult``: after granting the
permission the location action must be tapped again. The GPS fix is immediate here, with a
fixed location (network/GPS content replaced by fixed data: lat 47.0, lon 11.0); the WebView's
panorama (remote PeakFinder content) is drawn as an empty WebView.

Stubbed: the PhotonDialog search (its title, a field and Cancel/OK; no network results, OK
without a chosen place just closes it), the info button (opens the GitHub page in a browser:
here only recorded). Uncertain: that the sensor pair arrives on the very first switch-on (on
real devices it depends on sensor batching), the PhotonDialog's exact layout ids, the
framework frames below the app's (written for Android 13).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.woheller69.PeakOrama"
MAIN = "org.woheller69.PeakOrama.MainActivity"
COARSE = "android.permission.ACCESS_COARSE_LOCATION"
FIXED_LAT, FIXED_LON = 47.0, 11.0


def oracle_3(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of PeakOrama#3: the app died of the long division by zero."""
    return crashed(system, PACKAGE, "java.lang.ArithmeticException", "divide by zero")


LOCATION = click(PACKAGE, "update_location", cls="android.widget.ImageButton")
COMPASS = click(PACKAGE, "menu_compass", desc="compass")
SEARCH = click(PACKAGE, "menu_search", desc="search")
ALLOW = allow_permission(PACKAGE)
DENY = click(PACKAGE, "com.android.permissioncontroller:id/permission_deny_button", "Don't allow")
CANCEL = click(PACKAGE, "android:id/button2", "Cancel")
ROTATE = {"kind": "rotate", "orientation": "landscape"}

HUMAN_3 = (LOCATION, ALLOW, LOCATION, COMPASS)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "PeakOrama#3": [
        # the location is obtained but the compass is never switched on
        [LOCATION, ALLOW, LOCATION],
        # permission refused: no location, the compass action stays hidden
        [LOCATION, DENY, LOCATION, DENY],
        # the search dialog opened and cancelled instead
        [LOCATION, ALLOW, SEARCH, CANCEL],
        # granted but the location action not tapped again: no panorama, no compass action
        [LOCATION, ALLOW, SEARCH, CANCEL, ROTATE],
    ],
}


class PeakOrama(VirtualApp):
    """PeakOrama 3.0: one activity (ActionBar actions, the WebView, the start image)."""

    name: ClassVar[str] = "PeakOrama"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "PeakOrama"
    version: ClassVar[str] = "3.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "PeakOrama#3",
            "crash",
            "App crashes when compass is activated",
            oracle_3,
            human_steps=HUMAN_3,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"opened_urls": [], "gps_enabled": True}

    # The WebView, the listeners and the compass state are fields of the activity (ctx.ui):
    # the manifest handles orientation changes itself (configChanges), so rotation keeps them.
    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return dict(ctx.ui)

    # -- handlers ------------------------------------------------------------------------------
    def _update_location(self, ctx: AppContext) -> None:
        if not ctx.data["gps_enabled"]:
            ctx.toast("Please turn on GPS")
            return
        if COARSE not in ctx.permissions:
            ctx.request_permission(COARSE)
            return
        # requestLocationUpdates(GPS_PROVIDER): the fix arrives (fixed here) and
        # onLocationChanged loads canvas.html for it, hides the start image and info button.
        self._show_panorama(ctx, FIXED_LAT, FIXED_LON)

    def _show_panorama(self, ctx: AppContext, lat: float, lon: float) -> None:
        ctx.ui["url"] = f"file:///android_asset/canvas.html?lat={lat}&lon={lon}&units=0&night=0"
        ctx.ui["webview_visible"] = True
        ctx.log("chromium", f"loadUrl {ctx.ui['url']}", "I")

    def _compass(self, ctx: AppContext) -> None:
        if ctx.ui.get("compass_on"):
            ctx.ui["compass_on"] = False  # unregisterListener; icon back to compass_off
            return
        ctx.ui["compass_on"] = True  # startCompass(): the rotation-vector listener
        last = ctx.ui.get("last_compass_update", 0)
        now = 1_729_000_000_000 + ctx.ui.get("events", 0) * 200
        for _ in range(2):  # two batched events within the same millisecond
            delta = now - last
            last = now
            ctx.ui["last_compass_update"] = now
            ctx.ui["events"] = ctx.ui.get("events", 0) + 1
            if delta == 0:
                raise JavaException(
                    "java.lang.ArithmeticException",
                    "divide by zero",
                    [
                        "org.woheller69.PeakOrama.MainActivity.updateCompass(MainActivity.java:438)",
                        "org.woheller69.PeakOrama.MainActivity.access$000(MainActivity.java:51)",
                        "org.woheller69.PeakOrama.MainActivity$2.onSensorChanged(MainActivity.java:294)",
                        "android.hardware.SystemSensorManager$SensorEventQueue.dispatchSensorEvent"
                        "(SystemSensorManager.java:1001)",
                        "android.os.MessageQueue.nativePollOnce(Native Method)",
                        "android.os.MessageQueue.next(MessageQueue.java:335)",
                        "android.os.Looper.loopOnce(Looper.java:161)",
                        "android.os.Looper.loop(Looper.java:288)",
                        "android.app.ActivityThread.main(ActivityThread.java:7872)",
                        "java.lang.reflect.Method.invoke(Native Method)",
                        "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run"
                        "(RuntimeInit.java:548)",
                        "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:936)",
                    ],
                )

    def _open_search(self, ctx: AppContext) -> None:
        ctx.ui["search"] = {"text": ""}

    def _close_search(self, ctx: AppContext) -> None:
        ctx.ui.pop("search", None)

    def _info(self, ctx: AppContext) -> None:
        ctx.data["opened_urls"].append("https://github.com/woheller69/peakOrama")

    def on_back(self, ctx: AppContext) -> bool:
        if "search" in ctx.ui:
            self._close_search(ctx)
            return True
        return False

    # -- screens -------------------------------------------------------------------------------
    def _action_bar(self, ctx: AppContext) -> View:
        actions: list[View] = []
        if ctx.ui.get("webview_visible"):
            actions.append(w.action_item("menu_compass", "compass", self._compass))
        actions.append(w.action_item("menu_search", "search", self._open_search))
        actions.append(w.image_button("update_location", "", self._update_location, width=147))
        return w.toolbar("PeakOrama", actions=actions, rid="action_bar", height=95)

    def _search_window(self, ctx: AppContext) -> Window:
        field = w.edit_text(
            "autoCompleteTextView",
            ctx.ui["search"]["text"],
            lambda c, t: c.ui["search"].update(text=t),
            cls="android.widget.AutoCompleteTextView",
        )
        return w.alert_dialog(
            w.dialog_title("Search"),
            [field],
            w.dialog_buttons(("OK", self._close_search), ("Cancel", self._close_search)),
            self._close_search,
        )

    def render(self, ctx: AppContext) -> Screen:
        body: list[View] = [self._action_bar(ctx)]
        if ctx.ui.get("webview_visible"):
            body.append(View(cls="android.webkit.WebView", resource_id="peakWebView"))
        else:
            body.append(w.image_button("infoButton", "", self._info))
            body.append(w.image_view("main_background"))
        windows = [self._search_window(ctx)] if "search" in ctx.ui else []
        return Screen(content=w.linear_layout(body), windows=windows)
