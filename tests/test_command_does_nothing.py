"""A control that should open something and does not ("tapping Edit doesn't open the editor"),
and a menu command that only closes its menu, are the "does nothing" symptom (verify
._does_nothing): the evidence is the report's last step leaving the screen as it was."""

from __future__ import annotations

from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.heuristic import HeuristicReasoner
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition


def _note(text: str = "Milk", title: str = "Note") -> str:
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.TextView", title, f"{APP}:id/title", "", (40, 80, 600, 200)),
            button("Edit", (620, 80, 820, 200), rid=f"{APP}:id/edit"),
            button("More options", (900, 80, 1060, 200), rid=f"{APP}:id/more"),
            node("android.widget.TextView", text, f"{APP}:id/body", "", (40, 300, 1040, 900)),
        ),
    )  # fmt: skip


def _with_menu(base: str) -> str:
    menu = node(
        "android.widget.FrameLayout", "", "", "", (600, 63, 1080, 400),
        node("android.widget.MenuPopupWindow$MenuDropDownListView", "", "", "",
             (600, 63, 1080, 400),
             node("android.widget.TextView", "Share", f"{APP}:id/share", "", (600, 63, 1080, 230),
                  clickable=True),
             node("android.widget.TextView", "Export", f"{APP}:id/export", "",
                  (600, 230, 1080, 400), clickable=True)),
    )  # fmt: skip
    return base.replace("</hierarchy>", menu + "</hierarchy>")


def _spec(step: S2RStep, symptom: str):
    return _spec_of(step, kind=NON_CRASH, symptom=symptom)


def test_a_control_that_does_not_open_what_it_should_is_evidence_when_nothing_changes() -> None:
    spec = _spec(S2RStep("Tap Edit", "click", ["Edit"]), "Tapping Edit doesn't open the editor")
    screen = _note()
    path = SPath([_transition(_click(screen, "Edit"), screen, screen)])
    verdict = HeuristicReasoner().verify(spec, path)
    assert verdict.reproduced and "left the screen unchanged" in verdict.evidence
    editor = _note("Milk", "Edit note")
    worked = SPath([_transition(_click(screen, "Edit"), screen, editor)])
    assert not HeuristicReasoner().verify(spec, worked).reproduced
    # "opens in the wrong app" says something opened: no "does nothing" symptom
    wrong = _spec(S2RStep("Tap Edit", "click", ["Edit"]), "The note opens with the wrong text")
    assert not HeuristicReasoner().verify(wrong, path).reproduced


def test_a_menu_command_that_only_closes_its_menu_does_nothing() -> None:
    spec = _spec(
        S2RStep("Choose Export from the menu", "click", ["Export"]),
        "Export does not open the export screen",
    )
    screen = _note()
    menu = _with_menu(screen)
    opening = _transition(_click(screen, "More options"), screen, menu)
    chosen = _transition(_click(menu, "Export"), menu, screen)
    verdict = HeuristicReasoner().verify(spec, SPath([opening, chosen]))
    assert verdict.reproduced and "closed its menu" in verdict.evidence, verdict.evidence
    # the command changed the screen (a toast, another text): it did something
    changed = _note("Exported", "Note")
    did = _transition(_click(menu, "Export"), menu, changed)
    assert not HeuristicReasoner().verify(spec, SPath([opening, did])).reproduced
