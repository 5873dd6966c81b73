"""The committed gRPC code matches a fresh protoc run, and the rewrite makes it a proper
``device_agent.proto`` module."""

from __future__ import annotations

import pickle
import shutil
import subprocess
import sys
from pathlib import Path

from device_agent.proto import agent_pb2, agent_pb2_grpc, generate


def test_committed_code_is_fresh():
    proc = subprocess.run(
        [sys.executable, "-m", "device_agent.proto.generate", "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr


def test_check_names_stale_files(tmp_path: Path):
    for name in generate.GENERATED:
        shutil.copy(generate.PACKAGE_DIR / name, tmp_path / name)
    assert generate.stale_files(tmp_path) == []
    with open(tmp_path / "agent_pb2.pyi", "a", encoding="utf-8") as fh:
        fh.write("# hand edit\n")
    (tmp_path / "agent_pb2_grpc.py").unlink()
    assert generate.stale_files(tmp_path) == ["agent_pb2.pyi", "agent_pb2_grpc.py"]


def test_generated_code_is_relative_and_picklable():
    for name in generate.GENERATED:
        text = (generate.PACKAGE_DIR / name).read_text(encoding="utf-8")
        assert "from reprofarm" not in text and "import reprofarm" not in text
    assert agent_pb2_grpc.reprofarm_dot_v1_dot_agent__pb2 is agent_pb2
    msg = agent_pb2.ProbeResponse(device_id="d1", logcat=["a", "b"], reached_hash="h")
    assert type(msg).__module__ == "device_agent.proto.agent_pb2"
    assert pickle.loads(pickle.dumps(msg)) == msg  # Ray ships messages by pickling
    service = agent_pb2.DESCRIPTOR.services_by_name["DeviceAgent"]
    assert service.full_name == "reprofarm.v1.DeviceAgent"
