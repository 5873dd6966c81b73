"""The locator cascade: find a recorded target on a live screen, and say how sure that is.

Levels, most to least trusted ("Reuse, Rewrite, or Reject", IPADS 2026; the same order as
Appium/Espresso test repair tools use): ``id`` (same resource-id, same class, same label),
``text`` (same text, content-desc or row label: the control kept its words but lost or changed
its id), ``similar`` (a control whose id and words share a distinctive word with the recorded
ones: "Add reminder" #reminder_layout → "Set reminder" #menu_reminder), ``structure`` (same class
under the same chain of ancestors), ``position`` (same class at the recorded point; only for
widgets that had no words, since a labelled control at the old point with other words is another
control). A match at the most trusted level the recording allows (``id`` for a widget
that had one, ``text`` for one that had only words) with nothing changed is a plain *reuse*;
any other match is a *rewrite* whose ``changes`` say what moved or was renamed. Only the top
window (the one that receives touches) is searched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from device_agent.actions import Bounds
from device_agent.hierarchy import Hierarchy, ViewNode
from orchestrator.text import normalize_label
from orchestrator.traces.build import ancestor_path
from orchestrator.traces.template import Locators

ID, TEXT, SIMILAR, STRUCTURE, POSITION = "id", "text", "similar", "structure", "position"
LEVELS = (ID, TEXT, SIMILAR, STRUCTURE, POSITION)
# Words that say nothing about which control it is (widget kinds, verbs every app uses).
_GENERIC_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "to",
        "of",
        "for",
        "and",
        "or",
        "in",
        "on",
        "at",
        "by",
        "with",
        "new",
        "add",
        "set",
        "edit",
        "open",
        "show",
        "view",
        "menu",
        "item",
        "button",
        "btn",
        "layout",
        "container",
        "text",
        "title",
        "label",
        "icon",
        "image",
        "action",
        "id",
        "list",
        "row",
        "fab",
        "main",
        "more",
        "option",
        "options",
        "toolbar",
        "bar",
        "tab",
    ]
)


@dataclass
class Match:
    """A live node for a recorded target: ``level`` (one of :data:`LEVELS`) and ``changes``,
    one phrase per locator that differs (``'id add_note → new_note'``)."""

    node: ViewNode
    level: str
    changes: list[str] = field(default_factory=list)
    primary: str = ID

    @property
    def exact(self) -> bool:
        """True for a match a replay may reuse as recorded: found by the most trusted locator
        the recording has (:func:`primary_level`), nothing changed."""
        return self.level == self.primary and not self.changes


def primary_level(loc: Locators) -> str:
    """The most trusted level a target's recorded locators allow: ``id`` when it has a
    resource-id, else ``text`` when it has words, else ``structure`` (an unlabelled icon)."""
    if loc.resource_id:
        return ID
    if loc.text or loc.content_desc or loc.label:
        return TEXT
    return STRUCTURE if loc.ancestors else POSITION


def _short(resource_id: str) -> str:
    return resource_id.rsplit("/", 1)[-1]


def _same_words(a: str, b: str) -> bool:
    return bool(a) and normalize_label(a) == normalize_label(b)


def _nearest(nodes: list[ViewNode], bounds: list[int]) -> ViewNode:
    if len(nodes) == 1 or len(bounds) != 4:
        return nodes[0]
    cx, cy = Bounds.from_list(bounds).center
    return min(nodes, key=lambda n: (n.bounds.center[0] - cx) ** 2 + (n.bounds.center[1] - cy) ** 2)


def _changes(loc: Locators, node: ViewNode) -> list[str]:
    out: list[str] = []
    if loc.resource_id != node.resource_id:
        before, after = _short(loc.resource_id) or "(none)", _short(node.resource_id) or "(none)"
        out.append(f"id {before} → {after}")
    if loc.text and not node.is_editable and not _same_words(loc.text, node.text):
        out.append(f'text "{loc.text}" → "{node.text}"')
    if loc.content_desc and not _same_words(loc.content_desc, node.content_desc):
        out.append(f'description "{loc.content_desc}" → "{node.content_desc}"')
    if loc.class_name and loc.class_name != node.cls:
        out.append(f"class {loc.class_name.rsplit('.', 1)[-1]} → {node.short_class}")
    if len(loc.bounds) == 4 and node.bounds.to_list() != loc.bounds:
        was = Bounds.from_list(loc.bounds).center
        if was != node.bounds.center:
            out.append(f"moved {was} → {node.bounds.center}")
    return out


def _labelled(loc: Locators, node: ViewNode) -> bool:
    """The node carries the recorded words (text for labelled widgets, else the description)."""
    if loc.text and not node.is_editable:
        return _same_words(loc.text, node.text)
    if loc.content_desc:
        return _same_words(loc.content_desc, node.content_desc)
    return True


def locate(loc: Locators, hierarchy: Hierarchy) -> Match | None:
    """The live node ``loc`` means, with the cascade level that found it, or None when nothing
    credible is on screen (see the module docstring). Never raises."""
    match = _cascade(loc, hierarchy)
    if match is not None:
        match.primary = primary_level(loc)
    return match


def _cascade(loc: Locators, hierarchy: Hierarchy) -> Match | None:
    top = hierarchy.top_window()
    if top is None:
        return None
    nodes = [n for n in top.iter() if n.bounds.area > 0]

    def same_class(n: ViewNode) -> bool:
        return not loc.class_name or n.cls == loc.class_name

    # 1. id: the same resource-id and class; the same words when several share the id (rows of
    # a list). A unique node with the id but other words is the same control renamed.
    if loc.resource_id:
        with_id = [n for n in nodes if n.resource_id == loc.resource_id and same_class(n)]
        exact = [n for n in with_id if _labelled(loc, n)]
        if exact:
            node = _nearest(exact, loc.bounds)
            return Match(node, ID, _changes(loc, node))
        if len(with_id) == 1 and not _words_elsewhere(loc, nodes):
            return Match(with_id[0], ID, _changes(loc, with_id[0]))
    # 2. text / description / row label: the words stayed, the id did not.
    if loc.text or loc.content_desc or loc.label:
        worded = [
            n
            for n in nodes
            if (loc.text and not n.is_editable and _same_words(loc.text, n.text))
            or (loc.content_desc and _same_words(loc.content_desc, n.content_desc))
            or (
                not loc.text
                and not loc.content_desc
                and (n.clickable or n.long_clickable)
                and _same_words(loc.label, n.label())
            )
        ]
        actionable = [n for n in worded if n.clickable or n.long_clickable] or worded
        typed = [n for n in actionable if same_class(n)] or actionable
        if typed:
            node = _nearest(typed, loc.bounds)
            return Match(node, TEXT, _changes(loc, node))
    # 2b. similar words: a distinctive word of the recorded id and label in the candidate's.
    similar = _similar(loc, nodes)
    if similar is not None:
        return Match(similar, SIMILAR, _changes(loc, similar))
    # 3. structure: same class under the same ancestors (ids included), one such node.
    if loc.ancestors:
        shaped = [n for n in nodes if same_class(n) and ancestor_path(n) == loc.ancestors]
        if len(shaped) == 1:
            return Match(shaped[0], STRUCTURE, _changes(loc, shaped[0]))
    # 4. position: the same class at the recorded point (the deepest such node), for a widget
    # that had no words, or one that still has the recorded words.
    if len(loc.bounds) == 4 and loc.class_name:
        x, y = Bounds.from_list(loc.bounds).center
        at = [
            n
            for n in nodes
            if n.cls == loc.class_name
            and n.bounds.contains(x, y)
            and (not loc.label or _same_words(loc.label, n.label()))
        ]
        if at:
            node = max(at, key=lambda n: n.depth)
            return Match(node, POSITION, _changes(loc, node) or ["found at the recorded point"])
    return None


def _words(*texts: str) -> set[str]:
    """Distinctive lower-case words of ids and labels (``menu_reminder`` → ``{"reminder"}``)."""
    out: set[str] = set()
    for text in texts:
        for word in re.split(r"[^a-z0-9]+", text.rsplit("/", 1)[-1].lower()):
            if len(word) > 2 and word not in _GENERIC_WORDS and not word.isdigit():
                out.add(word)
    return out


def _similar(loc: Locators, nodes: list[ViewNode]) -> ViewNode | None:
    """The one actionable node whose visible words share a distinctive word with the recorded
    label (what a person would re-ground by), ids sharing words breaking ties; None when no node
    or several equally good ones qualify."""
    seen = _words(loc.label, loc.text, loc.content_desc)
    if not seen:
        return None
    named = _words(loc.resource_id)
    scored: list[tuple[int, int, ViewNode]] = []
    for node in nodes:
        if not (node.clickable or node.long_clickable) or node.is_editable != _is_field(loc):
            continue
        shown = seen & _words(node.label())
        if shown:
            scored.append((len(shown), len(named & _words(node.resource_id)), node))
    if not scored:
        return None
    best = max((a, b) for a, b, _ in scored)
    top = [node for a, b, node in scored if (a, b) == best]
    return top[0] if len(top) == 1 else None


def _is_field(loc: Locators) -> bool:
    return "EditText" in loc.class_name


def _words_elsewhere(loc: Locators, nodes: list[ViewNode]) -> bool:
    """The recorded words are on another node of the screen (so a same-id node with other words
    is a different row, not the control renamed)."""
    return any(
        (loc.text and _same_words(loc.text, n.text))
        or (loc.content_desc and _same_words(loc.content_desc, n.content_desc))
        for n in nodes
    )
