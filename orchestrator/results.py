"""``result.json`` (DESIGN §4) and the screenshots of the confirming path, written to the run's
output directory.

Top-level keys: ``bug_id``, ``reproduced``, ``verdict`` (``crash`` | ``symptom`` |
``not_reproduced`` | ``error``), ``trace`` (the confirming path: each step's action in the JSON form
of ``device_agent.actions.Action``, a description, the screen it started from and the transition
summary), ``actions_executed``, ``wall_seconds``, ``llm`` (calls, tokens, cost), ``devices``,
``crash`` (when there is one), plus ``app`` (name, version, package), ``profile``/``time_scale``
(so ``reprofarm replay`` can rebuild the device), ``spec`` (the S2R), ``search`` statistics and
``error`` (when the verdict is ``error``).
"""

from __future__ import annotations

import hashlib
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


PROBE_LOG_FILE = "probes.jsonl"


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
        raise ConfigError(f"cannot create output directory {out}: {exc.strerror}") from exc
    if not os.access(out, os.W_OK):
        raise ConfigError(f"output directory {out} is not writable")
    for name, want_dir in (
        (RESULT_FILE, False),
        ("report.html", False),
        (PROBE_LOG_FILE, False),
        ("screens", True),
    ):
        target = out / name
        if target.exists() and target.is_dir() != want_dir:
            kind = "a directory" if target.is_dir() else "a file"
            raise ConfigError(f"{target} is {kind}; choose another --out or move it away")
    return out


def write_probe_log(out_dir: FsPath, outcome: SearchOutcome) -> str:
    """Write one JSON line per probe (level, action, device, how the state was reached and what
    each phase cost, in seconds) to ``out_dir/probes.jsonl``; returns the file name."""
    with open(out_dir / PROBE_LOG_FILE, "w", encoding="utf-8") as fh:
        for entry in outcome.probe_log:
            fh.write(json.dumps(entry, ensure_ascii=False) + "\n")
    return PROBE_LOG_FILE


def write_screens(out_dir: FsPath, outcome: SearchOutcome) -> list[dict[str, str]]:
    """Save before/after PNGs of every confirmed step under ``out_dir/screens``; returns, per
    step, the relative paths (``before``, ``after``; empty when no screenshot was taken)."""
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
    for i in range(len(outcome.path.transitions)):
        entry: dict[str, str] = {}
        for role, png in (("before", pngs[i]), ("after", pngs[i + 1])):
            if png:
                name = f"step{i + 1:02d}-{role}.png"
                (screens_dir / name).write_bytes(png)
                entry[role] = f"screens/{name}"
            else:
                entry[role] = ""
        files.append(entry)
    return files


def build_result(record: RunRecord, screens: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The ``result.json`` object for a run record."""
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
        "report_path": record.report.source_path,
    }
    if outcome and outcome.crash is not None:
        result["crash"] = outcome.crash.to_json()
    if outcome and outcome.evidence:
        result["evidence"] = outcome.evidence
    if record.spec is not None:
        result["spec"] = record.spec.to_json()
    if outcome is not None:
        result["search"] = {
            "stop_reason": outcome.stop_reason,
            "search_seconds": stats.get("search_seconds", 0.0),
            "levels": stats.get("levels", 0),
            "probes": stats.get("probes", 0),
            "replays": stats.get("replays", 0),
            "restore_methods": stats.get("restore_methods", {}),
            "probe_log": PROBE_LOG_FILE,
            "phase_seconds": stats.get("phase_seconds", {}),
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
    if record.farm_events:
        result["farm_events"] = record.farm_events[:50]
    if record.ray_cluster:
        result["ray_cluster"] = record.ray_cluster
    if record.error:
        result["error"] = record.error
    if record.config:
        result["config"] = record.config
    return result


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
    """Write everything a finished run leaves behind into ``out_dir``: ``probes.jsonl``, the
    per-step screenshots (unless it failed), ``result.json`` (:func:`build_result` plus the
    ``extra`` top-level sections, e.g. ``nightly``) and ``report.html``. Returns the result."""
    from orchestrator.html_report import write_report

    screens: list[dict[str, str]] = []
    if record.outcome is not None:
        write_probe_log(out_dir, record.outcome)
        if not record.error:
            screens = write_screens(out_dir, record.outcome)
    result = build_result(record, screens)
    result.update(extra or {})
    write_json_atomic(out_dir / RESULT_FILE, result)
    write_report(out_dir, result)
    return result
