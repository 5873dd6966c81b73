"""``reprofarm replay RESULT``: a reported trace on a fresh device, judged by the ground truth."""

from __future__ import annotations

import argparse
import os
from typing import Any

from orchestrator.errors import InfrastructureError


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "replay", help="replay a result's trace on a fresh device and check the ground truth"
    )
    parser.add_argument("result", help="result.json (or the run directory)")
    parser.add_argument("--agent", default="", help="use this running agent, not a fresh one")
    parser.add_argument(
        "--token-env",
        default="REPROFARM_AGENT_TOKEN",
        help="environment variable holding the agent's bearer token",
    )
    parser.add_argument("--app-dir", default="", help="directory of extra virtual app models")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Exit 0 when the bug is triggered, 1 when not."""
    from device_agent.errors import DeviceError
    from device_agent.launcher import LocalAgentFarm
    from orchestrator.replay import replay_on
    from orchestrator.results import load_result

    result = load_result(args.result)
    if args.agent:
        verdict = replay_on(args.agent, result, token=os.environ.get(args.token_env) or None)
    else:
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
                f"could not start a fresh device to replay on: {exc}"
            ) from exc
    state = "triggered" if verdict.triggered else "NOT triggered"
    steps = f"{verdict.performed}/{verdict.total} actions"
    print(f"{result['bug_id']}: bug {state} after {steps} — {verdict.detail}")
    return 0 if verdict.triggered else 1
