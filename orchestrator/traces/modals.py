"""Known modals: dialogs a new build puts in a recorded trace's way, and how to clear them.

A later build often opens with a "What's new" changelog, a rating prompt, a tip or a new runtime
permission request. None of them is part of the bug; each is a window on top of the screen the
trace expects, with a button that closes it. A replay clears such a modal (a *rewrite* of the
step it was in front of) instead of giving up. Dialogs the trace itself recorded (its own
permission prompts, the dialog where the folder name is typed) are not modals: the caller only
asks when the screen is not the recorded one.
"""

from __future__ import annotations

from dataclasses import dataclass

from device_agent.actions import CLICK, PRESS_BACK, Action
from device_agent.errors import HierarchyError
from device_agent.hierarchy import parse_hierarchy
from orchestrator.diff import window_infos
from orchestrator.text import normalize_label

# Buttons that close an informational dialog without changing app data, most telling first.
DISMISS_LABELS = (
    "got it",
    "dismiss",
    "close",
    "ok",
    "okay",
    "continue",
    "not now",
    "later",
    "maybe later",
    "no thanks",
    "skip",
    "done",
    "cancel",
)
# A permission prompt of a new build: grant it, as the recorded run did for its own prompts.
ALLOW_LABELS = ("while using the app", "allow", "only this time")
PERMISSION_PACKAGES = frozenset(
    {
        "com.android.permissioncontroller",
        "com.google.android.permissioncontroller",
        "com.android.packageinstaller",
        "com.google.android.packageinstaller",
    }
)
MODAL_KINDS = ("dialog", "sheet", "popup")


@dataclass(frozen=True)
class Dismissal:
    """How to clear the modal on top: ``action`` and a ``reason`` for the run's log."""

    action: Action
    reason: str


def modal_on_top(xml: str) -> str:
    """The title of the dialog, sheet or popup on top of the app (``""`` when the top window is
    the activity itself, a menu or a toast). Never raises."""
    windows = window_infos(xml)
    if len(windows) < 2 and not (windows and windows[-1].package in PERMISSION_PACKAGES):
        return ""
    top = windows[-1]
    if top.kind not in MODAL_KINDS:
        return ""
    return top.title or top.kind


def dismissal(xml: str) -> Dismissal | None:
    """How to close the modal on top of ``xml`` (a dump), or None when there is none. Prefers a
    closing button (:data:`DISMISS_LABELS`; :data:`ALLOW_LABELS` on a permission prompt), else
    Back. Never raises."""
    title = modal_on_top(xml)
    if not title:
        return None
    try:
        top = parse_hierarchy(xml).top_window()
    except HierarchyError:
        return None
    if top is None:
        return None
    labels = ALLOW_LABELS if top.package in PERMISSION_PACKAGES else DISMISS_LABELS
    buttons = [n for n in top.iter() if n.clickable and n.enabled and n.bounds.area > 0]
    for wanted in labels:
        for node in buttons:
            if normalize_label(node.label()) == wanted:
                return Dismissal(
                    Action(kind=CLICK, target=node.selector()),
                    f'closed the "{title}" dialog with "{node.label()}"',
                )
    return Dismissal(Action(kind=PRESS_BACK), f'closed the "{title}" dialog with Back')
