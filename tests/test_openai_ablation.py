"""LTGDroid's Table IV switches: parsing, what the search asks of them, the raw-report spec, and
the wrapper that applies them around a reasoner that does not read them itself."""

from __future__ import annotations

import pytest

from device_agent.actions import CLICK, PRESS_BACK, Action, Selector
from orchestrator.ablation import AblatedReasoner, Ablation, raw_spec
from orchestrator.errors import ConfigError
from orchestrator.model import CRASH, NON_CRASH, BugReport, ReproSpec, S2RStep
from orchestrator.reasoner.base import FilterResult, PathJudgement, Reasoner, Verdict


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


class _Inner(Reasoner):
    """A reasoner that records what it was asked."""

    name = "inner"

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def analyze_report(self, report):
        self.asked.append("analyze")
        return ReproSpec([S2RStep("tap a")], "s", NON_CRASH)

    def filter_actions(self, spec, screen, candidates, path, limit):
        self.asked.append(f"filter:{limit}")
        return FilterResult(candidates[:limit] + candidates[-1:], ["r"] * (limit + 1))

    def input_text(self, spec, screen, field_node, path):
        return "v"

    def summarize_transition(self, spec, transition):
        self.asked.append("summary")
        return "did it"

    def evaluate_paths(self, spec, paths):
        return [PathJudgement(0.5, 0) for _ in paths]

    def verify(self, spec, path):
        self.asked.append("verify")
        return Verdict(False, "not seen")


def test_ablated_reasoner_switches_modules_off_around_any_reasoner():
    inner = _Inner()
    off = AblatedReasoner(
        inner,
        Ablation(
            no_report_analysis=True,
            no_action_enumeration=True,
            no_transition_assessment=True,
            no_bug_verification=True,
        ),
    )
    report = BugReport(bug_id="a", title="T", body="b")
    assert off.analyze_report(report).steps[0].text == "T\n\nb"
    candidates = [Action(kind=CLICK, target=Selector(text=t)) for t in "abc"]
    chosen = off.filter_actions(raw_spec(report), None, candidates, None, 6)  # type: ignore[arg-type]
    assert chosen.actions == candidates[:1]
    assert off.summarize_transitions(raw_spec(report), [None, None]) == ["", ""]  # type: ignore[list-item]
    assert off.verify(raw_spec(report), None).reproduced is True  # type: ignore[arg-type]
    assert inner.asked == ["filter:1"] and off.usage is inner.usage and off.name == "inner"
    on = AblatedReasoner(_Inner(), Ablation())
    assert on.verify(raw_spec(report), None).reproduced is False  # type: ignore[arg-type]
    assert on.filter_actions(raw_spec(report), None, candidates, None, 2).actions == [  # type: ignore[arg-type]
        candidates[0],
        candidates[1],
        candidates[2],
    ]


def test_heuristic_reasoner_gets_the_ablations_from_outside():
    from orchestrator.reasoner import make_reasoner

    plain = make_reasoner("heuristic")
    ablated = make_reasoner("heuristic", ablation=Ablation(no_transition_assessment=True))
    assert not isinstance(plain, AblatedReasoner)
    assert isinstance(ablated, AblatedReasoner) and ablated.name == plain.name
