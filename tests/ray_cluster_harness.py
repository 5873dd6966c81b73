"""A real multi-node Ray cluster on loopback for tests: ``ray start --head`` plus more
``ray start --address`` nodes, each with its own resources, ports and temporary directory.

Every node runs ``ray start --block`` as a child of the test, so the node's processes (raylet,
workers, agents) are that child's descendants: :meth:`RayNode.kill` and
:meth:`LoopbackRayCluster.stop` end exactly those processes, never another Ray instance on the
machine (``ray stop`` would end every Ray on the host, other test sessions' included). Linux only
(it walks ``/proc``).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from orchestrator.reaper import alive, descendants

RAY = str(Path(sys.executable).with_name("ray"))
HEAD_IP = "127.0.0.3"  # not 127.0.0.1: Ray would replace that with the host's address
START_BUDGET_S = 300.0  # how long a node may keep failing to start before the test errors


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class RayNode:
    """One ``ray start --block`` process and the node it runs."""

    name: str
    ip: str
    proc: subprocess.Popen[bytes]
    log: Path
    pids: set[int] = field(default_factory=set)

    def processes(self) -> set[int]:
        """The node's processes now, plus every one seen before that still lives."""
        self.pids |= {self.proc.pid, *descendants(self.proc.pid)}
        return {p for p in self.pids if alive(p)}

    def kill(self) -> None:
        """SIGKILL the node's every process at once: a machine that dies."""
        for pid in self.processes():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.proc.wait(timeout=30)


class LoopbackRayCluster:
    """A Ray cluster of nodes on loopback addresses (127.0.0.3 for the head, 127.0.0.N for the
    others: Ray would replace 127.0.0.1 with the host's address), with token authentication on
    (``RAY_AUTH_MODE=token``, a fresh ``RAY_AUTH_TOKEN``), as Ray documents it. ``env`` is what a
    driver needs to join (the token); ``address`` the GCS address."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="rfc-", dir="/tmp"))  # short: socket paths
        self.token = secrets.token_hex(32)
        self.env = {
            "RAY_AUTH_MODE": "token",
            "RAY_AUTH_TOKEN": self.token,
            "RAY_USAGE_STATS_ENABLED": "0",
        }
        self.nodes: list[RayNode] = []
        self.address = ""

    def _env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
        env.update(self.env)
        # A dead node is noticed in about a second, not Ray's default 15 s.
        env["RAY_health_check_period_ms"] = "500"
        env["RAY_health_check_failure_threshold"] = "2"
        env["RAY_health_check_initial_delay_ms"] = "0"
        return env

    def _start(self, name: str, ip: str, args: list[str], timeout: float) -> RayNode:
        """Start a node; retried for up to ``START_BUDGET_S``, because under heavy load a raylet
        misses Ray's fixed deadlines: it crashes when its dashboard agent (a Python process with
        heavy imports) has not written its port file within 15 s, and ``ray start`` gives it
        30 s to register (seen at load average 40-66 on 2 cores: each attempt failed after
        about 70 s)."""
        began = time.monotonic()
        attempt = 0
        while True:
            try:
                return self._start_once(f"{name}-{attempt}", ip, args, timeout)
            except RuntimeError:
                attempt += 1
                if time.monotonic() - began > START_BUDGET_S:
                    raise

    def _start_once(self, name: str, ip: str, args: list[str], timeout: float) -> RayNode:
        log = self.root / f"{name}.log"
        temp = self.root / name
        temp.mkdir()
        ports = {
            "--node-manager-port": free_port(),
            "--object-manager-port": free_port(),
            "--metrics-export-port": free_port(),
            "--dashboard-agent-listen-port": free_port(),
            "--dashboard-agent-grpc-port": free_port(),
            "--runtime-env-agent-port": free_port(),
        }
        cmd = [
            RAY,
            "start",
            "--block",
            "--node-ip-address",
            ip,
            "--temp-dir",
            str(temp),
            "--disable-usage-stats",
            "--include-log-monitor",  # one process less to start; node logs stay in files
            "false",
            *[str(x) for kv in ports.items() for x in kv],
            *args,
        ]
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=self._env()
            )
        node = RayNode(name, ip, proc, log)
        self.nodes.append(node)
        deadline = time.monotonic() + timeout
        while b"Ray runtime started" not in log.read_bytes():
            node.processes()  # remember them: a failed start leaves orphans to end
            if proc.poll() is not None or time.monotonic() > deadline:
                self.nodes.remove(node)
                node.kill()
                raise RuntimeError(f"ray node {name} did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.2)
        return node

    def start_head(self, resources: dict[str, float], timeout: float = 180.0) -> RayNode:
        port = free_port()
        node = self._start(
            "head",
            HEAD_IP,
            [
                "--head",
                "--port",
                str(port),
                "--num-cpus",
                "1",
                "--resources",
                json.dumps(resources),
                "--include-dashboard",
                "false",
                "--ray-client-server-port",
                str(free_port()),
                # One Python process less racing the raylet's dashboard agent at start-up: no
                # autoscaler monitor (the tests need none).
                "--no-monitor",
            ],
            timeout,
        )
        self.address = f"{HEAD_IP}:{port}"
        return node

    def add_node(self, ip: str, resources: dict[str, float], timeout: float = 180.0) -> RayNode:
        return self._start(
            f"node{len(self.nodes)}",
            ip,
            ["--address", self.address, "--num-cpus", "1", "--resources", json.dumps(resources)],
            timeout,
        )

    def stop(self) -> None:
        """End every process of every node (SIGTERM, then SIGKILL) and remove the files."""
        for node in self.nodes:
            for pid in node.processes():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        for node in self.nodes:
            while node.processes() and time.monotonic() < deadline:
                time.sleep(0.2)
            node.kill()
        shutil.rmtree(self.root, ignore_errors=True)
