"""Shared fixtures: one local Ray instance per test session (its start costs seconds), and the
paths of the read-only data in ``../shared`` (absent on a user's clone: tests skip)."""

from __future__ import annotations

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
