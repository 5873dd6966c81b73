"""ReGeX (``com.phikal.regex``, phikal/ReGeX) 1.0, for ReGeX#11.

A regular-expression puzzle: the screen lists words to "Match" and words to "Don't Match"; the
player types a regex (helped by a bar of special-character buttons) and a round is solved when
it matches every word of the first list and none of the second. The square button left of the
field shows the characters left; a tap opens the status and settings screen, a long press skips
the round.

Sources read at commit 00cacf3 ("Added explicit licence reference.", 2015-07-29;
``versionName`` 1.0, versionCode 1), the head of the repository when the report was filed
(2015-08-02), and the fix ab74a0f ("Fixed bug where a new round was started on screen rotate.",
which adds ``android:configChanges="orientation|screenSize"`` to ``GameActivity``). Files read:
``GameActivity``, ``Game``, ``WordAdapter``, ``CharAdaptor``, ``WordGenerator``,
``SettingsActivity``, ``fragment_main.xml``, ``activity_settings.xml``, ``strings.xml``.

Bug ReGeX#11 (non-crash): rotating re-creates ``GameActivity``. ``onCreate`` leaves the field
``task`` null and adds the ``TextWatcher``; the framework then restores the focused
``EditText``'s saved text, which calls ``afterTextChanged``, whose first line is
``if (task == null) newRound(false)``: a new puzzle is generated and stored over the old one
(``Game.newTask(false)``), and ``onResume``'s ``newRound(true)`` shows that stored new puzzle.
The round counter is not touched. Leaving for the settings screen (or Home) and coming back
keeps the puzzle: ``onResume`` reloads the stored one and no state is restored.

Fixed data: ``WordGenerator``'s random words are replaced by the puzzles of ``PUZZLES`` (words
of the level-1 alphabet "aeuioxyz", one or two words of one or two letters, as level 1 makes
them), handed out in turn, whatever the level. Stubbed: the notification sound and vibration,
the footer link (the browser), the red tint of an invalid pattern, word highlighting. Uncertain:
the insertion point of a character button (the model appends to the end).
"""

from __future__ import annotations

import math
import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text, long_click
from device_agent.virtual.views import Screen, View

PACKAGE = "com.phikal.regex"
GAME = ".GameActivity"
SETTINGS = ".SettingsActivity"
CHARS = ("[", "]", "(", ")", ".", "*", "+", "?", "^", "|", "{", "}", "-", "\\")
PUZZLES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("ax", "e"), ("yo",)),
    (("u",), ("iz", "o")),
    (("ey", "xa"), ("i",)),
    (("o",), ("ze",)),
    (("ia",), ("u", "xy")),
)


def puzzle_changed_unasked(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of ReGeX#11: more puzzles were generated than rounds were started (the
    first one, one per solved round, one per skipped round)."""
    return int(data["generated"]) > 1 + int(data["solved"]) + int(data["skipped"])


def _full_match(word: str, pattern: str) -> bool:
    """``String.matches``: the whole word; a bad pattern throws (here ``re.error``)."""
    return re.fullmatch(pattern, word) is not None


def _calc_val(regex: str) -> int:
    """``Game.calcVal``."""
    value = 1
    for c in regex:
        if c in ".*+^":
            value += 1
        elif c in "[({?":
            value += 2
        elif c == "\\":
            value += 4
    return value


def _calc_score(regex: str, length: int, top: int, right: int, wrong: int) -> int:
    """``Game.calcScore`` in Java's integer arithmetic."""
    return (int((top - length) / 2) + 1) * (
        (1 if abs(right - wrong) == 0 else 0) + 3 * _calc_val(regex)
    )


class ReGeX(VirtualApp):
    """ReGeX 1.0: the game screen and the status/settings screen."""

    name: ClassVar[str] = "ReGeX"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "ReGeX"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = GAME
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "ReGeX#11",
            "non-crash",
            "Screen rotation changes the current puzzle",
            puzzle_changed_unasked,
            human_steps=({"kind": "rotate", "orientation": "landscape"},),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "right": None,  # the stored puzzle (prefs "right"/"wrong")
            "wrong": None,
            "max": 0,
            "generated": 0,
            "solved": 0,
            "skipped": 0,
            "game": 0,
            "score": 0,
            "diff": 1,
            "input_pref": None,  # prefs "input", written in onPause
            "charm": True,
            "notif": True,
        }

    # -- game logic ----------------------------------------------------------------------------
    def _new_round(self, ctx: AppContext, force: bool) -> None:
        """``GameActivity.newRound`` with ``Game.newTask``: ``force`` reuses the stored words."""
        data = ctx.data
        if not (force and data["right"] is not None):
            right, wrong = PUZZLES[data["generated"] % len(PUZZLES)]
            data["right"], data["wrong"] = list(right), list(wrong)
            data["max"] = sum(len(s) for s in right) + len(right) + data["diff"] // 5
            data["generated"] += 1
        ctx.ui["task"] = True
        self._set_input(ctx, "")

    def _set_input(self, ctx: AppContext, text: str) -> None:
        """``input.setText`` (the length filter applies to typing, not to setText)."""
        ctx.ui["input"] = text
        self._after_text_changed(ctx)

    def _after_text_changed(self, ctx: AppContext) -> None:
        """The ``TextWatcher`` of the field."""
        if not ctx.ui.get("task"):
            self._new_round(ctx, False)
        data = ctx.data
        text = ctx.ui.get("input", "")
        data["input_pref"] = text
        if not text:
            return
        try:
            passed = all(_full_match(s, text) for s in data["right"]) and not any(
                _full_match(s, text) for s in data["wrong"]
            )
        except re.error:
            passed = False
        if not passed:
            return
        game = data["game"] + 1
        score = _calc_score(text, len(text), data["max"], len(data["right"]), len(data["wrong"]))
        diff = round(1.2 * math.sqrt((data["score"] + score * 1.1 + 1) / (game + 1)))
        data.update(game=game, score=data["score"] + score, diff=diff)
        data["solved"] += 1
        ctx.toast(f"Solved with: {text} (+{score})")
        self._new_round(ctx, False)

    def _typed(self, ctx: AppContext, text: str) -> None:
        self._set_input(ctx, text[: ctx.data["max"]])  # the LengthFilter

    def _char(self, ctx: AppContext, char: str) -> None:
        self._typed(ctx, ctx.ui.get("input", "") + char)

    def _skip(self, ctx: AppContext) -> None:
        """The long press on the ``state`` button."""
        data = ctx.data
        data["score"] -= int(data["score"] / 10)
        data["skipped"] += 1
        self._new_round(ctx, False)
        data["diff"] = round(math.sqrt((data["score"] * 1.1 + 1) / (data["game"] + 1)))

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != GAME:
            return
        saved = ctx.ui.pop("saved", None)
        ctx.ui["task"] = False  # the field starts null
        if saved is not None:
            # The bug: restoring the EditText's text runs the TextWatcher while task is null.
            self._set_input(ctx, saved)
        # onResume: newRound(true), then the text kept in onPause.
        self._new_round(ctx, True)
        if ctx.data["input_pref"] is not None:
            self._set_input(ctx, ctx.data["input_pref"])

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == GAME:
            return {"saved": ctx.ui.get("input", "")}
        return dict(ctx.ui)

    # -- settings ------------------------------------------------------------------------------
    def _clear(self, ctx: AppContext) -> None:
        if ctx.ui.get("confirmed"):
            ctx.data.update(game=1, diff=1, score=0)
            ctx.ui["confirmed"] = False
        else:
            ctx.ui["confirmed"] = True

    def _flip(self, ctx: AppContext, key: str) -> None:
        ctx.data[key] = not ctx.data[key]

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        return self._render_game(ctx)

    def _word_list(self, rid: str, words: list[str]) -> View:
        return w.list_view([w.text_view(s, "text") for s in words], rid=rid)

    def _render_game(self, ctx: AppContext) -> Screen:
        data = ctx.data
        text = ctx.ui.get("input", "")
        lists = w.linear_layout(
            [
                w.linear_layout(
                    [w.text_view("Match", "textView"), self._word_list("right", data["right"])]
                ),
                w.linear_layout(
                    [
                        w.text_view("Don't Match", "textView2"),
                        self._word_list("wrong", data["wrong"]),
                    ]
                ),
            ],
            rid="main_layout",
            horizontal=True,
        )
        field = w.edit_text("editText", text, self._typed, hint="ReGeX")
        state = w.button(
            "state",
            str(data["max"] - len(text)),
            lambda c: c.start_activity(SETTINGS),
            on_long_click=self._skip,
        )
        bottom: list[View] = [w.linear_layout([state, field], horizontal=True)]
        if data["charm"]:
            chars = [w.button("", ch, w.bind(self._char, ch)) for ch in CHARS]
            bottom.append(
                View(
                    cls="android.widget.HorizontalScrollView",
                    children=[w.linear_layout(chars, rid="chars", horizontal=True)],
                )
            )
        return Screen(content=w.relative_layout([lists, w.linear_layout(bottom)]))

    def _render_settings(self, ctx: AppContext) -> Screen:
        data = ctx.data

        def item(label: str, rid: str, value: Any) -> View:
            return w.linear_layout(
                [w.text_view(label), w.text_view(str(value), rid)], horizontal=True
            )

        content = w.linear_layout(
            [
                w.text_view("Status"),
                item("Round", "round", data["game"] or 1),
                item("Score", "score", data["score"]),
                item("Level", "diff", data["diff"]),
                w.text_view("Settings and Actions"),
                w.button(
                    "clear",
                    "Press to confirm" if ctx.ui.get("confirmed") else "Reset game",
                    self._clear,
                ),
                w.button(
                    "charm",
                    "Turn char-bar off" if data["charm"] else "Turn char-bar on",
                    w.bind(self._flip, "charm"),
                ),
                w.button(
                    "notif",
                    "Turn notifications off" if data["notif"] else "Turn notifications on",
                    w.bind(self._flip, "notif"),
                ),
                w.button("footer", "ReGeX by @phikal, v1.0"),
            ]
        )
        return Screen(content=content)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "ReGeX#11": [
        # The settings screen and back: onResume reloads the stored puzzle.
        [click(PACKAGE, "state", "5"), {"kind": "press_back"}],
        # Skipping the round (long press) starts a new round on purpose.
        [long_click(PACKAGE, "state", "5")],
        # Solving the round starts the next one.
        [input_text(PACKAGE, "editText", "a?x|e")],
        # Typing a pattern that solves nothing keeps the round.
        [input_text(PACKAGE, "editText", "x"), click(PACKAGE, "", "*")],
    ],
}
