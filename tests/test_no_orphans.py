"""No orphans: a ``reprofarm sweep`` killed with SIGKILL (no handler runs, no ``finally``) leaves
none of its device agents or Ray processes alive 10 s later. The agents watch their parent
(``agent serve --parent-pid``); the embedded Ray's processes share the driver's fate (Ray's own
``PR_SET_PDEATHSIG``, and ``orchestrator/reaper.py`` for the raylet's helpers, which linger)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from orchestrator.reaper import alive, descendants
from tests.conftest import REPO

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the process tree from /proc"
)


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _session(sid: int) -> list[int]:
    """Live processes of session ``sid`` (the sweep was started as its leader)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and alive(int(entry)):
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[3]) == sid:  # fields: state ppid pgrp session ...
                    found.append(int(entry))
    return found


def test_sigkill_of_a_sweep_leaves_no_agent_or_ray_process(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    log = tmp_path / "sweep.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "orchestrator.cli", "sweep", "OpenCalc#532", "screenrecorder#25"]
        + ["--out", str(tmp_path / "out"), "--devices", "2", "--no-progress"]
        + ["--profile", "emulator-grpc", "--time-scale", "0.5"],  # still busy when killed
        cwd=REPO,
        env={**env, "PYTHONPATH": str(REPO)},
        stdout=subprocess.DEVNULL,
        stderr=log.open("wb"),
        start_new_session=True,
    )
    seen: dict[int, str] = {}
    try:
        deadline = time.monotonic() + 300
        while True:
            assert proc.poll() is None, f"the sweep ended before the kill: {log.read_text()}"
            assert time.monotonic() < deadline, f"the farm did not start: {seen}"
            seen.update({p: _cmdline(p) for p in descendants(proc.pid) if p not in seen})
            agents = [p for p, c in seen.items() if "device_agent" in c]
            workers = [p for p in descendants(proc.pid) if "DeviceWorker" in _cmdline(p)]
            if len(agents) == 2 and any("raylet" in c for c in seen.values()) and workers:
                break
            time.sleep(0.2)
        seen.update({p: _cmdline(p) for p in descendants(proc.pid) if p not in seen})
        os.kill(proc.pid, signal.SIGKILL)  # the driver alone, as the OOM killer would
        proc.wait(timeout=10)
        # Nothing of the sweep may be alive 10 s after the kill: checked until then, and done
        # as soon as nothing is (a process gone cannot start another: its parents died first).
        deadline = time.monotonic() + 10
        while (left := {p: _cmdline(p) for p in _ours(seen, proc.pid)}) and (
            time.monotonic() < deadline
        ):
            time.sleep(0.2)
        assert not left, f"alive 10 s after SIGKILL of the sweep: {left}"
    finally:
        for pid in _ours(seen, proc.pid):  # never leak into other tests
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def _ours(seen: dict[int, str], sid: int) -> set[int]:
    """The sweep's processes still alive: its session's, and those seen in its process tree
    whose command line is unchanged (a recycled pid belongs to someone else)."""
    same = {p for p, cmd in seen.items() if alive(p) and _cmdline(p) == cmd}
    return same | set(_session(sid))


def test_local_agents_stop_when_their_launcher_is_killed(tmp_path: Path) -> None:
    """The agents' half on its own (no Ray): SIGKILL the process that launched them."""
    launcher = (
        "import sys, time\n"
        "from device_agent.launcher import LocalAgentFarm\n"
        "farm = LocalAgentFarm(2, 'OpenCalc')\n"
        "farm.start()\n"
        "print(*farm.pids, flush=True)\n"
        "time.sleep(600)\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", launcher],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        agents = {int(p): _cmdline(int(p)) for p in proc.stdout.readline().split()}
        assert len(agents) == 2 and all(alive(p) for p in agents)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        deadline = time.monotonic() + 10
        while _ours(agents, proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _ours(agents, proc.pid), "agents outlived their launcher by 10 s"
    finally:
        for pid in _ours(agents if "agents" in locals() else {}, proc.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_reaper_kills_the_ray_helpers_of_its_session_it_never_saw_start(tmp_path: Path) -> None:
    """``orchestrator/reaper.py`` on its own: SIGKILL a launcher whose reaper recorded a "GCS"
    naming a Ray session directory in its command line; a Ray helper of that session that the
    reaper never saw (started elsewhere, retitled: only a log file open in the session says
    whose it is) dies with it, and so does the recorded process."""
    from orchestrator.reaper import _ray_package

    if not _ray_package():
        pytest.skip("ray is not installed")
    session = tmp_path / "session_2026-12-01_17-00-08_000001_42"
    (session / "logs").mkdir(parents=True)
    launcher = (
        "import subprocess, sys, time\n"
        "from orchestrator import reaper\n"
        "reaper.start()\n"
        "gcs = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)',"
        f" '--log_dir={session}/logs'])\n"
        "time.sleep(4)\n"  # the reaper has started and recorded it (it scans every second)
        "print(gcs.pid, flush=True)\n"
        "time.sleep(600)\n"
    )
    helper_code = (
        "import os, time\n"
        "log = open(os.environ['HELPER_LOG'], 'w')\n"
        "print('ready', flush=True)\n"
        "time.sleep(600)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen(
        [sys.executable, "-c", launcher],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    helper = subprocess.Popen(
        [sys.executable, "-c", helper_code, _ray_package() + "runtime_env/agent/main.py"],
        env={**env, "HELPER_LOG": str(session / "logs" / "runtime_env_agent.log")},
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None and helper.stdout is not None
        gcs = int(proc.stdout.readline())
        assert helper.stdout.readline().strip() == "ready" and alive(gcs)
        recorded = {gcs: _cmdline(gcs)}
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        helper.wait(timeout=10)  # raises TimeoutExpired when the reaper missed it
        deadline = time.monotonic() + 10
        while _ours(recorded, proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _ours(recorded, proc.pid), "the recorded process outlived its launcher"
    finally:
        if helper.poll() is None:
            helper.kill()
            helper.wait(timeout=10)
        for pid in _ours(recorded if "recorded" in locals() else {}, proc.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_a_failed_ray_start_is_ended_without_touching_other_sessions(tmp_path: Path) -> None:
    """``reaper.end_ray_sessions`` (after an embedded Ray's failed start) kills the Ray processes
    of sessions that appeared since ``keep`` was taken, and leaves the older session alone."""
    from orchestrator.reaper import _ray_package, end_ray_sessions, ray_sessions

    if not _ray_package():
        pytest.skip("ray is not installed")

    def fake_gcs(session: str) -> subprocess.Popen[bytes]:
        (tmp_path / session / "logs").mkdir(parents=True)
        code = "import time; time.sleep(600)"
        log_dir = f"--log_dir={tmp_path / session}/logs"
        return subprocess.Popen([sys.executable, "-c", code, _ray_package() + "gcs", log_dir])

    older_session = "session_2026-12-01_17-00-08_000001_1"
    older = fake_gcs(older_session)
    try:
        deadline = time.monotonic() + 10
        while str(tmp_path / older_session) not in ray_sessions(os.getpid()):
            assert time.monotonic() < deadline, "the older session never showed"
            time.sleep(0.1)
        keep = ray_sessions(os.getpid())
        failed_session = "session_2026-12-01_17-01-08_000002_2"
        failed = fake_gcs(failed_session)
        try:
            # A process just spawned shows an empty command line until it has exec'd: wait for
            # it, or end_ray_sessions can run before there is anything to end (a CI race).
            deadline = time.monotonic() + 10
            while str(tmp_path / failed_session) not in ray_sessions(os.getpid()):
                assert time.monotonic() < deadline, "the failed session never showed"
                time.sleep(0.1)
            assert end_ray_sessions(os.getpid(), keep=keep) == 1
            assert failed.wait(timeout=10) == -signal.SIGKILL
            assert older.poll() is None, "a session in keep was ended"
        finally:
            failed.kill()
            failed.wait()
    finally:
        older.kill()
        older.wait()
