"""``orchestrator.economy``: how much of a search's probing was new work (issue 28 §1)."""

from __future__ import annotations

import json

from orchestrator.economy import economy
from tests.conftest import REPO


def _probe(screen: str, action: str, path: int) -> dict[str, object]:
    return {"screen_hash": screen, "action": action, "from_actions": ["a"] * path}


def test_repeats_are_the_same_action_on_the_same_screen() -> None:
    log = [
        _probe("s0", "click 2", 0),
        _probe("s1", "click 2", 1),  # another screen: new work
        _probe("s1", "click 2", 3),  # the same pair reached by a longer path: a repeat
        _probe("s1", "click 3", 3),
    ]
    assert economy(log) == {
        "probes": 4,
        "distinct_pairs": 3,
        "repeated_share": 0.25,
        "longest_path": 4,
        "states": 2,
    }
    assert economy([])["repeated_share"] == 0.0


def test_a_real_probe_log_is_read_as_written() -> None:
    """The keys economy reads are the ones orchestrator.search writes into probes.jsonl."""
    source = (REPO / "orchestrator" / "search.py").read_text()
    for key in ("screen_hash", "action", "from_actions"):
        assert f'"{key}":' in source
    assert json.dumps(economy([_probe("x", "back", 2)]))
