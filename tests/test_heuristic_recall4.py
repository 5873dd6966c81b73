"""Recall rules of the offline reasoner added in issue 12's fourth round (decision 0023), on
small hand-written reports and screens."""

from __future__ import annotations

from device_agent.actions import CLICK
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.heuristic import HeuristicReasoner
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition
from tests.test_heuristic_recall3 import _wizard

FEEDBACK_PAGE = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        node("android.widget.TextView", "Feedback Options", "", "", (0, 100, 1080, 200)),
        button("Next", (800, 1700, 1080, 1850), rid=f"{APP}:id/btn_save"),
    ),
)  # fmt: skip


START = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        button("Setup", (300, 800, 780, 950), rid=f"{APP}:id/setup"),
    ),
)  # fmt: skip


def test_the_beam_keeps_a_preselected_choice_no_step_names() -> None:
    # A first-run wizard's page whose options share the step's word ("accounts"): the path that
    # changed the preselected option stays on a page that looks near the step, the one that kept
    # it and went on does not; the path that kept the default must rank first all the same.
    reasoner = HeuristicReasoner()
    spec = _spec_of(
        S2RStep("Tap Setup", CLICK, ["Setup"]),
        S2RStep("Open any accounts view", CLICK, ["accounts view"]),
        kind=NON_CRASH,
    )
    page = _wizard(0)
    setup = _transition(_click(START, "Setup"), START, page)
    went_on = SPath([setup, _transition(_click(page, "Next"), page, FEEDBACK_PAGE)])
    changed = SPath([setup, _transition(_click(page, "Import my accounts"), page, _wizard(1))])
    kept, moved = reasoner.evaluate_paths(spec, [went_on, changed])
    assert kept.score > moved.score
    assert "changed a preselected choice" in moved.reason
    # A step that names the option may change it; a list with no choice made has no default.
    named = _spec_of(S2RStep("Choose Import my accounts", CLICK, ["Import my accounts"]))
    assert "preselected" not in reasoner.evaluate_paths(named, [changed])[0].reason
    assert reasoner.evaluate_paths(spec, [changed])[0].score > 0.4  # pushed down, not dropped
    unset = _wizard(None)
    first = SPath([setup, _transition(_click(unset, "Import my accounts"), unset, _wizard(1))])
    assert "preselected" not in reasoner.evaluate_paths(spec, [first])[0].reason
