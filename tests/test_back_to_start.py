"""The ``back_to_start`` check: a value the path set going shows its first value again after
the last action ("the counter resets on rotation"), but never a row of a scrolling list, whose
rows show what its scroll position shows (a scroll, then a rotation's re-layout, brings the
first rows back on any build). Made-up screens of a tally app."""

from __future__ import annotations

from device_agent.actions import ROTATE, Action
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.heuristic import HeuristicReasoner
from tests.test_enumerate import dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition


def _tally(count: str, first_row: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.TextView", count, f"{APP}:id/count", "", (0, 150, 1080, 250)),
             node("android.widget.Button", "Add one", f"{APP}:id/add", "", (0, 260, 1080, 360),
                  clickable=True),
             node("androidx.recyclerview.widget.RecyclerView", "", f"{APP}:id/list", "",
                  (0, 400, 1080, 1800),
                  node("android.widget.TextView", first_row, f"{APP}:id/row", "",
                       (0, 400, 1080, 550)),
                  scrollable=True)),
    )  # fmt: skip


def _rotated(start: str, changed: str, end: str) -> SPath:
    add = _click(start, "Add one")
    rotate = Action(kind=ROTATE, orientation="landscape")
    return SPath([_transition(add, start, changed), _transition(rotate, changed, end)])


SPEC = _spec_of(
    S2RStep("Rotate the phone", ROTATE, []),
    kind=NON_CRASH,
    symptom="Counter resets. Actual: after rotating, it goes back to zero.",
)


def test_a_value_the_path_set_going_back_to_its_first_value_is_the_evidence() -> None:
    path = _rotated(_tally("0", "Monday"), _tally("1", "Monday"), _tally("0", "Monday"))
    verdict = HeuristicReasoner().verify(SPEC, path)
    assert verdict.reproduced and "'count'" in verdict.evidence


def test_a_list_row_back_to_its_first_value_is_not() -> None:
    # the list scrolled to another row, and the rotation's re-layout shows the first again
    path = _rotated(_tally("0", "Monday"), _tally("0", "Friday"), _tally("0", "Monday"))
    assert not HeuristicReasoner().verify(SPEC, path).reproduced
