"""Enumerate every executable action on a screen (LTGDroid's Path Explorer, first half).

LTGDroid (arXiv 2603.29623) builds candidates from the view hierarchy in six categories: Click
(clickable widgets), LongClick (long-clickable widgets), InputText (editable fields), Swipe,
Rotate, and the global presses Back/Enter/Delete/Home; the global presses, four swipes and the
rotations are offered on every screen. Only the top window (the one receiving touches,
:meth:`Hierarchy.top_window`) is enumerated.

Decision on rotations: LTGDroid offers both "rotate to portrait" and "rotate to landscape" on
every screen. Rotating to the orientation the device already has changes no configuration on
Android (no activity re-creation), so it can only waste a probe; we offer the one rotation that
changes the orientation (``both_rotations=True`` restores LTGDroid's pair).

Each widget action carries, in ``Action.extra`` (not part of its identity or JSON), what the
reasoner needs to rank it without re-parsing: ``label`` (the text a person would use),
``context`` (the label of the row or container it sits in), ``resource_id``, ``class``,
``hint``, ``naf`` and ``checkable``/``checked``.
"""

from __future__ import annotations

import re

from device_agent.actions import (
    CLICK,
    INPUT_TEXT,
    LEAVE_AND_RETURN,
    LONG_CLICK,
    ORIENTATIONS,
    PRESS_BACK,
    PRESS_DELETE,
    PRESS_ENTER,
    PRESS_HOME,
    RESTART_APP,
    ROTATE,
    SWIPE,
    SWIPE_DIRECTIONS,
    Action,
    Bounds,
)
from device_agent.hierarchy import SYSTEM_UI_PACKAGES, Hierarchy, ViewNode, find_node
from orchestrator.model import ReproSpec
from orchestrator.text import split_identifier

GLOBAL_PRESSES = (PRESS_BACK, PRESS_ENTER, PRESS_DELETE, PRESS_HOME)
_GLOBAL_LABELS = {
    PRESS_BACK: "press Back",
    PRESS_ENTER: "press Enter",
    PRESS_DELETE: "press Delete",
    PRESS_HOME: "press Home",
    RESTART_APP: "restart the app",
    LEAVE_AND_RETURN: "leave the app and come back",
}


# The report speaks of stopping and opening the app again ("after restarting the app", "kill the
# app and reopen it"): the one case where the restart is worth a probe per screen.
_RESTART_WORDS_RE = re.compile(
    r"\b(?:re-?start\w*|re-?launch\w*|re-?open\w*|re-?boot\w*|force[- ]?(?:stop|clos)\w*|"
    r"(?:kill\w*|clos\w*|quit\w*|exit\w*)\s+(?:the\s+|this\s+)?(?:app|application)\b|"
    # "closed it and ran it again", "after leaving and coming back"
    r"(?:clos|exit|quit|leav|left)\w*\s+(?:\w+\s+)?(?:and|&|then)\s+"
    r"(?:re-?open|open|run|ran|start|launch|come|came|coming|return)\w*|"
    r"(?:come|came|coming|go|went|return\w*)\s+back\s+to\s+(?:the\s+)?(?:app|application)\b)",
    re.IGNORECASE,
)


def asks_restart(spec: ReproSpec) -> bool:
    """Whether to offer the restart of the app (``restart`` of :func:`enumerate_actions`): a
    step asks for it, or the symptom speaks of restarting ("the setting is lost after a
    restart")."""
    return any(s.action_hint == RESTART_APP for s in spec.steps) or bool(
        _RESTART_WORDS_RE.search(spec.symptom)
    )


# The report speaks of leaving the app for a while and coming back to it ("switch to another app
# and back", "put it in the background", "press Home and reopen it"): the one case where leaving
# and returning is worth a probe per screen. "The home screen" alone is left out: it is as often
# the app's own first screen (or the app, a launcher).
_LEAVE_WORDS_RE = re.compile(
    r"\b(?:background\w*|minimi[sz]\w*|multitask\w*|recent apps|recents|app switcher|"
    r"home (?:button|key)|press\w* home|"
    r"switch\w* (?:to|between) (?:another|other|a different|a second|some other) apps?|"
    r"switch\w* apps|(?:leav\w*|left|exit\w*) (?:the )?(?:app|application)|"
    r"(?:come|came|coming|go|went|going|get|got|getting|switch\w*|return\w*) back "
    r"(?:to|in|into) (?:the )?(?:app|application))\b",
    re.IGNORECASE,
)


def asks_leave(spec: ReproSpec) -> bool:
    """Whether to offer leaving the app and coming back (``leave`` of
    :func:`enumerate_actions`): a step asks for it, or the report's steps or symptom speak of
    leaving the app, its background or the home screen."""
    return any(s.action_hint == LEAVE_AND_RETURN for s in spec.steps) or bool(
        _LEAVE_WORDS_RE.search(" ".join([spec.symptom, *(s.text for s in spec.steps)]))
    )


def orientation_of(hierarchy: Hierarchy) -> str:
    """``portrait`` for dump rotation 0/2, ``landscape`` for 1/3 (a phone's natural portrait)."""
    return "landscape" if hierarchy.rotation % 2 == 1 else "portrait"


def enumerate_actions(
    hierarchy: Hierarchy,
    *,
    include_global: bool = True,
    orientation: str = "",
    both_rotations: bool = False,
    restart: bool = False,
    leave: bool = False,
) -> list[Action]:
    """All candidate actions on the screen, widget actions first (in the dump's pre-order), then
    the global ones (four swipes, the rotation, Back, Enter, Delete, Home).

    Widgets: nodes of the top window that are enabled, have a non-empty area inside the window,
    and are not system UI. A clickable node gives ``click``, a long-clickable one ``long_click``,
    an editable one ``input_text`` (with empty ``text``: the reasoner fills it in) besides its
    ``click``. NAF ("not accessibility friendly") nodes are kept. The same selector twice, or two
    nested nodes doing the same action on the same rectangle with the same label, yield one
    candidate. ``orientation`` (``portrait``/``landscape``) defaults to the dump's rotation.
    ``restart`` adds the restart of the app (:data:`~device_agent.actions.RESTART_APP`) to the
    global ones: not one of LTGDroid's categories, so offered only where the report asks for it;
    ``leave`` likewise adds leaving the app and coming back
    (:data:`~device_agent.actions.LEAVE_AND_RETURN`).
    """
    actions: list[Action] = []
    seen_keys: set[str] = set()
    seen_rects: dict[tuple[str, Bounds, str], int] = {}
    top = hierarchy.top_window()
    if top is not None:
        window_bounds = top.bounds
        for node in top.iter():
            if not _actionable(node, window_bounds):
                continue
            extra = _node_extra(node)
            kinds = []
            if node.clickable:
                kinds.append(CLICK)
            if node.long_clickable:
                kinds.append(LONG_CLICK)
            if node.is_editable:
                kinds.append(INPUT_TEXT)
            for kind in kinds:
                action = Action(kind=kind, target=node.selector(), extra=dict(extra))
                key = action.key()
                if key in seen_keys:
                    continue
                rect_key = (kind, node.bounds, str(extra["label"]))
                if rect_key in seen_rects:
                    # Nested wrapper and widget on the same rectangle: keep the better-named one.
                    index = seen_rects[rect_key]
                    if _identity_score(node) > _identity_score_of(actions[index]):
                        actions[index] = action
                    seen_keys.add(key)
                    continue
                seen_keys.add(key)
                seen_rects[rect_key] = len(actions)
                actions.append(action)
    if include_global:
        actions += global_actions(
            orientation or orientation_of(hierarchy),
            both_rotations=both_rotations,
            restart=restart,
            leave=leave,
        )
    return actions


# Look-alike widgets kept per family when a screen is first expanded (see cap_lookalikes).
LOOKALIKES_KEPT = 2


def lookalike_family(action: Action) -> tuple[object, ...] | None:
    """What tells ``action`` apart for a person: its kind, the widget's class, resource id,
    label, row label and checked state. Widgets equal in all of them (the cells of a grid of
    toggles, identical rows) form one family; ``None`` for a global action."""
    if action.target is None:
        return None
    extra = action.extra or {}
    return (
        action.kind,
        action.target.class_name,
        action.target.resource_id,
        str(extra.get("label", "")),
        str(extra.get("context", "")),
        bool(extra.get("checked", False)),
    )


def cap_lookalikes(actions: list[Action], kept: int = LOOKALIKES_KEPT) -> list[Action]:
    """``actions`` with at most ``kept`` members of each look-alike family
    (:func:`lookalike_family`) plus its last one (a report's "the last one"), order kept.

    A screen of many widgets nobody can tell apart (a grid of cells sharing one id and no
    label) would otherwise fill every branch of the search with the same action on another
    cell, level after level (issue 28 §1: coverage before repetition). The members left out
    stay reachable: the search's frontier revisits a state with all of its untried actions."""
    members: dict[tuple[object, ...], list[int]] = {}
    for i, action in enumerate(actions):
        family = lookalike_family(action)
        if family is not None:
            members.setdefault(family, []).append(i)
    dropped = {i for idx in members.values() for i in idx[kept:-1]}
    return [a for i, a in enumerate(actions) if i not in dropped]


def global_actions(
    orientation: str = "portrait",
    *,
    both_rotations: bool = False,
    restart: bool = False,
    leave: bool = False,
) -> list[Action]:
    """The screen-independent candidates: swipes up/down/left/right, the rotation(s), Back,
    Enter, Delete, Home, with ``restart`` the restart of the app and with ``leave`` leaving the
    app and coming back."""
    out = [Action(kind=SWIPE, direction=d, extra={"label": f"swipe {d}"}) for d in SWIPE_DIRECTIONS]
    for target in ORIENTATIONS:
        if both_rotations or target != orientation:
            out.append(
                Action(kind=ROTATE, orientation=target, extra={"label": f"rotate to {target}"})
            )
    out += [Action(kind=k, extra={"label": _GLOBAL_LABELS[k]}) for k in GLOBAL_PRESSES]
    if restart:
        out.append(Action(kind=RESTART_APP, extra={"label": _GLOBAL_LABELS[RESTART_APP]}))
    if leave:
        out.append(Action(kind=LEAVE_AND_RETURN, extra={"label": _GLOBAL_LABELS[LEAVE_AND_RETURN]}))
    return out


def _actionable(node: ViewNode, window: Bounds) -> bool:
    if not node.enabled or node.package in SYSTEM_UI_PACKAGES:
        return False
    if not (node.clickable or node.long_clickable or node.is_editable):
        return False
    b = node.bounds
    if b.area == 0:
        return False
    if window.area > 0:
        overlap = Bounds(
            max(b.left, window.left),
            max(b.top, window.top),
            min(b.right, window.right),
            min(b.bottom, window.bottom),
        )
        if overlap.area == 0:
            return False
    return True


def _own_label(node: ViewNode) -> str:
    return node.text.strip() or node.content_desc.strip()


def node_label(node: ViewNode) -> str:
    """The text a person would call the widget.

    A text field is named by its hint, content-desc or resource-id (its text is what was typed);
    any other widget by its own text or content-desc, else the first label among descendants
    that are not themselves clickable (a list row is named by its text, not by the checkbox
    inside it), else the first labelled descendant, else its hint, else the words of its
    resource-id (``dir up``), else ``""``.
    """
    if node.is_editable:
        named = node.hint.strip() or node.content_desc.strip()
        if named:
            return named
        if node.resource_id:
            return " ".join(split_identifier(node.resource_id))
        return node.text.strip()
    own = _own_label(node)
    if own:
        return own
    fallback = ""
    for child in node.iter():
        if child is node:
            continue
        text = _own_label(child)
        if not text:
            continue
        if not child.clickable:
            return text
        fallback = fallback or text
    if fallback:
        return fallback
    if node.hint.strip():
        return node.hint.strip()
    if node.resource_id:
        return id_label(node.resource_id)
    return ""


# Words of a resource id that name the widget's kind, not what it does ("shutterButton",
# "btn_new_folder", "settings_icon"): a person calls such a widget by its other words.
_WIDGET_KIND_WORDS = frozenset({"button", "btn", "icon"})


def id_label(resource_id: str) -> str:
    """What a person calls a widget labelled only by its resource id: the id's words without
    those naming the widget's kind (``"…:id/shutterButton"`` → ``"shutter"``,
    ``"btnNewFolder"`` → ``"new folder"``), all of them when nothing else is left
    (``"…:id/icon"`` → ``"icon"``). A kind word would count against every match of the label
    with a report, which names the thing (a photo is taken by the shutter), never its class."""
    parts = split_identifier(resource_id)
    named = [p for p in parts if p not in _WIDGET_KIND_WORDS]
    return " ".join(named if any(p.isalpha() for p in named) else parts)


def context_label(node: ViewNode) -> str:
    """The label of the row an unlabelled widget (or any field) sits in: the nearest ancestor (up
    to 3 levels) with its own label, or a labelled widget of that ancestor on the same row, or
    else the title directly above the widget in that ancestor (:func:`title_above`). Names e.g.
    the menu button of the ``.dart_tool`` row, "Latitude" for a bare number field beside it or
    under it. Empty for big overlays, which sit in no row."""
    top, bottom = node.bounds.top, node.bounds.bottom
    parent = node.parent
    for _ in range(3):
        if parent is None:
            break
        if parent.bounds.area and node.bounds.area * 2 > parent.bounds.area:
            parent = parent.parent
            continue
        label = _own_label(parent)
        if not label:
            for other in parent.iter():
                if other is node or not _own_label(other):
                    continue
                if other.bounds.bottom > top and other.bounds.top < bottom:  # same row
                    label = _own_label(other)
                    break
        label = label or title_above(node, parent)
        if label:
            return label
        parent = parent.parent
    return ""


def title_above(node: ViewNode, container: ViewNode) -> str:
    """The title a form puts over a widget (a "Latitude" caption over its number field): the
    label of the nearest widget of ``container`` that ends above ``node``, overlaps it
    horizontally, is no closer than one ``node`` height away, and is neither pressable nor
    editable (a button or another field above names itself, not this widget). ``""`` if none."""
    b = node.bounds
    best, best_bottom = "", -1
    for other in container.iter():
        if other is node or other.clickable or other.is_editable:
            continue
        o = other.bounds
        if o.bottom > b.top or b.top - o.bottom > b.bottom - b.top:
            continue
        if o.right <= b.left or o.left >= b.right or o.bottom <= best_bottom:
            continue
        label = _own_label(other)
        if label:
            best, best_bottom = label, o.bottom
    return best


def _node_extra(node: ViewNode) -> dict[str, object]:
    label = node_label(node)
    return {
        "label": label,
        "context": "" if _own_label(node) and not node.is_editable else context_label(node),
        "text": node.text,
        "resource_id": node.resource_id,
        "class": node.short_class,
        "hint": node.hint,
        "naf": node.naf,
        "checkable": node.checkable,
        "checked": node.checked,
        "editable": node.is_editable,
        "window": node.window,
    }


def _identity_score(node: ViewNode) -> int:
    return 2 * bool(node.resource_id) + bool(_own_label(node))


def _identity_score_of(action: Action) -> int:
    t = action.target
    if t is None:
        return 0
    return 2 * bool(t.resource_id) + bool(t.text.strip() or t.content_desc.strip())


def candidate_label(action: Action, hierarchy: Hierarchy | None = None) -> str:
    """A short label for prompts and matching: the widget's label for widget actions (from the
    enumeration's ``extra`` or by finding the node again), e.g. ``'CUT'``, ``'test2'``; for an
    unlabelled widget ``'unlabelled ImageView in "Alarms"'``; for global actions ``'swipe up'``,
    ``'rotate to landscape'``, ``'press Back'``."""
    label = str(action.extra.get("label", "")) if action.extra else ""
    if action.target is None:
        if label:
            return label
        if action.kind == SWIPE:
            return f"swipe {action.direction}"
        if action.kind == ROTATE:
            return f"rotate to {action.orientation}"
        return _GLOBAL_LABELS.get(action.kind, action.kind)
    if not label and hierarchy is not None:
        node = find_node(hierarchy, action.target)
        if node is not None:
            label = node_label(node)
            if not label:
                context = context_label(node)
                return (
                    f'unlabelled {node.short_class} in "{context}"'
                    if context
                    else f"unlabelled {node.short_class}"
                )
    if not label:
        label = action.target.text or action.target.content_desc
    if not label:
        context = str(action.extra.get("context", "")) if action.extra else ""
        cls = action.target.class_name.rsplit(".", 1)[-1] or "widget"
        return f'unlabelled {cls} in "{context}"' if context else f"unlabelled {cls}"
    return label


def describe_candidate(action: Action, hierarchy: Hierarchy | None = None) -> str:
    """One line for prompts: ``'long_click TextView "test2"'``, ``'input_text into EditText
    "Name"'``, ``'rotate to landscape'``."""
    label = candidate_label(action, hierarchy)
    if action.target is None:
        return label
    cls = action.target.class_name.rsplit(".", 1)[-1] or "widget"
    return f'{action.kind} {cls} "{label}"'
