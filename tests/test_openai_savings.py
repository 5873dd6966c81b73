"""Issue 27's savings of the ``openai`` reasoner (decision 0038), against the fake OpenAI server:
no call where the structural diff says what happened, a question asked once per search (and
across searches with ``--llm-cache``), one screenshot per summary at the role's image side, a
filter without a picture where its list says as much, a schema the provider's prompt cache can
reuse, path evaluation from shared prefixes and clipped summaries, and cached prompt tokens
booked at the cached rate. Where a test compares, the same request with the savings switched
off (``savings=False``) shows the behaviour from before."""

from __future__ import annotations

import pytest

from device_agent.actions import CLICK, Action
from device_agent.hierarchy import parse_hierarchy, structural_hash
from orchestrator.enumerate import enumerate_actions
from orchestrator.llm.client import LLMClient
from orchestrator.llm.images import image_size
from orchestrator.llm.settings import LLMSettings
from orchestrator.model import Path, Screen
from orchestrator.reasoner.openai_reasoner import structural_summary

try:  # tests/ as a package (repo root on sys.path) or as a plain directory (pytest's default)
    from tests.fake_openai_server import FakeOpenAIServer
    from tests.test_openai_reasoner import (
        SPEC,
        _node,
        decode,
        make_screen,
        png,
        reasoner,
        transition,
    )
except ModuleNotFoundError:
    from fake_openai_server import FakeOpenAIServer  # type: ignore[no-redef]
    from test_openai_reasoner import (  # type: ignore[no-redef]
        SPEC,
        _node,
        decode,
        make_screen,
        png,
        reasoner,
        transition,
    )


@pytest.fixture
def server():
    with FakeOpenAIServer() as srv:
        yield srv


def _click_first(screen: Screen) -> Action:
    target = next(a.target for a in enumerate_actions(parse_hierarchy(screen.hierarchy_xml)))
    return Action(kind=CLICK, target=target)


def _dialog_screen(rows: list[str]) -> Screen:
    """``make_screen(rows)`` with an AlertDialog "New folder" on top (two windows)."""
    base = make_screen(rows).hierarchy_xml
    title = _node(
        "android.widget.TextView", "[100,800][980,900]", text="New folder", rid="alertTitle"
    )
    ok = _node("android.widget.Button", "[600,1300][980,1400]", text="CREATE", clickable="true")
    panel = _node("android.widget.LinearLayout", "[100,700][980,1500]", children=title + ok)
    xml = base.replace(
        "</hierarchy>",
        _node("android.widget.FrameLayout", "[100,700][980,1500]", children=panel) + "</hierarchy>",
    )
    return Screen(
        xml, structural_hash(xml), "com.example.files", ".MainActivity", "portrait", False, png()
    )


def _slightly_changed(screen: Screen, shot: bytes) -> Screen:
    """The same widgets and texts, another structure hash: a change the diff has no words for."""
    return Screen(
        screen.hierarchy_xml.replace('text="CUT"', 'text="CUT" ', 1),
        "f" * 16,
        screen.package,
        screen.activity,
        screen.orientation,
        False,
        shot,
    )


def test_a_change_the_diff_names_is_summarised_without_a_call(server):
    before, after = make_screen(["test2"]), make_screen(["test2", "test3"])
    t = transition(before, after, _click_first(before))
    assert structural_summary(t) == "New: 'test3'."
    on = reasoner(server, savings=True)
    assert on.summarize_transition(SPEC, t) == "New: 'test3'."
    assert server.calls() == 0
    assert on.usage.by_role["transition_summary"]["deterministic"] == 1
    # Without the savings the model is asked.
    reasoner(server).summarize_transition(SPEC, t)
    assert server.calls() == 1


def test_a_new_activity_is_named_with_what_the_screen_now_shows(server):
    before = make_screen(["test2"])
    after = make_screen(["alpha", "beta"], activity=".SettingsActivity")
    summary = structural_summary(transition(before, after, _click_first(before)))
    assert summary.startswith("Switched from .MainActivity to .SettingsActivity")
    assert "the screen now shows" in summary
    assert '"alpha", "beta"' in summary


def test_a_change_the_diff_cannot_name_asks_with_one_small_screenshot(server):
    before = make_screen(["test2"])
    after = _slightly_changed(before, png((230, 230, 255)))
    t = transition(before, after, _click_first(before))
    assert structural_summary(t) == ""
    reasoner(server, savings=True).summarize_transition(SPEC, t)
    (req,) = server.requests
    (image,) = req.images  # the after screen only; the before screen is said in words
    assert max(decode(image).size) == 512
    assert decode(image).getpixel((100, 400)) == (230, 230, 255)
    assert 'Before, the screen showed: "test2", "CUT"' in req.text
    reasoner(server).summarize_transition(SPEC, t)
    assert len(server.requests[1].images) == 2  # savings off: before and after


def test_the_same_question_is_asked_once_per_search_and_once_with_the_cache(server, tmp_path):
    before = make_screen(["test2"])
    action = _click_first(before)
    # The same change on two paths: screenshots differ (the clock), the question does not.
    first = transition(before, _slightly_changed(before, png((1, 2, 3))), action)
    again = transition(
        make_screen(["test2"], shot=png((9, 9, 9))),
        _slightly_changed(before, png((4, 5, 6))),
        action,
    )
    on = reasoner(server, savings=True, cache_dir=str(tmp_path))
    assert on.summarize_transitions(SPEC, [first, again, first])[0]
    assert server.calls() == 1
    assert on.usage.by_role["transition_summary"]["cache_hits"] == 2
    # A later search with --llm-cache finds the answer under the question.
    later = reasoner(server, savings=True, cache_dir=str(tmp_path))
    later.summarize_transition(SPEC, again)
    assert server.calls() == 1
    # Without the savings both screenshots make it another request.
    off = reasoner(server)
    off.summarize_transitions(SPEC, [first, again])
    assert server.calls() == 3


def test_the_filter_sends_no_picture_when_every_candidate_is_named(server):
    screen = make_screen(["test2", "test3"])
    candidates = enumerate_actions(parse_hierarchy(screen.hierarchy_xml))
    reasoner(server, savings=True).filter_actions(SPEC, screen, candidates, Path(), 6)
    reasoner(server).filter_actions(SPEC, screen, candidates, Path(), 6)
    on, off = server.requests
    assert on.images == [] and '[1] TextView "test2"' in on.text
    assert len(off.images) == 1


def test_a_filter_and_an_input_question_are_asked_once_per_screen_and_progress(server):
    """The same screen at the same S2R progress with the same candidates is one filter question
    whichever path reached it (decision 0047); another progress, another screen, or the savings
    off ask again."""
    screen = make_screen(["test2", "test3"])
    candidates = enumerate_actions(parse_hierarchy(screen.hierarchy_xml))
    on = reasoner(server, savings=True)
    other_path = Path([transition(make_screen(["x"]), screen, _click_first(make_screen(["x"])))])
    first = on.filter_actions(SPEC, screen, candidates, Path(), 6)
    again = on.filter_actions(SPEC, screen, candidates, other_path, 6)
    assert server.calls() == 1 and again.actions == first.actions and again.reasons
    assert on.usage.by_role["action_filter"]["cache_hits"] == 1
    further = Path(other_path.transitions, reached_step=0)
    on.filter_actions(SPEC, screen, candidates, further, 6)
    other = make_screen(["test4"])
    on.filter_actions(
        SPEC, other, enumerate_actions(parse_hierarchy(other.hierarchy_xml)), Path(), 6
    )
    assert server.calls() == 3
    field = next(
        n for n in parse_hierarchy(screen.hierarchy_xml).iter() if n.resource_id.endswith("search")
    )
    typed = on.input_text(SPEC, screen, field, Path())
    assert on.input_text(SPEC, screen, field, other_path) == typed
    assert server.calls() == 4
    off = reasoner(server)
    off.filter_actions(SPEC, screen, candidates, Path(), 6)
    off.filter_actions(SPEC, screen, candidates, other_path, 6)
    assert server.calls() == 6


def test_the_filter_schema_does_not_change_with_the_screen(server):
    r = reasoner(server, savings=True)
    for rows in (["a"], ["a", "b", "c"]):
        screen = make_screen(rows)
        r.filter_actions(
            SPEC, screen, enumerate_actions(parse_hierarchy(screen.hierarchy_xml)), Path(), 6
        )
    one, three = (req.body["response_format"] for req in server.requests)
    assert one == three
    off = reasoner(server)
    for rows in (["a"], ["a", "b", "c"]):
        screen = make_screen(rows)
        off.filter_actions(
            SPEC, screen, enumerate_actions(parse_hierarchy(screen.hierarchy_xml)), Path(), 6
        )
    assert server.requests[2].body["response_format"] != server.requests[3].body["response_format"]


def _children(parent: Path, rows: list[list[str]]) -> list[Path]:
    out = []
    last = parent.last_screen or make_screen([])
    for r in rows:
        after = make_screen(r)
        t = transition(last, after, _click_first(last))
        t.summary = f"Showed {r[0]}."
        out.append(parent.extend(t))
    return out


def test_path_evaluation_shows_a_shared_beginning_once(server):
    root = make_screen([])
    parent = Path()
    for n, rows in enumerate((["test2"], ["test2", "x"], ["test2", "x", "y"]), 1):
        t = transition(
            parent.last_screen or root, make_screen(rows), _click_first(parent.last_screen or root)
        )
        t.summary = f"Summary of step {n}."
        parent = parent.extend(t)
    paths = _children(parent, [["k1"], ["k2"], ["k3"], ["k4"]])
    on = reasoner(server, savings=True).evaluate_paths(SPEC, paths)
    off = reasoner(server).evaluate_paths(SPEC, paths)
    short, full = server.requests
    assert (
        short.text.count("Summary of step 1.") == 1 and full.text.count("Summary of step 1.") == 4
    )
    assert "Path 1 (continues prefix A):" in short.text
    assert len(short.text) < len(full.text)
    # The test server's model judges the same from the shorter prompt.
    assert [j.reached_step for j in on] == [j.reached_step for j in off]
    assert [j.score for j in on] == [j.score for j in off]


def test_a_final_screen_two_paths_share_is_listed_once(server):
    """Decision 0047: the evaluator's prompt lists a final screen once; the test server's model
    judges the same from the shorter prompt."""
    parent = Path().extend(
        transition(make_screen([]), make_screen(["t"]), _click_first(make_screen([])))
    )
    paths = _children(parent, [["k1", "k2"], ["k1", "k2"], ["k3"]])
    on = reasoner(server, savings=True).evaluate_paths(SPEC, paths)
    off = reasoner(server).evaluate_paths(SPEC, paths)
    short, full = server.requests
    assert "the same screen as path 1" in short.text and "the same screen" not in full.text
    assert [(j.reached_step, j.score) for j in on] == [(j.reached_step, j.score) for j in off]


def test_cached_prompt_tokens_are_booked_at_the_cached_rate(server):
    settings = LLMSettings(
        model="gpt-4.1", base_url=server.base_url, api_key="test-key", share_limit_with_ray=False
    ).resolved(env={})
    client = LLMClient(settings)
    system = "You answer in JSON. " + "Stable instructions. " * 400  # about 2,100 tokens
    for question in ("first question", "second question"):
        messages = [{"role": "system", "content": system}, {"role": "user", "content": question}]
        client.complete_json("input_text", "gpt-4.1", messages)
    cached = server.reported_total("cached_tokens")
    prompt = server.reported_total("prompt_tokens")
    done = server.reported_total("completion_tokens")
    assert cached >= 1024 and cached % 128 == 0  # only the second request's prefix
    usage = client.usage.to_json()
    assert usage["cached_tokens"] == cached
    assert usage["by_role"]["input_text"]["cached_tokens"] == cached
    # GPT-4.1: 2.00 per million prompt tokens, 0.50 cached, 8.00 completion.
    expected = ((prompt - cached) * 2.0 + cached * 0.5 + done * 8.0) / 1e6
    assert usage["cost_usd"] == pytest.approx(expected, abs=1e-6)


def test_an_input_text_image_is_sent_at_its_role_side(server):
    screen = make_screen(["test2"])
    field = next(
        n for n in parse_hierarchy(screen.hierarchy_xml).iter() if n.resource_id.endswith("search")
    )
    reasoner(server, savings=True).input_text(SPEC, screen, field, Path())
    reasoner(server).input_text(SPEC, screen, field, Path())
    on, off = server.requests
    assert max(image_size(_raw(on.images[0]))) == 512
    assert max(image_size(_raw(off.images[0]))) == 1024


def _raw(url: str) -> bytes:
    import base64

    return base64.b64decode(url.partition(",")[2])


def test_path_evaluation_does_not_repeat_a_diff_the_summary_says(server):
    before, after = make_screen(["test2"]), make_screen(["test2", "test3"])
    t = transition(before, after, _click_first(before))
    t.summary = structural_summary(t)  # "New: 'test3'."
    path = Path().extend(t)
    reasoner(server, savings=True).evaluate_paths(SPEC, [path])
    reasoner(server).evaluate_paths(SPEC, [path])
    on, off = server.requests
    assert "effect: New: 'test3'." in on.text and "changes:" not in on.text
    assert "changes: New: 'test3'." in off.text


def test_path_one_liners_carry_clipped_summaries(server):
    before, after = make_screen(["test2"]), make_screen(["test2", "test3"])
    t = transition(before, after, _click_first(before))
    t.summary = "Opened a long list: " + ", ".join(f"'item {i}'" for i in range(60)) + "."
    path = Path().extend(t)
    candidates = enumerate_actions(parse_hierarchy(after.hierarchy_xml))
    reasoner(server, savings=True).filter_actions(SPEC, after, candidates, path, 6)
    reasoner(server).filter_actions(SPEC, after, candidates, path, 6)
    on, off = server.requests
    assert "'item 59'" not in on.text and "'item 12'" in on.text and "…" in on.text
    assert "'item 59'" in off.text
