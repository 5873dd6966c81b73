"""How text fields are named and which one an unvalued typing step means (decision 0029), on
small hand-written screens: the title a form puts above a field, and "Manually enter
coordinates" done only in a coordinate field."""

from __future__ import annotations

from dataclasses import replace

from device_agent.actions import INPUT_TEXT, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import context_label, enumerate_actions
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align
from orchestrator.text import similarity
from tests.test_enumerate import dump, node, status_bar
from tests.test_heuristic import APP, _spec_of, _transition


def _column(rid: str, title: str, value: str, left: int, right: int) -> str:
    """An InputTextView: an icon beside a column of ``title`` over a bare EditText."""
    return node(
        "android.widget.LinearLayout", "", f"{APP}:id/{rid}", "", (left, 1340, right, 1600),
        node("android.widget.ImageView", "", f"{APP}:id/icon_image_view", "",
             (left, 1340, left + 120, 1600)),
        node(
            "android.widget.LinearLayout", "", "", "", (left + 120, 1340, right, 1600),
            node("android.widget.TextView", title, f"{APP}:id/title_text_view", "",
                 (left + 120, 1340, right, 1450)),
            node("android.widget.EditText", value, f"{APP}:id/edit_text", "",
                 (left + 120, 1450, right, 1600), clickable=True),
        ),
    )  # fmt: skip


# A fishing-spot editor: a name field (its hint shown as its text), a map, then a row of two
# titled coordinate fields and a sync button, all the fields with the same id.
SPOT = dump(
    status_bar(),
    node(
        "android.widget.LinearLayout", "", "", "", (0, 63, 1080, 1920),
        node("android.widget.EditText", "Add name", f"{APP}:id/edit_text", "",
             (120, 200, 1000, 360), clickable=True),
        node("android.view.View", "", f"{APP}:id/map", "", (0, 360, 1080, 1340)),
        node(
            "android.widget.LinearLayout", "", "", "", (0, 1340, 1080, 1600),
            _column("latitude_layout", "Latitude", "37.421998", 0, 470),
            _column("longitude_layout", "Longitude", "-122.084000", 470, 920),
            node("android.widget.ImageButton", "", f"{APP}:id/coordinate_refresh_button",
                 "Attempts to get weather data from the web.", (920, 1340, 1080, 1500),
                 clickable=True),
        ),
    ),
)  # fmt: skip


def _fields(xml: str) -> list[Action]:
    return [a for a in enumerate_actions(parse_hierarchy(xml), include_global=False)
            if a.kind == INPUT_TEXT]  # fmt: skip


def test_a_field_under_a_title_is_named_by_it() -> None:
    name, latitude, longitude = _fields(SPOT)
    assert latitude.extra["context"] == "Latitude"  # not the other field's value on its row
    assert longitude.extra["context"] == "Longitude"
    assert name.extra["context"] == ""
    tree = parse_hierarchy(SPOT)
    field = next(n for n in tree.iter() if n.is_editable and n.bounds.left == 590)
    assert context_label(field) == "Longitude"


def test_a_title_is_only_what_sits_directly_above_and_names_nothing_itself() -> None:
    # A button above a field names itself, and a caption further than one field height away
    # belongs to something else.
    screen = dump(
        status_bar(),
        node(
            "android.widget.LinearLayout", "", "", "", (0, 63, 1080, 900),
            node("android.widget.TextView", "Far caption", "", "", (0, 63, 1080, 150)),
            node("android.widget.Button", "Add fishing spot", f"{APP}:id/primary_button", "",
                 (0, 500, 1080, 600), clickable=True),
            node("android.widget.EditText", "", f"{APP}:id/edit_text", "", (0, 600, 1080, 700),
                 clickable=True),
        ),
    )  # fmt: skip
    (field,) = _fields(screen)
    assert field.extra["context"] == ""


def test_coordinates_name_latitude_and_longitude_but_those_not_each_other() -> None:
    assert similarity("Latitude", "coordinates") >= 0.5
    assert similarity("Longitude", "Manually enter coordinates") >= 0.5
    assert similarity("Longitude", "Latitude") == 0.0
    assert similarity("Latitude", "longitude") == 0.0


def _typed(field: Action, text: str = "12") -> SPath:
    """The path typing ``text`` into ``field`` of :data:`SPOT` (the screen then shows it)."""
    before = field.target.text if field.target else ""
    after = SPOT.replace(f'text="{before}"', f'text="{text}"', 1)
    return SPath([_transition(replace(field, text=text), SPOT, after)])


def test_an_unvalued_typing_step_is_done_only_in_the_field_it_names() -> None:
    name, latitude, longitude = _fields(SPOT)
    coordinates = _spec_of(
        S2RStep("Manually enter coordinates", INPUT_TEXT, ["coordinates"]), kind=NON_CRASH
    )
    # The spot's name is no coordinate.
    assert align(coordinates, _typed(name, "test")).reached == -1
    assert align(coordinates, _typed(latitude)).reached == 0
    assert align(coordinates, _typed(longitude)).reached == 0
    # A step naming no field of the screen may still be done in any of them.
    text = _spec_of(S2RStep("Enter some text", INPUT_TEXT, ["some text"]), kind=NON_CRASH)
    assert align(text, _typed(name, "test")).reached == 0
    assert align(text, _typed(latitude)).reached == 0
