"""Shared set-up for the benchmarks: local agents, Ray workers, the base screen of an app."""

from __future__ import annotations

import contextlib
import json
import logging
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from device_agent.hierarchy import parse_hierarchy
from device_agent.launcher import LocalAgentFarm
from device_agent.state import DeviceState
from orchestrator.enumerate import enumerate_actions
from orchestrator.farm import BASE_SNAPSHOT, DevicePool, ProbeSpec, start_workers
from orchestrator.run import ensure_ray


@dataclass
class BenchFarm:
    """``addresses`` of running agents, their Ray ``workers`` and the prepared ``base`` screen."""

    addresses: list[str]
    workers: dict[str, Any]
    base: dict[str, Any]

    def pool(self, k: int, *, serial: bool = False) -> DevicePool:
        """A pool over the first ``k`` devices, reusing the warm worker actors."""
        return DevicePool(self.addresses[:k], workers=self.workers, serial=serial)

    def level_specs(self, candidates: int) -> list[ProbeSpec]:
        """``candidates`` probes from the base screen: its widget actions, cycled if too few."""
        actions = enumerate_actions(parse_hierarchy(self.base["xml"]), include_global=False)
        if not actions:
            raise RuntimeError("the base screen has no widget actions to probe")
        state = DeviceState(BASE_SNAPSHOT, (), BASE_SNAPSHOT, self.base["hash"])
        return [
            ProbeSpec(state=state, action=actions[i % len(actions)], save_as=f"b{i}", tag=(0, i))
            for i in range(candidates)
        ]


# Where emit() writes: the stdout the benchmark started with (quiet() sends sys.stdout elsewhere).
_result_out: Any = None


def quiet() -> None:
    """Logs to stderr, warnings only, and whatever else is printed on stdout goes to stderr too
    (Ray's log monitor prints its workers' lines and unread task failures on the driver's
    stdout): a benchmark's stdout is its one JSON object, written with :func:`emit`."""
    global _result_out
    from device_agent.logs import configure_logging

    if _result_out is None:
        _result_out = sys.stdout
        sys.stdout = sys.stderr

    configure_logging(json_lines=True)
    logging.getLogger("ray").setLevel(logging.ERROR)
    import structlog

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))


def emit(result: dict[str, Any], indent: int | None = None) -> None:
    """Print ``result``, the benchmark's one JSON object, on the stdout it started with."""
    print(json.dumps(result, indent=indent), file=_result_out or sys.stdout, flush=True)


@contextlib.contextmanager
def bench_farm(devices: int, app: str, profile: str, time_scale: float) -> Iterator[BenchFarm]:
    """Start ``devices`` local agents and their workers, prepare the app, yield, stop all."""
    quiet()
    ensure_ray()
    with LocalAgentFarm(devices, app, profile=profile, time_scale=time_scale) as farm:
        addresses = list(farm.addresses)
        workers = start_workers(addresses, probe_timeout_s=600.0)
        setup = DevicePool(addresses, workers=workers)
        base = setup.prepare(app)
        yield BenchFarm(addresses, workers, base)
