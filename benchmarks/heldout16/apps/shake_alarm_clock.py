"""Shake Alarm Clock (``in.basulabs.shakealarmclock``) 4.0.0, for ShakeAlarmClock#66.

Modelled from the sources of the 4.0.0 release, commit ``fd9c9d2`` ("Bump version to 4.0.0"):
``frontend/Activity_AlarmsList.java``, ``ViewModel_AlarmsList.java``, ``AlarmAdapter.java``,
``Activity_AlarmDetails.java``, ``Fragment_AlarmDetails_Main.java``, ``Activity_ListReqPerm.java``,
``backend/AlarmDAO.java``, ``AlarmEntity.java`` (a unique index on hour and minute, inserts
``REPLACE``), ``ConstantsAndStatics.java`` (the permissions asked), the layouts
``activity_alarmslist.xml``, ``recyclerviewrow_alarmslist.xml``, ``stub_alarmslist_empty.xml``,
``frag_alarm_details_main.xml`` (+ its scroll view), ``activity_req_perm_list.xml``,
``recyclerviewrow_reqperm.xml`` and ``res/values/strings.xml``; and the fix, commit ``b3e1239``
("Hopefully fixes #66", released in 4.1.1-beta).

The device is an Android 7.1 phone (API 25) in 12-hour time, its clock fixed at Friday
20 October 2023, 09:00 (fixed data: the real app reads ``LocalDateTime.now()``).

- First start: ``Activity_AlarmsList`` (toolbar "Shake Alarm Clock" with the Settings action,
  the "Add" button, the alarms' RecyclerView or the empty stub "No alarms to show!"). In its
  first sessions (the 1st-10th launch of every 100, once) it opens ``Activity_ListReqPerm`` ("The
  app requests the following permissions:") with the non-essential permissions an API 25 device
  lacks: ignoring battery optimizations, Do Not Disturb access (both "Highly recommended") and
  reading external storage ("Optional"), each with "Grant access" and "Nevermind". Nevermind
  drops a row ("OK, I will live with it. :("); an empty list or Back closes the screen.
- "Add" opens ``Activity_AlarmDetails`` ("New alarm") preset to now + 1 hour (10:00 AM): SAVE,
  Cancel, the alarm date, the framework TimePicker in clock mode (tapping an hour on the face
  moves it to the minutes; below API 26 the fragment makes both AM and PM add 12 hours), the
  alarm type spinner, volume, snooze, repeat, tone and message rows. Tapping an alarm's card
  opens the same screen as "Edit alarm".
- SAVE finishes the screen with the result the list's launcher callback handles. A new alarm at
  the time of an existing one first deletes that one. An edited alarm deletes the alarm at its old
  time, then adds the new one: ``ViewModel_AlarmsList.addAlarm`` writes it to the database
  (replacing a row at the same time) and, in the list, removes an alarm at the same time and then
  inserts the new one only inside its loop over the remaining alarms; then ``setAlarm`` switches
  it on through ``toggleAlarmState``, which looks the time up in the list.

The bug (ShakeAlarmClock#66, crash): with exactly two alarms, editing one to the other's time
empties the list (the edited alarm is deleted, the other removed as a duplicate) and the loop
never runs, so the new alarm is not in the list; ``toggleAlarmState`` gets index -1 and
``ArrayList.get(-1)`` throws ``java.lang.ArrayIndexOutOfBoundsException: length=10; index=-1``
inside the delivery of the activity result (a ``RuntimeException`` "Failure delivering
result..."). With three or more alarms, or a new (not edited) alarm, the loop adds it and nothing
fails. The fix deletes the duplicate before adding. Not faithful: the framework's line numbers
(API 25) and the random request code of the ActivityResultRegistry are the usual ones, not read
off the reporter's device (the report is a screenshot); the system screens that "Grant access"
opens for battery optimizations and Do Not Disturb are a titled stub.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "in.basulabs.shakealarmclock"
LIST = ".frontend.Activity_AlarmsList"
DETAILS = ".frontend.Activity_AlarmDetails"
PERMS = ".frontend.Activity_ListReqPerm"
SETTINGS = ".frontend.Activity_Settings"
RINGTONE = ".frontend.Activity_RingtonePicker"
SYSTEM = ".SystemSettingsStub"
APP_NAME = "Shake Alarm Clock"
NOW = dt.datetime(2023, 10, 20, 9, 0)  # the test device's fixed clock
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"
LIVE_WITH_IT = "OK, I will live with it. :("
# Non-essential permissions of an API 25 device: key -> (title, explanation, level).
PERM_INFO = {
    "battery": (
        "Ignore Battery Optimizations",
        "The Android system, by default, sets all user installed apps to be optimized to save "
        "battery. While this is OK for many apps, this app is an alarm clock app, and often faces "
        "trouble if set to optimize battery. With this enabled, the Android system can kill the "
        "app at any time and/or cancel the alarms it has set, which will be detrimental to the "
        "working of the app. We recommend you to whitelist this app from battery optimizations.",
        "Highly recommended",
    ),
    "dnd": (
        "Change Do Not Disturb settings",
        "The app allows you to set different ring volumes for each alarm. Before ringing the "
        "alarm, the app tries to change the volume of the system alarm stream to the volume you "
        "have set (and restores it to what it was initially). To change the volume, the "
        "permission to change Do Not Disturb settings is needed in Android Nougat and above. If "
        "not granted, the app will simply not set the volume before ringing the alarm.",
        "Highly recommended",
    ),
    "storage": (
        "Read external storage",
        "This permission is required if you want to choose an alarm tone different from the "
        "default alarm tone of your device. Allows the app to read audio and music files on your "
        "device. On higher Android versions, we request a granular permission that allow us to "
        "read only the music and audio files and nothing else, thus ensuring you, the user, more "
        "privacy. However, in the Android version running on your device, this is not supported, "
        "so we have to ask for permission to read external storage.",
        "Optional",
    ),
}
ALARM_TYPES = ("Sound", "Vibrate", "Sound & Vibrate")
SUB_PAGES = {
    "snooze": "Snooze options",
    "repeat": "Repeat options",
    "date": "Alarm date",
    "message": "Alarm message",
}
APP_FRAME = "in.basulabs.shakealarmclock.frontend."


def _time_12(h: int, m: int) -> str:
    """``hh:mm a`` (the toasts' formatter in 12-hour mode)."""
    return dt.time(h, m).strftime("%I:%M ") + ("AM" if h < 12 else "PM")


def _row_time(h: int, m: int) -> str:
    """AlarmAdapter's ``time_12hour`` text: ``%d:%02d %s``."""
    hour = h if 0 < h <= 12 else (h - 12 if h > 12 else h + 12)
    return f"{hour}:{m:02d} {'AM' if h < 12 else 'PM'}"


def _date_for(h: int, m: int) -> dt.date:
    """onTimeChanged with no date chosen by the user: today if the time is still ahead, else
    tomorrow."""
    return NOW.date() if dt.time(h, m) > NOW.time() else NOW.date() + dt.timedelta(days=1)


def _duration(target: dt.datetime) -> str:
    """Activity_AlarmsList.getDuration: "1 hour and 0 minutes"..."""
    secs = int((target - NOW).total_seconds())
    days, rest = divmod(secs, 86400)
    hours, rest = divmod(rest, 3600)
    mins = rest // 60

    def plural(n: int, one: str, other: str) -> str:
        return f"{n} {one if n == 1 else other}"

    if days == 0:
        if hours == 0:
            return plural(mins, "minute", "minutes")
        return f"{plural(hours, 'hour', 'hours')} and {plural(mins, 'minute', 'minutes')}"
    return (
        f"{plural(days, 'day', 'days')}, {plural(hours, 'hour', 'hours')} and "
        f"{mins}  {'minute' if mins == 1 else 'minutes'}"
    )


def crash_happened(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of ShakeAlarmClock#66: the app died delivering the edit screen's result,
    on ``ArrayList.get(-1)`` in ``toggleAlarmState``."""
    return crashed(
        system, PACKAGE, "java.lang.RuntimeException", "Failure delivering result", "index=-1"
    )


def _c(rid: str = "", text: str = "", desc: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc)


ADD = _c("addAlarmButton", "Add")
SAVE = _c("saveButton", "SAVE")
BACK = {"kind": "press_back"}


def _face(n: int) -> dict[str, Any]:
    return {"kind": "click", "target": {"content_desc": str(n)}}


def _card(text: str) -> dict[str, Any]:
    return _c("alarmTimeTextView", text)


HUMAN_STEPS = (
    BACK,  # leave the first start's permission list
    ADD,
    SAVE,  # alarm at 10:00 AM
    ADD,
    _face(11),
    SAVE,  # alarm at 11:00 AM
    _card("10:00 AM"),
    _face(11),
    SAVE,  # edit the 10:00 alarm to 11:00: crash
)

WRONG_SEQUENCES = {
    "ShakeAlarmClock#66": (
        # The edited alarm moved to a time no other alarm has.
        (BACK, ADD, SAVE, ADD, _face(11), SAVE, _card("10:00 AM"), _face(12), SAVE),
        # Three alarms: the loop still inserts the edited one.
        (
            BACK,
            ADD,
            SAVE,
            ADD,
            _face(11),
            SAVE,
            ADD,
            _face(12),
            SAVE,
            _card("10:00 AM"),
            _face(11),
            SAVE,
        ),
        # A new alarm (not an edit) at the time of the existing one.
        (BACK, ADD, SAVE, ADD, SAVE),
        # The edit saved without changing the time.
        (BACK, ADD, SAVE, ADD, _face(11), SAVE, _card("10:00 AM"), SAVE),
    )
}


class ShakeAlarmClock(VirtualApp):
    """Shake Alarm Clock 4.0.0: the alarms list, the alarm details editor, the permission list."""

    name: ClassVar[str] = "ShakeAlarmClock"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "4.0.0"
    launch_activity: ClassVar[str] = LIST
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "ShakeAlarmClock#66",
            "crash",
            "Changing the time of one existing alarm to another existing alarm crashes the app",
            crash_happened,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # alarms: the Room table (unique on hour and minute); prefs: SharedPreferences.
        return {
            "alarms": [],
            "next_id": 1,
            "opens": 0,
            "asked_recently": False,
            "granted": [],
        }

    # -- view model (process memory) ------------------------------------------------------------
    def _vm(self, ctx: AppContext) -> list[dict[str, Any]]:
        if "vm_list" not in ctx.memory:
            ctx.memory["vm_list"] = [dict(a) for a in self._db_sorted(ctx)]
        return ctx.memory["vm_list"]

    def _db_sorted(self, ctx: AppContext) -> list[dict[str, Any]]:
        return sorted(ctx.data["alarms"], key=lambda a: (a["h"], a["m"]))

    @staticmethod
    def _index(items: list[dict[str, Any]], h: int, m: int) -> int:
        for i, a in enumerate(items):
            if (a["h"], a["m"]) == (h, m):
                return i
        return -1

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == LIST:
            if "vm" not in ctx.ui:  # a new activity: a new ViewModel reading the database
                ctx.ui["vm"] = True
                ctx.memory.pop("vm_list", None)
                ctx.memory["can_request"] = False
                self._vm(ctx)
            self._set_can_ask(ctx)
            self._on_resume_list(ctx)
        elif ctx.activity == PERMS and "queue" not in ctx.ui:
            ctx.ui["queue"] = list(ctx.extras.get("perms", []))
        elif ctx.activity == DETAILS and "h" not in ctx.ui:
            ctx.ui.update(dict(ctx.extras))
            ctx.ui.setdefault("face", "hours")

    def _set_can_ask(self, ctx: AppContext) -> None:
        """setCanAskForNonEssentialPerms: the 1st-10th launch of every 100."""
        opens = ctx.data["opens"] + 1
        frac = round((opens / 100.0) % 1, 4)
        if 0.0 <= frac <= 0.1:
            ctx.memory["can_request"] = not ctx.data["asked_recently"]
        else:
            ctx.data["asked_recently"] = False
        ctx.data["opens"] = opens

    def _on_resume_list(self, ctx: AppContext) -> None:
        if ctx.memory.get("can_request"):
            ctx.memory["can_request"] = False
            ctx.data["asked_recently"] = True
            missing = [k for k in PERM_INFO if k not in ctx.data["granted"]]
            if missing:
                ctx.start_activity(PERMS, {"perms": missing})

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == DETAILS:
            if ctx.ui.get("frag"):
                ctx.ui["frag"] = None
            else:
                ctx.ui["discard"] = True
            return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity == PERMS and permission == STORAGE:
            if granted:
                ctx.data["granted"].append("storage")
                ctx.toast("Success!")
                self._drop_perm(ctx, "storage")
            else:
                ctx.toast(LIVE_WITH_IT)

    # -- alarms list ----------------------------------------------------------------------------
    def _open_new(self, ctx: AppContext) -> None:
        start = NOW + dt.timedelta(hours=1)
        ctx.start_activity(
            DETAILS,
            {"mode": "new", "h": start.hour, "m": start.minute, "type": 0, "date": None},
        )

    def _open_existing(self, ctx: AppContext, h: int, m: int) -> None:
        for a in ctx.data["alarms"]:
            if (a["h"], a["m"]) == (h, m):
                ctx.start_activity(
                    DETAILS,
                    {
                        "mode": "edit",
                        "h": h,
                        "m": m,
                        "old_h": h,
                        "old_m": m,
                        "type": a["type"],
                        "date": a["date"],
                    },
                )
                return

    def _remove(self, ctx: AppContext, h: int, m: int) -> None:
        """deleteOrDeactivateAlarm(MODE_DELETE_ALARM): database row and list entry."""
        ctx.data["alarms"] = [a for a in ctx.data["alarms"] if (a["h"], a["m"]) != (h, m)]
        items = self._vm(ctx)
        i = self._index(items, h, m)
        if i != -1:
            items.pop(i)

    def _add(self, ctx: AppContext, alarm: dict[str, Any]) -> None:
        """ViewModel_AlarmsList.addAlarm (as in 4.0.0) then setAlarm."""
        h, m = alarm["h"], alarm["m"]
        ctx.data["alarms"] = [a for a in ctx.data["alarms"] if (a["h"], a["m"]) != (h, m)]
        ctx.data["alarms"].append(dict(alarm, id=ctx.data["next_id"]))
        ctx.data["next_id"] += 1
        items = self._vm(ctx)
        t = (h, m)
        if not items:
            items.append(dict(alarm))
        else:
            found = self._index(items, h, m)
            if found != -1:
                items.pop(found)
            i = 0
            while i < len(items):
                if (items[i]["h"], items[i]["m"]) < t:
                    if i + 1 < len(items):
                        if (items[i + 1]["h"], items[i + 1]["m"]) > t:
                            items.insert(i + 1, dict(alarm))
                            break
                    else:
                        items.append(dict(alarm))
                        break
                if i == len(items) - 1:
                    items.insert(0, dict(alarm))
                    break
                i += 1
        self._set_alarm(ctx, h, m)

    def _set_alarm(self, ctx: AppContext, h: int, m: int) -> None:
        """setAlarm: toggleAlarmState(h, m, 1) on the database and the list, then the toast."""
        items = self._vm(ctx)
        index = self._index(items, h, m)
        if index == -1:
            self._crash()
        for a in ctx.data["alarms"]:
            if (a["h"], a["m"]) == (h, m):
                a["on"] = True
                when = dt.datetime.combine(dt.date.fromisoformat(a["date"]), dt.time(h, m))
        items[index]["on"] = True
        ctx.toast(f"Alarm set for {_duration(when)} from now.")

    def _crash(self) -> None:
        cause = JavaException(
            "java.lang.ArrayIndexOutOfBoundsException",
            "length=10; index=-1",
            [
                "java.util.ArrayList.get(ArrayList.java:413)",
                f"{APP_FRAME}ViewModel_AlarmsList.toggleAlarmState(ViewModel_AlarmsList.java:486)",
                f"{APP_FRAME}Activity_AlarmsList.setAlarm(Activity_AlarmsList.java:568)",
                f"{APP_FRAME}Activity_AlarmsList.addOrActivateAlarm(Activity_AlarmsList.java:341)",
                f"{APP_FRAME}Activity_AlarmsList.lambda$initActLaunchers$3"
                "(Activity_AlarmsList.java:774)",
                f"{APP_FRAME}Activity_AlarmsList$$ExternalSyntheticLambda3.onActivityResult"
                "(Unknown Source:2)",
                "androidx.activity.result.ActivityResultRegistry.doDispatch"
                "(ActivityResultRegistry.java:362)",
                "androidx.activity.result.ActivityResultRegistry.dispatchResult"
                "(ActivityResultRegistry.java:322)",
                "androidx.activity.ComponentActivity.onActivityResult(ComponentActivity.java:671)",
                "androidx.fragment.app.FragmentActivity.onActivityResult"
                "(FragmentActivity.java:164)",
                "android.app.Activity.dispatchActivityResult(Activity.java:6932)",
                "android.app.ActivityThread.deliverResults(ActivityThread.java:4085)",
            ],
        )
        raise JavaException(
            "java.lang.RuntimeException",
            "Failure delivering result ResultInfo{who=null, request=131071, result=-1, "
            "data=Intent { (has extras) }} to activity {in.basulabs.shakealarmclock/"
            "in.basulabs.shakealarmclock.frontend.Activity_AlarmsList}: "
            "java.lang.ArrayIndexOutOfBoundsException: length=10; index=-1",
            [
                "android.app.ActivityThread.deliverResults(ActivityThread.java:4089)",
                "android.app.ActivityThread.handleSendResult(ActivityThread.java:4132)",
                "android.app.ActivityThread.-wrap20(ActivityThread.java)",
                "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1533)",
                *message_frames(25),
            ],
            cause=cause,
        )

    def _toggle(self, ctx: AppContext, h: int, m: int) -> None:
        alarm = next(a for a in ctx.data["alarms"] if (a["h"], a["m"]) == (h, m))
        if alarm["on"]:
            alarm["on"] = False
            items = self._vm(ctx)
            i = self._index(items, h, m)
            if i != -1:
                items[i]["on"] = False
            ctx.toast(f"The alarm at {_time_12(h, m)} was switched off.")
        else:
            self._set_alarm(ctx, h, m)

    def _delete(self, ctx: AppContext, h: int, m: int) -> None:
        self._remove(ctx, h, m)
        ctx.toast(f"The alarm at {_time_12(h, m)} was deleted successfully.")

    def _row(self, a: dict[str, Any]) -> View:
        h, m = a["h"], a["m"]
        d = dt.date.fromisoformat(a["date"])
        return View(
            cls="android.widget.FrameLayout",
            resource_id="alarmCardView",
            height=330,
            on_click=w.bind(self._open_existing, h, m),
            children=[
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.image_button(
                                    "alarmOnOffImgBtn", "", w.bind(self._toggle, h, m), width=160
                                ),
                                w.text_view(_row_time(h, m), "alarmTimeTextView"),
                                w.image_button(
                                    "alarmDeleteBtn", "", w.bind(self._delete, h, m), width=160
                                ),
                            ],
                            horizontal=True,
                            height=150,
                        ),
                        w.text_view(d.strftime("%a, %d %b"), "alarmDateTextView", height=90),
                        w.text_view(ALARM_TYPES[a["type"]], "alarmTypeTextView", height=90),
                        w.text_view("", "recyclerView_alarmMessageTextView", height=0),
                    ]
                )
            ],
        )

    def _render_list(self, ctx: AppContext) -> Screen:
        items = self._vm(ctx)
        body: list[View] = [
            w.toolbar(
                APP_NAME,
                actions=[
                    w.action_item(
                        "settingsMenuItem", "Settings", lambda c: c.start_activity(SETTINGS)
                    )
                ],
            ),
            View(
                layout=HORIZONTAL,
                height=160,
                weight=0,
                children=[
                    View(cls="android.view.View"),
                    w.button("addAlarmButton", "Add", self._open_new, width=300),
                ],
            ),
        ]
        if not ctx.data["alarms"]:
            body.append(
                View(
                    cls="android.view.ViewGroup",
                    resource_id="viewStubInflated",
                    children=[
                        w.image_view("imageView", height=300),
                        w.text_view("No alarms to show!", "textView5"),
                    ],
                )
            )
        else:
            body.append(
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="alarmsRecyclerView",
                    scrollable=len(items) > 4,
                    scroll_key="alarms_scroll",
                    children=[self._row(a) for a in items],
                )
            )
        return Screen(content=w.linear_layout(body))

    # -- permission list ------------------------------------------------------------------------
    def _drop_perm(self, ctx: AppContext, key: str) -> None:
        if key in ctx.ui["queue"]:
            ctx.ui["queue"].remove(key)
        if not ctx.ui["queue"]:
            ctx.finish()

    def _deny(self, ctx: AppContext, key: str) -> None:
        self._drop_perm(ctx, key)
        ctx.toast(LIVE_WITH_IT)

    def _grant(self, ctx: AppContext, key: str) -> None:
        if key == "storage":
            ctx.request_permission(STORAGE)
        else:
            ctx.start_activity(SYSTEM, {"title": PERM_INFO[key][0]})

    def _render_perms(self, ctx: AppContext) -> Screen:
        rows = []
        for key in ctx.ui.get("queue", []):
            title, expl, level = PERM_INFO[key]
            rows.append(
                View(
                    cls="android.widget.FrameLayout",
                    resource_id="alarmCardView",
                    weight=0,
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(title, "perm_title_textview"),
                                w.text_view(expl, "perm_exp_textview", height=300),
                                w.linear_layout(
                                    [
                                        w.button(
                                            "button_perm_grant_access",
                                            "Grant access",
                                            w.bind(self._grant, key),
                                        ),
                                        w.button(
                                            "button_perm_deny_access",
                                            "Nevermind",
                                            w.bind(self._deny, key),
                                        ),
                                    ],
                                    horizontal=True,
                                    height=140,
                                ),
                                w.linear_layout(
                                    [
                                        w.text_view("Requirement type:", "textView24"),
                                        w.text_view(level, "perm_type_textview"),
                                    ],
                                    horizontal=True,
                                    height=110,
                                ),
                            ],
                            weight=0,
                        )
                    ],
                )
            )
        content = w.linear_layout(
            [
                w.toolbar(APP_NAME, navigation=w.up_button(), rid="toolbar6"),
                w.text_view("The app requests the following permissions:", "textView22"),
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="permsRecyclerView",
                    scrollable=True,
                    scroll_key="perm_scroll",
                    children=rows,
                ),
            ]
        )
        return Screen(content=content)

    # -- alarm details --------------------------------------------------------------------------
    def _set_time(self, ctx: AppContext, h: int, m: int) -> None:
        ctx.ui["h"], ctx.ui["m"] = h, m
        ctx.ui["date"] = _date_for(h, m).isoformat()

    def _pick_hour(self, ctx: AppContext, hour12: int) -> None:
        pm = ctx.ui["h"] >= 12
        h = hour12 % 12 + (12 if pm else 0)
        self._set_time(ctx, h, ctx.ui["m"])
        ctx.ui["face"] = "minutes"  # the clock face moves on to the minutes

    def _pick_minute(self, ctx: AppContext, minute: int) -> None:
        self._set_time(ctx, ctx.ui["h"], minute)

    def _pick_half(self, ctx: AppContext) -> None:
        """The fragment's AM/PM workaround below API 26: either label adds 12 hours (mod 24)."""
        self._set_time(ctx, (ctx.ui["h"] + 12) % 24, ctx.ui["m"])

    def _save(self, ctx: AppContext) -> None:
        """onSaveButtonClick: finish with the result; the list's launcher callback runs."""
        ui = ctx.ui
        h, m = ui["h"], ui["m"]
        date = ui.get("date") or _date_for(h, m).isoformat()
        alarm = {"h": h, "m": m, "on": False, "type": ui.get("type", 0), "date": date}
        ctx.finish()
        if ui["mode"] == "edit":
            self._remove(ctx, ui["old_h"], ui["old_m"])
        elif self._index(ctx.data["alarms"], h, m) != -1:
            self._remove(ctx, h, m)
        self._add(ctx, alarm)

    def _time_picker(self, ctx: AppContext) -> View:
        h, m = ctx.ui["h"], ctx.ui["m"]
        minutes = ctx.ui.get("face") == "minutes"
        hour12 = h % 12 or 12
        header = w.linear_layout(
            [
                View(
                    cls="android.widget.TextView",
                    resource_id="android:id/hours",
                    text=str(hour12),
                    selected=not minutes,
                    on_click=lambda c: c.ui.update(face="hours"),
                ),
                w.text_view(":", "android:id/separator", width=40),
                View(
                    cls="android.widget.TextView",
                    resource_id="android:id/minutes",
                    text=f"{m:02d}",
                    selected=minutes,
                    on_click=lambda c: c.ui.update(face="minutes"),
                ),
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.RadioButton",
                            resource_id="android:id/am_label",
                            text="AM",
                            checkable=True,
                            checked=h < 12,
                            on_click=self._pick_half,
                        ),
                        View(
                            cls="android.widget.RadioButton",
                            resource_id="android:id/pm_label",
                            text="PM",
                            checkable=True,
                            checked=h >= 12,
                            on_click=self._pick_half,
                        ),
                    ],
                    rid="android:id/ampm_layout",
                    width=200,
                ),
            ],
            rid="android:id/time_header",
            horizontal=True,
            height=220,
        )
        handler: Callable[[AppContext, int], None]
        if minutes:
            numbers = list(range(0, 60, 5))
            current, handler = m, self._pick_minute
        else:
            numbers = [12, *range(1, 12)]
            current, handler = hour12, self._pick_hour
        rows = [
            View(
                layout=HORIZONTAL,
                height=110,
                children=[
                    View(
                        cls="android.view.View",
                        content_desc=str(n),
                        selected=n == current,
                        on_click=w.bind(handler, n),
                    )
                    for n in numbers[start : start + 6]
                ],
            )
            for start in range(0, len(numbers), 6)
        ]
        face = View(
            cls="android.view.View", resource_id="android:id/radial_picker", weight=0, children=rows
        )
        return View(
            cls="android.widget.TimePicker",
            resource_id="addAlarmTimePicker",
            weight=0,
            children=[header, face],
        )

    def _labelled_row(self, rid: str, label_rid: str, label: str, vid: str, value: str, frag: str):
        def open_(c: AppContext) -> None:
            if frag == "tone":
                c.start_activity(RINGTONE)
            else:
                c.ui["frag"] = frag

        return w.linear_layout(
            [w.text_view(label, label_rid), w.text_view(value, vid)],
            rid=rid,
            horizontal=True,
            height=120,
            on_click=open_,
        )

    def _render_details(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        title = "New alarm" if ui.get("mode") == "new" else "Edit alarm"
        frag = ui.get("frag")
        if frag:
            content = w.linear_layout(
                [
                    w.toolbar(
                        SUB_PAGES[frag],
                        navigation=w.up_button(lambda c: c.ui.update(frag=None)),
                        rid="toolbar2",
                    ),
                    View(resource_id="addAlarmActFragHolder"),
                ]
            )
            return Screen(content=content)
        date = dt.date.fromisoformat(ui.get("date") or _date_for(ui["h"], ui["m"]).isoformat())
        scroll = w.scroll_view(
            [
                w.linear_layout(
                    [
                        self._labelled_row(
                            "alarmDateConstraintLayout",
                            "alarmDateLabel",
                            "Alarm date:",
                            "alarmDateTextView",
                            date.strftime("%d %B, %Y"),
                            "date",
                        ),
                        self._time_picker(ctx),
                        w.linear_layout(
                            [
                                w.text_view("Alarm type:", "textView2"),
                                w.spinner(
                                    "alarmTypeSpinner",
                                    ALARM_TYPES[ui.get("type", 0)],
                                    lambda c: c.ui.update(type_open=True),
                                ),
                            ],
                            horizontal=True,
                            height=130,
                        ),
                        w.linear_layout(
                            [
                                w.image_view("alarmVolumeImageView", width=147),
                                View(
                                    cls="android.widget.SeekBar", resource_id="alarmVolumeSeekbar"
                                ),
                            ],
                            horizontal=True,
                            height=130,
                        ),
                        w.text_view("Alarm Volume:", "alarmVolumeLabel"),
                        self._labelled_row(
                            "snoozeConstraintLayout",
                            "textView4",
                            "Snooze:",
                            "currentSnoozeOptionTextView",
                            "5 mins, 3 times",
                            "snooze",
                        ),
                        self._labelled_row(
                            "repeatConstraintLayout",
                            "textView",
                            "Repeat:",
                            "currentRepeatOptionsTextView",
                            "Off",
                            "repeat",
                        ),
                        self._labelled_row(
                            "alarmToneConstraintLayout",
                            "alarmToneLabel",
                            "Alarm tone:",
                            "alarmToneTextView",
                            "Default alarm tone",
                            "tone",
                        ),
                        self._labelled_row(
                            "alarmMessageConstraintLayout",
                            "textView_alarmMessageLabel",
                            "Alarm message:",
                            "textView_alarmMessage",
                            "Not set",
                            "message",
                        ),
                    ],
                    weight=0,
                )
            ],
            rid="addAlarmScrollView",
            scrollable=True,
            scroll_key="details_scroll",
        )
        content = w.linear_layout(
            [
                w.toolbar(
                    title,
                    navigation=w.up_button(lambda c: c.ui.update(discard=True)),
                    rid="toolbar2",
                ),
                View(
                    layout=HORIZONTAL,
                    height=150,
                    weight=0,
                    children=[
                        w.button("saveButton", "SAVE", self._save),
                        w.button("cancelButton", "Cancel", lambda c: c.ui.update(discard=True)),
                    ],
                ),
                scroll,
            ]
        )
        windows: list[Window] = []
        if ui.get("type_open"):

            def choose(c: AppContext, i: int) -> None:
                c.ui.update(type=i, type_open=False)

            windows.append(
                w.spinner_dropdown(
                    ALARM_TYPES, ui.get("type", 0), choose, lambda c: c.ui.update(type_open=False)
                )
            )
        if ui.get("discard"):
            dialog = w.alert_dialog(
                View(cls="android.view.View", height=0),
                [w.dialog_message("Discard changes?")],
                w.dialog_buttons(("Yes", w.finish), ("No", lambda c: c.ui.update(discard=False))),
                None,
            )
            dialog.cancelable = False
            windows.append(dialog)
        return Screen(content=content, windows=windows)

    # -- render ---------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == DETAILS:
            return self._render_details(ctx)
        if ctx.activity == PERMS:
            return self._render_perms(ctx)
        if ctx.activity in (SETTINGS, RINGTONE, SYSTEM):
            title = {
                SETTINGS: "Settings",
                RINGTONE: "Select alarm tone:",
            }.get(ctx.activity, ctx.extras.get("title", ""))
            return Screen(content=w.child_page(title))
        return self._render_list(ctx)
