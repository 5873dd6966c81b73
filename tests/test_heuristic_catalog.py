"""End to end, offline reasoner: catalog bugs the heuristic reproduces since issue 4's general rules
(reserved rotation / leave probes, bracket-pair keys, no-op re-typing, the "deleted object still
listed" evidence), each claim replayed on a fresh device and judged by the app's ground truth.

Each case takes a few seconds on 2 virtual devices (profile ``instant``); the whole catalog is
measured by ``benchmarks/catalog_heuristic.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from device_agent.launcher import LocalAgentFarm
from orchestrator.config import FarmConfig, RunConfig
from orchestrator.replay import replay_on
from orchestrator.run import reproduce
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.e2e

# (report, bug id, verdict, the longest trace accepted: a person needs fewer actions, the search
# may add a few harmless ones; measured traces are 5-8).
CASES = [
    ("birthdroid-13.md", "Birthdroid#13", "crash", 8),
    ("markor-194.md", "markor#194", "crash", 8),
    ("opencalc-448.md", "OpenCalc#448", "symptom", 8),
    ("omninotes-377.md", "Omni-Notes#377", "crash", 8),
]


# A hang detector, not a speed goal: Omni-Notes#377 takes 49-70 s on a loaded 2-core machine.
@pytest.mark.timeout(240)
@pytest.mark.parametrize(("report", "bug_id", "verdict", "longest"), CASES)
def test_heuristic_reproduces_and_ground_truth_agrees(
    ray_session, tmp_path: Path, report: str, bug_id: str, verdict: str, longest: int
) -> None:
    config = RunConfig(
        report_path=str(EXAMPLES / report),
        out_dir=str(tmp_path / "run"),
        reasoner="heuristic",
        farm=FarmConfig(devices=2, profile="instant"),
        progress=False,
    )
    result, code = reproduce(config)
    assert code == 0 and result["bug_id"] == bug_id
    assert result["reproduced"] is True and result["verdict"] == verdict
    assert 0 < len(result["trace"]) <= longest
    with LocalAgentFarm(1, result["app"]["name"], profile="instant") as farm:
        replayed = replay_on(farm.addresses[0], result)
    assert replayed.triggered, replayed.detail
