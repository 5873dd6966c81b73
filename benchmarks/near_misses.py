"""The verifier on every model's near misses: how often it would claim a non-crash bug that did not
happen, with no search at all.

Every held-out and development model carries ``WRONG_SEQUENCES``: near misses of its bug (a step
left out, swapped or replaced) that never fire its oracle. Replayed on a fresh virtual device,
each is a path a search could build; a non-crash verdict of "reproduced" on one (by any check)
is a claim on a build where the bug did not happen: a false claim waiting for a search to find
it. The human steps are replayed too (a claim there is right: the share of human paths the
verifier recognises bounds what any search can reach on non-crash bugs).

    python -m benchmarks.near_misses [SET ...]

Prints, per set, the sequences replayed and the claims on human and on wrong sequences, and for
the sets a rule writer may read (:data:`benchmarks.readings.READABLE`) which bug and check made
each claim on a wrong sequence; held-out sets stay counts (issue 28 §4). Crash bugs are skipped:
a crash claim needs the crash, which a near miss does not throw.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path as FsPath

from benchmarks.catalog_sets import DEV_ROUNDS, HELDOUT_ROUNDS
from benchmarks.readings import READABLE
from device_agent.actions import Action
from device_agent.errors import DeviceError
from device_agent.hierarchy import structural_hash
from device_agent.virtual.catalog import load_apps_from_dir
from device_agent.virtual.device import VirtualDevice
from orchestrator.diff import structural_diff
from orchestrator.model import NON_CRASH, Path, ReproSpec, Screen, Transition
from orchestrator.reasoner.s2r import analyze
from orchestrator.reasoner.verify import verify
from orchestrator.report import load_report

ROOT = FsPath(__file__).resolve().parents[1]


def _observe(device: VirtualDevice) -> Screen:
    seen = device.observe(screenshot=False, hierarchy=True)
    xml = seen.hierarchy_xml
    return Screen(xml, structural_hash(xml), seen.package, seen.activity, "")


def _claims(device: VirtualDevice, spec: ReproSpec, steps: list[dict]) -> list[str]:
    """The check that claims on the path of ``steps`` (``[]`` when none does)."""
    transitions: list[Transition] = []
    for raw in steps:
        action = Action.from_json(raw)
        before = _observe(device)
        device.execute(action)
        after = _observe(device)
        transitions.append(Transition(action, before, after, structural_diff(before, after)))
    if not transitions:
        return []
    verdict = verify(spec, Path(transitions), [])
    return [str(verdict.details.get("check", "?"))] if verdict.reproduced else []


def judge_set(folder: FsPath) -> tuple[Counter[str], list[tuple[str, str]]]:
    """``(counts, wrong claims)`` of one set's folder: counts of ``human``/``wrong`` sequences
    replayed, ``human_claims``/``wrong_claims`` and ``errors`` (a model that fails to replay);
    each wrong claim as ``(bug id, check)``."""
    counts: Counter[str] = Counter()
    wrong: list[tuple[str, str]] = []
    apps = load_apps_from_dir(folder / "apps")
    for cls in apps.values():
        module = sys.modules[cls.__module__]
        for bug in cls.bugs:
            report = folder / "reports" / f"{bug.bug_id}.json"
            if bug.kind != NON_CRASH or not report.is_file():
                continue
            spec = analyze(load_report(report))
            sequences = [("human", list(bug.human_steps))]
            sequences += [
                ("wrong", list(s))
                for s in getattr(module, "WRONG_SEQUENCES", {}).get(bug.bug_id, ())
            ]
            for kind, steps in sequences:
                device = VirtualDevice("near-miss", cls.name, app_dir=str(folder / "apps"))
                try:
                    device.install_app(cls.name, cls.version)
                    device.launch_app()
                    checks = _claims(device, spec, steps)
                except DeviceError:
                    counts["errors"] += 1
                    continue
                counts[kind] += 1
                if checks:
                    counts[f"{kind}_claims"] += 1
                    if kind == "wrong":
                        wrong.append((bug.bug_id, checks[0]))
    return counts, wrong


def main(argv: list[str] | None = None) -> int:
    wanted = set(argv if argv is not None else sys.argv[1:])
    for name, folder in (DEV_ROUNDS | HELDOUT_ROUNDS).items():
        if wanted and name not in wanted:
            continue
        path = ROOT / "benchmarks" / folder
        if not (path / "apps").is_dir():
            continue
        counts, wrong = judge_set(path)
        line = (
            f"{name:7} human {counts['human_claims']}/{counts['human']} claimed, "
            f"wrong {counts['wrong_claims']}/{counts['wrong']} claimed"
            + (f", {counts['errors']} not replayed" if counts["errors"] else "")
        )
        if name in READABLE and wrong:
            line += "  " + " ".join(f"{bug}:{check}" for bug, check in wrong)
        elif wrong:
            line += "  checks: " + ", ".join(
                f"{c} {n}" for c, n in Counter(c for _, c in wrong).most_common()
            )
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
