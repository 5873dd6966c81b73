"""Hacker News 2 (``com.airlocksoftware.hackernews``, bishopmatthew/HackerNews) 2.1.6, for
HackerNews#79.

A Hacker News client readable without logging in, built on its author's HoloTheme library
(bishopmatthew/HoloTheme): every screen is an ``ActionBarActivity`` whose own ``ActionBarView``
(``actionbar``: the ``cnt_up`` button, the ``cnt_title`` group, ``cnt_buttons`` and
``icv_overflow``) sits above ``actionbar_activity_frame``, with a SlidingMenu behind it. On a
phone ``MainActivity`` runs in one of two modes: the story list (``StoryFragment``: a ListView of
``vw_story`` rows, each with ``btn_comments`` under the story's texts and the 66.66 dp
``btn_web`` at its right end) or, started with a story, the comments mode: two checkable tabs in
the action bar's title group (``tab_comment``, ``tab_article``) over a ``WebViewPager``
(``viewpager``) holding ``CommentsFragment`` and ``WebFragment`` (a WebView made in code).

Sources read at commit 270d99b (2014-05-31; ``versionName`` 2.1.6, versionCode 18), the newest
before the report (2014-07-06), and HoloTheme at b82b5b5 (the newest before the report).
Files read: ``activity/MainActivity`` (``onCreate``, ``setupCommentsLayout``,
``setupCommentsTabs``, ``showCommentsForStory``, ``mBackListener``, ``mUpListener``),
``fragment/WebFragment``, ``fragment/StoryFragment`` and ``fragment/CommentsFragment``
(``setupActionBar``), ``adapter/StoryAdapter`` (``mClickListener``), the layouts
``act_storylist``, ``act_comments``, ``frg_stories``, ``vw_story``,
``vw_actionbar_tabs_comments``, ``frg_comments``, ``vw_comment_header``, ``vw_comment`` and
``layout-port/vw_slideoutmenu_content``, ``values/strings``; in HoloTheme
``activities/ActionBarActivity.onBackPressed`` and the layouts ``act_actionbar``,
``vw_actionbar`` and ``vw_actionbar_onepane``. No later commit touches it (the issue was closed
without a fix in the repository).

Bug HackerNews#79 (non-crash): ``WebFragment``'s ``WebViewClient.shouldOverrideUrlLoading``
loads every followed link in the same WebView (adding to its history), but nothing in the app
asks the WebView to go back: Back (and the up button, which calls ``onBackPressed``) reaches
``MainActivity.mBackListener``, which in the comments mode starts a new story-list
``MainActivity`` and finishes, so the user lands on the story list instead of the previous
page.

Fixed data: four front-page stories and one on each other page, their comments, and the page
behind each link with a link or two to further pages. The device is online and nobody is
logged in. Stubbed: upvoting, sharing, the user screens, Settings, About, Login, Submit,
search and text settings in the overflow, refresh (the buttons do nothing) and "Open in
browser"; the long-press controls of a row are not shown. Uncertain: the dump shapes of the
HoloTheme views (``FontText`` as TextView, ``IconView`` as ImageView, ``CheckableView`` as
FrameLayout, as their framework superclasses report), of the SlidingMenu and of the WebView's
page (plain views with the page's texts and links); the content descriptions of the icon
buttons (none are set in the layouts).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

PACKAGE = "com.airlocksoftware.hackernews"
MAIN = ".activity.MainActivity"
OTHER = ".activity.SettingsActivity"
PAGES_MENU = (
    ("front_page_button", "Front Page"),
    ("ask_button", "Ask"),
    ("best_button", "Best"),
    ("active_button", "Active"),
    ("new_button", "New"),
)
OTHER_MENU = (
    ("user_button", "User"),
    ("submit_button", "Submit"),
    ("settings_button", "Settings"),
    ("about_button", "About"),
    ("login_button", "Login"),
)
# A story: (title, url or "" for a self post, points, comments, user).
Story = tuple[str, str, int, int, str]
STORIES: dict[str, tuple[Story, ...]] = {
    "Front Page": (
        ("Go 1.3 is released", "http://blog.golang.org/go1.3", 318, 120, "enneff"),
        ("The Julia language turns two", "http://julialang.org/blog/", 142, 37, "astrieanna"),
        ("Why I left my job at a big company", "http://example.com/why", 88, 64, "throwaway9"),
        (
            "Docker 1.0 released",
            "http://blog.docker.com/2014/06/its-here-docker-1-0/",
            512,
            201,
            "shykes",
        ),
    ),
    "Ask": (("Ask HN: What are you working on?", "", 75, 180, "pg"),),
    "Best": (("Show HN: A tiny Forth in JavaScript", "http://forth.example.net", 900, 310, "jk"),),
    "Active": (
        ("Net neutrality comments are open", "http://www.fcc.gov/comments", 420, 512, "rayiner"),
    ),
    "New": (("A Lisp in 300 lines of C", "http://lisp.example.org", 2, 0, "newbie"),),
}
# url -> (heading, paragraph, [(link text, url)]).
WEB: dict[str, tuple[str, str, tuple[tuple[str, str], ...]]] = {
    "http://blog.golang.org/go1.3": (
        "Go 1.3 is released",
        "Today we are happy to announce the release of Go 1.3.",
        (
            ("release notes", "http://golang.org/doc/go1.3"),
            ("download page", "http://golang.org/dl/"),
        ),
    ),
    "http://golang.org/doc/go1.3": (
        "Go 1.3 Release Notes",
        "Go 1.3 arrives six months after 1.2.",
        (),
    ),
    "http://golang.org/dl/": ("Downloads", "Binary distributions are available.", ()),
    "http://julialang.org/blog/": (
        "The Julia Blog",
        "Two years since the first announcement.",
        (("Why We Created Julia", "http://julialang.org/blog/2012/02/why-we-created-julia/"),),
    ),
    "http://julialang.org/blog/2012/02/why-we-created-julia/": (
        "Why We Created Julia",
        "In short, because we are greedy.",
        (),
    ),
    "http://example.com/why": ("Why I left", "It was time.", ()),
    "http://blog.docker.com/2014/06/its-here-docker-1-0/": (
        "It's Here: Docker 1.0",
        "Docker 1.0 is production ready.",
        (("Docker Hub", "https://hub.docker.com/"),),
    ),
    "https://hub.docker.com/": ("Docker Hub", "Find and share images.", ()),
    "http://forth.example.net": ("Forth", "A tiny Forth.", ()),
    "http://www.fcc.gov/comments": ("Comments", "Open for comment.", ()),
    "http://lisp.example.org": ("Lisp", "300 lines.", ()),
}
COMMENTS = (
    ("rsc", "3 hours ago", "The new stack handling is the headline change for me."),
    ("dsymonds", "2 hours ago", "Nice to see the Native Client port land."),
)


def left_page_for_story_list(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of HackerNews#79: Back on the article, with a followed link in the
    WebView's history, went to the story list instead of the previous page."""
    return bool(data["left_with_web_history"])


def web_button(index: int) -> dict[str, Any]:
    """A tap on a row's ``btn_web`` (the article) by its place (the buttons have no text)."""
    top = 63 + 147 + 240 * index
    return click(PACKAGE, "btn_web", bounds=[905, top, 1080, top + 240])


def follow(link: str) -> dict[str, Any]:
    return click(PACKAGE, text=link, cls="android.view.View")


BACK: dict[str, Any] = {"kind": "press_back"}


def _text(text: str, rid: str = "", **kw: Any) -> View:
    """A HoloTheme ``FontText`` (a TextView)."""
    return w.text_view(text, rid, **kw)


class AirlockHackerNews(VirtualApp):
    """Hacker News 2 2.1.6 on a phone: the story lists and a story's comments and article."""

    name: ClassVar[str] = "HackerNews"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Hacker News 2"
    version: ClassVar[str] = "2.1.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "HackerNews#79",
            "non-crash",
            "Back after following a link in the article returns to the story list",
            left_page_for_story_list,
            human_steps=(web_button(0), follow("release notes"), BACK),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"left_with_web_history": False}

    # -- lifecycle -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        ctx.ui.setdefault("page", ctx.extras.get("page", "Front Page"))
        ctx.ui.setdefault("menu", False)
        if "story" in ctx.extras:
            story = self._story(ctx)
            ctx.ui.setdefault("tab", ctx.extras["tab"])
            ctx.ui.setdefault("history", [story[1]] if story[1] else [])

    def _story(self, ctx: AppContext) -> Story:
        return STORIES[ctx.extras["page"]][int(ctx.extras["story"])]

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        if w.dismiss(ctx.ui, "menu"):
            return True
        if "story" in ctx.extras:
            self._back_to_stories(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and "story" in ctx.extras and self._story(ctx)[1]:
            tabs = ["comments", "article"]
            ui = {"i": tabs.index(ctx.ui["tab"])}
            moved = w.pager_swipe(ui, "i", 2, direction)
            ctx.ui["tab"] = tabs[ui["i"]]
            return moved
        return False

    # -- handlers --------------------------------------------------------------------------------
    def _back_to_stories(self, ctx: AppContext) -> None:
        """``mBackListener`` in the comments mode: a new story-list MainActivity, then finish."""
        # The bug: nothing asks the WebView to go back first.
        if ctx.ui["tab"] == "article" and len(ctx.ui["history"]) > 1:
            ctx.data["left_with_web_history"] = True
        ctx.start_activity(MAIN, {"page": ctx.ui["page"]})
        ctx.finish()

    def _show_comments(self, ctx: AppContext, index: int, tab: str) -> None:
        """``showCommentsForStory`` on a phone: a comments-mode MainActivity, then finish."""
        ctx.start_activity(MAIN, {"page": ctx.ui["page"], "story": index, "tab": tab})
        ctx.finish()

    def _slideout(self, ctx: AppContext, page: str) -> None:
        ctx.ui["menu"] = False
        if page in STORIES:
            ctx.ui["page"] = page
        else:
            ctx.start_activity(OTHER, {"title": page})

    def _load(self, ctx: AppContext, url: str) -> None:
        """``shouldOverrideUrlLoading``: the link loads in the same WebView."""
        ctx.ui["history"].append(url)

    # -- rendering -------------------------------------------------------------------------------
    def _action_bar(self, title: View, up: Any, buttons: list[View]) -> View:
        return View(
            cls="android.widget.RelativeLayout",
            resource_id="actionbar",
            layout=HORIZONTAL,
            height=147,
            children=[
                w.relative_layout(
                    [w.image_view("icv_up_indicator", width=40), w.image_view("img_up_icon")],
                    rid="cnt_up",
                    width=190,
                    layout=HORIZONTAL,
                    on_click=up,
                ),
                w.relative_layout([title], rid="cnt_title"),
                w.linear_layout(
                    buttons, rid="cnt_buttons", horizontal=True, width=147 * len(buttons)
                ),
                w.image_view("icv_overflow", handler=lambda c: None, width=110),
            ],
        )

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == OTHER:
            bar = self._action_bar(_text(ctx.extras["title"], "txt_actionbar_title"), w.finish, [])
            return Screen(content=w.relative_layout([bar], rid="actionbar_activity_root"))
        if "story" in ctx.extras:
            return self._comments_mode(ctx)
        return self._story_mode(ctx)

    def _frame(self, bar: View, body: View) -> View:
        return w.relative_layout(
            [bar, w.frame_layout([body], rid="actionbar_activity_frame")],
            rid="actionbar_activity_root",
        )

    def _story_row(self, index: int, story: Story, handler: Any) -> View:
        title, url, points, comments, _ = story
        domain = url.split("/")[2] if url else ""
        front = w.relative_layout(
            [
                _text(title, "txt_title", height=120),
                w.linear_layout(
                    [
                        _text(str(comments), "txt_num_comments", width=170),
                        w.image_view("icv_comment", width=60),
                        _text(domain, "txt_domain", width=420),
                        _text(str(points), "txt_num_pts", width=170),
                        _text("pts.", "txt_pts", width=120),
                    ],
                    horizontal=True,
                    height=80,
                ),
            ],
            rid="cnt_story_front",
            width=905,
            gravity="top",
        )
        buttons = [
            View(
                resource_id="btn_comments",
                cls="android.view.View",
                width=905,
                gravity="top",
                on_click=w.bind(handler, index, "comments"),
            ),
        ]
        if url:
            buttons.append(
                View(
                    resource_id="btn_web",
                    cls="android.view.View",
                    width=175,
                    gravity="top_end",
                    height=240,
                    on_click=w.bind(handler, index, "article"),
                )
            )
        return w.relative_layout([*buttons, front], rid="cnt_story", layout=FRAME, height=240)

    def _story_mode(self, ctx: AppContext) -> Screen:
        page = ctx.ui["page"]
        refresh = w.image_view("icv", handler=lambda c: None, width=147)
        bar = self._action_bar(
            _text(page, "txt_actionbar_title"), lambda c: c.ui.update(menu=True), [refresh]
        )
        rows = [self._story_row(i, s, self._show_comments) for i, s in enumerate(STORIES[page])]
        listing = w.list_view(rows)
        body = w.frame_layout([listing], rid="cnt_stories")
        content = self._frame(bar, w.frame_layout([body], rid="frg_storylist"))
        if ctx.ui["menu"]:

            def entry(rid: str, label: str) -> View:
                return w.frame_layout(
                    [_text(label)],
                    rid=rid,
                    height=130,
                    checkable=True,
                    checked=label == page,
                    on_click=w.bind(self._slideout, label),
                )

            menu = w.relative_layout(
                [
                    w.frame_layout(
                        [_text("Hacker News 2", "slideout_header_title")],
                        rid="slideout_header",
                        height=160,
                    ),
                    w.linear_layout(
                        [entry(rid, label) for rid, label in (*PAGES_MENU, *OTHER_MENU)],
                        rid="slideout_checkable_group",
                    ),
                ],
                width=800,
                gravity="start",
            )
            content = w.frame_layout([content, menu], layout=FRAME)
        return Screen(content=content)

    def _comments_mode(self, ctx: AppContext) -> Screen:
        title, url, points, comments, user = self._story(ctx)
        tab = ctx.ui["tab"]

        def choose(name: str) -> Any:
            return lambda c: c.ui.update(tab=name)

        tabs = w.linear_layout(
            [
                w.frame_layout(
                    [w.image_view()],
                    rid="tab_comment",
                    checkable=True,
                    checked=tab == "comments",
                    on_click=choose("comments"),
                    width=190,
                ),
                w.frame_layout(
                    [w.image_view()],
                    rid="tab_article",
                    checkable=True,
                    checked=tab == "article",
                    on_click=choose("article"),
                    width=190,
                ),
            ],
            rid="cnt_tabs",
            horizontal=True,
        )
        refresh = w.image_view("icv", handler=lambda c: None, width=147)
        bar = self._action_bar(tabs, self._back_to_stories, [refresh])
        if tab == "article" and url:
            heading, paragraph, links = WEB[ctx.ui["history"][-1]]
            nodes = [_text(heading), _text(paragraph, height=200)]
            nodes += [
                View(
                    cls="android.view.View",
                    text=text,
                    on_click=w.bind(self._load, target),
                    height=110,
                )
                for text, target in links
            ]
            page = w.linear_layout(
                [
                    View(cls="android.widget.ProgressBar", resource_id="progressbar", height=10),
                    View(cls="android.webkit.WebView", children=nodes),
                ],
                rid="root_frg_webview",
            )
        else:
            header = w.linear_layout(
                [
                    _text(title, "txt_title"),
                    _text(user, "txt_username"),
                    w.linear_layout(
                        [_text(str(points), "txt_points"), _text("pts.", "txt_points_label")],
                        rid="btn_upvote",
                        horizontal=True,
                        height=100,
                    ),
                ],
                weight=0,
            )
            rows = [
                w.linear_layout(
                    [_text(by, "txt_username"), _text(body, "txt_comment")],
                    rid="cnt_comment",
                    height=240,
                )
                for by, _, body in COMMENTS
            ]
            page = w.frame_layout([w.list_view([header, *rows])], rid="cnt_comments")
        pager = View(
            cls="android.support.v4.view.ViewPager", resource_id="viewpager", children=[page]
        )
        return Screen(content=self._frame(bar, pager))


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "HackerNews#79": [
        # Back on the article without following a link: the story list, as it should be.
        [web_button(0), BACK],
        # The link followed, then the comments tab chosen before Back.
        [web_button(0), follow("release notes"), click(PACKAGE, "tab_comment"), BACK],
        # The link followed but the article not left.
        [web_button(3), follow("Docker Hub")],
        # The comments opened (no article) and left with Back.
        [click(PACKAGE, text=STORIES["Front Page"][1][0]), BACK],
    ],
}
