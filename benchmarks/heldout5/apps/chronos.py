"""Chronos (``com.meenbeese.chronos``, meenbeese/Chronos), an alarm clock app forked from
Alarmio, as built from ``master`` on 2025-02-21 (versionName 2025.1.0, versionCode 11).

Sources read at commit aba63fc (2025-02-21, "Use newer ksp instead of kapt"), the head of
``master`` the day the report was filed: ``Chronos.kt``, ``activities/MainActivity.kt``,
``fragments/HomeFragment.kt``, ``AlarmsFragment.kt``, ``SettingsFragment.kt``,
``dialogs/TimePickerDialog.kt``, ``BackgroundPermissionsDialog.kt``, ``TimerDialog.kt``,
``data/PreferenceData.kt``, ``AlarmData.kt``, ``SoundData.kt``, ``TimerData.kt``, the layouts
``activity_main``, ``fragment_home``, ``fragment_recycler``, ``fragment_clock``,
``dialog_time_picker``, ``dialog_background_permissions``, ``dialog_timer`` and
``values/strings.xml``; and commit fe41c82 ("Finish migrating the alarm settings to Room DB",
2025-05-23), which removed the failing line before the issue was closed as fixed.

Bug ``Chronos#117`` (crash). Commit b237eef moved the preferences to a DataStore:
``PreferenceData.getValue`` returns ``preferences[key] as? T ?: defaultValue as T``, and
``DEFAULT_ALARM_RINGTONE``'s default is ``null``. Choosing a time in the new-alarm dialog
(speed dial "Alarm", then OK) calls ``Chronos.newAlarm``, which passes that null to
``SoundData.fromString(string: String)``; Kotlin's parameter check throws
``java.lang.NullPointerException: Parameter specified as non-null is null: method
com.meenbeese.chronos.data.SoundData$Companion.fromString, parameter string``. The report has
no stack trace: the exception is derived from the sources (the first failing call on that
path); the frames are the model's, in the app's classes and lines at aba63fc.

Screens: the first-launch "Alerts & Background Access" dialog (``title``, ``message``,
``cancelButton``, ``okButton``; OK stores the flag and opens the system overlay-permission
screen, stubbed: the dialog closes); the home screen (``timeContainer`` with the
``background`` image, the ``timePager`` clock ``timeView`` and ``pageIndicator``; the
``bottomSheet`` with the ``tabLayout`` Alarms / Settings and the ``viewPager``: the alarms list
``recycler`` with its ``empty`` message ``emptyText``, or the settings rows); the
``speedDial`` FAB (``sd_main_fab``) opening the actions Alarm / Timer / Stopwatch
(``alarm_fab``, ``timer_fab``, ``stopwatch_fab``, each an ``sd_label`` label and an ``sd_fab``
button); the new-alarm ``TimePickerDialog`` (an inline 24-hour ``timePicker``,
``cancelButton``, ``okButton``).

Stubbed: the timer dialog (``dialog_timer``: the time, Cancel, Start Timer; no digits are
modelled, so Start Timer at 0 does nothing, as the app's ``input.toInt() > 0`` check), the
stopwatch screen, the settings rows (titles only, no actions), the background image, the
clock's time (fixed at 07:30). Uncertain: the reporter later saw the same problem when setting
a timer (a different path, not modelled); the time picker's face is reduced to the hour and
minute numbers; the stack's framework frames are not known for the reporter's Android 15.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.meenbeese.chronos"
MAIN = ".activities.MainActivity"
NPE = "java.lang.NullPointerException"
FROM_STRING = "com.meenbeese.chronos.data.SoundData$Companion.fromString"

PERMISSIONS_TITLE = "Alerts & Background Access"
PERMISSIONS_BODY = (
    "Newer versions of Android are becoming increasingly unreliable at starting apps from the "
    "background without user interaction; with the introduction of Doze/App Standby in Android "
    "6.0, the requirements for an app to be started are ambiguous and often device-specific."
    "\n\nAs such, while it is not always a requirement for this app to function, it is highly "
    "recommended that you grant the System Overlays permission on the next page. This will "
    "grant Chronos an exemption from Android's usual requirements for starting an app without "
    "user interaction, and allow it to function much more reliably."
)
EMPTY = "You don't have any alarms set. Press the '+' button to create one."
SETTINGS_ROWS = (
    "Theme",
    "Custom Background Image",
    "Time Zones",
    "Default Alarm Ringtone",
    "Default Timer Ringtone",
    "Sleep Reminder",
    "About Chronos",
)
ACTIONS = (("alarm_fab", "Alarm"), ("timer_fab", "Timer"), ("stopwatch_fab", "Stopwatch"))
CRASH_FRAMES = [
    f"{FROM_STRING}(SoundData.kt:165)",
    "com.meenbeese.chronos.Chronos.newAlarm(Chronos.kt:83)",
    "com.meenbeese.chronos.fragments.HomeFragment$invokeAlarmScheduler$1"
    ".onTimeChosen(HomeFragment.kt:210)",
    "com.meenbeese.chronos.dialogs.TimePickerDialog.onCreate$lambda$1(TimePickerDialog.kt:37)",
]

DISMISS_INFO = click(PACKAGE, "cancelButton", "Cancel", cls="android.widget.Button")
OPEN_DIAL = click(PACKAGE, "sd_main_fab", cls="android.widget.ImageButton")
ALARM = click(PACKAGE, "sd_label", "Alarm", cls="android.widget.TextView")
TIMER = click(PACKAGE, "sd_label", "Timer", cls="android.widget.TextView")
OK = click(PACKAGE, "okButton", "OK", cls="android.widget.Button")
CANCEL = click(PACKAGE, "cancelButton", "Cancel", cls="android.widget.Button")
SETTINGS_TAB = click(PACKAGE, text="Settings", cls="android.widget.TextView")

BUG_117 = BugSpec(
    "Chronos#117",
    "crash",
    "Create alarm generate crash",
    crash_oracle(PACKAGE, NPE, "Parameter specified as non-null is null", FROM_STRING),
    human_steps=(DISMISS_INFO, OPEN_DIAL, ALARM, OK),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Chronos#117": [
        [DISMISS_INFO, OPEN_DIAL, ALARM, CANCEL],
        [DISMISS_INFO, OPEN_DIAL, ALARM],
        [DISMISS_INFO, OPEN_DIAL, TIMER, click(PACKAGE, "cancel", "Cancel")],
        [DISMISS_INFO, SETTINGS_TAB, click(PACKAGE, text="Alarms", cls="android.widget.TextView")],
    ],
}


class Chronos(VirtualApp):
    """Chronos 2025.1.0 (master at aba63fc): a new alarm's default ringtone is read as null."""

    name: ClassVar[str] = "Chronos"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Chronos"
    version: ClassVar[str] = "2025.1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_117,)

    def initial_data(self) -> dict[str, Any]:
        # The DataStore "settings": only keys written so far (a fresh install has none).
        return {"prefs": {}, "alarms": [], "timers": []}

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("tab", 0)
        ctx.ui.setdefault("stack", [])
        ctx.ui.update(dial=False, dialog="", hour=7, minute=30, face="hours")
        if not ctx.data["prefs"].get("info_background_permissions", False):
            ctx.ui["dialog"] = "permissions"

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The pager's page and the fragment back stack survive; the unmanaged dialogs do not.
        return {"tab": ctx.ui["tab"], "stack": ctx.ui["stack"]}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui["dialog"]:
            ctx.ui["dialog"] = ""
            return True
        return w.dismiss(ctx.ui, "dial") or bool(ctx.ui["stack"] and ctx.ui["stack"].pop())

    # -- logic ----------------------------------------------------------------------------
    def pref(self, ctx: AppContext, key: str, default: Any) -> Any:
        """``PreferenceData.getValue``: the stored value, else the enum's default (even null)."""
        return ctx.data["prefs"].get(key, default)

    def new_alarm(self, ctx: AppContext) -> dict[str, Any]:
        """``Chronos.newAlarm``: the default ringtone goes through ``SoundData.fromString``."""
        ringtone = self.pref(ctx, "default_alarm_ringtone", None)
        if ringtone is None:
            raise JavaException(
                NPE,
                f"Parameter specified as non-null is null: method {FROM_STRING}, parameter string",
                frames=CRASH_FRAMES,
            )
        alarm = {"id": len(ctx.data["alarms"]), "sound": ringtone}
        ctx.data["alarms"].append(alarm)
        return alarm

    def time_chosen(self, ctx: AppContext) -> None:
        alarm = self.new_alarm(ctx)
        alarm.update(hour=ctx.ui["hour"], minute=ctx.ui["minute"], enabled=True)
        ctx.ui["dialog"] = ""

    def permissions_ok(self, ctx: AppContext) -> None:
        ctx.data["prefs"]["info_background_permissions"] = True
        ctx.ui["dialog"] = ""

    def action(self, ctx: AppContext, rid: str) -> None:
        ctx.ui["dial"] = False
        if rid == "alarm_fab":
            ctx.ui.update(dialog="alarm", hour=7, minute=30, face="hours")
        elif rid == "timer_fab":
            ctx.ui["dialog"] = "timer"
        else:
            ctx.ui["stack"].append("stopwatch")

    def set_ui(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    # -- screens --------------------------------------------------------------------------
    def speed_dial(self, ctx: AppContext) -> View:
        children: list[View] = []
        if ctx.ui["dial"]:
            children += [
                w.linear_layout(
                    [
                        w.text_view(label, "sd_label", on_click=w.bind(self.action, rid)),
                        w.image_button("sd_fab", "", w.bind(self.action, rid), width=147),
                    ],
                    rid=rid,
                    horizontal=True,
                    height=160,
                    weight=0,
                )
                for rid, label in reversed(ACTIONS)
            ]
        toggle = w.bind(self.set_ui, dial=not ctx.ui["dial"])
        children.append(w.fab("sd_main_fab", "", toggle, gravity=""))
        height = 168 + (160 * len(ACTIONS) if ctx.ui["dial"] else 0)
        return w.linear_layout(
            children, rid="speedDial", width=600, height=height, gravity="bottom_end"
        )

    def page(self, ctx: AppContext) -> View:
        if ctx.ui["tab"] == 1:
            rows = [w.list_row(t, title_rid="title", height=180) for t in SETTINGS_ROWS]
            return w.list_view(
                rows, rid="recycler", cls="androidx.recyclerview.widget.RecyclerView"
            )
        alarms = ctx.data["alarms"]
        rows = [
            w.list_row(f"{a['hour']:02d}:{a['minute']:02d}", f"Alarm {a['id'] + 1}", height=300)
            for a in alarms
        ]
        return w.frame_layout(
            [
                w.list_view(rows, rid="recycler", cls="androidx.recyclerview.widget.RecyclerView"),
                w.linear_layout([w.text_view(EMPTY, "emptyText")], rid="empty")
                if not alarms
                else View(cls="android.view.View", height=0),
            ]
        )

    def home(self, ctx: AppContext) -> View:
        clock = w.frame_layout(
            [
                w.image_view("background"),
                View(
                    cls="androidx.viewpager2.widget.ViewPager2",
                    resource_id="timePager",
                    children=[View(cls="android.view.View", resource_id="timeView", text="07:30")],
                ),
                View(cls="android.view.View", resource_id="pageIndicator", height=40),
            ],
            rid="timeContainer",
            height=900,
            weight=0,
        )
        sheet = w.linear_layout(
            [
                w.tabs(
                    ("Alarms", "Settings"),
                    ctx.ui["tab"],
                    lambda c, i: self.set_ui(c, tab=i, dial=False),
                    rid="tabLayout",
                ),
                View(
                    cls="androidx.viewpager2.widget.ViewPager2",
                    resource_id="viewPager",
                    children=[self.page(ctx)],
                ),
            ],
            rid="bottomSheet",
        )
        children = [w.linear_layout([clock, sheet])]
        if ctx.ui["tab"] == 0:
            children.append(self.speed_dial(ctx))
        return View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            layout=FRAME,
            children=children,
        )

    def time_picker(self, ctx: AppContext) -> Window:
        minutes = ctx.ui["face"] == "minutes"
        numbers = range(0, 60, 5) if minutes else range(24)
        key = "minute" if minutes else "hour"
        cells = [
            View(
                cls="android.view.View",
                content_desc=str(n),
                selected=n == ctx.ui[key],
                on_click=w.bind(self.set_ui, **{key: n}),
            )
            for n in numbers
        ]
        header = w.linear_layout(
            [
                w.text_view(
                    f"{ctx.ui['hour']:02d}",
                    "android:id/hours",
                    on_click=w.bind(self.set_ui, face="hours"),
                ),
                w.text_view(":", "android:id/separator", width=40),
                w.text_view(
                    f"{ctx.ui['minute']:02d}",
                    "android:id/minutes",
                    on_click=w.bind(self.set_ui, face="minutes"),
                ),
            ],
            horizontal=True,
            height=200,
        )
        face = [
            w.linear_layout(cells[i : i + 6], horizontal=True, height=110)
            for i in range(0, len(cells), 6)
        ]
        picker = View(
            cls="android.widget.TimePicker",
            resource_id="timePicker",
            weight=0,
            children=[header, *face],
        )
        close = w.bind(self.set_ui, dialog="")
        buttons = w.linear_layout(
            [
                w.button("cancelButton", "Cancel", close),
                w.button("okButton", "OK", self.time_chosen),
            ],
            horizontal=True,
            height=140,
        )
        return Window(root=w.linear_layout([picker, buttons], weight=0), on_dismiss=close)

    def dialog(self, ctx: AppContext) -> Window | None:
        close = w.bind(self.set_ui, dialog="")
        kind = ctx.ui["dialog"]
        if kind == "permissions":
            body = [
                w.text_view(PERMISSIONS_TITLE, "title"),
                w.text_view(PERMISSIONS_BODY, "message", height=700),
                w.linear_layout(
                    [
                        w.button("cancelButton", "Cancel", close),
                        w.button("okButton", "OK", self.permissions_ok),
                    ],
                    horizontal=True,
                    height=140,
                ),
            ]
            return Window(root=w.linear_layout(body, weight=0), on_dismiss=close)
        if kind == "alarm":
            return self.time_picker(ctx)
        if kind == "timer":
            body = [
                w.linear_layout([w.text_view("None", "ringtoneText")], rid="ringtone", height=120),
                w.linear_layout([w.text_view("Vibrate")], rid="vibrate", height=120),
                w.text_view("0m 00s", "time", height=200),
                w.linear_layout(
                    [w.button("cancel", "Cancel", close), w.button("start", "Start Timer")],
                    horizontal=True,
                    height=140,
                ),
            ]
            return Window(root=w.linear_layout(body, weight=0), on_dismiss=close)
        return None

    def render(self, ctx: AppContext) -> Screen:
        if ctx.ui["stack"]:
            content = w.linear_layout(
                [w.text_view("00:00.000", "time", height=300)], rid="fragment"
            )
            return Screen(content=content)
        window = self.dialog(ctx)
        content = w.frame_layout([self.home(ctx)], rid="fragment")
        return Screen(content=content, windows=[window] if window else [])
