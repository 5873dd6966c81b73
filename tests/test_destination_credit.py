"""Decision 0059 (issue 28 §2-3, "the name in the report is not on the widget"): a control that
shows a person no name (an icon button with only a resource id) does the step whose screen or
window it opened, titled with what the step names. Hand-written screens of a made-up sketching
app, no catalog app."""

from __future__ import annotations

from device_agent.actions import CLICK, Action
from device_agent.hierarchy import find_node, parse_hierarchy, structural_hash
from orchestrator.diff import structural_diff
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import Path, ReproSpec, S2RStep, Screen, Transition
from orchestrator.reasoner.align import align, destination_match, screen_title
from tests.test_enumerate import dump, node, status_bar

PKG = "org.example.sketch"


def _screen(xml: str, activity: str) -> Screen:
    return Screen(xml, structural_hash(xml), PKG, f"{PKG}/.{activity}", "portrait")


def _bar(title: str) -> str:
    label = node("android.widget.TextView", title, "", "", (40, 80, 600, 190), package=PKG)
    return node("androidx.appcompat.widget.Toolbar", "", f"{PKG}:id/toolbar", "",
                (0, 63, 1080, 210), label, package=PKG)  # fmt: skip


def _gallery(fab_desc: str = "") -> Screen:
    xml = dump(status_bar(), node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920), _bar("My sketches"),
        node("android.widget.ImageButton", "", f"{PKG}:id/fab", fab_desc, (880, 1700, 1040, 1860),
             clickable=True, package=PKG),
        node("android.widget.ImageButton", "", f"{PKG}:id/trash", "", (720, 1700, 860, 1860),
             clickable=True, package=PKG),
        package=PKG))  # fmt: skip
    return _screen(xml, "Gallery")


def _editor(title: str = "New sketch") -> Screen:
    xml = dump(status_bar(), node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
                                  _bar(title), package=PKG))  # fmt: skip
    return _screen(xml, "Editor")


def _press(before: Screen, rid: str, after: Screen) -> Transition:
    tree = parse_hierarchy(before.hierarchy_xml)
    action = next(
        a
        for a in enumerate_actions(tree, include_global=False)
        if a.kind == CLICK and a.target is not None and a.target.resource_id.endswith(rid)
    )
    assert find_node(tree, action.target) is not None  # type: ignore[arg-type]
    return Transition(action, before, after, structural_diff(before, after))


ADD = S2RStep("Add a sketch", CLICK, ["sketch"])


def test_the_screen_title_is_the_app_bar_s() -> None:
    assert screen_title(_editor().hierarchy_xml) == "New sketch"
    assert screen_title(dump(status_bar())) == ""


def test_a_nameless_control_does_the_step_its_screen_names() -> None:
    assert destination_match(ADD, _press(_gallery(), "fab", _editor())) >= 0.5
    spec = ReproSpec([ADD, S2RStep("Tap Save", CLICK, ["Save"])], "It crashes", "crash")
    path = Path([_press(_gallery(), "fab", _editor())])
    assert align(spec, path).reached == 0


def test_only_a_nameless_control_and_only_the_named_destination() -> None:
    # A control with a description is named by it: its own match decides.
    assert destination_match(ADD, _press(_gallery("Delete all"), "fab", _editor())) == 0.0
    # A screen titled otherwise does not do the step.
    assert destination_match(ADD, _press(_gallery(), "fab", _editor("Preferences"))) == 0.0
    # A typing step or one with a value is not done by opening a screen.
    typed = S2RStep("Type a sketch name", "input_text", ["sketch name"], value="Cat")
    assert destination_match(typed, _press(_gallery(), "fab", _editor())) == 0.0
    # No screen or window opened: nothing tells where the control leads.
    same = _press(_gallery(), "trash", _gallery())
    assert destination_match(ADD, same) == 0.0
    assert isinstance(same.action, Action)
