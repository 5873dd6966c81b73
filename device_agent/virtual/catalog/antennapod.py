"""AntennaPod (``de.danoeh.antennapod``) 3.8.0, for AntennaPod#7611 ("onPrepareOptionsMenu not
run on first tab switch in statistics") and AntennaPod#7866 ("IllegalArgumentException when
searching fyyd").

Modelled from the sources at tag ``3.8.0``: ``app/.../activity/MainActivity.java``
(``checkFirstLaunch`` turns the bottom navigation on at the first start, ``loadFragment``,
``loadChildFragment``, ``setupToolbarToggle``), ``ui/screen/drawer/BottomNavigation.java`` and
``NavigationNames.java``, ``storage/preferences/.../arrays.xml`` (``nav_drawer_section_tags``),
``ui/screen/home/HomeFragment.java`` (``home_fragment.xml``), ``ui/screen/subscriptions/
SubscriptionFragment.java`` (``fragment_subscriptions.xml``, ``menu/subscriptions.xml``),
``ui/statistics/StatisticsFragment.java`` (``pager_fragment.xml``, ``menu/statistics.xml``), the
three statistics pages' ``onPrepareOptionsMenu``, ``ui/common/PagedToolbarFragment.java``,
``ui/screen/AddFeedFragment.java`` (``addfeed.xml``), ``ui/discovery/OnlineSearchFragment.java``
(``fragment_online_search.xml``, ``menu/online_search.xml``), ``net/discovery/*Searcher.java``,
``app/proguard.cfg`` and ``ui/i18n/.../strings.xml``; the fixes are commits ``b574bc986``
(#7611) and ``bb9980e37`` (#7866).

The screens:

- the launcher's SplashActivity passes straight to ``MainActivity``; on the first start
  ``checkFirstLaunch`` enables the bottom navigation (``bottomNavigationView``: Home, Queue,
  Inbox, Subscriptions and More, ids ``bottom_navigation_*``). More opens a popup list
  (``titleLabel`` rows: Episodes, Downloads, Playback history, Add podcast, Customize
  navigation, Settings). The default page is Home (its welcome text: no subscriptions yet);
  Queue, Inbox, Episodes, Downloads and Playback history are stubs (a toolbar and an empty text);
- Subscriptions: the toolbar's Search and Statistics (``action_statistics``) actions and its
  overflow (stubs), the empty view and the "Add podcast" FAB (``subscriptions_add``);
- Statistics (a child fragment, "Back"): the TabLayout ``sliding_tabs`` (Subscriptions, Years,
  Downloads) over the ViewPager2 ``viewpager``; the toolbar's Filter action
  (``statistics_filter``, opens the filter dialog on the Subscriptions page) and the overflow's
  "Reset statistics data" (a confirmation dialog);
- Add podcast (``addfeed.xml``): the search field ``combinedFeedSearchEditText`` (Enter or
  ``searchButton`` search all providers), the quick discovery grid, "Add podcast by RSS
  address", "Add local folder", "Search Apple Podcasts", "Search fyyd", "Search Podcast Index",
  "Import podcast list (OPML)" (the RSS, folder and OPML entries are stubs);
- the online search (``OnlineSearchFragment``): the toolbar's expanded SearchView
  (``search_src_text``; Enter submits), the results ``gridView`` (``txtvTitle``,
  ``txtvAuthor``), the empty text, ``txtvError`` with ``butRetry``, and ``search_powered_by``.
  A result opens the podcast's preview (``OnlineFeedViewActivity``, a stub).

Network content is fixed data: the quick discovery list (:data:`TOP_PODCASTS`) and the podcasts
the providers find (:data:`DIRECTORY`: title, author and which of Apple and Podcast Index list
it; a search finds the entries whose title or author contains the query). The statistics of a
fresh install are empty (the month shown is :data:`MONTH`).

AntennaPod#7611 (non-crash): ``PagedToolbarFragment`` asks the newly selected page's fragment to
prepare the toolbar's menu in ``onPageSelected``, looking the fragment up by its tag. A tab tap
selects the page before ViewPager2 has laid it out, so the first time a page is reached by its tab
its fragment does not exist yet and the menu keeps the previous page's items (Filter stays on
Years and Downloads, "Reset statistics data" on Downloads). A page that was shown before, or one
reached by a swipe (the drag lays it out before it is selected), prepares the menu. The oracle:
a page was selected and the toolbar kept a menu that page does not show.

AntennaPod#7866 (non-crash): the release build's shrinker removed what Retrofit needs to create
the fyyd client's ``Single`` call adapter, so every fyyd search fails and the search screen shows
``java.lang.IllegalArgumentException: Unable to create call adapter for class
io.reactivex.Single`` / ``for method FyydService.searchPodcasts`` with Retry. The combined search
swallows fyyd's error and shows the other providers' results. The oracle: a fyyd search failed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "de.danoeh.antennapod"
MAIN = ".activity.MainActivity"
PREFERENCES = ".ui.screen.preferences.PreferenceActivity"
ONLINE_FEED = ".ui.screen.onlinefeedview.OnlineFeedViewActivity"
BACK = "Back"  # toolbar_back_button_content_description
MONTH = "Dec 2026"
FYYD_ERROR = (
    "java.lang.IllegalArgumentException: Unable to create call adapter for class "
    "io.reactivex.Single\n    for method FyydService.searchPodcasts"
)
# (fragment tag, bottom navigation id, short label, label) in nav_drawer_section_tags order.
SECTIONS = (
    ("home", "bottom_navigation_home", "Home", "Home"),
    ("queue", "bottom_navigation_queue", "Queue", "Queue"),
    ("inbox", "bottom_navigation_inbox", "Inbox", "Inbox"),
    ("subscriptions", "bottom_navigation_subscriptions", "Subscriptions", "Subscriptions"),
    ("episodes", "bottom_navigation_episodes", "Episodes", "Episodes"),
    ("downloads", "bottom_navigation_downloads", "Downloads", "Downloads"),
    ("history", "bottom_navigation_history", "History", "Playback history"),
    ("addfeed", "bottom_navigation_addfeed", "Add", "Add podcast"),
)
EMPTY_TEXTS = {
    "queue": (
        "No queued episodes",
        'Add an episode by downloading it, or long press an episode and select "Add to queue".',
    ),
    "inbox": (
        "No episodes in the inbox",
        "When new episodes arrive, they will be shown here. You can then decide if you are "
        "interested in them or not.",
    ),
    "episodes": ("No episodes", "When you add a podcast, the episodes will be shown here."),
    "downloads": (
        "No downloaded episodes",
        "You can download episodes on the podcast details screen.",
    ),
    "history": ("No history", "After you listen to an episode, it will appear here."),
}
TABS = ("Subscriptions", "Years", "Downloads")
# StatisticsFragment's pages' onPrepareOptionsMenu: (reset visible, filter visible).
PAGE_MENUS = ((True, True), (True, False), (False, False))
TOP_PODCASTS = (
    "The Daily",
    "Serious Trouble",
    "Hard Fork",
    "Radiolab",
    "Future Knowledge",
    "99% Invisible",
    "Planet Money",
    "Darknet Diaries",
)
# (title, author, found by Apple, found by Podcast Index)
DIRECTORY = (
    ("Future Knowledge", "Future Knowledge", True, True),
    ("Serious Trouble", "Josh Barro and Ken White", True, True),
    ("The Daily", "The New York Times", True, True),
    ("Hard Fork", "The New York Times", True, False),
    ("Radiolab", "WNYC Studios", True, True),
    ("99% Invisible", "Roman Mars", True, True),
    ("Planet Money", "NPR", True, True),
    ("Darknet Diaries", "Jack Rhysider", False, True),
)
PROVIDER_NAMES = {
    "combined": "fyyd, Apple, Podcast Index",
    "fyyd": "fyyd",
    "itunes": "Apple",
    "podcastindex": "Podcast Index",
}


def _stale_menu(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return bool(data.get("stale_statistics_menus"))


def _fyyd_failed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return any(s.get("provider") == "fyyd" for s in data.get("failed_searches", []))


BUG_7611 = BugSpec(
    "AntennaPod#7611",
    "non-crash",
    "`onPrepareOptionsMenu` not run on first tab switch in statistics",
    _stale_menu,
    human_steps=(
        click(PACKAGE, "bottom_navigation_subscriptions", desc="Subscriptions"),
        click(PACKAGE, "action_statistics", desc="Statistics"),
        click(PACKAGE, text="Years", cls="android.widget.TextView"),
    ),
)

BUG_7866 = BugSpec(
    "AntennaPod#7866",
    "non-crash",
    "IllegalArgumentException when searching fyyd",
    _fyyd_failed,
    human_steps=(
        click(PACKAGE, "bottom_navigation_more", desc="More"),
        click(PACKAGE, "titleLabel", "Add podcast"),
        click(PACKAGE, "searchFyydButton", "Search fyyd"),
        input_text(
            PACKAGE,
            "search_src_text",
            "Future Knowledge",
            cls="androidx.appcompat.widget.SearchView$SearchAutoComplete",
        ),
        {"kind": "press_enter"},
    ),
)


class AntennaPod380(VirtualApp):
    """AntennaPod 3.8.0, the release build (see the module docstring)."""

    name: ClassVar[str] = "AntennaPod"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "AntennaPod"
    version: ClassVar[str] = "3.8.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_7611, BUG_7866)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_launch": True,
            "bottom_navigation": False,
            "last_fragment": "home",
            "stale_statistics_menus": 0,
            "failed_searches": [],
            "include_marked_played": False,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        if ctx.data["first_launch"]:  # checkFirstLaunch
            ctx.data.update(first_launch=False, bottom_navigation=True)
        ui = ctx.ui
        ui.setdefault("stack", [{"f": "home"}])  # the default page is Home
        ui.setdefault("more", False)
        ui.setdefault("menu", False)
        ui.setdefault("dialog", None)

    def _top(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.ui["stack"][-1]

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        ui = ctx.ui
        if ui["more"] or ui["menu"]:
            ui.update(more=False, menu=False)
            return True
        if len(ui["stack"]) > 1:
            ui["stack"].pop()
            return True
        return False

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if ctx.activity != MAIN or key != "enter":
            return False
        top = self._top(ctx)
        if top["f"] == "search" and ctx.focus.endswith("search_src_text"):
            ctx.hide_keyboard()  # sv.clearFocus()
            self._search(ctx, top["text"])
            return True
        if top["f"] == "addfeed" and ctx.focus.endswith("combinedFeedSearchEditText"):
            self._combined_search(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        top = self._top(ctx) if ctx.activity == MAIN else {}
        if top.get("f") != "statistics" or direction not in ("left", "right"):
            return False
        page = top["page"] + (1 if direction == "left" else -1)
        if not 0 <= page < len(TABS):
            return False
        # A drag lays the next page out (its fragment is added) before onPageSelected.
        if page not in top["created"]:
            top["created"].append(page)
        self._page_selected(ctx, page)
        return True

    # -- navigation --------------------------------------------------------------------------
    def _load(self, ctx: AppContext, tag: str) -> None:
        """MainActivity.loadFragment: replaces the page and clears the back stack."""
        ctx.data["last_fragment"] = tag
        ctx.ui.update(stack=[self._fragment(tag)], more=False, menu=False, dialog=None)

    def _child(self, ctx: AppContext, tag: str, **extra: Any) -> None:
        """MainActivity.loadChildFragment: on top of the page, with an up arrow."""
        entry = self._fragment(tag)
        entry.update(extra)
        ctx.ui["stack"].append(entry)
        ctx.ui.update(more=False, menu=False)

    def _fragment(self, tag: str) -> dict[str, Any]:
        if tag == "statistics":
            return {"f": tag, "page": 0, "created": [0], "reset": True, "filter": True}
        if tag == "addfeed":
            return {"f": tag, "text": ""}
        return {"f": tag}

    def _bottom_item(self, ctx: AppContext, title: str) -> None:
        if title == "More":
            ctx.ui["more"] = True
            return
        for tag, _, short, _ in SECTIONS:
            if short == title:
                self._load(ctx, tag)

    def _more_item(self, ctx: AppContext, tag: str) -> None:
        ctx.ui["more"] = False
        if tag == "settings":
            ctx.start_activity(PREFERENCES)
        elif tag != "customize":
            self._load(ctx, tag)
        else:
            ctx.ui["dialog"] = {"kind": "customize"}

    def _up(self, ctx: AppContext) -> None:
        if len(ctx.ui["stack"]) > 1:
            ctx.ui["stack"].pop()

    # -- statistics (PagedToolbarFragment) -----------------------------------------------------
    def _tab(self, ctx: AppContext, page: int) -> None:
        top = self._top(ctx)
        if page == top["page"]:
            return
        self._page_selected(ctx, page)
        # ViewPager2 lays the page out after the selection: its fragment exists from now on.
        if page not in top["created"]:
            top["created"].append(page)

    def _page_selected(self, ctx: AppContext, page: int) -> None:
        """onPageSelected: ``findFragmentByTag("f" + position)`` then its onPrepareOptionsMenu."""
        top = self._top(ctx)
        top["page"] = page
        if page in top["created"]:
            top["reset"], top["filter"] = PAGE_MENUS[page]
        if (top["reset"], top["filter"]) != PAGE_MENUS[page]:
            ctx.data["stale_statistics_menus"] += 1

    def _statistics_filter(self, ctx: AppContext) -> None:
        """The toolbar's Filter: StatisticsFragment does not take it, the current page's
        fragment does (only the Subscriptions page opens the dialog)."""
        if self._top(ctx)["page"] == 0:
            ctx.ui["dialog"] = {"kind": "filter"}

    def _reset_statistics(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.data["include_marked_played"] = False

    # -- search ------------------------------------------------------------------------------
    def _open_search(self, ctx: AppContext, provider: str, query: str | None = None) -> None:
        self._child(ctx, "search", provider=provider, text=query or "", state="idle", query="")
        if query is not None:
            self._search(ctx, query)  # sv.setQuery(query, true)

    def _combined_search(self, ctx: AppContext) -> None:
        """AddFeedFragment.performSearch (an RSS address opens the preview instead)."""
        top = self._top(ctx)
        query = top["text"]
        ctx.hide_keyboard()
        if query.startswith(("http://", "https://")):
            ctx.start_activity(ONLINE_FEED, {"url": query})
            return
        top["text"] = ""
        self._open_search(ctx, "combined", query)

    def _search(self, ctx: AppContext, query: str) -> None:
        top = self._top(ctx)
        top["query"] = query
        provider = top["provider"]
        if provider == "fyyd":
            # FyydClient.searchPodcasts: Retrofit cannot create the shrunk Single call adapter.
            ctx.log("FyydSearchFragment", FYYD_ERROR.replace("\n", " "), level="E")
            ctx.data["failed_searches"].append({"provider": provider, "query": query})
            top.update(state="error", results=[])
            return
        top.update(state="results", results=self._hits(provider, query))

    def _hits(self, provider: str, query: str) -> list[list[str]]:
        q = query.lower()
        return [
            [title, author]
            for title, author, apple, index in DIRECTORY
            if (q in title.lower() or q in author.lower())
            and (
                (provider == "itunes" and apple)
                or (provider == "podcastindex" and index)
                or (provider == "combined" and (apple or index))
            )
        ]

    def _type_query(self, ctx: AppContext, text: str) -> None:
        self._top(ctx)["text"] = text

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PREFERENCES:
            return self._stub("Settings")
        if ctx.activity == ONLINE_FEED:
            return self._stub(str(ctx.extras.get("title", "Podcast")))
        top = self._top(ctx)
        kind = top["f"]
        if kind == "statistics":
            page = self._statistics(ctx, top)
        elif kind == "subscriptions":
            page = self._subscriptions(ctx)
        elif kind == "addfeed":
            page = self._addfeed(ctx, top)
        elif kind == "search":
            page = self._online_search(ctx, top)
        elif kind == "home":
            page = self._home(ctx)
        else:
            page = self._empty_page(ctx, kind)
        base = ctx.ui["stack"][0]["f"]
        selected = next((s[2] for s in SECTIONS[:4] if s[0] == base), "More")
        items = [(rid, short) for _, rid, short, _ in SECTIONS[:4]]
        items.append(("bottom_navigation_more", "More"))
        nav = w.bottom_navigation(
            items, selected, self._bottom_item, rid="bottomNavigationView", height=168
        )
        drawer = View(
            cls="androidx.drawerlayout.widget.DrawerLayout",
            resource_id="drawer_layout",
            children=[
                View(
                    cls="androidx.fragment.app.FragmentContainerView",
                    resource_id="main_content_view",
                    children=[page],
                )
            ],
        )
        root = w.linear_layout(rid="main_view")
        root.children = [drawer, nav] if ctx.data["bottom_navigation"] else [drawer]
        return Screen(content=root, windows=self._windows(ctx))

    def _stub(self, title: str) -> Screen:
        bar = w.toolbar(title, navigation=w.nav_button("Navigate up", w.finish))
        return Screen(content=w.linear_layout([bar, View()]))

    def _bar(self, ctx: AppContext, title: str, actions: list[View]) -> View:
        up = w.nav_button(BACK, self._up) if len(ctx.ui["stack"]) > 1 else None
        bar = w.toolbar(
            title, navigation=up, actions=actions, cls="android.view.ViewGroup", rid="toolbar"
        )
        return w.linear_layout([bar], rid="appbar", weight=0)

    def _overflow(self) -> View:
        return w.overflow_button(lambda c: c.ui.update(menu=True))

    def _home(self, ctx: AppContext) -> View:
        bar = self._bar(
            ctx, "Home", [w.action_item("action_search", "Search", None), self._overflow()]
        )
        welcome = w.relative_layout(
            [
                w.image_view("icon", height=300),
                w.text_view("Welcome to AntennaPod!", "titleLabel"),
                w.text_view(
                    "You are not subscribed to any podcasts yet. Open the menu to add a podcast.",
                    height=200,
                ),
            ],
            rid="welcomeContainer",
        )
        return w.linear_layout([bar, welcome])

    def _empty_view(self, title: str, message: str) -> View:
        return w.linear_layout(
            [
                w.image_view("emptyViewIcon", height=200),
                w.text_view(title, "emptyViewTitle"),
                w.text_view(message, "emptyViewMessage", height=200),
            ]
        )

    def _empty_page(self, ctx: AppContext, kind: str) -> View:
        label = next(s[3] for s in SECTIONS if s[0] == kind)
        bar = self._bar(ctx, label, [w.action_item("action_search", "Search", None)])
        head, message = EMPTY_TEXTS[kind]
        return w.linear_layout([bar, self._empty_view(head, message)])

    def _subscriptions(self, ctx: AppContext) -> View:
        bar = self._bar(
            ctx,
            "Subscriptions",
            [
                w.action_item("action_search", "Search", None),
                w.action_item(
                    "action_statistics", "Statistics", lambda c: self._child(c, "statistics")
                ),
                self._overflow(),
            ],
        )
        body = View(
            cls="android.view.ViewGroup",
            resource_id="swipeRefresh",
            children=[
                self._empty_view(
                    "No subscriptions",
                    "To subscribe to a podcast, press the plus icon below.",
                )
            ],
        )
        column = w.linear_layout([bar, body])
        add = w.fab("subscriptions_add", "Add podcast", lambda c: self._child(c, "addfeed"))
        return w.relative_layout([column, add], layout=FRAME)

    def _statistics(self, ctx: AppContext, top: dict[str, Any]) -> View:
        actions: list[View] = []
        if top["filter"]:
            actions.append(w.action_item("statistics_filter", "Filter", self._statistics_filter))
        if top["reset"]:
            actions.append(self._overflow())
        bar = self._bar(ctx, "Statistics", actions)
        page = top["page"]
        if page == 0:
            rows = [
                self._total("0.0 hours", f"Played between {MONTH} and {MONTH}"),
            ]
        elif page == 1:
            rows = [
                w.linear_layout(
                    [
                        View(cls="android.view.View", resource_id="barChart", height=400),
                        w.text_view("Time played per month", "barchart_description", height=100),
                    ],
                    height=500,
                )
            ]
        else:
            rows = [self._total("0 B", "Total size of 0 episodes on the device")]
        pager = View(
            cls="androidx.viewpager2.widget.ViewPager2",
            resource_id="viewpager",
            children=[
                w.frame_layout(
                    [
                        w.list_view(
                            rows,
                            rid="statistics_list",
                            cls="androidx.recyclerview.widget.RecyclerView",
                        )
                    ]
                )
            ],
        )
        tab_bar = w.tabs(TABS, page, self._tab, rid="sliding_tabs", height=140)
        return w.linear_layout([bar, tab_bar, pager])

    def _total(self, value: str, caption: str) -> View:
        return w.relative_layout(
            [
                View(cls="android.view.View", resource_id="pie_chart", height=250),
                w.text_view(value, "total_time", height=100),
                w.text_view(caption, "total_description", height=100),
            ],
            height=450,
        )

    def _addfeed(self, ctx: AppContext, top: dict[str, Any]) -> View:
        bar = self._bar(ctx, "Add podcast", [])
        search = w.linear_layout(
            [
                w.image_view(
                    "searchButton", "Search podcast…", lambda c: self._combined_search(c), width=147
                ),
                w.edit_text(
                    "combinedFeedSearchEditText",
                    top["text"],
                    self._type_query,
                    hint="Search podcast…",
                ),
            ],
            rid="searchbar",
            horizontal=True,
            height=147,
        )
        covers = [
            w.image_view("discovery_cover", title, w.bind(self._preview, title), width=240)
            for title in TOP_PODCASTS
        ]
        grid = View(
            cls="android.widget.GridView",
            resource_id="discover_grid",
            height=520,
            children=[
                View(layout=HORIZONTAL, height=260, children=covers[:4]),
                View(layout=HORIZONTAL, height=260, children=covers[4:]),
            ],
        )
        discovery = w.linear_layout(
            [
                grid,
                w.linear_layout(
                    [
                        w.text_view("Suggestions by Apple Podcasts", "poweredByLabel"),
                        w.button("discover_more", "Discover more »", lambda c: None, width=400),
                    ],
                    horizontal=True,
                    height=126,
                ),
            ],
            rid="quickFeedDiscovery",
            weight=0,
        )

        def entry(rid: str, text: str, handler: Any) -> View:
            return w.text_view(text, rid, on_click=handler, height=140)

        entries = [
            entry("addViaUrlButton", "Add podcast by RSS address", lambda c: None),
            entry("addLocalFolderButton", "Add local folder", lambda c: None),
            entry(
                "searchItunesButton",
                "Search Apple Podcasts",
                lambda c: self._open_search(c, "itunes"),
            ),
            entry("searchFyydButton", "Search fyyd", lambda c: self._open_search(c, "fyyd")),
            entry(
                "searchPodcastIndexButton",
                "Search Podcast Index",
                lambda c: self._open_search(c, "podcastindex"),
            ),
            entry("opmlImportButton", "Import podcast list (OPML)", lambda c: None),
        ]
        scroll = View(
            cls="androidx.core.widget.NestedScrollView",
            resource_id="scrollView",
            scrollable=True,
            scroll_key="addfeed_scroll",
            children=[search, discovery, *entries],
        )
        return w.linear_layout([bar, scroll])

    def _preview(self, ctx: AppContext, title: str) -> None:
        ctx.start_activity(ONLINE_FEED, {"title": title})

    def _online_search(self, ctx: AppContext, top: dict[str, Any]) -> View:
        query_field = w.edit_text(
            "search_src_text",
            top["text"],
            self._type_query,
            hint="Search podcast…",
            cls="androidx.appcompat.widget.SearchView$SearchAutoComplete",
        )
        plate = [query_field]
        if top["text"]:
            plate.append(
                w.image_view(
                    "search_close_btn", "Clear query", lambda c: self._type_query(c, ""), width=147
                )
            )
        search_view = w.linear_layout(
            [w.linear_layout(plate, rid="search_plate", horizontal=True)],
            rid="search_bar",
            horizontal=True,
        )
        bar = w.toolbar(
            search_view,
            navigation=w.nav_button(BACK, self._up),
            actions=[],
            cls="android.view.ViewGroup",
        )
        bar.children.insert(1, w.image_button("", "Collapse", self._up, width=147))
        state = top["state"]
        body: list[View] = []
        if state == "results" and top["results"]:
            rows = [
                w.relative_layout(
                    [
                        w.image_view("imgvCover", width=220),
                        w.linear_layout(
                            [
                                w.text_view(title, "txtvTitle"),
                                w.text_view(author, "txtvAuthor"),
                            ]
                        ),
                    ],
                    height=220,
                    on_click=w.bind(self._preview, title),
                    layout=HORIZONTAL,
                )
                for title, author in top["results"]
            ]
            body.append(w.list_view(rows, rid="gridView", cls="android.widget.GridView"))
        elif state == "results":
            body.append(
                w.text_view(f'No results were found for "{top["query"]}"', "android:id/empty")
            )
        elif state == "error":
            body.append(w.text_view(FYYD_ERROR, "txtvError", height=200))
            body.append(
                w.button(
                    "butRetry", "Retry", lambda c: self._search(c, self._top(c)["query"]), width=300
                )
            )
        body.append(View())
        body.append(
            w.text_view(
                f"Results by {PROVIDER_NAMES[top['provider']]}", "search_powered_by", height=80
            )
        )
        app_bar = w.linear_layout([bar], rid="appbar", weight=0)
        return w.relative_layout([app_bar, *body])

    # -- windows -----------------------------------------------------------------------------
    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        top = self._top(ctx)
        close_menu = lambda c: c.ui.update(menu=False)  # noqa: E731
        if ui["more"]:
            rows = [
                w.linear_layout(
                    [
                        w.image_view("coverImage", width=126),
                        w.text_view(label, "titleLabel", height=147),
                    ],
                    horizontal=True,
                    height=147,
                    on_click=w.bind(self._more_item, tag),
                )
                for tag, label in [(s[0], s[3]) for s in SECTIONS[4:]]
                + [("customize", "Customize navigation"), ("settings", "Settings")]
            ]
            windows.append(
                Window(
                    root=View(cls="android.widget.ListView", weight=0, children=rows),
                    kind="menu",
                    on_dismiss=lambda c: c.ui.update(more=False),
                )
            )
        if ui["menu"]:
            items: list[tuple[str, Any]]
            if top["f"] == "statistics":
                items = [("Reset statistics data", self._ask_reset)] if top["reset"] else []
            elif top["f"] == "subscriptions":
                titles = ("Refresh", "Filter", "Sort", "Number of columns", "Show titles")
                items = [(t, close_menu) for t in titles]
            else:
                items = [("Refresh", close_menu), ("Configure Home Screen", close_menu)]
            windows.append(w.menu_window(items, close_menu))
        dialog = ui["dialog"]
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        if dialog and dialog["kind"] == "reset":
            windows.append(
                w.confirm_dialog(
                    "Reset statistics data",
                    "This will erase the history of duration played for all episodes. "
                    "Are you sure you want to proceed?",
                    ("Confirm", self._reset_statistics),
                    ("Cancel", close),
                    close,
                )
            )
        elif dialog and dialog["kind"] == "filter":
            body = [
                w.check_box(
                    "includeMarkedCheckbox",
                    "Include duration of episodes that are just marked as played",
                    ctx.data["include_marked_played"],
                    lambda c: c.data.update(
                        include_marked_played=not c.data["include_marked_played"]
                    ),
                ),
                w.linear_layout(
                    [
                        w.text_view("From", width=160),
                        View(cls="android.widget.Spinner", resource_id="timeFromSpinner"),
                        w.text_view("To", width=120),
                        View(cls="android.widget.Spinner", resource_id="timeToSpinner"),
                    ],
                    rid="dateSelectionContainer",
                    horizontal=True,
                    height=126,
                ),
                w.text_view("Notice: Playback speed is never taken into account."),
            ]
            ok = w.dialog_button("android:id/button1", "OK", close)
            windows.append(w.alert_dialog(w.dialog_title("Filter"), body, [ok], close))
        elif dialog and dialog["kind"] == "customize":
            windows.append(
                w.confirm_dialog(
                    "Customize navigation", "", ("Confirm", close), ("Cancel", close), close
                )
            )
        return windows

    def _ask_reset(self, ctx: AppContext) -> None:
        ctx.ui.update(menu=False, dialog={"kind": "reset"})
