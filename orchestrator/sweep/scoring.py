"""Scoring a sweep against ground truth, in the columns of LTGDroid's Table IV.

A run *reproduced* its bug only when the search claimed it (verdict ``crash`` or ``symptom``) AND
replaying the claimed trace on a fresh device made the app's ground-truth oracle fire
(``orchestrator.replay.replay_on``, the agent's ``CheckBugOracle``). A claim the oracle rejects is
a *false claim*; a run that claimed nothing is a *miss*. Success rates are fractions 0-1 of runs
(bug × repeat), so with every repeat present they equal the mean over repeats of the per-repeat
success rate; the spread over repeats is given as that per-repeat rate's list, min, max and
standard deviation. ``mean_actions`` are the actions executed on devices per run (the search's
exploration cost, LTGDroid's "#Actions"); ``mean_trace_actions`` the length of the reproducing
traces.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from orchestrator.sweep.inputs import Skipped, SweepItem
from orchestrator.sweep.store import ERROR, RunRow


def _mean(values: Sequence[float]) -> float:
    return round(statistics.fmean(values), 4) if values else 0.0


def _spread(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"min": 0.0, "max": 0.0, "stdev": 0.0}
    return {
        "min": round(min(values), 4),
        "max": round(max(values), 4),
        "stdev": round(statistics.pstdev(values), 4) if len(values) > 1 else 0.0,
    }


def reproduced(row: RunRow) -> bool:
    """Claimed by the search and confirmed by the ground truth on a fresh device."""
    return row.claimed and row.triggered is True


def _kind(item: SweepItem | None, rows: list[RunRow]) -> str:
    if item is not None and item.kind:
        return item.kind
    for row in rows:
        spec_kind = (row.result.get("spec") or {}).get("bug_kind")
        if spec_kind:
            return str(spec_kind)
        if row.kind:
            return row.kind
    return "crash"


def _miss_causes(rows: Sequence[RunRow]) -> dict[str, int]:
    """Missed runs by which half lost them (``result.json``'s ``ground_truth.cause``,
    :mod:`orchestrator.ground_truth`): ``never_triggered``, ``triggered_not_recognised``, or
    ``unknown`` where no ground truth was taken (not the virtual backend)."""
    causes = Counter(
        str(r.result.get("ground_truth", {}).get("cause", "unknown"))
        for r in rows
        if not r.claimed and r.status != ERROR
    )
    return dict(sorted(causes.items()))


def summarize(
    items: Sequence[SweepItem],
    rows: Sequence[RunRow],
    *,
    repeat: int,
    skipped: Sequence[Skipped] = (),
    meta: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``summary.json`` object for ``rows`` of the sweep's ``items`` (``repeat`` per bug).

    Top-level keys: ``bugs`` (how many), ``runs`` (rows stored), ``expected_runs``,
    ``crash_sr``/``noncrash_sr``/``overall_sr`` (fractions 0-1 of runs), ``*_bugs_any_sr``
    (bugs reproduced in at least one repeat), ``sr_by_repeat`` and ``sr_spread``, ``false_claims``,
    ``missed``, ``misses_by_cause`` (:func:`_miss_causes`), ``errors``, ``unscored``,
    ``mean_actions``, ``mean_trace_actions``, ``mean_minutes``, ``mean_tokens``,
    ``mean_cost_usd``, ``per_bug`` (one entry per item: ``bug_id``, ``type``, ``runs``,
    ``reproduced_runs``, ``false_claims`` plus ``app``, ``missed``, ``miss_causes``, ``errors``,
    ``verdicts``, ``actions``/``minutes`` means and spreads, ``tokens``, ``cost_usd``,
    ``report_path``, ``run_dirs``, ``notes``), ``skipped`` and ``meta``.
    """
    by_bug: dict[str, list[RunRow]] = {}
    for row in rows:
        by_bug.setdefault(row.bug_id, []).append(row)
    per_bug: list[dict[str, Any]] = []
    all_rows: list[RunRow] = []
    kinds: dict[str, str] = {}
    for item in items:
        bug_rows = sorted(by_bug.get(item.bug_id, []), key=lambda r: r.repeat)
        all_rows += bug_rows
        kind = _kind(item, bug_rows)
        kinds[item.bug_id] = kind
        actions = [float(r.actions) for r in bug_rows]
        minutes = [r.wall_seconds / 60.0 for r in bug_rows]
        notes = sorted(
            {
                r.score_detail
                for r in bug_rows
                if r.score_detail and (r.claimed or r.status == ERROR)
            }
            | {
                str(r.result.get("search", {}).get("stop_reason", ""))
                for r in bug_rows
                if not r.claimed and r.status != ERROR
            }
            - {""}
        )
        per_bug.append(
            {
                "bug_id": item.bug_id,
                "type": kind,
                "app": item.app_dict.get("name", ""),
                "runs": len(bug_rows),
                "reproduced_runs": sum(reproduced(r) for r in bug_rows),
                "false_claims": sum(r.claimed and r.triggered is False for r in bug_rows),
                "missed": sum(not r.claimed for r in bug_rows),
                "errors": sum(r.status == ERROR for r in bug_rows),
                "verdicts": [r.verdict for r in bug_rows],
                "mean_actions": _mean(actions),
                "actions_spread": _spread(actions),
                "mean_trace_actions": _mean([float(r.trace_length) for r in bug_rows if r.claimed]),
                "mean_minutes": _mean(minutes),
                "minutes_spread": _spread(minutes),
                "mean_tokens": _mean([float(r.tokens) for r in bug_rows]),
                "mean_cost_usd": round(statistics.fmean([r.cost_usd for r in bug_rows]), 6)
                if bug_rows
                else 0.0,
                "miss_causes": _miss_causes(bug_rows),
                "report_path": item.report_path,
                "run_dirs": [r.run_dir for r in bug_rows],
                "notes": notes,
            }
        )

    def sr(selected: list[RunRow]) -> float:
        return round(sum(reproduced(r) for r in selected) / len(selected), 4) if selected else 0.0

    def any_sr(kind: str | None) -> float:
        bugs = [b for b in per_bug if kind is None or b["type"] == kind]
        return round(sum(b["reproduced_runs"] > 0 for b in bugs) / len(bugs), 4) if bugs else 0.0

    crash_rows = [r for r in all_rows if kinds.get(r.bug_id) == "crash"]
    noncrash_rows = [r for r in all_rows if kinds.get(r.bug_id) != "crash"]
    by_repeat = [sr([r for r in all_rows if r.repeat == rep]) for rep in range(1, repeat + 1)]
    return {
        "bugs": len(items),
        "crash_bugs": sum(1 for b in per_bug if b["type"] == "crash"),
        "noncrash_bugs": sum(1 for b in per_bug if b["type"] != "crash"),
        "repeat": repeat,
        "runs": len(all_rows),
        "expected_runs": len(items) * repeat,
        "crash_sr": sr(crash_rows),
        "noncrash_sr": sr(noncrash_rows),
        "overall_sr": sr(all_rows),
        "crash_bugs_any_sr": any_sr("crash"),
        "noncrash_bugs_any_sr": any_sr("non-crash"),
        "overall_bugs_any_sr": any_sr(None),
        "sr_by_repeat": by_repeat,
        "sr_spread": _spread(by_repeat),
        "reproduced_runs": sum(reproduced(r) for r in all_rows),
        "false_claims": sum(r.claimed and r.triggered is False for r in all_rows),
        "missed": sum(not r.claimed for r in all_rows),
        "errors": sum(r.status == ERROR for r in all_rows),
        "misses_by_cause": _miss_causes(all_rows),
        "unscored": sum(r.claimed and r.triggered is None for r in all_rows),
        "mean_actions": _mean([float(r.actions) for r in all_rows]),
        "mean_trace_actions": _mean([float(r.trace_length) for r in all_rows if reproduced(r)]),
        "mean_minutes": _mean([r.wall_seconds / 60.0 for r in all_rows]),
        "mean_tokens": _mean([float(r.tokens) for r in all_rows]),
        "mean_cost_usd": round(statistics.fmean([r.cost_usd for r in all_rows]), 6)
        if all_rows
        else 0.0,
        "per_bug": per_bug,
        "skipped": [{"bug_id": s.bug_id, "reason": s.reason} for s in skipped],
        "meta": meta or {},
    }
