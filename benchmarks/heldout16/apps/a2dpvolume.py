"""A2DP Volume (``a2dp.Vol``) 2.13.0.4, for a2dpvolume#291 ("Rotating the screen while selecting
apps for notification will lose selection").

Modelled from the sources at tag ``2.13.0.4`` (commit ``8c4a14d``, the newest; the issue was
never fixed), under ``app/src/main``: ``AndroidManifest.xml``, ``java/a2dp/Vol/main.java``,
``PackagesChooser.java``, ``btDevice.java``, ``res/layout/main.xml``,
``activity_packages_chooser.xml``, ``package_list_item.xml``, ``res/menu/menu.xml``,
``packages_chooser.xml`` and ``res/values/strings.xml``.

- The launcher opens ``.main`` (a framework ``Activity`` with the window's ActionBar, titled
  "A2DP Volume Version: 2.13.0.4"): the buttons "Stored Location" (``Locationbtn``), "Load
  Devices" (``Button01``) and "Start Service"/"Stop Service" (``ServButton``), then the device
  list (``ListView01``, ``simple_list_item_1`` rows). On the first creation the database holds
  fewer devices than needed, so ``getBtDevices(1)`` runs: "Car Dock" (car mode is on by
  default) is stored and listed, and the toast "Found 0 Bluetooth Devices" shows; the service
  starts, so the button reads "Stop Service". Every creation then asks for the first runtime
  permission whose "asked" flag is unset: storage, then phone, then location, one after the
  other as each answer comes back.
- The overflow menu (``menu.xml``, in Android's order: items without a category first):
  Notification Visibility, Apps for Notifications, Preferences, Delete All Data, Manage Data,
  Exit, Help. Delete All Data asks "Do you really want to delete all the device data from A2DP
  Volume?" (OK / Cancel); Exit stops the service and finishes. A tap on a device shows its
  dialog (name, "desc1\\ndesc2\\nmac", OK / Delete / Edit).
- "Apps for Notifications" opens ``.PackagesChooser`` ("Respond to these apps", an up arrow, an
  overflow with "Settings", which does nothing): every installed application
  (``getInstalledApplications(0)``), sorted by label, one ``package_list_item`` row each
  (``pi_iv_icon``, ``pi_tv_name``, ``checkBox1``); the boxes of the packages in the ``packages``
  preference are checked (its default lists Messages, Hangouts, Duo/Meet, the AOSP and Google
  calendars and Skype). Back and the up arrow run ``cleanup()``: the checked packages are
  written to ``packages``.
- Preferences, Manage Data and Edit are stubs (their title). Help and Notification Visibility
  open a browser and the system's notification settings, and Stored Location's stored URL would
  open a map; none is modelled (nothing happens; Stored Location toasts "No Data" as the real
  app does with no stored location).

The world: the device's Bluetooth adapter is on with no paired devices; the installed
applications are a stock Google APIs emulator image's (``INSTALLED``), of which Messages,
Calendar and Meet are in the default ``packages`` list.

The bug (a2dpvolume#291): the boxes' states live only in the activity's ``mFullAppList``
(``AppInfoCache.setChecked``); ``cleanup()`` saves them only on Back or Up, and the activity
saves no instance state, so a rotation re-creates it and reloads the boxes from the stored
preference: every change made since the screen opened is lost. The oracle reads app state: a
re-creation of the chooser while its boxes differed from the stored list.

Human steps: 7 from a fresh install: the three permission dialogs (Allow each), More options,
Apps for Notifications, a tap on the first row's box (A2DP Volume), then rotation to landscape.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog import _steps as steps
from device_agent.virtual.views import HORIZONTAL, Screen, View

PACKAGE = "a2dp.Vol"
MAIN = ".main"
CHOOSER = ".PackagesChooser"
PREFERENCES = ".Preferences"
MANAGE_DATA = ".ManageData"
EDIT_DEVICE = ".EditDevice"
VERSION = "2.13.0.4"
TITLE = f"A2DP Volume Version: {VERSION}"

STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
PHONE = "android.permission.READ_PHONE_STATE"
LOCATION = "android.permission.ACCESS_FINE_LOCATION"
# permission_scan(): the last unset flag wins, so storage is asked first, then phone, location.
PERMISSION_ORDER = (
    ("StoragePermission", STORAGE),
    ("PhonePermission", PHONE),
    ("LocationPermission", LOCATION),
)
FLAG_OF = {permission: flag for flag, permission in PERMISSION_ORDER}

DEFAULT_PACKAGES = (
    "com.google.android.apps.messaging,com.google.android.talk,com.google.android.apps.tachyon,"
    "com.android.calendar,com.skype.raider,com.google.android.calendar"
)
# The world: getInstalledApplications(0) on a stock Google APIs emulator image, (label, package),
# sorted by label as the Collator sorts them.
INSTALLED = tuple(
    sorted(
        (
            ("A2DP Volume", "a2dp.Vol"),
            ("Android Accessibility Suite", "com.google.android.marvin.talkback"),
            ("Android Keyboard (AOSP)", "com.android.inputmethod.latin"),
            ("Android Services Library", "com.google.android.ext.services"),
            ("Android System", "android"),
            ("Android System WebView", "com.google.android.webview"),
            ("Bluetooth", "com.android.bluetooth"),
            ("Calendar", "com.google.android.calendar"),
            ("Calendar Storage", "com.android.providers.calendar"),
            ("Camera", "com.android.camera2"),
            ("Chrome", "com.android.chrome"),
            ("Clock", "com.google.android.deskclock"),
            ("Contacts", "com.google.android.contacts"),
            ("Contacts Storage", "com.android.providers.contacts"),
            ("Files", "com.google.android.documentsui"),
            ("Gmail", "com.google.android.gm"),
            ("Google", "com.google.android.googlequicksearchbox"),
            ("Google Play services", "com.google.android.gms"),
            ("Google Play Store", "com.android.vending"),
            ("Maps", "com.google.android.apps.maps"),
            ("Meet", "com.google.android.apps.tachyon"),
            ("Messages", "com.google.android.apps.messaging"),
            ("Phone", "com.google.android.dialer"),
            ("Photos", "com.google.android.apps.photos"),
            ("Settings", "com.android.settings"),
            ("System UI", "com.android.systemui"),
            ("YouTube", "com.google.android.youtube"),
            ("YouTube Music", "com.google.android.apps.youtube.music"),
        ),
        key=lambda app: app[0].casefold(),
    )
)
# menu.xml in the order Android shows it: category none before container, then orderInCategory.
MENU = (
    ("Notifications", "Notification Visibility"),
    ("packages", "Apps for Notifications"),
    ("prefs", "Preferences"),
    ("DelData", "Delete All Data"),
    ("Manage_data", "Manage Data"),
    ("Exit", "Exit"),
    ("help", "Help"),
)
CAR_DOCK = {"desc1": "Car Dock", "desc2": "Car Dock", "mac": "1"}
DELETE_MSG = "Do you really want to delete all the device data from A2DP Volume?"


def _selection_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of a2dpvolume#291: the chooser was re-created while its boxes held changes
    not yet written to ``packages``."""
    return bool(data.get("lost_selections"))


def _click(rid: str = "", text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return steps.click(PACKAGE, rid, text, desc, cls)


FIRST_RUN: tuple[dict[str, Any], ...] = (
    steps.allow_permission(PACKAGE),
    steps.allow_permission(PACKAGE),
    steps.allow_permission(PACKAGE),
)
OPEN_CHOOSER: tuple[dict[str, Any], ...] = (
    *FIRST_RUN,
    _click(desc="More options"),
    _click("android:id/title", "Apps for Notifications"),
)
# The first row's CheckBox (A2DP Volume), told apart from the other rows' by its bounds.
FIRST_BOX = steps.click(PACKAGE, "checkBox1", bounds=[912, 252, 1038, 378])
ROTATE = {"kind": "rotate", "orientation": "landscape"}


class A2dpVolume(VirtualApp):
    """A2DP Volume 2.13.0.4: the device list, its menu, and the notification apps chooser."""

    name: ClassVar[str] = "a2dpvolume"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "A2DP Volume"
    version: ClassVar[str] = VERSION
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "a2dpvolume#291",
            "non-crash",
            "Rotating the screen while selecting apps for notification will lose selection",
            _selection_lost,
            human_steps=(*OPEN_CHOOSER, FIRST_BOX, ROTATE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "devices": [],
            "prefs": {"packages": DEFAULT_PACKAGES},
            "asked": {flag: False for flag, _ in PERMISSION_ORDER},
            "service_running": False,
            "lost_selections": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            if not ctx.ui.get("restored"):
                # savedInstanceState == null: the first time through.
                if len(ctx.data["devices"]) < 2:  # devicemin: 1, plus car mode
                    self._get_bt_devices(ctx)
                ctx.data["service_running"] = True
            self._check_permissions(ctx)
        elif ctx.activity == CHOOSER:
            # onCreate reads the preference; the list loads in onCreateOptionsMenu's thread.
            saved = ctx.data["prefs"]["packages"].split(",")
            ctx.ui["checked"] = [pkg for _, pkg in INSTALLED if pkg in saved]

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == MAIN:
            return {"restored": True}
        if ctx.activity == CHOOSER:
            # PackagesChooser saves nothing: mFullAppList's checks die with the instance.
            checked = sorted(ctx.ui.get("checked", []))
            if checked != sorted(self._stored_checked(ctx)):
                ctx.data["lost_selections"].append(checked)
            return {}
        return dict(ctx.ui)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menu") or ctx.ui.get("dialog"):
            ctx.ui["menu"] = False
            if ctx.ui.get("dialog") != "delete":  # setCancelable(false)
                ctx.ui["dialog"] = None
            return True
        if ctx.activity == CHOOSER:
            self._cleanup(ctx)  # onBackPressed, then the activity finishes
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        flag = FLAG_OF.get(permission)
        if flag is None:
            return
        ctx.data["asked"][flag] = True
        if ctx.activity == MAIN:
            self._check_permissions(ctx)

    # -- main --------------------------------------------------------------------------------
    def _check_permissions(self, ctx: AppContext) -> None:
        pending = [p for flag, p in PERMISSION_ORDER if not ctx.data["asked"][flag]]
        if pending and pending[0] not in ctx.permissions:
            ctx.request_permission(pending[0])

    def _get_bt_devices(self, ctx: AppContext) -> None:
        if not any(d["mac"] == CAR_DOCK["mac"] for d in ctx.data["devices"]):
            ctx.data["devices"].append(dict(CAR_DOCK))
        # The adapter is on and nothing is paired (the world).
        ctx.toast("Found 0 Bluetooth Devices")

    def _toggle_service(self, ctx: AppContext) -> None:
        ctx.data["service_running"] = not ctx.data["service_running"]

    def _menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "packages":
            ctx.start_activity(CHOOSER)
        elif item == "prefs":
            ctx.start_activity(PREFERENCES)
        elif item == "Manage_data":
            ctx.start_activity(MANAGE_DATA)
        elif item == "DelData":
            ctx.ui["dialog"] = "delete"
        elif item == "Exit":
            ctx.data["service_running"] = False
            ctx.finish()
        # help (a browser) and Notifications (system settings): not modelled

    def _delete_all(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.data["devices"] = []

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _open_device(self, ctx: AppContext, index: int) -> None:
        ctx.ui["dialog"] = index

    def _delete_device(self, ctx: AppContext, index: int) -> None:
        ctx.ui["dialog"] = None
        if 0 <= index < len(ctx.data["devices"]):
            del ctx.data["devices"][index]

    def _edit_device(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.start_activity(EDIT_DEVICE)

    def _render_main(self, ctx: AppContext) -> Screen:
        devices = ctx.data["devices"]
        if devices:
            rows = [
                w.text_view(
                    d["desc2"] or d["desc1"],
                    "android:id/text1",
                    on_click=w.bind(self._open_device, i),
                    height=147,
                )
                for i, d in enumerate(devices)
            ]
        else:
            rows = [w.text_view("No Data", "android:id/text1", height=147)]
        buttons = View(
            cls="android.widget.TableRow",
            resource_id="TableRow02",
            layout=HORIZONTAL,
            height=168,
            children=[
                w.button("Locationbtn", "Stored Location", lambda c: c.toast("No Data")),
                w.button("Button01", "Load Devices", self._get_bt_devices),
                w.button(
                    "ServButton",
                    "Stop Service" if ctx.data["service_running"] else "Start Service",
                    self._toggle_service,
                ),
            ],
        )
        content = w.linear_layout(
            [
                w.toolbar(
                    TITLE,
                    actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
                    rid="android:id/action_bar",
                ),
                View(cls="android.widget.TableRow", resource_id="TableRow01", height=0),
                buttons,
                View(
                    cls="android.widget.ListView",
                    resource_id="ListView01",
                    content_desc="Bluetooth Devices",
                    scrollable=True,
                    children=rows,
                ),
            ]
        )
        windows = []
        if ctx.ui.get("menu"):
            items = [(title, w.bind(self._menu_item, rid)) for rid, title in MENU]
            windows.append(
                w.menu_window(
                    items, lambda c: c.ui.update(menu=False), title_rid="android:id/title"
                )
            )
        dialog = ctx.ui.get("dialog")
        if dialog == "delete":
            windows.append(
                w.alert_dialog(  # a message and no title
                    w.dialog_message(DELETE_MSG),
                    [],
                    w.dialog_buttons(("OK", self._delete_all), ("Cancel", self._close_dialog)),
                    None,
                )
            )
        elif isinstance(dialog, int) and 0 <= dialog < len(devices):
            d = devices[dialog]
            windows.append(
                w.alert_dialog(
                    w.dialog_title(d["desc2"] or d["desc1"]),
                    [w.dialog_message(f"{d['desc1']}\n{d['desc2']}\n{d['mac']}")],
                    [
                        w.dialog_button("android:id/button3", "Edit", self._edit_device),
                        w.dialog_button(
                            "android:id/button2", "Delete", w.bind(self._delete_device, dialog)
                        ),
                        w.dialog_button("android:id/button1", "OK", self._close_dialog),
                    ],
                    self._close_dialog,
                )
            )
        return Screen(content=content, windows=windows)

    # -- PackagesChooser ---------------------------------------------------------------------
    def _stored_checked(self, ctx: AppContext) -> list[str]:
        saved = ctx.data["prefs"]["packages"].split(",")
        return [pkg for _, pkg in INSTALLED if pkg in saved]

    def _toggle_package(self, ctx: AppContext, pkg: str) -> None:
        checked = ctx.ui.setdefault("checked", [])
        if pkg in checked:
            checked.remove(pkg)
        else:
            checked.append(pkg)

    def _cleanup(self, ctx: AppContext) -> None:
        checked = ctx.ui.get("checked", [])
        ctx.data["prefs"]["packages"] = ",".join(p for _, p in INSTALLED if p in checked)

    def _up(self, ctx: AppContext) -> None:
        self._cleanup(ctx)
        ctx.finish()  # NavUtils.navigateUpFromSameTask: back to the existing .main

    def _render_chooser(self, ctx: AppContext) -> Screen:
        checked = ctx.ui.get("checked", [])
        rows = [
            View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=126,
                children=[
                    w.image_view("pi_iv_icon", "TODO", width=126),
                    w.text_view(label, "pi_tv_name", height=126),
                    View(
                        cls="android.widget.CheckBox",
                        resource_id="checkBox1",
                        checkable=True,
                        checked=pkg in checked,
                        on_click=w.bind(self._toggle_package, pkg),
                        width=126,
                        height=126,
                    ),
                ],
            )
            for label, pkg in INSTALLED
        ]
        content = w.linear_layout(
            [
                w.toolbar(
                    "Respond to these apps",
                    navigation=w.up_button(self._up),
                    actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
                    rid="android:id/action_bar",
                ),
                w.relative_layout(
                    [
                        w.list_view(
                            rows,
                            rid="PackagelistView1",
                            scroll_key="list_scroll",
                        )
                    ],
                    padding=42,
                ),
            ]
        )
        windows = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [("Settings", lambda c: c.ui.update(menu=False))],
                    lambda c: c.ui.update(menu=False),
                    title_rid="android:id/title",
                )
            )
        return Screen(content=content, windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == CHOOSER:
            return self._render_chooser(ctx)
        titles = {PREFERENCES: "Preferences", MANAGE_DATA: "A2DP Volume", EDIT_DEVICE: "Edit"}
        title = titles.get(ctx.activity, "A2DP Volume")
        return Screen(content=w.child_page(title, [w.text_view(title)]))


WRONG_SEQUENCES = {
    "a2dpvolume#291": (
        # Rotation with the boxes untouched: nothing to lose.
        (*OPEN_CHOOSER, ROTATE),
        # The box is tapped twice (back to the stored state) before rotating.
        (*OPEN_CHOOSER, FIRST_BOX, FIRST_BOX, ROTATE),
        # Back saves the selection first; rotation happens on the main screen.
        (*OPEN_CHOOSER, FIRST_BOX, {"kind": "press_back"}, ROTATE),
        # Up saves it too; the chooser opened again shows it and survives rotation.
        (
            *OPEN_CHOOSER,
            FIRST_BOX,
            _click(desc="Navigate up"),
            _click(desc="More options"),
            _click("android:id/title", "Apps for Notifications"),
            ROTATE,
        ),
    ),
}
