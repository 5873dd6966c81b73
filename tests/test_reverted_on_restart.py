"""A choice the app does not keep across a restart (decision 0063): "the goal I set is back to the
default after restarting the app". The restart is read however the report tells it ("close the
app completely", "once the app was restarted", "after a restart"), and the evidence is a widget
the path changed before the restart showing its first value again on the same screen after it.
A hand-written app, loaded like a user's own model, whose goal is kept in the process's memory
(the bug) or in its storage (the fixed build)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orchestrator.config import FarmConfig, RunConfig, SearchConfig
from orchestrator.model import BugReport
from orchestrator.reasoner.s2r import analyze
from orchestrator.run import reproduce
from tests.catalog_helpers import user_model

STEPS = """
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import Screen, View

KEEPS_GOAL = {keeps}


def reverted(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return data["reverted"] > 0


class Steps(VirtualApp):
    name: ClassVar[str] = "Steps"
    package: ClassVar[str] = "org.example.steps"
    label: ClassVar[str] = "Steps"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec("Steps#1", "non-crash", "Goal not kept after restart", reverted),
    )

    def initial_data(self) -> dict[str, Any]:
        return {{"reverted": 0, "chosen": 10, "stored_goal": 10}}

    def _goal(self, ctx: AppContext) -> int:
        if KEEPS_GOAL:
            return ctx.data["stored_goal"]
        goal = ctx.memory.setdefault("goal", 10)  # the bug: a new process starts from 10
        if goal != ctx.data["chosen"]:
            ctx.data["reverted"] += 1
        return goal

    def _choose(self, ctx: AppContext, goal: int) -> None:
        ctx.memory["goal"] = goal
        ctx.data["chosen"] = goal
        if KEEPS_GOAL:
            ctx.data["stored_goal"] = goal

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ".Settings":
            rows = [
                View(cls="android.widget.Button", text=f"Goal {{g}}", resource_id=f"goal_{{g}}",
                     on_click=lambda c, g=g: self._choose(c, g))
                for g in (10, 20, 30)
            ]
            return Screen(title="Settings", content=View(
                cls="android.widget.LinearLayout", children=[w.up_button(w.finish), *rows]))
        return Screen(title="Steps", content=View(cls="android.widget.LinearLayout", children=[
            # drawn like Flutter: no resource ids, the text in a content-desc
            View(cls="android.view.View", content_desc=f"Daily goal: {{self._goal(ctx)}} steps"),
            View(cls="android.widget.Button", text="Settings", resource_id="settings",
                 on_click=lambda c: c.start_activity(".Settings")),
            # a view switched on this screen: the activity's own state, new with each process
            View(cls="android.view.View", content_desc=f"Showing: {{ctx.ui.get('view', 'day')}}"),
            View(cls="android.widget.Button", content_desc="Week",
                 on_click=lambda c: c.ui.update(view="week")),
        ]))
"""

REPORT = """---
bug_id: Steps#1
repo: Steps
---

# Daily goal resets

1. Open Settings
2. Tap "Goal 20"
3. Go back

When I close the app completely and open it again, my goal is not saved.
"""


def _run(tmp_path: Path, keeps: bool, report_text: str = REPORT) -> dict:
    apps = user_model(tmp_path, STEPS.format(keeps=keeps), "steps.py")
    report = tmp_path / "Steps#1.md"
    report.write_text(report_text, encoding="utf-8")
    out = tmp_path / "out"
    reproduce(
        RunConfig(
            report_path=str(report),
            out_dir=str(out),
            reasoner="heuristic",
            farm=FarmConfig(devices=1, profile="instant", app_dir=str(apps), app="Steps"),
            search=SearchConfig(max_probes=150),
            progress=False,
        )
    )
    return json.loads((out / "result.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "told",
    [
        "When I close the app completely and open it again, the goal is back to the default.",
        "Once the app was restarted, the goal was reset.",
        "After an app restart, the goal is not saved.",
        "Each time I restart my phone, the goal goes back to 10.",
    ],
)
def test_a_restart_told_in_a_sentence_is_the_last_step(told: str) -> None:
    body = f"1. Open Settings\n2. Tap Goal 20\n3. Go back\n\n{told}"
    spec = analyze(BugReport(bug_id="Steps#1", title="Goal resets", body=body))
    assert spec.steps[-1].action_hint == "restart_app"
    assert len(spec.steps) == 4


def test_closing_a_screen_of_the_app_is_no_restart() -> None:
    body = "1. Open Settings\n2. Close the editor\n3. Reopen the dialog"
    spec = analyze(BugReport(bug_id="Steps#1", title="Goal resets", body=body))
    assert "restart_app" not in [s.action_hint for s in spec.steps]


def test_a_choice_back_to_its_first_value_after_the_restart_is_the_evidence(
    tmp_path: Path,
) -> None:
    result = _run(tmp_path, keeps=False)
    assert result["verdict"] == "symptom", result.get("miss")
    assert result["ground_truth"]["cause"] == "reproduced"
    assert result["claim"]["check"] == "reverted_on_restart"
    assert "'Daily goal: 20 steps' before the restart" in result["claim"]["evidence"]


def test_a_build_that_keeps_the_choice_gives_no_claim(tmp_path: Path) -> None:
    result = _run(tmp_path, keeps=True)
    assert result["verdict"] != "symptom"


def test_a_screen_s_own_state_starting_over_after_a_restart_is_no_evidence(
    tmp_path: Path,
) -> None:
    # the view chosen on the screen itself starts over with the new process, as on Android
    text = (
        "---\nbug_id: Steps#1\nrepo: Steps\n---\n\n# View not kept\n\n1. Tap Week\n"
        "2. Close the app completely and open it again\n\nThe view is not saved.\n"
    )
    result = _run(tmp_path, keeps=True, report_text=text)
    assert result["verdict"] != "symptom", result.get("claim")
