"""Prometheus metrics of the driver (``reprofarm sweep --metrics-port``): what a farm is doing.

Names follow the Prometheus conventions (base units in names, ``_total`` counters, histograms for
latencies); the Kubernetes chart and the Grafana dashboard rely on them, so rename nothing:

- ``reprofarm_reproductions_total{outcome}`` (counter): reproductions finished, by verdict
  (``crash``, ``symptom``, ``not_reproduced``, ``error``).
- ``reprofarm_transitions_total`` (counter): transitions (probes) executed; actions per second is
  ``rate(reprofarm_transitions_total[1m])``.
- ``reprofarm_devices{state}`` (gauge): devices ``busy`` (leased), ``idle``, ``quarantined``.
- ``reprofarm_queue_depth`` (gauge): reproductions waiting to start.
- ``reprofarm_probe_seconds`` (histogram): probe latency seen from the orchestrator (restore + act +
  observe, one gRPC call, measured by the device worker).
- ``reprofarm_llm_tokens_total{role,kind}`` (counter): reasoner tokens; ``kind`` is ``prompt`` or
  ``completion``.
- ``reprofarm_llm_cost_usd_total{role}`` (counter): reasoner cost in US dollars.
- ``reprofarm_nightly_actions_total`` (counter): recorded actions of the traces a nightly run
  replayed; ``reprofarm_nightly_reused_actions_total``, ``..._rewritten_actions_total`` and
  ``..._rejected_actions_total`` split them by the replay controller's decision (the dashboard's
  reuse share is reused / all).
- ``reprofarm_nightly_verdicts_total{verdict}`` (counter): nightly verdicts (``still_reproduces``,
  ``fixed``, ``needs_attention``).

Every :class:`DriverMetrics` has its own registry (several sweeps in one process, e.g. tests, do
not collide); :meth:`DriverMetrics.serve` exposes it over HTTP.
"""

from __future__ import annotations

import threading
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

from orchestrator.errors import ConfigError

NIGHTLY_VERDICTS = ("still_reproduces", "fixed", "needs_attention")

OUTCOMES = ("crash", "symptom", "not_reproduced", "error")
DEVICE_STATES = ("busy", "idle", "quarantined")
# Probe latencies span instant virtual devices (ms) to real emulators under load (tens of s).
PROBE_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)


class DriverMetrics:
    """The driver's metrics in a private registry.

    Attributes are the prometheus-client objects (``reproductions``, ``transitions``,
    ``devices``, ``queue_depth``, ``probe_seconds``, ``llm_tokens``, ``llm_cost``); the methods
    below are the events the sweep reports. Thread-safe (prometheus-client metrics are).
    """

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.reproductions = Counter(
            "reprofarm_reproductions",
            "Reproductions finished, by outcome (the result's verdict).",
            ["outcome"],
            registry=self.registry,
        )
        self.transitions = Counter(
            "reprofarm_transitions",
            "Transitions (probes: restore + action + observe) executed on devices.",
            registry=self.registry,
        )
        self.devices = Gauge(
            "reprofarm_devices",
            "Devices of the farm by state: busy (leased to a reproduction), idle, quarantined.",
            ["state"],
            registry=self.registry,
        )
        self.queue_depth = Gauge(
            "reprofarm_queue_depth",
            "Reproductions waiting to start (not yet holding devices).",
            registry=self.registry,
        )
        self.probe_seconds = Histogram(
            "reprofarm_probe_seconds",
            "Probe latency observed by the orchestrator's device worker, in seconds.",
            buckets=PROBE_BUCKETS,
            registry=self.registry,
        )
        self.llm_tokens = Counter(
            "reprofarm_llm_tokens",
            "Reasoner tokens by role and kind (prompt or completion).",
            ["role", "kind"],
            registry=self.registry,
        )
        self.llm_cost = Counter(
            "reprofarm_llm_cost_usd",
            "Reasoner cost in US dollars by role.",
            ["role"],
            registry=self.registry,
        )
        self.nightly_actions = Counter(
            "reprofarm_nightly_actions",
            "Recorded actions of the traces nightly runs replayed.",
            registry=self.registry,
        )
        self.nightly_by_decision = {
            decision: Counter(
                f"reprofarm_nightly_{decision}_actions",
                f"Recorded actions the nightly replay controller {decision}.",
                registry=self.registry,
            )
            for decision in ("reused", "rewritten", "rejected")
        }
        self.nightly_verdicts = Counter(
            "reprofarm_nightly_verdicts",
            "Nightly verdicts by kind.",
            ["verdict"],
            registry=self.registry,
        )
        for verdict in NIGHTLY_VERDICTS:
            self.nightly_verdicts.labels(verdict=verdict)
        for outcome in OUTCOMES:  # export zeros, so rate() and dashboards see every series
            self.reproductions.labels(outcome=outcome)
        for state in DEVICE_STATES:
            self.devices.labels(state=state).set(0)
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self.port = 0

    # -- events -----------------------------------------------------------------------------
    def reproduction_finished(self, result: dict[str, Any]) -> None:
        """Count a finished reproduction (a ``result.json`` object): its verdict and its
        reasoner usage per role (``result["llm"]["by_role"]``)."""
        self.reproductions.labels(outcome=str(result.get("verdict", "error"))).inc()
        by_role = (result.get("llm") or {}).get("by_role") or {}
        for role, usage in by_role.items():
            self.llm_tokens.labels(role=role, kind="prompt").inc(
                float(usage.get("prompt_tokens", 0))
            )
            self.llm_tokens.labels(role=role, kind="completion").inc(
                float(usage.get("completion_tokens", 0))
            )
            self.llm_cost.labels(role=role).inc(float(usage.get("cost_usd", 0.0)))
        nightly = result.get("nightly")
        if isinstance(nightly, dict):
            counts = nightly.get("counts") or {}
            self.nightly_actions.inc(float(counts.get("total", 0)))
            for decision, counter in self.nightly_by_decision.items():
                counter.inc(float(counts.get(decision, 0)))
            self.nightly_verdicts.labels(
                verdict=str(nightly.get("verdict", "needs_attention"))
            ).inc()

    def search_event(self, event: str, data: dict[str, Any]) -> None:
        """The search's progress callback (``Reproducer(progress=...)``): each ``probe`` event
        is one executed transition; other events carry nothing to count."""
        if event == "probe":
            self.transitions.inc()

    def probe_observed(self, seconds: float) -> None:
        """One probe's latency in seconds."""
        self.probe_seconds.observe(max(0.0, seconds))

    def set_devices(self, busy: int, idle: int, quarantined: int) -> None:
        """The farm's device counts right now."""
        self.devices.labels(state="busy").set(busy)
        self.devices.labels(state="idle").set(idle)
        self.devices.labels(state="quarantined").set(quarantined)

    def set_queue_depth(self, waiting: int) -> None:
        """How many reproductions wait to start."""
        self.queue_depth.set(waiting)

    # -- exposition -------------------------------------------------------------------------
    def serve(self, port: int, host: str = "0.0.0.0") -> int:
        """Serve ``/metrics`` on ``host:port`` in a daemon thread; returns the port.

        Raises :class:`ConfigError` when the port cannot be bound (in use, or privileged).
        """
        try:
            self._server, self._thread = start_http_server(port, addr=host, registry=self.registry)
        except OSError as exc:
            raise ConfigError(
                f"cannot serve metrics on {host}:{port} ({exc.strerror or exc}); "
                "pick another --metrics-port (0 turns metrics off)"
            ) from exc
        self.port = int(self._server.server_address[1])
        return self.port

    def close(self) -> None:
        """Stop the HTTP server, if one is running."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None
