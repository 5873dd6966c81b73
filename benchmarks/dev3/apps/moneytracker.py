"""Money Tracker 0.1.3 (``com.kahluabear.money_tracker``), with bug MoneyTracker#8.

Sources read: jerichoi224/MoneyTracker at 2485d82^ (pubspec ``version: 0.1.3``, build 4), the
parent of 2485d82 "Fixed Bug where delete/Edit didn't update SP for todaySpent", the fix of #8
(the issue and its fix are the author's own, 2020-07-29).

Money Tracker is a Flutter app (one ``.MainActivity``); in a ``uiautomator`` dump Flutter's
semantics tree shows texts as ``content-desc`` of ``android.view.View`` nodes, buttons as
``android.widget.Button``, text fields as ``android.widget.EditText`` with their hint, and no
resource ids; the model renders it that way.

Pages: first run (``seen`` unset) the setup page "How much would you like to spend daily on
average?" with the field "Enter Daily Limit" and "Start" (snackbars for an empty or non-numeric
value). Then the home page: app bar "Money Tracker" with the settings button (an icon without a
label), a PageView of three pages and the bottom bar Spend / Display / Today:
- Spend: the amount typed on the keypad (cents: "5","0","0" is $5.00), "(Optional) Enter
  Description", "Spend" and the keypad 1-9, C, 0, erase (hidden while the keyboard is up);
  Spend stores the entry (sqflite) and ``todaySpent`` (SharedPreferences);
- Display: "Remaining Today" (dailyLimit - todaySpent) and "Monthly Saving";
- Today: "Today's Spending" and one card per entry of today (amount, time, description) with
  the popup menu "Show menu" (Edit, Delete).

The bug: Delete (``TodaySpendingWidget._popUpMenuButton``) subtracts the amount from the
session's ``data["todaySpent"]`` and deletes the database row but never writes ``todaySpent``
to SharedPreferences (``_saveSP`` is missing). The screens are right until the app restarts:
``HomeWidget.initState`` reads the stale ``todaySpent`` back, so "Remaining Today" is lower
than it should be (negative once the deleted amounts exceed the limit), and on the next day
``checkNewDay`` adds ``dailyLimit - todaySpent`` (stale) to the "Monthly Saving". The fix adds
``_saveSP("todaySpent", ...)`` after the delete (and the edit).

The oracle reads ``data["session"]`` (a mirror of the home page's ``data`` map, loaded from
the preferences when the page is created) and the database: the home page's ``todaySpent``
differs from the sum of today's entries.

Fixed data: the device's date is 29 July 2020 (the issue's date) and entries are stamped
"9:41 AM"; the day never changes, so the monthly rollover is not reached in the model. Stubbed:
Settings ("Settings", Back) and Edit Entry ("Edit Entry", Back: the entry is unchanged).
Uncertain: the exact semantics labels Flutter 1.17 gave the bottom bar items (modelled as
"Spend\\nTab 1 of 3").
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import target
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.kahluabear.money_tracker"
MAIN = ".MainActivity"
TODAY = "2020729"  # DateTime.now(): year + month + day, concatenated as the app does
DAY = 29
TABS = ("Spend", "Display", "Today")
KEYS = (("1", "2", "3"), ("4", "5", "6"), ("7", "8", "9"), ("C", "0", "erase"))
DESCRIPTION = "(Optional) Enter Description"


def _money(value: float) -> str:
    """NumberFormat.simpleCurrency(decimalDigits: 2) after the app's rounding."""
    cents = int(value * 100)
    sign = "-" if cents < 0 else ""
    return f"{sign}${abs(cents) // 100:,}.{abs(cents) % 100:02d}"


# Flutter nodes are labelled by their content-desc: a ``Text`` and a button.
_label = w.flutter_text
_button = w.flutter_button


def _today_total(data: dict[str, Any]) -> float:
    return round(sum(e["amount"] for e in data["db"] if e["day"] == TODAY), 2)


def _oracle_8(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """The home page's todaySpent is not the sum of today's stored entries."""
    session = data.get("session")
    if not session:
        return False
    return round(session["todaySpent"], 2) != _today_total(data)


def _t(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return target(PACKAGE, "", text, desc, cls)


def _tap(desc: str, cls: str = "android.widget.Button") -> dict[str, Any]:
    return {"kind": "click", "target": _t(desc=desc, cls=cls)}


SETUP = (
    {
        "kind": "input_text",
        "target": _t("Enter Daily Limit", cls="android.widget.EditText"),
        "text": "10",
    },
    _tap("Start"),
)
SPEND_5 = (_tap("5"), _tap("0"), _tap("0"), _tap("Spend"))
OPEN_TODAY = (_tap("Today\nTab 3 of 3", "android.view.View"),)
DELETE = (_tap("Show menu"), _tap("Delete", "android.view.View"))
RESTART = {"kind": "restart_app"}

BUG_8 = BugSpec(
    "MoneyTracker#8",
    "non-crash",
    "Bug where Deleted Entries caused errors",
    _oracle_8,
    human_steps=(*SETUP, *SPEND_5, *OPEN_TODAY, *DELETE, RESTART),
)

WRONG_SEQUENCES = {
    "MoneyTracker#8": [
        # Deleted, no restart: the session's value is right.
        [*SETUP, *SPEND_5, *OPEN_TODAY, *DELETE],
        # Spent and restarted without deleting: Spend saves todaySpent.
        [*SETUP, *SPEND_5, *OPEN_TODAY, RESTART],
        # Menu opened but Edit chosen and left unchanged, then restart.
        [
            *SETUP,
            *SPEND_5,
            *OPEN_TODAY,
            _tap("Show menu"),
            _tap("Edit", "android.view.View"),
            _tap("Back"),
            RESTART,
        ],
        # Restart before deleting, then delete.
        [*SETUP, *SPEND_5, RESTART, *OPEN_TODAY, *DELETE],
    ]
}


class MoneyTracker(VirtualApp):
    """Money Tracker 0.1.3 (see the module docstring)."""

    name: ClassVar[str] = "MoneyTracker"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Money Tracker"
    version: ClassVar[str] = "0.1.3"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_8,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "sp": {},  # SharedPreferences: seen, dailyLimit, todaySpent, todayDate, ...
            "db": [],  # the entries table: id, day, amount, content, time
            "next_id": 1,
            "session": None,  # the home page's data map (mirrored for the oracle)
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if "page" in ui:
            return
        ui.update(amount="0", content="", tab=0, menu=None, route=None, snack="", limit="")
        if ctx.data["sp"].get("seen"):
            self._open_home(ctx)
        else:
            ui["page"] = "splash"
            ctx.data["session"] = None

    def _open_home(self, ctx: AppContext) -> None:
        """HomeWidget.initState (values from the preferences) and checkNewDay."""
        sp = ctx.data["sp"]
        session = {
            key: float(sp.get(key, 0.0))
            for key in ("todayDate", "todaySpent", "dailyLimit", "monthlySaved", "monthlyResetDate")
        }
        if session["monthlyResetDate"] == 0:
            session["monthlyResetDate"] = float(DAY)
            sp["monthlyResetDate"] = session["monthlyResetDate"]
        if session["todayDate"] != float(TODAY):
            session["monthlySaved"] += session["dailyLimit"] - session["todaySpent"]
            session["todayDate"] = float(TODAY)
            session["todaySpent"] = 0.0
            if int(session["monthlyResetDate"]) == DAY:
                session["monthlySaved"] = 0.0
            for key in ("todayDate", "monthlySaved", "todaySpent"):
                sp[key] = session[key]
        ctx.data["session"] = session
        ctx.ui["page"] = "home"
        ctx.ui["entries"] = self._query(ctx)

    def _query(self, ctx: AppContext) -> list[dict[str, Any]]:
        return [dict(e) for e in ctx.data["db"] if e["day"] == TODAY]

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["menu"] is not None:
            ui["menu"] = None
            return True
        if ui["route"] is not None:
            ui["route"] = None
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.ui["page"] != "home" or ctx.ui["route"] is not None:
            return False
        if direction == "left" and ctx.ui["tab"] < 2:
            self._go_tab(ctx, ctx.ui["tab"] + 1)
            return True
        if direction == "right" and ctx.ui["tab"] > 0:
            self._go_tab(ctx, ctx.ui["tab"] - 1)
            return True
        return False

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        if ui["page"] == "splash":
            return self._splash(ctx)
        if ui["route"] == "settings":
            return self._child("Settings", "Change System Values")
        if ui["route"] == "edit":
            return self._child("Edit Entry", "Amount of Spending")
        return self._home(ctx)

    def _snack(self, ctx: AppContext) -> list[View]:
        return [_label(ctx.ui["snack"], height=150)] if ctx.ui["snack"] else []

    def _splash(self, ctx: AppContext) -> Screen:
        body = View(
            cls="android.view.View",
            children=[
                View(cls="android.widget.ImageView", height=400),
                _label("How much would you like to \nspend daily on average?", height=200),
                w.edit_text("", ctx.ui["limit"], self._type_limit, hint="Enter Daily Limit"),
                _button("Start", self._start, height=170),
                View(cls="android.view.View"),
                *self._snack(ctx),
            ],
        )
        return Screen(content=body)

    def _child(self, title: str, first: str) -> Screen:
        bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=147,
            style="toolbar",
            children=[_button("Back", self._pop, width=147), _label(title)],
        )
        return Screen(content=View(cls="android.view.View", children=[bar, _label(first)]))

    def _home(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=147,
            style="toolbar",
            children=[
                _label("Money Tracker"),
                View(cls="android.widget.Button", on_click=self._settings, width=147),
            ],
        )
        page = (self._spend_page, self._display_page, self._today_page)[ui["tab"]](ctx)
        nav = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=168,
            children=[
                View(
                    cls="android.view.View",
                    content_desc=f"{title}\nTab {i + 1} of 3",
                    selected=ui["tab"] == i,
                    on_click=w.bind(self._go_tab, i),
                )
                for i, title in enumerate(TABS)
            ],
        )
        content = View(cls="android.view.View", children=[bar, page, *self._snack(ctx), nav])
        windows: list[Window] = []
        if ui["menu"] is not None:
            windows.append(
                Window(
                    root=View(
                        cls="android.view.View",
                        weight=0,
                        children=[
                            _label("Edit", height=140, on_click=self._edit),
                            _label("Delete", height=140, on_click=self._delete),
                        ],
                    ),
                    kind="menu",
                    on_dismiss=lambda c: c.ui.update(menu=None),
                )
            )
        return Screen(content=content, windows=windows)

    def _spend_page(self, ctx: AppContext) -> View:
        ui = ctx.ui
        rows: list[View] = [
            _label(_money(int(ui["amount"]) / 100.0), height=250),
            w.edit_text("", ui["content"], self._type_content, hint=DESCRIPTION, height=170),
            View(cls="android.view.View"),
            _button("Spend", w.bind(self._key, "Spend"), height=170),
        ]
        # The keypad (hidden while the soft keyboard is up: not modelled).
        for keys in KEYS:
            rows.append(
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=170,
                    children=[
                        _button("" if k == "erase" else k, w.bind(self._key, k)) for k in keys
                    ],
                )
            )
        return View(cls="android.view.View", children=rows)

    def _display_page(self, ctx: AppContext) -> View:
        session = ctx.data["session"]
        return View(
            cls="android.view.View",
            children=[
                View(cls="android.view.View"),
                _label("Remaining Today", height=120),
                _label(_money(session["dailyLimit"] - session["todaySpent"]), height=160),
                _label("Monthly Saving", height=120),
                _label(_money(session["monthlySaved"]), height=160),
                View(cls="android.view.View"),
            ],
        )

    def _today_page(self, ctx: AppContext) -> View:
        cards = [
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=170,
                children=[
                    _label(f"{_money(e['amount'])}\t\t({e['time']})\n{e['content']}"),
                    _button("Show menu", w.bind(self._open_menu, e["id"]), width=147),
                ],
            )
            for e in reversed(ctx.ui["entries"])
        ]
        return View(
            cls="android.widget.ScrollView",
            scrollable=True,
            children=[_label("Today's Spending", height=150), *cards],
        )

    # -- handlers ----------------------------------------------------------------------------
    def _type_limit(self, ctx: AppContext, text: str) -> None:
        ctx.ui["limit"] = text

    def _start(self, ctx: AppContext) -> None:
        text = ctx.ui["limit"]
        if not text:
            ctx.ui["snack"] = "Please enter initial amount"
            return
        try:
            value = float(text)
        except ValueError:
            ctx.ui["snack"] = "Your input is invalid. Please Check again"
            return
        ctx.ui["snack"] = ""
        sp = ctx.data["sp"]
        sp["dailyLimit"] = value
        sp["seen"] = True
        ctx.hide_keyboard()
        self._open_home(ctx)

    def _go_tab(self, ctx: AppContext, index: int) -> None:
        if index == 2:
            ctx.ui["entries"] = self._query(ctx)
        ctx.ui["tab"] = index
        ctx.ui["snack"] = ""

    def _type_content(self, ctx: AppContext, text: str) -> None:
        ctx.ui["content"] = text

    def _key(self, ctx: AppContext, key: str) -> None:
        ui = ctx.ui
        amount = ui["amount"]
        if key == "erase":
            amount = amount[:-1] if len(amount) > 1 else "0"
        elif key == "C":
            amount = "0"
        elif key == "Spend":
            ctx.hide_keyboard()
            value = int(amount) / 100.0
            if value > 0:
                data = ctx.data
                entry = {
                    "id": data["next_id"],
                    "day": TODAY,
                    "amount": value,
                    "content": ui["content"] or "No Description",
                    "time": "9:41 AM",
                }
                data["next_id"] += 1
                data["session"]["todaySpent"] += value
                data["sp"]["todaySpent"] = data["session"]["todaySpent"]
                data["db"].append(entry)
                ui["entries"] = [*ui["entries"], dict(entry)]
                amount = "0"
                ui["content"] = ""
        else:
            amount = str(int(amount + key))
        ui["amount"] = amount

    def _open_menu(self, ctx: AppContext, entry_id: int) -> None:
        ctx.ui["menu"] = entry_id

    def _edit(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        ctx.ui["route"] = "edit"

    def _delete(self, ctx: AppContext) -> None:
        entry_id = ctx.ui["menu"]
        ctx.ui["menu"] = None
        data = ctx.data
        entry = next((e for e in ctx.ui["entries"] if e["id"] == entry_id), None)
        if entry is None:
            return
        # The bug: the session's todaySpent and the database change, the preference does not.
        data["session"]["todaySpent"] -= entry["amount"]
        ctx.ui["entries"] = [e for e in ctx.ui["entries"] if e["id"] != entry_id]
        data["db"] = [e for e in data["db"] if e["id"] != entry_id]

    def _settings(self, ctx: AppContext) -> None:
        ctx.ui["route"] = "settings"

    def _pop(self, ctx: AppContext) -> None:
        ctx.ui["route"] = None
