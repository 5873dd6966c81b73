"""Memento Calendar (``com.alexstyl.specialdates``) 3.6, for Memento-Calendar#7 ("Select Date
Dialog") and Memento-Calendar#169 ("Bug in app calendar which leads app to crash").

Modelled from the sources at tag ``3.6`` (under ``mobile/src/main``: ``AndroidManifest.xml``,
``ui/activity/MainActivity.java``, ``upcoming/UpcomingEventsFragment.java``,
``addevent/AddBirthdayActivity.java``, ``BirthdayFormPresenter.java``,
``BirthdayCreationValidator.java``, ``BirthdayLabelView.java``, ``BirthdayPickerDialog.java``,
``addevent/ui/BirthdayDatePicker.java``, ``contact/Birthday.java``, ``events/DayDate.java``,
``events/AnnualEvent.java``, ``events/DateDisplayStringCreator.java``, ``util/DateParser.java``,
``upcoming/MonthLabels.java``, the layouts ``activity_main.xml``, ``fragment_upcoming_events.xml``,
``activity_add_birthday.xml``, ``merge_contact_hero_view.xml``,
``merge_birthdaypicker_label_view.xml``, ``dialog_birthday_picker.xml``,
``merge_birthday_picker.xml``, the menus ``menu_mainactivity.xml`` and ``menu_upcoming_light.xml``,
``res/values/strings.xml``) and the fix of #7 (commit ``8aa17bd3``):

- the launcher opens ``MainActivity`` (targetSdk 22: no runtime permission is asked): the
  toolbar ``memento_toolbar`` ("Memento Calendar", actions Today and Search, the overflow's
  Settings and About; Donate is hidden without Play billing), the upcoming events list or its
  empty text, and the FAB ``fab_add``;
- ``AddBirthdayActivity``: ``addbirthday_title`` "Add birthday", the contact name field
  ``contacthero_name_suggestion`` ("Contact name"; the device has no contacts to suggest), the
  birthday label ``birthdaypicker_label`` ("Birthday"), Discard and Add (enabled once a name and
  a birthday are there; Add stores the contact and closes);
- the "Birthday date" dialog (``BirthdayPickerDialog``): three NumberPicker wheels
  (``day_picker`` 1-31, ``month_picker`` January-December, ``year_picker`` 1900-this year, the
  simonvt backport, each wrapping round), the CheckedTextView ``include_year_checkbox``
  ("Include year?", which hides or shows the year wheel) and Set. The first time it opens on
  today with the year included; after a birthday was set it opens on that birthday.

The app's today is fixed at 28 February 2018 (the date of the #169 report). Settings, About,
Search and Today are stubs; the device has no contacts.

Memento-Calendar#7 (non-crash): reopening the dialog after a birthday was set goes through
``Birthday.toString()``, which writes the date without its year ("--MM-dd"), so the dialog's
birthday never has a year: ``BirthdayDatePicker.setDisplayingDate`` unchecks "Include year?" but
leaves the year wheel visible (the fix sets its visibility). The oracle: the dialog was shown
with the box unchecked and the year wheel visible.

Memento-Calendar#169 (crash): the day wheel always runs 1-31, whatever the month. Set with a
day the month does not have (30 February) hands ``Birthday(30, 2, 2018)`` to the label, whose
``DateDisplayStringCreator.fullyFormattedBirthday`` builds a Joda ``LocalDate`` and throws
``org.joda.time.IllegalFieldValueException: Value 30 for dayOfMonth must be in the range
[1,28]``. Without the year the date is built in year -1, which is no leap year, so 29 February
fails too. A 29 February with a leap year is shown, and reopening the dialog then fails to
parse "--02-29" (``DeveloperError``).
"""

from __future__ import annotations

import calendar
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.alexstyl.specialdates"
MAIN = ".ui.activity.MainActivity"
ADD = ".addevent.AddBirthdayActivity"
SETTINGS = ".settings.MainPreferenceActivity"
ABOUT = ".about.AboutActivity"
TODAY = (2018, 2, 28)  # the device clock: (year, month, day)
FIRST_YEAR = 1900
NO_YEAR = -1
JODA = "org.joda.time.IllegalFieldValueException"
PICKER = "net.simonvt.numberpicker.NumberPicker"
PICKER_INPUT = "np__numberpicker_input"
EMPTY_TEXT = "No contacts with special events found.\nTap the '+' to add some"


def _wheel_shown_unchecked(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return bool(data.get("year_wheel_shown_unchecked"))


BUG_7 = BugSpec(
    "Memento-Calendar#7",
    "non-crash",
    "Select Date Dialog",
    _wheel_shown_unchecked,
    human_steps=(
        click(PACKAGE, "fab_add", cls="android.widget.ImageButton"),
        click(PACKAGE, "birthdaypicker_label", "Birthday"),
        click(PACKAGE, "include_year_checkbox", "Include year?"),
        click(PACKAGE, "android:id/button1", "Set"),
        click(PACKAGE, "birthdaypicker_label"),
    ),
)

BUG_169 = BugSpec(
    "Memento-Calendar#169",
    "crash",
    "Bug in app calendar which leads app to crash.",
    crash_oracle(PACKAGE, JODA, "for dayOfMonth must be in the range"),
    human_steps=(
        click(PACKAGE, "fab_add", cls="android.widget.ImageButton"),
        click(PACKAGE, "birthdaypicker_label", "Birthday"),
        click(PACKAGE, text="29", cls="android.widget.Button"),
        click(PACKAGE, text="30", cls="android.widget.Button"),
        click(PACKAGE, "android:id/button1", "Set"),
    ),
)


def _days_in(month: int, year: int) -> int:
    """Joda's month length: year -1 (no year) is not a leap year."""
    if month == 2:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        return 29 if leap else 28
    return calendar.monthrange(2001, month)[1]


def _formatted(day: int, month: int, year: int) -> str:
    """DateUtils.formatDateTime with FORMAT_SHOW_DATE and SHOW_YEAR or NO_YEAR (en-US)."""
    text = f"{w.MONTHS[month - 1]} {day}"
    return f"{text}, {year}" if year != NO_YEAR else text


class MementoCalendar36(VirtualApp):
    """Memento Calendar 3.6 (see the module docstring)."""

    name: ClassVar[str] = "Memento-Calendar"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Memento Calendar"
    version: ClassVar[str] = "3.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_7, BUG_169)

    def initial_data(self) -> dict[str, Any]:
        return {"contacts": [], "year_wheel_shown_unchecked": 0}

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("menu", False)
        elif ctx.activity == ADD:
            ui.setdefault("name", "")
            ui.setdefault("birthday", None)  # [day, month, year] (year -1: none)
            ui.setdefault("picker", None)

    # -- the picker dialog -------------------------------------------------------------------
    def _open_picker(self, ctx: AppContext) -> None:
        """AddBirthdayActivity.displayBirthdayPickerDialog."""
        birthday = ctx.ui["birthday"]
        year, month, day = TODAY
        if birthday is None:  # createDialog: today, with its year
            ctx.ui["picker"] = {"day": day, "month": month, "year": year, "include": True}
            ctx.ui["picker"]["year_visible"] = True
            return
        # createDialogFor: the argument is Birthday.toString(), "--MM-dd" (never the year),
        # parsed back with the default year -1.
        b_day, b_month, _ = birthday
        text = f"--{b_month:02d}-{b_day:02d}"
        if b_day > _days_in(b_month, NO_YEAR):
            raise JavaException(
                "com.novoda.notils.exception.DeveloperError",
                f"Invalid birthday to display [{text}]",
                frames=[
                    "com.alexstyl.specialdates.addevent.BirthdayPickerDialog.extractBirthday"
                    "(BirthdayPickerDialog.java:65)",
                    "com.alexstyl.specialdates.addevent.BirthdayPickerDialog.onCreate"
                    "(BirthdayPickerDialog.java:52)",
                    "android.support.v4.app.Fragment.performCreate(Unknown Source)",
                ],
            )
        # setDisplayingDate(no year): the box unchecked, the year wheel left as it is (visible).
        ctx.ui["picker"] = {
            "day": b_day,
            "month": b_month,
            "year": year,
            "include": False,
            "year_visible": True,
        }
        ctx.data["year_wheel_shown_unchecked"] += 1

    def _wheel(self, ctx: AppContext, key: str, index: int) -> None:
        picker = ctx.ui["picker"]
        if key == "day":
            picker["day"] = index + 1
        elif key == "month":
            picker["month"] = index + 1
        else:
            picker["year"] = FIRST_YEAR + index

    def _toggle_year(self, ctx: AppContext) -> None:
        picker = ctx.ui["picker"]
        picker["include"] = not picker["include"]
        picker["year_visible"] = picker["include"]

    def _set(self, ctx: AppContext) -> None:
        """The positive button: listener.onBirthdaySet(datePicker.getDisplayingBirthday())."""
        picker = ctx.ui["picker"]
        ctx.ui["picker"] = None
        year = picker["year"] if picker["include"] else NO_YEAR
        day, month = picker["day"], picker["month"]
        # presenter.presentBirthday → BirthdayLabelView.displayBirthday →
        # DateDisplayStringCreator.fullyFormattedBirthday → DayDate.newInstance → LocalDate.
        limit = _days_in(month, year)
        if day > limit:
            raise JavaException(
                JODA,
                f"Value {day} for dayOfMonth must be in the range [1,{limit}]",
                frames=[
                    "org.joda.time.field.FieldUtils.verifyValueBounds(Unknown Source)",
                    "org.joda.time.chrono.BasicChronology.getDateMidnightMillis(Unknown Source)",
                    "org.joda.time.chrono.BasicChronology.getDateTimeMillis0(Unknown Source)",
                    "org.joda.time.chrono.BasicChronology.getDateTimeMillis(Unknown Source)",
                    "org.joda.time.chrono.GregorianChronology.getDateTimeMillis(Unknown Source)",
                    "org.joda.time.LocalDate.<init>(Unknown Source)",
                    "org.joda.time.LocalDate.<init>(Unknown Source)",
                    "com.alexstyl.specialdates.events.DayDate.newInstance(DayDate.java:57)",
                    "com.alexstyl.specialdates.events.DateDisplayStringCreator"
                    ".fullyFormattedBirthday(DateDisplayStringCreator.java:64)",
                    "com.alexstyl.specialdates.addevent.BirthdayLabelView.displayBirthday"
                    "(BirthdayLabelView.java:40)",
                    "com.alexstyl.specialdates.addevent.BirthdayFormPresenter.presentBirthday"
                    "(BirthdayFormPresenter.java:67)",
                    "com.alexstyl.specialdates.addevent.AddBirthdayActivity$4.onBirthdaySet"
                    "(AddBirthdayActivity.java:142)",
                    "com.alexstyl.specialdates.addevent.BirthdayPickerDialog$1.onClick"
                    "(BirthdayPickerDialog.java:83)",
                    "android.support.v7.app.AlertController$ButtonHandler.handleMessage"
                    "(AlertController.java:157)",
                    *message_frames(25, full=False),
                ],
            )
        ctx.ui["birthday"] = [day, month, year]

    # -- the form ----------------------------------------------------------------------------
    def _type_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["name"] = text

    def _can_add(self, ctx: AppContext) -> bool:
        return bool(ctx.ui["name"].strip()) and ctx.ui["birthday"] is not None

    def _add(self, ctx: AppContext) -> None:
        """ContactPersister.createContactWithNameAndBirthday, then finish."""
        if not self._can_add(ctx):
            return
        ctx.data["contacts"].append(
            {"name": ctx.ui["name"].strip(), "birthday": ctx.ui["birthday"]}
        )
        ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        return ctx.activity == MAIN and w.dismiss(ctx.ui, "menu")

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ADD:
            return self._add_screen(ctx)
        if ctx.activity in (SETTINGS, ABOUT):
            title = "Settings" if ctx.activity == SETTINGS else "About"
            bar = w.toolbar(title, navigation=w.nav_button("Navigate up", w.finish))
            return Screen(content=w.linear_layout([bar, View()]))
        return self._main(ctx)

    def _main(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "Memento Calendar",
            rid="memento_toolbar",
            actions=[
                w.action_item("action_today", "Today", None),
                w.action_item("action_search", "Search", None),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        contacts = ctx.data["contacts"]
        if contacts:
            rows = [
                w.linear_layout(
                    [
                        w.text_view(c["name"], "upcoming_event_contact_name"),
                        w.text_view(_formatted(*c["birthday"])),
                    ],
                    height=168,
                )
                for c in contacts
            ]
            body = w.list_view(rows, rid="upcoming_eventslist")
        else:
            body = w.text_view(EMPTY_TEXT, "upcoming_events_emptyview", height=300)
        column = w.linear_layout(
            [
                bar,
                w.frame_layout([body], rid="upcoming"),
            ]
        )
        add = w.fab("fab_add", "", lambda c: c.start_activity(ADD))
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            close = lambda c: c.ui.update(menu=False)  # noqa: E731

            def go(activity: str) -> Any:
                return lambda c: (c.ui.update(menu=False), c.start_activity(activity))

            windows.append(w.menu_window([("Settings", go(SETTINGS)), ("About", go(ABOUT))], close))
        root = w.relative_layout([column, add], layout=FRAME)
        return Screen(content=root, windows=windows)

    def _add_screen(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        birthday = ui["birthday"]
        hero = w.linear_layout(
            [
                w.frame_layout(rid="contact_hero_avatar_holder", width=170),
                w.edit_text(
                    "contacthero_name_suggestion",
                    ui["name"],
                    self._type_name,
                    hint="Contact name",
                    cls="android.widget.AutoCompleteTextView",
                ),
            ],
            rid="addbirthday_hero",
            horizontal=True,
            height=170,
        )
        label = w.linear_layout(
            [
                w.image_view(width=150),
                w.text_view(
                    _formatted(*birthday) if birthday else "",
                    "birthdaypicker_label",
                    hint="Birthday",
                    on_click=self._open_picker,
                ),
            ],
            rid="addbirthday_datepicker",
            horizontal=True,
            height=150,
        )
        buttons = w.linear_layout(
            [
                View(),
                w.button("addbirthday_dismiss_button", "Discard", w.finish, width=300),
                w.button(
                    "addbirthday_add_button",
                    "Add",
                    self._add,
                    enabled=self._can_add(ctx),
                    width=300,
                ),
            ],
            horizontal=True,
            height=140,
        )
        content = w.relative_layout(
            [
                w.text_view("Add birthday", "addbirthday_title", height=160),
                w.linear_layout([hero, label], rid="addbirthday_content", weight=0),
                View(),
                buttons,
            ]
        )
        windows = [self._picker_dialog(ctx)] if ui["picker"] else []
        return Screen(content=content, windows=windows)

    def _picker_dialog(self, ctx: AppContext) -> Window:
        picker = ctx.ui["picker"]
        wheels = [
            w.number_picker(
                "day_picker",
                [str(d) for d in range(1, 32)],
                picker["day"] - 1,
                lambda c, i: self._wheel(c, "day", i),
                cls=PICKER,
                input_rid=PICKER_INPUT,
            ),
            w.number_picker(
                "month_picker",
                list(w.MONTHS),
                picker["month"] - 1,
                lambda c, i: self._wheel(c, "month", i),
                cls=PICKER,
                input_rid=PICKER_INPUT,
                width=300,
            ),
        ]
        if picker["year_visible"]:
            wheels.append(
                w.number_picker(
                    "year_picker",
                    [str(y) for y in range(FIRST_YEAR, TODAY[0] + 1)],
                    picker["year"] - FIRST_YEAR,
                    lambda c, i: self._wheel(c, "year", i),
                    cls=PICKER,
                    input_rid=PICKER_INPUT,
                )
            )
        body = w.linear_layout(
            [
                w.linear_layout(wheels, horizontal=True, height=370),
                View(
                    cls="android.widget.CheckedTextView",
                    resource_id="include_year_checkbox",
                    text="Include year?",
                    checkable=True,
                    checked=picker["include"],
                    on_click=self._toggle_year,
                    height=120,
                ),
            ],
            rid="dialog_birthday_picker",
            weight=0,
        )
        close = lambda c: c.ui.update(picker=None)  # noqa: E731
        return w.alert_dialog(
            w.dialog_title("Birthday date"),
            [body],
            [w.dialog_button("android:id/button1", "Set", self._set)],
            close,
        )
