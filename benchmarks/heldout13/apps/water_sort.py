"""Water Sort 1.0.9 (``com.sidhant.watersort``, a Flutter + Flame app), with bug water-sort#48.

Sources read: sidhant947/water-sort at tag V1.0.9 (888fd0a, "V1.0.9 Theme Packs & Better
Layout", pubspec ``version: 1.0.9+10``), the newest release before the report (the report names
no app version; the stored history ends there, so no fix commit was read).

Screens a person meets on the way (all Flutter semantics nodes, described by their texts):

- no onboarding: a fresh install opens the home screen with the profile pill ("🧪" "Player 1",
  opening the profile dialog), the support heart, "WATER SORT", "A COZY COLOR SORTING GAME", the
  "Level 1" pill and the buttons "Start Game" ("Continue" once past level 1), "Select Level",
  "Random Puzzle" (a difficulty dialog: EASY ... EXTREME, TUBE CAPACITY, PLAY PUZZLE, CANCEL),
  "How to Play" and "Settings";
- the game: a HUD (back arrow, the move count, "LEVEL n" or "RANDOM", "UNDO", the restart
  icon) above the Flame board of tubes; a tap selects a tube (one with water), a tap on another
  pours onto a matching colour or into an empty tube (else that tube is selected instead);
  dialogs "LEVEL COMPLETE!" (Next Level / Home / Buy Me a Coffee ☕) and "NO MORE MOVES!" (Undo
  Last Move / Restart Level).

The bug (#48), in GameViewModel.undoMove: a pour pushes a MoveSnapshot holding the tubes and the
move count before the pour, and counts the move; undoing restores the snapshot's tubes but not
its move count, so the HUD keeps counting the undone move (and the saved level state stores
it). The ground truth reads the saved active level state (Hive's active level, ``data``): a move
count above the number of moves left in its history, which every other action keeps equal.

Modelled: selection and pouring rules (run of the top colour, clamped to the free space), the
undo history, the restart (clears the saved state, reloads the level), the saved active level
state and its restoring when the level is opened again, completing a level (progress and
"Continue"), the no-more-moves check (no pour possible), back navigation between the routes.
Stubbed: Select Level, How to Play, Settings and the support page (a title and the back arrow),
the profile dialog (its rows and buttons do nothing but CANCEL), "Buy Me a Coffee ☕". Replaced
by fixed data: the level generator (Dart's ``Random(levelNumber)`` cannot be replayed here): every
level and random puzzle shows the same solvable 3-colour, 4-tube board (two tubes of mixed
pairs, one of two pairs, one empty), as levels 1-3 are built from pairs; the timer (levels 4+
and non-Easy random puzzles) is not run. Uncertain: the Flame board has no semantics in the
real app; here each tube is an unlabelled clickable ``android.view.View`` at the tube's place
(80 dp wide, 256 dp tall, 8 dp apart, centred), the only way the virtual device routes a tap.
The report places the Undo button at the bottom left; in V1.0.9 "UNDO" sits in the top HUD (a
release after V1.0.9, not in the stored history, may have moved it): the model follows V1.0.9.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.sidhant.watersort"
MAIN = ".MainActivity"
# The fixed board (bottom to top); R, G, B stand for the three picked water colours.
BOARD = (("R", "R", "G", "G"), ("B", "B", "R", "R"), ("G", "G", "B", "B"), ())
CAPACITY = 4
OPTIMAL_MOVES = 12
TUBE_W, TUBE_H, GAP = 210, 672, 21  # 80 dp x 256 dp, 8 dp apart (2.625 px/dp)
STATUS_H = 63
HUD_H = 131
BOARD_TOP = 437  # the tubes are centred in the game area below the HUD
# the HUD pill, left to right: margin, back arrow, moves, level/timer, UNDO, restart
HUD_WIDTHS = (21, 100, 140, 520, 178, 100)
RESTART_BOUNDS = [sum(HUD_WIDTHS[:5]), STATUS_H, sum(HUD_WIDTHS), STATUS_H + HUD_H]
DIFFICULTIES = ("EASY", "MEDIUM", "HARD", "EXPERT", "EXTREME")
STUB_TITLES = {
    "levels": "Levels",
    "how_to_play": "HOW TO PLAY",
    "settings": "SETTINGS",
    "support": "SUPPORT",
}


def _tube_bounds(i: int, count: int = len(BOARD)) -> list[int]:
    row_w = count * TUBE_W + (count - 1) * GAP
    left = (1080 - row_w) // 2 + i * (TUBE_W + GAP)
    top = STATUS_H + HUD_H + BOARD_TOP
    return [left, top, left + TUBE_W, top + TUBE_H]


# -- ground truth ----------------------------------------------------------------------------------


def _oracle_48(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """The saved level state counts more moves than its history holds."""
    active = data.get("active_level")
    if not active:
        return False
    return int(active["moveCount"]) > len(active["moveHistory"])


def _tap(i: int) -> dict[str, Any]:
    return {
        "kind": "click",
        "target": {"class_name": "android.view.View", "bounds": _tube_bounds(i)},
    }


def _press(desc: str) -> dict[str, Any]:
    return {"kind": "click", "target": {"content_desc": desc, "class_name": "android.view.View"}}


BUG_48 = BugSpec(
    bug_id="water-sort#48",
    kind="non-crash",
    title="When undoing a move, number of moves is not decremented",
    oracle=_oracle_48,
    human_steps=(_press("Start Game"), _tap(0), _tap(3), _press("UNDO")),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "water-sort#48": [
        # a pour and no undo
        [_press("Start Game"), _tap(0), _tap(3)],
        # the restart icon instead of UNDO
        [
            _press("Start Game"),
            _tap(0),
            _tap(3),
            {
                "kind": "click",
                "target": {"class_name": "android.view.View", "bounds": RESTART_BOUNDS},
            },
        ],
        # the taps swapped: the empty tube cannot be selected, so nothing is poured
        [_press("Start Game"), _tap(3), _tap(0)],
        # selecting and deselecting a tube moves nothing
        [_press("Start Game"), _tap(0), _tap(0)],
    ]
}


# -- the game --------------------------------------------------------------------------------------


def _top_run(tube: list[str]) -> int:
    run = 0
    for colour in reversed(tube):
        if colour != tube[-1]:
            break
        run += 1
    return run


def _can_pour(tubes: list[list[str]], src: int, dst: int) -> bool:
    """isValidPour: water on top of the same colour or into an empty tube, with room."""
    if src == dst or not tubes[src] or len(tubes[dst]) >= CAPACITY:
        return False
    return not tubes[dst] or tubes[dst][-1] == tubes[src][-1]


def _solved(tubes: list[list[str]]) -> bool:
    return all(not t or (len(t) == CAPACITY and len(set(t)) == 1) for t in tubes)


def _any_move(tubes: list[list[str]]) -> bool:
    return any(
        _can_pour(tubes, i, j) for i in range(len(tubes)) for j in range(len(tubes)) if i != j
    )


def _button(desc: str, handler: Any, **kw: Any) -> View:
    """A TangibleButton / GestureDetector: a clickable, role-less Flutter node."""
    kw.setdefault("height", 140)
    return View(cls="android.view.View", content_desc=desc, on_click=handler, **kw)


def _dialog(body: list[View], *, cancelable: bool, on_dismiss: Any = None) -> Window:
    return Window(
        root=View(cls="android.view.View", weight=0, style="dialog", children=body),
        cancelable=cancelable,
        on_dismiss=on_dismiss,
    )


def _nothing(ctx: AppContext) -> None:
    """A tap whose effect lies outside the app (a web page) or is not modelled."""


class WaterSort109(VirtualApp):
    """Water Sort 1.0.9 (see the module docstring)."""

    name: ClassVar[str] = "water-sort"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Water Sort"
    version: ClassVar[str] = "1.0.9"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_48,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "profile": {"name": "Player 1", "emoji": "🧪"},
            "progress": {"currentLevel": 1, "totalMoves": 0},
            "level_stars": {},
            # Hive's active level state: levelNumber, isRandomMode, moveCount, tubes, moveHistory
            "active_level": None,
        }

    # -- lifecycle and navigation ------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("routes", [{"page": "home"}])
        ctx.ui.setdefault("dialog", None)
        ctx.ui.setdefault("game", None)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["dialog"]:
            if ui["dialog"]["kind"] in ("complete", "no_moves"):
                return True  # barrierDismissible: false
            ui["dialog"] = None
            return True
        if len(ui["routes"]) > 1:
            self._pop(ctx)
            return True
        return False

    @staticmethod
    def _push(ctx: AppContext, route: dict[str, Any]) -> None:
        ctx.ui["routes"].append(route)

    @staticmethod
    def _pop(ctx: AppContext) -> None:
        route = ctx.ui["routes"].pop()
        if route["page"] == "game":
            ctx.ui["game"] = None

    # -- home --------------------------------------------------------------------------------------
    def _start(self, ctx: AppContext) -> None:
        level = ctx.data["progress"]["currentLevel"]
        self._push(ctx, {"page": "game"})
        self._load(ctx, level, random_mode=False)

    def _play_random(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        self._push(ctx, {"page": "game"})
        self._load(ctx, -1, random_mode=True)

    @staticmethod
    def _load(ctx: AppContext, level: int, random_mode: bool) -> None:
        """loadLevel / loadRandomLevel: the saved state when it is this level's, else a new
        board (and the saved state cleared)."""
        saved = ctx.data["active_level"]
        if (
            saved
            and saved["isRandomMode"] == random_mode
            and (random_mode or saved["levelNumber"] == level)
        ):
            ctx.ui["game"] = {
                "level": level,
                "random": random_mode,
                "tubes": [list(t) for t in saved["tubes"]],
                "moves": saved["moveCount"],
                "history": [
                    {"tubes": [list(t) for t in s["tubes"]], "moveCount": s["moveCount"]}
                    for s in saved["moveHistory"]
                ],
                "selected": None,
                "complete": False,
            }
            return
        ctx.ui["game"] = {
            "level": level,
            "random": random_mode,
            "tubes": [list(t) for t in BOARD],
            "moves": 0,
            "history": [],
            "selected": None,
            "complete": False,
        }
        ctx.data["active_level"] = None

    @staticmethod
    def _save_state(ctx: AppContext) -> None:
        """_saveCurrentState: the level state written to Hive after every move and undo."""
        game = ctx.ui["game"]
        if game["complete"]:
            ctx.data["active_level"] = None
            return
        ctx.data["active_level"] = {
            "levelNumber": game["level"],
            "isRandomMode": game["random"],
            "moveCount": game["moves"],
            "optimalMoves": OPTIMAL_MOVES,
            "tubes": [list(t) for t in game["tubes"]],
            "moveHistory": [
                {"moveCount": s["moveCount"], "tubes": [list(t) for t in s["tubes"]]}
                for s in game["history"]
            ],
        }

    # -- playing -----------------------------------------------------------------------------------
    def _select_tube(self, ctx: AppContext, index: int) -> None:
        game = ctx.ui["game"]
        if game is None or game["complete"] or ctx.ui["dialog"]:
            return
        tubes = game["tubes"]
        selected = game["selected"]
        if selected is None:
            if tubes[index]:
                game["selected"] = index
        elif selected == index:
            game["selected"] = None
        elif _can_pour(tubes, selected, index):
            self._pour(ctx, selected, index)
        else:
            game["selected"] = index if tubes[index] else None

    def _pour(self, ctx: AppContext, src: int, dst: int) -> None:
        """_pourWater then completePendingPour (the pour animation ends at once)."""
        game = ctx.ui["game"]
        tubes = game["tubes"]
        count = min(_top_run(tubes[src]), CAPACITY - len(tubes[dst]))
        snapshot = {"tubes": [list(t) for t in tubes], "moveCount": game["moves"]}
        colour = tubes[src][-1]
        del tubes[src][len(tubes[src]) - count :]
        tubes[dst].extend([colour] * count)
        game["moves"] += 1
        game["selected"] = None
        game["history"].append(snapshot)
        game["complete"] = _solved(tubes)
        self._save_state(ctx)
        if game["complete"]:
            self._complete(ctx)
        elif not _any_move(tubes):
            ctx.ui["dialog"] = {"kind": "no_moves"}

    @staticmethod
    def _complete(ctx: AppContext) -> None:
        game = ctx.ui["game"]
        moves = game["moves"]
        stars = 3 if moves < OPTIMAL_MOVES else 2 if moves == OPTIMAL_MOVES else 1
        progress = ctx.data["progress"]
        progress["totalMoves"] += moves
        if not game["random"]:
            ctx.data["level_stars"][str(game["level"])] = stars
            if game["level"] >= progress["currentLevel"]:
                progress["currentLevel"] = game["level"] + 1
        ctx.ui["dialog"] = {"kind": "complete"}

    def _undo(self, ctx: AppContext) -> None:
        game = ctx.ui["game"]
        if not game["history"] or game["complete"]:
            return
        snapshot = game["history"].pop()
        game["tubes"] = [list(t) for t in snapshot["tubes"]]
        # The bug: the snapshot's moveCount is not put back.
        game["selected"] = None
        game["complete"] = False
        self._save_state(ctx)

    def _restart(self, ctx: AppContext) -> None:
        game = ctx.ui["game"]
        ctx.ui["dialog"] = None
        ctx.data["active_level"] = None
        self._load(ctx, game["level"], game["random"])

    def _next_level(self, ctx: AppContext) -> None:
        game = ctx.ui["game"]
        ctx.ui["dialog"] = None
        if game["random"]:
            self._load(ctx, -1, random_mode=True)
        else:
            self._load(ctx, game["level"] + 1, random_mode=False)

    def _home(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        self._pop(ctx)

    def _undo_from_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        self._undo(ctx)

    # -- rendering ---------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        page = ctx.ui["routes"][-1]["page"]
        if page == "game":
            body = self._render_game(ctx)
        elif page in STUB_TITLES:
            body = [
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=150,
                    children=[
                        _button("", self._pop, width=150),
                        w.flutter_text(STUB_TITLES[page], width=700),
                    ],
                )
            ]
        else:
            body = self._render_home(ctx)
        root = w.frame_layout([View(cls="android.view.View", children=body)])
        return Screen(content=root, windows=self._windows(ctx))

    def _render_home(self, ctx: AppContext) -> list[View]:
        profile = ctx.data["profile"]
        level = ctx.data["progress"]["currentLevel"]
        top = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=150,
            children=[
                _button(
                    f"{profile['emoji']}\n{profile['name']}",
                    w.bind(self._set_dialog, "profiles"),
                    width=340,
                ),
                View(cls="android.view.View", width=560),
                _button("", w.bind(self._push, {"page": "support"}), width=120),
            ],
        )
        buttons = [
            ("Start Game" if level <= 1 else "Continue", self._start),
            ("Select Level", w.bind(self._push, {"page": "levels"})),
            ("Random Puzzle", w.bind(self._set_dialog, "random")),
            ("How to Play", w.bind(self._push, {"page": "how_to_play"})),
            ("Settings", w.bind(self._push, {"page": "settings"})),
        ]
        return [
            top,
            View(cls="android.view.View", height=200),
            w.flutter_text("WATER SORT", height=150),
            w.flutter_text("A COZY COLOR SORTING GAME", height=60),
            View(cls="android.view.View", height=140),
            w.flutter_text(f"Level {level}", height=100),
            View(cls="android.view.View", height=100),
            *[_button(text, handler, height=147) for text, handler in buttons],
        ]

    def _render_game(self, ctx: AppContext) -> list[View]:
        game = ctx.ui["game"]
        if game is None:
            return []
        can_undo = bool(game["history"]) and not game["complete"]
        label = "RANDOM" if game["random"] else f"LEVEL {game['level']}"
        margin, back_w, moves_w, label_w, undo_w, restart_w = HUD_WIDTHS
        hud = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=HUD_H,
            children=[
                View(cls="android.view.View", width=margin),
                _button("", self._pop, width=back_w),
                w.flutter_text(str(game["moves"]), width=moves_w),
                View(
                    cls="android.view.View",
                    layout=FRAME,
                    width=label_w,
                    children=[w.flutter_text(label, width=300, height=100, gravity="center")],
                ),
                # GestureDetector(onTap: canUndo ? undoMove : null): no tap action when null
                _button("UNDO", self._undo, width=undo_w)
                if can_undo
                else w.flutter_text("UNDO", width=undo_w),
                _button("", self._restart, width=restart_w),
            ],
        )
        tubes = game["tubes"]
        count = len(tubes)
        row_w = count * TUBE_W + (count - 1) * GAP
        row: list[View] = [View(cls="android.view.View", width=(1080 - row_w) // 2)]
        for i, tube in enumerate(tubes):
            if i:
                row.append(View(cls="android.view.View", width=GAP))
            row.append(
                View(
                    cls="android.view.View",
                    width=TUBE_W,
                    on_click=w.bind(self._select_tube, i),
                    selected=game["selected"] == i,
                    style="primary" if tube else "",
                    extra={"water": list(tube)},
                )
            )
        board = View(
            cls="android.view.View",
            children=[
                View(cls="android.view.View", height=BOARD_TOP),
                View(cls="android.view.View", layout=HORIZONTAL, height=TUBE_H, children=row),
            ],
        )
        return [hud, board]

    # -- dialogs -----------------------------------------------------------------------------------
    @staticmethod
    def _set_dialog(ctx: AppContext, kind: str) -> None:
        ctx.ui["dialog"] = {"kind": kind, "difficulty": "EASY"}

    @staticmethod
    def _close(ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    @staticmethod
    def _pick_difficulty(ctx: AppContext, label: str) -> None:
        ctx.ui["dialog"]["difficulty"] = label

    def _windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if not dialog:
            return []
        kind = dialog["kind"]
        game = ctx.ui["game"]
        if kind == "complete" and game is not None:
            what = "this Easy puzzle" if game["random"] else f"Level {game['level']}"
            body = [
                w.flutter_text("LEVEL COMPLETE!", height=110),
                w.flutter_text(f"You sorted {what} in {game['moves']} moves.", height=110),
                _button("Play Again" if game["random"] else "Next Level", self._next_level),
                _button("Home", self._home),
                _button("Buy Me a Coffee ☕", _nothing),
            ]
            return [_dialog(body, cancelable=False)]
        if kind == "no_moves" and game is not None:
            body = [
                w.flutter_text("NO MORE MOVES!", height=110),
                w.flutter_text(
                    "There are no valid moves remaining for this configuration.", height=110
                ),
            ]
            if game["history"]:
                body.append(_button("Undo Last Move", self._undo_from_dialog))
            body.append(_button("Restart Level", self._restart))
            return [_dialog(body, cancelable=False)]
        if kind == "random":
            body = [_button(d, w.bind(self._pick_difficulty, d)) for d in DIFFICULTIES]
            capacity = {"EASY": "4", "MEDIUM": "4", "EXTREME": "6"}.get(dialog["difficulty"], "5")
            body += [
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=100,
                    children=[w.flutter_text("TUBE CAPACITY"), w.flutter_text(capacity)],
                ),
                View(cls="android.widget.SeekBar", height=100),
                _button("PLAY PUZZLE", self._play_random),
                w.flutter_button("CANCEL", self._close, height=120),
            ]
            return [_dialog(body, cancelable=True, on_dismiss=self._close)]
        if kind == "profiles":
            profile = ctx.data["profile"]
            body = [
                w.flutter_text("SELECT PROFILE", height=110),
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=150,
                    children=[
                        w.flutter_text(f"{profile['emoji']}\n{profile['name']}", width=600),
                        w.flutter_button("", _nothing, width=126),
                    ],
                ),
                _button("+ CREATE NEW PROFILE", _nothing),
                w.flutter_button("CANCEL", self._close, height=120),
            ]
            return [_dialog(body, cancelable=True, on_dismiss=self._close)]
        return []
