"""Issue 12 §2's report rules of the S2R analysis, fifth round: labelled variants of the steps,
preconditions given only in comments, and values described symbolically. Each test is a small
hand-written report (the issue's own made-up examples among them) that fails without its rule."""

from __future__ import annotations

from orchestrator.model import BugReport, ReproSpec
from orchestrator.reasoner.s2r import analyze


def _spec(body: str, title: str = "Something goes wrong", comments: list[str] | None = None):
    return analyze(BugReport(bug_id="app#1", title=title, body=body, comments=comments or []))


def _step(body: str) -> tuple[str, list[str], str]:
    """(action hint, targets, value) of the only step of a one-step report."""
    spec = _spec(f"**Steps to reproduce**\n1. Open the form\n2. {body}\n")
    step = spec.steps[-1]
    return step.action_hint, step.targets, step.value


# --- values described symbolically ---------------------------------------------------------------
def test_an_empty_name_clears_the_field() -> None:
    assert _step("Enter an empty name") == ("input_text", ["name"], "")
    assert _step("Type a blank title") == ("input_text", ["title"], "")


def test_leave_the_name_blank_is_a_step_that_clears_it() -> None:
    assert _step("Leave the name blank") == ("input_text", ["name"], "")
    assert _step("Leave the amount field empty") == ("input_text", ["amount field"], "")


def test_a_date_in_the_past_or_future_is_a_concrete_date() -> None:
    assert _step("Enter a date in the past") == ("input_text", ["date"], "01/01/2000")
    assert _step("Set the date to a date in the future") == ("input_text", ["date"], "12/12/2099")


def test_zero_and_a_decimal_number_are_typed_as_digits() -> None:
    assert _step("Enter an amount of zero") == ("input_text", ["amount"], "0")
    assert _step("Type a decimal amount") == ("input_text", ["amount"], "1.5")


def test_the_describing_words_are_not_part_of_the_fields_label() -> None:
    assert _step("Type a negative amount") == ("input_text", ["amount"], "-1")
    hint, targets, value = _step("Enter a very long name")
    assert (hint, targets) == ("input_text", ["name"]) and len(value) > 80


def test_a_quoted_error_message_is_never_read_as_the_value() -> None:
    # The quote is what the app shows: "zero" inside it describes no input.
    hint, _, value = _step('Type a name, the error "Amount must be greater than zero" appears')
    assert hint == "input_text" and value != "0"
    # A quoted value is typed as written.
    assert _step('Enter "zero" in the name field')[2] == "zero"


# --- labelled variants of the steps --------------------------------------------------------------
VARIANTS = """**Describe the bug**
The counter goes back to its starting value.

**Steps to reproduce**
1. Open the counter screen

Variant A:
1. Tap Start
2. Rotate the phone

Variant B:
1. Open the menu
2. Tap Reset counter
"""


def test_labelled_variants_pick_the_one_the_title_fits_and_keep_the_other() -> None:
    spec = _spec(VARIANTS, title="Counter restarts after rotation")
    assert [s.text for s in spec.steps][-2:] == ["Tap Start", "Rotate the phone"]
    assert len(spec.alternatives) == 1
    assert [s.text for s in spec.alternatives[0]][-2:] == ["Open the menu", "Tap Reset counter"]
    # Both start with the steps written before the variants.
    assert spec.steps[0].text == spec.alternatives[0][0].text == "Open the counter screen"


def test_labelled_variants_pick_the_first_when_the_title_fits_neither() -> None:
    body = VARIANTS.replace("Variant A:", "### Option 1").replace(
        "Variant B:", "**Option 2** (from the menu)"
    )
    spec = _spec(body, title="Counter is wrong")
    assert [s.text for s in spec.steps][-1] == "Rotate the phone"
    assert [s.text for s in spec.alternatives[0]][-1] == "Tap Reset counter"


def test_a_single_list_has_no_alternatives_and_old_specs_load() -> None:
    spec = _spec("**Steps to reproduce**\n1. Tap Start\n2. Rotate the phone\n")
    assert spec.alternatives == [] and "alternatives" not in spec.to_json()
    both = _spec(VARIANTS, title="Counter restarts after rotation")
    again = ReproSpec.from_json(both.to_json())
    assert again.alternatives == both.alternatives and again.steps == both.steps


# --- preconditions given only in comments --------------------------------------------------------
STEPS = "**Steps to reproduce**\n1. Open Settings\n2. Tap Sync now\n"


def _texts(spec) -> list[str]:
    return [s.text for s in spec.steps]


def test_a_comments_only_after_condition_becomes_steps_before_the_trigger() -> None:
    spec = _spec(STEPS, comments=["Confirmed. It only happens after turning option Z off and on."])
    assert _texts(spec) == [
        "Open Settings",
        'Turn off "option Z"',
        'Turn on "option Z"',
        "Tap Sync now",
    ]
    assert spec.steps[1].targets == spec.steps[2].targets == ["option Z"]


def test_you_need_at_least_two_accounts_adds_one_first() -> None:
    spec = _spec(STEPS, comments=["Note: you need at least two accounts for this."])
    assert _texts(spec)[0] == "Add another account" and spec.steps[0].targets == ["account"]
    assert _texts(spec)[1:] == ["Open Settings", "Tap Sync now"]


def test_a_settings_state_a_comment_requires_is_a_setup_note_not_a_step() -> None:
    # The report's steps reached the bug without touching it: the app had that state already,
    # and a click to "set" it would toggle it away (KISS#1481's false claim, decision 0026).
    spec = _spec(
        STEPS, comments=['Can reproduce, "Auto sync" _needs to be disabled_, otherwise ok']
    )
    assert _texts(spec) == ["Open Settings", "Tap Sync now"]
    assert '"Auto sync" needs to be disabled' in spec.setup_notes
    spec = _spec(STEPS, comments=["This crashes only when dark mode is enabled."])
    assert _texts(spec) == ["Open Settings", "Tap Sync now"]
    assert "dark mode is enabled" in spec.setup_notes
    # ... but an action to do to reproduce is a step.
    spec = _spec(STEPS, comments=["To reproduce, you need to enable Offline mode first."])
    assert _texts(spec) == ["Open Settings", "enable Offline mode", "Tap Sync now"]


def test_comment_conditions_the_steps_already_have_or_a_fix_note_add_nothing() -> None:
    assert _texts(_spec(STEPS, comments=["It only happens after you tap Sync now."])) == [
        "Open Settings",
        "Tap Sync now",
    ]
    fixed = "Fixed in 2.1: it only happens after turning option Z off and on."
    assert _texts(_spec(STEPS, comments=[fixed])) == ["Open Settings", "Tap Sync now"]
    # The body's own sentences are not comments: no step is added from them.
    body = STEPS + "\nIt only happens after turning option Z off and on.\n"
    assert "option Z" not in " ".join(_texts(_spec(body)))


# --- the search falls back to the next variant within the budget left ----------------------------
def test_the_next_variant_gets_only_the_budget_the_first_left() -> None:
    import time

    from orchestrator.config import SearchConfig
    from orchestrator.run import _after, _budget_left
    from orchestrator.search import COST_BUDGET_STOP, NOT_REPRODUCED, SearchOutcome

    config = SearchConfig(max_probes=1500, max_minutes=4.0)
    now = time.monotonic()
    early = SearchOutcome(NOT_REPRODUCED, None, stop_reason="no candidate paths left")
    early.stats = {"probes": 300, "levels": 5, "note": "x"}
    left = _budget_left(early, config, now - 60.0)
    assert left is not None and left.max_probes == 1200 and 2.9 < left.max_minutes < 3.01
    # No fallback after a claim, a spent cost budget, or a spent probe or time budget.
    claimed = SearchOutcome("symptom", None, stats={"probes": 10})
    assert _budget_left(claimed, config, now) is None
    cost = SearchOutcome(NOT_REPRODUCED, None, stop_reason=f"{COST_BUDGET_STOP} (1 USD)")
    assert _budget_left(cost, config, now) is None
    spent = SearchOutcome(NOT_REPRODUCED, None, stats={"probes": 1490})
    assert _budget_left(spent, config, now) is None
    assert _budget_left(early, config, now - 239.0) is None
    # With variants still to search, each gets an equal share: the first cannot spend it all.
    first = _budget_left(None, config, now, 2)
    assert first is not None and first.max_probes == 750 and first.max_minutes == 2.0
    second = _budget_left(early, config, now - 60.0, 2)
    assert second is not None and second.max_probes == 600 and 1.4 < second.max_minutes < 1.51
    # The run counts both searches' probes; the verdict is the second's.
    then = SearchOutcome("symptom", None, stats={"probes": 40, "levels": 2, "note": "y"})
    then.probe_log = [{"probe": 2}]
    early.probe_log = [{"probe": 1}]
    both = _after(early, then)
    assert both.verdict == "symptom" and both.stats == {"probes": 340, "levels": 7, "note": "y"}
    assert both.probe_log == [{"probe": 1}, {"probe": 2}]


def test_options_under_a_solutions_or_workaround_heading_are_no_variants() -> None:
    steps = "## Steps to reproduce\n1. Open Settings\n2. Tap Sync now\n\n"
    for heading in ("## Possible solutions", "**Workaround**", "## Expected behavior"):
        body = steps + f"{heading}\n### Option 1\nTap OK to close it.\n### Option 2\nOpen Help.\n"
        spec = _spec(body)
        assert _texts(spec) == ["Open Settings", "Tap Sync now"] and spec.alternatives == []
    # A variant's own expected behaviour does not end the series of variants.
    body = VARIANTS.replace("Variant B:", "### Expected\nNo restart\n\nVariant B:")
    spec = _spec(body, title="Counter restarts after rotation")
    assert [s.text for s in spec.alternatives[0]][-1] == "Tap Reset counter"


def test_a_denied_or_asked_condition_in_a_comment_adds_no_step() -> None:
    for comment in (
        "You don't need at least two accounts, one is enough.",
        "Do you need at least two accounts to reproduce?",
        "It is not true that it only happens after enabling Offline mode.",
    ):
        assert _texts(_spec(STEPS, comments=[comment])) == ["Open Settings", "Tap Sync now"]
    said = "I could not reproduce at first, it only happens after enabling Offline mode."
    assert _texts(_spec(STEPS, comments=[said])) == [
        "Open Settings",
        "enable Offline mode",
        "Tap Sync now",
    ]


def test_a_quoted_value_with_no_field_named_is_a_value_and_no_label() -> None:
    """'Enter "Run"' types Run into whatever field is there (no widget is called 'Enter "Run');
    'enter "Run" as name' types Run, not the word "name" (the quote is the value)."""
    spec = _spec('1. Tap Add\n2. Enter "Run"\n3. Tap Save')
    assert (spec.steps[1].action_hint, spec.steps[1].targets, spec.steps[1].value) == (
        "input_text",
        [],
        "Run",
    )
    spec = _spec('1. Tap Add\n2. enter "Run" as name\n3. Tap Save')
    assert spec.steps[1].value == "Run"


def test_an_arrow_inside_brackets_leaves_no_bracket_in_the_target() -> None:
    spec = _spec(
        "**Steps to reproduce**\n1. Open the list → pick two rows → Edit → change the kind "
        '(here, "Small" → "Large")\n'
    )
    assert spec.steps[-1].targets == ["Large"]
    # A bracket the target opens itself stays.
    assert _spec("**Steps**\n1. Settings → Units (metric)\n").steps[-1].targets == [
        "Units (metric)"
    ]


def test_only_html_elements_are_markup() -> None:
    spec = _spec(
        "**Steps to reproduce**\n1. Open the form\n"
        '2. Type "Hi <name>" into the title, <b>then</b> save<br/>\n'
    )
    assert spec.steps[1].value == "Hi <name>"  # a placeholder the reporter typed, kept
    assert [s.text for s in spec.steps[1:]] == ['Type "Hi <name>" into the title', "save"]
