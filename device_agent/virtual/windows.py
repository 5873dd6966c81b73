"""The window stack of the virtual screen: what the system wraps around app content and what it
draws by itself.

A :class:`Frame` is one moment of the screen: windows bottom first, like ``uiautomator dump``
lists them. Builders here make each kind of window as a tree of :class:`LNode`:

- the activity window: decor ``FrameLayout`` over the screen minus the navigation bar, content in
  ``android:id/content`` below the 63 px status bar, an AppCompat toolbar (147 px) when the screen
  has a title, and the ``statusBarBackground`` / ``navigationBarBackground`` views, as in real
  AppCompat dumps (compare ``gmail_welcome_tour.xml`` in the shared fixtures);
- app windows (dialog / menu / sheet) at their natural size and place;
- system windows: the "keeps stopping" and "isn't responding" dialogs (package ``android``, API 30
  ids ``aerr_*``), the runtime permission dialog (``com.google.android.permissioncontroller``),
  the launcher's home screen, the Settings "App info" page, and toasts (drawn by SystemUI since
  API 30, hence package ``com.android.systemui``, which the orchestrator's hierarchy code treats
  as system UI).

Builders take the device's callbacks (``on_...``) for the buttons the system owns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from device_agent.hierarchy import Hierarchy, parse_hierarchy
from device_agent.virtual.layout import (
    TOOLBAR_PX,
    Geometry,
    LayoutContext,
    LNode,
    Rect,
    intersect,
    layout_view,
    natural_window_rect,
    synthetic,
    translate,
)
from device_agent.virtual.uixml import dump_windows
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

LAUNCHER_PACKAGE = "com.google.android.apps.nexuslauncher"
LAUNCHER_ACTIVITY = f"{LAUNCHER_PACKAGE}/.NexusLauncherActivity"
SETTINGS_PACKAGE = "com.android.settings"
SETTINGS_ACTIVITY = f"{SETTINGS_PACKAGE}/.applications.InstalledAppDetailsTop"
PERMISSION_PACKAGE = "com.google.android.permissioncontroller"
PERMISSION_ACTIVITY = (
    f"{PERMISSION_PACKAGE}/com.android.permissioncontroller.permission.ui.GrantPermissionsActivity"
)
SYSTEMUI_PACKAGE = "com.android.systemui"
# Resource ids of the permission dialog keep the AOSP package name on Google builds.
_PERM_ID = "com.android.permissioncontroller:id"

# What "Allow <App> to ...?" says per permission (API 30 wording).
PERMISSION_PHRASES = {
    "READ_EXTERNAL_STORAGE": "access photos, media, and files on your device",
    "WRITE_EXTERNAL_STORAGE": "access photos, media, and files on your device",
    "CAMERA": "take pictures and record video",
    "RECORD_AUDIO": "record audio",
    "ACCESS_FINE_LOCATION": "access this device's location",
    "ACCESS_COARSE_LOCATION": "access this device's location",
    "READ_CONTACTS": "access your contacts",
    "WRITE_CONTACTS": "access your contacts",
    "READ_CALENDAR": "access your calendar",
    "WRITE_CALENDAR": "access your calendar",
    "CALL_PHONE": "make and manage phone calls",
    "READ_PHONE_STATE": "make and manage phone calls",
    "SEND_SMS": "send and view SMS messages",
    "READ_SMS": "send and view SMS messages",
    "POST_NOTIFICATIONS": "send you notifications",
    "BODY_SENSORS": "access sensor data about your vital signs",
    "ACTIVITY_RECOGNITION": "access your physical activity",
}

SystemHandler = Callable[[Any], None]


@dataclass
class FrameWindow:
    """One window of a frame: its laid-out ``node`` and how it takes touches.

    ``kind`` is ``activity``, ``dialog``, ``menu``, ``sheet``, ``permission``, ``system`` (crash /
    ANR dialogs), ``launcher``, ``settings`` or ``toast``. ``system`` windows' handlers are the
    device's own callbacks, called with ``None`` instead of an app context. ``dim`` darkens what
    is below in the screenshot.
    """

    node: LNode
    kind: str
    modal: bool = False
    cancelable: bool = False
    on_dismiss: Callable[..., None] | None = None
    system: bool = False
    dim: bool = False


@dataclass
class Frame:
    """The screen at one moment. The dump, its parsed form and the PNG are made on first use
    and cached (a frame never changes; the device builds a new one after each state change)."""

    geo: Geometry
    windows: list[FrameWindow]
    keyboard: bool
    clock_text: str
    focused: LNode | None = None
    _xml: str = ""
    _paths: dict[str, LNode] = field(default_factory=dict)
    _hierarchy: Hierarchy | None = None
    _png: bytes = b""

    @property
    def rotation(self) -> int:
        """``<hierarchy rotation=...>``: 0 portrait, 1 landscape."""
        return 1 if self.geo.landscape else 0

    def xml(self) -> str:
        """The ``uiautomator dump`` of this frame."""
        if not self._xml:
            self._xml, self._paths = dump_windows([w.node for w in self.windows], self.rotation)
        return self._xml

    def paths(self) -> dict[str, LNode]:
        """Dump node path (as :func:`parse_hierarchy` numbers them) → laid-out node."""
        self.xml()
        return self._paths

    def hierarchy(self) -> Hierarchy:
        if self._hierarchy is None:
            self._hierarchy = parse_hierarchy(self.xml())
        return self._hierarchy

    def png(self) -> bytes:
        if not self._png:
            from device_agent.virtual.render import render_frame

            self._png = render_frame(self)
        return self._png


def activity_window(screen: Screen, geo: Geometry, lctx: LayoutContext) -> LNode:
    """The decor view tree of an activity showing ``screen``."""
    pkg = lctx.package
    app_rect = geo.app
    content_rect = app_rect
    children: list[LNode] = []
    if screen.title:
        bar = (app_rect[0], app_rect[1], app_rect[2], app_rect[1] + TOOLBAR_PX)
        title_right = min(bar[2] - 52, bar[0] + 52 + 30 * len(screen.title) + 40)
        title = synthetic(
            "android.widget.TextView",
            (bar[0] + 52, bar[1] + 39, title_right, bar[3] - 39),
            pkg,
            text=screen.title,
            role="toolbar_title",
        )
        content_rect = (app_rect[0], bar[3], app_rect[2], app_rect[3])
        toolbar = synthetic(
            "android.view.ViewGroup",
            bar,
            pkg,
            resource_id=f"{pkg}:id/toolbar",
            role="toolbar",
            children=[title],
        )
        children.append(toolbar)
    content = layout_view(screen.content, content_rect, content_rect, lctx, "a", len(children))
    if content is not None:
        children.append(content)
    if screen.title:
        inner = [synthetic("android.widget.LinearLayout", app_rect, pkg, children=children)]
    else:
        inner = children
        for child in inner:
            child.index = 0
    android_content = synthetic(
        "android.widget.FrameLayout",
        app_rect,
        pkg,
        resource_id="android:id/content",
        children=inner,
    )
    bar_root = synthetic(
        "android.widget.LinearLayout",
        app_rect,
        pkg,
        resource_id=f"{pkg}:id/action_bar_root",
        children=[android_content],
    )
    frame = synthetic("android.widget.FrameLayout", app_rect, pkg, children=[bar_root])
    linear = synthetic("android.widget.LinearLayout", geo.window, pkg, children=[frame])
    status = synthetic(
        "android.view.View",
        geo.status_bar,
        pkg,
        resource_id="android:id/statusBarBackground",
        index=1,
    )
    nav = synthetic(
        "android.view.View",
        geo.nav_bar,
        pkg,
        resource_id="android:id/navigationBarBackground",
        index=2,
    )
    return synthetic(
        "android.widget.FrameLayout", geo.window, pkg, role="decor", children=[linear, status, nav]
    )


def _wrap(
    root: View, rect: Rect, lctx: LayoutContext, lpath: str, role: str, content_id: bool = True
) -> LNode:
    laid = layout_view(root, rect, rect, lctx, lpath, 0)
    children = [laid] if laid is not None else []
    if content_id:
        content = synthetic(
            "android.widget.FrameLayout",
            rect,
            lctx.package,
            resource_id="android:id/content",
            children=children,
        )
        children = [content]
    return synthetic("android.widget.FrameLayout", rect, lctx.package, role=role, children=children)


def app_window(win: Window, index: int, geo: Geometry, lctx: LayoutContext) -> FrameWindow:
    """A dialog / menu / sheet the app shows above its activity."""
    if win.bounds:
        left, top, right, bottom = win.bounds
        # Fixed bounds meant for one orientation may not fit the other: keep what is on screen.
        rect: Rect = intersect((left, top, right, bottom), (0, 0, geo.width, geo.height))
    else:
        rect = natural_window_rect(win.kind, win.root, geo)
    node = _wrap(win.root, rect, lctx, f"w{index}", win.kind, content_id=win.kind != "menu")
    return FrameWindow(
        node,
        win.kind,
        modal=win.modal,
        cancelable=win.cancelable,
        on_dismiss=win.on_dismiss,
        dim=win.modal and win.kind != "menu",
    )


def _system_dialog(
    title: str,
    buttons: list[tuple[str, str, SystemHandler]],
    package: str,
    geo: Geometry,
    role: str,
    title_id: str = "android:id/alertTitle",
) -> LNode:
    children = [
        View(
            cls="android.widget.TextView",
            text=title,
            resource_id=title_id,
            height=150,
            padding=20,
            style="dialog_title",
        )
    ]
    for text, rid, handler in buttons:
        children.append(
            View(cls="android.widget.Button", text=text, resource_id=rid, on_click=handler)
        )
    root = View(
        cls="android.widget.LinearLayout",
        resource_id="android:id/parentPanel",
        children=children,
        padding=26,
        weight=0,
    )
    rect = natural_window_rect("dialog", root, geo)
    return _wrap(root, rect, LayoutContext(package, {}), f"s:{role}", role)


def error_window(
    kind: str, label: str, geo: Geometry, on_close: SystemHandler, on_other: SystemHandler
) -> FrameWindow:
    """The crash dialog ("<label> keeps stopping": App info / Close app) or, for ``kind ==
    "anr"``, the ANR dialog ("<label> isn't responding": Close app / Wait). ``on_other`` is App
    info or Wait."""
    if kind == "anr":
        title = f"{label} isn't responding"
        buttons = [
            ("Close app", "android:id/aerr_close", on_close),
            ("Wait", "android:id/aerr_wait", on_other),
        ]
    else:
        title = f"{label} keeps stopping"
        buttons = [
            ("App info", "android:id/aerr_app_info", on_other),
            ("Close app", "android:id/aerr_close", on_close),
        ]
    node = _system_dialog(title, buttons, "android", geo, "system_dialog")
    return FrameWindow(node, "system", modal=True, cancelable=False, system=True, dim=True)


def permission_phrase(permission: str) -> str:
    """``android.permission.CAMERA`` → ``"take pictures and record video"``."""
    short = permission.rsplit(".", 1)[-1]
    return PERMISSION_PHRASES.get(short, f"use {short.replace('_', ' ').lower()}")


def permission_window(
    permission: str, label: str, geo: Geometry, on_answer: Callable[[bool], None]
) -> FrameWindow:
    """The runtime permission dialog: "Allow <label> to ...?" with Allow / Don't allow."""
    buttons: list[tuple[str, str, SystemHandler]] = [
        ("Allow", f"{_PERM_ID}/permission_allow_button", lambda _c: on_answer(True)),
        ("Don't allow", f"{_PERM_ID}/permission_deny_button", lambda _c: on_answer(False)),
    ]
    node = _system_dialog(
        f"Allow {label} to {permission_phrase(permission)}?",
        buttons,
        PERMISSION_PACKAGE,
        geo,
        "permission_dialog",
        title_id=f"{_PERM_ID}/permission_message",
    )
    return FrameWindow(node, "permission", modal=True, cancelable=False, system=True, dim=True)


def launcher_window(geo: Geometry, app_label: str, on_open: SystemHandler) -> FrameWindow:
    """The home screen, with the installed app's icon (a TextView labelled with the app's label,
    as the Pixel launcher exposes icons) when ``app_label`` is set."""
    icons: list[View] = []
    if app_label:
        icons.append(
            View(
                cls="android.widget.TextView",
                text=app_label,
                content_desc=app_label,
                width=216,
                height=288,
                on_click=on_open,
                long_clickable=True,
                style="launcher_icon",
            )
        )
    workspace = View(
        cls="android.view.ViewGroup",
        resource_id="workspace",
        layout=HORIZONTAL,
        children=icons,
        padding=30,
    )
    root = View(
        cls="android.widget.FrameLayout", resource_id="launcher", layout=FRAME, children=[workspace]
    )
    rect = geo.app
    laid = layout_view(root, rect, rect, LayoutContext(LAUNCHER_PACKAGE, {}), "s:launcher", 0)
    node = synthetic(
        "android.widget.FrameLayout",
        (0, 0, geo.width, geo.height),
        LAUNCHER_PACKAGE,
        role="launcher",
        children=[laid] if laid else [],
    )
    return FrameWindow(node, "launcher", system=True)


def settings_window(
    geo: Geometry,
    label: str,
    version: str,
    running: bool,
    on_open: SystemHandler,
    on_force_stop: SystemHandler,
) -> FrameWindow:
    """Settings' "App info" page of the app (reached from the crash dialog)."""
    sid = f"{SETTINGS_PACKAGE}:id"
    buttons = View(
        cls="android.widget.LinearLayout",
        layout=HORIZONTAL,
        height=180,
        padding=20,
        children=[
            View(
                cls="android.widget.Button",
                text="Open",
                resource_id=f"{sid}/button1",
                on_click=on_open,
            ),
            View(
                cls="android.widget.Button",
                text="Force stop",
                resource_id=f"{sid}/button3",
                on_click=on_force_stop,
                enabled=running,
            ),
        ],
    )
    root = View(
        cls="android.widget.LinearLayout",
        children=[
            View(
                cls="android.widget.TextView",
                text=label,
                resource_id=f"{sid}/entity_header_title",
                height=160,
                style="title",
            ),
            View(
                cls="android.widget.TextView",
                text=f"version {version}",
                resource_id=f"{sid}/entity_header_summary",
            ),
            buttons,
            View(cls="android.widget.FrameLayout"),
        ],
    )
    node = activity_window(
        Screen(content=root, title="App info"), geo, LayoutContext(SETTINGS_PACKAGE, {})
    )
    return FrameWindow(node, "settings", system=True)


def toast_window(text: str, geo: Geometry) -> FrameWindow:
    """A toast near the bottom of the screen, as SystemUI draws it (API 30+)."""
    left, _, right, bottom = geo.app
    width = min(right - left - 120, max(240, len(text) * 24 + 96))
    x0 = left + (right - left - width) // 2
    rect = (x0, bottom - 260, x0 + width, bottom - 140)
    label = synthetic(
        "android.widget.TextView",
        rect,
        SYSTEMUI_PACKAGE,
        resource_id="android:id/message",
        text=text,
        role="toast_text",
    )
    node = synthetic(
        "android.widget.LinearLayout", rect, SYSTEMUI_PACKAGE, role="toast", children=[label]
    )
    return FrameWindow(node, "toast", system=True)


def lift_above_keyboard(windows: list[FrameWindow], geo: Geometry) -> None:
    """With the soft keyboard shown, move app dialogs and sheets up so they end above it (as
    Android resizes or pans a dialog window for the IME), never above the status bar."""
    kb_top = geo.keyboard[1]
    for win in windows:
        if win.kind not in ("dialog", "sheet"):
            continue
        top, bottom = win.node.bounds[1], win.node.bounds[3]
        overlap = bottom - kb_top
        if overlap > 0:
            translate(win.node, -min(overlap, max(0, top - geo.app[1])))
