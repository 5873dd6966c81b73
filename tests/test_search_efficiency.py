"""benchmarks/search_efficiency.py's arithmetic (no timing: the benchmark itself measures)."""

from __future__ import annotations

import pytest

from benchmarks.search_efficiency import device_efficiency, mode_settings, same_as_before, summary


def test_efficiency_is_busy_over_devices_times_wall() -> None:
    devices = [
        {"busy_seconds": 8.0, "replay_seconds": 2.0},  # busy all the time
        {"busy_seconds": 4.0, "replay_seconds": 0.0},
        {"busy_seconds": 0.0, "replay_seconds": 0.0, "quarantined": True},  # still paid for
        {"busy_seconds": 6.0, "replay_seconds": 0.0},
    ]
    eff = device_efficiency(devices, wall_s=10.0, discarded_s=4.0)
    assert eff["busy_s"] == pytest.approx(20.0)
    assert eff["efficiency"] == pytest.approx(0.5)
    assert eff["idle_share"] == pytest.approx(0.5)
    assert eff["useful_efficiency"] == pytest.approx(16.0 / 40.0)
    assert eff["replay_share"] == pytest.approx(2.0 / 20.0)


def test_a_device_counts_at_most_the_wall_time() -> None:
    # A replay timed from its dispatch while a speculative probe still ran on the device.
    eff = device_efficiency([{"busy_seconds": 9.0, "replay_seconds": 3.0}], wall_s=10.0)
    assert eff["efficiency"] == pytest.approx(1.0)
    assert eff["idle_share"] == pytest.approx(0.0)


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="no devices"):
        device_efficiency([], wall_s=1.0)
    with pytest.raises(ValueError, match="positive"):
        device_efficiency([{"busy_seconds": 1.0}], wall_s=0.0)


def test_modes_and_auto_follows_the_core_count() -> None:
    assert mode_settings("before", 8) == (False, "off")
    assert mode_settings("after", 8) == (True, "on")
    assert mode_settings("auto", 8, cores=2) == (True, "off")
    assert mode_settings("auto", 8, cores=16) == (True, "on")


def test_same_as_before_and_summary() -> None:
    def result(verdict: str, digest: str) -> dict:
        return {
            "verdict": verdict,
            "trace": [{"action": {"kind": "click"}}],
            "search": {"explored": [{"sha256": digest}]},
        }

    same = same_as_before(
        {
            "before": result("crash", "a"),
            "after": result("crash", "a"),
            "auto": result("crash", "b"),
        }
    )
    assert same == {"after": True, "auto": False}
    rows = [
        {"mode": "after", "devices": 8, "efficiency": 0.5},
        {"mode": "after", "devices": 8, "efficiency": 0.7},
        {"mode": "before", "devices": 16, "efficiency": 0.3},
    ]
    assert summary(rows) == {"after": {"8": 0.6}, "before": {"16": 0.3}}
