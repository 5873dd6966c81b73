"""Options shared by the commands that run reproductions (``reproduce``, and later ``sweep`` and
``nightly``): where devices come from, the reasoner, the latency profile and the search budgets,
and the builder from parsed options to the typed config."""

from __future__ import annotations

import argparse
import os

from orchestrator.config import PROFILES, STRATEGIES, FarmConfig, SearchConfig


def whole_number(text: str) -> int:
    """argparse type: a whole number (range checks live in the config classes)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def add_farm_options(parser: argparse.ArgumentParser) -> None:
    """``--app``, ``--app-dir``, ``--app-version``, ``--devices``/``--agents``, ``--token-env``,
    ``--profile``, ``--time-scale``."""
    parser.add_argument("--app", default="", help="catalog app name (default: from the report)")
    parser.add_argument("--app-dir", default="", help="directory of extra virtual app models")
    parser.add_argument("--app-version", default="", help="app version (default: the catalog's)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--devices", type=whole_number, default=4, help="local virtual devices (default 4)"
    )
    where.add_argument("--agents", default="", help="running device agents, host:port,...")
    parser.add_argument(
        "--token-env",
        default="REPROFARM_AGENT_TOKEN",
        help="environment variable holding the agents' bearer token",
    )
    parser.add_argument(
        "--profile", default="instant", choices=PROFILES, help="latency profile of local devices"
    )
    parser.add_argument(
        "--time-scale", type=float, default=1.0, help="shrink every simulated delay by this factor"
    )
    parser.add_argument(
        "--strategy",
        default="parallel",
        choices=STRATEGIES,
        help="parallel: fan probes out over all devices (default); serial: LTGDroid's one device",
    )


def add_search_options(parser: argparse.ArgumentParser) -> None:
    """``--reasoner``, ``--beam``, ``--branch``, ``--max-actions``, ``--max-probes``,
    ``--max-minutes`` (defaults from LTGDroid, see ``orchestrator.config.SearchConfig``)."""
    parser.add_argument("--reasoner", default="heuristic", help="heuristic (offline, default)")
    parser.add_argument("--beam", type=whole_number, default=3, help="paths kept per level (3)")
    parser.add_argument(
        "--branch", type=whole_number, default=6, help="candidate widgets per screen (6)"
    )
    parser.add_argument(
        "--max-actions", type=whole_number, default=100, help="longest path in actions (100)"
    )
    parser.add_argument(
        "--max-probes",
        type=whole_number,
        default=1500,
        help="all actions executed while exploring (1500)",
    )
    parser.add_argument(
        "--max-minutes", type=float, default=60.0, help="wall-clock budget per bug (60)"
    )


def farm_config(args: argparse.Namespace) -> FarmConfig:
    """The :class:`FarmConfig` the farm options describe (the token read from its env var)."""
    agents = tuple(a.strip() for a in args.agents.split(",") if a.strip()) if args.agents else ()
    return FarmConfig(
        devices=args.devices,
        agents=agents,
        app=args.app,
        app_dir=args.app_dir,
        app_version=args.app_version,
        profile=args.profile,
        time_scale=args.time_scale,
        token=os.environ.get(args.token_env) or None,
        strategy=args.strategy,
    )


def search_config(args: argparse.Namespace) -> SearchConfig:
    """The :class:`SearchConfig` the search options describe."""
    return SearchConfig(
        beam=args.beam,
        branch=args.branch,
        max_actions=args.max_actions,
        max_probes=args.max_probes,
        max_minutes=args.max_minutes,
    )
