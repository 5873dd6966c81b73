"""Latency profiles of the virtual device: how long each device operation takes (DESIGN §2.2).

Three profiles, in seconds of device time per operation:

============================  =========  ===================  ==========================
operation                     instant    emulator-grpc        ltgdroid
============================  =========  ===================  ==========================
``snapshot_load``             0          0.6 + 0.5 UI settle  7.5 fixed sleeps + 0.6 load
``snapshot_save``             0          0.4                  6 fixed sleeps + 0.4 save
``snapshot_transfer``         0          2.0 (pull + push)    2.0 (n/a: one emulator)
``input`` (tap / key / text)  0          0.05 (gRPC input)    0.3 adb input + 2 s delay
``dump`` (view hierarchy)     0          1.2                  1.2
``screenshot``                0          0.02 (gRPC)          0.5 (adb screencap)
``llm`` (simulated call)      0          3.0                  3.0
============================  =========  ===================  ==========================

Sources: emulator snapshot load 0.58-0.69 s (stim #284); gRPC getScreenshot p50 20 ms vs adb
screencap 519 ms (cua PR #1208); ``uiautomator dump`` waits for >= 1 s of idle (AOSP
DumpCommand); adb input 226 ms (mobilecli PR #412); LTGDroid's fixed sleeps (its avd_controller
and explore loop). A ``time_scale`` factor multiplies every real sleep (0.01: a benchmark keeps
its ratios and runs 100x faster), while :class:`LatencyModel` still counts the unscaled device
time, which benchmarks report.
"""

from __future__ import annotations

import threading
import time

from device_agent.errors import DeviceError

INSTANT = "instant"
EMULATOR_GRPC = "emulator-grpc"
LTGDROID = "ltgdroid"
PROFILE_NAMES: tuple[str, ...] = (INSTANT, EMULATOR_GRPC, LTGDROID)

SNAPSHOT_LOAD = "snapshot_load"
SNAPSHOT_SAVE = "snapshot_save"
SNAPSHOT_TRANSFER = "snapshot_transfer"
INPUT = "input"
DUMP = "dump"
SCREENSHOT = "screenshot"
LLM = "llm"
OPERATIONS: tuple[str, ...] = (
    SNAPSHOT_LOAD,
    SNAPSHOT_SAVE,
    SNAPSHOT_TRANSFER,
    INPUT,
    DUMP,
    SCREENSHOT,
    LLM,
)

# Other spellings callers use for the same operations.
_ALIASES: dict[str, str] = {
    "load": SNAPSHOT_LOAD,
    "snapshot load": SNAPSHOT_LOAD,
    "save": SNAPSHOT_SAVE,
    "snapshot save": SNAPSHOT_SAVE,
    "transfer": SNAPSHOT_TRANSFER,
    "pull_push": SNAPSHOT_TRANSFER,
    "tap": INPUT,
    "key": INPUT,
    "text": INPUT,
    "action": INPUT,
    "hierarchy": DUMP,
    "view_hierarchy": DUMP,
    "llm_call": LLM,
}

PROFILES: dict[str, dict[str, float]] = {
    INSTANT: dict.fromkeys(OPERATIONS, 0.0),
    EMULATOR_GRPC: {
        SNAPSHOT_LOAD: 0.6 + 0.5,
        SNAPSHOT_SAVE: 0.4,
        SNAPSHOT_TRANSFER: 2.0,
        INPUT: 0.05,
        DUMP: 1.2,
        SCREENSHOT: 0.02,
        LLM: 3.0,
    },
    LTGDROID: {
        SNAPSHOT_LOAD: 7.5 + 0.6,
        SNAPSHOT_SAVE: 6.0 + 0.4,
        SNAPSHOT_TRANSFER: 2.0,
        INPUT: 0.3 + 2.0,
        DUMP: 1.2,
        SCREENSHOT: 0.5,
        LLM: 3.0,
    },
}


def canonical_operation(operation: str) -> str:
    """The canonical name of ``operation`` (accepts the aliases ``tap``, ``hierarchy``...).

    Raises :class:`DeviceError` naming the known operations when it is unknown.
    """
    op = operation.strip().lower().replace("-", "_")
    op = _ALIASES.get(op, op)
    if op not in OPERATIONS:
        raise DeviceError(
            f"unknown device operation {operation!r} for latency simulation; "
            f"expected one of {list(OPERATIONS)}"
        )
    return op


def check_profile(profile: str) -> str:
    """Return ``profile`` when it is known; raise :class:`DeviceError` listing the profiles."""
    if profile not in PROFILES:
        raise DeviceError(
            f"unknown latency profile {profile!r}; expected one of {list(PROFILE_NAMES)}"
        )
    return profile


def profile_delay(profile: str, operation: str) -> float:
    """Seconds of device time ``operation`` takes under ``profile`` (unscaled).

    Raises :class:`DeviceError` for an unknown profile or operation.
    """
    return PROFILES[check_profile(profile)][canonical_operation(operation)]


class LatencyModel:
    """Sleeps as a device with ``profile`` would, shrunk by ``time_scale``, and counts device time.

    ``simulated_seconds`` is the total unscaled device time of every operation charged so far;
    ``slept_seconds`` is the real time actually slept (``simulated_seconds * time_scale``).
    Thread-safe.
    """

    def __init__(self, profile: str = INSTANT, time_scale: float = 1.0) -> None:
        check_profile(profile)
        if time_scale < 0:
            raise DeviceError(f"time_scale must be >= 0, got {time_scale}")
        self.profile = profile
        self.time_scale = float(time_scale)
        self.simulated_seconds = 0.0
        self.slept_seconds = 0.0
        self.counts: dict[str, int] = dict.fromkeys(OPERATIONS, 0)
        self._lock = threading.Lock()

    def delay(self, operation: str) -> float:
        """Unscaled seconds ``operation`` takes on this device."""
        return profile_delay(self.profile, operation)

    def charge(self, operation: str) -> float:
        """Count ``operation`` and sleep its scaled delay; returns the unscaled delay."""
        op = canonical_operation(operation)
        seconds = PROFILES[self.profile][op]
        real = seconds * self.time_scale
        with self._lock:
            self.simulated_seconds += seconds
            self.slept_seconds += real
            self.counts[op] += 1
        if real > 0:
            time.sleep(real)
        return seconds
