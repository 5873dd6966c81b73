"""Which bugs a change to the report reader can alter: every report's reading, dumped and compared.

A change to the heuristic reader (:func:`orchestrator.reasoner.s2r.analyze`) alters only the runs
of bugs whose reading (the :class:`~orchestrator.model.ReproSpec`) changes, so re-running exactly
those bugs measures it. ``dump`` reads every report of every set with the checkout's engine and
writes ``{set: {bug id: spec json}}``; ``diff`` compares two dumps and prints, per set, how many
readings changed (steps, symptom or kind). Held-out sets and held-out bugs among LTGDroid's texts
(TEST, TEST2; issue 28 §4) are printed as counts only; ``--ids-dir`` writes each set's changed
ids to ``<dir>/<prefix>_<set>.ids`` for a sweep, which a
rule writer feeds to ``reprofarm sweep`` without reading.

    python -m benchmarks.readings dump OUT.json
    python -m benchmarks.readings diff BEFORE.json AFTER.json [--ids-dir D --prefix r]

Sets: ``real`` (LTGDroid's 75 report texts in ``../shared/datasets/ltgdroid_reports``, skipped
when absent), ``ours`` (``examples/reports``), and every development and held-out round of
:mod:`benchmarks.catalog_sets`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from benchmarks.catalog_sets import DEV_ROUNDS, HELDOUT_ROUNDS, split_of
from orchestrator.reasoner.s2r import analyze
from orchestrator.report import ReportError, load_report

ROOT = Path(__file__).resolve().parents[1]
REAL_REPORTS = ROOT.parent / "shared" / "datasets" / "ltgdroid_reports"
READABLE = frozenset({"real", "ours", *DEV_ROUNDS})  # sets a rule writer may read by name


def _held_out(bug_id: str) -> bool:
    """A bug of a held-out split (TEST, TEST2 among LTGDroid's texts): named by counts only."""
    return split_of(bug_id).startswith("test")


def report_sets() -> dict[str, Path]:
    """Each set's report folder (only those present on this machine)."""
    sets = {"real": REAL_REPORTS, "ours": ROOT / "examples" / "reports"}
    for name, folder in (DEV_ROUNDS | HELDOUT_ROUNDS).items():
        sets[name] = ROOT / "benchmarks" / folder / "reports"
    return {name: path for name, path in sets.items() if path.is_dir()}


def _reports(folder: Path) -> Iterator[tuple[str, Path]]:
    for path in sorted(folder.iterdir()):
        if path.suffix in (".json", ".md", ".txt") and path.name != "README.md":
            yield path.stem, path


def dump() -> dict[str, dict[str, object]]:
    """``{set: {bug id: reading}}``; a report that does not load reads as its error text."""
    out: dict[str, dict[str, object]] = {}
    for name, folder in report_sets().items():
        readings: dict[str, object] = {}
        for bug_id, path in _reports(folder):
            try:
                readings[bug_id] = analyze(load_report(path)).to_json()
            except ReportError as exc:
                readings[bug_id] = {"error": str(exc)}
        out[name] = readings
    return out


def _judged(reading: dict) -> tuple[object, object]:
    """What a reading says is wrong: its symptom and bug kind."""
    return reading.get("symptom"), reading.get("bug_kind")


def changed(
    before: dict[str, dict[str, dict]], after: dict[str, dict[str, dict]]
) -> dict[str, dict[str, list[str]]]:
    """Per set, the ids whose steps changed and those whose symptom or kind changed (a bug can
    be in both); bugs present in only one dump count as changed steps."""
    out: dict[str, dict[str, list[str]]] = {}
    for name in sorted(set(before) | set(after)):
        a, b = before.get(name, {}), after.get(name, {})
        steps, symptom = [], []
        for bug_id in sorted(set(a) | set(b)):
            x, y = a.get(bug_id), b.get(bug_id)
            if x is None or y is None or x.get("steps") != y.get("steps"):
                steps.append(bug_id)
            if x and y and _judged(x) != _judged(y):
                symptom.append(bug_id)
        out[name] = {"steps": steps, "symptom": symptom, "any": sorted(set(steps) | set(symptom))}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump", help="read every report and write the readings")
    d.add_argument("out", type=Path)
    c = sub.add_parser("diff", help="compare two dumps")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    c.add_argument("--ids-dir", type=Path, help="write <prefix>_<set>.ids of changed bugs here")
    c.add_argument("--prefix", default="r")
    args = parser.parse_args(argv)
    if args.command == "dump":
        readings = dump()
        args.out.write_text(json.dumps(readings, indent=1, sort_keys=True), encoding="utf-8")
        print(f"{sum(map(len, readings.values()))} readings of {len(readings)} sets -> {args.out}")
        return 0
    before = json.loads(args.before.read_text(encoding="utf-8"))
    after = json.loads(args.after.read_text(encoding="utf-8"))
    for name, kinds in changed(before, after).items():
        line = f"{name:8} steps {len(kinds['steps']):3}  symptom {len(kinds['symptom']):3}"
        shown = [b for b in kinds["any"] if name in READABLE and not _held_out(b)]
        if shown:
            line += "  " + " ".join(shown)
        print(line)
        if args.ids_dir and kinds["any"]:
            args.ids_dir.mkdir(parents=True, exist_ok=True)
            ids = args.ids_dir / f"{args.prefix}_{name}.ids"
            ids.write_text("\n".join(kinds["any"]) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
