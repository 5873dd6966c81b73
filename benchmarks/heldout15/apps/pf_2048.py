"""Privacy Friendly 2048 (``org.secuso.privacyfriendly2048``) 1.1, for privacy-friendly-2048#7.

Modelled from the sources at tag ``v1.1`` (commit ``bb3b902``, 2018-10-29, the F-Droid release
the reporter used): ``app/src/main/AndroidManifest.xml``, ``activities/SplashActivity.java``,
``TutorialActivity.java``, ``MainActivity.java``, ``GameActivity.java``, ``Element.java``,
``helpers/FirstLaunchManager.java``, ``res/layout/activity_main.xml``, ``activity_game.xml``,
``activity_tutorial.xml``, ``tutorial_slide1-4.xml``, ``choose_slide1-4.xml``,
``res/menu/main.xml``, ``main_drawer.xml`` and ``res/values/strings.xml``.

Fresh install: ``SplashActivity`` sends the first launch to ``TutorialActivity`` (four slides,
"Welcome!" ... "How to Combine the Numbers!", ``btn_skip`` "Skip" and ``btn_next`` "Next", "Okay"
on the last slide), which opens ``MainActivity``: the app bar "2048" with the drawer (Main,
Tutorial, Statistics, Settings, Help, About), a pager of the board sizes "4x4", "5x5", "6x6",
"7x7" (``btn_prev``/``btn_next`` arrows, the previous one hidden on the first page),
"Start New Game" (``button_newGame``) and "Continue Game" (``button_continueGame``, enabled only
when ``state<n>.txt`` exists). Both start ``GameActivity`` with the extras ``n``, ``new``
(true / false), ``filename`` and ``undo``. ``GameActivity``: the action bar "2048" with Navigate
up (its only menu item, Settings, is hidden in ``onPrepareOptionsMenu``), ``restartButton``,
``undoButton`` (invisible until a move), "Record" ``record``, "2048", "Points" ``points`` and the
board of ``Element`` buttons (numbers or empty) in ``touch_field``; swipes move the numbers
(``Gestures``), merge equal neighbours (adding the merged value to the points) and add a 2
(or, one time in ten, a 4) on a random free field.

The bug (privacy-friendly-2048#7): ``GameActivity`` has no ``configChanges``, so a rotation
re-creates it. ``onSaveInstanceState``/``onPause`` call ``save()``, which writes the state file
and sets the static ``firstTime`` to true; the new instance's ``onCreate`` then sees
``firstTime`` and the intent's ``new`` extra, still true for a game begun with "Start New Game",
sets ``createNewGame`` and ``start()`` (from ``onWindowFocusChanged``) calls ``initializeState()``,
which builds a new board with 0 points: the running game and its score are gone. (Leaving with
Home and coming back does not re-create the activity, and a game opened with "Continue Game"
has ``new`` false, so neither resets.) The model keeps the static fields in ``ctx.memory`` and
the state files in ``ctx.data``; the oracle reads whether a game with moves was replaced by a new
one when the activity was re-created (the model notes the discarded game in ``ctx.data`` where
``initializeState`` runs).

Uncertain / simplified: new numbers are placed by a fixed pseudo-random sequence (the app uses
``Math.random()``); the merging follows the usual 2048 rule; animations, game-over and win
dialogs, and the statistics' time and move counts are not modelled (the record is). Stubs:
Tutorial (from the drawer), Statistics, Settings, Help, About (a title and Navigate up).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.secuso.privacyfriendly2048"
SPLASH = ".activities.SplashActivity"
TUTORIAL = ".activities.TutorialActivity"
MAIN = ".activities.MainActivity"
GAME = ".activities.GameActivity"
STUBS = {
    ".activities.StatsActivity": "Statistics",
    ".activities.SettingsActivity": "Settings",
    ".activities.HelpActivity": "Help",
    ".activities.AboutActivity": "About",
}
SLIDES = (
    ("Welcome!", "In the following slides you will learn how to play the Game 2048."),
    (
        "Learn how to move the numbers!",
        "To move all the numbers in the possible position in one direction, you have to swipe "
        "your finger in the same way.",
    ),
    (
        "Learn how to move the numbers!",
        "To move all the numbers in the possible position in one direction, you have to swipe "
        "your finger in the same way.",
    ),
    (
        "How to Combine the Numbers!",
        "To get the next higher power of 2 you have to combine numbers with the same value. The "
        "goal is to reach 2048 and higher.",
    ),
)
SIZES = (4, 5, 6, 7)
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def _lost_running_game(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth: a re-created GameActivity replaced a game that had moves by a new board (the
    model notes the discarded game where ``initializeState`` runs)."""
    return bool(data.get("lost_on_recreate"))


BUG_7 = BugSpec(
    bug_id="privacy-friendly-2048#7",
    kind="non-crash",
    title="Restart of game after auto-rotate",
    oracle=_lost_running_game,
    human_steps=(
        click(PACKAGE, "btn_skip", "Skip", cls="android.widget.Button"),
        click(PACKAGE, "button_newGame", "Start New Game", cls="android.widget.Button"),
        {"kind": "swipe", "direction": "down"},
        {"kind": "rotate", "orientation": "landscape"},
    ),
)


def _slide(board: list[list[int]], direction: str) -> tuple[list[list[int]], int, bool]:
    """The board after a swipe in ``direction``, the points gained and whether anything moved."""
    n = len(board)
    dr, dc = DIRECTIONS[direction]
    new = [[0] * n for _ in range(n)]
    gained = 0
    for k in range(n):
        # The cells of line k, from the edge the numbers move towards.
        if dc:
            cells = [(k, c) for c in range(n)]
            if dc > 0:
                cells.reverse()
        else:
            cells = [(r, k) for r in range(n)]
            if dr > 0:
                cells.reverse()
        values = [board[r][c] for r, c in cells if board[r][c]]
        merged: list[int] = []
        i = 0
        while i < len(values):
            if i + 1 < len(values) and values[i] == values[i + 1]:
                merged.append(values[i] * 2)
                gained += values[i] * 2
                i += 2
            else:
                merged.append(values[i])
                i += 1
        for (r, c), value in zip(cells, merged, strict=False):
            new[r][c] = value
    return new, gained, new != board


class PrivacyFriendly2048(VirtualApp):
    """Privacy Friendly 2048 1.1 (see the module docstring)."""

    name: ClassVar[str] = "privacy-friendly-2048"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "2048"
    version: ClassVar[str] = "1.1"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_7,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_launch": True,
            "current_page": 0,
            "states": {},
            "records": {},
            "rng": 7,
            "lost_on_recreate": None,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            if ctx.data["first_launch"]:
                ctx.data["first_launch"] = False
                ctx.start_activity(TUTORIAL)
            else:
                ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == GAME:
            self._game_on_create(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == GAME:
            self._save(ctx)  # onSaveInstanceState calls save()
            return {"saved_instance": True}
        return dict(ctx.ui)

    def on_activity_stop(self, ctx: AppContext) -> None:
        if ctx.activity == GAME:
            self._save(ctx)  # onPause

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity == GAME:
            self._start(ctx, recreated=False)  # onWindowFocusChanged

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer")
        if ctx.activity == GAME:
            self._save(ctx)
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN:
            page = ctx.data["current_page"] + (1 if direction == "left" else -1)
            if direction in ("left", "right") and 0 <= page < len(SIZES):
                ctx.data["current_page"] = page
                return True
            return False
        if ctx.activity == GAME and direction in DIRECTIONS:
            self._move(ctx, direction)
            return True
        return False

    # -- game logic (GameActivity's static fields live in ctx.memory) --------------------------
    def _game_on_create(self, ctx: AppContext) -> None:
        memory = ctx.memory
        memory.setdefault("first_time", True)
        memory.setdefault("create_new_game", True)
        if memory["first_time"] and ctx.extras.get("new", True):
            memory["create_new_game"] = True
            memory["first_time"] = False
        self._start(ctx, recreated=bool(ctx.ui.get("saved_instance")))
        ctx.ui.pop("saved_instance", None)

    def _start(self, ctx: AppContext, *, recreated: bool) -> None:
        """start() / initialize(): a new state when asked to (createNewGame or another size)."""
        memory = ctx.memory
        n = int(ctx.extras.get("n", 4))
        game = memory.get("game")
        if game is None or game["n"] != n or memory.get("create_new_game", True):
            self._initialize_state(ctx, n, recreated=recreated)
        memory["create_new_game"] = False

    def _initialize_state(self, ctx: AppContext, n: int, *, recreated: bool) -> None:
        memory = ctx.memory
        old = memory.get("game")
        saved = ctx.data["states"].get(str(n))
        if not ctx.extras.get("new", True) and saved is not None:
            memory["game"] = {key: _copy(value) for key, value in saved.items()}
            return
        if recreated and old is not None and old["n"] == n and old["moves"] > 0:
            ctx.data["lost_on_recreate"] = {"moves": old["moves"], "points": old["points"]}
        board = [[0] * n for _ in range(n)]
        memory["game"] = {"n": n, "board": board, "points": 0, "moves": 0, "last": None}
        self._add_number(ctx, board)
        self._add_number(ctx, board)

    def _add_number(self, ctx: AppContext, board: list[list[int]]) -> None:
        free = [(r, c) for r, row in enumerate(board) for c, value in enumerate(row) if not value]
        if not free:
            return
        seed = (ctx.data["rng"] * 1103515245 + 12345) % 2**31
        ctx.data["rng"] = seed
        r, c = free[seed % len(free)]
        board[r][c] = 4 if seed % 10 == 9 else 2

    def _move(self, ctx: AppContext, direction: str) -> None:
        game = ctx.memory["game"]
        board, gained, moved = _slide(game["board"], direction)
        if not moved:
            return
        game["last"] = {"board": _copy(game["board"]), "points": game["points"]}
        game["board"] = board
        game["points"] += gained
        game["moves"] += 1
        self._add_number(ctx, board)
        records = ctx.data["records"]
        key = str(game["n"])
        records[key] = max(records.get(key, 0), game["points"])

    def _undo(self, ctx: AppContext) -> None:
        game = ctx.memory["game"]
        if game["last"] is not None:
            game["board"] = game["last"]["board"]
            game["points"] = game["last"]["points"]
            game["last"] = None

    def _restart(self, ctx: AppContext) -> None:
        ctx.memory["create_new_game"] = True
        self._initialize_state_from_button(ctx)

    def _initialize_state_from_button(self, ctx: AppContext) -> None:
        # createNewGame(): putExtra("new", true), then initialize().
        ctx.extras["new"] = True
        self._initialize_state(ctx, int(ctx.extras.get("n", 4)), recreated=False)
        ctx.memory["create_new_game"] = False

    def _save(self, ctx: AppContext) -> None:
        """save(): the state file (unless createNewGame), then firstTime = true."""
        memory = ctx.memory
        game = memory.get("game")
        if game is not None and not memory.get("create_new_game", True):
            ctx.data["states"][str(game["n"])] = {k: _copy(v) for k, v in game.items()}
        memory["first_time"] = True

    # -- screens -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._tutorial(ctx)
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == GAME:
            return self._game(ctx)
        if ctx.activity in STUBS:
            return Screen(content=w.child_page(STUBS[ctx.activity]))
        return Screen(content=w.frame_layout())

    def _tutorial(self, ctx: AppContext) -> Screen:
        page = int(ctx.ui.get("page", 0))
        title, text = SLIDES[page]
        last = page == len(SLIDES) - 1

        def next_page(c: AppContext) -> None:
            if last:
                self._leave_tutorial(c)
            else:
                c.ui["page"] = page + 1

        content = w.relative_layout(
            [
                View(
                    cls="android.support.v4.view.ViewPager",
                    resource_id="view_pager",
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(title, height=160),
                                w.image_view(f"image{page + 1}", height=800),
                                w.text_view(text, height=300),
                            ]
                        )
                    ],
                ),
                w.linear_layout(
                    [
                        w.button("btn_skip", "Skip", self._leave_tutorial, width=300),
                        w.linear_layout(rid="layoutDots", horizontal=True),
                        w.button("btn_next", "Okay" if last else "Next", next_page, width=300),
                    ],
                    horizontal=True,
                    height=147,
                    weight=0,
                ),
            ]
        )
        return Screen(content=content)

    def _leave_tutorial(self, ctx: AppContext) -> None:
        ctx.start_activity(MAIN)
        ctx.finish()

    def _main(self, ctx: AppContext) -> Screen:
        page = ctx.data["current_page"]
        n = SIZES[page]
        resumable = str(n) in ctx.data["states"]

        def turn(c: AppContext, step: int) -> None:
            c.data["current_page"] = page + step

        pager = w.relative_layout(
            [
                View(
                    cls="android.support.v4.view.ViewPager",
                    resource_id="view_pager",
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(f"{n}x{n}", height=130),
                                w.image_view(f"main_menu_img{page + 1}"),
                            ]
                        )
                    ],
                ),
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.ImageButton",
                            resource_id="btn_prev",
                            on_click=w.bind(turn, -1),
                            width=147,
                        )
                        if page > 0
                        else View(cls="android.view.View", width=147),
                        View(cls="android.view.View"),
                        View(
                            cls="android.widget.ImageButton",
                            resource_id="btn_next",
                            on_click=w.bind(turn, 1),
                            width=147,
                        )
                        if page < len(SIZES) - 1
                        else View(cls="android.view.View", width=147),
                    ],
                    horizontal=True,
                    height=147,
                    weight=0,
                ),
            ],
        )
        body = w.linear_layout(
            [
                w.toolbar("2048", navigation=w.nav_button(w.OPEN_DRAWER, self._open_drawer)),
                w.linear_layout(
                    [
                        pager,
                        w.linear_layout(rid="layoutDots", horizontal=True, height=80),
                        w.button(
                            "button_newGame",
                            "Start New Game",
                            lambda c: self._play(c, n, new=True),
                            height=200,
                        ),
                        w.button(
                            "button_continueGame",
                            "Continue Game",
                            lambda c: self._play(c, n, new=False),
                            height=200,
                            enabled=resumable,
                        ),
                    ],
                    rid="main_content",
                ),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("drawer"):
            entries = [
                ("nav_example", "Main", lambda c: c.ui.update(drawer=False)),
                ("nav_tutorial", "Tutorial", self._drawer_open(TUTORIAL)),
                ("nav_statistics", "Statistics", self._drawer_open(".activities.StatsActivity")),
                ("nav_settings", "Settings", self._drawer_open(".activities.SettingsActivity")),
                ("nav_help", "Help", self._drawer_open(".activities.HelpActivity")),
                ("nav_about", "About", self._drawer_open(".activities.AboutActivity")),
            ]
            windows.append(
                w.navigation_sheet(
                    [
                        w.navigation_item(
                            rid,
                            title,
                            handler,
                            checked=rid == "nav_example",
                            cls="android.support.design.internal.NavigationMenuItemView",
                        )
                        for rid, title, handler in entries
                    ],
                    lambda c: c.ui.update(drawer=False),
                    bounds=(0, 63, 850, 1794),
                    cls="android.support.design.widget.NavigationView",
                )
            )
        return Screen(content=w.drawer_layout(body), windows=windows)

    def _open_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = True

    def _drawer_open(self, activity: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui["drawer"] = False
            ctx.start_activity(activity)

        return handler

    def _play(self, ctx: AppContext, n: int, *, new: bool) -> None:
        ctx.start_activity(
            GAME, {"n": n, "new": new, "filename": f"state{n}.txt", "undo": False, "points": 0}
        )

    def _game(self, ctx: AppContext) -> Screen:
        game = ctx.memory.get("game") or {"n": 4, "board": [[0] * 4] * 4, "points": 0}
        n = game["n"]
        record = ctx.data["records"].get(str(n), 0)
        header = w.relative_layout(
            [
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.ImageButton",
                            resource_id="restartButton",
                            on_click=self._restart,
                            width=160,
                        ),
                        View(
                            cls="android.widget.ImageButton",
                            resource_id="undoButton",
                            on_click=self._undo,
                            width=160,
                        )
                        if game.get("last") is not None
                        else View(cls="android.view.View", width=160),
                        w.linear_layout(
                            [w.text_view("Record", height=80), w.text_view(str(record), "record")],
                            width=200,
                        ),
                        w.text_view("2048", width=200),
                        w.linear_layout(
                            [
                                w.text_view("Points", height=80),
                                w.text_view(str(game["points"]), "points"),
                            ],
                            width=200,
                        ),
                    ],
                    horizontal=True,
                    height=200,
                )
            ],
            height=200,
            weight=0,
        )
        rows = [
            w.linear_layout(
                [
                    View(cls="android.widget.Button", text=str(v) if v else "", clickable=True)
                    for v in row
                ],
                horizontal=True,
            )
            for row in game["board"]
        ]
        board = w.relative_layout(
            [
                w.relative_layout(rid="number_field_background"),
                w.linear_layout(rows, rid="number_field"),
            ],
            rid="touch_field",
            layout=FRAME,
        )
        content = w.linear_layout(
            [w.toolbar("2048", navigation=w.up_button(self._up), rid="action_bar"), header, board]
        )
        return Screen(content=content)

    def _up(self, ctx: AppContext) -> None:
        self._save(ctx)
        ctx.finish()


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "privacy-friendly-2048#7": [
        # Rotation before any move.
        [
            click(PACKAGE, "btn_skip", "Skip", cls="android.widget.Button"),
            click(PACKAGE, "button_newGame", "Start New Game", cls="android.widget.Button"),
            {"kind": "rotate", "orientation": "landscape"},
        ],
        # Leaving for the home screen and coming back instead of rotating.
        [
            click(PACKAGE, "btn_skip", "Skip", cls="android.widget.Button"),
            click(PACKAGE, "button_newGame", "Start New Game", cls="android.widget.Button"),
            {"kind": "swipe", "direction": "down"},
            {"kind": "leave_and_return"},
        ],
        # A move, then the restart button (the user asks for a new game).
        [
            click(PACKAGE, "btn_skip", "Skip", cls="android.widget.Button"),
            click(PACKAGE, "button_newGame", "Start New Game", cls="android.widget.Button"),
            {"kind": "swipe", "direction": "down"},
            click(PACKAGE, "restartButton", cls="android.widget.ImageButton"),
        ],
        # Rotating on the main menu, then playing.
        [
            click(PACKAGE, "btn_skip", "Skip", cls="android.widget.Button"),
            {"kind": "rotate", "orientation": "landscape"},
            click(PACKAGE, "button_newGame", "Start New Game", cls="android.widget.Button"),
            {"kind": "swipe", "direction": "down"},
        ],
    ],
}
