"""Per bug: LTGDroid's way (serial, one device, ``ltgdroid`` latencies) against ours (parallel,
8 devices, ``emulator-grpc`` latencies), same search, same verdicts.

Each example report whose bug the catalog models is reproduced twice with the offline reasoner.
Time is the search's wall time (after the devices are up) rescaled to device time
(wall / time_scale); driver CPU time is rescaled with it, which favours the serial baseline.
Prints ``{"bugs": [{"bug_id", "serial_s", "parallel_s", "speedup", "same_verdict", ...}],
"median_speedup", "time_scale"}`` (DESIGN §5: parallel at least 6x faster).

    python benchmarks/per_bug.py --time-scale 0.02
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks._farm import quiet  # noqa: E402
from device_agent.virtual.catalog import find_app_for_bug  # noqa: E402
from orchestrator.config import FarmConfig, RunConfig, SearchConfig  # noqa: E402
from orchestrator.report import load_report  # noqa: E402
from orchestrator.run import ensure_ray, reproduce  # noqa: E402


def catalog_reports(wanted: set[str]) -> list[tuple[str, Path]]:
    found = []
    for path in sorted((REPO / "examples" / "reports").glob("*.md")):
        bug_id = load_report(path).bug_id
        if find_app_for_bug(bug_id) is not None and (not wanted or bug_id in wanted):
            found.append((bug_id, path))
    return found


def run_once(
    report: Path, out: Path, *, strategy: str, devices: int, profile: str, scale: float, probes: int
):
    config = RunConfig(
        report_path=str(report),
        out_dir=str(out),
        farm=FarmConfig(devices=devices, strategy=strategy, profile=profile, time_scale=scale),
        search=SearchConfig(max_probes=probes),
        progress=False,
    )
    result, _ = reproduce(config)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time-scale", type=float, default=0.02)
    parser.add_argument("--devices", type=int, default=8)
    parser.add_argument("--bugs", default="", help="comma-separated bug ids (default: all)")
    parser.add_argument(
        "--max-probes", type=int, default=400, help="probe budget per run (bounds the misses)"
    )
    args = parser.parse_args()
    quiet()
    ensure_ray()
    rows = []
    wanted = {b.strip() for b in args.bugs.split(",") if b.strip()}
    with tempfile.TemporaryDirectory() as tmp:
        for bug_id, report in catalog_reports(wanted):
            serial = run_once(
                report, Path(tmp) / bug_id / "serial", strategy="serial", devices=1,
                profile="ltgdroid", scale=args.time_scale, probes=args.max_probes,
            )  # fmt: skip
            parallel = run_once(
                report, Path(tmp) / bug_id / "parallel", strategy="parallel",
                devices=args.devices, profile="emulator-grpc", scale=args.time_scale,
                probes=args.max_probes,
            )  # fmt: skip
            serial_s = serial["search"]["search_seconds"] / args.time_scale
            parallel_s = parallel["search"]["search_seconds"] / args.time_scale
            rows.append(
                {
                    "bug_id": bug_id,
                    "serial_s": round(serial_s, 1),
                    "parallel_s": round(parallel_s, 1),
                    "speedup": round(serial_s / parallel_s, 2),
                    "same_verdict": serial["verdict"] == parallel["verdict"],
                    "verdict": parallel["verdict"],
                    "probes": parallel["actions_executed"],
                    "serial_minutes": round(serial_s / 60, 1),
                }
            )
    print(
        json.dumps(
            {
                "time_scale": args.time_scale,
                "devices": args.devices,
                "bugs": rows,
                "median_speedup": round(statistics.median(r["speedup"] for r in rows), 2)
                if rows
                else None,
            }
        )
    )


if __name__ == "__main__":
    main()
