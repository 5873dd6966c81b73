"""Nightly re-reproduction end to end: real agents over gRPC, Ray workers, the trace store.

Each scenario records a trace on a bug's original build (a search from scratch), then runs the
nightly job on a later catalog build and checks the replay controller's decisions and the
verdict: reuse on the same build, a "What's new" dialog closed (rewrite), a moved control
re-grounded (rewrite), a slot bound to the value of an edited report (rewrite), a changed
workflow step rejected and finished by the explorer, and a fixed build reported ``fixed``.
Claimed reproductions are replayed against the app's ground-truth oracle.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from orchestrator.config import FarmConfig, RunConfig
from orchestrator.errors import InfrastructureError
from orchestrator.farm import DevicePool
from orchestrator.nightly.job import NightlyOptions, nightly_on_pool
from orchestrator.replay import replay_on
from orchestrator.report import load_report
from orchestrator.run import resolve_app
from orchestrator.traces.controller import ReplayReport, session_retry
from orchestrator.traces.store import TraceStore
from tests.conftest import EXAMPLES


@pytest.fixture(scope="module")
def agents(screenrecorder_agents: list[str]) -> list[str]:
    return screenrecorder_agents


def night(
    agents: list[str], report: Path, out: Path, version: str = "", **options: Any
) -> dict[str, Any]:
    """One nightly job for ``report`` on ``version`` of its app (default: the original build);
    the trace store is ``out/traces.sqlite``, shared by the calls of one test."""
    name = resolve_app(load_report(report), FarmConfig())["name"]
    farm = FarmConfig(devices=2, app=name if version else "", app_version=version)
    app = resolve_app(load_report(report), farm)
    run_dir = out / f"{app['version']}-{len(list(out.glob('*-*')))}"
    config = RunConfig(report_path=str(report), out_dir=str(run_dir), farm=farm, progress=False)

    @contextlib.contextmanager
    def open_pool() -> Iterator[DevicePool]:
        pool = DevicePool(agents)
        try:
            yield pool
        finally:
            pool.close()

    result, _ = nightly_on_pool(
        config,
        app,
        open_pool,
        options=NightlyOptions(traces_path=str(out / "traces.sqlite"), **options),
    )
    return result


def triggered(agents: list[str], result: dict[str, Any]) -> bool:
    """The app's ground truth after replaying the result's trace on a fresh device."""
    return replay_on(agents[-1], result).triggered


def hows(result: dict[str, Any]) -> list[str]:
    return [d["how"] for d in result["nightly"]["decisions"] if d["decision"] != "reuse"]


def test_same_build_replays_every_action_without_the_reasoner(
    agents: list[str], tmp_path: Path
) -> None:
    report = EXAMPLES / "screenrecorder-25.md"
    first = night(agents, report, tmp_path)
    assert first["nightly"]["mode"] == "scratch"
    assert first["nightly"]["verdict"] == "still_reproduces"
    assert first["nightly"]["trace_stored"] is True
    assert first["nightly"]["reasoner_calls"] > 0
    second = night(agents, report, tmp_path)
    n = second["nightly"]
    assert n["mode"] == "replay" and n["verdict"] == "still_reproduces"
    assert n["counts"]["reused"] == n["counts"]["total"] == len(first["trace"])
    assert n["reasoner_calls"] == 0  # the stored spec is used, nothing is searched
    assert n["scratch"]["reasoner_calls"] == first["nightly"]["reasoner_calls"]
    assert [s["action"] for s in second["trace"]] == [s["action"] for s in first["trace"]]
    assert triggered(agents, second)


def test_whats_new_dialog_is_closed_and_a_fixed_build_is_fixed(
    agents: list[str], tmp_path: Path
) -> None:
    report = EXAMPLES / "anymemo-422.md"
    night(agents, report, tmp_path)  # recorded on 10.9.922
    changed = night(agents, report, tmp_path, "10.10.0")
    assert changed["nightly"]["verdict"] == "still_reproduces"
    assert "dismiss" in hows(changed)  # the new What's new dialog
    assert "skip" in hows(changed)  # the old version notice is gone
    assert changed["nightly"]["reasoner_calls"] == 0
    assert triggered(agents, changed)
    fixed = night(agents, report, tmp_path, "10.10.1")
    assert fixed["nightly"]["verdict"] == "fixed"
    assert fixed["reproduced"] is False
    assert "fresh exploration" in fixed["nightly"]["reason"]


def test_moved_control_is_regrounded_by_its_words(
    agents: list[str], omninotes_regrounded: tuple[dict[str, Any], Path]
) -> None:
    moved, nights = omninotes_regrounded  # recorded on 5.4.0, replayed on 5.5.0 (conftest.py)
    n = moved["nightly"]
    assert n["verdict"] == "still_reproduces" and n["mode"] == "replay"
    rewrite = next(d for d in n["decisions"] if d["decision"] == "rewrite")
    assert rewrite["how"] == "similar"
    assert "reminder_layout → menu_reminder" in " ".join(rewrite["reasons"])
    assert triggered(agents, moved)
    # The rewritten trace was confirmed and stored for the new build.
    with TraceStore(nights / "traces.sqlite") as store:
        assert [h["app_version"] for h in store.history("Omni-Notes#377")] == ["5.4.0", "5.5.0"]


def test_changed_workflow_is_rejected_and_the_explorer_finishes(
    agents: list[str], tmp_path: Path
) -> None:
    report = EXAMPLES / "birthdroid-13.md"
    night(agents, report, tmp_path)  # recorded on 0.6.3
    changed = night(agents, report, tmp_path, "0.7.0")
    n = changed["nightly"]
    assert n["mode"] == "replay+explore" and n["verdict"] == "still_reproduces"
    rejected = [d for d in n["decisions"] if d["decision"] == "reject"]
    assert len(rejected) == 1 and "Foresight period" in rejected[0]["reasons"][0]
    assert n["counts"]["reused"] >= 1 and n["counts"]["rejected"] >= 1
    # The explorer's trace starts with the replayed prefix and passes the new screen.
    assert "Widget settings" in json.dumps(changed["trace"])
    assert triggered(agents, changed)


def test_an_edited_report_binds_the_slot_to_its_new_value(
    agents: list[str], tmp_path: Path
) -> None:
    original = EXAMPLES / "birthdroid-13.md"
    first = night(agents, original, tmp_path)
    assert "111111111111" in json.dumps(first["trace"])
    edited = tmp_path / "birthdroid-13.md"
    edited.write_text(original.read_text().replace("111111111111", "999999999999"))
    second = night(agents, edited, tmp_path)
    n = second["nightly"]
    assert "report changed" in " ".join(n["notes"])
    assert "slot" in hows(second)
    assert n["verdict"] == "still_reproduces"
    typed = [
        s["action"].get("text") for s in second["trace"] if s["action"]["kind"] == "input_text"
    ]
    assert typed == ["999999999999"]
    assert triggered(agents, second)


def test_a_broken_stored_trace_is_ignored_and_recorded_again(
    agents: list[str], tmp_path: Path
) -> None:
    report = EXAMPLES / "opencalc-532.md"
    night(agents, report, tmp_path)
    with sqlite3.connect(tmp_path / "traces.sqlite") as db:
        db.execute("UPDATE trace_templates SET template_json = '{\"format\": 1}'")
    again = night(agents, report, tmp_path)
    n = again["nightly"]
    assert n["mode"] == "scratch" and n["verdict"] == "still_reproduces"
    assert any("stored trace ignored" in note for note in n["notes"])
    with TraceStore(tmp_path / "traces.sqlite") as store:
        assert store.latest("OpenCalc#532") is not None  # a good one replaces it


def test_a_device_that_fails_mid_replay_is_replaced() -> None:
    calls: list[int] = []
    report = ReplayReport([], True, None, None, [], "b")  # type: ignore[arg-type]

    def make() -> ReplayReport:
        calls.append(1)
        if len(calls) == 1:
            raise InfrastructureError("device a failed during a replay")
        return report

    class Pool:
        healthy = ["b"]

    assert session_retry(Pool(), make) is report  # type: ignore[arg-type]
    assert len(calls) == 2
