"""``reprofarm sweep --ray-address`` on a real two-node Ray cluster on loopback (head on
127.0.0.3 plus a worker node on 127.0.0.2, each with its own resources, token authentication on)
with two device agents next to each node (agents on the nodes' addresses): each device worker
runs on its agent's node, so on both nodes, as Ray's GCS (the state API's source) shows, and
``summary.json`` records the cluster; when the worker node dies mid-sweep its workers restart
on the head and every row still completes.

Required in CI (markers ``ray_cluster`` and ``slow``: they run with ``--slow``, as ``.ci/run``
does). Kept short: emulator timings at 1/10, three catalog bugs (two where the sweep need not
outlast a node), one cluster and one set of agents for the module.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from device_agent.launcher import LocalAgentFarm
from tests.conftest import REPO
from tests.ray_cluster_harness import HEAD_IP, LoopbackRayCluster

pytestmark = [
    pytest.mark.ray_cluster,
    pytest.mark.slow,
    pytest.mark.timeout(900),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the harness walks /proc"),
]

BUGS = ["AmazeFileManager#1796", "OpenCalc#532", "screenrecorder#25"]  # reports in examples/
# Two short ones at --concurrency 2 (the default): each takes half of the 4 devices, in the
# agents' order, so the first leases the head's two and the second the worker node's two.
PLACEMENT_BUGS = ["OpenCalc#532", "screenrecorder#25"]
WORKER_IP = "127.0.0.2"


@pytest.fixture(scope="module")
def cluster() -> Iterator[LoopbackRayCluster]:
    ray_nodes = LoopbackRayCluster()
    try:
        ray_nodes.start_head({"reprofarm_head": 1})
        ray_nodes.add_node(WORKER_IP, {"reprofarm_worker": 1})
        yield ray_nodes
    finally:
        ray_nodes.stop()  # only this cluster's processes, never `ray stop`


@pytest.fixture(scope="module")
def agents() -> Iterator[str]:
    """Two device agents on each node's address: ``--agents`` for the sweeps. Emulator timings
    at 1/10, so that a probe takes a fraction of a second and a node can die mid-sweep."""
    slow = "emulator-grpc"
    with (
        LocalAgentFarm(2, "OpenCalc", host=HEAD_IP, profile=slow, time_scale=0.1) as on_head,
        LocalAgentFarm(2, "OpenCalc", host=WORKER_IP, profile=slow, time_scale=0.1) as on_worker,
    ):
        yield ",".join(on_head.addresses + on_worker.addresses)


def _sweep(
    cluster: LoopbackRayCluster, agents: str, out: Path, bugs: list[str] = BUGS
) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(cluster.env, PYTHONPATH=str(REPO))
    return subprocess.Popen(
        [sys.executable, "-m", "orchestrator.cli", "sweep", *bugs, "--out", str(out)]
        + ["--ray-address", cluster.address, "--agents", agents, "--no-progress"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _gcs_view(cluster: LoopbackRayCluster, *wait: str) -> dict[str, Any]:
    """The cluster's nodes (``{ip: node_id}``) and every DeviceWorker it has known, from the
    GCS (``tests/ray_gcs_view.py``); ``wait``: ``("--wait-alive-on", IP)``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(cluster.env, PYTHONPATH=str(REPO))
    listed = subprocess.run(
        [sys.executable, "-m", "tests.ray_gcs_view", cluster.address, *wait],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=400,
    )
    assert listed.returncode == 0, listed.stderr[-3000:]
    return dict(json.loads(listed.stdout.strip().splitlines()[-1]))


def _rows(store: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(store) as db:
        return db.execute("SELECT bug_id, status FROM runs ORDER BY bug_id").fetchall()


def test_device_workers_run_next_to_their_agents_on_both_nodes(
    cluster: LoopbackRayCluster, agents: str, tmp_path: Path
) -> None:
    proc = _sweep(cluster, agents, tmp_path, PLACEMENT_BUGS)
    stdout, stderr = proc.communicate(timeout=600)
    assert proc.returncode == 0, stderr[-3000:]

    seen = _gcs_view(cluster)
    nodes = seen["nodes"]
    used = {w["node_id"] for w in seen["workers"]}
    assert used == set(nodes.values()), f"device workers ran on {used}, nodes are {nodes}"

    summary = json.loads((tmp_path / "summary.json").read_text())
    record = summary["meta"]["ray_cluster"]
    assert record["address"] == cluster.address and not record["embedded"]
    assert record["nodes"] == 2 and record["nodes_used"] == 2
    per_node = {n["ip"]: n["workers"] for n in record["workers_per_node"]}
    # Two agents next to each node: one worker each (16 devices per worker, grouped by node),
    # each placed on its agents' node, every time (a worker asking Ray for nothing would land
    # on a random node: ray_cluster.WORKER_MEMORY_BYTES).
    assert per_node == {HEAD_IP: 1, WORKER_IP: 1}, per_node
    assert sorted(w["node_id"] for w in seen["workers"]) == sorted(nodes.values()), seen
    assert _rows(tmp_path / "results.sqlite") == [(b, "done") for b in sorted(PLACEMENT_BUGS)]
    result = json.loads(next(tmp_path.glob("runs/*/*/result.json")).read_text())
    assert result["ray_cluster"]["address"] == cluster.address


def test_a_worker_node_dying_mid_sweep_loses_no_row(
    cluster: LoopbackRayCluster, agents: str, tmp_path: Path
) -> None:
    worker_node = next(n for n in cluster.nodes if n.ip == WORKER_IP)
    proc = _sweep(cluster, agents, tmp_path)
    try:
        seen = _gcs_view(cluster, "--wait-alive-on", WORKER_IP)
        worker_id = seen["nodes"][WORKER_IP]
        there = [w for w in seen["workers"] if w["node_id"] == worker_id and w["state"] == "ALIVE"]
        assert there and proc.poll() is None, "no device worker ran on the worker node mid-sweep"
        time.sleep(6)  # its workers probe (a probe takes a fraction of a second at 1/10)
        assert proc.poll() is None, "the sweep ended before the worker node could die mid-sweep"
        worker_node.kill()  # the machine dies: raylet, workers, everything
        stdout, stderr = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
    (tmp_path / "sweep.stdout").write_text(stdout)  # for a failure's diagnosis
    (tmp_path / "sweep.stderr").write_text(stderr)
    assert proc.returncode == 0, stderr[-3000:]
    assert _rows(tmp_path / "results.sqlite") == [(b, "done") for b in sorted(BUGS)]
    moved = {w["actor_id"] for w in there}
    after = {w["actor_id"]: w for w in _gcs_view(cluster)["workers"] if w["actor_id"] in moved}
    # The workers of the dead node came back on the head (Ray restarted them there).
    head = seen["nodes"][HEAD_IP]
    assert after and all(w["num_restarts"] >= 1 for w in after.values()), after
    assert all(w["node_id"] == head for w in after.values()), after
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["runs"] == 3 and len(summary["per_bug"]) == 3
    # Every node that did work is recorded, the dead one too (workers_per_node only says where
    # the workers ended: all on the head).
    cluster_record = summary["meta"]["ray_cluster"]
    worked = {n["node_id"]: n for n in cluster_record["nodes_worked"]}
    assert worked[worker_id]["probes"] > 0 and worked[worker_id]["alive"] is False
    assert worked[worker_id]["ip"] == WORKER_IP and worked[head]["probes"] > 0
    assert cluster_record["nodes_used"] == 2
    assert [n["node_id"] for n in cluster_record["workers_per_node"]] == [head]
    # Ray's messages about the dead node (and a dead raylet's log tail with its state dump) are
    # log lines on stderr, not the sweep's output.
    assert "(raylet)" not in stdout and "Raylet logs" not in stdout
    assert "ray_message" in stderr
