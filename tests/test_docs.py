"""What a new user reads is true: the README's catalog counts are `reprofarm apps`'s, the
LICENSE file is the license pyproject.toml declares, the README names the Debian/Ubuntu package
`python3 -m venv` needs, and every `reprofarm reproduce` line of docs/real-devices.md has the
`--out` the command requires and runs the app build its report is about."""

from __future__ import annotations

import re
import tomllib

from device_agent.virtual.catalog import find_app_for_bug, list_apps
from orchestrator.report import load_report
from tests.conftest import EXAMPLES, REPO


def test_readme_counts_match_the_catalog() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    m = re.search(r"(\d+) bugs over (\d+) apps, (\d+) builds", readme)
    assert m, "the README no longer states the catalog's size"
    apps = list_apps()
    bugs = {b.bug_id for cls in apps for b in cls.bugs}
    assert (int(m[1]), int(m[2]), int(m[3])) == (len(bugs), len({c.name for c in apps}), len(apps))


def test_license_file_matches_pyproject() -> None:
    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta["license"] == "Apache-2.0"
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text.splitlines()[0] and "Version 2.0, January 2004" in text
    assert "END OF TERMS AND CONDITIONS" in text


def test_readme_names_the_venv_package() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "python3-venv" in readme.split("```")[0] + readme.split("```")[1]


def test_real_devices_commands_have_out_and_the_bugs_build() -> None:
    doc = (REPO / "docs" / "real-devices.md").read_text(encoding="utf-8").replace("\\\n", " ")
    reproduce = [ln for ln in doc.splitlines() if ln.strip().startswith("reprofarm reproduce")]
    assert len(reproduce) >= 3
    assert all(" --out " in ln for ln in reproduce), reproduce
    declared = find_app_for_bug(load_report(EXAMPLES / "amaze-1796.md").bug_id)
    assert declared is not None
    for ln in doc.splitlines():
        if re.match(r"\s*reprofarm (virtual-device|agent serve) .*--app AmazeFileManager", ln):
            assert f" {declared.version}" in ln, ln
        if re.match(r"\s*reprofarm agent serve .*--apk ", ln):
            assert f"_v{declared.version}.apk" in ln, ln
