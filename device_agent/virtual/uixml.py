"""Serialise laid-out windows exactly as ``uiautomator dump`` writes them.

Format (AOSP ``AccessibilityNodeInfoDumper``, compare the real dumps in the shared fixtures): one
line, ``<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="R">``, one
top-level ``<node>`` per window (bottom first), attributes in the fixed order ``NAF`` (only when
true), ``index``, ``text``, ``resource-id``, ``class``, ``package``, ``content-desc``,
``checkable``, ``checked``, ``clickable``, ``enabled``, ``focusable``, ``focused``, ``scrollable``,
``long-clickable``, ``password``, ``selected``, ``bounds``; leaves written as ``<node ... />``.

``NAF`` ("not accessibility friendly") follows the dumper's rule: a clickable, enabled node with
no text, no content-desc and no labelled descendant, except in list/grid/table classes.
Characters XML cannot carry become ``.``, as the dumper's ``stripInvalidXMLChars`` does; ``&``,
``<``, ``>``, ``"`` and line breaks are escaped as KXmlSerializer escapes attribute values.
"""

from __future__ import annotations

import re

from device_agent.virtual.layout import LNode

XML_HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
_NAF_EXCLUDED = frozenset(
    {
        "android.widget.GridView",
        "android.widget.GridLayout",
        "android.widget.ListView",
        "android.widget.TableLayout",
    }
)
_ESCAPES = {
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
    '"': "&quot;",
    "\n": "&#10;",
    "\r": "&#13;",
    "\t": "&#9;",
}


def _invalid(ch: str) -> bool:
    code = ord(ch)
    return (
        1 <= code <= 0x8
        or 0xB <= code <= 0xC
        or 0xE <= code <= 0x1F
        or 0x7F <= code <= 0x84
        or 0x86 <= code <= 0x9F
        or 0xFDD0 <= code <= 0xFDDF
        or (code & 0xFFFE) == 0xFFFE
        or code == 0
    )


# Every character escape_attr changes: the escapes and the characters _invalid names (one
# pattern, so that the common value, which needs nothing, is one C-speed scan; the per-character
# loop was the virtual device's hottest code).
_NEEDS_ESCAPE_RE = re.compile(
    '[&<>"\n\r\t\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufdd0-\ufddf'
    + "".join(f"{chr(plane << 16 | 0xFFFE)}{chr(plane << 16 | 0xFFFF)}" for plane in range(17))
    + "]"
)


def _escape_one(match: re.Match[str]) -> str:
    ch = match.group(0)
    return _ESCAPES.get(ch, ".")


def escape_attr(value: str) -> str:
    """An attribute value as the dumper writes it (invalid characters become ``.``)."""
    return _NEEDS_ESCAPE_RE.sub(_escape_one, value)


def _has_label_below(node: LNode) -> bool:
    for child in node.children:
        if child.text or child.content_desc or _has_label_below(child):
            return True
    return False


def is_naf(node: LNode) -> bool:
    """The dumper's NAF rule (or the app's explicit ``naf=True``)."""
    if node.naf:
        return True
    if node.cls in _NAF_EXCLUDED:
        return False
    if not (node.clickable and node.enabled) or node.text or node.content_desc:
        return False
    return not _has_label_below(node)


def _b(value: bool) -> str:
    return "true" if value else "false"


def _write(node: LNode, path: str, out: list[str], paths: dict[str, LNode]) -> None:
    paths[path] = node
    left, top, right, bottom = node.bounds
    attrs = (
        ('NAF="true" ' if is_naf(node) else "")
        + f'index="{node.index}" text="{escape_attr(node.text)}" '
        f'resource-id="{escape_attr(node.resource_id)}" class="{escape_attr(node.cls)}" '
        f'package="{escape_attr(node.package)}" content-desc="{escape_attr(node.content_desc)}" '
        f'checkable="{_b(node.checkable)}" checked="{_b(node.checked)}" '
        f'clickable="{_b(node.clickable)}" enabled="{_b(node.enabled)}" '
        f'focusable="{_b(node.focusable)}" focused="{_b(node.focused)}" '
        f'scrollable="{_b(node.scrollable)}" long-clickable="{_b(node.long_clickable)}" '
        f'password="{_b(node.password)}" selected="{_b(node.selected)}" '
        f'bounds="[{left},{top}][{right},{bottom}]"'
    )
    if not node.children:
        out.append(f"<node {attrs} />")
        return
    out.append(f"<node {attrs}>")
    for i, child in enumerate(node.children):
        _write(child, f"{path}.{i}", out, paths)
    out.append("</node>")


def dump_windows(windows: list[LNode], rotation: int) -> tuple[str, dict[str, LNode]]:
    """The dump of ``windows`` (bottom first) and a map from each node's path, as
    :func:`device_agent.hierarchy.parse_hierarchy` numbers them (``"0"``, ``"0.2.1"``...), to
    its :class:`LNode`."""
    out = [XML_HEADER, f'<hierarchy rotation="{rotation}">']
    paths: dict[str, LNode] = {}
    for w, window in enumerate(windows):
        _write(window, str(w), out, paths)
    out.append("</hierarchy>")
    return "".join(out), paths
