"""Flash Deck (``m.co.rh.id.a_flash_deck``, the GitHub repository ``rh-id/a-flash-deck``) 1.7.3,
for bug a-flash-deck#16, and 1.7.6, for bug a-flash-deck#22.

Modelled from the sources at tag ``v1.7.3`` (commit ``ef9bd4f``, ``versionName "1.7.3"``, the
version the report names): ``app/ui/page/HomePage``, ``DeckListPage``, ``DeckDetailSVDialog``,
``DeckSelectSVDialog``, ``CardListPage``, ``CardDetailPage``, ``app/ui/component/deck/DeckItemSV``
and ``DeckRecyclerViewAdapter``, ``app/ui/component/card/CardListSV``, ``CardItemSV`` and
``CardRecyclerViewAdapter``, ``app/provider/command/PagedCardItemsCmd``, ``NewDeckCmd``,
``NewCardCmd``, ``base/ui/component/common/AppBarSV`` and ``BooleanSVDialog``, the layouts
``page_home``, ``page_deck_list``, ``list_deck``, ``item_deck``, ``dialog_deck_detail``,
``dialog_deck_select``, ``page_card_list``, ``list_card``, ``item_card``, ``page_card_detail``,
``app_bar``, ``no_record``, ``common_dialog_boolean``, the menus ``page_deck_list``,
``page_card_list``, ``page_card_detail`` and ``item_deck``, and ``values/strings.xml`` of ``app``
and ``base``. The fix is commit ``b8a141a`` ("Card list occasionally crash when opening from deck
list", released in 1.7.5 with the rework ``a58faf4``): ``onBindViewHolder`` binds only when the
list is not empty.

The app is one activity whose screens are a-navigator pages: Home (the Toolbar ``toolbar`` with an
unlabelled navigation icon opening the drawer ``nav_view``: ``menu_decks`` "Decks", ``menu_cards``
"Cards", ``menu_notification_timers``, ``menu_settings``, ``menu_donations``; the grid of
``button_add_deck`` "Add Deck", ``button_add_card`` "Add Card", ``button_start_test``,
``button_add_notification``, ``button_export_deck``, ``button_import_deck``), the Deck List (the
``menu_add`` "Add Deck" action; ``edit_text_search``; rows ``root_layout`` with
``text_deck_name``, ``text_total_cards`` "Cards: n", ``button_edit``, ``button_delete``,
``button_more_action``; "No record" when empty), the Card List (``menu_add`` "Add Card"; rows with
``text_question`` "Q: ...", ``text_answer`` "A: ...", ``text_deck_name``) and the card editor
(New Card: ``text_input_edit_question``, ``text_input_edit_answer``, the bottom app bar's
``menu_save`` "Save"). The "Add Deck" dialog (``text_title``, ``edit_text_name`` hinted "Name",
``button_cancel``, ``button_save``) saves a non-empty name and toasts "Deck added: <name>" (the
ToastLogger shows INFO messages as toasts). "Add Card" with no deck opens the Add Deck dialog and
then the card editor for the new deck; with decks, the "Select Deck" dialog. A fresh install has
no deck and no card.

Bug a-flash-deck#16 (crash): ``CardListSV.provideComponent`` calls ``PagedCardItemsCmd.refresh``
before the page's deck id reaches it, so a deck's card list first loads every card (up to 10) and
then the deck's own cards, on background threads, while ``CardRecyclerViewAdapter`` reads the
live list (``getAllCardItems``) in ``getItemViewType`` and ``onBindViewHolder``. Opening a deck
that has no card while other cards exist binds a card row at position 0 of the deck's empty list:
``ArrayList.get(0)`` throws ``IndexOutOfBoundsException`` (``CardRecyclerViewAdapter.java:75``).
With no card anywhere both loads are empty and the "No record" row shows.

Bug a-flash-deck#22 (non-crash, 1.7.6: tag ``v1.7.6``, commit ``53ad132``, the version the
report names): ``NewDeckCmd.valid``, which ``UpdateDeckCmd`` inherits, rejects only a null or
empty name (``deck.name.isEmpty()``), so a name of spaces passes, when a deck is added and when
it is edited (the row's ``button_edit`` opens the "Edit Deck" dialog with the name filled in),
and the deck list shows a blank deck. An emptied field is refused ("Name is required"). Fixed by
``4df3f29`` ("Prevent empty deck name with spaces": ``deck.name.trim().isEmpty()``). The 1.7.6
model differs from 1.7.3 by 1.7.5's card list rework (``a58faf4``, ``6e5c7a9``): opening an
empty deck shows "No record" (a-flash-deck#16 fixed).

Uncertain: the maintainer calls the crash occasional (a race of the two loads); the model makes it
happen every time an empty deck's list is opened while another deck holds cards, which is what
the reporter saw. The report gives no stack trace: the exception, its message (the ART
``Objects.checkIndex`` wording) and the frames below the app's line are the model's (the fix
guards that line). A deck holding fewer cards than the list of all cards may crash the same way
in the app; the model shows its cards.

Stubbed: the 1-second splash page (the model opens on Home), the Flash Bot card and the ongoing
test card (never shown: no test), Start Test, notification timers, export/import, settings,
donations, card images and voice (the question/answer "more" menus do nothing), search (the field
keeps its text), the shuffle-shortcut menu, card editing from a row. Deleting a deck asks
"Confirm" and deletes it with its cards.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "m.co.rh.id.a_flash_deck"
MAIN = ".app.MainActivity"
BUTTON = "android.widget.Button"  # MaterialButton
TEXT = "android.widget.TextView"  # MaterialTextView
IOOBE = "java.lang.IndexOutOfBoundsException"

HOME_BUTTONS = (
    ("button_add_deck", "Add Deck"),
    ("button_add_card", "Add Card"),
    ("button_start_test", "Start Test"),
    ("button_add_notification", "Add Notification Timer"),
    ("button_export_deck", "Export Deck"),
    ("button_import_deck", "Import Deck"),
)
DRAWER = (
    ("menu_decks", "Decks"),
    ("menu_cards", "Cards"),
    ("menu_notification_timers", "Notification Timers"),
    ("menu_settings", "Settings"),
    ("menu_donations", "Buy developer a coffee"),
)
PAGE_LIMIT = 10  # PagedCardItemsCmd.resetPage


def _frames() -> list[str]:
    return [
        "jdk.internal.util.Preconditions.outOfBounds(Preconditions.java:64)",
        "jdk.internal.util.Preconditions.outOfBoundsCheckIndex(Preconditions.java:70)",
        "jdk.internal.util.Preconditions.checkIndex(Preconditions.java:266)",
        "java.util.Objects.checkIndex(Objects.java:359)",
        "java.util.ArrayList.get(ArrayList.java:434)",
        "m.co.rh.id.a_flash_deck.app.ui.component.card.CardRecyclerViewAdapter.onBindViewHolder"
        "(CardRecyclerViewAdapter.java:75)",
        "androidx.recyclerview.widget.RecyclerView$Adapter.onBindViewHolder(RecyclerView.java:7254)",
        "androidx.recyclerview.widget.RecyclerView$Adapter.bindViewHolder(RecyclerView.java:7337)",
        "androidx.recyclerview.widget.RecyclerView$Recycler.tryBindViewHolderByDeadline"
        "(RecyclerView.java:6194)",
        "androidx.recyclerview.widget.RecyclerView.dispatchLayoutStep2(RecyclerView.java:4587)",
        "androidx.recyclerview.widget.RecyclerView.dispatchLayout(RecyclerView.java:4305)",
        "androidx.recyclerview.widget.RecyclerView.onLayout(RecyclerView.java:4867)",
        "android.view.View.layout(View.java:23694)",
        "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:3680)",
        "android.view.Choreographer.doFrame(Choreographer.java:1014)",
        "android.os.Handler.handleCallback(Handler.java:942)",
        "android.os.Handler.dispatchMessage(Handler.java:99)",
        "android.os.Looper.loop(Looper.java:288)",
        "android.app.ActivityThread.main(ActivityThread.java:7898)",
    ]


S_ADD_CARD = click(PACKAGE, "button_add_card", "Add Card", cls=BUTTON)
S_ADD_DECK_HOME = click(PACKAGE, "button_add_deck", "Add Deck", cls=BUTTON)
S_NAME_A = input_text(PACKAGE, "edit_text_name", "Animals")
S_NAME_B = input_text(PACKAGE, "edit_text_name", "Fruits")
S_SAVE_DECK = click(PACKAGE, "button_save", "Save", cls=BUTTON)
S_CANCEL_DECK = click(PACKAGE, "button_cancel", "Cancel", cls=BUTTON)
S_QUESTION = input_text(PACKAGE, "text_input_edit_question", "Cat")
S_ANSWER = input_text(PACKAGE, "text_input_edit_answer", "Kucing")
S_SAVE_CARD = click(PACKAGE, "menu_save", desc="Save", cls=TEXT)
S_BACK: dict[str, Any] = {"kind": "press_back"}  # hides the keyboard over the bottom app bar
S_DRAWER = click(PACKAGE, cls="android.widget.ImageButton", bounds=[0, 63, 147, 210])
S_DECKS = click(PACKAGE, "menu_decks", "Decks", cls=BUTTON)
S_CARDS = click(PACKAGE, "menu_cards", "Cards", cls=BUTTON)
S_ADD = click(PACKAGE, "menu_add", desc="Add Deck", cls=TEXT)
S_OPEN_B = click(PACKAGE, "text_deck_name", "Fruits", cls=TEXT)
S_OPEN_A = click(PACKAGE, "text_deck_name", "Animals", cls=TEXT)

CARD_FIRST = (S_ADD_CARD, S_NAME_A, S_SAVE_DECK, S_QUESTION, S_ANSWER, S_BACK, S_SAVE_CARD)
NEW_DECK = (S_DRAWER, S_DECKS, S_ADD, S_NAME_B, S_SAVE_DECK)
HUMAN_STEPS = (*CARD_FIRST, *NEW_DECK, S_OPEN_B)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "a-flash-deck#16": [
        # No card anywhere: the new deck's list shows "No record".
        [S_ADD_DECK_HOME, S_NAME_A, S_SAVE_DECK, *NEW_DECK, S_OPEN_B],
        # The deck holding the card is opened instead of the new one.
        [*CARD_FIRST, *NEW_DECK, S_OPEN_A],
        # The new deck's dialog is cancelled: only the deck with the card is there to open.
        [*CARD_FIRST, S_DRAWER, S_DECKS, S_ADD, S_NAME_B, S_CANCEL_DECK, S_OPEN_A],
        # The Cards list (no deck) instead of the deck.
        [*CARD_FIRST, *NEW_DECK, S_BACK, S_DRAWER, S_CARDS],
    ],
}


def blank_deck_saved(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of a-flash-deck#22: a stored deck's name is blank (only spaces)."""
    return any(d["name"] and not d["name"].strip() for d in data["decks"])


S_EDIT = click(PACKAGE, "button_edit", cls=BUTTON)
S_NAME_BLANK = input_text(PACKAGE, "edit_text_name", "   ")
S_NAME_EMPTY = input_text(PACKAGE, "edit_text_name", "")
S_NAME_OTHER = input_text(PACKAGE, "edit_text_name", "Birds")
CREATE_A = (S_DRAWER, S_DECKS, S_ADD, S_NAME_A, S_SAVE_DECK)
HUMAN_STEPS_22 = (*CREATE_A, S_EDIT, S_NAME_BLANK, S_SAVE_DECK)

WRONG_SEQUENCES["a-flash-deck#22"] = [
    # An emptied name is refused ("Name is required").
    [*CREATE_A, S_EDIT, S_NAME_EMPTY, S_SAVE_DECK],
    # Another real name instead of spaces.
    [*CREATE_A, S_EDIT, S_NAME_OTHER, S_SAVE_DECK],
    # The blank name typed, then the dialog cancelled.
    [*CREATE_A, S_EDIT, S_NAME_BLANK, S_CANCEL_DECK],
    # The deck is saved and left as it is.
    [*CREATE_A, S_EDIT, S_SAVE_DECK],
]


class AFlashDeck(VirtualApp):
    """Flash Deck 1.7.3: Home with its drawer, the deck and card lists, the card editor."""

    name: ClassVar[str] = "a-flash-deck"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Flash Deck"
    version: ClassVar[str] = "1.7.3"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "a-flash-deck#16",
            "crash",
            "Crash when tapping on a newly created deck.",
            crash_oracle(PACKAGE, IOOBE, "out of bounds"),
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"decks": [], "cards": [], "next_deck": 1, "next_card": 1}

    # -- navigation --------------------------------------------------------------------------
    @staticmethod
    def _pages(ctx: AppContext) -> list[dict[str, Any]]:
        pages = ctx.ui.setdefault("pages", [{"route": "home"}])
        return pages  # type: ignore[no-any-return]

    def _push(self, ctx: AppContext, route: str, **args: Any) -> None:
        ctx.ui["drawer"] = False
        self._pages(ctx).append({"route": route, **args})

    def _pop(self, ctx: AppContext) -> None:
        if not w.pop_back_stack(self._pages(ctx)):
            ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "dialog", None):
            return True
        if w.dismiss(ctx.ui, "drawer"):
            return True
        if len(self._pages(ctx)) > 1:
            self._pop(ctx)
            return True
        if ctx.ui.get("back_armed"):  # a second Back within a second
            return False
        ctx.ui["back_armed"] = True
        ctx.toast("Press BACK again to exit")
        return True

    # -- data --------------------------------------------------------------------------------
    @staticmethod
    def _cards_of(data: dict[str, Any], deck_id: int | None) -> list[dict[str, Any]]:
        cards = [c for c in reversed(data["cards"]) if deck_id is None or c["deck"] == deck_id]
        return cards[:PAGE_LIMIT]

    def _deck_name(self, data: dict[str, Any], deck_id: int) -> str:
        return next((d["name"] for d in data["decks"] if d["id"] == deck_id), "")

    def _open_deck(self, ctx: AppContext, deck_id: int) -> None:
        """DeckItemSV.onClick: push the Card List of the deck; its first load (every card) and
        the deck's (none) leave an ItemViewHolder bound on the empty list: the bug."""
        everything = self._cards_of(ctx.data, None)
        own = self._cards_of(ctx.data, deck_id)
        if everything and not own:
            raise JavaException(IOOBE, "Index 0 out of bounds for length 0", frames=_frames())
        self._push(ctx, "cards", deck=deck_id)

    # -- dialogs -----------------------------------------------------------------------------
    def _deck_dialog(self, ctx: AppContext, then: str = "", deck: int | None = None) -> None:
        name = self._deck_name(ctx.data, deck) if deck is not None else ""
        ctx.ui["drawer"] = False
        ctx.ui["dialog"] = {"kind": "deck", "name": name, "error": "", "then": then, "deck": deck}

    def _save_deck(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        name = dialog["name"]
        if not name:  # NewDeckCmd.valid: isEmpty() only, spaces pass (a-flash-deck#22)
            dialog["error"] = "Name is required"
            return
        data = ctx.data
        ctx.ui["dialog"] = None
        if dialog["deck"] is not None:
            for deck in data["decks"]:
                if deck["id"] == dialog["deck"]:
                    deck["name"] = name
            ctx.toast(f"Deck updated: {name}")
            return
        deck_id = data["next_deck"]
        data["next_deck"] += 1
        data["decks"].append({"id": deck_id, "name": name})
        ctx.toast(f"Deck added: {name}")
        if dialog["then"] == "card":
            self._push(ctx, "card_detail", deck=deck_id, question="", answer="")

    def _add_card(self, ctx: AppContext) -> None:
        """HomePage: with no deck, Add Deck then the card editor; else Select Deck."""
        if not ctx.data["decks"]:
            self._deck_dialog(ctx, then="card")
        else:
            ctx.ui["dialog"] = {"kind": "select", "sel": None}

    def _select_ok(self, ctx: AppContext) -> None:
        sel = ctx.ui["dialog"]["sel"]
        if sel is None:
            ctx.toast("Error, please select deck")
            return
        ctx.ui["dialog"] = None
        self._push(ctx, "card_detail", deck=sel, question="", answer="")

    def _save_card(self, ctx: AppContext) -> None:
        page = self._pages(ctx)[-1]
        if not page["question"] or not page["answer"]:  # NewCardCmd.valid / getValidationError
            ctx.toast("Question is required" if not page["question"] else "Answer is required")
            return
        data = ctx.data
        data["cards"].append(
            {
                "id": data["next_card"],
                "deck": page["deck"],
                "question": page["question"],
                "answer": page["answer"],
            }
        )
        data["next_card"] += 1
        ctx.toast("New card added")
        self._pop(ctx)

    def _delete_deck(self, ctx: AppContext) -> None:
        deck_id = ctx.ui["dialog"]["deck"]
        ctx.ui["dialog"] = None
        data = ctx.data
        data["decks"] = [d for d in data["decks"] if d["id"] != deck_id]
        data["cards"] = [c for c in data["cards"] if c["deck"] != deck_id]

    def _dialog_window(self, ctx: AppContext) -> Window | None:
        dialog = ctx.ui.get("dialog")
        if not dialog:
            return None

        def close(c: AppContext) -> None:
            c.ui["dialog"] = None

        kind = dialog["kind"]
        if kind == "deck":

            def typed(c: AppContext, text: str) -> None:
                c.ui["dialog"].update(name=text, error="" if text else "Name is required")

            title = "Edit Deck" if dialog["deck"] is not None else "Add Deck"
            field = w.frame_layout(
                [w.edit_text("edit_text_name", dialog["name"], typed, hint="Name")],
                rid="container_edit_text_name",
                weight=0,
                height=190,
            )
            body: list[View] = [field]
            if dialog["error"]:
                body.append(w.text_view(dialog["error"], "textinput_error", height=70))
            buttons = [
                w.button("button_cancel", "Cancel", close, width=300),
                w.button("button_save", "Save", self._save_deck, width=300),
            ]
            body.append(w.linear_layout(buttons, horizontal=True, height=160, weight=0))
            root = w.linear_layout([w.text_view(title, "text_title"), *body], weight=0)
            return Window(root=root, on_dismiss=close)
        if kind == "select":

            def choose(c: AppContext, deck_id: int) -> None:
                c.ui["dialog"]["sel"] = deck_id

            rows = [
                w.relative_layout(
                    [
                        w.radio_button(
                            "radio_select",
                            "",
                            dialog["sel"] == d["id"],
                            clickable=False,
                            width=140,
                        ),
                        w.text_view(d["name"], "text_deck_name"),
                    ],
                    rid="root_layout",
                    layout="horizontal",
                    height=168,
                    on_click=w.bind(choose, d["id"]),
                )
                for d in reversed(ctx.data["decks"])
            ]
            buttons = [
                w.button("button_cancel", "Cancel", close, width=300),
                w.button("button_ok", "Ok", self._select_ok, width=300),
            ]
            root = w.linear_layout(
                [
                    w.text_view("Select Deck", "text_title"),
                    w.frame_layout(
                        [w.list_view(rows, rid="recyclerView")], rid="container_content"
                    ),
                    w.linear_layout(buttons, horizontal=True, height=160, weight=0),
                ],
                weight=0,
            )
            return Window(root=root, on_dismiss=close)
        name = self._deck_name(ctx.data, dialog["deck"])
        root = w.linear_layout(
            [
                w.text_view("Confirm", "text_title"),
                w.text_view(f"Are you sure you want to delete {name} ?", "text_view_content"),
                w.linear_layout(
                    [
                        w.button("button_cancel", "Cancel", close, width=300),
                        w.button("button_ok", "Ok", self._delete_deck, width=300),
                    ],
                    horizontal=True,
                    height=160,
                    weight=0,
                ),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=close)

    # -- pages -------------------------------------------------------------------------------
    def _app_bar(self, title: str, nav: Any, actions: list[View]) -> View:
        """AppBarSV: an AppBarLayout around the Toolbar ``toolbar``; the navigation icon (the
        menu icon on Home, the back arrow elsewhere) has no content description."""
        bar = w.toolbar(title, navigation=w.nav_button("", nav), actions=actions)
        return w.frame_layout(
            [w.linear_layout([bar], weight=0)], rid="container_app_bar", weight=0, height=147
        )

    def _home(self, ctx: AppContext) -> View:
        def open_drawer(c: AppContext) -> None:
            c.ui["drawer"] = True

        handlers = {"button_add_deck": self._deck_dialog, "button_add_card": self._add_card}
        grid = [
            w.button(rid, text, handlers.get(rid, lambda c: None), height=260)
            for rid, text in HOME_BUTTONS
        ]
        rows = [
            w.linear_layout(grid[i : i + 2], horizontal=True, height=260, weight=0)
            for i in range(0, len(grid), 2)
        ]
        main = w.scroll_view(
            [
                w.linear_layout(
                    [
                        self._app_bar("Home", open_drawer, []),
                        View(cls="android.widget.GridLayout", weight=0, children=rows),
                    ]
                )
            ]
        )
        drawer = None
        if ctx.ui.get("drawer"):
            routes = {"menu_decks": "decks", "menu_cards": "cards"}
            entries: list[View] = [w.frame_layout(height=262, weight=0)]
            for rid, text in DRAWER:
                route = routes.get(rid)
                handler = w.bind(self._push, route) if route else (lambda c: None)
                entries.append(w.button(rid, text, handler, height=147))
            drawer = w.linear_layout(entries, rid="nav_view")
        return w.drawer_layout(main, drawer, rid="drawer")

    def _deck_row(self, data: dict[str, Any], deck: dict[str, Any]) -> View:
        count = sum(1 for c in data["cards"] if c["deck"] == deck["id"])

        def ask_delete(c: AppContext) -> None:
            c.ui["dialog"] = {"kind": "delete", "deck": deck["id"]}

        return w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(deck["name"], "text_deck_name"),
                        w.text_view(f"Cards: {count}", "text_total_cards", height=70),
                    ]
                ),
                w.button("button_edit", "", w.bind(self._deck_dialog, deck=deck["id"]), width=126),
                w.button("button_delete", "", ask_delete, width=126),
                w.button("button_more_action", "", lambda c: None, width=126),
            ],
            rid="root_layout",
            layout="horizontal",
            height=220,
            on_click=w.bind(self._open_deck, deck["id"]),
        )

    def _card_row(self, data: dict[str, Any], card: dict[str, Any]) -> View:
        return w.frame_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(f"Q: {card['question']}", "text_question", height=90),
                        w.text_view(f"A: {card['answer']}", "text_answer", height=90),
                        w.text_view(
                            self._deck_name(data, card["deck"]), "text_deck_name", height=70
                        ),
                        w.linear_layout(
                            [
                                w.button(rid, "", lambda c: None, width=126)
                                for rid in ("button_edit", "button_delete", "button_more_action")
                            ],
                            horizontal=True,
                            height=126,
                        ),
                    ]
                )
            ],
            rid="root_layout",
            height=400,
            on_click=lambda c: None,
        )

    def _list_page(self, ctx: AppContext, title: str, add: View, rows: list[View]) -> View:
        """DeckListSV / CardListSV under the app bar: search, then the swipe-refresh list."""

        def search(c: AppContext, text: str) -> None:
            c.ui["search"] = text

        if not rows:
            rows = [w.frame_layout([w.text_view("No record", "text_no_record")], height=300)]
        listing = w.list_view(
            rows, rid="recyclerView", cls="androidx.recyclerview.widget.RecyclerView"
        )
        return w.linear_layout(
            [
                self._app_bar(title, lambda c: self._pop(c), [add]),
                w.frame_layout(
                    [
                        w.linear_layout(
                            [
                                w.linear_layout(
                                    [
                                        w.image_view(width=100),
                                        w.edit_text(
                                            "edit_text_search",
                                            ctx.ui.get("search", ""),
                                            search,
                                            hint="Type here to search",
                                        ),
                                    ],
                                    horizontal=True,
                                    height=150,
                                    weight=0,
                                ),
                                View(
                                    cls="androidx.swiperefreshlayout.widget.SwipeRefreshLayout",
                                    resource_id="container_swipe_refresh_list",
                                    children=[listing],
                                ),
                            ]
                        )
                    ],
                    rid="container_content",
                ),
            ]
        )

    def _card_detail(self, ctx: AppContext, page: dict[str, Any]) -> View:
        def typed(key: str) -> Any:
            def handler(c: AppContext, text: str) -> None:
                self._pages(c)[-1][key] = text

            return handler

        def card(rid: str, field: str, key: str, hint: str, more: str) -> View:
            return w.frame_layout(
                [
                    w.linear_layout(
                        [
                            w.edit_text(field, page[key], typed(key), hint=hint, height=200),
                            w.button(more, "", lambda c: None, height=147),
                        ]
                    )
                ],
                rid=rid,
                height=400,
                weight=0,
            )

        save = w.action_item("menu_save", "Save", self._save_card)
        return w.linear_layout(
            [
                w.scroll_view(
                    [
                        w.linear_layout(
                            [
                                card(
                                    "card_question",
                                    "text_input_edit_question",
                                    "question",
                                    "Question",
                                    "button_question_more_action",
                                ),
                                card(
                                    "card_answer",
                                    "text_input_edit_answer",
                                    "answer",
                                    "Answer",
                                    "button_answer_more_action",
                                ),
                            ]
                        )
                    ],
                    rid="container_content",
                ),
                self._app_bar("New Card", lambda c: self._pop(c), [save]),
            ]
        )

    def render(self, ctx: AppContext) -> Screen:
        pages = ctx.ui.get("pages") or [{"route": "home"}]
        page = pages[-1]
        route = page["route"]
        data = ctx.data
        if route == "decks":
            add = w.action_item("menu_add", "Add Deck", self._deck_dialog)
            rows = [self._deck_row(data, d) for d in reversed(data["decks"])]
            content = self._list_page(ctx, "Deck List", add, rows)
        elif route == "cards":
            deck = page.get("deck")

            def add_card(c: AppContext) -> None:
                if deck is not None:
                    self._push(c, "card_detail", deck=deck, question="", answer="")
                else:
                    c.ui["dialog"] = {"kind": "select", "sel": None}

            add = w.action_item("menu_add", "Add Card", add_card)
            rows = [self._card_row(data, c) for c in self._cards_of(data, deck)]
            content = self._list_page(ctx, "Card List", add, rows)
        elif route == "card_detail":
            content = self._card_detail(ctx, page)
        else:
            content = self._home(ctx)
        dialog = self._dialog_window(ctx)
        return Screen(
            content=w.frame_layout([content], layout=FRAME),
            windows=[dialog] if dialog is not None else [],
        )


class AFlashDeck176(AFlashDeck):
    """Flash Deck 1.7.6: the card list of 1.7.5 (a-flash-deck#16 fixed); a-flash-deck#22."""

    version: ClassVar[str] = "1.7.6"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "a-flash-deck#22",
            "non-crash",
            "Slight Bug Report with Null Decks",
            blank_deck_saved,
            human_steps=HUMAN_STEPS_22,
        ),
    )

    def _open_deck(self, ctx: AppContext, deck_id: int) -> None:
        self._push(ctx, "cards", deck=deck_id)
