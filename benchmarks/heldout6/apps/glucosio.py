"""Glucosio (``org.glucosio.android``, Glucosio/glucosio-android) 1.1.1, for
glucosio-android#258.

A diabetes log: glucose readings and other metrics (HbA1c, cholesterol, blood pressure,
ketones, body weight) with a history, charts and tips.

Modelled from the sources at tag ``1.1.1`` (commit ``e1b406b``, ``versionName '1.1.1'``,
``versionCode 32``): ``activity/SplashActivity.java``, ``MainActivity.java``,
``AddGlucoseActivity.java``, ``AddWeightActivity.java``, ``fragment/HistoryFragment.java``,
``adapter/HistoryAdapter.java``, ``HomePagerAdapter.java``, ``presenter/MainPresenter.java``,
``AddGlucosePresenter.java``, ``AddWeightPresenter.java``, ``db/DatabaseHandler.java`` (the ids:
a glucose reading's id is its date, time and value run together, the other metrics' ids
count from 0 with ``getNextKey``), ``db/WeightReading.java``, ``tools/ReadingTools.java``, the
layouts ``activity_main.xml``, ``fragment_history.xml``, ``fragment_history_item.xml``,
``fragment_history_bottom_sheet.xml``, ``activity_add_glucose.xml``, ``activity_add_weight.xml``
and ``values/strings.xml``; and the fix, commit ``cde634a`` ("issue #258 : make Weight editable
and block edit button for other metrics").

The main activity: the toolbar (the MaterialDrawer toggle, the logo), the tabs Overview,
History and Assistant, the pager and the add menu (a FloatingActionMenu: Body Weight, Ketones,
Blood Pressure, Cholesterol Level, HBA1C Reading, Blood Glucose Level; hidden on Assistant).
The history page: the metric spinner (Blood Glucose Level, HBA1C Reading, Cholesterol Level,
Blood Pressure, Ketones, Body Weight), the glucose legend, then one card per reading (time,
type, value, and its id in a hidden TextView); a long press opens a bottom sheet with Edit and
Delete. Adding a reading opens its screen and finishes the main activity; the add screens'
done button, Back and up start it again.

The bug (glucosio-android#258, non-crash): the bottom sheet's Edit always starts
``AddGlucoseActivity`` with ``edit_id`` = the card's id, whatever metric the spinner shows. For
the first body weight (id 0) ``AddGlucoseActivity`` opens as a new glucose reading ("Add
Glucose reading": Concentration, mg/dL, Date, Time, Measured, Notes) instead of the weight's
editor; for a later weight (id 1, 2...) ``getGlucoseReadingById`` finds no glucose reading and
``onCreate`` throws a NullPointerException. The fix opens ``AddWeightActivity`` for a weight
and blocks Edit for the other metrics. The oracle: Edit on a Body Weight card started the
glucose editor.

Fixed data (the report's precondition, readings in the history): the user (set up: mg/dL,
kilograms), one glucose reading of 100 mg/dL "Before breakfast" on 7/8/16 at 8:00 AM and one
body weight of 80 kg on 7/8/16 (id 0). The model's "now" is 12/6/26, 12:00 PM.

Stubbed: the first-run HelloActivity (not reached: the user exists), the overview's charts,
the assistant's tips, the drawer's entries, the other metrics' add screens and the date/time
pickers are title-only or plain views; a deleted reading goes at once (the snackbar's UNDO is
not modelled). Uncertain: the report calls the screen "Edit Glucose reading" while the source
titles it "Add Glucose reading" for id 0; the FloatingActionMenu's dump shape.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import stacks
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, step
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.glucosio.android"
SPLASH = ".activity.SplashActivity"
MAIN = ".activity.MainActivity"
ADD_GLUCOSE = ".activity.AddGlucoseActivity"
ADD_WEIGHT = ".activity.AddWeightActivity"
STUB = ".activity.StubActivity"
TABS = ("Overview", "History", "Assistant")
METRICS = (
    "Blood Glucose Level",
    "HBA1C Reading",
    "Cholesterol Level",
    "Blood Pressure",
    "Ketones",
    "Body Weight",
)
FAB_ITEMS = (  # top to bottom, as activity_main.xml lists them
    ("fab_weight", "Body Weight"),
    ("fab_ketone", "Ketones"),
    ("fab_pressure", "Blood Pressure"),
    ("fab_cholesterol", "Cholesterol Level"),
    ("fab_HB1AC", "HBA1C Reading"),
    ("fab_glucose", "Blood Glucose Level"),
)
DRAWER = (
    "HbA1c Calculator",
    "Backup & Export",
    "Settings",
    "Support",
    "About Glucosio",
    "Donate to Glucosio",
    "Invite a friend",
)
LEGEND = ("Hypoglycemia", "Low", "OK", "High", "Hyperglycemia")
TYPES = (
    "Before breakfast",
    "After breakfast",
    "Before lunch",
    "After lunch",
    "Before dinner",
    "After dinner",
    "Snack",
    "Bedtime",
    "Night",
    "Fasting glucose",
    "Recheck",
    "Other",
)
TODAY, NOW, NOW_TYPE = "12/6/26", "12:00 PM", "Before lunch"  # hourToSpinnerType(12) == 2


def wrong_editor(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of glucosio-android#258: Edit on a Body Weight reading started the glucose
    reading editor."""
    return bool(data["wrong_editor"])


def _not_a_number(text: str, presenter: str, line: int) -> JavaException:
    """``Integer.parseInt(text)``'s NumberFormatException, thrown in ``presenter``'s
    ``dialogOnAddButtonPressed`` at ``line``."""
    return JavaException(
        "java.lang.NumberFormatException",
        f'For input string: "{text}"',
        [
            "java.lang.Integer.parseInt(Integer.java:615)",
            "java.lang.Integer.parseInt(Integer.java:650)",
            f"org.glucosio.android.presenter.{presenter}."
            f"dialogOnAddButtonPressed({presenter}.java:{line})",
        ],
    )


HISTORY = click(PACKAGE, text="History", cls="android.widget.TextView")
SPINNER = click(PACKAGE, "history_spinner")
WEIGHTS = click(PACKAGE, "android:id/text1", "Body Weight")
HOLD_WEIGHT = step("long_click", PACKAGE, "item_history_reading", "80 kg")
EDIT = click(PACKAGE, text="Edit")

BUG_258 = BugSpec(
    "glucosio-android#258",
    "non-crash",
    "Editing a body weight reading opens the glucose reading editor",
    wrong_editor,
    human_steps=(HISTORY, SPINNER, WEIGHTS, HOLD_WEIGHT, EDIT),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "glucosio-android#258": [
        # The glucose reading is edited (the spinner left on Blood Glucose Level).
        [HISTORY, step("long_click", PACKAGE, "item_history_reading", "100 mg/dL"), EDIT],
        # The weight is deleted instead of edited.
        [HISTORY, SPINNER, WEIGHTS, HOLD_WEIGHT, click(PACKAGE, text="Delete")],
        # The bottom sheet is dismissed.
        [HISTORY, SPINNER, WEIGHTS, HOLD_WEIGHT, {"kind": "press_back"}],
        # A new body weight from the add menu.
        [click(PACKAGE, "fab_menu_add_reading"), click(PACKAGE, "fab_weight")],
    ],
}


class Glucosio(VirtualApp):
    """Glucosio 1.1.1 (see the module docstring)."""

    name: ClassVar[str] = "glucosio-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Glucosio"
    version: ClassVar[str] = "1.1.1"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_258,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "glucose": [
                {
                    "id": 20166880100,
                    "reading": 100,
                    "type": "Before breakfast",
                    "date": "7/8/16",
                    "time": "8:00 AM",
                    "notes": "",
                }
            ],
            "weight": [{"id": 0, "reading": 80, "date": "7/8/16", "time": "8:00 AM"}],
            "wrong_editor": [],
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN:
            ctx.ui.setdefault("page", int(ctx.extras.get("pager", 0)))
            ctx.ui.setdefault("metric", 0)
            ctx.ui.setdefault("drawer", False)
            ctx.ui.setdefault("fab_open", False)
            ctx.ui.setdefault("spinner", False)
            ctx.ui.setdefault("sheet", None)
        elif ctx.activity == ADD_GLUCOSE:
            self._glucose_created(ctx)
        elif ctx.activity == ADD_WEIGHT:
            ctx.ui.setdefault("reading", "")

    def _glucose_created(self, ctx: AppContext) -> None:
        if "reading" in ctx.ui:
            return
        edit_id = int(ctx.extras.get("edit_id", 0))
        ctx.ui.update(reading="", notes="", type=NOW_TYPE, date=TODAY, time=NOW, spinner=False)
        ctx.ui["edit_id"] = edit_id
        if edit_id != 0:
            found = next((g for g in ctx.data["glucose"] if g["id"] == edit_id), None)
            if found is None:
                npe = (
                    "Attempt to invoke virtual method 'int org.glucosio.android.db."
                    "GlucoseReading.getReading()' on a null object reference"
                )
                cause = JavaException(
                    "java.lang.NullPointerException",
                    npe,
                    [
                        "org.glucosio.android.activity.AddGlucoseActivity.onCreate("
                        "AddGlucoseActivity.java:181)",
                        "android.app.Activity.performCreate(Activity.java:6237)",
                        "android.app.Instrumentation.callActivityOnCreate("
                        "Instrumentation.java:1107)",
                        *stacks.launch_frames(23, perform_line=2369),
                    ],
                )
                raise JavaException(
                    "java.lang.RuntimeException",
                    f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}{ADD_GLUCOSE}}}:"
                    f" java.lang.NullPointerException: {npe}",
                    stacks.launch_frames(23),
                    cause=cause,
                )
            ctx.ui.update(
                reading=str(found["reading"]),
                notes=found["notes"],
                type=found["type"],
                date=found["date"],
                time=found["time"],
            )

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            for key, closed in (("sheet", None), ("spinner", False), ("fab_open", False)):
                if w.dismiss(ctx.ui, key, closed):
                    return True
            return w.dismiss(ctx.ui, "drawer")
        if ctx.activity in (ADD_GLUCOSE, ADD_WEIGHT):
            if ctx.activity == ADD_GLUCOSE and w.dismiss(ctx.ui, "spinner"):
                return True
            self._back_to_main(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and direction in ("left", "right"):
            return w.pager_swipe(ctx.ui, "page", len(TABS), direction)
        return False

    # -- handlers ------------------------------------------------------------------------------
    def _back_to_main(self, ctx: AppContext) -> None:
        """``finishActivity``: MainActivity again, on the pager page the screen was opened from."""
        ctx.start_activity(MAIN, {"pager": int(ctx.extras.get("pager", 0))})
        ctx.finish()

    def _open_add(self, ctx: AppContext, metric: str) -> None:
        ctx.ui["fab_open"] = False
        extras = {"pager": ctx.ui["page"]}
        if metric == "Blood Glucose Level":
            ctx.start_activity(ADD_GLUCOSE, extras)
        elif metric == "Body Weight":
            ctx.start_activity(ADD_WEIGHT, extras)
        else:
            ctx.start_activity(STUB, {"title": metric})
        ctx.finish()

    def _choose_metric(self, ctx: AppContext, index: int) -> None:
        ctx.ui["spinner"] = False
        ctx.ui["metric"] = index

    def _long_press(self, ctx: AppContext, reading_id: int) -> None:
        ctx.ui["sheet"] = reading_id

    def _edit(self, ctx: AppContext) -> None:
        """The bottom sheet's Edit: the glucose editor for any metric (the bug)."""
        reading_id = ctx.ui["sheet"]
        ctx.ui["sheet"] = None
        if ctx.ui["metric"] == METRICS.index("Body Weight"):
            ctx.data["wrong_editor"].append(reading_id)
        ctx.start_activity(ADD_GLUCOSE, {"edit_id": reading_id})
        ctx.finish()

    def _delete(self, ctx: AppContext) -> None:
        reading_id = ctx.ui["sheet"]
        ctx.ui["sheet"] = None
        key = {0: "glucose", 5: "weight"}.get(ctx.ui["metric"])
        if key:
            ctx.data[key] = [r for r in ctx.data[key] if r["id"] != reading_id]
        ctx.toast("1 reading deleted")

    def _save_glucose(self, ctx: AppContext) -> None:
        text = ctx.ui["reading"]
        if not text:
            ctx.toast("Please enter a valid value.")
            return
        value = int(text) if text.isdigit() else None
        if value is None:
            raise _not_a_number(text, "AddGlucosePresenter", 97)
        reading = {
            "id": int(f"2026116120{value}"),
            "reading": value,
            "type": ctx.ui["type"],
            "date": ctx.ui["date"],
            "time": ctx.ui["time"],
            "notes": ctx.ui["notes"],
        }
        if ctx.ui["edit_id"]:
            ctx.data["glucose"] = [g for g in ctx.data["glucose"] if g["id"] != ctx.ui["edit_id"]]
        elif any(g["id"] == reading["id"] for g in ctx.data["glucose"]):
            ctx.toast("Duplicate reading")
            return
        ctx.data["glucose"].insert(0, reading)
        self._back_to_main(ctx)

    def _save_weight(self, ctx: AppContext) -> None:
        text = ctx.ui["reading"]
        if not text:
            ctx.toast("Please enter a valid value.")
            return
        if not text.isdigit():
            raise _not_a_number(text, "AddWeightPresenter", 72)
        next_id = max((r["id"] for r in ctx.data["weight"]), default=-1) + 1
        ctx.data["weight"].insert(
            0, {"id": next_id, "reading": int(text), "date": TODAY, "time": NOW}
        )
        self._back_to_main(ctx)

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == ADD_GLUCOSE:
            return self._add_glucose(ctx)
        if ctx.activity == ADD_WEIGHT:
            return self._add_weight(ctx)
        bar = w.toolbar(str(ctx.extras.get("title", "")), navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, View(cls="android.view.View")]))

    def _main(self, ctx: AppContext) -> Screen:
        page = ctx.ui["page"]
        bar = w.toolbar(
            w.image_view(width=300),
            navigation=w.nav_button("Open", lambda c: c.ui.update(drawer=True)),
        )
        tabs = w.tabs(TABS, page, lambda c, i: c.ui.update(page=i), rid="tab_layout")
        appbar = w.linear_layout([bar, tabs], rid="appbar_layout", weight=0)
        body = [self._overview, self._history, self._assistant][page](ctx)
        pager = View(cls="android.support.v4.view.ViewPager", resource_id="pager", children=[body])
        layers: list[View] = [w.linear_layout([appbar, pager])]
        if page != 2:
            layers.append(self._fab_menu(ctx))
        content = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="coordinator_layout",
            layout=FRAME,
            children=layers,
        )
        drawer = None
        if ctx.ui["drawer"]:
            rows = [
                w.linear_layout(
                    [w.text_view(t, "material_drawer_name", height=147)],
                    on_click=w.bind(self._drawer_item, t),
                    height=147,
                )
                for t in DRAWER
            ]
            drawer = w.linear_layout(
                [
                    w.image_view("material_drawer_account_header_background", height=400),
                    View(
                        cls="android.support.v7.widget.RecyclerView",
                        resource_id="material_drawer_recycler_view",
                        children=rows,
                    ),
                ],
                rid="material_drawer_slider_layout",
                width=850,
            )
        windows: list[Window] = []
        if ctx.ui["spinner"]:
            windows.append(
                w.spinner_dropdown(
                    METRICS,
                    ctx.ui["metric"],
                    self._choose_metric,
                    lambda c: c.ui.update(spinner=False),
                )
            )
        if ctx.ui["sheet"] is not None:
            windows.append(self._history_sheet())
        layout = w.drawer_layout(content, drawer, rid="")
        return Screen(content=layout, windows=windows)

    def _drawer_item(self, ctx: AppContext, title: str) -> None:
        ctx.ui["drawer"] = False
        ctx.start_activity(STUB, {"title": title})

    def _fab_menu(self, ctx: AppContext) -> View:
        children: list[View] = []
        if ctx.ui["fab_open"]:
            for rid, label in FAB_ITEMS:
                children.append(
                    w.linear_layout(
                        [
                            w.text_view(label, width=450),
                            w.fab(rid, "", w.bind(self._open_add, label), size=147),
                        ],
                        horizontal=True,
                        height=160,
                    )
                )
        children.append(
            w.fab(
                "fab_menu_add_reading",
                "",
                lambda c: c.ui.update(fab_open=not c.ui["fab_open"]),
            )
        )
        return View(
            cls="com.github.clans.fab.FloatingActionMenu",
            gravity="bottom_end",
            width=700 if ctx.ui["fab_open"] else 220,
            height=180 + 160 * (len(children) - 1),
            children=children,
        )

    def _overview(self, ctx: AppContext) -> View:
        last = ctx.data["glucose"][0] if ctx.data["glucose"] else None
        rows: list[View] = [View(cls="android.view.View", resource_id="chart", height=600)]
        if last:
            rows.append(w.text_view(f"{last['reading']} mg/dL"))
        return w.scroll_view([w.linear_layout(rows, weight=0)], scrollable=True)

    def _assistant(self, ctx: AppContext) -> View:
        return View(
            cls="android.support.v7.widget.RecyclerView",
            resource_id="activity_main_assistant_recycler_view",
        )

    def _history(self, ctx: AppContext) -> View:
        metric = ctx.ui["metric"]
        spinner = w.spinner("history_spinner", METRICS[metric], lambda c: c.ui.update(spinner=True))
        parts: list[View] = [spinner]
        if metric == 0:
            parts.append(
                w.linear_layout(
                    [w.text_view(t, height=80) for t in LEGEND],
                    rid="fragment_history_legend",
                    horizontal=True,
                    height=80,
                )
            )
        cards = [self._card(r, metric) for r in self._readings(ctx, metric)]
        parts.append(
            w.list_view(
                cards,
                rid="fragment_history_recycler_view",
                cls="android.support.v7.widget.RecyclerView",
                scroll_key="history",
            )
        )
        return w.linear_layout(parts)

    def _readings(self, ctx: AppContext, metric: int) -> list[dict[str, Any]]:
        key = {0: "glucose", 5: "weight"}.get(metric)
        return list(ctx.data[key]) if key else []

    def _card(self, r: dict[str, Any], metric: int) -> View:
        if metric == 0:
            value, kind = f"{r['reading']} mg/dL", r["type"]
        else:
            value, kind = f"{r['reading']} kg", ""
        left = [w.text_view(r["date"], "item_history_time")]
        if kind:
            left.append(w.text_view(kind, "item_history_type"))
        return View(
            cls="android.support.v7.widget.CardView",
            resource_id="item_history",
            height=220,
            on_long_click=w.bind(self._long_press, r["id"]),
            children=[
                w.linear_layout(
                    [
                        w.linear_layout(left),
                        w.text_view(value, "item_history_reading", width=400),
                    ],
                    horizontal=True,
                )
            ],
        )

    def _history_sheet(self) -> Window:
        rows = [
            w.linear_layout(
                [w.image_view(width=150), w.text_view(text, height=150)],
                rid=rid,
                horizontal=True,
                height=150,
                on_click=handler,
            )
            for rid, text, handler in (
                ("fragment_history_bottom_sheet_edit", "Edit", self._edit),
                ("fragment_history_bottom_sheet_delete", "Delete", self._delete),
            )
        ]
        root = w.linear_layout(rows, rid="fragment_history_menu_bottom", weight=0)
        return Window(
            root=root,
            kind="sheet",
            on_dismiss=lambda c: c.ui.update(sheet=None),
            bounds=(0, 1494, 1080, 1794),
        )

    def _reading_screen(
        self, ctx: AppContext, title: str, fields: list[View], save: Any
    ) -> list[View]:
        bar = w.toolbar(title, navigation=w.up_button(self._back_to_main))
        date_time = w.linear_layout(
            [
                w.edit_text("", ctx.ui.get("date", TODAY), None, hint="Date", focusable=False),
                w.edit_text("", ctx.ui.get("time", NOW), None, hint="Time", focusable=False),
            ],
            horizontal=True,
            height=150,
        )
        return [bar, w.fab("done_fab", "", save, gravity="end"), *fields, date_time]

    def _value_row(self, ctx: AppContext, rid: str, hint: str, unit: str, unit_rid: str) -> View:
        """The reading's value: the field ``rid`` (typed into ``ctx.ui["reading"]``) beside
        its ``unit`` label ``unit_rid``."""
        return w.linear_layout(
            [
                w.edit_text(rid, ctx.ui["reading"], lambda c, t: c.ui.update(reading=t), hint=hint),
                w.text_view(unit, unit_rid, width=250),
            ],
            horizontal=True,
            height=150,
        )

    def _add_glucose(self, ctx: AppContext) -> Screen:
        title = "Edit Glucose reading" if ctx.ui["edit_id"] else "Add Glucose reading"
        value = self._value_row(
            ctx,
            "glucose_add_concentration",
            "Concentration",
            "mg/dL",
            "glucose_add_unit_measurement",
        )
        children = self._reading_screen(ctx, title, [value], self._save_glucose)
        # The date and time fields carry their own ids on this screen.
        children[-1].children[0].resource_id = "glucose_add_date"
        children[-1].children[1].resource_id = "glucose_add_time"
        children += [
            w.linear_layout(
                [
                    w.text_view("Measured"),
                    w.spinner("", ctx.ui["type"], lambda c: c.ui.update(spinner=True)),
                ],
                rid="glucose_add_reading_type",
                weight=0,
            ),
            w.edit_text(
                "glucose_add_notes",
                ctx.ui["notes"],
                lambda c, t: c.ui.update(notes=t),
                hint="Notes",
            ),
        ]
        windows: list[Window] = []
        if ctx.ui["spinner"]:
            windows.append(
                w.spinner_dropdown(
                    TYPES,
                    TYPES.index(ctx.ui["type"]),
                    lambda c, i: c.ui.update(type=TYPES[i], spinner=False),
                    lambda c: c.ui.update(spinner=False),
                )
            )
        return Screen(content=w.scroll_view([w.linear_layout(children)]), windows=windows)

    def _add_weight(self, ctx: AppContext) -> Screen:
        value = self._value_row(
            ctx, "weight_add_value", "Weight", "kg", "weight_add_unit_measurement"
        )
        children = self._reading_screen(ctx, "Add Body Weight", [value], self._save_weight)
        children[-1].children[0].resource_id = "dialog_add_date"
        children[-1].children[1].resource_id = "dialog_add_time"
        return Screen(content=w.scroll_view([w.linear_layout(children)]))
