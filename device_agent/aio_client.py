"""An asyncio client for one device agent (``grpc.aio``): :class:`AgentClient`'s methods as
coroutines, for a process that drives many agents from one event loop (the farm's device
workers, ``orchestrator.farm``).

::

    async with AsyncAgentClient("127.0.0.1:50051", token=token) as phone:
        await phone.install_app("AmazeFileManager")
        result = await phone.probe(DeviceState("base"), Action("press_back"))

Errors are :class:`~device_agent.client.AgentClient`'s, from the same mapping (the agent names
the class in trailing metadata; UNAVAILABLE, UNAUTHENTICATED and DEADLINE_EXCEEDED become
:class:`AgentUnavailableError`, :class:`AuthError` and :class:`DeadlineError`), and the same
resilience: idempotent calls rebuild the channel and retry once on UNAVAILABLE, :meth:`execute`
never repeats. Create a client inside the event loop that will use it (grpc.aio channels belong
to one loop).
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterable, AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, TypeVar

import grpc
import structlog
from grpc_health.v1 import health_pb2, health_pb2_grpc

from device_agent import convert
from device_agent.actions import Action
from device_agent.backend import (
    AppStatus,
    DeviceInfo,
    ExecuteResult,
    LogcatChunk,
    Observation,
    SnapshotInfo,
)
from device_agent.client import AgentClient
from device_agent.errors import DeviceError
from device_agent.proto import agent_pb2 as pb
from device_agent.proto import agent_pb2_grpc as pb_grpc
from device_agent.server import (
    DEFAULT_CHUNK_BYTES,
    MAX_MESSAGE_MB,
    SERVICE_NAME,
    channel_options,
)
from device_agent.state import DeviceState, ProbeResult, RestoreReport

__all__ = ["AsyncAgentClient"]

log = structlog.get_logger("device_agent.aio_client")
T = TypeVar("T")
Call = Callable[..., Awaitable[T]]


def _retry_once_if_unavailable(fn: Call[T]) -> Call[T]:
    """Async twin of :func:`device_agent.client.retry_on_unavailable` (idempotent calls)."""

    @functools.wraps(fn)
    async def wrapper(self: AsyncAgentClient, *args: Any, **kwargs: Any) -> T:
        try:
            return await fn(self, *args, **kwargs)
        except grpc.RpcError as err:
            if err.code() != grpc.StatusCode.UNAVAILABLE:
                raise self._error(fn.__name__, err) from err
            log.info("agent_reconnect", address=self.address, method=fn.__name__)
            self._reconnect()
        try:
            return await fn(self, *args, **kwargs)
        except grpc.RpcError as err:
            raise self._error(fn.__name__, err) from err

    return wrapper


def _never_repeat(fn: Call[T]) -> Call[T]:
    """Async twin of the sync client's ``_once``: map errors, never retry (the channel is still
    rebuilt on UNAVAILABLE, for the next call)."""

    @functools.wraps(fn)
    async def wrapper(self: AsyncAgentClient, *args: Any, **kwargs: Any) -> T:
        try:
            return await fn(self, *args, **kwargs)
        except grpc.RpcError as err:
            if err.code() == grpc.StatusCode.UNAVAILABLE:
                self._reconnect()
            raise self._error(fn.__name__, err) from err

    return wrapper


class AsyncAgentClient:
    """A ``grpc.aio`` client to the device agent at ``address`` (``host:port``).

    ``token``, ``timeout`` (default per-call deadline, seconds) and ``max_message_mb`` as for
    :class:`~device_agent.client.AgentClient`. The channel connects lazily: the first call fails
    with :class:`~device_agent.errors.AgentUnavailableError` when nobody answers. Coroutines of one
    event loop may share a client. Use ``async with`` or await :meth:`close`.
    """

    def __init__(
        self,
        address: str,
        *,
        token: str | None = None,
        timeout: float = 120.0,
        max_message_mb: int = MAX_MESSAGE_MB,
    ) -> None:
        self.address = address
        self.timeout = timeout
        self.max_message_mb = max_message_mb
        self._metadata: tuple[tuple[str, str], ...] = (
            (("authorization", f"Bearer {token}"),) if token else ()
        )
        self._channel: grpc.aio.Channel | None = None
        self._replaced: list[grpc.aio.Channel] = []  # closed by close(): calls may still use them
        self._connect()

    def _connect(self) -> None:
        self._channel = grpc.aio.insecure_channel(
            self.address, options=channel_options(self.max_message_mb)
        )
        self._stub = pb_grpc.DeviceAgentStub(self._channel)
        self._health = health_pb2_grpc.HealthStub(self._channel)

    def _reconnect(self) -> None:
        if self._channel is not None:
            self._replaced.append(self._channel)
            self._connect()

    async def close(self) -> None:
        """Close the channel (and any it replaced); the client can no longer be used."""
        channels, self._replaced = [*self._replaced, self._channel], []
        self._channel = None
        for channel in channels:
            if channel is not None:
                await channel.close()

    async def __aenter__(self) -> AsyncAgentClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def __repr__(self) -> str:
        return f"AsyncAgentClient({self.address!r})"

    # One status-to-exception mapping and one call-options builder for both clients: the sync
    # client's, which read only ``address``, ``timeout``, ``_channel`` and ``_metadata``.
    def _kw(self, timeout: float | None) -> dict[str, Any]:
        return AgentClient._kw(self, timeout)  # type: ignore[arg-type]

    def _error(self, method: str, err: grpc.RpcError) -> Exception:
        return AgentClient._error(self, method, err)  # type: ignore[arg-type]

    # -- health -----------------------------------------------------------------------------
    async def health(self, *, timeout: float = 5.0) -> str:
        """The agent's health status now (``SERVING``, ``NOT_SERVING``...), from the standard
        gRPC health service (which answers while another call holds the device). Not retried:
        the farm's heartbeat (``orchestrator.farm``) calls it every second or so and counts a
        failure as a missed beat. Raises :class:`AgentUnavailableError` when nobody answers,
        :class:`DeadlineError` when no answer comes within ``timeout`` seconds."""
        request = health_pb2.HealthCheckRequest(service=SERVICE_NAME)
        try:
            reply = await self._health.Check(request, timeout=timeout)
        except grpc.RpcError as err:
            raise self._error("health", err) from err
        return str(health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status))

    # -- device facts and actions -----------------------------------------------------------
    @_retry_once_if_unavailable
    async def info(self, *, timeout: float | None = None) -> DeviceInfo:
        """Static facts about the device (its id, screen, snapshot compatibility key...)."""
        reply = await self._stub.GetDeviceInfo(pb.GetDeviceInfoRequest(), **self._kw(timeout))
        return convert.device_info_from_proto(reply)

    @_retry_once_if_unavailable
    async def observe(
        self, screenshot: bool = True, hierarchy: bool = True, *, timeout: float | None = None
    ) -> Observation:
        """What the screen shows now (PNG and ``uiautomator dump`` XML, each skippable)."""
        request = pb.ObserveRequest(skip_screenshot=not screenshot, skip_hierarchy=not hierarchy)
        return convert.observation_from_proto(
            await self._stub.Observe(request, **self._kw(timeout))
        )

    @_never_repeat
    async def execute(self, action: Action, *, timeout: float | None = None) -> ExecuteResult:
        """Run one UI action on the current screen (never retried: it would act twice)."""
        request = pb.ExecuteRequest(action=convert.action_to_proto(action))
        reply = await self._stub.Execute(request, **self._kw(timeout))
        return convert.execute_result_from_proto(reply)

    @_retry_once_if_unavailable
    async def bring_to_state(
        self, state: DeviceState, *, timeout: float | None = None
    ) -> RestoreReport:
        """Bring the device to ``state`` the cheapest way (see
        :meth:`AgentClient.bring_to_state`; same errors)."""
        request = pb.BringToStateRequest(state=convert.state_to_proto(state))
        reply = await self._stub.BringToState(request, **self._kw(timeout))
        return convert.restore_report_from_proto(reply)

    @_retry_once_if_unavailable
    async def probe(
        self,
        state: DeviceState,
        action: Action,
        *,
        observe_before: bool = False,
        save_snapshot_as: str = "",
        screenshots: bool = True,
        settle_seconds: float = 0.0,
        timeout: float | None = None,
    ) -> ProbeResult:
        """Bring the device to ``state``, run ``action``, observe (see
        :meth:`AgentClient.probe`). Retried once on UNAVAILABLE: the restore makes a repeat land
        on the same state."""
        request = pb.ProbeRequest(
            state=convert.state_to_proto(state),
            action=convert.action_to_proto(action),
            observe_before=observe_before,
            save_snapshot_as=save_snapshot_as,
            skip_screenshots=not screenshots,
            settle_seconds=settle_seconds,
        )
        return convert.probe_result_from_proto(await self._stub.Probe(request, **self._kw(timeout)))

    # -- snapshots --------------------------------------------------------------------------
    @_retry_once_if_unavailable
    async def save_snapshot(
        self, snapshot_id: str, *, timeout: float | None = None
    ) -> SnapshotInfo:
        """Save the whole device state under ``snapshot_id`` (overwrites)."""
        request = pb.SaveSnapshotRequest(snapshot_id=snapshot_id)
        reply = await self._stub.SaveSnapshot(request, **self._kw(timeout))
        return convert.snapshot_info_from_proto(reply)

    @_retry_once_if_unavailable
    async def load_snapshot(
        self, snapshot_id: str, *, timeout: float | None = None
    ) -> RestoreReport:
        """Restore a snapshot. Raises ``SnapshotError`` when the device does not hold it."""
        request = pb.LoadSnapshotRequest(snapshot_id=snapshot_id)
        reply = await self._stub.LoadSnapshot(request, **self._kw(timeout))
        method = convert.restore_method_from_proto(reply.method)
        return RestoreReport(method, reply.seconds, reply.reached_hash)

    @_retry_once_if_unavailable
    async def delete_snapshot(self, snapshot_id: str, *, timeout: float | None = None) -> bool:
        """True when the snapshot existed and is gone."""
        request = pb.DeleteSnapshotRequest(snapshot_id=snapshot_id)
        return bool((await self._stub.DeleteSnapshot(request, **self._kw(timeout))).deleted)

    @_retry_once_if_unavailable
    async def export_snapshot(
        self,
        snapshot_id: str,
        chunk_bytes: int = DEFAULT_CHUNK_BYTES,
        *,
        timeout: float | None = None,
    ) -> tuple[SnapshotInfo, AsyncIterator[bytes]]:
        """The snapshot's info and an async iterator over its bytes (streamed; consume it within
        ``timeout``). Errors while streaming are mapped like any other call's."""
        request = pb.ExportSnapshotRequest(snapshot_id=snapshot_id, chunk_bytes=chunk_bytes)
        stream = self._stub.ExportSnapshot(request, **self._kw(timeout))
        first = await stream.read()
        if first is grpc.aio.EOF or not first.HasField("info"):
            raise DeviceError(
                f"device agent {self.address} exported snapshot {snapshot_id!r} without its "
                "info; is the agent the same API version?"
            )

        async def data() -> AsyncIterator[bytes]:
            if first.data:
                yield first.data
            try:
                while (chunk := await stream.read()) is not grpc.aio.EOF:
                    yield chunk.data
            except grpc.RpcError as err:
                raise self._error("export_snapshot", err) from err

        return convert.snapshot_info_from_proto(first.info), data()

    async def import_snapshot(
        self,
        info: SnapshotInfo,
        chunks: AsyncIterable[bytes] | Sequence[bytes] | bytes,
        *,
        timeout: float | None = None,
    ) -> SnapshotInfo:
        """Store a snapshot exported elsewhere. Raises ``SnapshotError`` when its checksum or
        compatibility key does not match. Retried on UNAVAILABLE only when ``chunks`` can be
        iterated twice (bytes or a sequence)."""
        if isinstance(chunks, bytes | bytearray):
            chunks = [bytes(chunks)]
        piece = DEFAULT_CHUNK_BYTES

        async def requests() -> AsyncIterator[pb.SnapshotChunk]:
            yield pb.SnapshotChunk(info=convert.snapshot_info_to_proto(info))
            if isinstance(chunks, AsyncIterable):
                parts: AsyncIterable[bytes] = chunks
            else:
                parts = _aiter(chunks)
            async for data in parts:
                for i in range(0, len(data), piece):  # keep messages under the size limit
                    yield pb.SnapshotChunk(data=data[i : i + piece])

        async def call(self: AsyncAgentClient) -> SnapshotInfo:
            reply = await self._stub.ImportSnapshot(requests(), **self._kw(timeout))
            return convert.snapshot_info_from_proto(reply)

        call.__name__ = "import_snapshot"
        wrap = _never_repeat if isinstance(chunks, AsyncIterable) else _retry_once_if_unavailable
        return await wrap(call)(self)

    async def copy_snapshot_to(
        self, other: AsyncAgentClient, snapshot_id: str, *, timeout: float | None = None
    ) -> SnapshotInfo:
        """Export ``snapshot_id`` from this device and import it into ``other`` (DESIGN §2.1
        way 2); the bytes stream through this process. Returns the info ``other`` stored."""
        info, data = await self.export_snapshot(snapshot_id, timeout=timeout)
        return await other.import_snapshot(info, data, timeout=timeout)

    # -- logcat, app, oracle ----------------------------------------------------------------
    @_retry_once_if_unavailable
    async def read_logcat(
        self,
        cursor: int = 0,
        buffers: Sequence[str] = ("main", "system", "crash"),
        max_lines: int = 0,
        *,
        timeout: float | None = None,
    ) -> LogcatChunk:
        """Logcat lines (``threadtime`` format) after ``cursor`` and the cursor to go on from."""
        request = pb.ReadLogcatRequest(cursor=cursor, buffers=list(buffers), max_lines=max_lines)
        return convert.logcat_from_proto(await self._stub.ReadLogcat(request, **self._kw(timeout)))

    @_retry_once_if_unavailable
    async def install_app(
        self, app: str, version: str = "", apk_path: str = "", *, timeout: float | None = None
    ) -> AppStatus:
        """Install ``app`` (catalog name or package; ``version`` empty: its default). Raises
        ``AppNotFoundError`` for an unknown app."""
        request = pb.InstallAppRequest(app=app, version=version, apk_path=apk_path)
        reply = await self._stub.InstallApp(request, **self._kw(timeout))
        return convert.app_status_from_proto(reply)

    @_retry_once_if_unavailable
    async def reset_app(self, launch: bool = True, *, timeout: float | None = None) -> AppStatus:
        """Clear the app's data and stop it (``pm clear``), then launch it when asked."""
        request = pb.ResetAppRequest(launch=launch)
        reply = await self._stub.ResetApp(request, **self._kw(timeout))
        return convert.app_status_from_proto(reply)

    @_retry_once_if_unavailable
    async def check_bug_oracle(
        self, bug_id: str, *, timeout: float | None = None
    ) -> tuple[bool, str]:
        """Ground truth from app state: ``(triggered, detail)``. Raises ``UnsupportedError`` on
        backends without an oracle (real devices)."""
        request = pb.CheckBugOracleRequest(bug_id=bug_id)
        reply = await self._stub.CheckBugOracle(request, **self._kw(timeout))
        return reply.triggered, reply.detail


async def _aiter(items: Sequence[bytes]) -> AsyncIterator[bytes]:
    for item in items:
        yield item
