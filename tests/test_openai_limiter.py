"""The LLM concurrency limit is shared by every Ray worker of a run: copies of one client in
four Ray tasks never have more than ``concurrency`` requests in flight at the fake server."""

from __future__ import annotations

import pytest

from orchestrator.llm.client import LLMClient
from orchestrator.llm.limiter import ConcurrencyLimiter
from orchestrator.llm.schemas import INPUT_TEXT
from orchestrator.llm.settings import LLMSettings

try:  # tests/ as a package (repo root on sys.path) or as a plain directory (pytest's default)
    from tests.fake_openai_server import FakeOpenAIServer
except ModuleNotFoundError:
    from fake_openai_server import FakeOpenAIServer  # type: ignore[no-redef]

MESSAGES = [
    {"role": "system", "content": "Decide the text to type. Reply with JSON."},
    {"role": "user", "content": "Field: Name"},
]


def _max_in_flight(ray, share: bool, tasks: int = 4, limit: int = 2) -> int:
    with FakeOpenAIServer() as server:
        # Each request is held until one more than the limit is in flight, or for a hold long
        # enough that the next worker's request arrives meanwhile, so neither answer depends on
        # how fast the Ray workers start: under load they started one by one, a 0.5 s hold saw
        # only one request at a time with the shared limiter and a short hold only two without.
        server.fail(
            "slow", times=tasks, seconds=10.0 if not share else 6.0, until_in_flight=limit + 1
        )
        settings = LLMSettings(
            model="fake-model",
            base_url=server.base_url,
            api_key=server.api_key,
            concurrency=limit,
            share_limit_with_ray=share,
            timeout_s=10.0,
        ).resolved(env={})
        client = LLMClient(settings)

        def ask(c: LLMClient) -> str:  # nested: shipped to the workers by value
            return c.complete_json(INPUT_TEXT, "fake-model", MESSAGES)["text"]

        remote = ray.remote(num_cpus=0)(ask)
        answers = ray.get([remote.remote(client) for _ in range(tasks)], timeout=120)
        assert answers == ["test"] * tasks
        return server.max_in_flight


def test_limit_holds_across_ray_workers(ray_session):
    assert _max_in_flight(ray_session, share=True) == 2
    # The control: without the shared actor each worker only limits itself.
    assert _max_in_flight(ray_session, share=False) > 2


def test_limiter_pickles_to_its_name_and_size():
    import pickle

    limiter = pickle.loads(pickle.dumps(ConcurrencyLimiter(3, ray_name="reprofarm-llm-x")))
    assert (limiter.limit, limiter.ray_name) == (3, "reprofarm-llm-x")
    with limiter.slot():
        pass
    with pytest.raises(ValueError):
        ConcurrencyLimiter(0)
