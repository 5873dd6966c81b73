"""Privacy Friendly Minesweeper 1.1 (``org.secuso.privacyfriendlyminesweeper``), with bug
privacy-friendly-minesweeper#4.

Sources read: SecUSo/privacy-friendly-minesweeper at tag v1.1
(7cdc2621e21e0de64563963ae86f56535da49140, versionName "1.1", the release the report dates from:
the next source change is from 2022), and the later fix a1e6bdea32f7b843f276577ba57848be65e372fa
("Initialize game data if not initialized after resuming saved game").

Screens a person meets on the way:

- first run: ``SplashActivity`` starts ``TutorialActivity`` (four slides "Welcome!", "Mark The
  Mines", "More Mines", "Track your achievements"; ``btn_skip`` "Skip", ``btn_next`` "Next",
  "Okay" on the last slide); leaving it opens the main screen;
- ``GameActivity``: toolbar "Minesweeper" with the drawer toggle, a ViewPager (``scroller``) of
  the modes Easy / Medium / Difficult / User-defined (``section_label``) with the arrows
  ``arrow_left`` / ``arrow_right``, the buttons ``game_button_start`` "New Game" and
  ``game_button_continue`` "Continue Game" (disabled while no game is saved); the drawer holds
  Main, Statistics, Tutorial, Help, About;
- ``PlayActivity``: toolbar ``toolbar_play`` (up arrow, ``game_mode``, ``mines`` count,
  ``mines_pic``, ``chronometer``), the playing field ``playingfield`` of cells
  (``playingfield_row`` holding the ``cell`` text) and the ``toggle`` button "Mark mines" /
  "Marking…"; leaving the activity (Back, Home) saves an unfinished game ("Saved game…") and
  finishes it;
- ``SavedGamesActivity`` "Continue Game": one row per saved game (``saved_game_mode``, mine
  icons, ``saved_game_date``, ``saved_game_time``, ``saved_game_progress_bar``, "Progress"); a
  tap resumes that game (and deletes it from the saved games) and closes the list.

The bug (#4), as in PlayActivity.java at v1.1: the mines are laid (``fillPlayingField``) on the
first tap of a new game only (``firstClick && !savecheck``); ``onStop`` saves any unfinished game,
also one never tapped, whose content is then all zeros. Resuming such a saved game sets
``savecheck``, so the first tap lays no mines: the tapped cell is a 0, its neighbours are revealed,
and the cascade uncovers the whole field; the game can no longer be won (the mines counter is
never 0), and leaving it saves it again at 100%. The ground truth records a cell revealed on a
field holding no mine at all (``data["mineless_reveals"]``), which a normal game never does.
The fix lays the mines on that first tap when the resumed field is empty.

Modelled faithfully: the mine laying (no mine on the first tapped cell, no cluster of 4 or more
orthogonally touching mines), the counts, the cascade, revealing around a number whose flags
match, marking, victory and loss, the save on Back/Home and its toast, the 10 saved games kept,
the rotation state (an untapped new game restarts empty; a tapped or resumed one keeps
``savecheck``), and the page index that rotation does not restore (GameActivity reads the never
written ``firstChosenPage``).

Stubbed: Statistics, Help and About (a title and Navigate up), the user-defined game dialog (its
fields and Cancel/Continue, no saving as in the app), the victory/defeat screen (an activity with
a popup theme in the app, here a dialog over the field, with "OK!" closing the game). Uncertain /
simplified: the random generator is seeded from the number of games started (the app uses
``new Random()``), playing times are 0 (no clock), the save date is a fixed text, the grid's
rows are wrapped in plain horizontal LinearLayouts (the RecyclerView's GridLayoutManager places
the cells directly), the landscape layout's second toggle button is not drawn. No network content.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.secuso.privacyfriendlyminesweeper"
SPLASH = ".activities.SplashActivity"
TUTORIAL = ".activities.TutorialActivity"
GAME = ".activities.GameActivity"
PLAY = ".activities.PlayActivity"
SAVED = ".activities.SavedGamesActivity"
STATS = ".activities.StatisticsActivity"
HELP = ".activities.HelpActivity"
ABOUT = ".activities.AboutActivity"

SLIDES = (
    (
        "Welcome!",
        "Click on a field of the playing field to uncover it and reveal the content. There are "
        "mines hidden in some fields. \nThe number on a field indicates the number of mines in "
        "the eight surrounding fields. \nBut be careful, if you hit a mine, you lose!",
    ),
    (
        "Mark The Mines",
        "Use the button to toggle between marking and revealing fields. \nMark all fields with "
        "mines and uncover the rest to win the game!",
    ),
    (
        "More Mines",
        "There are different difficulties.\n The higher the difficulty the bigger the board, "
        "but the number and density of mines increases as well!",
    ),
    (
        "Track your achievements",
        "You can check statistics about your achievements on the statistics page.",
    ),
)
PAGES = ("Easy", "Medium", "Difficult", "User-\ndefined")
# (columns, rows, mines) and the database's mode name of each preset
PRESETS = {"easy": (6, 10, 7), "medium": (10, 16, 24), "difficult": (12, 19, 46)}
MODE_LABEL = {"easy": "Easy", "medium": "Medium", "difficult": "Difficult"}
MODE_MINES = {"easy": 1, "medium": 2, "difficult": 3}
DENSITY = 2.625  # 420 dpi
SAVE_DATE = "Feb 9, 2019 10:15:32 AM"
DRAWER = (("Main", None), ("Statistics", STATS), ("Tutorial", TUTORIAL), ("Help", HELP))
DRAWER_ADD = (("About", ABOUT),)
STUB_TITLES = {STATS: "Statistics", HELP: "Help", ABOUT: "About"}


# -- ground truth ----------------------------------------------------------------------------------


def _oracle_4(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """A cell was revealed on a playing field that holds no mine at all."""
    return int(data.get("mineless_reveals", 0)) > 0


HUMAN_STEPS_4 = (
    click(PACKAGE, "btn_skip", "Skip", cls="android.widget.Button"),
    click(PACKAGE, "game_button_start", "New Game", cls="android.widget.Button"),
    {"kind": "leave_and_return"},
    click(PACKAGE, "game_button_continue", "Continue Game", cls="android.widget.Button"),
    click(PACKAGE, "saved_game_mode", "Easy", cls="android.widget.TextView"),
    click(PACKAGE, "playingfield_row", cls="android.widget.LinearLayout"),
)

BUG_4 = BugSpec(
    bug_id="privacy-friendly-minesweeper#4",
    kind="non-crash",
    title="Sometimes tapping on a square reveals all tiles and all are blank",
    oracle=_oracle_4,
    human_steps=HUMAN_STEPS_4,
)

_SKIP, _NEW, _LEAVE, _CONTINUE, _ROW, _CELL = HUMAN_STEPS_4

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "privacy-friendly-minesweeper#4": [
        # the first cell is tapped before leaving: the mines are laid and saved
        [_SKIP, _NEW, _CELL, _LEAVE, _CONTINUE, _ROW, _CELL],
        # the resumed game is never tapped
        [_SKIP, _NEW, _LEAVE, _CONTINUE, _ROW],
        # no leaving at all
        [_SKIP, _NEW, _CELL],
        # rotation instead of leaving: an untapped game is restored empty and lays its mines
        [
            _SKIP,
            _NEW,
            {"kind": "rotate", "orientation": "landscape"},
            {"kind": "rotate", "orientation": "portrait"},
            _CELL,
        ],
        # marking mode on the resumed game: the tap flags the cell instead of revealing it
        [
            _SKIP,
            _NEW,
            _LEAVE,
            _CONTINUE,
            _ROW,
            click(PACKAGE, "toggle", "Mark mines", cls="android.widget.Button"),
            _CELL,
        ],
    ]
}


# -- the field -------------------------------------------------------------------------------------


def _neighbours(pos: int, cols: int, cells: int, diagonal: bool = True) -> list[int]:
    row, col = divmod(pos, cols)
    rows = cells // cols
    found = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                continue
            r, c = row + dr, col + dc
            if 0 <= r < rows and 0 <= c < cols:
                found.append(r * cols + c)
    return found


def _cluster(board: list[int], pos: int, cols: int) -> int:
    """numberOfNeighbouringBombs: the mines orthogonally connected to ``pos``."""
    seen: set[int] = set()
    todo = [n for n in _neighbours(pos, cols, len(board), False) if board[n] == 9]
    while todo:
        cur = todo.pop()
        if cur in seen:
            continue
        seen.add(cur)
        todo += [n for n in _neighbours(cur, cols, len(board), False) if board[n] == 9 and n != pos]
    return len(seen)


def _fill(board: list[int], not_here: int, cols: int, mines: int, seed: int) -> None:
    """fillPlayingField: ``mines`` mines off the tapped cell and off clusters, then the counts."""
    rng = random.Random(seed)
    placed = 0
    while placed < mines:
        pos = rng.randrange(len(board))
        if pos == not_here or board[pos] == 9 or _cluster(board, pos, cols) >= 3:
            continue
        board[pos] = 9
        placed += 1
    for pos, value in enumerate(board):
        if value != 9:
            board[pos] = sum(board[n] == 9 for n in _neighbours(pos, cols, len(board)))


def _number_row(label: str, rid: str) -> View:
    """A labelled number field of the user-defined game dialog (typing only edits it)."""
    return w.linear_layout(
        [w.text_view(label, width=400), w.edit_text(rid, "", lambda c, t: None)],
        horizontal=True,
        height=150,
    )


class PrivacyFriendlyMinesweeper11(VirtualApp):
    """Privacy Friendly Minesweeper 1.1 (see the module docstring)."""

    name: ClassVar[str] = "privacy-friendly-minesweeper"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Minesweeper"
    version: ClassVar[str] = "1.1"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_4,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_launch": True,  # privacy_friendly_apps: IsFirstTimeLaunch
            "saved_games": [],  # SAVED_GAMES rows: id, mode, time, date, progress, content, status
            "next_saved_id": 1,
            "games_started": 0,
            "played": {"easy": 0, "medium": 0, "difficult": 0},
            "mineless_reveals": 0,  # ground truth: cells revealed on a field without mines
        }

    # -- lifecycle ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SPLASH:
            if ctx.data["first_launch"]:
                ctx.start_activity(TUTORIAL)
            else:
                ctx.start_activity(GAME)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            ui.setdefault("slide", 0)
        elif ctx.activity == GAME:
            ui.setdefault("page", 0)  # the ViewPager restores its page on re-creation
            ui["index"] = 0  # mSharedPreferences.getInt("firstChosenPage", 0): never written
            ui.setdefault("drawer", False)
            ui.setdefault("dialog", None)
        elif ctx.activity == PLAY:
            self._create_play(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        saved = dict(ctx.ui)
        if ctx.activity == PLAY:
            saved = {
                "restored": True,
                "mode": ctx.ui["mode"],
                "cols": ctx.ui["cols"],
                "mines_total": ctx.ui["mines_total"],
                "board": list(ctx.ui["board"]),
                "status": list(ctx.ui["status"]),
                "game_ended": ctx.ui["game_ended"],
                "empty": ctx.ui["first_click"] and not ctx.ui["savecheck"],
            }
        if ctx.activity == GAME:
            saved.pop("index", None)
            saved["dialog"] = None
        return saved

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == TUTORIAL:
            if ui["slide"] > 0:
                ui["slide"] -= 1
                return True
            return False
        if ctx.activity == GAME:
            if ui.get("dialog"):
                ui["dialog"] = None
                return True
            if ui.get("drawer"):
                ui["drawer"] = False
                return True
            return False
        if ctx.activity == PLAY:
            if ui.get("end_dialog"):
                return True  # the game-ended popup is not cancelable by Back
            self._leave_play(ctx)
            return True
        return False

    def on_activity_stop(self, ctx: AppContext) -> None:
        if ctx.activity == PLAY and self._save_game(ctx):
            ctx.finish()  # onStop finishes the activity after saving

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == TUTORIAL and direction in ("left", "right"):
            self._turn_slide(ctx, 1 if direction == "left" else -1)
            return True
        if ctx.activity == GAME and not ctx.ui.get("drawer") and direction in ("left", "right"):
            self._turn_page(ctx, 1 if direction == "left" else -1)
            return True
        return False

    # -- tutorial ----------------------------------------------------------------------------------
    def _turn_slide(self, ctx: AppContext, step: int) -> None:
        ctx.ui["slide"] = max(0, min(len(SLIDES) - 1, ctx.ui["slide"] + step))

    def _next(self, ctx: AppContext) -> None:
        if ctx.ui["slide"] + 1 < len(SLIDES):
            self._turn_slide(ctx, 1)
        else:
            self._launch_home(ctx)

    def _launch_home(self, ctx: AppContext) -> None:
        if ctx.data["first_launch"]:
            ctx.data["first_launch"] = False
            ctx.start_activity(GAME)
        ctx.finish()

    # -- main screen -------------------------------------------------------------------------------
    def _turn_page(self, ctx: AppContext, step: int) -> None:
        page = max(0, min(len(PAGES) - 1, ctx.ui["page"] + step))
        if page != ctx.ui["page"]:
            ctx.ui["page"] = page
            ctx.ui["index"] = page  # onPageSelected

    def _screen_large_enough(self, ctx: AppContext, cols: int, rows: int) -> bool:
        width, height = ctx.screen_size
        width_dp, height_dp = width / DENSITY, height / DENSITY
        if ctx.orientation == "landscape":
            return width_dp / rows >= 30 and height_dp / cols >= 30
        return width_dp / cols >= 30 and height_dp / rows >= 30

    def _new_game(self, ctx: AppContext) -> None:
        index = ctx.ui["index"]
        if index == 3:
            ctx.ui["dialog"] = "user_defined"
            return
        cols, rows, mines = PRESETS[("easy", "medium", "difficult")[index]]
        if not self._screen_large_enough(ctx, cols, rows):
            ctx.ui["dialog"] = f"too_small:{cols}:{rows}:{mines}"
            return
        self._start_game(ctx, cols, rows, mines)

    def _start_game(self, ctx: AppContext, cols: int, rows: int, mines: int) -> None:
        ctx.ui["dialog"] = None
        ctx.start_activity(PLAY, {"info": [cols, rows, mines]})

    def _continue_game(self, ctx: AppContext) -> None:
        if ctx.data["saved_games"]:
            ctx.start_activity(SAVED)

    def _drawer_item(self, ctx: AppContext, activity: str | None) -> None:
        ctx.ui["drawer"] = False
        if activity is not None:
            ctx.start_activity(activity)

    # -- saved games -------------------------------------------------------------------------------
    def _resume(self, ctx: AppContext, saved_id: int) -> None:
        ctx.start_activity(PLAY, {"continue": True, "saved_id": saved_id})
        ctx.finish()

    # -- playing -----------------------------------------------------------------------------------
    def _create_play(self, ctx: AppContext) -> None:
        ui = ctx.ui
        extras = ctx.extras
        if ui.get("restored"):
            # onCreate with a saved instance state: the field comes from the bundle
            mode, cols, mines = ui["mode"], ui["cols"], ui["mines_total"]
            board, status = ui["board"], ui["status"]
            savecheck = not ui["empty"]
            game_ended = ui["game_ended"]
        elif extras.get("continue"):
            row = next(
                (g for g in ctx.data["saved_games"] if g["id"] == extras.get("saved_id")), None
            )
            if row is None:
                ctx.finish()
                return
            # DatabaseSavedGameProvide deletes the resumed game from the saved games
            ctx.data["saved_games"] = [g for g in ctx.data["saved_games"] if g is not row]
            mode = row["mode"]
            cols, _rows, mines = PRESETS[mode]
            board = [int(ch) for ch in row["content"]]
            status = [int(ch) for ch in row["status"]]
            savecheck, game_ended = True, False
        else:
            cols, rows, mines = extras["info"]
            mode = next((m for m, p in PRESETS.items() if p == (cols, rows, mines)), "user-defined")
            board = [0] * (cols * rows)
            status = [0] * (cols * rows)
            savecheck, game_ended = False, False
        marked = sum(s == 2 for s in status) if savecheck else 0
        uncovered = sum(s in (1, 2) for s in status) if savecheck else 0
        ui.clear()
        ui.update(
            mode=mode,
            cols=cols,
            mines_total=mines,
            board=board,
            status=status,
            savecheck=savecheck,
            first_click=True,
            marking=False,
            bombs_left=mines - marked,
            countdown=len(board) - uncovered,
            game_ended=game_ended,
            end_dialog=None,
        )

    def _leave_play(self, ctx: AppContext) -> None:
        """Back or the up arrow: the activity finishes, and its onStop saves."""
        self._save_game(ctx)
        ctx.finish()

    def _save_game(self, ctx: AppContext) -> bool:
        """onStop's saving: an unfinished preset game is saved (even one never tapped) and
        toasted; an ended or user-defined game is not. Whether it saved."""
        ui = ctx.ui
        if not ui or ui["game_ended"] or ui["mode"] == "user-defined":
            return False
        cells = len(ui["board"])
        games = ctx.data["saved_games"]
        games.append(
            {
                "id": ctx.data["next_saved_id"],
                "mode": ui["mode"],
                "time": 0,
                "date": SAVE_DATE,
                "progress": (cells - ui["countdown"]) / cells,
                "content": "".join(str(v) for v in ui["board"]),
                "status": "".join(str(s) for s in ui["status"]),
            }
        )
        ctx.data["next_saved_id"] += 1
        if len(games) > 10:
            del games[0]  # addSavedGameData keeps the last ten
        ctx.toast("Saved game…")
        return True

    def _tap_cell(self, ctx: AppContext, pos: int) -> None:
        ui = ctx.ui
        if ui.get("end_dialog"):
            return
        if ui["first_click"]:
            if not ui["savecheck"]:
                ctx.data["games_started"] += 1
                _fill(ui["board"], pos, ui["cols"], ui["mines_total"], ctx.data["games_started"])
                ui["game_ended"] = False
            # a resumed game (savecheck) keeps its saved content as it is
            ui["first_click"] = False
        status = ui["status"]
        if status[pos] == 1:
            flags = sum(status[n] == 2 for n in self._around(ui, pos))
            if flags == ui["board"][pos]:
                self._reveal_around(ctx, pos)
        elif ui["marking"]:
            if status[pos] == 2:
                status[pos] = 0
                ui["countdown"] += 1
                ui["bombs_left"] += 1
            else:
                status[pos] = 2
                ui["countdown"] -= 1
                ui["bombs_left"] -= 1
                self._victory_check(ctx)
        else:
            self._reveal(ctx, pos)

    @staticmethod
    def _around(ui: dict[str, Any], pos: int) -> list[int]:
        return _neighbours(pos, ui["cols"], len(ui["board"]))

    def _reveal_around(self, ctx: AppContext, pos: int) -> None:
        for n in self._around(ctx.ui, pos):
            self._reveal(ctx, n)

    def _reveal(self, ctx: AppContext, pos: int) -> None:
        ui = ctx.ui
        if ui["game_ended"] or ui["status"][pos] != 0:
            return
        board = ui["board"]
        if board[pos] == 9:
            ui["game_ended"] = True
            ui["end_dialog"] = "defeat"
            if ui["mode"] in ctx.data["played"]:
                ctx.data["played"][ui["mode"]] += 1
            return
        ui["status"][pos] = 1
        if ui["mines_total"] > 0 and 9 not in board:
            ctx.data["mineless_reveals"] += 1
        ui["countdown"] -= 1
        self._victory_check(ctx)
        if board[pos] == 0:
            self._reveal_around(ctx, pos)

    def _victory_check(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ui["countdown"] == 0 and ui["bombs_left"] == 0:
            ui["game_ended"] = True
            ui["end_dialog"] = "victory"
            if ui["mode"] in ctx.data["played"]:
                ctx.data["played"][ui["mode"]] += 1

    def _toggle_marking(self, ctx: AppContext) -> None:
        ctx.ui["marking"] = not ctx.ui["marking"]

    def _end_ok(self, ctx: AppContext) -> None:
        ctx.ui["end_dialog"] = None
        ctx.finish()

    def _end_replay(self, ctx: AppContext) -> None:
        ui = ctx.ui
        cols = ui["cols"]
        rows = len(ui["board"]) // cols
        ctx.finish()
        ctx.start_activity(PLAY, {"info": [cols, rows, ui["mines_total"]]})

    def _end_stats(self, ctx: AppContext) -> None:
        ctx.finish()
        ctx.start_activity(STATS)

    # -- rendering ---------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._render_tutorial(ctx)
        if ctx.activity == GAME:
            return self._render_game(ctx)
        if ctx.activity == PLAY:
            return self._render_play(ctx)
        if ctx.activity == SAVED:
            return self._render_saved(ctx)
        if ctx.activity in STUB_TITLES:
            title = STUB_TITLES[ctx.activity]
            return Screen(content=w.child_page(title), title=title)
        return Screen(content=w.frame_layout([]))

    def _render_tutorial(self, ctx: AppContext) -> Screen:
        slide = ctx.ui["slide"]
        heading, text = SLIDES[slide]
        last = slide == len(SLIDES) - 1
        page = w.linear_layout(
            [
                w.text_view(heading, height=200),
                w.image_view(height=500),
                w.text_view(text, height=600),
            ]
        )
        dots = w.linear_layout(
            [w.text_view("•", width=60, height=100) for _ in SLIDES],
            rid="layoutDots",
            horizontal=True,
            width=300,
        )
        skip = None if last else w.button("btn_skip", "Skip", self._launch_home, width=300)
        advance = w.button("btn_next", "Okay" if last else "Next", self._next, width=300)
        return Screen(
            content=w.intro_pager(
                page,
                skip=skip,
                indicator=dots,
                advance=advance,
                root_cls="android.widget.RelativeLayout",
            )
        )

    def _render_game(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        page = ui["page"]
        if page == 3:
            page_view = w.linear_layout([w.text_view(PAGES[page], "section_label", height=300)])
        else:
            page_view = w.linear_layout(
                [
                    w.text_view(PAGES[page], "section_label", height=200),
                    w.linear_layout(
                        [w.image_view(f"mine{i}", width=171, height=171) for i in (1, 2, 3)],
                        horizontal=True,
                        height=171,
                    ),
                ]
            )
        pager = View(
            cls="android.support.v4.view.ViewPager", resource_id="scroller", children=[page_view]
        )
        arrows = w.linear_layout(
            [
                w.image_view(
                    "arrow_left", handler=lambda c: self._turn_page(c, -1), width=150, naf=True
                )
                if page > 0
                else View(cls="android.view.View", width=150),
                pager,
                w.image_view(
                    "arrow_right", handler=lambda c: self._turn_page(c, 1), width=150, naf=True
                )
                if page < len(PAGES) - 1
                else View(cls="android.view.View", width=150),
            ],
            horizontal=True,
            height=620,
        )
        has_saved = bool(ctx.data["saved_games"])
        buttons = w.linear_layout(
            [
                w.button("game_button_start", "New Game", self._new_game, height=131),
                w.button(
                    "game_button_continue",
                    "Continue Game",
                    self._continue_game,
                    enabled=has_saved,
                    height=131,
                ),
            ],
            padding=40,
        )
        content = w.linear_layout(
            [
                w.toolbar(
                    "Minesweeper",
                    navigation=w.nav_button(w.OPEN_DRAWER, w.bind(self._open_drawer)),
                ),
                w.linear_layout([arrows, buttons], rid="main_content"),
            ]
        )
        drawer = None
        if ui["drawer"]:
            entries: list[View] = [
                w.linear_layout(
                    [w.image_view("imageView", height=200), w.text_view("Minesweeper")],
                    height=420,
                )
            ]
            for title, activity in DRAWER + DRAWER_ADD:
                entries.append(
                    w.drawer_entry(
                        title,
                        w.bind(self._drawer_item, activity),
                        checked=title == "Main",
                    )
                )
            drawer = View(
                cls="android.widget.FrameLayout",
                resource_id="nav_view",
                width=800,
                gravity="start",
                children=[w.linear_layout(entries)],
            )
        root = w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout")
        return Screen(content=root, title="Minesweeper", windows=self._game_dialogs(ctx))

    @staticmethod
    def _open_drawer(ctx: AppContext) -> None:
        ctx.ui["drawer"] = True

    def _game_dialogs(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui.get("dialog")
        close = w.bind(lambda c: c.ui.update(dialog=None))
        if dialog == "user_defined":
            body = [
                _number_row("Columns", "editTextNrOfColumns"),
                _number_row("Rows", "editTextNrOfRows"),
                w.text_view("Difficulty"),
                w.linear_layout(
                    [w.text_view(t) for t in ("Easy", "Medium", "Difficult")], horizontal=True
                ),
                View(cls="android.widget.SeekBar", resource_id="degreeOfDifficulty", height=100),
            ]
            buttons = [
                w.dialog_button("android:id/button2", "Cancel", close),
                w.dialog_button("android:id/button1", "Continue", close),
            ]
            return [w.alert_dialog(w.text_view("Settings", height=150), body, buttons, close)]
        if dialog and dialog.startswith("too_small:"):
            cols, rows, mines = (int(v) for v in dialog.split(":")[1:])
            buttons = [
                w.dialog_button("android:id/button2", "Cancel", close),
                w.dialog_button(
                    "android:id/button1",
                    "Continue",
                    w.bind(self._start_game, cols, rows, mines),
                ),
            ]
            return [
                w.alert_dialog(
                    w.dialog_title("Please note"),
                    [
                        w.dialog_message(
                            "With this number of fields the user experience might be limited "
                            "due to the size of the screen."
                        )
                    ],
                    buttons,
                    close,
                )
            ]
        return []

    def _render_play(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        if not ui:
            return Screen(content=w.frame_layout([]))
        cols = ui["cols"]
        cells = len(ui["board"])
        rows = cells // cols
        label = {"user-defined": "User-\ndefined"}.get(ui["mode"], MODE_LABEL.get(ui["mode"], ""))
        bar = View(
            cls="android.view.ViewGroup",
            resource_id="toolbar_play",
            layout="horizontal",
            height=w.TOOLBAR_HEIGHT,
            style="toolbar",
            children=[
                w.up_button(lambda c: self._leave_play(c)),
                w.linear_layout(
                    [
                        w.text_view(label, "game_mode", width=300, height=w.TOOLBAR_HEIGHT),
                        w.text_view(
                            str(ui["bombs_left"]), "mines", width=120, height=w.TOOLBAR_HEIGHT
                        ),
                        w.image_view("mines_pic", width=110, height=w.TOOLBAR_HEIGHT),
                        View(
                            cls="android.widget.Chronometer",
                            resource_id="chronometer",
                            text="00:00",
                            width=200,
                            height=w.TOOLBAR_HEIGHT,
                        ),
                    ],
                    horizontal=True,
                ),
            ],
        )
        field_height = 700 if ctx.orientation == "landscape" else 1440
        cell_h = max(40, field_height // rows)
        grid_rows = []
        for r in range(rows):
            row_cells = []
            for c in range(cols):
                pos = r * cols + c
                row_cells.append(
                    w.linear_layout(
                        [
                            w.text_view(
                                self._cell_text(ui, pos),
                                "cell",
                                height=cell_h - 6,
                                padding=3,
                                # the covered cells are the blue boxes; revealed ones turn pale
                                style="" if ui["status"][pos] == 1 else "primary",
                            )
                        ],
                        rid="playingfield_row",
                        on_click=w.bind(self._tap_cell, pos),
                        height=cell_h,
                    )
                )
            grid_rows.append(w.linear_layout(row_cells, horizontal=True, height=cell_h))
        field = View(
            cls="android.support.v7.widget.RecyclerView",
            resource_id="playingfield",
            children=grid_rows,
            height=cell_h * rows,
        )
        toggle = w.button(
            "toggle", "Marking…" if ui["marking"] else "Mark mines", self._toggle_marking
        )
        content = w.linear_layout(
            [
                bar,
                w.linear_layout([field], rid="play_content", height=cell_h * rows),
                w.linear_layout([toggle], rid="play_sidebar", height=140),
            ]
        )
        return Screen(content=content, windows=self._end_window(ctx))

    @staticmethod
    def _cell_text(ui: dict[str, Any], pos: int) -> str:
        status = ui["status"][pos]
        value = ui["board"][pos]
        if status == 1 and 0 < value < 9:
            return str(value)
        return ""

    def _end_window(self, ctx: AppContext) -> list[Window]:
        kind = ctx.ui.get("end_dialog")
        if not kind:
            return []
        label = MODE_LABEL.get(ctx.ui["mode"], "User-defined")
        if kind == "victory":
            text = (
                "Congratulations!\n You found all the mines without triggering one of them.\n"
                "And all that in just 0 seconds"
            )
        else:
            text = "Unfortunate…\n That mine got you after 0 seconds\nBetter luck next time!"
        body = [
            w.text_view(text, "victory_text", height=400),
            w.text_view(f"Mode: {label}", "victory_text_game_mode"),
            w.linear_layout(
                [
                    w.button("victory_statistics", "Go to stats", self._end_stats, width=400),
                    w.button("victory_continue", "OK!", self._end_ok, width=400),
                ],
                horizontal=True,
                height=140,
            ),
            w.button("victory_redo", "Replay same gamemode", self._end_replay),
        ]
        return [
            Window(
                root=w.linear_layout(body, rid="victory_screen", style="dialog", weight=0),
                cancelable=False,
            )
        ]

    def _render_saved(self, ctx: AppContext) -> Screen:
        rows = []
        for game in ctx.data["saved_games"]:
            mode = game["mode"]
            minutes, seconds = divmod(int(game["time"]), 60)
            rows.append(
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view(MODE_LABEL[mode], "saved_game_mode", width=260),
                                *(
                                    w.image_view(f"saved_game_mine{i}", width=80, height=80)
                                    for i in (1, 2, 3)
                                ),
                                w.text_view(game["date"], "saved_game_date", width=420),
                                w.text_view(f"{minutes}:{seconds:02d}", "saved_game_time"),
                            ],
                            horizontal=True,
                            height=120,
                        ),
                        w.relative_layout(
                            [
                                View(
                                    cls="android.widget.ProgressBar",
                                    resource_id="saved_game_progress_bar",
                                    height=60,
                                ),
                                w.text_view("Progress", height=60),
                            ],
                            height=120,
                        ),
                    ],
                    on_click=w.bind(self._resume, game["id"]),
                    height=260,
                )
            )
        listing = View(
            cls="android.support.v7.widget.RecyclerView",
            resource_id="savedGamesList",
            children=rows,
        )
        content = w.linear_layout([w.toolbar("Continue Game", navigation=w.up_button()), listing])
        return Screen(content=content, title="Continue Game")
