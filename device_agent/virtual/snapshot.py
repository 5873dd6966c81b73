"""Virtual-device snapshots: the whole device state as compact JSON, with a compatibility key and
a sha256 checksum (DESIGN §2.1).

A snapshot's bytes are ``{"format": 1, "compat_key": ..., "state": {...}}`` in compact UTF-8
JSON (app state is JSON-able by contract). Like emulator snapshots, two devices can exchange
snapshots only when their compatibility keys match: same backend, app package and version, screen
size, density and API level. The latency profile is not part of the key: a fast test device and a
slow benchmark device can share states. Every load and import checks the checksum and the key and
raises :class:`SnapshotError` naming what differs, never restoring a wrong state silently. An
import also checks the content (:func:`check_shape` and the device's own trial restore): bytes
with a valid checksum that are not a device state are refused at import, not at first use.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from device_agent.backend import SnapshotInfo
from device_agent.errors import SnapshotError

SNAPSHOT_FORMAT = 1


def compat_key(
    backend: str,
    package: str,
    version: str,
    screen: tuple[int, int],
    density_dpi: int,
    api_level: int,
) -> str:
    """A 24-hex-digit key equal for exactly the devices that can exchange snapshots."""
    text = json.dumps(
        {
            "format": SNAPSHOT_FORMAT,
            "backend": backend,
            "package": package,
            "version": version,
            "screen": list(screen),
            "density": density_dpi,
            "api": api_level,
        },
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def encode(state: dict[str, Any], key: str) -> bytes:
    """Serialise a device state. Raises :class:`SnapshotError` when the state is not JSON-able
    (an app model that put a non-JSON value in ``ctx.data``/``ctx.ui``)."""
    try:
        return json.dumps(
            {"format": SNAPSHOT_FORMAT, "compat_key": key, "state": state},
            separators=(",", ":"),
            ensure_ascii=False,
            allow_nan=False,
        ).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise SnapshotError(
            f"device state is not JSON-serialisable ({exc}); app models must keep only "
            "dicts, lists, str, int, float, bool and None in ctx.data and ctx.ui"
        ) from exc


def decode(blob: bytes, expected_key: str, snapshot_id: str = "") -> dict[str, Any]:
    """The state inside ``blob``; raises :class:`SnapshotError` when it is not a snapshot of this
    format or its embedded compatibility key differs from ``expected_key``."""
    try:
        doc = json.loads(blob.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SnapshotError(f"snapshot {snapshot_id!r} is corrupt: not JSON ({exc})") from exc
    if not isinstance(doc, dict) or doc.get("format") != SNAPSHOT_FORMAT or "state" not in doc:
        raise SnapshotError(
            f"snapshot {snapshot_id!r} is not a virtual-device snapshot of format {SNAPSHOT_FORMAT}"
        )
    if doc.get("compat_key") != expected_key:
        raise SnapshotError(
            f"snapshot {snapshot_id!r} was taken on an incompatible device (compatibility key "
            f"{doc.get('compat_key')!r}, this device {expected_key!r}): install the same app "
            "version on a device with the same screen and API level"
        )
    return doc["state"]


def check_shape(value: Any, template: Any, path: str = "state") -> None:
    """Raise :class:`SnapshotError` unless ``value`` has every key of the dict ``template``
    (recursively for dict values) with the same JSON type; a ``None`` in the template accepts
    anything, an empty dict or list accepts any dict or list."""
    kinds: tuple[tuple[type, ...], ...] = ((dict,), (list,), (str,), (bool,), (int, float))
    if template is None:
        return
    for kind in kinds:
        if isinstance(template, kind):
            ok = isinstance(value, kind) and not (kind == (int, float) and isinstance(value, bool))
            if not ok:
                raise SnapshotError(
                    f"{path} should be a {type(template).__name__}, the snapshot has "
                    f"{type(value).__name__}"
                )
            break
    if isinstance(template, dict):
        for key, sub in template.items():
            if key not in value:
                raise SnapshotError(f"{path} lacks the key {key!r}")
            check_shape(value[key], sub, f"{path}[{key!r}]")


def sha256(blob: bytes) -> str:
    return hashlib.sha256(blob).hexdigest()


class SnapshotStore:
    """Snapshots held in memory by one device: id → (info, bytes). Thread-safe."""

    def __init__(self) -> None:
        self._items: dict[str, tuple[SnapshotInfo, bytes]] = {}
        self._lock = threading.Lock()

    def put(self, snapshot_id: str, blob: bytes, key: str, imported: bool = False) -> SnapshotInfo:
        """Store ``blob`` under ``snapshot_id`` (replacing any previous one)."""
        if not snapshot_id:
            raise SnapshotError("a snapshot needs a non-empty id")
        info = SnapshotInfo(
            snapshot_id=snapshot_id,
            compat_key=key,
            sha256=sha256(blob),
            size_bytes=len(blob),
            created_unix=time.time(),
            imported=imported,
        )
        with self._lock:
            self._items[snapshot_id] = (info, blob)
        return info

    def get(self, snapshot_id: str) -> tuple[SnapshotInfo, bytes]:
        """The snapshot's info and bytes, checksum verified. Raises :class:`SnapshotError` when it
        is unknown or corrupt."""
        with self._lock:
            item = self._items.get(snapshot_id)
            known = sorted(self._items)
        if item is None:
            raise SnapshotError(
                f"unknown snapshot {snapshot_id!r} on this device; it holds {known[:20]}"
                + (" ..." if len(known) > 20 else "")
                + " (save it here or import it first)"
            )
        info, blob = item
        if sha256(blob) != info.sha256:
            raise SnapshotError(f"snapshot {snapshot_id!r} is corrupt: checksum mismatch")
        return info, blob

    def list(self) -> list[SnapshotInfo]:
        with self._lock:
            return [
                info for info, _ in sorted(self._items.values(), key=lambda it: it[0].created_unix)
            ]

    def delete(self, snapshot_id: str) -> bool:
        with self._lock:
            return self._items.pop(snapshot_id, None) is not None

    def export(self, snapshot_id: str, chunk_bytes: int) -> tuple[SnapshotInfo, Iterator[bytes]]:
        """The snapshot's info and its bytes in chunks of at most ``chunk_bytes``."""
        if chunk_bytes <= 0:
            raise SnapshotError(f"chunk size must be positive, got {chunk_bytes}")
        info, blob = self.get(snapshot_id)

        def chunks() -> Iterator[bytes]:
            for start in range(0, len(blob), chunk_bytes):
                yield blob[start : start + chunk_bytes]

        return info, chunks()

    def import_(
        self,
        info: SnapshotInfo,
        chunks: Iterable[bytes],
        key: str,
        validate: Callable[[dict[str, Any]], None] | None = None,
    ) -> tuple[SnapshotInfo, bytes]:
        """Verify and store a snapshot exported elsewhere; returns the stored info and bytes.

        Raises :class:`SnapshotError` when the compatibility key in ``info`` or in the bytes
        differs from ``key``, when the bytes' sha256 or size differ from ``info``, or when
        ``validate`` (given the decoded state) raises: the content is not a device state. Nothing
        is stored then.
        """
        if info.compat_key != key:
            raise SnapshotError(
                f"cannot import snapshot {info.snapshot_id!r}: its compatibility key "
                f"{info.compat_key!r} differs from this device's {key!r} (different app build, "
                "screen, density or API level)"
            )
        blob = b"".join(chunks)
        digest = sha256(blob)
        if digest != info.sha256:
            raise SnapshotError(
                f"cannot import snapshot {info.snapshot_id!r}: checksum mismatch (expected "
                f"sha256 {info.sha256[:16]}..., got {digest[:16]}... over {len(blob)} bytes); "
                "the transfer was corrupted or truncated, export it again"
            )
        state = decode(blob, key, info.snapshot_id)
        if validate is not None:
            try:
                validate(state)
            except Exception as exc:  # noqa: BLE001 - any failure means: not a device state
                raise SnapshotError(
                    f"cannot import snapshot {info.snapshot_id!r}: its checksum is valid but its "
                    f"content is not a valid device state ({type(exc).__name__}: {exc}); export "
                    "it again from a device running the same app build"
                ) from exc
        return self.put(info.snapshot_id, blob, key, imported=True), blob
