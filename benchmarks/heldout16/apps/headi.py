"""Headi (``com.headi.app``) 1.2, a headache diary, for Headi#4 ("Crash when opening the
statistics").

Modelled from the sources at tag ``1.2`` (commit ``6e53f7d``), under ``app/src/main``:
``MainActivity.java``, ``TimerForegroundService.java``, ``ui/timer/TimerFragment.java``,
``ui/diary/DiaryFragment.java``, ``ui/stats/StatsFragment.java``, ``ui/pains/PainsFragment.java``,
``ui/medication/MedicationFragment.java``, ``db/DiaryStats.java``, ``db/HeadiDBSQLiteHelper.java``,
``db/DiaryCourserTreeAdapter.java``, the layouts ``activity_main.xml``, ``app_bar_main.xml``,
``nav_header_main.xml``, ``fragment_timer.xml``, ``fragment_timer_dialog.xml``,
``fragment_diary.xml``, ``fragment_diary_list_group.xml``, ``fragment_stats.xml``,
``fragment_stats_filter_dialog.xml``, ``fragment_pains_medications.xml``,
``fragment_pains_medication_add_dialog.xml``, the menus ``activity_main_drawer.xml``,
``menu_diary.xml``, ``menu_stats.xml``, ``menu_context_edit_delete.xml``, the navigation graph and
``res/values/strings.xml``; the fix is commit ``b53098a`` ("fix issue #4", in 1.3):

- one activity, ``MainActivity``: the ``toolbar`` (the destination's label and the drawer
  button) over the NavHostFragment; the drawer ``nav_view`` (header "Headi" / "Your headache
  diary") lists Timer, Diary, Statistics, Pains, Medication, then Backup and Restore and About,
  all top-level destinations (Back from one returns to Timer, the start destination).
- Timer: ``timer_time`` ("00:00:00"), the ``timer_pains_select`` Spinner of the stored pains and
  ``timer_startOrStop_button`` (Start / Stop). Stop opens "Save record": the strength SeekBar
  (3 of 10), the region drawing with Undo and Clear, the ``diary_medication`` Spinner,
  ``diary_description``, the amount with ``button_decrease`` / ``button_increase``, and Delete,
  Cancel, Save. Save reads the selected medication and pain from their Spinners: with no
  medication or no pain stored it throws a NullPointerException (fixed later, in 1.4).
- Diary: the ``diary_list`` of records (date, pain, from/to, duration) and the "Filter list"
  action (a stub dialog).
- Statistics: ``stats_date_from_to`` over the three charts and their descriptions, and the
  "Filter list" action, a "Set date" dialog with From/To date fields (framework date pickers),
  Apply, Cancel and "Remove all filters".
- Pains and Medication: the ``pains_list`` and the ``floatingActionButton`` ("Add new item"
  dialog, ``pains_add_new_pain``, Add / Cancel); a long press offers Edit and Delete.
- Backup and Restore and About are stubs. No pain, medication or record exists after install.

The device clock reads 2021-03-16 08:00 (the report's day); it moves ten minutes each time the
Start/Stop button is pressed (the time a person lets the timer run).

Headi#4 (crash): ``StatsFragment.onCreateView`` reads the diary and ``populateCharts`` asks
``DiaryStats.getDurationOverTime``, which calls ``cursor.moveToLast()`` and then
``cursor.getLong(...)`` without checking that the cursor has a row. With an empty diary (a fresh
install) that throws ``android.database.CursorIndexOutOfBoundsException: Index -1 requested, with
a size of 0`` as the Statistics page opens; a date filter that leaves no record does the same.
The oracle: that crash was recorded.
"""

from __future__ import annotations

import calendar
import datetime as dt
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.system_log import LOOPER_FRAMES
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.headi.app"
MAIN = ".MainActivity"
START = dt.datetime(2021, 3, 16, 8, 0)  # the device clock at install
RUN_MINUTES = 10  # how far the clock moves on each Start/Stop press
CURSOR_OOB = "android.database.CursorIndexOutOfBoundsException"
NPE = "java.lang.NullPointerException"
DESTINATIONS = (
    ("nav_timer", "Timer"),
    ("nav_diary", "Diary"),
    ("nav_stats", "Statistics"),
    ("nav_pains", "Pains"),
    ("nav_medication", "Medication"),
)
BOTTOM = (("nav_backup_restore", "Backup and Restore"), ("nav_about", "About"))
LABELS = dict(DESTINATIONS + BOTTOM)
FAB_DESC = "TODO"  # the FloatingActionButton's android:contentDescription
# The framework frames below a fragment transaction run from the main looper (API 30).
_LOOPER = [
    "androidx.fragment.app.FragmentManager.execPendingActions(FragmentManager.java:1994)",
    "androidx.fragment.app.FragmentManager$5.run(FragmentManager.java:524)",
    *LOOPER_FRAMES,
]


def _open_dialog(ctx: AppContext, kind: str) -> None:
    ctx.ui["dialog"] = {"kind": kind}


OPEN_DRAWER = click(PACKAGE, desc=w.OPEN_DRAWER, cls="android.widget.ImageButton")

BUG_4 = BugSpec(
    "Headi#4",
    "crash",
    "Crash when opening the statistics",
    crash_oracle(PACKAGE, CURSOR_OOB, "Index -1 requested, with a size of 0"),
    human_steps=(OPEN_DRAWER, click(PACKAGE, "nav_stats", "Statistics")),
)


def _add_item(page_rid: str, name: str, hint: str) -> list[dict[str, Any]]:
    """Add a pain or a medication from its drawer page."""
    return [
        OPEN_DRAWER,
        click(PACKAGE, page_rid),
        click(PACKAGE, "floatingActionButton", desc=FAB_DESC),
        input_text(PACKAGE, "pains_add_new_pain", name, hint=hint),
        click(PACKAGE, "android:id/button1", "Add"),
    ]


_RECORD = [
    *_add_item("nav_pains", "Migraine", "Enter new pain"),
    *_add_item("nav_medication", "Ibuprofen", "Enter new medication"),
    OPEN_DRAWER,
    click(PACKAGE, "nav_timer", "Timer"),
    click(PACKAGE, "timer_startOrStop_button", "Start"),
    click(PACKAGE, "timer_startOrStop_button", "Stop"),
    click(PACKAGE, "android:id/button1", "Save"),
]

WRONG_SEQUENCES = {
    "Headi#4": (
        # Diary instead of Statistics.
        (OPEN_DRAWER, click(PACKAGE, "nav_diary", "Diary")),
        # Pains instead of Statistics.
        (OPEN_DRAWER, click(PACKAGE, "nav_pains", "Pains")),
        # A record saved first: the diary is no longer empty.
        (*_RECORD, OPEN_DRAWER, click(PACKAGE, "nav_stats", "Statistics")),
        # The drawer opened and closed again with Back.
        (OPEN_DRAWER, {"kind": "press_back"}),
    ),
}


def _date_text(when: dt.datetime) -> str:
    """SimpleDateFormat("E dd. MMM yyyy") in English."""
    return when.strftime("%a %d. %b %Y")


class Headi12(VirtualApp):
    """Headi 1.2 (see the module docstring)."""

    name: ClassVar[str] = "Headi"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Headi"
    version: ClassVar[str] = "1.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_4,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "pains": [],  # [{"id", "name"}]
            "medications": [],
            "diary": [],  # records, newest last
            "next_id": 1,
            "clock": 0,  # minutes since START
            "spinner_pain": 0,  # SharedPreferences TIMER_SPINNER_PAINS (a pain id)
        }

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("stack", ["nav_timer"])  # the NavController's back stack
        ui.setdefault("drawer", False)
        ui.setdefault("dialog", None)
        ui.setdefault("menu", None)
        # The timer lives in TimerForegroundService's static fields.
        ctx.memory.setdefault("timer", {"running": False, "elapsed": 0, "started": 0})
        # A re-created activity re-creates its fragments (onCreateView) and their views.
        self._enter(ctx, ui["stack"][-1])

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The back stack survives; the AlertDialogs (not DialogFragments) and popups do not.
        return {"stack": list(ctx.ui["stack"])}

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if w.dismiss(ui, "drawer"):
            return True
        return w.pop_back_stack(ui["stack"])

    # -- navigation --------------------------------------------------------------------------
    def _navigate(self, ctx: AppContext, dest: str) -> None:
        """NavigationUI.onNavDestinationSelected: pop up to the start destination, then
        ``dest`` (the drawer closes)."""
        ui = ctx.ui
        ui["drawer"] = False
        if ui["stack"][-1] == dest:
            return
        ui["stack"] = ["nav_timer"] if dest == "nav_timer" else ["nav_timer", dest]
        self._enter(ctx, dest)

    def _enter(self, ctx: AppContext, dest: str) -> None:
        """The destination fragment's onCreateView."""
        ctx.ui["filter"] = {"from": None, "to": None}
        if dest == "nav_stats":
            self._read_stats(ctx, None)

    # -- Statistics --------------------------------------------------------------------------
    def _read_stats(self, ctx: AppContext, span: tuple[str, str] | None) -> None:
        """StatsFragment.readFromDB: the records (newest first), then populateCharts and the
        from-to label."""
        records = self._records(ctx, span)
        if not records:
            # DiaryStats.getDurationOverTime: cursor.moveToLast() then getLong on no row.
            raise JavaException(
                CURSOR_OOB,
                "Index -1 requested, with a size of 0",
                frames=[
                    "android.database.AbstractCursor.checkPosition(AbstractCursor.java:515)",
                    "android.database.AbstractWindowedCursor.checkPosition"
                    "(AbstractWindowedCursor.java:138)",
                    "android.database.AbstractWindowedCursor.getLong"
                    "(AbstractWindowedCursor.java:74)",
                    "com.headi.app.db.DiaryStats.getDurationOverTime(DiaryStats.java:145)",
                    "com.headi.app.ui.stats.StatsFragment.populateCharts(StatsFragment.java:238)",
                    "com.headi.app.ui.stats.StatsFragment.readFromDB(StatsFragment.java:218)",
                    *(
                        [
                            "com.headi.app.ui.stats.StatsFragment.onCreateView"
                            "(StatsFragment.java:59)",
                            "androidx.fragment.app.Fragment.performCreateView(Fragment.java:2963)",
                            "androidx.fragment.app.FragmentStateManager.createView"
                            "(FragmentStateManager.java:518)",
                            "androidx.fragment.app.FragmentStateManager.moveToExpectedState"
                            "(FragmentStateManager.java:282)",
                            "androidx.fragment.app.FragmentManager.executeOpsTogether"
                            "(FragmentManager.java:2189)",
                            "androidx.fragment.app.FragmentManager"
                            ".removeRedundantOperationsAndExecute(FragmentManager.java:2100)",
                            *_LOOPER,
                        ]
                        if span is None
                        else [
                            "com.headi.app.ui.stats.StatsFragment.lambda$openFilterDialog$0"
                            "(StatsFragment.java:171)",
                            "androidx.appcompat.app.AlertController$ButtonHandler"
                            ".handleMessage(AlertController.java:167)",
                            *_LOOPER[3:],
                        ]
                    ),
                ],
            )
        ctx.ui["stats_span"] = span

    def _records(self, ctx: AppContext, span: tuple[str, str] | None) -> list[dict[str, Any]]:
        found = [
            r
            for r in ctx.data["diary"]
            if span is None or (r["start"] >= span[0] and r["end"] <= span[1])
        ]
        return sorted(found, key=lambda r: r["start"], reverse=True)

    def _stats_page(self, ctx: AppContext) -> View:
        records = self._records(ctx, ctx.ui.get("stats_span"))
        if records:
            newest = dt.datetime.fromisoformat(records[0]["start"])
            oldest = dt.datetime.fromisoformat(records[-1]["start"])
            span = f"{_date_text(oldest)} - {_date_text(newest)}"
        else:
            span = ""  # not reached: the page crashes first
        charts = [
            (
                "PieChart",
                "stats_pain_duration_ratio",
                "This graph shows the distribution of pain "
                "types in percent during the given period.",
            ),
            (
                "BarChart",
                "stats_count_strength_ratio",
                "This graph shows for each pain strength "
                "the number that occurred in the indicated time period.",
            ),
            (
                "LineChart",
                "stats_duration_over_time",
                "This graph shows the number of headache minutes over the indicated time period.",
            ),
        ]
        cards = [
            View(
                cls="androidx.cardview.widget.CardView",
                weight=0,
                children=[
                    w.linear_layout(
                        [
                            View(
                                cls=f"com.github.mikephil.charting.charts.{kind}",
                                resource_id=rid,
                                height=420,
                            ),
                            w.text_view(desc, height=160),
                        ],
                        weight=0,
                    )
                ],
            )
            for kind, rid, desc in charts
        ]
        return w.linear_layout(
            [
                w.text_view(span, "stats_date_from_to", height=110),
                w.scroll_view(
                    [w.linear_layout(cards, weight=0)], scrollable=True, scroll_key="stats_scroll"
                ),
            ]
        )

    def _stats_filter(self, ctx: AppContext) -> Window:
        flt = ctx.ui["filter"]

        def pick(c: AppContext, which: str) -> None:
            c.ui["picker"] = {"which": which, "y": START.year, "m": START.month, "d": START.day}

        def apply(c: AppContext) -> None:
            c.ui["dialog"] = None
            if flt["from"] and flt["to"]:
                self._read_stats(c, (flt["from"], flt["to"]))

        def remove(c: AppContext) -> None:
            c.ui["dialog"] = None
            self._read_stats(c, None)

        def field(rid: str, which: str, hint: str) -> View:
            value = flt[which]
            shown = _date_text(dt.datetime.fromisoformat(value)) if value else ""
            return View(
                cls="android.widget.EditText",
                resource_id=rid,
                text=shown,
                hint=hint,
                on_click=lambda c: pick(c, which),
                focusable=False,
            )

        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        body = w.linear_layout(
            [
                field("filter_from_date", "from", "From date"),
                field("filter_to_date", "to", "To date"),
            ],
            horizontal=True,
            height=160,
        )
        return w.alert_dialog(
            w.dialog_title("Set date"),
            [body],
            [
                w.dialog_button("android:id/button3", "Remove all filters", remove, width=420),
                w.dialog_button("android:id/button2", "Cancel", close),
                w.dialog_button("android:id/button1", "Apply", apply),
            ],
            close,
        )

    def _date_picker(self, ctx: AppContext) -> Window:
        p = ctx.ui["picker"]

        def day(c: AppContext, d: int) -> None:
            c.ui["picker"]["d"] = d

        def month(c: AppContext, delta: int) -> None:
            q = c.ui["picker"]
            y, m = divmod(q["y"] * 12 + q["m"] - 1 + delta, 12)
            q.update(y=y, m=m + 1, d=min(q["d"], calendar.monthrange(y, m + 1)[1]))

        def ok(c: AppContext) -> None:
            q = c.ui.pop("picker")
            chosen = dt.date(q["y"], q["m"], q["d"])
            if q["which"] == "from":
                c.ui["filter"]["from"] = dt.datetime.combine(chosen, dt.time(0, 0)).isoformat()
            else:
                c.ui["filter"]["to"] = dt.datetime.combine(chosen, dt.time(23, 59, 59)).isoformat()

        return w.date_picker_dialog(
            p["y"], p["m"], p["d"], day, month, ok, lambda c: c.ui.pop("picker", None)
        )

    # -- Timer -------------------------------------------------------------------------------
    def _now(self, ctx: AppContext) -> dt.datetime:
        return START + dt.timedelta(minutes=ctx.data["clock"])

    def _selected(self, items: list[dict[str, Any]], item_id: int) -> dict[str, Any] | None:
        """A Spinner's selection: the item with ``item_id``, else the first (none if empty)."""
        return next((i for i in items if i["id"] == item_id), items[0] if items else None)

    def _start_or_stop(self, ctx: AppContext) -> None:
        timer = ctx.memory["timer"]
        ctx.data["clock"] += RUN_MINUTES
        if timer["running"]:
            # STOP_ACTION: the stopwatch stops, then the save dialog.
            timer["elapsed"] += ctx.data["clock"] - timer["started"]
            timer["running"] = False
            ctx.ui["dialog"] = {"kind": "save", "amount": 0, "description": "", "med": None}
        else:
            timer["running"] = True
            timer["started"] = ctx.data["clock"]

    def _end_timer(self, ctx: AppContext) -> None:
        ctx.memory["timer"] = {"running": False, "elapsed": 0, "started": 0}

    def _save_record(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        meds = ctx.data["medications"]
        med = (
            self._selected(meds, dialog["med"])
            if dialog["med"] is not None
            else (meds[0] if meds else None)
        )
        if med is None:
            raise self._null_cursor("lambda$openSaveDialog$2(TimerFragment.java:206)")
        pain = self._selected(ctx.data["pains"], ctx.data["spinner_pain"])
        if pain is None:
            raise self._null_cursor("saveToDB(TimerFragment.java:168)")
        timer = ctx.memory["timer"]
        end = self._now(ctx)
        start = end - dt.timedelta(minutes=timer["elapsed"])
        ctx.data["diary"].append(
            {
                "id": ctx.data["next_id"],
                "start": start.isoformat(),
                "end": end.isoformat(),
                "duration": timer["elapsed"] * 60,
                "pain": pain["name"],
                "strength": 3,
                "medication": med["name"] if dialog["amount"] else "",
                "amount": dialog["amount"],
                "description": dialog["description"],
            }
        )
        ctx.data["next_id"] += 1
        self._end_timer(ctx)
        ctx.toast("New record saved")

    def _null_cursor(self, where: str) -> JavaException:
        return JavaException(
            NPE,
            "Attempt to invoke interface method 'java.lang.String android.database.Cursor"
            ".getString(int)' on a null object reference",
            frames=[
                f"com.headi.app.ui.timer.TimerFragment.{where}",
                "androidx.appcompat.app.AlertController$ButtonHandler.handleMessage"
                "(AlertController.java:167)",
                *_LOOPER[3:],
            ],
        )

    def _timer_page(self, ctx: AppContext) -> View:
        timer = ctx.memory["timer"]
        minutes = timer["elapsed"] + (
            ctx.data["clock"] - timer["started"] if timer["running"] else 0
        )
        pain = self._selected(ctx.data["pains"], ctx.data["spinner_pain"])
        spinner = View(
            cls="android.widget.Spinner",
            resource_id="timer_pains_select",
            height=170,
            on_click=lambda c: c.ui.update(menu="pains"),
            children=[
                w.linear_layout(
                    [
                        w.image_view("pains_image", width=150),
                        w.text_view(pain["name"], "pains_name"),
                    ],
                    horizontal=True,
                )
            ]
            if pain
            else [],
        )
        return w.linear_layout(
            [
                View(),
                w.text_view(f"{minutes // 60:02d}:{minutes % 60:02d}:00", "timer_time", height=260),
                View(
                    cls="androidx.cardview.widget.CardView",
                    height=360,
                    children=[
                        w.linear_layout(
                            [
                                spinner,
                                w.button(
                                    "timer_startOrStop_button",
                                    "Stop" if timer["running"] else "Start",
                                    self._start_or_stop,
                                    height=170,
                                ),
                            ]
                        )
                    ],
                ),
                View(),
            ]
        )

    def _save_dialog(self, ctx: AppContext) -> Window:
        dialog = ctx.ui["dialog"]
        meds = ctx.data["medications"]
        med = (
            self._selected(meds, dialog["med"])
            if dialog["med"] is not None
            else (meds[0] if meds else None)
        )

        def amount(c: AppContext, delta: int) -> None:
            c.ui["dialog"]["amount"] = max(0, c.ui["dialog"]["amount"] + delta)

        def describe(c: AppContext, text: str) -> None:
            c.ui["dialog"]["description"] = text

        def delete(c: AppContext) -> None:
            c.ui["dialog"] = None
            self._end_timer(c)

        body = w.linear_layout(
            [
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.SeekBar",
                            resource_id="diary_strength",
                            height=110,
                        ),
                        w.text_view("3 / 10", "diary_strength_text", width=200, height=110),
                    ],
                    horizontal=True,
                    height=110,
                ),
                View(cls="android.widget.ImageView", resource_id="diary_region", height=380),
                w.linear_layout(
                    [
                        w.text_view("Undo", "button_undo", on_click=lambda c: None),
                        w.text_view("Clear", "button_clear", on_click=lambda c: None),
                    ],
                    horizontal=True,
                    height=110,
                ),
                View(
                    cls="android.widget.Spinner",
                    resource_id="diary_medication",
                    height=130,
                    on_click=lambda c: c.ui.update(menu="medications"),
                    children=[w.text_view(med["name"], "pains_name")] if med else [],
                ),
                w.linear_layout(
                    [
                        w.edit_text(
                            "diary_description",
                            dialog["description"],
                            describe,
                            hint="Description…",
                        ),
                        w.image_view("button_decrease", handler=w.bind(amount, -1), width=120),
                        w.text_view(str(dialog["amount"]), "diary_medication_amount", width=100),
                        w.image_view("button_increase", handler=w.bind(amount, 1), width=120),
                    ],
                    horizontal=True,
                    height=150,
                ),
            ],
            weight=0,
        )
        return w.alert_dialog(
            w.dialog_title("Save record"),
            [body],
            [
                w.dialog_button("android:id/button3", "Delete", delete),
                w.dialog_button("android:id/button2", "Cancel", lambda c: c.ui.update(dialog=None)),
                w.dialog_button("android:id/button1", "Save", self._save_record),
            ],
            lambda c: c.ui.update(dialog=None),
        )

    def _spinner_menu(self, ctx: AppContext) -> Window:
        which = ctx.ui["menu"]
        items = ctx.data[which]

        def choose(c: AppContext, item_id: int) -> None:
            c.ui["menu"] = None
            if which == "pains":
                c.data["spinner_pain"] = item_id
            elif c.ui.get("dialog"):
                c.ui["dialog"]["med"] = item_id

        rows = [
            w.text_view(i["name"], "pains_name", height=140, on_click=w.bind(choose, i["id"]))
            for i in items
        ]
        return Window(
            root=View(cls="android.widget.ListView", weight=0, children=rows),
            kind="menu",
            on_dismiss=lambda c: c.ui.update(menu=None),
        )

    # -- Diary -------------------------------------------------------------------------------
    def _diary_page(self, ctx: AppContext) -> View:
        rows = []
        for r in self._records(ctx, None):
            start = dt.datetime.fromisoformat(r["start"])
            end = dt.datetime.fromisoformat(r["end"])
            s = r["duration"]
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(_date_text(start), "diary_date", height=90),
                        w.linear_layout(
                            [
                                w.image_view("pains_image", width=120),
                                w.text_view(r["pain"], "diary_pain_name"),
                                w.text_view("from:", width=110),
                                w.text_view(f"{start:%H:%M}", "diary_pain_start", width=130),
                                w.text_view("to:", width=80),
                                w.text_view(f"{end:%H:%M}", "diary_pain_end", width=130),
                                w.text_view(
                                    f"{s // 3600:02d}H {(s % 3600) // 60:02d}M",
                                    "diary_pain_duration",
                                    width=200,
                                ),
                            ],
                            horizontal=True,
                            height=110,
                        ),
                    ],
                    height=200,
                )
            )
        return w.list_view(
            rows,
            rid="diary_list",
            cls="android.widget.ExpandableListView",
            scroll_key="diary_scroll",
        )

    # -- Pains / Medication ------------------------------------------------------------------
    def _items_page(self, ctx: AppContext, which: str) -> View:
        def row(item: dict[str, Any]) -> View:
            return View(
                cls="android.widget.LinearLayout",
                layout="horizontal",
                height=150,
                on_long_click=lambda c: c.ui.update(menu={"item": item["id"], "which": which}),
                children=[
                    w.image_view("pains_image", width=150),
                    w.text_view(item["name"], "pains_name"),
                ],
            )

        listing = w.list_view(
            [row(i) for i in ctx.data[which]], rid="pains_list", scroll_key=f"{which}_scroll"
        )
        fab = w.fab(
            "floatingActionButton",
            FAB_DESC,
            lambda c: c.ui.update(dialog={"kind": "add", "which": which, "text": ""}),
        )
        return w.frame_layout([listing, fab], layout=FRAME)

    def _item_dialog(self, ctx: AppContext) -> Window:
        dialog = ctx.ui["dialog"]
        which = dialog["which"]
        hint = (
            "Enter new pain"
            if which == "pains" and dialog["kind"] == "add"
            else ("Enter new medication" if dialog["kind"] == "add" else "Enter new pain")
        )

        def typed(c: AppContext, text: str) -> None:
            c.ui["dialog"]["text"] = text

        def done(c: AppContext) -> None:
            c.ui["dialog"] = None
            items = c.data[which]
            if dialog["kind"] == "add":
                items.append({"id": c.data["next_id"], "name": dialog["text"]})
                c.data["next_id"] += 1
                c.toast("New item added")
                return
            for item in items:
                if item["id"] == dialog["item"]:
                    old, item["name"] = item["name"], dialog["text"]
                    field = "pain" if which == "pains" else "medication"
                    for record in c.data["diary"]:
                        if record[field] == old:
                            record[field] = dialog["text"]
            c.toast("Item saved.")

        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        return w.alert_dialog(
            w.dialog_title("Add new item" if dialog["kind"] == "add" else "Edit item"),
            [w.edit_text("pains_add_new_pain", dialog["text"], typed, hint=hint)],
            [
                w.dialog_button("android:id/button2", "Cancel", close),
                w.dialog_button(
                    "android:id/button1", "Add" if dialog["kind"] == "add" else "Save", done
                ),
            ],
            close,
        )

    def _context_menu(self, ctx: AppContext) -> Window:
        menu = ctx.ui["menu"]
        which, item_id = menu["which"], menu["item"]
        item = next(i for i in ctx.data[which] if i["id"] == item_id)

        def edit(c: AppContext) -> None:
            c.ui["menu"] = None
            c.ui["dialog"] = {"kind": "edit", "which": which, "item": item_id, "text": item["name"]}

        def delete(c: AppContext) -> None:
            c.ui["menu"] = None
            c.data[which] = [i for i in c.data[which] if i["id"] != item_id]

        return w.menu_window(
            [("Edit", edit), ("Delete", delete)],
            lambda c: c.ui.update(menu=None),
            title_rid="android:id/title",
        )

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        dest = ui["stack"][-1]
        actions: list[View] = []
        filters = {
            "nav_diary": ("action_diary_filter_list", "diary_filter"),
            "nav_stats": ("action_stats_filter", "stats_filter"),
        }
        if dest in filters:
            filter_rid, filter_kind = filters[dest]
            actions.append(
                w.action_item(filter_rid, "Filter list", w.bind(_open_dialog, filter_kind))
            )
        bar = w.toolbar(
            LABELS[dest],
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=actions,
        )
        if dest == "nav_timer":
            page = self._timer_page(ctx)
        elif dest == "nav_diary":
            page = self._diary_page(ctx)
        elif dest == "nav_stats":
            page = self._stats_page(ctx)
        elif dest in ("nav_pains", "nav_medication"):
            page = self._items_page(ctx, "pains" if dest == "nav_pains" else "medications")
        elif dest == "nav_about":
            page = w.text_view(
                "Headi (Headache Diary) is a privacy-friendly app to log your headaches.",
                height=300,
            )
        else:
            page = w.linear_layout(
                [
                    w.text_view("Backup your current database to your device.", height=120),
                    w.button("button_backup", "Backup", None),
                    w.text_view(
                        "Restore a backup of the database stored on your device.", height=120
                    ),
                    w.button("button_restore", "Restore", None),
                ],
                weight=0,
            )
        content = w.drawer_layout(
            View(
                cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
                children=[w.linear_layout([bar, w.frame_layout([page], rid="nav_host_fragment")])],
            )
        )
        windows: list[Window] = []
        dialog = ui.get("dialog")
        if dialog:
            kind = dialog["kind"]
            if kind == "save":
                windows.append(self._save_dialog(ctx))
            elif kind in ("add", "edit"):
                windows.append(self._item_dialog(ctx))
            elif kind == "stats_filter":
                windows.append(self._stats_filter(ctx))
            else:
                close = lambda c: c.ui.update(dialog=None)  # noqa: E731
                windows.append(
                    w.alert_dialog(
                        w.dialog_title("Filter list"),
                        [],
                        [w.dialog_button("android:id/button2", "Cancel", close)],
                        close,
                    )
                )
        if ui.get("picker"):
            windows.append(self._date_picker(ctx))
        menu = ui.get("menu")
        if isinstance(menu, dict):
            windows.append(self._context_menu(ctx))
        elif menu:
            windows.append(self._spinner_menu(ctx))
        if ui["drawer"]:
            windows.append(self._drawer(ctx, dest))
        return Screen(content=content, windows=windows)

    def _drawer(self, ctx: AppContext, dest: str) -> Window:
        header = w.linear_layout(
            [
                w.image_view(desc="Navigation header", height=170, width=170),
                w.text_view("Headi", height=90),
                w.text_view("Your headache diary", height=80),
            ],
            height=440,
            weight=0,
        )
        items = [
            w.navigation_item(rid, title, w.bind(self._navigate, rid), checked=rid == dest)
            for rid, title in DESTINATIONS
        ]
        items += [
            w.navigation_item(rid, title, w.bind(self._navigate, rid)) for rid, title in BOTTOM
        ]
        return w.navigation_sheet(
            [
                header,
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="design_navigation_view",
                    weight=0,
                    children=items,
                ),
            ],
            lambda c: c.ui.update(drawer=False),
            bounds=(0, 0, 830, ctx.screen_size[1]),
        )
