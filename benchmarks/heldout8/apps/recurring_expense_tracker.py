"""RecurringExpenseTracker (``de.dbauer.expensetracker``, DennisBauer/RecurringExpenseTracker)
0.19.1, for RecurringExpenseTracker#767.

A Compose Multiplatform app listing recurring expenses (one activity, a NavHost): Home (the
expenses and their monthly, weekly and yearly sums), Upcoming (the payments of the coming
months) and Settings, behind a bottom navigation bar; the "Add Expense" FAB opens the edit
screen (name, description, price with a currency chooser, recurrence, first payment date,
tags, reminders).

Sources read at commit 9957548 ("Create new release 0.19.1", 2025-10-20), the release before
the report (2025-11-03), and the fix 4d2d7b3 ("Fix crash when using currency unkown to
system", PR #770 "767-fix-currency-crash"). Files read: ``ui/MainContent.kt``,
``ui/BottomNavBar.kt``, ``ui/RecurringExpenseOverview.kt``, ``ui/ToggleGridModeButton.kt``,
``ui/upcomingexpenses/UpcomingPaymentsScreen.kt``, ``ui/editexpense/*.kt``,
``ui/whatsnew/*.kt``, ``viewmodel/EditRecurringExpenseViewModel.kt``,
``viewmodel/RecurringExpenseViewModel.kt``, ``viewmodel/UpcomingPaymentsViewModel.kt``,
``viewmodel/MainNavigationViewModel.kt``, ``data/*.kt``, ``model/CurrencyProvider.kt``,
``model/ExchangeRateProvider.kt``, ``model/database/RecurringExpenseEntry.kt`` and its mapper,
``model/datastore/UserPreferencesRepository.kt``, ``Extensions.android.kt``,
``MainActivity.kt``, ``files/currencies.json``, ``files/exchange_rates.json`` and
``values/strings.xml``.

Bug RecurringExpenseTracker#767 (crash). ``Float.toCurrencyString(currencyCode)``
(``Extensions.android.kt``) sets ``NumberFormat.getCurrencyInstance().currency =
Currency.getInstance(currencyCode)`` with no guard. The currency chooser offers every entry of
the bundled ``currencies.json``, crypto currencies included; Android's ``java.util.Currency``
asks ICU, which throws ``IllegalArgumentException`` for a code that is not three letters
(Avalanche AVAX, Matic Token MATIC, Optimism OP, Tether USDT, USD Coin USDC). Home shows every
price converted to the default currency (``showConvertedCurrency`` is on by default and all
these codes have a bundled rate), so it draws; the Upcoming tab formats each payment's own
``price`` (``UpcomingPaymentsScreen.UpcomingPayment``), so opening it with such an expense that
has a first payment date (only those are listed) crashes the app, on every later visit too.
The fix catches the exception and writes "<amount> <code>". The oracle: the app crashed with
``java.lang.IllegalArgumentException``.

The human steps: OK on the first-run "Whats new?" screen (after swiping to its second slide),
the FAB, "Porkbun" as the name, 10 as the price, "Tether" typed into the currency field and
"Tether (USDT)" chosen, the first payment row, OK on the date picker, "Add Expense", then the
Upcoming tab. The report names neither the currency nor the date (it attaches a backup file,
not modelled); any of the five codes above with a first payment date crashes the same way.

Fixed data: today is Monday 3 November 2025 (the report's date); the locale is en-US, so the
system currency is USD. The currency list (names, symbols) and the exchange rates are the
bundled ``currencies.json`` and ``exchange_rates.json`` of the release (rates rounded to six
digits).

Stubbed: Settings (its rows do nothing), Tags (the screen and the add-tag dialog), reminders
(the per-expense switch is disabled while the global notification setting is off, as on a
fresh install), backup and restore, the widget, biometric lock. Uncertain: the dump classes
of Compose nodes (icon buttons without descriptions as ``android.widget.Button``, cards as
``android.view.View``), the Material 3 date picker's dump (drawn here as a month grid of day
cells with the dialog's one "OK" button), ICU's currency formatting of codes other than USD,
EUR, GBP and JPY (written "<code> <amount>"), the crash's frame lines (the release build may be
minified) and layout geometry.
"""

from __future__ import annotations

import calendar
import datetime as dt
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "de.dbauer.expensetracker"
MAIN = ".MainActivity"
TODAY = dt.date(2025, 11, 3)
BUTTON = "android.widget.Button"
CLICKABLE = "android.view.View"
EDIT = "android.widget.EditText"
DEFAULT = "USD"  # the system currency of an en-US device (DEFAULT_CURRENCY is "")
RECURRENCES = ("Day(s)", "Week(s)", "Month(s)", "Year(s)")
SHORT = ("D", "W", "M", "Y")
MONTHLY = 2
SLIDES = (
    (
        "Introducing Tags!",
        "\u2022 Organize your expenses with customizable tags.\n\u2022 Your existing colors have "
        "been automatically converted to tags.\n\u2022 Create and manage tags from Settings or "
        "while editing an expense.",
    ),
    (
        "More Colors, More Options!",
        "Choose from a wider range of predefined colors, or create your own with the new custom "
        "color picker.",
    ),
)
INVALID = "Invalid input"
UPCOMING_EMPTY = "Define a first payment date for expenses to see an overview of upcoming payments"
SYMBOLS = {"USD": "$", "EUR": "\u20ac", "GBP": "\u00a3", "JPY": "\u00a5"}
# currencies.json in its order (code=rate to USD from exchange_rates.json=name (symbol)).
CURRENCY_DATA = """\
AED=3.6726=United Arab Emirates Dirham (AED)|AFN=66.4928=Afghan Afghani (Af)
ALL=82.88=Albanian Lek (ALL)|AMD=382.59=Armenian Dram (AMD)
ANG=1.788=NL Antillean Guilder (ƒ)|AOA=911.978=Angolan Kwanza (Kz)
ARS=1450=Argentine Peso (AR$)|AUD=1.5398=Australian Dollar (AU$)
AWG=1.79=Aruban Florin (Afl.)|AZN=1.7=Azerbaijani Manat (man.)
BAM=1.6786=Bosnia-Herzegovina Convertible Mark (KM)|BBD=2=Barbadian Dollar (Bds$)
BDT=121.83=Bangladeshi Taka (Tk)|BGN=1.676=Bulgarian Lev (BGN)|BHD=0.376=Bahraini Dinar (BD)
BIF=2947.77=Burundian Franc (FBu)|BMD=1=Bermudan Dollar (BD$)|BND=1.2951=Brunei Dollar (BN$)
BOB=6.93=Bolivian Boliviano (Bs)|BRL=5.4044=Brazilian Real (R$)|BSD=1=Bahamian Dollar (B$)
BTN=88.0163=Bhutanese Ngultrum (Nu.)|BWP=13.2979=Botswanan Pula (BWP)
BYN=3.40634=Belarusian ruble (Br)|BYR=34063.4=Belarusian Ruble (BYR)
BZD=2=Belize Dollar (BZ$)|CAD=1.40226=Canadian Dollar (CA$)
CDF=2129.95=Congolese Franc (CDF)|CHF=0.79344=Swiss Franc (CHF)
CLF=0.0242=Unidad de Fomento (UF)|CLP=956.43=Chilean Peso (CL$)
CNY=7.1264=Chinese Yuan (CN¥)|COP=3830.29=Coombian Peso (CO$)
CRC=502.671=Costa Rican Colón (₡)|CUC=1=Cuban Convertible Peso (CUC$)
CUP=24=Cuban Peso ($MN)|CVE=94.56=Cape Verdean Escudo (CV$)
CZK=20.8476=Czech Republic Koruna (Kč)|DJF=177.721=Djiboutian Franc (Fdj)
DKK=6.4101=Danish Krone (Dkr)|DOP=63.37=Dominican Peso (RD$)|DZD=129.437=Algerian Dinar (DA)
EGP=47.58=Egyptian Pound (EGP)|ERN=15=Eritrean Nakfa (Nfk)|ETB=148=Ethiopian Birr (Br)
EUR=0.8582=Euro (€)|FJD=2.2739=Fijian Dollar (FJ$)|FKP=0.744769=Falkland Islands Pound (FK£)
GBP=0.74492=British Pound Sterling (£)|GEL=2.7095=Georgian Lari (GEL)
GGP=0.744769=Guernsey pound (£)|GHS=10.5527=Ghanaian Cedi (GH₵)
GIP=0.744769=Gibraltar Pound (£)|GMD=72=Gambian Dalasi (D)|GNF=8705=Guinean Franc (FG)
GTQ=7.658=Guatemalan Quetzal (GTQ)|GYD=208.98=Guyanaese Dollar (G$)
HKD=7.7676=Hong Kong Dollar (HK$)|HNL=26.2191=Honduran Lempira (HNL)
HRK=6.464=Croatian Kuna (kn)|HTG=132.85=Haitian Gourde (G)|HUF=334.231=Hungarian Forint (Ft)
IDR=16590=Indonesian Rupiah (Rp)|ILS=3.3117=Israeli New Sheqel (₪)
IMP=0.744769=Manx pound (£)|INR=88.0033=Indian Rupee (Rs)|IQD=1310.5=Iraqi Dinar (IQD)
IRR=42003=Iranian Rial (IRR)|ISK=121.71=Icelandic Króna (Ikr)|JEP=0.744769=Jersey pound (£)
JMD=160.511=Jamaican Dollar (J$)|JOD=0.71=Jordanian Dinar (JD)|JPY=150.629=Japanese Yen (¥)
KES=129.356=Kenyan Shilling (Ksh)|KGS=87.45=Kyrgystani Som (KGS)
KHR=4022=Cambodian Riel (KHR)|KMF=421.84=Comorian Franc (CF)
KPW=900.001=North Korean Won (₩)|KRW=1418.84=South Korean Won (₩)
KWD=0.3068=Kuwaiti Dinar (KD)|KYD=0.83333=Cayman Islands Dollar (CI$)
KZT=537.25=Kazakhstani Tenge (KZT)|LAK=21600=Laotian Kip (₭N)|LBP=89500=Lebanese Pound (LB£)
LKR=302.8=Sri Lankan Rupee (SLRs)|LRD=183.286=Liberian Dollar (LD$)
LSL=17.4231=Lesotho Loti (L)|LTL=2.96223=Lithuanian Litas (Lt)
LVL=0.602947=Latvian Lats (Ls)|LYD=5.4278=Libyan Dinar (LD)|MAD=9.1567=Moroccan Dirham (MAD)
MDL=16.73=Moldovan Leu (MDL)|MGA=4505=Malagasy Ariary (MGA)|MKD=52.71=Macedonian Denar (MKD)
MMK=2098.68=Myanma Kyat (MMK)|MNT=3597.61=Mongolian Tugrik (₮)
MOP=8.0006=Macanese Pataca (MOP$)|MRO=357=Mauritanian ouguiya (UM)
MUR=45.02=Mauritian Rupee (MURs)|MVR=15.46=Maldivian Rufiyaa (MRf)
MWK=1733.67=Malawian Kwacha (MK)|MXN=18.3771=Mexican Peso (MX$)
MYR=4.226=Malaysian Ringgit (RM)|MZN=63.55=Mozambican Metical (MTn)
NAD=17.362=Namibian Dollar (N$)|NGN=1468.49=Nigerian Naira (₦)
NIO=36.7994=Nicaraguan Córdoba (C$)|NOK=10.0639=Norwegian Krone (Nkr)
NPR=140.631=Nepalese Rupee (NPRs)|NZD=1.7469=New Zealand Dollar (NZ$)
OMR=0.3851=Omani Rial (OMR)|PAB=1=Panamanian Balboa (B/.)
PEN=3.3798=Peruvian Nuevo Sol (S/.)|PGK=4.192=Papua New Guinean Kina (K)
PHP=58.1115=Philippine Peso (₱)|PKR=280.98=Pakistani Rupee (PKRs)
PLN=3.64159=Polish Zloty (zł)|PYG=7033=Paraguayan Guarani (₲)|QAR=3.641=Qatari Rial (QR)
RON=4.3667=Romanian Leu (RON)|RSD=100.545=Serbian Dinar (din.)|RUB=81.18=Russian Ruble (RUB)
RWF=1452.46=Rwandan Franc (RWF)|SAR=3.7506=Saudi Riyal (SR)
SBD=8.49979=Solomon Islands Dollar (SI$)|SCR=15.2202=Seychellois Rupee (SRe)
SDG=601.5=Sudanese Pound (SDG)|SEK=9.4419=Swedish Krona (Skr)
SGD=1.29572=Singapore Dollar (S$)|SHP=0.7449=Saint Helena Pound (£)
SLL=22613.7=Sierra Leonean Leone (Le)|SOS=572=Somali Shilling (Ssh)
SRD=39.24=Surinamese Dollar ($)|STD=21209.3=São Tomé and Príncipe dobra (Db)
SVC=8.75=Salvadoran Colón (₡)|SYP=13002.9=Syrian Pound (SY£)|SZL=17.3685=Swazi Lilangeni (L)
THB=32.73=Thai Baht (฿)|TJS=9.2242=Tajikistani Somoni (TJS)|TMT=3.5=Turkmenistani Manat (T)
TND=2.916=Tunisian Dinar (DT)|TOP=2.3474=Tongan Paʻanga (T$)|TRY=41.8983=Turkish Lira (TL)
TTD=6.7136=Trinidad and Tobago Dollar (TT$)|TWD=30.669=New Taiwan Dollar (NT$)
TZS=2443=Tanzanian Shilling (TSh)|UAH=41.7608=Ukrainian Hryvnia (₴)
UGX=3490.9=Ugandan Shilling (USh)|USD=1=US Dollar ($)|UYU=40=Uruguayan Peso ($U)
UZS=12108.2=Uzbekistan Som (UZS)|VEF=2.02755e+07=Venezuelan Bolívar (Bs.F.)
VND=26342=Vietnamese Dong (₫)|VUV=122.561=Vanuatu Vatu (VUV)|WST=2.80899=Samoan Tala (WS$)
XAF=562.98=CFA Franc BEAC (FCFA)|XAG=0.0192644=Silver Ounce (XAG)
XAU=0.000235295=Gold Ounce (XAU)|XCD=2.7=East Caribbean Dollar (EC$)
XDR=0.73117=Special drawing rights (SDR)|XOF=562.98=CFA Franc BCEAO (CFA)
XPF=102.4=CFP Franc (CFP)|YER=238.82=Yemeni Rial (YR)|ZAR=17.3577=South African Rand (R)
ZMK=9001.2=Zambian Kwacha (ZK)|ZMW=22.75=Zambian Kwacha (ZK)
ZWL=66584.6=Zimbabwean dollar (ZWL)|XPT=0.000618816=Platinum Ounce (XPT)
XPD=0.000672952=Palladium Ounce (XPD)|BTC=9.377e-06=Bitcoin (₿)|ETH=0.000260546=Ethereum (Ξ)
BNB=0.000928463=Binance (BNB)|XRP=0.435112=Ripple (XRP)|SOL=0.00548957=Solana (SOL)
DOT=0.345141=Polkadot (DOT)|AVAX=0.0500085=Avalanche (AVAX)
MATIC=5.35959=Matic Token (MATIC)|LTC=0.0110838=Litecoin (Ł)|ADA=1.59753=Cardano (ADA)
USDT=0.997682=Tether (USDT)|USDC=0.996706=USD Coin (USDC)|DAI=0.997925=Dai (DAI)
ARB=3.28366=Arbitrum (ARB)|OP=2.37934=Optimism (OP)|VES=202.755=Venezuelan Bolívar (Bs.S.)
STN=21.2093=São Tomé and Príncipe dobra (STN)|MRU=40.0512=Mauritanian ouguiya (MRU)
ZWG=26.6475=Zimbabwe Gold (ZWG)|SLE=22.6751=Sierra Leonean leone (SLE)
"""


def _currencies() -> list[tuple[str, float, str]]:
    rows = CURRENCY_DATA.replace("\n", "|").strip("|").split("|")
    return [(code, float(rate), name) for code, rate, name in (r.split("=", 2) for r in rows)]


CURRENCIES = _currencies()
NAMES = {code: name for code, _, name in CURRENCIES}
RATES = {code: rate for code, rate, _ in CURRENCIES}


def _to_currency_string(value: float, code: str) -> str:
    """``Float.toCurrencyString``: an en-US currency instance, its currency set to ``code``
    through ``Currency.getInstance``, which ICU refuses for a code that is not three letters."""
    if code and not (len(code) == 3 and code.isalpha()):
        raise JavaException(
            "java.lang.IllegalArgumentException",
            "The input currency code is not 3-letter alphabetic code.",
            frames=[
                "android.icu.util.Currency.getInstance(Currency.java:405)",
                "java.util.Currency.getInstance(Currency.java:313)",
                "de.dbauer.expensetracker.Extensions_androidKt.toCurrencyString"
                "(Extensions.android.kt:21)",
                "de.dbauer.expensetracker.data.CurrencyValue.toCurrencyString(CurrencyValue.kt:8)",
                "de.dbauer.expensetracker.ui.upcomingexpenses.UpcomingPaymentsScreenKt"
                ".UpcomingPayment(UpcomingPaymentsScreen.kt:319)",
                "androidx.compose.runtime.internal.ComposableLambdaImpl.invoke"
                "(ComposableLambda.jvm.kt:130)",
                "androidx.compose.runtime.Recomposer.runRecomposeAndApplyChanges"
                "(Recomposer.kt:658)",
                "androidx.compose.ui.platform.AndroidUiFrameClock$withFrameNanos$2$callback$1"
                ".doFrame(AndroidUiFrameClock.android.kt:39)",
                "android.view.Choreographer.doFrame(Choreographer.java:1366)",
                "android.os.Looper.loop(Looper.java:317)",
                "android.app.ActivityThread.main(ActivityThread.java:8934)",
            ],
        )
    code = code or DEFAULT
    amount = f"{value:,.2f}"
    return f"{SYMBOLS[code]}{amount}" if code in SYMBOLS else f"{code}\u00a0{amount}"


def _exchange(value: float, code: str) -> float:
    """``ExchangeRateProvider.exchangeCurrencyValue`` into the default currency."""
    return value if code == DEFAULT else value / RATES[code] * RATES[DEFAULT]


def _money(value: float, code: str) -> str:
    """A ``CurrencyValue`` shown converted (``~`` when exchanged), as Home shows every price."""
    if code == DEFAULT:
        return _to_currency_string(value, code)
    return "~" + _to_currency_string(_exchange(value, code), DEFAULT)


def _monthly(expense: dict[str, Any]) -> float:
    """``RecurringExpenseEntry.getMonthlyPrice``."""
    every, price = expense["every"], expense["price"]
    factor = (365 / 12, 52 / 12, 1.0, 1 / 12)[expense["recurrence"]]
    return factor / every * price


def _date_text(day: dt.date) -> str:
    """``Instant.toLocaleString``: ``DateFormat.getDateInstance()`` (medium, en-US)."""
    return f"{calendar.month_abbr[day.month]} {day.day}, {day.year}"


def _add(first: dt.date, recurrence: int, steps: int) -> dt.date:
    if recurrence < 2:
        return first + dt.timedelta(days=steps * (1 if recurrence == 0 else 7))
    months = steps * (1 if recurrence == 2 else 12)
    year, month = divmod(first.month - 1 + months, 12)
    year += first.year
    last = calendar.monthrange(year, month + 1)[1]
    return dt.date(year, month + 1, min(first.day, last))


def _payments(expenses: list[dict[str, Any]], limit: int = 12) -> list[dict[str, Any]]:
    """``UpcomingPaymentsViewModel.createUpcomingPaymentData``: month headers then the month's
    payments from today on, sorted by days left (the first ``limit`` rows, what the lazy list
    composes)."""
    rows: list[dict[str, Any]] = []
    year, month = TODAY.year, TODAY.month
    while len(rows) < limit and year < TODAY.year + 10:
        found = []
        for e in expenses:
            if e["first"] is None:
                continue
            first = dt.date.fromisoformat(e["first"])
            k = 0
            while (day := _add(first, e["recurrence"], k * e["every"])) < dt.date(year, month, 1):
                k += 1
            while day.year == year and day.month == month:
                if day >= TODAY:
                    found.append((day, e))
                k += 1
                day = _add(first, e["recurrence"], k * e["every"])
        if found:
            found.sort(key=lambda p: p[0])
            exchanged = any(e["code"] != DEFAULT for _, e in found)
            total = sum(_exchange(e["price"], e["code"]) for _, e in found)
            label = f"{calendar.month_name[month]} {year}"
            total_text = ("~" if exchanged else "") + _to_currency_string(total, "")
            rows.append({"month": label, "sum": total_text, "payment": None})
            rows += [{"month": label, "sum": total_text, "payment": (d, e)} for d, e in found]
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return rows[:limit]


def _in_days(day: dt.date) -> str:
    days = (day - TODAY).days
    return "today" if days == 0 else "tomorrow" if days == 1 else f"in {days} days"


def _new_form(expense: dict[str, Any] | None = None) -> dict[str, Any]:
    e = expense or {}
    code = e.get("code", DEFAULT)
    every = e.get("every")
    return {
        "id": e.get("id"),
        "name": e.get("name", ""),
        "description": e.get("description", ""),
        "price": f"{e['price']:.2f}" if e else "",
        "code": code,
        "code_text": NAMES[code],
        "every": str(every) if every else "",
        "recurrence": e.get("recurrence", MONTHLY),
        "first": e.get("first"),
        "errors": [],
    }


def _parse_price(text: str) -> float | None:
    """``toFloatLocaleAware``: ``NumberFormat.parse`` (en-US) reads the leading number."""
    digits = ""
    for ch in text.replace(",", ""):
        if ch.isdigit() or (ch == "." and "." not in digits):
            digits += ch
        else:
            break
    return float(digits) if digits.strip(".") else None


# -- steps -------------------------------------------------------------------------------------
SWIPE_LEFT = {"kind": "swipe", "direction": "left"}
WHATS_NEW_OK = click(PACKAGE, text="OK", cls=BUTTON)
FAB = click(PACKAGE, desc="Add Expense", cls=BUTTON)
NAME = input_text(PACKAGE, "", "Porkbun", hint="e.g. Netflix")
PRICE = input_text(PACKAGE, "", "10", hint="0.00")
CURRENCY_FIELD = "US Dollar ($)"
TYPE_TETHER = input_text(PACKAGE, "", "Tether", hint=CURRENCY_FIELD)
TETHER = click(PACKAGE, text="Tether (USDT)", cls=CLICKABLE)
BITCOIN = click(PACKAGE, text="Bitcoin (\u20bf)", cls=CLICKABLE)
PICK_DATE = click(PACKAGE, text="Pick a Date", cls=CLICKABLE)
DATE_OK = click(PACKAGE, text="OK", cls=BUTTON)
ADD = click(PACKAGE, text="Add Expense", cls=BUTTON)
UPCOMING = click(PACKAGE, text="Upcoming", cls=CLICKABLE)
HOME = click(PACKAGE, text="Home", cls=CLICKABLE)
HIDE_KEYBOARD = {"kind": "press_back"}
START = [SWIPE_LEFT, WHATS_NEW_OK, FAB, NAME, PRICE]
TETHER_EXPENSE = [*START, TYPE_TETHER, TETHER, HIDE_KEYBOARD]
HUMAN = [*TETHER_EXPENSE, PICK_DATE, DATE_OK, ADD, UPCOMING]


class RecurringExpenseTracker(VirtualApp):
    """RecurringExpenseTracker 0.19.1: Home, Upcoming, the edit screen and the first-run
    "Whats new?" slides; Settings and Tags are stubs."""

    name: ClassVar[str] = "RecurringExpenseTracker"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Expenses"
    version: ClassVar[str] = "0.19.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "RecurringExpenseTracker#767",
            "crash",
            "Reproducible crash",
            crash_oracle(PACKAGE, "java.lang.IllegalArgumentException"),
            human_steps=tuple(HUMAN),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"expenses": [], "next_id": 1, "whats_new_shown": 0, "grid": False}

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("nav", ["home"])
        ui.setdefault("menu", "")
        ui.setdefault("picker", None)
        ui.setdefault("dialog", "")
        ui.setdefault("slide", 0)
        if ctx.data["whats_new_shown"] < 1 and ui["nav"] == ["home"]:
            # MainNavigationViewModel: the slides open over Home and are marked shown at once.
            ui["nav"].append("whats_new")
            ctx.data["whats_new_shown"] = 1
        self._compose(ctx)

    def _compose(self, ctx: AppContext) -> None:
        """What composing the current destination evaluates (a throw here is the crash)."""
        if ctx.ui["nav"][-1] == "upcoming":
            for row in _payments(ctx.data["expenses"]):
                if row["payment"] is not None:
                    _to_currency_string(row["payment"][1]["price"], row["payment"][1]["code"])

    def _navigate(self, ctx: AppContext, route: str) -> None:
        """A bottom bar item: pop up to Home, then the item (single top)."""
        ctx.ui["nav"] = ["home"] if route == "home" else ["home", route]
        self._compose(ctx)

    def _pop(self, ctx: AppContext) -> None:
        ctx.ui["nav"].pop()
        self._compose(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if w.dismiss(ui, "menu", "") or w.dismiss(ui, "dialog", ""):
            return True
        if ui["picker"] is not None:
            ui["picker"] = None
            return True
        if ui["nav"][-1] == "edit":
            self._edit_back(ctx)
            return True
        if len(ui["nav"]) > 1:
            self._pop(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.ui["nav"][-1] != "whats_new":
            return False
        return w.pager_swipe(ctx.ui, "slide", len(SLIDES), direction)

    # -- handlers ----------------------------------------------------------------------------
    def _whats_new_done(self, ctx: AppContext) -> None:
        ctx.ui["slide"] = 0
        self._pop(ctx)

    def _toggle_grid(self, ctx: AppContext) -> None:
        ctx.data["grid"] = not ctx.data["grid"]

    def _open_edit(self, ctx: AppContext, expense_id: int | None) -> None:
        found = [e for e in ctx.data["expenses"] if e["id"] == expense_id]
        ctx.ui["form"] = _new_form(found[0] if found else None)
        ctx.ui["initial"] = dict(ctx.ui["form"])
        ctx.ui["nav"].append("edit")

    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui["form"][key] = value

    def _type_currency(self, ctx: AppContext, text: str) -> None:
        ctx.ui["form"]["code_text"] = text
        ctx.ui["menu"] = "currency"

    def _toggle_menu(self, ctx: AppContext, menu: str) -> None:
        ctx.ui["menu"] = "" if ctx.ui["menu"] == menu else menu

    def _clear_currency(self, ctx: AppContext) -> None:
        ctx.ui["form"].update(code="", code_text="")

    def _choose_currency(self, ctx: AppContext, code: str) -> None:
        ctx.ui["form"].update(code=code, code_text=NAMES[code])
        ctx.ui["menu"] = ""

    def _choose_recurrence(self, ctx: AppContext, index: int) -> None:
        ctx.ui["form"]["recurrence"] = index
        ctx.ui["menu"] = ""

    def _type_every(self, ctx: AppContext, text: str) -> None:
        if len(text) <= 3 and text.isdigit() or not text:
            ctx.ui["form"]["every"] = text

    def _open_picker(self, ctx: AppContext) -> None:
        first = ctx.ui["form"]["first"]
        day = dt.date.fromisoformat(first) if first else TODAY
        ctx.ui["picker"] = {"year": day.year, "month": day.month, "day": day.isoformat()}

    def _pick_day(self, ctx: AppContext, day: int) -> None:
        p = ctx.ui["picker"]
        p["day"] = dt.date(p["year"], p["month"], day).isoformat()

    def _picker_month(self, ctx: AppContext, delta: int) -> None:
        p = ctx.ui["picker"]
        year, month = divmod(p["month"] - 1 + delta, 12)
        p.update(year=p["year"] + year, month=month + 1)

    def _picker_ok(self, ctx: AppContext) -> None:
        ctx.ui["form"]["first"] = ctx.ui["picker"]["day"]
        ctx.ui["picker"] = None

    def _close_picker(self, ctx: AppContext) -> None:
        ctx.ui["picker"] = None

    def _save(self, ctx: AppContext) -> None:
        """``updateExpense``: ``verifyUserInput`` then insert or update, then navigate up."""
        form = ctx.ui["form"]
        price = _parse_price(form["price"])
        errors = [
            key
            for key, bad in (
                ("name", not form["name"].strip()),
                ("price", price is None),
                ("every", bool(form["every"]) and not form["every"].isdigit()),
                ("code", not form["code"]),
            )
            if bad
        ]
        form["errors"] = errors
        if errors or price is None:
            return
        expense = {
            "id": form["id"],
            "name": form["name"],
            "description": form["description"],
            "price": price,
            "code": form["code"],
            "every": int(form["every"] or "1"),
            "recurrence": form["recurrence"],
            "first": form["first"],
        }
        expenses = ctx.data["expenses"]
        if form["id"] is None:
            expense["id"] = ctx.data["next_id"]
            ctx.data["next_id"] += 1
            expenses.append(expense)
        else:
            expenses[:] = [expense if e["id"] == form["id"] else e for e in expenses]
        self._pop(ctx)

    def _edit_back(self, ctx: AppContext) -> None:
        form = dict(ctx.ui["form"], errors=[])
        if form != dict(ctx.ui["initial"], errors=[]):
            ctx.ui["dialog"] = "unsaved"
        else:
            self._pop(ctx)

    def _discard(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = ""
        self._pop(ctx)

    def _delete(self, ctx: AppContext) -> None:
        form_id = ctx.ui["form"]["id"]
        ctx.data["expenses"] = [e for e in ctx.data["expenses"] if e["id"] != form_id]
        ctx.ui["dialog"] = ""
        self._pop(ctx)

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = ""

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = ""

    # -- screens -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui["nav"][-1]
        bar, body = {
            "whats_new": self._whats_new,
            "home": self._home,
            "upcoming": self._upcoming,
            "settings": self._settings,
            "edit": self._edit,
        }[route](ctx)
        if route in ("home", "upcoming"):
            fab = w.fab("", "Add Expense", lambda c: self._open_edit(c, None), cls=BUTTON)
            body = View(layout=FRAME, children=[body, fab])
        children = [bar, body]
        if route in ("home", "upcoming", "settings"):
            items = [
                View(
                    cls=CLICKABLE,
                    text=title,
                    selected=route == title.lower(),
                    on_click=w.bind(self._navigate, title.lower()),
                )
                for title in ("Home", "Upcoming", "Settings")
            ]
            children.append(w.linear_layout(items, horizontal=True, height=210, weight=0))
        content = w.linear_layout(children)
        return Screen(content=content, windows=self._windows(ctx))

    def _top_bar(self, title: str, *actions: View, navigation: View | None = None) -> View:
        return w.toolbar(title, navigation=navigation, actions=actions, rid="", cls=CLICKABLE)

    def _grid_button(self, ctx: AppContext) -> View:
        desc = "Close Grid Mode" if ctx.data["grid"] else "Open Grid Mode"
        return w.button("", "", self._toggle_grid, content_desc=desc, width=147)

    def _whats_new(self, ctx: AppContext) -> tuple[View, View]:
        slide = ctx.ui["slide"]
        title, text = SLIDES[slide]
        last = slide == len(SLIDES) - 1
        page = w.linear_layout(
            [w.image_view(height=600), w.text_view(title), w.text_view(text, height=400)]
        )
        dots = w.linear_layout(
            [View(cls=CLICKABLE, width=60, selected=i == slide) for i in range(len(SLIDES))],
            horizontal=True,
            height=60,
            weight=0,
        )
        ok = w.button("", "OK", self._whats_new_done, enabled=last, height=140, weight=0)
        pager = View(cls=CLICKABLE, children=[page], weight=3)
        return self._top_bar("Whats new?"), w.linear_layout([pager, dots, ok])

    def _home(self, ctx: AppContext) -> tuple[View, View]:
        expenses = sorted(ctx.data["expenses"], key=lambda e: -_exchange(_monthly(e), e["code"]))
        exchanged = any(e["code"] != DEFAULT for e in expenses)
        monthly = sum(_exchange(_monthly(e), e["code"]) for e in expenses)
        prefix = "~" if exchanged else ""

        def money(value: float) -> str:
            return prefix + _to_currency_string(value, "")

        summary = w.linear_layout(
            [
                w.text_view("Monthly", height=90),
                w.text_view(money(monthly), height=80),
                w.linear_layout(
                    [
                        w.linear_layout(
                            [w.text_view("Weekly"), w.text_view(money(monthly * 12 / 52))]
                        ),
                        w.linear_layout([w.text_view("Yearly"), w.text_view(money(monthly * 12))]),
                    ],
                    horizontal=True,
                    height=170,
                    weight=0,
                ),
            ],
            height=360,
            weight=0,
        )
        cards = [self._expense_card(e) for e in expenses]
        listing = View(
            cls=CLICKABLE,
            scrollable=bool(cards),
            scroll_key="home_scroll",
            children=[summary, *cards],
        )
        return self._top_bar("Recurring Expense Tracker", self._grid_button(ctx)), listing

    def _expense_card(self, e: dict[str, Any]) -> View:
        texts = [w.text_view(e["name"], height=80)]
        if e["description"].strip():
            texts.append(w.text_view(e["description"], height=70))
        prices = [w.text_view(_money(_monthly(e), e["code"]), height=80)]
        if e["recurrence"] != MONTHLY or e["every"] != 1:
            per = f"{_money(e['price'], e['code'])} / {e['every']} {SHORT[e['recurrence']]}"
            prices.append(w.text_view(per, height=70))
        return View(
            cls=CLICKABLE,
            layout=HORIZONTAL,
            height=220,
            on_click=w.bind(self._open_edit, e["id"]),
            children=[w.linear_layout(texts), w.linear_layout(prices, width=380)],
        )

    def _upcoming(self, ctx: AppContext) -> tuple[View, View]:
        bar = self._top_bar("Upcoming Payments", self._grid_button(ctx))
        rows = _payments(ctx.data["expenses"])
        if not rows:
            return bar, w.linear_layout([w.image_view(height=263), w.text_view(UPCOMING_EMPTY)])
        summary = w.linear_layout(
            [w.text_view(rows[0]["month"], height=80), w.text_view(rows[0]["sum"], height=80)],
            height=180,
            weight=0,
        )
        items: list[View] = []
        for row in rows:
            if row["payment"] is None:
                items.append(w.text_view(row["month"], height=90))
                continue
            day, e = row["payment"]
            left = w.linear_layout([w.text_view(e["name"]), w.text_view(_date_text(day))])
            right = w.linear_layout(
                [
                    w.text_view(_to_currency_string(e["price"], e["code"])),
                    w.text_view(_in_days(day)),
                ],
                width=380,
            )
            items.append(
                View(
                    cls=CLICKABLE,
                    layout=HORIZONTAL,
                    height=240,
                    on_click=w.bind(self._open_edit, e["id"]),
                    children=[left, right],
                )
            )
        listing = View(cls=CLICKABLE, scrollable=True, scroll_key="upcoming_scroll", children=items)
        return bar, w.linear_layout([summary, listing])

    def _settings(self, ctx: AppContext) -> tuple[View, View]:
        rows = [
            ("General", ""),
            ("Theme mode", "Follow system"),
            ("Default tab", "Home"),
            ("Currency", ""),
            ("Default Currency", "System default"),
            ("Show converted currency", ""),
            ("Backup", ""),
            ("Create backup", ""),
            ("Restore backup", ""),
        ]
        views = [
            w.text_view(t, height=110)
            if not s and t in ("General", "Currency", "Backup")
            else w.list_row(
                t,
                s,
                on_click=lambda c: None,
                title_rid="",
                subtitle_rid="",
                cls=CLICKABLE,
                height=180,
            )
            for t, s in rows
        ]
        listing = View(cls=CLICKABLE, scrollable=True, scroll_key="settings_scroll", children=views)
        return self._top_bar("Settings"), listing

    def _field(self, label: str, key: str, form: dict[str, Any], hint: str, **kw: Any) -> View:
        field = w.edit_text("", form[key], self._text_handler(key), hint=hint, cls=EDIT, **kw)
        views = [field]
        if key in form["errors"]:
            views.append(w.text_view(INVALID, height=60))
        return w.linear_layout([w.text_view(label, height=80), *views], weight=0)

    def _text_handler(self, key: str) -> Any:
        def on_text(ctx: AppContext, text: str) -> None:
            ctx.ui["form"][key] = text

        return on_text

    def _edit(self, ctx: AppContext) -> tuple[View, View]:
        form = ctx.ui["form"]
        new = form["id"] is None
        back = w.button("", "", self._edit_back, width=147)
        actions = (
            [] if new else [w.button("", "", self._ask_delete, content_desc="Delete", width=147)]
        )
        bar = self._top_bar("Edit Expense", *actions, navigation=back)
        price = w.edit_text("", form["price"], self._text_handler("price"), hint="0.00", cls=EDIT)
        code_error = "code" in form["errors"] or not form["code_text"]
        currency = w.linear_layout(
            [
                w.edit_text(
                    "",
                    form["code_text"],
                    self._type_currency,
                    cls=EDIT,
                    on_click=w.bind(self._toggle_menu, "currency"),
                ),
                w.image_view(width=120)
                if code_error
                else w.button("", "", self._clear_currency, width=120),
            ],
            horizontal=True,
            weight=2,
        )
        price_row = w.linear_layout([price, currency], horizontal=True, height=150, weight=0)
        price_views = [w.text_view("Price", height=80), price_row]
        if {"price", "code"} & set(form["errors"]) or not form["code_text"]:
            price_views.append(w.text_view(INVALID, height=60))
        every = w.edit_text("", form["every"], self._type_every, hint="1", cls=EDIT)
        recurrence = w.edit_text(
            "",
            RECURRENCES[form["recurrence"]],
            None,
            cls=EDIT,
            on_click=w.bind(self._toggle_menu, "recurrence"),
            weight=2,
        )
        recurrence_row = w.linear_layout([every, recurrence], horizontal=True, height=150, weight=0)
        first = form["first"]
        # The clickable Row merges its icon and text: the row carries the date or placeholder.
        first_row = View(
            cls=CLICKABLE,
            text=_date_text(dt.date.fromisoformat(first)) if first else "Pick a Date",
            height=150,
            on_click=self._open_picker,
        )
        if first:
            clear = w.button("", "", w.bind(self._set, "first", None), width=147)
            first_row = w.linear_layout([first_row, clear], horizontal=True, height=150, weight=0)
        tags = w.linear_layout(
            [
                w.text_view("Add Tags"),
                w.button("", "", lambda c: None, content_desc="Add Tags", width=147),
                w.button("", "", lambda c: None, width=147),
            ],
            horizontal=True,
            height=147,
            weight=0,
        )
        reminder = w.linear_layout(
            [
                w.text_view("Upcoming payment reminder"),
                View(cls="android.widget.Switch", checkable=True, enabled=False, width=180),
            ],
            horizontal=True,
            height=168,
            weight=0,
        )
        column = [
            self._field("Name", "name", form, "e.g. Netflix"),
            self._field("Description (optional)", "description", form, "e.g. special subscription"),
            w.linear_layout(price_views, weight=0),
            w.text_view("Recurrence", height=80),
            recurrence_row,
            w.text_view("First Payment (optional)", height=80),
            first_row,
            tags,
            reminder,
            w.button("", "Add Expense" if new else "Save", self._save, height=140, weight=0),
        ]
        body = View(cls=CLICKABLE, scrollable=True, scroll_key="edit_scroll", children=column)
        return bar, body

    def _ask_delete(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "delete"

    # -- windows -----------------------------------------------------------------------------
    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["menu"] == "currency":
            text = ui["form"]["code_text"].lower()
            options = [(c, n) for c, _, n in CURRENCIES if text in n.lower()]
            if options:
                rows = [self._menu_item(n, w.bind(self._choose_currency, c)) for c, n in options]
                windows.append(self._dropdown(rows, (380, 760, 1040, 1660), "currency_scroll"))
        elif ui["menu"] == "recurrence":
            rows = [
                self._menu_item(n, w.bind(self._choose_recurrence, i))
                for i, n in enumerate(RECURRENCES)
            ]
            windows.append(self._dropdown(rows, (380, 1100, 1040, 1620), ""))
        if ui["picker"] is not None:
            windows.append(self._date_picker(ui["picker"]))
        if ui["dialog"] == "unsaved":
            windows.append(
                w.confirm_dialog(
                    "Unsaved Changes",
                    "You have unsaved changes. Do you want to discard them?",
                    ("Discard", self._discard),
                    ("Cancel", self._close_dialog),
                    self._close_dialog,
                )
            )
        elif ui["dialog"] == "delete":
            body = [w.dialog_message("Do you really want to delete this expense?")]
            buttons = w.dialog_buttons(("Delete", self._delete), ("Cancel", self._close_dialog))
            windows.append(w.alert_dialog(View(height=0), body, buttons, self._close_dialog))
        return windows

    def _menu_item(self, text: str, handler: Any) -> View:
        return View(cls=CLICKABLE, text=text, height=126, on_click=handler)

    def _dropdown(self, rows: list[View], bounds: tuple[int, int, int, int], key: str) -> Window:
        root = View(cls=CLICKABLE, scrollable=bool(key), scroll_key=key, children=rows)
        return Window(
            root=root, kind="menu", modal=False, on_dismiss=self._close_menu, bounds=bounds
        )

    def _date_picker(self, p: dict[str, Any]) -> Window:
        """Material 3's DatePickerDialog: its headline, the month with its arrows, the day
        cells, and the app's one "OK" button."""
        year, month = p["year"], p["month"]
        chosen = dt.date.fromisoformat(p["day"])
        cells: list[View] = [
            View(cls=CLICKABLE, width=140)
            for _ in range((calendar.weekday(year, month, 1) + 1) % 7)
        ]
        for d in range(1, calendar.monthrange(year, month)[1] + 1):
            cells.append(
                View(
                    cls=CLICKABLE,
                    text=str(d),
                    selected=dt.date(year, month, d) == chosen,
                    on_click=w.bind(self._pick_day, d),
                    width=140,
                )
            )
        weeks = [
            w.linear_layout(cells[i : i + 7], horizontal=True, height=110, weight=0)
            for i in range(0, len(cells), 7)
        ]
        head = w.linear_layout(
            [
                w.button("", f"{calendar.month_name[month]} {year}", None, width=500),
                w.button(
                    "",
                    "",
                    w.bind(self._picker_month, -1),
                    content_desc="Change to previous month",
                    width=147,
                ),
                w.button(
                    "",
                    "",
                    w.bind(self._picker_month, 1),
                    content_desc="Change to next month",
                    width=147,
                ),
            ],
            horizontal=True,
            height=147,
            weight=0,
        )
        root = w.linear_layout(
            [
                w.text_view("Select date", height=90),
                w.text_view(_date_text(chosen), height=120),
                head,
                *weeks,
                w.linear_layout(
                    [View(), w.button("", "OK", self._picker_ok, width=250)],
                    horizontal=True,
                    height=140,
                    weight=0,
                ),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=self._close_picker)


TYPE_BITCOIN = input_text(PACKAGE, "", "Bitcoin", hint=CURRENCY_FIELD)
DATED = [PICK_DATE, DATE_OK, ADD]
WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "RecurringExpenseTracker#767": [
        # No first payment date: Upcoming lists nothing (its placeholder).
        [*TETHER_EXPENSE, ADD, UPCOMING],
        # A three-letter crypto code: ICU formats it.
        [*START, TYPE_BITCOIN, BITCOIN, HIDE_KEYBOARD, *DATED, UPCOMING],
        # Typed but not chosen: the selection stays US Dollar.
        [*START, TYPE_TETHER, HIDE_KEYBOARD, HIDE_KEYBOARD, *DATED, UPCOMING],
        # Saved but never opened Upcoming: Home shows the converted price.
        [*TETHER_EXPENSE, *DATED, HOME],
    ],
}
