"""Per bug: LTGDroid's way (serial, one device, ``ltgdroid`` latencies) against ours (parallel,
8 devices, ``emulator-grpc`` latencies), same search, same verdicts; and parallelism alone: the
same serial search on one device with ``emulator-grpc`` latencies against the parallel one.

Each example report whose bug the catalog models is reproduced three times with the offline
reasoner. Time is the search's wall time (after the devices are up) rescaled to device time
(wall / time_scale); driver CPU time is rescaled with it, which favours the serial baselines.
Prints ``{"bugs": [{"bug_id", "serial_s", "parallel_s", "speedup", "same_verdict",
"serial_same_profile_s", "parallelism_speedup", "same_trace", ...}], "median_speedup",
"median_parallelism_speedup", "time_scale"}`` (DESIGN §5: parallel at least 6x faster than
LTGDroid's way). ``speedup`` mixes two gains (no fixed sleeps, and the fan-out);
``parallelism_speedup`` is the fan-out's (and the parallel confirmation's) alone.

    python benchmarks/per_bug.py --time-scale 0.02
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks._farm import emit, quiet  # noqa: E402
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


def _trace(result: dict) -> list[Any]:
    """The trace's actions (without where they ran)."""
    return [step["action"] for step in result.get("trace", [])]


def _median(rows: list[dict], key: str) -> float | None:
    return round(statistics.median(r[key] for r in rows), 2) if rows else None


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
            same_profile = run_once(
                report, Path(tmp) / bug_id / "serial-same-profile", strategy="serial",
                devices=1, profile="emulator-grpc", scale=args.time_scale,
                probes=args.max_probes,
            )  # fmt: skip
            parallel = run_once(
                report, Path(tmp) / bug_id / "parallel", strategy="parallel",
                devices=args.devices, profile="emulator-grpc", scale=args.time_scale,
                probes=args.max_probes,
            )  # fmt: skip
            serial_s = serial["search"]["search_seconds"] / args.time_scale
            same_profile_s = same_profile["search"]["search_seconds"] / args.time_scale
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
                    "serial_same_profile_s": round(same_profile_s, 1),
                    "parallelism_speedup": round(same_profile_s / parallel_s, 2),
                    "same_trace": _trace(same_profile) == _trace(parallel),
                }
            )
    emit(
        {
            "time_scale": args.time_scale,
            "devices": args.devices,
            "bugs": rows,
            "median_speedup": _median(rows, "speedup"),
            "median_parallelism_speedup": _median(rows, "parallelism_speedup"),
        }
    )


if __name__ == "__main__":
    main()
