"""The state the transition memory and the beam key by: the screen, its fields' contents and
whether the soft keyboard is up (a tap where the keyboard is lands on it)."""

from __future__ import annotations

from orchestrator.model import Screen
from orchestrator.search import _visible_state
from tests.test_enumerate import dump, node

FORM = dump(
    node(
        "android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
        node("android.widget.EditText", "", "com.example.app:id/name", "", (0, 100, 1080, 200),
             clickable=True),
        node("android.widget.Button", "Save", "com.example.app:id/save", "", (0, 1700, 1080, 1800),
             clickable=True),
    )
)  # fmt: skip


def _screen(xml: str = FORM, keyboard: bool = False) -> Screen:
    return Screen(xml, "h1", "com.example.app", ".Form", "portrait", keyboard_shown=keyboard)


def test_the_keyboard_and_the_fields_are_part_of_the_state() -> None:
    assert _visible_state(_screen()) == _visible_state(_screen())
    # The same dump with the keyboard up is another state: Save under it cannot be tapped.
    assert _visible_state(_screen(keyboard=True)) != _visible_state(_screen())
    typed = FORM.replace('text="" resource-id="com.example.app:id/name"',
                         'text="milk" resource-id="com.example.app:id/name"')  # fmt: skip
    assert _visible_state(_screen(typed)) != _visible_state(_screen())


def test_a_recorded_transition_back_to_the_same_state_is_a_loop() -> None:
    from device_agent.actions import PRESS_BACK, Action
    from orchestrator.model import Transition
    from orchestrator.search import loops_back

    act = Action(PRESS_BACK)  # (any action: the loop is in the states)
    typed = FORM.replace('text="" resource-id="com.example.app:id/name"',
                         'text="milk" resource-id="com.example.app:id/name"')  # fmt: skip
    # Save on the empty form: a toast, the same form: reusing it would only pad the path.
    assert loops_back(_screen(), Transition(act, _screen(), _screen(), {"toast": "Empty"}))
    # Save of a typed form empties it: a new state, kept.
    assert not loops_back(_screen(typed), Transition(act, _screen(typed), _screen(), {}))
    # A crash is never dropped.
    crash = Transition(act, _screen(), _screen(), {}, crash=object())  # type: ignore[arg-type]
    assert not loops_back(_screen(), crash)


def test_a_permission_answered_on_the_way_is_part_of_the_state() -> None:
    """A grant changes what the app's actions do but no screen of the app shows it: the same
    screen reached before and after a grant must not share the memory's record."""
    from device_agent.actions import CLICK, Action, Selector
    from orchestrator.model import Path, Transition
    from orchestrator.search import _permission_answers

    allow = Action(CLICK, Selector(resource_id="com.android.permissioncontroller:id/"
                                   "permission_allow_button", text="Allow"))  # fmt: skip
    save = Action(CLICK, Selector(resource_id="com.example.app:id/save", text="Save"))
    dialog = Screen(FORM, "h2", "com.google.android.permissioncontroller", ".Grant", "portrait")
    plain = Path([Transition(save, _screen(), _screen(), {})])
    granted = Path([Transition(allow, dialog, _screen(), {}), *plain.transitions])
    assert _permission_answers(plain) == ""
    assert _permission_answers(granted) != ""
    # the same grant made on another way to the screen is the same state
    again = Path([*plain.transitions, Transition(allow, dialog, _screen(), {})])
    assert _permission_answers(again) == _permission_answers(granted)
