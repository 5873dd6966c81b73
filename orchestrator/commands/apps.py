"""``reprofarm apps``: the virtual app catalog and the bugs each app models."""

from __future__ import annotations

import argparse
import json
from typing import Any


def register(sub: Any) -> None:
    parser = sub.add_parser("apps", help="list the virtual app catalog and the bugs it models")
    parser.add_argument("--app-dir", default="", help="also list the apps in this directory")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from device_agent.virtual.catalog import list_apps

    rows: list[dict[str, Any]] = [
        {
            "name": a.name,
            "version": a.version,
            "package": a.package,
            "bugs": [{"bug_id": b.bug_id, "kind": b.kind, "title": b.title} for b in a.bugs],
        }
        for a in list_apps(args.app_dir or None)
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        print(f"{row['name']} {row['version']} ({row['package']})")
        for bug in row["bugs"]:
            print(f"  {bug['bug_id']:<28} {bug['kind']:<10} {bug['title']}")
    return 0
