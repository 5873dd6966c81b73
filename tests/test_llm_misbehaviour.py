"""LLM endpoints that misbehave (issue 15, section 4), fed through the fake OpenAI server on
127.0.0.1 over real HTTP: an unusable reply costs one judgement ("no opinion", counted), never
the reproduction; a request refused for good (image part refused with 400, 429 "Request too
large") is resent once downgraded, reported once naming the model, and the run's mode is not
weakened; request schemas list their allowed values as enums, so a strict server needs no
repair round."""

from __future__ import annotations

import json

import pytest

from device_agent.actions import PRESS_BACK, Action
from device_agent.hierarchy import find_node, parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.llm.client import IMAGE_REFUSED, TOO_LARGE, rejection_kind
from orchestrator.llm.schemas import GLOBAL_NAMES
from orchestrator.model import BugReport, Path
from orchestrator.reasoner.heuristic import HeuristicReasoner

try:  # tests/ as a package (repo root on sys.path) or as a plain directory (pytest's default)
    from tests.fake_openai_server import FakeOpenAIServer
    from tests.test_openai_reasoner import (
        SPEC,
        _path,
        decode,
        make_screen,
        reasoner,
        transition,
    )
except ModuleNotFoundError:
    from fake_openai_server import FakeOpenAIServer  # type: ignore[no-redef]
    from test_openai_reasoner import (  # type: ignore[no-redef]
        SPEC,
        _path,
        decode,
        make_screen,
        reasoner,
        transition,
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
def test_refused_image_part_is_resent_once_without_images_and_never_sent_again():
    with FakeOpenAIServer(refuse_images=True) as server:
        r = reasoner(server)
        for rows in (["test2", "Music"], ["test2", "Photos"], ["test2", "Films"]):
            screen, candidates = _filter_inputs(rows)
            kept = r.filter_actions(SPEC, screen, candidates, Path(), 3)
            assert kept.actions[0].target.text == "test2"  # the model's answer, not a fallback
        # The first question: whole, then once without the image. After that refusal no
        # request to this endpoint carries an image again: no question pays a refusal twice.
        assert [len(q.images) for q in server.requests] == [1, 0, 0, 0]
        assert [q.status for q in server.requests] == [400, 200, 200, 200]
        bodies = [json.dumps(q.body, sort_keys=True) for q in server.requests]
        assert len(set(bodies)) == 4
        # The structured-output mode stays the strongest: the refusal was not about it.
        assert r.client.mode == "json_schema"
        assert all(q.body["response_format"]["type"] == "json_schema" for q in server.requests)
        # Reported once, naming the model; the one resend counted.
        (note,) = r.usage.downgrades
        assert note["model"] == "vision-model" and note["kind"] == IMAGE_REFUSED
        assert note["downgrade"] == "no image" and note["status"] == 400
        assert _counter(r, "action_filter", "downgrades") == 1
        assert _counter(r, "action_filter", "no_opinion") == 0
        assert r.usage.to_json()["downgrades"] == [note]


def test_a_server_accepting_one_image_gets_no_request_with_more_again():
    """vLLM's ``--limit-mm-per-prompt``: "At most 1 image(s) may be provided in one request".
    After that refusal, one-image requests still carry their screenshot; two-image ones
    (before/after of a transition) go without images from the start."""

    with FakeOpenAIServer(max_images=1) as server:
        r = reasoner(server)
        before, after = make_screen(["test2", "Music"]), make_screen(["Music"])
        for _ in range(2):
            r.summarize_transition(SPEC, transition(before, after, Action(kind=PRESS_BACK)))
            before, after = after, make_screen(["Photos"])
        screen, candidates = _filter_inputs(["test2", "Music"])
        r.filter_actions(SPEC, screen, candidates, Path(), 3)
        assert [len(q.images) for q in server.requests] == [2, 0, 0, 1]
        assert [q.status for q in server.requests] == [400, 200, 200, 200]


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


# -- calls that fail every retry: answered offline, a run of them stops (issue 29) ---------------
def test_a_call_that_fails_every_retry_is_answered_offline_and_the_search_goes_on():
    paths = [_path(make_screen(["test2"])), _path(make_screen(["Music"]))]
    with FakeOpenAIServer() as server:
        server.fail("server_error", times=3, role="path_evaluation")  # every attempt of one call
        r = reasoner(server, max_retries=2)
        judgements = r.evaluate_paths(SPEC, paths)
        assert server.calls("path_evaluation") == 3
        # The offline reasoner's judgement of those paths, not an error, not "no opinion".
        assert judgements == HeuristicReasoner().evaluate_paths(SPEC, paths)
        assert _counter(r, "path_evaluation", "offline_fallbacks") == 1
        assert _counter(r, "path_evaluation", "no_opinion") == 0
        assert r.usage.to_json()["offline_fallbacks"] == 1
        # The next question goes to the model again.
        later = r.evaluate_paths(SPEC, paths)
        assert server.calls("path_evaluation") == 4 and later != judgements


def test_every_role_falls_back_to_the_offline_reasoner_when_its_call_fails():
    screen, candidates = _filter_inputs(["test2", "Music"])
    field = find_node(
        parse_hierarchy(screen.hierarchy_xml),
        next(a.target for a in candidates if a.kind == "input_text"),
    )
    offline = HeuristicReasoner()
    path = _path(make_screen(["folder list is empty"]))
    with FakeOpenAIServer(fail_rate=1.0) as server:
        r = reasoner(server, max_retries=0, max_failed_calls=99)
        assert r.analyze_report(REPORT) == offline.analyze_report(REPORT)
        kept = r.filter_actions(SPEC, screen, candidates, Path(), 3)
        assert kept == offline.filter_actions(SPEC, screen, candidates, Path(), 3)
        assert r.input_text(SPEC, screen, field, Path()) == offline.input_text(
            SPEC, screen, field, Path()
        )
        assert r.verify(SPEC, path) == offline.verify(SPEC, path)
        assert r.usage.to_json()["offline_fallbacks"] == 4


def test_a_run_of_failed_calls_stops_the_run_with_one_line_naming_the_fix():
    from orchestrator.reasoner.openai_reasoner import LLMGaveUp

    paths = [_path(make_screen(["a"]))]
    with FakeOpenAIServer(fail_rate=1.0) as server:
        r = reasoner(server, max_retries=1, max_failed_calls=3)
        r.evaluate_paths(SPEC, paths)
        r.evaluate_paths(SPEC, paths)
        with pytest.raises(LLMGaveUp) as info:
            r.evaluate_paths(SPEC, paths)
        assert server.calls() == 6  # 3 calls of 2 attempts: bounded
    message = str(info.value)
    assert "3 LLM calls in a row" in message and "--llm-max-failed-calls 3" in message
    assert "HTTP 500" in message and "\n" not in message and info.value.exit_code == 3
    assert "--llm-timeout" not in message  # a 500 is not cured by waiting longer
    assert _counter(r, "path_evaluation", "offline_fallbacks") == 3


def test_an_answer_between_failed_calls_ends_their_run():
    paths = [_path(make_screen(["a"]))]
    with FakeOpenAIServer() as server:
        r = reasoner(server, max_retries=0, max_failed_calls=2)
        for _ in range(3):
            server.fail("server_error", role="path_evaluation")
            r.evaluate_paths(SPEC, paths)  # fails: offline
            r.evaluate_paths(SPEC, [_path(make_screen([f"b{_}"]))])  # answered
        assert _counter(r, "path_evaluation", "offline_fallbacks") == 3


def test_a_timed_out_call_names_the_timeout_flag():
    from orchestrator.reasoner.openai_reasoner import LLMGaveUp

    with FakeOpenAIServer() as server:
        server.fail("slow", times=2, seconds=1.0)
        r = reasoner(server, max_retries=0, max_failed_calls=1, timeout_s=0.25)
        with pytest.raises(LLMGaveUp, match="raise --llm-timeout"):
            r.evaluate_paths(SPEC, [_path(make_screen(["a"]))])


# -- a model whose every answer is unusable: stop after N in a row (issue 29) --------------------
def test_a_run_of_unusable_answers_stops_the_run_and_is_counted():
    from orchestrator.reasoner.openai_reasoner import LLMGaveUp

    screen, candidates = _filter_inputs(["test2", "Music"])
    with FakeOpenAIServer(responder=lambda role, body: "I think you should tap test2.") as server:
        r = reasoner(server)  # the default limit: 10
        for _ in range(9):
            assert r.filter_actions(SPEC, screen, candidates, Path(), 3).actions  # offline
        with pytest.raises(LLMGaveUp) as info:
            r.filter_actions(SPEC, screen, candidates, Path(), 3)
        assert server.calls() == 20  # each answer and its repair round, 10 times, no more
    message = str(info.value)
    assert "10 unusable model answers in a row" in message and "--llm-max-unusable 10" in message
    assert "vision-model" in message and "\n" not in message and info.value.exit_code == 3
    summary = r.usage.to_json()
    assert summary["unusable"] == 10 and summary["by_role"]["action_filter"]["unusable"] == 10
    from orchestrator.run import model_trouble_warning

    warning = model_trouble_warning(r.usage)  # result.json's warnings, printed by the CLI
    assert warning.startswith("the model gave 10 unusable answers (no opinion) and 0 calls")


def test_a_usable_answer_ends_a_run_of_unusable_ones():
    paths = [_path(make_screen(["a"])), _path(make_screen(["b"]))]
    with FakeOpenAIServer() as server:
        r = reasoner(server, max_unusable=2)
        for i in range(3):
            server.fail("malformed_json", times=2, role="path_evaluation")
            r.evaluate_paths(SPEC, paths)  # unusable: no opinion
            r.evaluate_paths(SPEC, [_path(make_screen([f"c{i}"]))])  # usable
        assert r.usage.to_json()["unusable"] == 3
