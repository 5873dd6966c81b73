"""Leaving the app and coming back, an action of its own (decision 0062): the device goes Home and
comes back from the launcher icon (the process, back stack and activity instance stay; the app
model's ``on_activity_stop`` and ``on_activity_restart`` run); "switch to another app and come
back", "put it in the background", "press Home and reopen it" are one step; the search offers
it only where the report speaks of leaving; a state lost across it is evidence; the exported
script and flow do the same. A hand-written app, loaded like a user's own model: a draft wiped
when the editor comes back, and a dialog closed when it does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device_agent.actions import (
    CLICK,
    INPUT_TEXT,
    LEAVE_AND_RETURN,
    PRESS_BACK,
    PRESS_HOME,
    RESTART_APP,
    ROTATE,
    Action,
    Selector,
)
from device_agent.convert import action_from_proto, action_to_proto
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.device import VirtualDevice
from orchestrator.config import FarmConfig, RunConfig, SearchConfig
from orchestrator.enumerate import asks_leave, enumerate_actions
from orchestrator.model import BugReport, ReproSpec, S2RStep
from orchestrator.reasoner.s2r import analyze
from orchestrator.run import reproduce
from tests.catalog_helpers import launched, texts, user_model

DRAFTS = """
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.views import Screen, View


def wiped(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return data["wiped"] > 0


def closed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return data["closed"] > 0


class Drafts(VirtualApp):
    name: ClassVar[str] = "Drafts"
    package: ClassVar[str] = "org.example.drafts"
    label: ClassVar[str] = "Drafts"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec("Drafts#1", "non-crash", "Draft wiped after switching apps", wiped),
        BugSpec("Drafts#2", "non-crash", "Delete dialog closes after switching apps", closed),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"wiped": 0, "closed": 0, "stops": 0, "restarts": 0}

    def on_activity_stop(self, ctx: AppContext) -> None:
        ctx.data["stops"] += 1

    def on_activity_restart(self, ctx: AppContext) -> None:
        ctx.data["restarts"] += 1
        if ctx.data.get("crash_on_return"):
            raise JavaException("java.lang.IllegalStateException", "no view",
                                frames=["org.example.drafts.Main.onRestart(Main.java:9)"])
        # The bugs: the editor re-reads an empty draft, the list forgets its dialog.
        if ctx.activity == ".Edit" and ctx.ui.get("text"):
            ctx.ui["text"] = ""
            ctx.data["wiped"] += 1
        if ctx.activity == ".Main" and ctx.ui.get("asking"):
            ctx.ui["asking"] = False
            ctx.data["closed"] += 1

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ".Edit":
            return Screen(title="New note", content=View(cls="android.widget.LinearLayout",
                                                         children=[
                View(cls="android.widget.EditText", text=ctx.ui.get("text", ""), resource_id="body",
                     on_text=lambda c, t: c.ui.update(text=t)),
                View(cls="android.widget.Button", text="Save", resource_id="save",
                     on_click=lambda c: c.finish()),
            ]))
        windows = []
        if ctx.ui.get("asking"):
            close = lambda c: c.ui.update(asking=False)
            windows.append(w.alert_dialog(w.dialog_title("Delete all notes?"), [], [
                w.dialog_button("android:id/button2", "Cancel", close),
                w.dialog_button("android:id/button1", "Delete", close),
            ], close))
        return Screen(title="Drafts", windows=windows, content=View(
            cls="android.widget.LinearLayout", children=[
                View(cls="android.widget.Button", text="New note", resource_id="new",
                     on_click=lambda c: c.start_activity(".Edit")),
                View(cls="android.widget.Button", text="Delete all", resource_id="delete",
                     on_click=lambda c: c.ui.update(asking=True)),
            ]))
"""

WIPED = """---
bug_id: Drafts#1
repo: Drafts
---

# Draft text disappears when I switch apps

Steps to reproduce:
1. Tap "New note"
2. Type "Buy milk"
3. Switch to another app and come back

Actual: the text I typed is gone
"""

CLOSED = """---
bug_id: Drafts#2
repo: Drafts
---

# Delete dialog closes by itself

1. Tap "Delete all"
2. Press the home button
3. Open the app again

The confirmation dialog is gone.
"""


def _apps(tmp_path: Path) -> Path:
    return user_model(tmp_path, DRAFTS, "drafts.py")


def _device(tmp_path: Path) -> VirtualDevice:
    return launched(_apps(tmp_path), "Drafts")


def _counts(device: VirtualDevice) -> tuple[int, int]:
    data = device.s["data"]
    return data["stops"], data["restarts"]


def _type_draft(device: VirtualDevice) -> None:
    device.execute(Action(CLICK, Selector(text="New note")))
    device.execute(Action(INPUT_TEXT, Selector(resource_id="org.example.drafts:id/body"), "x"))


def test_leaving_and_returning_stops_and_restarts_the_same_activity_in_the_same_process(
    tmp_path: Path,
) -> None:
    device = _device(tmp_path)
    _type_draft(device)
    pid = device.s["pid"]
    instance = device.s["stack"][-1]["id"]
    result = device.execute(Action(LEAVE_AND_RETURN))
    assert result.performed and "came back" in result.detail
    screen = device.observe()
    assert screen.package == "org.example.drafts" and screen.activity.endswith(".Edit")
    assert _counts(device) == (1, 1)
    assert device.s["pid"] == pid and device.s["stack"][-1]["id"] == instance
    assert "x" not in texts(device)  # the modelled bug: the draft wiped on the way back
    assert device.check_bug_oracle("Drafts#1")[0]


def test_a_model_without_the_hooks_keeps_its_screen_and_home_then_the_icon_is_the_same(
    tmp_path: Path,
) -> None:
    device = _device(tmp_path)
    device.execute(Action(CLICK, Selector(text="Delete all")))
    device.execute(Action(PRESS_HOME))
    assert device.observe().package != "org.example.drafts"
    assert _counts(device) == (1, 0)
    device.launch_app()  # the launcher icon resumes the task: the stopped activity restarts
    assert _counts(device) == (1, 1)
    assert device.check_bug_oracle("Drafts#2")[0]
    # The same screen with the hooks doing nothing keeps its state: only the bug loses it
    device.s["data"]["stops"] = 0
    device.execute(Action(CLICK, Selector(text="New note")))
    device.execute(Action(PRESS_BACK))
    assert "Delete all" in texts(device)


def test_a_rotation_while_away_recreates_the_activity_instead_of_restarting_it(
    tmp_path: Path,
) -> None:
    device = _device(tmp_path)
    device.execute(Action(PRESS_HOME))
    device.execute(Action(ROTATE, orientation="landscape"))
    instance = device.s["stack"][-1]["id"]
    device.launch_app()
    assert device.s["stack"][-1]["id"] != instance  # re-created: onCreate, not onRestart
    assert _counts(device) == (1, 0)


def test_an_exception_when_coming_back_is_a_crash(tmp_path: Path) -> None:
    device = _device(tmp_path)
    device.s["data"]["crash_on_return"] = True
    assert "failed on coming back" in device.execute(Action(LEAVE_AND_RETURN)).detail
    assert device.s["running"] is False
    crash = "\n".join(str(line.to_list()) for line in device.logcat.lines("crash"))
    assert "IllegalStateException" in crash and "onRestart" in crash


def test_the_action_crosses_the_grpc_api() -> None:
    action = Action(LEAVE_AND_RETURN)
    assert action_from_proto(action_to_proto(action)) == action


def _hints(body: str) -> list[str]:
    spec = analyze(BugReport(bug_id="x#1", title="t", body=body, repo="Drafts"))
    return [s.action_hint for s in spec.steps]


@pytest.mark.parametrize(
    "way",
    [
        "Switch to another app and come back",
        "Switch to a different app, then switch back",
        "Put the app in the background",
        "Send it to the background and reopen it",
        "Minimize the app",
        "Open the recent apps and go back to the app",
        "Press home and reopen the app",
        "Press the home button\n3. Open the app again",
        "Go to the home screen\n3. Return to the app",
        "Leave the app\n3. Come back",
        "Leave the app for a while and return",
        "Press Home\n3. Open Drafts again from the launcher",
        "Go to the home screen and return to Drafts",
    ],
)
def test_leaving_and_coming_back_is_read_as_one_step(way: str) -> None:
    assert _hints(f"1. Tap Add\n2. {way}\n9. Tap Save") == [CLICK, LEAVE_AND_RETURN, CLICK]


def test_home_stays_home_where_nothing_comes_back_and_a_restart_stays_a_restart() -> None:
    assert _hints("1. Tap Add\n2. Press home") == [CLICK, PRESS_HOME]
    # ... unless the symptom is told on coming back
    told = "1. Tap Add\n2. Press home\n\nActual: when I open Drafts again, the text is gone"
    assert _hints(told) == [CLICK, LEAVE_AND_RETURN]
    assert _hints("1. Tap Add\n2. Press home\n3. Tap Save") == [CLICK, LEAVE_AND_RETURN, CLICK]
    assert _hints("1. Tap Add\n2. Close the app and open it again") == [CLICK, RESTART_APP]
    assert _hints("1. Tap Add\n2. Kill the app\n3. Reopen it") == [CLICK, RESTART_APP]
    # a control of the app, and what the app does, are no leaving
    assert LEAVE_AND_RETURN not in _hints("1. Tap Add\n2. Switch to the other tab")
    assert LEAVE_AND_RETURN not in _hints("1. Tap Add\n2. Switch to another app and it crashes")


def test_leaving_is_offered_only_where_the_report_speaks_of_it(tmp_path: Path) -> None:
    tree = parse_hierarchy(_device(tmp_path).observe().hierarchy_xml)
    steps = [S2RStep("Tap New note", CLICK, ["New note"])]
    plain = ReproSpec(steps=steps, symptom="The note is lost", bug_kind="non-crash")
    away = ReproSpec(steps=steps, symptom="Lost once the app is in the background",
                     bug_kind="non-crash")  # fmt: skip
    home = ReproSpec(steps=steps, symptom="The list is back on the home screen",
                     bug_kind="non-crash")  # fmt: skip
    assert asks_leave(away) and not asks_leave(plain)
    assert not asks_leave(home)  # "the home screen" is as often the app's own first screen
    kinds = [a.kind for a in enumerate_actions(tree, leave=True)]
    assert kinds.count(LEAVE_AND_RETURN) == 1
    assert LEAVE_AND_RETURN not in [a.kind for a in enumerate_actions(tree)]


def _run(tmp_path: Path, name: str, text: str) -> dict:
    apps = _apps(tmp_path)
    report = tmp_path / f"{name}.md"
    report.write_text(text, encoding="utf-8")
    out = tmp_path / name
    reproduce(
        RunConfig(
            report_path=str(report),
            out_dir=str(out),
            reasoner="heuristic",
            farm=FarmConfig(devices=1, profile="instant", app_dir=str(apps), app="Drafts"),
            search=SearchConfig(max_probes=200),
            progress=False,
        )
    )
    return json.loads((out / "result.json").read_text(encoding="utf-8"))


@pytest.mark.e2e
@pytest.mark.timeout(240)
def test_a_state_lost_on_leaving_is_reproduced_and_exported(
    ray_session: object, tmp_path: Path
) -> None:
    from orchestrator.export import to_adb_script, to_maestro_flow

    for name, text in (("wiped", WIPED), ("closed", CLOSED)):
        result = _run(tmp_path, name, text)
        assert result["verdict"] == "symptom", (name, result.get("miss"))
        assert result["ground_truth"]["cause"] == "reproduced"
        assert result["trace"][-1]["action"]["kind"] == LEAVE_AND_RETURN
        if name == "closed":
            assert result["claim"]["check"] == "state_lost_on_leaving"
            assert "leaving the app closed" in result["evidence"]
        script = to_adb_script(result).split("# step")[-1]
        assert "keyevent KEYCODE_HOME" in script and "monkey -p" in script
        assert "force-stop" not in script  # the process stays
        assert '- pressKey: "Home"' in to_maestro_flow(result) or "pressKey: Home" in (
            to_maestro_flow(result)
        )


BROKEN = """
from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import Screen, View


class Broken(VirtualApp):
    name: ClassVar[str] = "Broken"
    package: ClassVar[str] = "org.example.broken"
    label: ClassVar[str] = "Broken"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec("Broken#1", "crash", "Crash on return", lambda d, s: bool(s["crashes"])),
    )

    def initial_data(self) -> dict[str, Any]:
        return {}

    def on_activity_restart(self, ctx: AppContext) -> None:
        ctx.data["station"]  # a Python error in the model, not a simulated crash

    def render(self, ctx: AppContext) -> Screen:
        return Screen(title="Broken", content=View(cls="android.widget.Button", text="Go",
                                                   on_click=lambda c: None))
"""


@pytest.mark.e2e
@pytest.mark.timeout(240)
def test_a_python_error_in_a_hook_is_named_as_the_models_bad_input(
    ray_session: object, tmp_path: Path
) -> None:
    """A new user's hook with a plain Python error: the run stops as bad input (exit 2) naming
    the model, the hook and the error, at once, not as devices that failed (exit 3) after every
    device was tried, nor as a dropped probe the search goes on without."""
    from orchestrator.errors import BadInputError

    apps = user_model(tmp_path, BROKEN, "broken.py")
    report = tmp_path / "broken-1.md"
    report.write_text(
        "---\nbug_id: Broken#1\nrepo: Broken\n---\n\n# Crash on return\n\n1. Tap Go\n"
        "2. Switch to another app and come back\n\nThe app crashes.\n",
        encoding="utf-8",
    )
    config = RunConfig(
        report_path=str(report),
        out_dir=str(tmp_path / "out"),
        reasoner="heuristic",
        farm=FarmConfig(devices=1, profile="instant", app_dir=str(apps), app="Broken"),
        search=SearchConfig(max_probes=100),
        progress=False,
    )
    result, code = reproduce(config)
    assert code == BadInputError.exit_code == 2
    assert result["verdict"] == "error"
    assert "app model Broken raised KeyError" in result["error"]
    assert "on_activity_restart" in result["error"] and "fix the app model" in result["error"]
