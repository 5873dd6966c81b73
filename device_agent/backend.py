"""One interface for "a thing that behaves like an Android device".

Modelled on android_env's ``base_simulator``: public methods do the bookkeeping once (errors,
timing, logging) and call a private ``_..._impl`` that each backend fills in. The ``virtual``
backend (``device_agent.virtual.device.VirtualDevice``) is the test double for everything above;
the ``adb`` backend drives a real emulator or phone.
"""

from __future__ import annotations

import abc
import hashlib
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from device_agent.actions import Action
from device_agent.errors import DeviceError


@dataclass(frozen=True)
class DeviceInfo:
    """Static facts about a device.

    ``screen_width``/``screen_height`` are portrait pixels; ``snapshot_compat_key`` is equal for
    two devices exactly when they can exchange snapshots (same backend, system image, screen and
    app build); ``profile`` and ``time_scale`` describe a virtual device's latency simulation.
    """

    device_id: str
    backend: str
    screen_width: int
    screen_height: int
    density_dpi: int
    api_level: int
    snapshot_compat_key: str
    app_package: str = ""
    app_version: str = ""
    profile: str = ""
    time_scale: float = 1.0


@dataclass(frozen=True)
class Observation:
    """What the device shows now.

    ``screenshot_png`` is PNG bytes (empty when skipped); ``hierarchy_xml`` is exactly what
    ``uiautomator dump`` writes (empty when skipped); ``activity`` is ``package/.Activity``;
    ``orientation`` is ``portrait`` or ``landscape``; ``logcat_cursor`` is the cursor of the newest
    logcat line at observation time (pass it to :meth:`DeviceBackend.read_logcat`).
    ``hierarchy_missing`` says why ``hierarchy_xml`` is empty although it was asked for: a
    screenshot-only observation (a screen that never goes idle for ``uiautomator dump``); ``""``
    otherwise.
    """

    screenshot_png: bytes
    hierarchy_xml: str
    package: str
    activity: str
    orientation: str
    keyboard_shown: bool
    logcat_cursor: int
    hierarchy_missing: str = ""


@dataclass(frozen=True)
class ExecuteResult:
    """Outcome of one action: ``performed`` is False when the target was not found (nothing done);
    ``x``/``y`` are the pixel point acted on (``-1`` when the action has none). ``dirty``: not
    performed, but the device may have changed on the way (text typed only in part), so it is
    no longer in the state it was in."""

    performed: bool
    detail: str = ""
    x: int = -1
    y: int = -1
    dirty: bool = False


@dataclass(frozen=True)
class SnapshotInfo:
    """A saved device state: ``sha256`` of the serialised bytes, their size, and the device's
    compatibility key. ``imported`` snapshots came from another device."""

    snapshot_id: str
    compat_key: str
    sha256: str
    size_bytes: int
    created_unix: float
    imported: bool = False


@dataclass(frozen=True)
class LogcatChunk:
    """Logcat lines in ``threadtime`` format after a cursor, and the cursor to continue from."""

    lines: list[str] = field(default_factory=list)
    next_cursor: int = 0


@dataclass(frozen=True)
class AppStatus:
    package: str
    version: str
    label: str
    running: bool


class DeviceBackend(abc.ABC):
    """Abstract device. Subclasses implement the ``_*_impl`` methods.

    All public methods raise :class:`device_agent.errors.DeviceError` (or a subclass) on failure;
    any other exception escaping an implementation is wrapped into ``DeviceError`` so callers deal
    with one family of errors.
    """

    # The snapshot import quota an agent applies unless told otherwise (--max-snapshot-mb,
    # --max-snapshots): (bytes per snapshot, snapshots held), sized to what this backend's
    # states can be. An emulator snapshot is a few hundred MB and a search keeps tens of them.
    import_quota: tuple[int, int] = (4096 << 20, 512)

    def __init__(self, device_id: str) -> None:
        self.device_id = device_id

    # -- public API -------------------------------------------------------------------------
    def info(self) -> DeviceInfo:
        return self._call("info", self._info_impl)

    def observe(self, *, screenshot: bool = True, hierarchy: bool = True) -> Observation:
        return self._call("observe", self._observe_impl, screenshot, hierarchy)

    def execute(self, action: Action) -> ExecuteResult:
        return self._call("execute", self._execute_impl, action)

    def save_snapshot(self, snapshot_id: str) -> SnapshotInfo:
        return self._call("save_snapshot", self._save_snapshot_impl, snapshot_id)

    def load_snapshot(self, snapshot_id: str) -> None:
        """Restore a snapshot; raises ``SnapshotError`` when it is unknown or corrupt."""
        self._call("load_snapshot", self._load_snapshot_impl, snapshot_id)

    def load_snapshot_expecting(self, snapshot_id: str, fingerprint: str) -> bool:
        """Restore a snapshot whose screen is known to have :meth:`screen_fingerprint`
        ``fingerprint`` (this device saw it). Returns True when the restored screen shows exactly
        that, so the caller may skip a hierarchy dump; False when it does not (the load still
        happened and was checked the backend's usual way: the caller must look at the screen).
        Raises ``SnapshotError`` like :meth:`load_snapshot`."""
        return bool(
            self._call(
                "load_snapshot", self._load_snapshot_expecting_impl, snapshot_id, fingerprint
            )
        )

    def screen_fingerprint(self) -> str:
        """A cheap identity of what the screen shows below the status bar (no hierarchy dump):
        equal fingerprints on one device mean the same pixels, so a screen recorded with its
        structural hash is recognised again by a screenshot. Hex string; raises
        ``DeviceError``."""
        return str(self._call("screen_fingerprint", self._screen_fingerprint_impl))

    def list_snapshots(self) -> list[SnapshotInfo]:
        return self._call("list_snapshots", self._list_snapshots_impl)

    def delete_snapshot(self, snapshot_id: str) -> bool:
        return self._call("delete_snapshot", self._delete_snapshot_impl, snapshot_id)

    def export_snapshot(
        self, snapshot_id: str, chunk_bytes: int = 1 << 20
    ) -> tuple[SnapshotInfo, Iterator[bytes]]:
        """The snapshot's info and an iterator over its bytes in chunks of ``chunk_bytes``."""
        return self._call("export_snapshot", self._export_snapshot_impl, snapshot_id, chunk_bytes)

    def import_snapshot(self, info: SnapshotInfo, chunks: Iterable[bytes]) -> SnapshotInfo:
        """Store a snapshot exported elsewhere. Raises ``SnapshotError`` when the checksum or the
        compatibility key does not match this device."""
        return self._call("import_snapshot", self._import_snapshot_impl, info, chunks)

    def read_logcat(
        self,
        cursor: int = 0,
        buffers: tuple[str, ...] = ("main", "system", "crash"),
        max_lines: int = 0,
    ) -> LogcatChunk:
        return self._call("read_logcat", self._read_logcat_impl, cursor, buffers, max_lines)

    def install_app(self, app: str, version: str = "", apk_path: str = "") -> AppStatus:
        return self._call("install_app", self._install_app_impl, app, version, apk_path)

    def launch_app(self) -> AppStatus:
        return self._call("launch_app", self._launch_app_impl)

    def reset_app(self, launch: bool = True) -> AppStatus:
        """Clear the app's data and stop it (like ``pm clear``), then launch it when asked."""
        return self._call("reset_app", self._reset_app_impl, launch)

    def check_bug_oracle(self, bug_id: str) -> tuple[bool, str]:
        """Ground truth from app state: ``(triggered, detail)``. Only the virtual backend knows it;
        others raise ``UnsupportedError``."""
        return self._call("check_bug_oracle", self._check_bug_oracle_impl, bug_id)

    def sleep(self, operation: str) -> None:
        """Wait as long as ``operation`` takes on this device (virtual devices simulate latency;
        real devices are slow by themselves and do nothing)."""
        self._sleep_impl(operation)

    def close(self) -> None:
        self._close_impl()

    # -- bookkeeping --------------------------------------------------------------------------
    def _call(self, name, fn, *args):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        try:
            return fn(*args)
        except DeviceError:
            raise
        except Exception as exc:  # noqa: BLE001 - one error family for callers
            raise DeviceError(
                f"{name} failed on device {self.device_id}: {type(exc).__name__}: {exc}"
            ) from exc
        finally:
            self.last_call_seconds = time.perf_counter() - start

    # -- to implement -------------------------------------------------------------------------
    @abc.abstractmethod
    def _info_impl(self) -> DeviceInfo: ...

    @abc.abstractmethod
    def _observe_impl(self, screenshot: bool, hierarchy: bool) -> Observation: ...

    @abc.abstractmethod
    def _execute_impl(self, action: Action) -> ExecuteResult: ...

    @abc.abstractmethod
    def _save_snapshot_impl(self, snapshot_id: str) -> SnapshotInfo: ...

    @abc.abstractmethod
    def _load_snapshot_impl(self, snapshot_id: str) -> None: ...

    @abc.abstractmethod
    def _list_snapshots_impl(self) -> list[SnapshotInfo]: ...

    @abc.abstractmethod
    def _delete_snapshot_impl(self, snapshot_id: str) -> bool: ...

    @abc.abstractmethod
    def _export_snapshot_impl(
        self, snapshot_id: str, chunk_bytes: int
    ) -> tuple[SnapshotInfo, Iterator[bytes]]: ...

    @abc.abstractmethod
    def _import_snapshot_impl(
        self, info: SnapshotInfo, chunks: Iterable[bytes]
    ) -> SnapshotInfo: ...

    @abc.abstractmethod
    def _read_logcat_impl(
        self, cursor: int, buffers: tuple[str, ...], max_lines: int
    ) -> LogcatChunk: ...

    @abc.abstractmethod
    def _install_app_impl(self, app: str, version: str, apk_path: str) -> AppStatus: ...

    @abc.abstractmethod
    def _launch_app_impl(self) -> AppStatus: ...

    @abc.abstractmethod
    def _reset_app_impl(self, launch: bool) -> AppStatus: ...

    def _check_bug_oracle_impl(self, bug_id: str) -> tuple[bool, str]:
        from device_agent.errors import UnsupportedError

        raise UnsupportedError(f"the {type(self).__name__} backend has no ground-truth oracle")

    def _load_snapshot_expecting_impl(self, snapshot_id: str, fingerprint: str) -> bool:
        self._load_snapshot_impl(snapshot_id)
        return self._screen_fingerprint_impl() == fingerprint

    def _screen_fingerprint_impl(self) -> str:
        # Default: the whole screenshot's bytes (status bar included, so a clock that moved
        # only costs the shortcut, never correctness). Backends override with a cheaper or
        # status-bar-free identity.
        png = self._observe_impl(True, False).screenshot_png
        return hashlib.sha256(png).hexdigest()

    def _sleep_impl(self, operation: str) -> None:
        return None

    def _close_impl(self) -> None:
        return None
