"""MediTrak (``projects.medicationtracker``) 0.13.4, for MediTrak#138 ("Trying to view history of
As Needed medications causes app freeze and black screen").

Modelled from the sources at tag ``v0.13.4`` (commit ``189026fe``), under ``app/src/main``:
``MainActivity.java``, ``AddMedication.java``, ``MyMedications.java``,
``MedicationHistory.java``, ``Fragments/MyMedicationsFragment.java``,
``Fragments/MedicationScheduleFragment.java``, ``Fragments/SelectDateFragment.java``,
``Fragments/TimePickerFragment.java``, ``Dialogs/WelcomeDialog.java``,
``Dialogs/AddAsNeededDoseDialog.java``, ``Models/Medication.java``, the native database layer
(``cpp/medicationtracker.cpp``, ``DatabaseController.cpp``, ``Sqlite3Database/Table/Table.cpp``),
the layouts ``activity_main.xml``, ``dialog_welcome.xml``, ``activity_add_medication.xml``,
``activity_my_medications.xml``, ``fragment_my_medications.xml``,
``fragment_medication_schedule.xml``, ``activity_medication_history.xml``, the menu
``main_menu.xml`` and ``res/values/strings.xml``; the fix is commit ``9fd8176a`` (0.13.5):

- ``MainActivity`` ("Medication Schedule"): the "Add Medication" action and the overflow's
  "My Medications" and "Settings"; "No medications found", or one card per day of the week
  (``dateLabel`` "Monday 12/09/2024", "No medications for Monday" or the scheduled doses as
  CheckBoxes, and for as-needed medications started by that day the "As Needed Dose" row) and
  the week buttons ``navButtonLeft``, ``todayButton``, ``navButtonRight``. On first run the
  non-cancelable "Welcome to MediTrak!" dialog: ``termsAgreementBox`` "I agree" enables OK
  (ticking it stores the agreement at once). The device is API 30, so no notification
  permission is asked.
- ``AddMedication`` ("Add Medication"): who takes it (``patientIsMe`` / ``patientIsNotMe`` and
  ``patientNameInput``), ``medicationName``, ``aliasSwitch`` / ``enterAlias``, ``dosageAmount``,
  ``dosageUnits``, ``enter_instructions``, the ``frequencyOptionsDropdown`` (Multiple Times per
  Day, Daily, Custom Frequency, As Needed) and the fields of the chosen frequency, whose date and
  time fields open the framework's date and time pickers when they take the focus (a cancelled
  picker leaves the field focused, so tapping it again opens nothing); ``saveButton`` is enabled
  once every part is valid, stores the medication and opens a new ``MainActivity``.
- ``MyMedications``: one card per medication (Name, Alias, Dosage, Dosage Unit, Frequency, Start
  Date, Instructions, then ``myMedsNotes``, ``myMedsEdit`` and ``history_button``); each button
  finishes the screen and opens its own.
- ``MedicationHistory`` ("History: <name>"): ``export_history``, ``filter_button``, the
  Scheduled / Taken / Dosage table of the taken doses or "No Records".

The device clock reads Monday 2024-12-09 10:00 (the day the report was filed). Settings, Notes,
the edit screen, the dose dialogs, Export and Filter are stubs. Rotating with a date or time
picker or the "Add Dose" dialog open crashes, as the real fragments (no empty constructor)
cannot be re-created; a date or time field keeps its text over a rotation but loses its value
(the view's tag), and the frequency's fields are hidden again.

MediTrak#138 (an app hang, the report's "crash"): the history screen loads its medication through
the native ``DatabaseController::getMedication``, whose query INNER JOINs the medication with
its dose times. An as-needed medication has no dose times, so the result has no row; the loop
collecting the times then never ends (``Table::moveToNext`` compares the unsigned row index with
``rowCount - 1``, which wraps to UINT_MAX for an empty table), on the main thread in
``MedicationHistory.onCreate``: the screen stays black and the app does not respond (any input
then reaches no window: "Input dispatching timed out"). The oracle: the device recorded an ANR of
the app in ``.MedicationHistory``. Medications with dose times load normally.
"""

from __future__ import annotations

import calendar
import datetime as dt
from typing import Any, ClassVar, cast

from device_agent.virtual import widgets as w
from device_agent.virtual.app import (
    AppContext,
    AppNotResponding,
    BugSpec,
    JavaException,
    VirtualApp,
)
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import Handler, Screen, View, Window

PACKAGE = "projects.medicationtracker"
MAIN = ".MainActivity"
ADD = ".AddMedication"
MY_MEDS = ".MyMedications"
HISTORY = ".MedicationHistory"
NOTES = ".MedicationNotes"
SETTINGS = ".Settings"
NOW = dt.datetime(2024, 12, 9, 10, 0)  # the device clock (see the module docstring)
DAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
FREQUENCIES = ("Multiple Times per Day", "Daily", "Custom Frequency", "As Needed")
TIME_UNITS = ("Minutes", "Hours", "Days", "Weeks")
UNIT_MINUTES = (1, 60, 60 * 24, 60 * 24 * 7)
MINUTES_IN_DAY = 1440
TIME_BEFORE_DOSE = 2  # hours: the settings table's default
TEXT_FIELD = "android.widget.EditText"
DROPDOWN = "android.widget.AutoCompleteTextView"


def _hung_in_history(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of MediTrak#138: the app stopped responding in the history screen."""
    return any(
        a.get("package") == PACKAGE and a.get("activity") == HISTORY for a in system.get("anrs", [])
    )


HIDE_KEYBOARD = {"kind": "press_back"}  # the soft keyboard covers the frequency card


def _whole_number(text: str) -> int | None:
    """``text`` read as an integer, or None when it is not one."""
    try:
        return int(text)
    except ValueError:
        return None


def _dropdown_field(
    rids: tuple[str, str], text: str, hint: str, on_click: Any, **layout: Any
) -> View:
    """A dropdown (``rids``: its id and its TextInputLayout's) showing ``text``."""
    field_rid, layout_rid = rids
    return w.text_input_layout(
        View(cls=DROPDOWN, resource_id=field_rid, text=text, hint=hint, on_click=on_click),
        rid=layout_rid,
        **layout,
    )


def _card_scroll(cards: list[View], layout_rid: str, rid: str, scroll_key: str) -> View:
    """A scrolling list of ``cards`` in the LinearLayout ``layout_rid``."""
    return w.scroll_view(
        [w.linear_layout(cards, rid=layout_rid, weight=0)],
        rid=rid,
        scrollable=True,
        scroll_key=scroll_key,
    )


def _new_med(frequency: str, name: str = "Ibuprofen") -> list[dict[str, Any]]:
    """From the schedule: open Add Medication, fill in 200 mg of ``name`` and pick the
    ``frequency``."""
    return [
        click(PACKAGE, desc="Add Medication"),
        input_text(PACKAGE, "medicationName", name, hint="Medication Name"),
        input_text(PACKAGE, "dosageAmount", "200", hint="Dosage"),
        input_text(PACKAGE, "dosageUnits", "mg", hint="Dosage Unit"),
        HIDE_KEYBOARD,
        click(PACKAGE, "frequencyOptionsDropdown", cls=DROPDOWN),
        click(PACKAGE, "android:id/text1", frequency),
    ]


def _add_as_needed_med(name: str = "Ibuprofen") -> list[dict[str, Any]]:
    """From the schedule: add a medication taken as needed, starting today."""
    return [
        *_new_med("As Needed", name),
        click(PACKAGE, "asNeededStartInput", cls=TEXT_FIELD),
        click(PACKAGE, "android:id/button1", "OK"),
        click(PACKAGE, "saveButton", "Save"),
    ]


AGREE = [
    click(PACKAGE, "termsAgreementBox", "I agree"),
    click(PACKAGE, "android:id/button1", "OK"),
]
OPEN_MY_MEDS = [
    click(PACKAGE, desc="More options"),
    click(PACKAGE, "title", "My Medications"),
]

BUG_138 = BugSpec(
    "MediTrak#138",
    "crash",
    "Trying to view history of As Needed medications causes app freeze and black screen",
    _hung_in_history,
    human_steps=(
        *AGREE,
        *_add_as_needed_med(),
        *OPEN_MY_MEDS,
        click(PACKAGE, "history_button", "History"),
    ),
)

_ADD_DAILY_MED = [
    *_new_med("Daily"),
    click(PACKAGE, "dailyMedStart", cls=TEXT_FIELD),
    click(PACKAGE, "android:id/button1", "OK"),
    click(PACKAGE, "dailyMedTime", cls=TEXT_FIELD),
    click(PACKAGE, "android:id/button1", "OK"),
    click(PACKAGE, "saveButton", "Save"),
]

WRONG_SEQUENCES = {
    "MediTrak#138": (
        # A daily medication instead of an as-needed one: its history opens ("No Records").
        (*AGREE, *_ADD_DAILY_MED, *OPEN_MY_MEDS, click(PACKAGE, "history_button", "History")),
        # The as-needed medication's Notes instead of its History.
        (*AGREE, *_add_as_needed_med(), *OPEN_MY_MEDS, click(PACKAGE, "myMedsNotes", "Notes")),
        # The as-needed medication's Edit instead of its History.
        (*AGREE, *_add_as_needed_med(), *OPEN_MY_MEDS, click(PACKAGE, "myMedsEdit", "Edit")),
        # My Medications opened, History left out: Back to the schedule.
        (*AGREE, *_add_as_needed_med(), *OPEN_MY_MEDS, {"kind": "press_back"}),
    ),
}


def _fmt_date(day: dt.date) -> str:
    return day.strftime("%m/%d/%Y")  # the default date format, MM/dd/yyyy


def _fmt_time(hour: int, minute: int) -> str:
    return dt.time(hour, minute).strftime("%I:%M %p")  # the default time format, hh:mm a


def _number(value: float) -> str:
    """MediTrak.formatter (DecimalFormat "#0.##")."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _parses_as_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _up_to_main(c: AppContext) -> None:
    """The Up button: finish and start the main activity."""
    c.finish()
    c.start_activity(MAIN)


def _no_constructor(activity: str, fragment: str) -> JavaException:
    """The FragmentManager of a re-created ``activity`` re-creating a fragment that has no
    empty constructor."""
    message = f"Unable to instantiate fragment {fragment}: could not find Fragment constructor"
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}{activity}}}: "
        f"androidx.fragment.app.Fragment$InstantiationException: {message}",
        frames=[
            "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3449)",
            "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:3601)",
            "android.app.ActivityThread.handleRelaunchActivityInner(ActivityThread.java:5314)",
            "android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:5222)",
            "android.os.Handler.dispatchMessage(Handler.java:106)",
            "android.os.Looper.loop(Looper.java:223)",
            "android.app.ActivityThread.main(ActivityThread.java:7656)",
        ],
        cause=JavaException(
            "androidx.fragment.app.Fragment$InstantiationException",
            message,
            frames=[
                "androidx.fragment.app.Fragment.instantiate(Fragment.java:631)",
                "androidx.fragment.app.FragmentContainer.instantiate(FragmentContainer.java:57)",
                "androidx.fragment.app.FragmentManager$3.instantiate(FragmentManager.java:483)",
                "androidx.fragment.app.FragmentStateManager.<init>(FragmentStateManager.java:85)",
                "androidx.fragment.app.FragmentManager.restoreSaveState(FragmentManager.java:2728)",
            ],
        ),
    )


class MediTrak0134(VirtualApp):
    """MediTrak 0.13.4 (see the module docstring)."""

    name: ClassVar[str] = "MediTrak"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "MediTrak"
    version: ClassVar[str] = "0.13.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_138,)

    def initial_data(self) -> dict[str, Any]:
        return {"agreed": False, "meds": [], "doses": [], "next_id": 1}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if "welcome" not in ui:
                ui["welcome"] = (
                    None if ctx.data["agreed"] else {"checked": False, "ok_enabled": False}
                )
            ui.setdefault("menu", False)
            ui.setdefault("week", 0)
            ui.setdefault("patient", None)
            ui.setdefault("patient_menu", False)
            ui.setdefault("dose_dialog", False)
        elif ctx.activity == ADD:
            if ui.get("picker"):
                kind = "SelectDate" if ui["picker"]["kind"] == "date" else "TimePicker"
                raise _no_constructor(ADD, f"{PACKAGE}.Fragments.{kind}Fragment")
            for key, value in self._blank_form().items():
                ui.setdefault(key, value)
        elif ctx.activity == MY_MEDS:
            ui.setdefault("patient", None)
            ui.setdefault("patient_menu", False)
        elif ctx.activity == HISTORY:
            self._load_history(ctx)
        if ctx.activity == MAIN and ui.get("dose_dialog_restored"):
            raise _no_constructor(MAIN, f"{PACKAGE}.Dialogs.AddAsNeededDoseDialog")

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        kept = dict(ctx.ui)
        if ctx.activity == ADD:
            # EditTexts keep their text; the tags (the picked values) and the visibility of the
            # frequency's layouts are not saved.
            for key in list(kept):
                if key.endswith("_value"):
                    kept[key] = None
            kept["multi_times"] = [dict(t, value=None) for t in kept.get("multi_times", [])]
            kept["freq"] = -1
            kept["freq_menu"] = kept["unit_menu"] = kept["patient_menu"] = False
        elif ctx.activity == MAIN:
            kept["menu"] = kept["patient_menu"] = False
            kept["dose_dialog_restored"] = kept.pop("dose_dialog", False)
        return kept

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == HISTORY and ctx.memory.get("hung"):
            raise AppNotResponding("Input dispatching timed out")
        if ctx.activity in (MAIN, MY_MEDS) and w.dismiss(ui, "patient_menu"):
            return True
        if ctx.activity == MAIN:
            return w.dismiss(ui, "menu")
        if ctx.activity == ADD and (w.dismiss(ui, "freq_menu") or w.dismiss(ui, "unit_menu")):
            return True
        # onBackPressed finishes the screen and starts the one the code names.
        back_to = {
            ADD: MY_MEDS if ctx.extras.get("medId") is not None else MAIN,
            MY_MEDS: MAIN,
            HISTORY: MY_MEDS,
            NOTES: MY_MEDS,
            SETTINGS: MAIN,
        }.get(ctx.activity)
        if back_to is None:
            return False
        ctx.finish()
        ctx.start_activity(back_to)
        return True

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity == HISTORY and ctx.memory.get("hung"):
            raise AppNotResponding("Input dispatching timed out")

    # -- MainActivity ------------------------------------------------------------------------
    def _tick_agree(self, ctx: AppContext) -> None:
        dialog = ctx.ui["welcome"]
        dialog["checked"] = not dialog["checked"]
        ctx.data["agreed"] = True  # db.seenPermissionRequest(AGREED_TO_TERMS), on any change
        dialog["ok_enabled"] = dialog["checked"]

    def _welcome_ok(self, ctx: AppContext) -> None:
        if ctx.ui["welcome"]["ok_enabled"]:
            ctx.ui["welcome"] = None

    def _patients(self, ctx: AppContext) -> list[str]:
        found: list[str] = []
        for med in ctx.data["meds"]:
            if med["patient"] not in found:
                found.append(med["patient"])
        return found

    def _shown_patient(self, ctx: AppContext) -> str:
        patients = self._patients(ctx)
        chosen = ctx.ui.get("patient")
        if chosen in patients:
            return str(chosen)
        return "ME!" if "ME!" in patients else patients[0]

    def _week_days(self, ctx: AppContext) -> list[dt.date]:
        today = NOW.date() + dt.timedelta(weeks=ctx.ui["week"])
        sunday = today - dt.timedelta(days=(today.weekday() + 1) % 7)
        return [sunday + dt.timedelta(days=i) for i in range(7)]

    def _dose_times(self, med: dict[str, Any], days: list[dt.date]) -> list[dt.datetime]:
        """MainActivity.medicationsForThisWeek: this week's scheduled times of ``med``."""
        start = dt.datetime.fromisoformat(med["start"])
        if med["frequency"] == MINUTES_IN_DAY:
            times = [dt.time.fromisoformat(t) for t in med["times"]]
            found = [dt.datetime.combine(d, t) for d in days for t in times]
        else:
            step = dt.timedelta(minutes=med["frequency"])
            when = start
            while when.date() < days[0]:
                when += step
            found = []
            while when.date() <= days[-1]:
                found.append(when)
                when += step
        return [t for t in found if t >= start]

    def _taken(self, ctx: AppContext, med_id: int, when: dt.datetime) -> bool:
        key = when.isoformat(sep=" ", timespec="minutes")
        return any(
            d["med"] == med_id and d["time"] == key and d["taken"] for d in ctx.data["doses"]
        )

    def _check_dose(self, ctx: AppContext, med_id: int, when: dt.datetime) -> None:
        if when - dt.timedelta(hours=TIME_BEFORE_DOSE) > NOW:
            ctx.toast(f"Cannot take medications more than {TIME_BEFORE_DOSE} hours in advance")
            return
        key = when.isoformat(sep=" ", timespec="minutes")
        for dose in ctx.data["doses"]:
            if dose["med"] == med_id and dose["time"] == key:
                dose["taken"] = not dose["taken"]
                dose["taken_at"] = NOW.isoformat(sep=" ", timespec="minutes")
                return
        ctx.data["doses"].append(
            {
                "med": med_id,
                "time": key,
                "taken": True,
                "taken_at": NOW.isoformat(sep=" ", timespec="minutes"),
            }
        )

    def _day_card(self, ctx: AppContext, day: dt.date, meds: list[dict[str, Any]]) -> View:
        name = DAYS[(day.weekday() + 1) % 7]
        rows: list[View] = []
        for med in meds:
            if med["frequency"] == 0:
                continue
            for when in self._dose_times(med, [day]):
                label = (
                    f"{med['name']} - {_number(med['dosage'])} {med['units']} - "
                    f"{_fmt_time(when.hour, when.minute)}"
                )
                rows.append(
                    w.relative_layout(
                        [
                            w.check_box(
                                "",
                                label,
                                self._taken(ctx, med["id"], when),
                                w.bind(self._check_dose, med["id"], when),
                            ),
                            w.image_button(width=147),
                        ],
                        layout="horizontal",
                        height=120,
                    )
                )
        if not rows:
            rows.append(w.text_view(f"No medications for {name}", height=100))
        children = [
            w.text_view(f"{name} {_fmt_date(day)}", "dateLabel", height=100),
            w.linear_layout(rows, rid="medicationSchedule", weight=0),
        ]
        as_needed = [
            m
            for m in meds
            if m["frequency"] == 0 and dt.datetime.fromisoformat(m["start"]).date() <= day
        ]
        if as_needed:
            children.append(
                w.linear_layout(
                    [
                        w.linear_layout(rid="asNeededViews", height=0),
                        w.text_view(
                            "As Needed Dose",
                            "plusAsNeeded",
                            height=100,
                            on_click=lambda c: c.ui.update(dose_dialog=True),
                        ),
                    ],
                    rid="asNeededList",
                    weight=0,
                )
            )
        return View(
            cls="androidx.cardview.widget.CardView",
            weight=0,
            children=[w.linear_layout(children, rid="dailySchedule", weight=0)],
        )

    def _patient_selector(self, ctx: AppContext, rid: str, layout_rid: str) -> View:
        shown = self._shown_patient(ctx)
        return w.text_input_layout(
            View(
                cls=DROPDOWN,
                resource_id=rid,
                text="You" if shown == "ME!" else shown,
                on_click=lambda c: c.ui.update(patient_menu=True),
            ),
            rid=layout_rid,
            height=150,
            weight=0,
        )

    def _patient_menu(self, ctx: AppContext) -> Window:
        patients = self._patients(ctx)

        def choose(c: AppContext, i: int) -> None:
            c.ui.update(patient=patients[i], patient_menu=False)

        rows = [
            w.text_view(
                "You" if p == "ME!" else p,
                "android:id/text1",
                height=126,
                on_click=w.bind(choose, i),
            )
            for i, p in enumerate(patients)
        ]
        return Window(
            root=View(cls="android.widget.ListView", weight=0, children=rows),
            kind="menu",
            on_dismiss=lambda c: c.ui.update(patient_menu=False),
        )

    def _main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            "Medication Schedule",
            rid="action_bar",
            actions=[
                w.action_item("", "Add Medication", lambda c: c.start_activity(ADD)),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        meds = ctx.data["meds"]
        if not meds:
            body: list[View] = [w.text_view("No medications found", "noMeds", height=300)]
        else:
            patient = self._shown_patient(ctx)
            shown = [m for m in meds if m["patient"] == patient and not m.get("child")]
            body = []
            if len(self._patients(ctx)) > 1:
                body.append(self._patient_selector(ctx, "patientSpinner", "names_layout_main"))
            cards = [self._day_card(ctx, day, shown) for day in self._week_days(ctx)]
            body.append(
                _card_scroll(cards, "scheduleLayout", "scheduleScrollView", "schedule_scroll")
            )

            def week(delta: int) -> Any:
                return lambda c: c.ui.update(week=0 if delta == 0 else c.ui["week"] + delta)

            body.append(
                View(
                    cls="androidx.cardview.widget.CardView",
                    height=130,
                    children=[
                        w.relative_layout(
                            [
                                w.button("navButtonLeft", "", week(-1), width=118),
                                View(),
                                w.button("todayButton", "", week(0), width=131),
                                View(),
                                w.button("navButtonRight", "", week(1), width=118),
                            ],
                            rid="navButtonLayout",
                            layout="horizontal",
                        )
                    ],
                )
            )
        windows: list[Window] = []
        if ui.get("patient_menu"):
            windows.append(self._patient_menu(ctx))
        if ui["menu"]:

            def go(activity: str) -> Any:
                return lambda c: (c.ui.update(menu=False), c.start_activity(activity))

            windows.append(
                w.menu_window(
                    [("My Medications", go(MY_MEDS)), ("Settings", go(SETTINGS))],
                    lambda c: c.ui.update(menu=False),
                )
            )
        if ui.get("dose_dialog"):
            close = lambda c: c.ui.update(dose_dialog=False)  # noqa: E731
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Add Dose"),
                    [
                        w.edit_text("medicationNames", "", None, cls=DROPDOWN),
                        w.edit_text("doseTimeTaken", "", None),
                    ],
                    [
                        w.dialog_button("android:id/button2", "Close", close),
                        View(
                            cls="android.widget.Button",
                            resource_id="android:id/button1",
                            text="Save",
                            enabled=False,
                            width=300,
                            style="text",
                        ),
                    ],
                    close,
                )
            )
        if ui["welcome"] is not None:
            windows.append(self._welcome(ctx))
        return Screen(content=w.linear_layout([bar, *body]), windows=windows)

    def _welcome(self, ctx: AppContext) -> Window:
        dialog = ctx.ui["welcome"]
        terms = w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.text_view(
                            "This application is meant to assist in keeping track of your "
                            "medications. It is not intended to provide medical advice and no "
                            "information provided by this application should be misconstrued "
                            "as such.",
                            height=300,
                        ),
                        w.text_view("THERE IS NO WARRANTY FOR THE PROGRAM...", height=200),
                        w.text_view("GNU GENERAL PUBLIC LICENSE Version 2, June 1991", height=200),
                    ],
                    weight=0,
                )
            ],
            height=700,
        )
        box = w.check_box("termsAgreementBox", "I agree", dialog["checked"], self._tick_agree)
        ok = View(
            cls="android.widget.Button",
            resource_id="android:id/button1",
            text="OK",
            on_click=self._welcome_ok,
            enabled=dialog["ok_enabled"],
            width=300,
            style="text",
        )
        win = w.alert_dialog(
            w.dialog_title("Welcome to MediTrak!"),
            [w.linear_layout([terms, box], weight=0)],
            [ok],
            None,
        )
        win.cancelable = False
        return win

    # -- AddMedication -----------------------------------------------------------------------
    @staticmethod
    def _blank_form() -> dict[str, Any]:
        return {
            "other": False,
            "patient_name": "",
            "patient_menu": False,
            "med_name": "",
            "alias_on": False,
            "alias": "",
            "dosage": "",
            "units": "",
            "instructions": "",
            "freq": -1,
            "freq_text": "",
            "freq_menu": False,
            "unit_menu": False,
            "focused": "",
            "picker": None,
            # date and time fields: the shown text and the picked value (the view's tag)
            "dailyMedStart_text": "",
            "dailyMedStart_value": None,
            "dailyMedTime_text": "",
            "dailyMedTime_value": None,
            "startDateMultiplePerDay_text": "",
            "startDateMultiplePerDay_value": None,
            "times_per_day": "",
            "multi_times": [],
            "CustomFreqMedStart_text": "",
            "CustomFreqMedStart_value": None,
            "CustomFreqMedTime_text": "",
            "CustomFreqMedTime_value": None,
            "every": "",
            "unit": "",
            "asNeededStartInput_text": "",
            "asNeededStartInput_value": None,
        }

    def _focus_picker(self, ctx: AppContext, field: str, kind: str) -> None:
        """A picker field's OnFocusChangeListener: the picker opens when it gains the focus."""
        if ctx.ui["focused"] == field:
            return
        ctx.ui["focused"] = field
        ctx.ui["picker"] = {"kind": kind, "field": field, "hour": NOW.hour, "minute": NOW.minute}
        if kind == "date":
            ctx.ui["picker"].update(year=NOW.year, month=NOW.month, day=NOW.day)
        else:
            ctx.ui["picker"]["face"] = "hours"

    def _picker_ok(self, ctx: AppContext) -> None:
        picker = ctx.ui["picker"]
        ctx.ui["picker"] = None
        ctx.ui["focused"] = ""  # populateSetDate / onTimeSet: tv.clearFocus()
        field = picker["field"]
        if picker["kind"] == "date":
            day = dt.date(picker["year"], picker["month"], picker["day"])
            text, value = _fmt_date(day), day.isoformat()
        else:
            text = _fmt_time(picker["hour"], picker["minute"])
            value = f"{picker['hour']:02d}:{picker['minute']:02d}"
        if field.startswith("time:"):
            entry = ctx.ui["multi_times"][int(field[5:])]
            entry.update(text=text, value=value)
        else:
            ctx.ui[f"{field}_text"] = text
            ctx.ui[f"{field}_value"] = value
        if field == "asNeededStartInput" and ctx.ui["freq"] == -1:
            return
        self._check_tags(ctx)

    def _check_tags(self, ctx: AppContext) -> None:
        """isAsNeededValid / isDailyValid build a LocalDateTime from the fields' tags, which a
        rotation dropped while their text stayed."""
        ui = ctx.ui
        fields = {3: ("asNeededStartInput",), 1: ("dailyMedStart", "dailyMedTime")}.get(
            ui["freq"], ()
        )
        if (
            fields
            and all(ui[f"{f}_text"] for f in fields)
            and any(ui[f"{f}_value"] is None for f in fields)
        ):
            raise JavaException(
                "java.lang.NullPointerException",
                "date",
                frames=[
                    "java.util.Objects.requireNonNull(Objects.java:228)",
                    "java.time.LocalDateTime.of(LocalDateTime.java:364)",
                    "projects.medicationtracker.AddMedication.isAsNeededValid"
                    "(AddMedication.java:1502)"
                    if ui["freq"] == 3
                    else "projects.medicationtracker.AddMedication.isDailyValid"
                    "(AddMedication.java:1434)",
                ],
            )

    def _choose_frequency(self, ctx: AppContext, index: int) -> None:
        ctx.ui.update(freq=index, freq_text=FREQUENCIES[index], freq_menu=False)
        self._check_tags(ctx)

    def _times_per_day(self, ctx: AppContext, text: str) -> None:
        ui = ctx.ui
        ui["times_per_day"] = text
        ui["focused"] = ""
        try:
            count = int(text)
        except ValueError:
            return
        if count > 50 or count == 0:
            return
        times = ui["multi_times"]
        del times[count:]
        while len(times) < count:
            times.append({"text": "", "value": None})

    def _frequency_valid(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        freq = ui["freq"]
        if freq == 0:
            count = _whole_number(ui["times_per_day"])
            return (
                count is not None
                and ui["startDateMultiplePerDay_value"] is not None
                and 0 < count <= 50
                and all(t["value"] for t in ui["multi_times"])
            )
        if freq == 1:
            return bool(ui["dailyMedStart_text"] and ui["dailyMedTime_text"])
        if freq == 2:
            every = _whole_number(ui["every"])
            return (
                every is not None
                and every > 0
                and ui["CustomFreqMedStart_value"] is not None
                and ui["CustomFreqMedTime_value"] is not None
                and ui["unit"] in TIME_UNITS
            )
        if freq == 3:
            return bool(ui["asNeededStartInput_text"])
        return False

    def _form_valid(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        dosage = ui["dosage"]
        return (
            (not ui["other"] or ui["patient_name"] not in ("", "ME!"))
            and bool(ui["med_name"])
            and bool(dosage)
            and not dosage.endswith(".")
            and _parses_as_float(dosage)
            and bool(ui["units"])
            and self._frequency_valid(ctx)
        )

    def _save(self, ctx: AppContext) -> None:
        """saveMedication (a new medication): store it, then a new MainActivity."""
        ui = ctx.ui
        if not self._form_valid(ctx):
            return
        freq = ui["freq"]
        if freq == 3:
            start = f"{ui['asNeededStartInput_value']} 00:00"
            frequency, times = 0, []
        elif freq == 1:
            start = f"{ui['dailyMedStart_value']} {ui['dailyMedTime_value']}"
            frequency, times = MINUTES_IN_DAY, [ui["dailyMedTime_value"]]
        elif freq == 0:
            start = f"{ui['startDateMultiplePerDay_value']} {NOW:%H:%M}"
            frequency, times = MINUTES_IN_DAY, [t["value"] for t in ui["multi_times"]]
        else:
            start = f"{ui['CustomFreqMedStart_value']} {ui['CustomFreqMedTime_value']}"
            frequency = int(ui["every"]) * UNIT_MINUTES[TIME_UNITS.index(ui["unit"])]
            times = [ui["CustomFreqMedTime_value"]]
        med_id = ctx.data["next_id"]
        ctx.data["next_id"] += 1
        ctx.data["meds"].append(
            {
                "id": med_id,
                "name": ui["med_name"],
                "patient": ui["patient_name"] if ui["other"] else "ME!",
                "dosage": float(ui["dosage"]),
                "units": ui["units"],
                "alias": ui["alias"] if ui["alias_on"] else "",
                "instructions": ui["instructions"],
                "frequency": frequency,
                "times": times,
                "start": start,
            }
        )
        ctx.finish()
        ctx.start_activity(MAIN)

    def _typed(self, key: str) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            ctx.ui[key] = text
            ctx.ui["focused"] = ""

        return handler

    def _picker_field(
        self, ctx: AppContext, field: str, layout_rid: str, hint: str, kind: str
    ) -> View:
        text = ctx.ui[f"{field}_text"]
        return w.text_input_layout(
            View(
                cls=TEXT_FIELD,
                resource_id=field,
                text=text,
                hint=hint,
                on_click=lambda c: self._focus_picker(c, field, kind),
            ),
            rid=layout_rid,
            height=150,
        )

    def _typed_field(
        self, ctx: AppContext, rid: str, key: str, hint: str, layout_rid: str, **layout: Any
    ) -> View:
        """A TextInputLayout ``layout_rid`` around the EditText ``rid`` that shows and stores
        ``ctx.ui[key]``."""
        return w.text_input_layout(
            w.edit_text(rid, ctx.ui[key], self._typed(key), hint=hint), rid=layout_rid, **layout
        )

    def _start_and_time_row(
        self, ctx: AppContext, start: tuple[str, str], time: tuple[str, str], rid: str = ""
    ) -> View:
        """A row of the "Start Date" and "Taken at" picker fields, each given as (field id,
        layout id)."""
        return w.linear_layout(
            [
                self._picker_field(ctx, *start, "Start Date", "date"),
                self._picker_field(ctx, *time, "Taken at", "time"),
            ],
            rid=rid,
            horizontal=True,
            height=150,
        )

    def _frequency_fields(self, ctx: AppContext) -> list[View]:
        ui = ctx.ui
        freq = ui["freq"]
        if freq == 0:
            times = [
                w.text_input_layout(
                    View(
                        cls=TEXT_FIELD,
                        resource_id=str(i),
                        text=t["text"],
                        hint="Taken at",
                        on_click=cast(
                            Handler, lambda c, i=i: self._focus_picker(c, f"time:{i}", "time")
                        ),
                    ),
                    height=150,
                    weight=0,
                )
                for i, t in enumerate(ui["multi_times"])
            ]
            return [
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                self._picker_field(
                                    ctx,
                                    "startDateMultiplePerDay",
                                    "multiplePerDayStartDateLayout",
                                    "Start Date",
                                    "date",
                                ),
                                w.text_input_layout(
                                    w.edit_text(
                                        "numberOfTimersPerDay",
                                        ui["times_per_day"],
                                        self._times_per_day,
                                        hint="Times per day",
                                    ),
                                    rid="numberOfTimersPerDayLayout",
                                    height=150,
                                ),
                            ],
                            horizontal=True,
                            height=150,
                        ),
                        w.linear_layout(times, rid="timesPerDayHolder", weight=0),
                    ],
                    rid="multiplePerDayFrequency",
                    weight=0,
                )
            ]
        if freq == 1:
            return [
                self._start_and_time_row(
                    ctx,
                    ("dailyMedStart", "startDateTaken"),
                    ("dailyMedTime", "timeTakenLayout"),
                    rid="dailyMedFrequency",
                )
            ]
        if freq == 2:
            return [
                w.linear_layout(
                    [
                        self._start_and_time_row(
                            ctx,
                            ("CustomFreqMedStart", "customFreqStartDate"),
                            ("CustomFreqMedTime", "CustomFreqTimeTakenLayout"),
                        ),
                        w.linear_layout(
                            [
                                self._typed_field(
                                    ctx,
                                    "CustomFreqMTakenEveryEnter",
                                    "every",
                                    "Taken Every",
                                    "customFreqTakenEveryLayout",
                                    height=150,
                                ),
                                _dropdown_field(
                                    ("CustomFreqTimeUnitEnter", "CustomFreqTimeUnitLayout"),
                                    ui["unit"],
                                    "Unit of Time",
                                    lambda c: c.ui.update(unit_menu=True),
                                    height=150,
                                ),
                            ],
                            horizontal=True,
                            height=150,
                        ),
                    ],
                    rid="customFrequencyLayout",
                    weight=0,
                )
            ]
        if freq == 3:
            return [
                w.linear_layout(
                    [
                        self._picker_field(
                            ctx, "asNeededStartInput", "asNeededStart", "Start Date", "date"
                        )
                    ],
                    rid="asNeededLayout",
                    height=150,
                )
            ]
        return []

    def _dropdown(self, choices: tuple[str, ...], handler: Any, close: Any) -> Window:
        rows = [
            w.text_view(c, "android:id/text1", height=126, on_click=w.bind(handler, i))
            for i, c in enumerate(choices)
        ]
        return Window(
            root=View(cls="android.widget.ListView", weight=0, children=rows),
            kind="menu",
            on_dismiss=close,
        )

    def _add_screen(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            "Add Medication",
            rid="action_bar",
            navigation=w.up_button(_up_to_main),
        )

        def pick_patient(c: AppContext, other: bool) -> None:
            c.ui["other"] = other

        def card(children: list[View]) -> View:
            return View(
                cls="androidx.cardview.widget.CardView",
                weight=0,
                children=[w.linear_layout(children, weight=0)],
            )

        patient_card = [
            w.text_view("Who takes this medication?", height=110),
            w.linear_layout(
                [
                    w.radio_button(
                        "patientIsMe", "Me", not ui["other"], w.bind(pick_patient, False)
                    ),
                    w.radio_button(
                        "patientIsNotMe", "Someone else", ui["other"], w.bind(pick_patient, True)
                    ),
                ],
                rid="patientRadioGroup",
                horizontal=True,
                height=120,
            ),
        ]
        if ui["other"]:
            patient_card.append(
                w.text_input_layout(
                    w.edit_text(
                        "patientNameInput",
                        ui["patient_name"],
                        self._typed("patient_name"),
                        hint="Name",
                        cls=DROPDOWN,
                    ),
                    rid="patientNameInputLayout",
                    height=150,
                    weight=0,
                )
            )

        def alias_switch(c: AppContext) -> None:
            c.ui["alias_on"] = not c.ui["alias_on"]
            if not c.ui["alias_on"]:
                c.ui["alias"] = ""

        name_card = [
            w.text_view("What is the medication's name & how much is taken?", height=110),
            self._typed_field(
                ctx,
                "medicationName",
                "med_name",
                "Medication Name",
                "medicationNameInputLayout",
                height=150,
                weight=0,
            ),
            w.switch("aliasSwitch", "Alias for notifications", ui["alias_on"], alias_switch),
        ]
        if ui["alias_on"]:
            name_card.append(
                self._typed_field(
                    ctx,
                    "enterAlias",
                    "alias",
                    "Alias for medication",
                    "aliasInputLayout",
                    height=150,
                    weight=0,
                )
            )
        name_card += [
            w.linear_layout(
                [
                    self._typed_field(
                        ctx, "dosageAmount", "dosage", "Dosage", "dosageAmountInputLayout"
                    ),
                    self._typed_field(
                        ctx, "dosageUnits", "units", "Dosage Unit", "dosageUnitsInputLayout"
                    ),
                ],
                horizontal=True,
                height=150,
            ),
            w.text_input_layout(
                w.edit_text(
                    "enter_instructions",
                    ui["instructions"],
                    self._typed("instructions"),
                    hint="Instructions (Optional)",
                    extra={"multiline": True},
                ),
                rid="instructions_input",
                height=150,
                weight=0,
            ),
        ]
        frequency_card = [
            w.text_view("How often is the medication taken?", height=110),
            _dropdown_field(
                ("frequencyOptionsDropdown", "frequencyDropdownLayout"),
                ui["freq_text"],
                "Frequency",
                lambda c: c.ui.update(freq_menu=True, focused=""),
                height=150,
                weight=0,
            ),
            *self._frequency_fields(ctx),
        ]
        form = w.scroll_view(
            [
                w.linear_layout(
                    [
                        card(patient_card),
                        card(name_card),
                        card(frequency_card),
                        w.button(
                            "saveButton",
                            "Save",
                            self._save,
                            enabled=self._form_valid(ctx),
                            height=140,
                        ),
                    ],
                    weight=0,
                )
            ],
            scrollable=True,
            scroll_key="form_scroll",
        )
        windows: list[Window] = []
        if ui["freq_menu"]:
            windows.append(
                self._dropdown(
                    FREQUENCIES, self._choose_frequency, lambda c: c.ui.update(freq_menu=False)
                )
            )
        if ui["unit_menu"]:

            def choose_unit(c: AppContext, i: int) -> None:
                c.ui.update(unit=TIME_UNITS[i], unit_menu=False)

            windows.append(
                self._dropdown(TIME_UNITS, choose_unit, lambda c: c.ui.update(unit_menu=False))
            )
        if ui["picker"]:
            windows.append(self._picker_window(ctx))
        return Screen(content=w.linear_layout([bar, form]), windows=windows)

    def _picker_window(self, ctx: AppContext) -> Window:
        picker = ctx.ui["picker"]
        cancel = lambda c: c.ui.update(picker=None)  # noqa: E731 (the field keeps the focus)
        if picker["kind"] == "date":

            def day(c: AppContext, d: int) -> None:
                c.ui["picker"]["day"] = d

            def month(c: AppContext, delta: int) -> None:
                p = c.ui["picker"]
                index = p["year"] * 12 + p["month"] - 1 + delta
                p["year"], p["month"] = divmod(index, 12)
                p["month"] += 1
                last = calendar.monthrange(p["year"], p["month"])[1]
                p["day"] = min(p["day"], last)

            return w.date_picker_dialog(
                picker["year"], picker["month"], picker["day"], day, month, self._picker_ok, cancel
            )

        def hour(c: AppContext, h: int) -> None:
            c.ui["picker"].update(hour=h, face="minutes")

        def minute(c: AppContext, m: int) -> None:
            c.ui["picker"]["minute"] = m

        def face(c: AppContext, f: str) -> None:
            c.ui["picker"]["face"] = f

        return w.time_picker_dialog(
            picker["hour"],
            picker["minute"],
            hour,
            minute,
            self._picker_ok,
            cancel,
            face=picker["face"],
            on_face=face,
        )

    # -- MyMedications -----------------------------------------------------------------------
    def _frequency_label(self, med: dict[str, Any]) -> str:
        """Medication.generateFrequencyLabel."""
        times = [dt.time.fromisoformat(t) for t in med["times"]]
        if med["frequency"] == MINUTES_IN_DAY and times:
            shown = ", ".join(_fmt_time(t.hour, t.minute) for t in times)
            return f"Taken daily at  {shown}"
        if med["frequency"] == 0:
            return "Taken as needed."
        minutes = med["frequency"]
        for unit, size in (("week", 10080), ("day", 1440), ("hour", 60)):
            if minutes % size == 0:
                count = minutes // size
                return f"Taken every {count} {unit}{'s' if count > 1 else ''}"
        return f"Taken every {minutes} minute{'s' if minutes > 1 else ''}"

    def _open(self, ctx: AppContext, activity: str, med_id: int) -> None:
        """A card's button: getActivity().finish(), then the screen for the medication."""
        ctx.finish()
        ctx.start_activity(activity, {"ID": med_id} if activity == HISTORY else {"medId": med_id})

    def _edit(self, ctx: AppContext, med_id: int) -> None:
        self._open(ctx, ADD, med_id)

    def _med_card(self, ctx: AppContext, med: dict[str, Any]) -> View:
        def pair(left: str, right: str, left_rid: str = "", right_rid: str = "") -> View:
            return w.linear_layout(
                [w.text_view(left, left_rid, height=90), w.text_view(right, right_rid, height=90)],
                horizontal=True,
                height=90,
            )

        start = dt.datetime.fromisoformat(med["start"]).date()
        rows = [
            pair("Name", "Alias"),
            pair(med["name"], med["alias"] or "N/A", "myMedCardMedicationName", "myMedCardAlias"),
            pair("Dosage", "Dosage Unit"),
            pair(_number(med["dosage"]), med["units"], "dosage_amount", "dosage_unit"),
            pair("Frequency", "Start Date"),
            pair(
                self._frequency_label(med),
                _fmt_date(start),
                "myMedCardFrequency",
                "myMedCardTakenSince",
            ),
            w.text_view("Instructions", height=90),
            w.text_view(med["instructions"] or "N/A", "instructions", height=90),
            w.linear_layout(
                [
                    w.button("myMedsNotes", "Notes", w.bind(self._open, NOTES, med["id"])),
                    w.button("myMedsEdit", "Edit", w.bind(self._edit, med["id"])),
                ],
                horizontal=True,
                height=140,
            ),
            w.button(
                "history_button", "History", w.bind(self._open, HISTORY, med["id"]), height=140
            ),
        ]
        return View(
            cls="androidx.cardview.widget.CardView",
            weight=0,
            children=[w.linear_layout(rows, rid="Layout", weight=0)],
        )

    def _my_meds(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "My Medications",
            rid="action_bar",
            navigation=w.up_button(_up_to_main),
        )
        meds = ctx.data["meds"]
        if not meds:
            return Screen(
                content=w.linear_layout(
                    [bar, w.text_view("No medications found", "noMyMeds", height=400)]
                )
            )
        body: list[View] = []
        if len(self._patients(ctx)) > 1:
            body.append(self._patient_selector(ctx, "nameSpinner", "names_layout"))
        patient = self._shown_patient(ctx)
        cards = [self._med_card(ctx, m) for m in meds if m["patient"] == patient]
        body.append(_card_scroll(cards, "medLayout", "scrollMyMeds", "meds_scroll"))
        windows = [self._patient_menu(ctx)] if ctx.ui.get("patient_menu") else []
        return Screen(content=w.linear_layout([bar, *body]), windows=windows)

    # -- MedicationHistory -------------------------------------------------------------------
    def _load_history(self, ctx: AppContext) -> None:
        """MedicationHistory.onCreate: db.getMedicationHistory(medId), in native code."""
        if ctx.memory.get("hung"):
            raise AppNotResponding("Input dispatching timed out")
        med = self._med(ctx, ctx.extras.get("ID", -1))
        if med is None:
            ctx.finish()
            ctx.start_activity(MY_MEDS)
            return
        if not med["times"]:
            # SELECT ... INNER JOIN medication_times: no row; Table::moveToNext never reaches
            # "after last" on an empty table, and the main thread loops for ever.
            ctx.memory["hung"] = True
            raise AppNotResponding("Input dispatching timed out")

    def _med(self, ctx: AppContext, med_id: Any) -> dict[str, Any] | None:
        return next((m for m in ctx.data["meds"] if m["id"] == med_id), None)

    def _history(self, ctx: AppContext) -> Screen:
        if ctx.memory.get("hung"):
            # The activity's window is never drawn: a black screen.
            return Screen(content=View(cls="android.widget.FrameLayout", style="dim"))
        med = self._med(ctx, ctx.extras.get("ID", -1)) or {"name": "", "id": -1}

        def up(c: AppContext) -> None:
            c.finish()
            c.start_activity(MY_MEDS)

        bar = w.toolbar(f"History: {med['name']}", rid="action_bar", navigation=w.up_button(up))
        doses = [d for d in ctx.data["doses"] if d["med"] == med["id"] and d["taken"]]
        buttons = w.linear_layout(
            [
                w.button("export_history", "Export CSV", None, enabled=bool(doses)),
                w.button("filter_button", "Filter", None, enabled=bool(doses)),
            ],
            horizontal=True,
            height=140,
        )
        header = w.linear_layout(
            [
                w.text_view("Scheduled", "schedule_label"),
                w.text_view("Taken"),
                w.text_view("Dosage"),
            ],
            horizontal=True,
            height=110,
        )
        table: list[View] = [header, w.linear_layout(rid="table_barrier", height=5)]
        if doses:
            rows = []
            for d in doses:
                when = dt.datetime.fromisoformat(d["time"])
                taken = dt.datetime.fromisoformat(d["taken_at"])
                rows.append(
                    w.linear_layout(
                        [
                            w.text_view(
                                f"{_fmt_date(when.date())}\n{_fmt_time(when.hour, when.minute)}",
                                "scheduled_date",
                            ),
                            w.text_view(
                                f"{_fmt_date(taken.date())}\n{_fmt_time(taken.hour, taken.minute)}",
                                "taken_date",
                            ),
                            w.text_view(f"{_number(med['dosage'])} {med['units']}", "dosage"),
                        ],
                        horizontal=True,
                        height=160,
                    )
                )
            table.append(
                w.list_view(
                    rows, rid="history_view", cls="androidx.recyclerview.widget.RecyclerView"
                )
            )
        else:
            table.append(w.text_view("No Records", "no_records", height=200))
        card = View(
            cls="androidx.cardview.widget.CardView",
            children=[w.linear_layout(table)],
        )
        return Screen(content=w.linear_layout([bar, buttons, card]))

    # -- stubs -------------------------------------------------------------------------------
    def _stub(self, title: str, back_to: str) -> Screen:
        def up(c: AppContext) -> None:
            c.finish()
            c.start_activity(back_to)

        bar = w.toolbar(title, rid="action_bar", navigation=w.up_button(up))
        return Screen(content=w.linear_layout([bar, View()]))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ADD and ctx.extras.get("medId") is not None:
            return self._stub("Edit Medication", MY_MEDS)
        if ctx.activity == ADD:
            return self._add_screen(ctx)
        if ctx.activity == MY_MEDS:
            return self._my_meds(ctx)
        if ctx.activity == HISTORY:
            return self._history(ctx)
        if ctx.activity == NOTES:
            return self._stub("Notes", MY_MEDS)
        if ctx.activity == SETTINGS:
            return self._stub("Settings", MAIN)
        return self._main(ctx)
