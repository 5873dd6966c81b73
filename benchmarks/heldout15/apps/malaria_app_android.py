"""Malaria Prevention 1.0 (``com.peacecorps.malaria``, GitHub systers/malaria-app-android), with
bugs malaria-app-android#19 (crash) and malaria-app-android#193 (non-crash).

Sources read: commit 2a0a1dd502efd7e43c63101595554813ccc0afeb (2015-08-28, the parent of the
fix ec26c45 "Fixed app crashing which occured when packing list was clicked before entering
arrival and departure date", merged as pull request #19): ``AndroidManifest.xml`` (versionName
1.0, targetSdk 19: no runtime permission dialogs), ``UserMedicineSettingsFragmentActivity``,
``MainActivity``, ``TripIndicatorFragmentActivity``, ``TripIndicatorPackingActivity``,
``TripIndicatorDialogActivity``, ``DrugArrayAdapter`` and the layouts
``fragment_user_medicine_settings``, ``activity_main``, ``fragment_home_screen``,
``tripindicator_layout``, ``trip_indicator_packing_dialog``, ``trip_location_dialog``,
``resetdata_dialog``, ``strings.xml``. The 2017 tree (00fb52c, versionName still 1.0) was read
for #193: its ``TripIndicatorFragmentActivity.onCreate`` still never fills the fields.

Screens:
- first run: "Set Up" (``.UserMedicineSettingsFragmentActivity``, the launcher activity, title
  "PC Malaria Prevention"): "I Take" with the drug spinner (Malarone, Doxycycline, Mefloquine),
  "Remind me at:" with the clickable "Pick Time" text (a TimePickerDialog), "If I forget", and
  DONE, disabled until a time is set. DONE saves the settings and opens ``.MainActivity``. The
  app's ``onResume`` marks the settings as made on the first launch already, so any later launch
  goes straight to ``.MainActivity``;
- ``.MainActivity``: a ViewPager whose first page is the home screen (settings button, day of
  week, date, reject/accept buttons) and, below, three icon buttons without text (homeButton,
  tripButton: the bus, infoButton). The bus finishes the main screen and opens Plan My Trip;
- Plan My Trip (``.TripIndicatorFragmentActivity``): the gear (reset dialog), "Location:" with
  the EditText (hint "Enter Location") and the location-history image, "Departure Date:" and
  "Arrival Date:" as three clickable hint texts each (MM / DD / YY, each opening that date's
  DatePickerDialog), "Packing List:" with the clickable "Add Items" text (``tripSelectBox``),
  "Remind me at:" with "Trip Time" (a TimePickerDialog), the three icon buttons and "Generate";
- the packing screen (``.TripIndicatorPackingActivity``), "Previous Locations"
  (``.TripIndicatorDialogActivity``) and the Info Hub are small stubs.

Bug malaria-app-android#19 (crash): the packing-list text's click listener calls
``setNumDrugs(departure_formattedate, arrival_formattedate)``; both strings are only built by
``setDates()`` once both date pickers have been answered, so before that they are null and
``getDateObj`` calls ``SimpleDateFormat.parse(null)``: a NullPointerException (the ParseException
catch does not cover it). The model raises it with the app's frames (lines of the commit read);
the framework's message and the java.text frames' line numbers are Android 6's, as far as known.

Bug malaria-app-android#193 (non-crash): ``onCreate`` of Plan My Trip never puts the planned
trip's location, dates or items back into its fields (the location ``setText`` is commented out),
so opening Plan My Trip again after planning a trip (Generate with both dates, reminders set)
shows every field blank. The oracle reads ``data["trip_shown_blank"]``, which the model sets when
Plan My Trip is created (not re-created by rotation) while a planned trip is stored. The report
also names a home-screen widget, which this 2015 build does not have (not modelled).

Fixed data: the device's clock is taken as Thursday 5 November 2015, 10:00 (pickers open on it).
``Generate`` sets reminders when the departure day (the day the departure picker was opened on,
as the code takes it) at the reminder time (22:00 unless "Trip Time" was set) is in the future,
else toasts "Enter future departure time."; alarms themselves are not modelled. Stubbed: the
reset dialog's reset (it only clears the storage and reopens Set Up), the other pager pages,
picking a previous location, the packing screen's list editing and drug dialog.
"""

from __future__ import annotations

import calendar
from datetime import date
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.peacecorps.malaria"
SETUP = ".UserMedicineSettingsFragmentActivity"
MAIN = ".MainActivity"
TRIP = ".TripIndicatorFragmentActivity"
PACKING = ".TripIndicatorPackingActivity"
LOCATIONS = ".TripIndicatorDialogActivity"
INFO = ".InfoHubFragmentActivity"

TODAY = (2015, 11, 5)
NOW_MINUTES = 10 * 60  # 10:00
DRUGS = ("Malarone", "Doxycycline", "Mefloquine")
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'int java.lang.String.length()' on a null object reference"
)
TIFA = "com.peacecorps.malaria.TripIndicatorFragmentActivity"


def _npe_frames() -> list[str]:
    return [
        "java.text.SimpleDateFormat.parse(SimpleDateFormat.java:1007)",
        "java.text.DateFormat.parse(DateFormat.java:579)",
        f"{TIFA}.getDateObj(TripIndicatorFragmentActivity.java:436)",
        f"{TIFA}.setNumDrugs(TripIndicatorFragmentActivity.java:411)",
        f"{TIFA}$6.onClick(TripIndicatorFragmentActivity.java:336)",
        "android.view.View.performClick(View.java:5198)",
        "android.view.View$PerformClick.run(View.java:21147)",
        "android.os.Handler.handleCallback(Handler.java:739)",
        "android.os.Handler.dispatchMessage(Handler.java:95)",
        "android.os.Looper.loop(Looper.java:148)",
        "android.app.ActivityThread.main(ActivityThread.java:5417)",
        "java.lang.reflect.Method.invoke(Native Method)",
        "com.android.internal.os.ZygoteInit$MethodAndArgsCaller.run(ZygoteInit.java:726)",
        "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:616)",
    ]


def _java_lenient_date(day: int, month: int, year: int) -> date | None:
    """``new SimpleDateFormat("dd/MM/yyyy").parse`` (lenient) of the app's "M/D/YY" string, read
    as day=M, month=D, year=YY; months past 12 roll into the next years."""
    year += (month - 1) // 12
    month = (month - 1) % 12 + 1
    if year < 1:
        return None
    last = calendar.monthrange(year, month)[1]
    return date(year, month, min(day, last)) if day >= 1 else None


def _num_drugs(dep: list[int], arr: list[int]) -> int:
    """``setNumDrugs`` on the formatted strings "month/day/yy" (see ``_java_lenient_date``)."""
    d = _java_lenient_date(dep[1], dep[2], dep[0] - 2000)
    a = _java_lenient_date(arr[1], arr[2], arr[0] - 2000)
    if d is None or a is None:
        return 0
    return (a - d).days + 1


def packing_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #19: the NullPointerException from ``getDateObj`` crashed the app."""
    return crashed(system, PACKAGE, "java.lang.NullPointerException", "String.length()")


def trip_shown_blank(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #193: Plan My Trip was opened again with a planned trip stored and showed
    blank fields."""
    return bool(data.get("trip_shown_blank"))


def _setup_steps() -> list[dict[str, Any]]:
    return [
        click(PACKAGE, "user_medicine_settings_activity_time_pick_button", "Pick Time"),
        click(PACKAGE, "android:id/button1", "OK"),
        click(PACKAGE, "user_medicine_settings_activity_done_button", "DONE"),
        click(PACKAGE, "tripButton"),
    ]


def _plan_steps(place: str = "Kampala") -> list[dict[str, Any]]:
    return [
        input_text(PACKAGE, "trip_location_select_editText", place),
        click(PACKAGE, "trip_month_departure", "MM"),
        click(PACKAGE, "android:id/button1", "OK"),
        click(PACKAGE, "trip_month", "MM"),
        click(PACKAGE, "android:id/button1", "OK"),
    ]


GENERATE = click(PACKAGE, "generateButton", "Generate")
PACKING_TEXT = click(PACKAGE, "tripSelectBox", "Add Items")
HOME = click(PACKAGE, "homeButton")
BUS = click(PACKAGE, "tripButton")


class MalariaPrevention(VirtualApp):
    """Malaria Prevention 1.0 (the 2015 tree before pull request #19)."""

    name: ClassVar[str] = "malaria-app-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Malaria Prevention"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = SETUP
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "malaria-app-android#19",
            "crash",
            "Fixed app crashing on TripIndicatorFragmentActivity",
            packing_crashed,
            human_steps=(*_setup_steps(), PACKING_TEXT),
        ),
        BugSpec(
            "malaria-app-android#193",
            "non-crash",
            "PlanMyTrip active should show the details of currently planned trips.",
            trip_shown_blank,
            human_steps=(*_setup_steps(), *_plan_steps(), GENERATE, HOME, BUS),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "has_user_set_preference": False,
            "drug": 0,
            "alarm": None,
            "locations": [],
            "trip_date": "",
            "departure_trip_date": "",
            "planned_trip": None,
            "trip_shown_blank": False,
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SETUP:
            if ctx.data["has_user_set_preference"]:
                ctx.start_activity(MAIN)
                ctx.finish()
                return
            # onResume on the first run already marks the settings as made.
            ctx.data["has_user_set_preference"] = True
            ctx.ui.setdefault("drug", 0)
        elif ctx.activity == TRIP:
            if ctx.ui.get("recreated"):
                return
            if ctx.data["planned_trip"]:
                # onCreate never puts the planned trip back into the fields (#193).
                ctx.data["trip_shown_blank"] = True

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == TRIP:
            # Only the EditText keeps its text; the date TextViews and the activity's fields
            # (the formatted dates) are lost on re-creation.
            return {"recreated": True, "location": ctx.ui.get("location", "")}
        return dict(ctx.ui)

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "dialog", None)

    # -- set up --------------------------------------------------------------------------------
    def _open(self, ctx: AppContext, kind: str) -> None:
        # The dialog window takes the focus: the soft keyboard of the location field closes.
        ctx.hide_keyboard()
        ctx.ui["dialog"] = kind
        if kind in ("time", "trip_time"):
            ctx.ui["pick_time"] = [NOW_MINUTES // 60, NOW_MINUTES % 60]
        elif kind in ("departure", "arrival"):
            ctx.ui["pick_date"] = list(TODAY)
            if kind == "departure":
                # DatePickerFragmentDeparture.onCreateDialog stores today as the departure day.
                ctx.ui["dep_ymd"] = list(TODAY)

    def _close(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _set_hour(self, ctx: AppContext, hour: int) -> None:
        ctx.ui["pick_time"][0] = hour

    def _set_minute(self, ctx: AppContext, minute: int) -> None:
        ctx.ui["pick_time"][1] = minute

    def _time_ok(self, ctx: AppContext) -> None:
        hour, minute = ctx.ui["pick_time"]
        if ctx.ui["dialog"] == "time":
            ctx.ui["time"] = [hour, minute]
        else:
            ctx.ui["trip_time"] = [hour, minute]
        self._close(ctx)

    def _done(self, ctx: AppContext) -> None:
        ctx.data["alarm"] = ctx.ui.get("time")
        ctx.data["drug"] = ctx.ui.get("drug", 0)
        ctx.start_activity(MAIN)
        ctx.finish()

    def _choose_drug(self, ctx: AppContext, i: int) -> None:
        ctx.ui["drug"] = i
        self._close(ctx)

    def _setup_screen(self, ctx: AppContext) -> Screen:
        t = ctx.ui.get("time")
        if t:
            hour, minute = t
            suffix = "PM" if hour >= 12 else "AM"
            shown = hour - 12 if hour > 12 else (12 if hour == 0 else hour)
            time_text = f"{shown}:{minute:02d} {suffix}"
        else:
            time_text = "Pick Time"
        drug = DRUGS[ctx.ui.get("drug", 0)]
        content = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.text_view("Set Up", "user_medicine_settings_activity_setup_label"),
                        w.linear_layout(
                            [
                                w.text_view(
                                    "I Take", "user_medicine_settings_activity_drug_take_label"
                                ),
                                View(
                                    cls="android.widget.Spinner",
                                    resource_id="user_medicine_settings_activity_drug_select_spinner",
                                    height=147,
                                    on_click=lambda c: self._open(c, "drug"),
                                    children=[
                                        w.linear_layout(
                                            [
                                                w.image_view("imgDrug", width=147),
                                                w.text_view(drug, "drugItem"),
                                            ],
                                            horizontal=True,
                                        )
                                    ],
                                ),
                                w.text_view(
                                    "Remind me at:",
                                    "user_medicine_settings_activity_time_pick_label",
                                ),
                                w.text_view(
                                    time_text,
                                    "user_medicine_settings_activity_time_pick_button",
                                    on_click=lambda c: self._open(c, "time"),
                                ),
                                w.text_view(
                                    "If I forget", "user_medicine_settings_activity_if_forget_label"
                                ),
                            ],
                            weight=0,
                        ),
                        w.button(
                            "user_medicine_settings_activity_done_button",
                            "DONE",
                            self._done,
                            enabled=bool(t),
                        ),
                    ],
                    rid="user_medicine_settings_activity_container",
                    weight=0,
                ),
                w.image_view("user_medicine_settings_activity_pc_logo", "Peace Corps Logo"),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("dialog") == "time":
            windows.append(self._time_window(ctx))
        elif ctx.ui.get("dialog") == "drug":
            windows.append(
                w.spinner_dropdown(
                    DRUGS, ctx.ui.get("drug", 0), self._choose_drug, lambda c: self._close(c)
                )
            )
        return Screen(content=content, title="PC Malaria Prevention", windows=windows)

    def _time_window(self, ctx: AppContext) -> Window:
        hour, minute = ctx.ui["pick_time"]
        return w.time_picker_dialog(
            hour, minute, self._set_hour, self._set_minute, self._time_ok, lambda c: self._close(c)
        )

    # -- main ----------------------------------------------------------------------------------
    def _go(self, ctx: AppContext, activity: str) -> None:
        ctx.start_activity(activity)
        ctx.finish()

    def _nav_bar(self, home_handler: Any, trip_handler: Any) -> View:
        buttons = (
            ("homeButton", 79, home_handler),
            ("tripButton", 105, trip_handler),
            ("infoButton", 79, lambda c: self._go(c, INFO)),
        )
        return w.linear_layout(
            [
                View(
                    cls="android.widget.Button",
                    resource_id=rid,
                    width=width,
                    height=79,
                    on_click=handler,
                    naf=True,
                )
                for rid, width, handler in buttons
            ],
            horizontal=True,
            height=120,
            weight=0,
        )

    def _main_screen(self, ctx: AppContext) -> Screen:
        y, m, d = TODAY
        home = w.linear_layout(
            [
                View(
                    cls="android.widget.Button",
                    resource_id="fragment_home_screen_settings_button",
                    height=105,
                    width=105,
                    on_click=lambda c: self._go(c, SETUP),
                ),
                w.text_view("Thursday", "fragment_home_screen_current_day_of_week"),
                w.text_view(
                    f"{calendar.month_name[m]} {d:02d}, {y}", "fragment_home_screen_current_date"
                ),
                w.image_view(),
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.Button",
                            resource_id="fragment_home_screen__reject_medication_button",
                        ),
                        View(
                            cls="android.widget.Button",
                            resource_id="fragment_home_screen_accept_medication_button",
                        ),
                    ],
                    horizontal=True,
                    height=200,
                    weight=0,
                ),
            ]
        )
        content = w.linear_layout(
            [
                View(
                    cls="android.support.v4.view.ViewPager", resource_id="vPager", children=[home]
                ),
                View(cls="android.view.View", resource_id="vIndicator", height=60),
                self._nav_bar(None, lambda c: self._go(c, TRIP)),
            ]
        )
        return Screen(content=content, title="Malaria Prevention")

    # -- plan my trip --------------------------------------------------------------------------
    def _set_location(self, ctx: AppContext, text: str) -> None:
        ctx.ui["location"] = text

    def _pick_day(self, ctx: AppContext, day: int) -> None:
        ctx.ui["pick_date"][2] = day

    def _move_month(self, ctx: AppContext, delta: int) -> None:
        y, m, _ = ctx.ui["pick_date"]
        m += delta
        if m == 0:
            y, m = y - 1, 12
        elif m == 13:
            y, m = y + 1, 1
        ctx.ui["pick_date"] = [y, m, 1]

    def _date_ok(self, ctx: AppContext) -> None:
        kind = ctx.ui["dialog"]
        ctx.ui["dep" if kind == "departure" else "arr"] = list(ctx.ui["pick_date"])
        self._close(ctx)
        if ctx.ui.get("dep") and ctx.ui.get("arr"):
            # setDates(): the formatted dates ("M/D/YY") and the prefs.
            dep, arr = ctx.ui["dep"], ctx.ui["arr"]
            ctx.ui["departure_formatted"] = f"{dep[1]}/{dep[2]}/{dep[0] - 2000}"
            ctx.ui["arrival_formatted"] = f"{arr[1]}/{arr[2]}/{arr[0] - 2000}"
            ctx.data["departure_trip_date"] = ctx.ui["departure_formatted"]
            ctx.data["trip_date"] = ctx.ui["arrival_formatted"]

    def _packing(self, ctx: AppContext) -> None:
        dep = ctx.ui.get("departure_formatted")
        arr = ctx.ui.get("arrival_formatted")
        if dep is None or arr is None:
            raise JavaException("java.lang.NullPointerException", NPE_MESSAGE, _npe_frames())
        num = _num_drugs(ctx.ui["dep"], ctx.ui["arr"])
        ctx.start_activity(PACKING, {"DRUG_TAG": num})
        # packingSelect.setText(TripIndicatorPackingActivity.tripDrugName): null before the
        # packing screen ever ran.
        ctx.ui["packing_text"] = ctx.memory.get("tripDrugName") or ""

    def _generate(self, ctx: AppContext) -> None:
        location = ctx.ui.get("location", "")
        dep_ymd: tuple[int, ...] = tuple(ctx.ui.get("dep_ymd") or ())
        hour, minute = ctx.ui.get("trip_time") or [22, 0]
        future = bool(dep_ymd) and (
            dep_ymd > TODAY or (dep_ymd == TODAY and hour * 60 + minute > NOW_MINUTES)
        )
        if future:
            ctx.toast("Reminders are Set!")
            if ctx.ui.get("departure_formatted") and ctx.ui.get("arrival_formatted"):
                ctx.data["planned_trip"] = {
                    "location": location,
                    "departure": ctx.ui["departure_formatted"],
                    "arrival": ctx.ui["arrival_formatted"],
                }
        else:
            ctx.toast("Enter future departure time.")
        ctx.data["locations"].append(location)

    def _reset_ok(self, ctx: AppContext) -> None:
        if ctx.ui.get("reset_choice", "Yes") == "Yes":
            ctx.data.clear()
            ctx.data.update(self.initial_data())
            self._close(ctx)
            ctx.start_activity(SETUP)
        else:
            self._close(ctx)

    def _date_row(
        self, label: str, ids: tuple[str, str, str], value: list[int] | None, kind: str
    ) -> View:
        texts = (
            ["", "", ""] if value is None else [str(value[1]), str(value[2]), str(value[0] - 2000)]
        )
        cells: list[View] = [w.text_view(label, width=420)]
        for k, (rid, hint) in enumerate(zip(ids, ("MM", "DD", "YY"), strict=True)):
            if k:
                cells.append(w.text_view("/", width=40))
            cells.append(
                View(
                    cls="android.widget.TextView",
                    resource_id=rid,
                    text=texts[k],
                    hint=hint,
                    width=150,
                    on_click=w.bind(self._open, kind),
                )
            )
        return w.linear_layout(cells, horizontal=True, height=130, weight=0)

    def _trip_screen(self, ctx: AppContext) -> Screen:
        tt = ctx.ui.get("trip_time")
        form = w.linear_layout(
            [
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.Button",
                            resource_id="trip_settings_button",
                            width=105,
                            height=105,
                            on_click=lambda c: self._open(c, "reset"),
                        ),
                        w.text_view("Plan My Trip", "pmt"),
                    ],
                    rid="upperLayout",
                    weight=0,
                ),
                w.linear_layout(
                    [
                        w.text_view("Location:", width=300),
                        w.edit_text(
                            "trip_location_select_editText",
                            ctx.ui.get("location", ""),
                            self._set_location,
                            hint="Enter Location",
                        ),
                        w.image_view(
                            "locationHistory",
                            width=120,
                            handler=lambda c: c.start_activity(LOCATIONS),
                        ),
                    ],
                    horizontal=True,
                    height=150,
                    weight=0,
                ),
                self._date_row(
                    "Departure Date:",
                    ("trip_month_departure", "trip_date_departure", "trip_year_departure"),
                    ctx.ui.get("dep"),
                    "departure",
                ),
                self._date_row(
                    "Arrival Date:",
                    ("trip_month", "trip_date", "trip_year"),
                    ctx.ui.get("arr"),
                    "arrival",
                ),
                w.linear_layout(
                    [
                        w.text_view("Packing List:", "tripItemSelector", width=420),
                        View(
                            cls="android.widget.TextView",
                            resource_id="tripSelectBox",
                            text=ctx.ui.get("packing_text", ""),
                            hint="Add Items",
                            on_click=self._packing,
                        ),
                    ],
                    horizontal=True,
                    height=130,
                    weight=0,
                ),
                w.linear_layout(
                    [
                        w.text_view("Remind me at:", width=420),
                        View(
                            cls="android.widget.TextView",
                            resource_id="trip_time",
                            text=f"{tt[0]}:{tt[1]}" if tt else "",
                            hint="Trip Time",
                            on_click=lambda c: self._open(c, "trip_time"),
                        ),
                    ],
                    horizontal=True,
                    height=130,
                    weight=0,
                ),
            ],
            weight=0,
        )
        content = w.relative_layout(
            [
                w.scroll_view([form], rid="scrollSegmentTrip"),
                w.linear_layout(
                    [
                        View(cls="android.view.View", height=3),
                        self._nav_bar(lambda c: self._go(c, MAIN), None),
                    ],
                    rid="linearLayout",
                    weight=0,
                ),
                w.button("generateButton", "Generate", self._generate),
            ]
        )
        return Screen(content=content, title="Malaria Prevention", windows=self._trip_windows(ctx))

    def _trip_windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui.get("dialog")
        if dialog in ("departure", "arrival"):
            y, m, d = ctx.ui["pick_date"]
            return [
                w.date_picker_dialog(
                    y,
                    m,
                    d,
                    self._pick_day,
                    self._move_month,
                    self._date_ok,
                    lambda c: self._close(c),
                )
            ]
        if dialog == "trip_time":
            return [self._time_window(ctx)]
        if dialog == "reset":
            choice = ctx.ui.get("reset_choice", "Yes")
            body = w.linear_layout(
                [
                    w.text_view("Reset Data", "dayDialogTitle"),
                    w.linear_layout(
                        [
                            w.image_view("imageReset", width=120),
                            w.text_view(
                                "Do you want to reset app settings? It will delete all data.",
                                "textReset",
                            ),
                        ],
                        horizontal=True,
                        height=200,
                        weight=0,
                    ),
                    View(
                        cls="android.widget.RadioGroup",
                        resource_id="radioGroupReset",
                        weight=0,
                        children=[
                            w.radio_button(
                                "radioYesReset",
                                "Yes",
                                choice == "Yes",
                                lambda c: c.ui.update(reset_choice="Yes"),
                            ),
                            w.radio_button(
                                "radioNoReset",
                                "No",
                                choice == "No",
                                lambda c: c.ui.update(reset_choice="No"),
                            ),
                        ],
                    ),
                    w.linear_layout(
                        [
                            w.button("dialogButtonOKReset", "OK", self._reset_ok),
                            w.button("dialogButtonCancelReset", "Cancel", lambda c: self._close(c)),
                        ],
                        horizontal=True,
                        height=140,
                        weight=0,
                    ),
                ],
                rid="dialogReset",
                weight=0,
            )
            return [Window(root=body, on_dismiss=lambda c: self._close(c))]
        return []

    # -- stubs ---------------------------------------------------------------------------------
    def _packing_screen(self, ctx: AppContext) -> Screen:
        content = w.linear_layout(
            [
                w.text_view("Packing Items"),
                w.linear_layout(
                    [
                        w.text_view("Select Pill", "drugName"),
                        w.text_view(str(ctx.extras.get("DRUG_TAG", 0)), "quantity"),
                    ],
                    horizontal=True,
                    height=130,
                    weight=0,
                ),
                w.linear_layout(
                    [
                        w.text_view("Cash", "cash_amnt", width=300),
                        w.edit_text(
                            "cash_et",
                            ctx.ui.get("cash", ""),
                            lambda c, t: c.ui.update(cash=t),
                            hint="$",
                        ),
                    ],
                    horizontal=True,
                    height=150,
                    weight=0,
                ),
                w.linear_layout(
                    [
                        w.edit_text(
                            "packing_et",
                            ctx.ui.get("item", ""),
                            lambda c, t: c.ui.update(item=t),
                            hint="Add Items",
                        ),
                        w.image_button("btnAdd", width=120),
                        w.image_button("btnSubmit", handler=lambda c: c.finish(), width=120),
                        w.image_button("btnDelete", width=120),
                    ],
                    horizontal=True,
                    height=150,
                    weight=0,
                ),
                View(cls="android.widget.ListView", resource_id="listV"),
            ]
        )
        return Screen(content=content, title="Malaria Prevention")

    def _locations_screen(self, ctx: AppContext) -> Screen:
        rows = [w.text_view(loc, "android:id/text1") for loc in ctx.data["locations"]]
        content = w.linear_layout(
            [
                w.text_view("Previous Locations"),
                View(cls="android.widget.ListView", resource_id="android:id/list", children=rows),
            ]
        )
        return Screen(content=content, title="Malaria Prevention")

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETUP:
            return self._setup_screen(ctx)
        if ctx.activity == MAIN:
            return self._main_screen(ctx)
        if ctx.activity == TRIP:
            return self._trip_screen(ctx)
        if ctx.activity == PACKING:
            return self._packing_screen(ctx)
        if ctx.activity == LOCATIONS:
            return self._locations_screen(ctx)
        content = w.linear_layout([w.text_view("Info Hub")])
        return Screen(content=content, title="Malaria Prevention")


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "malaria-app-android#19": [
        [*_setup_steps(), *_plan_steps(), PACKING_TEXT],
        [*_setup_steps(), GENERATE],
        [
            *_setup_steps(),
            click(PACKAGE, "trip_time", "Trip Time"),
            click(PACKAGE, "android:id/button1", "OK"),
        ],
        [*_setup_steps()[:3], click(PACKAGE, "infoButton")],
    ],
    "malaria-app-android#193": [
        [*_setup_steps(), *_plan_steps(), HOME, BUS],
        [*_setup_steps(), *_plan_steps(), GENERATE],
        [
            *_setup_steps(),
            input_text(PACKAGE, "trip_location_select_editText", "Kampala"),
            {"kind": "press_back"},
            GENERATE,
            HOME,
            BUS,
        ],
    ],
}
