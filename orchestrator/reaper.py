"""``python -m orchestrator.reaper PID``: when process PID dies, however it dies (SIGKILL
included), kill every process it started that is still running.

Why: a command that starts an embedded Ray gets Ray's own fate sharing for the processes it
starts directly (``PR_SET_PDEATHSIG``), but the raylet's helpers (``ray::DashboardAgent``,
``ray::RuntimeEnvAgent``) first try to report the raylet's death to the dead GCS and linger for
a minute; a restarted sweep would find them beside it. Linux only (it reads ``/proc``); elsewhere
:func:`start` does nothing.

How: every :data:`POLL_S` seconds the reaper adds the watched process's descendants, with their
start times, to its record (a record is never replaced by a later scan: a scan that runs while
the watched process dies finds its children already reparented, and would erase what must be
killed). Once the watched process is gone (this process's parent changed), for up to
:data:`REAP_S` seconds and until a pass finds nothing, it SIGKILLs: the recorded processes that
still run with the same start time (a recycled pid belongs to someone else); the orphans Ray
marked as started by one of the recorded raylets (``RAY_RAYLET_PID``); and every process with a
file open in one of the recorded Ray session directories (``/tmp/ray/session_<time>_<pid>``,
named by the recorded Ray processes' command lines): Ray's helpers retitle themselves
(``ray::RuntimeEnvAgent``) but keep their logs open there. Then it waits for them to be gone.
Ctrl-C reaches the reaper too (same process group): it ignores it and keeps watching, so a
clean shutdown is never cut short.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

POLL_S = 1.0
# How long the reaper keeps killing after the watched process died (a test checks 10 s later).
REAP_S = 5.0
# A Ray session directory: ``<temp dir>/session_<date>_<time>_<microseconds>_<pid>``.
_SESSION_DIR = re.compile(r"/[^\s=,'\"]*/session_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_\d+_\d+")


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


def _cmdline(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return ""
    return raw.replace(b"\0", b" ").decode(errors="replace")


def _session_dirs(pids: Iterable[int]) -> set[str]:
    """The Ray session directories named in the command lines of ``pids``."""
    return {m.group(0) for pid in pids for m in _SESSION_DIR.finditer(_cmdline(pid))}


def _ray_package() -> str:
    """Where the ``ray`` package lives (its processes run programs from there), without
    importing it; ``""`` when it is not installed."""
    with contextlib.suppress(ImportError, ValueError):
        spec = importlib.util.find_spec("ray")
        if spec is not None and spec.submodule_search_locations:
            return str(list(spec.submodule_search_locations)[0]) + "/"
    return ""


def _of_session(pid: int, sessions: set[str], ray_package: str) -> bool:
    """Whether ``pid`` is a Ray process (retitled ``ray::…`` or running a program of the ray
    package) of one of ``sessions``: named in its command line or holding a file there open.
    Anything else (a user's ``tail -f`` of a Ray log) is never matched."""
    cmdline = _cmdline(pid)
    if not (cmdline.startswith("ray::") or (ray_package and ray_package in cmdline)):
        return False
    if any(session + "/" in cmdline or cmdline.endswith(session) for session in sessions):
        return True
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    for fd in fds:
        with contextlib.suppress(OSError):
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
            if any(target.startswith(session + "/") for session in sessions):
                return True
    return False


def leftovers(seen: dict[int, int], sessions: set[str], me: int) -> set[int]:
    """What a dead watched process left running (pids): the recorded processes ``seen``
    (``{pid: start_time}``) still alive with the same start time, orphans started by a recorded
    raylet (``RAY_RAYLET_PID``), and Ray processes of the recorded ``sessions``; never ``me``."""
    found = {p for p, t in seen.items() if (stat := _stat(p)) and stat[1] == t and stat[2] != "Z"}
    ray_package = _ray_package()
    for entry in os.listdir("/proc"):
        pid = int(entry) if entry.isdigit() else 0
        stat = _stat(pid) if pid and pid != me and pid not in found else None
        if stat is None or stat[2] == "Z":
            continue
        # An orphan (reparented to init or a subreaper) whose raylet we recorded.
        if (stat[0] not in seen and _raylet_of(pid) in seen) or (
            sessions and _of_session(pid, sessions, ray_package)
        ):
            found.add(pid)
    return found


def watch(parent: int) -> None:
    """Block until ``parent`` (this process's parent) is gone, then kill what it left
    (:func:`leftovers`) until none is left or :data:`REAP_S` has passed."""
    me = os.getpid()
    seen: dict[int, int] = {}
    while os.getppid() == parent:
        # Keep the record (a scan racing the parent's death finds nothing); drop only the
        # processes that ended, so that their pids, once recycled, are never killed.
        seen = {p: t for p, t in seen.items() if (stat := _stat(p)) and stat[1] == t}
        seen.update((p, t) for p, t in descendants(parent).items() if p != me)
        time.sleep(POLL_S)
    sessions = _session_dirs(seen)
    deadline = time.monotonic() + REAP_S
    while time.monotonic() < deadline:
        left = leftovers(seen, sessions, me)
        if not left:
            return
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)  # a raylet that was starting a helper: the next pass catches it


def ray_sessions(root: int) -> set[str]:
    """The Ray session directories named in the command lines of ``root``'s descendants."""
    return _session_dirs(descendants(root))


def end_ray_sessions(root: int, keep: Iterable[str] = ()) -> int:
    """SIGKILL the Ray processes (:func:`_of_session`) of every Ray session of ``root``
    (:func:`ray_sessions`) but those in ``keep``, and wait (up to :data:`REAP_S`) until they are
    gone; returns how many were killed. For an embedded Ray that failed to start:
    ``ray.shutdown()`` leaves its GCS, autoscaler monitor and log monitor running."""
    sessions = ray_sessions(root) - set(keep)
    killed: set[int] = set()
    deadline = time.monotonic() + REAP_S
    while sessions and time.monotonic() < deadline:
        left = leftovers({}, sessions, os.getpid())
        if not left:
            break
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        killed |= left
        time.sleep(0.2)
    return len(killed)


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
