"""Parse ``uiautomator dump`` XML into a tree of :class:`ViewNode`, find widgets again, and
fingerprint screens.

Used on both sides of the gRPC API: the agent resolves an action's selector against its live
dump and checks a restored state's structural hash; the orchestrator enumerates candidate
actions and diffs screens. Parsing uses lxml with ``recover=False``: a structurally broken dump
(mismatched or missing tags) is an error (:class:`HierarchyError`), never a silently truncated
tree. One bad node does not cost the screen, though: characters XML does not allow (a lone
surrogate or a control character, raw or as a character reference, as Android's serializer writes
them for split emoji) are repaired and a node whose ``bounds`` are empty or malformed is kept with
empty bounds (never a tap target); each repair is logged as a warning and listed in
:attr:`Hierarchy.repairs`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import structlog
from lxml import etree

from device_agent.actions import Bounds, Selector
from device_agent.errors import HierarchyError

log = structlog.get_logger("device_agent.hierarchy")

# Coordinates have at most 7 digits: no screen is 10^7 pixels wide, and bounds must fit the
# agent API's int32 fields.
_BOUNDS_RE = re.compile(r"\[(-?\d{1,7}),(-?\d{1,7})\]\[(-?\d{1,7}),(-?\d{1,7})\]")
# A numeric character reference, decimal or hex (digits bounded: no backtracking, no huge ints).
_CHAR_REF_RE = re.compile(r"&#(?:[xX](?P<hex>[0-9A-Fa-f]{1,8})|(?P<dec>[0-9]{1,10}));")
# Characters outside XML 1.0's ``Char`` production (https://www.w3.org/TR/xml/#charsets) that can
# reach a Python string: C0 controls other than tab/LF/CR, surrogates, U+FFFE and U+FFFF.
_RAW_INVALID_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
REPLACEMENT_CHAR = "\ufffd"
# Windows of the system UI (status and navigation bars) are not part of the app's screen.
SYSTEM_UI_PACKAGES = frozenset({"com.android.systemui"})
_KEYBOARD_PACKAGES = frozenset({"com.touchtype.swiftkey", "com.samsung.android.honeyboard"})


def is_input_method_package(package: str) -> bool:
    """True for soft-keyboard packages (``com.google.android.inputmethod.latin``, SwiftKey,
    Samsung's honeyboard): a dump taken with the keyboard up may list its window last, but touches
    meant for the app never go to it."""
    return "inputmethod" in package or package in _KEYBOARD_PACKAGES


# The trailer `uiautomator dump /dev/tty` prints after the XML.
_TRAILER_RE = re.compile(r"UI hier[a-z]*chy dumped to:.*$", re.DOTALL)
# A dump that caught no window: the serializer closes the empty root at once.
_EMPTY_HIERARCHY_RE = re.compile(r"<hierarchy\b[^<>]{0,200}/>")


@dataclass
class ViewNode:
    """One ``<node>`` of a dump. Booleans are the dump's ``"true"``/``"false"`` attributes;
    ``bounds`` is in screen pixels; ``path`` is the index path from the root (``"0.2.1"``);
    ``window`` is the index of the top-level window node the node belongs to."""

    cls: str
    text: str = ""
    resource_id: str = ""
    content_desc: str = ""
    package: str = ""
    bounds: Bounds = field(default_factory=lambda: Bounds(0, 0, 0, 0))
    checkable: bool = False
    checked: bool = False
    clickable: bool = False
    long_clickable: bool = False
    enabled: bool = True
    focusable: bool = False
    focused: bool = False
    scrollable: bool = False
    password: bool = False
    selected: bool = False
    naf: bool = False
    hint: str = ""
    index: int = 0
    path: str = ""
    window: int = 0
    depth: int = 0
    children: list[ViewNode] = field(default_factory=list)
    parent: ViewNode | None = field(default=None, repr=False, compare=False)

    @property
    def short_class(self) -> str:
        return self.cls.rsplit(".", 1)[-1]

    @property
    def is_editable(self) -> bool:
        """True for text fields: EditText and its subclasses (``TextInputEditText``,
        ``AppCompatEditText``) and the auto-complete family (``AutoCompleteTextView``,
        ``MultiAutoCompleteTextView``, a search box's ``SearchView$SearchAutoComplete``)."""
        return "EditText" in self.cls or "AutoComplete" in self.short_class

    def label(self) -> str:
        """The text a person would use to name this widget: its text, content-desc, or the
        text of its first labelled descendant (list rows hold their label in a child)."""
        if self.text.strip():
            return self.text.strip()
        if self.content_desc.strip():
            return self.content_desc.strip()
        for node in self.iter():
            if node is not self and (node.text.strip() or node.content_desc.strip()):
                return node.text.strip() or node.content_desc.strip()
        return ""

    def iter(self) -> Iterator[ViewNode]:
        """Depth-first, pre-order, this node first."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def selector(self) -> Selector:
        """A selector that finds this node again."""
        return Selector(
            resource_id=self.resource_id,
            text=self.text,
            content_desc=self.content_desc,
            class_name=self.cls,
            bounds=self.bounds,
            label=self.label(),
        )


@dataclass
class Hierarchy:
    """A parsed dump: ``windows`` are the top-level nodes under ``<hierarchy>`` (one per window,
    bottom first, when the dump has several), ``rotation`` is the dump's rotation attribute
    (0 = portrait), ``repairs`` says what was wrong with the dump and how it was mended (bad
    characters replaced, nodes with bad bounds given empty bounds); empty for a clean dump."""

    windows: list[ViewNode]
    rotation: int = 0
    repairs: list[str] = field(default_factory=list)

    def iter(self) -> Iterator[ViewNode]:
        for window in self.windows:
            yield from window.iter()

    def app_windows(self) -> list[ViewNode]:
        """Windows not belonging to the system UI (status/navigation bars, soft keyboard)."""
        return [
            w
            for w in self.windows
            if w.package not in SYSTEM_UI_PACKAGES and not is_input_method_package(w.package)
        ]

    def top_window(self) -> ViewNode | None:
        """The window that receives touches: the last non-system window."""
        wins = self.app_windows()
        return wins[-1] if wins else None


def _bool(attrs: dict[str, str], name: str) -> bool:
    return attrs.get(name, "false") == "true"


def parse_bounds(value: str) -> Bounds:
    """``"[0,63][1080,210]"`` → ``Bounds(0, 63, 1080, 210)``; raises ``HierarchyError``."""
    match = _BOUNDS_RE.fullmatch(value.strip())
    if not match:
        raise HierarchyError(f"malformed bounds {value!r}; expected '[left,top][right,bottom]'")
    return Bounds(*(int(g) for g in match.groups()))


def has_empty_root(text: str) -> bool:
    """True when ``text`` holds a self-closed ``<hierarchy rotation="0" />``: a complete dump
    without nodes, not one cut off before ``</hierarchy>``."""
    return _EMPTY_HIERARCHY_RE.search(text) is not None


def clean_dump(raw: str | bytes) -> str:
    """Strip what surrounds the XML in ``uiautomator dump`` output (the ``UI hierchary dumped
    to:`` trailer, leading noise) and return the XML text. Raises ``HierarchyError`` when no
    ``<hierarchy>`` element is present."""
    text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
    text = _TRAILER_RE.sub("", text)
    start = text.find("<?xml")
    if start < 0:
        start = text.find("<hierarchy")
    end = text.rfind("</hierarchy>")
    if end >= 0:
        end += len("</hierarchy>")
    elif empty := _EMPTY_HIERARCHY_RE.search(text):
        end = empty.end()
    if start < 0 or end < 0:
        snippet = text.strip()[:80]
        raise HierarchyError(f"not a uiautomator dump (no <hierarchy> element): {snippet!r}")
    return text[start:end]


def parse_hierarchy(xml: str | bytes) -> Hierarchy:
    """Parse a ``uiautomator dump`` into a :class:`Hierarchy`.

    Accepts single-line and pretty-printed dumps, extra attributes (``visible-to-user``,
    ``drawing-order``, ``hint``) and a trailing ``UI hierchary dumped to:`` line. Characters XML
    does not allow are replaced by U+FFFD (a surrogate pair written as two character references
    becomes the character it encodes), and a node with empty or malformed ``bounds`` gets empty
    bounds; both are logged as one ``hierarchy_repaired`` warning and listed in
    :attr:`Hierarchy.repairs`. Raises :class:`HierarchyError` for empty input, XML that is still
    not well-formed after that, or a root that is not ``<hierarchy>``.
    """
    if not xml or not (xml.strip() if isinstance(xml, str) else xml.strip()):
        raise HierarchyError(
            "empty view hierarchy dump (uiautomator returned nothing); retry the dump"
        )
    text = clean_dump(xml)
    repairs: list[str] = []
    try:
        root = _parse_xml(text)
    except (etree.XMLSyntaxError, UnicodeEncodeError) as first:
        repaired, fixes = repair_characters(text)
        if not fixes:
            raise HierarchyError(f"view hierarchy dump is not well-formed XML: {first}") from first
        try:
            root = _parse_xml(repaired)
        except etree.XMLSyntaxError as exc:
            raise HierarchyError(f"view hierarchy dump is not well-formed XML: {exc}") from exc
        repairs.extend(fixes)
    if root.tag != "hierarchy":
        raise HierarchyError(f"view hierarchy root is <{root.tag}>, expected <hierarchy>")
    try:
        rotation = int(root.get("rotation", "0"))
    except ValueError:
        rotation = 0
    windows: list[ViewNode] = []
    for w_index, element in enumerate(e for e in root if e.tag == "node"):
        windows.append(_convert(element, w_index, repairs))
    if repairs:
        log.warning("hierarchy_repaired", count=len(repairs), repairs=repairs[:5])
    return Hierarchy(windows=windows, rotation=rotation, repairs=repairs)


def _parse_xml(text: str) -> etree._Element:
    return etree.fromstring(
        text.encode("utf-8"), parser=etree.XMLParser(recover=False, huge_tree=True)
    )


def _allowed_in_xml(code: int) -> bool:
    """XML 1.0 ``Char``: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]."""
    return (
        code in (0x9, 0xA, 0xD)
        or 0x20 <= code <= 0xD7FF
        or 0xE000 <= code <= 0xFFFD
        or 0x10000 <= code <= 0x10FFFF
    )


def repair_characters(text: str) -> tuple[str, list[str]]:
    """Replace what XML 1.0 does not allow in a dump by U+FFFD: character references to control
    characters, surrogates or out-of-range code points (``&#1;``, ``&#xD83D;``), and the same
    characters raw. A high surrogate reference followed directly by a low one (``&#55357;&#56832;``,
    how Android's serializer writes an emoji) becomes the character the pair encodes. Returns the
    text and one line per kind of repair (empty when nothing changed). Linear in ``len(text)``."""
    refs: list[str] = []
    joined = 0
    pieces: list[str] = []
    pending_high: tuple[int, str] | None = None  # a high surrogate reference not yet written
    last = 0
    for match in _CHAR_REF_RE.finditer(text):
        pieces.append(text[last : match.start()])
        last = match.end()
        code = int(match["hex"], 16) if match["hex"] else int(match["dec"])
        if pending_high is not None:
            high, high_ref = pending_high
            pending_high = None
            if not pieces[-1] and 0xDC00 <= code <= 0xDFFF:  # adjacent low half: one character
                pieces.append(chr(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)))
                joined += 1
                continue
            pieces.insert(len(pieces) - 1, REPLACEMENT_CHAR)
            refs.append(high_ref)
        if 0xD800 <= code <= 0xDBFF:
            pending_high = (code, match.group(0))
        elif _allowed_in_xml(code):
            pieces.append(match.group(0))
        else:
            pieces.append(REPLACEMENT_CHAR)
            refs.append(match.group(0))
    if pending_high is not None:
        pieces.append(REPLACEMENT_CHAR)
        refs.append(pending_high[1])
    pieces.append(text[last:])
    out = "".join(pieces)
    fixes = []
    if joined:
        fixes.append(f"{joined} surrogate pair(s) written as two character references joined")
    if refs:
        shown = ", ".join(dict.fromkeys(refs[:5]))
        fixes.append(f"{len(refs)} invalid character reference(s) replaced by U+FFFD ({shown})")
    out, raw_count = _RAW_INVALID_RE.subn(REPLACEMENT_CHAR, out)
    if raw_count:
        fixes.append(f"{raw_count} character(s) not allowed in XML replaced by U+FFFD")
    return out, fixes


def _convert(element: etree._Element, window: int, repairs: list[str]) -> ViewNode:
    """One window's ``<node>`` tree as ViewNodes. Iterative: lxml accepts dumps nested deeper
    than Python's recursion limit."""
    root = _node(element, None, str(window), window, 0, repairs)
    stack = [(child, root, f"{window}.{i}") for i, child in enumerate(_child_nodes(element))]
    stack.reverse()
    while stack:
        child, parent, path = stack.pop()
        node = _node(child, parent, path, window, parent.depth + 1, repairs)
        parent.children.append(node)
        grandchildren = [(g, node, f"{path}.{i}") for i, g in enumerate(_child_nodes(child))]
        stack.extend(reversed(grandchildren))
    return root


def _child_nodes(element: etree._Element) -> list[etree._Element]:
    return [c for c in element if c.tag == "node"]


def _node(
    element: etree._Element,
    parent: ViewNode | None,
    path: str,
    window: int,
    depth: int,
    repairs: list[str],
) -> ViewNode:
    attrs = dict(element.attrib)
    try:
        index = int(attrs.get("index", "0"))
    except ValueError:
        index = 0
    bounds = Bounds(0, 0, 0, 0)
    if "bounds" in attrs:
        try:
            bounds = parse_bounds(attrs["bounds"])
        except HierarchyError:
            # Kept for the structure (its children and label still count), never tapped.
            repairs.append(f"node {path}: {attrs['bounds'][:40]!r} is not bounds; kept as empty")
    return ViewNode(
        cls=attrs.get("class", ""),
        text=attrs.get("text", ""),
        resource_id=attrs.get("resource-id", ""),
        content_desc=attrs.get("content-desc", ""),
        package=attrs.get("package", ""),
        bounds=bounds,
        checkable=_bool(attrs, "checkable"),
        checked=_bool(attrs, "checked"),
        clickable=_bool(attrs, "clickable"),
        long_clickable=_bool(attrs, "long-clickable"),
        enabled=attrs.get("enabled", "true") == "true",
        focusable=_bool(attrs, "focusable"),
        focused=_bool(attrs, "focused"),
        scrollable=_bool(attrs, "scrollable"),
        password=_bool(attrs, "password"),
        selected=_bool(attrs, "selected"),
        naf=_bool(attrs, "NAF"),
        hint=attrs.get("hint", ""),
        index=index,
        path=path,
        window=window,
        depth=depth,
        parent=parent,
    )


def structural_hash(hierarchy: Hierarchy | str) -> str:
    """A 16-hex-digit fingerprint of a screen's structure.

    Covers, for every node outside the system UI: depth, class, resource-id, content-desc, the
    checked/selected flags, and the text of non-editable nodes (so a list with a new folder is a
    new screen, while typing into a field is not). Bounds are left out so that the same screen
    reached by different routes (or drawn a few pixels apart) hashes the same.
    """
    tree = parse_hierarchy(hierarchy) if isinstance(hierarchy, str) else hierarchy
    digest = hashlib.sha256()
    digest.update(str(tree.rotation).encode())
    for node in tree.iter():
        if node.package in SYSTEM_UI_PACKAGES:
            continue
        text = "" if node.is_editable else node.text
        digest.update(
            f"{node.depth}|{node.cls}|{node.resource_id}|{node.content_desc}|{text}|"
            f"{int(node.checked)}{int(node.selected)}\n".encode()
        )
    return digest.hexdigest()[:16]


def find_node(hierarchy: Hierarchy, selector: Selector) -> ViewNode | None:
    """The live node a selector means, or ``None``.

    Matching, in order (the locator cascade replays use): resource-id plus text/desc; text or
    content-desc with the same class; resource-id alone when unique. Among several matches the one
    whose centre is nearest the selector's recorded bounds wins. Only nodes of the top window (the
    one receiving touches) are considered.
    """
    top = hierarchy.top_window()
    if top is None:
        return None
    nodes = [n for n in top.iter() if n.bounds.area > 0]

    def nearest(matches: list[ViewNode]) -> ViewNode | None:
        if not matches:
            return None
        if selector.bounds is None or len(matches) == 1:
            return matches[0]
        cx, cy = selector.bounds.center
        return min(
            matches, key=lambda n: (n.bounds.center[0] - cx) ** 2 + (n.bounds.center[1] - cy) ** 2
        )

    def same_label(n: ViewNode) -> bool:
        if selector.text and not n.is_editable:
            return n.text == selector.text
        if selector.content_desc:
            return n.content_desc == selector.content_desc
        return True

    if selector.resource_id:
        with_id = [n for n in nodes if n.resource_id == selector.resource_id]
        exact = [
            n
            for n in with_id
            if same_label(n) and (not selector.class_name or n.cls == selector.class_name)
        ]
        if exact:
            return nearest(exact)
    if selector.text or selector.content_desc:
        labelled = [
            n
            for n in nodes
            if (not selector.class_name or n.cls == selector.class_name)
            and (
                (selector.text and n.text == selector.text)
                or (selector.content_desc and n.content_desc == selector.content_desc)
            )
        ]
        if labelled:
            return nearest(labelled)
    if selector.resource_id:
        with_id = [n for n in nodes if n.resource_id == selector.resource_id]
        if len(with_id) == 1 or (with_id and not selector.text and not selector.content_desc):
            return nearest(with_id)
    if (
        not (selector.resource_id or selector.text or selector.content_desc)
        and selector.bounds is not None
    ):
        at = [
            n
            for n in nodes
            if n.bounds == selector.bounds
            and (not selector.class_name or n.cls == selector.class_name)
        ]
        return nearest(at)
    return None
