"""The action vocabulary: one closed set of UI actions, one JSON form used everywhere.

Modelled on android_world's ``json_action`` (a small closed set of constants plus a dataclass)
and on LTGDroid's action categories (Click, LongClick, InputText, Swipe, Rotate and the global
presses Back/Enter/Delete/Home). Traces, prompts, the gRPC API and ``result.json`` all carry
actions in the JSON form produced by :meth:`Action.to_json`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Kinds that need a target widget.
CLICK = "click"
LONG_CLICK = "long_click"
INPUT_TEXT = "input_text"
# Kinds that act on the whole screen.
SWIPE = "swipe"
ROTATE = "rotate"
PRESS_BACK = "press_back"
PRESS_ENTER = "press_enter"
PRESS_DELETE = "press_delete"
PRESS_HOME = "press_home"
# Stop the app's process and open it again from its launcher icon (``am force-stop`` then the
# launcher intent): what a report's "restart the app" / "close the app and reopen it" asks for.
# Its stored data stays; its back stack and in-memory state go.
RESTART_APP = "restart_app"
# Leave the app for the home screen and come back to it from its launcher icon (Home, then the
# launcher intent, which resumes the task): what a report's "switch to another app and come
# back" / "put the app in the background and reopen it" asks for. The process, back stack and
# in-memory state stay; the top activity is stopped and restarted.
LEAVE_AND_RETURN = "leave_and_return"

WIDGET_KINDS = frozenset({CLICK, LONG_CLICK, INPUT_TEXT})
GLOBAL_KINDS = frozenset(
    {
        SWIPE,
        ROTATE,
        PRESS_BACK,
        PRESS_ENTER,
        PRESS_DELETE,
        PRESS_HOME,
        RESTART_APP,
        LEAVE_AND_RETURN,
    }
)
ALL_KINDS = WIDGET_KINDS | GLOBAL_KINDS

SWIPE_DIRECTIONS = ("up", "down", "left", "right")
ORIENTATIONS = ("portrait", "landscape")


@dataclass(frozen=True)
class Bounds:
    """A widget's rectangle in screen pixels, as uiautomator prints it:
    ``[left,top][right,bottom]``."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def center(self) -> tuple[int, int]:
        """The tap point ``(x, y)`` in pixels."""
        return ((self.left + self.right) // 2, (self.top + self.bottom) // 2)

    @property
    def area(self) -> int:
        """Width times height in square pixels (0 for empty or inverted rectangles)."""
        return max(0, self.right - self.left) * max(0, self.bottom - self.top)

    def contains(self, x: int, y: int) -> bool:
        """True when the point lies inside (left/top inclusive, right/bottom exclusive)."""
        return self.left <= x < self.right and self.top <= y < self.bottom

    def to_uiautomator(self) -> str:
        """``"[l,t][r,b]"``, the ``bounds`` attribute of a ``uiautomator dump`` node."""
        return f"[{self.left},{self.top}][{self.right},{self.bottom}]"

    def to_list(self) -> list[int]:
        return [self.left, self.top, self.right, self.bottom]

    @classmethod
    def from_list(cls, values: list[int] | tuple[int, ...]) -> Bounds:
        """Build from ``[left, top, right, bottom]``; raises ``ValueError`` on any other length."""
        if len(values) != 4:
            raise ValueError(f"bounds need 4 integers [left, top, right, bottom], got {values!r}")
        return cls(*(int(v) for v in values))


@dataclass(frozen=True)
class Selector:
    """How to find a target widget again: the attributes a person or a replay would use.

    Any field may be empty. ``label`` is what a person would call the widget (its text, or the
    text of its first labelled descendant for a list row); it serves descriptions and prompts and
    is never used to match. ``bounds`` is the widget's rectangle when it was seen; a device
    resolves a selector against its live view hierarchy (see ``device_agent.hierarchy``) and
    falls back to the centre of ``bounds`` only when no node matches.
    """

    resource_id: str = ""
    text: str = ""
    content_desc: str = ""
    class_name: str = ""
    bounds: Bounds | None = None
    label: str = field(default="", compare=False)

    def describe(self) -> str:
        """A short human label, e.g. ``'Button "CUT"'`` or ``'ImageButton #fab'``."""
        cls = self.class_name.rsplit(".", 1)[-1] if self.class_name else "widget"
        if self.text:
            return f'{cls} "{self.text}"'
        if self.content_desc:
            return f"{cls} [{self.content_desc}]"
        if self.label:
            return f'{cls} "{self.label}"'
        if self.resource_id:
            return f"{cls} #{self.resource_id.rsplit('/', 1)[-1]}"
        if self.bounds:
            return f"{cls} at {self.bounds.to_uiautomator()}"
        return cls

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "resource_id": self.resource_id,
            "text": self.text,
            "content_desc": self.content_desc,
            "class_name": self.class_name,
        }
        if self.bounds is not None:
            out["bounds"] = self.bounds.to_list()
        if self.label:
            out["label"] = self.label
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Selector:
        """Inverse of :meth:`to_json`; raises ``ValueError`` on a malformed selector."""
        if not isinstance(data, dict):
            raise ValueError(
                f"an action's target must be an object of selector fields, got {data!r}"
            )
        bounds = data.get("bounds")
        return cls(
            resource_id=str(data.get("resource_id", "")),
            text=str(data.get("text", "")),
            content_desc=str(data.get("content_desc", "")),
            class_name=str(data.get("class_name", "")),
            bounds=Bounds.from_list(bounds) if bounds else None,
            label=str(data.get("label", "")),
        )


@dataclass(frozen=True)
class Action:
    """One UI action.

    ``kind`` is one of :data:`ALL_KINDS`. Widget kinds (click, long_click, input_text) need
    ``target``; ``input_text`` needs ``text`` (the whole new content of the field); ``swipe``
    needs ``direction`` in :data:`SWIPE_DIRECTIONS` (the finger's movement: ``up`` scrolls a list
    down); ``rotate`` needs ``orientation`` in :data:`ORIENTATIONS`.

    Raises ``ValueError`` from the constructor when the fields do not fit the kind.
    """

    kind: str
    target: Selector | None = None
    text: str = ""
    direction: str = ""
    orientation: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.kind not in ALL_KINDS:
            raise ValueError(
                f"unknown action kind {self.kind!r}; expected one of {sorted(ALL_KINDS)}"
            )
        if self.kind in WIDGET_KINDS and self.target is None:
            raise ValueError(f"action {self.kind!r} needs a target widget")
        if self.kind == SWIPE and self.direction not in SWIPE_DIRECTIONS:
            raise ValueError(f"swipe needs direction in {SWIPE_DIRECTIONS}, got {self.direction!r}")
        if self.kind == ROTATE and self.orientation not in ORIENTATIONS:
            raise ValueError(
                f"rotate needs orientation in {ORIENTATIONS}, got {self.orientation!r}"
            )

    def describe(self) -> str:
        """One line for people and prompts, e.g. ``'long_click TextView "test2"'``."""
        if self.kind == INPUT_TEXT and self.target is not None:
            return f'input_text "{self.text}" into {self.target.describe()}'
        if self.target is not None:
            return f"{self.kind} {self.target.describe()}"
        if self.kind == SWIPE:
            return f"swipe {self.direction}"
        if self.kind == ROTATE:
            return f"rotate to {self.orientation}"
        return self.kind

    def key(self) -> str:
        """A stable identity string, used to deduplicate candidates and key caches."""
        import json

        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.target is not None:
            out["target"] = self.target.to_json()
        if self.text:
            out["text"] = self.text
        if self.direction:
            out["direction"] = self.direction
        if self.orientation:
            out["orientation"] = self.orientation
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """Inverse of :meth:`to_json`; raises ``ValueError`` on a malformed action."""
        if not isinstance(data, dict) or "kind" not in data:
            raise ValueError(f"an action must be an object with a 'kind', got {data!r}")
        target = data.get("target")
        return cls(
            kind=str(data["kind"]),
            target=Selector.from_json(target) if target else None,
            text=str(data.get("text", "")),
            direction=str(data.get("direction", "")),
            orientation=str(data.get("orientation", "")),
        )


def neutral_start(orientation: str = "portrait") -> list[Action]:
    """The actions that put a reused device back where a run starts, whatever ran on it before:
    HOME twice (the first closes system dialogs and stops the app left in front, which may
    crash doing so and open its own "keeps stopping" dialog; the second closes that one,
    decision 0065), then ``orientation``."""
    return [
        Action(kind=PRESS_HOME),
        Action(kind=PRESS_HOME),
        Action(kind=ROTATE, orientation=orientation),
    ]
