"""A path that comes back to a state it had been in, with no S2R progress since, is a cycle
(issue 28 §1: "a search that never does the same work twice"): the beam never keeps one, even
with room, and with no child kept the search goes on from the reserve or the frontier.
Hand-written screens, no catalog app."""

from __future__ import annotations

from orchestrator.search import _is_cycle
from tests.test_search_frontier import _path, _screen, _searcher


def test_a_cycle_is_never_kept_even_when_the_beam_has_room() -> None:
    searcher = _searcher(beam=3)
    a, b = _screen("A"), _screen("B")
    cycle = _path(a, b, a)
    onward = _path(a, b, _screen("C"))
    assert _is_cycle(cycle) and not _is_cycle(onward)
    kept, _ = searcher._select([cycle, onward], set())
    assert kept == [onward]
    kept, _ = searcher._select([cycle], set())
    assert kept == []  # nothing kept: the search goes on from the reserve or the frontier
    # Back on a screen with a step of the report done since: progress, not a cycle.
    progressed = _path(a, b, a)
    progressed.transitions[-1].reached_step = progressed.reached_step = 0
    assert not _is_cycle(progressed)
