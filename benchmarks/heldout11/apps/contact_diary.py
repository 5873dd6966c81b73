"""Contact Diary (``com.apozas.contactdiary``) 1.3.2, for contactdiary#30.

Modelled from the sources of 1.3.2, commit ``f13b189`` of apozas/contactdiary (the parent of the
fix; ``android_app/app/build.gradle`` there says ``versionName "1.3.2"``), and the fix, commit
``9083927`` ("Fix duplication with year transition", released as 1.3.3). Files read:
``AndroidManifest.xml``, ``MainActivity.kt``, ``NewContactActivity.kt``,
``FeedReaderDbHelper.kt`` (``viewData``), ``DataCursorAdapter.kt``,
``res/layout/activity_main_inside.xml``, ``list_layout.xml``, ``activity_addcontact_inside.xml``,
``res/menu/popup_menu.xml``, ``res/values/strings.xml``.

Screens: ``MainActivity`` (no first-run dialog) shows the toolbar "Contact Diary" with the
"Options" button (SettingsActivity), the ``diarytable`` ListView of entries newest first (a
``list_item_header`` date in the MEDIUM format on the first row of each date, the name in
``list_item``) or the ``emptyList`` text, and the FAB ``fab`` that shows ``fabText1``/``fab1``
"New contact" and ``fabText2``/``fab2`` "New event". A long press on an entry opens its
context menu (``popup_menu.xml``: "Select", "Make a copy today", "Delete"). ``onCreate`` and
``onResume`` first delete every entry that began 15 days ago or earlier
(``restrict15LastDays``). ``NewContactActivity`` has the name, place, date (today, a
DatePickerDialog on tap), times, phone, the three radio questions, notes and the OK FAB
``okButton_AddContact``; an empty name shows "Compulsory field".

The bug (contactdiary#30, non-crash): ``MainActivity.duplicateEntry`` ("Make a copy today")
builds the copy's begin time from the original's timestamp and then sets only its
``DAY_OF_YEAR`` to today's, so the copy keeps the original's year: a copy made on 1 January 2021
of an entry from December 2020 is dated 1 January 2020 and is listed at the bottom. The fix also
sets ``YEAR``. (The copy is deleted by ``restrict15LastDays`` at the next resume of the list.)

Stubbed: the time pickers (the time fields are shown but not interactive), the help popup,
multi-select ("Select" starts nothing), SettingsActivity, NewEventActivity and
EditContactActivity (a title and Back). Uncertain: ``restrict15LastDays`` sets ``HOUR`` (the
12-hour field), so its cut-off is 00:00 or 12:00 fifteen days ago; the model drops entries dated
15 days ago or earlier. The virtual device does not resize an activity above the soft keyboard
(``adjustResize``, which this screen has), so the steps press Back to hide the keyboard before
touching the OK button at the bottom. Fixed data: the app's today is Friday 1 January 2021
(the report's date), locale en-US.
"""

from __future__ import annotations

import calendar
import datetime as dt
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text, long_click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.apozas.contactdiary"
MAIN = ".MainActivity"
NEW_CONTACT = ".NewContactActivity"
NEW_EVENT = ".NewEventActivity"
EDIT_CONTACT = ".EditContactActivity"
SETTINGS = ".SettingsActivity"
TODAY = dt.date(2021, 1, 1)
SHORT_MONTHS = tuple(name[:3] for name in w.MONTHS)


def _medium(day: dt.date) -> str:
    """DateFormat.getDateInstance() (MEDIUM, en-US): "Jan 1, 2021"."""
    return f"{SHORT_MONTHS[day.month - 1]} {day.day}, {day.year}"


def _copy_in_past_year(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of contactdiary#30: an entry dated on today's day of the year but in an
    earlier year (only a copy made today can be: a directly entered date that old is deleted
    on the list's next resume)."""
    doy = TODAY.timetuple().tm_yday
    for entry in data["entries"]:
        day = dt.date.fromisoformat(entry["begin"])
        if day.year < TODAY.year and day.timetuple().tm_yday == doy:
            return True
    return False


def _new_contact_on(day_desc: str, name: str = "Anna") -> list[dict[str, Any]]:
    """Add a contact named ``name`` dated on a day of December 2020 (picked in the date picker)."""
    return [
        click(PACKAGE, "fab"),
        click(PACKAGE, "fabText1", "New contact"),
        input_text(PACKAGE, "name_input", name, hint="Name"),
        {"kind": "press_back"},  # hides the soft keyboard (see the module docstring)
        click(PACKAGE, "date_input"),
        click(PACKAGE, "android:id/prev", desc="Previous month"),
        click(PACKAGE, desc=day_desc),
        click(PACKAGE, "android:id/button1", "OK"),
        click(PACKAGE, "okButton_AddContact"),
    ]


BUG_30 = BugSpec(
    bug_id="contactdiary#30",
    kind="non-crash",
    title="[Bug]",
    oracle=_copy_in_past_year,
    human_steps=(
        *_new_contact_on("31 December 2020"),
        long_click(PACKAGE, "list_item", "Anna"),
        click(PACKAGE, text="Make a copy today"),
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "contactdiary#30": [
        # The entry is only added.
        _new_contact_on("31 December 2020"),
        # An entry of today copied today.
        [
            click(PACKAGE, "fab"),
            click(PACKAGE, "fabText1", "New contact"),
            input_text(PACKAGE, "name_input", "Anna", hint="Name"),
            {"kind": "press_back"},
            click(PACKAGE, "okButton_AddContact"),
            long_click(PACKAGE, "list_item", "Anna"),
            click(PACKAGE, text="Make a copy today"),
        ],
        # "Delete" instead of the copy.
        [
            *_new_contact_on("31 December 2020"),
            long_click(PACKAGE, "list_item", "Anna"),
            click(PACKAGE, text="Delete"),
        ],
        # "Select" instead of the copy.
        [
            *_new_contact_on("31 December 2020"),
            long_click(PACKAGE, "list_item", "Anna"),
            click(PACKAGE, text="Select"),
        ],
    ],
}


class ContactDiary132(VirtualApp):
    """Contact Diary 1.3.2 (see the module docstring)."""

    name: ClassVar[str] = "contactdiary"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Contact Diary"
    version: ClassVar[str] = "1.3.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_30,)

    def initial_data(self) -> dict[str, Any]:
        return {"entries": [], "next_id": 1}

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("fab_open", False)
            ctx.ui.setdefault("menu_for", None)
            self._restrict_15_last_days(ctx)
        elif ctx.activity == NEW_CONTACT:
            for key, value in (
                ("name", ""),
                ("place", ""),
                ("phone", ""),
                ("notes", ""),
                ("date", TODAY.isoformat()),
                ("known", -1),
                ("encounter", -1),
                ("mitigation", -1),
                ("name_error", False),
                ("picker", None),
            ):
                ctx.ui.setdefault(key, value)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("fab_open"):
            ctx.ui["fab_open"] = False
            return True
        return False

    def _restrict_15_last_days(self, ctx: AppContext) -> None:
        cutoff = TODAY - dt.timedelta(days=15)
        ctx.data["entries"] = [
            e for e in ctx.data["entries"] if dt.date.fromisoformat(e["begin"]) > cutoff
        ]

    # -- main ----------------------------------------------------------------------------------
    def _sorted(self, ctx: AppContext) -> list[dict[str, Any]]:
        """viewData: every entry, ORDER BY the begin time DESC."""
        return sorted(ctx.data["entries"], key=lambda e: (e["begin"], e["id"]), reverse=True)

    def _duplicate(self, ctx: AppContext, entry_id: int) -> None:
        """duplicateEntry: the original's time with today's DAY_OF_YEAR (its year is kept)."""
        ctx.ui["menu_for"] = None
        original = next(e for e in ctx.data["entries"] if e["id"] == entry_id)
        self._insert_copy(ctx, original, self._copy_date(dt.date.fromisoformat(original["begin"])))

    def _copy_date(self, begin: dt.date) -> dt.date:
        doy = TODAY.timetuple().tm_yday
        # Calendar.set(DAY_OF_YEAR, ...) on the original's year; a day past that year's end
        # rolls into the next (lenient Calendar).
        return dt.date(begin.year, 1, 1) + dt.timedelta(days=doy - 1)

    def _insert_copy(self, ctx: AppContext, original: dict[str, Any], day: dt.date) -> None:
        copy = dict(original, id=ctx.data["next_id"], begin=day.isoformat(), end=day.isoformat())
        ctx.data["next_id"] += 1
        ctx.data["entries"].append(copy)

    def _delete(self, ctx: AppContext, entry_id: int) -> None:
        ctx.ui["menu_for"] = None
        ctx.data["entries"] = [e for e in ctx.data["entries"] if e["id"] != entry_id]
        ctx.toast("Entry deleted")

    def _open_entry(self, ctx: AppContext, entry: dict[str, Any]) -> None:
        if entry["type"] == "Contact":
            ctx.start_activity(EDIT_CONTACT, {"entry": str(entry["id"])})
        else:
            ctx.start_activity(".EditEventActivity", {"entry": str(entry["id"])})

    def _start(self, ctx: AppContext, activity: str) -> None:
        ctx.start_activity(activity)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == NEW_CONTACT:
            return self._new_contact(ctx)
        titles = {
            NEW_EVENT: "New event",
            EDIT_CONTACT: "Edit contact",
            ".EditEventActivity": "Edit event",
            SETTINGS: "Options",
        }
        navigation = w.up_button() if ctx.activity == SETTINGS else None
        bar = w.toolbar(titles.get(ctx.activity, ""), navigation=navigation)
        return Screen(content=w.linear_layout([bar]))

    def _rows(self, ctx: AppContext) -> list[View]:
        rows: list[View] = []
        previous = ""
        for entry in self._sorted(ctx):
            date = _medium(dt.date.fromisoformat(entry["begin"]))
            children: list[View] = []
            if date != previous:
                children.append(w.text_view(date, "list_item_header", height=100))
            else:
                children.append(View(cls="android.view.View", resource_id="list_divider", height=3))
            children.append(w.text_view(entry["name"], "list_item", height=147))
            previous = date
            rows.append(
                w.linear_layout(
                    children,
                    weight=0,
                    on_click=w.bind(self._open_entry, entry),
                    on_long_click=w.bind(lambda c, i: c.ui.update(menu_for=i), entry["id"]),
                )
            )
        return rows

    def _main(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "Contact Diary",
            actions=[w.image_button("", "Options", w.bind(self._start, SETTINGS), width=147)],
        )
        rows = self._rows(ctx)
        body: View = (
            View(cls="android.widget.ListView", resource_id="diarytable", children=rows)
            if rows
            else w.text_view("Press (+) to begin adding contacts", "emptyList")
        )
        layers: list[View] = [w.linear_layout([bar, body])]
        if ctx.ui.get("fab_open"):
            layers.append(
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view(
                                    "New event", "fabText2", on_click=w.bind(self._start, NEW_EVENT)
                                ),
                                w.fab("fab2", "", w.bind(self._start, NEW_EVENT), size=147),
                            ],
                            horizontal=True,
                            height=168,
                        ),
                        w.linear_layout(
                            [
                                w.text_view(
                                    "New contact",
                                    "fabText1",
                                    on_click=w.bind(self._start, NEW_CONTACT),
                                ),
                                w.fab("fab1", "", w.bind(self._start, NEW_CONTACT), size=147),
                            ],
                            horizontal=True,
                            height=168,
                        ),
                        View(cls="android.view.View", height=220),
                    ],
                    width=600,
                    height=556,
                    gravity="bottom_end",
                )
            )
        layers.append(w.fab("fab", "", lambda c: c.ui.update(fab_open=not c.ui.get("fab_open"))))
        content = w.frame_layout(layers, layout=FRAME)
        windows: list[Window] = []
        entry_id = ctx.ui.get("menu_for")
        if entry_id is not None:
            items = [
                ("Select", lambda c: c.ui.update(menu_for=None), "popup_select"),
                ("Make a copy today", w.bind(self._duplicate, entry_id), "popup_duplicate"),
                ("Delete", w.bind(self._delete, entry_id), "popup_delete"),
            ]
            windows.append(
                w.menu_window(
                    items, lambda c: c.ui.update(menu_for=None), title_rid="android:id/title"
                )
            )
        return Screen(content=content, windows=windows)

    # -- new contact ---------------------------------------------------------------------------
    def _save(self, ctx: AppContext) -> None:
        if not ctx.ui["name"]:
            ctx.ui["name_error"] = True
            return
        ctx.data["entries"].append(
            {
                "id": ctx.data["next_id"],
                "type": "Contact",
                "name": ctx.ui["name"],
                "place": ctx.ui["place"],
                "begin": ctx.ui["date"],
                "end": ctx.ui["date"],
                "phone": ctx.ui["phone"],
                "relative": ctx.ui["known"],
                "closecontact": ctx.ui["mitigation"],
                "encounter": ctx.ui["encounter"],
                "notes": ctx.ui["notes"],
            }
        )
        ctx.data["next_id"] += 1
        ctx.toast("Contact saved")
        ctx.finish()

    def _open_picker(self, ctx: AppContext) -> None:
        day = dt.date.fromisoformat(ctx.ui["date"])
        ctx.ui["picker"] = [day.year, day.month, day.day]

    def _picker_day(self, ctx: AppContext, day: int) -> None:
        ctx.ui["picker"][2] = day

    def _picker_month(self, ctx: AppContext, delta: int) -> None:
        year, month, day = ctx.ui["picker"]
        index = year * 12 + month - 1 + delta
        year, month = index // 12, index % 12 + 1
        ctx.ui["picker"] = [year, month, min(day, calendar.monthrange(year, month)[1])]

    def _picker_ok(self, ctx: AppContext) -> None:
        year, month, day = ctx.ui["picker"]
        ctx.ui["date"] = dt.date(year, month, day).isoformat()
        ctx.ui["picker"] = None

    def _field(self, rid: str, key: str, hint: str, ctx: AppContext) -> View:
        return w.edit_text(
            rid,
            ctx.ui[key],
            lambda c, t: c.ui.update(
                {key: t, "name_error": False if key == "name" else c.ui["name_error"]}
            ),
            hint=hint,
            cls="com.google.android.material.textfield.TextInputEditText",
        )

    def _radios(self, ctx: AppContext, key: str, rid: str, choices: list[tuple[str, str]]) -> View:
        buttons = [
            w.radio_button(
                button_id,
                text,
                ctx.ui[key] == i,
                w.bind(lambda c, k, v: c.ui.update({k: v}), key, i),
            )
            for i, (button_id, text) in enumerate(choices)
        ]
        return View(
            cls="android.widget.RadioGroup",
            resource_id=rid,
            layout="horizontal",
            height=147,
            children=buttons,
        )

    def _new_contact(self, ctx: AppContext) -> Screen:
        day = dt.date.fromisoformat(ctx.ui["date"])
        form: list[View] = [
            self._field("name_input", "name", "Name", ctx),
        ]
        if ctx.ui.get("name_error"):
            form.append(w.text_view("Compulsory field", "textinput_error"))
        form += [
            self._field("place_input", "place", "Place", ctx),
            w.linear_layout(
                [
                    w.text_view("Date", "date_text"),
                    w.edit_text(
                        "date_input",
                        _medium(day),
                        None,
                        hint="Date",
                        on_click=self._open_picker,
                        focusable=False,
                    ),
                ],
                horizontal=True,
                height=147,
            ),
            w.linear_layout(
                [
                    w.text_view("Time", "time_text"),
                    w.edit_text("inittime_input", "", None, hint="00:00", focusable=False),
                    w.text_view("-"),
                    w.edit_text("endtime_input", "", None, hint="00:00", focusable=False),
                ],
                horizontal=True,
                height=147,
            ),
            self._field("phone_input", "phone", "Phone", ctx),
            w.text_view("Relative or close friend?", "known_question"),
            self._radios(ctx, "known", "known_group", [("known_yes", "Yes"), ("known_no", "No")]),
            w.text_view("Encounter type", "encounter_question"),
            self._radios(
                ctx,
                "encounter",
                "contact_indoor_outdoor",
                [("contact_indoors", "Indoors"), ("contact_outdoors", "Outdoors")],
            ),
            w.linear_layout(
                [
                    w.text_view("Were prevention measures taken?"),
                    w.image_button("help", "", None, width=126),
                ],
                horizontal=True,
                height=126,
            ),
            self._radios(
                ctx,
                "mitigation",
                "mitigation_group",
                [
                    ("mitigation_yes", "Yes"),
                    ("mitigation_no", "No"),
                    ("mitigation_maybe", "Not sure"),
                ],
            ),
            self._field("notes_input", "notes", "Notes", ctx),
        ]
        page = w.linear_layout(
            [w.toolbar("New contact"), w.linear_layout(form, rid="linearLayout", weight=0)]
        )
        content = w.frame_layout(
            [
                w.scroll_view([page]),
                w.fab("okButton_AddContact", "", self._save),
            ],
            rid="newcontactlayout",
            layout=FRAME,
        )
        windows: list[Window] = []
        if ctx.ui.get("picker"):
            year, month, d = ctx.ui["picker"]
            windows.append(
                w.date_picker_dialog(
                    year,
                    month,
                    d,
                    self._picker_day,
                    self._picker_month,
                    self._picker_ok,
                    lambda c: c.ui.update(picker=None),
                )
            )
        return Screen(content=content, windows=windows)
