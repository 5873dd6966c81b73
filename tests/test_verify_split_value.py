"""Issue 12 §1's split-value symptom: a value the report states whole ("25:00") that the screen
shows across sibling views ("25", ":", "00"; a date's three spinners) is read as one value by
the view hierarchy, and only when the path's last action brought it."""

from __future__ import annotations

from device_agent.actions import ROTATE, Action
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.verify import verify
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition


def _screen(*children: str) -> str:
    """The app's root layout holding ``children`` and a Start button, under a status bar."""
    start = button("Start", (0, 1200, 400, 1300), rid=f"{APP}:id/start")
    root = node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920), *children, start)
    return dump(status_bar(), root)


def _row(rid: str, top: int, *texts: str) -> str:
    """A LinearLayout of TextViews showing ``texts``, left to right."""
    views = [
        node("android.widget.TextView", t, "", "", (100 + 200 * i, top, 280 + 200 * i, top + 100))
        for i, t in enumerate(texts)
    ]
    return node("android.widget.LinearLayout", "", rid, "", (0, top, 1080, top + 100), *views)


def _timer(*parts: str) -> str:
    return _screen(_row(f"{APP}:id/timer", 400, *parts))


def _picker(value: str, i: int) -> str:
    """A NumberPicker: its field holds the value, the rows above and below are buttons."""
    left = 100 + 300 * i
    return node(
        "android.widget.NumberPicker",
        "",
        "",
        "",
        (left, 800, left + 250, 1100),
        button("", (left, 800, left + 250, 880)),
        node(
            "android.widget.EditText",
            value,
            "android:id/numberpicker_input",
            "",
            (left, 880, left + 250, 1000),
        ),
        button("", (left, 1000, left + 250, 1100)),
    )


def _date(day: str, month: str, year: str) -> str:
    pickers = (_picker(day, 0), _picker(month, 1), _picker(year, 2))
    bounds = (0, 800, 1080, 1100)
    return _screen(
        node("android.widget.DatePicker", "", "android:id/datePicker", "", bounds, *pickers)
    )


def _verdict(symptom: str, before: str, after: str, action: Action | None = None):
    spec = _spec_of(S2RStep("Tap Start", "click", ["Start"]), kind=NON_CRASH, symptom=symptom)
    step = _transition(action or _click(before, "Start"), before, after)
    return verify(spec, SPath(transitions=[step]), [])


def test_a_time_split_across_sibling_views_is_read_as_the_reported_value() -> None:
    symptom = "The timer shows 25:00 instead of 24:59 after rotation."
    found = _verdict(
        symptom,
        _timer("24", ":", "13"),
        _timer("25", ":", "00"),
        Action(ROTATE, orientation="landscape"),
    )
    assert found.reproduced and "'timer' shows '25:00' split across 2 views" in found.evidence


def test_a_date_in_three_spinners_is_one_value() -> None:
    found = _verdict(
        "The date reads 31.02.2024", _date("1", "1", "2024"), _date("31", "02", "2024")
    )
    assert found.reproduced and "'datePicker' shows '31.02.2024'" in found.evidence


def test_no_claim_when_the_value_was_there_before_is_expected_or_differs() -> None:
    before, after = _timer("24", ":", "13"), _timer("25", ":", "00")
    # Already on screen before the last action: the action did not bring it.
    assert not _verdict("The timer shows 25:00", after, after).reproduced
    # The value the report expects is not the symptom.
    assert not _verdict("Timer shows the wrong time. Expected: 25:00", before, after).reproduced
    assert not _verdict("The timer shows 24:59 instead of 25:00", before, after).reproduced
    # A decimal number or a version is not a value shown in parts.
    assert not _verdict("The total shows 25.00", before, after).reproduced
    assert not _verdict(
        "Since 4.0.2 the timer is wrong", _timer("1", "1"), _timer("4", "0", "2")
    ).reproduced
    # Other numbers, or the numbers in views that are not siblings.
    assert not _verdict("The timer shows 26:00", before, after).reproduced
    apart = after.replace(f'resource-id="{APP}:id/timer"', 'resource-id=""')
    scattered = _screen(_row("", 0, "25", "Hours"), _row("", 300, "00", "Minutes"))
    assert _verdict("The timer shows 25:00", before, apart).reproduced  # no id needed
    assert not _verdict("The timer shows 25:00", before, scattered).reproduced


def test_no_claim_for_a_value_the_user_gives() -> None:
    before, after = _timer("10", ":", "00"), _timer("10", ":", "30")
    # The symptom names the value set as input, then the wrong value shown elsewhere.
    assert not _verdict(
        "Setting the alarm to 10:30 shows 22:30 in the list", before, after
    ).reproduced
    # A step sets it.
    spec = _spec_of(
        S2RStep("Set the alarm to 10:30", "click", ["Start"]),
        kind=NON_CRASH,
        symptom="The alarm list is wrong; the picker shows 10:30",
    )
    step = _transition(_click(before, "Start"), before, after)
    assert not verify(spec, SPath(transitions=[step]), []).reproduced
    # Still a claim when the value is what the app shows after the input.
    assert _verdict("After I set the alarm the picker shows 10:30", before, after).reproduced


def test_no_claim_for_a_window_of_a_longer_run_of_numbers() -> None:
    blank = _screen()
    keypad = _screen(_row(f"{APP}:id/keys", 500, "7", "8", "9", "4", "5", "6", "1", "2", "3"))
    month = _screen(_row(f"{APP}:id/month", 500, *[str(day) for day in range(1, 31)]))
    minutes = _screen(_row(f"{APP}:id/radial", 500, *[f"{m:02d}" for m in range(0, 60, 5)]))
    assert not _verdict("Dividing 1/2 gives 0", blank, keypad).reproduced
    assert not _verdict("The event from 5/6 shows on the wrong day", blank, month).reproduced
    assert not _verdict("The alarm at 5:10 never rings", blank, minutes).reproduced


def test_many_values_after_input_verbs_are_read_in_linear_time() -> None:
    """Hang detector: each value looked back over the whole text for an input verb (cubic,
    minutes for this symptom); the look-back is one clause of at most 200 characters."""
    symptom = "set 10:30 " * 6000 + "and the timer shows 25:00"
    found = _verdict(symptom, _timer("24", ":", "13"), _timer("25", ":", "00"))
    assert found.reproduced and "'25:00'" in found.evidence


def test_only_a_value_the_report_says_the_app_shows_counts() -> None:
    # The screen shows the value the report calls right, denies, or names as a starting point.
    before, after = _timer("24", ":", "13"), _timer("25", ":", "00")
    for symptom in (
        "After rotation 25:00 is expected but the timer shows 24:59",
        "The timer shows 24:59 but the correct value is 25:00",
        "Timer shows 24:59 where 25:00 was expected",
        "The timer shows 24:59 not 25:00",
        "Timer jumps from 25:00 to 24:59",
        "Timer does not show 25:00",
        "Timer never shows 25:00 after rotation",
        "The timer shows 24:59 (correct: 25:00)",
        "Timer shows 25:00 as expected.",
        "Rotating shows 25:00. Expected: the timer should be 25:00 only before Start",
    ):
        assert not _verdict(symptom, before, after).reproduced, symptom
    for symptom in (
        "Timer is reset to 25:00 after rotation",
        "It shows 25:00 which is not correct",
    ):
        assert _verdict(symptom, before, after).reproduced, symptom


def test_a_long_space_after_expected_is_read_in_linear_time() -> None:
    """Hang detector: two whitespace runs around the optional ':' after "expected" were
    quadratic (tens of seconds for this symptom)."""
    symptom = ("expected" + " " * 30_000 + ".") * 3 + " The timer shows 25:00"
    assert _verdict(symptom, _timer("24", ":", "13"), _timer("25", ":", "00")).reproduced


def test_a_fraction_or_page_count_is_no_split_value() -> None:
    """'1/2' is a page or a count, not a time or a date: the pager showing '1' '/' '2' after the
    rotation is no evidence of a symptom about a blank image."""
    symptom = "After rotation the pager shows 1/2 and the image is blank."
    found = _verdict(
        symptom,
        _timer("3", "/", "5"),
        _timer("1", "/", "2"),
        Action(ROTATE, orientation="landscape"),
    )
    assert not found.reproduced
    # A date of three parts is still read across its views.
    found = _verdict(
        "After rotation the date shows 31/12/2024.",
        _timer("1", "/", "1", "/", "2000"),
        _timer("31", "/", "12", "/", "2024"),
        Action(ROTATE, orientation="landscape"),
    )
    assert found.reproduced, found.evidence
