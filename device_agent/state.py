"""State cloning (DESIGN §2.1): what a device state is, and how a device is brought to one.

A state S is the path that reaches it: a base snapshot plus the action prefix run from it.
A snapshot that already holds S (``snapshot_id``) is a cache of that path, and ``expected_hash``
(the structural hash of S's screen, see :func:`device_agent.hierarchy.structural_hash`) is how the
device proves it got there. :class:`StateKeeper` picks the cheapest way to S on one device:

1. ``already_there``: the device is in S and nothing ran since;
2. ``snapshot_local`` / ``snapshot_imported``: it holds S's snapshot (saved here, or pushed from
   another device);
3. ``replay``: load the base snapshot and execute the prefix.

Whenever ``expected_hash`` is given the reached screen is checked; a mismatch (or a replayed step
whose target is gone) is a :class:`StateMismatchError` naming both hashes, never a silent wrong
state. The emulator-side facts (a load that says OK is not yet a settled screen, imported
snapshots cannot be re-saved) are the backend's business: the keeper only calls its public API.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import structlog

from device_agent.actions import Action
from device_agent.backend import DeviceBackend, ExecuteResult, Observation, SnapshotInfo
from device_agent.errors import SnapshotError, StateMismatchError
from device_agent.hierarchy import structural_hash

log = structlog.get_logger("device_agent.state")

# Restore methods, cheapest first (the proto's RestoreMethod, lower-cased).
ALREADY_THERE = "already_there"
SNAPSHOT_LOCAL = "snapshot_local"
SNAPSHOT_IMPORTED = "snapshot_imported"
REPLAY = "replay"
RESTORE_METHODS = (ALREADY_THERE, SNAPSHOT_LOCAL, SNAPSHOT_IMPORTED, REPLAY)


@dataclass(frozen=True)
class DeviceState:
    """A device state: ``base_snapshot`` plus the ``prefix`` of actions run from it.

    ``snapshot_id`` names a snapshot that already holds the state (empty: none known);
    ``expected_hash`` is the structural hash the state's screen must have (empty: no check).
    Both are hints for reaching and checking the state, not part of its identity: :meth:`key`
    depends on the path only. ``prefix`` may be given as any iterable of actions; it is stored as
    a tuple so states are hashable. Raises ``ValueError`` when ``base_snapshot`` is empty.
    """

    base_snapshot: str
    prefix: tuple[Action, ...] = ()
    snapshot_id: str = ""
    expected_hash: str = ""

    def __post_init__(self) -> None:
        if not self.base_snapshot:
            raise ValueError("a device state needs a base snapshot id (e.g. 'base')")
        if not isinstance(self.prefix, tuple):
            object.__setattr__(self, "prefix", tuple(self.prefix))
        for action in self.prefix:
            if not isinstance(action, Action):
                raise ValueError(f"a state's prefix holds Actions, got {action!r}")

    def key(self) -> str:
        """A stable 16-hex-digit id of the path (base snapshot and prefix), equal across
        processes and runs; hints (``snapshot_id``, ``expected_hash``) do not change it."""
        path = {"base": self.base_snapshot, "prefix": [a.to_json() for a in self.prefix]}
        blob = json.dumps(path, sort_keys=True, separators=(",", ":")).encode()
        return hashlib.sha256(blob).hexdigest()[:16]

    def child(self, action: Action, snapshot_id: str = "", expected_hash: str = "") -> DeviceState:
        """The state reached by running ``action`` in this one."""
        return DeviceState(self.base_snapshot, (*self.prefix, action), snapshot_id, expected_hash)

    @property
    def depth(self) -> int:
        """Number of actions from the base snapshot."""
        return len(self.prefix)

    def describe(self) -> str:
        """One line for logs, e.g. ``'base + 2 actions (snapshot s17)'``."""
        text = f"{self.base_snapshot} + {len(self.prefix)} actions"
        return f"{text} (snapshot {self.snapshot_id})" if self.snapshot_id else text

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "base_snapshot": self.base_snapshot,
            "prefix": [a.to_json() for a in self.prefix],
        }
        if self.snapshot_id:
            out["snapshot_id"] = self.snapshot_id
        if self.expected_hash:
            out["expected_hash"] = self.expected_hash
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DeviceState:
        """Inverse of :meth:`to_json`; raises ``ValueError`` on malformed input."""
        return cls(
            base_snapshot=str(data.get("base_snapshot", "")),
            prefix=tuple(Action.from_json(a) for a in data.get("prefix", [])),
            snapshot_id=str(data.get("snapshot_id", "")),
            expected_hash=str(data.get("expected_hash", "")),
        )


@dataclass(frozen=True)
class RestoreReport:
    """How a device reached a state: ``method`` is one of :data:`RESTORE_METHODS`, ``seconds``
    the wall time it took, ``reached_hash`` the structural hash of the reached screen when it was
    checked or already known (empty otherwise)."""

    method: str
    seconds: float
    reached_hash: str = ""


@dataclass(frozen=True)
class ProbeResult:
    """One probe (restore + act + observe) as the client returns it.

    ``restore_method`` is one of :data:`RESTORE_METHODS`; ``*_seconds`` are wall seconds measured
    by the agent per phase (``act_seconds`` includes the settle wait, ``observe_seconds`` covers
    the before and after observations);
    ``before`` is ``None`` unless asked for; ``logcat`` holds the lines (main and crash buffers,
    ``threadtime`` format) written between the action and the after observation;
    ``saved_snapshot`` is the after-state's snapshot when one was asked for. ``reached_hash``,
    ``before_hash`` and ``after_hash`` are structural hashes (empty when unknown).
    """

    device_id: str
    restore_method: str
    restore_seconds: float
    act_seconds: float
    observe_seconds: float
    executed: ExecuteResult
    after: Observation
    before: Observation | None = None
    logcat: list[str] = field(default_factory=list)
    saved_snapshot: SnapshotInfo | None = None
    reached_hash: str = ""
    before_hash: str = ""
    after_hash: str = ""


class StateKeeper:
    """Brings one device to requested states by the cheapest way, and remembers where it is.

    Not thread-safe: the agent serialises all calls on a device. Anything that changes the
    device behind the keeper's back (an action, a snapshot load, an app reset) must be followed
    by :meth:`invalidate`, or :meth:`mark` when the new state is known.
    """

    def __init__(self, backend: DeviceBackend) -> None:
        self.backend = backend
        self._current: DeviceState | None = None
        self._current_hash = ""

    @property
    def current(self) -> DeviceState | None:
        """The state the device is known to be in, or ``None`` when unknown."""
        return self._current

    def invalidate(self) -> None:
        """Forget where the device is (something changed it)."""
        self._current = None
        self._current_hash = ""

    def mark(self, state: DeviceState, reached_hash: str = "") -> None:
        """Record that the device is now in ``state`` (with screen hash ``reached_hash`` when
        known)."""
        self._current = state
        self._current_hash = reached_hash

    def observe_hash(self) -> str:
        """The structural hash of the current screen (a hierarchy dump, no screenshot). Raises
        ``HierarchyError`` when the dump is broken."""
        obs = self.backend.observe(screenshot=False, hierarchy=True)
        return structural_hash(obs.hierarchy_xml)

    def load(self, snapshot_id: str) -> RestoreReport:
        """Load a snapshot by id and return the reached screen's hash. The keeper forgets the
        current state (a bare snapshot id is not a path). Raises ``SnapshotError``."""
        start = time.perf_counter()
        held = self._held()
        if snapshot_id not in held:
            raise SnapshotError(self._missing_message(snapshot_id, held))
        self.invalidate()
        self.backend.load_snapshot(snapshot_id)
        reached = self.observe_hash()
        method = SNAPSHOT_IMPORTED if held[snapshot_id].imported else SNAPSHOT_LOCAL
        return RestoreReport(method, time.perf_counter() - start, reached)

    def bring_to(self, state: DeviceState) -> RestoreReport:
        """Bring the device to ``state`` (see the module docstring for the order of methods).

        Raises :class:`SnapshotError` when the base snapshot is not on the device,
        :class:`StateMismatchError` when a replayed action is not performed or the reached
        screen's structural hash differs from ``state.expected_hash`` (after trying the state's
        snapshot and then replay), and other ``DeviceError`` subclasses from the backend.
        """
        start = time.perf_counter()
        expected = state.expected_hash
        if self._current is not None and self._current.key() == state.key():
            reached = self._current_hash
            if expected and not reached:
                reached = self.observe_hash()
            if not expected or reached == expected:
                self.mark(state, reached)
                return RestoreReport(ALREADY_THERE, time.perf_counter() - start, reached)
            # The device drifted from the state it was left in: restore it properly.
            log.warning("state_drifted", state=state.key(), expected=expected, reached=reached)
        self.invalidate()
        held = self._held()
        misses: list[str] = []
        if state.snapshot_id and state.snapshot_id in held:
            method = SNAPSHOT_IMPORTED if held[state.snapshot_id].imported else SNAPSHOT_LOCAL
            loaded = self._try_snapshot(state, misses)
            if loaded is not None:
                self.mark(state, loaded)
                return RestoreReport(method, time.perf_counter() - start, loaded)
        elif state.snapshot_id:
            misses.append(f"snapshot {state.snapshot_id!r} is not on this device")
        if state.base_snapshot not in held:
            raise SnapshotError(self._missing_message(state.base_snapshot, held, misses))
        self.backend.load_snapshot(state.base_snapshot)
        self._replay(state, state.prefix)
        reached = self.observe_hash() if expected else ""
        if expected and reached != expected:
            tried = f" (also tried: {'; '.join(misses)})" if misses else ""
            raise StateMismatchError(
                f"device {self.backend.device_id} did not reach state {state.key()} "
                f"({state.describe()}): expected structural hash {expected}, replay reached "
                f"{reached}{tried}; the path no longer leads to that screen"
            )
        if not state.prefix:
            # Loading the base snapshot alone is a snapshot restore, not a replay.
            base_info = held[state.base_snapshot]
            method = SNAPSHOT_IMPORTED if base_info.imported else SNAPSHOT_LOCAL
        else:
            method = REPLAY
        self.mark(state, reached)
        return RestoreReport(method, time.perf_counter() - start, reached)

    # -- helpers ----------------------------------------------------------------------------
    def _held(self) -> dict[str, SnapshotInfo]:
        return {info.snapshot_id: info for info in self.backend.list_snapshots()}

    def _missing_message(
        self, snapshot_id: str, held: dict[str, SnapshotInfo], misses: Iterable[str] = ()
    ) -> str:
        names = ", ".join(sorted(held)) or "none"
        tried = "".join(f"; {m}" for m in misses)
        return (
            f"device {self.backend.device_id} holds no snapshot {snapshot_id!r} (it holds: "
            f"{names}){tried}; save it on this device or import it from the device that saved it"
        )

    def _try_snapshot(self, state: DeviceState, misses: list[str]) -> str | None:
        """Load the state's snapshot; the reached hash, or ``None`` (reason appended to
        ``misses``) when it is corrupt or shows another screen, so the caller replays."""
        try:
            self.backend.load_snapshot(state.snapshot_id)
        except SnapshotError as exc:
            misses.append(f"snapshot {state.snapshot_id!r} failed to load: {exc}")
            log.warning("snapshot_load_failed", snapshot=state.snapshot_id, error=str(exc))
            return None
        if not state.expected_hash:
            return ""
        reached = self.observe_hash()
        if reached == state.expected_hash:
            return reached
        misses.append(f"snapshot {state.snapshot_id!r} reached {reached}")
        log.warning(
            "snapshot_hash_mismatch",
            snapshot=state.snapshot_id,
            expected=state.expected_hash,
            reached=reached,
        )
        return None

    def _replay(self, state: DeviceState, prefix: tuple[Action, ...]) -> None:
        for i, action in enumerate(prefix, start=1):
            result = self.backend.execute(action)
            if not result.performed:
                raise StateMismatchError(
                    f"device {self.backend.device_id} could not replay state {state.key()}: "
                    f"step {i}/{len(prefix)} ({action.describe()}) was not performed"
                    f"{': ' + result.detail if result.detail else ''}; the path no longer leads "
                    f"to that screen from snapshot {state.base_snapshot!r}"
                )
