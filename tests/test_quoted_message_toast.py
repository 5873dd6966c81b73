"""A message the report quotes counts when the last action brought it as a toast (toasts are no
labels of the screen), and never when the toast was there before or says something else."""

from __future__ import annotations

from device_agent.actions import CLICK
from orchestrator.model import NON_CRASH, ReproSpec, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.verify import verify
from tests.test_heuristic import _click, _transition
from tests.test_launch_preconditions import _main

SYMPTOM = "Export fails. Actual: a message pops up saying 'Cannot write backup file'."


def _spec() -> ReproSpec:
    return ReproSpec([S2RStep("tap 'Accuracy'", CLICK, ["Accuracy"])], SYMPTOM, NON_CRASH)


def _tap(before: str, after: str) -> SPath:
    return SPath([_transition(_click(before, "Accuracy"), before, after)])


def test_a_toast_the_last_step_brought_with_the_quoted_message_is_evidence() -> None:
    path = _tap(_main(), _main(toast="Error: cannot write backup file (EACCES)"))
    verdict = verify(_spec(), path, [])
    assert verdict.reproduced and verdict.details["check"] == "quoted_message"
    assert "a toast says 'Cannot write backup file'" in verdict.evidence


def test_an_old_or_another_toast_is_not() -> None:
    same = _main(toast="Cannot write backup file")
    assert not verify(_spec(), _tap(same, same), []).reproduced  # no new toast
    other = _tap(_main(), _main(toast="Backup written"))
    assert not verify(_spec(), other, []).reproduced


def _exception_spec() -> ReproSpec:
    spec = ReproSpec(
        [S2RStep("tap 'Accuracy'", CLICK, ["Accuracy"])], "Import fails. Actual: I get", NON_CRASH
    )
    spec.exception_class = "java.io.EOFException"
    spec.exception_message = "stream ended before the header"
    return spec


def test_the_reported_exception_shown_as_text_is_evidence_on_a_non_crash_report() -> None:
    shown = _main("java.io.EOFException: stream ended before the header was read")
    verdict = verify(_exception_spec(), _tap(_main(), shown), [])
    assert verdict.reproduced and verdict.details["check"] == "quoted_message"
    assert "EOFException" in verdict.evidence


def test_the_exception_shown_before_or_with_another_message_is_not() -> None:
    shown = _main("java.io.EOFException: stream ended before the header was read")
    assert not verify(_exception_spec(), _tap(shown, shown), []).reproduced  # not the last step's
    other = _main("java.io.EOFException: permission denied for the folder")
    assert not verify(_exception_spec(), _tap(_main(), other), []).reproduced
    crash = _exception_spec()
    crash.bug_kind = "crash"
    assert not verify(crash, _tap(_main(), shown), []).reproduced  # a crash report wants a crash


def test_a_quote_naming_a_control_the_steps_target_is_no_evidence() -> None:
    # 'Tapping "Calibrate now" does nothing': the steps bring up the control they name, so its
    # label showing after the last action is not what went wrong.
    spec = ReproSpec(
        [
            S2RStep("tap 'Accuracy'", CLICK, ["Accuracy"]),
            S2RStep("tap 'Calibrate now'", CLICK, ["Calibrate now"]),
        ],
        'Calibration fails. Actual: tapping "Calibrate now" does nothing.',
        NON_CRASH,
    )
    path = _tap(_main(), _main("Calibrate now"))
    assert not verify(spec, path, []).reproduced
    # ... while a quote no step targets, shown after the tap that did every step, is the symptom
    symptom = 'Calibration fails. Actual: it says "Sensor unavailable".'
    done = ReproSpec(spec.steps[:1], symptom, NON_CRASH)
    verdict = verify(done, _tap(_main(), _main("Sensor unavailable")), [])
    assert verdict.reproduced and verdict.details["check"] == "quoted_message"
    # ... and no evidence on a path that left a step out: the step may be the bug's condition.
    spec.symptom = symptom
    assert not verify(spec, _tap(_main(), _main("Sensor unavailable")), []).reproduced


def test_a_quote_the_symptom_names_as_a_control_is_no_evidence() -> None:
    # 'the "Tab color" and "Accent color" settings go back': names of settings, not a message
    symptom = (
        'Colors reset. Actual: the "Tab color" and "Accent color" settings go back to their '
        "defaults."
    )
    spec = ReproSpec([S2RStep("tap 'Accuracy'", CLICK, ["Accuracy"])], symptom, NON_CRASH)
    assert not verify(spec, _tap(_main(), _main("Accent color")), []).reproduced
    assert not verify(spec, _tap(_main(), _main("Tab color")), []).reproduced
