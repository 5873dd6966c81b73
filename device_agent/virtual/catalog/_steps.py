"""Pieces the catalog's bug specs share: a human step that clicks a widget, and a crash oracle.

A module whose name starts with ``_`` holds no app models (the catalog's discovery skips it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from device_agent.actions import Action, Selector


def click_step(
    package: str, rid: str = "", text: str = "", desc: str = "", cls: str = ""
) -> dict[str, Any]:
    """A ``click`` human step as JSON (:meth:`Action.to_json`): ``rid`` is the app's short id
    (expanded to ``<package>:id/<rid>``) or a full one (``android:id/button1``), ``text``,
    ``desc`` (content description) and ``cls`` (class name) narrow the target."""
    full = rid if not rid or ":" in rid else f"{package}:id/{rid}"
    target = Selector(resource_id=full, text=text, content_desc=desc, class_name=cls)
    return Action(kind="click", target=target).to_json()


def crash_oracle(
    package: str, exception: str, fragment: str
) -> Callable[[dict[str, Any], dict[str, Any]], bool]:
    """A ground-truth oracle for a crash bug: the device recorded a crash of ``package`` with
    the fully qualified ``exception`` class and a message containing ``fragment``."""

    def crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
        return any(
            c.get("package") == package
            and c.get("exception") == exception
            and fragment in str(c.get("message", ""))
            for c in system.get("crashes", [])
        )

    return crashed
