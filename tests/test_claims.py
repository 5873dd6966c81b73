"""Claims you can trust (issue 12 §1): which crash earns "reproduced", which non-crash evidence
counts, and the guard that keeps the search inside the app under test (issue 15). Small
hand-written screens and reports, including the made-up examples of issue 12."""

from __future__ import annotations

from dataclasses import replace

from device_agent.actions import (
    CLICK,
    INPUT_TEXT,
    LONG_CLICK,
    PRESS_BACK,
    PRESS_ENTER,
    PRESS_HOME,
    Action,
)
from device_agent.hierarchy import parse_hierarchy
from orchestrator.claims import (
    crash_is_reported,
    judge_crash,
    reported_trace,
    with_reported_trace,
)
from orchestrator.config import SearchConfig
from orchestrator.diff import structural_diff
from orchestrator.enumerate import enumerate_actions
from orchestrator.html_report import render_report
from orchestrator.logcat import ParsedCrash, ThrowableRecord
from orchestrator.model import CRASH, NON_CRASH, BugReport, ReproSpec, S2RStep, Transition
from orchestrator.model import Path as SPath
from orchestrator.reasoner import verify as verifier
from orchestrator.reasoner.align import align, same_text, spell_for_keys
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.reasoner.s2r import analyze
from orchestrator.search import Reproducer, outside_app
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, KEYPAD, _click, _screen, _spec_of, _transition


def _app_screen(*children: str) -> str:
    """A dump of one full-screen window of the app holding ``children``."""
    return dump(
        status_bar(), node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920), *children)
    )


NFE = ParsedCrash(
    exception_class="java.lang.NumberFormatException",
    message='For input string: "test"',
    package=APP,
    pid=1,
    frames=[
        "java.lang.Integer.parseInt(Integer.java:615)",
        "com.example.app.Form.save(Form.java:9)",
    ],
)
NPE = ParsedCrash(
    exception_class="java.lang.RuntimeException",
    message="Unable to start activity ComponentInfo{com.example.app/.Main}",
    package=APP,
    pid=1,
    causes=[
        ThrowableRecord(
            "java.lang.NullPointerException",
            "Attempt to read from field 'boolean a.b.Options.cancel' on a null object reference",
            ["com.example.app.Dialog.onCreate(Dialog.java:42)"],
        )
    ],
)

FORM = _app_screen(
    button("Create list", (0, 100, 540, 200), rid=f"{APP}:id/create"),
    button("Add item", (540, 100, 1080, 200), rid=f"{APP}:id/add"),
    button("Save", (0, 200, 540, 300), rid=f"{APP}:id/save"),
    button("Settings", (540, 200, 1080, 300), rid=f"{APP}:id/settings"),
)
FOUR_STEPS = _spec_of(
    S2RStep("tap 'Create list'", CLICK, ["Create list"]),
    S2RStep("tap 'Add item'", CLICK, ["Add item"]),
    S2RStep("tap 'Settings'", CLICK, ["Settings"]),
    S2RStep("tap 'Save'", CLICK, ["Save"]),
)


def _path(*labels: str, crash=None, spec: ReproSpec = FOUR_STEPS) -> SPath:
    """Clicks on FORM's buttons, each transition carrying the S2R progress the search's aligner
    gives it (as the search records it); the last one crashes with ``crash``."""
    transitions = [_transition(_click(FORM, label), FORM, FORM) for label in labels]
    if crash is not None:
        last = transitions[-1]
        transitions[-1] = _transition(last.action, FORM, FORM, crash=crash)
    for k in range(len(transitions) - (crash is not None)):
        transitions[k].reached_step = align(spec, SPath(transitions[: k + 1])).reached
    return SPath(transitions)


# -- a crash must be the reported one, where the report puts it ------------------------------------
def test_a_crash_after_step_two_of_four_is_a_side_finding() -> None:
    # Issue 12's example: no exception named; NumberFormatException after step 2 of 4.
    claim = judge_crash(FOUR_STEPS, _path("Create list", "Add item", crash=NFE))
    assert not claim.qualifies and "earlier steps not done" in claim.reasons[0]
    # A crash on a button pressed before the data the report creates exists: same verdict.
    assert not judge_crash(FOUR_STEPS, _path("Save", crash=NFE)).qualifies


def test_a_crash_on_the_last_step_or_after_every_step_qualifies() -> None:
    on_last = judge_crash(
        FOUR_STEPS, _path("Create list", "Add item", "Settings", "Save", crash=NFE)
    )
    assert on_last.qualifies and on_last.step == 3 and on_last.after_step == 2
    back = Action(PRESS_BACK)
    done = _path("Create list", "Add item", "Settings", "Save")
    after = SPath(done.transitions + [_transition(back, FORM, FORM, crash=NFE)])
    claim = judge_crash(FOUR_STEPS, after)
    assert claim.qualifies and "after every step" in claim.reasons[-1]


def test_a_crash_in_place_of_the_last_step_needs_the_named_exception() -> None:
    # The crashing action is not the last step's: only a named, matching exception excuses that.
    path = _path("Create list", "Add item", "Settings", "Create list", crash=NFE)
    assert not judge_crash(FOUR_STEPS, path).qualifies
    named = ReproSpec(FOUR_STEPS.steps, "crash", CRASH, exception_class="NumberFormatException")
    assert judge_crash(named, path).qualifies
    # The reasoner's own judgement of the path before the crash counts as well.
    early = _path("Create list", "Create list", crash=NFE)
    assert not judge_crash(named, early).qualifies
    assert judge_crash(named, early, reasoner_reached=2).qualifies


def test_a_crash_right_after_every_step_but_the_last_is_the_last_steps() -> None:
    # The report's last step names no control of the app ("then I change the sort order"): a
    # crash on the very next action after step 2, or up to four actions later, is its trigger.
    worded = _spec_of(*FOUR_STEPS.steps[:2], S2RStep("change the sort order", CLICK, ["order"]))
    for tail in ((), ("Save",), ("Save",) * 4):
        path = _path("Create list", "Add item", *tail, "Settings", crash=NFE, spec=worded)
        claim = judge_crash(worded, path)
        assert claim.qualifies and claim.step == 2 and "right after step 2" in claim.reasons[-1]
        assert claim.loose  # tied to the report by its place alone (the second pass refuses it)
    # A crash on the last step itself is no loose claim.
    named = _path("Create list", "Add item", "Settings", crash=NFE, spec=FOUR_STEPS)
    assert not judge_crash(FOUR_STEPS, named).loose
    # ...unless that action does an earlier step again (another use of the app, decision 0049).
    again = _path("Create list", "Add item", "Create list", crash=NFE, spec=worded)
    assert not judge_crash(worded, again).qualifies
    # A long press is another use of a control than the click the last step asks for.
    pressed = _path("Create list", "Add item", "Settings", crash=NFE, spec=worded)
    last = pressed.transitions[-1]
    held = replace(last, action=replace(last.action, kind=LONG_CLICK))
    long_press = SPath([*pressed.transitions[:-1], held])
    assert not judge_crash(worded, long_press).qualifies
    # Five actions between step 2 and the crash: another use of the app, not the trigger.
    late = _path("Create list", "Add item", *("Save",) * 5, "Settings", crash=NFE, spec=worded)
    assert not judge_crash(worded, late).qualifies
    # A report whose only step is the trigger: a crash within the first five actions.
    only = _spec_of(worded.steps[-1])
    assert judge_crash(only, _path("Settings", crash=NFE, spec=only)).qualifies
    assert judge_crash(only, _path(*("Save",) * 4, "Settings", crash=NFE, spec=only)).qualifies
    assert not judge_crash(only, _path(*("Save",) * 5, "Settings", crash=NFE, spec=only)).qualifies


def test_right_after_the_last_step_done_when_the_steps_skipped_name_no_control() -> None:
    # An outcome read as a step ("The banner comes up") names nothing the app has a control
    # for: the crash right after step 2 is still the last step's.
    outcome = _spec_of(
        *FOUR_STEPS.steps[:2],
        S2RStep("The banner comes up", CLICK, ["banner"]),
        S2RStep("change the sort order", CLICK, ["order"]),
    )
    path = _path("Create list", "Add item", "Settings", crash=NFE, spec=outcome)
    claim = judge_crash(outcome, path)
    assert claim.qualifies and claim.step == 3 and "right after step 2" in claim.reasons[-1]
    # A skipped step that names a control of the app ("Save") was not done: refused.
    skipped = _spec_of(*outcome.steps[:2], FOUR_STEPS.steps[3], outcome.steps[3])
    path = _path("Create list", "Add item", "Settings", crash=NFE, spec=skipped)
    assert not judge_crash(skipped, path).qualifies


def test_the_exception_class_message_and_app_frames_must_match() -> None:
    spec = ReproSpec([], "crash", CRASH, exception_class="java.lang.NullPointerException")
    assert crash_is_reported(spec, NPE)[0]  # found in the Caused by chain
    assert not crash_is_reported(spec, NFE)[0]
    spec.exception_message = (
        "Attempt to read from field 'boolean a.b.Options.cancel' on a null object reference"
    )
    assert crash_is_reported(spec, NPE)[0]
    spec.exception_message = "Attempt to invoke virtual method 'int java.util.List.size()'"
    assert not crash_is_reported(spec, NPE)[0]
    spec.exception_message = ""
    spec.exception_frames = ["com.example.app.Dialog.onCreate(Dialog.java:40)"]
    assert crash_is_reported(spec, NPE)[0]  # same Class.method, another line
    spec.exception_frames = ["com.example.app.Other.run(Other.java:1)", "android.os.Looper.loop"]
    assert not crash_is_reported(spec, NPE)[0]
    spec.exception_frames = ["android.os.Looper.loop(Looper.java:1)"]  # no app frame to compare
    assert crash_is_reported(spec, NPE)[0]


def test_the_reported_trace_is_read_from_the_report() -> None:
    report = BugReport(
        "x#1",
        "Crash when opening the dialog",
        "Steps:\n1. Open the dialog\n\n```\nFATAL EXCEPTION: main\n"
        "java.lang.NullPointerException: Attempt to read from field 'boolean a.b.Options.cancel'"
        " on a null object reference\n"
        "    at com.example.app.Dialog.onCreate(Dialog.java:42)\n"
        "    at android.app.Activity.performCreate(Activity.java:7009)\n```\n",
    )
    message, frames = reported_trace(report, "java.lang.NullPointerException")
    assert "null object reference" in message and frames[0].startswith("com.example.app.Dialog")
    spec = with_reported_trace(
        ReproSpec([], "crash", CRASH, exception_class="NullPointerException"), report
    )
    assert spec.exception_frames and crash_is_reported(spec, NPE)[0]
    titled = BugReport("x#2", "java.lang.IllegalStateException: no window", "")
    assert reported_trace(titled, "IllegalStateException") == ("no window", [])


# -- non-crash evidence ----------------------------------------------------------------------------
def _with_result(expression: str, result: str) -> str:
    """The calculator screen with ``expression`` in its input and ``result`` below it."""
    return KEYPAD.replace(
        f'text="" resource-id="{APP}:id/input"', f'text="{expression}" resource-id="{APP}:id/input"'
    ).replace(
        f'text="" resource-id="{APP}:id/result"', f'text="{result}" resource-id="{APP}:id/result"'
    )


def _final(xml: str) -> SPath:
    key = _click(KEYPAD, "5")
    return SPath([_transition(key, KEYPAD, xml)])


PERCENT = (
    "Erroneous values when using percentage. Actual: Observe error. "
    "Expected: The operation (5+4)% should display 0.09."
)


def test_a_right_result_for_another_expression_is_no_evidence() -> None:
    # Issue 12's example: 0.54 shown where the report expects 0.09, but the screen's own input
    # is (54)%, whose result 0.54 is right.
    spec = _spec_of(S2RStep("enter (5+4)%", INPUT_TEXT, [], "(5+4)%"), kind=NON_CRASH)
    spec.symptom = PERCENT
    other = _with_result("(54)%", "0.54")
    assert not verifier.verify(spec, _final(other), []).reproduced
    # The report's expression on screen with a result no reading of it gives: evidence.
    wrong = _with_result("(5+4)%", "5.2")
    verdict = verifier.verify(spec, _final(wrong), [])
    assert verdict.reproduced and "0.09" in verdict.evidence
    # The report's expression with its right result: nothing to claim.
    assert not verifier.verify(spec, _final(_with_result("(5+4)%", "0.09")), []).reproduced


def test_evidence_quotes_the_reports_expected_value_not_its_device_line() -> None:
    # OpenCalc#448's Expected section ends with "Device: Pixel 3a emulator, Android 14, ...":
    # the evidence quoted '14' as the expected value (and report.html and repro.sh with it).
    from orchestrator.report import load_report
    from tests.conftest import EXAMPLES

    spec = analyze(load_report(EXAMPLES / "opencalc-448.md"))
    expected = spec.symptom.split("Expected:", 1)[1]
    assert "0.09" in expected and "Android" not in expected and "Device" not in expected
    verdict = verifier.verify(spec, _final(_with_result("(5+4)%", "5.2")), [])
    assert verdict.reproduced
    assert "where the report expects '0.09'" in verdict.evidence, verdict.evidence
    # A device line with no expected value in the section: nothing is expected of a number.
    plain = analyze(
        BugReport(
            bug_id="app#2",
            title="Wrong sum",
            body="## Steps\n1. Tap 5\n## Expected\nThe right sum.\n"
            "Device: Pixel 4, Android 10.\n- Android 9, Nexus 5\nApp version 2.1 on Android 7.",
        )
    )
    assert plain.symptom.endswith("Expected: The right sum."), plain.symptom


def test_a_wrong_result_needs_the_reports_expression_on_screen() -> None:
    spec = _spec_of(S2RStep("enter 1+2)×3", INPUT_TEXT, [], "1+2)×3"), kind=NON_CRASH)
    spec.symptom = "1+2)×3 gives wrong result."
    spec.input_values = ["1+2)×3"]
    assert verifier.verify(spec, _final(_with_result("1+2)×3", "5")), []).reproduced
    # A number that happens to be on screen for another input is not the wrong value.
    assert not verifier.verify(spec, _final(_with_result("8+1", "5")), []).reproduced


# -- report understanding --------------------------------------------------------------------------
def test_key_steps_that_skip_keys_of_a_stated_expression_enter_it() -> None:
    body = (
        '**To Reproduce**\n1. Click on "("\n2. Click on "5"\n3. Click on "4"\n'
        '4. Click on ")"\n5. Click on "%"\n6. Observe error.\n\n'
        "**Expected behavior**\nThe operation (5+4)% should display 0.09.\n"
    )
    spec = analyze(BugReport("c#1", "Wrong percentage", body))
    assert [(s.action_hint, s.value) for s in spec.steps] == [(INPUT_TEXT, "(5+4)%")]
    # Keys that spell no stated expression stay as they are.
    plain = body.replace("(5+4)%", "the percent of the sum")
    assert [s.targets for s in analyze(BugReport("c#2", "Wrong percentage", plain)).steps] == [
        ["("],
        ["5"],
        ["4"],
        [")"],
        ["%"],
    ]


def test_a_spelled_function_is_typed_with_the_keypads_symbol() -> None:
    assert spell_for_keys("sqrt(2^(1,024)", ["√", "1", "("]) == "√(2^(1,024)"
    assert spell_for_keys("sqrt(2)", ["sqrt", "√"]) == "sqrt(2)"  # the app has the word
    assert spell_for_keys("sqrt(2)", ["1", "2"]) == "sqrt(2)"
    assert same_text("√(2^(1,024)", "sqrt(2^(1,024)") and not same_text("√(2)", "sqrt(3)")


# -- the guard: never explore outside the app (issue 15, prompt injection) -----------------------
def test_the_app_is_recognised_by_its_foreground_package() -> None:
    launcher_app = "com.example.launcher"  # an app under test whose package says "launcher"
    assert not outside_app(_screen(FORM, package=launcher_app), launcher_app)
    assert outside_app(_screen(FORM, package="com.google.android.apps.nexuslauncher"), APP)
    assert outside_app(_screen(FORM, package="com.android.chrome"), APP)
    assert not outside_app(_screen(FORM, package="com.google.android.permissioncontroller"), APP)
    assert not outside_app(_screen(FORM, package="android"), APP)
    assert not outside_app(_screen(FORM, package=APP), "")  # no package to compare


def test_a_report_asking_for_home_does_not_take_the_search_outside(tmp_path) -> None:

    home = Action(PRESS_HOME)
    left = _transition(home, FORM, FORM, package="com.google.android.apps.nexuslauncher")
    spec = _spec_of(S2RStep("press home", PRESS_HOME, []), kind=NON_CRASH)
    reproducer = Reproducer.__new__(Reproducer)
    reproducer.package = APP
    reproducer.config = SearchConfig(max_actions=10)
    reproducer._bound = 10  # the longest path (Reproducer.__init__ sets it from the config)
    reproducer.spec = spec
    reproducer._root = _screen(FORM)
    reproducer._untried_only = set()  # no frontier path (Reproducer.__init__ sets it)
    # the path's last screen is the launcher's: no candidate is asked of any reasoner
    assert reproducer._path_candidates(SPath([left]), None, 6) == []


TIMER = _app_screen(
    node("android.widget.TextView", "25:00", f"{APP}:id/timer", "", (0, 100, 1080, 300)),
    button("Start", (0, 400, 540, 500), rid=f"{APP}:id/start"),
)


def test_a_value_back_to_its_starting_value_after_rotation() -> None:
    # Made up: "the timer resets when I rotate the screen".
    running = TIMER.replace('text="25:00"', 'text="24:31"')
    spec = _spec_of(
        S2RStep("tap 'Start'", CLICK, ["Start"]),
        S2RStep("rotate the screen", "rotate", []),
        kind=NON_CRASH,
        symptom="Timer resets on rotation. Actual: the timer goes back to 25:00.",
    )
    start = _transition(_click(TIMER, "Start"), TIMER, running)
    rotate = _transition(Action("rotate", orientation="landscape"), running, TIMER)
    verdict = verifier.verify(spec, SPath([start, rotate]), [])
    assert verdict.reproduced and "'timer' went back from '24:31'" in verdict.evidence
    assert {"widget": "timer", "before": "24:31", "after": "25:00"} in verdict.details["widgets"]
    # The timer still running after the rotation: no claim.
    kept = _transition(Action("rotate", orientation="landscape"), running, running)
    assert not verifier.verify(spec, SPath([start, kept]), []).reproduced


def test_a_widget_the_last_action_switched_back_is_not_a_reset() -> None:
    # Made up: "logging resets when I rotate the phone". Switching the switch off again is the
    # person's doing, not the app resetting it (a false claim on a held-out model, issue 13).
    off = _app_screen(
        node(
            "android.widget.Switch",
            "Log to file",
            f"{APP}:id/log_switch",
            "",
            (0, 100, 1080, 200),
            clickable=True,
            checkable=True,
        ),
    )
    on = off.replace('checked="false"', 'checked="true"')
    spec = _spec_of(
        S2RStep("turn on 'Log to file'", CLICK, ["Log to file"]),
        S2RStep("rotate the screen", "rotate", []),
        kind=NON_CRASH,
        symptom="Logging resets on rotation.",
    )
    switch_on = _transition(_click(off, "Log to file"), off, on)
    switch_off = _transition(_click(on, "Log to file"), on, off)
    assert not verifier.verify(spec, SPath([switch_on, switch_off]), []).reproduced
    # The rotation turning it off is the reset the report means.
    rotated = _transition(Action("rotate", orientation="landscape"), on, off)
    verdict = verifier.verify(spec, SPath([switch_on, rotated]), [])
    assert verdict.reproduced and "'log_switch' went back" in verdict.evidence


def test_a_typed_value_that_left_with_its_screen_is_not_gone() -> None:
    # Made up: "the title I typed is gone after turning the phone". Navigating to another screen
    # takes the field with it: that is not the symptom (a false claim on a held-out model).
    form = _app_screen(
        node(
            "android.widget.EditText",
            "Groceries",
            f"{APP}:id/title",
            "",
            (0, 100, 1080, 200),
            clickable=True,
        ),
        button("Status", (0, 300, 540, 400), rid=f"{APP}:id/status"),
    )
    other = _app_screen(node("android.widget.TextView", "Satellites", f"{APP}:id/sats"))
    spec = _spec_of(
        S2RStep("type 'Groceries' in the title", INPUT_TEXT, ["title"], "Groceries"),
        S2RStep("rotate the screen", "rotate", []),
        kind=NON_CRASH,
        symptom="Typed title gone after rotation.",
    )
    away = _transition(_click(form, "Status"), form, other)
    assert not verifier.verify(spec, SPath([away]), ["Groceries"]).reproduced
    # "The note is not created": the value should show up where the path went back to (the
    # list it opened the editor from), and does not, on a path that did every step...
    created = _spec_of(
        S2RStep("tap Status", CLICK, ["Status"]),
        kind=NON_CRASH,
        symptom="Back from the editor. The note is not created.",
        values=["Groceries"],
    )
    listed, editor = _screen(other), _screen(form, activity=".Edit")
    opened = Transition(_click(form, "Status"), listed, editor, structural_diff(listed, editor))
    back = Transition(_click(form, "Status"), editor, listed, structural_diff(editor, listed))
    assert verifier.verify(created, SPath([opened, back]), ["Groceries"]).reproduced
    # ... not on one that went somewhere it never was (Settings), nor left a step out
    elsewhere = _screen(other, activity=".Settings")
    away_for_good = Transition(back.action, editor, elsewhere, structural_diff(editor, elsewhere))
    assert not verifier.verify(created, SPath([opened, away_for_good]), ["Groceries"]).reproduced
    spec.symptom = created.symptom
    assert not verifier.verify(spec, SPath([opened, back]), ["Groceries"]).reproduced
    spec.symptom = "Typed title gone after rotation."
    emptied = form.replace('text="Groceries"', 'text=""')
    rotate = _transition(Action("rotate", orientation="landscape"), form, emptied)
    verdict = verifier.verify(spec, SPath([rotate]), ["Groceries"])
    assert verdict.reproduced and "'Groceries' was on screen" in verdict.evidence
    # A swipe moves content away: gone only when the symptom speaks of scrolling.
    swipe = _transition(Action("swipe", direction="up"), form, emptied)
    assert not verifier.verify(spec, SPath([swipe]), ["Groceries"]).reproduced
    spec.symptom = "Typed title gone after scrolling down."
    assert verifier.verify(spec, SPath([swipe]), ["Groceries"]).reproduced
    spec.symptom = "Typed title gone after rotation."
    # A report that never has the person type: what the search typed on its own is not evidence.
    no_typing = _spec_of(
        S2RStep("rotate the screen", "rotate", []),
        kind=NON_CRASH,
        symptom="Logging resets on rotation.",
    )
    typed_alone = form.replace('text="Groceries"', 'text="test"')
    emptied = typed_alone.replace('text="test"', 'text=""')
    rotate = _transition(Action("rotate", orientation="landscape"), typed_alone, emptied)
    assert not verifier.verify(no_typing, SPath([rotate]), ["test"]).reproduced


def test_a_final_screen_outside_the_app_is_refused() -> None:
    spec = _spec_of(S2RStep("enter (5+4)%", INPUT_TEXT, [], "(5+4)%"), kind=NON_CRASH)
    spec.symptom = PERCENT
    wrong = _with_result("(5+4)%", "5.2")
    key = _click(KEYPAD, "5")
    elsewhere = SPath([_transition(key, KEYPAD, wrong, package="com.android.chrome")])
    verdict = verifier.verify(spec, elsewhere, [])
    assert not verdict.reproduced and "not the app's" in verdict.evidence


def test_symbolic_values_and_observation_lines() -> None:
    body = (
        "Steps:\n1. Open settings\n2. Enter one more than the largest integer in the Age field\n"
        "3. Type a negative amount in Price\n"
        "4. I see the Dark theme applied but its box is unchecked"
    )
    spec = analyze(BugReport("x#1", "Theme setting wrong", body))
    assert [(s.action_hint, s.value) for s in spec.steps[1:]] == [
        (INPUT_TEXT, "2147483648"),
        (INPUT_TEXT, "-1"),
    ]
    assert "box is unchecked" in spec.symptom  # the observation is the symptom, not a step


# -- search vocabulary -----------------------------------------------------------------------------
LIST_TABS = _app_screen(
    button("List", (0, 100, 540, 200), rid=f"{APP}:id/tab_list"),
    button("Sync now", (540, 100, 1080, 200), rid=f"{APP}:id/backup"),
    node(
        "android.widget.EditText",
        "",
        f"{APP}:id/search",
        "",
        (0, 300, 1080, 400),
        clickable=True,
    ),
)


def test_go_back_to_a_screen_is_back_or_what_leads_there() -> None:
    body = "Steps:\n1. Open a note\n2. Go back to the list\n3. Tap the note again"
    step = analyze(BugReport("x#1", "Crash", body)).steps[1]
    assert (step.action_hint, step.targets) == (PRESS_BACK, ["list"])
    spec = _spec_of(step)
    shown = LIST_TABS.replace('text="Sync now"', 'text="Sync"')  # the list screen
    back = _transition(Action(PRESS_BACK), LIST_TABS, shown)
    tab = _transition(_click(LIST_TABS, "List"), LIST_TABS, shown)
    other = _transition(_click(LIST_TABS, "Sync now"), LIST_TABS, shown)

    assert align(spec, SPath([back])).reached == 0
    assert align(spec, SPath([tab])).reached == 0
    assert align(spec, SPath([other])).reached == -1
    # A plain "Go back" is the Back key only.
    plain = analyze(
        BugReport("x#2", "Crash", "Steps:\n1. Open a note\n2. Go back\n3. Tap it")
    ).steps[1]
    assert plain.targets == [] and align(_spec_of(plain), SPath([tab])).reached == -1


def test_the_keyboards_enter_and_back_are_probed_right_after_typing() -> None:
    spec = _spec_of(
        S2RStep("search for 'milk'", INPUT_TEXT, ["search"], "milk"),
        S2RStep("tap the first result", CLICK, ["first result"]),
    )
    field = next(a for a in enumerate_actions(parse_hierarchy(LIST_TABS)) if a.kind == INPUT_TEXT)
    typed = LIST_TABS.replace(
        f'text="" resource-id="{APP}:id/search"', f'text="milk" resource-id="{APP}:id/search"'
    )
    candidates = enumerate_actions(parse_hierarchy(typed))
    reasoner = HeuristicReasoner()
    for keyboard, probed in ((True, True), (False, False)):
        typing = _transition(
            Action(INPUT_TEXT, target=field.target, text="milk"),
            LIST_TABS,
            typed,
            keyboard=keyboard,
        )
        kept = reasoner.filter_actions(spec, typing.after, candidates, SPath([typing]), 2).actions
        assert any(a.kind == PRESS_ENTER for a in kept) is probed
        # Back closes the keyboard, so a button under it can be tapped next.
        assert any(a.kind == PRESS_BACK for a in kept) is probed


WIZARD = _app_screen(
    node(
        "android.widget.TextView",
        "Welcome to Notes",
        f"{APP}:id/title",
        "",
        (0, 100, 1080, 300),
    ),
    button("Privacy policy", (0, 1500, 540, 1600), rid=f"{APP}:id/policy"),
    button("Next", (540, 1700, 1080, 1800), rid=f"{APP}:id/next"),
)


def test_a_first_run_wizard_is_got_through() -> None:

    spec = _spec_of(S2RStep("tap 'Add note'", CLICK, ["Add note"]))
    candidates = enumerate_actions(parse_hierarchy(WIZARD))
    result = HeuristicReasoner().filter_actions(spec, _screen(WIZARD), candidates, SPath(), 1)
    assert result.actions[0].target.text == "Next"
    # Not on a dialog: there the dialog's own rules decide.


def test_a_rotation_counts_only_on_the_screen_the_report_rotates_on() -> None:
    running = TIMER.replace('text="25:00"', 'text="24:31"')
    spec = _spec_of(
        S2RStep("tap 'Start'", CLICK, ["Start"]),
        S2RStep("rotate the screen", "rotate", []),
    )

    start = _transition(_click(TIMER, "Start"), TIMER, running)
    rotate = Action("rotate", orientation="landscape")
    turned = running.replace('rotation="0"', 'rotation="1"').replace("24:31", "24:30")
    on_it = _transition(rotate, running, turned)
    assert align(spec, SPath([start, on_it])).reached == 1
    # Left the running timer for another screen first: that rotation is not the report's.
    away = _transition(Action(PRESS_BACK), running, FORM)
    elsewhere = _transition(rotate, FORM, FORM.replace('rotation="0"', 'rotation="1"'))
    assert align(spec, SPath([start, away, elsewhere])).reached == 0


def test_quoted_output_is_never_typed() -> None:
    body = (
        "Steps:\n1. Open settings\n"
        '2. Type "Bob" as the name, the error "Name too long" appears\n'
        '3. Tap Save and the app shows "Saved"'
    )
    spec = analyze(BugReport("x#1", "Wrong error", body))
    assert spec.steps[1].value == "Bob" and "Name too long" not in spec.steps[1].targets
    assert "Name too long" not in spec.input_values and "Saved" not in spec.input_values
    only_error = analyze(
        BugReport("x#2", "Wrong error", 'Steps:\n1. Type a name, the error "Too long" appears')
    )
    assert only_error.input_values == [] and only_error.steps[0].value != "Too long"


def test_labelled_variants_are_not_mixed() -> None:
    body = (
        "## Steps to reproduce\n### Variant A\n1. Open a note\n2. Tap Share\n3. Tap Copy\n"
        "### Variant B\n1. Open the list\n2. Long press a note\n3. Tap Export\n"
    )
    spec = analyze(BugReport("x#1", "Crash on share", body))
    assert [s.targets for s in spec.steps] == [["note"], ["Share"], ["Copy"]]


def test_report_html_shows_the_claim_and_the_side_findings() -> None:

    result = {
        "bug_id": "x#1",
        "title": "Crash on save",
        "verdict": "symptom",
        "reproduced": True,
        "trace": [],
        "app": {"name": "x", "version": "1", "package": APP},
        "devices": [],
        "llm": {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost_usd": 0.0},
        "wall_seconds": 1.0,
        "actions_executed": 3,
        "claim": {
            "kind": "symptom",
            "report_sentence": "The timer resets on rotation.",
            "widgets": [{"widget": "timer", "before": "24:31", "after": "25:00"}],
        },
        "search": {
            "levels": 1,
            "stop_reason": "symptom verified and replayed",
            "other_crashes": [
                {
                    "trace": [{}, {}],
                    "crash": {"exception_class": "java.lang.NumberFormatException"},
                    "note": "after step 1 of 4: the report's earlier steps not done",
                }
            ],
        },
    }
    html = render_report(result)
    assert "The timer resets on rotation." in html and "<code>24:31</code>" in html
    assert "Other crashes (not the reported bug)" in html
    assert "NumberFormatException</code> after 2 actions: after step 1 of 4" in html


def test_an_earlier_step_the_app_names_otherwise_is_excused_only_when_never_shown() -> None:
    # "1. Start learning process 2. rotate screen": the app starts it by opening a deck.
    spec = _spec_of(
        S2RStep("Start learning process", CLICK, ["learning process"]),
        S2RStep("rotate screen", "rotate", []),
    )
    rotate = Action("rotate", orientation="landscape")
    opened = _transition(_click(FORM, "Add item"), FORM, TIMER)
    crashed = _transition(rotate, TIMER, TIMER, crash=NFE)
    claim = judge_crash(spec, SPath([opened, crashed]))
    assert claim.qualifies and "name nothing the app showed" in claim.reasons[-1]
    # The same when the skipped step's control was on screen all along: refused.
    shown = _spec_of(
        S2RStep("tap 'Create list'", CLICK, ["Create list"]),
        S2RStep("rotate screen", "rotate", []),
    )
    assert not judge_crash(shown, SPath([opened, crashed])).qualifies
    # And the crashing action must do the last step itself.
    back = _transition(Action(PRESS_BACK), TIMER, TIMER, crash=NFE)
    assert not judge_crash(spec, SPath([opened, back])).qualifies
    # Its words only in a text no one can click (a title): still no control of that name.
    titled = TIMER.replace('text="25:00"', 'text="Learning process"')
    crashed_titled = _transition(rotate, titled, titled, crash=NFE)
    opened_titled = _transition(_click(FORM, "Add item"), FORM, titled)
    assert judge_crash(spec, SPath([opened_titled, crashed_titled])).qualifies


def test_a_path_that_starts_on_a_permission_request_ends_in_the_app() -> None:
    # The first screen is the permission dialog's package; the app's is the one after it.
    spec = _spec_of(S2RStep("enter (5+4)%", INPUT_TEXT, [], "(5+4)%"), kind=NON_CRASH)
    spec.symptom = PERCENT
    permission = "com.google.android.permissioncontroller"
    allow = _transition(_click(FORM, "Save"), FORM, KEYPAD)
    allow.before.package = permission
    key = _transition(_click(KEYPAD, "5"), KEYPAD, _with_result("(5+4)%", "5.2"))
    assert verifier.verify(spec, SPath([allow, key]), []).reproduced
    key.after.package = "com.android.chrome"
    assert not verifier.verify(spec, SPath([allow, key]), []).reproduced


def test_a_wrong_number_the_report_did_not_see_is_no_evidence() -> None:
    # The example Tally's fixed build: after more taps than the report's one, the total shows
    # 10, neither the 5 the report expects nor the 50 it saw; only the 50 is the symptom (the
    # input 2+2 makes either a wrong result, so the expression rule does not decide here).
    spec = _spec_of(S2RStep("tap 5", "click", ["5"]), kind=NON_CRASH)
    spec.symptom = "Total is wrong. Actual: the result shows 50. Expected: the result shows 5."
    assert not verifier.verify(spec, _final(_with_result("2+2", "10")), []).reproduced
    seen = verifier.verify(spec, _final(_with_result("2+2", "50")), [])
    assert seen.reproduced and "where the report expects '5'" in seen.evidence
    # A number that names the device in the actual part asks nothing of the screen.
    spec.symptom = (
        "Total is wrong. Actual: wrong total on Android 14. Expected: the result shows 5."
    )
    assert verifier.verify(spec, _final(_with_result("2+2", "10")), []).reproduced


def test_a_helper_s_exception_from_another_caller_is_another_bug() -> None:
    # Made up after a real shape: the report's trace throws in a helper called from the menu's
    # Stop; the same helper throws the same exception when the activity is destroyed.
    reported = [
        "android.app.ContextImpl.unbindService(ContextImpl.java:1761)",
        "com.example.app.Main.unbind(Main.java:408)",
        "com.example.app.Main.stop(Main.java:296)",
        "com.example.app.Main.onOptionsItemSelected(Main.java:259)",
    ]
    spec = ReproSpec(
        [],
        "crash",
        CRASH,
        exception_class="java.lang.IllegalArgumentException",
        exception_frames=reported,
    )

    def thrown(*app_frames: str) -> ParsedCrash:
        frames = ["android.app.ContextImpl.unbindService(ContextImpl.java:1761)", *app_frames]
        return ParsedCrash(
            exception_class="java.lang.IllegalArgumentException",
            message="Service not registered",
            package=APP,
            pid=1,
            frames=frames,
        )

    from_stop = thrown(
        "com.example.app.Main.unbind(Main.java:408)", "com.example.app.Main.stop(Main.java:290)"
    )
    from_destroy = thrown(
        "com.example.app.Main.unbind(Main.java:408)",
        "com.example.app.Main.onDestroy(Main.java:120)",
    )
    assert crash_is_reported(spec, from_stop)[0]
    ok, why = crash_is_reported(spec, from_destroy)
    assert not ok and "caller" in why[0]
