"""Shared fixtures: one local Ray instance per test session (its start costs seconds), and the
paths of the read-only data in ``../shared`` (absent on a user's clone: tests skip). Tests marked
``slow`` (whole searches through real processes, 20 s or more each) run only with ``--slow``:
``.ci/run`` runs them after the default suite (decision 0027)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
EXAMPLES = REPO / "examples" / "reports"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--slow",
        action="store_true",
        help="also run the tests marked slow (whole searches through real processes; CI runs them)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the ``slow`` tests unless ``--slow`` is given: the default suite stays short."""
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow end-to-end test: run with --slow (.ci/run does)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


SLOW_S = 20.0  # decision 0027: a default-suite test this long belongs under @pytest.mark.slow
_SESSION: dict[str, Any] = {"overdue": []}


def pytest_sessionstart(session: pytest.Session) -> None:
    _SESSION["started"] = time.monotonic()
    _SESSION["load"] = _load()


def _load() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:  # not on every platform
        return -1.0


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Remember the unmarked tests whose call took :data:`SLOW_S` seconds or more."""
    if report.when == "call" and report.duration >= SLOW_S and "slow" not in report.keywords:
        _SESSION["overdue"].append((report.duration, report.nodeid))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say what the run took and at what load (the README quotes it), and name the default-suite
    tests that took :data:`SLOW_S` s or more: mark them slow or make them shorter. Under load
    a test may cross the line only by waiting for the CPU; the load beside it says so."""
    if "started" not in _SESSION:
        return
    minutes = (time.monotonic() - _SESSION["started"]) / 60
    terminalreporter.write_line(
        f"reprofarm: the session took {minutes:.1f} min on {os.cpu_count()} cores, load "
        f"{_SESSION['load']:.1f} at the start and {_load():.1f} at the end"
    )
    for duration, nodeid in sorted(_SESSION["overdue"], reverse=True):
        terminalreporter.write_line(
            f"reprofarm: {nodeid} took {duration:.0f} s without @pytest.mark.slow (decision 0027)"
        )


@pytest.fixture(scope="session")
def ray_session():
    """A local Ray instance shared by every test that fans out."""
    import ray

    from orchestrator.run import ensure_ray

    ensure_ray()
    yield ray
    ray.shutdown()


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is absent (it ships with CI, not with a user's clone)")
    return SHARED


VIRTUAL_DEVICES = 4  # devices of the shared virtual reproductions


@pytest.fixture(scope="session")
def virtual_reproduction(
    ray_session, tmp_path_factory: pytest.TempPathFactory
) -> Callable[[str], tuple[int, Path]]:
    """``reprofarm reproduce EXAMPLES/REPORT --devices 4`` on local virtual devices, run once per
    report in a session and shared by the tests that read its result (a reproduction costs
    seconds to tens of seconds): ``run(report) -> (exit status, out directory)``. Readers must
    not change the directory (write elsewhere)."""
    from orchestrator.cli import main

    runs: dict[str, tuple[int, Path]] = {}

    def run(report: str) -> tuple[int, Path]:
        if report not in runs:
            out = tmp_path_factory.mktemp("virtual-reproduction") / "run"
            argv = ["reproduce", str(EXAMPLES / report), "--devices", str(VIRTUAL_DEVICES)]
            runs[report] = (main([*argv, "--no-progress", "--out", str(out)]), out)
        return runs[report]

    return run


@pytest.fixture(scope="session")
def screenrecorder_agents(ray_session) -> Iterator[list[str]]:
    """Two local virtual agents (started on screenrecorder; each run installs its own app) for
    the nightly tests, which open and close their own pools on them."""
    from device_agent.launcher import LocalAgentFarm

    with LocalAgentFarm(2, "screenrecorder") as farm:
        yield list(farm.addresses)


@pytest.fixture(scope="session")
def omninotes_regrounded(
    screenrecorder_agents: list[str], tmp_path_factory: pytest.TempPathFactory
) -> tuple[dict[str, Any], Path]:
    """Omni-Notes#377 through the nightly job: recorded on 5.4.0 (a search from scratch), then
    replayed on 5.5.0, where the reminder control moved and is re-grounded by its words.
    ``(the 5.5.0 night's result, the nights' directory)``, the directory holding
    ``traces.sqlite`` and each night's run directory; shared by ``test_nightly.py`` and
    ``test_export_device.py`` (two nights cost tens of seconds). Readers must not write there."""
    from tests.test_nightly import night

    out = tmp_path_factory.mktemp("omninotes-377-nights")
    report = EXAMPLES / "omninotes-377.md"
    night(screenrecorder_agents, report, out)  # recorded on 5.4.0
    return night(screenrecorder_agents, report, out, "5.5.0"), out
