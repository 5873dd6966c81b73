"""An on-disk cache of validated model replies, keyed by the exact request.

The key is the SHA-256 of the canonical JSON of everything that decides the reply: endpoint,
model, messages (screenshots included, as their data URLs), the JSON schema and the sampling
settings. It deliberately leaves out how the client had to ask (structured-output mode, repair
round), so a re-run of a sweep finds every answer without one call to the server, even where the
first run needed a fallback. Entries are written atomically (temporary file, then rename), so
parallel runs sharing a directory never read half an entry; an unreadable entry is a miss.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any


def request_key(request: dict[str, Any]) -> str:
    """The 64-hex-digit key of a request (any JSON-serialisable dict)."""
    canonical = json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ReplyCache:
    """Replies under ``directory/<key[:2]>/<key>.json``."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored entry, or ``None`` when absent or unreadable."""
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            return None
        return data if isinstance(data, dict) else None

    def put(self, key: str, entry: dict[str, Any]) -> None:
        """Store ``entry`` (JSON-serialisable). A failure to write is not an error of the run:
        the cache is an optimisation, so ``OSError`` is swallowed."""
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(entry, fh, ensure_ascii=False)
            os.replace(tmp, path)
        except OSError:
            return
