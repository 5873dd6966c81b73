"""A whole nightly run: the sweep driver with the nightly job, then the digest."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from orchestrator.nightly.digest import build_digest, write_digest
from orchestrator.sweep.driver import SweepConfig, SweepOutcome, run_sweep
from orchestrator.traces.store import TraceStore


@dataclass
class NightlyOutcome:
    """What :func:`run_nightly` did: the sweep's outcome, the ``nightly.json`` object and the
    paths of ``nightly.json``/``nightly.html``."""

    sweep: SweepOutcome
    digest: dict[str, Any]
    paths: dict[str, Path]


def run_nightly(config: SweepConfig) -> NightlyOutcome:
    """Run every issue of ``config`` as a nightly re-reproduction (``config.nightly`` must be
    set) on one shared farm, store the rows in the results store, and write the digest.

    Raises ``ConfigError`` when ``config.nightly`` is missing, and whatever
    :func:`~orchestrator.sweep.driver.run_sweep` raises (bad input before any device starts,
    ``InfrastructureError`` when the farm cannot start).
    """
    from orchestrator.errors import BadInputError, ConfigError

    if config.nightly is None:
        raise ConfigError("a nightly run needs nightly options (the trace store path)")
    out_dir = Path(config.out_dir)
    new_out = not out_dir.exists()
    # A trace store that cannot be opened is bad input: say so before any device starts.
    TraceStore(config.nightly.traces_path).close()
    try:
        outcome = run_sweep(config)
    except BadInputError:
        if new_out:  # bad input leaves nothing behind: only that check wrote into a new --out
            shutil.rmtree(out_dir, ignore_errors=True)
        raise
    builds = sorted(
        {
            (str(app.get("name", "")), str(app.get("version", "")))
            for app in (row.result.get("app") or {} for row in outcome.rows)
        }
    )
    if len(builds) == 1:
        build = {"app": builds[0][0], "version": builds[0][1]}
    else:  # no --app: every issue on its own app's catalog build
        build = {"app": ", ".join(f"{n} {v}".strip() for n, v in builds), "version": ""}
    digest = build_digest(
        outcome.rows,
        Path(config.out_dir),
        label=config.nightly.label,
        build=build,
        wall_s=outcome.wall_seconds,
        not_run=[{"input": s.bug_id, "reason": s.reason} for s in outcome.skipped],
    )
    return NightlyOutcome(outcome, digest, write_digest(Path(config.out_dir), digest))
