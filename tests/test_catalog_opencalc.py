"""OpenCalc's expression evaluator and number formatting (the calculator model's arithmetic)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from device_agent.virtual.catalog.opencalc import (
    CalcError,
    evaluate,
    format_number,
    group_digits,
    unmatched_closing,
)


@pytest.mark.parametrize(
    ("expression", "shown"),
    [
        ("1+2×3", "7"),
        ("(1+2)×3", "9"),
        ("2×(3+4", "14"),  # a missing ')' at the end is added
        ("12÷4-5", "-2"),
        ("-2^2", "-4"),
        ("2^3^2", "512"),  # right associative
        ("2^-1", "0.5"),
        ("1,234+1", "1,235"),
        ("200+10%", "220"),
        ("200-10%", "180"),
        ("200×10%", "20"),
        ("200÷10%", "2,000"),
        ("50%", "0.5"),
        ("5!", "120"),
        ("3!!", "720"),
        ("0.5!", "0.8862269255"),
        ("2π", "6.2831853072"),
        ("3(4)", "12"),
        ("√16", "4"),
        ("√(4+5)", "3"),
        ("sin(30)", "0.5"),
        ("cos(60)", "0.5"),
        ("tan(45)", "1"),
        ("sin⁻¹(1)", "90"),
        ("ln(e)", "1"),
        ("log(1000)", "3"),
        ("log₂(8)", "3"),
        ("exp(0)", "1"),
        ("1÷3", "0.3333333333"),
        ("0.1+0.2", "0.3"),
        ("10^3", "1,000"),
        ("2*3/4", "1.5"),  # keyboard operators
        ("99999999×99999999", "9.9999998E15"),
    ],
)
def test_evaluate_and_format(expression: str, shown: str) -> None:
    assert format_number(evaluate(expression)) == shown


def test_radians_mode() -> None:
    assert format_number(evaluate("sin(π÷2)", degrees=False)) == "1"
    assert format_number(evaluate("sin(90)", degrees=True)) == "1"


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("1+", "Syntax error"),
        ("×2", "Syntax error"),
        ("1..2", "Syntax error"),
        ("abc", "Syntax error"),
        ("7÷0", "Can't divide by 0"),
        ("(-3)!", "Domain error"),
        ("ln(0)", "Domain error"),
        ("tan(90)", "Domain error"),
        ("√(0-4)", "Real number required"),
        ("3001!", "Value too large"),
    ],
)
def test_errors_carry_the_apps_messages(expression: str, message: str) -> None:
    with pytest.raises(CalcError) as err:
        evaluate(expression)
    assert err.value.message == message


def test_stray_closing_parenthesis_depends_on_the_version() -> None:
    # 3.1.0-beta1 stops at the stray ')' (OpenCalc#510); later versions call it a syntax error.
    assert evaluate("1+2)×3", stray_paren_ends_parse=True) == Decimal(3)
    with pytest.raises(CalcError):
        evaluate("1+2)×3")
    assert unmatched_closing("1+2)×3") == 1
    assert unmatched_closing("(1+2)×3") == 0
    assert unmatched_closing(")(") == 1


def test_grouping_leaves_decimals_alone() -> None:
    assert group_digits("1234567.12345+12") == "1,234,567.12345+12"
    assert format_number(Decimal("-1234.5000000000")) == "-1,234.5"
    assert format_number(Decimal("0E-10")) == "0"
