"""A lost device is replaced (issue 29, decision 0046): when a sweep's reproduction loses a device
(its pool quarantines it: a frozen agent, a dead one, one that keeps failing), a farm that can
grow starts another agent, and the new device joins the same lease and, while the reproduction
runs, its pool, so the farm is back to its size seconds later instead of running a device short
to the end of the sweep.

Growing is a capability of the farm, :class:`GrowableFarm` (``add_agent() -> address``): the
local farm (:class:`~device_agent.launcher.LocalAgentFarm`) has it; given agents (``--agents``)
and Kubernetes pods (``k8s://``) do not, and there a lost device stays lost, as before
(:class:`Replacements` with no farm does nothing).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import structlog

if TYPE_CHECKING:
    from orchestrator.farm import DeviceHandle, DevicePool
    from orchestrator.sweep.leases import Lease, LeaseManager

log = structlog.get_logger("reprofarm.replacement")

# How long a replacement may still be starting when the sweep ends (seconds): it is waited for,
# so that no thread adds a device to a farm being stopped; the local farm's own start-up timeout
# (60 s) bounds each one anyway.
CLOSE_WAIT_S = 60.0

# How long the lost device's worker has to answer before the replacement gets a worker of its own
# (seconds): a worker that died with its devices cannot serve the new one.
WORKER_CHECK_S = 10.0


class GrowableFarm(Protocol):
    """A farm that can start one more device agent like its others."""

    def add_agent(self) -> str:
        """Start one more agent and wait until it is healthy; return its ``host:port``. Raises
        (any exception) when it cannot: the device is then not replaced."""
        ...


class Replacements:
    """Replaces the lost devices of one sweep, each in a thread of its own (starting an agent and
    preparing its device take seconds; the reproduction's probes go on meanwhile).

    ``farm``: the farm that grows (None: nothing is replaced); ``leases``: the sweep's devices;
    ``worker_for(new, lost)``: the :class:`~orchestrator.farm.DeviceHandle` that is to serve the
    new address (the sweep registers it before the device can be leased: :func:`worker_near`);
    ``limit``: at most this many replacements in all (a farm whose devices keep failing does not
    grow without end). ``replaced`` lists ``{"device", "by", "after_s"}`` per replacement that
    joined the farm (``after_s``: seconds from the loss until the new device was in the lease).
    """

    def __init__(
        self,
        farm: GrowableFarm | None,
        leases: LeaseManager,
        worker_for: Callable[[str, str], DeviceHandle],
        limit: int,
    ) -> None:
        self.farm, self.leases, self.worker_for, self.limit = farm, leases, worker_for, limit
        self.replaced: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._seen: set[str] = set()  # lost addresses already being replaced
        self._threads: list[threading.Thread] = []
        self._closed = False

    def lost(self, address: str, lease: Lease, pool: DevicePool | None = None) -> bool:
        """``address`` of ``lease`` was lost (quarantined by ``pool``, or found not answering with
        no pool open): start its replacement, which joins ``lease`` (and ``pool``, while it is
        open) when ready, or the free devices when the lease was returned meanwhile. Returns
        whether a replacement was started: not without a farm that grows, past ``limit``, after
        :meth:`close`, or for an address already being replaced. Does not block."""
        with self._lock:
            if (
                self.farm is None
                or self._closed
                or address in self._seen
                or len(self._seen) >= self.limit
            ):
                return False
            self._seen.add(address)
            thread = threading.Thread(
                target=self._replace,
                args=(self.farm, address, lease, pool, time.monotonic()),
                name=f"replace-{address}",
                daemon=True,
            )
            self._threads.append(thread)
        log.info("device_replacing", device=address)
        thread.start()
        return True

    def _replace(
        self,
        farm: GrowableFarm,
        lost: str,
        lease: Lease,
        pool: DevicePool | None,
        since: float,
    ) -> None:
        try:
            new = farm.add_agent()
            handle = self.worker_for(new, lost)
        except Exception as exc:  # noqa: BLE001 - the farm cannot grow now: run without it
            log.warning("device_not_replaced", device=lost, error=f"{type(exc).__name__}: {exc}")
            if pool is not None:
                pool.events.append(
                    {"event": "device_not_replaced", "device": lost, "error": str(exc)}
                )
            return
        joined = self.leases.add(new, lease)
        after_s = round(time.monotonic() - since, 1)
        with self._lock:
            self.replaced.append({"device": lost, "by": new, "after_s": after_s})
        log.info("device_replaced", device=lost, by=new, after_s=after_s, joined_lease=joined)
        if pool is not None:
            pool.events.append(
                {"event": "device_replaced", "device": lost, "by": new, "after_s": after_s}
            )
        if joined and pool is not None and not pool.add_device(new, worker=handle):
            # (refused by a closed pool: the lease's next pool takes it; else it could not be
            # prepared, and no later pool of the lease should try it)
            lease.quarantined.update(() if pool.closed else (new,))

    def close(self, timeout_s: float = CLOSE_WAIT_S) -> None:
        """Start no more replacements and wait up to ``timeout_s`` seconds in all for those
        still starting."""
        with self._lock:
            self._closed = True
            threads = list(self._threads)
        deadline = time.monotonic() + timeout_s
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))


def worker_near(
    new: str, lost: DeviceHandle, token: str | None, probe_timeout_s: float
) -> DeviceHandle:
    """The handle for ``new`` on the worker that served the lost device (it sits next to the
    farm's agents: a local farm's replacement is on the same machine), or on a new worker when
    that one does not answer within :data:`WORKER_CHECK_S` (it died with its devices)."""
    import ray

    from orchestrator.farm import DeviceHandle, create_worker_actor

    try:
        ray.get(lost.actor.describe.remote(), timeout=WORKER_CHECK_S)
        return DeviceHandle(lost.actor, new)
    except Exception as exc:  # noqa: BLE001 - dead or stuck: the new device gets its own
        log.warning("replacement_worker_new", device=new, error=f"{type(exc).__name__}: {exc}")
        return DeviceHandle(create_worker_actor([new], token, probe_timeout_s), new)
