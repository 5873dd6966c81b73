"""The search never does the same work twice (issue 28 §1): an action is probed once per state
(screen, field contents, S2R progress), another path reaching the state reusing the recorded
transition; with ``path_bound`` no path grows past what the report justifies
(2 x its steps + 10). Both are off by default (decision 0039)."""

from __future__ import annotations

import collections
import json
from pathlib import Path

import pytest

from orchestrator.config import FarmConfig, RunConfig, SearchConfig
from orchestrator.model import Path as SPath
from orchestrator.model import ReproSpec, S2RStep, Transition
from orchestrator.run import reproduce
from orchestrator.search import (
    PATH_BOUND_PER_STEP,
    PATH_BOUND_SLACK,
    _lead_in,
    report_path_bound,
)
from tests.conftest import REPO

APPS = REPO / "examples" / "apps"


def test_the_bound_grows_with_the_report_s_steps() -> None:
    def spec(n: int) -> ReproSpec:
        return ReproSpec([S2RStep(text=f"step {i}") for i in range(n)], "x", "crash")

    assert report_path_bound(spec(0)) == PATH_BOUND_SLACK
    assert report_path_bound(spec(4)) == 4 * PATH_BOUND_PER_STEP + PATH_BOUND_SLACK


def test_the_bound_counts_from_the_report_s_first_step() -> None:
    """A first-run wizard before the report's first step is not held against the report: the
    bound counts from the action that did step 1; a path that did no step is bounded whole."""
    from device_agent.actions import PRESS_BACK, Action
    from orchestrator.model import Screen

    def path(progress: list[int]) -> SPath:
        screen = Screen("", "h", "p", "a", "portrait")
        return SPath(
            [Transition(Action(PRESS_BACK), screen, screen, {}, reached_step=r) for r in progress]
        )

    assert _lead_in(path([-1, -1, -1, 0, 0, 1])) == 3  # three wizard pages, then step 1
    assert _lead_in(path([0, 1])) == 0
    assert _lead_in(path([-1, -1])) == 0  # no step yet: nothing is lead-in


def _probes(tmp_path: Path, name: str, **search: object) -> list[dict[str, object]]:
    """Search the example Tally report on the fixed build (the bug never fires) for 60 probes."""
    config = RunConfig(
        report_path=str(APPS / "tally-1.md"),
        out_dir=str(tmp_path / name),
        reasoner="heuristic",
        farm=FarmConfig(
            devices=2, profile="instant", app_dir=str(APPS), app="Tally", app_version="1.1"
        ),
        search=SearchConfig(max_probes=60, **search),  # type: ignore[arg-type]
        progress=False,
    )
    reproduce(config)
    lines = (tmp_path / name / "probes.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


@pytest.mark.e2e
@pytest.mark.slow
@pytest.mark.timeout(240)
def test_no_action_is_probed_twice_on_one_state_and_paths_stay_bounded(
    ray_session: object, tmp_path: Path
) -> None:
    def repeats(probes: list[dict[str, object]]) -> int:
        # the state as the memory keys it (Tally has no text field: the screen and the S2R
        # progress; a repeat probe's hidden state after a press that changed nothing) and the
        # action as the memory names it
        pairs = collections.Counter((p["state"], p["action_id"]) for p in probes)
        return sum(n - 1 for n in pairs.values())

    new = _probes(tmp_path, "new", path_bound=True, probe_once=True)
    old = _probes(tmp_path, "old", probe_once=False)  # no memory, no bound
    assert repeats(new) == 0
    assert repeats(old) > 0  # the same budget without the memory probes the same pairs again
    bound = 2 * PATH_BOUND_PER_STEP + PATH_BOUND_SLACK  # the report has at most 2 steps
    assert max(len(p["from_actions"]) + 1 for p in new) <= bound  # type: ignore[arg-type]
