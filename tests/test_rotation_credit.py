"""Decision 0058 (issue 28 §2): where a rotation step is done. The report rotates on the screen
its previous step led to, or on one that helper actions went on to from there (a row picked in
the picker the step opened); and a rotation, like a widget action, may be credited over a plain
click step whose target never showed on the path. Made-up screens of a video app."""

from __future__ import annotations

from device_agent.actions import CLICK, PRESS_BACK, ROTATE, Action
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition

FULL = (0, 0, 1080, 1920)


def _screen(title: str, *buttons: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", FULL,
             node("android.widget.TextView", title, f"{APP}:id/title", "", (0, 100, 1080, 200)),
             *(button(b, (0, 300 + 100 * i, 1080, 400 + 100 * i), rid=f"{APP}:id/b{i}")
               for i, b in enumerate(buttons))),
    )  # fmt: skip


HOME = _screen("Videos", "Open file", "Settings")
PICKER = _screen("Pick a file", "clip.mp4", "talk.mp4")
PLAYER = _screen("clip.mp4", "Play", "Pause")
SETTINGS = _screen("Settings", "Quality")
ROTATE_NOW = Action(ROTATE, orientation="landscape")

SPEC = _spec_of(
    S2RStep("Tap Open file", CLICK, ["Open file"]),
    S2RStep("Rotate the phone", ROTATE, []),
    kind=NON_CRASH,
    symptom="The player closes on rotation.",
)


def test_a_rotation_after_a_row_picked_in_the_steps_picker_is_the_reports() -> None:
    path = SPath(
        [
            _transition(_click(HOME, "Open file"), HOME, PICKER, activity=".Picker"),
            _transition(_click(PICKER, "clip.mp4"), PICKER, PLAYER, activity=".Player"),
            _transition(ROTATE_NOW, PLAYER, PLAYER, activity=".Player"),
        ]
    )
    assert align(SPEC, path).served == [0, -1, 1]


def test_a_rotation_after_going_back_elsewhere_is_not() -> None:
    path = SPath(
        [
            _transition(_click(HOME, "Open file"), HOME, PICKER, activity=".Picker"),
            _transition(Action(PRESS_BACK), PICKER, HOME),
            _transition(_click(HOME, "Settings"), HOME, SETTINGS, activity=".Settings"),
            _transition(ROTATE_NOW, SETTINGS, SETTINGS, activity=".Settings"),
        ]
    )
    assert align(SPEC, path).served[-1] == -1


def test_a_rotation_may_be_credited_over_a_step_whose_target_never_showed() -> None:
    spec = _spec_of(
        S2RStep("Tap Open file", CLICK, ["Open file"]),
        S2RStep("Play the clip from the gallery", CLICK, ["gallery clip"]),
        S2RStep("Rotate the phone", ROTATE, []),
        kind=NON_CRASH,
        symptom="The player closes on rotation.",
    )
    path = SPath(
        [
            _transition(_click(HOME, "Open file"), HOME, PLAYER, activity=".Player"),
            _transition(ROTATE_NOW, PLAYER, PLAYER, activity=".Player"),
        ]
    )
    assert align(spec, path).served == [0, 2]
