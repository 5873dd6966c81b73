"""The example app model of docs/app-models.md (``examples/apps/tally.py``), tested the way the
document tells users to test their own: the catalog loads it with ``--app-dir``, its human steps
trigger its bug's oracle on the buggy build and not on the fixed one, and the code shown in the
document is the file's. (``tests/test_export_device.py`` and ``tests/test_report_html.py`` run it
through ``reprofarm reproduce --app-dir`` end to end.)"""

from __future__ import annotations

import re

import pytest

from device_agent.actions import Action
from device_agent.virtual.catalog import list_apps
from device_agent.virtual.device import VirtualDevice
from orchestrator.cli import main
from tests.conftest import REPO

APPS = REPO / "examples" / "apps"
DOC = REPO / "docs" / "app-models.md"


@pytest.mark.parametrize(("version", "buggy"), [("1.0", True), ("1.1", False)])
def test_human_steps_trigger_the_oracle_only_on_the_buggy_build(version: str, buggy: bool) -> None:
    device = VirtualDevice("tally", "Tally", version=version, app_dir=APPS)
    device.launch_app()
    spec = device.app.bug("Tally#1") if device.app else None
    assert spec is not None and spec.human_steps
    for step in spec.human_steps:
        assert device.execute(Action.from_json(step)).performed
    triggered, detail = device.check_bug_oracle("Tally#1")
    assert triggered is buggy, detail
    shown = device.observe(screenshot=False, hierarchy=True).hierarchy_xml
    assert ('text="50"' in shown) is buggy and ('text="5"' in shown) is not buggy


def test_app_dir_lists_both_builds(capsys: pytest.CaptureFixture[str]) -> None:
    names = [(c.name, c.version) for c in list_apps(APPS) if c.package == "org.example.tally"]
    assert names == [("Tally", "1.0"), ("Tally", "1.1")]
    assert main(["apps", "--app-dir", str(APPS)]) == 0
    assert "Tally#1" in capsys.readouterr().out


def test_the_document_shows_the_example_file_as_it_is() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert (APPS / "tally.py").read_text(encoding="utf-8") in blocks
