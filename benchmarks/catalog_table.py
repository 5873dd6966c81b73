"""The catalog table in ``docs/catalog.md``: every bug of LTGDroid's benchmark, modelled or not.

One row per bug of LTGDroid's ``index.tsv`` (and per catalog bug it lacks). A modelled bug is shown
on the version it was reported on: app, version, kind, its set (:mod:`benchmarks.catalog_sets`:
tuned on, held out, and whether a held-out bug has been looked at since), the human action count
of ``index.tsv`` and of the model's human steps, its FIRST-SEEN result (``--first-seen``,
``docs/catalog-first-seen.json``, written once by ``benchmarks/first_seen.py`` when the bug joined,
never rewritten) and, from a sweep's ``summary.json`` (``reprofarm sweep`` over the catalog with
the real report texts) or from ``benchmarks/catalog_heuristic.py``'s output (the same runs, each
claim replayed), how often the heuristic reasoner reproduces it now, its false claims, and for a
bug never reproduced why not (the ``--why`` file: a JSON object ``{"bug id": "reason"}`` kept
beside the sweep's results, written by whoever diagnosed the miss). A bug not modelled says why
(``--not-modelled``, ``{"bug id": "reason"}``). The table is generated, never edited by hand:

    .venv/bin/python benchmarks/catalog_table.py [--summary runs/sweep/summary.json]
        [--why docs/catalog-misses.json] [--first-seen docs/catalog-first-seen.json]
        [--not-modelled docs/catalog-not-modelled.json] [--out docs/catalog.md]
        [--index ../shared/.../index.tsv]

Prints one JSON object: ``{"bugs", "modelled", "crash", "non_crash", "with_results", "out"}``.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.catalog_sets import LOOKED_AT, split_of  # noqa: E402
from device_agent.virtual.catalog import find_app_for_bug, list_apps  # noqa: E402

INDEX = REPO.parent / "shared" / "datasets" / "ltgdroid_reports" / "index.tsv"


def _apk_version(apk_name: str) -> str:
    """``"Anki-Android_v2.9.1.apk"`` -> ``"2.9.1"`` (``""`` when the name has no ``_v``)."""
    stem = apk_name.removesuffix(".apk")
    return stem.rsplit("_v", 1)[1] if "_v" in stem else ""


def catalog_rows(
    index: Path | None = INDEX, not_modelled: dict[str, str] | None = None
) -> list[dict[str, Any]]:
    """The catalog's bugs, each on its reported version, with LTGDroid's human action count
    (``None`` where ``index`` is absent or lacks the bug), then every bug of ``index`` the catalog
    does not model (``modelled`` false, ``why_not`` from ``not_modelled`` or "not modelled yet")."""
    human: dict[str, int] = {}
    listed: dict[str, dict[str, str]] = {}
    if index is not None and index.is_file():
        with index.open(newline="") as handle:
            for row in csv.DictReader(handle, delimiter="\t"):
                human[row["id"]] = int(row["gt_action_count"])
                listed[row["id"]] = row
    rows: dict[str, dict[str, Any]] = {}
    for app_cls in list_apps():
        for bug in app_cls.bugs:
            if find_app_for_bug(bug.bug_id) is not app_cls:
                continue  # a later build declaring the bug again (nightly, decision 0005)
            rows[bug.bug_id] = {
                "bug_id": bug.bug_id,
                "app": app_cls.name,
                "version": app_cls.version,
                "kind": bug.kind,
                "ltgdroid_actions": human.get(bug.bug_id),
                "model_actions": len(bug.human_steps),
                "modelled": True,
            }
    for bug_id, row in listed.items():
        if bug_id not in rows:
            rows[bug_id] = {
                "bug_id": bug_id,
                "app": row.get("app", bug_id.rsplit("#", 1)[0]),
                "version": _apk_version(row.get("apk_name", "")),
                "kind": row.get("type_paper", "?"),
                "ltgdroid_actions": human[bug_id],
                "model_actions": None,
                "modelled": False,
                "why_not": "not modelled: " + (not_modelled or {}).get(bug_id, "not modelled yet"),
            }
    return [rows[key] for key in sorted(rows, key=str.lower)]


def set_label(bug_id: str) -> str:
    """The bug's set as the table shows it: ``dev``/``dev2`` (tuned on), ``test``/``test2`` with
    ``unseen`` or ``looked at`` (held out), or ``other``."""
    split = split_of(bug_id)
    if split in ("test", "test2"):
        return f"{split} ({'looked at' if bug_id in LOOKED_AT else 'unseen'})"
    return split


def first_seen_cell(entry: dict[str, Any] | None) -> str:
    """A first-seen entry as ``commit: verdict, N probes`` (``FALSE CLAIM`` when its claim was
    false); ``-`` for a bug that joined before first-seen results were recorded (issue 26)."""
    if entry is None:
        return "-"
    probes = entry.get("probes")
    count = f", {probes:.0f} probes" if isinstance(probes, int | float) else ""
    verdict = "FALSE CLAIM" if entry.get("false_claim") else entry.get("verdict", "?")
    return f"`{entry.get('commit', '?')}` {verdict}{count}"


def per_bug_results(summary: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    """``{bug id: {"runs", "reproduced_runs", "false_claims"}}`` from a sweep's ``summary.json``
    (its ``per_bug``) or from ``benchmarks/catalog_heuristic.py``'s output (its ``bugs``, one
    row per run: a run counts as reproduced when its claim was confirmed by the ground-truth
    replay, as a false claim when the replay did not trigger the bug)."""
    if summary is None:
        return {}
    if "per_bug" in summary:
        return {b["bug_id"]: b for b in summary["per_bug"]}
    out: dict[str, dict[str, Any]] = {}
    for run in summary.get("bugs", []):
        tally = out.setdefault(run["bug_id"], {"runs": 0, "reproduced_runs": 0, "false_claims": 0})
        tally["runs"] += 1
        if run["reproduced"]:
            tally["reproduced_runs" if run["replay_triggered"] else "false_claims"] += 1
    return out


def with_results(
    rows: list[dict[str, Any]],
    summary: dict[str, Any] | None,
    why: dict[str, str],
    first_seen: dict[str, dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """``rows`` with the sweep's ``reproduced``, ``runs``, ``false_claims`` and the reason of a
    miss (``why``) where the summary has the bug (:func:`per_bug_results`), and each bug's
    ``first_seen`` entry where ``first_seen`` records one."""
    per_bug = per_bug_results(summary)
    out = []
    for row in rows:
        result = per_bug.get(row["bug_id"])
        row = dict(row)
        row["first_seen"] = (first_seen or {}).get(row["bug_id"])
        if result is not None:
            row["reproduced"] = f"{result['reproduced_runs']}/{result['runs']}"
            row["false_claims"] = result["false_claims"]
            row["why_not"] = (
                why.get(row["bug_id"], "not diagnosed yet") if not result["reproduced_runs"] else ""
            )
        out.append(row)
    return out


def markdown(rows: list[dict[str, Any]], summary_path: str) -> str:
    """The table as Markdown, with where its numbers come from."""
    source = (
        f"Heuristic-reasoner results from `{summary_path}`."
        if summary_path
        else "No sweep results given: run the sweep and pass `--summary`."
    )
    lines = [
        "# LTGDroid's bugs in the virtual catalog",
        "",
        "Generated by `benchmarks/catalog_table.py`; do not edit by hand. Each bug is modelled on",
        "the version it was reported on; human actions: LTGDroid's `index.tsv` / the model's",
        "human steps. Set (`benchmarks/catalog_sets.py`): `dev`, `dev2` tuned on; `test`, `test2`",
        "held out (split by app for `test2`), `unseen` until someone who writes engine rules looks",
        "at the bug, `looked at` once one has; `other`: catalog bugs that joined before either",
        "split and are neither. First seen: the engine's first run on the bug's real report text,",
        "before any rule was tuned on it (`docs/catalog-first-seen.json`, written once by",
        "`benchmarks/first_seen.py`, never rewritten; `-` for bugs that joined before it was",
        f"recorded). {source}",
        "",
        "Regenerate with `.venv/bin/python benchmarks/catalog_table.py --summary "
        f"{summary_path or 'SUMMARY'} --why docs/catalog-misses.json` "
        "(`--index` where LTGDroid's index.tsv is not in `../shared/datasets/ltgdroid_reports/`).",
        "",
        "| bug | app | version | kind | set | human actions | first seen | heuristic now "
        "| false claims | why not |",
        "|---|---|---|---|---|---:|---|---:|---:|---|",
    ]
    for r in rows:
        ltg = "?" if r["ltgdroid_actions"] is None else str(r["ltgdroid_actions"])
        model = "-" if r["model_actions"] is None else str(r["model_actions"])
        lines.append(
            f"| {r['bug_id']} | {r['app']} | {r['version']} | {r['kind']} "
            f"| {set_label(r['bug_id'])} | {ltg} / {model} "
            f"| {first_seen_cell(r.get('first_seen'))} | {r.get('reproduced', '-')} "
            f"| {r.get('false_claims', '-')} | {r.get('why_not', '')} |"
        )
    modelled = [r for r in rows if r.get("modelled", True)]
    crash = sum(1 for r in modelled if r["kind"] == "crash")
    lines += [
        "",
        f"{len(rows)} bugs, {len(modelled)} modelled: {crash} crash, "
        f"{len(modelled) - crash} non-crash.",
        "",
    ]
    return "\n".join(lines)


def _json_or_empty(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text()) if path.is_file() else {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--summary",
        default="",
        help="a sweep's summary.json, or benchmarks/catalog_heuristic.py's output",
    )
    parser.add_argument("--why", default="", help="JSON {bug id: why it was missed}")
    parser.add_argument(
        "--first-seen",
        default=str(REPO / "docs" / "catalog-first-seen.json"),
        help="benchmarks/first_seen.py's record",
    )
    parser.add_argument(
        "--not-modelled",
        default=str(REPO / "docs" / "catalog-not-modelled.json"),
        help="JSON {bug id: why it is not modelled}",
    )
    parser.add_argument("--out", default=str(REPO / "docs" / "catalog.md"))
    parser.add_argument("--index", default=str(INDEX), help="LTGDroid's index.tsv")
    args = parser.parse_args()
    if not Path(args.index).is_file():
        sys.exit(
            f"catalog_table: LTGDroid's index {args.index} is absent: without it the table "
            "lacks the unmodelled bugs and the human action counts; pass --index PATH to "
            "shared/datasets/ltgdroid_reports/index.tsv"
        )
    summary = json.loads(Path(args.summary).read_text()) if args.summary else None
    why = json.loads(Path(args.why).read_text()) if args.why else {}
    first_seen = _json_or_empty(Path(args.first_seen))
    not_modelled = _json_or_empty(Path(args.not_modelled))
    rows = with_results(catalog_rows(Path(args.index), not_modelled), summary, why, first_seen)
    Path(args.out).write_text(markdown(rows, args.summary))
    modelled = [r for r in rows if r["modelled"]]
    crash = sum(1 for r in modelled if r["kind"] == "crash")
    print(
        json.dumps(
            {
                "bugs": len(rows),
                "modelled": len(modelled),
                "crash": crash,
                "non_crash": len(modelled) - crash,
                "with_results": sum(1 for r in rows if "reproduced" in r),
                "out": args.out,
            }
        )
    )


if __name__ == "__main__":
    main()
