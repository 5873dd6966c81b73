"""Exported ``repro.sh`` scripts on a device that is not the one the trace was found on.

Each script runs through Debian's real ``adb`` server against the adb-speaking virtual device,
whose display is resized with ``adb shell wm size 720x1280`` (a real adb command; the device then
lays out and takes input like a 720x1280 phone). Checked:

- a trace the nightly job re-grounded on Omni Notes 5.5.0 (the reminder control moved from a row
  under the note to the toolbar) reproduces the crash on 5.5.0 at 720x1280, finding every widget
  by id/text/content-desc, and exits 1 on the fixed 5.5.1;
- the non-crash example app of docs/app-models.md (``examples/apps/tally.py``), reproduced with
  ``reprofarm reproduce --app-dir``: the script checks the recorded evidence on the final screen
  and exits 0 on the buggy 1.0 and 1 on the fixed 1.1;
- ``result.json`` records the device the trace was found on and the export uses it.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from device_agent.adbd.emulator import AdbEmulator
from device_agent.adbd.shell import Faults, Shell
from device_agent.virtual.device import VirtualDevice
from orchestrator.cli import main
from orchestrator.export import to_adb_script
from orchestrator.nightly.digest import bug_entry
from orchestrator.sweep.store import RunRow
from tests.adb_harness import NEEDS_ADB, AdbServer, adb_server, virtual_emulator
from tests.conftest import REPO
from tests.test_report_html import reproduce

APPS = REPO / "examples" / "apps"
SMALL_SCREEN = "720x1280"


def run_script(
    server: AdbServer, script: Path, app: str, version: str, tmp: Path, app_dir: str = ""
) -> tuple[subprocess.CompletedProcess[str], VirtualDevice]:
    """``sh script`` against a fresh virtual emulator running ``app`` ``version`` with its
    display resized to :data:`SMALL_SCREEN`; returns the run and the device (for its oracle)."""
    token = tmp / "console-token"
    token.write_text("export-device-test\n")
    device = VirtualDevice("export", app, version=version, app_dir=app_dir or None)
    emulator = AdbEmulator(device, 0, token_file=token)
    emulator.start(server.port)
    try:
        server.wait_for(emulator.serial)
        resized = server.run("-s", emulator.serial, "shell", "wm", "size", SMALL_SCREEN)
        assert resized.returncode == 0, resized.stderr
        env = server.script_env(emulator.serial)
        ran = subprocess.run(
            ["sh", str(script)], env=env, capture_output=True, text=True, timeout=300
        )
    finally:
        emulator.stop()
    return ran, device


def row_of(result: dict[str, Any]) -> RunRow:
    """A stored sweep row holding ``result`` (what the nightly digest reads)."""
    return RunRow(
        bug_id=result["bug_id"], repeat=0, config_hash="", status="done",
        verdict=result["verdict"], claimed=result["reproduced"], triggered=None, score_detail="",
        kind="crash", app=result["app"]["name"], report_path="", run_dir="", result_path="",
        html_path="", result=result, actions=0, trace_length=len(result["trace"]), tokens=0,
        cost_usd=0.0, wall_seconds=0.0, started_at="", finished_at="",
    )  # fmt: skip


@NEEDS_ADB
@pytest.mark.e2e
def test_moved_control_trace_runs_on_a_smaller_screen_and_not_on_the_fix(
    omninotes_regrounded: tuple[dict[str, Any], Path], tmp_path: Path
) -> None:
    # The nightly job's trace: recorded on 5.4.0, re-grounded on 5.5.0 (conftest.py, shared
    # with test_nightly.py).
    moved, nights = omninotes_regrounded
    assert moved["nightly"]["verdict"] == "still_reproduces"
    device = moved["device"]
    assert (device["screen_width"], device["screen_height"]) == (1080, 1920)
    assert device["app_version"] == "5.5.0" and device["backend"] == "virtual"
    assert isinstance(device["api_level"], int) and isinstance(device["density_dpi"], int)
    # One reasoner-call count everywhere: result.json, the nightly digest, report.html.
    calls = moved["llm"]["calls"]
    assert isinstance(calls, int) and calls == moved["nightly"]["reasoner_calls"]
    assert bug_entry(row_of(moved), nights)["reasoner_calls"] == calls
    (page,) = [p for p in nights.glob("5.5.0-*/report.html")]
    assert f'<span id="reasoner-calls">{calls}</span>' in page.read_text()
    script = tmp_path / "repro.sh"
    script.write_text(to_adb_script(moved))
    widget_steps = sum(
        1 for s in moved["trace"] if s["action"]["kind"] in ("click", "long_click", "input_text")
    )
    with adb_server() as server:
        ran, emulator_device = run_script(server, script, "Omni-Notes", "5.5.0", tmp_path)
        assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-2000:]
        assert f"the device's screen is {SMALL_SCREEN}" in ran.stderr
        found = ran.stdout.count("  found by ")
        assert found == widget_steps, ran.stdout
        assert "found by content-desc" in ran.stdout or "found by id" in ran.stdout
        assert "tapping the recorded position" not in ran.stdout
        triggered, detail = emulator_device.check_bug_oracle("Omni-Notes#377")
        assert triggered, detail
        fixed, _ = run_script(server, script, "Omni-Notes", "5.5.1", tmp_path)
        # The trace recorded on 5.4.0, before the nightly job re-grounded it: its last step's
        # control (the reminder row) is gone on 5.5.0, so the path cannot be followed: 2.
        (recorded,) = [p for p in nights.glob("*/result.json") if "5.5.0" not in p.parent.name]
        old = tmp_path / "recorded.sh"
        old.write_text(to_adb_script(json.loads(recorded.read_text())))
        lost, _ = run_script(server, old, "Omni-Notes", "5.5.0", tmp_path)
    assert fixed.returncode == 1, fixed.stdout[-2000:]
    assert "not reproduced: no crash of it.feio.android.omninotes" in fixed.stderr
    assert lost.returncode == 2, lost.stdout[-2000:] + lost.stderr[-2000:]
    assert "could not follow the recorded path: the widget of step(s)" in lost.stderr


@NEEDS_ADB
@pytest.mark.e2e
def test_non_crash_export_checks_the_evidence_and_exits_1_on_the_fixed_build(
    ray_session: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    code, result = reproduce(APPS / "tally-1.md", out)
    assert code == 0, capsys.readouterr()
    assert result["verdict"] == "symptom"
    assert {"kind": "shown", "text": "50", "match": "exact"} in result["final_screen"]["checks"]
    assert main(["export", str(out)]) == 0
    script = out / "repro.sh"
    with adb_server() as server:
        buggy, device = run_script(server, script, "Tally", "1.0", tmp_path, str(APPS))
        assert buggy.returncode == 0, buggy.stdout + buggy.stderr
        assert "found by text" in buggy.stdout or "found by id" in buggy.stdout
        assert "holds: the screen shows '50'" in buggy.stdout
        assert device.check_bug_oracle("Tally#1")[0]
        fixed, device = run_script(server, script, "Tally", "1.1", tmp_path, str(APPS))
    assert fixed.returncode == 1, fixed.stdout + fixed.stderr
    assert "does not hold: the screen does not show '50'" in fixed.stderr
    assert "not reproduced" in fixed.stderr
    assert not device.check_bug_oracle("Tally#1")[0]


def test_the_virtual_devices_shell_honours_logcat_c() -> None:
    device = VirtualDevice("clear", "AmazeFileManager")
    device.launch_app()
    device.logcat.write("crash", 1, 1, "E", "AndroidRuntime", "FATAL EXCEPTION: main")
    device.logcat.write("main", 1, 1, "I", "Tag", "kept")
    shell = Shell(device)
    assert b"FATAL EXCEPTION" in shell.run("logcat -d -b crash").stdout
    assert shell.run("logcat -b crash -c").status == 0
    assert shell.run("logcat -d -b crash").stdout == b""
    assert b"kept" in shell.run("logcat -d -b main").stdout  # only the named buffer
    assert shell.run("logcat -c").status == 0 and shell.run("logcat -d").stdout == b""
    device.logcat.write("crash", 1, 1, "E", "AndroidRuntime", "later")
    assert b"later" in shell.run("logcat -d -b crash").stdout
    refusing = Shell(device, faults=Faults(logcat_clear_fails=True))
    cleared = refusing.run("logcat -b crash -c")
    assert cleared.status == 1 and b"failed to clear the 'crash' log" in cleared.stderr
    assert b"later" in refusing.run("logcat -d -b crash").stdout


@NEEDS_ADB
@pytest.mark.e2e
@pytest.mark.parametrize("clear_fails", [False, True], ids=["clears", "refuses-logcat-c"])
def test_a_script_without_its_crashing_step_exits_1_on_a_device_that_crashed_before(
    clear_fails: bool, tmp_path: Path
) -> None:
    result = json.loads((REPO / "tests" / "data" / "export_amaze-1796.json").read_text())
    full, short = tmp_path / "repro.sh", tmp_path / "short.sh"
    full.write_text(to_adb_script(result))
    assert result["trace"][-1]["action"]["target"]["label"] == "Paste"  # the trigger
    short.write_text(to_adb_script(dict(result, trace=result["trace"][:-1])))
    token = tmp_path / "console-token"
    token.write_text("export-device-test\n")
    faults = Faults(logcat_clear_fails=clear_fails)
    with (
        adb_server() as server,
        virtual_emulator("AmazeFileManager", server, token, faults=faults) as emulator,
    ):
        env = server.script_env(emulator.serial)
        crashed = subprocess.run(["sh", str(full)], env=env, capture_output=True, text=True)
        assert crashed.returncode == 0, crashed.stdout[-2000:] + crashed.stderr[-2000:]
        ran = subprocess.run(["sh", str(short)], env=env, capture_output=True, text=True)
        old = server.run("-s", emulator.serial, "shell", "logcat", "-d", "-b", "crash").stdout
        assert ("FATAL EXCEPTION" in old) is clear_fails  # the first run's crash, not cleared
    assert ran.returncode == 1, ran.stdout[-2000:] + ran.stderr[-2000:]
    assert "not reproduced: no crash of com.amaze.filemanager" in ran.stderr
    assert "tapping the recorded position" not in ran.stdout


@NEEDS_ADB
@pytest.mark.e2e
def test_docs_claim_amaze_310_is_not_a_fixed_build_for_1796(tmp_path: Path) -> None:
    """docs/real-devices.md: the newest Amaze model, 3.10, keeps #1796's crash, so the exported
    script exits 0 there too (it is no fixed build)."""
    doc = " ".join((REPO / "docs" / "real-devices.md").read_text().split())
    assert "3.10, which is not a fixed build: it keeps #1796's crash" in doc
    script = tmp_path / "repro.sh"
    script.write_text(
        to_adb_script(json.loads((REPO / "tests" / "data" / "export_amaze-1796.json").read_text()))
    )
    with adb_server() as server:
        ran, device = run_script(server, script, "AmazeFileManager", "3.10", tmp_path)
    assert ran.returncode == 0, ran.stdout[-2000:] + ran.stderr[-2000:]
    assert device.app is not None and device.app.version == "3.10"
    # #1796's own crash (3.10 registers only #4185's oracle): the exception in the crash buffer.
    assert "java.lang.IndexOutOfBoundsException: Invalid index 0, size is 0" in ran.stdout
