"""Orchestrator overhead per probe on the ``instant`` profile (devices cost nothing).

For each probe, the driver's round trip (Ray task + gRPC + bookkeeping) minus the time the agent
spent inside its device (restore + act + observe, as the agent reports it) is the overhead.
Prints ``{"probes", "median_ms", "p99_ms", "round_trip_median_ms", "device_median_ms"}``
(DESIGN §5: a few ms, under 10 ms median).

    python benchmarks/overhead.py --probes 300
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._farm import bench_farm  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--probes", type=int, default=300)
    parser.add_argument("--app", default="OpenCalc")
    args = parser.parse_args()
    overhead: list[float] = []
    round_trip: list[float] = []
    device: list[float] = []
    with bench_farm(1, args.app, "instant", 1.0) as farm:
        pool = farm.pool(1)
        specs = farm.level_specs(args.probes + 20)
        for i, spec in enumerate(specs):
            start = time.perf_counter()
            (outcome,) = pool.run_probes([spec])
            total = time.perf_counter() - start
            if i < 20:
                continue  # warm-up
            inside = outcome.restore_seconds + outcome.act_seconds + outcome.observe_seconds
            overhead.append(total - inside)
            round_trip.append(total)
            device.append(inside)
    print(
        json.dumps(
            {
                "probes": len(overhead),
                "median_ms": round(statistics.median(overhead) * 1000, 3),
                "p99_ms": round(percentile(overhead, 0.99) * 1000, 3),
                "round_trip_median_ms": round(statistics.median(round_trip) * 1000, 3),
                "device_median_ms": round(statistics.median(device) * 1000, 3),
            }
        )
    )


if __name__ == "__main__":
    main()
