"""Logging setup shared by the agent and the orchestrator: structlog everywhere; JSON lines when
stderr is not a terminal (CI, Ray workers, pods, log shippers), readable console lines when it
is."""

from __future__ import annotations

import logging
import sys

import structlog


def _stderr_logger(*_args: object) -> structlog.PrintLogger:
    # Looked up per logger, not once: tests and embedding programs swap sys.stderr.
    return structlog.PrintLogger(file=sys.stderr)


def configure_logging(*, verbose: bool = False, json_lines: bool | None = None) -> None:
    """Configure structlog and the standard library's root logger once per process.

    ``json_lines`` forces the format; by default JSON when stderr is not a TTY.
    """
    level = logging.DEBUG if verbose else logging.INFO
    if json_lines is None:
        json_lines = not sys.stderr.isatty()
    renderer: structlog.types.Processor = (
        structlog.processors.JSONRenderer()
        if json_lines
        else structlog.dev.ConsoleRenderer(colors=False)
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=_stderr_logger,
        cache_logger_on_first_use=False,
    )
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
