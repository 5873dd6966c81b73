"""Every bug of the catalog, on the version it was reported on: its human steps, replayed from a
fresh install, trigger its ground-truth oracle, which a fresh install does not; a crash bug's
last step is the one that crashes, and its exception is the one the oracle reads; every state on
the way survives a snapshot (the farm snapshots after each probe)."""

from __future__ import annotations

import pytest

from device_agent.virtual.app import BugSpec, VirtualApp
from device_agent.virtual.catalog import find_app_for_bug, list_apps
from tests.catalog_helpers import assert_human_steps_trigger


def _reported_bugs() -> list[tuple[type[VirtualApp], BugSpec]]:
    found: dict[str, tuple[type[VirtualApp], BugSpec]] = {}
    for app_cls in list_apps():
        for bug in app_cls.bugs:
            if find_app_for_bug(bug.bug_id) is app_cls:
                found[bug.bug_id] = (app_cls, bug)
    return [found[key] for key in sorted(found)]


BUGS = _reported_bugs()


@pytest.mark.parametrize(("app_cls", "bug"), BUGS, ids=[b.bug_id for _, b in BUGS])
def test_human_steps_reproduce_the_bug(app_cls: type[VirtualApp], bug: BugSpec) -> None:
    assert_human_steps_trigger(app_cls, bug)


def test_the_catalog_lists_each_bug_once_with_its_kind() -> None:
    ids = [bug.bug_id for _, bug in BUGS]
    assert len(ids) == len(set(ids))
    assert all(bug.kind in ("crash", "non-crash") for _, bug in BUGS)
