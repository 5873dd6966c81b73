"""A claim is the report's symptom on the screen the report's steps leave (issue 28): an action
after the report's last step that takes a typed value out of its field undoes the steps, and a
number that only names something ("item-12") is no expected result. Hand-written screens and
reports that belong to no catalog app."""

from __future__ import annotations

from dataclasses import replace

from device_agent.actions import INPUT_TEXT, PRESS_BACK, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import screen_index
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.reasoner.verify import _expected_number, input_undone
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition


def _form(title: str) -> str:
    """A note form: a title field holding ``title``, a Clear and a Save button."""
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.EditText", title, f"{APP}:id/title", "", (40, 200, 1040, 330),
                 clickable=True),
            button("Clear", (40, 400, 500, 520), rid=f"{APP}:id/clear"),
            button("Save", (580, 400, 1040, 520), rid=f"{APP}:id/save"),
        ),
    )  # fmt: skip


def _type(xml: str, text: str):
    action = next(a for a in enumerate_actions(parse_hierarchy(xml)) if a.kind == INPUT_TEXT)
    return replace(action, text=text)


SPEC = _spec_of(
    S2RStep("Type 'Groceries' as the title", INPUT_TEXT, ["title"], "Groceries"),
    kind=NON_CRASH,
    symptom="The title is empty. Expected: the title keeps what was typed",
    values=["Groceries"],
)


def test_an_action_after_the_last_step_that_empties_the_typed_field_is_no_evidence() -> None:
    typed = _transition(_type(_form(""), "Groceries"), _form(""), _form("Groceries"))
    cleared = _transition(_click(_form("Groceries"), "Clear"), _form("Groceries"), _form(""))
    path = SPath([typed, cleared])
    assert input_undone(path, [0, -1], ["Groceries"]).startswith("an action after the report")
    verdict = HeuristicReasoner().verify(SPEC, path)
    assert not verdict.reproduced and "took the typed 'groceries' out" in verdict.evidence
    # The same clearing done by the step itself (before the last step is done) is not refused
    # by this check, nor a trailing action that leaves the field alone.
    assert input_undone(path, [-1, 0], ["Groceries"]) == ""
    saved = _transition(_click(_form("Groceries"), "Save"), _form("Groceries"), _form("Groceries"))
    assert input_undone(SPath([typed, saved]), [0, -1], ["Groceries"]) == ""


def test_a_number_joined_to_a_name_is_no_expected_result() -> None:
    shown = screen_index(
        dump(
            status_bar(),
            node("android.widget.TextView", "3", f"{APP}:id/count", "", (40, 200, 400, 300)),
        )
    )
    assert _expected_number("the list should show note-12 first", shown) == ""
    assert _expected_number("the list should show note_12 first", shown) == ""
    assert _expected_number("the count should show 12", shown) == (
        "the screen shows '3' where the report expects '12'"
    )


def test_a_value_the_symptom_says_is_shown_is_not_what_disappeared() -> None:
    """An editor that clears its field on Save: the typed "Hello" leaves the field, but the
    report says "Hello" is what the card shows; the text that vanished is the rest."""
    spec = _spec_of(
        S2RStep("Type 'Hello' as the title", INPUT_TEXT, ["title"], "Hello"),
        S2RStep("Save", "click", ["Save"]),
        kind=NON_CRASH,
        symptom="Text disappears from the note. Actual: the note shows only 'Hello'",
        values=["Hello"],
    )
    typed = _transition(_type(_form(""), "Hello"), _form(""), _form("Hello"))
    saved = _transition(_click(_form("Hello"), "Save"), _form("Hello"), _form(""))
    verdict = HeuristicReasoner().verify(spec, SPath([typed, saved]))
    assert not verdict.reproduced, verdict.evidence
    # Told as a loss of the typed value itself, the same path is the report's symptom.
    lost = replace(spec, symptom="The title disappears after Save. Expected: it stays")
    assert HeuristicReasoner().verify(lost, SPath([typed, saved])).reproduced


def _page(title: str, rid: str) -> str:
    """A screen of one heading ``title`` (id ``rid``) and a Back-able body."""
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", f"{APP}:id/{rid}", "", (0, 63, 1080, 1920),
            node("android.widget.TextView", title, f"{APP}:id/{rid}_title", "",
                 (40, 100, 1040, 200)),
            button("Info", (900, 100, 1040, 200), rid=f"{APP}:id/{rid}_info"),
        ),
    )  # fmt: skip


def test_back_that_lands_elsewhere_than_the_form_loses_the_typed_value() -> None:
    """ "Press back: dropped to the main page, the form data is lost": the value typed on the form
    the path left is on no screen Back lands on. Back to the form with the value is no claim."""
    spec = _spec_of(
        S2RStep("Add a name 'Test'", INPUT_TEXT, ["name"], "Test"),
        S2RStep("Tap Info", "click", ["Info"]),
        S2RStep("Press back", PRESS_BACK, []),
        kind=NON_CRASH,
        symptom="No way back. Actual: dropped to the main page, the form data is lost",
        values=["Test"],
    )
    info, main = _page("About", "about"), _page("Notes", "main")
    form_with_info = _form("Test").replace("Clear", "Info")
    typed = _transition(_type(_form(""), "Test"), _form(""), form_with_info)
    opened = _transition(_click(form_with_info, "Info"), form_with_info, info)
    lost = SPath([typed, opened, _transition(Action(PRESS_BACK), info, main)])
    verdict = HeuristicReasoner().verify(spec, lost)
    assert verdict.reproduced and "'Test' was typed on a screen the path left" in verdict.evidence
    kept = SPath([typed, opened, _transition(Action(PRESS_BACK), info, form_with_info)])
    assert not HeuristicReasoner().verify(spec, kept).reproduced
    # Decision 0061 (issue 28 §3): without the report's own Back, that Back is an action past
    # its last step, and what it shows is the path's doing, not the report's symptom.
    no_back = replace(spec, steps=spec.steps[:-1])
    assert not HeuristicReasoner().verify(no_back, lost).reproduced


SAVE_DOES_NOTHING = _spec_of(
    S2RStep("Type 'Groceries' as the title", INPUT_TEXT, ["title"], "Groceries"),
    S2RStep("Tap Save", "click", ["Save"]),
    kind=NON_CRASH,
    symptom="Tapping Save does nothing. Expected: the note is saved",
    values=["Groceries"],
)


def test_a_control_the_report_says_does_nothing_is_evidence_when_it_changes_nothing() -> None:
    """ "Tapping Save does nothing": the click on Save, the report's last step after the title was
    typed, leaves the screen as it was. Another control that changes nothing, or Save changing
    the screen, is no evidence; nor is an unchanged screen for a report that says nothing of
    the kind."""
    spec = SAVE_DOES_NOTHING
    typed = _transition(_type(_form(""), "Groceries"), _form(""), _form("Groceries"))
    full = _form("Groceries")
    stuck = _transition(_click(full, "Save"), full, full)
    verdict = HeuristicReasoner().verify(spec, SPath([typed, stuck]))
    assert verdict.reproduced and "'Save'" in verdict.evidence, verdict.evidence
    assert "does nothing" in verdict.evidence
    saved = _transition(_click(full, "Save"), full, _form(""))
    assert not HeuristicReasoner().verify(spec, SPath([typed, saved])).reproduced
    other = _transition(_click(full, "Clear"), full, full)  # not the step's control
    assert not HeuristicReasoner().verify(spec, SPath([typed, other])).reproduced
    plain = replace(spec, symptom="The note is not in the list. Expected: it is listed")
    assert not HeuristicReasoner().verify(plain, SPath([typed, stuck])).reproduced


def test_the_check_that_found_a_symptom_is_named_and_can_be_switched_off(monkeypatch) -> None:
    """The ablation of issue 28 §4: a verdict names its check; REPROFARM_VERIFY_OFF switches that
    check off (the same path is then no evidence), and an unknown name is refused."""
    from orchestrator.reasoner import verify as verifier

    spec = SAVE_DOES_NOTHING
    typed = _transition(_type(_form(""), "Groceries"), _form(""), _form("Groceries"))
    full = _form("Groceries")
    path = SPath([typed, _transition(_click(full, "Save"), full, full)])
    assert HeuristicReasoner().verify(spec, path).details["check"] == "does_nothing"
    assert set(verifier.CHECK_NAMES) >= {"does_nothing", "gone", "app_closed"}
    monkeypatch.setenv(verifier.VERIFY_OFF_ENV, "does_nothing")
    assert not HeuristicReasoner().verify(spec, path).reproduced
    monkeypatch.setenv(verifier.VERIFY_OFF_ENV, "no_such_check")
    try:
        HeuristicReasoner().verify(spec, path)
    except ValueError as exc:
        assert "no_such_check" in str(exc) and "does_nothing" in str(exc)
    else:
        raise AssertionError("an unknown check name must be refused")


def test_an_unknown_check_to_switch_off_is_a_config_error_before_any_device(monkeypatch) -> None:
    import pytest

    from orchestrator.config import SearchConfig
    from orchestrator.errors import ConfigError
    from orchestrator.reasoner import verify as verifier

    monkeypatch.setenv(verifier.VERIFY_OFF_ENV, "gone,typo")
    with pytest.raises(ConfigError, match="typo"):
        SearchConfig().validate()


def test_an_expected_number_counts_only_right_after_the_report_s_steps() -> None:
    """The example Tally's report ("Tap "Add 5"", expected 5, actual 50): one tap on the buggy
    1.0 shows 50 and is the claim; on the fixed 1.1, ten taps show 50 too, after nine actions
    the report never asks for, and are no claim (a false "reproduced" on a correct build)."""
    from device_agent.hierarchy import structural_hash
    from device_agent.virtual.device import VirtualDevice
    from orchestrator.diff import structural_diff
    from orchestrator.model import Screen, Transition
    from orchestrator.reasoner.s2r import analyze
    from orchestrator.report import load_report
    from tests.conftest import REPO

    apps = REPO / "examples" / "apps"
    spec = analyze(load_report(apps / "tally-1.md"))

    def taps(version: str, times: int) -> SPath:
        device = VirtualDevice("t", "Tally", app_dir=str(apps), version=version)
        device.launch_app()

        def seen() -> Screen:
            xml = device.observe(screenshot=False, hierarchy=True).hierarchy_xml
            return Screen(xml, structural_hash(xml), "org.example.tally", ".MainActivity", "")

        before, transitions = seen(), []
        for _ in range(times):
            add = next(
                a for a in enumerate_actions(parse_hierarchy(before.hierarchy_xml))
                if a.target is not None and a.target.text == "Add 5"
            )  # fmt: skip
            device.execute(add)
            after = seen()
            transitions.append(Transition(add, before, after, structural_diff(before, after)))
            before = after
        return SPath(transitions)

    reasoner = HeuristicReasoner()
    assert reasoner.verify(spec, taps("1.0", 1)).details.get("check") == "expected_number"
    fixed = taps("1.1", 10)
    assert 'text="50"' in fixed.transitions[-1].after.hierarchy_xml  # the report's "actual"
    assert not reasoner.verify(spec, fixed).reproduced


def test_a_quoted_text_the_path_typed_itself_is_no_evidence() -> None:
    """A quote that is part of what the path typed is never evidence by itself: the card
    showing "Hello" after "Hello" was typed is the app showing its input, and a fixed build
    showing "Hello <name>" shows "Hello" too (decision 0054)."""
    from orchestrator.model import ReproSpec
    from orchestrator.reasoner.verify import _quoted_message, verify
    from tests.test_launch_preconditions import _main

    spec = ReproSpec(
        [
            S2RStep("Type a title", INPUT_TEXT, ["title"], "Hello <name>"),
            S2RStep("Save", "click", ["Save"]),
        ],
        'Tags are stripped. Actual: the card shows only "Hello".',
        NON_CRASH,
    )

    def saved(typed: str, shown: str = "Hello") -> SPath:
        empty, filled = _form(""), _form(typed)
        return SPath(
            [
                _transition(_type(empty, typed), empty, filled),
                _transition(_click(filled, "Save"), filled, _main(shown)),
            ]
        )

    def quoted_message(typed: str, shown: str = "Hello") -> str:
        path = saved(typed, shown)
        final = screen_index(path.transitions[-1].after.hierarchy_xml)
        return _quoted_message('the card shows only "Hello".', final, path, spec, [typed])

    assert quoted_message("Hello <name>") == ""
    assert quoted_message("Hello <name>", shown="Hello <name>") == ""
    assert not verify(spec, saved("Hello <name>", "Hello <name>"), ["Hello <name>"]).reproduced
    assert not verify(spec, saved("Hello"), ["Hello"]).reproduced
