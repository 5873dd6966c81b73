"""Decision 0058 (issue 28 §3): three non-crash symptoms read from the view hierarchy of the
path's last transition. A field that stops taking text, an item opened that is another row's,
and Back or Up landing further back than the screen it came from. Made-up screens of a recipe
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


def _search(text: str, enabled: bool = True) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", FULL,
             node("android.widget.TextView", "Recipes", f"{APP}:id/title", "", (0, 100, 1080, 200)),
             node("android.widget.EditText", text, f"{APP}:id/query", "", (0, 300, 1080, 400),
                  clickable=True, enabled=enabled),
             button("Clear", (0, 500, 540, 600), rid=f"{APP}:id/clear")),
    )  # fmt: skip


def _type(xml: str, text: str) -> Action:
    action = next(a for a in enumerate_actions(parse_hierarchy(xml)) if a.kind == INPUT_TEXT)
    return replace(action, text=text)


TYPING = _spec_of(
    S2RStep("Search for soup", INPUT_TEXT, ["query"], "soup"),
    S2RStep("Tap Clear", CLICK, ["Clear"]),
    S2RStep("Type pie", INPUT_TEXT, ["query"], "pie"),
    kind=NON_CRASH,
    symptom="After clearing, I cannot type in the search box any more.",
    values=["soup", "pie"],
)


def _typing_path(last_after: str, first_took: bool = True) -> SPath:
    first_after = _search("soup") if first_took else _search("")
    return SPath(
        [
            _transition(_type(_search(""), "soup"), _search(""), first_after),
            _transition(_click(first_after, "Clear"), first_after, _search("")),
            _transition(_type(_search(""), "pie"), _search(""), last_after),
        ]
    )


def test_a_field_that_took_text_before_and_now_keeps_what_it_showed_cannot_be_typed_in() -> None:
    verdict = verifier.verify(TYPING, _typing_path(_search("")), [])
    assert verdict.reproduced and verdict.details["check"] == "cannot_type"
    # The field takes the text (a fixed build): no claim.
    assert not verifier._cannot_type("cannot type", TYPING, _typing_path(_search("pie")))
    # The field never took text on the path (it may be the device): no claim.
    assert not verifier._cannot_type("cannot type", TYPING, _typing_path(_search(""), False))
    # Words that say nothing about typing: not this check's.
    assert not verifier._cannot_type("the list is slow", TYPING, _typing_path(_search("")))


def _list() -> str:
    rows = [("Pancakes", 300), ("Lentil soup", 400), ("Apple pie", 500)]
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", FULL,
             node("android.widget.TextView", "Recipes", f"{APP}:id/title", "", (0, 100, 1080, 200)),
             node("androidx.recyclerview.widget.RecyclerView", "", f"{APP}:id/list", "",
                  (0, 250, 1080, 1800),
                  *(button(r, (0, y, 1080, y + 100), rid=f"{APP}:id/row") for r, y in rows),
                  scrollable=True)),
    )  # fmt: skip


def _recipe(name: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", FULL,
             node("android.widget.TextView", name, f"{APP}:id/heading", "", (0, 100, 1080, 200)),
             node("android.widget.TextView", "Ingredients", f"{APP}:id/section", "",
                  (0, 300, 1080, 400))),
    )  # fmt: skip


OPEN = _spec_of(
    S2RStep("Tap Lentil soup", CLICK, ["Lentil soup"]),
    kind=NON_CRASH,
    symptom="Tapping a recipe opens a different recipe.",
)


def _opened(name: str) -> SPath:
    return SPath(
        [_transition(_click(_list(), "Lentil soup"), _list(), _recipe(name), activity=".Recipe")]
    )


def test_a_screen_about_another_row_than_the_one_clicked_is_the_wrong_item() -> None:
    verdict = verifier.verify(OPEN, _opened("Apple pie"), [])
    assert verdict.reproduced and verdict.details["check"] == "other_item_opened"
    assert "'Apple pie'" in verdict.evidence
    assert not verifier.verify(OPEN, _opened("Lentil soup"), []).reproduced  # the right one
    # A heading that is no row of the list is not "another item".
    assert not verifier.verify(OPEN, _opened("Shopping"), []).reproduced


def _settings(title: str, *entries: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", FULL,
             node("android.widget.TextView", title, f"{APP}:id/toolbar_title", "",
                  (0, 100, 1080, 200)),
             *(button(e, (0, 300 + 100 * i, 1080, 400 + 100 * i), rid=f"{APP}:id/entry")
               for i, e in enumerate(entries))),
    )  # fmt: skip


HOME = _settings("Recipes", "Settings")
SETTINGS = _settings("Settings", "Units", "Theme")
UNITS = _settings("Units", "Metric", "Imperial", "Cups")

BACK = _spec_of(
    S2RStep("Open Settings", CLICK, ["Settings"]),
    S2RStep("Open Units", CLICK, ["Units"]),
    S2RStep("Press Back", PRESS_BACK, []),
    kind=NON_CRASH,
    symptom=(
        "Back from Units goes back to the recipe list. Expected: it returns to the Settings screen"
    ),
)


def _backed(landed: str, activity: str) -> SPath:
    return SPath(
        [
            _transition(_click(HOME, "Settings"), HOME, SETTINGS, activity=".Settings"),
            _transition(_click(SETTINGS, "Units"), SETTINGS, UNITS, activity=".Units"),
            _transition(Action(PRESS_BACK), UNITS, landed, activity=activity),
        ]
    )


def test_back_landing_before_the_screen_it_came_from_is_too_far_when_the_report_expects_it() -> (
    None
):
    # _transition gives every "before" screen the activity ".Main": the screens differ by
    # structure and texts here, which is what the check compares together with the activity.
    from orchestrator.reasoner.verify import _parts

    def too_far(spec, landed: str) -> str:
        title, actual, expected = _parts(spec.symptom)
        return verifier._back_too_far(
            f"{title}. {actual}", expected, spec, _backed(landed, ".Main")
        )

    assert "not 'Settings'" in too_far(BACK, HOME)
    assert too_far(BACK, SETTINGS) == ""  # the screen it came from
    # The report does not say where it should have gone: Up to the root may be right.
    vague = _spec_of(*BACK.steps, kind=NON_CRASH, symptom="Back from Units goes back to the list.")
    assert too_far(vague, HOME) == ""
    other = _spec_of(*BACK.steps, kind=NON_CRASH, symptom="Back goes to the list. Expected: Theme")
    assert too_far(other, HOME) == ""  # it expects neither screen by name
