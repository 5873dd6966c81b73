"""Many devices per worker process (decision 0013): one async Ray actor serves several device
agents, runs one call per device at a time while different devices' calls overlap, and a
failure costs what it should: a dead agent only its device, a dead worker only its devices,
whose probes are retried on another worker's devices with none lost or run twice."""

from __future__ import annotations

import pytest

from device_agent.hierarchy import parse_hierarchy
from device_agent.launcher import LocalAgentFarm
from device_agent.state import DeviceState
from orchestrator.enumerate import enumerate_actions
from orchestrator.farm import BASE_SNAPSHOT, DevicePool, ProbeOutcome, ProbeSpec, group_addresses

pytestmark = pytest.mark.e2e

# ~50 ms of simulated device time per probe: long enough for calls to overlap.
PROFILE = {"profile": "emulator-grpc", "time_scale": 0.02}


def probes(base: dict, count: int) -> list[ProbeSpec]:
    actions = enumerate_actions(parse_hierarchy(base["xml"]), include_global=False)
    root = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
    return [ProbeSpec(state=root, action=actions[i % len(actions)], tag=i) for i in range(count)]


def test_group_addresses_makes_bounded_groups_in_order():
    addresses = [f"10.0.0.{i}:50051" for i in range(7)]
    groups = group_addresses(addresses, 3)
    assert groups == [addresses[0:3], addresses[3:6], addresses[6:7]]
    assert group_addresses(addresses, 1) == [[a] for a in addresses]
    assert group_addresses(addresses, 16) == [addresses]
    with pytest.raises(ValueError, match="at least 1"):
        group_addresses(addresses, 0)


def test_a_group_never_spans_two_nodes():
    addresses = ["a:1", "b:1", "a:2", "b:2", "a:3"]
    node = {"a": "node-a", "b": "node-b"}
    groups = group_addresses(addresses, 2, lambda address: node[address.split(":")[0]])
    assert groups == [["a:1", "a:2"], ["a:3"], ["b:1", "b:2"]]


def test_one_worker_serves_many_devices_one_call_each(ray_session):
    ray = ray_session
    with LocalAgentFarm(3, "OpenCalc", **PROFILE) as farm:
        first, second, third = farm.addresses
        pool = DevicePool([first, second], devices_per_worker=3, probe_timeout_s=60)
        try:
            base = pool.prepare("OpenCalc")
            assert pool.add_device(third)  # joins the worker that has room
            (actor,) = {d.worker.actor for d in pool.devices}
            specs = probes(base, 12)
            outcomes = pool.run_probes(specs)
            assert sorted(o.spec.tag for o in outcomes) == list(range(12))
            assert len({o.device_id for o in outcomes}) == 3
            # Six calls at once for two devices: each device still runs one at a time.
            one, two = pool.devices[0].worker, pool.devices[1].worker
            burst = ray.get([h.call("probe", s) for s in specs[:3] for h in (one, two)])
            assert [o.device_id for o in burst].count(burst[0].device_id) == 3
            facts = ray.get(actor.describe.remote())
            assert set(facts["devices"]) == {first, second, third}
            assert all(d["peak_in_flight"] == 1 for d in facts["devices"].values())
            assert facts["peak_in_flight"] >= 2  # different devices' calls overlapped
        finally:
            pool.close()


def test_dead_agent_under_a_shared_worker_costs_only_its_device(ray_session):
    ray = ray_session
    with LocalAgentFarm(3, "OpenCalc", **PROFILE) as farm:
        pool = DevicePool(farm.addresses, devices_per_worker=3, probe_timeout_s=30)
        try:
            base = pool.prepare("OpenCalc")
            actor = pool.devices[0].worker.actor
            pid = ray.get(actor.describe.remote())["pid"]
            lost = pool.devices[0].device_id
            farm.kill(0)
            outcomes = pool.run_probes(probes(base, 12))
            assert sorted(o.spec.tag for o in outcomes) == list(range(12))
            assert lost not in {o.device_id for o in outcomes}
            assert [u["quarantined"] for u in pool.utilisation()] == [True, False, False]
            assert ray.get(actor.describe.remote())["pid"] == pid  # the worker lives on
        finally:
            pool.close()


def test_dead_worker_loses_its_devices_and_their_probes_move(ray_session):
    ray = ray_session
    with LocalAgentFarm(4, "OpenCalc", **PROFILE) as farm:
        pool = DevicePool(farm.addresses, devices_per_worker=2, probe_timeout_s=30)
        try:
            base = pool.prepare("OpenCalc")
            doomed = pool.devices[0].worker.actor
            assert pool.devices[1].worker.actor == doomed != pool.devices[2].worker.actor
            killed: list[bool] = []

            def kill_first_worker(outcome: ProbeOutcome) -> None:
                if not killed:
                    ray.kill(doomed, no_restart=True)
                    killed.append(True)

            outcomes = pool.run_probes(probes(base, 16), on_result=kill_first_worker)
            assert sorted(o.spec.tag for o in outcomes) == list(range(16))  # none lost or twice
            assert [u["quarantined"] for u in pool.utilisation()] == [True, True, False, False]
            reasons = [e["reason"] for e in pool.events if e["event"] == "device_quarantined"]
            assert len(reasons) == 2 and all("its worker died" in r for r in reasons)
        finally:
            pool.close()
