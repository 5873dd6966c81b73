"""LTGDroid's Table IV switches: parsing, what the search asks of them, the raw-report spec."""

from __future__ import annotations

import pytest

from device_agent.actions import CLICK, PRESS_BACK, Action, Selector
from orchestrator.ablation import Ablation, raw_spec
from orchestrator.errors import ConfigError
from orchestrator.model import CRASH, NON_CRASH, BugReport, ReproSpec, S2RStep


def test_from_names_accepts_cli_spellings():
    a = Ablation.from_names(["report-analysis,no-transition-assessment", "bug_verification"])
    assert a == Ablation(
        no_report_analysis=True, no_transition_assessment=True, no_bug_verification=True
    )
    assert a.names() == ["report-analysis", "transition-assessment", "bug-verification"]
    assert a.active and not Ablation.from_names(["", "none"]).active
    assert a.to_json()["no_action_enumeration"] is False


def test_unknown_module_names_the_valid_ones():
    with pytest.raises(ConfigError, match="unknown --ablate module 'planning'.*action-enumeration"):
        Ablation.from_names(["planning"])


def test_without_action_enumeration_the_search_keeps_one_path_and_one_action():
    off = Ablation(no_action_enumeration=True)
    actions = [Action(kind=CLICK, target=Selector(text="a")), Action(kind=PRESS_BACK)]
    assert off.search_limits(3, 6) == (1, 1) and off.cap(actions) == actions[:1]
    assert Ablation().search_limits(3, 6) == (3, 6) and Ablation().cap(actions) == actions


def test_crash_and_symptom_checks_follow_bug_kind_unless_analysis_is_off():
    crash = ReproSpec([S2RStep("x")], "s", CRASH)
    other = ReproSpec([S2RStep("x")], "s", NON_CRASH)
    on, off = Ablation(), Ablation(no_report_analysis=True)
    assert (on.counts_crash(crash), on.checks_symptom(crash)) == (True, False)
    assert (on.counts_crash(other), on.checks_symptom(other)) == (False, True)
    assert off.counts_crash(other) and off.checks_symptom(crash)


def test_raw_spec_is_the_whole_report():
    report = BugReport(
        bug_id="A#1", title="List empties", body="Steps: add, rotate", comments=["only on tablets"]
    )
    spec = raw_spec(report)
    assert len(spec.steps) == 1
    assert (
        "List empties" in spec.steps[0].text and "Comment 1: only on tablets" in spec.steps[0].text
    )
    assert spec.symptom == "List empties" and spec.bug_kind == CRASH and spec.exception_class == ""
