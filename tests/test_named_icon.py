"""A report names an icon by its meaning ("tap the info icon", "the trash symbol"): the widget
whose label says that meaning is the icon, as for the glyph itself ("ℹ️"). Labels of no catalog
app."""

from __future__ import annotations

from orchestrator.text import named_icon, similarity


def test_an_icon_named_by_its_meaning_matches_the_label_that_says_it() -> None:
    assert similarity("Learn more", "info icon") == similarity("Learn more", "ℹ️") == 0.75
    assert similarity("About", "the info icon") == 0.75
    assert similarity("Settings", "gear icon") >= 0.75  # "gear" is a settings word


def test_a_label_that_matches_better_keeps_its_score_and_other_words_name_no_icon() -> None:
    assert similarity("Save", "save icon") == 1.0  # the plain match is stronger
    assert similarity("Delete", "info icon") == 0.0
    assert named_icon("the icon") == frozenset()  # no meaning given
    assert named_icon("info icon at the top right") == frozenset()  # a target, not a sentence
    assert named_icon("info") == frozenset()
