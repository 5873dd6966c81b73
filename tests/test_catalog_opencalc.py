"""OpenCalc's expression evaluator and number formatting (the calculator model's arithmetic)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from device_agent.actions import Action
from device_agent.virtual.catalog.opencalc import (
    PACKAGE as CALC,
)
from device_agent.virtual.catalog.opencalc import (
    CalcError,
    OpenCalc310Beta1,
    OpenCalc314,
    evaluate,
    format_number,
    group_digits,
    unmatched_closing,
)
from tests.catalog_helpers import fresh, tap, texts, triggered


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


# -- OpenCalc#524: "Scientific mode" by default cuts the landscape numpad --------------------------
def _digits(device: Any) -> list[str]:
    return [t for t in texts(device) if t.isdigit() and len(t) == 1]


def _enable_scientific_by_default(device: Any) -> None:
    tap(device, resource_id=f"{CALC}:id/menuButton")
    tap(device, resource_id=f"{CALC}:id/app_menu_settings_button")
    tap(device, resource_id="android:id/title", text="Scientific mode")
    tap(device, content_desc="Navigate up")


def test_scientific_by_default_then_landscape_hides_half_the_numpad() -> None:
    device = fresh(OpenCalc310Beta1)
    device.execute(Action(kind="rotate", orientation="landscape"))
    assert sorted(_digits(device)) == list("0123456789")  # layout-land: all digits, no switch
    assert not triggered(device, "OpenCalc#524")
    device.execute(Action(kind="rotate", orientation="portrait"))
    _enable_scientific_by_default(device)
    assert not triggered(device, "OpenCalc#524")  # returning from settings re-creates nothing
    device.execute(Action(kind="rotate", orientation="landscape"))
    assert sorted(_digits(device)) == ["0", "7", "8", "9"]
    assert triggered(device, "OpenCalc#524")


@pytest.mark.parametrize("wrong", ["no_preference", "preference_back_off", "stays_portrait"])
def test_plausible_wrong_sequences_do_not_cut_the_numpad(wrong: str) -> None:
    device = fresh(OpenCalc310Beta1)
    if wrong != "no_preference":
        _enable_scientific_by_default(device)
    if wrong == "preference_back_off":
        _enable_scientific_by_default(device)  # the same row again: off
    if wrong == "stays_portrait":
        tap(device, content_desc="scientific mode switch")
        assert "sin" in texts(device)
    else:
        device.execute(Action(kind="rotate", orientation="landscape"))
        assert sorted(_digits(device)) == list("0123456789")
    assert not triggered(device, "OpenCalc#524")


def test_the_fixed_build_keeps_the_landscape_numpad() -> None:
    device = fresh(OpenCalc314)
    _enable_scientific_by_default(device)
    device.execute(Action(kind="rotate", orientation="landscape"))
    assert sorted(_digits(device)) == list("0123456789")
    device.execute(Action(kind="rotate", orientation="portrait"))
    assert "sin" in texts(device)  # in portrait the preference still opens the scientific rows
