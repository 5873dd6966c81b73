"""Ctrl-C (or SIGTERM, which the CLI turns into the same KeyboardInterrupt) in the middle of a
search: the devices stop, the work done so far is written (verdict ``interrupted``, every probe
that ran in probes.jsonl, report.html), and the one line says where it is and how to start over."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from orchestrator.cli import main
from tests.conftest import EXAMPLES

pytestmark = pytest.mark.e2e


def test_ctrl_c_mid_search_writes_the_partial_result(
    ray_session, tmp_path: Path, capsys, monkeypatch
) -> None:
    import orchestrator.run as run

    real = run.reproduce
    levels: list[dict[str, Any]] = []

    def interrupted_at_level_2(config: Any, *, listener: Any = None) -> Any:
        def listen(event: str, data: dict[str, Any]) -> None:
            if event == "level":
                levels.append(data)
                if len(levels) == 2:  # level 1 ran on the devices; Ctrl-C before level 2
                    raise KeyboardInterrupt

        return real(config, listener=listen)

    monkeypatch.setattr(run, "reproduce", interrupted_at_level_2)
    out = tmp_path / "run"
    argv = ["reproduce", str(EXAMPLES / "amaze-1796.md"), "--devices", "2", "--no-progress"]
    code = main([*argv, "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 130
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.startswith("reprofarm:")]
    assert len(lines) == 1 and "interrupted" in lines[0], err
    assert str(out / "result.json") in lines[0] and "--overwrite" in lines[0]

    result = json.loads((out / "result.json").read_text())
    assert result["verdict"] == "interrupted" and result["reproduced"] is False
    # Level 1 was judged: its best path is kept, with the miss section saying why it stopped.
    assert len(result["trace"]) == 1
    assert result["search"]["stop_reason"].startswith("interrupted")
    assert result["miss"]["stopped"] == result["search"]["stop_reason"]
    assert result["miss"]["budget"] == "" and len(result["miss"]["best_path"]) == 1
    page = (out / "report.html").read_text()
    assert '<span class="verdict interrupted">interrupted</span>' in page
    assert ".interrupted { background" in page or ", .interrupted {" in page  # a visible badge
    assert "The run was interrupted" in page
    probes = (out / "probes.jsonl").read_text().splitlines()
    assert len(probes) == levels[0]["probes"] == result["actions_executed"] > 0
    assert all(json.loads(p)["level"] == 1 for p in probes)
    assert "interrupted" in (out / "report.html").read_text()

    # The same command is refused (the --out holds the partial run) until --overwrite.
    monkeypatch.setattr(run, "reproduce", real)
    assert main([*argv, "--out", str(out)]) == 2
    assert "--overwrite" in capsys.readouterr().err
