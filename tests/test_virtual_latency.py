"""Latency profiles: per-operation delays, time scaling, device-time accounting."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from device_agent.actions import Action, Selector
from device_agent.errors import DeviceError
from device_agent.virtual.device import VirtualDevice
from device_agent.virtual.latency import PROFILE_NAMES, LatencyModel, profile_delay

APPS = Path(__file__).resolve().parent / "apps"


def test_profiles_and_aliases() -> None:
    assert PROFILE_NAMES == ("instant", "emulator-grpc", "ltgdroid")
    assert all(profile_delay("instant", op) == 0 for op in ("tap", "dump", "snapshot_load", "llm"))
    assert profile_delay("emulator-grpc", "snapshot_load") == pytest.approx(1.1)
    assert profile_delay("emulator-grpc", "tap") == pytest.approx(0.05)
    assert profile_delay("emulator-grpc", "hierarchy") == pytest.approx(1.2)
    assert profile_delay("ltgdroid", "screenshot") > profile_delay("emulator-grpc", "screenshot")
    assert profile_delay("ltgdroid", "snapshot_save") == pytest.approx(6.4)
    with pytest.raises(DeviceError, match="unknown latency profile"):
        profile_delay("warp", "tap")
    with pytest.raises(DeviceError, match="unknown device operation"):
        profile_delay("instant", "teleport")


def test_time_scale_shrinks_real_sleep_but_counts_device_time() -> None:
    model = LatencyModel("ltgdroid", time_scale=0.01)
    start = time.perf_counter()
    model.charge("tap")  # 2.3 s of device time, 23 ms real
    elapsed = time.perf_counter() - start
    assert model.simulated_seconds == pytest.approx(2.3)
    assert model.slept_seconds == pytest.approx(0.023)
    # Slept at least the scaled time, and not the unscaled 2.3 s (the margin is for a loaded
    # machine: 8 people share 2 cores; the slept time itself is checked exactly above).
    assert 0.015 < elapsed < 2.0


def test_device_charges_each_operation() -> None:
    dev = VirtualDevice("l", "Notes", app_dir=APPS, profile="emulator-grpc", time_scale=0.0)
    dev.launch_app()
    base = dev.simulated_seconds
    dev.observe()
    assert dev.simulated_seconds - base == pytest.approx(1.2 + 0.02)
    dev.execute(Action("click", target=Selector(text="Ideas")))
    assert dev.simulated_seconds - base == pytest.approx(1.27)
    dev.save_snapshot("s")
    dev.load_snapshot("s")
    assert dev.simulated_seconds - base == pytest.approx(1.27 + 0.4 + 1.1)
    dev.sleep("llm")
    assert dev.simulated_seconds - base == pytest.approx(1.27 + 1.5 + 3.0)
    assert dev.info().profile == "emulator-grpc"


def test_instant_profile_costs_nothing_and_clock_still_moves() -> None:
    dev = VirtualDevice("i", "Notes", app_dir=APPS)
    dev.launch_app()
    t0 = dev.clock.now_ms
    dev.execute(Action("press_back"))
    assert dev.simulated_seconds == 0
    assert dev.clock.now_ms > t0
