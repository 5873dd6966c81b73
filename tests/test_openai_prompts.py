"""The prompt files, the JSON schemas and the screenshot preparation the ``openai`` reasoner
sends: every role's template renders, states every field its schema requires, and the schemas are
strict-mode compatible; screenshots are downscaled, boxed and numbered."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from device_agent.actions import Bounds
from orchestrator.errors import ConfigError, ReasonerError
from orchestrator.llm.images import BOX_COLOURS, data_url, image_size, prepare_screenshot
from orchestrator.llm.prompts import DEFAULT_DIR, PromptSet
from orchestrator.llm.schemas import ROLES, SCHEMAS, property_names

SPEC = {
    "raw_report": False,
    "steps": [
        {
            "text": "long click 'test2'",
            "action_hint": "long_click",
            "targets": ["test2"],
            "value": "",
        }
    ],
    "symptom": "crash",
    "bug_kind": "crash",
    "exception_class": "java.lang.IndexOutOfBoundsException",
    "input_values": ["test2"],
    "setup_notes": ["grant the storage permission"],
}
SCREEN = {"activity": ".Main", "orientation": "portrait", "keyboard": False}
PATH = [{"n": 1, "action": 'click Button "OK"', "summary": "Closed the intro."}]
CONTEXTS = {
    "report_analysis": {
        "report": {"title": "T", "body": "1. a", "comments": ["c"], "repo": "R", "url": "U"}
    },
    "action_filter": {
        "spec": SPEC,
        "screen": SCREEN,
        "path": PATH,
        "limit": 6,
        "max_global": 2,
        "single": False,
        "has_image": True,
        "widgets": [{"id": 1, "label": 'Button "CUT"', "actions": ["click"]}],
        "globals": [{"name": "press_back", "description": "press Back"}],
    },
    "input_text": {
        "spec": SPEC,
        "screen": SCREEN,
        "path": PATH,
        "has_image": True,
        "field": {
            "label": "Name",
            "class": "EditText",
            "resource_id": "name",
            "hint": "Name",
            "text": "",
            "password": False,
        },
    },
    "transition_summary": {
        "spec": SPEC,
        "action": "click X",
        "before": SCREEN,
        "after": SCREEN,
        "diff": "Opened dialog 'New'.",
        "has_images": True,
    },
    "path_evaluation": {
        "spec": SPEC,
        "keep": 3,
        "n_steps": 1,
        "assessed": True,
        "paths": [{"id": 1, "older": PATH, "recent": [], "screen": '"a"'}],
    },
    "verification": {
        "spec": SPEC,
        "path": PATH,
        "screen": {**SCREEN, "labels": '"a"'},
        "has_image": True,
    },
}


@pytest.mark.parametrize("role", ROLES)
def test_template_renders_and_names_every_schema_field(role: str):
    system, user = PromptSet().render(role, **CONTEXTS[role])
    assert system and user
    for name in property_names(SCHEMAS[role]):
        assert f'"{name}"' in system or f"{name}:" in system, (
            f"{role}.j2 never names field {name!r}"
        )
    text = (DEFAULT_DIR / f"{role}.j2").read_text()
    assert text.startswith("{#-") and "Inputs:" in text and "Returns JSON" in text


@pytest.mark.parametrize("role", ROLES)
def test_template_fails_loudly_on_a_missing_input(role: str):
    ctx = dict(CONTEXTS[role])
    ctx.pop(next(iter(ctx)))
    with pytest.raises(ConfigError, match=f"{role}.j2"):
        PromptSet().render(role, **ctx)


def test_objective_lists_steps_values_and_setup():
    _, user = PromptSet().render("action_filter", **CONTEXTS["action_filter"])
    assert "1. long click 'test2' [long_click]" in user
    assert 'Input values the report quotes: "test2"' in user
    assert "- grant the storage permission" in user
    assert '[1] Button "CUT" -- actions: click' in user


@pytest.mark.parametrize("role", ROLES)
def test_schemas_are_strict_mode_compatible(role: str):
    stack = [SCHEMAS[role]]
    while stack:
        node = stack.pop()
        if node.get("type") == "object":
            assert node["additionalProperties"] is False
            assert sorted(node["required"]) == sorted(node["properties"])
            stack += list(node["properties"].values())
        if node.get("type") == "array":
            stack.append(node["items"])
        allowed = {
            "type",
            "properties",
            "required",
            "additionalProperties",
            "items",
            "enum",
            "description",
            "title",
        }
        assert set(node) <= allowed, set(node) - allowed


def test_missing_prompt_directory_is_a_config_error(tmp_path: Path):
    with pytest.raises(ConfigError, match="REPROFARM_PROMPTS"):
        PromptSet(tmp_path / "nowhere")
    (tmp_path / "report_analysis.j2").write_text("{% block system %}s{% endblock %}")
    with pytest.raises(ConfigError, match="must define blocks"):
        PromptSet(tmp_path).template("report_analysis")


def _png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (255, 255, 255)).save(out, format="PNG")
    return out.getvalue()


def test_screenshot_is_downscaled_to_the_longest_side():
    assert image_size(prepare_screenshot(_png(1080, 2400), max_side=1024)) == (461, 1024)
    assert image_size(prepare_screenshot(_png(2400, 1080), max_side=512)) == (512, 230)
    assert image_size(prepare_screenshot(_png(300, 600), max_side=1024)) == (
        300,
        600,
    )  # never enlarged


def test_boxes_are_drawn_numbered_and_clipped():
    shot = prepare_screenshot(
        _png(1000, 1000), [(1, Bounds(100, 100, 500, 300)), (2, Bounds(600, 900, 1400, 1200))], 1000
    )
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    assert image.getpixel((300, 101)) == BOX_COLOURS[0]  # top edge of box 1
    assert image.getpixel((998, 950)) == BOX_COLOURS[1]  # box 2 clipped at the right border
    assert image.getpixel((300, 200)) == (255, 255, 255)  # inside stays untouched
    label = image.crop((100, 100, 120, 125))
    assert any(
        colour == (255, 255, 255) for _, colour in label.getcolors()
    )  # the white digit on the label


def test_bad_screenshot_is_a_reasoner_error():
    with pytest.raises(ReasonerError, match="not a readable image"):
        prepare_screenshot(b"not a png")
    assert data_url(b"\x89PNG").startswith("data:image/png;base64,")
