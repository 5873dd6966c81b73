"""Ablation switches: LTGDroid's Table IV, readable by both reasoners and by the search.

LTGDroid (arXiv 2603.29623, Table IV) removes one module at a time to show what each is worth:

- *without report analysis*: the raw report (title, body, comments) is the objective, instead of
  the distilled S2R steps and symptom;
- *without action enumeration*: no pre-exploration: the model proposes ONE action per step, which
  is executed, and the path continues from its result (beam 1);
- *without transition assessment*: actions are still executed but their effects are not
  summarised, so the evaluator judges paths from the actions alone (the paper's largest drop:
  87.5% → 51.1%);
- *without bug verification*: a path the evaluator calls complete is accepted without the second,
  stricter visual check.

Where each switch acts: the reasoners read all four (``raw_spec`` for the first, one proposed
action for the second, empty summaries for the third, an accepting ``verify`` for the fourth;
:class:`AblatedReasoner` does this from outside for a reasoner that does not);
the search reads ``no_action_enumeration`` (beam 1, one action kept: :meth:`Ablation.search_limits`,
:meth:`Ablation.cap`) and ``no_report_analysis`` (the raw report does not say whether the bug is a
crash, so any crash of the app counts and complete paths are still verified:
:meth:`Ablation.counts_crash`, :meth:`Ablation.checks_symptom`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from device_agent.actions import Action
from device_agent.hierarchy import ViewNode
from orchestrator.errors import ConfigError
from orchestrator.model import CRASH, BugReport, Path, ReproSpec, S2RStep, Screen, Transition
from orchestrator.reasoner.base import FilterResult, PathJudgement, Reasoner, Verdict

# Command-line names (``--ablate report-analysis,transition-assessment``) → dataclass fields.
SWITCHES: dict[str, str] = {
    "report-analysis": "no_report_analysis",
    "action-enumeration": "no_action_enumeration",
    "transition-assessment": "no_transition_assessment",
    "bug-verification": "no_bug_verification",
}


@dataclass(frozen=True)
class Ablation:
    """Which LTGDroid modules are switched off for a run (all on by default)."""

    no_report_analysis: bool = False
    no_action_enumeration: bool = False
    no_transition_assessment: bool = False
    no_bug_verification: bool = False

    @classmethod
    def from_names(cls, names: Iterable[str]) -> Ablation:
        """Build from module names as given on the command line (``report-analysis``,
        ``action-enumeration``, ``transition-assessment``, ``bug-verification``; ``none`` or an
        empty string is ignored; items may be comma-separated). Raises ``ConfigError`` naming an
        unknown module and the valid ones."""
        chosen: dict[str, bool] = {}
        for item in names:
            for name in str(item).split(","):
                key = name.strip().lower().replace("_", "-")
                if key.startswith("no-"):
                    key = key[3:]
                if not key or key == "none":
                    continue
                if key not in SWITCHES:
                    valid = ", ".join(SWITCHES)
                    raise ConfigError(
                        f"unknown --ablate module {name.strip()!r}; choose from {valid}"
                    )
                chosen[SWITCHES[key]] = True
        return cls(**chosen)

    @property
    def active(self) -> bool:
        """True when any module is switched off."""
        return any(getattr(self, f.name) for f in fields(self))

    def names(self) -> list[str]:
        """The command-line names of the modules switched off, in Table IV order."""
        return [name for name, attr in SWITCHES.items() if getattr(self, attr)]

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    # -- what the search asks -----------------------------------------------------------------
    def search_limits(self, beam: int, branch: int) -> tuple[int, int]:
        """``(beam, branch)`` the search should use: ``(1, 1)`` without action enumeration
        (one proposed action per step, one path), else unchanged."""
        if self.no_action_enumeration:
            return 1, 1
        return beam, branch

    def cap(self, actions: list[Action]) -> list[Action]:
        """The actions to execute on a screen after filtering: only the first (the proposal)
        without action enumeration, else all of them."""
        return actions[:1] if self.no_action_enumeration else actions

    def counts_crash(self, spec: ReproSpec) -> bool:
        """Whether a crash of the app under test may confirm the bug: for crash bugs, and for
        every bug when report analysis is off (the raw report's bug kind is unknown)."""
        return spec.bug_kind == CRASH or self.no_report_analysis

    def checks_symptom(self, spec: ReproSpec) -> bool:
        """Whether paths judged complete go to the visual verification: for non-crash bugs, and
        for every bug when report analysis is off."""
        return spec.bug_kind != CRASH or self.no_report_analysis


NONE = Ablation()


def raw_spec(report: BugReport) -> ReproSpec:
    """The objective without report analysis: one "step" holding the whole report (title, body,
    numbered comments), the title as the symptom. The bug kind is unknown; it is recorded as
    ``crash`` with no exception class, so that any crash of the app matches (see
    :meth:`Ablation.counts_crash` for the non-crash side)."""
    text = report.full_text().strip() or report.bug_id
    return ReproSpec(
        steps=[S2RStep(text=text)],
        symptom=report.title.strip() or text.splitlines()[0],
        bug_kind=CRASH,
    )


class AblatedReasoner(Reasoner):
    """Any reasoner with LTGDroid modules switched off from outside, for reasoners that do not
    read :class:`Ablation` themselves (the ``openai`` reasoner does, with prompts made for it).

    Without report analysis the objective is :func:`raw_spec`; without action enumeration only
    the inner filter's best candidate is kept (its proposal); without transition assessment
    summaries are empty; without bug verification a complete path is accepted. Everything else,
    and the accounting in ``usage``, is the inner reasoner's.
    """

    def __init__(self, inner: Reasoner, ablation: Ablation) -> None:
        super().__init__()
        self.inner = inner
        self.ablation = ablation
        self.name = inner.name
        self.needs_screenshots = inner.needs_screenshots
        self.usage = inner.usage

    def analyze_report(self, report: BugReport) -> ReproSpec:
        if self.ablation.no_report_analysis:
            return raw_spec(report)
        return self.inner.analyze_report(report)

    def filter_actions(
        self, spec: ReproSpec, screen: Screen, candidates: list[Action], path: Path, limit: int
    ) -> FilterResult:
        if not self.ablation.no_action_enumeration:
            return self.inner.filter_actions(spec, screen, candidates, path, limit)
        result = self.inner.filter_actions(spec, screen, candidates, path, 1)
        return FilterResult(result.actions[:1], result.reasons[:1])

    def input_text(self, spec: ReproSpec, screen: Screen, field_node: ViewNode, path: Path) -> str:
        return self.inner.input_text(spec, screen, field_node, path)

    def summarize_transition(self, spec: ReproSpec, transition: Transition) -> str:
        if self.ablation.no_transition_assessment:
            return ""
        return self.inner.summarize_transition(spec, transition)

    def summarize_transitions(self, spec: ReproSpec, transitions: list[Transition]) -> list[str]:
        if self.ablation.no_transition_assessment:
            return ["" for _ in transitions]
        return self.inner.summarize_transitions(spec, transitions)

    def evaluate_paths(self, spec: ReproSpec, paths: list[Path]) -> list[PathJudgement]:
        return self.inner.evaluate_paths(spec, paths)

    def verify(self, spec: ReproSpec, path: Path) -> Verdict:
        if self.ablation.no_bug_verification:
            return Verdict(True, "bug verification switched off (ablation)", 0.0)
        return self.inner.verify(spec, path)

    def evidence_spec(self, spec: ReproSpec) -> ReproSpec:
        return self.inner.evidence_spec(spec)
