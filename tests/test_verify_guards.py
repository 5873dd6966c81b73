"""Decision 0068: guards that refuse non-crash claims a near miss earns on any build (found by
replaying held-out models' wrong sequences, described to rule writers in general terms only).
Made-up screens of a stopwatch, a scoreboard and a form."""

from __future__ import annotations

from device_agent.actions import CLICK, INPUT_TEXT, ROTATE, Action, Selector
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner import verify as verifier
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition

FULL = (0, 0, 1080, 1920)
TURN = Action(ROTATE, orientation="landscape")


def _watch(time: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", FULL,
             node("android.widget.TextView", time, f"{APP}:id/time", "", (0, 100, 1080, 300)),
             button("Start", (0, 400, 540, 500), rid=f"{APP}:id/start"),
             button("Lap", (540, 400, 1080, 500), rid=f"{APP}:id/lap")),
    )  # fmt: skip


WATCH_SPEC = _spec_of(
    S2RStep("Tap Start", CLICK, ["Start"]),
    S2RStep("Rotate the phone", ROTATE, []),
    kind=NON_CRASH,
    symptom="The stopwatch resets to zero on rotation.",
)


def test_a_reset_the_report_ties_to_rotation_needs_the_rotation() -> None:
    started = _transition(_click(_watch("00:00"), "Start"), _watch("00:00"), _watch("00:05"))
    rotated = SPath([started, _transition(TURN, _watch("00:05"), _watch("00:00"))])
    assert verifier._back_to_start("The stopwatch resets to zero on rotation", rotated)
    # a control whose own job is to start over: its reset is no evidence of the rotation's
    lap = _transition(_click(_watch("00:05"), "Lap"), _watch("00:05"), _watch("00:00"))
    assert not verifier._back_to_start(
        "The stopwatch resets to zero on rotation", SPath([started, lap])
    )


def test_a_reset_after_the_path_stopped_what_it_started_is_the_paths_own() -> None:
    started = _transition(_click(_watch("00:00"), "Start"), _watch("00:00"), _watch("00:05"))
    stopped = _transition(_click(_watch("00:05"), "Start"), _watch("00:05"), _watch("00:05"))
    rotated = _transition(TURN, _watch("00:05"), _watch("00:00"))
    observed = "The stopwatch resets to zero on rotation"
    assert not verifier._back_to_start(observed, SPath([started, stopped, rotated]))


def _board(dialog: bool, ticked: bool = False) -> str:
    points = node("android.widget.FrameLayout", "", "", "", (100, 700, 980, 1200),
                  node("android.widget.TextView", "Points", f"{APP}:id/alertTitle", "",
                       (120, 720, 900, 800)),
                  button("OK", (120, 900, 900, 1000)))  # fmt: skip
    tick = node("android.widget.CheckBox", "Overtime", f"{APP}:id/overtime", "",
                (0, 500, 1080, 600), clickable=True, checkable=True, checked=ticked)  # fmt: skip
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", FULL,
             node("android.widget.TextView", "Match", f"{APP}:id/title", "", (0, 100, 1080, 200)),
             button("Add points", (0, 300, 1080, 400), rid=f"{APP}:id/add"), tick),
        *([points] if dialog else []),
    )  # fmt: skip


def _board_spec(symptom: str):
    return _spec_of(
        S2RStep("Tap Add points", CLICK, ["Add points"]),
        S2RStep("Rotate the phone", ROTATE, []),
        kind=NON_CRASH,
        symptom=symptom,
    )


def test_a_window_closed_by_rotation_is_evidence_only_when_the_symptom_speaks_of_closing() -> None:
    path = SPath(
        [
            _transition(_click(_board(False), "Add points"), _board(False), _board(True)),
            _transition(TURN, _board(True), _board(False)),
        ]
    )
    assert verifier.verify(_board_spec("The points dialog disappears."), path, []).reproduced
    assert not verifier.verify(_board_spec("The match resets on rotation."), path, []).reproduced


def test_a_reset_to_a_state_the_path_never_showed_is_no_reset() -> None:
    open_board = _transition(_click(_board(False), "Add points"), _board(False), _board(False))
    became_ticked = _transition(TURN, _board(False), _board(False, ticked=True))
    observed = "The match resets on rotation."
    spec = _board_spec(observed)
    assert not verifier.verify(spec, SPath([open_board, became_ticked]), []).reproduced
    # back to a state an earlier screen showed: a reset
    tick = _transition(_click(_board(False), "Overtime"), _board(False), _board(False, True))
    went_back = _transition(TURN, _board(False, ticked=True), _board(False))
    assert verifier._back_to_earlier(SPath([open_board, tick, went_back]))


def _form(text: str, hint_label: bool) -> str:
    field = node("android.widget.EditText", text, f"{APP}:id/title", "", (0, 300, 1080, 420),
                 clickable=True)  # fmt: skip
    label = node("android.widget.TextView", "Title", f"{APP}:id/hint", "", (20, 320, 400, 400))
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", FULL, field,
             *([label] if hint_label else [])),
    )  # fmt: skip


def test_a_fields_placeholder_hidden_by_typing_into_it_is_not_gone() -> None:
    typing = Action(INPUT_TEXT, Selector(resource_id=f"{APP}:id/title"), text="Milk")
    path = SPath([_transition(typing, _form("", True), _form("Milk", False))])
    spec = _spec_of(
        S2RStep('Change something in the "Title" field', INPUT_TEXT, ["Title"], value="Title"),
        kind=NON_CRASH,
        symptom="The title is lost.",
    )
    before = verifier.screen_index(path.transitions[0].before.hierarchy_xml)
    assert verifier._placeholder_of_typed(path.transitions[0], before, "Title")
    assert not verifier._placeholder_of_typed(path.transitions[0], before, "Milk")
    assert not verifier.verify(spec, path, ["Milk"]).reproduced


def test_a_value_typed_in_another_shape_than_the_field_shows_was_refused_not_lost() -> None:
    clock = dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", FULL,
             node("android.widget.EditText", "01:00", f"{APP}:id/length", "",
                  (0, 300, 1080, 420), clickable=True)),
    )  # fmt: skip
    typing = Action(INPUT_TEXT, Selector(resource_id=f"{APP}:id/length"), text="90")
    path = SPath([_transition(typing, clock, clock)])
    assert verifier._off_format(path, "90")
    same_shape = Action(INPUT_TEXT, Selector(resource_id=f"{APP}:id/length"), text="02:30")
    assert not verifier._off_format(SPath([_transition(same_shape, clock, clock)]), "02:30")
