"""The human report: ``report.html``, rendered from ``templates/report.html.j2`` with jinja2.

The page opens with the run's facts, then one section per template in ``templates/report/``, in
the order of :data:`SECTIONS`: warnings, the found steps as a numbered list with a copyable
``adb shell`` line each, why a claim is the reported bug (and the crashes that were not), the
explanation of a miss, the animated replay, the per-step screenshots
with a marker where each action landed, the report as analysed, the crash and the evidence. A new
section is one template file and one name in :data:`SECTIONS`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

_env = Environment(
    loader=PackageLoader("orchestrator", "templates"),
    autoescape=select_autoescape(["html", "j2"]),
    trim_blocks=True,
    lstrip_blocks=True,
)

# Sections of report.html, in page order: templates/report/<name>.html.j2.
SECTIONS = (
    "warnings",
    "steps",
    "claim",
    "miss",
    "replay",
    "screens",
    "analysis",
    "crash",
    "evidence",
)


def render_report(result: dict[str, Any]) -> str:
    """HTML text for a ``result.json`` object (screenshot paths are relative to the run dir)."""
    from orchestrator.export import step_commands

    return _env.get_template("report.html.j2").render(
        r=result, sections=SECTIONS, commands=step_commands(result)
    )


def write_report(out_dir: Path, result: dict[str, Any]) -> Path:
    """Write ``out_dir/report.html`` and return its path."""
    path = out_dir / "report.html"
    path.write_text(render_report(result), encoding="utf-8")
    return path
