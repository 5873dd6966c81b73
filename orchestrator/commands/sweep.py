"""``reprofarm sweep [INPUT...] --out DIR``: many bug reports on one shared farm, scored against
ground truth (see ``orchestrator.sweep``).

INPUT is a directory of reports, an ``index.tsv``, a report file or a bug id (any mix); none means
the whole catalog. Exit status: 0 when every run finished (whatever it found), 3 when some runs
failed on infrastructure (they are redone by the same command), 2 for bad input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from orchestrator.commands.options import (
    ablation,
    add_farm_options,
    add_llm_options,
    add_push_options,
    add_search_options,
    farm_config,
    llm_settings,
    push_settings,
    search_config,
    whole_number,
)

EXIT_INFRA = 3


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "sweep", help="reproduce many bug reports on one shared farm and score them"
    )
    add_arguments(
        parser,
        inputs_help="report directories, index.tsv files, report files or bug ids "
        "(default: the catalog)",
    )
    parser.set_defaults(handler=run)


def add_arguments(parser: argparse.ArgumentParser, *, inputs_help: str) -> None:
    """The sweep's arguments (inputs, output, store, concurrency, farm, search and reasoner
    options), shared with ``nightly``."""
    parser.add_argument("inputs", nargs="*", help=inputs_help)
    parser.add_argument("--out", required=True, help="directory for the summary and the runs")
    parser.add_argument(
        "--reports-dir",
        action="append",
        default=[],
        help="where to look bug ids up (repeatable; examples/reports is always searched last)",
    )
    parser.add_argument(
        "--concurrency", type=whole_number, default=2, help="reproductions at once (2)"
    )
    parser.add_argument("--repeat", type=whole_number, default=1, help="runs per bug (1)")
    parser.add_argument("--store", default="", help="results store (default OUT/results.sqlite)")
    parser.add_argument(
        "--metrics-port",
        type=whole_number,
        default=0,
        help="serve Prometheus metrics on this port (0: off)",
    )
    parser.add_argument(
        "--metrics-host",
        default="127.0.0.1",
        help="address the metrics endpoint binds (127.0.0.1; 0.0.0.0 where it must be scraped "
        "from other hosts)",
    )
    add_push_options(parser)
    parser.add_argument(
        "--lease-timeout",
        type=float,
        default=0.0,
        help="longest wait for devices, seconds (default: --max-minutes + 5 minutes)",
    )
    add_farm_options(parser)
    add_search_options(parser)
    add_llm_options(parser)
    parser.add_argument(
        "--no-progress", action="store_true", help="log lines instead of a progress bar"
    )


def config_from_args(args: argparse.Namespace) -> Any:
    """The :class:`~orchestrator.sweep.SweepConfig` the parsed options describe."""
    from orchestrator.sweep import SweepConfig

    pushgateway, push_interval = push_settings(args)
    return SweepConfig(
        out_dir=args.out,
        inputs=tuple(args.inputs),
        reports_dirs=tuple(args.reports_dir),
        repeat=args.repeat,
        concurrency=args.concurrency,
        reasoner=args.reasoner,
        search=search_config(args),
        farm=farm_config(args),
        llm=llm_settings(args),
        ablation=ablation(args),
        store_path=args.store,
        metrics_port=args.metrics_port,
        metrics_host=args.metrics_host,
        pushgateway=pushgateway,
        push_interval_s=push_interval,
        lease_timeout_s=args.lease_timeout,
        progress=not args.no_progress,
    )


def run(args: argparse.Namespace) -> int:
    """Run the sweep; prints the table and the summary paths."""
    from orchestrator.sweep import run_sweep
    from orchestrator.sweep.summary import markdown_table

    outcome = run_sweep(config_from_args(args))
    print(markdown_table(outcome.summary), end="")
    print(
        f"ran {outcome.ran} reproductions ({outcome.already_done} already in the store, "
        f"{outcome.failed} failed) in {outcome.wall_seconds / 60:.1f} min"
    )
    paths = outcome.paths
    print(f"summary: {paths['md']}  {paths['json']}  {paths['html']}  store: {outcome.store}")
    if outcome.failed:
        print(
            f"reprofarm: {outcome.failed} reproductions failed on infrastructure; run the same "
            "command again to redo them",
            file=sys.stderr,
        )
        return EXIT_INFRA
    return 0


def build_parser() -> argparse.ArgumentParser:
    """A ``reprofarm`` parser with only this subcommand (``parse_args(["sweep", ...])``)."""
    parser = argparse.ArgumentParser(prog="reprofarm")
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    register(parser.add_subparsers(dest="command", required=True))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m orchestrator.commands.sweep ...``: the subcommand on its own, with the CLI's
    error handling (for tests and until ``cli.COMMANDS`` lists it)."""
    from orchestrator import cli

    parser = build_parser()
    original = cli.build_parser
    cli.build_parser = lambda: parser  # type: ignore[assignment]
    try:
        return cli.main(["sweep", *(sys.argv[1:] if argv is None else argv)])
    finally:
        cli.build_parser = original  # type: ignore[assignment]


if __name__ == "__main__":
    sys.exit(main())
