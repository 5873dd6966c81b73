"""Openreads 1.17.0 (build 28, ``software.mdev.bookstracker``), with bug openreads#163.

Sources read: github.com/mateusz-bak/openreads at commit f89ef56b ("Upgraded to v1.17.0(28)",
2022-10-12), the native Kotlin app of the report's build; the fix is commit 885eb063
("Reverted dependencies upgrade and custom backup export path.", released as 1.17.1).

Screens (``ui/bookslist``):
- ``SplashScreenActivity`` (launcher): the app name and version, then ``ListActivity``;
- ``ListActivity`` hosts the navigation graph, whose start is ``SetupFragment``: on a fresh
  install a six-page ViewPager2 (``vpSetup``, ``item_setup.xml``): "Welcome to Openreads",
  three description pages, the theme-colour page (``layout_theme_selector.xml``: buttons Brown,
  Teal, Green, Grey, Crimson, Pink, Purple, Orange, Blue, Yellow; paging and "next" stay
  locked until one is picked) and "Enjoy and keep reading!" with the FAB ``fabLaunchApp``
  (content description "Edit displayed book"); "next" (``tvNext``) pages forward, swipes too on
  the unlocked pages. The FAB saves the first launch and shows ``BooksFragment``;
- ``BooksFragment``: the app bar "Openreads" (Search as a collapsible SearchView, "Search in
  your books", filtering the local books; overflow: Sort books, Statistics, Not finished books,
  Settings), tabs Finished / In progress / For later, the FAB ``fabAddBook`` ("Add a new book")
  opening the bottom sheet ``bottom_sheet_add_books.xml``: "Add\\nmanually" (the add/edit dialog,
  a stub with its title and author fields), "Scan barcode" (the camera scanner: not modelled,
  the sheet just closes), "Search in\\nOpen Library";
- ``AddBookSearchFragment`` (title "Search in\\nOpen Library"): first the help dialog
  (``dialog_alert.xml``, "Help for searching books", five paragraphs, "Don't show again", "ok";
  skipped later when ticked), then the field ``etAdderBookTitleSearch`` ("Title, author,
  isbn..."), its clear icon, "search", "filter languages" (the language list, a few rows).
  Typing searches 500 ms after the last change; "search" and the keyboard's search key search
  at once (empty text: nothing).

The bug (openreads#163, crash): 1.17.0 raised the Android Gradle plugin to 7.3.0 and the
libraries (gson 2.9.0, ...); the release build's R8 keeps only the *names* of the model classes
(``-keepnames``), so the Retrofit/Gson model ``OpenLibrarySearchTitleResponse.docs``, a field no
code writes, reaches the app as null. The search observer in ``onViewCreated`` iterates
``booksResponse.docs`` and throws ``NullPointerException`` ("Attempt to invoke interface method
'java.util.Iterator java.util.List.iterator()' on a null object reference") for every Open
Library search answered by the server. 885eb063 reverted the upgrade. The oracle: that crash.

Stubbed / uncertain: the splash delay; the update check (a network call that finds no newer
version); Statistics, Not finished books, Settings and Sort books (titles only); the add/edit
dialog (title and author fields, Save/close inert; issue #159 reports that in this build
adding manually and scanning crash too, with no trace: not modelled); the language list (a few
languages instead of ``Language.db``); the help dialog's "ok" focuses the field and shows the
keyboard in the app (not in the model); whether a query of spaces only reaches the server (the
model searches it like any text). Network content: the Open Library answer is never used
(the crash comes first).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "software.mdev.bookstracker"
SPLASH = ".ui.bookslist.SplashScreenActivity"
LIST = ".ui.bookslist.ListActivity"
APP_NAME = "Openreads"
VERSION = "1.17.0"

SETUP_TEXTS = (
    f"Welcome to {APP_NAME}",
    f"{APP_NAME} will help you keep track of your books.\n\nIt is also a great tool for "
    "organizing your personal library in an easy and transparent way.",
    "Progress with your readings thanks to awesome statistics.\n\nChallenge yourself to be a "
    "better reader!",
    f"{APP_NAME} is completely open source!\n\nIt means that you can inspect the app's code on "
    "your own and contribute to it's development.\n\nAs a bonus you get zero ads and absolutely "
    "no tracking!",
    "Now choose a theme color for the app.\n\nDon't worry, you can change it later.",
    "Enjoy and keep reading!",
)
# (button id, label, accent constant) of layout_theme_selector.xml / SetupAdapter.
ACCENTS = (
    ("btn1", "Brown", "accent_brown_400"),
    ("btn2", "Teal", "accent_cyan_500"),
    ("btn3", "Green", "accent_green_500"),
    ("btn4", "Grey", "accent_light_green"),
    ("btn5", "Crimson", "accent_lime_500"),
    ("btn6", "Pink", "accent_pink_300"),
    ("btn7", "Purple", "accent_purple_500"),
    ("btn8", "Orange", "accent_orange_500"),
    ("btn9", "Blue", "accent_teal_500"),
    ("btn10", "Yellow", "accent_yellow_500"),
)
TABS = ("Finished", "In progress", "For later")
OVERFLOW = ("Sort books", "Statistics", "Not finished books", "Settings")
ADD_SEARCH = "Search in\nOpen Library"
ALERT_TEXTS = (
    "Searching books uses openlibrary.org database. It is free to use but can have some "
    "limitations.",
    "You can search for a book’s title and author’s name. Try to be specific, it will be faster.",
    "If no results found then try a more broad query (just authors name or one word from the "
    "title) but it can take a long time (even a couple of minutes).",
    "If book’s title or author’s name contain diactric characters try to use non-diactric "
    "characters.",
    "Lastly the book you look for might be missing so choose the most similiar one and edit "
    "the details to your liking.",
)
LANGUAGES = ("English", "German", "French", "Spanish", "Polish")

NPE_MESSAGE = (
    "Attempt to invoke interface method 'java.util.Iterator java.util.List.iterator()' on a "
    "null object reference"
)
# The frames of the report's trace (a release build: R8 renamed the lambda and the observer).
NPE_FRAMES = [
    "software.mdev.bookstracker.ui.bookslist.fragments.AddBookSearchFragment"
    ".onViewCreated$lambda-7(AddBookSearchFragment.kt:27)",
    "software.mdev.bookstracker.ui.bookslist.fragments.AddBookSearchFragment.d(Unknown Source:0)",
    "x7.b.d(Unknown Source:10)",
    "androidx.lifecycle.LiveData.b(LiveData.java:30)",
    "androidx.lifecycle.LiveData.c(LiveData.java:56)",
    "androidx.lifecycle.LiveData.j(LiveData.java:15)",
    "androidx.lifecycle.u.j(MutableLiveData.java:1)",
    "androidx.lifecycle.LiveData$a.run(LiveData.java:19)",
    "android.os.Handler.handleCallback(Handler.java:942)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loopOnce(Looper.java:201)",
    "android.os.Looper.loop(Looper.java:288)",
    "android.app.ActivityThread.main(ActivityThread.java:7904)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:548)",
]


def _oracle_163(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """The Open Library search observer crashed on the null ``docs`` list."""
    return crashed(system, PACKAGE, "java.lang.NullPointerException", "java.util.List.iterator()")


NEXT = click(PACKAGE, "tvNext")
SETUP_STEPS = [
    NEXT,
    NEXT,
    NEXT,
    NEXT,
    click(PACKAGE, "btn3"),
    NEXT,
    click(PACKAGE, "fabLaunchApp"),
]
OPEN_SEARCH = [
    click(PACKAGE, "fabAddBook"),
    click(PACKAGE, text=ADD_SEARCH),
    click(PACKAGE, "btnOk"),
]
HUMAN_STEPS_163 = (
    *SETUP_STEPS,
    *OPEN_SEARCH,
    input_text(PACKAGE, "etAdderBookTitleSearch", "Dune"),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "openreads#163": [
        # The search screen opened, nothing typed.
        [*SETUP_STEPS, *OPEN_SEARCH, {"kind": "press_back"}],
        # "search" tapped with the field empty.
        [*SETUP_STEPS, *OPEN_SEARCH, click(PACKAGE, "btnSearchInOL")],
        # The language filter instead of a query.
        [*SETUP_STEPS, *OPEN_SEARCH, click(PACKAGE, "btnFilterLanguage")],
        # The local search of the app bar instead of Open Library.
        [
            *SETUP_STEPS,
            click(PACKAGE, "miSearch"),
            input_text(
                PACKAGE, "search_src_text", "Dune", cls="android.widget.AutoCompleteTextView"
            ),
        ],
    ],
}


class Openreads(VirtualApp):
    """Openreads 1.17.0: the first-run setup, the book tabs, the Open Library search."""

    name: ClassVar[str] = "openreads"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = VERSION
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "openreads#163",
            "crash",
            "[BUG] NPE when search Open Library",
            _oracle_163,
            human_steps=HUMAN_STEPS_163,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_time": True,
            "accent": "",
            "show_ol_alert": True,
            "books": [],
        }

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(LIST)
            ctx.finish()
            return
        if "frags" not in ctx.ui:
            ctx.ui["frags"] = ["setup"] if ctx.data["first_time"] else ["books"]
            ctx.ui.update(page=0, picked="", tab=0)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != LIST:
            return False
        for key in ("sheet", "menu", "add_dialog", "alert"):
            if ctx.ui.get(key):
                ctx.ui[key] = False
                return True
        if ctx.ui.get("search_open"):
            ctx.ui.update(search_open=False, local_query="")
            return True
        return w.pop_back_stack(ctx.ui["frags"])

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != LIST or ctx.ui["frags"][-1] != "setup":
            return False
        if not self._paging_enabled(ctx):
            return False
        return w.pager_swipe(ctx.ui, "page", len(SETUP_TEXTS), direction)

    # -- setup -----------------------------------------------------------------------------
    def _paging_enabled(self, ctx: AppContext) -> bool:
        page = ctx.ui["page"]
        return page < 4 or (page == 4 and bool(ctx.ui.get("picked")))

    def _next(self, ctx: AppContext) -> None:
        if ctx.ui["page"] < 5:
            ctx.ui["page"] += 1

    def _pick(self, ctx: AppContext, accent: str) -> None:
        ctx.ui["picked"] = accent
        ctx.data["accent"] = accent

    def _launch(self, ctx: AppContext) -> None:
        ctx.data["first_time"] = False
        # hotReloadActivity recreates ListActivity, then the graph goes to BooksFragment.
        ctx.ui.clear()
        ctx.ui.update(frags=["books"], page=0, picked="", tab=0)

    def _setup(self, ctx: AppContext) -> View:
        page = ctx.ui["page"]
        body: list[View] = []
        if page == 4:
            body.append(w.text_view(SETUP_TEXTS[4], "tvSetupText"))
            body.append(
                View(
                    cls="android.view.ViewGroup",
                    resource_id="clThemeSelector",
                    children=[
                        w.button(
                            rid,
                            label,
                            w.bind(self._pick, accent),
                            selected=ctx.ui.get("picked") == accent,
                        )
                        for rid, label, accent in ACCENTS
                    ],
                )
            )
        else:
            body.append(w.image_view("ivSetupImage", height=600, weight=0))
            body.append(w.text_view(SETUP_TEXTS[page], "tvSetupText"))
            if page == 5:
                body.append(w.text_view("Click the arrow", "tvSetupSwipeHint"))
        pager = View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="vpSetup",
            children=[View(cls="android.view.ViewGroup", children=body)],
        )
        bottom: list[View] = [
            View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                children=[
                    w.image_view(f"ivPosition{i}", selected=i == page, width=60) for i in range(6)
                ],
            )
        ]
        show_next = page < 4 or (page == 4 and bool(ctx.ui.get("picked")))
        if show_next:
            bottom.append(w.text_view("next", "tvNext", on_click=self._next, width=250))
        overlay: list[View] = [
            View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=200,
                gravity="bottom",
                children=bottom,
            )
        ]
        if page == 5:
            overlay.append(w.fab("fabLaunchApp", "Edit displayed book", self._launch))
        return View(
            cls="android.view.ViewGroup",
            resource_id="frDisplayBook",
            layout=FRAME,
            children=[pager, *overlay],
        )

    # -- books -----------------------------------------------------------------------------
    def _toolbar(self, ctx: AppContext, title: str, up: bool) -> View:
        nav = w.up_button(self._up) if up else None
        actions: list[View] = []
        if not up:
            if ctx.ui.get("search_open"):
                actions.append(
                    w.edit_text(
                        "search_src_text",
                        ctx.ui.get("local_query", ""),
                        self._local_query,
                        hint="Search in your books",
                        cls="android.widget.AutoCompleteTextView",
                        width=700,
                    )
                )
            else:
                actions.append(w.action_item("miSearch", "Search", self._open_local_search))
            actions.append(w.overflow_button(self._open_menu))
        return w.toolbar(title, navigation=nav, actions=actions)

    def _up(self, ctx: AppContext) -> None:
        w.pop_back_stack(ctx.ui["frags"])

    def _open_local_search(self, ctx: AppContext) -> None:
        ctx.ui["search_open"] = True

    def _local_query(self, ctx: AppContext, text: str) -> None:
        # onQueryTextChange: suggestions from the saved books (none on a fresh install).
        ctx.ui["local_query"] = text

    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    def _menu_pick(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item != "Sort books":
            ctx.ui["frags"].append(item)

    def _select_tab(self, ctx: AppContext, i: int) -> None:
        ctx.ui["tab"] = i

    def _books(self, ctx: AppContext) -> View:
        return View(
            cls="android.view.ViewGroup",
            resource_id="frBooks",
            layout=FRAME,
            children=[
                w.linear_layout(
                    [
                        w.tabs(TABS, ctx.ui["tab"], self._select_tab, rid="tlBooks"),
                        View(
                            cls="androidx.viewpager.widget.ViewPager",
                            resource_id="vpBooks",
                            children=[View(cls="androidx.recyclerview.widget.RecyclerView")],
                        ),
                    ]
                ),
                w.fab("fabAddBook", "Add a new book", self._open_sheet),
            ],
        )

    def _open_sheet(self, ctx: AppContext) -> None:
        ctx.ui["sheet"] = True

    def _sheet_pick(self, ctx: AppContext, what: str) -> None:
        ctx.ui["sheet"] = False
        if what == "manual":
            ctx.ui["add_dialog"] = True
            ctx.ui["add_title"] = ""
            ctx.ui["add_author"] = ""
        elif what == "search":
            ctx.ui["frags"].append("search")
            ctx.ui.update(query="", languages_open=False, alert=bool(ctx.data["show_ol_alert"]))
            ctx.ui["dont_show"] = False
        # "scan" opens the camera scanner (not modelled): the sheet closes.

    def _sheet(self) -> Window:
        def row(rid: str, text: str, what: str) -> View:
            return View(
                cls="android.widget.LinearLayout",
                resource_id=rid,
                layout=HORIZONTAL,
                on_click=w.bind(self._sheet_pick, what),
                children=[w.image_view(width=150), w.text_view(text)],
            )

        root = w.linear_layout(
            [
                w.image_view("ivSeparator", "Separator between search and sort", height=40),
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=300,
                    children=[
                        row("llAddManual", "Add\nmanually", "manual"),
                        row("llAddScan", "Scan barcode", "scan"),
                        row("llAddSearch", ADD_SEARCH, "search"),
                    ],
                ),
            ],
            weight=0,
        )
        return Window(root=root, kind="sheet", on_dismiss=self._close_sheet)

    def _close_sheet(self, ctx: AppContext) -> None:
        ctx.ui["sheet"] = False

    # -- Open Library search ----------------------------------------------------------------
    def _search(self, ctx: AppContext, query: str) -> None:
        """searchBooksInOpenLibrary, then the observer of openLibrarySearchResult."""
        if not query:
            return
        # The server answers; the release build's Gson model has docs == null, and the observer
        # iterates it: ``for (item in booksResponse.docs)``.
        raise JavaException("java.lang.NullPointerException", NPE_MESSAGE, NPE_FRAMES)

    def _query(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text
        # addTextChangedListener: a search 500 ms after the change when the text is not empty.
        if text:
            self._search(ctx, text[:-1] if text.endswith(" ") else text)

    def _search_button(self, ctx: AppContext) -> None:
        ctx.hide_keyboard()
        self._search(ctx, ctx.ui.get("query", ""))

    def _clear(self, ctx: AppContext) -> None:
        ctx.ui["query"] = ""

    def _toggle_languages(self, ctx: AppContext) -> None:
        ctx.ui["languages_open"] = not ctx.ui.get("languages_open")

    def on_key(self, ctx: AppContext, key: str) -> bool:
        frags = ctx.ui.get("frags", [])
        if key == "enter" and frags and frags[-1] == "search" and ctx.focus:
            self._search_button(ctx)
            return True
        return False

    def _search_page(self, ctx: AppContext) -> View:
        query = ctx.ui.get("query", "")
        field_row: list[View] = [
            w.edit_text(
                "etAdderBookTitleSearch",
                query,
                self._query,
                hint="Title, author, isbn...",
                width=800,
            )
        ]
        if query:
            field_row.append(w.image_view("ivClearTitleSearch", handler=self._clear, width=120))
        children: list[View] = [
            View(cls="android.view.ViewGroup", layout=HORIZONTAL, height=170, children=field_row),
            View(
                cls="android.view.ViewGroup",
                layout=HORIZONTAL,
                height=150,
                children=[
                    w.button("btnFilterLanguage", "filter languages", self._toggle_languages),
                    w.button("btnSearchInOL", "search", self._search_button),
                ],
            ),
            w.text_view("", "tvResultsNumber", height=80),
        ]
        if ctx.ui.get("languages_open"):
            children.append(
                View(
                    cls="android.widget.FrameLayout",
                    resource_id="frLanguages",
                    children=[
                        View(
                            cls="androidx.recyclerview.widget.RecyclerView",
                            resource_id="rvLanguages",
                            children=[w.check_box("", name, False) for name in LANGUAGES],
                        )
                    ],
                )
            )
        children.append(
            View(
                cls="android.widget.FrameLayout",
                resource_id="frameLayout2",
                children=[
                    View(
                        cls="androidx.recyclerview.widget.RecyclerView", resource_id="rvFoundBooks"
                    )
                ],
            )
        )
        return w.scroll_view(children, rid="scrollView2")

    def _alert(self, ctx: AppContext) -> Window:
        def ok(c: AppContext) -> None:
            if c.ui.get("dont_show"):
                c.data["show_ol_alert"] = False
            c.ui["alert"] = False

        def tick(c: AppContext) -> None:
            c.ui["dont_show"] = not c.ui.get("dont_show")

        root = w.linear_layout(
            [
                w.text_view("Help for searching books", "tvAlertTitle"),
                *[w.text_view(t, f"tvAlertContent{i + 1}") for i, t in enumerate(ALERT_TEXTS)],
                w.check_box(
                    "cbDontShowAgain", "Don't show again", bool(ctx.ui.get("dont_show")), tick
                ),
                w.button("btnOk", "ok", ok),
            ],
            weight=0,
        )
        return Window(root=root, kind="dialog", on_dismiss=self._close_alert)

    def _close_alert(self, ctx: AppContext) -> None:
        ctx.ui["alert"] = False

    def _add_dialog(self, ctx: AppContext) -> Window:
        def field(rid: str, til: str, key: str, hint: str) -> View:
            def typed(c: AppContext, text: str) -> None:
                c.ui[key] = text

            return w.text_input_layout(
                w.edit_text(rid, ctx.ui.get(key, ""), typed, hint=hint), rid=til, height=190
            )

        root = w.linear_layout(
            [
                View(
                    cls="android.view.ViewGroup",
                    resource_id="tlAddBookToolbar",
                    layout=HORIZONTAL,
                    height=147,
                    children=[w.button("btnAdderSaveBook", "Save", lambda c: None)],
                ),
                field("tietBookTitle", "tilBookTitle", "add_title", "Book's title"),
                field("tietBookAuthor", "tilBookAuthor", "add_author", "Book's author"),
            ],
            weight=0,
        )
        return Window(root=root, kind="dialog", on_dismiss=self._close_add)

    def _close_add(self, ctx: AppContext) -> None:
        ctx.ui["add_dialog"] = False

    # -- render ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SPLASH:
            return Screen(
                content=w.linear_layout(
                    [w.text_view(APP_NAME, "tvAppName"), w.text_view(VERSION, "tvAppVersion")]
                )
            )
        top = ctx.ui["frags"][-1]
        windows: list[Window] = []
        if top == "setup":
            return Screen(content=self._setup(ctx))
        if top == "books":
            toolbar = self._toolbar(ctx, APP_NAME, up=False)
            body = self._books(ctx)
        elif top == "search":
            toolbar = self._toolbar(ctx, ADD_SEARCH, up=True)
            body = self._search_page(ctx)
        else:
            toolbar = self._toolbar(ctx, top, up=True)
            body = View(cls="android.widget.FrameLayout")
        if ctx.ui.get("menu"):
            items = [(item, w.bind(self._menu_pick, item)) for item in OVERFLOW]
            windows.append(w.menu_window(items, self._close_menu))
        if ctx.ui.get("sheet"):
            windows.append(self._sheet())
        if ctx.ui.get("alert") and top == "search":
            windows.append(self._alert(ctx))
        if ctx.ui.get("add_dialog"):
            windows.append(self._add_dialog(ctx))
        return Screen(content=w.linear_layout([toolbar, body]), windows=windows)
