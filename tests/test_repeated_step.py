"""A step that does an earlier step again is done by a click on the very control that did the
earlier one, whatever that control shows now (a field showing the value picked in it, a toggle
drawn with no label). Hand-written screens of no catalog app."""

from __future__ import annotations

from device_agent.actions import CLICK, ROTATE, Action
from orchestrator.model import NON_CRASH, ReproSpec, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _transition


def _form(start: str, *, other: str = "End") -> str:
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            button(start, (0, 200, 1080, 350), rid=f"{APP}:id/start_field"),
            button(other, (0, 350, 1080, 500), rid=f"{APP}:id/end_field"),
        ),
    )  # fmt: skip


def _spec(last: str) -> ReproSpec:
    return ReproSpec(
        [
            S2RStep("Tap the Start field", CLICK, ["Start field"]),
            S2RStep("Rotate the phone", ROTATE, []),
            S2RStep(last, CLICK, ["Start field"]),
        ],
        "The start time resets",
        NON_CRASH,
    )


def _path(last_label: str) -> SPath:
    empty, picked = _form("Start"), _form("14:30")
    rotate = Action(kind=ROTATE, orientation="landscape")
    return SPath(
        [
            _transition(_click(empty, "Start"), empty, picked),
            _transition(rotate, picked, picked),
            _transition(_click(picked, last_label), picked, picked.replace("14:30", "14:31")),
        ]
    )


def test_a_repeated_step_is_done_on_the_control_that_did_it_whatever_it_shows() -> None:
    progress = align(_spec("Press the Start field again"), _path("14:30"))
    assert progress.served == [0, 1, 2]


def test_another_control_does_not_repeat_it() -> None:
    progress = align(_spec("Press the Start field again"), _path("End"))
    assert progress.reached == 1
