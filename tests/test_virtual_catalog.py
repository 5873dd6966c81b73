"""The app catalog registry: discovery, lookup by name/package/apk name, loading directories."""

from __future__ import annotations

from pathlib import Path

import pytest

from device_agent.errors import AppNotFoundError
from device_agent.virtual.catalog import (
    clear_caches,
    find_app_for_bug,
    list_apps,
    load_app,
    load_apps_from_dir,
    parse_apk_name,
)

APPS = Path(__file__).resolve().parent / "apps"


def test_load_apps_from_dir_and_lookups() -> None:
    apps = load_apps_from_dir(APPS)
    assert "Notes 1.0" in apps
    for name in ("Notes", "notes", "org.example.notes", "Notes_v1.0.apk", "someone/Notes"):
        assert load_app(name, APPS).package == "org.example.notes"
    assert find_app_for_bug("Notes#2", APPS) is apps["Notes 1.0"]
    assert find_app_for_bug("Nope#1", APPS) is None
    assert apps["Notes 1.0"] in list_apps(APPS)


def test_unknown_app_and_version_messages() -> None:
    with pytest.raises(AppNotFoundError) as info:
        load_app("NoSuchApp", APPS)
    assert "Notes" in str(info.value) and "--app-dir" in str(info.value)
    with pytest.raises(AppNotFoundError, match="no version '9.9'"):
        load_app("Notes_v9.9.apk", APPS)


def test_apk_name_parsing() -> None:
    assert parse_apk_name("AmazeFileManager_v3.3.2.apk") == ("AmazeFileManager", "3.3.2")
    assert parse_apk_name("Anki-Android_v2.16alpha52-arm64-v8a.apk") == (
        "Anki-Android",
        "2.16alpha52-arm64-v8a",
    )
    assert parse_apk_name("https://github.com/TeamAmaze/AmazeFileManager") == (
        "AmazeFileManager",
        "",
    )


def test_broken_model_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text("raise RuntimeError('model typo')\n")
    with pytest.raises(AppNotFoundError) as info:
        load_apps_from_dir(tmp_path)
    assert "broken.py" in str(info.value) and "model typo" in str(info.value)
    clear_caches()
    with pytest.raises(AppNotFoundError, match="does not exist"):
        load_apps_from_dir(tmp_path / "missing")


def test_builtin_catalog_imports() -> None:
    # Built-in modules are written by another engineer; each discovered class must be complete.
    for cls in list_apps():
        assert cls.name and cls.package and cls.launch_activity
