"""PennyWise AI 2.15.60 (``com.pennywiseai.tracker``), an SMS-driven expense tracker written in
Jetpack Compose, with bug pennywiseai-tracker#471 (non-crash).

Sources read: github.com/sarim2000/pennywiseai-tracker at tag ``v2.15.60`` (the reported
version): ``MainActivity``, ``PennyWiseApp``, ``navigation/PennyWiseNavHost``, ``ui/MainScreen``,
``ui/screens/onboarding/OnBoardingScreen`` + ``OnBoardingViewModel``,
``presentation/home/HomeScreen``, ``ui/components/GreetingCard``,
``ui/screens/settings/SettingsScreen``, ``presentation/accounts/ManageAccountsScreen`` +
``ManageAccountsViewModel`` + ``AddAccountScreen``, ``presentation/add/AddScreen`` +
``TransactionTabContent`` + ``AddViewModel``, ``domain/usecase/AddTransactionUseCase``,
``data/database/entity/AccountBalanceEntity``, ``utils/CurrencyFormatter`` and
``UserPreferencesRepository``; the fix is the later commit 1daab819 ("per-account currency
selection").

The app is one activity with Compose destinations; the model keeps the navigation stack in
``ctx.ui["stack"]``. Compose nodes are rendered the way uiautomator dumps them: texts as
TextViews, icon buttons as Buttons/Views labelled by content description, text fields as
EditTexts whose empty text shows their label, filter chips as CheckBoxes, tabs and navigation
bar items as selectable Views, dropdown menus as popup windows.

First run: onboarding (Welcome "Get Started" -> profile "What should we call you?" with the
"Your name" field, avatars, colours, "Save & Continue" (needs a name) -> "Enable Automatic
Detection" with "Enable Permissions" (READ_SMS/RECEIVE_SMS/POST_NOTIFICATIONS) and "Skip" ->
with permission the scan step ("Scan Your Messages", "Skip"/"Start Scanning"), without it the
account step: no SMS accounts, "You're all set!" and "Finish"). Home: the app bar "PennyWise"
with "Upgrade to PennyWise Pro" and "More options" (sheet: Settings, Join Discord for feedback,
Rate on Play Store), the greeting card, "Recent Transactions" ("No transactions yet" when
empty), "Bank Accounts" (with accounts; "Manage"), the FABs "Add Transaction or Subscription"
and "Sync SMS (long press for full resync)", the bottom bar Home / Analytics / Chat.
Settings (scrollable) lists the real sections; "Manage Accounts" opens "Accounts" (empty:
"No Accounts"; the FAB "Add Account"), whose cards show ``formatCurrency(balance, currency)``.
"Add Account": Account Type (savings/current/credit/cash), "Account Name *", "Last 4 Digits *"
("Identifier (Optional)" for cash), "Current Balance *", "Credit Limit" (credit), Save (valid
with a name, 4 digits unless cash, a number). "Add New" (from the FAB): tabs Transaction /
Subscription; the currency dropdown (default: the base currency, "₹ INR"), "Amount *",
"Merchant", "Notes (Optional)", the type chips Income/Expense/Credit/Transfer/Investment
(Income sets the category "Income", Expense "Others"...), the account card ("Select Account";
menu: "No account (Manual Entry)" and the accounts by type with their balances), "Category",
Save (valid with an amount > 0 and a merchant of 2+ characters).

The bug (#471): ``AddAccountScreen`` has no currency field, so a manual account is stored with
``AccountBalanceEntity.currency``'s default "INR"; and ``AddTransactionUseCase
.updateAccountBalance`` adds (income) or subtracts (the others) the transaction's raw amount to
the account's balance without looking at the transaction's currency. A 50 USD income on a
100 INR account leaves it at "₹150". The oracle: a balance change on an account came from a
transaction in another currency than the account's.

Stubbed: analytics, chat, the SMS scan itself (no SMS on the device: the scan finds nothing),
transaction lists/details, subscriptions tab (fields only), budget impact, receipts, date/time
pickers, the upgrade sheet (a stub sheet), all settings rows except Manage Accounts, the Default
Currency dropdown (INR). The greeting uses "Good morning" (time dependent in the app). App Lock
shows the "none enrolled" biometric message (emulator without fingerprints): uncertain.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.pennywiseai.tracker"
MAIN = ".MainActivity"
SMS = ("android.permission.READ_SMS", "android.permission.RECEIVE_SMS")
CURRENCIES = (
    ("INR", "₹"), ("PKR", "Rs"), ("USD", "$"), ("EUR", "€"), ("GBP", "£"), ("AED", "AED"),
    ("SGD", "S$"), ("CAD", "C$"), ("MXN", "MX$"), ("AUD", "A$"), ("JPY", "¥"), ("CNY", "¥"),
    ("IRR", "﷼"), ("NPR", "₨"), ("ETB", "ብር"), ("THB", "฿"), ("MYR", "RM"), ("KWD", "KD"),
    ("KRW", "₩"),
)  # fmt: skip
SYMBOL = dict(CURRENCIES)
TYPES = ("INCOME", "EXPENSE", "CREDIT", "TRANSFER", "INVESTMENT")
TYPE_CATEGORY = {
    "INCOME": "Income",
    "EXPENSE": "Others",
    "INVESTMENT": "Investment",
    "CREDIT": "Shopping",
    "TRANSFER": "Others",
}
ACCOUNT_TYPES = ("SAVINGS", "CURRENT", "CREDIT", "CASH")
ACCOUNT_GROUP = {
    "SAVINGS": "Savings",
    "CURRENT": "Current",
    "CREDIT": "Credit Card",
    "CASH": "Cash",
}
SETTINGS_ROWS = (
    ("PennyWise Pro", None),
    ("Upgrade to PennyWise Pro", "Unlimited rules, statements, exports, and more"),
    ("Personalization", None),
    ("Appearance", "Theme, colors, fonts & navigation"),
    ("Currency", None),
    ("Unified Currency Mode", "Convert all transactions to display currency"),
    ("Exchange Rates", "View and customize rates"),
    ("Default Currency", "Currency used for conversions"),
    ("Contacts", None),
    ("Replace UPI VPAs with contact names",
     "Show 'John Doe' instead of '9876543210@paytm'. Needs contacts permission."),
    ("Security", None),
    ("App Lock", "No biometric credentials enrolled. Please set up fingerprint or face unlock "
                 "in device settings"),
    ("Data Management", None),
    ("Manage Accounts", "View and manage your bank accounts"),
    ("Categories", "Manage expense and income categories"),
    ("Smart Rules", "Automatic transaction categorization"),
    ("Budgets", "Track spending limits by category"),
    ("Loans", "Track money lent and borrowed"),
    ("Transaction Groups", "Organise transactions under a topic"),
    ("Export Data", "Backup all data to a file"),
    ("Import Data", "Restore data from backup"),
    ("Import Statement", "Import from GPay, PhonePe"),
    ("Unrecognized SMS", "View and report unsupported bank messages"),
    ("SMS Scan Period", None),
    ("Notifications", None),
    ("Bank Notification Access", None),
    ("Developer", None),
    ("Developer Mode", "Show technical information in chat"),
    ("Support & Community", None),
    ("Help & FAQ", "Frequently asked questions and help"),
    ("Report an Issue", "Submit bug reports on GitHub"),
)  # fmt: skip
# CategoryRepository's default categories, in display order
CATEGORIES = (
    "Food & Dining", "Groceries", "Transportation", "Shopping", "Bills & Utilities",
    "Entertainment", "Healthcare", "Investments", "Banking", "Personal Care", "Education",
    "Mobile", "Fitness", "Insurance", "Travel", "Salary", "Income", "Others",
)  # fmt: skip


def money(amount: float, currency: str) -> str:
    """CurrencyFormatter.formatCurrency: the symbol, grouped digits, decimals only if any
    (en-IN grouping, 12,34,567, for INR and NPR)."""
    whole = int(abs(amount))
    digits = str(whole)
    if currency in ("INR", "NPR") and len(digits) > 3:
        head, tail = digits[:-3], digits[-3:]
        pairs: list[str] = []
        while len(head) > 2:
            pairs.insert(0, head[-2:])
            head = head[:-2]
        digits = ",".join([head, *pairs, tail])
    else:
        digits = f"{whole:,}"
    cents = round(abs(amount) - whole, 2)
    frac = f"{cents:.2f}"[1:].rstrip("0") if cents else ""
    sign = "-" if amount < 0 else ""
    return f"{sign}{SYMBOL.get(currency, currency)}{digits}{frac}"


def _oracle_471(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """An account's balance was moved by a transaction in another currency, unconverted."""
    return any(
        change["txn_currency"] != change["account_currency"]
        for account in data.get("accounts", [])
        for change in account.get("changes", [])
    )


def _c(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, text=text, desc=desc, cls=cls)


def _type(hint: str, typed: str) -> dict[str, Any]:
    return input_text(PACKAGE, "", typed, hint=hint)


HIDE_KEYBOARD = {"kind": "press_back"}  # Back first hides the soft keyboard
ONBOARD = [
    _c("Get Started"),
    _type("Your name", "Alex"),
    HIDE_KEYBOARD,
    _c("Save & Continue"),
    _c("Skip"),
    _c("Finish"),
]
ADD_ACCOUNT = [
    _c(desc="More options"),
    _c("Settings"),
    {"kind": "swipe", "direction": "up"},
    _c("Manage Accounts"),
    _c(desc="Add Account"),
    _type("Account Name *", "Wallet"),
    _type("Last 4 Digits *", "1234"),
    _type("Current Balance *", "100"),
    HIDE_KEYBOARD,
    _c("Save"),
    {"kind": "press_back"},
    {"kind": "press_back"},
]
NEW_TXN = [_c(desc="Add Transaction or Subscription")]
USD = [_c("₹ INR"), _c("$ USD")]
FILL_INCOME = [_type("Amount *", "50"), _type("Merchant", "Salary"), HIDE_KEYBOARD, _c("Income")]
PICK_WALLET = [_c("Select Account"), _c("Wallet ••1234")]

BUG_471 = BugSpec(
    "pennywiseai-tracker#471",
    "non-crash",
    "Currency Issues on account creation",
    _oracle_471,
    human_steps=(*ONBOARD, *ADD_ACCOUNT, *NEW_TXN, *USD, *FILL_INCOME, *PICK_WALLET, _c("Save")),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "pennywiseai-tracker#471": [
        # the income stays in the account's own currency (INR)
        [*ONBOARD, *ADD_ACCOUNT, *NEW_TXN, *FILL_INCOME, *PICK_WALLET, _c("Save")],
        # a USD income not tied to any account: no balance moves
        [*ONBOARD, *ADD_ACCOUNT, *NEW_TXN, *USD, *FILL_INCOME, _c("Save")],
        # everything filled in, then the form is left without saving
        [*ONBOARD, *ADD_ACCOUNT, *NEW_TXN, *USD, *FILL_INCOME, *PICK_WALLET, _c(desc="Back")],
        # the account is picked and then cleared again
        [
            *ONBOARD,
            *ADD_ACCOUNT,
            *NEW_TXN,
            *USD,
            *FILL_INCOME,
            *PICK_WALLET,
            _c(desc="Clear"),
            _c("Save"),
        ],
    ]
}


class PennyWise(VirtualApp):
    """PennyWise AI 2.15.60."""

    name: ClassVar[str] = "pennywiseai-tracker"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "PennyWise AI"
    version: ClassVar[str] = "2.15.60"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_471,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "onboarded": False,
            "user_name": "",
            "base_currency": "INR",
            "accounts": [],  # {"bank", "last4", "type", "currency", "balance", "changes"}
            "transactions": [],  # {"amount", "currency", "type", "merchant", "category", ...}
        }

    # -- navigation --------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if "stack" not in ui:
            ui["stack"] = ["home"] if ctx.data["onboarded"] else ["onboarding"]
            ui["step"] = "WELCOME"
            ui["name"] = ""
            ui["avatar"] = 0
            ui["sms"] = False
            ui["menu"] = None  # the open sheet / dropdown
            ui["scroll"] = 0

    @staticmethod
    def _top(ctx: AppContext) -> str:
        return str(ctx.ui["stack"][-1])

    def _go(self, ctx: AppContext, route: str) -> None:
        ctx.ui["menu"] = None
        if route == "add_account":
            ctx.ui["form"] = {
                "type": "SAVINGS",
                "bank": "",
                "last4": "",
                "balance": "",
                "limit": "",
            }
        if route == "add":
            ctx.ui["txn"] = {
                "tab": 0,
                "amount": "",
                "merchant": "",
                "notes": "",
                "type": "EXPENSE",
                "category": "Others",
                "currency": ctx.data["base_currency"],
                "account": None,
            }
        if route == "settings":
            ctx.ui["scroll"] = 0
        ctx.ui["stack"].append(route)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["menu"] is not None:
            ui["menu"] = None
            return True
        if self._top(ctx) == "onboarding":
            if ui["step"] == "WELCOME":
                return False
            self._previous_step(ctx)
            return True
        if self._top(ctx) in ("analytics", "chat"):
            ui["stack"][-1] = "home"
            return True
        return w.pop_back_stack(ui["stack"])

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == SMS[0]:
            ctx.ui["sms"] = granted

    # -- onboarding --------------------------------------------------------------------------
    def _next_step(self, ctx: AppContext) -> None:
        ui = ctx.ui
        order = {"WELCOME": "PROFILE", "PROFILE": "PERMISSIONS", "SMS_SCAN": "ACCOUNT_SETUP"}
        if ui["step"] == "PERMISSIONS":
            ui["step"] = "SMS_SCAN" if ui["sms"] else "ACCOUNT_SETUP"
        else:
            ui["step"] = order.get(ui["step"], ui["step"])

    def _previous_step(self, ctx: AppContext) -> None:
        back = {
            "PROFILE": "WELCOME",
            "PERMISSIONS": "PROFILE",
            "SMS_SCAN": "PERMISSIONS",
            "ACCOUNT_SETUP": "SMS_SCAN" if ctx.ui["sms"] else "PERMISSIONS",
        }
        ctx.ui["step"] = back.get(ctx.ui["step"], "WELCOME")

    def _finish_onboarding(self, ctx: AppContext) -> None:
        ctx.data["user_name"] = ctx.ui["name"].strip()
        ctx.data["onboarded"] = True
        ctx.ui["stack"] = ["home"]

    def _scan(self, ctx: AppContext) -> None:
        ctx.ui["scanned"] = True  # no SMS on the device: nothing found

    # -- accounts and transactions -----------------------------------------------------------
    def _form_valid(self, form: dict[str, Any]) -> bool:
        """ManageAccountsViewModel.validateForm."""
        try:
            float(form["balance"])
        except ValueError:
            return False
        cash = form["type"] == "CASH"
        return bool(form["bank"].strip()) and (cash or len(form["last4"]) == 4)

    def _set_form(self, ctx: AppContext, key: str, value: str) -> None:
        form = ctx.ui["form"]
        if key == "last4" and form["type"] != "CASH" and len(value) > 4:
            return
        if key in ("balance", "limit") and value and not _is_number(value):
            return
        if key == "last4" and form["type"] == "CASH" and not value:
            value = "CASH"
        form[key] = value

    def _save_account(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        if not self._form_valid(form):
            return
        for account in ctx.data["accounts"]:
            if account["bank"] == form["bank"] and account["last4"] == form["last4"]:
                form["error"] = "Account already exists"
                return
        ctx.data["accounts"].append(
            {
                "bank": form["bank"],
                "last4": form["last4"],
                "type": form["type"],
                "currency": "INR",  # the entity's default: the screen has no currency field
                "balance": float(form["balance"]),
                "changes": [],
            }
        )
        ctx.ui["stack"].pop()

    @staticmethod
    def _txn_valid(txn: dict[str, Any]) -> bool:
        """TransactionUiState.isValid."""
        return (
            _is_number(txn["amount"])
            and float(txn["amount"]) > 0
            and len(txn["merchant"].strip()) >= 2
            and bool(txn["category"])
        )

    def _set_txn(self, ctx: AppContext, key: str, value: str) -> None:
        txn = ctx.ui["txn"]
        if key == "amount":
            value = "".join(ch for ch in value if ch.isdigit() or ch == ".")
            if value.count(".") > 1:
                return
        txn[key] = value

    def _save_txn(self, ctx: AppContext) -> None:
        """AddViewModel.saveTransaction -> AddTransactionUseCase.execute."""
        txn = ctx.ui["txn"]
        if not self._txn_valid(txn):
            return
        amount = float(txn["amount"])
        ctx.data["transactions"].append(
            {
                "amount": amount,
                "currency": txn["currency"],
                "type": txn["type"],
                "merchant": txn["merchant"].strip(),
                "category": txn["category"],
                "account": txn["account"],
            }
        )
        if txn["account"] is not None:
            for account in ctx.data["accounts"]:
                if [account["bank"], account["last4"]] == txn["account"]:
                    # updateAccountBalance: the raw amount, whatever its currency (the bug)
                    delta = amount if txn["type"] == "INCOME" else -amount
                    account["balance"] += delta
                    account["changes"].append(
                        {
                            "delta": delta,
                            "txn_currency": txn["currency"],
                            "account_currency": account["currency"],
                        }
                    )
        ctx.ui["stack"].pop()

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = self._top(ctx)
        if top == "onboarding":
            return self._render_onboarding(ctx)
        if top in ("home", "analytics", "chat"):
            return self._render_home(ctx)
        if top == "settings":
            return self._render_settings(ctx)
        if top == "accounts":
            return self._render_accounts(ctx)
        if top == "add_account":
            return self._render_add_account(ctx)
        if top == "add":
            return self._render_add(ctx)
        return Screen(content=_page(top, []))

    def _render_onboarding(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        step = ui["step"]
        body: list[View]
        buttons: list[View] = []
        if step == "WELCOME":
            body = [
                _icon("PennyWise", height=250),
                _text("Welcome to PennyWise"),
                _text(
                    "Your AI-powered expense tracker that automatically detects "
                    "transactions from SMS messages.",
                    height=200,
                ),
                _text("What you'll set up:"),
                _text(
                    "1. Your profile\n2. SMS permissions for auto-detection\n3. Initial "
                    "transaction scan\n4. Your main bank account",
                    height=300,
                ),
            ]
            buttons = [_button("Get Started", lambda c: self._next_step(c))]
        elif step == "PROFILE":
            avatars = [
                _icon(f"Avatar {i + 1}", w.bind(_pick_avatar, i), width=180) for i in range(5)
            ]
            swatches = [
                View(cls="android.view.View", on_click=lambda c: None, width=90, height=90)
                for _ in range(12)
            ]
            body = [
                _text("What should we call you?", height=180),
                _field("Your name", ui["name"], lambda c, t: c.ui.update(name=t)),
                _text("Choose an avatar"),
                w.linear_layout(
                    [*avatars, _button("+", lambda c: None)], horizontal=True, height=180, weight=0
                ),
                _text("Pick a background color"),
                w.linear_layout(swatches, horizontal=True, height=90, weight=0),
            ]
            buttons = [
                _button(
                    "Save & Continue",
                    lambda c: self._next_step(c),
                    enabled=bool(ui["name"].strip()),
                ),
            ]
        elif step == "PERMISSIONS":
            body = [
                _text("Enable Automatic Detection"),
                _text(
                    "PennyWise can automatically detect and categorize your bank "
                    "transactions from SMS messages.",
                    height=200,
                ),
                _text("Your Privacy Matters"),
                _text(
                    "• Only transaction messages are processed\n• All data stays on your "
                    "device\n• No personal messages are read\n• You can revoke access "
                    "anytime in Settings",
                    height=300,
                ),
            ]
            if ui["sms"]:
                body.append(_text("Permissions granted! Tap Continue to proceed."))
                buttons = [_button("Continue", lambda c: self._next_step(c))]
            else:
                body.append(_button("Enable Permissions", self._ask_sms))
                buttons = [_button("Skip", lambda c: self._next_step(c))]
        elif step == "SMS_SCAN":
            if ui.get("scanned"):
                body = [
                    _text("Scan Complete!"),
                    _text("No transactions found. You can add them manually later."),
                ]
                buttons = [_button("Continue", lambda c: self._next_step(c))]
            else:
                body = [
                    _text("Scan Your Messages"),
                    _text(
                        "We'll scan your SMS messages to find bank transactions and set "
                        "up your accounts automatically.",
                        height=200,
                    ),
                ]
                buttons = [
                    _button("Skip", lambda c: self._next_step(c)),
                    _button("Start Scanning", self._scan),
                ]
        else:
            body = [
                _text("You're all set!"),
                _text(
                    "No accounts were detected yet. You can set up your main account later "
                    "in Settings.",
                    height=200,
                ),
            ]
            buttons = [_button("Finish", self._finish_onboarding)]
        back = (
            [_icon("Back", lambda c: self._previous_step(c))]
            if step != "WELCOME"
            else [View(cls="android.view.View", width=126, height=126)]
        )
        bar = w.linear_layout(
            [*back, View(cls="android.view.View"), *buttons], horizontal=True, height=170, weight=0
        )
        dots = View(cls="android.view.View", height=40, weight=0)
        return Screen(content=_compose([w.linear_layout(body), dots, bar]))

    def _ask_sms(self, ctx: AppContext) -> None:
        ctx.request_permission(SMS[0])

    def _render_home(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        top = self._top(ctx)
        tabs = [
            View(
                cls="android.view.View",
                selected=top == route,
                height=200,
                on_click=w.bind(_switch_tab, route),
                children=[_text(title, height=200)],
            )
            for route, title in (("home", "Home"), ("analytics", "Analytics"), ("chat", "Chat"))
        ]
        nav = w.linear_layout(tabs, horizontal=True, height=200, weight=0)
        if top != "home":
            return Screen(
                content=_compose([_text(top.title(), height=147), w.linear_layout([]), nav])
            )
        bar = w.linear_layout(
            [
                _text("PennyWise", height=147),
                _icon("Upgrade to PennyWise Pro", lambda c: c.ui.update(menu="pro")),
                _icon("More options", lambda c: c.ui.update(menu="more")),
            ],
            horizontal=True,
            height=147,
            weight=0,
        )
        name = ctx.data["user_name"] or "User"
        body: list[View] = [
            w.linear_layout(
                [
                    View(
                        cls="android.view.View",
                        content_desc=name,
                        width=150,
                        height=150,
                        on_click=lambda c: c.ui.update(menu="pro"),
                    ),
                    w.linear_layout([_text("Good morning", height=75), _text(name, height=75)]),
                ],
                horizontal=True,
                height=180,
                weight=0,
            ),
            _text("Recent Transactions"),
        ]
        txns = ctx.data["transactions"]
        if not txns:
            body += [
                _text("No transactions yet"),
                _text(
                    "Scan your SMS to get started — we'll find your transactions automatically",
                    height=160,
                ),
            ]
        for t in reversed(txns[-3:]):
            sign = "+" if t["type"] == "INCOME" else "-"
            body.append(
                w.linear_layout(
                    [_text(t["merchant"]), _text(f"{sign}{money(t['amount'], t['currency'])}")],
                    horizontal=True,
                    height=130,
                    weight=0,
                )
            )
        if ctx.data["accounts"]:
            body.append(
                w.linear_layout(
                    [_text("Bank Accounts"), _button("Manage", lambda c: self._go(c, "accounts"))],
                    horizontal=True,
                    height=130,
                    weight=0,
                )
            )
            for a in ctx.data["accounts"]:
                body.append(
                    _text(f"{a['bank']} ••{a['last4']}  {money(a['balance'], a['currency'])}")
                )
        fabs = w.linear_layout(
            [
                View(cls="android.view.View", height=180),
                View(
                    cls="android.widget.Button",
                    content_desc="Add Transaction or Subscription",
                    on_click=lambda c: self._go(c, "add"),
                    width=150,
                    height=150,
                    weight=0,
                ),
                View(
                    cls="android.widget.Button",
                    content_desc="Sync SMS (long press for full resync)",
                    on_click=lambda c: None,
                    on_long_click=lambda c: None,
                    width=180,
                    height=180,
                    weight=0,
                ),
            ],
            horizontal=True,
            height=180,
            weight=0,
        )
        content = _compose([bar, w.linear_layout(body), fabs, nav])
        windows: list[Window] = []
        if ui["menu"] == "more":
            sheet = w.linear_layout(
                [
                    _text("More Options"),
                    _button("Settings", lambda c: self._go(c, "settings"), cls="android.view.View"),
                    _button("Join Discord for feedback", _close_menu, cls="android.view.View"),
                    _button("Rate on Play Store", _close_menu, cls="android.view.View"),
                    _text(f"v{self.version}"),
                ]
            )
            windows.append(
                Window(sheet, kind="sheet", on_dismiss=_close_menu, bounds=(0, 1100, 1080, 1920))
            )
        elif ui["menu"] == "pro":
            sheet = w.linear_layout([_text("PennyWise Pro")])
            windows.append(
                Window(sheet, kind="sheet", on_dismiss=_close_menu, bounds=(0, 1300, 1080, 1920))
            )
        return Screen(content=content, windows=windows)

    def _open_settings_row(self, ctx: AppContext, title: str) -> None:
        if title == "Manage Accounts":
            self._go(ctx, "accounts")
        elif title in (
            "Upgrade to PennyWise Pro",
            "Unified Currency Mode",
            "App Lock",
            "Replace UPI VPAs with contact names",
            "Default Currency",
        ):
            return  # a sheet, a switch or a dropdown the model does not change
        else:
            self._go(ctx, title)

    def _render_settings(self, ctx: AppContext) -> Screen:
        rows: list[View] = []
        for title, subtitle in SETTINGS_ROWS:
            if subtitle is None and title not in ("SMS Scan Period", "Bank Notification Access"):
                rows.append(_text(title, height=120))
                continue
            texts = [_text(title, height=90)]
            if subtitle:
                texts.append(_text(subtitle, height=90))
            if title == "Default Currency":
                base = ctx.data["base_currency"]
                texts.append(_text(f"{SYMBOL[base]} {base}", height=90))
            rows.append(
                View(
                    cls="android.view.View",
                    on_click=w.bind(self._open_settings_row, title),
                    height=100 + 90 * len(texts) - 90,
                    weight=0,
                    children=[w.linear_layout(texts)],
                )
            )
        rows.append(_text(f"PennyWise v{self.version}"))
        listing = View(
            cls="android.view.View",
            scrollable=True,
            scroll_key="scroll",
            children=rows,
        )
        return Screen(content=_compose([_app_bar("Settings"), listing]))

    def _render_accounts(self, ctx: AppContext) -> Screen:
        accounts = ctx.data["accounts"]
        body: list[View]
        if not accounts:
            body = [
                _icon("", height=200),
                _text("No Accounts"),
                _text("Add your first bank account to start tracking."),
            ]
        else:
            body = [_text("Bank Accounts")]
            for a in accounts:
                body.append(
                    View(
                        cls="android.view.View",
                        on_click=lambda c: None,
                        height=300,
                        weight=0,
                        children=[
                            w.linear_layout(
                                [
                                    _text(a["bank"]),
                                    _text(f"••{a['last4']}"),
                                    _text(money(a["balance"], a["currency"])),
                                    _text("Balance"),
                                ]
                            )
                        ],
                    )
                )
        fab = w.fab(
            "",
            "Add Account",
            lambda c: self._go(c, "add_account"),
            size=170,
            cls="android.widget.Button",
        )
        page = _compose(
            [_app_bar("Accounts", [_icon("Merge accounts", lambda c: None)]), w.linear_layout(body)]
        )
        return Screen(content=w.frame_layout([page, fab], layout=FRAME))

    def _render_add_account(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        form = ui["form"]
        cash = form["type"] == "CASH"
        fields: list[View] = [
            _text(
                "Add accounts not tracked via SMS like cash, wallets, credit cards, or "
                "investment accounts.",
                height=200,
            ),
        ]
        if form.get("error"):
            fields.append(_text(form["error"]))
        fields += [
            _field(
                "Account Type",
                form["type"].lower(),
                None,
                on_click=lambda c: c.ui.update(menu="account_type"),
            ),
            _field("Account Name *", form["bank"], lambda c, t: self._set_form(c, "bank", t)),
            _field(
                "Identifier (Optional)" if cash else "Last 4 Digits *",
                "" if cash and form["last4"] == "CASH" else form["last4"],
                lambda c, t: self._set_form(c, "last4", t),
            ),
            _field(
                "Current Balance *", form["balance"], lambda c, t: self._set_form(c, "balance", t)
            ),
        ]
        if form["type"] == "CREDIT":
            fields.append(
                _field("Credit Limit", form["limit"], lambda c, t: self._set_form(c, "limit", t))
            )
        fields.append(_button("Save", self._save_account, enabled=self._form_valid(form)))
        windows: list[Window] = []
        if ui["menu"] == "account_type":
            items = [
                _button(
                    t.lower().capitalize(), w.bind(_pick_account_type, t), cls="android.view.View"
                )
                for t in ACCOUNT_TYPES
            ]
            windows.append(_dropdown(items, 560))
        return Screen(
            content=_compose([_app_bar("Add Account"), w.linear_layout(fields)]), windows=windows
        )

    def _render_add(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        txn = ui["txn"]
        tabs = w.linear_layout(
            [
                View(
                    cls="android.view.View",
                    selected=txn["tab"] == i,
                    height=140,
                    on_click=w.bind(_add_tab, i),
                    children=[_text(title, height=140)],
                )
                for i, title in enumerate(("Transaction", "Subscription"))
            ],
            horizontal=True,
            height=140,
            weight=0,
        )
        if txn["tab"] == 1:
            return Screen(content=_compose([_app_bar("Add New"), tabs, w.linear_layout([])]))
        account = txn["account"]
        account_texts = (
            [_text(account[0]), _text(f"••{account[1]}")]
            if account is not None
            else [_text("Select Account")]
        )
        if account is not None:
            account_texts.append(_icon("Clear", lambda c: c.ui["txn"].update(account=None)))
        chips = [
            View(
                cls="android.widget.CheckBox",
                checkable=True,
                checked=txn["type"] == t,
                on_click=w.bind(_pick_type, t),
                width=210,
                height=110,
                children=[_text(t.lower().capitalize(), height=110)],
            )
            for t in TYPES
        ]
        form = [
            w.linear_layout(
                [
                    _field(
                        "",
                        f"{SYMBOL[txn['currency']]} {txn['currency']}",
                        None,
                        on_click=lambda c: c.ui.update(menu="currency"),
                        width=340,
                    ),
                    _field("Amount *", txn["amount"], lambda c, t: self._set_txn(c, "amount", t)),
                ],
                horizontal=True,
                height=170,
                weight=0,
            ),
            _field("Merchant", txn["merchant"], lambda c, t: self._set_txn(c, "merchant", t)),
            _field("Notes (Optional)", txn["notes"], lambda c, t: self._set_txn(c, "notes", t)),
            w.linear_layout(chips, horizontal=True, height=110, weight=0),
            w.linear_layout(
                [_text("2019", height=60), _text("20 March", height=70)], height=130, weight=0
            ),
            View(
                cls="android.view.View",
                on_click=lambda c: c.ui.update(menu="account"),
                height=140,
                weight=0,
                children=[w.linear_layout(account_texts, horizontal=True)],
            ),
            _field(
                "Category", txn["category"], None, on_click=lambda c: c.ui.update(menu="category")
            ),
            _text("Receipt (Optional)"),
            _button("Save", self._save_txn, enabled=self._txn_valid(txn)),
        ]
        windows: list[Window] = []
        if ui["menu"] == "currency":
            items = [
                _button(f"{s} {code}", w.bind(_pick_currency, code), cls="android.view.View")
                for code, s in CURRENCIES[:10]
            ]
            windows.append(_dropdown(items, 400))
        elif ui["menu"] == "account":
            items = [
                _button(
                    "No account (Manual Entry)",
                    w.bind(_pick_account, None),
                    cls="android.view.View",
                ),
            ]
            for group in ACCOUNT_TYPES:
                members = [a for a in ctx.data["accounts"] if a["type"] == group]
                if not members:
                    continue
                items.append(_text(ACCOUNT_GROUP[group]))
                for a in members:
                    items.append(
                        View(
                            cls="android.view.View",
                            height=150,
                            weight=0,
                            on_click=w.bind(_pick_account, [a["bank"], a["last4"]]),
                            children=[
                                w.linear_layout(
                                    [
                                        _text(f"{a['bank']} ••{a['last4']}", height=80),
                                        _text(money(a["balance"], a["currency"]), height=70),
                                    ]
                                )
                            ],
                        )
                    )
            windows.append(_dropdown(items, 1000))
        elif ui["menu"] == "category":
            names = CATEGORIES[:8]  # the dropdown's first screenful
            items = [_button(n, w.bind(_pick_category, n), cls="android.view.View") for n in names]
            windows.append(_dropdown(items, 1100))
        return Screen(
            content=_compose([_app_bar("Add New"), tabs, w.linear_layout(form)]), windows=windows
        )


# -- small Compose-shaped builders -------------------------------------------------------------
def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _switch_tab(ctx: AppContext, route: str) -> None:
    """A bottom bar item: the top-level destination replaces the current one."""
    ctx.ui["stack"][-1] = route


def _add_tab(ctx: AppContext, index: int) -> None:
    ctx.ui["txn"]["tab"] = index


def _pick_avatar(ctx: AppContext, index: int) -> None:
    ctx.ui["avatar"] = index


def _close_menu(ctx: AppContext) -> None:
    ctx.ui["menu"] = None


def _pick_account_type(ctx: AppContext, kind: str) -> None:
    form = ctx.ui["form"]
    form["type"] = kind
    ctx.ui["menu"] = None


def _pick_type(ctx: AppContext, kind: str) -> None:
    """AddViewModel.updateTransactionType: the category follows the type."""
    ctx.ui["txn"]["type"] = kind
    ctx.ui["txn"]["category"] = TYPE_CATEGORY[kind]


def _pick_currency(ctx: AppContext, code: str) -> None:
    ctx.ui["txn"]["currency"] = code
    ctx.ui["menu"] = None


def _pick_account(ctx: AppContext, key: list[str] | None) -> None:
    ctx.ui["txn"]["account"] = key
    ctx.ui["menu"] = None


def _pick_category(ctx: AppContext, name: str) -> None:
    ctx.ui["txn"]["category"] = name
    ctx.ui["menu"] = None


def _compose(children: list[View]) -> View:
    """The ComposeView hosting a screen (``android.view.View`` nodes inside)."""
    return View(cls="androidx.compose.ui.platform.ComposeView", children=children)


def _text(text: str, height: int = 110) -> View:
    return View(cls="android.widget.TextView", text=text, height=height, weight=0)


def _icon(desc: str, handler: Any = None, **kw: Any) -> View:
    kw.setdefault("width", 126)
    kw.setdefault("height", 126)
    return View(
        cls="android.view.View" if handler is None else "android.widget.Button",
        content_desc=desc,
        on_click=handler,
        weight=0,
        **kw,
    )


def _button(text: str, handler: Any, *, enabled: bool = True, cls: str = "") -> View:
    return View(
        cls=cls or "android.widget.Button",
        on_click=handler,
        enabled=enabled,
        height=130,
        weight=0,
        children=[_text(text, height=130)],
    )


def _field(label: str, value: str, on_text: Any, *, on_click: Any = None, **kw: Any) -> View:
    """A Material3 TextField: an EditText showing its label while empty."""
    return View(
        cls="android.widget.EditText",
        text=value,
        hint=label,
        on_text=on_text,
        on_click=on_click,
        height=170,
        weight=0,
        **kw,
    )


def _app_bar(title: str, actions: list[View] | None = None) -> View:
    return w.linear_layout(
        [_icon("Back", _pop), _text(title, height=147), *(actions or [])],
        horizontal=True,
        height=147,
        weight=0,
    )


def _pop(ctx: AppContext) -> None:
    w.pop_back_stack(ctx.ui["stack"])
    ctx.ui["menu"] = None


def _page(title: str, body: list[View]) -> View:
    return _compose([_app_bar(title), w.linear_layout(body)])


def _dropdown(items: list[View], height: int) -> Window:
    return Window(
        w.linear_layout(items),
        kind="menu",
        on_dismiss=_close_menu,
        bounds=(60, 400, 1020, 400 + height),
    )
