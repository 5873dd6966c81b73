"""A create step is done by a button that says only the operation ("Create") on a screen that
names the thing it creates, never on one that does not (a first-run account form's Create);
"open your new recipe" means the recipe the path made, not a "New recipe" button. Hand-written
screens of no catalog app."""

from __future__ import annotations

from device_agent.actions import CLICK
from orchestrator.model import S2RStep
from orchestrator.reasoner.align import names_a_new_thing, names_only_the_operation, screen_index
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP


def _screen(*widgets: str) -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920), *widgets),
    )


ACCOUNT = _screen(
    node("android.widget.EditText", "Your name", f"{APP}:id/user", "", (0, 200, 1080, 300)),
    button("Create", (0, 400, 1080, 500), rid=f"{APP}:id/submit"),
)
RECIPES = _screen(
    node("android.widget.TextView", "Recipes", f"{APP}:id/title", "", (0, 63, 1080, 200)),
    button("Create", (0, 400, 1080, 500), rid=f"{APP}:id/fab"),
)
BY_ID = _screen(button("Add", (0, 400, 1080, 500), rid=f"{APP}:id/add_recipe"))

CREATE = S2RStep("Create a recipe with a long name", CLICK, ["recipe"])


def test_a_bare_operation_button_creates_the_thing_only_where_the_thing_is_named() -> None:
    assert names_only_the_operation(CREATE, "Create", screen_index(ACCOUNT))
    assert not names_only_the_operation(CREATE, "Create", screen_index(RECIPES))
    assert not names_only_the_operation(CREATE, "Add", screen_index(BY_ID))  # its id says it
    # a label that names more than the operation is judged as before
    assert not names_only_the_operation(CREATE, "Create account", screen_index(ACCOUNT))


def test_your_new_thing_is_not_the_button_that_makes_one() -> None:
    step = S2RStep("Open your new recipe", CLICK, ["new recipe"])
    assert names_a_new_thing(step, "New recipe")
    assert not names_a_new_thing(step, "Apple pie")
    assert not names_a_new_thing(S2RStep("Create a new recipe", CLICK, ["recipe"]), "New recipe")
