"""``agent serve``: run one device agent (a gRPC server owning one device) until SIGTERM/SIGINT.

::

    python -m device_agent serve --backend virtual --app AmazeFileManager --port 0 \\
        --port-file /tmp/agent.port --token-env REPROFARM_AGENT_TOKEN

Before it reports SERVING, the agent installs and launches the app and saves the base snapshot
(:data:`BASE_SNAPSHOT`), so a healthy agent is ready for probes. With ``--port 0`` it listens on a
free port and writes the port number to ``--port-file`` (how :mod:`device_agent.launcher` finds
it). Exit status (DESIGN §4): 0 after a clean shutdown, 2 for bad input or configuration (unknown
app, missing token, unavailable backend), 3 for an infrastructure failure (cannot listen, the
device fails).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any

import structlog

from device_agent.backend import DeviceBackend
from device_agent.errors import AgentStartupError, AppNotFoundError, DeviceError
from device_agent.logs import configure_logging
from device_agent.server import (
    DEFAULT_MAX_SNAPSHOT_MB,
    DEFAULT_MAX_SNAPSHOTS,
    DEFAULT_STUCK_AFTER_S,
)
from device_agent.validation import DEVICE_ID_RE, check_id, check_package

BASE_SNAPSHOT = "base"
PROFILES = ("instant", "emulator-grpc", "ltgdroid")
EXIT_OK, EXIT_CONFIG, EXIT_INFRA = 0, 2, 3
SHUTDOWN_GRACE_S = 2.0
# After SIGTERM, a call still running this long after the grace period (a wedged device) does
# not keep the process alive: it exits anyway.
FORCED_EXIT_AFTER_S = 3.0

log = structlog.get_logger("device_agent.cli")


class _ConfigError(Exception):
    """Bad command-line input (exit 2)."""


def build_parser(prog: str = "reprofarm agent serve") -> argparse.ArgumentParser:
    """The ``agent serve`` argument parser."""
    parser = argparse.ArgumentParser(
        prog=prog, description="Run a device agent: a gRPC server that owns one Android device."
    )
    parser.add_argument(
        "--backend", choices=("virtual", "adb"), default="virtual", help="device backend"
    )
    parser.add_argument("--app", help="app to install: catalog name (virtual backend)")
    parser.add_argument("--app-dir", help="directory with more virtual app models")
    parser.add_argument("--version", default="", help="app version (default: the app's own)")
    parser.add_argument(
        "--profile",
        choices=PROFILES,
        default="instant",
        help="latency profile of the virtual device (DESIGN 2.2)",
    )
    parser.add_argument(
        "--time-scale",
        type=float,
        default=1.0,
        help="multiply every simulated delay by this (0.01: 100x faster, same ratios)",
    )
    adb = parser.add_argument_group("adb backend (a real emulator or phone)")
    adb.add_argument("--serial", help="the device as `adb devices` lists it (emulator-5554)")
    adb.add_argument("--adb-host", default="127.0.0.1", help="host of the adb server")
    adb.add_argument("--adb-port", type=int, default=5037, help="port of the adb server")
    adb.add_argument("--package", help="package of the app under test (default: from --app)")
    adb.add_argument("--apk", default="", help="install this APK first")
    adb.add_argument(
        "--apk-dir",
        default="",
        help="directory of APKs that InstallApp requests may name (by file name only); "
        "without it, requests cannot install APKs",
    )
    adb.add_argument(
        "--data-dir",
        default="",
        help="the agent's own directory for snapshot files in transit (default: a private "
        "temporary directory, removed at exit)",
    )
    adb.add_argument(
        "--console-port",
        type=int,
        help="emulator console port (default: N of emulator-N; none for a phone)",
    )
    adb.add_argument(
        "--console-token-file", help="console auth token (default ~/.emulator_console_auth_token)"
    )
    adb.add_argument(
        "--ready-timeout", type=float, default=30.0, help="seconds for the screen to settle"
    )
    adb.add_argument(
        "--emulator-grpc-port",
        type=int,
        help="the emulator's gRPC port (emulator -grpc N): faster screenshots, taps and keys",
    )
    adb.add_argument(
        "--dump-timeout", type=float, default=20.0, help="seconds for one uiautomator dump"
    )
    adb.add_argument(
        "--command-timeout", type=float, default=30.0, help="seconds for one adb shell command"
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=0, help="port to listen on (0: a free one)")
    parser.add_argument("--port-file", help="write the bound port number to this file")
    auth = parser.add_mutually_exclusive_group()
    auth.add_argument("--token-env", help="require the bearer token held in this env variable")
    auth.add_argument("--token", help="require this bearer token (visible in `ps`: prefer env)")
    parser.add_argument("--device-id", help="the device's id in logs and results")
    parser.add_argument("--max-message-mb", type=int, default=64, help="gRPC message size cap")
    parser.add_argument(
        "--max-snapshot-mb",
        type=int,
        default=None,
        help="import quota: the largest snapshot accepted, in MiB (default: what the backend's "
        f"states can be: 4 for virtual, {DEFAULT_MAX_SNAPSHOT_MB} for adb)",
    )
    parser.add_argument(
        "--max-snapshots",
        type=int,
        default=None,
        help="import quota: imports are refused while the device holds this many snapshots "
        f"(default: 256 for virtual, {DEFAULT_MAX_SNAPSHOTS} for adb)",
    )
    parser.add_argument(
        "--stuck-after",
        type=float,
        default=DEFAULT_STUCK_AFTER_S,
        help="seconds one call may hold the device before health reports NOT_SERVING",
    )
    parser.add_argument(
        "--no-known-screens",
        dest="known_screens",
        action="store_false",
        help="check every restore with a hierarchy dump, even into a screen this device already "
        "recorded (default: a cheap screenshot fingerprint stands in where it proves the screen; "
        "decision 0019)",
    )
    parser.add_argument(
        "--metrics-port",
        type=int,
        default=None,
        help="serve Prometheus metrics on this port (0: a free one; default: no metrics endpoint)",
    )
    parser.add_argument(
        "--metrics-host",
        default="127.0.0.1",
        help="address the metrics endpoint binds (127.0.0.1; 0.0.0.0 where Prometheus scrapes "
        "the pod from elsewhere)",
    )
    parser.add_argument(
        "--parent-pid",
        type=int,
        default=0,
        help="stop when this process exits, however it exits (a launcher passes its own pid, so "
        "its agents never outlive it; default 0: run until signalled)",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    return parser


def _token(args: argparse.Namespace) -> str | None:
    if args.token_env:
        value = os.environ.get(args.token_env, "")
        if not value:
            raise _ConfigError(
                f"--token-env {args.token_env}: that environment variable is unset or empty; "
                "export the token there, or drop --token-env to run without authentication"
            )
        return value
    return args.token or None


def _virtual_backend(args: argparse.Namespace, device_id: str) -> DeviceBackend:
    """A VirtualDevice with the app installed and launched and the base snapshot saved."""
    if not args.app:
        raise _ConfigError("--app is required with --backend virtual (see `reprofarm apps`)")
    if args.time_scale < 0:
        raise _ConfigError(f"--time-scale must be >= 0, got {args.time_scale}")
    if args.app_dir and not Path(args.app_dir).is_dir():
        raise _ConfigError(f"--app-dir {args.app_dir!r} is not a directory")
    from device_agent.virtual.device import VirtualDevice

    device = VirtualDevice(
        device_id, None, profile=args.profile, time_scale=args.time_scale, app_dir=args.app_dir
    )
    device.install_app(args.app, args.version)  # AppNotFoundError names the known apps
    device.launch_app()
    device.save_snapshot(BASE_SNAPSHOT)
    return device


def _adb_backend(args: argparse.Namespace, device_id: str) -> DeviceBackend:
    """An AdbDevice set up (animations off, portrait), the app installed, cleared and launched,
    and the base snapshot saved (on a phone: the app's fresh start)."""
    if not args.serial:
        raise _ConfigError("--serial is required with --backend adb (see `adb devices`)")
    package, label = args.package or "", ""
    if args.app:
        from device_agent.virtual.catalog import load_app

        try:
            model = load_app(args.app, args.app_dir, args.version)
            package, label = package or model.package, model.label
        except AppNotFoundError:
            if not package:
                raise
    if not package:
        raise _ConfigError("--backend adb needs --package (or --app naming a catalog app)")
    try:
        check_package(package, "--package")
    except ValueError as exc:
        raise _ConfigError(str(exc)) from None
    if args.apk_dir and not Path(args.apk_dir).is_dir():
        raise _ConfigError(f"--apk-dir {args.apk_dir!r} is not a directory")
    from device_agent.adb.backend import AdbDevice, ensure_adb_server

    ensure_adb_server(args.adb_host, args.adb_port)
    console_port = args.console_port if args.console_port is not None else -1
    device = AdbDevice(
        device_id,
        args.serial,
        package=package,
        label=label,
        adb_host=args.adb_host,
        adb_port=args.adb_port,
        apk_path=args.apk,
        apk_dir=args.apk_dir or None,
        data_dir=args.data_dir or None,
        console_port=console_port,
        console_token_file=Path(args.console_token_file) if args.console_token_file else None,
        ready_timeout_s=args.ready_timeout,
        emulator_grpc_port=args.emulator_grpc_port,
        dump_timeout_s=args.dump_timeout,
        command_timeout_s=args.command_timeout,
    )
    device.setup()
    device.install_app(args.app or package, args.version)  # the --apk given to the constructor
    device.reset_app(launch=True)
    device.save_snapshot(BASE_SNAPSHOT)
    return device


# How often an agent with --parent-pid checks that its parent lives (the longest it outlives it).
PARENT_POLL_S = 0.5


def _watch_parent(parent_pid: int, stop: threading.Event) -> None:
    """Set ``stop`` once ``parent_pid`` is no longer this process's parent: when a parent dies,
    even by SIGKILL, the kernel hands its children to another process (init or a subreaper), so
    ``getppid()`` changes. Works on every POSIX system, unlike Linux's ``PR_SET_PDEATHSIG``, which
    fires when the parent's *thread* that started us ends, not the parent."""
    while not stop.wait(PARENT_POLL_S):
        if os.getppid() != parent_pid:
            log.warning("agent_parent_gone", parent_pid=parent_pid)
            stop.set()


def _write_port_file(path: str, port: int) -> None:
    """Write atomically, so a reader never sees a half-written number."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(f"{port}\n", encoding="utf-8")
    os.replace(tmp, target)


def serve_main(argv: list[str]) -> int:
    """Run ``agent serve`` with ``argv`` (the arguments after ``serve``); returns the exit
    status. Blocks until SIGTERM or SIGINT, then stops serving (health NOT_SERVING first)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    configure_logging(verbose=args.verbose)
    device_id = args.device_id or f"{args.backend}-{os.getpid()}"
    try:
        if args.max_message_mb < 1:
            raise _ConfigError(f"--max-message-mb must be at least 1, got {args.max_message_mb}")
        for flag, value in (
            ("--max-snapshot-mb", args.max_snapshot_mb),
            ("--max-snapshots", args.max_snapshots),
        ):
            if value is not None and value < 1:
                raise _ConfigError(f"{flag} must be at least 1, got {value}")
        if not 0 < args.stuck_after < float("inf"):
            raise _ConfigError(f"--stuck-after must be a positive number, got {args.stuck_after}")
        try:
            check_id(device_id, "--device-id", DEVICE_ID_RE)
        except ValueError as exc:
            raise _ConfigError(str(exc)) from None
        token = _token(args)
        if args.backend == "adb":
            backend = _adb_backend(args, device_id)
        else:
            backend = _virtual_backend(args, device_id)
    except (_ConfigError, AppNotFoundError) as exc:
        print(f"agent serve: error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except DeviceError as exc:
        print(f"agent serve: device error: {exc}", file=sys.stderr)
        return EXIT_INFRA
    except Exception:  # noqa: BLE001 - a broken backend is an infrastructure failure
        traceback.print_exc()
        print("agent serve: the device backend failed to start (traceback above)", file=sys.stderr)
        return EXIT_INFRA

    from device_agent.server import serve
    from device_agent.state import StateKeeper

    try:
        server, port = serve(
            backend,
            host=args.host,
            port=args.port,
            token=token,
            max_message_mb=args.max_message_mb,
            max_snapshot_mb=args.max_snapshot_mb,
            max_snapshots=args.max_snapshots,
            stuck_after_s=args.stuck_after,
            keeper=StateKeeper(backend, known_screens=args.known_screens),
        )
    except AgentStartupError as exc:
        print(f"agent serve: error: {exc}", file=sys.stderr)
        backend.close()
        return EXIT_INFRA

    metrics_http: Any = None
    if args.metrics_port is not None:
        from device_agent.metrics import start_metrics_server

        try:
            metrics_http, _, metrics_port = start_metrics_server(
                args.metrics_port, args.metrics_host
            )
        except AgentStartupError as exc:
            print(f"agent serve: error: {exc}", file=sys.stderr)
            server.stop(0).wait()
            backend.close()
            return EXIT_INFRA
        log.info("agent_metrics", device_id=device_id, host=args.metrics_host, port=metrics_port)

    stop = threading.Event()

    def on_signal(signum: int, frame: object) -> None:
        log.info("agent_stopping", device_id=device_id, signal=signal.Signals(signum).name)
        stop.set()

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    if args.parent_pid:
        if os.getppid() != args.parent_pid:  # the parent died before we got here
            stop.set()
        threading.Thread(
            target=_watch_parent, args=(args.parent_pid, stop), name="parent", daemon=True
        ).start()
    try:
        if args.port_file:
            _write_port_file(args.port_file, port)
        print(f"device agent {device_id} serving on {args.host}:{port}", file=sys.stderr)
        while not stop.wait(0.5):
            pass
    finally:
        server.stop(SHUTDOWN_GRACE_S).wait(SHUTDOWN_GRACE_S + FORCED_EXIT_AFTER_S)
        if metrics_http is not None:
            metrics_http.shutdown()
        backend.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        log.info("agent_stopped", device_id=device_id)
    _exit_despite_wedged_calls(server.servicer, device_id)
    return EXIT_OK


def _exit_despite_wedged_calls(servicer: Any, device_id: str) -> None:
    """End the process now when a call is still running after :data:`FORCED_EXIT_AFTER_S` (a
    backend wedged inside a device command): the gRPC worker threads are joined at interpreter
    exit and would keep a stopped agent alive. Returns at once when no call runs."""
    deadline = time.monotonic() + FORCED_EXIT_AFTER_S
    while servicer.active_calls:
        if time.monotonic() >= deadline:
            log.warning(
                "agent_forced_exit", device_id=device_id, running_calls=servicer.active_calls
            )
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(EXIT_OK)
        time.sleep(0.1)
