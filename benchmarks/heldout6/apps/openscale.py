"""openScale (``com.health.openscale``, oliexdev/openScale) 1.8, for openScale#270.

A body-weight and body-composition log: a main activity with a drawer and a bottom navigation
(Overview, Chart, Table, Statistics) and the measurement entry screen.

Modelled from the sources at tag ``v1.8`` (commit ``deb547a``, ``versionName "1.8"``,
``versionCode 27``): ``gui/MainActivity.java``, ``gui/activities/DataEntryActivity.java``,
``gui/fragments/TableFragment.java``, ``OverviewFragment.java``, ``gui/views/MeasurementView.java``,
``FloatMeasurementView.java``, ``WeightMeasurementView.java``, ``BMIMeasurementView.java``,
``BMRMeasurementView.java``, ``MeasurementViewSettings.java`` (the views enabled by default),
``core/datatypes/ScaleMeasurement.java`` (BMI, BMR), ``core/utils/Converters.java``, the layouts
``activity_main.xml``, ``activity_dataentry.xml``, ``float_input_view.xml``,
``fragment_table.xml``, ``fragment_overview.xml``, the menus ``action_menu.xml``,
``dataentry_menu.xml``, ``drawer_view.xml``, ``drawer_bottom_view.xml`` and
``values/strings.xml``; and the fix, commit ``0479c31`` ("fixed bug #270", released in 1.8.1).

The main activity: the toolbar (the drawer toggle "open", the page's title, "Bluetooth Status",
"+" and the overflow: Import, Export, Share), the page, and the bottom navigation. The table
page lists the measurements, one row of values per measurement (date, time, weight, BMI, body
water, muscle, body fat, BMR, comment: the views enabled by default); a row opens
``DataEntryActivity`` in view mode (the date and time of the entry between "<" and ">", one row
per measurement view; the toolbar's Edit, Toggle expand and Delete). Edit switches to edit mode
(Save instead of Edit, "+"/"-" on each editable value, date and time rows shown); tapping an
editable row opens its input dialog (title the measurement's name, "▲ +0.10", the value, its
unit, "▼ -0.10"; Next, Cancel, OK). A changed value calls ``onMeasurementViewUpdate``:
``view.saveTo(scaleMeasurement)``, the entry is dirty, the other views reload from the entry.
Save stores a dirty entry (``updateScaleData``) and returns to view mode; Back or the up
arrow in edit mode discards the changes; in view mode they return to the table.

The bug (openScale#270, non-crash): ``WeightMeasurementView.setMeasurementValue`` computes
``Converters.toKilogram(value, unit)`` and drops the result instead of calling
``measurement.setWeight(...)``; the weight view shows the new value, but the entry keeps the
old weight (and BMI and BMR, reloaded from the entry, do not change), Save stores the old
weight, and the table shows it. The same drop hits "+" with a new measurement ("+" on the
toolbar, which copies the latest one). The fix sets the weight. The oracle: a save stored a
weight other than the one last entered in the weight view.

Fixed data (the report's precondition, an existing entry): one user, "User" (180 cm, male,
born January 1, 1990, kg, sedentary), not the first start, with one measurement of May 22,
2018, 8:00 AM: 80.00 kg, body water 55.00 %, muscle 40.00 %, body fat 20.00 %, no comment.

Stubbed: the first-start user screen (not reached), the chart and statistics pages, settings,
help, import, export and share are title-only or plain views; the date and time pickers of the
entry's date and time rows, the overview's charts and the Bluetooth connection (no scale is
set: a toast) are not modelled. Uncertain: the date/time texts follow en-US ``DateFormat``
patterns; the evaluator gauge of "Toggle expand" is a plain view.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.health.openscale"
MAIN = ".gui.MainActivity"
ENTRY = ".gui.activities.DataEntryActivity"
STUB = ".gui.activities.StubActivity"
PAGES = (
    ("nav_overview", "Overview"),
    ("nav_graph", "Chart"),
    ("nav_table", "Table"),
    ("nav_statistic", "Statistics"),
)
# (key, name, unit, decimals, max, editable): the views enabled by default, in their order.
FLOATS = (
    ("weight", "Weight", "kg", 2, 300.0, True),
    ("bmi", "Body mass index (BMI)", "", 2, 50.0, False),
    ("water", "Body water", "%", 2, 80.0, True),
    ("muscle", "Muscle", "%", 2, 80.0, True),
    ("fat", "Body fat", "%", 2, 80.0, True),
    ("bmr", "Basal metabolic rate (BMR)", "kCal", 0, 5000.0, False),
)
NAMES = {k: n for k, n, *_ in FLOATS} | {"comment": "Comment", "date": "Date", "time": "Time"}
EDITABLE = [k for k, *_, e in FLOATS if e] + ["comment"]
USER_NAME = "User"
HEIGHT = 180.0  # cm
BORN = 1990  # January 1
SEDENTARY = 1.2  # the BMR activity factor


def weight_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of openScale#270: a save stored a weight other than the one last entered
    in the entry's weight view."""
    return bool(data["lost_weights"])


def _spec(key: str) -> tuple[str, str, str, int, float, bool]:
    return next(s for s in FLOATS if s[0] == key)


def _derived(m: dict[str, Any], key: str) -> float:
    """The value a view loads from a measurement (``getMeasurementValue``)."""
    if key == "bmi":
        return m["weight"] / (HEIGHT / 100.0) ** 2
    if key == "bmr":
        age = m["year"] - BORN
        return (10.0 * m["weight"] + 6.25 * HEIGHT - 5.0 * age + 5.0) * SEDENTARY  # male
    return float(m[key])


def _fmt(key: str, value: float, unit: bool) -> str:
    _, _, u, decimals, _, _ = _spec(key)
    text = f"{value:.{decimals}f}"
    return f"{text} {u}" if unit and u else text


def _cell(m: dict[str, Any], key: str, unit: bool) -> str:
    if key in ("date", "time", "comment"):
        return str(m[key])
    return _fmt(key, _derived(m, key), unit)


def _measurement() -> dict[str, Any]:
    return {
        "id": 1,
        "date": "May 22, 2018",
        "time": "8:00 AM",
        "year": 2018,
        "weight": 80.0,
        "water": 55.0,
        "muscle": 40.0,
        "fat": 20.0,
        "comment": "",
    }


TABLE = click(PACKAGE, "navigation_bar_item_large_label_view", "Table")
ROW = click(PACKAGE, text="80.00", cls="android.widget.TextView")
EDIT = click(PACKAGE, "editButton", desc="Edit")
WEIGHT_ROW = click(PACKAGE, "", "Weight")
TYPE_85 = input_text(PACKAGE, "float_input", "85")
OK = click(PACKAGE, "android:id/button1", "OK")
SAVE = click(PACKAGE, "saveButton", desc="Save")
UP = click(PACKAGE, desc="Navigate up", cls="android.widget.ImageButton")
TO_EDIT = [TABLE, ROW, EDIT]

BUG_270 = BugSpec(
    "openScale#270",
    "non-crash",
    "An edited weight is reset to its old value after saving",
    weight_lost,
    human_steps=(*TO_EDIT, WEIGHT_ROW, TYPE_85, OK, SAVE, UP),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "openScale#270": [
        # The weight is changed but the edit is left with Back instead of Save.
        [*TO_EDIT, WEIGHT_ROW, TYPE_85, OK, {"kind": "press_back"}, UP],
        # The weight dialog is cancelled, then Save.
        [*TO_EDIT, WEIGHT_ROW, TYPE_85, click(PACKAGE, "android:id/button2", "Cancel"), SAVE],
        # Body fat is changed instead of the weight, then Save.
        [
            *TO_EDIT,
            click(PACKAGE, "", "Body fat"),
            input_text(PACKAGE, "float_input", "22"),
            OK,
            SAVE,
            UP,
        ],
        # Save without a change.
        [*TO_EDIT, SAVE, UP],
    ],
}


class OpenScale(VirtualApp):
    """openScale 1.8 (see the module docstring)."""

    name: ClassVar[str] = "openScale"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "openScale"
    version: ClassVar[str] = "1.8"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_270,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "last_fragment": "Overview",  # prefs "lastFragmentId"
            "expand": False,  # prefs "expandEvaluator"
            "measurements": [_measurement()],
            "next_id": 2,
            "lost_weights": [],
        }

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("drawer", False)
            ctx.ui.setdefault("menu", False)
        elif ctx.activity == ENTRY and "mode" not in ctx.ui:
            ctx.ui.update(dialog=None, confirm=False, typed=None)
            ctx.ui["mode"] = "ADD" if ctx.extras.get("id") is None else "VIEW"
            self._update_on_view(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer") or w.dismiss(ctx.ui, "menu")
        if ctx.activity == ENTRY:
            self._back(ctx)
            return True
        return False

    # -- the entry (DataEntryActivity) ----------------------------------------------------------
    def _stored(self, ctx: AppContext, mid: int) -> dict[str, Any] | None:
        return next((m for m in ctx.data["measurements"] if m["id"] == mid), None)

    def _update_on_view(self, ctx: AppContext, reload: bool = True) -> None:
        """``updateOnView``: the entry from the database (a copy of the latest one with id 0
        when adding), then every view loads from it."""
        mid = ctx.extras.get("id")
        if mid is not None:
            if reload or ctx.ui.get("m") is None:
                stored = self._stored(ctx, int(mid))
                ctx.ui["m"] = copy.deepcopy(stored)
                ctx.ui["dirty"] = False
        else:
            m = copy.deepcopy(ctx.data["measurements"][0])
            m.update(id=0, date="December 6, 2026", time="12:00 PM", year=2026, comment="")
            ctx.ui.update(m=m, dirty=True)
        m = ctx.ui["m"]
        ctx.ui["values"] = {k: _cell(m, k, True) for k in NAMES} if m else {}
        ctx.ui["typed"] = None

    def _changed(self, ctx: AppContext, key: str, text: str) -> None:
        """A view's value changed: ``onMeasurementViewUpdate``."""
        m = ctx.ui["m"]
        values = ctx.ui["values"]
        values[key] = text
        if key == "weight":
            # The bug: setMeasurementValue drops Converters.toKilogram(value, unit).
            ctx.ui["typed"] = float(text.split()[0])
        elif key == "comment":
            m["comment"] = text
        else:
            m[key] = float(text.split()[0])
        ctx.ui["dirty"] = True
        for other in NAMES:
            if other != key:
                values[other] = _cell(m, other, True)

    def _step(self, ctx: AppContext, key: str, delta: float) -> None:
        _, _, unit, decimals, top, _ = _spec(key)
        value = float(ctx.ui["values"][key].split()[0])
        new = round(max(0.0, min(top, value + delta)), decimals)
        if new != value:
            self._changed(ctx, key, _fmt(key, new, True))

    def _mode(self, ctx: AppContext, mode: str) -> None:
        ctx.ui["mode"] = mode

    def _save(self, ctx: AppContext) -> None:
        m = ctx.ui["m"]
        if ctx.ui["dirty"]:
            typed = ctx.ui["typed"]
            if typed is not None and abs(typed - m["weight"]) > 1e-6:
                ctx.data["lost_weights"].append({"entered": typed, "stored": m["weight"]})
            if m["id"] > 0:
                ms = ctx.data["measurements"]
                ms[:] = [copy.deepcopy(m) if x["id"] == m["id"] else x for x in ms]
            else:
                m["id"] = ctx.data["next_id"]
                ctx.data["next_id"] += 1
                ctx.data["measurements"].insert(0, copy.deepcopy(m))
            ctx.ui["dirty"] = False
            ctx.ui["typed"] = None
        if ctx.ui["mode"] == "ADD":
            ctx.finish()
        else:
            ctx.ui["mode"] = "VIEW"

    def _back(self, ctx: AppContext) -> None:
        if ctx.ui["mode"] == "EDIT":
            ctx.ui["mode"] = "VIEW"
            self._update_on_view(ctx, reload=ctx.ui["dirty"])
        else:
            ctx.finish()

    def _row_click(self, ctx: AppContext, key: str) -> None:
        if ctx.ui["mode"] in ("EDIT", "ADD") and key in EDITABLE:
            self._open_dialog(ctx, key)

    def _open_dialog(self, ctx: AppContext, key: str) -> None:
        text = ctx.ui["values"][key]
        ctx.ui["dialog"] = key
        ctx.ui["input"] = text if key == "comment" else text.split()[0]

    def _dialog_step(self, ctx: AppContext, delta: float) -> None:
        value = self._parse(ctx)
        if value is not None:
            _, _, _, decimals, top, _ = _spec(ctx.ui["dialog"])
            ctx.ui["input"] = f"{max(0.0, min(top, value + delta)):.{decimals}f}"

    def _parse(self, ctx: AppContext) -> float | None:
        key = ctx.ui["dialog"]
        try:
            value = float(ctx.ui["input"].replace(",", "."))
        except ValueError:
            return None
        return value if 0 <= value <= _spec(key)[4] else None

    def _accept(self, ctx: AppContext) -> bool:
        """``validateAndSetInput``: a valid, changed value reaches the listener."""
        key = ctx.ui["dialog"]
        if key == "comment":
            new_text = ctx.ui["input"]
        else:
            value = self._parse(ctx)
            if value is None:
                ctx.ui["error"] = "Value out of range"
                return False
            new_text = _fmt(key, value, True)
        ctx.ui["error"] = ""
        if new_text != ctx.ui["values"][key]:
            self._changed(ctx, key, new_text)
        return True

    def _dialog_ok(self, ctx: AppContext) -> None:
        if self._accept(ctx):
            ctx.ui["dialog"] = None

    def _dialog_next(self, ctx: AppContext) -> None:
        key = ctx.ui["dialog"]
        if self._accept(ctx):
            self._open_dialog(ctx, EDITABLE[EDITABLE.index(key) + 1])

    def _delete(self, ctx: AppContext) -> None:
        mid = ctx.ui["m"]["id"]
        ctx.data["measurements"] = [m for m in ctx.data["measurements"] if m["id"] != mid]
        ctx.toast("Entry deleted")
        ctx.finish()

    # -- screens --------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == ENTRY:
            return self._entry(ctx)
        bar = w.toolbar(str(ctx.extras.get("title", "")), navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, View(cls="android.view.View")]))

    def _select(self, ctx: AppContext, title: str) -> None:
        ctx.ui["drawer"] = False
        if title in ("Settings", "Help"):
            ctx.start_activity(STUB, {"title": title})
        else:
            ctx.data["last_fragment"] = title

    def _menu_item(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(STUB, {"title": title})

    def _main(self, ctx: AppContext) -> Screen:
        page = ctx.data["last_fragment"]
        bar = w.toolbar(
            page,
            navigation=w.nav_button("open", lambda c: c.ui.update(drawer=True)),
            actions=[
                w.action_item(
                    "action_bluetooth_status",
                    "Bluetooth Status",
                    lambda c: c.toast("No Bluetooth device selected"),
                ),
                w.action_item("action_add_measurement", "+", lambda c: c.start_activity(ENTRY)),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        body = {"Overview": self._overview, "Table": self._table}.get(page, self._plain)(ctx)
        nav = w.bottom_navigation(PAGES, page, self._select, rid="navigation_bottom_view")
        column = w.linear_layout([bar, w.frame_layout([body], rid="fragment_content"), nav])
        drawer = None
        if ctx.ui["drawer"]:
            entries = [t for _, t in PAGES] + ["Settings", "Help"]
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="navigation_view",
                width=800,
                children=[
                    w.drawer_entry(t, w.bind(self._select, t), checked=t == page) for t in entries
                ],
            )
        windows: list[Window] = []
        if ctx.ui["menu"]:
            close = w.bind(lambda c: c.ui.update(menu=False))
            items = [(t, w.bind(self._menu_item, t)) for t in ("Import", "Export", "Share")]
            windows.append(w.menu_window(items, close))
        content = w.drawer_layout(column, drawer, cls="android.support.v4.widget.DrawerLayout")
        return Screen(content=content, windows=windows)

    def _plain(self, ctx: AppContext) -> View:
        return View(cls="android.view.View")

    def _overview(self, ctx: AppContext) -> View:
        rows: list[View] = [
            w.linear_layout(
                [w.text_view("user", "txtTitleUser"), w.spinner("spinUser", USER_NAME, None)],
                horizontal=True,
                height=126,
            ),
            View(cls="android.view.View", resource_id="pieChartLast", height=300),
            w.text_view("last measurement", "txtTitleLastMeasurement"),
        ]
        ms = ctx.data["measurements"]
        if ms:
            for key in [k for k, *_ in FLOATS] + ["comment"]:
                rows.append(
                    w.linear_layout(
                        [w.text_view(NAMES[key]), w.text_view(_cell(ms[0], key, True), width=400)],
                        horizontal=True,
                        height=110,
                    )
                )
        table = w.linear_layout(rows, weight=0)
        return w.scroll_view([table], rid="scrollView", scrollable=True, scroll_key="overview")

    def _table(self, ctx: AppContext) -> View:
        keys = ["date", "time", *[k for k, *_ in FLOATS], "comment"]
        header = w.linear_layout(
            [w.image_view(desc="", height=53) for _ in keys],
            rid="tableHeaderView",
            horizontal=True,
            height=60,
        )
        rows = [
            w.linear_layout(
                [w.text_view(_cell(m, k, False), height=160) for k in keys],
                horizontal=True,
                height=160,
                on_click=w.bind(lambda c, i: c.start_activity(ENTRY, {"id": i}), m["id"]),
            )
            for m in ctx.data["measurements"][:25]
        ]
        listing = w.list_view(rows, rid="tableDataView", scroll_key="table")
        return w.linear_layout([header, listing])

    def _entry(self, ctx: AppContext) -> Screen:
        mode = ctx.ui["mode"]
        actions: list[View] = []
        if mode == "EDIT":
            actions.append(w.action_item("saveButton", "Save", self._save))
        if mode == "VIEW":
            actions.append(w.action_item("editButton", "Edit", w.bind(self._mode, "EDIT")))
        if mode != "ADD":
            actions += [
                w.action_item(
                    "expandButton",
                    "Toggle expand",
                    lambda c: c.data.update(expand=not c.data["expand"]),
                ),
                w.action_item("deleteButton", "Delete", lambda c: c.ui.update(confirm=True)),
            ]
        else:
            actions.append(w.action_item("saveButton", "Save", self._save))
        bar = w.toolbar(
            "Add measurement" if mode == "ADD" else "",
            navigation=w.up_button(self._back),
            actions=actions,
            rid="dataEntryToolbar",
        )
        children: list[View] = [bar]
        m = ctx.ui["m"]
        if mode != "ADD" and m is not None:
            children.append(
                w.linear_layout(
                    [
                        w.button("btnLeft", "<", None, enabled=False, width=200),
                        w.text_view(f"{m['date']} {m['time']}", "txtDataNr"),
                        w.button("btnRight", ">", None, enabled=False, width=200),
                    ],
                    horizontal=True,
                    height=126,
                )
            )
        rows = [self._measurement_row(ctx, key) for key in NAMES if self._shown(mode, key)]
        children.append(
            w.scroll_view(
                [
                    View(
                        cls="android.widget.TableLayout",
                        resource_id="tableLayoutDataEntry",
                        weight=0,
                        children=rows,
                    )
                ],
                scrollable=True,
                scroll_key="entry",
            )
        )
        windows: list[Window] = []
        if ctx.ui["dialog"]:
            windows.append(self._input_dialog(ctx))
        if ctx.ui["confirm"]:
            close = w.bind(lambda c: c.ui.update(confirm=False))
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [w.dialog_message("Delete entry?")],
                    w.dialog_buttons(("Yes", self._delete), ("No", close)),
                    close,
                )
            )
        return Screen(content=w.linear_layout(children), windows=windows)

    def _shown(self, mode: str, key: str) -> bool:
        return mode != "VIEW" or key not in ("date", "time")

    def _measurement_row(self, ctx: AppContext, key: str) -> View:
        mode = ctx.ui["mode"]
        editing = mode in ("EDIT", "ADD")
        cells: list[View] = [
            w.image_view(width=120),
            w.text_view(NAMES[key], width=520, height=130),
            w.text_view(ctx.ui["values"].get(key, ""), width=300, height=130),
        ]
        if editing and key in EDITABLE and key != "comment":
            cells.append(
                w.linear_layout(
                    [
                        w.button("", "+", w.bind(self._step, key, 0.1), height=65),
                        w.button("", "-", w.bind(self._step, key, -0.1), height=65),
                    ],
                    width=80,
                )
            )
        if editing:
            cells.append(w.image_view(width=60))
        children = [
            View(cls="android.widget.TableRow", layout=HORIZONTAL, height=130, children=cells)
        ]
        if ctx.data["expand"] and not editing and key != "comment":
            children.append(View(cls="com.health.openscale.gui.views.LinearGaugeView", height=80))
        return View(
            cls="android.widget.TableLayout",
            weight=0,
            on_click=w.bind(self._row_click, key),
            children=children,
        )

    def _input_dialog(self, ctx: AppContext) -> Window:
        key = ctx.ui["dialog"]
        close = w.bind(lambda c: c.ui.update(dialog=None))
        if key == "comment":
            body: list[View] = [w.edit_text("", ctx.ui["input"], lambda c, t: c.ui.update(input=t))]
        else:
            unit = _spec(key)[2]
            field = w.edit_text("float_input", ctx.ui["input"], lambda c, t: c.ui.update(input=t))
            body = [
                w.button("btn_inc", "▲ +0.10", w.bind(self._dialog_step, 0.1)),
                w.linear_layout(
                    [field, w.text_view(unit, "float_input_unit", width=150)],
                    horizontal=True,
                    height=150,
                ),
                w.button("btn_dec", "▼ -0.10", w.bind(self._dialog_step, -0.1)),
            ]
            if ctx.ui.get("error"):
                body.append(w.text_view(ctx.ui["error"], height=80))
        buttons = []
        if EDITABLE.index(key) < len(EDITABLE) - 1:
            buttons.append(w.dialog_button("android:id/button3", "Next", self._dialog_next))
        buttons += w.dialog_buttons(("OK", self._dialog_ok), ("Cancel", close))
        frame = w.frame_layout(body, rid="android:id/custom", weight=0)
        return w.alert_dialog(w.dialog_title(NAMES[key]), [frame], buttons, close)
