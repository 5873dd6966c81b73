"""Per bug: streaming and speculation (issue 17 parts 1-2) against the level barrier.

Each chosen catalog bug is reproduced twice on the same devices: ``barrier`` (the old loop:
every probe of a level, then every summary, then the evaluator; ``--speculate off``) and
``pipelined`` (summaries stream as probes land; idle devices probe the likely next level ahead;
``--speculate on``). With ``--reasoner openai`` the model is the test suite's OpenAI-compatible
server (``tests/fake_openai_server.py``, its rule-based "model") answering after a reply
latency drawn uniformly from ``--llm-latency LO-HI`` seconds; the offline reasoner needs none.
Device and model delays both shrink by ``--time-scale``; times are reported rescaled
(wall / time_scale), as the search's own ``search_seconds`` (devices already up).

Prints ``{"reasoner", "profile", "time_scale", "llm_latency_s", "runs": [{"bug_id", "devices",
"barrier_s", "pipelined_s", "speedup", "levels_barrier_s", "levels_pipelined_s",
"levels_speedup" (without the confirmation replays), "same_verdict", "same_trace",
"same_explored", "verdict", "probes", "speculation": {...}, "phase_s"}], "median_speedup":
{devices: x}, "all_same"}``. Issue 17's goals:
1.5x at 8 devices and 2x at 16 with a model; 1.3x at 32 devices offline.

    python benchmarks/pipeline.py --reasoner openai --devices 8,16 --time-scale 0.05
    python benchmarks/pipeline.py --reasoner heuristic --devices 16,32 --time-scale 0.05
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks._farm import emit, quiet  # noqa: E402
from benchmarks.per_bug import catalog_reports  # noqa: E402
from device_agent.launcher import LocalAgentFarm  # noqa: E402
from device_agent.virtual.catalog import find_app_for_bug  # noqa: E402
from orchestrator.config import FarmConfig, RunConfig, SearchConfig  # noqa: E402
from orchestrator.llm.settings import LLMSettings  # noqa: E402
from orchestrator.run import ensure_ray, reproduce  # noqa: E402

DEFAULT_BUGS = "screenrecorder#25,AmazeFileManager#1796"


@contextmanager
def slow_model(latency: tuple[float, float], scale: float, seed: int) -> Iterator[str]:
    """The test suite's fake OpenAI server, answering after ``uniform(latency) * scale``
    seconds; sets ``OPENAI_BASE_URL``/``OPENAI_API_KEY`` for the run and yields the model
    name."""
    # (imported by name: the test helper is not part of the typed packages)
    fake = importlib.import_module("tests.fake_openai_server")
    rule_reply = fake.rule_reply
    rng = random.Random(seed)
    lock = threading.Lock()

    def responder(role: str, body: dict[str, Any]) -> dict[str, Any] | str:
        with lock:
            delay = rng.uniform(*latency) * scale
        time.sleep(delay)
        return rule_reply(role, body)

    with fake.FakeOpenAIServer(responder=responder) as server:
        saved = {k: os.environ.get(k) for k in ("OPENAI_BASE_URL", "OPENAI_API_KEY")}
        os.environ["OPENAI_BASE_URL"] = server.base_url
        os.environ["OPENAI_API_KEY"] = server.api_key
        try:
            yield "fake-model"
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def run_once(
    report: Path,
    out: Path,
    agents: list[str],
    args: argparse.Namespace,
    *,
    stream: bool,
    speculate: str,
) -> dict[str, Any]:
    """One reproduction on ``agents`` (``args``: the reasoner, profile, time scale, probe budget
    and model concurrency); ``stream=False, speculate="off"`` is the old level barrier."""
    config = RunConfig(
        report_path=str(report),
        out_dir=str(out),
        reasoner=args.reasoner,
        llm=LLMSettings(model="fake-model", concurrency=args.llm_concurrency),
        farm=FarmConfig(agents=tuple(agents), profile=args.profile, time_scale=args.time_scale),
        search=SearchConfig(
            max_probes=args.max_probes,
            speculate=speculate,
            stream=stream,
        ),
        progress=False,
    )
    result, _ = reproduce(config)
    return result


def compare(bug_id: str, k: int, barrier: dict[str, Any], piped: dict[str, Any], scale: float):
    """One row of the output from the two results of a bug on ``k`` devices."""

    def seconds(result: dict[str, Any]) -> float:
        return float(result.get("search", {}).get("search_seconds", 0.0)) / scale

    def trace(result: dict[str, Any]) -> list[Any]:
        return [step["action"] for step in result.get("trace", [])]

    def explored(result: dict[str, Any]) -> list[str]:
        return [level["sha256"] for level in result.get("search", {}).get("explored", [])]

    def exploring(result: dict[str, Any]) -> float:
        confirm = result.get("search", {}).get("phase_seconds", {}).get("confirm", 0.0)
        return seconds(result) - float(confirm) / scale

    barrier_s, piped_s = seconds(barrier), seconds(piped)
    levels = exploring(barrier), exploring(piped)
    return {
        "bug_id": bug_id,
        "devices": k,
        "barrier_s": round(barrier_s, 1),
        "pipelined_s": round(piped_s, 1),
        "speedup": round(barrier_s / piped_s, 2) if piped_s else None,
        # the search without the confirmation and shortening replays (issue 17 part 4)
        "levels_barrier_s": round(levels[0], 1),
        "levels_pipelined_s": round(levels[1], 1),
        "levels_speedup": round(levels[0] / levels[1], 2) if levels[1] > 0 else None,
        "same_verdict": barrier["verdict"] == piped["verdict"],
        "same_trace": trace(barrier) == trace(piped),
        "same_explored": explored(barrier) == explored(piped),
        "verdict": piped["verdict"],
        "probes": piped.get("actions_executed", 0),
        "levels": piped.get("search", {}).get("levels", 0),
        "speculation": piped.get("search", {}).get("speculation", {}),
        "llm_calls": piped.get("llm", {}).get("calls", 0),
        "phase_s": {
            "barrier": _phases(barrier, scale),
            "pipelined": _phases(piped, scale),
        },
    }


def _phases(result: dict[str, Any], scale: float) -> dict[str, float]:
    """The search's phase seconds (driver-side waits and summed device phases), rescaled."""
    phases = result.get("search", {}).get("phase_seconds", {})
    return {k: round(v / scale, 1) for k, v in phases.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reasoner", choices=("openai", "heuristic"), default="openai")
    parser.add_argument("--devices", default="8,16", help="device counts, comma-separated")
    parser.add_argument("--bugs", default=DEFAULT_BUGS, help="comma-separated catalog bug ids")
    parser.add_argument("--profile", default="emulator-grpc")
    parser.add_argument("--time-scale", type=float, default=0.05)
    parser.add_argument(
        "--llm-latency", default="1-3", help="model reply latency LO-HI in seconds (1-3)"
    )
    parser.add_argument("--llm-concurrency", type=int, default=8)
    parser.add_argument("--max-probes", type=int, default=400)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    latency = llm_latency(args.llm_latency)
    counts = [int(k) for k in args.devices.split(",") if k.strip()]
    wanted = {b.strip() for b in args.bugs.split(",") if b.strip()}
    quiet()
    ensure_ray()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for bug_id, report in catalog_reports(wanted):
            app = find_app_for_bug(bug_id)
            assert app is not None
            farm = LocalAgentFarm(
                max(counts), app.name, profile=args.profile, time_scale=args.time_scale
            )
            with farm, model_server(args):
                for k in counts:
                    out = Path(tmp) / f"{bug_id.replace('#', '-')}-{k}"
                    agents = list(farm.addresses)[:k]
                    barrier = run_once(
                        report, out / "barrier", agents, args, stream=False, speculate="off"
                    )
                    piped = run_once(
                        report, out / "pipelined", agents, args, stream=True, speculate="on"
                    )
                    rows.append(compare(bug_id, k, barrier, piped, args.time_scale))
                    print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    medians = {
        k: round(statistics.median(r["speedup"] for r in rows if r["devices"] == k), 2)
        for k in counts
        if any(r["devices"] == k and r["speedup"] for r in rows)
    }
    emit(
        {
            "reasoner": args.reasoner,
            "profile": args.profile,
            "time_scale": args.time_scale,
            "llm_latency_s": list(latency) if args.reasoner == "openai" else None,
            "runs": rows,
            "median_speedup": medians,
            "all_same": all(
                r["same_verdict"] and r["same_trace"] and r["same_explored"] for r in rows
            ),
        }
    )


def llm_latency(text: str) -> tuple[float, float]:
    """``"LO-HI"`` (or one number) as ``(lo, hi)`` seconds."""
    lo, _, hi = text.partition("-")
    return float(lo), float(hi or lo)


@contextmanager
def model_server(args: argparse.Namespace) -> Iterator[None]:
    """The slow model (:func:`slow_model`) for ``--reasoner openai`` runs, at ``--llm-latency``,
    ``--time-scale`` and ``--seed``; nothing for the offline reasoner."""
    if args.reasoner != "openai":
        yield
        return
    with slow_model(llm_latency(args.llm_latency), args.time_scale, args.seed):
        yield


if __name__ == "__main__":
    main()
