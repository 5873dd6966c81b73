"""A report that names a check box in its own words ("the Loan Year checkbox" for "Show year?")
means the one check box on screen whose label shares a word with that name, and never one of
several that do. Hand-written screens of no catalog app."""

from __future__ import annotations

from device_agent.actions import CLICK
from orchestrator.model import S2RStep
from orchestrator.reasoner.align import checkable_match, screen_index
from orchestrator.reasoner.verify import _checked_state
from tests.test_enumerate import dump, node, status_bar
from tests.test_heuristic import APP, _click


def _box(label: str, top: int, checked: bool, rid: str) -> str:
    return node(
        "android.widget.CheckBox", label, f"{APP}:id/{rid}", "", (0, top, 1080, top + 150),
        clickable=True, checkable=True, checked=checked,
    )  # fmt: skip


def _form(*boxes: tuple[str, bool]) -> str:
    return dump(
        status_bar(),
        node(
            "android.widget.LinearLayout", "", "", "", (0, 63, 1080, 1920),
            *(_box(label, 200 + 160 * i, checked, f"box{i}") for i, (label, checked) in
              enumerate(boxes)),
        ),
    )  # fmt: skip


STEP = S2RStep("Tick the Loan Year checkbox", CLICK, ["Loan Year"])


def test_the_one_box_sharing_a_word_is_the_named_one() -> None:
    form = _form(("Show year?", False), ("Show month?", False))
    index = screen_index(form)
    assert checkable_match(STEP, _click(form, "Show year?"), index) >= 0.5
    assert checkable_match(STEP, _click(form, "Show month?"), index) == 0.0


def test_two_boxes_sharing_the_word_are_no_answer() -> None:
    form = _form(("Show year?", False), ("Year first", False))
    assert checkable_match(STEP, _click(form, "Show year?"), screen_index(form)) == 0.0


def test_a_step_naming_no_check_box_is_not_matched_this_way() -> None:
    form = _form(("Show year?", False))
    plain = S2RStep("Tap Loan Year", CLICK, ["Loan Year"])
    assert checkable_match(plain, _click(form, "Show year?"), screen_index(form)) == 0.0


def test_the_expected_state_of_a_paraphrased_box_is_checked() -> None:
    expected = 'The "Loan Year" checkbox is checked'
    unchecked = screen_index(_form(("Show year?", False), ("Show month?", True)))
    assert "'Show year?' is unchecked" in _checked_state(expected, unchecked)
    checked = screen_index(_form(("Show year?", True), ("Show month?", False)))
    assert _checked_state(expected, checked) == ""
