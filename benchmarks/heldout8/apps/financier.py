"""Financier (``com.handydev.financier``, handydevcom/financier) 2.0.8, for financier#4.

A fork of Financisto: one MainActivity whose ViewPager2 holds five fragments behind a bottom
navigation bar (Accounts, Blotter, Budgets, Reports, Menu), each list with Financisto's bottom
button bar (``bAdd``...) and total; accounts are made in AccountActivity and transactions in
TransactionActivity, both Financisto's node forms (a ``label`` over ``data`` per row).

Sources read at commit 3f4b6d0 ("Version #", versionName 2.0.8, 2020-06-02), the version the
reporter had (2020-11-25), and the fix 38d9d4a ("Fix Back button issues", 2.0.9, whose
what's-new says "Fixed accounts list info refresh"). Files read: ``MainActivity.kt`` (fdroid),
``MainViewModel.kt``, ``fragments/AccountsFragment.kt``, ``fragments/BlotterFragment.kt``,
``activity/AccountActivity.java``, ``activity/AbstractTransactionActivity.java``,
``activity/TransactionActivity.java``, ``activity/CurrencySelector.java``,
``activity/ActivityLayout.java``, ``adapter/AccountListAdapter2.java``, ``utils/Utils.java``,
``utils/MyPreferences.java``, ``dialog/WebViewDialog.java``, ``activity/MenuListItem.java``,
``assets/currencies.csv``, the layouts ``main.xml``, ``account_list.xml``, ``blotter.xml``,
``account.xml``, ``transaction_fixed.xml``, ``select_entry*.xml``, ``amount_input.xml``,
``account_list_item.xml``, ``blotter_list_item.xml``, the bottom navigation menu and
``values/strings.xml``.

Bug financier#4 (non-crash). ``AccountsFragment`` loads its cursor (the balances and the
total) in ``onActivityCreated`` and reloads it only from its own ``onActivityResult`` (a new or
edited account, a transaction started from its quick-action grid) or a delete; nothing reloads
it on resume (the fix adds ``onResume() { recreateCursor() }``), and the ViewPager2 keeps the
fragment alive while other tabs are shown. A transaction saved from the Blotter tab's ``+``
goes to the Blotter fragment's ``onActivityResult`` only, so back on the Accounts tab the
account still shows its old balance; re-creating the activity (rotation) or restarting the
app shows the right one. The oracle: the Accounts tab was shown with a balance that differs
from the account's stored balance.

The human steps: OK on the first-run "What's new" dialog, ``+`` on Accounts, "Wallet" as the
title, the currency ``+``, "AED (United Arab Emirates dirham)" and OK, OK (Wallet shows
0.00 Dhs.), the Blotter tab, its ``+``, the Account row and "Wallet", 100 typed as the amount,
Save, then the Accounts tab (still 0.00 Dhs. while the account holds -100.00). The report gives
no titles, currencies or amounts.

Fixed data: today is Wednesday 25 November 2020, 12:00 PM (the report's date), en-US formats;
the currency list is the release's ``currencies.csv``.

Stubbed: the Budgets, Reports and Menu tabs (their rows do nothing), every quick action of an
account but "Transaction", the transfer, template, search, filter and menu buttons, the payee,
category, currency, location, project and picture rows of a transaction and the date, time and
status buttons (shown, doing nothing), CurrencyActivity ("New currency…" opens an empty form),
the calculator, editing or deleting transactions, credit-card account fields. Uncertain: the
amount fields' empty text, the blotter row's texts, the quick-action grid's dump (greendroid
items as TextViews), the position of the programmatic EditTexts (no id: the steps name them
by bounds) and layout geometry.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.handydev.financier"
MAIN = ".MainActivity"
ACCOUNT = ".activity.AccountActivity"
TRANSACTION = ".activity.TransactionActivity"
CURRENCY = ".activity.CurrencyActivity"
TODAY_SHORT = "11/25/20"
TODAY_LONG = "November 25, 2020"
NOW = "12:00 PM"
TABS = (
    ("main_page_accounts", "Accounts"),
    ("main_page_blotter", "Blotter"),
    ("main_page_budgets", "Budgets"),
    ("main_page_reports", "Reports"),
    ("main_page_menu", "Menu"),
)
TYPES = [
    *("Cash", "Bank Account", "Debit Card", "Credit Card"),
    *("Electronic", "Asset", "Liability", "Other"),
]
QUICK = [
    *("Info", "Blotter", "Edit", "Transaction", "Transfer", "Balance"),
    *("Delete old transactions", "Close account", "Delete account"),
]
MENU = ("Preferences", "Entities", "Backup Database", "Restore Database", "About")
NO_ACCOUNTS = "You should start with creating an account. Tap the '+' at the bottom\u2026"
SELECT_CURRENCY = "Please select currency\u2026"
SELECT_ACCOUNT = "Please select account\u2026"
# assets/currencies.csv: code;title;symbol;decimals;decimal separator;group separator.
CURRENCY_CSV = """\
AED;United Arab Emirates dirham;Dhs.;2;PERIOD;COMMA|AFN;Afghan afghani;؋;2;PERIOD;COMMA
ALL;Albanian lek;Lek;2;PERIOD;COMMA|AMD;Armenian dram;Դ;2;PERIOD;COMMA
ANG;Netherlands Antillean guilder;ƒ;2;COMMA;SPACE|AOA;Angolan kwanza;AOA;2;PERIOD;COMMA
ARS;Argentine peso;$;2;COMMA;SPACE|AUD;Australian dollar;$;2;PERIOD;COMMA
AWG;Aruban florin;ƒ;2;PERIOD;COMMA|AZN;Azerbaijani manat;ман;2;PERIOD;COMMA
BAM;Bosnia and Herzegovina convertible mark;KM;2;PERIOD;COMMA
BBD;Barbados dollar;$;2;COMMA;SPACE|BDT;Bangladeshi taka;৳;2;COMMA;SPACE
BGN;Bulgarian lev;лв;2;PERIOD;COMMA|BHD;Bahraini dinar;BD;3;PERIOD;COMMA
BIF;Burundian franc;FBu;0;PERIOD;COMMA|BMD;Bermudian dollar;$;2;PERIOD;COMMA
BND;Brunei dollar;$;2;PERIOD;COMMA|BOB;Boliviano;$b;2;PERIOD;COMMA
BRL;Brazilian real;R$;2;COMMA;SPACE|BSD;Bahamian dollar;$;2;PERIOD;COMMA
BTN;Bhutanese ngultrum;BTN;2;PERIOD;COMMA|BWP;Botswana pula;P;2;PERIOD;COMMA
BYR;Belarusian ruble;Br;0;PERIOD;COMMA|BZD;Belize dollar;BZ$;2;PERIOD;COMMA
CAD;Canadian dollar;$;2;PERIOD;COMMA|CDF;Congolese franc;CDF;2;PERIOD;COMMA
CHF;Swiss franc;Fr.;2;COMMA;SPACE|CLP;Chilean peso;$;0;PERIOD;COMMA
CNY;Chinese yuan;¥;2;PERIOD;COMMA|COP;Colombian peso;$;2;COMMA;SPACE
COU;Unidad de Valor Real;COU;2;PERIOD;COMMA|CRC;Costa Rican colon;₡;2;COMMA;SPACE
CUC;Cuban convertible peso;CUC;2;PERIOD;COMMA|CUP;Cuban peso;₱;2;PERIOD;COMMA
CVE;Cape Verde escudo;CVE;0;PERIOD;COMMA|CZK;Czech koruna;Kč;2;COMMA;SPACE
DJF;Djiboutian franc;Fdj;0;PERIOD;COMMA|DKK;Danish krone;kr;2;COMMA;SPACE
DOP;Dominican peso;RD$;2;COMMA;SPACE|DZD;Algerian dinar;DZD;2;PERIOD;COMMA
EGP;Egyptian pound;£;2;PERIOD;COMMA|ERN;Eritrean nakfa;ERN;2;PERIOD;COMMA
ETB;Ethiopian birr;Br;2;PERIOD;COMMA|EUR;Euro;€;2;COMMA;SPACE
FJD;Fiji dollar;$;2;PERIOD;COMMA|FKP;Falkland Islands pound;£;2;PERIOD;COMMA
GBP;Pound sterling;£;2;PERIOD;COMMA|GEL;Georgian lari;GEL;2;PERIOD;COMMA
GHS;Ghanaian cedi;GH₵;2;PERIOD;COMMA|GIP;Gibraltar pound;£;2;PERIOD;COMMA
GMD;Gambian dalasi;GMD;2;PERIOD;COMMA|GNF;Guinean franc;GNF;0;PERIOD;COMMA
GTQ;Guatemalan quetzal;Q;2;COMMA;SPACE|GYD;Guyanese dollar;$;2;PERIOD;COMMA
HKD;Hong Kong dollar;$;2;PERIOD;COMMA|HNL;Honduran lempira;L;2;COMMA;SPACE
HRK;Croatian kuna;kn;2;COMMA;SPACE|HTG;Haitian gourde;HTG;2;PERIOD;COMMA
HUF;Hungarian forint;Ft;2;COMMA;SPACE|IDR;Indonesian rupiah;Rp;0;COMMA;SPACE
ILS;Israeli new sheqel;₪;2;PERIOD;COMMA|INR;Indian rupee;IN₨;2;PERIOD;COMMA
IQD;Iraqi dinar;IQD;0;PERIOD;COMMA|IRR;Iranian rial;﷼;0;PERIOD;COMMA
ISK;Icelandic króna;kr;0;COMMA;SPACE|JMD;Jamaican dollar;J$;2;PERIOD;COMMA
JOD;Jordanian dinar;JOD;3;PERIOD;COMMA|JPY;Japanese yen;¥;0;PERIOD;COMMA
KES;Kenyan shilling;KES;2;PERIOD;COMMA|KGS;Kyrgyzstani som;KGS;2;PERIOD;COMMA
KHR;Cambodian riel;៛;2;PERIOD;COMMA|KMF;Comoro franc;CF;0;PERIOD;COMMA
KPW;North Korean won;₩;0;PERIOD;COMMA|KRW;South Korean won;₩;0;PERIOD;COMMA
KWD;Kuwaiti dinar;KWD;3;PERIOD;COMMA|KYD;Cayman Islands dollar;$;2;PERIOD;COMMA
KZT;Kazakhstani tenge;〒;2;COMMA;SPACE|LAK;Lao kip;₭;0;PERIOD;COMMA
LBP;Lebanese pound;£;0;PERIOD;COMMA|LKR;Sri Lanka rupee;₨;2;PERIOD;COMMA
LRD;Liberian dollar;$;2;PERIOD;COMMA|LSL;Lesotho loti;M;2;PERIOD;COMMA
LTL;Lithuanian litas;Lt;2;COMMA;SPACE|LVL;Latvian lats;Ls;2;COMMA;SPACE
LYD;Libyan dinar;LD;3;PERIOD;COMMA|MAD;Moroccan dirham;MD;2;PERIOD;COMMA
MDL;Moldovan leu;MDL;2;PERIOD;COMMA|MGA;Malagasy ariary;MGA;2;PERIOD;COMMA
MKD;Macedonian denar;ден;2;PERIOD;COMMA|MMK;Myanma kyat;K;0;PERIOD;COMMA
MNT;Mongolian tugrik;₮;2;PERIOD;COMMA|MOP;Macanese pataca;MOP;1;PERIOD;COMMA
MRO;Mauritanian ouguiya;MRO;2;PERIOD;COMMA|MUR;Mauritian rupee;₨;2;PERIOD;COMMA
MVR;Maldivian rufiyaa;MRf;2;PERIOD;COMMA|MWK;Malawian kwacha;MK;2;PERIOD;COMMA
MXN;Mexican peso;$;2;PERIOD;COMMA|MYR;Malaysian ringgit;RM;2;PERIOD;COMMA
MZN;Mozambican metical;MT;2;COMMA;SPACE|NAD;Namibian dollar;$;2;COMMA;SPACE
NGN;Nigerian naira;₦;2;PERIOD;COMMA|NIO;Cordoba oro;C$;2;PERIOD;COMMA
NOK;Norwegian krone;kr;2;COMMA;SPACE|NPR;Nepalese rupee;₨;2;PERIOD;COMMA
NZD;New Zealand dollar;$;2;PERIOD;COMMA|OMR;Omani rial;﷼;3;PERIOD;COMMA
PAB;Panamanian balboa;B/.;2;PERIOD;COMMA|PEN;Peruvian nuevo sol;S/.;2;PERIOD;COMMA
PGK;Papua New Guinean kina;K;2;PERIOD;COMMA|PHP;Philippine peso;Php;2;PERIOD;COMMA
PKR;Pakistani rupee;₨;2;PERIOD;COMMA|PLN;Polish złoty;zł;2;COMMA;SPACE
PYG;Paraguayan guaraní;Gs;0;PERIOD;COMMA|QAR;Qatari rial;﷼;2;PERIOD;COMMA
RON;Romanian new leu;lei;2;COMMA;SPACE|RSD;Serbian dinar;Дин.;2;PERIOD;COMMA
RUB;Russian rouble;₽;2;PERIOD;NONE|RWF;Rwandan franc;RF;0;PERIOD;COMMA
SAR;Saudi riyal;﷼;2;PERIOD;COMMA|SBD;Solomon Islands dollar;$;2;PERIOD;COMMA
SCR;Seychelles rupee;₨;2;PERIOD;COMMA|SDG;Sudanese pound;SDG;2;PERIOD;COMMA
SEK;Swedish krona/kronor;kr;2;COMMA;SPACE|SGD;Singapore dollar;S$;2;PERIOD;COMMA
SHP;Saint Helena pound;£;2;PERIOD;COMMA|SLL;Sierra Leonean leone;SLL;0;PERIOD;COMMA
SOS;Somali shilling;S;2;PERIOD;COMMA|SRD;Surinamese dollar;$;2;PERIOD;COMMA
STD;São Tomé and Príncipe dobra;STD;0;PERIOD;COMMA|SYP;Syrian pound;£;2;COMMA;SPACE
SZL;Lilangeni;E;2;COMMA;SPACE|THB;Thai baht;฿;2;PERIOD;COMMA
TJS;Tajikistani somoni;TJS;2;PERIOD;COMMA|TMT;Turkmenistani manat;TMT;2;PERIOD;COMMA
TND;Tunisian dinar;TND;3;PERIOD;COMMA|TOP;Tongan paʻanga;TOP;2;PERIOD;COMMA
TRY;Turkish lira;TL;2;COMMA;SPACE|TTD;Trinidad and Tobago dollar;TT$;2;PERIOD;COMMA
TWD;New Taiwan dollar;NT$;2;PERIOD;COMMA|TZS;Tanzanian shilling;TZS;2;PERIOD;COMMA
UAH;Ukrainian hryvnia;₴;2;COMMA;SPACE|UGX;Ugandan shilling;USh;0;PERIOD;COMMA
USD;United States dollar;$;2;PERIOD;COMMA|UYU;Uruguayan peso;$U;2;PERIOD;COMMA
UZS;Uzbekistan som;UZS;2;PERIOD;COMMA|VEF;Venezuelan bolívar fuerte;Bs;2;COMMA;SPACE
VND;Vietnamese đồng;₫;0;COMMA;SPACE|VUV;Vanuatu vatu;VUV;0;PERIOD;COMMA
WST;Samoan tala;WST;2;PERIOD;COMMA|XAF;CFA franc BEAC;FCFA;0;PERIOD;COMMA
XCD;East Caribbean dollar;$;2;PERIOD;COMMA|XDR;Special Drawing Rights;XDR;2;PERIOD;COMMA
XPF;CFP franc;F;0;PERIOD;COMMA|YER;Yemeni rial;﷼;2;PERIOD;COMMA
ZAR;South African rand;R;2;COMMA;SPACE|ZMK;Zambian kwacha;ZMK;2;PERIOD;COMMA
ZWL;Zimbabwe dollar;Z$;2;PERIOD;COMMA
"""
CURRENCIES = [row.split(";") for row in CURRENCY_CSV.replace("\n", "|").strip("|").split("|")]
CODES = {row[0]: row for row in CURRENCIES}


def _separator(name: str) -> str:
    """``CurrencySelector.decodeSeparator`` (its ``"SPACE".endsWith(s)`` also takes "")."""
    return {"COMMA": ",", "PERIOD": "."}.get(name, " ")


def _amount(cents: int, code: str | None) -> str:
    """``Utils.amountToString``: the currency's format, then its symbol after a space (RS)."""
    if code is None:
        return f"{cents / 100:.2f}"
    _, _, symbol, decimals, decimal, group = CODES[code]
    digits = max(0, min(2, int(decimals)))
    text = f"{abs(cents) / 100:,.{digits}f}".replace(",", "\0").replace(".", _separator(decimal))
    text = ("-" if cents < 0 else "") + text.replace("\0", _separator(group))
    return f"{text} {symbol}" if symbol else text


def _form_content(nodes: list[View], rid: str, buttons: list[View]) -> View:
    """An edit form: the ``nodes`` in a scrolled column ``rid`` above the row of ``buttons``."""
    scroll = w.scroll_view(
        [w.linear_layout(nodes, rid=rid, weight=0)], scrollable=True, scroll_key="form_scroll"
    )
    bar = w.linear_layout(buttons, horizontal=True, height=140, weight=0)
    return w.linear_layout([scroll, bar])


def _shown_is_stale(data: dict[str, Any]) -> bool:
    """The Accounts fragment's cursor differs from the accounts stored."""
    return data["shown"] != data["accounts"]


def stale_balance_seen(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of financier#4: the Accounts tab was shown with a balance (or total) other
    than the one stored."""
    return bool(data["stale_seen"])


# -- steps -------------------------------------------------------------------------------------
WHATS_NEW_OK = click(PACKAGE, "android:id/button1", "OK")
ADD = click(PACKAGE, "bAdd")
TITLE = input_text(PACKAGE, "", "Wallet", bounds=[0, 273, 1080, 423])
CURRENCY_ADD = click(PACKAGE, "currency_add")
AED = click(PACKAGE, "android:id/text1", "AED (United Arab Emirates dirham)")
DIALOG_OK = click(PACKAGE, "android:id/button1", "OK")
ACCOUNT_OK = click(PACKAGE, "bOK", "OK")
TAB_ACCOUNTS = click(PACKAGE, "main_page_accounts", desc="Accounts")
TAB_BLOTTER = click(PACKAGE, "main_page_blotter", desc="Blotter")
TAB_MENU = click(PACKAGE, "main_page_menu", desc="Menu")
ACCOUNT_ROW = click(PACKAGE, "account", "Account")
WALLET = click(PACKAGE, "android:id/text1", "Wallet")
AMOUNT = input_text(PACKAGE, "primary", "100")
SAVE = click(PACKAGE, "bSave", "Save")
HIDE_KEYBOARD = {"kind": "press_back"}
NEW_ACCOUNT = [WHATS_NEW_OK, ADD, TITLE, HIDE_KEYBOARD, CURRENCY_ADD, AED, DIALOG_OK, ACCOUNT_OK]
BLOTTER_TRANSACTION = [TAB_BLOTTER, ADD, ACCOUNT_ROW, WALLET, AMOUNT, HIDE_KEYBOARD, SAVE]


class Financier(VirtualApp):
    """Financier 2.0.8: the Accounts and Blotter tabs, AccountActivity, TransactionActivity
    and the currency selector; Budgets, Reports and Menu are stubs."""

    name: ClassVar[str] = "financier"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Financier"
    version: ClassVar[str] = "2.0.8"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "financier#4",
            "non-crash",
            "Accouts balance not refreshed after transaction",
            stale_balance_seen,
            human_steps=(*NEW_ACCOUNT, *BLOTTER_TRANSACTION, TAB_ACCOUNTS),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "currencies": [],
            "accounts": [],
            "transactions": [],
            "next_id": 1,
            "last_account": None,
            "whats_new": False,
            "shown": [],
            "stale_seen": False,
        }

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("tab", 0)
            ui.setdefault("quick", None)
            self._reload_accounts(ctx)  # the fragments are (re-)created with the activity
            ui["dialog"] = ""
            if not ctx.data["whats_new"]:  # checkVersionAndShowWhatsNewIfNeeded
                ctx.data["whats_new"] = True
                ui["dialog"] = "whats_new"
        elif ctx.activity == ACCOUNT:
            ui.setdefault("form", {"type": 0, "title": "", "currency": None, "primary": ""})
            ui["form"].setdefault("secondary", "")
            ui.setdefault("dialog", "")
            ui.setdefault("choice", 0)
        elif ctx.activity == TRANSACTION:
            last = ctx.extras.get("account") or ctx.data["last_account"]
            ui.setdefault("form", {"account": last, "primary": "", "secondary": ""})
            ui.setdefault("dialog", "")

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if ui["quick"] is not None:
                ui["quick"] = None
                return True
            return False
        if ui.get("dialog"):
            ui["dialog"] = ""
            return True
        self._close_child(ctx)
        return True

    # -- the Accounts fragment's cursor ------------------------------------------------------
    def _reload_accounts(self, ctx: AppContext) -> None:
        """``AccountsFragment.recreateCursor`` (and ``calculateTotals``)."""
        ctx.data["shown"] = [dict(a) for a in ctx.data["accounts"]]
        ctx.ui["accounts_alive"] = True

    def _close_child(self, ctx: AppContext) -> None:
        """Finishing a child activity: its result reaches the fragment that started it;
        ``AccountsFragment.onActivityResult`` reloads for any of its own request codes."""
        if ctx.activity == ACCOUNT or ctx.extras.get("from") == "accounts":
            ctx.data["shown"] = [dict(a) for a in ctx.data["accounts"]]
        ctx.finish()

    # -- MainActivity ------------------------------------------------------------------------
    def _select_tab(self, ctx: AppContext, title: str) -> None:
        tab = [t for _, t in TABS].index(title)
        ctx.ui["tab"] = tab
        if tab >= 3:
            # ViewPager2 recycles the far pages' holders: the Accounts fragment is removed.
            ctx.ui["accounts_alive"] = False
        if tab == 0:
            if not ctx.ui["accounts_alive"]:
                self._reload_accounts(ctx)
            if _shown_is_stale(ctx.data):
                ctx.data["stale_seen"] = True

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = ""

    def _new_account(self, ctx: AppContext) -> None:
        ctx.start_activity(ACCOUNT)

    def _new_transaction(self, ctx: AppContext) -> None:
        ctx.start_activity(TRANSACTION, {"from": "blotter"})

    def _quick(self, ctx: AppContext, account_id: int) -> None:
        ctx.ui["quick"] = account_id

    def _quick_action(self, ctx: AppContext, index: int) -> None:
        account_id = ctx.ui["quick"]
        ctx.ui["quick"] = None
        if QUICK[index] == "Transaction":
            ctx.start_activity(TRANSACTION, {"from": "accounts", "account": account_id})

    # -- AccountActivity ---------------------------------------------------------------------
    def _form_text(self, key: str) -> Any:
        def on_text(ctx: AppContext, text: str) -> None:
            ctx.ui["form"][key] = text

        return on_text

    def _open(self, ctx: AppContext, dialog: str) -> None:
        ctx.ui["dialog"] = dialog
        ctx.ui["choice"] = 0

    def _choose_type(self, ctx: AppContext, index: int) -> None:
        ctx.ui["form"]["type"] = index
        ctx.ui["dialog"] = ""

    def _choose_currency(self, ctx: AppContext, index: int) -> None:
        ctx.ui["form"]["currency"] = ctx.data["currencies"][index]
        ctx.ui["dialog"] = ""

    def _pick(self, ctx: AppContext, index: int) -> None:
        ctx.ui["choice"] = index

    def _add_selected_currency(self, ctx: AppContext) -> None:
        """``CurrencySelector.addSelectedCurrency``: row 0 is "New currency…"."""
        index = ctx.ui["choice"]
        ctx.ui["dialog"] = ""
        if index == 0:
            ctx.start_activity(CURRENCY)
            return
        code = CURRENCIES[index - 1][0]
        if code not in ctx.data["currencies"]:
            ctx.data["currencies"].append(code)
        ctx.ui["form"]["currency"] = code

    def _cents(self, form: dict[str, Any]) -> int:
        primary = "".join(ch for ch in form["primary"] if ch.isdigit()) or "0"
        secondary = ("".join(ch for ch in form["secondary"] if ch.isdigit()) + "00")[:2]
        return int(primary) * 100 + int(secondary)

    def _save_account(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        if form["currency"] is None:
            ctx.toast(SELECT_CURRENCY)
            return
        if not form["title"].strip():
            form["error"] = True  # accountTitle.setError("Title")
            return
        amount = self._cents(form)  # the opening amount is an income by default
        account = {
            "id": ctx.data["next_id"],
            "title": form["title"],
            "type": TYPES[form["type"]],
            "currency": form["currency"],
            "total": 0,
        }
        ctx.data["next_id"] += 1
        ctx.data["accounts"].append(account)
        if amount:
            note = f"Opening amount ({form['title']})"
            self._insert(ctx, account["id"], amount, note)
        self._close_child(ctx)

    def _insert(self, ctx: AppContext, account_id: int, amount: int, note: str) -> None:
        ctx.data["transactions"].append({"account": account_id, "amount": amount, "note": note})
        for a in ctx.data["accounts"]:
            if a["id"] == account_id:
                a["total"] += amount

    # -- TransactionActivity -----------------------------------------------------------------
    def _choose_account(self, ctx: AppContext, index: int) -> None:
        ctx.ui["form"]["account"] = ctx.data["accounts"][index]["id"]
        ctx.ui["dialog"] = ""

    def _toggle_sign(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        form["income"] = not form.get("income", False)

    def _save_transaction(self, ctx: AppContext, again: bool = False) -> None:
        form = ctx.ui["form"]
        if form["account"] is None:
            ctx.toast(SELECT_ACCOUNT)
            return
        cents = self._cents(form)
        amount = cents if form.get("income") else -cents  # setExpense(): a zero balance
        self._insert(ctx, form["account"], amount, "")
        ctx.data["last_account"] = form["account"]
        extras = {"from": "", "account": form["account"]}  # started with no result
        self._close_child(ctx)
        if again:
            ctx.start_activity(TRANSACTION, extras)

    # -- screens -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ACCOUNT:
            return self._account_screen(ctx)
        if ctx.activity == TRANSACTION:
            return self._transaction_screen(ctx)
        if ctx.activity == CURRENCY:
            body = w.linear_layout([w.text_view("Currency", height=147), View()])
            return Screen(content=body, title="Currency")
        return self._main(ctx)

    def _bottom_bar(self, buttons: list[View], total: str) -> View:
        total_views = [w.text_view("Total:", width=130), w.text_view(total, "total")]
        return w.linear_layout([*buttons, *total_views], horizontal=True, height=147, weight=0)

    def _main(self, ctx: AppContext) -> Screen:
        tab = ctx.ui["tab"]
        page = [self._accounts, self._blotter, self._budgets, self._reports, self._menu][tab](ctx)
        nav = w.bottom_navigation(
            TABS, TABS[tab][1], self._select_tab, rid="main_bottom_navigation"
        )
        pager = View(
            cls="androidx.viewpager2.widget.ViewPager2",
            resource_id="mainViewPager",
            children=[page],
        )
        windows: list[Window] = []
        if ctx.ui["dialog"] == "whats_new":
            web = View(cls="android.webkit.WebView", height=900)
            buttons = w.dialog_buttons(("OK", self._close_dialog))
            title = w.dialog_title("What's new")
            windows.append(w.alert_dialog(title, [web], buttons, self._close_dialog))
        if ctx.ui["quick"] is not None:
            items = [
                w.text_view(
                    text=name,
                    on_click=w.bind(self._quick_action, i),
                    width=330,
                    height=200,
                )
                for i, name in enumerate(QUICK)
            ]
            rows = [
                w.linear_layout(items[i : i + 3], horizontal=True, height=200, weight=0)
                for i in range(0, len(items), 3)
            ]
            grid = w.linear_layout(rows, rid="gdi_grid", weight=0)
            windows.append(Window(root=grid, kind="menu", on_dismiss=w.bind(self._quick_clear)))
        return Screen(content=w.linear_layout([pager, nav]), windows=windows)

    def _quick_clear(self, ctx: AppContext) -> None:
        ctx.ui["quick"] = None

    def _list(self, rows: list[View], empty: str) -> View:
        if not rows:
            return w.frame_layout([w.text_view(empty, "android:id/empty")])
        return w.list_view(rows, scroll_key="list_scroll")

    def _accounts(self, ctx: AppContext) -> View:
        shown = ctx.data["shown"]
        rows = [
            w.relative_layout(
                rid="account_list_item_layout",
                height=200,
                layout=HORIZONTAL,
                on_click=w.bind(self._quick, a["id"]),
                on_long_click=w.bind(self._quick, a["id"]),
                children=[
                    w.image_view("icon", width=150),
                    w.linear_layout(
                        [
                            w.text_view(a["type"], "top", height=50),
                            w.text_view(a["title"], "center", height=90),
                            w.text_view(TODAY_SHORT, "bottom", height=50),
                        ]
                    ),
                    w.text_view(_amount(a["total"], a["currency"]), "right_center", width=330),
                ],
            )
            for a in shown
        ]
        home = ctx.data["currencies"][0] if ctx.data["currencies"] else None
        total = sum(a["total"] for a in shown if a["currency"] == home)
        buttons = [
            w.image_button("bAdd", handler=self._new_account, width=147),
            w.image_button("bMenu", handler=lambda c: None, width=147),
        ]
        body = self._list(rows, NO_ACCOUNTS)
        return w.linear_layout([body, self._bottom_bar(buttons, _amount(total, home))])

    def _blotter(self, ctx: AppContext) -> View:
        titles = {a["id"]: (a["title"], a["currency"]) for a in ctx.data["accounts"]}
        rows = []
        for t in reversed(ctx.data["transactions"]):
            title, code = titles[t["account"]]
            rows.append(
                w.relative_layout(
                    rid="layout",
                    height=200,
                    layout=HORIZONTAL,
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(title, "top", height=50),
                                w.text_view(t["note"] or "No category", "center", height=90),
                                w.text_view(f"{TODAY_SHORT} {NOW}", "bottom", height=50),
                            ]
                        ),
                        w.text_view(_amount(t["amount"], code), "right_center", width=330),
                    ],
                )
            )
        noop = lambda c: None  # noqa: E731
        buttons = [
            w.image_button("bAdd", handler=self._new_transaction, width=126),
            w.image_button("bTransfer", handler=noop, width=126),
            w.image_button("bTemplate", handler=noop, width=126),
            w.image_button("bSearch", handler=noop, width=126),
            w.image_button("bFilter", handler=noop, width=126),
            w.image_button("bMenu", handler=noop, width=126),
        ]
        home = ctx.data["currencies"][0] if ctx.data["currencies"] else None
        total = sum(t["amount"] for t in ctx.data["transactions"])
        body = self._list(rows, "No transactions")
        return w.linear_layout([body, self._bottom_bar(buttons, _amount(total, home))])

    def _budgets(self, ctx: AppContext) -> View:
        bar = self._bottom_bar([w.image_button("bAdd", handler=lambda c: None, width=147)], "")
        return w.linear_layout([self._list([], "No budgets"), bar])

    def _reports(self, ctx: AppContext) -> View:
        names = ("By period", "By category", "By payee", "By location", "By project")
        return w.list_view([w.list_row(n, on_click=lambda c: None) for n in names])

    def _menu(self, ctx: AppContext) -> View:
        return w.list_view([w.list_row(n, on_click=lambda c: None) for n in MENU])

    # -- node rows (ActivityLayout) ----------------------------------------------------------
    def _list_node(self, rid: str, label: str, data: str, handler: Any, *extra: View) -> View:
        texts = w.relative_layout(
            [w.text_view(label, "label", height=60), w.text_view(data, "data", height=70)]
        )
        return w.linear_layout(
            [texts, *extra], rid=rid, horizontal=True, height=150, weight=0, on_click=handler
        )

    def _edit_node(self, label: str, field: View) -> View:
        return w.relative_layout(
            [w.text_view(label, "label", height=60), field], rid="layout", height=210, weight=0
        )

    def _amount_input(self, form: dict[str, Any], sign: Any) -> View:
        return w.linear_layout(
            [
                w.image_button("amount_input", handler=sign, width=147),
                w.edit_text("primary", form["primary"], self._form_text("primary")),
                w.text_view(".", "delimiter", width=40),
                w.edit_text(
                    "secondary", form["secondary"], self._form_text("secondary"), width=200
                ),
                w.image_button("calculator", handler=lambda c: None, width=147),
            ],
            horizontal=True,
            height=150,
        )

    def _account_screen(self, ctx: AppContext) -> Screen:
        form = ctx.ui["form"]
        currency = form["currency"]
        currency_text = f"{currency} ({CODES[currency][1]})" if currency else SELECT_CURRENCY
        plus = w.image_view("currency_add", handler=w.bind(self._open, "selector"), width=147)
        include = w.check_box("checkbox", "", True, None, width=150)
        nodes = [
            self._list_node(
                "account_type", "Account Type", TYPES[form["type"]], w.bind(self._open, "type")
            ),
            self._edit_node("Title", w.edit_text("", form["title"], self._form_text("title"))),
            self._list_node(
                "currency", "Currency", currency_text, w.bind(self._open, "currency"), plus
            ),
            self._edit_node("Opening amount", self._amount_input(form, None)),
            self._edit_node("Note", w.edit_text("", form.get("note", ""), self._form_text("note"))),
            self._edit_node(
                "Sort Order", w.edit_text("", form.get("sort", ""), self._form_text("sort"))
            ),
            self._list_node(
                "is_included_into_totals",
                "Include into totals",
                "Include transactions from this account into totals",
                None,
                include,
            ),
        ]
        buttons = [
            w.button("bOK", "OK", self._save_account),
            w.button("bCancel", "Cancel", self._close_child),
        ]
        return Screen(
            content=_form_content(nodes, "layout", buttons), windows=self._account_windows(ctx)
        )

    def _account_windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if dialog == "type":
            return [
                w.choice_dialog(
                    "Account Type",
                    TYPES,
                    ctx.ui["form"]["type"],
                    self._choose_type,
                    self._close_dialog,
                )
            ]
        if dialog == "currency":
            codes = ctx.data["currencies"]
            names = [f"{c} ({CODES[c][1]})" for c in codes]
            return [
                w.choice_dialog("Currency", names, None, self._choose_currency, self._close_dialog)
            ]
        if dialog == "selector":
            items = ["New currency\u2026", *(f"{r[0]} ({r[1]})" for r in CURRENCIES)]
            listing = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                height=147 * 8,
                scrollable=True,
                scroll_key="selector_scroll",
                children=w.checked_rows(items, ctx.ui["choice"], self._pick),
            )
            buttons = w.dialog_buttons(("OK", self._add_selected_currency))
            return [
                w.alert_dialog(w.dialog_title("Currencies"), [listing], buttons, self._close_dialog)
            ]
        return []

    def _transaction_screen(self, ctx: AppContext) -> Screen:
        form = ctx.ui["form"]
        accounts = {a["id"]: a for a in ctx.data["accounts"]}
        account = accounts.get(form["account"])
        head = w.linear_layout(
            [
                w.image_button("status", handler=lambda c: None, width=147),
                w.button("date", TODAY_LONG, lambda c: None),
                w.button("time", NOW, lambda c: None, width=300),
            ],
            horizontal=True,
            height=147,
            weight=0,
        )
        noop = lambda c: None  # noqa: E731
        nodes = [
            head,
            self._list_node(
                "account",
                "Account",
                account["title"] if account else SELECT_ACCOUNT,
                w.bind(self._open, "account"),
            ),
            self._list_node("payee", "Payee", "", noop),
            self._list_node("category", "Category", "No category", noop),
            self._list_node("original_currency", "Currency", "Same as account", noop),
            self._edit_node("Amount", self._amount_input(form, self._toggle_sign)),
            self._list_node("location", "Location", "Current location", noop),
            self._edit_node("Note", w.edit_text("", form.get("note", ""), self._form_text("note"))),
            self._list_node("project", "Project", "No project", noop),
        ]
        buttons = [
            w.button("bSave", "Save", self._save_transaction),
            w.button("bSaveAndNew", "Save&New", w.bind(self._save_transaction, again=True)),
        ]
        windows = []
        if ctx.ui["dialog"] == "account":
            names = [a["title"] for a in ctx.data["accounts"]]
            ids = [a["id"] for a in ctx.data["accounts"]]
            selected = ids.index(form["account"]) if form["account"] in ids else None
            windows.append(
                w.choice_dialog(
                    "Account", names, selected, self._choose_account, self._close_dialog
                )
            )
        return Screen(
            content=_form_content(nodes, "list", buttons), title="Transaction", windows=windows
        )


WALLET_ROW = click(PACKAGE, "center", "Wallet")
QUICK_TRANSACTION = click(PACKAGE, text="Transaction", cls="android.widget.TextView")
OPENING = input_text(PACKAGE, "primary", "50")
WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "financier#4": [
        # The transaction started from the account's quick actions: its result reloads the list.
        [*NEW_ACCOUNT, WALLET_ROW, QUICK_TRANSACTION, AMOUNT, HIDE_KEYBOARD, SAVE, TAB_ACCOUNTS],
        # Rotation re-creates the activity and its fragments: the cursor is loaded afresh.
        [
            *NEW_ACCOUNT,
            *BLOTTER_TRANSACTION,
            {"kind": "rotate", "orientation": "landscape"},
            TAB_ACCOUNTS,
        ],
        # The transaction is left with Back, not saved: nothing changed.
        [*NEW_ACCOUNT, *BLOTTER_TRANSACTION[:-1], {"kind": "press_back"}, TAB_ACCOUNTS],
        # Only an opening amount, saved in AccountActivity: the list is reloaded on its result.
        [
            WHATS_NEW_OK,
            ADD,
            TITLE,
            HIDE_KEYBOARD,
            OPENING,
            HIDE_KEYBOARD,
            CURRENCY_ADD,
            AED,
            DIALOG_OK,
            ACCOUNT_OK,
            TAB_BLOTTER,
            TAB_ACCOUNTS,
        ],
    ],
}
