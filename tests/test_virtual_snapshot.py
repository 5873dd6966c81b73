"""Virtual-device snapshots: exact restore, transfer between devices, integrity checks."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from device_agent.actions import Action, Selector
from device_agent.errors import SnapshotError
from device_agent.hierarchy import structural_hash
from device_agent.virtual.app import VirtualApp
from device_agent.virtual.device import VirtualDevice
from device_agent.virtual.views import Screen, View

APPS = Path(__file__).resolve().parent / "apps"
PKG = "org.example.notes"


def device(name: str = "a", **kw) -> VirtualDevice:
    dev = VirtualDevice(name, "Notes", app_dir=APPS, **kw)
    dev.launch_app()
    return dev


def screen_hash(dev: VirtualDevice) -> str:
    return structural_hash(dev.observe(screenshot=False).hierarchy_xml)


def editor_with_draft(dev: VirtualDevice) -> None:
    dev.execute(Action("swipe", direction="up"))
    dev.execute(Action("click", target=Selector(resource_id=f"{PKG}:id/fab")))
    dev.execute(Action("input_text", target=Selector(resource_id=f"{PKG}:id/title"), text="Draft"))


def test_save_and_load_restore_exactly() -> None:
    dev = device()
    editor_with_draft(dev)
    before = dev.observe(screenshot=False)
    data = dict(dev.s["data"])
    info = dev.save_snapshot("s1")
    assert info.size_bytes > 0 and len(info.sha256) == 64 and not info.imported
    # Move far away: back to the list, delete a note, rotate, crash.
    dev.execute(Action("press_back"))
    dev.execute(Action("press_back"))
    dev.execute(Action("rotate", orientation="landscape"))
    dev.execute(Action("long_click", target=Selector(text="Ideas")))
    assert screen_hash(dev) != structural_hash(before.hierarchy_xml)
    dev.load_snapshot("s1")
    after = dev.observe(screenshot=False)
    assert after.hierarchy_xml == before.hierarchy_xml
    assert after.keyboard_shown == before.keyboard_shown is True
    assert after.logcat_cursor == before.logcat_cursor
    assert dev.s["data"] == data
    assert dev.read_logcat(0, ("main", "system", "crash")).lines  # logcat restored too


def test_list_and_delete() -> None:
    dev = device()
    dev.save_snapshot("one")
    dev.save_snapshot("two")
    assert [s.snapshot_id for s in dev.list_snapshots()] == ["one", "two"]
    assert dev.delete_snapshot("one") and not dev.delete_snapshot("one")
    with pytest.raises(SnapshotError, match="unknown snapshot"):
        dev.load_snapshot("one")


def test_export_import_between_devices_in_chunks() -> None:
    a, b = device("a"), device("b")
    editor_with_draft(a)
    info = a.save_snapshot("shared")
    exported, chunks = a.export_snapshot("shared", chunk_bytes=512)
    parts = list(chunks)
    assert len(parts) > 1 and all(len(p) <= 512 for p in parts)
    stored = b.import_snapshot(exported, parts)
    assert stored.imported and stored.sha256 == info.sha256
    b.load_snapshot("shared")
    assert b.observe(screenshot=False).hierarchy_xml == a.observe(screenshot=False).hierarchy_xml
    assert b.s["data"] == a.s["data"]


def test_import_rejects_tampered_bytes() -> None:
    a, b = device("a"), device("b")
    a.save_snapshot("s")
    info, chunks = a.export_snapshot("s")
    blob = b"".join(chunks).replace(b"Shopping list", b"Shopping lisT")
    with pytest.raises(SnapshotError, match="checksum"):
        b.import_snapshot(info, [blob])
    assert b.list_snapshots() == []


def test_import_rejects_incompatible_device() -> None:
    class Other(VirtualApp):
        name, package, label, version, launch_activity = "Other", "org.other", "Other", "2", ".Main"

        def initial_data(self) -> dict:
            return {}

        def render(self, ctx) -> Screen:
            return Screen(View())

    a = device("a")
    other = VirtualDevice("o", Other)
    assert other.info().snapshot_compat_key != a.info().snapshot_compat_key
    a.save_snapshot("s")
    info, chunks = a.export_snapshot("s")
    with pytest.raises(SnapshotError, match="compatibility key"):
        other.import_snapshot(info, chunks)
    # A forged info (right key, wrong payload key) is caught from the bytes themselves.
    blob = b"".join(a.export_snapshot("s")[1])
    forged = replace(info, compat_key=other.info().snapshot_compat_key)
    with pytest.raises(SnapshotError, match="incompatible"):
        other.import_snapshot(forged, [blob])


def test_compat_key_ignores_latency_profile() -> None:
    fast = VirtualDevice("f", "Notes", app_dir=APPS)
    slow = VirtualDevice("s", "Notes", app_dir=APPS, profile="ltgdroid", time_scale=0.0)
    assert fast.info().snapshot_compat_key == slow.info().snapshot_compat_key


def test_non_json_state_is_refused_with_a_clear_message() -> None:
    class Tuples(VirtualApp):
        name, package, label, version, launch_activity = "Tuples", "org.t", "T", "1", ".Main"

        def initial_data(self) -> dict:
            return {"items": []}

        def render(self, ctx) -> Screen:
            def add(c) -> None:
                c.data["items"].append((1, 2))

            return Screen(
                View(children=[View(cls="android.widget.Button", text="Add", on_click=add)])
            )

    dev = VirtualDevice("t", Tuples)
    dev.launch_app()
    dev.save_snapshot("ok")
    dev.execute(Action("click", target=Selector(text="Add")))
    with pytest.raises(SnapshotError, match=r"Tuples: state .*items.*tuple"):
        dev.save_snapshot("bad")


def test_same_actions_give_the_same_screens_and_logs() -> None:
    # Replay-based state cloning relies on this: no randomness, no wall-clock time.
    a, b = device("a"), device("b")
    for dev in (a, b):
        editor_with_draft(dev)
        dev.execute(Action("click", target=Selector(text="Save")))
    assert a.observe().screenshot_png == b.observe().screenshot_png
    assert a.observe().hierarchy_xml == b.observe().hierarchy_xml
    buffers = ("main", "system", "crash")
    assert a.read_logcat(0, buffers).lines == b.read_logcat(0, buffers).lines
