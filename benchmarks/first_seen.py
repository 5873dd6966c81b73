"""Record each new catalog bug's FIRST-SEEN result, once: the engine's run on a bug before anyone
who writes engine rules has looked at it (issue 26, issue 28 §4). It is the number that says how the
engine does on bugs it has never seen, so it is written when a bug joins and never rewritten.

Reads a sweep's ``summary.json`` (``reprofarm sweep`` over the new ids, real report texts,
``heuristic`` reasoner, ``--repeat 1``) and adds one entry per bug to
``docs/catalog-first-seen.json``: ``{bug id: {"commit", "date", "verdict", "reproduced",
"probes", "false_claim", "split", "reasoner", "budget", "command"}}``. A bug already recorded is
left as it is and listed under ``kept``; ``--check`` only prints what would be added.

    .venv/bin/python benchmarks/first_seen.py runs/first-seen/summary.json [--commit SHA]

Prints one JSON object: ``{"added", "kept", "by_split": {split: {"bugs", "reproduced",
"false_claims"}}}``; ``by_split`` counts every recorded bug (the aggregate rule writers may see of
the held-out half).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.catalog_sets import split_of  # noqa: E402

RECORD = REPO / "docs" / "catalog-first-seen.json"


class FirstSeenError(ValueError):
    """The summary cannot be recorded (not a sweep summary, or not one run per bug)."""


DEFAULT_PROBES = 1500  # SearchConfig.max_probes' default


def _budget(summary: dict[str, Any]) -> dict[str, Any]:
    """The sweep's search budget (``max_probes``, ``max_minutes``) from its ``meta``."""
    search = summary.get("meta", {}).get("settings", {}).get("search", {})
    return {k: search[k] for k in ("max_probes", "max_minutes") if k in search}


def entries_from_summary(
    summary: dict[str, Any], *, commit: str, date: str
) -> dict[str, dict[str, Any]]:
    """One first-seen entry per bug of a sweep's ``summary.json`` (its ``per_bug`` rows).

    A bug whose run ended in an error (a device or model failure: it never searched) gets no
    entry, so its next sweep records it. Raises :class:`FirstSeenError` when ``summary`` has no
    ``per_bug`` or a bug has other than one run (first seen is the first run, so a ``--repeat 3``
    sweep is refused).
    """
    if "per_bug" not in summary:
        raise FirstSeenError("not a sweep summary.json (no per_bug): pass reprofarm sweep's output")
    command = summary.get("command", "")
    if isinstance(command, list):
        command = " ".join(command)
    out: dict[str, dict[str, Any]] = {}
    for row in summary["per_bug"]:
        if row.get("errors"):
            continue  # a run that ended in an error never searched: the bug is not seen yet
        if row.get("runs") != 1:
            raise FirstSeenError(
                f"{row['bug_id']} has {row.get('runs')} runs: first seen is one run "
                "(sweep the new ids with --repeat 1)"
            )
        verdicts = row.get("verdicts") or ["?"]
        out[row["bug_id"]] = {
            "commit": commit,
            "date": date,
            "verdict": verdicts[0],
            "reproduced": bool(row["reproduced_runs"]),
            "probes": row.get("mean_actions"),
            "false_claim": bool(row["false_claims"]),
            "split": split_of(row["bug_id"]),
            "reasoner": summary.get("meta", {}).get("settings", {}).get("reasoner", "heuristic"),
            "budget": _budget(summary),
            "command": command,
        }
    return out


def merge(
    record: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]
) -> tuple[dict[str, dict[str, Any]], list[str], list[str]]:
    """``record`` with the bugs of ``new`` it lacks added; recorded bugs are never rewritten.
    Returns ``(merged, added, kept)``."""
    merged = dict(record)
    added = sorted(b for b in new if b not in record)
    kept = sorted(b for b in new if b in record)
    for bug_id in added:
        merged[bug_id] = new[bug_id]
    return dict(sorted(merged.items(), key=lambda kv: kv[0].lower())), added, kept


def by_split(record: dict[str, dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Aggregate counts per set: bugs, reproduced, false claims."""
    out: dict[str, dict[str, int]] = {}
    for entry in record.values():
        tally = out.setdefault(entry["split"], {"bugs": 0, "reproduced": 0, "false_claims": 0})
        tally["bugs"] += 1
        tally["reproduced"] += int(entry["reproduced"] and not entry["false_claim"])
        tally["false_claims"] += int(entry["false_claim"])
    return dict(sorted(out.items()))


def _head() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Record each new catalog bug's first-seen result once (issue 26): the "
        "engine's first run on a bug, before anyone who writes engine rules has looked at it.",
    )
    parser.add_argument("summary", type=Path, help="the sweep's summary.json (--repeat 1)")
    parser.add_argument("--commit", default="", help="the commit the sweep ran on (default HEAD)")
    parser.add_argument(
        "--command", default="", help="the sweep's command line, when its summary lacks one"
    )
    parser.add_argument(
        "--record",
        type=Path,
        default=RECORD,
        help="the record to add to (default: docs/catalog-first-seen.json)",
    )
    parser.add_argument(
        "--any-budget",
        action="store_true",
        help="accept a sweep whose probe budget is not the default (1500)",
    )
    parser.add_argument("--check", action="store_true", help="change nothing")
    args = parser.parse_args()
    try:
        summary = json.loads(args.summary.read_text())
        summary.setdefault("command", args.command)
        budget = _budget(summary)
        if budget.get("max_probes", DEFAULT_PROBES) != DEFAULT_PROBES and not args.any_budget:
            raise FirstSeenError(
                f"the sweep ran with --max-probes {budget['max_probes']}: a first-seen result "
                f"is kept for good, so it is taken with the default {DEFAULT_PROBES} "
                "(--any-budget to record it anyway)"
            )
        new = entries_from_summary(
            summary,
            commit=args.commit or _head(),
            date=dt.datetime.now(dt.UTC).strftime("%Y-%m-%d"),
        )
    except (OSError, json.JSONDecodeError, FirstSeenError) as exc:
        sys.exit(f"first_seen: {exc}")
    record = json.loads(args.record.read_text()) if args.record.is_file() else {}
    merged, added, kept = merge(record, new)
    if not args.check:
        args.record.write_text(json.dumps(merged, indent=1) + "\n")
    print(json.dumps({"added": added, "kept": kept, "by_split": by_split(merged)}))


if __name__ == "__main__":
    main()
