"""Start a farm of local virtual device agents, one process each, and stop them reliably.

::

    with LocalAgentFarm(4, "AmazeFileManager", profile="emulator-grpc", time_scale=0.01) as farm:
        pool = DevicePool(farm.addresses)

Each agent is ``python -m device_agent serve --backend virtual ... --port 0 --port-file F``: it
picks a free port and writes it to ``F``; the farm waits for every port file and then for the
agent's health service to say SERVING. Agents' stdout and stderr go to ``<log_dir>/agent-<i>.log``.
Agents are stopped on exit from the ``with`` block (Ctrl-C included) and at interpreter exit:
SIGTERM, then SIGKILL after a grace period; when this process dies without stopping them (SIGKILL
included), each agent notices its parent is gone (``--parent-pid``) and stops itself. With
``min_agents`` below ``n``, an agent that dies or never gets healthy while the farm starts costs
that one device: it is stopped, named in ``failures``, and the farm runs with the others. A token
is handed over in an environment variable, never on the command line (``ps`` shows command
lines).
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

from device_agent.errors import AgentStartupError, AgentUnavailableError

TOKEN_ENV = "REPROFARM_AGENT_TOKEN"
STOP_GRACE_S = 5.0
_TAIL_LINES = 20


def _tail(path: Path, lines: int = _TAIL_LINES) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.strip().splitlines()[-lines:]) or "(empty log)"


class LocalAgentFarm:
    """``n`` device agents for ``app`` on loopback, as separate processes.

    ``app_dir``/``version``/``profile``/``time_scale`` are passed to every agent
    (``agent serve`` options); ``token`` makes every agent require it. ``startup_timeout`` is
    the seconds allowed for all agents to become healthy. ``min_agents`` (default: ``n``) is
    how many must become healthy for the farm to start. After :meth:`start` (or entering the
    ``with`` block): ``addresses`` (``"127.0.0.1:port"`` per healthy agent, in order),
    ``indices`` (the agent number of each address), ``failures`` (agent number → message, for
    each agent lost at start, naming it and the tail of its log), ``pids``, ``log_dir`` and
    ``log_paths``; ``on_ready(k)`` is called as the k-th agent turns healthy (progress
    displays). Logs go to ``log_dir`` when given (kept); otherwise to a temporary directory that
    is removed on a clean stop and kept when an agent failed. A running farm can grow:
    :meth:`add_agent` starts one more agent (a replacement for a lost device, decision 0046).

    Raises :class:`AgentStartupError` (naming the failing agent and the tail of its log) when
    fewer than ``min_agents`` agents can become healthy in time; all agents are then stopped.
    """

    def __init__(
        self,
        n: int,
        app: str,
        *,
        app_dir: str | os.PathLike[str] | None = None,
        version: str = "",
        profile: str = "instant",
        time_scale: float = 1.0,
        token: str | None = None,
        startup_timeout: float = 60.0,
        host: str = "127.0.0.1",
        log_dir: str | os.PathLike[str] | None = None,
        min_agents: int | None = None,
        on_ready: Callable[[int], None] | None = None,
    ) -> None:
        if n < 1:
            raise ValueError(f"a farm needs at least one agent, got n={n}")
        self.min_agents = n if min_agents is None else min_agents
        if not 1 <= self.min_agents <= n:
            raise ValueError(f"min_agents must be between 1 and n={n}, got {min_agents}")
        self.n = n
        self.app = app
        self.app_dir = str(app_dir) if app_dir else ""
        self.version = version
        self.profile = profile
        self.time_scale = time_scale
        self.token = token
        self.startup_timeout = startup_timeout
        self.host = host
        self.on_ready = on_ready  # called with the number of healthy agents as each comes up
        self.addresses: list[str] = []
        self.indices: list[int] = []
        self.failures: dict[int, str] = {}
        self.log_dir: Path | None = Path(log_dir) if log_dir else None
        self._own_log_dir = log_dir is None
        self._failed = False
        self.log_paths: list[Path] = []
        self._procs: list[subprocess.Popen[bytes]] = []
        self._logs: list[IO[bytes]] = []
        self._lock = threading.Lock()  # add_agent from other threads
        self._stopped = False

    # -- lifecycle --------------------------------------------------------------------------
    def __enter__(self) -> LocalAgentFarm:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self._procs]

    def _command(self, i: int, port_file: Path) -> list[str]:
        cmd = [
            sys.executable,
            "-m",
            "device_agent",
            "serve",
            "--backend",
            "virtual",
            "--app",
            self.app,
            "--profile",
            self.profile,
            "--time-scale",
            repr(self.time_scale),
            "--host",
            self.host,
            "--port",
            "0",
            "--port-file",
            str(port_file),
            "--device-id",
            f"local-{i}",
            "--parent-pid",  # the agent stops when we die, even by SIGKILL: no orphans
            str(os.getpid()),
        ]
        if self.app_dir:
            cmd += ["--app-dir", self.app_dir]
        if self.version:
            cmd += ["--version", self.version]
        if self.token:
            cmd += ["--token-env", TOKEN_ENV]
        return cmd

    def start(self) -> None:
        """Start the agents and wait until all are healthy (see the class docstring)."""
        if self._procs:
            raise RuntimeError("this farm is already started")
        if self.log_dir is None:
            self.log_dir = Path(tempfile.mkdtemp(prefix="reprofarm-agents-"))
        else:
            self.log_dir.mkdir(parents=True, exist_ok=True)
        atexit.register(self.stop)
        port_files = []
        try:
            for i in range(self.n):
                port_files.append(self._spawn(i))
            deadline = time.monotonic() + self.startup_timeout
            listening: list[tuple[int, str]] = []
            for i, port_file in enumerate(port_files):
                try:
                    listening.append((i, f"{self.host}:{self._wait_port(i, port_file, deadline)}"))
                except AgentStartupError as exc:
                    self._lose(i, exc)
            for i, address in listening:
                try:
                    self._wait_healthy(i, address, deadline)
                except AgentStartupError as exc:
                    self._lose(i, exc)
                    continue
                self.addresses.append(address)
                self.indices.append(i)
                if self.on_ready is not None:
                    self.on_ready(len(self.addresses))
        except BaseException:
            self._failed = True  # keep the logs: the error message points at them
            self.stop()
            raise

    def add_agent(self) -> str:
        """Start one more agent like the others (the next agent number, ``local-<i>``) and wait
        up to ``startup_timeout`` seconds for it to be healthy: a replacement for a device that
        was lost mid-run (decision 0046). Returns its address, also appended to ``addresses``
        (its number to ``indices``, its process to ``pids``). Raises :class:`AgentStartupError`
        (naming it and the tail of its log; the process is stopped) when it does not become
        healthy in time, :class:`RuntimeError` when the farm is not started or is stopped.
        Thread-safe: another thread may add agents, or read the lists, meanwhile."""
        with self._lock:
            if not self._procs or self._stopped:
                raise RuntimeError("this farm is not running: start it before adding agents")
            i = len(self._procs)
            port_file = self._spawn(i)
        deadline = time.monotonic() + self.startup_timeout
        try:
            address = f"{self.host}:{self._wait_port(i, port_file, deadline)}"
            self._wait_healthy(i, address, deadline)
        except AgentStartupError:
            self._failed = True  # keep the logs: the error message points at them
            self.kill(i)
            raise
        with self._lock:
            self.addresses.append(address)
            self.indices.append(i)
        return address

    def _spawn(self, i: int) -> Path:
        """Start agent process ``i`` (its log ``agent-<i>.log``); returns the port file it will
        write."""
        assert self.log_dir is not None
        env = dict(os.environ)
        env["PYTHONUNBUFFERED"] = "1"
        # Make the package importable even from a checkout that is not installed.
        package_root = str(Path(__file__).resolve().parents[1])
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (package_root, env.get("PYTHONPATH", "")) if p
        )
        if self.token:
            env[TOKEN_ENV] = self.token
        port_file = self.log_dir / f"agent-{i}.port"
        log_path = self.log_dir / f"agent-{i}.log"
        log_file = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
        self._logs.append(log_file)
        self.log_paths.append(log_path)
        self._procs.append(
            subprocess.Popen(
                self._command(i, port_file),
                stdin=subprocess.DEVNULL,
                stdout=log_file,
                stderr=subprocess.STDOUT,
                env=env,
                # Own session: a terminal's Ctrl-C goes to the driver, which stops the agents
                # itself; agents sharing its process group died first, and the run ended as
                # "devices lost" instead of "interrupted" (--parent-pid still ends them if the
                # driver dies).
                start_new_session=True,
            )
        )
        return port_file

    def _lose(self, i: int, exc: AgentStartupError) -> None:
        """Agent ``i`` failed to start: stop it and go on without it, or raise ``exc`` when the
        farm can no longer reach ``min_agents``."""
        self._failed = True  # keep the logs: the failure message points at them
        self.failures[i] = str(exc)
        if self.n - len(self.failures) < self.min_agents:
            if len(self.failures) > 1:
                raise AgentStartupError(
                    f"only {self.n - len(self.failures)} of {self.n} local device agents "
                    f"started (at least {self.min_agents} needed); the last failure: {exc}"
                ) from exc
            raise exc
        proc = self._procs[i]
        if proc.poll() is None:
            proc.kill()
            proc.wait()

    def _failure(self, i: int, what: str) -> AgentStartupError:
        log_path = self.log_paths[i]
        return AgentStartupError(
            f"local device agent {i} (pid {self._procs[i].pid}) {what}; the end of its log "
            f"{log_path}:\n{_tail(log_path)}"
        )

    def _wait_port(self, i: int, port_file: Path, deadline: float) -> int:
        proc = self._procs[i]
        while True:
            if port_file.is_file():
                text = port_file.read_text(encoding="utf-8").strip()
                if text.isdigit():
                    return int(text)
            code = proc.poll()
            if code is not None:
                raise self._failure(i, f"exited with status {code} before listening")
            if time.monotonic() > deadline:
                raise self._failure(i, f"did not start listening within {self.startup_timeout:g} s")
            time.sleep(0.05)

    def _wait_healthy(self, i: int, address: str, deadline: float) -> None:
        from device_agent.client import AgentClient

        # Wait in one-second slices and look at the process between them: an agent that died
        # after writing its port file fails at once instead of after the whole start-up timeout.
        with AgentClient(address, token=self.token) as client:
            while True:
                try:
                    client.wait_ready(min(max(deadline - time.monotonic(), 0.1), 1.0))
                    return
                except AgentUnavailableError as exc:
                    code = self._procs[i].poll()
                    if code is None and time.monotonic() < deadline:
                        continue
                    state = (
                        f"exited with status {code}"
                        if code is not None
                        else f"is running but not healthy after {self.startup_timeout:g} s"
                    )
                    raise self._failure(i, f"at {address} {state}: {exc}") from exc

    def kill(self, i: int) -> None:
        """Kill agent ``i`` at once (SIGKILL), as a device dying mid-run would."""
        proc = self._procs[i]
        if proc.poll() is None:
            proc.kill()
        proc.wait()

    @property
    def returncodes(self) -> list[int | None]:
        """Each agent's exit status (``None`` while running; 0 after a clean shutdown)."""
        return [p.poll() for p in self._procs]

    def alive(self) -> list[bool]:
        """Whether each agent process is still running."""
        return [p.poll() is None for p in self._procs]

    def stop(self, grace: float = STOP_GRACE_S) -> None:
        """Stop every agent: SIGTERM, then SIGKILL those still alive after ``grace`` seconds.
        Safe to call more than once."""
        with self._lock:
            self._stopped = True  # add_agent starts no more
        for proc in self._procs:
            if proc.poll() is None:
                proc.terminate()
        deadline = time.monotonic() + grace
        for proc in self._procs:
            try:
                proc.wait(timeout=max(deadline - time.monotonic(), 0.0))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for log_file in self._logs:
            log_file.close()
        self._logs.clear()
        atexit.unregister(self.stop)
        if self._own_log_dir and not self._failed and self.log_dir is not None:
            shutil.rmtree(self.log_dir, ignore_errors=True)
