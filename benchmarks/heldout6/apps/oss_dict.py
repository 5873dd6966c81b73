"""OSS-Dict (``com.akylas.aard2``, Akylas/OSS-Dict) 1.0.0, for OSS-Dict#2.

An offline dictionary reader (a Kotlin and Material fork of Aard 2): dictionaries are ``.slob``
files the user adds with the system file picker; a word looked up opens its article, which can be
bookmarked; bookmarks and the articles seen (history) have their own tabs.

Sources read at commit d0602e7 ("fix: handle dictionary file replacement", 2024-10-30;
``versionName`` 1.0.0, versionCode 58, applicationId ``com.akylas.aard2``, the code namespace
``itkach.aard2``), the state of the 1.0.0 release when the report was filed (2024-10-31), and
the fix d1a6901 ("fix: crash when opening bookmark of missing dictionary", 2024-11-06). Files
read: ``MainActivity`` (``activity_main.xml``, ``bottom_navigation_menu.xml``: the Dictionaries
tab is selected at start while there is no dictionary), ``DictionariesFragment``
(``dictionaries.xml`` menu, ``dictionaries_empty_view_extra.xml``, ``ACTION_OPEN_DOCUMENT``),
``DictionaryListAdapter`` (``dictionary_list_item.xml``, the forget confirmation),
``LookupFragment`` (``lookup.xml``: a SearchView), ``ArticleCollectionActivity``/
``ArticleFragment`` (``article.xml``; opening an article adds it to history),
``BlobDescriptorList``, ``BlobDescriptorListAdapter`` (``blob_descriptor_list_item.xml``),
``BaseListFragment`` (``empty_view.xml``), ``Application`` and ``strings.xml``.

Bug OSS-Dict#2 (crash): ``Application.getSlob`` is declared to return a non-null ``Slob`` but
returns ``slobber!!.getSlob(slobId)``, a Java call that answers null for a dictionary no longer
loaded; Kotlin's generated check throws ``NullPointerException: getSlob(...) must not be
null``. ``BlobDescriptorListAdapter.getView`` calls it (through
``BlobDescriptorList.resolveOwner``) for every row of the Bookmarks and History lists, so once a
dictionary that a bookmark (or history record) points into is forgotten, opening the Bookmarks
(or History) tab crashes. Turning the dictionary's switch off does not unload it (the
``Application`` observer loads every dictionary, active or not). The fix makes ``getSlob``
nullable (the row then shows "???").

Fixed data: the device's Downloads folder holds two dictionary files, ``wordnet-3.0.slob``
(label "WordNet") and ``enwiktionary-20240901.slob`` (label "Wiktionary"), each with a few
articles (keys and one-line texts stand in for the HTML articles). Stubbed: Settings (a list of
titles), the article's WebView (its text only), find in page, zoom, styles and full screen
(menu entries that close the menu), the Bookmarks/History filter and sort actions, the
multi-select mode, opening a bookmark (it opens that article), random lookup, the favourite
(star) order of dictionaries. Uncertain: ``article.xml`` uses ``android:showAsAction`` under
AppCompat, which ignores it, so the model puts "Bookmark" in the overflow menu; the lookup runs
600 ms after typing stops (the model looks up at once); the relative timestamp text of a row.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.akylas.aard2"
MAIN = "itkach.aard2.MainActivity"
ARTICLE = "itkach.aard2.ArticleCollectionActivity"
PICKER = "com.android.documentsui.picker.PickActivity"
NPE = "java.lang.NullPointerException"
TABS = (
    ("lookup", "Lookup"),
    ("bookmarks", "Bookmarks"),
    ("history", "History"),
    ("dictionaries", "Dictionaries"),
    ("settings", "Settings"),
)
# The fixed .slob files in Downloads: file name -> (uuid, tags, articles).
FILES: dict[str, dict[str, Any]] = {
    "wordnet-3.0.slob": {
        "id": "5b7a1c3e-wordnet",
        "label": "WordNet",
        "copyright": "Princeton University",
        "license": "WordNet 3.0 license",
        "source": "http://wordnet.princeton.edu",
        "articles": {
            "dictionary": "a reference book containing an alphabetical list of words",
            "diction": "the manner in which something is expressed in words",
            "word": "a unit of language that native speakers can identify",
            "wordbook": "a reference book containing words (usually with their meanings)",
        },
    },
    "enwiktionary-20240901.slob": {
        "id": "9e02d4aa-wiktionary",
        "label": "Wiktionary",
        "copyright": "Wiktionary editors and contributors",
        "license": "Creative Commons Attribution-ShareAlike",
        "source": "http://en.wiktionary.org",
        "articles": {
            "dictionary": "A reference work with a list of words from one or more languages.",
            "word": "The smallest unit of language that has a particular meaning.",
            "free": "Unconstrained; not under obligation or necessity.",
        },
    },
}
SETTINGS = (
    "User Interface Style",
    "User Styles",
    "Load Remote Content",
    "Use volume buttons for navigation",
    "Auto-paste from clipboard",
    "Use only favorite dictionaries for random lookup",
    "Clear Cache",
    "About Aard 2",
)
ARTICLE_MENU = (
    "Full Screen",
    "Find in page",
    "Load Remote Content",
    "Zoom In",
    "Zoom Out",
    "Zoom Reset",
    "Style...",
)


def tab(title: str) -> dict[str, Any]:
    """A tap on a bottom navigation item."""
    return click(PACKAGE, title.lower(), desc=title)


def add_dictionary(file: str = "wordnet-3.0.slob") -> list[dict[str, Any]]:
    """The Dictionaries tab's "Add" action, then the file in the picker."""
    return [
        click(PACKAGE, "action_add_dictionaries", desc="Add"),
        click(PACKAGE, "android:id/title", file),
    ]


def open_article(query: str = "dictionary") -> list[dict[str, Any]]:
    """Lookup tab, type ``query``, tap the first result."""
    return [
        tab("Lookup"),
        input_text(PACKAGE, "search_src_text", query, cls="android.widget.AutoCompleteTextView"),
        click(PACKAGE, "blob_descriptor_key", query),
    ]


def bookmark() -> list[dict[str, Any]]:
    """The article's overflow menu, "Bookmark", then Up back to the main screen."""
    return [
        click(PACKAGE, desc="More options"),
        click(PACKAGE, "title", "Bookmark"),
        click(PACKAGE, desc="Navigate up"),
    ]


def forget_first() -> list[dict[str, Any]]:
    """Dictionaries tab, the first dictionary's delete button, then OK."""
    return [
        tab("Dictionaries"),
        click(PACKAGE, "dictionary_btn_forget"),
        click(PACKAGE, "android:id/button1", "OK"),
    ]


def crashed_on_missing_dictionary(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of OSS-Dict#2: the app crashed resolving a record of a forgotten dictionary."""
    return crashed(system, PACKAGE, NPE, "getSlob(...) must not be null")


class OssDict(VirtualApp):
    """OSS-Dict 1.0.0: five tabs, the file picker and the article screen."""

    name: ClassVar[str] = "OSS-Dict"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Aard 2"
    version: ClassVar[str] = "1.0.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "OSS-Dict#2",
            "crash",
            "Crash caused by deleting a dictionary",
            crashed_on_missing_dictionary,
            human_steps=(
                *add_dictionary(),
                *open_article(),
                *bookmark(),
                *forget_first(),
                tab("Bookmarks"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"dictionaries": [], "bookmarks": [], "history": [], "clock": 0}

    # -- model helpers -------------------------------------------------------------------------
    def _loaded(self, ctx: AppContext) -> dict[str, dict[str, Any]]:
        """Slobber's slobs: every dictionary in the list, active or not, by id."""
        return {FILES[d["file"]]["id"]: FILES[d["file"]] for d in ctx.data["dictionaries"]}

    def _results(self, ctx: AppContext) -> list[list[str]]:
        """The lookup's (key, slob id) results: keys starting with the query, active only."""
        query = ctx.ui.get("query", "").strip().lower()
        if not query:
            return []
        found = []
        for d in ctx.data["dictionaries"]:
            if d["active"]:
                slob = FILES[d["file"]]
                found += [[k, slob["id"]] for k in sorted(slob["articles"]) if k.startswith(query)]
        return found

    def _record(self, ctx: AppContext, kind: str, key: str, slob_id: str) -> None:
        records = ctx.data[kind]
        if not any(r["key"] == key and r["slob"] == slob_id for r in records):
            ctx.data["clock"] += 1
            records.append({"key": key, "slob": slob_id, "at": ctx.data["clock"]})

    # -- main screen ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN and "tab" not in ctx.ui:
            ctx.ui["tab"] = "Lookup" if ctx.data["dictionaries"] else "Dictionaries"
        if ctx.activity == ARTICLE and "page" not in ctx.ui:
            # ArticleCollectionActivity.updateTitle adds the page shown to history.
            self._show_page(ctx, int(ctx.extras.get("position", 0)))

    def _select(self, ctx: AppContext, title: str) -> None:
        if title in ("Bookmarks", "History"):
            loaded = self._loaded(ctx)
            for record in ctx.data[title.lower()]:
                if record["slob"] not in loaded:
                    # The bug: getSlob's null fails Kotlin's non-null check in getView.
                    raise JavaException(
                        NPE,
                        "getSlob(...) must not be null",
                        [
                            "itkach.aard2.Application.getSlob(Application.kt:373)",
                            "itkach.aard2.BlobDescriptorList.resolveOwner("
                            "BlobDescriptorList.kt:144)",
                            "itkach.aard2.BlobDescriptorListAdapter.getView("
                            "BlobDescriptorListAdapter.kt:72)",
                            "android.widget.AbsListView.obtainView(AbsListView.java:2474)",
                            "android.widget.ListView.makeAndAddView(ListView.java:2070)",
                            "android.widget.ListView.fillDown(ListView.java:799)",
                            "android.widget.ListView.layoutChildren(ListView.java:1853)",
                            "android.widget.AbsListView.onLayout(AbsListView.java:2283)",
                            "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:3558)",
                            "android.view.Choreographer.doFrame(Choreographer.java:1106)",
                            *callback_frames(25),
                        ],
                    )
        ctx.ui.update(tab=title, forget=None)
        ctx.hide_keyboard()

    def _lookup(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text

    def _open_result(self, ctx: AppContext, position: int) -> None:
        ctx.start_activity(ARTICLE, {"items": self._results(ctx), "position": position})

    def _open_record(self, ctx: AppContext, record: dict[str, Any]) -> None:
        ctx.start_activity(ARTICLE, {"items": [[record["key"], record["slob"]]], "position": 0})

    def _toggle_active(self, ctx: AppContext, index: int) -> None:
        d = ctx.data["dictionaries"][index]
        d["active"] = not d["active"]

    def _toggle_detail(self, ctx: AppContext, index: int) -> None:
        d = ctx.data["dictionaries"][index]
        d["expand"] = not d["expand"]

    def _forget(self, ctx: AppContext) -> None:
        index = ctx.ui.pop("forget")
        del ctx.data["dictionaries"][index]

    def _pick(self, ctx: AppContext, file: str) -> None:
        """``Application.addDictionary``: a file already in the list is not added again."""
        if not any(d["file"] == file for d in ctx.data["dictionaries"]):
            ctx.data["dictionaries"].append({"file": file, "active": True, "expand": False})
        ctx.finish()

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PICKER:
            rows = [w.document_row(f, w.bind(self._pick, f), size="12 MB") for f in FILES]
            return Screen(content=w.document_picker(rows))
        if ctx.activity == ARTICLE:
            return self._render_article(ctx)
        title = ctx.ui.get("tab", "Lookup")
        body = {
            "Lookup": self._lookup_body,
            "Bookmarks": self._records_body,
            "History": self._records_body,
            "Dictionaries": self._dictionaries_body,
            "Settings": self._settings_body,
        }[title](ctx)
        actions: list[View] = []
        if title == "Dictionaries":
            actions.append(
                w.action_item("action_add_dictionaries", "Add", lambda c: c.start_activity(PICKER))
            )
        elif title in ("Bookmarks", "History"):
            actions += [
                w.action_item("action_filter", "Filter", None),
                w.action_item("action_sort_asc", "Ascending", None),
                w.action_item("action_sort_order", "Descending", None),
            ]
        bar = w.toolbar(title, actions=actions, rid="action_bar")
        if title == "Lookup":
            field = w.edit_text(
                "search_src_text",
                ctx.ui.get("query", ""),
                self._lookup,
                hint="Lookup",
                cls="android.widget.AutoCompleteTextView",
            )
            bar = w.toolbar(w.linear_layout([field], rid="fldLookup"), rid="action_bar")
        nav = w.bottom_navigation(TABS, title, self._select)
        content = w.linear_layout(
            [bar, w.frame_layout([body], rid="nav_host_container"), nav], rid="container"
        )
        return Screen(content=content, title=title, windows=self._windows(ctx))

    def _empty(self, text: str) -> list[View]:
        return [w.image_view("empty_icon"), w.text_view(text, "empty_text")]

    def _row(self, key: str, source: str, handler: Any, when: str = "") -> View:
        """``blob_descriptor_list_item.xml``."""
        return View(
            cls="itkach.aard2.CheckableRelativeLayout",
            children=[
                w.linear_layout(
                    [
                        w.text_view(key, "blob_descriptor_key"),
                        w.linear_layout(
                            [
                                w.text_view(source, "blob_descriptor_source"),
                                w.text_view(when, "blob_descriptor_timestamp"),
                            ],
                            horizontal=True,
                        ),
                    ],
                    rid="blob_descriptor_item",
                )
            ],
            on_click=handler,
            height=190,
        )

    def _lookup_body(self, ctx: AppContext) -> View:
        results = self._results(ctx)
        if not results:
            text = "Nothing found" if ctx.ui.get("query", "").strip() else ""
            return w.linear_layout(self._empty(text))
        loaded = self._loaded(ctx)
        rows = [
            self._row(key, loaded[sid]["label"], w.bind(self._open_result, i))
            for i, (key, sid) in enumerate(results)
        ]
        return w.list_view(rows)

    def _records_body(self, ctx: AppContext) -> View:
        kind = ctx.ui["tab"].lower()
        records = sorted(ctx.data[kind], key=lambda r: -r["at"])
        if not records:
            return w.linear_layout(self._empty(f"No {kind}"))
        loaded = self._loaded(ctx)
        rows = [
            self._row(
                r["key"], loaded[r["slob"]]["label"], w.bind(self._open_record, r), "0 minutes ago"
            )
            for r in records
        ]
        return w.list_view(rows)

    def _dictionary_item(self, index: int, d: dict[str, Any]) -> View:
        """``dictionary_list_item.xml``."""
        slob = FILES[d["file"]]
        details = w.linear_layout(
            [
                w.text_view(f"{len(slob['articles'])} items", "dictionary_blob_count"),
                w.text_view(slob["copyright"], "dictionary_copyright"),
                w.text_view(slob["license"], "dictionary_license"),
                w.text_view(slob["source"], "dictionary_source"),
                w.text_view(d["file"], "dictionary_path"),
            ],
            rid="dictionary_details",
        )
        head = w.linear_layout(
            [
                w.image_view("dictionary_btn_toggle_fav"),
                w.text_view(slob["label"], "dictionary_label"),
                View(
                    cls="android.widget.Switch",
                    resource_id="dictionary_active",
                    checkable=True,
                    checked=d["active"],
                    on_click=w.bind(self._toggle_active, index),
                    width=180,
                ),
            ],
            horizontal=True,
        )
        buttons = w.linear_layout(
            [
                w.linear_layout(
                    [w.image_view("dictionary_btn_toggle_detail")],
                    rid="dictionary_detail_toggle",
                    on_click=w.bind(self._toggle_detail, index),
                ),
                w.image_view(
                    "dictionary_btn_forget",
                    handler=lambda c: c.ui.update(forget=index),
                    width=150,
                ),
            ],
            rid="dictionary_btn_row",
            horizontal=True,
        )
        parts = [head, details, buttons] if d["expand"] else [head, buttons]
        return w.linear_layout(parts, rid="dictionary_item")

    def _dictionaries_body(self, ctx: AppContext) -> View:
        items = ctx.data["dictionaries"]
        if not items:
            return w.linear_layout(
                [
                    *self._empty("No dictionaries"),
                    w.button(
                        "dictionaries_empty_btn_scan", "Add", lambda c: c.start_activity(PICKER)
                    ),
                    w.text_view("http://aarddict.org"),
                ]
            )
        return w.list_view([self._dictionary_item(i, d) for i, d in enumerate(items)])

    def _settings_body(self, ctx: AppContext) -> View:
        return w.list_view([w.list_row(t) for t in SETTINGS])

    def _windows(self, ctx: AppContext) -> list[Window]:
        index = ctx.ui.get("forget")
        if index is None:
            return []
        label = FILES[ctx.data["dictionaries"][index]["file"]]["label"]
        close = lambda c: c.ui.update(forget=None)  # noqa: E731
        return [
            w.confirm_dialog(
                "", f'Forget "{label}"?', ("OK", self._forget), ("Cancel", close), close
            )
        ]

    # -- article screen ------------------------------------------------------------------------
    def _article(self, ctx: AppContext) -> tuple[str, str]:
        items = ctx.extras["items"]
        key, sid = items[ctx.ui.get("page", ctx.extras.get("position", 0))]
        return str(key), str(sid)

    def _show_page(self, ctx: AppContext, page: int) -> None:
        ctx.ui["page"] = page
        key, sid = self._article(ctx)
        self._record(ctx, "history", key, sid)

    def _toggle_bookmark(self, ctx: AppContext) -> None:
        key, sid = self._article(ctx)
        marks = ctx.data["bookmarks"]
        kept = [r for r in marks if not (r["key"] == key and r["slob"] == sid)]
        if len(kept) == len(marks):
            self._record(ctx, "bookmarks", key, sid)
        else:
            ctx.data["bookmarks"] = kept
        ctx.ui["menu"] = False

    def _render_article(self, ctx: AppContext) -> Screen:
        key, sid = self._article(ctx)
        slob = self._loaded(ctx).get(sid)
        label = slob["label"] if slob else "???"
        text = slob["articles"].get(key, "") if slob else ""
        bar = w.toolbar(
            w.linear_layout([w.text_view(label), w.text_view(key)]),
            navigation=w.up_button(),
            actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
            rid="action_bar",
        )
        parts = [bar]
        items = ctx.extras["items"]
        if len(items) > 1:
            page = ctx.ui.get("page", ctx.extras.get("position", 0))
            parts.append(w.tabs([str(k) for k, _ in items], page, self._show_page))
        web = View(cls="android.webkit.WebView", resource_id="webView", text=f"{key}\n{text}")
        parts.append(
            View(cls="androidx.viewpager2.widget.ViewPager2", resource_id="pager", children=[web])
        )
        windows = []
        if ctx.ui.get("menu"):
            close = lambda c: c.ui.update(menu=False)  # noqa: E731
            rows = [
                ("Bookmark", self._toggle_bookmark),
                *[(t, close) for t in ARTICLE_MENU],
            ]
            windows.append(w.menu_window(rows, close))
        return Screen(content=w.linear_layout(parts), title=label, windows=windows)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "OSS-Dict#2": [
        # No bookmark and no article seen: the Bookmarks list is empty.
        [*add_dictionary(), *forget_first(), tab("Bookmarks")],
        # The dictionary's switch turned off instead of forgetting it: it stays loaded.
        [
            *add_dictionary(),
            *open_article(),
            *bookmark(),
            tab("Dictionaries"),
            click(PACKAGE, "dictionary_active"),
            tab("Bookmarks"),
        ],
        # Forget cancelled.
        [
            *add_dictionary(),
            *open_article(),
            *bookmark(),
            tab("Dictionaries"),
            click(PACKAGE, "dictionary_btn_forget"),
            click(PACKAGE, "android:id/button2", "Cancel"),
            tab("Bookmarks"),
        ],
        # Bookmarks opened before the dictionary is forgotten.
        [*add_dictionary(), *open_article(), *bookmark(), tab("Bookmarks"), *forget_first()],
        # The same file added again after forgetting it: its dictionary is loaded again.
        [
            *add_dictionary(),
            *open_article(),
            *bookmark(),
            *forget_first(),
            *add_dictionary(),
            tab("Bookmarks"),
        ],
    ],
}
