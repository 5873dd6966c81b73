"""The prompt templates: one jinja2 file per role in ``prompts/``, rendered to (system, user) text.

Each ``prompts/<role>.j2`` defines two blocks, ``system`` (the role's instructions and the JSON it
must return) and ``user`` (this request's data), and starts with a comment stating its inputs.
Shared pieces (the S2R list, a path as one-liners) are macros in ``prompts/_common.j2``,
available to every template as ``common``. Templates
are plain text (no HTML escaping) and fail loudly on an undefined variable, so a renamed input
cannot silently vanish from a prompt.

The directory is, in order: the ``directory`` argument, ``$REPROFARM_PROMPTS``, or ``prompts/``
next to the ``orchestrator`` package (a source checkout or an editable install).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import jinja2

from orchestrator.errors import ConfigError
from orchestrator.llm.schemas import ROLES

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "prompts"


def _json(value: Any) -> str:
    # jinja2's own ``tojson`` escapes <, > and & for HTML; prompts want the characters as they are.
    return json.dumps(value, ensure_ascii=False)


class PromptSet:
    """Loads and renders the role templates. Raises ``ConfigError`` when the directory or a role's
    template is missing or does not define both blocks."""

    def __init__(self, directory: str | Path | None = None) -> None:
        chosen = directory or os.environ.get("REPROFARM_PROMPTS") or DEFAULT_DIR
        self.directory = Path(chosen)
        if not self.directory.is_dir():
            raise ConfigError(
                f"prompt templates not found at {self.directory}; set REPROFARM_PROMPTS to the "
                "directory holding report_analysis.j2 and the other role templates"
            )
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(self.directory)),
            undefined=jinja2.StrictUndefined,
            autoescape=False,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
        )
        self.env.filters["json"] = _json
        if (self.directory / "_common.j2").is_file():
            # Macros shared by every role, as ``common.<macro>`` (an import inside a template
            # would not reach its blocks, which are rendered one by one).
            try:
                self.env.globals["common"] = self.env.get_template("_common.j2").module
            except jinja2.TemplateError as exc:
                raise ConfigError(f"prompt template _common.j2 is broken: {exc}") from exc

    def template(self, role: str) -> jinja2.Template:
        if role not in ROLES:
            raise ConfigError(f"unknown prompt role {role!r}; roles: {', '.join(ROLES)}")
        try:
            tmpl = self.env.get_template(f"{role}.j2")
        except jinja2.TemplateNotFound:
            raise ConfigError(
                f"prompt template {self.directory / (role + '.j2')} is missing"
            ) from None
        except jinja2.TemplateSyntaxError as exc:
            raise ConfigError(
                f"prompt template {role}.j2 line {exc.lineno}: {exc.message}"
            ) from exc
        if not {"system", "user"} <= set(tmpl.blocks):
            raise ConfigError(f"prompt template {role}.j2 must define blocks 'system' and 'user'")
        return tmpl

    def render(self, role: str, **context: Any) -> tuple[str, str]:
        """``(system, user)`` text of ``role`` for ``context``. Raises ``ConfigError`` when the
        template uses a variable the context lacks (the message names it)."""
        tmpl = self.template(role)
        try:
            ctx = tmpl.new_context(context)
            system = "".join(tmpl.blocks["system"](ctx)).strip()
            user = "".join(tmpl.blocks["user"](ctx)).strip()
        except jinja2.UndefinedError as exc:
            raise ConfigError(f"prompt template {role}.j2: {exc.message}") from exc
        return system, user
