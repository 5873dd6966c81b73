"""Joining a Ray cluster: the address rules, placement of device workers, and the one-line exit 3
with results written when Ray cannot be joined or started (``orchestrator.ray_cluster``)."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from orchestrator import ray_cluster
from orchestrator.ray_cluster import agent_ray_node, resolve_address, worker_lost
from tests.conftest import REPO

HEAD = {
    "NodeID": "aa" * 28,
    "Alive": True,
    "NodeManagerAddress": "10.0.0.5",
    "NodeManagerHostname": "ray-head-0",
    "Labels": {"ray.io/node-id": "aa" * 28},
}
WORKER = {
    "NodeID": "bb" * 28,
    "Alive": True,
    "NodeManagerAddress": "10.0.0.7",
    "NodeManagerHostname": "ray-worker-1",
    "Labels": {"kubernetes.io/hostname": "gke-pool-a-1"},
}


def test_the_address_is_the_flag_else_ray_address_else_embedded(monkeypatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    assert resolve_address("") == ""  # embedded local Ray, as before
    monkeypatch.setenv("RAY_ADDRESS", "10.0.0.5:6379")
    assert resolve_address("") == "10.0.0.5:6379"  # Ray's own convention
    assert resolve_address(" auto ") == "auto"  # the flag wins


def test_a_worker_goes_to_its_agents_node_when_that_is_known(monkeypatch) -> None:
    monkeypatch.setattr(ray_cluster, "_agent_nodes", {})
    nodes = [HEAD, WORKER]
    driver = HEAD["NodeID"]
    # An agent on a Ray node's IP: that node.
    assert agent_ray_node("10.0.0.7:50051", nodes, driver) == WORKER["NodeID"]
    # A pod whose Kubernetes node is a Ray node's label value.
    ray_cluster.note_agent_node("10.8.1.4:50051", "gke-pool-a-1")
    assert agent_ray_node("10.8.1.4:50051", nodes, driver) == WORKER["NodeID"]
    # Unknown: Ray spreads it.
    assert agent_ray_node("10.9.9.9:50051", nodes, driver) == ""
    # A loopback agent (--devices N) is reachable from the driver's machine only.
    assert agent_ray_node("127.0.0.1:50051", nodes, driver) == driver


def test_embedded_ray_places_nothing_and_lets_workers_restart(monkeypatch) -> None:
    monkeypatch.setattr(ray_cluster, "_connected_address", "")
    options = ray_cluster.worker_options("127.0.0.1:50051")
    assert "scheduling_strategy" not in options
    assert options["max_restarts"] > 0 and options["max_task_retries"] > 0


def test_only_a_worker_ray_gave_up_on_retires_its_device() -> None:
    from ray.exceptions import ActorDiedError, ActorUnavailableError

    assert worker_lost(ActorDiedError())
    assert not worker_lost(ActorUnavailableError("restarting", None))  # comes back
    assert not worker_lost(RuntimeError("the agent failed"))


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # nothing listens once the socket closes


def _cli(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``reprofarm ARGV`` in a fresh process (this one already runs the tests' Ray)."""
    base = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    return subprocess.run(
        [sys.executable, "-m", "orchestrator.cli", *argv],
        cwd=REPO,
        env={**base, "PYTHONPATH": str(REPO), **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
    )


def _one_line_exit_3(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 3, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.startswith("reprofarm: ")]
    assert "Traceback" not in proc.stderr
    return lines[-1]


def test_an_unreachable_cluster_is_one_line_and_exit_3_with_result_json(tmp_path: Path) -> None:
    address = f"127.0.0.1:{_closed_port()}"
    proc = _cli(
        "reproduce",
        str(REPO / "examples" / "reports" / "opencalc-532.md"),
        "--out",
        str(tmp_path),
        "--devices",
        "1",
        "--no-progress",
        env={"RAY_ADDRESS": address},  # Ray's own variable is honoured
    )
    line = _one_line_exit_3(proc)
    assert f"Ray cluster at {address} is not reachable" in line
    result = json.loads((tmp_path / "result.json").read_text())
    assert result["verdict"] == "error" and address in result["error"]


def test_a_sweep_that_cannot_join_stores_every_row_as_an_error(tmp_path: Path) -> None:
    address = f"127.0.0.1:{_closed_port()}"
    bugs = ["OpenCalc#532", "screenrecorder#25"]
    proc = _cli(
        "sweep", *bugs, "--out", str(tmp_path), "--devices", "1", "--no-progress",
        "--ray-address", address,
    )  # fmt: skip
    assert address in _one_line_exit_3(proc)
    with sqlite3.connect(tmp_path / "results.sqlite") as db:
        rows = db.execute("SELECT bug_id, status, score_detail FROM runs").fetchall()
    assert sorted(r[0] for r in rows) == bugs
    assert {r[1] for r in rows} == {"error"} and all(address in r[2] for r in rows)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["runs"] == 2
    results = [json.loads(p.read_text()) for p in tmp_path.glob("runs/*/*/result.json")]
    assert len(results) == 2 and {r["verdict"] for r in results} == {"error"}


def test_a_local_ray_that_cannot_start_is_exit_3_with_result_json(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")  # Ray's session directory cannot be made under a file
    proc = _cli(
        "reproduce",
        str(REPO / "examples" / "reports" / "opencalc-532.md"),
        "--out",
        str(tmp_path / "out"),
        "--devices",
        "1",
        "--no-progress",
        env={"RAY_TMPDIR": str(blocker / "ray")},
    )
    assert "could not start the local Ray instance" in _one_line_exit_3(proc)
    result = json.loads((tmp_path / "out" / "result.json").read_text())
    assert result["verdict"] == "error"


@pytest.mark.parametrize("command", ["reproduce", "sweep", "nightly"])
def test_every_farm_command_takes_ray_address(command: str) -> None:
    from orchestrator.cli import build_parser

    parser = build_parser()
    base = {"reproduce": ["r.json"], "sweep": [], "nightly": ["r.json", "--app", "A@1"]}
    args = parser.parse_args([command, *base[command], "--out", "o", "--ray-address", "auto"])
    assert args.ray_address == "auto"


def test_ray_start_up_lines_do_not_tear_through_the_live_progress(tmp_path: Path) -> None:
    """On a terminal the progress display is live; Ray's start-up notices (its token
    authentication warning, on by default for local clusters since Ray 2.59) used to print over
    it. Run under a pseudo-terminal, as a user would."""
    import pty
    import re

    controller, terminal = pty.openpty()
    base = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "orchestrator.cli", "reproduce"]
        + [str(REPO / "examples" / "reports" / "opencalc-532.md"), "--out", str(tmp_path)]
        + ["--devices", "1"],
        cwd=REPO,
        env={**base, "PYTHONPATH": str(REPO), "COLUMNS": "120"},
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
    )
    os.close(terminal)
    chunks = []
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # the terminal closed: the command exited
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(controller)
    screen = b"".join(chunks).decode(errors="replace")
    assert proc.wait(timeout=300) == 0, screen[-3000:]
    assert "OpenCalc#532: crash" in screen  # the run happened, with its live display
    assert "Token authentication" not in screen
    ray_log_line = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\s+(INFO|WARNING) \w+\.py")
    assert not ray_log_line.search(screen), screen


def test_a_dead_raylets_log_tail_goes_to_the_log_as_one_line_not_to_stdout(
    ray_session, capsys
) -> None:
    """When a node's raylet dies, its dashboard agent publishes "Raylet is terminated ... Last
    20 lines of the Raylet logs:" with the raylet's state dump (ray/_private/process_watcher.py),
    and the driver printed it whole on stdout, a sweep's own output. Published here the same
    way, through the running Ray's GCS; the listening thread is Ray's."""
    import time

    import structlog
    from ray._private import ray_constants
    from ray._private.utils import publish_error_to_driver
    from ray._private.worker import global_worker

    assert ray_cluster.route_ray_messages()  # connect() installed it: idempotent
    dump = "\n".join(f"    [state-dump] NodeManager: queue {i}" for i in range(20))
    message = (
        "Raylet is terminated. Termination is unexpected. Possible reasons include: (1) "
        "SIGKILL by the user or system OOM killer. Last 20 lines of the Raylet logs:\n" + dump
    )
    with structlog.testing.capture_logs() as logs:
        publish_error_to_driver(
            ray_constants.RAYLET_DIED_ERROR, message, gcs_client=global_worker.gcs_client
        )
        deadline = time.monotonic() + 30
        while not any(e["event"] == "ray_message" for e in logs):
            assert time.monotonic() < deadline, "the message never reached the driver"
            time.sleep(0.1)
    out = capsys.readouterr().out
    assert "state-dump" not in out and "Raylet is terminated" not in out
    (routed,) = [e for e in logs if e["event"] == "ray_message"]
    assert routed["log_level"] == "warning"
    assert routed["message"].startswith("Raylet is terminated.")
    assert "state-dump" not in routed["message"] and "\n" not in routed["message"]


def test_the_embedded_ray_waits_longer_for_its_gcs_on_a_busy_machine(monkeypatch) -> None:
    """Ray's GCS port-file wait (30 s by default) timed out three times in a row with both cores
    busy; the embedded start gives it GCS_PORT_WAIT_S unless the user set Ray's variable."""
    import ray

    from orchestrator import ray_cluster

    calls: list[str | None] = []
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(
        ray, "init", lambda **kw: calls.append(os.environ.get(ray_cluster.GCS_PORT_WAIT_ENV))
    )
    monkeypatch.setattr(ray_cluster, "_reaper", object())  # no reaper process in this test
    monkeypatch.delenv(ray_cluster.GCS_PORT_WAIT_ENV, raising=False)
    ray_cluster.connect("")
    assert calls == [str(ray_cluster.GCS_PORT_WAIT_S)]
    monkeypatch.setenv(ray_cluster.GCS_PORT_WAIT_ENV, "45")
    ray_cluster.connect("")
    assert calls[-1] == "45"


def test_a_start_whose_gcs_port_file_timed_out_is_tried_again(monkeypatch) -> None:
    """Ray words that deadline "Timed out waiting for file .../gcs_server_port_...": with the
    suite beside two busy loops and another embedded Ray starting, the first try missed it and
    65 tests errored because the retry looked only for a lower-case "timed out"."""
    import ray

    from orchestrator import ray_cluster, reaper

    tries: list[int] = []

    def init(**kw: object) -> None:
        tries.append(1)
        if len(tries) == 1:
            raise RuntimeError("Timed out waiting for file /tmp/ray/session_x/gcs_server_port_y")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", init)
    monkeypatch.setattr(ray, "shutdown", lambda: None)
    monkeypatch.setattr(ray_cluster, "_reaper", None)
    monkeypatch.setattr(reaper, "start", lambda: None)
    ray_cluster.connect("")
    assert len(tries) == 2
