"""The fan-out scheduler: a probe goes to the device holding its state's snapshot when one is
free; a device without it imports the snapshot from the holder when that is cheaper than
replaying the prefix, else replays; snapshots no live path needs are deleted."""

from __future__ import annotations

import pytest

from device_agent.hierarchy import parse_hierarchy
from device_agent.launcher import LocalAgentFarm
from device_agent.state import DeviceState
from orchestrator.enumerate import enumerate_actions
from orchestrator.farm import BASE_SNAPSHOT, DevicePool, ProbeSpec, RestoreCosts

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def two_agents(ray_session):
    with LocalAgentFarm(2, "OpenCalc") as farm:
        yield farm.addresses


def _first_level(pool: DevicePool, base: dict) -> tuple[ProbeSpec, str, list]:
    actions = enumerate_actions(parse_hierarchy(base["xml"]), include_global=False)
    root = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
    spec = ProbeSpec(state=root, action=actions[0], save_as="child", tag=(0, 0))
    (outcome,) = pool.run_probes([spec])
    assert outcome.saved_snapshot == "child"
    return spec, outcome.after_hash, actions


def _second_level(pool: DevicePool, spec: ProbeSpec, outcome_hash: str, actions: list) -> list:
    child = DeviceState(BASE_SNAPSHOT, (spec.action,), "child", outcome_hash)
    specs = [ProbeSpec(state=child, action=a, tag=(0, i)) for i, a in enumerate(actions[1:3])]
    return pool.run_probes(specs)


@pytest.mark.parametrize(
    ("costs", "expected"),
    [
        (RestoreCosts(per_action=5.0, transfer=1.0), "snapshot_imported"),
        (RestoreCosts(per_action=0.05, transfer=2.0), "replay"),
    ],
)
def test_holder_first_then_import_or_replay(two_agents, costs, expected):
    pool = DevicePool(two_agents, restore_costs=costs)
    try:
        base = pool.prepare("OpenCalc")
        spec, after_hash, actions = _first_level(pool, base)
        holder = next(d for d in pool.devices if "child" in d.snapshots)
        other = next(d for d in pool.devices if d is not holder)
        outcomes = _second_level(pool, spec, after_hash, actions)
        by_device = {o.device_id: o.restore_method for o in outcomes}
        assert by_device[holder.device_id] in ("snapshot_local", "already_there")
        assert by_device[other.device_id] == expected
        assert ("child" in other.snapshots) == (expected == "snapshot_imported")
        # a state no live path needs any more is deleted everywhere but the base
        assert pool.forget_snapshots(keep=set()) >= 1
        assert all(d.snapshots == {BASE_SNAPSHOT} for d in pool.devices)
    finally:
        pool.close()
