"""Decision 0058 (issue 28 §3): a row the path deleted that is listed again once the list is
left and opened again (a restart, another screen and back) is the report's "the deleted item
comes back". Made-up screens of a shopping list."""

from __future__ import annotations

from device_agent.actions import CLICK, RESTART_APP, Action
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner import verify as verifier
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition


def _list(*rows: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.TextView", "Groceries", f"{APP}:id/title", "",
                  (0, 100, 1080, 200)),
             node("android.widget.ListView", "", f"{APP}:id/rows", "", (0, 200, 1080, 1800),
                  *(button(r, (0, 200 + 100 * i, 1080, 300 + 100 * i), rid=f"{APP}:id/row")
                    for i, r in enumerate(rows)), scrollable=True)),
    )  # fmt: skip


ITEM = dump(
    status_bar(),
    node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
         node("android.widget.TextView", "Milk", f"{APP}:id/name", "", (0, 100, 1080, 200)),
         button("Delete", (0, 300, 540, 400), rid=f"{APP}:id/delete")),
)  # fmt: skip
CONFIRM = dump(
    status_bar(),
    node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
         node("android.widget.TextView", "Milk", f"{APP}:id/name", "", (0, 100, 1080, 200))),
    node("android.widget.FrameLayout", "", "", "", (100, 700, 980, 1200),
         node("android.widget.TextView", "Delete this item?", f"{APP}:id/alertTitle", "",
              (120, 720, 900, 800)),
         button("OK", (600, 1000, 900, 1100), rid="android:id/button1")),
)  # fmt: skip
FULL = (0, 0, 1080, 1920)
BOTH, EGGS = _list("Milk", "Eggs"), _list("Eggs")

SPEC = _spec_of(
    S2RStep("Open Milk", CLICK, ["Milk"]),
    S2RStep("Tap Delete", CLICK, ["Delete"]),
    S2RStep("Confirm", CLICK, ["OK"]),
    S2RStep("Restart the app", RESTART_APP, []),
    kind=NON_CRASH,
    symptom="After a restart the deleted item comes back.",
)


def _index(xml: str):
    from orchestrator.reasoner.align import screen_index

    return screen_index(xml)


def _path(final: str, *, undo: bool = False) -> SPath:
    steps = [
        _transition(_click(BOTH, "Milk"), BOTH, ITEM, activity=".Item"),
        _transition(_click(ITEM, "Delete"), ITEM, CONFIRM, activity=".Item"),
        _transition(_click(CONFIRM, "OK"), CONFIRM, EGGS),
    ]
    if undo:
        bar = button("Undo", (0, 0, 300, 100))
        undo_screen = dump(status_bar(), node("android.widget.FrameLayout", "", "", "", FULL, bar))
        steps.append(_transition(_click(undo_screen, "Undo"), undo_screen, EGGS))
    steps.append(_transition(Action(RESTART_APP), EGGS, final))
    return SPath(steps)


def test_a_deleted_row_listed_again_after_a_restart_is_the_evidence() -> None:
    verdict = verifier.verify(SPEC, _path(BOTH), [])
    assert verdict.reproduced and verdict.details["check"] == "back_after_delete"
    assert "'Milk'" in verdict.evidence


def test_no_claim_when_it_stays_deleted_was_restored_or_the_symptom_says_otherwise() -> None:
    assert not verifier.verify(SPEC, _path(EGGS), []).reproduced  # a fixed build
    # The path undid the deletion (another check may still judge the restart itself).
    undone = _path(BOTH, undo=True)
    assert not verifier._back_after_delete("it comes back", SPEC, undone, _index(BOTH))
    calm = _spec_of(*SPEC.steps, kind=NON_CRASH, symptom="After a restart the list is slow.")
    assert not verifier.verify(calm, _path(BOTH), []).reproduced
    # A path that skipped a step of the report (no restart step done) is no claim.
    short = SPath(_path(BOTH).transitions[:3])
    assert not verifier._back_after_delete("it comes back", SPEC, short, _index(BOTH))
    assert verifier._back_after_delete("it comes back", SPEC, _path(BOTH), _index(BOTH))
