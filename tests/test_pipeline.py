"""Streaming summaries and speculation on idle devices (issue 17 parts 1-2, decision 0018).

Neither may change a decision: a catalog bug explored with the old level barrier and with
streaming + speculation makes the same levels, path, verdict and probe count. Speculative
probes run only on devices no real probe is waiting for, their outcomes stand in for the real
probes they match, wrong guesses are discarded, and none is left running when the search ends.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
import ray

from device_agent.client import AgentClient
from device_agent.hierarchy import parse_hierarchy
from device_agent.launcher import LocalAgentFarm
from device_agent.server import DeviceAgentServicer, serve
from device_agent.state import DeviceState
from device_agent.virtual.device import VirtualDevice
from orchestrator.cli import main
from orchestrator.config import (
    FarmConfig,
    RunConfig,
    SearchConfig,
    resolve_speculation,
    run_speculation,
)
from orchestrator.enumerate import enumerate_actions
from orchestrator.farm import BASE_SNAPSHOT, DevicePool, ProbeSpec
from orchestrator.run import reproduce
from orchestrator.scheduler import Speculation
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.e2e

REPORT = EXAMPLES / "screenrecorder-25.md"


def _run(tmp_path: Path, name: str, *, speculate: str, stream: bool, devices: int = 4) -> dict:
    config = RunConfig(
        report_path=str(REPORT),
        out_dir=str(tmp_path / name),
        farm=FarmConfig(devices=devices),
        search=SearchConfig(speculate=speculate, stream=stream),
        progress=False,
    )
    result, code = reproduce(config)
    assert code == 0, json.dumps(result)[:2000]
    return result


def test_streaming_and_speculation_keep_every_decision(ray_session, tmp_path: Path):
    barrier = _run(tmp_path, "barrier", speculate="off", stream=False)
    piped = _run(tmp_path, "pipelined", speculate="on", stream=True)
    assert barrier["verdict"] == piped["verdict"] == "crash"
    assert [s["action"] for s in barrier["trace"]] == [s["action"] for s in piped["trace"]]
    assert barrier["search"]["explored"] == piped["search"]["explored"]
    assert barrier["actions_executed"] == piped["actions_executed"]
    # the offline reasoner judges in milliseconds: no devices sent ahead (decision 0022)
    assert barrier["search"]["devices_positioned"] == piped["search"]["devices_positioned"] == 0
    assert barrier["search"]["speculation"] == {
        "probes": 0,
        "used": 0,
        "discarded": 0,
        "cancelled": 0,
        "discarded_device_seconds": 0.0,
        "mode": "off",
    }
    spec = piped["search"]["speculation"]
    assert spec["mode"] == "on"
    # 4 devices, levels of 3 to 16 probes: idle devices probed ahead, and later levels took
    # those outcomes instead of probing again; the guesses the evaluator did not keep were
    # discarded (and the decisions above are the same all the same)
    assert spec["used"] > 0
    assert spec["probes"] >= spec["used"]
    assert spec["discarded"] == spec["probes"] - spec["used"]
    assert spec["discarded"] == 0 or spec["discarded_device_seconds"] > 0
    # device work = probes run for the levels + speculative ones
    busy = sum(d["probes"] for d in piped["devices"])
    assert busy == piped["actions_executed"] - spec["used"] + spec["probes"]
    assert sum(d["probes"] for d in barrier["devices"]) == barrier["actions_executed"]


@pytest.fixture(scope="module")
def calc_pool(ray_session):
    with LocalAgentFarm(2, "OpenCalc") as farm:
        pool = DevicePool(farm.addresses)
        try:
            base = pool.prepare("OpenCalc")
            yield pool, base
        finally:
            pool.close()


def _root_specs(base: dict, prefix: str, n: int) -> list[ProbeSpec]:
    actions = enumerate_actions(parse_hierarchy(base["xml"]), include_global=False)[:n]
    root = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
    return [
        ProbeSpec(state=root, action=a, save_as=f"{prefix}{i}", tag=(0, i))
        for i, a in enumerate(actions)
    ]


def test_speculative_outcome_stands_in_for_the_real_probe(calc_pool):
    pool, base = calc_pool
    guesses = _root_specs(base, "x", 2)
    idle = Speculation(lambda: True)
    idle.offer(guesses, (0.0,))
    pool.run_idle(idle, lambda: False)  # both devices probe ahead; returns when nothing is left
    assert idle.stats.probes == 2
    device_probes = sum(d.probes for d in pool.devices)
    real = _root_specs(base, "s", 1)[0]  # the same probe as the first guess, another name
    (taken,) = pool.run_probes([real], idle=idle)
    assert taken.spec == real  # handed over as the probe the search asked for
    assert sum(d.probes for d in pool.devices) == device_probes  # no device ran it again
    assert idle.stats.used == 1
    (fresh,) = pool.run_probes([real])
    assert (fresh.after_hash, fresh.performed) == (taken.after_hash, taken.performed)
    # the other guess was not kept: discarded, with the device time it cost
    idle.keep_states(set())
    assert idle.stats.discarded == 1
    assert idle.stats.discarded_device_seconds > 0
    pool.forget_snapshots(set())


def test_real_probes_first_and_nothing_runs_after_the_end(calc_pool):
    pool, base = calc_pool
    landed: list[str] = []
    started_after: list[int] = []

    def may_start() -> bool:
        started_after.append(len(landed))
        return True

    idle = Speculation(may_start)
    idle.offer(_root_specs(base, "x", 4), (0.0,))
    real = _root_specs(base, "s", 6)[4:]  # two probes no guess matches
    outcomes = pool.run_probes(real, idle=idle, on_result=lambda o: landed.append(o.device_id))
    assert [o.spec.tag for o in sorted(outcomes, key=lambda o: o.spec.tag)] == [(0, 4), (0, 5)]
    # with 2 devices and 2 real probes, no guess started before a real probe was done
    assert started_after and min(started_after) >= 1
    pool.end_speculation(idle)
    assert not pool._flights
    described = ray.get([d.worker.actor.describe.remote() for d in pool.devices])
    assert all(a["in_flight"] == 0 for w in described for a in w["devices"].values())
    assert idle.stats.discarded == idle.stats.probes  # the search ended: nothing was used
    idle.offer(_root_specs(base, "y", 2), (0.0,))  # a closed speculation takes no more work
    assert idle.next_spec() is None
    pool.forget_snapshots(set())


def test_speculate_option_and_budget(ray_session, tmp_path: Path, capsys):
    runs = {}
    for mode in ("off", "on"):
        out = tmp_path / mode
        argv = ["reproduce", str(REPORT), "--devices", "4", "--no-progress", "--out", str(out)]
        code = main([*argv, "--max-probes", "12", "--speculate", mode])
        assert code == 1  # 12 probes do not reach the crash
        runs[mode] = json.loads((out / "result.json").read_text())
    off, auto = runs["off"], runs["on"]
    assert off["search"]["speculation"]["mode"] == "off"
    assert auto["search"]["speculation"]["mode"] == "on"
    assert off["search"]["explored"] == auto["search"]["explored"]
    assert off["actions_executed"] == auto["actions_executed"] == 12
    # decision 0018: speculation starts only while the search's probes plus unused guesses
    # stay under --max-probes, so device work stays within twice the budget
    spec = auto["search"]["speculation"]
    assert auto["actions_executed"] - spec["used"] + spec["probes"] <= 2 * 12
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--speculate", "always"])
    assert exc.value.code == 2
    assert "--speculate" in capsys.readouterr().err


def test_auto_speculates_only_where_devices_have_cores_of_their_own():
    # remote agents or emulator pods: idle devices cost the driver nothing
    assert resolve_speculation("auto", local_devices=0, cores=2) == "on"
    # local virtual devices on a small machine take the real probes' CPU
    assert resolve_speculation("auto", local_devices=4, cores=2) == "off"
    assert resolve_speculation("auto", local_devices=2, cores=2) == "off"
    assert resolve_speculation("auto", local_devices=4, cores=16) == "on"
    # an explicit choice is kept
    assert resolve_speculation("on", local_devices=4, cores=2) == "on"
    assert resolve_speculation("off", local_devices=0, cores=64) == "off"


def test_a_run_with_remote_agents_speculates_by_default():
    remote = RunConfig(report_path="r.md", out_dir="o", farm=FarmConfig(agents=("10.0.0.5:50051",)))
    assert run_speculation(remote) == "on"
    local = RunConfig(report_path="r.md", out_dir="o", farm=FarmConfig(devices=4))
    assert run_speculation(local) == resolve_speculation("auto", local_devices=4)
    off = RunConfig(report_path="r.md", out_dir="o", search=SearchConfig(speculate="off"))
    assert run_speculation(off) == "off"


def test_auto_is_resolved_before_the_search(ray_session, tmp_path: Path):
    # 4 local devices: "auto" is "on" only on a machine with more than 4 cores
    out = tmp_path / "auto"
    argv = ["reproduce", str(REPORT), "--devices", "4", "--no-progress", "--out", str(out)]
    assert main([*argv, "--max-probes", "6"]) == 1
    mode = json.loads((out / "result.json").read_text())["search"]["speculation"]["mode"]
    assert mode == resolve_speculation("auto", local_devices=4)


def test_a_guess_nobody_wants_is_cancelled_in_flight(ray_session, monkeypatch):
    # The agent runs in this process and holds the probe at a phase boundary (after its action)
    # until the probe's call has ended, so the cancel lands mid-probe however busy the machine
    # is (an event, not a time). The agent stops at the next phase boundary: the guess never
    # saves its snapshot, the device is not counted as failed, and it serves the next probe.
    held_at_action = threading.Event()
    ended = threading.Event()
    check = DeviceAgentServicer._check_deadline

    def hold_until_cancelled(self, context, phase):
        if phase == "the action" and not ended.is_set() and not held_at_action.is_set():
            held_at_action.set()
            if not context.add_callback(ended.set):
                ended.set()  # the call had already ended
            assert ended.wait(60), "the probe's call was never cancelled"
        check(self, context, phase)

    monkeypatch.setattr(DeviceAgentServicer, "_check_deadline", hold_until_cancelled)
    server, port = serve(VirtualDevice("cancel", "OpenCalc"))
    pool = DevicePool([f"127.0.0.1:{port}"])
    try:
        base = pool.prepare("OpenCalc")
        idle = Speculation(lambda: True)
        idle.offer(_root_specs(base, "x", 1), (0.0,))
        pool.run_idle(idle, lambda: idle.started > 0)  # sent
        assert held_at_action.wait(60)  # the agent acted and waits: the probe is in flight
        assert pool._flights
        idle.keep_states(set())  # the evaluator kept other children
        assert pool.cancel_unwanted(idle) == 1
        pool.end_speculation(idle)
        assert not pool._flights
        assert ended.wait(60)  # the agent saw the call end
        assert idle.stats.cancelled == 1 and idle.stats.probes == 0
        assert idle.stats.discarded_device_seconds > 0
        device = pool.devices[0]
        assert device.failures == 0 and not device.quarantined
        (real,) = pool.run_probes(_root_specs(base, "s", 1))  # after the held probe gave up
        assert real.performed and real.saved_snapshot == "s0"
        with AgentClient(f"127.0.0.1:{port}") as client:
            held = {s.snapshot_id for s in client.list_snapshots()}
        assert "x0" not in held  # stopped before it saved
    finally:
        pool.close()
        server.stop(None)
