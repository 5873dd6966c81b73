"""Decision 0058 (issue 28 §2): reports name icons by their shape ("the + sign", "three dots")
and apps label a symbol key with an ellipsis ("+…"). Made-up labels."""

from __future__ import annotations

from orchestrator.text import similarity


def test_an_icon_named_by_its_shape_matches_the_widget_named_for_what_it_does() -> None:
    assert similarity("Add", "+ sign") == similarity("Add", "+") > 0.5
    assert similarity("Add", "the plus symbol") > 0.0  # the symbol's name, as before
    assert similarity("More options", "three dots") > 0.5
    assert similarity("More options", "vertical dots") > 0.5
    assert similarity("Delete", "+ sign") == 0.0  # another icon's words


def test_a_symbol_key_with_an_ellipsis_is_the_symbol() -> None:
    assert similarity("+…", "+") > 0.5
    assert similarity("+...", "plus (+)") > 0.5
    assert similarity("-…", "+") == 0.0
