"""The progress display: "starting devices" shows how many answer out of how many were asked
for, and a warning is printed above the live bar (a log line when stderr is not a terminal)."""

from __future__ import annotations

import io
import re
from typing import Any

import structlog

from orchestrator.progress import Progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_live_bar_shows_devices_ready_out_of_requested(monkeypatch: Any) -> None:
    screen = _Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    with Progress("Tally#1") as progress:
        progress("phase", {"phase": "starting devices"})
        progress("devices", {"ready": 0, "requested": 4})
        progress("devices", {"ready": 3, "requested": 4})
        description = progress._bar.tasks[0].description
        task = progress._bar.tasks[0]
        assert description == "Tally#1: starting devices (3/4 ready)"
        assert (task.completed, task.total) == (3, 4)
        progress("warning", {"message": "the offline reasoner cannot read [x].md"})
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.getvalue())  # colours aside
    assert "warning: the offline reasoner cannot read [x].md" in shown


def test_plain_lines_without_a_terminal() -> None:
    with structlog.testing.capture_logs() as logs, Progress("Tally#1", enabled=False) as progress:
        progress("devices", {"ready": 2, "requested": 2})
        progress("warning", {"message": "cannot read"})
    assert {"event": "devices_ready", "ready": 2, "requested": 2} in [
        {k: e[k] for k in ("event", "ready", "requested") if k in e} for e in logs
    ]
    assert any(e["event"] == "warning" and e["message"] == "cannot read" for e in logs)


def test_json_log_lines_keep_the_search_level_beside_the_log_level() -> None:
    """structlog's ``add_log_level`` writes ``level: "info"``: the search level used to be
    overwritten by it. Real JSON lines, from a process configured as the CLI configures it."""
    import json
    import subprocess
    import sys

    program = (
        "from device_agent.logs import configure_logging\n"
        "from orchestrator.progress import Progress\n"
        "configure_logging(json_lines=True)\n"
        "with Progress('Tally#1', enabled=False) as p:\n"
        "    p('level', {'level': 2, 'probes': 5, 'beam': 1})\n"
        "    p('selected', {'level': 2, 'beam': [1]})\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60, check=True
    )
    lines = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    assert [(line["event"], line["level"], line["search_level"]) for line in lines] == [
        ("level_started", "info", 2),
        ("selected", "info", 2),
    ]
