"""A control with no label (an icon button or FAB with no description, as Flutter and Compose
draw them) is known by what it brings up: "Create a new habit" is done by the unlabelled FAB
that opened "New Habit" (``align.unlabelled_effect``), not by one that opened something else,
and a labelled control gains nothing from it."""

from __future__ import annotations

import pytest

from device_agent.actions import CLICK, Action, Bounds, Selector
from device_agent.hierarchy import structural_hash
from orchestrator.diff import structural_diff
from orchestrator.model import S2RStep, Screen, Transition
from orchestrator.reasoner import rules
from orchestrator.reasoner.align import MATCH_THRESHOLD, Progress, _step_score
from tests.test_enumerate import button, dump, node, status_bar

STEP = S2RStep("Create a new habit that does not occur today", "click", ["new habit"])
FAB = (880, 1400, 1040, 1560)


def _screen(*children: str) -> Screen:
    xml = dump(status_bar(), node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
                                  *children))  # fmt: skip
    return Screen(xml, structural_hash(xml), "com.example.app", ".Main", "portrait")


def _click(label: str, opens: str) -> Transition:
    before = _screen(
        node("android.view.View", "", "", "My Habits", (0, 100, 1080, 200)),
        button("", FAB, desc=label),
    )
    after = _screen(
        node("android.view.View", "", "", opens, (0, 100, 1080, 200)),
        node("android.widget.EditText", "", "", "", (0, 300, 1080, 400), clickable=True),
    )
    target = Selector(class_name="android.widget.Button", content_desc=label, bounds=Bounds(*FAB))
    diff = structural_diff(before, after, None, app_package="com.example.app")
    return Transition(Action(CLICK, target=target), before, after, diff)


def test_an_unlabelled_control_is_credited_by_the_screen_it_brought_up() -> None:
    assert _step_score(STEP, _click("", "New Habit"), Progress()) >= MATCH_THRESHOLD


def test_what_it_brought_up_must_be_named_like_the_step() -> None:
    assert _step_score(STEP, _click("", "Statistics"), Progress()) < MATCH_THRESHOLD


def test_a_labelled_control_gains_nothing_from_it() -> None:
    assert _step_score(STEP, _click("Share", "New Habit"), Progress()) < MATCH_THRESHOLD


def test_the_rule_switches_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(rules.RULES_OFF_ENV, "unlabelled_effect")
    rules._parse.cache_clear()
    try:
        assert _step_score(STEP, _click("", "New Habit"), Progress()) < MATCH_THRESHOLD
    finally:
        monkeypatch.delenv(rules.RULES_OFF_ENV)
        rules._parse.cache_clear()
