"""Recall rules of the offline reasoner added in issue 12's fourth round (decision 0023), on
small hand-written reports and screens."""

from __future__ import annotations

from device_agent.actions import CLICK, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align, position_match, screen_index
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.reasoner.verify import verify
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _screen, _spec_of, _transition
from tests.test_heuristic_recall3 import _wizard

FEEDBACK_PAGE = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        node("android.widget.TextView", "Feedback Options", "", "", (0, 100, 1080, 200)),
        button("Next", (800, 1700, 1080, 1850), rid=f"{APP}:id/btn_save"),
    ),
)  # fmt: skip


START = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        button("Setup", (300, 800, 780, 950), rid=f"{APP}:id/setup"),
    ),
)  # fmt: skip


def test_the_beam_keeps_a_preselected_choice_no_step_names() -> None:
    # A first-run wizard's page whose options share the step's word ("accounts"): the path that
    # changed the preselected option stays on a page that looks near the step, the one that kept
    # it and went on does not; the path that kept the default must rank first all the same.
    reasoner = HeuristicReasoner()
    spec = _spec_of(
        S2RStep("Tap Setup", CLICK, ["Setup"]),
        S2RStep("Open any accounts view", CLICK, ["accounts view"]),
        kind=NON_CRASH,
    )
    page = _wizard(0)
    setup = _transition(_click(START, "Setup"), START, page)
    went_on = SPath([setup, _transition(_click(page, "Next"), page, FEEDBACK_PAGE)])
    changed = SPath([setup, _transition(_click(page, "Import my accounts"), page, _wizard(1))])
    kept, moved = reasoner.evaluate_paths(spec, [went_on, changed])
    assert kept.score > moved.score
    assert "changed a preselected choice" in moved.reason
    # A step that names the option may change it; a list with no choice made has no default.
    named = _spec_of(S2RStep("Choose Import my accounts", CLICK, ["Import my accounts"]))
    assert "preselected" not in reasoner.evaluate_paths(named, [changed])[0].reason
    assert reasoner.evaluate_paths(spec, [changed])[0].score > 0.4  # pushed down, not dropped
    unset = _wizard(None)
    first = SPath([setup, _transition(_click(unset, "Import my accounts"), unset, _wizard(1))])
    assert "preselected" not in reasoner.evaluate_paths(spec, [first])[0].reason


def _grid(n: int, labels: tuple[str, ...] = ()) -> str:
    """A picture library: ``n`` cells in rows of two inside a GridView (unlabelled unless
    ``labels`` names them), with a labelled toolbar button above the grid."""
    cells = [
        node(
            "android.widget.FrameLayout",
            labels[i] if i < len(labels) else "",
            "",
            "",
            (540 * (i % 2), 300 + 300 * (i // 2), 540 * (i % 2) + 540, 600 + 300 * (i // 2)),
            node(
                "android.widget.ImageView",
                "",
                f"{APP}:id/grid_image",
                "",
                (540 * (i % 2), 300 + 300 * (i // 2), 540 * (i % 2) + 540, 600 + 300 * (i // 2)),
            ),
            clickable=True,
        )
        for i in range(n)
    ]
    rows = [
        node(
            "android.widget.LinearLayout",
            "",
            "",
            "",
            (0, 300 + 300 * r, 1080, 600 + 300 * r),
            *cells[2 * r : 2 * r + 2],
        )
        for r in range((n + 1) // 2)
    ]
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            button("Import", (0, 100, 300, 250), rid=f"{APP}:id/import"),
            node("android.widget.GridView", "", f"{APP}:id/gridview", "", (0, 300, 1080, 1920),
                 *rows, scrollable=True),
        ),
    )  # fmt: skip


def _cells(xml: str) -> list[Action]:
    return [
        a
        for a in enumerate_actions(parse_hierarchy(xml), include_global=False)
        if a.kind == CLICK and a.target is not None and a.target.class_name.endswith("FrameLayout")
    ]


def test_a_position_word_picks_an_unlabelled_item_of_a_grid() -> None:
    step = S2RStep("select the top-leftmost picture", CLICK, ["top-leftmost picture"])
    xml = _grid(4)
    index = screen_index(xml)
    cells = _cells(xml)
    assert len(cells) == 4
    scores = [position_match(step, a, index) for a in cells]
    assert scores[0] >= 0.5 and scores[1:] == [0.0, 0.0, 0.0]
    assert position_match(step, _click(xml, "Import"), index) == 0.0  # not in the grid
    last = S2RStep("open the last item", CLICK, ["last item"])
    assert [position_match(last, a, index) for a in cells][-1] >= 0.5
    # One picture is still the first; a step with no position word picks none.
    one = _grid(1)
    assert position_match(step, _cells(one)[0], screen_index(one)) >= 0.5
    plain = S2RStep("select a picture", CLICK, ["picture"])
    assert position_match(plain, _cells(one)[0], screen_index(one)) == 0.0
    # A labelled item is picked only when its label names the step's noun.
    named = _grid(2, ("Beach photo", "Groceries"))
    assert position_match(step, _cells(named)[0], screen_index(named)) >= 0.5
    other = _grid(2, ("Groceries", "Beach photo"))
    assert position_match(step, _cells(other)[0], screen_index(other)) == 0.0


def test_the_aligner_and_the_filter_credit_the_item_a_position_word_picks() -> None:
    spec = _spec_of(
        S2RStep("Click the gallery", CLICK, ["gallery"]),
        S2RStep("select the top-leftmost picture", CLICK, ["top-leftmost picture"]),
        S2RStep("Click Delete", CLICK, ["Delete"]),
    )
    xml = _grid(3)
    first, second = _cells(xml)[:2]
    path = SPath([_transition(first, xml, FEEDBACK_PAGE)])
    # (the first step names nothing this screen shows: skipped by the widget action)
    assert align(spec, path).reached == 1
    assert align(spec, SPath([_transition(second, xml, FEEDBACK_PAGE)])).reached == -1
    ranked = HeuristicReasoner().filter_actions(
        _spec_of(*spec.steps[1:]), _screen(xml), _cells(xml), SPath(), 3
    )
    assert ranked.actions[0] == first


def _settings(**switches: bool) -> str:
    """A settings list: a row per switch (title and Switch, the row takes the click), and the
    toolbar's Navigate up."""
    rows = [
        node(
            "android.widget.LinearLayout",
            "",
            "",
            "",
            (0, 300 + 200 * i, 1080, 500 + 200 * i),
            node(
                "android.widget.TextView",
                title,
                "android:id/title",
                "",
                (0, 300 + 200 * i, 800, 500 + 200 * i),
            ),
            node(
                "android.widget.Switch",
                "",
                "android:id/switch_widget",
                "",
                (800, 300 + 200 * i, 1080, 500 + 200 * i),
                checkable=True,
                checked=on,
            ),
            clickable=True,
        )
        for i, (title, on) in enumerate(switches.items())
    ]
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.ImageButton", "", "", "Navigate up", (0, 63, 150, 210),
                 clickable=True),
            node("android.widget.ListView", "", "android:id/list", "", (0, 300, 1080, 1920),
                 *rows, scrollable=True),
        ),
    )  # fmt: skip


def _home(bar: bool) -> str:
    """A launcher's home screen: an unlabelled area that takes taps and, when ``bar``, a bar of
    favorites (icons named by their app) above a search field."""
    favorites = (
        node("android.widget.LinearLayout", "", f"{APP}:id/externalFavoriteBar", "",
             (0, 1500, 1080, 1650),
             node("android.widget.ImageView", "", f"{APP}:id/favorite", "Phone",
                  (0, 1500, 200, 1650), clickable=True))
        if bar
        else ""
    )  # fmt: skip
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.LinearLayout", "", f"{APP}:id/widgetLayout", "",
                 (0, 63, 1080, 1450), clickable=True),
            *([favorites] if favorites else []),
            node("android.widget.EditText", "", f"{APP}:id/search", "", (0, 1700, 1080, 1850),
                 clickable=True),
        ),
    )  # fmt: skip


def test_a_switch_already_as_the_step_wants_is_not_clicked_and_holds_the_step() -> None:
    spec = _spec_of(
        S2RStep('Enable "Show favorites" under Favorites', CLICK, ["Show favorites"]),
        S2RStep("Enable Minimal UI", CLICK, ["Minimal UI"]),
        kind=NON_CRASH,
    )
    on = _settings(**{"Show favorites": True, "Minimal UI": False})
    off = _settings(**{"Show favorites": False, "Minimal UI": False})
    # Clicking "Show favorites" when it is on turns it off: that does not enable it ...
    turned_off = _transition(_click(on, "Show favorites"), on, off)
    assert align(spec, SPath([turned_off])).reached == -1
    # ... while finding it on already holds the step, and the next switch does the next one.
    opened = _transition(_click(START, "Setup"), START, on)
    minimal = _settings(**{"Show favorites": True, "Minimal UI": True})
    path = SPath([opened, _transition(_click(on, "Minimal UI"), on, minimal)])
    assert align(spec, path).reached == 1
    turned_on = _transition(_click(off, "Show favorites"), off, on)
    assert align(spec, SPath([turned_on])).reached == 0
    ranked = HeuristicReasoner().filter_actions(
        spec, _screen(on), enumerate_actions(parse_hierarchy(on), include_global=False),
        SPath(), 5,
    )  # fmt: skip
    reasons = dict(zip([a.extra["label"] for a in ranked.actions], ranked.reasons, strict=True))
    assert "already in the state" in reasons["Show favorites"]


def test_tapping_the_screen_goes_back_from_settings_and_does_not_undo_a_done_step() -> None:
    spec = _spec_of(
        S2RStep("Enable Minimal UI", CLICK, ["Minimal UI"]),
        S2RStep("tapping the screen", CLICK, ["screen"]),
        kind=NON_CRASH,
    )
    off = _settings(**{"Minimal UI": False, "Hide navbar": False})
    on = _settings(**{"Minimal UI": True, "Hide navbar": False})
    path = SPath([_transition(_click(off, "Minimal UI"), off, on)])
    assert align(spec, path).reached == 0
    cands = enumerate_actions(parse_hierarchy(on), include_global=True)
    ranked = HeuristicReasoner().filter_actions(spec, _screen(on), cands, path, 3)
    top = ranked.actions[0]
    assert top.kind == "press_back" or top.extra.get("label") == "Navigate up", ranked.reasons
    reasons = {
        a.extra.get("label", a.kind) if a.extra else a.kind: r
        for a, r in zip(ranked.actions, ranked.reasons, strict=True)
    }
    assert "Minimal UI" not in reasons or "undo" in reasons["Minimal UI"]


def test_something_that_does_not_appear_after_the_tap_is_evidence() -> None:
    spec = _spec_of(
        S2RStep("Enable Hide bar", CLICK, ["Hide bar"]),
        S2RStep("tapping the screen", CLICK, ["screen"]),
        kind=NON_CRASH,
        symptom="Favorites bar doesn't appear. Actual: the favorites bar will not appear when I "
        "tap on the screen.",
    )
    shown, hidden = _home(True), _home(False)
    hide_off = _settings(**{"Hide bar": False})
    hide_on = _settings(**{"Hide bar": True})
    start = _transition(_click(shown, "Phone"), shown, hide_off, activity=".Settings")
    hide = _transition(_click(hide_off, "Hide bar"), hide_off, hide_on)
    back = _transition(Action(kind="press_back"), hide_on, hidden)
    tap_xml = hidden
    tap = _transition(_click(tap_xml, "widget layout"), tap_xml, hidden)
    verdict = verify(spec, SPath([start, hide, back, tap]), [])
    assert verdict.reproduced and "favorites bar" in verdict.evidence.lower()
    # The bar shows after the tap: no evidence; nor when the path never saw the bar.
    shows = _transition(_click(tap_xml, "widget layout"), tap_xml, shown)
    assert not verify(spec, SPath([start, hide, back, shows]), []).reproduced
    assert not verify(spec, SPath([hide, back, tap]), []).reproduced
