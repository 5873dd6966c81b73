"""Options shared by the commands that run reproductions (``reproduce``, and later ``sweep`` and
``nightly``): where devices come from, the reasoner, the latency profile and the search budgets,
and the builder from parsed options to the typed config."""

from __future__ import annotations

import argparse
import os

from orchestrator.ablation import SWITCHES, Ablation
from orchestrator.config import (
    DEFAULT_DEVICES_PER_WORKER,
    PROFILES,
    SPECULATE_MODES,
    STRATEGIES,
    FarmConfig,
    SearchConfig,
)
from orchestrator.errors import ConfigError
from orchestrator.llm.settings import LLMSettings
from orchestrator.ray_cluster import resolve_address

DEFAULT_TOKEN_ENV = "REPROFARM_AGENT_TOKEN"


def whole_number(text: str) -> int:
    """argparse type: a whole number (range checks live in the config classes)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def add_farm_options(parser: argparse.ArgumentParser) -> None:
    """``--app``, ``--app-dir``, ``--app-version``, ``--devices``/``--agents``, ``--token-env``,
    ``--profile``, ``--time-scale``, ``--strategy``, ``--devices-per-worker``, ``--ray-address``."""
    parser.add_argument(
        "--app",
        default="",
        help="catalog app name, or NAME@VERSION for one build (default: from the report)",
    )
    parser.add_argument("--app-dir", default="", help="directory of extra virtual app models")
    parser.add_argument("--app-version", default="", help="app version (default: the catalog's)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--devices", type=whole_number, default=4, help="local virtual devices (default 4)"
    )
    where.add_argument(
        "--agents",
        default="",
        help="running device agents, host:port,... or k8s://NAMESPACE/LABEL_SELECTOR "
        "(device pods found and followed on Kubernetes, docs/deploy.md)",
    )
    parser.add_argument(
        "--token-env",
        default=DEFAULT_TOKEN_ENV,
        help="environment variable holding the agents' bearer token",
    )
    parser.add_argument(
        "--profile", default="instant", choices=PROFILES, help="latency profile of local devices"
    )
    parser.add_argument(
        "--time-scale",
        type=float,
        default=1.0,
        help="multiply every simulated device delay by this factor (0.05: 20x faster)",
    )
    parser.add_argument(
        "--strategy",
        default="parallel",
        choices=STRATEGIES,
        help="parallel: fan probes out over all devices (default); serial: LTGDroid's one device",
    )
    parser.add_argument(
        "--devices-per-worker",
        type=whole_number,
        default=DEFAULT_DEVICES_PER_WORKER,
        help="device agents one Ray worker process serves "
        f"(default {DEFAULT_DEVICES_PER_WORKER}; 1: a process per device)",
    )
    parser.add_argument(
        "--ray-address",
        default="",
        help="Ray cluster for the device workers: HOST:PORT, ray://HOST:PORT or auto (the "
        "cluster on this machine); default $RAY_ADDRESS, else an embedded local Ray",
    )


def add_search_options(parser: argparse.ArgumentParser) -> None:
    """``--reasoner``, ``--beam``, ``--branch``, ``--max-actions``, ``--max-probes``,
    ``--max-minutes``, ``--speculate`` (defaults from LTGDroid, see
    ``orchestrator.config.SearchConfig``)."""
    parser.add_argument(
        "--reasoner",
        default="heuristic",
        help="heuristic (offline, default) or openai (any OpenAI-compatible endpoint: "
        "OPENAI_BASE_URL, OPENAI_API_KEY; see docs/llm.md)",
    )
    parser.add_argument("--beam", type=whole_number, default=3, help="paths kept per level (3)")
    parser.add_argument(
        "--branch", type=whole_number, default=6, help="candidate widgets per screen (6)"
    )
    parser.add_argument(
        "--max-actions", type=whole_number, default=100, help="longest path in actions (100)"
    )
    parser.add_argument(
        "--path-bound",
        action="store_true",
        help="no path longer than 2 x the report's steps + 10 actions, the budget left going to "
        "paths left unexpanded (default: paths grow to --max-actions)",
    )
    parser.add_argument(
        "--probe-once",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="probe an action once per state and S2R progress, reusing the recorded transition "
        "on another path to that state (default; --no-probe-once probes it again)",
    )
    parser.add_argument(
        "--frontier",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="with budget left and no path to extend, go back to the states reached and probe "
        "their untried actions (default; --no-frontier stops there)",
    )
    parser.add_argument(
        "--repeat-unchanged",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="follow a press that leaves the screen unchanged by one more click on the same "
        "control, for a state the screen does not show (default; --no-repeat-unchanged never)",
    )
    parser.add_argument(
        "--cap-lookalikes",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="try at most two widgets nobody can tell apart (grid cells, identical rows) and "
        "the last one when a screen is first expanded, the rest later (default; "
        "--no-cap-lookalikes tries all at once)",
    )
    parser.add_argument(
        "--cap-runs",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="offer no action a path already did three times in a row without progress (more "
        "where the report says '5 times'; default; --no-cap-runs: no limit)",
    )
    parser.add_argument(
        "--loop-pass",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="with budget left once every state reached is exhausted, search again letting "
        "each path come back once to a screen it was on, since a loop can change data no "
        "screen shows (default; --no-loop-pass stops there)",
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
    parser.add_argument(
        "--speculate",
        choices=SPECULATE_MODES,
        default="auto",
        help="on: idle devices probe the likely next level's candidates ahead (the search's "
        "decisions stay the same; unused probes are discarded); off: never; auto: on unless "
        "the local virtual devices outnumber this machine's cores (default auto)",
    )


def add_llm_options(parser: argparse.ArgumentParser) -> None:
    """``--model``, ``--vision-model``, ``--llm-base-url``, ``--llm-cache``, ``--prices``,
    ``--llm-image-side``, ``--llm-concurrency``, ``--llm-timeout``, ``--llm-max-failed-calls``,
    ``--llm-max-unusable``, ``--llm-savings`` (for ``--reasoner openai``, see docs/llm.md) and
    ``--ablate`` (LTGDroid's Table IV, either reasoner)."""
    llm = parser.add_argument_group("LLM (--reasoner openai, see docs/llm.md)")
    llm.add_argument("--model", default="", help="chat model; Azure: the deployment name")
    llm.add_argument(
        "--vision-model", default="", help="model for the roles that see screenshots (--model)"
    )
    llm.add_argument("--llm-base-url", default="", help="endpoint (default $OPENAI_BASE_URL)")
    llm.add_argument(
        "--llm-cache", default="", help="cache replies here; a re-run costs nothing (default off)"
    )
    llm.add_argument("--prices", default="", help="JSON price table, USD per million tokens")
    llm.add_argument(
        "--llm-image-side",
        type=whole_number,
        default=1024,
        help="downscale screenshots to this longest side in pixels; 0 sends none (1024)",
    )
    llm.add_argument(
        "--llm-concurrency", type=whole_number, default=8, help="LLM requests in flight (8)"
    )
    llm.add_argument("--llm-timeout", type=float, default=60.0, help="seconds per LLM request (60)")
    llm.add_argument(
        "--llm-max-failed-calls",
        type=whole_number,
        default=10,
        help="stop (exit 3, probes kept) after this many LLM calls in a row failed every retry; "
        "a single failed call is answered offline (10)",
    )
    llm.add_argument(
        "--llm-max-unusable",
        type=whole_number,
        default=10,
        help="stop (exit 3, probes kept) after this many unusable model answers in a row (10)",
    )
    llm.add_argument(
        "--llm-savings",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="the cost savings of docs/llm.md (deterministic summaries, questions asked once, "
        "fewer images, the model's verification skipped where the evidence is missing); "
        "--no-llm-savings asks the model everything, the baseline they are measured against (on)",
    )
    llm.add_argument(
        "--max-cost-usd",
        type=float,
        default=0.0,
        help="stop the search cleanly (verdict budget) once model calls cost this much; 0: no "
        "limit (default)",
    )
    parser.add_argument(
        "--ablate",
        action="append",
        default=[],
        metavar="MODULE[,MODULE]",
        help="switch LTGDroid modules off (Table IV): " + ", ".join(SWITCHES),
    )


def llm_settings(args: argparse.Namespace) -> LLMSettings:
    """The :class:`LLMSettings` the LLM options describe (empty ones fall back to the
    environment when the reasoner is built). Raises ``ConfigError`` for ``--model`` without
    ``--reasoner openai``."""
    if args.reasoner != "openai" and (args.model or args.vision_model):
        raise ConfigError("--model and --vision-model need --reasoner openai")
    return LLMSettings(
        model=args.model,
        vision_model=args.vision_model,
        base_url=args.llm_base_url,
        cache_dir=args.llm_cache,
        prices_file=args.prices,
        max_image_side=args.llm_image_side,
        concurrency=args.llm_concurrency,
        timeout_s=args.llm_timeout,
        max_failed_calls=args.llm_max_failed_calls,
        max_unusable=args.llm_max_unusable,
        savings=getattr(args, "llm_savings", True),
    )


def ablation(args: argparse.Namespace) -> Ablation:
    """The :class:`Ablation` ``--ablate`` describes; ``ConfigError`` for an unknown module."""
    return Ablation.from_names(args.ablate)


def farm_config(args: argparse.Namespace) -> FarmConfig:
    """The :class:`FarmConfig` the farm options describe (the token read from its env var)."""
    if args.agents and args.agents.strip().startswith("k8s://"):
        agents: tuple[str, ...] = (args.agents.strip(),)  # a label selector may hold commas
    else:
        agents = (
            tuple(a.strip() for a in args.agents.split(",") if a.strip()) if args.agents else ()
        )
        if args.agents and not agents:
            raise ConfigError(f"--agents {args.agents!r} names no agent; give host:port,...")
    token = None
    if args.token_env:
        token = os.environ.get(args.token_env) or None
        if agents and args.token_env != DEFAULT_TOKEN_ENV and token is None:
            raise ConfigError(
                f"--token-env {args.token_env}: that environment variable is not set; "
                "export it with the agents' token"
            )
    app, version = args.app, args.app_version
    if "@" in app:  # --app NAME@VERSION, the build to test
        app, _, at_version = app.partition("@")
        if version and at_version and version != at_version:
            raise ConfigError(
                f"--app {args.app} and --app-version {version} name different versions; give one"
            )
        version = version or at_version
        if not app or not version or "@" in version:
            raise ConfigError(f"--app {args.app!r}: expected NAME@VERSION, e.g. Omni-Notes@5.5.0")
    return FarmConfig(
        devices=args.devices,
        agents=agents,
        app=app,
        app_dir=args.app_dir,
        app_version=version,
        profile=args.profile,
        time_scale=args.time_scale,
        token=token,
        strategy=args.strategy,
        devices_per_worker=args.devices_per_worker,
        ray_address=resolve_address(args.ray_address),
    )


def search_config(args: argparse.Namespace) -> SearchConfig:
    """The :class:`SearchConfig` the search options describe."""
    return SearchConfig(
        beam=args.beam,
        branch=args.branch,
        max_actions=args.max_actions,
        max_probes=args.max_probes,
        max_minutes=args.max_minutes,
        max_cost_usd=getattr(args, "max_cost_usd", 0.0),
        speculate=getattr(args, "speculate", "auto"),
        path_bound=getattr(args, "path_bound", False),
        probe_once=getattr(args, "probe_once", True),
        frontier=getattr(args, "frontier", True),
        repeat_unchanged=getattr(args, "repeat_unchanged", True),
        cap_lookalikes=getattr(args, "cap_lookalikes", True),
        cap_runs=getattr(args, "cap_runs", True),
        loop_pass=getattr(args, "loop_pass", True),
    )


# -- Metrics that outlive the run (Prometheus Pushgateway; issue 14 part 5) ---------------------
def add_push_options(parser: argparse.ArgumentParser) -> None:
    """``--pushgateway URL`` (default ``$REPROFARM_PUSHGATEWAY``) and ``--push-interval``."""
    from orchestrator.pushgateway import DEFAULT_PUSH_INTERVAL_S, PUSHGATEWAY_ENV

    parser.add_argument(
        "--pushgateway",
        default=os.environ.get(PUSHGATEWAY_ENV, ""),
        metavar="URL",
        help="push metrics to this Prometheus Pushgateway at the start, periodically and at "
        f"the end, so a run's final counts outlive it (default ${PUSHGATEWAY_ENV}; "
        "a failed push is a warning)",
    )
    parser.add_argument(
        "--push-interval",
        type=float,
        default=DEFAULT_PUSH_INTERVAL_S,
        metavar="SECONDS",
        help=f"seconds between pushes while the run lasts ({DEFAULT_PUSH_INTERVAL_S:g})",
    )


def push_settings(args: argparse.Namespace) -> tuple[str, float]:
    """``(pushgateway URL or "", interval in seconds)``; ``ConfigError`` for a malformed URL
    or an interval that is not positive."""
    from orchestrator.pushgateway import gateway_url

    url = args.pushgateway.strip()
    if url:
        url = gateway_url(url)
    if not args.push_interval > 0:
        raise ConfigError(f"--push-interval must be positive seconds, got {args.push_interval}")
    return url, args.push_interval
