"""General rules of the offline reasoner added for issue 4: symbol lexicon and bracket-pair keys,
no-op re-typing, reserved global probes (rotation, leaving after the last step), steps that name
nothing, and the "deleted object still listed" evidence."""

from __future__ import annotations

from dataclasses import replace

from device_agent.actions import CLICK, INPUT_TEXT, PRESS_BACK, ROTATE, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, BugReport, S2RStep, Transition
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align, key_of, key_types
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.text import similarity
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import (
    APP,
    KEYPAD,
    TOOLBAR_SCREEN,
    _click,
    _screen,
    _spec_of,
    _transition,
)


def test_bracket_pair_keys_and_icon_symbols() -> None:
    assert similarity("(  )", "(") == similarity("(  )", ")") == 0.9
    assert similarity("(", "(") == 1.0
    assert similarity("(  )", "tap it (twice)") == 0.0  # an aside is not a bracket key
    assert key_of("(  )") == "()" and key_types("()", ")") and not key_types("()", "%")
    # "+" in a report names an add/new widget known only by its id or description.
    assert similarity("fab add new item", "+") == similarity("More options", "⋮") == 0.75
    assert similarity("Settings", "+") == 0.0


def test_keypad_pair_key_closes_what_is_open() -> None:
    pair = KEYPAD.replace('text="(" ', 'text="(  )" ').replace('text=")" ', 'text="?" ')
    reasoner = HeuristicReasoner()
    spec = _spec_of(S2RStep("enter (5)", INPUT_TEXT, [], "(5)"), kind=NON_CRASH)
    screen = _screen(pair)
    candidates = enumerate_actions(parse_hierarchy(pair))
    path = SPath()
    keys = []
    for _ in range(3):
        kept = reasoner.filter_actions(spec, screen, candidates, path, 3).actions
        key = next(a for a in kept if a.kind == CLICK)
        keys.append(key.target.text)
        path = path.extend(Transition(key, screen, screen, {"unchanged": False}))
    assert keys == ["(  )", "5", "(  )"]


def test_retyping_the_same_text_is_no_progress() -> None:
    reasoner = HeuristicReasoner()
    spec = _spec_of(
        S2RStep("enter 123", INPUT_TEXT, ["input"], "123"),
        S2RStep("tap '='", CLICK, ["="]),
        kind=NON_CRASH,
    )
    field = next(a for a in enumerate_actions(parse_hierarchy(KEYPAD)) if a.kind == INPUT_TEXT)
    held = KEYPAD.replace(
        'text="" resource-id="com.example.app:id/input"',
        'text="123" resource-id="com.example.app:id/input"',
    )
    again = _transition(replace(field, text="123"), held, held)
    assert align(spec, SPath([again])).reached == -1
    first = _transition(replace(field, text="123"), KEYPAD, held)
    assert align(spec, SPath([first])).reached == 0
    # A field that already holds the step's value: typing it again is pushed down.
    screen = _screen(held)
    candidates = enumerate_actions(parse_hierarchy(held))
    result = reasoner.filter_actions(spec, screen, candidates, SPath(), 30)
    typing = [
        r for a, r in zip(result.actions, result.reasons, strict=True) if a.kind == INPUT_TEXT
    ]
    assert typing and all("already holds" in r for r in typing)


def test_reserved_rotation_and_leave_probes() -> None:
    reasoner = HeuristicReasoner()
    screen = _screen(TOOLBAR_SCREEN)
    candidates = enumerate_actions(parse_hierarchy(TOOLBAR_SCREEN))
    # Rotation named by a later step: one rotation probe now, on top of the widgets.
    spec = _spec_of(S2RStep("tap 'cut'", CLICK, ["cut"]), S2RStep("rotate", ROTATE, [], ""))
    kept = reasoner.filter_actions(spec, screen, candidates, SPath(), 3).actions
    assert sum(a.kind == ROTATE for a in kept) == 1
    assert sum(a.target is not None for a in kept) == 3
    plain = _spec_of(S2RStep("tap 'cut'", CLICK, ["cut"]), S2RStep("tap 'paste'", CLICK, ["x"]))
    assert not any(
        a.kind == ROTATE
        for a in reasoner.filter_actions(plain, screen, candidates, SPath(), 3).actions
    )
    # A crash report whose steps are all done and no crash: leave the screen (Back).
    one = _spec_of(S2RStep("tap 'cut'", CLICK, ["cut"]))
    cut = _transition(
        _click(TOOLBAR_SCREEN, "Cut"), TOOLBAR_SCREEN, TOOLBAR_SCREEN.replace("Share", "Paste")
    )
    after = _screen(TOOLBAR_SCREEN.replace("Share", "Paste"))
    cands = enumerate_actions(parse_hierarchy(after.hierarchy_xml))
    kept = reasoner.filter_actions(one, after, cands, SPath([cut]), 3).actions
    assert any(a.kind == PRESS_BACK for a in kept)
    assert not any(
        a.kind == PRESS_BACK
        for a in reasoner.filter_actions(one, screen, candidates, SPath(), 3).actions
    )


def test_a_clause_that_names_nothing_is_not_a_step() -> None:
    report = BugReport(
        bug_id="X#1",
        title="A long value makes the app crash",
        body="Entering a value of twelve digits, for example `111111111111`, makes the\n"
        "application crash.",
    )
    spec = HeuristicReasoner().analyze_report(report)
    assert [s.action_hint for s in spec.steps] == [INPUT_TEXT]
    assert spec.steps[0].value == "111111111111"


def _list_screen(*names: str, toast: str = "") -> str:
    rows = [
        node("android.widget.TextView", n, f"{APP}:id/name", "",
             (0, 300 + 100 * i, 1080, 400 + 100 * i), clickable=True, index=i)
        for i, n in enumerate(names)
    ]  # fmt: skip
    if toast:
        rows.append(node("android.widget.TextView", toast, "", "", (100, 1700, 980, 1800)))
    return dump(
        status_bar(), node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920), *rows)
    )


DIALOG_WINDOW = node(
    "android.widget.FrameLayout",
    "",
    "",
    "",
    (100, 700, 980, 1200),
    node(
        "android.widget.TextView",
        "Delete habit?",
        f"{APP}:id/alertTitle",
        "",
        (120, 720, 900, 800),
    ),
    button("Cancel", (120, 1000, 500, 1100)),
    button("Delete", (500, 1000, 900, 1100), rid="android:id/button1"),
)
DELETE_DIALOG = dump(status_bar(), DIALOG_WINDOW)


def _typing_walk():
    field_screen = dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
            node("android.widget.EditText", "", f"{APP}:id/title", "", (0, 100, 1080, 300),
                 clickable=True),
        ),
    )  # fmt: skip
    typing = replace(
        next(a for a in enumerate_actions(parse_hierarchy(field_screen)) if a.kind == INPUT_TEXT),
        text="walk",
    )
    return field_screen, typing


def test_deleted_object_still_listed_is_evidence() -> None:
    reasoner = HeuristicReasoner()
    spec = _spec_of(
        S2RStep("Delete the habit", CLICK, ["Delete"]),
        kind=NON_CRASH,
        symptom="A deleted habit stays in the list. Actual: the deleted habit is still there.",
    )
    field_screen, typing = _typing_walk()
    open_row = _click(_list_screen("walk"), "walk")
    confirm = _click(DELETE_DIALOG, "Delete")

    def path(final: str) -> SPath:
        return SPath(
            [
                _transition(typing, field_screen, _list_screen("walk")),
                _transition(open_row, _list_screen("walk"), DELETE_DIALOG),
                _transition(confirm, DELETE_DIALOG, final),
            ]
        )

    verdict = reasoner.verify(spec, path(_list_screen("walk", toast='Deleted habit: "walk"')))
    assert verdict.reproduced and "'walk' is still shown" in verdict.evidence
    assert not reasoner.verify(spec, path(_list_screen(toast='Deleted habit: "walk"'))).reproduced
    # Two objects of that name before, one after: the deletion worked.
    two = SPath(
        [
            _transition(typing, field_screen, _list_screen("walk", "walk")),
            _transition(open_row, _list_screen("walk", "walk"), DELETE_DIALOG),
            _transition(confirm, DELETE_DIALOG, _list_screen("walk")),
        ]
    )
    assert not reasoner.verify(spec, two).reproduced

    # Deleted once already (it left the list), then opened where deleted things go and deleted
    # again: still listed there is the first deletion working, not the bug.
    def delete_twice(first_leaves: str) -> SPath:
        trash = _list_screen("walk")
        return SPath(
            [
                _transition(typing, field_screen, _list_screen("walk", "run")),
                _transition(open_row, _list_screen("walk", "run"), DELETE_DIALOG),
                _transition(confirm, DELETE_DIALOG, _list_screen(first_leaves)),
                _transition(Action(PRESS_BACK), _list_screen(first_leaves), trash),
                _transition(open_row, trash, DELETE_DIALOG),
                _transition(confirm, DELETE_DIALOG, trash),
            ]
        )

    assert not reasoner.verify(spec, delete_twice("run")).reproduced
    # The first deletion took another object: "walk" was never deleted before.
    assert reasoner.verify(spec, delete_twice("walk")).reproduced
    # Deleted from the item's own screen, where the name is only in an editable field: the
    # screen it was opened from (the list) is the one that counts.
    editor = dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.EditText", "walk", f"{APP}:id/title", "", (0, 100, 1080, 300),
                  clickable=True),
             button("Delete", (800, 1700, 1040, 1800))),
    )  # fmt: skip
    trash = _list_screen("walk")
    from_its_screen = SPath(
        [
            _transition(typing, field_screen, _list_screen("walk")),
            _transition(open_row, _list_screen("walk"), editor),
            _transition(_click(editor, "Delete"), editor, _list_screen()),
            _transition(Action(PRESS_BACK), _list_screen(), trash),
            _transition(open_row, trash, DELETE_DIALOG),
            _transition(confirm, DELETE_DIALOG, trash),
        ]
    )
    assert not reasoner.verify(spec, from_its_screen).reproduced


def test_expected_value_of_a_named_expression() -> None:
    from orchestrator.reasoner import verify as verifier

    spec = _spec_of(
        S2RStep("tap '%'", CLICK, ["%"]),
        kind=NON_CRASH,
        symptom="Wrong percentage. Expected: `(5+4)%` shows 0.09.",
    )

    def shows(expr: str, result: str) -> SPath:
        xml = KEYPAD.replace(
            'text="" resource-id="com.example.app:id/input"',
            f'text="{expr}" resource-id="com.example.app:id/input"',
        ).replace(
            'text="" resource-id="com.example.app:id/result"',
            f'text="{result}" resource-id="com.example.app:id/result"',
        )
        return SPath([_transition(_click(KEYPAD, "%"), KEYPAD, xml)])

    verdict = verifier.verify(spec, shows("(5+4)%", "5.2"), [])
    assert verdict.reproduced and "'5.2'" in verdict.evidence and "'0.09'" in verdict.evidence
    assert not verifier.verify(spec, shows("(5+4)%", "0.09"), []).reproduced
    # Another expression on screen is no evidence about this one (nor are its operands results).
    assert not verifier.verify(spec, shows("(5+4%", "5.04"), []).reproduced
    assert verifier.verify(spec, shows("(5+4)%", "5"), []).reproduced


def test_a_delete_waiting_for_confirmation_is_no_evidence() -> None:
    reasoner = HeuristicReasoner()
    spec = _spec_of(
        S2RStep("Delete the habit", CLICK, ["Delete"]),
        kind=NON_CRASH,
        symptom="A deleted habit stays in the list. Actual: the deleted habit is still there.",
    )
    menu = _list_screen("walk")
    with_menu = dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.TextView", "walk", f"{APP}:id/name", "", (0, 300, 1080, 400),
                  clickable=True),
             button("Delete", (600, 100, 1000, 200))),
    )  # fmt: skip
    field_screen, typing = _typing_walk()
    path = SPath(
        [
            _transition(typing, field_screen, menu),
            _transition(_click(menu, "walk"), menu, with_menu),
            # The list stays behind the confirmation dialog.
            _transition(_click(with_menu, "Delete"), with_menu, dump(
                status_bar(), node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
                                   node("android.widget.TextView", "walk", f"{APP}:id/name", "",
                                        (0, 300, 1080, 400), clickable=True)),
                DIALOG_WINDOW)),
        ]
    )  # fmt: skip
    assert not reasoner.verify(spec, path).reproduced


def test_typing_two_things_is_two_steps_and_the_app_name_is_no_target() -> None:
    report = BugReport(
        bug_id="Notes#1",
        repo="Notes-App",
        title="Saved note is lost",
        body="## Steps\n\n1. Type a title and some text.\n2. Start a session in Notes-App.\n",
    )
    spec = HeuristicReasoner().analyze_report(report)
    assert [(s.action_hint, s.text) for s in spec.steps[:2]] == [
        (INPUT_TEXT, "Type a title"),
        (INPUT_TEXT, "Type some text"),
    ]
    assert spec.steps[2].text == "Start a session"
    # An aside in parentheses is not a second thing typed.
    aside = BugReport(
        bug_id="Calc#1", title="crash", body="## Steps\n\n1. Type `1 ! %` (a number, the sign).\n"
    )
    assert len(HeuristicReasoner().analyze_report(aside).steps) == 1
