"""Pumpkin Reader (``io.pumpkinz.pumpkinreader``, pumpkinz/pumpkin-reader) 1.1, for
pumpkin-reader#54.

A Hacker News reader without accounts: ``MainActivity`` is a DrawerLayout (``sidenav_layout``)
with the ``app_bar`` Toolbar ("Top News"), ``NewsListFragment``'s ``news_list`` RecyclerView and
its refresh FAB, and the ``sidenav`` NavigationView (Top News, Recent News, Ask HN, Show HN, HN
Jobs, Settings, About). A tap on a story starts ``NewsDetailActivity``: a TabLayout
(``news_detail_tab``: Link, Comments) over a ViewPager (``news_detail_pager``) holding
``WebViewFragment`` (the story's page in the ``news_web_view`` WebView) and
``NewsDetailFragment`` (the story header and its comments), and a share FAB.

Sources read at tag v1.1 (commit db64519, 2015-07-17; ``versionName`` 1.1, versionCode 2), the
update the report (2015-07-17) praises, and the fix a51dc09 ("Closes #54: Support back
operation on WebView", 2015-07-18, released in 1.2). Files read: ``MainActivity``,
``NewsListFragment`` (``goToNewsDetail``), ``NewsDetailActivity``, ``WebViewFragment``,
``NewsDetailFragment``, ``SettingsActivity``, ``data/NewsAdapter``, ``data/NewsDetailAdapter``,
the layouts ``activity_main``, ``appbar``, ``fragment_news_list``, ``news_item``,
``activity_news_detail``, ``fragment_web_view``, ``news_detail``, ``fragment_news_detail``,
``comment_item``, ``sidenav_header``, ``activity_settings``, ``menu/menu_sidenav``,
``xml/preferences`` and ``values/strings``.

Bug pumpkin-reader#54 (non-crash): ``WebViewFragment`` gives the WebView a plain
``WebViewClient``, so a link followed on the story's page loads in the same WebView and adds
to its history; but ``NewsDetailActivity`` has no ``onBackPressed``, so Back runs the
activity's default and finishes it, returning to the story list instead of to the story's
page. The fix overrides ``onBackPressed``: on the Link tab, ``webView.goBack()`` while
``canGoBack()``.

Fixed data: four top stories (one a text post, which opens on the Comments tab), one story in
each other list, their comments, and each linked page with a link or two to a further page
(loaded in the same WebView). The device is online. Stubbed: the share chooser (the FAB does
nothing), the system browser the "Open Link" button and the "Use External Browser" setting
start, About, loading more stories, collapsing comments; the time-ago texts are fixed.
Uncertain: how the WebView's page content shows in a dump (modelled as plain views with the
page's texts and links), and the TabLayout tabs' class name in the support library 22.2.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, Screen, View

PACKAGE = "io.pumpkinz.pumpkinreader"
MAIN = ".MainActivity"
DETAIL = ".NewsDetailActivity"
COMMENTS = ".NewsCommentsActivity"
SETTINGS = ".SettingsActivity"
ABOUT = ".AboutActivity"
RECYCLER = "android.support.v7.widget.RecyclerView"
TAB = "android.support.v7.app.ActionBar$Tab"
LISTS = ("Top News", "Recent News", "Ask HN", "Show HN", "HN Jobs")
NAV_IDS = ("top", "new", "ask", "show", "job")
# A story: (title, url or "" for a text post, score, submitter, age, comments, text).
Story = tuple[str, str, int, str, str, int, str]
STORIES: dict[str, tuple[Story, ...]] = {
    "Top News": (
        (
            "Rust 1.1 released",
            "http://blog.rust-lang.org/2015/06/25/Rust-1.1.html",
            412,
            "steveklabnik",
            "3 hours",
            87,
            "",
        ),
        (
            "Ask HN: How do you keep up with papers in your field?",
            "",
            96,
            "mdlm",
            "5 hours",
            41,
            "I work in applied ML and can never find the time to read.",
        ),
        (
            "The Pluto flyby, explained",
            "http://www.nasa.gov/newhorizons/pluto-flyby",
            655,
            "Thevet",
            "8 hours",
            153,
            "",
        ),
        (
            "SQLite as an application file format",
            "https://www.sqlite.org/appfileformat.html",
            231,
            "ingve",
            "2 hours",
            64,
            "",
        ),
    ),
    "Recent News": (
        ("A new Lisp for the JVM", "http://example.com/lisp", 3, "kk", "1 minute", 0, ""),
    ),
    "Ask HN": (("Ask HN: Best books of 2015?", "", 12, "jrm", "1 hour", 9, "Any genre."),),
    "Show HN": (
        ("Show HN: A HN reader for Android", "http://pumpkinz.io", 25, "wiseodd", "6 hours", 7, ""),
    ),
    "HN Jobs": (
        (
            "Stripe is hiring Android engineers",
            "https://stripe.com/jobs",
            1,
            "pc",
            "4 hours",
            0,
            "",
        ),
    ),
}
# The pages the WebView shows: url -> (heading, paragraph, [(link text, url)]).
PAGES: dict[str, tuple[str, str, tuple[tuple[str, str], ...]]] = {
    "http://blog.rust-lang.org/2015/06/25/Rust-1.1.html": (
        "Announcing Rust 1.1",
        "The Rust core team is happy to announce the latest version of Rust, 1.1.",
        (("release notes", "https://github.com/rust-lang/rust/blob/master/RELEASES.md"),),
    ),
    "https://github.com/rust-lang/rust/blob/master/RELEASES.md": (
        "RELEASES.md",
        "Version 1.1.0 (June 2015): 850 changes, numerous bugfixes.",
        (),
    ),
    "http://www.nasa.gov/newhorizons/pluto-flyby": (
        "New Horizons Flies by Pluto",
        "The spacecraft passed about 7,800 miles above the surface.",
        (("mission timeline", "http://www.nasa.gov/newhorizons/timeline"),),
    ),
    "http://www.nasa.gov/newhorizons/timeline": (
        "New Horizons Mission Timeline",
        "Launched January 19, 2006.",
        (),
    ),
    "https://www.sqlite.org/appfileformat.html": (
        "SQLite As An Application File Format",
        "An SQLite database file makes an excellent application file format.",
        (("About SQLite", "https://www.sqlite.org/about.html"),),
    ),
    "https://www.sqlite.org/about.html": ("About SQLite", "SQLite is a C library.", ()),
    "http://example.com/lisp": ("A new Lisp", "Runs on the JVM.", ()),
    "http://pumpkinz.io": ("Pumpkinz", "We make apps.", ()),
    "https://stripe.com/jobs": ("Jobs at Stripe", "Open roles.", ()),
}
COMMENTS_OF = (
    ("tptacek", "1 hour", "Good write-up, the second half is the interesting part."),
    ("pcwalton", "2 hours", "The compile-time improvements are the big news here."),
)
PREFS = (
    ("config_external_browser", "Use External Browser", "Use system's default web browser"),
    ("config_smaller_text", "Smaller Text", "Reduce news list font size"),
    (
        "config_auto_expand_comments",
        "Auto Expand Comments",
        "Auto expand all comments in comments section",
    ),
)


def left_page_with_history(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of pumpkin-reader#54: Back on the Link tab, with a followed link in the
    WebView's history, closed the story instead of going back a page."""
    return bool(data["closed_with_web_history"])


def open_story(title: str) -> dict[str, Any]:
    return click(PACKAGE, "news_title", title)


def follow(link: str) -> dict[str, Any]:
    """A tap on a link of the page the WebView shows."""
    return click(PACKAGE, text=link, cls="android.view.View")


BACK: dict[str, Any] = {"kind": "press_back"}


class PumpkinReader(VirtualApp):
    """Pumpkin Reader 1.1: the news lists, a story's Link and Comments tabs, Settings."""

    name: ClassVar[str] = "pumpkin-reader"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Pumpkin Reader"
    version: ClassVar[str] = "1.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "pumpkin-reader#54",
            "non-crash",
            "Back after following a link in the story's web view returns to the story list",
            left_page_with_history,
            human_steps=(
                open_story(STORIES["Top News"][0][0]),
                follow("release notes"),
                BACK,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {key: key == "config_auto_expand_comments" for key, _, _ in PREFS},
            "closed_with_web_history": False,
        }

    # -- lifecycle -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("list", "Top News")
            ctx.ui.setdefault("drawer", False)
        elif ctx.activity == DETAIL:
            story = self._story(ctx)
            # setUpTab: a story without a URL opens on the Comments tab.
            ctx.ui.setdefault("tab", 0 if story[1] else 1)
            ctx.ui.setdefault("history", [story[1]] if story[1] else [])

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer")
        # The bug: no onBackPressed override, so Back finishes the activity whatever the
        # WebView's history holds.
        if ctx.activity == DETAIL and ctx.ui["tab"] == 0 and len(ctx.ui["history"]) > 1:
            ctx.data["closed_with_web_history"] = True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == DETAIL:
            return w.pager_swipe(ctx.ui, "tab", 2, direction)
        return False

    # -- handlers --------------------------------------------------------------------------------
    def _story(self, ctx: AppContext) -> Story:
        return STORIES[ctx.extras["list"]][int(ctx.extras["index"])]

    def _go_to_news_detail(self, ctx: AppContext, index: int) -> None:
        extras = {"list": ctx.ui["list"], "index": index}
        if ctx.data["prefs"]["config_external_browser"]:
            # NewsCommentsActivity, then the system browser on the URL (not modelled).
            ctx.start_activity(COMMENTS, extras)
        else:
            ctx.start_activity(DETAIL, extras)

    def _side_nav(self, ctx: AppContext, title: str) -> None:
        ctx.ui["drawer"] = False
        if title == "Settings":
            ctx.start_activity(SETTINGS)
        elif title == "About":
            ctx.start_activity(ABOUT)
        else:
            ctx.ui["list"] = title

    def _load(self, ctx: AppContext, url: str) -> None:
        """A link followed inside the WebView (its WebViewClient keeps it there)."""
        ctx.ui["history"].append(url)

    def _toggle_pref(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]

    # -- rendering -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == DETAIL:
            return self._detail(ctx)
        if ctx.activity == COMMENTS:
            story = self._story(ctx)
            bar = w.toolbar("News", navigation=w.up_button(), rid="app_bar")
            return Screen(content=w.linear_layout([bar, self._comments_list(story)]))
        if ctx.activity == SETTINGS:
            return self._settings(ctx)
        if ctx.activity == ABOUT:
            bar = w.toolbar("About", navigation=w.up_button(), rid="app_bar")
            return Screen(content=w.linear_layout([bar, w.text_view("Pumpkinz")]))
        return self._main(ctx)

    def _news_item(self, story: Story, handler: Any = None) -> View:
        title, url, score, by, age, comments, _ = story
        domain = url.split("/")[2].removeprefix("www.") if url else ""
        count = f"{comments} comment" if comments <= 1 else f"{comments} comments"
        return w.frame_layout(
            [
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view(str(score), "news_score", width=150),
                                w.text_view(by, "news_submitter", width=400),
                                w.text_view(age, "news_age"),
                            ],
                            horizontal=True,
                            height=80,
                        ),
                        w.text_view(title, "news_title", height=120),
                        w.linear_layout(
                            [
                                w.text_view(count, "news_comment_count", width=420),
                                w.text_view(domain, "news_url"),
                            ],
                            horizontal=True,
                            height=80,
                        ),
                    ],
                    rid="news_item_container",
                    on_click=handler,
                )
            ],
            height=300,
        )

    def _main(self, ctx: AppContext) -> Screen:
        current = ctx.ui["list"]
        bar = w.toolbar(
            current,
            navigation=w.nav_button(w.NAVIGATE_UP, lambda c: c.ui.update(drawer=True)),
            rid="app_bar",
        )
        rows = [
            self._news_item(story, w.bind(self._go_to_news_detail, i))
            for i, story in enumerate(STORIES[current])
        ]
        listing = View(cls=RECYCLER, resource_id="news_list", scrollable=True, children=rows)
        body = View(
            cls="android.support.design.widget.CoordinatorLayout",
            layout=FRAME,
            children=[listing, w.fab("news_list_fab", "", lambda c: None)],
        )
        content = w.linear_layout([bar, w.frame_layout([body], rid="fragment_main")])
        drawer = None
        if ctx.ui["drawer"]:
            entries = [
                w.drawer_entry(title, w.bind(self._side_nav, title), checked=title == current)
                for title in (*LISTS, "Settings", "About")
            ]
            header = w.linear_layout(
                [w.image_view("sidenav_image", width=200), w.text_view("Pumpkin Reader")],
                height=300,
            )
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="sidenav",
                width=830,
                children=[header, *entries],
            )
        root = w.drawer_layout(
            content, drawer, rid="sidenav_layout", cls="android.support.v4.widget.DrawerLayout"
        )
        return Screen(content=root)

    def _comments_list(self, story: Story) -> View:
        title, url, *_, text = story
        header = w.linear_layout(
            [
                self._news_item(story),
                w.text_view(text, "news_body") if text else w.text_view(""),
                w.relative_layout(
                    [
                        w.text_view("Comments", width=500),
                        w.button("button_link", "Open Link", lambda c: None, enabled=bool(url)),
                    ],
                    layout="horizontal",
                    height=140,
                ),
            ],
            weight=0,
        )
        rows = [
            w.linear_layout(
                [
                    w.linear_layout(
                        [w.text_view(by, "comment_submitter"), w.text_view(age, "comment_age")],
                        horizontal=True,
                        height=80,
                    ),
                    w.text_view(body, "comment_body"),
                ],
                rid="comment_item_container",
                height=240,
            )
            for by, age, body in COMMENTS_OF
        ]
        return View(
            cls=RECYCLER, resource_id="news_detail", scrollable=True, children=[header, *rows]
        )

    def _web_page(self, ctx: AppContext) -> View:
        url = ctx.ui["history"][-1]
        heading, paragraph, links = PAGES[url]
        nodes = [w.text_view(heading), w.text_view(paragraph, height=200)]
        nodes += [
            View(
                cls="android.view.View", text=text, on_click=w.bind(self._load, target), height=110
            )
            for text, target in links
        ]
        webview = View(cls="android.webkit.WebView", resource_id="news_web_view", children=nodes)
        return w.relative_layout([webview], layout=FRAME)

    def _detail(self, ctx: AppContext) -> Screen:
        story = self._story(ctx)
        tab = ctx.ui["tab"]
        tabs = w.tabs(
            ("Link", "Comments"),
            tab,
            lambda c, i: c.ui.update(tab=i),
            rid="news_detail_tab",
            tab_cls=TAB,
        )
        page = self._web_page(ctx) if tab == 0 and story[1] else self._comments_list(story)
        if tab == 0 and not story[1]:
            page = w.relative_layout(
                [View(cls="android.webkit.WebView", resource_id="news_web_view")]
            )
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="news_detail_pager",
            children=[page],
        )
        body = View(
            cls="android.support.design.widget.CoordinatorLayout",
            layout=FRAME,
            children=[
                w.linear_layout([tabs, pager]),
                w.fab("news_detail_fab", "", lambda c: None),
            ],
        )
        return Screen(content=body)

    def _settings(self, ctx: AppContext) -> Screen:
        bar = w.toolbar("Settings", navigation=w.up_button(), rid="app_bar")
        rows = [
            w.preference(
                title,
                summary,
                w.bind(self._toggle_pref, key),
                widget=w.checkbox_widget(ctx.data["prefs"][key]),
            )
            for key, title, summary in PREFS
        ]
        listing = w.list_view(rows)
        return Screen(
            content=w.linear_layout([bar, w.frame_layout([listing], rid="fragment_settings")])
        )


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "pumpkin-reader#54": [
        # Back without following a link: the story closes, as it should.
        [open_story(STORIES["Top News"][0][0]), BACK],
        # The link followed, then the Comments tab chosen before Back.
        [
            open_story(STORIES["Top News"][0][0]),
            follow("release notes"),
            click(PACKAGE, text="Comments"),
            BACK,
        ],
        # The link followed but the story not left.
        [open_story(STORIES["Top News"][2][0]), follow("mission timeline")],
        # A text post (it opens on Comments) left with Back.
        [open_story(STORIES["Top News"][1][0]), BACK],
    ],
}
