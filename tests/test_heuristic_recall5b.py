"""Recall rules of the offline reasoner added in issue 12's fifth round by helper recallB
(decision 0025), on small hand-written reports and screens."""

from __future__ import annotations

from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.reasoner.relative import relation
from tests.test_enumerate import dump, node, status_bar
from tests.test_heuristic import APP, _click, _screen, _spec_of, _transition

CLICK = "click"


def _row(name: str, top: int) -> str:
    """A file row: a clickable container with the name, and its own menu button."""
    return node(
        "android.widget.LinearLayout", "", f"{APP}:id/itemLayout", "", (0, top, 1080, top + 180),
        node("android.widget.TextView", name, f"{APP}:id/nameText", "", (170, top, 900, top + 90)),
        node(
            "android.widget.ImageButton", "", f"{APP}:id/menuButton", "",
            (930, top, 1080, top + 180), clickable=True,
        ),
        clickable=True,
    )  # fmt: skip


def _file_list(rows: int = 4) -> str:
    """A file manager's list: a toolbar whose title is "Files", More options, rows with their
    own menu buttons, and an unlabelled floating action button."""
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.TextView", "Files", f"{APP}:id/title", "", (40, 80, 500, 160)),
            node(
                "android.widget.ImageView", "", "", "More options", (933, 63, 1080, 210),
                clickable=True,
            ),
            *[_row(f"Folder{i}", 300 + 200 * i) for i in range(rows)],
            node(
                "android.widget.ImageButton", "", f"{APP}:id/main_fab", "", (880, 1700, 1040, 1860),
                clickable=True,
            ),
        ),
    )  # fmt: skip


def _ranked(spec, xml: str, limit: int = 6) -> list[str]:
    candidates = enumerate_actions(parse_hierarchy(xml))
    result = HeuristicReasoner().filter_actions(spec, _screen(xml), candidates, SPath(), limit)
    return [
        (a.target.resource_id or a.target.content_desc) if a.target else a.kind
        for a in result.actions
    ]


def test_a_target_word_only_on_a_title_leaves_the_ways_elsewhere_their_priors() -> None:
    # "Perform a file creation": the only label matching is the app's title "Files", which
    # nothing can press; the ways to the step's widget (the FAB, More options) must still rank
    # above the rows' exploration.
    spec = _spec_of(
        S2RStep("Perform a file creation or deletion operation", CLICK, ["file creation"]),
        kind=NON_CRASH,
    )
    ranked = _ranked(spec, _file_list())
    assert f"{APP}:id/main_fab" in ranked
    assert "More options" in ranked
    # A target that a pressable widget shows is the step itself: no detour.
    spec_row = _spec_of(S2RStep("Open Folder2", CLICK, ["Folder2"]), kind=NON_CRASH)
    assert _ranked(spec_row, _file_list())[0] == f"{APP}:id/itemLayout"


def test_a_creating_step_prefers_the_creating_control_among_many_menus() -> None:
    # Seven rows each with a menu button: with six candidates kept, the FAB (the control that
    # creates) comes first for a step that creates something; another step's detour does not
    # favour it over the overflow menu.
    spec = _spec_of(S2RStep("Perform a file creation", CLICK, ["file creation"]), kind=NON_CRASH)
    ranked = _ranked(spec, _file_list(rows=7))
    assert ranked[0] == f"{APP}:id/main_fab"
    other = _spec_of(S2RStep("Open the Settings", CLICK, ["Settings"]), kind=NON_CRASH)
    assert _ranked(other, _file_list(rows=7))[0] != f"{APP}:id/main_fab"


def _settings(search: str | None, results: tuple[str, ...] = ()) -> str:
    """A settings page: a toolbar (Search, or the search field holding ``search``), then the
    pages' entries, or the search's result rows."""
    if search is None:
        bar = node(
            "android.widget.TextView",
            "",
            f"{APP}:id/action_search",
            "Search",
            (933, 63, 1080, 210),
            clickable=True,
        )
        rows = ("Video and audio", "Content", "Appearance")
    else:
        bar = node(
            "android.widget.EditText",
            search,
            f"{APP}:id/search_edit_text",
            "",
            (147, 63, 954, 210),
            clickable=True,
        )
        rows = results
    items = [
        node(
            "android.widget.LinearLayout",
            "",
            "",
            "",
            (0, 210 + 200 * i, 1080, 410 + 200 * i),
            node(
                "android.widget.TextView",
                r,
                "android:id/title",
                "",
                (40, 230 + 200 * i, 1000, 300 + 200 * i),
            ),
            clickable=True,
        )
        for i, r in enumerate(rows)
    ]
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            bar,
            node("androidx.recyclerview.widget.RecyclerView", "", f"{APP}:id/list", "",
                 (0, 210, 1080, 1920), *items, scrollable=True),
        ),
    )  # fmt: skip


BELOW = S2RStep(
    "click the content below the search box, the app opens its page", CLICK, ["content"]
)


def test_a_step_placing_its_target_below_another_widget_picks_the_widget_under_it() -> None:
    spec = _spec_of(S2RStep("click search button", CLICK, ["search button"]), BELOW)
    results = _settings("Content", ("App language", "Default content language"))
    # The first row under the search field does the step: credited by the alignment, ranked
    # first by the filter (it shows no word of the step).
    row = _click(results, "App language")
    search = _click(_settings(None), "Search")
    path = SPath(
        [
            _transition(search, _settings(None), _settings("")),
            _transition(row, results, _settings(None)),
        ]
    )
    assert align(spec, path).served == [0, 1]
    later = _spec_of(BELOW)
    candidates = enumerate_actions(parse_hierarchy(results))
    best = HeuristicReasoner().filter_actions(later, _screen(results), candidates, SPath(), 3)
    assert best.actions[0].key() == row.key()
    # Where no search box is on screen, the entry that merely shares the step's word ("Content")
    # does not do it.
    entry = _click(_settings(None), "Content")
    wrong = SPath([_transition(entry, _settings(None), _settings(None, ("App language",)))])
    assert align(later, wrong).served == [-1]
    # A step without a relation keeps its label match ("under X" names a section, not a place).
    plain = _spec_of(S2RStep("click Content under the settings", CLICK, ["Content"]))
    assert align(plain, wrong).served == [0]


def test_a_search_with_no_value_types_what_the_report_opens_next_as_the_app_showed_it() -> None:
    reasoner = HeuristicReasoner()
    spec = _spec_of(S2RStep("click search button", CLICK, ["search button"]), BELOW)
    opened = _settings("")
    path = SPath([_transition(_click(_settings(None), "Search"), _settings(None), opened)])
    field = [n for n in parse_hierarchy(opened).iter() if n.is_editable][0]
    assert reasoner.input_text(spec, _screen(opened), field, path) == "Content"
    # No label of the path is named by a step still to do: the default stays.
    other = _spec_of(
        S2RStep("click search button", CLICK, ["search button"]),
        S2RStep("open the first result", CLICK, ["first result"]),
    )
    assert reasoner.input_text(other, _screen(opened), field, path) == "test"


def test_a_search_does_not_type_the_label_of_a_control_the_path_pressed() -> None:
    # The only later step names the Search button again: "Search" was pressed, not content.
    spec = _spec_of(
        S2RStep("click search button", CLICK, ["search button"]),
        S2RStep("go back", "press_back", []),
        S2RStep("click search button", CLICK, ["search button"]),
    )
    opened = _settings("")
    path = SPath([_transition(_click(_settings(None), "Search"), _settings(None), opened)])
    field = [n for n in parse_hierarchy(opened).iter() if n.is_editable][0]
    assert HeuristicReasoner().input_text(spec, _screen(opened), field, path) == "test"


def test_a_place_inside_the_screen_or_a_bar_is_no_relation_to_an_absent_anchor() -> None:
    # "at the top right of the screen", "above the keyboard": no widget of the app is the
    # anchor, so the step keeps its label match (it was capped as "placed away").
    screen = _file_list()
    more = _click(screen, "More options")
    path = SPath([_transition(more, screen, screen)])
    for text in (
        "Tap More options at the top right of the screen",
        "Tap More options above the keyboard",
        "Tap More options on the right of the toolbar",
    ):
        assert align(_spec_of(S2RStep(text, CLICK, ["More options"])), path).served == [0], text
    # A relation to a widget the screen does not show still caps the label match.
    away = _spec_of(
        S2RStep("Tap More options to the right of the search box", CLICK, ["More options"])
    )
    assert align(away, path).served == [-1]


def test_a_relation_reads_a_short_anchor_in_linear_time() -> None:
    """Hang detector: the anchor's lazy run and its end's whitespace lookahead were quadratic
    in a long space run (tens of seconds); an anchor is a short noun phrase (60 characters)."""
    assert relation(S2RStep("Tap below the list" + " " * 60_000 + ", then Save", CLICK, [])) == (
        "below",
        "list",
    )
    assert relation(S2RStep("Tap below x" + " y" * 60_000, CLICK, [])) == ("", "")
