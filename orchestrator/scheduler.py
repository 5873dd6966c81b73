"""Speculative probes: work for devices the search would leave idle (issue 17 part 2).

While the reasoner judges a level, or when the farm has more devices than a level has
candidates, devices would wait. :class:`Speculation` holds probes the search *may* need next:
the candidates of the children most likely to be kept, ranked by a cheap local score (the
offline reasoner's S2R progress). :meth:`orchestrator.farm.DevicePool.run_probes` and
:meth:`~orchestrator.farm.DevicePool.run_idle` give such a probe to a device only when no real
probe is waiting for it, so a real probe waits behind at most the one speculative probe in
flight on its device; a speculative probe is never interrupted (an agent finishes what it
started), and none is started once the search has ended.

A probe's result depends only on the state it starts from (the path's actions) and the action,
so a speculative outcome stands in for the real probe with the same :func:`probe_key`: when the
evaluator keeps a child whose candidates were probed ahead, the next level takes those outcomes
instead of probing again (:meth:`Speculation.take`). Wrong guesses are only ever discarded: the
search makes its decisions on the outcomes of exactly the probes it asked for, in its own order.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from device_agent.actions import Action
    from orchestrator.farm import ProbeOutcome, ProbeSpec

ProbeKey = tuple[tuple[str, ...], str, bool]
F = TypeVar("F", bound=Callable[..., Any])


def _locked(method: F) -> F:
    """Run ``method`` under the instance's lock (guesses are offered from a helper thread)."""

    @functools.wraps(method)
    def wrapper(self: Speculation, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def probe_key(spec: ProbeSpec) -> ProbeKey:
    """What a probe's result depends on: the actions that lead to its state, the action, and
    whether screenshots are taken (the snapshot name it saves under does not matter)."""
    return (state_key(spec.state.prefix), spec.action.key(), spec.screenshots)


def state_key(actions: Iterable[Action]) -> tuple[str, ...]:
    """The first part of :func:`probe_key`: the state a path's ``actions`` lead to."""
    return tuple(a.key() for a in actions)


@dataclass
class SpeculationStats:
    """``result.json``'s ``search.speculation``: ``probes`` speculative probes that ran,
    ``used`` those a later level took instead of probing, ``discarded`` those never used,
    ``cancelled`` those stopped in flight once nobody wanted them (not in ``probes``),
    ``discarded_device_seconds`` the device time discarded and cancelled ones cost (wall seconds
    per probe as the worker measured it; for a cancelled one, from its dispatch to its end as the
    driver saw it)."""

    probes: int = 0
    used: int = 0
    discarded: int = 0
    cancelled: int = 0
    discarded_device_seconds: float = 0.0

    def to_json(self) -> dict[str, int | float]:
        return {
            "probes": self.probes,
            "used": self.used,
            "discarded": self.discarded,
            "cancelled": self.cancelled,
            "discarded_device_seconds": round(self.discarded_device_seconds, 3),
        }


class Speculation:
    """The queue of speculative probes, their outcomes and their accounting.

    ``may_start()`` is asked before each speculative probe starts (the search's budget rule:
    see ``docs/decisions/0018-streaming-and-speculation.md``). Probes are offered with a rank
    (lower first; ties in offer order); :meth:`keep_states` drops everything that does not start
    from one of the states the search kept. Thread-safe (one lock; ``may_start`` is called under
    it).
    """

    def __init__(self, may_start: Callable[[], bool]) -> None:
        self.may_start = may_start
        self.stats = SpeculationStats()
        self.closed = False
        self._queue: list[tuple[tuple[float, ...], int, ProbeSpec]] = []
        self._seq = itertools.count()
        self._wanted: set[ProbeKey] = set()  # queued, in flight or landed, not discarded
        self._started: set[ProbeKey] = set()
        self._landed: dict[ProbeKey, ProbeOutcome] = {}
        self._lock = threading.RLock()

    @property
    def started(self) -> int:
        """Speculative probes started so far (landed, failed or in flight)."""
        return len(self._started)

    # -- the search's side ----------------------------------------------------------------------
    @_locked
    def offer(self, specs: Iterable[ProbeSpec], rank: tuple[float, ...]) -> None:
        """Queue ``specs`` (one child's candidates, best first) at ``rank``."""
        if self.closed:
            return
        for spec in specs:
            key = probe_key(spec)
            if key not in self._wanted:
                self._wanted.add(key)
                heapq.heappush(self._queue, (rank, next(self._seq), spec))

    @_locked
    def take(self, spec: ProbeSpec) -> ProbeOutcome | None:
        """The landed speculative outcome of the probe ``spec`` asks for, as if ``spec`` had run
        (its ``spec`` replaced), counted as used; None when there is none."""
        outcome = self._landed.pop(probe_key(spec), None)
        if outcome is None:
            return None
        self.stats.used += 1
        return replace(outcome, spec=spec)

    @_locked
    def adopted(self, spec: ProbeSpec) -> bool:
        """True (and counted as used) when the probe ``spec`` asks for is in flight as a
        speculative probe: the caller then waits for it instead of starting another."""
        key = probe_key(spec)
        if key in self._started and key in self._wanted and key not in self._landed:
            self._wanted.discard(key)
            self.stats.probes += 1
            self.stats.used += 1
            return True
        return False

    @_locked
    def keep_states(self, states: set[tuple[str, ...]]) -> None:
        """Discard queued and landed probes whose state is not in ``states`` (children the
        evaluator did not keep); probes in flight from such states are discarded on landing."""
        self._wanted = {k for k in self._wanted if k[0] in states}
        self._queue = [q for q in self._queue if probe_key(q[2])[0] in states]
        heapq.heapify(self._queue)
        for key in [k for k in self._landed if k[0] not in states]:
            self._discard(self._landed.pop(key))

    @_locked
    def snapshots(self) -> set[str]:
        """Snapshots saved by landed speculative probes that may still be used (devices must
        keep them: they are the next level's children's states)."""
        return {o.saved_snapshot for o in self._landed.values() if o.saved_snapshot}

    @_locked
    def close(self) -> None:
        """The search is over: start nothing more; whatever landed or lands is discarded."""
        self.closed = True
        self._queue.clear()
        self._wanted.clear()
        for outcome in self._landed.values():
            self._discard(outcome)
        self._landed.clear()

    # -- the pool's side ------------------------------------------------------------------------
    @_locked
    def next_spec(self, fits: Callable[[ProbeSpec], bool] | None = None) -> ProbeSpec | None:
        """The best queued probe to start now (and ``fits`` it, e.g. a device has not failed it),
        or None (nothing queued, closed, or ``may_start()`` says no)."""
        if self.closed or not self._queue or not self.may_start():
            return None
        skipped = []
        found = None
        while self._queue:
            item = heapq.heappop(self._queue)
            key = probe_key(item[2])
            if key not in self._wanted or key in self._started:
                continue
            if fits is not None and not fits(item[2]):
                skipped.append(item)
                continue
            found = item[2]
            self._started.add(key)
            break
        for item in skipped:
            heapq.heappush(self._queue, item)
        return found

    @_locked
    def landed(self, outcome: ProbeOutcome) -> None:
        """A speculative probe finished: keep its outcome if still wanted, else discard it."""
        self.stats.probes += 1
        key = probe_key(outcome.spec)
        if self.closed or key not in self._wanted:
            self._discard(outcome)
        else:
            self._landed[key] = outcome

    @_locked
    def wants(self, spec: ProbeSpec) -> bool:
        """Whether the outcome of the speculative probe ``spec`` could still be used (False
        once its state was dropped by :meth:`keep_states` or the speculation is closed)."""
        return not self.closed and probe_key(spec) in self._wanted

    @_locked
    def cancelled(self, spec: ProbeSpec, seconds: float) -> None:
        """A speculative probe nobody wanted was stopped in flight after ``seconds`` of device
        time (counted as lost)."""
        self._wanted.discard(probe_key(spec))
        self.stats.cancelled += 1
        self.stats.discarded_device_seconds += seconds

    @_locked
    def failed(self, spec: ProbeSpec) -> None:
        """A speculative probe failed on its device: forget it (a real probe would be retried;
        a guess is not worth it)."""
        key = probe_key(spec)
        self._wanted.discard(key)

    def _discard(self, outcome: ProbeOutcome) -> None:
        self.stats.discarded += 1
        self.stats.discarded_device_seconds += outcome.wall_seconds
