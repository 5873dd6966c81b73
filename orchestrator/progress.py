"""Live progress for people (rich, when stderr is a terminal) or plain structured log lines."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import structlog

# structlog's ``add_log_level`` writes the log level ("info") into ``level``: a search event's
# own ``level`` (the search level, an int) is logged as ``search_level``, so neither is lost.
SEARCH_LEVEL_FIELD = "search_level"


def _log_fields(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as log-line fields: the search's ``level`` renamed :data:`SEARCH_LEVEL_FIELD`."""
    if "level" not in data:
        return data
    fields = {k: v for k, v in data.items() if k != "level"}
    fields[SEARCH_LEVEL_FIELD] = data["level"]
    return fields


class Progress:
    """Receives search events (``level``, ``probe``, ``selected``, ``phase``, ``devices`` with
    ``ready``/``requested``, ``warning`` with ``message``) and shows them. In log lines a
    search event's ``level`` (the search level) is the field ``search_level``: ``level`` is the
    log level's.

    Used as a context manager around a run; ``__call__(event, data)`` is the search's
    ``progress`` callback.
    """

    def __init__(self, bug_id: str, enabled: bool = True) -> None:
        self.bug_id = bug_id
        self.live = enabled and sys.stderr.isatty()
        self.log = structlog.get_logger("reprofarm.progress").bind(bug_id=bug_id)
        self._bar: Any = None
        self._task: Any = None
        self._done = 0

    def __enter__(self) -> Progress:
        if self.live:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                SpinnerColumn,
                TextColumn,
                TimeElapsedColumn,
            )
            from rich.progress import Progress as RichProgress

            self._bar = RichProgress(
                SpinnerColumn(),
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=False,
            )
            self._bar.__enter__()
            self._task = self._bar.add_task(f"{self.bug_id}: starting", total=None)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)

    def __call__(self, event: str, data: dict[str, Any]) -> None:
        if event == "level":
            self._done = 0
            if self._bar is not None:
                self._bar.update(
                    self._task,
                    description=f"{self.bug_id}: level {data['level']} (beam {data['beam']})",
                    total=data["probes"],
                    completed=0,
                )
            else:
                self.log.info("level_started", **_log_fields(data))
        elif event == "probe":
            self._done += 1
            if self._bar is not None:
                self._bar.update(self._task, completed=self._done)
        elif event == "devices":
            # "starting devices": how many answer out of how many were asked for.
            ready, requested = int(data["ready"]), int(data["requested"])
            if self._bar is not None:
                self._bar.update(
                    self._task,
                    description=f"{self.bug_id}: starting devices ({ready}/{requested} ready)",
                    total=requested,
                    completed=ready,
                )
            else:
                self.log.info("devices_ready", ready=ready, requested=requested)
        elif event == "warning":
            if self._bar is not None:
                from rich.markup import escape

                self._bar.console.print(f"[yellow]warning:[/] {escape(str(data['message']))}")
            else:
                self.log.warning("warning", message=data["message"])
        elif event == "phase":
            if self._bar is not None:
                self._bar.update(self._task, description=f"{self.bug_id}: {data['phase']}")
            else:
                self.log.info("phase", **_log_fields(data))
        elif event == "llm_usage":
            pass  # one per model call: counted by the metrics, too many to show
        elif self._bar is None:
            self.log.info(event, **_log_fields(data))


def usage_events(say: Callable[[str, dict[str, Any]], None]) -> Callable[..., None]:
    """An :class:`~orchestrator.model.LLMUsage` listener that reports each booked model call as
    it returns, as the progress event ``llm_usage`` (``role``, ``prompt_tokens``,
    ``completion_tokens``, ``cost_usd``): the driver's metrics count tokens and cost from it
    while the run goes on, not when it ends."""

    def listener(role: str, prompt: int, completion: int, cost: float) -> None:
        say(
            "llm_usage",
            {
                "role": role,
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "cost_usd": cost,
            },
        )

    return listener
