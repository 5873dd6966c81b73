"""Clock You (``com.bnyro.clock``, you-apps/ClockYou) 1.0, for ClockYou#5.

A Material You clock: a world clock, alarms, a timer and a stopwatch, each a tab of one
Jetpack Compose activity.

Modelled from the sources at tag ``v1.0`` (commit ``a49cdb5``, 7 Apr 2023; ``app/build.gradle``:
``versionName "1.0"``, ``targetSdk 33``): ``AndroidManifest.xml``, ``ui/MainActivity.kt``,
``ui/nav/NavContainer.kt``, ``NavRoutes.kt``, ``NavHost.kt``, ``ui/screens/ClockScreen.kt``,
``AlarmScreen.kt``, ``TimerScreen.kt``, ``StopwatchScreen.kt``,
``ui/components/TimePickerDialog.kt``, ``DialogButton.kt``, ``ClickableIcon.kt``,
``ui/model/AlarmModel.kt``,
``obj/Alarm.kt``, ``util/AlarmHelper.kt``, ``util/TimeHelper.kt`` and ``res/values/strings.xml``;
and the fix, commit ``f96b50f`` ("Fix scheduling alarms", 9 Apr 2023, released in 2.0), which
replaces the manifest's ``USE_EXACT_ALARM`` by ``SCHEDULE_EXACT_ALARM``.

Compose draws every screen, so there are no resource ids: the top app bar's title (the tab's
name), the navigation bar's four items "Clock", "Alarm", "Timer", "Stopwatch" (tabs, their icons
without descriptions; each tap pushes its destination on the NavController, so Back returns to
the previous one while the title stays, and the remembered selection is back to "Clock" after a
rotation), and per tab a FloatingActionButton whose icon has no description. Clock:
the date and time card and the FAB opening "Time zones" (a "Search" field, a checkbox per zone,
Cancel / OK). Alarm: "Nothing here" while there is no alarm; the FAB opens the time picker
dialog "New alarm" (Material 3's ``TimePicker``: hour and minute selectors, AM/PM, the clock
face whose numbers read "7 o'clock" or "30 minutes"; choosing an hour turns to the minutes),
Cancel / OK; OK appends ``Alarm(time = ms since midnight)``, disabled. An alarm's card: the time
(``DateUtils.formatElapsedTime(time / 1000)`` without a trailing ":00", so 7:30 shows "7:30" and
midnight "00"; tapping it opens "Edit alarm"), the expand icon (days S M T W T F S and the
"Vibrate" checkbox) and the on/off ``Switch``. Every change calls ``AlarmModel.updateAlarm``,
which first calls ``AlarmHelper.enqueue``: it cancels the alarm's PendingIntent and returns while
the alarm is disabled, else calls ``AlarmManagerCompat.setAlarmClock``.

The bug (ClockYou#5, crash): the reporter's phone runs Android 12 (MIUI 13). The v1.0 manifest
asks only for ``USE_EXACT_ALARM``, a permission Android 12 (API 31/32) does not know, so an app
targeting API 31+ there holds no exact-alarm permission and ``AlarmManager.setAlarmClock`` throws
``java.lang.SecurityException: Caller com.bnyro.clock needs to hold
android.permission.SCHEDULE_EXACT_ALARM to set exact alarms.`` Turning an alarm's switch on is
the first ``enqueue`` of an enabled alarm, so it crashes there; the change is not stored (the
database update comes after ``enqueue``). The model throws it as the reporter's Android 12
would (the virtual device itself reports API 30). The report has no trace: the app frames are
the model's (unobfuscated, with v1.0's source lines; the release build is minified with R8), the
framework and Compose frames approximate.

Stubbed: the clock is fixed at Fri 7 Apr 2023 10:30 AM (the report's date) in en-US, so the
time picker shows a 12-hour face; the "Time zones" list holds three fixed zones; swipe to delete
an alarm (its "Delete alarm" dialog) is not modelled; Timer and Stopwatch show their pickers or
counters and the start button (a tap only records the running state: no counting, service,
notification or sound).
Uncertain: whether Material 3 1.1.0-beta01's picker follows the system's 24-hour setting.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import crashed
from device_agent.virtual.views import FRAME, HORIZONTAL, Handler, Screen, View, Window

PACKAGE = "com.bnyro.clock"
MAIN = ".ui.MainActivity"
COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
BUTTON = "android.widget.Button"
SWITCH = "android.widget.Switch"
TABS = ("Clock", "Alarm", "Timer", "Stopwatch")
DAYS = ("S", "M", "T", "W", "T", "F", "S")
ZONES = ("Berlin (Europe)", "NewYork (America)", "Tokyo (Asia)")
HOUR_MS = 3_600_000
MINUTE_MS = 60_000

SECURITY = "java.lang.SecurityException"
NO_EXACT = (
    f"Caller {PACKAGE} needs to hold android.permission.SCHEDULE_EXACT_ALARM to set exact alarms."
)
APP = "com.bnyro.clock"
SWITCH_FRAMES = [
    "android.os.Parcel.createExceptionOrNull(Parcel.java:2426)",
    "android.os.Parcel.createException(Parcel.java:2410)",
    "android.os.Parcel.readException(Parcel.java:2393)",
    "android.os.Parcel.readException(Parcel.java:2335)",
    "android.app.IAlarmManager$Stub$Proxy.set(IAlarmManager.java:359)",
    "android.app.AlarmManager.setImpl(AlarmManager.java:947)",
    "android.app.AlarmManager.setAlarmClock(AlarmManager.java:715)",
    "androidx.core.app.AlarmManagerCompat$Api21Impl.setAlarmClock(AlarmManagerCompat.java:257)",
    "androidx.core.app.AlarmManagerCompat.setAlarmClock(AlarmManagerCompat.java:53)",
    f"{APP}.util.AlarmHelper.enqueue(AlarmHelper.kt:21)",
    f"{APP}.ui.model.AlarmModel.updateAlarm(AlarmModel.kt:31)",
    f"{APP}.ui.screens.AlarmScreenKt$AlarmScreen$1$1$1$2$1$1$1$1$2$1.invoke(AlarmScreen.kt:140)",
    "androidx.compose.foundation.selection.ToggleableKt$toggleable$2$1.invoke(Toggleable.kt:84)",
    "androidx.compose.foundation.ClickablePointerInputNode$pointerInput$3.invoke-k-4lQ0M("
    "Clickable.kt:895)",
    "androidx.compose.foundation.gestures.TapGestureDetectorKt$detectTapAndPress$2$1.invokeSuspend("
    "TapGestureDetector.kt:255)",
    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:106)",
    "androidx.compose.ui.input.pointer.SuspendingPointerInputFilter.onPointerEvent-H0pRuoY("
    "SuspendingPointerInputFilter.kt:561)",
    "androidx.compose.ui.platform.AndroidComposeView.sendMotionEvent-8iAsVTc("
    "AndroidComposeView.android.kt:1193)",
    "androidx.compose.ui.platform.AndroidComposeView.dispatchTouchEvent("
    "AndroidComposeView.android.kt:1103)",
    "android.view.ViewGroup.dispatchTransformedTouchEvent(ViewGroup.java:3122)",
    "android.view.ViewGroup.dispatchTouchEvent(ViewGroup.java:2803)",
    "com.android.internal.policy.DecorView.superDispatchTouchEvent(DecorView.java:498)",
    "android.app.Activity.dispatchTouchEvent(Activity.java:4196)",
    "android.view.ViewRootImpl.enqueueInputEvent(ViewRootImpl.java:8727)",
    "android.view.ViewRootImpl$WindowInputEventReceiver.onInputEvent(ViewRootImpl.java:8899)",
    "android.view.InputEventReceiver.dispatchInputEvent(InputEventReceiver.java:259)",
    "android.os.MessageQueue.nativePollOnce(Native Method)",
    "android.os.MessageQueue.next(MessageQueue.java:335)",
    "android.os.Looper.loopOnce(Looper.java:161)",
    "android.os.Looper.loop(Looper.java:288)",
    "android.app.ActivityThread.main(ActivityThread.java:7872)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:548)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:936)",
]


def exact_alarm_denied(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of ClockYou#5: enqueueing an enabled alarm threw the SecurityException."""
    return crashed(system, PACKAGE, SECURITY, "SCHEDULE_EXACT_ALARM")


# -- steps -------------------------------------------------------------------------------------
def _click(
    text: str = "", desc: str = "", cls: str = "", bounds: list[int] | None = None
) -> dict[str, Any]:
    target: dict[str, Any] = {"resource_id": "", "text": text, "content_desc": desc}
    target["class_name"] = cls
    if bounds is not None:
        target["bounds"] = bounds
    return {"kind": "click", "target": target}


# Icons without a description (the FAB, the first card's expand icon, its switch and the
# "Vibrate" checkbox): by their bounds.
FAB = _click(cls=BUTTON, bounds=[868, 1372, 1036, 1540])
EXPAND = _click(cls=BUTTON, bounds=[890, 231, 1080, 357])
SWITCH_ON = _click(cls=SWITCH, bounds=[890, 357, 1080, 483])
VIBRATE = _click(cls="android.widget.CheckBox", bounds=[930, 611, 1080, 737])
ALARM_TAB = _click("Alarm", cls=VIEW)
HOUR_7 = _click(desc="7 o'clock", cls=VIEW)
MINUTE_30 = _click(desc="30 minutes", cls=VIEW)
OK = _click("OK", cls=BUTTON)
NEW_ALARM = [ALARM_TAB, FAB, HOUR_7, MINUTE_30, OK]

BUG_5 = BugSpec(
    "ClockYou#5",
    "crash",
    "alarm doesn't go off",
    exact_alarm_denied,
    human_steps=(*NEW_ALARM, SWITCH_ON),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "ClockYou#5": [
        # The alarm is set but never switched on.
        list(NEW_ALARM),
        # The card is expanded and "Vibrate" ticked instead: the alarm stays disabled.
        [*NEW_ALARM, EXPAND, VIBRATE],
        # A weekday is toggled instead of the switch.
        [*NEW_ALARM, EXPAND, _click("M", cls=VIEW)],
        # The picker is cancelled, then a midnight alarm is added without switching it on.
        [ALARM_TAB, FAB, HOUR_7, _click("Cancel", cls=BUTTON), FAB, OK],
    ],
}


def format_alarm(time_ms: int) -> str:
    """``DateUtils.formatElapsedTime(time / 1000)`` with a trailing ":00" removed."""
    seconds = time_ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"
    return text[:-3] if text.endswith(":00") else text


class ClockYou10(VirtualApp):
    """Clock You 1.0 (see the module docstring)."""

    name: ClassVar[str] = "ClockYou"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Clock You"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_5,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "alarms": [],  # Alarm rows: id, time (ms since midnight), enabled, days, vibrate
            "next_id": 1,
            "zones": [],  # the selected time zones
        }

    # ctx.ui["routes"]: the NavController's back stack (saved on rotation); ctx.ui["tab"]: the
    # remembered selectedRoute (title and selected item), back to "Clock" on re-creation. Each
    # item's navigate(id) pushes a destination (no popUpTo): Back pops it, the title stays.
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("routes", ["Clock"])
        ctx.ui.setdefault("tab", "Clock")
        ctx.ui.setdefault("dialog", None)
        ctx.ui.setdefault("expanded", [])
        ctx.ui.setdefault("running", [])

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {"routes": ctx.ui["routes"], "running": ctx.ui["running"]}

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "dialog", None):
            return True
        return w.pop_back_stack(ctx.ui["routes"])

    # -- alarms --------------------------------------------------------------------------------
    def _alarm(self, ctx: AppContext, alarm_id: int) -> dict[str, Any]:
        return next(a for a in ctx.data["alarms"] if a["id"] == alarm_id)

    def _update_alarm(self, ctx: AppContext, alarm: dict[str, Any], **changes: Any) -> None:
        """``AlarmModel.updateAlarm``: ``AlarmHelper.enqueue`` first, then the database."""
        if changes.get("enabled", alarm["enabled"]):
            # AlarmManagerCompat.setAlarmClock without an exact-alarm permission (the bug).
            raise JavaException(SECURITY, NO_EXACT, SWITCH_FRAMES)
        alarm.update(changes)

    def _toggle_switch(self, ctx: AppContext, alarm_id: int) -> None:
        alarm = self._alarm(ctx, alarm_id)
        self._update_alarm(ctx, alarm, enabled=not alarm["enabled"])

    def _toggle_vibrate(self, ctx: AppContext, alarm_id: int) -> None:
        alarm = self._alarm(ctx, alarm_id)
        self._update_alarm(ctx, alarm, vibrate=not alarm["vibrate"])

    def _toggle_day(self, ctx: AppContext, alarm_id: int, day: int) -> None:
        alarm = self._alarm(ctx, alarm_id)
        days = list(alarm["days"])
        w.toggle(days, day)
        self._update_alarm(ctx, alarm, days=days)

    def _toggle_expanded(self, ctx: AppContext, alarm_id: int) -> None:
        w.toggle(ctx.ui["expanded"], alarm_id)

    # -- the time picker dialog ----------------------------------------------------------------
    def _open_picker(self, ctx: AppContext, alarm_id: int | None) -> None:
        time_ms = 0 if alarm_id is None else self._alarm(ctx, alarm_id)["time"]
        ctx.ui["dialog"] = {
            "kind": "picker",
            "alarm": alarm_id,
            "hour": time_ms // HOUR_MS,
            "minute": time_ms // MINUTE_MS % 60,
            "face": "hours",
        }

    def _pick_hour(self, ctx: AppContext, hour12: int) -> None:
        dialog = ctx.ui["dialog"]
        pm = dialog["hour"] >= 12
        dialog["hour"] = hour12 % 12 + (12 if pm else 0)
        dialog["face"] = "minutes"  # autoSwitchToMinute

    def _pick_minute(self, ctx: AppContext, minute: int) -> None:
        ctx.ui["dialog"]["minute"] = minute

    def _set_face(self, ctx: AppContext, face: str) -> None:
        ctx.ui["dialog"]["face"] = face

    def _set_pm(self, ctx: AppContext, pm: bool) -> None:
        dialog = ctx.ui["dialog"]
        dialog["hour"] = dialog["hour"] % 12 + (12 if pm else 0)

    def _picker_ok(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        time_ms = (dialog["hour"] * 60 + dialog["minute"]) * MINUTE_MS
        if dialog["alarm"] is None:
            ctx.data["alarms"].append(
                {
                    "id": ctx.data["next_id"],
                    "time": time_ms,
                    "enabled": False,
                    "days": [0, 1, 2, 3, 4, 5, 6],
                    "vibrate": False,
                }
            )
            ctx.data["next_id"] += 1
            ctx.ui["dialog"] = None
            return
        alarm = self._alarm(ctx, dialog["alarm"])
        self._update_alarm(ctx, alarm, time=time_ms)
        ctx.ui["dialog"] = None

    def _cancel_ok(self, ok: Handler) -> View:
        """A Compose dialog's buttons: Cancel (closes it), then OK (``ok``)."""
        cancel = w.button("", "Cancel", self._close, width=250)
        return View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=140,
            children=[View(cls=VIEW), cancel, w.button("", "OK", ok, width=200)],
        )

    def _close(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    # -- time zones ----------------------------------------------------------------------------
    def _open_zones(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "zones", "chosen": list(ctx.data["zones"]), "query": ""}

    def _zones_ok(self, ctx: AppContext) -> None:
        ctx.data["zones"] = list(ctx.ui["dialog"]["chosen"])
        ctx.ui["dialog"] = None

    def _zone_query(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["query"] = text

    def _zone_toggle(self, ctx: AppContext, zone: str) -> None:
        w.toggle(ctx.ui["dialog"]["chosen"], zone)

    # -- rendering -----------------------------------------------------------------------------
    def _select_tab(self, ctx: AppContext, tab: str) -> None:
        ctx.ui["tab"] = tab
        ctx.ui["routes"].append(tab)

    def _toggle_running(self, ctx: AppContext, tab: str) -> None:
        w.toggle(ctx.ui["running"], tab)

    def render(self, ctx: AppContext) -> Screen:
        tab = ctx.ui["tab"]
        body = {
            "Clock": self._clock_tab,
            "Alarm": self._alarm_tab,
            "Timer": self._timer_tab,
            "Stopwatch": self._stopwatch_tab,
        }[ctx.ui["routes"][-1]](ctx)
        nav = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=210,
            children=[
                View(
                    cls=VIEW,
                    text=name,
                    selected=name == tab,
                    on_click=w.bind(self._select_tab, name),
                    height=210,
                )
                for name in TABS
            ],
        )
        root = View(
            cls=VIEW,
            children=[w.text_view(tab, height=168), body, nav],
        )
        windows: list[Window] = []
        dialog = ctx.ui["dialog"]
        if dialog is not None and dialog["kind"] == "picker":
            windows.append(self._picker_window(dialog))
        elif dialog is not None and dialog["kind"] == "zones":
            windows.append(self._zones_window(ctx, dialog))
        return Screen(content=View(cls=COMPOSE, children=[root]), windows=windows)

    def _fab(self, handler: Any) -> View:
        # A FloatingActionButton: a Button node, its icon has no content description.
        return w.fab("", "", handler, cls=BUTTON)

    def _with_fab(self, children: list[View], fab: View) -> View:
        return View(cls=VIEW, layout=FRAME, children=[View(cls=VIEW, children=children), fab])

    def _clock_tab(self, ctx: AppContext) -> View:
        card = View(
            cls=VIEW,
            weight=0,
            children=[
                w.text_view("Fri, Apr 07, 2023", height=160),
                w.text_view("10:30:00 AM", height=110),
            ],
        )
        rows = [card] + [w.text_view(zone, height=140) for zone in ctx.data["zones"]]
        return self._with_fab([*rows, View(cls=VIEW)], self._fab(self._open_zones))

    def _alarm_card(self, ctx: AppContext, alarm: dict[str, Any]) -> View:
        aid = alarm["id"]
        top = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=260,
            children=[
                View(
                    cls="android.widget.TextView",
                    text=format_alarm(alarm["time"]),
                    on_click=w.bind(self._open_picker, aid),
                    height=160,
                ),
                View(
                    cls=VIEW,
                    width=190,
                    children=[
                        View(cls=BUTTON, on_click=w.bind(self._toggle_expanded, aid), height=126),
                        View(
                            cls=SWITCH,
                            checkable=True,
                            checked=alarm["enabled"],
                            on_click=w.bind(self._toggle_switch, aid),
                            height=126,
                        ),
                    ],
                ),
            ],
        )
        children = [top]
        if aid in ctx.ui["expanded"]:
            days = View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=120,
                children=[
                    View(
                        cls=VIEW,
                        text=letter,
                        selected=i in alarm["days"],
                        on_click=w.bind(self._toggle_day, aid, i),
                    )
                    for i, letter in enumerate(DAYS)
                ],
            )
            vibrate = View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=126,
                children=[
                    w.text_view("Vibrate", height=126),
                    w.check_box(
                        "", "", alarm["vibrate"], w.bind(self._toggle_vibrate, aid), width=150
                    ),
                ],
            )
            children += [days, vibrate]
        return View(cls=VIEW, weight=0, children=children)

    def _alarm_tab(self, ctx: AppContext) -> View:
        alarms = ctx.data["alarms"]
        if alarms:
            rows = [self._alarm_card(ctx, alarm) for alarm in alarms]
        else:
            rows = [
                View(cls=VIEW, height=400),
                w.image_view(height=394),
                w.text_view("Nothing here", height=110),
            ]
        return self._with_fab(
            [*rows, View(cls=VIEW)], self._fab(lambda c: self._open_picker(c, None))
        )

    def _timer_tab(self, ctx: AppContext) -> View:
        pickers = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=400,
            children=[View(cls=VIEW, children=[w.text_view("0", height=120)]) for _ in range(3)],
        )
        fab = self._fab(w.bind(self._toggle_running, "Timer"))
        return self._with_fab([View(cls=VIEW, height=300), pickers, View(cls=VIEW)], fab)

    def _stopwatch_tab(self, ctx: AppContext) -> View:
        counter = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=300,
            children=[w.text_view(t, height=300) for t in ("0", "00", "000")],
        )
        fab = self._fab(w.bind(self._toggle_running, "Stopwatch"))
        return self._with_fab([View(cls=VIEW, height=300), counter, View(cls=VIEW)], fab)

    def _picker_window(self, dialog: dict[str, Any]) -> Window:
        hour, minute = dialog["hour"], dialog["minute"]
        minutes_face = dialog["face"] == "minutes"
        selectors = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=220,
            children=[
                View(
                    cls=VIEW,
                    text=str(hour % 12 or 12),
                    content_desc="Select hour",
                    selected=not minutes_face,
                    on_click=w.bind(self._set_face, "hours"),
                ),
                w.text_view(":", width=60),
                View(
                    cls=VIEW,
                    text=f"{minute:02d}",
                    content_desc="Select minutes",
                    selected=minutes_face,
                    on_click=w.bind(self._set_face, "minutes"),
                ),
                View(
                    cls=VIEW,
                    content_desc="Select AM or PM",
                    width=200,
                    children=[
                        View(
                            cls=VIEW,
                            text="AM",
                            selected=hour < 12,
                            on_click=w.bind(self._set_pm, False),
                        ),
                        View(
                            cls=VIEW,
                            text="PM",
                            selected=hour >= 12,
                            on_click=w.bind(self._set_pm, True),
                        ),
                    ],
                ),
            ],
        )
        if minutes_face:
            numbers = [
                (m, f"{m:02d}", f"{m} minutes", w.bind(self._pick_minute, m))
                for m in range(0, 60, 5)
            ]
        else:
            numbers = [
                (h, str(h), f"{h} o'clock", w.bind(self._pick_hour, h)) for h in [12, *range(1, 12)]
            ]
        face = View(
            cls=VIEW,
            weight=0,
            children=[
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=120,
                    children=[
                        View(cls=VIEW, text=text, content_desc=desc, on_click=handler)
                        for _, text, desc, handler in numbers[row : row + 4]
                    ],
                )
                for row in range(0, 12, 4)
            ],
        )
        title = "New alarm" if dialog["alarm"] is None else "Edit alarm"
        buttons = self._cancel_ok(self._picker_ok)
        root = View(
            cls=VIEW, weight=0, children=[w.text_view(title, height=140), selectors, face, buttons]
        )
        return Window(root=root, on_dismiss=self._close)

    def _zones_window(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        query = dialog["query"].lower()
        rows = [
            View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=130,
                children=[
                    w.check_box(
                        "", "", zone in dialog["chosen"], w.bind(self._zone_toggle, zone), width=150
                    ),
                    w.text_view(zone, height=130),
                ],
            )
            for zone in ZONES
            if query in zone.lower()
        ]
        buttons = self._cancel_ok(self._zones_ok)
        field = w.edit_text("", dialog["query"], self._zone_query, hint="Search")
        root = View(
            cls=VIEW,
            weight=0,
            children=[w.text_view("Time zones", height=140), field, *rows, buttons],
        )
        return Window(root=root, on_dismiss=self._close)
