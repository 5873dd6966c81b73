"""A "still shown after deleting" claim needs the deletion on the path: the deleting step done
by a deleting action, not by a click that only opened the thing. Hand-written screens of no
catalog app."""

from __future__ import annotations

from device_agent.actions import CLICK
from orchestrator.model import NON_CRASH, ReproSpec, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.verify import verify
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _transition


def _screen(title: str, *rows: str) -> str:
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.TextView", title, f"{APP}:id/title", "", (0, 63, 700, 200)),
            button("Delete", (700, 63, 900, 200), rid=f"{APP}:id/delete"),
            button("Bin", (900, 63, 1080, 200), rid=f"{APP}:id/bin"),
            *[node("android.widget.TextView", r, f"{APP}:id/row", "", (0, 300 + 100 * i, 1080,
                   400 + 100 * i), clickable=True) for i, r in enumerate(rows)],
        ),
    )  # fmt: skip


def test_still_shown_needs_the_deleting_step_done_by_a_deletion() -> None:
    # "Remove the group; the removed group still shows": the path only tapped the group (the
    # aligner may credit "remove group" to it), then opened a list that shows it.
    spec = ReproSpec(
        [S2RStep("Remove the group 'beans'", CLICK, ["beans"])],
        "Removed groups linger. Actual: the removed group is still shown on the beds.",
        NON_CRASH,
    )
    groups = _screen("Groups", "beans")
    opened = _screen("beans", "beans")
    tapped = SPath([_transition(_click(groups, "beans"), groups, opened)])
    verdict = verify(spec, tapped, [])
    assert not (verdict.reproduced and verdict.details.get("check") == "still_shown")
    # Deleted with the Delete button, and still listed: the symptom.
    deleted = SPath([_transition(_click(groups, "Delete"), groups, groups)])
    spec.steps[0].targets = ["beans", "Delete"]
    verdict = verify(spec, deleted, [])
    assert verdict.reproduced and verdict.details["check"] == "still_shown"
