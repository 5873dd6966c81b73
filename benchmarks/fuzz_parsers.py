"""Fuzz the parsers of untrusted text: ``uiautomator dump`` XML, logcat (and the other adb
outputs), and bug reports (loading and S2R analysis). Prints one JSON object.

A small seeded mutator (no dependency) starts from the real captures in ``../shared/fixtures``
and the real reports in ``../shared/datasets/ltgdroid_reports`` and applies one to three
mutations per case: long runs of one character inserted anywhere (the shape of catastrophic
regex backtracking, up to ``--max-run`` characters), bad characters and character references,
bounds and brackets broken, slices deleted, duplicated or spliced from another capture, nesting
piled up, the text cut short. A case *crashes* when a parser raises anything but its documented
error (``HierarchyError``, ``ReportError``, ``ValueError`` where documented); a case is *slow*
when it takes more than ``--slow-s`` seconds (1 s, issue 15) of this process's CPU time (wall
time is reported too, but on a shared machine it measures the neighbours).

    python -m benchmarks.fuzz_parsers --cases 100000 --seed 15
    {"cases": 102000, "crashes": 0, "slow_cases": 0, "slowest_case_cpu_s": ..., "per_parser": ...}

``tests/test_fuzz_parsers.py`` runs a short variant in CI.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import structlog

from device_agent.actions import Selector
from device_agent.adb import parsers as adb_parsers
from device_agent.errors import HierarchyError
from device_agent.hierarchy import find_node, parse_hierarchy, structural_hash
from orchestrator import logcat
from orchestrator.errors import ReportError
from orchestrator.model import BugReport
from orchestrator.reasoner.s2r import analyze, crash_score
from orchestrator.report import load_report

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
FIXTURES = SHARED / "fixtures"
REPORTS = SHARED / "datasets" / "ltgdroid_reports"

# What hostile or broken input is made of: separators the patterns split on, characters XML does
# not allow (raw and as references), surrogates, non-breaking and full-width spaces, markup.
_HOSTILE = [
    " ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\x00", "\x01", "\x1f", "\ud83d", "\ufffe",
    "&#1;", "&#xD83D;", "&#56832;", "&#99999999;", "&amp;", "<", ">", '"', "'", "`", "[", "]",
    "(", ")", "{", "}", ",", ":", ";", "#", "*", "_", "-", ".", "/", "\\", "|", "=", "0", "9",
    "a", "Z", "é", "😀", "at ", "Caused by: ", "FATAL EXCEPTION: ", "E/AndroidRuntime: ",
    "--- ", "## ", "1. ", "<node ", 'bounds="', "[0,0][", "Exception", "pid 1 (", "---\n",
]  # fmt: skip


@dataclass
class ParserStats:
    """Per parser: cases run, crashes (with the first few for the report), slowest case."""

    cases: int = 0
    crashes: int = 0
    slow_cases: int = 0
    slowest_s: float = 0.0  # CPU seconds of the slowest case
    slowest_wall_s: float = 0.0
    total_s: float = 0.0
    examples: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {
            "cases": self.cases,
            "crashes": self.crashes,
            "slow_cases": self.slow_cases,
            "slowest_case_cpu_s": round(self.slowest_s, 4),
            "slowest_case_wall_s": round(self.slowest_wall_s, 4),
            "mean_case_cpu_ms": round(1000 * self.total_s / max(1, self.cases), 3),
            "crash_examples": self.examples,
        }


def _seeds() -> dict[str, list[str]]:
    """Seed texts per parser from the shared captures; raises ``FileNotFoundError`` when the
    shared folder is absent."""
    if not FIXTURES.is_dir() or not REPORTS.is_dir():
        raise FileNotFoundError(f"{SHARED} is absent: the fuzz seeds are the real captures there")
    xml = [p.read_text(encoding="utf-8") for p in sorted(FIXTURES.glob("*.xml"))]
    logs = [
        p.read_text(encoding="utf-8", errors="replace")
        for p in sorted(FIXTURES.glob("*"))
        if p.suffix in (".log", ".txt")
    ]
    reports = [p.read_text(encoding="utf-8") for p in sorted(REPORTS.glob("*.json"))]
    for path in sorted((REPO / "examples" / "reports").glob("*.md")):
        reports.append(path.read_text(encoding="utf-8"))
    return {"xml": xml, "logcat": logs, "report": reports}


def _window(rng: random.Random, text: str, max_lines: int) -> str:
    """A random run of at most ``max_lines`` lines (keeps cases fast; whole files now and then)."""
    lines = text.splitlines(keepends=True)
    if len(lines) <= max_lines or rng.random() < 0.1:
        return text
    start = rng.randrange(len(lines) - max_lines)
    return "".join(lines[start : start + max_lines])


def mutate(rng: random.Random, text: str, donors: list[str], max_run: int) -> str:
    """One to three random mutations of ``text`` (see the module docstring)."""
    for _ in range(rng.randint(1, 3)):
        n = len(text)
        at = rng.randrange(n + 1)
        kind = rng.randrange(9)
        if kind <= 2:  # a long run: the char already there, or a hostile one
            here = text[at] if at < n and rng.random() < 0.5 else rng.choice(_HOSTILE)
            length = min(max_run, int(10 ** rng.uniform(1, 5)))
            text = text[:at] + here * max(1, length // len(here)) + text[at:]
        elif kind == 3:  # one hostile token
            text = text[:at] + rng.choice(_HOSTILE) + text[at:]
        elif kind == 4:  # delete a slice
            text = text[:at] + text[at + rng.randint(1, 400) :]
        elif kind == 5:  # duplicate a slice many times
            piece = text[at : at + rng.randint(1, 80)]
            text = text[:at] + piece * rng.randint(2, 200) + text[at:]
        elif kind == 6:  # splice a slice of another capture
            donor = rng.choice(donors)
            d = rng.randrange(len(donor) + 1)
            text = text[:at] + donor[d : d + rng.randint(1, 2000)] + text[at:]
        elif kind == 7:  # pile up nesting
            opener = rng.choice(["[", "{", '{"a":', "<node>", "> ", "  ", "- ", "(("])
            text = text[:at] + opener * rng.randint(100, 5000) + text[at:]
        else:  # cut short
            text = text[:at]
    return text


# -- the parsers under test: each runs everything that reads that kind of text ------------------


def _xml(text: str, rng: random.Random, _tmp: Path) -> None:
    try:
        tree = parse_hierarchy(text)
    except HierarchyError:
        tree = None
    if tree is not None:
        structural_hash(tree)
        nodes = list(tree.iter())
        if nodes:
            node = rng.choice(nodes)
            find_node(tree, node.selector())
            find_node(tree, Selector(text=node.text, bounds=node.bounds))
        for window in tree.windows:
            window.label()
    try:
        xml = adb_parsers.dump_xml(text)
        adb_parsers.has_no_nodes(xml)
    except HierarchyError:
        pass
    adb_parsers.error_dialog(text)


def _logcat(text: str, rng: random.Random, _tmp: Path) -> None:
    lines = text.splitlines()
    logcat.find_crashes(text)
    logcat.find_anrs(lines)
    for crash in [logcat.app_crash(text, rng.choice(["com.x", "net.gsantner.markor", ""]))]:
        if crash is not None:
            crash.to_json()
    for found in logcat.find_exceptions_in_text(text):
        found.to_json()
    logcat.named_exceptions(text)
    adb_parsers.app_problems(lines, "net.gsantner.markor")
    adb_parsers.lines_after(lines, adb_parsers.cursor_after(lines))
    for parse in (
        adb_parsers.current_focus,
        adb_parsers.error_window,
        adb_parsers.resumed_activity,
    ):
        parse(text)
    adb_parsers.density(text)
    adb_parsers.version_name(text)
    adb_parsers.snapshot_names(text)
    for documented_value_error in (adb_parsers.parse_anr_trace, adb_parsers.screen_size):
        with contextlib.suppress(ValueError):
            documented_value_error(text)


def _report(text: str, rng: random.Random, tmp: Path) -> None:
    path = tmp / f"r{rng.randrange(10**9)}{rng.choice(['.json', '.md', '.txt', '.issue'])}"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        report = load_report(path)
    except ReportError:
        return
    finally:
        path.unlink()
    analyze(report)
    crash_score(report)
    if rng.random() < 0.2:  # the raw text as a body, past the loader's checks
        analyze(BugReport(bug_id="fuzz#1", title=text[:200], body=text))


PARSERS: dict[str, Callable[[str, random.Random, Path], None]] = {
    "xml": _xml,
    "logcat": _logcat,
    "report": _report,
}
_WINDOW_LINES = {"xml": 10**9, "logcat": 120, "report": 10**9}


def run(
    cases: int,
    seed: int,
    max_run: int = 100_000,
    slow_s: float = 1.0,
    parsers: list[str] | None = None,
    progress: Callable[[str, ParserStats], None] | None = None,
) -> dict[str, ParserStats]:
    """Run ``cases`` mutated inputs per parser (seeded: the same arguments give the same inputs)
    and return the statistics per parser; ``progress`` is called every 1000 cases."""
    seeds = _seeds()
    names = parsers or list(PARSERS)
    stats = {name: ParserStats() for name in names}
    with tempfile.TemporaryDirectory(prefix="reprofarm-fuzz-") as tmp_dir:
        tmp = Path(tmp_dir)
        for name in names:
            parser = PARSERS[name]
            rng = random.Random(f"{seed}:{name}")
            donors = [t for texts in seeds.values() for t in texts]
            st = stats[name]
            for case in range(cases):
                base = _window(rng, rng.choice(seeds[name]), _WINDOW_LINES[name])
                text = base if case == 0 else mutate(rng, base, donors, max_run)
                started, cpu_started = time.perf_counter(), time.process_time()
                try:
                    parser(text, rng, tmp)
                except Exception:
                    st.crashes += 1
                    if len(st.examples) < 5:
                        st.examples.append(traceback.format_exc(limit=-3)[-600:])
                took = time.process_time() - cpu_started
                st.slowest_wall_s = max(st.slowest_wall_s, time.perf_counter() - started)
                st.cases += 1
                st.total_s += took
                st.slowest_s = max(st.slowest_s, took)
                st.slow_cases += took > slow_s
                if progress is not None and st.cases % 1000 == 0:
                    progress(name, st)
    return stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=34_000, help="cases per parser (3 parsers)")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--max-run", type=int, default=100_000, help="longest inserted run (chars)")
    ap.add_argument("--slow-s", type=float, default=1.0, help="a case slower than this is slow")
    ap.add_argument("--parsers", default=",".join(PARSERS), help="comma-separated subset")
    ap.add_argument(
        "--progress", action="store_true", help="a JSON line on stderr every 1000 cases"
    )
    args = ap.parse_args(argv)
    # The repaired dumps' warnings would bury the one JSON line: errors only, on stderr.
    structlog.configure(
        wrapper_class=structlog.make_filtering_bound_logger(logging.ERROR),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
    )
    started = time.perf_counter()

    def report_progress(name: str, st: ParserStats) -> None:
        print(json.dumps({"parser": name, **st.to_json()}), file=sys.stderr, flush=True)

    stats = run(
        args.cases,
        args.seed,
        args.max_run,
        args.slow_s,
        parsers=args.parsers.split(","),
        progress=report_progress if args.progress else None,
    )
    print(
        json.dumps(
            {
                "cases": sum(s.cases for s in stats.values()),
                "crashes": sum(s.crashes for s in stats.values()),
                "slow_cases": sum(s.slow_cases for s in stats.values()),
                "slowest_case_cpu_s": round(max(s.slowest_s for s in stats.values()), 4),
                "slowest_case_wall_s": round(max(s.slowest_wall_s for s in stats.values()), 4),
                "slow_threshold_s": args.slow_s,
                "seed": args.seed,
                "max_run": args.max_run,
                "wall_s": round(time.perf_counter() - started, 1),
                "per_parser": {name: s.to_json() for name, s in stats.items()},
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
