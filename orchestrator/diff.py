"""The deterministic structural diff of two screens: the start of every transition summary.

DESIGN §3: transition summaries always start from a structural diff (widgets added/removed, text
changed, activity switched, dialog opened, keyboard shown, crash): cheap, exact, and it makes the
reasoner's job smaller. LTGDroid's ablation shows the transition pre-assessment is what lifts
success from 51.1% to 87.5%; this is its deterministic half.

:func:`structural_diff` returns a JSON-able dict::

    {
      "activity_changed": {"from": ".MainActivity", "to": ".SettingsActivity"} | None,
      "windows_opened": [{"kind": "dialog", "title": "New folder", "text_fields": 1,
                          "buttons": ["CANCEL", "CREATE"]}],
      "windows_closed": [...same shape...],
      "widgets_added": ["test2", ...],      # labels, at most MAX_LABELS
      "widgets_removed": [...],
      "widgets_added_count": 1, "widgets_removed_count": 0,
      "texts_changed": [{"id": "input", "before": "1+2", "after": "1+2)"}],
      "states_changed": [{"label": "Scientific mode", "state": "checked"}],
      "keyboard": "shown" | "hidden" | None,
      "orientation": {"from": "portrait", "to": "landscape"} | None,
      "toast": "Saved" | None,
      "system_dialog": {"kind": "crash" | "anr" | "permission", "text": "..."} | None,
      "crash": "java.lang.IndexOutOfBoundsException" | None,
      "app_left": bool,        # the foreground package is no longer the app under test
      "unchanged": bool,       # nothing above changed
    }

:func:`describe_diff` turns it into one deterministic sentence.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from device_agent.errors import HierarchyError
from device_agent.hierarchy import (
    SYSTEM_UI_PACKAGES,
    Hierarchy,
    ViewNode,
    is_input_method_package,
    parse_hierarchy,
)
from orchestrator.model import CrashInfo, Screen

MAX_LABELS = 8
MAX_TEXT_CHANGES = 8
_TEXT_CLIP = 60
# Resource ids that mark a window as an AlertDialog (framework and AppCompat/Material builds).
_DIALOG_IDS = frozenset(
    {
        "alertTitle",
        "parentPanel",
        "buttonPanel",
        "contentPanel",
        "customPanel",
        "topPanel",
        "select_dialog_listview",
        "dialog_title",
        "md_title",
        "md_buttonDefaultPositive",
        "md_buttonDefaultNegative",
        "title_template",
    }
)
_CRASH_DIALOG_IDS = frozenset(
    {"aerr_close", "aerr_restart", "aerr_app_info", "aerr_report", "aerr_mute"}
)
_ANR_DIALOG_IDS = frozenset({"aerr_wait"})
_PERMISSION_PACKAGES = frozenset(
    {
        "com.android.permissioncontroller",
        "com.google.android.permissioncontroller",
        "com.android.packageinstaller",
        "com.google.android.packageinstaller",
    }
)
_CRASH_WORDS = ("has stopped", "keeps stopping", "has crashed", "stopped unexpectedly")
_ANR_WORDS = ("isn't responding", "is not responding", "not responding")


@dataclass
class WindowInfo:
    """One window of a screen as the diff sees it."""

    kind: str  # main | dialog | menu | sheet | popup | toast
    title: str
    package: str
    labels: list[str] = field(default_factory=list)
    buttons: list[str] = field(default_factory=list)
    text_fields: int = 0
    text: str = ""  # all visible text, for system-dialog detection
    ids: frozenset[str] = frozenset()  # short resource ids of the window's nodes

    def key(self) -> tuple[str, str, str]:
        return (self.kind, self.title, self.package)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "title": self.title}
        if self.text_fields:
            out["text_fields"] = self.text_fields
        if self.buttons:
            out["buttons"] = self.buttons[:6]
        if self.kind == "menu" and self.labels:
            out["items"] = self.labels[:MAX_LABELS]
        return out


@lru_cache(maxsize=512)
def _parse(xml: str) -> Hierarchy | None:
    if not xml or not xml.strip():
        return None
    try:
        return parse_hierarchy(xml)
    except HierarchyError:
        return None


def _short_id(resource_id: str) -> str:
    return resource_id.rsplit("/", 1)[-1] if resource_id else ""


def _label(node: ViewNode) -> str:
    return (node.text.strip() or node.content_desc.strip()).replace("\n", " ")


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _TEXT_CLIP else text[: _TEXT_CLIP - 1] + "…"


def _screen_size(tree: Hierarchy | None, other: Hierarchy | None = None) -> tuple[int, int]:
    """The screen's size as the windows' extents; a dump holding only a dialog borrows the
    other dump's extents when both have the same rotation."""
    width = height = 0
    trees = [tree]
    if other is not None and tree is not None and other.rotation == tree.rotation:
        trees.append(other)
    for t in trees:
        if t is None:
            continue
        for window in t.windows:
            width = max(width, window.bounds.right)
            height = max(height, window.bounds.bottom)
    return width, height


def _has_clickable_ancestor(node: ViewNode) -> bool:
    current: ViewNode | None = node
    while current is not None:
        if current.clickable:
            return True
        current = current.parent
    return False


def _window_info(window: ViewNode, screen: tuple[int, int]) -> WindowInfo:
    ids = {_short_id(n.resource_id) for n in window.iter() if n.resource_id}
    labels: list[str] = []
    buttons: list[str] = []
    texts: list[str] = []
    static_texts = 0
    title = ""
    fields = 0
    for node in window.iter():
        label = _label(node)
        if node.is_editable:
            fields += 1
            continue
        if label:
            texts.append(label)
            if not _has_clickable_ancestor(node):
                static_texts += 1
        if not title and label and "title" in _short_id(node.resource_id).lower():
            title = label  # (a menu's items may carry "title" ids too: menus get no title below)
        if node.clickable and (label or node.children):
            name = label or next((_label(c) for c in node.iter() if _label(c)), "")
            if name:
                labels.append(name)
                if "Button" in node.cls or _short_id(node.resource_id).startswith("button"):
                    buttons.append(name)
    kind = _window_kind(window, ids, screen, fields, labels, static_texts)
    if kind == "menu":
        title = ""
    elif not title:
        title = next((t for t in texts if t not in buttons), texts[0] if texts else "")
    return WindowInfo(
        kind, _clip(title), window.package, labels, buttons, fields, " ".join(texts), frozenset(ids)
    )


def _window_kind(
    window: ViewNode,
    ids: set[str],
    screen: tuple[int, int],
    fields: int,
    labels: list[str],
    static_texts: int,
) -> str:
    """``main`` (the activity), ``dialog``, ``menu``, ``sheet``, ``popup`` or ``toast``: from the
    framework's dialog ids and class names first, then from the window's geometry (the virtual
    device, like Android, centres dialogs, hangs menus from the top-right and puts sheets at the
    bottom)."""
    if any("Toast" in n.cls for n in window.iter()):
        return "toast"
    if ids & _DIALOG_IDS or window.package == "android" and "message" in ids:
        return "dialog"
    if window.package in _PERMISSION_PACKAGES:
        return "dialog"
    if any("Menu" in n.cls or "Popup" in n.cls for n in window.iter()):
        return "menu"
    width, height = screen
    b = window.bounds
    if not width or not height:
        return "main"
    full_width = b.left <= width * 0.03 and b.right >= width * 0.97
    if full_width and b.bottom - b.top >= height * 0.8:
        return "main"
    if not labels and not fields:
        return "toast" if b.bottom - b.top < height * 0.15 else "popup"
    if full_width and b.bottom >= height * 0.85:
        return "sheet"
    if not fields and not static_texts and b.right - b.left <= width * 0.7:
        return "menu"
    return "dialog"


def _windows(tree: Hierarchy | None, screen: tuple[int, int]) -> list[WindowInfo]:
    if tree is None:
        return []
    return [
        _window_info(w, screen)
        for w in tree.windows
        if w.package not in SYSTEM_UI_PACKAGES and not is_input_method_package(w.package)
    ]


def _app_window_nodes(tree: Hierarchy | None) -> list[ViewNode]:
    if tree is None:
        return []
    return [
        w
        for w in tree.windows
        if w.package not in SYSTEM_UI_PACKAGES and not is_input_method_package(w.package)
    ]


def _widget_keys(windows: list[ViewNode]) -> Counter[str]:
    """Labelled, non-editable widgets of the given windows (text fields change as one types;
    that is ``texts_changed``)."""
    counts: Counter[str] = Counter()
    for window in windows:
        for node in window.iter():
            if node.is_editable:
                continue
            label = _label(node)
            if label:
                counts[_clip(label)] += 1
    return counts


def _identified(tree: Hierarchy | None) -> dict[tuple[str, str, int], ViewNode]:
    """Nodes that keep an identity across screens: those with a resource-id, and text fields,
    keyed by ``(resource-id or class, window kind slot, occurrence)``."""
    out: dict[tuple[str, str, int], ViewNode] = {}
    if tree is None:
        return out
    seen: Counter[tuple[str, str]] = Counter()
    for node in tree.iter():
        if node.package in SYSTEM_UI_PACKAGES or is_input_method_package(node.package):
            continue
        if not node.resource_id and not node.is_editable:
            continue
        base = (node.resource_id or node.cls, node.cls)
        out[(base[0], base[1], seen[base])] = node
        seen[base] += 1
    return out


def _texts_changed(before: Hierarchy | None, after: Hierarchy | None) -> list[dict[str, str]]:
    a, b = _identified(before), _identified(after)
    changes: list[dict[str, str]] = []
    for key, node in a.items():
        other = b.get(key)
        if other is None or other.text == node.text:
            continue
        ident = _short_id(node.resource_id) or f"{node.short_class}#{key[2]}"
        changes.append({"id": ident, "before": _clip(node.text), "after": _clip(other.text)})
        if len(changes) >= MAX_TEXT_CHANGES:
            break
    return changes


def _states_changed(before: Hierarchy | None, after: Hierarchy | None) -> list[dict[str, str]]:
    """Checkable or selectable widgets whose checked/selected state flipped, matched by
    resource-id and label."""

    def index(tree: Hierarchy | None) -> dict[tuple[str, str, int], ViewNode]:
        out: dict[tuple[str, str, int], ViewNode] = {}
        if tree is None:
            return out
        seen: Counter[tuple[str, str]] = Counter()
        for node in tree.iter():
            if not (node.checkable or node.selected or node.checked):
                continue
            label = _label(node) or _row_label(node)
            base = (node.resource_id, label)
            out[(base[0], base[1], seen[base])] = node
            seen[base] += 1
        return out

    a, b = index(before), index(after)
    changes: list[dict[str, str]] = []
    for key, node in a.items():
        other = b.get(key)
        if other is None:
            continue
        label = key[1] or _short_id(key[0]) or node.short_class
        if node.checked != other.checked:
            changes.append(
                {"label": _clip(label), "state": "checked" if other.checked else "unchecked"}
            )
        elif node.selected != other.selected and other.selected:
            changes.append({"label": _clip(label), "state": "selected"})
    return changes[:MAX_TEXT_CHANGES]


def _row_label(node: ViewNode) -> str:
    """A checkbox's label usually sits next to it in the same row (its parent's other child)."""
    parent = node.parent
    if parent is None:
        return ""
    for sibling in parent.iter():
        if sibling is not node and _label(sibling):
            return _label(sibling)
    return ""


def _system_dialog(windows: list[WindowInfo]) -> dict[str, str] | None:
    """The system's own dialog on screen: "<App> keeps stopping" (``crash``), "<App> isn't
    responding" (``anr``), both ``aerr_*`` dialogs of package ``android``, or a runtime permission
    dialog (``permission``)."""
    for w in windows:
        low = w.text.lower()
        if w.package == "android" or w.ids & (_CRASH_DIALOG_IDS | _ANR_DIALOG_IDS):
            if w.ids & _ANR_DIALOG_IDS or any(s in low for s in _ANR_WORDS):
                return {"kind": "anr", "text": _clip(w.title or w.text)}
            if w.ids & _CRASH_DIALOG_IDS or any(s in low for s in _CRASH_WORDS):
                return {"kind": "crash", "text": _clip(w.title or w.text)}
        if w.package in _PERMISSION_PACKAGES:
            return {"kind": "permission", "text": _clip(w.title or w.text)}
    return None


def _toast(tree: Hierarchy | None, windows: list[WindowInfo], full: bool = False) -> str | None:
    """A toast's text: an app window classified as a toast, or (API 30+, where SystemUI draws
    toasts) a SystemUI window holding only an ``android:id/message`` text; clipped as the
    diff's texts are unless ``full``."""
    toasts = [w for w in windows if w.kind == "toast"]
    app_toast = next(((w.text or w.title) if full else (w.title or w.text) for w in toasts), None)
    if app_toast:
        return app_toast
    if tree is None:
        return None
    for window in tree.windows:
        if window.package not in SYSTEM_UI_PACKAGES:
            continue
        nodes = list(window.iter())
        if any(n.clickable for n in nodes):
            continue
        for node in nodes:
            if _short_id(node.resource_id) == "message" and node.text.strip():
                return " ".join(node.text.split()) if full else _clip(node.text)
    return None


def toast_text(xml: str) -> str:
    """The whole text of the toast a dump shows (the diff's ``toast`` is clipped: two toasts
    that differ only in their ends, such as two file names, are told apart here), or ``""``.
    Never raises."""
    tree = _parse(xml)
    return _toast(tree, _windows(tree, _screen_size(tree)), full=True) or ""


def _new_windows(a: list[WindowInfo], b: list[WindowInfo]) -> list[WindowInfo]:
    """Windows of ``b`` (not main windows, not toasts) with no window of the same kind and title
    in ``a``."""
    remaining = Counter(w.key() for w in a)
    out: list[WindowInfo] = []
    for w in b:
        if remaining[w.key()] > 0:
            remaining[w.key()] -= 1
            continue
        if w.kind not in ("main", "toast"):
            out.append(w)
    return out


def structural_diff(
    before: Screen, after: Screen, crash: CrashInfo | None = None, *, app_package: str = ""
) -> dict[str, Any]:
    """Compare two screens (see the module docstring for the keys).

    ``app_package`` is the app under test (default: the ``before`` screen's package, unless that is
    a permission or system dialog); the app is *left* when the ``after`` screen belongs to another
    package that is not a permission dialog (e.g. the launcher after Home, a browser, or the
    system's crash dialog). A screen whose dump is
    empty or unreadable counts as having no widgets. Never raises.
    """
    tree_a, tree_b = _parse(before.hierarchy_xml), _parse(after.hierarchy_xml)
    wins_a = _windows(tree_a, _screen_size(tree_a, tree_b))
    wins_b = _windows(tree_b, _screen_size(tree_b, tree_a))
    opened = _new_windows(wins_a, wins_b)
    closed = _new_windows(wins_b, wins_a)

    # Widgets: compare windows present on both sides. Content of opened/closed windows is said
    # by windows_opened/closed; a main window missing on one side (a dump that holds only the
    # dialog on top) is hidden, not removed.
    nodes_a, nodes_b = _app_window_nodes(tree_a), _app_window_nodes(tree_b)
    opened_keys = {w.key() for w in opened}
    closed_keys = {w.key() for w in closed}
    both_main = any(w.kind == "main" for w in wins_a) and any(w.kind == "main" for w in wins_b)
    keep_a = [
        n
        for n, w in zip(nodes_a, wins_a, strict=True)
        if w.key() not in closed_keys and (both_main or w.kind != "main")
    ]
    keep_b = [
        n
        for n, w in zip(nodes_b, wins_b, strict=True)
        if w.key() not in opened_keys and (both_main or w.kind != "main")
    ]
    keys_a, keys_b = _widget_keys(keep_a), _widget_keys(keep_b)
    added = list((keys_b - keys_a).elements())
    removed = list((keys_a - keys_b).elements())
    # Labels that are titles of opened/closed windows are already said there.
    texts = _texts_changed(tree_a, tree_b)
    changed_texts = {t["after"] for t in texts} | {t["before"] for t in texts}
    added = [label for label in added if label not in changed_texts]
    removed = [label for label in removed if label not in changed_texts]

    keyboard = None
    if after.keyboard_shown and not before.keyboard_shown:
        keyboard = "shown"
    elif before.keyboard_shown and not after.keyboard_shown:
        keyboard = "hidden"
    orientation = None
    if before.orientation and after.orientation and before.orientation != after.orientation:
        orientation = {"from": before.orientation, "to": after.orientation}
    activity = None
    if before.activity != after.activity and (before.activity or after.activity):
        activity = {"from": before.activity, "to": after.activity}
    toast = _toast(tree_b, wins_b)
    if toast is not None and toast == _toast(tree_a, wins_a):
        toast = None
    system = _system_dialog(wins_b)
    # The app under test: given, else the package the action started in (unless that was a
    # system dialog shown over the app, which says nothing about the app's package).
    package = app_package or (
        before.package if before.package not in _PERMISSION_PACKAGES | {"android"} else ""
    )
    app_left = (
        bool(package)
        and bool(after.package)
        and after.package != package
        and (after.package not in _PERMISSION_PACKAGES)
    )
    states = _states_changed(tree_a, tree_b)
    diff: dict[str, Any] = {
        "activity_changed": activity,
        "windows_opened": [w.to_json() for w in opened],
        "windows_closed": [w.to_json() for w in closed],
        "widgets_added": _unique(added)[:MAX_LABELS],
        "widgets_removed": _unique(removed)[:MAX_LABELS],
        "widgets_added_count": len(added),
        "widgets_removed_count": len(removed),
        "texts_changed": texts,
        "states_changed": states,
        "keyboard": keyboard,
        "orientation": orientation,
        "toast": toast,
        "system_dialog": system,
        "crash": crash.exception_class if crash is not None else None,
        "app_left": app_left,
    }
    if tree_b is None and after.hierarchy_xml.strip():
        diff["unreadable"] = True  # the after dump did not parse: nothing can be said of it
    diff["unchanged"] = not (
        activity
        or opened
        or closed
        or added
        or removed
        or texts
        or states
        or keyboard
        or orientation
        or diff.get("unreadable")
        or toast
        or system
        or crash is not None
        or app_left
        or (
            before.structural_hash
            and after.structural_hash
            and before.structural_hash != after.structural_hash
        )
    )
    return diff


def _unique(labels: list[str]) -> list[str]:
    return list(dict.fromkeys(labels))


def _quote(text: str) -> str:
    return f"'{text}'"


def _labels_phrase(labels: list[str], total: int) -> str:
    shown = ", ".join(_quote(x) for x in labels[:4])
    more = total - min(len(labels), 4)
    return shown + (f" and {more} more" if more > 0 else "")


def _window_phrase(w: dict[str, Any]) -> str:
    kind = w.get("kind", "window")
    title = w.get("title", "")
    out = f"{kind} {_quote(title)}" if title else kind
    extras = []
    fields = int(w.get("text_fields", 0) or 0)
    if fields:
        extras.append("a text field" if fields == 1 else f"{fields} text fields")
    if kind == "menu" and w.get("items"):
        extras.append("items " + ", ".join(_quote(i) for i in w["items"][:5]))
    elif w.get("buttons"):
        extras.append("buttons " + ", ".join(_quote(b) for b in w["buttons"][:3]))
    return out + (" with " + " and ".join(extras) if extras else "")


def describe_diff(diff: dict[str, Any]) -> str:
    """One deterministic sentence for a :func:`structural_diff` result, most important first,
    e.g. ``"Opened dialog 'New folder' with a text field and buttons 'CANCEL', 'CREATE';
    keyboard shown."`` or ``"No visible change."``."""
    if diff.get("unchanged"):
        return "No visible change."
    if diff.get("unreadable"):
        return "The screen after the action could not be read."
    parts: list[str] = []
    if diff.get("crash") == "ANR":
        parts.append("the app stopped responding (ANR)")
    elif diff.get("crash"):
        parts.append(f"the app crashed with {diff['crash']}")
    system = diff.get("system_dialog")
    if system:
        kind = system.get("kind")
        if kind == "crash" and not diff.get("crash"):
            parts.append(f"the system shows a crash dialog ({_quote(system.get('text', ''))})")
        elif kind == "anr":
            parts.append(
                f"the system shows a not-responding dialog ({_quote(system.get('text', ''))})"
            )
        elif kind == "permission":
            parts.append(f"a permission dialog appeared ({_quote(system.get('text', ''))})")
    if diff.get("app_left") and not diff.get("crash") and not system:
        parts.append("left the app")
    act = diff.get("activity_changed")
    if act:
        parts.append(
            f"switched from {act.get('from') or 'nothing'} to {act.get('to') or 'nothing'}"
        )
    for w in diff.get("windows_opened", []):
        if system and w.get("title") and w["title"] in system.get("text", ""):
            continue  # the system dialog, said above
        parts.append("opened " + _window_phrase(w))
    for w in diff.get("windows_closed", []):
        parts.append("closed " + _window_phrase({"kind": w.get("kind"), "title": w.get("title")}))
    rot = diff.get("orientation")
    if rot:
        parts.append(f"rotated to {rot.get('to')}")
    for s in diff.get("states_changed", [])[:3]:
        parts.append(f"{_quote(s['label'])} is now {s['state']}")
    for t in diff.get("texts_changed", [])[:3]:
        parts.append(f"{t['id']} changed from {_quote(t['before'])} to {_quote(t['after'])}")
    if diff.get("widgets_added"):
        parts.append(
            "new: " + _labels_phrase(diff["widgets_added"], diff.get("widgets_added_count", 0))
        )
    if diff.get("widgets_removed"):
        parts.append(
            "gone: " + _labels_phrase(diff["widgets_removed"], diff.get("widgets_removed_count", 0))
        )
    if diff.get("keyboard"):
        parts.append(f"keyboard {diff['keyboard']}")
    if diff.get("toast"):
        parts.append(f"toast {_quote(diff['toast'])}")
    if not parts:
        parts.append("the screen changed slightly")
    sentence = "; ".join(parts)
    return sentence[0].upper() + sentence[1:] + "."


def window_infos(xml: str) -> list[WindowInfo]:
    """The app and system windows of a dump as the diff sees them (bottom first; system UI and
    keyboard windows left out): kind (``main``, ``dialog``, ``menu``...), title, buttons.
    An empty or unreadable dump has none. Never raises."""
    tree = _parse(xml)
    return _windows(tree, _screen_size(tree))
