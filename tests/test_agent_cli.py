"""``agent serve`` (device_agent.cli): configuration errors exit 2 with a message naming the
fix; a real agent process serves until SIGTERM and then exits 0."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest
import structlog

from device_agent.__main__ import main as module_main
from device_agent.cli import serve_main
from device_agent.client import AgentClient


@pytest.fixture(autouse=True)
def _restore_logging():
    yield
    structlog.reset_defaults()


def test_unknown_app_is_a_configuration_error(capsys):
    assert serve_main(["--app", "NoSuchAppAnywhere"]) == 2
    err = capsys.readouterr().err
    assert "NoSuchAppAnywhere" in err and "OpenCalc" in err  # names the apps that exist


def test_missing_app_and_token_variable(capsys, monkeypatch):
    assert serve_main([]) == 2
    assert "--app is required" in capsys.readouterr().err
    monkeypatch.delenv("REPROFARM_TEST_NO_SUCH_TOKEN", raising=False)
    assert serve_main(["--app", "OpenCalc", "--token-env", "REPROFARM_TEST_NO_SUCH_TOKEN"]) == 2
    assert "REPROFARM_TEST_NO_SUCH_TOKEN" in capsys.readouterr().err


def test_module_entry_point_rejects_unknown_commands(capsys):
    assert module_main(["frobnicate"]) == 2
    assert "usage" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (["--app", "OpenCalc", "--device-id", "a\nb"], "--device-id"),
        (["--app", "OpenCalc", "--device-id", "../x"], "--device-id"),
        (["--app", "OpenCalc", "--max-snapshots", "0"], "--max-snapshots"),
        (["--app", "OpenCalc", "--stuck-after", "inf"], "--stuck-after"),
        (["--backend", "adb", "--serial", "emulator-5554", "--package", "com.x;reboot"], "package"),
        (
            ["--backend", "adb", "--serial", "e-1", "--package", "com.x", "--apk-dir", "/nope/x"],
            "--apk-dir",
        ),
    ],
)
def test_hostile_or_bad_flags_are_configuration_errors(capsys, argv, names):
    assert serve_main(argv) == 2
    err = capsys.readouterr().err
    assert names in err and "Traceback" not in err


def test_serve_until_sigterm(tmp_path):
    port_file = tmp_path / "agent.port"
    cmd = [
        sys.executable,
        "-m",
        "device_agent",
        "serve",
        "--app",
        "OpenCalc",
        "--version",
        "3.1.4",
        "--port",
        "0",
        "--port-file",
        str(port_file),
        "--device-id",
        "cli-test",
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while not port_file.exists():
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            assert time.monotonic() < deadline, "the agent did not write its port file"
            time.sleep(0.05)
        with AgentClient(f"127.0.0.1:{port_file.read_text().strip()}", timeout=10) as client:
            client.wait_ready(10)
            assert client.info().device_id == "cli-test"
            assert client.load_snapshot("base").reached_hash  # saved before SERVING
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
