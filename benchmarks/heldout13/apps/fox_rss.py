"""Fox RSS (``com.pigeoff.rss``) 1.1, for Fox-RSS#1.

Modelled from the sources of tag ``v1.1`` (commit ``3c2fda017ec8f3832a26fb60fe143023ba40d8d3``,
``versionName "1.1"``, the build of the day the issue was filed) and the fix, commit
``14f5b4332db4390992fbb2ea77d77c8394dce13d`` ("Fixing bug when no description is given in the rss
feed", released as v1.1.1): ``AndroidManifest.xml``, ``activities/MainActivity.kt``,
``fragments/SwipeFragment.kt``, ``fragments/FeedsFragment.kt``,
``fragments/EditBottomSheetFragment.kt``, ``fragments/SelectionFragment.kt``,
``adapters/SwipeAdapter.kt``, ``adapters/FeedsAdapter.kt``, ``services/FeedsService.kt``,
``res/layout/{activity_main,layout_fragment_swipe,layout_fragment_feeds,sheet_edit_sheet,
adapter_swipe,adapter_feeds,layout_fragment_selection}.xml``, ``res/menu/{menu_bttn,menu_home,
menu_feeds}.xml`` and ``res/values/strings.xml``.

The app: one activity (``MainActivity``, ``configChanges="orientation|screenSize|keyboard"``, so
a rotation keeps everything) whose BottomNavigationView (material 1.1.0: labels ``largeLabel``)
switches three fragments: "Articles" (``SwipeFragment``, a CardStackView of the feeds' articles,
its "Hello" header, the rewind FAB ``bttnReverse`` and the ``bttnOptions`` popup menu: Settings,
Check for new articles, Reload all ignored articles), "Selection" (the articles swiped right) and
"RSS feeds" (``FeedsFragment``: the feeds, newest first, and the ``addBttn`` FAB opening the
``EditBottomSheetFragment`` sheet: ``editFeed`` "URL of the RSS feed" and ``okBtn`` "Add"; a URL
the parser cannot read shows "Error. It doesn't work..." under the field). Tapping a feed row
selects it and starts an action mode whose Delete asks "Delete a RSS Feed" (Cancel / Confirm).
With no feed, "Articles" shows "Please add an RSS Feed to see and select articles" and an "Add
RSS Feed" button that switches to the feeds. The intro (``IntroFragment``) is never shown in this
build (``firstLaunch()`` has no caller), so a fresh install opens on "Articles".

The bug (Fox-RSS#1, crash): ``SwipeAdapter.onBindViewHolder`` (line 71) sets each card's
description with ``Html.fromHtml(art.article.description, FROM_HTML_MODE_LEGACY)``; an item
without a ``<description>`` (a Medium feed gives only ``content:encoded``) has a null
description, and ``HtmlToSpannedConverter.convert`` wraps it in a ``StringReader``:
``java.lang.NullPointerException: Attempt to invoke virtual method 'int java.lang.String.length()'
on a null object reference``. Cards are bound when "Articles" shows them: on selecting the tab
(a new ``SwipeFragment`` loads every feed), at launch, on "Check for new articles" / "Reload all
ignored articles", and when a swipe brings a new card into the stack's three visible ones (the
CardStackLayoutManager default). The fix wraps the three ``setText`` calls in try/catch.

Network content replaced by fixed data: the three feeds below answer with fixed channels (the
Medium feed's items carry no description; the others do); any other URL fails to parse (the
sheet's error). A URL is looked up as typed, trimmed, with ``http://`` read as ``https://`` and
one trailing slash ignored. Pictures and favicons (Picasso) are not drawn.

Stubbed: ``SettingsActivity`` (a title and Navigate up); the "Selection" list shows only the
titles of the articles swiped right (no item menu, no action mode); article cards cannot be
opened (this build's cards have no click handler). The share-to-add intent is not modelled.

Uncertain: the report quotes only the two top frames (``StringReader.<init>`` and
``HtmlToSpannedConverter.convert``); the frames below them (``Html.fromHtml``, RecyclerView,
CardStackLayoutManager, Choreographer, Looper) are reconstructed for the reporter's Android 11
era device, and their line numbers are approximate.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.pigeoff.rss"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"

ARTICLES = "Articles"
SELECTION = "Selection"
FEEDS = "RSS feeds"
TABS = (("itemArticles", ARTICLES), ("itemSelections", SELECTION), ("itemFeeds", FEEDS))

URL_HINT = "URL of the RSS feed"
EDIT_ERROR = "Error. It doesn't work..."
VISIBLE_CARDS = 3  # CardStackLayoutManager's default visibleCount

MEDIUM = "https://medium.com/feed/androiddevelopers"
# The fixed internet: feed URL -> (channel title, channel link, items). An item is
# (title, description or None, pubDate, sort key, link).
CHANNELS: dict[str, tuple[str, str, list[tuple[str, str | None, str, int, str]]]] = {
    MEDIUM: (
        "Android Developers - Medium",
        "https://medium.com/androiddevelopers",
        [
            (
                "Compose for Wear OS: what's new",
                None,
                "Wed, 14 Apr 2021 16:02:11 GMT",
                2021041416,
                "https://medium.com/androiddevelopers/compose-wear-os-1a2b",
            ),
            (
                "Room auto-migrations",
                None,
                "Tue, 13 Apr 2021 17:30:05 GMT",
                2021041317,
                "https://medium.com/androiddevelopers/room-auto-migrations-3c4d",
            ),
            (
                "Hilt in multi-module apps",
                None,
                "Mon, 12 Apr 2021 15:11:40 GMT",
                2021041215,
                "https://medium.com/androiddevelopers/hilt-multi-module-5e6f",
            ),
            (
                "Testing coroutines on Android",
                None,
                "Fri, 09 Apr 2021 14:20:00 GMT",
                2021040914,
                "https://medium.com/androiddevelopers/testing-coroutines-7a8b",
            ),
        ],
    ),
    "https://xkcd.com/rss.xml": (
        "xkcd.com",
        "https://xkcd.com/",
        [
            (
                "Vaccine Guidance",
                '<img src="https://imgs.xkcd.com/comics/vaccine_guidance.png" '
                'title="Guidance" alt="Vaccine Guidance" />',
                "Wed, 14 Apr 2021 04:00:00 -0000",
                2021041404,
                "https://xkcd.com/2451/",
            ),
            (
                "Perseverance Drone",
                '<img src="https://imgs.xkcd.com/comics/perseverance_drone.png" '
                'title="Drone" alt="Perseverance Drone" />',
                "Mon, 12 Apr 2021 04:00:00 -0000",
                2021041204,
                "https://xkcd.com/2450/",
            ),
            (
                "Sloped Border",
                '<img src="https://imgs.xkcd.com/comics/sloped_border.png" '
                'title="Border" alt="Sloped Border" />',
                "Fri, 09 Apr 2021 04:00:00 -0000",
                2021040904,
                "https://xkcd.com/2449/",
            ),
        ],
    ),
    "https://www.lemonde.fr/rss/une.xml": (
        "Le Monde.fr - Actualités et Infos en France et dans le monde",
        "https://www.lemonde.fr/rss/une.xml",
        [
            (
                "Le point sur la vaccination en France",
                "Les autorités ont présenté le nouveau calendrier de vaccination.",
                "Wed, 14 Apr 2021 15:40:12 +0200",
                2021041413,
                "https://www.lemonde.fr/planete/article/2021/04/14/vaccination_1.html",
            ),
            (
                "Printemps froid sur l'Europe",
                "Des gelées tardives menacent les vignes et les vergers.",
                "Tue, 13 Apr 2021 09:05:00 +0200",
                2021041307,
                "https://www.lemonde.fr/planete/article/2021/04/13/gel_2.html",
            ),
        ],
    ),
}

NPE_MESSAGE = (
    "Attempt to invoke virtual method 'int java.lang.String.length()' on a null object reference"
)
BIND_FRAMES = (
    "java.io.StringReader.<init>(StringReader.java:50)",
    "android.text.HtmlToSpannedConverter.convert(Html.java:748)",
    "android.text.Html.fromHtml(Html.java:236)",
    "android.text.Html.fromHtml(Html.java:199)",
    "com.pigeoff.rss.adapters.SwipeAdapter.onBindViewHolder(SwipeAdapter.kt:71)",
    "androidx.recyclerview.widget.RecyclerView$Adapter.onBindViewHolder(RecyclerView.java:7065)",
    "androidx.recyclerview.widget.RecyclerView$Adapter.bindViewHolder(RecyclerView.java:7107)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.tryBindViewHolderByDeadline"
    "(RecyclerView.java:6012)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.tryGetViewHolderForPositionByDeadline"
    "(RecyclerView.java:6279)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.getViewForPosition(RecyclerView.java:6118)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.getViewForPosition(RecyclerView.java:6114)",
    "com.yuyakaido.android.cardstackview.CardStackLayoutManager.update"
    "(CardStackLayoutManager.java:214)",
    "com.yuyakaido.android.cardstackview.CardStackLayoutManager.onLayoutChildren"
    "(CardStackLayoutManager.java:56)",
    "androidx.recyclerview.widget.RecyclerView.dispatchLayoutStep2(RecyclerView.java:4309)",
    "androidx.recyclerview.widget.RecyclerView.dispatchLayout(RecyclerView.java:4012)",
    "androidx.recyclerview.widget.RecyclerView.onLayout(RecyclerView.java:4578)",
    "android.view.View.layout(View.java:22844)",
    "android.view.ViewGroup.layout(ViewGroup.java:6529)",
    "android.view.ViewRootImpl.performLayout(ViewRootImpl.java:3399)",
    "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:2856)",
    "android.view.ViewRootImpl.doTraversal(ViewRootImpl.java:1913)",
    "android.view.ViewRootImpl$TraversalRunnable.run(ViewRootImpl.java:8057)",
    "android.view.Choreographer$CallbackRecord.run(Choreographer.java:972)",
    "android.view.Choreographer.doCallbacks(Choreographer.java:796)",
    "android.view.Choreographer.doFrame(Choreographer.java:731)",
    "android.view.Choreographer$FrameDisplayEventReceiver.run(Choreographer.java:957)",
    "android.os.Handler.handleCallback(Handler.java:938)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loop(Looper.java:223)",
    "android.app.ActivityThread.main(ActivityThread.java:7656)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
)


def _lookup(url: str) -> str | None:
    """The fixed feed a typed URL reaches, or None (the parser throws)."""
    url = url.strip()
    if url.startswith("http://"):
        url = "https://" + url[len("http://") :]
    if url.endswith("/") and url[:-1] in CHANNELS:
        url = url[:-1]
    return url if url in CHANNELS else None


def _crashed_on_null_description(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "java.lang.NullPointerException", "String.length()")


def _nav(tab_rid: str, title: str) -> dict[str, Any]:
    return click(PACKAGE, tab_rid, desc=title)


BUG_1 = BugSpec(
    bug_id="Fox-RSS#1",
    kind="crash",
    title="Attempt to invoke virtual method 'int java.lang.String.length()' on a null object "
    "reference",
    oracle=_crashed_on_null_description,
    human_steps=(
        _nav("itemFeeds", FEEDS),
        click(PACKAGE, "addBttn"),
        input_text(PACKAGE, "editFeed", MEDIUM, hint=URL_HINT),
        click(PACKAGE, "okBtn", "Add"),
        _nav("itemArticles", ARTICLES),
    ),
)

WRONG_SEQUENCES = {
    "Fox-RSS#1": [
        # The feed is added but the articles tab is never shown again.
        [
            _nav("itemFeeds", FEEDS),
            click(PACKAGE, "addBttn"),
            input_text(PACKAGE, "editFeed", MEDIUM, hint=URL_HINT),
            click(PACKAGE, "okBtn", "Add"),
        ],
        # The URL is typed but the sheet is closed with Back instead of "Add".
        [
            _nav("itemFeeds", FEEDS),
            click(PACKAGE, "addBttn"),
            input_text(PACKAGE, "editFeed", MEDIUM, hint=URL_HINT),
            {"kind": "press_back"},  # hides the keyboard
            {"kind": "press_back"},
            _nav("itemArticles", ARTICLES),
        ],
        # A feed whose items all have descriptions.
        [
            _nav("itemFeeds", FEEDS),
            click(PACKAGE, "addBttn"),
            input_text(PACKAGE, "editFeed", "https://xkcd.com/rss.xml", hint=URL_HINT),
            click(PACKAGE, "okBtn", "Add"),
            _nav("itemArticles", ARTICLES),
        ],
        # The Medium feed is deleted again before going back to the articles.
        [
            _nav("itemFeeds", FEEDS),
            click(PACKAGE, "addBttn"),
            input_text(PACKAGE, "editFeed", MEDIUM, hint=URL_HINT),
            click(PACKAGE, "okBtn", "Add"),
            click(PACKAGE, "feedTitle", "Android Developers - Medium"),
            click(PACKAGE, "itemDelete", desc="Delete"),
            click(PACKAGE, "android:id/button1", "Confirm"),
            _nav("itemArticles", ARTICLES),
        ],
        # The URL without its scheme: the parser fails and nothing is added.
        [
            _nav("itemFeeds", FEEDS),
            click(PACKAGE, "addBttn"),
            input_text(PACKAGE, "editFeed", "medium.com/feed/androiddevelopers", hint=URL_HINT),
            click(PACKAGE, "okBtn", "Add"),
            {"kind": "press_back"},  # hides the keyboard
            {"kind": "press_back"},
            _nav("itemArticles", ARTICLES),
        ],
    ]
}


class FoxRss11(VirtualApp):
    """Fox RSS 1.1 (see the module docstring)."""

    name: ClassVar[str] = "Fox-RSS"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Fox RSS"
    version: ClassVar[str] = "1.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1,)

    def initial_data(self) -> dict[str, Any]:
        # Room tables: the feeds (RSSDbFeed) and the swiped articles (RSSDbItem).
        return {"feeds": [], "next_feed_id": 1, "items": []}

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN or "tab" in ctx.ui:
            return  # configChanges: a rotation keeps the activity and its fragments
        ctx.ui.update(
            tab=ARTICLES,
            actual=ARTICLES,
            sheet=None,
            popup=False,
            selected=[],
            delete_dialog=False,
            cards=[],
            top=0,
        )
        self._start_swipe(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("selected"):
            ctx.ui["selected"] = []  # the action mode closes
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if (
            ctx.activity != MAIN
            or ctx.ui.get("tab") != ARTICLES
            or direction
            not in (
                "left",
                "right",
            )
        ):
            return False
        cards = ctx.ui["cards"]
        top = ctx.ui["top"]
        if top >= len(cards):
            return False
        card = cards[top]
        # mOnDragListener.onCardSwiped: the article is saved, interesting when swiped right.
        ctx.data["items"].append(
            {
                "link": card["link"],
                "title": card["title"],
                "feed_id": card["feed_id"],
                "interesting": direction == "right",
            }
        )
        ctx.ui["top"] = top + 1
        self._bind_visible(ctx)
        return True

    # -- the articles (SwipeFragment) ------------------------------------------------------
    def _start_swipe(self, ctx: AppContext) -> None:
        """A new SwipeFragment: initRSSArticles(false)."""
        ctx.ui["cards"] = []
        ctx.ui["top"] = 0
        self._init_articles(ctx)

    def _init_articles(self, ctx: AppContext) -> None:
        if not ctx.data["feeds"]:
            ctx.ui["cards"] = []
            return
        saved = {item["link"] for item in ctx.data["items"]}
        articles = []
        for feed in ctx.data["feeds"]:
            key = _lookup(feed["url"])
            if key is None:
                continue
            for title, description, pub, order, link in CHANNELS[key][2]:
                if link not in saved:
                    articles.append(
                        {
                            "title": title,
                            "description": description,
                            "pub": pub,
                            "order": order,
                            "link": link,
                            "feed_id": feed["id"],
                            "source": feed["title"],
                        }
                    )
        articles.sort(key=lambda a: a["order"], reverse=True)  # newest first
        ctx.ui["cards"] = articles
        ctx.ui["top"] = 0
        self._bind_visible(ctx)

    def _bind_visible(self, ctx: AppContext) -> None:
        """The CardStackLayoutManager binds the visible cards: SwipeAdapter.onBindViewHolder."""
        top = ctx.ui["top"]
        for card in ctx.ui["cards"][top : top + VISIBLE_CARDS]:
            if card["description"] is None:
                raise JavaException(
                    "java.lang.NullPointerException", NPE_MESSAGE, frames=list(BIND_FRAMES)
                )

    def _rewind(self, ctx: AppContext) -> None:
        top = ctx.ui["top"]
        if top == 0:
            return
        card = ctx.ui["cards"][top - 1]
        ctx.data["items"] = [i for i in ctx.data["items"] if i["link"] != card["link"]]
        ctx.ui["top"] = top - 1

    def _popup_choice(self, ctx: AppContext, choice: str) -> None:
        ctx.ui["popup"] = False
        if choice == "settings":
            ctx.start_activity(SETTINGS)
        elif choice == "reload":
            self._init_articles(ctx)
        else:  # resetItems: forget the articles swiped left, then reload
            ctx.data["items"] = [i for i in ctx.data["items"] if i["interesting"]]
            self._init_articles(ctx)

    # -- navigation ------------------------------------------------------------------------
    def _select_tab(self, ctx: AppContext, title: str) -> None:
        ctx.ui["selected"] = []
        if title != ctx.ui["actual"]:
            ctx.ui["tab"] = title
            ctx.ui["sheet"] = None
            if title == ARTICLES:
                ctx.ui["actual"] = title
                self._start_swipe(ctx)
        ctx.ui["actual"] = title

    def _add_rss_feed(self, ctx: AppContext) -> None:
        """btnErrorArticle: setFragmentFromExterior(itemFeeds, FeedsFragment)."""
        ctx.ui["tab"] = FEEDS
        ctx.ui["actual"] = FEEDS

    # -- the feeds (FeedsFragment and its sheet) -------------------------------------------
    def _open_sheet(self, ctx: AppContext) -> None:
        ctx.ui["sheet"] = {"text": "", "error": False}

    def _sheet_text(self, ctx: AppContext, text: str) -> None:
        if ctx.ui["sheet"] is not None:
            ctx.ui["sheet"]["text"] = text

    def _add_feed(self, ctx: AppContext) -> None:
        sheet = ctx.ui["sheet"]
        url = sheet["text"]
        key = _lookup(url)
        if key is None:
            sheet["error"] = True
            return
        feed = {"id": ctx.data["next_feed_id"], "url": url, "title": CHANNELS[key][0]}
        ctx.data["next_feed_id"] += 1
        ctx.data["feeds"].append(feed)
        ctx.ui["sheet"] = None  # dismiss(); the field is cleared

    def _toggle_feed(self, ctx: AppContext, feed_id: int) -> None:
        w.toggle(ctx.ui["selected"], feed_id)

    def _confirm_delete(self, ctx: AppContext) -> None:
        chosen = set(ctx.ui["selected"])
        ctx.data["feeds"] = [f for f in ctx.data["feeds"] if f["id"] not in chosen]
        ctx.data["items"] = [i for i in ctx.data["items"] if i["feed_id"] not in chosen]
        ctx.ui["selected"] = []
        ctx.ui["delete_dialog"] = False

    # -- screens ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return Screen(content=w.child_page("Settings"))
        ui = ctx.ui
        tab = ui["tab"]
        if tab == ARTICLES:
            page = self._swipe_page(ctx)
        elif tab == SELECTION:
            page = self._selection_page(ctx)
        else:
            page = self._feeds_page(ctx)
        nav = w.bottom_navigation(
            TABS,
            tab,
            self._select_tab,
            rid="bttmNav",
            label_rid="largeLabel",
        )
        content = w.linear_layout([w.frame_layout([page], rid="framLayout"), nav], rid="")
        return Screen(content=content, windows=self._windows(ctx))

    def _swipe_page(self, ctx: AppContext) -> View:
        ui = ctx.ui
        children: list[View] = [w.text_view("Hello ☀️", "textView", height=160)]
        cards = ui["cards"][ui["top"] :]
        if not ctx.data["feeds"]:
            children.append(
                w.linear_layout(
                    [
                        w.text_view(
                            "Please add an RSS Feed to see and select articles",
                            "txtErrorArticles",
                            height=160,
                        ),
                        w.button("btnErrorArticle", "Add RSS Feed", self._add_rss_feed),
                    ],
                    rid="layooutErrorArticle",
                    weight=0,
                )
            )
        elif cards:
            card = cards[0]
            children.append(
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="cardStackView",
                    children=[
                        View(
                            cls="androidx.cardview.widget.CardView",
                            resource_id="cardView",
                            clickable=True,
                            children=[
                                w.image_view("imageView"),
                                w.image_view("feedFavicon", height=105, width=105),
                                w.linear_layout(
                                    [
                                        w.text_view(card["source"], "cdSource"),
                                        w.text_view(card["title"], "cdTitle", height=200),
                                        w.text_view(card["description"] or "", "cdDescription"),
                                    ],
                                    rid="linearLayout",
                                    weight=0,
                                ),
                            ],
                        )
                    ],
                )
            )
        else:
            children.append(
                View(cls="androidx.recyclerview.widget.RecyclerView", resource_id="cardStackView")
            )
        overlay = w.frame_layout(
            layout=FRAME,
            children=[
                w.image_button(
                    "bttnOptions",
                    "",
                    lambda c: c.ui.update(popup=True),
                    gravity="top_end",
                    width=105,
                    height=105,
                ),
                w.fab("bttnReverse", "", self._rewind, gravity="bottom"),
            ],
        )
        return View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            layout=FRAME,
            children=[w.linear_layout(children), overlay],
        )

    def _selection_page(self, ctx: AppContext) -> View:
        rows = [
            w.text_view(item["title"], height=147)
            for item in ctx.data["items"]
            if item["interesting"]
        ]
        return w.linear_layout(
            [
                w.toolbar("Selection", rid="toolbarFeeds"),
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="feedsRecycler",
                    children=rows,
                ),
            ]
        )

    def _feeds_page(self, ctx: AppContext) -> View:
        ui = ctx.ui
        rows = []
        for feed in reversed(ctx.data["feeds"]):
            rows.append(
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="feedLinear",
                    selected=feed["id"] in ui["selected"],
                    on_click=w.bind(self._toggle_feed, feed["id"]),
                    on_long_click=w.bind(self._toggle_feed, feed["id"]),
                    layout=HORIZONTAL,
                    height=200,
                    children=[
                        w.image_view("feedFavicon", width=105),
                        w.linear_layout(
                            [
                                w.text_view(feed["title"], "feedTitle", height=100),
                                w.text_view(feed["url"], "feedUrl", height=100),
                            ]
                        ),
                    ],
                )
            )
        if ui["selected"]:
            bar = w.toolbar(
                "",
                navigation=w.nav_button("Done", lambda c: c.ui.update(selected=[])),
                actions=[
                    w.action_item("itemDelete", "Delete", lambda c: c.ui.update(delete_dialog=True))
                ],
                rid="action_mode_bar",
            )
        else:
            bar = w.toolbar(FEEDS, rid="toolbarFeeds")
        return View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            layout=FRAME,
            children=[
                w.linear_layout(
                    [
                        bar,
                        View(
                            cls="androidx.recyclerview.widget.RecyclerView",
                            resource_id="feedsRecycler",
                            scrollable=len(rows) > 6,
                            children=rows,
                        ),
                    ]
                ),
                w.fab("addBttn", "", self._open_sheet),
            ],
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["tab"] == ARTICLES and ui["popup"]:
            windows.append(
                w.menu_window(
                    [
                        ("Settings", w.bind(self._popup_choice, "settings"), "itemSettings"),
                        (
                            "Check for new articles",
                            w.bind(self._popup_choice, "reload"),
                            "itemReload",
                        ),
                        (
                            "Reload all ignored articles",
                            w.bind(self._popup_choice, "reset"),
                            "itemReset",
                        ),
                    ],
                    lambda c: c.ui.update(popup=False),
                )
            )
        sheet = ui["sheet"]
        if ui["tab"] == FEEDS and sheet is not None:
            field: list[View] = [
                w.edit_text("editFeed", sheet["text"], self._sheet_text, hint=URL_HINT)
            ]
            if sheet["error"]:
                field.append(w.text_view(EDIT_ERROR, "textinput_error"))
            body = w.linear_layout(
                [
                    View(cls="android.widget.ProgressBar", resource_id="editProgress", height=0),
                    w.linear_layout(
                        [
                            w.linear_layout(field, rid="editLayout", weight=0),
                            w.button("okBtn", "Add", self._add_feed, width=300),
                        ],
                        weight=0,
                    ),
                ],
                weight=0,
            )
            windows.append(
                Window(root=body, kind="sheet", on_dismiss=lambda c: c.ui.update(sheet=None))
            )
        if ui["tab"] == FEEDS and ui["delete_dialog"]:
            windows.append(
                w.confirm_dialog(
                    "Delete a RSS Feed",
                    "Are you sure you want delete this feed ?",
                    ("Confirm", self._confirm_delete),
                    ("Cancel", lambda c: c.ui.update(delete_dialog=False)),
                    lambda c: c.ui.update(delete_dialog=False),
                )
            )
        return windows
