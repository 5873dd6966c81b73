"""Steps lists as people number them: "1." "1)" "(1)" "Step 1:" and also "1 -", "Step 1 -",
"#1", "[1]", "1/", "1°", "a)" (decision 0061). Hand-written reports of no catalog app."""

from __future__ import annotations

import pytest

from orchestrator.model import BugReport
from orchestrator.reasoner.s2r import analyze

STEPS = ["Open Settings", "Tap Theme", "Choose Dark"]
WANTED = [("click", ["Settings"]), ("click", ["Theme"]), ("click", ["Dark"])]


@pytest.mark.parametrize(
    "marker",
    ["{n}.", "{n})", "({n})", "Step {n}:", "{n} -", "Step {n} -", "#{n}", "[{n}]", "{n}/",
     "{n}°", "{letter})"],
)  # fmt: skip
def test_each_marker_makes_one_step_per_item(marker: str) -> None:
    lines = [f"{marker.format(n=n, letter='abc'[n - 1])} {text}" for n, text in enumerate(STEPS, 1)]
    body = "The app crashes.\n\n" + "\n".join(lines)
    spec = analyze(BugReport(bug_id="Shelf#4", title="Crash", body=body))
    assert [(s.action_hint, s.targets) for s in spec.steps] == WANTED


def test_a_fraction_or_a_count_in_prose_is_no_item() -> None:
    body = "It crashes 2/3 of the time.\n1. Open Settings\n2. Tap Theme"
    spec = analyze(BugReport(bug_id="Shelf#4", title="Crash", body=body))
    assert [s.targets for s in spec.steps] == [["Settings"], ["Theme"]]
