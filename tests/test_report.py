"""Loading bug reports: the 75 LTGDroid JSON reports, Markdown/text reports, GitHub REST issues,
and every way a report file can be unusable (each a one-line ReportError with the fix)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orchestrator.errors import BadInputError, ReportError
from orchestrator.report import load_report
from tests.conftest import EXAMPLES, SHARED

LTG = SHARED / "datasets" / "ltgdroid_reports"
LTG_FILES = sorted(LTG.glob("*.json")) if LTG.is_dir() else []


@pytest.mark.skipif(not LTG_FILES, reason=f"{LTG} is absent (ships with CI only)")
def test_all_ltgdroid_reports_load() -> None:
    assert len(LTG_FILES) == 75
    for path in LTG_FILES:
        raw = json.loads(path.read_text(encoding="utf-8"))
        report = load_report(path)
        assert report.bug_id == path.stem  # "AmazeFileManager#1796"
        assert report.title == raw["title"].strip()
        assert report.repo == raw["repo"] and report.apk_name == raw["apk_name"]
        assert report.url == raw["url"]
        assert report.body == (raw["body"] or "").replace("\r\n", "\n")
        assert len(report.comments) == sum(1 for c in raw["comments"] if c.strip())
        assert "\r" not in report.body
        assert report.source_path == str(path)


@pytest.mark.skipif(not LTG_FILES, reason=f"{LTG} is absent (ships with CI only)")
def test_bug_id_from_repo_and_url_when_the_file_name_says_nothing(tmp_path: Path) -> None:
    data = json.loads((LTG / "AmazeFileManager#1796.json").read_text(encoding="utf-8"))
    path = tmp_path / "report.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_report(path).bug_id == "AmazeFileManager#1796"


def test_github_rest_issue(tmp_path: Path) -> None:
    issue = {
        "number": 42,
        "title": "Crash on save",
        "body": "1. open\r\n2. save",
        "html_url": "https://github.com/acme/notes-app/issues/42",
        "comments": 3,  # GitHub gives a count here
    }
    path = tmp_path / "issue.json"
    path.write_text(json.dumps(issue), encoding="utf-8")
    report = load_report(path)
    assert report.bug_id == "notes-app#42"
    assert report.repo == "notes-app" and report.url.endswith("/42")
    assert report.body == "1. open\n2. save" and report.comments == []
    issue["comments"] = [{"body": "same here"}, {"body": "  "}, {"user": "x"}]
    path.write_text(json.dumps(issue), encoding="utf-8")
    assert load_report(path).comments == ["same here"]


def test_ltgdroid_null_body_and_missing_title(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"title": "Crash when adding label", "body": None, "comments": []}))
    report = load_report(path)
    assert report.body == "" and report.title == "Crash when adding label"
    path.write_text(json.dumps({"body": "\n## App crashes on start\nmore"}))
    assert load_report(path).title == "App crashes on start"


def test_markdown_with_front_matter_heading_and_comments(tmp_path: Path) -> None:
    text = (
        "---\n"
        "bug_id: Notes#7\n"
        "repo: Notes\n"
        "url: https://github.com/acme/Notes/issues/7\n"
        "apk_name: Notes_v1.0.apk\n"
        "---\n\n"
        "# Crash when deleting a note\n\n"
        "## Steps\n\n1. Open a note\n2. Tap delete\n\n"
        "## Comments\n\n"
        "- First comment\n  continues here\n"
        "- Second comment\n\n"
        "## Environment\n\nAndroid 14\n"
    )
    path = tmp_path / "notes.md"
    path.write_text(text, encoding="utf-8")
    report = load_report(path)
    assert report.bug_id == "Notes#7" and report.repo == "Notes"
    assert report.apk_name == "Notes_v1.0.apk"
    assert report.title == "Crash when deleting a note"
    assert report.comments == ["First comment\ncontinues here", "Second comment"]
    assert "2. Tap delete" in report.body and "Android 14" in report.body
    assert "First comment" not in report.body and "# Crash" not in report.body


def test_plain_text_report_title_is_first_line(tmp_path: Path) -> None:
    path = tmp_path / "bug.txt"
    path.write_text("\n\nApp stops after opening About twice\nOpen app\nSelect about\n")
    report = load_report(path)
    assert report.title == "App stops after opening About twice"
    assert report.body.splitlines() == ["Open app", "Select about"]
    assert report.bug_id == "bug"
    # A horizontal rule is neither front matter nor a title.
    path.write_text("---\nnot: front\nmatter because\n---\nTitle here\n")
    report = load_report(path)
    assert report.title == "not: front" and "Title here" in report.body


def test_example_reports_in_the_repo_load() -> None:
    files = sorted(EXAMPLES.glob("*.md"))
    assert files
    for path in files:
        report = load_report(path)
        assert "#" in report.bug_id and report.title and report.body


def test_unknown_suffix_with_json_or_text(tmp_path: Path) -> None:
    path = tmp_path / "report.issue"
    path.write_text(json.dumps({"title": "T", "body": "B"}))
    assert load_report(path).title == "T"
    path.write_text("{ not json, but a text report\nline two")
    assert load_report(path).title == "{ not json, but a text report"


def _error(path: Path) -> ReportError:
    with pytest.raises(ReportError) as info:
        load_report(path)
    err = info.value
    assert isinstance(err, BadInputError) and err.exit_code == 2
    assert "\n" not in str(err) and str(path) in str(err)
    return err


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("empty.md", b"", "empty"),
        ("blank.json", b"  \n\t\n", "empty"),
        ("binary.md", b"PK\x03\x04\x00\x00binary", "binary"),
        ("latin1.md", "Caf\u00e9 crash".encode("latin-1"), "UTF-8"),
        ("broken.json", b'{"title": "x",\n "body": }', "line 2, column"),
        ("list.json", b'["title", "body"]', "not an object"),
        ("nothing.json", b'{"repo": "x", "comments": []}', "neither a 'title' nor a 'body'"),
        ("badtype.json", b'{"title": ["x"], "body": "y"}', "must be a string"),
        ("badcomments.json", b'{"title": "x", "body": "y", "comments": {"a": 1}}', "comments"),
        ("frontonly.md", b"---\nbug_id: X#1\n---\n\n", "no text after its front matter"),
        ("weird.bin", b"\x00\x01\x02\x03", "binary"),
    ],
)
def test_bad_reports_raise_report_error(
    tmp_path: Path, name: str, content: bytes, words: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert words in str(_error(path))


def test_missing_file_and_directory(tmp_path: Path) -> None:
    assert "does not exist" in str(_error(tmp_path / "nope.json"))
    assert "is a directory" in str(_error(tmp_path))


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"title": "T", "body": "B"}).encode())
    assert load_report(path).title == "T"
