"""The offline reasoner: every judgement of the LTGDroid loop from rules, no model, no network.

A real baseline in the line of the pre-LLM tools (ReCDroid, Yakusu: 45-64% of reports
reproduced), built from the same parts LTGDroid uses:

- report analysis: :mod:`orchestrator.reasoner.s2r` (sections, numbered steps, verbs, quoted
  labels and values, crash words in any language, stack traces);
- action filtering: each candidate is scored by the lexical match of its label to the step the
  path has reached next (and, less, the one after), by how its kind fits the step's verb, by the
  keys a value still needs on a keypad, and by structural priors: a dialog's confirming button
  once its field is filled, a permission dialog's Allow, the overflow menu / drawer / FAB when
  the step names something not on screen, Back when the step says so; global actions only when a
  step asks for them or nothing else matches;
- input text: the value the step names, else a report value that fits the field, else a default
  from the field's hint;
- transition summary: the structural diff's sentence plus what it did for the S2R;
- path evaluation: :func:`orchestrator.reasoner.align.align` (which step each transition served),
  with penalties for loops, no-ops and leaving the app;
- verification: :mod:`orchestrator.reasoner.verify` (concrete evidence on the final screen).

Everything is deterministic. ``usage`` keeps zero calls and tokens (this is not an LLM), but
``usage.by_role`` counts the calls per role.
"""

from __future__ import annotations

import re

from device_agent.actions import (
    CLICK,
    INPUT_TEXT,
    LEAVE_AND_RETURN,
    LONG_CLICK,
    PRESS_BACK,
    PRESS_DELETE,
    PRESS_ENTER,
    PRESS_HOME,
    RESTART_APP,
    ROTATE,
    SWIPE,
    Action,
)
from device_agent.hierarchy import ViewNode, find_node
from orchestrator.diff import describe_diff, structural_diff
from orchestrator.enumerate import context_label, node_label
from orchestrator.model import CRASH, BugReport, Path, ReproSpec, S2RStep, Screen, Transition
from orchestrator.reasoner import verify as verifier
from orchestrator.reasoner.align import (
    MATCH_THRESHOLD,
    Progress,
    ScreenIndex,
    action_label,
    action_match,
    align,
    already_set,
    background_tappable,
    complete,
    field_text,
    is_positive_label,
    key_of,
    key_types,
    label_match,
    permission_answer,
    permission_button,
    position_match,
    redo,
    said_before,
    same_text,
    screen_index,
    screen_tap_match,
    spell_for_keys,
    taps_the_screen,
    toggle_state,
    value_tokens,
)
from orchestrator.reasoner.base import FilterResult, PathJudgement, Reasoner, Verdict
from orchestrator.reasoner.relative import relative_score
from orchestrator.reasoner.rules import count_into
from orchestrator.reasoner.s2r import analyze
from orchestrator.text import (
    STOPWORDS,
    content_words,
    normalize_label,
    similarity,
    stem,
    words,
    wordset,
)

# Labels of widgets that lead elsewhere when the step's target is not on screen.
_NAVIGATION_WORDS = wordset(
    "more options overflow menu navigation drawer hamburger open navigate settings add new "
    "create fab tab"
)
# Buttons that move a first-run wizard or intro on (issue 12 §3).
_WIZARD_LABELS = frozenset(
    {"next", "continue", "get started", "let's go", "lets go", "start", "got it", "finish", "done"}
)
_NEGATIVE_LABELS = wordset("cancel no deny dismiss close discard don't later skip")
_ALLOW_LABELS = ("allow", "while using the app", "only this time", "grant", "accept", "ok")
_PASSWORD_DEFAULT = "password1"
# Words of a field that repeats another ("Confirm password", "Repeat PIN", "Enter it again").
_REPEAT_WORDS = wordset(
    "confirm confirmation repeat retype reenter re-enter again verify verification"
)
# How far back along the path a repeated field looks for the entry it repeats (actions).
_REPEAT_LOOKBACK = 8
_DEFAULT_VALUES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("email", "e-mail", "mail"), "test@example.com"),
    (("url", "link", "server", "address", "webhook", "host", "website"), "http://example.com"),
    (("password", "pin", "passcode", "passphrase", "passwd", "pwd"), _PASSWORD_DEFAULT),
    (
        (
            "number",
            "amount",
            "digit",
            "digits",
            "age",
            "period",
            "count",
            "quantity",
            "price",
            "phone",
            "year",
            "days",
            "size",
            "limit",
            "interval",
            "minutes",
            "seconds",
            "latitude",
            "longitude",
            "lat",
            "lng",
            "lon",
            "coordinate",
            "coordinates",
        ),
        "12",
    ),
    (("search", "query", "find", "filter"), "test"),
    (("name", "title", "label", "folder", "file"), "test"),
)

_NUMBER_DEFAULT = "12"
_NUMBER_RE = re.compile(r"[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)")


# Words of a search field's hint, label or id.
_SEARCH_WORDS = wordset("search query find filter")


def _search_query(spec: ReproSpec, path: Path, j: int) -> str:
    """What to type into a search field no step gives a value for: a label the app showed on
    the path (before this field; not a control it pressed) that a target of step ``j`` or a
    later one names (similarity 0.8 or more), so that the search finds what the report goes on
    to open; ``""`` when none. A made-up word ("test") finds nothing in most apps, and a
    report that opens a search result implies a search that has results."""
    pressed = {
        normalize_label(action_label(t.action, t.before.hierarchy_xml)) for t in path.transitions
    }
    seen: list[str] = []
    for t in path.transitions:
        for label, _ in screen_index(t.before.hierarchy_xml).labels:
            # (a control the path pressed, "Search" itself, is no content to look for)
            if (
                label not in seen
                and len(words(label)) <= 3
                and normalize_label(label) not in pressed
            ):
                seen.append(label)
    for step in spec.steps[j:]:
        for target in step.targets:
            for label in seen:
                if similarity(label, target) >= 0.8:
                    return label
    return ""


def _count(reasoner: Reasoner, role: str) -> None:
    """Count a call of ``role``; the rules this call fires count into the reasoner's
    ``rules_fired`` (:mod:`orchestrator.reasoner.rules`: every public method starts here, on the
    thread that runs it)."""
    count_into(reasoner.rules_fired)
    slot = reasoner.usage.by_role.setdefault(
        role, {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost_usd": 0.0}
    )
    slot["calls"] += 1


def _field_words(node: ViewNode) -> set[str]:
    return set(words(f"{node_label(node)} {node.hint} {node.resource_id.rsplit('/', 1)[-1]}"))


def _repeated_entry(field_node: ViewNode, path: Path) -> str:
    """The text typed a few actions back into the field that ``field_node`` repeats, else ``""``.
    A password field repeats an earlier password field; a field whose label says confirm,
    repeat or again (:data:`_REPEAT_WORDS`) repeats an earlier field sharing another word of its
    label ("Confirm PIN" after "PIN"). Sign-up, PIN and passphrase forms refuse two different
    entries, so a filler that types a fresh value into each never gets past them."""
    own = _field_words(field_node)
    says_repeat = bool(own & _REPEAT_WORDS)
    if not (field_node.password or says_repeat):
        return ""
    named = own - _REPEAT_WORDS - STOPWORDS
    for transition in reversed(path.transitions[-_REPEAT_LOOKBACK:]):
        action = transition.action
        if action.kind != INPUT_TEXT or not action.text or action.target is None:
            continue
        tree = screen_index(transition.before.hierarchy_xml).tree
        node = find_node(tree, action.target) if tree is not None else None
        if node is None or (
            node.resource_id == field_node.resource_id and node.bounds == field_node.bounds
        ):
            continue  # this very field, typed into before
        if (field_node.password and node.password) or (
            says_repeat and named & (_field_words(node) - _REPEAT_WORDS)
        ):
            return action.text
    return ""


class HeuristicReasoner(Reasoner):
    """Rule-based reasoner (see the module docstring). No configuration, no network."""

    name = "heuristic"

    # -- report analysis ------------------------------------------------------------------------
    def analyze_report(self, report: BugReport) -> ReproSpec:
        """S2R steps, symptom, crash or not, exception class, input values and setup notes
        (:func:`orchestrator.reasoner.s2r.analyze`)."""
        _count(self, "analyze")
        return analyze(report)

    # -- action filtering -----------------------------------------------------------------------
    def filter_actions(
        self, spec: ReproSpec, screen: Screen, candidates: list[Action], path: Path, limit: int
    ) -> FilterResult:
        """Rank ``candidates`` for the step the path has reached; keep at most ``limit``
        (never none when there are candidates), best first, with a reason each."""
        _count(self, "filter")
        if not candidates:
            return FilterResult([], [])
        limit = max(1, limit)
        progress = align(spec, path)
        j = progress.next_step
        steps = spec.steps
        step = steps[j] if j < len(steps) else _symptom_step(spec)
        following = steps[j + 1] if j + 1 < len(steps) else None
        index = screen_index(screen.hierarchy_xml)
        labels = [action_label(a, screen.hierarchy_xml) for a in candidates]
        widget_best = max(
            (
                action_match(step, a, lab, steps[j + 1 :], said_before(steps[:j]))
                for a, lab in zip(candidates, labels, strict=True)
                if a.target
            ),
            default=0.0,
        )
        on_screen = max(widget_best, max((index.best_match(t) for t in step.targets), default=0.0))
        # The step's target words only on a label nothing can press (the app's title "Files"
        # for "perform a file creation"): the widget to use is elsewhere, so the ways there
        # (menus, the FAB) keep their priors.
        reachable = max(widget_best, _pressable_match(index, step.targets))
        report_targets = [t for s in steps for t in s.targets]
        last = path.transitions[-1] if path.transitions else None
        # Actions that already did nothing on this very screen (a loop the beam should not feed).
        tried_here = {
            t.action.key()
            for t in path.transitions
            if t.before.structural_hash == screen.structural_hash and t.diff.get("unchanged")
        }
        # Actions that left this very screen before, on a path that has come back to it: taking
        # one again repeats a cycle of 2-3 steps (issue 12 §3), unless it does the next step.
        cycled = {
            t.action.key()
            for t in path.transitions
            if t.before.structural_hash == screen.structural_hash
            and not t.diff.get("unchanged")
            and t.action.kind != INPUT_TEXT  # (typing keeps the structure: not a way out)
        }
        created = _created_names(steps[:j], step, progress)
        # Switches that did a step already done and still show the state it set: pressing one
        # again undoes the step.
        done_keys = {
            t.action.key(): _toggle_after(t)
            for t, served in zip(path.transitions, progress.served, strict=False)
            if 0 <= served < j and t.action.target is not None and _toggle_after(t) is not None
        }
        elsewhere = taps_the_screen(step) and not background_tappable(index)
        chosen_kinds = {
            str(a.extra.get("class", ""))
            for a in candidates
            if a.extra and a.extra.get("checked") and _is_choice(a)
        }
        scored: list[tuple[float, int, str]] = []
        for i, (action, label) in enumerate(zip(candidates, labels, strict=True)):
            score, reason = self._score(
                spec,
                step,
                following,
                action,
                label,
                index,
                progress,
                on_screen,
                report_targets,
                reachable,
            )
            # (the press the step's verb asks for: a long press only when it says so)
            referent = action.kind == (
                LONG_CLICK if step.action_hint == LONG_CLICK else CLICK
            ) and any(same_text(label, name) for name in created)
            if referent and score < _REFERENT_SCORE:
                score, reason = _REFERENT_SCORE, f"the '{_clip(label)}' the path created"
            if (
                _is_choice(action)
                and not action.extra.get("checked")
                and str(action.extra.get("class", "")) in chosen_kinds
                and action_match(step, action, label) < MATCH_THRESHOLD
            ):
                # A single-choice list keeps the choice already made (the app's default, what a
                # reporter who does not mention the choice got) unless the step names another.
                score -= _KEEP_CHOICE_PENALTY
                reason += "; keeps the choice already made"
            if already_set(step, action, index):
                score = min(score, 0.05)
                reason += "; already in the state the step asks for"
            if (
                action.key() in done_keys
                and _toggle_now(action, index) is done_keys[action.key()]
                and action_match(step, action, label) < MATCH_THRESHOLD
            ):
                score -= _UNDO_PENALTY
                reason += "; did a step already done (again would undo it)"
            if elsewhere and score < _GO_BACK_SCORE and _goes_back(action, label):
                # "Tap the screen" where no background takes a tap: the place the step names is
                # the screen the app came from (the main screen), so go back toward it.
                score, reason = _GO_BACK_SCORE, "the screen to tap is not this one: go back"
            if action.key() in tried_here:
                score -= 0.5
                reason += "; did nothing here before"
            elif (
                action.key() in cycled
                and not referent
                and action_match(step, action, label) < MATCH_THRESHOLD
            ):
                score -= 0.3
                reason += "; left this screen before and came back (a cycle)"
            elif action.kind == INPUT_TEXT and self._would_retype(spec, screen, action, path):
                score -= 0.5
                reason += "; the field already holds that text"
            elif (
                last is not None
                and last.action.key() == action.key()
                and last.diff.get("unchanged")
            ):
                score -= 0.3
            scored.append((score, i, reason))
        scored.sort(key=lambda x: (-x[0], x[1]))
        keep: list[tuple[float, int, str]] = []
        for rank, (score, i, reason) in enumerate(scored):
            if len(keep) >= limit:
                break
            # Global actions only when a step asks for them or nothing else is left.
            if (
                candidates[i].target is None
                and score < 0.35
                and any(candidates[k].target is not None for _, k, _ in scored[rank + 1 :])
            ):
                continue
            keep.append((score, i, reason))
        if not keep:
            keep = scored[:limit]
        # Reserved global probes come on top of the widgets (the search adds up to its
        # ``max_global`` global actions beyond ``limit``); best first, as always.
        kept = {i: (score, reason) for score, i, reason in keep}
        for i, (score, reason) in self._reserved_globals(spec, candidates, path, progress):
            if i not in kept or kept[i][0] < score:
                kept[i] = (score, reason)
        keep = sorted(((sc, i, r) for i, (sc, r) in kept.items()), key=lambda x: (-x[0], x[1]))
        return FilterResult(
            actions=[candidates[i] for _, i, _ in keep],
            reasons=[f"{score:.2f}: {reason}" for score, _, reason in keep],
        )

    def _reserved_globals(
        self, spec: ReproSpec, candidates: list[Action], path: Path, progress: Progress
    ) -> list[tuple[int, tuple[float, str]]]:
        """Global actions probed on every screen whatever their score, because they are cheap
        and a crash check settles them at once:

        - one rotation when the report involves rotation anywhere (the alignment may be stuck
          on an earlier step the app does not need, or names differently; LTGDroid offers
          rotations on every screen);
        - the restart of the app once every step is done, where it is offered at all (the
          report speaks of restarting: :func:`orchestrator.enumerate.asks_restart`), and
          leaving the app and coming back right after the last step
          (:func:`orchestrator.enumerate.asks_leave`);
        - Back once every step is done on a crash report and the app has not crashed: many
          crashes fire when the screen is left (on pause, on save), not on the last input;
        - the keyboard's two ways out right after typing while it is up: Enter (the IME
          action submits the field) and Back (closes it, so a button it covers can be tapped:
          a tap there lands on the keyboard);
        - the screen's confirming button (OK, Save, Create...) right after typing: a person
          confirms what they typed even where the report does not say so.
        """
        last = path.transitions[-1].action if path.transitions else None
        out: list[tuple[int, tuple[float, str]]] = []
        if (
            last is not None
            and last.kind == INPUT_TEXT
            and last.text
            and path.last_screen is not None
            and path.last_screen.keyboard_shown
        ):
            # A person submits a field with the keyboard's Enter/IME action (search fields,
            # single-line forms) or closes the keyboard to reach what it covers.
            ways_out = {
                PRESS_ENTER: "submit the typed text with the keyboard's Enter",
                PRESS_BACK: "close the keyboard: what it covers cannot be tapped",
            }
            for kind, reason in ways_out.items():
                i = next((i for i, a in enumerate(candidates) if a.kind == kind), -1)
                if i >= 0:
                    out.append((i, (0.45, reason)))
        if last is not None and last.kind == INPUT_TEXT and last.text:
            confirm = _confirming_button(candidates, last, path.last_screen)
            if confirm >= 0:
                out.append((confirm, (0.45, "confirm the typed text")))
        if _mentions_rotation(spec) and (last is None or last.kind != ROTATE):
            for i, action in enumerate(candidates):
                if action.kind == ROTATE:
                    out.append((i, (0.5, "the report involves rotation: one rotation per screen")))
                    break
        if complete(spec, progress) and (last is None or last.kind != RESTART_APP):
            # Offered only where the report speaks of restarting (enumerate.asks_restart):
            # with its steps done, whether the state survives a restart is the symptom.
            for i, action in enumerate(candidates):
                if action.kind == RESTART_APP:
                    out.append((i, (0.5, "all steps done: restart the app, as the report says")))
                    break
        if (
            complete(spec, progress)
            and progress.served
            and progress.served[-1] == len(spec.steps) - 1
        ):
            # Offered only where the report speaks of leaving the app (enumerate.asks_leave):
            # right after its last step, whether the state survives leaving is the symptom
            # (once a path, not on every screen after it: decision 0062).
            for i, action in enumerate(candidates):
                if action.kind == LEAVE_AND_RETURN:
                    out.append((i, (0.5, "all steps done: leave the app and come back")))
                    break
        if (
            spec.bug_kind == CRASH
            and complete(spec, progress)
            and not progress.crashed
            and (last is None or last.kind != PRESS_BACK)
        ):
            for i, action in enumerate(candidates):
                if action.kind == PRESS_BACK:
                    out.append((i, (0.5, "all steps done, no crash yet: leave the screen")))
                    break
        return out

    def _score(
        self,
        spec: ReproSpec,
        step: S2RStep,
        following: S2RStep | None,
        action: Action,
        label: str,
        index: ScreenIndex,
        progress: Progress,
        on_screen: float,
        report_targets: list[str],
        reachable: float | None = None,
    ) -> tuple[float, str]:
        kind = action.kind
        match = max(
            action_match(step, action, label, _after(spec, step), _said_before(spec, step)),
            screen_tap_match(step, action, index),
            position_match(step, action, index),
        )
        match = relative_score(step, action, index.tree, match)  # "the X below the Y"
        score, reason = (
            match,
            f"matches step '{_clip(step.text)}'" if match >= MATCH_THRESHOLD else "",
        )
        if following is not None:
            ahead = 0.6 * relative_score(
                following,
                action,
                index.tree,
                max(
                    action_match(
                        following,
                        action,
                        label,
                        _after(spec, following),
                        _said_before(spec, following),
                    ),
                    position_match(following, action, index),
                ),
            )
            if ahead > score:
                score, reason = ahead, f"matches the step after: '{_clip(following.text)}'"
        # A value still to enter: the field, or the next key on a keypad.
        if step.value and step.action_hint in (INPUT_TEXT, CLICK, ""):
            if kind == INPUT_TEXT and index.editable:
                fit = 0.85 + 0.1 * label_match(label, step)
                if step.action_hint != INPUT_TEXT and not progress.pending_value:
                    fit -= 0.35  # "create X named V": first open what creates X
                if (
                    any(same_text(t, step.value) for t in progress.typed)
                    and step.action_hint != INPUT_TEXT
                ):
                    fit -= 0.5  # already typed: confirm it now
                if fit > score:
                    score, reason = fit, f"types '{_clip(step.value)}' for '{_clip(step.text)}'"
            if kind == CLICK:
                key = key_of(label)
                tokens = value_tokens(step.value)
                done = value_tokens(progress.entered) if progress.entered else []
                if (
                    key
                    and tokens[: len(done)] == done
                    and len(done) < len(tokens)
                    and key_types(key, tokens[len(done)])
                ):
                    score, reason = 0.95, f"key '{key}' of '{step.value}'"
                elif key and any(key_types(key, t) for t in tokens) and score < 0.3:
                    score, reason = 0.3, f"a key of '{step.value}'"
        elif step.action_hint == INPUT_TEXT and kind == INPUT_TEXT and score < 0.7:
            score, reason = 0.7, "a text field for a typing step"
        # Report-wide labels: the widget is named somewhere in the report.
        if action.target is not None and label:
            named = max((similarity(label, t) for t in report_targets), default=0.0)
            if named >= 0.8 and score < 0.5:
                score, reason = (
                    max(score, 0.25 + 0.2 * named),
                    reason or f"named in the report ('{label}')",
                )
        # Structural priors.
        low = label.lower()
        if action.target is not None:
            if index.dialog_open and kind == CLICK and is_positive_label(label):
                typed_here = bool(progress.pending_value) and any(
                    same_text(t, progress.pending_value) for t in progress.typed
                )
                bonus = 0.55 if typed_here else 0.15
                if bonus + 0.3 > score:
                    score, reason = max(score, 0.3 + bonus), "confirms the dialog"
            if _is_permission_screen(index):
                wants = permission_answer(step.text)
                answer = permission_button(label)
                if wants == "deny" and answer == "deny":
                    score, reason = max(score, 0.9), "denies the permission, as the step says"
                elif wants != "deny" and (
                    answer == "allow" or any(low.startswith(a) for a in _ALLOW_LABELS)
                ):
                    score, reason = max(score, 0.9), "grants the permission the app asks for"
                elif wants == "allow" and answer == "deny":
                    score, reason = min(score, 0.05), "the step grants the permission"
            if set(words(low)) & _NEGATIVE_LABELS and not label_match(label, step) > 0.5:
                score -= 0.15
            if kind == LONG_CLICK and step.action_hint != LONG_CLICK:
                score -= 0.1
            if (
                (on_screen if reachable is None else reachable) < MATCH_THRESHOLD
                and kind == CLICK
                and step.action_hint not in (ROTATE, PRESS_BACK, SWIPE)
            ):
                nav = _navigation_score(label, action, step)
                if normalize_label(label) in _WIZARD_LABELS and not index.dialog_open:
                    # A first-run wizard or intro stands between the app's start and the
                    # step's screen: get through it.
                    nav = max(nav, 0.4)
                if nav > score:
                    score, reason = (
                        nav,
                        f"may lead to '{_clip(', '.join(step.targets) or step.text)}'",
                    )
            if score <= 0.0:
                score, reason = 0.05, "explore"
        else:
            score, reason = self._global_score(step, action, index, on_screen, score, reason)
        return score, reason or "explore"

    @staticmethod
    def _global_score(
        step: S2RStep,
        action: Action,
        index: ScreenIndex,
        on_screen: float,
        score: float,
        reason: str,
    ) -> tuple[float, str]:
        hint = step.action_hint
        if action.kind == ROTATE:
            return (
                (score, f"step asks to rotate ('{_clip(step.text)}')")
                if hint == ROTATE
                else (0.02, "rotate")
            )
        if action.kind == PRESS_BACK:
            if hint == PRESS_BACK:
                return max(score, 0.95), "step asks to go back"
            return (
                (0.2, "back out: the step's target is not here")
                if on_screen < 0.3
                else (0.03, "back")
            )
        if action.kind == PRESS_ENTER:
            return (0.95, "step asks to press Enter") if hint == PRESS_ENTER else (0.02, "enter")
        if action.kind == SWIPE:
            if hint == SWIPE:
                ok = not step.value or step.value == action.direction
                return (0.9 if ok else 0.4), "step asks to swipe"
            if on_screen < MATCH_THRESHOLD and action.direction == "up" and index.scrollable:
                return 0.4, "scroll to find the step's target"
            return 0.02, "swipe"
        if action.kind == PRESS_HOME:
            return (0.9, "step asks for Home") if hint == PRESS_HOME else (0.0, "home")
        if action.kind == RESTART_APP:
            if hint == RESTART_APP:
                return 0.9, "step asks to restart the app"
            return 0.0, "restart the app"
        if action.kind == LEAVE_AND_RETURN:
            if hint == LEAVE_AND_RETURN:
                return 0.9, "step asks to leave the app and come back"
            return 0.0, "leave the app and come back"
        if action.kind == PRESS_DELETE:
            return 0.01, "delete key"
        return score, reason

    def _would_retype(self, spec: ReproSpec, screen: Screen, action: Action, path: Path) -> bool:
        """Whether typing into this field would write the text it already holds."""
        held = field_text(screen.hierarchy_xml, action)
        if not held:
            return False
        tree = screen_index(screen.hierarchy_xml).tree
        node = find_node(tree, action.target) if tree is not None and action.target else None
        if node is None:
            return False
        text = action.text or self._input_value(spec, node, path)
        return same_text(held, text)

    # -- input text -----------------------------------------------------------------------------
    def input_text(self, spec: ReproSpec, screen: Screen, field_node: ViewNode, path: Path) -> str:
        """The value the next step names; else a report value that fits the field; else a
        default from the field's hint/label/id (an e-mail, a URL, a number, ``test``)."""
        _count(self, "input")
        index = screen_index(screen.hierarchy_xml)
        return spell_for_keys(self._input_value(spec, field_node, path), list(index.label_set))

    def _input_value(self, spec: ReproSpec, field_node: ViewNode, path: Path) -> str:
        progress = align(spec, path)
        j = progress.next_step
        field_label = node_label(field_node)
        candidates = spec.steps[j : j + 3]
        for k, step in enumerate(candidates):
            if step.action_hint == INPUT_TEXT and k == 0 and (step.value or _clears(step)):
                return step.value
            if (
                step.value
                and step.action_hint in (INPUT_TEXT, CLICK, "")
                and (k == 0 or label_match(field_label, step) >= 0.5)
            ):
                return step.value
        # A value of a later typing step whose target names this field.
        for step in spec.steps[j:]:
            if (
                step.value
                and step.action_hint == INPUT_TEXT
                and field_label
                and label_match(field_label, step) >= 0.6
            ):
                return step.value
        repeated = _repeated_entry(field_node, path)
        if repeated:
            return repeated
        typed = {t for t in progress.typed}
        for value in spec.input_values:
            if value not in typed:
                return value
        hint = " ".join(
            [
                field_label,
                context_label(field_node),  # the row's title: "Latitude" over a bare field
                field_node.hint,
                field_node.resource_id.rsplit("/", 1)[-1],
                field_node.content_desc,
            ]
        ).lower()
        hint_words = set(words(hint))
        if hint_words & _SEARCH_WORDS:
            query = _search_query(spec, path, j)
            if query:
                return query
        for keys, value in _DEFAULT_VALUES:
            if hint_words & set(keys):
                return value
        if field_node.password:
            return _PASSWORD_DEFAULT  # every password field the same: a confirm field matches
        if spec.input_values:
            return spec.input_values[0]
        # A field that holds a number takes a number (a word would be dropped or rejected).
        return _NUMBER_DEFAULT if _NUMBER_RE.fullmatch(field_node.text.strip()) else "test"

    # -- transition summary ---------------------------------------------------------------------
    def summarize_transition(self, spec: ReproSpec, transition: Transition) -> str:
        """The structural diff's sentence, then what the transition did for the S2R: the step
        it matches, or a later step's target it revealed."""
        _count(self, "summarize")
        diff = transition.diff or structural_diff(
            transition.before, transition.after, transition.crash
        )
        sentence = describe_diff(diff)
        label = action_label(transition.action, transition.before.hierarchy_xml)
        best, best_k = 0.0, -1
        for k, step in enumerate(spec.steps):
            score = action_match(step, transition.action, label)
            if (
                transition.action.kind == INPUT_TEXT
                and step.value
                and same_text(transition.action.text, step.value)
            ):
                score = 1.0
            if score > best:
                best, best_k = score, k
        notes = []
        if best_k >= 0 and best >= MATCH_THRESHOLD:
            notes.append(f"Matches step {best_k + 1} ('{_clip(spec.steps[best_k].text)}').")
        after = screen_index(transition.after.hierarchy_xml)
        revealed = []
        for k, step in enumerate(spec.steps):
            if k == best_k:
                continue
            for target in step.targets:
                if (
                    after.best_match(target) >= 0.85
                    and not screen_index(transition.before.hierarchy_xml).best_match(target) >= 0.85
                ):
                    revealed.append(target)
        if revealed:
            shown = ", ".join(f"'{_clip(t)}'" for t in dict.fromkeys(revealed))
            notes.append(f"Reveals {shown} named by the report.")
        if transition.crash is not None and spec.bug_kind == CRASH:
            notes.append("The report expects a crash.")
        return " ".join([sentence] + notes)

    # -- path evaluation ------------------------------------------------------------------------
    def evaluate_paths(self, spec: ReproSpec, paths: list[Path]) -> list[PathJudgement]:
        """Score each path by its S2R progress (see :func:`orchestrator.reasoner.align.align`),
        plus how close the next step looks on its last screen, minus loops, no-ops and leaving
        the app. A crash ends a crash bug's path with score 1."""
        _count(self, "evaluate")
        return [self._judge(spec, p) for p in paths]

    def _judge(self, spec: ReproSpec, path: Path) -> PathJudgement:
        n = max(1, len(spec.steps))
        progress = align(spec, path)
        done = complete(spec, progress)
        if progress.crashed and spec.bug_kind == CRASH:
            return PathJudgement(1.0, progress.reached, True, "the app crashed")
        score = (progress.reached + 1) / n + 0.5 * progress.partial / n
        reason = f"{progress.reached + 1}/{len(spec.steps)} steps done"
        j = progress.next_step
        last = path.last_screen
        if last is not None and j < len(spec.steps):
            step = spec.steps[j]
            index = screen_index(last.hierarchy_xml)
            if step.action_hint in _GLOBAL_HINTS:
                near = 0.8
            elif step.action_hint == INPUT_TEXT:
                # A typing step is near when a field is on screen (better: the field it names);
                # the button that opens the field is only half-way.
                field = max(
                    (label_match(node_label(f), step) for f in index.editable), default=-1.0
                )
                if field >= 0:
                    near = 0.9 + 0.1 * min(1.0, field)
                else:
                    near = 0.5 * max((index.best_match(t) for t in step.targets), default=0.0)
            elif taps_the_screen(step):
                # Near where the screen's own background takes a tap, not where labels say
                # "screen".
                near = 1.0 if background_tappable(index) else 0.0
            else:
                near = max((index.best_match(t) for t in step.targets), default=0.0)
                near = max(near, 0.7 * index.best_match(step.text))
            if path.transitions and _opened_created(spec.steps[:j], step, progress, path):
                near = max(near, 0.8)  # on the thing the path created, which the step acts on
            score += 0.1 * near / n + 0.04 * near
            if near >= 0.8:
                reason += "; next step's target is on screen"
        hashes = [path.transitions[0].before.structural_hash] if path.transitions else []
        loops = noops = 0
        for t in path.transitions:
            if t.diff.get("unchanged"):
                noops += 1
            elif t.after.structural_hash in hashes and t.action.kind != INPUT_TEXT:
                loops += 1  # (typing keeps the structure: field contents are not hashed)
            hashes.append(t.after.structural_hash)
        penalty = min(0.2, 0.04 * loops) + min(0.3, 0.06 * noops)
        helpers = sum(1 for s in progress.served if s < 0)
        penalty += 0.01 * max(0, helpers - 2 * (progress.reached + 2))
        changed = sum(1 for t in path.transitions if _changes_default_choice(spec, t))
        if changed:
            # The beam, too, keeps the choice already made (decision 0023): a path that moved a
            # single-choice list off its preselected option, which no step names, stays on a
            # page whose options merely share the step's words.
            penalty += min(0.2, _CHANGED_CHOICE_PENALTY * changed)
            reason += "; changed a preselected choice no step names"
        if path.transitions:
            final = path.transitions[-1]
            if final.diff.get("app_left") and final.crash is None:
                penalty += 0.4
                reason += "; left the app"
            if final.crash is not None and spec.bug_kind != CRASH:
                penalty += 0.3
                reason += "; crashed (the report expects no crash)"
        if loops:
            reason += f"; {loops} loop(s)"
        if noops:
            reason += f"; {noops} no-op(s)"
        if done and spec.bug_kind == CRASH and not progress.crashed:
            # Every step done and no crash: keep it, but let other paths catch up as it wanders.
            last_step_at = max((i for i, s in enumerate(progress.served) if s >= 0), default=0)
            extra = len(path.transitions) - 1 - last_step_at
            score = min(score, 0.8) - 0.05 * extra
            reason += "; all steps done but no crash yet"
        if done and spec.bug_kind != CRASH:
            # Every step done and no evidence yet: the paths doing the steps after the report's
            # last creating one again on the item come first ("Edit, change, Save" a second
            # time; the symptom may need an item the first pass set up), a little, so that
            # done paths stay above the others.
            again = redo(spec, path, progress)
            if again is not None:
                first, _, redone = again
                score = min(score, 1.0) - REDO_WEIGHT * (
                    1 - (redone.reached + 1) / (len(spec.steps) - first)
                )
                if redone.reached >= 0:
                    reason += f"; {redone.reached + 1} step(s) done again"
        score = max(0.0, min(0.99 if not done else 1.0, score - penalty))
        return PathJudgement(round(score, 4), progress.reached, done, reason)

    # -- verification ---------------------------------------------------------------------------
    def verify(self, spec: ReproSpec, path: Path) -> Verdict:
        """The stricter check for a non-crash symptom (:func:`orchestrator.reasoner.verify.verify`):
        reproduced only with concrete evidence on the final screen, named in ``evidence``."""
        _count(self, "verify")
        progress = align(spec, path)
        if not complete(spec, progress):
            return Verdict(
                False, f"only {progress.reached + 1} of {len(spec.steps)} steps done", 0.0
            )
        undone = verifier.input_undone(path, progress.served, progress.typed)
        if undone:
            return Verdict(False, undone, 0.0)
        return verifier.verify(spec, path, progress.typed)


def _symptom_step(spec: ReproSpec) -> S2RStep:
    """Past the last step: look for what the symptom names, and the last step's targets again
    (bugs like "crashes every 2nd time" need a repeat)."""
    last = spec.steps[-1] if spec.steps else None
    targets = list(last.targets) if last else []
    title = spec.symptom.split(". Actual:")[0]
    targets += [w for w in content_words(title) if len(w) > 3][:4]
    return S2RStep(
        text=(last.text + " " if last else "") + title,
        action_hint=last.action_hint if last else "",
        targets=targets,
        value=last.value if last else "",
    )


# How far a done non-crash path that has not done the report's later steps again ranks below
# one that has (decision 0033): small, below any step's worth.
REDO_WEIGHT = 0.02
# How far an option of a single-choice list is pushed down when the step names no other choice.
_KEEP_CHOICE_PENALTY = 0.3
# Widget classes of single-choice lists and groups (a switch or check box is no such choice).
_CHOICE_CLASSES = ("CheckedTextView", "RadioButton")


def _is_choice(action: Action) -> bool:
    """The action clicks an option of a single-choice list or radio group."""
    return (
        action.kind == CLICK
        and bool(action.extra)
        and bool(action.extra.get("checkable"))
        and str(action.extra.get("class", "")).endswith(_CHOICE_CLASSES)
    )


# How far a control that did a step already done is pushed down (pressing it again undoes a
# toggle), and how high going back ranks when the step taps a screen this one is not.
_UNDO_PENALTY = 0.4
_GO_BACK_SCORE = 0.5


def _toggle_now(action: Action, index: ScreenIndex) -> bool | None:
    """The checked state of the switch or check box ``action`` clicks on the indexed screen
    (``None``: no such widget there)."""
    if action.target is None or index.tree is None:
        return None
    node = find_node(index.tree, action.target)
    return toggle_state(node) if node is not None else None


def _toggle_after(transition: Transition) -> bool | None:
    """The state a click left the switch or check box it pressed in (``None``: not a toggle)."""
    return _toggle_now(transition.action, screen_index(transition.after.hierarchy_xml))


def _goes_back(action: Action, label: str) -> bool:
    """The system Back key, or a click on a widget labelled as the way back ("Navigate up")."""
    if action.kind == PRESS_BACK:
        return True
    return action.kind == CLICK and normalize_label(label) in ("navigate up", "back", "up")


# How far a path is pushed down for each preselected single choice it changed unasked.
_CHANGED_CHOICE_PENALTY = 0.1


def _changes_default_choice(spec: ReproSpec, transition: Transition) -> bool:
    """The transition clicked an unchecked option of a single-choice list or radio group whose
    sibling of the same class was checked (the app's preselected default), and no step of
    ``spec`` names that option (:data:`MATCH_THRESHOLD`)."""
    action = transition.action
    if not _is_choice(action) or action.extra.get("checked"):
        return False
    tree = screen_index(transition.before.hierarchy_xml).tree
    if tree is None:
        return False
    cls = str(action.extra.get("class", ""))
    if not any(
        node.checked and node.short_class == cls
        for window in tree.windows
        for node in window.iter()
    ):
        return False
    label = action_label(action, transition.before.hierarchy_xml)
    return all(action_match(s, action, label) < MATCH_THRESHOLD for s in spec.steps)


def _after(spec: ReproSpec, step: S2RStep) -> list[S2RStep]:
    """The spec's steps after ``step`` (none for a step not in the spec, the symptom's)."""
    for i, s in enumerate(spec.steps):
        if s is step:
            return spec.steps[i + 1 :]
    return []


def _said_before(spec: ReproSpec, step: S2RStep) -> frozenset[str]:
    """What the spec's steps before ``step`` said (:func:`said_before`; nothing for a step not
    in the spec)."""
    for i, s in enumerate(spec.steps):
        if s is step:
            return said_before(spec.steps[:i])
    return frozenset()


# How strongly the widget showing what the path created is preferred when the next step acts on
# that thing by its kind ("Add any habit", then "Delete the habit"): a way to it, not the step.
_REFERENT_SCORE = 0.45


def _created_names(done: list[S2RStep], step: S2RStep, progress: Progress) -> list[str]:
    """The names the path typed for a thing that ``step`` refers to by its kind, when an earlier
    step (in ``done``) names that kind too: "Add any habit" ... "Delete the habit" → the text
    typed on the way (the new habit shows under that name in the list). Empty otherwise."""
    if not progress.typed or step.action_hint not in (CLICK, LONG_CLICK, ""):
        return []
    kinds = {stem(w) for t in step.targets for w in content_words(t)}
    earlier = {stem(w) for s in done for t in s.targets for w in content_words(t)}
    if not kinds & earlier:
        return []
    return [t for t in progress.typed if t.strip()]


def _opened_created(done: list[S2RStep], step: S2RStep, progress: Progress, path: Path) -> bool:
    """True when the path's last action pressed the widget showing what the path created and
    ``step`` acts on (:func:`_created_names`), the way the step's verb asks (a long press only
    when it says so)."""
    last = path.transitions[-1]
    wanted = LONG_CLICK if step.action_hint == LONG_CLICK else CLICK
    if last.action.kind != wanted:
        return False
    label = action_label(last.action, last.before.hierarchy_xml)
    return any(same_text(label, name) for name in _created_names(done, step, progress))


# Steps done by a global action: near whatever screen the path is on.
_GLOBAL_HINTS = (ROTATE, PRESS_BACK, PRESS_ENTER, PRESS_HOME, RESTART_APP, LEAVE_AND_RETURN, SWIPE)
_ROTATION_RE = re.compile(r"\b(?:rotat\w*|orientation|landscape|portrait)\b", re.IGNORECASE)


def _mentions_rotation(spec: ReproSpec) -> bool:
    """The report involves rotation: a rotate step, or rotation named in the symptom."""
    return any(s.action_hint == ROTATE for s in spec.steps) or bool(
        _ROTATION_RE.search(spec.symptom)
    )


# A step that makes something ("perform a file creation", "add a habit", "new note"), and the
# controls apps make things with (the floating action button, "+", Add/New/Create).
_CREATING_RE = re.compile(r"\b(?:creat\w*|add|adding|new|make|making)\b", re.IGNORECASE)
_CREATE_WORDS = wordset("fab add new create plus")


def _navigation_score(label: str, action: Action, step: S2RStep | None = None) -> float:
    """How likely a widget leads to a step's target that is not on screen (0-0.4): menus,
    drawers, tabs, the FAB; above the others, a creating control when the step makes
    something (among many menu buttons, the one that creates is the way to a creation)."""
    low = label.lower()
    ws = set(words(low)) | set(words(str(action.target.resource_id if action.target else "")))
    creates = bool(ws & _CREATE_WORDS) or low == "+"
    if creates and step is not None and _CREATING_RE.search(step.text):
        return 0.4
    if ws & _NAVIGATION_WORDS or low in ("+", "⋮", "☰"):
        return 0.35
    if not label and action.extra.get("naf"):
        return 0.12  # an unlabelled icon: often a menu
    return 0.0


def _pressable_match(index: ScreenIndex, targets: list[str]) -> float:
    """The best :func:`similarity` (0-1) of a target to a label of the screen that can be
    pressed: its node, or an ancestor, is clickable, long-clickable or checkable. A title or a
    caption that matches the step's words is no widget to use."""
    best = 0.0
    for label, node in index.labels:
        up: ViewNode | None = node
        while up is not None and not (up.clickable or up.long_clickable or up.checkable):
            up = up.parent
        if up is not None:
            best = max([best, *(similarity(label, t) for t in targets)])
    return best


def _is_permission_screen(index: ScreenIndex) -> bool:
    if index.tree is None:
        return False
    return any(
        "permissioncontroller" in w.package or "packageinstaller" in w.package
        for w in index.tree.windows
    )


def _clears(step: S2RStep) -> bool:
    return bool(re.search(r"\b(?:empty|clear|delete|erase|remove)\b", step.text, re.IGNORECASE))


def _clip(text: str, n: int = 50) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _confirming_button(candidates: list[Action], typed: Action, screen: Screen | None) -> int:
    """The index of the click that confirms what ``typed`` typed: a positive button (OK, Save,
    Create...) in the smallest container around the typed field that holds one (the dialog or
    panel of the field, not a page button behind it); the first positive button when the field
    is not found; ``-1`` when there is none."""
    positive = [
        (i, a.target.bounds.center)
        for i, a in enumerate(candidates)
        if a.kind == CLICK
        and a.target is not None
        and a.target.bounds is not None
        and is_positive_label(str(a.extra.get("label", "")))
    ]
    if not positive:
        return -1
    index = screen_index(screen.hierarchy_xml) if screen is not None else None
    field = (
        find_node(index.tree, typed.target)
        if index is not None and index.tree is not None and typed.target is not None
        else None
    )
    container = field.parent if field is not None else None
    while container is not None:
        inside = [i for i, (x, y) in positive if container.bounds.contains(x, y)]
        if inside:
            return inside[0]
        container = container.parent
    return positive[0][0]
