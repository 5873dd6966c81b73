"""Recall rules of the offline reasoner added in issue 12's fifth round by helper recallB
(decision 0025), on small hand-written reports and screens."""

from __future__ import annotations

from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.heuristic import HeuristicReasoner
from tests.test_enumerate import dump, node, status_bar
from tests.test_heuristic import APP, _screen, _spec_of

CLICK = "click"


def _row(name: str, top: int) -> str:
    """A file row: a clickable container with the name, and its own menu button."""
    return node(
        "android.widget.LinearLayout", "", f"{APP}:id/itemLayout", "", (0, top, 1080, top + 180),
        node("android.widget.TextView", name, f"{APP}:id/nameText", "", (170, top, 900, top + 90)),
        node(
            "android.widget.ImageButton", "", f"{APP}:id/menuButton", "",
            (930, top, 1080, top + 180), clickable=True,
        ),
        clickable=True,
    )  # fmt: skip


def _file_list(rows: int = 4) -> str:
    """A file manager's list: a toolbar whose title is "Files", More options, rows with their
    own menu buttons, and an unlabelled floating action button."""
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.TextView", "Files", f"{APP}:id/title", "", (40, 80, 500, 160)),
            node(
                "android.widget.ImageView", "", "", "More options", (933, 63, 1080, 210),
                clickable=True,
            ),
            *[_row(f"Folder{i}", 300 + 200 * i) for i in range(rows)],
            node(
                "android.widget.ImageButton", "", f"{APP}:id/main_fab", "", (880, 1700, 1040, 1860),
                clickable=True,
            ),
        ),
    )  # fmt: skip


def _ranked(spec, xml: str, limit: int = 6) -> list[str]:
    candidates = enumerate_actions(parse_hierarchy(xml))
    result = HeuristicReasoner().filter_actions(spec, _screen(xml), candidates, SPath(), limit)
    return [
        (a.target.resource_id or a.target.content_desc) if a.target else a.kind
        for a in result.actions
    ]


def test_a_target_word_only_on_a_title_leaves_the_ways_elsewhere_their_priors() -> None:
    # "Perform a file creation": the only label matching is the app's title "Files", which
    # nothing can press; the ways to the step's widget (the FAB, More options) must still rank
    # above the rows' exploration.
    spec = _spec_of(
        S2RStep("Perform a file creation or deletion operation", CLICK, ["file creation"]),
        kind=NON_CRASH,
    )
    ranked = _ranked(spec, _file_list())
    assert f"{APP}:id/main_fab" in ranked
    assert "More options" in ranked
    # A target that a pressable widget shows is the step itself: no detour.
    spec_row = _spec_of(S2RStep("Open Folder2", CLICK, ["Folder2"]), kind=NON_CRASH)
    assert _ranked(spec_row, _file_list())[0] == f"{APP}:id/itemLayout"


def test_a_creating_step_prefers_the_creating_control_among_many_menus() -> None:
    # Seven rows each with a menu button: with six candidates kept, the FAB (the control that
    # creates) comes first for a step that creates something; another step's detour does not
    # favour it over the overflow menu.
    spec = _spec_of(S2RStep("Perform a file creation", CLICK, ["file creation"]), kind=NON_CRASH)
    ranked = _ranked(spec, _file_list(rows=7))
    assert ranked[0] == f"{APP}:id/main_fab"
    other = _spec_of(S2RStep("Open the Settings", CLICK, ["Settings"]), kind=NON_CRASH)
    assert _ranked(other, _file_list(rows=7))[0] != f"{APP}:id/main_fab"
