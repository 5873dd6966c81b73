"""ScoreHub, version 1.12.0 (com.github.trivialloop.scorehub), a score sheet for board, card
and dice games (Flip 7, Skyjo, Yahtzee...).

Sources read: trivialloop/scorehub at tag v1.12.0
(commit 9fbf86cef8d4f8c7f105dc5443cb7242707f7bec): MainActivity, GameRegistry,
games/flip7/Flip7PlayerSelectionActivity and Flip7GameActivity, the layouts (activity_main,
item_game_card, activity_player_selection, item_player_selection, dialog_add_player,
activity_flip7_game, dialog_flip7_card_selection), menus and strings; and the fix commit
848924a9bdd3fd90bf12d5aaf9e28519ac7c194c ("Fix game rotation (#126)").

Bug scorehub#125 (non-crash): every game activity keeps its score sheet (``turns``,
``currentRound``, ``currentPlayerIndex``) only in fields of the activity and saves no instance
state; the manifest lets a rotation re-create the activity (the fix adds
``android:configChanges="orientation|screenSize|..."`` to the game activities), so after a
rotation ``onCreate`` rebuilds the sheet from the intent's players alone: every entered score
and the totals are back to 0. Modelled for Flip 7, the game the report names. The oracle reads
a flag the model writes when a game activity holding entered points is re-created.

Modelled: the game list (toolbar actions, search field, filter and sort buttons, the sort
label, the twelve game cards), the Flip 7 player selection (player rows with checkbox, edit,
delete, Add Player dialog, Start Game with its minimum of 3), the Flip 7 sheet (header row of
names, a row per round with the active player's "Flip !" and "0" buttons, the Total row), the
card-selection dialog (cards 0-12, bonuses, x2, score preview), the quit dialog. The selection
activity's checked players are likewise activity fields (lost on rotation), as in the sources.
Stubbed: the other eleven games, statistics, top 20, settings, about, help (a title and Navigate
up), the filter sheet and the sort dialog's effect beyond its label, player colours (a fixed
palette), the drag handle. Uncertain: the card list's exact visible count on screen; the
end-of-game summary (not reached).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import Screen, View, Window

PKG = "com.github.trivialloop.scorehub"
MAIN = ".MainActivity"
SELECT = ".games.flip7.Flip7PlayerSelectionActivity"
GAME = ".games.flip7.Flip7GameActivity"
STUB = ".StubActivity"
GAMES = (
    "Akropolis",
    "Cactus",
    "Cribbage",
    "Escoba",
    "Farkle",
    "Flip 7",
    "Oh Hell",
    "Qwixx",
    "Skyjo",
    "Tarot",
    "Wingspan",
    "Yahtzee",
)
CARDS = tuple(range(13))
BONUSES: tuple[tuple[str, str, int], ...] = (
    ("cbBonus2", "+2", 2),
    ("cbBonus4", "+4", 4),
    ("cbBonus6", "+6", 6),
    ("cbBonus8a", "+8", 8),
    ("cbBonus8b", "+8", 8),
    ("cbBonus10", "+10", 10),
)
MIN_PLAYERS = 3
MAX_PLAYERS = 10
MAX_CARDS = 7
RECYCLER = "androidx.recyclerview.widget.RecyclerView"


def scores_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of scorehub#125: a game sheet holding points was rebuilt from scratch."""
    return bool(data.get("sheet_reset_with_points"))


def _add_player(name: str) -> list[dict[str, Any]]:
    return [
        click(PKG, "btnAddPlayer", text="Add Player"),
        input_text(PKG, "editPlayerName", name, hint="Enter player name"),
        click(PKG, "android:id/button1", text="Add"),
    ]


HUMAN_125 = (
    click(PKG, "textGameName", text="Flip 7"),
    *_add_player("Ann"),
    *_add_player("Ben"),
    *_add_player("Cleo"),
    click(PKG, "btnStartGame", text="Start Game"),
    click(PKG, text="Flip !"),
    click(PKG, "cbCard8", text="8"),
    click(PKG, "android:id/button1", text="OK"),
    {"kind": "rotate", "orientation": "landscape"},
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "scorehub#125": [
        # Rotated before any score was entered.
        [*HUMAN_125[:11], HUMAN_125[14]],
        # Rotated while the card dialog is open (nothing entered yet).
        [*HUMAN_125[:13], HUMAN_125[14]],
        # Rotated on the player selection, then the score entered.
        [*HUMAN_125[:10], HUMAN_125[14]],
        # Score entered, no rotation.
        list(HUMAN_125[:14]),
    ]
}


def _stub_item(rid: str, title: str) -> View:
    """A toolbar action that opens the screen ``title`` (a stub the bug never needs)."""
    return w.action_item(rid, title, lambda c: c.start_activity(STUB, {"title": title}))


def _app_bar(children: list[View], height: int = 147) -> View:
    """The ``appBarLayout`` above a screen's content."""
    return w.linear_layout(children, rid="appBarLayout", height=height)


class ScoreHub(VirtualApp):
    """ScoreHub 1.12.0."""

    name: ClassVar[str] = "scorehub"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "ScoreHub"
    version: ClassVar[str] = "1.12.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "scorehub#125",
            "non-crash",
            "Game Flip7 screen Rotation Reset Game",
            scores_lost,
            human_steps=HUMAN_125,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"players": [], "next_id": 1, "sheet_reset_with_points": False}

    # -- lifecycle -----------------------------------------------------------------------------
    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == GAME:
            # Flip7GameActivity saves no state; the model only notes, for its oracle, whether
            # the sheet being thrown away held points.
            return {"_had_points": any(t["score"] > 0 for t in ctx.ui.get("turns", []))}
        if ctx.activity == SELECT:
            return {}
        return {"query": ctx.ui.get("query", "")}

    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == GAME:
            if ui.pop("_had_points", False):
                ctx.data["sheet_reset_with_points"] = True
            ui.setdefault("turns", [])
            ui.setdefault("round", 1)
            ui.setdefault("current", 0)
            ui.setdefault("dialog", None)
        elif ctx.activity == SELECT:
            ui.setdefault("selected", [])
            ui.setdefault("dialog", None)

    # -- main ----------------------------------------------------------------------------------
    def _open_game(self, ctx: AppContext, game: str) -> None:
        if game == "Flip 7":
            ctx.start_activity(SELECT)
        else:
            ctx.start_activity(STUB, {"title": game})

    def _main(self, ctx: AppContext) -> Screen:
        query = str(ctx.ui.get("query", "")).strip().lower()
        cards = [
            View(
                cls="androidx.cardview.widget.CardView",
                on_click=w.bind(self._open_game, game),
                height=210,
                children=[
                    w.linear_layout(
                        [
                            w.image_view("imageGameIcon"),
                            w.linear_layout(
                                [
                                    w.text_view(game, "textGameName"),
                                    w.text_view("No games played yet", "textGameMeta"),
                                ]
                            ),
                            w.image_view(),
                        ],
                        horizontal=True,
                    )
                ],
            )
            for game in GAMES
            if query in game.lower()
        ]
        toolbar = w.toolbar(
            "ScoreHub",
            actions=[
                _stub_item("action_general_stats", "General Statistics"),
                _stub_item("action_settings", "Settings"),
                _stub_item("action_about", "About"),
            ],
        )
        search_row = w.linear_layout(
            [
                w.edit_text(
                    "search_src_text",
                    str(ctx.ui.get("query", "")),
                    lambda c, t: c.ui.update(query=t),
                    hint="Search a game…",
                    cls="android.widget.AutoCompleteTextView",
                ),
                w.frame_layout([w.image_button("btnFilter", "Filters", None)]),
                w.image_button("btnSort", "Sort games", None),
            ],
            horizontal=True,
            height=147,
        )
        content = w.linear_layout(
            [
                _app_bar(
                    [toolbar, search_row, w.text_view("Sorted: A → Z", "textSortLabel", height=63)],
                    height=357,
                ),
                w.list_view(cards, rid="recyclerViewGames", cls=RECYCLER),
            ]
        )
        return Screen(content=content)

    # -- player selection ----------------------------------------------------------------------
    def _open_add(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "add"
        ctx.ui["name"] = ""

    def _confirm_add(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        name = str(ctx.ui.get("name", "")).strip()
        if not name:
            ctx.toast("Player name cannot be empty")
            return
        if any(p["name"] == name for p in ctx.data["players"]):
            ctx.toast("A player with this name already exists")
            return
        pid = int(ctx.data["next_id"])
        ctx.data["next_id"] = pid + 1
        ctx.data["players"].append({"id": pid, "name": name})
        ctx.data["players"].sort(key=lambda p: p["name"].lower())
        ctx.ui["selected"].append(pid)
        ctx.toast(f"Player {name} added")

    def _toggle_player(self, ctx: AppContext, pid: int) -> None:
        selected = ctx.ui["selected"]
        if pid in selected:
            selected.remove(pid)
        elif len(selected) >= MAX_PLAYERS:
            ctx.toast(f"Minimum {MIN_PLAYERS} players required (max. {MAX_PLAYERS})")
        else:
            selected.append(pid)

    def _start(self, ctx: AppContext) -> None:
        chosen = [p for p in ctx.data["players"] if p["id"] in ctx.ui["selected"]]
        if len(chosen) < MIN_PLAYERS:
            ctx.toast(f"Minimum {MIN_PLAYERS} players required (max. {MAX_PLAYERS})")
            return
        ctx.start_activity(GAME, {"names": [p["name"] for p in chosen]})

    def _ask_delete(self, ctx: AppContext, pid: int) -> None:
        ctx.ui["dialog"] = pid

    def _delete(self, ctx: AppContext, pid: int) -> None:
        ctx.ui["dialog"] = None
        ctx.data["players"] = [p for p in ctx.data["players"] if p["id"] != pid]
        if pid in ctx.ui["selected"]:
            ctx.ui["selected"].remove(pid)

    def _select_screen(self, ctx: AppContext) -> Screen:
        rows = [
            w.linear_layout(
                [
                    w.image_button("btnDrag", "Reorder", None),
                    w.check_box(
                        "checkboxPlayer",
                        "",
                        p["id"] in ctx.ui["selected"],
                        w.bind(self._toggle_player, p["id"]),
                    ),
                    View(cls="android.view.View", resource_id="colorIndicator", width=60),
                    w.text_view(p["name"], "textPlayerName"),
                    w.image_button("btnEdit", "Edit", None),
                    w.image_button("btnDelete", "Delete", w.bind(self._ask_delete, p["id"])),
                ],
                horizontal=True,
                height=168,
            )
            for p in ctx.data["players"]
        ]
        toolbar = w.toolbar(
            "Flip 7",
            navigation=w.up_button(),
            actions=[
                _stub_item("action_flip7_game_stats", "Game Statistics"),
                _stub_item("action_flip7_top20", "Top 20"),
                w.action_item("action_help", "ℹ️ Game Rules", None),
            ],
        )
        content = w.linear_layout(
            [
                _app_bar([toolbar]),
                w.linear_layout(
                    [
                        w.text_view("Selected Players"),
                        w.list_view(rows, rid="recyclerView", cls=RECYCLER),
                    ]
                ),
                w.linear_layout(
                    [
                        w.button("btnAddPlayer", "Add Player", self._open_add),
                        w.button("btnStartGame", "Start Game", self._start),
                    ],
                    horizontal=True,
                ),
            ]
        )
        windows: list[Window] = []
        dialog = ctx.ui.get("dialog")
        if dialog == "add":
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Add Player"),
                    [
                        w.linear_layout(
                            [
                                w.text_view("Player Name"),
                                w.edit_text(
                                    "editPlayerName",
                                    str(ctx.ui.get("name", "")),
                                    lambda c, t: c.ui.update(name=t),
                                    hint="Enter player name",
                                ),
                                w.text_view("Select a color"),
                                View(
                                    cls="android.view.View",
                                    resource_id="colorPickerView",
                                    height=200,
                                ),
                                w.linear_layout(
                                    [
                                        w.text_view("Selected color"),
                                        View(cls="android.view.View", resource_id="colorPreview"),
                                    ],
                                    horizontal=True,
                                ),
                            ]
                        )
                    ],
                    w.dialog_buttons(
                        ("Add", self._confirm_add),
                        ("Cancel", lambda c: c.ui.update(dialog=None)),
                    ),
                    lambda c: c.ui.update(dialog=None),
                )
            )
        elif isinstance(dialog, int):
            name = next((p["name"] for p in ctx.data["players"] if p["id"] == dialog), "")
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Delete Player"),
                    [w.dialog_message(f"Are you sure you want to delete {name}?")],
                    w.dialog_buttons(
                        ("Yes", w.bind(self._delete, dialog)),
                        ("No", lambda c: c.ui.update(dialog=None)),
                    ),
                    lambda c: c.ui.update(dialog=None),
                )
            )
        return Screen(content=content, windows=windows)

    # -- the Flip 7 sheet ----------------------------------------------------------------------
    def _names(self, ctx: AppContext) -> list[str]:
        return [str(n) for n in ctx.extras.get("names", [])]

    def _total(self, ctx: AppContext, idx: int) -> int:
        return sum(t["score"] for t in ctx.ui["turns"] if t["player"] == idx)

    def _open_cards(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "cards"
        ctx.ui["cards"] = []
        ctx.ui["bonus"] = []
        ctx.ui["x2"] = False
        ctx.ui["cards_first"] = 0

    def _preview(self, ctx: AppContext) -> int:
        cards = ctx.ui.get("cards", [])
        base = sum(cards) * (2 if ctx.ui.get("x2") else 1)
        if len(cards) == MAX_CARDS:
            base += 15
        bonus = {rid: value for rid, _, value in BONUSES}
        return base + sum(bonus[r] for r in ctx.ui.get("bonus", []))

    def _toggle_card(self, ctx: AppContext, value: int) -> None:
        cards = ctx.ui["cards"]
        if value in cards:
            cards.remove(value)
        elif len(cards) < MAX_CARDS:
            cards.append(value)

    def _complete(self, ctx: AppContext, score: int) -> None:
        names = self._names(ctx)
        ctx.ui["dialog"] = None
        ctx.ui["turns"].append(
            {"player": ctx.ui["current"], "round": ctx.ui["round"], "score": score}
        )
        done = {t["player"] for t in ctx.ui["turns"] if t["round"] == ctx.ui["round"]}
        if len(done) == len(names):
            ctx.ui["round"] += 1
            ctx.ui["current"] = (ctx.ui["round"] - 1) % len(names)
        else:
            nxt = (ctx.ui["current"] + 1) % len(names)
            while nxt in done:
                nxt = (nxt + 1) % len(names)
            ctx.ui["current"] = nxt

    def _game_screen(self, ctx: AppContext) -> Screen:
        names = self._names(ctx)
        current = ctx.ui["current"]
        header = w.linear_layout(
            [w.text_view("#")]
            + [
                w.text_view(n, on_click=w.bind(lambda c, i: c.ui.update(current=i), i))
                for i, n in enumerate(names)
            ],
            rid="headerContainer",
            horizontal=True,
        )
        per_player = [[t for t in ctx.ui["turns"] if t["player"] == i] for i in range(len(names))]
        active_slot = len(per_player[current]) if names else 0
        slots = max([len(p) for p in per_player] + [active_slot + 1]) if names else 0
        rows: list[View] = []
        for slot in range(slots):
            cells: list[View] = [w.text_view(str(slot + 1))]
            for i in range(len(names)):
                if slot == active_slot and i == current:
                    cells.append(
                        w.linear_layout(
                            [
                                w.text_view("Flip !", on_click=self._open_cards),
                                w.text_view("0", on_click=w.bind(self._complete, 0)),
                            ],
                            horizontal=True,
                        )
                    )
                elif slot < len(per_player[i]):
                    cells.append(w.text_view(str(per_player[i][slot]["score"])))
                else:
                    cells.append(w.text_view(""))
            rows.append(w.linear_layout(cells, horizontal=True))
        rows.append(
            w.linear_layout(
                [w.text_view("Total")]
                + [w.text_view(str(self._total(ctx, i))) for i in range(len(names))],
                horizontal=True,
            )
        )
        toolbar = w.toolbar(
            "Flip 7",
            navigation=w.up_button(lambda c: c.ui.update(dialog="quit")),
            actions=[w.action_item("action_help", "ℹ️ How to use the app", None)],
        )
        content = w.linear_layout(
            [
                _app_bar([toolbar]),
                header,
                w.scroll_view([w.linear_layout(rows, rid="tableContainer")], rid="scrollView"),
            ]
        )
        windows: list[Window] = []
        dialog = ctx.ui.get("dialog")
        if dialog == "cards" and names:
            windows.append(self._cards_dialog(ctx, names[current]))
        elif dialog == "quit":
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Quit Game"),
                    [w.dialog_message("Are you sure you want to quit? Game will not be saved.")],
                    w.dialog_buttons(
                        ("Yes", lambda c: c.finish()), ("No", lambda c: c.ui.update(dialog=None))
                    ),
                    lambda c: c.ui.update(dialog=None),
                )
            )
        return Screen(content=content, windows=windows)

    def _cards_dialog(self, ctx: AppContext, name: str) -> Window:
        cards = ctx.ui.get("cards", [])
        full = len(cards) >= MAX_CARDS
        boxes = [
            w.check_box(
                f"cbCard{v}",
                str(v),
                v in cards,
                w.bind(self._toggle_card, v),
                enabled=v in cards or not full,
            )
            for v in CARDS
        ]
        bonus_boxes = [
            w.check_box(
                rid,
                text,
                rid in ctx.ui.get("bonus", []),
                w.bind(lambda c, r: w.toggle(c.ui["bonus"], r), rid),
            )
            for rid, text, _ in BONUSES
        ]
        bonus_boxes.append(
            w.check_box(
                "cbBonusX2",
                "×2",
                bool(ctx.ui.get("x2")),
                lambda c: c.ui.update(x2=not c.ui.get("x2")),
            )
        )
        suffix = " (+15 Flip 7!)" if len(cards) == MAX_CARDS else ""
        preview = f"Score: {self._preview(ctx)}  ({len(cards)}/{MAX_CARDS} cards{suffix})"
        # The layout's two card columns (0-6, 7-12) side by side, row by row, then the bonuses,
        # in a ScrollView the user scrolls.
        rows: list[View] = [w.text_view("Cards", height=84)]
        for k in range(7):
            pair = [boxes[k]] + ([boxes[k + 7]] if k + 7 < len(boxes) else [])
            rows.append(w.linear_layout(pair, horizontal=True, height=105))
        rows.append(w.text_view("Bonuses", height=84))
        rows.extend(w.linear_layout([b], height=105) for b in bonus_boxes)
        rows.append(w.text_view(preview, "textScorePreview", height=84))
        body = w.scroll_view(
            rows,
            scrollable=True,
            scroll_key="cards_first",
            height=1050 if ctx.orientation != "landscape" else 500,
        )
        return w.alert_dialog(
            w.dialog_title(f"{name} — Flip !"),
            [body],
            w.dialog_buttons(
                ("OK", lambda c: self._complete(c, self._preview(c))),
                ("Cancel", lambda c: c.ui.update(dialog=None)),
            ),
            lambda c: c.ui.update(dialog=None),
        )

    # -- dispatch ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == SELECT:
            return self._select_screen(ctx)
        if ctx.activity == GAME:
            return self._game_screen(ctx)
        title = str(ctx.extras.get("title", "ScoreHub"))
        return Screen(content=w.child_page(title))
