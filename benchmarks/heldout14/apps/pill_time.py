"""Pill Time 16.0 (``com.cliambrown.pilltime``), with bug PillTime#25.

Modelled from the sources at tag ``v16.0`` (commit ``12aa30c``, "Remove Foojay resolver";
``app/build.gradle``: versionCode 16, versionName "16.0", the release current when the report
was filed) and the fix commit ``b630a24`` ("Fix incorrect dose stats by getting numbers from db
queries", released in 17.0). Files read: ``MainActivity.java`` (welcome dialog),
``PillTimeApplication.java`` (``loadMeds``, ``addDose``, ``loadMoreDoses``), ``meds/Med.java``
(``updateTimes``, ``getInventoryStr``), ``meds/MedsRecycleViewAdapter.java``,
``meds/EditMedActivity.java``, ``meds/MedActivity.java``, ``doses/EditDoseActivity.java``,
``utilities/DbHelper.java`` (``loadDoses``: ``LIMIT 21``), ``utilities/Utils.java``,
``res/layout/activity_main.xml``, ``recyclerview_med.xml``, ``activity_edit_med.xml``,
``activity_med.xml``, ``recyclerview_dose.xml``, ``recyclerview_load_more_doses.xml``,
``activity_edit_dose.xml``, ``res/menu/*.xml`` and ``res/values/strings.xml``.

Screens:

- ``MainActivity`` "Pill Time": the action "Settings" (``mi_main_settings``, a stub); on every
  resume until closed, the "New Features" dialog (Close / keepandroidopen.org, which would open
  the browser and is a no-op here); with no meds ``ll_main_no_meds`` (Disclaimer texts, "No meds
  found."), else the RecyclerView ``rv_main_meds`` of rows: ``btn_rvMed_add`` ("New Dose": a tap
  opens the new dose screen, a long press saves a dose of the default amount at once, toast
  "Dose saved"), ``ll_rvMed_medInfo`` (opens the dose history) with ``tv_rvMed_name``,
  ``tv_rvMed_maxDoseInfo`` ("max 1 / h"), ``btn_rvMed_more`` ("More Options": Edit, History,
  Delete), ``tv_rvMed_takenInPast``, ``tv_rvMed_lastTaken`` and, when tracked,
  ``tv_rvMed_inventory`` ("<left> / <reported> left in stock"); the FAB ``btn_main_add_med``
  "Add a Med".
- ``EditMedActivity`` "New Med": ``et_editMed_name`` ("Name"), the NumberPickers
  ``np_editMed_maxDose`` / ``np_editMed_doseHoursDays`` (1-1000 / 1-100, starting at 1), the
  spinner ``sp_editMed_daysHours`` (hours, days), ``np_editMed_defaultDoseCount``, the switches
  ``switch_editMed_showDayDoseCount`` and ``switch_editMed_trackInventory`` (shows
  ``np_editMed_currentInventory``, 0-1000, "doses currently left in stock"), and the FAB
  ``btn_editMed_save`` "Save" (toast "Med saved"; the inventory is reported at the save time).
- ``EditDoseActivity`` 'New "<name>" dose': amount (``et_editDose_count`` with minus / plus), taken
  at (time and date, not editable here), the notification switches (off by default) and
  ``btn_editDose_save`` "Save".
- ``MedActivity`` "Dose history": name, max dose info, taken in past, ``tv_med_inventory``, the
  doses (``rv_med_doses``) and, when more are stored than loaded, "Show More"
  (``btn_med_loadMore``); the FAB "Add a dose".

The bug (PillTime#25, non-crash): when the process starts, ``PillTimeApplication.loadMeds`` loads
only the latest 20 doses of each med (``LIMIT 21`` to know whether more exist), and
``Med.updateTimes`` computes the remaining inventory from the loaded doses only. Doses added in
the running process are added to the loaded list, so the count is right until the app is
restarted; after a restart a med with more than 20 doses since its inventory was reported shows
too many doses left (30 reported, 21 taken: "10 / 30" instead of "9 / 30") until "Show More"
loads older doses. The fix computes the numbers with database queries. The model records what
the inventory line shows (``data["shown"]``); the oracle compares it with the stored doses while
the app is in the foreground.

The clock is a counter (one second per dose; every dose counts as taken within the past hour).
Stubbed: Settings, Edit (of an existing med), dose editing, notifications, color choice (the
buttons are drawn but only the first is selected).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text, long_click, step
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.cliambrown.pilltime"
MAIN = ".MainActivity"
EDIT_MED = ".meds.EditMedActivity"
EDIT_DOSE = ".doses.EditDoseActivity"
MED = ".meds.MedActivity"
SETTINGS = ".settings.SettingsActivity"
PAGE = 20  # doses loaded per med (PillTimeApplication.loadMeds / loadMoreDoses)
COUNTS = [str(n) for n in range(0, 1001)]
COLORS = ["red", "orange", "yellow", "green", "blue", "purple", "pink", "grey"]


def true_inventory(data: dict[str, Any], med: dict[str, Any]) -> int:
    """What is really left: the reported stock minus every stored dose taken since."""
    left = med["reported"]
    for dose in data["doses"]:
        if dose["med"] == med["id"] and dose["taken_at"] >= med["reported_at"]:
            left -= dose["count"]
    return int(max(0, left))


def inventory_wrong(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of PillTime#25: the app shows a stock that the stored doses contradict."""
    if system.get("foreground", "app") != "app":
        return False
    for med in data["meds"]:
        shown = data["shown"].get(str(med["id"]))
        if med["tracked"] and shown is not None and shown != true_inventory(data, med):
            return True
    return False


def ext_fab(rid: str, text: str, handler: Any, *, width: int = 420, desc: str = "") -> View:
    """An ExtendedFloatingActionButton with its label (a Button in dumps), at the bottom end."""
    return View(
        cls="android.widget.Button",
        resource_id=rid,
        text=text,
        content_desc=desc,
        on_click=handler,
        width=width,
        height=147,
        gravity="bottom_end",
        style="fab",
    )


def max_dose_info(max_dose: int, hours: int) -> str:
    if hours % 24 == 0:
        days = hours // 24
        return f"max {max_dose} / day" if days == 1 else f"max {max_dose} / {days} days"
    return f"max {max_dose} / h" if hours == 1 else f"max {max_dose} / {hours} h"


def num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


CLOSE = click(PACKAGE, "android:id/button1", "Close")
ADD_MED = click(PACKAGE, "btn_main_add_med", "Add a Med")
NAME = input_text(PACKAGE, "et_editMed_name", "Vitamin", hint="Name")
TRACK = click(
    PACKAGE, "switch_editMed_trackInventory", "Track your personal inventory for this med?"
)
STOCK = input_text(PACKAGE, "android:id/numberpicker_input", "30", bounds=[0, 1500, 240, 1630])
SAVE_MED = click(PACKAGE, "btn_editMed_save", "Save")
QUICK = long_click(PACKAGE, "btn_rvMed_add", desc="New Dose")
RESTART = step("restart_app", PACKAGE)
HIDE_KEYBOARD = step("press_back", PACKAGE)
SETUP = [CLOSE, ADD_MED, NAME, HIDE_KEYBOARD, TRACK, STOCK, HIDE_KEYBOARD, SAVE_MED]


def name_row(med: dict[str, Any], ids: str, hours: int, *extra: View) -> View:
    """A medication's name and maximum dose (ids ``tv_<ids>_name``, ``tv_<ids>_maxDoseInfo``),
    then ``extra``."""
    return View(
        layout=HORIZONTAL,
        height=126,
        children=[
            w.text_view(med["name"], f"tv_{ids}_name"),
            w.text_view(max_dose_info(med["max"], hours), f"tv_{ids}_maxDoseInfo"),
            *extra,
        ],
    )


class PillTime16(VirtualApp):
    """Pill Time 16.0."""

    name: ClassVar[str] = "PillTime"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Pill Time"
    version: ClassVar[str] = "16.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "PillTime#25",
            "non-crash",
            "Remaining Inventory innacurate",
            inventory_wrong,
            human_steps=(*SETUP, *([QUICK] * 21), RESTART),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "meds": [],
            "doses": [],
            "next_med": 1,
            "next_dose": 1,
            "clock": 1_779_400_000,
            "show_welcome": True,
            "shown": {},
        }

    # -- the application's in-memory meds ----------------------------------------------------
    def _loaded(self, ctx: AppContext) -> dict[str, Any]:
        """``PillTimeApplication.meds``: per med the loaded dose ids (newest first) and whether
        all are loaded; built by ``loadMeds`` when the process starts."""
        if "loaded" not in ctx.memory:
            loaded: dict[str, Any] = {}
            for med in ctx.data["meds"]:
                doses = self._stored(ctx, med["id"])
                loaded[str(med["id"])] = {
                    "ids": [d["id"] for d in doses[:PAGE]],
                    "all": len(doses[: PAGE + 1]) < PAGE + 1,
                }
            ctx.memory["loaded"] = loaded
        result: dict[str, Any] = ctx.memory["loaded"]
        return result

    @staticmethod
    def _stored(ctx: AppContext, med_id: int) -> list[dict[str, Any]]:
        doses = [d for d in ctx.data["doses"] if d["med"] == med_id]
        return sorted(doses, key=lambda d: (d["taken_at"], d["id"]), reverse=True)

    def _update_times(self, ctx: AppContext) -> None:
        """``Med.updateTimes`` for every med: the stock from the loaded doses only."""
        loaded = self._loaded(ctx)
        by_id = {d["id"]: d for d in ctx.data["doses"]}
        shown: dict[str, int] = {}
        for med in ctx.data["meds"]:
            if not med["tracked"]:
                continue
            left = float(med["reported"])
            for dose_id in loaded.get(str(med["id"]), {"ids": []})["ids"]:
                dose = by_id[dose_id]
                if left > 0 and dose["taken_at"] >= med["reported_at"]:
                    left -= dose["count"]
            shown[str(med["id"])] = int(max(0.0, left))
        ctx.data["shown"] = shown

    def _med(self, ctx: AppContext, med_id: Any) -> dict[str, Any] | None:
        return next((m for m in ctx.data["meds"] if m["id"] == med_id), None)

    def _loaded_doses(self, ctx: AppContext, med_id: int) -> list[dict[str, Any]]:
        by_id = {d["id"]: d for d in ctx.data["doses"]}
        entry = self._loaded(ctx).get(str(med_id), {"ids": []})
        return [by_id[i] for i in entry["ids"] if i in by_id]

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        self._loaded(ctx)
        if ctx.activity in (MAIN, MED):
            self._update_times(ctx)
        if ctx.activity == EDIT_MED:
            ctx.ui.setdefault(
                "form",
                {
                    "name": "",
                    "max": 1,
                    "every": 1,
                    "unit": 0,
                    "default": 1,
                    "day": False,
                    "track": False,
                    "stock": 0,
                    "color": 0,
                    "spinner": False,
                },
            )
        if ctx.activity == EDIT_DOSE:
            med = self._med(ctx, ctx.extras.get("medID"))
            ctx.ui.setdefault("count", num(med["default"]) if med else "1")
            ctx.ui.setdefault("notify", False)
            ctx.ui.setdefault("sound", False)

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity in (MAIN, MED):
            self._update_times(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("popup") is not None:
            ctx.ui["popup"] = None
            return True
        form = ctx.ui.get("form")
        if ctx.activity == EDIT_MED and form and form["spinner"]:
            form["spinner"] = False
            return True
        return False

    # -- main --------------------------------------------------------------------------------
    def _close_welcome(self, ctx: AppContext) -> None:
        ctx.data["show_welcome"] = False

    def _quick_dose(self, ctx: AppContext, med_id: int) -> None:
        med = self._med(ctx, med_id)
        if med is None:
            return
        self._add_dose(ctx, med, med["default"])
        ctx.toast("Dose saved")

    def _add_dose(self, ctx: AppContext, med: dict[str, Any], count: float) -> None:
        ctx.data["clock"] += 1
        dose = {
            "id": ctx.data["next_dose"],
            "med": med["id"],
            "count": count,
            "taken_at": ctx.data["clock"],
        }
        ctx.data["next_dose"] += 1
        ctx.data["doses"].append(dose)
        entry = self._loaded(ctx).setdefault(str(med["id"]), {"ids": [], "all": True})
        entry["ids"].insert(0, dose["id"])  # Med.addDose keeps the loaded list sorted
        self._update_times(ctx)

    def _delete_med(self, ctx: AppContext, med_id: int) -> None:
        ctx.data["meds"] = [m for m in ctx.data["meds"] if m["id"] != med_id]
        ctx.data["doses"] = [d for d in ctx.data["doses"] if d["med"] != med_id]
        self._loaded(ctx).pop(str(med_id), None)
        ctx.ui["dialog"] = None
        self._update_times(ctx)

    def _med_row(self, ctx: AppContext, med: dict[str, Any]) -> View:
        doses = self._loaded_doses(ctx, med["id"])
        taken = sum(d["count"] for d in doses)
        hours = med["hours"]
        if hours % 24 == 0:
            days = hours // 24
            past = (
                f"{num(taken)} taken over the past day"
                if days == 1
                else f"{num(taken)} taken over past {days} days"
            )
        else:
            past = (
                f"{num(taken)} taken in the past hour"
                if hours == 1
                else f"{num(taken)} taken in past {hours} hours"
            )
        last = "last taken 0s ago" if doses else "last taken never"
        info: list[View] = [
            name_row(
                med,
                "rvMed",
                hours,
                w.image_button(
                    "btn_rvMed_more",
                    "More Options",
                    w.bind(self._set, "popup", med["id"]),
                    width=126,
                ),
            ),
            w.text_view(past, "tv_rvMed_takenInPast"),
            w.text_view(last, "tv_rvMed_lastTaken"),
        ]
        if med["tracked"]:
            left = ctx.data["shown"].get(str(med["id"]), med["reported"])
            info.append(
                w.linear_layout(
                    [
                        w.text_view(
                            f"{left} / {med['reported']} left in stock", "tv_rvMed_inventory"
                        )
                    ],
                    rid="ll_rvMed_inventory",
                    height=110,
                )
            )
        return View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            resource_id="layout_rvMed",
            height=126 + 110 * len(info),
            children=[
                View(
                    layout=HORIZONTAL,
                    children=[
                        View(
                            cls="android.widget.ImageButton",
                            resource_id="btn_rvMed_add",
                            content_desc="New Dose",
                            on_click=w.bind(self._open, EDIT_DOSE, {"medID": med["id"]}),
                            on_long_click=w.bind(self._quick_dose, med["id"]),
                            width=160,
                        ),
                        w.linear_layout(
                            info,
                            rid="ll_rvMed_medInfo",
                            on_click=w.bind(self._open, MED, {"id": med["id"]}),
                        ),
                    ],
                )
            ],
        )

    @staticmethod
    def _open(ctx: AppContext, activity: str, extras: dict[str, Any]) -> None:
        ctx.start_activity(activity, dict(extras))

    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui[key] = value

    def _popup_choice(self, ctx: AppContext, what: str) -> None:
        med_id = ctx.ui.get("popup")
        ctx.ui["popup"] = None
        if what == "history":
            ctx.start_activity(MED, {"id": med_id})
        elif what == "edit":
            ctx.start_activity(EDIT_MED, {"id": med_id})
        else:
            ctx.ui["dialog"] = med_id

    def _render_main(self, ctx: AppContext) -> Screen:
        meds = ctx.data["meds"]
        bar = w.toolbar(
            "Pill Time",
            rid="action_bar",
            actions=[
                w.action_item("mi_main_settings", "Settings", lambda c: c.start_activity(SETTINGS))
            ],
        )
        if meds:
            body: View = View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="rv_main_meds",
                children=[self._med_row(ctx, m) for m in meds],
            )
        else:
            body = w.linear_layout(
                [
                    w.text_view("Disclaimer", "tv_main_disclaimer_title"),
                    w.text_view(
                        "This app does not provide any medical advice, implied or otherwise. "
                        "All information provided by the app is based only on user input and "
                        "does not constitute a recommendation of any kind. All medical decisions "
                        "should always be taken in consultation with medical professionals.",
                        "tv_main_disclaimer_1",
                        height=330,
                    ),
                    w.text_view(
                        "This is a simple app made for personal use. It cannot be relied upon "
                        "for any health-related purposes. Because of technical limitations and "
                        "known issues, it cannot be guaranteed to provide notifications at "
                        "specific times. (For example, restarting the phone may disable "
                        "scheduled notifications from this app.)",
                        "tv_main_disclaimer_2",
                        height=380,
                    ),
                    w.text_view("No meds found.", "tv_main_no_meds"),
                ],
                rid="ll_main_no_meds",
            )
        fab = ext_fab(
            "btn_main_add_med",
            "Add a Med",
            lambda c: c.start_activity(EDIT_MED),
            width=420,
            desc="Add a Med",
        )
        content = w.linear_layout([bar, View(layout=FRAME, children=[body, fab])])
        windows: list[Window] = []
        if ctx.ui.get("popup") is not None:
            windows.append(
                w.menu_window(
                    [
                        ("Edit", w.bind(self._popup_choice, "edit")),
                        ("History", w.bind(self._popup_choice, "history")),
                        ("Delete", w.bind(self._popup_choice, "delete")),
                    ],
                    w.bind(self._set, "popup", None),
                )
            )
        if ctx.ui.get("dialog") is not None:
            med_id = ctx.ui["dialog"]
            windows.append(
                w.confirm_dialog(
                    "Delete",
                    "Are you sure you want to delete this medication? This also deletes all "
                    "your input data related to this medication. This cannot be undone.",
                    ("Yes", w.bind(self._delete_med, med_id)),
                    ("Cancel", w.bind(self._set, "dialog", None)),
                    w.bind(self._set, "dialog", None),
                )
            )
        if ctx.data["show_welcome"]:
            windows.append(
                w.confirm_dialog(
                    "New Features",
                    "NEW in v14: On the edit screen, choose whether to show the amount taken "
                    "over the past 24 hours (in addition to the amount taken over the dosage "
                    "period).\n\nFrom v13: You can now long-press the + button next to each med "
                    "on the main screen to quickly add a new dose.\n\nYou can also set the "
                    "standard dose amount to use for each med on the edit screen.\n\nNOTE: "
                    "Google is trying to stop you from installing apps like this one on your "
                    "device. Visit keepandroidopen.org to learn more.",
                    ("Close", self._close_welcome),
                    ("keepandroidopen.org", None),
                    self._close_welcome,
                )
            )
        return Screen(content=content, windows=windows)

    # -- new med -----------------------------------------------------------------------------
    def _form_set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui["form"][key] = value

    def _form_flip(self, ctx: AppContext, key: str) -> None:
        ctx.ui["form"][key] = not ctx.ui["form"][key]

    def _choose_unit(self, ctx: AppContext, index: int) -> None:
        ctx.ui["form"]["unit"] = index
        ctx.ui["form"]["spinner"] = False

    def _save_med(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        hours = form["every"] * (24 if form["unit"] == 1 else 1)
        ctx.data["clock"] += 1
        med = {
            "id": ctx.data["next_med"],
            "name": form["name"],
            "max": form["max"],
            "hours": hours,
            "default": form["default"],
            "show_day": form["day"],
            "tracked": form["track"],
            "reported": form["stock"] if form["track"] else -1,
            "reported_at": ctx.data["clock"] if form["track"] else -1,
            "color": COLORS[form["color"]],
        }
        ctx.data["next_med"] += 1
        ctx.data["meds"].append(med)
        self._loaded(ctx)[str(med["id"])] = {"ids": [], "all": True}
        self._update_times(ctx)
        ctx.toast("Med saved")
        ctx.finish()

    def _picker(self, rid: str, lo: int, hi: int, key: str, form: dict[str, Any]) -> View:
        labels = COUNTS[lo : hi + 1]
        return w.number_picker(
            rid,
            labels,
            form[key] - lo,
            lambda c, i: self._form_set(c, key, i + lo),
            wrap=False,
        )

    def _render_edit_med(self, ctx: AppContext) -> Screen:
        if ctx.extras.get("id") is not None:
            med = self._med(ctx, ctx.extras["id"])
            title = f'Edit "{med["name"]}"' if med else "New Med"
            return Screen(content=w.child_page(title))
        form = ctx.ui["form"]
        rows: list[View] = [
            w.text_input_layout(
                w.edit_text(
                    "et_editMed_name",
                    form["name"],
                    lambda c, t: self._form_set(c, "name", t),
                    hint="Name",
                ),
                rid="til_editMed_name",
                height=190,
            ),
            w.linear_layout(
                [
                    w.text_view("max", width=120),
                    self._picker("np_editMed_maxDose", 1, 1000, "max", form),
                    w.text_view("every", width=140),
                    self._picker("np_editMed_doseHoursDays", 1, 100, "every", form),
                    w.spinner(
                        "sp_editMed_daysHours",
                        ["hours", "days"][form["unit"]],
                        lambda c: self._form_set(c, "spinner", True),
                    ),
                ],
                rid="ll_editMed_doseInfo",
                horizontal=True,
                height=370,
            ),
            w.linear_layout(
                [
                    w.text_view("Amount normally taken:"),
                    self._picker("np_editMed_defaultDoseCount", 1, 1000, "default", form),
                ],
                rid="ll_editMed_defaultDoseCount",
                horizontal=True,
                height=370,
            ),
            w.switch(
                "switch_editMed_showDayDoseCount",
                "Also show the number of doses taken over the past 24 hours on the history "
                "page for this med?",
                form["day"],
                w.bind(self._form_flip, "day"),
                height=200,
            ),
            w.switch(
                "switch_editMed_trackInventory",
                "Track your personal inventory for this med?",
                form["track"],
                w.bind(self._form_flip, "track"),
                height=160,
            ),
        ]
        if form["track"]:
            rows.append(
                w.linear_layout(
                    [
                        self._picker("np_editMed_currentInventory", 0, 1000, "stock", form),
                        w.text_view("doses currently left in stock"),
                    ],
                    rid="ll_editMed_trackInventory",
                    horizontal=True,
                    height=370,
                )
            )
        rows.append(w.text_view("Color", "tv_editMed_colorLabel"))
        rows.append(
            View(
                layout=HORIZONTAL,
                resource_id="flow_editMed_colors",
                height=130,
                children=[
                    w.image_button(
                        "",
                        "",
                        w.bind(self._form_set, "color", i),
                        width=126,
                        selected=i == form["color"],
                    )
                    for i in range(len(COLORS))
                ],
            )
        )
        scroll = w.scroll_view(
            [
                w.linear_layout(
                    rows, rid="cl_editMed_parent", height=sum(r.height or 120 for r in rows)
                )
            ],
            scrollable=True,
            scroll_key="edit_scroll",
        )
        save = ext_fab(
            "btn_editMed_save",
            "Save",
            self._save_med,
            width=300,
        )
        content = w.linear_layout(
            [
                w.toolbar("New Med", navigation=w.up_button(), rid="action_bar"),
                View(layout=FRAME, children=[scroll, save]),
            ]
        )
        windows: list[Window] = []
        if form["spinner"]:
            windows.append(
                w.spinner_dropdown(
                    ["hours", "days"],
                    form["unit"],
                    self._choose_unit,
                    w.bind(self._form_set, "spinner", False),
                )
            )
        return Screen(content=content, windows=windows)

    # -- new dose ----------------------------------------------------------------------------
    def _count_step(self, ctx: AppContext, delta: float) -> None:
        try:
            value = float(ctx.ui["count"])
        except ValueError:
            value = 0.0
        ctx.ui["count"] = num(max(0.0, value + delta))

    def _save_dose(self, ctx: AppContext) -> None:
        med = self._med(ctx, ctx.extras.get("medID"))
        if med is None:
            ctx.finish()
            return
        try:
            count = float(ctx.ui["count"])
        except ValueError:
            ctx.toast("Error saving dose: invalid data")
            return
        self._add_dose(ctx, med, count)
        ctx.toast("Dose saved")
        ctx.finish()

    def _render_edit_dose(self, ctx: AppContext) -> Screen:
        med = self._med(ctx, ctx.extras.get("medID"))
        title = f'New "{med["name"]}" dose' if med else "New Dose"
        body = [
            w.text_view("Amount Taken", "tv_editDose_editDose_Label"),
            w.linear_layout(
                [
                    w.image_button(
                        "btn_editDose_minusCount",
                        "Decrease amount taken",
                        w.bind(self._count_step, -1.0),
                        width=147,
                    ),
                    w.edit_text(
                        "et_editDose_count",
                        ctx.ui["count"],
                        lambda c, t: self._set(c, "count", t),
                        hint="Amount Taken",
                    ),
                    w.image_button(
                        "btn_editDose_plusCount",
                        "Increase amount taken",
                        w.bind(self._count_step, 1.0),
                        width=147,
                    ),
                ],
                rid="ll_editDose_count",
                horizontal=True,
                height=160,
            ),
            w.text_view("Taken at", "tv_editDose_takenAtLabel"),
            w.linear_layout(
                [
                    w.text_view("9:30 AM", "tv_editDose_takenAtTime"),
                    w.text_view("Fri, May 22, 2026", "tv_editDose_takenAtDate"),
                ],
                rid="ll_editDose_takenAtDateTime",
                horizontal=True,
            ),
            w.switch(
                "switch_editDose_notify",
                "Show a notification when dose expires",
                ctx.ui["notify"],
                lambda c: self._set(c, "notify", not c.ui["notify"]),
            ),
            w.switch(
                "switch_editDose_notifySound",
                "Make a sound with the notification",
                ctx.ui["sound"],
                lambda c: self._set(c, "sound", not c.ui["sound"]) if c.ui["notify"] else None,
                enabled=ctx.ui["notify"],
            ),
            View(),
        ]
        save = ext_fab(
            "btn_editDose_save",
            "Save",
            self._save_dose,
            width=300,
        )
        content = w.linear_layout(
            [
                w.toolbar(title, navigation=w.up_button(), rid="action_bar"),
                View(layout=FRAME, children=[w.linear_layout(body), save]),
            ]
        )
        return Screen(content=content)

    # -- dose history ------------------------------------------------------------------------
    def _load_more(self, ctx: AppContext, med_id: int) -> None:
        entry = self._loaded(ctx).setdefault(str(med_id), {"ids": [], "all": True})
        have = set(entry["ids"])
        rest = [d for d in self._stored(ctx, med_id) if d["id"] not in have]
        entry["ids"].extend(d["id"] for d in rest[:PAGE])
        entry["all"] = len(rest) <= PAGE
        self._update_times(ctx)

    def _render_med(self, ctx: AppContext) -> Screen:
        med = self._med(ctx, ctx.extras.get("id"))
        bar = w.toolbar("Dose history", navigation=w.up_button(), rid="action_bar")
        if med is None:
            return Screen(content=w.linear_layout([bar, View()]))
        doses = self._loaded_doses(ctx, med["id"])
        head: list[View] = [
            name_row(med, "med", med["hours"]),
            w.text_view(f"{num(sum(d['count'] for d in doses))} taken", "tv_med_takenInPast"),
        ]
        if med["tracked"]:
            left = ctx.data["shown"].get(str(med["id"]), med["reported"])
            head.append(
                w.text_view(f"{left} / {med['reported']} left in stock", "tv_med_inventory")
            )
        rows: list[View] = [
            w.linear_layout(
                [
                    w.text_view(f"{num(d['count'])} taken", "tv_rvDose_taken"),
                    w.text_view("9:30 AM", "tv_rvDose_takenAt"),
                ],
                rid="layout_rvDose",
                horizontal=True,
                height=140,
            )
            for d in doses
        ]
        if not self._loaded(ctx).get(str(med["id"]), {"all": True})["all"]:
            rows.append(
                w.button("btn_med_loadMore", "Show More", w.bind(self._load_more, med["id"]))
            )
        listing: View
        if doses:
            listing = w.list_view(
                rows,
                rid="rv_med_doses",
                cls="androidx.recyclerview.widget.RecyclerView",
                scroll_key="doses_scroll",
            )
        else:
            listing = w.linear_layout(
                [w.text_view("No doses taken.", "tv_med_no_doses")], rid="ll_med_no_doses"
            )
        fab = ext_fab(
            "btn_med_add_dose",
            "Add a dose",
            lambda c: c.start_activity(EDIT_DOSE, {"medID": med["id"]}),
            width=420,
            desc="Add a dose",
        )
        content = w.linear_layout(
            [bar, w.linear_layout(head, height=360), View(layout=FRAME, children=[listing, fab])]
        )
        return Screen(content=content)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == EDIT_MED:
            return self._render_edit_med(ctx)
        if ctx.activity == EDIT_DOSE:
            return self._render_edit_dose(ctx)
        if ctx.activity == MED:
            return self._render_med(ctx)
        return Screen(content=w.child_page("Settings"))


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "PillTime#25": [
        # 21 doses but no restart: the running process still holds every dose.
        [*SETUP, *([QUICK] * 21)],
        # Only 20 doses: all of them are loaded after the restart.
        [*SETUP, *([QUICK] * 20), RESTART],
        # Inventory not tracked.
        [CLOSE, ADD_MED, NAME, HIDE_KEYBOARD, SAVE_MED, *([QUICK] * 21), RESTART],
        # After the restart, "Show More" loads the 21st dose.
        [
            *SETUP,
            *([QUICK] * 21),
            RESTART,
            click(PACKAGE, "ll_rvMed_medInfo"),
            *([{"kind": "swipe", "direction": "up"}] * 2),
            click(PACKAGE, "btn_med_loadMore", "Show More"),
        ],
    ],
}
