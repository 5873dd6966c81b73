"""Harmonic for Hacker News (``com.simon.harmonichackernews``, SimonHalvdansson/Harmonic-HN) 3.0,
for Harmonic-HN#308.

A Hacker News reader usable without an account: ``MainActivity`` holds ``StoriesFragment`` (a
header with the story-type spinner, search and "More options", then the story rows), and a tap
on a story starts ``CommentsActivity`` (its ``CommentsFragment``: the website in a WebView
under a bottom sheet of comments).

Sources read at tag v3.0 (commit 33607d9, 2026-06-06; ``versionName`` 3.0, versionCode 75), the
release the report names, and the fix f306dd1 ("Foldable mainactivity back behavior fix", 3.0.1).
Files read: ``MainActivity``, ``CommentsActivity``, ``DialogHostActivity``,
``WelcomeDialogFragment``, ``StoriesFragment`` (the link and comment click listeners,
``clickedComments``, ``moreClick``), ``CommentsFragment`` (its back callback),
``CommentsWebViewController.willExpandBottomSheetOnBack``, ``utils/FoldableSplitInitializer``,
``utils/SettingsUtils`` (defaults), ``res/xml/main_split_config.xml``, ``AndroidManifest.xml`` and
the layouts ``welcome_dialog``, ``stories_header``, ``story_list_item``, ``fragment_comments``,
``comments_header`` and the menu ``main_menu``.

Bug Harmonic-HN#308 (non-crash): on a foldable device (``FEATURE_SENSOR_HINGE_ANGLE`` with
activity embedding available) ``FoldableSplitInitializer`` installs ``main_split_config``, whose
``SplitPairRule`` for ``MainActivity`` and ``CommentsActivity`` says
``finishPrimaryWithSecondary="always"``. So when Back finishes ``CommentsActivity`` (the
fragment's callback: with the website shown and no page history it first expands the comment
sheet, then ``requireActivity().finish()``), WindowManager finishes ``MainActivity`` with it,
even on the folded (narrow) screen where the two were never side by side: the app closes
instead of returning to the stories. The fix sets the rule to ``adjacent``.

The virtual device stands for the reporter's foldable on its outer (folded) display: the
hinge feature is present and split is available, so the welcome dialog opens in
``DialogHostActivity`` (``shouldUseExpandedDialogHost``) and the stories open
``CommentsActivity`` with ``PREVENT_BACK``. Fixed data: five front-page stories (one "Ask HN"
text post), their comments and a page for each link (the WebView's page has no history).
Stubbed: Settings (an empty screen), search, the spinner's other lists, logging in, the
comment sheet's buttons, voting, the AI summary, link previews, caching. The welcome's
preset buttons only change which is checked. Uncertain: the dump shapes of the bottom sheet
and WebView; the model's oracle records the primary finishing with the secondary, which the
real app does inside WindowManager rather than in its own code.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.simon.harmonichackernews"
MAIN = ".MainActivity"
HOST = ".DialogHostActivity"
COMMENTS = ".CommentsActivity"
SETTINGS = ".SettingsActivity"
RECYCLER = "androidx.recyclerview.widget.RecyclerView"
MENU = ("Log in", "Cache stories", "Settings")
MENU_IDS = ("menu_log", "menu_cache", "menu_settings")
# The front page: (title, domain or "" for a text post, points, comments, age, author).
STORIES: tuple[tuple[str, str, int, int, str, str], ...] = (
    ("A tiny SQLite extension for vector search", "github.com", 412, 96, "3h", "asg017"),
    ("Ask HN: What are you reading this summer?", "", 188, 241, "5h", "pavel_lishin"),
    ("The hardest part of building a compiler", "thume.ca", 97, 31, "2h", "trishume"),
    ("Show HN: A weather station on a Raspberry Pi", "blog.example.org", 65, 18, "1h", "jdm"),
    ("Why the Voyager probes still talk to us", "nasa.gov", 530, 142, "7h", "bookofjoe"),
)
COMMENT_TEXTS = (
    ("tptacek", "This is the part of the write-up I found most convincing."),
    ("dang", "Related discussion from last year is linked in the header."),
    ("simonw", "I tried it on a small dataset and it held up well."),
)


def primary_finished_with_comments(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Harmonic-HN#308: Back out of a story closed the stories too."""
    return bool(data["primary_finished_with_secondary"])


def get_started() -> dict[str, Any]:
    return click(PACKAGE, "welcome_dialog_get_started", "Get started")


def open_story(title: str) -> dict[str, Any]:
    """A tap on a story's title (``story_link_layout``)."""
    return click(PACKAGE, "story_title", title)


BACK: dict[str, Any] = {"kind": "press_back"}


class HarmonicHN(VirtualApp):
    """Harmonic 3.0 on a folded foldable: welcome, stories, a story's comments and website."""

    name: ClassVar[str] = "Harmonic-HN"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Harmonic"
    version: ClassVar[str] = "3.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Harmonic-HN#308",
            "non-crash",
            "Back from a story exits the app instead of returning to the stories",
            primary_finished_with_comments,
            human_steps=(
                get_started(),
                open_story(STORIES[0][0]),
                BACK,
                BACK,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "welcome_shown": False,
            "preset": "expressive",
            "clicked": [],
            "primary_finished_with_secondary": False,
        }

    # -- lifecycle -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN and not ctx.data["welcome_shown"]:
            # shouldUseExpandedDialogHost(): the welcome opens in DialogHostActivity.
            ctx.start_activity(HOST)
        if ctx.activity == HOST:
            ctx.ui.setdefault("preset", "expressive")
        if ctx.activity == COMMENTS:
            # EXTRA_SHOW_WEBSITE: the sheet starts collapsed over the website.
            ctx.ui.setdefault("sheet", "collapsed" if ctx.extras.get("website") else "expanded")

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == HOST:
            return True  # the welcome dialog is not cancelable
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "menu")
        if ctx.activity == COMMENTS:
            if ctx.ui.get("sheet") == "collapsed":
                # willExpandBottomSheetOnBack(): no page history, so the sheet expands.
                ctx.ui["sheet"] = "expanded"
                return True
            self._finish_comments(ctx)
            return True
        return False

    def _finish_comments(self, ctx: AppContext) -> None:
        """``requireActivity().finish()``; the split rule then finishes the primary too."""
        ctx.finish()
        # The bug: finishPrimaryWithSecondary="always" finishes MainActivity as well.
        ctx.data["primary_finished_with_secondary"] = True
        ctx.finish()

    # -- handlers --------------------------------------------------------------------------------
    def _get_started(self, ctx: AppContext) -> None:
        ctx.data["preset"] = ctx.ui["preset"]
        ctx.data["welcome_shown"] = True  # Utils.markWelcomeDialogShown
        ctx.finish()

    def _open(self, ctx: AppContext, index: int, link: bool) -> None:
        """The link listener (a link story opens with its website) or the comments one."""
        ctx.ui["menu"] = False
        if index not in ctx.data["clicked"]:
            ctx.data["clicked"].append(index)
        website = link and bool(STORIES[index][1])
        ctx.start_activity(COMMENTS, {"story": index, "website": website, "prevent_back": True})

    def _menu_item(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = False
        if title == "Settings":
            ctx.start_activity(SETTINGS)

    # -- rendering -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == HOST:
            return self._welcome(ctx)
        if ctx.activity == COMMENTS:
            return self._comments(ctx)
        if ctx.activity == SETTINGS:
            bar = w.toolbar("Settings", navigation=w.up_button())
            return Screen(content=w.linear_layout([bar, w.list_view([], rid="recycler_view")]))
        return self._stories(ctx)

    def _welcome(self, ctx: AppContext) -> Screen:
        preset = ctx.ui["preset"]

        def choose(name: str) -> View:
            return w.button(
                f"welcome_dialog_preset_{name}",
                name.capitalize(),
                lambda c: c.ui.update(preset=name),
                checkable=True,
                checked=preset == name,
            )

        preview = w.linear_layout(
            [w.text_view("Post title", "story_title"), w.text_view("53 points • domain • 2h")],
            rid="welcome_dialog_story_preview",
        )
        body = w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.image_view("welcome_dialog_logo", height=200),
                        w.text_view("Welcome to Harmonic for Hacker News", "welcome_dialog_title"),
                        w.text_view(
                            "I hope you'll love the app and feel how much care was put into "
                            "creating it. If you have an issue or want to submit a PR, you can "
                            "visit the GitHub repository.\n\nBefore we get started you can "
                            "select a UI preset below.",
                            "welcome_dialog_body",
                            height=330,
                        ),
                        w.frame_layout([preview], rid="welcome_dialog_story_preview_container"),
                        w.linear_layout(
                            [choose("expressive"), choose("clean")],
                            rid="welcome_dialog_preset_group",
                            horizontal=True,
                            height=140,
                        ),
                        w.text_view(
                            "There are a ton of customization options beyond this available "
                            "in the settings for you to explore.",
                            "welcome_dialog_settings_note",
                        ),
                        w.button("welcome_dialog_get_started", "Get started", self._get_started),
                    ],
                    weight=0,
                )
            ],
            weight=0,
        )
        window = Window(root=body, cancelable=False)
        return Screen(content=w.frame_layout([]), windows=[window])

    def _story_row(self, ctx: AppContext, index: int) -> View:
        title, domain, points, comments, age, _ = STORIES[index]
        meta = f"{points} points • {domain} • {age}" if domain else f"{points} points • {age}"
        link = w.linear_layout(
            [
                w.text_view(f"{index + 1}.", "story_index", width=120),
                w.linear_layout(
                    [
                        w.text_view(title, "story_title"),
                        w.linear_layout(
                            [
                                w.image_view("story_meta_favicon", width=50),
                                w.text_view(meta, "story_meta"),
                            ],
                            rid="story_meta_container",
                            horizontal=True,
                        ),
                    ]
                ),
            ],
            rid="story_link_layout",
            horizontal=True,
            on_click=w.bind(self._open, index, True),
        )
        comment = w.linear_layout(
            [
                w.image_view("story_comments_icon", height=80),
                w.text_view(str(comments), "story_comments"),
            ],
            rid="story_comment_layout",
            width=170,
            on_click=w.bind(self._open, index, False),
        )
        return w.linear_layout([link, comment], rid="story_container", horizontal=True, height=260)

    def _stories(self, ctx: AppContext) -> Screen:
        spinner = w.spinner("stories_header_spinner", "Top Stories", None)
        header = w.linear_layout(
            [
                w.linear_layout([spinner], rid="stories_header_spinner_container"),
                w.image_button("stories_header_search_button", "Search", None, width=147),
                w.image_button(
                    "stories_header_more",
                    "More options",
                    lambda c: c.ui.update(menu=True),
                    width=147,
                ),
            ],
            rid="stories_header_toolbar_row",
            horizontal=True,
            height=168,
        )
        rows = [self._story_row(ctx, i) for i in range(len(STORIES))]
        listing = View(
            cls=RECYCLER,
            resource_id="stories_recyclerview",
            scrollable=True,
            children=[w.linear_layout([header], rid="stories_header_container", weight=0), *rows],
        )
        windows = []
        if ctx.ui.get("menu"):
            items = [
                (title, w.bind(self._menu_item, title), rid)
                for title, rid in zip(MENU, MENU_IDS, strict=True)
            ]
            windows.append(
                w.menu_window(
                    items, lambda c: c.ui.update(menu=False), bounds=(560, 120, 1060, 520)
                )
            )
        content = w.frame_layout([listing], rid="main_fragments_container")
        return Screen(content=content, windows=windows)

    def _comments(self, ctx: AppContext) -> Screen:
        index = int(ctx.extras["story"])
        title, domain, points, comments, age, author = STORIES[index]
        header = w.linear_layout(
            [
                w.text_view(title, "comments_header_title"),
                w.text_view(domain, "comments_header_url")
                if domain
                else w.text_view("What has stuck with you this year?", "comments_header_text"),
                w.linear_layout(
                    [
                        w.text_view(str(points), "comments_header_meta_votes"),
                        w.text_view(str(comments), "comments_header_meta_comments"),
                        w.text_view(f"{age} ", "comments_header_meta_time"),
                        w.text_view(author, "comments_header_meta_by"),
                    ],
                    rid="comments_header_meta_container",
                    horizontal=True,
                ),
                w.linear_layout(
                    [
                        w.image_button("comments_header_button_user", "User", None),
                        w.image_button("comments_header_button_comment", "Comment", None),
                        w.image_button("comments_header_button_vote", "Vote", None),
                        w.image_button("comments_header_button_favorite", "Favorite", None),
                        w.image_button("comments_header_button_bookmark", "Bookmark", None),
                        w.image_button("comments_header_button_share", "Share", None),
                        w.image_button("comments_header_button_more", "More options", None),
                    ],
                    rid="comments_header_actions_container",
                    horizontal=True,
                    height=147,
                ),
            ],
            rid="comments_header",
            weight=0,
        )
        rows = [
            w.linear_layout(
                [w.text_view(user, "comment_by"), w.text_view(text, "comment_body")],
                height=220,
            )
            for user, text in COMMENT_TEXTS
        ]
        sheet_open = ctx.ui.get("sheet") == "expanded"
        recycler = View(
            cls=RECYCLER,
            resource_id="comments_recyclerview",
            scrollable=True,
            children=[header, *rows] if sheet_open else [header],
        )
        sheet = w.frame_layout(
            [recycler],
            rid="comments_bottom_sheet",
            height=None if sheet_open else 420,
            weight=1 if sheet_open else 0,
        )
        children: list[View] = []
        if not sheet_open:
            page = View(
                cls="android.webkit.WebView",
                children=[w.text_view(title), w.text_view(f"https://{domain}/")],
            )
            children.append(w.frame_layout([page], rid="webview_container"))
        children.append(sheet)
        root = w.linear_layout(children, rid="swipeBackLayout")
        return Screen(content=root)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Harmonic-HN#308": [
        # One Back only: the website's sheet expands to the comments.
        [get_started(), open_story(STORIES[0][0]), BACK],
        # Back on the stories list itself: the app closes as it should.
        [get_started(), BACK],
        # Settings opened from "More options" and left with Back: not the split pair.
        [
            get_started(),
            click(PACKAGE, desc="More options"),
            click(PACKAGE, text="Settings"),
            BACK,
        ],
        # The comments opened but never left.
        [get_started(), click(PACKAGE, "story_comments", str(STORIES[1][3]))],
    ],
}
