"""Translation Cards (``org.mercycorps.translationcards``) 0.2.1, for translation-cards#30.

Modelled from the sources of commit ``86edc2a`` (master on 2016-02-23, the day before the report;
``versionName "0.2.1"``, ``targetSdkVersion 23``): ``AndroidManifest.xml``,
``DecksActivity.java``, ``TranslationsActivity.java``, ``RecordingActivity.java``,
``DbManager.java``, ``Deck.java``, ``res/layout/activity_decks.xml``, ``deck_item.xml``,
``deck_card.xml``, ``decks_footer.xml``, ``activity_translations.xml``, ``language_tab.xml``,
``card_list_header.xml``, ``card_list_footer.xml``, ``list_item.xml``,
``translation_card.xml``, ``recording_instructions.xml``, ``recording_label.xml``,
``recording_audio.xml``, ``recording_done.xml`` and ``res/values/strings.xml``. The fix is the
branch merged on 2016-02-24 (``b83095a``), whose commit ``719b4c4`` locks ``RecordingActivity``
to portrait (``8892819`` later locks every activity):

- ``DecksActivity`` ("My Decks"): the list ``decks_list`` with the one deck a fresh install
  creates ("Default", publisher "My Deck", its creation date, "ENGLISH" to its languages
  "ARABIC   FARSI   PASHTO"), then the footer with "GIVE FEEDBACK" (a web form: the browser is
  not modelled). Tapping the deck card opens ``TranslationsActivity``;
- ``TranslationsActivity`` (the deck's name, up arrow): language tabs in ``tabs`` (dictionaries
  ordered by id, descending: PASHTO, FARSI, ARABIC; the first is selected on every creation),
  the card list (header hint, the cards of the selected language, footer "EXPORT") and the
  ``add_button`` image button that opens ``RecordingActivity`` for the selected language;
  a card's pencil (``card_edit``) opens it in edit mode. The included languages have no cards;
- ``RecordingActivity`` (no action bar) is one activity showing four steps by
  ``setContentView``, with its own step stack (``stepHistory``): "Get started"
  (``recording_instructions_*``; GET STARTED asks for ``RECORD_AUDIO`` when not granted, and a
  refusal finishes the activity), the phrase and translation fields (``recording_label_*``,
  NEXT), recording (``recording_audio_*``: record, listen, BACK, SAVE, which saves the card at
  the top of the language) and done (``recording_done_*``, DONE). Back pops the stack and shows
  the step now on top (pushing it again, as the code does).

Fixed device facts: the deck's creation date reads 02/23/16; recording and playback make no
sound and take no time (listening lasts until the listen button is tapped again). Not modelled:
the card player (``PlayCardFragment``: tapping a card's text), the export's progress dialog and
share sheet, and the feedback form.

The bug (translation-cards#30, non-crash): ``RecordingActivity`` keeps its step only in fields,
saves nothing in ``onSaveInstanceState`` and is not locked to an orientation, so rotating the
device re-creates it and ``onCreate`` shows the first step again ("Get started", or the phrase
step in edit mode) with what was typed lost. The oracle reads the model's record of a
re-creation that left a later step of a new card (``data["restarted_from"]``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

PACKAGE = "org.mercycorps.translationcards"
DECKS = ".DecksActivity"
TRANSLATIONS = ".TranslationsActivity"
RECORDING = ".RecordingActivity"
RECORD_AUDIO = "android.permission.RECORD_AUDIO"

INSTRUCTIONS, LABEL, AUDIO, DONE = "INSTRUCTIONS", "LABEL", "AUDIO", "DONE"
LABEL_HINT = "Flashcard phrase"
TEXT_HINT = "Phrase translation (Optional)"
MAIN_INSTRUCTIONS = (
    "Tap a phrase to hear it, tap again to stop.\nMake sure your volume is turned up."
)
LABEL_DETAIL = (
    "An effective flashcard phrase is short, direct, and really clear. Your phrase should make "
    "it really easy for the listener to know how to respond."
)
AUDIO_DETAIL = (
    "When you're ready, press record. Speak clearly at a normal speed. When you're all done, "
    "press stop. You can listen back and record again until you're happy to save."
)
DONE_DETAIL = (
    "Find your new flashcard at the top of the list in the {} category. To make changes to the "
    "phrase or delete it, just tap the pencil icon on the flashcard."
)


def _restarted(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of translation-cards#30: a rotation re-created the card creation flow on a
    step after "Get started" and it showed "Get started" again."""
    return bool(data.get("restarted_from"))


DECK_CARD = click(PACKAGE, "deck_name", "Default", cls="android.widget.TextView")
ADD = click(PACKAGE, "add_button", cls="android.widget.ImageButton")
GET_STARTED = click(
    PACKAGE, "recording_instructions_start", "GET STARTED", "", "android.widget.Button"
)
ALLOW = allow_permission(PACKAGE)
ROTATE = {"kind": "rotate", "orientation": "landscape"}

BUG_30 = BugSpec(
    bug_id="translation-cards#30",
    kind="non-crash",
    title="Rotating the app while in recording activity will bring the user back to the "
    "beginning of recording activity",
    oracle=_restarted,
    human_steps=(DECK_CARD, ADD, GET_STARTED, ALLOW, ROTATE),
)

WRONG_SEQUENCES = {
    "translation-cards#30": (
        # Rotating on "Get started" itself: it shows "Get started" again, nothing is lost.
        (DECK_CARD, ADD, ROTATE),
        # Back instead of rotating: the stack's previous step, "Get started", as designed.
        (DECK_CARD, ADD, GET_STARTED, ALLOW, {"kind": "press_back"}),
        # The permission refused: the activity finishes; the rotation re-creates the deck.
        (
            DECK_CARD,
            ADD,
            GET_STARTED,
            click(
                PACKAGE,
                "com.android.permissioncontroller:id/permission_deny_button",
                "Don't allow",
                cls="android.widget.Button",
            ),
            ROTATE,
        ),
        # Rotated before the flow starts: no re-creation inside it.
        (DECK_CARD, ROTATE, ADD, GET_STARTED, ALLOW),
    )
}


class TranslationCards(VirtualApp):
    """Translation Cards 0.2.1: decks, a deck's language tabs and cards, the card maker."""

    name: ClassVar[str] = "translation-cards"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Translation Cards"
    version: ClassVar[str] = "0.2.1"
    launch_activity: ClassVar[str] = DECKS
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_30,)

    def initial_data(self) -> dict[str, Any]:
        # DbHelper.onCreate: the default deck and INCLUDED_DATA's three empty dictionaries.
        return {
            "decks": [{"id": 1, "label": "Default", "publisher": "My Deck", "date": "02/23/16"}],
            "dictionaries": [
                {"id": 1, "deck": 1, "label": "Arabic"},
                {"id": 2, "deck": 1, "label": "Farsi"},
                {"id": 3, "deck": 1, "label": "Pashto"},
            ],
            "translations": [],  # {"id", "dictionary", "label", "text", "filename", "index"}
            "next_id": 1,
            "restarted_from": [],  # the model's record for the oracle, not the app's storage
        }

    # -- data ------------------------------------------------------------------------------
    def dictionaries(self, ctx: AppContext, deck: int) -> list[dict[str, Any]]:
        """``getAllDictionariesForDeck``: ordered by id, descending."""
        found = [d for d in ctx.data["dictionaries"] if d["deck"] == deck]
        return sorted(found, key=lambda d: -d["id"])

    def cards(self, ctx: AppContext, dictionary: int) -> list[dict[str, Any]]:
        found = [t for t in ctx.data["translations"] if t["dictionary"] == dictionary]
        return sorted(found, key=lambda t: -t["index"])

    # -- lifecycle -------------------------------------------------------------------------
    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == RECORDING:
            # The app saves nothing; the model notes which step the old instance showed.
            top = ctx.ui["history"][-1] if ctx.ui.get("history") else INSTRUCTIONS
            return {"recreated_from": top, "was_editing": ctx.ui.get("editing", False)}
        return {}  # TranslationsActivity re-selects the first tab (setDictionary(0))

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == TRANSLATIONS:
            ctx.ui.setdefault("tab", 0)
        if ctx.activity != RECORDING:
            return
        previous = ctx.ui.pop("recreated_from", None)
        was_editing = ctx.ui.pop("was_editing", False)
        extras = ctx.extras
        ctx.ui.update(
            history=[],
            label=extras.get("label"),
            text=extras.get("text"),
            filename=extras.get("filename"),
            status="FRESH",
            translation=extras.get("translation", -1),  # the field translationId
            editing=extras.get("translation", -1) != -1,
        )
        if ctx.ui["editing"]:
            self.to_label(ctx)
        else:
            self.to_instructions(ctx)
            if previous not in (None, INSTRUCTIONS) and not was_editing:
                ctx.data["restarted_from"].append(previous)

    # -- DecksActivity / TranslationsActivity ----------------------------------------------
    def open_deck(self, ctx: AppContext, deck: int) -> None:
        ctx.start_activity(TRANSLATIONS, {"deck": deck})

    def select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index

    def current_dictionary(self, ctx: AppContext) -> dict[str, Any]:
        dictionaries = self.dictionaries(ctx, ctx.extras["deck"])
        return dictionaries[ctx.ui.get("tab", 0)]

    def add_card(self, ctx: AppContext) -> None:
        """``showAddTranslationDialog``."""
        dictionary = self.current_dictionary(ctx)
        extras = {"dictionary": dictionary["id"], "language": dictionary["label"]}
        ctx.start_activity(RECORDING, {**extras, "deck": ctx.extras["deck"], "translation": -1})

    def edit_card(self, ctx: AppContext, card: dict[str, Any]) -> None:
        dictionary = self.current_dictionary(ctx)
        extras = {"dictionary": dictionary["id"], "language": dictionary["label"]}
        ctx.start_activity(
            RECORDING,
            {
                **extras,
                "deck": ctx.extras["deck"],
                "translation": card["id"],
                "label": card["label"],
                "text": card["text"],
                "filename": card["filename"],
            },
        )

    # -- RecordingActivity -----------------------------------------------------------------
    def to_instructions(self, ctx: AppContext) -> None:
        ctx.ui["scroll"] = 0  # setContentView: a new ScrollView at its top
        ctx.ui["history"].append(INSTRUCTIONS)

    def to_label(self, ctx: AppContext) -> None:
        ctx.ui["label_field"] = ctx.ui["label"] if ctx.ui["label"] is not None else LABEL_HINT
        ctx.ui["text_field"] = ctx.ui["text"] if ctx.ui["text"] is not None else TEXT_HINT
        ctx.ui["scroll"] = 0  # setContentView: a new ScrollView at its top
        ctx.ui["history"].append(LABEL)

    def to_audio(self, ctx: AppContext) -> None:
        ctx.ui["status"] = "FRESH" if ctx.ui["filename"] is None else "RECORDED"
        ctx.ui["scroll"] = 0  # setContentView: a new ScrollView at its top
        ctx.ui["history"].append(AUDIO)

    def to_done(self, ctx: AppContext) -> None:
        ctx.ui["scroll"] = 0  # setContentView: a new ScrollView at its top
        ctx.ui["history"].append(DONE)

    def get_started(self, ctx: AppContext) -> None:
        if RECORD_AUDIO in ctx.permissions:
            self.to_label(ctx)
        else:
            ctx.request_permission(RECORD_AUDIO)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != RECORDING:
            return
        if granted:
            self.to_label(ctx)
        else:
            ctx.finish()  # setResult(RESULT_CANCELED)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != RECORDING:
            return False
        history = ctx.ui["history"]
        history.pop()
        if not history:
            return False  # super.onBackPressed(): the activity finishes
        steps = {
            INSTRUCTIONS: self.to_instructions,
            LABEL: self.to_label,
            AUDIO: self.to_audio,
            DONE: self.to_done,
        }
        steps[history[-1]](ctx)
        return True

    def type_field(self, ctx: AppContext, key: str, text: str) -> None:
        ctx.ui[key] = text

    def label_next(self, ctx: AppContext) -> None:
        label = ctx.ui["label_field"]
        if not label or label == LABEL_HINT:
            return
        ctx.ui["label"] = label
        ctx.ui["text"] = ctx.ui["text_field"]
        self.to_audio(ctx)

    def record(self, ctx: AppContext) -> None:
        status = ctx.ui["status"]
        if status in ("FRESH", "RECORDED"):
            if RECORD_AUDIO not in ctx.permissions:
                return
            dictionary = ctx.extras["dictionary"]
            label = ctx.ui["label"].replace(" ", "-")
            ctx.ui["filename"] = f"recordings/{dictionary}_{label}_{ctx.data['next_id']}.3gp"
            ctx.ui["status"] = "RECORDING"
        elif status == "RECORDING":
            ctx.ui["status"] = "RECORDED"

    def listen(self, ctx: AppContext) -> None:
        status = ctx.ui["status"]
        if status in ("RECORDING", "RECORDED"):
            ctx.ui["status"] = "LISTENING"
        elif status == "LISTENING":
            ctx.ui["status"] = "RECORDED"

    def save(self, ctx: AppContext) -> None:
        if ctx.ui["filename"] is None:
            return  # no recording yet
        translation = ctx.ui["translation"]
        if translation == -1:
            dictionary = ctx.extras["dictionary"]
            indexes = [
                t["index"] for t in ctx.data["translations"] if t["dictionary"] == dictionary
            ]
            translation = ctx.data["next_id"]
            ctx.data["next_id"] += 1
            ctx.data["translations"].append(
                {
                    "id": translation,
                    "dictionary": dictionary,
                    "label": ctx.ui["label"],
                    "text": ctx.ui["text"],
                    "filename": ctx.ui["filename"],
                    "index": max(indexes) + 1 if indexes else 0,
                }
            )
            ctx.ui["translation"] = translation
        else:
            for card in ctx.data["translations"]:
                if card["id"] == translation:
                    card.update(label=ctx.ui["label"], text=ctx.ui["text"])
                    card["filename"] = ctx.ui["filename"]
        self.to_done(ctx)

    def delete(self, ctx: AppContext) -> None:
        translation = ctx.ui["translation"]
        ctx.data["translations"] = [t for t in ctx.data["translations"] if t["id"] != translation]
        ctx.finish()

    def edit_from_done(self, ctx: AppContext) -> None:
        ctx.ui["editing"] = True
        self.to_label(ctx)

    # -- screens ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TRANSLATIONS:
            return Screen(content=self.translations_screen(ctx))
        if ctx.activity == RECORDING:
            return Screen(content=self.recording_screen(ctx))
        return Screen(content=self.decks_screen(ctx))

    def decks_screen(self, ctx: AppContext) -> View:
        rows = []
        for deck in ctx.data["decks"]:
            languages = "   ".join(
                d["label"].upper() for d in ctx.data["dictionaries"] if d["deck"] == deck["id"]
            )
            card = w.linear_layout(
                [
                    w.text_view(deck["label"], "deck_name"),
                    w.text_view(f"{deck['publisher']}, {deck['date']}", "deck_information"),
                    w.relative_layout(
                        [
                            View(cls="android.view.View"),
                            w.text_view("ENGLISH", "origin_language"),
                            w.frame_layout([w.image_view()], rid="translation_arrow"),
                            w.text_view(languages, "translation_languages"),
                        ],
                        layout=HORIZONTAL,
                        height=110,
                    ),
                ],
                rid="deck_card",
                on_click=w.bind(self.open_deck, deck["id"]),
                weight=0,
            )
            rows.append(w.frame_layout([w.relative_layout([card], weight=0)], weight=0))
        footer = w.linear_layout(
            [
                w.text_view(
                    "Is this app useful for you?\nLet us know how it can be improved.", height=160
                ),
                w.button("feedback_button", "GIVE FEEDBACK", lambda c: None),
            ],
            weight=0,
        )
        return w.linear_layout(
            [
                w.toolbar("My Decks", rid="action_bar"),
                w.relative_layout(
                    [
                        View(
                            cls="android.widget.ListView",
                            resource_id="decks_list",
                            children=[*rows, footer],
                        )
                    ]
                ),
            ]
        )

    def translations_screen(self, ctx: AppContext) -> View:
        deck = next(d for d in ctx.data["decks"] if d["id"] == ctx.extras["deck"])
        dictionaries = self.dictionaries(ctx, deck["id"])
        selected = ctx.ui.get("tab", 0)
        tabs = [
            w.linear_layout(
                [
                    w.text_view(d["label"].upper(), "tab_label_text", selected=i == selected),
                    View(cls="android.view.View", resource_id="tab_border", height=8),
                ],
                on_click=w.bind(self.select_tab, i),
                width=300,
            )
            for i, d in enumerate(dictionaries)
        ]
        items = [
            w.frame_layout(
                [
                    w.relative_layout(
                        [
                            w.linear_layout(
                                [
                                    w.text_view(
                                        card["label"], "card_text", on_click=lambda c: None
                                    ),
                                    w.frame_layout(
                                        [w.image_view()],
                                        rid="card_edit",
                                        on_click=w.bind(self.edit_card, card),
                                        width=147,
                                    ),
                                ],
                                horizontal=True,
                                weight=0,
                            )
                        ],
                        weight=0,
                    )
                ],
                weight=0,
            )
            for card in self.cards(ctx, dictionaries[selected]["id"])
        ]
        card_list = View(
            cls="android.widget.ListView",
            resource_id="list",
            children=[
                w.text_view(MAIN_INSTRUCTIONS, height=180),
                *items,
                w.linear_layout([w.button(text="EXPORT", handler=lambda c: None)], weight=0),
            ],
        )
        tab_bar = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="tabScroll",
            height=126,
            children=[w.linear_layout(tabs, rid="tabs", horizontal=True)],
        )
        add = w.image_button(
            "add_button", handler=self.add_card, width=168, height=168, gravity="bottom_end"
        )
        content = w.relative_layout(
            [
                w.linear_layout([tab_bar, card_list]),
                w.image_view("tabs_shadow", height=10, gravity="top"),
                add,
            ],
            rid="mainActivity",
            layout=FRAME,
        )
        bar = w.toolbar(deck["label"], navigation=w.up_button(), rid="action_bar")
        return w.linear_layout([bar, content])

    def recording_screen(self, ctx: AppContext) -> View:
        step = ctx.ui["history"][-1]
        language = ctx.extras["language"]
        if step == INSTRUCTIONS:
            body = [
                w.linear_layout(
                    [
                        w.image_button("recording_instructions_back", handler=w.finish, width=147),
                        w.text_view(f"{language} Flashcard Maker", "recording_instructions_title"),
                    ],
                    rid="recording_instructions_titlebar",
                    horizontal=True,
                    height=147,
                ),
                w.image_view("recording_instructions_image", height=500),
                w.text_view("Make your own flashcards", "recording_instructions_header"),
                w.text_view(
                    "Write your script, record your phrase,\nand use your flashcard in the field.",
                    "recording_instructions_detail",
                    height=160,
                ),
                w.button("recording_instructions_start", "GET STARTED", self.get_started),
            ]
        elif step == LABEL:
            bar: list[View] = []
            if ctx.ui["editing"]:
                bar.append(w.image_view("recording_label_delete_image", handler=self.delete))
            else:
                bar.append(
                    w.linear_layout(
                        [w.image_view(), w.image_view()],
                        rid="recording_label_step_marker",
                        horizontal=True,
                    )
                )
            bar.append(
                w.linear_layout(
                    [
                        w.text_view("NEXT", "recording_label_next_text"),
                        w.image_view("recording_label_next_image"),
                    ],
                    rid="recording_label_next",
                    horizontal=True,
                    on_click=self.label_next,
                )
            )
            body = [
                w.image_view("recording_label_image", height=400),
                w.text_view(
                    f"Write your {language} phrase and translation", "recording_label_title"
                ),
                w.text_view(LABEL_DETAIL, "recording_label_detail", height=220),
                w.edit_text(
                    "recording_label_field",
                    ctx.ui["label_field"],
                    lambda c, t: self.type_field(c, "label_field", t),
                ),
                w.edit_text(
                    "recording_translated_text_field",
                    ctx.ui["text_field"],
                    lambda c, t: self.type_field(c, "text_field", t),
                ),
                w.relative_layout([w.linear_layout(bar, horizontal=True)], height=147),
            ]
        elif step == AUDIO:
            body = [
                w.text_view(f"Record your {language} phrase", "recording_audio_title"),
                w.text_view(AUDIO_DETAIL, "recording_audio_instructions", height=260),
                w.linear_layout(
                    [w.text_view(ctx.ui["label"], "card_text")],
                    rid="recording_audio_card",
                    weight=0,
                ),
                w.linear_layout(
                    [
                        w.image_button("recording_audio_button_record", handler=self.record),
                        w.image_button("recording_audio_button_listen", handler=self.listen),
                    ],
                    rid="recording_audio_button_wrapper",
                    horizontal=True,
                    height=200,
                ),
                w.relative_layout(
                    [
                        w.linear_layout(
                            [
                                w.image_view("recording_audio_back_image"),
                                w.text_view("BACK", "recording_audio_back_text"),
                            ],
                            rid="recording_audio_back",
                            horizontal=True,
                            on_click=self.to_label,
                        ),
                        w.linear_layout(
                            [
                                w.text_view("SAVE", "recording_audio_save_text"),
                                w.image_view("recording_audio_save_image"),
                            ],
                            rid="recording_audio_save",
                            horizontal=True,
                            on_click=self.save,
                        ),
                    ],
                    layout=HORIZONTAL,
                    height=147,
                ),
            ]
        else:
            body = [
                w.image_view("recording_done_image", height=400),
                w.text_view(f"New {language} flashcard created", "recording_done_title"),
                w.text_view(DONE_DETAIL.format(language), "recording_done_detail", height=220),
                w.linear_layout(
                    [
                        w.text_view(ctx.ui["label"], "card_text"),
                        w.frame_layout(
                            [w.image_view()],
                            rid="card_edit",
                            on_click=self.edit_from_done,
                            width=147,
                        ),
                    ],
                    rid="recording_done_card",
                    horizontal=True,
                    weight=0,
                ),
                w.relative_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view("DONE", "recording_done_done_text"),
                                w.image_view("recording_done_done_image"),
                            ],
                            rid="recording_done_done",
                            horizontal=True,
                            on_click=w.finish,
                        )
                    ],
                    height=147,
                ),
            ]
        # The layouts' ScrollView > RelativeLayout, flattened so that the ScrollView scrolls
        # through the step's views.
        return w.scroll_view(body, scrollable=True, scroll_key="scroll")
