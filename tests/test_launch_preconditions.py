"""Decision 0030: a launch step's stated precondition ("Launch app with file logging enabled")
is a step; a setting the report names by what it does is done by the row whose summary says so;
a message the report observes ("an information bubble states a new logging file is created") is
evidence only as a toast the trigger brought, never one the path's own setup showed before.
Small hand-written reports and screens."""

from __future__ import annotations

from device_agent.actions import Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.diff import toast_text
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, BugReport, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align, described_setting, screen_index
from orchestrator.reasoner.s2r import analyze
from orchestrator.reasoner.verify import verify
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import _click, _spec_of, _transition
from tests.test_heuristic_recall4 import _settings
from tests.test_precision5 import SYMPTOM as ABSENT
from tests.test_precision5 import _back_and_tap, _to_settings

APP = "com.example.app"
CLICK = "click"
SYMPTOM = (
    "Logging resets on rotation. Actual: An information bubble states a new logging file is "
    "created. Expected: No new logging file on rotation."
)


# A title that names no device event (the default one's "on rotation" adds a rotation step
# where the steps have none: decision 0065).
NEUTRAL = "Refreshing fails"


def _report(body: str, title: str = "Logging resets on rotation") -> BugReport:
    return BugReport(
        bug_id="tracker#1", title=title, body=body, repo="tracker", apk_name="tracker_1.0.apk"
    )


# --- the launch's precondition is a step ---------------------------------------------------------
def test_a_launch_with_a_setting_enabled_starts_with_the_step_that_enables_it() -> None:
    spec = analyze(
        _report(
            "**Steps to reproduce:**\n\n"
            '- Launch app with file logging enabled. Go into "Accuracy" view.\n'
            "- Change from portrait to landscape\n"
        )
    )
    assert [(s.text, s.action_hint, s.targets) for s in spec.steps[:2]] == [
        ('Enable "file logging"', CLICK, ["file logging"]),
        ('Go into "Accuracy" view', CLICK, ["Accuracy"]),
    ]
    assert spec.steps[2].action_hint == "rotate"


def test_a_launch_with_a_setting_off_disables_it_and_device_states_stay_notes() -> None:
    # (a title naming no device event: "on rotation" would add a rotation step, decision 0065)
    off = analyze(
        _report("Steps:\n1. Start the app with sync turned off\n2. Tap Refresh\n", NEUTRAL)
    )
    assert [s.text for s in off.steps] == ['Disable "sync"', "Tap Refresh"]
    # What the device provides is no setting of the app: no step to set it.
    for state in ("auto-rotate enabled", "the location permission enabled"):
        device = analyze(
            _report(f"Steps:\n1. Launch the app with {state}\n2. Tap Refresh\n", NEUTRAL)
        )
        assert [s.text for s in device.steps] == ["Tap Refresh"], state


def test_a_state_only_a_comment_requires_stays_a_setup_note() -> None:
    # Decision 0026: a comment's state is a note, not a step (KISS#1481's false claim).
    report = _report("Steps:\n1. Open the app\n2. Tap Refresh\n", NEUTRAL)
    report.comments = ["Can reproduce, file logging needs to be enabled."]
    spec = analyze(report)
    assert [s.text for s in spec.steps] == ["Tap Refresh"]
    assert any("file logging needs to be enabled" in n for n in spec.setup_notes)


def test_a_message_the_report_observes_is_the_symptom_s_actual_part() -> None:
    spec = analyze(
        _report(
            "Steps:\n- Launch app with file logging enabled\n- Rotate the phone\n"
            "- An information bubble states a new logging file is created\n"
        )
    )
    assert [s.action_hint for s in spec.steps] == [CLICK, "rotate"]
    assert "Actual: An information bubble states a new logging file is created" in spec.symptom


def test_a_step_that_taps_a_message_saying_something_stays_a_step() -> None:
    # Only an observation says what a message states: "Tap the notification saying ..." is an
    # action on that notification, and it must not be dropped from the steps.
    spec = analyze(
        _report(
            "Steps:\n1. Start a download\n2. Tap the notification saying download complete\n"
            "3. The app crashes\n",
            NEUTRAL,
        )
    )
    assert [s.text for s in spec.steps] == [
        "Start a download",
        "Tap the notification saying download complete",
    ]


# --- the setting named by what it does -----------------------------------------------------------
def _row(i: int, title: str, summary: str, checked: bool) -> str:
    top = 300 + 200 * i
    return node(
        "android.widget.LinearLayout", "", "", "", (0, top, 1080, top + 200),
        node("android.widget.TextView", title, "android:id/title", "", (0, top, 900, top + 100)),
        node("android.widget.TextView", summary, "android:id/summary", "",
             (0, top + 100, 900, top + 200)),
        node("android.widget.CheckBox", "", "android:id/checkbox", "", (900, top, 1080, top + 200),
             checkable=True, checked=checked),
        clickable=True,
    )  # fmt: skip


def _output(nmea_file: bool = False, nmea_studio: bool = False, named: bool = False) -> str:
    """A nested preference screen: two check boxes titled "NMEA", one logging to a file, one
    to Android Studio; ``named``: a third row titled "File logging" itself."""
    rows = [
        _row(0, "NMEA", "Logs NMEA sentences to a file", nmea_file),
        _row(1, "NMEA", "Logs NMEA sentences to Android Studio", nmea_studio),
    ]
    if named:
        rows.append(_row(2, "File logging", "Write everything to a file", False))
    return dump(status_bar(), node("android.widget.LinearLayout", "", "", "", (0, 63, 1080, 1920),
                                   *rows))  # fmt: skip


def _click_row(xml: str, index: int) -> Action:
    """The click on the ``index``-th row (both "NMEA" rows share their label)."""
    return enumerate_actions(parse_hierarchy(xml), include_global=False)[index]


ENABLE = S2RStep('Enable "file logging"', CLICK, ["file logging"])


def test_a_setting_is_done_by_the_row_whose_summary_says_what_the_step_names() -> None:
    spec = _spec_of(ENABLE, kind=NON_CRASH)
    off, on = _output(), _output(nmea_file=True)
    to_file = _transition(_click_row(off, 0), off, on)
    assert align(spec, SPath([to_file])).served == [0]
    # The other "NMEA" logs to Android Studio: its summary has "log" but not "file".
    studio = _transition(_click_row(off, 1), off, _output(nmea_studio=True))
    assert align(spec, SPath([studio])).served == [-1]
    # A row titled by the step's words is the setting: the described row does not do it.
    named = _output(named=True)
    index = screen_index(named)
    assert not described_setting(ENABLE, _click_row(named, 0), index)
    assert described_setting(ENABLE, _click_row(off, 0), screen_index(off))


def test_no_claim_when_the_path_unticked_the_described_row_again() -> None:
    spec = _spec_of(ENABLE, S2RStep("Rotate", "rotate", [], "landscape"), kind=NON_CRASH)
    off, on = _output(), _output(nmea_file=True)
    tick = _transition(_click_row(off, 0), off, on)
    untick = _transition(_click_row(on, 0), on, off)
    main, toasted = _main(), _main(toast="Logging to new file: b.txt")
    rotate = _transition(Action(kind="rotate", orientation="landscape"), main, toasted)
    back = _transition(Action(kind="press_back"), off, main)
    spec.symptom = SYMPTOM
    verdict = verify(spec, SPath([tick, untick, back, rotate]), [])
    assert not verdict.reproduced and "left 'NMEA' off" in verdict.evidence


# --- the message after the trigger ---------------------------------------------------------------
def _toast(text: str) -> str:
    return node(
        "android.widget.LinearLayout", "", "", "", (200, 1600, 880, 1700),
        node("android.widget.TextView", text, "android:id/message", "", (200, 1600, 880, 1700),
             package="com.android.systemui"),
        package="com.android.systemui",
    )  # fmt: skip


def _main(view: str = "Status", toast: str = "") -> str:
    """The app's main screen showing ``view``, with the drawer's entries, and a toast."""
    body = node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        node("android.widget.TextView", view, f"{APP}:id/title", "", (0, 63, 1080, 200)),
        node("android.widget.TextView", "Accuracy", f"{APP}:id/accuracy", "", (0, 300, 1080, 400),
             clickable=True),
    )  # fmt: skip
    return dump(status_bar(), body, *([_toast(toast)] if toast else []))


LOG_A = "Logging to new file: /sdcard/gnss_log/log_09_06_12.txt"
LOG_B = "Logging to new file: /sdcard/gnss_log/log_09_06_13.txt"


def _logging_path(rotation_toast: str, *, setup_toast: str = LOG_A, tick: bool = True) -> SPath:
    """Tick the file row, go back to the main screen (the setup's toast), open Accuracy,
    rotate (``rotation_toast`` after it)."""
    off, on = _output(), _output(nmea_file=True)
    transitions = [_transition(_click_row(off, 0), off, on)] if tick else []
    start = on if tick else off
    main = _main(toast=setup_toast)
    accuracy = _main("Accuracy")
    transitions += [
        _transition(Action(kind="press_back"), start, main),
        _transition(_click(main, "Accuracy"), main, accuracy),
        _transition(
            Action(kind="rotate", orientation="landscape"),
            accuracy,
            _main("Accuracy", toast=rotation_toast),
            orientation="landscape",
        ),
    ]
    return SPath(transitions)


def _logging_spec(symptom: str = SYMPTOM) -> object:
    return _spec_of(
        ENABLE,
        S2RStep('Go into "Accuracy" view', CLICK, ["Accuracy"]),
        S2RStep("Change from portrait to landscape", "rotate", [], "landscape"),
        kind=NON_CRASH,
        symptom=symptom,
    )


def test_a_toast_the_trigger_brings_that_says_what_the_report_observes_is_evidence() -> None:
    verdict = verify(_logging_spec(), _logging_path(LOG_B), [])
    assert verdict.reproduced, verdict.evidence
    assert "rotate to landscape" in verdict.evidence and LOG_B in verdict.evidence
    assert toast_text(_main(toast=LOG_B)) == LOG_B  # whole, where the diff clips it


def test_the_setup_s_toast_before_the_trigger_is_no_evidence() -> None:
    spec = _logging_spec()
    # Only the toast enabling the setting brought (before the rotation): nothing after it.
    assert not verify(spec, _logging_path(""), []).reproduced
    # The very toast of the setup still up after the rotation is not the rotation's.
    assert not verify(spec, _logging_path(LOG_A), []).reproduced


def test_a_toast_counts_only_as_the_report_s_observed_symptom_after_every_step() -> None:
    # A toast that says something else.
    assert not verify(_logging_spec(), _logging_path("GNSS started"), []).reproduced
    # The report's message only in what it expects, not as what it observed.
    expected_only = "Logging resets on rotation. Expected: no new logging file is created."
    assert not verify(_logging_spec(expected_only), _logging_path(LOG_B), []).reproduced
    # The setting step skipped (the path never ticked the row): the app ran otherwise.
    assert not verify(_logging_spec(), _logging_path(LOG_B, tick=False), []).reproduced


# --- an absence after the path emptied the thing -------------------------------------------------
def test_an_absence_is_no_evidence_after_the_path_reset_what_shares_its_words() -> None:
    # KISS#1481's false claim: the path reset the list of favorites, then found the favorites
    # bar absent after the tap; it is absent because it has nothing to show, not the bug.
    spec = _spec_of(
        S2RStep('Enable "Minimal UI"', CLICK, ["Minimal UI"]),
        S2RStep("tapping the screen", CLICK, ["screen"]),
        kind=NON_CRASH,
        symptom=ABSENT,
    )
    off, on = _settings(**{"Minimal UI": False}), _settings(**{"Minimal UI": True})
    turn_on = _transition(_click(off, "Minimal UI"), off, on)
    assert verify(spec, SPath([_to_settings(off), turn_on, *_back_and_tap(on)]), []).reproduced
    reset_screen = dump(status_bar(), button("Reset your list of favorites", (0, 300, 1080, 500)))
    reset = _transition(_click(reset_screen, "Reset your list of favorites"), reset_screen, off)
    emptied = SPath([_to_settings(off), reset, turn_on, *_back_and_tap(on)])
    assert not verify(spec, emptied, []).reproduced
