"""Shared fixtures: one local Ray instance per test session (its start costs seconds), and the
paths of the read-only data in ``../shared`` (absent on a user's clone: tests skip)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
EXAMPLES = REPO / "examples" / "reports"


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
