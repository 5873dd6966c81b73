"""Reports that leave a choice to the reader or tell their steps loosely (decision 0045): a step
that picks "some"/"any"/"a different" item is done by any item of a list that shows the step's
noun, and a crash that carries the report's whole quoted trace is the reported one however
loosely the steps before it were told. Small hand-written screens and reports."""

from __future__ import annotations

from device_agent.actions import CLICK, Action
from orchestrator.claims import carries_whole_trace, judge_crash
from orchestrator.logcat import ParsedCrash
from orchestrator.model import CRASH, ReproSpec, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align, any_item_match, screen_index
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition


def _list_dialog(title: str, *items: str) -> str:
    """A dialog titled ``title`` over a ListView of checkable rows ``items``."""
    rows = [
        node(
            "android.widget.CheckedTextView",
            item,
            "android:id/text1",
            "",
            (60, 400 + 150 * i, 1020, 550 + 150 * i),
            clickable=True,
        )
        for i, item in enumerate(items)
    ]
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.TextView", title, "android:id/alertTitle", "",
                 (60, 300, 1020, 390)),
            node("android.widget.ListView", "", "android:id/select_dialog_listview", "",
                 (60, 400, 1020, 1300), *rows, scrollable=True),
        ),
    )  # fmt: skip


SETTINGS = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        button("Language", (0, 200, 1080, 350), rid=f"{APP}:id/language"),
        button("Theme", (0, 350, 1080, 500), rid=f"{APP}:id/theme"),
    ),
)  # fmt: skip

LANGUAGES = _list_dialog("Language", "English", "Deutsch", "Bahasa Indonesia")
THEMES = _list_dialog("Theme", "Light", "Dark")


def test_a_step_that_leaves_the_choice_is_done_by_any_item_of_a_list_showing_its_noun() -> None:
    step = S2RStep("Change the different language", CLICK, ["different language"])
    index = screen_index(LANGUAGES)
    for item in ("English", "Bahasa Indonesia"):
        assert any_item_match(step, _click(LANGUAGES, item), index) >= 0.5
    # Another list (nothing on it is a language), a control outside any list, a step that names
    # its item, and a typing step are not done this way.
    assert any_item_match(step, _click(THEMES, "Dark"), screen_index(THEMES)) == 0.0
    assert any_item_match(step, _click(SETTINGS, "Language"), screen_index(SETTINGS)) == 0.0
    named = S2RStep("Choose Deutsch", CLICK, ["Deutsch"])
    assert any_item_match(named, _click(LANGUAGES, "English"), index) == 0.0
    some = S2RStep("select some cards", CLICK, ["cards"])
    assert any_item_match(some, _click(LANGUAGES, "English"), index) == 0.0  # no card here


def test_the_aligner_credits_the_chosen_item_to_the_loose_step() -> None:
    spec = _spec_of(
        S2RStep("Click on Language", CLICK, ["Language"]),
        S2RStep("Change the different language", CLICK, ["different language"]),
    )
    path = SPath(
        [
            _transition(_click(SETTINGS, "Language"), SETTINGS, LANGUAGES),
            _transition(_click(LANGUAGES, "Deutsch"), LANGUAGES, SETTINGS),
        ]
    )
    assert align(spec, path).reached == 1
    back = SPath(path.transitions[:1] + [_transition(Action("press_back"), LANGUAGES, SETTINGS)])
    assert align(spec, back).reached == 0


REPORTED_TRACE = [
    "com.example.app.Browser$Task.onPostExecute(Browser.java:1364)",
    "com.example.app.async.Loader.onPostExecute(Loader.java:376)",
    "android.os.AsyncTask.finish(AsyncTask.java:695)",
]
MESSAGE = "Attempt to invoke virtual method 'boolean a.b.SearchView.isIconified()' on a null object"


def _npe(*frames: str, message: str = MESSAGE) -> ParsedCrash:
    return ParsedCrash(
        exception_class="java.lang.NullPointerException",
        message=message,
        package=APP,
        pid=1,
        frames=list(frames),
    )


def _loose_spec(**trace: object) -> ReproSpec:
    steps = [
        S2RStep("but click floating menu get shared decks", CLICK, ["get shared decks"]),
        S2RStep("doesn't take long)", CLICK, ["long"]),
        S2RStep("Click Settings", CLICK, ["Settings"]),
        S2RStep("go to Deck list", CLICK, ["Deck list"]),
    ]
    return ReproSpec(
        steps, "Crash", CRASH, exception_class="java.lang.NullPointerException", **trace
    )  # type: ignore[arg-type]


def test_a_crash_with_the_report_s_whole_trace_qualifies_after_loose_steps() -> None:
    spec = _loose_spec(exception_message=MESSAGE, exception_frames=REPORTED_TRACE)
    crash = _npe(*REPORTED_TRACE)
    assert carries_whole_trace(spec, crash)
    path = SPath([_transition(_click(SETTINGS, "Theme"), SETTINGS, SETTINGS, crash=crash)])
    claim = judge_crash(spec, path)
    assert claim.qualifies and "own trace" in claim.reasons[-1]


def test_part_of_the_trace_is_not_enough_to_excuse_the_steps() -> None:
    path_of = lambda crash: SPath(  # noqa: E731
        [_transition(_click(SETTINGS, "Theme"), SETTINGS, SETTINGS, crash=crash)]
    )
    # The same exception and innermost frame reached from another caller: another bug.
    other_caller = _npe(REPORTED_TRACE[0], "com.example.app.Browser.onResume(Browser.java:80)")
    spec = _loose_spec(exception_message=MESSAGE, exception_frames=REPORTED_TRACE)
    assert not carries_whole_trace(spec, other_caller)
    assert not judge_crash(spec, path_of(other_caller)).qualifies
    # A report that quotes no message, or only one app frame, keeps the steps' check.
    no_message = _loose_spec(exception_frames=REPORTED_TRACE)
    assert not carries_whole_trace(no_message, _npe(*REPORTED_TRACE))
    assert not judge_crash(no_message, path_of(_npe(*REPORTED_TRACE))).qualifies
    one_frame = _loose_spec(exception_message=MESSAGE, exception_frames=REPORTED_TRACE[:1])
    assert not carries_whole_trace(one_frame, _npe(*REPORTED_TRACE))
    # Another message: not the reported crash at all.
    assert not carries_whole_trace(spec, _npe(*REPORTED_TRACE, message="Service not registered"))


EDITOR = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        node("android.widget.EditText", "", f"{APP}:id/field", "", (0, 300, 1080, 450),
             clickable=True),
        button("Save", (800, 1700, 1080, 1850), rid=f"{APP}:id/save"),
    ),
)  # fmt: skip
AIOOBE = ParsedCrash(
    exception_class="java.lang.ArrayIndexOutOfBoundsException",
    message="length=1; index=1",
    package=APP,
    pid=1,
    frames=["com.example.app.Editor.check(Editor.java:12)"],
)


def _typing(value: str) -> Action:
    field = next(a for a in _editor_actions() if a.kind == CLICK)
    return Action("input_text", field.target, text=value)


def _editor_actions() -> list[Action]:
    from device_agent.hierarchy import parse_hierarchy
    from orchestrator.enumerate import enumerate_actions

    return [
        a
        for a in enumerate_actions(parse_hierarchy(EDITOR), include_global=False)
        if a.target is not None and a.target.class_name.endswith("EditText")
    ]


def test_a_crash_as_the_report_s_quoted_input_is_typed_is_the_reported_one() -> None:
    spec = _spec_of(
        S2RStep("Enter the text `&bsol;` in any field", "input_text", ["field"], "&bsol;"),
        S2RStep("Save the note", CLICK, ["Save"]),
        S2RStep("Open the list", CLICK, ["list"]),
    )
    spec.kind = CRASH
    typed = SPath([_transition(_typing("&bsol;"), EDITOR, EDITOR, crash=AIOOBE)])
    claim = judge_crash(spec, typed)
    assert claim.qualifies and claim.step == 0 and "quoted input" in claim.reasons[-1]
    # Other text typed, or a value the report does not quote, is no such evidence.
    other = SPath([_transition(_typing("hello"), EDITOR, EDITOR, crash=AIOOBE)])
    assert not judge_crash(spec, other).qualifies
    unquoted = _spec_of(
        S2RStep("Enter some text in any field", "input_text", ["field"], "hello"),
        *spec.steps[1:],
    )
    unquoted.kind = CRASH
    assert not judge_crash(unquoted, other).qualifies


def test_an_example_of_a_choice_left_to_the_reader_is_a_target_not_a_value() -> None:
    from orchestrator.model import BugReport
    from orchestrator.reasoner.s2r import analyze

    def steps(line: str) -> list[S2RStep]:
        body = f"Steps to reproduce:\n1. Open the app\n2. {line}\n3. Press Start\n"
        return analyze(BugReport("x#1", "Crash on start", body)).steps

    loose = next(s for s in steps("tap More on any list (e.g. groceries.db)") if "More" in s.text)
    assert loose.value == "" and "groceries.db" in loose.targets
    # A step that names its choice keeps the example as what it enters; so does a typing step.
    named = next(s for s in steps("change its type to e.g. todo.txt") if "type" in s.text)
    assert named.value == "todo.txt"
    typed = next(s for s in steps("type any name (e.g. Bob)") if "name" in s.text)
    assert typed.value == "Bob"


def test_a_scrolling_screen_is_not_a_list_to_choose_from() -> None:
    # A settings screen that scrolls and shows the noun: any of its controls is no choice of it.
    form = dump(
        status_bar(),
        node(
            "android.widget.ScrollView", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.TextView", "Template", "", "", (0, 100, 1080, 200)),
            button("Test webhook", (0, 200, 1080, 350), rid=f"{APP}:id/test"),
            scrollable=True,
        ),
    )  # fmt: skip
    step = S2RStep("choose any Template", CLICK, ["Template"])
    assert any_item_match(step, _click(form, "Test webhook"), screen_index(form)) == 0.0


def test_one_of_the_entries_is_any_row_of_a_list_and_one_noun_in_the_list_too() -> None:
    index = screen_index(THEMES)
    entries = S2RStep("Tap one of the entries listed under the box", CLICK, ["entries listed"])
    assert any_item_match(entries, _click(THEMES, "Light"), index) >= 0.5  # "entries": any row
    theme = S2RStep("Tap one theme in the list", CLICK, ["theme"])
    assert any_item_match(theme, _click(THEMES, "Dark"), index) >= 0.5
    card = S2RStep("Tap one card in the list", CLICK, ["card"])
    assert any_item_match(card, _click(THEMES, "Dark"), index) == 0.0  # no card here
    create = S2RStep("Create one theme", CLICK, ["theme"])
    assert any_item_match(create, _click(THEMES, "Dark"), index) == 0.0  # not a choice


def test_a_step_that_picks_one_noun_with_an_indefinite_article_is_done_by_any_item() -> None:
    """Decision 0058: "Open a language" (a picking verb, "a"/"an"/"one", the noun) leaves the
    choice to the reader like "any language"; an operation ("Delete a language") or a new one
    ("Open a new language") does not, and the noun may be the item's own word ("a chart" →
    "q3.chart")."""
    index = screen_index(LANGUAGES)
    for text in ("Open a language", "Long-press one language", "Tap a language in the list"):
        step = S2RStep(text, CLICK, ["language"])
        assert any_item_match(step, _click(LANGUAGES, "Deutsch"), index) >= 0.5, text
    for text in ("Delete a language", "Open a new language", "Open the language"):
        step = S2RStep(text, CLICK, ["language"])
        assert any_item_match(step, _click(LANGUAGES, "Deutsch"), index) == 0.0, text
    charts = _list_dialog("Files", "q3.chart", "notes.txt")
    step = S2RStep("Open a chart", CLICK, ["chart"])
    assert any_item_match(step, _click(charts, "q3.chart"), screen_index(charts)) >= 0.5
    assert any_item_match(step, _click(charts, "notes.txt"), screen_index(charts)) == 0.0
