"""The device agent's gRPC server: the ``reprofarm.v1.DeviceAgent`` API over one DeviceBackend.

One agent owns one device, and a device does one thing at a time, so every RPC that touches the
backend holds the device lock for its whole duration (a streamed export or import included).
Other RPCs wait for the lock up to their deadline; the standard health service
(``grpc.health.v1.Health``) never takes the lock, so it answers while a long call runs (the thread
pool has room for it: ``max_workers`` > 1).

Errors: a :class:`DeviceError` becomes a gRPC status (table :data:`STATUS_BY_ERROR`) with the
error's message as details, and the trailing metadata ``reprofarm-error`` names the exception
class so the client (``device_agent.client``) re-raises the same class. A malformed request is
``INVALID_ARGUMENT``; anything unexpected is ``INTERNAL``.

Security: with a ``token`` every call (except health checks, which load balancers and the local
launcher use) must carry ``authorization: Bearer <token>`` metadata, else ``UNAUTHENTICATED``.
Every request value is checked by :mod:`device_agent.validation` before the backend sees it
(identifiers against strict patterns, numbers against ranges: ``INVALID_ARGUMENT``); snapshot
imports have a size and a count quota (``RESOURCE_EXHAUSTED``).

Liveness: every wait inside a call (the device lock, a probe's settle time) ends at the call's
deadline or when the server stops; a call that holds the device longer than ``stuck_after_s``
turns the health status NOT_SERVING until it returns (:meth:`AgentServer.watch_health`).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import itertools
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent import futures
from typing import Any, TypeVar

import grpc
import structlog
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from device_agent import convert
from device_agent import validation as V
from device_agent.backend import DeviceBackend, Observation, SnapshotInfo
from device_agent.errors import (
    AgentStartupError,
    AppNotFoundError,
    BugNotFoundError,
    DeadlineError,
    DeviceError,
    HierarchyError,
    QuotaError,
    SnapshotError,
    StateMismatchError,
    UnsupportedError,
)
from device_agent.hierarchy import structural_hash
from device_agent.metrics import AGENT_METRICS, AgentMetrics
from device_agent.proto import agent_pb2 as pb
from device_agent.proto import agent_pb2_grpc as pb_grpc
from device_agent.state import DeviceState, ProbeResult, StateKeeper

SERVICE_NAME = "reprofarm.v1.DeviceAgent"
# Trailing-metadata key naming the device_agent.errors class behind a failed call.
ERROR_CLASS_KEY = "reprofarm-error"
DEFAULT_CHUNK_BYTES = 1 << 20
# An export is cut into at most this many messages, whatever chunk size was asked for.
MAX_EXPORT_CHUNKS = 256
MAX_MESSAGE_MB = 64
# Room for the health service and queued calls next to the one that holds the device.
DEFAULT_MAX_WORKERS = 16
# Snapshot import quotas of a backend that does not say (DeviceBackend.import_quota): an emulator
# snapshot is a few hundred MB; a search keeps tens of them.
DEFAULT_MAX_SNAPSHOT_MB = 4096
DEFAULT_MAX_SNAPSHOTS = 512
# A call holding the device this long means the device (or the backend) is stuck.
DEFAULT_STUCK_AFTER_S = 300.0
# This many Probe calls in a row failing on the device's side (INTERNAL, DATA_LOSS) turn health
# NOT_SERVING until one succeeds (decision 0035): a device every probe fails on is not serving.
FAILING_AFTER_PROBES = 3
# The statuses that count as the device's failure (not the caller's: bad arguments, a missing
# snapshot, a deadline or a cancelled call).
DEVICE_FAILURE_CODES = (grpc.StatusCode.INTERNAL, grpc.StatusCode.DATA_LOSS)
# Which gRPC status each error kind becomes; the first matching class wins (subclasses first).
STATUS_BY_ERROR: tuple[tuple[type[BaseException], grpc.StatusCode], ...] = (
    (QuotaError, grpc.StatusCode.RESOURCE_EXHAUSTED),
    (StateMismatchError, grpc.StatusCode.FAILED_PRECONDITION),
    (SnapshotError, grpc.StatusCode.FAILED_PRECONDITION),
    (UnsupportedError, grpc.StatusCode.UNIMPLEMENTED),
    (AppNotFoundError, grpc.StatusCode.NOT_FOUND),
    (BugNotFoundError, grpc.StatusCode.NOT_FOUND),
    (HierarchyError, grpc.StatusCode.DATA_LOSS),
    (DeadlineError, grpc.StatusCode.DEADLINE_EXCEEDED),
    (DeviceError, grpc.StatusCode.INTERNAL),
    (ValueError, grpc.StatusCode.INVALID_ARGUMENT),
)

log = structlog.get_logger("device_agent.server")
F = TypeVar("F", bound=Callable[..., Any])


def status_for(exc: BaseException) -> grpc.StatusCode:
    """The gRPC status code an exception maps to (``INTERNAL`` when unknown)."""
    for cls, code in STATUS_BY_ERROR:
        if isinstance(exc, cls):
            return code
    return grpc.StatusCode.INTERNAL


def _unary(fn: F) -> F:
    """Run a unary RPC under the device lock, with error mapping and one log line."""

    @functools.wraps(fn)
    def wrapper(self: DeviceAgentServicer, request: Any, context: grpc.ServicerContext) -> Any:
        with self._rpc(fn.__name__, context):
            return fn(self, request, context)
        raise AssertionError("unreachable: _rpc aborts on error")  # pragma: no cover

    return wrapper  # type: ignore[return-value]


def _streaming(fn: F) -> F:
    """Like :func:`_unary` for response-streaming RPCs: the lock is held while streaming."""

    @functools.wraps(fn)
    def wrapper(
        self: DeviceAgentServicer, request: Any, context: grpc.ServicerContext
    ) -> Iterator[Any]:
        with self._rpc(fn.__name__, context):
            yield from fn(self, request, context)

    return wrapper  # type: ignore[return-value]


class DeviceAgentServicer(pb_grpc.DeviceAgentServicer):
    """Implements every RPC of ``reprofarm.v1.DeviceAgent`` over ``backend``.

    ``keeper`` tracks which state the device is in (a fresh :class:`StateKeeper` by default);
    ``max_message_bytes`` caps export chunk sizes so they fit the channel's message limit;
    ``metrics`` receives probe phase times, snapshot sizes and errors (default: the process's
    :data:`~device_agent.metrics.AGENT_METRICS`). Quotas: an imported snapshot may have at most
    ``max_snapshot_bytes`` bytes, and an import is refused while the device holds
    ``max_snapshots`` snapshots (None: the backend's :attr:`DeviceBackend.import_quota`, what its
    states can be). ``stuck_after_s``: a call holding the device longer than this makes
    :attr:`stuck` true; :data:`FAILING_AFTER_PROBES` probes in a row failing on the device's
    side make :attr:`failing` true.
    """

    def __init__(
        self,
        backend: DeviceBackend,
        keeper: StateKeeper | None = None,
        *,
        max_message_bytes: int = MAX_MESSAGE_MB << 20,
        metrics: AgentMetrics | None = None,
        max_snapshot_bytes: int | None = None,
        max_snapshots: int | None = None,
        stuck_after_s: float = DEFAULT_STUCK_AFTER_S,
    ) -> None:
        self.backend = backend
        self.metrics = metrics or AGENT_METRICS
        self.keeper = keeper or StateKeeper(backend)
        self.max_message_bytes = max_message_bytes
        quota_bytes, quota_count = backend.import_quota
        self.max_snapshot_bytes = quota_bytes if max_snapshot_bytes is None else max_snapshot_bytes
        self.max_snapshots = quota_count if max_snapshots is None else max_snapshots
        self._probe_failures = 0  # Probe calls failed on the device's side in a row
        self._last_probe_failure = ""
        self.stuck_after_s = stuck_after_s
        self.log = log.bind(device_id=backend.device_id)
        self._lock = threading.Lock()
        self._time_scale: float | None = None
        # Set when the server stops: every wait inside a call ends at once.
        self.stopping = threading.Event()
        self._busy: tuple[str, float] | None = None  # (method, monotonic start) of the holder
        self._active = 0  # calls running or waiting for the device
        self._active_lock = threading.Lock()

    @property
    def active_calls(self) -> int:
        """Calls running or waiting for the device now."""
        return self._active

    @property
    def stuck(self) -> str:
        """Why the device counts as stuck (a call has held it longer than ``stuck_after_s``), or
        ``""`` when it is not."""
        busy = self._busy
        if busy is None:
            return ""
        held = time.monotonic() - busy[1]
        if held <= self.stuck_after_s:
            return ""
        return f"{busy[0]} has held the device for {held:.0f} s (limit {self.stuck_after_s:g} s)"

    @property
    def failing(self) -> str:
        """Why the device counts as failing (the last :data:`FAILING_AFTER_PROBES` Probe calls
        or more failed on its side, none succeeded since), or ``""``."""
        if self._probe_failures < FAILING_AFTER_PROBES:
            return ""
        return (
            f"{self._probe_failures} probes in a row failed on the device (last: "
            f"{self._last_probe_failure})"
        )

    def _count_probe(self, failure: BaseException | None, code: grpc.StatusCode) -> None:
        if failure is None:
            self._probe_failures = 0
        elif code in DEVICE_FAILURE_CODES:
            self._probe_failures += 1
            self._last_probe_failure = (str(failure) or type(failure).__name__)[:200]

    # -- plumbing ---------------------------------------------------------------------------
    @contextlib.contextmanager
    def _rpc(self, method: str, context: grpc.ServicerContext) -> Iterator[None]:
        start = time.perf_counter()
        failure: BaseException | None = None
        with self._active_lock:
            self._active += 1
        try:
            self._acquire(context, method)
            self._busy = (method, time.monotonic())
            skipped = self.keeper.dumps_skipped  # calls hold the device: the delta is this one's
            try:
                yield
            finally:
                self.metrics.count_dumps_skipped(self.keeper.dumps_skipped - skipped)
                self._busy = None
                self._lock.release()
        except Exception as exc:  # noqa: BLE001 - every failure becomes a status, below
            failure = exc
        finally:
            with self._active_lock:
                self._active -= 1
        code = status_for(failure) if failure is not None else grpc.StatusCode.OK
        if method == "Probe":
            self._count_probe(failure, code)
        ms = round((time.perf_counter() - start) * 1000, 1)
        if failure is None:
            self.log.info("rpc", method=method, status=code.name, ms=ms)
            return
        self.metrics.count_error(failure)
        detail = str(failure) or type(failure).__name__
        if not isinstance(failure, (DeviceError, ValueError)):
            detail = f"{type(failure).__name__}: {detail}"
            self.log.exception("rpc", method=method, status=code.name, ms=ms, error=detail)
        else:
            self.log.info("rpc", method=method, status=code.name, ms=ms, error=detail)
        context.set_trailing_metadata(((ERROR_CLASS_KEY, type(failure).__name__),))
        context.abort(code, detail)

    def _acquire(self, context: grpc.ServicerContext, method: str) -> None:
        """Take the device lock, waiting at most until the call's deadline."""
        remaining = context.time_remaining()
        end = time.monotonic() + (remaining if remaining is not None else float("inf"))
        while not self._lock.acquire(timeout=max(min(end - time.monotonic(), 0.5), 0.0)):
            if self.stopping.is_set():
                raise DeadlineError(f"{method}: device agent {self.backend.device_id} is stopping")
            if time.monotonic() < end:
                continue
            raise DeadlineError(
                f"{method}: device {self.backend.device_id} stayed busy with another call until "
                "the deadline; give the call a longer timeout or send fewer calls at once"
            )

    def _check_deadline(self, context: grpc.ServicerContext, phase: str) -> None:
        """Stop between phases when the caller's deadline has passed or it went away."""
        remaining = context.time_remaining()
        if (remaining is not None and remaining <= 0) or not context.is_active():
            raise DeadlineError(
                f"deadline passed after {phase} on device {self.backend.device_id}; "
                "give the call a longer timeout"
            )

    def _check_quota(self, info: SnapshotInfo) -> None:
        """Refuse an import that breaks the size or count quota (:class:`QuotaError`)."""
        if not 0 <= info.size_bytes <= self.max_snapshot_bytes:
            raise QuotaError(
                f"snapshot {info.snapshot_id!r} announces {info.size_bytes} bytes; this agent "
                f"imports at most {self.max_snapshot_bytes} bytes per snapshot (--max-snapshot-mb)"
            )
        held = self.backend.list_snapshots()
        replacing = any(s.snapshot_id == info.snapshot_id for s in held)
        if len(held) >= self.max_snapshots and not replacing:
            raise QuotaError(
                f"device {self.backend.device_id} already holds {len(held)} snapshots (quota "
                f"{self.max_snapshots}); delete some (DeleteSnapshot) before importing more"
            )

    def _observation(self, obs: Observation) -> pb.Observation:
        digest = structural_hash(obs.hierarchy_xml) if obs.hierarchy_xml else ""
        return convert.observation_to_proto(obs, digest)

    def _settle(self, device_seconds: float, context: grpc.ServicerContext) -> None:
        """Wait ``device_seconds`` of device time (scaled like the device's own delays), never
        past the call's deadline and not at all once the server stops (then
        :class:`DeadlineError`)."""
        if device_seconds <= 0:
            return
        if self._time_scale is None:
            self._time_scale = self.backend.info().time_scale
        real = device_seconds * self._time_scale
        if real <= 0:
            return
        remaining = context.time_remaining()
        if remaining is not None and remaining < real:
            self.stopping.wait(max(remaining, 0.0))
            raise DeadlineError(
                f"the settle time of {device_seconds:g} s does not fit in the call's deadline "
                f"({remaining:.1f} s left) on device {self.backend.device_id}; give the call a "
                "longer timeout or a shorter settle time"
            )
        if self.stopping.wait(real):
            raise DeadlineError(f"device agent {self.backend.device_id} is stopping")

    # -- device facts and actions -----------------------------------------------------------
    @_unary
    def GetDeviceInfo(self, request: pb.GetDeviceInfoRequest, context: Any) -> pb.DeviceInfo:
        return convert.device_info_to_proto(self.backend.info())

    @_unary
    def Observe(self, request: pb.ObserveRequest, context: Any) -> pb.Observation:
        obs = self.backend.observe(
            screenshot=not request.skip_screenshot, hierarchy=not request.skip_hierarchy
        )
        return self._observation(obs)

    @_unary
    def Execute(self, request: pb.ExecuteRequest, context: Any) -> pb.ExecuteResponse:
        action = V.check_action(convert.action_from_proto(request.action))
        self.keeper.invalidate()
        return convert.execute_result_to_proto(self.backend.execute(action))

    @_unary
    def BringToState(
        self, request: pb.BringToStateRequest, context: Any
    ) -> pb.BringToStateResponse:
        state = _checked_state(request.state)
        return convert.restore_report_to_proto(self.keeper.bring_to(state))

    @_unary
    def Probe(self, request: pb.ProbeRequest, context: grpc.ServicerContext) -> pb.ProbeResponse:
        """Bring to state → [observe before] → logcat cursor → act → [settle] → observe after →
        logcat since the cursor → [save the after-state]."""
        state = _checked_state(request.state)
        action = V.check_action(convert.action_from_proto(request.action))
        V.check_snapshot_id(request.save_snapshot_as, "save_snapshot_as", optional=True)
        V.check_number(request.settle_seconds, "settle_seconds", 0, V.MAX_SETTLE_S, unit="s")
        screenshots = not request.skip_screenshots
        restore = self.keeper.bring_to(state)
        self._check_deadline(context, "restoring the state")

        observe_seconds = 0.0
        before: Observation | None = None
        before_hash = ""
        t0 = time.perf_counter()
        if request.observe_before:
            before = self.backend.observe(screenshot=screenshots, hierarchy=True)
            before_hash = structural_hash(before.hierarchy_xml) if before.hierarchy_xml else ""
            cursor = before.logcat_cursor
        else:
            cursor = self.backend.observe(screenshot=False, hierarchy=False).logcat_cursor
        observe_seconds += time.perf_counter() - t0
        self._check_deadline(context, "observing the state")

        t0 = time.perf_counter()
        self.keeper.invalidate()
        executed = self.backend.execute(action)
        self._settle(request.settle_seconds, context)
        act_seconds = time.perf_counter() - t0  # the settle wait belongs to the action
        self._check_deadline(context, "the action")

        t0 = time.perf_counter()
        after = self.backend.observe(screenshot=screenshots, hierarchy=True)
        # A screenshot-only observation (after.hierarchy_missing) has no hash.
        after_hash = structural_hash(after.hierarchy_xml) if after.hierarchy_xml else ""
        observe_seconds += time.perf_counter() - t0
        lines = self.backend.read_logcat(cursor, ("main", "system", "crash")).lines

        saved: SnapshotInfo | None = None
        if request.save_snapshot_as:
            self._check_deadline(context, "observing the result")
            saved = self.backend.save_snapshot(request.save_snapshot_as)
        # An action that was not performed left the device where it was.
        reached = state.child(action, request.save_snapshot_as, after_hash)
        if not after_hash:
            self.keeper.invalidate()  # where it is cannot be checked: restore next time
        elif executed.performed:
            self.keeper.mark(reached, after_hash)
            # The after-screen is the next probe's known before-screen (decision 0019).
            self.keeper.remember(reached, after_hash, saved)
        elif not executed.dirty:
            self.keeper.mark(state, after_hash)
            self.keeper.remember(state, after_hash, saved)
        self.metrics.observe_probe(restore.seconds, act_seconds, observe_seconds)
        if saved is not None:
            self.metrics.observe_snapshot("save", saved.size_bytes)
        result = ProbeResult(
            device_id=self.backend.device_id,
            restore_method=restore.method,
            restore_seconds=restore.seconds,
            act_seconds=act_seconds,
            observe_seconds=observe_seconds,
            executed=executed,
            after=after,
            before=before,
            logcat=list(lines),
            saved_snapshot=saved,
            reached_hash=restore.reached_hash or before_hash,
            before_hash=before_hash,
            after_hash=after_hash,
        )
        return convert.probe_result_to_proto(result)

    # -- snapshots --------------------------------------------------------------------------
    @_unary
    def SaveSnapshot(self, request: pb.SaveSnapshotRequest, context: Any) -> pb.SnapshotInfo:
        snapshot_id = V.check_snapshot_id(request.snapshot_id)
        self.keeper.forget_screens(snapshot_id)  # paths from it may lead elsewhere now
        info = self.backend.save_snapshot(snapshot_id)
        self.metrics.observe_snapshot("save", info.size_bytes)
        return convert.snapshot_info_to_proto(info)

    @_unary
    def LoadSnapshot(
        self, request: pb.LoadSnapshotRequest, context: Any
    ) -> pb.LoadSnapshotResponse:
        report = self.keeper.load(V.check_snapshot_id(request.snapshot_id))
        return pb.LoadSnapshotResponse(
            seconds=report.seconds,
            reached_hash=report.reached_hash,
            method=convert.restore_method_to_proto(report.method),
        )

    @_unary
    def ListSnapshots(
        self, request: pb.ListSnapshotsRequest, context: Any
    ) -> pb.ListSnapshotsResponse:
        infos = self.backend.list_snapshots()
        return pb.ListSnapshotsResponse(
            snapshots=[convert.snapshot_info_to_proto(i) for i in infos]
        )

    @_unary
    def DeleteSnapshot(
        self, request: pb.DeleteSnapshotRequest, context: Any
    ) -> pb.DeleteSnapshotResponse:
        snapshot_id = V.check_snapshot_id(request.snapshot_id)
        self.keeper.forget_screens(snapshot_id)
        return pb.DeleteSnapshotResponse(deleted=self.backend.delete_snapshot(snapshot_id))

    @_streaming
    def ExportSnapshot(
        self, request: pb.ExportSnapshotRequest, context: Any
    ) -> Iterator[pb.SnapshotChunk]:
        # Leave room for the message envelope inside the channel's size limit.
        limit = max(self.max_message_bytes - (64 << 10), 1 << 10)
        V.check_snapshot_id(request.snapshot_id)
        V.check_number(request.chunk_bytes, "chunk_bytes", 0, V.MAX_CHUNK_BYTES, unit="bytes")
        chunk_bytes = min(request.chunk_bytes or DEFAULT_CHUNK_BYTES, limit)
        start = time.perf_counter()
        info, pieces = self.backend.export_snapshot(
            request.snapshot_id, max(chunk_bytes, min(DEFAULT_CHUNK_BYTES, limit))
        )
        # A tiny chunk size must not turn a big snapshot into millions of messages.
        step = max(chunk_bytes, -(-info.size_bytes // MAX_EXPORT_CHUNKS))
        first = True
        for data in _rechunk(pieces, min(step, limit)):
            if first:
                yield pb.SnapshotChunk(info=convert.snapshot_info_to_proto(info), data=data)
                first = False
            else:
                yield pb.SnapshotChunk(data=data)
        if first:  # an empty snapshot still announces itself
            yield pb.SnapshotChunk(info=convert.snapshot_info_to_proto(info))
        self.metrics.observe_snapshot("export", info.size_bytes)
        self.metrics.observe_transfer("export", time.perf_counter() - start)

    def ImportSnapshot(
        self, request_iterator: Iterator[pb.SnapshotChunk], context: grpc.ServicerContext
    ) -> pb.SnapshotInfo:
        with self._rpc("ImportSnapshot", context):
            start = time.perf_counter()
            first = next(request_iterator, None)
            if first is None or not first.HasField("info"):
                raise ValueError("ImportSnapshot: the first chunk must carry the SnapshotInfo")
            info = convert.snapshot_info_from_proto(first.info)
            V.check_snapshot_id(info.snapshot_id, "info.snapshot_id")
            V.check_hash(info.sha256, "info.sha256")
            self._check_quota(info)
            compat = self.backend.info().snapshot_compat_key
            if info.compat_key != compat:
                raise SnapshotError(
                    f"snapshot {info.snapshot_id!r} comes from a device with compatibility key "
                    f"{info.compat_key!r}, this device ({self.backend.device_id}) has {compat!r}: "
                    "only devices with the same system image, screen and app build share snapshots"
                )
            data = _verified(
                info, first.data, (c.data for c in request_iterator), self.max_snapshot_bytes
            )
            self.keeper.forget_screens(info.snapshot_id)
            stored = self.backend.import_snapshot(info, data)
            self.metrics.observe_snapshot("import", stored.size_bytes)
            self.metrics.observe_transfer("import", time.perf_counter() - start)
            return convert.snapshot_info_to_proto(stored)
        raise AssertionError("unreachable: _rpc aborts on error")  # pragma: no cover

    # -- logcat, app, oracle ----------------------------------------------------------------
    @_unary
    def ReadLogcat(self, request: pb.ReadLogcatRequest, context: Any) -> pb.ReadLogcatResponse:
        buffers = V.check_buffers(request.buffers) or ("main", "system", "crash")
        V.check_number(request.cursor, "cursor", 0, 2**63 - 1)
        V.check_number(request.max_lines, "max_lines", 0, V.MAX_LOGCAT_LINES, unit="lines")
        chunk = self.backend.read_logcat(request.cursor, buffers, request.max_lines)
        return convert.logcat_to_proto(chunk)

    @_unary
    def InstallApp(self, request: pb.InstallAppRequest, context: Any) -> pb.AppStatus:
        if request.app:
            V.check_id(request.app, "app", V.APP_NAME_RE)
        if request.version:
            V.check_id(request.version, "version", V.VERSION_RE)
        if request.apk_path:
            # A file name inside the agent's --apk-dir, never a path on the agent's host.
            V.check_id(request.apk_path, "apk_path", V.APK_NAME_RE)
        self.keeper.invalidate()
        self.keeper.forget_screens()
        status = self.backend.install_app(request.app, request.version, request.apk_path)
        return convert.app_status_to_proto(status)

    @_unary
    def LaunchApp(self, request: pb.LaunchAppRequest, context: Any) -> pb.AppStatus:
        self.keeper.invalidate()
        return convert.app_status_to_proto(self.backend.launch_app())

    @_unary
    def ResetApp(self, request: pb.ResetAppRequest, context: Any) -> pb.AppStatus:
        self.keeper.invalidate()
        return convert.app_status_to_proto(self.backend.reset_app(request.launch))

    @_unary
    def CheckBugOracle(
        self, request: pb.CheckBugOracleRequest, context: Any
    ) -> pb.CheckBugOracleResponse:
        bug_id = V.check_id(request.bug_id, "bug_id", V.BUG_ID_RE)
        triggered, detail = self.backend.check_bug_oracle(bug_id)
        return pb.CheckBugOracleResponse(triggered=triggered, detail=detail)


def _rechunk(pieces: Iterable[bytes], size: int) -> Iterator[bytes]:
    """The bytes of ``pieces`` again, in chunks of exactly ``size`` bytes (the last shorter)."""
    buffer = bytearray()
    for piece in pieces:
        buffer += piece
        while len(buffer) >= size:
            yield bytes(buffer[:size])
            del buffer[:size]
    if buffer:
        yield bytes(buffer)


def _checked_state(msg: pb.DeviceState) -> DeviceState:
    """A request's device state, every identifier and action checked (``ValueError``)."""
    if len(msg.prefix) > V.MAX_PREFIX_ACTIONS:
        raise ValueError(
            f"state.prefix has {len(msg.prefix)} actions; at most {V.MAX_PREFIX_ACTIONS} are "
            "accepted (save a snapshot on the way instead)"
        )
    V.check_snapshot_id(msg.base_snapshot, "state.base_snapshot")
    V.check_snapshot_id(msg.snapshot_id, "state.snapshot_id", optional=True)
    V.check_hash(msg.expected_hash, "state.expected_hash")
    state = convert.state_from_proto(msg)
    for i, action in enumerate(state.prefix):
        V.check_action(action, f"state.prefix[{i}]")
    return state


def _verified(
    info: SnapshotInfo, head: bytes, rest: Iterable[bytes], max_bytes: int
) -> Iterator[bytes]:
    """Pass the streamed bytes through, raising :class:`SnapshotError` at the end when their
    size or sha256 differs from ``info`` (the backend then stores nothing), and
    :class:`QuotaError` as soon as more than ``max_bytes`` arrived."""
    digest = hashlib.sha256()
    size = 0
    for piece in itertools.chain((head,), rest):
        if piece:
            digest.update(piece)
            size += len(piece)
            if size > max_bytes:
                raise QuotaError(
                    f"snapshot {info.snapshot_id!r} is larger than this agent's import quota of "
                    f"{max_bytes} bytes; start the agent with a larger --max-snapshot-mb"
                )
            yield piece
    if size != info.size_bytes or digest.hexdigest() != info.sha256:
        raise SnapshotError(
            f"snapshot {info.snapshot_id!r} arrived corrupt: {size} bytes with sha256 "
            f"{digest.hexdigest()[:16]}…, expected {info.size_bytes} bytes with sha256 "
            f"{info.sha256[:16]}…; export it again"
        )


class _TokenInterceptor(grpc.ServerInterceptor):
    """Rejects calls without ``authorization: Bearer <token>`` (health checks stay open)."""

    def __init__(self, token: str) -> None:
        self._expected = f"Bearer {token}".encode()

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler | None:
        method = handler_call_details.method or ""
        if method.startswith("/grpc.health.v1.Health/"):
            return continuation(handler_call_details)
        given = ""
        for key, value in handler_call_details.invocation_metadata or ():
            if key == "authorization":
                given = value if isinstance(value, str) else value.decode()
        if hmac.compare_digest(given.encode(), self._expected):
            return continuation(handler_call_details)
        handler = continuation(handler_call_details)
        reason = "a bearer token" if not given else "the right bearer token"
        message = (
            f"this device agent requires {reason}: send metadata 'authorization: Bearer <token>' "
            "(AgentClient(token=...))"
        )

        def deny(request: Any, context: grpc.ServicerContext) -> Any:
            context.abort(grpc.StatusCode.UNAUTHENTICATED, message)

        if handler is None:
            return None
        if handler.request_streaming and handler.response_streaming:
            return grpc.stream_stream_rpc_method_handler(deny)
        if handler.request_streaming:
            return grpc.stream_unary_rpc_method_handler(deny)
        if handler.response_streaming:
            return grpc.unary_stream_rpc_method_handler(deny)
        return grpc.unary_unary_rpc_method_handler(deny)


class AgentServer(grpc.Server):
    """A started ``grpc.Server`` that also flips the health status to NOT_SERVING when stopped.

    ``servicer`` is the :class:`DeviceAgentServicer`, ``health`` the health servicer, ``port``
    the bound port.
    """

    def __init__(
        self, server: grpc.Server, servicer: DeviceAgentServicer, health_servicer: Any, port: int
    ) -> None:
        self._server = server
        self.servicer = servicer
        self.health = health_servicer
        self.port = port
        self._serving = True
        self._watching = threading.Event()

    def watch_health(self, interval_s: float = 1.0) -> None:
        """Start a daemon thread that reports NOT_SERVING while the device is stuck (a call has
        held it longer than ``stuck_after_s``), failing (:attr:`DeviceAgentServicer.failing`:
        probes keep failing on the device's side) or the backend says it is unhealthy (an adb
        device after failures in a row; it is asked ``check_health()`` then), and SERVING again
        once neither holds. Stops with :meth:`stop`."""

        def watch() -> None:
            backend = self.servicer.backend
            degraded = False  # NOT_SERVING was set by this watcher (not by the owner)
            while not self._watching.wait(interval_s):
                problem = self.servicer.stuck or self.servicer.failing
                if not problem and not getattr(backend, "healthy", True):
                    check = getattr(backend, "check_health", None)
                    if check is None or not check():
                        problem = getattr(backend, "last_failure", "") or "the device is unhealthy"
                if problem and not degraded and self._serving:
                    degraded = True
                    self.set_serving(False)
                elif not problem and degraded:
                    degraded = False
                    self.set_serving(True)
                else:
                    continue
                log.warning(
                    "agent_health",
                    device_id=backend.device_id,
                    serving=not problem,
                    problem=problem,
                )

        threading.Thread(target=watch, name="agent-health", daemon=True).start()

    def set_serving(self, serving: bool) -> None:
        """Report SERVING or NOT_SERVING, for the server as a whole and for the agent service."""
        status = (
            health_pb2.HealthCheckResponse.SERVING
            if serving
            else health_pb2.HealthCheckResponse.NOT_SERVING
        )
        self._serving = serving
        self.health.set("", status)
        self.health.set(SERVICE_NAME, status)

    def add_generic_rpc_handlers(self, generic_rpc_handlers: Any) -> None:
        self._server.add_generic_rpc_handlers(generic_rpc_handlers)

    def add_registered_method_handlers(self, service_name: str, method_handlers: Any) -> None:
        self._server.add_registered_method_handlers(service_name, method_handlers)

    def add_insecure_port(self, address: str) -> int:
        return self._server.add_insecure_port(address)

    def add_secure_port(self, address: str, server_credentials: grpc.ServerCredentials) -> int:
        return self._server.add_secure_port(address, server_credentials)

    def start(self) -> None:
        self._server.start()

    def stop(self, grace: float | None) -> threading.Event:
        """NOT_SERVING first (so health checks see the agent leaving), end every wait inside a
        running call, then stop serving."""
        self._watching.set()
        self.health.enter_graceful_shutdown()
        self.servicer.stopping.set()
        return self._server.stop(grace)

    def wait_for_termination(self, timeout: float | None = None) -> bool:
        return self._server.wait_for_termination(timeout)


def channel_options(max_message_mb: int = MAX_MESSAGE_MB) -> list[tuple[str, int]]:
    """gRPC options shared by server and client: message size limits in both directions."""
    limit = max_message_mb << 20
    return [
        ("grpc.max_send_message_length", limit),
        ("grpc.max_receive_message_length", limit),
    ]


def serve(
    backend: DeviceBackend,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    token: str | None = None,
    max_message_mb: int = MAX_MESSAGE_MB,
    max_workers: int = DEFAULT_MAX_WORKERS,
    keeper: StateKeeper | None = None,
    serving: bool = True,
    metrics: AgentMetrics | None = None,
    max_snapshot_mb: int | None = None,
    max_snapshots: int | None = None,
    stuck_after_s: float = DEFAULT_STUCK_AFTER_S,
) -> tuple[AgentServer, int]:
    """Start a device agent for ``backend`` on ``host:port`` (``port`` 0: a free port).

    ``backend`` must be ready (app installed, base snapshot saved) when ``serving`` is true: the
    health service reports SERVING at once; pass ``serving=False`` and call
    ``server.set_serving(True)`` later otherwise. ``token`` enables bearer-token checks;
    ``max_message_mb`` caps messages both ways (screenshots and snapshot chunks must fit).
    ``metrics`` receives the agent's Prometheus metrics (default: the process-wide
    :data:`~device_agent.metrics.AGENT_METRICS`; serve them with ``--metrics-port``).
    ``max_snapshot_mb`` and ``max_snapshots`` are the snapshot import quotas (None: the
    backend's :attr:`~device_agent.backend.DeviceBackend.import_quota`);
    ``stuck_after_s`` is how long one call may hold the device before health says NOT_SERVING
    (the watcher runs from the start: :meth:`AgentServer.watch_health`).
    Returns ``(server, bound_port)``; the server is started. Raises :class:`AgentStartupError`
    when the address cannot be bound.
    """
    if max_workers < 2:
        raise ValueError("max_workers must be at least 2 so health checks answer during a call")
    servicer = DeviceAgentServicer(
        backend,
        keeper,
        max_message_bytes=max_message_mb << 20,
        metrics=metrics,
        max_snapshot_bytes=None if max_snapshot_mb is None else max_snapshot_mb << 20,
        max_snapshots=max_snapshots,
        stuck_after_s=stuck_after_s,
    )
    options = [*channel_options(max_message_mb), ("grpc.so_reuseport", 0)]
    interceptors = [_TokenInterceptor(token)] if token else []
    pool = futures.ThreadPoolExecutor(max_workers, thread_name_prefix=f"agent-{backend.device_id}")
    server = grpc.server(pool, options=options, interceptors=interceptors)
    pb_grpc.add_DeviceAgentServicer_to_server(servicer, server)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    try:
        bound = server.add_insecure_port(f"{host}:{port}")
    except RuntimeError as exc:
        bound = 0
        reason = str(exc)
    else:
        reason = "the port is in use or the host is not local"
    if not bound:
        raise AgentStartupError(
            f"device agent cannot listen on {host}:{port} ({reason}); pick another --port "
            "or use --port 0 for a free one"
        )
    agent = AgentServer(server, servicer, health_servicer, bound)
    agent.start()
    agent.set_serving(serving)
    agent.watch_health()
    log.info("agent_serving", device_id=backend.device_id, host=host, port=bound, auth=bool(token))
    return agent, bound
