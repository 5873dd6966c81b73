"""PowerUp (``powerup.systers.com``, anitab-org/powerup-android) 1.0, for
powerup-android#849.

An educational choose-your-own-adventure game: after the splash, ``StartActivity`` shows a picture
with three transparent buttons over its drawn labels (``aboutButtonMain``,
``newUserButtonFirstPage``, ``startButtonMain``, the last one with the text "Resume" once an avatar
was made; the others have no text). Start (first time) or New User (the dialog "Are you Sure ?" /
"If you start a new game, previous data and all karma points will be lost !", "Create new Avatar"
/ "Cancel") opens the avatar room: left and right arrows (``skin_left`` / ``skin_right``,
``eyes_*``, ``clothes_*``, ``hair_*``) beside the labels Skin, Eyes, Clothes, Hair, the avatar and
``continueButtonAvatar``, which saves the avatar, marks every scenario not completed and not
replayed and opens the map. The map (``gamemap.xml``) has four image areas: ``house`` (Home,
always enabled), ``school``, ``hospital`` and ``library`` (enabled once the scenario before them,
Home, School, Hospital, is completed), the buttons ``store`` ("Store") and ``home_button``. A
scenario (``GameActivity``) shows its name ``scenarioNameEditText``, the home button
``continueButtonGoesToMap``, the question ``questionView`` and the answers, rows
``rowTextView`` of ``mainListView``. The last answer opens ``ScenarioOverActivity``: transparent
``replayButton`` and ``mapButton``, the ``continueButton`` image and the karma points
``karmaPoints``; opened from the map for a completed scenario, it hides the continue button.

Sources read at commit 4edd009 ("Include a Scenario Over Screen after Library scenario",
2018-01-04, ``versionName`` 1.0), the state when the report was filed (2018-01-05):
``AndroidManifest.xml``, ``SplashActivity``, ``StartActivity``, ``AvatarRoomActivity``,
``MapActivity``, ``GameActivity``, ``ScenarioOverActivity``, ``datamodel/SessionHistory``,
``db/DatabaseHandler`` (``getScenario``, ``setSessionId``, ``setCompletedScenario``,
``resetCompleted``, ``setReplayedScenario``, ``getAllAnswer``), ``db/AbstractDbAdapter`` (the
CSV import), ``minesweeper/MinesweeperSessionManager``, ``powerup/PowerUpUtils``, the assets
``Scenario.csv``, ``Question.csv`` and ``Answer.csv``, the layouts ``activity_main.xml``,
``layout-land/avatar_room.xml``, ``gamemap.xml``, ``layout-land/game_activity.xml``,
``layout-land/activity_scenario_over.xml``, ``simplerow.xml`` and ``values/strings.xml``; the
maintainers' analysis in issue #500 (which #849 duplicates) and its fix, PR #986 (2018-02-10).

Bug powerup-android#849 (crash): ``SessionHistory`` keeps the session in static fields, process
memory: ``currSessionID`` (1 at start) and ``prevSessionID`` (-1 at start). Finishing a
scenario's last answer (``GameActivity.updateScenario``) sets ``prevSessionID`` to that
scenario's id before opening ``ScenarioOverActivity``, so its Replay works in the same process.
After the app's process is gone, the map's tap on a completed scenario
(``setSessionId`` returns false) opens ``ScenarioOverActivity`` from the map, whose Replay sets
``currSessionID = prevSessionID``, i.e. -1, and starts ``GameActivity``;
``DatabaseHandler.getScenario()`` finds no row with id -1 and returns null, and
``GameActivity.onCreate`` calls ``scene.getId()`` on it (line 77): a ``NullPointerException``
while the activity starts. PR #986 passes the tapped scenario's name to the Replay instead.

Fixed data: the scenarios of ``Scenario.csv`` and the questions and answers of the four map
scenarios (and the questions 2-7 School's answers lead to), as the app's naive
``split(",")`` import reads them. Stubbed: the store, About, the three mini games (their tutorial
screens show only a picture; leaving a scenario through a mini game marks Minesweeper open, as
``MinesweeperSessionManager`` does), the game over screen, the avatar's pictures (the arrows only
count), the karma bars, sounds. Uncertain: the screens are landscape-only (the model draws them
in the device's portrait frame, in the layouts' order); the splash's one second is not waited;
the labels drawn in the start screen's and the scenario-over screen's pictures are not in the
model's screenshot; the framework frames (API 23) of the crash.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import stacks
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import FRAME, Screen, View

PACKAGE = "powerup.systers.com"
SPLASH = ".SplashActivity"
START = ".StartActivity"
AVATAR = ".AvatarRoomActivity"
MAP = ".MapActivity"
GAME = ".GameActivity"
OVER = ".ScenarioOverActivity"
STORE = ".StoreActivity"
ABOUT = ".AboutActivity"
GAME_OVER = ".GameOverActivity"
# The mini games' first screens, by the negative next-question id that opens them.
MINI_GAMES = {
    -1: ".minesweeper.MinesweeperTutorials",
    -2: ".sink_to_swim_game.SinkToSwimTutorials",
    -3: ".vocab_match_game.VocabMatchTutorials",
}
MINESWEEPER = ".minesweeper.MinesweeperGameActivity"
STUBS = (STORE, ABOUT, GAME_OVER, MINESWEEPER, *MINI_GAMES.values())

# Scenario.csv: id -> (name, first question id, next scenario id).
SCENARIOS: dict[int, tuple[str, int, int]] = {
    1: ("Store", 29, 2),
    2: ("Sex", 1, 3),
    3: ("Love", 8, 4),
    4: ("Home", 49, 5),
    5: ("School", 15, 6),
    6: ("Hospital", 35, 7),
    7: ("Library", 41, -1),
}
# MapActivity's areas: resource id -> scenario id, and the scenario that enables each.
AREAS = {"school": 5, "house": 4, "hospital": 6, "library": 7}
ENABLED_BY = {"school": 4, "hospital": 5, "library": 6}
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'int powerup.systers.com.datamodel.Scenario.getId()' "
    "on a null object reference"
)
# Question.csv (id: description) of the questions scenarios 4-7 reach.
QUESTIONS: dict[int, str] = {
    2: '"You know if we head to my place we are having sex"',
    3: '"Oh okay."',
    4: "Let’s go inside the house then!",
    5: "No",
    6: "I don’t have enough for a condom. We will be fine!",
    7: "What’s up? We just got here!",
    15: "Let’s go back to my place",
    16: '"You know if we head to my place we are having sex"',
    17: '"Oh okay."',
    18: "Let’s go inside the house then!",
    19: "No",
    20: "I don’t have enough for a condom. We will be fine!",
    21: "What’s up? We just got here!",
    35: "Hi..I am Dr.Bulma. Are you comfortable in private or should I call your mother in?",
    36: "Please tell me about your recent health changes or anything unusual ?",
    37: "Mother is giving wrong information or missing something !!",
    38: "Doctor starts physical checkup including private parts",
    39: "Dr. Bulma: Please take reports. Do you have any questions ?",
    40: "Mother enters..Doctor asks about your recent health changes or anything unusual?",
    41: "Ohh!! Something's wrong.. I am feeling wierd",
    42: "Am I sick? Umm..what should I do about this?",
    43: "Am I sick? Umm..what should I do about this?",
    44: "Am I sick? Umm..what should I do about this?",
    45: "Oops!! I am getting more sick",
    46: "Mom: Honey..It's normal at your age..Let's go for health checkup",
    47: "You find some medicines for your problem on internet",
    48: "Umm..Which friend should I listen to?",
    49: "Uncle Mathew touches you inappropriately",
    50: "Uncle Mathew molests you this time. It happened..how shocking it may seem.",
    51: "Uncle Mathew molests you this time. It's good you were careful",
    52: "You were molested. What will you do next ?",
    53: "You were molested again by Mathew. What will you do?",
    54: "Your parents called police.",
    55: "Which friend advice will you take?",
    56: "Mathew started exploiting you sexually",
}
# Answer.csv rows of those questions, in file order: (question id, description, next question
# id, points); the next id "$" reads as 0 from the INTEGER column.
ANSWERS: tuple[tuple[int, str, int, int], ...] = (
    (2, "Can we talk about this?", 0, 2),
    (2, "Sure", 4, 1),
    (4, "Do you have condoms?", 5, 3),
    (4, "Let’s head inside", 0, 0),
    (4, "I’m feeling weird. Can we talk about this?", 0, 2),
    (5, "Let’s go to the store and buy some.", 6, 4),
    (5, "I am not feeling comfortable about this.", 7, 4),
    (5, "Nevermind let’s just have sex.", -1, 0),
    (7, "I really think we should find a condom", 6, 3),
    (7, "I changed my mind. I wanna go home.", 0, 3),
    (6, "Ok I am going home", 0, 4),
    (6, "Ok fine. Let’s have sex", -1, 0),
    (3, "Returns Home", 0, 0),
    (15, "Maybe another time.", 3, 2),
    (15, "Sure", 2, 1),
    (16, "Can we talk about this?", 0, 2),
    (16, "Sure", 4, 1),
    (18, "Do you have condoms?", 5, 3),
    (18, "Let’s head inside", 0, 0),
    (18, "I’m feeling weird. Can we talk about this?", 0, 2),
    (19, "Let’s go to the store and buy some.", 6, 4),
    (19, "I am not feeling comfortable about this.", 7, 4),
    (19, "Nevermind let’s just have sex.", -1, 0),
    (21, "I really think we should find a condom", 6, 3),
    (21, "I changed my mind. I wanna go home.", 0, 3),
    (20, "Ok I am going home", 0, 4),
    (20, "Ok fine. Let’s have sex", -1, 0),
    (17, "Returns Home", 0, 0),
    (35, "Yes..I am comfortable and prefer speaking alone", 36, 2),
    (35, "No..I am not comfortable. Please call her.", 40, 2),
    (35, "Say yes even if you are not comfortable", 36, 2),
    (36, "Answer questions hesitantly", 38, 2),
    (36, "Please call my mother", 40, 2),
    (36, "Stay quiet until doctor calls your mother", 40, 2),
    (40, "Stay quiet and let your mother answer for you", 37, 2),
    (40, "Voluntarily answer questions yourself", 38, 2),
    (40, "Give answers in detail", 38, 2),
    (37, "Stay quiet", 38, 2),
    (37, "Correct her and tell all problems clearly in detail", 38, 2),
    (38, "Tell doctor about any pain or infection or health problem during checkup", 39, 2),
    (38, "Stay quiet. Don't tell any problem you are facing to save embarrassment", 39, 2),
    (38, "Lie on checkup questions to save embarrassment", 39, 2),
    (39, "No..Return home", -3, 2),
    (39, "No..Ask your mother later after returning home", -3, 2),
    (39, "Ask your all doubts related to puberty", -3, 2),
    (41, "I am getting acnes and fat at hips", 42, 2),
    (41, "I am not growing.Everybody else has got much bigger than me", 43, 2),
    (41, "I have got period for the first time", 44, 2),
    (42, "I should go diet", 45, 2),
    (42, "I should talk to Mom", 46, 2),
    (42, "I should search on Internet", 47, 2),
    (42, "Lemme ask my friends", 48, 2),
    (43, "Let me eat more over my capacity", 45, 2),
    (43, "I should talk to mom", 46, 2),
    (43, "Go to Internet", 47, 2),
    (44, "I should wait !! I will get better", 45, 2),
    (44, "I should talk to Mom", 46, 2),
    (45, "Visit Doctor !!", -2, 2),
    (45, "Go to Mom", 46, 2),
    (46, "Visit Doctor!!", -2, 2),
    (47, "Take medicine", 45, 2),
    (47, "Go to Mom", 46, 2),
    (47, "Visit Doctor!!", -2, 2),
    (48, "Aaruhi- Talk to your Mom", 46, 2),
    (48, "Juhi- It's happening to me as well..Go to Internet", 47, 2),
    (48, "Ruhi- It's not happening to me..Talk to your Mom", 46, 2),
    (49, "It's fine since Mathew is my uncle", 50, 2),
    (49, "This looks wrong and I will be careful", 51, 2),
    (50, "It is unexpected for you. You couldn't do anything as you are in shock.", 52, 2),
    (51, "Shout until someone comes. Tell everybody about this.", 54, 2),
    (
        51,
        "Hit him with anything nearby and run as fast as you can. Tell everyone about this",
        54,
        2,
    ),
    (51, "You expected this and were prepared. Call someone secretly with your phone.", 54, 2),
    (52, "Tell your parents about this", 54, 2),
    (52, "Tell your friends about this", 55, 2),
    (52, "Remain Quiet.", 53, 2),
    (53, "Tell your parents about this", 54, 2),
    (53, "Tell your friends about this", 55, 2),
    (53, "Remain Quiet.", 53, 2),
    (54, "Mathew is handed over to the police", 0, 2),
    (56, "Stay Quiet and keep suffering.", 0, 2),
    (56, "Tell your parents", 54, 2),
    (55, "Neha: Tell your parents", 54, 2),
    (55, "Sneha: Stay quiet..he is your uncle", 56, 2),
)


def crashed_on_replay(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of powerup-android#849: GameActivity's start failed on a null scenario."""
    return crashed(system, PACKAGE, "java.lang.RuntimeException", "Scenario.getId()")


def answer(text: str) -> dict[str, Any]:
    """A tap on the answer row reading ``text``."""
    return click(PACKAGE, "rowTextView", text)


START_BUTTON = click(PACKAGE, "startButtonMain")
AVATAR_CONTINUE = click(PACKAGE, "continueButtonAvatar")
HOUSE = click(PACKAGE, "house")
REPLAY = click(PACKAGE, "replayButton")
RESTART = {"kind": "restart_app"}
PLAY_HOME = [
    HOUSE,
    answer("This looks wrong and I will be careful"),
    answer("Shout until someone comes. Tell everybody about this."),
    answer("Mathew is handed over to the police"),
]
STEPS_849 = (START_BUTTON, AVATAR_CONTINUE, *PLAY_HOME, RESTART, START_BUTTON, HOUSE, REPLAY)


class PowerUp(VirtualApp):
    """PowerUp 1.0: start screen, avatar room, map, scenarios and the scenario-over screen."""

    name: ClassVar[str] = "powerup-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Power Up"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "powerup-android#849",
            "crash",
            "Crash when pressing replay button",
            crashed_on_replay,
            human_steps=STEPS_849,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "has_previously_started": False,  # the default SharedPreferences flag
            "avatar": {"eye": 1, "skin": 1, "hair": 1, "cloth": 1},
            # the Scenario table's COMPLETED and REPLAYED columns, by scenario id (0 unused)
            "completed": [0] * 8,
            "replayed": [0] * 8,
            "minesweeper_opened": False,
        }

    # -- process memory: SessionHistory's and ScenarioOverActivity's static fields -------------
    def _session(self, ctx: AppContext) -> dict[str, Any]:
        defaults = {
            "curr_qid": 1,
            "curr_session": 1,
            "prev_session": -1,
            "total_points": 0,
            "curr_scene_points": 0,
            "scenario_activity_done": 0,
        }
        for key, value in defaults.items():
            ctx.memory.setdefault(key, value)
        return ctx.memory

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        session = self._session(ctx)
        if ctx.activity == SPLASH:
            ctx.start_activity(START)
            ctx.finish()
        elif ctx.activity == AVATAR:
            ctx.ui.update({k: ctx.ui.get(k, 1) for k in ("eye", "skin", "hair", "cloth")})
        elif ctx.activity == OVER:
            session["scenario_activity_done"] = 1
        elif ctx.activity == GAME:
            self._create_game(ctx)

    def _create_game(self, ctx: AppContext) -> None:
        """``GameActivity.onCreate``."""
        session = ctx.memory
        if ctx.data["minesweeper_opened"]:
            ctx.start_activity(MINESWEEPER)
        scene = session["curr_session"]
        if scene not in SCENARIOS:  # getScenario() returned null: scene.getId()
            self._launch_crash()
        session["curr_scene_points"] = 0
        ctx.ui["scene"] = scene
        self._update_scenario(ctx, 0)
        ctx.ui["qid"] = session["curr_qid"]  # updateQA
        if ctx.data["replayed"][ctx.ui["scene"]] == 1:
            ctx.ui["home_alpha"] = 0

    def _launch_crash(self) -> None:
        component = f"ComponentInfo{{{PACKAGE}/{PACKAGE}{GAME}}}"
        cause = JavaException(
            "java.lang.NullPointerException",
            NPE_MESSAGE,
            [
                "powerup.systers.com.GameActivity.onCreate(GameActivity.java:77)",
                "android.app.Activity.performCreate(Activity.java:6237)",
                "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1107)",
                *stacks.launch_frames(23, perform_line=2369),
            ],
        )
        raise JavaException(
            "java.lang.RuntimeException",
            f"Unable to start activity {component}: java.lang.NullPointerException: " + NPE_MESSAGE,
            stacks.launch_frames(23),
            cause=cause,
        )

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "dialog")

    # -- start screen and avatar room ----------------------------------------------------------
    def _start(self, ctx: AppContext) -> None:
        ctx.start_activity(MAP if ctx.data["has_previously_started"] else AVATAR)

    def _new_user(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.start_activity(AVATAR)

    def _arrow(self, ctx: AppContext, feature: str, count: int, step: int) -> None:
        ctx.ui[feature] = (ctx.ui[feature] - 1 + step) % count + 1

    def _avatar_continue(self, ctx: AppContext) -> None:
        data, session = ctx.data, ctx.memory
        data["avatar"] = {k: ctx.ui[k] for k in ("eye", "skin", "hair", "cloth")}
        data["completed"] = [0] * 8  # updateComplete()
        data["replayed"] = [0] * 8  # updateReplayed()
        session.update(total_points=0, curr_session=1, curr_scene_points=0)
        data["has_previously_started"] = True
        ctx.finish()
        ctx.start_activity(MAP)

    # -- map -----------------------------------------------------------------------------------
    def _area(self, ctx: AppContext, scene: int) -> None:
        """MapActivity's listener: a scenario not completed starts; a completed one shows its
        scenario-over screen (or the unfinished Minesweeper)."""
        if not ctx.data["completed"][scene]:  # setSessionId
            ctx.memory.update(curr_session=scene, curr_qid=SCENARIOS[scene][1])
            ctx.start_activity(GAME)
        elif ctx.data["minesweeper_opened"]:
            ctx.start_activity(MINESWEEPER)
        else:
            ctx.start_activity(OVER, {"source": "map"})
        ctx.finish()

    def _map_home(self, ctx: AppContext) -> None:
        ctx.finish()
        ctx.start_activity(START)

    # -- scenario ------------------------------------------------------------------------------
    def _update_scenario(self, ctx: AppContext, kind: int) -> None:
        """``GameActivity.updateScenario(type)``."""
        session, data = ctx.memory, ctx.data
        prev = ctx.ui["scene"]
        scene = session["curr_session"]
        if scene not in SCENARIOS:
            self._launch_crash()
        name, first, following = SCENARIOS[scene]
        if data["replayed"][scene] == 0:
            ctx.ui.update(home_listener=True, home_alpha=1)
        session["curr_qid"] = first
        ctx.ui.update(scene=scene, name=name)
        if data["completed"][prev] == 1:
            session.update(prev_session=scene, curr_session=following)
            if kind == 0:
                ctx.start_activity(OVER)
            else:
                if kind == -1:
                    data["minesweeper_opened"] = True
                ctx.start_activity(MINI_GAMES[kind])

    def _answer(self, ctx: AppContext, position: int) -> None:
        session, data = ctx.memory, ctx.data
        question, _, following, points = self._answers(ctx.ui["qid"])[position]
        session["curr_scene_points"] += points  # updatePoints
        session["total_points"] += points
        if following > 0:
            session["curr_qid"] = following
            ctx.ui["qid"] = following  # updateQA
            return
        if following == 0 and session["curr_session"] == -1:
            session["curr_session"] = 1
        data["completed"][ctx.ui["scene"]] = 1
        self._update_scenario(ctx, following)

    @staticmethod
    def _answers(qid: int) -> list[tuple[int, str, int, int]]:
        return [row for row in ANSWERS if row[0] == qid]

    def _go_to_map(self, ctx: AppContext) -> None:
        if not ctx.ui.get("home_listener") or ctx.ui.get("home_used"):
            return
        ctx.memory["total_points"] -= ctx.memory["curr_scene_points"]
        ctx.ui.update(home_used=True, home_alpha=0)
        ctx.start_activity(MAP)
        ctx.data["replayed"][ctx.ui["scene"]] = 1  # setReplayedScenario(name)

    # -- scenario over -------------------------------------------------------------------------
    def _over_map(self, ctx: AppContext) -> None:
        ctx.finish()
        ctx.start_activity(MAP)

    def _over_continue(self, ctx: AppContext) -> None:
        ctx.start_activity(GAME_OVER if ctx.extras.get("final") else GAME)

    def _replay(self, ctx: AppContext) -> None:
        session, data = ctx.memory, ctx.data
        session["curr_session"] = session["prev_session"]  # the bug: -1 in a new process
        session["total_points"] -= session["curr_scene_points"]
        session.update(curr_scene_points=0, scenario_activity_done=0)
        if session["curr_session"] in SCENARIOS:  # resetCompleted / resetReplayed
            data["completed"][session["curr_session"]] = 0
            data["replayed"][session["curr_session"]] = 0
        ctx.finish()
        ctx.start_activity(GAME)

    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _open(self, ctx: AppContext, activity: str) -> None:
        ctx.start_activity(activity)

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == START:
            return self._render_start(ctx)
        if ctx.activity == AVATAR:
            return Screen(content=self._render_avatar(ctx))
        if ctx.activity == MAP:
            return Screen(content=self._render_map(ctx))
        if ctx.activity == GAME:
            return Screen(content=self._render_game(ctx))
        if ctx.activity == OVER:
            return Screen(content=self._render_over(ctx))
        if ctx.activity in STUBS:
            return Screen(content=w.frame_layout([w.image_view()], rid="root"))
        return Screen(content=w.frame_layout())  # the splash

    def _render_start(self, ctx: AppContext) -> Screen:
        resume = "Resume" if ctx.data["has_previously_started"] else ""
        about = w.button("aboutButtonMain", "", w.bind(self._open, ABOUT), width=400)
        content = w.linear_layout(
            [
                about,
                w.linear_layout([], weight=4),
                w.linear_layout(
                    [
                        w.button("newUserButtonFirstPage", "", w.bind(self._set, dialog=True)),
                        w.button("startButtonMain", resume, self._start),
                    ],
                    weight=2.6,
                ),
            ]
        )
        windows = []
        if ctx.ui.get("dialog"):
            close = w.bind(self._set, dialog=None)
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Are you Sure ?"),
                    [
                        w.dialog_message(
                            "If you start a new game, previous data and all karma points will "
                            "be lost !"
                        )
                    ],
                    w.dialog_buttons(("Create new Avatar", self._new_user), ("Cancel", close)),
                    close,
                )
            )
        return Screen(content=content, windows=windows)

    def _render_avatar(self, ctx: AppContext) -> View:
        counts = {"skin": 16, "eyes": 9, "clothes": 4, "hair": 16}
        keys = {"skin": "skin", "eyes": "eye", "clothes": "cloth", "hair": "hair"}
        rows = [
            w.linear_layout(
                [
                    w.image_view(f"{part}_left", "", w.bind(self._arrow, keys[part], n, -1)),
                    w.text_view(part.capitalize()),
                    w.image_view(f"{part}_right", "", w.bind(self._arrow, keys[part], n, 1)),
                ],
                horizontal=True,
                height=160,
            )
            for part, n in counts.items()
        ]
        avatar = w.frame_layout(
            [w.image_view(rid) for rid in ("skin_view", "dress_view", "hair_view", "eye_view")],
            layout=FRAME,
        )
        return w.relative_layout(
            [
                w.linear_layout([w.linear_layout(rows), avatar], horizontal=True),
                w.image_view("continueButtonAvatar", "", self._avatar_continue, height=160),
            ]
        )

    def _render_map(self, ctx: AppContext) -> View:
        def area(rid: str, **kw: Any) -> View:
            scene = AREAS[rid]
            enabled = rid == "house" or ctx.data["completed"][ENABLED_BY[rid]] == 1
            handler = w.bind(self._area, scene)
            return w.image_view(rid, "", handler, enabled=enabled, **kw)

        buildings = [w.image_view(f"{b}_building") for b in ("school", "library", "hospital")]
        areas = w.linear_layout(
            [
                w.linear_layout([area("school"), area("house")], weight=1.2),
                w.button("store", "Store", w.bind(self._open, STORE), height=200),
                w.linear_layout(
                    [
                        w.linear_layout(
                            [area("hospital"), w.button("home_button", "", self._map_home)],
                            horizontal=True,
                        ),
                        area("library"),
                    ],
                    weight=1.2,
                ),
            ],
            horizontal=True,
        )
        return w.frame_layout([*buildings, areas], layout=FRAME)

    def _render_game(self, ctx: AppContext) -> View:
        ui = ctx.ui
        rows = [
            w.text_view(text, "rowTextView", on_click=w.bind(self._answer, i))
            for i, (_, text, _, _) in enumerate(self._answers(ui["qid"]))
        ]
        home = w.button("continueButtonGoesToMap", "", self._go_to_map, width=160, height=160)
        avatar = w.frame_layout(
            [
                w.image_view(rid)
                for rid in ("skin_view", "dress_view", "hair_view", "eye_view", "accessory_view")
            ],
            rid="relativeLayout",
            layout=FRAME,
        )
        return w.relative_layout(
            [
                w.linear_layout(
                    [w.text_view(ui.get("name", ""), "scenarioNameEditText", width=700), home],
                    horizontal=True,
                    height=160,
                ),
                w.linear_layout(
                    [w.image_view("askerImageView", width=540), avatar],
                    horizontal=True,
                    height=500,
                ),
                w.text_view(QUESTIONS.get(ui["qid"], ""), "questionView", height=220),
                View(cls="android.widget.ListView", resource_id="mainListView", children=rows),
            ],
            rid="root",
        )

    def _render_over(self, ctx: AppContext) -> View:
        from_map = ctx.extras.get("source") == "map"
        buttons = [
            w.image_view("replayButton", "", self._replay, width=360, height=200),
            w.button("mapButton", "", self._over_map, width=360, height=200),
        ]
        children = [
            w.linear_layout(buttons, horizontal=True, height=200),
            w.linear_layout(
                [
                    w.image_view("karma_star", width=160),
                    w.text_view(str(ctx.memory["total_points"]), "karmaPoints"),
                ],
                horizontal=True,
                height=160,
            ),
        ]
        if not from_map:
            children.append(
                w.image_view("continueButton", "", self._over_continue, width=360, height=200)
            )
        return w.relative_layout(children, rid="root")


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "powerup-android#849": [
        # Replay right after the scenario, in the same process: prevSessionID is Home's id.
        [START_BUTTON, AVATAR_CONTINUE, *PLAY_HOME, REPLAY],
        # No restart: back to the map, then the completed scenario and Replay.
        [
            START_BUTTON,
            AVATAR_CONTINUE,
            *PLAY_HOME,
            click(PACKAGE, "mapButton"),
            HOUSE,
            REPLAY,
        ],
        # After the restart the completed scenario's screen is left by its map button.
        [
            START_BUTTON,
            AVATAR_CONTINUE,
            *PLAY_HOME,
            RESTART,
            START_BUTTON,
            HOUSE,
            click(PACKAGE, "mapButton"),
        ],
        # The scenario left before its end: after the restart it starts again.
        [START_BUTTON, AVATAR_CONTINUE, *PLAY_HOME[:3], RESTART, START_BUTTON, HOUSE],
    ],
}
