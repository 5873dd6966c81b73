"""The offline reasoner: report analysis on the 75 LTGDroid reports, filtering, input values,
summaries, path evaluation, verification, and whole searches on the virtual catalog apps (an
in-process LTGDroid loop on one virtual device with snapshots, judged by the apps' ground truth)."""

from __future__ import annotations

import csv
import json
from dataclasses import replace
from pathlib import Path

import pytest

from device_agent.actions import CLICK, INPUT_TEXT, LONG_CLICK, PRESS_BACK, ROTATE, Action
from device_agent.hierarchy import find_node, parse_hierarchy, structural_hash
from orchestrator.diff import structural_diff
from orchestrator.enumerate import enumerate_actions
from orchestrator.logcat import app_crash
from orchestrator.model import CRASH, NON_CRASH, BugReport, ReproSpec, S2RStep, Screen, Transition
from orchestrator.model import Path as SPath
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.report import load_report
from tests.conftest import EXAMPLES, SHARED
from tests.test_enumerate import button, dump, node, status_bar

LTG = SHARED / "datasets" / "ltgdroid_reports"
needs_ltg = pytest.mark.skipif(not LTG.is_dir(), reason=f"{LTG} is absent (ships with CI only)")
APP = "com.example.app"
# Measured on the 75 reports (73/75 agree with the paper's Table III); the test keeps a margin.
MIN_KIND_AGREEMENT = 0.9


def _spec(name: str) -> ReproSpec:
    return HeuristicReasoner().analyze_report(load_report(LTG / f"{name}.json"))


# -- report analysis -------------------------------------------------------------------------------
@needs_ltg
def test_every_report_yields_steps_and_the_crash_label_mostly_agrees(capsys) -> None:
    index = {r["id"]: r for r in csv.DictReader((LTG / "index.tsv").open(), delimiter="\t")}
    reasoner = HeuristicReasoner()
    agree = 0
    for path in sorted(LTG.glob("*.json")):
        spec = reasoner.analyze_report(load_report(path))
        assert spec.steps, f"{path.stem}: no step"
        assert all(s.text for s in spec.steps)
        assert spec.symptom and spec.bug_kind in (CRASH, NON_CRASH)
        json.dumps(spec.to_json())
        agree += spec.bug_kind == index[path.stem]["type_paper"]
    share = agree / len(index)
    with capsys.disabled():
        print(
            f"\ncrash/non-crash agreement with LTGDroid's Table III: "
            f"{agree}/{len(index)} = {share:.3f}"
        )
    assert share >= MIN_KIND_AGREEMENT
    assert reasoner.usage.calls == 0 and reasoner.usage.by_role["analyze"]["calls"] == 75


@needs_ltg
def test_amaze_1796_steps_value_and_exception() -> None:
    spec = _spec("AmazeFileManager#1796")
    assert spec.bug_kind == CRASH and spec.exception_class == "java.lang.IndexOutOfBoundsException"
    assert len(spec.steps) == 5
    create, long_click, cut, open_, paste = spec.steps
    assert create.value == "test2" and "folder" in " ".join(create.targets)
    assert long_click.action_hint == LONG_CLICK and long_click.targets == ["test2"]
    assert cut.action_hint == CLICK and cut.targets == ["cut"]
    assert open_.targets == ["test2"] and paste.targets == ["paste"]
    assert "test2" in spec.input_values
    assert any("empty folder" in note for note in spec.setup_notes)


@needs_ltg
def test_opencalc_values() -> None:
    spec = _spec("OpenCalc#532")
    assert spec.bug_kind == CRASH and spec.input_values == ["1!%"]
    assert [(s.action_hint, s.value) for s in spec.steps] == [(INPUT_TEXT, "1!%")]
    assert any("Start OpenCalc" in n for n in spec.setup_notes)  # launching is setup, not a step
    spec = _spec("OpenCalc#510")  # no steps at all: the title's expression is the step
    assert spec.bug_kind == NON_CRASH
    assert spec.steps[0].action_hint == INPUT_TEXT and spec.steps[0].value == "1+2)×3"
    spec = _spec("OpenCalc#448")  # keys "( 5 4 ) %" spell the stated "(5+4)%" with "+" left out
    assert [(s.action_hint, s.value) for s in spec.steps] == [(INPUT_TEXT, "(5+4)%")]
    assert "Expected:" in spec.symptom and "0.09" in spec.symptom


@needs_ltg
def test_other_extractions() -> None:
    spec = _spec("ActivityDiary#285")  # inline "STR:" with ``double backticks`` and commas
    assert [s.targets[:1] for s in spec.steps if s.action_hint == CLICK] == [
        ["setting"],
        ["Location Service"],
        ["Network"],
        ["Update period"],
        ["OK"],
    ]
    assert spec.exception_class == "java.lang.NumberFormatException"
    spec = _spec("trickytripper#42")  # an arrow chain
    assert [s.action_hint for s in spec.steps][:3] == [CLICK, LONG_CLICK, "swipe"]
    spec = _spec("Transportr#972")  # German: "stürzt ... ab"
    assert spec.bug_kind == CRASH and spec.steps[0].action_hint == INPUT_TEXT
    spec = _spec("Birthdroid#13")  # "any 11 digit number"
    assert spec.steps[0].value == "1" * 11 and spec.input_values == ["1" * 11]
    spec = _spec("gpstest#404")
    assert [(s.action_hint, s.value) for s in spec.steps][-1] == (ROTATE, "landscape")
    spec = _spec("NewsBlur#1053")  # steps in a comment, values after "e.g."
    assert [s.value for s in spec.steps if s.action_hint == INPUT_TEXT] == ["xx", "t", "t"]
    spec = _spec("LibreNews-Android#22")  # System.err trace ignored, the title's exception kept
    assert spec.exception_class == "java.lang.ArrayIndexOutOfBoundsException"
    spec = _spec("thunderbird-android#3971")  # "App Closes" is not a crash word
    assert spec.bug_kind == NON_CRASH and spec.steps[-1].action_hint == PRESS_BACK


@pytest.mark.parametrize(
    ("title", "body", "kind"),
    [
        ("点击设置后应用崩溃", "", CRASH),
        ("La app se cierra al guardar", "", CRASH),
        ("L'application plante au démarrage", "", CRASH),
        ("Приложение падает при поиске", "", CRASH),
        (
            "Save button does nothing",
            "Expected: the app should not crash.\nNothing happens.",
            NON_CRASH,
        ),
        (
            "Wrong total",
            "E/AndroidRuntime: FATAL EXCEPTION: main\n  Process: a.b, PID: 1\n"
            "  java.lang.IllegalStateException: x\n    at a.b.C.d(C.java:1)",
            CRASH,
        ),
        (
            "Editing dates",
            "Steps:\n1. Open a trip\n2. Press save\nNo crash, but the date is wrong.",
            NON_CRASH,
        ),
        ("FC when opening about", "", CRASH),
    ],
)
def test_crash_words_in_any_language(title: str, body: str, kind: str) -> None:
    spec = HeuristicReasoner().analyze_report(BugReport("x#1", title, body))
    assert spec.bug_kind == kind
    assert spec.steps


def test_markdown_report_steps_and_title_fallback() -> None:
    report = BugReport(
        "x#2",
        "Crash when adding label on empty note",
        "",
    )
    spec = HeuristicReasoner().analyze_report(report)
    assert spec.bug_kind == CRASH
    assert spec.steps[0].action_hint == CLICK and spec.steps[0].targets == ["label"]
    report = BugReport("x#3", "Bug", "Steps:\n- Go to Settings > Display > Theme\n- Tap 'Dark'\n")
    spec = HeuristicReasoner().analyze_report(report)
    assert [s.targets[0] for s in spec.steps] == ["Settings", "Display", "Theme", "Dark"]


# -- filtering, input, summaries -------------------------------------------------------------------
def _screen(xml: str, **kw) -> Screen:
    return Screen(
        xml,
        structural_hash(xml),
        kw.get("package", APP),
        kw.get("activity", ".Main"),
        kw.get("orientation", "portrait"),
        kw.get("keyboard", False),
    )


def _spec_of(*steps: S2RStep, kind: str = CRASH, symptom: str = "crash", values=()) -> ReproSpec:
    return ReproSpec(steps=list(steps), symptom=symptom, bug_kind=kind, input_values=list(values))


TOOLBAR_SCREEN = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout",
        "",
        "",
        "",
        (0, 0, 1080, 1920),
        button("Copy", (0, 100, 200, 200), rid=f"{APP}:id/copy"),
        button("Delete", (200, 100, 400, 200), rid=f"{APP}:id/delete"),
        node(
            "android.widget.TextView",
            "",
            f"{APP}:id/cut",
            "Cut",
            (400, 100, 600, 200),
            clickable=True,
        ),
        button("Share", (600, 100, 800, 200)),
        node(
            "android.widget.ImageView", "", "", "More options", (933, 63, 1080, 210), clickable=True
        ),
        node(
            "android.widget.EditText",
            "",
            f"{APP}:id/email",
            "Email address",
            (0, 300, 1080, 450),
            clickable=True,
        ),
    ),
)


def test_filter_picks_the_widget_the_step_names() -> None:
    reasoner = HeuristicReasoner()
    screen = _screen(TOOLBAR_SCREEN)
    candidates = enumerate_actions(parse_hierarchy(TOOLBAR_SCREEN))
    spec = _spec_of(S2RStep("tap 'cut'", CLICK, ["cut"]), S2RStep("tap 'paste'", CLICK, ["paste"]))
    result = reasoner.filter_actions(spec, screen, candidates, SPath(), 3)
    assert result.actions[0].target.content_desc == "Cut"
    assert len(result.actions) == 3 == len(result.reasons)
    assert "matches step" in result.reasons[0]
    again = reasoner.filter_actions(spec, screen, candidates, SPath(), 3)
    assert [a.key() for a in again.actions] == [a.key() for a in result.actions]  # deterministic
    # A rotation step puts the rotation first; widgets that match nothing still fill the limit.
    rotate = _spec_of(S2RStep("rotate the phone", ROTATE, [], "landscape"))
    result = reasoner.filter_actions(rotate, screen, candidates, SPath(), 4)
    assert result.actions[0].kind == ROTATE and result.actions[0].orientation == "landscape"
    assert len(result.actions) == 4
    # Never empty, even with nothing to match.
    vague = _spec_of(S2RStep("do the thing", "", ["zzz"]))
    assert reasoner.filter_actions(vague, screen, candidates, SPath(), 2).actions
    assert reasoner.filter_actions(vague, screen, [], SPath(), 2).actions == []


def test_filter_prefers_menus_when_the_target_is_not_on_screen_and_allow_on_permission() -> None:
    reasoner = HeuristicReasoner()
    screen = _screen(TOOLBAR_SCREEN)
    candidates = enumerate_actions(parse_hierarchy(TOOLBAR_SCREEN))
    spec = _spec_of(S2RStep("open Settings", CLICK, ["Settings"]))
    first = reasoner.filter_actions(spec, screen, candidates, SPath(), 2).actions[0]
    assert first.target.content_desc == "More options"
    perm_xml = dump(
        status_bar(),
        node(
            "android.widget.FrameLayout",
            "",
            "",
            "",
            (66, 700, 1014, 1200),
            node(
                "android.widget.TextView",
                "Allow Example to access files?",
                "",
                "",
                (100, 720, 900, 800),
                package="com.google.android.permissioncontroller",
            ),
            button(
                "Don't allow",
                (100, 900, 900, 1000),
                package="com.google.android.permissioncontroller",
            ),
            button(
                "Allow", (100, 1000, 900, 1100), package="com.google.android.permissioncontroller"
            ),
            package="com.google.android.permissioncontroller",
        ),
    )
    perm = _screen(perm_xml, package="com.google.android.permissioncontroller")
    cands = enumerate_actions(parse_hierarchy(perm_xml))
    result = reasoner.filter_actions(spec, perm, cands, SPath(), 2)
    assert result.actions[0].target.text == "Allow"


KEYPAD = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout",
        "",
        "",
        "",
        (0, 0, 1080, 1920),
        node(
            "android.widget.EditText",
            "",
            f"{APP}:id/input",
            "",
            (0, 100, 1080, 300),
            clickable=True,
        ),
        node("android.widget.TextView", "", f"{APP}:id/result", "", (0, 300, 1080, 400)),
        *[
            button(k, (100 * i, 1000, 100 * i + 100, 1100), index=i)
            for i, k in enumerate("1234567890")
        ],
        *[
            button(k, (100 * i, 1100, 100 * i + 100, 1200), index=10 + i)
            for i, k in enumerate("+−×÷()%!=")
        ],
    ),
)


def test_keypad_value_entry_clicks_the_next_key() -> None:
    reasoner = HeuristicReasoner()
    spec = _spec_of(S2RStep("enter 1+2)×3", INPUT_TEXT, [], "1+2)×3"), kind=NON_CRASH)
    screen = _screen(KEYPAD)
    candidates = enumerate_actions(parse_hierarchy(KEYPAD))
    path = SPath()
    keys = []
    for _ in range(3):
        kept = reasoner.filter_actions(spec, screen, candidates, path, 3).actions
        clicks = [a for a in kept if a.kind == CLICK]
        key = clicks[0]
        keys.append(key.target.text)
        # The key's effect (the field's text) does not matter here: the keys clicked so far do.
        path = path.extend(Transition(key, screen, screen, {"unchanged": False}))
    assert keys == ["1", "+", "2"]
    # The text field is kept too (typing the whole value is the other way in).
    kept = reasoner.filter_actions(spec, screen, candidates, SPath(), 3).actions
    assert any(a.kind == INPUT_TEXT for a in kept)


def test_input_text_values() -> None:
    reasoner = HeuristicReasoner()
    tree = parse_hierarchy(TOOLBAR_SCREEN)
    field = next(n for n in tree.iter() if n.is_editable)
    screen = _screen(TOOLBAR_SCREEN)
    spec = _spec_of(
        S2RStep("Add new email account with 'foo@b.2'", INPUT_TEXT, ["email account"], "foo@b.2")
    )
    assert reasoner.input_text(spec, screen, field, SPath()) == "foo@b.2"
    clear = _spec_of(S2RStep("delete the default value (leave it empty)", INPUT_TEXT, [], ""))
    assert reasoner.input_text(clear, screen, field, SPath()) == ""
    plain = _spec_of(S2RStep("tap 'cut'", CLICK, ["cut"]))
    assert reasoner.input_text(plain, screen, field, SPath()) == "test@example.com"  # from the hint
    with_values = _spec_of(S2RStep("tap 'cut'", CLICK, ["cut"]), values=["xx"])
    assert reasoner.input_text(with_values, screen, field, SPath()) == "xx"


def _transition(
    action: Action, before_xml: str, after_xml: str, crash=None, **after_kw
) -> Transition:
    before, after = _screen(before_xml), _screen(after_xml, **after_kw)
    return Transition(action, before, after, structural_diff(before, after, crash), crash=crash)


def _click(xml: str, label: str) -> Action:
    tree = parse_hierarchy(xml)
    for a in enumerate_actions(tree, include_global=False):
        if a.kind == CLICK and a.extra["label"] == label:
            return a
    raise AssertionError(f"no click on {label!r}")


def test_summary_and_path_evaluation() -> None:
    reasoner = HeuristicReasoner()
    spec = _spec_of(S2RStep("tap 'cut'", CLICK, ["cut"]), S2RStep("tap 'paste'", CLICK, ["paste"]))
    with_paste = TOOLBAR_SCREEN.replace('text="Share"', 'text="Paste"')
    cut = _transition(_click(TOOLBAR_SCREEN, "Cut"), TOOLBAR_SCREEN, with_paste)
    summary = reasoner.summarize_transition(spec, cut)
    assert summary.startswith("New: 'Paste'; gone: 'Share'.")
    assert "Matches step 1 ('tap 'cut'')" in summary and "Reveals 'paste'" in summary
    good = SPath([cut])
    paste = _transition(_click(with_paste, "Paste"), with_paste, TOOLBAR_SCREEN)
    done = good.extend(paste)
    noop = SPath([_transition(_click(TOOLBAR_SCREEN, "Copy"), TOOLBAR_SCREEN, TOOLBAR_SCREEN)])
    crash_info = app_crash(
        "01-01 00:00:00.000  9  9 E AndroidRuntime: FATAL EXCEPTION: main\n"
        f"01-01 00:00:00.000  9  9 E AndroidRuntime: Process: {APP}, PID: 9\n"
        "01-01 00:00:00.000  9  9 E AndroidRuntime: java.lang.IllegalStateException: x\n",
        APP,
    )
    crashed = good.extend(
        _transition(
            _click(with_paste, "Paste"),
            with_paste,
            TOOLBAR_SCREEN,
            crash=crash_info,
            package="android",
        )
    )
    judged = reasoner.evaluate_paths(spec, [noop, good, done, crashed])
    assert [j.reached_step for j in judged] == [-1, 0, 1, 1]
    assert judged[1].score > judged[0].score  # progress beats a no-op
    assert judged[2].complete and judged[3].complete and judged[3].score == 1.0
    assert judged[2].score < judged[3].score  # steps done without the crash is not the crash
    assert "no-op" in judged[0].reason
    assert reasoner.usage.calls == 0 and reasoner.usage.prompt_tokens == 0


def test_verify_needs_concrete_evidence() -> None:
    reasoner = HeuristicReasoner()
    spec = _spec_of(
        S2RStep("enter 1+2)×3", INPUT_TEXT, [], "1+2)×3"),
        kind=NON_CRASH,
        symptom="1+2)×3 gives wrong result.",
        values=["1+2)×3"],
    )
    typed = KEYPAD.replace(
        'text="" resource-id="com.example.app:id/input"',
        'text="1+2)×3" resource-id="com.example.app:id/input"',
    )
    wrong = typed.replace(
        'text="" resource-id="com.example.app:id/result"',
        'text="3" resource-id="com.example.app:id/result"',
    )
    right = typed.replace(
        'text="" resource-id="com.example.app:id/result"',
        'text="9" resource-id="com.example.app:id/result"',
    )
    field = next(a for a in enumerate_actions(parse_hierarchy(KEYPAD)) if a.kind == INPUT_TEXT)
    typing = replace(field, text="1+2)×3")
    verdict = reasoner.verify(spec, SPath([_transition(typing, KEYPAD, wrong)]))
    assert verdict.reproduced and "shows 3" in verdict.evidence
    assert not reasoner.verify(spec, SPath([_transition(typing, KEYPAD, right)])).reproduced
    # An unfinished path is never verified.
    two = _spec_of(
        S2RStep("enter 1+2)×3", INPUT_TEXT, [], "1+2)×3"),
        S2RStep("tap '='", CLICK, ["="]),
        kind=NON_CRASH,
        symptom="1+2)×3 gives wrong result.",
        values=["1+2)×3"],
    )
    assert not reasoner.verify(two, SPath([_transition(typing, KEYPAD, wrong)])).reproduced


def test_verify_expected_number() -> None:
    reasoner = HeuristicReasoner()
    with_a = dump(
        status_bar(),
        node(
            "android.widget.FrameLayout",
            "",
            "",
            "",
            (0, 0, 1080, 1920),
            button("Delete label", (0, 100, 500, 200)),
            node("android.widget.TextView", "a", f"{APP}:id/label", "", (0, 300, 500, 400)),
        ),
    )
    number = _spec_of(
        S2RStep("tap 'Delete label'", CLICK, ["Delete label"]),
        kind=NON_CRASH,
        symptom="Erroneous values. Expected: The operation should display 0.09.",
    )
    shows_5 = with_a.replace('text="a"', 'text="5.04"')
    verdict = reasoner.verify(
        number, SPath([_transition(_click(with_a, "Delete label"), with_a, shows_5)])
    )
    assert verdict.reproduced and "'5.04'" in verdict.evidence and "'0.09'" in verdict.evidence
    shows_right = with_a.replace('text="a"', 'text="0.09"')
    assert not reasoner.verify(
        number, SPath([_transition(_click(with_a, "Delete label"), with_a, shows_right)])
    ).reproduced


# -- whole searches on the virtual catalog apps ----------------------------------------------------
def _search(
    app_cls,
    report: Path | BugReport,
    bug_id: str,
    *,
    beam: int = 3,
    branch: int = 6,
    levels: int = 16,
):
    """The LTGDroid loop in-process on one virtual device (snapshots restore each probe's state),
    with the heuristic reasoner; returns ``(oracle says triggered, path, probes)``."""
    from device_agent.virtual.device import VirtualDevice

    reasoner = HeuristicReasoner()
    spec = reasoner.analyze_report(report if isinstance(report, BugReport) else load_report(report))
    device = VirtualDevice("h", app_cls)
    device.launch_app()
    package = device.info().app_package

    def observe() -> Screen:
        obs = device.observe(screenshot=False)
        return Screen(
            obs.hierarchy_xml,
            structural_hash(obs.hierarchy_xml),
            obs.package,
            obs.activity,
            obs.orientation,
            obs.keyboard_shown,
        )

    root = observe()
    device.save_snapshot("root")
    live, seen, probes, counter = [SPath(snapshot_id="root")], set(), 0, 0

    def key(path: SPath) -> tuple:
        typed = tuple(t.action.text for t in path.transitions if t.action.kind == INPUT_TEXT)
        return ((path.last_screen or root).structural_hash, path.reached_step, typed)

    for _ in range(levels):
        children = []
        for path in live:
            screen = path.last_screen or root
            seen.add(key(path))
            tree = parse_hierarchy(screen.hierarchy_xml)
            candidates = enumerate_actions(tree, orientation=screen.orientation)
            for action in reasoner.filter_actions(spec, screen, candidates, path, branch).actions:
                device.load_snapshot(path.snapshot_id)
                if action.kind == INPUT_TEXT and not action.text:
                    field = find_node(tree, action.target)
                    action = replace(action, text=reasoner.input_text(spec, screen, field, path))
                cursor = device.observe(screenshot=False, hierarchy=False).logcat_cursor
                if not device.execute(action).performed:
                    continue
                probes += 1
                after = observe()
                lines = device.read_logcat(
                    cursor, ("main", "crash", "system")
                ).lines  # ANRs: system
                crash = app_crash(lines, package)
                step = Transition(
                    action, screen, after, structural_diff(screen, after, crash), crash=crash
                )
                step.summary = reasoner.summarize_transition(spec, step)
                child = path.extend(step)
                if crash is not None:
                    if spec.bug_kind == CRASH:
                        return device.check_bug_oracle(bug_id)[0], child, probes
                    continue
                counter += 1
                child.snapshot_id = f"s{counter}"
                device.save_snapshot(child.snapshot_id)
                children.append(child)
        if not children:
            break
        judged = reasoner.evaluate_paths(spec, children)
        for child, j in zip(children, judged, strict=True):
            child.score, child.reached_step = j.score, j.reached_step
        ranked = sorted(
            zip(children, judged, strict=True),
            key=lambda cj: (-cj[1].score, len(cj[0].transitions)),
        )
        chosen: list = []
        for allow_seen in (False, True):
            for child, j in ranked:
                if len(chosen) >= beam or any(child is c for c, _ in chosen):
                    continue
                if (not allow_seen and key(child) in seen) or any(
                    key(child) == key(c) for c, _ in chosen
                ):
                    continue
                chosen.append((child, j))
        live = [c for c, _ in chosen]
        if spec.bug_kind != CRASH:
            for child, j in chosen:
                if j.complete and reasoner.verify(spec, child).reproduced:
                    device.load_snapshot(child.snapshot_id)
                    return device.check_bug_oracle(bug_id)[0], child, probes
    return False, None, probes


def _catalog():
    pytest.importorskip("device_agent.virtual.device")
    from device_agent.virtual.catalog.amaze import AmazeFileManager
    from device_agent.virtual.catalog.opencalc import OpenCalc310Beta1, OpenCalc314
    from device_agent.virtual.catalog.screenrecorder import ScreenRecorder

    return AmazeFileManager, OpenCalc310Beta1, OpenCalc314, ScreenRecorder


@pytest.mark.parametrize(
    ("report", "app", "bug_id", "max_probes"),
    [
        ("amaze-1796.md", "AmazeFileManager", "AmazeFileManager#1796", 300),
        ("opencalc-532.md", "OpenCalc314", "OpenCalc#532", 30),
        ("opencalc-510.md", "OpenCalc310Beta1", "OpenCalc#510", 30),
        ("screenrecorder-25.md", "ScreenRecorder", "screenrecorder#25", 150),
    ],
)
def test_search_reproduces_catalog_bugs(
    report: str, app: str, bug_id: str, max_probes: int
) -> None:
    apps = dict(
        zip(
            ("AmazeFileManager", "OpenCalc310Beta1", "OpenCalc314", "ScreenRecorder"),
            _catalog(),
            strict=True,
        )
    )
    triggered, path, probes = _search(apps[app], EXAMPLES / report, bug_id)
    assert triggered, f"{bug_id} not reproduced in {probes} probes"
    assert probes <= max_probes
    assert all(t.summary for t in path.transitions)


def test_search_does_not_claim_a_fixed_bug() -> None:
    _, _, calc_314, _ = _catalog()
    # OpenCalc 3.1.4 fixed #510: the verifier must not find a wrong result there.
    triggered, path, _ = _search(calc_314, EXAMPLES / "opencalc-510.md", "OpenCalc#510", levels=5)
    assert not triggered and path is None


def _notes_app():
    """The notes app of the virtual device's own tests (``tests/apps/notes.py``)."""
    pytest.importorskip("device_agent.virtual.device")
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "notes_app", Path(__file__).parent / "apps" / "notes.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.NotesApp


@pytest.mark.parametrize(
    ("bug_id", "title", "body"),
    [
        (
            "Notes#1",
            "Force close on save",
            "If I create a new note and hit save without giving it a title, the app force closes.",
        ),
        (
            "Notes#2",
            "Typed title gone after turning the phone",
            "When I'm writing a new note and turn my phone to landscape, the title I typed (e.g. "
            '"Groceries") is gone.',
        ),
        (
            "Notes#3",
            "Sync freezes the app",
            "Tapping Sync now from the menu freezes the app, then Android says Notes isn't "
            "responding.",
        ),
    ],
)
def test_search_on_prose_reports_of_another_app(bug_id: str, title: str, body: str) -> None:
    """Reports written as prose (no numbered steps), on an app the reasoner was not tuned on."""
    triggered, path, probes = _search(_notes_app(), BugReport(bug_id, title, body), bug_id)
    assert triggered, f"{bug_id} not reproduced in {probes} probes"
    assert probes <= 60
