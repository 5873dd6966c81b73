"""The virtual device's logcat: ring buffers, a deterministic clock, and ``threadtime`` output.

Output matches ``adb logcat -v threadtime`` (compare ``markor_crash_threadtime.log`` in the shared
fixtures): ``MM-DD HH:MM:SS.mmm  PID  TID L Tag     : message``, PID and TID right-aligned in 5
columns, the tag left-aligned in 8, and ``--------- beginning of <buffer>`` printed before the first
line of each buffer in a read. A message with several lines becomes several log lines with the same
header, as Android's logger writes them.

Each line gets a sequence number from one counter shared by all buffers; that number is the
cursor callers pass back to read what came after. Timestamps come from :class:`VirtualClock`,
which only moves when the device says so, so the same actions give the same log.
"""

from __future__ import annotations

import bisect
import heapq
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

BUFFERS: tuple[str, ...] = ("main", "system", "crash", "events", "radio")
LEVELS = frozenset("VDIWEF")
_DEFAULT = ["main", "system", "crash"]
# Fixed start of virtual time, so snapshots and replays print the same timestamps.
EPOCH = datetime(2024, 5, 14, 9, 30, 0, tzinfo=UTC)


class VirtualClock:
    """Milliseconds since :data:`EPOCH`; moved only by :meth:`advance`."""

    def __init__(self, now_ms: int = 0) -> None:
        self.now_ms = int(now_ms)

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds`` (negative values are ignored)."""
        if seconds > 0:
            self.now_ms += int(round(seconds * 1000))

    def advance_ms(self, ms: int) -> None:
        if ms > 0:
            self.now_ms += int(ms)

    def datetime(self) -> datetime:
        return EPOCH + timedelta(milliseconds=self.now_ms)

    def threadtime_stamp(self, ms: int | None = None) -> str:
        """``"05-14 09:30:01.250"`` for ``ms`` (default: now)."""
        at = EPOCH + timedelta(milliseconds=self.now_ms if ms is None else ms)
        return at.strftime("%m-%d %H:%M:%S.") + f"{at.microsecond // 1000:03d}"

    def clock_text(self) -> str:
        """``"9:30"``, as the status bar shows it."""
        at = self.datetime()
        return f"{at.hour}:{at.minute:02d}"


@dataclass(frozen=True)
class LogLine:
    """One stored line: ``seq`` is its cursor, ``ms`` its virtual time."""

    seq: int
    buffer: str
    ms: int
    pid: int
    tid: int
    level: str
    tag: str
    message: str

    def threadtime(self, clock: VirtualClock) -> str:
        return (
            f"{clock.threadtime_stamp(self.ms)} {self.pid:5d} {self.tid:5d} "
            f"{self.level} {self.tag:<8}: {self.message}"
        )

    def to_list(self) -> list[Any]:
        return [
            self.seq,
            self.buffer,
            self.ms,
            self.pid,
            self.tid,
            self.level,
            self.tag,
            self.message,
        ]

    @classmethod
    def from_list(cls, row: list[Any]) -> LogLine:
        seq, buffer, ms, pid, tid, level, tag, message = row
        return cls(
            int(seq), str(buffer), int(ms), int(pid), int(tid), str(level), str(tag), str(message)
        )


class Logcat:
    """Ring buffers of log lines (``max_lines`` per buffer; oldest dropped first)."""

    def __init__(self, clock: VirtualClock, max_lines: int = 4000) -> None:
        self.clock = clock
        self.max_lines = max_lines
        self.last_seq = 0
        self._buffers: dict[str, list[LogLine]] = {b: [] for b in BUFFERS}

    @property
    def cursor(self) -> int:
        """The sequence number of the newest line (0 when nothing was ever written)."""
        return self.last_seq

    def write(self, buffer: str, pid: int, tid: int, level: str, tag: str, message: str) -> int:
        """Append a line (or one line per line of ``message``) stamped with the clock's time.

        Returns the cursor of the last line written. Raises ``ValueError`` for an unknown buffer
        or level (an engine bug, not an app's).
        """
        if buffer not in self._buffers:
            raise ValueError(f"unknown logcat buffer {buffer!r}; expected one of {BUFFERS}")
        if level not in LEVELS:
            raise ValueError(f"unknown log level {level!r}; expected one of V/D/I/W/E/F")
        lines = self._buffers[buffer]
        for part in str(message).split("\n"):
            self.last_seq += 1
            lines.append(
                LogLine(self.last_seq, buffer, self.clock.now_ms, pid, tid, level, tag, part)
            )
        if len(lines) > self.max_lines:
            del lines[: len(lines) - self.max_lines]
        return self.last_seq

    def read(
        self,
        cursor: int = 0,
        buffers: tuple[str, ...] = ("main", "system", "crash"),
        max_lines: int = 0,
    ) -> tuple[list[str], int]:
        """Lines with a sequence number above ``cursor`` from ``buffers``, oldest first, in
        threadtime format with ``--------- beginning of`` separators; and the cursor to continue
        from. ``max_lines`` (0 = all) limits log lines, not separators. Unknown buffer names are
        ignored, as ``logcat -b`` ignores buffers a device lacks; ``all`` and ``default`` (main,
        system, crash) name sets of buffers as ``logcat -b`` does."""
        picked: list[list[LogLine]] = []
        names: list[str] = []
        for name in buffers:  # logcat's own aliases for sets of buffers
            names += list(BUFFERS) if name == "all" else _DEFAULT if name == "default" else [name]
        for name in dict.fromkeys(names):
            lines = self._buffers.get(name)
            if not lines:
                continue
            start = bisect.bisect_right([ln.seq for ln in lines], cursor)
            if start < len(lines):
                picked.append(lines[start:])
        out: list[str] = []
        seen: set[str] = set()
        next_cursor = max(cursor, self.last_seq)
        last = cursor
        for count, line in enumerate(heapq.merge(*picked, key=lambda ln: ln.seq)):
            if max_lines and count >= max_lines:
                next_cursor = last
                break
            if line.buffer not in seen:
                seen.add(line.buffer)
                out.append(f"--------- beginning of {line.buffer}")
            out.append(line.threadtime(self.clock))
            last = line.seq
        return out, next_cursor

    def clear(self, buffers: tuple[str, ...] = ("main", "system", "crash")) -> None:
        """Drop every stored line of ``buffers`` (``logcat -c``; ``all`` and ``default`` as in
        :meth:`read`). The sequence counter keeps counting: cursors handed out stay valid."""
        for name in buffers:
            for b in list(BUFFERS) if name == "all" else _DEFAULT if name == "default" else [name]:
                if b in self._buffers:
                    self._buffers[b] = []

    def lines(self, buffer: str) -> list[LogLine]:
        """The stored lines of one buffer (a copy)."""
        return list(self._buffers.get(buffer, []))

    def to_json(self) -> dict[str, Any]:
        return {
            "last_seq": self.last_seq,
            "buffers": {b: [ln.to_list() for ln in lines] for b, lines in self._buffers.items()},
        }

    def load_json(self, data: dict[str, Any]) -> None:
        """Replace the contents with :meth:`to_json` output."""
        self.last_seq = int(data.get("last_seq", 0))
        self._buffers = {b: [] for b in BUFFERS}
        for name, rows in dict(data.get("buffers", {})).items():
            self._buffers[name] = [LogLine.from_list(r) for r in rows]
