"""The whole reproduction through ``--backend adb``: ``reprofarm reproduce --agents`` pointing at
agents (``reprofarm agent serve --backend adb``, real processes) that drive adb-speaking virtual
devices through the real adb server. The result must match the virtual backend's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from orchestrator.cli import main
from tests.adb_harness import NEEDS_ADB, AdbServer, adb_server, virtual_emulator
from tests.conftest import EXAMPLES

pytestmark = [pytest.mark.e2e, NEEDS_ADB]

APP = "AmazeFileManager"
REPORT = EXAMPLES / "amaze-1796.md"


def start_agent(serial: str, server: AdbServer, token_file: Path, tmp: Path) -> tuple[str, object]:
    port_file = tmp / f"{serial}.port"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "device_agent",
            "serve",
            "--backend",
            "adb",
            "--serial",
            serial,
            "--adb-port",
            str(server.port),
            "--app",
            APP,
            "--console-token-file",
            str(token_file),
            "--port",
            "0",
            "--port-file",
            str(port_file),
            "--device-id",
            serial,
        ],
        env=dict(os.environ, HOME=server.env["HOME"]),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not port_file.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"agent for {serial} did not start: {proc.stderr.read()}")
        time.sleep(0.1)
    return f"127.0.0.1:{port_file.read_text().strip()}", proc


@pytest.fixture()
def adb_agents(tmp_path: Path) -> Iterator[list[str]]:
    token_file = tmp_path / "console-token"
    token_file.write_text("e2e-token\n")
    with ExitStack() as stack, adb_server() as server:
        procs = []
        addresses = []
        for _ in range(2):
            emu = stack.enter_context(virtual_emulator(APP, server, token_file, launch=False))
            address, proc = start_agent(emu.serial, server, token_file, tmp_path)
            addresses.append(address)
            procs.append(proc)
        try:
            yield addresses
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()


def trace_of(result: dict) -> list[dict]:
    return [step["action"] for step in result["trace"]]


def test_reproduce_amaze_1796_through_adb_matches_virtual(
    ray_session, adb_agents: list[str], tmp_path: Path
):
    out_adb = tmp_path / "adb"
    code = main(
        ["reproduce", str(REPORT), "--agents", ",".join(adb_agents), "--no-progress"]
        + ["--out", str(out_adb)]
    )
    adb_result = json.loads((out_adb / "result.json").read_text())
    assert code == 0, json.dumps(adb_result, indent=1)[:3000]
    assert adb_result["reproduced"] is True and adb_result["verdict"] == "crash"
    assert adb_result["crash"]["exception_class"].endswith("IndexOutOfBoundsException")

    out_virtual = tmp_path / "virtual"
    assert (
        main(
            ["reproduce", str(REPORT), "--devices", "2", "--no-progress"]
            + ["--out", str(out_virtual)]
        )
        == 0
    )
    virtual_result = json.loads((out_virtual / "result.json").read_text())
    assert trace_of(adb_result) == trace_of(virtual_result)
    assert adb_result["crash"]["exception_class"] == virtual_result["crash"]["exception_class"]
