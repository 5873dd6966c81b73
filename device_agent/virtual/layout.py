"""Layout: from an app's :class:`~device_agent.virtual.views.View` tree to screen rectangles.

A small subset of Android's measure/layout pass, enough for the screens app models draw:

- ``vertical`` / ``horizontal`` containers stack their children. A child with a size (``height``
  in a vertical parent, ``width`` in a horizontal one) or a leaf widget (its class default from
  :data:`~device_agent.virtual.views.DEFAULT_HEIGHTS`, text wrapped over several lines when long)
  keeps its size; containers without one share the free space by ``weight`` (``weight=0``:
  wrap content). Across the stacking axis children fill the parent unless sized, then
  ``gravity`` aligns them.
- ``frame`` containers overlap their children: each fills the parent or keeps its own size,
  placed by ``gravity`` (``center``, ``bottom_end``...).
- scrollable containers lay their children out at natural size starting from the child index in
  ``ui[scroll_key]`` and keep only those that fit (the last one clipped), like a RecyclerView that
  recycles what is off screen.
- everything is clipped to its parent; views with nothing visible are left out (uiautomator skips
  invisible nodes).

The result is a tree of :class:`LNode`: what the dump serialises, the renderer draws and the
device hit-tests. Screen geometry (status bar 63 px, navigation bar 126 px, toolbar 147 px,
keyboard) is in :class:`Geometry`; sizes are those of a 1080x1920 420-dpi phone (1 dp = 2.625 px).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from device_agent.virtual.views import DEFAULT_HEIGHTS, FRAME, HORIZONTAL, VERTICAL, View

Rect = tuple[int, int, int, int]

STATUS_BAR_PX = 63
NAV_BAR_PX = 126
TOOLBAR_PX = 147
FAB_MARGIN_PX = 44
# Text metrics shared with the renderer: body text size, line height and average glyph width.
TEXT_PX = 40
LINE_PX = 52
CHAR_PX = 22

_CONTAINER_TOKENS = (
    "Layout",
    "ViewGroup",
    "ListView",
    "RecyclerView",
    "ScrollView",
    "GridView",
    "ViewPager",
    "Toolbar",
    "CardView",
    "WebView",
)
_CHECKABLE_TOKENS = ("CheckBox", "Switch", "RadioButton", "ToggleButton", "CheckedTextView")
# Icon widgets are square in a horizontal row unless given a width.
_ICON_TOKENS = ("ImageButton", "ImageView", "FloatingActionButton")


@dataclass(frozen=True)
class Geometry:
    """Screen areas in pixels for one orientation of a 1080x1920 phone.

    Portrait: status bar on top, navigation bar at the bottom. Landscape (1920x1080): status bar on
    top, navigation bar on the right, as on API 30 phones with three-button navigation.
    """

    width: int
    height: int
    landscape: bool

    @classmethod
    def for_orientation(
        cls, orientation: str, portrait_size: tuple[int, int] = (1080, 1920)
    ) -> Geometry:
        w, h = portrait_size
        return cls(h, w, True) if orientation == "landscape" else cls(w, h, False)

    @property
    def window(self) -> Rect:
        """The activity window (decor view): the screen minus the navigation bar."""
        if self.landscape:
            return (0, 0, self.width - NAV_BAR_PX, self.height)
        return (0, 0, self.width, self.height - NAV_BAR_PX)

    @property
    def app(self) -> Rect:
        """Where app content goes: the window minus the status bar."""
        left, _, right, bottom = self.window
        return (left, STATUS_BAR_PX, right, bottom)

    @property
    def status_bar(self) -> Rect:
        return (0, 0, self.window[2], STATUS_BAR_PX)

    @property
    def nav_bar(self) -> Rect:
        if self.landscape:
            return (self.width - NAV_BAR_PX, 0, self.width, self.height)
        return (0, self.height - NAV_BAR_PX, self.width, self.height)

    @property
    def keyboard(self) -> Rect:
        """The soft keyboard's area when shown (it covers the bottom of the app area)."""
        left, _, right, bottom = self.window
        return (left, bottom - (480 if self.landscape else 760), right, bottom)


@dataclass
class ScrollInfo:
    """Scroll state of a scrollable container: ``first`` child shown, ``total`` children,
    ``max_first`` (the last position that still fills the viewport), ``page`` (children fully
    visible), ``axis`` (``v`` or ``h``), and the ``ui`` key holding the position."""

    key: str
    first: int
    total: int
    max_first: int
    page: int
    axis: str

    @property
    def can_scroll(self) -> bool:
        return self.max_first > 0


@dataclass
class LNode:
    """A laid-out view: what one ``<node>`` of the dump shows, plus what drawing and touch need.

    ``bounds`` is the visible (clipped) rectangle; ``full`` the unclipped one; ``view`` the app's
    View (``None`` for nodes the system adds, such as the decor); ``role`` a drawing hint for
    system nodes (``toolbar``, ``launcher_icon``...); ``lpath`` a stable path used for focus and
    scroll identity.
    """

    cls: str
    bounds: Rect
    package: str = ""
    view: View | None = None
    text: str = ""
    resource_id: str = ""
    content_desc: str = ""
    hint: str = ""
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
    index: int = 0
    style: str = ""
    role: str = ""
    lpath: str = ""
    editable: bool = False
    full: Rect = (0, 0, 0, 0)
    scroll: ScrollInfo | None = None
    children: list[LNode] = field(default_factory=list)

    @property
    def short_class(self) -> str:
        return self.cls.rsplit(".", 1)[-1]

    def iter(self):  # type: ignore[no-untyped-def]
        """Depth-first pre-order over this node and its descendants."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def contains(self, x: int, y: int) -> bool:
        left, top, right, bottom = self.bounds
        return left <= x < right and top <= y < bottom


def intersect(a: Rect, b: Rect) -> Rect:
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def is_empty(r: Rect) -> bool:
    return r[2] <= r[0] or r[3] <= r[1]


def short_class(cls: str) -> str:
    return cls.rsplit(".", 1)[-1]


def is_container(view: View) -> bool:
    """True for views that hold others (by children, or by a layout class name)."""
    if view.children:
        return True
    name = short_class(view.cls)
    return any(tok in name for tok in _CONTAINER_TOKENS)


def is_checkable(view: View) -> bool:
    name = short_class(view.cls)
    return view.checkable or any(tok in name for tok in _CHECKABLE_TOKENS)


def is_editable(view: View) -> bool:
    """An EditText the app lets the user type into (it has ``on_text``)."""
    return view.on_text is not None


def accessibility_text(text: str, hint: str) -> str:
    """What a uiautomator dump shows as ``text`` for a TextView (or any subclass: EditText,
    Button, CheckBox...) holding ``text`` with hint ``hint``: the text, or the hint while the text
    is empty, editable or not.

    Source: AOSP ``frameworks/base/core/java/android/widget/TextView.java``:
    ``onInitializeAccessibilityNodeInfoInternal`` calls ``info.setText(getTextForAccessibility())``
    for every TextView, and ``getTextForAccessibility`` returns ``mHint`` when ``mText`` is empty
    (checked in the Android 7.x source, API 24-25, LineageOS cm-14.1 ``de08dc76``; the same body
    in the API 29+ ``android.jar``); uiautomator's ``AccessibilityNodeInfoDumper`` writes
    ``node.getText()`` as the ``text`` attribute. A password field's text is masked by the caller.
    """
    return text or hint


def full_resource_id(resource_id: str, package: str) -> str:
    """``"fab"`` → ``"<package>:id/fab"``; ids with a ``:`` are kept as written."""
    if not resource_id or ":" in resource_id:
        return resource_id
    return f"{package}:id/{resource_id}"


def default_height(cls: str) -> int:
    """Class default height in pixels (by exact class, then by class-name family)."""
    if cls in DEFAULT_HEIGHTS:
        return DEFAULT_HEIGHTS[cls]
    name = short_class(cls)
    for family, height in (
        ("EditText", 150),
        ("FloatingActionButton", 147),
        ("ImageButton", 147),
        ("Button", 140),
        ("CheckBox", 120),
        ("RadioButton", 120),
        ("Switch", 120),
        ("ImageView", 147),
        ("ProgressBar", 60),
        ("SeekBar", 120),
        ("Spinner", 140),
    ):
        if family in name:
            return height
    return 110


def text_lines(text: str, width: int, padding: int = 0) -> int:
    """How many lines ``text`` takes in a view ``width`` pixels wide (estimate shared with the
    renderer's wrapping)."""
    per_line = max(8, (width - 2 * padding - 64) // CHAR_PX)
    return sum(max(1, math.ceil(len(seg) / per_line)) for seg in text.split("\n"))


def natural_height(view: View, width: int) -> int:
    """The height ``view`` wants at ``width`` pixels (``wrap_content``)."""
    if view.height is not None:
        return view.height
    w = view.width if view.width is not None else width
    if not is_container(view):
        base = default_height(view.cls)
        if view.text and "TextView" in short_class(view.cls):
            lines = text_lines(view.text, w, view.padding)
            if lines > 1:
                return max(base, lines * LINE_PX + 50)
        return base
    inner_w = max(0, w - 2 * view.padding)
    if not view.children:
        return 2 * view.padding
    if view.layout == VERTICAL:
        total = sum(
            natural_height(c, c.width if c.width is not None else inner_w) for c in view.children
        )
    elif view.layout == HORIZONTAL:
        widths = _row_widths(view.children, inner_w)
        total = max(natural_height(c, cw) for c, cw in zip(view.children, widths, strict=True))
    else:
        total = max(
            natural_height(c, c.width if c.width is not None else inner_w) for c in view.children
        )
    return total + 2 * view.padding


def natural_width(view: View) -> int:
    """The width ``view`` wants in a row (``wrap_content``), estimated from its label."""
    if view.width is not None:
        return view.width
    name = short_class(view.cls)
    if not view.children and any(tok in name for tok in _ICON_TOKENS):
        return default_height(view.cls)
    if view.children:
        if view.layout == HORIZONTAL:
            return sum(natural_width(c) for c in view.children) + 2 * view.padding
        return max(natural_width(c) for c in view.children) + 2 * view.padding
    label = view.text or view.content_desc or view.hint
    return max(120, len(label) * CHAR_PX + 64 + 2 * view.padding)


def _row_widths(children: list[View], inner_w: int) -> list[int]:
    """Widths of a horizontal row's children: sized ones keep theirs, square icons, wrap items
    (``weight=0``) their natural width, the rest share what is left by weight."""
    fixed: list[int | None] = []
    for child in children:
        name = short_class(child.cls)
        if child.width is not None:
            fixed.append(child.width)
        elif not child.children and any(tok in name for tok in _ICON_TOKENS):
            fixed.append(default_height(child.cls) if child.height is None else child.height)
        elif child.weight == 0:
            fixed.append(natural_width(child))
        else:
            fixed.append(None)
    return _share(fixed, [c.weight for c in children], inner_w)


def _column_heights(children: list[View], inner_w: int, inner_h: int) -> list[int]:
    fixed: list[int | None] = []
    for child in children:
        cw = child.width if child.width is not None else inner_w
        if child.height is not None or not is_container(child) or child.weight == 0:
            fixed.append(natural_height(child, cw))
        else:
            fixed.append(None)
    return _share(fixed, [c.weight for c in children], inner_h)


def _share(fixed: list[int | None], weights: list[float], space: int) -> list[int]:
    free = max(0, space - sum(f for f in fixed if f is not None))
    sharing = [i for i, f in enumerate(fixed) if f is None]
    total_weight = sum(max(0.0, weights[i]) for i in sharing)
    out = [f if f is not None else 0 for f in fixed]
    given = 0
    for n, i in enumerate(sharing):
        if total_weight <= 0:
            part = free // len(sharing)
        elif n == len(sharing) - 1:
            part = free - given
        else:
            part = int(free * max(0.0, weights[i]) / total_weight)
        out[i] = part
        given += part
    return out


def _gravity(gravity: str) -> tuple[str, str]:
    """``(horizontal, vertical)`` alignment from ``center``, ``bottom_end``, ``top|start``..."""
    g = gravity.lower().replace("|", "_").replace("center_horizontal", "hcenter")
    g = g.replace("center_vertical", "vcenter")
    tokens = set(g.split("_"))
    horizontal = "start"
    vertical = "top"
    if tokens & {"end", "right"}:
        horizontal = "end"
    elif tokens & {"center", "hcenter"}:
        horizontal = "center"
    if "bottom" in tokens:
        vertical = "bottom"
    elif tokens & {"center", "vcenter"}:
        vertical = "center"
    return horizontal, vertical


def _align(start: int, end: int, size: int, how: str, margin: int = 0) -> tuple[int, int]:
    if how in ("end", "bottom"):
        return end - margin - size, end - margin
    if how == "center":
        mid = (start + end - size) // 2
        return mid, mid + size
    return start + margin, start + margin + size


class LayoutContext:
    """What a layout pass needs besides the views: the app's package (to expand resource ids)
    and its ``ui`` state (scroll positions)."""

    def __init__(self, package: str, ui: dict[str, Any]) -> None:
        self.package = package
        self.ui = ui


def scroll_key_for(view: View, lpath: str) -> str:
    """The ``ui`` key holding a scrollable container's position (``scroll_key``, or one the device
    manages when the app gave none)."""
    return view.scroll_key or f"_scroll:{view.resource_id or lpath}"


def layout_view(
    view: View, rect: Rect, clip: Rect, lctx: LayoutContext, lpath: str = "0", index: int = 0
) -> LNode | None:
    """Lay ``view`` out in ``rect``, clipped to ``clip``. Returns ``None`` when nothing of it is
    visible."""
    visible = intersect(rect, clip)
    if is_empty(visible):
        return None
    editable = is_editable(view)
    clickable = (
        view.clickable if view.clickable is not None else (view.on_click is not None or editable)
    )
    long_clickable = (
        view.long_clickable
        if view.long_clickable is not None
        else (view.on_long_click is not None or editable)
    )
    text = view.text
    if view.password and text:
        text = "\u2022" * len(text)
    # An empty TextView (EditText, Button, ...) shows its hint as its text, editable or not.
    text = accessibility_text(text, view.hint)
    node = LNode(
        cls=view.cls,
        bounds=visible,
        full=rect,
        package=lctx.package,
        view=view,
        text=text,
        resource_id=full_resource_id(view.resource_id, lctx.package),
        content_desc=view.content_desc,
        hint=view.hint,
        checkable=is_checkable(view),
        checked=view.checked,
        clickable=clickable,
        long_clickable=long_clickable,
        enabled=view.enabled,
        focusable=view.focusable
        if view.focusable is not None
        else (clickable or long_clickable or editable or view.scrollable),
        password=view.password,
        selected=view.selected,
        naf=view.naf,
        index=index,
        style=view.style,
        lpath=lpath,
        editable=editable,
    )
    if view.children:
        left, top, right, bottom = rect
        inner = (
            left + view.padding,
            top + view.padding,
            right - view.padding,
            bottom - view.padding,
        )
        if view.scrollable:
            _layout_scroll(node, view, inner, intersect(inner, visible), lctx)
        else:
            _layout_children(node, view, inner, intersect(inner, visible), lctx)
    return node


def _layout_children(node: LNode, view: View, inner: Rect, clip: Rect, lctx: LayoutContext) -> None:
    left, top, right, bottom = inner
    inner_w, inner_h = right - left, bottom - top
    rects: list[Rect] = []
    if view.layout == HORIZONTAL:
        widths = _row_widths(view.children, inner_w)
        x = left
        for child, w in zip(view.children, widths, strict=True):
            if child.height is not None:
                _, v = _gravity(child.gravity)
                y0, y1 = _align(top, bottom, child.height, v)
            else:
                y0, y1 = top, bottom
            rects.append((x, y0, x + w, y1))
            x += w
    elif view.layout == FRAME:
        for child in view.children:
            h_how, v_how = _gravity(child.gravity)
            margin = FAB_MARGIN_PX if child.style == "fab" else 0
            if child.width is not None:
                x0, x1 = _align(left, right, child.width, h_how, margin)
            else:
                x0, x1 = left, right
            if child.height is not None:
                y0, y1 = _align(top, bottom, child.height, v_how, margin)
            elif child.width is not None and not is_container(child):
                y0, y1 = _align(top, bottom, natural_height(child, child.width), v_how, margin)
            else:
                y0, y1 = top, bottom
            rects.append((x0, y0, x1, y1))
    else:
        heights = _column_heights(view.children, inner_w, inner_h)
        y = top
        for child, h in zip(view.children, heights, strict=True):
            if child.width is not None:
                h_how, _ = _gravity(child.gravity)
                x0, x1 = _align(left, right, child.width, h_how)
            else:
                x0, x1 = left, right
            rects.append((x0, y, x1, y + h))
            y += h
    for i, (child, rect) in enumerate(zip(view.children, rects, strict=True)):
        laid = layout_view(child, rect, clip, lctx, f"{node.lpath}.{i}", i)
        if laid is not None:
            node.children.append(laid)


def _layout_scroll(node: LNode, view: View, inner: Rect, clip: Rect, lctx: LayoutContext) -> None:
    left, top, right, bottom = inner
    horizontal = view.layout == HORIZONTAL
    extent = (right - left) if horizontal else (bottom - top)
    if horizontal:
        sizes = [natural_width(c) for c in view.children]
    else:
        sizes = [
            natural_height(c, c.width if c.width is not None else right - left)
            for c in view.children
        ]
    total = len(sizes)
    max_first = 0
    if sum(sizes) > extent:
        remaining = 0
        max_first = total - 1
        for i in range(total - 1, -1, -1):
            remaining += sizes[i]
            if remaining > extent:
                max_first = i + 1
                break
        max_first = min(max_first, total - 1)
    key = scroll_key_for(view, node.lpath)
    try:
        first = int(lctx.ui.get(key, 0) or 0)
    except (TypeError, ValueError):
        first = 0
    first = max(0, min(first, max_first))
    pos = left if horizontal else top
    page = 0
    shown = 0
    for i in range(first, total):
        if pos >= (right if horizontal else bottom):
            break
        size = sizes[i]
        child = view.children[i]
        if horizontal:
            rect = (pos, top, pos + size, bottom)
        else:
            if child.width is not None:
                h_how, _ = _gravity(child.gravity)
                x0, x1 = _align(left, right, child.width, h_how)
            else:
                x0, x1 = left, right
            rect = (x0, pos, x1, pos + size)
        if pos + size <= (right if horizontal else bottom):
            page += 1
        laid = layout_view(child, rect, clip, lctx, f"{node.lpath}.{i}", shown)
        if laid is not None:
            node.children.append(laid)
            shown += 1
        pos += size
    node.scroll = ScrollInfo(key, first, total, max_first, max(1, page), "h" if horizontal else "v")
    # Accessibility reports a list as scrollable only when its content can move.
    node.scrollable = max_first > 0
    node.focusable = node.focusable or node.scrollable


def translate(node: LNode, dy: int) -> None:
    """Move a laid-out subtree vertically by ``dy`` pixels (negative: up)."""
    for n in node.iter():
        left, top, right, bottom = n.bounds
        n.bounds = (left, top + dy, right, bottom + dy)
        fl, ft, fr, fb = n.full
        n.full = (fl, ft + dy, fr, fb + dy)


def synthetic(
    cls: str,
    rect: Rect,
    package: str,
    *,
    resource_id: str = "",
    text: str = "",
    content_desc: str = "",
    role: str = "",
    children: list[LNode] | None = None,
    index: int = 0,
) -> LNode:
    """A node the system adds around app content (decor views, bars, system dialogs' frames)."""
    return LNode(
        cls=cls,
        bounds=rect,
        full=rect,
        package=package,
        resource_id=resource_id,
        text=text,
        content_desc=content_desc,
        role=role,
        index=index,
        children=list(children or []),
    )


def natural_window_rect(kind: str, root: View, geo: Geometry) -> Rect:
    """Where a dialog / menu / sheet of natural size goes.

    Dialogs are centred in the app area with 66 px side margins (at most 1200 px wide in
    landscape); overflow menus hang from the top-right corner, 600 px wide; bottom sheets span the
    width at the bottom. Heights are the content's natural height, capped to the free space.
    """
    left, top, right, bottom = geo.app
    avail_w = right - left
    if kind == "menu":
        width = min(600, avail_w - 32)
        x1 = right - 16
        x0 = x1 - width
        height = min(natural_height(root, width), bottom - top - 32)
        return (x0, top + 16, x1, top + 16 + height)
    if kind == "sheet":
        height = min(natural_height(root, avail_w), int((bottom - top) * 0.9))
        return (left, bottom - height, right, bottom)
    width = min(avail_w - 2 * 66, 1200)
    x0 = left + (avail_w - width) // 2
    height = min(natural_height(root, width), bottom - top - 2 * 66)
    y0 = top + (bottom - top - height) // 2
    return (x0, y0, x0 + width, y0 + height)
