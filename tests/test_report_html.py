"""``report.html`` as a person sees it: rendered by a real headless browser (Debian's
``chromium --dump-dom``), for a reproduction (numbered steps with a copyable ``adb shell`` line
each, marked screenshots, the animated replay) and for a miss (which report steps were matched
where, which never and the closest widgets, the most-probed screens, the best path). Also: the
marker lands where the step acted, reasoner-call counts are integers and agree between
``report.html``, ``result.json`` and the nightly digest, a report the offline reasoner cannot read
is said at the start, and a re-used ``--out`` is refused or cleared.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from lxml import html as lxml_html
from PIL import Image

from orchestrator.cli import main
from orchestrator.report_images import MARKER_COLOUR, action_points
from tests.conftest import REPO

APPS = REPO / "examples" / "apps"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
NEEDS_CHROMIUM = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no headless browser (apt-get install chromium); report.html DOM checks skipped",
)
MISS_REPORT = """---
bug_id: Tally#99
---

# Crash when subtracting

Steps to reproduce:
1. Tap "Subtract 3"
2. Tap "Undo"

The app crashes.
"""


def rendered_dom(page: Path) -> Any:
    """The DOM chromium builds from ``page`` (after its scripts ran), parsed with lxml."""
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory(prefix="reprofarm-chromium-") as profile:
        ran = subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                f"--user-data-dir={profile}",
                "--dump-dom",
                page.resolve().as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert ran.returncode == 0 and "<html" in ran.stdout, ran.stderr[-2000:]
    return lxml_html.fromstring(ran.stdout)


def reproduce(report: Path, out: Path, *extra: str) -> tuple[int, dict[str, Any]]:
    code = main(
        [
            "reproduce",
            str(report),
            "--app-dir",
            str(APPS),
            "--devices",
            "1",
            "--out",
            str(out),
            "--no-progress",
            *extra,
        ]
    )
    return code, json.loads((out / "result.json").read_text())


@pytest.fixture(scope="module")
def found(ray_session: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("found") / "run"
    code, result = reproduce(APPS / "tally-1.md", out)
    assert code == 0 and result["verdict"] == "symptom"
    return out, result


@pytest.fixture(scope="module")
def missed(ray_session: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    root = tmp_path_factory.mktemp("missed")
    report = root / "tally-99.md"
    report.write_text(MISS_REPORT)
    code, result = reproduce(report, root / "run", "--app", "Tally", "--max-probes", "12")
    assert code == 1 and result["verdict"] == "not_reproduced"
    return root / "run", result


def test_marker_lands_where_the_step_acted(found: tuple[Path, dict]) -> None:
    out, result = found
    step = result["trace"][0]
    image = Image.open(io.BytesIO((out / step["screenshots"]["marked"]).read_bytes()))
    before = Image.open(io.BytesIO((out / step["screenshots"]["before"]).read_bytes()))
    (x, y) = action_points(step["action"], image.size)[0]
    assert image.convert("RGB").getpixel((x, y)) == MARKER_COLOUR
    assert before.convert("RGB").getpixel((x, y)) != MARKER_COLOUR
    replay = Image.open(out / result["replay_animation"])
    assert replay.format == "GIF" and replay.n_frames == len(result["trace"]) + 1


def test_counts_are_integers_and_the_device_is_recorded(found: tuple[Path, dict]) -> None:
    _, result = found
    llm = result["llm"]
    assert all(isinstance(llm[k], int) for k in ("calls", "prompt_tokens", "completion_tokens"))
    assert llm["calls"] == sum(role["calls"] for role in llm["by_role"].values()) > 0
    assert all(isinstance(v, int) for r in llm["by_role"].values() for k, v in r.items()
               if k != "cost_usd")  # fmt: skip
    device = result["device"]
    assert (device["screen_width"], device["screen_height"], device["orientation"]) == (
        1080,
        1920,
        "portrait",
    )
    assert device["app_version"] == "1.0" and isinstance(device["api_level"], int)


@NEEDS_CHROMIUM
def test_browser_shows_numbered_steps_with_adb_lines_markers_and_replay(
    found: tuple[Path, dict],
) -> None:
    out, result = found
    dom = rendered_dom(out / "report.html")
    items = dom.xpath('//ol[@id="steps"]/li')
    assert len(items) == len(result["trace"])
    first = items[0]
    assert "Add 5" in first.text_content()
    (adb,) = first.xpath('.//code[@class="adb"]')
    x, y = action_points(result["trace"][0]["action"], (1080, 1920))[0]
    assert adb.text_content() == f"adb shell input tap {x} {y}"
    # The steps come before the screenshots.
    order = [e.get("id") or e.get("class") for e in dom.xpath("//ol[@id='steps'] | //img")]
    assert order[0] == "steps"
    marked = dom.xpath('//img[@class="marked"]/@src')
    assert marked == [s["screenshots"]["marked"] for s in result["trace"]]
    assert all((out / src).is_file() for src in marked)
    assert dom.xpath('//img[@id="replay"]/@src') == ["screens/replay.gif"]
    assert dom.xpath('string(//span[@id="reasoner-calls"])') == str(result["llm"]["calls"])
    assert "720" not in dom.xpath('string(//td[@id="device"])')
    assert "1080x1920 px" in dom.xpath('string(//td[@id="device"])')


def test_a_budget_miss_says_the_budget_stopped_it_and_pictures_every_step(
    missed: tuple[Path, dict],
) -> None:
    out, result = missed
    miss = result["miss"]
    stopped = result["search"]["stop_reason"]
    assert miss["stopped"] == stopped == "probe budget of 12 actions used up"
    assert miss["budget"] == "probes"
    assert miss["steps_done"] == sum(1 for s in miss["steps"] if s["matched"])
    page = " ".join((out / "report.html").read_text().split())
    assert "<strong>The probe budget ran out</strong> (<code>--max-probes</code>)" in page
    # Every step of the best path has its before and after pictures (a replay took them).
    assert len(result["trace"]) >= 2
    for step in result["trace"]:
        shots = step["screenshots"]
        assert shots["before"] and shots["after"] and shots["marked"], step
        assert (out / shots["after"]).is_file()
    # The table and the best path agree: a step the path reached is matched in the table.
    reached = {p["reached_step"] for p in miss["best_path"] if p["reached_step"]}
    never = {s["step"] for s in miss["steps"] if not s["matched"]}
    assert not reached & never, (reached, never)


@NEEDS_CHROMIUM
def test_browser_shows_why_a_miss_missed(missed: tuple[Path, dict]) -> None:
    out, result = missed
    dom = rendered_dom(out / "report.html")
    assert dom.xpath('//h2[@id="why-missed"]')
    rows = dom.xpath('//table[@id="miss-steps"]//tr[td]')
    assert len(rows) == len(result["spec"]["steps"]) >= 2
    never = [r for r in rows if "never" in r.text_content()]
    assert never, [r.text_content() for r in rows]
    # The closest widget the engine saw to "Subtract 3" is named (the app has none like it).
    closest = " ".join(r.xpath("string(td[4])") for r in never)
    assert closest.strip(), closest
    screens = dom.xpath('//table[@id="miss-screens"]//tr[td]')
    assert screens and ".MainActivity" in screens[0].text_content()
    probes = [int(r.xpath("string(td[2])")) for r in screens]
    assert probes == sorted(probes, reverse=True) and sum(probes) <= result["actions_executed"]
    assert dom.xpath('//ol[@id="best-path"]/li')
    assert not dom.xpath('//ol[@id="steps"]')  # no "steps that reproduce it" for a miss


def test_unreadable_report_is_said_at_the_start(
    ray_session: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "thai.md"
    report.write_text("---\nbug_id: Tally#98\n---\n\n# ปัญหา\n\nเปิดแอป แตะปุ่ม แอปหยุดทำงาน\n")
    code, result = reproduce(report, tmp_path / "run", "--app", "Tally", "--max-probes", "4")
    assert code == 1
    (warning,) = result["warnings"]
    assert "cannot read" in warning and "--reasoner openai" in warning
    err = capsys.readouterr().err
    assert "cannot read" in err and "--reasoner openai" in err
    assert "cannot read" in (tmp_path / "run" / "report.html").read_text()


def test_reused_out_is_refused_without_overwrite_and_cleared_with_it(
    found: tuple[Path, dict], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    shutil.copytree(found[0], out)
    (out / "repro.sh").write_text("#!/bin/sh\n")
    (out / "screens" / "step09-before.png").write_bytes(b"old")
    (out / "notes.txt").write_text("mine")
    assert main(["reproduce", str(APPS / "tally-1.md"), "--app-dir", str(APPS),
                 "--out", str(out), "--no-progress"]) == 2  # fmt: skip
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--overwrite" in err and "earlier run" in err
    code, result = reproduce(APPS / "tally-1.md", out, "--overwrite")
    assert code == 0
    assert not (out / "repro.sh").exists()
    assert not (out / "screens" / "step09-before.png").exists()
    assert (out / "notes.txt").read_text() == "mine"  # not the tool's: kept
    assert sorted(p.name for p in (out / "screens").iterdir()) == [
        "replay.gif",
        "step01-after.png",
        "step01-before.png",
        "step01-marked.png",
    ]
