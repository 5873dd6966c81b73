"""A report names the object once and then the control by its verb alone ("select Quiz", then
"press Start" for the button "Start quiz"): a label word an earlier step said counts for part of
a word the step says (``similarity_in_context``). Hand-written steps, no catalog app."""

from __future__ import annotations

from orchestrator.model import S2RStep
from orchestrator.reasoner.align import MATCH_THRESHOLD, label_match, said_before
from orchestrator.text import similarity, similarity_in_context


def test_a_label_word_an_earlier_step_said_counts_for_half() -> None:
    context = said_before([S2RStep("open the Export screen"), S2RStep("select Backup")])
    assert similarity("Start backup", "Start") < MATCH_THRESHOLD  # one word of two
    assert similarity_in_context("Start backup", "Start", context) >= MATCH_THRESHOLD
    # A word nobody said earns nothing; nor does a label none of whose words the step says.
    assert similarity_in_context("Start timer", "Start", context) == similarity(
        "Start timer", "Start"
    )
    assert similarity_in_context("Backup now", "Start", context) == 0.0
    # An exact label stays exact.
    assert similarity_in_context("Start", "Start", context) == 1.0


def test_the_aligner_reads_a_step_in_the_context_of_the_steps_before_it() -> None:
    step = S2RStep("press Start", "click", ["Start"])
    earlier = [
        S2RStep("tap More on a deck", "click", ["More"]),
        S2RStep("select Quiz", "click", ["Quiz"]),
    ]
    assert label_match("Start quiz", step) < MATCH_THRESHOLD
    assert label_match("Start quiz", step, context=said_before(earlier)) >= MATCH_THRESHOLD
    assert label_match("Start date", step, context=said_before(earlier)) < MATCH_THRESHOLD
