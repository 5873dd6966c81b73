"""A creating step ("Create a trip", "Add a new habit") is done by the click that brought up a
form titled for a new item of the kind the step names ("New Trip"), whatever the control is
called: an unlabelled "+", a kind's name in an add menu (align.creation_title_match)."""

from __future__ import annotations

from device_agent.actions import CLICK, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import Path as SPath
from orchestrator.model import S2RStep
from orchestrator.reasoner.align import align, creation_title_match
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
    # a button saying "Add habit" on the screen the click led to is a control, not a title
    with_button = dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
             button("Add habit", (40, 300, 1040, 420), rid=f"{APP}:id/add")),
    )  # fmt: skip
    assert creation_title_match(habit, _transition(click, screen, with_button)) == 0.0
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


def test_the_aligner_credits_the_creating_step_to_an_unlabelled_fab() -> None:
    screen = _list_screen(_fab(rid=f"{APP}:id/new_button"))
    create = S2RStep("Create a trip", CLICK, ["trip"])
    spec = _spec_of(create, S2RStep("Save", CLICK, ["Save"]))
    form = _form("New Trip")
    path = SPath(
        [
            _transition(_click_at(screen, FAB), screen, form),
            _transition(_click(form, "Save"), form, screen),
        ]
    )
    assert align(spec, path).served == [0, 1]
    # the same "+" opening another kind's form does not make a trip
    other = SPath([_transition(_click_at(screen, FAB), screen, _form("New Location"))])
    assert align(_spec_of(S2RStep("Add fishing spot", CLICK, ["fishing spot"])), other).served == [
        -1
    ]
