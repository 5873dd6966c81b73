"""Financius (``com.code44.finance``, mvarnagiris/financius) 0.11.6, for financius#205.

A personal finance app (2014, Material design): MainActivity with a navigation drawer
(Overview, Accounts, Transactions, Reports); the Overview shows the accounts card (each
account's balance and the total) and a FAB for a new transaction; accounts and transactions
are created and edited in ``*EditActivity`` screens; amounts are typed on the app's own
CalculatorActivity and accounts are picked from AccountsActivity in select mode.

Sources read at tag 0.11.6 (the release current when the report was filed, 2014-10-29) and the
fix 459bfed5 ("Fixed account balance calculation", 2014-11-01, changelog 0.11.7 "Account
balance calculation"). Files read: ``ui/MainActivity.java``, ``ui/NavigationFragment.java``
and its adapter, ``ui/overview/OverviewFragment.java``, ``ui/accounts/*``,
``ui/transactions/TransactionEditFragment.java``, ``ui/transactions/TransactionsFragment.java``,
``ui/CalculatorFragment.java``, ``ui/CalculatorActivity.java``, ``ui/ModelEditFragment.java``,
``data/providers/TransactionsProvider.java``, ``data/db/DBDefaults.java``,
``utils/MoneyFormatter.java``, ``utils/CurrencyFormat.java``, the models ``Transaction`` and
``Currency``, the layouts (``fragment_overview``, ``v_accounts``, ``fragment_accounts``,
``li_account``, ``fragment_account_edit``, ``include_edit_buttons``,
``fragment_transaction_edit``, ``fragment_calculator``, ``fragment_transaction``,
``li_transaction``, ``activity_drawer``, ``li_navigation``), the menus and ``strings.xml``.

Bug financius#205 (non-crash). Saving a transaction inserts it again under the same id
(``TransactionEditFragment.onSave``: ``DataStore.insert()``, a replace), and
``TransactionsProvider.onAfterInsertItem`` recomputes the balance of the accounts in the
*new* values only (``updateAccountBalance`` of ``ACCOUNT_FROM_ID``/``ACCOUNT_TO_ID``). When an
expense is edited to be paid from another account, that account is charged, but the former
account is never recomputed and keeps the charge: the amount is paid twice. The fix
recomputes every account after an insert (``updateAllAccountsBalances``). The oracle: an
account's stored balance differs from the sum of the confirmed transactions on it.

The human steps: two accounts made from the drawer's Accounts screen ("Create"): "Cash" and
"Bank"; the Overview FAB, 20 and "=" on the calculator, "From" and "Cash", Save; then the
drawer's Transactions, the transaction, "Edit", "From" and "Bank", Save: Bank shows -20.00 $
and Cash still -20.00 $. The report gives no names or amounts.

Fixed data: a fresh install's defaults (``DBDefaults``): the main currency is USD (en-US), its
format ``FarRight`` ("20.00 $"); the date is Wednesday 29 October 2014 (the report's date).

Stubbed: the overview graph, Reports, Settings, categories and tags (their buttons do
nothing), date and time pickers, transfers and incomes (the type button does nothing), the
account's currency and opening balance buttons, deleting, the transaction auto-complete (it
guesses nothing on a fresh install). The calculator opens empty (the app passes it the current
amount). Uncertain: the drawer's and FAB's dump (the FAB has no
description, named here by its id), the calculator's result text, the transactions list's
sticky headers (left out) and layout geometry.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, Screen, View

PACKAGE = "com.code44.finance"
MAIN = ".ui.MainActivity"
ACCOUNT_EDIT = ".ui.accounts.AccountEditActivity"
ACCOUNTS = ".ui.accounts.AccountsActivity"
EDIT = ".ui.transactions.TransactionEditActivity"
DETAILS = ".ui.transactions.TransactionActivity"
CALCULATOR = ".ui.CalculatorActivity"
SCREENS = ("Overview", "Accounts", "Transactions", "Reports")
DAY = ("Wed", "29")
DATE = "October 29, 2014"
TIME = "12:00 PM"
KEYS = (("7", "8", "9"), ("4", "5", "6"), ("1", "2", "3"), (".", "0", "="))
KEY_IDS = {".": "dot_B", "=": "equals_B", **{str(n): f"number{n}_B" for n in range(10)}}


def _money(cents: int) -> str:
    """``MoneyFormatter.format`` with the main currency (USD, ``FarRight``, comma groups)."""
    text = f"{abs(cents) / 100:,.2f} $"
    return f"-{text}" if cents < 0 else text


def _computed(data: dict[str, Any], account_id: int) -> int:
    """``updateAccountBalance``: confirmed expenses paid from the account, as minus."""
    return -sum(
        t["amount"] for t in data["transactions"] if t["account"] == account_id and t["confirmed"]
    )


def balance_is_wrong(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of financius#205: an account's stored balance is not what its
    transactions add up to."""
    return any(a["balance"] != _computed(data, a["id"]) for a in data["accounts"])


# -- steps -------------------------------------------------------------------------------------
DRAWER = click(PACKAGE, desc="Open navigation")
BACK = {"kind": "press_back"}


def _nav(title: str) -> dict[str, Any]:
    return click(PACKAGE, "title", title)


def _account(title: str) -> list[dict[str, Any]]:
    return [
        click(PACKAGE, "action_new", desc="Create"),
        input_text(PACKAGE, "title_ET", title, hint="Title"),
        BACK,
        click(PACKAGE, "save_B", "Save"),
    ]


def _keys(text: str) -> list[dict[str, Any]]:
    return [click(PACKAGE, KEY_IDS[k], k) for k in text]


FROM = click(PACKAGE, "accountFrom_B")
SAVE = click(PACKAGE, "save_B", "Save")
CASH = click(PACKAGE, "title", "Cash")
BANK = click(PACKAGE, "title", "Bank")
ACCOUNTS_SETUP = [DRAWER, _nav("Accounts"), *_account("Cash"), *_account("Bank")]
NEW_EXPENSE = [DRAWER, _nav("Overview"), click(PACKAGE, "newTransaction"), *_keys("20=")]
CASH_EXPENSE = [*ACCOUNTS_SETUP, *NEW_EXPENSE, FROM, CASH, SAVE]
OPEN_EDIT = [
    DRAWER,
    _nav("Transactions"),
    click(PACKAGE, "amount_TV", "20.00 $"),
    click(PACKAGE, "action_edit", desc="Edit"),
]


class Financius(VirtualApp):
    """Financius 0.11.6: the drawer, Overview, Accounts, Transactions, the edit screens, the
    calculator and the account chooser."""

    name: ClassVar[str] = "financius"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Financius"
    version: ClassVar[str] = "0.11.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "financius#205",
            "non-crash",
            "Acount Balance calculation after edititing transaction",
            balance_is_wrong,
            human_steps=(*CASH_EXPENSE, *OPEN_EDIT, FROM, BANK, SAVE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"accounts": [], "transactions": [], "next_id": 1}

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("screen", "Overview")
            ui.setdefault("drawer", False)
        elif ctx.activity == ACCOUNT_EDIT:
            ui.setdefault("title", "")
            ui.setdefault("note", "")
            ui.setdefault("include", True)
        elif ctx.activity == EDIT and "model" not in ui:
            ctx.memory.pop("calculator_result", None)  # results of an earlier edit screen
            ctx.memory.pop("selected_account", None)
            found = [t for t in ctx.data["transactions"] if t["id"] == ctx.extras.get("id")]
            model = dict(found[0]) if found else {"id": None, "amount": 0, "account": None}
            model.setdefault("note", "")
            model.setdefault("confirmed", True)
            ui["model"] = model
            if not found:  # a new transaction opens the calculator at once
                ctx.start_activity(CALCULATOR, {"for": "amount"})
        elif ctx.activity == CALCULATOR:
            ui.setdefault("text", "")

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui["drawer"]:
            ctx.ui["drawer"] = False
            return True
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = True

    def _navigate(self, ctx: AppContext, screen: str) -> None:
        ctx.ui.update(screen=screen, drawer=False)

    def _text(self, key: str) -> Any:
        def on_text(ctx: AppContext, text: str) -> None:
            target = ctx.ui["model"] if key == "note" and ctx.activity == EDIT else ctx.ui
            target[key] = text

        return on_text

    def _save_account(self, ctx: AppContext) -> None:
        if not ctx.ui["title"]:
            return  # canSave = false ("TODO Show error")
        account = {"id": ctx.data["next_id"], "title": ctx.ui["title"], "balance": 0}
        ctx.data["next_id"] += 1
        ctx.data["accounts"].append(account)
        ctx.finish()

    def _key(self, ctx: AppContext, key: str) -> None:
        text = ctx.ui["text"]
        if key == "=":
            # No pending operator: the result goes back (onCalculatorResult).
            value = float(text) if text.strip(".") else 0.0
            ctx.memory["calculator_result"] = round(value * 100)
            ctx.finish()
            return
        if key == "." and "." in text:
            return
        ctx.ui["text"] = text + key

    def _delete_key(self, ctx: AppContext) -> None:
        ctx.ui["text"] = ctx.ui["text"][:-1]

    def _open_calculator(self, ctx: AppContext) -> None:
        ctx.start_activity(CALCULATOR, {"for": "amount"})

    def _choose_from(self, ctx: AppContext) -> None:
        ctx.start_activity(ACCOUNTS, {"select": True})

    def _select_account(self, ctx: AppContext, account_id: int) -> None:
        if ctx.extras.get("select"):
            ctx.memory["selected_account"] = account_id
            ctx.finish()

    def _pull_results(self, ctx: AppContext) -> None:
        """``onActivityResult`` of the edit screen: the calculator's amount, the chosen
        account."""
        model = ctx.ui["model"]
        if "calculator_result" in ctx.memory:
            model["amount"] = ctx.memory.pop("calculator_result")
        if "selected_account" in ctx.memory:
            model["account"] = ctx.memory.pop("selected_account")

    def _toggle_confirmed(self, ctx: AppContext) -> None:
        self._pull_results(ctx)
        ctx.ui["model"]["confirmed"] = not ctx.ui["model"]["confirmed"]

    def _save_transaction(self, ctx: AppContext) -> None:
        self._pull_results(ctx)
        model = dict(ctx.ui["model"])
        can_confirm = model["amount"] > 0 and model["account"] is not None
        model["confirmed"] = bool(model["confirmed"] and can_confirm)
        data = ctx.data
        if model["id"] is None:
            model["id"] = data["next_id"]
            data["next_id"] += 1
        # DataStore.insert(): the row is replaced under its id ...
        data["transactions"] = [t for t in data["transactions"] if t["id"] != model["id"]]
        data["transactions"].append(model)
        # ... and onAfterInsertItem recomputes only the accounts of the new values.
        for a in data["accounts"]:
            if a["id"] == model["account"]:
                a["balance"] = _computed(data, a["id"])
        ctx.finish()

    def _open_transaction(self, ctx: AppContext, transaction_id: int) -> None:
        ctx.start_activity(DETAILS, {"id": transaction_id})

    def _edit_transaction(self, ctx: AppContext) -> None:
        ctx.start_activity(EDIT, {"id": ctx.extras.get("id")})

    # -- screens -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        activity = ctx.activity
        if activity == ACCOUNT_EDIT:
            return self._account_edit(ctx)
        if activity == ACCOUNTS:
            bar = w.toolbar("Accounts", navigation=w.up_button())
            return Screen(content=w.linear_layout([bar, self._accounts_list(ctx)]))
        if activity == EDIT:
            return self._transaction_edit(ctx)
        if activity == DETAILS:
            return self._details(ctx)
        if activity == CALCULATOR:
            return self._calculator(ctx)
        return self._main(ctx)

    def _main(self, ctx: AppContext) -> Screen:
        screen = ctx.ui["screen"]
        actions = [w.action_item("action_new", "Create", w.bind(self._new, screen))]
        bar = w.toolbar(
            screen,
            navigation=w.nav_button("Open navigation", self._drawer),
            actions=actions if screen in ("Accounts", "Transactions") else [],
        )
        if screen == "Overview":
            body = self._overview(ctx)
        elif screen == "Accounts":
            header = self._balance_row(ctx, "balance_TV", "container_V", 147)
            body = w.linear_layout([header, self._accounts_list(ctx)])
        elif screen == "Transactions":
            body = self._transactions(ctx)
        else:
            body = w.frame_layout([])
        content = w.linear_layout([bar, w.frame_layout([body], rid="content")])
        if ctx.ui["drawer"]:
            entries = [
                w.linear_layout(
                    [w.text_view(s, "title", height=147)],
                    height=147,
                    weight=0,
                    on_click=w.bind(self._navigate, s),
                )
                for s in SCREENS
            ]
            drawer = View(
                cls="android.widget.ListView",
                resource_id="list_V",
                width=800,
                children=entries,
                style="dialog",
            )
            content = w.drawer_layout(content, drawer, rid="drawer")
        return Screen(content=content)

    def _new(self, ctx: AppContext, screen: str) -> None:
        if screen == "Accounts":
            ctx.start_activity(ACCOUNT_EDIT)
        else:
            ctx.start_activity(EDIT, {"id": None})

    def _total(self, ctx: AppContext) -> int:
        return sum(a["balance"] for a in ctx.data["accounts"])

    def _balance_row(self, ctx: AppContext, value_rid: str, rid: str, height: int) -> View:
        """A "Balance" label beside the accounts' total (``value_rid``), in the row ``rid``."""
        return w.linear_layout(
            [w.text_view("Balance"), w.text_view(_money(self._total(ctx)), value_rid)],
            rid=rid,
            horizontal=True,
            height=height,
            weight=0,
        )

    def _overview(self, ctx: AppContext) -> View:
        rows = [
            w.linear_layout(
                [w.text_view(a["title"]), w.text_view(_money(a["balance"]), width=350)],
                horizontal=True,
                height=110,
                weight=0,
            )
            for a in ctx.data["accounts"]
        ]
        total = self._balance_row(ctx, "totalBalance_TV", "balanceContainer_V", 110)
        card = View(
            cls="com.code44.finance.views.AccountsView",
            resource_id="accounts",
            weight=0,
            on_click=lambda c: c.start_activity(ACCOUNTS),
            children=[w.text_view("Accounts", height=110), *rows, total],
        )
        graph = View(resource_id="overviewGraphContainer", height=500)
        fab = w.fab("newTransaction", "", lambda c: c.start_activity(EDIT, {"id": None}))
        column = w.linear_layout([graph, card, View()], rid="container_V")
        return View(layout=FRAME, children=[column, fab])

    def _accounts_list(self, ctx: AppContext) -> View:
        rows = [
            w.linear_layout(
                [
                    w.text_view(a["title"], "title"),
                    w.text_view(_money(a["balance"]), "balance_TV", width=350),
                ],
                horizontal=True,
                height=168,
                weight=0,
                on_click=w.bind(self._select_account, a["id"]),
            )
            for a in ctx.data["accounts"]
        ]
        return w.list_view(rows, rid="list_V")

    def _transactions(self, ctx: AppContext) -> View:
        titles = {a["id"]: a["title"] for a in ctx.data["accounts"]}
        rows = [
            w.linear_layout(
                [
                    w.linear_layout(
                        [w.text_view(DAY[0], "weekday_TV"), w.text_view(DAY[1], "day_TV")],
                        width=150,
                    ),
                    w.linear_layout(
                        [w.text_view("", "title"), w.text_view(t["note"], "subtitle_TV")]
                    ),
                    w.linear_layout(
                        [
                            w.text_view(_money(t["amount"]), "amount_TV"),
                            w.text_view(titles.get(t["account"], ""), "account_TV"),
                        ],
                        width=350,
                    ),
                ],
                horizontal=True,
                height=190,
                weight=0,
                on_click=w.bind(self._open_transaction, t["id"]),
            )
            for t in reversed(ctx.data["transactions"])
        ]
        return w.list_view(rows, rid="headerList_V")

    def _edit_buttons(self, save_text: str, on_save: Any) -> View:
        return w.linear_layout(
            [w.button("cancel_B", "Cancel", w.finish), w.button("save_B", save_text, on_save)],
            rid="editButtonsContainer_V",
            horizontal=True,
            height=147,
            weight=0,
        )

    def _account_edit(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        noop = lambda c: None  # noqa: E731
        form = w.linear_layout(
            [
                w.edit_text("title_ET", ui["title"], self._text("title"), hint="Title"),
                w.linear_layout(
                    [
                        w.button("currency_B", "USD", noop),
                        w.button("balance_B", _money(0), noop),
                    ],
                    horizontal=True,
                    height=147,
                    weight=0,
                ),
                w.edit_text("note_ET", ui["note"], self._text("note"), hint="Note"),
                w.check_box("includeInTotals_CB", "Include in totals", ui["include"], noop),
            ],
            weight=0,
        )
        bar = w.toolbar("Account", navigation=w.up_button())
        body = w.scroll_view([form])
        return Screen(
            content=w.linear_layout([bar, body, self._edit_buttons("Save", self._save_account)])
        )

    def _transaction_edit(self, ctx: AppContext) -> Screen:
        model = dict(ctx.ui["model"])
        if "calculator_result" in ctx.memory:
            model["amount"] = ctx.memory["calculator_result"]
        if "selected_account" in ctx.memory:
            model["account"] = ctx.memory["selected_account"]
        titles = {a["id"]: a["title"] for a in ctx.data["accounts"]}
        noop = lambda c: None  # noqa: E731
        row = w.linear_layout
        form = w.linear_layout(
            [
                row(
                    [w.button("date_B", DATE, noop), w.button("time_B", TIME, noop, width=350)],
                    horizontal=True,
                    height=147,
                    weight=0,
                ),
                row(
                    [
                        w.image_button("transactionType_IB", "Transaction type", noop, width=168),
                        w.button("amount_B", _money(model["amount"]), self._open_calculator),
                    ],
                    horizontal=True,
                    height=168,
                    weight=0,
                ),
                w.button(
                    "accountFrom_B",
                    titles.get(model["account"], ""),
                    self._choose_from,
                    hint="From",
                    height=147,
                    weight=0,
                ),
                row(
                    [
                        w.image_view("color_IV", width=100),
                        w.button("category_B", "", noop, hint="Category"),
                    ],
                    horizontal=True,
                    height=147,
                    weight=0,
                ),
                w.button("tags_B", "", noop, hint="Tags", height=147, weight=0),
                w.edit_text("note_ET", model["note"], self._text("note"), hint="Note"),
                row(
                    [
                        w.check_box(
                            "confirmed_CB", "Confirmed", model["confirmed"], self._toggle_confirmed
                        ),
                        w.check_box("includeInReports_CB", "Include in reports", True, noop),
                    ],
                    horizontal=True,
                    height=147,
                    weight=0,
                ),
            ],
            weight=0,
        )
        bar = w.toolbar("Transaction", navigation=w.up_button())
        save_text = "Save" if model["confirmed"] else "Pending"
        buttons = self._edit_buttons(save_text, self._save_transaction)
        return Screen(content=w.linear_layout([bar, w.scroll_view([form]), buttons]))

    def _details(self, ctx: AppContext) -> Screen:
        found = [t for t in ctx.data["transactions"] if t["id"] == ctx.extras.get("id")]
        t: dict[str, Any] = found[0] if found else {"amount": 0, "account": None, "note": ""}
        titles = {a["id"]: a["title"] for a in ctx.data["accounts"]}
        bar = w.toolbar(
            "Transaction",
            navigation=w.up_button(),
            actions=[
                w.action_item("action_edit", "Edit", self._edit_transaction),
                w.overflow_button(lambda c: None),
            ],
        )
        body = w.linear_layout(
            [
                w.text_view(_money(t["amount"]), "amount_TV", height=200),
                w.text_view(DAY[0], "weekday_TV"),
                w.text_view(DAY[1], "day_TV"),
                w.text_view("", "category_TV"),
                w.text_view(t["note"], "note_TV"),
                w.text_view(titles.get(t["account"], ""), "account_TV"),
                View(),
            ]
        )
        return Screen(content=w.linear_layout([bar, body]))

    def _calculator(self, ctx: AppContext) -> Screen:
        text = ctx.ui["text"]
        result = w.relative_layout(
            rid="resultContainer_V",
            height=400,
            weight=0,
            children=[w.text_view(text or "0", "result_TV", height=400)],
        )
        rows = [
            w.linear_layout(
                [w.button(KEY_IDS[k], k, w.bind(self._key, k)) for k in keys],
                horizontal=True,
            )
            for keys in KEYS
        ]
        ops = w.linear_layout(
            [
                w.button("delete_B", "DEL", self._delete_key),
                *(w.button(rid, sign, None) for rid, sign in OPS),
            ],
            width=270,
        )
        pad = w.linear_layout([w.linear_layout(rows), ops], horizontal=True)
        return Screen(content=w.linear_layout([result, pad]))


OPS = (("divide_B", "\u00f7"), ("multiply_B", "\u00d7"), ("minus_B", "-"), ("plus_B", "+"))

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "financius#205": [
        # Edited but saved with the same account: that account is recomputed.
        [*CASH_EXPENSE, *OPEN_EDIT, SAVE],
        # The amount edited instead of the account: the same account is recomputed.
        [*CASH_EXPENSE, *OPEN_EDIT, click(PACKAGE, "amount_B"), *_keys("35="), SAVE],
        # Paid from Bank from the start, never moved.
        [*ACCOUNTS_SETUP, *NEW_EXPENSE, FROM, BANK, SAVE],
        # The account changed, then the edit cancelled.
        [*CASH_EXPENSE, *OPEN_EDIT, FROM, BANK, click(PACKAGE, "cancel_B", "Cancel")],
    ],
}
