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
state. The check is a hierarchy dump (about 1.2 s on an emulator) unless the screen is already
known (decision 0019): the keeper remembers the screens this device saw — per state path and per
snapshot it saved or verified, as a structural hash plus a cheap screen fingerprint
(:meth:`DeviceBackend.screen_fingerprint`, a screenshot hash) — and after a restore it compares
fingerprints instead of dumping, but only when the screen before the restore looked different,
or was itself known to be the expected screen (so a restore that did nothing can never pass as
one that worked, unless a dump could not have told either). The emulator-side facts (a
load that says OK is not yet a settled screen, imported snapshots cannot be re-saved) are the
backend's business: the keeper only calls its public API.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import structlog

from device_agent.actions import Action
from device_agent.backend import DeviceBackend, ExecuteResult, Observation, SnapshotInfo
from device_agent.errors import DeviceError, SnapshotError, StateMismatchError
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


@dataclass(frozen=True)
class KnownScreen:
    """A screen this device has seen: its ``structural_hash`` (from a dump) and its
    ``fingerprint`` (:meth:`DeviceBackend.screen_fingerprint`, taken right after, same screen)."""

    structural_hash: str
    fingerprint: str


# States whose screens a keeper remembers (a search probes a few hundred per device).
MAX_KNOWN_STATES = 4096


@dataclass(frozen=True)
class _ScreenBefore:
    """The screen before a restore: its fingerprint and, when the keeper knew where the device
    was, its structural hash (``""``: unknown)."""

    fingerprint: str
    structural_hash: str = ""

    def proves(self, known: KnownScreen | None, expected: str) -> bool:
        """Whether seeing ``known``'s fingerprint after the restore proves the device shows the
        ``expected`` screen: ``known`` is that screen, and either the restore visibly changed
        the screen (the look before differs), or the screen before was the expected one already
        (then a dump could not tell a restore that did nothing either)."""
        if known is None or known.structural_hash != expected or not self.fingerprint:
            return False
        return self.fingerprint != known.fingerprint or self.structural_hash == expected


_UNKNOWN_BEFORE = _ScreenBefore("")


def _snapshot_identity(info: SnapshotInfo) -> tuple[str, int, float, bool] | None:
    """What tells one saved snapshot from another saved under the same id later (bytes'
    checksum, size, creation time, origin), or ``None`` when the backend gives nothing to tell
    them apart (then its screen is never taken as known)."""
    if not info.sha256 and info.created_unix <= 0:
        return None
    return (info.sha256, info.size_bytes, info.created_unix, info.imported)


class StateKeeper:
    """Brings one device to requested states by the cheapest way, and remembers where it is.

    Not thread-safe: the agent serialises all calls on a device. Anything that changes the
    device behind the keeper's back (an action, a snapshot load, an app reset) must be followed
    by :meth:`invalidate`, or :meth:`mark` when the new state is known; anything that changes
    what a path or a snapshot leads to (an app install or reset, a snapshot saved, imported or
    deleted outside a probe) by :meth:`forget_screens`.

    ``known_screens`` (default on) lets a restore be checked by a screen fingerprint instead of
    a dump when this device already saw the state's screen (see the module docstring);
    ``dumps_skipped`` counts the dumps that saved.
    """

    def __init__(self, backend: DeviceBackend, *, known_screens: bool = True) -> None:
        self.backend = backend
        self.known_screens = known_screens
        self.dumps_skipped = 0
        self._current: DeviceState | None = None
        self._current_hash = ""
        self._by_state: OrderedDict[str, KnownScreen] = OrderedDict()
        self._by_snapshot: dict[str, tuple[tuple[str, int, float, bool], KnownScreen]] = {}

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

    def remember(
        self, state: DeviceState, structural_hash: str, saved: SnapshotInfo | None = None
    ) -> None:
        """Record that the screen shown now is ``state``'s, with ``structural_hash`` (from a dump
        of this very screen), and ``saved``'s when that snapshot was just saved here. Takes one
        screen fingerprint; does nothing when ``known_screens`` is off or the hash is empty."""
        if not self.known_screens or not structural_hash:
            return
        fingerprint = self._fingerprint()
        if not fingerprint:
            return
        screen = KnownScreen(structural_hash, fingerprint)
        self._remember_state(state.key(), screen)
        if saved is not None:
            self._remember_snapshot(saved, screen)

    def forget_screens(self, snapshot_id: str = "") -> None:
        """Forget the remembered screens: every state's, and ``snapshot_id``'s (all snapshots'
        when empty). Call it when what a path or a snapshot leads to may have changed."""
        self._by_state.clear()
        if snapshot_id:
            self._by_snapshot.pop(snapshot_id, None)
        else:
            self._by_snapshot.clear()

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
        was_hash = self._current_hash if self._current is not None else ""
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
        # What the screen looked like before the restore: a known screen only counts as reached
        # when the restore visibly changed the screen into it.
        before = self._screen_before(state, held, was_hash)
        if state.snapshot_id and state.snapshot_id in held:
            method = SNAPSHOT_IMPORTED if held[state.snapshot_id].imported else SNAPSHOT_LOCAL
            loaded = self._try_snapshot(state, misses, held, before)
            if loaded is not None:
                self.mark(state, loaded)
                return RestoreReport(method, time.perf_counter() - start, loaded)
            before = _UNKNOWN_BEFORE  # the failed load changed the screen: no proof from it
        elif state.snapshot_id:
            misses.append(f"snapshot {state.snapshot_id!r} is not on this device")
        if state.base_snapshot not in held:
            raise SnapshotError(self._missing_message(state.base_snapshot, held, misses))
        base = self._snapshot_screen(state.base_snapshot, held)
        if state.prefix and base is not None and before.proves(base, base.structural_hash):
            # Known base screen: the backend may skip its own dump-based readiness check. The
            # replay's end is checked below either way.
            self.backend.load_snapshot_expecting(state.base_snapshot, base.fingerprint)
        else:
            self.backend.load_snapshot(state.base_snapshot)
        self._replay(state, state.prefix)
        reached = ""
        if expected:
            reached = self._recognised(self._by_state.get(state.key()), expected, before)
            if not reached:
                reached = self.observe_hash()
                if reached == expected:
                    self.remember(state, reached)
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

    def _fingerprint(self) -> str:
        """The screen's fingerprint, or ``""`` when the backend could not take one (a failed
        screenshot only costs the shortcut: the caller dumps, the probe goes on)."""
        try:
            return self.backend.screen_fingerprint()
        except DeviceError as exc:
            log.warning("screen_fingerprint_failed", error=str(exc))
            return ""

    def _remember_state(self, key: str, screen: KnownScreen) -> None:
        self._by_state[key] = screen
        self._by_state.move_to_end(key)
        while len(self._by_state) > MAX_KNOWN_STATES:
            self._by_state.popitem(last=False)

    def _remember_snapshot(self, info: SnapshotInfo, screen: KnownScreen) -> None:
        identity = _snapshot_identity(info)
        if identity is not None:
            self._by_snapshot[info.snapshot_id] = (identity, screen)

    def _snapshot_screen(
        self, snapshot_id: str, held: dict[str, SnapshotInfo]
    ) -> KnownScreen | None:
        """The screen ``snapshot_id`` shows when restored, when this device recorded it for
        exactly the bytes it holds now (a snapshot saved again or imported under that id since
        is not known)."""
        entry = self._by_snapshot.get(snapshot_id)
        info = held.get(snapshot_id)
        if entry is None or info is None or _snapshot_identity(info) != entry[0]:
            return None
        return entry[1]

    def _screen_before(
        self, state: DeviceState, held: dict[str, SnapshotInfo], was_hash: str
    ) -> _ScreenBefore:
        """The screen before restoring ``state`` (``was_hash``: its structural hash when the
        keeper knew it); its fingerprint is taken only when a known screen could spare a dump
        (the state's, its snapshot's or, for a replay, its base snapshot's; else
        :data:`_UNKNOWN_BEFORE`)."""
        if not (self.known_screens and state.expected_hash):
            return _UNKNOWN_BEFORE
        known = [self._by_state.get(state.key())]
        if state.snapshot_id:
            known.append(self._snapshot_screen(state.snapshot_id, held))
        useful = any(k is not None and k.structural_hash == state.expected_hash for k in known)
        if not useful and not (state.prefix and self._snapshot_screen(state.base_snapshot, held)):
            return _UNKNOWN_BEFORE
        return _ScreenBefore(self._fingerprint(), was_hash)

    def _recognised(self, known: KnownScreen | None, expected: str, before: _ScreenBefore) -> str:
        """``expected`` when the screen shown now has ``known``'s fingerprint and ``before``
        proves that this is the expected screen (:meth:`_ScreenBefore.proves`); else ``""``
        (the caller dumps)."""
        if not before.proves(known, expected):
            return ""
        assert known is not None
        if self._fingerprint() != known.fingerprint:
            return ""
        self.dumps_skipped += 1
        return expected

    def _try_snapshot(
        self,
        state: DeviceState,
        misses: list[str],
        held: dict[str, SnapshotInfo],
        before: _ScreenBefore,
    ) -> str | None:
        """Load the state's snapshot; the reached hash, or ``None`` (reason appended to
        ``misses``) when it is corrupt or shows another screen, so the caller replays. A
        snapshot whose screen this device knows is checked by its fingerprint (the backend may
        then skip its own dump-based readiness check: ``load_snapshot_expecting``); any doubt
        falls back to the dump."""
        snapshot_id, expected = state.snapshot_id, state.expected_hash
        known = self._snapshot_screen(snapshot_id, held)
        try:
            if before.proves(known, expected):
                assert known is not None
                if self.backend.load_snapshot_expecting(snapshot_id, known.fingerprint):
                    self.dumps_skipped += 1
                    return expected
            else:
                self.backend.load_snapshot(snapshot_id)
        except SnapshotError as exc:
            misses.append(f"snapshot {snapshot_id!r} failed to load: {exc}")
            log.warning("snapshot_load_failed", snapshot=snapshot_id, error=str(exc))
            return None
        if not expected:
            return ""
        reached = self.observe_hash()
        if reached == expected:
            fingerprint = self._fingerprint() if self.known_screens else ""
            if fingerprint:
                screen = KnownScreen(reached, fingerprint)
                self._remember_snapshot(held[snapshot_id], screen)
                self._remember_state(state.key(), screen)
            return reached
        misses.append(f"snapshot {snapshot_id!r} reached {reached}")
        log.warning(
            "snapshot_hash_mismatch",
            snapshot=snapshot_id,
            expected=expected,
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
