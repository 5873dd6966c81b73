"""``benchmarks/catalog_table.py``: one row per catalog bug on its reported version, with the
sweep's results and the reason of a miss filled in from their files."""

from __future__ import annotations

from pathlib import Path

from benchmarks.catalog_table import catalog_rows, markdown, with_results
from device_agent.virtual.catalog import find_app_for_bug


def test_rows_list_each_bug_once_on_its_reported_version(tmp_path: Path) -> None:
    index = tmp_path / "index.tsv"
    index.write_text("id\tgt_action_count\nOpenCalc#532\t2\n")
    rows = catalog_rows(index)
    ids = [r["bug_id"] for r in rows]
    assert len(ids) == len(set(ids)) and "OpenCalc#532" in ids
    row = next(r for r in rows if r["bug_id"] == "OpenCalc#532")
    app = find_app_for_bug("OpenCalc#532")
    assert app is not None and row["version"] == app.version
    assert row["ltgdroid_actions"] == 2 and row["model_actions"] == len(app.bugs[0].human_steps)
    assert next(r for r in rows if r["bug_id"] == "OpenCalc#510")["ltgdroid_actions"] is None


def test_sweep_results_and_reasons_fill_the_table() -> None:
    rows = [r for r in catalog_rows(None) if r["bug_id"] in ("OpenCalc#532", "OpenCalc#524")]
    summary = {
        "per_bug": [
            {"bug_id": "OpenCalc#532", "reproduced_runs": 3, "runs": 3, "false_claims": 0},
            {"bug_id": "OpenCalc#524", "reproduced_runs": 0, "runs": 3, "false_claims": 0},
        ]
    }
    filled = with_results(rows, summary, {"OpenCalc#524": "the symptom check cannot see it"})
    table = markdown(filled, "runs/sweep/summary.json")
    assert "| 3/3 | 0 |  |" in table
    assert "| 0/3 | 0 | the symptom check cannot see it |" in table


def test_catalog_heuristic_runs_fill_the_table_with_replayed_claims() -> None:
    """``benchmarks/catalog_heuristic.py``'s rows (one per run): a claim the ground-truth replay
    confirmed is a reproduction, one it did not is a false claim, never a reproduction."""
    rows = [r for r in catalog_rows(None) if r["bug_id"] in ("OpenCalc#532", "OpenCalc#524")]
    run = {"bug_id": "OpenCalc#532", "reproduced": True, "replay_triggered": True}
    summary = {
        "bugs": [
            run,
            run,
            {**run, "replay_triggered": False},
            {"bug_id": "OpenCalc#524", "reproduced": False, "replay_triggered": None},
        ]
    }
    filled = {r["bug_id"]: r for r in with_results(rows, summary, {})}
    assert filled["OpenCalc#532"]["reproduced"] == "2/3"
    assert filled["OpenCalc#532"]["false_claims"] == 1
    assert filled["OpenCalc#524"]["reproduced"] == "0/1"
    assert filled["OpenCalc#524"]["why_not"] == "not diagnosed yet"


def test_bugs_of_the_index_the_catalog_lacks_get_a_row_that_says_why(tmp_path: Path) -> None:
    index = tmp_path / "index.tsv"
    index.write_text(
        "id\tapp\ttype_paper\tgt_action_count\tapk_name\n"
        "OpenCalc#532\tOpenCalc\tcrash\t2\tOpenCalc_v3.1.4.apk\n"
        "Nowhere#1\tNowhere\tnon-crash\t5\tNowhere_v2.0.1-beta.apk\n"
        "Nowhere#2\tNowhere\tcrash\t3\tNowhere_v2.1.apk\n"
    )
    rows = {r["bug_id"]: r for r in catalog_rows(index, {"Nowhere#1": "needs a camera"})}
    assert rows["OpenCalc#532"]["modelled"] is True
    missing = rows["Nowhere#1"]
    assert missing["modelled"] is False and missing["model_actions"] is None
    assert (missing["version"], missing["kind"], missing["ltgdroid_actions"]) == (
        "2.0.1-beta",
        "non-crash",
        5,
    )
    assert missing["why_not"] == "not modelled: needs a camera"
    assert rows["Nowhere#2"]["why_not"] == "not modelled: not modelled yet"
    table = markdown(with_results(list(rows.values()), None, {}), "")
    assert "| Nowhere#1 | Nowhere | 2.0.1-beta | non-crash | other | 5 / - | - |" in table
    assert f"{len(rows)} bugs, {len(rows) - 2} modelled:" in table


def test_first_seen_is_shown_beside_today_and_held_out_bugs_say_whether_seen() -> None:
    rows = [r for r in catalog_rows(None) if r["bug_id"] in ("OpenCalc#532", "markor#331")]
    first = {
        "OpenCalc#532": {"commit": "abc1234", "verdict": "not_reproduced", "probes": 1500.0},
        "markor#331": {
            "commit": "def5678",
            "verdict": "symptom",
            "probes": 80,
            "false_claim": True,
        },
    }
    summary = {
        "per_bug": [
            {"bug_id": "OpenCalc#532", "reproduced_runs": 3, "runs": 3, "false_claims": 0},
        ]
    }
    table = markdown(with_results(rows, summary, {}, first), "s.json")
    assert "| test (unseen) | ? / 3 | `abc1234` not_reproduced, 1500 probes | 3/3 | 0 |" in table
    assert "| test (looked at) |" in table and "`def5678` FALSE CLAIM, 80 probes" in table


def test_a_missing_index_is_an_error_not_a_shorter_table(tmp_path: Path) -> None:
    import subprocess
    import sys

    from tests.conftest import REPO

    done = subprocess.run(
        [
            sys.executable,
            str(REPO / "benchmarks" / "catalog_table.py"),
            "--index",
            str(tmp_path / "absent.tsv"),
            "--out",
            str(tmp_path / "catalog.md"),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0 and "--index" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "catalog.md").exists()
