"""A path that comes back to a state it had been in, with no S2R progress since, is a cycle
(issue 28 §1: "a search that never does the same work twice"): the beam never keeps one, even
with room, and with no child kept the search goes on from the reserve or the frontier.
Hand-written screens, no catalog app."""

from __future__ import annotations

from device_agent.actions import INPUT_TEXT, PRESS_BACK, Action, Selector
from orchestrator.model import Path, Screen, Transition
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


def _typing(before: Screen, after: Screen, text: str) -> Transition:
    field = Selector(resource_id="org.example.shelf:id/name", class_name="android.widget.EditText")
    return Transition(Action(INPUT_TEXT, field, text=text), before, after, {}, reached_step=-1)


def _back(before: Screen, after: Screen) -> Transition:
    return Transition(Action(PRESS_BACK), before, after, {}, reached_step=-1)


def test_one_more_row_named_as_the_path_named_the_others_is_the_same_screen() -> None:
    # "Create another folder": the list with one more row showing the typed name is the list
    # it was, so a path that only adds rows goes round in a cycle.
    empty, one, two = _screen("Inbox"), _screen("Inbox", "test"), _screen("Inbox", "test", "test")
    dialog = _screen("Name", "OK")
    first = [_back(empty, dialog), _typing(dialog, dialog, "test"), _back(dialog, one)]
    again = [_back(one, dialog), _typing(dialog, dialog, "test"), _back(dialog, two)]
    assert not _is_cycle(Path(first))  # the first folder is a new screen
    assert _is_cycle(Path(first + again))
    # Rows the path did not name are content of their own: another screen.
    other = _screen("Inbox", "test", "Archive")
    elsewhere = [_back(one, dialog), _typing(dialog, dialog, "x"), _back(dialog, other)]
    assert not _is_cycle(Path(first + elsewhere))
