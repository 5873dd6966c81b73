"""A path that comes back to a state it had been in, with no S2R progress and no other activity
gone through since, is a cycle (issue 28 §1: "a search that never does the same work twice"):
the beam never keeps one, and a screen reached through another activity is another state for
the transition memory. Hand-written screens, no catalog app."""

from __future__ import annotations

from dataclasses import replace

from orchestrator.model import Screen
from orchestrator.search import _is_cycle
from tests.test_search_frontier import PKG, _path, _screen, _searcher


def _in(activity: str, screen: Screen) -> Screen:
    return replace(screen, activity=f"{PKG}/.{activity}")


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


def test_another_activity_gone_through_makes_the_same_screen_another_state() -> None:
    # A picture taken in the viewer makes the camera's gallery non-empty: the camera looks the
    # same before and after, so only the activities the path went through tell the two apart.
    searcher = _searcher()
    camera, viewer = _screen("Shutter", "Gallery"), _in("Viewer", _screen("Delete"))
    fresh, after_viewer = _path(camera), _path(camera, viewer, camera)
    assert not _is_cycle(after_viewer)
    assert searcher._memory_state(fresh) != searcher._memory_state(after_viewer)
    # Screens of one activity (fragments): the path's depth alone is no new state.
    a, b = _screen("A"), _screen("B")
    assert searcher._memory_state(_path(a)) == searcher._memory_state(_path(b, a))
