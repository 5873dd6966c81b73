"""Privacy Friendly Werewolf, version 1.0 (applicationId org.secuso.privacyfriendlycardgameone,
code package org.secuso.privacyfriendlywerwolf), a game-master companion for the Werewolf party
game: one phone hosts the game, the others join it over the local network.

Sources read: SecUSo/privacy-friendly-werewolf at tag v1.0
(commit f38faacf5ea5e573e7cb27db96c1ba0bb40b3a1f): SplashActivity, TutorialActivity,
MainActivity, StartHostActivity, dialog/PlayerInputDialog, dialog/GameInformationDialog,
helpers/PermissionHelper, the layouts and values/strings.xml. No fix commit exists (the issue
is open).

Bug privacy-friendly-werewolf#116 (crash): ``StartHostActivity.openGameInformationDialog``
hands the ``GameInformationDialog`` (a framework ``DialogFragment``) its activity through a
setter; when the activity is re-created on rotation, the FragmentManager re-creates the
dialog with its default constructor, so ``startHostActivity`` is null (and the player count 0),
and its positive button ("okay") calls ``startHostActivity.startGame()``: a
NullPointerException in ``GameInformationDialog$1.onClick`` (GameInformationDialog.java:56).

Modelled: the splash, the first-run tutorial (three slides, Skip / Next / Okay), the main menu
(New Game, Join Game), the player-name dialog, the host lobby (the IP line, the player list,
Start Game), the "You need more players" dialog and the game information dialog, and what a
rotation keeps (the dialog fragments stay, the plain AlertDialog is dropped). Stubbed: Join Game
(the client screen: a title and Navigate up), the navigation drawer (its toggle does nothing),
the game itself (a title only), settings/help/about. The device's Wi-Fi is taken as on, so the
"WiFi is mandatory" alert does not show; the IP line reads a fixed address instead of the
real network interface's. Uncertain: the lobby toolbar's title (the activity sets none, so the
app label is assumed); the framework line of ``AlertController$ButtonHandler`` for API 23.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import stacks
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import Screen, View, Window

PKG = "org.secuso.privacyfriendlycardgameone"
CODE = "org.secuso.privacyfriendlywerwolf"
SPLASH = f"{CODE}.activity.SplashActivity"
TUTORIAL = f"{CODE}.activity.TutorialActivity"
MAIN = f"{CODE}.activity.MainActivity"
HOST = f"{CODE}.activity.StartHostActivity"
CLIENT = f"{CODE}.activity.StartClientActivity"
GAME = f"{CODE}.activity.GameActivity"
IP = "192.168.178.20"
SLIDES = (
    (
        "Welcome!",
        "This tutorial will help you to understand the basic game rules of Privacy Friendly "
        "Werewolf so that you can start very soon playing it with your friends.",
    ),
    (
        "Let's get started",
        "To start a game you have two options. \nYou can either start a new game waiting for "
        "other players to connect or you can connect to an existing game.",
    ),
    (
        "In the game",
        "In the game you will find a status bar at the top. It displays the current game phase "
        "and how much time you have left until the phase is over. The player card is in the "
        "bottom . You can click your own card, coloured green, to reveal your identity.",
    ),
)


def npe_on_okay(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of privacy-friendly-werewolf#116: the app crashed with the NPE."""
    return crashed(system, PKG, "java.lang.NullPointerException", "startGame")


HUMAN_116 = (
    click(PKG, "btn_skip", text="Skip"),
    click(PKG, "game_button_start", text="New Game"),
    input_text(PKG, "editTextDialogUserInput", "Anna"),
    click(PKG, "android:id/button1", text="okay"),
    click(PKG, "btn_start", text="Start Game"),
    click(PKG, "android:id/button1", text="okay"),
    {"kind": "rotate", "orientation": "landscape"},
    click(PKG, "android:id/button1", text="okay"),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "privacy-friendly-werewolf#116": [
        # No rotation: okay starts the game.
        [*HUMAN_116[:6], HUMAN_116[7]],
        # Rotated while the "need more players" dialog was open (it is dropped), then Start
        # Game again and okay twice.
        [
            *HUMAN_116[:5],
            HUMAN_116[6],
            click(PKG, "btn_start", text="Start Game"),
            click(PKG, "android:id/button1", text="okay"),
            click(PKG, "android:id/button1", text="okay"),
        ],
        # Rotated, then Cancel instead of okay.
        [*HUMAN_116[:7], click(PKG, "android:id/button2", text="Cancel")],
        # Rotated before Start Game.
        [*HUMAN_116[:4], HUMAN_116[6], *HUMAN_116[4:6], HUMAN_116[7]],
    ]
}


class PrivacyFriendlyWerewolf(VirtualApp):
    """Privacy Friendly Werewolf 1.0."""

    name: ClassVar[str] = "privacy-friendly-werewolf"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Werewolf"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "privacy-friendly-werewolf#116",
            "crash",
            "App crashes on screen rotation during starting the game",
            npe_on_okay,
            human_steps=HUMAN_116,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"first_time_launch": True, "player_name": "", "werewolves": 1}

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SPLASH:
            ctx.start_activity(TUTORIAL)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            if not ctx.data["first_time_launch"] and "page" not in ui:
                self._launch_home(ctx)
            ui.setdefault("page", 0)
        elif ctx.activity == MAIN:
            if "name_dialog" in ui:
                ui["name_text"] = ctx.data["player_name"]
            ui.setdefault("name_dialog", False)
        elif ctx.activity == HOST:
            # onCreate: the server is reset and the host player added again.
            ui["players"] = [str(ctx.extras.get("player_name", ""))]
            if ui.get("info_dialog"):
                # The FragmentManager re-creates GameInformationDialog with its default
                # constructor: no activity, no player count.
                ui["info_activity"] = False
                ui["info_players"] = 0
            ui["need_dialog"] = False  # a plain AlertDialog does not survive re-creation

    # -- handlers ------------------------------------------------------------------------------
    def _launch_home(self, ctx: AppContext) -> None:
        ctx.data["first_time_launch"] = False
        ctx.start_activity(MAIN)
        ctx.finish()

    def _next_slide(self, ctx: AppContext) -> None:
        if ctx.ui["page"] + 1 < len(SLIDES):
            ctx.ui["page"] += 1
        else:
            self._launch_home(ctx)

    def _new_game(self, ctx: AppContext) -> None:
        ctx.ui["name_dialog"] = True
        ctx.ui["name_text"] = ctx.data["player_name"]

    def _name_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["name_text"] = text

    def _name_okay(self, ctx: AppContext) -> None:
        name = str(ctx.ui.get("name_text", ""))
        ctx.ui["name_dialog"] = False
        ctx.data["player_name"] = name
        ctx.start_activity(HOST, {"player_name": name})

    def _start_pressed(self, ctx: AppContext) -> None:
        if len(ctx.ui["players"]) >= 6:
            self._open_info(ctx)
        else:
            ctx.ui["need_dialog"] = True

    def _open_info(self, ctx: AppContext) -> None:
        ctx.ui["need_dialog"] = False
        ctx.ui["info_dialog"] = True
        ctx.ui["info_activity"] = True
        ctx.ui["info_players"] = len(ctx.ui["players"])

    def _info_okay(self, ctx: AppContext) -> None:
        ctx.ui["info_dialog"] = False
        if not ctx.ui.get("info_activity"):
            raise JavaException(
                "java.lang.NullPointerException",
                "Attempt to invoke virtual method 'void "
                "org.secuso.privacyfriendlywerwolf.activity.StartHostActivity.startGame()' "
                "on a null object reference",
                [
                    f"{CODE}.dialog.GameInformationDialog$1.onClick(GameInformationDialog.java:56)",
                    "com.android.internal.app.AlertController$ButtonHandler.handleMessage"
                    "(AlertController.java:157)",
                    *stacks.message_frames(23),
                ],
            )
        ctx.start_activity(GAME, {"host": True})

    def _okay_dialog(self, title: str, key: str, okay: Any, body: list[View]) -> Window:
        """The dialog ``ui[key]`` shows: ``title``, ``body``, okay and Cancel (closes it)."""
        return w.alert_dialog(
            w.dialog_title(title),
            body,
            w.dialog_buttons(("okay", okay), ("Cancel", self._close(key))),
            None,
        )

    def _close(self, key: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui[key] = False

        return handler

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._tutorial(ctx)
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == HOST:
            return self._host(ctx)
        if ctx.activity == CLIENT:
            return Screen(content=w.child_page("Join Game"))
        if ctx.activity == GAME:
            return Screen(content=w.linear_layout([w.text_view("Werewolf")]))
        return Screen(content=w.frame_layout())  # the splash

    def _tutorial(self, ctx: AppContext) -> Screen:
        page = int(ctx.ui.get("page", 0))
        heading, text = SLIDES[page]
        slide = w.relative_layout(
            [w.linear_layout([w.text_view(heading), w.image_view(), w.text_view(text)])]
        )
        dots = w.linear_layout(
            [w.text_view("\u2022") for _ in SLIDES], rid="layoutDots", horizontal=True
        )
        last = page == len(SLIDES) - 1
        root = w.intro_pager(
            slide,
            skip=w.button("btn_skip", "Skip", self._launch_home),
            indicator=dots,
            advance=w.button("btn_next", "Okay" if last else "Next", self._next_slide),
            root_cls="android.widget.RelativeLayout",
        )
        return Screen(content=root)

    def _bar(self, title: str, subtitle: str = "") -> View:
        heading = w.linear_layout(
            [w.text_view(title)] + ([w.text_view(subtitle)] if subtitle else [])
        )
        return w.toolbar(heading, navigation=w.nav_button(w.OPEN_DRAWER, None))

    def _main(self, ctx: AppContext) -> Screen:
        content = w.linear_layout(
            [
                self._bar("Main menu"),
                w.linear_layout(
                    [
                        w.relative_layout([w.image_view()]),
                        w.linear_layout(
                            [
                                w.text_view(
                                    "Welcome to the Privacy Friendly Werewolf. Here you can "
                                    "start a new game!"
                                ),
                                w.button("game_button_start", "New Game", self._new_game),
                                w.button(
                                    "game_button_join",
                                    "Join Game",
                                    lambda c: c.start_activity(CLIENT),
                                ),
                            ]
                        ),
                    ],
                    rid="main_content",
                ),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("name_dialog"):
            windows.append(
                self._okay_dialog(
                    "Player name",
                    "name_dialog",
                    self._name_okay,
                    [
                        w.dialog_message(
                            "Please specify your player name. You will be the game host."
                        ),
                        w.linear_layout(
                            [
                                w.text_view("", "textView1"),
                                w.edit_text(
                                    "editTextDialogUserInput",
                                    str(ctx.ui.get("name_text", "")),
                                    self._name_text,
                                ),
                            ],
                            rid="layout_root",
                        ),
                    ],
                )
            )
        return Screen(content=content, windows=windows)

    def _info_message(self, ctx: AppContext) -> str:
        return (
            "You are about the start the game with following settings:\n\n"
            f"Number of players:        \t\t\t{ctx.ui.get('info_players', 0)}\n"
            f"Number of werewolves: \t\t\t{ctx.data['werewolves']}\n\n"
            "Witch:  \t\t\tYES\nSeer:   \t\t\tYES\n\nMusic: \t\t\tYES\n\n\n"
            "Press OKAY if you are content with these settings.\n"
        )

    def _host(self, ctx: AppContext) -> Screen:
        players = ctx.ui.get("players", [])
        rows = [w.text_view(p, "android:id/text1", height=126) for p in players]
        body = w.linear_layout(
            [
                w.text_view("Waiting for other players to connect \u2026"),
                w.text_view(f"Use this IP to connect:  {IP}", "infoip"),
                w.list_view(rows, rid="host_player_list"),
                w.button("btn_start", "Start Game", self._start_pressed),
            ]
        )
        content = View(
            cls="android.support.v4.widget.DrawerLayout",
            resource_id="drawer_layout",
            children=[
                View(
                    cls="android.support.design.widget.CoordinatorLayout",
                    children=[self._bar("Werewolf", "Create A New Game"), body],
                )
            ],
        )
        windows: list[Window] = []
        if ctx.ui.get("need_dialog"):
            windows.append(
                self._okay_dialog(
                    "You need more players",
                    "need_dialog",
                    self._open_info,
                    [
                        w.dialog_message(
                            "To have more fun with the game you should at least be 6 players. "
                            "In spite of that, do you still want to proceed to the game?"
                        )
                    ],
                )
            )
        if ctx.ui.get("info_dialog"):
            windows.append(
                self._okay_dialog(
                    "Game information",
                    "info_dialog",
                    self._info_okay,
                    [
                        w.scroll_view(
                            [w.dialog_message(self._info_message(ctx))],
                            rid="android:id/scrollView",
                            height=560 if ctx.orientation == "landscape" else None,
                        )
                    ],
                )
            )
        return Screen(content=content, windows=windows)
