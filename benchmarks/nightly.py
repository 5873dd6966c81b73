"""Nightly re-reproduction with trace reuse, against re-exploring every night (issue 6).

Runs ``reprofarm nightly``'s code (``orchestrator.nightly.run.run_nightly``) on local virtual
agents:

1. ``night-1``: every catalog bug on its own build, with an empty trace store (from scratch;
   confirmed traces are stored);
2. ``night-2``: the same bugs on the same builds again (the stored traces are replayed);
3. one run per later catalog build of the same app (a build whose version is newer than the
   bug's original one: moved/renamed controls, a "What's new" dialog, a changed workflow step, the
   fix), in version order, each next to a from-scratch run on that build (``--no-reuse``, its own
   trace store) as the baseline.

The expected verdict of a bug on a build comes from the app model's ground truth, not from a
table: the bug's human steps (as the build declares them) are replayed on a fresh virtual device
and the oracle asked; a build where the oracle stays silent is expected ``fixed``, else
``still_reproduces``.

Prints ``{"runs": [{"label", "build", "reused_share", "rewritten_share", "rejected_share",
"reasoner_calls", "scratch_reasoner_calls", "tokens", "scratch_tokens", "wall_s",
"scratch_wall_s", "night_wall_s", "verdicts": {bug: verdict}, "expected": {bug: verdict},
"false_claims"}], "settings": {...}}``. ``wall_s`` is the sum of the bugs' own wall times
(concurrency-independent); ``night_wall_s`` the whole run's, including starting the farm.

    .venv/bin/python benchmarks/nightly.py [--bugs Omni-Notes#377,...] [--devices 4]
        [--profile emulator-grpc --time-scale 0.1] [--reasoner openai]

With ``--reasoner openai`` the OpenAI reasoner talks to the rule-based OpenAI-compatible test
server (``tests/fake_openai_server.py``) started on 127.0.0.1, so tokens are counted too.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks._farm import emit, quiet  # noqa: E402
from benchmarks.per_bug import catalog_reports  # noqa: E402
from device_agent.actions import Action  # noqa: E402
from device_agent.virtual.app import VirtualApp  # noqa: E402
from device_agent.virtual.catalog import _version_key, list_apps  # noqa: E402
from device_agent.virtual.device import VirtualDevice  # noqa: E402
from orchestrator.config import FarmConfig, SearchConfig  # noqa: E402
from orchestrator.llm.settings import LLMSettings  # noqa: E402
from orchestrator.nightly.job import NightlyOptions  # noqa: E402
from orchestrator.nightly.run import NightlyOutcome, run_nightly  # noqa: E402
from orchestrator.sweep.driver import SweepConfig  # noqa: E402


def expected_verdict(app_cls: type[VirtualApp], bug_id: str) -> str:
    """``still_reproduces`` when the build's own human steps trigger the bug's oracle on a fresh
    virtual device, else ``fixed`` (the ground truth of the app model)."""
    spec = next(s for s in app_cls.bugs if s.bug_id == bug_id)
    device = VirtualDevice("gt", app_cls)
    device.launch_app()
    for step in spec.human_steps:
        if not device.execute(Action.from_json(step)).performed:
            break
    return "still_reproduces" if device.check_bug_oracle(bug_id)[0] else "fixed"


def later_builds(bug_ids: list[str]) -> list[tuple[str, type[VirtualApp]]]:
    """``(bug_id, app class)`` for every build newer than the bug's original one that declares
    the bug, oldest first per bug."""
    apps = list_apps()
    out: list[tuple[str, type[VirtualApp]]] = []
    for bug_id in bug_ids:
        builds = sorted(
            (c for c in apps if any(s.bug_id == bug_id for s in c.bugs)),
            key=lambda c: _version_key(c.version),
        )
        out += [(bug_id, c) for c in builds[1:]]
    return out


def run_row(
    label: str,
    build: str,
    outcome: NightlyOutcome,
    expected: dict[str, str],
    scratch: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One entry of ``runs``; ``scratch`` overrides the from-scratch reference (the baseline run
    on a changed build) — default: what each trace's recording cost (``nightly.json``)."""
    totals = outcome.digest["totals"]
    bugs = outcome.digest["bugs"]
    return {
        "label": label,
        "build": build,
        "reused_share": totals["reused_share"],
        "rewritten_share": totals["rewritten_share"],
        "rejected_share": totals["rejected_share"],
        "reasoner_calls": totals["reasoner_calls"],
        "scratch_reasoner_calls": (scratch or totals)["scratch_reasoner_calls"],
        "tokens": totals["tokens"],
        "scratch_tokens": (scratch or totals)["scratch_tokens"],
        "wall_s": totals["bug_seconds"],
        "scratch_wall_s": (scratch or totals)["scratch_bug_seconds"],
        "night_wall_s": totals["wall_s"],
        "verdicts": {b["bug_id"]: b["verdict"] for b in bugs},
        "expected": expected,
        "modes": {b["bug_id"]: b["mode"] for b in bugs},
        "changes": {b["bug_id"]: b["changes"] for b in bugs if b["changes"]},
        "false_claims": totals["false_claims"],
    }


def scratch_of(outcome: NightlyOutcome) -> dict[str, Any]:
    """A from-scratch run's own costs, as the reference of another run."""
    t = outcome.digest["totals"]
    return {
        "scratch_reasoner_calls": t["reasoner_calls"],
        "scratch_tokens": t["tokens"],
        "scratch_bug_seconds": t["bug_seconds"],
    }


@contextlib.contextmanager
def reasoner_endpoint(kind: str) -> Iterator[tuple[str, LLMSettings]]:
    """``(reasoner name, LLM settings)``: the heuristic, or the OpenAI reasoner on the local
    rule-based test server."""
    if kind != "openai":
        yield "heuristic", LLMSettings()
        return
    sys.path.insert(0, str(REPO / "tests"))
    from fake_openai_server import FakeOpenAIServer

    with FakeOpenAIServer() as server:
        yield (
            "openai",
            LLMSettings(model="gpt-4.1", base_url=server.base_url, api_key=server.api_key),
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bugs", default="", help="comma-separated bug ids (default: catalog)")
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--profile", default="emulator-grpc")
    parser.add_argument("--time-scale", type=float, default=0.1)
    parser.add_argument("--fixed-probes", type=int, default=150)
    parser.add_argument("--reasoner", default="heuristic", choices=("heuristic", "openai"))
    parser.add_argument("--out", default="", help="keep the runs here (default: a temp dir)")
    args = parser.parse_args()
    quiet()
    reports = dict(catalog_reports(set()))
    wanted = [b for b in args.bugs.split(",") if b] or sorted(reports)
    unknown = [b for b in wanted if b not in reports]
    if unknown:
        raise SystemExit(f"unknown bug ids {unknown}; known: {sorted(reports)}")
    originals = {
        bug: next(c for c in list_apps() if any(s.bug_id == bug for s in c.bugs)) for bug in wanted
    }
    with contextlib.ExitStack() as stack:
        work = Path(args.out or stack.enter_context(tempfile.TemporaryDirectory()))
        name, llm = stack.enter_context(reasoner_endpoint(args.reasoner))
        traces = str(work / "traces.sqlite")
        base = SweepConfig(
            out_dir=str(work),
            inputs=tuple(str(reports[b]) for b in wanted),
            concurrency=args.concurrency,
            reasoner=name,
            llm=llm,
            search=SearchConfig(),
            farm=FarmConfig(devices=args.devices, profile=args.profile, time_scale=args.time_scale),
            progress=False,
        )

        def night(
            label: str, config: SweepConfig, *, reuse: bool = True, store: str = traces
        ) -> NightlyOutcome:
            options = NightlyOptions(
                traces_path=store, fixed_probes=args.fixed_probes, label=label, reuse=reuse
            )
            return run_nightly(replace(config, out_dir=str(work / label), nightly=options))

        runs: list[dict[str, Any]] = []
        same = {b: expected_verdict(originals[b], b) for b in wanted}
        first = night("night-1", base)
        runs.append(run_row("night-1 (empty trace store)", "catalog", first, same))
        second = night("night-2", base)
        runs.append(run_row("night-2 (same builds)", "catalog", second, same, scratch_of(first)))
        for bug_id, cls in later_builds(wanted):
            build = f"{cls.name}@{cls.version}"
            on_build = replace(
                base,
                inputs=(str(reports[bug_id]),),
                farm=replace(base.farm, app=cls.name, app_version=cls.version),
            )
            expected = {bug_id: expected_verdict(cls, bug_id)}
            scratch = night(
                f"scratch-{build}",
                on_build,
                reuse=False,
                store=str(work / f"scratch-{cls.name}-{cls.version}.sqlite"),
            )
            reused = night(f"nightly-{build}", on_build)
            runs.append(
                run_row(f"later build {build}", build, reused, expected, scratch_of(scratch))
            )
        emit(
            {
                "runs": runs,
                "settings": {
                    "devices": args.devices,
                    "concurrency": args.concurrency,
                    "profile": args.profile,
                    "time_scale": args.time_scale,
                    "reasoner": args.reasoner,
                    "fixed_probes": args.fixed_probes,
                },
            },
            indent=2,
        )


if __name__ == "__main__":
    main()
