"""Decision 0058 (issue 28 §2): the place the person already is ("On the start screen, ...";
"In the popup, ..." after the step that opened it) is no screen to open. Made-up reports of a
reminders app."""

from __future__ import annotations

from orchestrator.reasoner.s2r import analyze
from orchestrator.report import BugReport


def _steps(*lines: str) -> list[tuple[str, list[str]]]:
    body = "## Steps to reproduce\n" + "\n".join(f"{i + 1}. {x}" for i, x in enumerate(lines))
    report = BugReport(bug_id="Reminders#1", title="Snooze fails", body=body, repo="Reminders")
    return [(s.action_hint, s.targets) for s in analyze(report).steps]


def test_the_place_one_is_already_on_is_no_screen_to_open() -> None:
    assert _steps("On the start screen, tap the bell", "In the popup, choose Snooze") == [
        ("click", ["bell"]),
        ("click", ["Snooze"]),
    ]
    # Another place is a screen to open first.
    assert _steps("In Settings, tap Sounds") == [("click", ["Settings"]), ("click", ["Sounds"])]
