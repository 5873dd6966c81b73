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

import subprocess
from pathlib import Path
from typing import Any

import pytest

from device_agent.adbd.emulator import AdbEmulator
from device_agent.virtual.device import VirtualDevice
from orchestrator.cli import main
from orchestrator.export import to_adb_script
from orchestrator.nightly.digest import bug_entry
from orchestrator.sweep.store import RunRow
from tests.adb_harness import NEEDS_ADB, AdbServer, adb_server
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
    assert fixed.returncode == 1, fixed.stdout[-2000:]
    assert "not reproduced: no crash of it.feio.android.omninotes" in fixed.stderr


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
