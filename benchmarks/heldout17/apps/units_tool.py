"""UnitsTool (``com.unitstool``), ThiBsc's React Native unit converter, version 1.0.13
(``versionName`` of ``android/app/build.gradle`` at commit 37250b5, 2025-03-20, the parent of
2450cdc "Fix issue #11": the sources just before the fix).

Screens (``src/containers/RootNavigation.js``, a native-stack navigator in one activity):

- Home: the header "Home" with the menu trigger (a FontAwesome5 ``bars`` glyph) at its right,
  and a FlatList of the 8 categories of ``src/utils/conversion.json`` (Distance, Weight,
  Temperature, Liquid, Surface, Volume, Chemistry, Currency), each row its icon, its title and
  "(N units)" ("(9 currencies)" for Currency). The menu (react-native-popup-menu) lists the four
  languages of ``translation.json`` and "Dark mode" / "Light mode".
- A category (``ConvertScreen.js``): the header with the category title and the up arrow; the
  value row (``UnitValue.js``: a pencil glyph, the ``Input``, an EditText with hint "Value" and
  initial text "0"; a divide button shown while the field has focus, which appends "/"; the
  reference unit's symbol); then one row per unit (``ListUnitItem.js``): "<value> <symbol>"
  in bold, the unit name (with its emoji) below, and a star button, disabled and orange on the
  reference unit. Tapping a star makes that unit the reference: saved in AsyncStorage
  (``unitstool_<category>_favorite``) and used for the value typed. Values are converted by
  ``utils/conversion.js`` (``formulaToValue``, ``twoDecimals``), shown with
  ``toLocaleString()`` (en-US), as a fraction for "Cup", and as feet and inches for the
  composite "Human height" unit.
- Currency (``ConvertCurrencyScreen.js``) downloads the ECB rates: off the path, a stub with its
  header only.

Bug UnitsTool#11 (non-crash): converting into "Human height" (``compositeUnits`` Feet + Inch),
``convert`` computes the feet (``firstPart``) and the inches of the fraction of a foot
(``secondPart``), then glues them as ``parseFloat(`${floor(firstPart)}.${secondPart with its
"." removed}`)``, rounds that to two decimals, and ``ConvertScreen`` splits the number at its
"." into feet and inches. So 2500 mm (8.2021 ft: 8 ft 2.4252 in) becomes 8.2425... -> 8.24 ->
``8'24"``. The ground truth records every Human height value shown for a value converted from
another unit whose inches are off by half an inch or more, or whose feet are wrong
(``wrong_heights``). The fix (2450cdc) returns ``[feet, twoDecimals(inches)]``.

Not modelled: the menu's languages are stored but the model keeps showing English texts; dark
mode changes only the menu's label; the drag-and-drop reordering of units (a long press starts
a drag; the model's long press drops the row where it was). The currency screen is a stub.
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import HORIZONTAL, Screen, View

PACKAGE = "com.unitstool"
MAIN = ".MainActivity"
BUG = "UnitsTool#11"

# FontAwesome5 glyphs (react-native-vector-icons renders an icon as a Text of one glyph).
GLYPH = {
    "ruler": "\uf545",
    "balance-scale": "\uf24e",
    "thermometer-half": "\uf2c9",
    "tint": "\uf043",
    "square": "\uf0c8",
    "cube": "\uf1b2",
    "vial": "\uf492",
    "coins": "\uf51e",
    "star": "\uf005",
    "pencil-alt": "\uf303",
    "divide": "\uf529",
    "bars": "\uf0c9",
    "info": "\uf129",
    "sun": "\uf185",
    "moon": "\uf186",
}


def _u(name: str, symbol: str, formula: str, **kw: Any) -> dict[str, Any]:
    return {"name": name, "symbol": symbol, "formula": formula, **kw}


# src/utils/conversion.json (1.0.13), in file order.
CATEGORIES: list[dict[str, Any]] = [
    {
        "category": "distance",
        "title": "Distance",
        "icon": "ruler",
        "reference": "Centimeter",
        "units": [
            _u("Millimeter", "mm", "* 10"),
            _u("Centimeter", "cm", "* 1"),
            _u("Meter", "m", "/ 100"),
            _u("Kilometer", "km", "/ 100000"),
            _u("Inch", "in", "/ 2.54"),
            _u("Feet", "ft", "/ 30.48"),
            _u("Yard", "yd", "/ 91.44"),
            _u("Miles", "mi", "/ 160934"),
            {
                "name": "Human height",
                "compositeUnits": True,
                "units": ["Feet", "Inch"],
                "symbols": ["'", '"'],
                "emoji": "🧍",
                "formula": "",
            },
        ],
    },
    {
        "category": "weight",
        "title": "Weight",
        "icon": "balance-scale",
        "reference": "Gram",
        "units": [
            _u("Milligram", "mg", "* 1000"),
            _u("Gram", "g", "* 1"),
            _u("Kilogram", "kg", "/ 1000"),
            _u("Ton", "t", "/ 1000000"),
            _u("Pounds", "lbs", "/ 454"),
        ],
    },
    {
        "category": "temperature",
        "title": "Temperature",
        "icon": "thermometer-half",
        "reference": "Celsius",
        "units": [
            _u("Celsius", "°C", "* 1"),
            _u("Fahrenheit", "°F", "* 1.8 + 32", reverseFormula="- 32 / 1.8"),
            _u("Kelvin", "K", "+ 273.15"),
        ],
    },
    {
        "category": "liquid",
        "title": "Liquid",
        "icon": "tint",
        "reference": "Liter",
        "units": [
            _u("Milliliter", "ml", "* 1000"),
            _u("Centiliter", "cl", "* 100"),
            _u("Liter", "l", "* 1"),
            _u("Cup", "🥣", "* 4.227", isFraction=True),
            _u("US fl oz", "oz", "* 33.814"),
            _u("US Gallon", "gal", "/ 3.785"),
        ],
    },
    {
        "category": "surface",
        "title": "Surface",
        "icon": "square",
        "reference": "Square meter",
        "units": [
            _u("Square centimeter", "cm²", "* 10000"),
            _u("Square meter", "m²", "* 1"),
            _u("Square feet", "ft²", "* 10.764"),
            _u("Hectare", "ha", "/ 10000"),
            _u("Acre", "ac", "/ 4046.8564224"),
        ],
    },
    {
        "category": "volume",
        "title": "Volume",
        "icon": "cube",
        "reference": "Cubic meter",
        "units": [
            _u("Cubic centimeter", "cm³", "* 1000000"),
            _u("Cubic meter", "m³", "* 1"),
            _u("Cubic inch", "in³", "* 61023.7441"),
            _u("Cubic feet", "ft³", "* 35.3146667"),
            _u("Cubic yard", "yd³", "* 1.308"),
        ],
    },
    {
        "category": "chemistry",
        "title": "Chemistry",
        "icon": "vial",
        "reference": "Millimole per liter (glucose)",
        "units": [
            _u("Millimole per liter (glucose)", "mmol/L", "* 1"),
            # The file spells it reverse_formula; conversion.js reads reverseFormula.
            _u(
                "Milligram per deciliter (glucose)", "mg/dL", "* 18.018", reverse_formula="* 0.0555"
            ),
        ],
    },
    {"category": "currency", "title": "Currency", "icon": "coins", "reference": "EUR", "units": []},
]
BY_KEY = {c["category"]: c for c in CATEGORIES}
CURRENCY_COUNT = 9  # managedCurrency of src/utils/currencies.js
LANGUAGES: tuple[tuple[str, str, str], ...] = (
    ("en", "English", "🇬🇧"),
    ("fr", "Français", "🇫🇷"),
    ("es", "Español", "🇪🇸"),
)
LANGUAGES += (("it", "Italiano", "🇮🇹"),)


def wrong_height_shown(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of UnitsTool#11: a Human height was shown with wrong feet or inches for a
    value converted from another distance unit."""
    return bool(data.get("wrong_heights"))


# -- JavaScript number semantics -------------------------------------------------------------------

_FLOAT_PREFIX = re.compile(r"\s*([+-]?(?:Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?))")
_NUMBER = re.compile(r"[+-]?(?:Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)")


def js_parse_float(value: Any) -> float:
    """``Number.parseFloat``: the longest numeric prefix, NaN without one."""
    if isinstance(value, float | int):
        return float(value)
    if value is None:
        return math.nan
    found = _FLOAT_PREFIX.match(str(value))
    return float(found.group(1).replace("Infinity", "inf")) if found else math.nan


def js_number(value: Any) -> float:
    """``Number(value)``, the coercion ``Math.floor("2500")`` makes ("" is 0)."""
    if isinstance(value, float | int):
        return float(value)
    text = str(value).strip()
    if not text:
        return 0.0
    if _NUMBER.fullmatch(text):
        return float(text.replace("Infinity", "inf"))
    return math.nan


def js_parse_int(value: Any) -> float:
    if value is None:
        return math.nan
    found = re.match(r"\s*([+-]?\d+)", str(value))
    return float(int(found.group(1))) if found else math.nan


def js_str(x: float) -> str:
    """``String(number)``."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == int(x) and abs(x) < 1e21:
        return str(int(x))
    d = Decimal(repr(x))
    if 1e-6 <= abs(x) < 1e21:
        return format(d, "f")
    sign, digits, exp = d.as_tuple()
    ds = "".join(map(str, digits)).rstrip("0") or "0"
    e = len(digits) - 1 + int(exp)
    mantissa = ds[0] + ("." + ds[1:] if len(ds) > 1 else "")
    return f"{'-' if sign else ''}{mantissa}e{'+' if e >= 0 else '-'}{abs(e)}"


def js_floor(x: float) -> float:
    return x if math.isnan(x) or math.isinf(x) else float(math.floor(x))


def js_round(x: float) -> float:
    return x if math.isnan(x) or math.isinf(x) else float(math.floor(x + 0.5))


def js_div(a: float, b: float) -> float:
    if b == 0:
        return math.nan if a == 0 or math.isnan(a) else math.copysign(math.inf, a)
    return a / b


def to_locale(x: float) -> str:
    """``Number.prototype.toLocaleString()`` in en-US: grouping, at most 3 decimals."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    with localcontext() as context:
        context.prec = 400  # a double's integer part has at most 309 digits
        q = Decimal(repr(x)).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
    text = f"{q:,f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# -- src/utils/conversion.js -----------------------------------------------------------------------


def two_decimals(value: float) -> float:
    if value and not math.isnan(value):
        log10 = js_floor(math.log10(value)) if value > 0 else math.nan
    else:
        log10 = 0.0
    try:
        div = math.pow(10, 1 - log10) if log10 < 0 else 100.0
    except OverflowError:
        div = math.inf
    return js_div(js_round(value * div), div)


def formula_to_value(formula: str, value: Any, invert_sign: bool) -> float:
    result = js_parse_float(value)
    steps = formula.split(" ")
    swap = {"+": "-", "-": "+", "*": "/", "/": "*"}
    i = 0
    while i <= len(steps) / 2:
        operator = steps[i] if i < len(steps) else None
        step = js_parse_float(steps[i + 1] if i + 1 < len(steps) else None)
        if invert_sign:
            operator = swap.get(operator or "", operator)
        if operator == "+":
            result += step
        elif operator == "-":
            result -= step
        elif operator == "*":
            result *= step
        elif operator == "/":
            result = js_div(result, step)
        i += 2
    return result


def _unit(category: dict[str, Any], name: str) -> dict[str, Any]:
    return next(u for u in category["units"] if u["name"] == name)


def convert(category: dict[str, Any], src: str, dest: str, value: Any, round_two: bool = True):
    """``convert`` of 1.0.13, Human height's glued number included (the bug)."""
    unit_src, unit_dest = _unit(category, src), _unit(category, dest)
    if unit_src.get("compositeUnits"):
        first = js_floor(js_number(value))
        text = value if isinstance(value, str) else js_str(float(value))
        pieces = re.split(r"[,.]", text)
        second = js_parse_int(pieces[1] if len(pieces) > 1 else None)
        new = convert(category, unit_src["units"][0], dest, first, False)
        new += convert(category, unit_src["units"][1], dest, second, False)
    elif unit_dest.get("compositeUnits"):
        first = convert(category, src, unit_dest["units"][0], value, False)
        rest = math.fmod(first, 1) if math.isfinite(first) else math.nan
        second = convert(category, unit_dest["units"][0], unit_dest["units"][1], rest, False)
        second_text = js_str(second).replace(".", "", 1)
        new = js_parse_float(f"{js_str(js_floor(first))}.{second_text}")
    else:
        if src != category["reference"]:
            if unit_src.get("reverseFormula"):
                value = formula_to_value(unit_src["reverseFormula"], value, False)
            else:
                value = formula_to_value(unit_src["formula"], value, True)
        new = formula_to_value(unit_dest["formula"], value, False)
    return two_decimals(new) if round_two else new


def lowest_fraction(value: float) -> str:
    eps = 1.0e-2
    x = value
    a = js_floor(x)
    h1, k1, h, k = 1.0, 0.0, a, 1.0
    for _ in range(64):
        if not x - a > eps * k * k:
            break
        x = 1 / (x - a)
        a = js_floor(x)
        h2, h1 = h1, h
        k2, k1 = k1, k
        h = h2 + a * h1
        k = k2 + a * k1
    return js_str(h) if k == 1 else f"{js_str(h)}/{js_str(k)}"


def shown_value(category: dict[str, Any], ref: str, unit: dict[str, Any], value: str) -> str:
    """``ConvertScreen.renderItem``'s text for ``unit`` when ``value`` is typed in ``ref``."""
    true_value: Any = value
    if "/" in value:
        a, b = (value.split("/") + [""])[:2]
        true_value = js_div(js_parse_float(a), js_parse_float(b))
    if unit["name"] == ref:
        number = js_parse_float(true_value)
    else:
        number = convert(category, ref, unit["name"], true_value)
    if math.isnan(number):
        return "?"
    if unit.get("isFraction"):
        fraction = lowest_fraction(number)
        return fraction if re.fullmatch(r"\d+|\d/\d", fraction) else js_str(number)
    if unit.get("compositeUnits"):
        symbols = unit["symbols"]
        pieces = re.split(r"[,.]", js_str(number))
        return "".join(
            f"{p}{symbols[i] if i < len(symbols) else 'undefined'}" for i, p in enumerate(pieces)
        )
    return to_locale(number)


# -- the app ---------------------------------------------------------------------------------------


def _glyph(name: str, **kw: Any) -> View:
    return View(cls="android.widget.TextView", text=GLYPH[name], **kw)


class UnitsTool(VirtualApp):
    """UnitsTool 1.0.13: Home, the converters and the menu."""

    name: ClassVar[str] = "UnitsTool"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "UnitsTool"
    version: ClassVar[str] = "1.0.13"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG,
            "non-crash",
            "incorrect conversion mm to ft/in",
            wrong_height_shown,
            human_steps=(
                {"kind": "click", "target": {"text": "Distance"}},
                # The star of the Millimeter row (the first unit).
                {
                    "kind": "click",
                    "target": {
                        "class_name": "android.widget.Button",
                        "bounds": [951, 368, 1080, 578],
                    },
                },
                {
                    "kind": "input_text",
                    "target": {"class_name": "android.widget.EditText", "text": "0"},
                    "text": "2500",
                },
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # AsyncStorage: favourites per category, theme, language; and the ground truth.
        return {"favorites": {}, "theme": "light", "language": "en", "wrong_heights": []}

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", [])
        ctx.ui.setdefault("menu", False)

    # -- navigation
    def _open(self, ctx: AppContext, key: str) -> None:
        ctx.ui["stack"] = [*ctx.ui["stack"], {"cat": key, "value": "0", "focused": False}]

    def _pop(self, ctx: AppContext) -> None:
        ctx.ui["stack"] = ctx.ui["stack"][:-1]

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menu"):
            ctx.ui["menu"] = False
            return True
        if ctx.ui.get("stack"):
            self._pop(ctx)
            return True
        return False

    # -- converter state
    def _ref(self, ctx: AppContext, category: dict[str, Any]) -> str:
        return ctx.data["favorites"].get(category["category"], category["reference"])

    def _set_value(self, ctx: AppContext, text: str) -> None:
        top = dict(ctx.ui["stack"][-1], value=text, focused=True)
        ctx.ui["stack"] = [*ctx.ui["stack"][:-1], top]
        self._note(ctx)

    def _focus(self, ctx: AppContext) -> None:
        ctx.ui["stack"] = [*ctx.ui["stack"][:-1], dict(ctx.ui["stack"][-1], focused=True)]

    def _favorite(self, ctx: AppContext, unit: str) -> None:
        key = ctx.ui["stack"][-1]["cat"]
        ctx.data["favorites"] = {**ctx.data["favorites"], key: unit}
        self._note(ctx)

    def _note(self, ctx: AppContext) -> None:
        """Evidence for UnitsTool#11: a Human height shown with wrong feet or inches."""
        top = ctx.ui["stack"][-1]
        category = BY_KEY[top["cat"]]
        ref = self._ref(ctx, category)
        for unit in category["units"]:
            if not unit.get("compositeUnits") or unit["name"] == ref:
                continue
            shown = shown_value(category, ref, unit, top["value"])
            value = top["value"]
            if "/" in value:
                a, b = (value.split("/") + [""])[:2]
                number = js_div(js_parse_float(a), js_parse_float(b))
            else:
                number = js_parse_float(value)
            inches = convert(category, ref, "Inch", number, False)
            found = re.fullmatch(r"(\d+)'(?:(\d+)\")?", shown)
            if not found or not math.isfinite(inches) or inches < 0:
                continue
            feet = math.floor(inches / 12)
            rest = inches - 12 * feet
            wrong = int(found.group(1)) != feet or abs(int(found.group(2) or 0) - rest) >= 0.5
            record = {
                "value": value,
                "unit": ref,
                "shown": shown,
                "expected": f"{feet}'{rest:.2f}\"",
            }
            if wrong and record not in ctx.data["wrong_heights"]:
                ctx.data["wrong_heights"] = [*ctx.data["wrong_heights"], record]

    # -- rendering
    def _header(self, title: str, *, up: bool, right: list[View]) -> View:
        nav = w.up_button(self._pop) if up else None
        return w.toolbar(title, navigation=nav, actions=right, rid="")

    def _home(self, ctx: AppContext) -> Screen:
        rows = []
        for c in CATEGORIES:
            count = CURRENCY_COUNT if c["category"] == "currency" else len(c["units"])
            noun = "currencies" if c["category"] == "currency" else "units"
            rows.append(
                View(
                    cls="android.view.ViewGroup",
                    layout=HORIZONTAL,
                    height=200,
                    on_click=w.bind(self._open, c["category"]),
                    children=[
                        View(cls="android.view.ViewGroup", width=150, children=[_glyph(c["icon"])]),
                        View(
                            cls="android.view.ViewGroup",
                            children=[
                                w.text_view(c["title"]),
                                w.text_view(f"({count} {noun})"),
                            ],
                        ),
                    ],
                )
            )
        menu = View(
            cls="android.view.ViewGroup",
            width=147,
            on_click=lambda c: c.ui.update(menu=True),
            children=[_glyph("bars")],
        )
        body = View(
            cls="android.widget.ScrollView",
            scrollable=True,
            scroll_key="home_scroll",
            children=rows,
        )
        windows = []
        if ctx.ui.get("menu"):
            dark = ctx.data["theme"] == "dark"
            items = [
                (f"{emoji} {name}", w.bind(self._language, iso)) for iso, name, emoji in LANGUAGES
            ]
            items.append(
                (
                    f"{GLYPH['sun' if dark else 'moon']}  {'Light mode' if dark else 'Dark mode'}",
                    self._theme,
                )
            )
            windows.append(w.menu_window(items, lambda c: c.ui.update(menu=False)))
        content = View(
            cls="android.view.ViewGroup",
            children=[self._header("Home", up=False, right=[menu]), body],
        )
        return Screen(content=content, windows=windows)

    def _language(self, ctx: AppContext, iso: str) -> None:
        ctx.data["language"] = iso
        ctx.ui["menu"] = False

    def _theme(self, ctx: AppContext) -> None:
        ctx.data["theme"] = "light" if ctx.data["theme"] == "dark" else "dark"
        ctx.ui["menu"] = False

    def _converter(self, ctx: AppContext, top: dict[str, Any]) -> Screen:
        category = BY_KEY[top["cat"]]
        if category["category"] == "currency":
            info = w.button("", "", None, width=147, children=[_glyph("info")])
            return Screen(
                content=View(
                    cls="android.view.ViewGroup",
                    children=[
                        self._header("Currency", up=True, right=[info]),
                        View(cls="android.view.ViewGroup"),
                    ],
                )
            )
        ref_name = self._ref(ctx, category)
        ref = _unit(category, ref_name)
        value = top["value"]
        row: list[View] = [
            View(
                cls="android.view.ViewGroup",
                layout=HORIZONTAL,
                children=[
                    View(cls="android.widget.TextView", text=GLYPH["pencil-alt"], width=110),
                    w.edit_text("", value, self._set_value, hint="Value", on_click=self._focus),
                ],
            )
        ]
        if top.get("focused"):
            row.append(
                w.button(
                    "",
                    "",
                    lambda c: self._set_value(c, c.ui["stack"][-1]["value"] + "/"),
                    width=147,
                    enabled="/" not in value,
                    children=[_glyph("divide")],
                )
            )
        symbol = ref.get("symbol", "") + (f" {ref['emoji']}" if ref.get("emoji") else "")
        row.append(View(cls="android.widget.TextView", text=symbol, width=200))
        unit_rows = []
        for unit in category["units"]:
            is_ref = unit["name"] == ref_name
            subtitle = f"{unit['emoji']} {unit['name']}" if unit.get("emoji") else unit["name"]
            shown = shown_value(category, ref_name, unit, value)
            unit_rows.append(
                View(
                    cls="android.view.ViewGroup",
                    height=210,
                    on_long_click=lambda c: None,  # starts a drag; released in place
                    children=[
                        View(
                            cls="android.view.ViewGroup",
                            layout=HORIZONTAL,
                            children=[
                                View(
                                    cls="android.view.ViewGroup",
                                    children=[
                                        w.text_view(f"{shown} {unit.get('symbol', '')}"),
                                        w.text_view(subtitle),
                                    ],
                                ),
                                w.button(
                                    "",
                                    "",
                                    w.bind(self._favorite, unit["name"]),
                                    width=129,
                                    enabled=not is_ref,
                                    children=[_glyph("star")],
                                ),
                            ],
                        )
                    ],
                )
            )
        body = [
            View(cls="android.view.ViewGroup", layout=HORIZONTAL, height=158, children=row),
            View(
                cls="android.widget.ScrollView",
                scrollable=True,
                scroll_key=f"scroll_{top['cat']}",
                children=unit_rows,
            ),
        ]
        header = self._header(category["title"], up=True, right=[])
        return Screen(content=View(cls="android.view.ViewGroup", children=[header, *body]))

    def render(self, ctx: AppContext) -> Screen:
        stack = ctx.ui.get("stack") or []
        return self._converter(ctx, stack[-1]) if stack else self._home(ctx)


def _click_text(text: str) -> dict[str, Any]:
    return {"kind": "click", "target": {"text": text}}


_STAR_MM = UnitsTool.bugs[0].human_steps[1]
_TYPE = UnitsTool.bugs[0].human_steps[2]


def _typed(text: str) -> dict[str, Any]:
    return {**_TYPE, "text": text}


WRONG_SEQUENCES = {
    BUG: (
        (_click_text("Distance"), _STAR_MM),  # nothing typed: 0 shows 0'
        (_click_text("Distance"), _STAR_MM, _typed("1524")),  # exactly 5 feet: 5'
        (_click_text("Weight"), _STAR_MM, _typed("2500")),  # no Human height in Weight
        (_click_text("Distance"), _typed("")),  # value cleared: "?" everywhere
    ),
}
