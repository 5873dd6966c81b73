"""Pushing a run's metrics to a Prometheus Pushgateway, so they outlive the process.

Prometheus pulls: a sweep, nightly run or reproduction that ends before its next scrape takes its
last counts with it (the final verdict, the nightly reuse counts). The ecosystem's answer for batch
jobs is the Pushgateway (https://prometheus.io/docs/practices/pushing/): the job pushes its
registry there, Prometheus scrapes the gateway (with ``honor_labels: true``) and the last pushed
values stay until someone deletes the group.

:class:`MetricsPusher` pushes one registry under the grouping key ``{job, instance}`` (e.g.
``job="reprofarm-sweep", instance="<run id>"``): once when started (zeros, so counters have a
first sample before they grow), every ``interval_s`` while the run lasts, and once more when
closed (the final counts). Each push is a PUT (``push_to_gateway``): the group then holds exactly
this run's registry, and other runs' groups are left alone. A push that fails is a warning in the
log, never an error: metrics must not fail a run.
"""

from __future__ import annotations

import threading
import urllib.parse
from typing import Any

import structlog
from prometheus_client import push_to_gateway

from orchestrator.errors import ConfigError

log = structlog.get_logger("reprofarm.metrics")

PUSHGATEWAY_ENV = "REPROFARM_PUSHGATEWAY"
DEFAULT_PUSH_INTERVAL_S = 30.0
# One push must not hold up the end of a run for long when the gateway is down.
PUSH_TIMEOUT_S = 5.0


def gateway_url(text: str) -> str:
    """``text`` checked as a Pushgateway address: ``http(s)://host[:port][/path]`` or
    ``host:port`` (http assumed). Returns the URL with its scheme; raises :class:`ConfigError`
    (one line naming the fix) for another scheme, no host or a bad port."""
    raw = text.strip()
    parsed = urllib.parse.urlsplit(raw if "://" in raw else f"http://{raw}")
    if parsed.scheme not in ("http", "https"):
        raise ConfigError(
            f"--pushgateway {text!r}: expected http://HOST:PORT (e.g. http://pushgateway:9091)"
        )
    try:
        port = parsed.port
    except ValueError:
        port = -1
    if not parsed.hostname or port == -1 or parsed.query or parsed.fragment:
        raise ConfigError(
            f"--pushgateway {text!r}: expected http://HOST:PORT (e.g. http://pushgateway:9091)"
        )
    return urllib.parse.urlunsplit((parsed.scheme, parsed.netloc, parsed.path.rstrip("/"), "", ""))


class MetricsPusher:
    """Push ``registry`` to the Pushgateway at ``url`` under ``{job, instance}``.

    ``interval_s``: seconds between periodic pushes (> 0); ``timeout_s``: per push. Use as a
    context manager, or call :meth:`start` and :meth:`close`. :attr:`pushes` and
    :attr:`failures` count the attempts (for the run's summary and for tests).
    """

    def __init__(
        self,
        registry: Any,
        url: str,
        *,
        job: str,
        instance: str,
        interval_s: float = DEFAULT_PUSH_INTERVAL_S,
        timeout_s: float = PUSH_TIMEOUT_S,
    ) -> None:
        if not interval_s > 0:
            raise ConfigError(f"--push-interval must be positive seconds, got {interval_s}")
        self.url = gateway_url(url)
        self.registry = registry
        self.job = job
        self.instance = instance
        self.interval_s = interval_s
        self.timeout_s = timeout_s
        self.pushes = 0
        self.failures = 0
        self._warned = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._start_lock = threading.Lock()

    def push(self) -> bool:
        """Push the registry now; True when the gateway took it. A failure is logged as a
        warning (the first one with the reason, later ones at debug level) and returns False."""
        with self._lock:  # the periodic thread and the final push never interleave
            try:
                push_to_gateway(
                    self.url,
                    job=self.job,
                    registry=self.registry,
                    grouping_key={"instance": self.instance},
                    timeout=self.timeout_s,
                )
            except Exception as exc:  # noqa: BLE001 - any failure (refused, HTTP 4xx/5xx, DNS)
                self.failures += 1
                report = log.debug if self._warned else log.warning
                report(
                    "metrics_push_failed",
                    pushgateway=self.url,
                    job=self.job,
                    instance=self.instance,
                    error=str(exc) or type(exc).__name__,
                )
                self._warned = True
                return False
            self.pushes += 1
            return True

    def start(self) -> MetricsPusher:
        """Push once and start the periodic pushes on a daemon thread (once: later calls do
        nothing, so a caller may start it lazily from any thread)."""
        with self._start_lock:
            if self._thread is not None or self._stop.is_set():
                return self
            self._thread = threading.Thread(target=self._loop, name="metrics-push", daemon=True)
        self.push()
        self._thread.start()
        return self

    def _loop(self) -> None:
        while not self._stop.wait(self.interval_s):
            self.push()

    def close(self) -> bool:
        """Stop the periodic pushes and push the final values; True when that push worked."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=self.timeout_s + 1.0)
            self._thread = None
        done = self.push()
        log.info(
            "metrics_pushed" if done else "metrics_not_pushed",
            pushgateway=self.url,
            job=self.job,
            instance=self.instance,
            pushes=self.pushes,
            failures=self.failures,
        )
        return done

    def __enter__(self) -> MetricsPusher:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()
