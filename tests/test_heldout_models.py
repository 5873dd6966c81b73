"""The held-out app models (``benchmarks/<folder>/apps`` of each round of
:data:`benchmarks.catalog_sets.HELDOUT_ROUNDS`, TEST3-TEST11, and of the development rounds
:data:`~benchmarks.catalog_sets.DEV_ROUNDS`, each loaded as ``--app-dir`` like a
user's own models):
every bug's human steps, replayed from a fresh install, trigger its ground-truth oracle, which a
fresh install does not; a crash bug crashes only at its last step; and each of the module's
``WRONG_SEQUENCES[bug_id]`` (near misses: a step left out, swapped or replaced) never triggers it.
Every bug has a report in its set's ``reports`` folder."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmarks.catalog_sets import DEV_ROUNDS, HELDOUT_ROUNDS
from device_agent.actions import Action
from device_agent.virtual.app import BugSpec, VirtualApp
from device_agent.virtual.catalog import load_apps_from_dir
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import assert_human_steps_trigger, fresh, triggered

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
# Development rounds are modelled and checked the same way (only who may read them differs).
HELDOUT_DIRS = [BENCHMARKS / folder for folder in (HELDOUT_ROUNDS | DEV_ROUNDS).values()]


def _held_out_bugs() -> list[tuple[type[VirtualApp], BugSpec, Path]]:
    """Every held-out bug with its app model and its set's folder."""
    found = []
    for folder in HELDOUT_DIRS:
        if not (folder / "apps").is_dir():
            continue
        apps = sorted(load_apps_from_dir(folder / "apps").values(), key=lambda c: c.name)
        found += [(app, bug, folder) for app in apps for bug in app.bugs]
    return found


BUGS_WITH_DIRS = _held_out_bugs()
BUGS: list[tuple[type[VirtualApp], BugSpec]] = [(app, bug) for app, bug, _ in BUGS_WITH_DIRS]


def _wrong_sequences(app_cls: type[VirtualApp], bug_id: str) -> list[tuple[dict[str, Any], ...]]:
    module = sys.modules[app_cls.__module__]
    return [tuple(seq) for seq in getattr(module, "WRONG_SEQUENCES", {}).get(bug_id, ())]


def _replay(
    app_cls: type[VirtualApp], steps: tuple[dict[str, Any], ...]
) -> tuple[VirtualDevice, list[bool]]:
    """A fresh device after ``steps``, and whether each step was performed."""
    device = fresh(app_cls)
    done = []
    for step in steps:
        done.append(device.execute(Action.from_json(step)).performed)
        device.save_snapshot(f"after-{len(done)}")  # the farm snapshots after every probe
    return device, done


@pytest.mark.parametrize(("app_cls", "bug"), BUGS, ids=[b.bug_id for _, b in BUGS])
def test_human_steps_trigger_the_bug_and_only_at_the_end(
    app_cls: type[VirtualApp], bug: BugSpec
) -> None:
    assert_human_steps_trigger(app_cls, bug)


@pytest.mark.parametrize(("app_cls", "bug"), BUGS, ids=[b.bug_id for _, b in BUGS])
def test_wrong_sequences_do_not_trigger_the_bug(app_cls: type[VirtualApp], bug: BugSpec) -> None:
    sequences = _wrong_sequences(app_cls, bug.bug_id)
    assert len(sequences) >= 2, f"{bug.bug_id}: give at least 2 WRONG_SEQUENCES"
    for k, steps in enumerate(sequences):
        device, done = _replay(app_cls, steps)
        assert all(done), f"{bug.bug_id} wrong sequence {k}: step {done.index(False) + 1} failed"
        assert not triggered(device, bug.bug_id), f"{bug.bug_id} wrong sequence {k} fired"


@pytest.mark.parametrize(
    ("app_cls", "bug", "folder"), BUGS_WITH_DIRS, ids=[b.bug_id for _, b, _ in BUGS_WITH_DIRS]
)
def test_each_bug_has_a_report(app_cls: type[VirtualApp], bug: BugSpec, folder: Path) -> None:
    path = folder / "reports" / f"{bug.bug_id}.json"
    assert path.is_file(), f"{bug.bug_id}: no report at {path}"
    report = json.loads(path.read_text(encoding="utf-8"))
    assert report["repo"] == app_cls.name and report["title"] and report["body"]
