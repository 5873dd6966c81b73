"""Jerboa (``com.jerboa``), a Lemmy client: 0.0.30 with bug jerboa#380 (crash), 0.0.31 (its
fix) and 0.0.39 with bug jerboa#1020 (crash).

Modelled from the sources at tag ``0.0.30`` (commit 5a427b584cbde9fe69af0e9f936eb5a5b9690f01):
``MainActivity.kt`` (one activity, a Compose NavHost), ``home/SplashScreenActivity.kt``,
``home/HomeActivity.kt``, ``home/Home.kt`` (drawer, top bar), ``home/HomeViewModel.kt``
(anonymous default: listing Local, sort Active), ``common/AppBars.kt`` (bottom bar, action bar
buttons), ``common/Dialogs.kt`` (listing type, sort and "what's new" dialogs),
``post/PostListing.kt``, ``post/PostActivity.kt``, ``comment/CommentNode.kt``,
``comment/CommentNodes.kt``, ``Utils.kt``; and the fix, commit
c42f5b3253338c791892a2be56073039a85a7d88 ("Fix padding bug (#366)", released as 0.0.31).

The screens (Compose, so nodes have no resource ids; most icons are described "TODO" in the
sources and are modelled so):

- a fresh install shows the "what's new" dialog (``ShowChangelog``: the "Support Jerboa"
  donation text and the release notes, button "Done"; Done or a tap outside marks it viewed);
  the splash screen (logo, ~1 s) is left out: the model opens on the home screen;
- home: top bar with "Menu" (opens the drawer), the title (listing type over sort type, "Local"
  and "Active" for an anonymous user), and three "TODO" icons (listing type dialog, sort dialog,
  more dialog); the post cards; a "TODO" FAB and the bottom bar (home, communities, inbox,
  saved, profile; without an account the last three and the FAB toast "Login first");
- the drawer of an anonymous user: header "Anonymous" and the entries "Local" and "All";
- a post ("Comments" top bar with "Back"): the post card with its full body, then its comments.

The world: the app reads the default instance ``lemmy.ml`` anonymously. The model serves fixed
posts: two local ones (Local), and in All three more federated from other instances, among them
copies of the report's posts (beehaw.org/post/417477 and, from the comment,
lemmy.one/post/7580). Titles, bodies, users and comments are invented. Votes, saves, replies
and a post's "more" button need an account (toast "Login first"); communities, profiles, the
communities list and Site Info are stubs (a title and Back).

jerboa#380: ``buildCommentsTree`` gives each comment the depth ``getDepthFromComment`` =
``path.split(".").size - 2``; ``commentNodeItem`` pads the comment's column by
``calculateCommentOffset(depth, 4)`` = ``((depth - 1) * 4).dp + SMALL_PADDING`` for a depth other
than 0. A comment whose path holds no parent segment (``"0"``, depth -1) gets -4 dp, and
``Modifier.padding`` throws ``IllegalArgumentException: Padding must be non-negative`` while the
comment list composes, right after the post is opened. The fix takes ``abs`` of the product.
The model's fixed data gives the two reported posts one such comment each (a federated comment
whose path was never completed); the real data of those posts is not known, so which comment
and why its path is short is the uncertain part. The crash's frames are the source lines; the
release build is minified, so a real trace would say ``Unknown Source``.

Jerboa 0.0.39 (``Jerboa039``), modelled from the sources at tag ``0.0.39`` (commit
e0c79ed6bef3e47239e64dd061fa4770808d0430: ``home/BottomNavActivity.kt``, ``home/Home.kt``,
``home/HomeActivity.kt``, ``drawer/Drawer.kt``, ``post/PostListing.kt``, ``Utils.kt``,
``common/Route.kt``, ``common/Dialogs.kt``, ``res/values/strings.xml``) and the fix, commit
deffc886cb0521241dfcf11e61e3263ace86733d ("Fix thumbnail links not working with deeplinks
(#1023)", closing the report's branch ``bug/1020``). Changes from 0.0.30 the model shows: the
strings have descriptions ("Select feed", "Sort by", "More options", "Create post", "Upvote",
"Downvote", "Add to bookmarks"), the bottom bar has labelled tabs (Home, Search, Inbox, Saved,
Profile; the last three toast "Login first" without an account; Search is a stub), the drawer
has Settings (a stub), the post's "More options" opens the options dialog (its entries close
it), and ``testTagsAsResourceId`` makes the test tags resource ids (``jerboa:post``,
``jerboa:posttitle``, ``jerboa:posts``, ``jerboa:options``, ``jerboa:changelogbtn``). A link
post shows its host name under the title and, right of it, ``ThumbnailTile`` (70 dp; with no
thumbnail a card with the Link icon, no description). The release notes in the "what's new"
dialog are those of 0.0.38 (the newest in the tag's RELEASES.md).

jerboa#1020: ``ThumbnailTile`` opens its link with ``openLink(url, rememberNavController(),
...)``, a NavController of its own that no NavHost gave a graph. A link that
``looksLikeUserUrl`` or ``looksLikeCommunityUrl`` (``https://host/u/name``,
``https://host/c/name``) is opened in the app with ``navController.navigate(route)``, which
throws ``IllegalArgumentException: Cannot navigate to NavDeepLinkRequest{...}. Navigation graph
has not been set for NavController ...``. Other links go to a custom tab (another app: the model
does nothing visible). The fix passes the screen's NavController down. The world: lemmy.ml's
Local feed holds the reported post 1956845 (invented title) linking to a Lemmy community on
lemmy.world, a post linking to an article, and a text post. Uncertain: what the reported post
linked to (the fix says a deeplink; a community link is assumed) and the frames' line numbers
in the navigation library.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.jerboa"
MAIN = ".MainActivity"
TODO = "TODO"
COMPOSE = "androidx.compose.ui.platform.ComposeView"

DONATION = (
    "Support Jerboa",
    "Jerboa is free, open-source software, meaning no advertising, monetizing, or venture "
    "capital, ever. Your donations directly support full-time development of the project.",
    "Support on Liberapay.",
    "Support on Patreon.",
    "Support on OpenCollective.",
)
RELEASE_NOTES = (
    "Jerboa v0.0.30-alpha Release (2023-04-25)",
    "What's Changed",
    "Upgrade deps 11 by @dessalines in #355",
    "Adjust the status bar while using the system dark theme to not use dark icons by "
    "@russjr08 in #358",
    "Upgrading deps. by @dessalines in #359",
    "Use default bottom app bar. by @dessalines in #360",
)

# The fixed world: posts as the lemmy.ml API lists them (community shown as
# communityNameShown: its title, with "@host" when not local).
POSTS: tuple[dict[str, Any], ...] = (
    {
        "id": 1101,
        "local": True,
        "community": "Lemmy",
        "creator": "nutomic",
        "time": "3h",
        "score": 58,
        "title": "Lemmy v0.17.4 is out",
        "body": "A small release with bug fixes for federation and the image proxy.",
        "comments": (
            {
                "id": 9001,
                "creator": "kpw",
                "path": "0.9001",
                "score": 12,
                "time": "2h",
                "content": "Thanks for all the work!",
            },
            {
                "id": 9002,
                "creator": "nutomic",
                "path": "0.9001.9002",
                "score": 5,
                "time": "2h",
                "content": "You're welcome.",
            },
            {
                "id": 9003,
                "creator": "wren",
                "path": "0.9003",
                "score": 3,
                "time": "1h",
                "content": "Is there an upgrade guide?",
            },
        ),
    },
    {
        "id": 1102,
        "local": True,
        "community": "Linux",
        "creator": "kpw",
        "time": "5h",
        "score": 31,
        "title": "What distro are you running this week?",
        "body": "Mine is still Debian testing.",
        "comments": (
            {
                "id": 9011,
                "creator": "wren",
                "path": "0.9011",
                "score": 9,
                "time": "4h",
                "content": "Fedora on the laptop, Arch on the desktop.",
            },
            {
                "id": 9012,
                "creator": "kpw",
                "path": "0.9011.9012",
                "score": 2,
                "time": "4h",
                "content": "Nice combination.",
            },
        ),
    },
    {
        "id": 1201,
        "local": False,
        "ap_id": "https://beehaw.org/post/417477",
        "community": "Technology@beehaw.org",
        "creator": "maple",
        "time": "6h",
        "score": 87,
        "title": "Reddit will start charging for its API next month",
        "body": "Third-party apps say the new prices would cost them millions a year.",
        "comments": (
            {
                "id": 9021,
                "creator": "birch",
                "path": "0.9021",
                "score": 40,
                "time": "5h",
                "content": "That is the end of most third-party apps.",
            },
            {
                "id": 9022,
                "creator": "alder",
                "path": "0",
                "score": 17,
                "time": "5h",
                "content": "Time to move to Lemmy then.",
            },
            {
                "id": 9023,
                "creator": "maple",
                "path": "0.9021.9023",
                "score": 8,
                "time": "4h",
                "content": "Probably, yes.",
            },
        ),
    },
    {
        "id": 1202,
        "local": False,
        "ap_id": "https://beehaw.org/post/417301",
        "community": "Technology@beehaw.org",
        "creator": "birch",
        "time": "7h",
        "score": 44,
        "title": "A new open-source keyboard for Android",
        "body": "It works offline and has no tracking.",
        "comments": (
            {
                "id": 9031,
                "creator": "alder",
                "path": "0.9031",
                "score": 6,
                "time": "6h",
                "content": "Does it support swipe typing?",
            },
            {
                "id": 9032,
                "creator": "birch",
                "path": "0.9031.9032",
                "score": 4,
                "time": "6h",
                "content": "Not yet, it is on the roadmap.",
            },
        ),
    },
    {
        "id": 1203,
        "local": False,
        "ap_id": "https://lemmy.one/post/7580",
        "community": "Asklemmy@lemmy.one",
        "creator": "fern",
        "time": "8h",
        "score": 23,
        "title": "What brought you to Lemmy?",
        "body": "Curious how everyone found this place.",
        "comments": (
            {
                "id": 9041,
                "creator": "oak",
                "path": "0",
                "score": 11,
                "time": "7h",
                "content": "A friend sent me a link.",
            },
            {
                "id": 9042,
                "creator": "fern",
                "path": "0.9042",
                "score": 3,
                "time": "7h",
                "content": "A post on Mastodon.",
            },
        ),
    },
)


def post_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of jerboa#380: the app crashed on a negative comment padding."""
    return crashed(
        system, PACKAGE, "java.lang.IllegalArgumentException", "Padding must be non-negative"
    )


def depth_from_comment(comment: dict[str, Any]) -> int:
    """``getDepthFromComment``: the number of path segments minus 2."""
    return len(str(comment["path"]).split(".")) - 2


def comment_offset_dp(depth: int, multiplier: int) -> int:
    """``calculateCommentOffset`` of 0.0.30 (SMALL_PADDING is 4 dp)."""
    return 0 if depth == 0 else (depth - 1) * multiplier + 4


def fixed_comment_offset_dp(depth: int, multiplier: int) -> int:
    """``calculateCommentOffset`` of 0.0.31: ``abs`` of the product."""
    return 0 if depth == 0 else abs((depth - 1) * multiplier) + 4


def padding_crash() -> JavaException:
    return JavaException(
        "java.lang.IllegalArgumentException",
        "Padding must be non-negative",
        [
            "androidx.compose.foundation.layout.PaddingModifier.<init>(Padding.kt:352)",
            "androidx.compose.foundation.layout.PaddingModifier.<init>(Padding.kt:338)",
            "androidx.compose.foundation.layout.PaddingKt.padding-qDBjuR0(Padding.kt:79)",
            "androidx.compose.foundation.layout.PaddingKt.padding-qDBjuR0$default(Padding.kt:77)",
            "com.jerboa.ui.components.comment.CommentNodeKt$commentNodeItem$1.invoke"
            "(CommentNode.kt:203)",
            "com.jerboa.ui.components.comment.CommentNodeKt$commentNodeItem$1.invoke"
            "(CommentNode.kt:180)",
            "androidx.compose.foundation.lazy.LazyListItemProviderImpl$1.invoke"
            "(LazyListItemProvider.kt:78)",
            "androidx.compose.runtime.Recomposer.performRecompose(Recomposer.kt:1158)",
            "androidx.compose.ui.platform.AndroidUiFrameClock$withFrameNanos$2$callback$1"
            ".doFrame(AndroidUiFrameClock.android.kt:34)",
            "android.view.Choreographer.doFrame(Choreographer.java:1216)",
            "android.os.Handler.handleCallback(Handler.java:942)",
            "android.os.Looper.loop(Looper.java:288)",
            "android.app.ActivityThread.main(ActivityThread.java:7872)",
        ],
    )


def tv(text: str, **kw: Any) -> View:
    return w.text_view(text, **kw)


def icon_button(desc: str, handler: Any, **kw: Any) -> View:
    """A Compose IconButton (dumps as a Button described by its icon)."""
    return View(cls="android.widget.Button", content_desc=desc, on_click=handler, width=126, **kw)


def bottom_bar(items: list[View]) -> View:
    """The feed's bottom navigation bar holding ``items``."""
    return View(cls="android.view.View", layout=HORIZONTAL, height=210, weight=0, children=items)


def comment_count(post: dict[str, Any], icon_desc: str) -> View:
    """A post card's comment icon (described ``icon_desc``) and count."""
    return View(
        cls="android.view.View",
        layout=HORIZONTAL,
        children=[
            w.image_view(desc=icon_desc, width=60),
            tv(f"{len(post['comments'])} comments"),
        ],
    )


class Jerboa(VirtualApp):
    """Jerboa 0.0.30: anonymous browsing of lemmy.ml."""

    name: ClassVar[str] = "jerboa"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Jerboa"
    version: ClassVar[str] = "0.0.30"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "jerboa#380",
            "crash",
            "Crash when opening a specific post",
            post_crashed,
            human_steps=(
                click(PACKAGE, text="Done"),
                click(PACKAGE, desc="Menu"),
                click(PACKAGE, text="All"),
                click(PACKAGE, text="Reddit will start charging for its API next month"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"viewed_changelog": 0}

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", ["home"])
        ctx.ui.setdefault("listing", "Local")
        ctx.ui.setdefault("sort", "Active")
        ctx.ui.setdefault("drawer", False)
        ctx.ui.setdefault("dialog", "")

    # -- handlers ------------------------------------------------------------------------------
    def close_changelog(self, ctx: AppContext) -> None:
        ctx.data["viewed_changelog"] = 1

    def set_dialog(self, ctx: AppContext, name: str) -> None:
        ctx.ui["dialog"] = name

    def open_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = True

    def set_listing(self, ctx: AppContext, listing: str) -> None:
        ctx.ui.update(listing=listing, drawer=False, dialog="")

    def set_sort(self, ctx: AppContext, sort: str) -> None:
        ctx.ui.update(sort=sort, dialog="")

    def navigate(self, ctx: AppContext, route: str) -> None:
        ctx.ui.update(drawer=False, dialog="")
        ctx.ui["stack"].append(route)

    def login_first(self, ctx: AppContext) -> None:
        ctx.toast("Login first")

    def open_post(self, ctx: AppContext, post_id: int) -> None:
        self.navigate(ctx, f"post/{post_id}")
        self.compose_comments(self.post_by_id(post_id))

    def compose_comments(self, post: dict[str, Any]) -> None:
        """PostViewModel fetches the comments and the LazyColumn composes a node for each:
        ``Modifier.padding(start = calculateCommentOffset(depth, 4))``."""
        for comment in post["comments"]:
            if self.comment_offset(depth_from_comment(comment)) < 0:
                raise padding_crash()

    def comment_offset(self, depth: int) -> int:
        return comment_offset_dp(depth, 4)

    def posts(self) -> tuple[dict[str, Any], ...]:
        """The posts the instance lists at the time of the report (the fixed world)."""
        return POSTS

    def post_by_id(self, post_id: int) -> dict[str, Any]:
        return next(p for p in self.posts() if p["id"] == post_id)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.data["viewed_changelog"] == 0:
            self.close_changelog(ctx)
            return True
        if w.dismiss(ctx.ui, "dialog", ""):
            return True
        if w.dismiss(ctx.ui, "drawer"):
            return True
        return w.pop_back_stack(ctx.ui["stack"])

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui["stack"][-1]
        if route == "home":
            content = self.home(ctx)
        elif route.startswith("post/"):
            content = self.post_screen(ctx, self.post_by_id(int(route.split("/")[1])))
        else:
            content = self.stub(route.split("/", 1)[-1] if "/" in route else "Communities")
        windows: list[Window] = []
        dialog = ctx.ui["dialog"]
        if dialog:
            windows.append(self.home_dialog(ctx, dialog))
        if ctx.data["viewed_changelog"] == 0:
            windows.append(self.changelog())
        return Screen(content=View(cls=COMPOSE, children=[content]), windows=windows)

    def stub(self, title: str) -> View:
        return w.linear_layout(
            [
                w.toolbar(
                    title,
                    navigation=icon_button("Back", self.back),
                    cls="android.view.View",
                    rid="",
                )
            ]
        )

    def back(self, ctx: AppContext) -> None:
        w.pop_back_stack(ctx.ui["stack"])

    def changelog(self) -> Window:
        texts = [tv(t) for t in (*DONATION, *RELEASE_NOTES)]
        return Window(
            root=View(
                cls="android.view.View",
                weight=0,
                children=[
                    View(cls="android.view.View", scrollable=True, children=texts),
                    w.button(text="Done", handler=self.close_changelog),
                ],
            ),
            on_dismiss=self.close_changelog,
        )

    def home_dialog(self, ctx: AppContext, dialog: str) -> Window:
        def item(text: str, handler: Any, selected: bool = False) -> View:
            return View(
                cls="android.view.View",
                on_click=handler,
                selected=selected,
                height=147,
                children=[tv(text)],
            )

        if dialog == "listing":
            rows = [
                item(t, w.bind(self.set_listing, t), ctx.ui["listing"] == t)
                for t in ("Subscribed", "Local", "All")
            ]
        elif dialog == "sort":
            sorts = ("Active", "Hot", "New", "Old", "MostComments", "NewComments")
            rows = [item(t, w.bind(self.set_sort, t), ctx.ui["sort"] == t) for t in sorts] + [
                item("Top", w.bind(self.set_dialog, "top"))
            ]
        elif dialog == "top":
            tops = ("TopDay", "TopWeek", "TopMonth", "TopYear", "TopAll")
            rows = [item(t, w.bind(self.set_sort, t), ctx.ui["sort"] == t) for t in tops]
        else:
            rows = [
                item("Refresh", w.bind(self.set_dialog, "")),
                item("Post View Mode", w.bind(self.set_dialog, "")),
                item("Site Info", w.bind(self.navigate, "siteSidebar/Site Info")),
            ]
        return Window(
            root=View(cls="android.view.View", weight=0, children=rows),
            on_dismiss=w.bind(self.set_dialog, ""),
        )

    def login_buttons(self, descs: list[str]) -> list[View]:
        """The card's vote and save icons (described ``descs``): each asks to log in first."""
        return [
            View(cls="android.view.View", content_desc=d, on_click=self.login_first, width=110)
            for d in descs
        ]

    def post_header(self, post: dict[str, Any]) -> View:
        """The card's first row: community and creator (each a link), score and age."""
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=110,
            weight=0,
            children=[
                w.linear_layout(
                    [
                        tv(
                            post["community"],
                            on_click=w.bind(self.navigate, f"community/{post['community']}"),
                            height=55,
                        ),
                        tv(
                            post["creator"],
                            on_click=w.bind(self.navigate, f"profile/{post['creator']}"),
                            height=55,
                        ),
                    ]
                ),
                tv(str(post["score"]), width=120),
                tv(post["time"], width=120),
            ],
        )

    def post_card(self, post: dict[str, Any], *, full: bool, clickable: bool) -> View:
        header = self.post_header(post)
        body = [tv(post["title"], height=80, weight=0)]
        if full:
            body.append(tv(post["body"], height=120, weight=0))
        footer = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=80,
            weight=0,
            children=[
                comment_count(post, TODO),
                *self.login_buttons([TODO] * 4),
            ],
        )
        return View(
            cls="android.view.View",
            on_click=w.bind(self.open_post, post["id"]) if clickable else None,
            children=[header, *body, footer],
            weight=0,
        )

    def listed_posts(self, listing: str) -> list[dict[str, Any]]:
        """The feed's posts for ``listing`` (anonymous: Subscribed is empty)."""
        if listing == "Subscribed":
            return []
        return [p for p in self.posts() if listing == "All" or p["local"]]

    def feed_top_bar(self, ctx: AppContext, descs: tuple[str, str, str], more_id: str = "") -> View:
        """The feed's top bar: listing and sort, the drawer button, and the listing, sort and
        more buttons described ``descs`` (the last one's id ``more_id``)."""
        listing_desc, sort_desc, more_desc = descs
        return w.toolbar(
            w.linear_layout([tv(ctx.ui["listing"]), tv(ctx.ui["sort"])]),
            navigation=icon_button("Menu", self.open_drawer),
            actions=[
                icon_button(listing_desc, w.bind(self.set_dialog, "listing")),
                icon_button(sort_desc, w.bind(self.set_dialog, "sort")),
                icon_button(more_desc, w.bind(self.set_dialog, "more"), resource_id=more_id),
            ],
            cls="android.view.View",
            rid="",
        )

    def home(self, ctx: AppContext) -> View:
        listing = ctx.ui["listing"]
        posts = self.listed_posts(listing)
        top_bar = self.feed_top_bar(ctx, (TODO, TODO, TODO))
        feed = View(
            cls="android.view.View",
            scrollable=True,
            scroll_key="feed",
            children=[self.post_card(p, full=False, clickable=True) for p in posts],
        )
        bottom = bottom_bar(
            [
                View(cls="android.view.View", content_desc=TODO, on_click=self.go_home),
                View(
                    cls="android.view.View",
                    content_desc=TODO,
                    on_click=w.bind(self.navigate, "communityList"),
                ),
                View(cls="android.view.View", content_desc=TODO, on_click=self.login_first),
                View(cls="android.view.View", content_desc=TODO, on_click=self.login_first),
                View(cls="android.view.View", content_desc=TODO, on_click=self.login_first),
            ]
        )
        page = w.linear_layout(
            [
                top_bar,
                View(
                    cls="android.view.View",
                    layout=FRAME,
                    children=[feed, w.fab("", TODO, self.login_first, cls="android.widget.Button")],
                ),
                bottom,
            ]
        )
        if not ctx.ui["drawer"]:
            return page
        entries = (
            [tv("Add Account", on_click=w.bind(self.navigate, "login/Login"), height=147)]
            if ctx.ui.get("account_mode")
            else [
                tv("Local", on_click=w.bind(self.set_listing, "Local"), height=147),
                tv("All", on_click=w.bind(self.set_listing, "All"), height=147),
            ]
        )
        return self.with_drawer(page, TODO, entries)

    def with_drawer(self, page: View, account_desc: str, entries: list[View]) -> View:
        """``page`` under the open navigation drawer: the account header (a tap switches
        between the account list and the feeds; its icon described ``account_desc``), then
        ``entries``."""
        header = View(
            cls="android.view.View",
            height=252,
            weight=0,
            on_click=self.toggle_account_mode,
            children=[tv("Anonymous"), w.image_view(desc=account_desc, width=80)],
        )
        drawer = View(
            cls="android.view.View",
            width=850,
            gravity="start",
            children=[header, *entries],
        )
        return View(cls="android.view.View", layout=FRAME, children=[page, drawer])

    def toggle_account_mode(self, ctx: AppContext) -> None:
        ctx.ui["account_mode"] = not ctx.ui.get("account_mode", False)

    def go_home(self, ctx: AppContext) -> None:
        ctx.ui["stack"].append("home")

    def post_screen(self, ctx: AppContext, post: dict[str, Any]) -> View:
        nodes = []
        for comment in post["comments"]:
            depth = depth_from_comment(comment)
            nodes.append(
                View(
                    cls="android.view.View",
                    padding=max(0, self.comment_offset(depth)) * 3,
                    weight=0,
                    children=[
                        View(
                            cls="android.view.View",
                            layout=HORIZONTAL,
                            children=[
                                tv(comment["creator"]),
                                tv(str(comment["score"]), width=120),
                                tv(comment["time"], width=120),
                            ],
                        ),
                        tv(comment["content"]),
                        View(
                            cls="android.view.View",
                            layout=HORIZONTAL,
                            children=[
                                View(
                                    cls="android.view.View",
                                    content_desc=TODO,
                                    on_click=self.login_first,
                                )
                                for _ in range(4)
                            ],
                        ),
                    ],
                )
            )
        return w.linear_layout(
            [
                w.toolbar(
                    "Comments",
                    navigation=icon_button("Back", self.back),
                    cls="android.view.View",
                    rid="",
                ),
                View(
                    cls="android.view.View",
                    scrollable=True,
                    scroll_key="post",
                    children=[self.post_card(post, full=True, clickable=False), *nodes],
                ),
            ]
        )


class Jerboa031(Jerboa):
    """Jerboa 0.0.31: the offset takes ``abs`` of the product (commit c42f5b32)."""

    version: ClassVar[str] = "0.0.31"
    bugs: ClassVar[tuple[BugSpec, ...]] = ()

    def comment_offset(self, depth: int) -> int:
        return fixed_comment_offset_dp(depth, 4)


# -- 0.0.39 ------------------------------------------------------------------------------------
RELEASE_NOTES_039 = (
    "Jerboa v0.0.38-alpha Release (2023-07-03)",
    "What's Changed",
    "Edit strings.xml for ko by @meinside in #909",
    "Adding Show Post Source button by @ZJouba in #901",
    "Fix crash 0.37 due to missing SortTypes by @MV-GH in #918",
    "Add ability to share posts. by @camporter in #543",
)
# lemmy.ml at the time of jerboa#1020 (July 2023): the reported post links to a Lemmy
# community; another links to an article; one is a text post.
POSTS_039: tuple[dict[str, Any], ...] = (
    {
        "id": 1956845,
        "local": True,
        "community": "Jerboa",
        "creator": "kpw",
        "time": "2h",
        "score": 64,
        "title": "There is now a Jerboa community on lemmy.world as well",
        "url": "https://lemmy.world/c/jerboa",
        "body": "",
        "comments": (
            {
                "id": 8801,
                "creator": "wren",
                "path": "0.8801",
                "score": 7,
                "time": "1h",
                "content": "Good to know, subscribed.",
            },
        ),
    },
    {
        "id": 1956701,
        "local": True,
        "community": "Technology",
        "creator": "alder",
        "time": "3h",
        "score": 41,
        "title": "Open hardware phones in 2023: a round-up",
        "url": "https://example.org/articles/open-hardware-phones",
        "body": "",
        "comments": (
            {
                "id": 8811,
                "creator": "kpw",
                "path": "0.8811",
                "score": 5,
                "time": "2h",
                "content": "Nice list, thanks.",
            },
        ),
    },
    {
        "id": 1956512,
        "local": True,
        "community": "Linux",
        "creator": "wren",
        "time": "4h",
        "score": 22,
        "title": "Which terminal emulator do you use?",
        "body": "Looking for something fast with good font rendering.",
        "comments": (
            {
                "id": 8821,
                "creator": "alder",
                "path": "0.8821",
                "score": 9,
                "time": "3h",
                "content": "foot, on Wayland.",
            },
            {
                "id": 8822,
                "creator": "wren",
                "path": "0.8821.8822",
                "score": 2,
                "time": "3h",
                "content": "Will try it.",
            },
        ),
    },
)
NAV_TABS = (
    ("Home", "Go home"),
    ("Search", "Go to search"),
    ("Inbox", "Go to my inbox"),
    ("Saved", "Go to my bookmarks"),
    ("Profile", "Go to my profile"),
)
THUMBNAIL = 184  # POST_LINK_PIC_SIZE, 70 dp


def link_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of jerboa#1020: navigating with a NavController that has no graph."""
    return crashed(
        system,
        PACKAGE,
        "java.lang.IllegalArgumentException",
        "Navigation graph has not been set for NavController",
    )


def lemmy_route(url: str) -> str | None:
    """``openLink``'s ``looksLikeUserUrl`` / ``looksLikeCommunityUrl``: the route of a Lemmy
    user or community URL, else None."""
    match = re.match(r"^https?://([^/]+)/(u|c)/([^/&?]+)", url)
    if match is None:
        return None
    host, kind, name = match.groups()
    return f"{host}/{kind}/{name}"


def host_name(url: str) -> str:
    return url.split("//", 1)[-1].split("/", 1)[0]


class Jerboa039(Jerboa031):
    """Jerboa 0.0.39: bottom navigation, localized strings, test tags as resource ids."""

    version: ClassVar[str] = "0.0.39"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "jerboa#1020",
            "crash",
            "App crashes when opening specific link",
            link_crashed,
            human_steps=(
                click(PACKAGE, rid="jerboa:changelogbtn"),
                click(PACKAGE, cls="android.view.View", bounds=[896, 320, 1080, 504]),
            ),
        ),
    )

    def posts(self) -> tuple[dict[str, Any], ...]:
        return POSTS_039

    def changelog(self) -> Window:
        texts = [tv(t) for t in (*DONATION, *RELEASE_NOTES_039)]
        return Window(
            root=View(
                cls="android.view.View",
                resource_id="",
                weight=0,
                children=[
                    View(cls="android.view.View", scrollable=True, children=texts),
                    w.button(rid="jerboa:changelogbtn", text="Done", handler=self.close_changelog),
                ],
            ),
            on_dismiss=self.close_changelog,
        )

    # -- the bug -------------------------------------------------------------------------------
    def open_link(self, ctx: AppContext, url: str) -> None:
        """``ThumbnailTile``'s click: ``openLink(url, rememberNavController(), ...)``, a
        NavController of its own that no NavHost ever gave a graph."""
        route = lemmy_route(url)
        if route is not None:
            self.navigate_from_thumbnail(ctx, route)
            return
        # Any other link opens in a custom tab (another app): nothing the model shows.
        ctx.log("jerboa", f"open {url} in a custom tab")

    def navigate_from_thumbnail(self, ctx: AppContext, route: str) -> None:
        request = f"NavDeepLinkRequest{{ uri=android-app://androidx.navigation/{route} }}"
        raise JavaException(
            "java.lang.IllegalArgumentException",
            f"Cannot navigate to {request}. Navigation graph has not been set for "
            "NavController androidx.navigation.NavHostController@5c3a2e1.",
            [
                "androidx.navigation.NavController.navigate(NavController.kt:1806)",
                "androidx.navigation.NavController.navigate(NavController.kt:2214)",
                "androidx.navigation.NavController.navigate$default(NavController.kt:2209)",
                "com.jerboa.UtilsKt.openLink(Utils.kt:383)",
                "com.jerboa.ui.components.post.PostListingKt$ThumbnailTile$1$postLinkPicMod$1"
                ".invoke(PostListing.kt:1247)",
                "androidx.compose.foundation.ClickablePointerInputNode$pointerInput$3.invoke-k-4lQ0M"
                "(Clickable.kt:895)",
                "androidx.compose.foundation.gestures.TapGestureDetectorKt$detectTapAndPress$2$1"
                ".invokeSuspend(TapGestureDetector.kt:255)",
                "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith"
                "(ContinuationImpl.kt:33)",
                "android.os.Handler.handleCallback(Handler.java:942)",
                "android.os.Looper.loop(Looper.java:288)",
                "android.app.ActivityThread.main(ActivityThread.java:7872)",
            ],
        )

    # -- screens -------------------------------------------------------------------------------
    def thumbnail_tile(self, post: dict[str, Any]) -> View:
        """No thumbnail: a Card with the Link icon (no description), 70 dp square."""
        return View(
            cls="android.view.View",
            width=THUMBNAIL,
            height=THUMBNAIL,
            weight=0,
            on_click=w.bind(self.open_link, post["url"]),
            children=[w.image_view(width=100, height=100)],
        )

    def home_dialog(self, ctx: AppContext, dialog: str) -> Window:
        if dialog.startswith("options/"):
            post = self.post_by_id(int(dialog.split("/")[1]))
            names = [f"Go to {post['community']}", f"Go to {post['creator']}"]
            if post.get("url"):
                names.append("Copy link")
            names += ["Copy Permalink", "Copy Post Name"]
            if post.get("body"):
                names += ["Copy Post Text", "View Source"]
            if post.get("url"):
                names.append("Share Link")
            names += [
                "Share Post",
                "Report Post",
                f"Block {post['creator']}",
                f"Block {post['community']}",
            ]
            rows = [
                View(
                    cls="android.view.View",
                    on_click=w.bind(self.set_dialog, ""),
                    height=147,
                    children=[tv(n)],
                )
                for n in names
            ]
            return Window(
                root=View(cls="android.view.View", weight=0, children=rows),
                on_dismiss=w.bind(self.set_dialog, ""),
            )
        window = super().home_dialog(ctx, dialog)
        return window

    def post_card(self, post: dict[str, Any], *, full: bool, clickable: bool) -> View:
        header = self.post_header(post)
        title_column = [tv(post["title"], rid="jerboa:posttitle", height=110, weight=0)]
        if post.get("url"):
            title_column.append(tv(host_name(post["url"]), height=60, weight=0))
        title_row = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=THUMBNAIL,
            weight=0,
            children=[
                w.linear_layout(title_column),
                *([self.thumbnail_tile(post)] if post.get("url") else []),
            ],
        )
        body = [tv(post["body"], height=120, weight=0)] if full and post.get("body") else []
        footer = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=100,
            weight=0,
            children=[
                comment_count(post, ""),
                *self.login_buttons(["Upvote", "Downvote", "Add to bookmarks"]),
                View(
                    cls="android.view.View",
                    content_desc="More options",
                    on_click=w.bind(self.set_dialog, f"options/{post['id']}"),
                    width=110,
                ),
            ],
        )
        return View(
            cls="android.view.View",
            resource_id="jerboa:post",
            on_click=w.bind(self.open_post, post["id"]) if clickable else None,
            children=[header, title_row, *body, footer],
            weight=0,
        )

    def select_tab(self, ctx: AppContext, tab: str) -> None:
        if tab in ("Inbox", "Saved", "Profile"):
            self.login_first(ctx)
        else:
            ctx.ui["tab"] = tab

    def home(self, ctx: AppContext) -> View:
        tab = ctx.ui.get("tab", "Home")
        if tab == "Search":
            page_body = self.stub("Search")
        else:
            listing = ctx.ui["listing"]
            posts = self.listed_posts(listing)
            top_bar = self.feed_top_bar(
                ctx, ("Select feed", "Sort by", "More options"), more_id="jerboa:options"
            )
            feed = w.list_view(
                [self.post_card(p, full=False, clickable=True) for p in posts],
                rid="jerboa:posts",
                cls="android.view.View",
                scroll_key="feed",
            )
            page_body = w.linear_layout(
                [
                    top_bar,
                    View(
                        cls="android.view.View",
                        layout=FRAME,
                        children=[
                            feed,
                            w.fab("", "Create post", self.login_first, cls="android.widget.Button"),
                        ],
                    ),
                ]
            )
        bottom = bottom_bar(
            [
                View(
                    cls="android.view.View",
                    on_click=w.bind(self.select_tab, label),
                    selected=label == tab,
                    children=[w.image_view(desc=desc, height=120), tv(label, height=60)],
                )
                for label, desc in NAV_TABS
            ]
        )
        page = w.linear_layout([page_body, bottom])
        if not ctx.ui["drawer"]:
            return page
        entries = (
            [tv("Add Account", on_click=w.bind(self.navigate, "login/Login"), height=147)]
            if ctx.ui.get("account_mode")
            else []
        ) + [
            tv("Local", on_click=w.bind(self.set_listing, "Local"), height=147),
            tv("All", on_click=w.bind(self.set_listing, "All"), height=147),
            tv("Settings", on_click=w.bind(self.navigate, "settings/Settings"), height=147),
        ]
        account_desc = "Show less options" if not ctx.ui.get("account_mode") else "More options"
        return self.with_drawer(page, account_desc, entries)


def _home_then(*steps: dict[str, Any]) -> list[dict[str, Any]]:
    return [click(PACKAGE, text="Done"), *steps]


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "jerboa#1020": [
        # The link of the other link post (an article) opens in a custom tab.
        [
            click(PACKAGE, rid="jerboa:changelogbtn"),
            click(PACKAGE, cls="android.view.View", bounds=[896, 714, 1080, 898]),
        ],
        # The post itself instead of its link.
        [
            click(PACKAGE, rid="jerboa:changelogbtn"),
            click(PACKAGE, text="There is now a Jerboa community on lemmy.world as well"),
        ],
        # The post's options: Copy link.
        [
            click(PACKAGE, rid="jerboa:changelogbtn"),
            click(
                PACKAGE, desc="More options", cls="android.view.View", bounds=[970, 504, 1080, 604]
            ),
            click(PACKAGE, text="Copy link"),
        ],
        # The community name of the post.
        [
            click(PACKAGE, rid="jerboa:changelogbtn"),
            click(PACKAGE, text="Jerboa"),
        ],
    ],
    "jerboa#380": [
        # The other post of the same community opens fine.
        _home_then(
            click(PACKAGE, desc="Menu"),
            click(PACKAGE, text="All"),
            click(PACKAGE, text="A new open-source keyboard for Android"),
        ),
        # A local post, from the Local listing.
        _home_then(click(PACKAGE, text="Lemmy v0.17.4 is out")),
        # The community of the post instead of the post.
        _home_then(
            click(PACKAGE, desc="Menu"),
            click(PACKAGE, text="All"),
            click(PACKAGE, text="Technology@beehaw.org"),
        ),
        # Local again from the drawer: the post is not listed; open a local post.
        _home_then(
            click(PACKAGE, desc="Menu"),
            click(PACKAGE, text="Local"),
            click(PACKAGE, text="What distro are you running this week?"),
        ),
    ],
}
