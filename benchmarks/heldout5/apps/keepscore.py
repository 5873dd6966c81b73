"""KeepScore (``com.nolanlawson.keepscore``, nolanlawson/KeepScore) 1.5.1, for KeepScore#82.

A score keeper for board and card games: a game is a number of players, each shown as a row
with a name, a "-" and a "+" button and the score; a long press on "+" or "-" opens a popup to
add or subtract any value.

Sources read at commit ce6b2d8 ("new proguard", 2014-03-05; ``versionName`` 1.5.1,
versionCode 28), the last code commit and the release on Google Play when the report was filed
(2014-10-12); there is no fix commit. Files read: ``MainActivity`` (first-run welcome dialog),
``NewGameActivity`` (``new_game.xml``), ``NamePlayersActivity`` (``name_players.xml``,
``table_row_player_and_color.xml``), ``GameActivity``/``widget/PlayerView``
(``player_score.xml``), ``helper/DialogHelper`` (``delta_popup.xml``) and ``strings.xml``.

Bug KeepScore#82 (non-crash): ``DialogHelper.showAdditionalDeltasDialog`` gives the popup's
``EditText`` an ``OnEditorActionListener`` that takes ``actionId == IME_ACTION_UNSPECIFIED``
(0, the same value as ``IME_NULL``) as "OK" and calls ``resultListener.onResult`` without
looking at the ``KeyEvent``. An Enter key is handed to that listener by ``TextView.onKeyDown``
and again by ``onKeyUp`` (both with ``IME_NULL``), so entering a value and pressing Enter runs
``PlayerView.increment`` twice: the score moves by twice the typed value. The dialog's OK button
(``setPositiveButton``) adds it once.

Stubbed: the welcome message's text (a short stand-in), the "load backup?" dialog after it (no
backups on the device, so it never shows), the saved-games list and the main menu, "More…"
players, player colours, the history line and the "+1" badge fade, the round-totals view,
autosave, and "Customize…" (it closes the popup). Uncertain: in two-player games the app can
show extra on-screen delta buttons (a preference), not drawn here; whether a soft keyboard's
action key sends Enter key events or one ``performEditorAction`` depends on the keyboard (the
model treats the Enter key as the key events); the calculator (exp4j) is reduced to + - * / and
brackets over integers, rounded up.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text, long_click
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.nolanlawson.keepscore"
MAIN = ".MainActivity"
NEW_GAME = ".NewGameActivity"
NAME_PLAYERS = ".NamePlayersActivity"
GAME = ".PortraitGameActivity"
APP_NAME = "KeepScore"
WELCOME = (
    "KeepScore keeps track of scores in board games and card games. Press and hold a button "
    "to add or subtract a custom value."
)
POPUP_DELTAS = (1, 5, 10, 20)  # the default popup delta buttons (PreferenceHelper)


def _to_game() -> list[dict[str, Any]]:
    """The steps every sequence starts with: welcome OK, a new game of three players, OK."""
    return [
        click(PACKAGE, "android:id/button1", "OK"),
        click(PACKAGE, "button_new_game", "New Game"),
        click(PACKAGE, "button_3_players", "3"),
        click(PACKAGE, "android:id/button1", "OK"),
    ]


def score_is_wrong(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of KeepScore#82: a player's score is not the sum of the values entered."""
    return any(p["score"] != sum(p["entered"]) for p in data.get("players", []))


def _signed(value: int) -> str:
    """``IntegerUtil.toCharSequenceWithSign``: "+5", "-5", "0"."""
    return f"+{value}" if value > 0 else str(value)


def _calculate(text: str) -> int | None:
    """``DialogHelper.doCalculation``: the field's expression rounded up, or None (a toast)."""
    if not text.strip() or not re.fullmatch(r"[0-9+\-*/() ]+", text):
        return None
    try:
        value = eval(text, {"__builtins__": {}}, {})  # noqa: S307 - digits and operators only
    except Exception:
        return None
    return int(math.ceil(value))


class KeepScore(VirtualApp):
    """KeepScore 1.5.1: welcome dialog, main screen, new game, player names and the game."""

    name: ClassVar[str] = "KeepScore"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.5.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "KeepScore#82",
            "non-crash",
            "Keepscore app bug report",
            score_is_wrong,
            human_steps=(
                *_to_game(),
                long_click(PACKAGE, "button_plus", "+"),
                input_text(PACKAGE, "android:id/edit", "7"),
                {"kind": "press_enter"},
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"welcome_shown": False, "players": []}

    # -- actions -------------------------------------------------------------------------------
    def _welcome_ok(self, ctx: AppContext) -> None:
        ctx.data["welcome_shown"] = True

    def _choose_players(self, ctx: AppContext, count: int) -> None:
        ctx.start_activity(NAME_PLAYERS, {"num_players": count})

    def _name_handler(self, index: int) -> Callable[[AppContext, str], None]:
        def set_name(ctx: AppContext, text: str) -> None:
            ctx.ui.setdefault("names", {})[str(index)] = text

        return set_name

    def _start_game(self, ctx: AppContext) -> None:
        count = int(ctx.extras.get("num_players", 2))
        names = ctx.ui.get("names", {})
        ctx.data["players"] = [
            {"name": names.get(str(i), "").strip(), "score": 0, "entered": []} for i in range(count)
        ]
        ctx.start_activity(GAME)

    def _increment(self, ctx: AppContext, index: int, delta: int) -> None:
        """``PlayerView.increment``: the score moves by ``delta``."""
        ctx.data["players"][index]["score"] += delta

    def _tap(self, ctx: AppContext, index: int, sign: int) -> None:
        ctx.data["players"][index]["entered"].append(sign)
        self._increment(ctx, index, sign)

    def _open_popup(self, ctx: AppContext, index: int, positive: bool) -> None:
        ctx.ui["popup"] = {"player": index, "positive": positive, "text": "0"}

    def _popup_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["popup"]["text"] = text

    def _popup_button(self, ctx: AppContext, delta: int) -> None:
        """A "+1"/"+5"... button of the popup adds its value to the field's number."""
        popup = ctx.ui["popup"]
        try:
            current = int(popup["text"])
        except ValueError:
            current = 0
        popup["text"] = str(current + delta)

    def _on_result(self, ctx: AppContext, value: int) -> None:
        """``ResultListener.onResult`` of ``PlayerView.showAdditionalDeltasPopup``."""
        popup = ctx.ui["popup"]
        if value != 0:
            self._increment(ctx, popup["player"], value if popup["positive"] else -value)

    def _confirm(self, ctx: AppContext, times: int) -> bool:
        popup = ctx.ui.get("popup")
        if not popup:
            return False
        value = _calculate(popup["text"])
        if value is None:
            ctx.toast("Invalid calculator entry.")
            return True
        popup["text"] = str(value)
        player = ctx.data["players"][popup["player"]]
        player["entered"].append(value if popup["positive"] else -value)  # what the user meant
        for _ in range(times):
            self._on_result(ctx, value)
        ctx.ui["popup"] = None
        ctx.hide_keyboard()
        return True

    def _close_popup(self, ctx: AppContext) -> None:
        ctx.ui["popup"] = None

    def on_key(self, ctx: AppContext, key: str) -> bool:
        # The bug: onKeyDown and onKeyUp of Enter each reach the IME_ACTION_UNSPECIFIED branch.
        if ctx.activity == GAME and key == "enter":
            return self._confirm(ctx, 2)
        return False

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == NEW_GAME:
            return self._render_new_game(ctx)
        if ctx.activity == NAME_PLAYERS:
            return self._render_names(ctx)
        if ctx.activity == GAME:
            return self._render_game(ctx)
        return self._render_main(ctx)

    def _render_main(self, ctx: AppContext) -> Screen:
        windows = []
        if not ctx.data["welcome_shown"]:
            windows.append(
                replace(
                    w.alert_dialog(
                        w.dialog_title("Welcome to KeepScore!"),
                        [w.text_view(WELCOME, "android:id/text1")],
                        w.dialog_buttons(("OK", self._welcome_ok)),
                        None,
                    ),
                    cancelable=False,
                )
            )
        content = w.linear_layout(
            [
                w.button("button_new_game", "New Game", lambda c: c.start_activity(NEW_GAME)),
                w.text_view("Saved Games"),
                w.text_view("Your saved games will appear here.", "android:id/empty"),
            ]
        )
        return Screen(content=content, title=APP_NAME, windows=windows)

    def _render_new_game(self, ctx: AppContext) -> Screen:
        buttons = [
            w.button(f"button_{n}_players", str(n), w.bind(self._choose_players, n))
            for n in range(2, 9)
        ]
        buttons.append(w.button("button_more_players", "More…"))
        content = w.linear_layout([w.text_view("Number of players"), *buttons])
        return Screen(content=content, title=APP_NAME)

    def _render_names(self, ctx: AppContext) -> Screen:
        count = int(ctx.extras.get("num_players", 2))
        names = ctx.ui.get("names", {})
        rows = [
            w.linear_layout(
                [
                    w.image_view("player_color_image"),
                    w.edit_text(
                        "player_name_edit_text",
                        names.get(str(i), ""),
                        self._name_handler(i),
                        hint=f"Player {i + 1}",
                        cls="android.widget.AutoCompleteTextView",
                    ),
                ],
                horizontal=True,
            )
            for i in range(count)
        ]
        content = w.linear_layout(
            [
                w.text_view("Player names (optional)"),
                w.scroll_view([w.linear_layout(rows)]),
                w.button("android:id/button1", "OK", self._start_game),
            ]
        )
        return Screen(content=content, title=APP_NAME)

    def _player_row(self, index: int, player: dict[str, Any]) -> View:
        name = player["name"] or f"Player {index + 1}"
        return w.relative_layout(
            [
                w.text_view(name, "text_name"),
                w.button(
                    "button_minus",
                    "-",
                    w.bind(self._tap, index, -1),
                    on_long_click=w.bind(self._open_popup, index, False),
                ),
                w.button(
                    "button_plus",
                    "+",
                    w.bind(self._tap, index, 1),
                    on_long_click=w.bind(self._open_popup, index, True),
                ),
                w.text_view(str(player["score"]), "text_score"),
            ]
        )

    def _render_game(self, ctx: AppContext) -> Screen:
        rows = [self._player_row(i, p) for i, p in enumerate(ctx.data["players"])]
        windows = []
        popup = ctx.ui.get("popup")
        if popup:
            windows.append(self._delta_popup(popup))
        return Screen(content=w.linear_layout(rows), title=APP_NAME, windows=windows)

    def _delta_popup(self, popup: dict[str, Any]) -> Window:
        """``delta_popup.xml`` in the AlertDialog of ``showAdditionalDeltasDialog``."""
        ids = ("android:id/button1", "android:id/button2", "android:id/button3", "button4")
        row = w.linear_layout(
            [
                w.edit_text("android:id/edit", popup["text"], self._popup_text),
                *[
                    w.button(rid, _signed(d), w.bind(self._popup_button, d))
                    for rid, d in zip(ids, POPUP_DELTAS, strict=True)
                ],
            ],
            horizontal=True,
        )
        buttons = [
            w.dialog_button("android:id/button3", "Customize…", self._close_popup),
            *w.dialog_buttons(("OK", w.bind(self._confirm, 1)), ("Cancel", self._close_popup)),
        ]
        title = "Add Value" if popup["positive"] else "Subtract Value"
        return w.alert_dialog(w.dialog_title(title), [row], buttons, self._close_popup)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "KeepScore#82": [
        # The popup's OK button adds the value once.
        [
            *_to_game(),
            long_click(PACKAGE, "button_plus", "+"),
            input_text(PACKAGE, "android:id/edit", "7"),
            click(PACKAGE, "android:id/button1", "OK"),
        ],
        # Cancel instead of Enter.
        [
            *_to_game(),
            long_click(PACKAGE, "button_plus", "+"),
            input_text(PACKAGE, "android:id/edit", "7"),
            click(PACKAGE, "android:id/button2", "Cancel"),
        ],
        # A plain tap on "+" and no popup: Enter does nothing.
        [
            *_to_game(),
            click(PACKAGE, "button_plus", "+"),
            {"kind": "press_enter"},
        ],
        # Enter with the field's "0" left: nothing is added (twice).
        [
            *_to_game(),
            long_click(PACKAGE, "button_plus", "+"),
            {"kind": "press_enter"},
        ],
    ],
}
