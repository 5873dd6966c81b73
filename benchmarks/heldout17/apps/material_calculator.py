"""MaterialCalculator (``com.plcoding.materialcalculator``), Philipp Lackner's Jetpack Compose
calculator, version 1.0.0 (``versionName`` of ``app/build.gradle`` at commit 492d266, the
repository's head, 2022-09-02; the report is of 2023-09-05 and nothing changed since).

One screen (``MainActivity`` -> ``CalculatorScreen``): a read-only ``BasicTextField`` at the top
showing the expression (an ``android.widget.EditText`` in the dump, no resource id: the app sets
no test tags), and a ``LazyVerticalGrid`` of 20 round buttons (``CalculatorUiActions.kt``):
``AC ()  %  ÷ / 7 8 9 x / 4 5 6 - / 1 2 3 + / 0 . <back arrow> =``. Each button is a ``Box`` with
``Modifier.clickable`` (a clickable ``android.view.View``) around a ``Text`` (an
``android.widget.TextView``); the delete button holds an ``Icon`` with ``contentDescription =
null``, so it has no label at all (NAF). The expression lives in ``ExpressionWriter`` inside the
``CalculatorViewModel``: it survives rotation and is lost with the activity.

What the keys do is ``ExpressionWriter.processAction``: digits append; ``.`` only after a digit
and once per number; ``()`` opens or closes a parenthesis; ``AC`` clears; the arrow drops the last
character; ``=`` drops trailing operators/``(``/``.``, parses (``ExpressionParser``) and
evaluates (``ExpressionEvaluator``, a recursive descent over doubles) and shows Kotlin's
``Double.toString()`` of the result (``7.0``). An operator is appended when
``canEnterOperation`` says so.

Bug MaterialCalculator#9 (crash): ``canEnterOperation`` for ``x``, ``÷`` and ``%`` is
``return expression.isNotEmpty() || expression.last() in "0123456789)"``: with an empty
expression the left side is false and ``String.last()`` throws
``java.util.NoSuchElementException: Char sequence is empty.`` on the main thread, so pressing one
of those three keys before anything was entered (on start, after ``AC`` or after deleting
everything) kills the app. ``+`` and ``-`` test ``isEmpty() ||`` first and are safe. (The same
``||`` lets a non-empty expression take any number of ``x``/``÷``/``%`` in a row, the report's
"multiple operators"; that is the app's behaviour, modelled as is.)

Not modelled: the dump puts the grid's 20 buttons directly under the grid node; the virtual
layout has no grid, so each row of four is an extra plain ``android.view.View``. The crash's
stack frames below the app's own (Kotlin stdlib and Compose gesture frames) are approximate: the
report quotes no trace.
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.views import HORIZONTAL, Screen, View

PACKAGE = "com.plcoding.materialcalculator"
MAIN = ".MainActivity"
BUG = "MaterialCalculator#9"

OP_SYMBOLS = "+-x/%"  # Operation.kt: ADD '+', SUBTRACT '-', MULTIPLY 'x', DIVIDE '/', PERCENT '%'

# (label, action) of CalculatorUiActions.kt, in grid order; the arrow (Delete) has no text.
KEYS: tuple[tuple[str | None, str], ...] = (
    ("AC", "clear"),
    ("()", "parentheses"),
    ("%", "op:%"),
    ("÷", "op:/"),
    ("7", "num:7"),
    ("8", "num:8"),
    ("9", "num:9"),
    ("x", "op:x"),
    ("4", "num:4"),
    ("5", "num:5"),
    ("6", "num:6"),
    ("-", "op:-"),
    ("1", "num:1"),
    ("2", "num:2"),
    ("3", "num:3"),
    ("+", "op:+"),
    ("0", "num:0"),
    (".", "decimal"),
    (None, "delete"),
    ("=", "calculate"),
)

# The app's own frames of a key press reaching ExpressionWriter.
_WRITER = "com.plcoding.materialcalculator.domain.ExpressionWriter"
_TAP_FRAMES = [
    f"{_WRITER}.processAction(ExpressionWriter.kt:30)",
    "com.plcoding.materialcalculator.presentation.CalculatorViewModel.onAction("
    "CalculatorViewModel.kt:18)",
    "com.plcoding.materialcalculator.presentation.CalculatorButtonGridKt$CalculatorButtonGrid$1$1"
    "$1$1.invoke(CalculatorButtonGrid.kt:30)",
    "androidx.compose.foundation.ClickableKt$clickable$4$gesture$1$2.invoke-k-4lQ0M("
    "Clickable.kt:153)",
    "androidx.compose.foundation.gestures.TapGestureDetectorKt$detectTapAndPress$2$1.invokeSuspend("
    "TapGestureDetector.kt:255)",
]


def bug_oracle(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of MaterialCalculator#9: the app died of ``String.last()`` on an empty
    expression (``NoSuchElementException: Char sequence is empty.``)."""
    return any(
        c.get("package") == PACKAGE
        and c.get("exception") == "java.util.NoSuchElementException"
        and "Char sequence is empty" in str(c.get("message", ""))
        for c in system.get("crashes", [])
    )


# -- Kotlin/Java semantics ---------------------------------------------------------------------


def kotlin_last(text: str, frame: str) -> str:
    """``CharSequence.last()``: the last character, or ``NoSuchElementException``."""
    if not text:
        raise JavaException(
            "java.util.NoSuchElementException",
            "Char sequence is empty.",
            frames=["kotlin.text.StringsKt___StringsKt.last(_Strings.kt:143)", frame, *_TAP_FRAMES],
        )
    return text[-1]


def java_double(x: float) -> str:
    """Java's ``Double.toString``: ``7.0``, ``0.5``, ``1.0E10``, ``Infinity``, ``NaN``."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "-0.0" if math.copysign(1.0, x) < 0 else "0.0"
    if 1e-3 <= abs(x) < 1e7:
        text = repr(x)
        return text if "." in text else text + ".0"
    sign, digits, exp = Decimal(repr(x)).as_tuple()
    ds = "".join(str(d) for d in digits).rstrip("0") or "0"
    exponent = len(digits) - 1 + int(exp)
    mantissa = ds[0] + "." + (ds[1:] or "0")
    return f"{'-' if sign else ''}{mantissa}E{exponent}"


def java_div(a: float, b: float) -> float:
    if b == 0:
        if a == 0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


# -- ExpressionParser / ExpressionEvaluator ------------------------------------------------------

Part = tuple[str, Any]  # ("num", float) | ("op", symbol) | ("paren", "(" or ")")


def parse(calculation: str) -> list[Part]:
    """``ExpressionParser.parse``: operators, numbers (``[0-9.]`` runs from a digit) and
    parentheses; any other character (the ``E`` of ``1.0E10``, letters of ``NaN``) is skipped."""
    result: list[Part] = []
    i = 0
    while i < len(calculation):
        ch = calculation[i]
        if ch in OP_SYMBOLS:
            result.append(("op", ch))
        elif ch.isdigit():
            j = i
            while j < len(calculation) and calculation[j] in "0123456789.":
                j += 1
            literal = calculation[i:j]
            try:
                value = float(literal)
            except ValueError:
                raise JavaException(
                    "java.lang.NumberFormatException",
                    "multiple points",
                    frames=[
                        "jdk.internal.math.FloatingDecimal.readJavaFormatString("
                        "FloatingDecimal.java:1914)",
                        "com.plcoding.materialcalculator.domain.ExpressionParser.parseNumber("
                        "ExpressionParser.kt:40)",
                        "com.plcoding.materialcalculator.domain.ExpressionParser.parse("
                        "ExpressionParser.kt:20)",
                        f"{_WRITER}.processAction(ExpressionWriter.kt:12)",
                        *_TAP_FRAMES[1:],
                    ],
                ) from None
            result.append(("num", value))
            i = j
            continue
        elif ch in "()":
            result.append(("paren", ch))
        i += 1
    return result


def _invalid_part() -> JavaException:
    return JavaException(
        "java.lang.RuntimeException",
        "Invalid part",
        frames=[
            "com.plcoding.materialcalculator.domain.ExpressionEvaluator.evalFactor("
            "ExpressionEvaluator.kt:88)",
            "com.plcoding.materialcalculator.domain.ExpressionEvaluator.evalTerm("
            "ExpressionEvaluator.kt:40)",
            "com.plcoding.materialcalculator.domain.ExpressionEvaluator.evalExpression("
            "ExpressionEvaluator.kt:19)",
            "com.plcoding.materialcalculator.domain.ExpressionEvaluator.evaluate("
            "ExpressionEvaluator.kt:15)",
            f"{_WRITER}.processAction(ExpressionWriter.kt:13)",
            *_TAP_FRAMES[1:],
        ],
    )


def _expression(parts: list[Part]) -> tuple[list[Part], float]:
    remaining, total = _term(parts)
    while remaining[:1] in ([("op", "+")], [("op", "-")]):
        op = remaining[0][1]
        remaining, value = _term(remaining[1:])
        total = total + value if op == "+" else total - value
    return remaining, total


def _term(parts: list[Part]) -> tuple[list[Part], float]:
    remaining, total = _factor(parts)
    while remaining[:1] in ([("op", "x")], [("op", "/")], [("op", "%")]):
        op = remaining[0][1]
        remaining, value = _factor(remaining[1:])
        if op == "x":
            total *= value
        elif op == "/":
            total = java_div(total, value)
        else:
            total *= value / 100.0
    return remaining, total


def _factor(parts: list[Part]) -> tuple[list[Part], float]:
    part = parts[0] if parts else None
    if part == ("op", "+"):
        return _factor(parts[1:])
    if part == ("op", "-"):
        remaining, value = _factor(parts[1:])
        return remaining, -value
    if part == ("paren", "("):
        remaining, value = _expression(parts[1:])
        return remaining[1:], value
    if part == ("op", "%"):
        return _term(parts[1:])
    if part is not None and part[0] == "num":
        return parts[1:], float(part[1])
    raise _invalid_part()


def evaluate(parts: list[Part]) -> float:
    try:
        return _expression(parts)[1]
    except RecursionError:
        raise JavaException(
            "java.lang.StackOverflowError",
            "stack size 8MB",
            frames=[
                "com.plcoding.materialcalculator.domain.ExpressionEvaluator.evalFactor("
                "ExpressionEvaluator.kt:72)"
            ],
        ) from None


# -- the app -------------------------------------------------------------------------------------


class MaterialCalculator(VirtualApp):
    """MaterialCalculator 1.0.0: the calculator screen and its ExpressionWriter."""

    name: ClassVar[str] = "MaterialCalculator"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "MaterialCalculator"
    version: ClassVar[str] = "1.0.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG,
            "crash",
            'App crashes when "*", "/" or "%" is pressed without a number already being entered.',
            bug_oracle,
            human_steps=({"kind": "click", "target": {"text": "x"}},),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {}  # the app stores nothing

    # ExpressionWriter.processAction
    def _action(self, ctx: AppContext, action: str) -> None:
        expr: str = ctx.ui.get("expression", "")
        if action == "calculate":
            prepared = expr.rstrip(OP_SYMBOLS + "(.") or "0"
            expr = java_double(evaluate(parse(prepared)))
        elif action == "clear":
            expr = ""
        elif action == "decimal":
            if self._can_enter_decimal(expr):
                expr += "."
        elif action == "delete":
            expr = expr[:-1]
        elif action.startswith("num:"):
            expr += action[4:]
        elif action.startswith("op:"):
            symbol = action[3:]
            if self._can_enter_operation(expr, symbol):
                expr += symbol
        elif action == "parentheses":
            expr = self._parentheses(expr)
        ctx.ui["expression"] = expr

    @staticmethod
    def _parentheses(expr: str) -> str:
        opening, closing = expr.count("("), expr.count(")")
        if not expr or expr[-1] in OP_SYMBOLS + "(":
            return expr + "("
        if expr[-1] in "0123456789)" and opening == closing:
            return expr
        return expr + ")"

    @staticmethod
    def _can_enter_decimal(expr: str) -> bool:
        if not expr or expr[-1] in OP_SYMBOLS + ".()":
            return False
        tail = len(expr) - len(expr.rstrip("0123456789."))
        return "." not in expr[len(expr) - tail :]

    @staticmethod
    def _can_enter_operation(expr: str, symbol: str) -> bool:
        if symbol in "+-":
            return not expr or expr[-1] in OP_SYMBOLS + "()0123456789"
        # The bug: `isNotEmpty() || last() in ...` calls last() exactly when it is empty.
        frame = f"{_WRITER}.canEnterOperation(ExpressionWriter.kt:75)"
        return bool(expr) or kotlin_last(expr, frame) in "0123456789)"

    def _key(self, label: str | None, action: str) -> View:
        return View(
            cls="android.view.View",
            width=270,
            on_click=lambda c: self._action(c, action),
            naf=label is None,
            children=[View(cls="android.widget.TextView", text=label)] if label else [],
        )

    def render(self, ctx: AppContext) -> Screen:
        expr = ctx.ui.get("expression", "")
        rows = [
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=250,
                children=[self._key(label, act) for label, act in KEYS[r * 4 : r * 4 + 4]],
            )
            for r in range(5)
        ]
        display = View(
            cls="android.view.View",
            padding=42,
            children=[
                View(
                    cls="android.widget.EditText",
                    text=expr,
                    height=250,
                    on_click=lambda c: None,  # read-only: a tap only places the cursor
                )
            ],
        )
        grid = View(cls="android.view.View", weight=0, padding=21, children=rows)
        column = View(
            cls="android.view.View",
            children=[display, View(cls="android.view.View", height=21), grid],
        )
        return Screen(
            content=View(
                cls="androidx.compose.ui.platform.ComposeView",
                children=[View(cls="android.view.View", children=[column])],
            )
        )


def _tap(text: str) -> dict[str, Any]:
    return {"kind": "click", "target": {"text": text}}


WRONG_SEQUENCES = {
    BUG: (
        (_tap("7"), _tap("x")),  # a number first: "7x"
        (_tap("-"), _tap("x")),  # minus is allowed on empty, then x is appended
        (_tap("()"), _tap("÷")),  # "(" first: the expression is not empty
        (_tap("9"), _tap("%"), _tap("=")),  # percent after a number, then calculate
    ),
}
