"""A report that quotes an exception with its message as what happens is a crash report, though
it never says "crash" (FastAdapter#394 in our words: "The app closes with
`NullPointerException: Attempt to invoke ...`"); a name alone, or one the expected behaviour
mentions, is not (issue 28 §2)."""

from __future__ import annotations

from orchestrator.model import CRASH, NON_CRASH, BugReport
from orchestrator.reasoner.s2r import analyze


def _kind(body: str, title: str = "The list sample misbehaves") -> str:
    return analyze(BugReport(bug_id="Widgets#1", title=title, body=body)).bug_kind


def test_an_exception_quoted_with_its_message_is_a_crash() -> None:
    body = (
        '## Steps\n1. Tap the "List" sample.\n\n## Actual\n'
        "The screen goes away with `IllegalStateException: Adapter is detached`.\n"
    )
    assert _kind(body) == CRASH


def test_a_bare_name_or_one_under_expected_is_not() -> None:
    bare = (
        '## Steps\n1. Tap the "List" sample.\n\n## Actual\n'
        "The list shows an IllegalStateException row.\n"
    )
    assert _kind(bare) == NON_CRASH
    expected = (
        '## Steps\n1. Tap the "List" sample.\n\n## Actual\nThe list is empty.\n\n'
        "## Expected\nThe rows show; no `IllegalStateException: Adapter is detached` is logged.\n"
    )
    assert _kind(expected) == NON_CRASH
