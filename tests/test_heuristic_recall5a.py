"""Recall rules of the offline reasoner added in issue 12's fifth round, part A (decision 0024),
on small hand-written reports and screens."""

from __future__ import annotations

from device_agent.actions import CLICK, INPUT_TEXT
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import id_label, node_label
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import align
from orchestrator.reasoner.heuristic import HeuristicReasoner
from tests.test_enumerate import dump, node, status_bar
from tests.test_heuristic import APP, _click, _screen, _spec_of, _transition

CAMERA = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        node(
            "android.widget.LinearLayout", "", f"{APP}:id/verticalButtonBar", "",
            (0, 63, 170, 1920),
            node("android.widget.ImageView", "", f"{APP}:id/shutterButton", "",
                 (0, 63, 170, 263), clickable=True, naf=True),
            node("android.widget.ImageButton", "", f"{APP}:id/switchCameraButton", "",
                 (0, 263, 170, 423), clickable=True, naf=True),
            node("android.widget.ImageButton", "", f"{APP}:id/galleryButton", "",
                 (0, 423, 170, 583), clickable=True, naf=True),
        ),
    ),
)  # fmt: skip
PICTURE = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920),
        node("android.widget.Button", "Return", f"{APP}:id/exitViewImageButton", "",
             (0, 1700, 1080, 1850), clickable=True),
    ),
)  # fmt: skip


def test_a_widget_named_by_its_resource_id_is_called_by_its_words_not_its_kind() -> None:
    # "shutterButton": a person calls it the shutter; "button" would count against every match.
    assert id_label(f"{APP}:id/shutterButton") == "shutter"
    assert id_label("btnNewFolder") == "new folder"
    assert id_label("settings_icon") == "settings"
    assert id_label(f"{APP}:id/icon") == "icon"  # nothing else to call it
    assert id_label("dir_up") == "dir up"
    tree = parse_hierarchy(CAMERA)
    shutter = next(n for n in tree.iter() if n.resource_id.endswith("shutterButton"))
    assert node_label(shutter) == "shutter"


def test_take_a_photo_is_done_by_the_shutter_labelled_only_by_its_resource_id() -> None:
    # AsciiCam-like: the camera's controls have no text or description, only resource ids.
    spec = _spec_of(
        S2RStep("Take a photo", CLICK, ["photo"]),
        S2RStep("Click Return", CLICK, ["Return"]),
        kind=NON_CRASH,
    )
    shutter = _transition(_click(CAMERA, "shutter"), CAMERA, PICTURE)
    assert align(spec, SPath([shutter])).reached == 0
    # Another camera control whose id shares a word with the step's synonyms does not do it.
    switch = _transition(_click(CAMERA, "switch camera"), CAMERA, CAMERA)
    assert align(spec, SPath([switch])).reached == -1


def _coordinates(latitude: str, title: str = "Latitude") -> str:
    """A spot editor: a row titled ``title`` beside a bare EditText (no hint, id
    ``edit_text``) holding ``latitude``."""
    return dump(
        status_bar(),
        node(
            "android.widget.LinearLayout", "", "", "", (0, 63, 1080, 1920),
            node(
                "android.widget.LinearLayout", "", f"{APP}:id/latitude_layout", "",
                (0, 1000, 540, 1260),
                node("android.widget.TextView", title, f"{APP}:id/title_text_view", "",
                     (0, 1000, 200, 1260)),
                node("android.widget.EditText", latitude, f"{APP}:id/edit_text", "",
                     (200, 1000, 540, 1260), clickable=True),
            ),
        ),
    )  # fmt: skip


def test_an_unvalued_typing_step_types_a_number_where_the_field_wants_one() -> None:
    # "Manually enter coordinates" gives no value: a word typed into a coordinate field is
    # dropped by its key listener, so the step never has an effect.
    reasoner = HeuristicReasoner()
    spec = _spec_of(S2RStep("Manually enter coordinates", INPUT_TEXT, ["coordinates"]))

    def value(xml: str) -> str:
        field = next(n for n in parse_hierarchy(xml).iter() if n.is_editable)
        return reasoner.input_text(spec, _screen(xml), field, SPath())

    # Named by the row's title ("Latitude"), even when the field is empty.
    assert value(_coordinates("")) == "12"
    # A field that holds a number takes a number, whatever its row is called.
    assert value(_coordinates("37.421998", title="Where")) == "12"
    assert value(_coordinates("-0,5", title="Where")) == "12"
    # Otherwise a word, as before.
    assert value(_coordinates("", title="Where")) == "test"
    assert value(_coordinates("Lake shore", title="Where")) == "test"
