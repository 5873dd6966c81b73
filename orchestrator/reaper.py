"""``python -m orchestrator.reaper PID``: when process PID dies, however it dies (SIGKILL
included), kill every process it started that is still running.

Why: a command that starts an embedded Ray gets Ray's own fate sharing for the processes it
starts directly (``PR_SET_PDEATHSIG``), but the raylet's helpers (``ray::DashboardAgent``,
``ray::RuntimeEnvAgent``) first try to report the raylet's death to the dead GCS and linger for
a minute; a restarted sweep would find them beside it. Linux only (it reads ``/proc``); elsewhere
:func:`start` does nothing.

How: every :data:`POLL_S` seconds the reaper records the watched process's descendants with
their start times; once the watched process is gone (this process's parent changed), it SIGKILLs
those recorded processes that still run with the same start time (a recycled pid belongs to
someone else), and the orphans Ray marked as started by one of the recorded raylets
(``RAY_RAYLET_PID``), then exits. Ctrl-C reaches the reaper too (same process group): it ignores
it and keeps watching, so a clean shutdown is never cut short.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

POLL_S = 1.0


def _stat(pid: int) -> tuple[int, int, str] | None:
    """``(ppid, start_time_ticks, state)`` of ``pid`` from ``/proc``, or None when gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1]), int(fields[19]), fields[0]


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not: it is dead, waiting to be reaped)."""
    stat = _stat(pid)
    return stat is not None and stat[2] != "Z"


def descendants(root: int) -> dict[int, int]:
    """``{pid: start_time}`` of every live descendant of ``root`` (a /proc scan)."""
    children: dict[int, list[int]] = {}
    starts: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat is not None and stat[2] != "Z":
                children.setdefault(stat[0], []).append(int(entry))
                starts[int(entry)] = stat[1]
    found: dict[int, int] = {}
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found[child] = starts[child]
            todo.append(child)
    return found


def _raylet_of(pid: int) -> int:
    """The ``RAY_RAYLET_PID`` a Ray worker or agent was started with (0: none)."""
    try:
        environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError:
        return 0
    for entry in environ:
        if entry.startswith(b"RAY_RAYLET_PID="):
            value = entry.partition(b"=")[2]
            return int(value) if value.isdigit() else 0
    return 0


def watch(parent: int) -> None:
    """Block until ``parent`` (this process's parent) is gone, then kill what it left: the
    descendants last recorded, and orphans of their raylets (Ray marks its workers and agents
    with ``RAY_RAYLET_PID``; a raylet may have started one after the last record)."""
    import time

    me = os.getpid()
    seen: dict[int, int] = {}
    while os.getppid() == parent:
        seen = {p: t for p, t in descendants(parent).items() if p != me}
        time.sleep(POLL_S)
    for _ in range(3):  # a raylet that was starting an agent: catch it too
        for pid, started in seen.items():
            stat = _stat(pid)
            if stat is not None and stat[1] == started and stat[2] != "Z":
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        for entry in os.listdir("/proc"):
            pid = int(entry) if entry.isdigit() else 0
            stat = _stat(pid) if pid and pid not in seen and pid != me else None
            # Only orphans (reparented to init or a subreaper) whose raylet we recorded.
            orphan = stat is not None and stat[2] != "Z" and stat[0] not in seen
            if orphan and _raylet_of(pid) in seen:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        time.sleep(POLL_S)


def start() -> subprocess.Popen[bytes] | None:
    """Start a reaper for this process (see the module docstring); None where /proc is absent."""
    if not sys.platform.startswith("linux"):
        return None
    return subprocess.Popen(
        [sys.executable, "-m", "orchestrator.reaper", str(os.getpid())],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
    )


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch(int(sys.argv[1]))
