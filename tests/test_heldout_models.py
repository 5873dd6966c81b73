"""The held-out app models (``benchmarks/heldout/apps``, loaded as ``--app-dir`` like a user's
own models): every bug's human steps, replayed from a fresh install, trigger its ground-truth
oracle, which a fresh install does not; a crash bug crashes only at its last step; and each of
the module's ``WRONG_SEQUENCES[bug_id]`` (near misses: a step left out, swapped or replaced)
never triggers it. Every bug has a report in ``benchmarks/heldout/reports``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from device_agent.actions import Action
from device_agent.virtual.app import BugSpec, VirtualApp
from device_agent.virtual.catalog import load_apps_from_dir
from tests.catalog_helpers import fresh, triggered

HELDOUT = Path(__file__).resolve().parents[1] / "benchmarks" / "heldout"
APPS = sorted(load_apps_from_dir(HELDOUT / "apps").values(), key=lambda c: c.name)
BUGS: list[tuple[type[VirtualApp], BugSpec]] = [(app, bug) for app in APPS for bug in app.bugs]


def _wrong_sequences(app_cls: type[VirtualApp], bug_id: str) -> list[tuple[dict[str, Any], ...]]:
    module = sys.modules[app_cls.__module__]
    return [tuple(seq) for seq in getattr(module, "WRONG_SEQUENCES", {}).get(bug_id, ())]


def _replay(app_cls: type[VirtualApp], steps: tuple[dict[str, Any], ...]) -> list[bool]:
    """Whether each step was performed, after replaying ``steps`` on a fresh device; the device
    is returned through :data:`_last` for the oracle."""
    device = fresh(app_cls)
    done = []
    for step in steps:
        done.append(device.execute(Action.from_json(step)).performed)
        device.save_snapshot(f"after-{len(done)}")  # the farm snapshots after every probe
    _last[0] = device
    return done


_last: list[Any] = [None]


@pytest.mark.parametrize(("app_cls", "bug"), BUGS, ids=[b.bug_id for _, b in BUGS])
def test_human_steps_trigger_the_bug_and_only_at_the_end(
    app_cls: type[VirtualApp], bug: BugSpec
) -> None:
    assert bug.human_steps, f"{bug.bug_id} has no human steps"
    device = fresh(app_cls)
    assert not triggered(device, bug.bug_id), f"{bug.bug_id} is triggered on a fresh install"
    for n, step in enumerate(bug.human_steps, 1):
        result = device.execute(Action.from_json(step))
        assert result.performed, f"{bug.bug_id} step {n} {step}: {result.detail}"
        device.save_snapshot(f"after-{n}")
        if bug.kind == "crash" and n < len(bug.human_steps):
            assert not triggered(device, bug.bug_id), f"{bug.bug_id} crashed at step {n}"
    assert triggered(device, bug.bug_id), f"{bug.bug_id}: the human steps did not trigger it"


@pytest.mark.parametrize(("app_cls", "bug"), BUGS, ids=[b.bug_id for _, b in BUGS])
def test_wrong_sequences_do_not_trigger_the_bug(app_cls: type[VirtualApp], bug: BugSpec) -> None:
    sequences = _wrong_sequences(app_cls, bug.bug_id)
    assert len(sequences) >= 2, f"{bug.bug_id}: give at least 2 WRONG_SEQUENCES"
    for k, steps in enumerate(sequences):
        done = _replay(app_cls, steps)
        assert all(done), f"{bug.bug_id} wrong sequence {k}: step {done.index(False) + 1} failed"
        assert not triggered(_last[0], bug.bug_id), f"{bug.bug_id} wrong sequence {k} fired"


@pytest.mark.parametrize(("app_cls", "bug"), BUGS, ids=[b.bug_id for _, b in BUGS])
def test_each_bug_has_a_report(app_cls: type[VirtualApp], bug: BugSpec) -> None:
    path = HELDOUT / "reports" / f"{bug.bug_id}.json"
    assert path.is_file(), f"{bug.bug_id}: no report at {path}"
    report = json.loads(path.read_text(encoding="utf-8"))
    assert report["repo"] == app_cls.name and report["title"] and report["body"]
