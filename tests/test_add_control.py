"""A creating step ("Create a trip", "Add a new habit") is done by the screen's generic add
control: a "+" floating action button whose id is all it says, or one with no label at all
(align.add_control_match)."""

from __future__ import annotations

from device_agent.actions import CLICK, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import Path as SPath
from orchestrator.model import S2RStep
from orchestrator.reasoner.align import MATCH_THRESHOLD, add_control_match, align, screen_index
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition

FAB = (868, 1582, 1036, 1750)  # 64 dp in the bottom-right corner of a 1080 x 1920 screen


def _list_screen(fab: str) -> str:
    """A "Trips" list with one row, a Settings button at the top and ``fab`` over the list."""
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.TextView", "Trips", f"{APP}:id/title", "", (40, 80, 600, 200)),
            button("Settings", (800, 80, 1060, 200), rid=f"{APP}:id/settings"),
            node("androidx.recyclerview.widget.RecyclerView", "", f"{APP}:id/list", "",
                 (0, 210, 1080, 1900),
                 node("android.widget.LinearLayout", "", "", "", (0, 210, 1080, 400),
                      clickable=True)),
            fab,
        ),
    )  # fmt: skip


def _fab(rid: str = "", desc: str = "", bounds: tuple[int, int, int, int] = FAB) -> str:
    return node("android.widget.ImageButton", "", rid, desc, bounds, clickable=True)


def _click_at(xml: str, bounds: tuple[int, int, int, int]) -> Action:
    for action in enumerate_actions(parse_hierarchy(xml), include_global=False):
        target = action.target
        if action.kind == CLICK and target is not None and tuple(target.bounds.to_list()) == bounds:
            return action
    raise AssertionError(f"no click at {bounds}")


CREATE = S2RStep("Create a trip", CLICK, ["trip"])


def test_a_creating_step_is_done_by_a_fab_whose_id_says_only_add() -> None:
    for rid in ("new_button", "fab", "fab_add", "addButton"):
        xml = _list_screen(_fab(rid=f"{APP}:id/{rid}"))
        assert add_control_match(CREATE, _click_at(xml, FAB), screen_index(xml)) >= MATCH_THRESHOLD
    plus = _list_screen(button("+", (868, 1582, 1036, 1750)))
    assert add_control_match(CREATE, _click(plus, "+"), screen_index(plus)) >= MATCH_THRESHOLD


def test_an_unlabelled_button_counts_only_where_a_floating_action_button_sits() -> None:
    corner = _list_screen(_fab())
    assert add_control_match(CREATE, _click_at(corner, FAB), screen_index(corner)) >= 0.5
    top_left = (20, 80, 188, 248)
    elsewhere = _list_screen(_fab(bounds=top_left))
    assert add_control_match(CREATE, _click_at(elsewhere, top_left), screen_index(elsewhere)) == 0
    wide = (40, 1700, 1040, 1850)  # a bottom bar, not a button of a FAB's size
    bar = _list_screen(_fab(bounds=wide))
    assert add_control_match(CREATE, _click_at(bar, wide), screen_index(bar)) == 0.0


def test_other_controls_and_other_steps_are_not_done_this_way() -> None:
    camera = _list_screen(_fab(rid=f"{APP}:id/fab_camera"))
    assert add_control_match(CREATE, _click_at(camera, FAB), screen_index(camera)) == 0.0
    xml = _list_screen(_fab(rid=f"{APP}:id/fab"))
    index = screen_index(xml)
    edit = S2RStep("Edit the trip", CLICK, ["trip"])
    assert add_control_match(edit, _click_at(xml, FAB), index) == 0.0
    assert add_control_match(CREATE, _click(xml, "Settings"), index) == 0.0
    row = (0, 210, 1080, 400)  # an unlabelled list row is an item, not the add control
    assert add_control_match(CREATE, _click_at(xml, row), index) == 0.0


def test_the_aligner_credits_the_creating_step_to_the_fab() -> None:
    screen = _list_screen(_fab(rid=f"{APP}:id/new_button"))
    form = dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.TextView", "New Trip", f"{APP}:id/title", "",
                 (40, 80, 600, 200)),
            button("Save", (800, 80, 1060, 200), rid=f"{APP}:id/save"),
        ),
    )  # fmt: skip
    spec = _spec_of(CREATE, S2RStep("Save", CLICK, ["Save"]))
    path = SPath(
        [
            _transition(_click_at(screen, FAB), screen, form),
            _transition(_click(form, "Save"), form, screen),
        ]
    )
    assert align(spec, path).served == [0, 1]
