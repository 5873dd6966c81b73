"""A reproduction against an LLM endpoint that fails a share of its requests (issue 29).

Each chosen catalog bug is reproduced with ``--reasoner openai`` against the test suite's
OpenAI-compatible server (``tests/fake_openai_server.py``, its rule-based "model") answering
each chat request with HTTP 500 at the rate ``--fail-rate`` (seeded), on local virtual devices.
A call that fails every retry is answered by the offline reasoner and the search goes on; only
``--llm-max-failed-calls`` of them in a row stop the run (exit 3, every probe kept).

Prints ``{"fail_rates", "max_retries", "backoff_base_s", "runs": [{"bug_id", "fail_rate",
"verdict", "exit_code", "stop_reason", "probes", "probes_logged", "llm_calls",
"requests", "failed_requests", "offline_fallbacks", "by_role_fallbacks", "wall_s"}]}``.

    python benchmarks/flaky_llm.py --fail-rates 0,0.8 --bugs AmazeFileManager#1796
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks._farm import emit, quiet  # noqa: E402
from benchmarks.per_bug import catalog_reports  # noqa: E402
from orchestrator.config import FarmConfig, RunConfig, SearchConfig  # noqa: E402
from orchestrator.llm.settings import LLMSettings  # noqa: E402
from orchestrator.results import PROBE_LOG_FILE  # noqa: E402
from orchestrator.run import ensure_ray, reproduce  # noqa: E402


def run_once(report: Path, out: Path, fail_rate: float, args: argparse.Namespace) -> dict[str, Any]:
    """One reproduction of ``report`` against a server failing ``fail_rate`` of requests."""
    fake = importlib.import_module("tests.fake_openai_server")  # the test helper, by name
    with fake.FakeOpenAIServer(fail_rate=fail_rate, seed=args.seed) as server:
        settings = LLMSettings(
            model="fake-model",
            base_url=server.base_url,
            api_key=server.api_key,
            max_retries=args.max_retries,
            backoff_base_s=args.backoff_base,
            max_failed_calls=args.max_failed_calls,
            share_limit_with_ray=False,
        )
        config = RunConfig(
            report_path=str(report),
            out_dir=str(out),
            reasoner="openai",
            llm=settings,
            farm=FarmConfig(devices=args.devices),
            search=SearchConfig(max_probes=args.max_probes),
            progress=False,
        )
        started = time.monotonic()
        result, code = reproduce(config)
        wall = time.monotonic() - started
        requests = [r for r in server.requests if r.path.endswith("/chat/completions")]
    log = out / PROBE_LOG_FILE
    llm = result.get("llm", {})
    return {
        "bug_id": result["bug_id"],
        "fail_rate": fail_rate,
        "verdict": result["verdict"],
        "exit_code": code,
        "stop_reason": result.get("search", {}).get("stop_reason", "") or result.get("error", ""),
        "probes": int(result.get("search", {}).get("probes", 0)),
        "probes_logged": len(log.read_text().splitlines()) if log.is_file() else 0,
        "llm_calls": llm.get("calls", 0),
        "requests": len(requests),
        "failed_requests": sum(1 for r in requests if r.status == 500),
        "offline_fallbacks": llm.get("offline_fallbacks", 0),
        "by_role_fallbacks": {
            role: int(slot.get("offline_fallbacks", 0))
            for role, slot in llm.get("by_role", {}).items()
            if slot.get("offline_fallbacks")
        },
        "wall_s": round(wall, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bugs", default="AmazeFileManager#1796", help="catalog bug ids")
    parser.add_argument("--fail-rates", default="0,0.8", help="shares of failed requests")
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--max-probes", type=int, default=400)
    parser.add_argument("--max-retries", type=int, default=LLMSettings.max_retries)
    parser.add_argument("--backoff-base", type=float, default=LLMSettings.backoff_base_s)
    parser.add_argument("--max-failed-calls", type=int, default=LLMSettings.max_failed_calls)
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    rates = [float(r) for r in args.fail_rates.split(",") if r.strip()]
    wanted = {b.strip() for b in args.bugs.split(",") if b.strip()}
    quiet()
    ensure_ray()
    for var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "REPROFARM_LLM_CACHE"):
        os.environ.pop(var, None)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for bug_id, report in catalog_reports(wanted):
            for rate in rates:
                out = Path(tmp) / f"{bug_id.replace('#', '-')}-{rate}"
                rows.append(run_once(report, out, rate, args))
                print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    emit(
        {
            "fail_rates": rates,
            "max_retries": args.max_retries,
            "backoff_base_s": args.backoff_base,
            "max_failed_calls": args.max_failed_calls,
            "runs": rows,
        }
    )


if __name__ == "__main__":
    main()
