"""Farm faults (issue 15, section 5): a device agent that dies while the farm starts costs that
device, not the run or the sweep; infrastructure failures (agents, Ray) end in exit status 3 with
``result.json`` written, never in a traceback's exit status 1.

The agents are real processes; "dies while the farm starts" is a SIGKILL sent to one of them by
the farm's own start-up sequence, right after it was spawned and before it listens."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from device_agent.client import AgentClient
from device_agent.errors import AgentStartupError
from device_agent.launcher import LocalAgentFarm
from orchestrator.cli import main
from orchestrator.config import FarmConfig
from orchestrator.errors import InfrastructureError
from orchestrator.run import farm_addresses
from tests.conftest import EXAMPLES

APP, VERSION = "OpenCalc", "3.1.4"
REPORT = EXAMPLES / "opencalc-532.md"  # a short crash: the test is about the farm, not the search


@pytest.fixture
def kill_agents(monkeypatch):
    """``kill_agents({1})``: while any ``LocalAgentFarm`` starts, its agents with those numbers
    are SIGKILLed just before the farm waits for them to listen."""
    original = LocalAgentFarm._wait_port

    def arm(numbers: set[int]) -> None:
        def wait_port(self, i, port_file, deadline):
            if i in numbers:
                self.kill(i)
                # An agent quick enough to have listened already left its port file: remove it,
                # so the agent is one that died before listening (else the farm waits its whole
                # start-up timeout, 60 s, for the dead port to answer).
                port_file.unlink(missing_ok=True)
            return original(self, i, port_file, deadline)

        monkeypatch.setattr(LocalAgentFarm, "_wait_port", wait_port)

    return arm


def test_an_agent_killed_while_the_farm_starts_costs_only_that_agent(kill_agents, tmp_path):
    kill_agents({1})
    with LocalAgentFarm(3, APP, version=VERSION, min_agents=1, log_dir=tmp_path) as farm:
        assert farm.indices == [0, 2] and len(farm.addresses) == 2
        assert list(farm.failures) == [1]
        assert "local device agent 1" in farm.failures[1]
        assert "exited with status -9" in farm.failures[1]
        assert farm.alive() == [True, False, True]
        for address in farm.addresses:  # the others serve
            with AgentClient(address) as client:
                assert client.info().app_package
    assert (tmp_path / "agent-1.log").exists()  # kept for the operator


def test_listed_agents_that_do_not_answer_cost_only_their_devices(monkeypatch):
    with socket.socket() as sock:  # a loopback port nothing listens on
        sock.bind(("127.0.0.1", 0))
        dead = f"127.0.0.1:{sock.getsockname()[1]}"
    # A listed agent gets 10 s to answer; nothing will ever listen on ``dead``, so a shorter
    # wait gives the same answer (3 s: the live agent, already serving, answers in milliseconds
    # even on a loaded machine). Saves the suite two 10 s waits.
    wait_ready = AgentClient.wait_ready
    monkeypatch.setattr(
        AgentClient, "wait_ready", lambda self, timeout=30.0: wait_ready(self, min(timeout, 3.0))
    )
    with LocalAgentFarm(1, APP, version=VERSION) as farm:
        live = farm.addresses[0]
        events: list[dict] = []
        with farm_addresses(FarmConfig(agents=(dead, live)), {}, events) as addresses:
            assert addresses == [live]
        assert [(e["event"], e["device"]) for e in events] == [("agent_lost", dead)]
        nothing = farm_addresses(FarmConfig(agents=(dead,)), {})
        with pytest.raises(InfrastructureError, match=f"device agent {dead} is not reachable"):
            nothing.__enter__()


def test_a_farm_that_needs_every_agent_still_refuses_to_start(kill_agents):
    kill_agents({0})
    farm = LocalAgentFarm(2, APP, version=VERSION)  # min_agents defaults to n
    with pytest.raises(AgentStartupError, match="local device agent 0"):
        farm.start()
    assert farm.alive() == [False, False]


def _reproduce(out: Path, devices: int) -> tuple[int, dict]:
    """``reprofarm reproduce`` on ``devices`` local agents: ``(exit status, result.json)``."""
    argv = ["reproduce", str(REPORT), "--devices", str(devices), "--no-progress"]
    code = main([*argv, "--out", str(out)])
    return code, json.loads((out / "result.json").read_text())


def test_reproduce_survives_an_agent_lost_at_start(ray_session, kill_agents, tmp_path: Path):
    kill_agents({1})
    code, result = _reproduce(tmp_path / "run", 3)
    assert code == 0, json.dumps(result, indent=1)[:2000]
    assert result["reproduced"] is True and result["verdict"] == "crash"
    assert len(result["devices"]) == 2
    lost = [e for e in result["farm_events"] if e["event"] == "agent_lost"]
    assert [e["device"] for e in lost] == ["local-1"]


def test_reproduce_with_every_agent_lost_is_exit_3_with_result_json(
    ray_session, kill_agents, tmp_path: Path, capsys
):
    kill_agents({0, 1})
    code, result = _reproduce(tmp_path / "run", 2)
    err = capsys.readouterr().err
    assert code == 3
    assert (
        result["verdict"] == "error" and "could not start local device agents" in (result["error"])
    )
    assert "Traceback" not in err


def test_a_ray_failure_is_exit_3_with_result_json(ray_session, monkeypatch, tmp_path: Path, capsys):
    import ray.exceptions

    import orchestrator.farm

    def broken_worker(*args, **kwargs):
        raise ray.exceptions.RaySystemError("the GCS went away")

    monkeypatch.setattr(orchestrator.farm, "create_worker_actor", broken_worker)
    code, result = _reproduce(tmp_path / "run", 1)
    err = capsys.readouterr().err
    assert code == 3
    assert result["verdict"] == "error"
    assert "RaySystemError" in result["error"] and "GCS went away" in result["error"]
    assert "Traceback" not in err

    # The sweep's farm start: one line, exit 3, never a traceback's 1.
    sweep = ["sweep", "OpenCalc#532", "--devices", "1", "--no-progress"]
    code = main([*sweep, "--out", str(tmp_path / "sweep")])
    err = capsys.readouterr().err
    assert code == 3
    last = err.strip().splitlines()[-1]  # log lines (JSON) come before it
    assert last.startswith("reprofarm: the farm failed (RaySystemError") and "GCS" in last
    assert "Traceback" not in err


def test_a_sweep_survives_an_agent_lost_at_start(ray_session, kill_agents, tmp_path: Path):
    kill_agents({0})
    argv = ["sweep", "OpenCalc#532", "--devices", "2", "--no-progress", "--out", str(tmp_path)]
    code = main(argv)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert code == 0
    assert summary["runs"] == 1
    (row,) = summary["per_bug"]
    assert row["bug_id"] == "OpenCalc#532"
