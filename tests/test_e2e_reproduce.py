"""End to end: report file → 4 virtual devices over gRPC, Ray fan-out → result.json, report.html,
then ``reprofarm replay`` confirms the trace on a fresh device with the app's ground truth."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orchestrator.cli import main
from tests.conftest import VIRTUAL_DEVICES

pytestmark = pytest.mark.e2e

CASES = [
    ("amaze-1796.md", "AmazeFileManager#1796", "IndexOutOfBoundsException"),
    ("opencalc-532.md", "OpenCalc#532", ""),
    ("screenrecorder-25.md", "screenrecorder#25", ""),
]


@pytest.mark.parametrize(("report", "bug_id", "exception"), CASES)
def test_reproduce_then_replay(
    virtual_reproduction, tmp_path: Path, capsys, report: str, bug_id: str, exception: str
):
    code, out = virtual_reproduction(report)  # --devices 4 (shared with test_adb_e2e)
    result = json.loads((out / "result.json").read_text())
    assert code == 0, json.dumps(result, indent=1)[:3000]
    assert result["bug_id"] == bug_id
    assert result["reproduced"] is True and result["verdict"] == "crash"
    assert result["crash"]["exception_class"].endswith(exception)
    assert len(result["devices"]) == VIRTUAL_DEVICES == 4
    assert result["actions_executed"] >= len(result["trace"]) > 0
    assert set(result["llm"]) >= {"calls", "prompt_tokens", "completion_tokens", "cost_usd"}
    assert result["app"]["package"] and result["app"]["version"]
    for step in result["trace"]:
        assert step["action"]["kind"]
        assert step["from_screen"]["structural_hash"]
        assert step["summary"]
        assert (out / step["screenshots"]["after"]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    html = (out / "report.html").read_text()
    assert bug_id in html and html.count("<img") >= len(result["trace"])
    # The claim's evidence (issue 12): the matched exception and where it happened.
    claim = result["claim"]
    assert claim["kind"] == "crash" and claim["exception"] == result["crash"]["exception_class"]
    assert claim["credited_step"] >= 1 and claim["action"] == result["trace"][-1]["description"]
    assert "Why this is the reported bug" in html
    # Each probe names the path (state) it ran from: the first level's run from the launch screen.
    probes = [json.loads(line) for line in (out / "probes.jsonl").read_text().splitlines()]
    assert len(probes) == result["actions_executed"]
    assert all(p["from_actions"] == [] for p in probes if p["level"] == 1)
    assert any(p["from_actions"] for p in probes if p["level"] > 1) or len(result["trace"]) == 1
    capsys.readouterr()

    assert main(["replay", str(out / "result.json")]) == 0
    assert "triggered" in capsys.readouterr().out

    # A trace cut short must not trigger the bug: replay asks the ground truth, not the file.
    result["trace"] = result["trace"][:-1]
    short = tmp_path / "short.json"
    short.write_text(json.dumps(result))
    if result["trace"]:
        assert main(["replay", str(short)]) == 1
