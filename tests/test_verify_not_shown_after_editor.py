"""A thing made on an editor screen of its own (not a dialog) is saved but not shown: the report
says so ("the routine is saved but not displayed"), the path opened the editor with a step that
creates, typed a name, pressed Save and came back to the screen it started from, which shows the
name nowhere (``verify._not_shown_after_editor``). The editor is opened by an unlabelled button
(a FAB with no description, as Flutter draws one): the step that creates is credited by the
editor it brought up (``align.unlabelled_effect``). Hand-written apps, loaded like a user's own
models: the buggy build is claimed, a fixed build and a build whose Save goes elsewhere are not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from orchestrator.config import SearchConfig
from tests.own_app import reproduce_own_app

ROUTINES = """
from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import Screen, View

BUILD = "{build}"


def hidden(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return any(r["weekly"] for r in data["routines"])


class Routines(VirtualApp):
    name: ClassVar[str] = "Routines"
    package: ClassVar[str] = "org.example.routines"
    label: ClassVar[str] = "Routines"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec("Routines#5", "non-crash", "Weekly routines not shown", hidden, human_steps=()),
    )

    def initial_data(self) -> dict[str, Any]:
        return {{"routines": [], "page": "home", "name": "", "weekly": False}}

    def weekly(self, ctx: AppContext) -> None:
        ctx.data["weekly"] = not ctx.data["weekly"]

    def save(self, ctx: AppContext) -> None:
        if not ctx.data["name"]:
            return
        ctx.data["routines"].append({{"name": ctx.data["name"], "weekly": ctx.data["weekly"]}})
        ctx.data.update(page="home" if BUILD == "elsewhere" else "list", name="", weekly=False)

    def render(self, ctx: AppContext) -> Screen:
        d = ctx.data
        go = lambda where: lambda c: c.data.update(page=where)  # noqa: E731
        if d["page"] == "editor":
            return Screen(content=View(cls="android.widget.LinearLayout", children=[
                View(cls="android.widget.Button", content_desc="Back", on_click=go("list")),
                View(cls="android.widget.TextView", text="New Routine"),
                View(cls="android.widget.EditText", hint="Routine name", text=d["name"],
                     on_text=lambda c, t: c.data.update(name=t)),
                View(cls="android.widget.CheckBox", text="Weekly", checkable=True,
                     checked=d["weekly"], on_click=self.weekly),
                View(cls="android.widget.Button", text="Save Routine", on_click=self.save),
            ]))
        tabs = [
            View(cls="android.widget.Button", text="Home", on_click=go("home")),
            View(cls="android.widget.Button", text="Routines", on_click=go("list")),
        ]
        if d["page"] == "home":
            return Screen(content=View(cls="android.widget.LinearLayout", children=[
                View(cls="android.widget.TextView", text="Good morning"), *tabs,
            ]))
        shown = [r for r in d["routines"] if BUILD != "buggy" or not r["weekly"]]
        rows = [View(cls="android.widget.TextView", text=r["name"]) for r in shown]
        return Screen(content=View(cls="android.widget.LinearLayout", children=[
            View(cls="android.widget.TextView", text="My Routines"),
            *(rows or [View(cls="android.widget.TextView", text="No routines yet")]),
            View(cls="android.widget.Button", on_click=go("editor")),  # a FAB with no label
            *tabs,
        ]))
"""

REPORT = """---
bug_id: Routines#5
repo: Routines
---

# Not all routines are shown

Steps to reproduce:
1. Open the Routines screen
2. Create a new routine that repeats weekly
3. The routine gets saved but is not displayed
"""


def _run(tmp_path: Path, build: str) -> dict:
    return reproduce_own_app(
        tmp_path,
        "Routines",
        ROUTINES.format(build=build),
        REPORT,
        SearchConfig(max_probes=300),
        out=f"out-{build}",
    )


@pytest.mark.e2e
@pytest.mark.timeout(240)
def test_a_thing_saved_on_its_own_editor_and_not_listed_is_the_symptom(
    ray_session: object, tmp_path: Path
) -> None:
    found = _run(tmp_path, "buggy")
    assert found["reproduced"] is True
    assert found["ground_truth"]["cause"] == "reproduced"
    actions = [step["description"] for step in found["trace"]]
    assert any("Weekly" in a for a in actions) and "Save Routine" in actions[-1]


@pytest.mark.e2e
@pytest.mark.timeout(240)
@pytest.mark.parametrize("build", ["fixed", "elsewhere"])
def test_no_claim_where_the_saved_thing_is_listed_or_save_goes_elsewhere(
    ray_session: object, tmp_path: Path, build: str
) -> None:
    found = _run(tmp_path, build)
    assert found["reproduced"] is False
