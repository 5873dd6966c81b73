"""Which half of the engine lost a miss (issue 28 §4): did any probe of the search trigger the bug?

On the virtual backend every app model knows from its own state whether its bug happened (the
oracle replays are judged by, DESIGN §2.3). After a search ends, :func:`probe_triggers` replays
every probe's state (its path's actions from the base screen) and its action on a private
in-process virtual device and asks the oracle after each. The search never sees any of this: it
runs after the search has decided everything, on a device of its own, so the decisions are the
same with it on and off.

A miss then splits in two (:func:`miss_cause`): ``never_triggered`` (no probe fired the bug: the
search did not find it) and ``triggered_not_recognised`` (some probe fired it and the verifier
did not accept it: recognition lost it), with the first probe that fired it. These aggregates are
what rule writers may see of a held-out set.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from device_agent.actions import Action

ProbePath = tuple[tuple[Action, ...], Action]

NEVER_TRIGGERED = "never_triggered"
# a claim whose own trace does not fire the bug (whether or not another probe did): the ground
# truth says the claim is false
CLAIMED_NOT_TRIGGERED = "claimed_not_triggered"
TRIGGERED_NOT_RECOGNISED = "triggered_not_recognised"
REPRODUCED = "reproduced"


def _key(actions: Sequence[Action]) -> tuple[str, ...]:
    return tuple(json.dumps(a.to_json(), sort_keys=True) for a in actions)


def probe_triggers(
    app: str,
    bug_id: str,
    probes: Sequence[ProbePath],
    *,
    version: str = "",
    app_dir: str | None = None,
) -> list[bool]:
    """For each probe ``(path actions, action)``, whether the app's ground-truth oracle for
    ``bug_id`` fired after the action, replayed from a fresh install and launch. A probe with
    an action a fresh install cannot perform (a button no screen on the way shows) fired
    nothing, as the scorer's replay (:func:`orchestrator.replay.replay_on`) stops there too.

    States are memoised as in-process snapshots per path, so each path's actions run once.
    Raises ``device_agent.errors.DeviceError`` (e.g. ``AppNotFoundError``) when the app model
    cannot be loaded or has no oracle for ``bug_id``.
    """
    from device_agent.virtual.device import VirtualDevice

    device = VirtualDevice("ground-truth", app, app_dir=app_dir, version=version)
    try:
        device.reset_app(launch=True)
        # each replayed prefix's snapshot, or "" for one a fresh install cannot perform
        saved: dict[tuple[str, ...], str] = {(): "gt0"}
        device.save_snapshot("gt0")
        out: list[bool] = []
        for prefix, action in probes:
            keys = _key(prefix)
            # the longest path of this probe's already replayed and saved
            known = max(n for n in range(len(keys) + 1) if keys[:n] in saved)
            performed = bool(saved[keys[:known]])
            if performed:
                device.load_snapshot(saved[keys[:known]])
            for n in range(known, len(prefix)):
                performed = performed and device.execute(prefix[n]).performed
                name = f"gt{len(saved)}" if performed else ""
                if performed:
                    device.save_snapshot(name)
                saved[keys[: n + 1]] = name
            performed = performed and device.execute(action).performed
            out.append(performed and device.check_bug_oracle(bug_id)[0])
        return out
    finally:
        device.close()


def miss_cause(
    reproduced: bool, triggers: Sequence[bool], trace_fires: bool | None = None
) -> dict[str, Any]:
    """``result.json``'s ``ground_truth``: ``cause`` (``reproduced``; ``claimed_not_triggered``,
    a claim whose trace does not fire the bug; ``never_triggered``; ``triggered_not_recognised``),
    ``probes_triggering`` (how many probes fired the bug) and ``first_probe`` (1-based line of
    ``probes.jsonl`` of the first that did, or ``None``). ``trace_fires``: whether the claimed
    trace, replayed, fires the bug (``None`` when not known: then any probe firing it counts,
    which a claim of another crash than the bug's would pass for)."""
    first = next((i + 1 for i, fired in enumerate(triggers) if fired), None)
    if reproduced:
        fired = trace_fires if trace_fires is not None else first is not None
        cause = REPRODUCED if fired else CLAIMED_NOT_TRIGGERED
    else:
        cause = NEVER_TRIGGERED if first is None else TRIGGERED_NOT_RECOGNISED
    return {"cause": cause, "probes_triggering": sum(triggers), "first_probe": first}


def annotate(
    probe_log: list[dict[str, Any]],
    *,
    reproduced: bool,
    app: dict[str, str],
    bug_id: str,
    app_dir: str | None = None,
    trace: Sequence[Action] = (),
) -> dict[str, Any]:
    """Set ``ground_truth`` (bool) on every probe-log entry that carries its replay
    (``orchestrator.search.REPLAY_KEY``) and return :func:`miss_cause` for the run; ``{}`` when
    the app model or its oracle for ``bug_id`` cannot be had here (a real device's app, a model
    only the agent's machine has), with nothing set. ``trace``: the claimed trace of a claim,
    replayed as one more probe (a claim is true only when its own trace fires the bug)."""
    from device_agent.errors import DeviceError
    from orchestrator.search import REPLAY_KEY

    entries = [e for e in probe_log if REPLAY_KEY in e]
    claimed: list[ProbePath] = [(tuple(trace[:-1]), trace[-1])] if reproduced and trace else []
    try:
        triggers = probe_triggers(
            app.get("name", ""),
            bug_id,
            [e[REPLAY_KEY] for e in entries] + claimed,
            version=app.get("version", ""),
            app_dir=app_dir or None,
        )
    except DeviceError:
        return {}
    trace_fires = triggers.pop() if claimed else None
    for entry, fired in zip(entries, triggers, strict=True):
        entry["ground_truth"] = fired
    return miss_cause(reproduced, triggers, trace_fires)
