"""Expenso 1.0 (``dev.spikeysanju.expensetracker``), with bug Expenso#33.

Sources read: Spikeysanju/Expenso at commit 668737343ad05c2323e5b43396107194dc378110 (the
parent of ec1d7d1 "Fix: Crash while save empty transaction #33", versionName 1.0):
``view/main/MainActivity.kt``, ``view/dashboard/DashboardFragment.kt``,
``view/add/AddTransactionFragment.kt``, ``view/adapter/TransactionAdapter.kt``,
``utils/ViewExt.kt`` (``transformIntoDatePicker``, ``indianRupee``), ``utils/Constants.kt``, the
layouts ``activity_main``, ``fragment_dashboard``, ``total_balance_view``,
``content_income_expense_card_layout``, ``content_empty_state_layout``,
``item_transaction_layout``, ``fragment_add_transaction``, ``content_add_transaction_layout``,
``item_autocomplete_layout``, ``item_filter_dropdown``, the menu ``menu_ui``, ``nav_graph`` and
``strings.xml`` / ``filters.xml``.

Screens modelled (one activity, ``MainActivity``, whose NavHostFragment shows the fragments):

- the dashboard (no first-run screens: the app opens on it): toolbar ``toolbar`` without a
  title holding the Filter spinner (Overall / All Income / All Expense), the "UI Mode" action
  ``action_night_mode`` and More options (About); with no transactions the empty state
  ("No Transaction Yet!"), else ``total_balance_view``, the income and expense cards, "Recent
  Transactions" and the ``transaction_rv`` cards; the FAB ``btn_add_transaction`` (described
  "Expenso") opens Add Transaction;
- "Add Transaction" (up arrow): the fields ``et_title`` (Title), ``et_amount`` (Amount),
  ``et_transactionType`` and ``et_tag`` (exposed drop-downs: Income/Expense and the ten tags),
  ``et_when`` (When: a DatePickerDialog, no later than today, written dd/MM/yyyy) and ``et_note``
  (Note), then ``btn_save_transaction`` "SAVE TRANSACTION". A field left empty gets its error
  ("Title must note be empty"...), shown as a text under the field; a full form saves the
  transaction, toasts "Transaction saved successfully" and goes to the dashboard.

The bug: the Save click handler destructures ``getTransactionContent()`` before any check, and
that function converts the amount with ``it.etAmount.text.toString().toDouble()``; with the
Amount field empty this is ``Double.parseDouble("")``, which throws
``java.lang.NumberFormatException: empty String`` (``AddTransactionFragment.kt:93``), so saving
with no amount crashes whatever else was filled in. (An amount of only "." fails the same way
with 'For input string: "."'.)

Stubbed: the transaction details, edit and About screens are a title and Navigate up; swipe to
delete, the Lottie animation and the night theme (the UI Mode toggle only flips a stored flag)
are left out. Uncertain: the framework frames under the app's and the Kotlin lambda's class name
in the crash (written as the Kotlin 1.4 compiler names them; the report has no stack trace), the
toolbar's layout of the filter spinner, and the rendering of EditText errors (the framework's
error popup is shown as a plain text under the field). No network content.
"""

from __future__ import annotations

import calendar
import datetime
import functools
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "dev.spikeysanju.expensetracker"
MAIN = ".view.main.MainActivity"
FILTERS = ("Overall", "All Income", "All Expense")
TYPES = ("Income", "Expense")
TAGS = (
    "Housing",
    "Transportation",
    "Food",
    "Utilities",
    "Insurance",
    "Healthcare",
    "Saving & Debts",
    "Personal Spending",
    "Entertainment",
    "Miscellaneous",
)
# (field key, TextInputLayout id, field id, hint, error text) of content_add_transaction_layout
FIELDS = (
    ("title", "et_title_view", "et_title", "Title", "Title must note be empty"),
    ("amount", "et_amount_view", "et_amount", "Amount", "Amount must note be empty"),
    (
        "type",
        "et_transactionType_view",
        "et_transactionType",
        "Transaction type",
        "Transaction type must note be empty",
    ),
    ("tag", "et_tag_view", "et_tag", "Tag", "Tag must note be empty"),
    ("date", "et_when_view", "et_when", "When", "Date must note be empty"),
    ("note", "et_note_view", "et_note", "Note", "Note must note be empty"),
)
CLICK_FRAMES = [
    "android.view.View.performClick(View.java:7125)",
    "com.google.android.material.button.MaterialButton.performClick(MaterialButton.java:992)",
    "android.view.View.performClickInternal(View.java:7102)",
    "android.view.View.access$3500(View.java:801)",
    "android.view.View$PerformClick.run(View.java:27336)",
    "android.os.Handler.handleCallback(Handler.java:883)",
    "android.os.Handler.dispatchMessage(Handler.java:100)",
    "android.os.Looper.loop(Looper.java:214)",
    "android.app.ActivityThread.main(ActivityThread.java:7356)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:492)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:930)",
]


def _parse_double(text: str) -> float:
    """Kotlin's ``String.toDouble()`` (``java.lang.Double.parseDouble``) on the amount field's
    text (``numberDecimal`` input: digits and one dot)."""
    stripped = text.strip()
    if not stripped:
        raise JavaException(
            "java.lang.NumberFormatException", "empty String", frames=_parse_frames()
        )
    try:
        return float(stripped)
    except ValueError:
        raise JavaException(
            "java.lang.NumberFormatException",
            f'For input string: "{text}"',
            frames=_parse_frames(),
        ) from None


def _parse_frames() -> list[str]:
    app = f"{PACKAGE}.view.add.AddTransactionFragment"
    return [
        "sun.misc.FloatingDecimal.readJavaFormatString(FloatingDecimal.java:1842)",
        "sun.misc.FloatingDecimal.parseDouble(FloatingDecimal.java:110)",
        "java.lang.Double.parseDouble(Double.java:538)",
        f"{app}.getTransactionContent(AddTransactionFragment.kt:93)",
        f"{app}.access$getTransactionContent(AddTransactionFragment.kt:21)",
        f"{app}$initViews$$inlined$with$lambda$1.onClick(AddTransactionFragment.kt:56)",
        *CLICK_FRAMES,
    ]


def _rupees(amount: float) -> str:
    """``indianRupee``: NumberFormat.getCurrencyInstance() (en-US) for INR, no decimals."""
    sign = "-" if amount < 0 else ""
    return f"{sign}₹{abs(amount):,.0f}"


class Expenso(VirtualApp):
    """Expenso 1.0."""

    name: ClassVar[str] = "Expenso"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Expenso"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Expenso#33",
            "crash",
            "Crash while Save Transaction",
            crash_oracle(PACKAGE, "java.lang.NumberFormatException", "empty String"),
            human_steps=(
                click(PACKAGE, "btn_add_transaction", desc="Expenso"),
                click(PACKAGE, "btn_save_transaction", "SAVE TRANSACTION"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "transactions": [],
            "next_id": 1,
            "night_mode": False,
            "today": datetime.date.today().isoformat(),
        }

    # -- lifecycle -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("stack", ["dashboard"])
        ui.setdefault("filter", 0)
        ui.setdefault("popup", None)
        ui.setdefault("form", None)

    def on_back(self, ctx: AppContext) -> bool:
        stack = ctx.ui["stack"]
        if len(stack) > 1:
            self._up(ctx)
            return True
        return False

    def _up(self, ctx: AppContext) -> None:
        stack = ctx.ui["stack"]
        if stack[-1] == "add":
            ctx.ui["form"] = None
        stack.pop()
        ctx.ui["popup"] = None
        if not stack:
            ctx.finish()

    # -- dashboard -------------------------------------------------------------------------------
    def _open_add(self, ctx: AppContext) -> None:
        ctx.ui["stack"].append("add")
        ctx.ui["form"] = {key: "" for key, *_ in FIELDS} | {"errors": {}, "picked": None}

    def _open_details(self, ctx: AppContext, tx_id: int) -> None:
        ctx.ui["stack"].append("details")
        ctx.ui["details"] = tx_id

    def _toggle_night(self, ctx: AppContext) -> None:
        ctx.data["night_mode"] = not ctx.data["night_mode"]

    def _choose_filter(self, ctx: AppContext, index: int) -> None:
        ctx.ui["filter"] = index
        ctx.ui["popup"] = None

    def _about(self, ctx: AppContext) -> None:
        ctx.ui["popup"] = None
        ctx.ui["stack"].append("about")

    # -- add transaction -------------------------------------------------------------------------
    def _open_popup(self, ctx: AppContext, popup: str) -> None:
        ctx.ui["popup"] = popup

    def _type(self, ctx: AppContext, text: str, key: str) -> None:
        form = ctx.ui["form"]
        form[key] = text
        form["errors"].pop(key, None)  # typing clears an EditText's error

    def _choose(self, ctx: AppContext, key: str, value: str) -> None:
        ctx.ui["form"][key] = value
        ctx.ui["form"]["errors"].pop(key, None)
        ctx.ui["popup"] = None

    def _open_date(self, ctx: AppContext) -> None:
        ctx.ui["form"]["picked"] = ctx.data["today"]
        ctx.ui["popup"] = "date"

    def _pick_day(self, ctx: AppContext, day: int) -> None:
        form = ctx.ui["form"]
        picked = datetime.date.fromisoformat(form["picked"]).replace(day=day)
        today = datetime.date.fromisoformat(ctx.data["today"])
        form["picked"] = min(picked, today).isoformat()  # datePicker.maxDate = now

    def _pick_month(self, ctx: AppContext, delta: int) -> None:
        form = ctx.ui["form"]
        picked = datetime.date.fromisoformat(form["picked"])
        index = picked.year * 12 + picked.month - 1 + delta
        year, month = divmod(index, 12)
        day = min(picked.day, calendar.monthrange(year, month + 1)[1])
        today = datetime.date.fromisoformat(ctx.data["today"])
        form["picked"] = min(datetime.date(year, month + 1, day), today).isoformat()

    def _date_ok(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        form["date"] = datetime.date.fromisoformat(form["picked"]).strftime("%d/%m/%Y")
        form["errors"].pop("date", None)
        ctx.ui["popup"] = None

    def _save(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        # val (title, amount, ...) = getTransactionContent(): the amount's toDouble() first.
        amount = _parse_double(form["amount"])
        errors = form["errors"]
        for key, *_, error in FIELDS:
            if key != "amount" and not form[key]:
                errors[key] = error  # the first empty field (the `when`) gets its error
                return
        ctx.data["transactions"].append(
            {
                "id": ctx.data["next_id"],
                "title": form["title"],
                "amount": amount,
                "type": form["type"],
                "tag": form["tag"],
                "date": form["date"],
                "note": form["note"],
            }
        )
        ctx.data["next_id"] += 1
        ctx.toast("Transaction saved successfully")
        # navigate(action_addTransactionFragment_to_dashboardFragment), popUpTo add inclusive
        ctx.ui["stack"].pop()
        ctx.ui["stack"].append("dashboard")
        ctx.ui["form"] = None

    # -- rendering -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = ctx.ui["stack"][-1]
        if top == "add":
            body = self._render_add(ctx)
            bar = w.toolbar("Add Transaction", navigation=w.up_button(self._up))
        elif top in ("details", "about"):
            title = "Details" if top == "details" else "About"
            body = w.frame_layout([])
            bar = w.toolbar(title, navigation=w.up_button(self._up))
        else:
            body = self._render_dashboard(ctx)
            bar = self._dashboard_bar(ctx)
        appbar = View(
            cls="android.widget.LinearLayout",
            resource_id="appbar",
            height=w.TOOLBAR_HEIGHT,
            weight=0,
            children=[bar],
        )
        host = View(
            cls="androidx.fragment.app.FragmentContainerView",
            resource_id="nav_host_fragment",
            layout=FRAME,
            children=[body],
        )
        root = w.linear_layout([appbar, host])
        return Screen(content=root, windows=self._windows(ctx))

    def _dashboard_bar(self, ctx: AppContext) -> View:
        spinner = View(
            cls="android.widget.Spinner",
            width=420,
            on_click=lambda c: c.ui.update(popup="filter"),
            children=[w.text_view(FILTERS[ctx.ui["filter"]], height=w.TOOLBAR_HEIGHT)],
        )
        return w.toolbar(
            w.text_view("", height=w.TOOLBAR_HEIGHT),
            actions=[
                spinner,
                w.action_item("action_night_mode", "UI Mode", self._toggle_night),
                w.overflow_button(lambda c: c.ui.update(popup="overflow")),
            ],
        )

    def _render_dashboard(self, ctx: AppContext) -> View:
        txs = ctx.data["transactions"]
        flt = ctx.ui["filter"]
        shown = [t for t in txs if flt == 0 or t["type"] == ("Income" if flt == 1 else "Expense")]
        fab = w.fab("btn_add_transaction", "Expenso", self._open_add)
        if not shown:
            empty = w.relative_layout(
                [
                    w.image_view("empty_state_image", height=600),
                    w.text_view("No Transaction Yet!", "empty_state_title", height=120),
                    w.text_view(
                        "After your first transaction you will be able to view it here",
                        "empty_state_description",
                        height=160,
                    ),
                ],
                rid="empty_state_view",
            )
            return View(
                cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
                layout=FRAME,
                children=[empty, fab],
            )
        income = sum(t["amount"] for t in shown if t["type"] == "Income")
        expense = sum(t["amount"] for t in shown if t["type"] != "Income")
        balance_title = ("Total Balance", "Total Income", "Total Expense")[flt]
        total = View(
            cls="android.widget.FrameLayout",
            resource_id="total_balance_view",
            height=300,
            children=[
                w.linear_layout(
                    [
                        w.text_view(balance_title, "total_balance_title", height=100),
                        w.text_view(_rupees(income - expense), "total_balance", height=150),
                    ]
                )
            ],
        )
        cards: list[View] = [total]
        if flt == 0:
            cards.append(
                w.linear_layout(
                    [
                        self._card("income_card_view", "Total Income", f"+ {_rupees(income)}"),
                        self._card("expense_card_view", "Total Expense", f"- {_rupees(expense)}"),
                    ],
                    rid="total_income_expense_view",
                    horizontal=True,
                    height=300,
                )
            )
        cards.append(w.text_view("Recent Transactions", "title_recent_transaction", height=120))
        rows = [
            View(
                cls="android.widget.FrameLayout",
                resource_id="transactionCardView",
                height=200,
                on_click=w.bind(self._open_details, t["id"]),
                children=[
                    w.linear_layout(
                        [
                            w.image_view("transactionIconView", "Expenso", width=160),
                            w.linear_layout(
                                [
                                    w.text_view(t["title"], "transactionName", height=100),
                                    w.text_view(t["tag"], "transactionCategory", height=100),
                                ]
                            ),
                            w.text_view(
                                ("+ " if t["type"] == "Income" else "- ") + _rupees(t["amount"]),
                                "transactionAmount",
                                width=300,
                            ),
                        ],
                        horizontal=True,
                    )
                ],
            )
            for t in reversed(shown)
        ]
        cards.append(
            w.list_view(
                rows,
                rid="transaction_rv",
                cls="androidx.recyclerview.widget.RecyclerView",
                scroll_key="rv_scroll",
            )
        )
        group = w.linear_layout(cards, rid="dashboard_group")
        return View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            layout=FRAME,
            children=[w.scroll_view([group]), fab],
        )

    def _card(self, rid: str, title: str, total: str) -> View:
        return View(
            cls="android.view.ViewGroup",
            resource_id=rid,
            children=[
                w.linear_layout(
                    [
                        w.image_view("total_icon", "Expenso", height=100),
                        w.text_view(title, "total_title", height=80),
                        w.text_view(total, "total", height=100),
                    ],
                    rid="total_card_view",
                )
            ],
        )

    def _render_add(self, ctx: AppContext) -> View:
        form = ctx.ui["form"]
        errors = form["errors"]
        children: list[View] = []
        for key, layout_rid, rid, hint, _ in FIELDS:
            if key in ("type", "tag"):
                field = w.edit_text(
                    rid,
                    form[key],
                    None,
                    hint=hint,
                    cls="android.widget.AutoCompleteTextView",
                    on_click=functools.partial(self._open_popup, popup=key),
                )
            elif key == "date":
                field = w.edit_text(
                    rid,
                    form[key],
                    None,
                    hint=hint,
                    focusable=False,
                    on_click=self._open_date,
                )
            else:
                field = w.edit_text(
                    rid,
                    form[key],
                    functools.partial(self._type, key=key),
                    hint=hint,
                )
            children.append(w.text_input_layout(field, rid=layout_rid, height=160))
            if key in errors:
                children.append(w.text_view(errors[key], height=60))
        children.append(
            w.button("btn_save_transaction", "SAVE TRANSACTION", self._save, height=150)
        )
        return w.scroll_view(
            [w.linear_layout(children, rid="addTransactionLayout", weight=0)],
            scrollable=True,
            scroll_key="add_scroll",
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        popup = ctx.ui["popup"]
        close = lambda c: c.ui.update(popup=None)  # noqa: E731
        if popup == "filter":
            return [w.spinner_dropdown(FILTERS, ctx.ui["filter"], self._choose_filter, close)]
        if popup == "overflow":
            return [w.menu_window([("About", self._about)], close)]
        if popup in ("type", "tag"):
            choices = TYPES if popup == "type" else TAGS
            listing = View(
                cls="android.widget.ListView",
                weight=0,
                children=[
                    w.text_view(
                        choice,
                        height=140,
                        on_click=w.bind(self._choose, popup, choice),
                    )
                    for choice in choices
                ],
            )
            return [Window(root=listing, kind="menu", on_dismiss=close)]
        if popup == "date":
            picked = datetime.date.fromisoformat(ctx.ui["form"]["picked"])
            return [
                w.date_picker_dialog(
                    picked.year,
                    picked.month,
                    picked.day,
                    self._pick_day,
                    self._pick_month,
                    self._date_ok,
                    close,
                )
            ]
        return []


_FAB = click(PACKAGE, "btn_add_transaction", desc="Expenso")
_SAVE = click(PACKAGE, "btn_save_transaction", "SAVE TRANSACTION")
_HIDE_KEYBOARD = {"kind": "press_back"}

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Expenso#33": [
        # an amount entered before saving: the title's error shows instead
        [_FAB, input_text(PACKAGE, "et_amount", "10", cls=""), _HIDE_KEYBOARD, _SAVE],
        # Add Transaction left with the up arrow instead of saving
        [_FAB, click(PACKAGE, desc="Navigate up")],
        # a complete form saved
        [
            _FAB,
            input_text(PACKAGE, "et_title", "Lunch", cls=""),
            input_text(PACKAGE, "et_amount", "10", cls=""),
            click(PACKAGE, "et_transactionType"),
            click(PACKAGE, text="Expense", cls="android.widget.TextView"),
            click(PACKAGE, "et_tag"),
            click(PACKAGE, text="Food", cls="android.widget.TextView"),
            click(PACKAGE, "et_when"),
            click(PACKAGE, "android:id/button1", "OK"),
            input_text(PACKAGE, "et_note", "Pizza", cls=""),
            _HIDE_KEYBOARD,
            _SAVE,
        ],
        # the dashboard's UI Mode action instead of the add button
        [click(PACKAGE, "action_night_mode", desc="UI Mode")],
    ],
}
