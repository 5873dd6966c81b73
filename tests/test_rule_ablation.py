"""Issue 28 §4's ablation of the rule families: every alignment and value-extraction rule has a
name, REPROFARM_RULES_OFF switches rules (or a whole family) off, and a run counts which rules
fired, so that an ablation re-runs only the bugs a rule could have changed."""

from __future__ import annotations

from collections import Counter

import pytest

from orchestrator.model import BugReport, S2RStep
from orchestrator.reasoner import rules
from orchestrator.reasoner.align import said_before
from orchestrator.reasoner.heuristic import HeuristicReasoner

# A report of no catalog app: a recipe box.
REPORT = BugReport(
    bug_id="recipebox#1",
    title="Crash when opening a category",
    body=(
        "1. Tap Categories\n"
        "2. Create a category named Soups\n"
        "3. Enter a title, e.g. Minestrone\n"
        "App crashes with NullPointerException"
    ),
)


def test_a_switched_off_rule_answers_its_neutral_value_and_is_not_counted(monkeypatch) -> None:
    steps = [S2RStep(text="Open the pantry shelf", action_hint="click", targets=["pantry"])]
    assert said_before(steps)  # on: the earlier step's words are context
    monkeypatch.setenv(rules.RULES_OFF_ENV, "said_before")
    fired: Counter[str] = Counter()
    rules.count_into(fired)
    try:
        assert said_before(steps) == frozenset()
    finally:
        rules.count_into(None)
    assert fired["said_before"] == 0


def test_a_family_name_switches_off_all_its_rules_and_a_typo_is_refused(monkeypatch) -> None:
    monkeypatch.setenv(rules.RULES_OFF_ENV, "values, any_item")
    off = rules.rules_off()
    assert set(rules.VALUE_RULES) | {"any_item"} == off
    assert not rules.on("eg_value") and rules.on("said_before")
    monkeypatch.setenv(rules.RULES_OFF_ENV, "eg_vaule")
    with pytest.raises(ValueError, match="eg_vaule.*eg_value"):
        rules.rules_off()


def test_the_reasoner_counts_the_rules_its_calls_fire_and_an_ablation_changes_the_reading(
    monkeypatch,
) -> None:
    reasoner = HeuristicReasoner()
    spec = reasoner.analyze_report(REPORT)
    assert reasoner.rules_fired["named_value"] >= 1
    assert reasoner.rules_fired["eg_value"] >= 1
    assert {"Soups", "Minestrone"} <= {s.value for s in spec.steps}

    monkeypatch.setenv(rules.RULES_OFF_ENV, "named_value,eg_value")
    ablated = HeuristicReasoner()
    values = {s.value for s in ablated.analyze_report(REPORT).steps}
    assert "Soups" not in values and "Minestrone" not in values
    assert not ablated.rules_fired["named_value"] and not ablated.rules_fired["eg_value"]


def test_an_unknown_rule_to_switch_off_is_a_config_error_before_any_device(monkeypatch) -> None:
    from orchestrator.config import SearchConfig
    from orchestrator.errors import ConfigError

    monkeypatch.setenv(rules.RULES_OFF_ENV, "no_such_rule")
    with pytest.raises(ConfigError, match="no_such_rule"):
        SearchConfig().validate()


def test_result_json_lists_the_rules_the_run_fired() -> None:
    from orchestrator.results import RunRecord, build_result

    record = RunRecord(
        report=REPORT, app={}, profile="instant", time_scale=1.0, reasoner="heuristic"
    )
    record.rules_fired = {"said_before": 3, "any_item": 1}
    assert build_result(record)["rules_fired"] == {"any_item": 1, "said_before": 3}
