"""LocalAgentFarm: real agent processes on loopback, started, checked, killed and cleaned up."""

from __future__ import annotations

import os
import shutil
import time

import pytest

from device_agent.client import AgentClient
from device_agent.errors import AgentStartupError, AgentUnavailableError, AuthError
from device_agent.launcher import LocalAgentFarm


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_farm_starts_healthy_agents_and_cleans_up(tmp_path):
    farm = LocalAgentFarm(2, "OpenCalc", version="3.1.4", token="farm-token", log_dir=tmp_path)
    with farm:
        assert len(farm.addresses) == 2 and len(set(farm.addresses)) == 2
        assert all(a.startswith("127.0.0.1:") for a in farm.addresses)
        clients = [AgentClient(a, token="farm-token", timeout=10) for a in farm.addresses]
        infos = [c.info() for c in clients]
        assert [i.device_id for i in infos] == ["local-0", "local-1"]
        assert {i.app_version for i in infos} == {"3.1.4"}
        assert infos[0].snapshot_compat_key == infos[1].snapshot_compat_key
        # The agent saved the base snapshot before it reported SERVING.
        assert "base" in {s.snapshot_id for s in clients[0].list_snapshots()}
        with AgentClient(farm.addresses[1], timeout=10) as anonymous, pytest.raises(AuthError):
            anonymous.info()

        # Each agent has a session of its own: a terminal's Ctrl-C reaches the driver, which
        # stops them, instead of killing them first ("devices lost" rather than "interrupted").
        assert all(os.getpgid(pid) != os.getpgid(0) for pid in farm.pids)
        farm.kill(0)
        start = time.perf_counter()
        with pytest.raises(AgentUnavailableError, match="is it running"):
            clients[0].info()
        assert time.perf_counter() - start < 5
        assert clients[1].health() == "SERVING"
        pids = farm.pids
        logs = farm.log_paths
        for c in clients:
            c.close()
    assert all(_gone(pid) for pid in pids)
    assert farm.returncodes[1] == 0  # SIGTERM: a clean shutdown, not a kill
    assert "agent_stopped" in logs[1].read_text()
    assert farm.alive() == [False, False]
    assert logs[0].parent == tmp_path and logs[0].is_file()  # a given log dir is kept


def test_agent_that_cannot_start_is_reported_with_its_log():
    start = time.perf_counter()
    farm = LocalAgentFarm(1, "NoSuchAppAnywhere", startup_timeout=30)
    with pytest.raises(AgentStartupError) as err:
        farm.start()
    message = str(err.value)
    assert "exited with status 2" in message
    assert "NoSuchAppAnywhere" in message  # the tail of the agent's own error output
    assert time.perf_counter() - start < 20
    assert farm.alive() == [False]
    assert farm.log_paths[0].is_file()  # kept for the post-mortem the message points to
    assert farm.log_dir is not None and str(farm.log_dir) in message
    shutil.rmtree(farm.log_dir)


class _DiesAfterPortFile(LocalAgentFarm):
    """An "agent" that writes a port nobody listens on to its port file, lives a moment, then
    exits with status 7 (an agent that crashed right after binding)."""

    def _command(self, i, port_file):
        import socket
        import sys

        with socket.socket() as s:  # a free port, closed again: nothing will answer there
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        code = (
            f"import time, pathlib; pathlib.Path({str(port_file)!r}).write_text('{port}'); "
            "time.sleep(1); raise SystemExit(7)"
        )
        return [sys.executable, "-c", code]


def test_agent_that_dies_after_writing_its_port_fails_fast():
    start = time.perf_counter()
    farm = _DiesAfterPortFile(1, "OpenCalc", startup_timeout=60)
    with pytest.raises(AgentStartupError) as err:
        farm.start()
    assert "exited with status 7" in str(err.value)
    # Not the whole 60 s start-up timeout: the process is looked at between health checks.
    assert time.perf_counter() - start < 15
    if farm.log_dir is not None:
        shutil.rmtree(farm.log_dir)
