"""One exploration level, serial (one device, LTGDroid's way) against parallel (k devices).

Prints one JSON object: ``{"profile", "candidates", "time_scale", "app", "results": [{"devices",
"serial_s", "parallel_s", "speedup", "efficiency", "serial_device_s", "parallel_device_s"}]}``.
``*_s`` are wall seconds; ``*_device_s`` rescale them to device time (wall / time_scale).
Efficiency is serial / (k x parallel) (DESIGN §5: at least 0.85 at k = 8 on emulator-grpc).

    python benchmarks/fanout.py --devices 1,2,4,8 --candidates 24 \
        --profile emulator-grpc --time-scale 0.05
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._farm import BenchFarm, bench_farm, emit  # noqa: E402


def time_level(farm: BenchFarm, k: int, candidates: int, *, serial: bool) -> float:
    pool = farm.pool(k, serial=serial)
    specs = farm.level_specs(candidates)
    start = time.perf_counter()
    outcomes = pool.run_probes(specs)
    elapsed = time.perf_counter() - start
    if len(outcomes) != candidates:
        raise RuntimeError(f"only {len(outcomes)} of {candidates} probes finished: {pool.events}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devices", default="1,2,4,8")
    parser.add_argument("--candidates", type=int, default=24)
    parser.add_argument("--profile", default="emulator-grpc")
    parser.add_argument("--time-scale", type=float, default=0.05)
    parser.add_argument(
        "--app", default="OpenCalc", help="catalog app whose launch screen is probed"
    )
    parser.add_argument("--repeat", type=int, default=2, help="timed runs per point (best kept)")
    args = parser.parse_args()
    counts = sorted({int(c) for c in args.devices.split(",")})
    results = []
    with bench_farm(max(counts), args.app, args.profile, args.time_scale) as farm:
        time_level(farm, max(counts), max(counts), serial=False)  # warm every worker and channel
        serial_s = min(
            time_level(farm, 1, args.candidates, serial=True) for _ in range(args.repeat)
        )
        for k in counts:
            parallel_s = min(
                time_level(farm, k, args.candidates, serial=False) for _ in range(args.repeat)
            )
            results.append(
                {
                    "devices": k,
                    "serial_s": round(serial_s, 3),
                    "parallel_s": round(parallel_s, 3),
                    "speedup": round(serial_s / parallel_s, 3),
                    "efficiency": round(serial_s / (k * parallel_s), 3),
                    "serial_device_s": round(serial_s / args.time_scale, 2),
                    "parallel_device_s": round(parallel_s / args.time_scale, 2),
                }
            )
    emit(
        {
            "profile": args.profile,
            "candidates": args.candidates,
            "time_scale": args.time_scale,
            "app": args.app,
            "results": results,
        }
    )


if __name__ == "__main__":
    main()
