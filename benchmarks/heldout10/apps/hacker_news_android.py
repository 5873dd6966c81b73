"""Hacker News (dinosaurwithakatana/hacker-news-android) 3.5.2, package
``io.dwak.holohackernews.app``, with bug hacker-news-android#51.

Sources read: commit ad7ff2a (2015-03-13, "Merge branch 'hotfix/3.5.2.1'", versionName 3.5.2,
the release current when the issue was filed on 2015-04-01; the following 4.0 release of
2015-04-07 has the same code on this path): ``MainActivity``, ``NavigationDrawerFragment``,
``StoryListFragment``, ``StoryListAdapter``, ``StoryDetailActivity``, ``StoryDetailFragment``,
``SettingsActivity``, ``UserPreferenceManager``, ``res/layout`` (``activity_main``,
``fragment_storylist_list``, ``comments_header``, ``comments_list_item``,
``fragment_story_comments``, ``view_story_link``, ``navigation_item``,
``navigation_drawer_header``), ``res/menu/story_detail.xml``, ``res/xml/pref_general.xml`` and
``strings.xml``.

Screens:

- first run: ``StoryListFragment``'s one-time dialog about the G+ beta community ("Ok!" opens
  the community in a browser, "Nah" closes it);
- the main screen: a toolbar titled with the feed ("Top" first) and the drawer toggle, the
  stories list (points, title, submitter, " | domain | " or " | ask | ", time, comment count);
  the drawer lists Top, Best, Newest, ShowHN, ShowHN - New, Settings and About under the "hn"
  header;
- the story screen (``StoryDetailActivity``, title "Hacker News", a back arrow without a
  description, Share and "Open in browser"): the header (text posts show their text), the
  comments, and the bottom bar (previous/next top-level comment, "Show Link"); "Show Link"
  either slides the in-app web view up (its own bar: back, "Show Comments", forward, and the
  Readability button) or, with "Open links in system browser", hands the story's URL to a
  browser;
- Settings: "Show link first", "Open links in system browser", "Night Mode" (the last asks
  for a restart); About is a stub.

The bug (#51, crash; the report is only its title): ``StoryDetailFragment.updateWebView``'s
"Show Link" handler calls ``openLinkInExternalBrowser`` when the system-browser setting is on,
which starts an ``ACTION_VIEW`` intent with ``Uri.parse(mStoryDetail.getUrl())``. For an Ask HN
(and a job) post the API's ``url`` is the relative ``item?id=<id>``, a URI without a scheme that
no activity handles, so ``startActivity`` throws ``android.content.ActivityNotFoundException``
uncaught. The same call runs when such a story finishes loading with both "Show link first" and
the system browser on. With the in-app web view (the default) the handler only prefixes the
relative URL and opens the empty panel: no crash.

Uncertain: the reporter gave no settings, stack trace or version; this crash is the only one the
sources have on that button, and it needs the system-browser setting. Network content (the
node-hnapi feeds, story details and comments, the web pages) is replaced by fixed stories;
leaving the app (a browser, the share chooser) is recorded in memory and not drawn.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "io.dwak.holohackernews.app"
MAIN = ".ui.storylist.MainActivity"
DETAIL = ".ui.storydetail.StoryDetailActivity"
SETTINGS = ".ui.settings.SettingsActivity"
ABOUT = ".ui.about.AboutActivity"
HN_BASE = "https://news.ycombinator.com/"
FRAGMENT = "io.dwak.holohackernews.app.ui.storydetail.StoryDetailFragment"

# Fixed stand-ins for the node-hnapi stories of the time.
STORIES: dict[int, dict[str, Any]] = {
    9299101: {
        "type": "link",
        "title": "The Unreasonable Effectiveness of Plain Text",
        "url": "http://plaintext.example.org/essay.html",
        "domain": "plaintext.example.org",
        "points": 412,
        "user": "jsmith",
        "ago": "5 hours ago",
        "content": "",
    },
    9299102: {
        "type": "ask",
        "title": "Ask HN: Who is hiring? (April 2015)",
        "url": "item?id=9299102",
        "domain": "",
        "points": 389,
        "user": "whoishiring",
        "ago": "3 hours ago",
        "content": "Please lead with the location of the position and include the keywords "
        "REMOTE, INTERNS and/or VISA when the corresponding sort of candidate is welcome.",
    },
    9299103: {
        "type": "link",
        "title": "Show HN: A tiny static site generator in 200 lines",
        "url": "https://github.com/example/tinysite",
        "domain": "github.com",
        "points": 154,
        "user": "mkdir",
        "ago": "6 hours ago",
        "content": "",
    },
    9299104: {
        "type": "job",
        "title": "Quanta (YC W15) is hiring Android engineers",
        "url": "item?id=9299104",
        "domain": "",
        "points": 1,
        "user": "",
        "ago": "2 hours ago",
        "content": "Quanta is looking for engineers who love building fast native apps.",
    },
    9299105: {
        "type": "ask",
        "title": "Ask HN: How do you keep up with papers in your field?",
        "url": "item?id=9299105",
        "domain": "",
        "points": 97,
        "user": "readerq",
        "ago": "8 hours ago",
        "content": "I fall further behind every month. What does your routine look like?",
    },
    9299106: {
        "type": "link",
        "title": "Designing a garbage collector for a small Lisp",
        "url": "http://blog.example.net/lisp-gc",
        "domain": "blog.example.net",
        "points": 221,
        "user": "cons",
        "ago": "9 hours ago",
        "content": "",
    },
}
# Comments (submitter, age, level, text) per story.
COMMENTS: dict[int, list[tuple[str, str, int, str]]] = {
    9299101: [
        ("tptacek", "4 hours ago", 0, "Plain text outlives every tool that reads it."),
        ("ghop", "4 hours ago", 1, "Until the encoding bites you."),
        ("pg_fan", "3 hours ago", 0, "Grep is still the best search engine I own."),
    ],
    9299102: [
        ("acmejobs", "2 hours ago", 0, "Acme | Berlin | ONSITE | Android developer"),
        ("sfstartup", "2 hours ago", 0, "Startup | San Francisco | REMOTE | Backend"),
        ("curious", "1 hour ago", 1, "Do you sponsor VISA for this role?"),
    ],
    9299103: [("lean", "5 hours ago", 0, "Nice. How does it handle drafts?")],
    9299104: [],
    9299105: [
        ("prof", "7 hours ago", 0, "An hour every Friday morning, no exceptions."),
        ("rss", "6 hours ago", 1, "arXiv RSS plus a strict filter."),
    ],
    9299106: [("gcnerd", "8 hours ago", 0, "Mark and sweep is fine for most toy Lisps.")],
}
FEEDS: dict[str, list[int]] = {
    "Top": [9299101, 9299102, 9299103, 9299104, 9299105, 9299106],
    "Best": [9299101, 9299102, 9299106, 9299103, 9299105],
    "Newest": [9299104, 9299102, 9299101, 9299103, 9299105, 9299106],
    "ShowHN": [9299103],
    "ShowHN - New": [9299103],
}
DRAWER_ITEMS = ("Top", "Best", "Newest", "ShowHN", "ShowHN - New", "Settings", "About")
PREFS: tuple[tuple[str, str], ...] = (
    ("pref_link_first", "Show link first"),
    ("pref_system_browser", "Open links in system browser"),
    ("pref_night_mode", "Night Mode"),
)
BETA_MESSAGE = "There is a G+ community for the beta of this application! Wanna check it out?"


def _no_activity(url: str, on_load: bool) -> JavaException:
    """``startActivity`` of an ``ACTION_VIEW`` intent whose data is a scheme-less URI."""
    caller = (
        f"{FRAGMENT}$1.onCompleted(StoryDetailFragment.java:102)"
        if on_load
        else f"{FRAGMENT}.lambda$updateWebView$5(StoryDetailFragment.java:146)"
    )
    tail = (
        [
            "rx.observers.SafeSubscriber.onCompleted(SafeSubscriber.java:83)",
            "rx.android.schedulers.HandlerThreadScheduler$InnerHandlerThreadScheduler$1.call"
            "(HandlerThreadScheduler.java:85)",
            "rx.android.schedulers.HandlerThreadScheduler$InnerHandlerThreadScheduler$1.run"
            "(HandlerThreadScheduler.java:78)",
        ]
        if on_load
        else [
            f"{FRAGMENT}$$Lambda$6.onClick(Unknown Source)",
            "android.view.View.performClick(View.java:5198)",
            "android.view.View$PerformClick.run(View.java:21147)",
        ]
    )
    return JavaException(
        "android.content.ActivityNotFoundException",
        "No Activity found to handle Intent { act=android.intent.action.VIEW dat=" + url + " }",
        frames=[
            "android.app.Instrumentation.checkStartActivityResult(Instrumentation.java:1798)",
            "android.app.Instrumentation.execStartActivity(Instrumentation.java:1512)",
            "android.app.Activity.startActivityForResult(Activity.java:3930)",
            "android.support.v4.app.FragmentActivity.startActivityFromFragment"
            "(FragmentActivity.java:849)",
            "android.support.v4.app.Fragment.startActivity(Fragment.java:880)",
            f"{FRAGMENT}.openLinkInExternalBrowser(StoryDetailFragment.java:204)",
            caller,
            *tail,
            *callback_frames(23),
        ],
    )


def _oracle_51(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "android.content.ActivityNotFoundException", "dat=item?id=")


def _drawer_toggle() -> dict[str, Any]:
    return click(PACKAGE, desc="Open navigation drawer", cls="android.widget.ImageButton")


def _title(text: str, rid: str = f"{PACKAGE}:id/navigation_title") -> dict[str, Any]:
    return click(PACKAGE, rid, text)


_NAH = click(PACKAGE, "android:id/button2", "Nah", cls="android.widget.Button")
_SYSTEM_BROWSER = click(PACKAGE, "android:id/title", "Open links in system browser")
_LINK_FIRST = click(PACKAGE, "android:id/title", "Show link first")
_SETTINGS_UP = click(PACKAGE, cls="android.widget.ImageButton", bounds=[0, 63, 147, 210])
_ASK_POST = _title("Ask HN: Who is hiring? (April 2015)", f"{PACKAGE}:id/story_title")
_LINK_POST = _title("The Unreasonable Effectiveness of Plain Text", f"{PACKAGE}:id/story_title")
_SHOW_LINK = click(PACKAGE, f"{PACKAGE}:id/open_link", "Show Link", cls="android.widget.Button")

BUG_51 = BugSpec(
    bug_id="hacker-news-android#51",
    kind="crash",
    title='Pressing "Show Link" on text posts causes the app to crash',
    oracle=_oracle_51,
    human_steps=(
        _NAH,
        _drawer_toggle(),
        _title("Settings"),
        _SYSTEM_BROWSER,
        {"kind": "press_back"},
        _ASK_POST,
        _SHOW_LINK,
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "hacker-news-android#51": [
        # The default in-app web view: the panel opens, nothing crashes.
        [_NAH, _ASK_POST, _SHOW_LINK],
        # System browser on, but a link post: its URL opens in a browser.
        [
            _NAH,
            _drawer_toggle(),
            _title("Settings"),
            _SYSTEM_BROWSER,
            {"kind": "press_back"},
            _LINK_POST,
            _SHOW_LINK,
        ],
        # The setting turned on and off again.
        [
            _NAH,
            _drawer_toggle(),
            _title("Settings"),
            _SYSTEM_BROWSER,
            _SYSTEM_BROWSER,
            _SETTINGS_UP,
            _ASK_POST,
            _SHOW_LINK,
        ],
        # "Show link first" instead of the system browser: the panel is already open.
        [
            _NAH,
            _drawer_toggle(),
            _title("Settings"),
            _LINK_FIRST,
            {"kind": "press_back"},
            _ASK_POST,
            _SHOW_LINK,
        ],
    ],
}


class HackerNewsAndroid(VirtualApp):
    """Hacker News 3.5.2 (see the module docstring)."""

    name: ClassVar[str] = "hacker-news-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Hacker News"
    version: ClassVar[str] = "3.5.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_51,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {key: False for key, _ in PREFS},
            "returning_user": False,
            "navigation_drawer_learned": False,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("dialog", None)
        ui.setdefault("menu", False)
        if ctx.activity == MAIN:
            ui.setdefault("feed", "Top")
            ui.setdefault("drawer", False)
            if not ctx.data["returning_user"]:
                ui["dialog"] = {"kind": "beta"}
                ctx.data["returning_user"] = True
        elif ctx.activity == DETAIL and "story" not in ui:
            self._load_story(ctx)

    def _load_story(self, ctx: AppContext) -> None:
        story_id = int(ctx.extras.get("STORY_ID", 0))
        story = dict(STORIES[story_id])
        prefs = ctx.data["prefs"]
        ctx.ui.update(
            story=story,
            story_id=story_id,
            link_open=prefs["pref_link_first"] and not prefs["pref_system_browser"],
            readability=False,
            hidden=[],
        )
        if prefs["pref_link_first"] and prefs["pref_system_browser"]:
            # onCompleted: openLinkInExternalBrowser() for every type of story.
            self._external_browser(ctx, on_load=True)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui.get("menu"):
            ui["menu"] = False
            return True
        if ctx.activity == MAIN and ui.get("drawer"):
            ui["drawer"] = False
            return True
        if (
            ctx.activity == DETAIL
            and ui.get("link_open")
            and not ctx.data["prefs"]["pref_link_first"]
        ):
            ui["link_open"] = False
            return True
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _close(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.ui["menu"] = False

    def _leave_app(self, ctx: AppContext, url: str) -> None:
        """An intent handled by another app (a browser, the share chooser)."""
        ctx.memory.setdefault("left_app", []).append(url)
        ctx.log("ActivityManager", f"START u0 {{act=android.intent.action.VIEW dat={url}}}", "I")

    def _beta_ok(self, ctx: AppContext) -> None:
        self._close(ctx)
        self._leave_app(ctx, "https://plus.google.com/communities/112347719824323216860")

    def _drawer_select(self, ctx: AppContext, item: str) -> None:
        ctx.ui["drawer"] = False
        if item == "Settings":
            ctx.start_activity(SETTINGS)
        elif item == "About":
            ctx.start_activity(ABOUT)
        else:
            ctx.ui["feed"] = item

    def _toggle_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = not ctx.ui["drawer"]
        if ctx.ui["drawer"]:
            ctx.data["navigation_drawer_learned"] = True

    def _open_story(self, ctx: AppContext, story_id: int) -> None:
        ctx.start_activity(DETAIL, {"STORY_ID": story_id})

    def _external_browser(self, ctx: AppContext, *, on_load: bool = False) -> None:
        url = ctx.ui["story"]["url"]
        if not url.startswith(("http://", "https://")):
            raise _no_activity(url, on_load)
        self._leave_app(ctx, url)

    def _show_link(self, ctx: AppContext) -> None:
        ui = ctx.ui
        story = ui["story"]
        if not ctx.data["prefs"]["pref_system_browser"]:
            ui["link_open"] = not ui["link_open"]
            # "ask" always, "job" when its URL holds "/item?id=".
            if story["type"] == "ask" or (story["type"] == "job" and "/item?id=" in story["url"]):
                story["url"] = HN_BASE + story["url"]
        else:
            self._external_browser(ctx)

    def _toggle_comment(self, ctx: AppContext, index: int) -> None:
        hidden = ctx.ui["hidden"]
        if index in hidden:
            hidden.remove(index)
        else:
            hidden.append(index)

    def _toggle_pref(self, ctx: AppContext, key: str) -> None:
        prefs = ctx.data["prefs"]
        prefs[key] = not prefs[key]
        if key == "pref_night_mode":
            ctx.ui["dialog"] = {"kind": "restart"}

    def _open_in_browser(self, ctx: AppContext) -> None:
        self._close(ctx)
        self._leave_app(ctx, f"{HN_BASE}item?id={ctx.ui['story_id']}")

    def _restart(self, ctx: AppContext) -> None:
        # The app schedules its own restart and finishes the settings screen.
        self._close(ctx)
        ctx.finish()

    def _share(self, ctx: AppContext, which: str) -> None:
        self._close(ctx)
        story = ctx.ui["story"]
        text = story["url"] if which == "Link" else f"{HN_BASE}item?id={ctx.ui['story_id']}"
        self._leave_app(ctx, text)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == DETAIL:
            return self._render_detail(ctx)
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity == ABOUT:
            return self._render_about()
        return self._render_main(ctx)

    def _story_row(self, story_id: int) -> View:
        story = STORIES[story_id]
        if story["type"] == "link":
            domain = f" | {story['domain'][:20]} | " if story["domain"] else ""
        else:
            domain = f" | {story['type']} | "
        count = len(COMMENTS[story_id])
        return w.relative_layout(
            [
                w.text_view(str(story["points"]), "story_points", width=150),
                w.linear_layout(
                    [
                        w.text_view(story["title"], "story_title", height=120),
                        w.linear_layout(
                            [
                                w.text_view(story["user"], "story_submitter"),
                                w.text_view(domain, "story_domain"),
                                w.text_view(story["ago"], "story_long_ago"),
                            ],
                            horizontal=True,
                            height=60,
                        ),
                        w.text_view(f"{count} comments", "comment_count", height=60),
                    ]
                ),
            ],
            rid="header_base",
            layout=HORIZONTAL,
            height=240,
            on_click=w.bind(self._open_story, story_id),
        )

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        feed = ui["feed"]
        desc = "Close navigation drawer" if ui["drawer"] else "Open navigation drawer"
        bar = w.toolbar(feed, navigation=w.nav_button(desc, self._toggle_drawer))
        stories = w.list_view(
            [self._story_row(i) for i in FEEDS[feed]], rid="story_list", scroll_key="list"
        )
        content = w.frame_layout(
            [
                w.linear_layout(
                    [
                        bar,
                        w.frame_layout(
                            [
                                View(
                                    cls="android.view.ViewGroup",
                                    resource_id="swipe_container",
                                    children=[stories],
                                )
                            ],
                            rid="container",
                        ),
                    ]
                )
            ],
            rid="main_content",
        )
        drawer = None
        if ui["drawer"]:
            header = w.relative_layout(
                [
                    w.text_view("hn", "username_icon", width=160),
                    w.frame_layout([w.text_view("Hacker News", "username")], rid="username_layout"),
                ],
                rid="main_container",
                layout=HORIZONTAL,
                height=220,
            )
            rows = [header]
            for position, item in enumerate(DRAWER_ITEMS, 1):
                rows.append(
                    View(
                        cls="android.widget.LinearLayout",
                        height=147,
                        selected=item == feed,
                        on_click=w.bind(self._drawer_select, item),
                        children=[w.text_view(item, "navigation_title")],
                        extra={"position": position},
                    )
                )
            drawer = View(
                cls="android.widget.ListView",
                resource_id="navigation_list",
                width=800,
                children=rows,
            )
        root = w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout")
        windows: list[Window] = []
        if ui["dialog"] and ui["dialog"]["kind"] == "beta":
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [w.dialog_message(BETA_MESSAGE)],
                    w.dialog_buttons(("Ok!", self._beta_ok), ("Nah", self._close)),
                    self._close,
                )
            )
        return Screen(content=root, windows=windows)

    def _detail_header(self, ctx: AppContext) -> View:
        story = ctx.ui["story"]
        kind = story["type"]
        rows: list[View] = [w.text_view(story["title"], "story_title")]
        meta: list[View] = [w.text_view(story["user"], "story_submitter")]
        if kind != "job":
            if kind == "link" and story["domain"]:
                meta.append(w.text_view(" | " + story["domain"][:20], "story_domain"))
            meta.append(w.text_view(" | " + story["ago"], "story_long_ago"))
            rows.append(w.linear_layout(meta, horizontal=True))
            rows.append(
                w.text_view(f"{len(COMMENTS[ctx.ui['story_id']])} comments", "comment_count")
            )
            if not (kind == "link" and story["domain"]):
                rows.append(w.text_view(story["content"], "job_content"))
            points: list[View] = [w.text_view(str(story["points"]), "story_points", width=150)]
        else:
            meta.append(w.text_view(" | " + story["ago"], "story_long_ago"))
            rows.append(w.linear_layout(meta, horizontal=True))
            rows.append(w.text_view(story["content"], "job_content"))
            points = []
        return w.relative_layout(
            [*points, w.linear_layout(rows)], rid="header_base", layout=HORIZONTAL, height=360
        )

    def _comment_rows(self, ctx: AppContext) -> list[View]:
        rows: list[View] = []
        hidden = ctx.ui["hidden"]
        skip_below: int | None = None
        comments = COMMENTS[ctx.ui["story_id"]]
        for index, (user, ago, level, text) in enumerate(comments):
            if skip_below is not None and level > skip_below:
                continue
            skip_below = level if index in hidden else None
            children_count = 0
            for _u, _a, lvl, _t in comments[index + 1 :]:
                if lvl <= level:
                    break
                children_count += 1
            details = w.linear_layout(
                [
                    w.text_view(user, "comment_submitter"),
                    w.text_view(" | ", "comment_divider"),
                    w.text_view(ago, "comment_submission_time"),
                ],
                rid="comment_details",
                horizontal=True,
                height=80,
            )
            body: list[View] = [details, w.text_view(text, "comment_content")]
            if index in hidden and children_count:
                body.append(w.text_view(f"+{children_count}", "hidden_comment_count"))
            body.append(w.image_button("comment_overflow", "", None, width=120, height=80))
            rows.append(
                w.frame_layout(
                    [w.relative_layout(body, rid="comments_container")],
                    rid="color_code",
                    height=260,
                    padding=40 * level,
                    on_click=w.bind(self._toggle_comment, index),
                )
            )
        return rows

    def _render_detail(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        actions = [
            w.action_item("action_share", "Share", lambda c: c.ui.update(dialog={"kind": "share"})),
            w.overflow_button(lambda c: c.ui.update(menu=True)),
        ]
        bar = w.toolbar("Hacker News", navigation=w.nav_button("", w.finish), actions=actions)
        comments = View(
            cls="android.support.v4.widget.SwipeRefreshLayout",
            resource_id="swipe_container",
            children=[
                View(
                    cls="android.support.v7.widget.RecyclerView",
                    resource_id="comments_recycler",
                    scrollable=True,
                    scroll_key="comments",
                    children=[self._detail_header(ctx), *self._comment_rows(ctx)],
                )
            ],
        )
        button_bar = w.relative_layout(
            [
                w.button("prev_top_level", "", lambda c: None, width=110, naf=True),
                w.button("open_link", "Show Link", self._show_link),
                w.button("next_top_level", "", lambda c: None, width=110, naf=True),
            ],
            rid="button_bar",
            layout=HORIZONTAL,
            height=110,
        )
        layers: list[View] = [w.linear_layout([comments, button_bar], rid="container")]
        if ui["link_open"]:
            story = ui["story"]
            loaded = story["type"] == "link" and bool(story["domain"])
            web: list[View] = []
            if loaded:
                web.append(w.text_view(story["title"]))
            panel = w.relative_layout(
                [
                    w.linear_layout(
                        [
                            View(
                                cls="android.webkit.WebView",
                                resource_id="story_web_view",
                                scrollable=loaded,
                                children=web,
                            ),
                            w.relative_layout(
                                [
                                    w.button("web_back", "", lambda c: None, width=110, naf=True),
                                    w.button(
                                        "close_link",
                                        "Show Comments",
                                        lambda c: c.ui.update(link_open=False),
                                    ),
                                    w.button(
                                        "web_forward", "", lambda c: None, width=110, naf=True
                                    ),
                                ],
                                rid="button_bar",
                                layout=HORIZONTAL,
                                height=110,
                            ),
                        ]
                    ),
                    w.fab(
                        "fabbutton",
                        "",
                        lambda c: c.ui.update(readability=not c.ui["readability"]),
                        naf=True,
                    ),
                ],
                rid="link_layout",
                layout=FRAME,
            )
            if not loaded:
                panel.children.insert(
                    0, View(cls="android.widget.ProgressBar", resource_id="web_progress_bar")
                )
            layers.append(panel)
        body = w.frame_layout(layers, rid="comments_container", layout=FRAME)
        root = w.relative_layout([w.linear_layout([bar, w.frame_layout([body], rid="container")])])
        windows: list[Window] = []
        if ui["menu"]:
            windows.append(
                w.menu_window(
                    [("Open in browser", self._open_in_browser)],
                    self._close,
                )
            )
        if ui["dialog"] and ui["dialog"]["kind"] == "share":
            rows = [
                w.text_view(
                    item, "android:id/text1", height=147, on_click=w.bind(self._share, item)
                )
                for item in ("Link", "Comments")
            ]
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [
                        View(
                            cls="android.widget.ListView",
                            resource_id="android:id/select_dialog_listview",
                            children=rows,
                        )
                    ],
                    [],
                    self._close,
                )
            )
        return Screen(content=root, windows=windows)

    def _render_settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        rows = [
            w.preference(
                title,
                "",
                w.bind(self._toggle_pref, key),
                widget=w.checkbox_widget(bool(prefs[key])),
                height=170,
            )
            for key, title in PREFS
        ]
        bar = w.toolbar("Settings", navigation=w.nav_button("", w.finish))
        root = w.linear_layout(
            [
                bar,
                w.frame_layout(
                    [
                        View(
                            cls="android.widget.ListView",
                            resource_id="android:id/list",
                            children=rows,
                        )
                    ],
                    rid="container",
                ),
            ]
        )
        windows: list[Window] = []
        if ctx.ui["dialog"] and ctx.ui["dialog"]["kind"] == "restart":
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [w.dialog_message("This requires an application restart")],
                    w.dialog_buttons(("Ok", self._restart)),
                    self._close,
                )
            )
        return Screen(content=root, windows=windows)

    def _render_about(self) -> Screen:
        bar = w.toolbar("About", navigation=w.nav_button("", w.finish))
        body = w.scroll_view(
            [
                w.text_view("Dinosaur With a Katana"),
                w.text_view("Homepage and source code\nhttp://dwak.io/hacker-news-android/"),
                w.text_view("Square Inc.: Retrofit"),
                w.text_view("Netflix : RxJava-Android"),
                w.text_view("Facebook : Rebound"),
            ]
        )
        return Screen(content=w.linear_layout([bar, body]))
