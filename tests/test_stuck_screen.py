"""A screen the person cannot leave ("I can't go back to the list", decision 0057): Back, after
every step, leaves the app on the same screen, which is not the first one. Hand-written screens
of no catalog app."""

from __future__ import annotations

from device_agent.actions import CLICK, PRESS_BACK, Action
from device_agent.hierarchy import structural_hash
from orchestrator.diff import structural_diff
from orchestrator.model import NON_CRASH, ReproSpec, S2RStep, Screen, Transition
from orchestrator.model import Path as SPath
from orchestrator.reasoner.verify import verify
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import _click

APP = "org.example.shelf"
SYMPTOM = "Stuck in the editor. Actual: I can't go back to the list, Back does nothing."


def _page(title: str, *widgets: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
             node("android.widget.TextView", title, f"{APP}:id/title", "", (0, 63, 1080, 200),
                  package=APP),
             *widgets, package=APP),
    )  # fmt: skip


LIST = _page("Books", button("Edit", (0, 300, 1080, 400), rid=f"{APP}:id/edit"))
EDITOR = _page("Edit book", button("Save", (0, 300, 1080, 400), rid=f"{APP}:id/save"))


def _screen(xml: str, activity: str, keyboard: bool = False) -> Screen:
    return Screen(xml, structural_hash(xml), APP, activity, "portrait", keyboard)


def _step(action: Action, before: Screen, after: Screen) -> Transition:
    return Transition(action, before, after, structural_diff(before, after, None))


def _path(*, back_to: Screen | None = None, keyboard: bool = False) -> SPath:
    main, editor = _screen(LIST, ".Main"), _screen(EDITOR, ".Edit", keyboard)
    edit = _step(_click(LIST, "Edit"), main, editor)
    back = _step(Action(PRESS_BACK), editor, back_to or _screen(EDITOR, ".Edit"))
    return SPath([edit, back])


SPEC = ReproSpec([S2RStep("open the editor", CLICK, ["Edit"])], SYMPTOM, NON_CRASH)


def test_back_that_leaves_the_app_on_the_same_screen_is_the_symptom() -> None:
    verdict = verify(SPEC, _path(), [])
    assert verdict.reproduced and verdict.details["check"] == "stuck"


def test_back_that_leaves_or_only_closes_the_keyboard_or_another_symptom_is_not() -> None:
    assert not verify(SPEC, _path(back_to=_screen(LIST, ".Main")), []).reproduced
    assert not verify(SPEC, _path(keyboard=True), []).reproduced  # Back closed the keyboard
    other = ReproSpec(SPEC.steps, "Wrong title. Actual: the title is wrong.", NON_CRASH)
    assert not verify(other, _path(), []).reproduced
    # Back on the path's first screen: the app's root, where Back leaves the app
    main = _screen(LIST, ".Main")
    on_root = SPath([_step(Action(PRESS_BACK), main, _screen(LIST, ".Main"))])
    root_spec = ReproSpec([S2RStep("press back", PRESS_BACK, [])], SYMPTOM, NON_CRASH)
    assert not verify(root_spec, on_root, []).reproduced
