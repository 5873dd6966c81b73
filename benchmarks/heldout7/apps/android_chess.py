"""Chess (``jwtc.android.chess``, jcarolus/android-chess) 9.6.0, F-Droid's ``foss`` flavour, for
android-chess#177.

The launcher activity ``.start`` (``foss/start.java`` over ``StartBaseActivity``, theme
``ChessStart``: an action bar titled "Chess") shows the list ``ListStart`` of
``@array/start_menu``: Play, Play online, Practice, Puzzles, Global settings, Chess board
settings, About, Advanced (``simple_list_item_1`` rows). "Chess board settings" opens
``BoardPreferencesActivity`` (theme ``ChessTheme``, no action bar): the board ``includeboard``
(``ChessBoardView`` with its 64 ``ChessSquareView`` children), then a card with the spinners
``SpinnerPieceSet`` (Alpha...), ``SpinnerColorScheme`` (Yellow...), the label "Square pattern" and
``SpinnerTileSet`` (none...), and the check boxes ``CheckBoxCoordinates`` "Coordinates" and
``CheckBoxShowMoves`` "Show moves"; ``onPause`` writes them to the ``ChessPlayer`` preferences.

Sources read at tag 9.6.0 (commit 05cf661, 2025-01-14, ``versionName`` 9.6.0 in the manifest),
the version the report names, and the fix 39e7fd3 ("fixes #177", 2025-07-20):
``AndroidManifest.xml``, ``foss/.../start.java``, ``activities/StartBaseActivity.java``,
``BoardPreferencesActivity.java``, ``ChessBoardActivity.java`` (``afterCreate``, ``onResume``),
``BaseActivity.java``, the layouts ``start_foss.xml``, ``layout/chessboard_prefs.xml``,
``layout-land/chessboard_prefs.xml``, ``chessboard.xml``, ``values/arrays.xml``,
``values/strings.xml`` and ``values/themes.xml``.

Bug android-chess#177 (crash): the landscape layout ``layout-land/chessboard_prefs.xml`` has no
``CheckBoxShowMoves``, so in landscape ``BoardPreferencesActivity.onCreate``'s
``findViewById(R.id.CheckBoxShowMoves)`` returns null and ``onResume`` calls
``checkBoxShowMoves.setChecked(...)`` on it (line 91): a ``NullPointerException``, reported as
"Unable to resume activity". The activity declares ``configChanges="orientation"`` only (no
``screenSize``), so a rotation re-creates it: opening the screen in landscape, or rotating to
landscape while it is shown, both crash. The fix adds the check box to the landscape layout.

Stubbed: every other entry of the start list (Play, Play online, Practice, Puzzles, Global
settings, About, Advanced) opens an empty screen of its activity; the board draws no pieces
(``jni.newGame()`` sets up the start position; the squares are plain nodes). Uncertain: the
framework frames of the crash below the ones the report quotes (the model gives the app's frame,
``Instrumentation``/``Activity`` without line numbers and the reported ``ActivityThread`` and
``ResumeActivityItem`` lines); the check boxes are written to the preferences when tapped rather
than in ``onPause`` (the same values).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "jwtc.android.chess"
START = ".start"
BOARD_PREFS = ".activities.BoardPreferencesActivity"
# start_menu's entries and the activities StartBaseActivity opens for them.
START_MENU = (
    ("Play", ".play.PlayActivity"),
    ("Play online", ".ics.ICSClient"),
    ("Practice", ".practice.PracticeActivity"),
    ("Puzzles", ".puzzle.PuzzleActivity"),
    ("Global settings", ".ChessPreferences"),
    ("Chess board settings", BOARD_PREFS),
    ("About", ".HtmlActivity"),
    ("Advanced", ".tools.AdvancedActivity"),
)
PIECE_SETS = (
    "Alpha",
    "Merida",
    "Leipzig",
    "California",
    "Companion",
    "Chessnut",
    "Kosal",
    "Staunty",
)
COLOR_SCHEMES = ("Yellow", "Blue", "Green", "Grey", "Brown", "Red", "Orange", "Pink", "Purple")
TILES = ("none", "single shade", "double shade")
# spinner id -> (preference key, choices)
SPINNERS = {
    "SpinnerPieceSet": ("pieceset", PIECE_SETS),
    "SpinnerColorScheme": ("colorscheme", COLOR_SCHEMES),
    "SpinnerTileSet": ("squarePattern", TILES),
}
NPE = (
    "Attempt to invoke virtual method 'void android.widget.CheckBox.setChecked(boolean)' "
    "on a null object reference"
)


def crashed_resuming_board_prefs(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of android-chess#177: BoardPreferencesActivity's resume failed on the
    missing check box."""
    return crashed(system, PACKAGE, "java.lang.RuntimeException", "CheckBox.setChecked")


LANDSCAPE = {"kind": "rotate", "orientation": "landscape"}
PORTRAIT = {"kind": "rotate", "orientation": "portrait"}


def entry(text: str) -> dict[str, Any]:
    """A tap on the start list's entry ``text``."""
    return click(PACKAGE, "android:id/text1", text)


BOARD_SETTINGS = entry("Chess board settings")


def resume_crash() -> JavaException:
    """``onResume``'s NPE as ``ActivityThread.performResumeActivity`` rethrows it."""
    component = f"{PACKAGE}/{PACKAGE}{BOARD_PREFS}"
    resume = [
        "android.app.ActivityThread.performResumeActivity(ActivityThread.java:4444)",
        "android.app.ActivityThread.handleResumeActivity(ActivityThread.java:4476)",
        "android.app.servertransaction.ResumeActivityItem.execute(ResumeActivityItem.java:52)",
        "android.app.servertransaction.TransactionExecutor.executeLifecycleState"
        "(TransactionExecutor.java)",
        "android.app.servertransaction.TransactionExecutor.execute(TransactionExecutor.java)",
        "android.app.ActivityThread$H.handleMessage(ActivityThread.java)",
        "android.os.Handler.dispatchMessage(Handler.java)",
        "android.os.Looper.loop(Looper.java)",
        "android.app.ActivityThread.main(ActivityThread.java)",
    ]
    cause = JavaException(
        "java.lang.NullPointerException",
        NPE,
        [
            "jwtc.android.chess.activities.BoardPreferencesActivity.onResume"
            "(BoardPreferencesActivity.java:91)",
            "android.app.Instrumentation.callActivityOnResume(Instrumentation.java)",
            "android.app.Activity.performResume(Activity.java)",
            *resume,
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to resume activity {{{component}}}: java.lang.NullPointerException: {NPE}",
        resume,
        cause=cause,
    )


class AndroidChess(VirtualApp):
    """Chess 9.6.0 (foss): the start list and the chess board settings."""

    name: ClassVar[str] = "android-chess"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Chess"
    version: ClassVar[str] = "9.6.0"
    launch_activity: ClassVar[str] = START
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "android-chess#177",
            "crash",
            "In landscape mode, the Chess Board Settings cannot be clicked.",
            crashed_resuming_board_prefs,
            human_steps=(LANDSCAPE, BOARD_SETTINGS),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # The "ChessPlayer" SharedPreferences the board settings read (their defaults).
        return {
            "pieceset": 0,
            "colorscheme": 0,
            "squarePattern": 0,
            "showCoords": False,
            "showMoves": True,
        }

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != BOARD_PREFS:
            return
        # onCreate inflates chessboard_prefs for the orientation; onResume then sets the boxes.
        if ctx.orientation == "landscape":  # no CheckBoxShowMoves in layout-land
            raise resume_crash()
        ctx.ui.setdefault("dropdown", None)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {}  # both screens read everything again from the preferences

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "dropdown", None)

    def _open(self, ctx: AppContext, activity: str) -> None:
        ctx.start_activity(activity)

    def _choose(self, ctx: AppContext, index: int) -> None:
        key = SPINNERS[ctx.ui["dropdown"]][0]
        ctx.data[key] = index
        ctx.ui["dropdown"] = None

    def _toggle(self, ctx: AppContext, key: str) -> None:
        ctx.data[key] = not ctx.data[key]

    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == START:
            rows = [
                w.text_view(text, "android:id/text1", on_click=w.bind(self._open, activity))
                for text, activity in START_MENU
            ]
            bar = w.toolbar("Chess", rid="action_bar")
            content = w.linear_layout([bar, w.list_view(rows, rid="ListStart")])
            return Screen(content=content, title="Chess")
        if ctx.activity == BOARD_PREFS:
            return self._render_board_prefs(ctx)
        return Screen(content=w.linear_layout([]))  # the other entries' screens (stubs)

    def _render_board_prefs(self, ctx: AppContext) -> Screen:
        data = ctx.data
        width = min(ctx.screen_size) // 8
        squares = [
            w.linear_layout(
                [
                    View(cls="jwtc.android.chess.views.ChessSquareView", width=width, height=width)
                    for _ in range(8)
                ],
                horizontal=True,
                height=width,
            )
            for _ in range(8)
        ]
        board = View(
            cls="jwtc.android.chess.views.ChessBoardView",
            resource_id="includeboard",
            height=width * 8,
            children=squares,
        )

        def spinner(rid: str) -> View:
            key, choices = SPINNERS[rid]
            return w.spinner(rid, choices[data[key]], w.bind(self._set, dropdown=rid))

        card = View(
            cls="com.google.android.material.card.MaterialCardView",
            weight=0,
            children=[
                w.linear_layout(
                    [
                        w.linear_layout(
                            [spinner("SpinnerPieceSet"), spinner("SpinnerColorScheme")],
                            horizontal=True,
                            height=126,
                        ),
                        w.linear_layout(
                            [w.text_view("Square pattern"), spinner("SpinnerTileSet")],
                            horizontal=True,
                            height=126,
                        ),
                        w.check_box(
                            "CheckBoxCoordinates",
                            "Coordinates",
                            data["showCoords"],
                            w.bind(self._toggle, "showCoords"),
                        ),
                        w.check_box(
                            "CheckBoxShowMoves",
                            "Show moves",
                            data["showMoves"],
                            w.bind(self._toggle, "showMoves"),
                        ),
                    ],
                    weight=0,
                )
            ],
        )
        windows: list[Window] = []
        if ctx.ui.get("dropdown"):
            key, choices = SPINNERS[ctx.ui["dropdown"]]
            close = w.bind(self._set, dropdown=None)
            windows.append(w.spinner_dropdown(choices, data[key], self._choose, close))
        content = w.linear_layout([board, card], rid="LayoutMain")
        return Screen(content=content, windows=windows)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "android-chess#177": [
        # Portrait: the portrait layout has the check box.
        [BOARD_SETTINGS],
        # Landscape, but another settings entry.
        [LANDSCAPE, entry("Global settings")],
        # Back to portrait before the entry.
        [LANDSCAPE, PORTRAIT, BOARD_SETTINGS],
        # The board settings in portrait, a check box changed, then back out before a rotation.
        [BOARD_SETTINGS, click(PACKAGE, "CheckBoxShowMoves"), {"kind": "press_back"}, LANDSCAPE],
    ],
}
