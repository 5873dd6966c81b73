"""The cost side of a run with a model: the estimate printed before it starts (from the budget,
by hand-checked arithmetic) and ``--max-cost-usd``, which stops the search cleanly with verdict
``budget`` and the results written, against the fake OpenAI server on 127.0.0.1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from orchestrator.cli import main
from orchestrator.llm.prices import PriceTable, image_tokens, run_estimate
from tests.conftest import EXAMPLES
from tests.fake_openai_server import FakeOpenAIServer


def test_image_tokens_follow_openais_tile_rule() -> None:
    assert image_tokens(0) == 0
    assert image_tokens(1024) == 85 + 170 * 4  # 1024x576: 2x2 tiles of 512
    assert image_tokens(2048) == 85 + 170 * 6  # 2048x1152 → 1365x768: 3x2 tiles


def test_estimate_counts_calls_per_level_and_prices_them() -> None:
    est = run_estimate(
        beam=1,
        branch=2,
        max_global=0,
        max_actions=5,
        max_probes=100,
        text_model="gpt-4.1",
        vision_model="",
        image_side=1024,
    )
    # 5 levels (max_actions) of 2 probes: 1 analysis + 5 evaluations (text), 5 filters,
    # 5 verifications (one screenshot each) and 10 summaries (two screenshots each).
    assert (est.levels, est.calls) == (5, 26)
    text = 6 * (2000 * 2.0 + 250 * 8.0)
    one_image = 5 * ((2000 + 765) * 2.0 + 250 * 8.0)
    two_images = 10 * ((2000 + 2 * 765) * 2.0 + 250 * 8.0)
    assert est.cost_usd == pytest.approx((text + 2 * one_image + two_images) / 1e6)
    unpriced = run_estimate(
        beam=3, branch=6, max_global=2, max_actions=100, max_probes=1500,
        text_model="my-local-model", vision_model="", image_side=1024,
        prices=PriceTable({}),
    )  # fmt: skip
    assert unpriced.cost_usd is None and "give --prices" in unpriced.line()
    assert unpriced.levels == 63  # ceil(1500 / (3 * 8)) levels before the probes run out


@pytest.mark.e2e
def test_max_cost_stops_cleanly_with_verdict_budget(
    ray_session: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"fake-model": {"input": 2.0, "output": 8.0}}))
    for var in ("REPROFARM_LLM_CACHE", "REPROFARM_LLM_PRICES", "REPROFARM_LLM_MODEL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delenv("AZURE_OPENAI_ENDPOINT", raising=False)
    with FakeOpenAIServer() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", server.api_key)
        out = tmp_path / "run"
        code = main(
            [
                "reproduce", str(EXAMPLES / "amaze-1796.md"), "--reasoner", "openai",
                "--model", "fake-model", "--prices", str(prices), "--devices", "1",
                "--no-progress", "--out", str(out), "--max-cost-usd", "0.000001",
            ]
        )  # fmt: skip
        calls = server.calls()
    err = capsys.readouterr().err
    assert "estimate for fake-model: up to " in err and "--max-cost-usd 1e-06 stops" in err
    assert code == 1
    result = json.loads((out / "result.json").read_text())
    assert result["verdict"] == "budget" and result["reproduced"] is False
    assert result["search"]["stop_reason"].startswith("cost budget used up")
    assert result["llm"]["cost_usd"] >= 0.000001
    assert result["llm"]["calls"] == calls  # the analysis only: no level was started
    assert (out / "report.html").is_file()
