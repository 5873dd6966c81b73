"""Decision 0020: a claimed trace is confirmed and shortened on several devices at once and comes
out exactly as the one-device confirmation makes it; a device that dies meanwhile costs neither
the claim nor precision; the kept states' snapshots are spread ahead of a level, and the probes
of those states then restore from the copy instead of replaying the path.

Real agents on loopback (ScreenRecorder, screenrecorder#25: "About" opened twice crashes)."""

from __future__ import annotations

from dataclasses import replace

import pytest
import ray

from device_agent.actions import PRESS_BACK, Action
from device_agent.hierarchy import parse_hierarchy
from device_agent.launcher import LocalAgentFarm
from device_agent.state import DeviceState
from device_agent.virtual.catalog.screenrecorder import BUG_25
from orchestrator.config import SearchConfig
from orchestrator.enumerate import enumerate_actions
from orchestrator.farm import BASE_SNAPSHOT, DevicePool, ProbeSpec, RestoreCosts
from orchestrator.model import CrashInfo, Path, Screen
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.report import load_report
from orchestrator.search import Reproducer
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.e2e

APP = "ScreenRecorder"
HUMAN = [Action.from_json(step) for step in BUG_25.human_steps]
MORE, BACK = HUMAN[2], HUMAN[4]
# OK, Allow, [More, Back: a detour], More, About, Back, More, About -> crash
DETOURED = [*HUMAN[:2], MORE, BACK, *HUMAN[2:]]
SHORTEST = [a.describe() for a in HUMAN]


@pytest.fixture(scope="module")
def agents(ray_session):
    with LocalAgentFarm(3, APP) as farm:
        yield farm.addresses


def _searcher(pool: DevicePool, base: dict) -> Reproducer:
    reasoner = HeuristicReasoner()
    spec = reasoner.analyze_report(load_report(EXAMPLES / "screenrecorder-25.md"))
    searcher = Reproducer(spec, reasoner, pool, base["info"].app_package, SearchConfig())
    searcher._root = Screen(
        base["xml"], base["hash"], base["package"], base["activity"], base["orientation"]
    )
    return searcher


def _claim(searcher: Reproducer, actions: list[Action]) -> Path:
    """The path a probe would have claimed: the trace as one replay saw it."""
    _, steps = searcher.pool.replay(actions)
    return searcher._path_from_replay(steps)


def _confirm_and_shorten(searcher: Reproducer, path: Path) -> tuple[bool, list[str]]:
    confirmed, replay = searcher._confirm(path)
    if not confirmed:
        return False, []
    shorter, _ = searcher._shorten(path, replay)
    return True, [a.describe() for a in shorter.actions]


def test_confirmation_on_several_devices_gives_the_one_device_trace(agents):
    results = {}
    for serial in (True, False):
        pool = DevicePool(agents, serial=serial)
        try:
            searcher = _searcher(pool, pool.prepare(APP))
            path = _claim(searcher, DETOURED)
            assert path.transitions[-1].crash is not None
            results[serial] = _confirm_and_shorten(searcher, path), dict(searcher.stats)
            used = [d for d in pool.utilisation() if d["replay_seconds"] > 0]
            assert len(used) == (1 if serial else 3)  # the parallel form spread its replays
        finally:
            pool.close()
    (serial_result, serial_stats), (parallel_result, parallel_stats) = results[True], results[False]
    assert serial_result == parallel_result == (True, SHORTEST)
    # every replay the one-device order ran was run; extra ones are counted, never hidden
    extra = parallel_stats["replays"] - serial_stats["replays"]
    assert parallel_stats.get("replays_unused", 0) == extra >= 0


def test_a_device_dying_during_confirmation_costs_neither_the_claim_nor_precision(ray_session):
    with LocalAgentFarm(3, APP) as farm:
        pool = DevicePool(farm.addresses, probe_timeout_s=30)
        try:
            searcher = _searcher(pool, pool.prepare(APP))
            path = _claim(searcher, DETOURED)
            no_crash = _claim(searcher, HUMAN[:4])  # About opened once: no crash
            farm.kill(0)  # the device the first replay goes to
            assert _confirm_and_shorten(searcher, path) == (True, SHORTEST)
            quarantined = [e["device"] for e in pool.events if e["event"] == "device_quarantined"]
            assert quarantined == [farm.addresses[0]]
            # A probe's crash that a replay does not show again is refused, failures or not.
            crash = CrashInfo("java.lang.RuntimeException", "About", searcher.package, 1)
            last = replace(no_crash.transitions[-1], crash=crash)
            fake = Path([*no_crash.transitions[:-1], last])
            farm.kill(1)
            assert _confirm_and_shorten(searcher, fake) == (False, [])
            assert [d.address for d in pool.healthy] == [farm.addresses[2]]
        finally:
            pool.close()


def test_spread_snapshots_make_probes_restore_from_a_copy(agents):
    pool = DevicePool(agents, restore_costs=RestoreCosts(per_action=5.0, transfer=1.0))
    try:
        base = pool.prepare(APP)
        root = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
        (first,) = pool.run_probes([ProbeSpec(state=root, action=HUMAN[0], save_as="s1")])
        assert first.saved_snapshot == "s1"
        state = DeviceState(BASE_SNAPSHOT, (HUMAN[0],), "s1", first.after_hash)
        holder = next(d for d in pool.devices if "s1" in d.snapshots)
        others = [d for d in pool.devices if d is not holder]

        # replaying costs less than a copy on these costs: nothing is spread
        pool.restore_costs = RestoreCosts(per_action=0.05, transfer=2.0)
        assert pool.spread_snapshots([state], copies=3) == 0
        pool.restore_costs = RestoreCosts(per_action=5.0, transfer=1.0)
        assert pool.spread_snapshots([state], copies=3) == 2
        assert all("s1" in d.snapshots for d in others)

        candidates = enumerate_actions(parse_hierarchy(first.after_xml))[:3]
        specs = [
            ProbeSpec(state=state, action=a, save_as=f"c{i}", tag=i)
            for i, a in enumerate(candidates)
        ]
        outcomes = pool.run_probes(specs)
        by_device = {o.device_id: o for o in outcomes}
        assert len(by_device) == 3  # one probe per device, none waited for another
        assert by_device[holder.device_id].restore_method in ("snapshot_local", "already_there")
        for device in others:
            copy = by_device[device.device_id]
            assert copy.restore_method == "snapshot_imported"
            assert copy.saved_snapshot == ""  # an emulator cannot save after an imported load
        assert pool.forget_snapshots(keep=set()) >= 3
        assert all(not d.imported for d in pool.devices)
    finally:
        pool.close()


def test_idle_devices_wait_in_the_next_levels_state(agents):
    # Decision 0022: a device is sent ahead to a kept state (position_ahead) and takes the probes
    # that start where it is, which then restore nothing at all ("already_there").
    pool = DevicePool(agents)
    try:
        base = pool.prepare(APP)
        root = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
        # two probes from the base, saving nothing: their states can only be replayed
        two = enumerate_actions(parse_hierarchy(base["xml"]))[:2]
        firsts = pool.run_probes(
            [ProbeSpec(state=root, action=a, tag=i) for i, a in enumerate(two)]
        )
        assert all(o.performed for o in firsts)
        by_action = {o.spec.action: o for o in firsts}
        states = [DeviceState(BASE_SNAPSHOT, (a,), "", by_action[a].after_hash) for a in two]
        # the devices that probed them stand in them; the third device is sent to the first
        assert pool.position_ahead(states, copies=2) == 1
        pool.end_ahead()
        back = Action(kind=PRESS_BACK)  # (what runs does not matter: where it starts does)
        # listed not in the order the devices stand in the states
        order = [states[1], states[0], states[0]]  # the second state once, the first twice
        specs = [ProbeSpec(state=s, action=back, tag=i) for i, s in enumerate(order)]
        outcomes = pool.run_probes(specs)
        assert len(outcomes) == 3 and len({o.device_id for o in outcomes}) == 3
        assert [o.restore_method for o in outcomes] == ["already_there"] * 3
    finally:
        pool.close()


def test_close_stops_the_spreads_still_in_flight(agents):
    """A pool closed while its spread imports run cancels them and waits for them to end: none is
    left running (to be failed by the workers' kill and printed by Ray as an unread error)."""
    pool = DevicePool(agents, restore_costs=RestoreCosts(per_action=5.0, transfer=1.0))
    try:
        base = pool.prepare(APP)
        root = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
        (first,) = pool.run_probes([ProbeSpec(state=root, action=HUMAN[0], save_as="s1")])
        state = DeviceState(BASE_SNAPSHOT, (HUMAN[0],), "s1", first.after_hash)
        assert pool.spread_snapshots([state], copies=3) == 2
        spreads = list(pool._spreads)
    finally:
        pool.close()
    _, unfinished = ray.wait(spreads, num_returns=len(spreads), timeout=0)
    assert unfinished == []
    assert not pool._spreads
