"""Privacy Friendly Finance Manager 2.2.0 (``org.secuso.privacyfriendlyfinancemanager``), with
bug privacy-friendly-finance-manager#46.

Sources read: SecUSo/privacy-friendly-finance-manager at commit
09025f13b43431f84920ad438ccb82c9ca5ff5be (the parent of afa54a3 "#46:Bugfix npe", versionName
2.2.0):
``SplashActivity``, ``StartupActivity``, ``TutorialActivity``, ``BaseActivity``,
``TransactionListActivity``, ``TransactionsActivity``, ``dialog/TransactionDialog``,
``viewmodel/TransactionDialogViewModel``, ``viewmodel/CurrencyInputBindableViewModel``,
``helper/CurrencyInputFilter``, ``helpers/CurrencyHelper``, ``FinanceDatabase`` and the layouts
``activity_tutorial``, ``tutorial_slide1-7``, ``activity_base``, ``toolbar``, ``header_nav``,
``content_transaction_list``, ``empty_view``, ``fab_add``, ``card_transaction``,
``dialog_transaction``, ``fragment_currency_input``, the menu ``main_drawer`` and ``strings.xml``.

Screens modelled:

- first run: ``SplashActivity`` hands over to ``StartupActivity`` (a progress text while the
  encrypted database opens and the "Main Account" is created) and then, on the first launch, to
  the tutorial (seven slides, ``btn_skip`` SKIP and ``btn_next`` NEXT, OKAY on the last slide
  where SKIP is gone; swiping turns the slides). The splash and startup screens pass by
  themselves and are not drawn;
- "Latest Transactions" (``TransactionsActivity``): toolbar with the drawer toggle, the
  ``search_transaction`` SearchView (filters by title), the ``recycler_view`` of
  ``card_transaction`` rows or the ``empty_view`` "No transactions found", and the FAB
  ``fab_add`` opening the "New Transaction" dialog; a row opens "Edit Transaction";
- the transaction dialog: ``editText_transaction_name`` ("Enter title"), the
  ``radioButton_transaction_expense`` / ``radioButton_transaction_income`` radio group, the
  amount ``dialog_transaction_amount`` ("Enter amount", through the app's CurrencyInputFilter),
  the date ``dialog_transaction_date`` (a DatePickerDialog), the Account and Category spinners
  (the category list starts with "none"), then CANCEL / SUBMIT;
- the navigation drawer (Latest Transactions, Repeating Transactions, Accounts, Categories,
  Tutorial, Help, About).

The bug: the dialog's view model starts from ``new Transaction()``, whose ``name`` is null; the
two-way binding calls ``setName`` (which turns null into "") only when the title field's text
changes. ``submit()`` calls ``transaction.getName().trim()``, so submitting a new transaction
whose title field was never touched throws the NullPointerException of the report
(``TransactionDialogViewModel.submit(TransactionDialogViewModel.java:235)`` under
``TransactionDialog$5.onClick``). A title typed and then erased is "" and saves fine.

Stubbed: Repeating Transactions, Accounts, Categories, Help and About are a title and Navigate
up; swipe-to-delete of rows and the title autocompletion drop-down are left out.
Uncertain: the order of the transaction list (taken as newest date first), the exact
framework frames under the app's (taken from the stack trace in the report's comment), and the
dialog's resize for the keyboard (its ScrollView is shortened while one of its fields has the
focus, so the buttons stay above the keyboard).
No network content.
"""

from __future__ import annotations

import datetime
import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "org.secuso.privacyfriendlyfinancemanager"
APP = "org.secuso.privacyfriendlyfinance"
SPLASH = ".activities.SplashActivity"
TUTORIAL = ".activities.TutorialActivity"
MAIN = ".activities.TransactionsActivity"
REPEATING = ".activities.RepeatingTransactionsActivity"
ACCOUNTS = ".activities.AccountsActivity"
CATEGORIES = ".activities.CategoriesActivity"
HELP = ".activities.HelpActivity"
ABOUT = ".activities.AboutActivity"

SLIDES = (
    (
        "Welcome!",
        "Welcome to your privacy friendly Finance Manager. This app does not use any permissions.",
    ),
    (
        "Finance Manager",
        "You can manage your finances by tracking your earnings and expenses.",
    ),
    (
        "New Transactions",
        "You can create new transactions by clicking on the plus button in the main view. Now "
        "you are able to enter the amount, a title, a date and a category. Furthermore you can "
        "specify if the transaction is an expense or income.",
    ),
    (
        "Transaction overview",
        "In the main view you are able to see the total balance of your transactions, as well "
        "as a list with all transactions you entered.",
    ),
    (
        "Categories",
        "Under the menu item Categories you are able to see all the categories you created and "
        "their total balances, depending on the transactions that are labelled with the "
        "respective category. By clicking on the Plus-Button you can create new Categories.",
    ),
    (
        "Accounts",
        "In the accounts view you get an overview over all accounts. You can create new "
        "accounts by clicking the plus button. Every transaction is linked to one account and "
        "affects the total balance of this account. It can get quite difficult to synchronize "
        "the transactions of an account that exists in the real world with the transactions of "
        "the account´s virtual counterpart. In order to solve this issue the balance for the "
        "beginning of the month can be set for each account and each month.",
    ),
    (
        "Repeating transactions",
        "Repeating transactions are transactions that are repeated automatically by the app. In "
        "addition to all the details you can set for a normal transaction for a repeating "
        "transaction you can set the end date and the repeating interval in weeks or months. The "
        "repeated transactions are then added at the beginning of the corresponding month or "
        "week.",
    ),
)
# (menu item id, title, activity) of main_drawer.xml
DRAWER = (
    ("nav_main", "Latest Transactions", MAIN),
    ("nav_repeating_transactions", "Repeating Transactions", REPEATING),
    ("nav_account", "Accounts", ACCOUNTS),
    ("nav_category", "Categories", CATEGORIES),
    ("nav_tutorial", "Tutorial", TUTORIAL),
    ("nav_help", "Help", HELP),
    ("nav_about", "About", ABOUT),
)
STUB_TITLES = {
    REPEATING: "Repeating Transactions",
    ACCOUNTS: "Accounts",
    CATEGORIES: "Categories",
    HELP: "Help",
    ABOUT: "About",
}
# CurrencyInputFilter's pattern (Java's matches(): the whole text).
CURRENCY = re.compile(r"-?[0-9]+((\.[0-9]{0,2})?)||(\.)?")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _java_trim(text: str) -> str:
    """``String.trim()``: strips every char up to U+0020 from both ends."""
    start, end = 0, len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    return text[start:end]


def _to_cents(text: str) -> int | None:
    """``CurrencyHelper.convertToLong``: ``Math.round(Double.parseDouble(text) * 100)``."""
    try:
        return int(round(float(text) * 100))
    except ValueError:
        return None


def _money(cents: int) -> str:
    """``CurrencyHelper.setBalance`` in the en-US locale: "+$12.50", "-$3.00", "$0.00"."""
    prefix = "+" if cents > 0 else "-" if cents < 0 else ""
    return f"{prefix}${abs(cents) / 100:,.2f}"


class PFFinanceManager(VirtualApp):
    """Privacy Friendly Finance Manager 2.2.0."""

    name: ClassVar[str] = "privacy-friendly-finance-manager"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Finance Manager"
    version: ClassVar[str] = "2.2.0"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "privacy-friendly-finance-manager#46",
            "crash",
            "Crash without adding transactions title",
            crash_oracle(PACKAGE, "java.lang.NullPointerException", "java.lang.String.trim()"),
            human_steps=(
                click(PACKAGE, "btn_skip", "SKIP"),
                click(PACKAGE, "fab_add"),
                input_text(PACKAGE, "dialog_transaction_amount", "10"),
                click(PACKAGE, "android:id/button1", "SUBMIT"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_time_launch": True,
            "accounts": [{"id": 0, "name": "Main Account"}],
            "categories": [],
            "transactions": [],
            "next_id": 1,
            "today": datetime.date.today().isoformat(),
        }

    # -- lifecycle -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            # Splash -> StartupActivity (opens the database) -> tutorial or transactions.
            ctx.start_activity(TUTORIAL if ctx.data["first_time_launch"] else MAIN)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            ctx.ui.setdefault("slide", 0)
        elif ctx.activity == MAIN:
            ctx.ui.setdefault("drawer", False)
            ctx.ui.setdefault("search", "")
            ctx.ui.setdefault("dialog", None)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("drawer"):
            ctx.ui["drawer"] = False
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == TUTORIAL:
            return w.pager_swipe(ctx.ui, "slide", len(SLIDES), direction)
        if ctx.activity == MAIN and direction == "right" and ctx.ui.get("dialog") is None:
            ctx.ui["drawer"] = True
            return True
        return False

    # -- tutorial --------------------------------------------------------------------------------
    def _next_slide(self, ctx: AppContext) -> None:
        if ctx.ui["slide"] + 1 < len(SLIDES):
            ctx.ui["slide"] += 1
        else:
            self._launch_home(ctx)

    def _launch_home(self, ctx: AppContext) -> None:
        if ctx.data["first_time_launch"]:
            ctx.data["first_time_launch"] = False
            ctx.start_activity(MAIN)
        ctx.finish()

    # -- drawer ----------------------------------------------------------------------------------
    def _drawer_item(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["drawer"] = False
        if activity != MAIN:
            ctx.start_activity(activity)

    # -- transaction dialog ----------------------------------------------------------------------
    def _open_dialog(self, ctx: AppContext, tx: dict[str, Any] | None) -> None:
        ctx.ui["dialog_scroll"] = 0
        if tx is None:
            # new Transaction(): name null, amount 0, date today, account -1 then the spinner's
            # first entry, no category.
            ctx.ui["dialog"] = {
                "id": None,
                "name": None,
                "amount": "",
                "cents": 0,
                "date": ctx.data["today"],
                "account": ctx.data["accounts"][0]["id"],
                "category": None,
                "popup": None,
                "picked": None,
            }
        else:
            ctx.ui["dialog"] = {
                "id": tx["id"],
                "name": tx["name"],
                "amount": f"{tx['amount'] / 100:.2f}",
                "cents": tx["amount"],
                "date": tx["date"],
                "account": tx["account"],
                "category": tx["category"],
                "popup": None,
                "picked": None,
            }

    def _set_name(self, ctx: AppContext, text: str) -> None:
        # TransactionDialogViewModel.setName: null becomes "" (android:maxLength="32").
        ctx.ui["dialog"]["name"] = text[:32]

    def _set_amount_string(self, dialog: dict[str, Any], text: str) -> None:
        dialog["amount"] = text
        cents = _to_cents(text)
        dialog["cents"] = 0 if cents is None else cents

    def _type_amount(self, ctx: AppContext, text: str) -> None:
        dialog = ctx.ui["dialog"]
        text = text[:10]  # android:maxLength="10"
        if text and text != "-":
            if not CURRENCY.fullmatch(text):
                return  # CurrencyInputFilter rejects the edit
            value = _to_cents(text)
            if value is not None and abs(value) >= 1_000_000_00 * 100:
                return
        self._set_amount_string(dialog, text)

    def _set_expense(self, ctx: AppContext, checked: bool) -> None:
        dialog = ctx.ui["dialog"]
        amount = dialog["amount"]
        if amount.startswith("-") != checked:
            self._set_amount_string(dialog, "-" + amount if checked else amount[1:])

    def _submit(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        if dialog["name"] is None:
            # transaction.setName(transaction.getName().trim()) on a name never set.
            raise JavaException(
                "java.lang.NullPointerException",
                "Attempt to invoke virtual method 'java.lang.String java.lang.String.trim()' "
                "on a null object reference",
                frames=[
                    f"{APP}.activities.viewmodel.TransactionDialogViewModel.submit"
                    "(TransactionDialogViewModel.java:235)",
                    f"{APP}.activities.dialog.TransactionDialog$5.onClick(TransactionDialog.java:155)",
                    "androidx.appcompat.app.AlertController$ButtonHandler.handleMessage"
                    "(AlertController.java:167)",
                    "android.os.Handler.dispatchMessage(Handler.java:107)",
                    "android.os.Looper.loop(Looper.java:214)",
                    "android.app.ActivityThread.main(ActivityThread.java:7615)",
                    "java.lang.reflect.Method.invoke(Native Method)",
                    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run"
                    "(RuntimeInit.java:492)",
                    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:964)",
                ],
            )
        record = {
            "name": _java_trim(dialog["name"]),
            "amount": dialog["cents"],
            "date": dialog["date"],
            "account": dialog["account"],
            "category": dialog["category"],
        }
        txs = ctx.data["transactions"]
        if dialog["id"] is None:
            record["id"] = ctx.data["next_id"]
            ctx.data["next_id"] += 1
            txs.append(record)
        else:
            for tx in txs:
                if tx["id"] == dialog["id"]:
                    tx.update(record)

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _popup(self, ctx: AppContext, kind: str | None) -> None:
        dialog = ctx.ui["dialog"]
        dialog["popup"] = kind
        if kind == "date":
            dialog["picked"] = dialog["date"]

    def _choose_account(self, ctx: AppContext, index: int) -> None:
        dialog = ctx.ui["dialog"]
        dialog["account"] = ctx.data["accounts"][index]["id"]
        dialog["popup"] = None

    def _choose_category(self, ctx: AppContext, index: int) -> None:
        dialog = ctx.ui["dialog"]
        dialog["category"] = None if index == 0 else ctx.data["categories"][index - 1]["id"]
        dialog["popup"] = None

    def _pick_day(self, ctx: AppContext, day: int) -> None:
        dialog = ctx.ui["dialog"]
        picked = datetime.date.fromisoformat(dialog["picked"])
        dialog["picked"] = picked.replace(day=day).isoformat()

    def _pick_month(self, ctx: AppContext, delta: int) -> None:
        dialog = ctx.ui["dialog"]
        picked = datetime.date.fromisoformat(dialog["picked"])
        index = picked.year * 12 + picked.month - 1 + delta
        year, month = divmod(index, 12)
        dialog["picked"] = datetime.date(year, month + 1, 1).isoformat()

    def _date_ok(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        dialog["date"] = dialog["picked"]
        dialog["popup"] = None

    # -- rendering -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._render_tutorial(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity in STUB_TITLES:
            return Screen(content=w.child_page(STUB_TITLES[ctx.activity]))
        return Screen(content=w.frame_layout([]))

    def _render_tutorial(self, ctx: AppContext) -> Screen:
        slide = ctx.ui.get("slide", 0)
        title, text = SLIDES[slide]
        last = slide == len(SLIDES) - 1
        page = w.linear_layout(
            [
                w.text_view(title, height=160),
                w.image_view(height=500),
                w.text_view(text, height=420),
            ]
        )
        dots = w.linear_layout(
            [w.text_view("•", width=60, selected=i == slide) for i in range(len(SLIDES))],
            rid="layoutDots",
            horizontal=True,
            height=100,
        )
        advance = w.button("btn_next", "OKAY" if last else "NEXT", self._next_slide, width=300)
        skip = None if last else w.button("btn_skip", "SKIP", self._launch_home, width=300)
        return Screen(
            content=w.intro_pager(
                page,
                skip=skip,
                indicator=dots,
                advance=advance,
                root_cls="android.widget.RelativeLayout",
            )
        )

    def _row(self, ctx: AppContext, tx: dict[str, Any]) -> View:
        date = datetime.date.fromisoformat(tx["date"])
        account = next((a["name"] for a in ctx.data["accounts"] if a["id"] == tx["account"]), "")
        category = next(
            (c["name"] for c in ctx.data["categories"] if c["id"] == tx["category"]), None
        )
        left = w.linear_layout(
            [
                w.text_view(MONTHS[date.month - 1], "textView_month", height=60),
                w.text_view(f"{date.day:02d}", "textView_day_of_month", height=90),
            ],
            width=150,
        )
        middle_children = [
            w.text_view(tx["name"], "textview_transaction_name", height=75),
            w.linear_layout(
                [
                    w.image_view("imageView_account", "Account", width=40),
                    w.text_view(account, "textView_account"),
                ],
                horizontal=True,
                height=75,
            ),
        ]
        right_children = [w.text_view(_money(tx["amount"]), "textView_amount", height=75)]
        if category is not None:
            right_children.append(
                w.linear_layout(
                    [
                        w.image_view("imageView_category", "Category", width=40),
                        w.text_view(category, "textView_category"),
                    ],
                    horizontal=True,
                    height=75,
                )
            )
        return View(
            cls="android.view.ViewGroup",
            resource_id="constraintLayout",
            layout=HORIZONTAL,
            height=158,
            on_click=w.bind(self._open_dialog, tx),
            children=[
                left,
                w.linear_layout(middle_children),
                w.linear_layout(right_children, width=330),
            ],
        )

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        query = ui.get("search", "").lower()
        txs = sorted(ctx.data["transactions"], key=lambda t: (t["date"], t["id"]), reverse=True)
        shown = [t for t in txs if query in t["name"].lower()] if query else txs
        search = View(
            cls="android.widget.SearchView",
            resource_id="search_transaction",
            layout=HORIZONTAL,
            height=147,
            children=[
                w.image_view("android:id/search_mag_icon", width=126),
                w.edit_text(
                    "android:id/search_src_text",
                    ui.get("search", ""),
                    lambda c, t: c.ui.update(search=t),
                    cls="android.widget.SearchView$SearchAutoComplete",
                ),
            ],
        )
        if txs:
            listing = w.list_view(
                [self._row(ctx, t) for t in shown],
                rid="recycler_view",
                cls="androidx.recyclerview.widget.RecyclerView",
                scroll_key="scroll",
            )
        else:
            listing = w.text_view("No transactions found", "empty_view")
        bar = w.toolbar(
            "Latest Transactions",
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
        )
        content = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            resource_id="content_wrapper",
            layout=FRAME,
            children=[
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.LinearLayout",
                            height=w.TOOLBAR_HEIGHT,
                            weight=0,
                            children=[bar],
                        ),
                        w.linear_layout([search, listing], rid="linear_layout_root"),
                    ]
                ),
                w.fab("fab_add", "", lambda c: self._open_dialog(c, None)),
            ],
        )
        windows: list[Window] = []
        if ui.get("drawer"):
            windows.append(self._drawer(ctx))
        if ui.get("dialog") is not None:
            windows.extend(self._dialog_windows(ctx, ui["dialog"]))
        return Screen(content=w.drawer_layout(content), windows=windows)

    def _drawer(self, ctx: AppContext) -> Window:
        header = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.image_view("imageView", width=160),
                        w.text_view("Finance Manager"),
                    ],
                    horizontal=True,
                    height=160,
                )
            ],
            height=420,
        )
        rows = [
            w.navigation_item(
                rid, title, w.bind(self._drawer_item, activity), checked=rid == "nav_main"
            )
            for rid, title, activity in DRAWER
        ]
        return w.navigation_sheet(
            [header, *rows],
            lambda c: c.ui.update(drawer=False),
            bounds=(0, 0, 840, ctx.screen_size[1]),
        )

    def _dialog_windows(self, ctx: AppContext, dialog: dict[str, Any]) -> list[Window]:
        amount = dialog["amount"]
        expense = amount.startswith("-")
        account = next(
            (a["name"] for a in ctx.data["accounts"] if a["id"] == dialog["account"]), ""
        )
        category = next(
            (c["name"] for c in ctx.data["categories"] if c["id"] == dialog["category"]),
            "none",
        )
        radio = View(
            cls="android.widget.RadioGroup",
            resource_id="radioGroup_transaction_type",
            width=380,
            children=[
                w.radio_button(
                    "radioButton_transaction_expense",
                    "Expense",
                    expense,
                    lambda c: self._set_expense(c, True),
                    height=125,
                ),
                w.radio_button(
                    "radioButton_transaction_income",
                    "Income",
                    not expense,
                    lambda c: self._set_expense(c, False),
                    height=125,
                ),
            ],
        )
        # With the keyboard up (a field of the dialog focused) the dialog window is resized
        # (adjustResize) and its ScrollView shrinks, keeping the title and the buttons on screen.
        scroll: dict[str, Any] = {"weight": 0}
        if ctx.focus in ("editText_transaction_name", "dialog_transaction_amount"):
            scroll = {"height": 680, "scrollable": True, "scroll_key": "dialog_scroll"}
        fields = [
            w.edit_text(
                "editText_transaction_name",
                dialog["name"] or "",
                self._set_name,
                hint="Enter title",
                cls="android.widget.AutoCompleteTextView",
            ),
            w.linear_layout(
                [
                    radio,
                    w.edit_text(
                        "dialog_transaction_amount",
                        amount,
                        self._type_amount,
                        hint="Enter amount",
                    ),
                ],
                horizontal=True,
                height=250,
            ),
            w.text_view(
                dialog["date"],
                "dialog_transaction_date",
                on_click=lambda c: self._popup(c, "date"),
            ),
            w.text_view("Account", "dialog_account_legend", height=80),
            w.spinner("account_spinner", account, lambda c: self._popup(c, "account")),
            w.text_view("Category", "dialog_category_legend", height=80),
            w.spinner("category_spinner", category, lambda c: self._popup(c, "category")),
        ]
        body = w.scroll_view(fields, **scroll)
        title = "New Transaction" if dialog["id"] is None else "Edit Transaction"
        windows = [
            w.alert_dialog(
                w.dialog_title(title),
                [body],
                w.dialog_buttons(("SUBMIT", self._submit), ("CANCEL", self._close_dialog)),
                self._close_dialog,
            )
        ]
        popup = dialog["popup"]
        close_popup = lambda c: self._popup(c, None)  # noqa: E731
        if popup == "account":
            names = [a["name"] for a in ctx.data["accounts"]]
            ids = [a["id"] for a in ctx.data["accounts"]]
            windows.append(
                w.spinner_dropdown(
                    names, ids.index(dialog["account"]), self._choose_account, close_popup
                )
            )
        elif popup == "category":
            names = ["none", *(c["name"] for c in ctx.data["categories"])]
            ids = [None, *(c["id"] for c in ctx.data["categories"])]
            windows.append(
                w.spinner_dropdown(
                    names, ids.index(dialog["category"]), self._choose_category, close_popup
                )
            )
        elif popup == "date":
            picked = datetime.date.fromisoformat(dialog["picked"])
            windows.append(
                w.date_picker_dialog(
                    picked.year,
                    picked.month,
                    picked.day,
                    self._pick_day,
                    self._pick_month,
                    self._date_ok,
                    close_popup,
                )
            )
        return windows


_SKIP = click(PACKAGE, "btn_skip", "SKIP")
_FAB = click(PACKAGE, "fab_add")
_AMOUNT = input_text(PACKAGE, "dialog_transaction_amount", "10")
_SUBMIT = click(PACKAGE, "android:id/button1", "SUBMIT")

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "privacy-friendly-finance-manager#46": [
        # a title entered before submitting
        [
            _SKIP,
            _FAB,
            input_text(PACKAGE, "editText_transaction_name", "Lunch", cls=""),
            _AMOUNT,
            _SUBMIT,
        ],
        # the dialog cancelled instead of submitted
        [_SKIP, _FAB, _AMOUNT, click(PACKAGE, "android:id/button2", "CANCEL")],
        # a title typed and erased again (the name is "" then, not null)
        [
            _SKIP,
            _FAB,
            input_text(PACKAGE, "editText_transaction_name", "Lunch", cls=""),
            input_text(PACKAGE, "editText_transaction_name", "", cls=""),
            _AMOUNT,
            _SUBMIT,
        ],
        # the dialog never opened: only the search field used
        [_SKIP, input_text(PACKAGE, "android:id/search_src_text", "10", cls="")],
    ],
}
