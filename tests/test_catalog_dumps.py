"""The catalog's app models render exactly what they rendered when the golden fingerprints were
recorded: every dump a deterministic tour reaches hashes the same (``tests/catalog_tour.py``).
Moving models onto shared builders in ``widgets.py`` must not change a single attribute."""

from __future__ import annotations

import json

import pytest

from device_agent.virtual.catalog import list_apps
from tests.catalog_tour import GOLDEN, tour

GOLDEN_PRINTS: dict[str, list[str]] = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("app_cls", list_apps(), ids=lambda cls: f"{cls.name}@{cls.version}")
def test_app_model_renders_as_recorded(app_cls: type) -> None:
    key = f"{app_cls.name}@{app_cls.version}"
    if key not in GOLDEN_PRINTS:
        pytest.fail(f"{key} has no golden fingerprint: run `python -m tests.catalog_tour --write`")
    got = set(tour(app_cls))
    want = set(GOLDEN_PRINTS[key])
    assert got == want, f"{key}: {len(got - want)} new dumps, {len(want - got)} missing"
