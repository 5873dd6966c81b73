"""What a catalog bug costs with ``--reasoner openai``, the savings of issue 27 off and on.

Each bug is reproduced from its REAL report text (the LTGDroid JSON in
``../shared/datasets/ltgdroid_reports/``) with the ``openai`` reasoner against the test server
(``tests/fake_openai_server.py``: a rule-based "model" on 127.0.0.1 with OpenAI's token
counting and its prompt-cache rule), once with ``LLMSettings.savings`` off (every question asked
as before issue 27) and once on, in the same process, one Ray instance. The model name is
``gpt-4.1``, so the built-in list prices apply (USD 2.00 / 0.50 cached / 8.00 per million
prompt / cached prompt / completion tokens). Every claimed reproduction is replayed on a fresh
device against the app's ground truth: a claim the replay does not confirm is a false claim.

Per bug and mode: ``calls``, ``prompt_tokens``, ``cached_tokens``, ``completion_tokens``,
``cost_usd``, ``calls_by_role``, ``verdict``, ``reproduced`` (claimed), ``confirmed`` (the replay
triggered the bug), ``seconds``. The last line printed on stdout is one JSON object:
``{"bugs": [...], "before": {...}, "after": {...}, "median_cost_usd", "median_calls",
"median_cost_usd_before", "median_calls_before", "reproduced_before", "reproduced_after",
"false_claims", "seconds"}`` (the unqualified medians are the savings-on figures;
``false_claims`` lists ``bug_id/mode`` of every claim the replay refuted).

    PYTHONPATH=$PWD .venv/bin/python benchmarks/llm_cost.py [--bugs A#1,B#2] [--devices 2]
        [--max-probes 200] [--max-minutes 5] [--modes off,on]
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks._farm import emit, quiet  # noqa: E402
from device_agent.launcher import LocalAgentFarm  # noqa: E402
from device_agent.virtual.catalog import find_app_for_bug  # noqa: E402
from orchestrator.config import FarmConfig, RunConfig, SearchConfig  # noqa: E402
from orchestrator.llm.settings import LLMSettings  # noqa: E402
from orchestrator.replay import replay_on  # noqa: E402
from orchestrator.run import ensure_ray, reproduce  # noqa: E402

# Imported by name: the test server is test code, outside what mypy checks here.
FakeOpenAIServer = importlib.import_module("tests.fake_openai_server").FakeOpenAIServer

REAL_REPORTS = REPO.parent / "shared" / "datasets" / "ltgdroid_reports"
MODEL = "gpt-4.1"
# Crash and non-crash catalog bugs: five the test server's model reproduces within the budget,
# seven it does not (a miss costs the whole budget, so misses weigh in the median).
BUGS = (
    "AmazeFileManager#1796",
    "screenrecorder#25",
    "APhotoManager#116",
    "android-noad-music-player#1",
    "FastAdapter#394",
    "URLCheck#493",
    "AsciiCam#17",
    "mhabit#270",
    "focus-android#3297",
    "markor#194",
    "AnyMemo#422",
    "privacy-friendly-todo-list#158",
)


def run_bug(
    bug_id: str,
    report: Path,
    out: Path,
    *,
    savings: bool,
    devices: int,
    max_minutes: float,
    max_probes: int,
) -> dict[str, Any]:
    """Reproduce ``report`` through a fresh test server (its prompt cache empty) and replay a
    claim against the ground truth; one row of the benchmark."""
    started = time.monotonic()
    with FakeOpenAIServer() as server:
        config = RunConfig(
            report_path=str(report),
            out_dir=str(out),
            reasoner="openai",
            farm=FarmConfig(devices=devices, profile="instant"),
            search=SearchConfig(max_minutes=max_minutes, max_probes=max_probes),
            progress=False,
            llm=LLMSettings(
                model=MODEL,
                base_url=server.base_url,
                api_key=server.api_key,
                savings=savings,
            ),
        )
        result, _ = reproduce(config)
        reported = {key: server.reported_total(key) for key in ("calls", "cached_tokens")}
    llm = result.get("llm", {})
    row: dict[str, Any] = {
        "bug_id": bug_id,
        "mode": "on" if savings else "off",
        "verdict": result["verdict"],
        "reproduced": bool(result["reproduced"]),
        "confirmed": None,
        "calls": int(llm.get("calls", 0)),
        "server_calls": reported["calls"],
        "prompt_tokens": int(llm.get("prompt_tokens", 0)),
        "cached_tokens": int(llm.get("cached_tokens", 0)),
        "completion_tokens": int(llm.get("completion_tokens", 0)),
        "cost_usd": round(float(llm.get("cost_usd", 0.0)), 4),
        "calls_by_role": {
            role: int(slot.get("calls", 0)) for role, slot in llm.get("by_role", {}).items()
        },
        "cost_by_role": {
            role: round(float(slot.get("cost_usd", 0.0)), 4)
            for role, slot in llm.get("by_role", {}).items()
        },
        "probes": result.get("actions_executed"),
        "seconds": round(time.monotonic() - started, 1),
    }
    if result["reproduced"]:
        app = result.get("app", {})
        with LocalAgentFarm(1, app.get("name", ""), profile="instant") as farm:
            row["confirmed"] = bool(replay_on(farm.addresses[0], result).triggered)
    return row


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians and totals of one mode's rows."""
    if not rows:
        return {}
    return {
        "median_cost_usd": round(statistics.median(r["cost_usd"] for r in rows), 4),
        "median_calls": statistics.median(r["calls"] for r in rows),
        "median_prompt_tokens": statistics.median(r["prompt_tokens"] for r in rows),
        "total_cost_usd": round(sum(r["cost_usd"] for r in rows), 4),
        "total_calls": sum(r["calls"] for r in rows),
        "reproduced": sum(1 for r in rows if r["confirmed"]),
        "claimed": sum(1 for r in rows if r["reproduced"]),
        "false_claims": sum(1 for r in rows if r["reproduced"] and not r["confirmed"]),
        "bugs": len(rows),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bugs", default=",".join(BUGS), help="comma-separated catalog bug ids")
    parser.add_argument("--devices", type=int, default=2)
    parser.add_argument(
        "--max-probes",
        type=int,
        default=200,
        help="probes per run (200, twice LTGDroid's 100 actions): the same budget in both modes, "
        "whatever the machine's load",
    )
    parser.add_argument("--max-minutes", type=float, default=5.0, help="wall-clock cap per run (5)")
    parser.add_argument("--modes", default="off,on", help="savings modes to run: off,on")
    parser.add_argument("--reports-dir", type=Path, default=REAL_REPORTS)
    parser.add_argument("--keep", default="", help="keep each run's output under this directory")
    args = parser.parse_args()
    if not args.reports_dir.is_dir():
        emit({"skipped": f"{args.reports_dir} is absent: no real report texts"})
        return
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    bad = [m for m in modes if m not in ("off", "on")]
    if bad:
        parser.error(f"--modes takes off and/or on, not {bad}")
    bugs = []
    for bug_id in (b.strip() for b in args.bugs.split(",") if b.strip()):
        path = args.reports_dir / f"{bug_id}.json"
        if not path.is_file() or not find_app_for_bug(bug_id):
            parser.error(f"{bug_id}: no real report at {path} or no catalog model of it")
        bugs.append((bug_id, path))
    quiet()
    ensure_ray()
    started = time.monotonic()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for bug_id, report in bugs:
            for mode in modes:
                out = Path(args.keep or tmp) / f"{bug_id.replace('#', '-')}-{mode}"
                row = run_bug(
                    bug_id,
                    report,
                    out,
                    savings=mode == "on",
                    devices=args.devices,
                    max_minutes=args.max_minutes,
                    max_probes=args.max_probes,
                )
                rows.append(row)
                print(json.dumps(row), file=sys.stderr, flush=True)
    before = summary([r for r in rows if r["mode"] == "off"])
    after = summary([r for r in rows if r["mode"] == "on"])
    emit(
        {
            "bugs": rows,
            "before": before,
            "after": after,
            "median_cost_usd": after.get("median_cost_usd"),
            "median_calls": after.get("median_calls"),
            "median_cost_usd_before": before.get("median_cost_usd"),
            "median_calls_before": before.get("median_calls"),
            "reproduced_before": before.get("reproduced"),
            "reproduced_after": after.get("reproduced"),
            "false_claims": [
                f"{r['bug_id']}/{r['mode']}" for r in rows if r["reproduced"] and not r["confirmed"]
            ],
            "false_claims_before": before.get("false_claims"),
            "false_claims_after": after.get("false_claims"),
            "seconds": round(time.monotonic() - started, 1),
        }
    )


if __name__ == "__main__":
    main()
