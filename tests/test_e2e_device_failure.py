"""A device agent killed in the middle of a run does not end the run: its probes go to other
devices, the device is quarantined, and the bug is still reproduced."""

from __future__ import annotations

import pytest

from device_agent.launcher import LocalAgentFarm
from orchestrator.config import SearchConfig
from orchestrator.farm import DevicePool
from orchestrator.model import BugReport
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.report import load_report
from orchestrator.search import Reproducer
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.e2e


def test_agent_killed_mid_run(ray_session):
    report: BugReport = load_report(EXAMPLES / "amaze-1796.md")
    reasoner = HeuristicReasoner()
    spec = reasoner.analyze_report(report)
    with LocalAgentFarm(3, "AmazeFileManager") as farm:
        pool = DevicePool(farm.addresses, probe_timeout_s=30)
        base = pool.prepare("AmazeFileManager")
        probes_seen = []

        def progress(event: str, data: dict) -> None:
            if event == "probe":
                probes_seen.append(data)
                if len(probes_seen) == 3:
                    farm.kill(0)  # the agent process dies with probes still queued

        outcome = Reproducer(
            spec, reasoner, pool, base["info"].app_package, SearchConfig(), progress=progress
        ).run(base)
        usage = pool.utilisation()
        pool.close()
    assert farm.addresses[0] in {
        e.get("device") for e in pool.events if e["event"] == "device_quarantined"
    }
    assert usage[0]["quarantined"] is True
    assert sum(1 for u in usage if not u["quarantined"]) == 2
    assert outcome.verdict == "crash", outcome.stop_reason
    assert outcome.crash is not None and outcome.crash.exception_class.endswith(
        "IndexOutOfBoundsException"
    )
