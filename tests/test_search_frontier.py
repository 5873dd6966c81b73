"""The frontier (issue 28 §1: "budget left goes to breadth: untried actions of shallower
states"): when the search would stop with budget left, it goes back to the states it reached,
least often gone back to first, then most S2R progress, then the shortest way there, until
nothing untried is left there, and probes there only the actions the transition memory has no
record of. Hand-written screens, no catalog app."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from device_agent.actions import LEAVE_AND_RETURN, PRESS_BACK, Action
from device_agent.hierarchy import parse_hierarchy, structural_hash
from orchestrator.config import SearchConfig
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import Path, ReproSpec, S2RStep, Screen, Transition
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.search import Reproducer, memory_action
from tests.test_enumerate import button, dump, node, status_bar

PKG = "org.example.shelf"
SPEC = ReproSpec([S2RStep(text="Open the shelf", targets=["shelf"])], "It crashes", "crash")


def _screen(*labels: str) -> Screen:
    buttons = [button(t, (40, 100 + 120 * i, 1040, 200 + 120 * i)) for i, t in enumerate(labels)]
    xml = dump(status_bar(), node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
                                  *buttons))  # fmt: skip
    return Screen(xml, structural_hash(xml), PKG, f"{PKG}/.Main", "portrait")


def _searcher(**config: object) -> Reproducer:
    searcher = Reproducer(
        SPEC,
        HeuristicReasoner(),
        None,  # type: ignore[arg-type]  # no device: nothing here probes
        PKG,
        SearchConfig(**config),  # type: ignore[arg-type]
    )
    searcher._root = _screen("Shelf")
    return searcher


def _path(*screens: Screen, reached: int = -1) -> Path:
    """A path through ``screens`` (Back between them: only the screens matter here)."""
    before = [_screen("Shelf"), *screens[:-1]]
    transitions = [
        Transition(Action(PRESS_BACK), b, a, {}, reached_step=reached)
        for b, a in zip(before, screens, strict=True)
    ]
    return Path(transitions, score=0.5, reached_step=reached, snapshot_id="s1")


def test_it_goes_back_to_the_states_with_most_progress_first_then_the_shortest_way() -> None:
    searcher = _searcher(beam=2)
    a, b, c = _screen("A"), _screen("B"), _screen("C")
    long_way_to_a = _path(b, c, a)
    for path in (_path(a), long_way_to_a, _path(b), _path(b, c, reached=0)):
        searcher._remember_shortest(path)
    first = searcher._frontier()
    assert [len(p.transitions) for p in first] == [2, 1]  # progress 0 first, then the shortest
    assert first[0].reached_step == 0
    assert all(p.snapshot_id == "" for p in first)  # snapshots may be gone: probes replay
    second = searcher._frontier()
    # the state not gone back to yet comes first, then again the one with most progress
    assert [p.last_screen for p in second] == [b, first[0].last_screen]
    assert searcher.stats["frontier_paths"] == 4


def test_a_state_is_gone_back_to_until_nothing_untried_is_left_there() -> None:
    labels = [f"Item {i}" for i in range(1, 11)]
    shelf = _screen(*labels)
    searcher = _searcher(branch=4, beam=1)
    searcher._remember_shortest(_path(shelf))
    probed: set[str] = set()
    visits = 0
    while ways := searcher._frontier():
        visits += 1
        assert visits <= 6  # ten items, four a visit, and the global actions
        (back,) = ways
        fresh = searcher._path_candidates(back, searcher.reasoner, 4)
        assert fresh and not {a.key() for a in fresh} & probed
        state = searcher._memory_state(back)
        for action in fresh:  # the frontier level probes them
            searcher._memory[(state, memory_action(shelf, action))] = None
            probed.add(action.key())
    every = enumerate_actions(parse_hierarchy(shelf.hierarchy_xml))
    assert {a.key() for a in every if a.target is not None} <= probed
    assert visits >= 3  # then nothing untried was left: the state was dropped


def test_without_the_memory_or_switched_off_there_is_no_frontier() -> None:
    for config in ({"probe_once": False}, {"frontier": False}):
        searcher = _searcher(**config)
        searcher._remember_shortest(_path(_screen("A")))
        assert searcher._frontier() == []


def test_a_frontier_path_probes_only_the_actions_nobody_tried_on_its_state() -> None:
    labels = [f"Item {i}" for i in range(1, 11)]
    shelf = _screen(*labels)
    searcher = _searcher(branch=6)
    path = _path(shelf)
    usual = searcher._path_candidates(path, searcher.reasoner, 6)
    state = searcher._memory_state(path)
    for action in usual:  # the level that expanded the state probed these
        searcher._memory[(state, memory_action(shelf, action))] = None
    searcher._remember_shortest(path)
    (back,) = searcher._frontier()
    fresh = searcher._path_candidates(back, searcher.reasoner, 6)
    assert fresh and not {a.key() for a in fresh} & {a.key() for a in usual}
    every = enumerate_actions(parse_hierarchy(shelf.hierarchy_xml))
    untried = {a.key() for a in every if a.target is not None} - {a.key() for a in usual}
    assert len(untried) == 4  # ten items, six probed
    assert {a.key() for a in fresh if a.target is not None} == untried
    # an ordinary path to the same state is offered the usual actions again (the memory
    # answers them without probes)
    again = replace(path, snapshot_id="")
    assert [a.key() for a in searcher._path_candidates(again, searcher.reasoner, 6)] == [
        a.key() for a in usual
    ]


def test_a_state_outside_the_app_is_not_gone_back_to_again() -> None:
    searcher = _searcher(beam=1)
    outside = replace(_screen("Share with"), package="com.android.intentresolver")
    searcher._remember_shortest(_path(outside))
    (back,) = searcher._frontier()
    assert searcher._path_candidates(back, searcher.reasoner, 4) == []
    assert searcher._frontier() == []  # dropped, not offered level after level


def test_the_stop_reason_says_whether_paths_hit_the_limit_or_nothing_was_left() -> None:
    searcher = _searcher(max_actions=2)
    searcher._bound = 2
    short, long_ = _path(_screen("A")), _path(_screen("A"), _screen("B"))
    assert searcher._nothing_left_reason(1, []) == "no executable candidate actions"
    assert searcher._nothing_left_reason(3, [short, long_]) == "paths reached the 2-action limit"
    # no kept path at the limit: the memory had every action of every state tried
    assert (
        searcher._nothing_left_reason(3, [short]) == "every action of every state reached was tried"
    )


def test_the_memory_names_a_widget_by_what_it_is_not_by_where_it_was_drawn() -> None:
    # The state leaves bounds out: the same list scrolled a little is the same state, so its
    # rows must be the same actions (else the memory never answers and every probe repeats).
    shelf = _screen("Item 1", "Item 2", "Item 2")
    moved = re.sub(
        r"\[40,(\d+)\]\[1040,(\d+)\]",
        lambda m: f"[40,{int(m[1]) - 30}][1040,{int(m[2]) - 30}]",
        shelf.hierarchy_xml,
    )
    scrolled = replace(shelf, hierarchy_xml=moved)
    assert shelf.hierarchy_xml != scrolled.hierarchy_xml

    def names(screen: Screen) -> list[str]:
        tree = parse_hierarchy(screen.hierarchy_xml)
        return [memory_action(screen, a) for a in enumerate_actions(tree) if a.target]

    assert names(shelf) == names(scrolled)
    assert len(set(names(shelf))) == 3  # two rows named alike stay two actions (their rank)


def test_leaving_told_only_by_the_symptom_is_kept_off_the_frontier_sweep(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Decision 0062: a symptom that speaks of the background offers leaving and coming back
    where the reasoner asks for it, not on the frontier's sweep of every untried action (which
    would spend a probe per state on it); a step that leaves offers it there too."""
    import orchestrator.search as search_module

    asked: list[bool] = []

    def enumerate_spy(hierarchy, **kw):  # type: ignore[no-untyped-def]
        asked.append(kw.get("leave", False))
        return enumerate_actions(hierarchy, **kw)

    monkeypatch.setattr(search_module, "enumerate_actions", enumerate_spy)

    def offered(spec: ReproSpec, frontier: bool) -> bool:
        searcher = Reproducer(
            spec,
            HeuristicReasoner(),
            None,
            PKG,
            SearchConfig(),  # type: ignore[arg-type]
        )
        searcher._root = _screen("Shelf")
        path = _path(_screen("Item 1", "Item 2"))
        if frontier:
            searcher._untried_only.add(id(path))
        searcher._path_candidates(path, searcher.reasoner, 40)
        return asked[-1]

    told = replace(SPEC, symptom="It crashes once the app is in the background")
    step = replace(told, steps=[*SPEC.steps, S2RStep("Put the app in the background",
                                                     LEAVE_AND_RETURN, [])])  # fmt: skip
    assert offered(told, frontier=False) and not offered(told, frontier=True)
    assert offered(step, frontier=True)
    assert not offered(SPEC, frontier=False)


def test_levels_that_probe_nothing_end_the_search() -> None:
    """Decision 0062: the frontier can offer, level after level, a path whose probes the farm
    drops (a memory-built path that does not replay); the budget is counted in probes and
    never runs out, so a run of idle levels ends the search (a new user's report ending on
    Home spun to the time cap)."""
    from orchestrator.search import MAX_IDLE_LEVELS

    searcher = _searcher(branch=6)
    dead = _path(_screen("Item 1", "Item 2"))
    offered: list[int] = []
    searcher._explore_level = lambda *a, **k: ([], [])  # type: ignore[method-assign]
    searcher._from_memory = lambda beam: []  # type: ignore[method-assign]

    def frontier() -> list:  # type: ignore[type-arg]
        offered.append(1)
        return [dead]

    searcher._frontier = frontier  # type: ignore[method-assign]
    searcher._refill = lambda expanded: []  # type: ignore[method-assign]
    base = {"xml": dead.transitions[0].before.hierarchy_xml, "hash": "h", "package": PKG,
            "activity": f"{PKG}/.Main", "orientation": "portrait", "keyboard": False}  # fmt: skip
    outcome = searcher._search(0.0, float("inf"), base, None)
    assert "levels in a row ran no probe" in outcome.stop_reason
    assert MAX_IDLE_LEVELS <= len(offered) <= MAX_IDLE_LEVELS + 2
