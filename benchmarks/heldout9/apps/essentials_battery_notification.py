"""Essentials (sameerasw/essentials) 11.3, a Jetpack Compose toolbox of system tweaks.

Source read: tag v11.3, commit b9cb26483bedab4ceb0057692d8f17eb9ea3c7c3 (MainActivity.kt,
FeatureSettingsActivity.kt, domain/registry/FeatureRegistry.kt, ui/components/cards/FeatureCard.kt,
ui/composables/SetupFeatures.kt, ui/composables/configs/BatteryNotificationSettingsUI.kt,
viewmodels/MainViewModel.kt, services/BatteryNotificationService.kt, res/values/strings.xml);
fix read: 93f2405d7dded19cd3c9add76ae58a472281548f ("fix: App crash due to no devices connected
for battery notification", released in 11.4 through PR #227).

Bug essentials#223 (crash): the "Battery notification" switch (a child of "Notifications and
Alerts") calls ``MainViewModel.setBatteryNotificationEnabled(true)``, which saves the preference
and calls ``startForegroundService(BatteryNotificationService)``. The service's ``onCreate`` /
``onStartCommand`` call ``updateNotification()``, which, when ``fetchBatteryData()`` finds no
device (no AirSync Mac, no Bluetooth device battery stored: always so on a fresh install), calls
``stopForeground(true); stopSelf()`` without ever having called ``startForeground``. The system
then kills the app with ``RemoteServiceException: Context.startForegroundService() did not then
call Service.startForeground()``. The preference stays on, and ``MainViewModel.check`` starts the
service again on every launch of MainActivity, so the app crashes again on each start until its
data is cleared (as the reporter says). The same switch is also inside the "Battery notification"
screen (tap on the card), which shows the permissions sheet first when permissions are missing.

Device: API 30, so the Android 13 POST_NOTIFICATIONS request of MainActivity is not made
(ContextCompat reports it granted when notifications are enabled) and the Bluetooth permission
check of Android 12+ is skipped: the Battery notification switch is enabled on a fresh install.
Switches whose features need special access (notification listener, accessibility, overlay,
Shizuku) are disabled; a tap on them shows the "... requires following permissions" sheet.

Stubbed: every feature screen but "Notifications and Alerts" and "Battery notification" (a title,
subtitle and Back), the Freeze/DIY/Apps tabs (title and an empty text), search (the field keeps
the text; no results list), settings, help guide. No network: the update check is off (it is
rate limited and made in the background; no sheet shows by itself).

Uncertain: the crash's framework frames are Android 11's ActivityThread$H handler for the
crash message (the app has no frame of its own in it); Compose semantics (class names of the
switch and cards) are approximated with android.view.View nodes holding TextView children.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import FRAME, HORIZONTAL, Handler, Screen, View, Window

PKG = "com.sameerasw.essentials"
MAIN = ".MainActivity"
FEATURE = ".FeatureSettingsActivity"
SETTINGS = ".SettingsActivity"
CRASH = "android.app.RemoteServiceException"

# (id, title, description, show_toggle, toggle_enabled_on_fresh_install, has_more_settings,
#  permission titles of its sheet)
TOP_LEVEL = [
    ("Sound", "Sound and Haptics", "Volume and haptic features", False, True, True, []),
    ("Security", "Security and Privacy", "Protect and secure your device", False, True, True, []),
    (
        "Notifications",
        "Notifications and Alerts",
        "Never miss your priorities",
        False,
        True,
        True,
        [],
    ),
    ("Input", "Input and Actions", "Control your device with ease", False, True, True, []),
    ("Widgets", "Widgets", "At a glance on your home screen", False, True, True, []),
    ("Display", "Display", "Visuals to enhance your experience", False, True, True, []),
    ("Watch", "Watch", "Integrations with WearOS", False, True, True, []),
    (
        "Maps power saving mode",
        "Maps power saving mode",
        "For any Android device",
        True,
        False,
        False,
        ["Notification Listener"],
    ),
    ("Quick settings tiles", "Quick settings tiles", "View all", False, True, True, []),
    ("Location reached", "Are we there yet?", "Destination nearby alerts", False, True, True, []),
    ("Watermark", "Watermark", "Add EXIF data and logos to photos", False, True, True, []),
]

NOTIFICATION_CHILDREN = [
    (
        "Notification lighting",
        "Notification lighting",
        "Light up for notifications",
        True,
        False,
        True,
        ["Overlay Permission", "Accessibility Service", "Notification Listener"],
    ),
    (
        "Flashlight pulse",
        "Flashlight pulse",
        "Pulse the flashlight for notifications",
        True,
        False,
        True,
        ["Notification Listener"],
    ),
    (
        "Snooze system notifications",
        "Snooze system notifications",
        "Snooze persistent notifications",
        True,
        False,
        True,
        ["Notification Listener"],
    ),
    (
        "Battery notification",
        "Battery notification",
        "Persistent battery status notification",
        True,
        True,
        True,
        ["Post Notifications"],
    ),
]

TITLES = {f[0]: (f[1], f[2]) for f in TOP_LEVEL + NOTIFICATION_CHILDREN}
TABS = [("Essentials", "(◍•ᴗ•◍)"), ("Freeze", "Disabled apps"), ("DIY", "Do It Yourself"),
        ("Apps", "Find and manage apps")]  # fmt: skip

BATTERY_TEXT = (
    "This notification displays battery levels for your connected Mac and Bluetooth devices. "
    "You can configure which devices to show in the Battery Widget settings."
)


def battery_service_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of essentials#223: the app died because BatteryNotificationService was
    started in the foreground and stopped itself before calling startForeground."""
    return crashed(system, PKG, CRASH, "did not then call Service.startForeground()")


def _set_ui(ctx: AppContext, key: str, value: Any) -> None:
    ctx.ui[key] = value


def _switch(checked: bool, enabled: bool, handler: Any) -> View:
    """A Compose Switch, 160x120 px: checkable, ``checked``, ``enabled``, clicked by ``handler``."""
    switch = View(cls="android.view.View", width=160, height=120)
    switch.checkable = True
    switch.checked, switch.enabled, switch.on_click = checked, enabled, handler
    return switch


def _icon_button(desc: str, handler: Any, **kw: Any) -> View:
    """A Compose IconButton: a Button node named by its icon's content description."""
    return View(cls="android.widget.Button", content_desc=desc, on_click=handler, **kw)


class Essentials(VirtualApp):
    """Essentials 11.3: the main feature list, the Notifications and Alerts screen and the
    Battery notification screen, with the BatteryNotificationService crash."""

    name: ClassVar[str] = "essentials"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Essentials"
    version: ClassVar[str] = "11.3"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "essentials#223",
            "crash",
            "App Crashes when trying to Enable Battery Notification",
            battery_service_crashed,
            human_steps=(
                click(PKG, text="Notifications and Alerts"),
                click(PKG, cls="android.view.View", bounds=[904, 869, 1064, 989]),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "battery_notification_enabled": False,
            "pinned": [],
            # AirSync Mac and Bluetooth batteries the service would show: none.
            "battery_devices": [],
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("sheet", None)
        ctx.ui.setdefault("menu", None)
        ctx.ui.setdefault("tab", 0)
        ctx.ui.setdefault("query", "")
        if ctx.activity == MAIN and ctx.data["battery_notification_enabled"]:
            # MainViewModel.check(): the saved preference restarts the service at every launch.
            self.start_battery_service(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menu"):
            ctx.ui["menu"] = None
            return True
        if ctx.ui.get("sheet"):
            ctx.ui["sheet"] = None
            return True
        if ctx.activity == MAIN and ctx.ui.get("tab"):
            return False
        return False

    # -- behaviour -----------------------------------------------------------------------------
    def start_battery_service(self, ctx: AppContext) -> None:
        """startForegroundService(BatteryNotificationService): updateNotification() finds no
        battery item and stops the service before startForeground (the bug)."""
        if ctx.data["battery_devices"]:
            ctx.data["battery_notification_shown"] = True
            return
        raise JavaException(
            CRASH,
            "Context.startForegroundService() did not then call Service.startForeground(): "
            "ServiceRecord{8c3e1f2 u0 com.sameerasw.essentials/.services."
            "BatteryNotificationService}",
            [
                "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1945)",
                "android.os.Handler.dispatchMessage(Handler.java:106)",
                "android.os.Looper.loop(Looper.java:223)",
                "android.app.ActivityThread.main(ActivityThread.java:7656)",
                "java.lang.reflect.Method.invoke(Native Method)",
                "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
                "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
            ],
        )

    def set_battery_notification(self, ctx: AppContext, enabled: bool) -> None:
        ctx.data["battery_notification_enabled"] = enabled
        if enabled:
            self.start_battery_service(ctx)

    def open_feature(self, ctx: AppContext, feature_id: str) -> None:
        ctx.start_activity(FEATURE, {"feature": feature_id})

    def toggle_pin(self, ctx: AppContext, feature_id: str) -> None:
        pinned = ctx.data["pinned"]
        if feature_id in pinned:
            pinned.remove(feature_id)
        else:
            pinned.append(feature_id)
        ctx.ui["menu"] = None

    # -- views -----------------------------------------------------------------------------------
    def feature_card(self, ctx: AppContext, feature: tuple[Any, ...]) -> View:
        fid, title, desc, show_toggle, toggle_enabled, more, _perms = feature
        texts = w.linear_layout(
            [w.text_view(title, height=70), w.text_view(desc, height=70)], weight=1
        )
        row: list[View] = [w.image_view(desc=title, width=110, height=110), texts]
        if more:
            row.append(w.image_view(desc="More settings", width=95, height=95))
        if show_toggle:
            if fid == "Battery notification":
                checked = bool(ctx.data["battery_notification_enabled"])
                row.append(
                    _switch(
                        checked,
                        True,
                        lambda c, on=not checked: self.set_battery_notification(c, on),
                    )
                )
            else:
                # A disabled Switch under an invisible clickable overlay (FeatureCard's
                # onDisabledToggleClick) that opens the permissions sheet.
                row.append(
                    View(
                        cls="android.view.View",
                        layout=FRAME,
                        width=160,
                        height=120,
                        children=[
                            _switch(False, toggle_enabled, None),
                            View(
                                cls="android.view.View",
                                on_click=w.bind(_set_ui, "sheet", fid),
                            ),
                        ],
                    )
                )
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=200,
            padding=16,
            on_click=w.bind(self.open_feature, fid),
            on_long_click=w.bind(_set_ui, "menu", fid),
            children=row,
        )

    def top_bar(self, title: str, subtitle: str, *, back: bool, actions: list[View]) -> View:
        left: list[View] = []
        if back:
            left.append(_icon_button("Back", handler=w.finish, width=147, height=147))
        left.append(
            w.linear_layout(
                [w.text_view(title, height=90), w.text_view(subtitle, height=60)], weight=1
            )
        )
        return View(
            cls="android.view.View", layout=HORIZONTAL, height=190, children=[*left, *actions]
        )

    def pin_menu(self, ctx: AppContext) -> Window | None:
        fid = ctx.ui.get("menu")
        if not fid:
            return None
        if fid == "__overflow__":
            return w.menu_window(
                [("What is this?", lambda c: c.ui.update(menu=None))],
                lambda c: c.ui.update(menu=None),
            )
        pinned = fid in ctx.data["pinned"]
        items: list[tuple[str, Handler]] = [
            ("Unpin from Favorites" if pinned else "Pin to Favorites", w.bind(self.toggle_pin, fid))
        ]
        if fid in ("Battery notification", "Maps power saving mode", "Notification lighting",
                   "Flashlight pulse", "Snooze system notifications"):  # fmt: skip
            items.append(("What is this?", lambda c: c.ui.update(menu=None)))
        return w.menu_window(items, lambda c: c.ui.update(menu=None))

    def permission_sheet(self, ctx: AppContext) -> Window | None:
        fid = ctx.ui.get("sheet")
        if not fid:
            return None
        feature = next(f for f in TOP_LEVEL + NOTIFICATION_CHILDREN if f[0] == fid)
        cards: list[View] = []
        for perm in feature[6]:
            label = (
                "Enable in Settings" if perm in ("Accessibility Service",) else "Grant Permission"
            )
            cards.append(
                w.linear_layout(
                    [
                        w.text_view(perm),
                        w.text_view("Required for:", height=70),
                        w.text_view(f"• {feature[1]}", height=70),
                        w.button(text=label, handler=lambda c: None),
                    ],
                    weight=0,
                )
            )
        root = w.linear_layout(
            [w.text_view(f"{fid} requires following permissions"), *cards], weight=0
        )
        return Window(
            root=root, kind="sheet", on_dismiss=lambda c: c.ui.update(sheet=None), bounds=None
        )

    def windows(self, ctx: AppContext) -> list[Window]:
        return [win for win in (self.permission_sheet(ctx), self.pin_menu(ctx)) if win]

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == FEATURE:
            return self.render_feature(ctx)
        if ctx.activity == SETTINGS:
            bar = self.top_bar("Settings", "", back=True, actions=[])
            return Screen(content=w.linear_layout([bar, View(cls="android.view.View")]))
        return self.render_main(ctx)

    def render_main(self, ctx: AppContext) -> Screen:
        tab = ctx.ui.get("tab", 0)
        title, subtitle = TABS[tab]
        actions = [
            _icon_button("Search", handler=lambda c: c.ui.update(tab=0), width=147, height=147),
        ]
        if tab != 3:
            actions.append(
                _icon_button("Help Guide", handler=lambda c: None, width=147, height=147)
            )
        actions.append(
            _icon_button(
                "Settings",
                handler=lambda c: c.start_activity(SETTINGS),
                width=147,
                height=147,
            )
        )
        bar = self.top_bar(title, subtitle, back=False, actions=actions)
        if tab == 0:
            body: list[View] = [
                View(
                    cls="android.widget.EditText",
                    text=ctx.ui.get("query", ""),
                    hint="Search for Tools, Mods and Tweaks",
                    on_text=lambda c, t: c.ui.update(query=t),
                    height=160,
                )
            ]
            if not ctx.ui.get("query"):
                body += [self.feature_card(ctx, f) for f in TOP_LEVEL]
            page = View(
                cls="android.view.View",
                scrollable=True,
                scroll_key="main_scroll",
                children=body,
            )
        else:
            page = View(cls="android.view.View", children=[w.text_view("")])
        toolbar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=160,
            weight=0,
            children=[
                w.image_view(desc=t, handler=w.bind(_set_ui, "tab", i), width=160)
                for i, (t, _s) in enumerate(TABS)
            ],
        )
        root = View(
            cls="androidx.compose.ui.platform.ComposeView",
            children=[bar, page, toolbar],
        )
        return Screen(content=root, windows=self.windows(ctx))

    def render_feature(self, ctx: AppContext) -> Screen:
        fid = ctx.extras.get("feature", "")
        title, subtitle = TITLES.get(fid, (fid, ""))
        actions: list[View] = []
        if fid == "Battery notification":
            actions.append(
                _icon_button(
                    "More options",
                    handler=lambda c: c.ui.update(menu="__overflow__"),
                    width=147,
                    height=147,
                )
            )
        bar = self.top_bar(title, subtitle, back=True, actions=actions)
        body: list[View]
        if fid == "Notifications":
            body = [self.feature_card(ctx, f) for f in NOTIFICATION_CHILDREN]
        elif fid == "Battery notification":
            checked = bool(ctx.data["battery_notification_enabled"])
            body = [
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=220,
                    children=[
                        w.image_view(width=110, height=110),
                        w.linear_layout(
                            [
                                w.text_view("Battery notification", height=80),
                                w.text_view("Persistent battery status notification", height=80),
                            ],
                            weight=1,
                        ),
                        _switch(
                            checked,
                            True,
                            lambda c, on=not checked: self.set_battery_notification(c, on),
                        ),
                    ],
                ),
                w.text_view(BATTERY_TEXT, height=200),
            ]
        else:
            body = [w.text_view("")]
        page = View(cls="android.view.View", scrollable=True, scroll_key="f_scroll", children=body)
        root = View(cls="androidx.compose.ui.platform.ComposeView", children=[bar, page])
        return Screen(content=root, windows=self.windows(ctx))


WRONG_SEQUENCES = {
    "essentials#223": [
        # Only opening the screen.
        [click(PKG, text="Notifications and Alerts")],
        # The disabled Snooze switch (shows the permissions sheet) instead.
        [
            click(PKG, text="Notifications and Alerts"),
            click(PKG, cls="android.view.View", bounds=[904, 669, 1064, 789]),
        ],
        # Opening the Battery notification screen without switching it on.
        [
            click(PKG, text="Notifications and Alerts"),
            click(PKG, text="Battery notification"),
        ],
        # A different category.
        [click(PKG, text="Display")],
    ]
}
