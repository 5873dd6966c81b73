"""Setting a report's launch precondition up before the search (decision 0034).

A report that launches the app "with X enabled" starts from a state the reporter had set long
before (decision 0030 makes it the step ``Enable "X"``). Nothing on the screens the report's own
steps walk through names X, so the bug's search never heads for it. A person preparing a device
does it first: open the app's settings, find the switch or check box whose row says X, set it,
and come back to the app's start. :func:`setup_spec` is that errand as S2R steps ("Open
Settings", then the report's precondition steps), :class:`SettingGoal` says when a path has done
it and finishes it (a permission the setting asks for is granted, Back presses return to the
launch screen), and the search (:class:`orchestrator.search.Reproducer` given the goal) runs it
with a small share of the budget (:data:`SETUP_SHARE`). The report's search then starts from
the end of that path (its actions are every probe's and the trace's prefix), so the alignment
credits the step where the path did it and the replay does it again. When the errand fails, the
report's search runs as before with the budget left.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from device_agent.actions import CLICK, PRESS_BACK, SWIPE, Action
from device_agent.hierarchy import find_node, parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import Path, ReproSpec, S2RStep, Screen
from orchestrator.reasoner.align import (
    ScreenIndex,
    action_label,
    described_setting,
    is_permission_screen,
    label_match,
    names_target,
    permission_button,
    screen_index,
    state_left,
    toggle_state,
    wanted_state,
)
from orchestrator.reasoner.base import FilterResult, PathJudgement
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.search import outside_app
from orchestrator.text import similarity, words, wordset

# The share of the run's probe and time budget the errand may spend (the report's search gets
# the rest): a settings screen is a few levels deep (GPSTest's file output is 6 actions from
# launch, up to about 24 probes a level with the default beam and branch: 87 probes there).
SETUP_SHARE = 0.2

# Where apps keep their settings: an entry so named in a drawer, overflow menu or toolbar
# (its synonyms, "Preferences", "Options", match it: orchestrator.text).
SETTINGS_STEP = S2RStep(text='Open "Settings"', action_hint=CLICK, targets=["Settings"])
# Labels of the widgets that open a drawer or an overflow menu, where a settings entry hides.
_MENU_WORDS = wordset("more options overflow menu navigation drawer hamburger")

# The errand's score (0-1): a path that reached the goal 1; in the settings (a click on an entry
# named Settings led somewhere) IN_SETTINGS plus up to NEAR_SHARE for how much of the setting's
# name the screen shows; before, up to NEAR_SHARE for a settings entry (or a menu) on screen.
IN_SETTINGS = 0.5
NEAR_SHARE = 0.3
MENU_NEAR = 0.35  # a drawer or overflow opener: a settings entry is often behind it
# A path is pushed down by this for each setting it changed on the way (a person looking for one
# setting changes no other), and for ending in a dialog that does not show the setting.
CHANGED_PENALTY = 0.15
DIALOG_PENALTY = 0.05
LENGTH_PENALTY = 0.002  # per action: shorter ways first among equals


def precondition_steps(spec: ReproSpec) -> list[S2RStep]:
    """The report's leading steps that set a setting its launch starts from (``precondition``
    steps that turn something on or off, :func:`orchestrator.reasoner.align.wanted_state`), in
    order; empty when its first step is anything else."""
    leading: list[S2RStep] = []
    for step in spec.steps:
        if not (step.precondition and wanted_state(step) is not None):
            break
        leading.append(step)
    return leading


def setup_spec(spec: ReproSpec) -> ReproSpec | None:
    """The errand as a spec of its own: the report's precondition steps
    (:func:`precondition_steps`), no alternatives; ``None`` when the report has none."""
    steps = precondition_steps(spec)
    if not steps:
        return None
    return replace(spec, steps=steps, alternatives=[])


def setting_set(step: S2RStep, path: Path) -> bool:
    """A click of the path left the switch or check box the step names (by its label, or by
    its row's texts: :func:`orchestrator.reasoner.align.state_left`) in the state it asks for."""
    left = state_left(step, path.transitions)
    return left is not None and left[1] is wanted_state(step)


def _entered_settings(path: Path) -> bool:
    """A click on a widget labelled as the settings (:data:`SETTINGS_STEP`) led somewhere."""
    for t in path.transitions:
        if t.action.kind != CLICK or t.diff.get("unchanged"):
            continue
        if label_match(action_label(t.action, t.before.hierarchy_xml), SETTINGS_STEP) >= 0.8:
            return True
    return False


def _settings_changed(spec: ReproSpec, path: Path) -> int:
    """How many clicks of the path changed a switch, check box or choice that is none of the
    errand's settings."""
    changed = 0
    for t in path.transitions:
        if t.action.kind != CLICK or not t.diff.get("states_changed"):
            continue
        label = action_label(t.action, t.before.hierarchy_xml)
        index = screen_index(t.before.hierarchy_xml)
        if not any(
            names_target(label, s) or described_setting(s, t.action, index) for s in spec.steps
        ):
            changed += 1
    return changed


def _shows_setting(spec: ReproSpec, index: ScreenIndex) -> float:
    """How much of a setting's name the screen's labels show (the share of its words one label
    holds: "Logging and Output" holds half of "file logging"), 0-1."""
    return max(
        (similarity(t, label) for s in spec.steps for t in s.targets for label in index.label_set),
        default=0.0,
    )


def _shows_settings_entry(index: ScreenIndex) -> float:
    """1 when a label names the settings, :data:`MENU_NEAR` when a drawer or overflow menu's
    opener is on screen, else 0."""
    best = max((label_match(label, SETTINGS_STEP) for label in index.label_set), default=0.0)
    if best >= 0.8:
        return 1.0
    if any(set(words(label)) & _MENU_WORDS for label in index.label_set):
        return MENU_NEAR
    return 0.0


def _allow_button(candidates: list[Action], xml: str) -> Action | None:
    """The click on a runtime-permission dialog's Allow button among ``candidates``."""
    for action in candidates:
        if action.kind == CLICK and permission_button(action_label(action, xml)) == "allow":
            return action
    return None


class ErrandReasoner(HeuristicReasoner):
    """The offline reasoner, steered for the errand (whatever reasoner the run uses): keep the
    clicks and scrolls a person looking for a setting makes, and rank paths by how close they
    are to it (:data:`IN_SETTINGS`, :data:`NEAR_SHARE`, the penalties above)."""

    name = "errand"

    def filter_actions(
        self, spec: ReproSpec, screen: Screen, candidates: list[Action], path: Path, limit: int
    ) -> FilterResult:
        """The offline reasoner's choice among clicks and scrolls only, without a click that
        changes another switch, check box or choice (a person looking for one setting changes
        no other); on a permission dialog, its Allow button only (the setting asks for what it
        needs to work); a scroll up kept on a screen that scrolls."""
        index = screen_index(screen.hierarchy_xml)
        if is_permission_screen(screen.hierarchy_xml):
            allow = _allow_button(candidates, screen.hierarchy_xml)
            if allow is not None:
                return FilterResult([allow], ["grant what the setting asks for"])
        xml = screen.hierarchy_xml
        usable = [a for a in candidates if self._errand_action(spec, a, index, xml)]
        if not usable:
            return FilterResult([], [])
        chosen = super().filter_actions(spec, screen, usable, path, limit)
        actions, reasons = list(chosen.actions), list(chosen.reasons)
        scroll = next((a for a in usable if a.kind == SWIPE and a.direction == "up"), None)
        if scroll is not None and scroll not in actions:
            actions.append(scroll)
            reasons.append("scroll: the setting may be further down")
        return FilterResult(actions, reasons)

    @staticmethod
    def _errand_action(spec: ReproSpec, action: Action, index: ScreenIndex, xml: str) -> bool:
        """A scroll up or down, or a click that changes no switch, check box or choice other
        than the errand's own."""
        if action.kind == SWIPE:
            return action.direction in ("up", "down")
        if action.kind != CLICK:
            return False
        if action.target is None or index.tree is None:
            return True
        node = find_node(index.tree, action.target)
        if node is None or (toggle_state(node) is None and not action.extra.get("checkable")):
            return True
        label = action_label(action, xml)
        return any(
            names_target(label, s) or described_setting(s, action, index) for s in spec.steps
        )

    def evaluate_paths(self, spec: ReproSpec, paths: list[Path]) -> list[PathJudgement]:
        """The errand's score of each path (see the module's constants); ``complete`` when every
        setting is set, ``reached_step`` the index of the last one set."""
        return [self._errand_judge(spec, p) for p in paths]

    def _errand_judge(self, spec: ReproSpec, path: Path) -> PathJudgement:
        done = [setting_set(s, path) for s in spec.steps]
        reached = (done + [False]).index(False) - 1
        if all(done):
            return PathJudgement(1.0, reached, True, "the settings are set")
        last = path.last_screen
        index = screen_index(last.hierarchy_xml) if last is not None else ScreenIndex()
        if _entered_settings(path):
            score = IN_SETTINGS + NEAR_SHARE * _shows_setting(spec, index)
            reason = "in the settings"
        else:
            score = NEAR_SHARE * _shows_settings_entry(index)
            reason = "on the way to the settings"
        score -= CHANGED_PENALTY * _settings_changed(spec, path)
        if index.dialog_open and _shows_setting(spec, index) < 0.5:
            score -= DIALOG_PENALTY
        score -= LENGTH_PENALTY * len(path.transitions)
        return PathJudgement(max(0.0, score), reached, False, reason)


@dataclass
class SettingGoal:
    """The errand's goal (a :class:`orchestrator.search.Goal`): ``spec`` is
    :func:`setup_spec`'s, ``package`` the app under test's."""

    spec: ReproSpec
    package: str

    def reached(self, path: Path) -> bool:
        """Every precondition's setting is set (:func:`setting_set`)."""
        return bool(path.transitions) and all(setting_set(s, path) for s in self.spec.steps)

    def home_activity(self, path: Path, root: Screen) -> str:
        """The activity the errand set out from: the first screen of the app's own (not a
        permission dialog over it) from the launch screen ``root`` on, ``""`` when none."""
        screens = [root, *(t.after for t in path.transitions)]
        for screen in screens:
            if screen.package == self.package and not is_permission_screen(screen.hierarchy_xml):
                return screen.activity
        return ""

    def next_action(self, path: Path, root: Screen) -> Action | None:
        """On a runtime-permission dialog, its Allow button (the setting asked for what it needs
        to work, and the report has it working); in the app but on another activity than the
        one the errand set out from (:meth:`home_activity`), Back; else ``None``. A path that
        left the app cannot be finished (``None``, and :meth:`finished` says no)."""
        screen = path.last_screen
        if screen is None:
            return None
        if is_permission_screen(screen.hierarchy_xml):
            xml = screen.hierarchy_xml
            return _allow_button(enumerate_actions(parse_hierarchy(xml)), xml)
        if outside_app(screen, self.package):
            return None
        home = self.home_activity(path, root)
        if home and screen.activity != home:
            return Action(kind=PRESS_BACK)
        return None

    def finished(self, path: Path, root: Screen) -> bool:
        """The path reached the goal and ends in the app, on the activity the errand set out
        from (:meth:`home_activity`), with no permission dialog up."""
        screen = path.last_screen
        return (
            screen is not None
            and self.reached(path)
            and not outside_app(screen, self.package)
            and not is_permission_screen(screen.hierarchy_xml)
            and screen.activity == self.home_activity(path, root)
        )
