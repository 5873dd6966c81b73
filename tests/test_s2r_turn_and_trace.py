"""Report analysis: turning the device is a rotation, a sentence ending in a colon is no heading,
and a trace whose frames are in its Caused-by makes a crash report."""

from __future__ import annotations

from orchestrator.model import CRASH
from orchestrator.reasoner.s2r import analyze, crash_score
from orchestrator.report import BugReport


def _analyze(title: str, body: str):
    return analyze(BugReport(bug_id="app#1", title=title, body=body, comments=[]))


def test_turning_the_device_is_a_rotation_and_auto_rotate_is_its_setting() -> None:
    spec = _analyze(
        "Timer resets",
        "1. Open the timer list\n2. With auto-rotate on\n3. Turn the tablet\n",
    )
    assert [s.action_hint for s in spec.steps] == ["click", "rotate"]
    off = _analyze("Screen off", "1. Start a timer\n2. Turn the screen off\n")
    assert all(s.action_hint != "rotate" for s in off.steps)


def test_a_phrase_verb_to_the_orientation_alone_is_a_rotation() -> None:
    # "switch to landscape mode", "go to portrait", a long "flip the phone to ...": rotations
    for step in (
        "Switch to landscape mode",
        "Go to portrait",
        "Flip the phone over to the landscape orientation",
    ):
        spec = _analyze("Lost on rotation", f"1. Open the recipe list\n2. {step}\n")
        assert [s.action_hint for s in spec.steps] == ["click", "rotate"], step
    # ...but a control the orientation only names stays a click (the title's "on rotation"
    # then adds the rotation the steps leave out, after them: s2r._with_event)
    for step in ("Go to the Landscape tab", "Switch to the portrait settings"):
        spec = _analyze("Lost on rotation", f"1. Open the recipe list\n2. {step}\n")
        assert [s.action_hint for s in spec.steps] == ["click", "click", "rotate"], step


TRACE_REPORT = """## Steps

1. Open the sync screen
2. Tap "Sync now"

## Actual

The app crashes:

```
java.lang.RuntimeException: An error occurred while executing doInBackground()
Caused by: java.lang.IllegalStateException: no account
    at com.example.sync.Client.start(Client.java:40)
    at com.example.sync.SyncTask.doInBackground(SyncTask.java:12)
```

## Expected

A message asking for an account.
"""


def test_a_trace_with_frames_in_its_cause_under_a_colon_sentence_is_a_crash() -> None:
    report = BugReport(bug_id="app#1", title="Sync fails", body=TRACE_REPORT, comments=[])
    score, exception = crash_score(report)
    assert score >= 2 and exception.endswith("IllegalStateException")
    spec = analyze(report)
    assert spec.bug_kind == CRASH
    # "The app crashes:" is what the actual section says, not a heading of its own.
    assert "Actual: The app crashes" in spec.symptom
