"""What the device agent accepts from a request: identifiers, numbers and paths.

The agent is a security boundary (issue 15): anyone holding its token drives a device and, through
the adb backend, an emulator console, a device shell and files on the agent's host. Every value a
request carries is checked here, at the API boundary, before any backend sees it:

- identifiers (snapshot ids, package and app names, versions, bug ids, device ids, APK file names)
  match a strict pattern: no line breaks (console command injection), no ``/`` or ``..`` (paths),
  no shell metacharacters, bounded length;
- numbers are finite and inside a documented range (a settle time of 1e9 s or infinity once held a
  device forever);
- files are built only inside a directory the agent was started with (:func:`inside`), checked
  after resolving symlinks.

Every check raises ``ValueError`` (the server maps it to ``INVALID_ARGUMENT``) with a one-line
message naming the field, the rule and the fix.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from device_agent.actions import Action, Selector

# Letters, digits, '.', '_', '-', starting with a letter or digit: safe as a console word, a shell
# word and a file name ('.' and '..' cannot match).
SNAPSHOT_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
DEVICE_ID_RE = SNAPSHOT_ID_RE
# A catalog name ("Omni-Notes") or a package name ("com.amaze.filemanager").
APP_NAME_RE = SNAPSHOT_ID_RE
# Java package naming (developer.android.com/guide/topics/manifest/manifest-element#package).
PACKAGE_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+")
VERSION_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
# Catalog bug ids look like "AmazeFileManager#1796".
BUG_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._#:+-]{0,127}")
APK_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,127}\.apk")
HASH_RE = re.compile(r"[0-9a-f]{0,64}")
# An input method id as `ime list -s` prints it: package/.Service.
IME_ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_.]*/[A-Za-z0-9_.$]+")

# Numeric ranges. A probe's settle wait is device time; two minutes is far beyond any UI settle.
MAX_SETTLE_S = 120.0
MAX_CHUNK_BYTES = 1 << 30
MAX_LOGCAT_LINES = 1_000_000
# Pixel coordinates: far beyond any screen, far inside int32.
MAX_COORDINATE = 100_000
MAX_TEXT_CHARS = 10_000
MAX_SELECTOR_CHARS = 2_000
MAX_PREFIX_ACTIONS = 1_000
MAX_BUFFERS = 8
LOGCAT_BUFFERS = frozenset({"main", "system", "crash", "events", "radio", "kernel", "all"})


def check_id(value: str, field: str, pattern: re.Pattern[str] = SNAPSHOT_ID_RE) -> str:
    """``value`` when it fully matches ``pattern``; else ``ValueError`` naming ``field``."""
    if not isinstance(value, str) or pattern.fullmatch(value) is None:
        shown = value if isinstance(value, str) and len(value) <= 60 else f"{str(value)[:60]}..."
        raise ValueError(
            f"{field} {shown!r} is not allowed: use 1-128 letters, digits, '.', '_' or '-' "
            f"starting with a letter or digit (pattern {pattern.pattern})"
        )
    return value


def check_snapshot_id(value: str, field: str = "snapshot_id", *, optional: bool = False) -> str:
    """A snapshot id (:data:`SNAPSHOT_ID_RE`); empty is allowed only when ``optional``."""
    if optional and value == "":
        return value
    if value == "":
        raise ValueError(f"{field} is empty; name the snapshot (e.g. 'base' or 's12')")
    return check_id(value, field)


def check_package(value: str, field: str = "package") -> str:
    """An Android package name (``com.example.app``, :data:`PACKAGE_RE`)."""
    if not isinstance(value, str) or len(value) > 255 or PACKAGE_RE.fullmatch(value) is None:
        raise ValueError(
            f"{field} {str(value)[:60]!r} is not an Android package name "
            "(dot-separated Java identifiers, e.g. com.example.app)"
        )
    return value


def check_number(value: float, field: str, low: float, high: float, *, unit: str = "") -> float:
    """``value`` when finite and within ``[low, high]``; else ``ValueError`` naming the range."""
    if not isinstance(value, int | float) or not math.isfinite(value) or not low <= value <= high:
        raise ValueError(
            f"{field} {value!r} is out of range: give a finite number from {low:g} to "
            f"{high:g}{' ' + unit if unit else ''}"
        )
    return value


def check_text(value: str, field: str, limit: int) -> str:
    """A free text of at most ``limit`` characters without NUL (which no device can type)."""
    if len(value) > limit:
        raise ValueError(f"{field} has {len(value)} characters; at most {limit} are accepted")
    if "\x00" in value:
        raise ValueError(f"{field} contains a NUL character, which no device accepts")
    return value


def check_selector(selector: Selector, field: str = "target") -> Selector:
    """Selector strings bounded, bounds inside :data:`MAX_COORDINATE`."""
    for name in ("resource_id", "text", "content_desc", "class_name", "label"):
        check_text(getattr(selector, name), f"{field}.{name}", MAX_SELECTOR_CHARS)
    if selector.bounds is not None:
        for name in ("left", "top", "right", "bottom"):
            check_number(
                getattr(selector.bounds, name),
                f"{field}.bounds.{name}",
                -MAX_COORDINATE,
                MAX_COORDINATE,
                unit="pixels",
            )
    return selector


def check_action(action: Action, field: str = "action") -> Action:
    """An action's texts and coordinates within limits (kinds are checked by :class:`Action`)."""
    check_text(action.text, f"{field}.text", MAX_TEXT_CHARS)
    if action.target is not None:
        check_selector(action.target, f"{field}.target")
    return action


def check_hash(value: str, field: str = "expected_hash") -> str:
    """A structural hash: empty or up to 64 lower-case hex digits."""
    if HASH_RE.fullmatch(value) is None:
        raise ValueError(f"{field} {value[:60]!r} is not a structural hash (lower-case hex)")
    return value


def check_buffers(buffers: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Logcat buffer names from :data:`LOGCAT_BUFFERS`, at most :data:`MAX_BUFFERS`."""
    if len(buffers) > MAX_BUFFERS:
        raise ValueError(f"buffers lists {len(buffers)} names; at most {MAX_BUFFERS} are accepted")
    for name in buffers:
        if name not in LOGCAT_BUFFERS:
            raise ValueError(
                f"logcat buffer {name[:40]!r} is unknown; use {sorted(LOGCAT_BUFFERS)}"
            )
    return tuple(buffers)


def inside(base: Path, name: str) -> Path:
    """``base / name`` resolved, checked to lie inside ``base`` (also resolved).

    Raises ``ValueError`` when the result escapes ``base`` (``..``, an absolute name, a symlink
    pointing out). Use it for every file the agent builds from a request value.
    """
    root = base.resolve()
    path = (root / name).resolve()
    if path == root or not path.is_relative_to(root):
        raise ValueError(f"{name!r} resolves outside the agent's directory {root}; refused")
    return path


__all__ = [
    "APK_NAME_RE",
    "APP_NAME_RE",
    "BUG_ID_RE",
    "DEVICE_ID_RE",
    "MAX_CHUNK_BYTES",
    "MAX_LOGCAT_LINES",
    "MAX_PREFIX_ACTIONS",
    "MAX_SETTLE_S",
    "PACKAGE_RE",
    "SNAPSHOT_ID_RE",
    "VERSION_RE",
    "check_action",
    "check_buffers",
    "check_hash",
    "check_id",
    "check_number",
    "check_package",
    "check_snapshot_id",
    "inside",
]
