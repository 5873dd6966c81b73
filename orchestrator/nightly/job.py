"""One bug of a nightly run: replay the stored trace on tonight's build, explore only when needed.

The verdicts (issue 6):

- ``still_reproduces``: the bug was seen again and confirmed (by the trace replayed as recorded,
  by a rewritten trace confirmed by a second replay, or by the explorer's confirmed trace);
- ``fixed``: the trace replays to its end, the oracle stays silent, and a bounded fresh
  exploration (``--fixed-probes``) does not find the bug either;
- ``needs_attention``: anything a person must look at: the trace could not be followed and the
  explorer did not find the bug, the bug never reproduced, or the run failed.

A bug with no stored trace is explored from scratch (the first night). Every newly confirmed
trace — from scratch, after a rewrite, or after the explorer took over — is stored as a new
template for the build it ran on (:mod:`orchestrator.traces.store`), never an unconfirmed one.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import structlog

from orchestrator.config import run_speculation
from orchestrator.errors import ReproError
from orchestrator.farm import DevicePool
from orchestrator.model import CRASH, BugReport, ReproSpec
from orchestrator.progress import usage_events
from orchestrator.reasoner import make_reasoner
from orchestrator.reasoner.base import Reasoner
from orchestrator.report import load_report
from orchestrator.results import (
    RunRecord,
    device_record,
    prepare_out_dir,
    write_run,
)
from orchestrator.search import CRASHED, NOT_REPRODUCED, SYMPTOM, Reproducer, SearchOutcome
from orchestrator.traces.build import build_template, report_digest
from orchestrator.traces.controller import (
    REWRITE,
    ReplayController,
    ReplayReport,
    session_retry,
)
from orchestrator.traces.store import TraceStore
from orchestrator.traces.template import TemplateError, TraceTemplate

log = structlog.get_logger("reprofarm.nightly")

STILL_REPRODUCES = "still_reproduces"
FIXED = "fixed"
NEEDS_ATTENTION = "needs_attention"
VERDICTS = (STILL_REPRODUCES, FIXED, NEEDS_ATTENTION)

# How the verdict was reached (``nightly.mode`` in result.json).
REPLAYED, EXPLORED_AFTER_REJECT, SCRATCH = "replay", "replay+explore", "scratch"
SKIPPED = "skipped"  # a known miss on this build and report text: nothing was run


@dataclass(frozen=True)
class NightlyOptions:
    """Settings of a nightly run: ``traces_path`` the trace store (SQLite); ``fixed_probes`` the
    probe budget of the bounded fresh exploration that must fail before a bug is called fixed;
    ``label`` names the night (a new label is a new run of every bug, the same label resumes);
    ``reuse`` False forces from-scratch runs (the baseline the savings are measured against);
    ``retry_misses`` explores again an issue a fresh exploration already failed to reproduce on
    the same build and report text with the same reasoner and at least tonight's probe budget
    (by default such an issue is reported ``needs_attention`` without spending that search
    again)."""

    traces_path: str
    fixed_probes: int = 150
    label: str = ""
    reuse: bool = True
    retry_misses: bool = False


def usage_calls(reasoner: Reasoner) -> int:
    """Reasoner calls of a run: every role's calls (the heuristic counts them too)."""
    return reasoner.usage.total_calls


def nightly_on_pool(
    config: Any,
    app: dict[str, str],
    open_pool: Callable[[], contextlib.AbstractContextManager[Any]],
    *,
    options: NightlyOptions,
    reasoner: Reasoner | None = None,
    progress: Callable[[str, dict[str, Any]], None] | None = None,
) -> tuple[dict[str, Any], int]:
    """One bug of a nightly run on devices the caller provides; returns ``(result, exit)``.

    Same contract as :func:`orchestrator.run.reproduce_on_pool` (``config`` a ``RunConfig``;
    writes ``result.json`` and ``report.html`` into ``config.out_dir``), plus a ``nightly``
    section in the result: ``verdict`` (one of :data:`VERDICTS`), ``reason``, ``mode``,
    ``decisions`` (one per recorded transition), ``counts`` (``total``, ``reused``,
    ``rewritten``, ``rejected``), ``reasoner_calls``, ``tokens``, ``wall_s`` and ``scratch`` (what
    the from-scratch search that recorded the trace cost). Exit code 0 when the bug still
    reproduces, 1 otherwise. Failures after the report is read end as ``needs_attention``.
    """

    started = time.monotonic()
    report = load_report(config.report_path)
    if reasoner is None:
        reasoner = make_reasoner(
            config.reasoner, ablation=config.ablation, beam=config.search.beam, llm=config.llm
        )
    out_dir = prepare_out_dir(config.out_dir)
    record = RunRecord(
        report=report,
        app=dict(app),
        profile=config.farm.profile,
        time_scale=config.farm.time_scale,
        reasoner=reasoner.name,
        config=config.to_json(),
    )
    night = _Night(config, app, report, reasoner, options, progress)
    # Model calls are reported as they return (the metrics' live token and cost counts).
    listener = usage_events(progress or (lambda event, data: None))
    reasoner.usage.listeners.append(listener)
    try:
        with TraceStore(options.traces_path) as traces:
            night.traces = traces
            try:
                night.template = night.load_template()
                skipped = night.known_miss()
                if skipped is not None:
                    record.outcome = skipped  # nothing changed since a search found nothing
                else:
                    record.spec = night.spec()
                    with open_pool() as pool:
                        try:
                            record.outcome = night.run(pool)
                        finally:
                            record.devices = pool.utilisation()
                            record.farm_events = pool.events
                record.app = night.app
                record.device = night.device
            except ReproError as exc:
                record.error = str(exc)
                night.verdict(NEEDS_ATTENTION, f"the run failed: {exc}")
            record.wall_seconds = time.monotonic() - started
            if not record.error:
                night.store_pending(record.wall_seconds)
    except ReproError as exc:  # the trace store itself cannot be opened or written
        record.error = str(exc)
        night.verdict(NEEDS_ATTENTION, f"the run failed: {exc}")
    finally:
        reasoner.usage.listeners.remove(listener)
    record.usage = reasoner.usage
    record.wall_seconds = time.monotonic() - started
    result = write_run(out_dir, record, {"nightly": night.summary(record.wall_seconds)})
    log.info("nightly_bug_done", bug_id=report.bug_id, verdict=result["nightly"]["verdict"])
    return result, 0 if result["nightly"]["verdict"] == STILL_REPRODUCES else 1


class _Night:
    """The state of one bug's nightly run (see :func:`nightly_on_pool`)."""

    def __init__(
        self,
        config: Any,
        app: dict[str, str],
        report: BugReport,
        reasoner: Reasoner,
        options: NightlyOptions,
        progress: Callable[[str, dict[str, Any]], None] | None,
    ) -> None:
        self.config = config
        self.app = dict(app)
        self.requested_version = app.get("version", "")
        self.report = report
        self.reasoner = reasoner
        self.device: dict[str, Any] = {}  # result.json's device, once a device is prepared
        self.options = options
        self.progress = progress
        self.traces: TraceStore | None = None
        self.template: TraceTemplate | None = None
        self.replay: ReplayReport | None = None
        self.mode = SCRATCH
        self.result_verdict = NEEDS_ATTENTION
        self.reason = ""
        self.stored = False
        self.notes: list[str] = []
        self.pending: tuple[SearchOutcome, dict[str, Any] | None] | None = None
        self.own_scratch: dict[str, Any] = {}
        self._spec: ReproSpec | None = None

    # -- inputs ---------------------------------------------------------------------------------
    def load_template(self) -> TraceTemplate | None:
        assert self.traces is not None
        if not self.options.reuse:
            return None
        try:
            return self.traces.latest(
                self.report.bug_id, self.app.get("name", ""), self.app.get("version", "")
            )
        except TemplateError as exc:
            # A broken stored trace is not fatal: explore from scratch and store a good one.
            self.notes.append(f"stored trace ignored: {exc}")
            return None

    def known_miss(self) -> SearchOutcome | None:
        """When no trace is stored and a fresh exploration already missed the bug on this build
        for this report text, the outcome to report instead of searching again (None: run)."""
        assert self.traces is not None
        if self.template is not None or not self.options.reuse or self.options.retry_misses:
            return None
        miss = self.traces.miss(
            self.report.bug_id,
            self.app.get("name", ""),
            self.app.get("version", ""),
            report_digest(self.report),
        )
        # Only the same search again is pointless: a bigger budget or another reasoner may find it.
        if (
            miss is None
            or miss["reasoner"] != self.reasoner.name
            or self.config.search.max_probes > int(miss["budget"])
        ):
            return None
        self.mode = SKIPPED
        self.verdict(
            NEEDS_ATTENTION,
            f"night {miss['night']} explored it from scratch on this build ({miss['probes']} "
            f"probes: {miss['reason']}); not searched again until the build, the report or the "
            "budget changes (--retry-misses forces it)",
        )
        return SearchOutcome(verdict=NOT_REPRODUCED, path=None, stop_reason=self.reason)

    def spec(self) -> ReproSpec:
        """The stored spec when the report is unchanged (no reasoner call), else a new analysis."""
        template = self.template
        if template is not None and template.report_digest == report_digest(self.report):
            try:
                self._spec = ReproSpec.from_json(template.spec)
            except ValueError as exc:
                self.notes.append(f"stored spec ignored: {exc}")
        if self._spec is None:
            if template is not None:
                self.notes.append("the report changed since the trace was recorded: analysed again")
            self._spec = self.reasoner.analyze_report(self.report)
        return self._spec

    # -- the run --------------------------------------------------------------------------------
    def run(self, pool: DevicePool) -> SearchOutcome:
        base = pool.prepare(self.app["name"], self.app.get("version", ""))
        info = base["info"]
        self.app["package"] = info.app_package or self.app.get("package", "")
        self.app["version"] = info.app_version or self.app.get("version", "")
        self.device = device_record(info, base.get("orientation", ""))
        if self.template is None:
            return self._scratch(pool, base, self.config.search)
        return self._replay(pool, base, self.template)

    def _reproducer(self, pool: DevicePool, search: Any) -> Reproducer:
        beam, branch = self.config.ablation.search_limits(search.beam, search.branch)
        return Reproducer(
            self._spec_or_fail(),
            self.reasoner,
            pool,
            self.app["package"],
            replace(search, beam=beam, branch=branch, speculate=run_speculation(self.config)),
            screenshots_in_probes=self.reasoner.needs_screenshots,
            ablation=self.config.ablation,
            progress=self.progress,
        )

    def _spec_or_fail(self) -> ReproSpec:
        assert self._spec is not None
        return self._spec

    def _scratch(self, pool: DevicePool, base: dict[str, Any], search: Any) -> SearchOutcome:
        self.mode = SCRATCH
        outcome = self._reproducer(pool, search).run(base)
        if outcome.verdict in (CRASHED, SYMPTOM):
            self.verdict(STILL_REPRODUCES, "reproduced by a fresh exploration")
            self._store(outcome, None)  # this run is the from-scratch cost (set when it ends)
        else:
            self.verdict(
                NEEDS_ATTENTION,
                f"no stored trace, and a fresh exploration did not reproduce it "
                f"({outcome.stop_reason})",
            )
            assert self.traces is not None
            self.traces.record_miss(
                self.report.bug_id,
                self.app.get("name", ""),
                self.requested_version,
                report_digest(self.report),
                night=self.options.label,
                probes=int(outcome.stats.get("probes", 0)),
                budget=int(self.config.search.max_probes),
                reasoner=self.reasoner.name,
                reason=outcome.stop_reason,
            )
        return outcome

    def _replay(
        self, pool: DevicePool, base: dict[str, Any], template: TraceTemplate
    ) -> SearchOutcome:
        spec = self._spec_or_fail()
        controller = ReplayController(
            template,
            spec,
            pool,
            self.app["package"],
            screenshots=self.reasoner.needs_screenshots,
        )
        report = session_retry(pool, controller.run)
        self.replay = report
        self.mode = REPLAYED
        rewritten = any(d.decision == REWRITE for d in report.decisions)
        if not report.completed:
            return self._explore_after_reject(pool, base, report)
        # The oracle, always: a replay that ran every step can still miss the bug.
        outcome = self._oracle(pool, report, rewritten)
        if outcome is not None:
            self.verdict(
                STILL_REPRODUCES,
                "the stored trace reproduced it"
                + (" after rewrites (confirmed by a second replay)" if rewritten else ""),
            )
            if rewritten or template.app_version != self.app.get("version", ""):
                self._store(outcome, template.scratch)
            return outcome
        # Fixed? Only when a bounded fresh exploration does not find it either.
        bounded = replace(self.config.search, max_probes=self.options.fixed_probes)
        explored = self._reproducer(pool, bounded).run(base)
        if explored.verdict in (CRASHED, SYMPTOM):
            self.verdict(
                STILL_REPRODUCES,
                "the stored trace ran to its end without the bug, but a fresh exploration "
                "found it by another route",
            )
            self._store(explored, template.scratch)
            return explored
        self.verdict(
            FIXED,
            f"the stored trace ran to its end, the oracle stayed silent, and a fresh exploration "
            f"of {int(explored.stats.get('probes', 0))} probes did not find it",
        )
        return _not_reproduced(report, explored)

    def _explore_after_reject(
        self, pool: DevicePool, base: dict[str, Any], report: ReplayReport
    ) -> SearchOutcome:
        self.mode = EXPLORED_AFTER_REJECT
        rejected = report.decisions[-1] if report.decisions else None
        why = "; ".join(rejected.reasons) if rejected else "no step could be replayed"
        outcome = self._reproducer(pool, self.config.search).run(base, handover=report.path)
        if outcome.verdict in (CRASHED, SYMPTOM):
            self.verdict(
                STILL_REPRODUCES,
                f"step {report.rejected_at} of the stored trace was rejected ({why}); the "
                f"explorer finished the reproduction from the {len(report.path.transitions)} "
                "actions run before it",
            )
            assert self.template is not None
            self._store(outcome, self.template.scratch)
        elif self._completes_s2r(outcome):
            # The explorer carried the rest of the S2R out (its best path did every step) in a
            # bounded search without the bug: the trace, re-grounded by search, ran to its end.
            self.verdict(
                FIXED,
                f"step {report.rejected_at} of the stored trace was rejected ({why}); the "
                f"explorer carried out every remaining S2R step in "
                f"{int(outcome.stats.get('probes', 0))} probes and the bug did not show",
            )
        else:
            self.verdict(
                NEEDS_ATTENTION,
                f"step {report.rejected_at} of the stored trace was rejected ({why}) and the "
                f"explorer did not reproduce the bug ({outcome.stop_reason})",
            )
        return outcome

    def _completes_s2r(self, outcome: SearchOutcome) -> bool:
        """The search's best path carried out every S2R step (as its evaluator judged)."""
        steps = len(self._spec_or_fail().steps)
        path = outcome.path
        return steps > 0 and path is not None and path.reached_step >= steps - 1

    def _oracle(
        self, pool: DevicePool, report: ReplayReport, rewritten: bool
    ) -> SearchOutcome | None:
        """The bug oracle on the replayed trace: the reported crash in logcat, or the verifier's
        verdict on the final screen for a symptom. A rewritten trace must show the bug on a
        second, plain replay from the base snapshot too. Returns the confirmed outcome or None."""
        spec = self._spec_or_fail()
        path = report.path
        if not path.transitions:
            return None
        if report.bug_crash is not None:
            verdict, evidence = CRASHED, ""
        elif spec.bug_kind != CRASH:
            judged = self.reasoner.verify(spec, path)
            if not judged.reproduced:
                return None
            verdict, evidence = SYMPTOM, judged.evidence
        else:
            return None
        replay_steps = report.steps
        if rewritten:
            from orchestrator.logcat import app_crash
            from orchestrator.search import crash_matches

            _, steps = pool.replay(path.actions, screenshots=True)
            performed = len(steps) == len(path.actions) and all(s.performed for s in steps)
            if not performed:
                return None
            if verdict == CRASHED:
                crash = app_crash([line for s in steps for line in s.logcat], self.app["package"])
                if crash is None or not crash_matches(spec, crash):
                    return None
            elif steps[-1].after_hash != path.transitions[-1].after.structural_hash:
                return None
            replay_steps = steps
        return SearchOutcome(
            verdict=verdict,
            path=path,
            crash=report.bug_crash,
            evidence=evidence,
            replay=replay_steps,
            base_screen=report.base,
            stop_reason="stored trace replayed" + (" with rewrites" if rewritten else ""),
            stats={"probes": 0, "replays": 1 + int(rewritten)},
        )

    def _store(self, outcome: SearchOutcome, scratch: dict[str, Any] | None) -> None:
        """Keep a newly confirmed trace for tomorrow (stored by :meth:`store_pending` when the
        run ends). ``scratch``: what a from-scratch run cost; None when this run was one."""
        self.pending = (outcome, scratch)

    def scratch_cost(self, wall_s: float) -> dict[str, Any]:
        """This run's cost, as the from-scratch reference of the trace it records."""
        usage = self.reasoner.usage
        probes = self.pending[0].stats.get("probes", 0) if self.pending else 0
        return {
            "reasoner_calls": usage_calls(self.reasoner),
            "tokens": usage.prompt_tokens + usage.completion_tokens,
            "wall_s": round(wall_s, 3),
            "probes": int(probes),
            "build": self.app.get("version", ""),
        }

    def store_pending(self, wall_s: float) -> None:
        """Store the trace :meth:`_store` kept, if any (never an unconfirmed one)."""
        if self.pending is None:
            return
        assert self.traces is not None
        outcome, scratch = self.pending
        if scratch is None:
            self.own_scratch = self.scratch_cost(wall_s)
        try:
            template = build_template(
                self.report,
                self._spec_or_fail(),
                self.app,
                outcome,
                scratch=scratch if scratch is not None else self.own_scratch,
                confirmed_by=(self.replay.device if self.replay else ""),
            )
        except TemplateError as exc:
            self.notes.append(f"trace not stored: {exc}")
            return
        self.traces.put(template, source_run=str(self.config.out_dir))
        self.traces.forget_misses(self.report.bug_id)
        self.stored = True

    # -- outputs --------------------------------------------------------------------------------
    def verdict(self, verdict: str, reason: str) -> None:
        self.result_verdict, self.reason = verdict, reason

    def summary(self, wall_s: float) -> dict[str, Any]:
        template = self.template
        total = len(template.transitions) if template is not None else 0
        counts = {"total": total, "reused": 0, "rewritten": 0, "rejected": 0}
        decisions: list[dict[str, Any]] = []
        if self.replay is not None and template is not None:
            counts.update(self.replay.counts(total))
            decisions = [d.to_json() for d in self.replay.decisions]
        usage = self.reasoner.usage
        return {
            "verdict": self.result_verdict,
            "reason": self.reason,
            "mode": self.mode,
            "build": self.app.get("version", ""),
            "template": (
                {
                    "app_version": template.app_version,
                    "created_at": template.created_at,
                    "actions": total,
                }
                if template is not None
                else None
            ),
            "decisions": decisions,
            "counts": counts,
            "reasoner_calls": usage_calls(self.reasoner),
            "tokens": usage.prompt_tokens + usage.completion_tokens,
            "wall_s": round(wall_s, 3),
            # What a from-scratch run cost: the recorded one, or this run when it was one.
            "scratch": (
                dict(template.scratch)
                if template is not None
                else {}
                if self.mode == SKIPPED
                else self.scratch_cost(wall_s)
            ),
            "trace_stored": self.stored,
            "notes": self.notes,
        }


def _not_reproduced(report: ReplayReport, explored: SearchOutcome) -> SearchOutcome:
    """The outcome of a fixed bug: the replayed trace (so the report shows what was tried)."""
    return SearchOutcome(
        verdict=NOT_REPRODUCED,
        path=report.path,
        base_screen=report.base,
        stop_reason="stored trace replayed without the bug; bounded exploration: "
        + explored.stop_reason,
        stats=explored.stats,
        explored=explored.explored,
        probe_log=explored.probe_log,
        other_crashes=explored.other_crashes,
    )
