"""Decision 0058 (issue 28 §2): where a rotation step is done. The report rotates on the screen
its previous step led to, or on one that helper actions went on to from there (a row picked in
the picker the step opened). Made-up screens of a video app."""

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


def test_back_leaving_the_app_from_its_first_screen_is_no_closing_of_the_app() -> None:
    """Decision 0058: "the app closes" is the symptom only when the app was left from a screen
    other than the one it opens on; Back there leaves every build."""
    from orchestrator.reasoner import verify as verifier

    launcher = dump(status_bar(), node("android.widget.FrameLayout", "", "", "", FULL))
    left = dict(package="com.android.launcher3", activity=".Launcher")
    from_root = SPath([_transition(Action(PRESS_BACK), HOME, launcher, **left)])
    assert not verifier._app_closed("the app closes", from_root)
    from_settings = SPath(
        [
            _transition(_click(HOME, "Settings"), HOME, SETTINGS, activity=".Settings"),
            _transition(Action(PRESS_BACK), SETTINGS, launcher, **left),
        ]
    )
    assert "no longer in the foreground" in verifier._app_closed("the app closes", from_settings)


def _rows(checked: bool) -> str:
    row = node("android.widget.CheckBox", "clip.mp4", f"{APP}:id/row", "", (0, 300, 1080, 400),
               clickable=True, checkable=True, checked=checked)  # fmt: skip
    title = node("android.widget.TextView", "Pick files", f"{APP}:id/title", "",
                 (0, 100, 1080, 200))  # fmt: skip
    # ticking a row starts the selection mode: its action bar shows
    bar = button("Delete", (0, 1700, 1080, 1800), rid=f"{APP}:id/delete")
    kids = (title, row, bar) if checked else (title, row)
    return dump(status_bar(), node("android.widget.FrameLayout", "", "", "", FULL, *kids))


def test_a_rotation_after_a_row_ticked_in_place_on_the_steps_screen_is_the_reports() -> None:
    """The ticked row is the state the report says rotation loses: the screen changed in place
    (no window, no activity: the selection mode's action bar), and the step's flow goes on on
    it."""
    from orchestrator.diff import structural_diff
    from orchestrator.model import Transition
    from tests.test_heuristic import _screen as screen

    def on_picker(action: Action, before: str, after: str) -> Transition:
        b, a = screen(before, activity=".Picker"), screen(after, activity=".Picker")
        return Transition(action, b, a, structural_diff(b, a, None))

    tick = on_picker(_click(_rows(False), "clip.mp4"), _rows(False), _rows(True))
    path = SPath(
        [
            _transition(_click(HOME, "Open file"), HOME, _rows(False), activity=".Picker"),
            tick,
            on_picker(ROTATE_NOW, _rows(True), _rows(False)),
        ]
    )
    assert align(SPEC, path).served == [0, -1, 1]
