"""A step told as done more than once ("Tap + twice", "Press Back 3 times") is that many steps;
a value the person states after the steps ("4. Font size is 12 again") is the symptom.
Hand-written reports of no catalog app."""

from __future__ import annotations

import pytest

from orchestrator.model import BugReport, ReproSpec
from orchestrator.reasoner.s2r import analyze
from orchestrator.search import run_allowance
from orchestrator.text import times_told


def _spec(body: str, title: str = "Counter shows a wrong total") -> ReproSpec:
    return analyze(BugReport(bug_id="Tally#3", title=title, body=body))


def _steps(body: str) -> list[tuple[str, list[str]]]:
    return [(s.action_hint, s.targets) for s in _spec(body).steps]


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("Tap + twice", 2),
        ("press Back 3 times", 3),
        ("rotate the phone three times", 3),
        ("tap it a couple of times", 2),
        ("tap it several times", 3),
        ("tap it 3 more times", 3),
        ("tap the Times tab", 1),
        ("open the timetable", 1),
    ],
)
def test_times_told_reads_the_count_a_step_gives(text: str, count: int) -> None:
    assert times_told(text) == count


def test_a_step_told_twice_is_two_steps_and_its_target_loses_the_count() -> None:
    steps = _steps("1. Open the app\n2. Tap the plus button twice\n3. Press back 3 times")
    assert steps == [("click", ["plus button"])] * 2 + [("press_back", [])] * 3


def test_a_count_the_step_sets_as_a_value_or_says_mid_clause_is_no_repeat() -> None:
    # a count after "to" is the value set; a count before what the step goes on to name is
    # about that, not the step
    assert len(_steps("1. Open the app\n2. Set the reminder to 3 times a day")) == 1
    assert len(_steps("1. Open the app\n2. Tap the button 2 times faster than the timer")) == 1


def test_a_huge_count_is_capped() -> None:
    assert len(_steps("1. Open the app\n2. Tap the plus button 99 times\n3. Rotate")) == 11


def test_the_run_allowance_follows_the_told_count() -> None:
    assert run_allowance(_spec("1. Open the app\n2. Tap the plus button 7 times")) == 7


@pytest.mark.parametrize(
    "last",
    ["4. The font size shows 12 again", "4. Font size is 12", '4. The title reads "Untitled"'],
)
def test_a_value_stated_after_the_steps_is_the_symptom(last: str) -> None:
    body = f"1. Open settings\n2. Set the font size to 20\n3. Press Home and open the app\n{last}"
    spec = _spec(body, title="Font size not kept")
    assert "Actual:" in spec.symptom
    assert last[3:].rstrip(".") in spec.symptom
    assert [s.action_hint for s in spec.steps] == ["click", "input_text", "leave_and_return"]


def test_a_statement_with_no_value_adds_no_actual() -> None:
    body = "1. Open settings\n2. Set the font size to 20\n3. The color history is kept"
    assert "Actual:" not in _spec(body, title="Font size not kept").symptom


def test_the_reading_rules_switch_off(monkeypatch: pytest.MonkeyPatch) -> None:
    from orchestrator.reasoner import rules

    monkeypatch.setenv(rules.RULES_OFF_ENV, "told_count,value_statement")
    rules._parse.cache_clear()
    try:
        assert len(_steps("1. Open the app\n2. Tap the plus button twice")) == 1
        spec = _spec("1. Open settings\n2. Set size to 20\n3. Size is 12", title="Size lost")
        assert "Actual:" not in spec.symptom
    finally:
        monkeypatch.delenv(rules.RULES_OFF_ENV)
        rules._parse.cache_clear()
