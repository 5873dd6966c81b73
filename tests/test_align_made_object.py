"""Decision 0054: the row that shows the name the path typed for an item does a later step
that names the item by the report's word for it. Made-up screens of a notes app."""

from __future__ import annotations

from dataclasses import replace

from device_agent.actions import CLICK, INPUT_TEXT
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition


def _editor(title: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.EditText", title, f"{APP}:id/title", "", (0, 100, 1080, 300),
                  clickable=True),
             button("Save", (800, 1700, 1040, 1800))),
    )  # fmt: skip


def _list(row: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.TextView", row, f"{APP}:id/row", "", (0, 200, 1080, 330),
                  clickable=True)),
    )  # fmt: skip


def _path() -> SPath:
    field = next(a for a in enumerate_actions(parse_hierarchy(_editor(""))) if a.kind == INPUT_TEXT)
    return SPath(
        [
            _transition(replace(field, text="groceries"), _editor(""), _editor("groceries")),
            _transition(_click(_editor("groceries"), "Save"), _editor("groceries"),
                        _list("groceries")),
            _transition(_click(_list("groceries"), "groceries"), _list("groceries"),
                        _editor("groceries")),
        ]
    )  # fmt: skip


def test_the_row_named_as_typed_opens_the_object_the_report_made() -> None:
    spec = _spec_of(
        S2RStep("Write a note", INPUT_TEXT, ["note"]),
        S2RStep("Save it", CLICK, ["Save"]),
        S2RStep("Open the note", CLICK, ["note"]),
        kind=NON_CRASH,
    )
    assert align(spec, _path()).served == [0, 1, 2]
    # A step naming something the report never spoke of before is not done by that row.
    other = replace(spec, steps=[*spec.steps[:2], S2RStep("Open the folder", CLICK, ["folder"])])
    assert align(other, _path()).served[2] == -1
