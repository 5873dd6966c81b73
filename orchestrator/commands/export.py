"""``reprofarm export RESULT``: a confirmed trace as an adb script or a Maestro flow that runs
without reprofarm."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path
from typing import Any

from orchestrator.errors import BadInputError, ConfigError


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "export",
        help="write a confirmed trace as an adb shell script or a Maestro flow",
        description=(
            "Turn a reproduction into something a developer runs without reprofarm: a POSIX sh "
            "script that needs only adb (--format adb), or a Maestro flow (--format maestro)."
        ),
        epilog=(
            "repro.sh exits 0 when the bug shows (reproduced), 1 when it does not (every recorded "
            "widget was found: likely fixed), 2 when it does not show and a recorded widget was "
            "missing (the path could not be followed: the test broke), 3 on a device or setup "
            "problem. Run it as ANDROID_SERIAL=<serial> sh repro.sh [--keep-data] (skip pm "
            "clear); REPRO_DELAY=S sets the pause between steps."
        ),
    )
    parser.add_argument("result", help="result.json (or the run directory)")
    parser.add_argument(
        "--format", choices=("adb", "maestro"), default="adb", help="what to write (default: adb)"
    )
    parser.add_argument(
        "--out",
        default="",
        help="file to write (default: repro.sh or repro.maestro.yaml next to result.json)",
    )
    parser.add_argument(
        "--delay",
        type=float,
        default=1.0,
        help="adb script: default seconds between steps (REPRO_DELAY overrides it; default 1)",
    )
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")
    parser.add_argument(
        "--allow-unconfirmed",
        action="store_true",
        help="export a trace whose verdict is not crash or symptom",
    )
    parser.add_argument(
        "--screen",
        default="",
        help="WIDTHxHEIGHT the trace was recorded on, when result.json does not say",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write the file; exit 0. Bad input (no result, unconfirmed or empty trace, existing file
    without --force, unwritable path) raises ``BadInputError`` / ``ConfigError`` (exit 2)."""
    from orchestrator.export import (
        ADB_SCRIPT_NAME,
        MAESTRO_FLOW_NAME,
        adb_export,
        maestro_export,
        parse_screen_size,
    )
    from orchestrator.results import load_result

    if not (args.delay >= 0 and args.delay != float("inf")):
        raise ConfigError(f"--delay must be 0 or more seconds, got {args.delay}")
    screen = parse_screen_size(args.screen) if args.screen else None
    result = load_result(args.result)
    if args.format == "adb":
        export = adb_export(
            result,
            delay_s=args.delay,
            allow_unconfirmed=args.allow_unconfirmed,
            screen_size=screen,
        )
    else:
        export = maestro_export(
            result, allow_unconfirmed=args.allow_unconfirmed, screen_size=screen
        )
    source = Path(args.result)
    run_dir = source if source.is_dir() else source.parent
    name = ADB_SCRIPT_NAME if args.format == "adb" else MAESTRO_FLOW_NAME
    out = Path(args.out) if args.out else run_dir / name
    if out.is_dir():
        raise ConfigError(f"--out {out} is a directory; give a file name")
    if out.exists() and not args.force:
        raise ConfigError(f"{out} exists; pass --force to overwrite it or choose another --out")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(export.text, encoding="utf-8")
        if args.format == "adb":
            mode = out.stat().st_mode
            out.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    except OSError as exc:
        raise BadInputError(f"cannot write {out}: {exc.strerror or exc}") from exc
    for note in export.notes:
        print(f"note: {note}", file=sys.stderr)
    if result.get("ground_truth", {}).get("cause") == "claimed_not_triggered":
        print(
            "warning: the app model's ground truth says the search never triggered this bug; "
            "the claim is likely false and this script may pass on a fixed build",
            file=sys.stderr,
        )
    steps = len(result.get("trace", []))
    how = (
        f"run it with: ANDROID_SERIAL=<serial> sh {os.fspath(out)}"
        if args.format == "adb"
        else f"run it with: maestro test {os.fspath(out)}"
    )
    plural = "" if steps == 1 else "s"
    print(f"{result.get('bug_id', 'result')}: wrote {out} ({steps} step{plural}); {how}")
    return 0
