"""Did I Take My Meds? 1.6.4 (``dev.corruptedark.diditakemymeds``), with bug did-i-take-my-meds#54.

Modelled from the sources at tag ``v1.6.4`` (commit ``c4b4397``, "Update to v1.6.4 and add
fastlane changelog"; ``app/build.gradle`` there: versionCode 33, targetSdkVersion 31) and the fix
commit ``c9c9d74`` ("Fix #53 / Fix crashes from targeting Android 12", released in 1.6.5). Files
read: ``AndroidManifest.xml``, ``MainActivity.kt``, ``AddMedActivity.kt``, ``MedDetailActivity.kt``,
``RepeatScheduleDialog.kt``, ``AlarmIntentManager.kt``, ``MedListAdapter.kt``,
``res/layout/activity_main.xml``, ``med_list_item.xml``, ``activity_add_or_edit_med.xml``,
``fragment_repeat_schedule_dialog.xml``, ``activity_med_detail.xml``, ``res/menu/menu_main.xml``,
``add_med_menu.xml``, ``med_detail_menu.xml`` and ``res/values/strings.xml``.

The device is taken to run Android 12 (API 31), as the reporter's Pixel 5 did.

Screens:

- ``MainActivity`` (launcher label "DITMM?", title "Did I Take My Meds?"): the toolbar with the
  actions "About" (``info``) and "Sort" (``sortType``, cycles time / name / type order) and
  "More options" (Restore database, Back up database); the ListView ``med_list_view`` of rows
  (``name_label``, ``type_label`` "Type: ...", ``time_label`` the dose time or "Taken as needed",
  ``taken_label`` "Not taken"), ``list_empty_label`` "Add medications to your list" while empty,
  and the FAB ``add_med_button`` ("New Medication"). No first-run dialog exists. On create it
  compares versionCode 33 with the stored ``last_version_used`` and, when newer, re-arms the alarm
  of every medication with notifications on (a fresh install has none), then stores 33.
- ``AddMedActivity`` "New Medication": toolbar actions Save (``save``) and Cancel (``cancel``,
  toast "New medication cancelled"); ``med_name`` ("Medication name"), the switches
  ``as_needed_switch`` "Taken as needed" (hides the schedule button and the notification switch),
  ``require_photo_proof_switch``, the button ``repeat_schedule_button`` "Schedule dose" (opens
  ``RepeatScheduleDialog``), ``extra_dose_button`` "Add another dose" (shown after a schedule is
  confirmed), ``notification_switch`` "Notifications enabled", ``rx_number_input``,
  ``med_type_input``, ``take_with_food_switch``, ``dose_amount_input``, ``dose_unit_input``,
  ``remaining_doses_input``, ``pharmacy_input``, ``med_detail``. Save with a blank name toasts
  "Fill out name before saving"; with no valid schedule (and not as needed) "Fill out all
  schedules before saving".
- ``RepeatScheduleDialog``: "Schedule dose", ``time_picker_button`` "select a time",
  ``start_date_button`` "Start date", "Time between doses:", ``birth_control_switch``, the day /
  week / month / year pickers (days 1, the rest 0), ``cancel_button`` and ``confirm_button``
  "confirm" (an incomplete schedule toasts "Fill out schedule before confirming").
- ``MedDetailActivity`` "Medication Details", About: see the bug; About is a stub.

The bug (did-i-take-my-meds#54, crash): 1.6.4 raised targetSdkVersion to 31 but
``AlarmIntentManager.buildNotificationAlarm`` still calls ``PendingIntent.getBroadcast(..., 0)``
without FLAG_IMMUTABLE/FLAG_MUTABLE, which Android 12 rejects with
``java.lang.IllegalArgumentException``. Every caller crashes: ``MedDetailActivity``'s refresh
(opening any medication, what the report describes), ``AddMedActivity.saveMedication`` (right
after inserting the new medication, so the medication stays saved) and ``MainActivity``'s
post-update alarm re-arm. Each runs on the activity's single-thread executor (a
``pool-N-thread-1`` worker). The fix (1.6.5) passes FLAG_IMMUTABLE. The oracle reads the recorded
crash (that exception with the "Targeting S+" message).

Stubbed: About, Edit, dose details, restore / back up (the menu items only close the menu), the
widget, notifications. The Material time and date pickers are drawn as the framework's
TimePickerDialog / DatePickerDialog (same choices, other ids). The clock is fixed at
14 Apr 2022 9:30 (12-hour display). Uncertain: the exact frame line numbers inside the framework
and the worker's thread number.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text, step
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "dev.corruptedark.diditakemymeds"
MAIN = ".MainActivity"
ADD = ".AddMedActivity"
DETAIL = ".MedDetailActivity"
ABOUT = ".AboutActivity"
VERSION_CODE = 33
TODAY = (2022, 4, 14)  # year, month 1-12, day
NOW = (9, 30)
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
IAE = "java.lang.IllegalArgumentException"
S_PLUS_MESSAGE = (
    f"{PACKAGE}: Targeting S+ (version 31 and above) requires that one of FLAG_IMMUTABLE or "
    "FLAG_MUTABLE be specified when creating a PendingIntent.\nStrongly consider using "
    "FLAG_IMMUTABLE, only use FLAG_MUTABLE if some functionality depends on the PendingIntent "
    "being mutable, e.g. if it needs to be used with inline replies or bubbles."
)
WORKER_FRAMES = [
    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:106)",
    "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1167)",
    "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:641)",
    "java.lang.Thread.run(Thread.java:920)",
]


def pending_intent_crash(caller: list[str]) -> JavaException:
    """Android 12's refusal of a PendingIntent made with flags 0, thrown inside
    ``AlarmIntentManager.buildNotificationAlarm`` called from ``caller``."""
    frames = [
        "android.app.PendingIntent.checkFlags(PendingIntent.java:375)",
        "android.app.PendingIntent.getBroadcastAsUser(PendingIntent.java:645)",
        "android.app.PendingIntent.getBroadcast(PendingIntent.java:632)",
        f"{PACKAGE}.AlarmIntentManager.buildNotificationAlarm(AlarmIntentManager.kt:37)",
        *caller,
        *WORKER_FRAMES,
    ]
    return JavaException(IAE, S_PLUS_MESSAGE, frames, thread="pool-2-thread-1")


def pending_intent_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of did-i-take-my-meds#54: the app died of the PendingIntent flags check."""
    return crashed(system, PACKAGE, IAE, "Targeting S+", "FLAG_IMMUTABLE")


def time_text(hour: int, minute: int) -> str:
    """``h:mma`` (strings.xml ``time_12``), e.g. ``9:30AM``."""
    suffix = "AM" if hour < 12 else "PM"
    return f"{(hour % 12) or 12}:{minute:02d}{suffix}"


def date_text(year: int, month: int, day: int) -> str:
    """``MMM d, yyyy`` (strings.xml ``date_format``)."""
    return f"{MONTHS[month - 1]} {day}, {year}"


def new_form() -> dict[str, Any]:
    return {
        "name": "",
        "as_needed": False,
        "photo": False,
        "notify": True,
        "food": False,
        "schedule": None,
        "extra": [],
        "fields": {},
        "dialog": None,
        "picker": None,
    }


H = step("press_back", PACKAGE)
FAB = click(PACKAGE, "add_med_button", desc="New Medication")
NAME = input_text(PACKAGE, "med_name", "Aspirin", hint="Medication name")
AS_NEEDED = click(PACKAGE, "as_needed_switch", "Taken as needed")
SAVE = click(PACKAGE, "save", desc="Save")
CANCEL = click(PACKAGE, "cancel", desc="Cancel")
SCHEDULE = click(PACKAGE, "repeat_schedule_button", "Schedule dose")
TIME = click(PACKAGE, "time_picker_button", "select a time")
DATE = click(PACKAGE, "start_date_button", "Start date")
OK = click(PACKAGE, "android:id/button1", "OK")
CONFIRM = click(PACKAGE, "confirm_button", "confirm")


class DidITakeMyMeds164(VirtualApp):
    """Did I Take My Meds? 1.6.4 on Android 12."""

    name: ClassVar[str] = "did-i-take-my-meds"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "DITMM?"
    version: ClassVar[str] = "1.6.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "did-i-take-my-meds#54",
            "crash",
            "Crash after update",
            pending_intent_crashed,
            human_steps=(FAB, NAME, AS_NEEDED, SAVE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"medications": [], "last_version_used": 0, "sort": "time", "next_id": 1}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            if ctx.data["last_version_used"] < VERSION_CODE:
                for med in ctx.data["medications"]:
                    if med["notify"]:
                        raise pending_intent_crash(
                            [
                                f"{PACKAGE}.MainActivity$onPostCreate$1$2.invokeSuspend"
                                "(MainActivity.kt:358)"
                            ]
                        )
            ctx.data["last_version_used"] = VERSION_CODE
        elif ctx.activity == ADD and "form" not in ctx.ui:
            ctx.ui["form"] = new_form()
        elif ctx.activity == DETAIL:
            med = self._med(ctx, ctx.extras.get("med_id"))
            if med is not None:
                raise pending_intent_crash(
                    [
                        f"{PACKAGE}.MedDetailActivity.refreshFromDatabase(MedDetailActivity.kt:391)",
                        f"{PACKAGE}.MedDetailActivity$onResume$1.invokeSuspend"
                        "(MedDetailActivity.kt:344)",
                    ]
                )

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("menu"):
            ctx.ui["menu"] = False
            return True
        form = ctx.ui.get("form")
        if ctx.activity == ADD and form is not None:
            if form["picker"] is not None:
                form["picker"] = None
                return True
            if form["dialog"] is not None:
                form["dialog"] = None
                return True
        return False

    # -- helpers -----------------------------------------------------------------------------
    @staticmethod
    def _med(ctx: AppContext, med_id: Any) -> dict[str, Any] | None:
        for med in ctx.data["medications"]:
            if med["id"] == med_id:
                return dict(med)
        return None

    # -- main --------------------------------------------------------------------------------
    def _open_med(self, ctx: AppContext, med_id: int) -> None:
        ctx.start_activity(DETAIL, {"med_id": med_id, "take_med": False})

    def _sort(self, ctx: AppContext) -> None:
        order = {"time": "name", "name": "type", "type": "time"}
        ctx.data["sort"] = order[ctx.data["sort"]]

    def _set_menu(self, ctx: AppContext, shown: bool) -> None:
        ctx.ui["menu"] = shown

    def _sorted(self, ctx: AppContext) -> list[dict[str, Any]]:
        meds = list(ctx.data["medications"])
        key = ctx.data["sort"]
        if key == "name":
            return sorted(meds, key=lambda m: m["name"].lower())
        if key == "type":
            return sorted(meds, key=lambda m: m["type"].lower())
        return sorted(meds, key=lambda m: (m["as_needed"], m["hour"], m["minute"]))

    def _med_row(self, med: dict[str, Any]) -> View:
        if med["as_needed"]:
            times = [w.text_view("Taken as needed", "time_label")]
        else:
            times = [
                w.text_view(time_text(med["hour"], med["minute"]), "time_label"),
                w.text_view("Not taken", "taken_label"),
            ]
        return View(
            cls="androidx.appcompat.widget.LinearLayoutCompat",
            height=260,
            on_click=w.bind(self._open_med, med["id"]),
            children=[
                w.text_view(med["name"], "name_label"),
                w.text_view(f"Type: {med['type']}", "type_label"),
                w.linear_layout(times, horizontal=True, height=110),
            ],
        )

    def _render_main(self, ctx: AppContext) -> Screen:
        meds = self._sorted(ctx)
        bar = w.toolbar(
            "Did I Take My Meds?",
            actions=[
                w.action_item("info", "About", lambda c: c.start_activity(ABOUT)),
                w.action_item("sortType", "Sort", self._sort),
                w.overflow_button(w.bind(self._set_menu, True)),
            ],
        )
        body: list[View] = [
            View(
                cls="android.widget.ListView",
                resource_id="med_list_view",
                children=[self._med_row(m) for m in meds],
            )
        ]
        if not meds:
            body.append(w.text_view("Add medications to your list", "list_empty_label"))
        body.append(w.fab("add_med_button", "New Medication", lambda c: c.start_activity(ADD)))
        content = w.linear_layout([bar, View(layout=FRAME, children=body)])
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            close = w.bind(self._set_menu, False)
            windows.append(
                w.menu_window(
                    [("Restore database", close), ("Back up database", close)],
                    close,
                    bounds=(560, 70, 1070, 340),
                )
            )
        return Screen(content=content, windows=windows)

    # -- add medication ----------------------------------------------------------------------
    def _form(self, ctx: AppContext) -> dict[str, Any]:
        form: dict[str, Any] = ctx.ui.setdefault("form", new_form())
        return form

    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        self._form(ctx)[key] = value

    def _set_field(self, ctx: AppContext, key: str, value: str) -> None:
        self._form(ctx)["fields"][key] = value

    def _flip(self, ctx: AppContext, key: str) -> None:
        form = self._form(ctx)
        form[key] = not form[key]
        if key == "as_needed" and form["as_needed"]:
            form["notify"] = False
            form["schedule"] = None
            form["extra"] = []

    def _save(self, ctx: AppContext) -> None:
        form = self._form(ctx)
        if not form["name"].strip():
            ctx.toast("Fill out name before saving")
            return
        complete = form["schedule"] is not None and all(form["extra"])
        if not complete and not form["as_needed"]:
            ctx.toast("Fill out all schedules before saving")
            return
        sched = form["schedule"] or {"hour": -1, "minute": -1}
        med = {
            "id": ctx.data["next_id"],
            "name": form["name"],
            "as_needed": form["as_needed"],
            "hour": sched["hour"],
            "minute": sched["minute"],
            "schedule": form["schedule"],
            "notify": form["notify"],
            "type": form["fields"].get("med_type_input", ""),
            "photo": form["photo"],
            "food": form["food"],
            "fields": dict(form["fields"]),
        }
        ctx.data["next_id"] += 1
        ctx.data["medications"].append(med)
        # Inserted; then the alarm's PendingIntent is built (AddMedActivity.kt:538).
        self._after_insert(ctx)

    def _after_insert(self, ctx: AppContext) -> None:
        raise pending_intent_crash(
            [
                f"{PACKAGE}.AddMedActivity.saveMedication(AddMedActivity.kt:538)",
                f"{PACKAGE}.AddMedActivity$onOptionsItemSelected$1.invokeSuspend"
                "(AddMedActivity.kt:324)",
            ]
        )

    def _cancel(self, ctx: AppContext) -> None:
        ctx.toast("New medication cancelled")
        ctx.finish()

    def _open_dialog(self, ctx: AppContext) -> None:
        ctx.hide_keyboard()  # the DialogFragment's window takes the focus
        form = self._form(ctx)
        sched = form["schedule"]
        form["dialog"] = (
            dict(sched)
            if sched
            else {
                "hour": -1,
                "minute": -1,
                "date": None,
                "days": 1,
                "weeks": 0,
                "months": 0,
                "years": 0,
                "birth_control": False,
            }
        )

    def _dialog_set(self, ctx: AppContext, key: str, value: Any) -> None:
        dialog = self._form(ctx)["dialog"]
        if dialog is not None:
            dialog[key] = value

    def _dialog_step(self, ctx: AppContext, key: str, delta: int) -> None:
        dialog = self._form(ctx)["dialog"]
        if dialog is not None:
            dialog[key] = max(0, dialog[key] + delta)

    def _confirm(self, ctx: AppContext) -> None:
        form = self._form(ctx)
        dialog = form["dialog"]
        if dialog is None:
            return
        valid = dialog["hour"] >= 0 and dialog["date"] is not None
        if not valid:
            ctx.toast("Fill out schedule before confirming")
            return
        form["schedule"] = dict(dialog)
        form["dialog"] = None

    def _open_picker(self, ctx: AppContext, kind: str) -> None:
        form = self._form(ctx)
        dialog = form["dialog"] or {}
        if kind == "time":
            hour, minute = (
                (dialog["hour"], dialog["minute"]) if dialog.get("hour", -1) >= 0 else NOW
            )
            form["picker"] = {"kind": "time", "hour": hour, "minute": minute, "face": "hours"}
        else:
            year, month, day = dialog.get("date") or TODAY
            form["picker"] = {"kind": "date", "year": year, "month": month, "day": day}

    def _picker_set(self, ctx: AppContext, key: str, value: Any) -> None:
        picker = self._form(ctx)["picker"]
        if picker is not None:
            picker[key] = value

    def _picker_month(self, ctx: AppContext, delta: int) -> None:
        picker = self._form(ctx)["picker"]
        if picker is None:
            return
        index = picker["year"] * 12 + picker["month"] - 1 + delta
        picker["year"], picker["month"], picker["day"] = index // 12, index % 12 + 1, 1

    def _picker_ok(self, ctx: AppContext) -> None:
        form = self._form(ctx)
        picker, dialog = form["picker"], form["dialog"]
        if picker is not None and dialog is not None:
            if picker["kind"] == "time":
                dialog["hour"], dialog["minute"] = picker["hour"], picker["minute"]
            else:
                dialog["date"] = [picker["year"], picker["month"], picker["day"]]
        form["picker"] = None

    def _add_extra(self, ctx: AppContext) -> None:
        self._form(ctx)["extra"].append(None)

    def _schedule_label(self, sched: dict[str, Any]) -> str:
        year, month, day = sched["date"]
        return (
            f"{time_text(sched['hour'], sched['minute'])}\nStarts {date_text(year, month, day)}\n"
            f"Repeats every\n{sched['days']} day(s), {sched['weeks']} week(s),\n"
            f"{sched['months']} month(s), {sched['years']} year(s)"
        )

    def _field(self, rid: str, hint: str, form: dict[str, Any], **kw: Any) -> View:
        def typed(ctx: AppContext, text: str) -> None:
            self._set_field(ctx, rid, text)

        return w.text_input_layout(
            w.edit_text(rid, form["fields"].get(rid, ""), typed, hint=hint, **kw), height=190
        )

    def _render_add(self, ctx: AppContext) -> Screen:
        form = self._form(ctx)
        bar = w.toolbar(
            "New Medication",
            actions=[
                w.action_item("save", "Save", self._save),
                w.action_item("cancel", "Cancel", self._cancel),
            ],
        )
        rows: list[View] = [
            w.text_input_layout(
                w.edit_text(
                    "med_name",
                    form["name"],
                    lambda c, t: self._set(c, "name", t),
                    hint="Medication name",
                ),
                height=190,
            ),
            w.switch(
                "as_needed_switch",
                "Taken as needed",
                form["as_needed"],
                w.bind(self._flip, "as_needed"),
            ),
            w.switch(
                "require_photo_proof_switch",
                "Require photo proof",
                form["photo"],
                w.bind(self._flip, "photo"),
            ),
        ]
        if not form["as_needed"]:
            sched = form["schedule"]
            rows.append(
                w.button(
                    "repeat_schedule_button",
                    self._schedule_label(sched) if sched else "Schedule dose",
                    self._open_dialog,
                    height=360 if sched else 140,
                )
            )
        extras = [
            w.linear_layout(
                [
                    w.button("schedule_dose_button", "Schedule dose", None),
                    w.image_button("delete_dose_button", "", None, width=147),
                ],
                horizontal=True,
                height=147,
            )
            for _ in form["extra"]
        ]
        rows.append(
            w.linear_layout(extras, rid="schedule_buttons_layout", height=147 * len(extras))
        )
        if form["schedule"] is not None and not form["as_needed"]:
            rows.append(w.button("extra_dose_button", "Add another dose", self._add_extra))
        if not form["as_needed"]:
            rows.append(
                w.switch(
                    "notification_switch",
                    "Notifications enabled",
                    form["notify"],
                    w.bind(self._flip, "notify"),
                )
            )
        rows += [
            self._field("rx_number_input", "Rx #", form),
            self._field(
                "med_type_input", "Medication Type", form, cls="android.widget.AutoCompleteTextView"
            ),
            w.switch(
                "take_with_food_switch", "Take with food", form["food"], w.bind(self._flip, "food")
            ),
            self._field("dose_amount_input", "Dose Amount", form),
            self._field(
                "dose_unit_input", "Dose Unit", form, cls="android.widget.AutoCompleteTextView"
            ),
            self._field("remaining_doses_input", "Remaining Doses", form),
            self._field("pharmacy_input", "Pharmacy", form),
            self._field("med_detail", "Description", form),
        ]
        scroll = w.scroll_view(
            [w.linear_layout(rows, height=sum((r.height or 140) for r in rows))],
            scrollable=True,
            scroll_key="add_scroll",
        )
        windows: list[Window] = []
        if form["dialog"] is not None:
            windows.append(self._schedule_dialog(form["dialog"]))
        picker = form["picker"]
        if picker is not None:
            close = w.bind(self._set, "picker", None)
            if picker["kind"] == "time":
                windows.append(
                    w.time_picker_dialog(
                        picker["hour"],
                        picker["minute"],
                        lambda c, h: self._picker_set(c, "hour", h),
                        lambda c, m: self._picker_set(c, "minute", m),
                        self._picker_ok,
                        close,
                        face=picker["face"],
                        on_face=lambda c, f: self._picker_set(c, "face", f),
                    )
                )
            else:
                windows.append(
                    w.date_picker_dialog(
                        picker["year"],
                        picker["month"],
                        picker["day"],
                        lambda c, d: self._picker_set(c, "day", d),
                        self._picker_month,
                        self._picker_ok,
                        close,
                    )
                )
        return Screen(content=w.linear_layout([bar, scroll]), windows=windows)

    def _number_picker(self, rid: str, label: str, key: str, value: int) -> View:
        return w.linear_layout(
            [
                w.image_button("", "Decrement", w.bind(self._dialog_step, key, -1), height=100),
                View(cls="android.widget.EditText", resource_id=rid, text=str(value), height=110),
                w.image_button("", "Increment", w.bind(self._dialog_step, key, 1), height=100),
                w.text_view(label),
            ],
            width=260,
        )

    def _schedule_dialog(self, dialog: dict[str, Any]) -> Window:
        time_label = (
            time_text(dialog["hour"], dialog["minute"]) if dialog["hour"] >= 0 else "select a time"
        )
        date_label = date_text(*dialog["date"]) if dialog["date"] else "Start date"
        body: list[View] = [
            w.text_view("Schedule dose", "title", height=140),
            w.button("time_picker_button", time_label, w.bind(self._open_picker, "time")),
            w.button("start_date_button", date_label, w.bind(self._open_picker, "date")),
            w.text_view("Time between doses:"),
            w.switch(
                "birth_control_switch",
                "Birth control schedule",
                dialog["birth_control"],
                lambda c: self._dialog_set(c, "birth_control", not dialog["birth_control"]),
            ),
        ]
        if dialog["birth_control"]:
            body.append(
                View(
                    cls="android.widget.RadioGroup",
                    resource_id="birth_control_group",
                    height=240,
                    children=[
                        w.radio_button("radio_button_21_7", "21 + 7", True),
                        w.radio_button("radio_button_63_7", "63 + 7", False),
                    ],
                )
            )
        else:
            body.append(
                w.linear_layout(
                    [
                        self._number_picker(
                            "days_between_picker", "Day(s)", "days", dialog["days"]
                        ),
                        self._number_picker(
                            "weeks_between_picker", "Week(s)", "weeks", dialog["weeks"]
                        ),
                        self._number_picker(
                            "months_between_picker", "Month(s)", "months", dialog["months"]
                        ),
                        self._number_picker(
                            "years_between_picker", "Year(s)", "years", dialog["years"]
                        ),
                    ],
                    rid="time_between_pickers",
                    horizontal=True,
                    height=430,
                )
            )
        body.append(
            View(
                cls="androidx.appcompat.widget.LinearLayoutCompat",
                resource_id="bottom_buttons",
                layout=HORIZONTAL,
                height=140,
                children=[
                    w.button("cancel_button", "Cancel", w.bind(self._set, "dialog", None)),
                    w.button("confirm_button", "confirm", self._confirm),
                ],
            )
        )
        return Window(
            root=View(cls="android.widget.RelativeLayout", weight=0, children=body),
            on_dismiss=w.bind(self._set, "dialog", None),
        )

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == ADD:
            return self._render_add(ctx)
        if ctx.activity == DETAIL:
            return Screen(content=w.child_page("Medication Details"))
        return Screen(content=w.child_page("About"))


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "did-i-take-my-meds#54": [
        # No schedule and not "as needed": refused with a toast.
        [FAB, NAME, SAVE],
        # No name: refused with a toast.
        [FAB, AS_NEEDED, SAVE],
        # Cancel instead of Save.
        [FAB, NAME, AS_NEEDED, CANCEL],
        # Back instead of Save.
        [FAB, NAME, AS_NEEDED, H],
        # A schedule with no start date cannot be confirmed; then nothing is saved.
        [FAB, NAME, SCHEDULE, TIME, OK, CONFIRM],
    ],
}
