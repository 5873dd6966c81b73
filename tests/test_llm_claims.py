"""A model's "reproduced" is held to the offline evidence (decision 0041): the ``openai``
reasoner's verification counts only where the offline verifier finds the report's symptom on the
final screen after the report's steps (as the offline analysis reads the report), and a crash a
model's reading qualifies must qualify on the offline reading too; the end-to-end check is the
test server's naive verifier on mhabit#270, which used to make a false claim."""

from __future__ import annotations

from pathlib import Path as FilePath

import pytest

from device_agent.actions import CLICK, Action, Selector
from orchestrator.model import BugReport, Path, Screen
from orchestrator.reasoner.heuristic import HeuristicReasoner

try:  # tests/ as a package (repo root on sys.path) or as a plain directory (pytest's default)
    from tests.fake_openai_server import FakeOpenAIServer
    from tests.test_openai_reasoner import make_screen, reasoner, transition
except ModuleNotFoundError:
    from fake_openai_server import FakeOpenAIServer  # type: ignore[no-redef]
    from test_openai_reasoner import make_screen, reasoner, transition  # type: ignore[no-redef]

REPORT = BugReport(
    bug_id="notes#1",
    title="Saving a note shows an error",
    body=(
        "Steps to reproduce:\n"
        '1. Tap "Open"\n'
        '2. Tap "Save"\n\n'
        'Actual: the app shows "Invalid name".\n'
        "Expected: the note is saved.\n"
    ),
)
# A careless reading: one step, any click does it.
CARELESS = {
    "steps": [{"text": "Use the app", "action_hint": "click", "targets": [], "value": ""}],
    "symptom": "Saving a note shows an error: Invalid name",
    "bug_kind": "non-crash",
    "exception_class": "",
    "input_values": [],
    "setup_notes": [],
}
SURE = {"reproduced": True, "evidence": "the error is shown", "confidence": 0.95}


def _click(screen: Screen, label: str) -> Action:
    return Action(kind=CLICK, target=Selector(text=label, resource_id="com.example.files:id/name"))


def _walk(*rows: list[str], clicks: list[str]) -> Path:
    """A path through screens showing ``rows``, clicking ``clicks[i]`` on the i-th."""
    screens = [make_screen(r) for r in rows]
    path = Path()
    for before, after, label in zip(screens, screens[1:], clicks, strict=False):
        path = path.extend(transition(before, after, _click(before, label)))
    return path


# The report's steps done, and the quoted message new on the final screen.
DONE = dict(rows=(["Open"], ["Save"], ["Invalid name"]), clicks=["Open", "Save"])
# Only the first step done, the message already on the screen it ends on.
SKIPPED = dict(rows=(["Open"], ["Invalid name", "Cancel"]), clicks=["Open"])


def test_the_offline_verifier_tells_the_two_paths_apart():
    offline = HeuristicReasoner()
    spec = offline.analyze_report(REPORT)
    assert offline.verify(spec, _walk(*DONE["rows"], clicks=DONE["clicks"])).reproduced
    assert not offline.verify(spec, _walk(*SKIPPED["rows"], clicks=SKIPPED["clicks"])).reproduced


def _analysed(server: FakeOpenAIServer, **kw):
    """An ``openai`` reasoner that read :data:`REPORT` carelessly, and its reading."""
    server.script("report_analysis", CARELESS)
    r = reasoner(server, **kw)
    spec = r.analyze_report(REPORT)
    assert [s.text for s in spec.steps] == ["Use the app"]
    return r, spec


def test_a_sure_model_is_overruled_where_the_report_steps_were_not_done():
    with FakeOpenAIServer() as server:
        r, spec = _analysed(server, savings=False)
        server.script("verification", SURE, SURE)
        refused = r.verify(spec, _walk(*SKIPPED["rows"], clicks=SKIPPED["clicks"]))
        accepted = r.verify(spec, _walk(*DONE["rows"], clicks=DONE["clicks"]))
        assert server.calls("verification") == 2  # without savings every question is asked
    assert not refused.reproduced
    assert "the evidence does not carry it" in refused.evidence
    assert "1 of 2 steps done" in refused.evidence
    assert accepted.reproduced and accepted.confidence == SURE["confidence"]
    assert accepted.evidence.startswith("the error is shown; ")
    assert "Invalid name" in accepted.evidence and accepted.details  # the offline checks
    slot = r.usage.to_json()["by_role"]["verification"]
    assert slot["overruled"] == 1 and "unsupported" not in slot


def test_with_savings_the_model_is_not_asked_where_the_evidence_is_missing():
    with FakeOpenAIServer() as server:
        r, spec = _analysed(server, savings=True)
        server.script("verification", SURE)
        refused = r.verify(spec, _walk(*SKIPPED["rows"], clicks=SKIPPED["clicks"]))
        assert server.calls("verification") == 0
        accepted = r.verify(spec, _walk(*DONE["rows"], clicks=DONE["clicks"]))
        assert server.calls("verification") == 1
    assert not refused.reproduced and refused.confidence == 0.0
    assert refused.evidence.startswith("the evidence does not carry the symptom")
    assert accepted.reproduced
    slot = r.usage.to_json()["by_role"]["verification"]
    assert slot["unsupported"] == 1 and "overruled" not in slot


@pytest.mark.parametrize("savings", [False, True])
def test_the_guard_never_turns_a_model_no_into_a_claim(savings):
    with FakeOpenAIServer() as server:
        r, spec = _analysed(server, savings=savings)
        server.script("verification", {**SURE, "reproduced": False, "evidence": "not seen"})
        verdict = r.verify(spec, _walk(*DONE["rows"], clicks=DONE["clicks"]))
    assert not verdict.reproduced and verdict.evidence == "not seen"


def test_without_an_analysed_report_the_model_reading_is_the_standard():
    """Nothing analysed (a nightly job handed a spec): the offline verifier on ``spec``."""
    with FakeOpenAIServer() as server:
        r = reasoner(server, savings=False)
        spec = HeuristicReasoner().analyze_report(REPORT)
        assert r.evidence_spec(spec) is spec
        server.script("verification", SURE)
        assert not r.verify(spec, _walk(*SKIPPED["rows"], clicks=SKIPPED["clicks"])).reproduced


CRASH_REPORT = BugReport(
    bug_id="notes#2",
    title="Crash when saving a note",
    body=(
        "Steps to reproduce:\n"
        '1. Tap "Open"\n'
        '2. Tap "Save"\n\n'
        "The app crashes:\n"
        "java.lang.IllegalStateException: note has no folder\n"
        "    at com.example.files.NoteSaver.save(NoteSaver.java:42)\n"
    ),
)
# An over-eager reading: one step, and the exception the report names left out.
EAGER = {**CARELESS, "bug_kind": "crash", "symptom": "Crash when saving a note"}


def _crashing_path() -> Path:
    """``Cancel`` (the model judged the one step done), then ``Open`` crashes the app with an
    exception the report does not name; the report's "Save" never tapped."""
    from orchestrator.model import CrashInfo

    first, second = make_screen(["Cancel"]), make_screen(["Open"])
    crash = CrashInfo("java.lang.NullPointerException", "boom", "com.example.files", 1)
    cancel = transition(first, second, _click(first, "Cancel"))
    cancel.reached_step = 0
    crashed = transition(second, make_screen([]), _click(second, "Open"), crash)
    return Path([cancel, crashed])


def _reproducer(reasoner_, spec):
    """A :class:`~orchestrator.search.Reproducer` with only what judging a crash reads."""
    from orchestrator.search import Reproducer

    searcher = Reproducer.__new__(Reproducer)
    searcher.spec, searcher.reasoner = spec, reasoner_
    return searcher


def test_a_crash_the_model_reading_qualifies_must_qualify_on_the_report():
    from orchestrator.claims import judge_crash, with_reported_trace

    with FakeOpenAIServer() as server:
        server.script("report_analysis", EAGER)
        r = reasoner(server)
        spec = with_reported_trace(r.analyze_report(CRASH_REPORT), CRASH_REPORT)
    path = _crashing_path()
    assert judge_crash(spec, path, 0).qualifies  # the model's reading alone would claim it
    claim = _reproducer(r, spec)._judge_crash(path)
    assert not claim.qualifies
    assert "not the reported java.lang.IllegalStateException" in claim.reasons[0]
    assert claim.reasons[0].startswith("the model's reading qualified it, the evidence does not")


def test_the_offline_reasoner_is_judged_as_before():
    offline = HeuristicReasoner()
    spec = offline.analyze_report(CRASH_REPORT)
    from orchestrator.claims import judge_crash

    path = _crashing_path()
    assert _reproducer(offline, spec)._judge_crash(path) == judge_crash(spec, path, 0)


@pytest.mark.e2e
@pytest.mark.slow
def test_the_test_server_naive_verifier_claims_nothing_on_mhabit_270(ray_session, tmp_path):
    """The test server's verifier says "reproduced" whenever a word of the symptom is on the
    screen (a careless model); on mhabit#270 it did after "New Habit" and a typed name, and the
    engine believed it. Now no claim comes without the offline evidence: nothing is claimed
    within the budget, or what is claimed the app's ground truth confirms."""
    from orchestrator.config import FarmConfig, RunConfig, SearchConfig
    from orchestrator.llm.settings import LLMSettings
    from orchestrator.run import reproduce
    from tests.conftest import EXAMPLES

    report: FilePath = EXAMPLES / "mhabit-270.md"
    with FakeOpenAIServer() as server:
        config = RunConfig(
            report_path=str(report),
            out_dir=str(tmp_path / "out"),
            reasoner="openai",
            farm=FarmConfig(devices=2, profile="instant"),
            search=SearchConfig(max_minutes=3, max_probes=60),
            progress=False,
            llm=LLMSettings(model="gpt-4.1", base_url=server.base_url, api_key=server.api_key),
        )
        result, _ = reproduce(config)
        asked = server.calls("verification")
    slot = result["llm"]["by_role"].get("verification", {})
    assert asked + slot.get("unsupported", 0) > 0  # complete paths were judged
    if result["reproduced"]:
        assert result["ground_truth"]["cause"] == "reproduced", result["evidence"]
    else:
        assert slot.get("unsupported", 0) + slot.get("overruled", 0) > 0


@pytest.mark.parametrize("command", ["reproduce", "sweep"])
def test_the_savings_switch_reaches_the_settings(command):
    from orchestrator.cli import build_parser
    from orchestrator.commands.options import llm_settings

    parser = build_parser()
    where = ["report.md"] if command == "reproduce" else ["--reports-dir", "reports"]
    where += ["--out", "out"]
    on = parser.parse_args([command, *where, "--reasoner", "openai"])
    off = parser.parse_args([command, *where, "--reasoner", "openai", "--no-llm-savings"])
    assert llm_settings(on).savings is True
    assert llm_settings(off).savings is False
