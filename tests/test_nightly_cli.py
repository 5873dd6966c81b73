"""``reprofarm nightly`` from the command line: GitHub REST issue JSON in, ``nightly.json`` and
the HTML digest out, the second night replaying the first night's trace; its metrics; bad
``--app NAME@VERSION`` values."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from orchestrator import cli
from orchestrator.metrics import DriverMetrics
from tests.conftest import EXAMPLES, REPO

# Written in our own words after screenrecorder#25, in the shape of GitHub's REST issue object.
ISSUE = {
    "number": 25,
    "title": "Force close when About is opened twice",
    "body": "Steps:\n1. Open the app.\n2. Select About.\n3. Go back.\n4. Select About again.\n\n"
    "Actual: the app stops (force close).",
    "html_url": "https://github.com/vijai1996/screenrecorder/issues/25",
    "labels": [{"name": "bug"}],
    "comments": 0,
}
# An issue that names nothing the app has: nobody can reproduce it, a person must look.
VAGUE = {
    "number": 99,
    "title": "Colours look odd sometimes",
    "body": "Sometimes the colours look odd. No steps.",
    "html_url": "https://github.com/vijai1996/screenrecorder/issues/99",
    "labels": [],
    "comments": 0,
}


def _nightly(issues: Path, out: Path, label: str, capsys: pytest.CaptureFixture[str]) -> str:
    code = cli.main(
        [
            "nightly",
            str(issues),
            "--app",
            "screenrecorder@1.8.2",
            "--out",
            str(out),
            "--devices",
            "2",
            "--concurrency",
            "1",
            "--max-probes",
            "100",
            "--fixed-probes",
            "20",
            "--night",
            label,
            "--no-progress",
        ]
    )
    assert code == 0
    return capsys.readouterr().out


def test_two_nights_on_github_issues(
    ray_session: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    issues = tmp_path / "issues"
    issues.mkdir()
    (issues / "25.json").write_text(json.dumps(ISSUE))
    (issues / "99.json").write_text(json.dumps(VAGUE))
    out = tmp_path / "night"

    printed = _nightly(issues, out, "first", capsys)
    first = json.loads((out / "nightly.json").read_text())
    verdicts = {b["bug_id"]: b["verdict"] for b in first["bugs"]}
    assert verdicts == {
        "screenrecorder#25": "still_reproduces",
        "screenrecorder#99": "needs_attention",
    }
    assert first["bugs"][0]["bug_id"] == "screenrecorder#99"  # what needs a person comes first
    assert first["build"] == {"app": "screenrecorder", "version": "1.8.2"}
    assert "1 need attention" in printed

    _nightly(issues, out, "second", capsys)
    second = json.loads((out / "nightly.json").read_text())
    bug = next(b for b in second["bugs"] if b["bug_id"] == "screenrecorder#25")
    assert bug["mode"] == "replay" and bug["verdict"] == "still_reproduces"
    assert bug["counts"]["reused"] == bug["counts"]["total"] > 0
    assert bug["reasoner_calls"] == 0 < bug["scratch_reasoner_calls"]
    assert bug["ground_truth"] is True  # the claim was replayed against the oracle
    vague = next(b for b in second["bugs"] if b["bug_id"] == "screenrecorder#99")
    # Missed by a fresh exploration on this build last night: not searched again.
    assert vague["verdict"] == "needs_attention" and vague["mode"] == "skipped"
    assert vague["reasoner_calls"] == 0 and "--retry-misses" in vague["reason"]
    t = second["totals"]
    assert t["reused_share"] == 1.0 and t["false_claims"] == 0
    html = (out / "nightly.html").read_text()
    assert "need attention" in html and "screenrecorder#99" in html
    assert bug["report"] and (out / bug["report"]).is_file()


def test_nightly_metrics_count_reuse_and_verdicts() -> None:
    metrics = DriverMetrics()
    counts = {"total": 7, "reused": 5, "rewritten": 1, "rejected": 1}
    metrics.reproduction_finished(
        {"verdict": "crash", "nightly": {"verdict": "still_reproduces", "counts": counts}}
    )
    metrics.reproduction_finished(
        {"verdict": "not_reproduced", "nightly": {"verdict": "fixed", "counts": counts}}
    )
    value = metrics.registry.get_sample_value
    assert value("reprofarm_nightly_actions_total") == 14
    assert value("reprofarm_nightly_reused_actions_total") == 10
    assert value("reprofarm_nightly_rewritten_actions_total") == 2
    assert value("reprofarm_nightly_rejected_actions_total") == 2
    assert value("reprofarm_nightly_verdicts_total", {"verdict": "fixed"}) == 1
    assert value("reprofarm_nightly_verdicts_total", {"verdict": "needs_attention"}) == 0


@pytest.mark.parametrize(
    ("app", "message"),
    [("screenrecorder@", "NAME@VERSION"), ("@1.0", "NAME@VERSION"), ("a@1@2", "NAME@VERSION")],
)
def test_a_bad_build_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], app: str, message: str
) -> None:
    code = cli.main(["nightly", "screenrecorder#25", "--app", app, "--out", str(tmp_path)])
    assert code == 2
    assert message in capsys.readouterr().err


def test_repeat_does_not_apply(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["nightly", "screenrecorder#25", "--repeat", "2", "--out", str(tmp_path)])
    assert code == 2
    assert "--repeat" in capsys.readouterr().err


def test_a_trace_store_that_is_not_sqlite_is_exit_2_before_devices_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    traces = tmp_path / "traces.txt"
    traces.write_text("these are my notes, not a database\n" * 50)
    code = cli.main(
        ["nightly", "screenrecorder#25", "--traces", str(traces), "--out", str(tmp_path / "o")]
    )
    assert code == 2
    err = capsys.readouterr().err
    assert "--traces" in err and "Traceback" not in err


def test_unreadable_duplicate_and_other_app_issues_are_listed_not_run(
    ray_session: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    issues = tmp_path / "issues"
    issues.mkdir()
    (issues / "25.json").write_text(json.dumps(ISSUE))
    (issues / "25-again.json").write_text(json.dumps(ISSUE))  # the same bug a second time
    (issues / "broken.json").write_text("{ not json")
    (issues / "empty.md").write_text("")
    shutil.copy(EXAMPLES / "opencalc-532.md", issues / "opencalc-532.md")  # another app
    printed = _nightly(issues, tmp_path / "out", "n", capsys)
    digest = json.loads((tmp_path / "out" / "nightly.json").read_text())
    assert [b["bug_id"] for b in digest["bugs"]] == ["screenrecorder#25"]
    reasons = {item["input"]: item["reason"] for item in digest["not_run"]}
    assert "not a readable report" in reasons["broken.json"]
    assert "not a readable report" in reasons["empty.md"]
    assert "second report of the same bug" in reasons["screenrecorder#25"]
    assert "an issue of OpenCalc, not of --app screenrecorder" in reasons["OpenCalc#532"]
    assert "not run" in printed and "broken.json" in printed
    assert "broken.json" in (tmp_path / "out" / "nightly.html").read_text()
    # Each night's digest is kept beside tonight's.
    assert (tmp_path / "out" / "nights" / "n" / "nightly.json").is_file()


def test_a_missing_input_is_exit_2_and_leaves_no_out_behind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "new-out"
    assert cli.main(["nightly", str(tmp_path / "no-such-issues"), "--out", str(out)]) == 2
    assert "no-such-issues" in capsys.readouterr().err
    assert not out.exists(), "bad input left --out (its results store) behind"


def test_no_inputs_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["nightly", "--out", str(tmp_path)]) == 2
    assert "give issue directories" in capsys.readouterr().err


def test_sigterm_stops_a_night_like_ctrl_c(tmp_path: Path) -> None:
    """How Kubernetes stops a pod: one line, exit 130, no crash dump, local agents gone."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "orchestrator.cli", "nightly", str(EXAMPLES / "amaze-1796.md")]
        + ["--devices", "2", "--out", str(tmp_path / "o"), "--no-progress"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not (tmp_path / "o" / "runs").exists():  # the night has started its first issue
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err[-2000:]
    assert "interrupted" in err and "SIGTERM received" not in err and "Traceback" not in err
