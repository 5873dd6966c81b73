"""LibreTrivia (``io.github.trytonvanmeer.libretrivia``, the GitHub repository
``trytonlux/LibreTrivia``, stored as ``tryton-vanmeer/LibreTrivia``) 0.3, for bug LibreTrivia#24.

Modelled from the sources at tag ``v0.3.0`` (commit ``84d7623``, ``versionName "0.3"``,
versionCode 3, the newest release when the report was written; the report's line numbers,
``TriviaGameActivity.java:177`` and ``TriviaQuestionFragment.java:114``, match it):
``activities/MainActivity``, ``BaseActivity``, ``TriviaGameActivity``,
``TriviaGameResultsActivity``, ``fragments/TriviaQuestionFragment``, ``TriviaGameErrorFragment``,
``trivia/TriviaGame``, ``TriviaQuery``, ``TriviaQuestionBoolean``, ``TriviaQuestionMultiple``,
``TriviaCategory``, ``TriviaDifficulty``, ``util/ApiUtil``, ``settings/SettingsActivity``, the
layouts ``activity_main``, ``activity_trivia_game``, ``fragment_trivia_question_boolean``,
``fragment_trivia_question_multiple``, ``fragment_trivia_game_error``,
``activity_trivia_game_results``, the menu ``app_menu``, ``xml/preferences`` and
``values/strings.xml``. No fix exists in the repository.

Screens: the main screen (the decor action bar "LibreTrivia" with the overflow menu Settings,
About; "Questions" over the Spinner ``spinner_number`` (1-50, "10" selected), "Category" over
``spinner_category`` ("Any" and the 24 categories), "Difficulty" over ``spinner_difficulty``
(Any, Easy, Medium, Hard), the button ``button_play`` "Start Game"). Start Game opens the game:
the status bar ``trivia_status_bar`` (``text_question_category``, ``text_question_difficulty``,
``text_question_progress`` "1⁄10") over the question fragment in ``frame_trivia_game``: the
question ``text_trivia_question`` and either ``button_answer_one`` ... ``button_answer_four`` (a
multiple-choice question) or ``button_answer_true`` "True" and ``button_answer_false`` "False". A
tap disables the buttons, tints them, and 500 ms later shows the next question, or the results
screen (``text_results_total``, ``text_results_correct``, ``text_results_wrong``,
``button_return_to_menu`` "Return To Menu") after the last one. Back in a game asks "Quit Game"
(OK / Cancel).

Bug LibreTrivia#24 (crash): ``TriviaQuestionFragment.setupButtons`` sets
``buttonAnswerCorrect`` only for a multiple-choice question; for a true/false one it stays null,
and a wrong answer makes ``TriviaGameActivity.onAnswerClick`` tint it green:
``NullPointerException: Attempt to invoke virtual method 'void
android.widget.Button.setBackgroundTintList(android.content.res.ColorStateList)' on a null
object reference`` (line 177). A right answer, or any answer to a multiple-choice question, does
not reach that line.

Network content as fixed data: the OpenTDB request (``https://opentdb.com/api.php?amount=N``
with the chosen category and difficulty) answers with the questions of ``QUESTIONS`` below (ten
questions of several categories and difficulties, three of them true/false, the second being
the first true/false one), those matching the chosen category and difficulty, at most N of them
(the real service picks N random ones); none matching gives "No trivia results!". The
multiple-choice answers, shuffled by the app, are shown in a fixed order here (the correct one
moved by the question's position).

Stubbed: the answer sound, Settings (the "Answer Sound Effect" checkbox only toggles), About (the
AboutLibraries screen shows the app name and description only), the 500 ms delay (the next
question shows at once), rotation keeps the game (as ``onSaveInstanceState`` does).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.system_log import CLICK_FRAMES
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "io.github.trytonvanmeer.libretrivia"
MAIN = ".activities.MainActivity"
GAME = ".activities.TriviaGameActivity"
RESULTS = ".activities.TriviaGameResultsActivity"
SETTINGS = ".settings.SettingsActivity"
ABOUT = "com.mikepenz.aboutlibraries.ui.LibsActivity"
NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'void android.widget.Button.setBackgroundTintList"
    "(android.content.res.ColorStateList)' on a null object reference"
)
BUTTON = "android.widget.Button"

CATEGORIES = (
    "Any",
    "General Knowledge",
    "Entertainment: Books",
    "Entertainment: Film",
    "Entertainment: Music",
    "Entertainment: Musicals & Theatres",
    "Entertainment: Television",
    "Entertainment: Video Games",
    "Entertainment: Board Games",
    "Entertainment: Japanese Anime & Manga",
    "Entertainment: Cartoons & Animation",
    "Entertainment: Comics",
    "Science & Nature",
    "Science: Computers",
    "Science: Mathematics",
    "Science: Gadgets",
    "Mythology",
    "Sports",
    "Geography",
    "History",
    "Politics",
    "Art",
    "Celebrities",
    "Animals",
    "Vehicles",
)
DIFFICULTIES = ("Any", "Easy", "Medium", "Hard")
AMOUNTS = tuple(str(n) for n in range(1, 51))
ANSWER_IDS = ("button_answer_one", "button_answer_two", "button_answer_three", "button_answer_four")

# (type, category, difficulty, question, correct answer, incorrect answers): OpenTDB's fields.
QUESTIONS: tuple[tuple[str, str, str, str, str, tuple[str, ...]], ...] = (
    (
        "multiple",
        "Entertainment: Video Games",
        "Easy",
        'What is the name of the main protagonist of "The Legend of Zelda" series?',
        "Link",
        ("Zelda", "Ganondorf", "Epona"),
    ),
    ("boolean", "Science & Nature", "Easy", "The human heart has four chambers.", "True", ()),
    (
        "multiple",
        "Geography",
        "Easy",
        "What is the capital of Australia?",
        "Canberra",
        ("Sydney", "Melbourne", "Perth"),
    ),
    (
        "multiple",
        "Science: Computers",
        "Easy",
        "What does CPU stand for?",
        "Central Processing Unit",
        ("Central Process Unit", "Computer Personal Unit", "Central Processor Unit"),
    ),
    ("boolean", "Animals", "Medium", "Kangaroos can walk backwards.", "False", ()),
    (
        "multiple",
        "History",
        "Medium",
        "In which year did the Berlin Wall fall?",
        "1989",
        ("1987", "1991", "1985"),
    ),
    (
        "multiple",
        "General Knowledge",
        "Easy",
        "How many sides does a hexagon have?",
        "6",
        ("5", "7", "8"),
    ),
    ("boolean", "Science: Mathematics", "Easy", "Pi is a rational number.", "False", ()),
    (
        "multiple",
        "Entertainment: Music",
        "Medium",
        'Which band released the album "The Dark Side of the Moon"?',
        "Pink Floyd",
        ("Led Zeppelin", "The Who", "Queen"),
    ),
    (
        "multiple",
        "Sports",
        "Hard",
        "How many players does one team have on the field in a rugby union match?",
        "15",
        ("13", "11", "12"),
    ),
)


def _answers(index: int) -> list[str]:
    """The multiple-choice question ``index``'s buttons: ``getAnswerList`` (correct first),
    shuffled by the app; here the correct answer moves one place per question."""
    _, _, _, _, correct, wrong = QUESTIONS[index]
    answers = [*wrong]
    answers.insert(index % 4, correct)
    return answers


def _npe_frames() -> list[str]:
    return [
        "io.github.trytonvanmeer.libretrivia.activities.TriviaGameActivity.onAnswerClick"
        "(TriviaGameActivity.java:177)",
        "io.github.trytonvanmeer.libretrivia.fragments.TriviaQuestionFragment"
        "$AnswerButtonListener.onClick(TriviaQuestionFragment.java:114)",
        *CLICK_FRAMES,
    ]


# -- steps ---------------------------------------------------------------------------------------
S_START = click(PACKAGE, "button_play", "Start Game", cls=BUTTON)
S_LINK = click(PACKAGE, "button_answer_one", "Link", cls=BUTTON)
S_ZELDA = click(PACKAGE, "button_answer_two", "Zelda", cls=BUTTON)
S_FALSE = click(PACKAGE, "button_answer_false", "False", cls=BUTTON)
S_TRUE = click(PACKAGE, "button_answer_true", "True", cls=BUTTON)
S_SYDNEY = click(PACKAGE, "button_answer_one", "Sydney", cls=BUTTON)
S_BACK: dict[str, Any] = {"kind": "press_back"}
S_QUIT_OK = click(PACKAGE, "android:id/button1", "OK", cls=BUTTON)
HUMAN_STEPS = (S_START, S_LINK, S_FALSE)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "LibreTrivia#24": [
        # The right answer to the true/false question.
        [S_START, S_LINK, S_TRUE],
        # A wrong answer, but to the multiple-choice question.
        [S_START, S_ZELDA],
        # Past the true/false question rightly, then a wrong multiple-choice answer.
        [S_START, S_ZELDA, S_TRUE, S_SYDNEY],
        # The game quit before the true/false question is answered.
        [S_START, S_LINK, S_BACK, S_QUIT_OK],
    ],
}


class LibreTrivia(VirtualApp):
    """LibreTrivia 0.3: the game setup, the game, the results, Settings."""

    name: ClassVar[str] = "LibreTrivia"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "LibreTrivia"
    version: ClassVar[str] = "0.3"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "LibreTrivia#24",
            "crash",
            "[Bug] App crashes on incorrect answer to true/false question",
            crash_oracle(PACKAGE, NPE, "setBackgroundTintList"),
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"sound": True}

    # -- main screen ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("menu", False)
        if ctx.activity == MAIN:
            ui.setdefault("amount", 9)
            ui.setdefault("category", 0)
            ui.setdefault("difficulty", 0)
            ui.setdefault("dropdown", "")
        elif ctx.activity == GAME and "game" not in ui:
            self._download(ctx)

    def _start(self, ctx: AppContext) -> None:
        ui = ctx.ui
        query = {
            "amount": ui["amount"] + 1,
            "category": CATEGORIES[ui["category"]],
            "difficulty": DIFFICULTIES[ui["difficulty"]],
        }
        ctx.start_activity(GAME, {"query": query})

    def _download(self, ctx: AppContext) -> None:
        """DownloadTriviaQuestionsTask then onTriviaQuestionsDownloaded (fixed data)."""
        query = ctx.extras["query"]
        chosen = [
            i
            for i, q in enumerate(QUESTIONS)
            if query["category"] in ("Any", q[1]) and query["difficulty"] in ("Any", q[2])
        ][: query["amount"]]
        ctx.ui["game"] = {"questions": chosen, "current": 0, "results": []}

    # -- game ----------------------------------------------------------------------------------
    def _answer(self, ctx: AppContext, text: str, multiple: bool) -> None:
        """AnswerButtonListener.onClick: disableButtons, then onAnswerClick."""
        game = ctx.ui["game"]
        index = game["questions"][game["current"]]
        correct = QUESTIONS[index][4]
        guess = text == correct if multiple else text.lower() == correct.lower()
        game["results"].append(guess)
        game["current"] += 1
        if not guess and not multiple:  # buttonAnswerCorrect was never set for true/false
            raise JavaException(NPE, NPE_MESSAGE, frames=_npe_frames())
        # 500 ms later: the results, or the next question.
        if game["current"] == len(game["questions"]):
            results = list(game["results"])
            ctx.finish()
            ctx.start_activity(RESULTS, {"results": results})

    def _question(self, ctx: AppContext) -> View:
        game = ctx.ui["game"]
        index = game["questions"][game["current"]]
        kind, _, _, question, _, _ = QUESTIONS[index]
        if kind == "multiple":
            buttons = [
                w.button(rid, text, w.bind(self._answer, text, True))
                for rid, text in zip(ANSWER_IDS, _answers(index), strict=True)
            ]
        else:
            buttons = [
                w.button(f"button_answer_{t.lower()}", t, w.bind(self._answer, t, False))
                for t in ("True", "False")
            ]
        return w.linear_layout(
            [w.text_view(question, "text_trivia_question", height=300), *buttons], weight=0
        )

    def _game(self, ctx: AppContext) -> View:
        game = ctx.ui["game"]
        if not game["questions"]:
            error = w.linear_layout(
                [
                    w.image_view(height=300),
                    w.text_view(
                        "No trivia results!\n Was not able to find trivia questions that "
                        "satisfied all options.",
                        "text_error_msg",
                        height=300,
                    ),
                ]
            )
            return w.frame_layout([error], rid="frame_trivia_game")
        index = game["questions"][game["current"]]
        _, category, difficulty, _, _, _ = QUESTIONS[index]
        progress = f"{game['current'] + 1}\u2044{len(game['questions'])}"
        status = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(category, "text_question_category", height=80),
                        w.text_view(difficulty, "text_question_difficulty", height=80),
                    ]
                ),
                w.text_view(progress, "text_question_progress", width=250),
            ],
            rid="trivia_status_bar",
            horizontal=True,
            height=170,
            weight=0,
        )
        body = w.scroll_view(
            [w.frame_layout([self._question(ctx)], rid="frame_trivia_game")], rid="scrollView2"
        )
        return w.linear_layout([status, body])

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "dropdown", ""):
            return True
        if ctx.activity == GAME and ctx.ui["game"]["questions"]:
            ctx.ui["quit"] = True
            return True
        return False

    # -- windows -------------------------------------------------------------------------------
    def _dropdown(self, ctx: AppContext) -> Window | None:
        which = ctx.ui.get("dropdown")
        if not which:
            return None
        choices = {"amount": AMOUNTS, "category": CATEGORIES, "difficulty": DIFFICULTIES}[which]

        def choose(c: AppContext, i: int) -> None:
            c.ui[which] = i
            c.ui["dropdown"] = ""

        def close(c: AppContext) -> None:
            c.ui["dropdown"] = ""

        rows = w.checked_rows(choices, ctx.ui[which], choose, height=126)
        shown = min(len(rows), 12)
        listing = View(
            cls="android.widget.ListView",
            height=126 * shown,
            scrollable=len(rows) > shown,
            scroll_key=f"{which}_scroll",
            children=rows,
        )
        return Window(root=listing, kind="menu", on_dismiss=close)

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        if ui.get("menu"):

            def go(activity: str) -> Any:
                def handler(c: AppContext) -> None:
                    c.ui["menu"] = False
                    c.start_activity(activity)

                return handler

            def close(c: AppContext) -> None:
                c.ui["menu"] = False

            return [w.menu_window([("Settings", go(SETTINGS)), ("About", go(ABOUT))], close)]
        if ui.get("quit"):

            def stay(c: AppContext) -> None:
                c.ui["quit"] = False

            return [
                w.confirm_dialog(
                    "Quit Game",
                    "Are you sure you want to quit this game?",
                    ("OK", w.finish),
                    ("Cancel", stay),
                    stay,
                )
            ]
        dropdown = self._dropdown(ctx)
        return [dropdown] if dropdown is not None else []

    # -- screens -------------------------------------------------------------------------------
    def _action_bar(self, title: str, up: bool = False, menu: bool = True) -> View:
        def open_menu(c: AppContext) -> None:
            c.ui["menu"] = True

        return w.toolbar(
            title,
            navigation=w.up_button() if up else None,
            actions=[w.overflow_button(open_menu)] if menu else [],
            rid="action_bar",
        )

    def _main(self, ctx: AppContext) -> View:
        ui = ctx.ui

        def opener(which: str) -> Any:
            def handler(c: AppContext) -> None:
                c.ui["dropdown"] = which

            return handler

        form = w.linear_layout(
            [
                w.text_view("Questions"),
                w.spinner("spinner_number", AMOUNTS[ui["amount"]], opener("amount")),
                w.text_view("Category"),
                w.spinner("spinner_category", CATEGORIES[ui["category"]], opener("category")),
                w.text_view("Difficulty"),
                w.spinner(
                    "spinner_difficulty", DIFFICULTIES[ui["difficulty"]], opener("difficulty")
                ),
                w.button("button_play", "Start Game", self._start),
            ],
            weight=0,
        )
        return w.scroll_view([form])

    def _results(self, ctx: AppContext) -> View:
        results = ctx.extras["results"]
        right = sum(1 for r in results if r)

        def row(label: str, value: int, rid: str) -> View:
            return w.linear_layout(
                [w.text_view(label), w.text_view(str(value), rid, width=200)],
                horizontal=True,
                height=110,
                weight=0,
            )

        return w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.image_view(height=400),
                        row("Total Questions", len(results), "text_results_total"),
                        row("Correct Answers", right, "text_results_correct"),
                        row("Wrong Answers", len(results) - right, "text_results_wrong"),
                        w.button("button_return_to_menu", "Return To Menu", w.finish),
                    ],
                    weight=0,
                )
            ]
        )

    def _settings(self, ctx: AppContext) -> View:
        def flip(c: AppContext) -> None:
            c.data["sound"] = not c.data["sound"]

        rows = [
            w.preference_category("Sound"),
            w.preference(
                "Answer Sound Effect", "", flip, widget=w.checkbox_widget(ctx.data["sound"])
            ),
        ]
        return w.list_view(rows)

    def render(self, ctx: AppContext) -> Screen:
        activity = ctx.activity
        if activity == SETTINGS:
            content = w.linear_layout(
                [self._action_bar("", up=True, menu=False), self._settings(ctx)]
            )
        elif activity == ABOUT:
            about = w.linear_layout(
                [
                    w.text_view("LibreTrivia", "aboutName"),
                    w.text_view("Version 0.3", "aboutVersion"),
                    w.text_view("An open source trivia game.", "aboutDescription"),
                ],
                weight=0,
            )
            content = w.linear_layout([self._action_bar("", up=True, menu=False), about])
        else:
            if activity == GAME:
                body = self._game(ctx)
            elif activity == RESULTS:
                body = self._results(ctx)
            else:
                body = self._main(ctx)
            content = w.linear_layout([self._action_bar("LibreTrivia"), body])
        return Screen(content=content, windows=self._windows(ctx))
