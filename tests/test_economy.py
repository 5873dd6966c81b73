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
        "repeated_screen_share": 0.25,
        "longest_path": 4,
        "states": 2,
    }
    assert economy([])["repeated_share"] == 0.0


def test_a_state_is_the_screen_with_its_fields_and_the_progress_made() -> None:
    """The same action on the same screen holding other typed text, or reached with more of the
    report's steps done, is new work (the transition memory keys by that state too)."""
    log = [
        {**_probe("s1", "click Save", 2), "state": "s1|a#0"},
        {**_probe("s1", "click Save", 3), "state": "s1|b#0"},  # other field contents
        {**_probe("s1", "click Save", 4), "state": "s1|b#1"},  # one more step done
        {**_probe("s1", "click Save", 5), "state": "s1|b#1"},  # a repeat
    ]
    got = economy(log)
    assert (got["distinct_pairs"], got["repeated_share"]) == (3, 0.25)
    assert got["repeated_screen_share"] == 0.75


def test_two_widgets_described_alike_are_two_actions() -> None:
    """Two cells of a grid that read alike ("click ToggleButton #cell") are two actions when the
    log names each (``action_id``, the transition memory's name), not a repeat."""
    cells = [{**_probe("s1", "click ToggleButton #cell", 2), "action_id": c} for c in "ab"]
    assert economy(cells)["repeated_share"] == 0.0
    assert (
        economy([{k: v for k, v in c.items() if k != "action_id"} for c in cells])["repeated_share"]
        == 0.5
    )


def test_a_real_probe_log_is_read_as_written() -> None:
    """The keys economy reads are the ones orchestrator.search writes into probes.jsonl."""
    source = (REPO / "orchestrator" / "search.py").read_text()
    for key in ("state", "screen_hash", "action", "action_id", "from_actions"):
        assert f'"{key}":' in source
    assert json.dumps(economy([_probe("x", "back", 2)]))
