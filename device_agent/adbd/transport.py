"""The device side of the adb TCP transport (AOSP ``adb/protocol.txt``).

The host (the adb server, after ``adb connect`` or its scan of emulator ports) sends ``CNXN``; the
device answers with its own ``CNXN`` and a banner (``device::<props>;features=...``). Each host
``OPEN(local-id, 0, "service:args")`` becomes a stream: the device answers ``OKAY(its-id,
host-id)`` (or ``CLSE(0, host-id)`` for an unknown service), then both sides send ``WRTE`` and
each ``WRTE`` must be acknowledged by an ``OKAY`` before the next is sent on that stream (the
transport's flow control); ``CLSE`` ends the stream. No ``AUTH`` is asked for (a ``ro.adb.secure=0``
device, as emulators built for testing are).

Services run on their own thread with a :class:`Stream` (a byte pipe with ``read``/``write``);
what services exist is up to the ``services`` callable (see :mod:`.emulator`).
"""

from __future__ import annotations

import contextlib
import itertools
import socket
import threading
from collections.abc import Callable

import structlog

from device_agent.adbd import wire
from device_agent.adbd.wire import Message

log = structlog.get_logger("device_agent.adbd")

# How long a device-to-host write waits for the host's OKAY before the stream is given up.
WRITE_ACK_TIMEOUT_S = 60.0

Service = Callable[["Stream"], None]


class StreamClosed(ConnectionError):
    """The stream was closed (by the host, or because the connection dropped)."""


class Stream:
    """One open service stream: bytes from the host arrive in :meth:`read`, :meth:`write` sends
    ``WRTE`` messages of at most the negotiated payload size, each after the previous was
    acknowledged."""

    def __init__(self, conn: _Connection, local_id: int, remote_id: int, service: str) -> None:
        self.conn = conn
        self.local_id = local_id
        self.remote_id = remote_id
        self.service = service
        self._inbox = bytearray()
        self._cond = threading.Condition()
        self._acked = threading.Event()
        self._acked.set()
        self.closed = False
        self._sent_close = False

    # -- called by the connection -------------------------------------------------------------
    def _feed(self, data: bytes) -> None:
        with self._cond:
            self._inbox += data
            self._cond.notify_all()

    def _ack(self) -> None:
        self._acked.set()

    def _peer_closed(self) -> None:
        with self._cond:
            self.closed = True
            self._sent_close = True  # the host dropped its end: nothing to answer
            self._cond.notify_all()
        self._acked.set()

    # -- for services -------------------------------------------------------------------------
    def read(self, n: int) -> bytes:
        """Up to ``n`` bytes from the host; waits for at least one; ``b""`` once closed."""
        with self._cond:
            while not self._inbox and not self.closed:
                self._cond.wait()
            out = bytes(self._inbox[:n])
            del self._inbox[:n]
            return out

    def read_exact(self, n: int) -> bytes:
        """Exactly ``n`` bytes; raises :class:`StreamClosed` when the stream ends first."""
        out = bytearray()
        while len(out) < n:
            chunk = self.read(n - len(out))
            if not chunk:
                raise StreamClosed(f"stream {self.service!r} closed after {len(out)}/{n} bytes")
            out += chunk
        return bytes(out)

    def write(self, data: bytes) -> None:
        """Send ``data`` to the host. Raises :class:`StreamClosed` when the stream is closed or
        the host stops acknowledging (``WRITE_ACK_TIMEOUT_S``)."""
        size = self.conn.max_payload
        for start in range(0, len(data), size):
            if not self._acked.wait(WRITE_ACK_TIMEOUT_S):
                raise StreamClosed(f"the host did not acknowledge a write on {self.service!r}")
            if self.closed:
                raise StreamClosed(f"stream {self.service!r} was closed by the host")
            self._acked.clear()
            self.conn.send(
                Message(wire.A_WRTE, self.local_id, self.remote_id, data[start : start + size])
            )
        if data:  # the last write is acknowledged before the stream may be closed
            self._acked.wait(WRITE_ACK_TIMEOUT_S)

    def close(self) -> None:
        """Send ``CLSE`` (once)."""
        with self._cond:
            if self._sent_close:
                return
            self._sent_close = True
            self.closed = True
            self._cond.notify_all()
        with contextlib.suppress(OSError):
            self.conn.send(Message(wire.A_CLSE, self.local_id, self.remote_id))
        self.conn.forget(self)


class _Connection:
    """One host connection: reads messages, routes them to streams, starts services."""

    def __init__(
        self,
        sock: socket.socket,
        banner: bytes,
        services: Callable[[str], Service | None],
        ids: itertools.count[int],
    ) -> None:
        self.sock = sock
        self.banner = banner
        self.services = services
        self.ids = ids
        self.max_payload = 4096  # until the host's CNXN says more
        self.streams: dict[int, Stream] = {}
        self._send_lock = threading.Lock()
        self._lock = threading.Lock()

    def send(self, message: Message) -> None:
        with self._send_lock:
            self.sock.sendall(message.pack())

    def forget(self, stream: Stream) -> None:
        with self._lock:
            self.streams.pop(stream.local_id, None)

    def run(self) -> None:
        try:
            while True:
                msg = wire.read_message(self.sock)
                self._handle(msg)
        except (OSError, ConnectionError, wire.ProtocolError) as exc:
            log.debug("adbd_connection_closed", reason=str(exc))
        finally:
            with self._lock:
                streams = list(self.streams.values())
                self.streams.clear()
            for stream in streams:
                stream._peer_closed()
            with contextlib.suppress(OSError):
                self.sock.close()

    def _handle(self, msg: Message) -> None:
        stream: Stream | None
        if msg.command == wire.A_CNXN:
            self.max_payload = max(4096, min(msg.arg1, wire.MAX_PAYLOAD))
            self.send(Message(wire.A_CNXN, wire.A_VERSION, wire.MAX_PAYLOAD, self.banner))
        elif msg.command == wire.A_OPEN:
            name = msg.data.rstrip(b"\x00").decode("utf-8", errors="replace")
            service = self.services(name)
            if service is None:
                log.info("adbd_unknown_service", service=name)
                self.send(Message(wire.A_CLSE, 0, msg.arg0))
                return
            opened = Stream(self, next(self.ids), msg.arg0, name)
            with self._lock:
                self.streams[opened.local_id] = opened
            self.send(Message(wire.A_OKAY, opened.local_id, msg.arg0))
            threading.Thread(
                target=self._serve, args=(service, opened), name=f"adbd-{name[:20]}", daemon=True
            ).start()
        elif msg.command == wire.A_OKAY:
            stream = self.streams.get(msg.arg1)
            if stream is not None:
                stream.remote_id = msg.arg0
                stream._ack()
        elif msg.command == wire.A_WRTE:
            stream = self.streams.get(msg.arg1)
            if stream is None:
                self.send(Message(wire.A_CLSE, 0, msg.arg0))
                return
            stream._feed(msg.data)
            self.send(Message(wire.A_OKAY, stream.local_id, msg.arg0))
        elif msg.command == wire.A_CLSE:
            with self._lock:
                stream = self.streams.pop(msg.arg1, None)
            if stream is not None:
                stream._peer_closed()
        # AUTH and STLS are never asked for by this device; anything else is ignored.

    @staticmethod
    def _serve(service: Service, stream: Stream) -> None:
        try:
            service(stream)
        except StreamClosed:
            pass
        except Exception:  # noqa: BLE001 - one failing service must not take the device down
            log.exception("adbd_service_failed", service=stream.service)
        finally:
            stream.close()


class AdbdServer:
    """Listens on ``host:port`` and serves the adb transport to every host that connects.

    ``banner`` is the CNXN payload (``device::ro.product.name=...;...;features=...``);
    ``services`` maps a service string (``"shell,v2,raw:ls"``) to the function serving it, or
    ``None`` when unknown. ``port=0`` picks a free port (read :attr:`port`). Raises ``OSError``
    when the port is taken.
    """

    def __init__(
        self,
        banner: str,
        services: Callable[[str], Service | None],
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.banner = banner.encode()
        self.services = services
        self._listener = socket.create_server((host, port))
        self.host = host
        self.port = self._listener.getsockname()[1]
        self._ids = itertools.count(1)
        self._conns: list[_Connection] = []
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._accept, name="adbd-accept", daemon=True)

    def start(self) -> AdbdServer:
        self._thread.start()
        return self

    def _accept(self) -> None:
        while not self._stopped.is_set():
            try:
                sock, _ = self._listener.accept()
            except OSError:
                return
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            conn = _Connection(sock, self.banner, self.services, self._ids)
            with self._lock:
                self._conns.append(conn)
            threading.Thread(target=self._run, args=(conn,), name="adbd-conn", daemon=True).start()

    def _run(self, conn: _Connection) -> None:
        try:
            conn.run()
        finally:
            with self._lock:
                if conn in self._conns:
                    self._conns.remove(conn)

    def drop_connections(self) -> int:
        """Close every host connection (a USB cable pulled, adbd restarting); returns how many.
        The listener stays up, so the host may reconnect."""
        with self._lock:
            conns = list(self._conns)
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.sock.shutdown(socket.SHUT_RDWR)
        return len(conns)

    def stop(self) -> None:
        self._stopped.set()
        with contextlib.suppress(OSError):  # shutdown wakes the thread blocked in accept()
            self._listener.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            self._listener.close()
        self.drop_connections()
