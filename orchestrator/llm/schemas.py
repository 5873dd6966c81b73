"""The JSON each role must return, as JSON Schemas.

Written for OpenAI's strict structured outputs (``response_format={"type": "json_schema",
"json_schema": {"strict": true, ...}}``): every object lists all its properties as ``required``
and forbids others, and only ``type``/``properties``/``items``/``enum``/``required``/
``additionalProperties`` are used, so the same schema works on OpenAI, Azure, vLLM (guided
decoding) and Ollama. Limits the schema language cannot state portably (at most N ids, ids in
range, at least one choice) are checked by the reasoner after validation. Each schema's ``title``
is its role, which also lets a server that never saw ``response_format`` tell the roles apart.
"""

from __future__ import annotations

import copy
from typing import Any

from device_agent.actions import (
    GLOBAL_KINDS,
    ORIENTATIONS,
    ROTATE,
    SWIPE,
    SWIPE_DIRECTIONS,
    WIDGET_KINDS,
)

REPORT_ANALYSIS = "report_analysis"
ACTION_FILTER = "action_filter"
INPUT_TEXT = "input_text"
TRANSITION_SUMMARY = "transition_summary"
PATH_EVALUATION = "path_evaluation"
VERIFICATION = "verification"
ROLES = (
    REPORT_ANALYSIS,
    ACTION_FILTER,
    INPUT_TEXT,
    TRANSITION_SUMMARY,
    PATH_EVALUATION,
    VERIFICATION,
)
# Roles whose requests carry screenshots (and so go to the vision model).
VISION_ROLES = frozenset({ACTION_FILTER, INPUT_TEXT, TRANSITION_SUMMARY, VERIFICATION})


def _obj(title: str | None = None, **props: dict[str, Any]) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": props,
        "required": list(props),
        "additionalProperties": False,
    }
    if title:
        schema = {"title": title, **schema}
    return schema


def _str(description: str = "") -> dict[str, Any]:
    return {"type": "string", "description": description} if description else {"type": "string"}


def _arr(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


STEP_HINTS = sorted(WIDGET_KINDS | GLOBAL_KINDS) + [""]
# Every global action name a prompt can list (openai_reasoner.global_name); a request narrows
# this to the names its screen offers.
GLOBAL_NAMES = sorted(
    (GLOBAL_KINDS - {SWIPE, ROTATE})
    | {f"swipe_{d}" for d in SWIPE_DIRECTIONS}
    | {f"rotate_{o}" for o in ORIENTATIONS}
)

SCHEMAS: dict[str, dict[str, Any]] = {
    REPORT_ANALYSIS: _obj(
        REPORT_ANALYSIS,
        steps=_arr(
            _obj(
                text=_str("the step, self-contained, in the report's words"),
                action_hint={"type": "string", "enum": STEP_HINTS},
                targets=_arr(_str("a widget label the step names")),
                value=_str("the exact text to type, or empty"),
            )
        ),
        symptom=_str("what a person sees when the bug happens"),
        bug_kind={"type": "string", "enum": ["crash", "non-crash"]},
        exception_class=_str("exception class from the report's stack trace, or empty"),
        input_values=_arr(_str()),
        setup_notes=_arr(_str("setup a fresh install needs that the report leaves out")),
    ),
    ACTION_FILTER: _obj(
        ACTION_FILTER,
        widgets=_arr(
            _obj(
                id={"type": "integer"},
                action={"type": "string", "enum": sorted(WIDGET_KINDS)},
                reason=_str(),
            )
        ),
        global_actions=_arr(
            _obj(name={"type": "string", "enum": GLOBAL_NAMES}, reason=_str()),
        ),
    ),
    INPUT_TEXT: _obj(INPUT_TEXT, text=_str("the whole new content of the field"), reason=_str()),
    TRANSITION_SUMMARY: _obj(
        TRANSITION_SUMMARY,
        effect=_str("what changed on screen, concretely"),
        summary=_str("one sentence"),
    ),
    PATH_EVALUATION: _obj(
        PATH_EVALUATION,
        paths=_arr(
            _obj(
                id={"type": "integer"},
                reached_step={"type": "integer"},
                complete={"type": "boolean"},
                reason=_str(),
            )
        ),
        keep=_arr({"type": "integer"}),
    ),
    VERIFICATION: _obj(
        VERIFICATION,
        reproduced={"type": "boolean"},
        evidence=_str("what on the final screen shows it, or what is missing"),
        confidence={"type": "number"},
    ),
}


def response_format(role: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ``response_format`` argument for strict structured output of ``role`` (``schema``:
    a narrowed copy of ``SCHEMAS[role]``, see :func:`narrowed`)."""
    return {
        "type": "json_schema",
        "json_schema": {"name": role, "strict": True, "schema": schema or SCHEMAS[role]},
    }


def narrowed(role: str, enums: dict[str, list[Any]]) -> dict[str, Any]:
    """A copy of ``SCHEMAS[role]`` in which each property named in ``enums`` (at any depth, e.g.
    ``"id"`` of every listed widget, ``"keep"``'s items) may only take the listed values. An
    empty list leaves that property as it is (JSON Schema has no empty ``enum``).

    Strict servers (OpenAI structured outputs, vLLM guided decoding) then cannot produce an id
    or name outside the request's list, so no repair round is needed for one."""
    schema = copy.deepcopy(SCHEMAS[role])
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for name, prop in (node.get("properties") or {}).items():
                values = enums.get(name)
                if values and isinstance(prop, dict):
                    target = prop["items"] if prop.get("type") == "array" else prop
                    target["enum"] = list(values)
            stack.extend(v for v in node.values() if isinstance(v, dict | list))
        elif isinstance(node, list):
            stack.extend(node)
    return schema


def property_names(schema: dict[str, Any]) -> set[str]:
    """Every property name anywhere in a schema (used to check that prompts mention them)."""
    names: set[str] = set()
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict):
                names.update(props)
            stack.extend(v for v in node.values() if isinstance(v, dict | list))
        elif isinstance(node, list):
            stack.extend(node)
    return names
