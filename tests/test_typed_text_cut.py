"""Decision 0054: an example sentence gives the step its value, a next step that confirms
completes a value step, and a typed text shown with part of it missing is evidence. All on a
made-up recipe app's screens and reports in our own words."""

from __future__ import annotations

from dataclasses import replace

from device_agent.actions import CLICK, INPUT_TEXT
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, BugReport, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.reasoner.s2r import analyze
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition

REPORT = BugReport(
    bug_id="recipes#1",
    title="Angle brackets vanish from recipe titles",
    body=(
        "## Steps\n"
        '1. Write a new recipe whose title has "<" in it. For example, say I write a recipe '
        'with "Soup \\<spicy\\> version.\n'  # Markdown escapes, as on GitHub
        "2. Save the recipe\n\n"
        '## Actual\nOnly "Soup" is displayed in the list.\n'
    ),
)


def _editor(title: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.EditText", title, f"{APP}:id/title", "", (0, 100, 1080, 300),
                  clickable=True),
             button("Save", (800, 1700, 1040, 1800))),
    )  # fmt: skip


def _list(*rows: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.TextView", "Recipes", "", "", (0, 0, 1080, 100)),
             *[node("android.widget.TextView", r, f"{APP}:id/row", "", (0, 200 + 150 * i, 1080,
                    330 + 150 * i), clickable=True) for i, r in enumerate(rows)]),
    )  # fmt: skip


def _path(value: str, shown: str) -> SPath:
    field = next(a for a in enumerate_actions(parse_hierarchy(_editor(""))) if a.kind == INPUT_TEXT)
    return SPath(
        [
            _transition(replace(field, text=value), _editor(""), _editor(value)),
            _transition(_click(_editor(value), "Save"), _editor(value), _list(shown)),
        ]
    )


def test_an_example_sentence_gives_the_previous_step_its_value() -> None:
    spec = analyze(REPORT)
    assert spec.steps[0].value == "Soup <spicy> version"  # the quote was never closed
    # Without an example sentence the step keeps the value it quotes.
    plain = analyze(replace(REPORT, body=REPORT.body.replace(" For example", " Then")))
    assert plain.steps[0].value == "<"


def test_a_confirming_next_step_completes_the_value_step() -> None:
    spec = _spec_of(
        S2RStep("Write a new recipe", CLICK, ["new recipe"], "Soup <spicy>"),
        S2RStep("Save the recipe", CLICK, ["recipe"]),
        kind=NON_CRASH,
    )
    typed = SPath(_path("Soup <spicy>", "Soup").transitions[:1])
    assert align(spec, typed).reached == 0  # the next step, Save, is its confirmation
    assert align(spec, _path("Soup <spicy>", "Soup")).served == [0, 1]
    # A next step that does not confirm leaves the value step waiting for its confirmation.
    other = replace(spec, steps=[spec.steps[0], S2RStep("Open the list", CLICK, ["list"])])
    assert align(other, typed).reached == -1


def test_a_typed_text_shown_cut_is_evidence_and_only_then() -> None:
    spec = _spec_of(
        S2RStep("Write a new recipe", CLICK, ["new recipe"], "Soup <spicy> version"),
        S2RStep("Save the recipe", CLICK, ["recipe"]),
        kind=NON_CRASH,
        symptom='Angle brackets vanish. Actual: Only "Soup" is displayed in the list.',
    )
    reasoner = HeuristicReasoner()
    verdict = reasoner.verify(spec, _path("Soup <spicy> version", "Soup  version"))
    assert verdict.reproduced and "part of it missing" in verdict.evidence
    # A fixed build shows the whole text; a row cut to fit shows an ellipsis; another row
    # (not made of the typed words) is no evidence either.
    for shown in ("Soup <spicy> version", "Soup <spicy> ver…", "Salad"):
        assert not reasoner.verify(spec, _path("Soup <spicy> version", shown)).reproduced
    # A symptom that says nothing about a part missing is not this check's.
    calm = replace(spec, symptom="Angle brackets vanish. Actual: the list is wrong.")
    assert not reasoner.verify(calm, _path("Soup <spicy> version", "Soup  version")).reproduced
    # Something other than clicks after the typing (more typing) breaks the chain.
    field = _path("x", "x").transitions[0].action
    more = SPath(
        [
            *_path("Soup <spicy> version", "Soup  version").transitions[:1],
            _transition(replace(field, text="Soup"), _editor("Soup <spicy> version"),
                        _editor("Soup")),
            _transition(_click(_editor("Soup"), "Save"), _editor("Soup"), _list("Soup  version")),
        ]
    )  # fmt: skip
    assert not reasoner.verify(spec, more).reproduced
