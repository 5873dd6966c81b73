"""Decision 0058 (issue 28 §3): an edit that does not stay. The path changed a field's text from
O to V and saved; the item shows O again and V nowhere. Made-up screens of a plant-watering
app."""

from __future__ import annotations

from dataclasses import replace

from device_agent.actions import CLICK, INPUT_TEXT, PRESS_BACK, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner import verify as verifier
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition

FULL = (0, 0, 1080, 1920)


def _plants(name: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", FULL,
             node("android.widget.TextView", "Plants", f"{APP}:id/title", "", (0, 100, 1080, 200)),
             button(name, (0, 300, 1080, 400), rid=f"{APP}:id/plant")),
    )  # fmt: skip


def _editor(name: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", FULL,
             node("android.widget.EditText", name, f"{APP}:id/name", "", (0, 300, 1080, 400),
                  clickable=True),
             button("Save", (0, 500, 540, 600), rid=f"{APP}:id/save"),
             button("Cancel", (540, 500, 1080, 600), rid=f"{APP}:id/cancel"),
             button("Share", (0, 700, 540, 800), rid=f"{APP}:id/share")),
    )  # fmt: skip


def _type(xml: str, text: str) -> Action:
    action = next(a for a in enumerate_actions(parse_hierarchy(xml)) if a.kind == INPUT_TEXT)
    return replace(action, text=text)


SPEC = _spec_of(
    S2RStep("Open the fern", CLICK, ["Fern"]),
    S2RStep("Rename it to Cactus", INPUT_TEXT, ["name"], "Cactus"),
    S2RStep("Tap Save", CLICK, ["Save"]),
    kind=NON_CRASH,
    symptom="The list still shows the old name after saving.",
    values=["Cactus"],
)


def _path(final: str, leave: str = "Save") -> SPath:
    return SPath(
        [
            _transition(_click(_plants("Fern"), "Fern"), _plants("Fern"), _editor("Fern")),
            _transition(_type(_editor("Fern"), "Cactus"), _editor("Fern"), _editor("Cactus")),
            _transition(_click(_editor("Cactus"), leave), _editor("Cactus"), final),
        ]
    )


def test_the_old_text_shown_again_after_saving_an_edit_is_the_evidence() -> None:
    verdict = verifier.verify(SPEC, _path(_plants("Fern")), [])
    assert verdict.reproduced and verdict.details["check"] == "edit_reverted"
    assert "'Fern' to 'Cactus'" in verdict.evidence


def test_no_claim_when_the_edit_stayed_was_cancelled_or_the_words_differ() -> None:
    assert not verifier.verify(SPEC, _path(_plants("Cactus")), []).reproduced  # a fixed build
    cancelled = _path(_plants("Fern"), leave="Cancel")  # a way out keeps the old name rightly
    assert not verifier._edit_reverted("the old name", SPEC, cancelled, _index(_plants("Fern")))
    # Left by a control that does not save, on a report whose steps stop at the typing.
    typing_only = _spec_of(*SPEC.steps[:2], kind=NON_CRASH, symptom=SPEC.symptom)
    shared = _path(_plants("Fern"), leave="Share")
    assert not verifier._edit_reverted("the old name", typing_only, shared, _index(_plants("Fern")))
    saved = _path(_plants("Fern"))
    assert verifier._edit_reverted("the old name", typing_only, saved, _index(_plants("Fern")))
    calm = _spec_of(*SPEC.steps, kind=NON_CRASH, symptom="The list scrolls slowly after saving.")
    assert not verifier.verify(calm, _path(_plants("Fern")), []).reproduced
    # Typing into a blank field makes a new value, not an edit of one.
    blank = SPath(
        [
            _transition(_type(_editor(""), "Cactus"), _editor(""), _editor("Cactus")),
            _transition(_click(_editor("Cactus"), "Save"), _editor("Cactus"), _plants("Fern")),
        ]
    )
    assert not verifier._edit_reverted("the old name", SPEC, blank, _index(_plants("Fern")))
    back = SPath([*_path(_plants("Fern")).transitions[:2]])
    back.transitions.append(
        _transition(Action(PRESS_BACK), _editor("Cactus"), _plants("Fern"))
    )  # Back leaves without saving: no save, no claim
    assert not verifier._edit_reverted("the old name", SPEC, back, _index(_plants("Fern")))


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
