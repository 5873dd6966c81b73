"""Periodical (``de.arnowelzel.android.periodical``, arnowelzel/periodical) 1.41, for
periodical#63.

A menstrual cycle calendar: ``MainActivity`` (a splash) starts ``MainActivityApp``, a month
calendar (``main.xml``: the previous / current / next month buttons, the ``displaydate`` title
"<Month> <year>" with the average, shortest and longest cycle, a ViewFlipper of two
TableLayouts of 42 ``CalendarCell`` buttons, ``cal01``..``cal42`` and ``cal01_2``..``cal42_2``,
the one shown swapping on every month change) in a DrawerLayout whose NavigationView holds
List, List with details, Help, Backup, Restore, Preferences, About and Exit. Tapping a day
opens the "Edit calendar entry" AlertDialog (Yes / No / Edit details) to mark it as period or
remove the mark; "Edit details" opens ``DetailsActivity`` (period Yes/No, intensity, notes,
events and symptoms). Swiping the calendar changes the month.

Sources read at commit ``d87245c`` ("Update to Gradle 5.4.1", 2019-08-24; ``app/build.gradle``
says versionName 1.41, versionCode 71), the last commit before the fix: ``MainActivity.java``,
``MainActivityApp.java``, ``PeriodicalDatabase.java``, ``DetailsActivity.java``,
``ListActivity.java``, ``CalendarCell.java`` (the content description), ``GregorianCalendarExt``,
``PreferenceUtils``, the layouts ``activity_main``, ``app_bar_main``, ``main``,
``activity_details``, ``activity_list``, ``menu/main.xml``, ``xml/preferences.xml``,
``values/strings.xml`` and the manifest. The fix is ``85ec1d8`` ("Fix: starting a new period
after the start of a predicted one was not possible.", 2019-08-24).

Bug periodical#63 (non-crash): ``PeriodicalDatabase.addPeriod(date)`` looks at the type of the
day before. When it is ``PERIOD_PREDICTED`` (a day of the predicted next period, shown once two
periods are entered), it walks back to the first predicted day and stores every day from there
to the tapped one as ``PERIOD_CONFIRMED``: the predicted start is forced as the period's start,
the day the user tapped becomes its end, and no ``PERIOD_START`` is stored (the cycle is not
restarted). The fix tests ``PERIOD_CONFIRMED`` there, so such a day starts a new period. Tapping
the predicted start itself, or a day before it, starts a new period correctly.

Modelled: the ``data`` table (date, type, intensity), notes and symptoms, the options of the
preferences (their defaults), ``loadCalculatedData`` (the cycle statistics, the calculated
fertile / ovulation / infertile days between periods and the three predicted cycles), the
calendar cells (text: the day; content description as ``CalendarCell`` sets it), the dialog,
``addPeriod`` / ``removePeriod``, the details screen and the list of periods. The device's date
is fixed: Friday 23 August 2019 (the day of the report). Stubbed: Help, About and "List with
details" show their title only; the preferences screen lists the options, and only its two
check boxes change them; Backup and Restore copy the data to and from a backup slot after the
storage permission (the file copy itself is not modelled). Uncertain: the short date format of
the list (``M/d/yy`` assumed for en-US); the database's duplicate rows (``insert`` without a
``delete`` when a new period runs over existing rows) are kept as one row per day.
"""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "de.arnowelzel.android.periodical"
SPLASH = ".MainActivity"
MAIN = ".MainActivityApp"
DETAILS = ".DetailsActivity"
LIST = ".ListActivity"
LIST_DETAILS = ".ListDetailsActivity"
PREFS = ".PreferenceActivity"
HELP = ".HelpActivity"
ABOUT = ".AboutActivity"
TODAY = date(2019, 8, 23)
PREVIOUS_D = "Previous month"
NEXT_D = "Next month"
WRITE_STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"

# PeriodicalDatabase.DayEntry types.
EMPTY, START, CONFIRMED, PREDICTED = 0, 1, 2, 3
FERTILE, OVULATION, FERTILE_FUTURE, OVULATION_FUTURE = 4, 5, 6, 7
INFERTILE, INFERTILE_FUTURE = 8, 9
LABELS = {
    START: "period has started",
    CONFIRMED: "period",
    PREDICTED: "period predicted",
    FERTILE: "fertile",
    FERTILE_FUTURE: "fertile",
    OVULATION: "ovulation",
    OVULATION_FUTURE: "ovulation",
    INFERTILE: "infertile",
    INFERTILE_FUTURE: "infertile",
}
WEEKDAYS = (
    ("SU", "sunday"),
    ("MO", "monday"),
    ("TU", "tuesday"),
    ("WE", "wednesday"),
    ("TH", "thursday"),
    ("FR", "friday"),
    ("SA", "saturday"),
)
DRAWER = (
    ("list", "List"),
    ("listdetails", "List with details"),
    ("help", "Help"),
    ("copy", "Backup"),
    ("restore", "Restore"),
    ("options", "Preferences"),
    ("about", "About …"),
    ("exit", "Exit"),
)
STUB_TITLES = {LIST_DETAILS: "List with details", HELP: "Help", ABOUT: "About …"}
# DetailsActivity's check boxes: (event id, label), the first two under "Events".
EVENTS = (
    (1, "Intercourse"),
    (18, "Contraceptive pill"),
    (20, "Tired"),
    (21, "Energized"),
    (19, "Spotting"),
    (9, "Intense bleeding"),
    (2, "Cramps"),
    (17, "Headache/migraine"),
    (3, "Back pain"),
    (4, "Middle pain left"),
    (5, "Middle pain right"),
    (6, "Breast pain/dragging pain"),
    (7, "Thrush/candida"),
    (8, "Discharge"),
    (10, "Temperature fluctuations"),
    (11, "Pimples"),
    (12, "Bloating"),
    (13, "Fainting"),
    (14, "Grumpiness"),
    (15, "Nausea"),
    (16, "Cravings"),
)
PREF_ROWS = (
    ("period_length", "Default length of period (days)"),
    ("luteal_length", "Luteal phase length (days)"),
    ("startofweek", "Start of the week"),
    ("maximum_cycle_length", "Maximum cycle length"),
    ("direct_details", "Go directly to the details"),
    ("show_cycle", "Show day of cycle"),
)


def _key(day: date) -> str:
    return day.strftime("%Y%m%d")


def _day(key: str) -> date:
    return date(int(key[:4]), int(key[4:6]), int(key[6:]))


def _long(day: date) -> str:
    """``DateFormat.LONG`` / ``DateUtils.FORMAT_SHOW_DATE|FORMAT_SHOW_YEAR`` in en-US."""
    return f"{w.MONTHS[day.month - 1]} {day.day}, {day.year}"


def calculate(data: dict[str, Any]) -> dict[str, Any]:
    """``loadCalculatedData``: each day's ``[type, dayofcycle, intensity]`` (the first entry
    for a day wins, as ``getEntry`` finds it) and the cycle statistics."""
    prefs = data["prefs"]
    luteal, period_length = prefs["luteal_length"], prefs["period_length"]
    maximum = max(prefs["maximum_cycle_length"], 60)
    rows = data["rows"]
    starts = sum(1 for r in rows.values() if r["type"] == START)
    limit = max(starts - 13, 1)
    days: dict[str, list[int]] = {}
    total, count, shortest, longest, ovulation, doc = 0, 0, 28, 28, 0, 1
    previous: date | None = None
    previous_start: date | None = None
    last = TODAY

    def put(day: date, kind: int, cycle_day: int, intensity: int) -> None:
        days.setdefault(_key(day), [kind, cycle_day, intensity])

    for key in sorted(rows):
        kind, intensity = rows[key]["type"], rows[key]["intensity"]
        day = _day(key)
        if kind == CONFIRMED:
            doc += 1
            put(day, CONFIRMED, doc, intensity)
            previous = last = day
        elif kind == START and previous_start is None:
            doc = 1
            put(day, START, 1, intensity)
            previous = previous_start = day
        elif kind == START:
            length = (day - (previous_start or day)).days
            if length <= maximum:
                count += 1
                if count == limit:
                    shortest = longest = length
                elif count > limit:
                    shortest, longest = min(shortest, length), max(longest, length)
                total += length
                ovulation = total // count - luteal
                filled = previous or day
                for cycle_day in range(doc, length):
                    filled += timedelta(days=1)
                    doc += 1
                    if cycle_day == ovulation:
                        put(filled, OVULATION, doc, 1)
                    elif shortest - luteal - 4 <= cycle_day <= longest - luteal + 3:
                        put(filled, FERTILE, doc, 1)
                    else:
                        put(filled, INFERTILE, doc, 1)
            doc = 1
            put(day, START, 1, intensity)
            previous = previous_start = last = day
    average = total // count if count else 0
    if count:
        predicted = last
        doc += 1
        for cycle in range(3):
            for cycle_day in range(doc if cycle == 0 else 1, average + 1):
                predicted += timedelta(days=1)
                if cycle_day <= period_length:
                    kind = PREDICTED
                elif cycle_day == ovulation:
                    kind = OVULATION_FUTURE
                elif shortest - luteal - 4 <= cycle_day <= longest - luteal + 3:
                    kind = FERTILE_FUTURE
                else:
                    kind = INFERTILE_FUTURE
                put(predicted, kind, doc, 1)
                doc += 1
            doc = 1
    return {"days": days, "average": average, "shortest": shortest, "longest": longest}


def _type(calc: dict[str, Any], day: date) -> int:
    """``getEntryType``: the calculated type of a day, 0 when it has none."""
    found = calc["days"].get(_key(day))
    return found[0] if found else EMPTY


def add_period(data: dict[str, Any], day: date) -> None:
    """``PeriodicalDatabase.addPeriod`` of version 1.41."""
    calc, rows = calculate(data), data["rows"]
    before = day - timedelta(days=1)
    kind = _type(calc, before)
    if kind in (START, CONFIRMED):
        rows[_key(day)] = {"type": CONFIRMED, "intensity": 1}
    elif kind == PREDICTED:
        # The bug: continue the predicted period from its first day up to this day.
        while kind == PREDICTED:
            before -= timedelta(days=1)
            kind = _type(calc, before)
        current = before + timedelta(days=1)
        while current <= day:
            rows[_key(current)] = {"type": CONFIRMED, "intensity": 1}
            current += timedelta(days=1)
    elif _type(calc, day + timedelta(days=1)) == START:
        # The next day starts a period: move its start to this day.
        rows[_key(day)] = {"type": START, "intensity": 2}
        rows[_key(day + timedelta(days=1))]["type"] = CONFIRMED
    else:
        intensity = 2
        for n in range(data["prefs"]["period_length"]):
            kind = START if n == 0 else CONFIRMED
            rows[_key(day + timedelta(days=n))] = {"type": kind, "intensity": intensity}
            intensity = 4 if n == 0 else max(intensity - 1, 1)


def remove_period(data: dict[str, Any], day: date) -> None:
    """``removePeriod``: the period mark of this day and of every following one."""
    calc = calculate(data)
    while _type(calc, day) in (START, CONFIRMED):
        data["rows"].pop(_key(day), None)
        day += timedelta(days=1)


def start_not_stored(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of periodical#63: a run of confirmed period days is stored with no period
    start before it (the predicted start was forced and the tapped day made the period's end)."""
    rows = data["rows"]
    for key, row in rows.items():
        if row["type"] != CONFIRMED:
            continue
        before = rows.get(_key(_day(key) - timedelta(days=1)))
        if before is None or before["type"] not in (START, CONFIRMED):
            return True
    return False


# -- steps -------------------------------------------------------------------------------------
PREVIOUS = click(PACKAGE, "buttonprev", desc=PREVIOUS_D)
NEXT = click(PACKAGE, "buttonnext", desc=NEXT_D)
YES = click(PACKAGE, "android:id/button1", "Yes")
NO = click(PACKAGE, "android:id/button2", "No")


def tap_day(day: int) -> dict[str, Any]:
    return click(PACKAGE, text=str(day), cls="android.widget.Button")


TWO_PERIODS = [PREVIOUS, tap_day(1), YES, tap_day(29), YES, NEXT]


class Periodical(VirtualApp):
    """Periodical 1.41: the calendar, its dialog, the details, the list and the stubs."""

    name: ClassVar[str] = "periodical"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Periodical"
    version: ClassVar[str] = "1.41"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "periodical#63",
            "non-crash",
            "Later than calculated bleeding start dates cause issues",
            start_not_stored,
            human_steps=(*TWO_PERIODS, tap_day(28), YES),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "rows": {},  # the "data" table: YYYYMMDD -> type, intensity
            "notes": {},
            "symptoms": {},
            "prefs": {
                "period_length": 4,
                "luteal_length": 14,
                "startofweek": 0,
                "maximum_cycle_length": 183,
                "direct_details": False,
                "show_cycle": True,
            },
            "backup": None,
        }

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN:
            ctx.ui.setdefault("year", TODAY.year)
            ctx.ui.setdefault("month", TODAY.month)
            ctx.ui.update(second=False, drawer=False, dialog=None, backup=None)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == MAIN:
            return {"year": ctx.ui["year"], "month": ctx.ui["month"]}
        return dict(ctx.ui)

    # -- MainActivityApp ---------------------------------------------------------------------
    def _move(self, ctx: AppContext, delta: int) -> None:
        """``goPrev`` / ``goNext``: the other calendar of the flipper shows the new month."""
        ui = ctx.ui
        month = ui["month"] + delta
        ui["year"] += (month - 1) // 12
        ui["month"] = (month - 1) % 12 + 1
        ui["second"] = not ui["second"]

    def _current(self, ctx: AppContext) -> None:
        ctx.ui.update(year=TODAY.year, month=TODAY.month)

    def _tap(self, ctx: AppContext, day: int) -> None:
        """``handleCalendarButton``."""
        ui = ctx.ui
        if ctx.data["prefs"]["direct_details"]:
            self._details(ctx, day)
        else:
            ui["dialog"] = day

    def _details(self, ctx: AppContext, day: int) -> None:
        ctx.ui["dialog"] = None
        ctx.start_activity(DETAILS, {"date": _key(date(ctx.ui["year"], ctx.ui["month"], day))})

    def _answer(self, ctx: AppContext, yes: bool) -> None:
        ui = ctx.ui
        day = date(ui["year"], ui["month"], ui["dialog"])
        ui["dialog"] = None
        if yes:
            if _type(calculate(ctx.data), day) in (START, CONFIRMED):
                remove_period(ctx.data, day)
            else:
                add_period(ctx.data, day)

    def _drawer_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["drawer"] = False
        target = {
            "list": LIST,
            "listdetails": LIST_DETAILS,
            "help": HELP,
            "about": ABOUT,
            "options": PREFS,
        }.get(item)
        if target:
            ctx.start_activity(target)
        elif item in ("copy", "restore"):
            ctx.ui["backup"] = {"op": item, "stage": "confirm"}
        else:
            ctx.finish()

    def _backup_ok(self, ctx: AppContext) -> None:
        op = ctx.ui["backup"]["op"]
        if WRITE_STORAGE in ctx.permissions:
            ctx.ui["backup"] = None
            self._run_backup(ctx, op)
        else:
            ctx.ui["backup"] = {"op": op, "stage": "permission"}

    def _ask_permission(self, ctx: AppContext) -> None:
        ctx.ui["pending"] = ctx.ui["backup"]["op"]
        ctx.ui["backup"] = None
        ctx.request_permission(WRITE_STORAGE)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        op = ctx.ui.pop("pending", None)
        if granted and op:
            self._run_backup(ctx, op)

    def _run_backup(self, ctx: AppContext, op: str) -> None:
        data = ctx.data
        if op == "copy":
            data["backup"] = {k: data[k] for k in ("rows", "notes", "symptoms")}
            ctx.toast("Backup done")
        elif data["backup"] is None:
            ctx.toast("Restore failed!")
        else:
            data.update({k: dict(v) for k, v in data["backup"].items()})
            ctx.toast("Restore done")

    def _cell(self, ctx: AppContext, calc: dict[str, Any], index: int, first: int) -> View:
        ui = ctx.ui
        days = calendar.monthrange(ui["year"], ui["month"])[1]
        suffix = "_2" if ui["second"] else ""
        if index < first or index >= first + days:
            return View(cls="android.view.View", width=150)
        day = date(ui["year"], ui["month"], index - first + 1)
        found = calc["days"].get(_key(day))
        desc = _long(day)
        if found and found[0] in LABELS:
            desc += " - " + LABELS[found[0]]
        return w.button(
            f"cal{index:02d}{suffix}",
            str(day.day),
            w.bind(self._tap, day.day),
            content_desc=desc,
            width=150,
        )

    def _main(self, ctx: AppContext) -> Screen:
        ui, data = ctx.ui, ctx.data
        calc = calculate(data)
        suffix = "_2" if ui["second"] else ""
        month = f"{w.MONTHS[ui['month'] - 1]} {ui['year']}"
        title = f"{month}\nØ{calc['average']} ↓{calc['shortest']} ↑{calc['longest']}"
        stats = (
            f"{month} - average cycle {calc['average']} - shortest cycle {calc['shortest']}"
            f" - longest cycle {calc['longest']}"
        )
        selector = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.button("buttonprev", "", w.bind(self._move, -1), content_desc=PREVIOUS_D),
                        w.button("buttontoday", "", self._current, content_desc="Current day"),
                        w.button("buttonnext", "", w.bind(self._move, 1), content_desc=NEXT_D),
                    ],
                    horizontal=True,
                    width=430,
                ),
                w.text_view(title, "displaydate", content_desc=stats, height=140),
            ],
            rid="monthselector",
            horizontal=True,
            height=140,
        )
        first = (date(ui["year"], ui["month"], 1).weekday() + 1) % 7 + 1  # Sunday is 1
        header = View(
            cls="android.widget.TableRow",
            resource_id=f"rowcaldays0{suffix}",
            layout=HORIZONTAL,
            height=90,
            children=[w.text_view(t, content_desc=d, width=150, height=90) for t, d in WEEKDAYS],
        )
        weeks = [
            View(
                cls="android.widget.TableRow",
                resource_id=f"rowcal{row * 7 + 1:02d}{row * 7 + 7:02d}{suffix}",
                layout=HORIZONTAL,
                children=[self._cell(ctx, calc, row * 7 + i, first) for i in range(1, 8)],
            )
            for row in range(6)
        ]
        table = View(
            cls="android.widget.TableLayout",
            resource_id=f"calendar{suffix}",
            children=[header, *weeks],
        )
        flipper = View(cls="android.widget.ViewFlipper", resource_id="mainwidget", children=[table])
        body = w.relative_layout([w.linear_layout([selector, flipper])], rid="mainview")
        bar = w.toolbar("Periodical", navigation=w.nav_button(w.OPEN_DRAWER, self._open_drawer))
        drawer = None
        if ui["drawer"]:
            entries = [
                w.drawer_entry(title, w.bind(self._drawer_item, rid)) for rid, title in DRAWER
            ]
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="nav_view",
                width=800,
                children=[w.linear_layout(entries)],
            )
        root = w.drawer_layout(
            w.linear_layout([bar, body]), drawer, cls="android.support.v4.widget.DrawerLayout"
        )
        return Screen(content=root, windows=self._main_windows(ctx, calc))

    def _open_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = True

    def _main_windows(self, ctx: AppContext, calc: dict[str, Any]) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["dialog"] is not None:
            day = date(ui["year"], ui["month"], ui["dialog"])
            kind = _type(calc, day)
            if kind == START:
                message = "Remove this Period?"
            elif kind == CONFIRMED:
                message = 'Remove the "Period" mark for this day?'
            else:
                message = 'Mark this day as "Period"?'
            close = w.bind(self._answer, False)
            buttons = [
                w.dialog_button(
                    "android:id/button3", "Edit details", w.bind(self._details, day.day)
                ),
                *w.dialog_buttons(("Yes", w.bind(self._answer, True)), ("No", close)),
            ]
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Edit calendar entry"),
                    [w.dialog_message(message)],
                    buttons,
                    close,
                )
            )
        backup = ui["backup"]
        if backup is not None:
            cancel = w.bind(self._set_backup, None)
            if backup["stage"] == "permission":
                text = (
                    "To create or restore backups, Periodical needs permission to access file "
                    "storage."
                )
                windows.append(
                    w.alert_dialog(
                        View(cls="android.view.View", height=0),
                        [w.dialog_message(text)],
                        w.dialog_buttons(("OK", self._ask_permission)),
                        cancel,
                    )
                )
            elif backup["op"] == "copy":
                text = "Do you want to backup the current data?\nThis will replace the last backup!"
                windows.append(
                    w.confirm_dialog(
                        "Backup data", text, ("OK", self._backup_ok), ("Cancel", cancel), cancel
                    )
                )
            else:
                text = (
                    "Do you want to restore the last backup?\nThis will replace the current data!"
                )
                windows.append(
                    w.confirm_dialog(
                        "Restore data", text, ("OK", self._backup_ok), ("Cancel", cancel), cancel
                    )
                )
        return windows

    def _set_backup(self, ctx: AppContext, value: Any) -> None:
        ctx.ui["backup"] = value

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or ctx.ui["drawer"]:
            return False
        if direction in ("left", "right"):
            self._move(ctx, 1 if direction == "left" else -1)
            return True
        return False

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer")
        return False

    # -- DetailsActivity ---------------------------------------------------------------------
    def _period(self, ctx: AppContext, yes: bool) -> None:
        day = _day(ctx.extras["date"])
        if yes:
            add_period(ctx.data, day)
        else:
            remove_period(ctx.data, day)

    def _store_details(self, ctx: AppContext, **change: Any) -> None:
        """``addEntryDetails``: notes, symptoms and intensity; an empty row when none."""
        key, data = ctx.extras["date"], ctx.data
        row = data["rows"].setdefault(key, {"type": EMPTY, "intensity": 1})
        if "intensity" in change:
            row["intensity"] = change["intensity"]
        if "notes" in change:
            data["notes"][key] = change["notes"]
        if "symptom" in change:
            w.toggle(data["symptoms"].setdefault(key, []), change["symptom"])

    def _details_screen(self, ctx: AppContext) -> Screen:
        key, data = ctx.extras["date"], ctx.data
        day = _day(key)
        kind = _type(calculate(data), day)
        period = kind in (START, CONFIRMED)
        row = data["rows"].get(key)
        intensity = row["intensity"] if period and row else 2
        symptoms = data["symptoms"].get(key, [])

        def radios(rid: str, items: list[tuple[str, str, bool, Any]], enabled: bool) -> View:
            return View(
                cls="android.widget.RadioGroup",
                resource_id=rid,
                layout=HORIZONTAL,
                height=120,
                children=[
                    w.radio_button(r, t, c, h, enabled=enabled, width=240) for r, t, c, h in items
                ],
            )

        boxes = [
            w.check_box("", t, n in symptoms, w.bind(self._pick, n), height=110) for n, t in EVENTS
        ]

        intensities = [
            (f"periodIntensity{n}", t, period and intensity == n, w.bind(self._intensity, n))
            for n, t in ((1, "1"), (2, "2"), (3, "3"), (4, "4 (strong)"))
        ]
        # The rows one by one (the scroll moves by rows; the symptoms' group holds 19 of them).
        rows = [
            w.text_view(_long(day), "labelDetailsHeader"),
            w.text_view("Period", "labelPeriod"),
            radios(
                "periodOptions",
                [
                    ("periodYes", "Yes", period, w.bind(self._period, True)),
                    ("periodNo", "No", not period, w.bind(self._period, False)),
                ],
                True,
            ),
            w.text_view("Intensity", "labelPeriodIntensity"),
            radios("periodIntensity", intensities, period),
            w.text_view("Notes", "labelNotes"),
            w.edit_text(
                "editNotes",
                data["notes"].get(key, ""),
                self._notes,
                cls="android.widget.MultiAutoCompleteTextView",
            ),
            w.text_view("Events", "labelEvents"),
            w.linear_layout(boxes[:2], rid="groupEvents", weight=0),
            w.text_view("Symptoms", "labelSymptoms"),
            *boxes[2:],
        ]
        scroll = w.scroll_view(rows, rid="detailsview", scrollable=True, scroll_key="scroll")
        bar = w.toolbar("Details", navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar, scroll]))

    def _intensity(self, ctx: AppContext, value: int) -> None:
        self._store_details(ctx, intensity=value)

    def _notes(self, ctx: AppContext, text: str) -> None:
        self._store_details(ctx, notes=text)

    def _pick(self, ctx: AppContext, symptom: int) -> None:
        self._store_details(ctx, symptom=symptom)

    # -- ListActivity, PreferenceActivity, stubs ---------------------------------------------
    def _list(self, ctx: AppContext) -> Screen:
        starts = sorted(
            (k for k, r in ctx.data["rows"].items() if r["type"] == START), reverse=True
        )
        maximum = ctx.data["prefs"]["maximum_cycle_length"]
        texts = []
        for n, key in enumerate(starts):
            day = _day(key)
            text = f"{day.month}/{day.day}/{day.year % 100:02d} — Period has started"
            if n + 1 < len(starts):
                length = (day - _day(starts[n + 1])).days
                text += (
                    f"\nLast cycle had {length} days"
                    if length <= maximum
                    else ("\nCycle length ignored")
                )
            else:
                text += "\nFirst entry"
            texts.append((key, text))
        rows = [w.list_row(text, height=200) for _, text in texts]
        bar = w.toolbar("List", navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar, w.list_view(rows, rid="listview")]))

    def _prefs(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        rows = []
        for key, title in PREF_ROWS:
            value = prefs[key]
            if isinstance(value, bool):
                rows.append(
                    w.preference(
                        title,
                        "",
                        w.bind(self._flip, key),
                        widget=w.checkbox_widget(value),
                    )
                )
            else:
                rows.append(w.preference(title, "", None))
        bar = w.toolbar("Preferences", navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar, w.list_view(rows)]))

    def _flip(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == DETAILS:
            return self._details_screen(ctx)
        if ctx.activity == LIST:
            return self._list(ctx)
        if ctx.activity == PREFS:
            return self._prefs(ctx)
        title = STUB_TITLES.get(ctx.activity, "Periodical")
        bar = w.toolbar(title, navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar, w.frame_layout(layout=FRAME)]))


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "periodical#63": [
        # The predicted start itself is marked: a new period starts there.
        [*TWO_PERIODS, tap_day(26), YES],
        # A day before the predicted start: a new period.
        [*TWO_PERIODS, tap_day(25), YES],
        # Only one period entered: nothing is predicted yet, the day starts a period.
        [PREVIOUS, tap_day(1), YES, NEXT, tap_day(28), YES],
        # The dialog is answered No.
        [*TWO_PERIODS, tap_day(28), NO],
    ],
}
