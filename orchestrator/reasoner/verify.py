"""The offline stricter check for non-crash symptoms: concrete evidence on the final screen.

LTGDroid confirms a non-crash bug with a second, stricter look at the final screen. Without a
model we look for evidence a rule can name, from the symptom text (``Actual: ...``,
``Expected: ...``) and what the path did:

- a number the report expects (``should display 0.09``) is not on screen while another result is;
- an expression typed on the path has a wrong result on screen (checked with a small exact
  evaluator: a result that matches no reading of the expression is wrong);
- a list that does not update ("does not refresh"): a name the path typed and confirmed in a
  dialog is not listed, and the list is as it was before, its count of such things included
  (or with room for the new row);
- something the path deleted is still shown ("still visible", "not removed"): after a confirmed
  deletion, the name the path typed for the object;
- something the path typed or created is gone ("disappears", "lost", "not saved", "not created"),
  unless the symptom says that value is what the screen shows ("shows only 'Hello'");
- a state lost on the way back: Back lands on neither the form the path left nor a screen
  showing the value typed there ("dropped to the main page, form data is lost");
- the app left the foreground ("app closes", "exits");
- a quoted message of the actual behaviour is on screen (``"No activity found..."``);
- widgets cut off by the screen edge, or overlapping, when the report says so; buttons outside
  any scrolling list that a rotation made disappear;
- something that should appear after an action does not ("the bar will not appear when I
  tap"): absent before and after the last action, shown earlier on the same activity;
- a message the report observes ("an information bubble states a new logging file is
  created"): a toast the last step brought says it, on a path that did every step;
- a control the report says does nothing ("tapping Edit does nothing", "the button has no
  effect"): the action that did the report's last step, with every step before it done, left
  the screen exactly as it was (:func:`_does_nothing`);
- a screen the person cannot leave ("can't go back"): Back or Up, after every step, left the
  app on the same screen, not its first (:func:`_stuck`);
- an error the report only says is observed ("Observe error", no message quoted): a new
  error-like dialog or toast right after the click that did the last step, on the screen the
  report's later steps worked on, on a path that did every step in order and made the report's
  items once (:func:`_error_after_last_step`).

It answers ``reproduced`` only with such evidence, and names it. A number joined to a name
("note-12") is never an expected result, and :func:`input_undone` refuses a path whose actions
after the report's last step took a typed value out of its field.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import replace
from decimal import Decimal, InvalidOperation

from device_agent.actions import (
    CLICK,
    INPUT_TEXT,
    LEAVE_AND_RETURN,
    PRESS_BACK,
    PRESS_DELETE,
    RESTART_APP,
    ROTATE,
    SWIPE,
)
from device_agent.hierarchy import Hierarchy, ViewNode, find_node
from orchestrator.claims import MESSAGE_OVERLAP, message_words
from orchestrator.diff import toast_text, window_infos
from orchestrator.model import CRASH, Path, ReproSpec, Transition
from orchestrator.reasoner.align import (
    MATCH_THRESHOLD,
    Progress,
    ScreenIndex,
    action_label,
    align,
    field_names,
    first_after_creating,
    is_creating,
    is_positive_label,
    names_target,
    redo,
    screen_index,
    state_left,
    wanted_state,
    window_place,
)
from orchestrator.reasoner.base import Verdict
from orchestrator.reasoner.s2r import MESSAGE_SAYS_RE, PRONOUNS, expressions
from orchestrator.text import (
    content_words,
    normalize_label,
    quoted,
    similarity,
    split_identifier,
    stem,
)

# A standalone number: not part of a word, nor a fragment of an identifier joined by a
# separator ("item-12", "list_2", "12-abc", "#3" after a name: the digits name, they count nothing).
_NUMBER_RE = re.compile(
    r"(?<![\w.])(?<![A-Za-z_][-/#])-?\d+(?:[.,]\d+)?(?![\w.])(?![-/#][A-Za-z_])"
)
_STILL_RE = re.compile(
    r"\b(?:still (?:visible|there|shown|shows|appears?|displayed|present|exists?)|remains?|"
    r"not (?:removed|deleted|disappear\w*)|doesn't disappear|does not disappear|stays?)\b",
    re.IGNORECASE,
)
_GONE_RE = re.compile(
    r"\b(?:disappear\w*|lost|gone|vanish\w*|not (?:saved|created|kept|shown|displayed|visible)|"
    r"is empty|becomes? empty|cleared|reset\w*|no longer|"
    r"never (?:saved|created|stored|kept)|(?:does not|doesn't|did not|didn't) (?:exist|appear))\b",
    re.IGNORECASE,
)
_NOT_PERSISTED_RE = re.compile(
    r"\b(?:not (?:saved|created|kept|stored)|never (?:saved|created|stored|kept)|"
    r"(?:does not|doesn't|did not|didn't) (?:exist|appear))\b",
    re.IGNORECASE,
)
# The app left for the device's home screen. "Dropped to"/"returns to" a place leaves the app only
# when the place is the device's (home screen, launcher, desktop): "dropped to the main page" is
# the app's own main page.
_CLOSES_RE = re.compile(
    r"\b(?:app (?:closes|exits|quits)|closes the app|exits the app|kicked out|"
    r"(?:dropped|returns?|goes|went|sent) (?:back )?to (?:the )?(?:device'?s? |phone'?s? |"
    r"android )?(?:home\b(?! ?page)|launcher|desktop))",
    re.IGNORECASE,
)
_WRONG_RE = re.compile(
    r"\b(?:wrong|incorrect|erroneous|bad|invalid) (?:result|value|answer)s?\b|\bgives? wrong\b",
    re.IGNORECASE,
)
_LAYOUT_RE = re.compile(
    r"\b(?:cut off|cuts off|cut-off|off[- ]screen|truncated|clipped|overlap\w*)\b", re.IGNORECASE
)
# "The list does not update": a view that should have refreshed after an action did not.
_STALE_RE = re.compile(
    r"\b(?:(?:does not|doesn't|did not|didn't|do not|don't|not|never|no longer|fails? to|won't)\s+"
    r"(?:\w+ly\s+)?(?:be\s+)?(?:refresh|update|reload|redraw|reflect)\w*|stale|outdated)\b",
    re.IGNORECASE,
)
# The report says an action has no effect at all ("nothing happens", "does nothing", "has no
# effect", "does not respond"): a symptom of its own, seen as an unchanged screen.
_NOTHING_RE = re.compile(
    r"\b(?:nothing (?:happens|happened|changes|changed)|(?:does|did) nothing|"
    r"(?:does not|doesn't|did not|didn't) (?:do anything|react|respond|change anything)|"
    r"(?:has|had|have) no effect|without (?:any )?effect|no reaction|unresponsive|"
    r"not (?:react|respond)\w*)\b",
    re.IGNORECASE,
)
_SCROLL_WORDS_RE = re.compile(r"\b(?:scroll\w*|swip\w*|fling\w*)\b", re.IGNORECASE)
_DELETE_WORDS = re.compile(r"\b(?:delete|remove|trash|discard|clear)\w*\b", re.IGNORECASE)


def _parts(symptom: str) -> tuple[str, str, str]:
    """``(title, actual, expected)`` of a symptom written as ``Title. Actual: ... Expected: ...``
    (the heuristic analyzer's form); a free-form symptom is all title."""
    expected = ""
    actual = ""
    title = symptom
    m = re.search(r"\bExpected:\s*(.*)$", symptom, re.IGNORECASE | re.DOTALL)
    if m:
        expected = m.group(1).strip()
        title = symptom[: m.start()]
    m = re.search(r"\bActual:\s*(.*)$", title, re.IGNORECASE | re.DOTALL)
    if m:
        actual = m.group(1).strip()
        title = title[: m.start()]
    return title.strip(" ."), actual.strip(" ."), expected.strip(" .")


def verify(spec: ReproSpec, path: Path, typed: list[str]) -> Verdict:
    """Look for evidence of the symptom on the path's final screen (see the module docstring)."""
    final = path.last_screen
    if final is None:
        return Verdict(False, "no action was executed", 0.0)
    undone = _setting_undone(spec, path)
    if undone:
        return Verdict(False, undone, 0.0)
    title, actual, expected = _parts(spec.symptom)
    observed = f"{title}. {actual}"
    index = screen_index(final.hierarchy_xml)
    off = checks_off()
    closed = _app_closed(observed, path) if "app_closed" not in off else ""
    if closed:
        return Verdict(True, closed, 0.7, {**_details(spec, path), "check": "app_closed"})
    if not _in_app(path):
        # A final screen outside the app cannot be related to the report.
        return Verdict(False, f"the final screen is not the app's ({final.package})", 0.0)
    checks = (
        ("expected_number", lambda: _expected_number(expected, index, actual, spec, path)),
        ("wrong_result", lambda: _wrong_result(observed, spec, index)),
        ("still_after_delete", lambda: _still_after_delete(observed, path, typed, index)),
        ("not_listed_after_create", lambda: _not_listed_after_create(observed, path, typed, index)),
        ("gone", lambda: _gone(observed, spec, path, typed, index)),
        ("lost_on_return", lambda: _lost_on_return(observed, spec, path, typed)),
        ("back_to_start", lambda: _back_to_start(observed, path)),
        ("quoted_message", lambda: _quoted_message(actual, index, path, spec, typed)),
        ("layout", lambda: _layout(observed, index, path)),
        ("never_appears", lambda: _never_appears(observed, spec, path)),
        ("message_after_trigger", lambda: _message_after_trigger(actual, spec, path)),
        (
            "saved_value_differs",
            lambda: _saved_value_differs(observed, expected, spec, path, index),
        ),
        ("error_after_last_step", lambda: _error_after_last_step(observed, spec, path)),
        ("does_nothing", lambda: _does_nothing(observed, spec, path)),
        ("state_lost_on_rotation", lambda: _state_lost_on_rotation(observed, spec, path)),
        ("state_lost_on_leaving", lambda: _state_lost_on_leaving(observed, spec, path)),
        ("stuck", lambda: _stuck(observed, spec, path)),
    )
    for name, check in checks:
        if name in off:
            continue
        found = check()
        if found:
            # which check found it: what the sweep's rule-attribution counts (issue 28 §4)
            return Verdict(True, found, 0.7, {**_details(spec, path), "check": name})
    return Verdict(False, "no concrete evidence of the symptom on the final screen", 0.0)


# Names of verification checks to switch off, comma-separated: the ablation of issue 28 §4
# (what each check is worth on DEV and TEST), e.g. REPROFARM_VERIFY_OFF=gone,layout.
VERIFY_OFF_ENV = "REPROFARM_VERIFY_OFF"
CHECK_NAMES = (
    "app_closed", "expected_number", "wrong_result", "still_after_delete",
    "not_listed_after_create", "gone", "lost_on_return", "back_to_start",
    "quoted_message", "layout", "never_appears",
    "message_after_trigger", "saved_value_differs", "error_after_last_step", "does_nothing",
    "state_lost_on_rotation", "state_lost_on_leaving", "stuck",
)  # fmt: skip


def checks_off() -> frozenset[str]:
    """The checks :data:`VERIFY_OFF_ENV` switches off. Raises ``ValueError`` naming the known
    checks when it names one that does not exist (a typo would silently ablate nothing)."""
    names = frozenset(n.strip() for n in os.environ.get(VERIFY_OFF_ENV, "").split(",") if n.strip())
    unknown = sorted(names - set(CHECK_NAMES))
    if unknown:
        raise ValueError(
            f"{VERIFY_OFF_ENV} names unknown checks {unknown}; known: {', '.join(CHECK_NAMES)}"
        )
    return names


def _setting_undone(spec: ReproSpec, path: Path) -> str:
    """Why no symptom on ``path`` is the report's: the path left a setting a step turns on (off)
    in the other state (it was on already and the path clicked it off, or the path turned it
    back), so the app ran with settings the report does not describe; ``""`` when none."""
    for step in spec.steps:
        left = state_left(step, path.transitions)
        if left is not None and left[1] is not wanted_state(step):
            return (
                f"the path left '{left[0]}' {'on' if left[1] else 'off'}, against the step "
                f"'{step.text}'"
            )
    return ""


def input_undone(path: Path, served: list[int], typed: list[str]) -> str:
    """Why the final screen cannot carry the report's symptom: an action after the one that did
    the report's last step (``served``: the step each transition did, -1 for a helper) changed
    a text field that held a value the steps typed (``typed``) so that it no longer holds it, so
    the final screen shows what the path undid, not what the report's steps left; ``""`` when
    no such action."""
    done = [i for i, step in enumerate(served) if step >= 0]
    values = [normalize_label(v) for v in typed if v.strip()]
    if not done or not values:
        return ""
    for transition in path.transitions[done[-1] + 1 :]:
        before = _field_texts(transition.before.hierarchy_xml)
        after = _field_texts(transition.after.hierarchy_xml)
        for key, text in before.items():
            held = [v for v in values if v in normalize_label(text)]
            if held and key in after and held[0] not in normalize_label(after[key]):
                return (
                    f"an action after the report's last step ({transition.action.kind}) took "
                    f"the typed '{held[0]}' out of its field"
                )
    return ""


def _field_texts(xml: str) -> dict[str, str]:
    """``{field id: text}`` of the screen's text fields that have a resource id."""
    return {node.resource_id: node.text for node in screen_index(xml).editable if node.resource_id}


def _over_app(package: str) -> bool:
    """A system dialog's package that stands over the app (the platform's, a permission
    controller's)."""
    return (
        package == "android" or "permissioncontroller" in package or "packageinstaller" in package
    )


def _in_app(path: Path) -> bool:
    """The final screen belongs to the app the path runs (the first package on the path that
    is not a system dialog's: a path may start on a permission request), or to a system
    dialog over it."""
    packages = [t.before.package for t in path.transitions]
    app = next((p for p in packages if p and not _over_app(p)), "")
    final = path.last_screen.package if path.last_screen else ""
    return not app or not final or final == app or _over_app(final)


def _widget_values(xml: str) -> dict[str, str]:
    """``{widget: text}`` of the screen's app widgets that have an id and a text (or a
    checked state), first occurrence of each id."""
    out: dict[str, str] = {}
    index = screen_index(xml)
    nodes = [node for _, node in index.labels] + list(index.editable)
    if index.tree is not None:
        nodes += [n for n in index.tree.iter() if n.checkable]
    for node in nodes:
        rid = node.resource_id.rsplit("/", 1)[-1]
        if not rid or rid in out:
            continue
        value = node.text or node.content_desc
        if node.checkable:
            value = f"{value} ({'checked' if node.checked else 'unchecked'})".strip()
        out[rid] = value
    return out


def _details(spec: ReproSpec, path: Path) -> dict[str, object]:
    """What a person checks a symptom claim with: the widgets whose values the last action
    changed (before/after), else the report's named widgets still on screen."""
    last = path.transitions[-1]
    before, after = (
        _widget_values(last.before.hierarchy_xml),
        _widget_values(last.after.hierarchy_xml),
    )
    changed = [
        {"widget": rid, "before": before.get(rid, ""), "after": after.get(rid, "")}
        for rid in dict.fromkeys(list(before) + list(after))
        if before.get(rid, "") != after.get(rid, "")
    ]
    return {
        "action": last.action.describe(),
        "final_activity": last.after.activity,
        "widgets": changed[:6],
    }


_RESET_RE = re.compile(
    # (not "restart": "after a restart, X" names when, and a restarted app shows its first
    # screen's values by itself)
    r"\b(?:reset\w*|starts? (?:over|again)|back to (?:zero|0|the start\w*|"
    r"its (?:start\w*|initial|default|original)\w*)|goes back to)\b",
    re.IGNORECASE,
)


def _back_to_start(observed: str, path: Path) -> str:
    """A value went back to its starting value ("the timer resets on rotation"): a widget whose
    value changed along the path (so the path set it going) shows after the last action exactly
    what it showed on the path's first screen again. A widget the last action itself acted on
    does not count: switching a switch back off is the person's doing, not a reset; nor does
    a widget in a scrolling list, whose rows show what its scroll position shows."""
    if not _RESET_RE.search(observed) or len(path.transitions) < 2:
        return ""
    last = path.transitions[-1]
    named = {kind for kind, words in _RESET_EVENTS if words.search(observed)}
    if named and last.action.kind not in named:
        return ""  # "resets on rotation" after a click: the control's own doing, on any build
    start = _widget_values(path.transitions[0].before.hierarchy_xml)
    before = _widget_values(last.before.hierarchy_xml)
    after = _widget_values(last.after.hierarchy_xml)
    target = last.action.target
    acted_on = target.resource_id.rsplit("/", 1)[-1] if target is not None else ""
    scrolled = _scrolled_ids(last.before.hierarchy_xml) | _scrolled_ids(last.after.hierarchy_xml)
    for rid, value in after.items():
        if rid == acted_on or rid in scrolled:
            # a list's rows show what its scroll position shows: a scroll, then a re-layout,
            # brings the first rows back on any build (decision 0063)
            continue
        if rid in start and start[rid] == value and before.get(rid, value) != value:
            if _set_going_undone(path, rid, value):
                continue  # the path stopped what it started: the reset is its own
            return (
                f"'{rid}' went back from {before[rid]!r} to its starting value {value!r} "
                f"after '{last.action.describe()}'"
            )
    return ""


# The events a reset symptom names as its trigger ("the timer resets on rotation", "... when I
# come back from the background", "... after reopening the app"), with the action doing each.
_RESET_EVENTS = (
    (ROTATE, re.compile(r"\b(?:rotat\w*|orientation|landscape|portrait)\b", re.IGNORECASE)),
    (
        LEAVE_AND_RETURN,
        re.compile(
            r"\b(?:background\w*|home (?:button|screen)|switch\w* (?:to )?(?:another|other) apps?|"
            r"minimi\w*|leav\w* the app)\b",
            re.IGNORECASE,
        ),
    ),
    (
        RESTART_APP,
        re.compile(r"\b(?:restart\w* the app|re-?open\w*|re-?launch\w*|reboot\w*)\b", re.I),
    ),
)


def _set_going_undone(path: Path, rid: str, start_value: str) -> bool:
    """The click that first moved widget ``rid`` off ``start_value`` was made again before the
    path's last action (a start toggle pressed twice): the person stopped what they started, so
    the value back at its start is theirs, not the bug's."""
    transitions = path.transitions
    for k, t in enumerate(transitions[:-1]):
        was = _widget_values(t.before.hierarchy_xml).get(rid)
        now = _widget_values(t.after.hierarchy_xml).get(rid, start_value)
        if was == start_value and now != start_value:
            return any(_same_control(t, u) for u in transitions[k + 1 : -1])
    return False


# "The favorites bar will not appear when I tap": something that should show after an action
# does not. The thing is the noun phrase before the negation.
_NOT_APPEAR_RE = re.compile(
    r"\b(?P<thing>[^\W\d_][\w -]{2,40}?)\s+"
    r"(?:(?:will|would|does|did|do|can|wo|ca)(?:\s+not|n't)|not|never)\s+"
    r"(?:appear\w*|show(?:s|ing)? up|comes? back|be (?:shown|displayed))\b",
    re.IGNORECASE,
)
_THING_NOISE = re.compile(r"^(?:.*\b(?:the|a|an|my|that|this|when|but|and)\s+)", re.IGNORECASE)


def _things_not_appearing(observed: str) -> list[str]:
    """The noun phrases the symptom says do not appear ("the favorites bar will not appear" →
    ``favorites bar``)."""
    out: list[str] = []
    for m in _NOT_APPEAR_RE.finditer(observed.replace("doesn't", "does not")):
        thing = _THING_NOISE.sub("", m.group("thing")).strip()
        if thing and thing.lower() not in ("it", "this", "that", "nothing", *map(str.lower, out)):
            out.append(thing)
    return out


def _shows_thing(xml: str, thing: str) -> str:
    """The resource id or label of a visible widget of the app that is ``thing`` (its label or
    its resource id's words at similarity 0.8 or more), else ``""``."""
    index = screen_index(xml)
    if index.tree is None:
        return ""
    for label, _ in index.labels:
        if similarity(label, thing) >= 0.8:
            return label
    for window in index.tree.windows:
        for node in window.iter():
            rid = node.resource_id.rsplit("/", 1)[-1]
            if (
                rid
                and node.bounds.area > 0
                and similarity(" ".join(split_identifier(rid)), thing) >= 0.8
            ):
                return rid
    return ""


def _never_appears(observed: str, spec: ReproSpec, path: Path) -> str:
    """Something the report says does not appear after an action ("the favorites bar will not
    appear when I tap the screen") is absent before and after the path's last action (the
    report's last step: :func:`verify` runs on complete paths only), on the same activity where
    an earlier screen of the path showed it (so the app's name for it is known). Refused when
    the path itself turned off a switch whose label shares a word with the thing and no step
    asks to: that is the person's doing, not the bug."""
    if len(path.transitions) < 2:
        return ""
    last = path.transitions[-1]
    if last.action.target is None or last.before.activity != last.after.activity:
        return ""
    for thing in _things_not_appearing(observed):
        if _shows_thing(last.before.hierarchy_xml, thing) or _shows_thing(
            last.after.hierarchy_xml, thing
        ):
            continue
        shown = next(
            (
                (t, found)
                for t in path.transitions[:-1]
                if t.before.activity == last.after.activity
                for found in [_shows_thing(t.before.hierarchy_xml, thing)]
                if found
            ),
            None,
        )
        if (
            shown is None
            or _changed_related(thing, spec, path)
            or _emptied_related(thing, spec, path)
        ):
            continue
        return (
            f"'{thing}' ('{shown[1]}', shown earlier on {last.after.activity}) is not on screen "
            f"after '{last.action.describe()}'"
        )
    return ""


def _changed_related(thing: str, spec: ReproSpec, path: Path) -> bool:
    """The path turned off a switch or check box whose label shares a content word with
    ``thing``, and no step turns that control off: the thing's absence may be that setting's
    doing (the person's, not the bug's). A step that turns another setting off excuses nothing."""
    words = {stem(w) for w in content_words(thing)}
    for t in path.transitions:
        for change in t.diff.get("states_changed", []) or []:
            label = str(change.get("label", ""))
            if change.get("state") not in ("unchecked", "off"):
                continue
            if words & {stem(w) for w in content_words(label)} and not any(
                wanted_state(s) is False and names_target(label, s) for s in spec.steps
            ):
                return True
    return False


_EMPTYING_WORDS = re.compile(
    r"\b(?:delete|remove|trash|discard|clear|reset|erase|empty)\w*\b", re.IGNORECASE
)


def _emptied_related(thing: str, spec: ReproSpec, path: Path) -> bool:
    """The path clicked a control that deletes, clears or resets something sharing a content
    word with ``thing`` ("Reset your list of favorites" for the missing "favorites bar"), and
    no step of the report deletes, clears or resets: the thing may be absent because the path
    emptied it, not because of the bug (decision 0030; KISS#1481's false claim)."""
    if any(_EMPTYING_WORDS.search(s.text) for s in spec.steps):
        return False
    words = {stem(w) for w in content_words(thing)}
    for t in path.transitions:
        if t.action.kind != CLICK:
            continue
        label = _action_label(t)
        if _EMPTYING_WORDS.search(label) and words & {stem(w) for w in content_words(label)}:
            return True
    return False


def _in_clickable(node) -> bool:
    current = node
    while current is not None:
        if current.clickable:
            return True
        current = current.parent
    return False


def _screen_numbers(index) -> list[str]:
    """Numbers the screen displays (result texts and field contents), not keypad keys."""
    out = []
    for label, node in index.labels:
        if _in_clickable(node):
            continue
        if re.fullmatch(r"[=\s]*-?[\d,. ]+", label) and re.search(r"\d", label):
            out.append(label.strip(" ="))
    for node in index.editable:
        if re.fullmatch(r"-?[\d,. ]+", node.text.strip()) and re.search(r"\d", node.text):
            out.append(node.text.strip())
    return out


def _to_decimal(text: str) -> Decimal | None:
    t = text.replace(" ", "").replace(",", "")
    try:
        return Decimal(t)
    except InvalidOperation:
        return None


# A number that names a device, system or build, not a value the app shows ("Android 14").
_DEVICE_NUMBER_RE = re.compile(
    r"\b(?:android|api|version|ver|v|sdk|ios|build)\s*\.?\s*$", re.IGNORECASE
)


def _reported_numbers(text: str) -> list[Decimal]:
    """The numbers a symptom's part says the app shows, leaving out those that name a device,
    system or build (``Android 14``, ``version 3.0.1``)."""
    out = []
    for m in _NUMBER_RE.finditer(text):
        if _DEVICE_NUMBER_RE.search(text[: m.start()]):
            continue
        value = _to_decimal(m.group())
        if value is not None:
            out.append(value)
    return out


def _expected_number(
    expected: str, index, actual: str = "", spec: ReproSpec | None = None, path: Path | None = None
) -> str:
    """The report expects a number (``should display 0.09``); the screen shows another result
    and not that number, and (given ``spec`` and ``path``) the path did not go on after doing
    the report's last step (:func:`_went_on_after_the_steps`: "Tap Add 5" done ten times shows
    50 on a correct build too).

    Where the report also says which wrong number it saw (``Actual: the
    total shows 50``), the screen must show that one: another wrong number is another state
    (more or other input than the report's), not the report's symptom.

    When the expectation names an expression (``(5+4)% should display 0.09``, quoted or not),
    that expression must be the one on screen, and its operands are not expected results. When
    the screen's own input is an expression, the shown result must also be wrong for it: a
    result that a correct reading of what is on screen gives is no evidence, whatever the report
    expected of another input."""
    if not expected:
        return ""
    if spec is not None and path is not None and _went_on_after_the_steps(spec, path):
        return ""  # more actions than the report's: another state, not its symptom
    exprs = [q for _, q in quoted(expected) if _is_expression(q)]
    exprs += [e for e in expressions([expected]) if e not in exprs]
    if exprs and not any(_shows_expression(index, e) for e in exprs):
        return ""
    rest = expected
    for e in sorted(exprs, key=len, reverse=True):
        rest = rest.replace(e, " ")
    wanted = [n for n in _NUMBER_RE.findall(rest)]
    if not wanted:
        return ""
    shown = _screen_numbers(index)
    if not shown:
        return ""
    want = [_to_decimal(w) for w in wanted]
    have = [_to_decimal(s) for s in shown]
    if any(w is not None and h is not None and w == h for w in want for h in have):
        return ""
    own = _screen_expression(index)
    if own and _right_for(own, shown):
        return ""
    seen = [n for n in _reported_numbers(actual) if n not in want]
    if seen and not any(h in seen for h in have if h is not None):
        return ""
    return f"the screen shows {shown[-1]!r} where the report expects {wanted[-1]!r}"


def _screen_expression(index) -> str:
    """The expression the screen's input holds (a field, else a non-clickable label), or ``""``."""
    texts = [n.text for n in index.editable] + [
        label for label, node in index.labels if not _in_clickable(node)
    ]
    for text in texts:
        if _is_expression(text.strip()):
            return text.strip()
    return ""


def _right_for(expr: str, shown: list[str]) -> bool:
    """True when a number on screen other than ``expr`` itself is what a correct reading of
    ``expr`` gives (the screen's result is right for its own input)."""
    readings = [r for r in (_evaluate(x) for x in _readings(expr)) if r is not None]
    for text in shown:
        if normalize_label(text) == normalize_label(expr):
            continue
        value = _to_decimal(text)
        if value is not None and any(
            abs(value - r) <= Decimal("1e-6") * max(Decimal(1), abs(r)) for r in readings
        ):
            return True
    return False


def _is_expression(text: str) -> bool:
    """An arithmetic expression a person types (digits and at least one operator)."""
    return bool(re.search(r"\d", text) and re.search(r"[+\-×÷*/%!^√]", text)) and bool(
        re.fullmatch(r"[\d\s.,+\-×÷*/%!^√()]+", text)
    )


def _compact_expression(text: str) -> str:
    out = re.sub(r"\s+", "", text)
    for a, b in (("*", "×"), ("/", "÷"), ("−", "-"), ("–", "-")):
        out = out.replace(a, b)
    return out


def _shows_expression(index, expr: str) -> bool:
    """A field or a label shows ``expr`` (spaces and operator spellings aside)."""
    want = _compact_expression(expr)
    texts = [n.text for n in index.editable] + [label for label, _ in index.labels]
    return any(_compact_expression(t) == want for t in texts)


# --- a small exact evaluator for the wrong-result check -------------------------------------------
def _readings(expr: str) -> list[str]:
    """Ways to read an expression a person may have meant: as typed, with unbalanced
    parentheses balanced at the start or the end, and without them."""
    e = expr.replace("×", "*").replace("÷", "/").replace("−", "-").replace("^", "**")
    opens, closes = e.count("("), e.count(")")
    out = [e]
    if closes > opens:
        out.append("(" * (closes - opens) + e)
        out.append(e.replace(")", "", closes - opens))
    elif opens > closes:
        out.append(e + ")" * (opens - closes))
    return out


def _evaluate(expr: str) -> Decimal | None:
    """Evaluate + - * / ** % ! and parentheses exactly; ``None`` when not an expression."""

    def factorial(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return str(math.factorial(n)) if n <= 30 else "x"  # "x" makes the expression invalid

    e = re.sub(r"(?<![\d.])(\d+)!", factorial, expr)
    e = re.sub(r"(\d+(?:\.\d+)?|\))%", r"\1/100", e)
    if not re.fullmatch(r"[\d.+\-*/() ]+", e):
        return None
    tokens = re.findall(r"\d+(?:\.\d+)?|\*\*|[+\-*/()]", e)
    pos = 0

    def peek() -> str:
        return tokens[pos] if pos < len(tokens) else ""

    def take() -> str:
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def atom() -> Decimal:
        tok = take()
        if tok == "(":
            value = expression()
            if take() != ")":
                raise ValueError("unbalanced")
            return value
        if tok == "-":
            return -atom()
        return Decimal(tok)

    def power() -> Decimal:
        base = atom()
        if peek() == "**":
            take()
            exp = power()
            if exp != exp.to_integral_value() or abs(exp) > 64:
                raise ValueError("exponent")
            return base ** int(exp)
        return base

    def term() -> Decimal:
        value = power()
        while peek() in ("*", "/"):
            op = take()
            rhs = power()
            value = value * rhs if op == "*" else value / rhs
        return value

    def expression() -> Decimal:
        value = term()
        while peek() in ("+", "-"):
            op = take()
            rhs = term()
            value = value + rhs if op == "+" else value - rhs
        return value

    try:
        result = expression()
    except (ValueError, ArithmeticError, IndexError, InvalidOperation):
        return None
    return result if pos == len(tokens) else None


def _wrong_result(observed: str, spec: ReproSpec, index) -> str:
    """A report expression is on screen (the input holds it) with a result no reading of it
    gives."""
    if not _WRONG_RE.search(observed):
        return ""
    shown = _screen_numbers(index)
    if not shown:
        return ""
    for value in spec.input_values:
        if not re.search(r"[+\-×÷*/%!^]", value) or not _shows_expression(index, value):
            continue
        readings = [r for r in (_evaluate(x) for x in _readings(value)) if r is not None]
        if not readings:
            continue
        results = [d for d in (_to_decimal(s) for s in shown) if d is not None]
        # The result preview is the number on screen that is not the typed expression itself.
        candidates = [
            d
            for d, s in zip(results, shown, strict=False)
            if normalize_label(s) != normalize_label(value)
        ]
        if not candidates:
            continue
        result = candidates[-1]
        if all(abs(result - r) > Decimal("1e-6") * max(Decimal(1), abs(r)) for r in readings):
            plausible = ", ".join(str(r.normalize()) for r in readings[:3])
            return (
                f"{value!r} shows {result.normalize()} on screen; "
                f"a correct reading gives {plausible}"
            )
    return ""


def _deletes(transition: Transition) -> bool:
    """The action deletes: its label says so, or it confirms a dialog that does."""
    label = _action_label(transition)
    if _DELETE_WORDS.search(label):
        return True
    before = screen_index(transition.before.hierarchy_xml)
    return is_positive_label(label) and any(_DELETE_WORDS.search(t) for t in before.top_labels)


def _label_count(index, value: str) -> int:
    """How many non-editable widgets show exactly ``value``."""
    v = normalize_label(value)
    return sum(1 for label, _ in index.labels if normalize_label(label) == v)


def _still_after_delete(observed: str, path: Path, typed: list[str], index) -> str:
    """The path's last action confirmed a deletion, yet the deleted object is shown as often as
    before it ("the deleted item is still in the list").

    The last action must delete: its label is a delete word, or it confirms a dialog that talks
    of deleting. The object is a text the path typed (what it created) that the deletion names
    (a "Deleted X" message, a "Delete X?" dialog) or that the path opened before deleting it.
    Counting guards against a second object of the same name: the final screen must show it at
    least as many times as any earlier screen of the path did. An object an earlier deletion of
    the path already took off a screen is no evidence: deleting it again acts on where deleted
    things go (a trash, an archive), and being listed there is the first deletion working.
    """
    if not (_STILL_RE.search(observed) or _STALE_RE.search(observed)) or not path.transitions:
        return ""
    last = path.transitions[-1]
    before = screen_index(last.before.hierarchy_xml)
    label = _action_label(last)
    if not _deletes(last):
        return ""
    if last.diff.get("windows_opened") or index.dialog_open:
        return ""  # the deletion is still to be confirmed (a "Delete X?" dialog is up)
    messages = [
        normalize_label(t)
        for t, _ in before.labels + index.labels
        if _DELETE_WORDS.search(t) and normalize_label(t) != normalize_label(label)
    ]
    opened = {normalize_label(_action_label(t)) for t in path.transitions[:-1] if t.action.target}
    for value in dict.fromkeys(v for v in typed if len(normalize_label(v)) >= 2):
        v = normalize_label(value)
        if not (any(v in m.split() or f'"{v}"' in m for m in messages) or v in opened):
            continue
        if _deleted_before(path, value):
            continue
        now = _label_count(index, value)
        earlier = max(
            (_label_count(screen_index(t.before.hierarchy_xml), value) for t in path.transitions),
            default=0,
        )
        if now and now >= earlier:
            return (
                f"'{value}' is still shown {now} time(s) after '{last.action.describe()}' "
                "deleted it"
            )
    return ""


def _deleted_before(path: Path, value: str) -> bool:
    """Before the path's last action, a deletion (no dialog left open after it) of ``value``,
    opened from a screen that listed it, took it off: the screen after shows it fewer times than
    the last screen that listed it. (An item's own screen may show it only in an editable field,
    which :func:`_label_count` does not count: the listing screen is the one to compare.)"""
    shown, opened = 0, False
    wanted = normalize_label(value)
    for t in path.transitions[:-1]:
        before = screen_index(t.before.hierarchy_xml)
        if not before.dialog_open and (count := _label_count(before, value)):
            shown, opened = count, False
        if normalize_label(_action_label(t)) == wanted:
            opened = True
        after = screen_index(t.after.hierarchy_xml)
        if opened and _deletes(t) and not after.dialog_open and _label_count(after, value) < shown:
            return True
    return False


def _not_listed_after_create(observed: str, path: Path, typed: list[str], index) -> str:
    """The report says a view does not update ("the file list does not refresh"), and the
    path's last action confirmed a dialog in which it typed a name: the dialog closed, the
    final screen shows exactly the labels of an earlier screen of the path without a dialog (no
    label added, removed or changed), the name shows nowhere, and either a label counts things
    of the kind the dialog creates (:func:`_count_of_created`, unchanged) or the list has room
    for another row.

    The count or the room keeps an item appended below a full list (off screen, not stale) from
    counting; the unchanged check keeps a list that did update in another place from counting.
    """
    if not _STALE_RE.search(observed) or len(path.transitions) < 2:
        return ""
    last = path.transitions[-1]
    before = screen_index(last.before.hierarchy_xml)
    if not (before.dialog_open and before.editable and is_positive_label(_action_label(last))):
        return ""
    if not last.diff.get("windows_closed") or index.dialog_open or last.crash is not None:
        return ""
    names = [n.text.strip() for n in before.editable if n.text.strip()]
    names = [n for n in names if any(normalize_label(n) == normalize_label(t) for t in typed)]
    if not names or any(_visible(index, n) for n in names):
        return ""
    # The list as it was before the dialog: an earlier screen of the path without a dialog
    # that shows exactly the final screen's labels.
    final_labels = sorted(label for label, _ in index.labels)
    if not any(
        not screen_index(t.before.hierarchy_xml).dialog_open
        and sorted(label for label, _ in screen_index(t.before.hierarchy_xml).labels)
        == final_labels
        for t in path.transitions[:-1]
    ):
        return ""
    counter = _count_of_created(before, index)
    if counter:
        why = f"its count {counter!r} did not change"
    elif _list_has_room(index):
        why = "it has room for another row"
    else:
        return ""
    return (
        f"after '{last.action.describe()}' created {names[0]!r}, the list under the dialog is "
        f"unchanged and does not show it; {why}"
    )


_COUNT_RE = re.compile(r"(?<![\w.,:])\d+\s+([^\W\d_]{3,})", re.UNICODE)


def _count_of_created(dialog, index) -> str:
    """A label of the final screen that counts things of the kind the creating dialog makes
    ("9 folders, 1 file" after a "New file" dialog): a number before a noun that a word of the
    dialog's labels names (by stem). A list that did update would have changed it."""
    kinds = {stem(w) for label in dialog.top_labels for w in content_words(label)}
    for label, _ in index.labels:
        if any(stem(noun) in kinds for noun in _COUNT_RE.findall(label)):
            return label
    return ""


def _list_has_room(index) -> bool:
    """The screen's scrollable list (the largest) ends above its container's bottom by at least
    one row's height, so a row added anywhere in it would be on screen."""
    if index.tree is None:
        return False
    lists = [n for n in index.tree.iter() if n.scrollable and n.bounds.area > 0 and n.children]
    if not lists:
        return False
    box = max(lists, key=lambda n: n.bounds.area)
    rows = [c for c in box.children if c.bounds.area > 0]
    if not rows:
        return False
    height = max(r.bounds.bottom - r.bounds.top for r in rows)
    return box.bounds.bottom - max(r.bounds.bottom for r in rows) >= height


def _fixed_buttons(xml: str) -> dict[str, int]:
    """Labels of the app's clickable widgets that sit in no scrollable container (keys, toolbar
    buttons: what a layout must show whatever the screen's size), with their counts."""
    index = screen_index(xml)
    out: dict[str, int] = {}
    for label, node in index.labels:
        if not node.clickable:
            continue
        key = normalize_label(label) or label.strip()
        if key and not _in_scrollable(node):
            out[key] = out.get(key, 0) + 1
    return out


def _lost_on_rotation(path: Path) -> str:
    """The path's last action rotated the screen within the app (no window opened or closed),
    and at least two fixed buttons (:func:`_fixed_buttons`) shown before it are gone after it: a
    layout that cuts widgets off in the new orientation. Rows of a scrolling list do not count
    (a list shows fewer rows in landscape)."""
    if not path.transitions:
        return ""
    last = path.transitions[-1]
    if last.action.kind != ROTATE or last.crash is not None or last.diff.get("app_left"):
        return ""
    if last.diff.get("windows_opened") or last.diff.get("windows_closed"):
        return ""
    before, after = (
        _fixed_buttons(last.before.hierarchy_xml),
        _fixed_buttons(last.after.hierarchy_xml),
    )
    lost = sorted(k for k, n in before.items() if after.get(k, 0) < n)
    if len(lost) < 2:
        return ""
    shown = ", ".join(repr(k) for k in lost[:6])
    return (
        f"{len(lost)} buttons shown before '{last.action.describe()}' are missing after it "
        f"({shown})"
    )


def _action_label(transition) -> str:
    return action_label(transition.action, transition.before.hierarchy_xml)


def _gone(observed: str, spec: ReproSpec, path: Path, typed: list[str], index) -> str:
    """Something typed on the path was on screen right before the last action and is gone right
    after it ("the text disappears after rotating"), from a widget that is still there: a value
    that left with its whole screen (the path navigated away) is not gone, only elsewhere, and
    one a swipe scrolled away is not gone unless the symptom speaks of scrolling. A restart of
    the app that did the report's last step, every step done in order, and came back to the
    activity it left makes that screen anew: there what the path typed is gone with its row
    (a build that stores it shows it again)."""
    if not _GONE_RE.search(observed) or not path.transitions:
        return ""
    # What the path typed is evidence only when the report has the person type something: a
    # placeholder the search typed into a field the report never mentions is its own doing.
    values = [t for t in typed if t.strip()] if _asks_typing(spec) else []
    values += [s.value for s in spec.steps if s.value and s.action_hint not in (ROTATE,)]
    last = path.transitions[-1]
    if last.action.kind == SWIPE and not _SCROLL_WORDS_RE.search(observed):
        return ""  # a swipe moves content off the screen: not lost unless the report says so
    before = screen_index(last.before.hierarchy_xml)
    # "The text disappears" is about the widget that showed it; "the note is not created" is about
    # where the value should show up next, so the widget may have left with its screen.
    # ... but only on a path that did every step, and back on an activity it left before (the
    # list the item was made from): leaving for another place (Settings) takes the value away
    # on any build (decision 0057).
    kept_elsewhere = (
        bool(_NOT_PERSISTED_RE.search(observed))
        and last.after.activity in {t.before.activity for t in path.transitions[:-1]}
        and last.after.activity != last.before.activity
        and _did_every_step(spec, path)
    ) or (
        last.action.kind in (RESTART_APP, LEAVE_AND_RETURN)
        and last.before.activity == last.after.activity
        and _steps_run(spec, path) is not None
    )
    for v in dict.fromkeys(values):
        if _said_shown(observed, v):
            continue  # "only 'Hello' is displayed": what the report sees is not what was lost
        if _own_edit(last, before, v):
            continue  # the path's own keystrokes changed the field: an edit, not a loss
        if _only_as_option(before, v):
            continue  # a choice's label names an option: its state, not its text, is held
        if _placeholder_of_typed(last, before, v):
            continue  # typing into a field hides its placeholder on any build
        if _off_format(path, v):
            continue  # typed in a shape the field does not take: refused, not lost
        if (
            _visible(before, v)
            and not _visible(index, v)
            and (kept_elsewhere or _holder_still_there(before, index, v))
        ):
            if _went_on_after_the_steps(spec, path):  # aligns the whole path: only on evidence
                return ""  # the path went on past the report's last step: its own doing (§3)
            return f"'{v}' was on screen before '{last.action.describe()}' and is gone after it"
    return ""


def _placeholder_of_typed(transition: Transition, before: ScreenIndex, value: str) -> bool:
    """``value`` showed only as the placeholder of the field ``transition`` typed into (its
    hint, or a label lying inside the field's rectangle): typing hides it on any build."""
    if transition.action.kind not in (INPUT_TEXT, PRESS_DELETE) or before.tree is None:
        return False
    target = transition.action.target
    node = find_node(before.tree, target) if target is not None else None
    if node is None and target is not None and target.bounds is not None:
        spot = target.bounds.center
        node = next((n for n in before.editable if n.bounds.contains(*spot)), None)
    v = normalize_label(value)
    if node is None or not v:
        return False
    holders = [n for label, n in before.labels if v in normalize_label(label)]
    holders += [n for n in before.editable if v in normalize_label(n.hint or "")]
    box = node.bounds
    return bool(holders) and all(
        n is node
        or normalize_label(node.hint or "") == v
        or (
            n.bounds.left >= box.left
            and n.bounds.top >= box.top
            and n.bounds.right <= box.right
            and n.bounds.bottom <= box.bottom
        )
        for n in holders
    )


def _shape(text: str) -> str:
    """``text`` with digits and letters masked ("01:00" → "9:9", "90" → "9"): its format."""
    return re.sub(r"\s+", "", re.sub(r"[^\W\d_]+", "a", re.sub(r"\d+", "9", text)))


def _off_format(path: Path, value: str) -> bool:
    """``value`` was typed over a field that showed a formatted value (digits with separators,
    "01 : 00") of another shape ("90"): an input the app does not take, not a value it lost."""
    for t in path.transitions:
        if t.action.kind != INPUT_TEXT or normalize_label(t.action.text) != normalize_label(value):
            continue
        tree = screen_index(t.before.hierarchy_xml).tree
        target = t.action.target
        node = find_node(tree, target) if tree is not None and target is not None else None
        old = node.text if node is not None else ""
        if re.search(r"\d", old) and re.search(r"[^\w\s]", old) and _shape(old) != _shape(value):
            return True
    return False


def _only_as_option(index: ScreenIndex, value: str) -> bool:
    """Every widget showing ``value`` is a choice (a single-choice dialog's row, a radio button,
    a check box): its label is the fixed name of an option the screen offers, checked or not,
    not a value the app holds; it leaves with its list whatever the app keeps (decision 0067)."""
    v = normalize_label(value)
    holders = [n for label, n in index.labels if v and v in normalize_label(label)]
    return bool(holders) and all(n.checkable for n in holders)


def _asks_typing(spec: ReproSpec) -> bool:
    """The report has the person type something the search may stand in for: a value it gives,
    or a typing step that names the field or gives no target at all ("type some text"). A
    typing step whose only targets are pronouns the reader could not tie to an earlier step
    (made up: "typing it there changed nothing", a remark about a workaround, not a step)
    names no field: a placeholder the search typed into whatever field it found is its own
    doing, not a value the report has the person type."""
    if spec.input_values:
        return True
    return any(
        s.action_hint == INPUT_TEXT
        and (s.value or not s.targets or any(t.strip().lower() not in PRONOUNS for t in s.targets))
        for s in spec.steps
    )


# A sentence of the symptom that says what the screen shows ("the card shows only X",
# "only X is displayed", "I see X").
_SAYS_SHOWN_RE = re.compile(r"\b(?:show\w*|display\w*|appear\w*|visible|see[sn]?)\b", re.I)


def _own_edit(transition: Transition, before, value: str) -> bool:
    """The transition's action is the path's own edit of a text field that held ``value``:
    text typed into that field, or a Delete key while it has the focus (or, on a dump that
    shows no focus, while it is the screen's only field). What that field shows next is the
    edit's doing ("abc" becomes "ab"), on any build: not a value the app lost."""
    kind = transition.action.kind
    if kind not in (INPUT_TEXT, PRESS_DELETE):
        return False
    v = normalize_label(value)
    holders = [n for n in before.editable if v and v in normalize_label(n.text)]
    if not holders:
        return False
    if kind == PRESS_DELETE:
        if any(n.focused for n in before.editable):
            return any(n.focused for n in holders)
        return len(before.editable) == 1
    target = transition.action.target
    node = find_node(before.tree, target) if before.tree is not None and target else None
    if node is not None:
        return any(node.bounds == n.bounds for n in holders)
    # No node matches the target: the device types at the centre of its recorded rectangle.
    spot = target.bounds.center if target is not None and target.bounds is not None else None
    return spot is not None and any(n.bounds.contains(*spot) for n in holders)


def _said_shown(observed: str, value: str) -> bool:
    """The symptom quotes ``value`` in a sentence that says the screen shows it: then it is what
    is left on screen, not what disappeared."""
    v = normalize_label(value)
    for sentence in re.split(r"(?<=[.!?;:])\s+", observed):
        if _SAYS_SHOWN_RE.search(sentence) and any(
            normalize_label(q) == v for _, q in quoted(sentence)
        ):
            return True
    return False


def _lost_on_return(observed: str, spec: ReproSpec, path: Path, typed: list[str]) -> str:
    """A state loss on the way back ("press back: dropped to the main page, the form data is
    lost"): the path left a screen whose text field held a value the report has typed, opened
    another screen, and the last action, Back, lands on neither that screen nor one showing the
    value. On a build without the bug Back returns to the form with the value in it."""
    if not _GONE_RE.search(observed) or len(path.transitions) < 3:
        return ""
    last = path.transitions[-1]
    if last.action.kind != PRESS_BACK:
        return ""
    # The transition that opened the screen Back left (actions on that screen skipped).
    left = last.before.structural_hash
    k = len(path.transitions) - 2
    while k >= 0 and path.transitions[k].before.structural_hash == left:
        k -= 1
    if k < 0:
        return ""
    origin = path.transitions[k].before
    values = [t for t in typed if t.strip()] if _asks_typing(spec) else []
    values += [s.value for s in spec.steps if s.value and s.action_hint == INPUT_TEXT]
    held = screen_index(origin.hierarchy_xml)
    final = screen_index(last.after.hierarchy_xml)
    if last.after.structural_hash == origin.structural_hash:
        return ""
    for v in dict.fromkeys(values):
        nv = normalize_label(v)
        if (
            nv
            and any(nv in normalize_label(n.text) for n in held.editable)
            and not _visible(final, v)
        ):
            if _went_on_after_the_steps(spec, path):  # aligns the whole path: only on evidence
                return ""  # Back past the report's last step: the path's own doing (§3)
            return (
                f"'{v}' was typed on a screen the path left; '{last.action.describe()}' lands on "
                f"another screen ({last.after.activity}) without it"
            )
    return ""


def _holder_still_there(before, after, value: str) -> bool:
    """The widget that showed ``value`` before is on the screen after: by its own resource id,
    or, for widgets without one, the screen is the same one (at least half of its ids remain).
    A platform id (``android:id/title``) names no widget of the app: another screen's row has
    it too, so it is no sign the holder stayed (decision 0061)."""
    v = normalize_label(value)
    holders = [n for n in before.editable if v in normalize_label(n.text)]
    holders += [n for label, n in before.labels if v in normalize_label(label)]
    after_ids = {n.resource_id for n in after.tree.iter()} if after.tree is not None else set()
    ids = {n.resource_id for n in holders if _own_id(n.resource_id)}
    if ids:
        return bool(ids & after_ids)
    # The app's own ids: the platform's (android:id/...) and the window decor's are on every
    # screen of a one-activity app, so they cannot tell two screens apart (decision 0058).
    before_ids = (
        {
            n.resource_id
            for w in before.tree.app_windows()
            for n in w.iter()
            if _own_id(n.resource_id)
        }
        if before.tree
        else set()
    )
    if before_ids:
        return 2 * len(before_ids & after_ids) >= len(before_ids)
    # No ids of its own: the same screen keeps its first label (its title) and at least half
    # of its other labels.
    kept = {label for label in before.label_set if label and label != v}
    first = next((normalize_label(t) for t, _ in before.labels if normalize_label(t) != v), "")
    return bool(kept) and first in after.label_set and 2 * len(kept & after.label_set) >= len(kept)


_DECOR_IDS = frozenset(
    {"action_bar_root", "content", "decor_content_parent", "action_bar_container", "action_bar",
     "statusBarBackground", "navigationBarBackground", "toolbar"}
)  # fmt: skip


def _own_id(resource_id: str) -> bool:
    """A resource id the app gave a view: not the platform's nor the window decor's."""
    if not resource_id or resource_id.startswith("android:"):
        return False
    return resource_id.rsplit("/", 1)[-1] not in _DECOR_IDS


def _visible(index, value: str) -> bool:
    v = normalize_label(value)
    if not v:
        return False
    if any(normalize_label(n.text) == v or v in normalize_label(n.text) for n in index.editable):
        return True
    return index.shows(value) or any(v in normalize_label(label) for label, _ in index.labels)


def _app_closed(observed: str, path: Path) -> str:
    """The report says the app closes or drops to the launcher, and the path's last action left
    the app without a crash, from a screen that is not the path's first: Back on the screen
    the app opens on leaves the app on every build (decision 0058)."""
    if not _CLOSES_RE.search(observed) or not path.transitions:
        return ""
    last = path.transitions[-1]
    if last.action.kind == PRESS_BACK and _on_first_screen(last.before, path):
        return ""
    if last.diff.get("app_left") and last.crash is None:
        return (
            f"after '{last.action.describe()}' the app is no longer in the foreground "
            f"({last.after.package})"
        )
    return ""


def _quoted_message(
    actual: str, index, path: Path, spec: ReproSpec | None = None, typed: list[str] | None = None
) -> str:
    """A message the report's actual part quotes that the last action brought: on the screen
    now and not before it, or in a toast it brought (a new one: toasts are no labels). Also, on
    a report whose quoted exception did not crash the app, the exception shown as text: a label
    the last action brought that names the exception's class and has at least
    :data:`~orchestrator.claims.MESSAGE_OVERLAP` of its message's words. A quote that is
    part of a text the path ``typed`` is no evidence (the card shows "Hello" after "Hello" or
    "Hello <name>" was typed: the input, or a fixed build showing all of it), nor is a quote
    naming a control a step targets (the steps bring that label up). A quote is evidence only
    on a path that did every step, and kept the choices its steps made (:func:`_choice_undone`):
    a step the aligner excused, or a drop-down entry the app reset, may be the bug's condition,
    and then the quoted text is the app working (decision 0057)."""
    if not path.transitions:
        return ""
    last = path.transitions[-1]
    before = screen_index(last.before.hierarchy_xml)
    shown = _shown_exception(spec, index, before) if spec is not None else ""
    if shown:
        return f"the screen now shows {shown!r}: the report's exception, as text"
    if not actual:
        return ""
    if spec is not None:
        progress = align(spec, path)
        if not _did_every_step(spec, path, progress) or _choice_undone(spec, path, progress):
            return ""
    toast = normalize_label(toast_text(last.after.hierarchy_xml)) if last.diff.get("toast") else ""
    own_input = {normalize_label(t) for t in typed or ()}
    controls = {normalize_label(t) for step in (spec.steps if spec else ()) for t in step.targets}
    for _, q in quoted(actual):
        if len(q) < 4 or not re.search(r"[A-Za-z]{3}", q):
            continue
        nq = normalize_label(q)
        if any(nq in t for t in own_input):
            # the app shows (part of) what the path itself typed: its input, not the symptom
            continue
        if nq in controls or _names_a_control(actual, q):
            # a control the steps name ('tapping "Open map" does nothing'), or one the symptom
            # names as a control ('the "Tab color" setting resets'): its label showing is no
            # symptom (issue 28 §3)
            continue
        shown_now = any(nq in normalize_label(label) for label, _ in index.labels)
        shown_before = any(nq in normalize_label(label) for label, _ in before.labels)
        if shown_now and not shown_before:
            return f"the screen now shows {q!r}, as the report says"
        if nq in toast and not shown_before:
            return f"after '{last.action.describe()}' a toast says {q!r}, as the report says"
    return ""


# What a quote names when these words follow it (other quotes and "and" between): a control,
# as in 'the "Tab color" and "Accent" settings go back to their defaults'.
_CONTROL_AFTER_QUOTE_RE = re.compile(
    r"""^[\s"'”’]*(?:(?:,|and|or|&)\s*["'“‘][^"'”’]{1,80}["'”’]\s*)*"""
    r"(?:settings?|options?|buttons?|menus?|menu items?|fields?|tabs?|switch(?:es)?|"
    r"check\s?box(?:es)?|preferences?|toggles?|sliders?|pickers?|spinners?|icons?|links?)\b",
    re.IGNORECASE,
)


def _names_a_control(actual: str, quote: str) -> bool:
    """The symptom names ``quote`` as a control: a control noun follows it."""
    for m in re.finditer(re.escape(quote), actual):
        if _CONTROL_AFTER_QUOTE_RE.match(actual[m.end() :]):
            return True
    return False


def _selection_key(node: ViewNode) -> tuple[str, str]:
    """A widget named by its resource id and its container's (framework ids such as
    ``android:id/text1`` are shared by many views)."""
    parent = node.parent
    while parent is not None and not parent.resource_id:
        parent = parent.parent
    return (node.resource_id, parent.resource_id if parent is not None else "")


def _selections(xml: str) -> dict[tuple[str, str], str]:
    """``{widget: text}`` of the screen's non-editable widgets with an id and a text, every
    occurrence keyed by :func:`_selection_key` (:func:`_widget_values` keeps only the first
    widget of each id: a drop-down's ``text1`` would hide the others)."""
    tree = screen_index(xml).tree
    if tree is None:
        return {}
    return {
        _selection_key(n): n.text
        for n in tree.iter()
        if n.resource_id and n.text and not n.is_editable
    }


def _choice_undone(spec: ReproSpec, path: Path, progress: Progress | None = None) -> str:
    """A choice a step made (a drop-down entry, a filter, a tab: the action that did the step
    stayed on its activity and made a widget show the step's target) that no longer shows
    before the path's last action: the path went away and came back, and the app reset it, so
    what follows runs without the report's choice (decision 0057); ``""`` when none.
    ``progress``: ``align(spec, path)`` when the caller has it."""
    if len(path.transitions) < 2:
        return ""
    final = _selections(path.transitions[-1].before.hierarchy_xml)
    for i, k in enumerate((progress or align(spec, path)).served[:-1]):
        t = path.transitions[i]
        if k < 0 or t.before.activity != t.after.activity:
            continue
        targets = {normalize_label(x) for x in spec.steps[k].targets}
        before, after = _selections(t.before.hierarchy_xml), _selections(t.after.hierarchy_xml)
        for key, text in after.items():
            chosen = normalize_label(text)
            if chosen in targets and before.get(key) not in (None, text):
                now = final.get(key)
                if now is not None and normalize_label(now) != chosen:
                    return f"the choice {text!r} shows {now!r} again before the last action"
    return ""


def _shown_exception(spec: ReproSpec, index, before) -> str:
    """A label on ``index`` and not on ``before`` that names ``spec``'s exception class (its
    simple name) with enough of its message's words; ``""`` on a crash report or when none."""
    if spec.bug_kind == CRASH or not spec.exception_class:
        return ""
    name = spec.exception_class.rsplit(".", 1)[-1].lower()
    want = message_words(spec.exception_message)
    old = {normalize_label(label) for label, _ in before.labels}
    for label, _ in index.labels:
        if name not in label.lower() or normalize_label(label) in old:
            continue
        if not want or len(want & message_words(label)) / len(want) >= MESSAGE_OVERLAP:
            return label
    return ""


def _layout(observed: str, index, path: Path) -> str:
    if not _LAYOUT_RE.search(observed) or index.tree is None or not index.width:
        return ""
    top = index.tree.top_window()
    if top is None:
        return ""
    screen = top.bounds
    cut = []
    clickables = [n for n in top.iter() if n.clickable and n.bounds.area > 0]
    for node in clickables:
        b = node.bounds
        if b.right > screen.right + 1 or b.bottom > screen.bottom + 1 or b.left < screen.left - 1:
            cut.append(node)
    if len(cut) >= 2:
        example = cut[0].selector().describe()
        return f"{len(cut)} widgets extend past the window's edge (e.g. {example})"
    lost = _lost_on_rotation(path)
    if lost:
        return lost
    if "overlap" in observed.lower():
        overlaps = 0
        for i, a in enumerate(clickables):
            for b in clickables[i + 1 :]:
                if a in b.iter() or b in a.iter():
                    continue
                ix = min(a.bounds.right, b.bounds.right) - max(a.bounds.left, b.bounds.left)
                iy = min(a.bounds.bottom, b.bounds.bottom) - max(a.bounds.top, b.bounds.top)
                if ix > 4 and iy > 4:
                    overlaps += 1
        if overlaps:
            return f"{overlaps} pairs of widgets overlap on the final screen"
    return ""


# A toast says what the report's message says from this similarity on (the share of the
# report's words in the toast's, synonyms at 0.6): most of them.
MESSAGE_MATCH = 0.6


def _unquoted(text: str) -> str:
    return text.strip().strip("\"'`“”‘’").strip()


def _message_after_trigger(actual: str, spec: ReproSpec, path: Path) -> str:
    """The report observes a message the app shows ("an information bubble states a new
    logging file is created", in the symptom's actual part: what it presents as the bug) and
    the path's last action, which did the report's last step (the trigger), brought a toast
    that says it (:data:`MESSAGE_MATCH` of the report's words). Only on a path that did every
    step, none skipped (a precondition such as "with file logging enabled" included), and
    never a toast the path showed before the trigger (one the path's own setup brought:
    enabling the setting shows the same message)."""
    claims = [
        what
        for m in MESSAGE_SAYS_RE.finditer(actual)
        if content_words(what := _unquoted(m.group("what")))
    ]
    if not claims or not path.transitions or not spec.steps:
        return ""
    last = path.transitions[-1]
    toast = toast_text(last.after.hierarchy_xml)
    if not last.diff.get("toast") or not toast:
        return ""  # no toast, or the one the screen before the last action showed already
    progress = align(spec, path)
    if progress.served[-1:] != [len(spec.steps) - 1]:
        return ""  # the toast did not follow the report's last step
    if set(range(len(spec.steps))) - set(progress.served):
        return ""  # a step skipped: the app did not run as the report describes
    earlier = {
        normalize_label(toast_text(screen.hierarchy_xml))
        for t in path.transitions
        for screen in (t.before, t.after)
        if screen is not last.after
    }
    if normalize_label(toast) in earlier:
        return ""  # the same message before the trigger: not the trigger's doing
    for claim in claims:
        if similarity(claim, toast) >= MESSAGE_MATCH:
            return (
                f"after '{last.action.describe()}' a toast says {toast!r}, as the report's "
                f"'{claim}'"
            )
    return ""


# "The coordinates are not correct", "the price isn't saved", "the amount was lost": the thing
# before the predicate is a value the person entered, and what was stored is not it.
_NOT_KEPT_RE = re.compile(
    r"\b(?P<thing>[^\W\d_][\w' -]{1,60}?)\s+(?:(?:is|are|was|were|gets?|got)\s+)?"
    r"(?:(?:not|never)\s+(?:\w+ly\s+)?(?:correct\w*|right|accurate\w*|updated|saved|stored|"
    r"kept|applied)|(?:is|are|was|were)n't\s+(?:\w+ly\s+)?(?:correct\w*|right|accurate\w*|"
    r"updated|saved|stored|kept|applied)|wrong|incorrect\w*|inaccurate\w*|lost|"
    r"(?:does|do|did)(?: not|n't)\s+(?:get\s+)?(?:update|save|stick)\w*)\b",
    re.IGNORECASE,
)
# A control that leaves an editor without keeping its input.
_DISCARD_LABEL_RE = re.compile(
    r"\b(?:back|up|cancel\w*|close|discard\w*|delete|remove|dismiss|clear|reset|no|undo)\b",
    re.IGNORECASE,
)
_PLAIN_NUMBER_RE = re.compile(r"-?\d+(?:[.,]\d+)?")
# How many labels a saved item's row may hold (its name, its values, an info icon).
_ROW_LABELS = 6


def _not_kept_things(observed: str) -> list[tuple[str, str]]:
    """``(thing, sentence)`` for each thing the symptom says is wrong, not correct, not
    updated, not saved or lost ("In the edit location screen the coordinates are not correct"
    → ``coordinates``)."""
    out: list[tuple[str, str]] = []
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", observed):
        for m in _NOT_KEPT_RE.finditer(sentence):
            thing = _THING_NOISE.sub("", m.group("thing")).strip()
            if thing and thing.lower() not in ("it", "this", "that", "they", "nothing"):
                out.append((thing, sentence.strip()))
    return out


def _names_same_thing(phrase: str, target: str) -> bool:
    """``phrase`` names what ``target`` does: similar at 0.8, or both noun phrases end in the
    same head noun ("Typed fishing-spot coordinates" and "coordinates")."""
    if similarity(phrase, target) >= 0.8:
        return True
    heads = [content_words(p)[-1:] for p in (phrase, target)]
    return bool(heads[0]) and bool(heads[1]) and stem(heads[0][0]) == stem(heads[1][0])


def _number_of(text: str) -> Decimal | None:
    """``text`` read as one plain number ("12", "-79.3", "12,5"), else ``None``."""
    t = text.strip()
    if not _PLAIN_NUMBER_RE.fullmatch(t):
        return None
    return _to_decimal(t.replace(",", ".") if t.count(",") == 1 and "." not in t else t)


def _shows_number(shown: Decimal, value: Decimal) -> bool:
    """``shown`` is ``value`` as a screen may format it: equal as numbers (12 == 12.000000), or
    ``value`` rounded to the digits ``shown`` has (12.3456789 shown as 12.345679)."""
    exponent = shown.as_tuple().exponent
    unit = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0)
    return abs(shown - value) < unit


def _item_row(index: ScreenIndex, name: str) -> list[str] | None:
    """The labels of the row that shows ``name`` (a non-editable label equal to it): the
    nearest ancestor of that label holding at most :data:`_ROW_LABELS` labels and another
    label with a number; ``None`` when no such row is on screen."""
    wanted = normalize_label(name)
    for label, node in index.labels:
        if normalize_label(label) != wanted:
            continue
        current = node.parent
        for _ in range(3):
            if current is None:
                break
            labels = [
                (n.text or n.content_desc).strip()
                for n in current.iter()
                if n is not node and (n.text or n.content_desc).strip() and not n.is_editable
            ]
            if len(labels) + 1 > _ROW_LABELS:
                break
            if any(_NUMBER_RE.search(x) for x in labels):
                return labels
            current = current.parent
    return None


def _saved_value_differs(
    observed: str, expected: str, spec: ReproSpec, path: Path, index: ScreenIndex
) -> str:
    """A value the person typed and saved is not what the saved item shows ("Manually enter
    coordinates; Save; the coordinates are not correct"). All of these, or no claim:

    - the symptom says a thing is wrong / not correct / not updated / not saved / lost, that
      thing is what a typing step names (similarity 0.8), and the symptom states no number of
      its own (a value it expects is :func:`_expected_number`'s, and one it calls correct is
      no evidence against the screen);
    - the path typed a number V into a field the thing (or that step) names (a name of
      :func:`~orchestrator.reasoner.align.field_names` at ``MATCH_THRESHOLD``), and the field
      took it;
    - later a click whose label is not a way out (back, cancel, close, delete...) closed the
      editor while the field still held V and another field of it held a text W the path
      typed; W shows right after that click (the item was saved), and the path typed nothing
      more after it;
    - the final screen shows W in a row of at most :data:`_ROW_LABELS` labels that shows one
      number per number field of the editor at the save (so V's place is known: latitude and
      longitude as "37.421998, -122.084000"), and none of them is V (read as numbers:
      12 == 12.000000; V rounded to a shown number's digits counts as V).
    """
    if re.search(r"\d", expected) or not path.transitions:
        return ""
    typing_targets = [t for s in spec.steps if s.action_hint == INPUT_TEXT for t in s.targets if t]
    if not typing_targets:
        return ""
    transitions = path.transitions
    for thing, sentence in _not_kept_things(observed):
        if re.search(r"\d", sentence):
            continue
        named_by = [t for t in typing_targets if _names_same_thing(thing, t)]
        if not named_by:
            continue
        for i, t in enumerate(transitions):
            found = _typed_number_saved(t, transitions[i + 1 :], [thing, *named_by])
            if found is None:
                continue
            field, value, save, name, kept = found
            row = _item_row(index, name)
            if row is None:
                continue
            numbers = [
                d
                for text in row
                for raw in _NUMBER_RE.findall(text)
                for d in [_to_decimal(raw)]
                if d is not None
            ]
            # The item shows one number per number field of the editor, in their order, so
            # V's place is known (V is none of them, at its place or elsewhere); a row showing
            # fewer or more numbers shows other things.
            if len(numbers) != kept or any(_shows_number(n, value) for n in numbers):
                continue
            shown = " / ".join([name, *row])
            return (
                f"the report says {sentence!r}; the path typed {t.action.text.strip()!r} into "
                f"'{field}' and saved with '{save}', but the saved item shows {shown!r}"
            )
    return ""


def _typed_number_saved(
    typing: Transition, later: list[Transition], names: list[str]
) -> tuple[str, Decimal, str, str, int] | None:
    """For :func:`_saved_value_differs`: ``(field name, V, save label, W, how many number
    fields the editor has)`` when ``typing`` typed a number V into a field one of ``names``
    names and a click of ``later`` saved it (see there), else ``None``."""
    action = typing.action
    value = _number_of(action.text) if action.kind == INPUT_TEXT else None
    if value is None or action.target is None:
        return None
    before = screen_index(typing.before.hierarchy_xml)
    after = screen_index(typing.after.hierarchy_xml)
    if before.tree is None or after.tree is None:
        return None
    node = find_node(before.tree, action.target)
    if node is None or not node.is_editable:
        return None
    field = next(
        (n for n in field_names(node) for x in names if similarity(n, x) >= MATCH_THRESHOLD), ""
    )
    held = find_node(after.tree, action.target)
    took = held is not None and _number_of(held.text)
    if not field or not took or took != value:
        return None
    for k, t in enumerate(later):
        if t.action.kind == INPUT_TEXT:
            continue
        if t.action.kind != CLICK or t.action.target is None:
            return None  # Back, a rotation...: the editor was not saved by a control
        shown = screen_index(t.before.hierarchy_xml)
        if shown.tree is None:
            return None
        still = find_node(shown.tree, action.target)
        if still is None or not still.is_editable or _number_of(still.text) != value:
            return None  # retyped, cleared or gone before any save
        closed = t.diff.get("windows_closed") or t.diff.get("activity_changed")
        if not closed:
            continue
        label = _action_label(t)
        if _DISCARD_LABEL_RE.search(label) or any(
            x.action.kind == INPUT_TEXT for x in later[k + 1 :]
        ):
            return None
        saved = screen_index(t.after.hierarchy_xml)
        for other in shown.editable:
            text = other.text.strip()
            if (
                other is not still
                and text
                and _number_of(text) is None
                and any(
                    x.action.kind == INPUT_TEXT and x.action.text.strip() == text for x in later[:k]
                )
                and saved.shows(text)
            ):
                top = shown.tree.top_window()
                numeric = [
                    n
                    for n in (top.iter() if top is not None else [])
                    if n.is_editable and _number_of(n.text) is not None
                ]
                if still not in numeric:
                    return None
                return field, value, label, text, len(numeric)
        return None
    return None


# "Observe error", "an error message appears", "I get an error": the symptom is an error the app
# shows, with no message quoted (a quoted one is :func:`_quoted_message`'s).
# ("fails to update the list" says what does not happen, not that an error shows.)
_ERROR_OBSERVED_RE = re.compile(
    r"\b(?:errors?|error messages?|failure|fails?|failed)\b(?!\s+to\b)", re.IGNORECASE
)
_NO_ERROR_RE = re.compile(
    r"(?:\b(?:no|without|never|not)|n't)\s+(?:\w+\s+){0,2}(?:errors?|failure|fail\w*)\b",
    re.IGNORECASE,
)
# Words of a message that reports an error or refuses an input (a dialog's title or text, a
# toast): "Error", "Invalid name", "A trip within that date range already exists", "Can't...".
_ERROR_MESSAGE_RE = re.compile(
    r"\b(?:errors?|invalid|already exists?|can ?not|can't|cannot|could not|couldn't|unable|"
    r"fail(?:ed|s|ure)?|must|not allowed|not valid)\b",
    re.IGNORECASE,
)


def _window_texts(window: ViewNode) -> str:
    """The texts of a window that are not its buttons' (its title and message)."""
    return " ".join(
        (n.text or n.content_desc).strip()
        for n in window.iter()
        if (n.text or n.content_desc).strip() and not n.clickable
    )


def _new_error_message(last: Transition) -> str:
    """The error-like message (:data:`_ERROR_MESSAGE_RE`) the ``last`` transition brought: the
    text of a window it opened, or a new toast; ``""`` when none."""
    if last.diff.get("windows_opened"):
        after = screen_index(last.after.hierarchy_xml).tree
        top = after.top_window() if after is not None else None
        text = _window_texts(top) if top is not None else ""
        if _ERROR_MESSAGE_RE.search(text):
            return text
    toast = toast_text(last.after.hierarchy_xml) if last.diff.get("toast") else ""
    return toast if _ERROR_MESSAGE_RE.search(toast) else ""


def _screen_shape(xml: str) -> tuple[tuple[int, str, str], ...]:
    """The bottom app window's structure without texts: which screen it is, whatever its
    fields show (an editor whose date changed is the same screen)."""
    tree = screen_index(xml).tree
    windows = tree.app_windows() if tree is not None else []
    if not windows:
        return ()
    return tuple((n.depth, n.cls, n.resource_id) for n in windows[0].iter())


def _on_first_screen(screen, path: Path) -> bool:
    """``screen`` is the screen the path started on (the same structure, whatever its texts):
    Back there leaves the app on every build."""
    return _screen_shape(screen.hierarchy_xml) == _screen_shape(
        path.transitions[0].before.hierarchy_xml
    )


def _did_every_step(spec: ReproSpec, path: Path, progress: Progress | None = None) -> bool:
    """The aligner credited every step of the report to an action of ``path`` (in any order;
    none excused as one the app does not need): what several checks need before a claim.
    ``progress``: ``align(spec, path)`` when the caller has it."""
    return not set(range(len(spec.steps))) - set((progress or align(spec, path)).served)


def _steps_run(
    spec: ReproSpec, path: Path, progress: Progress | None = None
) -> dict[int, int] | None:
    """``{step: transition index}`` of the run of the report's steps that ends with the path's
    last transition, or ``None``. Every step must be credited in order, none skipped. When the
    path went on after doing them all, the run is the steps after the report's last creating
    step done again after that, ending with the last transition ("Edit, change, Save" a second
    time on the item the path created: the report's steps, on an item set up by the first
    pass). ``progress``: ``align(spec, path)`` when the caller has it."""
    progress = progress or align(spec, path)
    n = len(spec.steps)
    order = [s for s in progress.served if s >= 0]
    if set(range(n)) - set(order) or order != sorted(order):
        return None
    at = {s: i for i, s in reversed(list(enumerate(progress.served))) if s >= 0}
    last = len(path.transitions) - 1
    if at[n - 1] == last:
        return at
    again = redo(spec, path, progress)
    if again is None:
        return None
    first, offset, redone = again
    order = [s for s in redone.served if s >= 0]
    if set(range(n - first)) - set(order) or order != sorted(order):
        return None
    if redone.served[-1:] != [n - first - 1]:
        return None
    run = {s: i for s, i in at.items() if s < first}
    run.update({first + s: offset + i for i, s in enumerate(redone.served) if s >= 0})
    return run


def _went_on_after_the_steps(spec: ReproSpec, path: Path) -> bool:
    """The path did the report's last step before its last transition and went on, without
    doing the steps again to end (:func:`_steps_run`): what the screen shows now follows
    actions the report never asks for. False when the last step was never credited (keys
    typing an expression are not credited one by one: nothing to judge by)."""
    if not spec.steps or not path.transitions:
        return False
    progress = align(spec, path)
    last_step = len(spec.steps) - 1
    done_at = [i for i, s in enumerate(progress.served) if s == last_step]
    if not done_at or done_at[-1] == len(path.transitions) - 1:
        return False
    return _steps_run(spec, path, progress) is None


def _same_control(a: Transition, b: Transition) -> bool:
    """Both click the same control (its resource id and description; its text too when it has
    neither)."""
    x, y = a.action.target, b.action.target
    if a.action.kind != CLICK or b.action.kind != CLICK or x is None or y is None:
        return False
    if x.resource_id or x.content_desc:
        return (x.resource_id, x.content_desc) == (y.resource_id, y.content_desc)
    return x.text == y.text and x.class_name == y.class_name


def _creations(transitions: list[Transition], creating: Transition, save: Transition) -> int:
    """How many items the path made: clicks on the ``creating`` control followed, before the
    next one, by a click on the ``save`` control that left the screen."""
    made = 0
    clicks = [i for i, t in enumerate(transitions) if _same_control(t, creating)]
    for i, k in zip(clicks, [*clicks[1:], len(transitions)], strict=True):
        if any(
            _same_control(t, save)
            and _screen_shape(t.after.hierarchy_xml) != _screen_shape(t.before.hierarchy_xml)
            for t in transitions[i + 1 : k]
        ):
            made += 1
    return made


def _error_after_last_step(observed: str, spec: ReproSpec, path: Path) -> str:
    """The report only says an error is observed ("Create Trip; Edit Trip; Modify date; Press
    Save; Observe error": no message quoted), and the app showed one because of the report's
    steps. All of these, or no claim:

    - the symptom speaks of an error or failure (not "no error"), and quotes nothing;
    - every step was credited in order, none skipped, and the path's last transition is the
      click that did the last step (or the path did them all and then did the steps after the
      last creating one again, ending with that click: :func:`_steps_run`); that click
      brought a new dialog or toast whose text is error-like (:data:`_ERROR_MESSAGE_RE`) and
      never showed earlier on the path;
    - that click is in the window where the step before it was done (a date picker's OK, on
      the picker an earlier step opened, is not the editor's Save: the picker's own "start
      must come before end" error is no evidence);
    - from the transition that did the first step after the report's last creating step
      ("Create X"), every transition starts on the screen it led to (a dialog over it
      allowed): the error follows the report's steps on one screen, not a detour through
      another item;
    - the path made at most one item per creating step with the control that did it (a click
      on it, then the trigger's control leaving the screen): an error about a second item the
      search made ("already exists") is a clash the app rightly reports, not the bug.
    """
    if quoted(observed) or not _ERROR_OBSERVED_RE.search(observed):
        return ""
    if _NO_ERROR_RE.search(observed) or not path.transitions or not spec.steps:
        return ""
    transitions = path.transitions
    last = transitions[-1]
    if last.action.kind != CLICK or last.action.target is None:
        return ""
    run = _steps_run(spec, path)
    if run is None:
        return ""
    message = _new_error_message(last)
    if not message:
        return ""
    wanted = normalize_label(message)
    for t in transitions:
        for screen in (t.before, t.after):
            if screen is last.after:
                continue
            tree = screen_index(screen.hierarchy_xml).tree
            if tree is None:
                continue
            shown = [normalize_label(_window_texts(w)) for w in tree.app_windows()]
            shown.append(normalize_label(toast_text(screen.hierarchy_xml)))
            if any(x and (x == wanted or wanted in x) for x in shown):
                return ""  # shown before: not the last step's doing
    n = len(spec.steps)
    if n >= 2:
        before_last = transitions[run[n - 2]]
        where = window_place(last.before.hierarchy_xml, last.action)
        if where is None or where != window_place(
            before_last.before.hierarchy_xml, before_last.action
        ):
            return ""  # a button of a dialog an earlier step opened (or a widget not found)
    first = first_after_creating(spec.steps)
    if first < n - 1:
        start = run[first]
        shape = _screen_shape(transitions[start].after.hierarchy_xml)
        if any(_screen_shape(t.before.hierarchy_xml) != shape for t in transitions[start + 1 :]):
            return ""  # left the screen the later steps work on
    for k in range(first):
        if (
            is_creating(spec.steps[k])
            and _creations(transitions[:-1], transitions[run[k]], last) > 1
        ):
            return ""  # made another item: a clash with it is the app's check working
    sentence = next(
        (x.strip() for x in re.split(r"(?<=[.!?])\s+", observed) if _ERROR_OBSERVED_RE.search(x)),
        observed,
    )
    return (
        f"the report says {sentence!r}; after '{last.action.describe()}' (the step "
        f"'{spec.steps[-1].text}') the app shows {message!r}"
    )


def _does_nothing(observed: str, spec: ReproSpec, path: Path) -> str:
    """Evidence for a report that says an action has no effect (:data:`_NOTHING_RE`): the path's
    last action did the report's last step, every step before it done in order, and left the
    screen exactly as it was (no widget, text, window or toast changed). The aligner counts an
    action that changed nothing as a step only when it is exactly that step's action (the
    control the step names), so the evidence is on the screen where the report's last step acts
    and nowhere else; ``""`` otherwise."""
    if not spec.steps or not _NOTHING_RE.search(observed) or not path.transitions:
        return ""
    last = path.transitions[-1]
    if not last.diff.get("unchanged") or last.crash is not None:
        return ""
    if last.action.kind in (INPUT_TEXT, ROTATE, PRESS_BACK):
        return ""  # typing the same text, a rotation or Back changing nothing is no control
    progress = align(spec, path)
    if not progress.served or progress.served[-1] != len(spec.steps) - 1:
        return ""
    return (
        f"{_action_label(last)!r} (the report's last step, '{spec.steps[-1].text}') left the "
        "screen unchanged: the report says it does nothing"
    )


# The report says the person cannot leave a screen ("can't go back", "stuck in the editor", "the
# back button does nothing").
_STUCK_RE = re.compile(
    r"\b(?:(?:can\s*not|cannot|can't|can’t|unable to|impossible to|no way to)\s+(?:\w+\s+)?"
    r"(?:go\s+back|get\s+(?:out|back)|leave|exit|return|navigate\s+(?:back|away|up)|close)\b|"
    r"stuck\b|trapped\b|back\s+(?:button|key|arrow|navigation|gesture)\s+(?:\w+\s+)?"
    r"(?:does(?:n't| not)\s+(?:work|do anything)|does nothing|has no effect|is ignored))",
    re.IGNORECASE,
)
_UP_LABELS = frozenset({"navigate up", "back", "up"})


def _stuck(observed: str, spec: ReproSpec, path: Path) -> str:
    """A screen the person cannot leave (:data:`_STUCK_RE`, decision 0057): the path did every
    step, and its last action, Back or the toolbar's Up, left the app on the same screen (same
    activity and structure), closed no window, and had no keyboard to close first; that screen
    is not the path's first one (Back there leaves the app). On a build without the bug Back
    leaves the screen."""
    if not spec.steps or not path.transitions or not _STUCK_RE.search(observed):
        return ""
    last = path.transitions[-1]
    label = normalize_label(_action_label(last)) if last.action.kind == CLICK else ""
    if last.action.kind != PRESS_BACK and label not in _UP_LABELS:
        return ""
    if last.crash is not None or last.before.keyboard_shown or last.diff.get("windows_closed"):
        return ""
    before, after = last.before, last.after
    if before.activity != after.activity or before.package != after.package:
        return ""
    shape = _screen_shape(before.hierarchy_xml)
    if not shape or shape != _screen_shape(after.hierarchy_xml):
        return ""
    if _on_first_screen(before, path):
        return ""  # the first screen: Back there leaves the app, or it is the app's root
    if not _did_every_step(spec, path):
        return ""
    how = "Back" if last.action.kind == PRESS_BACK else repr(_action_label(last))
    return f"after every step, {how} left the app on the same screen ({after.activity})"


# The symptom says something is lost, closed or comes back ("the dialog disappears", "it goes
# back to the list", "the file picker opens again", "the selection is not kept").
_STATE_LOSS_RE = re.compile(
    r"\b(?:lost|loses?|losing|gone|disappear\w*|vanish\w*|clos(?:es|ed|ing)|dismiss\w*|"
    r"reset\w*|returns?|goes back|went back|back to|again|re-?opens?|reloads?|no longer|"
    r"forg[eo]t\w*|not (?:kept|preserved|retained|restored|saved|remembered)|"
    # a change of what is shown (decision 0058): "the title changes", "jumps to the list"
    r"chang(?:es|ed|ing)|switch(?:es|ed)|jump(?:s|ed)|replac\w*|instead|empt(?:y|ies|ied)|"
    r"blank|clear(?:s|ed)|restart\w*|refresh\w*)\b",
    re.IGNORECASE,
)


def _state_lost_on_rotation(observed: str, spec: ReproSpec, path: Path) -> str:
    """The state the screen was in is lost on rotation (issue 28 §3, decisions 0054, 0055 and
    0058): a step of the report rotates, the path did the report's steps in order up to its
    last rotation and ended with that rotation, the symptom says something is lost, closed,
    changed or comes back, and the rotation closed a window (dialog, menu, sheet) that was open
    before it, left the screen for another activity, or changed a widget with an id
    (:func:`_view_state_lost`). Steps after the last rotation are not needed: what a rotation
    did shows right after it. Android re-creates the screen it rotates: on a build without the
    bug the same screen and window are there after it, and its views with ids as they were."""
    return _state_lost_across(observed, spec, path, ROTATE, "the rotation")


def _state_lost_on_leaving(observed: str, spec: ReproSpec, path: Path) -> str:
    """The same state loss as :func:`_state_lost_on_rotation` across leaving the app and coming
    back (decision 0062): a step of the report leaves and returns, the path did the steps up to
    the last such step and ended with it, and the symptom says something is lost. Android stops
    and restarts the very same activity: without the bug its screen, windows and views are as
    they were."""
    return _state_lost_across(observed, spec, path, LEAVE_AND_RETURN, "leaving the app")


def _state_lost_across(observed: str, spec: ReproSpec, path: Path, kind: str, noun: str) -> str:
    """What :func:`_state_lost_on_rotation` checks, for the last step of action ``kind``
    (``noun`` names it in the evidence)."""
    asked = [k for k, step in enumerate(spec.steps) if step.action_hint == kind]
    if not asked or not path.transitions:
        return ""
    last = path.transitions[-1]
    if last.action.kind != kind or last.crash is not None or last.diff.get("app_left"):
        return ""
    if not _STATE_LOSS_RE.search(observed):
        return ""
    up_to = replace(spec, steps=spec.steps[: asked[-1] + 1])
    if _steps_run(up_to, path) is None:
        return ""
    moved = last.diff.get("activity_changed")
    if moved:
        return f"{noun} left {moved.get('from')} for {moved.get('to')}"
    closing = [w for w in last.diff.get("windows_closed") or [] if isinstance(w, dict)]
    opened = [w for w in closing if _opened_on_path(w, path)]
    if not _CLOSING_RE.search(observed):
        opened = []  # the symptom says no window closes or goes: a closed one is no evidence
    closed = [w for w in opened if w.get("kind") not in _DISMISSED_BY_ANDROID]
    if closed:
        what = closed[0].get("title") or closed[0].get("kind") or "window"
        return f"{noun} closed the {closed[0].get('kind', 'window')} {what!r} open before it"
    # The widgets of a window no action of the path opened went with it: not the steps' loss.
    unopened = frozenset((w.get("kind"), w.get("title")) for w in closing if w not in opened)
    found = _view_state_lost(last.before.hierarchy_xml, last.after.hierarchy_xml, noun, unopened)
    if found and _says_reset_only(observed) and not _back_to_earlier(path):
        return ""  # a state "reset" to one the path never showed is a change, not a reset
    return found


# Words of a symptom that speak of something closing or going, or name a window: only then is
# a window the action closed the lost state.
_CLOSING_RE = re.compile(
    r"\b(?:clos\w*|dismiss\w*|disappear\w*|vanish\w*|gone|lost|loses?|no longer|dialog|"
    r"popup|pop-up|menu|sheet|picker|window|prompt|(?:switch\w*|go(?:es)?|went) back|returns?)\b",
    re.IGNORECASE,
)
# Loss words that say more than "starts over" (a reset): the state went, changed or emptied.
_LOSS_NOT_RESET_RE = re.compile(
    r"\b(?:lost|loses?|losing|gone|disappear\w*|vanish\w*|clos\w*|dismiss\w*|no longer|"
    r"forg[eo]t\w*|not (?:kept|preserved|retained|restored|saved|remembered)|chang\w*|switch\w*|"
    r"jump\w*|replac\w*|instead|empt\w*|blank|clear\w*)\b",
    re.IGNORECASE,
)


def _says_reset_only(observed: str) -> bool:
    """The symptom's only loss words say the state starts over (reset, restart, again)."""
    return bool(_STATE_LOSS_RE.search(observed)) and not _LOSS_NOT_RESET_RE.search(observed)


def _id_states(xml: str) -> dict[str, tuple[bool | None, str | None]]:
    """``{resource id: (checked state, text)}`` of the app's widgets, first of each id (the
    text of a field left out: typing is not what a reset takes back)."""
    tree = screen_index(xml).tree
    out: dict[str, tuple[bool | None, str | None]] = {}
    for window in tree.app_windows() if tree is not None else []:
        for n in window.iter():
            if n.resource_id and n.resource_id not in out:
                out[n.resource_id] = (
                    n.checked if n.checkable else None,
                    None if n.is_editable else n.text,
                )
    return out


def _back_to_earlier(path: Path) -> bool:
    """Every widget (by id) the last action changed shows after it a state some earlier screen
    of the path showed it in: the screen went back, as "reset" says, rather than elsewhere."""
    last = path.transitions[-1]
    before, after = _id_states(last.before.hierarchy_xml), _id_states(last.after.hierarchy_xml)
    changed = [rid for rid in set(before) | set(after) if before.get(rid) != after.get(rid)]
    if not changed:
        return False
    earlier = [_id_states(t.before.hierarchy_xml) for t in path.transitions[:-1]]
    return all(any(e.get(rid) == after.get(rid) for e in earlier) for rid in changed)


def _opened_on_path(window: dict, path: Path) -> bool:
    """An action of the path before its last opened ``window`` (the same kind and title): a
    window open since the launch (a first-run notice) was opened by no step of the report, and a
    plain dialog not kept by a fragment closes when its screen is re-created on every build
    (decision 0067)."""
    key = (window.get("kind"), window.get("title"))
    return any(
        (w.get("kind"), w.get("title")) == key
        for t in path.transitions[:-1]
        for w in t.diff.get("windows_opened") or []
        if isinstance(w, dict)
    )


# Windows Android itself dismisses when the activity is re-created or left: a popup or
# overflow menu, a drop-down, a toast. One closing is the platform's doing on any build; a
# dialog (a DialogFragment) is restored (decision 0063).
_DISMISSED_BY_ANDROID = frozenset({"menu", "popup", "toast"})


def _view_state_lost(
    before_xml: str,
    after_xml: str,
    noun: str = "the rotation",
    unopened: frozenset[tuple[object, object]] = frozenset(),
) -> str:
    """What a widget with a resource id lost across a rotation of the same screen (or what
    ``noun`` names: leaving the app and coming back), widgets of a window ``unopened`` names
    (kind, title: one no action of the path opened) aside: its checked
    or selected state, a field's being editable (and enabled), a label's text of words (emptied,
    decision 0057; or replaced by other words, decision 0058), or the widget itself (gone
    though it sat outside any list and fits the rotated screen; 0058); typed text lost is the
    ``gone`` check's. Rows of lists are compared only by their states: a rotated list shows
    other rows. Android saves and restores the state of views with ids when it re-creates a
    rotated activity, and the app shows its own state again, so on a build without the bug none
    of these change; ``""`` when none did."""
    before, after = screen_index(before_xml).tree, screen_index(after_xml).tree
    if before is None or after is None:
        return ""

    def by_id(tree: Hierarchy) -> dict[tuple[str, int], ViewNode]:
        # (id, occurrence): the rows of a list share their ids, each row is its own widget
        # (not diff._identified, whose key holds the class: a field made read-only changes it)
        seen: dict[str, int] = {}
        out = {}
        for window in tree.app_windows():
            for node in window.iter():
                if node.resource_id:
                    k = seen.get(node.resource_id, 0)
                    seen[node.resource_id] = k + 1
                    out[(node.resource_id, k)] = node
        return out

    later = by_id(after)
    later_ids = {rid for rid, _ in later}
    # widgets of a menu or popup that Android dismissed with the old activity: not lost (a
    # window is told by the ids it holds, as the diff tells it)
    # ... and those of a window ``unopened`` names (kind, title): no action of the path opened it
    dismissed = [
        w.ids
        for w in window_infos(before_xml)
        if w.kind in _DISMISSED_BY_ANDROID or (w.kind, w.title) in unopened
    ]
    window_ids = [
        frozenset(n.resource_id.rsplit("/", 1)[-1] for n in w.iter() if n.resource_id)
        for w in before.windows
    ]
    height = max((w.bounds.bottom for w in after.app_windows()), default=0)
    for key, node in by_id(before).items():
        other = later.get(key)
        short_id = node.resource_id.rsplit("/", 1)[-1]
        name = (node.hint or short_id) if node.is_editable else (node.label() or short_id)
        if other is None:
            if window_ids[node.window] in dismissed:
                continue
            if (
                node.resource_id not in later_ids
                and node.bounds.area > 0
                and node.bounds.bottom <= height
                and (node.label() or node.clickable)
                and not _in_scrollable(node)
            ):
                # it would fit the rotated screen, and no list scrolled it away
                return f"{noun} removed {name!r} ({short_id})"
            continue
        if node.checkable and node.checked != other.checked:
            state = "checked" if node.checked else "unchecked"
            return f"{noun} left {name!r} no longer {state}"
        if node.selected and not other.selected:
            return f"{noun} left {name!r} no longer selected"
        if node.is_editable and node.enabled and not (other.is_editable and other.enabled):
            return f"{noun} left the field {name!r} no longer editable"
        if node.is_editable or other.is_editable or not re.search(r"[^\W\d_]", node.text):
            continue  # typed text is the gone check's; a number or a clock may tick
        if not other.text.strip():
            # a text the app showed (a result, a chosen name) emptied: its state not restored
            return f"{noun} emptied {short_id!r}, which showed {node.text[:60]!r}"
        if _letters(other.text) != _letters(node.text) and not _in_scrollable(node):
            return f"{noun} replaced {short_id!r}: {node.text[:60]!r} became {other.text[:60]!r}"
    return ""


def _letters(text: str) -> str:
    """``text`` without digits and spacing: what is left of a label once a clock or a count
    in it ticks."""
    return re.sub(r"[\d\s:.,]+", "", text).lower()


def _scrolled_ids(xml: str) -> set[str]:
    """The short ids of the app's widgets that sit in a scrolling container."""
    tree = screen_index(xml).tree
    if tree is None:
        return set()
    return {
        n.resource_id.rsplit("/", 1)[-1]
        for w in tree.app_windows()
        for n in w.iter()
        if n.resource_id and _in_scrollable(n)
    }


def _in_scrollable(node: ViewNode) -> bool:
    """The node sits in a scrolling container (a list's row, a scrolled form)."""
    parent = node.parent
    while parent is not None:
        if parent.scrollable:
            return True
        parent = parent.parent
    return False
