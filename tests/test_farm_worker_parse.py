"""Per-probe parsing in the device worker (decision 0019): given the screen a probe starts from,
the DeviceWorker finds the app's crash in the probe's logcat and diffs the screens itself, and
what it returns is exactly what the driver used to compute from the same outcome."""

from __future__ import annotations

from dataclasses import replace

import pytest

from device_agent.actions import Action
from device_agent.launcher import LocalAgentFarm
from device_agent.state import DeviceState
from device_agent.virtual.catalog.opencalc import BUG_532, PACKAGE
from orchestrator.diff import structural_diff
from orchestrator.farm import BASE_SNAPSHOT, DevicePool, ProbeOutcome, ProbeSpec, observed_screen
from orchestrator.logcat import app_crash
from orchestrator.model import Screen

pytestmark = pytest.mark.e2e


def driver_side(outcome: ProbeOutcome, before: Screen) -> tuple[object, dict]:
    """What ``Reproducer._transitions`` computed before the parsing moved to the worker."""
    crash = app_crash(outcome.logcat, PACKAGE)
    after = observed_screen(vars(outcome))
    return crash, structural_diff(before, after, crash, app_package=PACKAGE)


def test_worker_parses_like_the_driver_did(ray_session):
    one, factorial, percent = (Action.from_json(s) for s in BUG_532.human_steps)
    with LocalAgentFarm(1, "OpenCalc") as farm:
        pool = DevicePool(farm.addresses)
        try:
            base = pool.prepare("OpenCalc")
            before = Screen(base["xml"], base["hash"], base["package"], base["activity"], "")
            before = replace(before, orientation=base["orientation"])
            state = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
            crashed = None
            for i, action in enumerate((one, factorial, percent)):
                spec = ProbeSpec(state, action, f"p{i}", before=before, app_package=PACKAGE)
                (outcome,) = pool.run_probes([spec])
                assert outcome.parsed and outcome.spec == spec
                crash, diff = driver_side(outcome, before)
                assert (outcome.crash, outcome.diff) == (crash, diff)
                # Without the before screen the worker leaves the parsing to the driver.
                (plain,) = pool.run_probes([replace(spec, before=None, save_as="")])
                assert not plain.parsed and plain.crash is None and plain.diff is None
                before = observed_screen(vars(outcome))
                state = state.child(action, outcome.saved_snapshot, outcome.after_hash)
                crashed = outcome.crash
            # The third step is OpenCalc#532's crash: found in the worker, same as the driver.
            assert crashed is not None
            assert crashed.exception_class.endswith("StringIndexOutOfBoundsException")
            # A batch is one Ray round trip for several probes, with the same outcomes.
            root = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
            batch = [ProbeSpec(root, a, tag=i) for i, a in enumerate((one, factorial))]
            single = [pool.run_probes([spec])[0] for spec in batch]
            together = ray_session.get(pool.devices[0].worker.call("probe_batch", batch))
            assert [o.spec.tag for o in together] == [0, 1]
            assert [o.after_xml for o in together] == [o.after_xml for o in single]
        finally:
            pool.close()
