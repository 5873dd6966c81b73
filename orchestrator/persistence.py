"""Data loss across a restart of the app: the way back to the screens it left, and what they show.

A persistence bug ("my timer setting is back to the default after I close and reopen the app")
shows only on a screen that holds what the report's steps changed, and a restarted app opens on
its first screen. This is the data-loss oracle of Riganelli, Micucci and Mariani ("Data Loss
Detector: Automatically Revealing Data Loss Bugs in Android Apps", ISSTA 2020): compare what a
screen shows before the app is stopped and started again with what it shows after. Here:

- :func:`way_back`: after a restart, the navigation the path took from the screen the restart
  lands on to the screens it went on to (forward moves only: nothing typed, nothing confirmed),
  which the search replays to look at those screens again;
- :func:`reverted`: the screen the path ends on, opened after the restart, shows exactly what
  the same screen showed when the path first saw it, and not what it showed when the path last
  saw it before the restart: what the path changed in between did not survive. On a build that
  keeps it, the screen opens as it was left.

The last sight before the restart counts only where the screen was opened (launched, or
arrived at from another screen or window: the app drew it from what it holds) and then left as
it was (the restart, Back, or opening something new): a picker wheel turned in place, a choice
picked in a dialog that closes it, text typed are not what the screen would show again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from device_agent.actions import CLICK, LONG_CLICK, PRESS_BACK, RESTART_APP, SWIPE, Action
from device_agent.hierarchy import Hierarchy, HierarchyError, parse_hierarchy
from orchestrator.model import Path, Screen

# The way back replays at most this many forward moves (a settings screen two levels down and
# the dialog that shows the value: deeper navigation is rare in reports).
MAX_WAY_BACK = 5
_OWN_ACTIONS = (CLICK, LONG_CLICK)


def _tree(screen: Screen) -> Hierarchy | None:
    try:
        return parse_hierarchy(screen.hierarchy_xml) if screen.hierarchy_xml.strip() else None
    except HierarchyError:
        return None


# Ids every screen of an activity has: the window decor's (a Flutter or Compose screen has only
# these, so they cannot tell its pages apart).
_DECOR_IDS = frozenset(
    {"action_bar_root", "content", "decor_content_parent", "action_bar_container", "action_bar",
     "statusBarBackground", "navigationBarBackground"}
)  # fmt: skip


def _own_id(resource_id: str) -> bool:
    return (
        bool(resource_id)
        and not resource_id.startswith("android:")
        and (resource_id.rsplit("/", 1)[-1] not in _DECOR_IDS)
    )


def identity(screen: Screen) -> tuple[str, ...]:
    """Which screen this is, whatever it shows: the activity, the number of app windows, the
    top window's own resource ids (not the platform's or the window decor's) and, for a top
    window without any (Flutter, Compose), its first label (a toolbar's title), and the labels
    of the activity window's selected widgets (the tab showing). Other texts and states are left
    out: they are what is compared."""
    tree = _tree(screen)
    if tree is None:
        return (screen.activity,)
    windows = tree.app_windows()
    top = windows[-1] if windows else None
    ids = sorted({n.resource_id for n in top.iter() if _own_id(n.resource_id)}) if top else []
    title = ""
    if top is not None and not ids:
        title = next((n.label() for n in top.iter() if n.label()), "")
    # The selected tab names the page of a screen whose pages share ids and title (a bottom
    # bar's Spend / Display / Today); tabs are the activity's own, a dialog's selected row (a
    # picker's wheel) is content.
    own = windows[0].iter() if windows else iter(())
    tabs = sorted({n.label() for n in own if n.selected and n.label()})
    return (screen.activity, str(len(windows)), title, *ids, *tabs)


def content(screen: Screen) -> Counter[tuple[str, str, bool]]:
    """What the screen shows of what the app keeps: every app-window node's class, text (or
    content-desc) and checked state, as a multiset. Text fields are left out: what is typed
    and not yet saved is dropped by a restart on every build (a saved text shows again as a
    label, or in the field of a screen opened after the restart, the ``gone`` check's case)."""
    tree = _tree(screen)
    if tree is None:
        return Counter()
    return Counter(
        (n.short_class, (n.text or n.content_desc).strip(), n.checked)
        for w in tree.app_windows()
        for n in w.iter()
        if ((n.text or n.content_desc).strip() or n.checkable) and not n.is_editable
    )


def _states(path: Path) -> list[Screen]:
    """The path's screens: the launch screen, then each transition's after-screen."""
    return [path.transitions[0].before, *(t.after for t in path.transitions)]


def last_restart(path: Path) -> int:
    """The index of the path's last transition that restarts the app, ``-1`` for none."""
    return max(
        (i for i, t in enumerate(path.transitions) if t.action.kind == RESTART_APP), default=-1
    )


def forward_moves(path: Path, start: int, stop: int) -> list[int]:
    """Indexes of transitions ``start..stop-1`` that moved forward: a click or long click that
    opened a screen (or window) not seen since ``start``, without a crash or leaving the app."""
    states = _states(path)
    seen = {identity(states[start])}
    out = []
    for i in range(start, stop):
        t = path.transitions[i]
        after = identity(states[i + 1])
        if t.action.kind not in _OWN_ACTIONS or t.crash is not None or t.diff.get("app_left"):
            continue
        if after in seen:
            continue
        seen.add(after)
        out.append(i)
    return out


def way_back(path: Path, limit: int = MAX_WAY_BACK) -> list[Action]:
    """For a path whose last action restarts the app: the forward moves it made from the last
    time it stood on the screen the restart landed on, up to the last one that opens a screen
    the path saw change (:func:`changed_screens`); ``[]`` when it never stood there, none of
    those screens changed, or the last action is no restart. Replayed after the restart, they
    open the screens the steps went through again."""
    if not path.transitions or path.transitions[-1].action.kind != RESTART_APP:
        return []
    r = len(path.transitions) - 1
    states = _states(path)
    landing = identity(states[r + 1])
    stood = [k for k in range(r + 1) if identity(states[k]) == landing]
    if not stood:
        return []
    changed = set(changed_screens(path))
    moves = forward_moves(path, stood[-1], r)[:limit]
    # Only as far as the last move that reaches a screen seen to change: beyond, nothing to see.
    useful = [n for n, i in enumerate(moves) if identity(states[i + 1]) in changed]
    return [path.transitions[i].action for i in moves[: useful[-1] + 1]] if useful else []


def changed_screens(path: Path) -> list[tuple[str, ...]]:
    """The screens (by :func:`identity`) that a path ending with a restart saw change before it:
    the path's last sight of the screen shows other content than its first, and the path left
    it as it was (:func:`_settled`). Only these can show a reversion after the restart:
    going back to look at others costs probes for nothing."""
    r = last_restart(path)
    if r < 0:
        return []
    states = _states(path)
    sights: dict[tuple[str, ...], list[int]] = {}
    for k in range(r + 1):
        sights.setdefault(identity(states[k]), []).append(k)
    return [
        key
        for key, ks in sights.items()
        if len(ks) > 1
        and content(states[ks[0]]) != content(states[ks[-1]])
        and _settled(path, ks[-1])
    ]


@dataclass(frozen=True)
class Reversion:
    """The screen the path ends on shows, after the restart at transition ``restart``, what
    it showed when first opened (state ``first``) instead of what it showed when last opened
    before the restart (state ``last``): ``lost`` were shown then and are not now, ``back``
    are shown again. States index :func:`_states` (0 the launch screen)."""

    restart: int
    first: int
    last: int
    lost: tuple[str, ...]
    back: tuple[str, ...]
    sights: tuple[int, ...] = ()  # every state before the restart showing that screen


def changed_after(path: Path, found: Reversion, k: int) -> bool:
    """Whether the screen of ``found`` changed after state ``k``: its last sight before the
    restart shows other content than its latest sight at or before ``k`` (its first sight when
    none was that early). What changed before ``k`` and stayed so is not what came after."""
    states = _states(path)
    at = max((s for s in found.sights if s <= k), default=found.first)
    return content(states[at]) != content(states[found.last])


def _windows(screen: Screen) -> int:
    tree = _tree(screen)
    return len(tree.app_windows()) if tree is not None else 0


def _opened(path: Path, k: int) -> bool:
    """Whether the screen of state ``k`` was opened there: launched, landed on by a restart, or
    arrived at from another screen or window. An opened screen shows what the app holds; one
    edited in place (a picker's wheel turned, a field typed) shows what may never be kept."""
    if k == 0 or path.transitions[k - 1].action.kind == RESTART_APP:
        return True
    states = _states(path)
    return identity(states[k - 1]) != identity(states[k])


def _left_as_it_was(path: Path, k: int) -> bool:
    """The path left the screen of state ``k`` without acting on it: by the restart itself, by
    Back that closes no window, or by a click that opens a screen or window not seen before and
    closes none. A choice picked in a dialog that closes it, a sheet dismissed, text typed or a
    Save that returns to an earlier screen change (or drop) what the screen showed."""
    t = path.transitions[k]
    states = _states(path)
    if t.action.kind == RESTART_APP:
        return True
    if _windows(states[k + 1]) < _windows(states[k]):
        return False
    if t.action.kind == PRESS_BACK:
        return True
    seen = {identity(states[i]) for i in range(k + 1)}
    return t.action.kind in _OWN_ACTIONS and identity(states[k + 1]) not in seen


def _settled(path: Path, k: int) -> bool:
    """The sight of state ``k`` is what the app holds: opened there and left as it was."""
    return _opened(path, k) and _left_as_it_was(path, k)


def reverted(path: Path, scrolling_counts: bool = False) -> Reversion | None:
    """:class:`Reversion` of the path's final screen, or ``None``: the path restarted the app,
    then made only forward moves, and the screen it ends on (opened there) shows exactly what
    it showed when the path first saw it, and not what it showed when the path last saw it
    before the restart, which the path opened and then left as it was (:func:`_settled`). A swipe
    on that screen in between moves content, not data: it disqualifies unless
    ``scrolling_counts`` (the report speaks of scrolling)."""
    r = last_restart(path)
    if r < 0:
        return None
    n = len(path.transitions)
    if len(forward_moves(path, r + 1, n)) != n - r - 1:
        return None  # after the restart only looking: every action opens a new screen
    states = _states(path)
    final = states[-1]
    key = identity(final)
    visits = [k for k in range(r + 1) if identity(states[k]) == key]
    if len(visits) < 2:
        return None
    first, last = visits[0], visits[-1]
    if not _settled(path, last):
        return None
    now, then, before = content(final), content(states[last]), content(states[first])
    if now != before or now == then:
        return None
    if not scrolling_counts and any(
        path.transitions[i].action.kind == SWIPE and identity(states[i]) == key
        for i in range(first, last)
    ):
        return None
    lost = tuple(sorted({t for _, t, _ in (then - now) if t}))
    back = tuple(sorted({t for _, t, _ in (now - then) if t}))
    return Reversion(r, first, last, lost, back, tuple(visits))
