"""Precision rules of the offline reasoner (issue 12 "claims you can trust", decision 0028): a
setting's step is done by that setting's own control and stays done, and a thing's absence is
no evidence when the path changed a related setting no step names. Small hand-written reports
and screens."""

from __future__ import annotations

from device_agent.actions import Action
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align
from orchestrator.reasoner.verify import verify
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import _click, _spec_of, _transition
from tests.test_heuristic_recall4 import _home, _settings

CLICK = "click"
SYMPTOM = (
    "Favorites bar doesn't appear. Actual: the favorites bar will not appear when I tap on "
    "the screen."
)

CATEGORIES = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        button("Look and feel", (0, 300, 1080, 500)),
        button("Backup", (0, 500, 1080, 700)),
    ),
)  # fmt: skip


def _setting_steps() -> list[S2RStep]:
    return [
        S2RStep("Enable Minimal UI under Look and feel", CLICK, ["Minimal UI"]),
        S2RStep('Enable "Hide bar initially" under Minimal UI', CLICK, ["Hide bar initially"]),
    ]


def test_a_setting_step_is_not_done_by_a_click_on_its_place_or_the_setting_before() -> None:
    # "Enable X under Y": the click on Y opens X's place, and the click on X (which the next
    # step's words name as its place) does X, not the next step.
    spec = _spec_of(*_setting_steps(), kind=NON_CRASH)
    off = _settings(**{"Minimal UI": False, "Hide bar initially": False})
    on = _settings(**{"Minimal UI": True, "Hide bar initially": False})
    place = _transition(_click(CATEGORIES, "Look and feel"), CATEGORIES, off)
    minimal = _transition(_click(off, "Minimal UI"), off, on)
    progress = align(spec, SPath([place, minimal]))
    assert progress.served == [-1, 0] and progress.reached == 0
    hidden = _settings(**{"Minimal UI": True, "Hide bar initially": True})
    hide = _transition(_click(on, "Hide bar initially"), on, hidden)
    assert align(spec, SPath([place, minimal, hide])).reached == 1


def test_a_setting_step_is_not_done_by_a_switch_that_names_it_in_part() -> None:
    # "Hide status bar" shares words with "Hide bar initially" (similarity 0.57, above the
    # match threshold), but the path showed the setting the step names.
    spec = _spec_of(*_setting_steps(), kind=NON_CRASH)
    screen = {"Minimal UI": True, "Hide bar initially": False, "Hide status bar": False}
    on = _settings(**screen)
    minimal = _transition(
        _click(_settings(**{**screen, "Minimal UI": False}), "Minimal UI"),
        _settings(**{**screen, "Minimal UI": False}),
        on,
    )
    status = _transition(
        _click(on, "Hide status bar"), on, _settings(**{**screen, "Hide status bar": True})
    )
    assert align(spec, SPath([minimal, status])).reached == 0
    hide = _transition(
        _click(on, "Hide bar initially"), on, _settings(**{**screen, "Hide bar initially": True})
    )
    assert align(spec, SPath([minimal, hide])).reached == 1


def _to_settings(xml: str) -> object:
    shown = _home(True)
    return _transition(_click(shown, "Phone"), shown, xml, activity=".Settings")


def _back_and_tap(settings_xml: str) -> list:
    hidden = _home(False)
    back = _transition(Action(kind="press_back"), settings_xml, hidden)
    tap = _transition(_click(hidden, "widget layout"), hidden, hidden)
    return [back, tap]


def test_no_claim_when_the_path_left_a_setting_against_its_step() -> None:
    # The step turns "Minimal UI" on; the path turned it on and off again, then found the bar
    # absent: the app ran with a setting the report does not describe.
    spec = _spec_of(
        S2RStep('Enable "Minimal UI"', CLICK, ["Minimal UI"]),
        S2RStep("tapping the screen", CLICK, ["screen"]),
        kind=NON_CRASH,
        symptom=SYMPTOM,
    )
    off, on = _settings(**{"Minimal UI": False}), _settings(**{"Minimal UI": True})
    turn_on = _transition(_click(off, "Minimal UI"), off, on)
    kept = SPath([_to_settings(off), turn_on, *_back_and_tap(on)])
    assert verify(spec, kept, []).reproduced
    turn_off = _transition(_click(on, "Minimal UI"), on, off)
    undone = SPath([_to_settings(off), turn_on, turn_off, *_back_and_tap(off)])
    verdict = verify(spec, undone, [])
    assert not verdict.reproduced and "left 'Minimal UI' off" in verdict.evidence


def test_an_absence_is_no_evidence_after_a_related_setting_no_step_names() -> None:
    # A step turns "Show history" off, and the path also turned off "Show favorites", a
    # setting no step names whose label shares a word with the missing "favorites bar": a step
    # that turns one setting off excuses no other.
    spec = _spec_of(
        S2RStep('Enable "Minimal UI"', CLICK, ["Minimal UI"]),
        S2RStep('Disable "Show history"', CLICK, ["Show history"]),
        S2RStep("tapping the screen", CLICK, ["screen"]),
        kind=NON_CRASH,
        symptom=SYMPTOM,
    )
    state = {"Minimal UI": False, "Show history": False, "Show favorites": True}
    off = _settings(**state)
    on = _settings(**{**state, "Minimal UI": True})
    turn_on = _transition(_click(off, "Minimal UI"), off, on)
    plain = SPath([_to_settings(off), turn_on, *_back_and_tap(on)])
    assert verify(spec, plain, []).reproduced
    hidden = _settings(**{**state, "Minimal UI": True, "Show favorites": False})
    related = _transition(_click(on, "Show favorites"), on, hidden)
    verdict = verify(spec, SPath([_to_settings(off), turn_on, related, *_back_and_tap(hidden)]), [])
    assert not verdict.reproduced
    # Turning off the setting the step names is what the report asks for.
    history_on = _settings(**{**state, "Minimal UI": True, "Show history": True})
    history = _transition(_click(history_on, "Show history"), history_on, on)
    asked = SPath([_to_settings(off), turn_on, history, *_back_and_tap(on)])
    assert verify(spec, asked, []).reproduced
