"""A step credited to opening a dialog is undone when the dialog is dismissed (Back, Cancel)
and the screen is back as it was: nothing the step asked for lasted (decision 0049); what was
typed is confirmed (the screen's OK, Save, Create) even where the report does not say so."""

from __future__ import annotations

from device_agent.actions import CLICK, INPUT_TEXT, PRESS_BACK, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import Path as SPath
from orchestrator.model import S2RStep
from orchestrator.reasoner.align import align
from orchestrator.reasoner.heuristic import HeuristicReasoner
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import _click, _spec_of, _transition

APP = "com.example.app"


def _list(*rows: str) -> str:
    body = node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        button("New folder", (0, 100, 540, 200), rid=f"{APP}:id/new"),
        button("Settings", (540, 100, 1080, 200), rid=f"{APP}:id/settings"),
        *[node("android.widget.TextView", r, f"{APP}:id/name", "", (0, 300 + 100 * i, 1080,
               400 + 100 * i), clickable=True) for i, r in enumerate(rows)],
    )  # fmt: skip
    return dump(status_bar(), body)


def _with_dialog(screen: str) -> str:
    dialog = node(
        "android.widget.FrameLayout", "", "", "", (100, 600, 980, 1200),
        node("android.widget.TextView", "Create folder", f"{APP}:id/alertTitle", "",
             (140, 640, 940, 720)),
        node("android.widget.EditText", "", f"{APP}:id/input", "", (140, 760, 940, 860),
             clickable=True),
        button("Cancel", (140, 1000, 520, 1100), rid="android:id/button2"),
        button("Create", (560, 1000, 940, 1100), rid="android:id/button1"),
    )  # fmt: skip
    return screen.replace("</hierarchy>", dialog + "</hierarchy>")


SPEC = _spec_of(
    S2RStep("tap 'New folder'", CLICK, ["New folder"]),
    S2RStep("tap 'Settings'", CLICK, ["Settings"]),
)


def _open() -> list:
    empty = _list()
    return [_transition(_click(empty, "New folder"), empty, _with_dialog(empty))]


def test_a_step_whose_dialog_was_cancelled_is_not_done() -> None:
    opened = _open()
    assert align(SPEC, SPath(opened)).reached == 0
    empty, dialog = _list(), _with_dialog(_list())
    cancel = _transition(_click(dialog, "Cancel"), dialog, empty)
    progress = align(SPEC, SPath([*opened, cancel]))
    assert progress.reached == -1 and progress.served == [-1, -1]
    back = _transition(Action(PRESS_BACK), dialog, empty)
    assert align(SPEC, SPath([*opened, back])).reached == -1


def test_a_dialog_that_left_something_behind_keeps_its_step() -> None:
    opened = _open()
    dialog = _with_dialog(_list())
    field = next(a for a in _click_targets(dialog) if a.kind == INPUT_TEXT)
    typed = dialog.replace(
        f'text="" resource-id="{APP}:id/input"', f'text="a" resource-id="{APP}:id/input"'
    )
    type_name = _transition(Action(INPUT_TEXT, target=field.target, text="a"), dialog, typed)
    create = _transition(_click(typed, "Create"), typed, _list("a"))
    assert align(SPEC, SPath([*opened, type_name, create])).reached == 0
    # Cancel that leaves the screen changed (a row the app added anyway) is no undo either.
    cancel = _transition(_click(dialog, "Cancel"), dialog, _list("a"))
    assert align(SPEC, SPath([*opened, cancel])).reached == 0


def _click_targets(xml: str) -> list[Action]:
    return enumerate_actions(parse_hierarchy(xml), include_global=False)


def test_the_confirming_button_is_probed_right_after_typing() -> None:
    spec = _spec_of(
        S2RStep("type 'report' as the folder name", INPUT_TEXT, ["folder name"], "report"),
        S2RStep("tap 'Settings'", CLICK, ["Settings"]),
    )
    # The dialog is drawn in the page's own window (an in-page panel), so nothing but the
    # button's meaning sets it apart from the page's controls.
    # The page has a confirming button of its own, before the panel in the dump.
    page = _list("notes", "photos", "music").replace(
        "</node></hierarchy>",
        button("Done", (0, 1800, 1080, 1900), rid=f"{APP}:id/done") + "</node></hierarchy>",
    )
    panel = _with_dialog(page)[len(page) - len("</hierarchy>") : -len("</hierarchy>")]
    dialog = page.replace("</node></hierarchy>", panel + "</node></hierarchy>")
    field = next(a for a in _click_targets(dialog) if a.kind == INPUT_TEXT)
    typed = dialog.replace(
        f'text="" resource-id="{APP}:id/input"', f'text="report" resource-id="{APP}:id/input"'
    )
    typing = _transition(Action(INPUT_TEXT, target=field.target, text="report"), dialog, typed)
    candidates = enumerate_actions(parse_hierarchy(typed))
    kept = HeuristicReasoner().filter_actions(spec, typing.after, candidates, SPath([typing]), 1)
    labels = [a.extra.get("label") for a in kept.actions]
    assert "Create" in labels and "Done" not in labels
