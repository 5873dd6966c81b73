"""Helpers the catalog tests share: a fresh device for an app model, actions that must reach their
target, what the screen shows, and the ground truth."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from device_agent.actions import Action, Selector
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.app import BugSpec
from device_agent.virtual.device import VirtualDevice


def fresh(app_cls: type) -> VirtualDevice:
    """A new virtual device with ``app_cls`` installed and launched."""
    device = VirtualDevice("t1", app_cls)
    device.launch_app()
    return device


def user_model(tmp_path: Path, source: str, filename: str) -> Path:
    """An ``--app-dir`` under ``tmp_path`` holding one hand-written model (``source``) as
    ``filename``, loaded the way a user's own models are."""
    apps = tmp_path / "apps"
    apps.mkdir(exist_ok=True)
    (apps / filename).write_text(source, encoding="utf-8")
    return apps


def launched(app_dir: Path, app: str) -> VirtualDevice:
    """A new virtual device with the model ``app`` of ``app_dir`` installed and launched."""
    device = VirtualDevice("d1", app_dir=str(app_dir))
    device.install_app(app)
    device.launch_app()
    return device


def act(device: VirtualDevice, kind: str, typed: str = "", **target: Any) -> None:
    """Perform one action (``typed`` is the text of an input) and insist that it reached its
    target."""
    action = Action(kind=kind, target=Selector(**target) if target else None, text=typed)
    result = device.execute(action)
    assert result.performed, f"{action.describe()}: {result.detail}"


def tap(device: VirtualDevice, **target: Any) -> None:
    act(device, "click", **target)


def texts(device: VirtualDevice) -> list[str]:
    """Every text and content-desc on screen, in dump order."""
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    return [t for node in tree.iter() for t in (node.text, node.content_desc) if t]


def node_text(device: VirtualDevice, resource_id: str) -> str:
    """The text of the first node with ``resource_id``; fails listing the screen's texts."""
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    found = [n.text for n in tree.iter() if n.resource_id == resource_id]
    assert found, f"no {resource_id} on screen; texts: {texts(device)}"
    return found[0]


def triggered(device: VirtualDevice, bug_id: str) -> bool:
    """The app's ground-truth oracle for ``bug_id``."""
    return device.check_bug_oracle(bug_id)[0]


def assert_human_steps_trigger(app_cls: type, bug: BugSpec) -> None:
    """Replay ``bug``'s human steps from a fresh install: the bug is not triggered before, is
    after, and (a crash bug) only at the last step; every state on the way survives a snapshot
    (the farm snapshots after each probe)."""
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
