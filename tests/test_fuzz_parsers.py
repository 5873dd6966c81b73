"""The short variant of ``benchmarks/fuzz_parsers.py``: seeded mutations of the real dumps, logs
and reports must never make a parser raise anything but its documented error. The per-case
CPU time is only a hang detector here (generous); the 1-second bound is the benchmark's."""

from __future__ import annotations

import pytest

from benchmarks.fuzz_parsers import PARSERS, run
from tests.conftest import SHARED

pytestmark = pytest.mark.skipif(
    not (SHARED / "fixtures").is_dir(), reason=f"{SHARED} is absent (the fuzz seeds are there)"
)

HANG_S = 20.0  # far above any case on a loaded 2-core CI machine; only a hang trips it


@pytest.mark.parametrize("parser", list(PARSERS))
def test_seeded_mutations_never_crash_a_parser(parser: str) -> None:
    stats = run(cases=40, seed=2026, max_run=20_000, parsers=[parser])[parser]
    assert stats.cases == 40
    assert stats.crashes == 0, "\n".join(stats.examples)
    assert stats.slowest_s < HANG_S
