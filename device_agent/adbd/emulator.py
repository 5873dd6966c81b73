"""A virtual device that looks like an Android emulator to adb: console on port N, adbd on N+1.

The adb server finds emulators two ways (AOSP ``adb/transport_local.cpp``): once at its start it
tries adb ports 5555, 5557, ... 5585 on 127.0.0.1; and a running emulator registers itself by
sending ``host:emulator:<adb port>`` to the server. Either way the device is named
``emulator-<adb port - 1>`` (the console port). :class:`AdbEmulator` does the second for any port
pair, so a device on ports 5554/5555 is ``emulator-5554`` exactly as a real one.
"""

from __future__ import annotations

import contextlib
import secrets
import socket
from pathlib import Path
from typing import TYPE_CHECKING

import structlog

from device_agent.adbd.console import ConsoleServer, default_token_file
from device_agent.adbd.services import service_table
from device_agent.adbd.shell import PROPS, Faults, Shell
from device_agent.adbd.transport import AdbdServer
from device_agent.virtual.device import VirtualDevice

if TYPE_CHECKING:
    from device_agent.adbd.emulator_grpc import EmulatorControllerServer

log = structlog.get_logger("device_agent.adbd.emulator")

FEATURES = "shell_v2,cmd"


def banner() -> str:
    """The CNXN payload adbd sends: ``device::`` + product properties + features."""
    return (
        f"device::ro.product.name={PROPS['ro.product.name']};"
        f"ro.product.model={PROPS['ro.product.model']};"
        f"ro.product.device={PROPS['ro.product.device']};features={FEATURES}"
    )


def read_or_create_token(path: Path | None = None) -> str:
    """The console token in ``path`` (default ``~/.emulator_console_auth_token``), creating the file
    with a random token when it does not exist, as the emulator does. An empty file: no auth."""
    path = path or default_token_file()
    if not path.exists():
        path.write_text(secrets.token_urlsafe(12), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


def free_port_pair(host: str = "127.0.0.1", start: int = 20000, end: int = 60000) -> int:
    """An even console port N with N and N+1 both free (the emulator convention)."""
    import random

    for _ in range(200):
        port = random.randrange(start, end, 2)
        socks = []
        try:
            for p in (port, port + 1):
                s = socket.socket()
                socks.append(s)
                s.bind((host, p))
            return port
        except OSError:
            continue
        finally:
            for s in socks:
                s.close()
    raise OSError(f"no two consecutive free ports found on {host} between {start} and {end}")


def register_with_adb_server(
    adb_port: int, server_port: int = 5037, host: str = "127.0.0.1"
) -> bool:
    """Tell the adb server at ``host:server_port`` that an emulator's adbd listens on
    ``adb_port`` (``host:emulator:<port>``, what emulators send at boot). True when a server
    answered; False when none runs (it will find the device itself when it starts, for ports
    5555-5585, or after ``adb connect``)."""
    request = f"host:emulator:{adb_port}".encode()
    try:
        with socket.create_connection((host, server_port), timeout=2.0) as s:
            s.sendall(f"{len(request):04x}".encode() + request)
            with contextlib.suppress(OSError):
                s.recv(4)
        return True
    except OSError:
        return False


class AdbEmulator:
    """``device`` behind an emulator console (``console_port``) and adbd (``console_port + 1``).

    ``console_port=0`` picks a free pair; ``grpc_port`` (0: a free one) also serves the
    emulator's ``EmulatorController`` subset (:mod:`.emulator_grpc`), as ``emulator -grpc`` does.
    ``token_file`` holds the console token (default ``~/.emulator_console_auth_token``; created
    when missing). ``faults`` misbehaves on demand. Use as a context manager, or call
    :meth:`start` and :meth:`stop`. Raises ``OSError`` when a port is taken.
    """

    def __init__(
        self,
        device: VirtualDevice,
        console_port: int = 5554,
        host: str = "127.0.0.1",
        token_file: Path | None = None,
        faults: Faults | None = None,
        grpc_port: int | None = None,
    ) -> None:
        self.device = device
        self.host = host
        self.faults = faults or Faults()
        self.shell = Shell(device, self.faults)
        self.console_port = console_port or free_port_pair(host)
        self.token_file = token_file or default_token_file()
        self.token = read_or_create_token(self.token_file)
        self.console = ConsoleServer(
            device,
            self.token,
            host,
            self.console_port,
            load_ko=lambda: self.faults.snapshot_load_ko,
            load_noop=lambda: self.faults.load_noop,
        )
        try:
            self.adbd = AdbdServer(banner(), service_table(self.shell), host, self.console_port + 1)
        except OSError:
            self.console.stop()
            raise
        self.grpc: EmulatorControllerServer | None = None
        if grpc_port is not None:
            from device_agent.adbd.emulator_grpc import EmulatorControllerServer

            self.grpc = EmulatorControllerServer(device, host, grpc_port)

    @property
    def grpc_port(self) -> int | None:
        return self.grpc.port if self.grpc is not None else None

    @property
    def adb_port(self) -> int:
        return self.adbd.port

    @property
    def serial(self) -> str:
        """``emulator-<console port>``, the name ``adb devices`` shows."""
        return f"emulator-{self.console_port}"

    def start(self, adb_server_port: int | None = 5037) -> AdbEmulator:
        """Serve, and register with the adb server on ``adb_server_port`` (``None``: don't)."""
        self.console.start()
        self.adbd.start()
        if self.grpc is not None:
            self.grpc.start()
        if adb_server_port:
            register_with_adb_server(self.adb_port, adb_server_port, self.host)
        log.info(
            "virtual_emulator_started",
            serial=self.serial,
            console_port=self.console_port,
            adb_port=self.adb_port,
        )
        return self

    def stop(self) -> None:
        self.adbd.stop()
        self.console.stop()
        if self.grpc is not None:
            self.grpc.stop()

    def __enter__(self) -> AdbEmulator:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
