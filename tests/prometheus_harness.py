"""A real Prometheus server and a real Pushgateway on loopback for tests (Debian packages
``prometheus`` and ``prometheus-pushgateway``); tests that need one skip with the reason where the
binary is absent."""

from __future__ import annotations

import contextlib
import json
import shutil
import socket
import subprocess
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

PROMETHEUS = shutil.which("prometheus")
PUSHGATEWAY = shutil.which("prometheus-pushgateway") or shutil.which("pushgateway")
NEEDS_PROMETHEUS = pytest.mark.skipif(
    PROMETHEUS is None,
    reason="the prometheus server is not installed (Debian: apt-get install prometheus)",
)
NEEDS_PUSHGATEWAY = pytest.mark.skipif(
    PUSHGATEWAY is None,
    reason="the Pushgateway is not installed (Debian: apt-get install prometheus-pushgateway)",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=5) as resp:  # noqa: S310 - loopback only
        return bytes(resp.read())


@contextlib.contextmanager
def _running(cmd: list[str], ready_url: str, log_path: Path, what: str) -> Iterator[None]:
    """Run ``cmd`` (output to ``log_path``) until the block ends; enter once ``ready_url``
    answers (30 s at most, else an AssertionError with the log's tail)."""
    with log_path.open("wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 30
            while True:
                if proc.poll() is not None:
                    raise AssertionError(f"{what} exited: {log_path.read_text()[-2000:]}")
                try:
                    get(ready_url)
                    break
                except OSError as exc:
                    if time.monotonic() > deadline:
                        raise AssertionError(
                            f"{what} not ready in 30 s: {log_path.read_text()[-2000:]}"
                        ) from exc
                    time.sleep(0.1)
            yield
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)


@contextlib.contextmanager
def pushgateway_server(tmp_path: Path) -> Iterator[str]:
    """A Pushgateway on 127.0.0.1; yields its URL (``http://127.0.0.1:PORT``)."""
    assert PUSHGATEWAY is not None
    port = free_port()
    cmd = [
        PUSHGATEWAY,
        f"--web.listen-address=127.0.0.1:{port}",
        # Debian's default persists to /var/lib/prometheus: keep each test's groups apart.
        f"--persistence.file={tmp_path / 'pushgateway.data'}",
        "--log.level=warn",
    ]
    ready = f"http://127.0.0.1:{port}/-/ready"
    with _running(cmd, ready, tmp_path / "pushgateway.log", "the Pushgateway"):
        yield f"http://127.0.0.1:{port}"


@contextlib.contextmanager
def prometheus_server(
    tmp_path: Path, targets: list[str], *, gateways: list[str] | None = None
) -> Iterator[str]:
    """A Prometheus on 127.0.0.1 scraping ``targets`` (``host:port``, job ``reprofarm``) and
    ``gateways`` (Pushgateways, job ``pushgateway`` with ``honor_labels``: the pushed
    ``job``/``instance`` stay, as a Pushgateway is meant to be scraped) every second; yields its
    query API base (``http://127.0.0.1:PORT/api/v1``)."""
    assert PROMETHEUS is not None
    port = free_port()
    jobs = [("reprofarm", targets, False), ("pushgateway", gateways or [], True)]
    config = {
        "global": {"scrape_interval": "1s", "evaluation_interval": "1s"},
        "scrape_configs": [
            {"job_name": name, "honor_labels": honor, "static_configs": [{"targets": hosts}]}
            for name, hosts, honor in jobs
            if hosts
        ],
    }
    (tmp_path / "prometheus.yml").write_text(json.dumps(config))  # JSON is YAML
    cmd = [
        PROMETHEUS,
        f"--config.file={tmp_path / 'prometheus.yml'}",
        f"--storage.tsdb.path={tmp_path / 'tsdb'}",
        f"--web.listen-address=127.0.0.1:{port}",
        "--log.level=warn",
    ]
    ready = f"http://127.0.0.1:{port}/-/ready"
    with _running(cmd, ready, tmp_path / "prometheus.log", "Prometheus"):
        yield f"http://127.0.0.1:{port}/api/v1"


def query(api: str, expr: str) -> list[dict[str, Any]]:
    """The instant vector ``expr`` evaluates to now (``[{"metric": {...}, "value": [t, v]}]``)."""
    reply = json.loads(get(f"{api}/query?" + urllib.parse.urlencode({"query": expr})))
    assert reply["status"] == "success", reply
    return list(reply["data"]["result"])


def wait_for(api: str, expr: str, count: int = 1, timeout: float = 30.0) -> list[dict[str, Any]]:
    """Poll until ``expr`` yields at least ``count`` series; fails after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        result = query(api, expr)
        if len(result) >= count:
            return result
        assert time.monotonic() < deadline, f"{expr!r} gave {result} after {timeout} s"
        time.sleep(0.25)
