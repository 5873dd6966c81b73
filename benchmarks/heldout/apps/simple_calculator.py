"""Simple Calculator (``com.simplemobiletools.calculator``, SimpleMobileTools/Simple-Calculator), a
one-screen calculator, in two versions, one class each.

Sources read: ``activities/MainActivity.kt``, ``helpers/CalculatorImpl.kt``,
``helpers/Formatter.kt``, ``operation/*.kt`` (5.1.0), ``dialogs/HistoryDialog.kt`` and
``adapters/HistoryAdapter.kt`` (5.7.0), ``res/layout/activity_main.xml``,
``activity_settings.xml``, ``history_view.xml``, ``res/menu/menu.xml``, ``AndroidManifest.xml``
and ``values/strings.xml`` at the tags ``5.1.0`` (commit ded3c19b) and ``5.7.0`` (commit
3c596bcd).

- :class:`SimpleCalculator510` (5.1.0, the version current when the report was written; the
  report names a version "1.0.06" that the app never had). Bug ``Simple-Calculator#139``
  (non-crash): ``2 % 2 =`` shows ``0.0008`` and the formula ``2%2%`` instead of 0.04. Cause:
  ``CalculatorImpl.handleOperation`` sets ``mWasPercentLast`` when ``%`` is pressed, and
  ``calculateResult`` then scales the second operand by ``mBaseValue / 100`` before running
  ``PercentOperation`` (which divides by 100 itself), and ``updateFormula`` appends another ``%``;
  the percent is applied twice (fixed by commit 6a21edba, which removed ``mWasPercentLast``).
- :class:`SimpleCalculator570` (5.7.0). Bug ``Simple-Calculator#247`` (crash): a long press on
  C runs ``CalculatorImpl.handleReset``, which leaves the formula string empty
  (``inputDisplayedFormula = ""``) while the screen shows ``0``; a tap on C then runs
  ``handleClear``, whose ``inputDisplayedFormula.last()`` throws
  ``java.util.NoSuchElementException: Char sequence is empty.`` (fixed in 5.7.1, commit
  423f3e11, with ``lastOrNull()``). The report has no stack trace: the frames are the model's,
  in the app's real classes and lines (``CalculatorImpl.kt:291``, ``MainActivity.kt:49``).

Both versions: the launcher's ``SplashActivity`` passes straight to ``MainActivity`` (modelled as
the launch activity); no first-run dialog (Simple Commons' ``appLaunched`` and
``checkWhatsNew`` show nothing on a fresh install). The screen is the window ActionBar
("Calculator"; 5.1.0: overflow menu with Settings and About, the Scientific Calculator item is
hidden; 5.7.0: History, Settings and About as icons), the formula and result TextViews, and the
keypad ``% ^ √ C`` / ``7 8 9 ÷`` / ``4 5 6 ×`` / ``1 2 3 -`` / ``0 . = +`` (AC is ``gone``).
C deletes one character, a long press on C resets; a long press on the result or the formula
copies it (toast). 5.7.0 also: a long press on ``-`` makes the shown number negative, and History
(``history`` dialog, the last 10 results, OK / Clear; "History is empty" toast when none) whose
rows put their result back into the calculator. Both engines are ports of the version's
``CalculatorImpl`` (5.1.0: ``OperationFactory`` doubles; 5.7.0: formula strings evaluated by
exp4j, modelled as the one binary operation those strings hold; ``a√b`` is taken as
``a·sqrt(b)``, exp4j's implicit multiplication, which is uncertain but off both bug paths). Numbers
are shown as ``Formatter.doubleToString`` does (``DecimalFormat``, 12 fraction digits, ``,``
grouping). The calculator state lives in the activity (``ctx.ui``); MainActivity is
portrait-only, so rotation keeps it.

Stubbed: Settings (the real rows and checkboxes/switches of ``activity_settings.xml``, which only
flip stored flags; Customize colors / widget colors open an empty "Customize colors" screen),
About (Simple Commons' AboutActivity: a title and a few rows that do nothing), vibration and the
keep-screen-on flag (no visible effect), the home-screen widget. No network content.
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, long_click
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.simplemobiletools.calculator"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
ABOUT = "com.simplemobiletools.commons.activities.AboutActivity"
CUSTOMIZE = "com.simplemobiletools.commons.activities.CustomizationActivity"

LABEL = "Calculator"  # app_launcher_name: the application's label and MainActivity's title
HISTORY_EMPTY = "History is empty"
HISTORY_CLEARED = "History has been cleared"
DIVIDE_BY_ZERO = "Error: division by zero"
UNKNOWN_ERROR = "An unknown error occurred"
COPIED = "Value copied to clipboard"

# Constants.kt
DIGIT = "digit"
EQUALS = "equals"
PLUS = "plus"
MINUS = "minus"
MULTIPLY = "multiply"
DIVIDE = "divide"
PERCENT = "percent"
POWER = "power"
ROOT = "root"
DECIMAL = "decimal"
CLEAR = "clear"
NAN = "NaN"

API = 25
CALC_IMPL = "com.simplemobiletools.calculator.helpers.CalculatorImpl"
MAIN_CLASS = "com.simplemobiletools.calculator.activities.MainActivity"
CLICK_FRAMES = (
    "android.view.View.performClick(View.java:5637)",
    "android.view.View$PerformClick.run(View.java:22429)",
)

# activity_main.xml's keypad rows: (resource id, text); btn_reset ("AC") is visibility="gone".
KEYPAD = (
    (("btn_percent", "%"), ("btn_power", "^"), ("btn_root", "√"), ("btn_clear", "C")),
    (("btn_7", "7"), ("btn_8", "8"), ("btn_9", "9"), ("btn_divide", "÷")),
    (("btn_4", "4"), ("btn_5", "5"), ("btn_6", "6"), ("btn_multiply", "×")),
    (("btn_1", "1"), ("btn_2", "2"), ("btn_3", "3"), ("btn_minus", "-")),
    (("btn_0", "0"), ("btn_decimal", "."), ("btn_equals", "="), ("btn_plus", "+")),
)
OPERATION_KEYS = {
    "btn_plus": PLUS,
    "btn_minus": MINUS,
    "btn_multiply": MULTIPLY,
    "btn_divide": DIVIDE,
    "btn_percent": PERCENT,
    "btn_power": POWER,
    "btn_root": ROOT,
}
NUMPAD_KEYS = ("btn_decimal", *(f"btn_{n}" for n in range(10)))


# -- Formatter.kt and Kotlin's String.toDouble -----------------------------------------------------
def double_to_string(d: float) -> str:
    """``Formatter.doubleToString``: ``DecimalFormat`` with at most 12 fraction digits (half-even),
    ``.`` decimal and ``,`` grouping separators; ``NaN`` and ``∞`` as ICU writes them."""
    if math.isnan(d):
        return "NaN"
    if math.isinf(d):
        return "∞" if d > 0 else "-∞"
    with localcontext() as context:
        context.prec = 400
        q = Decimal(repr(d)).quantize(Decimal("1e-12"), rounding=ROUND_HALF_EVEN)
    negative = q.is_signed()
    text = format(abs(q), "f")
    whole, _, fraction = text.partition(".")
    fraction = fraction.rstrip("0")
    grouped = f"{int(whole):,}"
    return ("-" if negative else "") + grouped + (f".{fraction}" if fraction else "")


_JAVA_DOUBLE = re.compile(r"[+-]?(NaN|Infinity|((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)[fFdD]?)")


def number_format_exception(text: str, frames: list[str]) -> JavaException:
    message = "empty String" if not text.strip() else f'For input string: "{text}"'
    return JavaException(
        "java.lang.NumberFormatException",
        message,
        frames=[
            "sun.misc.FloatingDecimal.readJavaFormatString(FloatingDecimal.java:"
            + ("1842" if not text.strip() else "2043")
            + ")",
            "sun.misc.FloatingDecimal.parseDouble(FloatingDecimal.java:110)",
            "java.lang.Double.parseDouble(Double.java:538)",
            *frames,
        ],
    )


def to_double(text: str, frames: list[str]) -> float:
    """Kotlin's ``String.toDouble()`` (``java.lang.Double.parseDouble``): raises the
    ``NumberFormatException`` the app would crash with, ``frames`` being the app's own."""
    body = text.strip()
    if not _JAVA_DOUBLE.fullmatch(body):
        raise number_format_exception(text, frames)
    if body[-1] in "fFdD":
        body = body[:-1]
    if "NaN" in body:
        return math.nan
    if "Infinity" in body:
        return -math.inf if body.startswith("-") else math.inf
    return float(body)


def _impl_frame(method: str, line: int) -> str:
    return f"{CALC_IMPL}.{method}(CalculatorImpl.kt:{line})"


def _click_tail(listener: int, line: int) -> list[str]:
    """The frames below the app's listener: MainActivity's ``onCreate`` lambda number
    ``listener`` (declared at ``line``), its D8 synthetic class, and the click dispatch."""
    return [
        f"{MAIN_CLASS}.onCreate$lambda-{listener}(MainActivity.kt:{line})",
        f"{MAIN_CLASS}$$ExternalSyntheticLambda{listener}.onClick(Unknown Source:2)",
        *CLICK_FRAMES,
        *callback_frames(API),
    ]


# -- 5.1.0: CalculatorImpl with OperationFactory ---------------------------------------------------
def _operation_result_510(operation: str, base: float, second: float) -> float | None:
    """``OperationFactory.forId(...)?.getResult()`` of 5.1.0 (``None``: no such operation)."""
    if operation == PLUS:
        return base + second
    if operation == MINUS:
        return base - second
    if operation == MULTIPLY:
        return base * second
    if operation == DIVIDE:
        return base / second if second != 0.0 else 0.0
    if operation == PERCENT:
        return base / 100 * second if second != 0.0 else 0.0
    if operation == POWER:
        try:
            result = math.pow(base, second)
        except (OverflowError, ValueError):
            result = math.inf
        return 0.0 if math.isinf(result) or math.isnan(result) else result
    if operation == ROOT:
        return math.sqrt(base) if base >= 0 else math.nan
    return None


_SIGNS_510 = {
    PLUS: "+",
    MINUS: "-",
    MULTIPLY: "*",
    DIVIDE: "/",
    PERCENT: "%",
    POWER: "^",
    ROOT: "√",
    "factorial": "!",
}


# MainActivity's click listeners, (lambda number, line): 5.1.0 and 5.7.0.
LISTENERS_510 = {
    PLUS: (0, 37),
    MINUS: (1, 38),
    MULTIPLY: (2, 39),
    DIVIDE: (3, 40),
    PERCENT: (4, 41),
    POWER: (5, 42),
    ROOT: (6, 43),
    CLEAR: (7, 45),
    DIGIT: (9, 49),
    EQUALS: (10, 52),
}
LISTENERS_570 = {
    PLUS: (0, 37),
    MINUS: (1, 38),
    MULTIPLY: (2, 39),
    DIVIDE: (3, 40),
    PERCENT: (4, 41),
    POWER: (5, 42),
    ROOT: (6, 43),
    "negative": (7, 45),
    CLEAR: (8, 49),
    DIGIT: (10, 53),
    EQUALS: (11, 56),
}


class Calc510:
    """5.1.0's ``CalculatorImpl`` over the state dict ``s`` (kept in ``ctx.ui``); calculations
    are also recorded in ``ctx.data["calculations"]`` (the oracle's view of what the result field
    was set to)."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.s: dict[str, Any] = ctx.ui["calc"]

    @staticmethod
    def fresh() -> dict[str, Any]:
        return {
            "number": "0",
            "formula": "",
            "last_key": "",
            "last_operation": "",
            "is_first": True,
            "reset_value": False,
            "was_percent_last": False,
            "base": 0.0,
            "second": 0.0,
        }

    def _parse(self, text: str, chain: list[str], key: str) -> float:
        """``Formatter.stringToDouble(text)`` called through ``chain`` (the app's frames, the
        innermost first) from the listener of ``key``."""
        return to_double(
            text.replace(",", ""),
            [
                "com.simplemobiletools.calculator.helpers.Formatter.stringToDouble(Formatter.kt:20)",
                *chain,
                *_click_tail(*LISTENERS_510[key]),
            ],
        )

    def _displayed(self, chain: list[str], key: str) -> float:
        return self._parse(
            self.s["number"], [_impl_frame("getDisplayedNumberAsDouble", 94), *chain], key
        )

    def _update_formula(self) -> None:
        first = double_to_string(self.s["base"])
        second = double_to_string(self.s["second"])
        sign = _SIGNS_510.get(self.s["last_operation"], "")
        if sign == "√":
            self.s["formula"] = sign + first
        elif sign == "!":
            self.s["formula"] = first + sign
        elif sign:
            formula = first + sign + second
            if self.s["was_percent_last"]:
                formula += "%"
            self.s["formula"] = formula

    def _format_string(self, text: str, chain: list[str], key: str) -> str:
        # A number with a decimal point is kept as typed (to allow writing 1.02).
        if "." in text:
            return text
        value = self._parse(text, [_impl_frame("formatString", 85), *chain], key)
        return double_to_string(value)

    def add_digit(self, number: int) -> None:
        chain = [_impl_frame("addDigit", 74), _impl_frame("numpadClicked", 224)]
        self.s["number"] = self._format_string(self.s["number"] + str(number), chain, DIGIT)

    def _calculate_result(self) -> None:
        self._update_formula()
        entered = self.s["second"]
        if self.s["was_percent_last"]:
            # The bug (Simple-Calculator#139): the percent is applied here and again by
            # PercentOperation.
            self.s["second"] *= self.s["base"] / 100
        result = _operation_result_510(self.s["last_operation"], self.s["base"], self.s["second"])
        if result is not None:
            self.s["number"] = double_to_string(result)
            record = {
                "operation": self.s["last_operation"],
                "base": self.s["base"],
                "entered": entered,
                "second": self.s["second"],
                "result": result,
                "shown": self.s["number"],
                "formula": self.s["formula"],
            }
            self.s["base"] = result
            calculations = self.ctx.data["calculations"]
            calculations.append(record)
            del calculations[:-20]
        self.s["is_first"] = False

    def _handle_result(self, key: str) -> None:
        outer = [_impl_frame("handleOperation", 129)]
        self.s["second"] = self._displayed([_impl_frame("handleResult", 97), *outer], key)
        self._calculate_result()
        self.s["base"] = self._displayed([_impl_frame("handleResult", 99), *outer], key)

    def handle_operation(self, operation: str) -> None:
        self.s["was_percent_last"] = operation == PERCENT
        if self.s["last_key"] == DIGIT and operation not in (ROOT, "factorial"):
            self._handle_result(operation)
        self.s["reset_value"] = True
        self.s["last_key"] = operation
        self.s["last_operation"] = operation
        if operation == ROOT:
            chain = [_impl_frame("handleRoot", 103), _impl_frame("handleOperation", 137)]
            self.s["base"] = self._displayed(chain, ROOT)
            self._calculate_result()
            self.s["reset_value"] = False

    def handle_clear(self) -> None:
        if self.s["number"] == NAN:
            self.handle_reset()
            return
        old = self.s["number"]
        new = "0"
        min_len = 2 if "-" in old else 1
        if len(old) > min_len:
            new = old[:-1]
        new = re.sub(r"\.$", "", new)
        new = self._format_string(new, [_impl_frame("handleClear", 162)], CLEAR)
        self.s["number"] = new
        self.s["base"] = self._parse(new, [_impl_frame("handleClear", 164)], CLEAR)

    def handle_reset(self) -> None:
        self.s.update(self.fresh())

    def handle_equals(self) -> None:
        if self.s["last_key"] == EQUALS:
            self._calculate_result()
        if self.s["last_key"] != DIGIT:
            return
        self.s["second"] = self._displayed([_impl_frame("handleEquals", 181)], EQUALS)
        self._calculate_result()
        self.s["last_key"] = EQUALS

    def numpad_clicked(self, rid: str) -> None:
        if self.s["last_key"] == EQUALS:
            self.s["last_operation"] = EQUALS
        self.s["last_key"] = DIGIT
        if self.s["reset_value"]:
            self.s["number"] = "0"
        self.s["reset_value"] = False
        if rid == "btn_decimal":
            if "." not in self.s["number"]:
                self.s["number"] += "."
        elif rid == "btn_0":
            if self.s["number"] != "0":
                self.add_digit(0)
        else:
            self.add_digit(int(rid[len("btn_") :]))

    def turn_to_negative(self) -> bool:
        return False  # 5.1.0 has no long-press listener on minus

    def result_text(self) -> str:
        return str(self.s["number"])

    def formula_text(self) -> str:
        return str(self.s["formula"])


# -- 5.7.0: CalculatorImpl over a formula string ---------------------------------------------------
OPERATIONS_570 = ("+", "-", "×", "÷", "^", "%", "√")
OPERATIONS_RE_570 = re.compile(r"[-+×÷^%√]")
NUMBERS_RE_570 = re.compile(r"[^0-9,.]")
_SIGNS_570 = {MINUS: "-", MULTIPLY: "×", DIVIDE: "÷", PERCENT: "%", POWER: "^", ROOT: "√"}


def _sign_570(operation: str) -> str:
    return _SIGNS_570.get(operation, "+")


def _index_of_any(text: str, needles: tuple[str, ...]) -> int:
    found = [i for i in (text.find(n) for n in needles) if i >= 0]
    return min(found) if found else -1


def _exp4j(base: str, sign: str, second: str) -> float:
    """exp4j's value of ``"<base><sign><second>"`` (both plain decimal numbers); raises
    ArithmeticError where exp4j throws."""
    a = float(base)
    b = float(second)
    if sign == "+":
        return a + b
    if sign == "-":
        return a - b
    if sign == "×":
        return a * b
    if sign == "÷":
        if b == 0.0:
            raise ArithmeticError("Division by zero!")
        return a / b
    if sign == "^":
        try:
            return math.pow(a, b)
        except OverflowError:
            return math.inf
        except ValueError:
            return math.nan
    if sign == "√":
        return a * math.sqrt(b) if b >= 0 else math.nan
    raise ArithmeticError(f"Unknown operator {sign}")


class Calc570:
    """5.7.0's ``CalculatorImpl`` over the state dict ``s`` (kept in ``ctx.ui``); its history
    entries go to ``ctx.data["history"]`` (the app's Room table)."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.s: dict[str, Any] = ctx.ui["calc"]

    @staticmethod
    def fresh() -> dict[str, Any]:
        return {
            "input": "0",
            "result": "0",
            "formula": "",
            "last_key": "",
            "last_operation": "",
            "base": 0.0,
            "second": 0.0,
        }

    # helpers --------------------------------------------------------------------------------
    def _show(self, value: str) -> None:
        self.s["result"] = value

    def _add_thousands_delimiter(self) -> None:
        values = [v for v in NUMBERS_RE_570.split(self.s["input"]) if v.strip()]
        for value in values:
            new = double_to_string(float(value.replace(",", "")))
            if "." in value:
                new = new.split(".")[0] + "." + value.split(".", 1)[1]
            self.s["input"] = self.s["input"].replace(value, new)

    def _second_value(self, caller: str, line: int, key: str) -> float:
        check = self.s["input"].lstrip("-").replace(",", "")
        value = check[_index_of_any(check, OPERATIONS_570) + 1 :]
        if value == "":
            value = "0"
        frames = [_impl_frame("getSecondValue", 192), _impl_frame(caller, line)]
        return to_double(value, [*frames, *_click_tail(*LISTENERS_570[key])])

    def _add_digit(self, number: int) -> None:
        if self.s["input"] == "0":
            self.s["input"] = ""
        self.s["input"] += str(number)
        self._add_thousands_delimiter()
        self._show(self.s["input"])

    # CalculatorImpl ---------------------------------------------------------------------------
    def _zero_clicked(self) -> None:
        check = self.s["input"].lstrip("-").replace(",", "")
        value = check[_index_of_any(check, OPERATIONS_570) + 1 :]
        if value != "0" or "." in value:
            self._add_digit(0)

    def _decimal_clicked(self) -> None:
        check = self.s["input"].lstrip("-").replace(",", "")
        value = check[_index_of_any(check, OPERATIONS_570) + 1 :]
        if "." not in value:
            if value == "0" and not OPERATIONS_RE_570.search(check):
                self.s["input"] = "0."
            elif value == "":
                self.s["input"] += "0."
            else:
                self.s["input"] += "."
        self.s["last_key"] = DECIMAL
        self._show(self.s["input"])

    def handle_operation(self, operation: str) -> None:
        s = self.s
        if s["input"] == NAN:
            s["input"] = "0"
        if s["input"] == "":
            s["input"] = "0"
        if operation == ROOT and s["input"] == "0" and s["last_key"] != DIGIT:
            s["input"] = "1√"
        last_char = s["input"][-1]
        if last_char == ".":
            s["input"] = s["input"][:-1]
        elif last_char in OPERATIONS_570:
            s["input"] = s["input"][:-1] + _sign_570(operation)
        elif not OPERATIONS_RE_570.search(s["input"].lstrip("-")):
            s["input"] += _sign_570(operation)

        if s["last_key"] in (DIGIT, DECIMAL):
            if s["last_operation"] != "" and operation == PERCENT:
                self._handle_percent(operation)
            else:
                line = {PLUS: 102, MINUS: 103, MULTIPLY: 104, DIVIDE: 105, ROOT: 106, POWER: 107}
                s["second"] = self._second_value(
                    "handleOperation", line.get(operation, 108), operation
                )
                self._calculate_result()
                if s["input"][-1] not in OPERATIONS_570 and "÷" not in s["input"]:
                    s["input"] += _sign_570(operation)

        if self._second_value("handleOperation", 122, operation) == 0.0 and "÷" in s["input"]:
            s["last_key"] = DIVIDE
            s["last_operation"] = DIVIDE
        else:
            s["last_key"] = operation
            s["last_operation"] = operation
        self._show(s["input"])

    def turn_to_negative(self) -> bool:
        s = self.s
        if s["input"] == "":
            return False
        if not any(ch in OPERATIONS_570 for ch in s["input"].lstrip("-")):
            number = to_double(
                s["input"].replace(",", ""),
                [_impl_frame("turnToNegative", 138), *_click_tail(*LISTENERS_570["negative"])],
            )
            if number != 0.0:
                s["input"] = s["input"][1:] if s["input"][0] == "-" else "-" + s["input"]
                self._show(s["input"])
                return True
        return False

    def _handle_percent(self, key: str) -> None:
        s = self.s
        second = self._second_value("handlePercent", 155, key)
        result = _percentage(s["base"], second, s["last_operation"])
        if math.isinf(result) or math.isnan(result):
            result = 0.0
        s["formula"] = (
            f"{double_to_string(s['base'])}{_sign_570(s['last_operation'])}"
            f"{double_to_string(second)}%"
        )
        s["input"] = double_to_string(result)
        self._show(double_to_string(result))
        s["base"] = result

    def handle_equals(self) -> None:
        s = self.s
        if s["last_key"] == EQUALS:
            self._calculate_result()
        if s["last_key"] not in (DIGIT, DECIMAL):
            return
        s["second"] = self._second_value("handleEquals", 175, EQUALS)
        self._calculate_result()
        if s["last_operation"] in (DIVIDE, PERCENT) and s["second"] == 0.0:
            s["last_key"] = DIGIT
            return
        s["last_key"] = EQUALS

    def _calculate_result(self) -> None:
        s = self.s
        if s["last_operation"] == ROOT and s["input"].startswith("√"):
            s["base"] = 1.0
        if s["last_key"] != EQUALS:
            check = s["input"].lstrip("-").replace(",", "")
            parts = [p for p in OPERATIONS_RE_570.split(check) if p != ""]
            if not parts:
                return
            key = s["last_key"] if s["last_key"] in LISTENERS_570 else EQUALS
            tail = [_impl_frame("calculateResult", 207), *_click_tail(*LISTENERS_570[key])]
            s["base"] = to_double(
                parts[0].replace(",", ""),
                [
                    "com.simplemobiletools.calculator.helpers.Formatter.stringToDouble(Formatter.kt:20)",
                    *tail,
                ],
            )
            if s["input"].startswith("-"):
                s["base"] *= -1
            if len(parts) > 1:
                tail[0] = _impl_frame("calculateResult", 212)
                s["second"] = to_double(parts[1].replace(",", ""), tail)
        if s["last_operation"] == "":
            return
        sign = _sign_570(s["last_operation"])
        first = double_to_string(s["base"])
        second = double_to_string(s["second"])
        try:
            if sign == "÷" and s["second"] == 0.0:
                self.ctx.toast(DIVIDE_BY_ZERO)
                return
            if sign == "%":
                scaled = double_to_string(s["second"] / 100)
                result = _exp4j(first.replace(",", ""), "×", scaled.replace(",", ""))
            else:
                result = _exp4j(first.replace(",", ""), sign, second.replace(",", ""))
        except (ArithmeticError, ValueError):
            self.ctx.toast(UNKNOWN_ERROR)
            return
        if math.isinf(result) or math.isnan(result):
            self.ctx.toast(UNKNOWN_ERROR)
            return
        shown = double_to_string(result)
        self._show(shown)
        s["base"] = result
        formula = f"{first}{sign}{second}"
        history = self.ctx.data["history"]
        history.append({"formula": formula, "result": shown, "n": len(history)})
        s["input"] = shown
        s["formula"] = formula

    def handle_clear(self) -> None:
        s = self.s
        if not s["input"]:
            # The bug (Simple-Calculator#247): inputDisplayedFormula.last() on the empty
            # string handleReset left.
            raise JavaException(
                "java.util.NoSuchElementException",
                "Char sequence is empty.",
                frames=[
                    "kotlin.text.StringsKt___StringsKt.last(_Strings.kt:108)",
                    _impl_frame("handleClear", 291),
                    *_click_tail(*LISTENERS_570[CLEAR]),
                ],
            )
        last_deleted = s["input"][-1]
        new = s["input"][:-1]
        if new == "":
            new = "0"
        else:
            if last_deleted in OPERATIONS_570 or s["last_key"] == EQUALS:
                s["last_operation"] = ""
            last_value = new[-1]
            if last_value in OPERATIONS_570:
                s["last_key"] = CLEAR
            elif last_value == ".":
                s["last_key"] = DECIMAL
            else:
                s["last_key"] = DIGIT
        s["input"] = new.rstrip(",")
        self._add_thousands_delimiter()
        self._show(s["input"])

    def handle_reset(self) -> None:
        s = self.s
        s.update(base=0.0, second=0.0, last_key="", last_operation="")
        self._show("0")
        s["formula"] = ""
        s["input"] = ""

    def numpad_clicked(self, rid: str) -> None:
        s = self.s
        if s["input"] == NAN:
            s["input"] = ""
        if s["last_key"] == EQUALS:
            s["last_operation"] = EQUALS
        s["last_key"] = DIGIT
        if rid == "btn_decimal":
            self._decimal_clicked()
        elif rid == "btn_0":
            self._zero_clicked()
        else:
            self._add_digit(int(rid[len("btn_") :]))

    def add_number_to_formula(self, number: str) -> None:
        self.handle_reset()
        self.s["input"] = number
        self._add_thousands_delimiter()
        self._show(self.s["input"])

    def result_text(self) -> str:
        return str(self.s["result"])

    def formula_text(self) -> str:
        return str(self.s["formula"])


def _percentage(base: float, second: float, operation: str) -> float:
    """``CalculatorImpl.calculatePercentage`` (Java double arithmetic: x/0 is ±∞ or NaN)."""

    def div(a: float, b: float) -> float:
        if b == 0.0:
            return (
                math.nan
                if a == 0.0 or math.isnan(a)
                else math.copysign(math.inf, a) * (math.copysign(1.0, b))
            )
        return a / b

    if operation == MULTIPLY:
        return div(base, div(100, second))
    if operation == DIVIDE:
        return base * div(100, second)
    if operation == PLUS:
        return base + div(base, div(100, second))
    if operation == MINUS:
        return base - div(base, div(100, second))
    if operation == PERCENT:
        return math.fmod(base, second) / 100 if second != 0.0 else math.nan
    return div(base, 100 * second)


# -- oracles ---------------------------------------------------------------------------------------
def percent_applied_twice(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Simple-Calculator#139: a percent operation ``a % b`` set the result field to something
    other than ``a / 100 * b`` of the number entered as ``b``."""
    for record in data.get("calculations", []):
        if record["operation"] != PERCENT or record["entered"] == 0.0:
            continue
        expected = record["base"] / 100 * record["entered"]
        if not math.isclose(record["result"], expected, rel_tol=1e-9, abs_tol=1e-12):
            return True
    return False


def crashed_clearing_empty_formula(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Simple-Calculator#247: C crashed on the empty formula."""
    return crashed(system, PACKAGE, "java.util.NoSuchElementException", "Char sequence is empty")


def _key(rid: str, text: str) -> dict[str, Any]:
    return click(PACKAGE, rid, text, cls="android.widget.Button")


BUG_139 = BugSpec(
    "Simple-Calculator#139",
    "non-crash",
    'The operation "%" gives a wrong result',
    percent_applied_twice,
    human_steps=(
        _key("btn_2", "2"),
        _key("btn_percent", "%"),
        _key("btn_2", "2"),
        _key("btn_equals", "="),
    ),
)

BUG_247 = BugSpec(
    "Simple-Calculator#247",
    "crash",
    "[BUG] Replicable crash when pressing C",
    crashed_clearing_empty_formula,
    human_steps=(
        long_click(PACKAGE, "btn_clear", "C", cls="android.widget.Button"),
        _key("btn_clear", "C"),
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Simple-Calculator#139": [
        # the second number left out
        [_key("btn_2", "2"), _key("btn_percent", "%"), _key("btn_equals", "=")],
        # × instead of %
        [
            _key("btn_2", "2"),
            _key("btn_multiply", "×"),
            _key("btn_2", "2"),
            _key("btn_equals", "="),
        ],
        # = left out
        [_key("btn_2", "2"), _key("btn_percent", "%"), _key("btn_2", "2")],
        # % before the first number
        [
            _key("btn_percent", "%"),
            _key("btn_2", "2"),
            _key("btn_2", "2"),
            _key("btn_equals", "="),
        ],
    ],
    "Simple-Calculator#247": [
        # two taps, no long press
        [_key("btn_clear", "C"), _key("btn_clear", "C")],
        # the long press alone
        [long_click(PACKAGE, "btn_clear", "C", cls="android.widget.Button")],
        # swapped: tap, then hold
        [
            _key("btn_clear", "C"),
            long_click(PACKAGE, "btn_clear", "C", cls="android.widget.Button"),
        ],
        # a digit typed between the hold and the tap
        [
            long_click(PACKAGE, "btn_clear", "C", cls="android.widget.Button"),
            _key("btn_5", "5"),
            _key("btn_clear", "C"),
        ],
    ],
}


# -- the app ---------------------------------------------------------------------------------------
class _SimpleCalculator(VirtualApp):
    """What both versions share: the screens; the engine is the version's."""

    name: ClassVar[str] = "Simple-Calculator"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = LABEL
    version: ClassVar[str] = ""
    launch_activity: ClassVar[str] = MAIN
    engine: ClassVar[type[Calc510] | type[Calc570]] = Calc510
    settings_switch_cls: ClassVar[str] = "androidx.appcompat.widget.SwitchCompat"

    def initial_data(self) -> dict[str, Any]:
        return {
            "calculations": [],
            "history": [],
            "vibrate": True,
            "prevent_sleeping": True,
            "clipboard": "",
        }

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("calc", self.engine.fresh())

    def calc(self, ctx: AppContext) -> Calc510 | Calc570:
        return self.engine(ctx)

    # main screen ---------------------------------------------------------------------------------
    def _menu_actions(self, ctx: AppContext) -> list[View]:
        return [w.overflow_button(lambda c: c.ui.update(menu=True))]

    def _menu_windows(self, ctx: AppContext) -> list[Window]:
        if not ctx.ui.get("menu"):
            return []
        return [
            w.menu_window(
                [("Settings", self._open(SETTINGS)), ("About", self._open(ABOUT))],
                lambda c: c.ui.update(menu=False),
            )
        ]

    def _open(self, activity: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui["menu"] = False
            ctx.start_activity(activity)

        return handler

    def _copy(self, which: str) -> Any:
        def handler(ctx: AppContext) -> None:
            calc = self.calc(ctx)
            value = calc.result_text() if which == "result" else calc.formula_text()
            if value:
                ctx.data["clipboard"] = value
                ctx.toast(COPIED)

        return handler

    def _key_handler(self, rid: str) -> Any:
        def handler(ctx: AppContext) -> None:
            calc = self.calc(ctx)
            if rid in OPERATION_KEYS:
                calc.handle_operation(OPERATION_KEYS[rid])
            elif rid == "btn_clear":
                calc.handle_clear()
            elif rid == "btn_equals":
                calc.handle_equals()
            else:
                calc.numpad_clicked(rid)

        return handler

    def _long_handler(self, rid: str) -> Any:
        if rid == "btn_clear":
            return lambda c: self.calc(c).handle_reset()
        if rid == "btn_minus" and self.engine is Calc570:
            return lambda c: self.calc(c).turn_to_negative()
        return None

    def _main(self, ctx: AppContext) -> Screen:
        calc = self.calc(ctx)
        rows = [
            w.linear_layout(
                [
                    w.button(
                        rid,
                        text,
                        self._key_handler(rid),
                        on_long_click=self._long_handler(rid),
                    )
                    for rid, text in row
                ],
                horizontal=True,
                weight=2,
            )
            for row in KEYPAD
        ]
        holder = w.linear_layout(
            [
                w.text_view(
                    calc.formula_text(),
                    "formula",
                    weight=2.1,
                    gravity="end",
                    on_long_click=self._copy("formula"),
                ),
                w.text_view(
                    calc.result_text(),
                    "result",
                    weight=1.8,
                    gravity="end",
                    on_long_click=self._copy("result"),
                ),
                *rows,
            ],
            rid="calculator_holder",
        )
        bar = w.toolbar(LABEL, actions=self._menu_actions(ctx), rid="action_bar")
        return Screen(
            content=w.linear_layout([bar, holder]),
            windows=self._menu_windows(ctx),
        )

    # settings (stub) -----------------------------------------------------------------------------
    def _flip(self, key: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.data[key] = not ctx.data[key]

        return handler

    def _setting_row(self, ctx: AppContext, holder: str, rid: str, text: str, key: str) -> View:
        toggle = View(
            cls=self.settings_switch_cls,
            resource_id=rid,
            text=text,
            checkable=True,
            checked=bool(ctx.data[key]),
            clickable=False,
        )
        return w.relative_layout([toggle], rid=holder, on_click=self._flip(key), height=150)

    def _settings_rows(self, ctx: AppContext) -> list[View]:
        return [
            w.relative_layout(
                [w.text_view("Customize colors", "settings_customize_colors_label")],
                rid="settings_customize_colors_holder",
                on_click=lambda c: c.start_activity(CUSTOMIZE),
                height=150,
            ),
            w.relative_layout(
                [w.text_view("Customize widget colors", "settings_customize_widget_colors_label")],
                rid="settings_customize_widget_colors_holder",
                on_click=lambda c: c.start_activity(CUSTOMIZE),
                height=150,
            ),
            self._setting_row(
                ctx,
                "settings_vibrate_holder",
                "settings_vibrate",
                "Vibrate on button press",
                "vibrate",
            ),
            self._setting_row(
                ctx,
                "settings_prevent_phone_from_sleeping_holder",
                "settings_prevent_phone_from_sleeping",
                "Prevent phone from sleeping",
                "prevent_sleeping",
            ),
        ]

    def _settings(self, ctx: AppContext) -> Screen:
        bar = w.toolbar("Settings", navigation=w.up_button(), rid="action_bar")
        body = w.scroll_view(
            [w.linear_layout(self._settings_rows(ctx), rid="settings_holder", weight=0)],
            rid="settings_scrollview",
        )
        return Screen(content=w.linear_layout([bar, body]))

    def _about(self, ctx: AppContext) -> Screen:
        bar = w.toolbar("About", navigation=w.up_button(), rid="action_bar")
        rows = [
            w.text_view(text, height=150)
            for text in (
                "Frequently asked questions",
                "Rate us",
                "More apps",
                "Third party licences",
                f"v{self.version}\nCopyright © Simple Mobile Tools 2022",
            )
        ]
        return Screen(content=w.linear_layout([bar, w.scroll_view([w.linear_layout(rows)])]))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._settings(ctx)
        if ctx.activity == ABOUT:
            return self._about(ctx)
        if ctx.activity == CUSTOMIZE:
            bar = w.toolbar("Customize colors", navigation=w.up_button(), rid="action_bar")
            return Screen(content=w.linear_layout([bar, w.frame_layout()]))
        return self._main(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("menu"):
            ctx.ui["menu"] = False
            return True
        return False


class SimpleCalculator510(_SimpleCalculator):
    """Simple Calculator 5.1.0: Simple-Calculator#139 (see the module docstring)."""

    version: ClassVar[str] = "5.1.0"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_139,)
    engine: ClassVar[type[Calc510] | type[Calc570]] = Calc510


class SimpleCalculator570(_SimpleCalculator):
    """Simple Calculator 5.7.0: Simple-Calculator#247 (see the module docstring)."""

    version: ClassVar[str] = "5.7.0"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_247,)
    engine: ClassVar[type[Calc510] | type[Calc570]] = Calc570
    settings_switch_cls: ClassVar[str] = "android.widget.CheckBox"

    def _menu_actions(self, ctx: AppContext) -> list[View]:
        return [
            w.action_item("history", "History", self._show_history),
            w.action_item("settings", "Settings", self._open(SETTINGS)),
            w.action_item("about", "About", self._open(ABOUT)),
        ]

    def _menu_windows(self, ctx: AppContext) -> list[Window]:
        if not ctx.ui.get("history"):
            return []
        items = list(reversed(ctx.data["history"]))[:10]  # ORDER BY timestamp DESC LIMIT 10
        rows = [
            w.linear_layout(
                [
                    w.text_view(item["formula"], "item_formula"),
                    w.text_view(f"= {item['result']}", "item_result"),
                ],
                rid="history_holder",
                height=200,
                weight=0,
                on_click=w.bind(self._history_item, item["result"]),
            )
            for item in items
        ]
        return [
            w.alert_dialog(
                w.dialog_title("History"),
                [
                    View(
                        cls="androidx.recyclerview.widget.RecyclerView",
                        resource_id="history_list",
                        children=rows,
                    )
                ],
                [
                    w.dialog_button("android:id/button3", "Clear", self._clear_history),
                    w.dialog_button("android:id/button1", "OK", self._close_history),
                ],
                self._close_history,
            )
        ]

    def _show_history(self, ctx: AppContext) -> None:
        if not ctx.data["history"]:
            ctx.toast(HISTORY_EMPTY)
        else:
            ctx.ui["history"] = True

    def _close_history(self, ctx: AppContext) -> None:
        ctx.ui["history"] = False

    def _clear_history(self, ctx: AppContext) -> None:
        ctx.ui["history"] = False
        ctx.data["history"] = []
        ctx.toast(HISTORY_CLEARED)

    def _history_item(self, ctx: AppContext, result: str) -> None:
        Calc570(ctx).add_number_to_formula(result)
        ctx.ui["history"] = False

    def _settings_rows(self, ctx: AppContext) -> list[View]:
        rows = super()._settings_rows(ctx)
        purchase = w.relative_layout(
            [w.text_view("Purchase Simple Thank You", "settings_purchase_thank_you")],
            rid="settings_purchase_thank_you_holder",
            height=150,
        )
        return [
            w.text_view("Color customization", "settings_color_customization_label"),
            w.linear_layout(rows[:2], rid="settings_color_customization_holder", weight=0),
            w.text_view("General settings", "settings_general_settings_label"),
            w.linear_layout(
                [purchase, *rows[2:]], rid="settings_general_settings_holder", weight=0
            ),
        ]

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("history"):
            ctx.ui["history"] = False
            return True
        return False
