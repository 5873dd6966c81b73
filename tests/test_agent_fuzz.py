"""The short variant of the agent API fuzz run (the long one: ``benchmarks/agent_fuzz.py``):
seeded random and mutated requests against a real agent on loopback must cause no crash (no
``UNKNOWN``, no ``INTERNAL`` from a non-device exception, an agent that keeps answering and stays
SERVING). How long cases take is the script's measurement, not this test's."""

from __future__ import annotations

from benchmarks.agent_fuzz import fuzz


def test_agent_api_survives_seeded_fuzzing() -> None:
    report = fuzz(400, seed=15)
    assert report.cases == 400
    assert report.crashes == 0, report.crash_examples
    # The mix reached the agent's checks and its device, not only one of them.
    assert report.statuses["OK"] > 50
    assert report.statuses["INVALID_ARGUMENT"] > 50
