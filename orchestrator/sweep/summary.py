"""The sweep's summary files: ``summary.json`` (the scoring object), ``summary.md`` (a Markdown
table, also printed) and ``summary.html`` (one row per bug, linking its report and its runs'
``report.html``; rendered from ``templates/summary.html.j2``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from orchestrator.results import write_json_atomic

_env = Environment(
    loader=PackageLoader("orchestrator", "templates"),
    autoescape=select_autoescape(["html", "j2"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _rate(value: float, bugs: int) -> str:
    """A success rate, or ``n/a`` for a kind of bug the sweep had none of (not a 0% failure)."""
    return _pct(value) if bugs else "n/a"


def _causes(summary: dict[str, Any]) -> str:
    """`` (never triggered N, triggered but not recognised M)`` from ``misses_by_cause``."""
    causes = summary.get("misses_by_cause") or {}
    names = {
        "never_triggered": "never triggered",
        "triggered_not_recognised": "triggered but not recognised",
        "unknown": "no ground truth",
    }
    parts = [f"{names.get(k, k)} {v}" for k, v in causes.items() if v]
    return f" ({', '.join(parts)})" if parts else ""


def markdown_table(summary: dict[str, Any]) -> str:
    """The per-bug table and the totals of a ``summary.json`` object, as Markdown."""
    lines = [
        "| bug | type | app | reproduced | false claims | missed | actions (min-max) "
        "| minutes | tokens | cost USD |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for b in summary["per_bug"]:
        spread = b["actions_spread"]
        lines.append(
            f"| {b['bug_id']} | {b['type']} | {b['app']} | {b['reproduced_runs']}/{b['runs']} "
            f"| {b['false_claims']} | {b['missed']} "
            f"| {b['mean_actions']:.1f} ({spread['min']:.0f}-{spread['max']:.0f}) "
            f"| {b['mean_minutes']:.2f} | {b['mean_tokens']:.0f} | {b['mean_cost_usd']:.4f} |"
        )
    s = summary
    by_repeat = ", ".join(_pct(v) for v in s["sr_by_repeat"])
    lines += [
        "",
        f"Success rate over {s['runs']} runs ({s['bugs']} bugs x {s['repeat']}): "
        f"overall {_pct(s['overall_sr'])}, "
        f"crash {_rate(s['crash_sr'], s['crash_bugs'])} ({s['crash_bugs']} bugs), "
        f"non-crash {_rate(s['noncrash_sr'], s['noncrash_bugs'])} ({s['noncrash_bugs']} bugs); "
        f"per repeat {by_repeat} (stdev {100 * s['sr_spread']['stdev']:.1f} points).",
        f"Bugs reproduced at least once: {_pct(s['overall_bugs_any_sr'])}. "
        f"False claims {s['false_claims']}, missed {s['missed']}{_causes(s)}, "
        f"errors {s['errors']}.",
        f"Mean per run: {s['mean_actions']:.1f} actions executed, {s['mean_minutes']:.2f} min, "
        f"{s['mean_tokens']:.0f} tokens, ${s['mean_cost_usd']:.4f}.",
    ]
    if s["skipped"]:
        lines.append(
            "Skipped: " + "; ".join(f"{k['bug_id']} ({k['reason']})" for k in s["skipped"])
        )
    return "\n".join(lines) + "\n"


def _href(target: str, base: Path) -> str:
    if not target:
        return ""
    try:
        return Path(os.path.relpath(Path(target).resolve(), base.resolve())).as_posix()
    except ValueError:  # another drive (Windows): link absolutely
        return Path(target).resolve().as_uri()


def render_html(summary: dict[str, Any], out_dir: Path) -> str:
    """``summary.html`` text; links are relative to ``out_dir``."""
    view = dict(summary)
    rows = []
    for b in summary["per_bug"]:
        row = dict(b)
        row["report_href"] = _href(b["report_path"], out_dir)
        row["run_links"] = [
            {
                "href": _href(str(Path(run_dir) / "report.html"), out_dir),
                "label": f"r{i + 1} {verdict}",
            }
            for i, (run_dir, verdict) in enumerate(zip(b["run_dirs"], b["verdicts"], strict=False))
        ]
        rows.append(row)
    view["per_bug"] = rows
    return _env.get_template("summary.html.j2").render(s=view)


def write_summary(out_dir: Path, summary: dict[str, Any]) -> dict[str, Path]:
    """Write ``summary.json``, ``summary.md`` and ``summary.html`` into ``out_dir``; returns
    their paths by kind (``json``, ``md``, ``html``)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {
        "json": out_dir / "summary.json",
        "md": out_dir / "summary.md",
        "html": out_dir / "summary.html",
    }
    write_json_atomic(paths["json"], summary)
    paths["md"].write_text(markdown_table(summary), encoding="utf-8")
    paths["html"].write_text(render_html(summary, out_dir), encoding="utf-8")
    return paths
