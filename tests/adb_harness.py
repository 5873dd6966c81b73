"""Helpers for the adb tests: a real adb server on a free port, virtual emulators beside it.

The adb server is Debian's ``adb`` binary, started with ``-P <free port>`` and a private HOME (its
keys go there) and killed at the end; tests that need it skip with the reason when it is absent.
All traffic stays on 127.0.0.1.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from device_agent.adbd.emulator import AdbEmulator
from device_agent.adbd.shell import Faults
from device_agent.virtual.device import VirtualDevice
from device_agent.virtual.layout import LNode
from device_agent.virtual.windows import Frame

ADB = shutil.which("adb")
NEEDS_ADB = pytest.mark.skipif(
    ADB is None, reason="the `adb` binary is absent (apt-get install adb); real-adb tests skipped"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class AdbServer:
    """A running adb server: ``port``, and :meth:`run` for ``adb -P port ARGS``."""

    def __init__(self, port: int, home: str) -> None:
        self.port = port
        self.env = dict(os.environ, HOME=home, ANDROID_SDK_HOME=home)

    def run(self, *args: str, timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
        assert ADB is not None
        return subprocess.run(
            [ADB, "-P", str(self.port), *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    def script_env(self, serial: str) -> dict[str, str]:
        """The environment for an exported ``repro.sh`` aimed at ``serial`` through this server,
        with no pauses between steps."""
        return dict(
            self.env,
            ANDROID_SERIAL=serial,
            ANDROID_ADB_SERVER_PORT=str(self.port),
            REPRO_DELAY="0",
            REPRO_LAUNCH_WAIT="0",
        )

    def devices(self) -> dict[str, str]:
        """``adb devices`` as ``{serial: state}``."""
        out = self.run("devices").stdout.splitlines()[1:]
        return dict(line.split("\t", 1) for line in out if "\t" in line)

    def wait_for(self, serial: str, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.devices().get(serial) == "device":
                return
            time.sleep(0.1)
        raise AssertionError(f"{serial} never showed up in `adb devices`: {self.devices()}")


@contextmanager
def adb_server(port: int | None = None) -> Iterator[AdbServer]:
    """Start ``adb -P <port> start-server`` (a free port by default); kill it afterwards."""
    if ADB is None:
        pytest.skip("the `adb` binary is absent (apt-get install adb)")
    with tempfile.TemporaryDirectory(prefix="reprofarm-adb-home-") as home:
        server = AdbServer(port or free_port(), home)
        started = server.run("start-server")
        if started.returncode != 0:
            pytest.skip(f"the adb server did not start: {started.stderr.strip()}")
        try:
            yield server
        finally:
            server.run("kill-server")


def _drawn(node: LNode) -> tuple[Any, ...]:
    """Everything of a laid-out node the renderer reads: every field but the app's ``view``,
    of which it reads only whether there is one and its text (``render.py``)."""
    own = tuple(getattr(node, f.name) for f in fields(LNode) if f.name not in ("view", "children"))
    view = None if node.view is None else node.view.text
    return (own, view, tuple(_drawn(child) for child in node.children))


class _RememberedFrame(Frame):
    """A frame whose screenshot is looked up by what it draws before it is rendered: a device
    behind adb is screenshotted on every restore (the agent's screen fingerprints), and the
    same screens come back again and again; Pillow's drawing is the costly part of a test."""

    def png(self) -> bytes:
        if not self._png:
            key = repr(
                (
                    self.geo,
                    self.keyboard,
                    self.clock_text,
                    [(w.kind, w.dim, _drawn(w.node)) for w in self.windows],
                )
            )
            self._png = _SCREENSHOTS.get(key) or super().png()
            _SCREENSHOTS[key] = self._png
        return self._png


_SCREENSHOTS: dict[str, bytes] = {}  # the drawn content → PNG bytes, shared by the emulators


class EmulatedDevice(VirtualDevice):
    """The virtual device behind an adb-speaking emulator: the same device, its screenshots
    remembered by what they draw (:class:`_RememberedFrame`); the pixels are the renderer's."""

    def _build_frame(self) -> Frame:
        frame = super()._build_frame()
        frame.__class__ = _RememberedFrame
        return frame


@contextmanager
def virtual_emulator(
    app: str,
    server: AdbServer | None,
    token_file: Path,
    console_port: int = 0,
    faults: Faults | None = None,
    launch: bool = True,
) -> Iterator[AdbEmulator]:
    """A VirtualDevice running ``app`` behind a console and adbd, registered with ``server``."""
    device = EmulatedDevice("virtual-emulator", app)
    if launch:
        device.launch_app()
    emulator = AdbEmulator(device, console_port, token_file=token_file, faults=faults)
    emulator.start(server.port if server else None)
    try:
        if server is not None:
            server.wait_for(emulator.serial)
        yield emulator
    finally:
        emulator.stop()
