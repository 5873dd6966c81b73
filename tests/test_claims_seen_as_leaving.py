"""A crash looks to a person like the app leaving the screen on its own (Android brings the
task's earlier activity back): a non-crash report saying so may be confirmed by a crash the
judge accepts (decision 0060). Hand-written symptoms."""

from __future__ import annotations

import pytest

from orchestrator.claims import crash_seen_as_leaving
from orchestrator.config import SearchConfig
from orchestrator.model import CRASH, NON_CRASH, ReproSpec, S2RStep
from tests.own_app import reproduce_own_app


def _spec(symptom: str, kind: str = NON_CRASH) -> ReproSpec:
    return ReproSpec(steps=[S2RStep(text="Tap Save")], symptom=symptom, bug_kind=kind)


@pytest.mark.parametrize(
    "symptom",
    [
        "Saving a draft fails. Actual: the app goes back to the main screen and nothing is kept.",
        "Export does nothing. Actual: it jumps back and the file is not written.",
        "The app just closes when I tap Save.",
        "Actual: I am kicked out to the start screen.",
        "Actual: it returns to the previous screen.",
    ],
)
def test_a_symptom_of_the_app_leaving_on_its_own(symptom: str) -> None:
    assert crash_seen_as_leaving(_spec(symptom))


@pytest.mark.parametrize(
    "symptom",
    [
        # what is expected is no symptom
        "Saving fails. Actual: the draft is empty. Expected: it goes back to the main screen.",
        # the report rules a crash out
        "Actual: it does not crash, it just goes back to the main screen.",
        "Actual: no crash, the app goes back to the previous screen.",
        # a symptom of something else
        "Actual: the list is not sorted.",
    ],
)
def test_not_when_expected_ruled_out_or_another_symptom(symptom: str) -> None:
    assert not crash_seen_as_leaving(_spec(symptom))


def test_a_crash_report_is_judged_as_one_anyway() -> None:
    assert not crash_seen_as_leaving(_spec("Actual: the app goes back.", kind=CRASH))


NOTES = """
from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.views import Screen, View


def crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return any(c["exception"] == "java.lang.NullPointerException" for c in system["crashes"])


class Notes(VirtualApp):
    name: ClassVar[str] = "Notes"
    package: ClassVar[str] = "org.example.notes"
    label: ClassVar[str] = "Notes"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec("Notes#1", "non-crash", "Saving goes back", crashed, human_steps=()),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"page": "main"}

    def save(self, ctx: AppContext) -> None:
        raise JavaException("java.lang.NullPointerException", "draft", [])

    def render(self, ctx: AppContext) -> Screen:
        if ctx.data["page"] == "editor":
            return Screen(content=View(cls="android.widget.LinearLayout", children=[
                View(cls="android.widget.TextView", text="Draft", resource_id="title"),
                View(cls="android.widget.Button", text="Save", resource_id="save",
                     on_click=self.save),
            ]))
        return Screen(content=View(cls="android.widget.LinearLayout", children=[
            View(cls="android.widget.TextView", text="Notes", resource_id="title"),
            View(cls="android.widget.Button", text="New draft", resource_id="new",
                 on_click=lambda c: c.data.update(page="editor")),
        ]))
"""

REPORT = """---
bug_id: Notes#1
repo: Notes
---

# Draft is not saved

Steps to reproduce:
1. Tap New draft
2. Tap Save

Actual: the app goes back to the main screen and the draft is not saved.
"""


@pytest.mark.e2e
@pytest.mark.timeout(180)
def test_the_search_claims_the_crash_such_a_report_saw(ray_session: object, tmp_path) -> None:
    result = reproduce_own_app(tmp_path, "Notes", NOTES, REPORT, SearchConfig(max_probes=30))
    assert result["spec"]["bug_kind"] == NON_CRASH
    assert result["verdict"] == "crash"
    assert result["ground_truth"]["cause"] == "reproduced"
