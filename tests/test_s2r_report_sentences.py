"""Sentences of a report that are about the report, not the app (issue 28 §2: "non-steps read as
steps"): its attachments, the reporter's device and version, remedies tried; where the bug does
not happen; and what is seen, told after a numbered list. Made-up reports of a timer and notes
app of no catalog."""

from __future__ import annotations

from orchestrator.model import BugReport
from orchestrator.reasoner.s2r import analyze


def _spec(body: str, title: str = "Problem"):
    return analyze(BugReport(bug_id="Tally#2", title=title, body=body))


def test_sentences_about_attachments_and_the_reporter_are_no_steps() -> None:
    body = (
        "Steps:\n1. Tap the sort icon\n2. Choose 'By date'\n\nThe app crashes.\n\n"
        "I attached a screenshot of the screen before the crash. Logcat attached below. "
        "I am using version 3.2 on Android 13. I tried reinstalling the app."
    )
    assert [s.targets[0] for s in _spec(body, "Crash when sorting").steps] == [
        "sort icon",
        "By date",
    ]


def test_steps_that_name_a_screenshot_or_an_attachment_stay_steps() -> None:
    body = "1. Open a note\n2. Attach a file to the note\n3. Take a screenshot"
    assert len(_spec(body).steps) == 3


def test_an_outcome_on_the_line_after_the_list_is_the_symptom_not_part_of_a_step() -> None:
    body = (
        "1. Start a timer\n2. Rotate the phone\nThe timer goes back to 00:00.\n"
        "This did not happen in version 2.0. It works fine on my tablet."
    )
    spec = _spec(body, "Timer resets")
    assert [s.action_hint for s in spec.steps] == ["click", "rotate"]
    assert spec.steps[1].text == "Rotate the phone"
    assert "The timer goes back to 00:00" in spec.symptom
    assert "version 2.0" not in spec.symptom  # where it works is a contrast, not the symptom


def test_a_wrapped_list_item_still_joins_its_next_line() -> None:
    body = "1. Open the settings and then\ngo to Backup\n2. Tap Export"
    spec = _spec(body)
    assert spec.steps[0].text.startswith("Open the settings")
    assert any("Backup" in t for s in spec.steps for t in s.targets)


def test_a_code_block_after_the_list_is_read_with_the_prose_around_it() -> None:
    body = "1. Open a note\n2. Tap Share\n\n```\nsome log line\n```\n\nWhen I tap Copy, it crashes."
    spec = _spec(body, "Crash on copy")
    assert [s.targets[0] for s in spec.steps] == ["note", "Share", "Copy"]
