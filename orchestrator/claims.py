"""Whether a crash the search saw earns the claim "reproduced" (precision first).

A crash of the app under test is the reported bug only when it matches what the report says about
it and happens where the report says it happens (issue 12 §1):

- **what**: the exception class the report names (anywhere in the crash's ``Caused by`` chain);
  when the report quotes a stack trace or logcat, also the message's words (at least
  :data:`MESSAGE_OVERLAP` of them, object ids and numbers aside) and one app frame
  (``Class.method``, library frames aside) when both sides have app frames;
- **where**: at or after the step the report says triggers it (its last step), on a path that did
  the earlier steps: the path had done every step but the last before the crashing action, and
  either the crashing action does the last step, the path had already done it (a crash when the
  screen is left), the report's named exception matched (then the crash at the last step's
  place is enough, since its action may be named differently in the app), or the crash came
  within :data:`NEXT_ACTIONS` actions of the step before the last (the trigger as the app words
  it, decision 0055), or of the last step done when the steps between name nothing the app
  showed (an outcome read as a step). Earlier steps the path did not do are excused only when
  the crashing action does the last step and those steps are plain clicks naming no clickable
  control of the path's screens (the app calls them otherwise: an icon; a title saying the word
  is no control, decision 0054).
- **not a repeat**: after every step was done, a crash from an action that does an earlier
  step again (and not the last) is not the report's unless it names the exception
  (decision 0049).
- **loose reports** (decision 0045): a crash carrying the report's whole quoted trace (class,
  message, innermost app frame and caller) is the reported one wherever the path met it, and a
  crash as the report's quoted input is typed (every step before it done) is the reported one even
  when the report says the app died a step later.

A crash that does not qualify is a side finding (``other_crashes`` in ``result.json``), with the
reason it was refused. Shared by every reasoner: the place uses the aligner
(:func:`orchestrator.reasoner.align.align`) and the reasoner's own judgement of the path before the
crash, whichever got further.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from device_agent.actions import CLICK, INPUT_TEXT, LONG_CLICK
from orchestrator.enumerate import enumerate_actions
from orchestrator.logcat import (
    ParsedCrash,
    crash_matches,
    find_exceptions_in_text,
    same_exception,
)
from orchestrator.model import BugReport, CrashInfo, Path, ReproSpec, S2RStep, Transition
from orchestrator.reasoner.align import (
    MATCH_THRESHOLD,
    action_label,
    action_match,
    align,
    position_match,
    same_text,
    screen_index,
)
from orchestrator.text import similarity

# A crash with every step but the last done counts as the last step's when it comes within this
# many actions of the step before it (the next action, or up to four after it: a menu, a scroll,
# a keyboard to close, a confirmation), even when the crashing action is worded otherwise than
# the report's last step: the report's wording of the trigger ("the app crashes when I change
# it") often names no control. Measured (decision 0057): 2 -> 5 reproduced one more TEST3 and
# one more TEST4 bug, changed no catalog result and made no false claim; 9 did the same as 5.
NEXT_ACTIONS = 5
# Share of the reported message's words the crash's messages must contain.
MESSAGE_OVERLAP = 0.6
# Frames of the platform and common libraries: they say nothing about which app code crashed.
_LIBRARY_PREFIXES = (
    "java.",
    "javax.",
    "sun.",
    "libcore.",
    "dalvik.",
    "android.",
    "androidx.",
    "com.android.",
    "com.google.android.",
    "kotlin.",
    "kotlinx.",
    "org.jetbrains.",
    "io.reactivex.",
)
# Parts of a message that differ from run to run: hex ids, hash codes, UUIDs, numbers.
_VOLATILE_RE = re.compile(
    r"\{[0-9a-f]+\}|@[0-9a-f]+|\b[0-9a-f]{8}-[0-9a-f-]{27,}\b|\b[0-9a-f]*\d[0-9a-f]*\b",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"[A-Za-z_$][\w$]{2,}")


@dataclass
class CrashClaim:
    """The verdict on one crash: ``qualifies``; ``reasons`` (what matched, or why it was refused,
    one short phrase each); ``after_step`` the index of the last S2R step done before the crashing
    action (-1 none) and ``step`` the step the crash is credited to (-1 when refused);
    ``loose`` when it qualifies only because the crash came right after the steps done, the
    report's last step worded otherwise (:data:`NEXT_ACTIONS`): tied to the report by place
    alone."""

    qualifies: bool
    reasons: list[str] = field(default_factory=list)
    after_step: int = -1
    step: int = -1
    loose: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "qualifies": self.qualifies,
            "reasons": self.reasons,
            "after_step": self.after_step,
            "step": self.step,
            "loose": self.loose,
        }


def reported_trace(report: BugReport, exception_class: str) -> tuple[str, list[str]]:
    """The message and ``at`` frames the report's quoted stack traces give for
    ``exception_class`` (the first link of any trace with that class); ``("", [])`` when the
    report quotes none. A title of the form ``Class: message`` gives the message."""
    if not exception_class:
        return "", []
    for trace in find_exceptions_in_text(report.full_text()):
        links = [(trace.exception_class, trace.message, trace.frames)]
        links += [(c.exception_class, c.message, c.frames) for c in trace.causes]
        for cls, message, frames in links:
            if same_exception(cls, exception_class):
                return message.strip(), list(frames)
    title = report.title.strip().strip("`")
    head, _, message = title.partition(":")
    if message.strip() and same_exception(head.strip(), exception_class):
        return message.strip(), []
    return "", []


def with_reported_trace(spec: ReproSpec, report: BugReport) -> ReproSpec:
    """``spec`` with the quoted trace's message and frames for its exception filled in from the
    report when the reasoner left them empty (every reasoner's claims are judged alike)."""
    if spec.exception_class and not (spec.exception_message or spec.exception_frames):
        spec.exception_message, spec.exception_frames = reported_trace(report, spec.exception_class)
    return spec


def message_words(message: str) -> set[str]:
    """The lower-cased words of an exception message, ids and numbers aside (what two messages
    of the same failure share)."""
    return {w.lower() for w in _WORD_RE.findall(_VOLATILE_RE.sub(" ", message))}


def _chain(crash: CrashInfo) -> list[tuple[str, str, list[str]]]:
    links = [(crash.exception_class, crash.message, list(crash.frames))]
    if isinstance(crash, ParsedCrash):
        links += [(c.exception_class, c.message, list(c.frames)) for c in crash.causes]
    return links


def message_matches(reported: str, crash: CrashInfo) -> bool:
    """True when at least :data:`MESSAGE_OVERLAP` of the reported message's words (ids and
    numbers aside) occur in the messages of the crash's chain; a report without message words
    matches any crash."""
    want = message_words(reported)
    if not want:
        return True
    have: set[str] = set()
    for _, message, _ in _chain(crash):
        have |= message_words(message)
    return len(want & have) / len(want) >= MESSAGE_OVERLAP


def app_frames(frames: list[str]) -> set[str]:
    """``Class.method`` of the frames outside the platform and common libraries
    (``a.b.Foo$Bar.run(Foo.java:12)`` → ``Foo$Bar.run``)."""
    out = set()
    for frame in frames:
        name = frame.strip().removeprefix("at ").split("(", 1)[0].strip()
        if not name or name.startswith(_LIBRARY_PREFIXES) or "." not in name:
            continue
        parts = name.split(".")
        out.add(".".join(parts[-2:]))
    return out


def frames_match(reported: list[str], crash: CrashInfo) -> bool:
    """True when the crash has the report's innermost app frame and the app frame that called
    it (``Class.method``: the same code reached the same way), or when either side has no app
    frame to compare. One shared frame is not enough: a helper the app calls from two places
    (``doUnbindService`` from ``stopLiveData`` and from ``onDestroy``) throws the same exception
    for two different bugs."""
    want = _ordered_app_frames(reported)[:2]
    have = app_frames([f for _, _, frames in _chain(crash) for f in frames])
    return not want or not have or set(want) <= have


def _ordered_app_frames(frames: list[str]) -> list[str]:
    """:func:`app_frames` in stack order (innermost first), each once."""
    return list(dict.fromkeys(name for f in frames for name in app_frames([f])))


def crash_is_reported(spec: ReproSpec, crash: CrashInfo) -> tuple[bool, list[str]]:
    """Whether ``crash`` is the exception the report describes (class, quoted message, app
    frames; any crash of the app when the report names no exception), with the reasons."""
    reasons: list[str] = []
    if not spec.exception_class:
        return True, reasons
    if not crash_matches(crash, spec.exception_class):
        return False, [f"not the reported {spec.exception_class}"]
    reasons.append(f"{spec.exception_class.rsplit('.', 1)[-1]} as the report says")
    if spec.exception_message:
        if not message_matches(spec.exception_message, crash):
            return False, ["its message is not the one the report quotes"]
        reasons.append("the message the report quotes")
    if spec.exception_frames:
        if not frames_match(spec.exception_frames, crash):
            return False, ["not the app frames the report quotes (the innermost and its caller)"]
        if app_frames(spec.exception_frames):
            reasons.append("the app frames the report quotes")
    return True, reasons


def carries_whole_trace(spec: ReproSpec, crash: CrashInfo) -> bool:
    """The crash matches everything the report's quoted trace says: its exception, a message
    with words to compare, and at least two app frames (the innermost and its caller), all
    found in the crash (:func:`crash_is_reported`). Such a crash is the reported one wherever
    the path met it: the same code failed the same way, reached from the same caller, so the
    report's vague or prose steps before it need not all be aligned (decision 0045)."""
    if not spec.exception_class or not message_words(spec.exception_message):
        return False
    want = _ordered_app_frames(spec.exception_frames)[:2]
    have = app_frames([f for _, _, frames in _chain(crash) for f in frames])
    if len(want) < 2 or not set(want) <= have:
        return False
    return crash_is_reported(spec, crash)[0]


def _enters_reported_input(spec: ReproSpec, path: Path, done_before: int) -> int:
    """The index of the step the crashing action does when that step types a value the report
    quotes (in quotes or backticks: the input the report blames) and every step before it was
    done; ``-1`` otherwise. A report that says the app dies a step later ("Save the card. It
    crashes.") describes the same input: the app may check it as it is typed (decision 0045)."""
    k = done_before + 1
    if k >= len(spec.steps):
        return -1
    step = spec.steps[k]
    crashing = path.transitions[-1]
    if step.action_hint != INPUT_TEXT or not step.value or crashing.action.kind != INPUT_TEXT:
        return -1
    quoted = any(f"{q}{step.value}{q2}" in step.text for q, q2 in ('""', "''", "``", "“”", "‘’"))
    if not quoted or not same_text(crashing.action.text or "", step.value):
        return -1
    return k


def _does_step(step: S2RStep, transition: Transition) -> bool:
    """The transition's action does what ``step`` asks (kind and label, as the aligner reads
    them)."""
    label = action_label(transition.action, transition.before.hierarchy_xml)
    before = screen_index(transition.before.hierarchy_xml)
    return (
        max(
            action_match(step, transition.action, label),
            position_match(step, transition.action, before),
        )
        >= MATCH_THRESHOLD
    )


def _repeats_an_earlier_step(spec: ReproSpec, crashing: Transition) -> int:
    """The index of an earlier step (not the last) that ``crashing`` does again when it does
    not do the last step, else ``-1``. A crash after every step was done counts as the report's
    when leaving the screen or doing the last step again brings it; one more "start" of a step
    the path already did is another use of the app (decision 0049)."""
    last = len(spec.steps) - 1
    if _does_step(spec.steps[last], crashing):
        return -1
    return next((k for k in range(last) if _does_step(spec.steps[k], crashing)), -1)


def _actions_since_step(path: Path, step: int) -> int:
    """How many actions ``path`` took after the one that first did ``step`` (by the search's own
    S2R progress, :attr:`Transition.reached_step`), or since the launch for ``step`` -1; a large
    number when it never did it."""
    if step < 0:
        return len(path.transitions)
    done_at = next((i for i, t in enumerate(path.transitions) if t.reached_step >= step), None)
    return len(path.transitions) if done_at is None else len(path.transitions) - 1 - done_at


def _right_after(spec: ReproSpec, before: Path, step: int, crashing: Transition) -> bool:
    """The crashing action came within :data:`NEXT_ACTIONS` actions of the one that did
    ``step`` (``-1``: of the launch, for a report whose only step is the trigger), does no
    earlier step again (another use of the app, decision 0049), and is not a long press where
    the report's last step asks for a click: a reporter who means a long press says so, and a
    long press selects, drags or opens a menu, another use of the control (decision 0057)."""
    long_press_for_click = (
        crashing.action.kind == LONG_CLICK and spec.steps[-1].action_hint == CLICK
    )
    return (
        _actions_since_step(before, step) < NEXT_ACTIONS
        and _repeats_an_earlier_step(spec, crashing) < 0
        and not long_press_for_click
    )


def _never_shown(step: S2RStep, path: Path) -> bool:
    """A plain click step, without a value, none of whose targets any control of the path's
    screens was labelled with (nothing closer than :data:`MATCH_THRESHOLD` among the labels of
    what can be clicked: a title or a row's text saying the word is no control): the app names
    that control differently (an icon) or does not need it ("Start learning process" where
    opening a deck starts it), so the path cannot be said to have skipped it (decision 0054)."""
    if step.value or step.action_hint not in (CLICK, "") or not step.targets:
        return False
    screens = [t.before for t in path.transitions] + [path.transitions[-1].after]
    return all(
        similarity(label, target) < MATCH_THRESHOLD
        for s in screens
        for label in _control_labels(s.hierarchy_xml)
        for target in step.targets
    )


@lru_cache(maxsize=512)
def _control_labels(xml: str) -> tuple[str, ...]:
    """The labels of the screen's clickable controls, as the search enumerates them."""
    tree = screen_index(xml).tree
    if tree is None:
        return ()
    return tuple(
        str(a.extra.get("label", ""))
        for a in enumerate_actions(tree, include_global=False)
        if a.kind in (CLICK, LONG_CLICK) and a.extra.get("label")
    )


def judge_crash(spec: ReproSpec, path: Path, reasoner_reached: int = -1) -> CrashClaim:
    """Whether the crash ending ``path`` is the reported one (see the module docstring).

    ``reasoner_reached`` is the reasoner's judgement of the last step done before the crashing
    action (``-1`` when unknown). Raises ``ValueError`` when the path does not end in a crash."""
    if not path.transitions or path.transitions[-1].crash is None:
        raise ValueError("judge_crash needs a path that ends in a crash")
    reported, reasons = crash_is_reported(spec, path.transitions[-1].crash)
    if not reported:
        return CrashClaim(False, reasons)
    last = len(spec.steps) - 1
    if last < 0:
        return CrashClaim(True, reasons + ["the report lists no steps"], -1, -1)
    before = Path(transitions=path.transitions[:-1])
    done_before = max(align(spec, before).reached, reasoner_reached)
    if carries_whole_trace(spec, path.transitions[-1].crash):
        return CrashClaim(
            True,
            reasons + ["the report's own trace (its message and app frames): the place follows"],
            done_before,
            last,
        )
    done_with = align(spec, path).reached
    if done_before >= last:
        # (a named exception ties the crash to the report: no need to look at the action)
        repeated = (
            -1 if spec.exception_class else _repeats_an_earlier_step(spec, path.transitions[-1])
        )
        if repeated >= 0:
            return CrashClaim(
                False,
                [
                    f"after every step, the crashing action does step {repeated + 1} again, not "
                    "the report's last, and the report names no exception"
                ],
                done_before,
            )
        return CrashClaim(True, reasons + ["after every step was done"], done_before, last)
    entered = _enters_reported_input(spec, path, done_before)
    if entered >= 0:
        return CrashClaim(
            True,
            reasons
            + [
                f"on step {entered + 1}, which types the report's quoted input: the app died "
                "before the steps after it"
            ],
            done_before,
            entered,
        )
    skipped = range(done_before + 1, last)
    if _does_step(spec.steps[last], path.transitions[-1]) and all(
        _never_shown(spec.steps[k], path) for k in skipped
    ):
        reasons.append(f"on step {last + 1}, the report's last")
        if skipped:
            reasons.append("the steps before it the path did not do name nothing the app showed")
        return CrashClaim(True, reasons, done_before, last)
    if done_before < last - 1:
        # (with no step done there is no "right after" a step: only a one-step report's launch)
        crashing = path.transitions[-1]
        right_after = done_before >= 0 and _right_after(spec, before, done_before, crashing)
        if right_after and all(_never_shown(spec.steps[k], path) for k in skipped):
            reasons.append(
                f"on the action right after step {done_before + 1}: the steps after it name "
                "nothing the app showed, and the report's last is worded otherwise"
            )
            return CrashClaim(True, reasons, done_before, last, loose=True)
        return CrashClaim(
            False,
            [f"after step {done_before + 1} of {last + 1}: the report's earlier steps not done"],
            done_before,
        )
    if done_with >= last:
        reasons.append(f"on step {last + 1}, the report's last")
        return CrashClaim(True, reasons, last - 1, last)
    if spec.exception_class:
        return CrashClaim(
            True, reasons + [f"in place of step {last + 1}, the report's last"], last - 1, last
        )
    if _right_after(spec, before, last - 1, path.transitions[-1]):
        reasons.append(
            f"on the action right after step {last}: the report's last step, worded otherwise"
        )
        return CrashClaim(True, reasons, last - 1, last, loose=True)
    return CrashClaim(
        False,
        [f"the crashing action does not do step {last + 1}, and the report names no exception"],
        done_before,
    )
