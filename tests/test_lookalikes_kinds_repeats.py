"""General mechanisms of issue 28's fifth round, on hand-written screens of no catalog app: a
field that repeats another ("Confirm password") filled with the same entry, a screen of widgets
nobody can tell apart (a grid of cells sharing one id) searched two cells and the last at first,
not all, and a run of one action without progress (a date picker paged month after month) not
offered again."""

from __future__ import annotations

from dataclasses import replace

from device_agent.actions import CLICK, INPUT_TEXT, Action
from device_agent.hierarchy import find_node, parse_hierarchy, structural_hash
from orchestrator.config import SearchConfig
from orchestrator.enumerate import cap_lookalikes, enumerate_actions, lookalike_family
from orchestrator.model import Path, ReproSpec, S2RStep, Screen, Transition
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.search import Reproducer
from tests.test_enumerate import button, dump, node, status_bar

PKG = "org.example.forms"


def _screen(xml: str) -> Screen:
    return Screen(xml, structural_hash(xml), PKG, f"{PKG}/.Main", "portrait")


def _page(*widgets: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920), *widgets,
             package=PKG),
    )  # fmt: skip


def _step(text: str, target: str) -> S2RStep:
    return S2RStep(text=text, action_hint=CLICK, targets=[target])


# -- a field repeating another --------------------------------------------------------------------
def _field(text: str, rid: str, hint: str, top: int, *, password: bool = False) -> str:
    xml = node("android.widget.EditText", text, f"{PKG}:id/{rid}", "",
               (40, top, 1040, top + 100), clickable=True, package=PKG)  # fmt: skip
    xml = xml.replace('text="', f'hint="{hint}" text="', 1)
    return xml.replace('password="false"', 'password="true"') if password else xml


def _form(first: str = "") -> str:
    return _page(
        _field("", "email", "Email", 100),
        _field("", "email_again", "Confirm email", 220),
        _field(first, "secret", "Passphrase", 340, password=True),
        _field("", "secret2", "Repeat", 460, password=True),
        _field("", "name", "Name", 580),
        button("Create", (40, 700, 1040, 800), rid=f"{PKG}:id/create"),
    )


def _typed_into(rid: str, text: str) -> Path:
    """A path whose last action typed ``text`` into field ``rid`` of the form."""
    before, after = _screen(_form()), _screen(_form())
    target = find_node(parse_hierarchy(before.hierarchy_xml), _input_on(rid).target)
    assert target is not None
    action = replace(_input_on(rid), text=text)
    return Path([Transition(action, before, after, {})], reached_step=-1)


def _input_on(rid: str) -> Action:
    for action in enumerate_actions(parse_hierarchy(_form()), include_global=False):
        if action.kind == INPUT_TEXT and action.target and action.target.resource_id.endswith(rid):
            return action
    raise AssertionError(rid)


def _value_for(rid: str, path: Path) -> str:
    spec = ReproSpec([_step("Create an account", "account")], "It crashes", "crash")
    screen = _screen(_form())
    field = find_node(parse_hierarchy(screen.hierarchy_xml), _input_on(rid).target)
    assert field is not None
    return HeuristicReasoner().input_text(spec, screen, field, path)


def test_a_repeating_field_gets_what_was_typed_into_the_field_it_repeats() -> None:
    assert _value_for("secret2", _typed_into("secret", "s3cret!x")) == "s3cret!x"
    assert _value_for("email_again", _typed_into("email", "me@example.org")) == "me@example.org"
    # A field that repeats nothing gets its own value, not the last entry.
    assert _value_for("name", _typed_into("email", "me@example.org")) != "me@example.org"
    # "Confirm email" does not repeat the passphrase.
    assert _value_for("email_again", _typed_into("secret", "s3cret!x")) != "s3cret!x"


def test_password_fields_with_nothing_typed_get_one_and_the_same_value() -> None:
    empty = Path()
    assert _value_for("secret", empty) == _value_for("secret2", empty) != ""


# -- widgets nobody can tell apart -------------------------------------------------------------
def _grid(cells: int) -> str:
    return _page(
        *[node("android.widget.ImageView", "", f"{PKG}:id/cell", "",
               (40 + 100 * (i % 10), 100 + 100 * (i // 10), 130 + 100 * (i % 10),
                190 + 100 * (i // 10)), clickable=True, package=PKG)
          for i in range(cells)],
        button("Done", (40, 1700, 1040, 1800), rid=f"{PKG}:id/done"),
    )  # fmt: skip


def test_lookalikes_are_capped_to_two_and_the_last_and_others_are_kept() -> None:
    actions = enumerate_actions(parse_hierarchy(_grid(30)), include_global=False)
    cells = [a for a in actions if a.target and a.target.resource_id.endswith("/cell")]
    assert len({lookalike_family(a) for a in cells}) == 1 and len(cells) == 30
    kept = cap_lookalikes(actions)
    kept_cells = [a for a in kept if a in cells]
    assert kept_cells == [cells[0], cells[1], cells[-1]]
    assert any(a.target and a.target.text == "Done" for a in kept)
    assert len(kept) == len(actions) - 27


def _candidates(cap: bool, untried_only: bool = False) -> list[Action]:
    spec = ReproSpec([_step("Press Done", "Done")], "It crashes", "crash")
    searcher = Reproducer(
        spec,
        HeuristicReasoner(),
        None,  # type: ignore[arg-type]  # no device: nothing here probes
        PKG,
        SearchConfig(branch=40, cap_lookalikes=cap),
    )
    grid = _screen(_grid(30))
    path = Path([Transition(Action("press_back"), grid, grid, {})], snapshot_id="s1")
    if untried_only:
        searcher._untried_only.add(id(path))
    return searcher._path_candidates(path, searcher.reasoner, 40)


def test_the_search_expands_a_state_with_the_capped_family_and_revisits_with_all() -> None:
    def cells(actions: list[Action]) -> int:
        return sum(1 for a in actions if a.target and a.target.resource_id.endswith("/cell"))

    assert cells(_candidates(cap=True)) == 3
    assert cells(_candidates(cap=False)) == 30
    # The frontier's revisit offers every untried cell: none stays out of reach.
    assert cells(_candidates(cap=True, untried_only=True)) == 30


# -- runs of one action -----------------------------------------------------------------------
def _month(name: str) -> Screen:
    return _screen(_page(
        node("android.widget.TextView", name, f"{PKG}:id/month", "", (40, 100, 1040, 200),
             package=PKG),
        button("Next", (800, 300, 1040, 400), rid=f"{PKG}:id/next"),
        button("OK", (40, 1700, 1040, 1800), rid=f"{PKG}:id/ok"),
    ))  # fmt: skip


def _paged(months: int, progress_at: int = -1) -> Path:
    """A path that pressed Next ``months`` times (S2R progress made at action ``progress_at``)."""
    screens = [_month(f"Month {i}") for i in range(months + 1)]
    next_ = next(a for a in enumerate_actions(parse_hierarchy(screens[0].hierarchy_xml))
                 if a.target and a.target.text == "Next")  # fmt: skip
    transitions = [
        Transition(next_, screens[i], screens[i + 1], {}, reached_step=int(i >= progress_at) - 1
                   if progress_at >= 0 else -1)
        for i in range(months)
    ]  # fmt: skip
    return Path(transitions, reached_step=transitions[-1].reached_step, snapshot_id="s1")


def _offered(path: Path, spec_text: str = "Pick a date", **config: object) -> set[str]:
    spec = ReproSpec([_step(spec_text, "date")], "It crashes", "crash")
    searcher = Reproducer(
        spec, HeuristicReasoner(), None, PKG,  # type: ignore[arg-type]  # nothing here probes
        SearchConfig(branch=10, **config),  # type: ignore[arg-type]
    )  # fmt: skip
    return {a.target.text for a in searcher._path_candidates(path, searcher.reasoner, 10)
            if a.target is not None}  # fmt: skip


def test_a_run_of_one_action_without_progress_is_not_offered_once_more() -> None:
    assert "Next" in _offered(_paged(2))
    assert _offered(_paged(3)) == {"OK"}  # a fourth page is one more month, not a step
    assert "Next" in _offered(_paged(3), cap_runs=False)
    # Progress within the run (a step done by the second press) lets it go on.
    assert "Next" in _offered(_paged(3, progress_at=1))
    # The report may ask for more: "tap Next 5 times", or a value keyed in as "2222".
    assert "Next" in _offered(_paged(4), "Tap Next 5 times")
    assert _offered(_paged(5), "Tap Next 5 times") == {"OK"}


def _cycled(rounds: int) -> Path:
    """A path that did the cycle Next, OK ``rounds`` times with no S2R progress (a new screen
    after each action: one more item each time)."""
    screens = [_month(f"Month {i}") for i in range(2 * rounds + 1)]
    tree = parse_hierarchy(screens[0].hierarchy_xml)
    actions = {a.target.text: a for a in enumerate_actions(tree)
               if a.target and a.target.text in ("Next", "OK")}  # fmt: skip
    transitions = [
        Transition(actions["Next" if i % 2 == 0 else "OK"], screens[i], screens[i + 1], {},
                   reached_step=-1)
        for i in range(2 * rounds)
    ]  # fmt: skip
    return Path(transitions, reached_step=-1, snapshot_id="s1")


def test_a_cycle_of_actions_without_progress_is_not_started_once_more() -> None:
    assert "Next" in _offered(_cycled(2))
    assert "Next" not in _offered(_cycled(3))  # a fourth round is the same work again
    assert "Next" in _offered(_cycled(3), cap_runs=False)
