"""Reports told as a story: a symptom and the action before it in one sentence ("Whenever I tap
Share, the app closes", "The list empties when I rotate"), and verb phrases as they are written
("I long pressed it"). Hand-written reports of no catalog app (decision 0061)."""

from __future__ import annotations

from orchestrator.model import BugReport
from orchestrator.reasoner.s2r import analyze


def _steps(body: str, title: str = "Crash") -> list[tuple[str, list[str]]]:
    spec = analyze(BugReport(bug_id="Shelf#3", title=title, body=body))
    return [(s.action_hint, s.targets) for s in spec.steps]


def test_a_symptom_told_after_its_trigger_gives_the_trigger_as_steps() -> None:
    assert _steps("Whenever I tap on the Share button in a note, the app closes.") == [
        ("click", ["Share button"])
    ]
    assert _steps("The app crashes after I tap the plus button and choose Folder.") == [
        ("click", ["plus button"]),
        ("click", ["Folder"]),
    ]
    assert [k for k, _ in _steps("Every time I rotate the phone, the app crashes.")] == ["rotate"]


def test_the_symptom_s_own_trigger_comes_after_the_first_one() -> None:
    body = "After deleting the last account, the app crashes when I open the Accounts tab."
    assert _steps(body) == [("click", ["last account"]), ("click", ["Accounts tab"])]


def test_the_whole_sentence_stays_the_symptom() -> None:
    body = "Steps:\n1. Open a note\n\nActual:\nWhenever I tap Share, the list turns empty."
    spec = analyze(BugReport(bug_id="Shelf#3", title="List empties", body=body))
    assert "Whenever I tap Share, the list turns empty" in spec.symptom


def test_a_normal_answer_of_the_app_is_no_told_symptom() -> None:
    # "a dialog opens" names no symptom: the sentence is not split into action and observation
    body = "Steps:\n1. Open Settings\n2. When I tap Export, a dialog opens\n3. Tap OK"
    assert ("click", ["Export"]) not in _steps(body)


def test_an_inflected_verb_phrase_is_not_cut_inside_its_word() -> None:
    steps = _steps("1. Open Playlists\n2. I long pressed my road trip playlist\n3. Tap Rename")
    assert steps[1][0] == "long_click"
    assert all(not t.startswith("ed ") for t in steps[1][1])
    # "tickets" is not the verb "tick"
    assert _steps("1. Open tickets list\n2. Tap Refresh")[0] == ("click", ["tickets list"])


def test_an_attempt_told_in_the_past_is_the_action() -> None:
    assert _steps("I tried to delete the note and the app crashed.") == [("click", ["note"])]
    assert _steps("We attempted to export the list, but it crashed.")[0][0] == "click"
