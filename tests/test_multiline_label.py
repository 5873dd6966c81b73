"""A control whose description has several lines (Flutter and Compose merge a control's
semantics into one: "Habits\\nTab 4 of 5") is named by its best line (align.label_match)."""

from __future__ import annotations

from device_agent.actions import CLICK
from orchestrator.model import S2RStep
from orchestrator.reasoner.align import MATCH_THRESHOLD, label_match

OPEN_HABITS = S2RStep("Open the Habits screen", CLICK, ["Habits screen"])


def test_a_tab_described_with_its_position_is_named_by_its_first_line() -> None:
    assert label_match("Habits\nTab 4 of 5", OPEN_HABITS) >= MATCH_THRESHOLD
    assert label_match("Habits\nTab 4 of 5", OPEN_HABITS) == label_match("Habits", OPEN_HABITS)


def test_no_line_of_another_control_names_the_step() -> None:
    assert label_match("Stats\nTab 5 of 5", OPEN_HABITS) < MATCH_THRESHOLD
    assert label_match("\n\n", OPEN_HABITS) == 0.0


def test_a_step_naming_the_whole_description_still_matches_it() -> None:
    step = S2RStep("Tap Start timer", CLICK, ["Start timer"])
    assert label_match("Start\ntimer", step) >= MATCH_THRESHOLD
