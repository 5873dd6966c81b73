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
  ``completion``; counted as each model call returns, every role exported from 0.
- ``reprofarm_llm_cost_usd_total{role}`` (counter): reasoner cost in US dollars, likewise.
- ``reprofarm_nightly_actions_total`` (counter): recorded actions of the traces a nightly run
  replayed; ``reprofarm_nightly_reused_actions_total``, ``..._rewritten_actions_total`` and
  ``..._rejected_actions_total`` split them by the replay controller's decision (the dashboard's
  reuse share is reused / all).
- ``reprofarm_nightly_verdicts_total{verdict}`` (counter): nightly verdicts (``still_reproduces``,
  ``fixed``, ``needs_attention``).
- ``reprofarm_run_start_time_seconds`` (gauge): when this run began, Unix time (the dashboard's
  "runs of the last 24 h" panels pick runs by it, the Pushgateway keeps old runs until deleted).

Every :class:`DriverMetrics` has its own registry (several sweeps in one process, e.g. tests, do
not collide); :meth:`DriverMetrics.serve` exposes it over HTTP (loopback unless told otherwise)
and :class:`~orchestrator.pushgateway.MetricsPusher` pushes it to a Pushgateway.

Every exported series carries ``run="<run id>"`` (:attr:`DriverMetrics.run_id`, unique per process):
the same run seen twice, scraped live and through the Pushgateway, is one run on the dashboard
(``max by (run, ...)`` before ``sum``), and runs stay apart.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server
from prometheus_client.metrics_core import Metric

from orchestrator.errors import ConfigError
from orchestrator.llm.schemas import ROLES as LLM_ROLES

NIGHTLY_VERDICTS = ("still_reproduces", "fixed", "needs_attention")

OUTCOMES = ("crash", "symptom", "not_reproduced", "error")
DEVICE_STATES = ("busy", "idle", "quarantined")
# Probe latencies span instant virtual devices (ms) to real emulators under load (tens of s).
PROBE_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)


def new_run_id() -> str:
    """A run id unique per process: UTC start time and 6 random hex digits, e.g.
    ``20261201T132500Z-3fa9c1`` (sorts by start; readable in a Pushgateway group's URL)."""
    return f"{datetime.now(UTC):%Y%m%dT%H%M%SZ}-{secrets.token_hex(3)}"


class RunLabelled:
    """A collector that yields ``registry``'s metrics with ``labels`` added to every sample
    (prometheus-client has no constant labels per registry). Register it in a registry of its
    own; that registry is what is served and pushed."""

    def __init__(self, registry: CollectorRegistry, labels: dict[str, str]) -> None:
        self.registry = registry
        self.labels = labels

    def collect(self) -> Iterator[Metric]:
        for family in self.registry.collect():
            labelled = Metric(family.name, family.documentation, family.type, family.unit)
            labelled.samples = [
                s._replace(labels={**s.labels, **self.labels}) for s in family.samples
            ]
            yield labelled


class DriverMetrics:
    """The driver's metrics in a private registry.

    Attributes are the prometheus-client objects (``reproductions``, ``transitions``,
    ``devices``, ``queue_depth``, ``probe_seconds``, ``llm_tokens``, ``llm_cost``); the methods
    below are the events the sweep reports. Thread-safe (prometheus-client metrics are).
    ``registry`` holds the bare series (``get_sample_value`` without a ``run`` label);
    ``exported`` is what the endpoint serves and the Pushgateway gets: the same series with
    ``run=run_id`` (default: :func:`new_run_id`).
    """

    def __init__(self, run_id: str = "") -> None:
        self.run_id = run_id or new_run_id()
        self.registry = CollectorRegistry(auto_describe=True)
        self.exported = CollectorRegistry(auto_describe=False)
        self.exported.register(RunLabelled(self.registry, {"run": self.run_id}))
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
        self.run_start_time = Gauge(
            "reprofarm_run_start_time_seconds",
            "When this run (sweep, nightly run or reproduction) began, Unix time in seconds.",
            registry=self.registry,
        )
        self.run_start_time.set_to_current_time()
        for verdict in NIGHTLY_VERDICTS:
            self.nightly_verdicts.labels(verdict=verdict)
        for outcome in OUTCOMES:  # export zeros, so rate() and dashboards see every series
            self.reproductions.labels(outcome=outcome)
        for role in LLM_ROLES:  # zeros too: increase() counts a role's first call
            self.llm_cost.labels(role=role)
            for kind in ("prompt", "completion"):
                self.llm_tokens.labels(role=role, kind=kind)
        for state in DEVICE_STATES:
            self.devices.labels(state=state).set(0)
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self.port = 0

    # -- events -----------------------------------------------------------------------------
    def reproduction_finished(self, result: dict[str, Any]) -> None:
        """Count a finished reproduction (a ``result.json`` object): its verdict (and a nightly
        run's counts). Its reasoner tokens and cost were counted as each call returned
        (:meth:`search_event` ``llm_usage``), not here: a counter that only moves when a run
        ends shows nothing to ``increase()`` during it, and its first value is lost to it."""
        self.reproductions.labels(outcome=str(result.get("verdict", "error"))).inc()
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
        """The run's progress callback (``Reproducer(progress=...)``, ``reproduce_on_pool``):
        each ``probe`` event is one executed transition; each ``llm_usage`` event one model
        call's tokens and cost (``role``, ``prompt_tokens``, ``completion_tokens``,
        ``cost_usd``, :func:`orchestrator.progress.usage_events`); other events carry nothing
        to count."""
        if event == "probe":
            self.transitions.inc()
        elif event == "llm_usage":
            role = str(data.get("role", ""))
            self.llm_tokens.labels(role=role, kind="prompt").inc(
                float(data.get("prompt_tokens", 0))
            )
            self.llm_tokens.labels(role=role, kind="completion").inc(
                float(data.get("completion_tokens", 0))
            )
            self.llm_cost.labels(role=role).inc(float(data.get("cost_usd", 0.0)))

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

    def run_ended(self) -> None:
        """The run holds no devices and has nothing queued: zero the gauges, so the values a
        Pushgateway keeps after the run do not show a farm still busy."""
        self.set_devices(0, 0, 0)
        self.set_queue_depth(0)

    # -- exposition -------------------------------------------------------------------------
    def serve(self, port: int, host: str = "127.0.0.1") -> int:
        """Serve ``/metrics`` on ``host:port`` in a daemon thread; returns the port. The default
        host is loopback: a pod that must be scraped passes ``--metrics-host 0.0.0.0``.

        Raises :class:`ConfigError` when the port cannot be bound (in use, or privileged).
        """
        try:
            self._server, self._thread = start_http_server(port, addr=host, registry=self.exported)
        except OSError as exc:
            raise ConfigError(
                f"cannot serve metrics on {host}:{port} ({exc.strerror or exc}); "
                "pick another --metrics-port (0 turns metrics off) or --metrics-host"
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
