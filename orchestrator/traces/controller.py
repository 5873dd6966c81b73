"""The replay controller: walk a stored trace on a live device, trusting nothing unchecked.

For each recorded transition ("Reuse, Rewrite, or Reject", IPADS 2026, §4):

1. look at the live screen; a known modal in the way (:mod:`.modals`) is closed first;
2. find the target with the locator cascade (:mod:`.locate`) and check the precondition (the
   app and activity the transition was recorded in);
3. decide: **reuse** (target found by its most trusted locator, nothing changed, precondition
   holds), **rewrite** (re-grounded on a moved or renamed target, a slot bound to a new value, a
   modal closed, a dialog the build no longer shows skipped; the reason is kept) or **reject**
   (nothing credible: the rest is handed to the explorer);
4. act, then check the effect against the recorded one (same screen, a similar change on the same
   activity, or something else — which rejects the step and hands over from before it).

The controller never decides that the bug reproduced: it reports whether every step ran and what
crashed; the caller runs the oracle again (a replay that completes every step can still miss the
bug) and, when the controller stopped early, continues with the explorer from :attr:`path`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import structlog

from device_agent.actions import INPUT_TEXT, Action
from device_agent.errors import HierarchyError
from device_agent.hierarchy import parse_hierarchy
from orchestrator.diff import describe_diff, structural_diff
from orchestrator.farm import DevicePool, ReplayStep, observed_screen
from orchestrator.logcat import app_crash
from orchestrator.model import CrashInfo, Path, ReproSpec, Screen, Transition
from orchestrator.search import crash_matches
from orchestrator.traces.build import slot_type
from orchestrator.traces.locate import locate
from orchestrator.traces.modals import dismissal, modal_on_top
from orchestrator.traces.template import TemplateTransition, TraceTemplate

log = structlog.get_logger("reprofarm.traces")

REUSE, REWRITE, REJECT = "reuse", "rewrite", "reject"
# Modals closed in front of one step at most (a changelog, then a rating prompt...).
MAX_DISMISSALS = 3

# Effect checks.
AS_RECORDED, SIMILAR, UNEXPECTED, BUG = "as_recorded", "similar", "unexpected", "bug"


@dataclass
class StepDecision:
    """What the controller did with one recorded transition: ``decision`` (reuse, rewrite,
    reject), ``how`` (the locator level, ``global`` for a screen-wide action, ``slot`` or
    ``dismiss``), ``reasons`` (why it was rewritten or rejected), the ``action`` executed (JSON;
    empty for a reject before acting), the ``effect`` check, and ``extra`` actions run in front
    of it (closing modals)."""

    index: int
    decision: str
    how: str = ""
    reasons: list[str] = field(default_factory=list)
    action: dict[str, Any] = field(default_factory=dict)
    effect: str = ""
    extra: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "decision": self.decision,
            "how": self.how,
            "reasons": self.reasons,
            "action": self.action,
            "effect": self.effect,
            "extra": self.extra,
        }


@dataclass
class ReplayReport:
    """The controller's account of one replay.

    ``completed``: every recorded transition ran; ``path``: the transitions really executed
    (including modal dismissals), from the base screen — the explorer's starting point when the
    replay stopped early; ``bug_crash``: a crash matching the report seen on the way (the caller
    still confirms it); ``other_crash``: a crash that does not match; ``rejected_at``: the
    index of the rejected transition (None when none was); ``steps``: the device's observations,
    one per executed action; ``device``: the device's address.
    """

    decisions: list[StepDecision]
    completed: bool
    path: Path
    base: Screen
    steps: list[ReplayStep]
    device: str
    bug_crash: CrashInfo | None = None
    other_crash: CrashInfo | None = None
    rejected_at: int | None = None
    seconds: float = 0.0

    def counts(self, total: int) -> dict[str, int]:
        """Recorded transitions by decision; those never reached after a reject count as
        rejected (the explorer replaced them), so the three add up to ``total``."""
        reused = sum(1 for d in self.decisions if d.decision == REUSE)
        rewritten = sum(1 for d in self.decisions if d.decision == REWRITE)
        return {"reused": reused, "rewritten": rewritten, "rejected": total - reused - rewritten}


def slot_bindings(template: TraceTemplate, spec: ReproSpec) -> dict[str, str]:
    """New values for the template's report-quoted slots, from the (re-analysed) spec: a slot
    whose recorded value the report no longer quotes takes the one quoted value of its type no
    other slot uses. Slots the search made up keep their value. Returns ``{slot name: value}``
    for the slots that change."""
    quoted = [v.strip() for v in spec.input_values if v.strip()]
    quoted += [s.value.strip() for s in spec.steps if s.value.strip()]
    kept = {s.value for s in template.slots if s.value in quoted}
    out: dict[str, str] = {}
    for slot in template.slots:
        if slot.source != "report" or slot.value in quoted:
            continue
        free = [
            v
            for v in dict.fromkeys(quoted)
            if slot_type(v) == slot.type and v not in kept and v not in out.values()
        ]
        if len(free) == 1:
            out[slot.name] = free[0]
    return out


class ReplayController:
    """Replays ``template`` on one device of ``pool`` (see the module docstring).

    ``spec`` is the reproduction spec to check crashes against and bind slots from; ``package``
    the app under test. :meth:`run` raises :class:`~orchestrator.errors.InfrastructureError`
    when the device fails (the caller may retry on another).
    """

    def __init__(
        self,
        template: TraceTemplate,
        spec: ReproSpec,
        pool: DevicePool,
        package: str,
        *,
        screenshots: bool = False,
    ) -> None:
        self.template = template
        self.spec = spec
        self.pool = pool
        self.package = package
        self.screenshots = screenshots
        self.bindings = slot_bindings(template, spec)

    def run(self) -> ReplayReport:
        started = time.monotonic()
        session = self.pool.stepper(screenshots=self.screenshots)
        base = observed_screen(session.first)
        current = base
        transitions: list[Transition] = []
        steps: list[ReplayStep] = []
        decisions: list[StepDecision] = []
        report = ReplayReport(decisions, False, Path(), base, steps, session.address)
        reached = -1
        for recorded in self.template.transitions:
            decision = StepDecision(index=recorded.index, decision=REUSE)
            # 1. modals in the way (only when the screen is not the one recorded)
            for _ in range(MAX_DISMISSALS):
                if not self._modal_in_way(recorded, current):
                    break
                closing = dismissal(current.hierarchy_xml)
                if closing is None:
                    break
                step = session.step(closing.action)
                after = step.screen()
                steps.append(step)
                transitions.append(
                    self._transition(closing.action, current, after, step, "", reached)
                )
                decision.extra.append(closing.action.to_json())
                decision.reasons.append(closing.reason)
                decision.decision, decision.how = REWRITE, "dismiss"
                current = after
                if not step.performed:
                    break
            # A dialog this step answered that tonight's build no longer shows: nothing to do.
            gone = self._dialog_gone(recorded, current)
            if gone:
                decision.decision, decision.how = REWRITE, "skip"
                decision.reasons.append(gone)
                decisions.append(decision)
                continue
            # 2-3. ground the action and decide
            action = self._ground(recorded, current, decision)
            if action is None:
                decision.decision = REJECT
                decisions.append(decision)
                report.rejected_at = recorded.index
                break
            # 4. act and check the effect
            step = session.step(action)
            decision.action = action.to_json()
            if not step.performed:
                decision.decision, decision.effect = REJECT, UNEXPECTED
                decision.reasons.append(f"the device could not perform it: {step.detail}")
                decisions.append(decision)
                report.rejected_at = recorded.index
                break
            after = step.screen()
            crash = app_crash(step.logcat, self.package)
            effect = self._effect(recorded, current, after, crash)
            decision.effect = effect
            if effect == UNEXPECTED:
                decision.decision = REJECT
                decision.reasons.append(self._effect_reason(recorded, after, crash))
                decisions.append(decision)
                report.rejected_at = recorded.index
                report.other_crash = crash
                break
            steps.append(step)
            if recorded.serves:
                reached = max(reached, *recorded.serves)
            transitions.append(
                self._transition(action, current, after, step, recorded.evidence, reached)
            )
            decisions.append(decision)
            current = after
            if effect == BUG:
                report.bug_crash = crash
                break
        else:
            report.completed = True
        if report.bug_crash is not None:
            report.completed = True  # the bug showed up: the remaining steps are not needed
        report.path = Path(transitions=transitions, reached_step=reached)
        report.seconds = time.monotonic() - started
        counts = report.counts(len(self.template.transitions))
        log.info("trace_replayed", bug_id=self.template.bug_id, device=session.address, **counts)
        return report

    # -- decisions ------------------------------------------------------------------------------
    def _modal_in_way(self, recorded: TemplateTransition, current: Screen) -> bool:
        """A dialog is on top where the recording had none (or had another one)."""
        state = self.template.states[recorded.source]
        if current.structural_hash == state.signature:
            return False
        title = modal_on_top(current.hierarchy_xml)
        if not title:
            return False
        # The recorded screen had this very dialog (same words on its buttons): not in the way.
        if state.dialog and recorded.locators is not None:
            try:
                match = locate(recorded.locators, parse_hierarchy(current.hierarchy_xml))
            except HierarchyError:
                match = None
            if match is not None:
                return False
        return True

    def _dialog_gone(self, recorded: TemplateTransition, current: Screen) -> str:
        """Why the step can be skipped (``""`` when it cannot): it answered a dialog (its screen
        had one on top and the next had none), no dialog is on top now, its target is nowhere,
        and the screen is already on the activity the step led to."""
        source = self.template.states[recorded.source]
        target = self.template.states[recorded.target]
        if not source.dialog or target.dialog or recorded.locators is None:
            return ""
        if modal_on_top(current.hierarchy_xml):
            return ""
        if current.package != target.package or current.activity != target.activity:
            return ""
        try:
            if locate(recorded.locators, parse_hierarchy(current.hierarchy_xml)) is not None:
                return ""
        except HierarchyError:
            return ""
        label = recorded.locators.label or "its button"
        return f'the dialog this step closed ("{label}") did not appear: step skipped'

    def _ground(
        self, recorded: TemplateTransition, current: Screen, decision: StepDecision
    ) -> Action | None:
        """The action to run for ``recorded`` on ``current``, or None (a reject, reasons
        added to ``decision``)."""
        action = recorded.recorded_action()
        state = self.template.states[recorded.source]
        if current.package != state.package:
            decision.reasons.append(
                f"the app is not in front ({current.package or 'nothing'} instead of "
                f"{state.package})"
            )
            return None
        if action.target is None:
            decision.how = decision.how or "global"
            if current.activity != state.activity and current.structural_hash != state.signature:
                decision.reasons.append(
                    f"screen-wide action recorded on {state.activity}, now on {current.activity}"
                )
                return None
            return action
        if recorded.locators is None:
            decision.reasons.append("no locators were recorded for the target")
            return None
        try:
            hierarchy = parse_hierarchy(current.hierarchy_xml)
        except HierarchyError as exc:
            decision.reasons.append(f"the live view hierarchy is unreadable: {exc}")
            return None
        match = locate(recorded.locators, hierarchy)
        label = recorded.locators.label or action.target.describe()
        if match is None:
            decision.reasons.append(f'"{label}" is not on the screen')
            return None
        if match.level == "position" and current.activity != state.activity:
            decision.reasons.append(
                f'only a widget at the recorded point of "{label}", on another activity'
            )
            return None
        if decision.decision != REWRITE:
            decision.how = match.level
        # On the very screen recorded, the node at the recorded rectangle is the recorded one
        # even when no single locator singles it out (an unlabelled view among same-shape ones).
        same_spot = (
            current.structural_hash == state.signature
            and match.node.cls == recorded.locators.class_name
            and match.node.bounds.to_list() == recorded.locators.bounds
        )
        if not match.exact and not same_spot:
            decision.decision = REWRITE
            decision.reasons.append(
                f'"{label}" found by {match.level}: ' + "; ".join(match.changes)
            )
        elif current.activity != state.activity:
            decision.decision = REWRITE
            decision.reasons.append(f"activity {state.activity} is now {current.activity}")
        grounded = replace(action, target=match.node.selector())
        if action.kind == INPUT_TEXT and recorded.slot in self.bindings:
            value = self.bindings[recorded.slot]
            decision.decision = REWRITE
            decision.how = "slot" if decision.how == "id" else decision.how
            decision.reasons.append(
                f'slot {recorded.slot} bound to "{value}" (was "{action.text}")'
            )
            grounded = replace(grounded, text=value)
        return grounded

    def _effect(
        self,
        recorded: TemplateTransition,
        before: Screen,
        after: Screen,
        crash: CrashInfo | None,
    ) -> str:
        """``bug`` (a crash matching the report), ``as_recorded`` (the recorded screen),
        ``similar`` (a change on the recorded activity, or no change where none was recorded)
        or ``unexpected``. A transition that crashed when recorded is judged by the oracle, so a
        missing crash there is ``similar``, not ``unexpected``."""
        effect = recorded.effect
        if crash is not None:
            return BUG if crash_matches(self.spec, crash) else UNEXPECTED
        if after.structural_hash == effect.signature:
            return AS_RECORDED
        if effect.crash:
            return SIMILAR
        changed = after.structural_hash != before.structural_hash or (
            after.orientation != before.orientation
        )
        if after.package != effect.package:
            return UNEXPECTED
        if after.activity == effect.activity and (changed or effect.kind == "unchanged"):
            return SIMILAR
        return UNEXPECTED

    def _effect_reason(
        self, recorded: TemplateTransition, after: Screen, crash: CrashInfo | None
    ) -> str:
        if crash is not None:
            return f"the app crashed with {crash.exception_class}, not the reported crash"
        effect = recorded.effect
        if after.package != effect.package:
            return f"the action left the app ({after.package}), the recording stayed in it"
        if after.activity != effect.activity:
            return f"the action led to {after.activity}, recorded: {effect.activity}"
        return "the action changed nothing, the recording saw the screen change"

    # -- path -----------------------------------------------------------------------------------
    def _transition(
        self,
        action: Action,
        before: Screen,
        after: Screen,
        step: ReplayStep,
        evidence: str,
        reached: int,
    ) -> Transition:
        crash = app_crash(step.logcat, self.package)
        diff = structural_diff(before, after, crash, app_package=self.package)
        return Transition(
            action=action,
            before=before,
            after=after,
            diff=diff,
            # The recorded summary when the step did what it did then: no reasoner call.
            summary=evidence or describe_diff(diff),
            crash=crash,
            device_id="replay",
            restore={"method": "trace_replay"},
            reached_step=reached,
        )


def session_retry(
    pool: DevicePool, make: Callable[[], ReplayReport], attempts: int = 2
) -> ReplayReport:
    """Run ``make()`` (a controller run) again on another device when the device fails, at most
    ``attempts`` times; the last failure is raised."""
    from orchestrator.errors import InfrastructureError

    last: InfrastructureError | None = None
    for _ in range(max(1, attempts)):
        try:
            return make()
        except InfrastructureError as exc:
            last = exc
            log.warning("replay_device_failed", error=str(exc))
            if not pool.healthy:
                break
    assert last is not None
    raise last
