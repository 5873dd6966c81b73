"""The offline (heuristic) reasoner on every catalog bug, judged by the apps' ground truth.

Each example report whose bug the catalog models (``examples/reports/*.md``) is reproduced with
the ``heuristic`` reasoner, sequentially, in one process and one Ray instance. Every claimed
reproduction is replayed with ``reprofarm replay``'s code (``orchestrator.replay.replay_on``) on a
fresh single-device farm: a claim whose trace does not trigger the app's oracle is a false claim.

Prints one JSON object: ``{"bugs": [{"bug_id", "verdict", "reproduced", "trace", "probes",
"seconds", "replay_triggered"}], "success_rate", "reproduced", "total", "false_claims"}``
(issue 4's target: success rate >= 0.7 with 0 false claims).

    .venv/bin/python benchmarks/catalog_heuristic.py [--bugs OpenCalc#448,...] [--devices 2]
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

from benchmarks._farm import quiet  # noqa: E402
from benchmarks.per_bug import catalog_reports  # noqa: E402
from device_agent.launcher import LocalAgentFarm  # noqa: E402
from orchestrator.config import FarmConfig, RunConfig  # noqa: E402
from orchestrator.replay import replay_on  # noqa: E402
from orchestrator.run import ensure_ray, reproduce  # noqa: E402


def run_bug(report: Path, out: Path, *, devices: int, profile: str) -> dict[str, object]:
    """Reproduce one report and, when claimed, replay the trace against the ground truth."""
    config = RunConfig(
        report_path=str(report),
        out_dir=str(out),
        reasoner="heuristic",
        farm=FarmConfig(devices=devices, profile=profile),
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
    }
    if result["reproduced"]:
        app = result.get("app", {})
        with LocalAgentFarm(1, app.get("name", ""), profile=profile) as farm:
            verdict = replay_on(farm.addresses[0], result)
        row["replay_triggered"] = verdict.triggered
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devices", type=int, default=2)
    parser.add_argument("--profile", default="instant")
    parser.add_argument("--bugs", default="", help="comma-separated bug ids (default: all)")
    parser.add_argument("--keep", default="", help="keep each run's output under this directory")
    args = parser.parse_args()
    quiet()
    ensure_ray()
    wanted = {b.strip() for b in args.bugs.split(",") if b.strip()}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for bug_id, report in catalog_reports(wanted):
            out = Path(args.keep or tmp) / bug_id.replace("#", "-")
            rows.append(run_bug(report, out, devices=args.devices, profile=args.profile))
            print(json.dumps(rows[-1]), file=sys.stderr)
    confirmed = [r for r in rows if r["reproduced"] and r["replay_triggered"]]
    false_claims = [r["bug_id"] for r in rows if r["reproduced"] and not r["replay_triggered"]]
    print(
        json.dumps(
            {
                "bugs": rows,
                "reproduced": len(confirmed),
                "total": len(rows),
                "success_rate": round(len(confirmed) / len(rows), 3) if rows else None,
                "false_claims": false_claims,
            }
        )
    )


if __name__ == "__main__":
    main()
