"""Checks of a non-crash bug's final screen that a script without reprofarm can repeat.

A confirmed non-crash reproduction rests on the verifier's evidence: a sentence that names what
it saw on the final screen, quoting the texts it relied on ("'Groceries' is still shown after the
step that deletes it", "'Dark theme' is checked; the report expects it unchecked"). This module
turns that evidence, together with the recorded final screen and the screens before it, into
checks on a fresh ``uiautomator dump`` of the final screen, so that ``repro.sh`` exits 0 only
when the same evidence holds on the developer's device:

- ``shown``: a quoted text the recorded final screen shows (as a widget's ``text`` or
  ``content-desc``, ``match`` ``exact``, or inside an editable field's text, ``match``
  ``contains``: an expression typed into a calculator's field);
- ``absent``: a quoted text an earlier screen of the trace showed and the final screen does not
  ("'note' was on screen before ... and is gone after it");
- ``checked``: the check state of the checkable widget a quoted label names;
- ``app_left``: the final screen is not the app's (the app closed or fell to the home screen).

Quoted strings that no screen of the trace showed (an action's own description) make no check.
"""

from __future__ import annotations

import re
from typing import Any

from device_agent.errors import HierarchyError
from device_agent.hierarchy import Hierarchy, ViewNode, parse_hierarchy

_QUOTED_RE = re.compile(r"'([^']{1,120})'|\"([^\"]{1,120})\"")


def evidence_text(result_evidence: Any) -> str:
    """The evidence sentence of a result: ``result.json``'s ``evidence`` is a string, or a dict
    with a ``text`` or ``summary`` (forms later versions may write); anything else is ``""``."""
    if isinstance(result_evidence, str):
        return result_evidence
    if isinstance(result_evidence, dict):
        for key in ("text", "summary", "evidence"):
            if isinstance(result_evidence.get(key), str):
                return str(result_evidence[key])
    return ""


def _parse(xml: str) -> Hierarchy | None:
    try:
        return parse_hierarchy(xml) if xml else None
    except HierarchyError:
        return None


def _nodes(tree: Hierarchy | None) -> list[ViewNode]:
    return list(tree.iter()) if tree is not None else []


def _checkbox_for(node: ViewNode) -> ViewNode | None:
    """The checkable widget a label names: itself, or a checkable sibling (a preference row)."""
    if node.checkable:
        return node
    parent = node.parent
    for _ in range(2):  # the label's row, then the row's parent (title/summary in a sub-layout)
        if parent is None:
            return None
        boxes = [n for n in parent.iter() if n.checkable]
        if len(boxes) == 1:
            return boxes[0]
        parent = parent.parent
    return None


def final_screen_checks(
    evidence: str, final_xml: str, earlier_xmls: list[str], package: str
) -> list[dict[str, Any]]:
    """Checks (dicts with ``kind`` and, per kind, ``text``, ``match``, ``checked``,
    ``resource_id``) that hold on ``final_xml`` and express ``evidence`` (see the module
    docstring). ``earlier_xmls`` are the trace's earlier screens (for ``absent``); ``package`` is
    the app under test. Returns ``[]`` when the evidence names nothing checkable."""
    final = _parse(final_xml)
    if final is None:
        return []
    nodes = _nodes(final)
    checks: list[dict[str, Any]] = []
    if package and nodes and not any(n.package == package for n in nodes):
        checks.append({"kind": "app_left"})
    earlier = [n for xml in earlier_xmls for n in _nodes(_parse(xml))]
    seen: set[str] = set()
    for m in _QUOTED_RE.finditer(evidence):
        text = m.group(1) or m.group(2) or ""
        if not text.strip() or text in seen:
            continue
        seen.add(text)
        exact = [n for n in nodes if text in (n.text, n.content_desc)]
        if exact:
            checks.append({"kind": "shown", "text": text, "match": "exact"})
            box = _checkbox_for(exact[0])
            if box is not None and "checked" in evidence.lower():
                checks.append(
                    {
                        "kind": "checked",
                        "text": text,
                        "resource_id": box.resource_id,
                        "checked": bool(box.checked),
                    }
                )
        elif any(text in n.text for n in nodes if n.is_editable):
            checks.append({"kind": "shown", "text": text, "match": "contains"})
        elif any(text in (n.text, n.content_desc) for n in earlier):
            checks.append({"kind": "absent", "text": text})
    return checks
