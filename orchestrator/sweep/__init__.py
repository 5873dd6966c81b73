"""Benchmark sweeps: many bug reports on one shared farm, stored, and scored against ground truth.

``inputs`` (what to run), ``leases`` (sharing the devices), ``store`` (the SQLite results),
``scoring`` (Table IV numbers), ``summary`` (summary.json/.md/.html), ``driver`` (``run_sweep``).
"""

from __future__ import annotations

from orchestrator.sweep.driver import SweepConfig, SweepOutcome, reproduce_on_pool, run_sweep

__all__ = ["SweepConfig", "SweepOutcome", "reproduce_on_pool", "run_sweep"]
