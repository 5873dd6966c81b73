"""Recall rules of the offline reasoner added in issue 12's third round, on small hand-written
reports, labels and screens: an emoji a report names matched by what its Unicode name means, an
observation line that ends with the action it follows ("..., even after tapping the screen"),
and "the habit" after "Add any habit" found under the name the path typed for it."""

from __future__ import annotations

from device_agent.actions import CLICK, INPUT_TEXT, PRESS_BACK, ROTATE, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, BugReport, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import (
    action_match,
    background_tappable,
    screen_index,
    screen_tap_match,
)
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.reasoner.verify import verify
from orchestrator.text import emoji_words, similarity
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _screen, _spec_of, _transition


def test_an_emoji_matches_the_icon_its_unicode_name_means() -> None:
    # INFORMATION SOURCE, GEAR, WASTEBASKET, LEFT-POINTING MAGNIFYING GLASS, PENCIL: with or
    # without the emoji presentation selector.
    assert similarity("Learn more", "ℹ️") >= 0.7
    assert similarity("About", "ℹ") >= 0.7
    assert similarity("Settings", "⚙️") >= 0.7
    assert similarity("Delete", "🗑") >= 0.7
    assert similarity("Search", "🔍") >= 0.7
    assert similarity("Edit", "✏️") >= 0.7
    # ... and not an icon that means something else.
    assert similarity("Delete", "ℹ️") == 0.0
    assert similarity("Settings", "🗑") == 0.0
    # Words describing the glyph's look are no meaning: a "Medium" widget is no star.
    assert similarity("Medium", "⭐") == 0.0
    # Letters of a script, digits and punctuation are not pictographs.
    assert emoji_words("é") == frozenset()
    assert emoji_words("中") == frozenset()
    assert emoji_words("42") == frozenset()
    assert emoji_words("Save") == frozenset()


def test_an_observation_that_ends_with_its_action_gives_that_step() -> None:
    report = BugReport(
        bug_id="Launcher#1",
        title="Favorites bar never appears",
        body='## Steps\n1. Enable "Hide bar" under Settings.\n'
        "2. Check home screen to see there is no favorites bar, even after tapping the screen.\n",
    )
    steps = HeuristicReasoner().analyze_report(report).steps
    assert [s.action_hint for s in steps] == [CLICK, CLICK]
    assert steps[-1].targets == ["screen"]
    rotated = BugReport(
        bug_id="Timer#1",
        title="Timer resets",
        body="## Steps\n1. Start the timer\n2. The app shows 00:00 again when rotating the phone\n",
    )
    steps = HeuristicReasoner().analyze_report(rotated).steps
    assert [s.action_hint for s in steps] == [CLICK, ROTATE]


def test_an_observation_without_a_trailing_gesture_stays_prose() -> None:
    for line in (
        "2. The app crashes when typing a long name",  # typing: not a gesture to split off
        "2. I see an error after a while",  # no gerund
        "2. Nothing happens",
    ):
        report = BugReport(bug_id="App#1", title="bug", body=f'## Steps\n1. Tap "Add"\n{line}\n')
        steps = HeuristicReasoner().analyze_report(report).steps
        assert [s.targets for s in steps] == [["Add"]], line


def _list_screen(*rows: str) -> str:
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            button("Sort", (0, 100, 300, 200), rid=f"{APP}:id/sort"),
            button("Archive", (300, 100, 600, 200), rid=f"{APP}:id/archive"),
            *[
                node("android.widget.TextView", row, f"{APP}:id/row", "",
                     (0, 300 + 150 * i, 1080, 450 + 150 * i), clickable=True)
                for i, row in enumerate(rows)
            ],
            button("New habit", (700, 1700, 1080, 1850), rid=f"{APP}:id/fab"),
        ),
    )  # fmt: skip


FORM = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        node("android.widget.EditText", "", f"{APP}:id/name", "Habit name",
             (0, 200, 1080, 350), clickable=True),
        button("Save", (800, 1700, 1080, 1850), rid=f"{APP}:id/save"),
    ),
)  # fmt: skip


def test_the_thing_a_step_names_by_its_kind_is_the_one_the_path_created() -> None:
    reasoner = HeuristicReasoner()
    spec = _spec_of(
        S2RStep("Add any habit", CLICK, ["habit"]),
        S2RStep("Delete the habit", CLICK, ["habit"]),
        kind=NON_CRASH,
    )
    empty, filled = _list_screen(), _list_screen("Walk the dog", "Read a book")
    field = next(a for a in enumerate_actions(parse_hierarchy(FORM)) if a.kind == INPUT_TEXT)
    typed_form = FORM.replace('text="" resource-id', 'text="Read a book" resource-id', 1)
    path = SPath(
        [
            _transition(_click(empty, "New habit"), empty, FORM),
            _transition(Action(kind=INPUT_TEXT, target=field.target, text="Read a book"),
                        FORM, typed_form),
            _transition(_click(typed_form, "Save"), typed_form, filled),
        ]
    )  # fmt: skip
    cands = enumerate_actions(parse_hierarchy(filled), include_global=False)
    ranked = reasoner.filter_actions(spec, _screen(filled), cands, path, 2)
    assert ranked.actions[0].target.text == "Read a book"
    assert "created" in ranked.reasons[0]
    # Another row is no such thing, and without the earlier step naming the kind, the typed
    # name is nothing special.
    assert all(a.target.text != "Walk the dog" for a in ranked.actions)
    # The path that opened it is kept over one that opened something else.
    detail = dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
             button("Show menu", (900, 100, 1080, 200), rid=f"{APP}:id/menu")),
    )  # fmt: skip
    sorted_ = detail.replace("Show menu", "By name")
    opened = SPath([*path.transitions, _transition(_click(filled, "Read a book"), filled, detail)])
    sort = SPath([*path.transitions, _transition(_click(filled, "Sort"), filled, sorted_)])
    on_it, elsewhere = reasoner.evaluate_paths(spec, [opened, sort])
    assert on_it.score > elsewhere.score
    alone = _spec_of(S2RStep("Open the menu", CLICK, ["menu"]),
                     S2RStep("Delete the habit", CLICK, ["habit"]), kind=NON_CRASH)  # fmt: skip
    other = reasoner.filter_actions(alone, _screen(filled), cands, path, 6)
    assert not any("created" in r for r in other.reasons)


TABS = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        node("android.widget.TextView", "LIBRARY", "", "", (0, 100, 360, 200), clickable=True),
        node("android.widget.TextView", "ONLINE", "", "", (360, 100, 720, 200), clickable=True),
        node("android.widget.TextView", "DOWNLOADING", "", "", (720, 100, 1080, 200),
             clickable=True),
    ),
)  # fmt: skip


def test_a_control_a_later_step_names_is_not_done_by_an_earlier_steps_words() -> None:
    report = BugReport(
        bug_id="Reader#1",
        title="crash on pause",
        body="## Steps\n1. Start Downloading a .zim file\n2. Go to Downloading tab\n"
        "3. Click the pause button\n",
    )
    spec = HeuristicReasoner().analyze_report(report)
    # "Start downloading X": the gerund is the action, X (a file extension kept) the target.
    assert spec.steps[0].targets == [".zim file"]
    tab = _click(TABS, "DOWNLOADING")
    assert action_match(spec.steps[0], tab, "DOWNLOADING") >= 0.5  # by its words alone...
    assert action_match(spec.steps[0], tab, "DOWNLOADING", spec.steps[1:]) == 0.0  # ...not
    assert action_match(spec.steps[1], tab, "DOWNLOADING", spec.steps[2:]) >= 0.8
    # The words of a step still name a control no later step claims ("Delete the habit").
    delete = S2RStep("Delete the habit", CLICK, ["habit"])
    assert action_match(delete, tab, "Delete") >= 0.5
    assert action_match(delete, tab, "Delete", [S2RStep("Tap Delete", CLICK, ["Delete"])]) < 0.5


HOME = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        node("android.widget.LinearLayout", "", f"{APP}:id/widgetLayout", "",
             (0, 63, 1080, 1500), clickable=True),
        node("android.widget.EditText", "", f"{APP}:id/search", "Search apps",
             (0, 1500, 900, 1700), clickable=True),
        button("Menu", (900, 1500, 1080, 1700), rid=f"{APP}:id/menu"),
        node("android.widget.ImageView", "", f"{APP}:id/badge", "", (0, 1700, 100, 1800),
             clickable=True),
    ),
)  # fmt: skip


def test_tapping_the_screen_is_a_tap_on_its_unlabelled_background() -> None:
    index = screen_index(HOME)
    cands = enumerate_actions(parse_hierarchy(HOME), include_global=False)
    background = next(a for a in cands if a.target and a.target.resource_id.endswith("Layout"))
    badge = next(a for a in cands if a.target and a.target.resource_id.endswith("badge"))
    menu = next(a for a in cands if a.target and a.target.text == "Menu")
    for words_ in ("screen", "the home screen", "anywhere", "an empty area"):
        step = S2RStep(f"tap {words_}", CLICK, [words_])
        assert screen_tap_match(step, background, index) == 1.0, words_
        # A small unlabelled icon and a labelled control are no screen.
        assert screen_tap_match(step, badge, index) == 0.0
        assert screen_tap_match(step, menu, index) == 0.0
        # ... nor a setting whose label has the word: "Double tap to lock the screen".
        assert action_match(step, menu, "Double tap to lock the screen") == 0.0
    assert background_tappable(index) and not background_tappable(screen_index(TABS))
    # A step naming a control is not a tap on the screen.
    assert screen_tap_match(S2RStep("tap the list", CLICK, ["list"]), background, index) == 0.0
    assert screen_tap_match(S2RStep("type x", INPUT_TEXT, ["screen"]), background, index) == 0.0


def _wizard(checked: int | None) -> str:
    options = ("Create default accounts", "Import my accounts", "Let me handle it")
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.TextView", "Account Setup", "", "", (0, 100, 1080, 200)),
            *[
                node("android.widget.CheckedTextView", text, "android:id/text1", "",
                     (0, 300 + 150 * i, 1080, 450 + 150 * i), clickable=True, checkable=True,
                     checked=i == checked)
                for i, text in enumerate(options)
            ],
            button("Next", (800, 1700, 1080, 1850), rid=f"{APP}:id/btn_save"),
        ),
    )  # fmt: skip


def test_a_single_choice_list_keeps_its_choice_unless_the_step_names_another() -> None:
    reasoner = HeuristicReasoner()
    spec = _spec_of(S2RStep("Open any accounts view", CLICK, ["accounts view"]), kind=NON_CRASH)

    def reason_of(xml: str, step_spec, text: str) -> str:
        cands = enumerate_actions(parse_hierarchy(xml), include_global=False)
        ranked = reasoner.filter_actions(step_spec, _screen(xml), cands, SPath(), 10)
        return next(
            r for a, r in zip(ranked.actions, ranked.reasons, strict=True) if a.target.text == text
        )

    def score(reason: str) -> float:
        return float(reason.split(":")[0])

    held = reason_of(_wizard(0), spec, "Import my accounts")
    assert "keeps the choice already made" in held
    assert score(held) < score(reason_of(_wizard(0), spec, "Next"))
    # Without a choice made there is nothing to keep; a step that names the option takes it.
    assert "keeps" not in reason_of(_wizard(None), spec, "Import my accounts")
    named = _spec_of(S2RStep("Choose Import my accounts", CLICK, ["Import my accounts"]))
    assert "keeps" not in reason_of(_wizard(0), named, "Import my accounts")


def test_dropped_to_a_page_is_the_apps_own_page_not_leaving_the_app() -> None:
    # Found by the emoji rule on a catalog bug: Back out of the app was taken for "Dropped to
    # the main page" (a false claim: the report means the app's main page).
    left = _transition(
        Action(kind=PRESS_BACK), FORM, FORM, package="com.google.android.apps.nexuslauncher"
    )
    assert left.diff.get("app_left")

    # The form was opened from the app's first screen: Back there would leave any build.
    start = dump(status_bar(), button("New entry", (0, 200, 1080, 300), rid=f"{APP}:id/new"))
    opened = _transition(_click(start, "New entry"), start, FORM)

    def claimed(actual: str) -> bool:
        spec = _spec_of(S2RStep("press back", PRESS_BACK, []), kind=NON_CRASH,
                        symptom=f"No way back. Actual: {actual}.")  # fmt: skip
        return verify(spec, SPath([opened, left]), []).reproduced

    assert not claimed("Dropped to the main page, the form data is lost")
    assert not claimed("It returns to the home page of the app")
    assert claimed("Dropped to the home screen")
    assert claimed("The app closes")
    assert claimed("I am sent back to the launcher")
