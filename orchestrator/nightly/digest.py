"""The nightly run's outputs: ``nightly.json`` (every bug's verdict and costs, with totals) and
``nightly.html``, a digest a team reads in a minute: what needs a person first, then what got
fixed, then what still reproduces; reuse and savings on one line. Rendered from
``templates/nightly.html.j2``."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from orchestrator.nightly.job import FIXED, NEEDS_ATTENTION, STILL_REPRODUCES
from orchestrator.results import write_json_atomic
from orchestrator.sweep.store import RunRow

DIGEST_SCHEMA_VERSION = 1
NIGHTLY_JSON = "nightly.json"
NIGHTLY_HTML = "nightly.html"
# Digest order: what a person must act on first.
ORDER = (NEEDS_ATTENTION, FIXED, STILL_REPRODUCES)

_env = Environment(
    loader=PackageLoader("orchestrator", "templates"),
    autoescape=select_autoescape(["html", "j2"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


def bug_entry(row: RunRow, out_dir: Path) -> dict[str, Any]:
    """One bug of ``nightly.json`` from its stored row (``row.result`` holds ``result.json``)."""
    result = row.result
    nightly = result.get("nightly") or {}
    scratch = nightly.get("scratch") or {}
    counts = nightly.get("counts") or {"total": 0, "reused": 0, "rewritten": 0, "rejected": 0}
    return {
        "bug_id": row.bug_id,
        "title": result.get("title", ""),
        "verdict": nightly.get("verdict", NEEDS_ATTENTION),
        "reason": nightly.get("reason") or result.get("error", ""),
        "mode": nightly.get("mode", ""),
        "build": nightly.get("build") or (result.get("app") or {}).get("version", ""),
        "trace_from_build": (nightly.get("template") or {}).get("app_version", ""),
        "counts": counts,
        "changes": [
            {
                "step": d["index"],
                "decision": d["decision"],
                "how": d["how"],
                "reasons": d["reasons"],
            }
            for d in nightly.get("decisions", [])
            if d.get("decision") != "reuse"
        ],
        "trace_length": len(result.get("trace", [])),
        "reasoner_calls": int(nightly.get("reasoner_calls", 0)),
        "tokens": int(nightly.get("tokens", 0)),
        "wall_s": float(nightly.get("wall_s", row.wall_seconds)),
        "scratch_reasoner_calls": int(scratch.get("reasoner_calls", 0)),
        "scratch_tokens": int(scratch.get("tokens", 0)),
        "scratch_wall_s": float(scratch.get("wall_s", 0.0)),
        "ground_truth": row.triggered,
        "report": _rel(row.html_path, out_dir),  # a link from nightly.html
        "result": str(Path(row.result_path).resolve()) if row.result_path else "",
        "notes": nightly.get("notes", []),
    }


def _rel(path: str, base: Path) -> str:
    if not path:
        return ""
    try:
        return os.path.relpath(path, base)
    except ValueError:
        return path


def build_digest(
    rows: list[RunRow],
    out_dir: Path,
    *,
    label: str,
    build: dict[str, str],
    wall_s: float,
    not_run: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """The ``nightly.json`` object: ``schema_version``, ``night``, ``build`` (``{"app",
    "version"}``), ``generated_at``, ``totals``, ``bugs`` (one :func:`bug_entry` each, in digest
    order) and ``not_run`` (``{"input", "reason"}`` of inputs left out: unreadable reports,
    duplicates, issues of another app). ``totals.wall_s`` is this process's wall time (a resumed
    night counts only its own part)."""
    bugs = sorted(
        (bug_entry(r, out_dir) for r in rows),
        key=lambda b: (ORDER.index(b["verdict"]) if b["verdict"] in ORDER else 0, b["bug_id"]),
    )
    actions = sum(b["counts"].get("total", 0) for b in bugs)
    reused = sum(b["counts"].get("reused", 0) for b in bugs)
    rewritten = sum(b["counts"].get("rewritten", 0) for b in bugs)
    rejected = sum(b["counts"].get("rejected", 0) for b in bugs)
    totals = {
        "bugs": len(bugs),
        **{v: sum(1 for b in bugs if b["verdict"] == v) for v in ORDER},
        "actions": actions,
        "reused": reused,
        "rewritten": rewritten,
        "rejected": rejected,
        "reused_share": round(reused / actions, 4) if actions else 0.0,
        "rewritten_share": round(rewritten / actions, 4) if actions else 0.0,
        "rejected_share": round(rejected / actions, 4) if actions else 0.0,
        "reasoner_calls": sum(b["reasoner_calls"] for b in bugs),
        "scratch_reasoner_calls": sum(b["scratch_reasoner_calls"] for b in bugs),
        "tokens": sum(b["tokens"] for b in bugs),
        "scratch_tokens": sum(b["scratch_tokens"] for b in bugs),
        "bug_seconds": round(sum(b["wall_s"] for b in bugs), 3),
        "scratch_bug_seconds": round(sum(b["scratch_wall_s"] for b in bugs), 3),
        "false_claims": sum(
            1 for b in bugs if b["verdict"] == STILL_REPRODUCES and b["ground_truth"] is False
        ),
        "wall_s": round(wall_s, 1),
    }
    return {
        "schema_version": DIGEST_SCHEMA_VERSION,
        "night": label,
        "build": build,
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "totals": totals,
        "bugs": bugs,
        "not_run": list(not_run or []),
    }


def write_digest(out_dir: Path, digest: dict[str, Any]) -> dict[str, Path]:
    """Write ``nightly.json`` and ``nightly.html`` into ``out_dir`` (tonight's, for a fixed
    link) and into ``out_dir/nights/<night>/`` (kept: tomorrow does not overwrite them);
    returns the paths of the former."""
    paths = {"json": out_dir / NIGHTLY_JSON, "html": out_dir / NIGHTLY_HTML}
    kept = out_dir / "nights" / re.sub(r"[^A-Za-z0-9._-]+", "_", digest["night"] or "night")
    kept.mkdir(parents=True, exist_ok=True)
    for directory in (out_dir, kept):
        write_json_atomic(directory / NIGHTLY_JSON, digest)
        html = _env.get_template("nightly.html.j2").render(
            d=digest, order=ORDER, base=os.path.relpath(out_dir, directory)
        )
        (directory / NIGHTLY_HTML).write_text(html, encoding="utf-8")
    return paths


def digest_lines(digest: dict[str, Any]) -> list[str]:
    """A few lines for the terminal: the verdict counts, reuse and savings, then every bug that
    needs attention or got fixed."""
    t = digest["totals"]
    build = f"{digest['build'].get('app', '')} {digest['build'].get('version', '')}".strip()
    lines = [
        f"night {digest['night']} on {build}: {t[STILL_REPRODUCES]} still reproduce, "
        f"{t[FIXED]} fixed, {t[NEEDS_ATTENTION]} need attention",
        f"recorded actions {t['actions']}: {t['reused']} reused, {t['rewritten']} rewritten, "
        f"{t['rejected']} rejected; reasoner calls {t['reasoner_calls']} "
        f"(from scratch: {t['scratch_reasoner_calls']}); bug time {t['bug_seconds']:.1f} s "
        f"(from scratch: {t['scratch_bug_seconds']:.1f} s)",
    ]
    for bug in digest["bugs"]:
        if bug["verdict"] != STILL_REPRODUCES:
            lines.append(f"  {bug['verdict']:<16} {bug['bug_id']}: {bug['reason']}")
    for item in digest.get("not_run", []):
        lines.append(f"  {'not run':<16} {item['input']}: {item['reason']}")
    return lines
