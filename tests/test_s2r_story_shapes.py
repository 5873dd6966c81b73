"""Three shapes of real reports the reader lost (TEST16's analyst, general categories): the text
a step typed, then "submitted" by a pronoun; a numbered list right after an environment block
with no heading of its own; a thing the reporter "has", told as the state the trigger acts on.
Hand-written reports."""

from __future__ import annotations

from device_agent.actions import CLICK, PRESS_ENTER, Action, Selector
from orchestrator.model import BugReport, S2RStep
from orchestrator.reasoner.align import MATCH_THRESHOLD, action_match
from orchestrator.reasoner.s2r import analyze


def _steps(body: str, title: str = "Notey shows nothing") -> list[tuple[str, list[str]]]:
    spec = analyze(BugReport(bug_id="Notey#1", title=title, body=body))
    return [(s.action_hint, s.targets) for s in spec.steps]


def test_submitting_what_was_typed_is_the_keyboard_enter_or_the_verbs_control() -> None:
    one_line = 'Steps:\n1. Tap the search icon\n2. Type "milk" in the search box and submit it'
    two_lines = 'Steps:\n1. Tap the search icon\n2. Type "milk" in the search box\n3. Submit it'
    for body in (one_line, two_lines):
        assert _steps(body)[-1] == ("press_enter", ["submit"]), body
    # a control the verb names does it; the Back key does not
    body = 'Steps:\n1. Tap "New"\n2. Enter "Milk" as the title and then save it'
    assert _steps(body)[-1] == ("click", ["save"])
    # a pronoun after any other step still names that step's widget
    assert _steps('Steps:\n1. Select "Milk"\n2. Submit it')[-1] == ("click", ["Milk"])


def test_a_submit_step_is_done_by_enter_or_by_a_control_named_like_the_verb() -> None:
    step = S2RStep(text="submit it", action_hint="press_enter", targets=["submit"])
    button = Action(CLICK, Selector(resource_id="app:id/button"))
    assert action_match(step, Action(PRESS_ENTER), "") == 1.0
    assert action_match(step, button, "Submit") >= MATCH_THRESHOLD
    assert action_match(step, button, "Delete") < MATCH_THRESHOLD


def test_a_numbered_list_after_the_environment_block_is_the_steps() -> None:
    body = (
        "**Environment**\n- Device: Pixel 6\n- Android: 13\n\n"
        "1. Open the settings\n2. Tap Backup\n3. Tap Export now\n\nIt crashes."
    )
    assert _steps(body, "Crash") == [
        ("click", ["settings"]),
        ("click", ["Backup"]),
        ("click", ["Export now"]),
    ]
    # numbered environment lines are no steps
    env_only = "**Environment**\n1. Pixel 6\n2. Android 13\n\nTapping Export crashes the app."
    assert ["Pixel 6"] not in [t for _, t in _steps(env_only, "Crash")]


def test_a_thing_the_reporter_has_and_acts_on_is_created_first() -> None:
    body = "When I have a note with a reminder and I delete it, the app crashes."
    assert _steps(body, "Crash") == [("click", ["note"]), ("click", ["note"])]
    # had, but never acted on: no step ("I have a Pixel 6")
    body = "I have a Pixel 6 and I tap Export in the settings, the app crashes."
    assert [t for _, t in _steps(body, "Crash")] == [["Export"]]


def test_an_action_told_as_the_subject_of_the_symptom_is_the_steps() -> None:
    spec = analyze(
        BugReport(
            bug_id="Notey#2",
            title="Text lost",
            body="Pressing back after typing a note loses the text.",
        )
    )
    assert [(s.action_hint, s.targets) for s in spec.steps] == [
        ("input_text", ["note"]),
        ("press_back", []),
    ]
    crash = "Tapping Export in the settings crashes the app immediately."
    assert _steps(crash, "Crash") == [("click", ["Export"])]  # ("the settings" is no verb)
    # a gerund sentence whose predicate is no symptom is read as before
    calm = "Tapping Export in the settings is how I back up my notes."
    assert _steps(calm, "Crash") == _steps("Tap Export in the settings.", "Crash")
