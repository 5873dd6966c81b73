"""Why a search missed: ``result.json``'s ``miss`` section, for a person deciding in a minute
whether the report, the app model or the engine is at fault.

- ``steps``: each S2R step of the analysed report, and where the best path matched it (the step
  of the path and the screen's activity), or, when no path matched it, the widgets the engine saw
  whose labels come closest to the step's words (:func:`orchestrator.text.similarity`, shown even
  when nothing is similar), from the actions it probed and the screens of the best path;
- ``probed_screens``: the screens the probe budget went on, most probed first (activity,
  structural hash prefix, probes);
- ``best_path``: the best path's actions with the S2R step each reached;
- ``stopped``: why the search ended (its ``stop_reason``) and ``budget``: which budget ran out
  (``probes``, ``time``, ``cost``) or ``""`` when the search ran out of candidates instead; with
  ``steps_done`` (how many S2R steps the best path had done) a person tells "give it more budget"
  from "it cannot find the way".
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from device_agent.errors import HierarchyError
from device_agent.hierarchy import parse_hierarchy
from orchestrator.model import Path, ReproSpec
from orchestrator.text import similarity

CLOSEST_WIDGETS = 3
_QUOTED = re.compile(r'"([^"]+)"')
TOP_SCREENS = 5


def _screen_labels(xml: str) -> set[str]:
    try:
        nodes = parse_hierarchy(xml).iter() if xml else []
    except HierarchyError:
        return set()
    return {label for n in nodes for label in (n.text, n.content_desc) if label and len(label) < 80}


def budget_of(stop_reason: str) -> str:
    """Which budget a search's ``stop_reason`` says ran out: ``probes``, ``time``, ``cost``, or
    ``""`` when the search stopped for another reason (no candidates left, interrupted...)."""
    for kind in ("probe", "time", "cost"):
        if stop_reason.startswith(f"{kind} budget"):
            return "probes" if kind == "probe" else kind
    return ""


def explain_miss(
    spec: ReproSpec | None,
    best: Path | None,
    probe_log: list[dict[str, Any]],
    stop_reason: str = "",
) -> dict[str, Any]:
    """The ``miss`` section (see the module docstring) from the analysed report ``spec``, the
    search's best path ``best`` (``None`` when no action was performed), its probe log (entries
    with ``action`` and, when recorded, ``screen`` and ``screen_hash``) and why it stopped
    (``stop_reason``, as in ``result.json``'s ``search``)."""
    transitions = best.transitions if best is not None else []
    count = len(spec.steps) if spec else 0
    matched: dict[int, dict[str, Any]] = {}
    first_reached: dict[int, int] = {}  # path step (1-based) -> report step (1-based)
    for i, t in enumerate(transitions):
        # A step index the analysed report does not have (a path handed over by another search)
        # is no step of this report: neither the table nor the best path claims it.
        if 0 <= t.reached_step < count and t.reached_step not in matched:
            matched[t.reached_step] = {"path_step": i + 1, "screen": t.before.activity}
            first_reached[i + 1] = t.reached_step + 1
    # Widgets the probes acted on (their descriptions quote the label) and the best path's screens.
    seen: set[str] = set()
    for p in probe_log:
        described = str(p.get("action", ""))
        seen.update(_QUOTED.findall(described) or ([described] if described else []))
    for t in transitions:
        seen |= _screen_labels(t.before.hierarchy_xml) | _screen_labels(t.after.hierarchy_xml)
    steps: list[dict[str, Any]] = []
    for index, step in enumerate(spec.steps if spec else []):
        entry: dict[str, Any] = {"step": index + 1, "text": step.text}
        # A later step matched means this one was done too (the evaluator counts in order).
        done = max(matched, default=-1) >= index
        if index in matched:
            entry.update(matched=True, **matched[index])
        elif done:
            entry.update(matched=True, path_step=None, screen="")
        else:
            phrase = " ".join(step.targets) or step.text
            # Even dissimilar ones are shown: "nothing like it" points at the app or the build.
            ranked = sorted(
                ((similarity(label, phrase), label) for label in seen),
                key=lambda sl: (-sl[0], sl[1]),
            )
            entry.update(
                matched=False,
                closest=[
                    {"widget": label, "similarity": round(score, 2)}
                    for score, label in ranked[:CLOSEST_WIDGETS]
                ],
            )
        steps.append(entry)
    screens: Counter[tuple[str, str]] = Counter(
        (str(p.get("screen", "")), str(p.get("screen_hash", ""))) for p in probe_log
    )
    return {
        "stopped": stop_reason,
        "budget": budget_of(stop_reason),
        "steps_done": sum(1 for s in steps if s.get("matched")),
        "steps": steps,
        "probed_screens": [
            {"screen": screen or "(unknown)", "hash": digest, "probes": int(n)}
            for (screen, digest), n in screens.most_common(TOP_SCREENS)
        ],
        "best_path": [
            {
                "step": i + 1,
                "action": t.action.describe(),
                "screen": t.before.activity,
                # The report step this action first reached, as the table says ("by action N").
                "reached_step": first_reached.get(i + 1),
            }
            for i, t in enumerate(transitions)
        ],
    }
