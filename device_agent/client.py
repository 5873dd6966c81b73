"""A client for one device agent: methods that read like actions on a phone.

::

    with AgentClient("127.0.0.1:50051", token=token) as phone:
        phone.wait_ready(30)
        phone.install_app("AmazeFileManager")
        phone.save_snapshot("base")
        result = phone.probe(DeviceState("base"), Action("press_back"))

Every gRPC failure becomes a ``device_agent.errors`` exception: the agent names the class in
trailing metadata (``reprofarm-error``), so a ``SnapshotError`` raised on the device is a
``SnapshotError`` here; transport failures become :class:`AgentUnavailableError` (nobody answers),
:class:`DeadlineError` (too slow) or :class:`AuthError` (token missing or wrong).

Resilience is a wrapper, as in android_env's emulator stub: calls marked idempotent (everything
but :meth:`AgentClient.execute`, which would act twice) rebuild the channel and retry once when the
agent is UNAVAILABLE.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

import grpc
import structlog
from grpc_health.v1 import health_pb2, health_pb2_grpc

from device_agent import convert, errors
from device_agent.actions import Action
from device_agent.backend import (
    AppStatus,
    DeviceInfo,
    ExecuteResult,
    LogcatChunk,
    Observation,
    SnapshotInfo,
)
from device_agent.errors import (
    AgentUnavailableError,
    AuthError,
    DeadlineError,
    DeviceError,
)
from device_agent.proto import agent_pb2 as pb
from device_agent.proto import agent_pb2_grpc as pb_grpc
from device_agent.server import (
    DEFAULT_CHUNK_BYTES,
    ERROR_CLASS_KEY,
    MAX_MESSAGE_MB,
    SERVICE_NAME,
    channel_options,
)
from device_agent.state import DeviceState, ProbeResult, RestoreReport

__all__ = ["AgentClient", "ProbeResult", "RestoreReport", "retry_on_unavailable"]

log = structlog.get_logger("device_agent.client")
F = TypeVar("F", bound=Callable[..., Any])

# The class an error maps to when the agent did not name one (e.g. an older agent).
_FALLBACK_BY_CODE: dict[grpc.StatusCode, type[Exception]] = {
    grpc.StatusCode.FAILED_PRECONDITION: errors.SnapshotError,
    grpc.StatusCode.UNIMPLEMENTED: errors.UnsupportedError,
    grpc.StatusCode.NOT_FOUND: errors.AppNotFoundError,
    grpc.StatusCode.DATA_LOSS: errors.HierarchyError,
    grpc.StatusCode.INVALID_ARGUMENT: ValueError,
    grpc.StatusCode.RESOURCE_EXHAUSTED: errors.QuotaError,
}


def retry_on_unavailable(fn: F) -> F:
    """Decorator for idempotent :class:`AgentClient` methods: on UNAVAILABLE rebuild the
    channel and call once more; every gRPC error is mapped to a ``device_agent.errors`` class."""

    @functools.wraps(fn)
    def wrapper(self: AgentClient, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(self, *args, **kwargs)
        except grpc.RpcError as err:
            if err.code() != grpc.StatusCode.UNAVAILABLE:
                raise self._error(fn.__name__, err, kwargs.get("timeout")) from err
            log.info("agent_reconnect", address=self.address, method=fn.__name__)
            self._reconnect()
        try:
            return fn(self, *args, **kwargs)
        except grpc.RpcError as err:
            raise self._error(fn.__name__, err, kwargs.get("timeout")) from err

    return wrapper  # type: ignore[return-value]


def _once(fn: F) -> F:
    """Decorator for calls that must not be repeated: map gRPC errors, never retry (on
    UNAVAILABLE the channel is still rebuilt, for the next call)."""

    @functools.wraps(fn)
    def wrapper(self: AgentClient, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(self, *args, **kwargs)
        except grpc.RpcError as err:
            if err.code() == grpc.StatusCode.UNAVAILABLE:
                self._reconnect()
            raise self._error(fn.__name__, err, kwargs.get("timeout")) from err

    return wrapper  # type: ignore[return-value]


class AgentClient:
    """A gRPC client to the device agent at ``address`` (``host:port``).

    ``token`` is the agent's bearer token (when it requires one); ``timeout`` is the default
    per-call deadline in seconds (every method takes ``timeout=`` to override it);
    ``max_message_mb`` must match the agent's limit. The channel connects lazily: constructing
    a client never fails, the first call does (:class:`AgentUnavailableError`) when nobody
    answers. Threads may share a client (the agent serialises calls to its device anyway); use
    it as a context manager or call :meth:`close`.
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
        self._channel: grpc.Channel | None = None
        self._reconnect_lock = threading.Lock()
        self._connect()

    # -- channel ----------------------------------------------------------------------------
    def _connect(self) -> None:
        self._channel = grpc.insecure_channel(
            self.address, options=channel_options(self.max_message_mb)
        )
        self._stub = pb_grpc.DeviceAgentStub(self._channel)
        self._health = health_pb2_grpc.HealthStub(self._channel)

    def _reconnect(self) -> None:
        # The old channel is not closed here: another thread may still have a call on it; it
        # closes itself once unreferenced.
        with self._reconnect_lock:
            if self._channel is not None:
                self._connect()

    def close(self) -> None:
        """Close the channel; the client can no longer be used."""
        if self._channel is not None:
            self._channel.close()
            self._channel = None

    def __enter__(self) -> AgentClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"AgentClient({self.address!r})"

    def _kw(self, timeout: float | None) -> dict[str, Any]:
        if self._channel is None:
            raise DeviceError(f"the client for {self.address} is closed; create a new one")
        return {"timeout": self.timeout if timeout is None else timeout, "metadata": self._metadata}

    def _error(self, method: str, err: grpc.RpcError, timeout: float | None = None) -> Exception:
        """The ``device_agent.errors`` exception for a failed call; ``timeout`` is the call's own
        deadline when it overrode the client's (a deadline error names the one it ran with)."""
        code = err.code()
        details = err.details() or code.name
        if code == grpc.StatusCode.UNAVAILABLE:
            return AgentUnavailableError(
                f"no device agent answers at {self.address}: is it running? ({method}: {details})"
            )
        if code == grpc.StatusCode.UNAUTHENTICATED:
            return AuthError(
                f"the device agent at {self.address} refused {method}: {details}; pass its token "
                "(AgentClient(address, token=...), or --token/--token-env on the command line)"
            )
        if code == grpc.StatusCode.DEADLINE_EXCEEDED:
            used = self.timeout if timeout is None else timeout
            return DeadlineError(
                f"{method} on the device agent at {self.address} did not finish in time "
                f"({details}); raise the timeout (now {used:g} s) or check the device"
            )
        name = ""
        for key, value in err.trailing_metadata() or ():
            if key == ERROR_CLASS_KEY:
                name = value if isinstance(value, str) else value.decode()
        cls: type[Exception] = _FALLBACK_BY_CODE.get(code, DeviceError)
        named = getattr(errors, name, None) if name else None
        if isinstance(named, type) and issubclass(named, DeviceError):
            cls = named
        elif name == "ValueError":
            cls = ValueError
        return cls(f"{details} [device agent {self.address}, {method}]")

    # -- health -----------------------------------------------------------------------------
    def wait_ready(self, timeout: float = 30.0) -> None:
        """Block until the agent's health service reports SERVING.

        Raises :class:`AgentUnavailableError` when it does not within ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        last = "no answer"
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AgentUnavailableError(
                    f"no device agent became ready at {self.address} within {timeout:g} s "
                    f"({last}): is it running?"
                )
            try:
                reply = self._health.Check(
                    health_pb2.HealthCheckRequest(service=SERVICE_NAME),
                    timeout=min(remaining, 1.0),
                    wait_for_ready=True,
                )
            except grpc.RpcError as err:
                last = f"{err.code().name}: {err.details()}"
                if err.code() not in (
                    grpc.StatusCode.UNAVAILABLE,
                    grpc.StatusCode.DEADLINE_EXCEEDED,
                ):
                    raise self._error("wait_ready", err) from err
            else:
                if reply.status == health_pb2.HealthCheckResponse.SERVING:
                    return
                last = health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)
            time.sleep(min(0.05, max(deadline - time.monotonic(), 0)))

    @retry_on_unavailable
    def health(self, *, timeout: float = 5.0) -> str:
        """The agent's health status now: ``SERVING``, ``NOT_SERVING``..."""
        reply = self._health.Check(
            health_pb2.HealthCheckRequest(service=SERVICE_NAME), timeout=timeout
        )
        return health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)

    # -- device facts and actions -----------------------------------------------------------
    @retry_on_unavailable
    def info(self, *, timeout: float | None = None) -> DeviceInfo:
        """Static facts about the device (its id, screen, snapshot compatibility key...)."""
        return convert.device_info_from_proto(
            self._stub.GetDeviceInfo(pb.GetDeviceInfoRequest(), **self._kw(timeout))
        )

    @retry_on_unavailable
    def observe(
        self, screenshot: bool = True, hierarchy: bool = True, *, timeout: float | None = None
    ) -> Observation:
        """What the screen shows now (PNG and ``uiautomator dump`` XML, each skippable)."""
        request = pb.ObserveRequest(skip_screenshot=not screenshot, skip_hierarchy=not hierarchy)
        return convert.observation_from_proto(self._stub.Observe(request, **self._kw(timeout)))

    @_once
    def execute(self, action: Action, *, timeout: float | None = None) -> ExecuteResult:
        """Run one UI action on the current screen (never retried: it would act twice)."""
        request = pb.ExecuteRequest(action=convert.action_to_proto(action))
        return convert.execute_result_from_proto(self._stub.Execute(request, **self._kw(timeout)))

    @retry_on_unavailable
    def bring_to_state(self, state: DeviceState, *, timeout: float | None = None) -> RestoreReport:
        """Bring the device to ``state`` the cheapest way (DESIGN §2.1). Raises
        ``StateMismatchError`` when it cannot, ``SnapshotError`` when the base is missing."""
        request = pb.BringToStateRequest(state=convert.state_to_proto(state))
        reply = self._stub.BringToState(request, **self._kw(timeout))
        return convert.restore_report_from_proto(reply)

    @retry_on_unavailable
    def probe(
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
        """Bring the device to ``state``, run ``action``, observe: one fan-out item.

        ``observe_before`` adds the restored screen; ``save_snapshot_as`` saves the after-state
        under that id; ``settle_seconds`` (device time) waits after the action. Retried once on
        UNAVAILABLE: the restore makes a repeat land on the same state.
        """
        request = pb.ProbeRequest(
            state=convert.state_to_proto(state),
            action=convert.action_to_proto(action),
            observe_before=observe_before,
            save_snapshot_as=save_snapshot_as,
            skip_screenshots=not screenshots,
            settle_seconds=settle_seconds,
        )
        return convert.probe_result_from_proto(self._stub.Probe(request, **self._kw(timeout)))

    # -- snapshots --------------------------------------------------------------------------
    @retry_on_unavailable
    def save_snapshot(self, snapshot_id: str, *, timeout: float | None = None) -> SnapshotInfo:
        """Save the whole device state under ``snapshot_id`` (overwrites)."""
        request = pb.SaveSnapshotRequest(snapshot_id=snapshot_id)
        reply = self._stub.SaveSnapshot(request, **self._kw(timeout))
        return convert.snapshot_info_from_proto(reply)

    @retry_on_unavailable
    def load_snapshot(self, snapshot_id: str, *, timeout: float | None = None) -> RestoreReport:
        """Restore a snapshot; the report carries the reached screen's structural hash.
        Raises ``SnapshotError`` when the device does not hold it."""
        request = pb.LoadSnapshotRequest(snapshot_id=snapshot_id)
        reply = self._stub.LoadSnapshot(request, **self._kw(timeout))
        method = convert.restore_method_from_proto(reply.method)
        return RestoreReport(method, reply.seconds, reply.reached_hash)

    @retry_on_unavailable
    def list_snapshots(self, *, timeout: float | None = None) -> list[SnapshotInfo]:
        reply = self._stub.ListSnapshots(pb.ListSnapshotsRequest(), **self._kw(timeout))
        return [convert.snapshot_info_from_proto(s) for s in reply.snapshots]

    @retry_on_unavailable
    def delete_snapshot(self, snapshot_id: str, *, timeout: float | None = None) -> bool:
        """True when the snapshot existed and is gone."""
        request = pb.DeleteSnapshotRequest(snapshot_id=snapshot_id)
        return self._stub.DeleteSnapshot(request, **self._kw(timeout)).deleted

    @retry_on_unavailable
    def export_snapshot(
        self,
        snapshot_id: str,
        chunk_bytes: int = DEFAULT_CHUNK_BYTES,
        *,
        timeout: float | None = None,
    ) -> tuple[SnapshotInfo, Iterator[bytes]]:
        """The snapshot's info and an iterator over its bytes (streamed; consume it within
        ``timeout``). Errors while streaming are mapped like any other call's."""
        request = pb.ExportSnapshotRequest(snapshot_id=snapshot_id, chunk_bytes=chunk_bytes)
        stream = self._stub.ExportSnapshot(request, **self._kw(timeout))
        first = next(stream, None)
        if first is None or not first.HasField("info"):
            raise DeviceError(
                f"device agent {self.address} exported snapshot {snapshot_id!r} without its "
                "info; is the agent the same API version?"
            )

        def data() -> Iterator[bytes]:
            if first.data:
                yield first.data
            try:
                for chunk in stream:
                    yield chunk.data
            except grpc.RpcError as err:
                raise self._error("export_snapshot", err) from err

        return convert.snapshot_info_from_proto(first.info), data()

    def import_snapshot(
        self,
        info: SnapshotInfo,
        chunks: Iterable[bytes] | bytes,
        *,
        timeout: float | None = None,
    ) -> SnapshotInfo:
        """Store a snapshot exported elsewhere. Raises ``SnapshotError`` when its checksum or
        compatibility key does not match. Retried on UNAVAILABLE only when ``chunks`` can be
        iterated twice (bytes or a sequence)."""
        if isinstance(chunks, bytes | bytearray):
            chunks = [bytes(chunks)]
        piece = DEFAULT_CHUNK_BYTES

        def requests() -> Iterator[pb.SnapshotChunk]:
            yield pb.SnapshotChunk(info=convert.snapshot_info_to_proto(info))
            for data in chunks:
                for i in range(0, len(data), piece):  # keep messages under the size limit
                    yield pb.SnapshotChunk(data=data[i : i + piece])

        def call(self: AgentClient) -> SnapshotInfo:
            reply = self._stub.ImportSnapshot(requests(), **self._kw(timeout))
            return convert.snapshot_info_from_proto(reply)

        call.__name__ = "import_snapshot"
        wrap = retry_on_unavailable if isinstance(chunks, Sequence) else _once
        return wrap(call)(self)

    def copy_snapshot_to(
        self, other: AgentClient, snapshot_id: str, *, timeout: float | None = None
    ) -> SnapshotInfo:
        """Export ``snapshot_id`` from this device and import it into ``other`` (DESIGN §2.1
        way 2); the bytes stream through this process. Returns the info ``other`` stored."""
        info, data = self.export_snapshot(snapshot_id, timeout=timeout)
        return other.import_snapshot(info, data, timeout=timeout)

    # -- logcat, app, oracle ----------------------------------------------------------------
    @retry_on_unavailable
    def read_logcat(
        self,
        cursor: int = 0,
        buffers: Sequence[str] = ("main", "system", "crash"),
        max_lines: int = 0,
        *,
        timeout: float | None = None,
    ) -> LogcatChunk:
        """Logcat lines (``threadtime`` format) after ``cursor`` and the cursor to go on from."""
        request = pb.ReadLogcatRequest(cursor=cursor, buffers=list(buffers), max_lines=max_lines)
        return convert.logcat_from_proto(self._stub.ReadLogcat(request, **self._kw(timeout)))

    @retry_on_unavailable
    def install_app(
        self, app: str, version: str = "", apk_path: str = "", *, timeout: float | None = None
    ) -> AppStatus:
        """Install ``app`` (catalog name or package; ``version`` empty: its default). Raises
        ``AppNotFoundError`` for an unknown app."""
        request = pb.InstallAppRequest(app=app, version=version, apk_path=apk_path)
        return convert.app_status_from_proto(self._stub.InstallApp(request, **self._kw(timeout)))

    @retry_on_unavailable
    def launch_app(self, *, timeout: float | None = None) -> AppStatus:
        reply = self._stub.LaunchApp(pb.LaunchAppRequest(), **self._kw(timeout))
        return convert.app_status_from_proto(reply)

    @retry_on_unavailable
    def reset_app(self, launch: bool = True, *, timeout: float | None = None) -> AppStatus:
        """Clear the app's data and stop it (``pm clear``), then launch it when asked."""
        reply = self._stub.ResetApp(pb.ResetAppRequest(launch=launch), **self._kw(timeout))
        return convert.app_status_from_proto(reply)

    @retry_on_unavailable
    def check_bug_oracle(self, bug_id: str, *, timeout: float | None = None) -> tuple[bool, str]:
        """Ground truth from app state: ``(triggered, detail)``. Raises ``UnsupportedError`` on
        backends without an oracle (real devices)."""
        request = pb.CheckBugOracleRequest(bug_id=bug_id)
        reply = self._stub.CheckBugOracle(request, **self._kw(timeout))
        return reply.triggered, reply.detail
