"""Screen Recorder 1.8.2 (``com.orpheusdroid.screenrecorder``), with bug screenrecorder#25.

Screens, after the app's sources of that time (``MainActivity``, ``AboutActivity``,
``activity_main.xml``, ``strings.xml``):

- first run: the app's own "Allow Storage Permission" dialog (not cancelable, one OK button),
  then the system's storage permission dialog; refusing disables the record button and the
  Videos tab says "Storage permission denied";
- the main screen: a toolbar ("Screen Recorder", "More options" with About and Privacy Policy),
  tabs SETTINGS / VIDEOS (tap or swipe), the settings list (resolution, frame rate, bit rate,
  record audio, which asks for the microphone permission, save options, floating controls, show
  touches, analytics) and the record FAB (no description; long click says "Start recording"),
  which asks for the system's screen-capture consent (CANCEL / START NOW);
- About (``.AboutActivity``: version, credits, libraries, open source) and Privacy Policy.

The bug: the report only says that opening About a second time stops the app, and the comments
add that a debug build and the developer's phone do not show it. The model's crash is one that
fits those facts: About decodes a large image that the first About screen left behind in memory,
so the second inflation of its layout runs out of memory. The activity launch then fails with
``java.lang.RuntimeException: Unable to start activity ...AboutActivity...`` caused by an
``InflateException`` caused by ``java.lang.OutOfMemoryError``. The leak lives as long as the
main activity instance that opened About (rotating keeps it; leaving the app clears it).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed
from device_agent.virtual.stacks import launch_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.orpheusdroid.screenrecorder"
MAIN = ".MainActivity"
ABOUT = ".AboutActivity"
PRIVACY = ".PrivacyPolicy"
STORAGE_PERMISSION = "android.permission.WRITE_EXTERNAL_STORAGE"
AUDIO_PERMISSION = "android.permission.RECORD_AUDIO"
SAVE_DIR = "/storage/emulated/0/screenrecorder"

# List preferences: key -> (title, summary, entries, default).
LIST_PREFS: dict[str, tuple[str, str, tuple[str, ...], str]] = {
    "resolution": (
        "Resolution",
        "Select the resolution to record at",
        ("1080P", "720P", "480P", "360P", "240P"),
        "1080P",
    ),
    "fps": (
        "Frames per second",
        "Choose fps to record at",
        ("25", "30", "35", "40", "50", "60"),
        "30",
    ),
    "bitrate": (
        "Bit rate",
        "Choose bit rate",
        ("1 Mbps", "2 Mbps", "4 Mbps", "8 Mbps", "12 Mbps", "16 Mbps"),
        "8 Mbps",
    ),
    "filename": (
        "File name format",
        "yyyyMMdd_hhmmss",
        ("yyyyMMdd_hhmmss", "ddMMyyyy_hhmmss", "hhmmss_ddMMyyyy"),
        "yyyyMMdd_hhmmss",
    ),
}
# Check box preferences: key -> (title, summary, default).
CHECK_PREFS: dict[str, tuple[str, str, bool]] = {
    "audiorec": ("Record audio", "Records audio from mic along with screen video", False),
    "floating_controls": (
        "Use Floating Controls",
        "Enable/Disable floating controls which draws over every screen",
        False,
    ),
    "touch_pointer": ("Show touches", "Enable/disable touch", False),
    "crash_reporting": ("Crash reporting", "Enable anonymous crash reporting", True),
    "usage_statistics": (
        "Anonymous statistics",
        "Enable anonymous statistics on number of app usages",
        True,
    ),
}


def _about_crash() -> JavaException:
    """The second About launch: out of memory while inflating ``activity_about.xml``."""
    oom = JavaException(
        "java.lang.OutOfMemoryError",
        "Failed to allocate a 36000012 byte allocation with 16777216 free bytes and 20MB until OOM",
        frames=[
            "dalvik.system.VMRuntime.newNonMovableArray(Native Method)",
            "android.graphics.BitmapFactory.nativeDecodeAsset(Native Method)",
            "android.graphics.BitmapFactory.decodeStream(BitmapFactory.java:620)",
            "android.graphics.BitmapFactory.decodeResourceStream(BitmapFactory.java:455)",
            "android.graphics.drawable.Drawable.createFromResourceStream(Drawable.java:1155)",
            "android.content.res.ResourcesImpl.loadDrawableForCookie(ResourcesImpl.java:720)",
            "android.content.res.ResourcesImpl.loadDrawable(ResourcesImpl.java:571)",
            "android.content.res.Resources.getDrawable(Resources.java:771)",
            "android.support.v7.widget.AppCompatImageHelper.loadFromAttributes(AppCompatImageHelper.java:59)",
            "android.support.v7.widget.AppCompatImageView.<init>(AppCompatImageView.java:78)",
            "android.support.v7.app.AppCompatViewInflater.createView(AppCompatViewInflater.java:100)",
            "android.view.LayoutInflater.createViewFromTag(LayoutInflater.java:780)",
            "android.view.LayoutInflater.rInflate(LayoutInflater.java:863)",
            "android.view.LayoutInflater.inflate(LayoutInflater.java:515)",
        ],
    )
    inflate = JavaException(
        "android.view.InflateException",
        "Binary XML file line #30: Binary XML file line #30: Error inflating class ImageView",
        frames=[
            "android.view.LayoutInflater.inflate(LayoutInflater.java:539)",
            "android.view.LayoutInflater.inflate(LayoutInflater.java:423)",
            "android.view.LayoutInflater.inflate(LayoutInflater.java:374)",
            "android.support.v7.app.AppCompatDelegateImplV9.setContentView(AppCompatDelegateImplV9.java:287)",
            "android.support.v7.app.AppCompatActivity.setContentView(AppCompatActivity.java:139)",
            "com.orpheusdroid.screenrecorder.AboutActivity.onCreate(AboutActivity.java:32)",
            "android.app.Activity.performCreate(Activity.java:6679)",
            "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1118)",
            "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2618)",
        ],
        cause=oom,
    )
    return JavaException(
        "java.lang.RuntimeException",
        "Unable to start activity ComponentInfo{com.orpheusdroid.screenrecorder/"
        "com.orpheusdroid.screenrecorder.AboutActivity}: android.view.InflateException: Binary XML "
        "file line #30: Binary XML file line #30: Error inflating class ImageView",
        frames=[
            *launch_frames(25),
        ],
        cause=inflate,
    )


def _toolbar(title: str, *, up: Any = None, overflow: Any = None) -> View:
    navigation = w.nav_button(w.NAVIGATE_UP, up) if up is not None else None
    actions = [w.overflow_button(overflow)] if overflow is not None else []
    return w.toolbar(title, navigation=navigation, actions=actions)


def _button(rid: str, text: str, handler: Any) -> View:
    # AlertDialog buttons are borderless Buttons.
    return w.button(rid, text, handler, width=300, style="text")


def _dialog(
    title: str, body: list[View], buttons: list[View], on_dismiss: Any, cancelable: bool = True
) -> Window:
    children = [w.text_view(title, "alertTitle", height=140)] if title else []
    children += body
    children.append(
        w.linear_layout(
            [View(cls="android.view.View"), *buttons],
            rid="buttonPanel",
            horizontal=True,
            height=140,
        )
    )
    return Window(
        root=w.linear_layout(children, rid="parentPanel", weight=0),
        kind="dialog",
        cancelable=cancelable,
        on_dismiss=on_dismiss,
    )


def _oracle_25(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "java.lang.RuntimeException", "AboutActivity")


_MORE = click(PACKAGE, desc="More options", cls="android.widget.ImageView")
_ABOUT = click(PACKAGE, f"{PACKAGE}:id/title", "About", cls="android.widget.TextView")

BUG_25 = BugSpec(
    bug_id="screenrecorder#25",
    kind="crash",
    title='App stops after opening "about" twice',
    oracle=_oracle_25,
    human_steps=(
        click(PACKAGE, "android:id/button3", "OK", cls="android.widget.Button"),
        allow_permission(PACKAGE),
        _MORE,
        _ABOUT,
        {"kind": "press_back"},
        _MORE,
        _ABOUT,
    ),
)


class ScreenRecorder(VirtualApp):
    """Screen Recorder 1.8.2 (see the module docstring)."""

    name: ClassVar[str] = "screenrecorder"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Screen Recorder"
    version: ClassVar[str] = "1.8.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_25,)

    def initial_data(self) -> dict[str, Any]:
        prefs: dict[str, Any] = {key: spec[3] for key, spec in LIST_PREFS.items()}
        prefs.update({key: spec[2] for key, spec in CHECK_PREFS.items()})
        prefs["fileprefix"] = "recording"
        return {"prefs": prefs, "recording": False, "videos": []}

    # -- lifecycle ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        ui = ctx.ui
        ui.setdefault("tab", 0)
        ui.setdefault("menu", False)
        ui.setdefault("dialog", None)
        ui.setdefault("about_opened", 0)
        if STORAGE_PERMISSION not in ctx.permissions and not ui.get("storage_asked"):
            ui["storage_asked"] = True
            ui["dialog"] = {"kind": "storage"}

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == AUDIO_PERMISSION and not granted:
            ctx.data["prefs"]["audiorec"] = False
        if permission == STORAGE_PERMISSION:
            ctx.log(
                "ScreenRecorder",
                f"write storage Permission {'granted' if granted else 'Denied'}",
                "D",
            )

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN:
            return False
        if direction == "left" and ctx.ui["tab"] == 0:
            ctx.ui["tab"] = 1
            return True
        if direction == "right" and ctx.ui["tab"] == 1:
            ctx.ui["tab"] = 0
            return True
        return False

    # -- rendering ---------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ABOUT:
            return self._render_about(ctx)
        if ctx.activity == PRIVACY:
            return self._render_privacy(ctx)
        return self._render_main(ctx)

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        granted = STORAGE_PERMISSION in ctx.permissions
        tab_row = w.tabs(("SETTINGS", "VIDEOS"), ui["tab"], self._select_tab)
        if ui["tab"] == 0:
            page = self._settings_list(ctx)
        else:
            message = "No videos available" if granted else "Storage permission denied"
            page = w.frame_layout(
                [w.text_view(message, "message_tv", gravity="center", width=700)], layout=FRAME
            )
        column = w.linear_layout(
            [
                _toolbar(self.label, overflow=self._open_menu),
                tab_row,
                View(
                    cls="android.support.v4.view.ViewPager",
                    resource_id="viewpager",
                    children=[page],
                ),
            ]
        )
        children = [column]
        if ui["tab"] == 0:
            children.append(
                w.fab(
                    "fab",
                    "",
                    self._record,
                    size=147,
                    on_long_click=lambda c: c.toast("Start recording"),
                    enabled=granted,
                    naf=True,
                )
            )
        root = View(cls="android.view.ViewGroup", layout=FRAME, children=children)
        return Screen(content=root, windows=self._windows(ctx))

    def _settings_list(self, ctx: AppContext) -> View:
        prefs = ctx.data["prefs"]

        def category(title: str) -> View:
            return w.text_view(title, "android:id/title", height=110)

        def list_row(key: str) -> View:
            title, _summary, _entries, _default = LIST_PREFS[key]
            return w.preference(
                title,
                str(prefs[key]),
                lambda c: self._set(c, dialog={"kind": "list", "key": key}),
                height=190,
            )

        def check_row(key: str) -> View:
            title, summary, _default = CHECK_PREFS[key]
            return w.preference(
                title,
                summary,
                lambda c: self._toggle_check(c, key),
                widget=w.checkbox_widget(bool(prefs[key])),
                height=190,
            )

        prefix_row = w.preference(
            "File name prefix",
            prefs["fileprefix"],
            lambda c: self._set(
                c, dialog={"kind": "prefix", "text": c.data["prefs"]["fileprefix"]}
            ),
            height=190,
        )
        location_row = w.preference("Save location", SAVE_DIR, None, height=190)
        rows = [
            category("Video settings"),
            list_row("resolution"),
            list_row("fps"),
            list_row("bitrate"),
            category("Audio settings"),
            check_row("audiorec"),
            category("Save options"),
            location_row,
            list_row("filename"),
            prefix_row,
            category("Misc"),
            check_row("floating_controls"),
            check_row("touch_pointer"),
            category("Anonymous analytics"),
            check_row("crash_reporting"),
            check_row("usage_statistics"),
        ]
        return View(
            cls="android.widget.ListView",
            resource_id="android:id/list",
            scrollable=True,
            scroll_key="settings_scroll",
            children=rows,
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["menu"]:
            items = [
                ("about", "About", self._open_about),
                ("privacy_policy", "Privacy Policy", self._open_privacy),
            ]
            windows.append(
                w.menu_window(
                    [(title, handler, rid) for rid, title, handler in items],
                    lambda c: self._set(c, menu=False),
                )
            )
        dialog = ui["dialog"]
        if not dialog:
            return windows
        kind = dialog["kind"]
        close = self._close_dialog
        if kind == "storage":
            windows.append(
                _dialog(
                    "Allow Storage Permission",
                    [
                        w.text_view(
                            "Write permission to storage is required to save the recorded video.",
                            "android:id/message",
                        )
                    ],
                    [_button("android:id/button3", "OK", self._storage_ok)],
                    on_dismiss=lambda c: None,
                    cancelable=False,
                )
            )
        elif kind == "list":
            key = dialog["key"]
            title, _summary, entries, _default = LIST_PREFS[key]
            current = ctx.data["prefs"][key]
            rows = [
                View(
                    cls="android.widget.CheckedTextView",
                    resource_id="android:id/text1",
                    text=entry,
                    checked=entry == current,
                    on_click=w.bind(self._choose, key, entry),
                    height=140,
                )
                for entry in entries
            ]
            windows.append(
                _dialog(
                    title, rows, [_button("android:id/button2", "CANCEL", close)], on_dismiss=close
                )
            )
        elif kind == "prefix":
            field = w.edit_text(
                "android:id/edit",
                dialog.get("text", ""),
                lambda c, t: self._set(c, dialog={"kind": "prefix", "text": t}),
            )
            windows.append(
                _dialog(
                    "File name prefix",
                    [field],
                    [
                        _button("android:id/button2", "CANCEL", close),
                        _button("android:id/button1", "OK", self._save_prefix),
                    ],
                    on_dismiss=close,
                )
            )
        elif kind == "plugin":
            windows.append(
                _dialog(
                    "Plugin not found",
                    [
                        w.text_view(
                            "Plugin is required to show touches. Do you want to buy it now?",
                            "android:id/message",
                        )
                    ],
                    [
                        _button("android:id/button2", "NO", close),
                        _button("android:id/button1", "YES", close),
                    ],
                    on_dismiss=close,
                )
            )
        elif kind == "capture":
            windows.append(
                _dialog(
                    "",
                    [
                        w.text_view(
                            f"{self.label} will start capturing everything that's displayed "
                            "on your screen.",
                            "android:id/message",
                        ),
                        View(
                            cls="android.widget.CheckBox",
                            resource_id="remember",
                            text="Don't show again",
                            checked=bool(dialog.get("remember")),
                            on_click=self._toggle_remember,
                        ),
                    ],
                    [
                        _button("android:id/button2", "CANCEL", self._capture_denied),
                        _button("android:id/button1", "START NOW", self._capture_granted),
                    ],
                    on_dismiss=self._capture_denied,
                )
            )
        return windows

    def _render_about(self, ctx: AppContext) -> Screen:
        body = [
            w.image_view("app_icon", height=300),
            w.text_view(
                f"Copyright © orpheusdroid 2014-2017\n{self.label} V{self.version}", "versionTxt"
            ),
            w.text_view("Credits", height=110),
            w.text_view(
                "App Icons by Niko Hörkkö\n\nwebsite: http://nikosite.net", "icon_credit_tv"
            ),
            w.text_view("Libraries", height=110),
            w.text_view(
                "Folder Picker\n\nLicense: Apache License 2.0", "directory_chooser_lib_credit_tv"
            ),
            w.text_view("Open Source", height=110),
            w.text_view(
                "This app is opensourced and the source could be obained at\n\nGithub url: "
                "https://github.com/vijai1996/screenrecorder\n\nLicense: GNU AGPLv3",
                "opensource_info_tv",
            ),
        ]
        content = w.linear_layout(
            [
                _toolbar("About", up=w.finish),
                w.scroll_view(body, scrollable=True),
            ]
        )
        return Screen(content=content)

    def _render_privacy(self, ctx: AppContext) -> Screen:
        text = (
            "Screen Recorder does not collect personal data. Anonymous crash reports and usage "
            "statistics are sent only when enabled in the settings, and can be turned off at any "
            "time."
        )
        content = w.linear_layout(
            [
                _toolbar("Privacy Policy", up=w.finish),
                View(cls="android.webkit.WebView", children=[w.text_view(text, "privacy_text")]),
            ]
        )
        return Screen(content=content)

    # -- handlers ----------------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index

    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _open_about(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui["menu"] = False
        if ui["about_opened"] >= 1:
            raise _about_crash()
        ui["about_opened"] += 1
        ctx.start_activity(ABOUT)

    def _open_privacy(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(PRIVACY)

    def _storage_ok(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.request_permission(STORAGE_PERMISSION)

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _choose(self, ctx: AppContext, key: str, entry: str) -> None:
        ctx.data["prefs"][key] = entry
        ctx.ui["dialog"] = None

    def _save_prefix(self, ctx: AppContext) -> None:
        text = (ctx.ui["dialog"] or {}).get("text", "").strip()
        if text:
            ctx.data["prefs"]["fileprefix"] = text
        ctx.ui["dialog"] = None

    def _toggle_check(self, ctx: AppContext, key: str) -> None:
        prefs = ctx.data["prefs"]
        if key == "touch_pointer" and not prefs[key]:
            ctx.ui["dialog"] = {"kind": "plugin"}  # needs a paid plugin; stays off
            return
        prefs[key] = not prefs[key]
        if key == "audiorec" and prefs[key] and AUDIO_PERMISSION not in ctx.permissions:
            ctx.request_permission(AUDIO_PERMISSION)

    def _record(self, ctx: AppContext) -> None:
        if ctx.data["recording"]:
            ctx.toast("Screen already recording")
            return
        ctx.ui["dialog"] = {"kind": "capture", "remember": False}

    def _toggle_remember(self, ctx: AppContext) -> None:
        dialog = dict(ctx.ui["dialog"] or {})
        dialog["remember"] = not dialog.get("remember")
        ctx.ui["dialog"] = dialog

    def _capture_denied(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.toast("Screen Recording Permission Denied")

    def _capture_granted(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.data["recording"] = True
        ctx.toast("Screen recording started")
        ctx.log("ScreenRecorder", "Recorder service started", "D")
        ctx.finish()  # the real MainActivity finishes once the recorder service runs
