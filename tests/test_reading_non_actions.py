"""Decision 0058 (issue 28 §2): clauses that are not the person's action are no steps. Checking
what the screen shows, a comment on what fixes the bug, the place the person already is ("On the
start screen, ..."; "In the popup, ..." after the step that opened it) and starting the app.
Made-up reports of a reminders app."""

from __future__ import annotations

from orchestrator.reasoner.s2r import analyze
from orchestrator.report import BugReport


def _steps(*lines: str) -> list[tuple[str, list[str]]]:
    body = "## Steps to reproduce\n" + "\n".join(f"{i + 1}. {x}" for i, x in enumerate(lines))
    report = BugReport(bug_id="Reminders#1", title="Snooze fails", body=body, repo="Reminders")
    return [(s.action_hint, s.targets) for s in analyze(report).steps]


def test_checking_and_commenting_are_no_steps() -> None:
    assert _steps("Open the list", "Checking that the list scrolls", "Tap Save") == [
        ("click", ["list"]),
        ("click", ["Save"]),
    ]
    assert _steps("Open the list", "Switching tabs fixes it", "Tap Save") == [
        ("click", ["list"]),
        ("click", ["Save"]),
    ]
    # An aside inside a command stays part of the step.
    assert _steps("Create a reminder called Tea (the time does not matter)")[0][0] != ""


def test_the_place_one_is_already_on_is_no_screen_to_open() -> None:
    assert _steps("On the start screen, tap the bell", "In the popup, choose Snooze") == [
        ("click", ["bell"]),
        ("click", ["Snooze"]),
    ]
    # Another place is a screen to open first.
    assert _steps("In Settings, tap Sounds") == [("click", ["Settings"]), ("click", ["Sounds"])]


def test_starting_the_app_is_set_up_and_a_named_check_box_is_clicked() -> None:
    assert _steps("Opening the app", "Tap Save") == [("click", ["Save"])]
    assert ("click", ["Dark mode box"]) in _steps("Check the Dark mode box", "Tap Save")


def test_an_example_in_an_aside_is_the_value_and_a_long_tap_after_the_verb_long_presses() -> None:
    assert _steps("Type a title (say Tea)", "Tap Add")[0] == ("input_text", ["title"])
    body = "## Steps to reproduce\n1. Type a title (say Tea)\n2. Tap Add"
    spec = analyze(BugReport(bug_id="Reminders#2", title="t", body=body, repo="Reminders"))
    assert spec.steps[0].value == "Tea"
    assert _steps("Open the settings with a long tap") == [("long_click", ["settings"])]
