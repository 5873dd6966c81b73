"""``python -m device_agent serve ...``: run a device agent (see :mod:`device_agent.cli`)."""

from __future__ import annotations

import sys

USAGE = "usage: python -m device_agent serve [options]   (serve --help for the options)"


def main(argv: list[str] | None = None) -> int:
    """Dispatch the subcommand; returns the exit status (2 for an unknown one)."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "serve":
        from device_agent.cli import serve_main

        return serve_main(args[1:])
    if args and args[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
