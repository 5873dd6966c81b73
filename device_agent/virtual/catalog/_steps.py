"""Human-step builders for catalog models: the JSON actions a ``BugSpec.human_steps`` holds.

A model's steps name their targets the way a recorded trace does (resource id, text, content
description, class); these builders expand a short id (``"fab"``) to the package's
``"<package>:id/fab"`` and leave a full one (``"android:id/button1"``) as it is. The JSON form is
``device_agent.actions.Action.to_json``'s.
"""

from __future__ import annotations

from typing import Any


def target(
    package: str, rid: str = "", text: str = "", desc: str = "", cls: str = ""
) -> dict[str, Any]:
    """A selector: ``rid`` short (expanded with ``package``) or full, ``text``, content
    description ``desc`` and class name ``cls``."""
    return {
        "resource_id": f"{package}:id/{rid}" if rid and ":" not in rid else rid,
        "text": text,
        "content_desc": desc,
        "class_name": cls,
    }


def click(
    package: str, rid: str = "", text: str = "", desc: str = "", cls: str = ""
) -> dict[str, Any]:
    """A click on the widget :func:`target` describes."""
    return {"kind": "click", "target": target(package, rid, text, desc, cls)}


def long_click(
    package: str, rid: str = "", text: str = "", desc: str = "", cls: str = ""
) -> dict[str, Any]:
    """A long click on the widget :func:`target` describes."""
    return {"kind": "long_click", "target": target(package, rid, text, desc, cls)}


def input_text(
    package: str,
    rid: str,
    typed: str,
    *,
    cls: str = "android.widget.EditText",
    bounds: list[int] | None = None,
) -> dict[str, Any]:
    """Typing ``typed`` into the field ``rid`` (its whole new text); ``bounds``
    (``[left, top, right, bottom]``) tells apart fields that share an id."""
    step: dict[str, Any] = {"kind": "input_text", "target": target(package, rid, cls=cls)}
    step["text"] = typed
    if bounds is not None:
        step["target"]["bounds"] = bounds
    return step
