"""Recall rules of the offline reasoner added in issue 12's fourth round (decision 0023), on
small hand-written reports and screens."""

from __future__ import annotations

from device_agent.actions import CLICK, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align, position_match, screen_index
from orchestrator.reasoner.heuristic import HeuristicReasoner
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _screen, _spec_of, _transition
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


def _grid(n: int, labels: tuple[str, ...] = ()) -> str:
    """A picture library: ``n`` cells in rows of two inside a GridView (unlabelled unless
    ``labels`` names them), with a labelled toolbar button above the grid."""
    cells = [
        node(
            "android.widget.FrameLayout",
            labels[i] if i < len(labels) else "",
            "",
            "",
            (540 * (i % 2), 300 + 300 * (i // 2), 540 * (i % 2) + 540, 600 + 300 * (i // 2)),
            node(
                "android.widget.ImageView",
                "",
                f"{APP}:id/grid_image",
                "",
                (540 * (i % 2), 300 + 300 * (i // 2), 540 * (i % 2) + 540, 600 + 300 * (i // 2)),
            ),
            clickable=True,
        )
        for i in range(n)
    ]
    rows = [
        node(
            "android.widget.LinearLayout",
            "",
            "",
            "",
            (0, 300 + 300 * r, 1080, 600 + 300 * r),
            *cells[2 * r : 2 * r + 2],
        )
        for r in range((n + 1) // 2)
    ]
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            button("Import", (0, 100, 300, 250), rid=f"{APP}:id/import"),
            node("android.widget.GridView", "", f"{APP}:id/gridview", "", (0, 300, 1080, 1920),
                 *rows, scrollable=True),
        ),
    )  # fmt: skip


def _cells(xml: str) -> list[Action]:
    return [
        a
        for a in enumerate_actions(parse_hierarchy(xml), include_global=False)
        if a.kind == CLICK and a.target is not None and a.target.class_name.endswith("FrameLayout")
    ]


def test_a_position_word_picks_an_unlabelled_item_of_a_grid() -> None:
    step = S2RStep("select the top-leftmost picture", CLICK, ["top-leftmost picture"])
    xml = _grid(4)
    index = screen_index(xml)
    cells = _cells(xml)
    assert len(cells) == 4
    scores = [position_match(step, a, index) for a in cells]
    assert scores[0] >= 0.5 and scores[1:] == [0.0, 0.0, 0.0]
    assert position_match(step, _click(xml, "Import"), index) == 0.0  # not in the grid
    last = S2RStep("open the last item", CLICK, ["last item"])
    assert [position_match(last, a, index) for a in cells][-1] >= 0.5
    # One picture is still the first; a step with no position word picks none.
    one = _grid(1)
    assert position_match(step, _cells(one)[0], screen_index(one)) >= 0.5
    plain = S2RStep("select a picture", CLICK, ["picture"])
    assert position_match(plain, _cells(one)[0], screen_index(one)) == 0.0
    # A labelled item is picked only when its label names the step's noun.
    named = _grid(2, ("Beach photo", "Groceries"))
    assert position_match(step, _cells(named)[0], screen_index(named)) >= 0.5
    other = _grid(2, ("Groceries", "Beach photo"))
    assert position_match(step, _cells(other)[0], screen_index(other)) == 0.0


def test_the_aligner_and_the_filter_credit_the_item_a_position_word_picks() -> None:
    spec = _spec_of(
        S2RStep("Click the gallery", CLICK, ["gallery"]),
        S2RStep("select the top-leftmost picture", CLICK, ["top-leftmost picture"]),
        S2RStep("Click Delete", CLICK, ["Delete"]),
    )
    xml = _grid(3)
    first, second = _cells(xml)[:2]
    path = SPath([_transition(first, xml, FEEDBACK_PAGE)])
    # (the first step names nothing this screen shows: skipped by the widget action)
    assert align(spec, path).reached == 1
    assert align(spec, SPath([_transition(second, xml, FEEDBACK_PAGE)])).reached == -1
    ranked = HeuristicReasoner().filter_actions(
        _spec_of(*spec.steps[1:]), _screen(xml), _cells(xml), SPath(), 3
    )
    assert ranked.actions[0] == first
