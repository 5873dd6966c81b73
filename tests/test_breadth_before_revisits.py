"""When too few of a level's children reach new states, the beam's places left go to reserved
paths to states not expanded yet (breadth) before any child that only comes back to a state it
was in (issue 28 §1: coverage before repetition, no padded paths). Hand-written screens."""

from __future__ import annotations

from collections import Counter

from device_agent.actions import PRESS_BACK, Action
from orchestrator.config import SearchConfig
from orchestrator.model import Path as SPath
from orchestrator.model import Screen, Transition
from orchestrator.reasoner.base import PathJudgement
from orchestrator.search import Reproducer, _progress_key


def _screen(name: str) -> Screen:
    return Screen(f"<hierarchy>{name}</hierarchy>", name, "com.example.app", f".{name}", "portrait")


def _path(*names: str) -> SPath:
    return SPath(
        [
            Transition(Action(PRESS_BACK), _screen(a), _screen(b), {})
            for a, b in zip(names, names[1:], strict=False)
        ]
    )


class _Evaluator:
    def evaluate_paths(self, spec, paths):  # noqa: ANN001, ANN201 - the reasoner's seam
        return [PathJudgement(0.5, -1) for _ in paths]


def _reproducer(probe_once: bool) -> Reproducer:
    reproducer = Reproducer.__new__(Reproducer)
    reproducer.config = SearchConfig(beam=2, probe_once=probe_once)
    reproducer.reasoner = _Evaluator()  # type: ignore[assignment]
    reproducer.spec = None  # type: ignore[assignment]
    reproducer.phase_seconds = Counter()
    reproducer.stats = Counter()
    reproducer._reserve = [_path("A", "C")]  # a sibling to a state not expanded yet
    return reproducer


def test_breadth_takes_the_places_left_before_a_path_that_comes_back() -> None:
    new = _path("A", "B", "D")
    back = _path("A", "B", "A")  # a cycle: back where it started, no step done
    expanded = {_progress_key(_path("A", "B"))}
    beam, judged = _reproducer(True)._select([new, back], expanded)
    assert [p.transitions[-1].after.activity for p in beam] == [".D", ".C"]
    assert [p for p, _ in judged] == [new]  # the reserved path was judged at its own level


def test_without_the_memory_the_revisit_fills_the_beam_as_before() -> None:
    new = _path("A", "B", "D")
    back = _path("A", "B", "A")
    beam, _ = _reproducer(False)._select([new, back], set())
    assert [p.transitions[-1].after.activity for p in beam] == [".D", ".A"]
