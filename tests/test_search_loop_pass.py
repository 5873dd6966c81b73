"""A loop can change what no screen shows: after a picture is taken and the preview closed, the
camera looks as it did, yet the gallery now holds a picture. When the search would stop with
budget left, it searches once more letting each path come back once to a screen it was on,
with the memory keyed by where the loop went (``SearchConfig.loop_pass``, decision 0064). A
hand-written app, loaded like a user's own model."""

from __future__ import annotations

from pathlib import Path

import pytest

from device_agent.actions import PRESS_BACK, Action
from device_agent.hierarchy import structural_hash
from orchestrator.config import SearchConfig
from orchestrator.model import Path as SPath
from orchestrator.model import Screen, Transition
from orchestrator.search import _is_cycle, _loop_via
from tests.own_app import reproduce_own_app
from tests.test_enumerate import button, dump, node, status_bar

SNAP = """
from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.views import Screen, View


def crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return any(c["exception"] == "java.lang.IndexOutOfBoundsException" for c in system["crashes"])


class Snap(VirtualApp):
    name: ClassVar[str] = "Snap"
    package: ClassVar[str] = "org.example.snap"
    label: ClassVar[str] = "Snap"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec("Snap#1", "crash", "Opening a picture crashes", crashed, human_steps=()),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"shots": 0, "page": "camera"}

    def shoot(self, ctx: AppContext) -> None:
        ctx.data["shots"] += 1  # the camera looks the same once the preview is closed
        ctx.data["page"] = "preview"

    def open_shot(self, ctx: AppContext) -> None:
        raise JavaException("java.lang.IndexOutOfBoundsException", "Index: 1, Size: 1", [])

    def render(self, ctx: AppContext) -> Screen:
        page = ctx.data["page"]
        go = lambda where: lambda c: c.data.update(page=where)  # noqa: E731
        if page == "preview":
            return Screen(content=View(cls="android.widget.LinearLayout", children=[
                View(cls="android.widget.TextView", text="Preview", resource_id="preview"),
                View(cls="android.widget.Button", text="Close", resource_id="close",
                     on_click=go("camera")),
            ]))
        if page == "gallery":
            rows = [View(cls="android.widget.TextView", text=f"Shot {i + 1}",
                         resource_id="shot", on_click=self.open_shot)
                    for i in range(ctx.data["shots"])]
            empty = [View(cls="android.widget.TextView", text="No shots yet", resource_id="empty")]
            return Screen(content=View(cls="android.widget.LinearLayout", children=[
                View(cls="android.widget.TextView", text="Gallery", resource_id="title"),
                *(rows or empty),
                View(cls="android.widget.Button", text="Camera", resource_id="camera",
                     on_click=go("camera")),
            ]))
        return Screen(content=View(cls="android.widget.LinearLayout", children=[
            View(cls="android.widget.TextView", text="Camera", resource_id="title"),
            View(cls="android.widget.Button", text="Shutter", resource_id="shutter",
                 on_click=self.shoot),
            View(cls="android.widget.Button", text="Gallery", resource_id="gallery",
                 on_click=go("gallery")),
        ]))
"""

REPORT = """---
bug_id: Snap#1
repo: Snap
---

# Crash in the gallery

Steps to reproduce:
1. Open the gallery
2. Open a shot

The app crashes with java.lang.IndexOutOfBoundsException.
"""


def _run(tmp_path: Path, loop_pass: bool) -> dict:
    return reproduce_own_app(
        tmp_path,
        "Snap",
        SNAP,
        REPORT,
        SearchConfig(max_probes=200, loop_pass=loop_pass),
        out=f"out-{loop_pass}",
    )


@pytest.mark.e2e
@pytest.mark.timeout(180)
def test_a_loop_that_changes_hidden_data_is_searched_once_the_rest_is_exhausted(
    ray_session: object, tmp_path: Path
) -> None:
    found = _run(tmp_path, loop_pass=True)
    assert found["search"]["loop_pass"] == 1
    assert found["reproduced"] is True
    actions = [step["description"] for step in found["trace"]]
    assert any("Shutter" in a for a in actions) and any("Shot 1" in a for a in actions)
    # Without it the camera after a closed preview is the camera: the gallery stays empty.
    missed = _run(tmp_path, loop_pass=False)
    assert missed["search"]["loop_pass"] == 0
    assert missed["ground_truth"]["cause"] == "never_triggered"
    assert missed["search"]["stop_reason"] == "every action of every state reached was tried"


def _screen(*labels: str) -> Screen:
    buttons = [button(t, (40, 100 + 120 * i, 1040, 200 + 120 * i)) for i, t in enumerate(labels)]
    xml = dump(status_bar(), node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
                                  *buttons))  # fmt: skip
    return Screen(xml, structural_hash(xml), "org.example.snap", ".Main", "portrait")


def _path(*screens: Screen) -> SPath:
    """A path through ``screens`` (Back between them: only the screens matter here)."""
    return SPath(
        [
            Transition(Action(PRESS_BACK), b, a, {})
            for b, a in zip(screens[:-1], screens[1:], strict=True)
        ]
    )


def test_the_second_pass_allows_one_loop_and_counts_states_only_since_it() -> None:
    camera, preview, gallery = _screen("Camera"), _screen("Preview"), _screen("Gallery")
    looped = _path(camera, preview, camera)
    assert _is_cycle(looped) and not _is_cycle(looped, loops=1)
    assert _loop_via(looped) != "" and _loop_via(_path(camera, gallery)) == ""
    # after the loop, the screens before it are other states: the gallery is new again
    again = _path(camera, gallery, camera, gallery)
    assert _is_cycle(again) and not _is_cycle(again, loops=1)
    # a second loop after the first is a cycle
    assert _is_cycle(_path(camera, preview, camera, gallery, camera), loops=1)
    # the same screen reached by an action that changed nothing is no loop to allow
    assert _is_cycle(_path(camera, camera), loops=1)


LOOSE_REPORT = """---
bug_id: Snap#1
repo: Snap
---

# Crash in the gallery

Steps to reproduce:
1. Open the gallery
2. Tap the thumbnail

The app crashes.
"""


@pytest.mark.e2e
@pytest.mark.timeout(180)
def test_a_second_pass_crash_tied_to_the_report_by_its_place_alone_is_no_claim(
    ray_session: object, tmp_path: Path
) -> None:
    # "Tap the thumbnail" names no control ("Shot 1"): the crash right after step 1
    # counts by its place alone, which a path that went round a loop to get there cannot give.
    found = reproduce_own_app(
        tmp_path, "Snap", SNAP, LOOSE_REPORT, SearchConfig(max_probes=200), out="loose"
    )
    assert found["search"]["loop_pass"] == 1
    assert found["reproduced"] is False
    notes = [c["note"] for c in found["search"]["other_crashes"]]
    assert any("found by the second pass" in n for n in notes), notes
