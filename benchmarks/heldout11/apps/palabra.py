"""Palabra 1.0 (de.palabra.palabra), a vocabulary trainer: lessons ("Lektions") of word pairs,
learnt in a three-choice quiz.

Source read: github.com/Erik-Donath/Palabra at commit 780db40 (2025-06-18, versionName "1.0",
the tree the report was filed against); fix commits be59a08 and b7278a8.

Bug Palabra#19 (non-crash): ``ResultFragment.onViewCreated`` fills ``resultText`` ("Correct!" /
"Wrong!"), ``wordText`` (the asked word) and ``pickedOptionText`` ("Your Choise: %1$s", the
picked option) only; ``fragment_result.xml`` has no view for the right option, so after a wrong
pick the screen never tells which option was right. The fix adds ``correctOptionText``
("Correct solution: %1$s") and drops the word.

Modelled: MainActivity (License, score, Lektions/Smart/All), LektionActivity (home, search,
import, add lesson; cards that expand on a tap with export/add vocab/delete and the vocab rows),
the add-lesson and add-vocab dialogs, LearnActivity's guess and result fragments, the score the
result writes (correct/wrong counts of the vocab).
Stubbed: LicenseActivity (its text), the vocab-list dialog (word rows and Close), export and
import (a toast; no file pickers), search (filters the titles).
Uncertain / fixed: ``VocabProvider`` shuffles the vocabs and places the right option at a random
index; the model keeps the lesson's order and puts the right option at ``index % options`` (the
first vocab asked has its right option first), the distractors being the other translations in
insertion order. The language spinners keep their first entry ("English (GB)"). No network.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PKG = "de.palabra.palabra"
MAIN = ".ui.MainActivity"
LEKTION = ".ui.LektionActivity"
LEARN = ".ui.LearnActivity"
LICENSE = ".ui.LicenseActivity"
LANG_NAMES = ["English (GB)", "Spanish", "French", "German", "Italian"]
LANG_CODES = ["en", "es", "fr", "de", "it"]


def wrong_result_hides_solution(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Palabra#19: a result screen was shown for a wrong pick without the right option on it."""
    return any(not r["correct"] and not r["solution_shown"] for r in data["results_shown"])


def _human_steps() -> tuple[dict[str, Any], ...]:
    return (
        click(PKG, "lektionBtn", "Lektions"),
        click(PKG, "addLektionBtn", desc="Add Lektion"),
        input_text(PKG, "editTitle", "Spanish 1", hint="Title"),
        click(PKG, "btnAdd", "Add"),
        click(PKG, "lektionCard"),
        click(PKG, "addVocabBtn", desc="Add Vocab"),
        input_text(PKG, "editFromWord", "hola", hint="From Word"),
        input_text(PKG, "editToWord", "hello", hint="To Word"),
        click(PKG, "btnAdd", "Add"),
        click(PKG, "addVocabBtn", desc="Add Vocab"),
        input_text(PKG, "editFromWord", "perro", hint="From Word"),
        input_text(PKG, "editToWord", "dog", hint="To Word"),
        click(PKG, "btnAdd", "Add"),
        click(PKG, "playBtn", desc="Play"),
        click(PKG, "option2", "dog"),
    )


HUMAN = _human_steps()


class Palabra(VirtualApp):
    """Palabra 1.0: lessons of vocab pairs and a three-choice quiz."""

    name: ClassVar[str] = "Palabra"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Palabra"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Palabra#19",
            "non-crash",
            "Correct word not showing in result View",
            wrong_result_hides_solution,
            human_steps=HUMAN,
        ),
    )

    shows_solution: ClassVar[bool] = False

    def initial_data(self) -> dict[str, Any]:
        return {"lektions": [], "vocabs": [], "next_id": 1, "results_shown": []}

    # -- data -------------------------------------------------------------------------------
    def _new_id(self, ctx: AppContext) -> int:
        n = int(ctx.data["next_id"])
        ctx.data["next_id"] = n + 1
        return n

    def _vocabs(self, ctx: AppContext, lektion_id: int | None) -> list[dict[str, Any]]:
        return [v for v in ctx.data["vocabs"] if lektion_id is None or v["lektion"] == lektion_id]

    def _quiz(self, vocabs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """VocabProvider.generateQuizData with its shuffles fixed (see the docstring)."""
        answers: list[str] = []
        for v in vocabs:
            if v["to"] not in answers:
                answers.append(v["to"])
        quiz = []
        for i, v in enumerate(vocabs):
            options = [a for a in answers if a != v["to"]][:2]
            correct = i % (len(options) + 1)
            options.insert(correct, v["to"])
            quiz.append(
                {"id": v["id"], "word": v["word"], "solutions": options, "correct": correct}
            )
        return quiz

    def _learn(self, ctx: AppContext, lektion_id: int | None) -> None:
        vocabs = self._vocabs(ctx, lektion_id)
        if not vocabs:
            ctx.toast("Keine Vokabeln um zu lernen")
            return
        ctx.start_activity(LEARN, {"quiz": self._quiz(vocabs)})

    def _smart(self, ctx: AppContext) -> None:
        def ratio(v: dict[str, Any]) -> float:
            total = v["correct"] + v["wrong"]
            return 0.0 if total == 0 else v["wrong"] / total

        vocabs = sorted(self._vocabs(ctx, None), key=ratio, reverse=True)[:25]
        if not vocabs:
            ctx.toast("Keine Vokabeln um zu lernen")
            return
        ctx.start_activity(LEARN, {"quiz": self._quiz(vocabs)})

    # -- handlers ---------------------------------------------------------------------------
    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui[key] = value

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.ui["spinner"] = None

    def _add_lektion(self, ctx: AppContext) -> None:
        d = ctx.ui["dialog"]
        title = d["title"].strip()
        if not title:
            d["error"] = "Title required"
            return
        ctx.data["lektions"].append(
            {
                "id": self._new_id(ctx),
                "title": title,
                "from": LANG_CODES[d["from"]],
                "to": LANG_CODES[d["to"]],
                "description": d["description"].strip(),
            }
        )
        self._close_dialog(ctx)

    def _add_vocab(self, ctx: AppContext) -> None:
        d = ctx.ui["dialog"]
        word, to = d["from_word"].strip(), d["to_word"].strip()
        if not word or not to:
            d["error"] = "Required"
            return
        ctx.data["vocabs"].append(
            {
                "id": self._new_id(ctx),
                "lektion": d["lektion"],
                "word": word,
                "to": to,
                "correct": 0,
                "wrong": 0,
            }
        )
        self._close_dialog(ctx)

    def _choose_lang(self, ctx: AppContext, index: int) -> None:
        ctx.ui["dialog"][ctx.ui["spinner"]] = index
        ctx.ui["spinner"] = None

    def _toggle(self, ctx: AppContext, lektion_id: int) -> None:
        expanded = ctx.ui.setdefault("expanded", [])
        w.toggle(expanded, lektion_id)

    def _delete_lektion(self, ctx: AppContext, lektion_id: int) -> None:
        ctx.data["lektions"] = [x for x in ctx.data["lektions"] if x["id"] != lektion_id]
        ctx.data["vocabs"] = [v for v in ctx.data["vocabs"] if v["lektion"] != lektion_id]

    def _delete_vocab(self, ctx: AppContext, vocab_id: int) -> None:
        ctx.data["vocabs"] = [v for v in ctx.data["vocabs"] if v["id"] != vocab_id]

    def _pick(self, ctx: AppContext, idx: int) -> None:
        guess = ctx.extras["quiz"][ctx.ui.get("index", 0)]
        correct = idx == guess["correct"]
        ctx.ui["result"] = {"picked": idx, "correct": correct}
        for v in ctx.data["vocabs"]:
            if v["id"] == guess["id"]:
                v["correct" if correct else "wrong"] += 1
        ctx.data["results_shown"].append(
            {"correct": correct, "solution_shown": self.shows_solution}
        )

    def _next(self, ctx: AppContext) -> None:
        ctx.ui["result"] = None
        ctx.ui["index"] = ctx.ui.get("index", 0) + 1
        if ctx.ui["index"] >= len(ctx.extras["quiz"]):
            ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == LEARN and ctx.ui.get("result"):
            ctx.ui["result"] = None  # the nav graph pops back to the guess
            return True
        return False

    # -- screens ----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == LEKTION:
            return self._lektions(ctx)
        if ctx.activity == LEARN:
            return self._learn_screen(ctx)
        if ctx.activity == LICENSE:
            license_text = w.text_view("MIT License", "licenseText")
            return Screen(content=w.child_page("License", [license_text]))
        return self._main(ctx)

    def _main(self, ctx: AppContext) -> Screen:
        right = sum(v["correct"] for v in ctx.data["vocabs"])
        total = right + sum(v["wrong"] for v in ctx.data["vocabs"])
        score = (
            "Score: 0% (0/0)"
            if total == 0
            else f"Score: {round(right / total * 100)}% ({right}/{total})"
        )
        card = w.frame_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(score, "score"),
                        w.button("lektionBtn", "Lektions", w.bind(ctx_start, LEKTION)),
                        w.button("smartBtn", "Smart", self._smart),
                        w.button("allBtn", "All", w.bind(self._learn, None)),
                    ],
                    weight=0,
                )
            ],
            weight=0,
        )
        content = View(
            cls="android.view.ViewGroup",
            resource_id="main",
            children=[
                w.button("settingsBtn", "License", w.bind(ctx_start, LICENSE), width=300),
                w.linear_layout([w.image_view("imageStar", "Star", height=500), card]),
            ],
        )
        return Screen(content=content)

    def _lektion_card(self, ctx: AppContext, lek: dict[str, Any]) -> View:
        lid = lek["id"]
        head = w.linear_layout(
            [
                w.image_view("flagImage", "Flag", width=150),
                w.linear_layout(
                    [
                        w.text_view(lek["title"], "titleText"),
                        w.text_view(f"{lek['from']} → {lek['to']}", "languagesText"),
                    ]
                ),
                w.image_button("playBtn", "Play", w.bind(self._learn, lid), width=147),
            ],
            horizontal=True,
            height=230,
        )
        children = [head]
        if lid in ctx.ui.get("expanded", []):
            rows = [
                w.linear_layout(
                    [
                        w.text_view(v["word"], "wordText"),
                        w.text_view(v["to"], "toWordText"),
                        w.text_view(str(v["correct"]), "correctCountText", width=90),
                        w.text_view(str(v["wrong"]), "wrongCountText", width=90),
                        w.image_button(
                            "deleteVocabBtn",
                            "Delete Vocab",
                            w.bind(self._delete_vocab, v["id"]),
                            width=147,
                        ),
                    ],
                    horizontal=True,
                    height=130,
                )
                for v in self._vocabs(ctx, lid)
            ]
            buttons = w.linear_layout(
                [
                    w.image_button("exportLektionBtn", "Export", w.bind(ctx_toast, "Export")),
                    w.image_button(
                        "addVocabBtn",
                        "Add Vocab",
                        w.bind(
                            self._set,
                            "dialog",
                            {
                                "kind": "vocab",
                                "lektion": lid,
                                "from_word": "",
                                "to_word": "",
                                "error": "",
                            },
                        ),
                    ),
                    w.image_button(
                        "deleteLektionBtn", "Delete Lektion", w.bind(self._delete_lektion, lid)
                    ),
                ],
                horizontal=True,
                height=147,
            )
            children.append(
                w.linear_layout(
                    [
                        w.text_view(lek["description"], "descriptionText"),
                        buttons,
                        w.linear_layout(rows, rid="vocabList", weight=0),
                    ],
                    rid="expansionLayout",
                    weight=0,
                )
            )
        return w.frame_layout(
            [w.linear_layout(children, weight=0)],
            rid="lektionCard",
            on_click=w.bind(self._toggle, lid),
            weight=0,
        )

    def _lektions(self, ctx: AppContext) -> Screen:
        query = ctx.ui.get("query", "").lower()
        leks = [x for x in ctx.data["lektions"] if query in x["title"].lower()]
        bar = w.linear_layout(
            [
                w.image_button("homeBtn", "Home", w.finish, width=147),
                View(
                    cls="android.widget.SearchView",
                    resource_id="searchView",
                    layout=HORIZONTAL,
                    children=[
                        w.image_view("android:id/search_mag_icon", width=100),
                        w.edit_text(
                            "android:id/search_src_text",
                            ctx.ui.get("query", ""),
                            lambda c, t: self._set(c, "query", t),
                            hint="Lektion suchen",
                            cls="android.widget.SearchView$SearchAutoComplete",
                        ),
                    ],
                ),
                w.image_button(
                    "importLektionBtn", "Import", w.bind(ctx_toast, "Import"), width=147
                ),
                w.image_button(
                    "addLektionBtn",
                    "Add Lektion",
                    w.bind(
                        self._set,
                        "dialog",
                        {
                            "kind": "lektion",
                            "title": "",
                            "from": 0,
                            "to": 0,
                            "description": "",
                            "error": "",
                        },
                    ),
                    width=147,
                ),
            ],
            horizontal=True,
            height=160,
        )
        recycler = w.list_view(
            [self._lektion_card(ctx, x) for x in leks],
            rid="lektionRecycler",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="scroll",
        )
        windows = []
        dialog = ctx.ui.get("dialog")
        if dialog and dialog["kind"] == "lektion":
            windows.append(self._lektion_dialog(ctx, dialog))
        elif dialog and dialog["kind"] == "vocab":
            windows.append(self._vocab_dialog(dialog))
        if dialog and ctx.ui.get("spinner"):
            windows.append(
                w.spinner_dropdown(
                    LANG_NAMES,
                    dialog[ctx.ui["spinner"]],
                    self._choose_lang,
                    w.bind(self._set, "spinner", None),
                )
            )
        return Screen(content=w.linear_layout([bar, recycler], rid="lektion"), windows=windows)

    def _field(self, d: dict[str, Any], rid: str, key: str, hint: str) -> View:
        def typed(ctx: AppContext, text: str) -> None:
            ctx.ui["dialog"][key] = text

        return w.edit_text(rid, d[key], typed, hint=hint)

    def _dialog_buttons(self, add: Any) -> View:
        return w.linear_layout(
            [
                w.button("btnCancel", "Cancel", self._close_dialog),
                w.button("btnAdd", "Add", add),
            ],
            horizontal=True,
            height=140,
        )

    def _lektion_dialog(self, ctx: AppContext, d: dict[str, Any]) -> Window:
        body = w.linear_layout(
            [
                w.text_view("Add Lektion"),
                self._field(d, "editTitle", "title", "Title"),
                w.spinner(
                    "spinnerFromLang", LANG_NAMES[d["from"]], w.bind(self._set, "spinner", "from")
                ),
                w.spinner("spinnerToLang", LANG_NAMES[d["to"]], w.bind(self._set, "spinner", "to")),
                w.image_view("flagToLang", height=100),
                self._field(d, "editDescription", "description", "Description"),
                *([w.text_view(d["error"], "android:id/error")] if d["error"] else []),
                self._dialog_buttons(self._add_lektion),
            ],
            weight=0,
        )
        return Window(root=body, on_dismiss=self._close_dialog)

    def _vocab_dialog(self, d: dict[str, Any]) -> Window:
        body = w.linear_layout(
            [
                w.text_view("Add Vocab"),
                self._field(d, "editFromWord", "from_word", "From Word"),
                self._field(d, "editToWord", "to_word", "To Word"),
                *([w.text_view(d["error"], "android:id/error")] if d["error"] else []),
                self._dialog_buttons(self._add_vocab),
            ],
            weight=0,
        )
        return Window(root=body, on_dismiss=self._close_dialog)

    def _result_views(self, guess: dict[str, Any], result: dict[str, Any]) -> list[View]:
        picked = guess["solutions"][result["picked"]]
        return [
            w.text_view("Correct!" if result["correct"] else "Wrong!", "resultText"),
            w.text_view(guess["word"], "wordText"),
            w.text_view(f"Your Choise: {picked}", "pickedOptionText"),
        ]

    def _learn_screen(self, ctx: AppContext) -> Screen:
        quiz = ctx.extras["quiz"]
        guess = quiz[min(ctx.ui.get("index", 0), len(quiz) - 1)]
        top = w.linear_layout(
            [
                w.image_button("homeBtn", "Home", w.finish, width=147),
                View(cls="android.view.View"),
                w.image_button(
                    "listBtn", "Vocab list", w.bind(self._set, "list_open", True), width=147
                ),
            ],
            horizontal=True,
            height=160,
        )
        result = ctx.ui.get("result")
        if result:
            page = w.linear_layout(
                [
                    *self._result_views(guess, result),
                    w.linear_layout(
                        [w.button("nextButton", "Next", self._next)], horizontal=True, height=160
                    ),
                ]
            )
        else:
            page = w.linear_layout(
                [
                    w.text_view(guess["word"], "wordText", height=300),
                    *[
                        w.button(f"option{i + 1}", text, w.bind(self._pick, i))
                        for i, text in enumerate(guess["solutions"])
                    ],
                ]
            )
        host = w.frame_layout([page], rid="learn_nav_host")
        windows = []
        if ctx.ui.get("list_open"):
            rows = [w.list_row(g["word"], ", ".join(g["solutions"])) for g in quiz]
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Vocab list"),
                    [w.list_view(rows)],
                    w.dialog_buttons(("Close", w.bind(self._set, "list_open", False))),
                    w.bind(self._set, "list_open", False),
                )
            )
        return Screen(content=w.linear_layout([top, host], rid="learn"), windows=windows)


def ctx_start(ctx: AppContext, activity: str) -> None:
    ctx.start_activity(activity)


def ctx_toast(ctx: AppContext, text: str) -> None:
    ctx.toast(text)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    # picking the right option
    "Palabra#19": [
        [*HUMAN[:-1], click(PKG, "option1", "hello")],
        # only one vocab: the quiz offers only its own translation
        [*HUMAN[:9], click(PKG, "playBtn", desc="Play"), click(PKG, "option1", "hello")],
        # the quiz never started (Play left out)
        [*HUMAN[:13], click(PKG, "lektionCard")],
        # All instead of the lesson's Play, right answer picked
        [
            *HUMAN[:13],
            click(PKG, "homeBtn", desc="Home"),
            click(PKG, "allBtn", "All"),
            click(PKG, "option1", "hello"),
        ],
    ],
}
