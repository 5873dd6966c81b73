"""Track & Graph (``com.samco.trackandgraph``) 3.0.1, for track-and-graph#200.

Modelled from the sources of the v3.0.1 tag (commit ``e6bea575``, ``versionName "3.0.1"``):
``MainActivity.kt`` (the first-run tutorial, the drawer, the toolbar),
``tutorial/TutorialPagerAdapter.kt``, ``res/layout/activity_main.xml``, ``tutorial_page_1-3.xml``,
``group/GroupFragment.kt``, ``group/TrackerViewHolder.kt``, ``res/layout/fragment_group.xml``,
``list_item_tracker.xml``, ``res/menu/group_menu.xml``, ``navigation_menu.xml``,
``feature_history_menu.xml``, ``addtracker/AddTrackerView.kt``/``AddTrackerViewModel.kt``,
``ui/compose/ui/AddCreateBar.kt``, ``featurehistory/FeatureHistoryView.kt``,
``FragmentFeatureHistory.kt``, ``adddatapoint/AddDataPointsView.kt``,
``AddDataPointsViewModel.kt``, ``AddDataPointTutorialView.kt``,
``ui/compose/ui/DateTimeSelectorButtons.kt``, ``base/helpers/DateTimeFormatters.kt`` and
``base/src/main/res/values/strings.xml``; and the fix, commit ``fcdb1619`` ("Fix bug selected
date is wrong in different time zones", released as 3.0.2):

- first run: the tutorial overlay (``tutorialViewPager``, three pages swiped left, "Got it!"
  (``closeButton``) on the last) hides the app until it is closed;
- the root group ("Track & Graph", the drawer's "Open" button, Import and Export actions and the
  "+" overflow menu: Tracker, Graph or Statistic, Group) shows "Welcome to Track & Graph! ..."
  (``emptyGroupText``) until a tracker exists, then a card per tracker (``cardView``:
  ``trackGroupNameText``, ``lastDateText`` "No Data" or "dd/MM/yy  HH:mm", ``numEntriesText``
  "N Tracked", ``menuButton``, ``historyIcon``, ``addButton``); a tap on the card's corner where
  the add icon is opens the data point dialog, anywhere else the tracker's history;
- the add tracker screen ("Track something:", Compose): "Tracker name", "Add a longer description
  (optional)", "This is a time or duration", "Advanced options" and the bottom bar's error text
  and "Create" (disabled while the name is empty: "Please add a name");
- the data point dialog (Compose, no ids): on the very first data point its tutorial (Next, Next,
  Got it!), then the tracker's name, the date button ("dd/MM/yy", the default date format) and
  the time button ("HH:mm"), "Value:" (empty: 1 is used), "Label:", "Add a note", and
  Cancel / Add (Update when editing);
- the history (the tracker's name, Info action): a card per data point with its date, weekday and
  value, and the "Edit data point button" (opens the dialog on that data point) and "Delete data
  point button" (a confirmation).

The bug (track-and-graph#200, non-crash): the date button opens a ``MaterialDatePicker``; its
selection is the chosen day's midnight in UTC, which ``DateButton`` turns into a date-time with
``OffsetDateTime.ofInstant(instant, ZoneId.systemDefault())`` before keeping the old hour and
minute; in a time zone behind UTC that instant is still the previous day there, so the dialog
(and the saved data point) gets the day before the one picked. The fix reads the date in UTC and
keeps it in the local offset.

Fixed data: the device's time zone is America/New_York (UTC-5/-4: any zone behind UTC shows the
bug, none at or ahead of it); its clock reads Monday 6 March 2023, 10:00 (the report's day).
Not modelled: the MaterialDatePicker's text input mode, year view and the days' content
descriptions (days are TextViews with their number), the time picker's clock face (its OK keeps
the time), graphs, groups, import/export, reminders, notes and the other drawer screens (stubs),
the tracker card's menu, the advanced tracker options' contents, the underlying screen beneath
the first-run tutorial overlay (the model shows only the overlay).
"""

from __future__ import annotations

import calendar
import datetime as dt
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text, step
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.samco.trackandgraph"
MAIN = ".MainActivity"
APP_NAME = "Track & Graph"
TODAY = dt.date(2023, 3, 6)  # the device's clock (fixed data)
NOW_TIME = "10:00"
TUTORIAL_TEXTS = (
    "Use trackers to track your data.",
    "Use graphs and statistics to visualise data.",
    "Use groups to organise your trackers, graphs and statistics.",
)
EMPTY_GROUP = (
    "Welcome to Track & Graph!\n\n Tap + in the top right and select Tracker to get started."
)
NO_HISTORY = "Your tracking history will show up here when you have input some data."
DP_TUTORIAL = (
    ("A quick tutorial on adding data points:", "Each data point has a timestamp and a value: "),
    (
        "The value is a number so you can see how your data is changing over time",
        "(Hint: If you don't care about the value just use the default value of 1)",
    ),
    (
        "Use labels if you want to group the data points",
        "(Hint: If you want to add more context or description use the note instead of the "
        "label field)",
    ),
)
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
DRAWER = (
    ("groupFragment", "Home"),
    ("remindersFragment", "Reminders"),
    ("notesFragment", "Notes"),
    ("backupAndRestoreFragment", "Backup and Restore"),
    ("FAQFragment", "FAQ"),
    ("rateAppRedirectFragment", "Rate the app"),
    ("aboutPageFragment", "About"),
)
ADD_DESC = "Add a data point button"
EDIT_DESC = "Edit data point button"
DELETE_DESC = "Delete data point button"


def _fmt(day: str) -> str:
    """formatDayMonthYear with the default DMY setting: dd/MM/yy."""
    return dt.date.fromisoformat(day).strftime("%d/%m/%y")


def date_shifted(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of track-and-graph#200: a date picked in the date picker was set as another
    day."""
    return any(picked != applied for picked, applied in data["picked_dates"])


_ADD_BUTTON = [933, 357, 1080, 504]  # the first tracker card's add icon

BUG_200 = BugSpec(
    bug_id="track-and-graph#200",
    kind="non-crash",
    title="Issue: When editing the date in a tracker entry, the date is wrong",
    oracle=date_shifted,
    human_steps=(
        {"kind": "swipe", "direction": "left"},
        {"kind": "swipe", "direction": "left"},
        click(PACKAGE, "closeButton", "Got it!"),
        click(PACKAGE, desc="More options"),
        click(PACKAGE, "title", "Tracker"),
        input_text(PACKAGE, "", "Sleep", hint="Tracker name"),
        {"kind": "press_back"},  # the keyboard (the model has no adjustResize)
        click(PACKAGE, text="Create"),
        step("click", PACKAGE, "addButton", desc=ADD_DESC, bounds=_ADD_BUTTON),
        click(PACKAGE, text="Next"),
        click(PACKAGE, text="Next"),
        click(PACKAGE, text="Got it!"),
        click(PACKAGE, text="Add"),
        click(PACKAGE, "trackGroupNameText", "Sleep"),
        click(PACKAGE, desc=EDIT_DESC),
        click(PACKAGE, text="06/03/23"),
        click(PACKAGE, text="14"),
        click(PACKAGE, "confirm_button", "OK"),
    ),
)
_TO_PICKER = BUG_200.human_steps[:16]

WRONG_SEQUENCES = {
    "track-and-graph#200": (
        # A day is picked but the picker is cancelled: the date stays.
        _TO_PICKER + (click(PACKAGE, text="14"), click(PACKAGE, "cancel_button", "Cancel")),
        # The picker is closed with Back without choosing.
        _TO_PICKER + ({"kind": "press_back"},),
        # The time is changed instead of the date.
        BUG_200.human_steps[:15]
        + (
            click(PACKAGE, text="10:00"),
            click(PACKAGE, "material_timepicker_ok_button", "OK"),
        ),
        # The entry is opened and updated without touching the date.
        BUG_200.human_steps[:15] + (click(PACKAGE, text="Update"),),
    ),
}


class TrackAndGraph301(VirtualApp):
    """Track & Graph 3.0.1 (see the module docstring)."""

    name: ClassVar[str] = "track-and-graph"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "3.0.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_200,)
    UTC_OFFSET_HOURS: ClassVar[int] = -5  # America/New_York in early March (fixed data)
    FIXED: ClassVar[bool] = False

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_run": True,
            "hide_dp_tutorial": False,
            "trackers": [],  # {"id", "name", "description", "duration"}
            "points": [],  # {"tracker", "date", "time", "value", "label", "note"}
            "next_id": 1,
            "picked_dates": [],  # [picked day, day the dialog took] for each picker OK
        }

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("nav", [["group"]])
        ctx.ui.setdefault("tutorial_page", 0)

    # -- navigation --------------------------------------------------------------------------------
    def _top(self, ctx: AppContext) -> list[Any]:
        return ctx.ui["nav"][-1]

    def _push(self, ctx: AppContext, *entry: Any) -> None:
        ctx.ui["nav"].append(list(entry))
        ctx.ui["menu"] = False
        ctx.hide_keyboard()

    def _up(self, ctx: AppContext) -> None:
        if len(ctx.ui["nav"]) > 1:
            ctx.ui["nav"].pop()
            ctx.hide_keyboard()

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui.get("picker"):
            ui["picker"] = None
            return True
        if ui.get("time_picker"):
            ui["time_picker"] = False
            return True
        if ui.get("dialog"):
            ui["dialog"] = None
            return True
        if ui.get("confirm_delete") is not None:
            ui["confirm_delete"] = None
            return True
        if w.dismiss(ui, "menu") or w.dismiss(ui, "drawer") or w.dismiss(ui, "info"):
            return True
        if len(ui["nav"]) > 1:
            self._up(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.data["first_run"]:
            return w.pager_swipe(ctx.ui, "tutorial_page", 3, direction)
        return False

    # -- render ------------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.data["first_run"]:
            return Screen(content=self._tutorial(ctx))
        top = self._top(ctx)
        if top[0] == "group":
            content = self._group(ctx)
        elif top[0] == "add_tracker":
            content = self._add_tracker(ctx)
        elif top[0] == "history":
            content = self._history(ctx, top[1])
        else:
            content = self._page(top[1], View(cls="android.view.View"))
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Tracker", self._add_tracker_clicked),
                        ("Graph or Statistic", w.bind(self._stub, "Graph or Statistic")),
                        ("Group", w.bind(self._stub, "Group")),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        if ctx.ui.get("drawer"):
            windows.append(
                w.navigation_sheet(
                    [
                        w.navigation_item(rid, title, w.bind(self._drawer_item, title))
                        for rid, title in DRAWER
                    ],
                    lambda c: c.ui.update(drawer=False),
                )
            )
        if ctx.ui.get("info"):
            tracker = self._tracker(ctx, top[1])
            windows.append(
                Window(
                    root=w.linear_layout(
                        [w.text_view(tracker["name"]), w.text_view(tracker["description"])],
                        weight=0,
                    ),
                    on_dismiss=lambda c: c.ui.update(info=False),
                )
            )
        if ctx.ui.get("confirm_delete") is not None:
            windows.append(self._confirm_delete_window())
        if ctx.ui.get("dialog"):
            windows.append(self._dialog_window(ctx))
        if ctx.ui.get("picker"):
            windows.append(self._picker_window(ctx))
        if ctx.ui.get("time_picker"):
            windows.append(self._time_picker_window(ctx))
        return Screen(content=content, windows=windows)

    def _page(self, title: str, body: View, *, root: bool = False, actions: Any = ()) -> View:
        nav = (
            w.nav_button("Open", lambda c: c.ui.update(drawer=True))
            if root
            else w.up_button(self._up)
        )
        return w.drawer_layout(
            w.linear_layout(
                [
                    w.toolbar(title, navigation=nav, actions=list(actions)),
                    View(
                        cls="android.widget.FrameLayout",
                        resource_id="nav_fragment",
                        children=[body],
                    ),
                ]
            )
        )

    def _tutorial(self, ctx: AppContext) -> View:
        page = ctx.ui["tutorial_page"]
        children = [w.text_view(TUTORIAL_TEXTS[page], "text"), w.image_view("image", height=700)]
        if page == 2:
            children.append(w.text_view("Got it!", "closeButton", on_click=self._close_tutorial))
        pips = View(
            cls="android.widget.LinearLayout",
            resource_id="tutorialPips",
            layout=HORIZONTAL,
            height=60,
            children=[w.image_view(f"pip{i}", height=60, width=60) for i in (1, 2, 3)],
        )
        return View(
            cls="android.widget.FrameLayout",
            resource_id="tutorialOverlay",
            children=[
                View(
                    cls="androidx.viewpager.widget.ViewPager",
                    resource_id="tutorialViewPager",
                    children=[w.linear_layout(children)],
                ),
                pips,
            ],
        )

    def _close_tutorial(self, ctx: AppContext) -> None:
        ctx.data["first_run"] = False  # destroyTutorial: prefHelper.setFirstRun(false)

    def _drawer_item(self, ctx: AppContext, title: str) -> None:
        ctx.ui["drawer"] = False
        ctx.ui["nav"] = [["group"]]
        if title != "Home":
            ctx.ui["nav"].append(["stub", title])

    def _stub(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = False
        self._push(ctx, "stub", title)

    # -- group -------------------------------------------------------------------------------------
    def _group(self, ctx: AppContext) -> View:
        actions = [
            w.action_item("import_button", "Import", w.bind(self._stub, "Import")),
            w.action_item("export_button", "Export", w.bind(self._stub, "Export")),
            w.overflow_button(lambda c: c.ui.update(menu=True)),
        ]
        trackers = ctx.data["trackers"]
        if trackers:
            body = View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="item_list",
                scrollable=True,
                children=[self._card(ctx, t) for t in trackers],
            )
        else:
            body = w.text_view(EMPTY_GROUP, "emptyGroupText")
        return self._page(APP_NAME, body, root=True, actions=actions)

    def _card(self, ctx: AppContext, tracker: dict[str, Any]) -> View:
        points = self._points(ctx, tracker["id"])
        last = max(points, key=lambda p: (p["date"], p["time"])) if points else None
        last_text = f"{_fmt(last['date'])}  {last['time']}" if last else "No Data"
        history = w.bind(self._open_history, tracker["id"])
        return View(
            cls="android.widget.FrameLayout",
            height=420,
            children=[
                View(
                    cls="androidx.cardview.widget.CardView",
                    resource_id="cardView",
                    on_click=history,
                    children=[
                        View(
                            cls="android.view.ViewGroup",
                            resource_id="innerLayoutContainer",
                            layout=HORIZONTAL,
                            children=[
                                w.image_button(
                                    "menuButton", "Tracked data menu button", lambda c: None
                                ),
                                View(
                                    cls="android.widget.LinearLayout",
                                    children=[
                                        w.text_view(tracker["name"], "trackGroupNameText"),
                                        w.text_view(last_text, "lastDateText"),
                                        w.text_view(f"{len(points)} Tracked", "numEntriesText"),
                                    ],
                                ),
                                View(
                                    cls="android.widget.LinearLayout",
                                    width=147,
                                    children=[
                                        w.image_view("historyIcon", "Tracked data history button"),
                                        # A tap on the card's corner adds (isInCorner): the
                                        # model lets the icon, not clickable in 3.0.1, take it.
                                        View(
                                            cls="android.widget.ImageView",
                                            resource_id="addButton",
                                            content_desc=ADD_DESC,
                                            on_click=w.bind(self._open_add, tracker["id"]),
                                        ),
                                    ],
                                ),
                            ],
                        )
                    ],
                )
            ],
        )

    def _open_history(self, ctx: AppContext, tracker_id: int) -> None:
        self._push(ctx, "history", tracker_id)

    def _add_tracker_clicked(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.ui["tracker_form"] = {"name": "", "description": "", "duration": False}
        self._push(ctx, "add_tracker")

    # -- add tracker -------------------------------------------------------------------------------
    def _add_tracker(self, ctx: AppContext) -> View:
        form = ctx.ui.setdefault("tracker_form", {"name": "", "description": "", "duration": False})
        error = self._tracker_error(ctx, form["name"])
        body = w.linear_layout(
            [
                w.scroll_view(
                    [
                        w.linear_layout(
                            [
                                View(
                                    cls="android.widget.EditText",
                                    text=form["name"],
                                    hint="Tracker name",
                                    on_text=lambda c, t: self._form_text(c, "name", t),
                                ),
                                View(
                                    cls="android.widget.EditText",
                                    text=form["description"],
                                    hint="Add a longer description (optional)",
                                    on_text=lambda c, t: self._form_text(c, "description", t),
                                ),
                                View(
                                    cls="android.widget.CheckBox",
                                    text="This is a time or duration",
                                    checkable=True,
                                    checked=form["duration"],
                                    on_click=self._toggle_duration,
                                ),
                                w.text_view("Advanced options"),
                            ],
                            weight=0,
                        )
                    ]
                ),
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=160,
                    children=[
                        w.text_view(error),
                        View(
                            cls="android.widget.Button",
                            text="Create",
                            enabled=not error,
                            on_click=self._create_tracker,
                            width=300,
                        ),
                    ],
                ),
            ]
        )
        return self._page("Track something:", body)

    def _tracker_error(self, ctx: AppContext, name: str) -> str:
        if not name.strip():
            return "Please add a name"
        if any(t["name"] == name.strip() for t in ctx.data["trackers"]):
            return "You are already tracking something with that name"
        return ""

    def _form_text(self, ctx: AppContext, key: str, text: str) -> None:
        ctx.ui["tracker_form"][key] = text

    def _toggle_duration(self, ctx: AppContext) -> None:
        form = ctx.ui["tracker_form"]
        form["duration"] = not form["duration"]

    def _create_tracker(self, ctx: AppContext) -> None:
        form = ctx.ui["tracker_form"]
        if self._tracker_error(ctx, form["name"]):
            return
        ctx.data["trackers"].append(
            {
                "id": ctx.data["next_id"],
                "name": form["name"].strip(),
                "description": form["description"],
                "duration": form["duration"],
            }
        )
        ctx.data["next_id"] += 1
        self._up(ctx)  # navController.popBackStack()

    # -- history -----------------------------------------------------------------------------------
    def _tracker(self, ctx: AppContext, tracker_id: int) -> dict[str, Any]:
        return next(t for t in ctx.data["trackers"] if t["id"] == tracker_id)

    def _points(self, ctx: AppContext, tracker_id: int) -> list[dict[str, Any]]:
        return [p for p in ctx.data["points"] if p["tracker"] == tracker_id]

    def _history(self, ctx: AppContext, tracker_id: int) -> View:
        tracker = self._tracker(ctx, tracker_id)
        points = sorted(
            self._points(ctx, tracker_id), key=lambda p: (p["date"], p["time"]), reverse=True
        )
        if points:
            body = View(
                cls="android.view.View",
                scrollable=True,
                children=[self._point_card(ctx, p) for p in points],
            )
        else:
            body = w.text_view(NO_HISTORY)
        actions = [
            w.action_item("infoButton", "Info", lambda c: c.ui.update(info=True)),
            w.action_item("updateButton", "Update", w.bind(self._stub, "Update")),
        ]
        return self._page(tracker["name"], body, actions=actions)

    def _point_card(self, ctx: AppContext, point: dict[str, Any]) -> View:
        index = ctx.data["points"].index(point)
        weekday = WEEKDAYS[dt.date.fromisoformat(point["date"]).weekday()]
        value = f"{point['value']:g}" + (f" : {point['label']}" if point["label"] else "")
        texts = [w.text_view(value)]
        if point["note"]:
            texts.append(w.text_view(point["note"]))
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=200,
            on_click=lambda c: None,
            children=[
                w.text_view(f"{_fmt(point['date'])} {point['time']}\n{weekday}", width=300),
                View(cls="android.view.View", children=texts),
                View(
                    cls="android.widget.Button",
                    content_desc=EDIT_DESC,
                    width=147,
                    on_click=w.bind(self._open_edit, index),
                ),
                View(
                    cls="android.widget.Button",
                    content_desc=DELETE_DESC,
                    width=147,
                    on_click=lambda c: c.ui.update(confirm_delete=index),
                ),
            ],
        )

    def _confirm_delete_window(self) -> Window:
        return w.alert_dialog(
            View(cls="android.view.View", height=20),
            [w.text_view("Are you sure you want to delete this data point?")],
            [
                View(
                    cls="android.widget.Button",
                    text="Cancel",
                    width=300,
                    on_click=lambda c: c.ui.update(confirm_delete=None),
                ),
                View(
                    cls="android.widget.Button",
                    text="Delete",
                    width=300,
                    on_click=self._delete_point,
                ),
            ],
            lambda c: c.ui.update(confirm_delete=None),
        )

    def _delete_point(self, ctx: AppContext) -> None:
        index = ctx.ui.get("confirm_delete")
        if index is not None and index < len(ctx.data["points"]):
            ctx.data["points"].pop(index)
        ctx.ui["confirm_delete"] = None

    # -- the data point dialog ---------------------------------------------------------------------
    def _open_add(self, ctx: AppContext, tracker_id: int) -> None:
        show_tutorial = not ctx.data["points"] and not ctx.data["hide_dp_tutorial"]
        ctx.ui["dialog"] = {
            "tracker": tracker_id,
            "edit": None,
            "date": TODAY.isoformat(),
            "time": NOW_TIME,
            "value": "",
            "label": "",
            "note": "",
            "tutorial": 0 if show_tutorial else None,
        }

    def _open_edit(self, ctx: AppContext, index: int) -> None:
        point = ctx.data["points"][index]
        ctx.ui["dialog"] = {
            "tracker": point["tracker"],
            "edit": index,
            "date": point["date"],
            "time": point["time"],
            "value": f"{float(point['value'])}",
            "label": point["label"],
            "note": point["note"],
            "tutorial": None,
        }

    def _dialog_window(self, ctx: AppContext) -> Window:
        d = ctx.ui["dialog"]
        if d["tutorial"] is not None:
            page = d["tutorial"]
            body = [w.text_view(text) for text in DP_TUTORIAL[page]]
            body.append(
                View(
                    cls="android.widget.Button",
                    text="Got it!" if page == 2 else "Next",
                    on_click=self._tutorial_next,
                )
            )
            root = w.linear_layout(body, weight=0)
            return Window(root=root, on_dismiss=lambda c: c.ui.update(dialog=None))
        tracker = self._tracker(ctx, d["tracker"])
        rows: list[View] = [
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=147,
                children=[
                    w.text_view(""),
                    View(
                        cls="android.widget.Button",
                        content_desc="Help",
                        width=147,
                        on_click=self._help,
                    ),
                ],
            ),
            w.text_view(tracker["name"]),
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=147,
                children=[
                    View(
                        cls="android.widget.Button",
                        text=_fmt(d["date"]),
                        on_click=self._open_picker,
                    ),
                    View(
                        cls="android.widget.Button",
                        text=d["time"],
                        on_click=lambda c: c.ui.update(time_picker=True),
                    ),
                ],
            ),
            self._labeled("Value:", d["value"], "value"),
            self._labeled("Label:", d["label"], "label"),
        ]
        if d["note"] or d.get("show_note"):
            rows.append(
                View(
                    cls="android.widget.EditText",
                    text=d["note"],
                    hint="Notes…",
                    on_text=lambda c, t: self._dialog_text(c, "note", t),
                )
            )
        else:
            rows.append(
                View(cls="android.widget.Button", text="Add a note", on_click=self._show_note)
            )
        rows.append(
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=147,
                children=[
                    View(
                        cls="android.widget.Button",
                        text="Cancel",
                        width=300,
                        on_click=lambda c: c.ui.update(dialog=None),
                    ),
                    View(cls="android.view.View"),
                    View(
                        cls="android.widget.Button",
                        text="Update" if d["edit"] is not None else "Add",
                        width=300,
                        on_click=self._add_clicked,
                    ),
                ],
            )
        )
        return Window(
            root=w.linear_layout(rows, weight=0), on_dismiss=lambda c: c.ui.update(dialog=None)
        )

    def _labeled(self, label: str, text: str, key: str) -> View:
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=160,
            children=[
                w.text_view(label, width=300),
                View(
                    cls="android.widget.EditText",
                    text=text,
                    on_text=lambda c, t: self._dialog_text(c, key, t),
                ),
            ],
        )

    def _dialog_text(self, ctx: AppContext, key: str, text: str) -> None:
        ctx.ui["dialog"][key] = text

    def _show_note(self, ctx: AppContext) -> None:
        ctx.ui["dialog"]["show_note"] = True

    def _help(self, ctx: AppContext) -> None:
        ctx.ui["dialog"]["tutorial"] = 0

    def _tutorial_next(self, ctx: AppContext) -> None:
        d = ctx.ui["dialog"]
        if d["tutorial"] < 2:
            d["tutorial"] += 1
        else:
            d["tutorial"] = None
            ctx.data["hide_dp_tutorial"] = True

    def _add_clicked(self, ctx: AppContext) -> None:
        d = ctx.ui["dialog"]
        try:
            value = float(d["value"]) if d["value"].strip() else 1.0
        except ValueError:
            value = 1.0
        point = {
            "tracker": d["tracker"],
            "date": d["date"],
            "time": d["time"],
            "value": value,
            "label": d["label"],
            "note": d["note"],
        }
        points = ctx.data["points"]
        if d["edit"] is not None and d["edit"] < len(points):
            points.pop(d["edit"])  # insertDataPoint: the old data point is deleted first
        points.append(point)
        ctx.ui["dialog"] = None

    # -- MaterialDatePicker / MaterialTimePicker ---------------------------------------------
    def _open_picker(self, ctx: AppContext) -> None:
        # MaterialDatePicker.Builder.datePicker().build(): no selection, opens on this month.
        ctx.ui["picker"] = {"year": TODAY.year, "month": TODAY.month, "selected": None}

    def _picker_window(self, ctx: AppContext) -> Window:
        p = ctx.ui["picker"]
        year, month = p["year"], p["month"]
        selected = p["selected"]
        sel_text = (
            dt.date.fromisoformat(selected).strftime("%b %-d, %Y") if selected else "Selected date"
        )
        weeks = calendar.Calendar(firstweekday=6).monthdayscalendar(year, month)
        grid = [
            View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=120,
                children=[
                    View(
                        cls="android.widget.TextView",
                        text=str(day) if day else "",
                        selected=bool(day) and selected == dt.date(year, month, day).isoformat(),
                        on_click=w.bind(self._pick_day, day) if day else None,
                    )
                    for day in week
                ],
            )
            for week in weeks
        ]
        root = w.linear_layout(
            [
                w.text_view("Select date", "mtrl_picker_header_title_text", height=80),
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=147,
                    children=[
                        w.text_view(sel_text, "mtrl_picker_header_selection_text"),
                        w.image_button(
                            "mtrl_picker_header_toggle", "Switch to text input mode", lambda c: None
                        ),
                    ],
                ),
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=147,
                    children=[
                        View(
                            cls="android.widget.Button",
                            resource_id="month_navigation_fragment_toggle",
                            text=f"{calendar.month_name[month]} {year}",
                            on_click=lambda c: None,
                        ),
                        w.image_button(
                            "month_navigation_previous",
                            "Change to previous month",
                            w.bind(self._month, -1),
                        ),
                        w.image_button(
                            "month_navigation_next", "Change to next month", w.bind(self._month, 1)
                        ),
                    ],
                ),
                View(
                    cls="android.widget.GridView", resource_id="month_grid", weight=0, children=grid
                ),
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=140,
                    children=[
                        View(cls="android.view.View"),
                        View(
                            cls="android.widget.Button",
                            resource_id="cancel_button",
                            text="Cancel",
                            width=250,
                            on_click=lambda c: c.ui.update(picker=None),
                        ),
                        View(
                            cls="android.widget.Button",
                            resource_id="confirm_button",
                            text="OK",
                            width=250,
                            enabled=selected is not None,
                            on_click=self._picker_ok,
                        ),
                    ],
                ),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=lambda c: c.ui.update(picker=None))

    def _month(self, ctx: AppContext, delta: int) -> None:
        p = ctx.ui["picker"]
        index = p["year"] * 12 + p["month"] - 1 + delta
        p["year"], p["month"] = divmod(index, 12)
        p["month"] += 1

    def _pick_day(self, ctx: AppContext, day: int) -> None:
        p = ctx.ui["picker"]
        p["selected"] = dt.date(p["year"], p["month"], day).isoformat()

    def _picker_ok(self, ctx: AppContext) -> None:
        p = ctx.ui["picker"]
        if p["selected"] is None or not ctx.ui.get("dialog"):
            return
        picked = dt.date.fromisoformat(p["selected"])
        # The selection is the day's 00:00 in UTC (epoch millis).
        instant = dt.datetime(picked.year, picked.month, picked.day, tzinfo=dt.UTC)
        if self.FIXED:
            # 3.0.2: the same local date in the current offset.
            applied = picked
        else:
            # OffsetDateTime.ofInstant(instant, ZoneId.systemDefault()): the day it is there.
            local = instant.astimezone(dt.timezone(dt.timedelta(hours=self.UTC_OFFSET_HOURS)))
            applied = local.date()
        # DateTimeButtonRow then keeps the old hour and minute.
        ctx.ui["dialog"]["date"] = applied.isoformat()
        ctx.data["picked_dates"].append([picked.isoformat(), applied.isoformat()])
        ctx.ui["picker"] = None

    def _time_picker_window(self, ctx: AppContext) -> Window:
        hour, minute = ctx.ui["dialog"]["time"].split(":")
        root = w.linear_layout(
            [
                w.text_view("Select time", "header_title", height=80),
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=200,
                    children=[
                        View(
                            cls="android.widget.Button",
                            resource_id="material_hour_tv",
                            text=hour,
                            on_click=lambda c: None,
                        ),
                        View(
                            cls="android.widget.Button",
                            resource_id="material_minute_tv",
                            text=minute,
                            on_click=lambda c: None,
                        ),
                    ],
                ),
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=140,
                    children=[
                        View(cls="android.view.View"),
                        View(
                            cls="android.widget.Button",
                            resource_id="material_timepicker_cancel_button",
                            text="Cancel",
                            width=250,
                            on_click=lambda c: c.ui.update(time_picker=False),
                        ),
                        View(
                            cls="android.widget.Button",
                            resource_id="material_timepicker_ok_button",
                            text="OK",
                            width=250,
                            on_click=lambda c: c.ui.update(time_picker=False),
                        ),
                    ],
                ),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=lambda c: c.ui.update(time_picker=False))


class TrackAndGraph302(TrackAndGraph301):
    """Track & Graph 3.0.2: track-and-graph#200 fixed (the picked day is kept)."""

    version: ClassVar[str] = "3.0.2"
    bugs: ClassVar[tuple[BugSpec, ...]] = ()
    FIXED: ClassVar[bool] = True
