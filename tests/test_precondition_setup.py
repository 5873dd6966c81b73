"""Decision 0034: a report's launch precondition that sets a setting ("Launch app with file
logging enabled") is set up before the report's search, as a person prepares a device: open the
app's settings, scroll to the row that says it, tick it, come back; then the report's search
starts from there. Screens of a small hand-written app model (``tests/data/precondition_apps``:
Tracker, its "Log file" check box under eight other switches, behind the overflow menu)."""

from __future__ import annotations

from pathlib import Path

import pytest

from device_agent.actions import CLICK, PRESS_BACK, SWIPE, Action
from device_agent.hierarchy import parse_hierarchy, structural_hash
from device_agent.launcher import LocalAgentFarm
from device_agent.virtual.device import VirtualDevice
from orchestrator.config import FarmConfig, RunConfig, SearchConfig
from orchestrator.diff import structural_diff
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import BugReport, Screen, Transition
from orchestrator.model import Path as SPath
from orchestrator.precondition import ErrandReasoner, SettingGoal, setup_spec
from orchestrator.reasoner.align import action_label, align
from orchestrator.reasoner.s2r import analyze
from orchestrator.replay import replay_on
from orchestrator.run import reproduce
from tests.test_heuristic_recall import PERM, _permission_dialog

APPS = Path(__file__).parent / "data" / "precondition_apps"
PKG = "org.example.tracker"
REPORT = APPS / "tracker-1.md"


def _report(body: str) -> BugReport:
    return BugReport(bug_id="Tracker#1", title="Logging restarts", body=body, repo="Tracker")


SPEC = analyze(_report("Steps:\n- Launch app with file logging enabled.\n- Rotate the phone\n"))
ERRAND = setup_spec(SPEC)


def _screen(device: VirtualDevice) -> Screen:
    seen = device.observe(screenshot=False, hierarchy=True)
    xml = seen.hierarchy_xml
    return Screen(xml, structural_hash(xml), seen.package, seen.activity, seen.orientation)


def _action(screen: Screen, label: str) -> Action:
    """The action the search would take on ``screen``: the click on the widget labelled
    ``label``, or the swipe up for ``"swipe up"``, or Back for ``"back"``."""
    if label == "back":
        return Action(PRESS_BACK)
    for action in enumerate_actions(parse_hierarchy(screen.hierarchy_xml)):
        if label == "swipe up" and action.kind == SWIPE and action.direction == "up":
            return action
        if action.kind == CLICK and action_label(action, screen.hierarchy_xml) == label:
            return action
    raise AssertionError(f"no {label!r} on {screen.activity}")


def _walk(*labels: str) -> SPath:
    """The path a search builds by taking ``labels`` in turn on Tracker from its launch."""
    device = VirtualDevice("tracker", "Tracker", version="1.0", app_dir=str(APPS))
    device.launch_app()
    before = _screen(device)
    transitions = []
    for label in labels:
        action = _action(before, label)
        assert device.execute(action).performed, label
        after = _screen(device)
        diff = structural_diff(before, after, None, app_package=PKG)
        transitions.append(Transition(action, before, after, diff))
        before = after
    return SPath(transitions)


TO_SETTINGS = ("More options", "Settings")


def test_only_a_launch_precondition_that_sets_a_setting_is_an_errand() -> None:
    assert ERRAND is not None and [s.text for s in ERRAND.steps] == ['Enable "file logging"']
    plain = analyze(_report("Steps:\n1. Enable file logging\n2. Rotate the phone\n"))
    assert setup_spec(plain) is None  # a step of the report's own: the report's search does it
    noted = _report("Steps:\n1. Open the app\n2. Rotate the phone\n")
    noted.comments = ["File logging needs to be enabled."]
    assert setup_spec(analyze(noted)) is None  # a comment's state stays a note (decision 0026)
    device = analyze(_report("Steps:\n1. Launch the app with auto-rotate enabled\n2. Rotate\n"))
    assert setup_spec(device) is None


def test_the_errand_changes_no_other_setting_and_scrolls_for_its_own() -> None:
    assert ERRAND is not None
    path = _walk(*TO_SETTINGS)
    screen = path.last_screen
    assert screen is not None
    candidates = enumerate_actions(parse_hierarchy(screen.hierarchy_xml))
    kept = ErrandReasoner().filter_actions(ERRAND, screen, candidates, path, 6).actions
    labels = {action_label(a, screen.hierarchy_xml) for a in kept if a.kind == CLICK}
    # Eight switches of other settings on screen: none is a way to the log file.
    assert not labels & {"Dark theme", "Keep screen on", "Vibrate", "Sound", "Show grid"}
    assert any(a.kind == SWIPE and a.direction == "up" for a in kept)
    assert all(a.kind in (CLICK, SWIPE) for a in kept)  # no rotation, no typing on the way
    scrolled = _walk(*TO_SETTINGS, "swipe up")
    below = scrolled.last_screen
    assert below is not None
    kept = (
        ErrandReasoner()
        .filter_actions(
            ERRAND, below, enumerate_actions(parse_hierarchy(below.hierarchy_xml)), scrolled, 6
        )
        .actions
    )
    assert "Log file" in {action_label(a, below.hierarchy_xml) for a in kept}


def test_the_errand_ranks_a_scroll_toward_the_setting_above_changing_another() -> None:
    assert ERRAND is not None
    judge = ErrandReasoner()
    scrolled = _walk(*TO_SETTINGS, "swipe up")
    toggled = _walk(*TO_SETTINGS, "Dark theme")
    menu = _walk("More options")
    s_scrolled, s_toggled, s_menu = (
        j.score for j in judge.evaluate_paths(ERRAND, [scrolled, toggled, menu])
    )
    assert s_scrolled > s_toggled  # the scroll shows "Log file"; the other path changed a setting
    assert s_scrolled > s_menu  # in the settings beats on the way there


def test_the_goal_is_the_ticked_row_then_back_to_where_the_errand_set_out() -> None:
    assert ERRAND is not None
    goal = SettingGoal(ERRAND, PKG)
    ticked = _walk(*TO_SETTINGS, "swipe up", "Log file")
    root = ticked.transitions[0].before
    assert goal.reached(ticked) and not goal.finished(ticked, root)
    assert goal.next_action(ticked, root) == Action(PRESS_BACK)
    home = _walk(*TO_SETTINGS, "swipe up", "Log file", "back")
    assert goal.finished(home, root) and goal.next_action(home, root) is None
    # Ticked and unticked again, or another switch ticked: not the goal.
    assert not goal.reached(_walk(*TO_SETTINGS, "swipe up", "Log file", "Log file"))
    assert not goal.reached(_walk(*TO_SETTINGS, "Dark theme"))
    # The report's own alignment credits the step on the errand's path.
    assert align(SPEC, home).reached == 0


@pytest.mark.e2e
@pytest.mark.timeout(240)
def test_the_report_s_search_starts_from_the_errand_and_the_ground_truth_agrees(
    ray_session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def run(out: str) -> dict:
        config = RunConfig(
            report_path=str(REPORT),
            out_dir=str(tmp_path / out),
            reasoner="heuristic",
            farm=FarmConfig(devices=2, profile="instant", app_dir=str(APPS)),
            search=SearchConfig(max_probes=150),
            progress=False,
        )
        return reproduce(config)[0]

    result = run("with")
    assert result["reproduced"] is True and result["verdict"] == "symptom"
    trace = [a["action"]["kind"] for a in result["trace"]]
    assert trace[-1] == "rotate" and PRESS_BACK in trace  # ticked in Settings, then back
    with LocalAgentFarm(1, "tracker", profile="instant", app_dir=str(APPS)) as farm:
        replayed = replay_on(farm.addresses[0], result)
    assert replayed.triggered, replayed.detail
    # Without the errand the same budget never ticks the log file: no claim.
    monkeypatch.setattr("orchestrator.precondition.setup_spec", lambda spec: None)
    assert run("without")["reproduced"] is False


def test_a_permission_the_setting_asks_for_is_granted() -> None:
    assert ERRAND is not None
    dialog = _permission_dialog()
    screen = Screen(
        dialog, structural_hash(dialog), PERM, f"{PERM}/.GrantPermissionsActivity", "portrait"
    )
    candidates = enumerate_actions(parse_hierarchy(dialog))
    kept = ErrandReasoner().filter_actions(ERRAND, screen, candidates, SPath([]), 6).actions
    assert [action_label(a, dialog) for a in kept] == ["Allow"]
    ticked = _walk(*TO_SETTINGS, "swipe up", "Log file")
    asked = Transition(Action(PRESS_BACK), ticked.transitions[-1].after, screen, {})
    path = SPath([*ticked.transitions, asked])
    allow = SettingGoal(ERRAND, PKG).next_action(path, ticked.transitions[0].before)
    assert allow is not None and action_label(allow, dialog) == "Allow"
