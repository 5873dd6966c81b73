"""A discrete-event model of a sweep on a large farm, fed with measured per-probe costs.

A 200-device farm cannot run on a 2-core machine; the scheduler's behaviour can be simulated.
The model: ``devices`` devices shared fairly by ``concurrency`` reproductions at a time; a
reproduction is ``levels`` levels of ``probes`` candidate probes (LTGDroid's beam 3 x 6 widgets
plus global actions: at most about 24); a probe holds one device for ``probe_s`` device seconds
(restore + act + observe + save; measured on the emulator-grpc profile by benchmarks/fanout.py),
costs the driver ``driver_ms`` of its single event loop (Ray + gRPC + bookkeeping + reasoning;
benchmarks/overhead.py plus the heuristic reasoner's phase times), and, with an LLM reasoner, one
transition-summary call (``llm_s`` latency) limited to ``llm_rpm`` requests per minute. Snapshot
size scales load time and transfer time.

Prints one JSON object: the inputs and, for each (devices, concurrency, reasoner) point, the
sweep's makespan, mean seconds per level, and the utilisation of devices, driver and LLM quota
(the bottleneck is the resource nearest 1.0).

    python benchmarks/scaling_model.py --bugs 75 --repeat 3
"""

from __future__ import annotations

import argparse
import heapq
import json
import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Costs:
    probe_s: float = 4.3  # emulator-grpc, 512 MB snapshot: fanout.py, 103.4 s / 24 probes
    driver_ms: float = 7.5  # overhead.py median 5.1 ms + heuristic reasoning 2.3 ms per probe
    llm_s: float = 3.0  # DESIGN §2.2 simulated LLM latency
    llm_rpm: float = 0.0  # 0: no LLM (heuristic reasoner)
    snapshot_mb: float = 512.0
    levels: int = 9  # mean over the catalog runs (1..10)
    probes: int = 18  # mean probes per level in the catalog runs (max ~24)

    def probe_seconds(self, rng: random.Random) -> float:
        # snapshot load (0.6 s at 512 MB) grows with snapshot size; 10 % jitter per probe
        load = 0.6 * (self.snapshot_mb / 512.0)
        return max(0.1, (self.probe_s - 0.6 + load) * rng.lognormvariate(0.0, 0.1))


def simulate(devices: int, concurrency: int, bugs: int, costs: Costs, seed: int = 7) -> dict:
    """Event-driven run of ``bugs`` reproductions; returns makespan and utilisations.

    Events: the driver finishing a dispatch (it is one server: dispatches queue), a probe
    finishing on its device, an LLM summary arriving (requests are spaced by the RPM quota).
    A level ends when all its probes (and their summaries) are back; the next level starts then.
    """
    rng = random.Random(seed)
    share = max(1, devices // concurrency)
    llm_interval = 60.0 / costs.llm_rpm if costs.llm_rpm else 0.0
    llm_next = 0.0
    events: list[tuple[float, int, str, int]] = []
    seq = 0

    def push(t: float, kind: str, rep: int) -> None:
        nonlocal seq
        heapq.heappush(events, (t, seq, kind, rep))
        seq += 1

    reps: dict[int, dict] = {}
    driver_queue: list[int] = []
    driver_idle_at = 0.0
    driver_busy = device_busy = 0.0
    level_times: list[float] = []
    started = finished = 0
    makespan = 0.0

    def start_level(rep: int, t: float) -> None:
        r = reps[rep]
        r.update(pending=costs.probes, outstanding=costs.probes, level_start=t)
        for _ in range(min(r["free"], r["pending"])):
            r["free"] -= 1
            r["pending"] -= 1
            driver_queue.append(rep)

    def start_rep(t: float) -> None:
        nonlocal started
        rep = started
        started += 1
        reps[rep] = {"free": share, "level": 0}
        start_level(rep, t)

    for _ in range(min(concurrency, bugs)):
        start_rep(0.0)
    clock = 0.0
    while True:
        if driver_queue and driver_idle_at <= clock:
            rep = driver_queue.pop(0)
            driver_idle_at = clock + costs.driver_ms / 1000.0
            driver_busy += costs.driver_ms / 1000.0
            push(driver_idle_at, "dispatched", rep)
        if not events:
            break
        clock, _, kind, rep = heapq.heappop(events)
        r = reps[rep]
        if kind == "dispatched":
            run = costs.probe_seconds(rng)
            device_busy += run
            push(clock + run, "probe_done", rep)
        elif kind == "probe_done":
            r["free"] += 1
            if r["pending"]:
                r["free"] -= 1
                r["pending"] -= 1
                driver_queue.append(rep)
            if llm_interval:
                slot = max(clock, llm_next)
                llm_next = slot + llm_interval
                push(slot + costs.llm_s, "summarised", rep)
            else:
                push(clock, "summarised", rep)
        elif kind == "summarised":
            r["outstanding"] -= 1
            if r["outstanding"] == 0:
                level_times.append(clock - r["level_start"])
                r["level"] += 1
                if r["level"] < costs.levels:
                    start_level(rep, clock)
                else:
                    finished += 1
                    makespan = max(makespan, clock)
                    if started < bugs:
                        start_rep(clock)
    llm_calls = len(level_times) * costs.probes if llm_interval else 0
    return {
        "makespan_h": round(makespan / 3600.0, 2),
        "mean_level_s": round(sum(level_times) / len(level_times), 1),
        "device_utilisation": round(device_busy / (devices * makespan), 3),
        "driver_utilisation": round(driver_busy / makespan, 3),
        "llm_quota_utilisation": round(llm_calls * llm_interval / makespan, 3)
        if llm_interval
        else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bugs", type=int, default=75)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--devices", default="8,32,64,128,200")
    parser.add_argument("--concurrency", default="1,4,8,16,32")
    parser.add_argument("--snapshot-mb", type=float, default=512.0)
    parser.add_argument("--llm-rpm", type=float, default=500.0, help="LLM requests per minute")
    args = parser.parse_args()
    runs = args.bugs * args.repeat
    points = []
    for reasoner, rpm in (("heuristic", 0.0), ("llm", args.llm_rpm)):
        costs = Costs(llm_rpm=rpm, snapshot_mb=args.snapshot_mb)
        for devices in (int(d) for d in args.devices.split(",")):
            for concurrency in (int(c) for c in args.concurrency.split(",")):
                if concurrency > devices:
                    continue
                point = {"reasoner": reasoner, "devices": devices, "concurrency": concurrency}
                point.update(simulate(devices, concurrency, runs, costs))
                points.append(point)
    print(json.dumps({"runs": runs, "inputs": Costs().__dict__, "points": points}))


if __name__ == "__main__":
    main()
