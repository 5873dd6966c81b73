"""GnuCash (``org.gnucash.android``) 2.1.5, for gnucash-android#664 ("Device rotation causes
crash").

Modelled from the sources at tag ``v2.1.5`` (under ``app/src/main``: ``AndroidManifest.xml``,
``ui/account/AccountsActivity.java`` (``init``: the first-run wizard, the SD card Snackbar,
What's New; the Recent/All/Favorites tabs), ``ui/account/AccountsListFragment.java`` (the
account cards), ``ui/wizard/FirstRunWizardActivity.java`` and ``FirstRunWizardModel.java``
(the pages, ``updateBottomBar``), ``ui/common/BaseDrawerActivity.java`` (the drawer),
``ui/transaction/TransactionsActivity.java`` (the toolbar's account spinner and its
``onItemSelected``), ``res/layout/activity_first_run_wizard.xml``, ``default_buttons.xml``,
``fragment_wizard_welcome_page.xml``, ``activity_accounts.xml``, ``fragment_accounts_list.xml``,
``cardview_account.xml``, ``list_item_2_lines.xml``, ``activity_transactions.xml``,
``toolbar_with_spinner.xml``, ``account_balance_toolbar.xml``,
``fragment_transactions_list.xml``, ``nav_drawer_header.xml``, ``res/menu/global_actions.xml``,
``sub_account_actions.xml``, ``transactions_list_actions.xml``, ``nav_drawer_menu.xml``,
``res/raw/default_accounts.gnucash``, ``res/values/strings.xml``) and the fix, commit
``daf2e8ba`` ("Fix rotation of transaction lists causes crash of application", in 2.1.6):

- a fresh install opens ``AccountsActivity``, which starts ``FirstRunWizardActivity`` ("Setup
  GnuCash": the ``strip``, the ViewPager ``pager`` and the bar ``btn_cancel`` "Back" /
  ``btn_save`` "Next"/"Done"): "Welcome to GnuCash", "Default Currency" (CHF, EUR, GBP, USD,
  "Other…", USD chosen; "Other…" adds "Select Currency"), "Account Setup" ("Create default
  accounts" chosen, "Import my accounts", "Let me handle it"), "Feedback Options" (nothing
  chosen: Next stays disabled until one is), then "Review" (each row re-opens its page) and
  Done. Each choice page is a title (``android:id/title``) over a ListView of CheckedTextViews;
- Done with "Create default accounts" imports ``default_accounts.gnucash`` and opens the
  accounts: the toolbar ``toolbar`` ("Accounts", the drawer toggle "Navigation drawer opened",
  Search ``menu_search``), the tabs ``tab_layout`` (Recent, All, Favorites; All is shown), the
  RecyclerView ``account_recycler_view`` of cards (``primary_text`` the name,
  ``secondary_text`` "n sub-accounts", ``account_balance``, ``favorite_status``,
  ``create_transaction``, ``options_menu``), the FAB ``fab_create_account``, the Snackbar
  asking for the SD card ("GRANT") and the one-time "What's New" dialog (Dismiss);
- tapping a card opens ``TransactionsActivity`` for that account: the toolbar with the account
  spinner ``toolbar_spinner`` (every account by full name), Favorite ``menu_favorite_account``
  and the overflow (Edit Account, and for a non-placeholder account Compact View), the tabs
  (Sub-Accounts, and Transactions for a non-placeholder account), the balance bar
  (``transactions_sum``) and the FAB ``fab_create_transaction``; a sub-account's card opens its
  own TransactionsActivity.

Stubs: the drawer's entries, Search, the account options menu, the create forms (a titled
screen with Back). Not modelled: transactions, books, reports, export. "Import my accounts"
(which opens the system file picker) ends the wizard without accounts.

The world: the device's default currency is USD; the default accounts have no transactions
(balances $0.00).

The bug (gnucash-android#664): re-creating ``TransactionsActivity`` on a rotation restores the
toolbar Spinner's selection before it has laid out its selected view, and the selection
listener ``onItemSelected`` runs with ``view == null``: ``((TextView) view)
.setCompoundDrawablesWithIntrinsicBounds(0,0,0,0)`` throws a ``NullPointerException``. The
report has no trace; the frames are the model's, in the app's real class at its 2.1.5 line and
the framework's Spinner selection path.

Human steps: 9 actions against 15 in ``index.tsv``: the model takes the wizard's defaults (only
the feedback choice is required) and rotates the first account it opens; a person who picks a
currency, grants the SD card, or opens a sub-account first needs more.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "org.gnucash.android"
ACCOUNTS = "org.gnucash.android.ui.account.AccountsActivity"
WIZARD = "org.gnucash.android.ui.wizard.FirstRunWizardActivity"
TRANSACTIONS = "org.gnucash.android.ui.transaction.TransactionsActivity"
FORM = "org.gnucash.android.ui.common.FormActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
DRAWER_TOGGLE = "Navigation drawer opened"  # R.string.drawer_open, the toggle's description

CURRENCIES = ("CHF", "EUR", "GBP", "USD", "Other…")
OTHER_CURRENCIES = ("AUD", "CAD", "CNY", "INR", "JPY", "XAF")
ACCOUNT_SETUP = ("Create default accounts", "Import my accounts", "Let me handle it")
FEEDBACK = ("Automatically send crash reports", "Disable crash reports")
WELCOME = "Before you dive in, \nlet's setup a few things first\n\nTo continue, press Next"
WHATS_NEW = (
    "- Support for multiple different books \n"
    "- Adds ownCloud as destination for exports\n"
    "- Compact view for transactions list\n"
    "- Re-design of passcode lock screen\n"
    "- Improved handling of scheduled transactions\n"
    "- Multiple bug fixes and improvements\n"
)
SD_CARD = "GnuCash requires permission to access the SD card for backup and restore"
ACCOUNT_TABS = ("Recent", "All", "Favorites")
DRAWER = (
    "Open…",
    "Favorites",
    "Budgets",
    "Reports",
    "Scheduled Actions",
    "Export…",
    "Settings",
    "Help & Feedback",
)

# res/raw/default_accounts.gnucash: (name, parent name or "" for a top-level account,
# placeholder), in file order.
DEFAULT_ACCOUNTS: tuple[tuple[str, str, bool], ...] = (
    ("Assets", "", True),
    ("Current Assets", "Assets", True),
    ("Checking Account", "Current Assets", False),
    ("Savings Account", "Current Assets", False),
    ("Cash in Wallet", "Current Assets", False),
    ("Liabilities", "", True),
    ("Credit Card", "Liabilities", False),
    ("Income", "", True),
    ("Bonus", "Income", False),
    ("Gifts Received", "Income", False),
    ("Interest Income", "Income", False),
    ("Checking Interest", "Interest Income", False),
    ("Other Interest", "Interest Income", False),
    ("Savings Interest", "Interest Income", False),
    ("Other Income", "Income", False),
    ("Salary", "Income", False),
    ("Expenses", "", True),
    ("Adjustment", "Expenses", False),
    ("Auto", "Expenses", False),
    ("Fees", "Auto", False),
    ("Gas", "Auto", False),
    ("Parking", "Auto", False),
    ("Repair and Maintenance", "Auto", False),
    ("Bank Service Charge", "Expenses", False),
    ("Books", "Expenses", False),
    ("Cable", "Expenses", False),
    ("Charity", "Expenses", False),
    ("Clothes", "Expenses", False),
    ("Computer", "Expenses", False),
    ("Dining", "Expenses", False),
    ("Education", "Expenses", False),
    ("Entertainment", "Expenses", False),
    ("Music/Movies", "Entertainment", False),
    ("Recreation", "Entertainment", False),
    ("Travel", "Entertainment", False),
    ("Gifts", "Expenses", False),
    ("Groceries", "Expenses", False),
    ("Hobbies", "Expenses", False),
    ("Insurance", "Expenses", False),
    ("Auto Insurance", "Insurance", False),
    ("Health Insurance", "Insurance", False),
    ("Life Insurance", "Insurance", False),
    ("Laundry/Dry Cleaning", "Expenses", False),
    ("Medical Expenses", "Expenses", False),
    ("Miscellaneous", "Expenses", False),
    ("Online Services", "Expenses", False),
    ("Phone", "Expenses", False),
    ("Public Transportation", "Expenses", False),
    ("Subscriptions", "Expenses", False),
    ("Supplies", "Expenses", False),
    ("Taxes", "Expenses", False),
    ("Federal", "Taxes", False),
    ("Medicare", "Taxes", False),
    ("Other Tax", "Taxes", False),
    ("Social Security", "Taxes", False),
    ("State/Province", "Taxes", False),
    ("Utilities", "Expenses", False),
    ("Electric", "Utilities", False),
    ("Garbage collection", "Utilities", False),
    ("Gas", "Utilities", False),
    ("Water", "Utilities", False),
    ("Equity", "", True),
    ("Opening Balances", "Equity", False),
)

NPE_MESSAGE = (
    "Attempt to invoke virtual method 'void android.widget.TextView."
    "setCompoundDrawablesWithIntrinsicBounds(int, int, int, int)' on a null object reference"
)
SPINNER_FRAMES = (
    "org.gnucash.android.ui.transaction.TransactionsActivity$1.onItemSelected("
    "TransactionsActivity.java:147)",
    "android.widget.AdapterView.fireOnSelected(AdapterView.java:931)",
    "android.widget.AdapterView.dispatchOnItemSelected(AdapterView.java:920)",
    "android.widget.AdapterView.-wrap1(AdapterView.java)",
    "android.widget.AdapterView$SelectionNotifier.run(AdapterView.java:890)",
    *callback_frames(25),
)


_click = partial(click, PACKAGE)


BUG_664 = BugSpec(
    bug_id="gnucash-android#664",
    kind="crash",
    title="Device rotation causes crash",
    oracle=crash_oracle(
        PACKAGE, "java.lang.NullPointerException", "setCompoundDrawablesWithIntrinsicBounds"
    ),
    human_steps=(
        _click("btn_save", "Next"),
        _click("btn_save", "Next"),
        _click("btn_save", "Next"),
        _click("android:id/text1", "Disable crash reports"),
        _click("btn_save", "Next"),
        _click("btn_save", "Done"),
        _click("android:id/button1", "Dismiss"),
        _click("primary_text", "Expenses"),
        {"kind": "rotate", "orientation": "landscape"},
    ),
)


def _full_name(index: int) -> str:
    """``Expenses:Auto:Gas``: the account's name after its ancestors' (the spinner's text)."""
    names: list[str] = []
    while index >= 0:
        name, parent, _ = DEFAULT_ACCOUNTS[index]
        names.insert(0, name)
        index = _parent_index(index, parent)
    return ":".join(names)


def _parent_index(index: int, parent: str) -> int:
    """The nearest account before ``index`` named ``parent`` (-1 for a top-level account)."""
    if not parent:
        return -1
    return max(i for i in range(index) if DEFAULT_ACCOUNTS[i][0] == parent)


def _children(parent: int) -> list[int]:
    """The direct sub-accounts of account ``parent`` (-1: the top-level accounts)."""
    return [
        i
        for i, (_, parent_name, _) in enumerate(DEFAULT_ACCOUNTS)
        if _parent_index(i, parent_name) == parent
    ]


class GnuCash215(VirtualApp):
    """GnuCash 2.1.5 (see the module docstring)."""

    name: ClassVar[str] = "gnucash-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "GnuCash"
    version: ClassVar[str] = "2.1.5"
    launch_activity: ClassVar[str] = ACCOUNTS
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_664,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_run": True,
            "currency": "USD",
            "accounts": False,  # the default accounts were created
            "whats_new_seen": False,
            "favorites": [],
            "recent": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui, data = ctx.ui, ctx.data
        if ctx.activity == ACCOUNTS:
            if data["first_run"]:
                ctx.start_activity(WIZARD)
                ctx.finish()
                return
            ui.setdefault("tab", 1)
            ui.setdefault("drawer", False)
            if not data["whats_new_seen"]:
                data["whats_new_seen"] = True
                ui["whats_new"] = True
            ui.setdefault("whats_new", False)
        elif ctx.activity == WIZARD:
            ui.setdefault("page", 0)
            ui.setdefault("values", {"currency": "USD", "setup": ACCOUNT_SETUP[0]})
            ui.setdefault("review_edit", False)
        elif ctx.activity == TRANSACTIONS:
            restored = "account" in ui
            ui.setdefault("account", int(ctx.extras.get("account", 0)))
            ui.setdefault("tab", 0)
            ui.setdefault("menu", False)
            ui.setdefault("spinner", False)
            if restored:
                # The restored Spinner fires onItemSelected before its selected view exists.
                raise JavaException(
                    "java.lang.NullPointerException", NPE_MESSAGE, frames=list(SPINNER_FRAMES)
                )

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        saved = dict(ctx.ui)
        for transient in ("menu", "spinner", "drawer"):
            if transient in saved:
                saved[transient] = False
        return saved

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        for key in ("menu", "spinner", "drawer"):
            if ui.get(key):
                ui[key] = False
                return True
        if ctx.activity == WIZARD and ui["page"] > 0:
            ui["page"] -= 1
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == ACCOUNTS and direction in ("left", "right"):
            step = 1 if direction == "left" else -1
            ctx.ui["tab"] = max(0, min(2, ctx.ui["tab"] + step))
            return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        return None  # AccountsActivity only logs the answer

    # -- the wizard --------------------------------------------------------------------------
    def _pages(self, ctx: AppContext) -> list[tuple[str, str, tuple[str, ...]]]:
        """The wizard's page sequence: (key, title, choices); "Select Currency" only after
        "Other…"."""
        pages = [
            ("welcome", "Welcome to GnuCash", ()),
            ("currency", "Default Currency", CURRENCIES),
        ]
        if ctx.ui["values"].get("currency") == "Other…":
            pages.append(("other", "Select Currency", OTHER_CURRENCIES))
        pages.append(("setup", "Account Setup", ACCOUNT_SETUP))
        pages.append(("feedback", "Feedback Options", FEEDBACK))
        return pages

    def _render_wizard(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        pages = self._pages(ctx)
        page = ui["page"]
        values = ui["values"]
        cut_off = next(
            (i for i, (key, _, choices) in enumerate(pages) if choices and key not in values),
            len(pages),
        )
        if page < len(pages):
            key, title, choices = pages[page]
            if key == "welcome":
                body = w.linear_layout(
                    [
                        w.text_view("Welcome to GnuCash", height=200),
                        w.text_view(WELCOME, height=500),
                    ]
                )
            else:
                selected = choices.index(values[key]) if key in values else None
                body = w.linear_layout(
                    [
                        w.text_view(title, "android:id/title", height=160),
                        View(
                            cls="android.widget.ListView",
                            resource_id="android:id/list",
                            children=w.checked_rows(
                                choices,
                                selected,
                                self._chooser(key, choices),
                            ),
                        ),
                    ]
                )
            advance = "Review" if ui["review_edit"] else "Next"
            enabled = page != cut_off
        else:
            rows = [
                w.linear_layout(
                    [
                        w.text_view(title, "android:id/text1", height=84),
                        w.text_view(values.get(key, ""), "android:id/text2", height=84),
                    ],
                    height=168,
                    on_click=w.bind(self._edit_from_review, i),
                )
                for i, (key, title, choices) in enumerate(pages)
                if choices
            ]
            body = w.linear_layout(
                [
                    w.text_view("Review", "android:id/title", height=160),
                    View(
                        cls="android.widget.ListView", resource_id="android:id/list", children=rows
                    ),
                ]
            )
            advance, enabled = "Done", True
        strip = View(cls="android.view.View", resource_id="strip", height=40)
        pager = View(
            cls="androidx.viewpager.widget.ViewPager", resource_id="pager", children=[body]
        )
        back = w.button("btn_cancel", "Back", self._wizard_back if page > 0 else None, width=540)
        buttons = w.linear_layout(
            [
                back if page > 0 else View(cls="android.view.View", width=540),
                View(
                    cls="android.support.v7.widget.AppCompatButton",
                    resource_id="btn_save",
                    text=advance,
                    enabled=enabled,
                    on_click=self._wizard_next,
                    width=540,
                ),
            ],
            horizontal=True,
            height=147,
        )
        bar = w.toolbar("Setup GnuCash", rid="action_bar")
        return Screen(content=w.linear_layout([bar, strip, pager, buttons]))

    def _chooser(self, key: str, choices: tuple[str, ...]) -> Callable[[AppContext, int], None]:
        """The page's ``on_choose``: row ``i`` sets the page's value to ``choices[i]``."""

        def choose(ctx: AppContext, i: int) -> None:
            self._choose(ctx, key, choices[i])

        return choose

    def _choose(self, ctx: AppContext, key: str, value: str) -> None:
        ctx.ui["values"][key] = value
        if key == "currency" and value != "Other…":
            ctx.ui["values"].pop("other", None)

    def _wizard_back(self, ctx: AppContext) -> None:
        ctx.ui["page"] = max(0, ctx.ui["page"] - 1)

    def _edit_from_review(self, ctx: AppContext, page: int) -> None:
        ctx.ui["page"] = page
        ctx.ui["review_edit"] = True

    def _wizard_next(self, ctx: AppContext) -> None:
        ui = ctx.ui
        pages = self._pages(ctx)
        if ui["page"] < len(pages):
            ui["page"] = len(pages) if ui["review_edit"] else ui["page"] + 1
            ui["review_edit"] = False
            return
        values = ui["values"]
        data = ctx.data
        data["currency"] = values.get("other", values["currency"])
        data["first_run"] = False
        if values["setup"] == "Create default accounts":
            data["accounts"] = True
        ctx.start_activity(ACCOUNTS)
        ctx.finish()

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == WIZARD:
            return self._render_wizard(ctx)
        if ctx.activity == TRANSACTIONS:
            return self._render_transactions(ctx)
        if ctx.activity == FORM:
            title = str(ctx.extras.get("title", "Create Account"))
            bar = w.toolbar(title, navigation=w.up_button())
            return Screen(content=w.linear_layout([bar]))
        if ctx.data["first_run"]:
            return Screen(content=w.frame_layout())
        return self._render_accounts(ctx)

    def _drawer(self) -> View:
        header = w.linear_layout(
            [
                w.text_view("GnuCash", "drawer_title", height=150),
                w.text_view("Book 1", "book_name", height=110),
            ],
            height=300,
            weight=0,
        )
        entries = [w.drawer_entry(t, lambda c: c.ui.update(drawer=False)) for t in DRAWER]
        return View(
            cls="android.support.design.widget.NavigationView",
            resource_id="nav_view",
            width=800,
            children=[header, *entries],
        )

    def _card(self, ctx: AppContext, index: int) -> View:
        name = DEFAULT_ACCOUNTS[index][0]
        kids = len(_children(index))
        subtitle = f"{kids} sub-account" + ("" if kids == 1 else "s") if kids else ""
        favorite = index in ctx.data["favorites"]
        return View(
            cls="android.support.v7.widget.CardView",
            height=240,
            on_click=w.bind(self._open_account, index),
            children=[
                w.relative_layout(
                    [
                        View(cls="android.view.View", resource_id="account_color_strip", width=20),
                        w.linear_layout(
                            [
                                w.text_view(name, "primary_text", height=100),
                                w.text_view(subtitle, "secondary_text", height=80),
                                w.text_view("$0.00", "account_balance", height=60),
                            ]
                        ),
                        w.image_view(
                            "favorite_status",
                            "",
                            w.bind(self._toggle_favorite, index),
                            checked=favorite,
                            width=130,
                        ),
                        w.image_view(
                            "create_transaction",
                            "",
                            w.bind(self._form, "New transaction"),
                            width=130,
                        ),
                        w.image_view(
                            "options_menu", "", w.bind(self._set_ui, menu=index + 1), width=130
                        ),
                    ],
                    layout=HORIZONTAL,
                )
            ],
        )

    def _account_list(
        self, ctx: AppContext, accounts: list[int], scroll_key: str, empty: str
    ) -> View:
        """AccountsListFragment's EmptyRecyclerView: the cards, or its ``empty_view`` text."""
        if not accounts:
            return w.text_view(empty, "empty_view", height=300)
        return w.list_view(
            [self._card(ctx, i) for i in accounts],
            rid="account_recycler_view",
            cls="android.support.v7.widget.RecyclerView",
            scroll_key=scroll_key,
        )

    def _render_accounts(self, ctx: AppContext) -> Screen:
        ui, data = ctx.ui, ctx.data
        bar = w.toolbar(
            "Accounts",
            navigation=w.nav_button(DRAWER_TOGGLE, w.bind(self._set_ui, drawer=True)),
            actions=[w.action_item("menu_search", "Search", lambda c: None)],
        )
        tab = ui["tab"]
        accounts: list[int] = []
        empty = ("No recent accounts", "No accounts to display", "No favorite accounts")[tab]
        if data["accounts"]:
            if tab == 0:
                accounts = list(data["recent"])
            elif tab == 1:
                accounts = sorted(_children(-1), key=lambda i: DEFAULT_ACCOUNTS[i][0])
            else:
                accounts = list(data["favorites"])
        page = w.relative_layout(
            [self._account_list(ctx, accounts, f"accounts_scroll_{tab}", empty)],
            rid="fragment_account_list",
        )
        body: list[View] = [
            View(
                cls="android.support.design.widget.AppBarLayout",
                resource_id="fragment_container",
                weight=0,
                children=[
                    bar,
                    w.tabs(
                        [t.upper() for t in ACCOUNT_TABS],
                        tab,
                        lambda c, i: self._set_ui(c, tab=i),
                        rid="tab_layout",
                    ),
                ],
            ),
            View(cls="android.support.v4.view.ViewPager", resource_id="pager", children=[page]),
        ]
        if STORAGE not in ctx.permissions:
            body.append(
                w.linear_layout(
                    [
                        w.text_view(SD_CARD, "snackbar_text", height=150),
                        w.button(
                            "snackbar_action",
                            "GRANT",
                            lambda c: c.request_permission(STORAGE),
                            width=220,
                        ),
                    ],
                    horizontal=True,
                    height=150,
                )
            )
        coordinator = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="coordinatorLayout",
            layout=FRAME,
            children=[
                w.linear_layout(body),
                w.fab(
                    "fab_create_account",
                    "",
                    w.bind(self._form, "Create Account"),
                    gravity="bottom_end",
                ),
            ],
        )
        drawer = self._drawer() if ui["drawer"] else None
        root = w.drawer_layout(coordinator, drawer, cls="android.support.v4.widget.DrawerLayout")
        windows: list[Window] = []
        if ui.get("whats_new"):
            close = w.bind(self._set_ui, whats_new=False)
            windows.append(
                w.alert_dialog(
                    w.dialog_title("What's New"),
                    [w.text_view(WHATS_NEW, "android:id/message", height=500)],
                    [w.dialog_button("android:id/button1", "Dismiss", close)],
                    close,
                )
            )
        if ui.get("menu"):
            close = w.bind(self._set_ui, menu=False)
            windows.append(
                w.menu_window(
                    [
                        ("Edit Account", w.bind(self._form, "Edit Account")),
                        ("Delete", close),
                    ],
                    close,
                )
            )
        return Screen(content=root, windows=windows)

    def _render_transactions(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        account = ui["account"]
        placeholder = DEFAULT_ACCOUNTS[account][2]
        bar = w.toolbar(
            w.spinner("toolbar_spinner", _full_name(account), w.bind(self._set_ui, spinner=True)),
            navigation=w.nav_button(DRAWER_TOGGLE, lambda c: None),
            actions=[
                w.action_item(
                    "menu_favorite_account", "Favorite", w.bind(self._toggle_favorite, account)
                ),
                w.overflow_button(w.bind(self._set_ui, menu=True)),
            ],
        )
        titles = ["SUB-ACCOUNTS"] if placeholder else ["SUB-ACCOUNTS", "TRANSACTIONS"]
        tab = min(ui["tab"], len(titles) - 1)
        if tab == 0:
            kids = _children(account)
            page = self._account_list(ctx, kids, "sub_scroll", "No accounts to display")
        else:
            page = w.text_view("No transactions to display", "empty_view", height=300)
        balance = w.linear_layout(
            [
                w.text_view("Balance:", "label_sum", height=120),
                w.text_view("$0.00", "transactions_sum", height=120),
            ],
            rid="account_balance_toolbar",
            horizontal=True,
            height=120,
            weight=0,
        )
        content = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="coordinatorLayout",
            layout=FRAME,
            children=[
                w.linear_layout(
                    [
                        View(
                            cls="android.support.design.widget.AppBarLayout",
                            resource_id="fragment_container",
                            weight=0,
                            children=[
                                bar,
                                w.tabs(
                                    titles,
                                    tab,
                                    lambda c, i: self._set_ui(c, tab=i),
                                    rid="tab_layout",
                                ),
                            ],
                        ),
                        View(
                            cls="android.support.v4.view.ViewPager",
                            resource_id="pager",
                            children=[page],
                        ),
                        balance,
                    ]
                ),
                w.fab(
                    "fab_create_transaction",
                    "",
                    w.bind(self._form, "Create Account" if placeholder else "New transaction"),
                    gravity="bottom_end",
                ),
            ],
        )
        windows: list[Window] = []
        if ui["spinner"]:
            choices = [_full_name(i) for i in range(len(DEFAULT_ACCOUNTS))]
            windows.append(
                w.spinner_dropdown(
                    choices, account, self._pick_account, w.bind(self._set_ui, spinner=False)
                )
            )
        if ui["menu"]:
            items = [("Edit Account", w.bind(self._form, "Edit Account"))]
            if not placeholder:
                items.append(("Compact View", w.bind(self._set_ui, menu=False)))
            windows.append(w.menu_window(items, w.bind(self._set_ui, menu=False)))
        root = w.drawer_layout(content, None, cls="android.support.v4.widget.DrawerLayout")
        return Screen(content=root, windows=windows)

    # -- handlers ----------------------------------------------------------------------------
    @staticmethod
    def _set_ui(ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _form(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(FORM, {"title": title})

    def _open_account(self, ctx: AppContext, index: int) -> None:
        recent = ctx.data["recent"]
        if index in recent:
            recent.remove(index)
        recent.insert(0, index)
        ctx.start_activity(TRANSACTIONS, {"account": index})

    def _toggle_favorite(self, ctx: AppContext, index: int) -> None:
        favorites = ctx.data["favorites"]
        w.toggle(favorites, index)

    def _pick_account(self, ctx: AppContext, index: int) -> None:
        ctx.ui["account"] = index
        ctx.ui["spinner"] = False
        ctx.ui["tab"] = 0
