"""Device discovery on Kubernetes: ``--agents k8s://NAMESPACE/LABEL_SELECTOR``.

The device pods of the Helm chart (helm/reprofarm) run an emulator and a device agent; a pod is
*ready* when its readiness probe — the agent's gRPC health check — passes, i.e. when the agent
reports SERVING. :class:`K8sAgentSource` lists the ready pods matching the selector, then watches
them come and go and reports each change as an :class:`AgentEvent`; optionally it scales the
device StatefulSet to the queued work, between a minimum and a maximum.

URL form (:func:`parse_k8s_url`)::

    k8s://NAMESPACE/SELECTOR[?scale=STATEFULSET&min=N&max=M&port=P]

``SELECTOR`` is a Kubernetes label selector (``k=v``, ``k!=v``, ``k in (a,b)``, comma-joined);
``port`` overrides the agent port, which is otherwise the container port named ``grpc`` (else
50051). With ``scale`` the source may set the StatefulSet's replicas (``scale_to``) within
``[min, max]``.

Authentication: inside a pod the service account (``KUBERNETES_SERVICE_HOST`` is set), else the
kubeconfig (``KUBECONFIG`` or ``~/.kube/config``, or ``kubeconfig=``/``context=``). The official
``kubernetes`` client is imported lazily (the ``k8s`` extra), so the rest of reprofarm works
without it. The source reads the API's JSON itself (``_preload_content=False``) rather than the
client's models, so it works with client releases whose generated models differ.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import parse_qs, unquote, urlsplit

import structlog

from orchestrator.errors import ConfigError, InfrastructureError

log = structlog.get_logger("reprofarm.k8s")

SCHEME = "k8s://"
DEFAULT_AGENT_PORT = 50051
AGENT_PORT_NAME = "grpc"
# Server-side watch timeout: the API server ends a watch after this; we resume from the last
# resourceVersion, so a quiet farm costs one request every few minutes.
WATCH_TIMEOUT_S = 240
# Back-off after a failed watch or list (API server restarting, network blip).
RETRY_BACKOFF_S = (0.5, 1.0, 2.0, 5.0, 10.0)
_DNS_LABEL = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$")


@dataclass(frozen=True)
class K8sTarget:
    """Where the device pods are: ``namespace`` and label ``selector``; with ``statefulset`` the
    source may scale it between ``min_replicas`` and ``max_replicas``; ``port`` overrides the
    agent port found on the pods."""

    namespace: str
    selector: str
    statefulset: str = ""
    min_replicas: int = 0
    max_replicas: int = 0
    port: int | None = None

    def url(self) -> str:
        """The ``k8s://`` form of this target (round-trips through :func:`parse_k8s_url`)."""
        query = []
        if self.statefulset:
            query += [
                f"scale={self.statefulset}",
                f"min={self.min_replicas}",
                f"max={self.max_replicas}",
            ]
        if self.port is not None:
            query.append(f"port={self.port}")
        return f"{SCHEME}{self.namespace}/{self.selector}" + (
            "?" + "&".join(query) if query else ""
        )

    def selector_pairs(self) -> list[tuple[str, str]]:
        """The selector's equality terms (``k=v`` / ``k==v``) as pairs; set-based and
        inequality terms are left out (they are passed to the API as written)."""
        pairs = []
        for term in _split_selector(self.selector):
            if "!=" in term or " in " in term or " notin " in term or "=" not in term:
                continue
            key, value = term.replace("==", "=").split("=", 1)
            pairs.append((key.strip(), value.strip()))
        return pairs


def _split_selector(selector: str) -> list[str]:
    """Split on commas outside parentheses (``env in (a,b),tier=x`` has two terms)."""
    terms: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in selector:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            terms.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    terms.append("".join(current).strip())
    return [t for t in terms if t]


def is_k8s_url(value: str) -> bool:
    """Whether an ``--agents`` value names Kubernetes discovery rather than ``host:port``s."""
    return value.strip().startswith(SCHEME)


def parse_k8s_url(url: str) -> K8sTarget:
    """Parse ``k8s://NAMESPACE/SELECTOR[?scale=STS&min=N&max=M&port=P]``.

    Raises :class:`ConfigError` naming the problem: not a k8s URL, a bad namespace, an empty
    selector, an unknown query key, bounds that are not whole numbers or ``min > max``.
    """
    text = url.strip()
    if not text.startswith(SCHEME):
        raise ConfigError(f"{url!r} is not a k8s:// URL; write k8s://NAMESPACE/LABEL_SELECTOR")
    parts = urlsplit(text)
    namespace = parts.netloc
    selector = unquote(parts.path.lstrip("/"))
    if not _DNS_LABEL.match(namespace or ""):
        raise ConfigError(
            f"{url!r}: {namespace!r} is not a namespace name; write k8s://NAMESPACE/LABEL_SELECTOR"
        )
    if not selector:
        raise ConfigError(
            f"{url!r} has no label selector; write e.g. "
            f"k8s://{namespace}/reprofarm.io/device-pool=NAME (an empty selector would take "
            "every pod of the namespace)"
        )
    query = parse_qs(parts.query, keep_blank_values=True)
    unknown = set(query) - {"scale", "min", "max", "port"}
    if unknown:
        raise ConfigError(
            f"{url!r}: unknown option(s) {sorted(unknown)}; known: scale, min, max, port"
        )

    def number(key: str, default: int) -> int:
        raw = query.get(key, [str(default)])[-1]
        if not raw.isdigit():
            raise ConfigError(f"{url!r}: {key}={raw!r} must be a whole number")
        return int(raw)

    statefulset = query.get("scale", [""])[-1]
    if statefulset and not _DNS_LABEL.match(statefulset):
        raise ConfigError(f"{url!r}: scale={statefulset!r} is not a StatefulSet name")
    low, high = number("min", 0), number("max", 0)
    if statefulset and high < max(low, 1):
        raise ConfigError(
            f"{url!r}: scaling needs 1 <= max and min <= max (got min={low}, max={high})"
        )
    port = number("port", 0) if "port" in query else None
    if port is not None and not 0 < port < 65536:
        raise ConfigError(f"{url!r}: port={port} is not a TCP port")
    return K8sTarget(namespace, selector, statefulset, low, high, port)


@dataclass(frozen=True)
class AgentEvent:
    """A change of the ready device set: ``kind`` ``added`` (a pod became ready) or ``removed``
    (it stopped being ready, is terminating or is gone); ``address`` is ``podIP:port``."""

    kind: Literal["added", "removed"]
    address: str
    pod: str


def api_client(kubeconfig: str | None = None, context: str | None = None) -> Any:
    """A ``kubernetes.client.ApiClient``: in-cluster credentials inside a pod (unless
    ``kubeconfig`` is given), else the kubeconfig. Raises :class:`ConfigError` when the
    ``kubernetes`` package is missing or no configuration is found."""
    try:
        from kubernetes import client, config
    except ImportError as exc:
        raise ConfigError(
            "k8s:// discovery needs the kubernetes client: pip install 'reprofarm[k8s]'"
        ) from exc
    configuration = client.Configuration()
    try:
        if kubeconfig is None and context is None and os.environ.get("KUBERNETES_SERVICE_HOST"):
            config.load_incluster_config(client_configuration=configuration)
        else:
            # KUBECONFIG read now, not when the client was imported (it may be set later).
            config.load_kube_config(
                config_file=kubeconfig or os.environ.get("KUBECONFIG") or None,
                context=context,
                client_configuration=configuration,
                persist_config=False,
            )
    except config.ConfigException as exc:
        raise ConfigError(
            f"no Kubernetes credentials ({exc}); run inside the cluster with a service account, "
            "or point KUBECONFIG at a kubeconfig"
        ) from exc
    return client.ApiClient(configuration)


def _is_ready(pod: dict[str, Any]) -> bool:
    """Running, not terminating, with an IP, and condition Ready=True (the agent serves)."""
    meta, status = pod.get("metadata") or {}, pod.get("status") or {}
    if meta.get("deletionTimestamp") or status.get("phase") != "Running":
        return False
    if not status.get("podIP"):
        return False
    return any(
        c.get("type") == "Ready" and c.get("status") == "True"
        for c in status.get("conditions") or ()
    )


def _agent_port(pod: dict[str, Any], override: int | None) -> int:
    if override:
        return override
    for container in (pod.get("spec") or {}).get("containers") or ():
        for port in container.get("ports") or ():
            if port.get("name") == AGENT_PORT_NAME:
                return int(port["containerPort"])
    return DEFAULT_AGENT_PORT


class K8sAgentSource:
    """Ready device agents of ``target`` and their changes.

    ``list_ready()`` lists once; ``events()`` then yields :class:`AgentEvent` as pods become
    ready or go (resuming the watch after server timeouts, re-listing after ``410 Gone``);
    ``start(on_event)`` runs that in a daemon thread; ``scale_to(queued)`` sizes the StatefulSet.
    ``client`` is a ``kubernetes.client.ApiClient`` (default: :func:`api_client`).
    Thread-safe: ``addresses`` may be read while the watch thread updates it.
    """

    def __init__(
        self,
        target: K8sTarget | str,
        *,
        client: Any = None,
        kubeconfig: str | None = None,
        context: str | None = None,
        watch_timeout_s: int = WATCH_TIMEOUT_S,
    ) -> None:
        self.target = parse_k8s_url(target) if isinstance(target, str) else target
        self._api = client or api_client(kubeconfig, context)
        from kubernetes import client as k8s_client

        self._core = k8s_client.CoreV1Api(self._api)
        self._apps = k8s_client.AppsV1Api(self._api)
        self.watch_timeout_s = watch_timeout_s
        self._lock = threading.Lock()
        self._ready: dict[str, str] = {}  # pod name -> address
        self._resource_version = ""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._response: Any = None

    # -- reading ----------------------------------------------------------------------------
    @property
    def addresses(self) -> list[str]:
        """Addresses of the ready device agents now, in pod-name order."""
        with self._lock:
            return [self._ready[name] for name in sorted(self._ready)]

    def _address(self, pod: dict[str, Any]) -> str:
        from orchestrator.ray_cluster import note_agent_node

        address = f"{pod['status']['podIP']}:{_agent_port(pod, self.target.port)}"
        # Its device worker goes to the Ray node labelled with the pod's node (ray_cluster.py).
        note_agent_node(address, (pod.get("spec") or {}).get("nodeName", ""))
        return address

    def _get_json(self, response: Any) -> dict[str, Any]:
        data = response.data if hasattr(response, "data") else response.read()
        return json.loads(data)

    def list_ready(self) -> list[str]:
        """List the pods now; returns the ready agents' addresses (pod-name order) and remembers
        the list's resourceVersion for :meth:`events`. Raises :class:`InfrastructureError` when
        the API cannot be reached or refuses (the message names the RBAC rule when 403)."""
        body = self._call(
            "list pods",
            self._core.list_namespaced_pod,
            self.target.namespace,
            label_selector=self.target.selector,
            _preload_content=False,
        )
        ready = {
            p["metadata"]["name"]: self._address(p) for p in body.get("items") or () if _is_ready(p)
        }
        with self._lock:
            self._ready = ready
            self._resource_version = (body.get("metadata") or {}).get("resourceVersion", "")
        return self.addresses

    def wait_for(self, count: int, timeout: float) -> list[str]:
        """Block until at least ``count`` agents are ready (listing, then watching); returns
        their addresses. Raises :class:`InfrastructureError` after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        addresses = self.list_ready()
        while len(addresses) < count:
            left = deadline - time.monotonic()
            if left <= 0:
                raise InfrastructureError(
                    f"only {len(addresses)} of {count} device pods matching "
                    f"{self.target.selector!r} in namespace {self.target.namespace!r} are ready "
                    f"after {timeout:g} s; check `kubectl get pods -l {self.target.selector}` "
                    "(emulators boot for minutes; pending pods may lack KVM nodes)"
                )
            for _ in self._watch_once(max(1, min(int(left) + 1, self.watch_timeout_s))):
                break
            addresses = self.addresses
        return addresses

    def events(self) -> Iterator[AgentEvent]:
        """Changes of the ready set, forever (until :meth:`stop`). Lists first when
        :meth:`list_ready` was not called. Watch failures are retried with back-off."""
        if not self._resource_version:
            self.list_ready()
        failures = 0
        while not self._stop.is_set():
            try:
                yield from self._watch_once(self.watch_timeout_s)
                failures = 0
            except _Gone:
                yield from self._relist()
            except InfrastructureError as exc:
                delay = RETRY_BACKOFF_S[min(failures, len(RETRY_BACKOFF_S) - 1)]
                failures += 1
                log.warning("k8s_watch_failed", error=str(exc), retry_in_s=delay)
                if self._stop.wait(delay):
                    return

    def _relist(self) -> Iterator[AgentEvent]:
        """After the watch history expired: list again and report the difference."""
        with self._lock:
            before = dict(self._ready)
        self.list_ready()
        with self._lock:
            after = dict(self._ready)
        for name, address in sorted(before.items()):
            if after.get(name) != address:
                yield AgentEvent("removed", address, name)
        for name, address in sorted(after.items()):
            if before.get(name) != address:
                yield AgentEvent("added", address, name)

    def _watch_once(self, timeout_s: int) -> Iterator[AgentEvent]:
        """One watch request from the remembered resourceVersion until the server ends it."""
        response = self._call(
            "watch pods",
            self._core.list_namespaced_pod,
            self.target.namespace,
            label_selector=self.target.selector,
            watch=True,
            resource_version=self._resource_version or None,
            allow_watch_bookmarks=True,
            timeout_seconds=timeout_s,
            _preload_content=False,
            _request_timeout=(10, timeout_s + 30),
            raw=True,
        )
        self._response = response
        try:
            for line in _lines(response):
                if self._stop.is_set():
                    return
                event = json.loads(line)
                yield from self._apply(event)
        except Exception as exc:  # noqa: BLE001 - a dropped stream is retried by events()
            if self._stop.is_set():
                return
            if isinstance(exc, _Gone):
                raise
            raise InfrastructureError(f"the pod watch broke off: {exc}") from exc
        finally:
            self._response = None
            with contextlib.suppress(Exception):
                response.release_conn()

    def _apply(self, event: dict[str, Any]) -> Iterator[AgentEvent]:
        kind, obj = event.get("type"), event.get("object") or {}
        if kind == "ERROR":
            if obj.get("code") == 410:
                raise _Gone(obj.get("message", "resourceVersion too old"))
            raise InfrastructureError(f"the pod watch reported an error: {obj.get('message')}")
        version = (obj.get("metadata") or {}).get("resourceVersion")
        if kind == "BOOKMARK":
            self._resource_version = version or self._resource_version
            return
        name = (obj.get("metadata") or {}).get("name", "")
        ready_now = kind != "DELETED" and _is_ready(obj)
        address = self._address(obj) if ready_now else ""
        with self._lock:
            old = self._ready.get(name)
            if ready_now:
                self._ready[name] = address
            else:
                self._ready.pop(name, None)
            if version:
                self._resource_version = version
        if old and old != address:
            log.info("k8s_device_removed", pod=name, address=old, reason=kind)
            yield AgentEvent("removed", old, name)
        if ready_now and old != address:
            log.info("k8s_device_added", pod=name, address=address)
            yield AgentEvent("added", address, name)

    # -- background watching ----------------------------------------------------------------
    def start(self, on_event: Callable[[AgentEvent], None]) -> None:
        """Watch in a daemon thread, calling ``on_event`` for every change (from that thread;
        keep it quick). Lists first if needed, so call :meth:`list_ready` before to build the
        pool, then ``start`` to follow it."""
        if self._thread is not None:
            raise RuntimeError("K8sAgentSource.start: already watching")
        self._stop.clear()

        def run() -> None:
            for event in self.events():
                try:
                    on_event(event)
                except Exception:  # noqa: BLE001 - a listener bug must not end discovery
                    log.exception("k8s_listener_failed", event=event.kind, pod=event.pod)

        self._thread = threading.Thread(target=run, name="k8s-agent-watch", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop watching (closes the open watch request) and wait for the thread."""
        self._stop.set()
        response = self._response
        if response is not None:
            with contextlib.suppress(Exception):
                response.shutdown() if hasattr(response, "shutdown") else response.close()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    close = stop

    # -- scaling ----------------------------------------------------------------------------
    def desired_replicas(self, queued: int, devices_per_item: int = 1) -> int:
        """Replicas for ``queued`` work items needing ``devices_per_item`` devices each, within
        the target's ``[min, max]``."""
        want = math.ceil(max(queued, 0) * max(devices_per_item, 1))
        return max(self.target.min_replicas, min(self.target.max_replicas, want))

    def scale_to(self, queued: int, devices_per_item: int = 1) -> int | None:
        """Set the StatefulSet's replicas for the queued work (see :meth:`desired_replicas`);
        returns the replicas set, or ``None`` when the target has no ``scale=`` or the
        StatefulSet already has that many. Raises :class:`InfrastructureError` on API failure."""
        if not self.target.statefulset:
            return None
        want = self.desired_replicas(queued, devices_per_item)
        current = self._call(
            "read the StatefulSet scale",
            self._apps.read_namespaced_stateful_set_scale,
            self.target.statefulset,
            self.target.namespace,
            _preload_content=False,
        )
        if int((current.get("spec") or {}).get("replicas") or 0) == want:
            return None
        self._call(
            "scale the StatefulSet",
            self._apps.patch_namespaced_stateful_set_scale,
            self.target.statefulset,
            self.target.namespace,
            {"spec": {"replicas": want}},
            _preload_content=False,
        )
        log.info("k8s_scaled", statefulset=self.target.statefulset, replicas=want, queued=queued)
        return want

    # -- plumbing ---------------------------------------------------------------------------
    def _call(self, what: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        raw = kwargs.pop("raw", False)
        try:
            response = fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - ApiException, urllib3 errors: one message
            if getattr(exc, "status", None) == 410:
                raise _Gone(str(exc)) from exc
            raise InfrastructureError(self._explain(what, exc)) from exc
        return response if raw else self._get_json(response)

    def _explain(self, what: str, exc: Exception) -> str:
        status = getattr(exc, "status", None)
        where = f"namespace {self.target.namespace!r}"
        if status == 403:
            return (
                f"Kubernetes refused to {what} in {where} (403): the driver's service account "
                "needs pods get/list/watch and statefulsets/scale get/patch (the chart's Role)"
            )
        if status == 404 and "StatefulSet" in what:
            return f"no StatefulSet {self.target.statefulset!r} in {where}: check ?scale="
        reason = getattr(exc, "reason", None) or exc
        return f"cannot {what} in {where}: {reason}"


class _Gone(Exception):
    """The watch's resourceVersion is too old (HTTP 410): list again."""


def _lines(response: Any) -> Iterator[bytes]:
    """Newline-delimited JSON of a streaming response, whatever the chunking."""
    buffer = b""
    for chunk in response.stream(amt=None, decode_content=False):
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            if line.strip():
                yield line
    if buffer.strip():
        yield buffer


def pool_listener(pool: Any) -> Callable[[AgentEvent], None]:
    """An ``on_event`` for :meth:`K8sAgentSource.start` that keeps a running
    :class:`~orchestrator.farm.DevicePool` in step with the pods: a pod that became ready is
    prepared and added (``pool.add_device``), one that went away is retired
    (``pool.retire_device``; its in-flight probe is retried on another device)."""

    def on_event(event: AgentEvent) -> None:
        if event.kind == "added":
            pool.add_device(event.address)
        else:
            pool.retire_device(event.address, reason=f"pod {event.pod} went away or is not ready")

    return on_event
