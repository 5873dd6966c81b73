"""``agent serve --backend adb`` input checks and ``reprofarm virtual-device`` as a process."""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from device_agent.adbd.emulator import free_port_pair
from device_agent.cli import serve_main
from orchestrator.commands import virtual_device
from tests.adb_harness import NEEDS_ADB, adb_server


def run_virtual_device(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="reprofarm")
    virtual_device.register(parser.add_subparsers())
    args = parser.parse_args(["virtual-device", *argv])
    return int(args.handler(args))


def test_agent_serve_adb_needs_a_serial_and_a_package(capsys):
    assert serve_main(["--backend", "adb"]) == 2
    assert "--serial is required" in capsys.readouterr().err
    assert serve_main(["--backend", "adb", "--serial", "emulator-5554"]) == 2
    assert "--package" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--app", "AmazeFileManager", "--console-port", "5555"], "is odd"),
        (["--app", "AmazeFileManager", "--console-port", "5554", "--adb-port", "6000"], "+ 1"),
        (["--app", "NoSuchApp", "--console-port", "5554"], "NoSuchApp"),
    ],
)
def test_virtual_device_rejects_bad_input(capsys, argv: list[str], message: str):
    assert run_virtual_device(argv) == 2
    assert message in capsys.readouterr().err


@NEEDS_ADB
def test_virtual_device_command_shows_up_in_adb_devices(tmp_path: Path):
    token = tmp_path / "token"
    token.write_text("t0ken\n")
    port_file = tmp_path / "console.port"
    console = free_port_pair()
    with adb_server() as server:
        code = (
            "import argparse, sys\n"
            "from orchestrator.commands import virtual_device as v\n"
            "p = argparse.ArgumentParser(); v.register(p.add_subparsers())\n"
            "a = p.parse_args(sys.argv[1:]); sys.exit(a.handler(a))\n"
        )
        proc = subprocess.Popen(
            [sys.executable, "-c", code, "virtual-device", "--app", "OpenCalc"]
            + ["--console-port", str(console), "--adb-server-port", str(server.port)]
            + ["--token-file", str(token), "--port-file", str(port_file)],
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            deadline = time.monotonic() + 30
            while not port_file.exists():
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                assert time.monotonic() < deadline, "virtual-device did not start"
                time.sleep(0.1)
            serial = f"emulator-{console}"
            server.wait_for(serial)
            out = server.run("-s", serial, "shell", "dumpsys window windows")
            assert "mCurrentFocus=Window{" in out.stdout
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=15) == 0
