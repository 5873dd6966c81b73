"""A date field shows its value, not the word "date": a step that names a date ("Modify date")
matches a widget whose whole label is a calendar date (a date button, a picker's day cell), and
nothing else gains from the rule (decision 0031)."""

from __future__ import annotations

import pytest

from orchestrator.reasoner.align import MATCH_THRESHOLD
from orchestrator.text import DATE_VALUE_SIMILARITY, is_date_label, similarity


@pytest.mark.parametrize(
    "label",
    [
        "Aug 15, 2019",
        "10 August 2019",
        "Thu, Aug 15, 2019",
        "2019-08-15",
        "15/08/2019",
        "15.08.2019",
    ],
)
def test_a_label_that_is_only_a_date_matches_a_step_naming_the_date(label: str) -> None:
    assert is_date_label(label)
    assert similarity(label, "Modify date") == DATE_VALUE_SIMILARITY >= MATCH_THRESHOLD
    assert similarity(label, "change the start dates") == DATE_VALUE_SIMILARITY


@pytest.mark.parametrize(
    "label",
    [
        "Aug 15, 2019 to Aug 15, 2019",
        "May",
        "2019",
        "15",
        "14:30",
        "Due Aug 15, 2019",
        "1/2",
        "1.3.10",
    ],
)
def test_a_label_that_holds_more_or_less_than_a_date_is_not_a_date_value(label: str) -> None:
    assert not is_date_label(label)
    assert similarity(label, "Modify date") < MATCH_THRESHOLD


def test_a_date_value_matches_only_steps_that_name_a_date() -> None:
    assert similarity("Aug 15, 2019", "Press Save") == 0.0
    assert similarity("Aug 15, 2019", "Update the trip") == 0.0  # "update" is not "date"
    assert similarity("Aug 15, 2019", "Aug 15, 2019") == 1.0  # the value itself still wins
