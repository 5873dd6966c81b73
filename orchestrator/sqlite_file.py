"""The one way reprofarm opens its SQLite files (results store, trace store): directory created,
WAL mode so readers never block the writer, the schema applied, one clear error naming the flag
that picks another file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from orchestrator.errors import ConfigError


def open_database(path: Path, schema: str, *, what: str, flag: str) -> sqlite3.Connection:
    """A connection to ``path`` (created with its directory when absent) with ``schema``
    applied, usable from several threads behind the caller's lock.

    ``what`` names the file for the error (``"results store"``), ``flag`` the option that
    chooses it (``"--store"``). Raises :class:`ConfigError` when the file cannot be opened or
    is not an SQLite database.
    """
    if path.is_dir():
        raise ConfigError(f"the {what} {path} is a directory; give {flag} a file path")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, check_same_thread=False, timeout=30.0)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.executescript(schema)
    except (OSError, sqlite3.Error) as exc:
        raise ConfigError(
            f"cannot open the {what} {path} ({exc}); give {flag} a writable path to a "
            "reprofarm SQLite file"
        ) from exc
    return db
