"""``benchmarks/first_seen.py``: a bug's first-seen result is recorded once, from a one-run sweep,
and never rewritten; the held-out half is summarised only in aggregate."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.catalog_sets import split_of
from benchmarks.first_seen import FirstSeenError, by_split, entries_from_summary, merge
from tests.conftest import REPO


def _summary(*rows: tuple[str, int, int]) -> dict[str, object]:
    return {
        "command": "reprofarm sweep X --repeat 1",
        "per_bug": [
            {
                "bug_id": bug,
                "runs": 1,
                "reproduced_runs": ok,
                "false_claims": false,
                "errors": 0,
                "verdicts": ["crash" if ok or false else "not_reproduced"],
                "mean_actions": 120.0,
            }
            for bug, ok, false in rows
        ],
    }


def test_sets_are_split_by_app_for_the_new_bugs() -> None:
    assert split_of("NotallyX#517") == split_of("NotallyX#609") == "test2"
    assert split_of("Anki-Android#4586") == split_of("Anki-Android#6432") == "dev2"
    # bugs of the old catalog keep their set, even when their app is a development app now
    assert split_of("AnyMemo#422") == "dev" and split_of("Omni-Notes#377") == "test"
    assert split_of("ActivityDiary#285") == "other" and split_of("ActivityDiary#118") == "dev2"


def test_entries_come_from_a_one_run_sweep_and_are_never_rewritten() -> None:
    first = entries_from_summary(
        _summary(("NotallyX#517", 0, 0), ("Anki-Android#4586", 1, 0)), commit="aaa", date="d1"
    )
    assert first["Anki-Android#4586"]["reproduced"] is True
    assert first["NotallyX#517"] == {
        "commit": "aaa",
        "date": "d1",
        "verdict": "not_reproduced",
        "reproduced": False,
        "probes": 120.0,
        "false_claim": False,
        "split": "test2",
        "reasoner": "heuristic",
        "budget": {},
        "command": "reprofarm sweep X --repeat 1",
    }
    record, added, kept = merge({}, first)
    assert added == ["Anki-Android#4586", "NotallyX#517"] and kept == []
    later = entries_from_summary(
        _summary(("NotallyX#517", 1, 0), ("uhabits#1545", 0, 1)), commit="bbb", date="d2"
    )
    record, added, kept = merge(record, later)
    assert added == ["uhabits#1545"] and kept == ["NotallyX#517"]
    assert record["NotallyX#517"]["commit"] == "aaa" and not record["NotallyX#517"]["reproduced"]
    assert by_split(record) == {
        "dev2": {"bugs": 1, "reproduced": 1, "false_claims": 0},
        "test2": {"bugs": 2, "reproduced": 0, "false_claims": 1},
    }


def test_a_repeated_sweep_or_another_file_is_refused() -> None:
    summary = _summary(("NotallyX#517", 1, 0))
    summary["per_bug"][0]["runs"] = 3  # type: ignore[index]
    with pytest.raises(FirstSeenError, match="--repeat 1"):
        entries_from_summary(summary, commit="c", date="d")
    with pytest.raises(FirstSeenError, match="per_bug"):
        entries_from_summary({"bugs": []}, commit="c", date="d")


def test_the_command_adds_only_new_bugs_to_the_record(tmp_path: Path) -> None:
    record = tmp_path / "first.json"
    record.write_text(
        json.dumps(
            {
                "NotallyX#517": {
                    "commit": "old",
                    "split": "test2",
                    "reproduced": True,
                    "false_claim": False,
                }
            }
        )
    )
    summary = tmp_path / "summary.json"
    summary.write_text(json.dumps(_summary(("NotallyX#517", 0, 0), ("qksms#585", 0, 0))))
    script = [sys.executable, str(REPO / "benchmarks" / "first_seen.py"), str(summary)]
    done = subprocess.run(
        [*script, "--record", str(record), "--commit", "new"],
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(done.stdout)
    assert out["added"] == ["qksms#585"] and out["kept"] == ["NotallyX#517"]
    saved = json.loads(record.read_text())
    assert saved["NotallyX#517"]["commit"] == "old" and saved["qksms#585"]["commit"] == "new"
    bad = subprocess.run(
        [*script[:2], str(tmp_path / "absent.json"), "--record", str(record)],
        capture_output=True,
        text=True,
    )
    assert bad.returncode != 0 and "first_seen:" in bad.stderr and "Traceback" not in bad.stderr


def test_a_run_that_ended_in_an_error_is_not_seen_yet() -> None:
    summary = _summary(("NotallyX#517", 0, 0), ("qksms#585", 0, 0))
    summary["per_bug"][1]["errors"] = 1  # type: ignore[index]
    assert list(entries_from_summary(summary, commit="c", date="d")) == ["NotallyX#517"]


def test_a_sweep_on_a_smaller_budget_is_not_kept_for_good(tmp_path: Path) -> None:
    summary = tmp_path / "summary.json"
    small = _summary(("qksms#585", 0, 0))
    small["meta"] = {"settings": {"search": {"max_probes": 300, "max_minutes": 4.0}}}
    summary.write_text(json.dumps(small))
    record = tmp_path / "first.json"
    script = [sys.executable, str(REPO / "benchmarks" / "first_seen.py"), str(summary)]
    refused = subprocess.run([*script, "--record", str(record)], capture_output=True, text=True)
    assert refused.returncode != 0 and "--max-probes 300" in refused.stderr
    assert not record.exists()
    subprocess.run(
        [*script, "--record", str(record), "--any-budget"], check=True, capture_output=True
    )
    saved = json.loads(record.read_text())["qksms#585"]
    assert saved["budget"] == {"max_probes": 300, "max_minutes": 4.0}
