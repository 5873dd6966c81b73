"""Hierarchy dumps and device-seconds per probe, before and after known screens (decision 0019).

One device runs a fixed workload shaped like two search levels through the agent's gRPC API
(an in-process agent on loopback): level 1 probes ``--level1`` widget actions from the base
snapshot (each saves its after-state); level 2 probes ``--level2`` actions from each of the first
``--children`` new screens twice, once restored from the child's own snapshot (saved on this
device) and once by replaying its path (as a device without the snapshot does). Each
configuration runs the workload with the agent's known screens off (``before``: every restore
is checked by a dump) and on (``after``: a restore into a screen this device already saw is
checked by a screen fingerprint, :class:`device_agent.state.StateKeeper`), on a fresh device
each time, and checks that both runs probe the same screens (``same_results``).

Configurations: the virtual device under the ``instant`` and ``emulator-grpc`` profiles
(device-seconds are the profile's unscaled costs: ``emulator-grpc`` dump 1.2 s, screenshot
0.02 s...; nothing sleeps), and the adb backend against the project's adb-speaking virtual
emulator (``device_agent.adbd.AdbEmulator`` with its EmulatorController gRPC subset, through a
real ``adb`` server; its device charges the ``emulator-grpc`` costs of every command the backend
sends, and ``wall_ms`` is the real time). Prints one JSON object::

    {"workload": {...}, "virtual-instant": {"before": {...}, "after": {...},
     "dumps_saved_per_probe": x, "device_seconds_saved_per_probe": y, "same_results": true}, ...}

where each side has ``probes``, ``dumps_per_probe``, ``device_seconds_per_probe``,
``wall_ms_per_probe`` and ``by_restore`` (the same per restore method).

    python benchmarks/probe_cost.py            # add --no-adb where the adb binary is absent
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._farm import emit, quiet  # noqa: E402
from device_agent.actions import Action  # noqa: E402
from device_agent.backend import DeviceBackend  # noqa: E402
from device_agent.client import AgentClient  # noqa: E402
from device_agent.hierarchy import parse_hierarchy, structural_hash  # noqa: E402
from device_agent.server import serve  # noqa: E402
from device_agent.state import DeviceState, StateKeeper  # noqa: E402
from device_agent.virtual.device import VirtualDevice  # noqa: E402
from orchestrator.enumerate import enumerate_actions  # noqa: E402

BASE = "base"


@dataclass
class Meter:
    """Reads a device's counters: ``dumps()`` hierarchy dumps so far, ``seconds()`` device
    seconds so far."""

    dumps: Callable[[], int]
    seconds: Callable[[], float]


@dataclass
class Shape:
    level1: int
    level2: int
    children: int


def widget_actions(xml: str, limit: int) -> list[Action]:
    return enumerate_actions(parse_hierarchy(xml), include_global=False)[:limit]


def workload(client: AgentClient, meter: Meter, shape: Shape) -> dict[str, Any]:
    """Run the two levels; returns per-probe rows and the results' fingerprint."""
    rows: list[dict[str, Any]] = []
    seen: list[tuple[str, str, bool]] = []

    def probe(state: DeviceState, action: Action, save_as: str = "") -> Any:
        dumps, seconds, start = meter.dumps(), meter.seconds(), time.perf_counter()
        result = client.probe(state, action, save_snapshot_as=save_as, screenshots=False)
        rows.append(
            {
                "restore": result.restore_method,
                "dumps": meter.dumps() - dumps,
                "device_s": meter.seconds() - seconds,
                "wall_s": time.perf_counter() - start,
            }
        )
        seen.append((result.restore_method, result.after_hash, result.executed.performed))
        return result

    root_xml = client.observe(screenshot=False).hierarchy_xml
    root = DeviceState(BASE, (), BASE, structural_hash(root_xml))
    children: list[tuple[Action, str, str, str]] = []
    for i, action in enumerate(widget_actions(root_xml, shape.level1)):
        result = probe(root, action, f"c{i}")
        fresh = result.after_hash not in {root.expected_hash, *(c[2] for c in children)}
        if result.executed.performed and fresh:
            children.append((action, f"c{i}", result.after_hash, result.after.hierarchy_xml))
    for action, snapshot, digest, xml in children[: shape.children]:
        for j, step in enumerate(widget_actions(xml, shape.level2)):
            probe(DeviceState(BASE, (action,), snapshot, digest), step, f"{snapshot}x{j}")
    for action, _, digest, xml in children[: shape.children]:
        for step in widget_actions(xml, shape.level2):
            probe(DeviceState(BASE, (action,), "", digest), step)
    return {"rows": rows, "seen": seen}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def per_probe(subset: list[dict[str, Any]]) -> dict[str, Any]:
        n = len(subset) or 1
        return {
            "probes": len(subset),
            "dumps_per_probe": round(sum(r["dumps"] for r in subset) / n, 3),
            "device_seconds_per_probe": round(sum(r["device_s"] for r in subset) / n, 3),
            "wall_ms_per_probe": round(sum(r["wall_s"] for r in subset) / n * 1000, 2),
        }

    out = per_probe(rows)
    methods = sorted({r["restore"] for r in rows})
    out["by_restore"] = {m: per_probe([r for r in rows if r["restore"] == m]) for m in methods}
    return out


@contextlib.contextmanager
def agent(backend: DeviceBackend, known_screens: bool) -> Iterator[AgentClient]:
    """An in-process agent over ``backend`` (app launched fresh, base snapshot saved)."""
    server, port = serve(backend, keeper=StateKeeper(backend, known_screens=known_screens))
    try:
        with AgentClient(f"127.0.0.1:{port}", timeout=120.0) as client:
            client.reset_app(launch=True)
            client.save_snapshot(BASE)
            yield client
    finally:
        server.stop(None)


@contextlib.contextmanager
def virtual(app: str, profile: str) -> Iterator[tuple[DeviceBackend, Meter]]:
    device = VirtualDevice("probe-cost", app, profile=profile, time_scale=0.0)
    yield device, Meter(lambda: device.latency.counts["dump"], lambda: device.simulated_seconds)


@contextlib.contextmanager
def adb_emulator(app: str) -> Iterator[tuple[DeviceBackend, Meter]]:
    """The adb backend driving an AdbEmulator (with its gRPC subset) through a real adb server
    on a free port with a private HOME (killed afterwards)."""
    from device_agent.adb.backend import AdbDevice
    from device_agent.adbd.emulator import AdbEmulator
    from tests.adb_harness import AdbServer, free_port

    with tempfile.TemporaryDirectory(prefix="probe-cost-adb-") as home:
        server = AdbServer(free_port(), home)
        started = server.run("start-server")
        if started.returncode != 0:
            raise RuntimeError(f"the adb server did not start: {started.stderr.strip()}")
        token_file = Path(home) / "console-token"
        token_file.write_text("", encoding="utf-8")
        device = VirtualDevice("probe-cost-emu", app, profile="emulator-grpc", time_scale=0.0)
        device.launch_app()
        emulator = AdbEmulator(device, 0, token_file=token_file, grpc_port=0)
        try:
            emulator.start(server.port)
            server.wait_for(emulator.serial)
            assert device.app is not None
            backend = AdbDevice(
                "probe-cost-adb",
                emulator.serial,
                package=device.app.package,
                adb_port=server.port,
                console_token_file=token_file,
                emulator_grpc_port=emulator.grpc_port,
                ready_timeout_s=10.0,
            )
            backend.setup()
            try:
                yield (
                    backend,
                    Meter(lambda: emulator.faults.dumps, lambda: device.simulated_seconds),
                )
            finally:
                backend.close()
        finally:
            emulator.stop()
            server.run("kill-server")


def measure(
    make: Callable[[], contextlib.AbstractContextManager[tuple[DeviceBackend, Meter]]],
    shape: Shape,
) -> dict[str, Any]:
    runs: dict[str, dict[str, Any]] = {}
    for side, known in (("before", False), ("after", True)):
        with make() as (backend, meter), agent(backend, known) as client:
            runs[side] = workload(client, meter, shape)
    before, after = summary(runs["before"]["rows"]), summary(runs["after"]["rows"])
    return {
        "before": before,
        "after": after,
        "dumps_saved_per_probe": round(before["dumps_per_probe"] - after["dumps_per_probe"], 3),
        "device_seconds_saved_per_probe": round(
            before["device_seconds_per_probe"] - after["device_seconds_per_probe"], 3
        ),
        "same_results": runs["before"]["seen"] == runs["after"]["seen"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", default="OpenCalc")
    parser.add_argument("--level1", type=int, default=8, help="probes from the base screen")
    parser.add_argument("--level2", type=int, default=4, help="probes per child screen")
    parser.add_argument("--children", type=int, default=2, help="child screens probed further")
    parser.add_argument("--no-adb", action="store_true", help="skip the adb backend")
    args = parser.parse_args()
    quiet()
    shape = Shape(args.level1, args.level2, args.children)
    out: dict[str, Any] = {"workload": {"app": args.app, **vars(shape)}}
    for profile in ("instant", "emulator-grpc"):
        out[f"virtual-{profile}"] = measure(functools.partial(virtual, args.app, profile), shape)
    if args.no_adb:
        out["adb"] = "skipped (--no-adb)"
    elif shutil.which("adb") is None:
        out["adb"] = "skipped: the adb binary is absent (apt-get install adb)"
    else:
        out["adb"] = measure(lambda: adb_emulator(args.app), shape)
    emit(out)


if __name__ == "__main__":
    main()
