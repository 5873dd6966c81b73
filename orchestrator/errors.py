"""The orchestrator's own exceptions: one base class, each subclass named for what went wrong.

The CLI maps each kind to a one-line message and an exit status (DESIGN §4): 2 for bad input or
configuration, 3 for infrastructure failures. Every message names the problem and the fix, on one
line, e.g. ``report 'x.json' is not valid JSON (line 3, column 5: Expecting ',' delimiter); fix
the JSON or give a Markdown/text report``.
"""

from __future__ import annotations


class ReproError(Exception):
    """Base class of every orchestrator error. ``exit_code`` is the process exit status the CLI
    uses for this kind of error (3, "something failed", unless a subclass says otherwise)."""

    exit_code: int = 3

    def __init__(self, message: str) -> None:
        # One line: the CLI prints str(error) as is, so keep multi-line details out of it.
        super().__init__(" ".join(str(message).split()))


class BadInputError(ReproError):
    """The user gave something unusable (exit status 2)."""

    exit_code = 2


class ReportError(BadInputError):
    """The bug report is missing, unreadable, empty or malformed."""


class ConfigError(BadInputError):
    """A flag or setting is invalid (bad number, unknown app, unknown reasoner...)."""


class InfrastructureError(ReproError):
    """Devices or agents failed (unreachable, crashed, quarantined) so the run could not finish
    (exit status 3)."""

    exit_code = 3


class ReasonerError(ReproError):
    """The reasoner failed (endpoint unreachable, reply unusable after repair) (exit status 3)."""

    exit_code = 3
