"""Issue 28 §1, decision 0059: the same screen with other placeholder text in its fields is the
same work again. At one S2R progress a screen is expanded with at most two contents of its text
fields, besides contents that hold a text the report gives to type. Hand-written screens of a
made-up notes form."""

from __future__ import annotations

from device_agent.actions import CLICK, INPUT_TEXT, Action, Selector
from device_agent.hierarchy import structural_hash
from orchestrator.config import SearchConfig
from orchestrator.model import Path, ReproSpec, S2RStep, Screen, Transition
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.search import FIELD_VARIANTS, Reproducer, field_contents
from tests.test_enumerate import button, dump, node, status_bar

PKG = "org.example.notes"


def _form(title: str, *more: str) -> Screen:
    fields = [
        node("android.widget.EditText", text, f"{PKG}:id/field{i}", "",
             (40, 100 + 120 * i, 1040, 200 + 120 * i), clickable=True, package=PKG)
        for i, text in enumerate((title, *more))
    ]  # fmt: skip
    xml = dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920), *fields,
             button("Save", (40, 1300, 1040, 1400), rid=f"{PKG}:id/save"), package=PKG),
    )  # fmt: skip
    return Screen(xml, structural_hash(xml), PKG, f"{PKG}/.Edit", "portrait")


def _at(screen: Screen, reached: int = -1, *, typed: bool = True) -> Path:
    """A path ending on ``screen`` at S2R progress ``reached``: it typed what the screen's
    fields hold (``typed``), or the app put it there (a Save that shows saved values)."""
    start = _form("")
    steps = []
    if typed:
        steps = [
            Transition(Action(INPUT_TEXT, target=Selector(resource_id=f"{PKG}:id/field{i}",
                                                          class_name="EditText"), text=text),
                       start, start, {}, reached_step=reached)
            for i, text in enumerate(field_contents(screen)) if text
        ]  # fmt: skip
    save = Action(CLICK, target=Selector(resource_id=f"{PKG}:id/save", class_name="Button"))
    return Path([*steps, Transition(save, start, screen, {}, reached_step=reached)],
                reached_step=reached, snapshot_id="s1")  # fmt: skip


def _searcher(**config: object) -> Reproducer:
    spec = ReproSpec(
        [S2RStep("Type Groceries as the title", "input_text", ["title"], value="Groceries"),
         S2RStep("Tap Save", CLICK, ["Save"])],
        "It crashes", "crash",
    )  # fmt: skip
    return Reproducer(
        spec, HeuristicReasoner(), None, PKG,  # type: ignore[arg-type]  # nothing here probes
        SearchConfig(branch=10, **config),  # type: ignore[arg-type]
    )  # fmt: skip


def _expands(searcher: Reproducer, path: Path) -> bool:
    return bool(searcher._path_candidates(path, searcher.reasoner, 10))


def test_a_third_placeholder_in_the_same_field_is_not_expanded() -> None:
    searcher = _searcher()
    assert FIELD_VARIANTS == 2
    assert _expands(searcher, _at(_form("")))
    assert _expands(searcher, _at(_form("test")))
    assert _expands(searcher, _at(_form("12")))
    assert not _expands(searcher, _at(_form("abc")))  # a third typing: the same work again
    assert searcher.stats["field_variants_capped"] == 1
    # Those already expanded stay expandable (another path to the same state).
    assert _expands(searcher, _at(_form("test")))
    # The report's own value is never capped; another progress is another screen.
    assert _expands(searcher, _at(_form("Groceries")))
    assert _expands(searcher, _at(_form("abc"), reached=0))
    # What the app put in a field (a saved value shown again: maybe the bug) is never capped.
    assert _expands(searcher, _at(_form("52.09999"), typed=False))


def test_a_form_filled_field_after_field_is_no_repetition() -> None:
    searcher = _searcher()
    for filled in (("", ""), ("52.1", ""), ("52.1", "4.3"), ("12", "4.3")):
        assert _expands(searcher, _at(_form(*filled))), filled
    assert not _expands(searcher, _at(_form("abc", "4.3")))  # the first field's third typing


def test_the_cap_can_be_switched_off_and_needs_fields() -> None:
    searcher = _searcher(cap_field_variants=False)
    for text in ("", "test", "12", "abc"):
        assert _expands(searcher, _at(_form(text)))
    assert field_contents(_form("abc")) == ("abc",)
