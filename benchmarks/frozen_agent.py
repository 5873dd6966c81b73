"""A frozen device agent during a sweep (issue 29, decision 0035): what one SIGSTOPped agent costs.

The same sweep (``--bugs``, ``--repeat`` runs each, on ``--devices`` local virtual agents with a
latency profile) runs twice on one farm: undisturbed, then with agent 0 stopped (SIGSTOP) at
``--freeze-at`` x the undisturbed wall time and left stopped to the end (SIGCONT only before the
farm stops). The farm's heartbeat should find it within a heartbeat window, move its probe and
quarantine it. Prints one JSON object: ``{"undisturbed_s", "disturbed_s", "ratio",
"rows": {"undisturbed", "disturbed", "expected"}, "lost_rows", "verdicts": {"undisturbed",
"disturbed"}, "frozen", "frozen_at_s", "quarantined", "quarantined_undisturbed", "replaced",
"bugs", "repeat", "devices", "profile", "time_scale", "heartbeat_s", "heartbeat_window_s"}``;
rows are the sweep's finished (not ``error``) rows. The farm grows a replacement for a lost
device (decision 0046: ``replaced`` lists ``{"device", "by", "after_s"}``, seconds from the loss
until the new device was in the lease); ``--no-replace`` measures without it.

    python benchmarks/frozen_agent.py
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks._farm import emit, quiet  # noqa: E402
from device_agent.launcher import LocalAgentFarm  # noqa: E402
from orchestrator import farm as farm_module  # noqa: E402
from orchestrator.config import FarmConfig, SearchConfig  # noqa: E402
from orchestrator.run import ensure_ray  # noqa: E402
from orchestrator.sweep.driver import SweepConfig, run_sweep  # noqa: E402

DEFAULT_BUGS = "OpenCalc#532,OpenCalc#524,OpenCalc#510,OpenCalc#493"


def _sweep(
    out: Path, bugs: list[str], repeat: int, farm: LocalAgentFarm | None, addresses: list[str]
) -> tuple[float, list[Any], list[str], list[dict[str, Any]]]:
    """One sweep on the running agents: ``(wall seconds, rows, quarantined devices,
    replacements)``; ``farm`` grows a replacement for a lost device (None: none is grown)."""
    from orchestrator.sweep.store import ERROR

    config = SweepConfig(
        out_dir=str(out),
        inputs=tuple(bugs),
        repeat=repeat,
        concurrency=2,
        search=SearchConfig(),
        farm=FarmConfig(agents=tuple(addresses)),
        progress=False,
    )
    started = time.monotonic()
    outcome = run_sweep(config, farm=farm)
    wall = time.monotonic() - started
    rows = [r for r in outcome.rows if r.status != ERROR]
    quarantined = sorted(
        {
            e["device"]
            for run in out.rglob("result.json")
            for e in _events(run)
            if e.get("event") == "device_quarantined"
        }
    )
    return wall, rows, quarantined, outcome.replaced


def _events(path: Path) -> list[dict[str, Any]]:
    import json

    try:
        return list(json.loads(path.read_text()).get("farm_events", []))
    except (OSError, ValueError):
        return []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bugs", default=DEFAULT_BUGS, help="comma-separated catalog bug ids")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--profile", default="emulator-grpc")
    parser.add_argument("--time-scale", type=float, default=1.0)
    parser.add_argument(
        "--freeze-at", type=float, default=0.3, help="fraction of the undisturbed wall time"
    )
    parser.add_argument(
        "--no-replace",
        action="store_true",
        help="do not grow a replacement for the lost device (decision 0046 off)",
    )
    args = parser.parse_args()
    quiet()
    ensure_ray()
    bugs = [b.strip() for b in args.bugs.split(",") if b.strip()]
    app = bugs[0].split("#")[0]
    with (
        tempfile.TemporaryDirectory(prefix="frozen-agent-") as tmp,
        LocalAgentFarm(args.devices, app, profile=args.profile, time_scale=args.time_scale) as farm,
    ):
        addresses = list(farm.addresses)
        grows = None if args.no_replace else farm
        calm_s, calm_rows, calm_quarantined, _ = _sweep(
            Path(tmp) / "undisturbed", bugs, args.repeat, grows, addresses
        )
        freeze_after = args.freeze_at * calm_s
        frozen = threading.Event()

        def freeze() -> None:
            os.kill(farm.pids[0], signal.SIGSTOP)
            frozen.set()

        timer = threading.Timer(freeze_after, freeze)
        timer.start()
        try:
            hit_s, hit_rows, quarantined, replaced = _sweep(
                Path(tmp) / "disturbed", bugs, args.repeat, grows, addresses
            )
        finally:
            timer.cancel()
            if frozen.is_set():
                os.kill(farm.pids[0], signal.SIGCONT)
    expected = len(bugs) * args.repeat
    emit(
        {
            "undisturbed_s": round(calm_s, 1),
            "disturbed_s": round(hit_s, 1),
            "ratio": round(hit_s / calm_s, 2),
            "rows": {
                "undisturbed": len(calm_rows),
                "disturbed": len(hit_rows),
                "expected": expected,
            },
            "lost_rows": expected - len(hit_rows),
            "verdicts": {
                "undisturbed": sorted(f"{r.bug_id}/{r.repeat}: {r.verdict}" for r in calm_rows),
                "disturbed": sorted(f"{r.bug_id}/{r.repeat}: {r.verdict}" for r in hit_rows),
            },
            "frozen": frozen.is_set(),
            "frozen_at_s": round(freeze_after, 1),
            "quarantined": quarantined,
            "quarantined_undisturbed": calm_quarantined,  # a heartbeat false alarm shows here
            "replaced": replaced,
            "bugs": bugs,
            "repeat": args.repeat,
            "devices": args.devices,
            "profile": args.profile,
            "time_scale": args.time_scale,
            "heartbeat_s": farm_module.HEARTBEAT_S,
            "heartbeat_window_s": farm_module.HEARTBEAT_WINDOW_S,
        },
        indent=1,
    )


if __name__ == "__main__":
    main()
