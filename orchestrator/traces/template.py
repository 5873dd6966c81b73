"""A trace template: a verified reproduction kept as graph plus text, ready to be replayed.

Graph (after "Reuse, Rewrite, or Reject", IPADS 2026): the UI states the trace passed through
(:class:`UiState`: structural signature, activity, key widgets) and the transitions between them
(:class:`TemplateTransition`: the action, how to find its target again (:class:`Locators`), the
state it needs, the effect it had and the evidence seen). Text: the report's intent, its S2R
steps and which of them each transition serves, and typed :class:`Slot` s for the values typed
(the folder name ``test2``, a number, a date), so a replay can bind new ones. A template records
the app version it was recorded on and what the from-scratch search cost, so a replay's savings
can be reported next to it.

Templates are plain JSON (:meth:`TraceTemplate.to_json`); :meth:`TraceTemplate.from_json` checks
the shape and raises :class:`TemplateError` naming the broken field.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from device_agent.actions import Action
from orchestrator.errors import ReproError

TEMPLATE_FORMAT = 1

# Slot types, from most to least specific (see orchestrator.traces.build.slot_type).
SLOT_TYPES = ("number", "date", "text")


class TemplateError(ReproError):
    """A stored template is malformed, or a reproduction cannot become one (not confirmed)."""

    exit_code = 2


@dataclass
class UiState:
    """A node of the graph: one screen the trace passed through.

    ``signature`` is the structural hash (``device_agent.hierarchy.structural_hash``);
    ``dialog`` whether a dialog or popup window was on top; ``key_widgets`` the labels of up to
    12 actionable widgets of the top window (what a person would recognise the screen by).
    """

    signature: str
    activity: str
    package: str
    orientation: str = "portrait"
    dialog: bool = False
    key_widgets: list[str] = field(default_factory=list)


@dataclass
class Locators:
    """Every way to find a transition's target again, for the locator cascade
    (:mod:`orchestrator.traces.locate`): resource-id, text, content-desc, class, the ancestor
    path (``class#id`` of each ancestor from the window root down), the index path inside the
    top window, the bounds ``[left, top, right, bottom]`` in pixels and the label a person would
    use."""

    resource_id: str = ""
    text: str = ""
    content_desc: str = ""
    class_name: str = ""
    ancestors: list[str] = field(default_factory=list)
    index_path: str = ""
    bounds: list[int] = field(default_factory=list)
    label: str = ""


@dataclass
class ExpectedEffect:
    """What the transition did when it was recorded: the state it led to (``signature``,
    ``activity``, ``package``), the structural diff's ``kind`` (``orchestrator.diff``), the
    labels that ``appeared`` and ``disappeared``, and whether the app crashed."""

    signature: str
    activity: str
    package: str
    kind: str = ""
    appeared: list[str] = field(default_factory=list)
    disappeared: list[str] = field(default_factory=list)
    crash: bool = False


@dataclass
class TemplateTransition:
    """An edge of the graph: ``action`` (Action JSON as recorded) from state ``source`` to state
    ``target`` (indices into :attr:`TraceTemplate.states`); ``locators`` for widget actions;
    ``effect`` what it did; ``evidence`` the one-line summary of the transition as seen;
    ``serves`` the indices of the S2R steps it carries out; ``slot`` the name of the slot whose
    value an ``input_text`` types."""

    index: int
    action: dict[str, Any]
    source: int
    target: int
    effect: ExpectedEffect
    locators: Locators | None = None
    evidence: str = ""
    serves: list[int] = field(default_factory=list)
    slot: str = ""

    def recorded_action(self) -> Action:
        """The action as it was recorded (raises :class:`TemplateError` if malformed)."""
        try:
            return Action.from_json(self.action)
        except (ValueError, TypeError, KeyError) as exc:
            raise TemplateError(
                f"template transition {self.index} has a bad action: {exc}"
            ) from exc


@dataclass
class Slot:
    """A variable value of the trace: ``name`` (from the field it was typed into), ``type``
    (one of :data:`SLOT_TYPES`), the ``value`` recorded, and its ``source``: ``report`` when the
    report quotes it (a new report may quote another), ``generated`` when the search made it up."""

    name: str
    type: str
    value: str
    source: str = "generated"


@dataclass
class TraceTemplate:
    """A verified reproduction as a replayable template (see the module docstring).

    ``kind`` is ``crash`` or ``symptom``; ``spec`` the reproduction spec the search used
    (``ReproSpec.to_json()``) and ``report_digest`` the sha256 of the report text it came from
    (a changed report is analysed again); ``confirmed`` how it was verified (``{"replays": n,
    "device": address}``); ``scratch`` what the from-scratch search cost (``reasoner_calls``,
    ``tokens``, ``wall_s``, ``probes``); ``screen`` the recorded screen size ``[width, height]``
    in pixels; ``created_at`` UTC ISO 8601.
    """

    bug_id: str
    app_name: str
    app_version: str
    package: str
    kind: str
    intent: str
    s2r: list[str]
    spec: dict[str, Any]
    report_digest: str
    states: list[UiState]
    transitions: list[TemplateTransition]
    slots: list[Slot] = field(default_factory=list)
    crash: dict[str, Any] | None = None
    evidence: str = ""
    screen: list[int] = field(default_factory=list)
    confirmed: dict[str, Any] = field(default_factory=dict)
    scratch: dict[str, Any] = field(default_factory=dict)
    created_at: str = ""
    format: int = TEMPLATE_FORMAT

    def slot(self, name: str) -> Slot | None:
        return next((s for s in self.slots if s.name == name), None)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> TraceTemplate:
        """Rebuild a template; raises :class:`TemplateError` naming what is missing or wrong."""
        if not isinstance(data, dict):
            raise TemplateError(f"a trace template is a JSON object, got {type(data).__name__}")
        if data.get("format") != TEMPLATE_FORMAT:
            raise TemplateError(
                f"trace template format {data.get('format')!r} is not supported (expected "
                f"{TEMPLATE_FORMAT}); record the bug again with `reprofarm nightly`"
            )
        try:
            states = [UiState(**s) for s in data["states"]]
            transitions = []
            for t in data["transitions"]:
                t = dict(t)
                t["effect"] = ExpectedEffect(**t["effect"])
                t["locators"] = Locators(**t["locators"]) if t.get("locators") else None
                transitions.append(TemplateTransition(**t))
            slots = [Slot(**s) for s in data.get("slots", [])]
            fields = {k: v for k, v in data.items() if k not in ("states", "transitions", "slots")}
            template = cls(states=states, transitions=transitions, slots=slots, **fields)
        except (KeyError, TypeError) as exc:
            raise TemplateError(f"malformed trace template: {exc}") from exc
        for t in template.transitions:
            t.recorded_action()
            if not (0 <= t.source < len(states) and 0 <= t.target < len(states)):
                raise TemplateError(
                    f"template transition {t.index} points at a state that does not exist"
                )
        if not template.transitions:
            raise TemplateError(f"trace template of {template.bug_id} has no transitions")
        return template
