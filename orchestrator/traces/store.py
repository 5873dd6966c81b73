"""The trace store: verified trace templates in SQLite, newest first per bug and app.

It also remembers *misses*: a bug a fresh exploration did not reproduce on a build, for that
build and that report text (table ``trace_misses``), so a nightly run does not spend the same
exploration on the same build again; a new build or an edited report clears the way.

By default it lives in the same SQLite file as the results of ``sweep`` and ``nightly``
(``results.sqlite``, table ``trace_templates``), so one file holds what ran and what was learnt.
WAL mode lets a dashboard read while a run writes. Every version of a template is kept (a night
that had to rewrite or re-explore stores a new one for the new build); readers take the newest.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from orchestrator.sqlite_file import open_database
from orchestrator.traces.template import TemplateError, TraceTemplate

SCHEMA = """
CREATE TABLE IF NOT EXISTS trace_templates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    bug_id TEXT NOT NULL,
    app_name TEXT NOT NULL,
    app_version TEXT NOT NULL,
    kind TEXT NOT NULL,
    actions INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    source_run TEXT NOT NULL DEFAULT '',
    template_json TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS trace_templates_bug ON trace_templates (bug_id, app_name, id);
CREATE TABLE IF NOT EXISTS trace_misses (
    bug_id TEXT NOT NULL,
    app_name TEXT NOT NULL,
    app_version TEXT NOT NULL,
    report_digest TEXT NOT NULL,
    night TEXT NOT NULL,
    probes INTEGER NOT NULL,
    budget INTEGER NOT NULL,
    reasoner TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (bug_id, app_name, app_version, report_digest)
);
"""


class TraceStore:
    """Trace templates in the SQLite file ``path`` (created with its directory when absent).

    Raises :class:`ConfigError` when the file cannot be opened. Thread-safe (one connection
    behind a lock: the nightly driver's threads share it).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = open_database(self.path, SCHEMA, what="trace store", flag="--traces")
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> TraceStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def put(self, template: TraceTemplate, *, source_run: str = "") -> int:
        """Store a template; returns its row id. Raises :class:`TemplateError` when the template
        does not say it was confirmed by a replay (unverified traces are never stored)."""
        if int(template.confirmed.get("replays", 0)) < 1:
            raise TemplateError(f"{template.bug_id}: refusing to store a trace no replay confirmed")
        blob = json.dumps(template.to_json(), sort_keys=True)
        with self._lock, self._db:
            cursor = self._db.execute(
                "INSERT INTO trace_templates (bug_id, app_name, app_version, kind, actions, "
                "created_at, source_run, template_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    template.bug_id,
                    template.app_name.lower(),
                    template.app_version,
                    template.kind,
                    len(template.transitions),
                    template.created_at,
                    source_run,
                    blob,
                ),
            )
        return int(cursor.lastrowid or 0)

    def latest(
        self, bug_id: str, app_name: str = "", app_version: str = ""
    ) -> TraceTemplate | None:
        """The newest template of ``bug_id`` (for ``app_name`` when given, any case) — the
        newest recorded on ``app_version`` when there is one (two builds tested from one store
        each keep their own trace), else the newest of any build — or None. Raises
        :class:`TemplateError` when the stored JSON is malformed."""
        query = "SELECT template_json FROM trace_templates WHERE bug_id = ?"
        args: list[Any] = [bug_id]
        if app_name:
            query += " AND app_name = ?"
            args.append(app_name.lower())
        order = " ORDER BY id DESC LIMIT 1"
        if app_version:
            order = " ORDER BY (app_version = ?) DESC, id DESC LIMIT 1"
            args.append(app_version)
        with self._lock:
            row = self._db.execute(query + order, args).fetchone()
        if row is None:
            return None
        try:
            data = json.loads(row[0])
        except json.JSONDecodeError as exc:
            raise TemplateError(f"the stored trace of {bug_id} is not valid JSON: {exc}") from exc
        return TraceTemplate.from_json(data)

    def history(self, bug_id: str) -> list[dict[str, Any]]:
        """Every stored version of ``bug_id``'s template, oldest first: ``{"id", "app_name",
        "app_version", "kind", "actions", "created_at", "source_run"}``."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, app_name, app_version, kind, actions, created_at, source_run "
                "FROM trace_templates WHERE bug_id = ? ORDER BY id",
                (bug_id,),
            ).fetchall()
        keys = ("id", "app_name", "app_version", "kind", "actions", "created_at", "source_run")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    def record_miss(
        self,
        bug_id: str,
        app_name: str,
        app_version: str,
        digest: str,
        *,
        night: str,
        probes: int,
        budget: int,
        reasoner: str,
        reason: str,
    ) -> None:
        """Remember that a fresh exploration of ``bug_id`` on this build and report text found
        nothing (``probes`` spent of a ``budget``, by ``reasoner``; the search's ``reason``)."""
        from datetime import UTC, datetime

        with self._lock, self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO trace_misses (bug_id, app_name, app_version, "
                "report_digest, night, probes, budget, reasoner, reason, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    bug_id,
                    app_name.lower(),
                    app_version,
                    digest,
                    night,
                    probes,
                    budget,
                    reasoner,
                    reason,
                    datetime.now(UTC).isoformat(timespec="seconds"),
                ),
            )

    def miss(
        self, bug_id: str, app_name: str, app_version: str, digest: str
    ) -> dict[str, Any] | None:
        """The remembered miss of ``bug_id`` on this build and report text (``{"night",
        "probes", "budget", "reasoner", "reason", "created_at"}``), or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT night, probes, budget, reasoner, reason, created_at FROM trace_misses "
                "WHERE bug_id = ? "
                "AND app_name = ? AND app_version = ? AND report_digest = ?",
                (bug_id, app_name.lower(), app_version, digest),
            ).fetchone()
        if row is None:
            return None
        keys = ("night", "probes", "budget", "reasoner", "reason", "created_at")
        return dict(zip(keys, row, strict=True))

    def forget_misses(self, bug_id: str) -> None:
        """Drop every remembered miss of ``bug_id`` (it reproduced)."""
        with self._lock, self._db:
            self._db.execute("DELETE FROM trace_misses WHERE bug_id = ?", (bug_id,))
