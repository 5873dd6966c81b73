"""Sharing one farm between concurrent reproductions: devices are leased, fairly, and returned.

A reproduction asks for its fair share of the healthy devices — ``healthy // min(concurrency,
reproductions not finished)``, at least one — so M reproductions on N devices get about N/M each
and the last ones of a sweep get more; and the free devices the reproductions yet to start will
not need (the remainder of that division, or what is left after a device was quarantined
mid-sweep) go to the one asking, so no healthy device idles (decision 0035). Requests are served
first come, first served (a large request at the head is not overtaken by small ones, so nobody
starves), and every wait is bounded: after ``timeout`` seconds the request fails with
:class:`InfrastructureError` naming the fix.
Devices a reproduction saw fail are returned as quarantined and never leased again; a device
that replaces one (decision 0046) joins the farm with :meth:`LeaseManager.add`.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from orchestrator.errors import InfrastructureError

DevicesListener = Callable[[int, int, int], None]  # (busy, idle, quarantined)


@dataclass
class Lease:
    """Devices held by one reproduction: ``addresses`` (agent ``host:port``), in farm order."""

    owner: str
    addresses: list[str]
    granted_after_s: float = 0.0
    quarantined: set[str] = field(default_factory=set)


class LeaseManager:
    """Hands out the farm's devices (``addresses``) to at most ``concurrency`` reproductions.

    ``on_change(busy, idle, quarantined)`` is called (under the lock, keep it cheap) whenever
    the counts change — the metrics gauge. Thread-safe.
    """

    def __init__(
        self,
        addresses: Sequence[str],
        concurrency: int,
        *,
        on_change: DevicesListener | None = None,
    ) -> None:
        if not addresses:
            raise InfrastructureError("a sweep needs at least one device: give --devices N >= 1")
        self._order = {a: i for i, a in enumerate(addresses)}
        self._free: set[str] = set(addresses)
        self._busy: set[str] = set()
        self._quarantined: set[str] = set()
        self.concurrency = max(1, concurrency)
        self._cond = threading.Condition()
        self._tickets = itertools.count()
        self._queue: list[int] = []  # waiting tickets, first come first served
        self._held = 0  # leases granted and not yet released
        self._on_change = on_change
        self._notify()

    @property
    def healthy(self) -> int:
        with self._cond:
            return len(self._free) + len(self._busy)

    def fair_share(self, unfinished: int) -> int:
        """Devices one reproduction gets when ``unfinished`` reproductions (running or waiting)
        remain: ``healthy // min(concurrency, unfinished)``, at least 1, or more when more are
        free than the reproductions that will start after this one (concurrency slots not
        holding a lease) need at that share: 3 healthy devices and 2 reproductions at once give
        2 and 1, not 1 and 1 with one device idle."""
        with self._cond:
            healthy = len(self._free) + len(self._busy)
            free, held = len(self._free), self._held
        sharers = max(1, min(self.concurrency, unfinished))
        share = max(1, healthy // sharers)
        after = max(0, sharers - held - 1)  # reproductions that will ask after this one
        return max(share, free - after * share)

    def acquire(self, owner: str, count: int, timeout: float) -> Lease:
        """Block until ``count`` devices are free (fewer if fewer stay healthy) and lease them.

        Raises :class:`InfrastructureError` after ``timeout`` seconds, or at once when every
        device is quarantined.
        """
        started = time.monotonic()
        deadline = started + timeout
        with self._cond:
            ticket = next(self._tickets)
            self._queue.append(ticket)
            try:
                while True:
                    healthy = len(self._free) + len(self._busy)
                    if healthy == 0:
                        raise InfrastructureError(
                            f"{owner}: every device of the farm is quarantined; check the agents' "
                            "logs and restart the sweep (finished work is kept)"
                        )
                    want = max(1, min(count, healthy))
                    if self._queue[0] == ticket and len(self._free) >= want:
                        picked = sorted(self._free, key=self._order.__getitem__)[:want]
                        self._free.difference_update(picked)
                        self._busy.update(picked)
                        self._held += 1
                        self._notify()
                        return Lease(owner, picked, granted_after_s=time.monotonic() - started)
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise InfrastructureError(
                            f"{owner}: no {want} free device(s) within {timeout:g} s "
                            f"({len(self._busy)} busy, {len(self._free)} idle); give more "
                            "--devices, a lower --concurrency or a longer --lease-timeout"
                        )
                    self._cond.wait(timeout=left)
            finally:
                self._queue.remove(ticket)
                self._cond.notify_all()

    def release(self, lease: Lease) -> None:
        """Return a lease's devices; those in ``lease.quarantined`` are retired for good."""
        with self._cond:
            if lease.addresses:  # (released once)
                self._held -= 1
            for address in lease.addresses:
                self._busy.discard(address)
                if address in lease.quarantined:
                    self._quarantined.add(address)
                else:
                    self._free.add(address)
            lease.addresses = []
            self._notify()
            self._cond.notify_all()

    def add(self, address: str, lease: Lease | None = None) -> bool:
        """A device that joins the farm mid-sweep (a replacement for a lost one, decision 0046):
        into ``lease`` while it is still held (its owner may use it now: returns True), else free
        for the next request (False). An address the farm already has is ignored (False)."""
        with self._cond:
            if address in self._order:
                return False
            self._order[address] = len(self._order)
            joined = lease is not None and bool(lease.addresses)  # (empty: released)
            if lease is not None and joined:
                lease.addresses.append(address)
                self._busy.add(address)
            else:
                self._free.add(address)
            self._notify()
            self._cond.notify_all()
            return joined

    @contextmanager
    def lease(self, owner: str, count: int, timeout: float) -> Iterator[Lease]:
        """``acquire`` … ``release`` as a ``with`` block (released on any exit)."""
        held = self.acquire(owner, count, timeout)
        try:
            yield held
        finally:
            self.release(held)

    def counts(self) -> tuple[int, int, int]:
        """``(busy, idle, quarantined)`` devices now."""
        with self._cond:
            return len(self._busy), len(self._free), len(self._quarantined)

    def _notify(self) -> None:
        if self._on_change is not None:
            self._on_change(len(self._busy), len(self._free), len(self._quarantined))
