"""A press that leaves the screen as it was may still change the app (issue 28 §1: "repeats
whose effect is not on screen"): the search follows it by one more click on the same control
(``SearchConfig.repeat_unchanged``, decision 0055). A hand-written app, loaded like a user's
own model: "Arm" changes nothing on screen, and the second press crashes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from orchestrator.config import SearchConfig
from tests.own_app import reproduce_own_app

LATCH = """
from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.views import Screen, View


def crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return any(c["exception"] == "java.lang.IllegalStateException" for c in system["crashes"])


class Latch(VirtualApp):
    name: ClassVar[str] = "Latch"
    package: ClassVar[str] = "org.example.latch"
    label: ClassVar[str] = "Latch"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec("Latch#1", "crash", "Arming twice crashes", crashed, human_steps=()),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"armed": 0, "page": "main"}

    def arm(self, ctx: AppContext) -> None:
        ctx.data["armed"] += 1  # nothing on screen says so
        if ctx.data["armed"] == 2:
            raise JavaException("java.lang.IllegalStateException", "already armed", [])

    def render(self, ctx: AppContext) -> Screen:
        if ctx.data["page"] == "about":
            return Screen(content=View(cls="android.widget.LinearLayout", children=[
                View(cls="android.widget.TextView", text="Latch 1.0", resource_id="version"),
                View(cls="android.widget.Button", text="Close", resource_id="close",
                     on_click=lambda c: c.data.update(page="main")),
            ]))
        return Screen(content=View(cls="android.widget.LinearLayout", children=[
            View(cls="android.widget.TextView", text="Door", resource_id="title"),
            View(cls="android.widget.Button", text="Arm", resource_id="arm", on_click=self.arm),
            View(cls="android.widget.Button", text="About", resource_id="about",
                 on_click=lambda c: c.data.update(page="about")),
        ]))
"""

REPORT = """---
bug_id: Latch#1
repo: Latch
---

# App crashes with the door

Steps to reproduce:
1. Open Latch
2. Secure the door two times

The app crashes.
"""


def _run(tmp_path: Path, repeat: bool) -> dict:
    return reproduce_own_app(
        tmp_path,
        "Latch",
        LATCH,
        REPORT,
        SearchConfig(max_probes=40, repeat_unchanged=repeat),
        out=f"out-{repeat}",
    )


@pytest.mark.e2e
@pytest.mark.timeout(180)
def test_a_press_with_no_visible_effect_is_pressed_once_more(
    ray_session: object, tmp_path: Path
) -> None:
    # The report names no control ("secure the door"): every press on the main screen is tried,
    # and none changes the screen.
    found = _run(tmp_path, repeat=True)
    assert found["search"]["repeat_probes"] >= 1
    # the second press runs from another (hidden) state: no (state, action) pair repeated
    assert found["search"]["economy"]["repeated_share"] == 0.0
    assert found["ground_truth"]["cause"] != "never_triggered"
    # Without the repeat, the cycle rule and the memory never press "Arm" twice in a row.
    missed = _run(tmp_path, repeat=False)
    assert missed["search"]["repeat_probes"] == 0
    assert missed["ground_truth"]["cause"] == "never_triggered"
