"""``reprofarm reproduce REPORT --out DIR``: one bug report → ``result.json`` + ``report.html``."""

from __future__ import annotations

import argparse
import os
import sys
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
)
from orchestrator.config import RunConfig


def register(sub: Any) -> None:
    parser = sub.add_parser("reproduce", help="reproduce one bug report")
    parser.add_argument("report", help="bug report: LTGDroid JSON, or a Markdown/text file")
    parser.add_argument("--out", required=True, help="directory for result.json and report.html")
    add_farm_options(parser)
    add_search_options(parser)
    add_llm_options(parser)
    add_push_options(parser)
    parser.add_argument(
        "--overwrite",
        action="store_true",
        help="replace an earlier run's files in --out (result.json, report.html, screens/...)",
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="plain log lines instead of a live display"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run the reproduction; prints the verdict and the output paths; returns 0/1/3."""
    from orchestrator.run import reproduce

    pushgateway, push_interval = push_settings(args)
    config = RunConfig(
        report_path=args.report,
        out_dir=args.out,
        reasoner=args.reasoner,
        search=search_config(args),
        farm=farm_config(args),
        progress=not args.no_progress,
        llm=llm_settings(args),
        ablation=ablation(args),
        overwrite=args.overwrite,
    )
    try:
        if pushgateway:
            result, code = _reproduce_and_push(config, pushgateway, push_interval)
        else:
            result, code = reproduce(config)
    except KeyboardInterrupt:
        return _interrupted(args.out)
    line = f"{result['bug_id']}: {result['verdict']}"
    if result["reproduced"]:
        steps, executed = len(result["trace"]), result["actions_executed"]
        line += (
            f" in {steps} action{'s' if steps != 1 else ''} ({executed} executed while exploring)"
        )
    elif result.get("search", {}).get("stop_reason"):
        line += f" ({result['search']['stop_reason']})"
    print(line)
    for warning in result.get("warnings", []):
        print(f"reprofarm: warning: {warning}", file=sys.stderr)
    if result.get("error"):
        print(f"reprofarm: {result['error']}", file=sys.stderr)
    out = args.out
    print(f"result: {os.path.join(out, 'result.json')}  report: {os.path.join(out, 'report.html')}")
    return code


def _interrupted(out: str) -> int:
    """Ctrl-C or SIGTERM ended the run: say where its partial result is (the generic message's
    "run the same command again" would be refused, the --out now holding that result)."""
    import json

    from orchestrator.cli import EXIT_INTERRUPTED
    from orchestrator.run import VERDICT_INTERRUPTED

    path = os.path.join(out, "result.json")
    try:
        with open(path, encoding="utf-8") as f:
            written = json.load(f).get("verdict") == VERDICT_INTERRUPTED
    except (OSError, ValueError):
        written = False
    where = (
        f"what ran is in {path} (verdict {VERDICT_INTERRUPTED}); run again with --overwrite "
        "to start over"
        if written
        else "run the same command again to start over"
    )
    print(f"reprofarm: interrupted; local devices were stopped; {where}", file=sys.stderr)
    return EXIT_INTERRUPTED


def _reproduce_and_push(
    config: RunConfig, pushgateway: str, interval_s: float
) -> tuple[dict[str, Any], int]:
    """:func:`~orchestrator.run.reproduce` with its metrics pushed to ``pushgateway`` (job
    ``reprofarm-reproduce``, instance: the run id): from the first progress event (bad input
    pushes nothing), every ``interval_s`` and at the end, with the verdict."""
    from orchestrator.metrics import DriverMetrics
    from orchestrator.pushgateway import MetricsPusher
    from orchestrator.run import reproduce

    metrics = DriverMetrics()
    pusher = MetricsPusher(
        metrics.exported,
        pushgateway,
        job="reprofarm-reproduce",
        instance=metrics.run_id,
        interval_s=interval_s,
    )

    def listen(event: str, data: dict[str, Any]) -> None:
        pusher.start()  # idempotent: pushes begin once the run is under way
        metrics.search_event(event, data)

    try:
        result, code = reproduce(config, listener=listen)
        metrics.reproduction_finished(result)
    finally:
        if pusher.pushes or pusher.failures:  # the run got under way: push its final counts
            metrics.run_ended()
            pusher.close()
    return result, code
