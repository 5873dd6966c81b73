"""A numbered line that states what the app did ("The selected text is lost", "Switch is off
again") is an observation, not a step, even when a word in it can be a verb ("selected",
"edit", "switch"). Hand-written reports."""

from __future__ import annotations

import pytest

from orchestrator.model import BugReport
from orchestrator.reasoner.s2r import analyze


def _steps(line: str) -> list[tuple[str, list[str]]]:
    body = f"Steps to reproduce:\n1. Open the menu\n2. Tap Save\n3. {line}\n"
    spec = analyze(BugReport(bug_id="Shelf#1", title="Shelf bug", body=body))
    return [(s.action_hint, s.targets) for s in spec.steps]


@pytest.mark.parametrize(
    "line",
    ["The selected text is lost", "Switch is off again", "The edit mode was gone"],
)
def test_a_subject_and_its_state_is_no_step(line: str) -> None:
    assert len(_steps(line)) == 2


@pytest.mark.parametrize(
    ("line", "target"),
    [("Select the text that is bold", "text"), ("Switch the toggle on", "toggle")],
)
def test_an_imperative_with_a_copula_later_is_still_a_step(line: str, target: str) -> None:
    steps = _steps(line)
    assert len(steps) == 3 and any(target in t for t in steps[2][1])
