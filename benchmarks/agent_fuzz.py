"""Fuzz the device agent's gRPC API: seeded random and mutated requests against a real agent.

An agent serving a virtual device (OpenCalc 3.1.4) runs in this process on loopback; a seeded
``random.Random`` builds requests for every RPC from hostile values (path traversal, line breaks,
NUL, huge and non-finite numbers, unknown enum values, long prefixes, forged snapshots), and a
share of the cases are valid requests whose serialised bytes are mutated (bit flips, cuts,
insertions) and sent raw. A case *crashes* when the agent answers ``UNKNOWN``, ``INTERNAL`` from
an exception outside ``device_agent.errors`` (a bug, not a device failure), or stops answering;
every 500 cases and at the end the agent must still answer ``GetDeviceInfo`` and report SERVING.

Prints one JSON object: ``{"cases", "crashes", "slowest_case_s", "slowest_method",
"slowest_case_cpu_s", "seed", "seconds", "statuses", "crash_examples"}`` (``slowest_case_s`` is
wall time, ``slowest_case_cpu_s`` the process's CPU time for that case, which a loaded machine
does not inflate). The issue's goal: >= 10^5 cases, 0 crashes, no case over 1 s.

    python benchmarks/agent_fuzz.py --cases 100000 --seed 15
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from device_agent import errors  # noqa: E402
from device_agent.proto import agent_pb2 as pb  # noqa: E402
from device_agent.server import ERROR_CLASS_KEY, SERVICE_NAME, serve  # noqa: E402
from device_agent.virtual.device import VirtualDevice  # noqa: E402

APP, VERSION = "OpenCalc", "3.1.4"
PKG = "com.darkempire78.opencalculator"
CALL_TIMEOUT_S = 10.0
# Statuses that are a correct answer to a bad or unlucky request.
EXPECTED = {
    grpc.StatusCode.OK,
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.FAILED_PRECONDITION,
    grpc.StatusCode.NOT_FOUND,
    grpc.StatusCode.RESOURCE_EXHAUSTED,
    grpc.StatusCode.UNIMPLEMENTED,
    grpc.StatusCode.DATA_LOSS,
    grpc.StatusCode.DEADLINE_EXCEEDED,
}

STRINGS = [
    "",
    "base",
    "s1",
    "fuzz-1",
    "..",
    "../../../../tmp/reprofarm-fuzz",
    "/etc/passwd",
    "a\nb",
    "x\r\navd kill",
    "x; reboot",
    "$(id)",
    "%s%s%n",
    "\x00",
    "\U0001f600 emoji",
    "Ünïcødé",
    "A" * 300,
    "AmazeFileManager#1796",
    "OpenCalc#532",
    PKG,
    "app.apk",
    "../x.apk",
]
FLOATS = [0.0, 0.001, 0.5, 1.0, -1.0, 1e9, float("inf"), float("-inf"), float("nan"), 119.0]
INTS = [0, 1, -1, 7, 1 << 20, 2**31 - 1, -(2**31), 2**62, -(2**62)]
RESOURCES = ["oneButton", "addButton", "factorialButton", "divideBy100Button", "input", "nope"]


@dataclass
class Case:
    """One request: the RPC's name, its kind (unary, stream-out, stream-in) and the payload
    (a message, raw bytes, or a list of chunks for the client-streaming RPC)."""

    method: str
    payload: Any
    raw: bool = False


@dataclass
class Report:
    cases: int = 0
    crashes: int = 0
    slowest_case_s: float = 0.0
    slowest_method: str = ""
    slowest_case_cpu_s: float = 0.0  # CPU time of the whole process (client and agent)
    statuses: Counter[str] = field(default_factory=Counter)
    crash_examples: list[str] = field(default_factory=list)
    per_method: dict[str, float] = field(default_factory=dict)  # seconds spent per RPC


class Generator:
    """Seeded request generator (one ``random.Random``; the same seed gives the same cases)."""

    def __init__(self, seed: int, compat_key: str, snapshot: bytes) -> None:
        self.r = random.Random(seed)
        self.compat_key = compat_key
        self.snapshot = snapshot

    def s(self) -> str:
        r = self.r
        if r.random() < 0.15:
            return "".join(chr(r.randrange(0, 0x250)) for _ in range(r.randrange(0, 12)))
        return r.choice(STRINGS)

    def snapshot_id(self) -> str:
        if self.r.random() < 0.6:
            return self.r.choice(["base", "s1", "fuzz-1", "missing"])
        return self.s()

    def f(self) -> float:
        return self.r.choice(FLOATS) if self.r.random() < 0.7 else self.r.uniform(-5, 5)

    def i(self, bits: int = 32) -> int:
        value = self.r.choice(INTS)
        limit = 1 << (bits - 1)
        return max(-limit, min(limit - 1, value))

    def selector(self) -> pb.Selector:
        r = self.r
        sel = pb.Selector()
        if r.random() < 0.6:
            sel.resource_id = f"{PKG}:id/{r.choice(RESOURCES)}"
        if r.random() < 0.3:
            sel.text = self.s()
        if r.random() < 0.2:
            sel.content_desc = self.s()
        if r.random() < 0.3:
            sel.has_bounds = True
            sel.bounds.CopyFrom(
                pb.Bounds(left=self.i(), top=self.i(), right=self.i(), bottom=self.i())
                if r.random() < 0.5
                else pb.Bounds(left=100, top=800, right=300, bottom=1000)
            )
        return sel

    def action(self) -> pb.Action:
        r = self.r
        action = pb.Action()
        action.kind = r.randrange(0, 12)  # type: ignore[assignment]  # 10, 11: unknown values
        if r.random() < 0.8:
            action.target.CopyFrom(self.selector())
        if r.random() < 0.4:
            action.text = self.s()
        action.direction = r.choice(["up", "down", "left", "right", "", self.s()])
        action.orientation = r.choice(["portrait", "landscape", "", self.s()])
        return action

    def state(self) -> pb.DeviceState:
        r = self.r
        state = pb.DeviceState(base_snapshot=self.snapshot_id())
        for _ in range(r.choice([0, 0, 1, 2, 3, 1200])):
            back = pb.Action(kind=pb.PRESS_BACK)
            state.prefix.append(self.action() if r.random() < 0.5 else back)
        if r.random() < 0.3:
            state.snapshot_id = self.snapshot_id()
        if r.random() < 0.3:
            state.expected_hash = r.choice(["", "0" * 16, self.s()])
        return state

    def chunks(self) -> list[pb.SnapshotChunk]:
        r = self.r
        blob = self.snapshot
        roll = r.random()
        if roll < 0.3:  # a forged state with a valid checksum
            doc = {"format": 1, "compat_key": self.compat_key, "state": r.choice([{}, None, []])}
            blob = json.dumps(doc).encode()
        elif roll < 0.5:
            blob = bytes(r.randrange(256) for _ in range(r.randrange(0, 64)))
        info = pb.SnapshotInfo(
            snapshot_id=self.snapshot_id(),
            compat_key=self.compat_key if r.random() < 0.8 else self.s(),
            sha256=hashlib.sha256(blob).hexdigest() if r.random() < 0.8 else self.s(),
            size_bytes=len(blob) if r.random() < 0.8 else self.i(64),
        )
        out = [pb.SnapshotChunk(info=info, data=blob[:10])]
        if r.random() < 0.1:
            out = [pb.SnapshotChunk(data=blob)]  # no info first
        out += [pb.SnapshotChunk(data=blob[10:])]
        return out

    def case(self) -> Case:
        r = self.r
        method = r.choice(
            [
                "GetDeviceInfo",
                "Observe",
                "Execute",
                "Execute",
                "BringToState",
                "Probe",
                "Probe",
                "SaveSnapshot",
                "LoadSnapshot",
                "ListSnapshots",
                "DeleteSnapshot",
                "ExportSnapshot",
                "ImportSnapshot",
                "ReadLogcat",
                "InstallApp",
                "LaunchApp",
                "ResetApp",
                "CheckBugOracle",
            ]
        )
        build: dict[str, Callable[[], Any]] = {
            "GetDeviceInfo": pb.GetDeviceInfoRequest,
            "Observe": lambda: pb.ObserveRequest(
                skip_screenshot=r.random() < 0.97, skip_hierarchy=r.random() < 0.3
            ),
            "Execute": lambda: pb.ExecuteRequest(action=self.action()),
            "BringToState": lambda: pb.BringToStateRequest(state=self.state()),
            "Probe": lambda: pb.ProbeRequest(
                state=self.state(),
                action=self.action(),
                observe_before=r.random() < 0.3,
                save_snapshot_as=r.choice(["", "", "s1", self.s()]),
                skip_screenshots=r.random() < 0.95,
                settle_seconds=self.f(),
            ),
            "SaveSnapshot": lambda: pb.SaveSnapshotRequest(snapshot_id=self.snapshot_id()),
            "LoadSnapshot": lambda: pb.LoadSnapshotRequest(snapshot_id=self.snapshot_id()),
            "ListSnapshots": pb.ListSnapshotsRequest,
            "DeleteSnapshot": lambda: pb.DeleteSnapshotRequest(
                snapshot_id=r.choice(["fuzz-1", "s1", self.s()])
            ),
            "ExportSnapshot": lambda: pb.ExportSnapshotRequest(
                snapshot_id=self.snapshot_id(), chunk_bytes=self.i()
            ),
            "ImportSnapshot": self.chunks,
            "ReadLogcat": lambda: pb.ReadLogcatRequest(
                cursor=self.i(64),
                buffers=r.choice([[], ["main"], ["crash", "system"], [self.s()]]),
                max_lines=self.i(),
            ),
            "InstallApp": lambda: pb.InstallAppRequest(
                app=r.choice([APP, self.s()]),
                version=r.choice(["", VERSION, self.s()]),
                apk_path=r.choice(["", self.s()]),
            ),
            "LaunchApp": pb.LaunchAppRequest,
            "ResetApp": lambda: pb.ResetAppRequest(launch=r.random() < 0.8),
            "CheckBugOracle": lambda: pb.CheckBugOracleRequest(
                bug_id=r.choice(["OpenCalc#532", self.s()])
            ),
        }
        payload = build[method]()
        if method != "ImportSnapshot" and r.random() < 0.25:
            return Case(method, self.mutate(payload.SerializeToString()), raw=True)
        return Case(method, payload)

    def mutate(self, data: bytes) -> bytes:
        """Flip, cut, insert or duplicate bytes of a serialised request."""
        r = self.r
        buf = bytearray(data)
        for _ in range(r.randrange(1, 4)):
            op = r.randrange(4)
            if op == 0 and buf:
                buf[r.randrange(len(buf))] ^= 1 << r.randrange(8)
            elif op == 1 and buf:
                del buf[r.randrange(len(buf)) :]
            elif op == 2:
                at = r.randrange(len(buf) + 1)
                buf[at:at] = bytes(r.randrange(256) for _ in range(r.randrange(1, 8)))
            else:
                buf += buf[: r.randrange(len(buf) + 1)]
        return bytes(buf)


STREAM_OUT = {"ExportSnapshot"}
STREAM_IN = {"ImportSnapshot"}


def _invoke(channel: grpc.Channel, case: Case) -> grpc.StatusCode:
    path = f"/{SERVICE_NAME}/{case.method}"
    if case.method in STREAM_IN:
        call_in = channel.stream_unary(path, request_serializer=lambda m: m.SerializeToString())
        call_in(iter(case.payload), timeout=CALL_TIMEOUT_S)
        return grpc.StatusCode.OK
    serializer = None if case.raw else (lambda m: m.SerializeToString())
    if case.method in STREAM_OUT:
        call_out = channel.unary_stream(path, request_serializer=serializer)
        for _ in call_out(case.payload, timeout=CALL_TIMEOUT_S):
            pass
        return grpc.StatusCode.OK
    unary = channel.unary_unary(path, request_serializer=serializer)
    unary(case.payload, timeout=CALL_TIMEOUT_S)
    return grpc.StatusCode.OK


# What gRPC itself answers (INTERNAL) to bytes that are not a valid protobuf message: the request
# never reaches the agent's code.
MALFORMED = "Exception deserializing request!"


def _is_crash(err: grpc.RpcError) -> bool:
    code = err.code()  # type: ignore[attr-defined]
    if code in EXPECTED:
        return False
    if code == grpc.StatusCode.INTERNAL and err.details() == MALFORMED:  # type: ignore[attr-defined]
        return False
    if code == grpc.StatusCode.INTERNAL:
        names = [v for k, v in (err.trailing_metadata() or ()) if k == ERROR_CLASS_KEY]  # type: ignore[attr-defined]
        named = getattr(errors, str(names[0]), None) if names else None
        return not (isinstance(named, type) and issubclass(named, errors.DeviceError))
    return True


def _alive(channel: grpc.Channel) -> bool:
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    try:
        info = channel.unary_unary(
            f"/{SERVICE_NAME}/GetDeviceInfo",
            request_serializer=lambda m: m.SerializeToString(),
            response_deserializer=pb.DeviceInfo.FromString,
        )(pb.GetDeviceInfoRequest(), timeout=CALL_TIMEOUT_S)
        status = health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(), timeout=CALL_TIMEOUT_S
        )
    except grpc.RpcError:
        return False
    return bool(info.app_package) and status.status == health_pb2.HealthCheckResponse.SERVING


def fuzz(cases: int, seed: int = 15) -> Report:
    """Run ``cases`` seeded cases against a fresh in-process agent; the :class:`Report`."""
    device = VirtualDevice("fuzz", APP, version=VERSION, time_scale=0.0)
    device.launch_app()
    device.save_snapshot("base")
    _, chunks = device.export_snapshot("base")
    gen = Generator(seed, device.compat_key, b"".join(chunks))
    server, port = serve(device, max_snapshot_mb=1, max_snapshots=16, stuck_after_s=30)
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    report = Report()
    try:
        for n in _numbers(cases):
            case = gen.case()
            start = time.perf_counter()
            cpu_start = time.process_time()
            try:
                code = _invoke(channel, case)
            except grpc.RpcError as err:
                code = err.code()  # type: ignore[attr-defined]
                if _is_crash(err):
                    report.crashes += 1
                    if len(report.crash_examples) < 5:
                        detail = err.details()  # type: ignore[attr-defined]
                        report.crash_examples.append(f"{case.method}: {code.name}: {detail}")
            seconds = time.perf_counter() - start
            report.slowest_case_cpu_s = max(
                report.slowest_case_cpu_s, time.process_time() - cpu_start
            )
            report.per_method[case.method] = report.per_method.get(case.method, 0.0) + seconds
            report.cases += 1
            report.statuses[code.name] += 1
            if seconds > report.slowest_case_s:
                report.slowest_case_s, report.slowest_method = seconds, case.method
            if n % 500 == 499 and not _alive(channel):
                report.crashes += 1
                report.crash_examples.append(f"agent stopped answering after case {n + 1}")
                break
        if not _alive(channel):
            report.crashes += 1
            report.crash_examples.append("agent unhealthy at the end")
    finally:
        channel.close()
        server.stop(None)
        device.close()
    return report


def _numbers(count: int) -> Iterator[int]:
    yield from range(count)


def quiet_logs() -> None:
    """Only warnings and errors: 10^5 per-RPC info lines would cost more than the calls."""
    import logging

    import structlog

    from device_agent.logs import configure_logging

    configure_logging()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    # gRPC logs a traceback for every undecodable request; the run sends thousands on purpose.
    logging.getLogger("grpc").setLevel(logging.CRITICAL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    quiet_logs()
    start = time.perf_counter()
    report = fuzz(args.cases, args.seed)
    print(
        json.dumps(
            {
                "cases": report.cases,
                "crashes": report.crashes,
                "slowest_case_s": round(report.slowest_case_s, 4),
                "slowest_method": report.slowest_method,
                "slowest_case_cpu_s": round(report.slowest_case_cpu_s, 4),
                "seed": args.seed,
                "seconds": round(time.perf_counter() - start, 1),
                "statuses": dict(report.statuses),
                "crash_examples": report.crash_examples,
            }
        )
    )


if __name__ == "__main__":
    main()
