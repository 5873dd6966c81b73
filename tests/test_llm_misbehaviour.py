"""LLM endpoints that misbehave (issue 15, section 4), fed through the fake OpenAI server on
127.0.0.1 over real HTTP: an unusable reply costs one judgement ("no opinion", counted), never
the reproduction; a request refused for good (image part refused with 400, 429 "Request too
large") is resent once downgraded, reported once naming the model, and the run's mode is not
weakened; request schemas list their allowed values as enums, so a strict server needs no
repair round."""

from __future__ import annotations

import json

import pytest

from device_agent.hierarchy import find_node, parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.llm.client import IMAGE_REFUSED, TOO_LARGE, rejection_kind
from orchestrator.llm.schemas import GLOBAL_NAMES
from orchestrator.model import BugReport, Path
from orchestrator.reasoner.heuristic import HeuristicReasoner

try:  # tests/ as a package (repo root on sys.path) or as a plain directory (pytest's default)
    from tests.fake_openai_server import FakeOpenAIServer
    from tests.test_openai_reasoner import SPEC, _path, decode, make_screen, reasoner
except ModuleNotFoundError:
    from fake_openai_server import FakeOpenAIServer  # type: ignore[no-redef]
    from test_openai_reasoner import (  # type: ignore[no-redef]
        SPEC,
        _path,
        decode,
        make_screen,
        reasoner,
    )

REPORT = BugReport(
    bug_id="files-7",
    title="Crash when cutting a folder",
    body="1. Long click folder 'test2'\n2. Tap 'CUT'\n3. The app crashes",
)


def _counter(r, role: str, key: str) -> int:
    return int(r.usage.by_role.get(role, {}).get(key, 0))


def _filter_inputs(rows: list[str]):
    screen = make_screen(rows)
    return screen, enumerate_actions(parse_hierarchy(screen.hierarchy_xml))


# -- one unusable reply: retry (repair round), then "no opinion", counted, and go on ---------------
@pytest.mark.parametrize("fault", ["malformed_json", "schema_break"])
def test_unusable_path_evaluation_is_no_opinion_and_the_next_one_counts(fault):
    paths = [_path(make_screen(["a"])), _path(make_screen(["b"]))]
    with FakeOpenAIServer() as server:
        server.fail(fault, times=2, role="path_evaluation")  # the reply and its repair
        r = reasoner(server)
        judgements = r.evaluate_paths(SPEC, paths)
        assert server.calls("path_evaluation") == 2  # asked, then repaired once: no more
        assert [j.complete for j in judgements] == [False, False]
        assert all(j.reason == "no opinion from the model" for j in judgements)
        assert _counter(r, "path_evaluation", "no_opinion") == 1
        assert r.usage.to_json()["no_opinion"] == 1
        # The run goes on: the next question is answered by the model as usual.
        later = r.evaluate_paths(SPEC, [_path(make_screen(["c"]))])
        assert later[0].reason != "no opinion from the model"
        assert _counter(r, "path_evaluation", "no_opinion") == 1


def test_unusable_verification_is_not_reproduced():
    path = _path(make_screen(["folder list is empty"]))
    with FakeOpenAIServer() as server:
        server.fail("schema_break", times=2, role="verification")
        r = reasoner(server)
        verdict = r.verify(SPEC, path)
        assert verdict.reproduced is False and verdict.confidence == 0.0
        assert "no opinion" in verdict.evidence
        assert _counter(r, "verification", "no_opinion") == 1


def test_unusable_report_analysis_falls_back_to_the_offline_analysis():
    with FakeOpenAIServer() as server:
        server.fail("malformed_json", times=2, role="report_analysis")
        r = reasoner(server)
        spec = r.analyze_report(REPORT)
        assert spec == HeuristicReasoner().analyze_report(REPORT)
        assert len(spec.steps) >= 2
        assert _counter(r, "report_analysis", "no_opinion") == 1


def test_unusable_filter_and_input_reply_use_the_offline_choice():
    screen, candidates = _filter_inputs(["test2", "Music"])
    target = next(a.target for a in candidates if a.kind == "input_text")
    field = find_node(parse_hierarchy(screen.hierarchy_xml), target)
    assert field is not None
    with FakeOpenAIServer() as server:
        server.fail("malformed_json", times=2, role="action_filter")
        server.fail("schema_break", times=2, role="input_text")
        r = reasoner(server)
        offline = HeuristicReasoner()
        kept = r.filter_actions(SPEC, screen, candidates, Path(), 3)
        assert kept.actions and kept == offline.filter_actions(SPEC, screen, candidates, Path(), 3)
        text = r.input_text(SPEC, screen, field, Path())
        assert text == offline.input_text(SPEC, screen, field, Path())
        assert _counter(r, "action_filter", "no_opinion") == 1
        assert _counter(r, "input_text", "no_opinion") == 1


# -- permanent rejections: downgrade once, report once, keep the run's mode ------------------------
def test_refused_image_part_is_resent_once_without_images_and_reported_once():
    with FakeOpenAIServer(refuse_images=True) as server:
        r = reasoner(server)
        for rows in (["test2", "Music"], ["test2", "Photos"]):
            screen, candidates = _filter_inputs(rows)
            kept = r.filter_actions(SPEC, screen, candidates, Path(), 3)
            assert kept.actions[0].target.text == "test2"  # the model's answer, not a fallback
        # Per question: the whole request first (the run is not switched to text-only), then
        # once without the image; never the same request twice.
        assert [len(q.images) for q in server.requests] == [1, 0, 1, 0]
        assert [q.status for q in server.requests] == [400, 200, 400, 200]
        bodies = [json.dumps(q.body, sort_keys=True) for q in server.requests]
        assert len(set(bodies)) == 4
        # The structured-output mode stays the strongest: the refusal was not about it.
        assert r.client.mode == "json_schema"
        assert all(q.body["response_format"]["type"] == "json_schema" for q in server.requests)
        # Reported once, naming the model; every downgrade counted.
        (note,) = r.usage.downgrades
        assert note["model"] == "vision-model" and note["kind"] == IMAGE_REFUSED
        assert note["downgrade"] == "no image" and note["status"] == 400
        assert _counter(r, "action_filter", "downgrades") == 2
        assert _counter(r, "action_filter", "no_opinion") == 0
        assert r.usage.to_json()["downgrades"] == [note]


def test_request_too_large_is_resent_once_smaller():
    rows = [f"folder{i}" for i in range(8)] + ["test2"]
    screen, candidates = _filter_inputs(rows)
    with FakeOpenAIServer() as server:
        reasoner(server).filter_actions(SPEC, screen, candidates, Path(), 3)
        whole = server.reported["action_filter"]["prompt_tokens"]
        server.max_request_tokens = whole - 50  # the whole request no longer fits
        r = reasoner(server)
        r.filter_actions(SPEC, screen, candidates, Path(), 3)
        first, second = server.requests[1:]
        assert first.status == 429 and second.status == 200
        # Not resent unchanged: half the widgets, and the screenshot at half the side.
        assert first.text.count("-- actions:") == len(rows) + 2  # rows, CUT, search field
        assert second.text.count("-- actions:") == (len(rows) + 2) // 2
        big, small = decode(first.images[0]), decode(second.images[0])
        assert max(small.size) == max(big.size) // 2
        (note,) = r.usage.downgrades
        assert note["kind"] == TOO_LARGE and note["model"] == "vision-model"
        assert "too large" in note["reason"].lower()
        assert note["downgrade"] == "fewer candidates and smaller image"
        assert _counter(r, "action_filter", "rate_limited") == 0  # not waited on nor retried


def test_too_large_request_that_cannot_shrink_is_no_opinion_after_one_request():
    paths = [_path(make_screen(["a"])), _path(make_screen(["b"]))]
    with FakeOpenAIServer(max_request_tokens=50) as server:
        r = reasoner(server)
        judgements = r.evaluate_paths(SPEC, paths)
        assert server.calls() == 1  # text only, nothing to leave out: not resent
        assert [j.reason for j in judgements] == ["no opinion from the model"] * 2
        assert _counter(r, "path_evaluation", "no_opinion") == 1
        assert r.usage.downgrades == []


def test_downgraded_request_refused_again_is_no_opinion():
    screen, candidates = _filter_inputs(["test2", "Music"])
    with FakeOpenAIServer(max_request_tokens=50) as server:
        r = reasoner(server)
        kept = r.filter_actions(SPEC, screen, candidates, Path(), 3)
        assert server.calls() == 2 and [q.status for q in server.requests] == [429, 429]
        assert kept.actions  # the offline choice: the run goes on
        assert _counter(r, "action_filter", "no_opinion") == 1


@pytest.mark.parametrize(
    ("status", "message", "code", "images", "kind"),
    [
        (429, "Request too large for gpt-4o ... must be reduced", "rate_limit_exceeded", 0, 1),
        (429, "Rate limit reached for gpt-4o. Please try again in 20ms.", "", 0, 0),
        (400, "This model's maximum context length is 8192 tokens.", "", 0, 1),
        (413, "Payload Too Large", "", 0, 1),
        (400, "Invalid content type. image_url is only supported by certain models.", "", 1, 2),
        (400, "At most 1 image(s) may be provided in one request.", "", 1, 2),
        (400, "At most 1 image(s) may be provided in one request.", "", 0, 0),
        (400, "response_format type json_schema is not supported", "", 1, 0),
    ],
)
def test_rejection_kinds(status, message, code, images, kind):
    expected = ["", TOO_LARGE, IMAGE_REFUSED][kind]
    assert rejection_kind(status, message, code, bool(images)) == expected


# -- enums: a strict server needs no repair round --------------------------------------------
def _sloppy(role: str, body: dict) -> dict:
    """A model that names a widget, a global action, a step and a path that do not exist."""
    if role == "action_filter":
        return {
            "widgets": [{"id": 99, "action": "click", "reason": "r"}],
            "global_actions": [{"name": "press_menu", "reason": "r"}],
        }
    judged = [{"id": i, "reached_step": 9, "complete": False, "reason": "r"} for i in (1, 2)]
    return {"paths": judged, "keep": [7]}


@pytest.mark.parametrize("strict", [True, False])
def test_request_schemas_list_allowed_values_so_strict_servers_need_no_repair(strict):
    screen, candidates = _filter_inputs(["test2", "Music"])
    with FakeOpenAIServer(strict=strict, responder=_sloppy) as server:
        r = reasoner(server)
        r.filter_actions(SPEC, screen, candidates, Path(), 3)
        r.evaluate_paths(SPEC, [_path(make_screen(["a"])), _path(make_screen(["b"]))])
        schema = server.requests[0].body["response_format"]["json_schema"]["schema"]
        widget = schema["properties"]["widgets"]["items"]["properties"]
        named = schema["properties"]["global_actions"]["items"]["properties"]["name"]
        n_widgets = sum(1 for line in server.requests[0].text.splitlines() if "-- actions:" in line)
        assert widget["id"]["enum"] == list(range(1, n_widgets + 1))
        assert named["enum"] and set(named["enum"]) < set(GLOBAL_NAMES)
        evaluation = server.requests[-1].body["response_format"]["json_schema"]["schema"]
        assert evaluation["properties"]["keep"]["items"]["enum"] == [1, 2]
        assert evaluation["properties"]["paths"]["items"]["properties"]["reached_step"][
            "enum"
        ] == list(range(len(SPEC.steps) + 1))
        repairs = sum(int(slot.get("repairs", 0)) for slot in r.usage.by_role.values())
        # A strict (guided-decoding) server cannot emit a value outside the enums; a lax one
        # shows the repair rounds the enums save.
        assert repairs == (0 if strict else 2)
