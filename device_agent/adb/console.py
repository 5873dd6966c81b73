"""A client for the Android emulator console (what ``adb emu ...`` talks to).

The console listens on the emulator's even port N (``emulator-N``), greets with lines ending in
``OK``, and, since emulator 27, asks for the token in ``~/.emulator_console_auth_token``
(``auth <token>``). Every command's answer ends with a line ``OK`` or ``KO: <reason>``
(developer.android.com/studio/run/emulator-console).
"""

from __future__ import annotations

import contextlib
import socket
import threading
from pathlib import Path

from device_agent.errors import DeadlineError, DeviceError

DEFAULT_TOKEN_FILE = Path.home() / ".emulator_console_auth_token"


class ConsoleError(DeviceError):
    """The console answered ``KO: ...`` (the message is the console's reason)."""


class EmulatorConsole:
    """One authenticated console connection to ``host:port``; reconnects when it drops.

    ``token_file`` defaults to ``~/.emulator_console_auth_token`` (read only when the console asks
    for authentication). ``timeout_s`` bounds each answer. Thread-safe (one command at a time).
    """

    def __init__(
        self,
        host: str,
        port: int,
        token_file: Path | None = None,
        timeout_s: float = 60.0,
    ) -> None:
        self.host = host
        self.port = port
        self.token_file = token_file or DEFAULT_TOKEN_FILE
        self.timeout_s = timeout_s
        self._sock: socket.socket | None = None
        self._buf = b""
        self._lock = threading.Lock()

    # -- connection ------------------------------------------------------------------------------
    def _connect(self) -> None:
        try:
            self._sock = socket.create_connection((self.host, self.port), timeout=self.timeout_s)
        except OSError as exc:
            raise DeviceError(
                f"no emulator console at {self.host}:{self.port} ({exc}); is the emulator "
                "running, and is this its serial (emulator-<console port>)?"
            ) from exc
        self._buf = b""
        greeting = self._read_answer()
        if "Authentication required" in greeting:
            try:
                token = self.token_file.read_text(encoding="utf-8").strip()
            except OSError as exc:
                raise DeviceError(
                    f"the emulator console at {self.host}:{self.port} asks for its auth token, "
                    f"but {self.token_file} cannot be read ({exc}); run the agent as the user "
                    "that started the emulator, or pass --console-token-file"
                ) from exc
            self._send(f"auth {token}")
            self._read_answer()

    def close(self) -> None:
        with self._lock:
            if self._sock is not None:
                with contextlib.suppress(OSError):
                    self._sock.sendall(b"quit\r\n")
                self._sock.close()
                self._sock = None

    def _send(self, line: str) -> None:
        assert self._sock is not None
        self._sock.sendall(line.encode() + b"\r\n")

    def _read_answer(self, timeout_s: float | None = None) -> str:
        """Lines up to ``OK`` (returned without it) or ``KO:`` (raised as :class:`ConsoleError`)."""
        assert self._sock is not None
        self._sock.settimeout(timeout_s or self.timeout_s)
        lines: list[str] = []
        while True:
            while b"\n" not in self._buf:
                try:
                    chunk = self._sock.recv(65536)
                except TimeoutError as exc:
                    raise DeadlineError(
                        f"the emulator console at {self.host}:{self.port} did not answer within "
                        f"{timeout_s or self.timeout_s:.0f} s"
                    ) from exc
                if not chunk:
                    raise ConnectionError("the emulator console closed the connection")
                self._buf += chunk
            raw, _, self._buf = self._buf.partition(b"\n")
            line = raw.decode("utf-8", errors="replace").rstrip("\r")
            if line == "OK" or line.startswith("OK:"):
                return "\n".join(lines)
            if line.startswith("KO"):
                raise ConsoleError(line[3:].strip() if line.startswith("KO:") else line)
            lines.append(line)

    # -- commands --------------------------------------------------------------------------------
    def command(self, line: str, timeout_s: float | None = None) -> str:
        """Send one command; its answer without the final ``OK``. Raises :class:`ConsoleError`
        on ``KO:``, :class:`DeadlineError` when no answer comes in time, ``DeviceError`` when the
        console cannot be reached, ``ValueError`` when ``line`` holds a line break or another
        control character (it would smuggle a second command in). A dropped connection is
        reopened once."""
        if any(ord(c) < 0x20 or ord(c) == 0x7F for c in line):
            raise ValueError(
                f"refusing to send {line[:60]!r} to the emulator console: control characters "
                "(line breaks) would start another console command"
            )
        with self._lock:
            for attempt in (1, 2):
                try:
                    if self._sock is None:
                        self._connect()
                    self._send(line)
                    return self._read_answer(timeout_s)
                except (ConnectionError, BrokenPipeError, OSError) as exc:
                    if isinstance(exc, DeviceError):
                        raise
                    if self._sock is not None:
                        self._sock.close()
                    self._sock = None
                    if attempt == 2:
                        raise DeviceError(
                            f"the emulator console at {self.host}:{self.port} dropped the "
                            f"connection during {line.split()[:3]}: {exc}"
                        ) from exc
        raise AssertionError("unreachable")
