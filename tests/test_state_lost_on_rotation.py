"""Decisions 0054 and 0055 (issue 28 §3): a rotation that closes the window open before it,
leaves the screen for another activity, or takes from a widget with an id its checked state or its
being editable is the state loss a report describes. Made-up screens."""

from __future__ import annotations

from device_agent.actions import CLICK, Action
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner import verify as verifier
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition

MAIN = dump(
    status_bar(),
    node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
         node("android.widget.TextView", "Reading list", "", "", (0, 100, 1080, 200)),
         button("Sort", (0, 300, 540, 400), rid=f"{APP}:id/sort")),
)  # fmt: skip
SORT_DIALOG = dump(
    status_bar(),
    node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
         node("android.widget.TextView", "Reading list", "", "", (0, 100, 1080, 200)),
         button("Sort", (0, 300, 540, 400), rid=f"{APP}:id/sort")),
    node("android.widget.FrameLayout", "", "", "", (100, 700, 980, 1200),
         node("android.widget.TextView", "Sort by", f"{APP}:id/alertTitle", "",
              (120, 720, 900, 800)),
         button("Title", (120, 900, 900, 1000))),
)  # fmt: skip


def _spec(symptom: str):
    return _spec_of(
        S2RStep("Tap Sort", CLICK, ["Sort"]),
        S2RStep("Rotate the phone", "rotate", []),
        kind=NON_CRASH,
        symptom=symptom,
    )


def _path(after: str, **after_kw) -> SPath:
    return SPath(
        [
            _transition(_click(MAIN, "Sort"), MAIN, SORT_DIALOG),
            _transition(Action("rotate", orientation="landscape"), SORT_DIALOG, after, **after_kw),
        ]
    )


def test_a_dialog_closed_by_the_rotation_is_the_loss_the_report_means() -> None:
    spec = _spec("The sort dialog disappears when rotating.")
    verdict = verifier.verify(spec, _path(MAIN), [])
    assert verdict.reproduced and verdict.details["check"] == "state_lost_on_rotation"
    # The dialog still open after the rotation (a fixed build): no claim.
    assert not verifier.verify(spec, _path(SORT_DIALOG), []).reproduced
    # A symptom that says nothing is lost or closed is not this check's.
    calm = _spec("The sort dialog has the wrong colours in landscape.")
    assert not verifier.verify(calm, _path(MAIN), []).reproduced


def test_a_rotation_that_leaves_the_screen_is_a_loss_only_when_the_report_rotates() -> None:
    spec = _spec("After rotating, it goes back to the start screen.")
    moved = _path(MAIN, activity=".StartActivity")
    verdict = verifier.verify(spec, moved, [])
    assert verdict.reproduced and ".StartActivity" in verdict.evidence
    no_rotation = _spec_of(
        S2RStep("Tap Sort", CLICK, ["Sort"]),
        kind=NON_CRASH,
        symptom="After rotating, it goes back to the start screen.",
    )
    assert not verifier.verify(no_rotation, moved, []).reproduced


def _editor(
    note_cls: str = "android.widget.EditText", note: str = "Milk", done: bool = True
) -> str:
    """A note editor: a "Done" check box and the note's text field."""
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.CheckBox", "Done", f"{APP}:id/done", "", (0, 100, 1080, 200),
                  clickable=True, checkable=True, checked=done),
             node(note_cls, note, f"{APP}:id/note", "", (0, 300, 1080, 600), clickable=True)),
    )  # fmt: skip


def _rotated(after: str) -> SPath:
    before = _editor()
    return SPath(
        [
            _transition(_click(MAIN, "Sort"), MAIN, before),
            _transition(Action("rotate", orientation="landscape"), before, after),
        ]
    )


def test_what_a_widget_with_an_id_held_before_the_rotation_is_lost_after_it() -> None:
    spec = _spec("After rotating, the note I was editing is lost.")
    for after, lost in (
        (_editor(done=False), "'Done' no longer checked"),
        (_editor(note_cls="android.widget.TextView"), "no longer editable"),
    ):
        verdict = verifier.verify(spec, _rotated(after), [])
        assert verdict.reproduced and lost in verdict.evidence, verdict.evidence
    # Everything kept (Android restores views with ids): no claim.
    assert not verifier.verify(spec, _rotated(_editor()), []).reproduced


def test_rows_that_share_an_id_are_compared_row_by_row() -> None:
    # Two rows of a list with the same check box id, one checked: after a rotation that keeps
    # both as they were there is no loss, though the first "done" is unchecked and the second
    # checked.
    def rows(first: bool, second: bool) -> str:
        return dump(
            status_bar(),
            node("android.widget.ListView", "", "", "", (0, 0, 1080, 1920),
                 node("android.widget.CheckBox", "Milk", f"{APP}:id/done", "",
                      (0, 100, 1080, 200), clickable=True, checkable=True, checked=first),
                 node("android.widget.CheckBox", "Eggs", f"{APP}:id/done", "",
                      (0, 200, 1080, 300), clickable=True, checkable=True, checked=second)),
        )  # fmt: skip

    assert verifier._view_state_lost(rows(False, True), rows(False, True)) == ""
    assert "'Eggs' no longer checked" in verifier._view_state_lost(
        rows(False, True), rows(False, False)
    )


def test_a_label_of_words_the_rotation_emptied_is_lost_a_number_is_not() -> None:
    def shown(text: str) -> str:
        return dump(
            status_bar(),
            node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
                 node("android.widget.TextView", text, f"{APP}:id/chosen", "",
                      (0, 100, 1080, 200))),
        )  # fmt: skip

    assert "emptied 'chosen'" in verifier._view_state_lost(shown("Dark theme"), shown(""))
    assert verifier._view_state_lost(shown("Dark theme"), shown("Dark theme")) == ""
    assert verifier._view_state_lost(shown("12:40"), shown("")) == ""  # a clock, a count


def _chosen(text: str, extra: bool = True, in_list: bool = False) -> str:
    """A screen with a label showing a choice, and a "Filter" button."""
    label = node("android.widget.TextView", text, f"{APP}:id/chosen", "", (0, 100, 1080, 200))
    holder = node(
        "android.widget.ScrollView" if in_list else "android.widget.FrameLayout", "", "", "",
        (0, 0, 1080, 1000), label, scrollable=in_list,
    )  # fmt: skip
    kids = [holder]
    if extra:
        kids.append(button("Filter", (0, 300, 540, 400), rid=f"{APP}:id/filter"))
    root = node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920), *kids)
    return dump(status_bar(), root)


def test_a_label_replaced_by_other_words_or_a_widget_removed_is_lost() -> None:
    lost = verifier._view_state_lost
    assert "replaced 'chosen'" in lost(_chosen("Sorted by title"), _chosen("Sorted by date"))
    assert lost(_chosen("Today 12:40"), _chosen("Today 12:41")) == ""  # a clock ticked
    assert lost(_chosen("Row one", in_list=True), _chosen("Row two", in_list=True)) == ""
    assert "removed 'Filter'" in lost(_chosen("Sorted by title"), _chosen("Sorted by title", False))
    assert lost(_chosen("Sorted by title"), _chosen("Sorted by title")) == ""


def test_the_rotation_need_not_be_the_reports_last_step() -> None:
    # "Tap Sort, rotate, then tap Title": the loss shows right after the rotation, and the
    # change words ("switches") name it.
    spec = _spec_of(
        S2RStep("Tap Sort", CLICK, ["Sort"]),
        S2RStep("Rotate the phone", "rotate", []),
        S2RStep("Tap Title", CLICK, ["Title"]),
        kind=NON_CRASH,
        symptom="The screen switches back after rotating.",
    )
    verdict = verifier.verify(spec, _path(MAIN), [])
    assert verdict.reproduced and verdict.details["check"] == "state_lost_on_rotation"
    # A path that did not tap Sort first is no claim.
    skipped = SPath([_transition(Action("rotate", orientation="landscape"), SORT_DIALOG, MAIN)])
    assert not verifier.verify(spec, skipped, []).reproduced


SORT_MENU = dump(
    status_bar(),
    node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
         node("android.widget.TextView", "Reading list", "", "", (0, 100, 1080, 200)),
         button("Sort", (0, 300, 540, 400), rid=f"{APP}:id/sort")),
    node("android.widget.ListView", "", "", "", (600, 100, 1060, 500),
         node("android.widget.TextView", "Title", "android:id/title", "", (620, 120, 1040, 220),
              clickable=True),
         node("android.widget.TextView", "Author", "android:id/title", "", (620, 240, 1040, 340),
              clickable=True)),
)  # fmt: skip


def test_a_popup_menu_the_rotation_closes_is_android_s_doing_not_the_loss() -> None:
    # Android dismisses a popup or overflow menu when the activity is re-created, on any build
    spec = _spec("The sort menu disappears when rotating.")
    path = SPath(
        [
            _transition(_click(MAIN, "Sort"), MAIN, SORT_MENU),
            _transition(Action("rotate", orientation="landscape"), SORT_MENU, MAIN),
        ]
    )
    assert path.transitions[-1].diff["windows_closed"][0]["kind"] == "menu"
    assert not verifier.verify(spec, path, []).reproduced


def test_a_window_open_since_the_launch_is_no_loss_the_steps_made() -> None:
    # A notice open on the first screen, closed by the rotation: no action of the path opened it
    # (a plain dialog closes when its screen is re-created, on any build; decision 0067).
    spec = _spec_of(
        S2RStep("Rotate the phone", "rotate", []),
        kind=NON_CRASH,
        symptom="The dialog disappears when rotating.",
    )
    from_launch = SPath([_transition(Action("rotate", orientation="landscape"), SORT_DIALOG, MAIN)])
    assert from_launch.transitions[-1].diff["windows_closed"]
    assert not verifier.verify(spec, from_launch, []).reproduced
    # The same dialog opened by the path's own tap is the loss (the first test's case).
    opened = _spec("The sort dialog disappears when rotating.")
    assert verifier.verify(opened, _path(MAIN), []).details["check"] == "state_lost_on_rotation"
