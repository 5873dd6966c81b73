"""The orchestrator's data: the reproduction specification, screens, transitions and paths.

Terms follow LTGDroid (arXiv 2603.29623): a *reproduction specification* holds the steps to
reproduce (S2R) and the observable symptom; a *transition* is one executed candidate action with
its before/after screens and a summary of its visible effect; a *path* is a sequence of
transitions from the app's launch screen, kept or dropped by the beam.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from device_agent.actions import Action

CRASH = "crash"
NON_CRASH = "non-crash"


@dataclass
class BugReport:
    """A bug report as loaded from disk: the LTGDroid JSON fields, or a Markdown/text file (then
    ``title`` is the first heading or line and ``body`` the rest). ``bug_id`` is e.g.
    ``"AmazeFileManager#1796"`` when it can be derived, else the file's stem."""

    bug_id: str
    title: str
    body: str
    comments: list[str] = field(default_factory=list)
    repo: str = ""
    url: str = ""
    apk_name: str = ""
    source_path: str = ""

    def full_text(self) -> str:
        """Title, body and numbered comments as one text (what an analyzer reads)."""
        parts = [self.title, self.body]
        parts += [f"Comment {i}: {c}" for i, c in enumerate(self.comments, 1)]
        return "\n\n".join(p for p in parts if p)


@dataclass
class S2RStep:
    """One step to reproduce. ``action_hint`` is the verb class the step implies (``click``,
    ``long_click``, ``input_text``, ``rotate``, ``press_back``, ``swipe`` or ``""``); ``targets``
    are
    the widget labels it names; ``value`` is the text to type, when there is one;
    ``precondition`` marks a state the report's launch step starts from ("launch the app with X
    enabled": decision 0030), which the search may set up before it searches (decision 0034)."""

    text: str
    action_hint: str = ""
    targets: list[str] = field(default_factory=list)
    value: str = ""
    precondition: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "action_hint": self.action_hint,
            "targets": self.targets,
            "value": self.value,
        }


@dataclass
class ReproSpec:
    """The reproduction specification: ordered S2R steps, the symptom, crash or non-crash, the
    exception class named by the report's stack trace (when any), input values it quotes, and
    setup the report leaves out. ``exception_message`` and ``exception_frames`` are what a quoted
    stack trace says of that exception (its message, its ``at`` frames without ``at``); empty
    when the report quotes none. ``alternatives`` are other ways to the bug the report gives
    (labelled variants of its steps, "Variant A / Variant B"), each a whole list of steps the
    search may fall back to when ``steps`` earn no claim; empty for most reports."""

    steps: list[S2RStep]
    symptom: str
    bug_kind: str  # CRASH or NON_CRASH
    exception_class: str = ""
    input_values: list[str] = field(default_factory=list)
    setup_notes: list[str] = field(default_factory=list)
    exception_message: str = ""
    exception_frames: list[str] = field(default_factory=list)
    alternatives: list[list[S2RStep]] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ReproSpec:
        """Inverse of :meth:`to_json`; raises ``ValueError`` naming a missing field."""
        try:
            return cls(
                steps=[S2RStep(**step) for step in data["steps"]],
                symptom=str(data["symptom"]),
                bug_kind=str(data["bug_kind"]),
                exception_class=str(data.get("exception_class", "")),
                input_values=[str(v) for v in data.get("input_values", [])],
                setup_notes=[str(v) for v in data.get("setup_notes", [])],
                exception_message=str(data.get("exception_message", "")),
                exception_frames=[str(v) for v in data.get("exception_frames", [])],
                alternatives=[
                    [S2RStep(**step) for step in way] for way in data.get("alternatives", [])
                ],
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed reproduction spec: {exc}") from exc

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "steps": [s.to_json() for s in self.steps],
            "symptom": self.symptom,
            "bug_kind": self.bug_kind,
            "exception_class": self.exception_class,
            "input_values": self.input_values,
            "setup_notes": self.setup_notes,
        }
        # Only when a trace was quoted, so specs of reports without one keep their old form.
        if self.exception_message:
            out["exception_message"] = self.exception_message
        if self.exception_frames:
            out["exception_frames"] = self.exception_frames
        if self.alternatives:
            out["alternatives"] = [[s.to_json() for s in way] for way in self.alternatives]
        return out


@dataclass
class CrashInfo:
    """An uncaught exception of the app under test, parsed from logcat."""

    exception_class: str
    message: str
    package: str
    pid: int
    frames: list[str] = field(default_factory=list)
    kind: str = "crash"  # crash | anr

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "exception_class": self.exception_class,
            "message": self.message,
            "package": self.package,
            "pid": self.pid,
            "frames": self.frames[:8],
        }


@dataclass
class Screen:
    """A screen the orchestrator saw: the raw dump and what was derived from it.

    ``structural_hash`` identifies the screen's structure (see ``device_agent.hierarchy``);
    ``screenshot_png`` may be empty when screenshots were skipped.
    """

    hierarchy_xml: str
    structural_hash: str
    package: str
    activity: str
    orientation: str
    keyboard_shown: bool = False
    screenshot_png: bytes = b""


@dataclass
class Transition:
    """One executed candidate action: ``before`` → ``action`` → ``after``.

    ``diff`` is the deterministic structural diff (a dict from ``orchestrator.diff``), ``summary``
    the reasoner's one-line description of the visible effect, ``crash`` the app's crash if the
    action caused one, ``reached_step`` the evaluator's S2R progress after it. ``restore`` says
    how the probing device reached ``before`` (method and seconds); ``device_id`` which device
    ran it.
    """

    action: Action
    before: Screen
    after: Screen
    diff: dict[str, Any]
    summary: str = ""
    crash: CrashInfo | None = None
    performed: bool = True
    device_id: str = ""
    restore: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    reached_step: int = -1  # the S2R step the path had reached after this transition


@dataclass
class Path:
    """A sequence of transitions from the launch screen. ``score`` and ``reached_step`` (the index
    of the last S2R step the path is believed to have done, -1 for none) come from the evaluator."""

    transitions: list[Transition] = field(default_factory=list)
    score: float = 0.0
    reached_step: int = -1
    snapshot_id: str = ""

    @property
    def actions(self) -> list[Action]:
        return [t.action for t in self.transitions]

    @property
    def last_screen(self) -> Screen | None:
        return self.transitions[-1].after if self.transitions else None

    def extend(self, transition: Transition) -> Path:
        return Path(self.transitions + [transition], self.score, self.reached_step)


@dataclass
class LLMUsage:
    """Accounting of reasoner calls: per run, and per role in ``by_role`` (tokens, cost, and
    counters such as ``repairs``, ``retries``, ``no_opinion``: questions the model gave no usable
    answer to, which the run went on without). ``downgrades``: one entry per model and kind of
    permanent rejection (``{"model", "role", "kind", "status", "reason", "downgrade"}``), the
    first time it happened; ``by_role[...]["downgrades"]`` counts every downgraded request.
    ``unusable``: answers still unusable after the repair round; ``offline_fallbacks``: calls
    that failed every retry and were answered by the offline reasoner.

    ``listeners``: callables ``(role, prompt_tokens, completion_tokens, cost_usd)`` told of
    every booked call as it returns (the driver's metrics count tokens live from them); they
    are not compared, printed or pickled."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    by_role: dict[str, dict[str, float]] = field(default_factory=dict)
    cached_tokens: int = 0  # of prompt_tokens, served from the provider's prompt cache
    downgrades: list[dict[str, Any]] = field(default_factory=list)
    listeners: list[Callable[[str, int, int, float], None]] = field(
        default_factory=list, repr=False, compare=False
    )

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["listeners"] = []  # closures of this process: a copy elsewhere starts without
        return state

    def add(self, role: str, prompt_tokens: int, completion_tokens: int, cost_usd: float) -> None:
        self.calls += 1
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        self.cost_usd += cost_usd
        slot = self.by_role.setdefault(
            role, {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost_usd": 0.0}
        )
        slot["calls"] += 1
        slot["prompt_tokens"] += prompt_tokens
        slot["completion_tokens"] += completion_tokens
        slot["cost_usd"] += cost_usd
        for listener in list(self.listeners):
            listener(role, prompt_tokens, completion_tokens, cost_usd)

    @property
    def total_calls(self) -> int:
        """Reasoner calls of every role: ``by_role`` counts calls that book no tokens too (the
        offline reasoner's, cache hits aside), so it is the one count ``result.json``,
        ``report.html`` and the nightly digest all show."""
        by_role = sum(int(slot.get("calls", 0)) for slot in self.by_role.values())
        return max(int(self.calls), by_role)

    def total(self, counter: str) -> int:
        """``counter`` (e.g. ``unusable``) summed over the roles."""
        return int(sum(slot.get(counter, 0) for slot in self.by_role.values()))

    def to_json(self) -> dict[str, Any]:
        """``calls`` (:attr:`total_calls`), token counts (integers), ``cost_usd`` and
        ``by_role`` (per role: integer counters, ``cost_usd`` a float)."""
        return {
            "calls": self.total_calls,
            "prompt_tokens": int(self.prompt_tokens),
            "completion_tokens": int(self.completion_tokens),
            "cached_tokens": int(self.cached_tokens),
            "cost_usd": round(self.cost_usd, 6),
            "no_opinion": self.total("no_opinion"),
            "unusable": self.total("unusable"),
            "offline_fallbacks": self.total("offline_fallbacks"),
            "downgrades": self.downgrades,
            "by_role": {
                role: {
                    key: (round(float(v), 6) if key == "cost_usd" else int(v))
                    for key, v in slot.items()
                }
                for role, slot in self.by_role.items()
            },
        }
