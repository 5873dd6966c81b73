"""The view tree an app model renders: plain data plus event handlers.

A virtual app rebuilds its whole view tree from its state on every frame (like a declarative UI
toolkit); the virtual device lays it out, serialises it exactly like ``uiautomator dump``, draws it
with Pillow and dispatches touches to the handlers. Class names are real Android ones
(``android.widget.Button``...), because the orchestrator and the LLM read them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from device_agent.virtual.app import AppContext

Handler = Callable[["AppContext"], None]
TextHandler = Callable[["AppContext", str], None]

# Default heights in pixels (1080x1920 portrait, 420 dpi) by class, used by the layout when a view
# gives no height. Containers without a height share the remaining space by ``weight``.
DEFAULT_HEIGHTS: dict[str, int] = {
    "android.widget.TextView": 110,
    "android.widget.Button": 140,
    "android.widget.ImageButton": 147,
    "android.widget.EditText": 150,
    "android.widget.CheckBox": 120,
    "android.widget.Switch": 120,
    "android.widget.ImageView": 147,
}

# Layout modes of a container.
VERTICAL = "vertical"
HORIZONTAL = "horizontal"
FRAME = (
    "frame"  # children overlap and fill the parent (or their own fixed size, aligned by gravity)
)


@dataclass
class View:
    """One node of the view tree.

    ``resource_id`` may be short (``"fab"``): the device expands it to ``"<package>:id/fab"``;
    a value containing ``":"`` is used as is (``"android:id/button1"``).
    ``height``/``width`` are pixels (``None``: class default, or a weighted share of the free
    space for containers); ``layout`` arranges ``children``. A view with ``on_click`` or
    ``on_long_click`` is clickable/long-clickable in the dump unless ``clickable`` says otherwise.
    ``hint`` is a TextView's hint (EditText, Button...): while ``text`` is empty the dump shows
    it as the node's ``text`` too, as Android does for any TextView, editable or not
    (``layout.accessibility_text``).
    ``on_text`` makes an EditText editable: the device calls it with the field's whole new text.
    ``scroll_key`` names the ``ctx.ui`` entry that holds a scrollable container's first visible
    child index; the device updates it on swipes.
    ``gravity`` places a fixed-size child of a FRAME parent: ``center``, ``bottom_end``, ``top``...
    ``style`` carries drawing hints (``"primary"``, ``"toolbar"``, ``"dialog"``, ``"fab"``,
    ``"dim"``) that change only the screenshot (``"fab"`` also keeps a 44 px margin from the edges
    its gravity puts it against).
    ``weight=0`` on a container without a height means "wrap content": its natural height (the sum
    or the max of its children's). ``extra={"multiline": True}`` makes Enter insert a newline in an
    EditText instead of reaching :meth:`VirtualApp.on_key`.
    """

    cls: str = "android.widget.FrameLayout"
    text: str = ""
    resource_id: str = ""
    content_desc: str = ""
    hint: str = ""
    children: list[View] = field(default_factory=list)
    layout: str = VERTICAL
    height: int | None = None
    width: int | None = None
    weight: float = 1.0
    gravity: str = ""
    padding: int = 0
    style: str = ""
    on_click: Handler | None = None
    on_long_click: Handler | None = None
    on_text: TextHandler | None = None
    clickable: bool | None = None
    long_clickable: bool | None = None
    checkable: bool = False
    checked: bool = False
    enabled: bool = True
    focusable: bool | None = None
    scrollable: bool = False
    scroll_key: str = ""
    password: bool = False
    selected: bool = False
    naf: bool = False  # "not accessibility friendly": clickable but no text/description
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Window:
    """A window above the activity: a dialog, a popup menu or a bottom sheet.

    ``modal`` windows block touches to what is below; touching outside a ``cancelable`` modal
    window dismisses it through ``on_dismiss``. ``bounds`` is ``(left, top, right, bottom)`` in
    portrait-or-landscape screen pixels, or ``None`` to let the device centre it at its natural
    size.
    """

    root: View
    kind: str = "dialog"  # dialog | menu | sheet
    modal: bool = True
    cancelable: bool = True
    on_dismiss: Handler | None = None
    bounds: tuple[int, int, int, int] | None = None


@dataclass
class Screen:
    """What an activity shows: the content view, an optional toolbar title, windows above it."""

    content: View
    title: str = ""
    windows: list[Window] = field(default_factory=list)
