"""OpenCalc (``com.darkempire78.opencalculator``), the open-source calculator, in two versions.

Versions modelled, one class each, sharing one implementation (:class:`_OpenCalc`):

- :class:`OpenCalc310Beta1` (``3.1.0-beta1``, the dataset's apk for OpenCalc#510). A closing
  parenthesis without an opening one is silently ignored together with everything after it:
  the expression parser stops at the stray ``)`` (as the app's recursive-descent
  ``Calculator.evaluate`` does), so ``1+2)×3`` shows ``3`` instead of an error or ``9``. The
  keypad's ``(  )`` button never inserts an unbalanced ``)`` when the cursor is at the end, which
  is why the maintainer could not see the bug from the screen; the reporter typed ``1+2×3`` first
  and then put the parenthesis in the middle. The action vocabulary cannot place a text cursor
  between two characters, so the model offers the other way the real app accepts: editing the
  field's text directly (``input_text``; the real ``EditText`` takes hardware-keyboard input).
  Two more bugs of this version: √ and the scientific functions go through ``double``, so an
  argument beyond ``Double.MAX_VALUE`` (``√(2^(1024))``) becomes ``Infinity`` and
  ``BigDecimal(Infinity)`` throws ``NumberFormatException: Infinite or NaN`` while the preview
  is computed (OpenCalc#493; the report has no trace, the frames are the model's, in the app's
  real classes); and a ``%`` right after ``)`` is applied to the last number inside the
  parentheses, so ``(5+4)%`` shows 5.2 instead of 0.09 (OpenCalc#448, fixed by the app's #507).
  And the "Scientific mode" preference ("Activate scientific mode by default") makes
  ``MainActivity.onCreate`` call ``enableOrDisableScientistMode()`` in every orientation; the
  landscape layout (``layout-land/activity_main.xml``: four rows of eight keys) shows the
  scientific rows by default and keeps the digits 4-6 and 1-3 in those same rows, so a landscape
  MainActivity created with the preference on hides half of its numpad (OpenCalc#524; the fix,
  commit 656c612 in 3.1.4, skips the call in landscape). The scientific rows' visibility is not
  instance state: a re-created activity starts from its layout's default.
- :class:`OpenCalc314` (``3.1.4``, OpenCalc#532). The stray-``)`` handling was fixed (a syntax
  error), but the rewritten percent handling throws on a ``%`` that directly follows a factorial
  ``!`` (``1!%``): an uncaught ``StringIndexOutOfBoundsException`` in
  ``Expression.getPercentString`` while the result preview is computed, on a coroutine worker
  thread. The report has no stack trace; the frames are the model's, in the app's real classes.

What the screen offers (from the app's ``activity_main.xml`` and ``strings.xml``): the input
``EditText`` (``input``, no soft keyboard), the result preview (``resultDisplay``), the keypad
(``AC``, ``(  )``, ``%``, ``÷``, digits, ``×``, ``−``, ``+``, point, back space, ``=``), the
scientific rows (``√ π ^ !`` always, ``DEG sin cos tan`` and ``INV e ln log log₂`` when expanded by
the "scientific mode switch"), a menu button without a description (Clear history, Settings,
About) and the history panel below the keypad. In landscape, the ``layout-land`` table of four
rows of eight keys, without the switch. The settings screen lists every preference of
``root_preferences.xml`` at 3.1.0-beta1 (GENERAL, FORMATTING, HISTORY, ADVANCED) with its
defaults; only theme, radians, scientific mode and the list choices change what the model shows
(Language opens the system's app-language settings, another app, and is not modelled).

Arithmetic is exact (``decimal``) for ``+ − × ÷`` and ``^`` with integer exponents, floating point
for the scientific functions; results are rounded to 10 decimal places like the app's default
precision, and shown with ``,`` grouping.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal, DivisionByZero, InvalidOperation, localcontext
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.darkempire78.opencalculator"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
ABOUT = ".activities.AboutActivity"

# ListPreference entries (res/values/arrays.xml).
PRECISION_CHOICES = (*(str(n) for n in range(21)), "25", "30", "40", "50", "75", "100", "∞")
HISTORY_SIZE_CHOICES = ("0", "10", "20", "50", "100", "200", "500", "1000", "∞")

# Error texts of the app's strings.xml.
ERR_SYNTAX = "Syntax error"
ERR_DIV0 = "Can't divide by 0"
ERR_DOMAIN = "Domain error"
ERR_TOO_LARGE = "Value too large"
ERR_REAL = "Real number required"

DECIMALS = 10  # the app's default "Number of decimal places"
_FUNCTIONS = ("sin⁻¹", "cos⁻¹", "tan⁻¹", "sin", "cos", "tan", "log₂", "log", "ln", "exp")
_BINARY = "+-×÷^"


# -- expression evaluation -------------------------------------------------------------------------


class CalcError(Exception):
    """An expression the calculator cannot evaluate; ``message`` is the text the app shows."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class DoubleOverflow(Exception):
    """A value beyond ``Double.MAX_VALUE`` reached code that goes through ``double`` (3.1.0-beta1's
    square root and scientific functions): Kotlin's ``x.toDouble()`` gives ``Infinity`` and
    ``BigDecimal(Infinity)`` throws ``NumberFormatException: Infinite or NaN`` (OpenCalc#493).
    ``function`` names the operation (``"sqrt"``, ``"ln"``...)."""

    def __init__(self, function: str) -> None:
        super().__init__(f"{function} of a value beyond Double.MAX_VALUE")
        self.function = function


DOUBLE_MAX = Decimal("1.7976931348623157e308")


class _Token:
    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value: Any = None) -> None:
        self.kind = kind  # num | op | lp | rp | func | const | post | sqrt
        self.value = value

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"{self.kind}:{self.value}"


def tokenize(expression: str) -> list[_Token]:
    """Split an OpenCalc input string into tokens.

    Accepts what the keypad inserts (``×÷-+^!%√πe()``, ``sin(`` and friends, ``,`` grouping) and
    what a keyboard types (``*``, ``/``, ``−``). Raises :class:`CalcError` (syntax) on anything
    else.
    """
    text = expression.replace(",", "").replace(" ", "").replace("*", "×").replace("/", "÷")
    text = text.replace("−", "-")
    tokens: list[_Token] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isdigit() or ch == ".":
            j = i
            while j < len(text) and (text[j].isdigit() or text[j] == "."):
                j += 1
            literal = text[i:j]
            if literal.count(".") > 1 or literal == ".":
                raise CalcError(ERR_SYNTAX)
            tokens.append(_Token("num", Decimal(literal)))
            i = j
            continue
        if ch in _BINARY:
            tokens.append(_Token("op", ch))
        elif ch == "(":
            tokens.append(_Token("lp"))
        elif ch == ")":
            tokens.append(_Token("rp"))
        elif ch in "!%":
            tokens.append(_Token("post", ch))
        elif ch == "√":
            tokens.append(_Token("sqrt"))
        elif ch == "π":
            tokens.append(_Token("const", Decimal(repr(math.pi))))
        else:
            name = next((f for f in _FUNCTIONS if text.startswith(f, i)), None)
            if name is not None:
                tokens.append(_Token("func", name))
                i += len(name)
                continue
            if ch == "e":
                tokens.append(_Token("const", Decimal(repr(math.e))))
            elif ch == "E":  # scientific notation of a shown result: 1.5E20
                tokens.extend([_Token("op", "×"), _Token("num", Decimal(10)), _Token("op", "^")])
            else:
                raise CalcError(ERR_SYNTAX)
        i += 1
    return tokens


class _Parser:
    """Recursive descent over tokens, with OpenCalc's rules.

    Grammar (highest binding last): ``expr := term (('+'|'-') term)*``; ``term := unary
    (('×'|'÷') unary | implicit-multiplication unary)*``; ``unary := ('-'|'+') unary | power``;
    ``power := postfix ('^' unary)?``; ``postfix := primary ('!'|'%')*``; ``primary := number |
    π | e | '(' expr ')' | func '(' expr ')' | '√' postfix``. Missing closing parentheses at the
    end are added. ``a ± b%`` means ``a ± a·b/100`` (the app's "user friendly" percent).
    """

    def __init__(self, tokens: list[_Token], degrees: bool, via_double: bool = False) -> None:
        self.tokens = tokens
        self.pos = 0
        self.degrees = degrees
        self.via_double = via_double  # 3.1.0-beta1: √ and functions go through double

    def peek(self) -> _Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> _Token:
        tok = self.peek()
        if tok is None:
            raise CalcError(ERR_SYNTAX)  # the expression ends where an operand is needed
        self.pos += 1
        return tok

    def at(self, kind: str, value: Any = None) -> bool:
        tok = self.peek()
        return tok is not None and tok.kind == kind and (value is None or tok.value == value)

    def starts_operand(self) -> bool:
        """True when the next token can begin an operand (implicit multiplication follows)."""
        tok = self.peek()
        return tok is not None and tok.kind in ("num", "lp", "func", "const", "sqrt")

    def expr(self) -> Decimal:
        x, _ = self.term()
        while self.at("op", "+") or self.at("op", "-"):
            op = self.take().value
            y, is_percent = self.term()
            if is_percent:
                y = x * y  # 200 + 10% = 200 + 200·0.10
            x = x + y if op == "+" else x - y
        return x

    def term(self) -> tuple[Decimal, bool]:
        x, is_percent = self.unary()
        while True:
            if self.at("op", "×"):
                self.take()
                x = x * self.unary()[0]
            elif self.at("op", "÷"):
                self.take()
                y = self.unary()[0]
                if y == 0:
                    raise CalcError(ERR_DIV0)
                x = x / y
            elif self.starts_operand():
                x = x * self.unary()[0]  # implicit multiplication: 2π, 3(4), 2sin(30)
            else:
                return x, is_percent
            is_percent = False

    def unary(self) -> tuple[Decimal, bool]:
        if self.at("op", "-"):
            self.take()
            value, is_percent = self.unary()
            return -value, is_percent
        if self.at("op", "+"):
            self.take()
            return self.unary()
        return self.power()

    def power(self) -> tuple[Decimal, bool]:
        base, is_percent = self.postfix()
        if self.at("op", "^"):
            self.take()
            exponent = self.unary()[0]
            return _power(base, exponent), False
        return base, is_percent

    def postfix(self) -> tuple[Decimal, bool]:
        x = self.primary()
        is_percent = False
        while self.at("post"):
            op = self.take().value
            if op == "!":
                x = _factorial(x)
                is_percent = False
            else:
                x = x / 100
                is_percent = True
        return x, is_percent

    def primary(self) -> Decimal:
        tok = self.take()
        if tok.kind in ("num", "const"):
            return tok.value
        if tok.kind == "lp":
            return self.group()
        if tok.kind == "sqrt":
            value = self.postfix()[0]
            if value < 0:
                raise CalcError(ERR_REAL)
            if self.via_double and value > DOUBLE_MAX:
                raise DoubleOverflow("sqrt")
            return value.sqrt()
        if tok.kind == "func":
            if not self.at("lp"):
                raise CalcError(ERR_SYNTAX)
            self.take()
            argument = self.group()
            if self.via_double and abs(argument) > DOUBLE_MAX:
                raise DoubleOverflow(tok.value)
            return _function(tok.value, argument, self.degrees)
        raise CalcError(ERR_SYNTAX)

    def group(self) -> Decimal:
        value = self.expr()
        if self.at("rp"):
            self.take()
        elif self.peek() is not None:
            raise CalcError(ERR_SYNTAX)
        return value  # a missing ')' at the very end is added, as the app does


def _power(base: Decimal, exponent: Decimal) -> Decimal:
    if exponent == exponent.to_integral_value() and abs(exponent) <= 10000:
        if base == 0 and exponent < 0:
            raise CalcError(ERR_DIV0)
        return base ** int(exponent)
    if base < 0:
        raise CalcError(ERR_REAL)
    try:
        return Decimal(repr(float(base) ** float(exponent)))
    except OverflowError as exc:
        raise CalcError(ERR_TOO_LARGE) from exc


def _factorial(x: Decimal) -> Decimal:
    if x < 0:
        raise CalcError(ERR_DOMAIN)
    if x >= 3000:
        raise CalcError(ERR_TOO_LARGE)
    if x == x.to_integral_value():
        return Decimal(math.factorial(int(x)))
    try:
        return Decimal(repr(math.gamma(float(x) + 1)))  # the app's Lanczos gamma
    except OverflowError as exc:
        raise CalcError(ERR_TOO_LARGE) from exc


def _function(name: str, x: Decimal, degrees: bool) -> Decimal:
    value = float(x)
    if name in ("sin", "cos", "tan"):
        radians = math.radians(value) if degrees else value
        if name == "tan" and degrees and abs((value - 90) % 180) < 1e-12:
            raise CalcError(ERR_DOMAIN)
        result = {"sin": math.sin, "cos": math.cos, "tan": math.tan}[name](radians)
    elif name in ("sin⁻¹", "cos⁻¹", "tan⁻¹"):
        if name != "tan⁻¹" and abs(value) > 1:
            raise CalcError(ERR_DOMAIN)
        result = {"sin⁻¹": math.asin, "cos⁻¹": math.acos, "tan⁻¹": math.atan}[name](value)
        result = math.degrees(result) if degrees else result
    elif name in ("ln", "log", "log₂"):
        if value <= 0:
            raise CalcError(ERR_DOMAIN)
        result = {"ln": math.log, "log": math.log10, "log₂": math.log2}[name](value)
    else:  # exp
        try:
            result = math.exp(value)
        except OverflowError as exc:
            raise CalcError(ERR_TOO_LARGE) from exc
    return Decimal(repr(result))


def move_percent_into_parentheses(expression: str) -> str:
    """3.1.0-beta1's percent rewriting (OpenCalc#448): a ``%`` right after ``)`` is applied to
    the last number inside the parentheses, as if typed before the ``)``: ``(5+4)%`` becomes
    ``(5+4%)``, which the "user friendly" percent reads as ``5+5×4÷100`` = 5.2 instead of 0.09.
    (The report names the wrong value only through a screenshot; 5.2 is the model's reading of
    the percent-string rewriting.)"""
    text = expression
    while ")%" in text:
        text = re.sub(r"\)%", "%)", text)
    return text


def evaluate(
    expression: str,
    *,
    degrees: bool = True,
    stray_paren_ends_parse: bool = False,
    via_double: bool = False,
    percent_into_parentheses: bool = False,
) -> Decimal:
    """The value of an OpenCalc input string, rounded to :data:`DECIMALS` places.

    ``stray_paren_ends_parse`` reproduces 3.1.0-beta1: a ``)`` with no matching ``(`` ends the
    parse and what follows is ignored (``1+2)×3`` → 3); otherwise it is a syntax error.
    ``via_double`` (3.1.0-beta1) makes √ and the scientific functions raise
    :class:`DoubleOverflow` on an argument beyond ``Double.MAX_VALUE`` (OpenCalc#493);
    ``percent_into_parentheses`` (3.1.0-beta1) applies :func:`move_percent_into_parentheses`
    first (OpenCalc#448). Raises :class:`CalcError` with the text the app shows (syntax,
    division by 0, domain, too large).
    """
    if percent_into_parentheses:
        expression = move_percent_into_parentheses(expression)
    tokens = tokenize(expression)
    if not tokens:
        raise CalcError(ERR_SYNTAX)
    with localcontext() as ctx:
        ctx.prec = 60
        ctx.Emax = 100000
        ctx.Emin = -100000
        parser = _Parser(tokens, degrees, via_double)
        try:
            value = parser.expr()
            if parser.peek() is not None and not (stray_paren_ends_parse and parser.at("rp")):
                raise CalcError(ERR_SYNTAX)
            if abs(value) >= Decimal("1e1000"):
                raise CalcError(ERR_TOO_LARGE)
            return (
                value.quantize(Decimal(1).scaleb(-DECIMALS))
                if abs(value) < Decimal("1e40")
                else value
            )
        except (DivisionByZero, InvalidOperation, OverflowError) as exc:
            raise CalcError(ERR_SYNTAX) from exc


def format_number(value: Decimal) -> str:
    """``Decimal`` → the app's display: ``1,234.5``, ``-0.25``, ``7``; ``1.2345E40`` when huge."""
    if value == 0:
        return "0"
    if abs(value) >= Decimal("1e15"):
        mantissa, exponent = f"{value:.9E}".split("E")
        mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}E{int(exponent)}"
    text = f"{value:f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return group_digits(text)


def group_digits(expression: str) -> str:
    """Insert ``,`` thousands separators into every integer part of an input string."""
    out: list[str] = []
    i = 0
    while i < len(expression):
        if expression[i].isdigit():
            j = i
            while j < len(expression) and expression[j].isdigit():
                j += 1
            run = expression[i:j]
            if i > 0 and expression[i - 1] == ".":
                out.append(run)  # decimals are not grouped
            else:
                out.append(f"{int(run):,}" if len(run) > 3 and not run.startswith("0") else run)
            i = j
        else:
            out.append(expression[i])
            i += 1
    return "".join(out)


def unmatched_closing(expression: str) -> int:
    """How many ``)`` close nothing (scanning left to right)."""
    depth = 0
    stray = 0
    for ch in expression:
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                stray += 1
            else:
                depth -= 1
    return stray


# -- views -----------------------------------------------------------------------------------------


# The INV-dependent function keys: id -> ((label, inserted), (label with INV, inserted), desc).
FUNCTION_KEYS: dict[str, tuple[tuple[str, str], tuple[str, str], str]] = {
    "squareButton": (("√", "√"), ("x²", "^2"), "square"),
    "sineButton": (("sin", "sin("), ("sin⁻¹", "sin⁻¹("), "sine"),
    "cosineButton": (("cos", "cos("), ("cos⁻¹", "cos⁻¹("), "cosine"),
    "tangentButton": (("tan", "tan("), ("tan⁻¹", "tan⁻¹("), "tangent"),
    "naturalLogarithmButton": (("ln", "ln("), ("e^", "exp("), "natural logarithm"),
    "logarithmButton": (("log", "log("), ("10^", "10^"), "logarithm"),
    "log2Button": (("log₂", "log₂("), ("2^", "2^"), "base 2 logarithm"),
}


def _button(
    rid: str, text: str, on_click: Any, *, desc: str = "", width: int | None = None
) -> View:
    return w.button(rid, text, on_click, content_desc=desc, width=width)


def _image_button(
    rid: str, desc: str, on_click: Any, *, width: int | None = None, on_long: Any = None
) -> View:
    return w.image_button(rid, desc, on_click, on_long_click=on_long, width=width)


def _toolbar(title: str, on_up: Any) -> View:
    return w.toolbar(title, navigation=w.nav_button(w.NAVIGATE_UP, on_up))


# -- the app ---------------------------------------------------------------------------------------


class _OpenCalc(VirtualApp):
    """OpenCalc's behaviour, shared by the version classes (which set the class attributes and
    the two version flags)."""

    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "OpenCalc"
    launch_activity: ClassVar[str] = MAIN
    # 3.1.0-beta1: a stray ')' ends the parse (OpenCalc#510); 3.1.4: it is a syntax error.
    STRAY_PAREN_ENDS_PARSE: ClassVar[bool] = False
    # 3.1.4: '%' right after '!' throws in Expression.getPercentString (OpenCalc#532).
    PERCENT_AFTER_FACTORIAL_CRASHES: ClassVar[bool] = False
    # 3.1.0-beta1: √ and functions convert to double; beyond Double.MAX_VALUE → crash (#493).
    HUGE_VIA_DOUBLE_CRASHES: ClassVar[bool] = False
    # 3.1.0-beta1: '%' after ')' applies to the last number inside the parentheses (#448).
    PERCENT_AFTER_PAREN_MOVES_INSIDE: ClassVar[bool] = False
    # Until 3.1.4: "Scientific mode" (activate by default) toggles the scientific rows in
    # onCreate in every orientation; landscape shows them by default, so it hides them together
    # with the digits 1-6 that share their rows (OpenCalc#524, fixed by commit 656c612).
    SCIENTIFIC_DEFAULT_TOGGLES_IN_LANDSCAPE: ClassVar[bool] = False

    def initial_data(self) -> dict[str, Any]:
        return {
            "history": [],
            "prefs": {
                # root_preferences.xml's defaults, in the order the settings screen lists them.
                "vibration": True,
                "radians": False,
                "scientific_mode": False,
                "split_parenthesis": False,
                "add_modulo": True,
                "precision": "10",
                "scientific_notation": False,
                "history_size": "∞",
                "delete_on_swipe": True,
                "auto_save": True,
                "long_click_copy": True,
                "keep_awake": False,
                "theme": "System",
            },
            # Evidence for OpenCalc#524: landscape keypads created without their middle rows.
            "landscape_rows_hidden": [],
            # Evidence for the ground truth: wrong results shown for unbalanced input.
            "wrong_results": [],
            # Evidence for OpenCalc#448: wrong values shown for a percent of a parenthesis.
            "wrong_percent_results": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ui = ctx.ui
            ui.setdefault("expr", "")
            ui.setdefault("result", "")
            ui.setdefault("result_error", False)
            ui.setdefault("equal_last", False)
            ui.setdefault("sci", False)
            ui.setdefault("inv", False)
            ui.setdefault("degrees", not ctx.data["prefs"]["radians"])
            ui.setdefault("menu", False)
            ui.setdefault("history_open", False)
            # MainActivity.onCreate: "scientific mode enabled by default (if option enabled)"
            # calls enableOrDisableScientistMode(), which flips the rows' visibility.
            landscape = ctx.orientation == "landscape"
            if ctx.data["prefs"].get("scientific_mode") and (
                not landscape or self.SCIENTIFIC_DEFAULT_TOGGLES_IN_LANDSCAPE
            ):
                ui["sci"] = not ui["sci"]
                if landscape:
                    ctx.data["landscape_rows_hidden"].append(ctx.orientation)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        """The scientific rows' visibility is not saved: a re-created MainActivity inflates its
        layout's default and applies the "Scientific mode" preference again."""
        saved = dict(ctx.ui)
        saved.pop("sci", None)
        return saved

    def on_key(self, ctx: AppContext, key: str) -> bool:
        """A hardware Delete key deletes like the back space button (the field keeps no keyboard
        focus in the model, see :meth:`_input_tapped`)."""
        if ctx.activity == MAIN and key == "delete":
            self._backspace(ctx)
            return True
        return False

    def on_back(self, ctx: AppContext) -> bool:
        return ctx.activity == MAIN and w.dismiss(ctx.ui, "history_open")

    # -- rendering ---------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity == ABOUT:
            return self._render_about(ctx)
        return self._render_main(ctx)

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        width = ctx.screen_size[0]
        landscape = ctx.orientation == "landscape"
        top = View(
            cls="android.view.ViewGroup",
            layout=FRAME,
            height=126,
            children=[
                w.text_view(
                    ("DEG" if ui["degrees"] else "RAD") if self._sci_rows(ctx) else "",
                    "degreeTextView",
                    width=200,
                    height=110,
                    gravity="top_start",
                ),
                View(
                    cls="android.widget.ImageButton",
                    resource_id="menuButton",
                    on_click=self._open_menu,
                    width=126,
                    height=126,
                    gravity="top_end",
                    naf=True,  # the real button has no contentDescription
                ),
            ],
        )
        display = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="inputHorizontalScrollView",
            height=170 if landscape else 300,
            children=[
                View(
                    cls="android.widget.EditText",
                    resource_id="input",
                    text=group_digits(ui["expr"]),
                    on_text=self._typed,
                    on_click=self._input_tapped,
                    long_clickable=False,
                    gravity="end",
                    # The app sets showSoftInputOnFocus = false: no soft keyboard for this field.
                    extra={"show_soft_input_on_focus": False},
                )
            ],
        )
        result = w.text_view(
            ui["result"], "resultDisplay", height=110 if landscape else 160, long_clickable=False
        )
        children: list[View] = [top, display, result]
        if ui["history_open"]:
            children.append(self._history_panel(ctx))
        elif landscape:
            children.append(self._keypad_landscape(ctx, width))
        else:
            children.append(self._keypad(ctx, width))
        children.append(
            View(
                cls="android.view.View",
                resource_id="history_sliding_layout_button",
                on_click=self._toggle_history,
                height=90,
                naf=True,
            )
        )
        root = View(
            cls="android.view.ViewGroup", resource_id="mainConstraintLayout", children=children
        )
        windows = [self._menu_window()] if ui["menu"] else []
        return Screen(content=root, windows=windows)

    def _function_key(self, rid: str, inv: bool, width: int) -> View:
        """A key of :data:`FUNCTION_KEYS`, as INV shows it."""
        plain, inverted, desc = FUNCTION_KEYS[rid]
        label, inserted = inverted if inv else plain
        return _button(rid, label, lambda c: self._insert(c, inserted), desc=desc, width=width)

    def _sci_rows(self, ctx: AppContext) -> bool:
        """Whether the scientific rows show: portrait layouts hide them until the switch (or
        the preference) flips them; ``layout-land`` shows them until something flips them."""
        return bool(ctx.ui["sci"]) != (ctx.orientation == "landscape")

    def _keypad_landscape(self, ctx: AppContext, width: int) -> View:
        """``layout-land/activity_main.xml``: one table of four rows of eight keys, the
        scientific keys left of the digits; rows 2 and 3 (``scientistModeRow2``/``3``) also
        hold 4-6 and 1-3, so hiding the scientific rows hides those digits too. No switch button
        (``binding.scientistModeSwitchButton?`` is null in this layout)."""
        ui = ctx.ui
        inv = ui["inv"]
        cell = (width - 42) // 8

        def insert(value: str) -> Any:
            return lambda c: self._insert(c, value)

        def symbol(value: str) -> Any:
            return lambda c: self._add_symbol(c, value)

        def key(rid: str, text: str, handler: Any, desc: str = "") -> View:
            return _button(rid, text, handler, desc=desc, width=cell)

        def row(rid: str, keys: list[View]) -> View:
            return View(
                cls="android.widget.TableRow",
                resource_id=rid,
                layout=HORIZONTAL,
                weight=1,
                children=keys,
            )

        rows = [
            row(
                "",
                [
                    self._function_key("squareButton", inv, cell),
                    key("divideBy100Button", "%", symbol("%"), "percent"),
                    key("factorialButton", "!", symbol("!"), "factorial"),
                    key("sevenButton", "7", insert("7")),
                    key("eightButton", "8", insert("8")),
                    key("nineButton", "9", insert("9")),
                    key("divideButton", "÷", symbol("÷")),
                    key("clearButton", "AC", self._clear, "clear"),
                ],
            )
        ]
        if self._sci_rows(ctx):
            rows.append(
                row(
                    "scientistModeRow2",
                    [
                        key(
                            "degreeButton",
                            "DEG" if ui["degrees"] else "RAD",
                            self._toggle_degrees,
                            "degree",
                        ),
                        key("eButton", "e", insert("e"), "e"),
                        key("piButton", "π", insert("π"), "pi"),
                        key("fourButton", "4", insert("4")),
                        key("fiveButton", "5", insert("5")),
                        key("sixButton", "6", insert("6")),
                        key("multiplyButton", "×", symbol("×")),
                        key("parenthesesButton", "(  )", self._parentheses, "parentheses"),
                    ],
                )
            )
            rows.append(
                row(
                    "scientistModeRow3",
                    [
                        key("invButton", "INV", self._toggle_inv, "invert"),
                        self._function_key("naturalLogarithmButton", inv, cell),
                        self._function_key("logarithmButton", inv, cell),
                        key("oneButton", "1", insert("1")),
                        key("twoButton", "2", insert("2")),
                        key("threeButton", "3", insert("3")),
                        key("subtractButton", "−", symbol("-")),
                        _image_button("exponentButton", "exponent", symbol("^"), width=cell),
                    ],
                )
            )
        rows.append(
            row(
                "",
                [
                    self._function_key("sineButton", inv, cell),
                    self._function_key("cosineButton", inv, cell),
                    self._function_key("tangentButton", inv, cell),
                    key("zeroButton", "0", insert("0")),
                    _image_button("pointButton", "point", self._point, width=cell),
                    _image_button(
                        "backspaceButton",
                        "back space",
                        self._backspace,
                        width=cell,
                        on_long=self._clear,
                    ),
                    key("addButton", "+", symbol("+")),
                    key("equalsButton", "=", self._equals),
                ],
            )
        )
        return View(
            cls="android.widget.TableLayout", resource_id="tableLayout", padding=21, children=rows
        )

    def _keypad(self, ctx: AppContext, width: int) -> View:
        ui = ctx.ui
        inv = ui["inv"]
        cell = (width - 42) // 4
        sci_cell = (width - 42) * 10 // 46  # four weight-1 cells and a weight-0.6 toggle

        def insert(value: str) -> Any:
            return lambda c: self._insert(c, value)

        def symbol(value: str) -> Any:
            return lambda c: self._add_symbol(c, value)

        rows: list[View] = [
            View(
                cls="android.widget.TableRow",
                resource_id="scientistModeRow1",
                layout=HORIZONTAL,
                weight=1.6,
                children=[
                    self._function_key("squareButton", inv, sci_cell),
                    _button("piButton", "π", insert("π"), desc="pi", width=sci_cell),
                    _image_button("exponentButton", "exponent", symbol("^"), width=sci_cell),
                    _button("factorialButton", "!", symbol("!"), desc="factorial", width=sci_cell),
                    _image_button(
                        "scientistModeSwitchButton",
                        "scientific mode switch",
                        self._toggle_scientific,
                        width=width - 42 - 4 * sci_cell,
                    ),
                ],
            )
        ]
        if ui["sci"]:
            rows.append(
                View(
                    cls="android.widget.TableRow",
                    resource_id="scientistModeRow2",
                    layout=HORIZONTAL,
                    weight=1.6,
                    children=[
                        _button(
                            "degreeButton",
                            "DEG" if ui["degrees"] else "RAD",
                            self._toggle_degrees,
                            desc="degree",
                            width=sci_cell,
                        ),
                        self._function_key("sineButton", inv, sci_cell),
                        self._function_key("cosineButton", inv, sci_cell),
                        self._function_key("tangentButton", inv, sci_cell),
                    ],
                )
            )
            rows.append(
                View(
                    cls="android.widget.TableRow",
                    resource_id="scientistModeRow3",
                    layout=HORIZONTAL,
                    weight=1.6,
                    children=[
                        _button(
                            "invButton", "INV", self._toggle_inv, desc="invert", width=sci_cell
                        ),
                        _button("eButton", "e", insert("e"), desc="e", width=sci_cell),
                        self._function_key("naturalLogarithmButton", inv, sci_cell),
                        self._function_key("logarithmButton", inv, sci_cell),
                        self._function_key("log2Button", inv, sci_cell),
                    ],
                )
            )
        main_rows = [
            [
                _button("clearButton", "AC", self._clear, desc="clear", width=cell),
                _button(
                    "parenthesesButton", "(  )", self._parentheses, desc="parentheses", width=cell
                ),
                _button("divideBy100Button", "%", symbol("%"), desc="percent", width=cell),
                _button("divideButton", "÷", symbol("÷"), width=cell),
            ],
            [
                *(
                    _button(rid, d, insert(d), width=cell)
                    for rid, d in (("sevenButton", "7"), ("eightButton", "8"), ("nineButton", "9"))
                ),
                _button("multiplyButton", "×", symbol("×"), width=cell),
            ],
            [
                *(
                    _button(rid, d, insert(d), width=cell)
                    for rid, d in (("fourButton", "4"), ("fiveButton", "5"), ("sixButton", "6"))
                ),
                _button("subtractButton", "−", symbol("-"), width=cell),
            ],
            [
                *(
                    _button(rid, d, insert(d), width=cell)
                    for rid, d in (("oneButton", "1"), ("twoButton", "2"), ("threeButton", "3"))
                ),
                _button("addButton", "+", symbol("+"), width=cell),
            ],
            [
                _button("zeroButton", "0", insert("0"), width=cell),
                _image_button("pointButton", "point", self._point, width=cell),
                _image_button(
                    "backspaceButton",
                    "back space",
                    self._backspace,
                    width=cell,
                    on_long=self._clear,
                ),
                _button("equalsButton", "=", self._equals, width=cell),
            ],
        ]
        for n, buttons in enumerate(main_rows):
            rows.append(
                View(
                    cls="android.widget.TableRow",
                    resource_id="delRow" if n == 4 else "",
                    layout=HORIZONTAL,
                    weight=3,
                    children=list(buttons),
                )
            )
        return View(
            cls="android.widget.TableLayout", resource_id="tableLayout", padding=21, children=rows
        )

    def _history_panel(self, ctx: AppContext) -> View:
        history = ctx.data["history"]
        if not history:
            return w.frame_layout(
                [
                    w.text_view(
                        "No History Available",
                        "no_history_text",
                        gravity="center",
                        height=110,
                        width=ctx.screen_size[0] - 100,
                    )
                ],
                layout=FRAME,
            )
        rows = []
        for entry in history:
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(entry["calculation"], "history_item_calculation"),
                        w.text_view(entry["result"], "history_item_result"),
                    ],
                    on_click=w.bind(self._insert, entry["result"].replace(",", "")),
                    weight=0,
                )
            )
        return View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="history_recylcle_view",
            scrollable=True,
            scroll_key="history_scroll",
            children=rows,
        )

    def _menu_window(self) -> Window:
        items = [
            ("Clear history", self._clear_history, "app_menu_clear_history_button"),
            ("Settings", self._open(SETTINGS), "app_menu_settings_button"),
            ("About", self._open(ABOUT), "app_menu_about_button"),
        ]
        return w.menu_window(items, self._close_menu)

    def _render_settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]

        def switch_row(key: str, title: str, summary: str) -> View:
            # AndroidX preference's SwitchPreferenceCompat: its widget's id is switchWidget.
            return w.preference(
                title,
                summary,
                lambda c: self._toggle_pref(c, key),
                widget=w.switch_widget(bool(prefs[key]), rid="switchWidget", focusable=False),
            )

        def list_row(key: str, title: str, choices: tuple[str, ...]) -> View:
            # A ListPreference with useSimpleSummaryProvider: the summary is the chosen entry.
            return w.preference(
                title, prefs[key], lambda c: c.ui.update(list_dialog=[key, title, list(choices)])
            )

        language_row = w.preference(
            "Language",
            "English",  # Locale.getDefault().displayLanguage on the test device
            # launchChangeAppLanguageIntent(): the system's app-language settings (another app's
            # screen; not modelled, the tap leaves the calculator as it is).
            None,
        )
        theme_row = w.linear_layout(
            [
                w.text_view("Theme", "android:id/title"),
                w.text_view(prefs["theme"], "android:id/summary"),
            ],
            on_click=self._open_theme_dialog,
            height=200,
        )
        listing = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="recycler_view",
            scrollable=True,
            children=[
                w.text_view("GENERAL", height=110),
                language_row,
                theme_row,
                switch_row("vibration", "Vibration", "Vibrate when a button is pressed"),
                switch_row("radians", "Radians", "Use radians instead of degrees by default"),
                switch_row(
                    "scientific_mode", "Scientific mode", "Activate scientific mode by default"
                ),
                switch_row(
                    "split_parenthesis",
                    "Split the parentheses button into two buttons",
                    'Remove the "AC" button to split the parentheses button into two buttons',
                ),
                switch_row(
                    "add_modulo",
                    "Add a modulo button",
                    'Replace the "X²" button with a modulo button (available when the "INV" '
                    "button is pressed)",
                ),
                w.text_view("FORMATTING", height=110),
                list_row("precision", "Number of decimal places", PRECISION_CHOICES),
                switch_row(
                    "scientific_notation",
                    "Number into scientific notation",
                    "Convert all results to scientific notation",
                ),
                w.text_view("HISTORY", height=110),
                list_row("history_size", "Results saved in history", HISTORY_SIZE_CHOICES),
                switch_row(
                    "delete_on_swipe",
                    "Allow selective history deletion",
                    "Delete specific history element on swipe",
                ),
                switch_row(
                    "auto_save",
                    "Automatically save calculations",
                    "Automatically save calculations in history without needing to click the "
                    "equal button",
                ),
                w.text_view("ADVANCED", height=110),
                switch_row(
                    "long_click_copy",
                    "Long press to copy value",
                    "Long press copies the text of the item instead of selecting it",
                ),
                switch_row(
                    "keep_awake",
                    "Keep device awake",
                    "Prevent device from sleeping while the app is in the foreground",
                ),
            ],
        )
        windows: list[Window] = []
        if ctx.ui.get("list_dialog"):
            key, title, choices = ctx.ui["list_dialog"]
            windows.append(
                w.choice_dialog(
                    title,
                    choices,
                    choices.index(prefs[key]) if prefs[key] in choices else None,
                    lambda c, i: self._set_list_pref(c, key, choices[i]),
                    lambda c: c.ui.update(list_dialog=None),
                    negative=("Cancel", lambda c: c.ui.update(list_dialog=None)),
                )
            )
        if ctx.ui.get("theme_dialog"):
            options = ["Material You", "System", "Light", "Dark", "Amoled"]
            windows.append(
                Window(
                    root=w.linear_layout(
                        [w.text_view("Theme", "alertTitle", height=140)]
                        + [
                            View(
                                cls="android.widget.CheckedTextView",
                                resource_id="android:id/text1",
                                text=name,
                                checked=prefs["theme"] == name,
                                on_click=w.bind(self._set_theme, name),
                                height=140,
                            )
                            for name in options
                        ],
                        weight=0,
                    ),
                    on_dismiss=self._close_theme_dialog,
                )
            )
        root = w.linear_layout([_toolbar("Settings", w.finish), listing])
        return Screen(content=root, windows=windows)

    def _render_about(self, ctx: AppContext) -> Screen:
        lines = [
            ("HELP US", ""),
            ("Donate", ""),
            ("Translate", ""),
            ("Rate this app", ""),
            ("SOCIAL", ""),
            ("GitHub", ""),
            ("Discord", ""),
            ("APP INFO", ""),
            ("License GPL 3.0", ""),
            ("Privacy policy", ""),
            ("Version", self.version),
        ]
        rows = [
            w.linear_layout(
                [w.text_view(title)] + ([w.text_view(value, "about_app_version")] if value else []),
                weight=0,
            )
            for title, value in lines
        ]
        listing = w.scroll_view(rows, scrollable=True)
        root = w.linear_layout([_toolbar("About", w.finish), listing])
        return Screen(content=root)

    # -- input handlers ----------------------------------------------------------------------------
    def _insert(self, ctx: AppContext, value: str) -> None:
        """``updateDisplay``: a digit or constant after ``=`` starts a new calculation."""
        ui = ctx.ui
        if ui["equal_last"] and (value[:1].isdigit() or value == "."):
            ui["expr"] = ""
        ui["equal_last"] = False
        ui["expr"] += value
        self._refresh(ctx)

    def _add_symbol(self, ctx: AppContext, symbol: str) -> None:
        """``addSymbol``: binary and postfix operators, with the app's replacement rules."""
        ui = ctx.ui
        ui["equal_last"] = False
        text = ui["expr"]
        if not text:
            if symbol == "-":
                ui["expr"] = "-"
                self._refresh(ctx)
            return
        prev = text[-1]
        if symbol == prev or prev in "√." or (prev == "(" and symbol != "-"):
            return
        if prev in _BINARY:
            if symbol == "-":
                ui["expr"] = text[:-1] + "-" if prev in "+-" else text + "-"
            elif len(text) > 1 and text[-2] != "(":
                ui["expr"] = text[:-1] + symbol
            elif symbol == "+":
                ui["expr"] = text[:-1]
            else:
                return
        else:
            ui["expr"] = text + symbol
        self._refresh(ctx)

    def _parentheses(self, ctx: AppContext) -> None:
        """The ``(  )`` button with the cursor at the end: open when balanced or after an operator
        or an opening parenthesis, close otherwise (so it never closes what is not open)."""
        text = ctx.ui["expr"]
        balanced = text.count("(") == text.count(")")
        if ctx.ui["equal_last"]:
            ctx.ui["equal_last"] = False
        if balanced or text[-1:] in ("(", *_BINARY):
            ctx.ui["expr"] = text + "("
        else:
            ctx.ui["expr"] = text + ")"
        self._refresh(ctx)

    def _point(self, ctx: AppContext) -> None:
        text = ctx.ui["expr"]
        if ctx.ui["equal_last"]:
            text = ""
            ctx.ui["equal_last"] = False
        number = ""
        for ch in reversed(text):
            if not (ch.isdigit() or ch == "."):
                break
            number = ch + number
        if "." in number:
            return  # one decimal separator per number
        ctx.ui["expr"] = text + ("." if number else "0.")
        self._refresh(ctx)

    def _backspace(self, ctx: AppContext) -> None:
        text = ctx.ui["expr"]
        ctx.ui["equal_last"] = False
        for name in _FUNCTIONS:
            if text.endswith(name + "("):
                ctx.ui["expr"] = text[: -len(name) - 1]
                break
        else:
            ctx.ui["expr"] = text[:-1]
        self._refresh(ctx)

    def _clear(self, ctx: AppContext) -> None:
        ctx.ui.update(expr="", result="", result_error=False, equal_last=False)

    def _input_tapped(self, ctx: AppContext) -> None:
        # showSoftInputOnFocus = false: touching the display never brings up the keyboard.
        ctx.hide_keyboard()

    def _typed(self, ctx: AppContext, text: str) -> None:
        """Text typed into the input field (a hardware keyboard or ``input text``)."""
        ctx.hide_keyboard()
        ctx.ui["expr"] = text.replace(",", "")
        ctx.ui["equal_last"] = False
        self._refresh(ctx)

    def _equals(self, ctx: AppContext) -> None:
        ui = ctx.ui
        expression = ui["expr"]
        if not expression:
            return
        self._check_percent_after_factorial(ctx, expression)
        try:
            value = self._evaluate(ctx, expression)
        except CalcError as err:
            ui["result"] = err.message
            ui["result_error"] = True
            return
        shown = format_number(value)
        history = ctx.data["history"]
        history.append({"calculation": group_digits(expression), "result": shown})
        del history[:-100]
        self._note_unbalanced_result(ctx, expression, value, "equals")
        ui.update(expr=shown.replace(",", ""), result="", result_error=False, equal_last=True)

    def _refresh(self, ctx: AppContext) -> None:
        """``updateResultDisplay``: the preview under the input (empty on errors)."""
        ui = ctx.ui
        ui["result_error"] = False
        expression = ui["expr"]
        if not expression:
            ui["result"] = ""
            return
        self._check_percent_after_factorial(ctx, expression)
        try:
            value = self._evaluate(ctx, expression)
        except CalcError:
            ui["result"] = ""
            return
        shown = format_number(value)
        ui["result"] = "" if shown == group_digits(expression) else shown
        if ui["result"]:
            self._note_unbalanced_result(ctx, expression, value, "preview")

    def _evaluate(self, ctx: AppContext, expression: str) -> Decimal:
        """The app's ``Calculator.evaluate``; raises :class:`CalcError` for shown errors and
        :class:`JavaException` where the real app throws (OpenCalc#493)."""
        try:
            value = evaluate(
                expression,
                degrees=ctx.ui["degrees"],
                stray_paren_ends_parse=self.STRAY_PAREN_ENDS_PARSE,
                via_double=self.HUGE_VIA_DOUBLE_CRASHES,
                percent_into_parentheses=self.PERCENT_AFTER_PAREN_MOVES_INSIDE,
            )
        except DoubleOverflow as exc:
            raise JavaException(
                "java.lang.NumberFormatException",
                "Infinite or NaN",
                frames=[
                    "java.math.BigDecimal.<init>(BigDecimal.java:891)",
                    "java.math.BigDecimal.<init>(BigDecimal.java:868)",
                    "com.darkempire78.opencalculator.calculator.Calculator.parseFactor(Calculator.kt:412)",
                    "com.darkempire78.opencalculator.calculator.Calculator.parseTerm(Calculator.kt:289)",
                    "com.darkempire78.opencalculator.calculator.Calculator.parseExpression(Calculator.kt:263)",
                    "com.darkempire78.opencalculator.calculator.Calculator.evaluate(Calculator.kt:229)",
                    "com.darkempire78.opencalculator.activities.MainActivity$updateResultDisplay$1.invokeSuspend(MainActivity.kt:861)",
                    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
                    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)",
                    "kotlinx.coroutines.scheduling.CoroutineScheduler.runSafely(CoroutineScheduler.kt:584)",
                    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.executeTask(CoroutineScheduler.kt:793)",
                    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.runWorker(CoroutineScheduler.kt:697)",
                    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.run(CoroutineScheduler.kt:684)",
                ],
                thread="DefaultDispatcher-worker-1",
            ) from exc
        if self.PERCENT_AFTER_PAREN_MOVES_INSIDE and ")%" in expression.replace(",", ""):
            self._note_percent_result(ctx, expression, value)
        return value

    def _note_percent_result(self, ctx: AppContext, expression: str, shown: Decimal) -> None:
        """Record a value shown for ``(…)%`` that differs from the percent of the whole
        parenthesis (OpenCalc#448's ground truth)."""
        try:
            right = evaluate(expression, degrees=ctx.ui["degrees"])
        except CalcError:
            right = None
        if right == shown:
            return
        record = {"expression": group_digits(expression), "shown": format_number(shown)}
        if record not in ctx.data["wrong_percent_results"]:
            ctx.data["wrong_percent_results"].append(record)
            ctx.log("OpenCalc", f"result {record['shown']} shown for {expression!r}", "D")

    def _note_unbalanced_result(
        self, ctx: AppContext, expression: str, shown: Decimal, where: str
    ) -> None:
        """Record a number shown for input with unmatched ``)`` when it differs from the reading
        with the missing ``(`` opened at the start (``1+2)×3`` read as ``(1+2)×3``)."""
        stray = unmatched_closing(expression)
        if not stray:
            return
        try:
            intended = evaluate("(" * stray + expression, degrees=ctx.ui["degrees"])
        except CalcError:
            intended = None
        if intended != shown:
            ctx.data["wrong_results"].append(
                {
                    "expression": group_digits(expression),
                    "shown": format_number(shown),
                    "where": where,
                }
            )
            ctx.log("OpenCalc", f"result {format_number(shown)} shown for {expression!r}", "D")

    def _check_percent_after_factorial(self, ctx: AppContext, expression: str) -> None:
        if not self.PERCENT_AFTER_FACTORIAL_CRASHES or "!%" not in expression.replace(",", ""):
            return
        length = len(expression.replace(",", ""))
        raise JavaException(
            "java.lang.StringIndexOutOfBoundsException",
            f"length={length}; index=-1",
            frames=[
                "java.lang.String.charAt(Native Method)",
                "com.darkempire78.opencalculator.calculator.parser.Expression.getPercentString(Expression.kt:93)",
                "com.darkempire78.opencalculator.calculator.parser.Expression.getCleanExpression(Expression.kt:20)",
                "com.darkempire78.opencalculator.activities.MainActivity$updateResultDisplay$1.invokeSuspend(MainActivity.kt:853)",
                "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
                "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)",
                "kotlinx.coroutines.internal.LimitedDispatcher$Worker.run(LimitedDispatcher.kt:115)",
                "kotlinx.coroutines.scheduling.TaskImpl.run(Tasks.kt:103)",
                "kotlinx.coroutines.scheduling.CoroutineScheduler.runSafely(CoroutineScheduler.kt:584)",
                "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.executeTask(CoroutineScheduler.kt:793)",
                "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.runWorker(CoroutineScheduler.kt:697)",
                "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.run(CoroutineScheduler.kt:684)",
            ],
            thread="DefaultDispatcher-worker-1",  # the preview is computed on Dispatchers.Default
        )

    # -- panels, menu, settings --------------------------------------------------------------------
    def _toggle_scientific(self, ctx: AppContext) -> None:
        ctx.ui["sci"] = not ctx.ui["sci"]

    def _toggle_inv(self, ctx: AppContext) -> None:
        ctx.ui["inv"] = not ctx.ui["inv"]

    def _toggle_degrees(self, ctx: AppContext) -> None:
        ctx.ui["degrees"] = not ctx.ui["degrees"]
        self._refresh(ctx)

    def _toggle_history(self, ctx: AppContext) -> None:
        ctx.ui["history_open"] = not ctx.ui["history_open"]

    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    def _clear_history(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.data["history"] = []

    def _open(self, activity: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui["menu"] = False
            ctx.start_activity(activity)

        return handler

    def _toggle_pref(self, ctx: AppContext, key: str) -> None:
        prefs = ctx.data["prefs"]
        prefs[key] = not prefs[key]

    def _set_list_pref(self, ctx: AppContext, key: str, value: str) -> None:
        """A ListPreference's choice (the number formatting and history size it controls are
        not modelled beyond the summary)."""
        ctx.data["prefs"][key] = value
        ctx.ui["list_dialog"] = None

    def _open_theme_dialog(self, ctx: AppContext) -> None:
        ctx.ui["theme_dialog"] = True

    def _close_theme_dialog(self, ctx: AppContext) -> None:
        ctx.ui["theme_dialog"] = False

    def _set_theme(self, ctx: AppContext, name: str) -> None:
        ctx.data["prefs"]["theme"] = name
        ctx.ui["theme_dialog"] = False


# -- ground truth ----------------------------------------------------------------------------------


def _crashed_with(system: dict[str, Any], exception: str) -> bool:
    return crashed(system, PACKAGE, exception)


def _click(
    resource_id: str, text: str = "", desc: str = "", cls: str = "android.widget.Button"
) -> dict[str, Any]:
    return click(PACKAGE, resource_id, text, desc, cls)


BUG_532 = BugSpec(
    bug_id="OpenCalc#532",
    kind="crash",
    title="Crashes on changing operator from factorial to some other one.",
    oracle=lambda data, system: _crashed_with(system, "java.lang.StringIndexOutOfBoundsException"),
    human_steps=(
        _click("oneButton", "1"),
        _click("factorialButton", "!", "factorial"),
        _click("divideBy100Button", "%", "percent"),
    ),
)


def _input(text: str, typed: str) -> dict[str, Any]:
    return input_text(PACKAGE, "input", typed, hint=text)


BUG_493 = BugSpec(
    bug_id="OpenCalc#493",
    kind="crash",
    title="Crash from Square Root of Power",
    oracle=lambda data, system: _crashed_with(system, "java.lang.NumberFormatException"),
    human_steps=(
        # The reporter's screenshot: one lower still works (the preview shows 9.480751908E153)...
        _input("", "√(2^(1023))"),
        # ... one higher stops the app while the preview is computed.
        _input("√(2^(1,023))", "√(2^(1024))"),
    ),
)

BUG_448 = BugSpec(
    bug_id="OpenCalc#448",
    kind="non-crash",
    title="Erroneous values when using percentage on operation encased in parentheses",
    oracle=lambda data, system: bool(data.get("wrong_percent_results")),
    human_steps=(
        _click("parenthesesButton", "(  )", "parentheses"),
        _click("fiveButton", "5"),
        _click("addButton", "+"),
        _click("fourButton", "4"),
        _click("parenthesesButton", "(  )", "parentheses"),
        _click("divideBy100Button", "%", "percent"),
    ),
)

BUG_510 = BugSpec(
    bug_id="OpenCalc#510",
    kind="non-crash",
    title="1+2)×3 gives wrong result",
    oracle=lambda data, system: bool(data.get("wrong_results")),
    human_steps=(
        _click("oneButton", "1"),
        _click("addButton", "+"),
        _click("twoButton", "2"),
        _click("multiplyButton", "×"),
        _click("threeButton", "3"),
        # The reporter then put ')' after the 2; a replay edits the field's text to the same.
        {
            "kind": "input_text",
            "target": {
                "resource_id": f"{PACKAGE}:id/input",
                "text": "1+2×3",
                "content_desc": "",
                "class_name": "android.widget.EditText",
            },
            "text": "1+2)×3",
        },
        _click("equalsButton", "="),
    ),
)


BUG_524 = BugSpec(
    bug_id="OpenCalc#524",
    kind="non-crash",
    title="Landscape layout cuts off numpad/buttons when scientific mode is activated by default",
    # The ground truth: a landscape MainActivity was created with its middle rows (the digits
    # 1-6 among them) flipped away by the preference.
    oracle=lambda data, system: bool(data.get("landscape_rows_hidden")),
    human_steps=(
        _click("menuButton", cls="android.widget.ImageButton"),
        _click("app_menu_settings_button", cls="android.widget.LinearLayout"),
        {
            "kind": "click",
            "target": {
                "resource_id": "android:id/title",
                "text": "Scientific mode",
                "content_desc": "",
                "class_name": "android.widget.TextView",
            },
        },
        {
            "kind": "click",
            "target": {
                "resource_id": "",
                "text": "",
                "content_desc": "Navigate up",
                "class_name": "android.widget.ImageButton",
            },
        },
        {"kind": "rotate", "orientation": "landscape"},
    ),
)


class OpenCalc310Beta1(_OpenCalc):
    """OpenCalc 3.1.0-beta1: a stray ``)`` silently ends the expression (OpenCalc#510), √ or a
    function of a value beyond ``Double.MAX_VALUE`` crashes (OpenCalc#493) and ``(…)%`` takes
    the percent of the last number inside (OpenCalc#448)."""

    name: ClassVar[str] = "OpenCalc"
    version: ClassVar[str] = "3.1.0-beta1"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_510, BUG_493, BUG_448, BUG_524)
    STRAY_PAREN_ENDS_PARSE = True
    SCIENTIFIC_DEFAULT_TOGGLES_IN_LANDSCAPE = True
    PERCENT_AFTER_FACTORIAL_CRASHES = False
    HUGE_VIA_DOUBLE_CRASHES = True
    PERCENT_AFTER_PAREN_MOVES_INSIDE = True


class OpenCalc314(_OpenCalc):
    """OpenCalc 3.1.4: ``%`` right after ``!`` crashes the app (OpenCalc#532)."""

    name: ClassVar[str] = "OpenCalc"
    version: ClassVar[str] = "3.1.4"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_532,)
    STRAY_PAREN_ENDS_PARSE = False
    PERCENT_AFTER_FACTORIAL_CRASHES = True
