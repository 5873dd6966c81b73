"""Record You 7.2 (``com.bnyro.recorder``), with bug RecordYou#255 (crash: a hang).

Modelled after the app's sources at tag ``v7.2`` (commit c7713c2): ``ui/MainActivity.kt``,
``ui/NavHost.kt``, ``ui/screens/HomeScreen.kt``, ``ui/screens/RecorderScreen.kt``,
``ui/components/RecorderController.kt``, ``ui/models/RecorderModel.kt``,
``services/RecorderService.kt``, ``services/AudioRecorderService.kt`` and ``strings.xml``.
The app is Jetpack Compose in one activity (``.ui.MainActivity``): nodes have no resource ids,
icon buttons are labelled by their content descriptions.

Screens:

- Home: a top app bar "Record You" with the icon buttons "Settings" and "Recordings"; a pager
  of two pages, "Record sound" and "Record screen", chosen in a bottom navigation bar that is
  shown only while no recording runs. The sound page shows the microphone blob and a round
  "Record" button. The first tap asks for the microphone permission (``PermissionHelper``) and
  does nothing more, so a second tap starts the recording. While recording, the elapsed time,
  the "Stop" button and a "Pause"/"Resume" button are shown. On the screen page, "Record" asks
  for the "display over other apps" permission first (the overlay annotation tool is on by
  default), which opens the system settings page (a stub here).
- Settings and Recordings (Compose routes ``settings`` and ``player``): stubs, a title and Back.

The recorder lives in ``AudioRecorderService`` (``ctx.memory``: the process), and the UI state in
the activity's ``RecorderModel`` (``ctx.ui``). A finished recording is saved as
``<yyyy-MM-dd>_<HH-mm-ss>.m4a`` (the default naming pattern ``%d_%t``; fixed times here).

The bug: "Stop" calls ``RecorderService.onDestroy()`` on the main thread, which calls
``MediaRecorder.stop()``. On a recorder that is paused, ``stop()`` blocks, so the main thread
hangs and Android reports the app as not responding (an ANR; fixed in commit d0ee6cf, "fix: crash
and unresponsiveness when finishing recording", which moves the stop to a background coroutine).
Stopping after Resume, or without pausing, works. Stopping the old service from a new recording
also calls ``onDestroy()`` and hangs the same way when the old recorder is paused.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, AppNotResponding, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import HORIZONTAL, Screen, View

PACKAGE = "com.bnyro.recorder"
MAIN = ".ui.MainActivity"
AUDIO_PERMISSION = "android.permission.RECORD_AUDIO"
BUG = "RecordYou#255"

IDLE, ACTIVE, PAUSED = "IDLE", "ACTIVE", "PAUSED"
# Fixed file-name times for the recordings the model saves, in order.
TIMES = ("2024-02-01_10-15-02", "2024-02-01_10-16-40", "2024-02-01_10-18-11")


def hung_on_stop(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of RecordYou#255: the app stopped responding (an ANR) when a paused
    recording was stopped."""
    return any(a.get("package") == PACKAGE for a in system.get("anrs", []))


def _step(desc: str) -> dict[str, Any]:
    return click(PACKAGE, desc=desc)


HUMAN_STEPS = (
    _step("Record"),
    allow_permission(PACKAGE),
    _step("Record"),
    _step("Pause"),
    _step("Stop"),
)

WRONG_SEQUENCES = {
    BUG: (
        # Stop without pausing: the recording is saved.
        (_step("Record"), allow_permission(PACKAGE), _step("Record"), _step("Stop")),
        # Pause, resume, stop (the reporter's working sequence).
        (
            _step("Record"),
            allow_permission(PACKAGE),
            _step("Record"),
            _step("Pause"),
            _step("Resume"),
            _step("Stop"),
        ),
        # Paused, never stopped.
        (_step("Record"), allow_permission(PACKAGE), _step("Record"), _step("Pause")),
        # Stop then a new recording, paused but not stopped.
        (
            _step("Record"),
            allow_permission(PACKAGE),
            _step("Record"),
            _step("Stop"),
            _step("Record"),
            _step("Pause"),
        ),
    )
}


class RecordYou(VirtualApp):
    """Record You 7.2: the home pager with the audio recorder controls."""

    name: ClassVar[str] = "RecordYou"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Record You"
    version: ClassVar[str] = "7.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG,
            "crash",
            "App crashes with certain buttons sequences",
            hung_on_stop,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"recordings": []}

    # -- state -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("page", 0)
        ctx.ui.setdefault("route", "home")
        ctx.ui.setdefault("state", IDLE)  # RecorderModel.recorderState
        ctx.ui.setdefault("time", None)  # RecorderModel.recordedTime (tenths of a second)

    def _service(self, ctx: AppContext) -> dict[str, Any] | None:
        service = ctx.memory.get("service")
        return service if isinstance(service, dict) else None

    def _destroy_service(self, ctx: AppContext, service: dict[str, Any]) -> None:
        """``RecorderService.onDestroy()``, run on the main thread."""
        if service.get("state") == PAUSED:
            # MediaRecorder.stop() on a paused recorder never returns: the main thread hangs
            # (before Compose can redraw, so the screen stays as it was).
            raise AppNotResponding("Input dispatching timed out")
        ctx.ui["state"] = IDLE
        if service.get("file"):
            ctx.data["recordings"].append(service["file"])
        service["state"] = IDLE
        ctx.memory["service"] = None

    # -- RecorderModel -------------------------------------------------------------------------
    def start_audio(self, ctx: AppContext) -> None:
        if AUDIO_PERMISSION not in ctx.permissions:
            ctx.request_permission(AUDIO_PERMISSION)
            return
        old = self._service(ctx)
        if old is not None:  # startRecorderService stops the running services first
            self._destroy_service(ctx, old)
        n = ctx.memory.get("started", 0)
        ctx.memory["started"] = n + 1
        ctx.memory["service"] = {"state": ACTIVE, "file": f"{TIMES[n % len(TIMES)]}.m4a"}
        ctx.ui["state"] = ACTIVE
        ctx.ui["time"] = 0

    def stop(self, ctx: AppContext) -> None:
        service = self._service(ctx)
        if service is not None:
            self._destroy_service(ctx, service)
        ctx.ui["state"] = IDLE
        ctx.ui["time"] = None

    def pause_or_resume(self, ctx: AppContext) -> None:
        service = self._service(ctx)
        new = ACTIVE if ctx.ui["state"] == PAUSED else PAUSED
        if service is not None:
            service["state"] = new
        ctx.ui["state"] = new

    def record_screen(self, ctx: AppContext) -> None:
        # hasScreenRecordingPermissions(): the overlay tool is on by default and the app may not
        # draw over other apps yet, so the system settings page opens.
        ctx.ui["route"] = "overlay"

    def record_clicked(self, ctx: AppContext, screen_mode: bool) -> None:
        if ctx.ui["state"] != IDLE:
            self.stop(ctx)
        elif screen_mode:
            self.record_screen(ctx)
        else:
            self.start_audio(ctx)

    def select_page(self, ctx: AppContext, page: int) -> None:
        ctx.ui["page"] = page

    def navigate(self, ctx: AppContext, route: str) -> None:
        ctx.ui["route"] = route

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("route", "home") != "home":
            ctx.ui["route"] = "home"
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.ui.get("route") != "home":
            return False
        if direction == "left" and ctx.ui["page"] == 0:
            ctx.ui["page"] = 1
            return True
        if direction == "right" and ctx.ui["page"] == 1:
            ctx.ui["page"] = 0
            return True
        return False

    # -- screens -------------------------------------------------------------------------------
    def _icon_button(self, desc: str, handler: Any, **kw: Any) -> View:
        return View(
            cls="android.widget.Button",
            content_desc=desc,
            on_click=handler,
            width=kw.pop("width", 147),
            height=kw.pop("height", 147),
            **kw,
        )

    def _top_bar(self) -> View:
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=168,
            style="toolbar",
            children=[
                w.text_view("Record You", weight=1.0),
                self._icon_button("Settings", w.bind(self.navigate, "settings")),
                self._icon_button("Recordings", w.bind(self.navigate, "player")),
            ],
        )

    def _nav_bar(self, ctx: AppContext) -> View:
        def item(i: int, label: str) -> View:
            return View(
                cls="android.view.View",
                selected=ctx.ui["page"] == i,
                on_click=w.bind(self.select_page, i),
                children=[
                    w.image_view(desc=label, height=72),
                    w.text_view(label, height=60),
                ],
            )

        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=210,
            children=[item(0, "Record sound"), item(1, "Record screen")],
        )

    def _controller(self, ctx: AppContext, screen_mode: bool) -> View:
        state = ctx.ui["state"]
        children: list[View] = []
        if ctx.ui["time"] is not None:
            tenths = int(ctx.ui["time"])
            secs = tenths // 10
            children.append(w.text_view(f"{secs // 60:02d}:{secs % 60:02d}", height=160))
        row: list[View] = [
            self._icon_button(
                "Stop" if state != IDLE else "Record",
                w.bind(self.record_clicked, screen_mode),
                width=200,
                height=200,
            )
        ]
        if state != IDLE:
            row.append(
                self._icon_button("Resume" if state == PAUSED else "Pause", self.pause_or_resume)
            )
        children.append(View(cls="android.view.View", layout=HORIZONTAL, height=220, children=row))
        return View(cls="android.view.View", weight=0, children=children)

    def _home(self, ctx: AppContext) -> View:
        screen_mode = ctx.ui["page"] == 1
        preview = View(
            cls="android.view.View",
            weight=1.0,
            children=[w.image_view(desc="", height=600)],
        )
        page = View(
            cls="android.view.View",
            weight=1.0,
            children=[preview, self._controller(ctx, screen_mode)],
        )
        parts = [self._top_bar(), page]
        if ctx.ui["state"] == IDLE:
            parts.append(self._nav_bar(ctx))
        return View(cls="android.view.View", children=parts)

    def _stub(self, title: str) -> View:
        return View(
            cls="android.view.View",
            children=[
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=168,
                    style="toolbar",
                    children=[
                        self._icon_button("Back", w.bind(self.navigate, "home")),
                        w.text_view(title, weight=1.0),
                    ],
                ),
                View(cls="android.view.View", weight=1.0),
            ],
        )

    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui.get("route", "home")
        if route == "settings":
            return Screen(content=self._stub("Settings"))
        if route == "player":
            return Screen(content=self._stub("Recordings"))
        if route == "overlay":
            return Screen(content=self._stub("Display over other apps"))
        return Screen(content=self._home(ctx))
