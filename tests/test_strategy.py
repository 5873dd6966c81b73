"""``--strategy serial`` (LTGDroid's one device) and ``parallel`` (our fan-out) make the same
search: the same candidates probed level by level, the same path, the same verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orchestrator.config import FarmConfig, RunConfig
from orchestrator.run import reproduce
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.e2e


def _run(tmp_path: Path, strategy: str, devices: int) -> dict:
    config = RunConfig(
        report_path=str(EXAMPLES / "screenrecorder-25.md"),
        out_dir=str(tmp_path / strategy),
        farm=FarmConfig(devices=devices, strategy=strategy),
        progress=False,
    )
    result, code = reproduce(config)
    assert code == 0, json.dumps(result)[:2000]
    return result


def test_serial_and_parallel_explore_the_same_paths(ray_session, tmp_path: Path):
    serial = _run(tmp_path, "serial", 3)
    parallel = _run(tmp_path, "parallel", 3)
    # serial runs on exactly one device even when more were asked for
    assert len(serial["devices"]) == 1
    assert sum(d["probes"] > 0 for d in parallel["devices"]) > 1
    assert serial["verdict"] == parallel["verdict"] == "crash"
    assert [s["action"] for s in serial["trace"]] == [s["action"] for s in parallel["trace"]]
    assert serial["search"]["explored"] == parallel["search"]["explored"]
    assert serial["actions_executed"] == parallel["actions_executed"]
