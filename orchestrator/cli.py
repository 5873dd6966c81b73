"""The ``reprofarm`` command line.

Subcommands: ``reproduce`` (one bug report → result.json + report.html), ``replay`` (check a
reported trace on a fresh device against the ground truth), ``apps`` (the virtual app catalog),
``agent serve`` (run one device agent). Exit status (DESIGN §4): 0 reproduced, 1 not reproduced,
2 bad input or configuration, 3 infrastructure failure. Every error is one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from device_agent.errors import AppNotFoundError, DeviceError
from orchestrator.config import PROFILES, FarmConfig, RunConfig, SearchConfig
from orchestrator.errors import BadInputError, InfrastructureError, ReproError

EXIT_BAD_INPUT = 2
EXIT_INFRA = 3


def _int(text: str) -> int:
    """argparse type: a whole number (range checks live in the config classes)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="reprofarm",
        description="Reproduce Android app bugs from their bug reports on a farm of devices.",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    sub = parser.add_subparsers(dest="command", required=True)

    rep = sub.add_parser("reproduce", help="reproduce one bug report")
    rep.add_argument("report", help="bug report: LTGDroid JSON, or a Markdown/text file")
    rep.add_argument(
        "--out", required=True, help="output directory for result.json and report.html"
    )
    app = rep.add_mutually_exclusive_group()
    app.add_argument(
        "--app", default="", help="catalog app name (default: inferred from the report)"
    )
    rep.add_argument("--app-dir", default="", help="directory of extra virtual app models")
    rep.add_argument("--app-version", default="", help="app version (default: the catalog's)")
    where = rep.add_mutually_exclusive_group()
    where.add_argument(
        "--devices", type=_int, default=4, help="local virtual devices to start (default 4)"
    )
    where.add_argument(
        "--agents", default="", help="running device agents, host:port,host:port,..."
    )
    rep.add_argument(
        "--token-env",
        default="REPROFARM_AGENT_TOKEN",
        help="env var holding the agents' bearer token",
    )
    rep.add_argument("--reasoner", default="heuristic", help="heuristic (offline, default)")
    rep.add_argument(
        "--profile",
        default="instant",
        choices=PROFILES,
        help="latency profile of local virtual devices",
    )
    rep.add_argument(
        "--time-scale", type=float, default=1.0, help="shrink every simulated delay by this factor"
    )
    rep.add_argument("--beam", type=_int, default=3, help="paths kept per level (default 3)")
    rep.add_argument(
        "--branch", type=_int, default=6, help="candidate widgets per screen (default 6)"
    )
    rep.add_argument(
        "--max-actions", type=_int, default=100, help="longest path in actions (default 100)"
    )
    rep.add_argument(
        "--max-probes",
        type=_int,
        default=1500,
        help="all actions executed while exploring (default 1500)",
    )
    rep.add_argument(
        "--max-minutes", type=float, default=60.0, help="wall-clock budget (default 60)"
    )
    rep.add_argument(
        "--no-progress", action="store_true", help="plain log lines instead of a live display"
    )

    rp = sub.add_parser(
        "replay", help="replay a result's trace on a fresh device and check the ground truth"
    )
    rp.add_argument("result", help="result.json (or the run directory)")
    rp.add_argument(
        "--agent", default="", help="use this running agent instead of a fresh local one"
    )
    rp.add_argument("--app-dir", default="", help="directory of extra virtual app models")

    ap = sub.add_parser("apps", help="list the virtual app catalog and the bugs each app models")
    ap.add_argument("--app-dir", default="", help="also list the apps in this directory")
    ap.add_argument("--json", action="store_true", help="machine-readable output")

    ag = sub.add_parser("agent", help="device agent commands")
    ag_sub = ag.add_subparsers(dest="agent_command", required=True)
    ag_sub.add_parser("serve", help="serve one device over gRPC", add_help=False)
    return parser


def _cmd_reproduce(args: argparse.Namespace) -> int:
    agents = tuple(a.strip() for a in args.agents.split(",") if a.strip()) if args.agents else ()
    config = RunConfig(
        report_path=args.report,
        out_dir=args.out,
        reasoner=args.reasoner,
        search=SearchConfig(
            beam=args.beam,
            branch=args.branch,
            max_actions=args.max_actions,
            max_probes=args.max_probes,
            max_minutes=args.max_minutes,
        ),
        farm=FarmConfig(
            devices=args.devices,
            agents=agents,
            app=args.app,
            app_dir=args.app_dir,
            app_version=args.app_version,
            profile=args.profile,
            time_scale=args.time_scale,
            token=os.environ.get(args.token_env) or None,
        ),
        progress=not args.no_progress,
    )
    from orchestrator.run import reproduce

    result, code = reproduce(config)
    trace = result["trace"]
    line = f"{result['bug_id']}: {result['verdict']}"
    if result["reproduced"]:
        line += f" in {len(trace)} actions ({result['actions_executed']} executed while exploring)"
    print(line)
    if result.get("error"):
        print(f"reprofarm: {result['error']}", file=sys.stderr)
    out = args.out
    print(f"result: {os.path.join(out, 'result.json')}  report: {os.path.join(out, 'report.html')}")
    return code


def _cmd_replay(args: argparse.Namespace) -> int:
    from orchestrator.replay import replay_on
    from orchestrator.results import load_result

    result = load_result(args.result)
    if args.agent:
        verdict = replay_on(args.agent, result, token=os.environ.get("REPROFARM_AGENT_TOKEN"))
    else:
        from device_agent.errors import DeviceError
        from device_agent.launcher import LocalAgentFarm

        app = result.get("app", {})
        try:
            with LocalAgentFarm(
                1,
                app.get("name", ""),
                app_dir=args.app_dir or None,
                version=app.get("version", ""),
                profile="instant",
            ) as farm:
                verdict = replay_on(farm.addresses[0], result)
        except DeviceError as exc:
            raise InfrastructureError(
                f"could not start a fresh device for the replay: {exc}"
            ) from exc
    state = "triggered" if verdict.triggered else "NOT triggered"
    steps = f"{verdict.performed}/{verdict.total} actions"
    print(f"{result['bug_id']}: bug {state} after {steps} — {verdict.detail}")
    return 0 if verdict.triggered else 1


def _cmd_apps(args: argparse.Namespace) -> int:
    from device_agent.virtual.catalog import list_apps

    apps = list_apps(args.app_dir or None)
    rows: list[dict[str, Any]] = [
        {
            "name": a.name,
            "version": a.version,
            "package": a.package,
            "bugs": [{"bug_id": b.bug_id, "kind": b.kind, "title": b.title} for b in a.bugs],
        }
        for a in apps
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        print(f"{row['name']} {row['version']} ({row['package']})")
        for bug in row["bugs"]:
            print(f"  {bug['bug_id']:<28} {bug['kind']:<10} {bug['title']}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``reprofarm`` console script; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) >= 2 and argv[0] == "agent" and argv[1] == "serve":
        from device_agent.cli import serve_main

        return serve_main(argv[2:])
    parser = _parser()
    args = parser.parse_args(argv)
    from orchestrator.logs import configure_logging

    configure_logging(verbose=args.verbose)
    try:
        if args.command == "reproduce":
            return _cmd_reproduce(args)
        if args.command == "replay":
            return _cmd_replay(args)
        if args.command == "apps":
            return _cmd_apps(args)
        parser.error(f"unknown command {args.command!r}")
    except KeyboardInterrupt:
        print("reprofarm: interrupted; local devices were stopped", file=sys.stderr)
        return 130
    except (BadInputError, InfrastructureError, ReproError) as exc:
        print(f"reprofarm: {exc}", file=sys.stderr)
        return exc.exit_code
    except DeviceError as exc:
        print(f"reprofarm: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT if isinstance(exc, AppNotFoundError) else EXIT_INFRA
    except ValueError as exc:  # e.g. a malformed action in a hand-edited file
        print(f"reprofarm: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
