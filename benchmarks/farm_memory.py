"""Processes and memory per device of the farm's Ray workers, and probe throughput, by how many
device agents one worker process serves (decision 0013).

For each farm size (local virtual agents) and each ``--devices-per-worker`` value, a fresh
:class:`~orchestrator.farm.DevicePool` starts its workers, prepares the app, runs a warm-up round
(one probe per device) and then ``--probes`` probes from the base screen (one in flight per
device), and the process tree of this benchmark is read from ``/proc`` (Linux only): the agents
(one process per device, the same in every mode), the device workers (Ray actor processes,
``ray::DeviceWorker``) and the rest of Ray (raylet, GCS, idle workers). RSS counts shared pages
in every process; PSS divides them among their sharers, so it is the fairer per-device cost.

Prints one JSON object: ``{"profile", "time_scale", "app", "probes", "results": [{"devices",
"devices_per_worker", "agent_processes", "worker_processes", "ray_other_processes",
"worker_rss_mb", "worker_pss_mb", "worker_rss_mb_per_device", "worker_pss_mb_per_device",
"agent_rss_mb_per_device", "total_rss_mb_per_device", "total_pss_mb_per_device", "ray_other_rss_mb",
"seconds", "probes_per_s"}]}``. ``total_*`` is agents + workers + the rest of Ray, per device.
``devices_per_worker`` 1 is the farm before decision 0013 (a worker process per device).

    python benchmarks/farm_memory.py --devices 8,32 --devices-per-worker 1,16 --probes 256 \
        --profile emulator-grpc --time-scale 0.05
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._farm import emit, quiet  # noqa: E402
from device_agent.errors import AgentStartupError  # noqa: E402
from device_agent.hierarchy import parse_hierarchy  # noqa: E402
from device_agent.launcher import LocalAgentFarm  # noqa: E402
from device_agent.state import DeviceState  # noqa: E402
from orchestrator.enumerate import enumerate_actions  # noqa: E402
from orchestrator.farm import BASE_SNAPSHOT, DevicePool, ProbeSpec  # noqa: E402
from orchestrator.run import ensure_ray  # noqa: E402

WORKER_TITLE = "ray::DeviceWorker"  # the process title Ray gives an actor's worker process


@dataclass
class Usage:
    """Processes and memory (kB) of one kind."""

    processes: int = 0
    rss_kb: int = 0
    pss_kb: int = 0
    pids: list[int] = field(default_factory=list)

    def add(self, pid: int, rss_kb: int, pss_kb: int) -> None:
        self.processes += 1
        self.rss_kb += rss_kb
        self.pss_kb += pss_kb
        self.pids.append(pid)


def _read(path: str) -> str:
    try:
        with open(path, "rb") as f:
            return f.read().decode(errors="replace")
    except OSError:  # the process exited while we looked
        return ""


def _field_kb(text: str, name: str) -> int:
    for line in text.splitlines():
        if line.startswith(name + ":"):
            return int(line.split()[1])
    return 0


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (from the parent ids in ``/proc/*/stat``)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _read(f"/proc/{entry}/stat")
            if stat:  # "pid (comm) state ppid ...": comm may hold spaces, so split after ")"
                ppid = int(stat.rpartition(")")[2].split()[1])
                children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def measure(agent_pids: set[int]) -> dict[str, Usage]:
    """This process's tree by kind: ``agents``, ``workers`` (device workers), ``ray_other``."""
    usage = {"agents": Usage(), "workers": Usage(), "ray_other": Usage()}
    for pid in descendants(os.getpid()):
        status = _read(f"/proc/{pid}/status")
        if not status:
            continue
        rss = _field_kb(status, "VmRSS")
        pss = _field_kb(_read(f"/proc/{pid}/smaps_rollup"), "Pss")
        title = _read(f"/proc/{pid}/cmdline").split("\0")[0]
        if pid in agent_pids:
            kind = "agents"
        elif title.startswith(WORKER_TITLE):
            kind = "workers"
        else:
            kind = "ray_other"
        usage[kind].add(pid, rss, pss)
    return usage


def make_pool(addresses: list[str], devices_per_worker: int) -> DevicePool:
    return DevicePool(addresses, probe_timeout_s=600.0, devices_per_worker=devices_per_worker)


def probe_specs(base: dict, count: int) -> list[ProbeSpec]:
    """``count`` probes from the base screen (its widget actions, cycled), saving nothing."""
    actions = enumerate_actions(parse_hierarchy(base["xml"]), include_global=False)
    if not actions:
        raise RuntimeError("the base screen has no widget actions to probe")
    state = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
    return [ProbeSpec(state=state, action=actions[i % len(actions)], tag=i) for i in range(count)]


def run_mode(farm: LocalAgentFarm, app: str, devices_per_worker: int, probes: int) -> dict:
    addresses = list(farm.addresses)
    n = len(addresses)
    pool = make_pool(addresses, devices_per_worker)
    try:
        base = pool.prepare(app)
        specs = probe_specs(base, n + probes)
        warm, timed = specs[:n], [replace(s, tag=("timed", s.tag)) for s in specs[n:]]
        pool.run_probes(warm)  # every worker and channel warm
        start = time.perf_counter()
        outcomes = pool.run_probes(timed)
        seconds = time.perf_counter() - start
        if len(outcomes) != probes:
            raise RuntimeError(f"only {len(outcomes)} of {probes} probes finished: {pool.events}")
        usage = measure(set(farm.pids))
    finally:
        pool.close()
    _wait_gone(usage["workers"].pids)
    agents, workers, other = usage["agents"], usage["workers"], usage["ray_other"]
    mb = 1024.0
    return {
        "devices": n,
        "devices_per_worker": devices_per_worker,
        "agent_processes": agents.processes,
        "worker_processes": workers.processes,
        "ray_other_processes": other.processes,
        "worker_rss_mb": round(workers.rss_kb / mb, 1),
        "worker_pss_mb": round(workers.pss_kb / mb, 1),
        "worker_rss_mb_per_device": round(workers.rss_kb / mb / n, 1),
        "worker_pss_mb_per_device": round(workers.pss_kb / mb / n, 1),
        "agent_rss_mb_per_device": round(agents.rss_kb / mb / n, 1),
        "total_rss_mb_per_device": round(
            (agents.rss_kb + workers.rss_kb + other.rss_kb) / mb / n, 1
        ),
        "total_pss_mb_per_device": round(
            (agents.pss_kb + workers.pss_kb + other.pss_kb) / mb / n, 1
        ),
        "ray_other_rss_mb": round(other.rss_kb / mb, 1),
        "seconds": round(seconds, 3),
        "probes_per_s": round(probes / seconds, 2),
    }


def _wait_gone(pids: list[int], timeout: float = 30.0) -> None:
    """Wait until the killed workers' processes are gone, so the next mode counts only its own."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(
        _read(f"/proc/{pid}/cmdline").startswith(WORKER_TITLE) for pid in pids
    ):
        time.sleep(0.2)


def start_ray(attempts: int = 10) -> None:
    """Ray gives its raylet 30 s to register, too little on a loaded machine: try again."""
    import ray

    for attempt in range(1, attempts + 1):
        try:
            ensure_ray()
            return
        except Exception:  # noqa: BLE001 - Ray raises a bare Exception on a start-up timeout
            ray.shutdown()
            if attempt == attempts:
                raise


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devices", default="8,32", help="farm sizes, e.g. 8,32,64")
    parser.add_argument(
        "--devices-per-worker", default="1,16", help="modes to compare (1: a process per device)"
    )
    parser.add_argument("--probes", type=int, default=256, help="timed probes per measurement")
    parser.add_argument("--profile", default="emulator-grpc")
    parser.add_argument("--time-scale", type=float, default=0.05)
    parser.add_argument("--app", default="OpenCalc", help="catalog app whose base screen is probed")
    parser.add_argument(
        "--startup-timeout",
        type=float,
        default=600.0,
        help="seconds the agents may take to start (a loaded machine needs minutes for 64)",
    )
    args = parser.parse_args()
    if not Path("/proc/self/smaps_rollup").exists():
        parser.error("this benchmark reads /proc (Linux 4.14 or later)")
    sizes = sorted({int(c) for c in args.devices.split(",")})
    modes = [int(m) for m in args.devices_per_worker.split(",")]
    quiet()
    # Ray's driver prints the raylet's warnings (e.g. "64 PYTHON worker processes have been
    # started") to stdout: keep stdout for the one JSON object.
    with contextlib.redirect_stdout(sys.stderr):
        results = measure_all(args, sizes, modes)
    emit(
        {
            "profile": args.profile,
            "time_scale": args.time_scale,
            "app": args.app,
            "probes": args.probes,
            "cpus": os.cpu_count(),
            "load_average_1m": round(os.getloadavg()[0], 1),
            "results": results,
        }
    )


def measure_all(args: argparse.Namespace, sizes: list[int], modes: list[int]) -> list[dict]:
    """Every (farm size, devices per worker) measurement, in order."""
    start_ray()
    results: list[dict] = []
    for n in sizes:
        try:
            with LocalAgentFarm(
                n,
                args.app,
                profile=args.profile,
                time_scale=args.time_scale,
                startup_timeout=args.startup_timeout,
            ) as farm:
                for devices_per_worker in modes:
                    results.append(run_mode(farm, args.app, devices_per_worker, args.probes))
                    print(json.dumps(results[-1]), file=sys.stderr)  # progress, kept if it dies
        except AgentStartupError as exc:  # a too-loaded machine: say so, measure the rest
            results.append({"devices": n, "error": str(exc).splitlines()[0]})
    return results


if __name__ == "__main__":
    main()
