"""Match actions and transitions to steps to reproduce, and follow a path's progress through them.

The offline reasoner's core, in the spirit of ReCDroid's dynamic matching: a widget action serves a
step when its label matches the step's targets or words (:func:`orchestrator.text.similarity`) and
its kind fits the step's verb; a transition serves it when, in addition, its visible effect fits
(the text typed is the step's value, a window named by the step opened). :func:`align` walks a
path's transitions in order and says which step each one did, which step comes next and how far
the next step has got (a value half typed on a keypad, a "create X named V" waiting for V).

Every function here is deterministic and cheap (parsed screens are cached by their XML).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from device_agent.actions import (
    CLICK,
    INPUT_TEXT,
    LEAVE_AND_RETURN,
    LONG_CLICK,
    PRESS_BACK,
    PRESS_ENTER,
    PRESS_HOME,
    RESTART_APP,
    ROTATE,
    SWIPE,
    Action,
    Bounds,
)
from device_agent.errors import HierarchyError
from device_agent.hierarchy import (
    SYSTEM_UI_PACKAGES,
    Hierarchy,
    ViewNode,
    find_node,
    is_input_method_package,
    parse_hierarchy,
)
from orchestrator.enumerate import candidate_label, context_label, node_label
from orchestrator.model import CRASH, Path, ReproSpec, S2RStep, Screen, Transition
from orchestrator.reasoner.relative import relative_score
from orchestrator.reasoner.rules import applies, rule
from orchestrator.text import (
    BRACKET_PAIRS,
    STOPWORDS,
    SYMBOL_EQUIVALENTS,
    content_words,
    normalize_label,
    similarity,
    similarity_in_context,
    split_identifier,
    stem,
    wordset,
)

# A transition serves a step from this match score on (0-1).
MATCH_THRESHOLD = 0.5
# How far ahead a transition may jump (steps a report lists but the app does not need).
MAX_SKIP = 2
SKIP_PENALTY = 0.12

# How well an action kind does what a step's verb asks: KIND_FIT[hint][action kind].
KIND_FIT: dict[str, dict[str, float]] = {
    CLICK: {CLICK: 1.0, LONG_CLICK: 0.35, INPUT_TEXT: 0.3},
    LONG_CLICK: {LONG_CLICK: 1.0, CLICK: 0.3},
    INPUT_TEXT: {INPUT_TEXT: 1.0, CLICK: 0.45, PRESS_ENTER: 0.2},
    ROTATE: {ROTATE: 1.0},
    PRESS_BACK: {PRESS_BACK: 1.0, CLICK: 0.5},
    PRESS_ENTER: {PRESS_ENTER: 1.0, CLICK: 0.4},
    PRESS_HOME: {PRESS_HOME: 1.0},
    RESTART_APP: {RESTART_APP: 1.0},
    LEAVE_AND_RETURN: {LEAVE_AND_RETURN: 1.0},
    SWIPE: {SWIPE: 1.0, CLICK: 0.2},
    "": {CLICK: 0.8, LONG_CLICK: 0.4, INPUT_TEXT: 0.6},
}
_BACK_TO_WORDS = re.compile(r"\b(?:back|return\w*)\s+to\b", re.IGNORECASE)
_BACK_LABELS = ("navigate up", "back", "up", "zurück", "返回")
_POSITIVE_LABELS = wordset(
    "ok okay yes create save done confirm apply set add allow continue accept got it paste "
    "move finish submit send search go"
)


# Buttons that dismiss a dialog without doing what it asks.
_NEGATIVE_LABELS = frozenset({"cancel", "no", "dismiss", "close", "discard", "not now"})


# --- screens --------------------------------------------------------------------------------------
@dataclass
class ScreenIndex:
    """What the matching needs of one screen: labelled nodes of the app's windows, the top
    window's kind hints, editable fields and numeric texts."""

    labels: list[tuple[str, ViewNode]] = field(
        default_factory=list
    )  # (label, node), top window last
    label_set: frozenset[str] = frozenset()
    top_labels: list[str] = field(default_factory=list)
    editable: list[ViewNode] = field(default_factory=list)
    dialog_open: bool = False
    scrollable: bool = False
    width: int = 0
    height: int = 0
    tree: Hierarchy | None = None

    def shows(self, text: str) -> bool:
        """True when a non-editable widget shows exactly ``text`` (case and punctuation aside)."""
        return normalize_label(text) in self.label_set

    def best_match(self, phrase: str) -> float:
        """The best :func:`similarity` of any visible label to ``phrase``."""
        return max((similarity(label, phrase) for label, _ in self.labels), default=0.0)


@lru_cache(maxsize=1024)
def screen_index(xml: str) -> ScreenIndex:
    """Index a dump (cached by its text). An empty or broken dump gives an empty index."""
    try:
        tree = parse_hierarchy(xml) if xml and xml.strip() else None
    except HierarchyError:
        tree = None
    if tree is None:
        return ScreenIndex()
    labels: list[tuple[str, ViewNode]] = []
    editable: list[ViewNode] = []
    width = height = 0
    for window in tree.windows:
        width = max(width, window.bounds.right)
        height = max(height, window.bounds.bottom)
    app_windows = [
        w
        for w in tree.windows
        if w.package not in SYSTEM_UI_PACKAGES and not is_input_method_package(w.package)
    ]
    for window in app_windows:
        for node in window.iter():
            if node.bounds.area == 0:
                continue
            if node.is_editable:
                editable.append(node)
                continue
            label = (node.text or node.content_desc).strip()
            if label:
                labels.append((label, node))
    top = tree.top_window()
    top_labels = [(n.text or n.content_desc).strip() for n in top.iter()] if top else []
    dialog_open = False
    if top is not None and width and height:
        b = top.bounds
        small = (b.right - b.left) < width * 0.95 or (b.bottom - b.top) < height * 0.8
        ids = {n.resource_id.rsplit("/", 1)[-1] for n in top.iter() if n.resource_id}
        dialog_open = small or bool(ids & {"alertTitle", "parentPanel", "buttonPanel", "button1"})
    scrollable = top is not None and any(n.scrollable for n in top.iter())
    return ScreenIndex(
        scrollable=scrollable,
        labels=labels,
        label_set=frozenset(normalize_label(label) for label, _ in labels),
        top_labels=[t for t in top_labels if t],
        editable=editable,
        dialog_open=dialog_open,
        width=width,
        height=height,
        tree=tree,
    )


# --- matching -------------------------------------------------------------------------------------
def action_label(action: Action, xml: str = "") -> str:
    """The candidate's label (from enumeration's ``extra``, else found again in ``xml``)."""
    if action.extra and action.extra.get("label"):
        return str(action.extra["label"])
    tree = screen_index(xml).tree if xml else None
    return candidate_label(action, tree)


# A later step names a control as its own target from this similarity on.
NAMED_LATER = 0.8


@rule("said_before", frozenset[str]())
def said_before(steps: Sequence[S2RStep]) -> frozenset[str]:
    """The stems of the content words of ``steps`` (the report's steps before the one matched):
    the context a later step leaves unsaid (:func:`~orchestrator.text.similarity_in_context`)."""
    return _said(tuple(s.text for s in steps))


@lru_cache(maxsize=1024)
def _said(texts: tuple[str, ...]) -> frozenset[str]:
    return frozenset(stem(w) for text in texts for w in content_words(text))


def label_match(
    label: str,
    step: S2RStep,
    later: Sequence[S2RStep] = (),
    context: frozenset[str] = frozenset(),
) -> float:
    """How well a widget label names what the step talks about: its targets first, then its
    words (a little less). A control one of the ``later`` steps names as its target is not done
    by this step's other words: reports name each control at the step that uses it ("Start
    downloading a file", then "Go to the Downloading tab"). ``context``: what the earlier steps
    said (:func:`said_before`); a label word found there counts for part of a target's word."""
    if not label:
        return 0.0
    best = max((similarity_in_context(label, t, context) for t in step.targets), default=0.0)
    if best < NAMED_LATER and any(
        similarity(label, t) >= NAMED_LATER for s in later for t in s.targets
    ):
        return best
    return max(best, 0.8 * similarity(label, step.text))


def action_match(
    step: S2RStep,
    action: Action,
    label: str,
    later: Sequence[S2RStep] = (),
    context: frozenset[str] = frozenset(),
) -> float:
    """Score in ``[0, 1]``: how well executing ``action`` (labelled ``label``) does ``step``;
    ``later``: the steps after it, ``context``: what the steps before it said (see
    :func:`label_match`)."""
    fit = KIND_FIT.get(step.action_hint, KIND_FIT[""]).get(action.kind, 0.0)
    if fit == 0.0:
        return 0.0
    if action.kind == CLICK and taps_the_screen(step):
        return 0.0  # no control's label does it ("Lock the screen" is no tap on the screen)
    if action.kind == ROTATE:
        if step.value and step.value != action.orientation:
            return 0.5
        return fit
    if action.kind == SWIPE:
        return fit * (1.0 if not step.value or step.value == action.direction else 0.6)
    if action.kind in (PRESS_BACK, PRESS_ENTER, PRESS_HOME, RESTART_APP, LEAVE_AND_RETURN):
        return fit
    if step.action_hint == PRESS_ENTER and step.targets:
        # "Type a word and submit it": the keyboard's Enter or the control the verb names
        return label_match(label, step, later, context)
    if step.action_hint == PRESS_BACK:
        low = label.lower()
        if any(low == b or low.startswith(b + " ") for b in _BACK_LABELS):
            return fit
        # "Go back to the list": a tab or button that leads to the list does it too.
        named = max((similarity(label, t) for t in step.targets), default=0.0)
        return fit * named if named >= 0.8 and _BACK_TO_WORDS.search(step.text) else 0.0
    lab = label_match(label, step, later, context)
    if action.kind == INPUT_TEXT:
        # A field is named by the label of the row it sits in as well ("Significant digits
        # in result" beside a bare number field).
        lab = max(lab, field_match(step, action, label))
        if _named_field(step) and lab < MATCH_THRESHOLD:
            return 0.0  # the step names its field, and this is another one
    if action.kind == INPUT_TEXT and step.action_hint == INPUT_TEXT:
        # Reports often leave the field unnamed ("enter text"), or name what is written rather
        # than where ("writing a new note"): any field will do, a named one is better.
        lab = max(lab, 0.55)
    return fit * lab


# Words a report uses for the screen itself as a place to tap ("tap the screen", "tap anywhere",
# "touch an empty area"), not for a control.
_SCREEN_PLACE_WORDS = wordset("screen anywhere empty blank space area background home main")
# A tap on the screen lands on an unlabelled container covering at least this share of it.
SCREEN_TAP_SHARE = 0.3


def taps_the_screen(step: S2RStep) -> bool:
    """True for a click step whose targets name only the screen as a place ("tap the screen",
    "tap anywhere", "touch an empty area"): it names no control."""
    if step.action_hint not in (CLICK, ""):
        return False
    place = {w for t in step.targets for w in re.findall(r"\w+", t.lower())} - STOPWORDS
    return bool(place) and place <= _SCREEN_PLACE_WORDS


def background_tappable(index: ScreenIndex) -> bool:
    """True when the screen has an unlabelled clickable widget covering at least
    :data:`SCREEN_TAP_SHARE` of it (where "tap the screen" lands)."""
    screen_area = index.width * index.height
    if index.tree is None or not screen_area:
        return False
    return any(
        node.clickable
        and not (node.text or node.content_desc)
        and node.bounds.area >= SCREEN_TAP_SHARE * screen_area
        for window in index.tree.windows
        if window.package not in SYSTEM_UI_PACKAGES
        for node in window.iter()
    )


@rule("screen_tap", 0.0)
def screen_tap_match(step: S2RStep, action: Action, index: ScreenIndex) -> float:
    """1.0 when ``step`` taps the screen itself (:func:`taps_the_screen`) and ``action`` is a
    click on an unlabelled widget covering at least :data:`SCREEN_TAP_SHARE` of the screen
    (apps take such taps on their root layout); else 0.0."""
    if not taps_the_screen(step) or action.kind != CLICK or action.target is None:
        return 0.0
    target = action.target
    if target.text or target.content_desc or target.bounds is None:
        return 0.0
    screen_area = index.width * index.height
    return 1.0 if screen_area and target.bounds.area >= SCREEN_TAP_SHARE * screen_area else 0.0


# Words that place the thing a step acts on by its position among a list's or grid's items
# ("select the top-leftmost picture", "open the first note", "delete the last entry").
_FIRST_RE = re.compile(
    r"\b(?:first|1st|top(?:-?left)?(?:most)?|upper(?:-?left)?(?:most)?|left-?most)\b",
    re.IGNORECASE,
)
_LAST_RE = re.compile(r"\b(?:last|bottom(?:-?right)?(?:most)?|lowest)\b", re.IGNORECASE)
# Nouns that name any item of a collection, whatever it shows.
_ITEM_WORDS = wordset("item items entry entries one row rows element cell result results")
_ITEM_STEMS = frozenset(stem(w) for w in _ITEM_WORDS)
# Classes of collections whose items a position word picks (besides any scrollable container).
_COLLECTION_CLASSES = ("ListView", "GridView", "RecyclerView")
# How well a click on the item a position word picks does the step.
POSITION_SCORE = 0.75
# A step that leaves the choice to the reader ("change to a different language", "select some
# cards", "open any note"): a quantifier and the noun it governs.
_ANY_ITEM_RE = re.compile(
    r"\b(?:any|some|a few|several|another|(?:a |the )?different|one of(?: the| your)?)"
    r"\s+(?:of the\s+)?([a-z][\w-]*)|"
    r"\b(?:one|an?)\s+([a-z][\w-]*)\s+(?:in|from|on)\s+(?:the|this|that|your)\s+list\b",
    re.IGNORECASE,
)
# How well a click on an item of a list that shows the step's noun does such a step: it does
# the step, but never outranks a control the step names.
ANY_ITEM_SCORE = 0.6


def _position(target: str) -> tuple[str, str]:
    """``("first"|"last", noun)`` for a target placed by a position word ("top-leftmost
    picture" → ``("first", "picture")``), else ``("", "")``."""
    first, last = _FIRST_RE.search(target), _LAST_RE.search(target)
    if bool(first) == bool(last):
        return "", ""
    found = first or last
    assert found is not None
    noun = (target[: found.start()] + " " + target[found.end() :]).strip(" -")
    return ("first" if first else "last"), noun


def _collection_items(node: ViewNode) -> list[ViewNode]:
    """The items of the nearest list, grid or scrollable container holding ``node``: its
    outermost clickable descendants, in reading order (top, then left). Empty when ``node`` is
    in no collection."""
    container = node.parent
    while container is not None and not (
        container.scrollable or container.short_class.endswith(_COLLECTION_CLASSES)
    ):
        container = container.parent
    if container is None:
        return []
    items: list[ViewNode] = []
    stack = list(reversed(container.children))
    while stack:
        current = stack.pop()
        if current.clickable and current.bounds.area > 0:
            items.append(current)
        else:
            stack.extend(reversed(current.children))
    return sorted(items, key=lambda n: (n.bounds.top, n.bounds.left))


def position_match(step: S2RStep, action: Action, index: ScreenIndex) -> float:
    """:data:`POSITION_SCORE` when ``step`` picks a thing by its position ("the top-leftmost
    picture", "the last note") and ``action`` clicks (or long-clicks) that item of the list or
    grid it sits in: the first or last in reading order, unlabelled (grid cells of pictures)
    or labelled with a word of the step's noun (or any item for "item", "entry", "row"...);
    else 0.0. Reports place items by position when they have no name to give."""
    if action.kind not in (CLICK, LONG_CLICK) or action.target is None or index.tree is None:
        return 0.0
    if step.action_hint not in (CLICK, LONG_CLICK, ""):
        return 0.0
    places = [p for p in map(_position, step.targets) if p[0]]
    if not places:
        return any_item_match(step, action, index)
    return _item_at_position(places, action, index)


@rule("position", 0.0)
def _item_at_position(places: list[tuple[str, str]], action: Action, index: ScreenIndex) -> float:
    """:func:`position_match` for a step that names ``places`` ("first", noun) and an action
    with a target on a screen with a tree."""
    assert action.target is not None and index.tree is not None
    node = find_node(index.tree, action.target)
    if node is None:
        return 0.0
    items = _collection_items(node)
    if not items:
        return 0.0
    label = node.label()
    for where, noun in places:
        if (items[0] if where == "first" else items[-1]) is not node:
            continue
        nouns = {w.lower() for w in re.findall(r"\w+", noun)}
        if not label or nouns & _ITEM_WORDS or similarity(label, noun) > 0.0:
            return POSITION_SCORE
    return 0.0


# "Open a recipe", "play a song from the list", "long-press one note": a verb that picks, an
# indefinite article, at most two modifiers and the head noun (decision 0058). Not "delete a
# note" nor "add an item": a verb that acts on the thing or makes one names an operation.
_PICK_ONE_RE = re.compile(
    r"^\W*(?:(?:then|now|please|and)\s+)*(?:open|select|choose|pick|play|view|tap(?:\s+on)?|"
    r"click(?:\s+on)?|press(?:\s+on)?|long[- ]?(?:press|tap|click)(?:\s+on)?|go\s+to)\s+"
    r"(?:a|an|one|any)\s+(?!(?:new|blank|empty|fresh)\b)(?:[a-z][\w-]*\s+){0,2}?"
    r"(?P<noun>[a-z][\w-]*)"
    r"(?:\s+(?:in|from|on|of|under)\s+[^,.;]{1,40})?\W*$",
    re.IGNORECASE,
)


def _any_item_noun(step: S2RStep) -> str:
    """The noun of a step that leaves the choice of item to the reader ("Change the different
    language" → ``language``, "select some cards" → ``cards``, "open a recipe" →
    ``recipe``), else ``""``."""
    found = _ANY_ITEM_RE.search(step.text)
    if found:
        return found.group(1) or found.group(2)
    picked = _PICK_ONE_RE.match(step.text)
    return picked.group("noun") if picked else ""


@rule("any_item", 0.0)
def any_item_match(step: S2RStep, action: Action, index: ScreenIndex) -> float:
    """:data:`ANY_ITEM_SCORE` when ``step`` leaves the choice of item to the reader ("select
    some cards", "change to a different language") and ``action`` clicks (or long-clicks) an item
    of a list or grid proper (not just a scrolling screen) on a screen that names the step's noun
    (its title, a heading, or the item itself: "Language" above a list of languages); else
    0.0. Any item does such a step, since the report does not say which (decision 0045)."""
    if action.kind not in (CLICK, LONG_CLICK) or action.target is None or index.tree is None:
        return 0.0
    if step.action_hint not in (CLICK, LONG_CLICK, "") or step.value:
        return 0.0
    noun = _any_item_noun(step)
    if not noun:
        return 0.0
    node = find_node(index.tree, action.target)
    if node is None or not _in_list(node):
        return 0.0
    # "one of the entries": a noun that names any item needs no heading that names it; a file
    # kind may be the item's own extension ("a chart" → "q3.chart"), but not just any word of
    # its label ("Create default accounts" in a set-up wizard is no account)
    extension = node.label().lower().rsplit(".", 1)[-1] if "." in node.label() else ""
    if (
        stem(noun) not in _ITEM_STEMS
        and stem(noun) != stem(extension)
        and index.best_match(noun) < MATCH_THRESHOLD
    ):
        return 0.0
    return ANY_ITEM_SCORE


def _in_list(node: ViewNode) -> bool:
    """``node`` sits in a list or grid proper (ListView, GridView, RecyclerView: a picker's
    choices, a dropdown's rows), not merely in a scrolling screen, where any control would do."""
    current = node.parent
    while current is not None:
        if current.short_class.endswith(_COLLECTION_CLASSES):
            return True
        current = current.parent
    return False


# A step that sets a switch or check box to a state ("Enable Minimalistic UI", "turn off Sync").
_TURN_ON_RE = re.compile(r"^\W*(?:enable|turn on|switch on|activate|tick)\b", re.IGNORECASE)
_TURN_OFF_RE = re.compile(
    r"^\W*(?:disable|turn off|switch off|deactivate|untick|uncheck)\b", re.IGNORECASE
)


def wanted_state(step: S2RStep) -> bool | None:
    """``True`` for a step that turns a setting on, ``False`` for one that turns it off, else
    ``None``."""
    if step.action_hint not in (CLICK, ""):
        return None
    if _TURN_ON_RE.search(step.text):
        return True
    return False if _TURN_OFF_RE.search(step.text) else None


def toggle_state(node: ViewNode) -> bool | None:
    """The checked state of a switch or check box: the node's own, else that of the first
    checkable widget inside it (a settings row holds its switch); ``None`` when there is none."""
    for child in node.iter():
        if child.checkable:
            return child.checked
    return None


@rule("already_set", False)
def already_set(step: S2RStep, action: Action, index: ScreenIndex) -> bool:
    """``action`` clicks a switch or check box ``step`` turns on (off) that is on (off) already:
    the click would undo the state the step asks for."""
    wanted = wanted_state(step)
    if wanted is None or action.kind != CLICK or action.target is None or index.tree is None:
        return False
    node = find_node(index.tree, action.target)
    return node is not None and toggle_state(node) is wanted


def names_target(label: str, step: S2RStep) -> bool:
    """``label`` names one of the step's targets (similarity :data:`NAMED_LATER` or more)."""
    return any(similarity(label, t) >= NAMED_LATER for t in step.targets)


@rule("another_setting", False)
def another_setting(step: S2RStep, label: str, shown: Iterable[str]) -> bool:
    """A click labelled ``label`` is not on the setting a step turns on or off ("Enable X under
    Y"): the label names none of the step's targets (the step's other words name the place, "under
    Y", or the setting a step before turned on) or only in part ("Hide status bar" for "Hide
    favorites bar") while a label ``shown`` on the screen or earlier on the path names it. Only
    such a step's own control does it; ``False`` for any other step."""
    if wanted_state(step) is None or not step.targets or names_target(label, step):
        return False
    if max(similarity(label, t) for t in step.targets) < MATCH_THRESHOLD:
        return True
    return any(names_target(other, step) for other in shown)


# A click on a settings row that the row's own texts describe (decision 0030) does the step
# at this score: above MATCH_THRESHOLD, below a control named by its label.
DESCRIBED_SCORE = 0.7


def row_description(action: Action, index: ScreenIndex) -> str:
    """The texts of the row a click lands on (a preference's title and summary: "NMEA Logs NMEA
    sentences to a file"), in the hierarchy's order, when the row holds a switch or check box;
    ``""`` for any other action or widget."""
    if action.kind != CLICK or action.target is None or index.tree is None:
        return ""
    node = find_node(index.tree, action.target)
    if node is None or toggle_state(node) is None:
        return ""
    return " ".join(t for n in node.iter() if (t := (n.text or n.content_desc).strip()))


@rule("described_setting", False)
def described_setting(
    step: S2RStep, action: Action, index: ScreenIndex, shown: Iterable[str] = ()
) -> bool:
    """``action`` clicks a switch or check box whose row's texts (:func:`row_description`)
    hold every word of a target of ``step``, a step that turns a setting on or off ("Enable
    file logging" and the row "NMEA: Logs NMEA sentences to a file"): the report names the
    setting by what it does, the app by its title. Only while no label on the screen or
    ``shown`` earlier on the path names the target (similarity :data:`NAMED_LATER`): then that
    control is the setting (decision 0028's rule). Similarity with the target as the label:
    the share of the target's words found in the row's texts, synonyms at 0.6."""
    if wanted_state(step) is None or not step.targets:
        return False
    description = row_description(action, index)
    if not description or not any(similarity(t, description) >= NAMED_LATER for t in step.targets):
        return False
    return not any(names_target(other, step) for other in (*index.label_set, *shown))


def state_left(step: S2RStep, transitions: Sequence[Transition]) -> tuple[str, bool] | None:
    """``(label, checked)``: the last state the ``transitions``' clicks left a switch or check
    box in whose label names a target of ``step`` (a step that turns a setting on or off), from
    the transitions' ``states_changed``; ``None`` when no click changed it. Only a click on that
    control counts: a state the app itself changed (after a rotation, say) may be the bug."""
    if wanted_state(step) is None:
        return None
    left = None
    for t in transitions:
        if t.action.kind != CLICK or t.action.target is None:
            continue
        clicked = action_label(t.action, t.before.hierarchy_xml)
        # (a row its texts describe: its own state change carries the row's label)
        described = not names_target(clicked, step) and described_setting(
            step, t.action, screen_index(t.before.hierarchy_xml)
        )
        if not described and not names_target(clicked, step):
            continue
        for change in t.diff.get("states_changed", []) or []:
            label = str(change.get("label", ""))
            if change.get("state") not in ("checked", "unchecked"):
                continue
            if names_target(label, step) or (
                described and normalize_label(label) == normalize_label(clicked)
            ):
                left = (label, change["state"] == "checked")
    return left


@rule("shows_state", False)
def shows_state(step: S2RStep, index: ScreenIndex) -> bool:
    """The screen shows a switch or check box the step names (a label at similarity 0.8 or
    more) already in the state the step asks for: the step holds without a click (a person
    who finds "Show favorites" on already does nothing)."""
    wanted = wanted_state(step)
    if wanted is None or not step.targets:
        return False
    for label, node in index.labels:
        if max(similarity(label, t) for t in step.targets) < NAMED_LATER:
            continue
        row: ViewNode | None = node
        while row is not None and not row.clickable:
            row = row.parent
        if row is not None and toggle_state(row) is wanted:
            return True
    return False


_FIELD_WORDS_RE = re.compile(r"\b(?:field|text ?box|input box|box)\b", re.IGNORECASE)


def _named_field(step: S2RStep) -> bool:
    """The step names the field it types in ("In the field "Digits", put 12", "type 5 in the
    amount box"): a typing step whose text says "field"/"box" and that has a target other
    than its value."""
    return (
        step.action_hint == INPUT_TEXT
        and bool(_FIELD_WORDS_RE.search(step.text))
        and any(t and t != step.value for t in step.targets)
    )


def field_match(step: S2RStep, action: Action, label: str) -> float:
    """How well a field (its own label, else the label of the row it sits in) is the one the
    step names (targets only, not the step's other words)."""
    context = str(action.extra.get("context", "")) if action.extra else ""
    targets = [t for t in step.targets if t and t != step.value]
    names = [n for n in (label, context) if re.search(r"[^\W\d_]{2}", n)]  # words, not ":="
    return max((similarity(name, t) for name in names for t in targets), default=0.0)


def field_names(node: ViewNode) -> list[str]:
    """What a report may call a text field: its label (hint or content description, else its
    id's words), the label of its row or the title above it (``context_label``) and its
    resource id's words; only names with a word in them (not ``":="``)."""
    names = (node_label(node), context_label(node), " ".join(split_identifier(node.resource_id)))
    return [n for n in names if re.search(r"[^\W\d_]{2}", n)]


@lru_cache(maxsize=4096)
def named_fields(xml: str, targets: tuple[str, ...]) -> frozenset[Bounds]:
    """The rectangles of the top window's text fields that one of ``targets`` names (a name of
    :func:`field_names` at :data:`MATCH_THRESHOLD` or more), cached per screen and targets."""
    tree = screen_index(xml).tree
    top = tree.top_window() if tree is not None else None
    if top is None:
        return frozenset()
    return frozenset(
        node.bounds
        for node in top.iter()
        if node.is_editable
        and node.bounds.area
        and any(similarity(n, t) >= MATCH_THRESHOLD for n in field_names(node) for t in targets)
    )


@rule("typed_elsewhere", False)
def typed_elsewhere(step: S2RStep, action: Action, xml: str) -> bool:
    """True when an unvalued typing step names a field of the screen ``xml`` ("Manually enter
    coordinates" beside a "Latitude" field, "enter the name" beside a "Name" field) and
    ``action`` types into another one. A step that names no field here ("enter some text",
    "write a new note" in an untitled editor) may still be done in any field."""
    if action.kind != INPUT_TEXT or step.action_hint != INPUT_TEXT or step.value:
        return False
    if action.target is None or action.target.bounds is None:
        return False
    targets = tuple(t for t in step.targets if t)
    if not targets:
        return False
    named = named_fields(xml, targets)
    return bool(named) and action.target.bounds not in named


def value_tokens(value: str) -> list[str]:
    """A value as keypad keys: ``"1+2)×3"`` → ``["1", "+", "2", ")", "×", "3"]`` (spaces
    dropped, ``*``/``x`` read as ``×``, ``/`` as ``÷``)."""
    out = []
    for ch in value:
        if ch.isspace():
            continue
        out.append(SYMBOL_EQUIVALENTS.get(ch, ch) if not ch.isalnum() or ch == "x" else ch)
    return out


def key_of(label: str) -> str:
    """A keypad label as one key (``"×"``, ``"5"``; a bracket-pair key ``"(  )"`` as ``"()"``),
    or ``""`` when the label is not a key."""
    text = label.strip()
    if len(text) == 1:
        return SYMBOL_EQUIVALENTS.get(text, text) if not text.isalnum() else text
    compact = "".join(text.split())
    return compact if compact in BRACKET_PAIRS else ""


def key_types(key: str, token: str) -> bool:
    """Whether pressing ``key`` can type the value token ``token`` (a bracket-pair key types
    either bracket)."""
    return bool(key) and (key == token or (key in BRACKET_PAIRS and token in key))


def _typed_by_key(key: str, entered: str) -> str:
    """What a key press adds to the entry: a bracket-pair key closes an open bracket, else opens
    one (how such keys behave with the cursor at the end)."""
    if key in BRACKET_PAIRS:
        opening, closing = key[0], key[-1]
        return closing if entered.count(opening) > entered.count(closing) else opening
    return key


# Function names reports spell out where keypads show a symbol.
_SPELLED_SYMBOLS = (("sqrt", "√"),)


def same_text(a: str, b: str) -> bool:
    """Typed text comparison that ignores case, surrounding space, spaces in expressions and
    the spelling of a keypad symbol (``sqrt(2)`` is ``√(2)``)."""
    na, nb = a.strip().casefold(), b.strip().casefold()
    if na == nb or re.sub(r"\s+", "", na) == re.sub(r"\s+", "", nb):
        return True
    for spelled, symbol in _SPELLED_SYMBOLS:
        na, nb = na.replace(spelled, symbol), nb.replace(spelled, symbol)
    return re.sub(r"\s+", "", na) == re.sub(r"\s+", "", nb)


def spell_for_keys(value: str, key_labels: list[str]) -> str:
    """``value`` written with the symbols of the screen's keys where the report spelled a
    function out (``sqrt(2^(1,024)`` → ``√(2^(1,024)`` on a keypad with a ``√`` key and no
    ``sqrt`` key); unchanged otherwise."""
    keys = {label.strip().casefold() for label in key_labels}
    out = value
    for spelled, symbol in _SPELLED_SYMBOLS:
        if spelled in out.casefold() and symbol in keys and spelled not in keys:
            out = re.sub(re.escape(spelled), symbol, out, flags=re.IGNORECASE)
    return out


# --- progress along a path ------------------------------------------------------------------------
@dataclass
class Progress:
    """Where a path stands in the S2R.

    ``reached``: index of the last step done (-1 none); ``served``: for each transition, the step
    it did (-1 for helper actions); ``entered``: keys clicked on a keypad since the current step
    began; ``typed``: texts typed along the path; ``pending_value``: a step's value still to be
    entered or confirmed; ``partial``: how far the next step has got (0-1); ``crashed``: a
    transition crashed the app; ``shown``: the labels (normalized) shown or typed on the path
    so far.
    """

    reached: int = -1
    served: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    entered: str = ""
    typed: list[str] = field(default_factory=list)
    pending_value: str = ""
    partial: float = 0.0
    crashed: bool = False
    shown: set[str] = field(default_factory=set)

    @property
    def next_step(self) -> int:
        return self.reached + 1


def _value_done(step: S2RStep, progress: Progress, transition: Transition) -> bool:
    """A step with a value is done when the value was typed (or keyed in) and, for a "create X
    named V" step, confirmed: V now shows as a label, or the dialog it was typed in closed."""
    value = step.value
    after = screen_index(transition.after.hierarchy_xml)
    typed = any(same_text(t, value) for t in progress.typed) or (
        bool(value) and same_text(progress.entered, value)
    )
    if step.action_hint == INPUT_TEXT:
        if not value:
            return bool(progress.typed) or transition.action.kind == INPUT_TEXT
        if typed:
            return True
        return bool(value) and len(value) > 1 and _display_shows(after, value)
    if not typed:
        return False
    return after.shows(value) or bool(transition.diff.get("windows_closed"))


def _display_shows(index: ScreenIndex, value: str) -> bool:
    compact = re.sub(r"\s+", "", value)
    return any(re.sub(r"\s+", "", node.text) == compact for node in index.editable)


def _step_score(
    step: S2RStep,
    transition: Transition,
    progress: Progress,
    later: Sequence[S2RStep] = (),
    context: frozenset[str] = frozenset(),
) -> float:
    """How well ``transition`` does ``step``; ``later``: the steps after ``step``, ``context``:
    what the steps before it said (:func:`label_match`)."""
    action = transition.action
    label = action_label(action, transition.before.hierarchy_xml)
    score = action_match(step, action, label, later, context)
    before = screen_index(transition.before.hierarchy_xml)
    score = max(
        score,
        screen_tap_match(step, action, before),
        position_match(step, action, before),
    )
    score = relative_score(step, action, before.tree, score)  # "the X below the Y"
    if already_set(step, action, before):
        return 0.0  # "Enable X" is not done by turning X off
    if action.kind == CLICK and names_only_the_object(step, label):
        return 0.0  # "Edit Trip" is not done by the drawer's "Trips": that only goes there
    if typed_elsewhere(step, action, transition.before.hierarchy_xml):
        return 0.0  # "enter coordinates" is not done in the name field beside them
    # (the guard spares the labels' union, a set of hundreds, for the steps that set nothing)
    if action.kind == CLICK and wanted_state(step) is not None:
        shown = before.label_set | progress.shown
        if described_setting(step, action, before, progress.shown):
            score = max(score, DESCRIBED_SCORE)  # the row's summary says what the step names
        elif another_setting(step, label, shown):
            return 0.0  # nor by a click on Y, the place of X or a setting beside it
    if action.kind == INPUT_TEXT and step.value:
        named_elsewhere = _named_field(step) and field_match(step, action, label) < MATCH_THRESHOLD
        if not named_elsewhere:
            score = max(score, 1.0 if same_text(action.text, step.value) else score * 0.6)
    # A system permission dialog answered the way the step asks: "grant storage permissions
    # when prompted" is done by its Allow button whatever the report calls the permission, and
    # never by Don't allow (nor the reverse for "deny the permission").
    if action.kind == CLICK and is_permission_screen(transition.before.hierarchy_xml):
        wants = permission_answer(step.text)
        answer = permission_button(label)
        if wants and answer and applies("permission_answer"):
            score = 1.0 if wants == answer else 0.0
    # Effect: a window opened whose title or items the step names.
    for window in transition.diff.get("windows_opened", []) or []:
        title = str(window.get("title", ""))
        if title and label_match(title, step) >= 0.6 and applies("window_effect"):
            score = max(score, 0.55 * max(0.5, score))
    return score


# Verbs whose step is an operation on the object it names ("Create Trip", "Edit Trip"): the
# control that does it says the operation (Edit, Add, a "+" FAB), not only the object's name.
_OPERATION_VERBS = wordset(
    "create add make insert new edit modify change rename update delete remove"
)


@rule("names_only_the_object", False)
def names_only_the_object(step: S2RStep, label: str) -> bool:
    """The step is an operation on an object (its first word one of :data:`_OPERATION_VERBS`)
    and ``label`` names that object and nothing else ("Trips" for "Edit Trip"): clicking it
    goes to the object (a drawer entry, a tab), it does not create or edit it."""
    words = content_words(step.text)
    if not words or words[0].lower() not in _OPERATION_VERBS:
        return False
    objects = {stem(w) for w in words[1:] if w.lower() not in _OPERATION_VERBS}
    named = content_words(label)
    if any(w.lower() in _OPERATION_VERBS for w in named):
        return False  # "New folder" says the operation
    return bool(objects) and bool(named) and all(stem(w) in objects for w in named)


def window_place(xml: str, action: Action) -> int | None:
    """The place, from the bottom, among the screen's app windows, of the window holding the
    widget ``action`` targets (0: the activity's own window, more: a dialog over it); ``None``
    when the dump, the target or its window is not found."""
    tree = screen_index(xml).tree
    if tree is None or action.target is None:
        return None
    node = find_node(tree, action.target)
    if node is None:
        return None
    windows = tree.app_windows()
    top = tree.windows[node.window] if 0 <= node.window < len(tree.windows) else None
    return next((i for i, w in enumerate(windows) if w is top), None)


def _in_step_dialog(transition: Transition, dialog_level: int) -> bool:
    """The transition clicks a widget of a dialog that the transition doing the last step done
    opened (``dialog_level``: its place among the app windows, 0 none) and that is still open
    (the top app window)."""
    if dialog_level <= 0 or transition.action.kind != CLICK:
        return False
    xml = transition.before.hierarchy_xml
    place = window_place(xml, transition.action)
    return place is not None and place >= dialog_level and place == _app_window_count(xml) - 1


def _app_window_count(xml: str) -> int:
    tree = screen_index(xml).tree
    return len(tree.app_windows()) if tree is not None else 0


def _skippable(step: S2RStep, transition: Transition, seen: set[str], asked: bool = False) -> bool:
    """Whether a later step may be done with ``step`` left out. Reports list steps an app does
    not need ("open the app", a menu the app does not have), but a step must not be excused just
    because its target is off screen: only a widget action may skip, only over a plain click step
    with no value whose targets never showed up on the path (nor were typed on it)."""
    if transition.action.target is None or step.value:
        return False
    if step.action_hint not in (CLICK, ""):
        return False
    if asked and permission_answer(step.text):
        return False  # the app asked for a permission: the step's answer was due, not optional
    return not any(normalize_label(t) in seen for t in step.targets)


def field_text(xml: str, action: Action) -> str | None:
    """The current text of the field ``action`` targets on the screen dumped in ``xml``
    (``None`` when the field is not found)."""
    tree = screen_index(xml).tree if xml else None
    if tree is None or action.target is None:
        return None
    node = find_node(tree, action.target)
    return node.text if node is not None and node.is_editable else None


@rule("retyped_field", False)
def _retypes_field(transition: Transition) -> bool:
    """An ``input_text`` whose text equals what its field already held (a no-op)."""
    action = transition.action
    if action.kind != INPUT_TEXT or not action.text:
        return False
    held = field_text(transition.before.hierarchy_xml, action)
    return held is not None and same_text(held, action.text)


def _update_entry(progress: Progress, transition: Transition) -> None:
    action = transition.action
    if action.kind == INPUT_TEXT:
        progress.typed.append(action.text)
        progress.entered = action.text
    elif action.kind == CLICK:
        key = key_of(action_label(action, transition.before.hierarchy_xml))
        if key:
            progress.entered += _typed_by_key(key, progress.entered)


# How well a click on the control that did an earlier step does a step that repeats it.
REPEAT_SCORE = 0.8
_AGAIN_RE = re.compile(r"\b(?:again|once more|a second time|one more time)\b", re.IGNORECASE)


def _repeated_step(steps: Sequence[S2RStep], k: int) -> int:
    """The earlier step ``steps[k]`` does again: the latest one before it of the same click kind
    that names one of its targets, or, for a step that says "again", shares a target's content
    word; ``-1`` when none."""
    step = steps[k]
    if step.action_hint not in (CLICK, LONG_CLICK) or not step.targets:
        return -1
    again = bool(_AGAIN_RE.search(step.text))
    names = {normalize_label(t) for t in step.targets}
    stems = {stem(w) for t in step.targets for w in content_words(t)}
    for e in range(k - 1, -1, -1):
        earlier = steps[e]
        if earlier.action_hint != step.action_hint:
            continue
        if names & {normalize_label(t) for t in earlier.targets}:
            return e
        if again and stems & {stem(w) for t in earlier.targets for w in content_words(t)}:
            return e
    return -1


def _same_control(a: Action, b: Action) -> bool:
    """``a`` and ``b`` act on the same control, whatever it shows now: the same kind on the same
    resource id and class, or, for a control with no id, the same class and bounds."""
    if a.kind != b.kind or a.target is None or b.target is None:
        return False
    if a.target.class_name != b.target.class_name:
        return False
    if a.target.resource_id or b.target.resource_id:
        return a.target.resource_id == b.target.resource_id
    return a.target.bounds == b.target.bounds


@rule("repeats_control", False)
def _repeats_control(
    steps: Sequence[S2RStep], k: int, action: Action, done_by: dict[int, Action]
) -> bool:
    """``action`` does ``steps[k]`` by repeating the earlier step it repeats on the very control
    that did it: a toggle drawn with no label, a field that now shows the value picked in it
    ("tap the Start field again" where the field reads "14:30")."""
    earlier = _repeated_step(steps, k)
    return earlier >= 0 and earlier in done_by and _same_control(action, done_by[earlier])


def align(spec: ReproSpec, path: Path) -> Progress:
    """Walk the path's transitions and follow the S2R (greedy, in order, up to
    :data:`MAX_SKIP` steps skipped at a time with a penalty).

    A transition serves the next step (or one a little further) when its match score reaches
    :data:`MATCH_THRESHOLD`; a step with a value is done only once the value is entered (and, for
    "create X named V", confirmed). Other transitions are helper actions (opening a menu on the
    way, scrolling). A crash ends the walk.
    """
    steps = spec.steps
    progress = Progress()
    in_step_value = False
    seen: set[str] = set()  # labels shown or typed along the path so far
    step_screen = ""  # the screen the last step done led to
    # ... and the screens helper actions went on to from it (a row picked in the picker the
    # step opened, the page a "Next" opened): a report rotates on the last of them
    step_screens: set[str] = set()
    helpers = 0  # helper actions since the last step done
    asked = False  # the path went through a runtime-permission dialog
    dialog_level = 0  # the app windows under the dialog the last step done opened (0: none)
    opened: _Opened | None = None  # the window a step opened, until it closes (undo check)
    done_by: dict[int, Action] = {}  # the action that did each step (a repeat's control)
    for transition in path.transitions:
        reached_before = progress.reached
        _update_entry(progress, transition)
        seen |= screen_index(transition.before.hierarchy_xml).label_set
        asked = asked or is_permission_screen(transition.before.hierarchy_xml)
        seen |= {normalize_label(t) for t in progress.typed}
        progress.shown = seen
        served, best_score = -1, 0.0
        j = progress.reached + 1
        if _retypes_field(transition) and transition.crash is None:
            # Typing into a field the very text it already holds changes nothing.
            progress.served.append(-1)
            progress.scores.append(0.0)
            continue
        if transition.diff.get("unchanged") and transition.crash is None:
            # An action that changed nothing did no step, unless it is exactly the next step's
            # action: its lack of effect may be the very bug ("the deleted item stays").
            exact = j < len(steps) and _step_score(steps[j], transition, progress) >= 0.9
            if not exact or steps[j].value:
                progress.served.append(-1)
                progress.scores.append(0.0)
                continue
        in_dialog = _in_step_dialog(transition, dialog_level)
        for k in range(j, min(j + MAX_SKIP + 1, len(steps))):
            if k > j and not _skippable(steps[k - 1], transition, seen, asked):
                break
            if _rotation_elsewhere(steps[k], transition, step_screen, step_screens):
                continue
            if in_dialog and not _names_exactly(steps[k], transition) and applies("dialog_button"):
                # A button of the dialog the last step opened (a date picker's OK) finishes
                # that step; it does a later one only when it is the control that step names.
                continue
            score = _step_score(
                steps[k],
                transition,
                progress,
                steps[k + 1 :],
                said_before(steps[:k]),
            ) - SKIP_PENALTY * (k - j)
            if score < MATCH_THRESHOLD and _repeats_control(steps, k, transition.action, done_by):
                score = REPEAT_SCORE - SKIP_PENALTY * (k - j)
            if score > best_score:
                served, best_score = k, score
        if served >= 0 and best_score >= MATCH_THRESHOLD:
            step = steps[served]
            if step.value and step.action_hint in (INPUT_TEXT, CLICK, ""):
                if _value_done(step, progress, transition):
                    progress.reached = served
                    progress.entered = ""
                    progress.pending_value = ""
                    in_step_value = False
                else:
                    progress.pending_value = step.value  # under way: typed or confirmed next
                    in_step_value = True
            else:
                progress.reached = served
                progress.entered = ""
                progress.pending_value = ""
                in_step_value = False
        elif in_step_value and j < len(steps) and _value_done(steps[j], progress, transition):
            served = j
            progress.reached = j
            progress.entered = ""
            progress.pending_value = ""
            in_step_value = False
        elif (
            j < len(steps)
            and transition.crash is None
            and shows_state(steps[j], screen_index(transition.after.hierarchy_xml))
        ):
            served = j  # the way to the setting, which the step finds already as it wants
            progress.reached = j
        else:
            served = -1
        if progress.reached != reached_before:
            # A launch precondition is set on a settings screen, but the report's next step
            # starts from the app as launched: no screen to rotate on (decision 0034).
            done = steps[progress.reached]
            step_screen = "" if done.precondition else transition.after.structural_hash
            step_screens, helpers = {step_screen} - {""}, 0
            new_window = bool(transition.diff.get("windows_opened"))
            level = _app_window_count(transition.before.hierarchy_xml)
            dialog_level = level if new_window else 0
            if new_window and opened is None:
                opened = _Opened(reached_before, len(progress.served), level, transition.before)
        else:
            if step_screens and helpers < ANCHOR_HELPERS and _goes_on(transition, dialog_level):
                step_screens.add(transition.after.structural_hash)
                helpers += 1
            else:
                helpers = ANCHOR_HELPERS  # a step back or aside ends the step's flow
            if dialog_level and _app_window_count(transition.after.hierarchy_xml) <= dialog_level:
                dialog_level = 0  # the step's dialog closed
        progress.served.append(served)
        if served >= 0:
            done_by[served] = transition.action
        if opened is not None and _app_window_count(transition.after.hierarchy_xml) <= opened.level:
            if served < 0 and transition.crash is None and _dismissed(transition, opened.before):
                _undo(progress, opened)
                dialog_level, in_step_value = 0, False
            opened = None
        progress.scores.append(max(best_score, 0.0))
        if transition.crash is not None:
            progress.crashed = True
            break
    progress.partial = _partial(spec, progress)
    return progress


@dataclass
class _Opened:
    """A window (dialog, menu, sheet) the transition doing a step opened: the steps reached
    before it, the index of that transition, the app windows under it and the screen before."""

    reached_before: int
    at: int
    level: int
    before: Screen


@rule("undo", False)
def _dismissed(transition: Transition, before_opening: Screen) -> bool:
    """The transition closed the window with Back or a negative button (Cancel, No, Dismiss)
    and the screen is back as it was before the window opened (the same labels): nothing the
    steps done in it asked for lasted."""
    action = transition.action
    if action.kind != PRESS_BACK:
        label = normalize_label(action_label(action, transition.before.hierarchy_xml))
        if action.kind != CLICK or label not in _NEGATIVE_LABELS:
            return False
    after = screen_index(transition.after.hierarchy_xml).label_set
    return after == screen_index(before_opening.hierarchy_xml).label_set


def _undo(progress: Progress, opened: _Opened) -> None:
    """The steps done from the opening of a window that was then dismissed did nothing that
    lasted ("create" credited to opening the create dialog, then Cancel): not done (issue 28
    §3, decision 0049)."""
    progress.reached = opened.reached_before
    progress.entered = ""
    progress.pending_value = ""
    for i in range(opened.at, len(progress.served)):
        progress.served[i] = -1


def _names_exactly(step: S2RStep, transition: Transition) -> bool:
    """The clicked widget's label is what the step names (:data:`NAMED_LATER`), not a synonym."""
    label = action_label(transition.action, transition.before.hierarchy_xml)
    return any(similarity(label, t) >= NAMED_LATER for t in step.targets)


@rule("rotation_elsewhere", False)
def _rotation_elsewhere(
    step: S2RStep, transition: Transition, step_screen: str, went_on: set[str] | None = None
) -> bool:
    """A rotation step is done only on the screen the report rotates on: the one the previous
    step led to (a dialog open, a timer running), or one that helper actions went on to from it
    (``went_on``, :func:`_goes_on`; decision 0058), not a rotation anywhere on the way."""
    return (
        step.action_hint == ROTATE
        and transition.action.kind == ROTATE
        and bool(step_screen)
        and transition.before.structural_hash != step_screen
        and transition.before.structural_hash not in (went_on or set())
    )


# How many helper actions after a step may carry its screen on, for a rotation (decision 0058).
ANCHOR_HELPERS = 5
_BACKWARD_LABELS = frozenset({"navigate up", "back", "up", "home", "cancel", "close", "no"})


def _goes_on(transition: Transition, dialog_level: int) -> bool:
    """A helper action that continues the last step's flow: a click (not Back, Up, Home or a
    dismissal) that opened a window, moved to another activity, acted inside the window the
    step opened (a row picked in its picker), or changed the step's screen in place (a row
    ticked, its selection bar shown: the very state a report may say rotation loses)."""
    action = transition.action
    if action.kind != CLICK or transition.crash is not None or transition.diff.get("app_left"):
        return False
    if normalize_label(action_label(action, transition.before.hierarchy_xml)) in _BACKWARD_LABELS:
        return False
    diff = transition.diff
    in_place = not diff.get("windows_closed") and any(
        diff.get(key) for key in ("states_changed", "texts_changed", "widgets_added")
    )
    return bool(
        diff.get("windows_opened") or diff.get("activity_changed") or dialog_level or in_place
    )


def _partial(spec: ReproSpec, progress: Progress) -> float:
    j = progress.next_step
    if j >= len(spec.steps):
        return 0.0
    step = spec.steps[j]
    if progress.pending_value:
        tokens = value_tokens(step.value)
        done = value_tokens(progress.entered)
        if tokens and done and tokens[: len(done)] == done:
            return 0.3 + 0.6 * len(done) / len(tokens)
        if any(same_text(t, step.value) for t in progress.typed):
            return 0.7
        return 0.3
    if step.value and progress.entered:
        tokens = value_tokens(step.value)
        done = value_tokens(progress.entered)
        if tokens[: len(done)] == done:
            return 0.6 * len(done) / len(tokens)
    return 0.0


_GRANT_RE = re.compile(r"\b(?:grant\w*|allow\w*|permit\w*|accept\w*|give\s+\w*\s*access)\b", re.I)
_DENY_RE = re.compile(
    r"\b(?:den(?:y|ie[sd]|ying)|refus\w*|reject\w*|decline\w*|"
    r"(?:don't|do not|not) (?:allow|grant)\w*)\b",
    re.IGNORECASE,
)
# Buttons of the platform's runtime-permission dialog (API 23-34 wordings).
_ALLOW_BUTTONS = ("allow", "while using the app", "only this time", "allow all the time")
_DENY_BUTTONS = ("deny", "don't allow", "don’t allow", "deny & don't ask again", "don't ask again")


def is_permission_screen(xml: str) -> bool:
    """The top of the screen is the platform's runtime-permission dialog (a permission
    controller's or package installer's window)."""
    tree = screen_index(xml).tree
    if tree is None:
        return False
    top = tree.top_window()
    return top is not None and (
        "permissioncontroller" in top.package or "packageinstaller" in top.package
    )


def permission_answer(text: str) -> str:
    """``"deny"`` when a step's text asks to refuse a permission, ``"allow"`` when it asks to
    grant one (grant/allow/accept/permit), else ``""``."""
    if _DENY_RE.search(text):
        return "deny"
    return "allow" if _GRANT_RE.search(text) else ""


def permission_button(label: str) -> str:
    """``"allow"``/``"deny"`` for a permission dialog's button label, else ``""``."""
    low = normalize_label(label).replace("’", "'")
    if low in _DENY_BUTTONS or low.startswith(("deny", "don't allow")):
        return "deny"
    return "allow" if low in _ALLOW_BUTTONS or low.startswith("allow") else ""


def is_positive_label(label: str) -> bool:
    """Labels of buttons that confirm a dialog (OK, Create, Save, Allow...)."""
    low = normalize_label(label)
    return low in _POSITIVE_LABELS or low.split(" ")[0] in _POSITIVE_LABELS


def complete(spec: ReproSpec, progress: Progress) -> bool:
    """All steps done, or (crash bugs) the app crashed."""
    if progress.crashed and spec.bug_kind == CRASH:
        return True
    return bool(spec.steps) and progress.reached >= len(spec.steps) - 1


# A step that makes the item the report's later steps work on ("Create Trip", "Add a habit").
_CREATING_STEP_RE = re.compile(r"^\W*(?:create|add|make|insert|new)\b", re.IGNORECASE)


def is_creating(step: S2RStep) -> bool:
    """The step makes an item (its text opens with create, add, make, insert or new)."""
    return bool(_CREATING_STEP_RE.search(step.text))


def first_after_creating(steps: Sequence[S2RStep]) -> int:
    """The index of the first step after the last creating one (0 when none creates)."""
    creating = [k for k, s in enumerate(steps) if is_creating(s)]
    return creating[-1] + 1 if creating else 0


def redo(spec: ReproSpec, path: Path, progress: Progress) -> tuple[int, int, Progress] | None:
    """The report's steps after its last creating one done again after the path did every step
    ("Edit, change, Save" a second time on the item the path made: a bug that shows only on an
    item set up by a first pass): ``(first step, index of the first transition after the one
    that did the last step, the alignment of those steps on the rest of the path)``; ``None``
    while the path has not done every step, or when the last step is a creating one."""
    n = len(spec.steps)
    first = first_after_creating(spec.steps)
    if first >= n or n - 1 not in progress.served:
        return None
    offset = progress.served.index(n - 1) + 1
    tail = Path(path.transitions[offset:])
    return first, offset, align(replace(spec, steps=spec.steps[first:]), tail)
