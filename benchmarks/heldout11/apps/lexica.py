"""Lexica 0.11.4 (com.serwylo.lexica), a word game: find words on a board of letters before the
timer runs out, in one of several dictionary languages.

Source read: github.com/lexica/lexica at tag v0.11.4 (commit 356a08e, 2018-05-21), the release
current when the report was filed; the later fix is commit a36ac37 ("Fix divide-by-zero error",
LexicaView.java).

Bug lexica#85 (crash): ``PlayLexica.restoreGame()`` builds the saved ``Game`` with the *current*
preferences (``Game.loadPreferences``: language ``dict``, ``showBreakdown``), so a board saved in
one language is solved with another language's dictionary. A board of another script (a Latin
board solved with the Russian, Persian or Japanese dictionary, or the other way round) has no
words: ``maxWordCountsByLength`` stays empty. With "Show Word Length Breakdown" on,
``LexicaView.drawWordCount`` counts the lines to draw (``lines`` = 0) and divides the int
``(bottom - top) / lines`` (line 239): ``java.lang.ArithmeticException: divide by zero`` on the
first draw of the restored game.

Modelled: the splash (Lexica: logo, high score, New Game, Restore Game (disabled until a game is
saved), Preferences, About), the preferences (LexicaConfig, a PreferenceActivity: the list
preferences with their framework dialogs, Reset High Scores with its prompt, the check boxes),
the game (PlayLexica: the action bar's Rotate Board / Save Game actions and End Game in the
overflow; the board is a custom LexicaView with no accessibility children), Back in a game
(onPause saves a running game), and restore.
Stubbed: word entry on the board (swipes over the custom view are not modelled: no word is ever
found, which the bug does not need), the timer (time does not pass), ScoreActivity (title and
totals), About (opens a browser: a toast-free no-op here).
Uncertain / fixed: a board's words are not computed; the model says a board has words exactly
when its language's script (Latin: US, UK, es, de_DE, fr_FR, it, ca, nl; Persian; Japanese;
Cyrillic: ru) is the dictionary's. A new game's board always has words in the model (the fix's
message says a fresh Japanese board may have none too; that case is left out). No network.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.views import Screen, View, Window

PKG = "com.serwylo.lexica"
SPLASH = ".Lexica"
PLAY = ".PlayLexica"
SCORE = ".ScoreActivity"
CONFIG = ".LexicaConfig"

DICT_VALUES = ["US", "UK", "es", "de_DE", "fr_FR", "fa", "it", "ca", "nl", "jp", "ru"]
DICT_ENTRIES = [
    "English (US)",
    "English (UK)",
    "Spanish (Beta)",
    "German (Beta)",
    "French (Beta)",
    "Persian (Beta)",
    "Italian (Beta)",
    "Catalan (Beta)",
    "Dutch (Beta)",
    "Japanese (Beta)",
    "Russian (Beta)",
]
SCRIPT = {"fa": "persian", "jp": "japanese", "ru": "cyrillic"}  # every other one is Latin
LISTS: dict[str, tuple[str, str, list[str], list[str], str]] = {
    # key: (title, summary, entries, values, dialog title)
    "dict": (
        "Dictionary",
        "Select a dictionary to use",
        DICT_ENTRIES,
        DICT_VALUES,
        "Select Dictionary",
    ),
    "boardSize": (
        "Board Size",
        "Select a board size",
        ["4x4", "5x5", "6x6"],
        ["16", "25", "36"],
        "Select Board Size",
    ),
    "maxTimeRemaining": (
        "Time Limit",
        "Select a time limit",
        ["3 Minutes", "5 Minutes", "10 Minutes", "20 Minutes", "30 Minutes"],
        ["180", "300", "600", "1200", "1800"],
        "Select Time Limit",
    ),
    "scoreType": (
        "Scoring Type",
        "Select a scoring type",
        ["Word Length", "Letter Points"],
        ["W", "L"],
        "Select Scoring Type",
    ),
    "definitionProvider": (
        "Definition Provider",
        "Select a definition provider to use. If the selected provider is not installed, "
        "DuckDuckGo will be used.",
        ["DuckDuckGo", "AARD2", "QuickDic"],
        ["duckduckgo", "aard2", "quickdic"],
        "Select Definition Provider",
    ),
}
CRASH_FRAMES_PORTRAIT = [
    "com.serwylo.lexica.view.LexicaView.drawWordCount(LexicaView.java:239)",
    "com.serwylo.lexica.view.LexicaView.drawWordCountAndTimer(LexicaView.java:356)",
    "com.serwylo.lexica.view.LexicaView.drawScorePortrait(LexicaView.java:350)",
    "com.serwylo.lexica.view.LexicaView.onDraw(LexicaView.java:383)",
    "android.view.View.draw(View.java:17071)",
    "android.view.View.updateDisplayListIfDirty(View.java:16053)",
    "android.view.ViewGroup.recreateChildDisplayList(ViewGroup.java:3748)",
    "android.view.ThreadedRenderer.draw(ThreadedRenderer.java:822)",
    "android.view.ViewRootImpl.performDraw(ViewRootImpl.java:2637)",
    "android.view.Choreographer.doFrame(Choreographer.java:603)",
    "android.os.Looper.loop(Looper.java:154)",
    "android.app.ActivityThread.main(ActivityThread.java:6119)",
]


def _script(value: str) -> str:
    return SCRIPT.get(value, "latin")


def _human_steps() -> tuple[dict[str, Any], ...]:
    return (
        click(PKG, "new_game", "New Game"),
        click(PKG, "save_game", desc="Save Game"),
        click(PKG, "preferences", "Preferences"),
        click(PKG, "android:id/title", "Show Word Length Breakdown"),
        click(PKG, "android:id/title", "Dictionary"),
        {"kind": "swipe", "direction": "up"},
        click(PKG, "android:id/text1", "Russian (Beta)"),
        {"kind": "press_back"},
        click(PKG, "restore_game", "Restore Game"),
    )


HUMAN = _human_steps()


class Lexica(VirtualApp):
    """Lexica 0.11.4: splash, preferences, the game and its score."""

    name: ClassVar[str] = "lexica"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Lexica"
    version: ClassVar[str] = "0.11.4"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "lexica#85",
            "crash",
            "Lexica app gets crashed.",
            crash_oracle(PKG, "java.lang.ArithmeticException", "divide by zero"),
            human_steps=HUMAN,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {
                "dict": "US",
                "boardSize": "16",
                "maxTimeRemaining": "180",
                "scoreType": "W",
                "definitionProvider": "duckduckgo",
                "showBreakdown": False,
                "soundsEnabled": False,
            },
            "saved": {"active": False, "board_lang": "", "board_size": "16"},
            "high_score": 0,
        }

    # -- game -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != PLAY or ctx.ui.get("game"):
            return
        prefs = ctx.data["prefs"]
        if ctx.extras.get("action") == "RESTORE_GAME":
            saved = ctx.data["saved"]
            saved["active"] = False  # clearSavedGame() comes first
            board_lang, size = saved["board_lang"], saved["board_size"]
        else:
            board_lang, size = prefs["dict"], prefs["boardSize"]
        # Game(Context[, GameSaver]): the dictionary is always the preferences' one.
        has_words = _script(board_lang) == _script(prefs["dict"])
        ctx.ui["game"] = {"board_lang": board_lang, "size": size, "status": "running"}
        if prefs["showBreakdown"] and not has_words:
            # LexicaView.drawWordCount: float textSize = (bottom - top) / lines; (lines == 0)
            raise JavaException(
                "java.lang.ArithmeticException", "divide by zero", CRASH_FRAMES_PORTRAIT
            )

    def _save_game(self, ctx: AppContext) -> None:
        game = ctx.ui.get("game")
        if game and game["status"] == "running":
            game["status"] = "paused"
            ctx.data["saved"] = {
                "active": True,
                "board_lang": game["board_lang"],
                "board_size": game["size"],
            }

    def _menu_save(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        self._save_game(ctx)
        ctx.finish()

    def _end_game(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.ui["game"]["status"] = "finished"
        ctx.data["saved"]["active"] = False
        ctx.finish()
        ctx.start_activity(SCORE)

    def _rotate(self, ctx: AppContext) -> None:
        ctx.ui["rotations"] = (ctx.ui.get("rotations", 0) + 1) % 4

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == PLAY:
            if w.dismiss(ctx.ui, "menu"):
                return True
            self._save_game(ctx)  # onPause saves a running game
        return False

    # -- preferences ------------------------------------------------------------------------
    def _open(self, ctx: AppContext, key: str) -> None:
        ctx.ui["dialog"] = key

    def _close(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _choose(self, ctx: AppContext, index: int) -> None:
        key = ctx.ui["dialog"]
        ctx.data["prefs"][key] = LISTS[key][3][index]
        ctx.ui["dialog"] = None

    def _flip(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]

    def _reset_scores(self, ctx: AppContext) -> None:
        ctx.data["high_score"] = 0
        ctx.ui["dialog"] = None
        ctx.toast("High scores have been reset.")

    # -- screens ----------------------------------------------------------------------------
    def _bar(self, actions: list[View] | None = None) -> View:
        return w.toolbar("Lexica", actions=actions or [], rid="action_bar")

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PLAY:
            return self._play(ctx)
        if ctx.activity == CONFIG:
            return self._config(ctx)
        if ctx.activity == SCORE:
            body = [
                w.text_view("Found Words"),
                w.text_view("Total Score: 0"),
                w.text_view("Total Words: 0"),
            ]
            return Screen(content=w.linear_layout([self._bar(), *body]))
        return self._splash(ctx)

    def _splash(self, ctx: AppContext) -> Screen:
        saved = ctx.data["saved"]["active"]
        buttons = w.linear_layout(
            [
                w.button("new_game", "New Game", w.bind(_start, PLAY, {"action": "NEW_GAME"})),
                w.button(
                    "restore_game",
                    "Restore Game",
                    w.bind(_start, PLAY, {"action": "RESTORE_GAME"}),
                    enabled=saved,
                ),
            ],
            horizontal=True,
            height=160,
        )
        others = w.linear_layout(
            [
                w.button("preferences", "Preferences", w.bind(_start, CONFIG, {})),
                w.button("about", "About", _browse),  # ACTION_VIEW of the project page
            ],
            horizontal=True,
            height=160,
        )
        content = w.linear_layout(
            [
                self._bar(),
                View(cls="android.view.View", height=600),  # LexicaLogo
                w.text_view(f"High Score: {ctx.data['high_score']}", "high_score"),
                buttons,
                others,
            ]
        )
        return Screen(content=content)

    def _config(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        rows: list[View] = []
        for key in ("dict", "boardSize", "maxTimeRemaining", "scoreType"):
            rows.append(w.preference(LISTS[key][0], LISTS[key][1], w.bind(self._open, key)))
        rows.append(
            w.preference(
                "Reset High Scores",
                "High scores are tracked for each combination of the above settings. Tap to "
                "reset all scores to zero.",
                w.bind(self._open, "resetScores"),
            )
        )
        for key, title, summary in (
            (
                "showBreakdown",
                "Show Word Length Breakdown",
                "Whether or not the word count shows counts by word length",
            ),
            ("soundsEnabled", "Sounds Enabled", "Whether or not sound effects are enabled"),
        ):
            rows.append(
                w.preference(
                    title,
                    summary,
                    w.bind(self._flip, key),
                    widget=w.checkbox_widget(bool(prefs[key])),
                )
            )
        key = "definitionProvider"
        rows.append(w.preference(LISTS[key][0], LISTS[key][1], w.bind(self._open, key)))
        windows: list[Window] = []
        dialog = ctx.ui.get("dialog")
        if dialog == "resetScores":
            windows.append(
                w.confirm_dialog(
                    "Reset High Scores",
                    "Are you sure you want to reset all high scores for all game modes to zero?",
                    ("OK", self._reset_scores),
                    ("Cancel", self._close),
                    self._close,
                )
            )
        elif dialog in LISTS:
            _, _, entries, values, title = LISTS[dialog]
            current = values.index(prefs[dialog]) if prefs[dialog] in values else None
            windows.append(
                w.long_choice_dialog(
                    title,
                    entries,
                    current,
                    self._choose,
                    self._close,
                    negative=("Cancel", self._close),
                )
            )
        listing = w.list_view(rows, scroll_key="prefs_scroll")
        return Screen(content=w.linear_layout([self._bar(), listing]), windows=windows)

    def _play(self, ctx: AppContext) -> Screen:
        actions = [
            w.action_item("rotate", "Rotate Board", self._rotate),
            w.action_item("save_game", "Save Game", self._menu_save),
            w.overflow_button(w.bind(_set, "menu", True)),
        ]
        board = View(cls="android.view.View", focusable=True)  # LexicaView draws everything
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window([("End Game", self._end_game)], w.bind(_set, "menu", False))
            )
        return Screen(content=w.linear_layout([self._bar(actions), board]), windows=windows)


def _start(ctx: AppContext, activity: str, extras: dict[str, Any]) -> None:
    ctx.start_activity(activity, extras)


def _browse(ctx: AppContext) -> None:
    """About starts a browser on github.com/lexica/lexica (another app: not modelled)."""


def _set(ctx: AppContext, key: str, value: Any) -> None:
    ctx.ui[key] = value


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "lexica#85": [
        # the breakdown left off
        [*HUMAN[:3], *HUMAN[4:]],
        # the language left as it was
        [*HUMAN[:4], {"kind": "press_back"}, HUMAN[-1]],
        # another Latin-script dictionary
        [*HUMAN[:5], click(PKG, "android:id/text1", "English (UK)"), *HUMAN[7:]],
        # preferences changed before the game was started and saved
        [*HUMAN[2:8], HUMAN[0], HUMAN[1], HUMAN[-1]],
    ],
}
