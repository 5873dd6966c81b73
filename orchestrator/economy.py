"""How much of a search's work was new (issue 28 §1): ``result.json``'s ``search.economy``.

From the probe log alone (one entry per probe: the screen it ran on, by structural hash, the
action, the path it ran from), so it costs nothing during the search and reads the same for every
reasoner. A probe *repeats* when the same action was already probed on the same screen in the same
search: work a transition memory would not have redone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def economy(probe_log: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """``{"probes", "distinct_pairs", "repeated_share", "longest_path", "states"}``: probes run,
    distinct (screen, action) pairs among them, the share (0-1, 3 decimals) of probes that
    repeated a pair, the longest path probed in actions (its state's path plus the probe's own
    action) and the distinct screens probed from."""
    pairs = {(e.get("screen_hash", ""), e.get("action", "")) for e in probe_log}
    probes = len(probe_log)
    return {
        "probes": probes,
        "distinct_pairs": len(pairs),
        "repeated_share": round((probes - len(pairs)) / probes, 3) if probes else 0.0,
        "longest_path": max((len(e.get("from_actions", ())) + 1 for e in probe_log), default=0),
        "states": len({e.get("screen_hash", "") for e in probe_log}),
    }
