"""Starke Verben 3.1.0 (``org.sw24softwares.starkeverben``), with bug StarkeVerben#16 (crash).

A trainer for the strong (irregular) German verbs. Modelled from the app's sources at tag
``v3.1.0`` (``MainActivity``, ``LessonFragment``, ``PreTestFragment``, ``SingleLessonFragment``,
``ProgressTabsFragment``, ``SettingsActivity``, the layouts ``activity_main``,
``activity_lesson``, ``activity_lesson_expandable_list_group``/``_item``, ``activity_pre_test``,
``activity_single_lesson``, ``menu/toolbar_main.xml``, ``values/strings.xml``); the verb list is
the app's own ``assets/verbs.txt`` with the English translations of ``values/verbs.xml``
(:data:`VERBS`).

Screens:

- ``.MainActivity``: the toolbar ``my_toolbar`` ("Starke Verben" and the settings icon
  ``action_settings``, whose title is empty), the fragment container ``main_container`` and the
  ashokvarma ``BottomNavigationBar`` ``navigation`` with the tabs Test, Progression, Lesson and
  List (each tab ``replace``s the container's fragments with a new one);
- Test (``PreTestFragment``, the first screen): a round start button ``begin_test`` that opens
  ``.TestActivity`` (a stub here);
- Progression (``ProgressTabsFragment``): the app bar's ``sliding_tabs`` Chart / List over a
  pager (a stub: the charts of saved marks, none on a fresh install);
- Lesson (``SingleLessonFragment``): one verb's forms and a Continue button (the real app picks
  a random verb; the model takes them in turn);
- List (``LessonFragment``): a framework ``SearchView`` ``lesson_search`` (hint "Search", never
  iconified) above the ``ExpandableListView`` ``lesson_list`` of every verb's infinitive; a tap on
  a verb expands its forms ("Infinitive : backen", ... "Auxiliary : haben"). Submitting a query
  (Enter) makes the SearchView send an ``ACTION_SEARCH`` intent to the ``singleTop``
  MainActivity: ``onNewIntent`` calls ``setIntent(intent)`` then ``handleIntent``, which finds
  the fragment tagged "Lesson" and calls ``search(query)`` (a case-sensitive substring test on
  every form and translation). Typing alone filters nothing; an empty query is not submitted;
- ``.SettingsActivity`` (the settings icon): a stub with its toolbar "Settings" and the up arrow.

The bug, from the code: ``MainActivity.onCreate`` ends with ``handleIntent(getIntent())``. Once a
search was submitted the activity's intent stays the ``ACTION_SEARCH`` one, so when rotation
re-creates the activity, ``onCreate`` searches again. At that point the fragment manager has
restored the old fragments but has not created their views: the restored LessonFragment's
``mExpListView`` is still null and ``search`` throws a ``NullPointerException`` on
``setAdapter`` (if the user had left the List tab since, no fragment is tagged "Lesson" and the
``NullPointerException`` is on ``lessonFragment.search``). The fix (commit ``b9ba98f``, "Fix on
rotate bugs. Closes #16") declares ``configChanges="keyboardHidden|orientation|screenSize"`` on
MainActivity so that it is no longer re-created. Rotating without a submitted search re-creates
the activity without a crash, but ``onCreate`` also adds a new PreTestFragment above the restored
ones and the bottom bar starts again on Test (modelled: the container shows every fragment,
overlapping).

Not modelled: Back on MainActivity (``onBackPressed`` sends the user to the home screen, keeping
the activity) is the device's default Back here (the activity finishes); the frames of the
re-creation below ``performLaunchActivity`` for Android 7.1 are given from memory.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import FRAME, Screen, View

PACKAGE = "org.sw24softwares.starkeverben"
MAIN = ".MainActivity"
TEST = ".TestActivity"
SETTINGS = ".SettingsActivity"
BUG_ID = "StarkeVerben#16"

PRE_TEST, PROGRESS, SINGLE_LESSON, LESSON = "PreTest", "Progress", "SingleLesson", "Lesson"
TABS = (
    "Test",
    "Progression",
    "Lesson",
    "List",
)  # R.string.test, progression, single_lesson, lesson
TAB_FRAGMENTS = (PRE_TEST, PROGRESS, SINGLE_LESSON, LESSON)
FORMS = ("Infinitive", "Preterite", "Participle", "3rd Person", "Translation", "Auxiliary")
SEARCH_SRC = "android:id/search_src_text"

# assets/verbs.txt with values/verbs.xml: (infinitives, preterites, participles, 3rd persons,
# auxiliary is sein, translations), alternatives separated by "/".
VERBS: tuple[tuple[str, str, str, str, bool, str], ...] = (
    ("backen", "backte/buk", "gebacken", "bäckt", False, "to bake"),
    ("beginnen", "begann", "begonnen", "beginnt", False, "to begin"),
    ("bieten", "bot", "geboten", "bietet", False, "to offer"),
    ("binden", "band", "gebunden", "bindet", False, "to bind/to tie"),
    ("bitten", "bat", "gebeten", "bittet", False, "to request/to ask"),
    ("bleiben", "blieb", "geblieben", "bleibt", True, "to stay/to remain"),
    ("brechen", "brach", "gebrochen", "bricht", False, "to break"),
    ("bringen", "brachte", "gebracht", "bringt", False, "to bring"),
    ("denken", "dachte", "gedacht", "denkt", False, "to think"),
    ("dringen", "drang", "gedrungen", "dringt", True, "to penetrate"),
    ("essen", "aß", "gegessen", "isst", False, "to eat"),
    ("fahren", "fuhr", "gefahren", "fährt", True, "to drive/to travel"),
    ("fallen", "fiel", "gefallen", "fällt", True, "to fall"),
    ("fangen", "fing", "gefangen", "fängt", False, "to catch"),
    ("finden", "fand", "gefunden", "findet", False, "to find"),
    ("fliegen", "flog", "geflogen", "fliegt", True, "to fly"),
    ("fliehen", "floh", "geflohen", "flieht", True, "to flee"),
    ("fließen", "floss", "geflossen", "fließt", True, "to flow"),
    ("fressen", "fraß", "gefressen", "frisst", False, "to eat like an animal"),
    ("geben", "gab", "gegeben", "gibt", False, "to give"),
    ("gehen", "ging", "gegangen", "geht", True, "to walk/to go"),
    ("gelingen", "gelang", "gelungen", "gelingt", True, "to succeed"),
    ("gelten", "galt", "gegolten", "gilt", False, "to count/to be worth"),
    ("genießen", "genoss", "genossen", "genießt", False, "to enjoy"),
    ("geschehen", "geschah", "geschehen", "geschieht", True, "to occur"),
    ("gewinnen", "gewann", "gewonnen", "gewinnt", False, "to win/to gain"),
    ("gießen", "goss", "gegossen", "gießt", False, "to pour/to water"),
    ("gleichen", "glich", "geglichen", "gleicht", False, "to resemble"),
    ("graben", "grub", "gegraben", "gräbt", False, "to dig"),
    ("greifen", "griff", "gegriffen", "greift", False, "to seize/to grab"),
    ("halten", "hielt", "gehalten", "hält", False, "to hold"),
    ("hängen", "hing", "gehangen", "hängt", False, "to hang"),
    ("heben", "hob", "gehoben", "hebt", False, "to lift/to raise"),
    ("heißen", "hieß", "geheißen", "heißt", False, "to be called"),
    ("helfen", "half", "geholfen", "hilft", False, "to help"),
    ("kennen", "kannte", "gekannt", "kennt", False, "to know"),
    ("klingen", "klang", "geklungen", "klingt", False, "to sound"),
    ("kommen", "kam", "gekommen", "kommt", True, "to come"),
    ("laden", "lud", "geladen", "lädt", False, "to load"),
    ("lassen", "ließ", "gelassen", "lässt", False, "to let/to leave"),
    ("laufen", "lief", "gelaufen", "läuft", True, "to run"),
    ("leihen", "lieh", "geliehen", "leiht", False, "to lend/to borrow"),
    ("lesen", "las", "gelesen", "liest", False, "to read"),
    ("liegen", "lag", "gelegen", "liegt", False, "to lie (position)"),
    ("lügen", "log", "gelogen", "lügt", False, "to lie"),
    ("meiden", "mied", "gemieden", "meidet", False, "to avoid"),
    ("messen", "maß", "gemessen", "misst", False, "to measure"),
    ("nehmen", "nahm", "genommen", "nimmt", False, "to take"),
    ("nennen", "nannte", "genannt", "nennt", False, "to name/to call"),
    ("pfeifen", "pfiff", "gepfiffen", "pfeift", False, "to whistle"),
    ("raten", "riet", "geraten", "rät", False, "to advise"),
    ("reißen", "riss", "gerissen", "reißt", False, "to rip/to tear"),
    ("reiten", "ritt", "geritten", "reitet", True, "to ride (a horse)"),
    ("rufen", "rief", "gerufen", "ruft", False, "to call"),
    ("schaffen", "schuf", "geschaffen", "schafft", False, "to create"),
    ("scheinen", "schien", "geschienen", "scheint", False, "to seem/to shine"),
    ("schießen", "schoss", "geschossen", "schießt", False, "to shoot"),
    ("schlafen", "schlief", "geschlafen", "schläft", False, "to sleep"),
    ("schlagen", "schlug", "geschlagen", "schlägt", False, "to hit"),
    ("schließen", "schloss", "geschlossen", "schließt", False, "to close/to shut"),
    ("schmeißen", "schmiss", "geschmissen", "schmeißt", False, "to fling"),
    ("schreiben", "schrieb", "geschrieben", "schreibt", False, "to write"),
    ("schreien", "schrie", "geschrien", "schreit", False, "to scream/to shout"),
    ("schreiten", "schritt", "geschritten", "schreitet", True, "to stride"),
    ("schweigen", "schwieg", "geschwiegen", "schweigt", False, "to be silent"),
    ("schwimmen", "schwamm", "geschwommen", "schwimmt", True, "to swim"),
    ("schwören", "schwor", "geschworen", "schwört", False, "to swear"),
    ("sehen", "sah", "gesehen", "sieht", False, "to see/to look"),
    ("senden", "sandte/sendete", "gesandt/gesendet", "sendet", False, "to send"),
    ("singen", "sang", "gesungen", "singt", False, "to sing"),
    ("sitzen", "saß", "gesessen", "sitzt", False, "to sit"),
    ("sprechen", "sprach", "gesprochen", "spricht", False, "to speak"),
    ("springen", "sprang", "gesprungen", "springt", True, "to jump"),
    ("stehen", "stand", "gestanden", "steht", False, "to stand"),
    ("steigen", "stieg", "gestiegen", "steigt", True, "to climb"),
    ("sterben", "starb", "gestorben", "stirbt", True, "to die"),
    ("stoßen", "stieß", "gestoßen", "stößt", False, "to push/to knock"),
    ("streiten", "stritt", "gestritten", "streitet", False, "to argue"),
    ("tragen", "trug", "getragen", "trägt", False, "to carry/to wear"),
    ("treffen", "traf", "getroffen", "trifft", False, "to meet someone"),
    ("treiben", "trieb", "getrieben", "treibt", False, "to drive/to drift"),
    ("treten", "trat", "getreten", "tritt", True, "to step/to kick"),
    ("trinken", "trank", "getrunken", "trinkt", False, "to drink"),
    ("tun", "tat", "getan", "tut", False, "to do"),
    ("vergessen", "vergaß", "vergessen", "vergisst", False, "to forget"),
    ("verlieren", "verlor", "verloren", "verliert", False, "to lose"),
    ("verschlingen", "verschlang", "verschlungen", "verschlingt", False, "to devour"),
    ("verschwinden", "verschwand", "verschwunden", "verschwindet", True, "to vanish/to disappear"),
    ("wachsen", "wuchs", "gewachsen", "wächst", True, "to grow"),
    ("waschen", "wusch", "gewaschen", "wäscht", False, "to wash"),
    ("weichen", "wich", "gewichen", "weicht", True, "to yield/to give away"),
    ("weisen", "wies", "gewiesen", "weist", False, "to point"),
    ("wenden", "wandte/wendete", "gewandt/gewendet", "wendet", False, "to turn"),
    ("werben", "warb", "geworben", "wirbt", False, "to advertise/to recruit"),
    ("werfen", "warf", "geworfen", "wirft", False, "to throw"),
    ("wissen", "wusste", "gewusst", "weiß", False, "to know"),
    ("ziehen", "zog", "gezogen", "zieht", True, "to move"),
    ("ziehen", "zog", "gezogen", "zieht", False, "to pull"),
    ("zwingen", "zwang", "gezwungen", "zwingt", False, "to force"),
)


def _forms(verb: tuple[str, str, str, str, bool, str]) -> list[list[str]]:
    """``VerbWithTranslation.getAllForms()``: the four forms and the translations."""
    return [form.split("/") for form in (verb[0], verb[1], verb[2], verb[3], verb[5])]


def _matching(query: str) -> list[int]:
    """``LessonFragment.prepareListData``: the verbs one of whose forms contains ``query``."""
    return [
        i
        for i, verb in enumerate(VERBS)
        if not query or any(query in form for forms in _forms(verb) for form in forms)
    ]


def _details(verb: tuple[str, str, str, str, bool, str]) -> list[str]:
    """A verb's child rows: ``formToWord(j) + " : " + getPrintedForm(j, false)``."""
    rows = [f"{FORMS[j]} : {', '.join(forms)}" for j, forms in enumerate(_forms(verb))]
    return [*rows, f"Auxiliary : {'sein' if verb[4] else 'haben'}"]


def _npe(message: str, frames: list[str]) -> JavaException:
    """The ``RuntimeException`` of the re-created MainActivity, caused by the NPE ``message``
    thrown at the app's ``frames`` under ``handleIntent`` and ``onCreate``."""
    below = [
        "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:2726)",
        "android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:4478)",
        "android.app.ActivityThread.-wrap15(ActivityThread.java)",
        "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1530)",
        *message_frames(25),
    ]
    cause = JavaException(
        "java.lang.NullPointerException",
        message,
        frames=[
            *frames,
            "org.sw24softwares.starkeverben.MainActivity.handleIntent(MainActivity.java:156)",
            "org.sw24softwares.starkeverben.MainActivity.onCreate(MainActivity.java:113)",
            "android.app.Activity.performCreate(Activity.java:6679)",
            "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1118)",
            "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2618)",
            *below,
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}.MainActivity}}: "
        f"java.lang.NullPointerException: {message}",
        frames=[
            "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2665)",
            *below,
        ],
        cause=cause,
    )


def _oracle_16(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of StarkeVerben#16: MainActivity's re-creation with a search intent threw."""
    return crashed(
        system, PACKAGE, "java.lang.RuntimeException", "MainActivity", "NullPointerException"
    )


_LIST = click(PACKAGE, "fixed_bottom_navigation_title", "List")
_TYPE = input_text(PACKAGE, SEARCH_SRC, "geben", hint="Search")
_ENTER = {"kind": "press_enter"}
_ROTATE = {"kind": "rotate", "orientation": "landscape"}

WRONG_SEQUENCES = {
    BUG_ID: (
        # Typed but never submitted: the intent is still the launcher's.
        (_LIST, _TYPE, _ROTATE),
        # Submitted, no rotation: the list is filtered, nothing else.
        (_LIST, _TYPE, _ENTER, click(PACKAGE, "lesson_expandable_group_text", "geben")),
        # Rotated before the search.
        (_ROTATE, _LIST, _TYPE, _ENTER),
        # Enter on the empty field: SearchView submits nothing.
        (_LIST, click(PACKAGE, SEARCH_SRC), _ENTER, _ROTATE),
        # Submitted, then the app restarted from its icon (a new launcher intent), then rotated.
        (_LIST, _TYPE, _ENTER, {"kind": "restart_app"}, _ROTATE),
    )
}


class StarkeVerben(VirtualApp):
    """Starke Verben 3.1.0: bug StarkeVerben#16 (crash on rotation after a list search)."""

    name: ClassVar[str] = "StarkeVerben"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Starke Verben"
    version: ClassVar[str] = "3.1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG_ID,
            "crash",
            "The app crashes when the phone is rotated after a search in the verb list",
            _oracle_16,
            human_steps=(_LIST, click(PACKAGE, SEARCH_SRC), _TYPE, _ENTER, _ROTATE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"prefLanguage": "", "marks": []}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        # onCreate: the fragment manager restores the old fragments (views not yet created),
        # then a new PreTestFragment is added and the bottom bar starts on Test.
        restored = [dict(f, view=False) for f in ctx.ui.get("fragments", [])]
        ctx.ui["fragments"] = [*restored, self._fragment(ctx, PRE_TEST)]
        ctx.ui["tab"] = 0
        ctx.ui.setdefault("intent", {"action": "android.intent.action.MAIN"})
        self._handle_intent(ctx, ctx.ui["intent"], restored)
        for fragment in ctx.ui["fragments"]:
            fragment["view"] = True  # onStart: the views are created (LessonFragment: search(""))
            if fragment["tag"] == LESSON:
                fragment.update(query="", expanded=[])

    def _handle_intent(
        self, ctx: AppContext, intent: dict[str, Any], fragments: list[dict[str, Any]]
    ) -> None:
        if intent["action"] != "android.intent.action.SEARCH":
            return
        lesson = next((f for f in fragments if f["tag"] == LESSON), None)
        if lesson is None:
            raise _npe(
                "Attempt to invoke virtual method 'void org.sw24softwares.starkeverben."
                "LessonFragment.search(java.lang.String)' on a null object reference",
                [],
            )
        if not lesson["view"]:
            raise _npe(
                "Attempt to invoke virtual method 'void android.widget.ExpandableListView."
                "setAdapter(android.widget.ExpandableListAdapter)' on a null object reference",
                ["org.sw24softwares.starkeverben.LessonFragment.search(LessonFragment.java:92)"],
            )
        lesson.update(query=intent["query"], expanded=[])

    def _fragment(self, ctx: AppContext, tag: str) -> dict[str, Any]:
        fragment: dict[str, Any] = {"tag": tag, "view": True}
        if tag == LESSON:
            fragment.update(query="", expanded=[], text="")
        if tag == SINGLE_LESSON:
            # The real fragment picks a random verb; the model takes them in turn.
            shown = ctx.memory.get("single_lesson", -1) + 1
            ctx.memory["single_lesson"] = shown
            fragment["verb"] = shown % len(VERBS)
        return fragment

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if ctx.activity != MAIN or key != "enter" or not ctx.focus.endswith("search_src_text"):
            return False
        lesson = self._lesson(ctx)
        if lesson is None:
            return False
        query = lesson.get("text", "")
        if not query.strip():
            return True  # SearchView.onSubmitQuery: nothing to submit
        ctx.hide_keyboard()
        # The SearchView sends ACTION_SEARCH to the singleTop activity: onNewIntent.
        intent = {"action": "android.intent.action.SEARCH", "query": query}
        ctx.ui["intent"] = intent
        self._handle_intent(ctx, intent, ctx.ui["fragments"])
        return True

    # -- handlers ----------------------------------------------------------------------------
    def _lesson(self, ctx: AppContext) -> dict[str, Any] | None:
        return next((f for f in reversed(ctx.ui["fragments"]) if f["tag"] == LESSON), None)

    def _select_tab(self, ctx: AppContext, index: int) -> None:
        if ctx.ui["tab"] == index:
            return  # onTabReselected does nothing
        ctx.ui["tab"] = index
        ctx.ui["fragments"] = [self._fragment(ctx, TAB_FRAGMENTS[index])]

    def _next_verb(self, ctx: AppContext, at: int) -> None:
        ctx.ui["fragments"][at] = self._fragment(ctx, SINGLE_LESSON)

    def _type(self, ctx: AppContext, at: int, text: str) -> None:
        ctx.ui["fragments"][at]["text"] = text

    def _toggle_group(self, ctx: AppContext, at: int, index: int) -> None:
        w.toggle(ctx.ui["fragments"][at]["expanded"], index)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TEST:
            return Screen(content=w.child_page("Starke Verben", [w.text_view("Test")]))
        if ctx.activity == SETTINGS:
            return Screen(content=w.child_page("Settings"))
        fragments = ctx.ui["fragments"]
        appbar = [
            w.toolbar(
                "Starke Verben",
                rid="my_toolbar",
                actions=[
                    w.action_item("action_settings", "", lambda c: c.start_activity(SETTINGS))
                ],
            )
        ]
        if fragments[-1]["tag"] == PROGRESS:
            appbar.append(w.tabs(("Chart", "List"), 0, lambda c, i: None, rid="sliding_tabs"))
        container = w.frame_layout(
            [self._render_fragment(f, at) for at, f in enumerate(fragments)],
            rid="main_container",
            layout=FRAME,
        )
        return Screen(
            content=w.relative_layout(
                [
                    w.linear_layout(appbar, rid="appbar", weight=0),
                    container,
                    self._navigation(ctx.ui["tab"]),
                ]
            )
        )

    def _navigation(self, selected: int) -> View:
        return w.frame_layout(
            [
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.FrameLayout",
                            selected=i == selected,
                            on_click=w.bind(self._select_tab, i),
                            children=[
                                w.image_view("fixed_bottom_navigation_icon", height=63),
                                w.text_view(title, "fixed_bottom_navigation_title", height=84),
                            ],
                        )
                        for i, title in enumerate(TABS)
                    ],
                    horizontal=True,
                )
            ],
            rid="navigation",
            height=147,
            weight=0,
        )

    def _render_fragment(self, fragment: dict[str, Any], at: int) -> View:
        tag = fragment["tag"]
        if tag == PRE_TEST:
            return w.frame_layout(
                [
                    w.image_view(),
                    View(
                        cls="android.view.View",
                        resource_id="begin_test",
                        width=525,
                        height=525,
                        gravity="center",
                        on_click=lambda c: c.start_activity(
                            TEST, {"total": 0, "marks": [], "dialog": False}
                        ),
                    ),
                    w.frame_layout(rid="pulsator", width=525, height=525, gravity="center"),
                    w.image_view(width=394, height=394, gravity="center"),
                    w.text_view("Parnica Vanhaelewyn", gravity="bottom", height=60),
                ],
                layout=FRAME,
            )
        if tag == PROGRESS:
            return w.frame_layout(
                [View(cls="android.support.v4.view.ViewPager", resource_id="view_pager")]
            )
        if tag == SINGLE_LESSON:
            return self._render_single_lesson(fragment, at)
        return self._render_lesson(fragment, at)

    def _render_single_lesson(self, fragment: dict[str, Any], at: int) -> View:
        verb = VERBS[fragment["verb"]]
        rows = [
            ("infinitif", FORMS[0], verb[0].split("/")[0]),
            ("preterit", FORMS[1], verb[1].split("/")[0]),
            ("participe", FORMS[2], verb[2].split("/")[0]),
            ("troisieme_personne", FORMS[3], verb[3].split("/")[0]),
            ("traduction", FORMS[4], verb[5].split("/")[0]),
        ]
        children: list[View] = []
        for rid, label, value in rows:
            children.append(w.text_view(label, f"form_{rid}_single_lesson"))
            if rid == "participe":
                children.append(
                    w.text_view("ist " if verb[4] else "hat ", "auxiliary_single_lesson")
                )
            children.append(w.text_view(value, f"{rid}_single_lesson"))
        children.append(w.button("next_single_lesson", "Continue", w.bind(self._next_verb, at)))
        return w.relative_layout(children)

    def _render_lesson(self, fragment: dict[str, Any], at: int) -> View:
        text = fragment.get("text", "")
        plate: list[View] = [
            w.edit_text(SEARCH_SRC, text, lambda c, t: self._type(c, at, t), hint="Search")
        ]
        if text:
            plate.append(
                w.image_view(
                    "android:id/search_close_btn",
                    "Clear query",
                    w.bind(self._type, at, ""),
                    width=126,
                )
            )
        search_view = w.linear_layout(
            [
                w.image_view("android:id/search_mag_icon", width=105),
                w.linear_layout(plate, rid="android:id/search_plate", horizontal=True),
            ],
            rid="lesson_search",
            horizontal=True,
            height=131,
            weight=0,
        )
        rows: list[View] = []
        for position, index in enumerate(_matching(fragment.get("query", ""))):
            verb = VERBS[index]
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(
                            verb[0].split("/")[0], "lesson_expandable_group_text", height=120
                        )
                    ],
                    on_click=w.bind(self._toggle_group, at, position),
                    weight=0,
                )
            )
            if position in fragment.get("expanded", []):
                rows += [
                    w.linear_layout(
                        [w.text_view(detail, "lesson_expandable_item_text", height=110)],
                        height=144,
                        weight=0,
                    )
                    for detail in _details(verb)
                ]
        lesson_list = View(
            cls="android.widget.ExpandableListView",
            resource_id="lesson_list",
            scrollable=True,
            scroll_key="lesson_scroll",
            children=rows,
        )
        return w.relative_layout([search_view, lesson_list])
