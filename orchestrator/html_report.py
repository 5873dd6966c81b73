"""The human report: ``report.html`` with every step of the confirming path (action, before and
after screenshots, transition summary), rendered from ``templates/report.html.j2`` with jinja2."""

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


def render_report(result: dict[str, Any]) -> str:
    """HTML text for a ``result.json`` object (screenshot paths are relative to the run dir)."""
    return _env.get_template("report.html.j2").render(r=result)


def write_report(out_dir: Path, result: dict[str, Any]) -> Path:
    """Write ``out_dir/report.html`` and return its path."""
    path = out_dir / "report.html"
    path.write_text(render_report(result), encoding="utf-8")
    return path
