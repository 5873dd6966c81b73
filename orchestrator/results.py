"""``result.json`` (DESIGN §4) and the screenshots of the confirming path, written to the run's
output directory.

Top-level keys: ``bug_id``, ``reproduced``, ``verdict`` (``crash`` | ``symptom`` |
``not_reproduced`` | ``error``), ``trace`` (the confirming path: each step's action in the JSON form
of ``device_agent.actions.Action``, a description, the screen it started from and the transition
summary), ``actions_executed``, ``wall_seconds``, ``llm`` (calls, tokens, cost), ``devices``,
``crash`` (when there is one), plus ``app`` (name, version, package), ``profile``/``time_scale``
(so ``reprofarm replay`` can rebuild the device), ``spec`` (the S2R), ``search`` statistics and
``error`` (when the verdict is ``error``); ``device`` (the device the trace was found on: screen
pixels, density, orientation, API level, backend, app version), ``final_screen`` (for a symptom:
checks of the final screen an exported script repeats, :mod:`orchestrator.screen_checks`),
``miss`` (for a miss: :mod:`orchestrator.miss`), ``warnings`` (one line each, e.g. a report the
offline reasoner cannot read) and ``replay_animation`` (the confirming trace as an animation).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

from orchestrator.model import BugReport, LLMUsage, ReproSpec
from orchestrator.search import SearchOutcome

RESULT_FILE = "result.json"
SCHEMA_VERSION = 1


@dataclass
class RunRecord:
    """Everything known about one reproduction, ready to be written."""

    report: BugReport
    app: dict[str, str]
    profile: str
    time_scale: float
    reasoner: str
    spec: ReproSpec | None = None
    outcome: SearchOutcome | None = None
    usage: LLMUsage = field(default_factory=LLMUsage)
    devices: list[dict[str, Any]] = field(default_factory=list)
    farm_events: list[dict[str, Any]] = field(default_factory=list)
    ray_cluster: dict[str, Any] = field(default_factory=dict)
    wall_seconds: float = 0.0
    error: str = ""
    config: dict[str, Any] = field(default_factory=dict)
    device: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    # orchestrator.ground_truth.miss_cause, on the virtual backend; empty elsewhere
    ground_truth: dict[str, Any] = field(default_factory=dict)
    # rule name -> firings (orchestrator.reasoner.rules): what an ablation of a rule can change
    rules_fired: dict[str, int] = field(default_factory=dict)


def device_record(info: Any, orientation: str) -> dict[str, Any]:
    """``result.json``'s ``device``: the facts of a :class:`device_agent.backend.DeviceInfo`
    an exported script needs (``screen_width``/``screen_height`` portrait pixels,
    ``density_dpi``, ``api_level``, ``backend``, ``app_package``, ``app_version``) plus the base
    screen's ``orientation`` (``portrait`` | ``landscape``)."""
    return {
        "device_id": str(info.device_id),
        "backend": str(info.backend),
        "screen_width": int(info.screen_width),
        "screen_height": int(info.screen_height),
        "density_dpi": int(info.density_dpi),
        "api_level": int(info.api_level),
        "orientation": orientation or "portrait",
        "app_package": str(info.app_package),
        "app_version": str(info.app_version),
    }


PROBE_LOG_FILE = "probes.jsonl"
# What a run writes into --out (name, is a directory); a re-used --out is cleared of these only.
OWNED_FILES = (
    (RESULT_FILE, False),
    ("report.html", False),
    (PROBE_LOG_FILE, False),
    ("screens", True),
    ("repro.sh", False),
    ("repro.maestro.yaml", False),
)


def prepare_out_dir(path: str | FsPath) -> FsPath:
    """Create the run's output directory and check that the files a run writes can be written
    there. Raises ``ConfigError`` naming the problem (empty path, a file where the directory
    should be, a directory where ``result.json`` should be, no write permission)."""
    from orchestrator.errors import ConfigError

    if not str(path).strip():
        raise ConfigError("--out is empty: give the directory for result.json and report.html")
    out = FsPath(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        what = "it is a file" if out.is_file() else exc.strerror
        raise ConfigError(
            f"cannot create output directory {out}: {what}; give --out a directory path"
        ) from exc
    if not os.access(out, os.W_OK):
        raise ConfigError(f"output directory {out} is not writable")
    for name, want_dir in OWNED_FILES:
        target = out / name
        if target.exists() and target.is_dir() != want_dir:
            kind = "a directory" if target.is_dir() else "a file"
            raise ConfigError(f"{target} is {kind}; choose another --out or move it away")
    return out


def earlier_run_files(out_dir: str | FsPath) -> list[str]:
    """Names of the files and directories an earlier run left in ``out_dir`` (those a run
    writes, :data:`OWNED_FILES`), sorted; ``[]`` for a new or unrelated directory."""
    out = FsPath(out_dir)
    return sorted(name for name, _ in OWNED_FILES if (out / name).exists())


def clear_run_files(out_dir: FsPath) -> None:
    """Remove what an earlier run wrote into ``out_dir`` (:data:`OWNED_FILES` only; anything
    else a person put there stays), so no file of it is left beside the new run's."""
    import shutil

    for name, is_dir in OWNED_FILES:
        target = out_dir / name
        if is_dir and target.is_dir():
            shutil.rmtree(target)
        elif not is_dir and target.is_file():
            target.unlink()


def write_probe_log(out_dir: FsPath, outcome: SearchOutcome) -> str:
    """Write one JSON line per probe (level, the path it ran from, action, device, how the
    state was reached and what each phase cost, in seconds, and on the virtual backend
    ``ground_truth``: whether the app's oracle fired after it, :mod:`orchestrator.ground_truth`)
    to ``out_dir/probes.jsonl``; returns the file name."""
    with open(out_dir / PROBE_LOG_FILE, "w", encoding="utf-8") as fh:
        for entry in outcome.probe_log:
            line = {k: v for k, v in entry.items() if not k.startswith("_")}
            fh.write(json.dumps(line, ensure_ascii=False) + "\n")
    return PROBE_LOG_FILE


def write_screens(out_dir: FsPath, outcome: SearchOutcome) -> list[dict[str, str]]:
    """Save before/after PNGs of every confirmed step under ``out_dir/screens``, the "before"
    also with a marker where the step's tap or swipe landed (``marked``), and the whole trace as
    an animation (``screens/replay.gif``, :mod:`orchestrator.report_images`); returns, per step,
    the relative paths (``before``, ``after``, ``marked``; empty when no screenshot was taken)."""
    from PIL import Image as PILImage

    from orchestrator.report_images import ANIMATION_FILE, animation, marked, png_bytes

    screens_dir = out_dir / "screens"
    files: list[dict[str, str]] = []
    if outcome.path is None:
        return files
    screens_dir.mkdir(parents=True, exist_ok=True)
    pngs: list[bytes] = [outcome.base_screen.screenshot_png if outcome.base_screen else b""]
    if outcome.replay and len(outcome.replay) == len(outcome.path.transitions):
        pngs += [s.after_png for s in outcome.replay]
    else:
        pngs += [t.after.screenshot_png for t in outcome.path.transitions]
    frames: list[Any] = []
    for i in range(len(outcome.path.transitions)):
        entry: dict[str, str] = {}
        for role, png in (("before", pngs[i]), ("after", pngs[i + 1])):
            if png:
                name = f"step{i + 1:02d}-{role}.png"
                (screens_dir / name).write_bytes(png)
                entry[role] = f"screens/{name}"
            else:
                entry[role] = ""
        entry["marked"] = ""
        if pngs[i]:
            image = marked(pngs[i], outcome.path.transitions[i].action.to_json())
            (screens_dir / f"step{i + 1:02d}-marked.png").write_bytes(png_bytes(image))
            entry["marked"] = f"screens/step{i + 1:02d}-marked.png"
            frames.append(image)
        files.append(entry)
    if pngs[-1]:
        frames.append(PILImage.open(io.BytesIO(pngs[-1])).convert("RGB"))
    movie = animation(frames)
    if movie:
        (screens_dir / ANIMATION_FILE).write_bytes(movie)
    return files


def _id_count(xml: str, action: Any) -> int | None:
    """How many widgets of the screen carry the action's target's resource id (exports use an
    id that is unique on its screen); ``None`` without a target id or a readable dump."""
    from device_agent.errors import HierarchyError
    from device_agent.hierarchy import parse_hierarchy

    target = action.target
    if target is None or not target.resource_id or not xml:
        return None
    try:
        nodes = parse_hierarchy(xml).iter()
    except HierarchyError:
        return None
    return sum(1 for n in nodes if n.resource_id == target.resource_id)


def build_result(record: RunRecord, screens: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The ``result.json`` object for a run record."""
    from orchestrator.economy import economy

    outcome = record.outcome
    verdict = "error" if record.error else (outcome.verdict if outcome else "error")
    trace: list[dict[str, Any]] = []
    if outcome and outcome.path and verdict != "error":
        for i, t in enumerate(outcome.path.transitions):
            step: dict[str, Any] = {
                "step": i + 1,
                "action": t.action.to_json(),
                "description": t.action.describe(),
                "from_screen": {
                    "activity": t.before.activity,
                    "structural_hash": t.before.structural_hash,
                    "orientation": t.before.orientation,
                },
                "to_screen": {
                    "activity": t.after.activity,
                    "structural_hash": t.after.structural_hash,
                },
                "summary": t.summary,
                "device_id": t.device_id,
                "restore": t.restore,
            }
            count = _id_count(t.before.hierarchy_xml, t.action)
            if count is not None:
                step["from_screen"]["target_id_count"] = count
            if screens and i < len(screens):
                step["screenshots"] = screens[i]
            trace.append(step)
    stats = outcome.stats if outcome else {}
    result: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "bug_id": record.report.bug_id,
        "title": record.report.title,
        "reproduced": verdict in ("crash", "symptom"),
        "verdict": verdict,
        "trace": trace,
        "actions_executed": int(stats.get("probes", 0)),
        "wall_seconds": round(record.wall_seconds, 3),
        "llm": record.usage.to_json(),
        "devices": record.devices,
        "app": record.app,
        "profile": record.profile,
        "time_scale": record.time_scale,
        "reasoner": record.reasoner,
        "rules_fired": dict(sorted(record.rules_fired.items())),
        "report_path": record.report.source_path,
    }
    if outcome and outcome.crash is not None:
        result["crash"] = outcome.crash.to_json()
    if outcome and outcome.evidence:
        result["evidence"] = outcome.evidence
    if outcome and outcome.claim:
        result["claim"] = outcome.claim  # what a person checks the claim with (issue 12)
    if record.spec is not None:
        result["spec"] = record.spec.to_json()
    if outcome is not None:
        result["search"] = {
            "stop_reason": outcome.stop_reason,
            "search_seconds": stats.get("search_seconds", 0.0),
            "levels": stats.get("levels", 0),
            "probes": stats.get("probes", 0),
            "replays": stats.get("replays", 0),
            "replays_unused": stats.get("replays_unused", 0),  # run ahead, never read (0020)
            "snapshots_spread": stats.get("snapshots_spread", 0),  # copies made ahead (0020)
            # idle devices sent to the next level's states while the driver judged (0022)
            "devices_positioned": stats.get("devices_positioned", 0),
            "restore_methods": stats.get("restore_methods", {}),
            "probe_log": PROBE_LOG_FILE,
            "phase_seconds": stats.get("phase_seconds", {}),
            # probes run ahead on idle devices: how many, used by a later level, device time lost
            "speculation": stats.get("speculation", {}),
            # new work vs repeated (screen, action) pairs, longest path (issue 28 §1)
            "economy": economy(outcome.probe_log),
            # states gone back to for their untried actions once nothing was left to extend
            "frontier_paths": stats.get("frontier_paths", 0),
            # one more click on a control whose press left the screen unchanged (hidden state)
            "repeat_probes": stats.get("repeat_probes", 0),
            # 1 when, with budget left, it searched again letting paths loop once (0064)
            "loop_pass": stats.get("loop_pass", 0),
            "other_crashes": outcome.other_crashes[:10],
            "explored": [
                {
                    "level": i + 1,
                    "probes": len(level),
                    "sha256": hashlib.sha256("\n".join(level).encode()).hexdigest()[:16],
                }
                for i, level in enumerate(outcome.explored)
            ],
        }
    if record.device:
        result["device"] = record.device
    if record.warnings:
        result["warnings"] = list(record.warnings)
    if outcome is not None and outcome.path is not None and verdict == "symptom":
        result["final_screen"] = _final_screen(outcome, result.get("evidence"), record.app)
    if outcome is not None and verdict in ("not_reproduced", "budget", "interrupted"):
        from orchestrator.miss import explain_miss

        result["miss"] = explain_miss(
            record.spec, outcome.path, outcome.probe_log, outcome.stop_reason
        )
    if record.ground_truth:
        result["ground_truth"] = record.ground_truth
    if record.farm_events:
        result["farm_events"] = record.farm_events[:50]
    if record.ray_cluster:
        result["ray_cluster"] = record.ray_cluster
    if record.error:
        result["error"] = record.error
    if record.config:
        result["config"] = record.config
    return result


def _final_screen(outcome: SearchOutcome, evidence: Any, app: dict[str, str]) -> dict[str, Any]:
    """``final_screen``: the confirming trace's last screen (activity, package) and the checks
    of it an exported script repeats (:func:`orchestrator.screen_checks.final_screen_checks`)."""
    from orchestrator.screen_checks import evidence_text, final_screen_checks

    assert outcome.path is not None
    transitions = outcome.path.transitions
    if outcome.replay and len(outcome.replay) == len(transitions):
        last = outcome.replay[-1]
        xml, activity, package = last.after_xml, last.after_activity, last.after_package
    else:
        after = transitions[-1].after
        xml, activity, package = after.hierarchy_xml, after.activity, after.package
    earlier = [t.before.hierarchy_xml for t in transitions]
    return {
        "activity": activity,
        "package": package,
        "checks": final_screen_checks(
            evidence_text(evidence), xml, earlier, app.get("package", "")
        ),
    }


def write_json_atomic(path: FsPath, data: dict[str, Any]) -> None:
    """Write JSON through a temporary file and a rename, so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".result-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2, ensure_ascii=False)
        fh.write("\n")
    os.replace(tmp, path)


def load_result(path: str | FsPath) -> dict[str, Any]:
    """Read a ``result.json`` (or a run directory holding one). Raises ``BadInputError``
    with the fix when it is missing or not a result."""
    from orchestrator.errors import BadInputError

    p = FsPath(path)
    if p.is_dir():
        p = p / RESULT_FILE
    if not p.is_file():
        raise BadInputError(
            f"no result file at {p}: pass the result.json that `reprofarm reproduce` wrote"
        )
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadInputError(f"{p} is not a valid result.json ({exc})") from exc
    if not isinstance(data, dict) or "trace" not in data or "app" not in data:
        raise BadInputError(f"{p} is not a reprofarm result.json (no 'trace' or 'app' key)")
    return data


def write_run(
    out_dir: FsPath, record: RunRecord, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Write everything a finished run leaves behind into ``out_dir``, first removing what an
    earlier run wrote there (:func:`clear_run_files`): ``probes.jsonl``, the
    per-step screenshots (unless it failed), ``result.json`` (:func:`build_result` plus the
    ``extra`` top-level sections, e.g. ``nightly``) and ``report.html``. Returns the result."""
    from orchestrator.html_report import write_report

    clear_run_files(out_dir)
    screens: list[dict[str, str]] = []
    if record.outcome is not None:
        write_probe_log(out_dir, record.outcome)
        if not record.error:
            screens = write_screens(out_dir, record.outcome)
    result = build_result(record, screens)
    if (out_dir / "screens" / "replay.gif").is_file():
        result["replay_animation"] = "screens/replay.gif"
    result.update(extra or {})
    write_json_atomic(out_dir / RESULT_FILE, result)
    write_report(out_dir, result)
    return result
