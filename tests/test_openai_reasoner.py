"""The ``openai`` reasoner's six roles against the fake OpenAI server on 127.0.0.1: what each
request carries (text, screenshots with numbered boxes, the role's schema, the right model), how
replies become decisions, when no call is made, and per-role accounting."""

from __future__ import annotations

import base64
import io
import json
import re

import pytest
from PIL import Image, ImageDraw

from device_agent.actions import CLICK, LONG_CLICK, PRESS_BACK, Action
from device_agent.hierarchy import find_node, parse_hierarchy, structural_hash
from orchestrator.ablation import Ablation
from orchestrator.diff import structural_diff
from orchestrator.enumerate import enumerate_actions
from orchestrator.errors import ConfigError, ReasonerError
from orchestrator.llm.images import BOX_COLOURS
from orchestrator.llm.schemas import ROLES, SCHEMAS, narrowed
from orchestrator.llm.settings import LLMSettings
from orchestrator.model import (
    CRASH,
    NON_CRASH,
    BugReport,
    CrashInfo,
    Path,
    ReproSpec,
    S2RStep,
    Screen,
    Transition,
)
from orchestrator.reasoner import make_reasoner
from orchestrator.reasoner.openai_reasoner import OpenAIReasoner

try:  # tests/ as a package (repo root on sys.path) or as a plain directory (pytest's default)
    from tests.fake_openai_server import FakeOpenAIServer
except ModuleNotFoundError:
    from fake_openai_server import FakeOpenAIServer  # type: ignore[no-redef]

PKG = "com.example.files"
WIDTH, HEIGHT = 1080, 2400


def _node(
    cls: str, bounds: str, text: str = "", rid: str = "", children: str = "", **flags: str
) -> str:
    attrs = {
        "index": "0",
        "text": text,
        "resource-id": f"{PKG}:id/{rid}" if rid else "",
        "class": cls,
        "package": PKG,
        "content-desc": "",
        "checkable": "false",
        "checked": "false",
        "clickable": "false",
        "enabled": "true",
        "focusable": "false",
        "focused": "false",
        "scrollable": "false",
        "long-clickable": "false",
        "password": "false",
        "selected": "false",
    }
    attrs.update({k.replace("_", "-"): v for k, v in flags.items()})
    attrs["bounds"] = bounds
    body = " ".join(f'{k}="{v}"' for k, v in attrs.items())
    return f"<node {body}>{children}</node>" if children else f"<node {body} />"


def screen_xml(rows: list[str], dialog: bool = False) -> str:
    items = "".join(
        _node(
            "android.widget.TextView",
            f"[0,{300 + 150 * i}][1080,{440 + 150 * i}]",
            text=r,
            rid="name",
            clickable="true",
            long_clickable="true",
        )
        for i, r in enumerate(rows)
    )
    items += _node(
        "android.widget.Button", "[40,2100][520,2250]", text="CUT", rid="cut", clickable="true"
    )
    items += _node(
        "android.widget.EditText",
        "[40,1900][1040,2040]",
        rid="search",
        clickable="true",
        focusable="true",
        hint="Search",
    )
    root = _node("android.widget.FrameLayout", f"[0,0][{WIDTH},{HEIGHT}]", children=items)
    head = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
    return f'{head}<hierarchy rotation="0">{root}</hierarchy>'


def png(colour: tuple[int, int, int] = (250, 250, 250)) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), colour)
    ImageDraw.Draw(image).text((50, 50), "Files", fill=(0, 0, 0))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def make_screen(
    rows: list[str], shot: bytes | None = None, activity: str = ".MainActivity"
) -> Screen:
    xml = screen_xml(rows)
    return Screen(
        hierarchy_xml=xml,
        structural_hash=structural_hash(xml),
        package=PKG,
        activity=activity,
        orientation="portrait",
        screenshot_png=png() if shot is None else shot,
    )


SPEC = ReproSpec(
    steps=[
        S2RStep("long click folder 'test2'", "long_click", ["test2"]),
        S2RStep("tap 'CUT'", "click", ["CUT"]),
    ],
    symptom="the folder list is empty after cutting",
    bug_kind=NON_CRASH,
    input_values=["test2"],
)


def transition(
    before: Screen, after: Screen, action: Action, crash: CrashInfo | None = None
) -> Transition:
    return Transition(
        action=action,
        before=before,
        after=after,
        diff=structural_diff(before, after, crash),
        crash=crash,
    )


@pytest.fixture
def server():
    with FakeOpenAIServer() as srv:
        yield srv


def reasoner(server: FakeOpenAIServer, ablation: Ablation | None = None, **kw) -> OpenAIReasoner:
    """The reasoner asking ``server``; every question asked as before issue 27 unless
    ``savings=True`` (tests/test_openai_savings.py tests the savings)."""
    kw.setdefault("savings", False)
    settings = LLMSettings(
        model="text-model",
        vision_model="vision-model",
        base_url=server.base_url,
        api_key="test-key",
        backoff_base_s=0.01,
        backoff_max_s=0.02,
        share_limit_with_ray=False,
        **kw,
    )
    return OpenAIReasoner(settings, ablation=ablation, beam=2)


def sent_globals(req) -> list[str]:
    """The global action names a filter prompt lists (``- press_back: press Back``)."""
    section = req.text.split("Global actions:", 1)[-1]
    return sorted(m.group(1) for m in re.finditer(r"^- (\w+):", section, re.MULTILINE))


def decode(url: str) -> Image.Image:
    assert url.startswith("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")


def test_analyze_report_is_text_only_on_the_text_model(server):
    report = BugReport(
        bug_id="X#1",
        title="Crash on paste",
        body="1. long click 'test2'\n2. tap 'paste'\n"
        "java.lang.IndexOutOfBoundsException: Invalid index 0",
        comments=["needs a folder first"],
    )
    spec = reasoner(server).analyze_report(report)
    (req,) = server.requests
    assert req.role == "report_analysis" and req.body["model"] == "text-model"
    assert req.images == []
    assert "Crash on paste" in req.text and "Comment 1: needs a folder first" in req.text
    assert [s.text for s in spec.steps] == ["long click 'test2'", "tap 'paste'"]
    assert spec.steps[0].action_hint == LONG_CLICK and spec.steps[0].targets == ["test2"]
    assert spec.bug_kind == CRASH and spec.exception_class == "java.lang.IndexOutOfBoundsException"


def test_analysis_without_steps_falls_back_to_the_title(server):
    empty = {
        "steps": [],
        "symptom": "",
        "bug_kind": "non-crash",
        "exception_class": "",
        "input_values": [],
        "setup_notes": [],
    }
    server.script("report_analysis", empty, empty)
    spec = reasoner(server).analyze_report(
        BugReport(bug_id="b", title="Wrong total", body="it is wrong")
    )
    assert [s.text for s in spec.steps] == ["Wrong total"] and spec.symptom == "Wrong total"
    assert "give at least one step" in server.requests[1].messages[-1]["content"]


def test_filter_sends_boxed_downscaled_screenshot_and_maps_ids(server):
    screen = make_screen(["test2", "Music"])
    candidates = enumerate_actions(parse_hierarchy(screen.hierarchy_xml))
    server.script(
        "action_filter",
        {
            "widgets": [
                {"id": 1, "action": "long_click", "reason": "step 1"},
                {"id": 3, "action": "click", "reason": "CUT"},
            ],
            "global_actions": [{"name": "press_back", "reason": "leave"}],
        },
    )
    result = reasoner(server).filter_actions(SPEC, screen, candidates, Path(), limit=6)
    assert [(a.kind, a.target.text if a.target else "") for a in result.actions] == [
        (LONG_CLICK, "test2"),
        (CLICK, "CUT"),
        (PRESS_BACK, ""),
    ]
    assert result.reasons == ["step 1", "CUT", "leave"]
    (req,) = server.requests
    assert req.body["model"] == "vision-model"
    sent = req.body["response_format"]["json_schema"]["schema"]
    ids = [int(i) for i in re.findall(r"^\[(\d+)\] ", req.text, re.MULTILINE)]
    assert ids == list(range(1, len(ids) + 1)) and len(ids) >= 3
    assert sent == narrowed("action_filter", {"id": ids, "name": sent_globals(req)})
    assert '[1] TextView "test2"' in req.text and "actions: click, long_click" in req.text
    assert "- press_back: press Back" in req.text and "1. long click folder 'test2'" in req.text
    (url,) = req.images
    image = decode(url)
    assert max(image.size) == 1024 and image.size == (461, 1024)
    # Box 1 (the "test2" row, [0,300][1080,440]) is drawn in the first colour along its left edge.
    scale = 1024 / HEIGHT
    assert _near(image.getpixel((1, round(370 * scale))), BOX_COLOURS[0])


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int], tol: int = 60) -> bool:
    return all(abs(p - c) <= tol for p, c in zip(pixel, colour, strict=False))


def test_filter_never_returns_none(server):
    screen = make_screen(["test2"])
    candidates = enumerate_actions(parse_hierarchy(screen.hierarchy_xml))
    nothing = {"widgets": [], "global_actions": []}
    server.script("action_filter", nothing, nothing)
    result = reasoner(server).filter_actions(SPEC, screen, candidates, Path(), limit=3)
    assert result.actions == [candidates[0]]
    assert "choose at least one action" in server.requests[1].messages[-1]["content"]


def test_filter_respects_the_limit_and_drops_unknown_ids(server):
    screen = make_screen(["a1", "a2", "a3"])
    candidates = enumerate_actions(parse_hierarchy(screen.hierarchy_xml))
    too_many = {
        "widgets": [{"id": i, "action": "click", "reason": "r"} for i in (9, 1, 2, 3)],
        "global_actions": [],
    }
    server.script("action_filter", too_many, too_many)
    result = reasoner(server).filter_actions(SPEC, screen, candidates, Path(), limit=2)
    assert [a.target.text for a in result.actions if a.target] == ["a1", "a2"]
    repair = server.requests[1].messages[-1]["content"]
    assert "widget ids [9] are not in the list" in repair and "at most 2 widgets" in repair


def test_filter_without_action_enumeration_proposes_one_action(server):
    screen = make_screen(["test2", "Music"])
    candidates = enumerate_actions(parse_hierarchy(screen.hierarchy_xml))
    result = reasoner(server, Ablation(no_action_enumeration=True)).filter_actions(
        SPEC, screen, candidates, Path(), 6
    )
    assert len(result.actions) == 1 and result.actions[0].target.text == "test2"
    assert "Choose the ONE action to perform next" in server.requests[0].messages[0]["content"]


def test_filter_without_screenshot_or_with_images_off_sends_text_only(server):
    screen = make_screen(["test2"], shot=b"")
    candidates = enumerate_actions(parse_hierarchy(screen.hierarchy_xml))
    reasoner(server).filter_actions(SPEC, screen, candidates, Path(), 3)
    reasoner(server, max_image_side=0).filter_actions(
        SPEC, make_screen(["test2"]), candidates, Path(), 3
    )
    assert [r.images for r in server.requests] == [[], []]
    assert "boxes" not in server.requests[0].messages[0]["content"]


def test_input_text_boxes_the_field_and_returns_the_value(server):
    screen = make_screen(["test2"])
    field = find_node(
        parse_hierarchy(screen.hierarchy_xml),
        next(
            a.target
            for a in enumerate_actions(parse_hierarchy(screen.hierarchy_xml))
            if a.kind == "input_text"
        ),
    )
    assert field is not None
    text = reasoner(server).input_text(SPEC, screen, field, Path())
    assert text == "test2"
    (req,) = server.requests
    assert req.role == "input_text" and req.body["model"] == "vision-model"
    assert "Hint: Search" in req.text and len(req.images) == 1
    image, scale = decode(req.images[0]), 1024 / HEIGHT
    assert _near(image.getpixel((round(540 * scale), round(1901 * scale))), BOX_COLOURS[0])


def test_summary_sends_before_and_after_and_the_diff(server):
    before, after = (
        make_screen(["test2"]),
        make_screen(["test2", "test3"], shot=png((230, 230, 255))),
    )
    action = Action(
        kind=CLICK,
        target=next(a.target for a in enumerate_actions(parse_hierarchy(before.hierarchy_xml))),
    )
    summary = reasoner(server).summarize_transition(SPEC, transition(before, after, action))
    (req,) = server.requests
    assert req.role == "transition_summary" and len(req.images) == 2
    assert decode(req.images[1]).getpixel((200, 900)) == (230, 230, 255)
    assert "New: 'test3'." in req.text  # the deterministic diff is in the prompt
    assert summary.startswith("Did click TextView") and "\n" not in summary


def test_summary_needs_no_call_for_crashes_or_no_change(server):
    screen = make_screen(["test2"])
    action = Action(kind=PRESS_BACK)
    crash = CrashInfo("java.lang.IndexOutOfBoundsException", "Invalid index 0, size is 0", PKG, 42)
    r = reasoner(server)
    assert r.summarize_transition(SPEC, transition(screen, make_screen(["x"]), action, crash)) == (
        "The app crashed with java.lang.IndexOutOfBoundsException: Invalid index 0, size is 0."
    )
    assert (
        r.summarize_transition(SPEC, transition(screen, make_screen(["test2"]), action))
        == "No visible change."
    )
    off = reasoner(server, Ablation(no_transition_assessment=True))
    assert off.summarize_transition(SPEC, transition(screen, make_screen(["y"]), action)) == ""
    assert server.calls() == 0


def test_summaries_of_a_level_run_concurrently_in_order(server):
    server.fail("slow", times=4, seconds=0.3)
    before = make_screen(["test2"])
    acts = [Action(kind="swipe", direction=d) for d in ("up", "down", "left", "right")]
    ts = [transition(before, make_screen([f"row{i}"]), a) for i, a in enumerate(acts)]
    summaries = reasoner(server, concurrency=4).summarize_transitions(SPEC, ts)
    assert [s.split(";")[0] for s in summaries] == [
        f"Did swipe {d}" for d in ("up", "down", "left", "right")
    ]
    assert server.max_in_flight > 1


def _path(*screens: Screen, summary: str = "") -> Path:
    path = Path()
    previous = make_screen([])
    for s in screens:
        a = Action(
            kind=CLICK,
            target=next(x.target for x in enumerate_actions(parse_hierarchy(s.hierarchy_xml))),
        )
        t = transition(previous, s, a)
        t.summary = summary
        path = path.extend(t)
        previous = s
    return path


def test_evaluate_paths_maps_keep_order_to_scores(server):
    paths = [
        _path(make_screen(["a"])),
        _path(make_screen(["b"]), make_screen(["c"])),
        _path(make_screen(["d"])),
    ]
    server.script(
        "path_evaluation",
        {
            "paths": [
                {"id": 1, "reached_step": 1, "complete": False, "reason": "one"},
                {"id": 2, "reached_step": 2, "complete": True, "reason": "two"},
                {"id": 3, "reached_step": 0, "complete": False, "reason": "none"},
            ],
            "keep": [2, 1, 3],
        },
    )
    judgements = reasoner(server).evaluate_paths(SPEC, paths)
    assert [j.reached_step for j in judgements] == [0, 1, -1]
    assert [j.complete for j in judgements] == [False, True, False]
    assert (
        judgements[1].score > judgements[0].score > judgements[2].score
    )  # beam 2: path 3 not kept
    assert judgements[2].score == 0.0
    (req,) = server.requests
    assert req.body["model"] == "text-model" and req.images == []
    assert "Path 2:" in req.text and "choose at most 2 to keep" in req.text


def test_evaluate_paths_prompt_does_not_depend_on_arrival_order(server):
    first, second = _path(make_screen(["a"])), _path(make_screen(["b"]))
    reply = {
        "paths": [
            {"id": 1, "reached_step": 1, "complete": False, "reason": "a"},
            {"id": 2, "reached_step": 2, "complete": True, "reason": "b"},
        ],
        "keep": [2],
    }
    server.script("path_evaluation", reply, reply)
    forward = reasoner(server).evaluate_paths(SPEC, [first, second])
    backward = reasoner(server).evaluate_paths(SPEC, [second, first])
    # Byte-identical prompts: the second reasoner's request is the first one again.
    assert server.calls() == 2 and server.requests[0].body == server.requests[1].body
    assert forward == backward[::-1]
    assert forward[1].complete and forward[1].score == 1.0


def test_evaluate_paths_repairs_missing_judgements(server):
    paths = [_path(make_screen(["a"])), _path(make_screen(["b"]))]
    partial = {
        "paths": [{"id": 1, "reached_step": 1, "complete": False, "reason": "r"}],
        "keep": [1],
    }
    server.script("path_evaluation", partial, partial)
    judgements = reasoner(server).evaluate_paths(SPEC, paths)
    assert "ids [2] are missing" in server.requests[1].messages[-1]["content"]
    assert judgements[1].reason == "not judged by the model" and judgements[1].reached_step == -1


def test_verify_applies_the_confidence_bar(server):
    path = _path(make_screen(["folder list is empty"]))
    other = _path(make_screen(["folder list is empty", "test2"]))
    server.script(
        "verification",
        {"reproduced": True, "evidence": "the list is empty", "confidence": 0.9},
        {"reproduced": True, "evidence": "maybe", "confidence": 0.3},
    )
    r = reasoner(server)
    # The model's own verdict (the offline evidence guard on top: tests/test_llm_claims.py).
    sure, unsure = r._model_verdict(SPEC, path), r._model_verdict(SPEC, other)
    assert (sure.reproduced, sure.evidence, sure.confidence) == (True, "the list is empty", 0.9)
    assert unsure.reproduced is False and unsure.confidence == 0.3
    req = server.requests[0]
    assert req.body["model"] == "vision-model" and len(req.images) == 1
    assert (
        "the folder list is empty after cutting" in req.text
        and '"folder list is empty"' in req.text
    )


def test_ablations_skip_their_calls(server):
    report = BugReport(
        bug_id="b", title="Wrong total", body="1. add 2\n2. see 3", comments=["also on tablets"]
    )
    r = reasoner(server, Ablation(no_report_analysis=True, no_bug_verification=True))
    spec = r.analyze_report(report)
    assert (
        len(spec.steps) == 1
        and "also on tablets" in spec.steps[0].text
        and spec.symptom == "Wrong total"
    )
    assert r.verify(spec, _path(make_screen(["x"]))).reproduced is True
    assert server.calls() == 0
    r.filter_actions(
        spec, make_screen(["x"]), enumerate_actions(parse_hierarchy(screen_xml(["x"]))), Path(), 3
    )
    assert "unanalysed; the whole report is the objective" in server.requests[0].text


def test_accounting_per_role_equals_server_reports(server):
    r = reasoner(server)
    spec = r.analyze_report(BugReport(bug_id="b", title="t", body="1. tap 'CUT'"))
    screen = make_screen(["test2"])
    candidates = enumerate_actions(parse_hierarchy(screen.hierarchy_xml))
    r.filter_actions(spec, screen, candidates, Path(), 3)
    path = _path(make_screen(["test2", "x"]))
    r.summarize_transition(spec, path.transitions[0])
    r.evaluate_paths(spec, [path])
    r.verify(spec, path)
    usage = r.usage.to_json()
    assert set(usage["by_role"]) == set(server.reported)
    for role, tally in server.reported.items():
        for key in ("calls", "prompt_tokens", "completion_tokens"):
            assert usage["by_role"][role][key] == tally[key], (role, key)
    assert usage["prompt_tokens"] == server.reported_total("prompt_tokens")
    # Screenshots cost: a vision request is far bigger than the text-only evaluation.
    assert usage["by_role"]["action_filter"]["prompt_tokens"] > 1000


def test_make_reasoner_builds_openai_and_checks_options(server, monkeypatch):
    r = make_reasoner("openai", model="m", base_url=server.base_url, api_key="test-key", beam=4)
    assert isinstance(r, OpenAIReasoner) and r.beam == 4 and r.needs_screenshots
    with pytest.raises(ConfigError, match="unknown LLM option"):
        make_reasoner("openai", model="m", colour="blue")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ReasonerError, match="OPENAI_API_KEY"):
        make_reasoner("openai", model="m", base_url=server.base_url)
    assert json.dumps(r.settings.to_json())  # serialisable for result.json, without the key


def test_every_role_has_a_template_and_schema():
    assert set(ROLES) == set(SCHEMAS)
