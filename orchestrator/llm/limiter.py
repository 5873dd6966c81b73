"""A limit on LLM requests in flight, shared by every thread and every Ray worker of a run.

Rate limits are per API key, not per process, so the limit must hold across the whole run. In one
process a semaphore does it. When Ray is running and the limiter has a ``ray_name``, the slots
live in a named Ray actor (an asyncio semaphore), and any process of the run's Ray job that holds
a copy of the limiter shares them, on any node. A limiter pickles to its name and size; the
process that pickles it creates, and so owns, the actor (a worker that created it would take it
down when its task ends). Before Ray starts (e.g. during report analysis) the local semaphore is
used. Waiting for a slot is bounded: after ``acquire_timeout_s`` the request fails with
``ReasonerError`` instead of hanging.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from typing import Any

import structlog

from orchestrator.errors import ReasonerError

log = structlog.get_logger("reprofarm.llm")


class _RaySlots:
    """The Ray actor behind a shared limit (async: waiting callers do not block each other)."""

    def __init__(self, limit: int) -> None:
        self._sem = asyncio.Semaphore(limit)

    async def acquire(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(self._sem.acquire(), timeout)
        except TimeoutError:
            return False
        return True

    async def release(self) -> None:
        self._sem.release()


class ConcurrencyLimiter:
    """At most ``limit`` holders of :meth:`slot` at once (see the module docstring)."""

    def __init__(self, limit: int, ray_name: str = "", acquire_timeout_s: float = 600.0) -> None:
        if limit < 1:
            raise ValueError(f"concurrency limit must be at least 1, got {limit}")
        self.limit = limit
        self.ray_name = ray_name
        self.acquire_timeout_s = acquire_timeout_s
        self._local = threading.BoundedSemaphore(limit)
        self._actor: Any = None
        self._actor_lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        # The process that ships the limiter creates (and so owns) the actor: a worker that
        # created it would take it down with it when its task ends.
        self._ray_actor()
        return {
            "limit": self.limit,
            "ray_name": self.ray_name,
            "acquire_timeout_s": self.acquire_timeout_s,
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["limit"], state["ray_name"], state["acquire_timeout_s"])  # type: ignore[misc]

    @property
    def shared(self) -> bool:
        """True when the slots currently come from the Ray actor."""
        return self._ray_actor() is not None

    def _ray_actor(self) -> Any:
        if not self.ray_name:
            return None
        if self._actor is not None:
            return self._actor
        try:
            import ray
        except ImportError:  # pragma: no cover - ray is a dependency
            return None
        if not ray.is_initialized():
            return None
        with self._actor_lock:
            if self._actor is None:
                # An async actor: waiting acquirers do not block releases (up to 1000 in flight).
                cls = ray.remote(_RaySlots)
                self._actor = cls.options(
                    name=self.ray_name, get_if_exists=True, num_cpus=0, max_concurrency=1000
                ).remote(self.limit)
        return self._actor

    @contextlib.contextmanager
    def slot(self) -> Iterator[None]:
        """Hold one slot for the duration of the ``with`` block. Raises ``ReasonerError`` when
        no slot frees up within ``acquire_timeout_s``."""
        actor = self._ray_actor()
        if actor is None:
            if not self._local.acquire(timeout=self.acquire_timeout_s):
                raise self._timeout()
            try:
                yield
            finally:
                self._local.release()
            return
        import ray

        try:
            ok = ray.get(
                actor.acquire.remote(self.acquire_timeout_s), timeout=self.acquire_timeout_s + 30
            )
        except ray.exceptions.RayError as exc:
            # The actor's owner is gone (e.g. the driver exited): carry on with a local limit.
            log.warning("llm_limiter_local", reason=str(exc).splitlines()[0][:200])
            self.ray_name, self._actor = "", None
            with self.slot():
                yield
            return
        if not ok:
            raise self._timeout()
        try:
            yield
        finally:
            actor.release.remote()

    def _timeout(self) -> ReasonerError:
        return ReasonerError(
            f"no free LLM request slot within {self.acquire_timeout_s:g} s (limit {self.limit}); "
            "the endpoint is too slow for this run: raise --llm-concurrency or --llm-timeout"
        )
