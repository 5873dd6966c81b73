"""Data loss across a restart (orchestrator.persistence and the ``reverted_after_restart`` check):
a screen opened after the restart that shows what it showed before the steps changed it is the
evidence; a change never committed, or one the app keeps, is not; and the search goes back to
the screen that holds the change."""

from __future__ import annotations

import json
from pathlib import Path as FsPath

import pytest

from device_agent.actions import (
    CLICK,
    INPUT_TEXT,
    PRESS_BACK,
    RESTART_APP,
    SWIPE,
    Action,
    Selector,
)
from device_agent.hierarchy import structural_hash
from orchestrator.config import FarmConfig, RunConfig, SearchConfig
from orchestrator.model import Path, ReproSpec, S2RStep, Screen, Transition
from orchestrator.persistence import reverted, way_back
from orchestrator.reasoner.align import align
from orchestrator.reasoner.s2r import analyze
from orchestrator.reasoner.verify import verify
from orchestrator.report import load_report
from orchestrator.run import reproduce
from tests.catalog_helpers import user_model

PACKAGE = "org.example.pomo"


def _node(cls: str, text: str = "", rid: str = "", children: str = "", **flags: bool) -> str:
    attrs = " ".join(f'{k}="{str(v).lower()}"' for k, v in flags.items())
    rid = f"{PACKAGE}:id/{rid}" if rid else ""
    return (
        f'<node class="{cls}" text="{text}" resource-id="{rid}" package="{PACKAGE}" '
        f'content-desc="" bounds="[0,0][1080,1920]" {attrs}>{children}</node>'
    )


def _screen(activity: str, texts: list[str], dialog: list[str] | None = None) -> Screen:
    """A screen of the app: one window of labelled rows (ids from their position), and a
    dialog window of choices when ``dialog`` is given."""
    rows = "".join(
        _node("android.widget.TextView", t, f"row{i}", clickable=True) for i, t in enumerate(texts)
    )
    windows = _node("android.widget.FrameLayout", children=rows)
    if dialog is not None:
        choices = "".join(
            _node("android.widget.CheckedTextView", t, "choice", clickable=True, checkable=True)
            for t in dialog
        )
        windows += _node("android.widget.FrameLayout", children=choices)
    xml = f'<hierarchy rotation="0">{windows}</hierarchy>'
    return Screen(xml, structural_hash(xml), PACKAGE, activity, "portrait")


def _click(text: str) -> Action:
    return Action(kind=CLICK, target=Selector(text=text))


def _path(*steps: tuple[Action, Screen], start: Screen) -> Path:
    transitions, before = [], start
    for action, after in steps:
        transitions.append(Transition(action, before, after, {}))
        before = after
    return Path(transitions)


MAIN_25 = _screen(".Main", ["Focus 25 min", "Settings"])
MAIN_45 = _screen(".Main", ["Focus 45 min", "Settings"])
SETTINGS_25 = _screen(".Settings", ["Focus length", "25 minutes"])
SETTINGS_45 = _screen(".Settings", ["Focus length", "45 minutes"])
DIALOG = _screen(".Settings", ["Focus length", "25 minutes"], ["25 minutes", "45 minutes"])
RESTART = Action(kind=RESTART_APP)


def _chose_45(then_back: bool = True) -> list[tuple[Action, Screen]]:
    steps = [
        (_click("Settings"), SETTINGS_25),
        (_click("Focus length"), DIALOG),
        (_click("45 minutes"), SETTINGS_45),
    ]
    return steps + [(Action(kind=PRESS_BACK), MAIN_45)] if then_back else steps


def test_a_screen_opened_after_the_restart_as_it_was_first_is_a_reversion() -> None:
    path = _path(*_chose_45(), (RESTART, MAIN_25), start=MAIN_25)
    found = reverted(path)
    assert found is not None
    assert found.lost == ("Focus 45 min",) and found.back == ("Focus 25 min",)
    assert (found.first, found.last) == (0, 4)


def test_a_kept_change_or_one_never_committed_is_no_reversion() -> None:
    kept = _path(*_chose_45(), (RESTART, MAIN_45), start=MAIN_45)
    assert reverted(kept) is None
    # The dialog dismissed with Back: the main screen never showed 45, so it lost nothing.
    cancelled = [
        (_click("Settings"), SETTINGS_25),
        (_click("Focus length"), DIALOG),
        (Action(kind=PRESS_BACK), SETTINGS_25),
        (Action(kind=PRESS_BACK), MAIN_25),
        (RESTART, MAIN_25),
    ]
    assert reverted(_path(*cancelled, start=MAIN_25)) is None
    # No restart: leaving the screen and coming back is no persistence question.
    assert reverted(_path(*_chose_45(), (_click("Settings"), SETTINGS_25), start=MAIN_25)) is None


def test_a_screen_last_seen_before_a_choice_changed_it_again_is_no_evidence() -> None:
    # 45 chosen, the dialog opened again (showing 45) and 25 picked in it: the dialog as last
    # seen is not what the app keeps, and the settings screen shows 25 before and after.
    dialog_45 = _screen(".Settings", ["Focus length", "45 minutes"], ["25 minutes", "45 minutes"])
    back_to_25 = [
        *_chose_45(then_back=False),
        (_click("Focus length"), dialog_45),
        (_click("25 minutes"), SETTINGS_25),
        (RESTART, MAIN_25),
        (_click("Settings"), SETTINGS_25),
    ]
    assert reverted(_path(*back_to_25, start=MAIN_25)) is None
    looked = _path(*back_to_25, (_click("Focus length"), DIALOG), start=MAIN_25)
    assert reverted(looked) is None
    # A dialog dismissed with Back drops what was picked in it: no evidence either.
    dismissed = [
        (_click("Settings"), SETTINGS_25),
        (_click("Focus length"), DIALOG),
        (_click("45 minutes"), dialog_45),
        (Action(kind=PRESS_BACK), SETTINGS_25),
        (RESTART, MAIN_25),
        (_click("Settings"), SETTINGS_25),
        (_click("Focus length"), DIALOG),
    ]
    assert reverted(_path(*dismissed, start=MAIN_25)) is None


def test_a_picker_turned_in_place_is_no_evidence_until_a_screen_opened_after_shows_it() -> None:
    # The sheet's wheel turned to 45 and Confirm pressed, then the restart: the sheet was never
    # opened showing 45, so what it would show again is unknown (a wheel turned and dropped
    # looks the same). Opened once more before the restart, it is the evidence.
    sheet_25 = _screen(".Main", ["Focus 25 min", "Settings"], ["25 min", "Confirm"])
    sheet_45 = _screen(".Main", ["Focus 25 min", "Settings"], ["45 min", "Confirm"])
    turned = [
        (_click("Focus 25 min"), sheet_25),
        (_click("45 min"), sheet_45),
        (_click("Confirm"), MAIN_25),
    ]
    looked = [(RESTART, MAIN_25), (_click("Focus 25 min"), sheet_25)]
    assert reverted(_path(*turned, *looked, start=MAIN_25)) is None
    reopened = _path(*turned, (_click("Focus 25 min"), sheet_45), *looked, start=MAIN_25)
    found = reverted(reopened)
    assert found is not None and found.lost == ("45 min",)


def test_text_typed_and_never_saved_is_no_reversion() -> None:
    # A note typed into the field and the app restarted: the field shows its hint again on any
    # build; only what the app keeps counts.
    def note(text: str) -> Screen:
        field = _node("android.widget.EditText", text, "note")
        xml = f'<hierarchy rotation="0">{_node("android.widget.FrameLayout", children=field)}'
        xml += "</hierarchy>"
        return Screen(xml, structural_hash(xml), PACKAGE, ".Main", "portrait")

    typed = [
        (Action(kind=INPUT_TEXT, target=Selector(resource_id="note"), text="milk"), note("milk")),
        (RESTART, note("Write a note")),
    ]
    assert reverted(_path(*typed, start=note("Write a note"))) is None


def test_a_swipe_on_the_screen_moves_content_unless_the_report_speaks_of_scrolling() -> None:
    swiped = [
        (Action(kind=SWIPE, direction="up"), MAIN_45),
        (_click("Settings"), SETTINGS_25),
        (Action(kind=PRESS_BACK), MAIN_45),
        (RESTART, MAIN_25),
    ]
    assert reverted(_path(*swiped, start=MAIN_25)) is None
    assert reverted(_path(*swiped, start=MAIN_25), scrolling_counts=True) is not None


def test_the_way_back_replays_the_forward_moves_from_where_the_restart_lands() -> None:
    path = _path(*_chose_45(then_back=False), (RESTART, MAIN_25), start=MAIN_25)
    # The choice itself returns to a screen already seen: it is no way forward and not replayed;
    # the dialog never showed a change, so the way back stops at the settings screen, which did.
    assert [a.target.text for a in way_back(path) if a.target] == ["Settings"]
    # Nothing seen to change before the restart: nothing worth going back for.
    unchanged = _path(
        (_click("Settings"), SETTINGS_25),
        (_click("Focus length"), DIALOG),
        (RESTART, MAIN_25),
        start=MAIN_25,
    )
    assert way_back(unchanged) == []
    assert way_back(_path(*_chose_45(then_back=False), start=MAIN_25)) == []
    # Replayed: the settings screen opens with the old value, as it was first opened.
    looked = _path(
        *_chose_45(then_back=False),
        (RESTART, MAIN_25),
        (_click("Settings"), SETTINGS_25),
        start=MAIN_25,
    )
    found = reverted(looked)
    assert found is not None and found.lost == ("45 minutes",)
    # Anything but forward moves after the restart is the path's own doing: no evidence.
    pressed = _path(
        *_chose_45(then_back=False),
        (RESTART, MAIN_25),
        (_click("Settings"), SETTINGS_25),
        (Action(kind=PRESS_BACK), MAIN_25),
        (_click("Settings"), SETTINGS_25),
        start=MAIN_25,
    )
    assert reverted(pressed) is None


def _spec(symptom: str) -> ReproSpec:
    """The report's reading (the reader's own, checked here so the test follows it)."""
    steps = [
        S2RStep("Open Settings", "click", ["Settings"]),
        S2RStep("Set the focus length to 45 minutes", INPUT_TEXT, ["focus length"], "45 minutes"),
        S2RStep("Close the app", RESTART_APP, []),
    ]
    return ReproSpec(steps=steps, symptom=symptom, bug_kind="non-crash")


def test_the_reader_reads_the_report_as_the_checks_below_assume(tmp_path: FsPath) -> None:
    report = tmp_path / "r.md"
    report.write_text(REPORT.format(bug="Pomo#1", app="Pomo"), encoding="utf-8")
    assert analyze(load_report(report)).steps == _spec("").steps


def test_picking_a_choice_that_reads_the_value_does_a_set_to_step() -> None:
    path = _path(*_chose_45(then_back=False), start=MAIN_25)
    # The row that opens the choices is a helper; the choice reading the value does the step.
    assert align(_spec(""), path).served == [0, -1, 1]
    # A choice that reads another value leaves the step under way.
    other = _path(
        (_click("Settings"), SETTINGS_25),
        (_click("Focus length"), DIALOG),
        (_click("25 minutes"), SETTINGS_25),
        start=MAIN_25,
    )
    assert align(_spec(""), other).reached == 0


def test_the_check_wants_the_steps_done_up_to_the_restart_and_a_loss_in_the_symptom() -> None:
    path = _path(*_chose_45(), (RESTART, MAIN_25), start=MAIN_25)
    verdict = verify(_spec("Focus length is not saved"), path, [])
    assert verdict.reproduced and verdict.details["check"] == "reverted_after_restart"
    assert "'Focus 45 min'" in verdict.evidence
    # A symptom about something else: the reversion is not what the report says is wrong.
    assert not verify(_spec("The timer sound is too quiet"), path, []).reproduced
    # The report's steps are others (the path never did them): its change is not the report's.
    other = ReproSpec(
        steps=[
            S2RStep("Open Settings", "click", ["Settings"]),
            S2RStep("Turn on Vibrate", "click", ["Vibrate"]),
            S2RStep("Restart the app", RESTART_APP, []),
        ],
        symptom="The focus length is back to the default",
        bug_kind="non-crash",
    )
    assert not verify(other, path, []).reproduced


def test_a_value_seen_only_as_a_choice_is_not_gone_when_a_restart_closes_its_list() -> None:
    # A restart with the choice dialog open: its rows leave with it whatever the app keeps.
    path = _path(
        (_click("Settings"), SETTINGS_25),
        (_click("Focus length"), DIALOG),
        (RESTART, MAIN_25),
        start=MAIN_25,
    )
    assert not verify(_spec("Focus length is not saved"), path, []).reproduced


POMO = """
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import Screen, View

CHOICES = ("25 minutes", "45 minutes", "60 minutes")


def lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return bool(data.get("lost"))


class Pomo(VirtualApp):
    '''A focus timer whose chosen length lives only in the process (the bug), or in storage.'''

    name: ClassVar[str] = "Pomo"
    package: ClassVar[str] = "org.example.pomo"
    label: ClassVar[str] = "Pomo"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"
    keeps: ClassVar[bool] = False
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec("Pomo#1", "non-crash", "Focus length not kept", lost),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"focus": 25, "chosen": 0, "lost": False}

    def _focus(self, ctx: AppContext) -> int:
        return ctx.data["focus"] if self.keeps else ctx.memory.get("focus", 25)

    def _choose(self, ctx: AppContext, i: int) -> None:
        minutes = int(CHOICES[i].split()[0])
        ctx.data["chosen"] = minutes
        if self.keeps:
            ctx.data["focus"] = minutes
        else:
            ctx.memory["focus"] = minutes
        ctx.ui["asking"] = False

    def on_create(self, ctx: AppContext) -> None:
        if ctx.data["chosen"] not in (0, 25) and self._focus(ctx) == 25:
            ctx.data["lost"] = True

    def render(self, ctx: AppContext) -> Screen:
        focus = self._focus(ctx)
        if ctx.activity == ".Settings":
            windows = []
            if ctx.ui.get("asking"):
                close = lambda c: c.ui.update(asking=False)
                windows.append(w.choice_dialog("Focus length", CHOICES,
                                               CHOICES.index(f"{focus} minutes"),
                                               self._choose, close,
                                               negative=("Cancel", close)))
            return Screen(title="Settings", windows=windows, content=w.linear_layout([
                w.preference("Focus length", f"{focus} min",
                             lambda c: c.ui.update(asking=True)),
                w.preference("About", "Version 1.0", None),
            ]))
        return Screen(title="Pomo", content=w.linear_layout([
            w.text_view(f"{focus}:00", "timer"),
            w.button("start", "Start", None),
            w.button("settings", "Settings", lambda c: c.start_activity(".Settings")),
        ]))


class PomoKeeps(Pomo):
    name: ClassVar[str] = "PomoKeeps"
    package: ClassVar[str] = "org.example.pomokeeps"
    keeps: ClassVar[bool] = True
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec("PomoKeeps#1", "non-crash", "Focus length not kept", lost),
    )
"""

REPORT = """---
bug_id: {bug}
repo: {app}
---

# Focus length is not saved

1. Open Settings
2. Set the focus length to 45 minutes
3. Close the app and open it again

The focus length is back to the default of 25 minutes.
"""


def _run(tmp_path: FsPath, app: str) -> dict:
    apps = user_model(tmp_path, POMO, "pomo.py")
    report = tmp_path / f"{app}.md"
    report.write_text(REPORT.format(bug=f"{app}#1", app=app), encoding="utf-8")
    out = tmp_path / app
    reproduce(
        RunConfig(
            report_path=str(report),
            out_dir=str(out),
            reasoner="heuristic",
            farm=FarmConfig(devices=1, profile="instant", app_dir=str(apps), app=app),
            search=SearchConfig(max_probes=150),
            progress=False,
        )
    )
    return json.loads((out / "result.json").read_text(encoding="utf-8"))


@pytest.mark.e2e
@pytest.mark.slow
@pytest.mark.timeout(240)
def test_a_setting_lost_on_restart_is_found_by_going_back_and_a_kept_one_is_not(
    ray_session: object, tmp_path: FsPath
) -> None:
    result = _run(tmp_path, "Pomo")
    assert result["verdict"] == "symptom", result.get("miss")
    assert result["claim"]["check"] == "reverted_after_restart"
    assert result["ground_truth"]["cause"] == "reproduced"
    kinds = [step["action"]["kind"] for step in result["trace"]]
    assert RESTART_APP in kinds
    kept = _run(tmp_path, "PomoKeeps")
    assert kept["verdict"] == "not_reproduced"
