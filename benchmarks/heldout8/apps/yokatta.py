"""Yokatta (``com.thesis.yokatta``, uestueab/app-thesis) v0.3.4, for app-thesis#13.

A vocabulary flashcard trainer with SM-2 scheduling: a four-slide onboarding, the starting screen
("Review: n", the Review button, a bar chart of past reviews, an overflow menu with Settings and
"Manage flashCards"), the review (type the meaning of the prompt, SUBMIT, then a result page with
NEXT), the flashcard list (swipe a row to delete it, tap to edit, "+" to add) and the add/edit
screen (title, meaning, mnemonic, synonyms, a recording).

Sources read at commit 585cfa7 (2021-12-08, ``versionName`` "v0.3.4", versionCode 4, the F-Droid
release; the repository's last code change before the report of 2022-09-13). No fix exists (the
issue is open). Files read: ``OnboardingActivity``, ``StartingScreenActivity``,
``ReviewActivity``, ``ReviewInputFragment``, ``ReviewDetailedResultFragment``,
``ManageFlashCardActivity``, ``AddEditFlashCardActivity``, ``FlashCardAdapter``,
``viewmodel/SharedViewModel(Factory)``, ``callbacks/SwipeRecyclerViewTouchHelper``,
``backToStartingScreenCallback``, ``backToManageFlashCardCallback``,
``listeners/onClick/ReviewAnswerSubmittedListener``, ``NextReviewItemListener``,
``NotKnowListener``, ``commander/receiver/BackPress``, ``model/dao/FlashCardDao``,
``model/entity/FlashCard``, ``model/database/FlashCardDatabase`` (the four default cards); the
layouts ``activity_onboarding``, ``slider_layout``, ``activity_starting_screen``,
``review_input_fragment``, ``review_detailed_result_fragment``, ``activity_manage_flashcard``,
``manage_flashcard``, ``activity_add_flashcard``; the three menus; ``strings.xml``;
``xml/preference_screen.xml``.

Bug app-thesis#13 (non-crash): leaving a review before its end (Back or the up arrow: with the
default settings one press, ``BackPress.moveToStartingScreen``) makes ``ReviewActivity.onPause``
store the cards not yet passed in the shared preference ``prefs_remaining_flashCards``. The next
review (``resumeReview``) and the starting screen's count use that stored list whenever it is not
empty, and never the database: cards deleted in "Manage flashCards" meanwhile are still asked,
cards added meanwhile are not. The stored list goes only when a review is finished. The oracle
reads ``stale_reviews``: reviews started from the stored list while it no longer matched the
cards due in the database (a stored card deleted, or a due card missing).

Due cards: ``getFlashCardsDue`` keeps ``DATE(dueDate) <= DATE('now')``; a new card's ``dueDate``
is 0 (due); a reviewed card's is set to epoch milliseconds, which ``DATE`` cannot read, so a
reviewed card is never due again (the model keeps a ``due`` flag). The count and the review's
first card follow ``ORDER BY flashCard_title DESC``.

Stubbed: Settings (title only; the defaults apply: one Back leaves a review, no shuffle), the
chart (an empty view), the sound toggle's effect, recordings (the REC. buttons do nothing),
synonyms in the add screen, export, search, the swipe's Restore snackbar, the mismatch toast and
animations; the review is left with Back or the up arrow only (pausing the app otherwise is not
modelled). Uncertain: which row a swipe deletes (the device passes no position: the model
deletes the row under the middle of the screen, or the last row when the list ends above it);
letter case of the Buttons' texts in the dump (the layouts' texts are used).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.thesis.yokatta"
ONBOARDING = ".OnboardingActivity"
START = ".StartingScreenActivity"
REVIEW = ".ReviewActivity"
MANAGE = ".ManageFlashCardActivity"
EDIT = ".AddEditFlashCardActivity"
SETTINGS = ".SettingsActivity"
BUG = "app-thesis#13"

SLIDES = (
    (
        "Getting started",
        "Let's start off, giving you some information to guarantee a successful learning "
        "experience.",
    ),
    (
        "Source code",
        "Our app is fully open-source, freely available for possible modification. We respect "
        "your privacy. For that reason, we don't collect personal data. Your data will be "
        "treated confidentially and only stored locally on your phone.",
    ),
    (
        "Stay focused",
        "Keep track of your progress with automatic diagrams. Explore even more features in the "
        "settings or disable them to customize the app according to your needs.",
    ),
    (
        "Ready for your journey!",
        "All set. We wish you a pleasant start! We are open to any suggestions and look forward "
        "to your feedback.",
    ),
)
# FlashCardDatabase's PopulateDbAsyncTask: (prompt, meaning, mnemonic, synonyms).
DEFAULT_CARDS: tuple[tuple[str, str, str, list[str]], ...] = (
    ("light", "licht", "Etwas ist nicht gerade schwer, sondern...", ["hell", "leicht"]),
    ("church", "kirche", "Ein Gotteshaus", []),
    ("plant", "pflanze", "Denke an Flora, Botanik, Vegetation...", []),
    ("water", "wasser", "", []),
)
ROW_HEIGHT = 250
LIST_TOP = 210 + w.TOOLBAR_HEIGHT  # the status bar, then the ActionBar


def _card(
    card_id: int, prompt: str, meaning: str, mnemonic: str, synonyms: list[str]
) -> dict[str, Any]:
    return {
        "id": card_id,
        "prompt": prompt,
        "meaning": meaning,
        "mnemonic": mnemonic,
        "synonyms": synonyms,
        "due": True,
    }


SKIP = click(PACKAGE, "skipButton", "Skip")
START_REVIEW = click(PACKAGE, "btn_startReview", "Review")
LEAVE_REVIEW = {"kind": "press_back"}


def _manage() -> list[dict[str, Any]]:
    return [
        click(PACKAGE, desc=w.MORE_OPTIONS),
        click(PACKAGE, "title", "Manage flashCards"),
    ]


def _add(title: str = "dog", meaning: str = "hund") -> list[dict[str, Any]]:
    """The list's "+", the title and meaning typed, Save."""
    return [
        click(PACKAGE, "button_add_flashCard"),
        input_text(PACKAGE, "edit_text_title", title, hint="Title: (front)"),
        input_text(PACKAGE, "edit_text_meaning", meaning, hint="Meaning: (back)"),
        click(PACKAGE, "save_flashCard", desc="Save"),
    ]


UP = click(PACKAGE, desc=w.NAVIGATE_UP)


def stale_review(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of app-thesis#13: a review asked the stored cards of an interrupted review
    although a stored card had been deleted or a due card was missing from them."""
    return bool(data["stale_reviews"])


class Yokatta(VirtualApp):
    """Yokatta v0.3.4: onboarding, starting screen, review, flashcard list and editor."""

    name: ClassVar[str] = "app-thesis"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Yokatta"
    version: ClassVar[str] = "v0.3.4"
    launch_activity: ClassVar[str] = ONBOARDING
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG,
            "non-crash",
            "Add or delete doesn't have effect on flashcards",
            stale_review,
            human_steps=(
                SKIP,
                START_REVIEW,
                LEAVE_REVIEW,
                *_manage(),
                *_add(),
                UP,
                START_REVIEW,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # The Room table (with a due flag for DATE(dueDate) <= DATE('now')), the shared
        # preferences (onboarding passed, last launched, prefs_remaining_flashCards).
        cards = [_card(i + 1, *c) for i, c in enumerate(DEFAULT_CARDS)]
        return {
            "cards": cards,
            "next_id": len(cards) + 1,
            "onboarding_passed": False,
            "last_launched": False,
            "remaining": None,
            "stale_reviews": [],
        }

    # -- helpers -------------------------------------------------------------------------------
    def _due(self, ctx: AppContext) -> list[dict[str, Any]]:
        """``getFlashCardsDue``: due cards by title, descending."""
        due = [c for c in ctx.data["cards"] if c["due"]]
        return sorted(due, key=lambda c: c["prompt"], reverse=True)

    def _leave_review(self, ctx: AppContext) -> None:
        """``BackPress.moveToStartingScreen`` (a new starting screen, the review finished);
        ``onPause`` stores the cards not yet passed and schedules the answered ones."""
        ctx.data["remaining"] = [dict(c) for c in ctx.ui["cards"]]
        self._schedule(ctx)
        ctx.start_activity(START)
        ctx.finish()

    def _schedule(self, ctx: AppContext) -> None:
        """The SM-2 scheduler: an answered card gets a due date in epoch milliseconds, which
        the due query never selects again."""
        for card in ctx.data["cards"]:
            if card["id"] in ctx.ui["answered"]:
                card["due"] = False
        ctx.ui["answered"] = []

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        act, ui, data = ctx.activity, ctx.ui, ctx.data
        if act == ONBOARDING:
            if data["onboarding_passed"]:
                ctx.start_activity(START)
                ctx.finish()
            data["onboarding_passed"] = True
            ui.setdefault("slide", 0)
        elif act == START:
            ui.update(menu=False)
            ui.setdefault("welcome", not data["last_launched"])
            data["last_launched"] = True
            ui.setdefault("stored_count", len(data["remaining"] or []))
        elif act == REVIEW:
            ui.update(answer="", shake=False, mnemonic=False)
            if "cards" not in ui:
                self._resume_review(ctx)
        elif act == EDIT and "form" not in ui:
            form = {"title": "", "meaning": "", "mnemonic": "", "synonym": ""}
            for card in data["cards"]:
                if card["id"] == ctx.extras.get("card"):
                    form.update(title=card["prompt"], meaning=card["meaning"])
                    form["mnemonic"] = card["mnemonic"]
            ui["form"] = form
        elif act == MANAGE:
            ui.update(menu=False)

    def _resume_review(self, ctx: AppContext) -> None:
        """``resumeReview``: the stored cards when there are any, else the due cards."""
        stored = ctx.data["remaining"]
        due = self._due(ctx)
        if stored:
            cards = [dict(c) for c in stored]
            ids = {c["id"] for c in ctx.data["cards"]}
            stored_ids = {c["id"] for c in cards}
            deleted = [c["prompt"] for c in cards if c["id"] not in ids]
            missing = [c["prompt"] for c in due if c["id"] not in stored_ids]
            if deleted or missing:
                ctx.data["stale_reviews"].append({"deleted": deleted, "missing": missing})
        else:
            cards = due
        ctx.ui.update(
            cards=cards, total=len(cards), correct=0, page="input", result=None, answered=[]
        )

    def on_back(self, ctx: AppContext) -> bool:
        act, ui = ctx.activity, ctx.ui
        if act == START:
            return w.dismiss(ui, "menu") or True  # onBackPressed does nothing
        if act == REVIEW:
            if w.dismiss(ui, "mnemonic"):
                return True
            self._leave_review(ctx)
            return True
        if act == MANAGE:
            return w.dismiss(ui, "menu")
        if act == EDIT:
            ctx.toast("FlashCard not saved")
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == ONBOARDING:
            return w.pager_swipe(ctx.ui, "slide", len(SLIDES), direction)
        if ctx.activity == MANAGE and direction in ("left", "right"):
            rows = self._rows(ctx)
            if not rows:
                return False
            index = min((960 - LIST_TOP) // ROW_HEIGHT, len(rows) - 1)
            if direction == "left":
                # SwipeRecyclerViewTouchHelper: LEFT deletes (a "Deleted: <title>" snackbar).
                card = rows[index]
                ctx.data["cards"] = [c for c in ctx.data["cards"] if c["id"] != card["id"]]
                ctx.toast(f"Deleted: {card['prompt']}")
            else:
                self._open_edit(ctx, rows[index]["id"])
            return True
        return False

    # -- onboarding and starting screen --------------------------------------------------------
    def _to_start(self, ctx: AppContext) -> None:
        ctx.start_activity(START)
        ctx.finish()

    def _next_slide(self, ctx: AppContext) -> None:
        if ctx.ui["slide"] < len(SLIDES) - 1:
            ctx.ui["slide"] += 1
        else:
            self._to_start(ctx)

    def _count_text(self, ctx: AppContext) -> str:
        """``showReviewItemCount``: the stored cards' count (read once, at creation), else the
        due cards' (LiveData, kept up to date)."""
        if ctx.ui["stored_count"]:
            return f"Review: {ctx.ui['stored_count']}"
        due = len(self._due(ctx))
        return f"Review: {due}" if due else "No reviews available yet."

    def _toggle_sound(self, ctx: AppContext) -> None:
        """``toggleSound``: PREFS_PLAY_PRONUNCIATION flips (first press: off); only the icon
        shows it."""
        ctx.data["sound"] = not ctx.data.get("sound", True)

    def _menu_pick(self, ctx: AppContext, target: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(target)

    # -- review --------------------------------------------------------------------------------
    def _submit(self, ctx: AppContext) -> None:
        """``ReviewAnswerSubmittedListener``: an empty answer shakes the field; else the answer
        is scored (the meaning or a synonym, with a small typo tolerance) and the result page
        shows."""
        ui = ctx.ui
        if not ui["cards"]:
            return
        response = ui["answer"].strip().lower()
        if not response:
            ui["shake"] = True
            return
        card = ui["cards"][0]
        meanings = [*card["synonyms"], card["meaning"]]
        right = any(
            response == m.lower() or _distance(response, m.lower()) <= len(m) // 5 for m in meanings
        )
        if right:
            ui["correct"] += 1
        ui.update(page="result", result={"card": card, "right": right}, answer="", shake=False)
        if card["id"] not in ui["answered"]:
            ui["answered"].append(card["id"])
        ctx.hide_keyboard()

    def _next(self, ctx: AppContext) -> None:
        """``ReviewDetailedResultFragment`` took the card off the head of the list (a failed
        one back at its end); ``NextReviewItemListener``: the next card, or the review ends (the
        stored cards are removed, a starting screen opens)."""
        ui = ctx.ui
        result = ui["result"]
        ui["cards"] = [c for c in ui["cards"][1:]]
        if result is not None and not result["right"]:
            ui["cards"].append(result["card"])
        ui.update(page="input", result=None)
        if not ui["cards"]:
            ctx.data["remaining"] = None
            self._schedule(ctx)
            ctx.start_activity(START)

    def _not_know(self, ctx: AppContext) -> None:
        if ctx.ui["cards"] and ctx.ui["cards"][0]["mnemonic"]:
            ctx.ui["mnemonic"] = True
        else:
            ctx.toast("Flashcard has no mnemonic!")

    # -- flashcards ----------------------------------------------------------------------------
    def _rows(self, ctx: AppContext) -> list[dict[str, Any]]:
        """``getAllFlashCards``: every card by title, descending."""
        return sorted(ctx.data["cards"], key=lambda c: c["prompt"], reverse=True)

    def _open_edit(self, ctx: AppContext, card_id: int | None) -> None:
        ctx.start_activity(EDIT, {"card": card_id})

    def _save(self, ctx: AppContext) -> None:
        """``saveFlashCard``: title and meaning required; the list inserts or updates it."""
        form = ctx.ui["form"]
        title, meaning = form["title"], form["meaning"]
        if not title.strip() or not meaning.strip():
            ctx.toast("Insert a title and meaning!")
            return
        card_id = ctx.extras.get("card")
        data = ctx.data
        if card_id is None:
            data["cards"].append(_card(data["next_id"], title, meaning, form["mnemonic"], []))
            data["next_id"] += 1
            ctx.toast("FlashCard saved")
        else:
            for card in data["cards"]:
                if card["id"] == card_id:
                    card.update(prompt=title, meaning=meaning, mnemonic=form["mnemonic"])
            ctx.toast("FlashCard updated")
        ctx.finish()

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        act = ctx.activity
        if act == ONBOARDING:
            return self._onboarding(ctx)
        if act == START:
            return self._start(ctx)
        if act == REVIEW:
            return self._review(ctx)
        if act == MANAGE:
            return self._manage_screen(ctx)
        if act == EDIT:
            return self._edit(ctx)
        bar = w.toolbar("Settings", navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar, w.text_view("General", height=120)]))

    def _bar(self, title: str, actions: list[View], up: Any = None) -> View:
        nav = w.up_button(up) if up is not None else None
        return w.toolbar(title, navigation=nav, actions=actions, rid="action_bar")

    def _onboarding(self, ctx: AppContext) -> Screen:
        slide = ctx.ui["slide"]
        title, desc = SLIDES[slide]
        page = w.linear_layout(
            [
                w.image_view("titleImage", height=700),
                w.text_view(title, "texttitle", height=150),
                w.text_view(desc, "textdeccription", height=400),
            ]
        )
        pager = View(
            cls="androidx.viewpager.widget.ViewPager", resource_id="slideViewPager", children=[page]
        )
        dots = [w.text_view("•", width=60, height=100) for _ in SLIDES]
        back = w.button(
            "backbtn",
            "back",
            lambda c: c.ui.update(slide=max(0, c.ui["slide"] - 1)),
            width=300,
            enabled=slide > 0,
        )
        label = "next" if slide == 0 else ("DONE" if slide == len(SLIDES) - 1 else "NEXT")
        bottom = [back] if slide > 0 else []
        bottom += [
            w.linear_layout(dots, rid="indicator_layout", horizontal=True, width=300),
            w.button("nextbtn", label, self._next_slide, width=300),
        ]
        root = w.linear_layout(
            [
                w.button("skipButton", "Skip", self._to_start, width=300, height=150),
                pager,
                w.linear_layout(bottom, horizontal=True, height=160),
            ]
        )
        return Screen(content=root)

    def _start(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = self._bar(
            "Yokatta",
            [
                w.action_item("menu_item_allow_sound", "sound on", self._toggle_sound),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        # PREFS_LAST_LAUNCHED, shown as dd/MM/yyyy HH:mm (a fixed time stands for the clock).
        info = "Welcome, nice to meet you!" if ui["welcome"] else "Last visited: \t13/09/2022 10:00"
        count = self._count_text(ctx)
        column = [
            w.text_view(count, "tv_reviewItemCount", height=150),
            w.text_view(info, "tv_lastLaunchedInfo", height=100),
        ]
        if count != "No reviews available yet.":
            column.append(
                w.button(
                    "btn_startReview",
                    "Review",
                    lambda c: c.start_activity(REVIEW),
                )
            )
        column += [
            w.text_view("Most recent reviews:", "tv_chartTopInfo", height=100),
            w.frame_layout(
                [View(cls="android.view.View", resource_id="chart")], rid="chartContainer"
            ),
        ]
        windows = []
        if ui["menu"]:
            windows.append(
                w.menu_window(
                    [
                        ("Settings", w.bind(self._menu_pick, SETTINGS)),
                        ("Manage flashCards", w.bind(self._menu_pick, MANAGE)),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        return Screen(content=w.linear_layout([bar, *column]), windows=windows)

    def _review(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = self._bar("Review", [], up=self._leave_review)
        progress = f"{ui['correct']}/{ui['total']}"
        if ui["page"] == "result":
            result = ui["result"]
            card = result["card"]
            card_view = w.relative_layout(
                [
                    w.text_view(progress, "tv_reviewProgress", height=80),
                    w.text_view(card["prompt"], "tv_question", height=300),
                    w.button("btn_nextTop", "NEXT", self._next, width=300),
                ],
                rid="cardView",
                height=600,
            )
            body = [
                card_view,
                w.text_view("vocabulary meaning", "tv_voc_meaning", height=100),
                w.text_view("correct" if result["right"] else "wrong", "tv_answerResult"),
                w.text_view("Streak:", "tv_streak", height=90),
                w.text_view(card["meaning"], "tv_answerMeaningField", height=100),
                w.text_view("My synonoyms:", "tv_mySynonymTitle", height=90),
                w.text_view(", ".join(card["synonyms"]), "tv_mySynonym", height=90),
                w.button("btn_nextBottom", "NEXT", self._next),
                w.text_view("Mnemonics:", "tv_mnemonicTitle", height=90),
                w.text_view(card["mnemonic"], "tv_mnemonic", height=90),
            ]
            content = w.linear_layout(body, rid="fragment_two")
        else:
            prompt = ui["cards"][0]["prompt"] if ui["cards"] else ""
            card_view = w.relative_layout(
                [
                    w.text_view(progress, "tv_reviewProgress", height=80),
                    w.text_view(prompt, "tv_question", height=300),
                    w.linear_layout(
                        [
                            w.button("btn_submit", "SUBMIT", self._submit),
                            w.button("btn_notKnow", "DON'T KNOW", self._not_know),
                        ],
                        horizontal=True,
                        height=150,
                    ),
                ],
                rid="cardView",
                height=600,
            )
            field = w.edit_text(
                "et_reviewAnswer",
                ui["answer"],
                lambda c, t: c.ui.update(answer=t, shake=False),
                hint="Your response",
            )
            content = w.linear_layout(
                [card_view, w.text_view("Vocabulary Meaning", "tv_voc_meaning", height=100), field],
                rid="fragment_one",
            )
        pager = View(
            cls="androidx.viewpager2.widget.ViewPager2", resource_id="pager", children=[content]
        )
        windows = []
        if ui["mnemonic"]:

            def close(c: AppContext) -> None:
                c.ui["mnemonic"] = False

            windows.append(
                w.confirm_dialog(
                    "Mnemonic:", ui["cards"][0]["mnemonic"], ("OK", close), None, close
                )
            )
        return Screen(content=w.linear_layout([bar, pager]), windows=windows)

    def _manage_screen(self, ctx: AppContext) -> Screen:
        bar = self._bar(
            "Overview total flashCards",
            [
                w.action_item("search_cards", "Search", None),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
            up=w.finish,
        )
        rows = [
            w.frame_layout(
                [
                    w.relative_layout(
                        [
                            w.text_view(card["prompt"], "text_view_title", height=110),
                            w.text_view(card["meaning"], "text_view_meaning", height=100),
                        ]
                    )
                ],
                height=ROW_HEIGHT,
                on_click=w.bind(self._open_edit, card["id"]),
            )
            for card in self._rows(ctx)
        ]
        listing = w.list_view(
            rows, rid="recycler_view", cls="androidx.recyclerview.widget.RecyclerView"
        )
        add = w.fab("button_add_flashCard", "", w.bind(self._open_edit, None))
        body = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            layout=FRAME,
            children=[listing, add],
        )
        windows: list[Window] = []
        if ctx.ui["menu"]:
            windows.append(
                w.menu_window(
                    [("Export flashcards", lambda c: c.ui.update(menu=False))],
                    lambda c: c.ui.update(menu=False),
                )
            )
        return Screen(content=w.linear_layout([bar, body]), windows=windows)

    def _edit(self, ctx: AppContext) -> Screen:
        form = ctx.ui["form"]
        card_id = ctx.extras.get("card")

        def field(rid: str, key: str, hint: str) -> View:
            return w.edit_text(rid, form[key], lambda c, t: form.update({key: t}), hint=hint)

        title = "Add FlashCard" if card_id is None else "Edit FlashCard"
        bar = self._bar(title, [w.action_item("save_flashCard", "Save", self._save)], up=w.finish)
        column = [
            w.text_view("FlashCard", "addCategoryFlashCard", height=100),
            field("edit_text_title", "title", "Title: (front)"),
            field("edit_text_meaning", "meaning", "Meaning: (back)"),
            w.text_view("Mnemonics", "addMCategoryMnemonics", height=100),
            field("edit_text_mnemonics", "mnemonic", "Insert here..."),
            w.text_view("Synonym", "addCategorySynonym", height=100),
            w.linear_layout(
                [
                    w.image_button("btn_add_synonym", "", None, width=130),
                    field("edit_text_synonym", "synonym", "add synonym..."),
                    w.text_view("add", "tv_add_synonym", width=150),
                ],
                horizontal=True,
                height=150,
            ),
            w.text_view("Record Pronunciation", "addCategoryRecord", height=100),
            w.text_view("Nothing recorded yet", "tv_add_recording", height=100),
            w.linear_layout(
                [
                    w.button("btn_record_audio", "REC.", None),
                    w.button("btn_stop_recording", "stop", None),
                    w.button("btn_play_recording", "play", None),
                ],
                horizontal=True,
                height=150,
            ),
        ]
        root = w.linear_layout(
            [bar, w.scroll_view([w.linear_layout(column)], rid="cl_root_layout")]
        )
        return Screen(content=root)


def _distance(a: str, b: str) -> int:
    """Levenshtein distance (``toolbox/Levenshtein``)."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG: [
        # The review never interrupted: the new card is loaded from the database.
        [SKIP, *_manage(), *_add(), UP, START_REVIEW],
        # Interrupted and resumed with no change to the cards: the stored cards are right.
        [SKIP, START_REVIEW, LEAVE_REVIEW, START_REVIEW],
        # Interrupted, the list opened and left without adding (Back from the add screen).
        [
            SKIP,
            START_REVIEW,
            LEAVE_REVIEW,
            *_manage(),
            click(PACKAGE, "button_add_flashCard"),
            {"kind": "press_back"},
            UP,
            START_REVIEW,
        ],
        # The card added after the interruption, but the review not started again.
        [SKIP, START_REVIEW, LEAVE_REVIEW, *_manage(), *_add(), UP],
    ],
}
