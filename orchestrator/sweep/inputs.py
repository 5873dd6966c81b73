"""What a sweep runs: bug reports, from a directory, an ``index.tsv``, report files or bug ids.

Every input becomes a :class:`SweepItem` (bug id, report file, bug type, app). Bug ids are looked
up in the reports' front matter / file names (``orchestrator.report``'s ``bug_id`` rules) in the
``--reports-dir`` directories (in the order given), then in the index's own directory, then in
``examples/reports``. With no input at all the sweep covers the whole catalog: every bug a catalog
app declares (``BugSpec``), with its report found as above.

Inputs that cannot run (no report found, no app model) are not errors of the whole sweep: they
come back as :class:`Skipped` with the reason, and the sweep runs the rest.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from orchestrator.config import FarmConfig
from orchestrator.errors import BadInputError, ConfigError, ReportError

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "examples" / "reports"
REPORT_SUFFIXES = frozenset({".json", ".md", ".markdown", ".txt"})
_NOT_REPORTS = frozenset({"readme", "index", "license", "changelog"})


@dataclass(frozen=True)
class SweepItem:
    """One bug to reproduce: ``bug_id`` (``"OpenCalc#532"``), ``report_path``, ``kind``
    (``crash`` / ``non-crash`` / ``""`` when unknown until analysis) and ``app`` (the resolved
    app: ``name``, ``version``, ``package``, ``label``)."""

    bug_id: str
    report_path: str
    kind: str
    app: tuple[tuple[str, str], ...]

    @property
    def app_dict(self) -> dict[str, str]:
        return dict(self.app)


@dataclass(frozen=True)
class Skipped:
    """An input the sweep cannot run, and why (shown to the user and in ``summary.json``)."""

    bug_id: str
    reason: str


def _is_report_file(path: Path) -> bool:
    return (
        path.is_file()
        and path.suffix.lower() in REPORT_SUFFIXES
        and path.stem.lower() not in _NOT_REPORTS
    )


def reports_in(directory: Path, problems: list[Skipped] | None = None) -> dict[str, Path]:
    """``{bug_id: report file}`` for every loadable report in ``directory`` (not recursive; the
    first file by name wins when two declare one id). Files that cannot be read as reports, and
    the later files of a duplicated id, are appended to ``problems`` (with the reason) when a
    list is given, else left out."""
    from orchestrator.report import load_report

    found: dict[str, Path] = {}
    for path in sorted(directory.iterdir()):
        if not _is_report_file(path):
            continue
        try:
            report = load_report(path)
        except ReportError as exc:
            if problems is not None:
                problems.append(Skipped(path.name, f"not a readable report: {exc}"))
            continue
        if report.bug_id in found:
            if problems is not None:
                problems.append(
                    Skipped(
                        report.bug_id,
                        f"{path} is a second report of the same bug; {found[report.bug_id]} "
                        "is used",
                    )
                )
            continue
        found[report.bug_id] = path
    return found


def read_index(path: Path) -> list[tuple[str, str]]:
    """``(id, type)`` rows of an LTGDroid-style ``index.tsv`` (columns ``id`` and optionally
    ``type_paper`` / ``type``). Raises :class:`BadInputError` when there is no ``id`` column."""
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh, delimiter="\t"))
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInputError(f"cannot read index {path}: {exc}") from exc
    if not rows or "id" not in rows[0]:
        raise BadInputError(
            f"index {path} has no 'id' column; give a tab-separated file whose header has 'id'"
        )
    return [
        (row["id"].strip(), _kind(row.get("type_paper") or row.get("type") or ""))
        for row in rows
        if row.get("id", "").strip()
    ]


def _kind(text: str) -> str:
    t = text.strip().lower().replace("_", "-")
    if t.startswith("non"):
        return "non-crash"
    return "crash" if t == "crash" else ""


def catalog_bugs(app_dir: str | None = None) -> list[tuple[str, str]]:
    """``(bug_id, kind)`` of every bug the catalog's apps model, in catalog order, each bug once:
    later builds of an app declare the bugs of earlier ones again (decision 0005: the nightly
    job replays a bug on them), and the first, oldest, version that declares a bug is the one the
    bug was reported on (the one :func:`~device_agent.virtual.catalog.find_app_for_bug` returns).
    """
    from device_agent.virtual.catalog import list_apps

    found: dict[str, str] = {}
    for app in list_apps(app_dir):
        for spec in app.bugs:
            found.setdefault(spec.bug_id, spec.kind)
    return list(found.items())


def plan(
    inputs: Sequence[str],
    *,
    reports_dirs: Sequence[str] = (),
    farm: FarmConfig,
) -> tuple[list[SweepItem], list[Skipped]]:
    """Turn the command line's inputs into sweep items.

    ``inputs``: directories of reports, ``.tsv`` index files, report files and bug ids, in any
    mix (empty: the whole catalog). ``farm`` is the run's
    :class:`~orchestrator.config.FarmConfig` (``--app``/``--app-dir``/``--agents`` decide how the
    app is resolved, see :func:`orchestrator.run.resolve_app`). Returns ``(items, skipped)`` with
    duplicates removed (first occurrence wins). Raises :class:`BadInputError` for a path that does
    not exist or a directory without reports, :class:`ConfigError` when a ``--reports-dir`` is
    not a directory.
    """
    from orchestrator.report import load_report
    from orchestrator.run import resolve_app

    search_dirs: list[Path] = []
    for d in reports_dirs:
        p = Path(d)
        if not p.is_dir():
            raise ConfigError(
                f"--reports-dir {d!r} is not a directory; give the directory that holds the "
                "reports, or leave --reports-dir out to run the catalog's bugs from "
                "examples/reports"
            )
        search_dirs.append(p)
    wanted: list[tuple[str, str, Path | None]] = []  # (bug id, kind, report file when known)
    problems: list[Skipped] = []  # unreadable or duplicated report files of input directories
    if not inputs:
        wanted += [(bug, kind, None) for bug, kind in catalog_bugs(farm.app_dir or None)]
    for text in inputs:
        p = Path(text)
        if p.is_dir():
            unreadable: list[Skipped] = []
            found = reports_in(p, unreadable)
            if not found:
                why = "; ".join(f"{s.bug_id}: {s.reason}" for s in unreadable[:3])
                raise BadInputError(
                    f"{text} holds no readable bug reports (.json/.md/.txt)"
                    + (f" ({why})" if why else "")
                    + "; give a directory of reports"
                )
            problems += unreadable
            wanted += [(bug, "", path) for bug, path in found.items()]
        elif p.is_file() and p.suffix.lower() == ".tsv":
            search_dirs.append(p.parent)
            wanted += [(bug, kind, None) for bug, kind in read_index(p)]
        elif p.is_file():
            wanted.append((load_report(p).bug_id, "", p))
        elif "#" in text or not (p.suffix or "/" in text):
            wanted.append((text.strip(), "", None))
        else:
            raise BadInputError(
                f"input {text!r} does not exist; give a report, a directory or an id"
            )
    search_dirs.append(EXAMPLES_DIR)

    known: dict[str, Path] = {}
    scanned = False
    items: list[SweepItem] = []
    skipped: list[Skipped] = []
    seen: set[str] = set()
    catalog_kinds = dict(catalog_bugs(farm.app_dir or None))
    for bug_id, kind, path in wanted:
        if bug_id in seen:
            continue
        seen.add(bug_id)
        if path is None:
            if not scanned:
                for directory in search_dirs:
                    for bug, report_file in reports_in(directory).items():
                        known.setdefault(bug, report_file)
                scanned = True
            path = known.get(bug_id)
        if path is None:
            where = ", ".join(str(d) for d in search_dirs)
            skipped.append(Skipped(bug_id, f"no report found (looked in {where})"))
            continue
        report = load_report(path)
        try:
            app = resolve_app(report, farm)
        except ConfigError as exc:
            skipped.append(Skipped(bug_id, f"no app model: {exc}"))
            continue
        other = _other_app(report, farm, app) or _not_modelled(report, farm, app)
        if other:
            skipped.append(Skipped(bug_id, other))
            continue
        items.append(
            SweepItem(
                bug_id=bug_id,
                report_path=str(path),
                kind=kind or catalog_kinds.get(bug_id, ""),
                app=tuple(sorted(app.items())),
            )
        )
    return items, problems + skipped


def _other_app(report: Any, farm: FarmConfig, app: dict[str, str]) -> str:
    """Why a report about another app must not run on ``--app`` (``""`` when it may): the
    catalog declares its bug for another app, or its apk name or repository names another
    catalog app."""
    from device_agent.errors import AppNotFoundError
    from device_agent.virtual.catalog import find_app_for_bug, load_app, parse_apk_name

    if not farm.app:
        return ""
    names: list[str] = []
    try:
        declared = find_app_for_bug(report.bug_id, farm.app_dir or None)
    except AppNotFoundError:
        declared = None
    if declared is not None:
        names.append(declared.name)
    for hint in (report.apk_name, report.repo):
        if not hint:
            continue
        try:
            names.append(load_app(parse_apk_name(hint)[0], farm.app_dir or None).name)
        except AppNotFoundError:
            continue
    own = next((n for n in names if n), "")
    if own and own.lower() != app.get("name", "").lower():
        return f"an issue of {own}, not of --app {app.get('name')}: left out of this run"
    return ""


def _not_modelled(report: Any, farm: FarmConfig, app: dict[str, str]) -> str:
    """Why a report must not run on its app's virtual model (``""`` when it may): the model was
    picked by the report's apk name or repository but does not declare the report's bug, so the
    run would have nothing to find and no ground truth to score it. Runs on ``--agents`` (real
    devices) and with an explicit ``--app`` are the user's choice and always go ahead."""
    from device_agent.errors import AppNotFoundError
    from device_agent.virtual.catalog import find_app_for_bug

    if farm.agents or farm.app:
        return ""
    try:
        declared = find_app_for_bug(report.bug_id, farm.app_dir or None)
    except AppNotFoundError:
        declared = None
    if declared is not None:
        return ""
    return (
        f"the virtual model of {app.get('name')} does not declare this bug (see `reprofarm apps`), "
        "so a virtual run has nothing to find: model it (docs/app-models.md) and pass --app-dir, "
        "run it on real devices with --agents, or pass --app to run it anyway"
    )
