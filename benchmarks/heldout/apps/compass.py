"""Compass (``com.bobek.compass``, Kr0oked/Compass) 1.5, for Compass#19.

Modelled from the sources at tag ``v1.5`` (commit ``3df2514``, "Release 1.5";
``app/build.gradle`` says ``versionName '1.5'``, the release the report names):
``AndroidManifest.xml``, ``MainActivity.kt``, ``view/CompassView.kt``,
``model/SensorAccuracy.kt``, the layouts ``activity_main``, ``content_main``, ``compass_view``,
``about_alert_dialog_view``, ``sensor_alert_dialog_view``, ``menu/menu_main.xml`` and
``res/values/strings.xml``. The fix is commit ``3b63fd9`` ("Introduce data binding", 15 Feb
2022, in 1.6), which inflates each dialog's view anew every time the dialog opens.

One screen: ``MainActivity`` with the ``toolbar`` (title "Compass" and four action icons, all
``showAsAction="ifRoom"``: ``action_screen_rotation`` "Lock screen rotation",
``action_night_mode`` "Change night mode", ``action_sensor_status`` "Sensor status",
``action_about`` "About") above the ``compass`` view (the rose, the heading indicator, the
``status_degrees_text`` / ``status_cardinal_direction_text`` readout and the N/E/S/W and degree
labels). No intro, no permission. "About" opens a MaterialAlertDialog titled "Compass" whose
custom view shows ``version`` "Version 1.5", ``copyright``, ``license`` and ``source_code``,
with a neutral "OK"; "Sensor status" one titled "Sensor status" with the
``sensor_accuracy_image`` / ``sensor_accuracy_text`` and ``sensor_calibration_text``, and "OK".

The bug (Compass#19, crash): ``MainActivity.onCreate`` inflates ``aboutAlertDialogBinding``
once per activity instance and ``showAboutPopup`` passes the same ``aboutAlertDialogBinding.root``
to ``setView`` every time. Closing the dialog does not detach that view from the dialog's
``android:id/custom`` frame, so the second "About" of one activity instance throws
``IllegalStateException: The specified child already has a parent...`` from
``ViewGroup.addViewInner`` (``AlertController.setupCustomContent``). A re-created activity
(rotation while unlocked, a night-mode change that changes the theme) inflates a new binding, so
the next "About" works once again. ``showSensorStatusPopup`` has the same defect with
``sensorAlertDialogBinding`` (a second "Sensor status" crashes the same way, from
``showSensorStatusPopup``); it is modelled, and is not this bug's oracle. The report has no
trace; the frames are the model's, unobfuscated (the release build is minified), with the app's
source lines of v1.5 and approximate framework lines (API 25).

Device and stubs: the virtual device has a rotation-vector sensor that reports
``SENSOR_STATUS_ACCURACY_HIGH`` ("Maximum accuracy") and a constant heading of 0° (North); the
"Sensor not available" dialog of a device without one is modelled but never shown. The links in
the About dialog (mail, GPL text, GitHub: other apps) do nothing when tapped. Night mode is
AppCompat's process-wide default (``MODE_NIGHT_FOLLOW_SYSTEM`` at start); the system is in light
mode, so the first "Change night mode" (to ``MODE_NIGHT_NO``) does not re-create the activity
and the next two do; the mode is kept in the model's data (it is not reset when the process
dies). "Lock screen rotation" sets ``SCREEN_ORIENTATION_LOCKED``: the device still turns the
screen, but a locked activity keeps its state (its bindings and open dialog), as the real one
would by not being re-created.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.bobek.compass"
MAIN = ".MainActivity"
VERSION = "1.5"

VIEW_GROUP = "android.view.ViewGroup"  # CoordinatorLayout, ConstraintLayout, MaterialToolbar
TEXT = "android.widget.TextView"  # AppCompatTextView
IMAGE = "android.widget.ImageView"  # AppCompatImageView

# menu_main.xml, in its order (all shown as icons).
ACTION_ROTATION = ("action_screen_rotation", "Lock screen rotation")
ACTION_NIGHT = ("action_night_mode", "Change night mode")
ACTION_SENSOR = ("action_sensor_status", "Sensor status")
ACTION_ABOUT = ("action_about", "About")

# AppCompatDelegate night modes.
MODE_NIGHT_FOLLOW_SYSTEM = -1
MODE_NIGHT_NO = 1
MODE_NIGHT_YES = 2
SYSTEM_NIGHT = False  # the device's own dark theme is off

ACCURACY_HIGH = "Maximum accuracy"  # sensor_accuracy_high (SENSOR_STATUS_ACCURACY_HIGH)
CALIBRATION = (
    "You can try to improve your sensor accuracy at any time by rotating the device in a "
    "figure 8 pattern."
)
SENSOR_ERROR = "Sensor not available"

ISE = "java.lang.IllegalStateException"
ALREADY_PARENT = (
    "The specified child already has a parent. You must call removeView() on the child's "
    "parent first."
)
CLICK_FRAMES = [
    "androidx.appcompat.app.AppCompatActivity.onMenuItemSelected(AppCompatActivity.java:264)",
    "androidx.appcompat.view.WindowCallbackWrapper.onMenuItemSelected("
    "WindowCallbackWrapper.java:109)",
    "androidx.appcompat.app.ToolbarActionBar$2.onMenuItemClick(ToolbarActionBar.java:65)",
    "androidx.appcompat.widget.Toolbar$1.onMenuItemClick(Toolbar.java:207)",
    "androidx.appcompat.widget.ActionMenuView$MenuBuilderCallback.onMenuItemSelected("
    "ActionMenuView.java:779)",
    "androidx.appcompat.view.menu.MenuBuilder.dispatchMenuItemSelected(MenuBuilder.java:834)",
    "androidx.appcompat.view.menu.MenuItemImpl.invoke(MenuItemImpl.java:158)",
    "androidx.appcompat.view.menu.MenuBuilder.performItemAction(MenuBuilder.java:985)",
    "androidx.appcompat.view.menu.MenuBuilder.performItemAction(MenuBuilder.java:975)",
    "androidx.appcompat.widget.ActionMenuView.invokeItem(ActionMenuView.java:623)",
    "androidx.appcompat.view.menu.ActionMenuItemView.onClick(ActionMenuItemView.java:151)",
    "android.view.View.performClick(View.java:5637)",
    "android.view.View$PerformClick.run(View.java:22429)",
    *callback_frames(25),
]
SHOW_FRAMES = [
    "android.view.ViewGroup.addViewInner(ViewGroup.java:4417)",
    "android.view.ViewGroup.addView(ViewGroup.java:4258)",
    "android.view.ViewGroup.addView(ViewGroup.java:4230)",
    "androidx.appcompat.app.AlertController.setupCustomContent(AlertController.java:657)",
    "androidx.appcompat.app.AlertController.setupView(AlertController.java:490)",
    "androidx.appcompat.app.AlertController.installContent(AlertController.java:234)",
    "androidx.appcompat.app.AlertDialog.onCreate(AlertDialog.java:279)",
    "android.app.Dialog.dispatchOnCreate(Dialog.java:389)",
    "android.app.Dialog.show(Dialog.java:294)",
    "androidx.appcompat.app.AlertDialog$Builder.show(AlertDialog.java:1131)",
]


def about_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Compass#19: ``showAboutPopup`` re-added the About view that already has
    a parent (the IllegalStateException of ``addViewInner``)."""
    return data.get("crash_site") == "showAboutPopup" and crashed(
        system, PACKAGE, ISE, "already has a parent"
    )


STEP_ABOUT = click(PACKAGE, ACTION_ABOUT[0], desc=ACTION_ABOUT[1], cls=TEXT)
STEP_SENSOR = click(PACKAGE, ACTION_SENSOR[0], desc=ACTION_SENSOR[1], cls=TEXT)
STEP_NIGHT = click(PACKAGE, ACTION_NIGHT[0], desc=ACTION_NIGHT[1], cls=TEXT)
STEP_LOCK = click(PACKAGE, ACTION_ROTATION[0], desc=ACTION_ROTATION[1], cls=TEXT)
STEP_OK = click(PACKAGE, "android:id/button3", "OK", cls="android.widget.Button")
STEP_BACK: dict[str, Any] = {"kind": "press_back"}
STEP_LANDSCAPE: dict[str, Any] = {"kind": "rotate", "orientation": "landscape"}

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Compass#19": [
        # About once only.
        [STEP_ABOUT, STEP_OK],
        # The neighbouring dialog after About.
        [STEP_ABOUT, STEP_OK, STEP_SENSOR, STEP_OK],
        # Sensor status first, then About once.
        [STEP_SENSOR, STEP_OK, STEP_ABOUT],
        # A rotation between the two Abouts re-creates the activity (a new binding).
        [STEP_ABOUT, STEP_OK, STEP_LANDSCAPE, STEP_ABOUT],
        # Two night-mode changes (the second re-creates the activity) between them.
        [STEP_ABOUT, STEP_BACK, STEP_NIGHT, STEP_NIGHT, STEP_ABOUT],
    ],
}


class Compass(VirtualApp):
    """Compass 1.5: one activity, its toolbar actions and two dialogs."""

    name: ClassVar[str] = "Compass"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Compass"
    version: ClassVar[str] = VERSION
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Compass#19",
            "crash",
            'App crashes when opening "About the app" 2 times',
            about_crashed,
            human_steps=(STEP_ABOUT, STEP_OK, STEP_ABOUT),
        ),
    )

    has_rotation_vector: ClassVar[bool] = True

    def initial_data(self) -> dict[str, Any]:
        # AppCompatDelegate.sDefaultNightMode (process-wide); the app stores nothing itself.
        return {"night_mode": MODE_NIGHT_FOLLOW_SYSTEM, "crash_site": ""}

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        # onCreate inflates both dialog bindings: their roots have no parent yet.
        ui.setdefault("about_parent", False)
        ui.setdefault("sensor_parent", False)
        ui.setdefault("locked", False)
        ui.setdefault("dialog", "")
        # onResume: the rotation-vector sensor, or the non-cancelable error dialog.
        if not self.has_rotation_vector:
            ui["dialog"] = "sensor_error"
            ctx.log("MainActivity", "Rotation vector sensor not available", "W")
            return
        ui["accuracy"] = ACCURACY_HIGH  # onAccuracyChanged(SENSOR_STATUS_ACCURACY_HIGH)
        ui["azimuth"] = 0
        ctx.log("MainActivity", "Started compass", "I")

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.ui.get("locked"):
            # SCREEN_ORIENTATION_LOCKED: the real activity is not re-created at all.
            return dict(ctx.ui)
        # A new instance: new bindings, the (unmanaged) dialog is gone; requestedOrientation
        # belongs to the activity record and stays.
        return {"locked": False}

    def _recreate(self, ctx: AppContext) -> None:
        """AppCompat re-creates the activity when the effective night mode changes."""
        locked = ctx.ui.get("locked", False)
        ctx.ui.clear()
        ctx.ui["locked"] = locked
        self.on_create(ctx)

    # -- menu ----------------------------------------------------------------------------------
    def toggle_rotation(self, ctx: AppContext) -> None:
        ctx.ui["locked"] = not ctx.ui.get("locked", False)
        mode = 14 if ctx.ui["locked"] else -1  # SCREEN_ORIENTATION_LOCKED / _UNSPECIFIED
        ctx.log("MainActivity", f"Setting requested orientation to value {mode}")

    @staticmethod
    def _is_night(mode: int) -> bool:
        return mode == MODE_NIGHT_YES or (mode == MODE_NIGHT_FOLLOW_SYSTEM and SYSTEM_NIGHT)

    def toggle_night(self, ctx: AppContext) -> None:
        old = ctx.data["night_mode"]
        if old == MODE_NIGHT_NO:
            new = MODE_NIGHT_YES
        elif old == MODE_NIGHT_YES:
            new = MODE_NIGHT_FOLLOW_SYSTEM
        else:
            new = MODE_NIGHT_NO
        ctx.log("MainActivity", f"Setting night mode to value {new}")
        ctx.data["night_mode"] = new
        if self._is_night(old) != self._is_night(new):
            self._recreate(ctx)

    def _show(self, ctx: AppContext, key: str, dialog: str, method: str, line: int) -> None:
        """``MaterialAlertDialogBuilder.setView(binding.root).show()`` with the activity's one
        binding: a root already in a dialog's ``custom`` frame cannot be added again."""
        if ctx.ui.get(key):
            ctx.data["crash_site"] = method
            raise JavaException(
                ISE,
                ALREADY_PARENT,
                [
                    *SHOW_FRAMES,
                    f"com.bobek.compass.MainActivity.{method}(MainActivity.kt:{line})",
                    "com.bobek.compass.MainActivity.onOptionsItemSelected(MainActivity.kt:"
                    f"{129 if dialog == 'about' else 117})",
                    "android.app.Activity.onMenuItemSelected(Activity.java:3204)",
                    "androidx.fragment.app.FragmentActivity.onMenuItemSelected("
                    "FragmentActivity.java:383)",
                    *CLICK_FRAMES,
                ],
            )
        ctx.ui[key] = True  # the root now lives in the dialog's android:id/custom
        ctx.ui["dialog"] = dialog

    def show_about(self, ctx: AppContext) -> None:
        self._show(ctx, "about_parent", "about", "showAboutPopup", 181)

    def show_sensor_status(self, ctx: AppContext) -> None:
        self._show(ctx, "sensor_parent", "sensor", "showSensorStatusPopup", 141)

    @staticmethod
    def close_dialog(ctx: AppContext) -> None:
        ctx.ui["dialog"] = ""  # dialog.dismiss(): the custom view keeps its parent

    # -- screens -------------------------------------------------------------------------------
    def _toolbar(self) -> View:
        handlers = {
            ACTION_ROTATION[0]: self.toggle_rotation,
            ACTION_NIGHT[0]: self.toggle_night,
            ACTION_SENSOR[0]: self.show_sensor_status,
            ACTION_ABOUT[0]: self.show_about,
        }
        return View(
            cls="android.widget.LinearLayout",  # AppBarLayout
            weight=0,
            children=[
                w.toolbar(
                    "Compass",
                    rid="toolbar",
                    actions=[
                        w.action_item(rid, desc, handlers[rid])
                        for rid, desc in (
                            ACTION_ROTATION,
                            ACTION_NIGHT,
                            ACTION_SENSOR,
                            ACTION_ABOUT,
                        )
                    ],
                )
            ],
        )

    @staticmethod
    def _compass(ctx: AppContext) -> View:
        degrees = ctx.ui.get("azimuth", 0)
        labels = [
            w.text_view(text, rid, height=60)
            for rid, text in (
                ("cardinal_direction_north_text", "N"),
                ("cardinal_direction_east_text", "E"),
                ("cardinal_direction_south_text", "S"),
                ("cardinal_direction_west_text", "W"),
                *((f"degree_{d}_text", str(d)) for d in range(0, 360, 30)),
            )
        ]
        status = View(
            cls=VIEW_GROUP,
            resource_id="status_container",
            weight=0,
            children=[
                View(
                    cls=TEXT,
                    resource_id="status_degrees_text",
                    text=f"{degrees}°",
                    content_desc="Degrees of the compass",
                ),
                View(
                    cls=TEXT,
                    resource_id="status_cardinal_direction_text",
                    text="North",
                    content_desc="Cardinal direction of the compass",
                ),
            ],
        )
        return View(
            cls=VIEW_GROUP,  # content_main's ConstraintLayout
            resource_id="content_main",
            children=[
                View(
                    cls=VIEW_GROUP,  # CompassView (a ConstraintLayout)
                    resource_id="compass",
                    layout=FRAME,
                    children=[
                        w.image_view(
                            "device_heading_indicator",
                            "Indicates in which direction the device is pointing",
                        ),
                        w.image_view(
                            "compass_rose_image", "Compass rose showing to magnetic north"
                        ),
                        status,
                        View(cls=VIEW_GROUP, weight=0, children=labels),
                    ],
                )
            ],
        )

    def _about_dialog(self) -> Window:
        body = View(
            cls=VIEW_GROUP,  # about_alert_dialog_view's ConstraintLayout
            children=[
                View(
                    cls=TEXT,
                    resource_id="version",
                    text=f"Version {VERSION}",
                    content_desc="Version name",
                ),
                View(
                    cls=TEXT,
                    resource_id="copyright",
                    text="Copyright @ 2022 Philipp Bobek",
                    content_desc="Copyright notice",
                ),
                View(
                    cls=TEXT,
                    resource_id="license",
                    text="License GNU GPLv3",
                    content_desc="Software license",
                ),
                View(
                    cls=TEXT,
                    resource_id="source_code",
                    text="Source code",
                    content_desc="Link to the Source code management",
                ),
            ],
        )
        return self._custom_dialog("Compass", body)

    def _sensor_dialog(self, ctx: AppContext) -> Window:
        accuracy = ctx.ui.get("accuracy", "Sensor not available")
        body = View(
            cls=VIEW_GROUP,
            children=[
                View(
                    cls=VIEW_GROUP,
                    resource_id="sensor_accuracy_section",
                    layout="horizontal",
                    children=[
                        w.image_view(
                            "sensor_accuracy_image",
                            "Indicates graphically the sensors accuracy",
                            width=94,
                            height=94,
                        ),
                        View(
                            cls=TEXT,
                            resource_id="sensor_accuracy_text",
                            text=accuracy,
                            content_desc="Describes the sensors accuracy",
                        ),
                    ],
                ),
                View(
                    cls=TEXT,
                    resource_id="sensor_calibration_text",
                    text=CALIBRATION,
                    content_desc="Explains how to improve the sensor accuracy",
                ),
            ],
        )
        return self._custom_dialog("Sensor status", body)

    def _custom_dialog(self, title: str, body: View) -> Window:
        custom = View(
            cls="android.widget.FrameLayout",
            resource_id="android:id/customPanel",
            weight=0,
            children=[
                View(
                    cls="android.widget.FrameLayout",
                    resource_id="android:id/custom",
                    children=[body],
                )
            ],
        )
        ok = w.dialog_button("android:id/button3", "OK", self.close_dialog)
        return w.alert_dialog(w.dialog_title(title), [custom], [ok], self.close_dialog)

    def render(self, ctx: AppContext) -> Screen:
        content = View(
            cls=VIEW_GROUP,  # CoordinatorLayout
            children=[self._toolbar(), self._compass(ctx)],
        )
        windows: list[Window] = []
        dialog = ctx.ui.get("dialog", "")
        if dialog == "about":
            windows.append(self._about_dialog())
        elif dialog == "sensor":
            windows.append(self._sensor_dialog(ctx))
        elif dialog == "sensor_error":
            windows.append(
                Window(
                    root=View(
                        cls="android.widget.LinearLayout",
                        resource_id="android:id/parentPanel",
                        weight=0,
                        children=[w.dialog_message(SENSOR_ERROR)],
                    ),
                    cancelable=False,
                )
            )
        return Screen(content=content, windows=windows)
