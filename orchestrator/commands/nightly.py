"""``reprofarm nightly ISSUES... --app NAME@VERSION --out DIR``: re-reproduce open issues on
tonight's build, reusing last night's verified traces (see ``orchestrator.nightly``).

ISSUES are directories of issues (LTGDroid JSON, GitHub REST issue JSON, Markdown), report files
or bug ids, as for ``sweep``. Writes ``DIR/nightly.json`` and ``DIR/nightly.html``; the results
store and the trace store default to ``DIR/results.sqlite`` (give ``--store``/``--traces`` a
fixed path so that tomorrow's run finds tonight's traces). Exit status: 0 when every issue got a
verdict, 3 when some runs failed on infrastructure (the same command redoes them), 2 for bad
input.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from orchestrator.commands.options import whole_number
from orchestrator.commands.sweep import EXIT_INFRA
from orchestrator.commands.sweep import config_from_args as sweep_config_from_args


def register(sub: Any) -> None:
    from orchestrator.commands import sweep

    parser = sub.add_parser(
        "nightly",
        help="re-reproduce open issues on a new build, replaying last night's verified traces",
    )
    # The sweep's options (farm, search, reasoner, store, metrics), then the nightly ones.
    sweep.add_arguments(parser, inputs_help="issue directories, report files or bug ids")
    parser.add_argument(
        "--traces",
        default="",
        help="trace store (SQLite; default: the results store, OUT/results.sqlite)",
    )
    parser.add_argument(
        "--night",
        default="",
        help="name of this run (default: today's UTC date); the same name resumes a killed run",
    )
    parser.add_argument(
        "--fixed-probes",
        type=whole_number,
        default=150,
        help="probes of the fresh exploration that must also miss the bug before it is "
        "called fixed (150)",
    )
    parser.add_argument(
        "--retry-misses",
        action="store_true",
        help="explore again issues a fresh exploration already missed on this build and report "
        "text (default: report them needs_attention without searching)",
    )
    parser.add_argument(
        "--no-reuse",
        action="store_true",
        help="explore every issue from scratch (the baseline the savings are measured against)",
    )
    parser.set_defaults(handler=run)


def config_from_args(args: argparse.Namespace) -> Any:
    """The sweep configuration with the nightly options set."""
    from dataclasses import replace

    from orchestrator.errors import ConfigError
    from orchestrator.nightly.job import NightlyOptions

    if args.fixed_probes < 1:
        raise ConfigError(f"--fixed-probes must be at least 1, got {args.fixed_probes}")
    if args.repeat != 1:
        raise ConfigError("--repeat does not apply to a nightly run (one verdict per issue)")
    if not args.inputs:
        raise ConfigError(
            "nightly needs the issues to re-reproduce: give issue directories, report files or "
            "bug ids"
        )
    config = sweep_config_from_args(args)
    label = args.night or datetime.now(UTC).strftime("%Y-%m-%d")
    traces = args.traces or str(config.store)
    return replace(
        config,
        nightly=NightlyOptions(
            traces_path=traces,
            fixed_probes=args.fixed_probes,
            label=label,
            reuse=not args.no_reuse,
            retry_misses=args.retry_misses,
        ),
    )


def run(args: argparse.Namespace) -> int:
    """Run the night; prints the digest's lines and the output paths."""
    from orchestrator.nightly.digest import digest_lines
    from orchestrator.nightly.run import run_nightly

    config = config_from_args(args)
    outcome = run_nightly(config)
    for line in digest_lines(outcome.digest):
        print(line)
    print(
        f"digest: {outcome.paths['html']}  {outcome.paths['json']}  "
        f"store: {outcome.sweep.store}  traces: {Path(config.nightly.traces_path)}"
    )
    if outcome.sweep.failed:
        print(
            f"reprofarm: {outcome.sweep.failed} issues failed on infrastructure; run the same "
            "command again to redo them",
            file=sys.stderr,
        )
        return EXIT_INFRA
    return 0
