"""Anglers' Log (``com.cohenadair.anglerslog``) 1.3.1, for anglers-log#347 ("Can't edit dates
for a Trip").

Modelled from the sources at tag ``android-v1.3.1`` (under ``android/app/src/main``:
``activities/MainActivity.java``, ``activities/LayoutSpecActivity.java``,
``utilities/LayoutSpecManager.java``, ``utilities/LayoutSpec.java``,
``utilities/NavigationManager.java``, ``fragments/ManageFragment.java``,
``fragments/ManageContentFragment.java``, ``fragments/DatePickerFragment.java``,
``trips/ManageTripFragment.java``, ``trips/TripListManager.java``, ``trips/TripFragment.java``,
``model/Logbook.java``, ``model/user_defines/Trip.java``, ``utilities/AlertUtils.java``,
``res/layout/activity_main.xml``, ``fragment_mylist.xml``, ``fragment_manage_trip.xml``,
``fragment_trip.xml``, ``view_input_button.xml``, ``view_input_text.xml``,
``view_title_subtitle.xml``, ``view_display_label.xml``, ``res/menu/menu_navigation_drawer.xml``,
``menu_mylist.xml``, ``menu_manage.xml``, ``menu_share.xml``, ``menu_done.xml``,
``res/values/strings.xml``) and the fix, commit ``78e27e42``:

- a fresh install opens ``MainActivity`` on Catches (``LogbookPreferences``' default layout):
  the support Toolbar (``toolbar``) with the drawer toggle ("Open the navigation drawer menu."),
  the title "Catches (0)", Search (``action_search``) and the overflow's Sort, the RecyclerView
  ``main_recycler_view`` and the add FAB (``new_button``); the drawer (``navigation_view``) holds
  Trips, Catches, Baits, Locations, Map, Photo Gallery, Statistics, the two #AnglersLogApp
  entries, Settings, Rate Anglers' Log and Help & Feedback. Trips, Catches, Baits and Locations
  are lists (only Trips' add and detail screens are modelled; the others' add screens are a
  title, Done and Back); the other entries are stubs with a title;
- a trip row (``title_text_view``: the name, or "start to end" when unnamed;
  ``subtitle_text_view``: the dates; ``subsubtitle_text_view``: "0 Catches") opens the trip's
  details (``TripFragment``: Edit ``action_edit``, Delete ``action_trash`` with the
  "Confirm Delete" dialog, Share ``action_share``; the name and dates as display labels);
- "New Trip"/"Edit Trip" (``ManageTripFragment`` in the main activity, the toolbar's Done
  ``action_confirm``): the start and end dates (``start_date_view``/``end_date_view``, each an
  InputButtonView whose ``primary_button`` shows the medium date, "Aug 15, 2019"), name
  (``name_view`` → ``edit_text``, "Add name"), catches, locations, anglers (their selection
  screens are not modelled: tapping them shows nothing new) and notes ("Add note"). The date
  buttons open the framework's DatePickerDialog; a picked day gets the current time of day
  (``ManageContentFragment.showDatePickerFragment``). A start after the end or an end before
  the start shows the app's error dialog and keeps the old date.

The world: the device clock is fixed at 2019-08-15 14:30 (local time) and does not move, so a
new trip starts and ends at that instant and a picked day is that day at 14:30.

The bug (anglers-log#347): saving checks ``(mDateChanged || !isEditing()) &&
Logbook.tripExists(newTrip)``, and ``tripExists`` tests the new dates against every stored trip,
the edited trip's own stored copy included (``Trip.overlapsTrip``: the other's start before this
end and the other's end after this start). So after a date change of an existing trip whose new
range overlaps its own old range, the error "A trip within that date range already exists..."
appears and nothing is saved. A trip created with the default dates has a zero-length range
(start = end = now), which nothing overlaps strictly unless both ends move outwards; the human
steps create a trip from Aug 10 to Aug 15 (as a trip is usually entered) and then move its start
to Aug 12. The fix skips the trip with the same id. The oracle reads app state: an edit rejected
where no OTHER trip overlaps (a clash with another trip is the check working, not the bug).

Human steps: 13 actions against index.tsv's 8: the model counts each tap of the date picker
(open, day, OK: 3 per date) and the drawer's two taps to reach Trips; the report's five steps
("Create Trip, Edit Trip, Modify date, Press Save, Observe error") need no more.
"""

from __future__ import annotations

import calendar
import datetime as dt
from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window
from device_agent.virtual.widgets import (
    NAVIGATE_UP,
    action_item,
    bind,
    confirm_dialog,
    date_picker_dialog,
    drawer_entry,
    drawer_layout,
    edit_text,
    fab,
    list_view,
    menu_window,
    nav_button,
    overflow_button,
    text_view,
    toolbar,
)

PACKAGE = "com.cohenadair.anglerslog"
MAIN = ".activities.MainActivity"
NOW = dt.datetime(2019, 8, 15, 14, 30)  # the fixed device clock (see the module docstring)

DRAWER_DESC = "Open the navigation drawer menu."  # R.string.menu_description
DRAWER = (
    "Trips",
    "Catches",
    "Baits",
    "Locations",
    "Map",
    "Photo Gallery",
    "Statistics",
    "#AnglersLogApp",
    "#AnglersLogApp",
    "Settings",
    "Rate Anglers' Log",
    "Help & Feedback",
)
LISTS = {"Trips": "Trip", "Catches": "Catch", "Baits": "Bait", "Locations": "Location"}
ERROR_TRIP_DATE = (
    "A trip within that date range already exists.  Please choose another date or edit the "
    "current trip."
)
ERROR_START = "Start date must come before end date."
ERROR_END = "End date must come after start date."
CONFIRM_DELETE = "This action cannot be undone. Delete anyway?"


def medium_date(iso: str) -> str:
    """``DateFormat.getMediumDateFormat`` in en-US: ``"2019-08-15T14:30"`` → ``"Aug 15, 2019"``."""
    when = dt.datetime.fromisoformat(iso)
    return f"{calendar.month_abbr[when.month]} {when.day}, {when.year}"


def overlaps(trip: dict[str, Any], other: dict[str, Any]) -> bool:
    """``trip.overlapsTrip(other)`` (Trip.java): other's start before trip's end and other's end
    after trip's start (ISO strings of one format compare as times)."""
    return other["start"] < trip["end"] and other["end"] > trip["start"]


def _bug_triggered(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return bool(data.get("self_overlap_rejections"))


def _click(rid: str = "", text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return {
        "kind": "click",
        "target": {
            "resource_id": f"{PACKAGE}:id/{rid}" if rid and ":" not in rid else rid,
            "text": text,
            "content_desc": desc,
            "class_name": cls,
        },
    }


BUG_347 = BugSpec(
    bug_id="anglers-log#347",
    kind="non-crash",
    title="Can't edit dates for a Trip",
    oracle=_bug_triggered,
    human_steps=(
        _click(desc=DRAWER_DESC, cls="android.widget.ImageButton"),
        _click("design_menu_item_text", "Trips", cls="android.widget.CheckedTextView"),
        _click("new_button", cls="android.widget.ImageButton"),
        _click("primary_button", "Aug 15, 2019", cls="android.widget.Button"),
        _click(desc="10 August 2019", cls="android.view.View"),
        _click("android:id/button1", "OK", cls="android.widget.Button"),
        _click("action_confirm", desc="Done", cls="android.widget.TextView"),
        _click("title_text_view", "Aug 10, 2019 to Aug 15, 2019", cls="android.widget.TextView"),
        _click("action_edit", desc="Edit", cls="android.widget.TextView"),
        _click("primary_button", "Aug 10, 2019", cls="android.widget.Button"),
        _click(desc="12 August 2019", cls="android.view.View"),
        _click("android:id/button1", "OK", cls="android.widget.Button"),
        _click("action_confirm", desc="Done", cls="android.widget.TextView"),
    ),
)


class AnglersLog131(VirtualApp):
    """Anglers' Log 1.3.1 (see the module docstring)."""

    name: ClassVar[str] = "anglers-log"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Anglers' Log"
    version: ClassVar[str] = "1.3.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_347,)
    # 1.3.1: Logbook.tripExists compares the edited trip with its own stored copy too.
    COMPARES_WITH_ITSELF: ClassVar[bool] = True

    def initial_data(self) -> dict[str, Any]:
        return {"trips": [], "next_id": 1, "self_overlap_rejections": 0}

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("section", "Catches")
        ui.setdefault("stack", [])  # "detail" / "manage" screens over the section's list
        ui.setdefault("drawer", False)
        ui.setdefault("menu", False)
        ui.setdefault("dialog", None)  # None | {"kind": ..., ...}
        ui.setdefault("draft", None)  # the trip being added or edited
        ui.setdefault("date_changed", False)
        ui.setdefault("selected", None)  # the trip id whose details are shown

    # -- navigation --------------------------------------------------------------------------
    def _top(self, ctx: AppContext) -> str:
        return ctx.ui["stack"][-1] if ctx.ui["stack"] else "list"

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["drawer"] or ui["menu"]:
            ui.update(drawer=False, menu=False)
            return True
        if ui["stack"]:
            if ui["stack"].pop() == "manage":
                ui.update(draft=None, date_changed=False)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if direction == "right" and not ctx.ui["stack"]:
            ctx.ui["drawer"] = True
            return True
        return False

    def _go(self, ctx: AppContext, section: str) -> None:
        ctx.ui.update(section=section, drawer=False, stack=[], selected=None)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = self._top(ctx)
        if top == "manage":
            content = self._manage(ctx)
        elif top == "detail":
            content = self._detail(ctx)
        else:
            content = self._list(ctx)
        root = View(
            cls="android.widget.LinearLayout",
            resource_id="master_container",
            children=content,
        )
        drawer = self._drawer(ctx) if ctx.ui["drawer"] else None
        main = drawer_layout(
            root, drawer, rid="main_drawer", cls="android.support.v4.widget.DrawerLayout"
        )
        return Screen(content=View(layout=FRAME, children=[main]), windows=self._windows(ctx))

    def _bar(self, title: str, navigation: View, actions: list[View]) -> View:
        return View(
            cls="android.support.design.widget.AppBarLayout",
            weight=0,
            children=[toolbar(title, navigation=navigation, actions=actions)],
        )

    def _up(self, ctx: AppContext) -> None:
        self.on_back(ctx)

    def _list(self, ctx: AppContext) -> list[View]:
        section = ctx.ui["section"]
        open_drawer = nav_button(DRAWER_DESC, lambda c: c.ui.update(drawer=True))
        if section not in LISTS:
            return [self._bar(section, open_drawer, []), text_view(section, height=300)]
        rows = [self._trip_row(t) for t in ctx.data["trips"]] if section == "Trips" else []
        actions = [
            action_item("action_search", "Search", lambda c: None),
            overflow_button(lambda c: c.ui.update(menu=True)),
        ]
        body = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="my_list_fragment",
            layout=FRAME,
            children=[
                list_view(
                    rows,
                    rid="main_recycler_view",
                    cls="android.support.v7.widget.RecyclerView",
                    scroll_key="list_scroll",
                ),
                fab("new_button", "", self._new),
            ],
        )
        return [self._bar(f"{section} ({len(rows)})", open_drawer, actions), body]

    def _trip_row(self, trip: dict[str, Any]) -> View:
        dates = f"{medium_date(trip['start'])} to {medium_date(trip['end'])}"
        texts = [text_view(trip["name"] or dates, "title_text_view")]
        if trip["name"]:
            texts.append(text_view(dates, "subtitle_text_view"))
        texts.append(text_view("0 Catches", "subsubtitle_text_view"))
        return View(
            cls="android.widget.LinearLayout",
            layout=HORIZONTAL,
            height=220,
            on_click=bind(self._open_trip, trip["id"]),
            children=[
                View(cls="android.widget.ImageView", resource_id="image_view", width=160),
                View(cls="android.widget.LinearLayout", resource_id="content_view", children=texts),
            ],
        )

    def _trip(self, ctx: AppContext, trip_id: int) -> dict[str, Any] | None:
        return next((t for t in ctx.data["trips"] if t["id"] == trip_id), None)

    def _detail(self, ctx: AppContext) -> list[View]:
        trip = self._trip(ctx, ctx.ui["selected"]) or {"name": "", "start": "", "end": ""}
        actions = [
            action_item("action_edit", "Edit", self._edit),
            action_item("action_trash", "Delete", self._ask_delete),
            action_item("action_share", "Share", lambda c: None),
        ]
        labels = []
        if trip["name"]:
            labels.append(self._label("name_view", "Name", trip["name"]))
        if trip["start"]:
            labels.append(self._label("start_date_view", "Start", medium_date(trip["start"])))
            labels.append(self._label("end_date_view", "End", medium_date(trip["end"])))
        body = View(
            cls="android.widget.ScrollView",
            children=[
                View(
                    cls="android.widget.LinearLayout", resource_id="trip_container", children=labels
                )
            ],
        )
        return [self._bar("", nav_button(NAVIGATE_UP, self._up), actions), body]

    def _label(self, rid: str, title: str, detail: str) -> View:
        return View(
            cls="android.widget.LinearLayout",
            resource_id=rid,
            height=180,
            children=[
                text_view(title, "text_view"),
                text_view(detail, "detail_text_view"),
            ],
        )

    def _manage(self, ctx: AppContext) -> list[View]:
        ui = ctx.ui
        section = ui["section"]
        editing = ui["draft"] is not None and ui["draft"].get("id") is not None
        title = f"{'Edit' if editing else 'New'} {LISTS.get(section, 'Trip')}"
        bar = self._bar(
            title,
            nav_button(NAVIGATE_UP, self._up),
            [action_item("action_confirm", "Done", self._done)],
        )
        if section != "Trips":
            return [bar, text_view(f"{title}: not modelled", height=300)]
        draft = ui["draft"]
        fields = [
            View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                children=[
                    self._input_button(
                        "start_date_view",
                        medium_date(draft["start"]),
                        "Start date",
                        bind(self._open_picker, "start"),
                    ),
                    self._input_button(
                        "end_date_view",
                        medium_date(draft["end"]),
                        "End date",
                        bind(self._open_picker, "end"),
                    ),
                ],
            ),
            self._input_text("name_view", draft["name"], "Add name", self._type_name),
            self._input_button("catches_view", "", "Add catches", lambda c: None),
            self._input_button("locations_view", "", "Add locations", lambda c: None),
            self._input_button("anglers_view", "", "Add anglers", lambda c: None),
            self._input_text("notes_view", draft["notes"], "Add note", self._type_notes),
        ]
        body = View(
            cls="android.widget.ScrollView",
            children=[View(cls="android.widget.LinearLayout", children=fields)],
        )
        return [bar, body]

    def _input_button(self, rid: str, text: str, hint: str, handler: Any) -> View:
        """An InputButtonView (``view_input_button.xml``): icon, the primary Button (its hint
        shows while it has no text) and a hidden secondary one."""
        return View(
            cls="android.widget.LinearLayout",
            resource_id=rid,
            layout=HORIZONTAL,
            height=147,
            children=[
                View(cls="android.widget.ImageView", resource_id="icon_image_view", width=126),
                View(
                    cls="android.widget.Button",
                    resource_id="primary_button",
                    text=text,
                    hint=hint,
                    on_click=handler,
                    style="text",
                ),
            ],
        )

    def _input_text(self, rid: str, text: str, hint: str, handler: Any) -> View:
        """An InputTextView (``view_input_text.xml``): icon, then the EditText ``edit_text``."""
        return View(
            cls="android.widget.LinearLayout",
            resource_id=rid,
            layout=HORIZONTAL,
            height=147,
            children=[
                View(cls="android.widget.ImageView", resource_id="icon_image_view", width=126),
                edit_text("edit_text", text, handler, hint=hint),
            ],
        )

    def _drawer(self, ctx: AppContext) -> View:
        section = ctx.ui["section"]
        return View(
            cls="android.support.design.widget.NavigationView",
            resource_id="navigation_view",
            width=800,
            children=[
                drawer_entry(title, bind(self._go, title), checked=title == section)
                for title in DRAWER
            ],
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows = []
        if ui["menu"]:
            windows.append(
                menu_window(
                    [("Sort", lambda c: c.ui.update(menu=False))],
                    lambda c: c.ui.update(menu=False),
                )
            )
        dialog = ui["dialog"]
        if dialog is None:
            return windows
        close = self._close_dialog
        if dialog["kind"] == "error":
            windows.append(confirm_dialog("Error", dialog["message"], ("OK", close), None, close))
        elif dialog["kind"] == "delete":
            windows.append(
                confirm_dialog(
                    "Confirm Delete",
                    CONFIRM_DELETE,
                    ("Delete", self._delete),
                    ("Cancel", close),
                    close,
                )
            )
        elif dialog["kind"] == "date":
            windows.append(
                date_picker_dialog(
                    dialog["year"],
                    dialog["month"],
                    dialog["day"],
                    self._pick_day,
                    self._move_month,
                    self._date_set,
                    close,
                )
            )
        return windows

    # -- handlers ----------------------------------------------------------------------------
    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _new(self, ctx: AppContext) -> None:
        now = NOW.isoformat(timespec="minutes")
        draft = {"id": None, "name": "", "notes": "", "start": now, "end": now}
        ctx.ui.update(draft=draft, date_changed=False)
        ctx.ui["stack"].append("manage")

    def _open_trip(self, ctx: AppContext, trip_id: int) -> None:
        ctx.ui["selected"] = trip_id
        ctx.ui["stack"].append("detail")

    def _edit(self, ctx: AppContext) -> None:
        trip = self._trip(ctx, ctx.ui["selected"])
        if trip is None:
            return
        ctx.ui.update(draft=dict(trip), date_changed=False)
        ctx.ui["stack"].append("manage")

    def _ask_delete(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "delete"}

    def _delete(self, ctx: AppContext) -> None:
        ctx.data["trips"] = [t for t in ctx.data["trips"] if t["id"] != ctx.ui["selected"]]
        ctx.ui.update(dialog=None, selected=None)
        ctx.ui["stack"].pop()
        ctx.toast("Successfully deleted trip")

    def _type_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["draft"]["name"] = text

    def _type_notes(self, ctx: AppContext, text: str) -> None:
        ctx.ui["draft"]["notes"] = text

    def _open_picker(self, ctx: AppContext, which: str) -> None:
        when = dt.datetime.fromisoformat(ctx.ui["draft"][which])
        ctx.ui["dialog"] = {
            "kind": "date",
            "which": which,
            "year": when.year,
            "month": when.month,
            "day": when.day,
        }

    def _pick_day(self, ctx: AppContext, day: int) -> None:
        ctx.ui["dialog"]["day"] = day

    def _move_month(self, ctx: AppContext, delta: int) -> None:
        dialog = ctx.ui["dialog"]
        month = dialog["year"] * 12 + dialog["month"] - 1 + delta
        dialog["year"], dialog["month"] = divmod(month, 12)
        dialog["month"] += 1
        dialog["day"] = min(dialog["day"], calendar.monthrange(dialog["year"], dialog["month"])[1])

    def _date_set(self, ctx: AppContext) -> None:
        """onDateSet: the picked day at the current time of day, checked against the other end
        of the range (ManageTripFragment.initStartDateView/initEndDateView)."""
        ui = ctx.ui
        dialog, draft = ui["dialog"], ui["draft"]
        picked = NOW.replace(year=dialog["year"], month=dialog["month"], day=dialog["day"])
        iso = picked.isoformat(timespec="minutes")
        ui["dialog"] = None
        if dialog["which"] == "start" and iso > draft["end"]:
            ui["dialog"] = {"kind": "error", "message": ERROR_START}
            return
        if dialog["which"] == "end" and iso < draft["start"]:
            ui["dialog"] = {"kind": "error", "message": ERROR_END}
            return
        draft[dialog["which"]] = iso
        ui["date_changed"] = draft["id"] is not None

    def _done(self, ctx: AppContext) -> None:
        """ManageFragment.onClickSave → ManageContentFragment.addObjectToLogbook."""
        ui, data = ctx.ui, ctx.data
        if ui["section"] != "Trips":
            return
        draft = ui["draft"]
        editing = draft["id"] is not None
        if ui["date_changed"] or not editing:
            others = [t for t in data["trips"] if t["id"] != draft["id"]]
            mine = [t for t in data["trips"] if t["id"] == draft["id"]]
            clash_other = any(overlaps(draft, t) for t in others)
            clash_self = self.COMPARES_WITH_ITSELF and any(overlaps(draft, t) for t in mine)
            if clash_other or clash_self:
                if not clash_other:
                    data["self_overlap_rejections"] += 1
                ui["dialog"] = {"kind": "error", "message": ERROR_TRIP_DATE}
                return
        if editing:
            data["trips"] = [dict(draft) if t["id"] == draft["id"] else t for t in data["trips"]]
            ctx.toast("Successfully updated trip")
        else:
            trip = dict(draft, id=data["next_id"])
            data["next_id"] += 1
            data["trips"].append(trip)
            ctx.toast("Successfully added trip")
        ui["stack"].pop()
        ui.update(draft=None, date_changed=False)
