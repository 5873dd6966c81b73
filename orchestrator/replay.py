"""``reprofarm replay``: run a reported trace on a fresh device and ask the ground truth.

The device is rebuilt from what ``result.json`` records (app name and version, latency
profile). On the virtual backend the app's own oracle answers whether the bug was triggered
(DESIGN §2.3); without an oracle the logcat crash of the app's process is the evidence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from device_agent.actions import Action, neutral_start
from orchestrator.errors import BadInputError, InfrastructureError


@dataclass
class ReplayVerdict:
    """``triggered``: the oracle's answer; ``performed``: how many trace steps ran; ``detail``:
    the oracle's or the crash's description; ``crash``: the app's crash, when one was seen."""

    triggered: bool
    performed: int
    total: int
    detail: str
    crash: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)


def trace_actions(result: dict[str, Any]) -> list[Action]:
    """The actions of a result's trace; raises ``BadInputError`` for a malformed one."""
    try:
        return [Action.from_json(step["action"]) for step in result["trace"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise BadInputError(
            f"the result's trace is malformed ({exc}); re-run `reprofarm reproduce`"
        ) from exc


def replay_on(address: str, result: dict[str, Any], *, token: str | None = None) -> ReplayVerdict:
    """Replay ``result``'s trace on the agent at ``address`` (fresh app data first)."""
    from device_agent.client import AgentClient
    from device_agent.errors import DeviceError, UnsupportedError
    from orchestrator.logcat import app_crash

    actions = trace_actions(result)
    if not actions:
        raise BadInputError(
            "the result has an empty trace: there is nothing to replay (the bug was not reproduced)"
        )
    app = result.get("app", {})
    start = (
        result["trace"][0].get("from_screen", {}) if isinstance(result["trace"][0], dict) else {}
    )
    orientation = start.get("orientation") or "portrait"
    try:
        with AgentClient(address, token=token, timeout=60.0) as client:
            # A reused device may still show another app's crash dialog or be rotated; the
            # trace starts in the orientation it was found in.
            for action in neutral_start(orientation):
                client.execute(action)
            client.install_app(app.get("name", ""), app.get("version", ""))
            status = client.reset_app(launch=True)
            cursor = client.observe(screenshot=False, hierarchy=False).logcat_cursor
            performed = 0
            for action in actions:
                if not client.execute(action).performed:
                    break
                performed += 1
            lines = client.read_logcat(cursor).lines
            crash = app_crash(lines, status.package or app.get("package", ""))
            try:
                triggered, detail = client.check_bug_oracle(result["bug_id"])
            except UnsupportedError:
                triggered, detail = (
                    crash is not None,
                    "no ground-truth oracle on this backend; judged by logcat",
                )
    except DeviceError as exc:
        raise InfrastructureError(f"replay failed on the device: {exc}") from exc
    return ReplayVerdict(
        triggered=triggered,
        performed=performed,
        total=len(actions),
        detail=detail,
        crash=crash.to_json() if crash else None,
    )
