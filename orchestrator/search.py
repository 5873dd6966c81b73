"""The LTGDroid loop: pre-explore every candidate action on a farm, then keep the best paths.

Per level (LTGDroid's Path Explorer and Path Evaluator, arXiv 2603.29623 §III): for each path in
the beam, enumerate the executable actions on its last screen, let the reasoner keep the relevant
ones (at most ``branch`` widgets plus a few global actions), EXECUTE every kept candidate — here
fanned out across the device pool, each probe restoring the path's state on its own device —
summarise each transition starting from the structural diff, then let the evaluator rank the
extended paths and keep ``beam`` of them. A path stops the search when it is confirmed: a crash of
the app under test in logcat for crash bugs, the reasoner's stricter visual check for non-crash
bugs; either way the trace is then replayed on a fresh device state before it counts.
"""

from __future__ import annotations

import bisect
import contextlib
import functools
import hashlib
import json
import re
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

import structlog

from device_agent.actions import CLICK, INPUT_TEXT, LEAVE_AND_RETURN, LONG_CLICK, Action
from device_agent.errors import HierarchyError
from device_agent.hierarchy import ViewNode, find_node, parse_hierarchy
from device_agent.state import DeviceState
from orchestrator.ablation import Ablation
from orchestrator.claims import CrashClaim, crash_is_reported, judge_crash
from orchestrator.config import SearchConfig
from orchestrator.diff import structural_diff
from orchestrator.enumerate import asks_leave, asks_restart, cap_lookalikes, enumerate_actions
from orchestrator.farm import (
    BASE_SNAPSHOT,
    DevicePool,
    ProbeOutcome,
    ProbeSpec,
    ReplayStep,
    observed_screen,
)
from orchestrator.logcat import app_crash
from orchestrator.model import CrashInfo, Path, ReproSpec, Screen, Transition
from orchestrator.reasoner.base import PathJudgement, Reasoner
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.scheduler import Speculation, SpeculationStats, state_key

log = structlog.get_logger("reprofarm.search")

CRASHED = "crash"
SYMPTOM = "symptom"
NOT_REPRODUCED = "not_reproduced"
# A goal search's verdict when a path reached its goal (decision 0034: a precondition set up).
GOAL_REACHED = "goal_reached"
# The stop reason's start when --max-cost-usd ends the search (the run's verdict is then budget).
COST_BUDGET_STOP = "cost budget used up"


@dataclass
class SearchOutcome:
    """What the search found.

    ``verdict`` is ``crash``, ``symptom`` or ``not_reproduced``; ``path`` the confirming path
    (or the best path when not reproduced); ``replay`` the confirmation replay's steps (with
    screenshots, for the report); ``stop_reason`` why the search ended; ``stats`` counters for
    ``result.json``; ``explored`` one entry per level with the actions probed (used to compare
    strategies); ``probe_log`` one entry per probe: the path (state) it ran from, how its device
    reached it and what each phase cost; ``claim`` the evidence a person checks a claim with (the
    report's sentence, the matched exception and the step it followed, or the widgets and values
    before and after), empty when nothing is claimed; ``other_crashes`` crashes that did not earn
    the claim, each with the reason (``note``).
    """

    verdict: str
    path: Path | None
    crash: CrashInfo | None = None
    evidence: str = ""
    replay: list[ReplayStep] = field(default_factory=list)
    base_screen: Screen | None = None
    stop_reason: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    explored: list[list[str]] = field(default_factory=list)
    other_crashes: list[dict[str, Any]] = field(default_factory=list)
    probe_log: list[dict[str, Any]] = field(default_factory=list)
    claim: dict[str, Any] = field(default_factory=dict)


# The probe-log key holding a probe's ``(path actions, action)``; keys starting with "_" are kept
# out of probes.jsonl (orchestrator.results.write_probe_log).
REPLAY_KEY = "_replay"

ProgressFn = Callable[[str, dict[str, Any]], None]
T = TypeVar("T")

# Speculation guesses with the offline reasoner: when it is the search's own reasoner its guesses
# are exact (the beam's worth of children, --branch candidates each); a model's choice is only
# guessed at, so children and candidates are guessed this many times as wide.
MODEL_GUESS_WIDENING = 2


def wait_all(futures: list[Future[Any]]) -> None:
    """Wait until every future is done (their errors surface where ``result()`` is read)."""
    for future in futures:
        future.exception()


def _visible_state(screen: Screen) -> str:
    """The state a person sees: the screen's structural hash plus what its text fields hold
    (the hash leaves field contents out so that typing is not a new screen) and whether the
    soft keyboard is up (a real dump leaves the keyboard out, but a tap where it is lands on
    it: the same tap after Back closed it is another transition)."""
    keyboard = "|keyboard" if screen.keyboard_shown else ""
    return _with_fields(screen.structural_hash, screen.hierarchy_xml) + keyboard


def loops_back(screen: Screen, transition: Transition) -> bool:
    """``transition``, recorded by the memory, leads from ``screen``'s state back to that very
    state (a toast aside) without a crash: reused, it would add an action and nothing else, and
    repeating it would only pad the path (one "Save" of an empty form after another, level after
    level: issue 28 §1's drift)."""
    return transition.crash is None and _visible_state(transition.after) == _visible_state(screen)


@functools.lru_cache(maxsize=4096)
def _with_fields(structural_hash: str, hierarchy_xml: str) -> str:
    try:
        fields = [n.text for n in parse_hierarchy(hierarchy_xml).iter() if n.is_editable]
    except HierarchyError:
        fields = []
    return structural_hash + "|" + "\x1f".join(fields)


def _permission_answers(path: Path) -> str:
    """The runtime-permission dialogs the path answered, and how: ``""`` when none. A grant is
    device state no screen of the app shows, so the app's screen after it hashes as before;
    without this the memory would replay, on a path that granted, what the same action did
    before any grant (the dialog again), and the search would stop early, all "tried"."""
    answers = sorted(
        {
            f"{t.before.structural_hash}/{memory_action(t.before, t.action)}"
            for t in path.transitions
            if t.action.target is not None
            and any(p in t.action.target.resource_id for p in _IN_FLOW_PACKAGES)
        }
    )
    return "+granted:" + ",".join(answers) if answers else ""


def memory_action(screen: Screen, action: Action) -> str:
    """The transition memory's name for ``action`` on ``screen``: its key without the target's
    bounds, and the widget's rank among the screen's widgets of that same name (top to bottom,
    then left to right). The state (:func:`_visible_state`) leaves bounds out, so a screen
    scrolled or laid out a few pixels apart is the same state; its actions must be the same
    actions too, or the memory never answers there and the same press is probed again and
    again (issue 28 §1: "ignore ... scroll offsets")."""
    target = action.target
    if target is None or target.bounds is None:
        return action.key()
    name = _unplaced(action)
    places = _places(screen.hierarchy_xml).get(name, [])
    where = (target.bounds.top, target.bounds.left)
    rank = places.index(where) if where in places else bisect.bisect_left(places, where)
    return f"{name}#{rank}"


def _unplaced(action: Action) -> str:
    data = action.to_json()
    data["target"].pop("bounds", None)
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@functools.lru_cache(maxsize=2048)
def _places(hierarchy_xml: str) -> dict[str, list[tuple[int, int]]]:
    """Each widget action's bounds-free name on the screen -> the (top, left) of the widgets
    of that name, sorted."""
    try:
        actions = enumerate_actions(parse_hierarchy(hierarchy_xml), include_global=False)
    except HierarchyError:
        return {}
    places: dict[str, list[tuple[int, int]]] = {}
    for action in actions:
        if action.target is not None and action.target.bounds is not None:
            bounds = action.target.bounds
            places.setdefault(_unplaced(action), []).append((bounds.top, bounds.left))
    return {name: sorted(set(at)) for name, at in places.items()}


def _short_hash(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def _state_key(path: Path, upto: int | None = None) -> str:
    """Identity of the state a path (or its first ``upto`` actions) reaches (see
    :func:`_visible_state`); ``"root"`` for the empty path."""
    transitions = path.transitions if upto is None else path.transitions[:upto]
    if transitions:
        screen = transitions[-1].after
    elif path.transitions:
        screen = path.transitions[0].before
    else:
        return "root"
    return _visible_state(screen)


def _progress_key(path: Path) -> str:
    """A state together with the S2R progress made to reach it: coming back to a screen after
    doing a step ("open About, go back, open About again") is progress, not a loop."""
    return f"{_state_key(path)}#{path.reached_step}"


def _is_cycle(path: Path, loops: int = 0) -> bool:
    """True when the path's last state already occurred earlier on the same path with no S2R
    progress made since, the states compared as a person would (:func:`_same_screen_key`: one
    more row showing a name the path typed is the same screen). With ``loops`` 1 (the search's
    second pass, :meth:`Reproducer._second_pass`) the path's first loop is allowed, and after
    it only the states since count: the loop may have changed what no screen shows (the
    gallery after a picture was taken), so the screens before it were other states."""
    typed = frozenset(t.action.text for t in path.transitions if t.action.kind == INPUT_TEXT)
    n = len(path.transitions)
    if not loops:
        return _comes_back(path, n, typed)
    first = _first_loop(path, n - 1, typed)
    if first is None:
        # (an action that changed nothing on screen is no loop to allow)
        return _comes_back(path, n, typed) and _state_key(path, n - 1) == _state_key(path, n)
    return _comes_back(path, n, typed, since=first)


def _comes_back(path: Path, upto: int, typed: frozenset[str], since: int = 0) -> bool:
    """The state after the path's first ``upto`` actions is one it was in after ``since`` or
    more actions, with no S2R progress made since."""
    if upto == 0:
        return False
    last = _same_screen_key(path, upto, typed)
    # (the whole path's progress is set before its last transition's: judged, not yet kept)
    whole = upto == len(path.transitions)
    reached = path.reached_step if whole else path.transitions[upto - 1].reached_step
    for i in range(since, upto):
        reached_then = path.transitions[i - 1].reached_step if i else -1
        if reached <= reached_then and _same_screen_key(path, i, typed) == last:
            return True
    return False


def _first_loop(path: Path, upto: int, typed: frozenset[str]) -> int | None:
    """The number of actions after which the path's first ``upto`` actions first came back to a
    state they had been in, by an action that changed the screen; ``None`` when they never
    did."""
    for j in range(2, upto + 1):
        if _comes_back(path, j, typed) and _state_key(path, j - 1) != _state_key(path, j):
            return j
    return None


def _loop_via(path: Path) -> str:
    """Where the path's first loop went and how it came back: the state just before the return
    and the action that returned (the shot just taken, then Back to the camera: the picture
    is kept; "Delete Picture" to the camera: it is not); ``""`` without a loop."""
    typed = frozenset(t.action.text for t in path.transitions if t.action.kind == INPUT_TEXT)
    first = _first_loop(path, len(path.transitions), typed)
    if first is None:
        return ""
    back = path.transitions[first - 1]
    return f"{_state_key(path, first - 1)}/{memory_action(back.before, back.action)}"


def _same_screen_key(path: Path, upto: int, typed: frozenset[str]) -> str:
    """:func:`_state_key` of the path's first ``upto`` actions as a person would call the screen:
    the text of a widget that shows what the path typed is left out, and of siblings alike
    after that only the first counts. "Create another folder" then reaches no new screen: the
    list with one more row named as the path named the others is the list it was (issue 28 §1,
    "list rows beyond what steps name"), so a path that only adds rows is a cycle."""
    transitions = path.transitions[:upto]
    screen = transitions[-1].after if transitions else path.transitions[0].before
    if not typed:
        return _state_key(path, upto)
    return _collapsed_key(screen.hierarchy_xml, typed) + "|" + _state_key(path, upto)[16:]


@functools.lru_cache(maxsize=4096)
def _collapsed_key(hierarchy_xml: str, typed: frozenset[str]) -> str:
    try:
        tree = parse_hierarchy(hierarchy_xml)
    except HierarchyError:
        return hierarchy_xml

    def signature(node: ViewNode) -> str:
        shows_typed = any(t and t in node.text for t in typed)
        text = "" if node.is_editable or shows_typed else node.text
        parts: list[str] = []
        for child in node.children:
            sig = signature(child)
            if not parts or parts[-1] != sig:
                parts.append(sig)
        own = f"{node.cls}|{node.resource_id}|{node.content_desc}|{text}|{int(node.checked)}"
        return own + "(" + ",".join(parts) + ")"

    windows = "".join(signature(w) for w in tree.app_windows())
    return hashlib.sha1(f"{tree.rotation}{windows}".encode()).hexdigest()[:16]


# System packages whose windows stand over the app as part of its flow (runtime permission
# dialogs, the platform's own alerts): explored like the app's screens.
_IN_FLOW_PACKAGES = ("permissioncontroller", "packageinstaller")
_PLATFORM_PACKAGE = "android"


def outside_app(screen: Screen, app_package: str) -> bool:
    """True when the device's foreground package is neither the app under test's nor a system
    dialog standing over it (a permission request, a platform alert): the app was left (Home,
    Back from its root, a link to another app) and nothing there is explored, whatever a report
    asks. The foreground package decides, never words in it (an app whose package contains
    "launcher" is still the app). Without a package to compare (``app_package`` or the screen's
    unknown), the screen counts as the app's."""
    package = screen.package
    if not app_package or not package or package == app_package:
        return False
    return not (package == _PLATFORM_PACKAGE or any(p in package for p in _IN_FLOW_PACKAGES))


def crash_matches(spec: ReproSpec, crash: CrashInfo) -> bool:
    """True when a crash is the reported exception: any crash of the app when the report names
    none, else the same exception class anywhere in the crash's ``Caused by`` chain (simple
    names compared) and, when the report quotes a trace, its message and app frames
    (:func:`orchestrator.claims.crash_is_reported`). Where the crash happened is judged apart
    (:func:`orchestrator.claims.judge_crash`)."""
    return crash_is_reported(spec, crash)[0]


class Goal(Protocol):
    """What a goal search (:class:`Reproducer` given ``goal``) looks for instead of the bug: a
    state to prepare (decision 0034)."""

    def reached(self, path: Path) -> bool:
        """Whether ``path`` reaches the goal (its last screen included)."""
        ...

    def next_action(self, path: Path, root: Screen) -> Action | None:
        """The action that finishes a path that reached the goal (answers a dialog, goes back
        toward ``root``, the launch screen), or ``None`` when there is none to do."""
        ...

    def finished(self, path: Path, root: Screen) -> bool:
        """Whether ``path`` reached the goal and is finished (back where the search began)."""
        ...


# No path grows past what the report justifies (issue 28 §1): this many actions per S2R step,
# plus a constant for what reports leave out (a first-run screen, a keyboard to close, a Back).
PATH_BOUND_PER_STEP = 2
PATH_BOUND_SLACK = 10
# Paths a level left unexpanded that the search keeps to go on from when every kept path is at
# the bound (the best by score; the rest are forgotten).
RESERVE_SIZE = 200
# Levels in a row that may run no probe and reach nothing new before the search stops (a
# search must end even where its budget, counted in probes, is never spent: decision 0062).
MAX_IDLE_LEVELS = 50


def _lead_in(path: Path) -> int:
    """The actions a path took before it did the report's first step (a first-run wizard, a
    permission, the way to the report's first screen): the bound counts from there, as
    "wizards and preconditions count as steps" (issue 28 §1). 0 for a path that did no step
    yet, so a path that makes no progress is bounded all the same."""
    return next((i for i, t in enumerate(path.transitions) if t.reached_step >= 0), 0)


def report_path_bound(spec: ReproSpec) -> int:
    """The longest path the report justifies, in actions: ``PATH_BOUND_PER_STEP`` x its S2R steps
    (preconditions and wizard steps count as steps) + ``PATH_BOUND_SLACK``, counted from the
    action that did the report's first step (:func:`_lead_in`)."""
    return PATH_BOUND_PER_STEP * len(spec.steps) + PATH_BOUND_SLACK


# The same action this many times in a row with no S2R progress is a run (a date picker paged
# month after month, "2" pressed again and again): the path is not offered it once more.
RUN_LIMIT = 3
# The longest cycle of actions the run cap recognises (:func:`repeated_run`).
CYCLE_LIMIT = 3
_COUNT_WORDS = {"twice": 2, "thrice": 3, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
_TIMES_RE = re.compile(r"\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+times\b|"
                       r"\b(twice|thrice)\b", re.IGNORECASE)  # fmt: skip


def run_allowance(spec: ReproSpec) -> int:
    """How many times in a row the report may want one action: :data:`RUN_LIMIT`, or more where
    it says so ("tap + 5 times") or gives a value with a longer run of one character ("2222"
    keyed in on a keypad)."""
    texts = [s.text for s in spec.steps] + [s.value for s in spec.steps] + spec.input_values
    most = RUN_LIMIT
    for text in texts:
        for m in _TIMES_RE.finditer(text):
            word = (m.group(1) or m.group(2)).lower()
            most = max(most, int(word) if word.isdigit() else _COUNT_WORDS[word])
        for m in re.finditer(r"(.)\1*", text):
            most = max(most, len(m.group(0)))
    return most


def repeated_run(path: Path, allowance: int) -> str:
    """The action that would go on a run the path's last actions make with no S2R progress, else
    ``""``: the same action ``allowance`` times in a row (named as the transition memory names
    it on its own screen, :func:`memory_action`), or the same cycle of two to
    :data:`CYCLE_LIMIT` actions ``allowance`` times over (open the add dialog, type, OK: one
    more item each time, a new screen each time, yet the same work). One more would only page
    on or repeat (issue 28 §1, "no drift"; cycles: decision 0057)."""
    n = len(path.transitions)
    tail = path.transitions[-min(n, allowance * CYCLE_LIMIT) :]
    named = [memory_action(t.before, t.action) for t in tail]  # once, for every period
    for period in range(1, CYCLE_LIMIT + 1):
        span = allowance * period
        if n < span:
            break
        names = named[-span:]
        if len(set(names[:period])) != period or any(
            names[i] != names[i % period] for i in range(span)
        ):
            continue
        start = n - span  # the run's first action
        before = path.transitions[start - 1].reached_step if start > 0 else -1
        if path.reached_step <= before:
            return names[0]  # the cycle's next action
    return ""


# Tags of the repeat probes (:meth:`Reproducer._repeat_unchanged`) sort after the level's own.
REPEAT_TAG = 1_000_000
# A goal search tries to finish this many of its paths that reached the goal, each with at most
# MAX_FINISH_ACTIONS actions (Back presses up a settings screen's nesting, a dialog's answer).
MAX_FINISHES = 2
MAX_FINISH_ACTIONS = 6


class Reproducer:
    """Runs the search for one bug on a prepared :class:`DevicePool`.

    ``package`` is the app under test's package (crashes of other processes do not count).
    Given ``goal``, the search looks for a state instead of the bug (decision 0034): no claim is
    made, and the first kept path that reaches the goal, finished by the goal's own actions, ends
    it with the verdict :data:`GOAL_REACHED`.
    Raises :class:`InfrastructureError` when the farm fails beyond recovery.
    """

    def __init__(
        self,
        spec: ReproSpec,
        reasoner: Reasoner,
        pool: DevicePool,
        package: str,
        config: SearchConfig,
        *,
        screenshots_in_probes: bool = False,
        ablation: Ablation | None = None,
        progress: ProgressFn | None = None,
        goal: Goal | None = None,
    ) -> None:
        self.spec = spec
        self._restart = asks_restart(spec)
        self._leave = asks_leave(spec)
        # Told only by the symptom, leaving is probed where the reasoner asks for it (its steps
        # done), never on the frontier's sweep of every untried action (decision 0062).
        self._leave_on_frontier = any(s.action_hint == LEAVE_AND_RETURN for s in spec.steps)
        self.goal = goal
        self.reasoner = reasoner
        self.pool = pool
        self.package = package
        self.config = config
        self.screenshots_in_probes = screenshots_in_probes
        self.ablation = ablation or Ablation()
        self.progress = progress or (lambda event, data: None)
        self.stats: Counter[str] = Counter()
        self.restore_methods: Counter[str] = Counter()
        self.restore_seconds: defaultdict[str, float] = defaultdict(float)
        self.probe_log: list[dict[str, Any]] = []
        # The best path so far (updated as each level is judged): what an interrupted run keeps.
        self.best_so_far: Path | None = None
        self.phase_seconds: defaultdict[str, float] = defaultdict(float)
        # the longest path the search builds (set per run: a hand-over's prefix counts on top)
        self._bound = config.max_actions
        self._run_allowance = run_allowance(spec)
        # paths levels left unexpanded, best first: where the search goes on from (path_bound)
        self._reserve: list[Path] = []
        # The transition memory (probe_once): what each (state, action) probed so far led to,
        # and the level's candidates it answers instead of a probe (path index, transition).
        self._memory: dict[tuple[str, str], Transition | None] = {}
        self._reuse: list[tuple[int, Transition]] = []
        # Breadth once nothing is left to extend (issue 28 §1): the shortest path found to each
        # state (the memory's key), how often each was gone back to, the states with nothing
        # untried left, and the frontier paths of the level being expanded (only their untried
        # actions are probed).
        self._shortest: dict[str, Path] = {}
        self._gone_back: dict[str, int] = {}
        self._exhausted: set[str] = set()
        # 1 in the second pass (_second_pass): a path may come back once to where it was
        self._loops = 0
        self._untried_only: set[int] = set()
        self._snapshot_seq = 0
        self._speculative_seq = 0
        self._speculation: Speculation | None = None
        self._offline: HeuristicReasoner | None = None  # the speculation's own, uncounted
        self._deadline: float | None = None
        # Replays of the claim being confirmed, by action signature, and those a decision read.
        self._replayed: dict[tuple[str, ...], list[ReplayStep]] = {}
        self._replays_read: set[tuple[str, ...]] = set()

    # -- entry point --------------------------------------------------------------------------
    def run(self, base: dict[str, Any], handover: Path | None = None) -> SearchOutcome:
        """Search from the base screen (``base`` as returned by ``DevicePool.prepare``), or,
        given ``handover`` (a path of transitions already run from the base screen, as a replay
        controller hands over when it cannot follow a stored trace further), from the end of
        ``handover``: its actions become the prefix of every probe and of the confirmed trace.

        Unless ``config.speculate`` is ``off`` (or the pool is serial), devices the level leaves
        idle probe ahead (:mod:`orchestrator.scheduler`; ``auto`` is resolved by the caller,
        :func:`orchestrator.config.resolve_speculation`); the search's decisions are the same
        either way, and no probe of the search runs on a device once this returns."""
        start = time.monotonic()
        deadline = start + self.config.max_minutes * 60.0
        self._deadline = deadline
        if self.config.speculate != "off" and not self.pool.serial:
            self._speculation = Speculation(self._may_speculate)
        try:
            return self._search(start, deadline, base, handover)
        finally:
            with contextlib.suppress(Exception):  # never hide the error that ended it
                if self._speculation is not None:  # an error ended the search: stop its work
                    self.pool.end_speculation(self._speculation)
                self.pool.end_ahead()

    def _search(
        self, start: float, deadline: float, base: dict[str, Any], handover: Path | None
    ) -> SearchOutcome:
        root_screen = Screen(
            hierarchy_xml=base["xml"],
            structural_hash=base["hash"],
            package=base["package"],
            activity=base["activity"],
            orientation=base["orientation"],
            keyboard_shown=base["keyboard"],
            screenshot_png=base.get("png", b""),
        )
        self._root = root_screen
        prefix = len(handover.transitions) if handover is not None else 0
        if self.config.path_bound:
            self._bound = min(self.config.max_actions, prefix + report_path_bound(self.spec))
        if handover is not None and handover.transitions:
            # No device holds a snapshot of the hand-over state: probes replay its prefix.
            beam: list[Path] = [replace(handover, snapshot_id="")]
        else:
            beam = [Path(snapshot_id=BASE_SNAPSHOT)]
        self._remember_shortest(beam[0])
        start_beam = list(beam)
        expanded: set[str] = set()
        explored: list[list[str]] = []
        other_crashes: list[dict[str, Any]] = []
        best: Path | None = beam[0] if handover is not None and handover.transitions else None
        self.best_so_far = best
        stop = "no candidate paths left"
        level = 0
        idle_levels = 0  # levels in a row that probed nothing and reached nothing
        while beam:
            if time.monotonic() > deadline:
                stop = f"time budget of {self.config.max_minutes:g} minutes used up"
                break
            if self.stats["probes"] >= self.config.max_probes:
                stop = f"probe budget of {self.config.max_probes} actions used up"
                break
            if 0 < self.config.max_cost_usd <= self.reasoner.usage.cost_usd:
                stop = f"{COST_BUDGET_STOP} (${self.config.max_cost_usd:g})"
                break
            level += 1
            expanded.update(self._pkey(path) for path in beam)
            specs = self._judging(self._candidates, beam)
            room = self.config.max_probes - self.stats["probes"]
            specs = specs[:room]
            if not specs and not self._reuse:
                kept = beam
                beam = (
                    self._refill(expanded) or self._frontier() or self._second_pass(start_beam)
                    if room > 0
                    else []
                )
                if beam:  # the kept paths are at the bound: breadth from the paths left
                    level -= 1
                    continue
                stop = self._nothing_left_reason(level, kept)
                break
            explored.append([f"{s.tag[0]}:{s.action.key()}" for s in specs])
            self.progress("level", {"level": level, "probes": len(specs), "beam": len(beam)})
            self.stats["levels"] = level
            probes_before = self.stats["probes"]
            children, crashes = (
                self._explore_level(beam, specs, deadline, expanded) if specs else ([], [])
            )
            for path in self._from_memory(beam):
                (crashes if path.transitions[-1].crash is not None else children).append(path)
            idle_levels = (
                0
                if children or crashes or self.stats["probes"] > probes_before
                else (idle_levels + 1)
            )
            if idle_levels > MAX_IDLE_LEVELS:
                # The frontier can offer a path whose probes the farm drops (a path the memory
                # built that does not replay, decision 0048) level after level: nothing new
                # will come of it, and the budget, counted in probes, would never run out.
                stop = f"{idle_levels} levels in a row ran no probe and reached nothing new"
                break
            for path in sorted(crashes, key=lambda p: len(p.transitions)):
                crash = path.transitions[-1].crash
                assert crash is not None
                claim = self._judge_crash(path)
                if self.goal is not None:  # a goal search claims nothing
                    claim = CrashClaim(False, ["crashed while preparing the device"])
                if self._loops and claim.loose:
                    # A second-pass path went round a loop to get here: a crash tied to the
                    # report by its place alone may be another use of the app (decision 0064).
                    claim = CrashClaim(False, [*claim.reasons, "found by the second pass"])
                if not (self.ablation.counts_crash(self.spec) and claim.qualifies):
                    other_crashes.append(
                        {
                            "trace": [a.to_json() for a in path.actions],
                            "crash": crash.to_json(),
                            "note": "; ".join(claim.reasons) or "crashes do not count",
                        }
                    )
                    continue
                confirmed, path, replay = self._confirmed(path)
                if confirmed:
                    return self._outcome(
                        CRASHED,
                        path,
                        start,
                        "crash confirmed by replay",
                        explored,
                        other_crashes,
                        crash=path.transitions[-1].crash or crash,
                        replay=replay,
                        claim=self._crash_evidence(path, claim),
                    )
                other_crashes.append(
                    {
                        "trace": [a.to_json() for a in path.actions],
                        "crash": crash.to_json(),
                        "note": "did not recur on replay",
                    }
                )
            judged: list[tuple[Path, PathJudgement]] = []
            beam = []
            if children:
                beam, judged = self._judging(self._select, children, expanded)
                self._keep_in_reserve(children, beam)
            if not beam:  # nothing to extend: the reserve, the frontier, then a second pass
                beam = self._refill(expanded) or self._frontier() or self._second_pass(start_beam)
                if beam:
                    continue
                stop = (
                    "every path came back to a state it had been in"
                    if children
                    else "every candidate of the last level crashed, left the app or did nothing"
                )
                break
            best = beam[0]
            self.best_so_far = best
            self.progress("selected", {"level": level, "beam": [p.reached_step for p in beam]})
            if self.goal is not None:
                finished = self._goal_path(beam)
                if finished is not None:
                    return self._outcome(
                        GOAL_REACHED, finished, start, "goal reached", explored, other_crashes
                    )
            elif self.ablation.checks_symptom(self.spec):
                for path, judgement in judged:
                    if not judgement.complete:
                        continue
                    verdict = self._judging(self.reasoner.verify, self.spec, path)
                    self.stats["verifications"] += 1
                    if verdict.reproduced:
                        confirmed, path, replay = self._confirmed(path)
                        if confirmed:
                            return self._outcome(
                                SYMPTOM,
                                path,
                                start,
                                "symptom verified and replayed",
                                explored,
                                other_crashes,
                                evidence=verdict.evidence,
                                replay=replay,
                                claim={
                                    "kind": SYMPTOM,
                                    "report_sentence": self.spec.symptom,
                                    "evidence": verdict.evidence,
                                    **verdict.details,
                                },
                            )
            keep = {p.snapshot_id for p in beam}
            if self._speculation is not None:
                # Wrong guesses go; the kept paths' probed-ahead candidates (and the snapshots
                # of their after-states) stay for the next level.
                self._speculation.keep_states({state_key(p.actions) for p in beam})
                self.pool.cancel_unwanted(self._speculation)
                keep |= self._speculation.snapshots()
            self.pool.forget_snapshots(keep, wait=self._speculation is None)
            # Idle devices go to the kept states, and the kept states' snapshots are spread,
            # ahead of the level (decisions 0022, 0020).
            states = [self._state(p) for p in beam]
            if not self._offline_judge():  # a model judges for seconds: devices would idle
                self.stats["devices_positioned"] += self.pool.position_ahead(
                    states, self._probes_per_path
                )
            self.stats["snapshots_spread"] += self.pool.spread_snapshots(
                states, self._probes_per_path
            )
        return self._outcome(
            NOT_REPRODUCED,
            best,
            start,
            stop,
            explored,
            other_crashes,
            replay=self._pictured(best),
        )

    def _pictured(self, best: Path | None) -> list[ReplayStep]:
        """The best path of a miss replayed once with screenshots, so that its report shows
        every step (probes take none unless the reasoner looks at screens); ``[]`` when its
        transitions have their pictures already, for a goal search, or when the replay fails or
        does not perform every step (then the report shows what the probes took). Decides
        nothing: the verdict is already given."""
        if self.goal is not None or best is None or not best.transitions:
            return []
        if all(t.after.screenshot_png for t in best.transitions):
            return []
        try:
            (steps,) = self.pool.replay_many([best.actions], screenshots=True)
        except Exception as exc:  # noqa: BLE001 - a missing picture must not lose the result
            log.warning("miss_screenshots_failed", error=str(exc))
            return []
        if len(steps) != len(best.transitions) or not all(s.performed for s in steps):
            return []
        return steps

    def _goal_path(self, beam: list[Path]) -> Path | None:
        """The first of ``beam`` that reaches the goal, finished by the goal's own actions (each
        probed from the path's state), else ``None``; at most :data:`MAX_FINISHES` paths are
        tried in the whole search."""
        assert self.goal is not None
        for path in beam:
            if self.stats["goal_finishes"] >= MAX_FINISHES or not self.goal.reached(path):
                continue
            self.stats["goal_finishes"] += 1
            for _ in range(MAX_FINISH_ACTIONS):
                action = self.goal.next_action(path, self._root)
                if action is None:
                    if self.goal.finished(path, self._root):
                        return path
                    break
                child = self._follow(path, action)
                if child is None:
                    break
                path = child
        return None

    def _follow(self, path: Path, action: Action) -> Path | None:
        """``path`` extended by ``action`` (one probe from its state), ``None`` when the action
        was not performed or crashed the app."""
        self._snapshot_seq += 1
        spec = self._probe(path, action, f"s{self._snapshot_seq}", (0, 0))
        deadline = self._deadline if self._deadline is not None else time.monotonic() + 60.0
        children, _ = self._explore_level([path], [spec], deadline, set())
        return children[0] if children else None

    def _confirmed(self, path: Path) -> tuple[bool, Path, list[ReplayStep]]:
        """:meth:`_confirm` the claimed ``path``, then :meth:`_shorten` it when confirmed:
        ``(confirmed, path, replay)``; the time it took is ``phase_seconds["confirm"]``."""
        t0 = time.perf_counter()
        confirmed, replay = self._confirm(path)
        if confirmed:
            path, replay = self._shorten(path, replay)
        self.phase_seconds["confirm"] += time.perf_counter() - t0
        return confirmed, path, replay

    def _judge_crash(self, path: Path) -> CrashClaim:
        """:func:`orchestrator.claims.judge_crash` with the reasoner's own judgement of the
        path before the crashing action. A model's reasoner (not the offline one) is held to
        the offline evidence too (decision 0041): the crash must be the one the offline reading
        of the report names (:meth:`Reasoner.evidence_spec`: its exception with the report's
        quoted message and frames), so an over-eager model cannot drop the exception the report
        names. Where the crash comes stays the model's judgement: the offline aligner cannot
        follow every path a model finds (it refused AmazeFileManager#1796's confirmed crash)."""
        parent_reached = path.transitions[-2].reached_step if len(path.transitions) > 1 else -1
        claim = judge_crash(self.spec, path, parent_reached)
        if not claim.qualifies or self._offline_judge():
            return claim
        crash = path.transitions[-1].crash
        assert crash is not None  # judge_crash raised otherwise
        named, why = crash_is_reported(self.reasoner.evidence_spec(self.spec), crash)
        if named:
            return claim
        return CrashClaim(
            False, [f"the model's reading qualified it, the evidence does not ({'; '.join(why)})"]
        )

    def _held_to_evidence(self, path: Path) -> bool:
        """Whether the crash ending ``path`` is the one the offline reading of the report names
        (always, for the offline reasoner): :meth:`_judge_crash`'s guard, for a shortened trace."""
        crash = path.transitions[-1].crash
        return (
            self._offline_judge()
            or crash is None
            or crash_is_reported(self.reasoner.evidence_spec(self.spec), crash)[0]
        )

    def _crash_evidence(self, path: Path, claim: CrashClaim) -> dict[str, Any]:
        """What a person checks a crash claim with: the report's sentence, the matched exception
        and the step it followed."""
        crash = path.transitions[-1].crash
        steps = self.spec.steps
        return {
            "kind": CRASHED,
            "report_sentence": self.spec.symptom,
            "exception": crash.exception_class if crash else "",
            "message": crash.message if crash else "",
            "matched": claim.reasons,
            "after_step": claim.after_step + 1,
            "after_step_text": steps[claim.after_step].text if claim.after_step >= 0 else "",
            "credited_step": claim.step + 1,
            "action": path.transitions[-1].action.describe(),
        }

    def _probe_done(self, outcome: ProbeOutcome) -> None:
        self.progress("probe", {"device": outcome.device_id})

    def _judging(self, judge: Callable[..., T], *args: Any) -> T:
        """``judge(*args)`` (a reasoner's judgement: seconds with a remote model); with
        speculation on, it runs on a helper thread while idle devices probe ahead."""
        if self._speculation is None:
            return judge(*args)
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="reasoner") as helper:
            future = helper.submit(judge, *args)
            self.pool.run_idle(self._speculation, future.done, deadline=self._deadline)
            return future.result()

    def _may_speculate(self) -> bool:
        """The budget rule for speculative probes (decision 0018): start one only while the
        search's own probes plus speculative probes not used (yet) stay under ``max_probes``."""
        assert self._speculation is not None
        unused = self._speculation.started - self._speculation.stats.used
        return self.stats["probes"] + unused < self.config.max_probes

    @property
    def _probes_per_path(self) -> int:
        """The most probes one path of the beam gets per level (widgets plus global actions)."""
        return self.config.branch + self.config.max_global

    # -- one level ------------------------------------------------------------------------------
    def _screen(self, path: Path) -> Screen:
        return path.last_screen or self._root

    def _state(self, path: Path) -> DeviceState:
        return DeviceState(
            base_snapshot=BASE_SNAPSHOT,
            prefix=tuple(path.actions),
            snapshot_id=path.snapshot_id if path.transitions else BASE_SNAPSHOT,
            expected_hash=self._screen(path).structural_hash,
        )

    def _candidates(self, beam: list[Path]) -> list[ProbeSpec]:
        """The level's probes: each beam path's kept candidates, tagged ``(path index, probe
        index)``. The paths' reasoner calls are independent, so a reasoner that serves several
        calls at once (a remote model) gets them concurrently; the order stays the beam's."""
        t0 = time.perf_counter()
        branch = self.config.branch
        workers = min(len(beam), max(1, self.reasoner.concurrency))
        if workers > 1:
            with ThreadPoolExecutor(workers, "filter") as helpers:
                kept = list(
                    helpers.map(lambda p: self._path_candidates(p, self.reasoner, branch), beam)
                )
        else:
            kept = [self._path_candidates(path, self.reasoner, branch) for path in beam]
        self._untried_only = set()
        self.phase_seconds["filter"] += time.perf_counter() - t0
        specs: list[ProbeSpec] = []
        self._reuse = []
        for index, (path, actions) in enumerate(zip(beam, kept, strict=True)):
            state, screen = self._memory_state(path), self._screen(path)
            for action in actions:
                key = (state, memory_action(screen, action))
                if self.config.probe_once and key in self._memory:
                    known = self._memory[key]
                    if known is not None:  # None: probed, not performed (nothing to extend)
                        self._reuse.append((index, known))
                    self.stats["transitions_reused"] += 1
                    continue
                self._snapshot_seq += 1
                specs.append(
                    self._probe(path, action, f"s{self._snapshot_seq}", (index, len(specs)))
                )
        return specs

    def _memory_state(self, path: Path) -> str:
        """The state the transition memory keys a probe by: what the path's last screen shows
        (the launch screen too, unlike ``_progress_key``'s "root"), its fields' contents, the
        keyboard (:func:`_visible_state`), the S2R progress made to reach it and the runtime
        permissions the path answered (:func:`_permission_answers`)."""
        screen = self._screen(path)
        granted = _permission_answers(path)
        return f"{_visible_state(screen)}#{path.reached_step}{self._loop_suffix(path)}{granted}"

    def _pkey(self, path: Path) -> str:
        """:func:`_progress_key`, told apart by the path's loop in the second pass."""
        return _progress_key(path) + self._loop_suffix(path)

    def _loop_suffix(self, path: Path) -> str:
        """In the second pass (:meth:`_second_pass`), where the path's one loop went
        (:func:`_loop_via`): the same screen after a loop may hide other data (a picture
        taken, an item saved), so its actions are worth probing again. ``""`` otherwise."""
        if not self._loops:
            return ""
        via = _loop_via(path)
        return f"~{via}" if via else ""

    def _probe(self, path: Path, action: Action, save_as: str, tag: Any) -> ProbeSpec:
        """The probe of ``action`` from the state ``path`` reaches, its after-state saved as
        ``save_as``."""
        return ProbeSpec(
            state=self._state(path),
            action=action,
            save_as=save_as,
            screenshots=self.screenshots_in_probes,
            tag=tag,
            # The worker diffs against this (no screenshot: the diff reads the dump only).
            before=replace(self._screen(path), screenshot_png=b""),
            app_package=self.package,
            from_memory=any(t.device_id == "memory" for t in path.transitions),
        )

    def _path_candidates(self, path: Path, reasoner: Reasoner, branch: int) -> list[Action]:
        """The actions ``reasoner`` keeps on the path's last screen (none past ``max_actions``
        or outside the app), typed text filled in. For a frontier path (:meth:`_frontier`),
        the best ``branch`` of those the transition memory has no record of on its state."""
        untried_only = id(path) in self._untried_only
        screen = self._screen(path)
        candidates: list[Action] = []
        # None past the bound, or once the app was left (the engine never explores outside it).
        if not (self._at_bound(path) or outside_app(screen, self.package)):
            hierarchy = parse_hierarchy(screen.hierarchy_xml)
            leave = self._leave and (self._leave_on_frontier or not untried_only)
            candidates = enumerate_actions(hierarchy, restart=self._restart, leave=leave)
            if self.config.cap_lookalikes and not untried_only:
                candidates = cap_lookalikes(candidates)
            run = repeated_run(path, self._run_allowance) if self.config.cap_runs else ""
            if run:
                candidates = [c for c in candidates if memory_action(screen, c) != run]
        if not candidates:
            if untried_only:  # nothing to go back to here
                self._exhausted.add(self._memory_state(path))
            return []
        limit = len(candidates) if untried_only else branch
        kept = reasoner.filter_actions(self.spec, screen, candidates, path, limit).actions
        if not untried_only:
            kept = self._cap_globals(kept, branch)
        actions: list[Action] = []
        for action in self.ablation.cap(kept):
            if action.kind == INPUT_TEXT and not action.text and action.target is not None:
                node = find_node(hierarchy, action.target)
                if node is None:
                    continue
                action = replace(action, text=reasoner.input_text(self.spec, screen, node, path))
            actions.append(action)
        if untried_only:
            state = self._memory_state(path)
            fresh = [a for a in actions if (state, memory_action(screen, a)) not in self._memory]
            actions = self._cap_globals(fresh, branch)
            if len(actions) == len(fresh):
                self._exhausted.add(state)  # this visit probes the last untried actions
        return actions

    def _nothing_left_reason(self, level: int, kept: list[Path]) -> str:
        """Why the search stops with no candidate left anywhere, given the paths it ``kept``
        last: nothing to do on the launch screen, paths at the length limit, or (with the
        transition memory) every action of every state reached already tried."""
        if level == 1:
            return "no executable candidate actions"
        if any(self._at_bound(path) for path in kept):
            return f"paths reached the {self._bound}-action limit"
        return "every action of every state reached was tried"

    def _at_bound(self, path: Path) -> bool:
        """The path may grow no more: ``max_actions`` long, or with ``path_bound`` as long as
        the report justifies after its lead-in (:func:`report_path_bound`)."""
        limit = self._bound + (_lead_in(path) if self.config.path_bound else 0)
        return len(path.transitions) >= min(self.config.max_actions, limit)

    def _cap_globals(self, actions: list[Action], branch: int) -> list[Action]:
        widgets = [a for a in actions if a.target is not None][:branch]
        globals_ = [a for a in actions if a.target is None][: self.config.max_global]
        return widgets + globals_

    def _explore_level(
        self, beam: list[Path], specs: list[ProbeSpec], deadline: float, expanded: set[str]
    ) -> tuple[list[Path], list[Path]]:
        """Probe ``specs`` (candidates of ``beam``'s paths) and return the extended paths:
        ``(children, crashes)``. With ``config.stream`` each transition is summarised as its
        probe lands, overlapping the level's other probes; without, the whole level is
        summarised once every probe is done (the old barrier). With speculation, each landed
        child's own candidates are queued to be probed ahead."""
        landed: list[ProbeOutcome] = []
        transitions: dict[Any, Transition] = {}
        summaries: dict[Any, Future[str]] = {}
        guesses: list[Future[dict[tuple[str, ...], tuple[float, ...]]]] = []
        ranks: list[tuple[float, ...]] = []  # of the children guessed at so far (guesser's)
        workers = max(1, self.reasoner.concurrency) if self.config.stream else 0
        summarizer = ThreadPoolExecutor(workers, "summary") if workers else None
        # Guessing runs off the search's thread, which keeps dispatching probes meanwhile.
        guesser = ThreadPoolExecutor(1, "speculate") if self._speculation is not None else None

        def probe_landed(outcome: ProbeOutcome) -> None:
            self._probe_done(outcome)
            landed.append(outcome)
            if not outcome.performed:
                return
            parent = beam[outcome.spec.tag[0]]
            transition = self._transition(parent, outcome)
            transitions[outcome.spec.tag] = transition
            if summarizer is not None:
                summaries[outcome.spec.tag] = summarizer.submit(
                    self.reasoner.summarize_transition, self.spec, transition
                )
            if guesser is not None and transition.crash is None:
                child = parent.extend(transition)
                child.snapshot_id = outcome.saved_snapshot
                guesses.append(
                    guesser.submit(self._speculate, child, outcome.spec.tag, expanded, ranks)
                )

        try:
            self.pool.run_probes(
                specs, deadline=deadline, on_result=probe_landed, idle=self._speculation
            )
            if self._speculation is not None:
                # Only the best few children's candidates are worth the devices' time.
                self._judging(wait_all, list(guesses))
                ranked = {k: v for g in guesses for k, v in g.result().items()}
                best = sorted(ranked, key=ranked.__getitem__)
                self._speculation.keep_states(set(best[: self._speculated_children()]))
                self.pool.cancel_unwanted(self._speculation)
            self.stats["probes"] += len(landed)
            # Completion order depends on device timing; decisions must not (same search, same
            # verdict on 1 device or 8, with or without speculation), so outcomes are handled in
            # the order the candidates were made.
            ordered = sorted(landed, key=lambda o: o.spec.tag)
            for outcome in ordered:
                self._log_probe(beam[outcome.spec.tag[0]], outcome)
            done = [
                (beam[o.spec.tag[0]], transitions[o.spec.tag], o) for o in ordered if o.performed
            ]
            t0 = time.perf_counter()
            if summarizer is not None:
                self._judging(wait_all, list(summaries.values()))
                texts = [summaries[o.spec.tag].result() for _, _, o in done]
            else:  # one batch per level: a reasoner that calls a remote model runs it concurrently
                texts = self._judging(
                    self.reasoner.summarize_transitions, self.spec, [t for _, t, _ in done]
                )
            self.phase_seconds["summarize"] += time.perf_counter() - t0
        finally:
            for helpers in (summarizer, guesser):
                if helpers is not None:
                    helpers.shutdown(wait=True, cancel_futures=True)
        again = self._repeat_unchanged(done, deadline)
        if again:
            t0 = time.perf_counter()
            texts += self._judging(
                self.reasoner.summarize_transitions, self.spec, [t for _, t, _ in again]
            )
            self.phase_seconds["summarize"] += time.perf_counter() - t0
        children: list[Path] = []
        crashes: list[Path] = []
        if self.config.probe_once:
            for o in ordered:
                if not o.performed:
                    parent = beam[o.spec.tag[0]]
                    key = memory_action(self._screen(parent), o.spec.action)
                    self._memory[(self._memory_state(parent), key)] = None
        repeated = {id(t) for _, t, _ in again}
        for (parent, transition, outcome), summary in zip(done + again, texts, strict=True):
            transition.summary = summary
            # (a repeat's outcome belongs to the hidden state after the first press, which the
            # memory's key cannot tell from the state before it)
            if self.config.probe_once and id(transition) not in repeated:
                key = memory_action(self._screen(parent), transition.action)
                self._memory[(self._memory_state(parent), key)] = transition
            child = parent.extend(transition)
            child.snapshot_id = outcome.saved_snapshot
            (crashes if transition.crash is not None else children).append(child)
        return children, crashes

    def _repeat_unchanged(
        self, done: list[tuple[Path, Transition, ProbeOutcome]], deadline: float
    ) -> list[tuple[Path, Transition, ProbeOutcome]]:
        """Press once more the controls whose press left the screen as it was.

        A press that changes nothing on screen may still change the app's state (a counter it
        does not show, a flag a long press sets): "tap it twice", "hold it, then tap it"
        (issue 28 §1's "repeats whose effect is not on screen"). The cycle rule and the memory's
        self-loop drop never let a path press the same control twice on an unchanged screen, so
        each such press (click or long click on a widget, no crash) is followed at once by one
        click on the same control, once per screen and control in a search. Returns
        ``(parent, transition, outcome)`` for the repeats that crashed or changed the screen,
        ``parent`` being the path with the first press; the others are probes spent, and
        logged, for nothing."""
        if not self.config.repeat_unchanged:
            return []
        specs: list[ProbeSpec] = []
        parents: dict[Any, Path] = {}
        states: dict[Any, str] = {}  # the hidden state each repeat ran from, for the log
        for parent, transition, outcome in done:
            action = transition.action
            if action.target is None or action.kind not in (CLICK, LONG_CLICK):
                continue
            if transition.crash is not None or not loops_back(self._screen(parent), transition):
                continue
            # once per screen and control in a search, whatever the S2R progress or fields
            name = memory_action(self._screen(parent), action)
            hidden = f"{self._screen(parent).structural_hash}|again:{name}"
            key = (hidden, name)
            if key in self._memory:
                continue
            self._memory[key] = None
            first = parent.extend(transition)
            first.snapshot_id = outcome.saved_snapshot
            tag = (outcome.spec.tag[0], REPEAT_TAG + len(specs))
            self._snapshot_seq += 1
            press = Action(CLICK, target=action.target, extra=action.extra)
            specs.append(self._probe(first, press, f"s{self._snapshot_seq}", tag))
            parents[tag] = first
            states[tag] = hidden
        specs = specs[: max(0, self.config.max_probes - self.stats["probes"])]
        if not specs:
            return []
        outcomes = self.pool.run_probes(
            specs, deadline=deadline, on_result=self._probe_done, idle=self._speculation
        )
        self.stats["probes"] += len(outcomes)
        self.stats["repeat_probes"] += len(outcomes)
        found = []
        for outcome in sorted(outcomes, key=lambda o: o.spec.tag):
            first = parents[outcome.spec.tag]
            self._log_probe(first, outcome, states[outcome.spec.tag])
            if not outcome.performed:
                continue
            transition = self._transition(first, outcome)
            if transition.crash is None and loops_back(self._screen(first), transition):
                continue  # still nothing to see: the press has no hidden effect either
            found.append((first, transition, outcome))
        return found

    def _from_memory(self, beam: list[Path]) -> list[Path]:
        """The level's children the transition memory answers (:meth:`_candidates`): each beam
        path extended by the recorded transition of an action another path already probed on
        the same state. Its after-state's snapshot may be gone: a probe from it replays the
        path's actions (the state's identity is its path, decision 0002)."""
        out = []
        for index, known in self._reuse:
            parent = beam[index]
            if loops_back(self._screen(parent), known):
                self.stats["self_loops_dropped"] += 1
                continue
            child = parent.extend(replace(known, before=self._screen(parent), device_id="memory"))
            child.snapshot_id = ""
            out.append(child)
        self._reuse = []
        return out

    def _transition(self, parent: Path, outcome: ProbeOutcome) -> Transition:
        """The transition a performed probe from ``parent`` observed (summary still empty)."""
        after = observed_screen(vars(outcome))
        before = self._screen(parent)
        if outcome.parsed:  # the worker parsed it (ProbeSpec.before)
            crash, diff = outcome.crash, outcome.diff or {}
        else:
            crash = app_crash(outcome.logcat, self.package)
            diff = structural_diff(before, after, crash, app_package=self.package)
        return Transition(
            action=outcome.spec.action,
            before=before,
            after=after,
            diff=diff,
            crash=crash,
            device_id=outcome.device_id,
            restore={
                "method": outcome.restore_method,
                "seconds": round(outcome.restore_seconds, 4),
            },
            seconds=outcome.wall_seconds,
        )

    def _log_probe(self, parent: Path, outcome: ProbeOutcome, state: str = "") -> None:
        """Account one probe of the level: restore methods, phases, ``probes.jsonl``. ``state``:
        the transition memory's key the probe ran from, when not ``parent``'s own (a repeat
        probe's hidden state, :meth:`_repeat_unchanged`)."""
        self.restore_methods[outcome.restore_method] += 1
        self.restore_seconds[outcome.restore_method] += outcome.restore_seconds
        self.probe_log.append(
            {
                # a repeat probe runs from the level's child, one action deeper
                "level": self.stats["levels"] + (1 if state else 0),
                "path": outcome.spec.tag[0],
                # The state it ran from, so that a miss can be diagnosed from this file.
                "from_actions": [a.describe() for a in parent.actions],
                "from_step": parent.reached_step,
                "action": outcome.spec.action.describe(),
                # what the memory calls it: widgets described alike are still distinct actions
                "action_id": _short_hash(memory_action(self._screen(parent), outcome.spec.action)),
                # the screen probed from, for the miss explanation's "where the budget went"
                "screen": self._screen(parent).activity,
                "screen_hash": self._screen(parent).structural_hash[:12],
                # the state as the transition memory keys it (screen, field contents, progress)
                "state": _short_hash(state or self._memory_state(parent)),
                "device": outcome.device_id,
                "restore": outcome.restore_method,
                "restore_s": round(outcome.restore_seconds, 4),
                "act_s": round(outcome.act_seconds, 4),
                "observe_s": round(outcome.observe_seconds, 4),
                "round_trip_s": round(outcome.wall_seconds, 4),
                "performed": outcome.performed,
                # the state and action as objects, for the ground-truth replay after the search
                # (orchestrator.ground_truth); never written, never read by the search
                REPLAY_KEY: (tuple(parent.actions), outcome.spec.action),
            }
        )
        self.phase_seconds["restore"] += outcome.restore_seconds
        self.phase_seconds["act"] += outcome.act_seconds
        self.phase_seconds["observe"] += outcome.observe_seconds
        if not outcome.performed:
            self.stats["not_performed"] += 1

    def _offline_judge(self) -> bool:
        """Whether the search's reasoner is the offline one: its judgements take milliseconds
        (no idle devices between levels to send ahead, decision 0022) and its speculative
        guesses are exact (decision 0018)."""
        return isinstance(self.reasoner, HeuristicReasoner)

    def _guess_width(self) -> int:
        """1 when the search's reasoner is the offline one (its guesses are exact), else
        :data:`MODEL_GUESS_WIDENING`."""
        return 1 if self._offline_judge() else MODEL_GUESS_WIDENING

    def _speculated_children(self) -> int:
        """How many of a level's best children get their candidates probed ahead."""
        return self._guess_width() * self.config.beam

    def _speculate(
        self, child: Path, tag: Any, expanded: set[str], ranks: list[tuple[float, ...]]
    ) -> dict[tuple[str, ...], tuple[float, ...]]:
        """Rank ``child`` by the offline S2R score (children ``_select`` would pass over as
        revisits last) and, when it is among the level's best so far (``ranks``, the ranks of
        the children before it), queue its candidates, as the offline reasoner picks them, to be
        probed ahead. Returns ``{child's state: rank}``."""
        assert self._speculation is not None
        t0 = time.perf_counter()
        if self._offline is None:
            self._offline = HeuristicReasoner()
        judgement = self._offline.evaluate_paths(self.spec, [child])[0]
        child.reached_step = judgement.reached_step
        revisit = self._pkey(child) in expanded or _is_cycle(child, self._loops)
        rank = (float(revisit), -judgement.score, *tag)
        bisect.insort(ranks, rank)
        if ranks.index(rank) < self._speculated_children():
            branch = self.config.branch * self._guess_width()
            specs = []
            for action in self._path_candidates(child, self._offline, branch):
                self._speculative_seq += 1  # (own names: the search's are the same either way)
                name = f"x{self._speculative_seq}"
                specs.append(self._probe(child, action, name, ("speculative", name)))
            self._speculation.offer(specs, rank)
        self.phase_seconds["speculate"] += time.perf_counter() - t0
        return {state_key(child.actions): rank}

    def _select(
        self, children: list[Path], expanded: set[str]
    ) -> tuple[list[Path], list[tuple[Path, PathJudgement]]]:
        """Rank the children with the evaluator and keep ``beam`` of them, one per state.

        Children that return to a state another path already expanded only fill the beam when
        too few children reach new states. A cycle on its own path (:func:`_is_cycle`) is never
        kept: its prefix can do whatever it can, and kept, it padded paths level after level
        (issue 28 §1's drift). With no child kept the search goes on from the reserve or the
        frontier.
        """
        t0 = time.perf_counter()
        judgements = self.reasoner.evaluate_paths(self.spec, children)
        self.phase_seconds["evaluate"] += time.perf_counter() - t0
        for path, judgement in zip(children, judgements, strict=True):
            path.score = judgement.score
            path.reached_step = judgement.reached_step
            path.transitions[-1].reached_step = judgement.reached_step
            self._remember_shortest(path)
        ranked = sorted(
            zip(children, judgements, strict=True),
            key=lambda pj: (-pj[1].score, len(pj[0].transitions)),
        )
        chosen: list[tuple[Path, PathJudgement]] = []
        taken: set[str] = set()
        for allow_revisit in (False, True):
            for path, judgement in ranked:
                if len(chosen) >= self.config.beam:
                    break
                key = self._pkey(path)
                if key in taken or _is_cycle(path, self._loops):
                    continue  # a cycle on its own path: whatever it can do, its prefix can
                if not allow_revisit and key in expanded:
                    continue
                taken.add(key)
                chosen.append((path, judgement))
        return [p for p, _ in chosen], chosen

    def _keep_in_reserve(self, children: list[Path], chosen: list[Path]) -> None:
        """Keep the level's children the beam did not take and that can still grow (scored by
        :meth:`_select`), best first, for :meth:`_refill` (only with ``path_bound`` or
        ``probe_once``: the memory lets paths grow past probes, so they reach ``max_actions``
        with budget left, which goes to breadth)."""
        if not (self.config.path_bound or self.config.probe_once):
            return
        taken = {id(p) for p in chosen}
        left = [p for p in children if id(p) not in taken and not self._at_bound(p)]
        ranked = sorted([*self._reserve, *left], key=lambda p: (-p.score, len(p.transitions)))
        self._reserve = ranked[:RESERVE_SIZE]

    def _remember_shortest(self, path: Path) -> None:
        """Keep ``path`` as the way to its state (:meth:`_memory_state`) when it is the
        shortest seen (the better scored of equals): where :meth:`_frontier` goes back to."""
        if not self.config.probe_once:
            return
        key = self._memory_state(path)
        known = self._shortest.get(key)
        if known is None or (len(path.transitions), -path.score) < (
            len(known.transitions),
            -known.score,
        ):
            self._shortest[key] = path

    def _frontier(self) -> list[Path]:
        """Budget left and no path to extend (every kept path at ``max_actions``, every
        candidate known to the memory): go back to states reached on the way and probe the
        actions nobody tried there yet, the coverage a search that never repeats itself
        spends its budget on (issue 28 §1: "budget left goes to breadth: untried actions of
        shallower states"). Up to ``beam`` states: the least often gone back to first ("every
        candidate ... tried once before any state is expanded again"), then most S2R progress,
        then the shortest way there. A state is gone back to again while it has untried actions
        (a visit probes at most ``branch`` widgets); one with none left is dropped. Until the
        search would have stopped nothing here acts, so what it found before is found the same
        way. Empty without ``probe_once`` or ``frontier`` (without the memory nothing says what
        is untried) or when no state has anything untried left."""
        if not (self.config.probe_once and self.config.frontier):
            return []
        ways = sorted(
            (
                (key, path)
                for key, path in self._shortest.items()
                if key not in self._exhausted and not self._at_bound(path)
            ),
            key=lambda kp: (
                self._gone_back.get(kp[0], 0),
                -kp[1].reached_step,
                len(kp[1].transitions),
                -kp[1].score,
            ),
        )
        beam: list[Path] = []
        for key, path in ways[: self.config.beam]:
            self._gone_back[key] = self._gone_back.get(key, 0) + 1
            way = replace(path, snapshot_id="")  # its snapshot may be gone: probes replay
            self._untried_only.add(id(way))
            beam.append(way)
        self.stats["frontier_paths"] += len(beam)
        return beam

    def _second_pass(self, start: list[Path]) -> list[Path]:
        """Budget left and nothing to extend (every state reached had every action tried): search
        again from ``start``, letting each path come back once to a screen it was on. A loop can
        change what no screen shows (the camera after a picture was taken, a list screen after
        an item was saved off it looks as it did), so a state reached after a loop is told apart
        by where the loop went (:meth:`_loop_suffix`) and its actions are probed again; the
        loop-free states keep what the memory knows. Once per search; empty without
        ``probe_once`` and ``loop_pass`` or when it ran already."""
        if self._loops or not (self.config.probe_once and self.config.loop_pass):
            return []
        self._loops = 1
        self._reserve = []
        self.stats["loop_pass"] = 1
        self.progress("loop_pass", {"probes": self.stats["probes"]})
        return [replace(path) for path in start]  # (copies: the search scores paths in place)

    def _refill(self, expanded: set[str]) -> list[Path]:
        """A new beam from the reserve when every kept path is at the bound or none is left:
        the best reserved paths that reach a state with S2R progress not expanded yet and are no
        cycle, one per state (their snapshots may be gone: probes replay their prefix). Empty
        without ``path_bound`` and ``probe_once``, or when nothing is left."""
        beam: list[Path] = []
        taken: set[str] = set()
        rest: list[Path] = []
        for path in self._reserve:
            key = self._pkey(path)
            if (
                len(beam) < self.config.beam
                and key not in expanded | taken
                and not _is_cycle(path, self._loops)
            ):
                taken.add(key)
                beam.append(replace(path, snapshot_id=""))
            elif key not in expanded | taken:
                rest.append(path)
        self._reserve = rest
        if beam:
            self.stats["refills"] += 1
        return beam

    # -- confirmation ---------------------------------------------------------------------------
    # Confirmation and shortening replays run on several devices at once (decision 0020): the
    # replays a serial search would run one after another are started together, and their results
    # are read in the serial order with the serial rules, so the trace and verdict are the same.
    # Replays run ahead that the serial order never reads are counted in ``replays_unused``.

    def _confirm(self, path: Path) -> tuple[bool, list[ReplayStep]]:
        """Replay the path from the base snapshot (``confirm_replays`` times, at once on as many
        devices); see :meth:`_recurs` for what must recur. The first shortening round's
        candidates (:meth:`_cut_candidates`) are replayed alongside on the devices left over, so
        that :meth:`_shorten` finds their results ready."""
        self._replayed = {}
        self._replays_read = set()
        if self.config.confirm_replays <= 0:
            return True, []
        t0 = time.perf_counter()
        confirm = [list(path.actions)] * self.config.confirm_replays
        room = max(0, self.pool.replay_width - len(confirm))
        ahead = self._cut_candidates(path, set(), min(room, self.config.shorten_replays))
        steps_of = self._replay_all([*confirm, *ahead])
        self._replayed.update(
            (self._signature(a), st) for a, st in zip(ahead, steps_of[len(confirm) :], strict=True)
        )
        self.phase_seconds["confirm"] += time.perf_counter() - t0
        steps: list[ReplayStep] = []
        for steps in steps_of[: len(confirm)]:
            if not self._recurs(path.actions, steps, path):
                self._count_unused()
                return False, steps
        return True, steps

    def _replay_checks(
        self, traces: list[list[Action]], claim: Path
    ) -> list[tuple[bool, list[ReplayStep]]]:
        """Replay each of ``traces`` on a fresh state, at once on several devices (a result
        replayed ahead for this claim is used instead of a new replay), and say for each whether
        the bug of ``claim`` recurred (:meth:`_recurs`)."""
        missing = [t for t in traces if self._signature(t) not in self._replayed]
        for trace, steps in zip(missing, self._replay_all(missing), strict=True):
            self._replayed[self._signature(trace)] = steps
        out = []
        for trace in traces:
            steps = self._replayed[self._signature(trace)]
            out.append((self._recurs(trace, steps, claim), steps))
        return out

    def _replay_all(self, traces: list[list[Action]]) -> list[list[ReplayStep]]:
        if not traces:
            return []
        self.stats["replays"] += len(traces)
        return self.pool.replay_many(traces, screenshots=True)

    def _recurs(self, actions: list[Action], steps: list[ReplayStep], claim: Path) -> bool:
        """Whether a replay of ``actions`` shows the bug of ``claim`` again: every action was
        performed, and for a crash a matching crash of the app, for a symptom the same final
        screen."""
        if len(steps) != len(actions) or not all(s.performed for s in steps):
            return False
        if claim.transitions[-1].crash is not None:
            crash = app_crash([line for s in steps for line in s.logcat], self.package)
            return crash is not None and crash_matches(self.spec, crash)
        return steps[-1].after_hash == claim.transitions[-1].after.structural_hash

    @staticmethod
    def _signature(actions: list[Action]) -> tuple[str, ...]:
        return tuple(a.key() for a in actions)

    def _count_unused(self) -> None:
        """Add the replays run ahead for this claim that no decision read."""
        self.stats["replays_unused"] += len(set(self._replayed) - self._replays_read)
        self._replayed, self._replays_read = {}, set()

    def _cut_candidates(
        self, path: Path, tried: set[tuple[str, ...]], budget: int
    ) -> list[list[Action]]:
        """The detour cuts of ``path`` one shortening round tries, in its order, at most
        ``budget``: where the path comes back to a state it was in before (same screen, same
        typed text), the path without that loop, longest loop first; cuts in ``tried`` (or
        empty) are skipped."""
        keys = [_state_key(path, i) for i in range(len(path.transitions) + 1)]
        loops = sorted(
            (
                (i, j)
                for i in range(len(keys))
                for j in range(i + 1, len(keys))
                if keys[i] == keys[j]
            ),
            key=lambda ij: ij[0] - ij[1],
        )
        cuts: list[list[Action]] = []
        seen = set(tried)
        for i, j in loops:
            if len(cuts) >= budget:
                break
            actions = path.actions[:i] + path.actions[j:]
            signature = self._signature(actions)
            if not actions or signature in seen:
                continue
            seen.add(signature)
            cuts.append(actions)
        return cuts

    def _shorten(self, path: Path, replay: list[ReplayStep]) -> tuple[Path, list[ReplayStep]]:
        """Cut detours out of a confirmed path: where it comes back to a state it was in before
        (same screen, same typed text), try it without the loop, longest loop first, and keep the
        first cut a replay still shows the bug in, then start over on the shorter path. A loop
        that only looks like one (the second visit of "About" that crashes) fails the replay and
        stays. Spends at most ``shorten_replays`` replays as the serial order counts them; a form
        of delta debugging restricted to cycles.

        The cuts of a round are independent, so they are replayed ``pool.replay_width`` at a
        time and read in the serial order: the first that passes wins, exactly as if they had
        been tried one by one (the verifier is asked in the same order, about the same cuts).
        Extra device work: up to ``replay_width - 1`` replays per round the serial order would
        not have run (``replays_unused``)."""
        t0 = time.perf_counter()
        budget = self.config.shorten_replays
        tried: set[tuple[str, ...]] = set()
        while budget > 0 and replay:
            cuts = self._cut_candidates(path, tried, budget)
            width = max(1, self.pool.replay_width)
            winner: tuple[Path, list[ReplayStep]] | None = None
            for first in range(0, len(cuts), width):
                batch = cuts[first : first + width]
                for actions, (ok, steps) in zip(
                    batch, self._replay_checks(batch, path), strict=True
                ):
                    tried.add(self._signature(actions))
                    self._replays_read.add(self._signature(actions))
                    budget -= 1
                    if not ok:
                        continue
                    shorter = self._path_from_replay(steps)
                    if self._still_the_bug(path, shorter):
                        winner = (shorter, steps)
                        log.info(
                            "trace_shortened", before=len(path.transitions), after=len(actions)
                        )
                        break
                if winner is not None:
                    break
            if winner is None:
                break
            path, replay = winner
        self._count_unused()
        self.phase_seconds["shorten"] += time.perf_counter() - t0
        return path, replay

    def _still_the_bug(self, claim: Path, shorter: Path) -> bool:
        """Whether ``shorter`` (rebuilt from a replay that showed the bug again) still earns the
        claim."""
        # A crash must still come where the report puts it once the detour is cut.
        if claim.transitions[-1].crash is not None:
            return shorter.transitions[-1].crash is None or (
                judge_crash(self.spec, shorter).qualifies and self._held_to_evidence(shorter)
            )
        # A symptom is judged on the screen, and a shorter trace can end on the same screen
        # without the bug ever happening (an empty list looks the same whether or not the note
        # was created): the verifier must accept the shorter trace too.
        return self.reasoner.verify(self.spec, shorter).reproduced

    def _path_from_replay(self, steps: list[ReplayStep]) -> Path:
        """A path rebuilt from a replay: screens, diffs and summaries of what the replay saw."""
        before = self._root
        transitions: list[Transition] = []
        for step in steps:
            after = step.screen()
            crash = app_crash(step.logcat, self.package)
            transitions.append(
                Transition(
                    action=step.action,
                    before=before,
                    after=after,
                    diff=structural_diff(before, after, crash, app_package=self.package),
                    crash=crash,
                    device_id="replay",
                    restore={"method": "replay"},
                )
            )
            before = after
        summaries = self.reasoner.summarize_transitions(self.spec, transitions)
        for transition, summary in zip(transitions, summaries, strict=True):
            transition.summary = summary
        return Path(transitions=transitions)

    def _outcome(
        self,
        verdict: str,
        path: Path | None,
        start: float,
        stop: str,
        explored: list[list[str]],
        other_crashes: list[dict[str, Any]],
        **kw: Any,
    ) -> SearchOutcome:
        stats: dict[str, Any] = dict(self.stats)
        stats["restore_methods"] = {
            method: {"probes": n, "seconds": round(self.restore_seconds[method], 4)}
            for method, n in self.restore_methods.items()
        }
        stats["phase_seconds"] = {k: round(v, 4) for k, v in self.phase_seconds.items()}
        if self._speculation is not None:
            self.pool.end_speculation(self._speculation)  # nothing runs after the verdict
            stats["speculation"] = self._speculation.stats.to_json()
        else:
            stats["speculation"] = SpeculationStats().to_json()
        stats["speculation"]["mode"] = "on" if self._speculation is not None else "off"
        stats["search_seconds"] = round(time.monotonic() - start, 3)
        log.info(
            "search_done",
            verdict=verdict,
            stop=stop,
            **{k: v for k, v in stats.items() if isinstance(v, int)},
        )
        return SearchOutcome(
            verdict=verdict,
            path=path,
            base_screen=self._root,
            stop_reason=stop,
            stats=stats,
            explored=explored,
            probe_log=self.probe_log,
            other_crashes=other_crashes,
            **kw,
        )
