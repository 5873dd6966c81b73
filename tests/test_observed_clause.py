"""Report analysis: what a person saw, written after a colon or as a clause that contrasts the
screen with what it should show, is the symptom, not a step's target (issue 28 §2, §3)."""

from __future__ import annotations

from orchestrator.reasoner.verify import _names_same_thing, _things_not_appearing
from tests.test_s2r_turn_and_trace import _analyze


def test_an_observation_after_a_colon_leaves_the_step_and_joins_the_symptom() -> None:
    spec = _analyze(
        "Toolbar never comes back",
        "- Open the reader\n- Scroll down, then tap the page: the toolbar does not show up\n",
    )
    assert spec.steps[-1].text == "tap the page"
    assert spec.steps[-1].targets == ["page"]
    assert "Actual: the toolbar does not show up" in spec.symptom


def test_an_effect_after_a_colon_stays_with_its_step() -> None:
    # "a help page opens" is what the step does, not what goes wrong
    spec = _analyze(
        "Help loses the draft",
        "- Open the editor\n- Tap the help icon: a help page opens\n- Press Back\n",
    )
    assert spec.steps[1].text == "Tap the help icon: a help page opens"
    assert "help page opens" not in spec.symptom


def test_a_quoted_colon_is_part_of_the_label() -> None:
    spec = _analyze("Crash", '- Tap "Mode: the dark one"\n')
    assert spec.steps[0].targets == ["Mode: the dark one"]


def test_a_clause_contrasting_the_screen_with_what_was_typed_is_the_symptom() -> None:
    spec = _analyze(
        "Typed prices are not kept",
        "- Add a product\n- Type its price\n- Save it\n"
        "- Back in the list, the product shows another price than the one typed.\n",
    )
    assert "Actual: Back in the list, the product shows another price than the one typed" in (
        spec.symptom
    )
    assert all("shows" not in s.text for s in spec.steps)


def test_the_symptom_names_a_typed_thing_by_its_head_noun() -> None:
    assert _names_same_thing("Typed fishing-spot coordinates", "coordinates")
    assert _names_same_thing("the entered prices", "price")
    assert not _names_same_thing("Typed fishing-spot coordinates", "name")


def test_comes_back_is_an_appearance() -> None:
    assert _things_not_appearing("The favorites bar never comes back with some settings") == [
        "favorites bar"
    ]


def test_contracted_negations_are_symptom_words() -> None:
    spec = _analyze(
        "Removed songs vanish",
        "- Remove a song from the queue\n- Open the history: removed songs don't show in it\n",
    )
    assert "Actual: removed songs don't show in it" in spec.symptom
    assert _things_not_appearing("The menu won't show up and the tab doesn't appear") == [
        "menu",
        "tab",
    ]


def test_forms_of_be_carry_no_meaning_in_a_message() -> None:
    from orchestrator.text import content_words, similarity

    assert content_words("a new log file is being written") == ["new", "log", "file", "written"]
    assert similarity("a new log file was being written", "Logging to new file: a.txt") >= 0.6


def test_a_sentence_saying_what_still_works_is_no_step() -> None:
    # A contrast with what works names a control the bug does not need: pressing it is no step.
    spec = _analyze(
        "Import crashes",
        "1. Open settings\n2. Tap Import. Exporting still works but importing crashes.\n",
    )
    assert [s.targets for s in spec.steps] == [["settings"], ["Import"]]
    spec = _analyze("Crash", "1. Open the list\n2. Sorting works. Tap Filter\n")
    assert [s.targets for s in spec.steps] == [["list"], ["Filter"]]
