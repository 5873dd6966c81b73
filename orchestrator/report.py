"""Load a bug report from disk into a :class:`~orchestrator.model.BugReport`.

Accepted forms (DESIGN §4):

- the LTGDroid JSON (``title``, ``body``, ``comments``, ``repo``, ``url``, ``apk_name``), as in
  N3onFlux/LTGDroid's ``bugs/`` folder; ``body`` may be ``null``;
- a GitHub REST issue object (``number``, ``title``, ``body``, ``html_url``; ``comments`` is then
  a count, or a list of comment objects with a ``body``);
- Markdown or plain text, with an optional YAML front-matter block between two ``---`` lines
  (``bug_id``, ``repo``, ``url``, ``apk_name``, ``title``, ``number`` as text; ``comments`` as a
  list), parsed with PyYAML's safe loader, so quotes, folded and literal text and lists mean what
  YAML says. The title is the first ``# `` heading, else the first non-empty line; the body is the
  rest; the items of a ``## Comments`` section become the comments.

``bug_id`` comes from the front matter, else from a file name like ``AmazeFileManager#1796.json``,
else from the repo and the issue number in ``url``, else from the file's stem.

Every failure is a :class:`~orchestrator.errors.ReportError` with a one-line message that names
the problem and the fix.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any

import yaml

from orchestrator.errors import ReportError
from orchestrator.model import BugReport

JSON_SUFFIXES = frozenset({".json"})
TEXT_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".text", ".rst", ""})
MAX_REPORT_BYTES = 5 * 1024 * 1024  # a report bigger than this is a log dump, not a report
MAX_FRONT_MATTER_CHARS = 64 * 1024  # a longer block between '---' lines is not front matter
# libyaml when PyYAML was built with it (fast, and it refuses nesting deeper than 1000 levels).
_YAML_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_ID_STEM_RE = re.compile(r"^(?P<repo>[^#\s]+)#(?P<num>\d+)$")
_ISSUE_URL_RE = re.compile(r"/(?:issues|pull)/(?P<num>\d+)")
_GITHUB_REPO_RE = re.compile(r"github\.com/(?:repos/)?(?P<owner>[^/\s]+)/(?P<name>[^/\s#?]+)")
# A line that starts a YAML mapping entry: tells front matter with a YAML mistake (an error)
# from a horizontal rule followed by text (ordinary text).
_FRONT_KEY_RE = re.compile(r"^[A-Za-z_][\w-]*\s*:(?:\s|$)")
# Linear time: after "comments", one class for the optional colon, closing hashes and spaces.
_COMMENTS_HEADING_RE = re.compile(r"^(#{1,6})\s*comments?[\s:#]*$", re.IGNORECASE)
_HEADING_RE = re.compile(r"^(#{1,6})\s+\S")
_LIST_ITEM_RE = re.compile(r"^(?:[-*+•]|\d+[.)])\s+(?P<text>.*)$")
_RULE_RE = re.compile(r"^\s*(?:[-*_=]\s*){3,}$")  # a Markdown horizontal rule


def load_report(path: str | Path) -> BugReport:
    """Read ``path`` and return the report.

    JSON is recognised by a ``.json`` suffix, or by content starting with ``{`` when the suffix
    says nothing; everything else that decodes as UTF-8 text is read as Markdown/text.
    Raises :class:`ReportError` for a missing file, a directory, an empty, binary or non-UTF-8
    file, invalid JSON (with line and column), JSON that is not an object or lacks both title and
    body, and a JSON/Markdown report without any text.
    """
    p = Path(path)
    raw = _read_bytes(p)
    text = _decode(p, raw)
    if not text.strip():
        raise ReportError(f"report {str(p)!r} is empty; write the bug's title and steps into it")
    suffix = p.suffix.lower()
    looks_json = text.lstrip().startswith("{")
    if suffix in JSON_SUFFIXES:
        data = _parse_json(p, text)
        return _from_json(p, data)
    if looks_json and suffix not in TEXT_SUFFIXES:
        # Unknown suffix: JSON when it parses, else plain text.
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            data = None
        except RecursionError as exc:
            raise _too_deep(p) from exc
        except ValueError:  # a number too long for Python's int-string limit: read as text
            data = None
        if isinstance(data, dict):
            return _from_json(p, data)
    return _from_markdown(p, text)


def _read_bytes(p: Path) -> bytes:
    if not p.exists():
        raise ReportError(f"report {str(p)!r} does not exist; check the path")
    if p.is_dir():
        raise ReportError(f"report {str(p)!r} is a directory; give one report file (.json or .md)")
    try:
        size = p.stat().st_size
        if size > MAX_REPORT_BYTES:
            raise ReportError(
                f"report {str(p)!r} is {size} bytes, more than {MAX_REPORT_BYTES}; "
                "give the issue text, not a log dump"
            )
        return p.read_bytes()
    except OSError as exc:
        raise ReportError(
            f"report {str(p)!r} cannot be read ({exc.strerror}); check its permissions"
        ) from exc


def _decode(p: Path, raw: bytes) -> str:
    if not raw.strip():
        raise ReportError(f"report {str(p)!r} is empty; write the bug's title and steps into it")
    if b"\x00" in raw[:8192]:
        raise ReportError(
            f"report {str(p)!r} is binary (NUL bytes), not text; give a .json or .md bug report"
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReportError(
            f"report {str(p)!r} is not UTF-8 text (bad byte at offset {exc.start}); "
            "save it as UTF-8 or give a .json/.md report"
        ) from exc


def _parse_json(p: Path, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReportError(
            f"report {str(p)!r} is not valid JSON (line {exc.lineno}, column {exc.colno}: "
            f"{exc.msg}); fix the JSON or give a Markdown/text report"
        ) from exc
    except RecursionError as exc:
        raise _too_deep(p) from exc
    except ValueError as exc:  # an integer of more than 4300 digits (Python's int-string limit)
        raise ReportError(
            f"report {str(p)!r} holds a number too long to read ({exc}); quote it as a string"
        ) from exc


def _too_deep(p: Path) -> ReportError:
    # json nests one Python call per level and stops at the recursion limit (about 1000).
    return ReportError(
        f"report {str(p)!r} nests JSON arrays/objects too deeply for a bug report; give an "
        "object whose 'title' and 'body' are strings"
    )


def _as_text(p: Path, data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if value is None:
        return ""
    if isinstance(value, (str, int, float)):
        return str(value)
    raise ReportError(
        f"report {str(p)!r}: field {key!r} must be a string, got {type(value).__name__}; "
        "fix the JSON"
    )


def _comments(p: Path, value: Any) -> list[str]:
    """LTGDroid: a list of strings. GitHub REST: a count (int) or a list of objects with
    ``body``."""
    if value is None or isinstance(value, (int, float)):
        return []
    if isinstance(value, str):
        return [value] if value.strip() else []
    if not isinstance(value, list):
        raise ReportError(
            f"report {str(p)!r}: 'comments' must be a list of strings, got {type(value).__name__}; "
            "fix the JSON"
        )
    out: list[str] = []
    for item in value:
        if isinstance(item, str):
            text = item
        elif isinstance(item, dict) and isinstance(item.get("body"), str):
            text = item["body"]
        else:
            continue
        if text.strip():
            out.append(text)
    return out


def _from_json(p: Path, data: Any) -> BugReport:
    if not isinstance(data, dict):
        raise ReportError(
            f"report {str(p)!r} is JSON but not an object (got {type(data).__name__}); "
            "give an object with 'title' and 'body'"
        )
    title = _as_text(p, data, "title").strip()
    body = _as_text(p, data, "body")
    if not title and not body.strip():
        raise ReportError(
            f"report {str(p)!r} has neither a 'title' nor a 'body'; add the bug's title and steps"
        )
    if not title:
        title = _first_line(body)
    url = _as_text(p, data, "url") or _as_text(p, data, "html_url")
    repo = _as_text(p, data, "repo") or _repo_from_url(url)
    if not repo and isinstance(data.get("repository_url"), str):
        repo = _repo_from_url(data["repository_url"])
    number = _as_text(p, data, "number") if isinstance(data.get("number"), (int, str)) else ""
    return BugReport(
        bug_id=_bug_id(p, "", repo, url, number),
        title=title,
        body=body.replace("\r\n", "\n"),
        comments=[c.replace("\r\n", "\n") for c in _comments(p, data.get("comments"))],
        repo=repo,
        url=url,
        apk_name=_as_text(p, data, "apk_name"),
        source_path=str(p),
    )


def _first_line(text: str) -> str:
    for line in text.splitlines():
        line = line.strip().lstrip("#").strip()
        if line:
            return line[:200]
    return ""


def _repo_from_url(url: str) -> str:
    match = _GITHUB_REPO_RE.search(url or "")
    return match.group("name") if match else ""


def _bug_id(p: Path, explicit: str, repo: str, url: str, number: str) -> str:
    if explicit.strip():
        return explicit.strip()
    if _ID_STEM_RE.match(p.stem):
        return p.stem
    match = _ISSUE_URL_RE.search(url or "")
    num = match.group("num") if match else number.strip()
    if repo and num:
        return f"{repo}#{num}"
    return p.stem


def _split_front_matter(p: Path, text: str) -> tuple[dict[str, Any], str]:
    """``(front matter, rest)``: the YAML mapping between a first ``---`` line and the next
    ``---`` (or ``...``) line, and the text after it. A block that is not a YAML mapping (a
    horizontal rule followed by prose) or is longer than :data:`MAX_FRONT_MATTER_CHARS` leaves the
    text as it is. Raises :class:`ReportError` when every line of the block looks like YAML
    (``key: value``, indented, ``- item``) but the block is not valid YAML."""
    lines = text.splitlines()
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    if start >= len(lines) or lines[start].strip() != "---":
        return {}, text
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].rstrip() in ("---", "...")), None
    )
    if end is None:
        return {}, text  # no closing '---': ordinary text
    block = "\n".join(lines[start + 1 : end])
    if len(block) > MAX_FRONT_MATTER_CHARS:
        return {}, text
    try:
        meta = yaml.load(block, Loader=_YAML_LOADER)
    except (yaml.YAMLError, RecursionError) as exc:
        if not all(_yaml_like(ln) for ln in lines[start + 1 : end]):
            return {}, text  # a horizontal rule, then prose
        where = getattr(exc, "problem_mark", None)
        at = f" at line {where.line + start + 2}" if where is not None else ""
        problem = getattr(exc, "problem", None) or type(exc).__name__
        raise ReportError(
            f"report {str(p)!r}: its front matter is not valid YAML ({problem}{at}); quote values "
            "that contain ': ' or '#', or remove the '---' lines"
        ) from exc
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        return {}, text
    keys = {str(k).lower().replace("-", "_"): v for k, v in meta.items()}
    return keys, "\n".join(lines[end + 1 :])


def _yaml_like(line: str) -> bool:
    """A line front matter would have: ``key: value``, an indented continuation, a list item, a
    comment or nothing."""
    return not line.strip() or line[0] in " \t-#" or bool(_FRONT_KEY_RE.match(line))


def _meta_text(p: Path, meta: dict[str, Any], *keys: str) -> str:
    """The first of ``keys`` present in the front matter, as text (numbers and dates as
    written); raises :class:`ReportError` for a list or mapping."""
    for key in keys:
        value = meta.get(key)
        if value is None:
            continue
        if isinstance(value, bool):
            return str(value).lower()
        if isinstance(value, (str, int, float)):
            return str(value).strip()
        if isinstance(value, (datetime.date, datetime.datetime)):
            return value.isoformat()
        raise ReportError(
            f"report {str(p)!r}: front matter field {key!r} must be text, got "
            f"{type(value).__name__}; write it as one line or as a folded '>' block"
        )
    return ""


def _split_comments(lines: list[str]) -> tuple[list[str], list[str]]:
    """Separate a ``## Comments`` section (up to the next heading of the same or a higher level)
    from the rest; return ``(other_lines, comments)``."""
    for i, line in enumerate(lines):
        match = _COMMENTS_HEADING_RE.match(line.strip())
        if not match:
            continue
        level = len(match.group(1))
        end = len(lines)
        for j in range(i + 1, len(lines)):
            h = _HEADING_RE.match(lines[j].strip())
            if h and len(h.group(1)) <= level:
                end = j
                break
        return lines[:i] + lines[end:], _comment_items(lines[i + 1 : end], level)
    return lines, []


def _comment_items(lines: list[str], level: int) -> list[str]:
    """Comments are sub-headed blocks, else top-level list items, else blank-line paragraphs."""
    blocks: list[list[str]] = []
    sub = [
        i
        for i, ln in enumerate(lines)
        if (h := _HEADING_RE.match(ln.strip())) and len(h.group(1)) > level
    ]
    if sub:
        for k, i in enumerate(sub):
            end = sub[k + 1] if k + 1 < len(sub) else len(lines)
            blocks.append(lines[i + 1 : end])
    elif any(_LIST_ITEM_RE.match(ln) for ln in lines):
        for ln in lines:
            item = _LIST_ITEM_RE.match(ln)
            if item:
                blocks.append([item.group("text")])
            elif blocks and ln.strip():
                blocks[-1].append(ln.strip())  # an indented continuation of the item
    else:
        current: list[str] = []
        for ln in lines:
            if ln.strip():
                current.append(ln)
            elif current:
                blocks.append(current)
                current = []
        if current:
            blocks.append(current)
    return [text for b in blocks if (text := "\n".join(b).strip())]


def _from_markdown(p: Path, text: str) -> BugReport:
    meta, rest = _split_front_matter(p, text.replace("\r\n", "\n"))
    lines, comments = _split_comments(rest.splitlines())
    comments = _comments(p, meta.get("comments")) + comments
    title = " ".join(_meta_text(p, meta, "title").split())
    title_index = -1
    if not title:
        for i, line in enumerate(lines):
            if line.startswith("# "):
                title, title_index = line[2:].strip().rstrip("#").strip(), i
                break
    if not title:
        for i, line in enumerate(lines):
            if line.strip() and not _RULE_RE.match(line):
                title, title_index = line.strip().lstrip("#").strip(), i
                break
    body_lines = [ln for i, ln in enumerate(lines) if i != title_index]
    body = "\n".join(body_lines).strip("\n")
    if not title and not body.strip():
        raise ReportError(
            f"report {str(p)!r} has no text after its front matter; add the bug's title and steps"
        )
    url = _meta_text(p, meta, "url")
    repo = _meta_text(p, meta, "repo") or _repo_from_url(url)
    return BugReport(
        bug_id=_bug_id(
            p, _meta_text(p, meta, "bug_id", "id"), repo, url, _meta_text(p, meta, "number")
        ),
        title=title,
        body=body,
        comments=comments,
        repo=repo,
        url=url,
        apk_name=_meta_text(p, meta, "apk_name", "apk"),
        source_path=str(p),
    )
