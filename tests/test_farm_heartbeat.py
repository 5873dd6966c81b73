"""Devices that stop answering (issue 29, decision 0035): a frozen agent is found by the farm's
health heartbeat within seconds, its probe moves to another device and it is quarantined, instead
of costing two whole probe deadlines (120 s each).

The agents are real processes; "frozen" is SIGSTOP (the process keeps its sockets, the kernel
accepts connections, nothing answers), undone by SIGCONT before the farm stops."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator

import pytest
import ray

from device_agent.launcher import LocalAgentFarm
from device_agent.state import DeviceState
from orchestrator import farm as farm_module
from orchestrator.farm import (
    BASE_SNAPSHOT,
    HEARTBEAT_WINDOW_S,
    PROBE_DEADLINE_FLOOR_S,
    DevicePool,
    ProbeSpec,
)

APP, VERSION = "OpenCalc", "3.1.4"


@contextlib.contextmanager
def frozen(pid: int) -> Iterator[None]:
    """The process ``pid`` is stopped (SIGSTOP) inside the block and continued after it."""
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def _specs(pool: DevicePool, base: dict, n: int) -> list[ProbeSpec]:
    from device_agent.hierarchy import parse_hierarchy
    from orchestrator.enumerate import enumerate_actions

    actions = enumerate_actions(parse_hierarchy(base["xml"]), include_global=False)
    state = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
    return [ProbeSpec(state=state, action=actions[i % len(actions)], tag=i) for i in range(n)]


def test_a_frozen_agent_costs_seconds_and_its_probe_moves(ray_session):
    with LocalAgentFarm(2, APP, version=VERSION) as farm:
        pool = DevicePool(farm.addresses, probe_timeout_s=120.0)  # the old fixed deadline
        try:
            base = pool.prepare(APP, VERSION)
            specs = _specs(pool, base, 6)
            with frozen(farm.pids[0]):
                started = time.monotonic()
                outcomes = pool.run_probes(specs)
                elapsed = time.monotonic() - started
            usage = pool.utilisation()
            events = list(pool.events)
        finally:
            pool.close()
    # Every probe ran, the frozen device's one on the other device, in seconds: one heartbeat
    # window and a beat, not the 120 s deadline (twice, before this change).
    assert sorted(o.spec.tag for o in outcomes) == list(range(6))
    assert {o.device_id for o in outcomes} == {usage[1]["device_id"]}
    assert elapsed < HEARTBEAT_WINDOW_S + 15, elapsed
    assert usage[0]["quarantined"] is True and usage[1]["quarantined"] is False
    (quarantine,) = [e for e in events if e["event"] == "device_quarantined"]
    assert quarantine["device"] == farm.addresses[0]
    assert "missed its heartbeat window" in quarantine["reason"]


def test_an_idle_frozen_agent_fails_its_next_call_at_once_and_answers_again_after_sigcont(
    ray_session,
):
    """The heartbeat runs while no call does: the next call to a device that missed its window
    fails at once (no deadline to wait), and a device that answers again is usable again."""
    from device_agent.errors import AgentUnresponsiveError

    with LocalAgentFarm(1, APP, version=VERSION) as farm:
        pool = DevicePool(farm.addresses, probe_timeout_s=120.0)
        try:
            base = pool.prepare(APP, VERSION)
            (spec,) = _specs(pool, base, 1)
            handle = pool.devices[0].worker
            with frozen(farm.pids[0]):
                time.sleep(HEARTBEAT_WINDOW_S + 2.5)
                started = time.monotonic()
                with pytest.raises(AgentUnresponsiveError, match="heartbeat window"):
                    ray.get(handle.call("probe", spec, 120.0))
                assert time.monotonic() - started < 3.0
            time.sleep(2.5)  # a beat or two after SIGCONT
            outcome = ray.get(handle.call("probe", spec, 120.0))
            assert outcome.performed
            seen = ray.get(handle.actor.describe.remote())["devices"][farm.addresses[0]]
            assert seen["lost"] == "" and seen["beats"] > 0
        finally:
            pool.close()


def test_the_probe_deadline_comes_from_measured_probes_not_a_fixed_120_s(ray_session):
    with LocalAgentFarm(1, APP, version=VERSION) as farm:
        pool = DevicePool(farm.addresses, probe_timeout_s=120.0)
        try:
            base = pool.prepare(APP, VERSION)
            (spec,) = _specs(pool, base, 1)

            # From what was measured (the prepare, then the probe): the instant profile's calls
            # take milliseconds on an idle machine (the floor), seconds with every core busy.
            def from_measured() -> float:
                factor = farm_module.PROBE_DEADLINE_FACTOR
                return min(120.0, max(PROBE_DEADLINE_FLOOR_S, factor * pool._slowest_s))

            assert pool._slowest_s > 0 and pool.probe_deadline(spec) == from_measured()
            pool.run_probes([spec])
            assert pool.probe_deadline(spec) == from_measured()
            # A slow device (measured) gets a deadline in proportion, capped by the timeout.
            pool._slowest_s = 10.0
            assert pool.probe_deadline(spec) == farm_module.PROBE_DEADLINE_FACTOR * 10.0
            pool._slowest_s = 100.0
            assert pool.probe_deadline(spec) == 120.0
        finally:
            pool.close()


def test_a_device_quarantined_mid_sweep_leaves_no_healthy_device_idle() -> None:
    """After a device is lost, 3 healthy devices and 2 reproductions at once: 2 and 1 (before:
    3 // 2 = 1 each, one healthy device idle for the rest of the sweep)."""
    from orchestrator.sweep.leases import LeaseManager

    leases = LeaseManager([f"127.0.0.1:{p}" for p in range(1, 5)], concurrency=2)
    a = leases.acquire("a", leases.fair_share(8), timeout=1)
    b = leases.acquire("b", leases.fair_share(7), timeout=1)
    assert len(a.addresses) == len(b.addresses) == 2  # undisturbed: unchanged
    b.quarantined.add(b.addresses[0])  # its agent froze
    leases.release(b)
    c = leases.acquire("c", leases.fair_share(6), timeout=1)
    assert len(c.addresses) == 1  # a still holds 2
    leases.release(a)
    d = leases.acquire("d", leases.fair_share(5), timeout=1)
    assert len(d.addresses) == 2
    assert leases.counts() == (3, 0, 1)
