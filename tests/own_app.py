"""Reproduce a report on a hand-written app model, loaded with ``--app-dir`` as a user's own
model is (docs/app-models.md): the end-to-end tests of search and claim behaviours."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from orchestrator.config import FarmConfig, RunConfig, SearchConfig
from orchestrator.run import reproduce


def reproduce_own_app(
    tmp_path: Path, app: str, source: str, report: str, search: SearchConfig, out: str = "out"
) -> dict[str, Any]:
    """Write the model ``source`` (module ``<app lower>.py``) and the Markdown ``report`` under
    ``tmp_path``, reproduce it on one instant virtual device with the heuristic reasoner, and
    return ``result.json`` (written to ``tmp_path/out``)."""
    apps = tmp_path / "apps"
    apps.mkdir(exist_ok=True)
    (apps / f"{app.lower()}.py").write_text(source, encoding="utf-8")
    report_path = tmp_path / f"{app.lower()}.md"
    report_path.write_text(report, encoding="utf-8")
    config = RunConfig(
        report_path=str(report_path),
        out_dir=str(tmp_path / out),
        reasoner="heuristic",
        farm=FarmConfig(devices=1, profile="instant", app_dir=str(apps), app=app),
        search=search,
        progress=False,
    )
    reproduce(config)
    return json.loads((tmp_path / out / "result.json").read_text(encoding="utf-8"))
