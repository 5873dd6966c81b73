"""A deterministic tour of every catalog app model, as a fingerprint of what each one renders.

The tour starts from a fresh install, replays each bug's human steps, and walks the screens
breadth-first: on every new screen it taps each clickable node (by its bounds' centre), long-clicks
each long-clickable one, and presses Back, up to ``MAX_DEPTH`` actions deep and ``MAX_STATES``
distinct screens. Each screen's ``uiautomator dump`` XML is hashed (sha256). The set of hashes is
the app's fingerprint: a refactor of the app models (moving them onto ``widgets.py``) must leave it
unchanged, which ``tests/test_catalog_dumps.py`` checks against ``tests/data/catalog_dumps.json``.

Regenerate the golden file only when an app model is meant to render differently:
``python -m tests.catalog_tour --write``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import deque
from pathlib import Path

from lxml import etree

from device_agent.actions import Action, Bounds, Selector
from device_agent.virtual.app import VirtualApp
from device_agent.virtual.catalog import list_apps
from device_agent.virtual.device import VirtualDevice

GOLDEN = Path(__file__).parent / "data" / "catalog_dumps.json"
MAX_DEPTH = 3
MAX_STATES = 120


def _key(app_cls: type[VirtualApp]) -> str:
    return f"{app_cls.name}@{app_cls.version}"


def _sha(xml: str) -> str:
    return hashlib.sha256(xml.encode()).hexdigest()


def _actions(xml: str) -> list[Action]:
    """Taps and long-clicks on every interactive node of ``xml``, then Back."""
    root = etree.fromstring(xml.encode())
    found: list[Action] = []
    for node in root.iter("node"):
        raw = node.get("bounds", "")
        try:
            left, top, right, bottom = (
                int(v) for v in raw.replace("][", ",").strip("[]").split(",")
            )
        except ValueError:
            continue
        target = Selector(bounds=Bounds(left, top, right, bottom))
        if node.get("clickable") == "true":
            found.append(Action(kind="click", target=target))
        if node.get("long-clickable") == "true":
            found.append(Action(kind="long_click", target=target))
    found.append(Action(kind="press_back"))
    return found


def tour(app_cls: type[VirtualApp]) -> list[str]:
    """The sorted, de-duplicated sha256 hashes of the dumps the tour of ``app_cls`` reaches."""
    device = VirtualDevice("tour", app_cls)
    device.launch_app()
    seen: set[str] = set()
    for bug in app_cls.bugs:
        device.reset_app(launch=True)
        for step in bug.human_steps:
            device.execute(Action.from_json(step))
            seen.add(_sha(device.observe(screenshot=False, hierarchy=True).hierarchy_xml))
    device.reset_app(launch=True)
    start = device.observe(screenshot=False, hierarchy=True).hierarchy_xml
    device.save_snapshot("s0")
    seen.add(_sha(start))
    queue: deque[tuple[str, str, int]] = deque([("s0", start, 0)])
    explored: set[str] = {_sha(start)}
    counter = 0
    while queue and len(explored) < MAX_STATES:
        snap_id, xml, depth = queue.popleft()
        if depth >= MAX_DEPTH:
            continue
        for action in _actions(xml):
            device.load_snapshot(snap_id)
            device.execute(action)
            after = device.observe(screenshot=False, hierarchy=True).hierarchy_xml
            digest = _sha(after)
            seen.add(digest)
            if digest in explored or len(explored) >= MAX_STATES:
                continue
            explored.add(digest)
            counter += 1
            child = f"s{counter}"
            device.save_snapshot(child)
            queue.append((child, after, depth + 1))
    return sorted(seen)


def fingerprints() -> dict[str, list[str]]:
    """``{"App@version": [sha256, ...]}`` for every built-in app model."""
    return {_key(cls): tour(cls) for cls in list_apps()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"rewrite {GOLDEN}")
    args = parser.parse_args()
    prints = fingerprints()
    if args.write:
        GOLDEN.write_text(json.dumps(prints, indent=1, sort_keys=True) + "\n")
    print(json.dumps({key: len(hashes) for key, hashes in prints.items()}, indent=1))


if __name__ == "__main__":
    main()
