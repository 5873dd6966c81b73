"""Turn a confirmed reproduction into a :class:`~orchestrator.traces.template.TraceTemplate`.

Only a reproduction that a replay from the base snapshot confirmed may become a template: PreAct
found that storing unverified traces makes repeat runs worse than no reuse at all, and
``Reproducer`` only reports ``crash``/``symptom`` after such a replay (``confirm_replays``). The
confirmed path is the one the replay observed, so every recorded state is a state the replay saw.
"""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime
from typing import Any

from device_agent.actions import INPUT_TEXT
from device_agent.errors import HierarchyError
from device_agent.hierarchy import ViewNode, find_node, parse_hierarchy
from orchestrator.diff import window_infos
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import BugReport, Path, ReproSpec, Screen
from orchestrator.reasoner.align import align
from orchestrator.search import SearchOutcome
from orchestrator.text import normalize_label
from orchestrator.traces.template import (
    ExpectedEffect,
    Locators,
    Slot,
    TemplateError,
    TemplateTransition,
    TraceTemplate,
    UiState,
)

MAX_KEY_WIDGETS = 12
_NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)?$")
_DATE = re.compile(
    r"^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}:\d{2}(:\d{2})?)$"
)


def report_digest(report: BugReport) -> str:
    """sha256 (hex) of the report's full text: a changed report is analysed again."""
    return hashlib.sha256(report.full_text().encode("utf-8")).hexdigest()


def slot_type(value: str) -> str:
    """``number`` (``42``, ``-1.5``), ``date`` (``2024-05-01``, ``1/5/24``, ``10:30``) or
    ``text``."""
    text = value.strip()
    if _NUMBER.match(text):
        return "number"
    if _DATE.match(text):
        return "date"
    return "text"


def ui_state(screen: Screen) -> UiState:
    """The graph node of a screen (see :class:`UiState`)."""
    windows = window_infos(screen.hierarchy_xml)
    top = windows[-1] if windows else None
    try:
        candidates = enumerate_actions(parse_hierarchy(screen.hierarchy_xml))
    except HierarchyError:
        candidates = []
    labels: list[str] = []
    for action in candidates:
        if action.target is None:
            continue
        label = action.target.label or action.target.text or action.target.content_desc
        if label and label not in labels:
            labels.append(label)
    return UiState(
        signature=screen.structural_hash,
        activity=screen.activity,
        package=screen.package,
        orientation=screen.orientation or "portrait",
        dialog=top is not None and top.kind not in ("main", "toast"),
        key_widgets=labels[:MAX_KEY_WIDGETS],
    )


def ancestor_path(node: ViewNode) -> list[str]:
    """``class#id`` (or ``class``) of each ancestor of ``node``, from the window root down."""
    chain: list[str] = []
    current = node.parent
    while current is not None:
        short_id = current.resource_id.rsplit("/", 1)[-1]
        chain.append(f"{current.short_class}#{short_id}" if short_id else current.short_class)
        current = current.parent
    return list(reversed(chain))


def locators_for(node: ViewNode) -> Locators:
    """Every locator of a live node (see :class:`Locators`)."""
    return Locators(
        resource_id=node.resource_id,
        text="" if node.is_editable else node.text,
        content_desc=node.content_desc,
        class_name=node.cls,
        ancestors=ancestor_path(node),
        index_path=node.path,
        bounds=node.bounds.to_list(),
        label=node.label(),
    )


def _slot_name(node: ViewNode | None, taken: set[str]) -> str:
    words = ""
    if node is not None:
        words = node.hint or node.resource_id.rsplit("/", 1)[-1] or node.content_desc
    base = re.sub(r"[^a-z0-9]+", "_", normalize_label(words)).strip("_") or "value"
    name, n = base, 2
    while name in taken:
        name, n = f"{base}_{n}", n + 1
    taken.add(name)
    return name


def _quoted(spec: ReproSpec) -> set[str]:
    values = {v.strip() for v in spec.input_values if v.strip()}
    values |= {s.value.strip() for s in spec.steps if s.value.strip()}
    return values


def build_template(
    report: BugReport,
    spec: ReproSpec,
    app: dict[str, str],
    outcome: SearchOutcome,
    *,
    scratch: dict[str, Any] | None = None,
    confirmed_by: str = "",
    replays: int = 1,
) -> TraceTemplate:
    """The template of a confirmed reproduction.

    ``app`` is ``{"name", "version", "package"}``; ``outcome`` the search's result, whose
    ``verdict`` must be ``crash`` or ``symptom`` with a non-empty confirmation ``replay`` (else
    :class:`TemplateError`: an unconfirmed trace is never stored); ``scratch`` what the search
    cost (kept to report savings later); ``confirmed_by`` the device that replayed it.
    """
    path = outcome.path
    if outcome.verdict not in ("crash", "symptom") or path is None or not path.transitions:
        raise TemplateError(
            f"{report.bug_id}: only a reproduced bug can become a trace template "
            f"(verdict {outcome.verdict!r})"
        )
    if not outcome.replay:
        raise TemplateError(
            f"{report.bug_id}: the trace was not confirmed by a replay on a fresh device; "
            "unconfirmed traces are not stored (set confirm_replays >= 1)"
        )
    served = _served(spec, path)
    states = [ui_state(path.transitions[0].before)]
    transitions: list[TemplateTransition] = []
    slots: list[Slot] = []
    taken: set[str] = set()
    quoted = _quoted(spec)
    for i, transition in enumerate(path.transitions):
        states.append(ui_state(transition.after))
        action = transition.action
        node = None
        if action.target is not None:
            try:
                node = find_node(parse_hierarchy(transition.before.hierarchy_xml), action.target)
            except HierarchyError:
                node = None
        slot_name = ""
        if action.kind == INPUT_TEXT:
            slot_name = _slot_name(node, taken)
            slots.append(
                Slot(
                    name=slot_name,
                    type=slot_type(action.text),
                    value=action.text,
                    source="report" if action.text.strip() in quoted else "generated",
                )
            )
        diff = transition.diff or {}
        transitions.append(
            TemplateTransition(
                index=i,
                action=action.to_json(),
                source=i,
                target=i + 1,
                locators=locators_for(node) if node is not None else _fallback_locators(action),
                effect=ExpectedEffect(
                    signature=transition.after.structural_hash,
                    activity=transition.after.activity,
                    package=transition.after.package,
                    kind=_effect_kind(diff),
                    appeared=list(diff.get("widgets_added", []))[:8],
                    disappeared=list(diff.get("widgets_removed", []))[:8],
                    crash=transition.crash is not None,
                ),
                evidence=transition.summary,
                serves=[served[i]] if i < len(served) and served[i] >= 0 else [],
                slot=slot_name,
            )
        )
    crash = outcome.crash.to_json() if outcome.crash is not None else None
    return TraceTemplate(
        bug_id=report.bug_id,
        app_name=app.get("name", ""),
        app_version=app.get("version", ""),
        package=app.get("package", ""),
        kind=outcome.verdict,
        intent=report.title,
        s2r=[s.text for s in spec.steps],
        spec=spec.to_json(),
        report_digest=report_digest(report),
        states=states,
        transitions=transitions,
        slots=slots,
        crash=crash,
        evidence=outcome.evidence or (crash or {}).get("exception_class", ""),
        screen=_screen_size(path.transitions[0].before),
        confirmed={"replays": replays, "device": confirmed_by},
        scratch=dict(scratch or {}),
        created_at=datetime.now(UTC).isoformat(timespec="seconds"),
    )


def _fallback_locators(action: Any) -> Locators | None:
    """Locators from the recorded selector alone, when the node is not in the dump any more."""
    target = action.target
    if target is None:
        return None
    return Locators(
        resource_id=target.resource_id,
        text=target.text,
        content_desc=target.content_desc,
        class_name=target.class_name,
        bounds=target.bounds.to_list() if target.bounds else [],
        label=target.label,
    )


def _effect_kind(diff: dict[str, Any]) -> str:
    """One word for what a transition did, from its structural diff."""
    if diff.get("crash"):
        return "crash"
    if diff.get("app_left"):
        return "app_left"
    if diff.get("activity_changed"):
        return "activity_changed"
    if diff.get("windows_opened"):
        return "window_opened"
    if diff.get("windows_closed"):
        return "window_closed"
    if diff.get("unchanged"):
        return "unchanged"
    return "content_changed"


def _served(spec: ReproSpec, path: Path) -> list[int]:
    """The S2R step each transition carries out (-1 for helper actions), from the deterministic
    alignment (``orchestrator.reasoner.align``): no reasoner call."""
    try:
        return list(align(spec, path).served)
    except Exception:  # noqa: BLE001 - alignment is an annotation; a failure must not lose a trace
        return []


def _screen_size(screen: Screen) -> list[int]:
    try:
        tree = parse_hierarchy(screen.hierarchy_xml)
    except HierarchyError:
        return []
    width = max((w.bounds.right for w in tree.windows), default=0)
    height = max((w.bounds.bottom for w in tree.windows), default=0)
    return [width, height] if width and height else []
