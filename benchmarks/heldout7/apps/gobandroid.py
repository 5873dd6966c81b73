"""Gobandroid (``org.ligi.gobandroid_hd``, ligi/gobandroid) 2.5.0, for gobandroid#191.

A Go board app. The launcher activity is ``GoSetupActivity``: the action bar (the drawer toggle
"open drawer", the custom bar of ``top_nav_and_extras.xml``: black and white captures, the move
counter ``move_tv`` ("Move" + the move number, no space) and the mode ``mode_tv`` "Setup"), the
"Start" and "Game Info" actions (``game_setup.xml``, ``ingame_common.xml``; "clear board" only once
the setup board has a move), the board ``go_board`` and the setup panel ``game_setup_inner.xml``
(``game_size_label`` "Size 9x9", ``size_seek``, the buttons 9x9 / 13x13 / 19x19,
``handicap_label`` "Handicap 0", ``handicap_seek``, "Line Width", ``line_width_seek``). "Start",
or a stone put on the setup board, opens ``GameRecordActivity`` (mode "Record"): Undo (only when
``canUndo``) and Save as SGF as icons, and in the overflow Pass, Share and Game Info
(``ingame_record.xml``); under the board the comment field ("enter your comments here"). Back asks
"End Game?" / "Do you really want to quit this game?" (Yes / No).

Sources read at commit 3bce64a ("Shorten code", 2016-12-06, ``versionName`` 2.5.0), the state
when the report was filed, and the fix 7dd532a ("Test and fix for #191", the same day):
``AndroidManifest.xml``, ``ui/GoActivity.kt`` (``onOptionsItemSelected``, ``doTouch``,
``doMoveWithUIFeedback``, ``requestUndo``, ``quit``), ``ui/game_setup/GoSetupActivity.java``,
``GameSetupFragment.kt``, ``ui/recording/GameRecordActivity.java``,
``RecordingGameExtrasFragment.kt``, ``ui/UndoWithVariationDialog.kt``, ``ui/GobandroidDialog.kt``,
``ui/CustomActionBar.kt``, ``ui/GoPrefs.kt``, ``InteractionScope.kt``, ``logic/GoGame.kt``
(``pass``, ``do_move``, ``undo``, ``canUndo``), ``logic/GoMove.java``, the layouts ``game.xml``,
``game_setup_inner.xml``, ``top_nav_and_extras.xml``, ``dialog_gobandroid.xml``,
``dialog_keep_variant.xml``, the menus and ``values/strings.xml``.

Bug gobandroid#191 (crash): "Pass" makes a new ``GoMove`` child of the current move and calls
``setToPassMove`` (its cell is null). "Undo" asks "Keep Variation?" while
``InteractionScope.ask_variant_session`` is true (the default, process memory); "Yes" calls
``undo(true)``, which jumps back to the parent and leaves the pass among its
``next_move_variations``. Putting a stone then calls ``GoGame.do_move``, whose
``actMove.getNextMoveOnCell(cell)`` calls ``getCell().equals(cell)`` on each variation: on the
pass's null cell, a ``NullPointerException``. "No" calls ``undo(false)``, which removes the pass
from the variations (no crash) and shows the snackbar "Disable variations dialog" whose "Disable"
turns the dialog off; undo without the dialog keeps the variation (``GoPrefs.isKeepVariantWanted``,
default true) and shows "Enable variations dialog". The fix skips variations whose cell is null.

Modelling notes: ``GoBoardView`` draws the board on a canvas (one node in a real dump); the model
gives each intersection a child node (``android.view.View``, no id, no text), so a tap at its
place reaches it; the board fills the width under the action bar (9x9: 120 px a cell). The game
(``GameProvider``'s ``GoGame``) is process memory. Go rules: captures, suicide and ko as in
``do_move``. Stubbed: the navigation drawer (the toggle opens nothing), Save as SGF, Share and
Game Info (they do nothing), the mode popup of ``move_tv``/``mode_tv`` (its
entries only close it), the seek bars (they do not move), the line width, the zoom board,
sounds, moving the last stone. Uncertain: whether the action bar also shows the title next to the
custom view (the model shows only the custom view); how many actions fit in the bar (three slots
on a 411 dp wide phone, one taken by the overflow button); the NPE message's method (``Cell``
declares no ``equals``, so javac calls ``Object.equals``); the framework frames of the touch
(the model gives the app's frames over the looper's).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import stacks
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.ligi.gobandroid_hd"
SETUP = "org.ligi.gobandroid_hd.ui.game_setup.GoSetupActivity"
RECORD = "org.ligi.gobandroid_hd.ui.recording.GameRecordActivity"
NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'boolean java.lang.Object.equals(java.lang.Object)' "
    "on a null object reference"
)
BOARD_TOP = 210  # the status bar (63 px) and the action bar (147 px)
BOARD_PX = 1080


def new_game(size: int) -> dict[str, Any]:
    """``GoGame(size, 0)``: the first move (no cell), black to move."""
    return {"size": size, "moves": [{"cell": None, "parent": None, "next": []}], "act": 0}


def path(game: dict[str, Any], index: int) -> list[int]:
    """The moves from the first one to ``index``."""
    out = []
    at: int | None = index
    while at is not None:
        out.append(at)
        at = game["moves"][at]["parent"]
    return out[::-1]


def neighbours(size: int, x: int, y: int) -> list[tuple[int, int]]:
    cand = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
    return [(a, b) for a, b in cand if 0 <= a < size and 0 <= b < size]


def group(
    board: dict[tuple[int, int], str], size: int, start: tuple[int, int]
) -> tuple[set[tuple[int, int]], bool]:
    """The stones connected to ``start`` and whether the group has a liberty."""
    colour = board[start]
    seen, todo, free = {start}, [start], False
    while todo:
        x, y = todo.pop()
        for n in neighbours(size, x, y):
            if n not in board:
                free = True
            elif board[n] == colour and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen, free


def place(
    board: dict[tuple[int, int], str], size: int, cell: tuple[int, int], colour: str
) -> dict[tuple[int, int], str]:
    """The board after ``colour`` plays ``cell``, dead enemy stones removed (``remove_dead``)."""
    out = dict(board)
    out[cell] = colour
    for n in neighbours(size, *cell):
        if n in out and out[n] != colour:
            stones, free = group(out, size, n)
            if not free:
                for s in stones:
                    del out[s]
    return out


def replay(game: dict[str, Any]) -> tuple[list[dict[tuple[int, int], str]], dict[str, int]]:
    """The board after each move on the path to the current move (black moves first) and the
    stones each colour captured."""
    size, caught = game["size"], {"B": 0, "W": 0}
    history: list[dict[tuple[int, int], str]] = [{}]
    for depth, index in enumerate(path(game, game["act"])[1:]):
        cell = game["moves"][index]["cell"]
        colour = "B" if depth % 2 == 0 else "W"
        board = place(history[-1], size, tuple(cell), colour) if cell else history[-1]
        caught[colour] += len(history[-1]) + (1 if cell else 0) - len(board)
        history.append(board)
    return history, caught


def crashed_on_pass_variation(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of gobandroid#191: the NPE of ``GoMove.getNextMoveOnCell``."""
    return crashed(system, PACKAGE, NPE, "Object.equals")


def cell(x: int, y: int, size: int = 9) -> dict[str, Any]:
    """A tap on the board's intersection (x, y) of a ``size`` board."""
    px = BOARD_PX // size
    left, top = x * px, BOARD_TOP + y * px
    return click(PACKAGE, cls="android.view.View", bounds=[left, top, left + px, top + px])


START = click(PACKAGE, "menu_start", desc="Start")
MORE = click(PACKAGE, desc="More options")
PASS = click(PACKAGE, "title", "Pass")
UNDO = click(PACKAGE, "menu_game_undo", desc="Undo")
YES = click(PACKAGE, text="Yes", cls="android.widget.Button")
NO = click(PACKAGE, text="No", cls="android.widget.Button")
STEPS_191 = (START, MORE, PASS, UNDO, YES, cell(4, 4))


class Gobandroid(VirtualApp):
    """Gobandroid 2.5.0: the game setup, the recording screen and their dialogs."""

    name: ClassVar[str] = "gobandroid"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Gobandroid"
    version: ClassVar[str] = "2.5.0"
    launch_activity: ClassVar[str] = SETUP
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "gobandroid#191",
            "crash",
            "Undoing a pass crash",
            crashed_on_pass_variation,
            human_steps=STEPS_191,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"last_board_size": 9, "keep_variant_wanted": True}

    # -- the process's game (GameProvider) and InteractionScope ---------------------------------
    def _game(self, ctx: AppContext) -> dict[str, Any]:
        if "game" not in ctx.memory:
            ctx.memory["game"] = new_game(ctx.data["last_board_size"])
            ctx.memory["ask_variant_session"] = True
        game: dict[str, Any] = ctx.memory["game"]
        return game

    def on_create(self, ctx: AppContext) -> None:
        self._game(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu"):
            return True
        ctx.ui["dialog"] = "quit"  # GoActivity.onKeyDown(KEYCODE_BACK) -> quit(false)
        return True

    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    # -- GoGame --------------------------------------------------------------------------------
    def _pass(self, ctx: AppContext) -> None:
        game = self._game(ctx)
        moves = game["moves"]
        moves.append({"cell": None, "parent": game["act"], "next": []})
        moves[game["act"]]["next"].append(len(moves) - 1)
        game["act"] = len(moves) - 1
        ctx.ui.update(menu=False, snackbar=None)

    def _undo(self, ctx: AppContext, keep: bool) -> None:
        game = self._game(ctx)
        last = game["act"]
        parent = game["moves"][last]["parent"]
        game["act"] = parent
        if not keep:  # GoMove.destroy
            game["moves"][parent]["next"].remove(last)

    def _request_undo(self, ctx: AppContext) -> None:
        if ctx.memory["ask_variant_session"]:
            ctx.ui["dialog"] = "keep_variant"
            return
        self._undo(ctx, ctx.data["keep_variant_wanted"])
        ctx.ui["snackbar"] = "enable"

    def _answer_keep(self, ctx: AppContext, keep: bool) -> None:
        self._undo(ctx, keep)
        ctx.ui.update(dialog=None, snackbar=None if keep else "disable")

    def _snackbar_action(self, ctx: AppContext) -> None:
        ctx.memory["ask_variant_session"] = ctx.ui["snackbar"] == "enable"
        ctx.ui["snackbar"] = None

    def _do_move(self, ctx: AppContext, x: int, y: int) -> str:
        """``GoGame.do_move`` with its checks, in their order."""
        game = self._game(ctx)
        history = replay(game)[0]
        board = history[-1]
        if (x, y) in board:
            return "INVALID_CELL_NOT_FREE"
        act = game["moves"][game["act"]]
        for index in act["next"]:  # GoMove.getNextMoveOnCell
            other = game["moves"][index]["cell"]
            if other is None:  # the bug: getCell().equals(cell) on a pass
                raise JavaException(
                    NPE,
                    NPE_MESSAGE,
                    frames=[
                        "org.ligi.gobandroid_hd.logic.GoMove.getNextMoveOnCell(GoMove.java:95)",
                        "org.ligi.gobandroid_hd.logic.GoGame.do_move(GoGame.kt:196)",
                        "org.ligi.gobandroid_hd.ui.GoActivity.doMoveWithUIFeedback"
                        "(GoActivity.kt:318)",
                        "org.ligi.gobandroid_hd.ui.GoActivity.doTouch(GoActivity.kt:457)",
                        "org.ligi.gobandroid_hd.ui.GoActivity.onTouch(GoActivity.kt:399)",
                        *stacks.looper_frames(25),
                    ],
                )
            if other == [x, y]:
                game["act"] = index
                return "VALID"
        colour = "B" if (len(history) - 1) % 2 == 0 else "W"
        after = place(board, game["size"], (x, y), colour)
        if len(history) > 1 and after == history[-2]:
            return "INVALID_IS_KO"
        if not group(after, game["size"], (x, y))[1]:
            return "INVALID_CELL_NO_LIBERTIES"
        game["moves"].append({"cell": [x, y], "parent": game["act"], "next": []})
        game["moves"][game["act"]]["next"].append(len(game["moves"]) - 1)
        game["act"] = len(game["moves"]) - 1
        return "VALID"

    def _tap(self, ctx: AppContext, x: int, y: int) -> None:
        ctx.ui["snackbar"] = None
        result = self._do_move(ctx, x, y)
        if result == "INVALID_IS_KO":
            ctx.toast("Invalid move - KO")
        elif result == "INVALID_CELL_NO_LIBERTIES":
            ctx.toast("Invalid move - no liberties")
        if ctx.activity == SETUP:  # GoSetupActivity.doMoveWithUIFeedback
            self._start(ctx)

    def _comment(self, ctx: AppContext, text: str) -> None:
        game = self._game(ctx)
        game["moves"][game["act"]]["comment"] = text

    def _start(self, ctx: AppContext) -> None:
        ctx.start_activity(RECORD)
        ctx.finish()

    def _size(self, ctx: AppContext, size: int) -> None:
        ctx.data["last_board_size"] = size
        if self._game(ctx)["size"] != size:
            ctx.memory["game"] = new_game(size)

    def _clear(self, ctx: AppContext) -> None:
        ctx.memory["game"] = new_game(ctx.data["last_board_size"])

    # -- rendering -----------------------------------------------------------------------------
    def _action_bar(self, ctx: AppContext, game: dict[str, Any]) -> View:
        mode = "Setup" if ctx.activity == SETUP else "Record"
        history, caught = replay(game)
        depth = len(history) - 1
        custom = w.linear_layout(
            [
                w.image_view("blackStoneImageView", width=60),
                w.text_view(str(caught["B"]), "black_captures_tv", width=60),
                w.text_view(
                    f"Move{depth}", "move_tv", on_click=w.bind(self._set, mode=True), width=150
                ),
                w.linear_layout(
                    [
                        w.image_view("whiteStoneImageview", width=60),
                        w.text_view(str(caught["W"]), "white_captures_tv", width=60),
                    ],
                    rid="white_info_container",
                    horizontal=True,
                    width=120,
                ),
                w.text_view(mode, "mode_tv", on_click=w.bind(self._set, mode=True), width=150),
            ],
            horizontal=True,
            width=540,
        )
        noop = w.bind(self._set, menu=False)
        if ctx.activity == SETUP:
            actions = [w.action_item("menu_start", "Start", self._start)]
            if game["act"] != 0:
                actions.append(w.action_item("menu_clear_board", "clear board", self._clear))
            actions.append(w.action_item("menu_game_info", "Game Info", noop))
        elif game["act"] != 0:
            actions = [
                w.action_item("menu_game_undo", "Undo", self._request_undo),
                w.action_item("menu_write_sgf", "Save as SGF", noop),
                w.overflow_button(w.bind(self._set, menu=True)),
            ]
        else:
            actions = [
                w.action_item("menu_write_sgf", "Save as SGF", noop),
                w.action_item("menu_game_info", "Game Info", noop),
                w.overflow_button(w.bind(self._set, menu=True)),
            ]
        return w.toolbar(
            custom,
            navigation=w.nav_button("open drawer", None),
            actions=actions,
            rid="action_bar",
        )

    def _board(self, game: dict[str, Any], rid: str = "go_board") -> View:
        size = game["size"]
        px = BOARD_PX // size
        rows = [
            w.linear_layout(
                [
                    View(cls="android.view.View", width=px, height=px, on_click=self._cell(x, y))
                    for x in range(size)
                ],
                horizontal=True,
                height=px,
            )
            for y in range(size)
        ]
        return View(cls="android.view.View", resource_id=rid, height=px * size, children=rows)

    def _cell(self, x: int, y: int) -> Any:
        return w.bind(self._tap, x, y)

    def render(self, ctx: AppContext) -> Screen:
        game = self._game(ctx)
        if ctx.activity == SETUP:
            size = game["size"]
            extra = w.scroll_view(
                [
                    w.linear_layout(
                        [
                            w.text_view(f"Size {size}x{size}", "game_size_label"),
                            View(cls="android.widget.SeekBar", resource_id="size_seek"),
                            w.linear_layout(
                                [
                                    w.button(
                                        f"size_button{n}x{n}", f"{n}x{n}", w.bind(self._size, n)
                                    )
                                    for n in (9, 13, 19)
                                ],
                                rid="LinearLayout02",
                                horizontal=True,
                            ),
                            w.text_view("Handicap 0", "handicap_label"),
                            View(cls="android.widget.SeekBar", resource_id="handicap_seek"),
                            w.text_view("Line Width", "line_width"),
                            View(cls="android.widget.SeekBar", resource_id="line_width_seek"),
                        ]
                    )
                ],
                rid="ScrollView01",
            )
        else:
            extra = View(
                cls="android.widget.EditText",
                text=game["moves"][game["act"]].get("comment", ""),
                hint="enter your comments here",
                on_text=self._comment,
            )
        body: list[View] = [
            self._action_bar(ctx, game),
            self._board(game),
            w.frame_layout([w.frame_layout([extra], rid="game_extra_container")]),
        ]
        if ctx.ui.get("snackbar"):
            enable = ctx.ui["snackbar"] == "enable"
            body.append(
                w.linear_layout(
                    [
                        w.text_view(
                            "Enable variations dialog" if enable else "Disable variations dialog",
                            "snackbar_text",
                        ),
                        w.button(
                            "snackbar_action",
                            "Enable" if enable else "Disable",
                            self._snackbar_action,
                            width=300,
                        ),
                    ],
                    horizontal=True,
                    height=144,
                )
            )
        content = w.drawer_layout(
            View(
                cls="android.support.design.widget.CoordinatorLayout",
                resource_id="content_frame",
                children=[w.linear_layout(body)],
            ),
            cls="android.support.v4.widget.DrawerLayout",
        )
        return Screen(content=content, windows=self._windows(ctx, game))

    def _windows(self, ctx: AppContext, game: dict[str, Any]) -> list[Window]:
        close = w.bind(self._set, menu=False, dialog=None, mode=False)
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            items: list[tuple[Any, ...]] = [("Pass", self._pass), ("Share", close)]
            if game["act"] != 0:
                items.append(("Game Info", close))
            windows.append(w.menu_window(items, close))
        if ctx.ui.get("mode"):
            windows.append(w.menu_window([("Record", close), ("Setup", close)], close))
        dialog = ctx.ui.get("dialog")
        if dialog == "keep_variant":
            root = w.linear_layout(
                [
                    w.text_view("Keep Variation?", "dialog_title"),
                    w.linear_layout(
                        [w.text_view("Do you want to keep this move as variation?")],
                        rid="dialog_content",
                    ),
                    w.linear_layout(
                        [
                            w.button("", "Yes", w.bind(self._answer_keep, True)),
                            w.button("", "No", w.bind(self._answer_keep, False)),
                        ],
                        rid="button_container",
                        horizontal=True,
                    ),
                ],
                rid="dialog_main_container",
                weight=0,
            )
            windows.append(Window(root=root, on_dismiss=w.bind(self._set, dialog=None)))
        elif dialog == "quit":
            windows.append(
                w.alert_dialog(
                    w.dialog_title("End Game?"),
                    [w.dialog_message("Do you really want to quit this game?")],
                    w.dialog_buttons(("Yes", w.finish), ("No", close)),
                    close,
                )
            )
        return windows


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "gobandroid#191": [
        # "No" in the dialog: undo(false) removes the pass from the variations.
        [START, MORE, PASS, UNDO, NO, cell(4, 4)],
        # No pass: a stone, undone with "Yes", then the same stone again (a matching variation).
        [START, cell(4, 4), UNDO, YES, cell(4, 4)],
        # The pass kept as a variation, but another pass instead of a stone.
        [START, MORE, PASS, UNDO, YES, MORE, PASS],
        # Pass then a stone without the undo.
        [START, MORE, PASS, cell(4, 4)],
    ],
}
