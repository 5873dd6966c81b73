"""Start a farm of local virtual device agents, one process each, and stop them reliably.

::

    with LocalAgentFarm(4, "AmazeFileManager", profile="emulator-grpc", time_scale=0.01) as farm:
        pool = DevicePool(farm.addresses)

Each agent is ``python -m device_agent serve --backend virtual ... --port 0 --port-file F``: it
picks a free port and writes it to ``F``; the farm waits for every port file and then for the
agent's health service to say SERVING. Agents' stdout and stderr go to ``<log_dir>/agent-<i>.log``.
Agents are stopped on exit from the ``with`` block (Ctrl-C included) and at interpreter exit:
SIGTERM, then SIGKILL after a grace period; when this process dies without stopping them (SIGKILL
included), each agent notices its parent is gone (``--parent-pid``) and stops itself. A token is
handed over in an environment variable, never on the command line (``ps`` shows command lines).
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import time
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
    the seconds allowed for all agents to become healthy. After :meth:`start` (or entering the
    ``with`` block): ``addresses`` (``"127.0.0.1:port"`` per agent, in order), ``pids``,
    ``log_dir`` and ``log_paths``. Logs go to ``log_dir`` when given (kept); otherwise to a
    temporary directory that is removed on a clean stop and kept when startup fails.

    Raises :class:`AgentStartupError` (naming the failing agent and the tail of its log) when an
    agent exits or is not healthy in time; the agents already started are stopped.
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
    ) -> None:
        if n < 1:
            raise ValueError(f"a farm needs at least one agent, got n={n}")
        self.n = n
        self.app = app
        self.app_dir = str(app_dir) if app_dir else ""
        self.version = version
        self.profile = profile
        self.time_scale = time_scale
        self.token = token
        self.startup_timeout = startup_timeout
        self.host = host
        self.addresses: list[str] = []
        self.log_dir: Path | None = Path(log_dir) if log_dir else None
        self._own_log_dir = log_dir is None
        self._failed = False
        self.log_paths: list[Path] = []
        self._procs: list[subprocess.Popen[bytes]] = []
        self._logs: list[IO[bytes]] = []

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
        env = dict(os.environ)
        env["PYTHONUNBUFFERED"] = "1"
        # Make the package importable even from a checkout that is not installed.
        package_root = str(Path(__file__).resolve().parents[1])
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (package_root, env.get("PYTHONPATH", "")) if p
        )
        if self.token:
            env[TOKEN_ENV] = self.token
        atexit.register(self.stop)
        port_files = []
        try:
            for i in range(self.n):
                port_file = self.log_dir / f"agent-{i}.port"
                log_path = self.log_dir / f"agent-{i}.log"
                log_file = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
                self._logs.append(log_file)
                self.log_paths.append(log_path)
                port_files.append(port_file)
                self._procs.append(
                    subprocess.Popen(
                        self._command(i, port_file),
                        stdin=subprocess.DEVNULL,
                        stdout=log_file,
                        stderr=subprocess.STDOUT,
                        env=env,
                    )
                )
            deadline = time.monotonic() + self.startup_timeout
            for i, port_file in enumerate(port_files):
                port = self._wait_port(i, port_file, deadline)
                self.addresses.append(f"{self.host}:{port}")
            for i, address in enumerate(self.addresses):
                self._wait_healthy(i, address, deadline)
        except BaseException:
            self._failed = True  # keep the logs: the error message points at them
            self.stop()
            raise

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

        with AgentClient(address, token=self.token) as client:
            try:
                client.wait_ready(max(deadline - time.monotonic(), 0.1))
            except AgentUnavailableError as exc:
                code = self._procs[i].poll()
                state = f"exited with status {code}" if code is not None else "is running"
                raise self._failure(i, f"at {address} {state} but is not healthy: {exc}") from exc

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
