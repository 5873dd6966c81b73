"""Trace templates and their store: only confirmed traces go in, broken ones come out as clear
errors, the newest version of a bug's trace is the one replayed, and slots bind new values."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from device_agent.actions import Action, Selector
from orchestrator.model import BugReport, ReproSpec, S2RStep, Screen, Transition
from orchestrator.model import Path as TracePath
from orchestrator.search import SearchOutcome
from orchestrator.traces.build import build_template, slot_type
from orchestrator.traces.controller import slot_bindings
from orchestrator.traces.store import TraceStore
from orchestrator.traces.template import (
    ExpectedEffect,
    Slot,
    TemplateError,
    TemplateTransition,
    TraceTemplate,
    UiState,
)

NAME_FIELD = Selector(resource_id="org.example:id/name")


def _template(version: str = "1.0", replays: int = 1, value: str = "test2") -> TraceTemplate:
    state = UiState(signature="a" * 16, activity=".Main", package="org.example")
    after = UiState(signature="b" * 16, activity=".Main", package="org.example")
    return TraceTemplate(
        bug_id="Example#1",
        app_name="Example",
        app_version=version,
        package="org.example",
        kind="crash",
        intent="Crash when naming a folder",
        s2r=["Create a folder named test2"],
        spec=ReproSpec(
            [S2RStep("Create a folder named test2", value=value)], "crash", "crash"
        ).to_json(),
        report_digest="0" * 64,
        states=[state, after],
        transitions=[
            TemplateTransition(
                index=0,
                action=Action(
                    kind="input_text",
                    target=Selector(resource_id="org.example:id/name"),
                    text=value,
                ).to_json(),
                source=0,
                target=1,
                effect=ExpectedEffect(signature="b" * 16, activity=".Main", package="org.example"),
                slot="name",
            )
        ],
        slots=[Slot(name="name", type=slot_type(value), value=value, source="report")],
        confirmed={"replays": replays, "device": "127.0.0.1:1"},
    )


def test_the_newest_template_of_a_bug_is_returned(tmp_path: Path) -> None:
    with TraceStore(tmp_path / "t.sqlite") as store:
        assert store.latest("Example#1") is None
        store.put(_template("1.0"))
        store.put(_template("1.1"))
        latest = store.latest("Example#1", "example")
        assert latest is not None and latest.app_version == "1.1"
        assert latest.transitions[0].recorded_action().text == "test2"
        assert [h["app_version"] for h in store.history("Example#1")] == ["1.0", "1.1"]
        assert store.latest("Example#1", "OtherApp") is None
        # A build that has its own trace gets it, even when another build's is newer.
        older = store.latest("Example#1", "Example", "1.0")
        assert older is not None and older.app_version == "1.0"
        newest = store.latest("Example#1", "Example", "2.0")
        assert newest is not None and newest.app_version == "1.1"


def test_an_unconfirmed_template_is_refused(tmp_path: Path) -> None:
    with (
        TraceStore(tmp_path / "t.sqlite") as store,
        pytest.raises(TemplateError, match="no replay"),
    ):
        store.put(_template(replays=0))


def test_a_broken_stored_template_is_a_clear_error(tmp_path: Path) -> None:
    with TraceStore(tmp_path / "t.sqlite") as store:
        store.put(_template())
    with sqlite3.connect(tmp_path / "t.sqlite") as db:
        db.execute("UPDATE trace_templates SET template_json = 'not json'")
    with TraceStore(tmp_path / "t.sqlite") as store, pytest.raises(TemplateError, match="JSON"):
        store.latest("Example#1")
    with pytest.raises(TemplateError, match="format"):
        TraceTemplate.from_json({"format": 99})
    data = _template().to_json()
    data["transitions"][0]["target"] = 7
    with pytest.raises(TemplateError, match="does not exist"):
        TraceTemplate.from_json(data)


def test_an_unwritable_store_names_the_fix(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(Exception, match="--traces"):
        TraceStore(blocker / "t.sqlite")


def _outcome(verdict: str, replayed: bool) -> SearchOutcome:
    screen = Screen(
        '<hierarchy rotation="0"></hierarchy>', "a" * 16, "org.example", ".Main", "portrait"
    )
    transition = Transition(Action(kind="press_back"), screen, screen, {"unchanged": True})
    return SearchOutcome(
        verdict=verdict,
        path=TracePath([transition]),
        replay=[object()] if replayed else [],  # type: ignore[list-item]
    )


def test_only_a_confirmed_reproduction_becomes_a_template() -> None:
    report = BugReport(bug_id="Example#1", title="t", body="b")
    spec = ReproSpec([S2RStep("Press back")], "crash", "crash")
    app = {"name": "Example", "version": "1.0", "package": "org.example"}
    with pytest.raises(TemplateError, match="not confirmed"):
        build_template(report, spec, app, _outcome("crash", replayed=False))
    with pytest.raises(TemplateError, match="only a reproduced bug"):
        build_template(report, spec, app, _outcome("not_reproduced", replayed=True))
    template = build_template(report, spec, app, _outcome("crash", replayed=True))
    assert template.app_version == "1.0" and template.confirmed["replays"] == 1
    assert TraceTemplate.from_json(template.to_json()) == template


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("42", "number"),
        ("-1.5", "number"),
        ("2024-05-01", "date"),
        ("10:30", "date"),
        ("test2", "text"),
    ],
)
def test_slot_types(value: str, kind: str) -> None:
    assert slot_type(value) == kind


def test_a_slot_quoted_by_the_report_takes_the_new_quoted_value() -> None:
    template = _template(value="test2")
    same = ReproSpec([S2RStep("Name it test2", value="test2")], "crash", "crash")
    assert slot_bindings(template, same) == {}
    edited = ReproSpec([S2RStep("Name it test3", value="test3")], "crash", "crash")
    assert slot_bindings(template, edited) == {"name": "test3"}
    ambiguous = ReproSpec(
        [S2RStep("Name it a1", value="a1"), S2RStep("then b2", value="b2")], "crash", "crash"
    )
    assert slot_bindings(template, ambiguous) == {}
    number = ReproSpec([S2RStep("Type 12", value="12")], "crash", "crash")
    assert slot_bindings(template, number) == {}  # a number does not fill a text slot


def test_a_miss_is_remembered_per_build_and_report_text(tmp_path: Path) -> None:
    with TraceStore(tmp_path / "t.sqlite") as store:
        store.record_miss(
            "Example#1",
            "Example",
            "1.0",
            "d1",
            night="mon",
            probes=9,
            budget=9,
            reasoner="heuristic",
            reason="x",
        )
        miss = store.miss("Example#1", "example", "1.0", "d1")
        assert miss is not None and (miss["night"], miss["probes"], miss["reason"]) == (
            "mon",
            9,
            "x",
        )
        assert store.miss("Example#1", "Example", "1.1", "d1") is None  # a new build
        assert store.miss("Example#1", "Example", "1.0", "d2") is None  # an edited report
        store.forget_misses("Example#1")
        assert store.miss("Example#1", "Example", "1.0", "d1") is None
