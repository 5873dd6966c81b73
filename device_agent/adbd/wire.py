"""The adb transport's message format (AOSP ``adb/protocol.txt``).

Every message is a 24-byte header of six little-endian uint32 — ``command``, ``arg0``, ``arg1``,
``data_length``, ``data_crc32`` (in fact the byte sum of the payload, checked only by peers older
than :data:`VERSION_SKIP_CHECKSUM`) and ``magic`` (``command ^ 0xffffffff``) — then the payload.
"""

from __future__ import annotations

import socket
import struct
from dataclasses import dataclass

A_CNXN = 0x4E584E43
A_OPEN = 0x4E45504F
A_OKAY = 0x59414B4F
A_CLSE = 0x45534C43
A_WRTE = 0x45545257
A_AUTH = 0x48545541
A_STLS = 0x534C5453

# Protocol version and payload size the device announces in its CNXN (protocol.txt: "version"
# 0x01000001 lets both sides skip the checksum; MAX_PAYLOAD is 256 KiB since Android 7).
A_VERSION = 0x01000001
VERSION_SKIP_CHECKSUM = 0x01000001
MAX_PAYLOAD = 256 * 1024

HEADER = struct.Struct("<6I")
NAMES = {
    A_CNXN: "CNXN",
    A_OPEN: "OPEN",
    A_OKAY: "OKAY",
    A_CLSE: "CLSE",
    A_WRTE: "WRTE",
    A_AUTH: "AUTH",
    A_STLS: "STLS",
}


class ProtocolError(Exception):
    """The peer sent something that is not an adb message (bad magic, oversized payload)."""


@dataclass(frozen=True)
class Message:
    """One adb message: ``command`` (e.g. :data:`A_OPEN`), two arguments and the payload."""

    command: int
    arg0: int
    arg1: int
    data: bytes = b""

    @property
    def name(self) -> str:
        return NAMES.get(self.command, f"0x{self.command:08x}")

    def pack(self) -> bytes:
        """Header plus payload, ready to send."""
        checksum = sum(self.data) & 0xFFFFFFFF
        header = HEADER.pack(
            self.command,
            self.arg0,
            self.arg1,
            len(self.data),
            checksum,
            self.command ^ 0xFFFFFFFF,
        )
        return header + self.data


def _read_exact(sock: socket.socket, n: int) -> bytes:
    chunks: list[bytes] = []
    while n > 0:
        chunk = sock.recv(min(n, 1 << 16))
        if not chunk:
            raise ConnectionError("the adb peer closed the connection")
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def read_message(sock: socket.socket, max_payload: int = 1 << 20) -> Message:
    """Read one message. Raises ``ConnectionError`` at end of stream and :class:`ProtocolError`
    for a header whose magic is wrong or whose payload exceeds ``max_payload`` bytes."""
    command, arg0, arg1, length, _checksum, magic = HEADER.unpack(_read_exact(sock, HEADER.size))
    if magic != command ^ 0xFFFFFFFF:
        raise ProtocolError(f"bad adb message magic 0x{magic:08x} for command 0x{command:08x}")
    if length > max_payload:
        raise ProtocolError(f"adb payload of {length} bytes exceeds the {max_payload} limit")
    data = _read_exact(sock, length) if length else b""
    return Message(command, arg0, arg1, data)
