"""Issue 12 §1, decision 0032: "a value the person typed and saved is not what the saved item
shows" (anglers-log#151's shape: "Manually enter coordinates; Save; the coordinates are not
correct"). Small hand-written screens: a list with an item editor over it (a "Price" field
under its title, a name field, an icon-only check that saves, Cancel), and the list after."""

from __future__ import annotations

from dataclasses import replace

from device_agent.actions import CLICK, INPUT_TEXT, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner import verify as verifier
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _click, _spec_of, _transition

CHECK = "A check that signifies selection."
SYMPTOM = "Issue saving the price. Actual: In the list the price is not correct."


def _row(name: str, value: str, top: int) -> str:
    return node(
        "android.widget.LinearLayout",
        "",
        f"{APP}:id/row",
        "",
        (0, top, 1080, top + 150),
        node("android.widget.TextView", name, f"{APP}:id/title", "", (40, top, 1040, top + 70)),
        node(
            "android.widget.TextView",
            value,
            f"{APP}:id/subtitle",
            "",
            (40, top + 70, 1040, top + 140),
        ),
        clickable=True,
    )


def _list(*rows: tuple[str, str]) -> str:
    """The list window: an Add button and one row per ``(name, value)``."""
    return node(
        "android.widget.FrameLayout",
        "",
        "",
        "",
        (0, 63, 1080, 1920),
        button("Add item", (0, 100, 1080, 200), rid=f"{APP}:id/add"),
        *(_row(name, value, 300 + 160 * i) for i, (name, value) in enumerate(rows)),
    )


def _editor(price: str, name: str, *rows: tuple[str, str]) -> str:
    """The list with the item editor over it: the title "Price" above its field, the name
    field, the icon-only check (saves) and Cancel."""
    dialog = node(
        "android.widget.FrameLayout",
        "",
        "",
        "",
        (100, 400, 980, 1400),
        node(
            "android.widget.EditText",
            name,
            f"{APP}:id/name",
            "",
            (140, 450, 940, 550),
            clickable=True,
        ),
        node("android.widget.TextView", "Price", f"{APP}:id/price_title", "", (140, 600, 940, 660)),
        node(
            "android.widget.EditText",
            price,
            f"{APP}:id/price",
            "",
            (140, 670, 940, 770),
            clickable=True,
        ),
        node(
            "android.widget.ImageButton",
            "",
            f"{APP}:id/done",
            CHECK,
            (800, 1250, 940, 1350),
            clickable=True,
        ),
        button("Cancel", (140, 1250, 400, 1350), rid=f"{APP}:id/cancel"),
    )
    return dump(status_bar(), _list(*rows), dialog)


def _type(xml: str, rid: str, text: str) -> Action:
    for a in enumerate_actions(parse_hierarchy(xml), include_global=False):
        if (
            a.kind == INPUT_TEXT
            and a.target is not None
            and a.target.resource_id == f"{APP}:id/{rid}"
        ):
            return replace(a, text=text)
    raise AssertionError(f"no field {rid}")


def _spec(symptom: str = SYMPTOM):
    return _spec_of(
        S2RStep("Add item", CLICK, ["Add item"]),
        S2RStep("Enter the price", INPUT_TEXT, ["price"]),
        S2RStep("Save", CLICK, ["Save"]),
        kind=NON_CRASH,
        symptom=symptom,
    )


def _saved_path(
    price: str = "12",
    shown: str = "3.00",
    *,
    saved_name: str = "milk",
    retype: str | None = None,
    leave_with: str = CHECK,
    rows: tuple[tuple[str, str], ...] = (),
) -> SPath:
    """Add item → ``price`` into Price → "milk" into the name (→ ``retype`` into Price) → the
    check (or ``leave_with``) → the list shows ``rows`` and the row (``saved_name``, ``shown``)."""
    home = dump(status_bar(), _list(*rows))
    steps = [_transition(_click(home, "Add item"), home, _editor("", "", *rows))]
    held = price
    steps.append(
        _transition(
            _type(_editor("", "", *rows), "price", price),
            _editor("", "", *rows),
            _editor(price, "", *rows),
        )
    )
    named = _editor(price, "milk", *rows)
    steps.append(
        _transition(
            _type(_editor(price, "", *rows), "name", "milk"), _editor(price, "", *rows), named
        )
    )
    if retype is not None:
        held = retype
        steps.append(
            _transition(_type(named, "price", retype), named, _editor(retype, "milk", *rows))
        )
    before = _editor(held, "milk", *rows)
    after_rows = rows if leave_with == "Cancel" else (*rows, (saved_name, shown))
    steps.append(
        _transition(_click(before, leave_with), before, dump(status_bar(), _list(*after_rows)))
    )
    return SPath(steps)


def _claim(path: SPath, symptom: str = SYMPTOM) -> str:
    verdict = verifier.verify(_spec(symptom), path, [])
    return verdict.evidence if verdict.reproduced else ""


def test_a_typed_price_the_saved_row_does_not_show_is_claimed_with_its_evidence() -> None:
    evidence = _claim(_saved_path("12", "3.00"))
    assert "the price is not correct" in evidence
    assert "'12' into 'price'" in evidence.lower() and CHECK in evidence
    assert "milk / 3.00" in evidence


def test_the_value_shown_reformatted_or_rounded_is_no_evidence() -> None:
    assert _claim(_saved_path("12", "3.00"))  # the control: another number is evidence
    assert _claim(_saved_path("12", "12.000000")) == ""
    assert _claim(_saved_path("12", "Price: 12.0 EUR")) == ""
    assert _claim(_saved_path("12.3456789", "12.345679")) == ""
    assert _claim(_saved_path("12.3456789", "12.345681"))


def test_an_item_the_typed_name_does_not_identify_is_no_evidence() -> None:
    assert _claim(_saved_path("12", "3.00", saved_name="milk"))
    assert _claim(_saved_path("12", "3.00", saved_name="bread")) == ""
    assert _claim(_saved_path("12", "no price", saved_name="milk")) == ""  # no number to compare


def test_a_row_whose_numbers_are_not_one_per_number_field_is_no_evidence() -> None:
    # one number field (the price) but two numbers in the row: which one is the price is unknown
    assert _claim(_saved_path("12", "3.00 for 2 pcs")) == ""


def test_a_value_the_report_states_as_correct_or_expected_refuses() -> None:
    path = _saved_path("12", "3.00")
    assert _claim(path)
    stated = "Issue saving the price. Actual: the price is not correct, 12 is the right price."
    assert _claim(path, stated) == ""
    index = verifier.screen_index(path.last_screen.hierarchy_xml)
    observed = "Issue saving the price. In the list the price is not correct"
    spec = _spec()
    assert verifier._saved_value_differs(observed, "", spec, path, index)
    assert verifier._saved_value_differs(observed, "the price is 12", spec, path, index) == ""


def test_a_field_cleared_or_retyped_before_saving_and_a_cancel_refuse() -> None:
    assert _claim(_saved_path("12", "0.00"))
    assert _claim(_saved_path("12", "0.00", retype="")) == ""
    assert _claim(_saved_path("12", "5.00", retype="5")) == ""
    assert _claim(_saved_path("12", "3.00", rows=(("milk", "3.00"),)))
    # Cancel leaves the editor without saving: the old row "milk" / "3.00" proves nothing
    assert _claim(_saved_path("12", "3.00", leave_with="Cancel", rows=(("milk", "3.00"),))) == ""


def test_a_symptom_about_something_no_step_types_is_no_evidence() -> None:
    assert _claim(_saved_path("12", "3.00"), "Issue. Actual: the price was lost.")
    assert _claim(_saved_path("12", "3.00"), "Issue. Actual: the colour is not correct.") == ""
