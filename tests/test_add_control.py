"""A creating step ("Create a trip", "Add a new habit") is done by the screen's generic add
control: a "+" floating action button whose id is all it says, or one with no label at all
(align.add_control_match)."""

from __future__ import annotations

from device_agent.actions import CLICK, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import Path as SPath
from orchestrator.model import S2RStep
from orchestrator.reasoner.align import (
    MATCH_THRESHOLD,
    add_control_match,
    align,
    creation_title_match,
    screen_index,
)
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
    for rid in ("new_button", "fab", "fab_add", "addButton", "sd_main_fab"):
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


def _form(title: str) -> str:
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.TextView", title, f"{APP}:id/title", "", (40, 80, 600, 200)),
            button("Save", (800, 80, 1060, 200), rid=f"{APP}:id/save"),
        ),
    )  # fmt: skip


def test_a_click_that_brings_up_a_new_x_title_does_the_creating_step() -> None:
    # An unlabelled button away from the FAB's place: only what it opened tells what it did.
    at = (20, 80, 188, 248)
    screen = _list_screen(_fab(bounds=at))
    click = _click_at(screen, at)
    habit = S2RStep("Create a new habit that does not occur today", CLICK, ["new habit"])
    assert creation_title_match(habit, _transition(click, screen, _form("New Habit"))) >= 0.5
    assert creation_title_match(habit, _transition(click, screen, _form("Add habit"))) >= 0.5
    # Another kind's form, a title that was there already, a step that makes nothing: no.
    assert creation_title_match(habit, _transition(click, screen, _form("New Reminder"))) == 0.0
    shown = _list_screen(_fab(bounds=at)).replace('text="Trips"', 'text="New Habit"')
    assert creation_title_match(habit, _transition(click, shown, _form("New Habit"))) == 0.0
    edit = S2RStep("Edit the habit", CLICK, ["habit"])
    assert creation_title_match(edit, _transition(click, screen, _form("New Habit"))) == 0.0


def test_a_kind_named_in_an_add_menu_does_the_step_when_its_form_says_new() -> None:
    # "Create or delete a file": the add menu's "File" names only the object (no operation),
    # which alone does not do an operation step; the "New file" form it opens does.
    menu = _list_screen(button("File", (600, 1400, 1000, 1500), rid=f"{APP}:id/file"))
    step = S2RStep("Create or delete a file", CLICK, ["delete file"])
    opened = _transition(_click(menu, "File"), menu, _form("New file"))
    assert align(_spec_of(step), SPath([opened])).served == [0]
    elsewhere = _transition(_click(menu, "File"), menu, _form("Properties"))
    assert align(_spec_of(step), SPath([elsewhere])).served == [-1]
