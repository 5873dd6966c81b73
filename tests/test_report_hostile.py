"""Reports written by strangers: deeply nested JSON is a clear exit 2, Markdown front matter is
YAML (lists, folded text, quotes), and the regexes that read report text stay linear on long runs
(the fuzz run is ``tests/test_fuzz_parsers.py``; timing is ``benchmarks/fuzz_parsers.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orchestrator.errors import ReportError
from orchestrator.model import BugReport
from orchestrator.reasoner.s2r import (
    MAX_COMMENTS_CHARS,
    MAX_LINES,
    MAX_PROSE_SENTENCES,
    _observed_quotes,
    _without_descriptor,
    analyze,
    bounded_report,
)
from orchestrator.report import load_report
from tests.test_cli_errors import one_line, run_cli


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("deep.json", "[" * 100_000 + "]" * 100_000),
        ("deepbody.json", '{"title": "x", "body": ' + "[" * 50_000 + "]" * 50_000 + "}"),
        ("deep.issue", '{"a": ' * 50_000 + "1" + "}" * 50_000),  # unknown suffix, JSON content
    ],
)
def test_deeply_nested_json_is_a_clear_error_with_exit_2(
    capsys, tmp_path: Path, name: str, content: str
) -> None:
    path = tmp_path / name
    path.write_text(content)
    with pytest.raises(ReportError, match="nests JSON .* too deeply"):
        load_report(path)
    code, _, err = run_cli(capsys, "reproduce", str(path), "--out", str(tmp_path / "out"))
    assert code == 2
    assert "too deeply" in one_line(err) and "RecursionError" not in err


def test_a_number_too_long_for_python_is_a_clear_error_with_exit_2(capsys, tmp_path: Path) -> None:
    huge = "9" * 5000  # past Python's 4300-digit int-string limit: json.loads raises ValueError
    path = tmp_path / "huge.json"
    path.write_text('{"title": "Crash", "body": "Tap Save", "number": ' + huge + "}")
    with pytest.raises(ReportError, match="number too long"):
        load_report(path)
    code, _, err = run_cli(capsys, "reproduce", str(path), "--out", str(tmp_path / "out"))
    assert code == 2 and "number too long" in one_line(err) and "Traceback" not in err
    # An unknown suffix reads JSON it cannot parse as text.
    other = tmp_path / "huge.issue"
    other.write_text(path.read_text())
    report = load_report(other)
    assert "Tap Save" in report.title + report.body


def test_front_matter_is_yaml_with_quotes_folded_text_and_lists(tmp_path: Path) -> None:
    path = tmp_path / "report.md"
    path.write_text(
        "---\n"
        "bug_id: 'Notes#7'   # a comment, not part of the id\n"
        'title: "Crash: tapping \\"Save\\" twice"\n'
        "repo: >\n"
        "  Notes\n"
        "url: https://github.com/acme/Notes/issues/7\n"
        "number: 7\n"
        "labels: [bug, crash]\n"
        "comments:\n"
        "  - Happens on Android 14 too.\n"
        "  - |\n"
        "    Stack trace attached.\n"
        "    Second line.\n"
        "---\n"
        "1. Open a note\n"
        "2. Tap Save twice\n"
    )
    report = load_report(path)
    assert report.bug_id == "Notes#7"
    assert report.title == 'Crash: tapping "Save" twice'
    assert report.repo == "Notes" and report.url.endswith("/issues/7")
    assert report.comments == ["Happens on Android 14 too.", "Stack trace attached.\nSecond line."]
    assert report.body.splitlines() == ["1. Open a note", "2. Tap Save twice"]


def test_folded_title_and_number_without_bug_id(tmp_path: Path) -> None:
    path = tmp_path / "r.md"
    path.write_text(
        "---\ntitle: >-\n  App crashes when\n  rotating the editor\nrepo: Markor\nnumber: 194\n"
        "---\nSteps: rotate.\n"
    )
    report = load_report(path)
    assert report.title == "App crashes when rotating the editor"
    assert report.bug_id == "Markor#194" and report.body == "Steps: rotate."


@pytest.mark.parametrize(
    ("front", "words"),
    [
        ("title: [a, b]\n", "front matter field 'title' must be text, got list"),
        ("title: Crash: on save\nrepo: x\n", "front matter is not valid YAML"),
        ("bug_id: [x\nrepo: y\n", "front matter is not valid YAML"),
    ],
)
def test_broken_front_matter_is_a_clear_error(tmp_path: Path, front: str, words: str) -> None:
    path = tmp_path / "r.md"
    path.write_text(f"---\n{front}---\nSteps\n")
    with pytest.raises(ReportError, match=words) as info:
        load_report(path)
    assert "\n" not in str(info.value) and info.value.exit_code == 2


def test_nested_flow_front_matter_does_not_recurse(tmp_path: Path) -> None:
    path = tmp_path / "r.md"
    path.write_text("---\nlabels: " + "[" * 5000 + "]" * 5000 + "\n---\nSteps\n")
    with pytest.raises(ReportError, match="not valid YAML"):
        load_report(path)


def test_a_horizontal_rule_then_prose_is_still_text(tmp_path: Path) -> None:
    path = tmp_path / "r.md"
    path.write_text("---\nThe app: it crashes\nwhen I rotate\n---\nmore text\n")
    report = load_report(path)
    assert report.title == "The app: it crashes" and "more text" in report.body


@pytest.mark.parametrize("filler", [" ", "\t", "a", "-", ".", ":", "#", "*"])
def test_report_analysis_reads_long_runs(tmp_path: Path, filler: str) -> None:
    """Hang detector with a correctness check: long runs in the shapes the old patterns choked on
    (a comments heading, "set ... to", a crash frame) still give the right answer."""
    run = filler * 20_000
    body = (
        f"## Comments{run}x\n"
        f"1. Set the font size{run} to 12\n"
        f"2. set{run}\n"
        "java.lang.IllegalStateException: boom\n"
        f"\tat com.acme.notes.Main.onCreate(Main.java:12){run}x\n"
    )
    path = tmp_path / "r.md"
    path.write_text(f"# Crash on start\n{body}")
    report = load_report(path)
    assert report.title == "Crash on start" and report.comments == []
    spec = analyze(BugReport(bug_id="x#1", title=report.title, body=report.body))
    assert spec.exception_class.endswith("IllegalStateException")
    assert spec.steps


def test_ltgdroid_reports_still_load(shared_dir: Path) -> None:
    reports = sorted((shared_dir / "datasets" / "ltgdroid_reports").glob("*.json"))
    assert len(reports) >= 70
    for path in reports:
        report = load_report(path)
        assert report.title == (json.loads(path.read_text())["title"] or "").strip() or report.body


@pytest.mark.parametrize(
    "piece",
    ["```", "<!--", "[a](", "![", "<a ", 'the error "x" ', "shows" + " " * 5000 + '"Oops" '],
)
def test_report_analysis_is_linear_in_repeated_openers(piece: str) -> None:
    """Hang detector: openers with no closer (fences, comments, links, tags) and many quotes in
    one clause were quadratic (tens of seconds); the steps before them are still found."""
    body = "1. Open the settings\n2. Tap Save\n\n" + piece * (60_000 // len(piece))
    spec = analyze(BugReport(bug_id="x#1", title="Save fails", body=body))
    assert spec.steps[0].text == "Open the settings"
    assert spec.steps[1].text.startswith("Tap Save")


@pytest.mark.parametrize("lead", ["like", "say", "e.g.", "for example"])
def test_a_long_space_after_an_example_lead_in_is_read_in_linear_time(lead: str) -> None:
    """Hang detector: "like" + 60k no-break spaces took a minute (two whitespace runs around an
    optional ':' split the run quadratically; benchmarks/fuzz_parsers.py --seed 5 found it)."""
    body = "1. Open the settings\n2. Tap Save\n\n" + lead + "\xa0" * 60_000 + "x"
    spec = analyze(BugReport(bug_id="x#1", title="Save fails", body=body))
    assert [s.text for s in spec.steps][:2] == ["Open the settings", "Tap Save"]


def test_long_spaces_after_a_variant_label_or_a_described_value_are_linear() -> None:
    """Hang detectors for this session's rules: a variant label's line ("Variant A" + spaces)
    and a symbolic value's field ("date" + spaces) each split a long space run quadratically."""
    spaces = " " * 60_000
    body = f"1. Open the settings\n2. Tap Save\n\nVariant A{spaces}x\n"
    spec = analyze(BugReport(bug_id="x#1", title="Save fails", body=body))
    assert [s.text for s in spec.steps][:2] == ["Open the settings", "Tap Save"]
    assert _without_descriptor(f"empty x{spaces}y") == f"x{spaces}y"


def test_a_quote_the_app_shows_is_not_typed_even_after_a_long_space() -> None:
    """The lead-in ("shows", "error") before a quote is found across a long whitespace run."""
    clause = "The app shows" + " " * 10_000 + '"Name too long"'
    assert _observed_quotes(clause) == ["Name too long"]
    assert _observed_quotes('Type "Name too long"') == []


def test_step_extraction_reads_a_bounded_number_of_prose_sentences() -> None:
    """A body of thousands of one-line "steps" (issue 15's fuzz: 1.3 s of CPU) is read up to
    ``MAX_PROSE_SENTENCES``: the first steps are found in order, the rest is not read."""
    body = "".join(f"Open screen {i}\n" for i in range(3 * MAX_PROSE_SENTENCES))
    spec = analyze(BugReport(bug_id="x#1", title="Screens fail", body=body))
    assert spec.steps[0].text == "Open screen 0" and spec.steps[1].text == "Open screen 1"
    assert MAX_PROSE_SENTENCES // 2 <= len(spec.steps) <= MAX_PROSE_SENTENCES


def test_comments_are_read_within_one_budget_in_order() -> None:
    """Fifty 20k-character comments would be a megabyte of regex scans: the analysis reads
    comments in order within ``MAX_COMMENTS_CHARS`` in all; a real report's are untouched."""
    many = [f"comment {i} " + "x" * 30_000 for i in range(50)]
    bounded = bounded_report(BugReport(bug_id="x#1", title="t", body="b", comments=many))
    assert sum(len(c) for c in bounded.comments) <= MAX_COMMENTS_CHARS
    assert bounded.comments[0].startswith("comment 0 ") and bounded.comments[1].startswith(
        "comment 1 "
    )
    small = BugReport(bug_id="x#1", title="t", body="b", comments=["short", "also short"])
    assert bounded_report(small) is small


def test_a_body_of_many_lines_is_read_up_to_max_lines() -> None:
    """40k empty lines cost a second of per-line work in the fuzz: texts are cut after
    ``MAX_LINES`` lines, and the steps before the flood are still found."""
    body = "1. Open the settings\n2. Tap Save\n" + "\n" * 40_000 + "3. Tap Delete\n"
    bounded = bounded_report(BugReport(bug_id="x#1", title="Save fails", body=body))
    assert len(bounded.body.splitlines()) <= MAX_LINES
    spec = analyze(BugReport(bug_id="x#1", title="Save fails", body=body))
    assert [s.text for s in spec.steps][:2] == ["Open the settings", "Tap Save"]
    assert all("Delete" not in s.text for s in spec.steps)
