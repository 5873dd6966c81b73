"""The action a report's Actual section ties the symptom to ("When I then tap Export, the app
crashes") is the last step when the steps do not have it (decision 0055), and a target ends
before "afterwards" or "the app". Hand-written reports."""

from __future__ import annotations

from orchestrator.model import BugReport
from orchestrator.reasoner.s2r import analyze

STEPS = "Steps to reproduce:\n1. Open the app\n2. Tap Settings\n\n"


def _steps(body: str) -> list[tuple[str, list[str]]]:
    spec = analyze(BugReport(bug_id="Shelf#2", title="Shelf crashes", body=body))
    return [(s.action_hint, s.targets) for s in spec.steps]


def test_the_action_the_actual_section_names_is_the_last_step() -> None:
    for actual in (
        "When I then tap Export, the app crashes.",
        "If you press Export afterwards it crashes.",
    ):
        body = STEPS + f"Actual behaviour:\n{actual}\n\nExpected behaviour:\nIt exports."
        assert _steps(body) == [("click", ["Settings"]), ("click", ["Export"])], actual
    rotated = STEPS + "Actual behaviour:\nAfter rotating the phone the list is empty."
    assert [kind for kind, _ in _steps(rotated)] == ["click", "rotate"]


def test_no_step_is_added_twice_nor_from_an_actual_without_an_action() -> None:
    again = STEPS + "Actual behaviour:\nWhen I tap Settings, the app crashes."
    assert _steps(again) == [("click", ["Settings"])]
    calm = STEPS + "Actual behaviour:\nThe app crashes after a while."
    assert _steps(calm) == [("click", ["Settings"])]


def test_an_actual_that_retells_the_steps_adds_none_and_one_that_goes_on_adds_the_new_one() -> None:
    # "Settings" and "settings page": the same step told again, not a new trigger
    retold = STEPS + "Actual behaviour:\nWhen I tap the settings page, the app crashes."
    assert _steps(retold) == [("click", ["Settings"])]
    went_on = STEPS + (
        "Actual behaviour:\nAfter I tap the settings page and tap Export, the app crashes."
    )
    assert _steps(went_on) == [("click", ["Settings"]), ("click", ["Export"])]
