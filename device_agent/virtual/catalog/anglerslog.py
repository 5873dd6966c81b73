"""Anglers' Log (``com.cohenadair.anglerslog``) 1.3.1, for anglers-log#347 ("Can't edit dates
for a Trip"), and 1.2.5, for anglers-log#151 (see the end).

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

The world: the device clock reads 2019-08-15 14:30 (local time) at install and moves on, as a
real device's does: each reading is one second after the one before (a person's tap takes
about that), so times are ordered as the person's actions are. Times are kept to the
millisecond, as the app's ``java.util.Date`` values and its ``INTEGER`` date columns
(``LogbookHelper.createTripTable``) are. From the sources:

- a new trip starts and ends at the instant its screen opened: ``Trip.init()`` (Trip.java
  lines 117-119) sets
  ``mStartDate = new Date(); mEndDate = new Date();`` (two calls in a row, which read the same
  millisecond unless one boundary falls between them; the model takes them as equal);
- a picked day is that day at the CURRENT time of day, seconds and milliseconds included:
  ``onDateSet`` (ManageContentFragment.java lines 345-351) takes ``Calendar.getInstance()``
  (now) and calls
  ``c.set(year, monthOfYear, dayOfMonth, hours, minutes)``, which leaves the seconds and
  milliseconds of now in place;
- the start check is ``date.after(getEndDate())`` and the end check ``date.before(
  getStartDate())`` (ManageTripFragment.java lines 233 and 256): strict, to
  the millisecond. So re-picking today as the start of a trip that ends now is refused (the
  clock has moved on), and re-picking today as its end gives it a range of a few seconds.

The bug (anglers-log#347): saving checks ``(mDateChanged || !isEditing()) &&
Logbook.tripExists(newTrip)``, and ``tripExists`` tests the new dates against every stored trip,
the edited trip's own stored copy included (``Trip.overlapsTrip``: the other's start before this
end and the other's end after this start). So after a date change of an existing trip whose new
range overlaps its own old range, the error "A trip within that date range already exists..."
appears and nothing is saved (ManageTripFragment.java line 128, Logbook.java lines 918-926).
``overlapsTrip`` (Trip.java line 288) is ``trip.getStartDate().before(mEndDate) &&
trip.getEndDate().after(mStartDate)``: strict, to the millisecond. A trip created with the
default dates has a zero-length range (start = end = the instant its screen opened), which no
edit of one end overlaps strictly; once a date was picked while creating it (an earlier start,
or an end, even today's a few seconds later), the range has a length and any edit of one end
that keeps it overlapping shows the error. The human steps create a trip from Aug 10 to Aug 15
(as a trip is usually entered) and then move its start to Aug 12. The fix skips the trip with
the same id. The oracle reads app state: an edit rejected where no OTHER trip overlaps (a
clash with another trip is the check working, not the bug).

Human steps: 13 actions against index.tsv's 8: the model counts each tap of the date picker
(open, day, OK: 3 per date) and the drawer's two taps to reach Trips; the report's five steps
("Create Trip, Edit Trip, Modify date, Press Save, Observe error") need no more.

Anglers' Log 1.2.5 (``AnglersLog125``), for anglers-log#151 ("Issue manually entering fishing
spot coordinates"), from the tag ``android-v1.2.5``: the screens above are unchanged on this path
between the two tags (``git diff android-v1.2.5 android-v1.3.1`` of ``MainActivity``,
``ManageTripFragment``, ``Logbook.tripExists``, the drawer menu and the layouts touches only
context arguments and a bottom sheet), so 1.2.5 subclasses the 1.3.1 model (decision 0005) and
adds, from ``AnglersLogApplication.java``, ``fragments/MyListFragment.java``,
``views/BottomSheetView.java``, ``locations/ManageLocationFragment.java``,
``locations/ManageFishingSpotFragment.java``, ``locations/LocationListManager.java``,
``locations/LocationFragment.java``, ``fragments/ManageFragment.java``,
``fragments/DraggableMapFragment.java``, ``views/MoreDetailView.java``,
``res/layout/fragment_mylist.xml``, ``view_bottom_sheet.xml``, ``fragment_manage.xml``,
``fragment_manage_location.xml``, ``fragment_manage_fishing_spot.xml``, ``view_more_detail.xml``,
``fragment_location.xml``, ``res/menu/menu_location.xml``, ``res/values/strings.xml``,
``arrays.xml``:

- the Instabug sheet every list section shows until its Dismiss (``close_button``) is tapped
  (``instabug_bottom_sheet_view``: "Bugs & Suggestions", a preference that defaults to shown);
  Instabug's own floating ladybug button is NOT modelled (a third-party SDK overlay whose ids and
  invocation screens at that SDK version are not in the app's sources);
- Locations: rows (name, "1 Fishing Spot", "0 Catches") opening the details (``location_container``:
  the ``fishing_spot_spinner`` and the map; Edit, Delete with "Confirm Delete", Share and the
  overflow's "Show all catches"); "New Location"/"Edit Location": the name, "Add fishing spot"
  (``add_fishing_spot_view``) and a MoreDetailView row per spot (``container``: name and
  "lat, lng"; tap to edit; ``more_info_button`` removes it); Done checks a name, a new name and
  at least one spot;
- the fishing-spot editor: a ManageFragment dialog (``toolbar_view``: ``back_button`` "Go back.",
  a blank title, "Select map type" with its Road Map/Satellite/Terrain/Hybrid choice, Done
  ``done_button``), the name, the map (``fishing_spot_map`` and ``crosshairs``), the Latitude and
  Longitude fields (``latitude_layout``/``longitude_layout``, each an ``edit_text``) and the sync
  button ``coordinate_refresh_button`` (its real content description is the weather one). Opening
  it asks for ``ACCESS_FINE_LOCATION`` (targetSdk 23); the camera starts at 0,0 and then moves to
  the edited spot, the location's first spot, or (granted, nothing else shown) the device's fix,
  writing the centre into the fields; a drag (swipe) pans the map 0.01 degree and does the same;
  the sync button parses the fields and moves the camera there.

The world (1.2.5): Google Play services are present and the device's GPS fix is the emulator's
default, 37.421998, -122.084000.

The bug (anglers-log#151): ``ManageFishingSpotFragment.verifyUserInput`` takes the new spot's
coordinates from ``mMap.getCameraPosition().target``, so coordinates typed into the fields
without tapping sync are dropped and the spot row shows the map's centre. The fix (commit
``c663d350``, in 1.2.6) parses the fields. The oracle reads app state: a fishing spot was saved
while both fields held valid coordinates that differ (at the row's 6 decimals) from the ones
stored. Saving the fix untouched, syncing first, or cancelling does not count.

Human steps: 11 actions, as index.tsv's 11: Dismiss the sheet, open the drawer, Locations, the
FAB, type the location's name, Add fishing spot, Allow the location permission, type the spot's
name, its latitude and longitude, Done. The coordinate fields are told apart by their bounds (all
three fields of the dialog are ``edit_text``).
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections.abc import Callable
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog import _steps as steps
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.cohenadair.anglerslog"
MAIN = ".activities.MainActivity"
NOW = dt.datetime(2019, 8, 15, 14, 30)  # the device clock at install (see the module docstring)
TICK = dt.timedelta(seconds=1)  # how far the clock moves between two readings

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


def instant(when: dt.datetime) -> str:
    """A ``java.util.Date`` as stored here: ISO to the millisecond (``"2019-08-15T14:30:00.000"``),
    one fixed width, so two instants compare as their strings do."""
    return when.isoformat(timespec="milliseconds")


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
    return steps.click(PACKAGE, rid, text, desc, cls)


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
        return {"trips": [], "next_id": 1, "self_overlap_rejections": 0, "clock": instant(NOW)}

    def _now(self, ctx: AppContext) -> dt.datetime:
        """Read the device clock (``new Date()``, ``Calendar.getInstance()``); the next reading
        is :data:`TICK` later (see the module docstring)."""
        now = dt.datetime.fromisoformat(ctx.data.get("clock", instant(NOW)))
        ctx.data["clock"] = instant(now + TICK)
        return now

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
        root = w.linear_layout(content, rid="master_container")
        drawer = self._drawer(ctx) if ctx.ui["drawer"] else None
        main = w.drawer_layout(
            root, drawer, rid="main_drawer", cls="android.support.v4.widget.DrawerLayout"
        )
        return Screen(content=View(layout=FRAME, children=[main]), windows=self._windows(ctx))

    def _bar(self, title: str, navigation: View, actions: list[View]) -> View:
        return View(
            cls="android.support.design.widget.AppBarLayout",
            weight=0,
            children=[w.toolbar(title, navigation=navigation, actions=actions)],
        )

    def _up(self, ctx: AppContext) -> None:
        self.on_back(ctx)

    def _list(self, ctx: AppContext) -> list[View]:
        section = ctx.ui["section"]
        open_drawer = w.nav_button(DRAWER_DESC, lambda c: c.ui.update(drawer=True))
        if section not in LISTS:
            return [self._bar(section, open_drawer, []), w.text_view(section, height=300)]
        rows = self._rows(ctx, section)
        actions = [
            w.action_item("action_search", "Search", lambda c: None),
            w.overflow_button(lambda c: c.ui.update(menu=True)),
        ]
        body = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="my_list_fragment",
            layout=FRAME,
            children=[
                w.list_view(
                    rows,
                    rid="main_recycler_view",
                    cls="android.support.v7.widget.RecyclerView",
                    scroll_key="list_scroll",
                ),
                w.fab("new_button", "", self._new),
                *self._list_overlays(ctx),
            ],
        )
        return [self._bar(f"{section} ({len(rows)})", open_drawer, actions), body]

    def _rows(self, ctx: AppContext, section: str) -> list[View]:
        """The rows of a list section (hook: only Trips' are modelled here)."""
        return [self._trip_row(t) for t in ctx.data["trips"]] if section == "Trips" else []

    def _list_overlays(self, ctx: AppContext) -> list[View]:
        """Views over a list section's RecyclerView and FAB (hook: none in 1.3.1)."""
        return []

    def _trip_row(self, trip: dict[str, Any]) -> View:
        dates = f"{medium_date(trip['start'])} to {medium_date(trip['end'])}"
        texts = [w.text_view(trip["name"] or dates, "title_text_view")]
        if trip["name"]:
            texts.append(w.text_view(dates, "subtitle_text_view"))
        texts.append(w.text_view("0 Catches", "subsubtitle_text_view"))
        return w.linear_layout(
            [
                w.image_view("image_view", width=160),
                w.linear_layout(texts, rid="content_view"),
            ],
            horizontal=True,
            height=220,
            on_click=w.bind(self._open_trip, trip["id"]),
        )

    def _trip(self, ctx: AppContext, trip_id: int) -> dict[str, Any] | None:
        return next((t for t in ctx.data["trips"] if t["id"] == trip_id), None)

    def _detail(self, ctx: AppContext) -> list[View]:
        trip = self._trip(ctx, ctx.ui["selected"]) or {"name": "", "start": "", "end": ""}
        actions = [
            w.action_item("action_edit", "Edit", self._edit),
            w.action_item("action_trash", "Delete", self._ask_delete),
            w.action_item("action_share", "Share", lambda c: None),
        ]
        labels = []
        if trip["name"]:
            labels.append(self._label("name_view", "Name", trip["name"]))
        if trip["start"]:
            labels.append(self._label("start_date_view", "Start", medium_date(trip["start"])))
            labels.append(self._label("end_date_view", "End", medium_date(trip["end"])))
        body = w.scroll_view([w.linear_layout(labels, rid="trip_container")])
        return [self._bar("", w.nav_button(w.NAVIGATE_UP, self._up), actions), body]

    def _label(self, rid: str, title: str, detail: str) -> View:
        return w.linear_layout(
            [
                w.text_view(title, "text_view"),
                w.text_view(detail, "detail_text_view"),
            ],
            rid=rid,
            height=180,
        )

    def _manage(self, ctx: AppContext) -> list[View]:
        ui = ctx.ui
        section = ui["section"]
        editing = ui["draft"] is not None and ui["draft"].get("id") is not None
        title = f"{'Edit' if editing else 'New'} {LISTS.get(section, 'Trip')}"
        bar = self._bar(
            title,
            w.nav_button(w.NAVIGATE_UP, self._up),
            [w.action_item("action_confirm", "Done", self._done)],
        )
        if section != "Trips":
            return [bar, *self._manage_other(ctx, title)]
        draft = ui["draft"]
        fields = [
            w.linear_layout(
                [
                    self._input_button(
                        "start_date_view",
                        medium_date(draft["start"]),
                        "Start date",
                        w.bind(self._open_picker, "start"),
                    ),
                    self._input_button(
                        "end_date_view",
                        medium_date(draft["end"]),
                        "End date",
                        w.bind(self._open_picker, "end"),
                    ),
                ],
                horizontal=True,
            ),
            self._input_text("name_view", draft["name"], "Add name", self._type_name),
            self._input_button("catches_view", "", "Add catches", lambda c: None),
            self._input_button("locations_view", "", "Add locations", lambda c: None),
            self._input_button("anglers_view", "", "Add anglers", lambda c: None),
            self._input_text("notes_view", draft["notes"], "Add note", self._type_notes),
        ]
        body = w.scroll_view([w.linear_layout(fields)])
        return [bar, body]

    def _manage_other(self, ctx: AppContext, title: str) -> list[View]:
        """The add/edit screen of a section other than Trips, under its bar (hook: a stub)."""
        return [w.text_view(f"{title}: not modelled", height=300)]

    def _input_button(self, rid: str, text: str, hint: str, handler: Any) -> View:
        """An InputButtonView (``view_input_button.xml``): icon, the primary Button (its hint
        shows while it has no text) and a hidden secondary one."""
        return w.linear_layout(
            [
                w.image_view("icon_image_view", width=126),
                w.button("primary_button", text, handler, hint=hint, style="text"),
            ],
            rid=rid,
            horizontal=True,
            height=147,
        )

    def _input_text(self, rid: str, text: str, hint: str, handler: Any) -> View:
        """An InputTextView (``view_input_text.xml``): icon, then the EditText ``edit_text``."""
        return w.linear_layout(
            [
                w.image_view("icon_image_view", width=126),
                w.edit_text("edit_text", text, handler, hint=hint),
            ],
            rid=rid,
            horizontal=True,
            height=147,
        )

    def _drawer(self, ctx: AppContext) -> View:
        section = ctx.ui["section"]
        return View(
            cls="android.support.design.widget.NavigationView",
            resource_id="navigation_view",
            width=800,
            children=[
                w.drawer_entry(title, w.bind(self._go, title), checked=title == section)
                for title in DRAWER
            ],
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows = []
        if ui["menu"]:
            windows.append(
                w.menu_window(
                    [("Sort", lambda c: c.ui.update(menu=False))],
                    lambda c: c.ui.update(menu=False),
                )
            )
        dialog = ui["dialog"]
        if dialog is None:
            return windows
        close = self._close_dialog
        if dialog["kind"] == "error":
            windows.append(w.confirm_dialog("Error", dialog["message"], ("OK", close), None, close))
        elif dialog["kind"] == "delete":
            windows.append(
                w.confirm_dialog(
                    "Confirm Delete",
                    CONFIRM_DELETE,
                    ("Delete", self._delete),
                    ("Cancel", close),
                    close,
                )
            )
        elif dialog["kind"] == "date":
            windows.append(
                w.date_picker_dialog(
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
        now = instant(self._now(ctx))  # Trip.init(): start and end are both new Date()
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
        """onDateSet: the picked day at the current time of day (to the millisecond), checked
        strictly against the other end of the range
        (ManageTripFragment.initStartDateView/initEndDateView)."""
        ui = ctx.ui
        dialog, draft = ui["dialog"], ui["draft"]
        now = self._now(ctx)
        iso = instant(now.replace(year=dialog["year"], month=dialog["month"], day=dialog["day"]))
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
            self._done_other(ctx)
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

    def _done_other(self, ctx: AppContext) -> None:
        """Done on the add/edit screen of a section other than Trips (hook: nothing happens)."""
        return None


# -- 1.2.5: Locations and their fishing spots, for anglers-log#151 -------------------------------
FINE_LOCATION = "android.permission.ACCESS_FINE_LOCATION"
# The world: the emulator's default GPS fix (Google's Mountain View campus), which the
# FusedLocationProvider reports once the location permission is granted.
DEVICE_LOCATION = (37.421998, -122.084)
ERROR_NAME = "Please enter a name."
ERROR_LOCATION_NAME = "A location with that name already exists."
ERROR_NO_SPOTS = "Please add at least one fishing spot."
ERROR_SPOT_NAME = "A fishing spot with that name already exists."
LOCATION_DENIED = (
    "Location permissions were denied and as a result your location will not be shown on "
    "Anglers' Log maps."
)
INSTABUG_TITLE = "Bugs & Suggestions"
INSTABUG_TEXT = (
    "Tap the ladybug button to send bug reports and feedback.  The button can be disabled from "
    "the Settings menu."
)
MAP_TYPES = ("Road Map", "Satellite", "Terrain", "Hybrid")
BACK_DESC = "Go back."  # R.string.back_description
DONE_DESC = "A check that signifies selection."  # R.string.check_description
REFRESH_DESC = "Attempts to get weather data from the web."  # sic: R.string.refresh_description
REMOVE_DESC = "More information about the current item."  # R.string.more_info_description
CROSSHAIRS_DESC = "The coordinates of the current fishing spot."


def coordinates(lat: float, lng: float) -> str:
    """``FishingSpot.getCoordinatesAsString``: ``"%.6f, %.6f"``."""
    return f"{lat:.6f}, {lng:.6f}"


def parse_coordinate(text: str, limit: float) -> float | None:
    """The typed coordinate as a number (``,`` read as ``.``, as the app's refresh button
    does), or None when it is not a number within ``[-limit, limit]``."""
    try:
        value = float(text.strip().replace(",", "."))
    except ValueError:
        return None
    return value if -limit <= value <= limit else None


def _stale_spot_saved(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return bool(data.get("stale_spot_saves"))


# The fishing-spot dialog's two coordinate fields are both ``edit_text`` (as is its name field):
# the steps carry their bounds, as a recorded trace would, to tell them apart.
LATITUDE_BOUNDS = [192, 1265, 466, 1415]
LONGITUDE_BOUNDS = [592, 1265, 867, 1415]


def _type(rid: str, text: str, bounds: list[int] | None = None) -> dict[str, Any]:
    return steps.input_text(PACKAGE, rid, text, bounds=bounds)


BUG_151 = BugSpec(
    bug_id="anglers-log#151",
    kind="non-crash",
    title="Issue manually entering fishing spot coordinates",
    oracle=_stale_spot_saved,
    human_steps=(
        _click("close_button", "Dismiss", cls="android.widget.Button"),
        _click(desc=DRAWER_DESC, cls="android.widget.ImageButton"),
        _click("design_menu_item_text", "Locations", cls="android.widget.CheckedTextView"),
        _click("new_button", cls="android.widget.ImageButton"),
        _type("edit_text", "Lake Simcoe"),
        _click("primary_button", cls="android.widget.Button"),
        _click(
            "com.android.permissioncontroller:id/permission_allow_button",
            cls="android.widget.Button",
        ),
        _type("edit_text", "North Shore"),
        _type("edit_text", "44.4", LATITUDE_BOUNDS),
        _type("edit_text", "-79.3", LONGITUDE_BOUNDS),
        _click("done_button", desc=DONE_DESC, cls="android.widget.ImageButton"),
    ),
)


class AnglersLog125(AnglersLog131):
    """Anglers' Log 1.2.5, for anglers-log#151: the 1.3.1 model's screens (unchanged on the
    trips' path between the two tags) plus the first-run Instabug sheet and the Locations
    section with its fishing-spot editor, whose Done stores the map's centre instead of the
    typed coordinates. Sources and the world are in the module docstring."""

    version: ClassVar[str] = "1.2.5"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_151,)

    def initial_data(self) -> dict[str, Any]:
        data = super().initial_data()
        data.update(
            locations=[],
            next_location_id=1,
            next_spot_id=1,
            instabug_sheet=True,  # LogbookPreferences.shouldShowInstabugSheet() defaults to true
            map_type=1,  # GoogleMap.MAP_TYPE_NORMAL
            stale_spot_saves=0,
        )
        return data

    def on_create(self, ctx: AppContext) -> None:
        super().on_create(ctx)
        ctx.ui.setdefault("spot", None)  # the open fishing-spot dialog (ManageFishingSpotFragment)
        ctx.ui.setdefault("map_type_dialog", False)

    # -- the Instabug bottom sheet (MyListFragment.initBottomSheets) ------------------------------
    def _list_overlays(self, ctx: AppContext) -> list[View]:
        if not ctx.data["instabug_sheet"]:
            return []
        return [
            View(
                cls="com.cohenadair.anglerslog.views.BottomSheetView",
                resource_id="instabug_bottom_sheet_view",
                gravity="bottom",
                height=460,
                clickable=False,
                children=[
                    View(cls="android.view.View", height=3),
                    w.text_view(INSTABUG_TITLE, "title_text_view", height=150),
                    w.text_view(INSTABUG_TEXT, "description_text_view", height=160),
                    w.button(
                        "close_button",
                        "Dismiss",
                        self._dismiss_sheet,
                        width=300,
                        gravity="end",
                        height=147,
                        style="text",
                    ),
                ],
            )
        ]

    def _dismiss_sheet(self, ctx: AppContext) -> None:
        ctx.data["instabug_sheet"] = False

    # -- Locations: list, details, add/edit ------------------------------------------------------
    def _rows(self, ctx: AppContext, section: str) -> list[View]:
        if section != "Locations":
            return super()._rows(ctx, section)
        rows = []
        for loc in ctx.data["locations"]:
            count = len(loc["spots"])
            texts = [
                w.text_view(loc["name"], "title_text_view"),
                w.text_view(
                    f"{count} Fishing Spot{'' if count == 1 else 's'}", "subtitle_text_view"
                ),
                w.text_view("0 Catches", "subsubtitle_text_view"),
            ]
            rows.append(
                w.linear_layout(
                    [
                        w.linear_layout(texts, rid="content_view"),
                    ],
                    horizontal=True,
                    height=220,
                    on_click=w.bind(self._open_location, loc["id"]),
                )
            )
        return rows

    def _location(self, ctx: AppContext, loc_id: int | None) -> dict[str, Any] | None:
        return next((x for x in ctx.data["locations"] if x["id"] == loc_id), None)

    def _open_location(self, ctx: AppContext, loc_id: int) -> None:
        ctx.ui["selected"] = loc_id
        ctx.ui["stack"].append("detail")

    def _detail(self, ctx: AppContext) -> list[View]:
        if ctx.ui["section"] != "Locations":
            return super()._detail(ctx)
        loc = self._location(ctx, ctx.ui["selected"]) or {"name": "", "spots": []}
        actions = [
            w.action_item("action_edit", "Edit", self._edit),
            w.action_item("action_trash", "Delete", self._ask_delete),
            w.action_item("action_share", "Share", lambda c: None),
            w.overflow_button(lambda c: c.ui.update(menu=True)),
        ]
        first = loc["spots"][0]["name"] if loc["spots"] else ""
        body = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.image_view("icon_image_view", width=126),
                        View(
                            cls="android.widget.Spinner",
                            resource_id="fishing_spot_spinner",
                            children=[w.text_view(first, "android:id/text1", height=147)],
                        ),
                    ],
                    horizontal=True,
                    height=147,
                ),
                self._map_view("location_map"),
            ],
            rid="location_container",
        )
        return [self._bar(loc["name"], w.nav_button(w.NAVIGATE_UP, self._up), actions), body]

    def _map_view(self, rid: str) -> View:
        """A Google Map (SupportMapFragment): a FrameLayout holding the map's view."""
        return w.frame_layout(
            [View(cls="android.view.View", content_desc="Google Map")], rid=rid, layout=FRAME
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows = super()._windows(ctx)
        if ui["menu"] and ui["stack"]:  # the location details' overflow (menu_location.xml)
            close = self._close_menu
            windows[0] = w.menu_window([("Show all catches", close)], close)
        if ui["spot"] is not None:
            at = len(windows) - (1 if ui["dialog"] is not None else 0)
            stack = [self._spot_window(ctx)]
            if ui["map_type_dialog"]:
                stack.append(
                    w.choice_dialog(
                        "Select map type",
                        MAP_TYPES,
                        ctx.data["map_type"] - 1,
                        self._choose_map_type,
                        lambda c: c.ui.update(map_type_dialog=False),
                    )
                )
            windows[at:at] = stack
        return windows

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    def _new(self, ctx: AppContext) -> None:
        if ctx.ui["section"] != "Locations":
            super()._new(ctx)
            return
        ctx.ui.update(draft={"id": None, "name": "", "spots": []}, date_changed=False)
        ctx.ui["stack"].append("manage")

    def _edit(self, ctx: AppContext) -> None:
        if ctx.ui["section"] != "Locations":
            super()._edit(ctx)
            return
        loc = self._location(ctx, ctx.ui["selected"])
        if loc is None:
            return
        draft = {"id": loc["id"], "name": loc["name"], "spots": [dict(s) for s in loc["spots"]]}
        ctx.ui.update(draft=draft, date_changed=False)
        ctx.ui["stack"].append("manage")

    def _delete(self, ctx: AppContext) -> None:
        if ctx.ui["section"] != "Locations":
            super()._delete(ctx)
            return
        locations = ctx.data["locations"]
        ctx.data["locations"] = [x for x in locations if x["id"] != ctx.ui["selected"]]
        ctx.ui.update(dialog=None, selected=None)
        ctx.ui["stack"].pop()
        ctx.toast("Successfully deleted location")

    def _manage_other(self, ctx: AppContext, title: str) -> list[View]:
        """ManageLocationFragment (``fragment_manage_location.xml``): the name, "Add fishing
        spot" and the spots added so far (MoreDetailView rows: tap to edit, the end button
        removes)."""
        if ctx.ui["section"] != "Locations":
            return super()._manage_other(ctx, title)
        draft = ctx.ui["draft"]
        spots = [
            w.linear_layout(
                [
                    w.linear_layout(
                        [
                            w.text_view(spot["name"], "title_text_view"),
                            w.text_view(
                                coordinates(spot["lat"], spot["lng"]), "subtitle_text_view"
                            ),
                        ],
                        rid="title_subtitle_view",
                    ),
                    w.image_button(
                        "more_info_button",
                        REMOVE_DESC,
                        w.bind(self._remove_spot, spot["id"]),
                        width=147,
                        height=147,
                    ),
                ],
                rid="container",
                horizontal=True,
                height=170,
                on_click=w.bind(self._open_spot, spot["id"]),
            )
            for spot in draft["spots"]
        ]
        fields = [
            self._input_text("name_view", draft["name"], "Add name", self._type_name),
            self._input_button(
                "add_fishing_spot_view", "", "Add fishing spot", w.bind(self._open_spot, None)
            ),
            w.linear_layout(spots, rid="container", weight=0),
        ]
        return [w.scroll_view([w.linear_layout(fields)])]

    def _remove_spot(self, ctx: AppContext, spot_id: int) -> None:
        draft = ctx.ui["draft"]
        draft["spots"] = [s for s in draft["spots"] if s["id"] != spot_id]

    def _done_other(self, ctx: AppContext) -> None:
        """ManageLocationFragment.verifyUserInput, then Logbook.addLocation/editLocation."""
        if ctx.ui["section"] != "Locations":
            return
        ui, data = ctx.ui, ctx.data
        draft = ui["draft"]
        name = draft["name"].strip()
        old = self._location(ctx, draft["id"])
        renamed = old is None or old["name"] != name
        if not name:
            ui["dialog"] = {"kind": "error", "message": ERROR_NAME}
            return
        if renamed and any(x["name"] == name for x in data["locations"]):
            ui["dialog"] = {"kind": "error", "message": ERROR_LOCATION_NAME}
            return
        if not draft["spots"]:
            ui["dialog"] = {"kind": "error", "message": ERROR_NO_SPOTS}
            return
        saved = {"id": draft["id"], "name": name, "spots": [dict(s) for s in draft["spots"]]}
        if old is not None:
            data["locations"] = [saved if x["id"] == old["id"] else x for x in data["locations"]]
            ctx.toast("Successfully updated location")
        else:
            saved["id"] = data["next_location_id"]
            data["next_location_id"] += 1
            data["locations"].append(saved)
            ctx.toast("Successfully added location")
        ui["stack"].pop()
        ui["draft"] = None

    # -- the fishing-spot dialog (ManageFishingSpotFragment in a ManageFragment dialog) -----------
    def _open_spot(self, ctx: AppContext, spot_id: int | None) -> None:
        """goToManageFishingSpot: the dialog opens with the coordinates at 0,0; once the map is
        ready it asks for the location permission, and moves the camera (and the coordinate
        fields) to the edited spot, to the location's first spot, or to the device's fix."""
        spots = ctx.ui["draft"]["spots"]
        editing = next((s for s in spots if s["id"] == spot_id), None)
        spot: dict[str, Any] = {
            "id": spot_id,
            "name": editing["name"] if editing else "",
            "camera": [0.0, 0.0],
            "lat": f"{0.0:.6f}",
            "lng": f"{0.0:.6f}",
            "follow_gps": editing is None and not spots,  # !mStopLocationUpdates
        }
        ctx.ui["spot"] = spot
        target = editing or (spots[0] if spots else None)
        if target is not None:
            self._move_camera(ctx, target["lat"], target["lng"])
        if FINE_LOCATION in ctx.permissions:
            self._location_update(ctx)
        else:
            ctx.request_permission(FINE_LOCATION)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission != FINE_LOCATION or ctx.ui.get("spot") is None:
            return
        if granted:
            self._location_update(ctx)
        else:
            ctx.ui["dialog"] = {"kind": "error", "message": LOCATION_DENIED}

    def _location_update(self, ctx: AppContext) -> None:
        """DraggableMapFragment's first location update: followed only while no spot is shown."""
        spot = ctx.ui["spot"]
        if spot["follow_gps"]:
            self._move_camera(ctx, *DEVICE_LOCATION)
            spot["follow_gps"] = False

    def _move_camera(self, ctx: AppContext, lat: float, lng: float) -> None:
        """updateCamera: the map's centre moves and the coordinate fields show it."""
        spot = ctx.ui["spot"]
        spot["camera"] = [lat, lng]
        spot["lat"], spot["lng"] = f"{lat:.6f}", f"{lng:.6f}"

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        """A drag on the open dialog's map pans it (0.01 degree a swipe) and, as its
        OnDragListener does, writes the new centre into the coordinate fields."""
        spot = ctx.ui.get("spot")
        if spot is None:
            return super().on_swipe(ctx, direction)
        lat, lng = spot["camera"]
        step = {"up": (-0.01, 0.0), "down": (0.01, 0.0), "left": (0.0, 0.01), "right": (0.0, -0.01)}
        d_lat, d_lng = step[direction]
        self._move_camera(ctx, round(lat + d_lat, 6), round(lng + d_lng, 6))
        return True

    def _refresh(self, ctx: AppContext) -> None:
        """The sync button: validates the fields (a bad one: toast and its last character
        removed) and, when both are coordinates, moves the camera there (no field rewrite)."""
        spot = ctx.ui["spot"]
        values = []
        for key, limit in (("lat", 90.0), ("lng", 180.0)):
            text = spot[key]
            if text == "-":
                return
            try:
                values.append(float(text.replace(",", ".") or "0"))
            except ValueError:
                ctx.toast("Invalid coordinate value")
                spot[key] = text[:-1]
                return
            if not -limit <= values[-1] <= limit:
                return
        spot["camera"] = values

    def _close_spot(self, ctx: AppContext) -> None:
        ctx.ui.update(spot=None, map_type_dialog=False)

    def _choose_map_type(self, ctx: AppContext, index: int) -> None:
        ctx.data["map_type"] = index + 1
        ctx.ui["map_type_dialog"] = False

    def _save_spot(self, ctx: AppContext) -> None:
        """ManageFishingSpotFragment.verifyUserInput (1.2.5): the coordinates are the map
        camera's target, whatever the fields say (the bug; the fix, c663d350, parses the
        fields)."""
        ui, data = ctx.ui, ctx.data
        spot, draft = ui["spot"], ui["draft"]
        name = spot["name"].strip()
        lat, lng = spot["camera"]
        if not name:
            ui["dialog"] = {"kind": "error", "message": ERROR_NAME}
            return
        editing = spot["id"] is not None
        if not editing and any(s["name"] == name for s in draft["spots"]):
            ui["dialog"] = {"kind": "error", "message": ERROR_SPOT_NAME}
            return
        typed_lat = parse_coordinate(spot["lat"], 90.0)
        typed_lng = parse_coordinate(spot["lng"], 180.0)
        typed = None if typed_lat is None or typed_lng is None else (typed_lat, typed_lng)
        if typed is not None and coordinates(*typed) != coordinates(lat, lng):
            data["stale_spot_saves"] += 1  # typed coordinates the saved spot does not have
        saved = {"id": spot["id"], "name": name, "lat": lat, "lng": lng}
        if editing:
            draft["spots"] = [saved if s["id"] == spot["id"] else s for s in draft["spots"]]
            ctx.toast("Successfully updated fishing spot")
        else:
            saved["id"] = data["next_spot_id"]
            data["next_spot_id"] += 1
            draft["spots"].append(saved)
            ctx.toast("Successfully added fishing spot")
        self._close_spot(ctx)

    def _spot_field(self, key: str) -> Callable[[AppContext, str], None]:
        """The text handler of the dialog's field ``key`` (``name``, ``lat``, ``lng``); the
        coordinate fields take only a signed decimal number's characters
        (``allowNegativeFloatingNumbersOnly``: a DigitsKeyListener drops the rest)."""

        def typed(ctx: AppContext, text: str) -> None:
            if key != "name":
                text = "".join(ch for ch in text if ch in "0123456789.-")
            ctx.ui["spot"][key] = text

        return typed

    def _spot_window(self, ctx: AppContext) -> Window:
        """``fragment_manage.xml``'s dialog toolbar (back, a blank title, the map-type icon
        ManageFishingSpotFragment adds, Done) over ``fragment_manage_fishing_spot.xml``."""
        spot = ctx.ui["spot"]
        bar = w.linear_layout(
            [
                w.image_button("back_button", BACK_DESC, self._close_spot, width=147),
                w.text_view(" ", "title_text_view", height=w.TOOLBAR_HEIGHT),
                w.image_button(
                    "", "Select map type", lambda c: c.ui.update(map_type_dialog=True), width=147
                ),
                w.image_button("done_button", DONE_DESC, self._save_spot, width=147),
            ],
            rid="toolbar_view",
            horizontal=True,
            height=w.TOOLBAR_HEIGHT,
            style="toolbar",
        )
        name = View(
            cls="com.cohenadair.anglerslog.views.InputTextView",
            resource_id="name_view",
            layout=HORIZONTAL,
            height=157,
            children=[
                w.image_view("icon_image_view", width=126),
                w.edit_text("edit_text", spot["name"], self._spot_field("name"), hint="Add name"),
            ],
        )
        map_area = w.relative_layout(
            [
                self._map_view("fishing_spot_map"),
                w.image_view(
                    "crosshairs", CROSSHAIRS_DESC, width=126, height=126, gravity="center"
                ),
            ],
            layout=FRAME,
            height=788,
        )
        coords = w.linear_layout(
            [
                self._coordinate_field("latitude_layout", "Latitude", spot["lat"], "lat"),
                self._coordinate_field("longitude_layout", "Longitude", spot["lng"], "lng"),
                w.image_button(
                    "coordinate_refresh_button", REFRESH_DESC, self._refresh, width=147, height=147
                ),
            ],
            horizontal=True,
            height=260,
        )
        root = w.linear_layout(
            [
                bar,
                w.scroll_view(
                    [w.linear_layout([name, map_area, coords])],
                    rid="content_scroll_view",
                    height=157 + 788 + 260,
                ),
            ],
            rid="manage_container",
            weight=0,
        )
        return Window(root=root, on_dismiss=self._close_spot)

    def _coordinate_field(self, rid: str, title: str, text: str, key: str) -> View:
        """A coordinate InputTextView: the title over a signed decimal EditText."""
        return View(
            cls="com.cohenadair.anglerslog.views.InputTextView",
            resource_id=rid,
            layout=HORIZONTAL,
            children=[
                w.image_view("icon_image_view", width=126),
                w.linear_layout(
                    [
                        w.text_view(title, "title_text_view"),
                        w.edit_text("edit_text", text, self._spot_field(key)),
                    ]
                ),
            ],
        )
