"""freeDictionaryApp (``io.github.yamin8000.owl``, yamin8000/freeDictionaryApp) 1.5.5, for
freeDictionaryApp#52.

An English-to-English dictionary drawn with Jetpack Compose (no resource ids): the home screen's
top bar holds five icons (search history, favourites, a die for a random word, settings,
about), the bottom bar a search field; a search asks the Free Dictionary API and shows the
word's card and meanings, and every word of the result is cached in a Room table (``entries``).

Sources read at tag 1.5.5 (commit 7e91247, 2023-12-17; ``versionName`` 1.5.5, versionCode 31),
the release the report names (F-Droid, 2023-12-24), and the fix 1e0d420 ("#52 possible
bugfix", 1.5.6). Files read: ``content/MainActivity`` (the NavHost: home, history, favourites,
settings, about), ``content/home/Home.kt``, ``HomeState.kt``, ``HomeComposables.kt``
(``WordCard``), ``content/MainTopBar.kt``, ``content/MainBottomBar.kt``,
``content/history/History.kt``, ``content/settings/Settings.kt``, ``ui/composable``
(``ScaffoldWithTitle``: its back arrow has an empty description) and ``strings.xml``.

Bug freeDictionaryApp#52 (crash): the die's ``onRandomWordClick`` runs
``HomeState.searchForRandomWord``, which takes ``getNewRandomWord()``:
``db.entryDao().getAll().map { it.word }.shuffled().first()``. Right after a fresh install the
table is empty (nothing has been searched), and Kotlin's ``List.first()`` throws
``java.util.NoSuchElementException: List is empty.`` in the coroutine launched on the lifecycle
scope, which crashes the app. Once a search has succeeded the table holds the word and the words
of its definitions, and the die works. The fix uses ``firstOrNull() ?: "free"``.

Fixed data: the Free Dictionary API answers for "free", "word" and "dictionary" (one meaning
each, short texts); any other word gets HTTP 404 ("No definition for the word found."). The
device is online. Stubbed: the search suggestions (chips from the bundled word list), text to
speech, sharing, the about screen, the theme and TTS dialogs, the Lottie animation of the empty
home screen, the history and favourites item menus. The die takes the first cached word rather
than a shuffled one. Uncertain: the release is minified (R8), so the real stack names obfuscated
frames; the frames given are the source names. Compose node shapes in the dump are
approximations.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View

PACKAGE = "io.github.yamin8000.owl"
MAIN = ".content.MainActivity"
COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
NO_SUCH = "java.util.NoSuchElementException"
HINT = "Enter a word to search"
# The Free Dictionary API's answers: word -> (phonetic, part of speech, definition, example).
API: dict[str, tuple[str, str, str, str]] = {
    "free": ("/fɹiː/", "adjective", "Unconstrained.", "He was given free rein."),
    "word": ("/wɜːd/", "noun", "The smallest unit of language that has a meaning.", ""),
    "dictionary": (
        "/ˈdɪkʃəˌnɛɹi/",
        "noun",
        "A reference work listing words with their meanings.",
        "Look it up in the dictionary.",
    ),
}
TOP_ICONS = (
    ("Search History", "history"),
    ("Favourite Words", "favourites"),
    ("Random Word", "random"),
    ("Settings", "settings"),
    ("English to English Dictionary, based on:", "about"),
)


def die() -> dict[str, Any]:
    """A tap on the top bar's die ("Random Word")."""
    return click(PACKAGE, desc="Random Word")


def search(word: str) -> list[dict[str, Any]]:
    """Typing ``word`` in the bottom search field and the keyboard's search key (the open
    keyboard covers the field's search icon)."""
    return [input_text(PACKAGE, "", word, hint="Search"), {"kind": "press_enter"}]


def crashed_on_empty_cache(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of freeDictionaryApp#52: the die crashed on an empty word table."""
    return crashed(system, PACKAGE, NO_SUCH, "List is empty.")


def _row(children: list[View], **kw: Any) -> View:
    """A Compose ``Row``: ``children`` left to right (other :class:`View` fields in ``kw``)."""
    return View(cls=VIEW, layout=HORIZONTAL, children=children, **kw)


def _icon(desc: str, handler: Any) -> View:
    """A Compose ``IconButton`` (``ClickableIcon``): a clickable node with the icon's text."""
    return View(cls=VIEW, content_desc=desc, on_click=handler, width=126, height=126)


class FreeDictionary(VirtualApp):
    """freeDictionaryApp 1.5.5: home, history, favourites, settings and about."""

    name: ClassVar[str] = "freeDictionaryApp"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "freeDictionary"
    version: ClassVar[str] = "1.5.5"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "freeDictionaryApp#52",
            "crash",
            "Tapping the dice makes the app crash.",
            crashed_on_empty_cache,
            human_steps=(die(),),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "entries": [],
            "history": [],
            "favourites": [],
            "starting_blank": True,
            "vibrating": True,
        }

    # -- state ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("routes", ["home"])
        self._enter_home(ctx)

    def _enter_home(self, ctx: AppContext) -> None:
        """A new ``HomeState``: its init searches "free" when blank startup is off."""
        ctx.ui.update(text="", result=None, snackbar="")
        if not ctx.data["starting_blank"]:
            ctx.ui["text"] = "free"
            self._search_definition(ctx)

    def _route(self, ctx: AppContext) -> str:
        return str(ctx.ui["routes"][-1])

    def _navigate(self, ctx: AppContext, route: str) -> None:
        ctx.ui["routes"].append(route)
        ctx.hide_keyboard()

    def _pop(self, ctx: AppContext) -> None:
        if w.pop_back_stack(ctx.ui["routes"]) and self._route(ctx) == "home":
            self._enter_home(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if len(ctx.ui["routes"]) > 1:
            self._pop(ctx)
            return True
        return False

    def _cache(self, ctx: AppContext, word: str) -> None:
        """``addWordToDatabase`` and ``cacheEntryData``: the word and its result's words."""
        phonetic, kind, definition, example = API[word]
        words = [word, kind, *re.findall(r"[a-z]+", f"{definition} {example}".lower())]
        for item in words:
            if item not in ctx.data["entries"]:
                ctx.data["entries"].append(item)

    def _search_definition(self, ctx: AppContext) -> None:
        word = ctx.ui["text"].strip().lower()
        if word in API:
            ctx.ui.update(result=word, snackbar="")
            self._cache(ctx, word)
        else:
            ctx.ui.update(result=None, snackbar="No definition for the word found.")

    def _search(self, ctx: AppContext) -> None:
        """``searchForDefinitionHandler``: a blank field shows a snackbar."""
        text = ctx.ui["text"]
        if not text.strip():
            ctx.ui["snackbar"] = "Nothing is entered."
            return
        self._search_definition(ctx)
        if text not in ctx.data["history"]:
            ctx.data["history"].append(text)
        ctx.hide_keyboard()

    def on_key(self, ctx: AppContext, key: str) -> bool:
        """The field's ``KeyboardActions(onSearch)``: the IME search key searches."""
        if key == "enter" and self._route(ctx) == "home":
            self._search(ctx)
            return True
        return False

    def _random(self, ctx: AppContext) -> None:
        words = list(ctx.data["entries"])
        if not words:
            # The bug: List.first() on the empty table.
            raise JavaException(
                NO_SUCH,
                "List is empty.",
                [
                    "kotlin.collections.CollectionsKt___CollectionsKt.first(_Collections.kt:214)",
                    "io.github.yamin8000.owl.content.home.HomeState.getNewRandomWord("
                    "HomeState.kt:290)",
                    "io.github.yamin8000.owl.content.home.HomeState.access$getNewRandomWord("
                    "HomeState.kt:72)",
                    "io.github.yamin8000.owl.content.home.HomeState$getNewRandomWord$1."
                    "invokeSuspend(Unknown Source:14)",
                    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith("
                    "ContinuationImpl.kt:33)",
                    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)",
                    *callback_frames(25),
                ],
            )
        ctx.ui["text"] = words[0]
        self._search_definition(ctx)

    def _favourite(self, ctx: AppContext) -> None:
        word = ctx.ui["result"]
        if word in ctx.data["favourites"]:
            ctx.ui["snackbar"] = "This word is already added to the favorites."
        else:
            ctx.data["favourites"].append(word)
            ctx.ui["snackbar"] = "Added to favourites"

    def _open_word(self, ctx: AppContext, word: str) -> None:
        """A history or favourites item opens home with the word as the search term."""
        ctx.ui["routes"].append("home")
        ctx.ui.update(text=word, result=None, snackbar="")
        self._search_definition(ctx)

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = self._route(ctx)
        if route == "home":
            return Screen(content=self._home(ctx), title="freeDictionary")
        titles = {
            "history": "Search History",
            "favourites": "Favourite Words",
            "settings": "Settings",
            "about": "About",
        }
        body = {
            "history": lambda: self._word_list(ctx, "history"),
            "favourites": lambda: self._word_list(ctx, "favourites"),
            "settings": lambda: self._settings(ctx),
            "about": lambda: [
                w.text_view("This is a free application under GNU license, see more:")
            ],
        }[route]()
        bar = _row([_icon("", self._pop), w.text_view(titles[route])], height=147)
        content = View(cls=COMPOSE, children=[bar, View(cls=VIEW, scrollable=True, children=body)])
        return Screen(content=content, title=titles[route])

    def _home(self, ctx: AppContext) -> View:
        handlers = {
            "random": self._random,
            **{r: w.bind(self._navigate, r) for _, r in TOP_ICONS if r != "random"},
        }
        top = _row(
            [w.image_view(width=147), *[_icon(desc, handlers[route]) for desc, route in TOP_ICONS]],
            height=147,
        )
        body: list[View] = []
        word = ctx.ui.get("result")
        if word:
            phonetic, kind, definition, example = API[word]
            card = _row(
                [
                    View(cls=VIEW, children=[w.text_view(word), w.text_view(phonetic)]),
                    View(
                        cls=VIEW,
                        children=[
                            _icon("Favourite Words", self._favourite),
                            _icon("Share", None),
                        ],
                    ),
                ]
            )
            meaning = [w.text_view("Type"), w.text_view(kind)]
            meaning += [w.text_view("Definition"), w.text_view(definition)]
            if example:
                meaning += [w.text_view("Example"), w.text_view(example)]
            body += [card, View(cls=VIEW, children=meaning)]
        else:
            body += [w.text_view(HINT), View(cls=VIEW, height=400)]
        if ctx.ui.get("snackbar"):
            body.append(w.text_view(ctx.ui["snackbar"]))
        field = w.edit_text(
            "",
            ctx.ui.get("text", ""),
            lambda c, t: c.ui.update(text=t),
            hint="Search",
            width=800,
        )
        bottom = _row(
            [
                _icon("Clear", lambda c: c.ui.update(text="")),
                field,
                _icon("Search", self._search),
            ],
            height=200,
        )
        main = View(cls=VIEW, scrollable=True, children=body)
        return View(cls=COMPOSE, children=[top, main, bottom])

    def _word_list(self, ctx: AppContext, kind: str) -> list[View]:
        rows = [
            View(
                cls=VIEW,
                height=147,
                on_click=w.bind(self._open_word, item),
                children=[w.text_view(item)],
            )
            for item in reversed(ctx.data[kind])
        ]
        clear = View(
            cls=VIEW,
            on_click=lambda c: c.data.update({kind: []}),
            height=147,
            children=[w.text_view("Clear All")],
        )
        return [*rows, clear] if rows else rows

    def _settings(self, ctx: AppContext) -> list[View]:
        def switch(caption: str, key: str) -> View:
            return _row(
                [
                    w.text_view(caption),
                    View(
                        cls="android.widget.Switch",
                        checkable=True,
                        checked=bool(ctx.data[key]),
                        clickable=False,
                        width=180,
                    ),
                ],
                height=147,
                on_click=lambda c: c.data.update({key: not c.data[key]}),
            )

        return [
            w.text_view("General"),
            switch("Vibrate on scroll", "vibrating"),
            switch("Blank startup search", "starting_blank"),
            w.text_view("Theme"),
            View(cls=VIEW, height=147, children=[w.text_view("System")]),
            w.text_view(
                "On Android 12+ your app theme colors are based on your home screen background"
            ),
            w.text_view("Text-to-Speech Language"),
            View(cls=VIEW, height=147, children=[w.text_view("en-US")]),
        ]


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "freeDictionaryApp#52": [
        # A word searched first fills the word table: the die shows a cached word.
        [*search("free"), die()],
        # A word the API does not know: nothing is cached, and the die is not tapped.
        [*search("qwzx")],
        # Blank startup search turned off: back on home, "free" is searched at once.
        [
            click(PACKAGE, desc="Settings"),
            click(PACKAGE, text="Blank startup search"),
            {"kind": "press_back"},
            die(),
        ],
        # Search History opened and left instead of the die.
        [click(PACKAGE, desc="Search History"), {"kind": "press_back"}],
    ],
}
