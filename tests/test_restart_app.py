"""Restarting the app, an action of its own (decision 0057): the device stops the app's process
and opens it again from its launcher (storage kept, the process's memory and back stack gone);
the report's "restart the app" / "close the app and open it again" is a step; the search offers
the restart only where the report speaks of restarting; the exported script and flow restart
the app the same way. A hand-written app, loaded like a user's own model: a note saved to the
process's memory only is gone after a restart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device_agent.actions import CLICK, INPUT_TEXT, RESTART_APP, Action, Selector
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.device import VirtualDevice
from orchestrator.config import FarmConfig, RunConfig, SearchConfig
from orchestrator.enumerate import asks_restart, enumerate_actions
from orchestrator.model import BugReport, ReproSpec, S2RStep
from orchestrator.reasoner.s2r import analyze
from orchestrator.run import reproduce

JOTTER = """
from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import Screen, View


def lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return data["lost"] > 0


class Jotter(VirtualApp):
    name: ClassVar[str] = "Jotter"
    package: ClassVar[str] = "org.example.jotter"
    label: ClassVar[str] = "Jotter"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec("Jotter#1", "non-crash", "Saved note gone after restart", lost, human_steps=()),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"notes": [], "saves": 0, "lost": 0}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == ".Main" and not ctx.memory.get("started"):
            ctx.memory["started"] = True  # a new process: what only memory held is gone
            ctx.data["lost"] = ctx.data["saves"] - len(ctx.data["notes"])

    def save(self, ctx: AppContext) -> None:
        # The bug: the note goes to an in-memory cache that nothing writes to storage.
        ctx.memory.setdefault("pending", []).append(ctx.ui.get("text", ""))
        ctx.data["saves"] += 1
        ctx.finish()

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ".Edit":
            return Screen(title="New note", content=View(cls="android.widget.LinearLayout",
                                                         children=[
                View(cls="android.widget.EditText", text=ctx.ui.get("text", ""), resource_id="body",
                     on_text=lambda c, t: c.ui.update(text=t)),
                View(cls="android.widget.Button", text="Save", resource_id="save",
                     on_click=self.save),
            ]))
        notes = ctx.data["notes"] + ctx.memory.get("pending", [])
        return Screen(title="Jotter", content=View(cls="android.widget.LinearLayout", children=[
            *[View(cls="android.widget.TextView", text=n, resource_id="note") for n in notes],
            View(cls="android.widget.Button", text="New note", resource_id="new",
                 on_click=lambda c: c.start_activity(".Edit")),
        ]))
"""

REPORT = """---
bug_id: Jotter#1
repo: Jotter
---

# My note is gone after restarting

Steps to reproduce:
1. Tap "New note"
2. Type "Buy milk"
3. Save it
4. Close the app and open it again

Expected: the note "Buy milk" is still listed
Actual: the note is gone
"""


def _apps(tmp_path: Path) -> Path:
    apps = tmp_path / "apps"
    apps.mkdir(exist_ok=True)
    (apps / "jotter.py").write_text(JOTTER, encoding="utf-8")
    return apps


def _device(tmp_path: Path) -> VirtualDevice:
    device = VirtualDevice("d1", app_dir=str(_apps(tmp_path)))
    device.install_app("Jotter")
    device.launch_app()
    return device


def _labels(device: VirtualDevice) -> list[str]:
    tree = parse_hierarchy(device.observe().hierarchy_xml)
    return [n.text for n in tree.iter() if n.text]


def test_a_restart_keeps_storage_and_loses_the_process_memory_and_back_stack(
    tmp_path: Path,
) -> None:
    device = _device(tmp_path)
    device.execute(Action(CLICK, Selector(text="New note")))
    device.execute(Action(INPUT_TEXT, Selector(resource_id="org.example.jotter:id/body"), "x"))
    device.execute(Action(CLICK, Selector(text="Save")))
    assert "x" in _labels(device)  # shown from memory
    device.execute(Action(CLICK, Selector(text="New note")))  # an activity on the back stack
    result = device.execute(Action(RESTART_APP))
    assert result.performed
    screen = device.observe()
    assert screen.activity.endswith(".Main")  # the launch activity, not the editor
    assert "x" not in _labels(device)  # the memory died with the process
    assert device.check_bug_oracle("Jotter#1")[0]  # storage kept: the save count survived
    assert any("Killing" in str(line.to_list()) for line in device.logcat.lines("system"))


def test_restart_steps_are_read_after_earlier_steps_only() -> None:
    def hints(body: str) -> list[str]:
        spec = analyze(BugReport(bug_id="x#1", title="t", body=body, repo="Jotter"))
        return [s.action_hint for s in spec.steps]

    assert hints("1. Tap Add\n2. Restart the app") == [CLICK, RESTART_APP]
    assert hints("1. Turn on dark mode and then restart the app") == [CLICK, RESTART_APP]
    assert hints("1. Tap Add\n2. Kill the app\n3. Reopen it") == [CLICK, RESTART_APP]
    assert hints("1. Tap Add\n2. Close the app and open it again") == [CLICK, RESTART_APP]
    # a restart before any step is the launch (setup); a control of the app is no restart
    assert hints("1. Restart the app\n2. Tap Add") == [CLICK]
    assert RESTART_APP not in hints("1. Tap Add\n2. Close the editor")
    # what the app does ("it crashes and restarts") is an outcome, not a step
    assert hints("1. Tap Add\n2. The app crashes and restarts") == [CLICK]


def test_the_restart_is_offered_only_where_the_report_speaks_of_it(tmp_path: Path) -> None:
    tree = parse_hierarchy(_device(tmp_path).observe().hierarchy_xml)
    steps = [S2RStep("Tap New note", CLICK, ["New note"])]
    plain = ReproSpec(steps=steps, symptom="The note is lost", bug_kind="non-crash")
    restarting = ReproSpec(steps=steps, symptom="Lost after a restart", bug_kind="non-crash")
    assert not asks_restart(plain) and asks_restart(restarting)
    closed = ReproSpec(steps=steps, symptom="Gone after I closed it and ran it again",
                       bug_kind="non-crash")  # fmt: skip
    assert asks_restart(closed)
    kinds = [a.kind for a in enumerate_actions(tree, restart=asks_restart(restarting))]
    assert kinds.count(RESTART_APP) == 1
    assert RESTART_APP not in [a.kind for a in enumerate_actions(tree)]


@pytest.mark.e2e
@pytest.mark.timeout(180)
def test_a_state_lost_on_restart_is_reproduced_and_exported(
    ray_session: object, tmp_path: Path
) -> None:
    from orchestrator.export import to_adb_script, to_maestro_flow

    apps = _apps(tmp_path)
    report = tmp_path / "jotter-1.md"
    report.write_text(REPORT, encoding="utf-8")
    out = tmp_path / "out"
    reproduce(
        RunConfig(
            report_path=str(report),
            out_dir=str(out),
            reasoner="heuristic",
            farm=FarmConfig(devices=1, profile="instant", app_dir=str(apps), app="Jotter"),
            search=SearchConfig(max_probes=200),
            progress=False,
        )
    )
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert result["verdict"] == "symptom", result.get("miss")
    assert result["ground_truth"]["cause"] == "reproduced"
    kinds = [step["action"]["kind"] for step in result["trace"]]
    assert kinds[-1] == RESTART_APP
    script = to_adb_script(result)
    assert 'adb shell am force-stop "$PKG"' in script.split("# step 4/")[1]
    assert "stopApp: true" in to_maestro_flow(result)
