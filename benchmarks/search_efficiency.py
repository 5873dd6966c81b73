"""Whole-search device efficiency: how much of the farm's time the search keeps the devices busy.

Issue 17's measure: ``efficiency = device-busy seconds / (devices x search wall seconds)`` over a
whole reproduction (every level, the judging between levels, the confirmation and shortening
replays), and ``idle_share = 1 - efficiency``. Device-busy seconds are what ``result.json``
already records per device: ``busy_seconds`` (probes, speculative ones included, as the worker
times them) plus ``replay_seconds`` (confirmation and shortening replays), each capped at the
search's wall time. ``useful_efficiency`` leaves out the device time of discarded speculative
probes (``search.speculation.discarded_device_seconds``): busy, but on guesses no level used.
Snapshot copies made ahead (``search.snapshots_spread``) are not counted (nothing times them).

Each catalog bug runs on the same local agents, for each device count, in three modes:

- ``before``: the level barrier (``SearchConfig.stream=False``) without speculation;
- ``after``: streaming summaries and speculation on (``--speculate on``);
- ``auto``: streaming with ``--speculate auto`` resolved as ``reprofarm reproduce --devices k``
  resolves it on this machine (:func:`orchestrator.config.resolve_speculation`: off for as many
  local virtual devices as cores or more).

Decisions must not change: ``same`` says per bug and device count whether the verdict, the trace
and the explored levels' digests are those of ``before``. Every number stands beside the
machine's load average (``load``: 1-minute ``/proc/loadavg`` before and after the run) and the
CPU the run used (``cpu.cores_used``: CPU seconds of this process and its descendants — agents,
Ray — per wall second; ``cpu.machine_busy``: the share of all cores busy, from ``/proc/stat``,
other users included): with both cores nearly busy the devices wait for CPU, not for their
simulated latencies, and the efficiency says little about a farm whose devices have their own.

Prints ``{"reasoner", "profile", "time_scale", "cores", "runs": [{"bug_id", "devices", "mode",
"speculate", "stream", "wall_s", "busy_s", "efficiency", "idle_share", "useful_efficiency",
"replay_share", "confirm_s", "levels", "probes", "replays", "speculation", "load", "cpu",
"verdict"}], "same": [...],
"summary": {mode: {devices: median efficiency}}, "goal": {...}}`` (goal: efficiency at least
0.75 at 8 devices).

    python benchmarks/search_efficiency.py --reasoner heuristic --devices 8,16 --time-scale 0.5
    python benchmarks/search_efficiency.py --reasoner openai --devices 8 --time-scale 0.25
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks._farm import emit, quiet  # noqa: E402
from benchmarks.per_bug import _trace, catalog_reports  # noqa: E402
from benchmarks.pipeline import DEFAULT_BUGS, model_server, run_once  # noqa: E402
from device_agent.launcher import LocalAgentFarm  # noqa: E402
from device_agent.virtual.catalog import find_app_for_bug  # noqa: E402
from orchestrator.config import resolve_speculation  # noqa: E402
from orchestrator.run import ensure_ray  # noqa: E402

GOAL_AT_8 = 0.75  # issue 17: whole-search efficiency at 8 devices
MODES = ("before", "after", "auto")


def device_efficiency(
    devices: Sequence[dict[str, Any]], wall_s: float, discarded_s: float = 0.0
) -> dict[str, float]:
    """Efficiency of one search from ``result.json``'s ``devices`` rows.

    ``devices``: one dict per device the search was given (quarantined ones too: they were paid
    for) with ``busy_seconds`` and ``replay_seconds`` (seconds, as the run measured them);
    ``wall_s``: the search's wall seconds (``search.search_seconds``); ``discarded_s``: device
    seconds spent on discarded speculative probes. A device's busy time is capped at ``wall_s``
    (a replay queued behind a speculative probe is timed from its dispatch, so its wait would
    count twice). Returns ``{"busy_s", "efficiency", "idle_share", "useful_efficiency",
    "replay_share"}``, shares in [0, 1]. Raises ``ValueError`` for no devices or a wall time
    that is not positive."""
    if not devices:
        raise ValueError("no devices: efficiency needs the result's devices rows")
    if wall_s <= 0:
        raise ValueError(f"the search's wall time must be positive, got {wall_s}")
    busy = [
        min(wall_s, float(d.get("busy_seconds", 0.0)) + float(d.get("replay_seconds", 0.0)))
        for d in devices
    ]
    replays = sum(min(wall_s, float(d.get("replay_seconds", 0.0))) for d in devices)
    total = sum(busy)
    capacity = len(devices) * wall_s
    efficiency = total / capacity
    return {
        "busy_s": total,
        "efficiency": efficiency,
        "idle_share": 1.0 - efficiency,
        "useful_efficiency": max(0.0, total - discarded_s) / capacity,
        "replay_share": replays / total if total else 0.0,
    }


# -- what the machine was doing meanwhile ---------------------------------------------------------
def load_average() -> float:
    """The 1-minute load average (``/proc/loadavg``)."""
    return float(Path("/proc/loadavg").read_text().split()[0])


def machine_cpu() -> tuple[float, float]:
    """``(busy, total)`` clock ticks of all cores since boot (``/proc/stat``'s ``cpu`` line;
    idle and iowait are not busy)."""
    fields = [float(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return sum(fields) - fields[3] - fields[4], sum(fields)


def tree_cpu_seconds(root: int) -> float:
    """CPU seconds (user + system, with reaped children's) of process ``root`` and all its
    living descendants, from ``/proc/<pid>/stat``."""
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            raw = Path(entry.path, "stat").read_text()
        except OSError:  # the process ended meanwhile
            continue
        fields = raw[raw.rindex(")") + 2 :].split()  # from field 3 (state) on
        pid = int(entry.name)
        parent[pid] = int(fields[1])
        ticks[pid] = sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    tree = {root}
    grew = True
    while grew:
        found = {pid for pid, ppid in parent.items() if ppid in tree} - tree
        tree |= found
        grew = bool(found)
    return sum(ticks.get(pid, 0) for pid in tree) / tick


class Meter:
    """Load and CPU over one run: ``start()``, then ``stop(wall_s)`` gives ``(load, cpu)``."""

    def start(self) -> None:
        self.load = load_average()
        self.cpu = tree_cpu_seconds(os.getpid())
        self.machine = machine_cpu()
        self.t0 = time.monotonic()

    def stop(self) -> tuple[dict[str, float], dict[str, float]]:
        wall = time.monotonic() - self.t0
        busy0, total0 = self.machine
        busy1, total1 = machine_cpu()
        used = tree_cpu_seconds(os.getpid()) - self.cpu
        return (
            {"before": self.load, "after": load_average()},
            {
                "cores_used": round(used / wall, 2) if wall > 0 else 0.0,
                "machine_busy": round((busy1 - busy0) / (total1 - total0), 2)
                if total1 > total0
                else 0.0,
            },
        )


# -- the runs ------------------------------------------------------------------------------------
def mode_settings(mode: str, devices: int, cores: int | None = None) -> tuple[bool, str]:
    """``(stream, speculate)`` of a mode on ``devices`` local virtual devices."""
    if mode == "before":
        return False, "off"
    if mode == "after":
        return True, "on"
    return True, resolve_speculation("auto", devices, cores)


def row(
    bug_id: str, k: int, mode: str, result: dict[str, Any], scale: float, meter: Meter
) -> dict[str, Any]:
    """One line of ``runs``: the efficiency of ``result`` (a run on ``k`` devices)."""
    search = result["search"]
    speculation = search.get("speculation", {})
    wall = float(search["search_seconds"])
    eff = device_efficiency(
        result["devices"], wall, float(speculation.get("discarded_device_seconds", 0.0))
    )
    load, cpu = meter.stop()
    config = result.get("config", {}).get("search", {})
    return {
        "bug_id": bug_id,
        "devices": k,
        "mode": mode,
        "speculate": speculation.get("mode"),
        "stream": config.get("stream"),
        "wall_s": round(wall / scale, 1),  # device seconds (wall / time_scale)
        "busy_s": round(eff["busy_s"] / scale, 1),
        **{key: round(eff[key], 3) for key in eff if key != "busy_s"},
        # the confirmation and shortening replays' part of the wall time (decision 0020)
        "confirm_s": round(float(search.get("phase_seconds", {}).get("confirm", 0.0)) / scale, 1),
        "levels": search.get("levels", 0),
        "probes": result.get("actions_executed", 0),
        "replays": search.get("replays", 0),
        "speculation": speculation,
        "load": load,
        "cpu": cpu,
        "verdict": result["verdict"],
    }


def same_as_before(results: dict[str, dict[str, Any]]) -> dict[str, bool]:
    """Per mode: same verdict, trace and explored digests as ``before``."""
    before = results["before"]

    def explored(result: dict[str, Any]) -> list[str]:
        return [level["sha256"] for level in result.get("search", {}).get("explored", [])]

    return {
        mode: result["verdict"] == before["verdict"]
        and _trace(result) == _trace(before)
        and explored(result) == explored(before)
        for mode, result in results.items()
        if mode != "before"
    }


def summary(rows: Iterable[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """``{mode: {devices: median efficiency over the bugs}}``."""
    groups: dict[str, dict[str, list[float]]] = {}
    for r in rows:
        groups.setdefault(r["mode"], {}).setdefault(str(r["devices"]), []).append(r["efficiency"])
    return {
        mode: {k: round(statistics.median(v), 3) for k, v in by_k.items()}
        for mode, by_k in groups.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reasoner", choices=("heuristic", "openai"), default="heuristic")
    parser.add_argument("--devices", default="8,16", help="device counts, comma-separated")
    parser.add_argument("--bugs", default=DEFAULT_BUGS, help="comma-separated catalog bug ids")
    parser.add_argument("--modes", default=",".join(MODES), help="of " + ", ".join(MODES))
    parser.add_argument("--profile", default="emulator-grpc")
    parser.add_argument("--time-scale", type=float, default=0.5)
    parser.add_argument("--llm-latency", default="1-3", help="model reply latency LO-HI, seconds")
    parser.add_argument("--llm-concurrency", type=int, default=8)
    parser.add_argument("--max-probes", type=int, default=400)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    counts = [int(k) for k in args.devices.split(",") if k.strip()]
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not counts or "before" not in modes or any(m not in MODES for m in modes):
        parser.error(f"--modes must include before and only {', '.join(MODES)}; --devices N,...")
    wanted = {b.strip() for b in args.bugs.split(",") if b.strip()}
    quiet()
    ensure_ray()
    rows: list[dict[str, Any]] = []
    same: list[dict[str, Any]] = []
    meter = Meter()
    with tempfile.TemporaryDirectory() as tmp, model_server(args):
        for bug_id, report in catalog_reports(wanted):
            app = find_app_for_bug(bug_id)
            assert app is not None
            farm = LocalAgentFarm(
                max(counts), app.name, profile=args.profile, time_scale=args.time_scale
            )
            with farm:
                for k in counts:
                    results = {}
                    for mode in modes:
                        stream, speculate = mode_settings(mode, k)
                        meter.start()
                        results[mode] = run_once(
                            report,
                            Path(tmp) / f"{bug_id.replace('#', '-')}-{k}-{mode}",
                            list(farm.addresses)[:k],
                            args,
                            stream=stream,
                            speculate=speculate,
                        )
                        rows.append(row(bug_id, k, mode, results[mode], args.time_scale, meter))
                        print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
                    same.append({"bug_id": bug_id, "devices": k, **same_as_before(results)})
    table = summary(rows)
    emit(
        {
            "reasoner": args.reasoner,
            "profile": args.profile,
            "time_scale": args.time_scale,
            "cores": os.cpu_count(),
            "runs": rows,
            "same": same,
            "summary": table,
            "goal": {
                "efficiency_at_8": GOAL_AT_8,
                "met": {m: v.get("8", 0.0) >= GOAL_AT_8 for m, v in table.items() if "8" in v},
            },
        }
    )


if __name__ == "__main__":
    main()
