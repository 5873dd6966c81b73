"""Widgets a report places by where they are relative to another ("click the content below the
search box", "tap the icon next to the title").

A report that places its target relative to an anchor names the anchor, not the target: "the
content below the search box" is whatever the app shows under the search field (its first result),
not a widget labelled "Content". So a relational step is done by the nearest pressable widget on
the named side of a widget matching the anchor, and, on a screen where no widget matches the
anchor, not by a widget that only shares the target's words.

Relations read: ``below``/``beneath``/``underneath``, ``above``, ``next to``/``beside``,
``right of``/``left of``. "under X" is left out: reports mostly mean a section or a menu by it
("under Display, tap Theme"), not a place on the screen.
"""

from __future__ import annotations

import re

from device_agent.actions import CLICK, LONG_CLICK, Action
from device_agent.hierarchy import (
    SYSTEM_UI_PACKAGES,
    Hierarchy,
    ViewNode,
    find_node,
    is_input_method_package,
)
from orchestrator.model import S2RStep
from orchestrator.reasoner.rules import fired, on
from orchestrator.text import similarity, split_identifier, words

_RELATION_RE = re.compile(
    r"\b(?P<rel>below|beneath|underneath|above|next to|beside|(?:to the )?(?:right|left) of)\s+"
    r"(?:the |a |an |your |this |that )?(?P<anchor>[^\W\d_][\w' -]{0,60}?)"
    r"(?=\s*(?:[,.;:!?()]|\band\b|\bthen\b|\bto\b|\bwhich\b|\bthat\b|$))",
    re.IGNORECASE,
)
# "the top right of", "on the left of": the words before right/left of that place a target
# inside the named thing (a corner, a side), not beside it.
_INSIDE_RE = re.compile(r"\b(?:the|top|bottom|upper|lower|far)\s*$", re.IGNORECASE)
# Anchors that are the device's or the whole screen, never a widget the app shows.
_SCREEN_WORDS = frozenset({"screen", "display", "keyboard", "window", "phone", "device", "app"})
# Words that make an anchor a text field ("the search box", "the name field").
_FIELD_WORDS = frozenset({"box", "field", "bar", "input", "textbox", "textfield"})
# How well the widget a relation picks does the step (as a position word's item does).
RELATIVE_SCORE = 0.75
# The most a widget matched by the step's words alone scores on a screen without the anchor.
AWAY_CAP = 0.45
# The anchor is on screen from this similarity on.
_ANCHOR_MATCH = 0.8


def relation(step: S2RStep) -> tuple[str, str]:
    """``(side, anchor)`` of a step that places its target relative to another widget:
    ``side`` is ``"below"``, ``"above"``, ``"right"``, ``"left"`` or ``"beside"``, ``anchor``
    the other widget's words ("search box"); ``("", "")`` when the step places nothing."""
    if step.action_hint not in (CLICK, LONG_CLICK, ""):
        return "", ""
    text = " ".join(step.text.split())  # (one space a run: the anchor's end is then linear)
    m = _RELATION_RE.search(text)
    if not m:
        return "", ""
    rel = m.group("rel").lower()
    anchor = m.group("anchor").strip()
    if _INSIDE_RE.search(text[: m.start()]) and not rel.startswith("to "):
        return "", ""  # "at the top right of the toolbar": a place inside it, not beside it
    if {w.lower() for w in words(anchor)} & _SCREEN_WORDS:
        return "", ""  # "above the keyboard": no widget of the app is the anchor
    side = (
        "below"
        if rel in ("below", "beneath", "underneath")
        else "above"
        if rel == "above"
        else "right"
        if "right" in rel
        else "left"
        if "left" in rel
        else "beside"
    )
    return side, anchor


def _app_nodes(tree: Hierarchy) -> list[ViewNode]:
    """The nodes of the app's windows (and dialogs over it): not the status bar, not the
    keyboard."""
    return [
        node
        for window in tree.windows
        if window.package not in SYSTEM_UI_PACKAGES and not is_input_method_package(window.package)
        for node in window.iter()
    ]


def _field_words(node: ViewNode) -> str:
    return " ".join([node.text, node.hint, node.content_desc, *split_identifier(node.resource_id)])


def anchor_nodes(tree: Hierarchy, anchor: str) -> list[ViewNode]:
    """Nodes of ``tree`` (a :class:`~device_agent.hierarchy.Hierarchy`) the ``anchor`` words
    name: for a field anchor ("search box") a text field whose hint, text or id has the anchor's
    other words; otherwise a labelled node at :data:`_ANCHOR_MATCH` similarity."""
    anchor_words = {w.lower() for w in words(anchor)}
    wants_field = bool(anchor_words & _FIELD_WORDS)
    rest = " ".join(w for w in words(anchor) if w.lower() not in _FIELD_WORDS)
    found = []
    for node in _app_nodes(tree):
        if node.bounds.area <= 0:
            continue
        if wants_field:
            if node.is_editable and (not rest or similarity(rest, _field_words(node)) > 0):
                found.append(node)
        elif node.label() and similarity(node.label(), anchor) >= _ANCHOR_MATCH:
            found.append(node)
    return found


def _placed(node: ViewNode, anchor: ViewNode, side: str) -> float | None:
    """How far ``node`` lies on ``side`` of ``anchor`` (pixels; ``None``: not on that side)."""
    a, b = anchor.bounds, node.bounds
    overlaps_x = b.left < a.right and a.left < b.right
    overlaps_y = b.top < a.bottom and a.top < b.bottom
    if side == "below" and overlaps_x and b.top >= a.bottom - 2:
        return float(b.top - a.bottom)
    if side == "above" and overlaps_x and b.bottom <= a.top + 2:
        return float(a.top - b.bottom)
    if side in ("right", "beside") and overlaps_y and b.left >= a.right - 2:
        return float(b.left - a.right)
    if side in ("left", "beside") and overlaps_y and b.right <= a.left + 2:
        return float(a.left - b.right)
    return None


def _pressable(node: ViewNode) -> bool:
    return (node.clickable or node.long_clickable) and node.bounds.area > 0


def relative_match(step: S2RStep, action: Action, tree: Hierarchy | None) -> float:
    """:data:`RELATIVE_SCORE` when ``step`` places its target relative to an anchor
    (:func:`relation`) and ``action`` presses the nearest pressable widget on that side of a
    widget of ``tree`` matching the anchor (nearest by the gap, then reading order); else 0.0."""
    side, anchor = relation(step)
    if not side or tree is None or action.target is None:
        return 0.0
    if action.kind not in (CLICK, LONG_CLICK):
        return 0.0
    node = find_node(tree, action.target)
    if node is None:
        return 0.0
    pressable = [n for n in _app_nodes(tree) if _pressable(n)]
    for a in anchor_nodes(tree, anchor):
        inside = {id(n) for n in a.iter()}
        ranked = sorted(
            (gap, n.bounds.top, n.bounds.left, i)
            for i, n in enumerate(pressable)
            if id(n) not in inside
            and not any(id(x) in inside for x in _ancestors(n))
            and (gap := _placed(n, a, side)) is not None
        )
        if ranked and pressable[ranked[0][3]] is node:
            return RELATIVE_SCORE
    return 0.0


def _ancestors(node: ViewNode) -> list[ViewNode]:
    out = []
    up = node.parent
    while up is not None:
        out.append(up)
        up = up.parent
    return out


def placed_away(step: S2RStep, tree: Hierarchy | None) -> bool:
    """True when ``step`` places its target relative to an anchor and no widget of ``tree``
    matches the anchor: the step's target is not on this screen, whatever shares its words."""
    side, anchor = relation(step)
    return bool(side) and (tree is None or not anchor_nodes(tree, anchor))


def relative_score(step: S2RStep, action: Action, tree: Hierarchy | None, score: float) -> float:
    """``score`` (a step match of ``action``, 0-1) corrected for a relational step: at least
    :func:`relative_match`'s, and at most :data:`AWAY_CAP` where the anchor is not on screen."""
    if not relation(step)[0] or not on("relative"):
        return score
    if placed_away(step, tree):
        corrected = min(score, AWAY_CAP)
    else:
        corrected = max(score, relative_match(step, action, tree))
    if corrected != score:
        fired("relative")
    return corrected
