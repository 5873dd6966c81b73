"""After every step was done, a crash from doing an earlier step again is not the report's
unless the report names the exception (decision 0049); leaving the screen or doing the last
step again still counts."""

from __future__ import annotations

from device_agent.actions import PRESS_BACK, Action
from orchestrator.claims import judge_crash
from orchestrator.model import CRASH, ReproSpec
from orchestrator.model import Path as SPath
from tests.test_claims import FORM, FOUR_STEPS, NFE, _path
from tests.test_heuristic import _click, _transition

DONE = ("Create list", "Add item", "Settings", "Save")


def _then(action: Action) -> SPath:
    done = _path(*DONE)
    return SPath(done.transitions + [_transition(action, FORM, FORM, crash=NFE)])


def test_a_crash_from_an_earlier_step_done_again_is_refused() -> None:
    claim = judge_crash(FOUR_STEPS, _then(_click(FORM, "Add item")))
    assert not claim.qualifies
    assert "does step 2 again" in claim.reasons[0]


def test_leaving_the_screen_or_the_last_step_again_still_counts() -> None:
    assert judge_crash(FOUR_STEPS, _then(Action(PRESS_BACK))).qualifies
    assert judge_crash(FOUR_STEPS, _then(_click(FORM, "Save"))).qualifies


def test_a_named_exception_ties_the_repeat_to_the_report() -> None:
    named = ReproSpec(FOUR_STEPS.steps, "crash", CRASH, exception_class="NumberFormatException")
    assert judge_crash(named, _then(_click(FORM, "Add item"))).qualifies
