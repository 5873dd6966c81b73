"""The value typed into a field (issue 28 §2): a value the report's steps put in its field is
never overwritten by the next step's value meant for another field. Hand-written screens, no
catalog app."""

from __future__ import annotations

from device_agent.actions import INPUT_TEXT
from device_agent.hierarchy import parse_hierarchy
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.heuristic import HeuristicReasoner
from tests.test_claim_after_last_step import _type
from tests.test_enumerate import dump, node, status_bar
from tests.test_heuristic import APP, _spec_of, _transition


def _two_fields(title: str, note: str) -> str:
    return dump(
        status_bar(),
        node(
            "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
            node("android.widget.EditText", title, f"{APP}:id/title", "", (40, 200, 1040, 330),
                 clickable=True),
            node("android.widget.EditText", note, f"{APP}:id/note", "", (40, 400, 1040, 530),
                 clickable=True),
        ),
    )  # fmt: skip


def test_a_value_the_report_typed_is_not_overwritten_by_the_next_step_s_value() -> None:
    """The title holds 'Groceries' (step 1); step 2 types 'Milk' into the note: the title keeps
    its value (typing it again changes nothing) and the note field gets 'Milk'."""
    spec = _spec_of(
        S2RStep("Type 'Groceries' in the title field", INPUT_TEXT, ["title"], "Groceries"),
        S2RStep("Type 'Milk' in the note field", INPUT_TEXT, ["note"], "Milk"),
        kind=NON_CRASH,
        symptom="The note is lost",
        values=["Groceries", "Milk"],
    )
    before, after = _two_fields("", ""), _two_fields("Groceries", "")
    typed = _transition(_type(before, "Groceries"), before, after)
    screen = typed.after
    tree = parse_hierarchy(after)
    title, note = [n for n in tree.iter() if n.is_editable]
    reasoner = HeuristicReasoner()
    assert reasoner.input_text(spec, screen, title, SPath([typed])) == "Groceries"
    assert reasoner.input_text(spec, screen, note, SPath([typed])) == "Milk"
