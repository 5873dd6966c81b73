"""ClockPlus (Clock+, ``com.philliphsu.clock2``) 1.1.3: an alarm clock, timers and a stopwatch.

Sources read: philliphsu/ClockPlus at commit 998513d (2017-03-10, README after the 1.1.3 version
bump 2f5a87d; the last commit of the repository, so the version the 2017-06 report ran):
``MainActivity.java``, ``stopwatch/ui/StopwatchFragment.java``, ``stopwatch/ui/LapsAdapter.java``,
``stopwatch/ui/LapViewHolder.java``, ``stopwatch/Lap.java``,
``stopwatch/StopwatchNotificationService.java``,
``chronometer/ChronometerNotificationService.java``, ``chronometer/ChronometerDelegate.java``,
``res/layout/activity_main.xml``, ``fragment_stopwatch.xml``, ``fragment_recycler_view.xml``,
``item_lap.xml``, ``res/menu/menu_main.xml``, ``res/values/strings.xml`` and
``styles_stopwatch.xml``.

Screens: MainActivity is a Toolbar holding a TabLayout of three icon-only tabs (alarms, timers,
stopwatch: ``setupWithViewPager`` with no page titles, so the tabs have neither text nor a
content description) and the "Settings" action, a ViewPager and the activity's FAB. The
stopwatch page shows the ``chronometer`` (``00:00.00``), the laps list (``list``; rows
``lap_number``/``elapsed_time``/``total_time``, newest first, the lone first lap hidden) and the
two mini buttons ``new_lap`` and ``stop`` (ImageButtons without a content description,
INVISIBLE until the stopwatch has a start time). The FAB starts and pauses the stopwatch.

Bug ClockPlus#26 (crash): the stopwatch's state lives in two places. Its start time, pause time
and running flag are in SharedPreferences, and the laps in SQLite, but the lap that is running
(``mCurrentLap``) is only a field of ``StopwatchNotificationService``, set when the stopwatch is
first started (``handleDefaultAction``) or when the sticky service is re-created by the system
with a null intent. When the app's process is killed while the stopwatch is started and the app is
opened again, the stopwatch page restores itself from the preferences (running, mini buttons
shown), but the next FAB tap (``ACTION_START_PAUSE``) or lap tap (``ACTION_ADD_LAP``, while
running) creates a new service instance whose ``mCurrentLap`` is null, and
``handleStartPauseAction`` calls ``mCurrentLap.pause()`` (running) or ``mCurrentLap.isRunning()``
(paused), ``handleAction`` calls ``mCurrentLap.end(...)``: a NullPointerException wrapped in
"Unable to start service". Stop is safe (it only writes the preferences and clears the table).

Modelled: the preferences and laps in ``ctx.data``; the service's instance and its
``mCurrentLap`` in ``ctx.memory`` (the process), so the ``restart_app`` action (a force-stop:
the process and its services die and a sticky service is not re-created) loses them.
Time: the device has no clock, so the model's ``SystemClock.elapsedRealtime()`` is a counter in
``ctx.data`` that each handled tap advances by 2.5 s.

Stubbed: the alarms page (its empty view), the timers page (its empty view), the alarm time
picker (a bottom sheet with its title only), the timer editor and Settings (a title and Navigate
up), the notifications. Uncertain: whether the reporter's "remove from background" killed the
service too (on a device that re-creates the sticky service the lap would be restored); the
framework line numbers (Android 7.1); the exact centisecond formatting of lap totals.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.philliphsu.clock2"
MAIN = ".MainActivity"
SETTINGS = ".settings.SettingsActivity"
EDIT_TIMER = ".timers.ui.EditTimerActivity"

PAGE_ALARMS, PAGE_TIMERS, PAGE_STOPWATCH = 0, 1, 2
TAB_CLS = "android.support.v7.app.ActionBar$Tab"
TICK_MS = 2500

SERVICE = "com.philliphsu.clock2.stopwatch.StopwatchNotificationService"
ACTION_START_PAUSE = "com.philliphsu.clock2.timers.action.START_PAUSE"
ACTION_ADD_LAP = "com.philliphsu.clock2.stopwatch.action.ADD_LAP"


def _fmt(ms: int) -> str:
    """ChronometerDelegate's text: DateUtils.formatElapsedTime plus ``.cc`` centiseconds."""
    ms = max(ms, 0)
    secs = ms // 1000
    hours, rem = divmod(secs, 3600)
    mins, s = divmod(rem, 60)
    base = f"{hours}:{mins:02d}:{s:02d}" if hours else f"{mins:02d}:{s:02d}"
    return f"{base}.{(ms % 1000) // 10:02d}"


# -- Lap (stopwatch/Lap.java) on a dict ---------------------------------------------------------
def _lap_running(lap: dict[str, Any]) -> bool:
    return not lap["t2"] and lap["pause"] == 0


def _lap_elapsed(lap: dict[str, Any], now: int) -> int:
    if _lap_running(lap):
        return int(now - lap["t1"])
    if lap["t2"]:
        return int(lap["t2"] - lap["t1"])
    return int(lap["pause"] - lap["t1"])


def _npe(method: str, line: int, caller: str, caller_line: int, action: str) -> JavaException:
    """The service's NullPointerException on ``mCurrentLap``, as ActivityThread wraps it."""
    message = f"Attempt to invoke virtual method '{method}' on a null object reference"
    service_frames = [
        "android.app.ActivityThread.handleServiceArgs(ActivityThread.java:3344)",
        "android.app.ActivityThread.-wrap21(ActivityThread.java)",
        "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1583)",
        *message_frames(25),
    ]
    cause = JavaException(
        "java.lang.NullPointerException",
        message,
        [
            f"{SERVICE}.{caller}(StopwatchNotificationService.java:{line})",
            "com.philliphsu.clock2.chronometer.ChronometerNotificationService.onStartCommand("
            f"ChronometerNotificationService.java:{caller_line})",
            f"{SERVICE}.onStartCommand(StopwatchNotificationService.java:94)",
            "android.app.ActivityThread.handleServiceArgs(ActivityThread.java:3327)",
            *service_frames[1:],
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to start service {SERVICE}@7c1e5a2 with Intent {{ act={action} "
        f"cmp={PACKAGE}/.stopwatch.StopwatchNotificationService }}: "
        f"java.lang.NullPointerException: {message}",
        service_frames,
        cause=cause,
    )


def stopwatch_service_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of ClockPlus#26: the stopwatch service died on its null current lap."""
    return crashed(
        system,
        PACKAGE,
        "java.lang.RuntimeException",
        "StopwatchNotificationService",
        "com.philliphsu.clock2.stopwatch.Lap.",
        "null object reference",
    )


STOPWATCH_TAB = {
    "kind": "click",
    "target": {
        "resource_id": "",
        "text": "",
        "content_desc": "",
        "class_name": TAB_CLS,
        "bounds": [622, 63, 933, 210],
    },
}
FAB = click(PACKAGE, "fab")


class ClockPlus(VirtualApp):
    """Clock+ 1.1.3: the main pager with the stopwatch, its notification service in memory."""

    name: ClassVar[str] = "ClockPlus"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Clock+"
    version: ClassVar[str] = "1.1.3"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "ClockPlus#26",
            "crash",
            "Stopwatch: play/pause or lap crashes after the app was removed from the background",
            stopwatch_service_crashed,
            human_steps=(
                STOPWATCH_TAB,
                FAB,
                {"kind": "restart_app"},
                STOPWATCH_TAB,
                FAB,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "clock": 3_600_000,  # SystemClock.elapsedRealtime() of the model
            "prefs": {"start_time": 0, "pause_time": 0, "chronometer_running": False},
            "laps": [],  # the laps table: {"id", "t1", "t2", "pause", "total"}
        }

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("page", PAGE_ALARMS)
            ctx.ui.setdefault("sheet", False)

    def on_back(self, ctx: AppContext) -> bool:
        return ctx.activity == MAIN and w.dismiss(ctx.ui, "sheet")

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or ctx.ui.get("sheet"):
            return False
        return w.pager_swipe(ctx.ui, "page", 3, direction)

    # -- the service (StopwatchNotificationService), its instance in the process's memory --------
    def _tick(self, ctx: AppContext) -> int:
        ctx.data["clock"] += TICK_MS
        return int(ctx.data["clock"])

    def _service(self, ctx: AppContext) -> dict[str, Any]:
        """The running service instance; a new one (onCreate: no current lap) when none runs."""
        service = ctx.memory.get("stopwatch_service")
        if service is None:
            service = {"current_lap": None}
            ctx.memory["stopwatch_service"] = service
        return service

    def _current_lap(self, ctx: AppContext, service: dict[str, Any]) -> dict[str, Any] | None:
        lap_id = service["current_lap"]
        for lap in ctx.data["laps"]:
            if lap["id"] == lap_id:
                return lap
        return None

    def _insert_lap(self, ctx: AppContext, now: int) -> dict[str, Any]:
        laps = ctx.data["laps"]
        lap = {
            "id": max((lap["id"] for lap in laps), default=0) + 1,
            "t1": now,
            "t2": 0,
            "pause": 0,
            "total": "",
        }
        laps.append(lap)
        return lap

    def _start_pause(self, ctx: AppContext, now: int, service: dict[str, Any]) -> None:
        """handleStartPauseAction."""
        prefs = ctx.data["prefs"]
        running = prefs["chronometer_running"]
        lap = self._current_lap(ctx, service)
        if running:
            if lap is None:
                raise _npe(
                    "void com.philliphsu.clock2.stopwatch.Lap.pause()",
                    137,
                    "handleStartPauseAction",
                    207,
                    ACTION_START_PAUSE,
                )
            prefs["chronometer_running"] = False
            prefs["pause_time"] = now
            lap["pause"] = now
        else:
            if lap is None:
                raise _npe(
                    "boolean com.philliphsu.clock2.stopwatch.Lap.isRunning()",
                    146,
                    "handleStartPauseAction",
                    207,
                    ACTION_START_PAUSE,
                )
            prefs["chronometer_running"] = True
            prefs["start_time"] = prefs["start_time"] + now - prefs["pause_time"]
            prefs["pause_time"] = 0
            if not _lap_running(lap):
                lap["t1"] += now - lap["pause"]
                lap["pause"] = 0

    def fab_click(self, ctx: AppContext) -> None:
        page = ctx.ui["page"]
        if page == PAGE_ALARMS:
            ctx.ui["sheet"] = True  # TimePickerDialogController.show(): the grid time picker
            return
        if page == PAGE_TIMERS:
            ctx.start_activity(EDIT_TIMER)
            return
        # StopwatchFragment.onFabClick
        now = self._tick(ctx)
        service = self._service(ctx)
        if ctx.data["prefs"]["start_time"] == 0:
            # The default action first: a new current lap in the table.
            service["current_lap"] = self._insert_lap(ctx, now)["id"]
        self._start_pause(ctx, now, service)

    def new_lap(self, ctx: AppContext) -> None:
        now = self._tick(ctx)
        service = self._service(ctx)
        prefs = ctx.data["prefs"]
        if not prefs["chronometer_running"]:
            return
        lap = self._current_lap(ctx, service)
        if lap is None:
            raise _npe(
                "void com.philliphsu.clock2.stopwatch.Lap.end(java.lang.String)",
                195,
                "handleAction",
                214,
                ACTION_ADD_LAP,
            )
        lap["t2"] = now
        lap["total"] = _fmt(now - prefs["start_time"])
        lap["pause"] = 0
        service["current_lap"] = self._insert_lap(ctx, now)["id"]

    def stop(self, ctx: AppContext) -> None:
        self._tick(ctx)
        self._service(ctx)
        ctx.data["prefs"] = {"start_time": 0, "pause_time": 0, "chronometer_running": False}
        ctx.data["laps"] = []
        ctx.memory.pop("stopwatch_service", None)  # stopSelf()

    def select_page(self, ctx: AppContext, page: int) -> None:
        ctx.ui["page"] = page

    # -- screens --------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._stub(ctx, "Settings")
        if ctx.activity == EDIT_TIMER:
            return self._stub(ctx, "CreateTimerActivity")
        return self._main(ctx)

    def _stub(self, ctx: AppContext, title: str) -> Screen:
        return Screen(
            title=title,
            content=w.linear_layout(
                [w.toolbar(title, navigation=w.up_button()), View(cls="android.view.View")]
            ),
        )

    def _tab_bar(self, ctx: AppContext) -> View:
        page = ctx.ui["page"]
        tabs = [
            View(
                cls=TAB_CLS,
                layout=FRAME,
                selected=page == i,
                on_click=w.bind(self.select_page, i),
                children=[w.image_view(selected=page == i, width=63, height=63, gravity="center")],
            )
            for i in range(3)
        ]
        return View(
            cls="android.widget.HorizontalScrollView",
            resource_id="tabs",
            layout=HORIZONTAL,
            height=w.TOOLBAR_HEIGHT,
            children=[View(cls="android.widget.LinearLayout", layout=HORIZONTAL, children=tabs)],
        )

    def _main(self, ctx: AppContext) -> Screen:
        page = ctx.ui["page"]
        toolbar = w.toolbar(
            self._tab_bar(ctx),
            actions=[
                w.action_item("action_settings", "Settings", lambda c: c.start_activity(SETTINGS))
            ],
        )
        if page == PAGE_ALARMS:
            body = self._empty_page("No alarms added")
        elif page == PAGE_TIMERS:
            body = self._empty_page("No timers added")
        else:
            body = self._stopwatch_page(ctx)
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="container",
            scrollable=True,
            children=[body],
        )
        content = w.frame_layout(
            [
                w.linear_layout(
                    [View(cls="android.widget.LinearLayout", weight=0, children=[toolbar]), pager]
                ),
                # MainActivity translates the FAB to the middle on the stopwatch page.
                w.fab(
                    "fab",
                    "",
                    self.fab_click,
                    gravity="bottom_hcenter" if page == PAGE_STOPWATCH else "bottom_end",
                ),
            ],
            rid="main_content",
            layout=FRAME,
        )
        windows: list[Window] = []
        if ctx.ui.get("sheet"):
            windows.append(self._time_picker_sheet())
        return Screen(content=content, windows=windows)

    def _empty_page(self, message: str) -> View:
        return w.frame_layout(
            [
                View(cls="android.support.v7.widget.RecyclerView", resource_id="list"),
                w.text_view(message, "empty_view", gravity="center", height=200, width=700),
            ],
            layout=FRAME,
        )

    def _time_picker_sheet(self) -> Window:
        def close(ctx: AppContext) -> None:
            ctx.ui["sheet"] = False

        return Window(
            kind="sheet",
            root=w.linear_layout(
                [w.text_view("Set time", "time_display", height=200)], weight=0, height=900
            ),
            on_dismiss=close,
        )

    def _stopwatch_page(self, ctx: AppContext) -> View:
        prefs = ctx.data["prefs"]
        now = int(ctx.data["clock"])
        start = int(prefs["start_time"])
        if start == 0:
            shown = 0
        elif prefs["chronometer_running"]:
            shown = now - start
        else:
            shown = int(prefs["pause_time"]) - start
        laps = sorted(ctx.data["laps"], key=lambda lap: -lap["id"])  # SORT_ORDER id DESC
        rows: list[View] = []
        if len(laps) > 1:  # VIEW_TYPE_FIRST_LAP is GONE while it is the only lap
            for lap in laps:
                cells = [
                    w.text_view(str(lap["id"]), "lap_number"),
                    w.text_view(_fmt(_lap_elapsed(lap, now)), "elapsed_time"),
                ]
                if lap["t2"]:
                    cells.append(w.text_view(lap["total"], "total_time"))
                else:
                    cells.append(View(cls="android.view.View"))
                rows.append(
                    View(
                        cls="android.widget.LinearLayout",
                        layout=HORIZONTAL,
                        height=120,
                        children=cells,
                    )
                )
        top: list[View] = [
            w.text_view(_fmt(shown), "chronometer", height=300, gravity="center"),
        ]
        if len(laps) > 1:
            top.append(View(cls="android.widget.SeekBar", resource_id="seek_bar", height=40))
        top.append(
            View(
                cls="android.support.v7.widget.RecyclerView",
                resource_id="list",
                scrollable=len(rows) > 8,
                children=rows,
            )
        )
        buttons: list[View] = []
        if start > 0:  # setMiniFabsVisible(startTime > 0); INVISIBLE otherwise
            buttons = [
                w.image_button("new_lap", "", self.new_lap, width=147, height=147),
                View(cls="android.view.View"),
                w.image_button("stop", "", self.stop, width=147, height=147),
            ]
        bar = View(
            cls="android.widget.GridLayout",
            layout=HORIZONTAL,
            height=220,
            gravity="bottom",
            children=buttons,
        )
        # The page fills the pager (the screen less the status bar, app bar and navigation bar).
        height = ctx.screen_size[1] - 63 - w.TOOLBAR_HEIGHT - 126
        return w.frame_layout([w.linear_layout(top), bar], layout=FRAME, height=height)


_TAB = STOPWATCH_TAB

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "ClockPlus#26": [
        # No process death: start, then pause in the same process.
        [_TAB, FAB, FAB],
        # The restart comes before the stopwatch was ever started.
        [_TAB, {"kind": "restart_app"}, _TAB, FAB],
        # Stop after the restart, then start again: a fresh stopwatch.
        [_TAB, FAB, {"kind": "restart_app"}, _TAB, click(PACKAGE, "stop"), FAB],
        # Paused before the restart: a lap tap on a paused stopwatch does nothing.
        [_TAB, FAB, FAB, {"kind": "restart_app"}, _TAB, click(PACKAGE, "new_lap")],
        # Laps in the same process, then pause.
        [_TAB, FAB, click(PACKAGE, "new_lap"), click(PACKAGE, "new_lap"), FAB],
    ],
}
