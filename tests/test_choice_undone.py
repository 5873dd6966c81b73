"""A quoted message is no evidence on a path whose drop-down choice the app reset before the last
action (decision 0057): the step chose "Work", the path went to another screen and back, the
filter shows "All" again, and what the last action brings is the app working on the default.
Hand-written screens of no catalog app."""

from __future__ import annotations

from device_agent.actions import CLICK, Action
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.verify import verify
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition


def _list(chosen: str, popup: bool = False) -> str:
    spinner = node("android.widget.Spinner", "", f"{APP}:id/filter", "", (0, 200, 1080, 300),
                   node("android.widget.TextView", chosen, "android:id/text1", "",
                        (0, 200, 1080, 300)),
                   clickable=True)  # fmt: skip
    body = node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
                node("android.widget.TextView", "Items", f"{APP}:id/title", "",
                     (0, 63, 1080, 200)),
                spinner,
                button("Add", (0, 400, 540, 500), rid=f"{APP}:id/add"),
                button("Settings", (540, 400, 1080, 500), rid=f"{APP}:id/settings"))  # fmt: skip
    menu = node("android.widget.ListView", "", "", "", (0, 300, 1080, 500),
                node("android.widget.TextView", "Work", "android:id/text1", "",
                     (0, 300, 1080, 400), clickable=True))  # fmt: skip
    return dump(status_bar(), body, *([menu] if popup else []))


EDITOR = dump(status_bar(), node("android.widget.TextView", "New note", f"{APP}:id/title", "",
                                 (0, 63, 1080, 200)))  # fmt: skip
SETTINGS = dump(status_bar(), node("android.widget.TextView", "Settings", f"{APP}:id/title", "",
                                   (0, 63, 1080, 200)))  # fmt: skip
SPEC = _spec_of(
    S2RStep("choose Work in the filter", CLICK, ["Work"]),
    S2RStep("tap Add", CLICK, ["Add"]),
    kind=NON_CRASH,
    symptom='Wrong editor. Actual: the screen says "New note".',
)


def _chosen() -> list:
    return [_transition(_click(_list("All", popup=True), "Work"), _list("All", popup=True),
                        _list("Work"))]  # fmt: skip


def test_a_quote_after_the_choice_was_kept_is_evidence() -> None:
    add = _transition(_click(_list("Work"), "Add"), _list("Work"), EDITOR, activity=".Edit")
    verdict = verify(SPEC, SPath([*_chosen(), add]), [])
    assert verdict.reproduced and verdict.details["check"] == "quoted_message"


def test_a_quote_after_the_app_reset_the_choice_is_not() -> None:
    away = _transition(_click(_list("Work"), "Settings"), _list("Work"), SETTINGS,
                       activity=".Settings")  # fmt: skip
    back = _transition(Action("press_back"), SETTINGS, _list("All"))
    add = _transition(_click(_list("All"), "Add"), _list("All"), EDITOR, activity=".Edit")
    assert not verify(SPEC, SPath([*_chosen(), away, back, add]), []).reproduced
