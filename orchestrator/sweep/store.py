"""The results store of a sweep: one SQLite file, one row per (bug, repeat, configuration).

A row is written in one transaction as soon as its reproduction (and its ground-truth replay)
ends, so a sweep killed at any moment loses only the reproductions that were running. The
database is in WAL mode, so other processes (a dashboard, ``sqlite3``, a second reader) can read
while the sweep writes. ``status`` is ``done`` for a finished reproduction (whatever its verdict)
and ``error`` when infrastructure failed; a restart with the same arguments skips ``done`` rows and
runs the rest again.

Columns: ``bug_id``, ``repeat`` (1-based), ``config_hash`` (:func:`config_hash`), ``status``,
``verdict``, ``claimed`` (the search says reproduced), ``triggered`` (the ground truth after a
replay on a fresh device: 1, 0, or NULL when not replayed), ``score_detail``, ``kind``, ``app``,
``report_path``, ``run_dir``, ``result_path``, ``html_path``, ``result_json`` (the whole
``result.json``), ``actions``, ``trace_length``, ``tokens``, ``cost_usd``, ``wall_seconds``,
``started_at``/``finished_at`` (UTC ISO 8601).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from orchestrator.sqlite_file import open_database

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    bug_id TEXT NOT NULL,
    repeat INTEGER NOT NULL,
    config_hash TEXT NOT NULL,
    status TEXT NOT NULL,
    verdict TEXT NOT NULL,
    claimed INTEGER NOT NULL,
    triggered INTEGER,
    score_detail TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL DEFAULT '',
    app TEXT NOT NULL DEFAULT '',
    report_path TEXT NOT NULL DEFAULT '',
    run_dir TEXT NOT NULL DEFAULT '',
    result_path TEXT NOT NULL DEFAULT '',
    html_path TEXT NOT NULL DEFAULT '',
    result_json TEXT NOT NULL,
    actions INTEGER NOT NULL DEFAULT 0,
    trace_length INTEGER NOT NULL DEFAULT 0,
    tokens INTEGER NOT NULL DEFAULT 0,
    cost_usd REAL NOT NULL DEFAULT 0,
    wall_seconds REAL NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    PRIMARY KEY (bug_id, repeat, config_hash)
);
CREATE TABLE IF NOT EXISTS configs (
    config_hash TEXT PRIMARY KEY,
    config_json TEXT NOT NULL
);
"""

DONE = "done"
ERROR = "error"


def config_hash(settings: dict[str, Any]) -> str:
    """12 hex digits of the sha256 of ``settings`` as canonical JSON: the reproduction-relevant
    configuration (reasoner, search budgets, profile...), not the farm size or concurrency."""
    text = json.dumps(settings, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class RunRow:
    """One stored reproduction (see the module docstring for the fields)."""

    bug_id: str
    repeat: int
    config_hash: str
    status: str
    verdict: str
    claimed: bool
    triggered: bool | None
    score_detail: str
    kind: str
    app: str
    report_path: str
    run_dir: str
    result_path: str
    html_path: str
    result: dict[str, Any]
    actions: int
    trace_length: int
    tokens: int
    cost_usd: float
    wall_seconds: float
    started_at: str
    finished_at: str


_COLUMNS = (
    "bug_id, repeat, config_hash, status, verdict, claimed, triggered, score_detail, kind, app, "
    "report_path, run_dir, result_path, html_path, result_json, actions, trace_length, tokens, "
    "cost_usd, wall_seconds, started_at, finished_at"
)


class ResultStore:
    """The SQLite results store at ``path`` (created with its directory when absent).

    Raises :class:`ConfigError` when the file cannot be opened or is not a store. One connection
    shared by the sweep's threads behind a lock (SQLite writes are serialised anyway).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = open_database(self.path, SCHEMA, what="results store", flag="--store")
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def remember_config(self, chash: str, settings: dict[str, Any]) -> None:
        """Record what a configuration hash stands for (for people reading the store)."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR IGNORE INTO configs (config_hash, config_json) VALUES (?, ?)",
                (chash, json.dumps(settings, sort_keys=True, default=str)),
            )

    def finished(self, chash: str) -> set[tuple[str, int]]:
        """``{(bug_id, repeat)}`` of the ``done`` rows of configuration ``chash``."""
        with self._lock:
            rows = self._db.execute(
                "SELECT bug_id, repeat FROM runs WHERE config_hash = ? AND status = ?",
                (chash, DONE),
            ).fetchall()
        return {(bug, int(rep)) for bug, rep in rows}

    def put(self, row: RunRow) -> None:
        """Insert or replace one row, in one transaction."""
        values = (
            row.bug_id,
            row.repeat,
            row.config_hash,
            row.status,
            row.verdict,
            int(row.claimed),
            None if row.triggered is None else int(row.triggered),
            row.score_detail,
            row.kind,
            row.app,
            row.report_path,
            row.run_dir,
            row.result_path,
            row.html_path,
            json.dumps(row.result, ensure_ascii=False),
            row.actions,
            row.trace_length,
            row.tokens,
            row.cost_usd,
            row.wall_seconds,
            row.started_at,
            row.finished_at,
        )
        with self._lock, self._db:
            self._db.execute(
                f"INSERT OR REPLACE INTO runs ({_COLUMNS}) VALUES ({', '.join('?' * 22)})",
                values,
            )

    def rows(self, chash: str, bug_ids: Iterable[str] | None = None) -> list[RunRow]:
        """Rows of configuration ``chash`` (only ``bug_ids`` when given), by bug and repeat."""
        with self._lock:
            cur = self._db.execute(
                f"SELECT {_COLUMNS} FROM runs WHERE config_hash = ? ORDER BY bug_id, repeat",
                (chash,),
            )
            raw = cur.fetchall()
        wanted = set(bug_ids) if bug_ids is not None else None
        out: list[RunRow] = []
        for r in raw:
            if wanted is not None and r[0] not in wanted:
                continue
            out.append(
                RunRow(
                    bug_id=r[0],
                    repeat=int(r[1]),
                    config_hash=r[2],
                    status=r[3],
                    verdict=r[4],
                    claimed=bool(r[5]),
                    triggered=None if r[6] is None else bool(r[6]),
                    score_detail=r[7],
                    kind=r[8],
                    app=r[9],
                    report_path=r[10],
                    run_dir=r[11],
                    result_path=r[12],
                    html_path=r[13],
                    result=json.loads(r[14]),
                    actions=int(r[15]),
                    trace_length=int(r[16]),
                    tokens=int(r[17]),
                    cost_usd=float(r[18]),
                    wall_seconds=float(r[19]),
                    started_at=r[20],
                    finished_at=r[21],
                )
            )
        return out
