"""A lost device is replaced (issue 29, decision 0046): a device agent frozen mid-run (SIGSTOP, a
real process) is quarantined by the heartbeat, the local farm starts another agent, and the new
device joins the same lease and the running pool and takes probes; a farm that cannot grow
replaces nothing."""

from __future__ import annotations

import os
import signal

import pytest
import ray

from device_agent.launcher import LocalAgentFarm
from device_agent.state import DeviceState
from orchestrator import farm as farm_module
from orchestrator.farm import BASE_SNAPSHOT, DeviceHandle, DevicePool, ProbeSpec, start_workers
from orchestrator.replacement import Replacements, worker_near
from orchestrator.sweep.leases import LeaseManager

APP, VERSION = "OpenCalc", "3.1.4"


def _specs(base: dict, n: int, first: int = 0) -> list[ProbeSpec]:
    from device_agent.hierarchy import parse_hierarchy
    from orchestrator.enumerate import enumerate_actions

    actions = enumerate_actions(parse_hierarchy(base["xml"]), include_global=False)
    state = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
    return [
        ProbeSpec(state=state, action=actions[i % len(actions)], tag=i)
        for i in range(first, first + n)
    ]


def test_a_frozen_device_is_replaced_and_the_replacement_takes_probes(ray_session, monkeypatch):
    # A shorter heartbeat window keeps the test short; 6 s is still wide for a healthy agent.
    monkeypatch.setattr(farm_module, "HEARTBEAT_WINDOW_S", 6.0)
    with LocalAgentFarm(2, APP, version=VERSION) as farm:
        workers = start_workers(farm.addresses)
        leases = LeaseManager(farm.addresses, concurrency=1)
        lease = leases.acquire("one", 2, timeout=1)

        def worker_for(new: str, lost: str) -> DeviceHandle:
            workers[new] = worker_near(new, workers[lost], None, 120.0)
            return workers[new]

        replacements = Replacements(farm, leases, worker_for, limit=2)
        pool = DevicePool(
            lease.addresses,
            workers=dict(workers),
            on_quarantine=lambda address, reason: replacements.lost(address, lease, pool),
        )
        frozen = False
        try:
            base = pool.prepare(APP, VERSION)
            os.kill(farm.pids[0], signal.SIGSTOP)
            frozen = True
            pool.run_probes(_specs(base, 2))  # the frozen device's probe moves; it is lost
            replacements.close(timeout_s=60.0)  # its replacement has joined (or failed)
            after = pool.run_probes(_specs(base, 2, first=2))  # one each
            events = list(pool.events)
        finally:
            if frozen:
                os.kill(farm.pids[0], signal.SIGCONT)
            pool.close()
            for handle in {id(h.actor): h for h in workers.values()}.values():
                ray.kill(handle.actor)
        new = farm.addresses[2]
        assert len(farm.pids) == 3 and farm.indices == [0, 1, 2]
        (replaced,) = replacements.replaced
        assert replaced["device"] == farm.addresses[0] and replaced["by"] == new
        assert lease.addresses == [*farm.addresses]  # the lease holds the replacement
        assert any(e == {"event": "device_added", "device": new} for e in events)
        assert [e["device"] for e in events if e["event"] == "device_quarantined"] == [
            farm.addresses[0]
        ]
        # The replacement was prepared and takes probes of the running pool.
        assert "local-2" in {o.device_id for o in after}
        lease.quarantined |= {d.address for d in pool.devices if d.quarantined}  # as a sweep
        leases.release(lease)
        assert leases.counts() == (0, 2, 1)  # the lost device retired, its replacement free


def test_a_replacement_joins_a_held_lease_or_the_free_devices() -> None:
    leases = LeaseManager(["127.0.0.1:1", "127.0.0.1:2"], concurrency=2)
    held = leases.acquire("a", 1, timeout=1)
    assert leases.add("127.0.0.1:3", held) is True
    assert held.addresses == ["127.0.0.1:1", "127.0.0.1:3"]
    assert leases.add("127.0.0.1:3", held) is False  # already in the farm
    leases.release(held)
    assert leases.add("127.0.0.1:4", held) is False  # returned: it goes to the free devices
    assert leases.counts() == (0, 4, 0)


class _Farm:
    def __init__(self) -> None:
        self.started = 0

    def add_agent(self) -> str:
        self.started += 1
        return f"127.0.0.1:{100 + self.started}"


def test_a_farm_that_cannot_grow_replaces_nothing_and_growth_is_bounded() -> None:
    leases = LeaseManager(["127.0.0.1:1", "127.0.0.1:2"], concurrency=1)
    lease = leases.acquire("a", 2, timeout=1)
    handle = DeviceHandle(None, "")
    assert Replacements(None, leases, lambda new, lost: handle, limit=5).lost("x", lease) is False
    farm = _Farm()
    replacements = Replacements(farm, leases, lambda new, lost: handle, limit=1)
    assert replacements.lost("127.0.0.1:1", lease) is True
    assert replacements.lost("127.0.0.1:1", lease) is False  # already being replaced
    assert replacements.lost("127.0.0.1:2", lease) is False  # past the limit
    replacements.close()
    assert farm.started == 1 and lease.addresses[-1] == "127.0.0.1:101"
    assert replacements.lost("127.0.0.1:3", lease) is False  # closed


def test_a_local_farm_grows_only_while_it_runs() -> None:
    farm = LocalAgentFarm(1, APP)
    with pytest.raises(RuntimeError, match="not running"):
        farm.add_agent()  # not started
