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


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=5)


def _wait_ready(proc: subprocess.Popen[bytes], url: str, log: Path, what: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            raise AssertionError(f"{what} exited: {log.read_text()[-2000:]}")
        try:
            get(url)
            return
        except OSError as exc:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{what} not ready in 30 s: {log.read_text()[-2000:]}"
                ) from exc
            time.sleep(0.1)


@contextlib.contextmanager
def pushgateway_server(tmp_path: Path) -> Iterator[str]:
    """A Pushgateway on 127.0.0.1; yields its URL (``http://127.0.0.1:PORT``)."""
    assert PUSHGATEWAY is not None
    port = free_port()
    log_path = tmp_path / "pushgateway.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            [
                PUSHGATEWAY,
                f"--web.listen-address=127.0.0.1:{port}",
                # Debian's default persists to /var/lib/prometheus: keep each test's groups apart.
                f"--persistence.file={tmp_path / 'pushgateway.data'}",
                "--log.level=warn",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait_ready(proc, f"http://127.0.0.1:{port}/-/ready", log_path, "the Pushgateway")
            yield f"http://127.0.0.1:{port}"
        finally:
            _stop(proc)


@contextlib.contextmanager
def prometheus_server(
    tmp_path: Path, targets: list[str], *, honor_labels: bool = False
) -> Iterator[str]:
    """A Prometheus on 127.0.0.1 scraping ``targets`` (``host:port``) every second; yields its
    query API base (``http://127.0.0.1:PORT/api/v1``). ``honor_labels``: keep the scraped
    ``job``/``instance`` (how a Pushgateway is scraped)."""
    assert PROMETHEUS is not None
    port = free_port()
    config = {
        "global": {"scrape_interval": "1s", "evaluation_interval": "1s"},
        "scrape_configs": [
            {
                "job_name": "pushgateway" if honor_labels else "reprofarm",
                "honor_labels": honor_labels,
                "static_configs": [{"targets": targets}],
            }
        ],
    }
    (tmp_path / "prometheus.yml").write_text(json.dumps(config))  # JSON is YAML
    log_path = tmp_path / "prometheus.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            [
                PROMETHEUS,
                f"--config.file={tmp_path / 'prometheus.yml'}",
                f"--storage.tsdb.path={tmp_path / 'tsdb'}",
                f"--web.listen-address=127.0.0.1:{port}",
                "--log.level=warn",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait_ready(proc, f"http://127.0.0.1:{port}/-/ready", log_path, "Prometheus")
            yield f"http://127.0.0.1:{port}/api/v1"
        finally:
            _stop(proc)


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
