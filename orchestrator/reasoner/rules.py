"""The offline reasoner's named rules: switched off for an ablation, and counted where they fire.

Issue 28 §4 asks what each rule family is worth on DEV and TEST: "each rule family (alignment,
value extraction, each verification check) switched off, and what it costs". Every rule of the
alignment (``align.py``, ``relative.py``) and value-extraction (``s2r.py``) families has a name
in :data:`RULES`; ``REPROFARM_RULES_OFF=any_item,said_before`` (or a family name, ``align`` /
``values``, for all of its rules) turns them off in every process that reads the environment
(the driver, where the heuristic reasoner runs). Verification checks have their own switch,
``REPROFARM_VERIFY_OFF`` (``verify.py``), and a verdict names the check that found it.

A rule *fires* when it changes what the code around it would have done without it (a score it
raises or zeroes, a value it extracts). The heuristic reasoner counts firings per run into
``Reasoner.rules_fired`` (``result.json``'s ``rules_fired``): a rule that fired nowhere in a
sweep cannot have changed any of its verdicts, so its ablation there needs no run, and only the
bugs it fired on need re-running (:func:`fired` is called by the rule itself, on the thread
that runs the reasoner's call; :func:`count_into` names where that thread's firings go).
"""

from __future__ import annotations

import os
import threading
from collections import Counter
from collections.abc import Callable
from copy import copy
from functools import lru_cache, wraps
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

RULES_OFF_ENV = "REPROFARM_RULES_OFF"

# name -> what the rule does (one line each; docs/decisions/0051 has the why)
ALIGN_RULES: dict[str, str] = {
    "said_before": "a label word an earlier step said counts for half a word of the target",
    "screen_tap": "'tap the screen' done by a tap on the background",
    "position": "'the first/last item' done by that row of the list",
    "any_item": "'one of the entries', 'an item' done by any row of a list",
    "relative": "'the X below the Y' done by the widget placed so",
    "already_set": "'enable X' not done by turning X off",
    "names_only_the_object": "'Edit X' not done by a label naming only X",
    "typed_elsewhere": "a typing step naming a field not done in another field",
    "described_setting": "a setting done by the toggle row whose summary names it",
    "another_setting": "a setting not done by a click on another setting",
    "permission_answer": "a permission dialog answered the way the step asks",
    "window_effect": "a step credited by the window it opened, named like the step",
    "retyped_field": "typing the text a field already holds does no step",
    "repeats_control": "a repeated step done on the control that did the earlier one",
    "dialog_button": "a button of the dialog a step opened does a later step only if named",
    "rotation_elsewhere": "a rotation does a step only on the screen the last step led to",
    "undo": "steps done inside a dismissed dialog or menu are undone",
    "shows_state": "a setting step found already as it wants is done by the way there",
}
VALUE_RULES: dict[str, str] = {
    "eg_value": "'e.g. X' / 'for example X' gives the value to type",
    "named_value": "'named X', 'called X', 'as X' gives the value",
    "code_value": "a pasted code block is the value",
    "quoted_value": "a quote in a typing or creating step is the value",
    "symbolic_value": "a described value ('any 11 digit number', 'a long name') made concrete",
    "digits_value": "a bare number of 2+ digits in a typing step is the value",
    "set_as_value": "'set X to V' / 'X = V' gives field and value",
    "observed_quote": "a quote the app shows ('the error \"X\" appears') is never a value",
    "example_not_value": "an e.g. on a step that leaves the choice is a target, not a value",
    "stated_expression": "keypad steps rewritten to the expression the report states",
}
READING_RULES: dict[str, str] = {
    "device_event": "a device event the symptom names ('on rotation', 'after the app was in "
    "the background') is one more step",
}
RULES: dict[str, str] = {**ALIGN_RULES, **VALUE_RULES, **READING_RULES}
FAMILIES: dict[str, tuple[str, ...]] = {
    "align": tuple(ALIGN_RULES),
    "values": tuple(VALUE_RULES),
    "reading": tuple(READING_RULES),
}


@lru_cache(maxsize=8)
def _parse(setting: str) -> frozenset[str]:
    names: set[str] = set()
    unknown: list[str] = []
    for name in (n.strip() for n in setting.split(",")):
        if not name:
            continue
        if name in FAMILIES:
            names.update(FAMILIES[name])
        elif name in RULES:
            names.add(name)
        else:
            unknown.append(name)
    if unknown:
        raise ValueError(
            f"{RULES_OFF_ENV} names unknown rules {sorted(unknown)}; known: the families "
            f"{', '.join(FAMILIES)} and the rules {', '.join(RULES)}"
        )
    return frozenset(names)


def rules_off() -> frozenset[str]:
    """The rules :data:`RULES_OFF_ENV` switches off (a family name stands for all its rules).
    Raises ``ValueError`` naming the known rules when it names one that does not exist (a typo
    would silently ablate nothing)."""
    return _parse(os.environ.get(RULES_OFF_ENV, ""))


def on(name: str) -> bool:
    """Whether rule ``name`` (a key of :data:`RULES`) is switched on."""
    assert name in RULES, name
    return name not in rules_off()


def applies(name: str) -> bool:
    """For a rule whose condition has just held: ``True`` (and the firing counted) when the rule
    is on, ``False`` when an ablation switched it off. Written last in the condition:
    ``if in_dialog and not _names_exactly(step, t) and applies("dialog_button")``."""
    if not on(name):
        return False
    fired(name)
    return True


_sink = threading.local()


def count_into(counter: Counter[str] | None) -> None:
    """From now on this thread's firings go to ``counter`` (the running reasoner's
    ``rules_fired``); ``None`` stops counting."""
    _sink.counter = counter


def fired(name: str) -> None:
    """Count one firing of rule ``name`` for the reasoner this thread last worked for."""
    counter = getattr(_sink, "counter", None)
    if counter is not None:
        counter[name] += 1


def rule(name: str, neutral: R) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorate a rule function whose answer ``neutral`` means "this rule changes nothing"
    (``0.0`` for a score, ``False`` for a guard): switched off, it answers ``neutral`` without
    running; an answer other than ``neutral`` is a firing."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        @wraps(function)
        def wrapped(*args: P.args, **kwargs: P.kwargs) -> R:
            if not on(name):
                return copy(neutral)  # a fresh one: a caller may add to an empty list
            answer = function(*args, **kwargs)
            if answer != neutral:
                fired(name)
            return answer

        return wrapped

    assert name in RULES, name
    return decorate
