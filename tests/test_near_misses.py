"""benchmarks/near_misses.py: the verifier replayed on the development round's near misses."""

from __future__ import annotations

from benchmarks.near_misses import ROOT, judge_set


def test_no_check_claims_on_a_near_miss_of_the_development_round() -> None:
    counts, wrong = judge_set(ROOT / "benchmarks" / "dev3")
    # Every non-crash bug's human steps and near misses were replayed, none failed to replay.
    assert counts["human"] == 6 and counts["wrong"] >= 12 and not counts["errors"]
    assert wrong == [], f"false claims on near misses: {wrong}"
