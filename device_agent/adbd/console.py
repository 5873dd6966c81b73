"""The emulator console of the adb-speaking virtual device (the Android emulator's telnet
console on port N, documented at developer.android.com/studio/run/emulator-console).

On connect the console greets and asks for the token kept in ``~/.emulator_console_auth_token``
(an empty token file means no authentication); every answer ends with a line ``OK`` or
``KO: <reason>``. Commands served: ``auth TOKEN``, ``help``, ``ping``, ``avd name``, ``avd
status``, ``avd snapshot list|save|load|del|pull|push``, ``quit``/``exit``. Snapshots live in the
:class:`~device_agent.virtual.device.VirtualDevice`; ``pull``/``push`` read and write a file on
this host (as the emulator does, on its own host).
"""

from __future__ import annotations

import contextlib
import hashlib
import socket
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import structlog

from device_agent.backend import SnapshotInfo
from device_agent.errors import DeviceError
from device_agent.virtual.device import VirtualDevice

log = structlog.get_logger("device_agent.adbd.console")


def default_token_file() -> Path:
    """``~/.emulator_console_auth_token``, where the emulator keeps its console token."""
    return Path.home() / ".emulator_console_auth_token"


class ConsoleServer:
    """Serves the console on ``host:port`` for ``device``. ``token`` is required by ``auth``
    (empty: no authentication); ``avd_name`` is what ``avd name`` prints; ``load_ko`` is polled
    before each snapshot load and, when it returns True, the load answers ``KO:``; when
    ``load_noop`` returns True it answers OK without loading (tests)."""

    def __init__(
        self,
        device: VirtualDevice,
        token: str,
        host: str = "127.0.0.1",
        port: int = 0,
        avd_name: str = "reprofarm_virtual",
        load_ko: Callable[[], bool] = lambda: False,
        load_noop: Callable[[], bool] = lambda: False,
    ) -> None:
        self.device = device
        self.token = token
        self.avd_name = avd_name
        self.load_ko = load_ko
        self.load_noop = load_noop
        self._listener = socket.create_server((host, port))
        self.port = self._listener.getsockname()[1]
        self._stopped = threading.Event()
        self._created: dict[str, float] = {}
        self._thread = threading.Thread(target=self._accept, name="console-accept", daemon=True)

    def start(self) -> ConsoleServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopped.set()
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            self._listener.close()

    def _accept(self) -> None:
        while not self._stopped.is_set():
            try:
                sock, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._session, args=(sock,), daemon=True).start()

    def _session(self, sock: socket.socket) -> None:
        authed = not self.token
        with sock, sock.makefile("rwb") as f:

            def say(*lines: str) -> None:
                f.write("".join(line + "\r\n" for line in lines).encode())
                f.flush()

            if authed:
                say("Android Console: type 'help' for a list of commands", "OK")
            else:
                say(
                    "Android Console: Authentication required",
                    "Android Console: type 'auth <auth_token>' to authenticate",
                    "Android Console: you can find your <auth_token> in ",
                    f"'{default_token_file()}'",
                    "OK",
                )
            for raw in f:
                words = raw.decode("utf-8", errors="replace").strip().split()
                if not words:
                    continue
                if words[0] in ("quit", "exit"):
                    return
                if words[0] == "auth":
                    if len(words) == 2 and words[1] == self.token:
                        authed = True
                        say("Android Console: type 'help' for a list of commands", "OK")
                    else:
                        say(
                            "KO: authentication token does not match ~/.emulator_console_auth_token"
                        )
                    continue
                if not authed:
                    say("KO: unknown command, try 'help'")
                    continue
                try:
                    say(*self._command(words), "OK")
                except _KO as exc:
                    say(f"KO: {exc}")
                except DeviceError as exc:
                    say(f"KO: {exc}")

    def _command(self, words: list[str]) -> list[str]:
        if words == ["help"]:
            return ["Android console commands:", "    avd    control virtual device execution"]
        if words == ["ping"]:
            return ["I am alive!"]
        if words == ["avd", "name"]:
            return [self.avd_name]
        if words == ["avd", "status"]:
            return ["virtual device is running"]
        if words[:2] != ["avd", "snapshot"] or len(words) < 3:
            raise _KO("unknown command, try 'help'")
        verb, rest = words[2], words[3:]
        d = self.device
        if verb == "list":
            lines = ["List of snapshots present on all disks:"]
            lines.append("ID        TAG                 VM SIZE                DATE       VM CLOCK")
            for i, info in enumerate(d.list_snapshots(), 1):
                when = datetime.fromtimestamp(info.created_unix, UTC).strftime("%Y-%m-%d %H:%M:%S")
                size = f"{max(1, info.size_bytes // 1024)}K"
                lines.append(f"--        {info.snapshot_id:<19} {size:>6} {when}   00:00:00.000")
                del i
            return lines
        if not rest:
            raise _KO(f"avd snapshot {verb} needs a snapshot name")
        name = rest[0]
        if verb == "save":
            d.save_snapshot(name)
            return []
        if verb == "load":
            if self.load_ko():
                raise _KO(f"could not load snapshot '{name}': the emulator is busy (fault)")
            if name not in {s.snapshot_id for s in d.list_snapshots()}:
                raise _KO(f"snapshot '{name}' does not exist")
            if not self.load_noop():  # a lying emulator says OK without loading
                d.load_snapshot(name)
            return []
        if verb == "del":
            if not d.delete_snapshot(name):
                raise _KO(f"snapshot '{name}' does not exist")
            return []
        if verb in ("pull", "push") and len(rest) < 2:
            raise _KO(f"avd snapshot {verb} needs a snapshot name and a file")
        if verb == "pull":
            _, chunks = d.export_snapshot(name)
            Path(rest[1]).write_bytes(b"".join(chunks))
            return []
        if verb == "push":
            data = Path(rest[1]).read_bytes()
            info = SnapshotInfo(
                snapshot_id=name,
                compat_key=d.compat_key,
                sha256=hashlib.sha256(data).hexdigest(),
                size_bytes=len(data),
                created_unix=time.time(),
                imported=True,
            )
            d.import_snapshot(info, [data])
            return []
        raise _KO(f"unknown snapshot command '{verb}'")


class _KO(Exception):
    """A console command failed; the message follows ``KO:``."""
