"""Where the farm's Ray runs: joining a cluster or starting the embedded one, placing device
workers over the cluster's nodes, and recording which nodes did the work.

Address (``--ray-address``, else Ray's own ``RAY_ADDRESS``): empty starts an embedded Ray for this
process, as ``reprofarm reproduce`` always did; ``auto`` joins the cluster running on this machine
(``ray start``); ``HOST:PORT`` joins the cluster whose GCS listens there; ``ray://HOST:PORT``
goes through the Ray Client server. Token authentication is Ray's own: ``RAY_AUTH_MODE=token``
with ``RAY_AUTH_TOKEN``/``RAY_AUTH_TOKEN_PATH``/``~/.ray/auth_token`` in the environment
(https://docs.ray.io/en/latest/ray-security/token-auth.html); nothing here reads the token.

Placement (:func:`worker_options`): a device worker goes next to its agent when the agent's node
is known (a Ray node with the agent's IP or hostname, or a node label holding the Kubernetes
node name, :func:`note_agent_node`; a loopback agent is on the driver's node), softly, so it
lands elsewhere when that node is gone; otherwise Ray's ``SPREAD`` strategy spreads workers over
the cluster's nodes. Either strategy holds only because a worker asks Ray for a token amount of
``memory`` (:data:`WORKER_MEMORY_BYTES`): Ray puts an actor that asks for no resource at all on
a random node, whatever its strategy. Workers restart on
a live node when theirs dies (``max_restarts``) and a probe in flight on a dead node is re-run
there (``max_task_retries``: a probe restores its state first, so running it again is safe);
past that, :func:`worker_lost` tells the pool to retire the device.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import threading
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import structlog

from orchestrator.errors import InfrastructureError

log = structlog.get_logger("reprofarm.ray")

ADDRESS_ENV = "RAY_ADDRESS"
# How long a cluster's GCS port may take to accept a TCP connection before it counts as
# unreachable (a LAN round trip is milliseconds; a cold KubeRay head service can take seconds).
REACH_TIMEOUT_S = 10.0
# Restarts of a device worker whose node died, and re-runs of the probe it had in flight: enough
# for a node or two to fail during a sweep; past that the device is retired.
WORKER_MAX_RESTARTS = 3
WORKER_MAX_TASK_RETRIES = 3
# Tries to start the embedded local Ray (a try fails in about a minute when the machine is too
# loaded for Ray's fixed start-up deadlines, as first tries did at load average 40 on 2 cores).
LOCAL_START_ATTEMPTS = 3
# How long the embedded Ray waits for its GCS server's port file (Ray's default: 30 s).
GCS_PORT_WAIT_ENV = "RAY_gcs_server_port_wait_time_s"
GCS_PORT_WAIT_S = 120
# What a device worker asks Ray for: no CPU (it waits on devices) but one byte of `memory`, a
# resource every node has. Ray places an actor whose request is empty on a random live node and
# ignores its soft node affinity or SPREAD strategy; only hard affinity is honoured (Ray docs,
# "Scheduling strategies"; ClusterResourceScheduler::GetBestSchedulableNode: "the zero cpu actor
# is a special case"). That coin flip put every worker of a 2-node test cluster on the head. One
# byte makes the request non-empty and limits nothing.
WORKER_MEMORY_BYTES = 1

_state = threading.Lock()
_connected_address = ""  # what connect() joined; "" = embedded
_agent_nodes: dict[str, str] = {}  # agent address -> its node (name or IP), when known
# The embedded Ray's reaper process (orchestrator/reaper.py): Ray's processes on this machine
# must not outlive us, even after a SIGKILL.
_reaper: Any = None


def resolve_address(flag: str) -> str:
    """The Ray address a command uses: ``flag`` (``--ray-address``) when given, else
    ``$RAY_ADDRESS``, else ``""`` (the embedded local Ray). Surrounding blanks are dropped."""
    return (flag or os.environ.get(ADDRESS_ENV, "")).strip()


def _gcs_endpoint(address: str) -> tuple[str, int] | None:
    """``(host, port)`` to test for reachability, or None when ``address`` names none (``auto``,
    ``local``)."""
    target = address.removeprefix("ray://")
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit():
        return None
    return host.strip("[]"), int(port)


def check_reachable(address: str, timeout: float = REACH_TIMEOUT_S) -> None:
    """Raise :class:`InfrastructureError` when nothing accepts TCP connections at the cluster
    address (Ray itself would retry for a minute before failing with a traceback)."""
    endpoint = _gcs_endpoint(address)
    if endpoint is None:
        return
    try:
        socket.create_connection(endpoint, timeout=timeout).close()
    except OSError as exc:
        raise InfrastructureError(
            f"the Ray cluster at {address} is not reachable ({exc.strerror or exc}); start it "
            "(`ray start --head`), fix --ray-address/RAY_ADDRESS, or drop both to run on an "
            "embedded local Ray"
        ) from exc


def _one_line(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).strip().splitlines() if line.strip()]
    return f"{type(exc).__name__}: {lines[0] if lines else ''}"


@contextlib.contextmanager
def _quiet_ray_logs() -> Iterator[None]:
    """Keep Ray's start-up chatter (e.g. its token-authentication notice) off the terminal,
    where it would tear through a live progress display; errors still show."""
    ray_logger = logging.getLogger("ray")
    level = ray_logger.level
    ray_logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        ray_logger.setLevel(level)


def connect(address: str = "") -> None:
    """Connect this process to Ray once: join the cluster at ``address`` (see the module
    docstring), or start the embedded local Ray when it is empty. Does nothing when Ray is
    already initialised (tests share one instance).

    Raises :class:`InfrastructureError` (exit 3), one line naming the fix, when the cluster
    cannot be reached, refuses the token, or Ray fails or times out starting.
    """
    import ray

    global _connected_address, _reaper
    if ray.is_initialized():
        return
    if address:
        check_reachable(address)
        kwargs: dict[str, Any] = {"address": address}
        what = f"join the Ray cluster at {address}"
        fix = (
            "check the address, and with token authentication (RAY_AUTH_MODE=token) the "
            "cluster's token in RAY_AUTH_TOKEN"
        )
    else:
        kwargs = {
            "address": "local",
            "num_cpus": max(2, os.cpu_count() or 2),
            "include_dashboard": False,
        }
        what, fix = "start the local Ray instance", "see Ray's logs under /tmp/ray/session_latest"
        # Ray waits 30 s for its GCS to write its port file; with every core busy (a test suite
        # beside two busy loops) three such tries all timed out. Ray's own override, unless set.
        os.environ.setdefault(GCS_PORT_WAIT_ENV, str(GCS_PORT_WAIT_S))
    from orchestrator import reaper

    if not address and _reaper is None:  # before Ray starts: a failed start leaves processes too
        _reaper = reaper.start()
    reaping = not address and _reaper is not None
    # A local Ray that missed one of its fixed start-up deadlines gets more tries: under heavy
    # load a raylet crashes when its dashboard agent (a Python process) has not written its port
    # file within 15 s, and must register within 30 s. Each try starts a fresh session; the
    # failed one's processes are ended first.
    attempts = 1 if address else LOCAL_START_ATTEMPTS
    for attempt in range(1, attempts + 1):
        earlier = reaper.ray_sessions(os.getpid()) if reaping else set()
        try:
            with _quiet_ray_logs():
                ray.init(**kwargs, log_to_driver=False, logging_level=logging.ERROR)
            break
        except Exception as exc:  # noqa: BLE001 - Ray raises many kinds; all mean "no Ray"
            with contextlib.suppress(Exception):
                ray.shutdown()
            if reaping:  # the failed start's GCS and monitors, not another Ray's
                reaper.end_ray_sessions(os.getpid(), keep=earlier)
            # (any case: Ray's GCS wait says "Timed out waiting for file ...gcs_server_port")
            if attempt == attempts or "timed out" not in str(exc).lower():
                raise InfrastructureError(f"could not {what}: {_one_line(exc)}; {fix}") from exc
            log.warning("ray_start_retry", error=_one_line(exc))
    with _state:
        _connected_address = address
    route_ray_messages()
    if address:
        log.info("ray_joined", address=address, nodes=len(_alive_nodes()))


# Characters of the first line of a message from Ray's GCS the log keeps (the rest: Ray's logs).
RAY_MESSAGE_CHARS = 300


def route_ray_messages() -> bool:
    """Send the messages Ray's GCS publishes to the driver (a task retried, a node marked dead, a
    dead raylet's last 20 log lines with its state dump) to the log, as one ``ray_message``
    warning each (its first line), instead of Ray's printing them whole on the driver's stdout,
    prefixed ``(raylet)``: a command's stdout is its own output (a sweep's summary lines).

    Ray has no option for it (``log_to_driver=False`` covers workers' output only): its driver
    thread ``listen_error_messages`` calls ``ray._private.worker.print_to_stdstream``, which is
    wrapped here (a private API, guarded: when it is missing Ray prints as before). Returns
    whether the messages are routed."""
    try:
        from ray._private import worker as ray_worker

        original = ray_worker.print_to_stdstream
    except (ImportError, AttributeError):
        return False
    if getattr(original, "reprofarm_routed", False):
        return True

    def routed(data: dict[str, Any], ignore_prefix: bool) -> None:
        if data.get("pid") != "raylet":
            original(data, ignore_prefix)
            return
        for message in data.get("lines") or []:
            first = next((ln.strip() for ln in str(message).splitlines() if ln.strip()), "")
            log.warning("ray_message", message=first[:RAY_MESSAGE_CHARS])

    routed.reprofarm_routed = True  # type: ignore[attr-defined]
    ray_worker.print_to_stdstream = routed
    return True


def note_agent_node(address: str, node: str) -> None:
    """Remember that the agent at ``address`` runs on ``node`` (a Kubernetes node name, a host
    name or an IP), so its device worker is placed there (:func:`worker_options`)."""
    if address and node:
        with _state:
            _agent_nodes[address] = node


def _alive_nodes() -> list[dict[str, Any]]:
    import ray

    return [n for n in ray.nodes() if n.get("Alive")]


def _node_names(node: dict[str, Any]) -> set[str]:
    """What an agent's node hint may match: the Ray node's IP, host name and label values."""
    labels = node.get("Labels") or {}
    names = {node.get("NodeManagerAddress", ""), node.get("NodeManagerHostname", "")}
    return {n for n in (*names, *labels.values()) if n}


def _is_loopback(host: str) -> bool:
    return host.startswith("127.") or host in ("localhost", "::1")


def agent_ray_node(address: str, nodes: Iterable[dict[str, Any]], driver_node: str = "") -> str:
    """The id of the live Ray node the device worker of the agent at ``address`` belongs on, or
    ``""`` to let Ray spread it: the node noted by :func:`note_agent_node`, else the Ray node whose
    IP or host name is the agent's host, else, for a loopback agent, ``driver_node`` (only this
    machine can reach it: local agents of ``--devices N``)."""
    with _state:
        hint = _agent_nodes.get(address, "")
    host = address.rpartition(":")[0].strip("[]")
    for wanted in (hint, host):
        for node in nodes if wanted else ():
            if wanted in _node_names(node):
                return str(node["NodeID"])
    return driver_node if _is_loopback(host) else ""


def agent_node(address: str) -> str:
    """The id of the Ray node the device worker of the agent at ``address`` belongs on (see
    :func:`agent_ray_node`), or ``""`` when unknown or when Ray is embedded (one node)."""
    with _state:
        embedded = not _connected_address
    if embedded:
        return ""
    import ray

    try:
        driver_node = ray.get_runtime_context().get_node_id()
    except Exception:  # noqa: BLE001 - a Ray Client driver runs on no node
        driver_node = ""
    return agent_ray_node(address, _alive_nodes(), driver_node)


def worker_options(address: str) -> dict[str, Any]:
    """Ray actor options for the device worker of the agent at ``address``: restarts on a live
    node, probe re-runs, and the scheduling strategy (next to the agent when its node is known,
    ``SPREAD`` over the cluster otherwise), and the resources that make Ray honour it (no CPU,
    :data:`WORKER_MEMORY_BYTES` of memory). Shapes: the keyword arguments of
    ``ActorClass.options()``."""
    options: dict[str, Any] = {
        "num_cpus": 0,
        "memory": WORKER_MEMORY_BYTES,
        "max_restarts": WORKER_MAX_RESTARTS,
        "max_task_retries": WORKER_MAX_TASK_RETRIES,
    }
    with _state:
        embedded = not _connected_address
    if embedded:
        return options  # one node: nothing to place
    node_id = agent_node(address)
    if node_id:
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        options["scheduling_strategy"] = NodeAffinitySchedulingStrategy(node_id, soft=True)
    else:
        options["scheduling_strategy"] = "SPREAD"
    return options


def worker_lost(exc: BaseException) -> bool:
    """Whether ``exc`` (from ``ray.get`` on a device worker's call) means the worker is gone for
    good: Ray gave up restarting it (``ActorDiedError``). A worker that is only restarting raises
    ``ActorUnavailableError`` and comes back; an error inside the worker is the device's."""
    from ray.exceptions import ActorDiedError

    return isinstance(exc, ActorDiedError)


def describe(actors: Iterable[Any], worked: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The Ray cluster a run used, for ``result.json``/``summary.json``::

        {"address": "10.0.0.5:6379" | "local", "embedded": bool, "nodes": 3, "nodes_used": 2,
         "workers_per_node": [{"node_id": "…", "ip": "10.0.0.7", "head": false, "workers": 4}],
         "nodes_worked": [{"node_id": "…", "ip": "10.0.0.8", "head": false, "alive": false,
                           "probes": 120}]}

    ``actors``: the device workers' handles; each counts on the node it last ran on (from the
    GCS actor table, so a worker restarted elsewhere counts where it ended). ``worked``: probes
    run per Ray node id over the whole run (:attr:`orchestrator.farm.ProbeOutcome.node_id`);
    with it, ``nodes_worked`` lists every node that ran a probe, a node that died mid-run
    included (``alive`` false), and ``nodes_used`` counts the nodes of both lists. ``{}`` when
    Ray is not initialised; the per-node part is left empty when the GCS cannot be asked."""
    import ray

    if not ray.is_initialized():
        return {}
    with _state:
        address = _connected_address
    record: dict[str, Any] = {"address": address or "local", "embedded": not address}
    counts: dict[str, int] = {}
    nodes: dict[str, dict[str, Any]] = {}
    try:
        from ray._private import state  # the GCS actor table: no dashboard needed

        nodes = {n["NodeID"]: n for n in ray.nodes()}
        record["nodes"] = sum(1 for n in nodes.values() if n.get("Alive"))
        for actor_id in {a._actor_id.hex() for a in actors}:
            info = state.actors(actor_id=actor_id) or {}
            node_id = (info.get("Address") or {}).get("NodeID", "")
            if node_id and node_id.strip("f"):  # all-f: never placed
                counts[node_id] = counts.get(node_id, 0) + 1
    except Exception as exc:  # noqa: BLE001 - the record is informative, never fatal
        log.warning("ray_cluster_not_described", error=_one_line(exc))

    def where(node_id: str) -> dict[str, Any]:
        node = nodes.get(node_id, {})
        return {
            "node_id": node_id,
            "ip": node.get("NodeManagerAddress", ""),
            "head": "node:__internal_head__" in (node.get("Resources") or {}),
        }

    worked = {n: int(p) for n, p in (worked or {}).items() if n and n.strip("f") and p > 0}
    record["nodes_used"] = len(set(counts) | set(worked))
    record["workers_per_node"] = [
        {**where(node_id), "workers": count}
        for node_id, count in sorted(counts.items(), key=lambda kv: -kv[1])
    ]
    if worked:
        record["nodes_worked"] = [
            {**where(node_id), "alive": bool(nodes.get(node_id, {}).get("Alive")), "probes": n}
            for node_id, n in sorted(worked.items(), key=lambda kv: -kv[1])
        ]
    return record
