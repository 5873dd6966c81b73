"""The ``reprofarm`` command line.

Subcommands live in ``orchestrator/commands/`` (one module each, listed in :data:`COMMANDS`);
``agent serve`` is handed to ``device_agent.cli``. Exit status (DESIGN §4): 0 reproduced, 1 not
reproduced, 2 bad input or configuration, 3 infrastructure failure. Every error is one line on
stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence

from device_agent.errors import AppNotFoundError, DeviceError
from orchestrator.commands import apps, export, nightly, replay, reproduce, sweep, virtual_device
from orchestrator.errors import ReproError

EXIT_BAD_INPUT = 2
EXIT_INFRA = 3
EXIT_INTERRUPTED = 130

COMMANDS = (reproduce, sweep, nightly, replay, export, apps, virtual_device)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reprofarm",
        description="Reproduce Android app bugs from their bug reports on a farm of devices.",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    sub = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.register(sub)
    agent = sub.add_parser("agent", help="device agent commands")
    agent_sub = agent.add_subparsers(dest="agent_command", required=True)
    agent_sub.add_parser("serve", help="serve one device over gRPC (see `agent serve --help`)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``reprofarm`` console script; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:2] == ["agent", "serve"]:
        from device_agent.cli import serve_main

        return serve_main(argv[2:])
    args = build_parser().parse_args(argv)
    from device_agent.logs import configure_logging

    configure_logging(verbose=args.verbose)
    from orchestrator.run import interrupt_on_sigterm

    interrupt_on_sigterm()
    try:
        return int(args.handler(args))
    except KeyboardInterrupt:
        print(
            "reprofarm: interrupted; local devices were stopped (run the same command again "
            "to finish)",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    except ReproError as exc:
        print(f"reprofarm: {exc}", file=sys.stderr)
        return exc.exit_code
    except DeviceError as exc:
        print(f"reprofarm: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT if isinstance(exc, AppNotFoundError) else EXIT_INFRA
    except ValueError as exc:  # e.g. a malformed action in a hand-edited result file
        print(f"reprofarm: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # Whoever read the output stopped early (`reprofarm apps | head`): nothing failed.
        # Point stdout at /dev/null so the interpreter's final flush does not fail again.
        with contextlib.suppress(OSError, ValueError, AttributeError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:
        from orchestrator.run import infrastructure_message, is_infrastructure_error

        if not is_infrastructure_error(exc):
            raise
        # Ray, gRPC or the network failed outside a reproduction (e.g. a sweep's farm start).
        print(f"reprofarm: {infrastructure_message(exc)}", file=sys.stderr)
        return EXIT_INFRA


if __name__ == "__main__":
    sys.exit(main())
