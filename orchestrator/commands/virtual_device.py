"""``reprofarm virtual-device``: a virtual device that looks like an emulator to adb.

::

    reprofarm virtual-device --app AmazeFileManager [--console-port 5554 --adb-port 5555]
    adb devices                      # emulator-5554  device
    reprofarm agent serve --backend adb --serial emulator-5554 --app AmazeFileManager

The device (a :class:`~device_agent.virtual.device.VirtualDevice` running the catalog app) gets an
emulator console on the console port and an adbd on the adb port (console + 1, the emulator
convention), and registers with the adb server (``--adb-server-port``), so the real adb and
anything built on it drive it as ``emulator-<console port>``. It runs until SIGINT/SIGTERM.
Exit status: 0 after a clean stop, 2 for bad input (unknown app, ports that do not pair up),
3 when a port is taken.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path
from typing import Any

EXIT_OK, EXIT_CONFIG, EXIT_INFRA = 0, 2, 3


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "virtual-device",
        help="run a virtual device that adb sees as an emulator (emulator-<console port>)",
    )
    parser.add_argument("--app", required=True, help="catalog app to install and launch")
    parser.add_argument("--app-dir", default="", help="directory with more virtual app models")
    parser.add_argument("--app-version", default="", help="app version (default: the app's own)")
    parser.add_argument("--console-port", type=int, default=5554, help="emulator console port")
    parser.add_argument("--adb-port", type=int, help="adbd port (must be console port + 1)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument(
        "--adb-server-port", type=int, default=5037, help="register with this adb server"
    )
    parser.add_argument(
        "--token-file", help="console auth token file (default ~/.emulator_console_auth_token)"
    )
    parser.add_argument(
        "--profile",
        choices=("instant", "emulator-grpc", "ltgdroid"),
        default="instant",
        help="latency profile (DESIGN 2.2)",
    )
    parser.add_argument("--time-scale", type=float, default=1.0, help="scale simulated delays")
    parser.add_argument(
        "--grpc-port", type=int, help="also serve the emulator gRPC subset here (0: free port)"
    )
    parser.add_argument("--port-file", help="write the console port here once serving")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from device_agent.adbd.emulator import AdbEmulator
    from device_agent.errors import AppNotFoundError
    from device_agent.virtual.device import VirtualDevice

    if args.adb_port is not None and args.adb_port != args.console_port + 1:
        print(
            f"virtual-device: error: --adb-port {args.adb_port} must be --console-port + 1 "
            f"({args.console_port + 1}): adb names an emulator by its console port, adb port - 1",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    if args.console_port != 0 and args.console_port % 2:
        print(
            f"virtual-device: error: --console-port {args.console_port} is odd; emulators use "
            "an even console port and the next one for adb (5554/5555)",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    try:
        device = VirtualDevice(
            f"emulator-{args.console_port}",
            args.app,
            profile=args.profile,
            time_scale=args.time_scale,
            app_dir=args.app_dir or None,
            version=args.app_version,
        )
        device.launch_app()
    except AppNotFoundError as exc:
        print(f"virtual-device: error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    try:
        emulator = AdbEmulator(
            device,
            args.console_port,
            host=args.host,
            token_file=Path(args.token_file) if args.token_file else None,
            grpc_port=args.grpc_port,
        )
    except OSError as exc:
        print(
            f"virtual-device: error: cannot listen on {args.host}:{args.console_port}/"
            f"{args.console_port + 1} ({exc}); is an emulator already running there? "
            "Pick other ports with --console-port",
            file=sys.stderr,
        )
        return EXIT_INFRA
    emulator.start(args.adb_server_port)
    if args.port_file:
        Path(args.port_file).write_text(f"{emulator.console_port}\n", encoding="utf-8")
    print(
        f"virtual device {emulator.serial} ({args.app}): console {args.host}:"
        f"{emulator.console_port}, adb {args.host}:{emulator.adb_port}"
        + (f", gRPC {args.host}:{emulator.grpc_port}" if emulator.grpc_port else ""),
        file=sys.stderr,
    )
    stop = threading.Event()
    previous = {s: signal.signal(s, lambda *_: stop.set()) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        while not stop.wait(0.5):
            pass
    finally:
        emulator.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return EXIT_OK
