"""Whether the offline reasoner could read a report, said before the search spends its budget.

The heuristic analyzer (:func:`orchestrator.reasoner.s2r.analyze`) always yields at least one
step: when it recognises none in the report it falls back to the title. A search guided by the
title alone wanders through the app until the budget is gone, so a run says so at the start (in
the terminal and in ``result.json``'s ``warnings``) and suggests a model that reads any language.
"""

from __future__ import annotations

from orchestrator.model import BugReport, ReproSpec
from orchestrator.text import normalize_label

SUGGESTION = "try --reasoner openai (docs/llm.md), which reads reports in any language"


def unreadable_report_warning(report: BugReport, spec: ReproSpec) -> str:
    """One line when the analysis found no steps to reproduce (none, or only the report's title
    as the last-resort step), else ``""``."""
    title = normalize_label(report.title)
    steps = [s for s in spec.steps if normalize_label(s.text)]
    if steps and not all(normalize_label(s.text) == title for s in steps):
        return ""
    name = report.source_path or report.bug_id
    return (
        f"the offline reasoner cannot read {name}: it found no steps to reproduce in it (a "
        f"language it has no words for, or no recognisable steps), so the search is guided by "
        f"the title alone; {SUGGESTION}"
    )
