"""The adb services the virtual device offers over :mod:`.transport` (AOSP ``SERVICES.TXT``,
``SYNC.TXT``, ``shell_protocol.h``).

- ``shell:CMD`` — the command's stdout and stderr interleaved, no exit status (shell v1);
- ``shell,v2[,ARGS]:CMD`` — packets ``[id:u8][length:u32 LE][data]`` with id 1 stdout, 2 stderr
  and 3 exit (one byte, the status); stdin packets (id 0) are read and ignored;
- ``exec:CMD`` — raw stdout only (``adb exec-out``; how binary PNGs travel unmangled);
- ``sync:`` — the file protocol: ``STAT``, ``LIST``, ``RECV`` (pull), ``SEND`` (push) and ``QUIT``
  over the shell's little file system.
"""

from __future__ import annotations

import struct
import time
from collections.abc import Callable

from device_agent.adbd.shell import Shell
from device_agent.adbd.transport import Service, Stream

SHELL_STDIN, SHELL_STDOUT, SHELL_STDERR, SHELL_EXIT = 0, 1, 2, 3
_SYNC_DATA_MAX = 64 * 1024  # SYNC.TXT: DATA chunks are at most 64 KiB
_FILE_MODE = 0o100644
_DIR_MODE = 0o040755


def service_table(shell: Shell) -> Callable[[str], Service | None]:
    """A function from service string to :data:`Service` (``None`` for unknown services)."""

    def lookup(name: str) -> Service | None:
        if name.startswith("shell,v2") or name.startswith("shell,"):
            _, _, cmd = name.partition(":")
            return lambda stream: _shell_v2(shell, stream, cmd)
        if name.startswith("shell:"):
            return lambda stream: _shell_v1(shell, stream, name[len("shell:") :])
        if name.startswith("exec:"):
            return lambda stream: _exec(shell, stream, name[len("exec:") :])
        if name == "sync:":
            return lambda stream: _sync(shell, stream)
        return None

    return lookup


def _shell_v1(shell: Shell, stream: Stream, cmd: str) -> None:
    if not cmd.strip():
        stream.write(b"interactive shells are not supported by this device\n")
        return
    result = shell.run(cmd)
    stream.write(result.stdout + result.stderr)


def _exec(shell: Shell, stream: Stream, cmd: str) -> None:
    stream.write(shell.run(cmd).stdout)


def _packet(kind: int, data: bytes) -> bytes:
    return struct.pack("<BI", kind, len(data)) + data


def _shell_v2(shell: Shell, stream: Stream, cmd: str) -> None:
    if not cmd.strip():
        stream.write(_packet(SHELL_STDERR, b"interactive shells are not supported\n"))
        stream.write(_packet(SHELL_EXIT, bytes([1])))
        return
    result = shell.run(cmd)
    out = b""
    if result.stdout:
        out += _packet(SHELL_STDOUT, result.stdout)
    if result.stderr:
        out += _packet(SHELL_STDERR, result.stderr)
    stream.write(out + _packet(SHELL_EXIT, bytes([result.status & 0xFF])))


def _sync(shell: Shell, stream: Stream) -> None:
    files = shell.files
    while True:
        header = stream.read_exact(8)
        request, length = header[:4], struct.unpack("<I", header[4:])[0]
        if request == b"QUIT":
            return
        path = stream.read_exact(length).decode("utf-8", errors="replace")
        now = int(time.time())
        if request == b"STAT":
            if path in files:
                stream.write(b"STAT" + struct.pack("<III", _FILE_MODE, len(files[path]), now))
            elif any(p.startswith(path.rstrip("/") + "/") for p in files):
                stream.write(b"STAT" + struct.pack("<III", _DIR_MODE, 0, now))
            else:
                stream.write(b"STAT" + struct.pack("<III", 0, 0, 0))
        elif request == b"LIST":
            prefix = path.rstrip("/") + "/"
            for p, data in sorted(files.items()):
                if p.startswith(prefix) and "/" not in p[len(prefix) :]:
                    name = p[len(prefix) :].encode()
                    stream.write(
                        b"DENT" + struct.pack("<IIII", _FILE_MODE, len(data), now, len(name)) + name
                    )
            stream.write(b"DONE" + struct.pack("<IIII", 0, 0, 0, 0))
        elif request == b"RECV":
            if path not in files:
                message = b"No such file or directory"
                stream.write(b"FAIL" + struct.pack("<I", len(message)) + message)
                continue
            data = files[path]
            out = b""
            for start in range(0, len(data), _SYNC_DATA_MAX):
                piece = data[start : start + _SYNC_DATA_MAX]
                out += b"DATA" + struct.pack("<I", len(piece)) + piece
            stream.write(out + b"DONE" + struct.pack("<I", 0))
        elif request == b"SEND":
            target = path.rsplit(",", 1)[0]  # "path,mode"
            body = bytearray()
            while True:
                head = stream.read_exact(8)
                kind, size = head[:4], struct.unpack("<I", head[4:])[0]
                if kind == b"DATA":
                    body += stream.read_exact(size)
                elif kind == b"DONE":  # size is the mtime
                    break
                else:
                    raise ConnectionError(f"sync SEND: unexpected {kind!r}")
            files[target] = bytes(body)
            stream.write(b"OKAY" + struct.pack("<I", 0))
        else:
            message = f"unknown sync request {request!r}".encode()
            stream.write(b"FAIL" + struct.pack("<I", len(message)) + message)
            return
