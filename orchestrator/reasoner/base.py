"""The reasoner seam: every judgement the LTGDroid loop needs, behind one interface.

Implementations: ``heuristic`` (offline, rule-based, the default) and ``openai`` (any
OpenAI-compatible endpoint; its own issue). The loop (``orchestrator.search``) calls only these
methods, so a reasoner can be swapped per run. Roles follow LTGDroid's modules: report analysis,
action filtering, input text, transition summary, path evaluation, verification.
"""

from __future__ import annotations

import abc
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from device_agent.actions import Action
from device_agent.hierarchy import ViewNode
from orchestrator.model import BugReport, LLMUsage, Path, ReproSpec, Screen, Transition


@dataclass
class PathJudgement:
    """The evaluator's view of one live path: ``score`` (higher is more promising, 0-1),
    ``reached_step`` (index of the last S2R step done, -1 for none), ``complete`` (all steps
    done: worth verifying), ``reason`` (one line)."""

    score: float
    reached_step: int
    complete: bool = False
    reason: str = ""


@dataclass
class Verdict:
    """The verifier's answer for a non-crash bug: ``reproduced`` and the ``evidence`` seen (one
    sentence); ``details`` what a person checks it with (``report_sentence``, ``widgets``: each
    ``{"widget", "before", "after"}``), empty when the verifier gives none."""

    reproduced: bool
    evidence: str = ""
    confidence: float = 0.0
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class FilterResult:
    """Candidates worth trying on a screen, most promising first (never empty when the input is
    not), with a one-line reason each (same order)."""

    actions: list[Action]
    reasons: list[str] = field(default_factory=list)


class Reasoner(abc.ABC):
    """Abstract reasoner. Every method may raise ``orchestrator.errors.ReasonerError``."""

    name: str = "abstract"
    # Whether the reasoner looks at screenshots: the search then captures them while probing.
    needs_screenshots: bool = False
    # Calls it may usefully serve at once (a remote model: its request limit); the search
    # summarises up to this many transitions concurrently while a level's probes run.
    concurrency: int = 1

    def __init__(self) -> None:
        self.usage = LLMUsage()
        # rule name -> firings this run (orchestrator.reasoner.rules; the heuristic counts)
        self.rules_fired: Counter[str] = Counter()

    @abc.abstractmethod
    def analyze_report(self, report: BugReport) -> ReproSpec:
        """Distil the whole report into S2R steps and the symptom (LTGDroid's Report Analyzer)."""

    @abc.abstractmethod
    def filter_actions(
        self, spec: ReproSpec, screen: Screen, candidates: list[Action], path: Path, limit: int
    ) -> FilterResult:
        """Keep at most ``limit`` candidates relevant to the S2R on this screen, best first."""

    @abc.abstractmethod
    def input_text(self, spec: ReproSpec, screen: Screen, field_node: ViewNode, path: Path) -> str:
        """The value to type into a text field."""

    @abc.abstractmethod
    def summarize_transition(self, spec: ReproSpec, transition: Transition) -> str:
        """One sentence on what the action visibly did, starting from ``transition.diff``."""

    def summarize_transitions(self, spec: ReproSpec, transitions: list[Transition]) -> list[str]:
        """:meth:`summarize_transition` for every transition of a level (same order); a reasoner
        that calls a remote model overrides this to run them concurrently."""
        return [self.summarize_transition(spec, t) for t in transitions]

    @abc.abstractmethod
    def evaluate_paths(self, spec: ReproSpec, paths: list[Path]) -> list[PathJudgement]:
        """Judge every live path (same order as ``paths``); the caller keeps the beam's best."""

    @abc.abstractmethod
    def verify(self, spec: ReproSpec, path: Path) -> Verdict:
        """The second, stricter check for a non-crash symptom on the path's final screen."""

    def evidence_spec(self, spec: ReproSpec) -> ReproSpec:
        """The reading of the report a claim is held to (decision 0041): the report's steps, its
        symptom and its exception as the offline rules read them, whatever this reasoner's own
        reading (``spec``) says. The offline reasoner's reading is ``spec`` itself; a model's
        reasoner returns the offline analysis of the report it analysed (``spec`` when it has
        analysed none, or the offline analysis found no steps)."""
        return spec
