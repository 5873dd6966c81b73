"""A device event the symptom names as when it shows, not as a step the person takes ("the text is
lost on rotation", "after the app was in the background"): one more step, the device's rotation or
leave-and-return (``s2r._event_trigger``). Hand-written reports of no catalog app."""

from __future__ import annotations

import pytest

from orchestrator.model import BugReport
from orchestrator.reasoner import rules
from orchestrator.reasoner.s2r import analyze


def _kinds(body: str, title: str = "Note text lost") -> list[str]:
    spec = analyze(BugReport(bug_id="Jotter#9", title=title, body=body))
    return [s.action_hint for s in spec.steps]


@pytest.mark.parametrize(
    "sentence",
    [
        "The text disappears on rotation.",
        "The text disappears after an orientation change.",
        "The text disappears when the device is rotated.",
        "The text disappears after screen rotation.",
        "The text is cleared if the phone is turned to landscape.",
    ],
)
def test_a_rotation_the_symptom_names_is_the_last_step(sentence: str) -> None:
    assert _kinds(f"Open a note. {sentence}") == ["click", "rotate"]


@pytest.mark.parametrize(
    "sentence",
    [
        "The text is gone after the app was in the background.",
        "When returning to the app from the background, the text is gone.",
        "The text is empty after I come back from another app.",
    ],
)
def test_leaving_and_coming_back_the_symptom_names_is_the_last_step(sentence: str) -> None:
    assert _kinds(f"Open a note. {sentence}") == ["click", "leave_and_return"]


def test_the_title_names_the_event_the_steps_leave_out() -> None:
    body = "1. Open a note\n2. Type some text"
    assert _kinds(body, title="Text lost on screen rotation") == ["click", "input_text", "rotate"]


def test_an_event_the_steps_already_do_is_not_done_twice() -> None:
    body = (
        "Steps:\n1. Open a note\n2. Rotate the device\n\nActual: after rotation the text is gone."
    )
    assert _kinds(body) == ["click", "rotate"]
    body = "1. Open a note\n2. Press Home\n3. Open the app again\n\nActual: the note is empty."
    assert _kinds(body, title="Note empty after the app was in the background") == [
        "click",
        "leave_and_return",
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        # a step inside the app, not the app put out of sight
        "When returning to the list, the note is empty.",
        # the phrase names more than the event: not read as one
        "It crashes after rotating the image of the note in the editor.",
        # a state the app is in, no event
        "It works on my phone.",
    ],
)
def test_no_event_is_read_where_the_sentence_names_none(sentence: str) -> None:
    assert "leave_and_return" not in _kinds(f"Open a note. {sentence}")
    assert _kinds(f"Open a note. {sentence}").count("rotate") <= 1


def test_after_switching_to_landscape_is_a_rotation_in_any_word_form() -> None:
    body = "Open the settings. After switching to landscape, the chosen tab is the first one."
    assert _kinds(body) == ["click", "rotate"]


def test_the_rule_switched_off_adds_no_step(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(rules.RULES_OFF_ENV, "device_event")
    assert _kinds("Open a note. The text disappears on rotation.") == ["click"]


@pytest.mark.parametrize(
    "body",
    [
        "Open the timer settings. The chosen duration is lost on restart.",
        "Pick a custom duration. Once the app was restarted the duration was the default again.",
        "Pick a custom duration. After I close the app completely and open it again, it is gone.",
    ],
)
def test_a_restart_the_symptom_names_is_a_restart_step(body: str) -> None:
    assert _kinds(body)[-1] == "restart_app"
    assert _kinds(body).count("restart_app") == 1


def test_a_restart_told_as_the_trigger_of_the_first_sentence_is_no_launch() -> None:
    body = 'Each time I restart my phone, the "Tab color" setting goes back to its default.'
    assert _kinds(body) == ["restart_app"]


def test_closing_a_dialog_is_no_restart() -> None:
    assert "restart_app" not in _kinds("Open a note. The text is lost after closing the dialog.")
