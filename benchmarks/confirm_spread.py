"""Parallel confirmation and state spread (decision 0020), before and after, on whole searches.

For each bug and latency profile the parallel search runs twice on ``--devices`` devices:
*before*, with the confirmation and shortening replays one after another on one device and no
snapshot spread (``DevicePool.parallel_replays`` and ``spread_ahead`` off); *after*, with both.
Times are device seconds (wall / time_scale). ``confirm_share`` is the confirmation and
shortening's part of the search; ``restore`` the share of probes restored by each method
(``replay``, ``snapshot_imported``, ``snapshot_local``, ``already_there``). The spread follows
the cost model (import only when it beats replaying the path), so on ``emulator-grpc`` (a copy
costs 2 s, an action 0.05 s) it has nothing to do on short paths; ``ltgdroid`` latencies (2.3 s
an action) show what it does where replay is dear. Prints one JSON object:
``{"runs": [{"bug_id", "profile", "mode", "search_s", "confirm_s", "confirm_share", "replays",
"replays_unused", "restore", "verdict", "trace_len"}], "same": [{"bug_id", "profile",
"same_trace", "same_explored"}], "devices", "time_scale"}``.

    python benchmarks/confirm_spread.py --time-scale 0.02
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks._farm import emit, quiet  # noqa: E402
from benchmarks.per_bug import _trace, catalog_reports, run_once  # noqa: E402
from orchestrator.farm import DevicePool  # noqa: E402
from orchestrator.run import ensure_ray  # noqa: E402

DEFAULT_BUGS = "screenrecorder#25,AmazeFileManager#1796"


def _row(result: dict[str, Any], bug_id: str, profile: str, mode: str, scale: float) -> dict:
    search = result["search"]
    phases = search.get("phase_seconds", {})
    confirm_s = (phases.get("confirm", 0.0) + phases.get("shorten", 0.0)) / scale
    search_s = search["search_seconds"] / scale
    methods = search.get("restore_methods", {})
    probes = sum(m["probes"] for m in methods.values()) or 1
    return {
        "bug_id": bug_id,
        "profile": profile,
        "mode": mode,
        "search_s": round(search_s, 1),
        "confirm_s": round(confirm_s, 1),
        "confirm_share": round(confirm_s / search_s, 3) if search_s else None,
        "replays": search.get("replays", 0),
        "replays_unused": search.get("replays_unused", 0),
        "restore": {k: round(v["probes"] / probes, 3) for k, v in sorted(methods.items())},
        "verdict": result["verdict"],
        "trace_len": len(result.get("trace", [])),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time-scale", type=float, default=0.02)
    parser.add_argument("--devices", type=int, default=8)
    parser.add_argument("--bugs", default=DEFAULT_BUGS, help="comma-separated bug ids")
    parser.add_argument("--profiles", default="emulator-grpc,ltgdroid")
    parser.add_argument("--max-probes", type=int, default=400)
    args = parser.parse_args()
    quiet()
    ensure_ray()
    wanted = {b.strip() for b in args.bugs.split(",") if b.strip()}
    runs, same = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for bug_id, report in catalog_reports(wanted):
            for profile in [p.strip() for p in args.profiles.split(",") if p.strip()]:
                results = {}
                for mode, on in (("before", False), ("after", True)):
                    DevicePool.parallel_replays = DevicePool.spread_ahead = on
                    results[mode] = run_once(
                        report, Path(tmp) / bug_id / profile / mode, strategy="parallel",
                        devices=args.devices, profile=profile, scale=args.time_scale,
                        probes=args.max_probes,
                    )  # fmt: skip
                    runs.append(_row(results[mode], bug_id, profile, mode, args.time_scale))
                before, after = results["before"], results["after"]
                same.append(
                    {
                        "bug_id": bug_id,
                        "profile": profile,
                        "same_trace": _trace(before) == _trace(after)
                        and before["verdict"] == after["verdict"],
                        "same_explored": before["search"]["explored"]
                        == after["search"]["explored"],
                    }
                )
    DevicePool.parallel_replays = DevicePool.spread_ahead = True
    emit({"devices": args.devices, "time_scale": args.time_scale, "runs": runs, "same": same})


if __name__ == "__main__":
    main()
