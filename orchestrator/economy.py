"""How much of a search's work was new (issue 28 §1): ``result.json``'s ``search.economy``.

From the probe log alone (one entry per probe: the state it ran from, the screen's structural
hash, the action, the path it ran from), so it costs nothing during the search and reads the same
for every reasoner. A probe *repeats* when the same action was already probed on the same state in
the same search: work the transition memory (``probe_once``) does not redo. The state is what the
memory keys by: the screen, what its text fields hold and the S2R progress made to reach it (issue
28 §1: "what the report's steps name and what text fields hold"); ``repeated_screen_share``
counts by the screen alone (older logs have no state: the screen stands for it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def economy(probe_log: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """``{"probes", "distinct_pairs", "repeated_share", "repeated_screen_share",
    "longest_path", "states"}``: probes run, distinct (state, action) pairs among them, the
    share (0-1, 3 decimals) of probes that repeated a pair, the same by (screen, action), the
    longest path probed in actions (its state's path plus the probe's own action) and the
    distinct screens probed from. An action is named by its ``action_id`` where the log has one
    (the transition memory's name: two cells of a grid that read alike are two actions), else
    by its description."""
    probes = len(probe_log)

    def share(pairs: set[tuple[str, str]]) -> float:
        return round((probes - len(pairs)) / probes, 3) if probes else 0.0

    def action(e: dict[str, Any]) -> str:
        return str(e.get("action_id") or e.get("action", ""))

    pairs = {(e.get("state") or e.get("screen_hash", ""), action(e)) for e in probe_log}
    screen_pairs = {(e.get("screen_hash", ""), action(e)) for e in probe_log}
    return {
        "probes": probes,
        "distinct_pairs": len(pairs),
        "repeated_share": share(pairs),
        "repeated_screen_share": share(screen_pairs),
        "longest_path": max((len(e.get("from_actions", ())) + 1 for e in probe_log), default=0),
        "states": len({e.get("screen_hash", "") for e in probe_log}),
    }
