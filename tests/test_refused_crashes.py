"""A crash refused with fewer of the report's steps done is not claimed later (decision 0049)."""

from __future__ import annotations

from device_agent.actions import CLICK
from orchestrator.claims import CrashClaim, RefusedCrashes, crash_signature, judge_crash
from orchestrator.logcat import ParsedCrash, ThrowableRecord
from orchestrator.model import CRASH, ReproSpec, S2RStep
from tests.test_claims import FOUR_STEPS, NFE, NPE, _path
from tests.test_heuristic import APP


def test_the_same_crash_refused_with_fewer_steps_done_is_not_claimed() -> None:
    refused = RefusedCrashes()
    early = judge_crash(FOUR_STEPS, _path("Create list", "Save", crash=NFE))
    assert not refused.judge(FOUR_STEPS, NFE, early).qualifies
    late = judge_crash(FOUR_STEPS, _path("Create list", "Add item", "Settings", "Save", crash=NFE))
    assert late.qualifies  # alone, the place qualifies it
    claim = refused.judge(FOUR_STEPS, NFE, late)
    assert not claim.qualifies
    assert "1 of the report's 4 steps" in claim.reasons[0]
    assert "do not cause it" in claim.reasons[0]


def test_another_crash_or_a_named_exception_is_judged_on_its_own() -> None:
    refused = RefusedCrashes()
    refused.judge(FOUR_STEPS, NFE, judge_crash(FOUR_STEPS, _path("Save", crash=NFE)))
    full = _path("Create list", "Add item", "Settings", "Save", crash=NPE)
    # A different failure (another exception, another app frame) keeps its claim.
    assert refused.judge(FOUR_STEPS, NPE, judge_crash(FOUR_STEPS, full)).qualifies
    # The report naming the exception ties the crash to it: the rule does not apply.
    named = ReproSpec(FOUR_STEPS.steps, "crash", CRASH, exception_class="NumberFormatException")
    done = _path("Create list", "Add item", "Settings", "Save", crash=NFE)
    assert refused.judge(named, NFE, judge_crash(named, done)).qualifies


def test_a_refusal_as_far_along_as_the_claim_does_not_count() -> None:
    refused = RefusedCrashes()
    refused.judge(FOUR_STEPS, NFE, CrashClaim(False, ["did not recur"], after_step=3))
    assert refused.judge(FOUR_STEPS, NFE, CrashClaim(True, ["ok"], 3, 3)).qualifies
    # The fewest steps refused is what is kept: a later refusal further along does not raise it.
    refused.judge(FOUR_STEPS, NFE, CrashClaim(False, ["early"], after_step=0))
    refused.judge(FOUR_STEPS, NFE, CrashClaim(False, ["late"], after_step=2))
    assert not refused.judge(FOUR_STEPS, NFE, CrashClaim(True, ["ok"], 2, 3)).qualifies


def test_the_signature_is_the_innermost_cause_and_its_app_frame() -> None:
    assert crash_signature(NFE) == ("NumberFormatException", "Form.save")
    assert crash_signature(NPE) == ("NullPointerException", "Dialog.onCreate")
    other_place = ParsedCrash(
        exception_class="java.lang.RuntimeException",
        message="Unable to start activity",
        package=APP,
        pid=2,
        causes=[
            ThrowableRecord(
                "java.lang.NullPointerException",
                "Attempt to read from field on a null object reference",
                ["com.example.app.List.bind(List.java:7)"],
            )
        ],
    )
    assert crash_signature(other_place) != crash_signature(NPE)
    # Without app frames the message (ids and numbers out) tells failures apart.
    bare = ParsedCrash(
        "java.lang.IllegalStateException", "Fragment already added: F{c45cd8e}", APP, 3
    )
    same = ParsedCrash(
        "java.lang.IllegalStateException", "Fragment already added: F{1efce92d}", APP, 4
    )
    assert crash_signature(bare) == crash_signature(same)


def test_a_spec_without_steps_is_unaffected() -> None:
    spec = ReproSpec([S2RStep("tap 'Save'", CLICK, ["Save"])], "crash", CRASH)
    refused = RefusedCrashes()
    first = judge_crash(spec, _path("Save", crash=NFE))
    assert refused.judge(spec, NFE, first).qualifies
