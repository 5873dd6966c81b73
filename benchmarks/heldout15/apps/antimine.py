"""Antimine (``dev.lucasnlm.antimine``) 17.5.1, the F-Droid ("F", FOSS flavour) build, for
antimine-android#468.

Modelled from the sources at tag ``17.5.1`` (commit ``fb0b8f85``, 2023-10-07):
``app/src/main/AndroidManifest.xml``, ``main/MainActivity.kt``, ``main/viewmodel/MainViewModel.kt``,
``GameActivity.kt``, ``CustomLevelDialogFragment.kt``, ``res/layout/activity_main.xml``,
``activity_game.xml``, ``dialog_custom_game.xml``, ``i18n/.../values/strings.xml``,
``common/.../MinefieldRepositoryImpl.kt``, ``common/.../GameViewModel.kt``,
``common/.../GameRenderFragment.kt``, ``gdx/.../MinefieldStage.kt``,
``preferences/.../PreferencesRepositoryImpl.kt`` and ``foss/.../FeatureFlagManagerImpl.kt``; and the
fix, commit ``4adf82d4`` ("Fix crash and minefield render bug", 2023-10-21, released in 17.5.6).

Fresh install: the launcher opens ``MainActivity`` (``preference_open_directly`` defaults to false,
so it does not jump to the game). Its cards: "Start" (``continueGame``; "Continue" only once a
game has been saved), "New Game" (``newGameShow``), which hides itself and shows the
``difficulties`` card: Progressive, Fixed Size, Beginner, Intermediate, Expert, Master, Legend
(each with its ``<w> × <h> - <mines>`` size beside it) and Custom; then Themes (with the "new"
badge), Controls, Settings; Statistics, Previous Games; Donation (FOSS build), Tutorial, Language,
About (Google Play Games is hidden without Play Games). Returning to the menu collapses the
difficulties again (``onResume``). A difficulty starts ``GameActivity`` with that difficulty;
"Start" starts it without one (``loadLastGame``: no save, so a new game of the view model's
initial difficulty, Beginner). Custom opens the "New Game" dialog (Width, Height, Mines, Seed;
Cancel / Start; sizes clamped to 5..50, mines to 3..w*h-9).

``GameActivity``: the app bar (``back`` "Back", ``timer``, ``minesCount``, ``shortcutIcon``
"New Game", which asks "If you start a new game, your current progress will be lost." Cancel /
Resume while a game is active), the libGDX minefield in ``levelContainer`` (a GL surface: no
accessibility nodes, as on a real device) and "Tap to Begin"; on the first game the dialog
"Tutorial" / "Do you know how to play minesweeper?" (Close / Open Tutorial). Minefields:
Beginner 9x9-10, Intermediate 16x16-40, Expert 24x24-99, Master 50x50-450, Legend 100x100-2000;
Progressive and Fixed Size fit the screen (38 dp areas on the 1080x1920 420 dpi screen with a
bottom navigation bar: 9 x 16 - 25).

The bug (antimine-android#468): ``GameActivity`` starts the new game on the IO dispatcher
(``GameViewModel.startNewGame`` builds the ``GameController``, assigned to a ``lateinit`` field)
while the libGDX stage is set up; when the stage first draws, ``GameRenderFragment`` sends
``GameEvent.EngineReady``, and ``mapEventToState`` reads ``gameController.getSelectedAction()``
while the state is still loading. For the small minefields the controller exists by then; for
the Master and Legend minefields (2 500 and 10 000 areas) building it takes longer than the
engine's first frame, so ``kotlin.UninitializedPropertyAccessException: lateinit property
gameController has not been initialized`` is thrown on the main thread and the app closes a
moment after the game screen appears. The fix reads the controller only once ``initialized``.
The model crashes when a game of at least 2 500 areas starts (Master, Legend, or a 50 x 50 Custom
game, the same code path); where exactly between Expert's 576 areas and 2 500 the race turns on
a given phone is not in the sources (uncertain). The report has no stack trace: the frames are
those of the sources' call path (the lambda's synthetic class name and the framework lines, taken
from Android 13, are assumptions).

Stubs: Themes, Controls, Settings, Statistics, Previous Games, Donation, Tutorial, Language, About
(a title and Navigate up). Mines are not laid out or played: no game reaches its first tap on the
path, and nothing is saved before a first tap (``saveGame`` needs mines).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "dev.lucasnlm.antimine"
MAIN = ".main.MainActivity"
GAME = ".GameActivity"
STUBS = {
    ".themes.ThemeActivity": "Themes",
    ".control.ControlActivity": "Controls",
    ".preferences.PreferencesActivity": "Settings",
    ".stats.StatsActivity": "Statistics",
    ".history.HistoryActivity": "Previous Games",
    ".donation.DonationActivity": "Donation",
    ".tutorial.TutorialActivity": "Tutorial",
    ".l10n.LocalizationActivity": "Language",
    ".about.AboutActivity": "About",
}

# Difficulty id -> (button id, size id, label, (width, height, mines)), in the menu's order.
DIFFICULTIES: dict[str, tuple[str, str, str, tuple[int, int, int]]] = {
    "STANDARD": ("startStandard", "standardSize", "Progressive", (9, 16, 25)),
    "FIXED_SIZE": ("startFixedSize", "fixedSizeSize", "Fixed Size", (9, 16, 25)),
    "BEGINNER": ("startBeginner", "beginnerSize", "Beginner", (9, 9, 10)),
    "INTERMEDIATE": ("startIntermediate", "intermediateSize", "Intermediate", (16, 16, 40)),
    "EXPERT": ("startExpert", "expertSize", "Expert", (24, 24, 99)),
    "MASTER": ("startMaster", "masterSize", "Master", (50, 50, 450)),
    "LEGEND": ("startLegend", "legendSize", "Legend", (100, 100, 2000)),
}
# Areas from which building the GameController loses the race against the engine's first frame.
SLOW_FIELD_AREAS = 2500
CUSTOM_FIELDS = (("map_width", "Width"), ("map_height", "Height"), ("map_mines", "Mines"))

UNINITIALIZED = "kotlin.UninitializedPropertyAccessException"
UNINITIALIZED_MESSAGE = "lateinit property gameController has not been initialized"
ENGINE_READY_FRAMES = (
    "kotlin.jvm.internal.Intrinsics.throwUninitializedPropertyAccessException(Intrinsics.java:23)",
    "dev.lucasnlm.antimine.common.level.viewmodel.GameViewModel$mapEventToState$1"
    ".invokeSuspend(GameViewModel.kt:146)",
    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)",
    "android.os.Handler.handleCallback(Handler.java:942)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loopOnce(Looper.java:201)",
    "android.os.Looper.loop(Looper.java:288)",
    "android.app.ActivityThread.main(ActivityThread.java:7872)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:548)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:936)",
)


def _crashed_starting_big_game(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, UNINITIALIZED, "gameController")


BUG_468 = BugSpec(
    bug_id="antimine-android#468",
    kind="crash",
    title="App crashes when starting a Master or Legend game",
    oracle=_crashed_starting_big_game,
    human_steps=(
        click(PACKAGE, "newGameShow", "New Game", cls="android.widget.Button"),
        click(PACKAGE, "startMaster", "Master", cls="android.widget.Button"),
    ),
)


def _filter_input(text: str, minimum: int) -> int:
    """CustomLevelDialogFragment.filterInput: the number typed, or ``minimum`` when it is not
    one, and never below ``minimum``."""
    try:
        value = int(text.strip())
    except ValueError:
        value = minimum
    return max(value, minimum)


class Antimine1751(VirtualApp):
    """Antimine 17.5.1, F-Droid build (see the module docstring)."""

    name: ClassVar[str] = "antimine-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Antimine"
    version: ClassVar[str] = "17.5.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_468,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "show_continue": False,
            "tutorial_dialog": True,
            "new_themes_icon": True,
            "custom": [9, 9, 9],
            "last_field": None,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != GAME or ctx.ui.get("field"):
            return  # re-created on rotation: the game in memory goes on
        difficulty = ctx.extras.get("difficulty") or "BEGINNER"
        self._start_new_game(ctx, difficulty)
        # onOpenAppActions: the "Do you know how to play minesweeper?" dialog, once.
        ctx.ui.setdefault("tutorial", bool(ctx.data["tutorial_dialog"]))

    def _start_new_game(self, ctx: AppContext, difficulty: str) -> None:
        if difficulty == "CUSTOM":
            width, height, mines = ctx.data["custom"]
        else:
            width, height, mines = DIFFICULTIES[difficulty][3]
        ctx.ui.update(difficulty=difficulty, field=[width, height, mines], confirm=False)
        ctx.data["last_field"] = [difficulty, width, height, mines]
        if width * height >= SLOW_FIELD_AREAS:
            # EngineReady is handled before startNewGame has assigned gameController.
            raise JavaException(UNINITIALIZED, UNINITIALIZED_MESSAGE, list(ENGINE_READY_FRAMES))

    # -- screens -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == GAME:
            return self._game(ctx)
        return Screen(content=w.child_page(STUBS.get(ctx.activity, "Antimine")))

    def _main(self, ctx: AppContext) -> Screen:
        expanded = bool(ctx.ui.get("difficulties"))
        new_game: list[View] = [
            w.button(
                "continueGame",
                "Continue" if ctx.data["show_continue"] else "Start",
                lambda c: self._open(c, GAME, {}),
            )
        ]
        if expanded:
            new_game.append(self._difficulties())
        else:
            new_game.append(
                w.button("newGameShow", "New Game", lambda c: c.ui.update(difficulties=True))
            )
        themes = [w.button("themes", "Themes", self._open_themes)]
        if ctx.data["new_themes_icon"]:
            themes.append(w.image_view("newThemesIcon", width=147, gravity="end"))
        cards = [
            w.text_view("Antimine", height=110),
            w.linear_layout(new_game, rid="new_game_card", weight=0),
            w.linear_layout(
                [
                    w.frame_layout(themes, layout=FRAME, height=140),
                    self._stub_button("controls", "Controls", ".control.ControlActivity"),
                    self._stub_button("settings", "Settings", ".preferences.PreferencesActivity"),
                ],
                rid="settings_card",
                weight=0,
            ),
            w.linear_layout(
                [
                    self._stub_button("stats", "Statistics", ".stats.StatsActivity"),
                    self._stub_button(
                        "previousGames", "Previous Games", ".history.HistoryActivity"
                    ),
                ],
                rid="history_card",
                weight=0,
            ),
            w.linear_layout(
                [
                    w.frame_layout(
                        [self._stub_button("removeAds", "Donation", ".donation.DonationActivity")],
                        rid="removeAdsRoot",
                        height=140,
                    ),
                    self._stub_button("tutorial", "Tutorial", ".tutorial.TutorialActivity"),
                    self._stub_button("language", "Language", ".l10n.LocalizationActivity"),
                    self._stub_button("about", "About", ".about.AboutActivity"),
                ],
                rid="other_card",
                weight=0,
            ),
        ]
        content = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            children=[w.scroll_view(cards, scrollable=True, scroll_key="main_scroll")],
        )
        windows: list[Window] = []
        if ctx.ui.get("custom"):
            windows.append(self._custom_dialog(ctx))
        return Screen(content=content, windows=windows)

    def _difficulties(self) -> View:
        rows: list[View] = []
        for difficulty, (rid, size_rid, label, (width, height, mines)) in DIFFICULTIES.items():
            if difficulty == "BEGINNER":
                rows.append(
                    View(cls="android.view.View", resource_id="difficultyDivider1", height=5)
                )
            rows.append(
                w.frame_layout(
                    [
                        w.button(rid, label, w.bind(self._start_difficulty, difficulty)),
                        w.text_view(
                            f"{width} × {height} - {mines}", size_rid, width=330, gravity="end"
                        ),
                    ],
                    layout=FRAME,
                    height=140,
                )
            )
        rows.append(View(cls="android.view.View", resource_id="difficultyDivider2", height=5))
        rows.append(
            w.button("startCustom", "Custom", lambda c: c.ui.update(custom=self._custom_fields(c)))
        )
        return w.linear_layout(rows, rid="difficulties", weight=0)

    def _stub_button(self, rid: str, text: str, activity: str) -> View:
        return w.button(rid, text, lambda c: self._open(c, activity, {}))

    def _open(self, ctx: AppContext, activity: str, extras: dict[str, Any]) -> None:
        # MainActivity.onResume collapses the difficulties when the user comes back.
        ctx.ui["difficulties"] = False
        ctx.start_activity(activity, extras)

    def _open_themes(self, ctx: AppContext) -> None:
        ctx.data["new_themes_icon"] = False
        self._open(ctx, ".themes.ThemeActivity", {})

    def _start_difficulty(self, ctx: AppContext, difficulty: str) -> None:
        self._open(ctx, GAME, {"difficulty": difficulty})

    # -- custom game dialog --------------------------------------------------------------------
    def _custom_fields(self, ctx: AppContext) -> dict[str, str]:
        width, height, mines = ctx.data["custom"]
        return {"map_width": str(width), "map_height": str(height), "map_mines": str(mines)} | {
            "seed": ""
        }

    def _custom_dialog(self, ctx: AppContext) -> Window:
        fields: dict[str, str] = ctx.ui["custom"]

        def typed(rid: str) -> Any:
            def on_text(c: AppContext, text: str) -> None:
                c.ui["custom"][rid] = text

            return on_text

        def field(rid: str, hint: str) -> View:
            edit = w.edit_text(
                rid,
                fields[rid],
                typed(rid),
                hint=hint,
                cls="com.google.android.material.textfield.TextInputEditText",
            )
            return w.text_input_layout(edit, height=190)

        area = w.linear_layout(
            [
                field("map_width", "Width"),
                w.text_view("x", width=60),
                field("map_height", "Height"),
            ],
            rid="areaLayout",
            horizontal=True,
            height=190,
        )
        mines = w.linear_layout(
            [field("map_mines", "Mines"), w.text_view(" ", width=60), field("seed", "Seed")],
            rid="minesLayout",
            horizontal=True,
            height=190,
        )
        return w.alert_dialog(
            w.dialog_title("New Game"),
            [area, mines],
            w.dialog_buttons(("Start", self._start_custom), ("Cancel", self._close_custom)),
            self._close_custom,
        )

    def _close_custom(self, ctx: AppContext) -> None:
        ctx.ui["custom"] = None

    def _start_custom(self, ctx: AppContext) -> None:
        fields = ctx.ui["custom"]
        width = min(_filter_input(fields["map_width"], 5), 50)
        height = min(_filter_input(fields["map_height"], 5), 50)
        mines = min(_filter_input(fields["map_mines"], 3), width * height - 9)
        ctx.data["custom"] = [width, height, mines]
        ctx.ui["custom"] = None
        self._open(ctx, GAME, {"difficulty": "CUSTOM"})

    # -- game screen ---------------------------------------------------------------------------
    def _game(self, ctx: AppContext) -> Screen:
        mines = ctx.ui["field"][2]
        app_bar = w.linear_layout(
            [
                w.image_view("back", "Back", w.finish, width=147),
                w.linear_layout(
                    [w.text_view(str(mines), "minesCount")],
                    horizontal=True,
                ),
                w.frame_layout(
                    [w.image_view("shortcutIcon", "New Game", self._ask_new_game, width=147)],
                    width=147,
                ),
            ],
            rid="app_bar",
            horizontal=True,
            height=w.TOOLBAR_HEIGHT,
            style="toolbar",
        )
        content = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            layout=FRAME,
            children=[
                w.frame_layout(
                    [View(cls="android.view.SurfaceView")],
                    rid="levelContainer",
                ),
                w.text_view("Tap to Begin", "tapToBegin", height=120, gravity="bottom"),
                View(
                    cls="android.widget.LinearLayout",
                    gravity="top",
                    height=w.TOOLBAR_HEIGHT,
                    children=[app_bar],
                ),
            ],
        )
        windows: list[Window] = []
        if ctx.ui.get("tutorial"):
            windows.append(
                w.confirm_dialog(
                    "Tutorial",
                    "Do you know how to play minesweeper?",
                    ("Open Tutorial", self._open_tutorial),
                    ("Close", self._close_tutorial),
                    self._close_tutorial,
                )
            )
        if ctx.ui.get("confirm"):
            windows.append(
                w.confirm_dialog(
                    "New Game",
                    "If you start a new game, your current progress will be lost.",
                    ("Resume", lambda c: self._start_new_game(c, c.ui["difficulty"])),
                    ("Cancel", lambda c: c.ui.update(confirm=False)),
                    lambda c: c.ui.update(confirm=False),
                )
            )
        return Screen(content=content, windows=windows)

    def _ask_new_game(self, ctx: AppContext) -> None:
        # The new game's state is active from the start, so the shortcut asks first.
        ctx.ui["confirm"] = True

    def _close_tutorial(self, ctx: AppContext) -> None:
        ctx.data["tutorial_dialog"] = False
        ctx.ui["tutorial"] = False

    def _open_tutorial(self, ctx: AppContext) -> None:
        self._close_tutorial(ctx)
        ctx.start_activity(".tutorial.TutorialActivity")


def _expand() -> dict[str, Any]:
    return click(PACKAGE, "newGameShow", "New Game", cls="android.widget.Button")


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "antimine-android#468": [
        # Another difficulty instead of Master.
        [_expand(), click(PACKAGE, "startExpert", "Expert", cls="android.widget.Button")],
        [_expand(), click(PACKAGE, "startBeginner", "Beginner", cls="android.widget.Button")],
        # "Start" instead of choosing a difficulty.
        [click(PACKAGE, "continueGame", "Start", cls="android.widget.Button")],
        # A custom game of the default size.
        [
            _expand(),
            click(PACKAGE, "startCustom", "Custom", cls="android.widget.Button"),
            click(PACKAGE, "android:id/button1", "Start", cls="android.widget.Button"),
        ],
        # A custom game wider than Expert but smaller than Master.
        [
            _expand(),
            click(PACKAGE, "startCustom", "Custom", cls="android.widget.Button"),
            input_text(
                PACKAGE,
                "map_width",
                "30",
                cls="com.google.android.material.textfield.TextInputEditText",
            ),
            click(PACKAGE, "android:id/button1", "Start", cls="android.widget.Button"),
        ],
    ],
}
