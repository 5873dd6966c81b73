"""Two verbs sharing one object ("Create or delete a file") name that object, not the second
verb and the object ("delete file"). Hand-written reports."""

from __future__ import annotations

import pytest

from orchestrator.model import BugReport
from orchestrator.reasoner.s2r import analyze


@pytest.mark.parametrize(
    ("line", "target"),
    [
        ("Create or delete a file", "file"),
        ("Add or remove an item", "item"),
        ("Open or close the drawer", "drawer"),
        ("Tap Save or Cancel", "Save"),  # not two verbs: the first control stays the target
    ],
)
def test_both_verbs_act_on_the_object(line: str, target: str) -> None:
    body = f"Steps:\n1. Open the settings\n2. {line}\n"
    spec = analyze(BugReport(bug_id="Shelf#3", title="Shelf bug", body=body))
    assert spec.steps[-1].targets == [target]
