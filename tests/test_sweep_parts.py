"""The sweep's parts without devices: device leases, the SQLite store, scoring, summary files and
input planning."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from orchestrator.config import FarmConfig
from orchestrator.errors import BadInputError, InfrastructureError
from orchestrator.sweep.inputs import SweepItem, plan, read_index
from orchestrator.sweep.leases import LeaseManager
from orchestrator.sweep.scoring import summarize
from orchestrator.sweep.store import DONE, ERROR, ResultStore, RunRow, config_hash
from orchestrator.sweep.summary import markdown_table, write_summary

ADDRS = ["127.0.0.1:1", "127.0.0.1:2", "127.0.0.1:3", "127.0.0.1:4"]


# -- leases -------------------------------------------------------------------------------------
def test_fair_share_splits_the_farm_and_grows_at_the_tail() -> None:
    leases = LeaseManager(ADDRS, concurrency=2)
    assert leases.fair_share(unfinished=10) == 2
    assert leases.fair_share(unfinished=1) == 4  # the last reproduction gets every device
    assert LeaseManager(ADDRS[:3], concurrency=4).fair_share(10) == 1  # never zero


def test_leases_are_exclusive_and_returned() -> None:
    seen: list[tuple[int, int, int]] = []
    leases = LeaseManager(ADDRS, 2, on_change=lambda *c: seen.append(c))
    a = leases.acquire("a", 2, timeout=1)
    b = leases.acquire("b", 2, timeout=1)
    assert set(a.addresses).isdisjoint(b.addresses)
    assert leases.counts() == (4, 0, 0)
    leases.release(a)
    assert leases.counts() == (2, 2, 0)
    assert seen[-1] == (2, 2, 0)


def test_a_wait_is_bounded_with_a_clear_error() -> None:
    leases = LeaseManager(ADDRS[:1], 2)
    held = leases.acquire("first", 1, timeout=1)
    started = time.monotonic()
    with pytest.raises(InfrastructureError, match="no 1 free device.*--lease-timeout"):
        leases.acquire("second", 1, timeout=0.3)
    assert time.monotonic() - started >= 0.3  # it waited its whole timeout
    leases.release(held)
    assert leases.acquire("third", 1, timeout=0.3).addresses == ADDRS[:1]


def waiting(leases: LeaseManager, n: int) -> None:
    """Return once ``n`` requests wait in ``leases``' queue (a state, not a time; queueing
    notifies nobody, so it is polled, for at most 30 s)."""
    deadline = time.monotonic() + 30
    while True:
        with leases._cond:
            if len(leases._queue) >= n:
                return
        assert time.monotonic() < deadline, f"{n} request(s) never queued"
        time.sleep(0.005)


def test_waiters_are_served_first_come_first_served() -> None:
    leases = LeaseManager(ADDRS[:2], 3)
    first = leases.acquire("holder", 2, timeout=1)
    order: list[str] = []

    def want(name: str, count: int) -> None:
        lease = leases.acquire(name, count, timeout=5)
        order.append(name)
        time.sleep(0.05)
        leases.release(lease)

    big = threading.Thread(target=want, args=("big", 2))
    big.start()
    waiting(leases, 1)  # "big" queues first
    small = threading.Thread(target=want, args=("small", 1))
    small.start()
    waiting(leases, 2)
    leases.release(first)
    big.join(5)
    small.join(5)
    assert order == ["big", "small"]  # the small request did not overtake the big one


def test_quarantined_devices_are_never_leased_again() -> None:
    leases = LeaseManager(ADDRS[:2], 1)
    lease = leases.acquire("a", 2, timeout=1)
    lease.quarantined.add(ADDRS[0])
    leases.release(lease)
    assert leases.counts() == (0, 1, 1)
    assert leases.acquire("b", 2, timeout=1).addresses == [ADDRS[1]]  # fewer, not forever
    bad = LeaseManager(ADDRS[:1], 1)
    only = bad.acquire("a", 1, timeout=1)
    only.quarantined.add(ADDRS[0])
    bad.release(only)
    with pytest.raises(InfrastructureError, match="quarantined"):
        bad.acquire("b", 1, timeout=5)


# -- store ----------------------------------------------------------------------------------------
def _row(bug: str, repeat: int, *, claimed: bool, triggered: bool | None, **kw: object) -> RunRow:
    values: dict[str, object] = {
        "bug_id": bug,
        "repeat": repeat,
        "config_hash": "c1",
        "status": DONE,
        "verdict": "crash" if claimed else "not_reproduced",
        "claimed": claimed,
        "triggered": triggered,
        "score_detail": "",
        "kind": "",
        "app": "App",
        "report_path": f"/r/{bug}.md",
        "run_dir": f"/out/runs/{bug}/r{repeat}",
        "result_path": "",
        "html_path": "",
        "result": {"bug_id": bug, "search": {"stop_reason": "no candidate paths left"}},
        "actions": 10,
        "trace_length": 3 if claimed else 0,
        "tokens": 0,
        "cost_usd": 0.0,
        "wall_seconds": 30.0,
        "started_at": "t0",
        "finished_at": "t1",
    }
    values.update(kw)
    return RunRow(**values)  # type: ignore[arg-type]


def test_store_round_trips_rows_and_knows_what_is_finished(tmp_path: Path) -> None:
    path = tmp_path / "s" / "results.sqlite"
    with ResultStore(path) as store:
        store.put(_row("A#1", 1, claimed=True, triggered=True))
        store.put(_row("A#1", 2, claimed=False, triggered=None, status=ERROR, verdict="error"))
        store.put(_row("B#2", 1, claimed=True, triggered=False, config_hash="other"))
        assert store.finished("c1") == {("A#1", 1)}  # error rows are redone
        rows = store.rows("c1")
        assert [(r.bug_id, r.repeat, r.status) for r in rows] == [
            ("A#1", 1, DONE),
            ("A#1", 2, ERROR),
        ]
        assert rows[0].triggered is True and rows[1].triggered is None
        assert rows[0].result["search"]["stop_reason"] == "no candidate paths left"
        # Another connection reads while the store is open (WAL).
        reader = sqlite3.connect(path)
        assert reader.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert reader.execute("SELECT count(*) FROM runs").fetchone()[0] == 3
        reader.close()
        store.put(_row("A#1", 2, claimed=True, triggered=True))  # a redo replaces the row
        assert store.finished("c1") == {("A#1", 1), ("A#1", 2)}


def test_config_hash_is_canonical() -> None:
    assert config_hash({"a": 1, "b": [1, 2]}) == config_hash({"b": [1, 2], "a": 1})
    assert config_hash({"a": 1}) != config_hash({"a": 2})


# -- scoring --------------------------------------------------------------------------------------
def _item(bug: str, kind: str) -> SweepItem:
    return SweepItem(bug, f"/r/{bug}.md", kind, (("name", bug.split("#")[0]),))


def test_summary_counts_reproduced_false_claims_and_misses(tmp_path: Path) -> None:
    items = [_item("A#1", "crash"), _item("B#2", "non-crash"), _item("C#3", "crash")]
    rows = [
        _row("A#1", 1, claimed=True, triggered=True, actions=10, wall_seconds=60.0),
        _row("A#1", 2, claimed=True, triggered=True, actions=20, wall_seconds=120.0),
        _row("B#2", 1, claimed=True, triggered=False),  # a false claim
        _row("B#2", 2, claimed=False, triggered=None),  # a miss
        _row("C#3", 1, claimed=False, triggered=None),
        _row("C#3", 2, claimed=True, triggered=True, tokens=100, cost_usd=0.5),
    ]
    s = summarize(items, rows, repeat=2)
    assert s["bugs"] == 3 and s["runs"] == 6
    assert s["crash_sr"] == 0.75  # 3 of the 4 crash runs
    assert s["noncrash_sr"] == 0.0
    assert s["overall_sr"] == 0.5
    assert s["sr_by_repeat"] == [round(1 / 3, 4), round(2 / 3, 4)]
    assert s["sr_spread"]["min"] == round(1 / 3, 4) and s["sr_spread"]["max"] == round(2 / 3, 4)
    assert s["overall_bugs_any_sr"] == round(2 / 3, 4)
    assert s["false_claims"] == 1 and s["missed"] == 2
    assert s["mean_tokens"] == round(100 / 6, 4)
    per = {b["bug_id"]: b for b in s["per_bug"]}
    assert per["A#1"]["reproduced_runs"] == 2 and per["A#1"]["mean_actions"] == 15.0
    assert per["A#1"]["actions_spread"] == {"min": 10.0, "max": 20.0, "stdev": 5.0}
    assert per["A#1"]["mean_minutes"] == 1.5
    assert per["B#2"]["false_claims"] == 1 and per["B#2"]["type"] == "non-crash"
    assert per["C#3"]["notes"] == ["no candidate paths left"]  # why the miss missed
    for key in ("bug_id", "type", "runs", "reproduced_runs", "false_claims"):
        assert all(key in b for b in s["per_bug"])

    paths = write_summary(tmp_path, s)
    assert json.loads(paths["json"].read_text())["overall_sr"] == 0.5
    table = paths["md"].read_text()
    assert "| B#2 | non-crash | B | 0/2 | 1 | 1 |" in table
    assert markdown_table(s) == table
    html = paths["html"].read_text()
    assert html.count("<tr>") >= 1 + 3  # a header and one row per bug
    assert 'href="../../r/A#1.md"' in html or "A#1.md" in html
    assert "non-crash 0.0% (1 bugs)" in table  # a real 0%: its one non-crash bug was missed


def test_summary_says_n_a_for_a_kind_of_bug_it_had_none_of(tmp_path: Path) -> None:
    items = [_item("A#1", "crash")]
    s = summarize(items, [_row("A#1", 1, claimed=True, triggered=True)], repeat=1)
    assert s["noncrash_bugs"] == 0
    paths = write_summary(tmp_path, s)
    assert "crash 100.0% (1 bugs), non-crash n/a (0 bugs)" in paths["md"].read_text()
    assert "non-crash n/a (0 bugs)" in " ".join(paths["html"].read_text().split())


# -- inputs ---------------------------------------------------------------------------------------
def test_plan_reads_ids_indexes_and_directories(tmp_path: Path) -> None:
    from tests.conftest import EXAMPLES

    index = tmp_path / "index.tsv"
    index.write_text("id\tapp\ttype_paper\nOpenCalc#532\tOpenCalc\tcrash\nNoSuchApp#1\tX\tcrash\n")
    assert read_index(index) == [("OpenCalc#532", "crash"), ("NoSuchApp#1", "crash")]
    items, skipped = plan([str(index), "screenrecorder#25"], farm=FarmConfig())
    assert [i.bug_id for i in items] == ["OpenCalc#532", "screenrecorder#25"]
    assert items[0].report_path.endswith("opencalc-532.md") and items[0].kind == "crash"
    assert items[0].app_dict["name"] == "OpenCalc" and items[0].app_dict["version"] == "3.1.4"
    assert [s.bug_id for s in skipped] == ["NoSuchApp#1"] and "no report" in skipped[0].reason

    reports = tmp_path / "reports"
    reports.mkdir()
    (reports / "a.md").write_text((EXAMPLES / "opencalc-510.md").read_text())
    (reports / "README.md").write_text("# Not a report\n")
    items, skipped = plan([str(reports)], farm=FarmConfig())
    assert [i.bug_id for i in items] == ["OpenCalc#510"] and not skipped

    with pytest.raises(BadInputError, match="does not exist"):
        plan([str(tmp_path / "missing.json")], farm=FarmConfig())


def test_plan_skips_a_bug_its_apps_virtual_model_does_not_declare(tmp_path: Path) -> None:
    import json

    report = {"apk_name": "OpenCalc_3.1.4.apk", "repo": "OpenCalc", "title": "A bug", "body": "x"}
    (tmp_path / "OpenCalc#99999.json").write_text(json.dumps(report))
    items, skipped = plan([str(tmp_path)], farm=FarmConfig())
    assert not items and [s.bug_id for s in skipped] == ["OpenCalc#99999"]
    assert "does not declare this bug" in skipped[0].reason and "--agents" in skipped[0].reason
    # An explicit --app or real devices are the user's choice: the bug runs.
    items, _ = plan([str(tmp_path)], farm=FarmConfig(app="OpenCalc"))
    assert [i.bug_id for i in items] == ["OpenCalc#99999"]
    items, _ = plan([str(tmp_path)], farm=FarmConfig(agents=("127.0.0.1:1",)))
    assert [i.bug_id for i in items] == ["OpenCalc#99999"]


def test_the_default_sweep_is_the_catalog() -> None:
    from device_agent.virtual.catalog import list_apps

    # Later builds declare their app's bugs again; the sweep runs each bug once.
    declared = list(dict.fromkeys(b.bug_id for app in list_apps() for b in app.bugs))
    items, skipped = plan([], farm=FarmConfig())
    assert sorted([i.bug_id for i in items] + [s.bug_id for s in skipped]) == sorted(declared)
    assert len(items) >= 4  # at least the bugs with an example report


def test_app_without_version_is_the_build_the_report_is_about() -> None:
    from orchestrator.report import load_report
    from orchestrator.run import resolve_app
    from tests.conftest import EXAMPLES

    report = load_report(EXAMPLES / "anymemo-422.md")
    assert resolve_app(report, FarmConfig(app="AnyMemo"))["version"] == "10.9.922"
    assert resolve_app(report, FarmConfig(app="AnyMemo", app_version="10.10.1"))["version"] == (
        "10.10.1"
    )


def test_a_missing_reports_dir_names_the_fallback(tmp_path: Path) -> None:
    from orchestrator.errors import ConfigError

    with pytest.raises(ConfigError, match="not a directory; .*leave --reports-dir out"):
        plan(["OpenCalc#532"], reports_dirs=[str(tmp_path / "absent")], farm=FarmConfig())


def test_summary_splits_misses_by_which_half_lost_them() -> None:
    def gt(cause: str) -> dict[str, object]:
        return {"bug_id": "A#1", "search": {}, "ground_truth": {"cause": cause}}

    rows = [
        _row("A#1", 1, claimed=False, triggered=None, result=gt("never_triggered")),
        _row("A#1", 2, claimed=False, triggered=None, result=gt("triggered_not_recognised")),
        _row("A#1", 3, claimed=False, triggered=None),  # a backend without ground truth
        _row("A#1", 4, claimed=True, triggered=True, result=gt("reproduced")),
    ]
    s = summarize([_item("A#1", "crash")], rows, repeat=4)
    expected = {"never_triggered": 1, "triggered_not_recognised": 1, "unknown": 1}
    assert s["misses_by_cause"] == expected
    assert s["per_bug"][0]["miss_causes"] == expected
    table = markdown_table(s)
    assert (
        "missed 3 (never triggered 1, triggered but not recognised 1, no ground truth 1)" in table
    )
