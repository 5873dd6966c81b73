"""Alarmio (``me.jfenn.alarmio``, repository fennifith/Alarmio) 1.0.5, for Alarmio#122.

Modelled from the sources at commit ``ec44446`` (the 1.0.5 release notes; ``app/build.gradle``
says ``versionName "1.0.5"``: ``activities/MainActivity.java``, ``fragments/HomeFragment.java``,
``fragments/AlarmsFragment.java``, ``fragments/TimerFragment.java``,
``adapters/AlarmsAdapter.kt``, ``dialogs/TimerDialog.java``, ``dialogs/AlertDialog.java``,
``dialogs/AestheticTimeSheetPickerDialog.java``, ``data/AlarmData.java``,
``res/layout/fragment_home.xml``, ``fragment_recycler.xml``, ``item_alarm.xml``,
``item_timer.xml``, ``dialog_timer.xml``, ``content_numpad.xml``, ``fragment_timer.xml``,
``dialog_alert.xml``, ``timedatepickers_dialog_bottomsheet.xml``, ``res/values/strings.xml``)
and the FABsMenu library's ids (``fab_expand_menu_button``, ``fab_label``).

- Launch: ``MainActivity`` shows the home screen (the splash fragment's animation is not
  modelled) and, on Android 6+ until accepted, the "System Alerts / Background Permissions"
  dialog (Cancel / OK; OK records the choice and would open the system overlay-permission page,
  which is not modelled). Home: the clock on top, a bottom sheet with the "Alarms" and
  "Settings" tabs (the alarms list: running timers first, then alarms, or "You don't have any
  alarms set..."), and the FABs menu (``fab_expand_menu_button``) with "Stopwatch", "Timer",
  "Alarm".
- "Alarm" opens the time sheet (a linear time picker, Cancel / OK); OK adds an enabled alarm
  ("Alarm 1", ...) at the picker's time. "Timer" opens the timer dialog (a numpad, 1..9, 0,
  backspace; ringtone "None"; Vibrate; Cancel / "Start Timer"): Start with a non-zero time adds
  a timer and opens ``TimerFragment`` (back arrow, the countdown, the stop FAB, which removes
  the timer) on the fragment back stack. Alarm rows: name field, time, switch; a tap expands
  Repeat, ringtone, Vibrate and Delete (asks "Are you sure you want to delete Alarm 1?").

The bug (Alarmio#122): ``AlarmsAdapter.AlarmViewHolder`` watches the name field with
``alarms[adapterPosition].setName(...)``, indexing the alarms list with the adapter position,
which counts the timers listed above the alarms. Binding an alarm row calls
``name.setText(...)``, which fires the watcher; with one timer and one alarm the alarm row is
position 1 of an alarms list of size 1: ``IndexOutOfBoundsException: Index: 1, Size: 1``
(AlarmsAdapter.kt:450, from onBindAlarmViewHolder at :266). The list is bound when the home
screen's view is created (Back from the timer screen, a launch, a rotation) and when alarms or
timers change while it shows. The frames above the RecyclerView are the report's.

Uncertain: the sources also rebind the list (``recyclerView.post(notifyDataSetChanged)``) when
"Start Timer" is pressed, racing the fragment transaction that replaces the home screen; the
reporter saw the crash only on Back, as modelled. Stubbed: timers never run down (the clock
does not advance), the Settings tab (its first rows only), the stopwatch screen, the sound
chooser, the repeat days.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "me.jfenn.alarmio"
MAIN = ".activities.MainActivity"
NOW = (9, 30)  # the device clock the model shows (the status bar's 9:30)

INFO_TITLE = "System Alerts / Background Permissions"
INFO_BODY = (
    "Newer versions of Android are becoming increasingly unreliable at starting apps from the "
    "background without user interaction; with the introduction of Doze/App Standby in Android "
    "6.0, the requirements for an app to be started are ambiguous and often device-specific.\n\n"
    "As such, while it is not always a requirement for this app to function, it is highly "
    "recommended that you grant the System Overlays permission on the next page. This will grant "
    "Alarmio an exemption from Android's usual requirements for starting an app without user "
    "interaction, and allow it to function much more reliably."
)
EMPTY = "You don't have any alarms set. Press the '+' button to create one."
NUMPAD = (
    ("one", "1"),
    ("two", "2"),
    ("three", "3"),
    ("four", "4"),
    ("five", "5"),
    ("six", "6"),
    ("seven", "7"),
    ("eight", "8"),
    ("nine", "9"),
    ("zero", "0"),
)
SETTINGS_ROWS = ("Theme", "Background Image", "Sleep Reminder", "Time Zones", "About")

FRAMES = [
    "java.util.ArrayList.get(ArrayList.java:437)",
    "me.jfenn.alarmio.adapters.AlarmsAdapter$AlarmViewHolder$1.afterTextChanged(AlarmsAdapter.kt:450)",
    "android.widget.TextView.sendAfterTextChanged(TextView.java:9785)",
    "android.widget.TextView.setText(TextView.java:5754)",
    "android.widget.TextView.setText(TextView.java:5586)",
    "android.widget.EditText.setText(EditText.java:122)",
    "android.widget.TextView.setText(TextView.java:5543)",
    "me.jfenn.alarmio.adapters.AlarmsAdapter.onBindAlarmViewHolder(AlarmsAdapter.kt:266)",
    "me.jfenn.alarmio.adapters.AlarmsAdapter.onBindViewHolder(AlarmsAdapter.kt:357)",
    "androidx.recyclerview.widget.RecyclerView$Adapter.onBindViewHolder(RecyclerView.java:7065)",
    "androidx.recyclerview.widget.RecyclerView$Adapter.bindViewHolder(RecyclerView.java:7107)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.tryBindViewHolderByDeadline"
    "(RecyclerView.java:6012)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.tryGetViewHolderForPositionByDeadline"
    "(RecyclerView.java:6279)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.getViewForPosition(RecyclerView.java:5955)",
    "androidx.recyclerview.widget.GridLayoutManager.layoutChunk(GridLayoutManager.java:561)",
    "androidx.recyclerview.widget.LinearLayoutManager.fill(LinearLayoutManager.java:1587)",
    "androidx.recyclerview.widget.LinearLayoutManager.onLayoutChildren"
    "(LinearLayoutManager.java:665)",
    "androidx.recyclerview.widget.GridLayoutManager.onLayoutChildren(GridLayoutManager.java:171)",
    "androidx.recyclerview.widget.RecyclerView.dispatchLayoutStep2(RecyclerView.java:4134)",
    "androidx.recyclerview.widget.RecyclerView.dispatchLayout(RecyclerView.java:3851)",
    "androidx.recyclerview.widget.RecyclerView.onLayout(RecyclerView.java:4404)",
    "android.view.View.layout(View.java:21912)",
    "android.view.ViewGroup.layout(ViewGroup.java:6260)",
    "android.view.ViewRootImpl.performLayout(ViewRootImpl.java:3080)",
    "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:2590)",
    "android.view.ViewRootImpl.doTraversal(ViewRootImpl.java:1721)",
    "android.view.ViewRootImpl$TraversalRunnable.run(ViewRootImpl.java:7598)",
    "android.view.Choreographer$CallbackRecord.run(Choreographer.java:966)",
    "android.view.Choreographer.doCallbacks(Choreographer.java:790)",
    "android.view.Choreographer.doFrame(Choreographer.java:725)",
    "android.view.Choreographer$FrameDisplayEventReceiver.run(Choreographer.java:951)",
    "android.os.Handler.handleCallback(Handler.java:883)",
    "android.os.Handler.dispatchMessage(Handler.java:100)",
    "android.os.Looper.loop(Looper.java:214)",
    "android.app.ActivityThread.main(ActivityThread.java:7356)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:492)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:930)",
]


def list_binding_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Alarmio#122: the alarms list's name watcher indexed past the alarms."""
    return crashed(system, PACKAGE, "java.lang.IndexOutOfBoundsException")


def clock_text(hour: int, minute: int) -> str:
    """FormatUtils' short 12-hour format, ``h:mm a``."""
    return f"{(hour % 12) or 12}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def timer_text(digits: str) -> str:
    """TimerDialog.getTime: ``%dh %02dm %02ds`` with hours, else ``%dm %02ds``."""
    hours, minutes, seconds = int(digits[:2]), int(digits[2:4]), int(digits[4:])
    if hours > 0:
        return f"{hours}h {minutes:02d}m {seconds:02d}s"
    return f"{minutes}m {seconds:02d}s"


def _icon_row(rid: str, label: str, label_rid: str = "", **kw: Any) -> View:
    """A horizontal ``rid`` row: its icon (``{rid}Image``) and its label."""
    return w.linear_layout(
        [w.image_view(f"{rid}Image", "", width=100), w.text_view(label, label_rid)],
        rid=rid,
        horizontal=True,
        **kw,
    )


class Alarmio(VirtualApp):
    """Alarmio 1.0.5: the home screen, the alarm and timer schedulers, the timer screen."""

    name: ClassVar[str] = "Alarmio"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Alarmio"
    version: ClassVar[str] = "1.0.5"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = ()

    def initial_data(self) -> dict[str, Any]:
        return {"alarms": [], "timers": [], "next_alarm": 0, "next_timer": 0, "info_ok": False}

    # -- the bug -----------------------------------------------------------------------------
    def bind_list(self, ctx: AppContext) -> None:
        """The alarms RecyclerView binds its rows (timers first, then alarms); each alarm row's
        ``name.setText`` fires the watcher, which reads ``alarms[adapterPosition]``."""
        timers, alarms = len(ctx.data["timers"]), len(ctx.data["alarms"])
        for position in range(timers, timers + alarms):
            if position >= alarms:
                raise JavaException(
                    "java.lang.IndexOutOfBoundsException",
                    f"Index: {position}, Size: {alarms}",
                    FRAMES,
                )
            # setName(alarms[position], name shown in this row): the row of alarm
            # position - timers renames alarm ``position`` (a silent side effect).
            shown = ctx.data["alarms"][position - timers]
            ctx.data["alarms"][position]["name"] = self.alarm_name(shown)

    def home_shown(self, ctx: AppContext) -> bool:
        return not ctx.ui.get("stack")

    def list_changed(self, ctx: AppContext) -> None:
        """onAlarmsChanged / onTimersChanged: notifyDataSetChanged while the list shows."""
        if self.home_shown(ctx):
            self.bind_list(ctx)

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", [])
        ctx.ui.setdefault("tab", 0)
        if not ctx.data["info_ok"] and not ctx.ui.get("dialog"):
            ctx.ui["dialog"] = {"kind": "info"}
        if self.home_shown(ctx):
            self.bind_list(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("fab"):
            ctx.ui["fab"] = False
            return True
        if ctx.ui.get("stack"):
            ctx.ui["stack"].pop()
            if self.home_shown(ctx):
                self.bind_list(ctx)
            return True
        return False

    # -- handlers ----------------------------------------------------------------------------
    @staticmethod
    def alarm_name(alarm: dict[str, Any]) -> str:
        return alarm["name"] or f"Alarm {alarm['id'] + 1}"

    def close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def info_ok(self, ctx: AppContext) -> None:
        ctx.data["info_ok"] = True
        self.close_dialog(ctx)

    def open_alarm_sheet(self, ctx: AppContext) -> None:
        ctx.ui["fab"] = False
        ctx.ui["dialog"] = {"kind": "sheet", "hour": NOW[0], "minute": NOW[1]}

    def add_alarm(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        ctx.data["alarms"].append(
            {
                "id": ctx.data["next_alarm"],
                "name": "",
                "hour": dialog["hour"],
                "minute": dialog["minute"],
                "enabled": True,
                "repeat": False,
                "vibrate": True,
            }
        )
        ctx.data["next_alarm"] += 1
        self.close_dialog(ctx)
        self.list_changed(ctx)

    def open_timer_dialog(self, ctx: AppContext) -> None:
        ctx.ui["fab"] = False
        ctx.ui["dialog"] = {"kind": "timer", "input": "000000", "vibrate": True}

    def numpad(self, ctx: AppContext, char: str) -> None:
        dialog = ctx.ui["dialog"]
        dialog["input"] = dialog["input"][len(char) :] + char

    def backspace(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        dialog["input"] = "0" + dialog["input"][:-1]

    def start_timer(self, ctx: AppContext) -> None:
        digits = ctx.ui["dialog"]["input"]
        if int(digits) <= 0:
            return
        seconds = int(digits[:2]) * 3600 + int(digits[2:4]) * 60 + int(digits[4:])
        timer_id = ctx.data["next_timer"]
        ctx.data["timers"].append({"id": timer_id, "seconds": seconds, "text": timer_text(digits)})
        ctx.data["next_timer"] += 1
        self.close_dialog(ctx)
        ctx.ui["stack"].append({"screen": "timer", "id": timer_id})

    def remove_timer(self, ctx: AppContext, timer_id: int) -> None:
        ctx.data["timers"] = [t for t in ctx.data["timers"] if t["id"] != timer_id]

    def stop_from_screen(self, ctx: AppContext, timer_id: int) -> None:
        self.remove_timer(ctx, timer_id)
        ctx.ui["stack"].pop()
        if self.home_shown(ctx):
            self.bind_list(ctx)

    def stop_from_list(self, ctx: AppContext, timer_id: int) -> None:
        self.remove_timer(ctx, timer_id)
        self.list_changed(ctx)

    def pop_screen(self, ctx: AppContext) -> None:
        ctx.ui["stack"].pop()
        if self.home_shown(ctx):
            self.bind_list(ctx)

    def open_stopwatch(self, ctx: AppContext) -> None:
        ctx.ui["fab"] = False
        ctx.ui["stack"].append({"screen": "stopwatch"})

    def expand(self, ctx: AppContext, alarm_id: int) -> None:
        ctx.ui["expanded"] = None if ctx.ui.get("expanded") == alarm_id else alarm_id

    def toggle_alarm(self, ctx: AppContext, alarm_id: int, key: str) -> None:
        for alarm in ctx.data["alarms"]:
            if alarm["id"] == alarm_id:
                alarm[key] = not alarm[key]

    def delete_alarm(self, ctx: AppContext) -> None:
        alarm_id = ctx.ui["dialog"]["id"]
        ctx.data["alarms"] = [a for a in ctx.data["alarms"] if a["id"] != alarm_id]
        self.close_dialog(ctx)
        self.list_changed(ctx)

    def rename(self, ctx: AppContext, alarm_id: int, text: str) -> None:
        for alarm in ctx.data["alarms"]:
            if alarm["id"] == alarm_id:
                alarm["name"] = text

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        stack = ctx.ui.get("stack") or []
        if stack and stack[-1]["screen"] == "timer":
            content = self.timer_screen(ctx, stack[-1]["id"])
        elif stack:
            content = w.linear_layout(
                [
                    w.image_view("back", "", self.pop_screen, width=147, height=147),
                    w.text_view("0:00:00", "time", height=300),
                ]
            )
        else:
            content = self.home(ctx)
        root = w.frame_layout([content], rid="fragment")
        return Screen(content=root, windows=self.windows(ctx))

    def timer_screen(self, ctx: AppContext, timer_id: int) -> View:
        return w.frame_layout(
            layout=FRAME,
            children=[
                w.linear_layout(
                    [
                        w.linear_layout(
                            [w.image_view("back", "", self.pop_screen, width=147, height=147)],
                            horizontal=True,
                            height=147,
                            weight=0,
                        ),
                        View(
                            cls="me.jfenn.alarmio.views.ProgressTextView",
                            resource_id="time",
                        ),
                    ]
                ),
                w.fab("stop", "", w.bind(self.stop_from_screen, timer_id)),
            ],
        )

    def alarm_row(self, ctx: AppContext, alarm: dict[str, Any]) -> View:
        expanded = ctx.ui.get("expanded") == alarm["id"]
        expand = w.bind(self.expand, alarm["id"])
        top = w.linear_layout(
            [
                w.text_view(clock_text(alarm["hour"], alarm["minute"]), "time", width=700),
                View(
                    cls="android.widget.Switch",
                    resource_id="enable",
                    checkable=True,
                    checked=alarm["enabled"],
                    on_click=w.bind(self.toggle_alarm, alarm["id"], "enabled"),
                    width=200,
                ),
            ],
            horizontal=True,
            height=170,
            weight=0,
        )
        children: list[View] = [top]
        if expanded:
            children.append(
                w.linear_layout(
                    [
                        w.check_box(
                            "repeat",
                            "Repeat",
                            alarm["repeat"],
                            w.bind(self.toggle_alarm, alarm["id"], "repeat"),
                        ),
                        w.linear_layout(
                            [
                                _icon_row("ringtone", "None", "ringtoneText"),
                                _icon_row(
                                    "vibrate",
                                    "Vibrate",
                                    on_click=w.bind(self.toggle_alarm, alarm["id"], "vibrate"),
                                ),
                            ],
                            horizontal=True,
                            height=130,
                            weight=0,
                        ),
                    ],
                    rid="extra",
                    height=270,
                    weight=0,
                )
            )

        def ask_delete(c: AppContext) -> None:
            c.ui["dialog"] = {"kind": "delete", "id": alarm["id"]}

        def rename(c: AppContext, text: str) -> None:
            self.rename(c, alarm["id"], text)

        bottom: list[View] = [
            w.image_view("expandImage", "", expand, width=120),
            w.linear_layout(
                [
                    w.edit_text(
                        "name",
                        self.alarm_name(alarm),
                        rename if expanded else None,
                        hint="Alarm Name",
                        on_click=None if expanded else expand,
                    )
                ],
                rid="nameContainer",
            ),
        ]
        if expanded:
            bottom.append(w.text_view("Delete", "delete", on_click=ask_delete, width=220))
        children.append(w.linear_layout(bottom, horizontal=True, height=140, weight=0))
        return w.linear_layout(children, weight=0, on_click=expand)

    def timer_row(self, timer: dict[str, Any]) -> View:
        return w.linear_layout(
            [
                View(
                    cls="me.jfenn.alarmio.views.ProgressLineView", resource_id="progress", height=8
                ),
                w.linear_layout(
                    [
                        w.text_view(timer["text"], "time"),
                        w.image_view(
                            "stop", "", w.bind(self.stop_from_list, timer["id"]), width=147
                        ),
                    ],
                    horizontal=True,
                    height=150,
                ),
            ],
            height=160,
            weight=0,
        )

    def home(self, ctx: AppContext) -> View:
        tab = ctx.ui.get("tab", 0)
        if tab == 0:
            rows = [self.timer_row(t) for t in ctx.data["timers"]]
            rows += [self.alarm_row(ctx, a) for a in ctx.data["alarms"]]
            page: View = w.frame_layout(
                [
                    View(
                        cls="androidx.recyclerview.widget.RecyclerView",
                        resource_id="recycler",
                        scrollable=True,
                        scroll_key="alarms_scroll",
                        children=rows,
                    )
                    if rows
                    else w.linear_layout([w.text_view(EMPTY, "emptyText", height=200)], rid="empty")
                ]
            )
        else:
            page = View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="recycler",
                children=[w.text_view(title, "title", height=150) for title in SETTINGS_ROWS],
            )
        tabs = View(
            cls="com.google.android.material.tabs.TabLayout",
            resource_id="tabLayout",
            layout="horizontal",
            height=147,
            weight=0,
            children=[
                w.linear_layout(
                    [w.text_view(title.upper())],
                    content_desc=title,
                    selected=tab == i,
                    on_click=w.bind(lambda c, i: c.ui.update(tab=i, fab=False), i),
                )
                for i, title in enumerate(("Alarms", "Settings"))
            ],
        )
        sheet = w.linear_layout(
            [
                tabs,
                View(
                    cls="androidx.viewpager.widget.ViewPager",
                    resource_id="viewPager",
                    children=[page],
                ),
            ],
            rid="bottomSheet",
        )
        clock = w.frame_layout(
            [
                View(
                    cls="androidx.viewpager.widget.ViewPager",
                    resource_id="timePager",
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(clock_text(*NOW), "timeView", height=250),
                                w.text_view("Monday, December 7", "date", height=100),
                            ]
                        )
                    ],
                )
            ],
            rid="timeContainer",
            height=800,
            weight=0,
        )
        body: list[View] = [w.linear_layout([clock, sheet])]
        if tab == 0:
            fabs: list[View] = []
            if ctx.ui.get("fab"):
                for rid, title, handler in (
                    ("stopwatchFab", "Stopwatch", self.open_stopwatch),
                    ("timerFab", "Timer", self.open_timer_dialog),
                    ("alarmFab", "Alarm", self.open_alarm_sheet),
                ):
                    fabs.append(
                        w.linear_layout(
                            [
                                w.text_view(title, "fab_label", on_click=handler, width=400),
                                w.image_button(rid, "", handler, width=147, height=147),
                            ],
                            horizontal=True,
                            height=170,
                            weight=0,
                        )
                    )
            fabs.append(
                w.linear_layout(
                    [
                        View(cls="android.view.View"),
                        w.image_button(
                            "fab_expand_menu_button",
                            "",
                            lambda c: c.ui.update(fab=not c.ui.get("fab")),
                            width=168,
                            height=168,
                            style="fab",
                        ),
                    ],
                    horizontal=True,
                    height=170,
                    weight=0,
                )
            )
            body.append(
                View(
                    cls="jahirfiquitiva.libs.fabsmenu.FABsMenu",
                    resource_id="fabsMenu",
                    gravity="bottom_end",
                    width=600,
                    height=170 * len(fabs),
                    children=fabs,
                )
            )
        return View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            layout=FRAME,
            children=body,
        )

    def windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui.get("dialog")
        if not dialog:
            return []
        close = self.close_dialog
        kind = dialog["kind"]
        if kind in ("info", "delete"):
            if kind == "info":
                title, body, ok = INFO_TITLE, INFO_BODY, self.info_ok
            else:
                alarm = next((a for a in ctx.data["alarms"] if a["id"] == dialog["id"]), None)
                name = self.alarm_name(alarm) if alarm else ""
                title, body, ok = "", f"Are you sure you want to delete {name}?", self.delete_alarm
            views = [w.text_view(title, "title", height=150)] if title else []
            views.append(w.text_view(body, "body", height=700 if kind == "info" else 150))
            views.append(
                w.linear_layout(
                    [
                        View(cls="android.view.View"),
                        w.text_view("Cancel", "cancel", on_click=close, width=250),
                        w.text_view("OK", "ok", on_click=ok, width=200),
                    ],
                    horizontal=True,
                    height=140,
                    weight=0,
                )
            )
            return [Window(root=w.linear_layout(views, weight=0), on_dismiss=close)]
        if kind == "sheet":
            root = w.linear_layout(
                [
                    View(
                        cls="me.jfenn.timedatepickers.views.LinearTimePickerView",
                        height=400,
                        weight=0,
                    ),
                    View(cls="android.view.View", resource_id="divider", height=3, weight=0),
                    w.linear_layout(
                        [
                            _icon_row("cancel", "Cancel", "cancelText", on_click=close),
                            _icon_row("ok", "OK", "okText", on_click=self.add_alarm),
                        ],
                        horizontal=True,
                        height=150,
                        weight=0,
                    ),
                ],
                rid="layout",
                weight=0,
            )
            return [
                Window(
                    root=w.frame_layout([root], rid="root", weight=0),
                    kind="sheet",
                    on_dismiss=close,
                )
            ]
        digits = dialog["input"]
        keys = [
            w.text_view(text, rid, on_click=w.bind(self.numpad, text), height=150)
            for rid, text in NUMPAD
        ]
        head: list[View] = [w.text_view(timer_text(digits), "time", height=200)]
        if int(digits) > 0:
            head.append(w.image_view("backspace", "", self.backspace, width=147))
        root = w.linear_layout(
            [
                w.linear_layout(head, horizontal=True, height=200, weight=0),
                *[
                    w.linear_layout(keys[i : i + 3], horizontal=True, height=150, weight=0)
                    for i in (0, 3, 6)
                ],
                keys[9],
                w.linear_layout(
                    [
                        w.image_view("ringtoneImage", "", width=100),
                        w.text_view("None", "ringtoneText"),
                    ],
                    rid="ringtone",
                    horizontal=True,
                    height=130,
                    weight=0,
                ),
                w.linear_layout(
                    [w.image_view("vibrateImage", "", width=100), w.text_view("Vibrate")],
                    rid="vibrate",
                    horizontal=True,
                    height=130,
                    weight=0,
                    on_click=lambda c: c.ui["dialog"].update(vibrate=not c.ui["dialog"]["vibrate"]),
                ),
                w.linear_layout(
                    [
                        View(cls="android.view.View"),
                        w.text_view("Cancel", "cancel", on_click=close, width=250),
                        w.text_view("Start Timer", "start", on_click=self.start_timer, width=330),
                    ],
                    horizontal=True,
                    height=140,
                    weight=0,
                ),
            ],
            weight=0,
        )
        return [Window(root=root, on_dismiss=close)]


def _c(rid: str = "", text: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text)


SKIP_INFO = _c("cancel", "Cancel")
MENU = _c("fab_expand_menu_button")
ADD_ALARM = [MENU, _c("alarmFab"), _c("ok")]
START_TIMER = [MENU, _c("timerFab"), _c("one", "1"), _c("start", "Start Timer")]
BACK = {"kind": "press_back"}

Alarmio.bugs = (
    BugSpec(
        "Alarmio#122",
        "crash",
        "After starting timer pressing back throws exception, timer disappears",
        list_binding_crashed,
        human_steps=(SKIP_INFO, *ADD_ALARM, *START_TIMER, BACK),
    ),
)

WRONG_SEQUENCES = {
    "Alarmio#122": [
        # no alarm yet: the list holds the timer only
        [SKIP_INFO, *START_TIMER, BACK],
        # the timer is stopped on its screen before going back
        [SKIP_INFO, *ADD_ALARM, *START_TIMER, _c("stop")],
        # still on the timer screen
        [SKIP_INFO, *ADD_ALARM, *START_TIMER],
        # the timer dialog cancelled instead of started
        [SKIP_INFO, *ADD_ALARM, MENU, _c("timerFab"), _c("one", "1"), _c("cancel", "Cancel"), BACK],
        # the stopwatch instead of a timer
        [SKIP_INFO, *ADD_ALARM, MENU, _c("stopwatchFab"), BACK],
    ]
}
