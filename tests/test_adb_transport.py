"""The adb transport of the virtual device, spoken to directly (no adb binary needed): the
handshake, unknown services, shell v1/v2 framing and exit codes, flow control over many WRTEs."""

from __future__ import annotations

import socket
import struct
from collections.abc import Iterator

import pytest

from device_agent.adbd import wire
from device_agent.adbd.emulator import banner
from device_agent.adbd.services import service_table
from device_agent.adbd.shell import Shell
from device_agent.adbd.transport import AdbdServer
from device_agent.adbd.wire import Message
from device_agent.virtual.device import VirtualDevice


@pytest.fixture(scope="module")
def shell() -> Shell:
    device = VirtualDevice("v", "OpenCalc")
    device.launch_app()
    return Shell(device)


@pytest.fixture()
def host(shell: Shell) -> Iterator[socket.socket]:
    server = AdbdServer(banner(), service_table(shell)).start()
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    try:
        yield sock
    finally:
        sock.close()
        server.stop()


def send(sock: socket.socket, command: int, arg0: int, arg1: int, data: bytes = b"") -> None:
    sock.sendall(Message(command, arg0, arg1, data).pack())


def connect(sock: socket.socket, max_payload: int = 4096) -> Message:
    send(sock, wire.A_CNXN, 0x01000000, max_payload, b"host::features=shell_v2\x00")
    return wire.read_message(sock)


def run_service(sock: socket.socket, service: str, local_id: int = 7) -> bytes:
    """OPEN, acknowledge every WRTE, collect the bytes until CLSE."""
    send(sock, wire.A_OPEN, local_id, 0, service.encode() + b"\x00")
    okay = wire.read_message(sock)
    assert (okay.command, okay.arg1) == (wire.A_OKAY, local_id)
    out = b""
    while True:
        msg = wire.read_message(sock)
        if msg.command == wire.A_CLSE:
            return out
        assert msg.command == wire.A_WRTE and msg.arg1 == local_id
        out += msg.data
        send(sock, wire.A_OKAY, local_id, msg.arg0)


def test_handshake_announces_the_device(host: socket.socket):
    reply = connect(host)
    assert reply.command == wire.A_CNXN
    assert reply.arg0 == wire.A_VERSION and reply.arg1 == wire.MAX_PAYLOAD
    assert reply.data.startswith(b"device::") and b"features=shell_v2" in reply.data


def test_unknown_service_is_closed(host: socket.socket):
    connect(host)
    send(host, wire.A_OPEN, 3, 0, b"reboot:\x00")
    msg = wire.read_message(host)
    assert (msg.command, msg.arg0, msg.arg1) == (wire.A_CLSE, 0, 3)


def test_shell_v1_and_v2(host: socket.socket):
    connect(host)
    assert run_service(host, "shell:echo hi; getprop ro.build.version.sdk") == b"hi\n30\n"
    raw = run_service(host, "shell,v2,raw:echo out; nosuch", local_id=8)
    packets = []
    while raw:
        kind, length = struct.unpack("<BI", raw[:5])
        packets.append((kind, raw[5 : 5 + length]))
        raw = raw[5 + length :]
    assert packets[0] == (1, b"out\n")
    assert packets[1][0] == 2 and b"nosuch: not found" in packets[1][1]
    assert packets[-1] == (3, bytes([127]))


def test_large_output_waits_for_each_okay(host: socket.socket, shell: Shell):
    connect(host, max_payload=4096)
    png = run_service(host, "exec:screencap -p")
    assert png.startswith(b"\x89PNG") and len(png) > 10 * 4096  # many WRTEs, each acknowledged
    assert png == shell.device.observe(screenshot=True, hierarchy=False).screenshot_png


def test_no_second_write_before_the_first_is_acknowledged(host: socket.socket):
    connect(host, max_payload=4096)
    send(host, wire.A_OPEN, 9, 0, b"exec:screencap -p\x00")
    assert wire.read_message(host).command == wire.A_OKAY
    first = wire.read_message(host)
    assert first.command == wire.A_WRTE and len(first.data) == 4096
    host.settimeout(0.3)
    with pytest.raises(TimeoutError):
        wire.read_message(host)  # nothing more until we say OKAY
    host.settimeout(10)
    send(host, wire.A_OKAY, 9, first.arg0)
    assert wire.read_message(host).command == wire.A_WRTE
