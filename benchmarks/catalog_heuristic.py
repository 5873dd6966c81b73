"""The offline (heuristic) reasoner on every catalog bug, judged by the apps' ground truth.

Each catalog bug is reproduced from its REAL report text, the LTGDroid JSON in
``../shared/datasets/ltgdroid_reports/`` (``--reports-dir``; the cleaned-up copies in
``examples/reports/`` only with ``--examples``), with the ``heuristic`` reasoner, sequentially, in
one process and one Ray instance. Every claimed reproduction is replayed with ``reprofarm
replay``'s code (``orchestrator.replay.replay_on``) on a fresh single-device farm: a claim whose
trace does not trigger the app's oracle is a false claim. Where the real texts are absent it
prints ``{"skipped": REASON}`` and exits 0.

The development/test splits are :mod:`benchmarks.catalog_sets`'s (issue 12's by bug, issue 26's
by app); each set is scored apart (``split``).

Prints one JSON object: ``{"bugs": [{"bug_id", "set", "repeat", "verdict", "reproduced", "trace",
"probes", "seconds", "replay_triggered", "ground_truth"}], "success_rate", "reproduced", "total",
"false_claims", "split": {"dev"|"test"|"dev2"|"test2"|"other": {"reproduced", "total",
"false_claims"}}}``
(issue 12's target: success rate >= 0.9 with 0 false claims).

    .venv/bin/python benchmarks/catalog_heuristic.py [--bugs OpenCalc#448,...] [--devices 2]
        [--repeat 3] [--max-minutes 4] [--reports-dir DIR | --examples]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks._farm import emit, quiet  # noqa: E402
from benchmarks.catalog_sets import DEV_SET, TEST_SET, split_of  # noqa: E402
from benchmarks.per_bug import catalog_reports  # noqa: E402
from device_agent.launcher import LocalAgentFarm  # noqa: E402
from device_agent.virtual.catalog import find_app_for_bug  # noqa: E402
from orchestrator.config import FarmConfig, RunConfig, SearchConfig  # noqa: E402
from orchestrator.replay import replay_on  # noqa: E402
from orchestrator.run import ensure_ray, reproduce  # noqa: E402

REAL_REPORTS = REPO.parent / "shared" / "datasets" / "ltgdroid_reports"


def real_reports(directory: Path, wanted: set[str]) -> list[tuple[str, Path]]:
    """``(bug_id, path)`` of the LTGDroid JSON report of every catalog bug found in
    ``directory`` (``<bug_id>.json``): the development and test sets' in their order, then any
    other catalog bug ``wanted`` names (split ``other``)."""
    found = []
    others = sorted(wanted - set(DEV_SET + TEST_SET))
    for bug_id in DEV_SET + TEST_SET + tuple(others):
        path = directory / f"{bug_id}.json"
        if path.is_file() and find_app_for_bug(bug_id) and (not wanted or bug_id in wanted):
            found.append((bug_id, path))
    return found


def run_bug(
    report: Path,
    out: Path,
    *,
    devices: int,
    profile: str,
    max_minutes: float = 60.0,
    search: dict[str, object] | None = None,
) -> dict[str, object]:
    """Reproduce one report (at most ``max_minutes`` of search) and, when claimed, replay the
    trace against the ground truth."""
    config = RunConfig(
        report_path=str(report),
        out_dir=str(out),
        reasoner="heuristic",
        farm=FarmConfig(devices=devices, profile=profile),
        search=SearchConfig(max_minutes=max_minutes, **(search or {})),  # type: ignore[arg-type]
        progress=False,
    )
    started = time.monotonic()
    result, _ = reproduce(config)
    row: dict[str, object] = {
        "bug_id": result["bug_id"],
        "verdict": result["verdict"],
        "reproduced": bool(result["reproduced"]),
        "trace": len(result.get("trace", [])) if result["reproduced"] else None,
        "probes": result.get("actions_executed"),
        "seconds": round(time.monotonic() - started, 1),
        "replay_triggered": None,
        # which half lost a miss (orchestrator.ground_truth): never triggered / not recognised
        "ground_truth": result.get("ground_truth", {}).get("cause"),
    }
    if result["reproduced"]:
        app = result.get("app", {})
        with LocalAgentFarm(1, app.get("name", ""), profile=profile) as farm:
            verdict = replay_on(farm.addresses[0], result)
        row["replay_triggered"] = verdict.triggered
    return row


def _score(rows: list[dict[str, object]]) -> dict[str, object]:
    confirmed = [r for r in rows if r["reproduced"] and r["replay_triggered"]]
    return {
        "reproduced": len(confirmed),
        "success_rate": round(len(confirmed) / len(rows), 3) if rows else None,
        "total": len(rows),
        "false_claims": [
            r["bug_id"] for r in rows if r["reproduced"] and not r["replay_triggered"]
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devices", type=int, default=2)
    parser.add_argument("--profile", default="instant")
    parser.add_argument(
        "--bugs",
        default="",
        help="comma-separated bug ids (default: the dev and test sets; any catalog bug)",
    )
    parser.add_argument(
        "--max-minutes", type=float, default=60.0, help="search budget per run (60, the default)"
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs per bug (1)")
    parser.add_argument("--reports-dir", type=Path, default=REAL_REPORTS)
    parser.add_argument(
        "--examples", action="store_true", help="score examples/reports/ (our words) instead"
    )
    parser.add_argument("--keep", default="", help="keep each run's output under this directory")
    parser.add_argument(
        "--search",
        default="{}",
        help="SearchConfig fields as JSON, e.g. '{\"path_bound\": false}' (an ablation)",
    )
    args = parser.parse_args()
    wanted = {b.strip() for b in args.bugs.split(",") if b.strip()}
    if args.examples:
        reports = catalog_reports(wanted)
    elif not args.reports_dir.is_dir():
        emit({"skipped": f"{args.reports_dir} is absent: no real report texts"})
        return
    else:
        reports = real_reports(args.reports_dir, wanted)
    quiet()
    ensure_ray()
    rows: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for bug_id, report in reports:
            for repeat in range(1, args.repeat + 1):
                out = Path(args.keep or tmp) / f"{bug_id.replace('#', '-')}-r{repeat}"
                row = run_bug(
                    report,
                    out,
                    devices=args.devices,
                    profile=args.profile,
                    max_minutes=args.max_minutes,
                    search=json.loads(args.search),
                )
                row.update({"set": split_of(bug_id), "repeat": repeat})
                rows.append(row)
                print(json.dumps(row), file=sys.stderr)
    total = _score(rows)
    emit(
        {
            "bugs": rows,
            **total,
            "split": {
                name: _score([r for r in rows if r["set"] == name])
                for name in ("dev", "test", "dev2", "test2", "other")
            },
        }
    )


if __name__ == "__main__":
    main()
