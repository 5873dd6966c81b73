"""``k8s://`` device discovery against a Kubernetes API served on loopback by the test.

:class:`FakeKubeAPI` answers what :class:`orchestrator.k8s.K8sAgentSource` asks, with the real
JSON shapes of the core/v1 and apps/v1 APIs: pods list (label selector, resourceVersion), pods
watch (chunked newline-delimited events, bookmarks, ``ERROR 410`` for a history that was
compacted, ``timeoutSeconds``), and the StatefulSet ``scale`` subresource (GET, merge PATCH).
It checks the bearer token, so the tests prove the kubeconfig's (or the service account's)
credentials are used. No cluster is reachable here, and none is needed.
"""

from __future__ import annotations

import json
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

pytest.importorskip(
    "kubernetes", reason="the kubernetes client is not installed: pip install -e '.[k8s]'"
)

from orchestrator.errors import ConfigError, InfrastructureError  # noqa: E402
from orchestrator.k8s import AgentEvent, K8sAgentSource, K8sTarget, parse_k8s_url  # noqa: E402

NS = "farm"
SELECTOR = "reprofarm.io/device-pool=rf-device"
TOKEN = "test-token-6f1c"


def make_pod(
    name: str,
    ip: str,
    *,
    ready: bool = True,
    phase: str = "Running",
    port: int = 50051,
    labels: dict[str, str] | None = None,
) -> dict[str, Any]:
    """A core/v1 Pod as the API server returns it (the fields discovery reads, and a few more)."""
    return {
        "kind": "Pod",
        "apiVersion": "v1",
        "metadata": {
            "name": name,
            "namespace": NS,
            "uid": f"uid-{name}",
            "labels": labels if labels is not None else {"reprofarm.io/device-pool": "rf-device"},
            "creationTimestamp": "2026-11-29T20:00:00Z",
        },
        "spec": {
            "containers": [
                {"name": "emulator", "image": "emu:1"},
                {
                    "name": "agent",
                    "image": "reprofarm:1",
                    "ports": [
                        {"name": "grpc", "containerPort": port, "protocol": "TCP"},
                        {"name": "metrics", "containerPort": 9101, "protocol": "TCP"},
                    ],
                },
            ]
        },
        "status": {
            "phase": phase,
            "podIP": ip if phase == "Running" else "",
            "conditions": [
                {"type": "PodScheduled", "status": "True"},
                {"type": "Ready", "status": "True" if ready else "False"},
            ],
        },
    }


class FakeKubeAPI:
    """A loopback Kubernetes API with pods and one StatefulSet ``scale`` subresource."""

    def __init__(self, *, tls: tuple[Path, Path] | None = None) -> None:
        self.pods: dict[str, dict[str, Any]] = {}
        self.events: list[tuple[int, str, dict[str, Any]]] = []
        self.version = 100
        self.compacted_before = 0  # watches from an older resourceVersion get ERROR 410
        self.replicas: dict[str, int] = {"rf-device": 2}
        self.patches: list[tuple[str, dict[str, Any]]] = []
        self.requests: list[str] = []
        self.forbidden: set[str] = set()
        self.cond = threading.Condition()
        self.closing = False
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                api.handle(self, "GET")

            def do_PATCH(self) -> None:
                api.handle(self, "PATCH")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.scheme = "http"
        if tls:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(str(tls[0]), str(tls[1]))
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
            self.scheme = "https"
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    def close(self) -> None:
        with self.cond:
            self.closing = True
            self.cond.notify_all()
        self.server.shutdown()
        self.server.server_close()

    # -- changing the cluster (what the kubelet and controllers would do) --------------------
    def put(self, pod: dict[str, Any]) -> None:
        with self.cond:
            kind = "MODIFIED" if pod["metadata"]["name"] in self.pods else "ADDED"
            self._record(kind, pod)

    def delete(self, name: str) -> None:
        with self.cond:
            self._record("DELETED", self.pods[name])

    def _record(self, kind: str, pod: dict[str, Any]) -> None:
        self.version += 1
        pod = json.loads(json.dumps(pod))
        pod["metadata"]["resourceVersion"] = str(self.version)
        if kind == "DELETED":
            self.pods.pop(pod["metadata"]["name"], None)
        else:
            self.pods[pod["metadata"]["name"]] = pod
        self.events.append((self.version, kind, pod))
        self.cond.notify_all()

    # -- serving ----------------------------------------------------------------------------
    def handle(self, req: BaseHTTPRequestHandler, method: str) -> None:
        parts = urlsplit(req.path)
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        self.requests.append(f"{method} {req.path}")
        scheme, _, given = (req.headers.get("Authorization") or "").partition(" ")
        if scheme.lower() != "bearer" or given != TOKEN:  # the scheme is case-insensitive
            return self._status(req, 401, "Unauthorized", "no or wrong bearer token")
        path = parts.path.rstrip("/").split("/")
        if parts.path in self.forbidden:
            return self._status(req, 403, "Forbidden", f"cannot {method} {parts.path}")
        if path[:5] == ["", "api", "v1", "namespaces", NS] and path[5:] == ["pods"]:
            if query.get("watch") in ("true", "1"):
                return self._watch(req, query)
            return self._list(req, query)
        if (
            path[:6] == ["", "apis", "apps", "v1", "namespaces", NS]
            and len(path) == 9
            and path[6] == "statefulsets"
            and path[8] == "scale"
        ):
            return self._scale(req, method, path[7])
        return self._status(req, 404, "NotFound", f"{parts.path} not found")

    def _matches(self, pod: dict[str, Any], selector: str) -> bool:
        labels = pod["metadata"].get("labels") or {}
        for term in filter(None, selector.split(",")):
            key, value = term.split("=", 1)
            if labels.get(key) != value:
                return False
        return True

    def _list(self, req: BaseHTTPRequestHandler, query: dict[str, str]) -> None:
        selector = query.get("labelSelector", "")
        with self.cond:
            items = [p for p in self.pods.values() if self._matches(p, selector)]
            body = {
                "kind": "PodList",
                "apiVersion": "v1",
                "metadata": {"resourceVersion": str(self.version)},
                "items": items,
            }
        self._json(req, 200, body)

    def _watch(self, req: BaseHTTPRequestHandler, query: dict[str, str]) -> None:
        selector = query.get("labelSelector", "")
        since = int(query.get("resourceVersion") or 0)
        deadline = time.monotonic() + int(query.get("timeoutSeconds") or 30)
        req.send_response(200)
        req.send_header("Content-Type", "application/json")
        req.send_header("Transfer-Encoding", "chunked")
        req.end_headers()

        def send(event: dict[str, Any]) -> None:
            data = json.dumps(event).encode() + b"\n"
            req.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            req.wfile.flush()

        try:
            if since and since < self.compacted_before:
                send(
                    {
                        "type": "ERROR",
                        "object": {
                            "kind": "Status",
                            "apiVersion": "v1",
                            "status": "Failure",
                            "message": f"too old resource version: {since}",
                            "reason": "Expired",
                            "code": 410,
                        },
                    }
                )
                return
            sent = since
            while True:
                with self.cond:
                    pending = [e for e in self.events if e[0] > sent]
                    if not pending:
                        left = deadline - time.monotonic()
                        if left <= 0 or self.closing:
                            return
                        self.cond.wait(min(left, 0.2))
                        continue
                for version, kind, pod in pending:
                    sent = version
                    if self._matches(pod, selector):
                        send({"type": kind, "object": pod})
                if query.get("allowWatchBookmarks") == "true":
                    send(
                        {
                            "type": "BOOKMARK",
                            "object": {
                                "kind": "Pod",
                                "apiVersion": "v1",
                                "metadata": {"resourceVersion": str(sent)},
                            },
                        }
                    )
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError, OSError):
            return
        finally:
            with _suppress():
                req.wfile.write(b"0\r\n\r\n")
                req.wfile.flush()

    def _scale(self, req: BaseHTTPRequestHandler, method: str, name: str) -> None:
        if name not in self.replicas:
            return self._status(req, 404, "NotFound", f'statefulsets.apps "{name}" not found')
        if method == "PATCH":
            length = int(req.headers.get("Content-Length") or 0)
            body = json.loads(req.rfile.read(length) or b"{}")
            self.patches.append((req.headers.get("Content-Type", ""), body))
            self.replicas[name] = int(body["spec"]["replicas"])
        self._json(
            req,
            200,
            {
                "kind": "Scale",
                "apiVersion": "autoscaling/v1",
                "metadata": {"name": name, "namespace": NS, "resourceVersion": str(self.version)},
                "spec": {"replicas": self.replicas[name]},
                "status": {"replicas": self.replicas[name], "selector": SELECTOR},
            },
        )

    def _json(self, req: BaseHTTPRequestHandler, code: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        req.send_response(code)
        req.send_header("Content-Type", "application/json")
        req.send_header("Content-Length", str(len(data)))
        req.end_headers()
        req.wfile.write(data)

    def _status(self, req: BaseHTTPRequestHandler, code: int, reason: str, message: str) -> None:
        self._json(
            req,
            code,
            {
                "kind": "Status",
                "apiVersion": "v1",
                "status": "Failure",
                "message": message,
                "reason": reason,
                "code": code,
            },
        )


class _suppress:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return True


def write_kubeconfig(path: Path, server: str, *, ca: Path | None = None) -> Path:
    cluster: dict[str, Any] = {"server": server}
    if ca:
        cluster["certificate-authority"] = str(ca)
    config = {
        "apiVersion": "v1",
        "kind": "Config",
        "clusters": [{"name": "fake", "cluster": cluster}],
        "users": [{"name": "tester", "user": {"token": TOKEN}}],
        "contexts": [{"name": "fake", "context": {"cluster": "fake", "user": "tester"}}],
        "current-context": "fake",
    }
    path.write_text(json.dumps(config))  # JSON is YAML
    return path


@pytest.fixture()
def api() -> Iterator[FakeKubeAPI]:
    server = FakeKubeAPI()
    yield server
    server.close()


@pytest.fixture()
def kubeconfig(api: FakeKubeAPI, tmp_path: Path) -> Path:
    return write_kubeconfig(tmp_path / "kubeconfig", api.url)


def source_for(kubeconfig: Path, url: str = f"k8s://{NS}/{SELECTOR}", **kw: Any) -> K8sAgentSource:
    return K8sAgentSource(url, kubeconfig=str(kubeconfig), **kw)


def collect(source: K8sAgentSource) -> tuple[list[AgentEvent], threading.Event]:
    events: list[AgentEvent] = []
    changed = threading.Event()

    def on_event(event: AgentEvent) -> None:
        events.append(event)
        changed.set()

    source.start(on_event)
    return events, changed


def wait_until(predicate: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.02)


# -- URL parsing ----------------------------------------------------------------------------------
def test_parse_k8s_url_forms_and_errors():
    t = parse_k8s_url("k8s://farm/app=dev,tier in (a,b)?scale=rf-device&min=2&max=40&port=6000")
    assert t == K8sTarget("farm", "app=dev,tier in (a,b)", "rf-device", 2, 40, 6000)
    assert t.selector_pairs() == [("app", "dev")]
    assert parse_k8s_url(t.url()) == t
    assert parse_k8s_url(f"k8s://{NS}/{SELECTOR}").statefulset == ""
    for bad, fragment in [
        ("farm/app=dev", "not a k8s:// URL"),
        ("k8s://Farm_1/app=dev", "namespace"),
        ("k8s://farm/", "no label selector"),
        ("k8s://farm/app=dev?replicas=3", "unknown option"),
        ("k8s://farm/app=dev?scale=sts&max=x", "whole number"),
        ("k8s://farm/app=dev?scale=sts&min=5&max=2", "min <= max"),
        ("k8s://farm/app=dev?port=70000", "TCP port"),
    ]:
        with pytest.raises(ConfigError, match=fragment):
            parse_k8s_url(bad)


# -- listing and watching -------------------------------------------------------------------------
def test_lists_only_ready_pods_with_their_agent_port(api: FakeKubeAPI, kubeconfig: Path):
    api.put(make_pod("rf-device-0", "10.1.0.10"))
    api.put(make_pod("rf-device-1", "10.1.0.11", ready=False))  # emulator still booting
    api.put(make_pod("rf-device-2", "", phase="Pending"))  # no KVM node yet
    api.put(make_pod("rf-device-3", "10.1.0.13", port=6000))
    api.put(make_pod("other", "10.1.0.99", labels={"app": "something-else"}))
    source = source_for(kubeconfig)
    assert source.list_ready() == ["10.1.0.10:50051", "10.1.0.13:6000"]
    queries = [parse_qs(urlsplit(r.split(" ", 1)[1]).query) for r in api.requests]
    assert queries and all(q["labelSelector"] == [SELECTOR] for q in queries)
    # ?port= overrides the pods' named port.
    pinned = source_for(kubeconfig, f"k8s://{NS}/{SELECTOR}?port=7000")
    assert pinned.list_ready() == ["10.1.0.10:7000", "10.1.0.13:7000"]


def test_watch_follows_pods_coming_and_going(api: FakeKubeAPI, kubeconfig: Path):
    api.put(make_pod("rf-device-0", "10.1.0.10"))
    source = source_for(kubeconfig)
    assert source.list_ready() == ["10.1.0.10:50051"]
    events, _ = collect(source)
    try:
        api.put(make_pod("rf-device-1", "10.1.0.11", ready=False))  # not ready: no event
        api.put(make_pod("rf-device-1", "10.1.0.11"))  # readiness probe passed
        wait_until(lambda: len(events) == 1)
        assert events[0] == AgentEvent("added", "10.1.0.11:50051", "rf-device-1")
        assert source.addresses == ["10.1.0.10:50051", "10.1.0.11:50051"]

        api.put(make_pod("rf-device-0", "10.1.0.10", ready=False))  # agent NOT_SERVING
        api.delete("rf-device-0")
        api.put(make_pod("rf-device-0", "10.1.0.20"))  # recreated elsewhere: a new IP
        wait_until(lambda: len(events) == 3)
        assert events[1:] == [
            AgentEvent("removed", "10.1.0.10:50051", "rf-device-0"),
            AgentEvent("added", "10.1.0.20:50051", "rf-device-0"),
        ]
        terminating = make_pod("rf-device-1", "10.1.0.11")
        terminating["metadata"]["deletionTimestamp"] = "2026-11-29T20:10:00Z"
        api.put(terminating)  # graceful deletion starts: stop using it at once
        wait_until(lambda: len(events) == 4)
        assert events[3] == AgentEvent("removed", "10.1.0.11:50051", "rf-device-1")
        assert source.addresses == ["10.1.0.20:50051"]
    finally:
        source.stop()


def test_watch_resumes_after_server_timeout_and_relists_after_410(
    api: FakeKubeAPI, kubeconfig: Path
):
    api.put(make_pod("rf-device-0", "10.1.0.10"))
    source = source_for(kubeconfig, watch_timeout_s=1)  # the server ends each watch after 1 s
    source.list_ready()
    events, _ = collect(source)
    try:
        time.sleep(1.5)  # at least one watch ended and was resumed
        api.put(make_pod("rf-device-1", "10.1.0.11"))
        wait_until(lambda: len(events) == 1)
        watches = [r for r in api.requests if "watch=true" in r]
        assert len(watches) >= 2 and "resourceVersion=" in watches[-1]

        # History compacted while the watch was between requests: the next watch gets ERROR 410,
        # the source lists again and reports what changed meanwhile.
        with api.cond:
            api.compacted_before = api.version + 10
            api.pods.pop("rf-device-0")  # gone without a DELETED event the source could see
            api.version += 10
        wait_until(lambda: len(events) == 2, timeout=10)
        assert events[1] == AgentEvent("removed", "10.1.0.10:50051", "rf-device-0")
        assert source.addresses == ["10.1.0.11:50051"]
    finally:
        source.stop()


def test_wait_for_blocks_until_enough_pods_are_ready(api: FakeKubeAPI, kubeconfig: Path):
    api.put(make_pod("rf-device-0", "10.1.0.10"))
    source = source_for(kubeconfig, watch_timeout_s=2)
    timer = threading.Timer(0.3, lambda: api.put(make_pod("rf-device-1", "10.1.0.11")))
    timer.start()
    try:
        assert source.wait_for(2, timeout=10) == ["10.1.0.10:50051", "10.1.0.11:50051"]
    finally:
        timer.cancel()
    with pytest.raises(InfrastructureError, match="only 2 of 3 device pods"):
        source.wait_for(3, timeout=0.5)


# -- scaling --------------------------------------------------------------------------------------
def test_scale_follows_queued_work_within_bounds(api: FakeKubeAPI, kubeconfig: Path):
    source = source_for(kubeconfig, f"k8s://{NS}/{SELECTOR}?scale=rf-device&min=1&max=5")
    assert source.scale_to(queued=3) == 3
    assert api.replicas["rf-device"] == 3
    content_type, body = api.patches[-1]
    assert body == {"spec": {"replicas": 3}} and "merge-patch" in content_type
    assert source.scale_to(queued=3) is None  # already there: no PATCH
    assert len(api.patches) == 1
    assert source.scale_to(queued=40, devices_per_item=2) == 5  # capped at max
    assert source.scale_to(queued=0) == 1  # never below min
    unscaled = source_for(kubeconfig)
    assert unscaled.scale_to(queued=10) is None
    missing = source_for(kubeconfig, f"k8s://{NS}/{SELECTOR}?scale=nope&min=0&max=3")
    with pytest.raises(InfrastructureError, match="no StatefulSet 'nope'"):
        missing.scale_to(queued=1)


# -- authentication and errors --------------------------------------------------------------------
def test_kubeconfig_credentials_are_used_and_errors_name_the_fix(
    api: FakeKubeAPI, kubeconfig: Path, tmp_path: Path
):
    api.put(make_pod("rf-device-0", "10.1.0.10"))
    wrong = tmp_path / "wrong"
    wrong.write_text(kubeconfig.read_text().replace(TOKEN, "stolen"))
    with pytest.raises(InfrastructureError, match="cannot list pods in namespace 'farm'"):
        source_for(wrong).list_ready()
    api.forbidden.add(f"/api/v1/namespaces/{NS}/pods")
    with pytest.raises(InfrastructureError, match="pods get/list/watch"):
        source_for(kubeconfig).list_ready()
    with pytest.raises(ConfigError, match="KUBECONFIG"):
        K8sAgentSource(f"k8s://{NS}/{SELECTOR}", kubeconfig=str(tmp_path / "absent"))


def test_in_cluster_service_account(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Inside a pod: KUBERNETES_SERVICE_HOST/PORT, the service account token and CA files."""
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    made = subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", "/CN=kubernetes",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        capture_output=True,
        check=False,
    )  # fmt: skip
    if made.returncode != 0:
        pytest.skip(f"openssl cannot make a test certificate: {made.stderr.decode()[:200]}")
    server = FakeKubeAPI(tls=(cert, key))
    try:
        server.put(make_pod("rf-device-0", "10.1.0.10"))
        token = tmp_path / "token"
        token.write_text(TOKEN)
        import kubernetes.config.incluster_config as incluster

        monkeypatch.setattr(incluster, "SERVICE_TOKEN_FILENAME", str(token))
        monkeypatch.setattr(incluster, "SERVICE_CERT_FILENAME", str(cert))
        monkeypatch.setenv("KUBERNETES_SERVICE_HOST", "127.0.0.1")
        monkeypatch.setenv("KUBERNETES_SERVICE_PORT", str(server.port))
        monkeypatch.setenv("KUBECONFIG", str(tmp_path / "no-such-kubeconfig"))
        source = K8sAgentSource(f"k8s://{NS}/{SELECTOR}")
        assert source.list_ready() == ["10.1.0.10:50051"]
    finally:
        server.close()
