"""The app catalog: built-in app models in this package, plus models loaded from any directory.

Each built-in module (``amaze.py``, ``opencalc.py``...) defines one or more
:class:`~device_agent.virtual.app.VirtualApp` subclasses; they are discovered with ``pkgutil``, so
adding a module adds its apps. A directory of ``.py`` files can hold more models (held-back apps,
test apps): pass it as ``app_dir``.

Apps are looked up by catalog name (``"AmazeFileManager"``, case-insensitive, also the last part
of a repository path or URL), by package (``"com.amaze.filemanager"``) or by an LTGDroid apk name
(``"AmazeFileManager_v3.3.2.apk"``, which also names the version).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import pkgutil
import re
import sys
from pathlib import Path
from types import ModuleType

from device_agent.errors import AppNotFoundError
from device_agent.virtual.app import VirtualApp

_BUILTIN_CACHE: dict[str, type[VirtualApp]] | None = None
_DIR_CACHE: dict[str, dict[str, type[VirtualApp]]] = {}


def _apps_in(module: ModuleType) -> dict[str, type[VirtualApp]]:
    """Concrete VirtualApp subclasses defined in ``module``, keyed ``"<name> <version>"``."""
    found: dict[str, type[VirtualApp]] = {}
    for _, obj in inspect.getmembers(module, inspect.isclass):
        if (
            issubclass(obj, VirtualApp)
            and obj is not VirtualApp
            and obj.__module__ == module.__name__
            and not inspect.isabstract(obj)
            and isinstance(getattr(obj, "name", None), str)
            and isinstance(getattr(obj, "package", None), str)
        ):
            found[_key(obj)] = obj
    return found


def _key(cls: type[VirtualApp]) -> str:
    return f"{cls.name} {getattr(cls, 'version', '')}".strip()


def builtin_apps() -> dict[str, type[VirtualApp]]:
    """The apps of the built-in catalog modules, keyed ``"<name> <version>"``.

    Raises :class:`AppNotFoundError` naming the module when a built-in module fails to import.
    """
    global _BUILTIN_CACHE
    if _BUILTIN_CACHE is None:
        apps: dict[str, type[VirtualApp]] = {}
        for info in pkgutil.iter_modules(__path__):
            if info.name.startswith("_"):
                continue
            name = f"{__name__}.{info.name}"
            try:
                module = importlib.import_module(name)
            except Exception as exc:  # noqa: BLE001 - name the broken module
                raise AppNotFoundError(
                    f"built-in app module {name} failed to import: {type(exc).__name__}: {exc}"
                ) from exc
            apps.update(_apps_in(module))
        _BUILTIN_CACHE = apps
    return dict(_BUILTIN_CACHE)


def load_apps_from_dir(path: str | Path) -> dict[str, type[VirtualApp]]:
    """Import every ``.py`` file in ``path`` (not starting with ``_``) and return the VirtualApp
    subclasses they define, keyed ``"<name> <version>"``.

    Raises :class:`AppNotFoundError` when the directory does not exist or a file fails to import
    (the message names the file and the error).
    """
    directory = Path(path).expanduser().resolve()
    if not directory.is_dir():
        raise AppNotFoundError(
            f"app directory {directory} does not exist or is not a directory; pass the "
            "directory that holds your app model .py files (docs/app-models.md)"
        )
    cache_key = str(directory)
    if cache_key in _DIR_CACHE:
        return dict(_DIR_CACHE[cache_key])
    apps: dict[str, type[VirtualApp]] = {}
    tag = hashlib.sha1(cache_key.encode()).hexdigest()[:8]
    for file in sorted(directory.glob("*.py")):
        if file.name.startswith("_"):
            continue
        module_name = f"reprofarm_apps_{tag}_{file.stem}"
        spec = importlib.util.spec_from_file_location(module_name, file)
        if spec is None or spec.loader is None:
            raise AppNotFoundError(f"cannot load app model file {file}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:  # noqa: BLE001 - name the broken file
            sys.modules.pop(module_name, None)
            raise AppNotFoundError(
                f"app model file {file} failed to import: {type(exc).__name__}: {exc}; fix "
                "that file or move it out of the directory (docs/app-models.md)"
            ) from exc
        apps.update(_apps_in(module))
    _DIR_CACHE[cache_key] = apps
    return dict(apps)


def list_apps(app_dir: str | Path | None = None) -> list[type[VirtualApp]]:
    """All known app classes (built-in, then those of ``app_dir``), sorted by name and version."""
    apps = builtin_apps()
    if app_dir is not None:
        apps.update(load_apps_from_dir(app_dir))
    return sorted(apps.values(), key=lambda c: (c.name.lower(), _version_key(c.version)))


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _version_key(version: str) -> list[tuple[int, str]]:
    return [(int(p), "") if p.isdigit() else (-1, p) for p in re.split(r"[.\-_]", version)]


def parse_apk_name(name: str) -> tuple[str, str]:
    """``"AmazeFileManager_v3.3.2.apk"`` → ``("AmazeFileManager", "3.3.2")``; other strings are
    returned as ``(name, "")`` (a repository path or URL becomes its last part)."""
    text = name.strip().rstrip("/")
    if "/" in text:
        text = text.rsplit("/", 1)[-1]
    if text.lower().endswith(".apk"):
        text = text[:-4]
        if "_v" in text:
            base, version = text.rsplit("_v", 1)
            return base, version
        return text, ""
    return text, ""


def _version_matches(model: str, wanted: str) -> bool:
    """Exact, or the wanted build string extends the model's (``1.12.1arm64`` vs ``1.12.1``)."""
    if not wanted or model == wanted:
        return True
    return wanted.startswith(model) and not wanted[len(model) : len(model) + 1].isdigit()


def load_app(name: str, app_dir: str | Path | None = None, version: str = "") -> VirtualApp:
    """An instance of the app model ``name`` means (catalog name, package, or apk name).

    With several versions of one app, ``version`` (or the apk name's) picks one; without, the
    newest. Raises :class:`AppNotFoundError` listing the known apps when nothing matches.
    """
    base, apk_version = parse_apk_name(name)
    wanted_version = version or apk_version
    candidates = list_apps(app_dir)
    target = _norm(base)
    matches = [
        c for c in candidates if _norm(c.name) == target or c.package.lower() == base.lower()
    ]
    if not matches:
        names = sorted({c.name for c in candidates}, key=str.lower)
        close = [n for n in names if target[:3] and _norm(n).startswith(target[:3])]
        hint = f" (close: {', '.join(close)})" if close else ""
        raise AppNotFoundError(
            f"no app model named {name!r}{hint}; known apps: {', '.join(names) or 'none'} "
            "(`reprofarm apps` lists their builds and bugs). Add a directory of app models with "
            "--app-dir DIR (each .py file there defines VirtualApp subclasses)"
        )
    fitting = [c for c in matches if _version_matches(c.version, wanted_version)]
    if not fitting:
        versions = ", ".join(sorted(c.version for c in matches))
        raise AppNotFoundError(
            f"app model {matches[0].name} has no version {wanted_version!r} (modelled: {versions})"
        )
    exact = [c for c in fitting if c.version == wanted_version]
    chosen = (exact or sorted(fitting, key=lambda c: _version_key(c.version)))[-1]
    return chosen()


def find_app_for_bug(bug_id: str, app_dir: str | Path | None = None) -> type[VirtualApp] | None:
    """The app class whose ``bugs`` include ``bug_id`` (``"AmazeFileManager#1796"``), or None."""
    for cls in list_apps(app_dir):
        if any(spec.bug_id == bug_id for spec in getattr(cls, "bugs", ())):
            return cls
    return None


def clear_caches() -> None:
    """Forget discovered apps (tests that write new model files call this)."""
    global _BUILTIN_CACHE
    _BUILTIN_CACHE = None
    _DIR_CACHE.clear()
