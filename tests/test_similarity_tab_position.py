"""A tab's label in Flutter's semantics carries the position a screen reader announces
("Habits\\nTab 4 of 5"): the report names the tab ("open the Habits screen"), so the position
does not count against the match; a label that is only a position ("Page 1 of 5") still is one."""

from __future__ import annotations

import pytest

from orchestrator.reasoner.align import MATCH_THRESHOLD
from orchestrator.text import similarity


@pytest.mark.parametrize("label", ["Habits\nTab 4 of 5", "Habits, tab, 4 of 5", "Habits\n4 of 5"])
def test_a_tab_named_with_its_position_matches_the_tab_the_step_names(label: str) -> None:
    assert similarity(label, "Open the Habits screen") >= MATCH_THRESHOLD
    assert similarity(label, "Open the Stats screen") == 0.0


def test_a_label_that_is_only_a_position_keeps_its_words() -> None:
    assert similarity("Page 1 of 5", "page 1 of 5") == 1.0
    assert similarity("Page 1 of 5", "Open the Habits screen") == 0.0
