"""Pieces the catalog's bug specs share: builders of the JSON actions a ``BugSpec.human_steps``
holds, and crash oracles.

A model's steps name their targets the way a recorded trace does (resource id, text, content
description, class); these builders expand a short id (``"fab"``) to the package's
``"<package>:id/fab"`` and leave a full one (``"android:id/button1"``) as it is. The JSON form is
``device_agent.actions.Action.to_json``'s. A module whose name starts with ``_`` holds no app
models (the catalog's discovery skips it).
"""

from __future__ import annotations

from collections.abc import Callable
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


def step(
    kind: str,
    package: str,
    rid: str = "",
    text: str = "",
    desc: str = "",
    cls: str = "",
    *,
    bounds: list[int] | None = None,
) -> dict[str, Any]:
    """An action of ``kind`` (``click``, ``long_click``...) on the widget :func:`target`
    describes; ``bounds`` (``[left, top, right, bottom]``) tells apart widgets that share the
    rest (a Flutter or Compose view with no id)."""
    found = target(package, rid, text, desc, cls)
    if bounds is not None:
        found["bounds"] = bounds
    return {"kind": kind, "target": found}


def click(
    package: str,
    rid: str = "",
    text: str = "",
    desc: str = "",
    cls: str = "",
    *,
    bounds: list[int] | None = None,
) -> dict[str, Any]:
    """A click on the widget :func:`target` describes (see :func:`step` for ``bounds``)."""
    return step("click", package, rid, text, desc, cls, bounds=bounds)


def long_click(
    package: str,
    rid: str = "",
    text: str = "",
    desc: str = "",
    cls: str = "",
    *,
    bounds: list[int] | None = None,
) -> dict[str, Any]:
    """A long click on the widget :func:`target` describes (see :func:`step`)."""
    return step("long_click", package, rid, text, desc, cls, bounds=bounds)


def input_text(
    package: str,
    rid: str,
    typed: str,
    *,
    cls: str = "android.widget.EditText",
    bounds: list[int] | None = None,
    hint: str = "",
    desc: str = "",
) -> dict[str, Any]:
    """Typing ``typed`` into the field ``rid`` (its whole new text); ``bounds``
    (``[left, top, right, bottom]``) tells apart fields that share an id; a field with no id
    is found by the ``hint`` its empty text shows (the selector's ``text``) or by ``desc``."""
    found = step("input_text", package, rid, hint, desc, cls, bounds=bounds)
    found["text"] = typed
    return found


PERMISSION_ALLOW = "com.android.permissioncontroller:id/permission_allow_button"


def allow_permission(
    package: str, text: str = "Allow", cls: str = "android.widget.Button"
) -> dict[str, Any]:
    """A click on the system permission dialog's Allow button (the permission controller's
    ``permission_allow_button``), named by ``text`` and class ``cls`` as the trace recorded it
    (``""`` where it named neither)."""
    return click(package, PERMISSION_ALLOW, text, cls=cls)


def crashed(system: dict[str, Any], package: str, exception: str = "", *fragments: str) -> bool:
    """Whether the device recorded a crash of ``package`` (``system["crashes"]``, as an oracle
    receives it) with the fully qualified ``exception`` class (any class when ``""``) and a
    message containing every one of ``fragments``: the test a crash bug's oracle makes, alone
    or next to a condition on the app's data."""
    return any(
        c.get("package") == package
        and (not exception or c.get("exception") == exception)
        and all(fragment in str(c.get("message", "")) for fragment in fragments)
        for c in system.get("crashes", [])
    )


def crash_oracle(
    package: str, exception: str = "", *fragments: str
) -> Callable[[dict[str, Any], dict[str, Any]], bool]:
    """A ground-truth oracle for a crash bug: the device recorded a crash of ``package`` with
    the fully qualified ``exception`` class (any class when ``""``) and a message containing
    every one of ``fragments`` (see :func:`crashed`)."""

    def oracle(data: dict[str, Any], system: dict[str, Any]) -> bool:
        return crashed(system, package, exception, *fragments)

    return oracle
