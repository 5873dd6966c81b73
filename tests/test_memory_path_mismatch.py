"""A path the transition memory built that does not replay (decision 0048): the probe from it is
dropped and the device stays in service, where a mismatch on any other path counts against the
device (kiwix-android#990 once lost both devices and the run this way, decision 0039).

Real agent processes; the "recorded" screen is one the prefix cannot reach (a wrong hash)."""

from __future__ import annotations

from device_agent.hierarchy import parse_hierarchy
from device_agent.launcher import LocalAgentFarm
from device_agent.state import DeviceState
from orchestrator.enumerate import enumerate_actions
from orchestrator.farm import BASE_SNAPSHOT, DevicePool, ProbeSpec

APP, VERSION = "OpenCalc", "3.1.4"


def _run(from_memory: bool) -> tuple[list, list[dict], list[dict]]:
    with LocalAgentFarm(1, APP, version=VERSION) as farm:
        pool = DevicePool(farm.addresses, max_device_failures=1)
        try:
            base = pool.prepare(APP, VERSION)
            actions = enumerate_actions(parse_hierarchy(base["xml"]), include_global=False)
            # One action replayed from the base, then a screen hash the app never shows.
            unreachable = DeviceState(BASE_SNAPSHOT, (actions[0],), "", "0" * 16)
            reachable = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
            specs = [
                ProbeSpec(
                    state=unreachable, action=actions[1], tag="dead", from_memory=from_memory
                ),
                ProbeSpec(state=reachable, action=actions[1], tag="live"),
            ]
            try:
                outcomes = pool.run_probes(specs)
            except Exception as exc:  # noqa: BLE001 - the old behaviour, asserted below
                outcomes = [exc]
            return outcomes, pool.utilisation(), list(pool.events)
        finally:
            pool.close()


def test_a_memory_built_path_that_does_not_replay_is_dropped_not_the_device(ray_session):
    outcomes, usage, events = _run(from_memory=True)
    assert [o.spec.tag for o in outcomes] == ["live"]  # the other probe still ran
    assert usage[0]["quarantined"] is False
    (dropped,) = [e for e in events if e["event"] == "probe_dropped"]
    assert "StateMismatchError" in dropped["error"]
    assert "transition memory" in dropped["reason"]


def test_the_same_mismatch_on_a_probed_path_still_counts_against_the_device(ray_session):
    outcomes, usage, events = _run(from_memory=False)
    assert usage[0]["quarantined"] is True
    assert any(e["event"] == "device_quarantined" for e in events)
