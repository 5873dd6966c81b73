"""The device agent's Prometheus metrics and the HTTP endpoint that exports them.

Exported names (scraped through the chart's ServiceMonitor, charted by its Grafana dashboard):

``reprofarm_agent_probe_phase_seconds{phase="restore|act|observe"}`` (histogram)
    Wall seconds per phase of one ``Probe`` (the same numbers the ProbeResponse carries).
``reprofarm_agent_snapshot_bytes{op="save|export|import"}`` (histogram)
    Size of each snapshot saved, exported or imported.
``reprofarm_agent_snapshot_transfer_seconds{direction="export|import"}`` (histogram)
    Wall seconds of one streamed snapshot export or import (the device lock is held throughout).
``reprofarm_agent_errors_total{kind}`` (counter)
    Failed RPCs by the exception class behind them (``StateMismatchError``, ``DeadlineError``, …).
``reprofarm_agent_probe_dumps_skipped_total`` (counter)
    Hierarchy dumps a restore did not need because the device knew the screen it restored
    (``StateKeeper.dumps_skipped``, decision 0019): about 1.2 s of device time each on an emulator.

Each :class:`AgentMetrics` has its own :class:`~prometheus_client.CollectorRegistry`, so several
agents in one process (tests, the local launcher's in-process mode) never collide; the agent
process uses :data:`AGENT_METRICS`.
"""

from __future__ import annotations

import threading
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, start_http_server

from device_agent.errors import AgentStartupError

PHASES = ("restore", "act", "observe")
# Probe phases run from ~1 ms (already there) to minutes (a cold emulator snapshot load).
PHASE_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)
# Virtual snapshots are tens of KiB; emulator RAM+disk snapshots are hundreds of MiB to GiBs.
SIZE_BUCKETS = tuple(float(4**k << 10) for k in range(11))  # 1 KiB … 1 GiB, x4 each
TRANSFER_BUCKETS = (0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300)


class AgentMetrics:
    """The agent's metric families in a registry of their own (``registry``)."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry()
        self.probe_phase_seconds = Histogram(
            "reprofarm_agent_probe_phase_seconds",
            "Wall seconds per probe phase (restore, act incl. settle, observe before+after).",
            ["phase"],
            buckets=PHASE_BUCKETS,
            registry=self.registry,
        )
        self.snapshot_bytes = Histogram(
            "reprofarm_agent_snapshot_bytes",
            "Size in bytes of snapshots saved, exported or imported.",
            ["op"],
            buckets=SIZE_BUCKETS,
            registry=self.registry,
        )
        self.snapshot_transfer_seconds = Histogram(
            "reprofarm_agent_snapshot_transfer_seconds",
            "Wall seconds of one streamed snapshot export or import.",
            ["direction"],
            buckets=TRANSFER_BUCKETS,
            registry=self.registry,
        )
        self.errors_total = Counter(
            "reprofarm_agent_errors_total",
            "Failed agent RPCs by the exception class behind them.",
            ["kind"],
            registry=self.registry,
        )
        self.dumps_skipped_total = Counter(
            "reprofarm_agent_probe_dumps_skipped",
            "Hierarchy dumps a restore skipped because the device knew the restored screen.",
            registry=self.registry,
        )
        # Children exist from the start, so dashboards show 0 rather than "no data".
        for phase in PHASES:
            self.probe_phase_seconds.labels(phase=phase)
        for direction in ("export", "import"):
            self.snapshot_transfer_seconds.labels(direction=direction)

    def observe_probe(self, restore_s: float, act_s: float, observe_s: float) -> None:
        """Record one probe's phase durations (seconds)."""
        self.probe_phase_seconds.labels(phase="restore").observe(max(restore_s, 0.0))
        self.probe_phase_seconds.labels(phase="act").observe(max(act_s, 0.0))
        self.probe_phase_seconds.labels(phase="observe").observe(max(observe_s, 0.0))

    def observe_snapshot(self, op: str, size_bytes: int) -> None:
        """Record a snapshot's size; ``op`` is ``save``, ``export`` or ``import``."""
        self.snapshot_bytes.labels(op=op).observe(max(size_bytes, 0))

    def observe_transfer(self, direction: str, seconds: float) -> None:
        """Record one export or import's duration (``direction``: ``export`` | ``import``)."""
        self.snapshot_transfer_seconds.labels(direction=direction).observe(max(seconds, 0.0))

    def count_dumps_skipped(self, n: int) -> None:
        """Count ``n`` (>= 0) hierarchy dumps a restore did without."""
        if n > 0:
            self.dumps_skipped_total.inc(n)

    def count_error(self, exc: BaseException) -> None:
        """Count one failed RPC under its exception class name."""
        self.errors_total.labels(kind=type(exc).__name__).inc()


AGENT_METRICS = AgentMetrics()


def start_metrics_server(
    port: int, host: str = "127.0.0.1", metrics: AgentMetrics | None = None
) -> tuple[Any, threading.Thread, int]:
    """Serve ``metrics`` (default :data:`AGENT_METRICS`) as Prometheus text on
    ``http://host:port/metrics`` from a daemon thread (``port`` 0: a free one). ``host``
    defaults to loopback: a pod that must be scraped passes ``--metrics-host 0.0.0.0``.

    Returns ``(http_server, thread, bound_port)``; call ``http_server.shutdown()`` to stop.
    Raises :class:`AgentStartupError` when the port cannot be bound.
    """
    registry = (metrics or AGENT_METRICS).registry
    try:
        server, thread = start_http_server(port, addr=host, registry=registry)
    except OSError as exc:
        raise AgentStartupError(
            f"cannot serve metrics on {host}:{port} ({exc}); pick another --metrics-port "
            "or 0 for a free one"
        ) from exc
    return server, thread, int(server.server_address[1])
