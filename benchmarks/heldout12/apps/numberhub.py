"""NumberHub (``app.myzel394.numberhub``) 0.2.0, for NumberHub#21.

Modelled from the sources at tag ``v0.2.0`` (commit ``1b292c1``, "chore: Fix version"; NumberHub
is a fork of Unitto): ``app/.../MainActivity.kt``, ``App.kt`` (the drawer and its navigation),
``core/ui/.../common/NavigationDrawer.kt``, ``SheetContent.kt``, ``DrawerItem.kt``,
``DrawerButton.kt``, ``SearchBar.kt``, ``Chip.kt``, ``core/ui/model/DrawerItem.kt``,
``feature/converter/ConverterScreen.kt``, ``ConverterViewModel.kt``,
``UnitFromSelectorScreen.kt``, ``UnitFromSelectorViewModel.kt``, ``UnitToSelectorScreen.kt``,
``components/ChipsRow.kt``, ``UnitsList.kt``, ``BasicUnitListItem.kt``,
``UnitSelectionButton.kt``, ``ConverterKeyboard.kt``, ``ValueOneSummary.kt``,
``data/converter/UnitsRepositoryImpl.kt`` (``getPairId``, ``convertDefault``,
``filterUnitCollections``), ``collections/Length.kt``, ``collections/Currency.kt``,
``data/model/.../NormalUnit.kt``, ``data/userprefs/PreferenceExt.kt`` (defaults: start on the
calculator, last pair Kilometer -> Mile, all unit groups shown, sorting by scale ascending, the
AC button on) and ``core/base/res/values/strings.xml``; and the fix, commit ``4e509cb``
("fix(converter): Only show OneValueSummary if unitTo is not 0", released as 0.2.1).

The app is Jetpack Compose: no resource ids. It opens on the calculator (no first-run screen);
the "Open menu" button (or a swipe from the left edge on a top-level screen) opens the drawer:
"NumberHub", Calculator, Unit converter, Date calculator, Time zones, Body mass, then Settings.
The converter shows the input (placeholder "0"), the unit's short name, the result, the other
short name, the two unit buttons around "Swap units", and its keyboard. The left unit button
opens the unit picker: a search bar ("Navigate up", "Search…", "Add or remove unit from
favorites"), the unit group chips (two rows until expanded; the current unit's group chosen;
tapping the chosen chip un-chooses it, showing every group) and the units, under their group's
header, each with its short name and a favourite toggle. Picking a unit sets it as the left unit,
pairs the right unit with it (``getPairId``: a unit's stored pair, a fixed pair for common units,
else the group's first unit) and goes back. The right unit button opens the same list for the
left unit's group only.

The bug (NumberHub#21, crash): ``ConverterScreen`` shows ``ValueOneSummary`` ("1 <unit> = ...")
whenever the last result is a plain conversion and ``unitTo.factor >= 0``; every currency has
the factor 0 (its rates live in a separate table), so right after a currency becomes the left
unit (paired with another currency) the summary computes ``0 / 0`` in ``NormalUnit.convert`` and
``BigDecimal.divide`` throws ``java.lang.ArithmeticException: Division undefined``, while the
previous plain result is still shown. The crash comes on the first composition, so it happens
whatever the rates do. The new pair is stored (``updateLatestPairOfUnits``), so opening the
converter again with a currency pair crashes as soon as a currency result arrives (the report's
later comments).

Stubbed: the calculator (input and digit keys only), Date calculator, Time zones, Body mass and
Settings (a title), the unit groups other than Length and Currency (their chips work, their
lists are empty), the group settings chip, the favourite toggles (they only mark the row). The
search matches names and short names by substring (the app ranks by a Levenshtein distance).
Network content replaced by fixed data: the currency rates (every pair 1.0, fetched at once).
Uncertain: the exception's frames (the report has no stack trace) are the composition path the
sources give, de-obfuscated.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

PACKAGE = "app.myzel394.numberhub"
MAIN = ".MainActivity"

LENGTH_UNITS = (
    ("attometer", 1, "Attometer", "am"),
    ("nanometer", 1000000000, "Nanometer", "nm"),
    ("micrometer", 1000000000000, "Micrometer", "μm"),
    ("millimeter", 1000000000000000, "Millimeter", "mm"),
    ("centimeter", 10000000000000000, "Centimeter", "cm"),
    ("inch", 25400000000000000, "Inch", "in"),
    ("decimeter", 100000000000000000, "Decimeter", "dm"),
    ("foot", 304800000000000000, "Foot", "ft"),
    ("yard", 914400000000000000, "Yard", "yd"),
    ("meter", 1000000000000000000, "Meter", "m"),
    ("kilometer", 1000000000000000000000, "Kilometer", "km"),
    ("mile", 1609344000000000000000, "Mile", "Mi"),
    ("nautical_mile", 1852000000000000000000, "Nautical mile", "M"),
    (
        "mercury_equatorial_radius",
        2439700000000000000000000,
        "Mercury equatorial radius",
        "Mercury R",
    ),
    ("mars_equatorial_radius", 3389500000000000000000000, "Mars equatorial radius", "Mars R"),
    ("venus_equatorial_radius", 6051800000000000000000000, "Venus equatorial radius", "Venus R"),
    ("earth_equatorial_radius", 6371000000000000000000000, "Earth equatorial radius", "Earth R"),
    (
        "neptune_equatorial_radius",
        24622000000000000000000000,
        "Neptune equatorial radius",
        "Neptune R",
    ),
    (
        "uranus_equatorial_radius",
        25362000000000000000000000,
        "Uranus equatorial radius",
        "Uranus R",
    ),
    (
        "saturn_equatorial_radius",
        58232000000000000000000000,
        "Saturn equatorial radius",
        "Saturn R",
    ),
    (
        "jupiter_equatorial_radius",
        69911000000000000000000000,
        "Jupiter equatorial radius",
        "Jupiter R",
    ),
    ("sun_equatorial_radius", 695508000000000000000000000, "Sun equatorial radius", "Sun R"),
    ("light_year", 9460730472000000000000000000000000, "Light year", "ly"),
    ("parsec", 30856775814913600000000000000000000, "Parsec", "pc"),
    ("kiloparsec", 30856775814913600000000000000000000000, "Kiloparsec", "kpc"),
    ("megaparsec", 30856775814913600000000000000000000000000, "Megaparsec", "Mpc"),
)
# Currency.kt's units in its order: id|name|short name (all with factor 0).
CURRENCY_TABLE = """
1inch|1inch Network|NCH
ada|Cardano|ADA
aed|United Arab Emirates Dirham|AED
afn|Afghan afghani|AFN
algo|Algorand|LGO
all|Albanian lek|ALL
amd|Armenian dram|AMD
ang|Netherlands Antillean Guilder|ANG
aoa|Angolan kwanza|AOA
ars|Argentine peso|ARS
atom|Atomic Coin|TOM
aud|Australian dollar|AUD
avax|Avalanche|VAX
awg|Aruban florin|AWG
azn|Azerbaijani manat|AZN
bam|Bosnia-Herzegovina Convertible Mark|BAM
bbd|Bajan dollar|BBD
bch|Bitcoin Cash|BCH
bdt|Bangladeshi taka|BDT
bgn|Bulgarian lev|BGN
bhd|Bahraini dinar|BHD
bif|Burundian Franc|BIF
bmd|Bermudan dollar|BMD
bnb|Binance Coin|BNB
bnd|Brunei dollar|BND
bob|Bolivian boliviano|BOB
brl|Brazilian real|BRL
bsd|Bahamian dollar|BSD
btc|Bitcoin|BTC
btn|Bhutan currency|BTN
busd|Binance USD|USD
bwp|Botswanan Pula|BWP
byn|New Belarusian Ruble|BYN
byr|Belarusian Ruble|BYR
bzd|Belize dollar|BZD
cad|Canadian dollar|CAD
cdf|Congolese franc|CDF
chf|Swiss franc|CHF
chz|Chiliz|CHZ
clf|Chilean Unit of Account (UF)|CLF
clp|Chilean peso|CLP
cny|Chinese Yuan|CNY
cop|Colombian peso|COP
crc|Costa Rican Colón|CRC
cro|Crypto.com Chain Token|CRO
cuc|Cuban convertible peso|CUC
cup|Cuban Peso|CUP
cve|Cape Verdean escudo|CVE
czk|Czech koruna|CZK
dai|Dai|DAI
djf|Djiboutian franc|DJF
dkk|Danish krone|DKK
doge|Dogecoin|OGE
dop|Dominican peso|DOP
dot|Dotcoin|DOT
dzd|Algerian dinar|DZD
egld|Elrond|GLD
egp|Egyptian pound|EGP
enj|Enjin Coin|ENJ
ern|Eritrean nakfa|ERN
etb|Ethiopian birr|ETB
etc|Ethereum Classic|ETC
eth|Ether|ETH
eur|Euro|EUR
fil|FileCoin|FIL
fjd|Fijian dollar|FJD
fkp|Falkland Islands pound|FKP
ftt|FarmaTrust|FTT
gbp|Pound sterling|GBP
gel|Georgian lari|GEL
ggp|GGPro|GGP
ghs|Ghanaian cedi|GHS
gip|Gibraltar pound|GIP
gmd|Gambian dalasi|GMD
gnf|Guinean franc|GNF
grt|Golden Ratio Token|GRT
gtq|Guatemalan quetzal|GTQ
gyd|Guyanaese Dollar|GYD
hkd|Hong Kong dollar|HKD
hnl|Honduran lempira|HNL
hrk|Croatian kuna|HRK
htg|Haitian gourde|HTG
huf|Hungarian forint|HUF
icp|Internet Computer|ICP
idr|Indonesian rupiah|IDR
ils|Israeli New Shekel|ILS
imp|CoinIMP|IMP
inj|Injective|INJ
inr|Indian rupee|INR
iqd|Iraqi dinar|IQD
irr|Iranian rial|IRR
isk|Icelandic króna|ISK
jep|Jersey Pound|JEP
jmd|Jamaican dollar|JMD
jod|Jordanian dinar|JOD
jpy|Japanese yen|JPY
kes|Kenyan shilling|KES
kgs|Kyrgystani Som|KGS
khr|Cambodian riel|KHR
kmf|Comorian franc|KMF
kpw|North Korean won|KPW
krw|South Korean won|KRW
ksm|Kusama|KSM
kwd|Kuwaiti dinar|KWD
kyd|Cayman Islands dollar|KYD
kzt|Kazakhstani tenge|KZT
lak|Laotian Kip|LAK
lbp|Lebanese pound|LBP
link|ChainLink|INK
lkr|Sri Lankan rupee|LKR
lrd|Liberian dollar|LRD
lsl|Lesotho loti|LSL
ltc|Litecoin|LTC
ltl|Lithuanian litas|LTL
luna|Luna Coin|UNA
lvl|Latvian lats|LVL
lyd|Libyan dinar|LYD
mad|Moroccan dirham|MAD
matic|Polygon|TIC
mdl|Moldovan leu|MDL
mga|Malagasy ariary|MGA
mkd|Macedonian denar|MKD
mmk|Myanmar Kyat|MMK
mnt|Mongolian tugrik|MNT
mop|Macanese pataca|MOP
mro|Mauritanian ouguiya|MRO
mur|Mauritian rupee|MUR
mvr|Maldivian rufiyaa|MVR
mwk|Malawian kwacha|MWK
mxn|Mexican peso|MXN
myr|Malaysian ringgit|MYR
mzn|Mozambican Metical|MZN
nad|Namibian dollar|NAD
ngn|Nigerian naira|NGN
nio|Nicaraguan córdoba|NIO
nok|Norwegian krone|NOK
npr|Nepalese rupee|NPR
nzd|New Zealand dollar|NZD
omr|Omani rial|OMR
one|Menlo One|ONE
pab|Panamanian balboa|PAB
pen|Sol|PEN
pgk|Papua New Guinean kina|PGK
php|Philippine peso|PHP
pkr|Pakistani rupee|PKR
pln|Poland złoty|PLN
pyg|Paraguayan guarani|PYG
qar|Qatari Rial|QAR
ron|Romanian leu|RON
rsd|Serbian dinar|RSD
rub|Russian ruble|RUB
rwf|Rwandan Franc|RWF
sar|Saudi riyal|SAR
sbd|Solomon Islands dollar|SBD
scr|Seychellois rupee|SCR
sdg|Sudanese pound|SDG
sek|Swedish krona|SEK
sgd|Singapore dollar|SGD
shib|Shiba Inu|HIB
shp|Saint Helena pound|SHP
sll|Sierra Leonean leone|SLL
sol|Sola|SOL
sos|Somali shilling|SOS
srd|Surinamese dollar|SRD
std|São Tomé and Príncipe Dobra (pre-2018)|STD
svc|Salvadoran Colón|SVC
syp|Syrian pound|SYP
szl|Swazi lilangeni|SZL
thb|Thai baht|THB
theta|Theta|ETA
tjs|Tajikistani somoni|TJS
tmt|Turkmenistani manat|TMT
tnd|Tunisian dinar|TND
top|Tongan Paʻanga|TOP
trx|TRON|TRX
try|Turkish lira|TRY
ttd|Trinidad & Tobago Dollar|TTD
twd|New Taiwan dollar|TWD
tzs|Tanzanian shilling|TZS
uah|Ukrainian hryvnia|UAH
ugx|Ugandan shilling|UGX
uni|Universe|UNI
usd|United States dollar|USD
usdc|USD Coin|SDC
usdt|Tether|SDT
uyu|Uruguayan peso|UYU
uzs|Uzbekistani som|UZS
vef|Sovereign Bolivar|VEF
vet|Vechain|VET
vnd|Vietnamese dong|VND
vuv|Vanuatu vatu|VUV
wbtc|Wrapped Bitcoin|BTC
wst|Samoan tala|WST
xaf|Central African CFA franc|XAF
xag|Silver Ounce|XAG
xau|XauCoin|XAU
xcd|East Caribbean dollar|XCD
xdr|Special Drawing Rights|XDR
xlm|Stellar|XLM
xmr|Monero|XMR
xof|West African CFA franc|XOF
xpf|CFP franc|XPF
xrp|XRP|XRP
yer|Yemeni rial|YER
zar|South African rand|ZAR
zmk|Zambian kwacha|ZMK
zmw|Zambian Kwacha|ZMW
zwl|Zimbabwean Dollar|ZWL
"""

# UnitGroup entries in their order (the default order of the chips): (key, label).
UNIT_GROUPS = (
    ("LENGTH", "Length"),
    ("CURRENCY", "Currency"),
    ("MASS", "Mass"),
    ("SPEED", "Speed"),
    ("TEMPERATURE", "Temperature"),
    ("AREA", "Area"),
    ("TIME", "Time"),
    ("VOLUME", "Volume"),
    ("DATA", "Data"),
    ("PRESSURE", "Pressure"),
    ("ACCELERATION", "Acceleration"),
    ("ENERGY", "Energy"),
    ("POWER", "Power"),
    ("ANGLE", "Angle"),
    ("DATA_TRANSFER", "Data transfer"),
    ("FLUX", "Flux"),
    ("NUMBER_BASE", "Base"),
    ("ELECTROSTATIC_CAPACITANCE", "Capacitance"),
    ("PREFIX", "Prefix"),
    ("FORCE", "Force"),
    ("TORQUE", "Torque"),
    ("FLOW_RATE", "Flow"),
    ("LUMINANCE", "Luminance"),
    ("FUEL_CONSUMPTION", "Fuel"),
)
GROUP_LABEL = dict(UNIT_GROUPS)
COLLAPSED_CHIPS = 7  # the chips that fit two rows of a 411 dp wide screen before "expand"

# getPairId's fixed pairs (the Length ones; the others fall back to the group's first unit).
FIXED_PAIRS = {
    "nanometer": "micrometer",
    "micrometer": "millimeter",
    "millimeter": "centimeter",
    "centimeter": "inch",
    "inch": "centimeter",
    "decimeter": "centimeter",
    "foot": "meter",
    "yard": "meter",
    "meter": "foot",
    "kilometer": "mile",
    "mile": "kilometer",
    "nautical_mile": "kilometer",
    "mercury_equatorial_radius": "kilometer",
    "mars_equatorial_radius": "kilometer",
    "venus_equatorial_radius": "kilometer",
    "earth_equatorial_radius": "kilometer",
    "neptune_equatorial_radius": "kilometer",
    "uranus_equatorial_radius": "kilometer",
    "saturn_equatorial_radius": "kilometer",
}

# Every modelled unit: id -> (group, factor, backward, name, short name).
UNITS: dict[str, tuple[str, Decimal, bool, str, str]] = {}
for _uid, _factor, _name, _short in LENGTH_UNITS:
    UNITS[_uid] = ("LENGTH", Decimal(_factor), False, _name, _short)
for _row in CURRENCY_TABLE.strip().splitlines():
    _uid, _name, _short = _row.split("|")
    UNITS["currency_" + _uid] = ("CURRENCY", Decimal(0), True, _name, _short)
GROUP_UNITS = {
    key: [uid for uid, unit in UNITS.items() if unit[0] == key] for key, _ in UNIT_GROUPS
}

DRAWER = (
    ("calculator", "Calculator"),
    ("converter", "Unit converter"),
    ("date", "Date calculator"),
    ("time_zones", "Time zones"),
    ("body_mass", "Body mass"),
)
SETTINGS = ("settings", "Settings")
TITLES = dict((*DRAWER, SETTINGS))
TOP_LEVEL = {route for route, _ in (*DRAWER, SETTINGS)}

FAVORITE = "Add or remove unit from favorites"
NO_RESULTS = (
    "Make sure there are no typos, try different filters or check for disabled unit groups."
)
# The converter keyboard (AC button on): (content description, token), row by row.
KEYBOARD = (
    (("Delete", "AC"), ("Brackets", "()"), ("Power", "^"), ("Square root", "√")),
    (("7", "7"), ("8", "8"), ("9", "9"), ("Divide", "÷")),
    (("4", "4"), ("5", "5"), ("6", "6"), ("Multiply", "×")),
    (("1", "1"), ("2", "2"), ("3", "3"), ("Minus", "−")),
    (("0", "0"), ("Dot", "."), ("Delete", "⌫"), ("Plus", "+")),
)

SUMMARY_FRAMES = (
    "java.math.BigDecimal.divide(BigDecimal.java:1838)",
    "java.math.BigDecimal.divide(BigDecimal.java:1760)",
    "app.myzel394.numberhub.data.model.converter.unit.NormalUnit.convert(NormalUnit.kt:43)",
    "app.myzel394.numberhub.feature.converter.components.ValueOneSummaryKt.ValueOneSummary(ValueOneSummary.kt:46)",
    "app.myzel394.numberhub.feature.converter.ConverterScreenKt$Default$4.invoke(ConverterScreen.kt:497)",
    "app.myzel394.numberhub.feature.converter.ConverterScreenKt$Default$4.invoke(ConverterScreen.kt:292)",
    "app.myzel394.numberhub.core.ui.common.ColumnWithConstraintsKt$ColumnWithConstraints$1.invoke(ColumnWithConstraints.kt:44)",
    "androidx.compose.runtime.internal.ComposableLambdaImpl.invoke(ComposableLambda.jvm.kt:118)",
    "androidx.compose.foundation.layout.BoxWithConstraintsKt$BoxWithConstraints$1$1$measurables$1.invoke(BoxWithConstraints.kt:80)",
    "androidx.compose.ui.layout.LayoutNodeSubcompositionsState.subcompose(SubcomposeLayout.kt:1008)",
    "androidx.compose.runtime.Recomposer.performRecompose(Recomposer.kt:1366)",
    "androidx.compose.runtime.Recomposer$runRecomposeAndApplyChanges$2$1.invoke(Recomposer.kt:617)",
    "androidx.compose.ui.platform.AndroidUiFrameClock$withFrameNanos$2$callback$1.doFrame(AndroidUiFrameClock.android.kt:39)",
    "androidx.compose.ui.platform.AndroidUiDispatcher.performFrameDispatch(AndroidUiDispatcher.android.kt:108)",
    "androidx.compose.ui.platform.AndroidUiDispatcher$dispatchCallback$1.doFrame(AndroidUiDispatcher.android.kt:63)",
    "android.view.Choreographer$CallbackRecord.run(Choreographer.java:1339)",
    "android.view.Choreographer.doCallbacks(Choreographer.java:1003)",
    "android.view.Choreographer.doFrame(Choreographer.java:901)",
    "android.view.Choreographer$FrameDisplayEventReceiver.run(Choreographer.java:1325)",
    "android.os.Handler.handleCallback(Handler.java:958)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loopOnce(Looper.java:205)",
    "android.os.Looper.loop(Looper.java:294)",
    "android.app.ActivityThread.main(ActivityThread.java:8177)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:552)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:971)",
)


def _divide(dividend: Decimal, divisor: Decimal) -> Decimal:
    """Kotlin's ``BigDecimal.div`` (``divide(other, HALF_EVEN)``), failing as Java's does."""
    if divisor == 0:
        message = "Division undefined" if dividend == 0 else "Division by zero"
        raise JavaException("java.lang.ArithmeticException", message, list(SUMMARY_FRAMES))
    return dividend / divisor


def convert(unit_from: str, unit_to: str, value: Decimal) -> Decimal:
    """``NormalUnit.convert``: ``value`` of ``unit_from`` in ``unit_to``."""
    _, f_from, back_from, _, _ = UNITS[unit_from]
    _, f_to, back_to, _, _ = UNITS[unit_to]
    if value == 0:
        return Decimal(0)
    if back_from and back_to:
        return _divide(f_to * value, f_from)
    if back_from:
        return _divide(_divide(f_from, f_to), value)
    if back_to:
        return _divide(_divide(f_to, f_from), value)
    return _divide(f_from * value, f_to)


def _plain(value: Decimal) -> str:
    text = f"{value:.8f}".rstrip("0").rstrip(".")
    return text or "0"


def _converter_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of NumberHub#21: the converter died computing its "1 unit = " summary."""
    return crashed(system, PACKAGE, "java.lang.ArithmeticException", "Division undefined")


MENU = click(PACKAGE, desc="Open menu")
OPEN_CONVERTER = [MENU, click(PACKAGE, text="Unit converter")]

BUG_21 = BugSpec(
    bug_id="NumberHub#21",
    kind="crash",
    title="Crash when switching to currency options",
    oracle=_converter_crashed,
    human_steps=(
        *OPEN_CONVERTER,
        click(PACKAGE, text="Kilometer", cls="android.widget.Button"),
        click(PACKAGE, text="Currency"),
        click(PACKAGE, text="United Arab Emirates Dirham"),
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "NumberHub#21": [
        # the currency list shown, nothing picked
        [*OPEN_CONVERTER, click(PACKAGE, text="Kilometer"), click(PACKAGE, text="Currency")],
        # another length unit on the left
        [*OPEN_CONVERTER, click(PACKAGE, text="Kilometer"), click(PACKAGE, text="Centimeter")],
        # the right unit changed instead (its list holds lengths only)
        [*OPEN_CONVERTER, click(PACKAGE, text="Mile"), click(PACKAGE, text="Centimeter")],
        # back out of the currency list
        [
            *OPEN_CONVERTER,
            click(PACKAGE, text="Kilometer"),
            click(PACKAGE, text="Currency"),
            click(PACKAGE, desc="Navigate up"),
            click(PACKAGE, desc="Swap units"),
        ],
        # another tool of the drawer
        [MENU, click(PACKAGE, text="Date calculator")],
    ]
}


def _icon_button(desc: str, handler: Any, **kw: Any) -> View:
    """A Compose icon button: an unlabelled ``Button`` described as ``desc``."""
    return w.button(content_desc=desc, handler=handler, width=147, **kw)


class NumberHub(VirtualApp):
    """NumberHub 0.2.0: calculator, drawer, unit converter and its unit pickers."""

    name: ClassVar[str] = "NumberHub"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Calculator"  # the application's label is @string/calculator_title
    version: ClassVar[str] = "0.2.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_21,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "latest_left": "kilometer",
            "latest_right": "mile",
            "pairs": {},  # UnitsEntity.pairedUnitId
            "favorites": [],
            "favorites_only": False,
        }

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("stack", ["calculator"])
        ui.setdefault("drawer", False)
        ui.setdefault("calc_input", "")
        ui.setdefault("input", "")
        ui.setdefault("result", "")  # "" (Loading), "default", "error"
        ui.setdefault("value", "0")
        ui.setdefault("left", ctx.data["latest_left"])
        ui.setdefault("right", ctx.data["latest_right"])
        ui.setdefault("query", "")
        ui.setdefault("group", None)
        ui.setdefault("chips_expanded", False)
        ui.setdefault("list_scroll", 0)

    # -- navigation ----------------------------------------------------------------------------
    def _route(self, ctx: AppContext) -> str:
        return str(ctx.ui["stack"][-1])

    def _open_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = True

    def _close_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = False

    def _select(self, ctx: AppContext, route: str) -> None:
        """A drawer entry: navigate to its graph, popping up to the calculator."""
        ctx.ui["drawer"] = False
        ctx.ui["stack"] = ["calculator"] if route == "calculator" else ["calculator", route]
        if route == "converter":
            ctx.ui["left"] = ctx.data["latest_left"]
            ctx.ui["right"] = ctx.data["latest_right"]
            ctx.ui["result"] = ""
            self._convert(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "drawer"):
            return True
        if self._route(ctx) in ("unit_from", "unit_to") and ctx.ui["query"]:
            ctx.ui["query"] = ""
            return True
        return w.pop_back_stack(ctx.ui["stack"])

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if direction == "right" and self._route(ctx) in TOP_LEVEL and not ctx.ui["drawer"]:
            ctx.ui["drawer"] = True
            return True
        return False

    # -- the converter -------------------------------------------------------------------------
    def _convert(self, ctx: AppContext) -> None:
        """``convertDefault`` for the current input and units, then the screen's composition."""
        text = ctx.ui["input"] or "0"
        expression = text.replace("×", "*").replace("÷", "/").replace("−", "-").replace("^", "**")
        try:
            if any(c not in "0123456789.+-*/() " for c in expression):
                raise ValueError(expression)
            value = Decimal(str(eval(expression, {"__builtins__": {}})))  # noqa: S307
        except ZeroDivisionError:
            ctx.ui["result"] = "error"
            self._compose(ctx)
            return
        except (ValueError, SyntaxError, InvalidOperation, TypeError):
            self._compose(ctx)  # BadInput: the last result stays
            return
        left, right = ctx.ui["left"], ctx.ui["right"]
        if UNITS[left][0] == "CURRENCY":
            # convertCurrencies: the day's rates (fixed data: every pair 1.0)
            ctx.ui["value"] = _plain(value)
        else:
            ctx.ui["value"] = _plain(convert(left, right, value))
        ctx.ui["result"] = "default"
        self._compose(ctx)

    def _compose(self, ctx: AppContext) -> None:
        """What composing the converter computes: ``ValueOneSummary`` when the result is a
        plain conversion and ``unitTo.factor >= 0``."""
        if self._route(ctx) != "converter" or ctx.ui["result"] != "default":
            return
        right = ctx.ui["right"]
        if UNITS[right][1] >= 0:  # the bug: a currency's factor is 0
            convert(ctx.ui["left"], right, Decimal(1))

    def _key(self, ctx: AppContext, token: str) -> None:
        if token == "AC":
            ctx.ui["input"] = ""
        elif token == "⌫":
            ctx.ui["input"] = ctx.ui["input"][:-1]
        elif token == "()":
            opened = ctx.ui["input"].count("(") > ctx.ui["input"].count(")")
            ctx.ui["input"] += ")" if opened else "("
        else:
            ctx.ui["input"] += token
        self._convert(ctx)

    def _typed(self, ctx: AppContext, text: str) -> None:
        ctx.ui["input"] = text
        self._convert(ctx)

    def _pair_of(self, ctx: AppContext, uid: str) -> str:
        """``getPairId``: the stored pair, a fixed one, else the first favourite or the group's
        first unit."""
        stored = ctx.data["pairs"].get(uid)
        if stored:
            return str(stored)
        if uid in FIXED_PAIRS:
            return FIXED_PAIRS[uid]
        group = GROUP_UNITS[UNITS[uid][0]]
        favorite = [u for u in group if u in ctx.data["favorites"]]
        return favorite[0] if favorite else group[0]

    def _open_picker(self, ctx: AppContext, route: str) -> None:
        ctx.ui["stack"].append(route)
        ctx.ui["query"] = ""
        ctx.ui["group"] = UNITS[ctx.ui["left"]][0]
        ctx.ui["chips_expanded"] = False
        ctx.ui["list_scroll"] = 0

    def _pick_from(self, ctx: AppContext, uid: str) -> None:
        ctx.ui["query"] = ""
        ctx.ui["left"] = uid
        ctx.ui["right"] = self._pair_of(ctx, uid)
        ctx.data["latest_left"], ctx.data["latest_right"] = ctx.ui["left"], ctx.ui["right"]
        ctx.ui["stack"].pop()
        self._convert(ctx)

    def _pick_to(self, ctx: AppContext, uid: str) -> None:
        ctx.ui["query"] = ""
        ctx.ui["right"] = uid
        ctx.data["pairs"][ctx.ui["left"]] = uid
        ctx.data["latest_left"], ctx.data["latest_right"] = ctx.ui["left"], uid
        ctx.ui["stack"].pop()
        self._convert(ctx)

    def _swap(self, ctx: AppContext) -> None:
        ctx.ui["left"], ctx.ui["right"] = ctx.ui["right"], ctx.ui["left"]
        ctx.data["pairs"][ctx.ui["left"]] = ctx.ui["right"]
        ctx.data["latest_left"], ctx.data["latest_right"] = ctx.ui["left"], ctx.ui["right"]
        self._convert(ctx)

    def _chip(self, ctx: AppContext, key: str) -> None:
        ctx.ui["group"] = None if ctx.ui["group"] == key else key
        ctx.ui["chips_expanded"] = False
        ctx.ui["list_scroll"] = 0

    def _expand(self, ctx: AppContext, expanded: bool) -> None:
        ctx.ui["chips_expanded"] = expanded

    def _query(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text
        ctx.ui["list_scroll"] = 0

    def _clear_query(self, ctx: AppContext) -> None:
        ctx.ui["query"] = ""

    def _favorites_only(self, ctx: AppContext) -> None:
        ctx.data["favorites_only"] = not ctx.data["favorites_only"]

    def _favorite(self, ctx: AppContext, uid: str) -> None:
        w.toggle(ctx.data["favorites"], uid)

    def _calc_key(self, ctx: AppContext, token: str) -> None:
        ctx.ui["calc_input"] = (
            ctx.ui["calc_input"][:-1] if token == "⌫" else ctx.ui["calc_input"] + token
        )

    # -- screens -------------------------------------------------------------------------------
    def _menu_bar(self) -> View:
        menu = _icon_button("Open menu", self._open_drawer)
        return w.toolbar(
            View(cls="android.view.View", height=w.TOOLBAR_HEIGHT),
            navigation=menu,
            rid="",
            cls="android.view.View",
        )

    def _calculator(self, ctx: AppContext) -> View:
        field = w.edit_text("", ctx.ui["calc_input"], None, height=500)
        rows = [
            w.linear_layout(
                [
                    View(
                        cls="android.view.View",
                        content_desc=key,
                        on_click=w.bind(self._calc_key, key),
                        height=200,
                    )
                    for key in row
                ],
                horizontal=True,
                height=210,
                weight=0,
            )
            for row in (("7", "8", "9"), ("4", "5", "6"), ("1", "2", "3"), ("0", ".", "⌫"))
        ]
        return w.linear_layout([self._menu_bar(), field, *rows])

    def _converter(self, ctx: AppContext) -> View:
        left, right = UNITS[ctx.ui["left"]], UNITS[ctx.ui["right"]]
        shown = {"default": ctx.ui["value"], "error": "Error", "": "Loading…"}[ctx.ui["result"]]
        fields = [
            w.edit_text("", ctx.ui["input"], self._typed, hint="0", height=200),
            w.text_view(left[4], height=60),
            w.edit_text("", shown, None, height=200),
            w.text_view(right[4], height=60),
        ]
        buttons = w.linear_layout(
            [
                w.button(text=left[3], handler=w.bind(self._open_picker, "unit_from"), height=160),
                _icon_button("Swap units", self._swap, height=147),
                w.button(text=right[3], handler=w.bind(self._open_picker, "unit_to"), height=160),
            ],
            horizontal=True,
            height=170,
            weight=0,
        )
        keys = [
            w.linear_layout(
                [
                    View(
                        cls="android.view.View",
                        content_desc=desc,
                        on_click=w.bind(self._key, token),
                        height=165,
                    )
                    for desc, token in row
                ],
                horizontal=True,
                height=172,
                weight=0,
            )
            for row in KEYBOARD
        ]
        return w.linear_layout([self._menu_bar(), *fields, buttons, *keys])

    def _unit_rows(self, ctx: AppContext, to_side: bool) -> list[View]:
        groups = (
            [UNITS[ctx.ui["left"]][0]]
            if to_side
            else ([ctx.ui["group"]] if ctx.ui["group"] else [key for key, _ in UNIT_GROUPS])
        )
        query = ctx.ui["query"].strip().lower()
        current = ctx.ui["right"] if to_side else ctx.ui["left"]
        rows: list[View] = []
        for key in groups:
            units = GROUP_UNITS[key]
            if ctx.data["favorites_only"]:
                units = [u for u in units if u in ctx.data["favorites"]]
            if query:
                units = [
                    u for u in units if query in UNITS[u][3].lower() or query in UNITS[u][4].lower()
                ]
            else:
                units = sorted(units, key=lambda u: u not in ctx.data["favorites"])
            if not units:
                continue
            rows.append(w.text_view(GROUP_LABEL[key], height=120))
            pick = self._pick_to if to_side else self._pick_from
            for uid in units:
                _, _, _, name, short = UNITS[uid]
                star = w.check_box(
                    "",
                    "",
                    uid in ctx.data["favorites"],
                    w.bind(self._favorite, uid),
                    content_desc=FAVORITE,
                    width=147,
                )
                texts = w.linear_layout(
                    [w.text_view(name, height=100), w.text_view(short, height=60)]
                )
                rows.append(
                    View(
                        cls="android.view.View",
                        layout=HORIZONTAL,
                        selected=uid == current,
                        on_click=w.bind(pick, uid),
                        height=180,
                        children=[texts, star],
                    )
                )
        if not rows:
            rows = [
                w.text_view(NO_RESULTS, height=200),
                w.button(text="Open settings", height=140),
            ]
        return rows

    def _chips(self, ctx: AppContext) -> View:
        expanded = ctx.ui["chips_expanded"]
        shown = UNIT_GROUPS if expanded else UNIT_GROUPS[:COLLAPSED_CHIPS]
        chips = [
            View(
                cls="android.view.View",
                on_click=w.bind(self._chip, key),
                height=126,
                children=[w.text_view(label, height=126)],
            )
            for key, label in shown
        ]
        if expanded:
            chips.append(
                View(
                    cls="android.view.View",
                    content_desc="Open settings",
                    on_click=None,
                    clickable=True,
                    height=126,
                )
            )
            chips.append(
                View(
                    cls="android.view.View",
                    on_click=w.bind(self._expand, False),
                    height=126,
                    naf=True,
                )
            )
        else:
            chips.append(
                View(
                    cls="android.view.View",
                    on_click=w.bind(self._expand, True),
                    height=126,
                    naf=True,
                )
            )
        per_row = 4
        rows = [
            w.linear_layout(chips[i : i + per_row], horizontal=True, height=130, weight=0)
            for i in range(0, len(chips), per_row)
        ]
        return w.linear_layout(rows, weight=0)

    def _picker(self, ctx: AppContext, to_side: bool) -> View:
        bar: list[View] = [
            _icon_button("Navigate up", self._picker_up),
            w.edit_text("", ctx.ui["query"], self._query, hint="Search…", height=147),
        ]
        if ctx.ui["query"]:
            bar.append(_icon_button("Clear input", self._clear_query))
        if not to_side:
            bar.append(_icon_button(FAVORITE, self._favorites_only))
        header: list[View] = [w.linear_layout(bar, horizontal=True, height=180, weight=0)]
        if not to_side:
            header.append(self._chips(ctx))
        listing = View(
            cls="android.view.View",
            scrollable=True,
            scroll_key="list_scroll",
            children=self._unit_rows(ctx, to_side),
        )
        return w.linear_layout([*header, listing])

    def _picker_up(self, ctx: AppContext) -> None:
        if ctx.ui["query"]:
            ctx.ui["query"] = ""
        else:
            ctx.ui["stack"].pop()

    def _drawer(self, ctx: AppContext) -> View:
        current = self._route(ctx)

        def entry(route: str, label: str) -> View:
            return View(
                cls="android.view.View",
                text=label,
                content_desc=label,
                selected=route == current,
                on_click=w.bind(self._select, route),
                height=147,
            )

        children = [w.text_view("NumberHub", height=190)]
        children += [entry(route, label) for route, label in DRAWER]
        children.append(View(cls="android.view.View", height=40))
        children.append(entry(*SETTINGS))
        return View(cls="android.view.View", width=945, gravity="start", children=children)

    def render(self, ctx: AppContext) -> Screen:
        route = self._route(ctx)
        if route == "calculator":
            page = self._calculator(ctx)
        elif route == "converter":
            page = self._converter(ctx)
        elif route in ("unit_from", "unit_to"):
            page = self._picker(ctx, route == "unit_to")
        else:
            page = w.linear_layout([self._menu_bar(), w.text_view(TITLES[route], height=200)])
        if not ctx.ui["drawer"]:
            return Screen(content=page)
        scrim = View(cls="android.view.View", on_click=self._close_drawer, clickable=False)
        return Screen(content=View(layout=FRAME, children=[page, scrim, self._drawer(ctx)]))
