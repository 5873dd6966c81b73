"""A pronoun step names the widget the step before named, within a line ("select X and long
press it") and from one line to the next ("2. Select X  3. Long press it"). Hand-written
reports."""

from __future__ import annotations

from orchestrator.model import BugReport
from orchestrator.reasoner.s2r import analyze


def _targets(body: str) -> list[tuple[str, list[str]]]:
    spec = analyze(BugReport(bug_id="Shelf#3", title="Shelf crashes", body=body))
    return [(s.action_hint, s.targets) for s in spec.steps]


def test_it_names_the_widget_of_the_step_before() -> None:
    same_line = 'Steps:\n1. Open the list\n2. Select "Milk" and long press it'
    next_line = 'Steps:\n1. Open the list\n2. Select "Milk"\n3. Long press it'
    for body in (same_line, next_line):
        assert _targets(body)[-1] == ("long_click", ["Milk"]), body


def test_what_the_app_does_next_is_an_outcome_not_a_step() -> None:
    for outcome in ("and it goes back to the list", "and goes back to the list"):
        body = f"Steps:\n1. Open a note\n2. Tap Save {outcome}"
        assert _targets(body) == [("click", ["note"]), ("click", ["Save"])], outcome
    # the person's own "go back" stays a step
    assert _targets("Steps:\n1. Open a note\n2. Go back to the list")[-1][0] == "press_back"


def test_an_or_clause_is_another_way_to_do_the_step_before() -> None:
    body = "Steps:\n1. Open the list\n2. Tap Share, or tap Export"
    assert _targets(body) == [("click", ["list"]), ("click", ["Share", "Export"])]


def test_leaving_a_screen_is_back() -> None:
    body = "Steps:\n1. Open a note\n2. Leave with the back arrow at the top"
    assert _targets(body)[-1][0] == "press_back"


def test_a_steps_list_of_bare_names_presses_them_in_turn() -> None:
    # Decision 0059: "1. Settings 2. Theme 3. Dark mode" are the controls pressed, as after arrows.
    body = "Steps to reproduce:\n1. Settings\n2. Theme\n3. Dark mode"
    pressed = [("click", ["Settings"]), ("click", ["Theme"]), ("click", ["Dark mode"])]
    assert _targets(body) == pressed
    # Not a restart, a sentence in lower case, a version or what the app shows.
    body = "Steps to reproduce:\n1. Open the list\n2. Reopen Shelf\n3. as expected\n4. Android 12"
    assert _targets(body)[0] == ("click", ["list"])
    junk = (["Reopen Shelf"], ["as expected"], ["Android 12"])
    assert all(targets not in junk for _, targets in _targets(body))
