"""A loop may change what the app holds though no screen shows it (issue 28 §1, decision 0060):
when the search has tried every action of every state it reached and budget is left, it goes
on from the paths it dropped as cycles, each as a state of its own
(``SearchConfig.hidden_effects``). A hand-written app, loaded like a user's own model: "Snap"
stores a picture without changing the camera screen, and only the gallery shows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orchestrator.config import FarmConfig, RunConfig, SearchConfig
from orchestrator.run import reproduce

SHUTTER = """
from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.views import Screen, View


def crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return any(
        c["exception"] == "java.lang.IndexOutOfBoundsException" for c in system["crashes"]
    )


def layout(*children: View) -> View:
    return View(cls="android.widget.LinearLayout", children=list(children))


class Shutter(VirtualApp):
    name: ClassVar[str] = "Shutter"
    package: ClassVar[str] = "org.example.shutter"
    label: ClassVar[str] = "Shutter"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Camera"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec("Shutter#1", "crash", "Deleting a picture crashes", crashed, human_steps=()),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"pictures": 0, "page": "camera"}

    def delete(self, ctx: AppContext) -> None:
        raise JavaException(
            "java.lang.IndexOutOfBoundsException",
            "Invalid index 1, size is 1",
            ["org.example.shutter.Gallery.delete(Gallery.java:12)"],
        )

    def render(self, ctx: AppContext) -> Screen:
        page = ctx.data["page"]
        if page == "gallery":
            rows = [
                View(cls="android.widget.TextView", text=f"Picture {n + 1}",
                     resource_id="picture", on_click=lambda c: c.data.update(page="viewer"))
                for n in range(ctx.data["pictures"])
            ]
            return Screen(content=layout(
                View(cls="android.widget.TextView", text="Gallery", resource_id="title"),
                *(rows or [View(cls="android.widget.TextView", text="No pictures",
                                resource_id="empty")]),
                View(cls="android.widget.Button", text="Close", resource_id="close",
                     on_click=lambda c: c.data.update(page="camera")),
            ))
        if page == "viewer":
            return Screen(content=layout(
                View(cls="android.widget.ImageView", content_desc="Picture", resource_id="image"),
                View(cls="android.widget.Button", text="Remove", resource_id="remove",
                     on_click=self.delete),
            ))
        return Screen(content=layout(
            View(cls="android.widget.TextView", text="Camera", resource_id="title"),
            View(cls="android.widget.Button", text="Snap", resource_id="snap",
                 on_click=lambda c: c.data.update(pictures=c.data["pictures"] + 1)),
            View(cls="android.widget.Button", text="Gallery", resource_id="gallery",
                 on_click=lambda c: c.data.update(page="gallery")),
        ))
"""

REPORT = """---
bug_id: Shutter#1
repo: Shutter
---

# Crash when removing a picture

Steps to reproduce:
1. Open the gallery
2. Remove the picture

java.lang.IndexOutOfBoundsException: Invalid index 1, size is 1
"""


def _run(tmp_path: Path, hidden: bool) -> dict:
    apps = tmp_path / "apps"
    apps.mkdir(exist_ok=True)
    (apps / "shutter.py").write_text(SHUTTER, encoding="utf-8")
    report = tmp_path / "shutter-1.md"
    report.write_text(REPORT, encoding="utf-8")
    out = tmp_path / f"out-{hidden}"
    config = RunConfig(
        report_path=str(report),
        out_dir=str(out),
        reasoner="heuristic",
        farm=FarmConfig(devices=1, profile="instant", app_dir=str(apps), app="Shutter"),
        search=SearchConfig(max_probes=120, hidden_effects=hidden),
        progress=False,
    )
    reproduce(config)
    return json.loads((out / "result.json").read_text(encoding="utf-8"))


@pytest.mark.e2e
@pytest.mark.timeout(180)
def test_the_search_goes_on_from_a_press_that_changed_nothing_shown(
    ray_session: object, tmp_path: Path
) -> None:
    # The report never says to take a picture: the gallery is empty until "Snap", whose press
    # leaves the camera screen as it was (a cycle, dropped).
    found = _run(tmp_path, hidden=True)
    assert found["verdict"] == "crash"
    assert found["search"]["hidden_effect_paths"] >= 1
    actions = [json.dumps(a) for a in found["trace"]]
    assert any("Snap" in a for a in actions)
    # Without it the search stops as soon as every state it saw is explored.
    missed = _run(tmp_path, hidden=False)
    assert missed["verdict"] == "not_reproduced"
    assert missed["search"]["hidden_effect_paths"] == 0
    assert missed["search"]["stop_reason"] == "every action of every state reached was tried"
    assert missed["ground_truth"]["cause"] == "never_triggered"
