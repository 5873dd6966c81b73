"""Decision 0058 (issue 28 §3): guards on "a typed value is gone", from false claims on a
held-out set. Another screen is not told from the field's own by the platform's ids; the path's
own edit of the field is no loss; a typing step that names no field lets no placeholder stand for
the person's input. Made-up screens."""

from __future__ import annotations

from dataclasses import replace

from device_agent.actions import INPUT_TEXT, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.reasoner import verify as verifier
from tests.test_enumerate import dump, node, status_bar
from tests.test_heuristic import APP, _spec_of, _transition

FULL = (0, 0, 1080, 1920)


def _type(xml: str, text: str) -> Action:
    action = next(a for a in enumerate_actions(parse_hierarchy(xml)) if a.kind == INPUT_TEXT)
    return replace(action, text=text)


def _index(xml: str):
    from orchestrator.reasoner.align import screen_index

    return screen_index(xml)


def test_a_field_without_an_id_is_on_the_same_screen_only_by_the_apps_own_ids_or_labels() -> None:
    """Decision 0058: the platform's and the window decor's ids are on every screen of a
    one-activity app; they do not make another screen the one that held the typed value."""
    from orchestrator.reasoner.align import screen_index

    def screen(title: str, typed: str, own_id: str = "") -> str:
        return dump(
            status_bar(),
            node("android.widget.FrameLayout", "", "android:id/content", "", FULL,
                 node("android.widget.LinearLayout", "", f"{APP}:id/action_bar_root", "", FULL,
                      node("android.widget.TextView", title, own_id, "", (0, 100, 1080, 200)),
                      node("android.widget.TextView", "Menu", "", "", (0, 200, 1080, 300)),
                      node("android.widget.EditText", typed, "", "", (0, 300, 1080, 400),
                           clickable=True))),
        )  # fmt: skip

    def same(a: str, b: str) -> bool:
        return verifier._holder_still_there(screen_index(a), screen_index(b), "abc")

    assert not same(screen("Accounts", "abc"), screen("Reports", ""))  # another screen
    assert same(screen("Accounts", "abc"), screen("Accounts", ""))  # emptied in place
    own = f"{APP}:id/heading"
    assert same(screen("Accounts", "abc", own), screen("Reports", "", own))  # the app's own id


def test_the_paths_own_edit_of_the_field_is_no_value_lost() -> None:
    """Decision 0058: a Delete key on the focused field that held the typed value, or typing into
    that field, changes it on every build; another field's edit may still be the loss."""
    from device_agent.actions import PRESS_DELETE
    from orchestrator.reasoner.align import screen_index

    def field(text: str, top: int, focus: bool) -> str:
        xml = node("android.widget.EditText", text, "", "", (0, top, 1080, top + 100),
                   clickable=True)  # fmt: skip
        return xml.replace('focused="false"', 'focused="true"') if focus else xml

    def form(focused: str) -> str:
        return dump(
            status_bar(),
            node("android.widget.FrameLayout", "", "", "", FULL,
                 field("abc", 300, focused == "name"), field("", 500, focused == "note")),
        )  # fmt: skip

    delete = Action(PRESS_DELETE)
    on_name = _transition(delete, form("name"), form("name"))
    on_note = _transition(delete, form("note"), form("note"))
    assert verifier._own_edit(on_name, screen_index(form("name")), "abc")
    assert not verifier._own_edit(on_note, screen_index(form("note")), "abc")
    typing = _transition(_type(form("name"), "x"), form("name"), form("name"))
    assert verifier._own_edit(typing, screen_index(form("name")), "abc")


def test_a_typing_step_that_names_no_field_lets_no_placeholder_stand_for_the_persons_input() -> (
    None
):
    """Decision 0058: "typing it there changed nothing" (a remark read as a step, its only target
    a pronoun tied to nothing) names no field; what the search typed somewhere is its own."""
    from orchestrator.reasoner.verify import _asks_typing

    def spec(*targets: str, value: str = "") -> object:
        step = S2RStep("Type it", INPUT_TEXT, list(targets), value)
        return _spec_of(step, kind=NON_CRASH, symptom="It is not saved.")

    assert not _asks_typing(spec("it"))
    assert _asks_typing(spec("name"))  # names its field
    assert _asks_typing(spec())  # "type some text": any field
    assert _asks_typing(spec("it", value="Tea"))  # the report gives the value


def test_a_holder_with_a_platform_id_is_no_sign_the_holder_stayed() -> None:
    """Decision 0061 (a false claim on a held-out set): the typed value shown by a widget with a
    platform id (``android:id/title``, as list rows and preferences have) is not "still there"
    on another screen whose row has that id too; the app's own ids and labels decide."""
    from orchestrator.reasoner.align import screen_index

    def screen(title: str, row: str) -> str:
        return dump(
            status_bar(),
            node("android.widget.FrameLayout", "", "android:id/content", "", FULL,
                 node("android.widget.TextView", title, f"{APP}:id/{title.split()[0].lower()}",
                      "", (0, 100, 1080, 200)),
                 node("android.widget.TextView", row, "android:id/title", "",
                      (0, 200, 1080, 300))),
        )  # fmt: skip

    def same(a: str, b: str) -> bool:
        return verifier._holder_still_there(screen_index(a), screen_index(b), "abc")

    assert not same(screen("Details", "abc"), screen("All items", "Other item"))  # left it
    assert same(screen("Details", "abc"), screen("Details", ""))  # the same screen, emptied
