"""Known screens (decision 0019): a restore into a screen this device already saw is checked by
a screen fingerprint instead of a hierarchy dump, and never lets a wrong state through.

Every test drives a real VirtualDevice through the agent's gRPC API on loopback and counts the
dumps the device was asked for (its latency model counts every operation)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from device_agent.actions import Action
from device_agent.client import AgentClient
from device_agent.errors import StateMismatchError
from device_agent.hierarchy import structural_hash
from device_agent.server import serve
from device_agent.state import REPLAY, SNAPSHOT_LOCAL, DeviceState, StateKeeper
from device_agent.virtual.catalog.opencalc import PACKAGE
from device_agent.virtual.device import VirtualDevice

APP = "OpenCalc"


def key(resource_id: str, text: str = "") -> Action:
    return Action.from_json(
        {"kind": "click", "target": {"resource_id": f"{PACKAGE}:id/{resource_id}", "text": text}}
    )


# Three screens with three structural hashes (digits alone only change the editable input,
# which the hash leaves out): π shows a result preview, the switch the scientific keypad.
ONE, TWO, SEVEN = key("piButton", "π"), key("scientistModeSwitchButton"), key("sevenButton", "7")


@dataclass
class Agent:
    device: VirtualDevice
    client: AgentClient
    keeper: StateKeeper
    root: DeviceState

    def dumps(self) -> int:
        return self.device.latency.counts["dump"]

    def probe(self, state: DeviceState, action: Action, save_as: str = "") -> tuple[object, int]:
        """The probe's result and the dumps it cost."""
        before = self.dumps()
        result = self.client.probe(state, action, save_snapshot_as=save_as, screenshots=False)
        return result, self.dumps() - before


def start(known_screens: bool) -> Iterator[Agent]:
    device = VirtualDevice("known-screens", APP)
    keeper = StateKeeper(device, known_screens=known_screens)
    server, port = serve(device, keeper=keeper)
    try:
        with AgentClient(f"127.0.0.1:{port}", timeout=30.0) as client:
            client.reset_app(launch=True)
            client.save_snapshot("base")
            digest = structural_hash(client.observe(screenshot=False).hierarchy_xml)
            yield Agent(device, client, keeper, DeviceState("base", (), "base", digest))
    finally:
        server.stop(None)


@pytest.fixture()
def agent() -> Iterator[Agent]:
    yield from start(known_screens=True)


@pytest.fixture()
def blind_agent() -> Iterator[Agent]:
    yield from start(known_screens=False)


def child(agent: Agent, action: Action, snapshot: str) -> tuple[DeviceState, str]:
    """Probe ``action`` from the base screen, saving the after-state as ``snapshot``; the child
    state (with its snapshot) and its screen's hash."""
    result, _ = agent.probe(agent.root, action, snapshot)
    assert result.executed.performed
    return DeviceState("base", (action,), snapshot, result.after_hash), result.after_hash


def test_own_snapshot_restore_skips_the_verification_dump(agent: Agent, blind_agent: Agent):
    for each in (agent, blind_agent):
        state, digest = child(each, ONE, "s1")
        each.probe(each.root, TWO)  # the device moves on to another screen
        result, dumps = each.probe(state, SEVEN)
        assert result.restore_method == SNAPSHOT_LOCAL and result.reached_hash == digest
        # The after-observation is the only dump left; without known screens the restore's
        # check is a second one.
        assert dumps == (1 if each is agent else 2)
    assert agent.keeper.dumps_skipped >= 1 and blind_agent.keeper.dumps_skipped == 0


def test_after_screen_is_the_known_before_screen_of_a_replay(agent: Agent):
    result, _ = agent.probe(agent.root, ONE)  # no snapshot: the state can only be replayed
    digest = result.after_hash
    agent.probe(agent.root, TWO)
    replayed, dumps = agent.probe(DeviceState("base", (ONE,), "", digest), SEVEN)
    assert replayed.restore_method == REPLAY and replayed.reached_hash == digest
    assert dumps == 1
    # The same probes as the first time give the same screens.
    again = agent.client.probe(DeviceState("base", (ONE,), "", digest), SEVEN, screenshots=False)
    assert again.after_hash == replayed.after_hash


def test_a_load_that_does_nothing_is_still_detected(agent: Agent, monkeypatch):
    state, digest = child(agent, ONE, "s1")
    agent.probe(agent.root, TWO, "s2")  # now on another screen
    # The device says every load worked but keeps showing what it showed (a lying emulator).
    monkeypatch.setattr(agent.device, "_load_snapshot_impl", lambda snapshot_id: None)
    before = agent.dumps()
    with pytest.raises(StateMismatchError, match=f"state {state.key()}"):
        agent.client.probe(state, SEVEN, screenshots=False)
    assert agent.dumps() > before  # the doubt was settled by dumps, not by the fingerprint


def test_a_snapshot_replaced_behind_the_agent_is_not_known(agent: Agent):
    state, digest = child(agent, ONE, "s1")
    agent.probe(agent.root, SEVEN)  # the device moves on
    # Someone saves another screen under the same id directly on the device.
    agent.device.execute(TWO)
    agent.device.save_snapshot("s1")
    result, dumps = agent.probe(state, SEVEN)
    # The stored snapshot shows another screen: it is checked by a dump, found wrong, and the
    # state is reached by replaying its path instead.
    assert result.restore_method == REPLAY and result.reached_hash == digest
    assert dumps >= 2


def test_a_stale_path_record_cannot_hide_a_changed_base(agent: Agent):
    result, _ = agent.probe(agent.root, ONE)
    digest = result.after_hash
    agent.probe(agent.root, SEVEN)  # the device moves on
    # The base snapshot is replaced behind the agent's back by another screen: the remembered
    # screen of the path "base + π" is now wrong, and the replay must find out.
    agent.device.execute(TWO)
    agent.device.save_snapshot("base")
    with pytest.raises(StateMismatchError, match="replay reached"):
        agent.client.probe(DeviceState("base", (ONE,), "", digest), SEVEN, screenshots=False)


def test_saving_a_snapshot_through_the_agent_forgets_what_it_showed(agent: Agent):
    state, digest = child(agent, ONE, "s1")
    agent.client.bring_to_state(agent.root)
    agent.client.execute(TWO)
    agent.client.save_snapshot("s1")  # the agent sees this one: it forgets s1's screen
    result, dumps = agent.probe(state, SEVEN)
    assert result.restore_method == REPLAY and result.reached_hash == digest
    assert dumps >= 2


def test_a_restore_that_cannot_be_told_from_doing_nothing_is_dumped(agent: Agent, monkeypatch):
    state, digest = child(agent, ONE, "s1")
    # An action that finds no target: the screen still looks like s1's, but the agent no longer
    # knows where the device is (any Execute makes it forget).
    assert not agent.client.execute(key("noSuchButton", "?")).performed
    monkeypatch.setattr(agent.device, "_load_snapshot_impl", lambda snapshot_id: None)
    result, dumps = agent.probe(state, SEVEN)
    # The fingerprint after the load equals s1's, but so did the one before it: no proof that
    # the load did anything, so the restore is checked by a dump.
    assert result.reached_hash == digest
    assert dumps == 2


def test_a_failing_screenshot_costs_the_shortcut_not_the_probe(agent: Agent, monkeypatch):
    state, digest = child(agent, ONE, "s1")
    agent.probe(agent.root, TWO)

    def broken() -> str:
        raise RuntimeError("screencap returned nothing")

    monkeypatch.setattr(agent.device, "_screen_fingerprint_impl", broken)
    result, dumps = agent.probe(state, SEVEN)
    assert result.restore_method == SNAPSHOT_LOCAL and result.reached_hash == digest
    assert dumps == 2  # checked by a dump, as without known screens
