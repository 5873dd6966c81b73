"""A device reused for another bug starts clean: another app's "keeps stopping" dialog or a
rotated screen left by the previous run must not become part of the next run's base state."""

from __future__ import annotations

import pytest

from device_agent.actions import ROTATE, Action
from device_agent.client import AgentClient
from device_agent.launcher import LocalAgentFarm
from device_agent.virtual.catalog import find_app_for_bug
from orchestrator.farm import DevicePool

pytestmark = pytest.mark.e2e


def _prepared_base(addresses: list[str], app: str) -> dict:
    """The base a fresh pool on ``addresses`` prepares for ``app`` (the next bug's)."""
    pool = DevicePool(addresses)
    try:
        return pool.prepare(app)
    finally:
        pool.close()


def test_prepare_clears_what_the_previous_bug_left(ray_session):
    opencalc = find_app_for_bug("OpenCalc#532")
    assert opencalc is not None
    with LocalAgentFarm(1, "OpenCalc", version=opencalc.version) as farm:
        with AgentClient(farm.addresses[0]) as client:
            client.install_app("OpenCalc", opencalc.version)
            client.reset_app(launch=True)
            for step in opencalc().bug("OpenCalc#532").human_steps:
                client.execute(Action.from_json(step))
            client.execute(Action(kind=ROTATE, orientation="landscape"))
            left = client.observe(screenshot=False)
            assert "keeps stopping" in left.hierarchy_xml  # the previous bug's crash dialog
        base = _prepared_base(farm.addresses, "screenrecorder")
    assert "keeps stopping" not in base["xml"]
    assert base["orientation"] == "portrait"
    assert base["package"] != opencalc.package


# An app whose activity crashes when it is stopped (a failing onSaveInstanceState): HOME, which
# prepare presses to close system dialogs, is what stops it and opens its "keeps stopping".
STOP_CRASH_MODEL = """
from typing import Any, ClassVar
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, JavaException, VirtualApp
from device_agent.virtual.views import Screen


class StopCrash(VirtualApp):
    name: ClassVar[str] = "stopcrash"
    package: ClassVar[str] = "org.example.stopcrash"
    label: ClassVar[str] = "Stop Crash"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".MainActivity"

    def initial_data(self) -> dict[str, Any]:
        return {}

    def render(self, ctx: AppContext) -> Screen:
        return Screen(content=w.linear_layout([w.text_view("Total: 0", "total")]))

    def on_activity_stop(self, ctx: AppContext) -> None:
        raise JavaException("java.lang.IllegalStateException", "cannot save state in onStop")
"""


def test_an_app_left_in_front_that_crashes_when_stopped_leaves_no_dialog(ray_session, tmp_path):
    # Decision 0065: the last run left its app in front; the HOME that stops it crashes it and
    # opens its "keeps stopping" dialog after HOME closed the system dialogs. Saved into the next
    # run's base, a claim's trace started by closing it, and no fresh install could replay it.
    (tmp_path / "stopcrash.py").write_text(STOP_CRASH_MODEL)
    with LocalAgentFarm(1, "stopcrash", app_dir=tmp_path) as farm:
        with AgentClient(farm.addresses[0]) as client:
            client.install_app("stopcrash", "1.0")
            client.reset_app(launch=True)
            assert "keeps stopping" not in client.observe(screenshot=False).hierarchy_xml
        base = _prepared_base(farm.addresses, "screenrecorder")
    assert "keeps stopping" not in base["xml"]
    assert "Stop Crash" not in base["xml"]


def test_a_pool_prepared_again_forgets_the_last_bugs_snapshots(ray_session):
    # The next search names its snapshots from s1 again: a stale "s1" left on the device would
    # be restored (and found wrong) before the probe replays.
    from device_agent.hierarchy import parse_hierarchy
    from device_agent.state import DeviceState
    from orchestrator.enumerate import enumerate_actions
    from orchestrator.farm import BASE_SNAPSHOT, ProbeSpec

    with LocalAgentFarm(1, "OpenCalc") as farm:
        pool = DevicePool(farm.addresses)
        try:
            base = pool.prepare("OpenCalc")
            root = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, base["hash"])
            action = enumerate_actions(parse_hierarchy(base["xml"]), include_global=False)[0]
            (probe,) = pool.run_probes([ProbeSpec(state=root, action=action, save_as="s1")])
            assert probe.saved_snapshot == "s1" and "s1" in pool.devices[0].snapshots
            pool.prepare("OpenCalc")
            assert pool.devices[0].snapshots == {BASE_SNAPSHOT}
            with AgentClient(farm.addresses[0]) as client:
                held = {s.snapshot_id for s in client.list_snapshots()}
            assert "s1" not in held and BASE_SNAPSHOT in held
        finally:
            pool.close()
