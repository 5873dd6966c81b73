"""Byheart (``nl.bryanderidder.byheart``, github.com/Bryanx/byheart) 2.3.5, for byheart#15.

Modelled from the sources at commit ``7044e72`` (2023-01-15, "Update deps", the last commit
before the report of 2024-09-13; ``byheart-android/app/build.gradle`` says versionName 2.3.5,
versionCode 26): ``AndroidManifest.xml``, ``SplashScreenActivity.kt``, ``MainActivity.kt``,
``BaseActivity.kt``, ``pile/PileFragment.kt``, ``pile/PileListAdapter.kt``,
``card/CardFragment.kt``, ``card/CardListAdapter.kt``, ``rehearsal/RehearsalFragment.kt``,
``RehearsalTypedFragment.kt``, ``RehearsalMemoryFragment.kt``,
``RehearsalMultipleChoiceFragment.kt``, ``RehearsalViewModel.kt``,
``rehearsal/setup/RehearsalSetupFragment.kt``, ``shared/Preferences.kt``,
``shared/ExtensionMethods.kt``, ``shared/database/CardDatabase.kt`` and ``InitialData.kt``, and
the layouts ``activity_main``, ``content_piles``, ``item_pile``, ``content_card``, ``item_card``,
``content_rehearsal_setup``, ``content_rehearsal_typed``, ``content_rehearsal_memory``,
``content_rehearsal_multiple_choice``, ``view_rehearsal_card``, the menus ``main_menu``,
``pile_menu``, ``rehearsal_menu`` and ``res/values/strings.xml``.

- the launcher's ``SplashScreenActivity`` starts ``MainActivity`` and finishes. ``MainActivity``
  is one activity of fragments under the ``toolbar``: the piles screen ("My card stacks", actions
  "Dark mode" and "Settings", the ``recyclerviewPiles`` grid of ``cvPile`` cards with
  ``tvPileFront``, ``tvCardsCount`` "<n> CARDS", and the ``addPileBtn`` FAB). The first start
  fills the database with the stacks French (6 cards), Capitals (9), Periodic table (86) and Your
  pile (0), and sets the rehearsal mode preference to typed mode;
- tapping a stack opens ``CardFragment``: up arrow, overflow (Sort, Edit stack, Delete stack,
  Export CSV), the stack name (``content_card_title``), the FABs ``buttonPlay``, ``buttonAdd``,
  ``buttonShare`` and the ``recyclerview`` of ``cvCard`` cards (``tvFront``, ``tvBack``,
  ``tvCorrectPercentage``). ``buttonPlay`` opens the ``RehearsalSetupFragment`` bottom sheet:
  "Start practicing", the switches Reverse cards / Pronounce cards / Shuffle cards / Repeat wrong
  answers, the mode buttons Multiple choice / Typed mode / Memory mode, the mode description and
  "Start";
- the rehearsal fragments share ``rehearsalCounter`` ("<i>/<n>"), the ``rehearsalCard``
  (``tvCardFront``; ``tvCardBack`` once turned) and the overflow of ``rehearsal_menu``. Typed mode:
  ``etInput`` ("Type your answer") and ``btnGo`` "GO" (or Enter); memory mode: tapping
  ``rehearsalLayout`` turns the card and shows the ``cardBtnCorrect``/``cardBtnFalse`` FABs;
  multiple choice: four answers ``btnAnswerText1``-``4``. After the last card the result screen
  (stub); Back (or the up arrow) returns to the stack's cards and stores the answered counts;
- edit screens, settings, about, sharing/login, sounds and text to speech are stubs or left out.

The bug (byheart#15, open, no fix): the rehearsal's position is the field ``cardIndex`` of the
``RehearsalFragment`` instance, never saved. On rotation the activity is re-created and the
fragment manager re-creates the rehearsal fragment (``MainActivity.checkFileOpening`` only adds
``PileFragment`` when no fragment exists), whose ``onCreateView`` reads the cards again with
``cardIndex = 0`` and calls ``rehearsalViewModel.reset()``: the rehearsal is back at card 1
("1/<n>") and its score is zeroed. The oracle: a rehearsal is showing an earlier card than the
one it had reached (the model's bookkeeping ``data["rehearsal"]``, cleared when a rehearsal is
started, restarted or left).

Modelling choices and uncertainty: the flip and slide animations and the answer delays
(``postDelayed``) are not modelled: an answer moves to the next card at once, as when the user
waits; shuffling is not modelled (cards stay in their stored order); multiple choice fills the
three other answers from the next cards instead of random ones, the right one first; the device
locale is English (the stacks' English names and cards). No network content (sharing needs a
login and is a stub).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "nl.bryanderidder.byheart"
SPLASH = ".SplashScreenActivity"
MAIN = ".MainActivity"
SETTINGS = ".settings.SettingsActivity"

TYPED, MEMORY, CHOICE = "typed", "memory", "multiple_choice"
MODE_TITLES = {CHOICE: "Multiple choice", TYPED: "Typed mode", MEMORY: "Memory mode"}
MODE_IDS = {CHOICE: "btnMultipleChoice", TYPED: "btnTyped", MEMORY: "btnMemory"}
MODE_DESCRIPTIONS = {
    CHOICE: "Pick the right answer out of four different cards.",
    TYPED: "Type the correct answer for each card.",
    MEMORY: "Practice by yourself. Check whether you were thinking of the correct answer.",
}
SWITCHES = (
    ("crsReverse", "Reverse cards", "reverse"),
    ("crsPronounce", "Pronounce cards", "pronounce"),
    ("crsShuffle", "Shuffle cards", "shuffle"),
    ("crsRepeatWrong", "Repeat wrong answers", "repeat_wrong"),
)

FRENCH = [
    ("Hello", "Bonjour"),
    ("Have", "Avoir"),
    ("Fun", "Amusement"),
    ("Using", "Utiliser"),
    ("This", "Cette"),
    ("App", "Application"),
]
CAPITALS = [
    ("France", "Paris"),
    ("Germany", "Berlin"),
    ("Russia", "Moscow"),
    ("Turkey", "Istanbul"),
    ("United Kingdom", "London"),
    ("Brazil", "Brasilia"),
    ("Indonesia", "Jakarta"),
    ("Japan", "Tokyo"),
    ("Libya", "Tripoli"),
]
# InitialData.getPeriodicTable (English): symbol:name pairs.
ELEMENTS = (
    "H:Hydrogen He:Helium Li:Lythium Be:Beryllium B:Boron C:Carbon N:Nitrogen O:Oxygen "
    "F:Fluorine Ne:Neon Na:Sodium Mg:Magnesium Al:Aluminium Si:Silicon P:Phosphorus S:Sulfur "
    "Ar:Argon K:Potassium Ca:Calcium Sc:Scandium Ti:Titanium V:Vanadium Cr:Chromium "
    "Mn:Manganese Fe:Iron Co:Cobalt Ni:Nickel Cu:Copper Zn:Zinc Ga:Gallium Ge:Germanium "
    "As:Arsenic Se:Selenium Br:Bromine Kr:Krypton Rb:Rubidium Sr:Strontium Y:Yttrium "
    "Zr:Zirconium Nb:Niobium Mo:Molybdenum Tc:Technetium Ru:Ruthenium Rh:Rhodium Pd:Palladium "
    "Ag:Silver Cd:Cadmium In:Indium Sn:Tin Te:Tellurium I:Iodine Xe:Xenon Cs:Caesium Ba:Barium "
    "Lu:Lutetium Hf:Hafnium Ta:Tantalum W:Tungsten Re:Rhenium Os:Osmium Ir:Iridium "
    "Pt:Platinum Au:Gold Hg:Mercury Tl:Thallium Pb:Lead Bi:Bismuth Po:Polonium At:Astatine "
    "Rn:Radon Fr:Francium Ra:Radium Lr:Lawrencium Rf:Rutherfordium Db:Dubnium Sg:Seaborgium "
    "Bh:Bohrium Hs:Hassium Mt:Meitnerium Ds:Darmstadtium Cn:Copernicium Nh:Nihonium "
    "Fl:Flerovium Mc:Moscovium Lv:Livermorium Og:Oganesson"
)


def _cards(pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
    return [{"q": q, "a": a, "correct": 0, "false": 0} for q, a in pairs]


def _progress_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of byheart#15: the rehearsal shows an earlier card than it had reached."""
    run = data.get("rehearsal") or {}
    return bool(run) and bool(run["index"] < run["reached"])


def _themed_button(
    rid: str, text: str, handler: Any, *, selected: bool = False, height: int = 380
) -> View:
    """A ThemedButton (themedtogglebuttongroup): a clickable ConstraintLayout holding its
    ``tvText`` label."""
    return View(
        cls="android.view.ViewGroup",
        resource_id=rid,
        selected=selected,
        on_click=handler,
        height=height,
        children=[w.text_view(text, "tvText", height=height)],
    )


def _answer(text: str) -> list[dict[str, Any]]:
    return [input_text(PACKAGE, "etInput", text, hint="Type your answer"), click(PACKAGE, "btnGo")]


_START = [
    click(PACKAGE, "tvPileFront", "French"),
    click(PACKAGE, "buttonPlay"),
    click(PACKAGE, "crsStart"),
]
_TWO_ANSWERS = [*_START, *_answer("bonjour"), *_answer("avoir")]
ROTATE_LAND = {"kind": "rotate", "orientation": "landscape"}
ROTATE_PORT = {"kind": "rotate", "orientation": "portrait"}

HUMAN_STEPS: tuple[dict[str, Any], ...] = (*_TWO_ANSWERS, ROTATE_LAND, ROTATE_PORT)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "byheart#15": [
        # answering without rotating
        list(_TWO_ANSWERS),
        # rotating before any answer
        [*_START, ROTATE_LAND, ROTATE_PORT],
        # leaving the rehearsal (the up arrow) before rotating
        [*_TWO_ANSWERS, click(PACKAGE, "", desc="Navigate up"), ROTATE_LAND, ROTATE_PORT],
        # rotating on the stack's cards, then practicing
        [
            click(PACKAGE, "tvPileFront", "French"),
            ROTATE_LAND,
            ROTATE_PORT,
            click(PACKAGE, "buttonPlay"),
            click(PACKAGE, "crsStart"),
            *_answer("bonjour"),
            *_answer("avoir"),
        ],
    ],
}


class Byheart(VirtualApp):
    """Byheart 2.3.5: stacks of flashcards and three rehearsal modes, in one activity."""

    name: ClassVar[str] = "byheart"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Byheart"
    version: ClassVar[str] = "2.3.5"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "byheart#15",
            "non-crash",
            "Progress keeps getting lost",
            _progress_lost,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        elements = [tuple(p.split(":", 1)) for p in ELEMENTS.split()]
        return {
            "first_start": True,
            "prefs": {
                "mode": None,
                "reverse": False,
                "pronounce": False,
                "shuffle": False,
                "repeat_wrong": False,
                "result_sounds": False,
                "dark_mode": False,
            },
            "piles": [
                {"id": 1, "name": "French", "cards": _cards(FRENCH)},
                {"id": 2, "name": "Capitals", "cards": _cards(CAPITALS)},
                {"id": 3, "name": "Periodic table", "cards": _cards(elements)},  # type: ignore[arg-type]
                {"id": 4, "name": "Your pile", "cards": []},
            ],
            "rehearsal": None,
        }

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            if ctx.data["first_start"]:  # CardDatabase.isFirstStart
                ctx.data["first_start"] = False
                ctx.data["prefs"]["mode"] = TYPED
            ctx.start_activity(MAIN)
            ctx.finish()
            return
        if ctx.activity != MAIN:
            return
        ui = ctx.ui
        if "frag" not in ui:  # a new activity: checkFileOpening adds PileFragment
            ui.update(frag="piles", pile=0, sheet=False)
            ctx.data["rehearsal"] = None
        ui.setdefault("menu", False)
        if ui["frag"] == "rehearsal" and "index" not in ui:
            # The fragment manager re-creates the rehearsal fragment: a new instance, its
            # cardIndex 0, the view model's score reset (the bug).
            self._new_rehearsal_view(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # Fragments (and the setup bottom sheet) and the activity's view models survive; the
        # fragment's own fields (cardIndex, the typed text) do not.
        keep = ("frag", "pile", "sheet")
        return {k: ctx.ui[k] for k in keep if k in ctx.ui}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        ui = ctx.ui
        if ui.get("menu"):
            ui["menu"] = False
        elif ui.get("sheet"):
            ui["sheet"] = False
        elif ui["frag"] == "rehearsal":
            self._leave_rehearsal(ctx)
        elif ui["frag"] in ("cards", "result", "edit_pile"):
            ui["frag"] = "piles" if ui["frag"] != "result" else "cards"
        elif ui["frag"] == "edit_card":
            ui["frag"] = "cards"
        else:
            ctx.finish()  # PileFragment.onBackPressed: activity?.finish()
        return True

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if key == "enter" and ctx.ui.get("frag") == "rehearsal" and ctx.ui.get("mode") == TYPED:
            self._go(ctx)
            return True
        return False

    # -- helpers ---------------------------------------------------------------------------
    def _pile(self, ctx: AppContext) -> dict[str, Any]:
        for pile in ctx.data["piles"]:
            if pile["id"] == ctx.ui.get("pile"):
                return pile  # type: ignore[no-any-return]
        return {"id": 0, "name": "", "cards": []}

    def _new_rehearsal_view(self, ctx: AppContext) -> None:
        """``RehearsalFragment.onCreateView``: cards read in stored order, cardIndex 0."""
        mode = ctx.data["prefs"]["mode"] or CHOICE
        ctx.ui.update(mode=mode, index=0, input="", turned=False, wrong=[], results=[])
        run = ctx.data["rehearsal"]
        if run is None:
            run = ctx.data["rehearsal"] = {"pile": ctx.ui["pile"], "index": 0, "reached": 0}
        run["index"] = 0

    def _start_rehearsal(self, ctx: AppContext) -> None:
        ctx.ui.update(sheet=False, frag="rehearsal")
        ctx.data["rehearsal"] = None
        self._new_rehearsal_view(ctx)

    def _leave_rehearsal(self, ctx: AppContext) -> None:
        """``RehearsalFragment.onBackPressed``: the answered cards' counts are stored, then the
        stack's cards come back."""
        cards = self._pile(ctx)["cards"]
        for i, correct in enumerate(ctx.ui.get("results", [])):
            if i < len(cards):
                cards[i]["correct" if correct else "false"] += 1
        ctx.data["rehearsal"] = None
        for key in ("index", "input", "turned", "wrong", "results", "mode"):
            ctx.ui.pop(key, None)
        ctx.ui.update(frag="cards", menu=False)

    def _answered(self, ctx: AppContext, correct: bool) -> None:
        """onCorrect/onFalse, then ``nextQuestion`` (the delay not modelled)."""
        ui = ctx.ui
        ui["results"].append(correct)
        cards = self._pile(ctx)["cards"]
        if ui["index"] + 1 >= len(cards):
            ui["frag"] = "result"
            ctx.data["rehearsal"] = None
            return
        ui.update(index=ui["index"] + 1, input="", turned=False, wrong=[])
        run = ctx.data["rehearsal"]
        run["index"] = ui["index"]
        run["reached"] = max(run["reached"], ui["index"])

    def _sides(self, ctx: AppContext) -> tuple[str, str]:
        card = self._pile(ctx)["cards"][ctx.ui["index"]]
        if ctx.data["prefs"]["reverse"]:
            return card["a"], card["q"]
        return card["q"], card["a"]

    def _go(self, ctx: AppContext) -> None:
        """``btnGo``/Enter: ``isAnswerCorrect`` compares the typed text, not lowercased, with
        the lowercased answers."""
        text = ctx.ui.get("input", "")
        if not text:
            return
        back = self._sides(ctx)[1]
        self._answered(ctx, text in [a.lower() for a in back.split(" / ")])

    def _choose(self, ctx: AppContext, text: str) -> None:
        back = self._sides(ctx)[1]
        if text.lower() == back.lower():
            self._answered(ctx, True)
        elif text not in ctx.ui["wrong"]:
            ctx.ui["wrong"].append(text)

    def _restart(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.data["rehearsal"] = None
        self._new_rehearsal_view(ctx)

    def _set_mode(self, ctx: AppContext, mode: str) -> None:
        ctx.data["prefs"]["mode"] = mode
        if ctx.ui.get("frag") == "rehearsal":
            ctx.ui["menu"] = False
            if ctx.ui.get("mode") != mode:
                ctx.data["rehearsal"] = None
                self._new_rehearsal_view(ctx)

    def _toggle_pref(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]
        ctx.ui["menu"] = False

    def _play(self, ctx: AppContext) -> None:
        if not self._pile(ctx)["cards"]:
            ctx.toast("You have no cards yet.")
            return
        ctx.ui["sheet"] = True

    def _open_pile(self, ctx: AppContext, pile_id: int) -> None:
        ctx.ui.update(pile=pile_id, frag="cards")

    # -- screens ---------------------------------------------------------------------------
    def _up(self, ctx: AppContext) -> None:
        """The toolbar's arrow: ``mainAct.onBackPressed()``."""
        self.on_back(ctx)

    def _toolbar(self, ctx: AppContext, title: str, back: bool, actions: list[View]) -> View:
        nav = w.up_button(self._up) if back else None
        return w.toolbar(title, navigation=nav, actions=actions)

    def _overflow(self, ctx: AppContext) -> View:
        return w.overflow_button(lambda c: c.ui.update(menu=True))

    def _piles_screen(self, ctx: AppContext) -> list[View]:
        tiles = [
            w.frame_layout(
                [
                    w.linear_layout(
                        [
                            w.text_view(p["name"], "tvPileFront", height=150),
                            w.text_view(f"{len(p['cards'])} CARDS", "tvCardsCount", height=90),
                            w.text_view(str(p["id"]), "tvPileId", height=60),
                        ],
                        rid="cvPile",
                        on_click=w.bind(self._open_pile, p["id"]),
                    )
                ],
                height=420,
            )
            for p in ctx.data["piles"]
        ]
        bar = self._toolbar(
            ctx,
            "My card stacks",
            False,
            [
                w.action_item("action_dark_mode", "Dark mode", lambda c: None),
                w.action_item("action_settings", "Settings", lambda c: c.start_activity(SETTINGS)),
            ],
        )
        grid = w.list_view(
            tiles,
            rid="recyclerviewPiles",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="piles_scroll",
        )
        body = w.frame_layout(
            [grid, w.fab("addPileBtn", "", lambda c: c.ui.update(frag="edit_pile"), naf=True)],
            rid="rootView",
            layout=FRAME,
        )
        return [bar, body]

    def _cards_screen(self, ctx: AppContext) -> list[View]:
        pile = self._pile(ctx)
        rows = []
        for card in pile["cards"]:
            total = card["correct"] + card["false"]
            pct = int(card["correct"] / total * 100) if card["correct"] else 0
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(card["q"], "tvFront", height=100),
                        w.text_view(card["a"], "tvBack", height=100),
                        w.text_view(f"{pct}%", "tvCorrectPercentage", height=80),
                        w.text_view("Correct", height=60),
                    ],
                    rid="cvCard",
                    on_click=lambda c: c.ui.update(frag="edit_card"),
                    height=360,
                )
            )
        header = w.linear_layout(
            [
                w.text_view(pile["name"], "content_card_title", height=160),
                w.linear_layout(
                    [
                        w.fab("buttonPlay", "", self._play, naf=True, gravity=""),
                        w.fab(
                            "buttonAdd",
                            "",
                            lambda c: c.ui.update(frag="edit_card"),
                            naf=True,
                            gravity="",
                        ),
                        w.fab("buttonShare", "", lambda c: None, naf=True, gravity=""),
                    ],
                    horizontal=True,
                    height=190,
                ),
            ],
            weight=0,
        )
        listing = w.list_view(
            rows,
            rid="recyclerview",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="cards_scroll",
        )
        bar = self._toolbar(ctx, "", True, [self._overflow(ctx)])
        return [bar, header, listing]

    def _rehearsal_screen(self, ctx: AppContext) -> list[View]:
        ui = ctx.ui
        cards = self._pile(ctx)["cards"]
        front, back = self._sides(ctx)
        faces = [w.text_view(front, "tvCardFront", height=260)]
        if ui.get("turned"):
            faces = [w.text_view(back, "tvCardBack", height=260)]
        card = w.relative_layout(
            [*faces, w.image_view("rcIvPronounce", "Pronounce text", width=147)],
            rid="rehearsalCard",
            height=420,
        )
        counter = w.text_view(f"{ui['index'] + 1}/{len(cards)}", "rehearsalCounter", height=110)
        mode = ui["mode"]
        bar = self._toolbar(ctx, "", True, [self._overflow(ctx)])
        if mode == TYPED:
            field = w.edit_text(
                "etInput",
                ui["input"],
                lambda c, t: c.ui.update(input=t),
                hint="Type your answer",
            )
            entry = w.linear_layout(
                [
                    w.linear_layout([field], rid="textInputLayout"),
                    w.button("btnGo", "GO", self._go, width=260),
                ],
                rid="rehearsal_typed",
                horizontal=True,
                height=170,
            )
            body = w.linear_layout([counter, card, entry], rid="layout_rehearsal")
        elif mode == MEMORY:
            buttons = []
            if ui["turned"]:
                buttons = [
                    w.fab("cardBtnCorrect", "", w.bind(self._answered, True), naf=True),
                    w.fab("cardBtnFalse", "", w.bind(self._answered, False), naf=True),
                ]
            body = w.linear_layout(
                [counter, card, w.linear_layout(buttons, horizontal=True, height=200)],
                rid="rehearsalLayout",
                on_click=lambda c: c.ui.update(turned=True),
            )
        else:
            answers = self._choices(ctx, back)
            tiles = [
                w.frame_layout(
                    [w.text_view(text, f"btnAnswerText{i + 1}", height=150)],
                    rid=f"btnAnswer{i + 1}",
                    on_click=w.bind(self._choose, text),
                    enabled=text not in ui["wrong"],
                    height=170,
                )
                for i, text in enumerate(answers)
            ]
            grid = w.linear_layout(
                [
                    w.linear_layout(tiles[:2], horizontal=True, height=170),
                    w.linear_layout(tiles[2:], horizontal=True, height=170),
                ],
                height=360,
            )
            body = w.linear_layout([counter, card, grid])
        return [bar, body]

    def _choices(self, ctx: AppContext, right: str) -> list[str]:
        cards = self._pile(ctx)["cards"]
        key = "q" if ctx.data["prefs"]["reverse"] else "a"
        i = ctx.ui["index"]
        others = [cards[(i + k) % len(cards)][key] for k in range(1, 4)]
        return [right, *others]

    def _sheet(self, ctx: AppContext) -> Window:
        prefs = ctx.data["prefs"]
        mode = prefs["mode"]
        rows: list[View] = [w.text_view("Start practicing", "crsTitle", height=200)]
        for rid, text, key in SWITCHES:
            rows.append(
                w.linear_layout(
                    [
                        w.image_view(width=120),
                        w.text_view(text, height=130),
                        w.switch(
                            "", "", prefs[key], w.bind(self._toggle_sheet_pref, key), width=200
                        ),
                    ],
                    rid=rid,
                    horizontal=True,
                    height=130,
                )
            )
        rows.append(
            w.linear_layout(
                [
                    _themed_button(
                        MODE_IDS[m], MODE_TITLES[m], w.bind(self._set_mode, m), selected=mode == m
                    )
                    for m in (CHOICE, TYPED, MEMORY)
                ],
                rid="toggleGroup",
                horizontal=True,
                height=400,
            )
        )
        description = MODE_DESCRIPTIONS.get(mode or "", "Choose a mode to continue.")
        if mode == CHOICE and len(self._pile(ctx)["cards"]) <= 5:
            description = "You need at least 5 cards."
        rows.append(w.text_view(description, "crsModeDescription", height=150))
        rows.append(_themed_button("crsStart", "Start", self._sheet_start, height=150))
        root = w.linear_layout(rows, rid="design_bottom_sheet", weight=0)
        return Window(
            root=root,
            kind="sheet",
            on_dismiss=lambda c: c.ui.update(sheet=False),
        )

    def _toggle_sheet_pref(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]

    def _sheet_start(self, ctx: AppContext) -> None:
        """``onStartPressed``: multiple choice needs more than five cards."""
        mode = ctx.data["prefs"]["mode"]
        if mode == CHOICE and len(self._pile(ctx)["cards"]) <= 5:
            return
        self._start_rehearsal(ctx)

    def _menu(self, ctx: AppContext) -> Window:
        frag = ctx.ui["frag"]
        close = lambda c: c.ui.update(menu=False)  # noqa: E731
        if frag == "rehearsal":
            items: list[tuple[Any, ...]] = [("Restart", self._restart, "rehearsal_restart")]
            for m, rid in (
                (CHOICE, "rehearsal_multiple_choice"),
                (TYPED, "rehearsal_typed"),
                (MEMORY, "rehearsal_memory"),
            ):
                items.append((MODE_TITLES[m], w.bind(self._set_mode, m), rid))
            for key, title, rid in (
                ("reverse", "Reverse cards", "rehearsal_reverse"),
                ("shuffle", "Shuffle cards", "rehearsal_shuffle"),
                ("repeat_wrong", "Repeat wrong answers", "rehearsal_repeat_wrong"),
                ("pronounce", "Pronounce cards", "rehearsal_pronounce"),
                ("result_sounds", "Correct/false sounds", "rehearsal_result_sounds"),
            ):
                items.append((title, w.bind(self._toggle_pref, key), rid))
        else:
            items = [
                ("Sort", close),
                ("Edit stack", lambda c: c.ui.update(menu=False, frag="edit_pile")),
                ("Delete stack", close),
                ("Export CSV", close),
            ]
        return w.menu_window(items, close)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SPLASH:
            return Screen(content=w.frame_layout())
        if ctx.activity == SETTINGS:
            return Screen(content=w.child_page("Settings"))
        ui = ctx.ui
        frag = ui.get("frag", "piles")
        if frag == "cards":
            views = self._cards_screen(ctx)
        elif frag == "rehearsal":
            views = self._rehearsal_screen(ctx)
        elif frag == "result":
            views = [
                self._toolbar(ctx, "", True, []),
                w.text_view(self._pile(ctx)["name"], "crrPileName", height=150),
                w.text_view("Score", height=120),
                w.button("crrTryAgain", "Try again", self._start_rehearsal),
            ]
        elif frag == "edit_pile":
            views = [self._toolbar(ctx, "Create stack", True, [])]
        elif frag == "edit_card":
            views = [self._toolbar(ctx, "Add card", True, [])]
        else:
            views = self._piles_screen(ctx)
        windows: list[Window] = []
        if ui.get("sheet") and frag == "cards":
            windows.append(self._sheet(ctx))
        if ui.get("menu"):
            windows.append(self._menu(ctx))
        content = w.frame_layout([w.linear_layout(views)], rid="main_container")
        return Screen(content=content, windows=windows)
