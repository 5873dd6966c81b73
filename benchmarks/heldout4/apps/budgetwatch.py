"""Budget Watch (``protect.budgetwatch``, brarcher/budget-watch) 0.14, for budget-watch#109.

Modelled from the sources at tag ``v0.14`` (commit ``0f67a09``, 15 Sep 2017; the report was
filed on 19 Sep 2017, before 0.15): ``AndroidManifest.xml``, ``MainActivity.java``,
``BudgetActivity.java``, ``TransactionActivity.java``, ``TransactionPagerAdapter.java``,
``TransactionFragment.java``, ``TransactionCursorAdapter.java``, ``Transaction.java``,
``TransactionViewActivity.java``, ``DBHelper.java`` (``insertTransaction``,
``getTransactions``, ``getBlankBudget``), the layouts ``main_activity``, ``main_button``,
``budget_activity``, ``budget_layout``, ``transaction_activity``, ``list_layout``,
``transaction_layout``, ``transaction_view_activity``, the menus ``main_menu``,
``budget_menu``, ``transaction_menu``, ``view_menu``, ``add_menu``, ``edit_menu`` and
``values/strings.xml``. 0.14 has no first-run screen (the intro wizard came in 0.15); the
launcher opens MainActivity's two rows, "Budgets" and "Transactions".

The bug (budget-watch#109, crash): TransactionActivity's ViewPager holds two
``TransactionFragment`` s, Expenses (added first) and Revenues, both registered for the context
menu of their ListView ``list`` (``view_menu``: "Edit"). A context item is dispatched to the
fragments in the order they were added, so the Expenses fragment's ``onContextItemSelected``
runs first even for a long press in the Revenues list; it looks the row up with
``getActivity().findViewById(R.id.list)``, which finds the Expenses list, at the Revenues row's
position. ``CursorAdapter.getItem`` moves that cursor to the position and returns it even when
the move fails, so with fewer expenses than the position ``Transaction.toTransaction`` reads a
column of an out-of-range row: ``android.database.CursorIndexOutOfBoundsException: Index 0
requested, with a size of 0`` (no expenses, ``Transaction.java:46`` from
``TransactionFragment.java:148``). With enough expenses the same code opens "Edit Expense" on
the expense at that position instead (kept: what the reporter saw on later tries). The fix is
commit ``d118ef4`` (0.15), which removes the context menu. Tapping a row and then the pencil
("Edit") works.

Other behaviour kept from the sources: adding, viewing, editing and deleting transactions (the
Save checks "Value is empty", "Value invalid", "Date invalid"); after any change of the
database TransactionActivity re-creates its pager on resume, back on the Expenses tab; the
Budgets screen's "Total" row counts the transactions without a budget of the current month as
expenses minus revenues (what the reporter read as -200).

Fixed world data: today is 19 Sep 2017 (dates in the medium US format, "Sep 19, 2017"; the
budget range is the month, "9/1/17 ~ 9/30/17"); no budgets exist (the Budget spinner offers
only the blank entry). Stubbed: Settings, Import/Export and About open nothing, the Budgets
screen's "Select Dates" and "Add" do nothing, the search action does not expand, "Purge Old
Receipts" and the receipt "Capture" (camera) show nothing. Uncertain: the report names no
version or Android release and quotes no trace; the frames are the support library 23.1.1 /
API 25 path of a context menu item, the framework's line numbers approximate.
"""

from __future__ import annotations

import datetime
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text, long_click
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, TextHandler, View, Window

PACKAGE = "protect.budgetwatch"
MAIN = ".MainActivity"
BUDGETS = ".BudgetActivity"
TRANSACTIONS = ".TransactionActivity"
VIEW = ".TransactionViewActivity"
EXPENSE, REVENUE = 1, 2  # DBHelper.TransactionDbIds.EXPENSE / REVENUE
TODAY = datetime.date(2017, 9, 19)
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

# strings.xml
APP_NAME = "Budget Watch"
TITLES = {
    (EXPENSE, "add"): "Add Expense",
    (EXPENSE, "update"): "Edit Expense",
    (EXPENSE, "view"): "View Expense",
    (REVENUE, "add"): "Add Revenue",
    (REVENUE, "update"): "Edit Revenue",
    (REVENUE, "view"): "View Revenue",
}
NO_ROWS = {
    EXPENSE: 'You don\'t have any expense transactions at the moment. Click the "+" (plus) '
    "button up top to get started.",
    REVENUE: 'You don\'t have any revenue transactions at the moment. Click the "+" (plus) '
    "button up top to get started.",
}
NO_BUDGETS = (
    'You don\'t have any budgets at the moment. Click the "+" (plus) button up top to get '
    "started.\n\nBudget Watch lets you create budgets, then track spending during the month."
)
FIELDS = (("name", "Name"), ("account", "Account"), ("value", "Value"), ("note", "Note"))

_FRAGMENT = "protect.budgetwatch.TransactionFragment"
_SUPPORT = "android.support.v4.app"


def fmt_date(iso: str) -> str:
    """``SimpleDateFormat.getDateInstance()`` (medium, en_US) of an ISO date."""
    d = datetime.date.fromisoformat(iso)
    return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


def parse_date(text: str) -> str | None:
    """``DateFormat.parse`` of the medium format; ``None`` where it throws ParseException."""
    try:
        return datetime.datetime.strptime(text.strip(), "%b %d, %Y").date().isoformat()
    except ValueError:
        return None


def _out_of_range(index: int, size: int) -> JavaException:
    """``AbstractCursor.checkPosition`` of the Expenses cursor moved past its end."""
    return JavaException(
        "android.database.CursorIndexOutOfBoundsException",
        f"Index {index} requested, with a size of {size}",
        frames=[
            "android.database.AbstractCursor.checkPosition(AbstractCursor.java:460)",
            "android.database.AbstractWindowedCursor.checkPosition"
            "(AbstractWindowedCursor.java:136)",
            "android.database.AbstractWindowedCursor.getInt(AbstractWindowedCursor.java:68)",
            "protect.budgetwatch.Transaction.toTransaction(Transaction.java:46)",
            f"{_FRAGMENT}.onContextItemSelected(TransactionFragment.java:148)",
            f"{_SUPPORT}.Fragment.performContextItemSelected(Fragment.java:1953)",
            f"{_SUPPORT}.FragmentManagerImpl.dispatchContextItemSelected"
            "(FragmentManager.java:2138)",
            f"{_SUPPORT}.FragmentController.dispatchContextItemSelected"
            "(FragmentController.java:267)",
            f"{_SUPPORT}.FragmentActivity.onMenuItemSelected(FragmentActivity.java:369)",
            "android.support.v7.app.AppCompatActivity.onMenuItemSelected"
            "(AppCompatActivity.java:147)",
            "android.support.v7.view.WindowCallbackWrapper.onMenuItemSelected"
            "(WindowCallbackWrapper.java:100)",
            "com.android.internal.policy.PhoneWindow$PhoneWindowMenuCallback.onMenuItemSelected"
            "(PhoneWindow.java:3883)",
            "com.android.internal.view.menu.MenuBuilder.dispatchMenuItemSelected"
            "(MenuBuilder.java:761)",
            "com.android.internal.view.menu.MenuItemImpl.invoke(MenuItemImpl.java:152)",
            "com.android.internal.view.menu.MenuBuilder.performItemAction(MenuBuilder.java:904)",
            "com.android.internal.view.menu.MenuPopup.onItemClick(MenuPopup.java:128)",
            "android.widget.AdapterView.performItemClick(AdapterView.java:310)",
            "android.widget.AbsListView.performItemClick(AbsListView.java:1155)",
            "android.widget.AbsListView$PerformClick.run(AbsListView.java:3126)",
            "android.widget.AbsListView$3.run(AbsListView.java:4041)",
            *callback_frames(25),
        ],
    )


def _revenue_steps() -> list[dict[str, Any]]:
    """Transactions → Revenues → "+" → a value → Save (back on the Expenses tab)."""
    return [
        click(PACKAGE, "menu", "Transactions"),
        click(PACKAGE, text="Revenues"),
        click(PACKAGE, "action_add", desc="Add"),
        input_text(PACKAGE, "valueEdit", "200"),
        click(PACKAGE, "action_save", desc="Save"),
    ]


HUMAN_STEPS = (
    *_revenue_steps(),
    click(PACKAGE, text="Revenues"),
    long_click(PACKAGE, "value", "200.00"),
    click(PACKAGE, "android:id/title", "Edit"),
)

BUG_109 = BugSpec(
    "budget-watch#109",
    "crash",
    "Long press on a revenue then Edit crashes",
    crash_oracle(
        PACKAGE, "android.database.CursorIndexOutOfBoundsException", "requested, with a size of"
    ),
    human_steps=HUMAN_STEPS,
)

WRONG_SEQUENCES = {
    "budget-watch#109": [
        # the revenue opened with a tap, then the pencil: works
        [
            *_revenue_steps(),
            click(PACKAGE, text="Revenues"),
            click(PACKAGE, "value", "200.00"),
            click(PACKAGE, "action_edit", desc="Edit"),
        ],
        # an expense instead of a revenue: its own fragment handles the long press
        [
            click(PACKAGE, "menu", "Transactions"),
            click(PACKAGE, "action_add", desc="Add"),
            input_text(PACKAGE, "valueEdit", "200"),
            click(PACKAGE, "action_save", desc="Save"),
            long_click(PACKAGE, "value", "200.00"),
            click(PACKAGE, "android:id/title", "Edit"),
        ],
        # no value typed: nothing is saved, no revenue to long-press
        [
            click(PACKAGE, "menu", "Transactions"),
            click(PACKAGE, text="Revenues"),
            click(PACKAGE, "action_add", desc="Add"),
            click(PACKAGE, "action_save", desc="Save"),
            click(PACKAGE, desc=w.NAVIGATE_UP),
            click(PACKAGE, text="Revenues"),
        ],
        # an expense exists first: Edit opens it as "Edit Expense" instead of crashing
        [
            click(PACKAGE, "menu", "Transactions"),
            click(PACKAGE, "action_add", desc="Add"),
            input_text(PACKAGE, "valueEdit", "50"),
            click(PACKAGE, "action_save", desc="Save"),
            *_revenue_steps()[1:],
            click(PACKAGE, text="Revenues"),
            long_click(PACKAGE, "value", "200.00"),
            click(PACKAGE, "android:id/title", "Edit"),
        ],
    ]
}


class BudgetWatch(VirtualApp):
    """Budget Watch 0.14: main menu, budgets (stub), transactions and the transaction form."""

    name: ClassVar[str] = "budget-watch"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "0.14"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_109,)

    def initial_data(self) -> dict[str, Any]:
        return {"transactions": [], "next_id": 1, "changes": 0}

    # -- data ---------------------------------------------------------------------------------
    def _rows(self, ctx: AppContext, kind: int) -> list[dict[str, Any]]:
        """``getTransactions(type, null, null)``: ORDER BY date DESC (ties in insert order)."""
        rows = [t for t in ctx.data["transactions"] if t["type"] == kind]
        return sorted(rows, key=lambda t: t["date"], reverse=True)

    def _find(self, ctx: AppContext, tid: int) -> dict[str, Any]:
        return next(t for t in ctx.data["transactions"] if t["id"] == tid)

    def _changed(self, ctx: AppContext) -> None:
        """``sendChangeNotification``: TransactionActivity resets its pager on resume."""
        ctx.data["changes"] += 1

    # -- TransactionActivity --------------------------------------------------------------------
    def _tab(self, ctx: AppContext) -> int:
        """The selected tab; ``resetView`` (database changed) selects the first again."""
        if ctx.ui.get("seen", 0) != ctx.data["changes"]:
            return 0
        return int(ctx.ui.get("tab", 0))

    def _select_tab(self, ctx: AppContext, tab: int) -> None:
        ctx.ui.update(tab=tab, seen=ctx.data["changes"])

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != TRANSACTIONS:
            return False
        ui = {"tab": self._tab(ctx)}
        if w.pager_swipe(ui, "tab", 2, direction):
            self._select_tab(ctx, ui["tab"])
            return True
        return False

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "menu", None)

    def _open(self, ctx: AppContext, kind: int, mode: str, tid: int = 0) -> None:
        ctx.start_activity(VIEW, {"type": kind, "mode": mode, "id": tid})

    def _context_edit(self, ctx: AppContext) -> None:
        """``onContextItemSelected``, first called on the Expenses fragment (the bug)."""
        position = int(ctx.ui["menu"]["position"])
        ctx.ui["menu"] = None
        expenses = self._rows(ctx, EXPENSE)  # findViewById(R.id.list): the Expenses list
        if position >= len(expenses):
            size = len(expenses)
            raise _out_of_range(size, size)  # moveToPosition left mPos at the count
        self._open(ctx, EXPENSE, "update", expenses[position]["id"])

    def _render_transactions(self, ctx: AppContext) -> Screen:
        tab = self._tab(ctx)
        kind = (EXPENSE, REVENUE)[tab]
        bar = w.toolbar(
            "Transactions",
            navigation=w.up_button(),
            actions=[
                w.action_item("action_search", "Search", None),
                w.action_item("action_add", "Add", lambda c: self._open(c, kind, "add")),
                w.overflow_button(lambda c: c.ui.update(menu="overflow")),
            ],
        )
        tabs = w.tabs(["Expenses", "Revenues"], tab, self._select_tab, rid="tabLayout")
        rows = self._rows(ctx, kind)
        if rows:
            page: list[View] = [
                w.list_view([self._row(t, i) for i, t in enumerate(rows)], rid="list")
            ]
        else:
            page = [w.text_view(NO_ROWS[kind], "helpText", height=300)]
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="pager",
            children=[w.relative_layout(page)],
        )
        windows: list[Window] = []
        menu = ctx.ui.get("menu")
        close = w.bind(lambda c: c.ui.update(menu=None))
        if menu == "overflow":
            windows.append(w.menu_window([("Purge Old Receipts", close)], close))
        elif isinstance(menu, dict):
            # the floating context menu opens at the pressed row
            top = 336 + 250 * int(menu["position"]) + 125
            windows.append(
                w.menu_window(
                    [("Edit", self._context_edit)],
                    close,
                    title_rid="android:id/title",
                    bounds=(300, top, 1000, top + 126),
                )
            )
        return Screen(content=w.linear_layout([bar, tabs, pager]), windows=windows)

    def _row(self, t: dict[str, Any], position: int) -> View:
        """``transaction_layout``: name and value, budget and date, the note line."""
        children = [
            w.linear_layout(
                [w.text_view(t["name"], "name"), w.text_view(f"{t['value']:.2f}", "value")],
                horizontal=True,
            ),
            w.linear_layout(
                [w.text_view(t["budget"], "budget"), w.text_view(fmt_date(t["date"]), "date")],
                horizontal=True,
            ),
        ]
        if t["note"]:
            children.append(w.linear_layout([w.text_view(t["note"], "note")], rid="noteLayout"))
        return w.linear_layout(
            children,
            height=250,
            on_click=lambda c: self._open(c, t["type"], "view", t["id"]),
            on_long_click=lambda c: c.ui.update(menu={"position": position}),
        )

    # -- TransactionViewActivity ----------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != VIEW or "form" in ctx.ui:
            return
        form = {
            "name": "",
            "account": "",
            "value": "",
            "note": "",
            "date": fmt_date(TODAY.isoformat()),
        }
        if ctx.extras["mode"] != "add":
            t = self._find(ctx, ctx.extras["id"])
            form = {
                "name": t["name"],
                "account": t["account"],
                "value": f"{t['value']:.2f}",
                "note": t["note"],
                "date": fmt_date(t["date"]),
            }
        ctx.ui.update(form=form, dialog=None, picker=None)

    def _setter(self, key: str) -> TextHandler:
        def on_text(ctx: AppContext, text: str) -> None:
            ctx.ui["form"][key] = text

        return on_text

    def _save(self, ctx: AppContext) -> None:
        """``doSave``: the checks, then insert or update, then finish."""
        form = ctx.ui["form"]
        if not form["value"]:
            ctx.toast("Value is empty")
            return
        try:
            value = float(form["value"])
        except ValueError:
            ctx.toast("Value invalid")
            return
        date = parse_date(form["date"])
        if date is None:
            ctx.toast("Date invalid")
            return
        fields = {k: form[k] for k in ("name", "account", "note")}
        fields.update(value=value, date=date, budget="", type=ctx.extras["type"])
        if ctx.extras["mode"] == "update":
            self._find(ctx, ctx.extras["id"]).update(fields)
        else:
            fields["id"] = ctx.data["next_id"]
            ctx.data["next_id"] += 1
            ctx.data["transactions"].append(fields)
        self._changed(ctx)
        ctx.finish()

    def _edit_from_view(self, ctx: AppContext) -> None:
        extras = dict(ctx.extras)
        ctx.finish()
        self._open(ctx, extras["type"], "update", extras["id"])

    def _delete(self, ctx: AppContext) -> None:
        tid = ctx.extras["id"]
        ctx.data["transactions"] = [t for t in ctx.data["transactions"] if t["id"] != tid]
        self._changed(ctx)
        ctx.finish()

    def _open_picker(self, ctx: AppContext) -> None:
        d = datetime.date.fromisoformat(parse_date(ctx.ui["form"]["date"]) or TODAY.isoformat())
        ctx.ui["picker"] = [d.year, d.month, d.day]

    def _pick_day(self, ctx: AppContext, day: int) -> None:
        ctx.ui["picker"][2] = day

    def _pick_month(self, ctx: AppContext, delta: int) -> None:
        y, m, _ = ctx.ui["picker"]
        m += delta
        y, m = (y - 1, 12) if m < 1 else (y + 1, 1) if m > 12 else (y, m)
        ctx.ui["picker"] = [y, m, 1]

    def _picker_ok(self, ctx: AppContext) -> None:
        y, m, d = ctx.ui["picker"]
        ctx.ui["form"]["date"] = fmt_date(datetime.date(y, m, d).isoformat())
        ctx.ui["picker"] = None

    def _render_view(self, ctx: AppContext) -> Screen:
        mode, kind = ctx.extras["mode"], ctx.extras["type"]
        form = ctx.ui["form"]
        editing = mode != "view"
        if mode == "view":
            actions = [w.action_item("action_edit", "Edit", self._edit_from_view)]
        else:
            actions = [w.action_item("action_save", "Save", self._save)]
        if mode == "update":
            actions.append(w.overflow_button(lambda c: c.ui.update(dialog="menu")))
        bar = w.toolbar(TITLES[(kind, mode)], navigation=w.up_button(), actions=actions)
        rows: list[View] = []
        for key, label in (FIELDS[0], ("budget", "Budget"), *FIELDS[1:], ("date", "Date")):
            if key == "budget":
                field = (
                    w.spinner("budgetSpinner", "", lambda c: c.ui.update(dialog="budgets"))
                    if editing
                    else w.text_view("", "budgetView")
                )
            elif not editing:
                field = w.text_view(form[key], f"{key}View")
            elif key == "date":
                field = w.edit_text("dateEdit", form["date"], self._setter("date"))
                field.on_click = self._open_picker
            else:
                field = w.edit_text(f"{key}Edit", form[key], self._setter(key))
            rows.append(w.linear_layout([w.text_view(label, width=300), field], horizontal=True))
        if editing:
            capture = w.button("captureButton", "Capture", None)
            rows.append(
                w.linear_layout(
                    [
                        w.text_view("Receipt", width=300),
                        w.linear_layout([capture], rid="noReceiptButtonLayout"),
                    ],
                    rid="receiptLayout",
                    horizontal=True,
                )
            )
        body = w.scroll_view([w.linear_layout(rows, weight=0)])
        return Screen(content=w.linear_layout([bar, body]), windows=self._view_windows(ctx))

    def _view_windows(self, ctx: AppContext) -> list[Window]:
        close = w.bind(lambda c: c.ui.update(dialog=None))
        dialog = ctx.ui.get("dialog")
        windows: list[Window] = []
        if dialog == "menu":
            windows.append(
                w.menu_window([("Delete", lambda c: c.ui.update(dialog="delete"))], close)
            )
        elif dialog == "delete":
            windows.append(
                w.confirm_dialog(
                    "Remove Transaction",
                    "Please confirm that you want to delete this transaction.",
                    ("Confirm", self._delete),
                    ("Cancel", close),
                    close,
                )
            )
        elif dialog == "budgets":
            windows.append(
                w.spinner_dropdown([""], 0, lambda c, i: c.ui.update(dialog=None), close)
            )
        picker = ctx.ui.get("picker")
        if picker:
            cancel = w.bind(lambda c: c.ui.update(picker=None))
            windows.append(
                w.date_picker_dialog(
                    picker[0],
                    picker[1],
                    picker[2],
                    self._pick_day,
                    self._pick_month,
                    self._picker_ok,
                    cancel,
                )
            )
        return windows

    # -- MainActivity and BudgetActivity --------------------------------------------------------
    def _render_main(self) -> Screen:
        bar = w.toolbar(
            APP_NAME,
            actions=[
                w.action_item("action_settings", "Settings", None),
                w.action_item("action_import_export", "Import/Export", None),
                w.overflow_button(None),
            ],
        )
        entries = (
            ("Budgets", "Create and manage budgets", BUDGETS),
            ("Transactions", "Enter transactions and revenues", TRANSACTIONS),
        )
        rows = [
            w.linear_layout(
                [
                    w.image_view("image", "icon", width=105),
                    w.linear_layout([w.text_view(title, "menu"), w.text_view(desc, "menudesc")]),
                ],
                horizontal=True,
                height=250,
                on_click=lambda c, a=activity: c.start_activity(a),
            )
            for title, desc, activity in entries
        ]
        return Screen(content=w.linear_layout([bar, w.list_view(rows, rid="list")]))

    def _render_budgets(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "Budgets",
            navigation=w.up_button(),
            actions=[
                w.action_item("action_calendar", "Select Dates", None),
                w.action_item("action_add", "Add", None),
            ],
        )
        total = 0.0
        for t in ctx.data["transactions"]:
            if t["budget"] == "" and t["date"][:7] == TODAY.isoformat()[:7]:
                total += t["value"] if t["type"] == EXPENSE else -t["value"]
        total_row = w.linear_layout(
            [
                w.text_view("Total", "budgetName"),
                w.linear_layout(
                    [
                        View(cls="android.widget.ProgressBar", resource_id="budgetBar"),
                        w.text_view(f"{int(total)}/0", "budgetValue", width=250),
                    ],
                    horizontal=True,
                ),
            ],
            height=250,
        )
        content = [
            bar,
            w.text_view("9/1/17 ~ 9/30/17", "dateRange"),
            w.relative_layout([w.text_view(NO_BUDGETS, "helpText", height=500)]),
            total_row,
        ]
        return Screen(content=w.linear_layout(content))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TRANSACTIONS:
            return self._render_transactions(ctx)
        if ctx.activity == VIEW:
            return self._render_view(ctx)
        if ctx.activity == BUDGETS:
            return self._render_budgets(ctx)
        return self._render_main()
