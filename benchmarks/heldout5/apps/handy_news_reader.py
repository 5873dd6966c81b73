"""Handy News Reader 0.16.15 (yanus171/Handy-News-Reader, package ru.yanus171.feedexfork).

Sources read at commit 0eee3cd5^ (the parent of 0eee3cd503887f802badfbe09fd23df658ef7eeb,
"Delete all entries and reset feed fix", 2021-12-18; build.gradle versionName 0.16.15).

Bug Handy-News-Reader#744 (crash): in the entry list's overflow "More options" > "Visible
articles" > "Reset feed and delete non-starred articles", the confirmation's positive button
starts a Thread calling ``FetcherService.deleteAllFeedEntries(mCurrentUri, ...)``, whose first
line reads ``entriesUri.getPathSegments().get(1)``. For the "All articles" list the URI is
``content://ru.yanus171.feedexfork.provider.FeedData/entries`` (one path segment), so
``Uri$PathSegments.get`` throws ``IndexOutOfBoundsException`` (no message) on that thread and
the process dies. The fix commit removed the unused ``feedID`` line. The same happens in the
"Unread" and "Starred" lists (one segment too); only a single feed's list
(``feeds/<id>/entries``) survives.

First run: HomeActivity shows the welcome dialog ("Welcome to Handy News Reader. Would you like
to add a feed?", items "Google News topics" / "Add a custom feed or search for one") and opens
the drawer (ListView ``drawer_list``, rows with ``android:id/text1``); the list starts on drawer
position 0 ("Unread"). No feeds and no articles exist after a fresh install (fixed data: none).

Stubbed: the add-feed, Google News, feed editing, OPML import and settings screens; article
reading; the search action; the items of the overflow menus other than the reset action only
close the menu (or toggle their check). Uncertain: the anonymous-class names and line numbers
of the stack frames; the thread name ("Thread-N"); the drawer header buttons have no content
descriptions in the layout, so they are unnamed here; the title of the Unread|All toolbar toggle
(set from the list's show-unread-only state) is taken as "Unread".
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import crash_oracle
from device_agent.virtual.views import Screen, View, Window

PKG = "ru.yanus171.feedexfork"
HOME = ".activity.HomeActivity"
AUTHORITY = "content://ru.yanus171.feedexfork.provider.FeedData"

DRAWER_ROWS = ("Unread", "All articles", "Starred", "Without a feed", "Labels")
SECTION_URIS = ("/unread_entries", "/entries", "/favorites", "/feeds/-1/entries", "/labels")
RESET = "Reset feed and delete non-starred articles"

VISIBLE_ITEMS = (
    ("Filter by labels", "menu_filter_by_labels"),
    ("Mark all as read", "menu_mark_all_as_read"),
    (RESET, "menu_reset_feed_and_delete_all_articles"),
    ("Reload all texts", "menu_reload_all_texts"),
    ("Unstar articles", "menu_unstarr_articles"),
    ("Share starred entries", "menu_share_starred"),
)
MORE_ITEMS = (
    ("Change theme", "menu_toggle_theme"),
    ("Delete old articles", "menu_delete_old"),
    ("Start Auto refresh", "menu_start_auto_refersh"),
    ("Show article URL", "menu_show_article_url_toggle"),
    ("Show article category", "menu_show_article_category_toggle"),
    ("Visible articles", "menu_visible_articles_action"),
    ("More options", "menu_other_action"),
)
OTHER_ITEMS = (
    ("Detailed progress technical info", "menu_show_progress_info"),
    ("Create a shortcut on Home Screen", "menu_add_feed_shortcut"),
    ("Run auto backup now", "menu_create_auto_backup"),
    ("Create separate backup file", "menu_create_backup"),
    ("Full screen", "menu_full_screen"),
    ("Action Bar", "menu_actionbar_visible"),
)


def _click(**target: str) -> dict[str, Any]:
    return {"kind": "click", "target": target}


BACK: dict[str, Any] = {"kind": "press_back"}
ALL_ARTICLES = _click(text="All articles")
MORE = _click(content_desc="More options")
VISIBLE = _click(text="Visible articles")
RESET_STEP = _click(text=RESET)
OK = _click(text="OK")

HUMAN_744 = (BACK, ALL_ARTICLES, MORE, VISIBLE, RESET_STEP, OK)


class HandyNewsReader(VirtualApp):
    """Handy News Reader 0.16.15: the home screen's entry list, drawer and overflow menus."""

    name: ClassVar[str] = "Handy-News-Reader"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Handy News Reader"
    version: ClassVar[str] = "0.16.15"
    launch_activity: ClassVar[str] = HOME
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Handy-News-Reader#744",
            "crash",
            "Crashes",
            crash_oracle(PKG, "java.lang.IndexOutOfBoundsException"),
            human_steps=HUMAN_744,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"first_open": True, "drawer_pos": 0, "entries": [], "unread_only": True}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.data["first_open"]:
            ctx.data["first_open"] = False
            ctx.ui["dialog"] = "welcome"
            ctx.ui["drawer"] = True

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menu"):
            ctx.ui["menu"] = None
            return True
        return w.dismiss(ctx.ui, "drawer")

    # -- handlers ----------------------------------------------------------------------------
    def _select(self, ctx: AppContext, pos: int) -> None:
        ctx.data["drawer_pos"] = pos
        ctx.ui["drawer"] = False

    def _menu(self, ctx: AppContext, which: str | None) -> None:
        ctx.ui["menu"] = which

    def _ask_reset(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        ctx.ui["dialog"] = "reset"

    def _mark_all_read(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        for entry in ctx.data["entries"]:
            entry["read"] = True

    def _reset(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        uri = AUTHORITY + SECTION_URIS[ctx.data["drawer_pos"]]
        segments = uri.split("/", 3)[3].split("/")
        if len(segments) < 2:  # the bug: entriesUri.getPathSegments().get(1)
            raise JavaException(
                "java.lang.IndexOutOfBoundsException",
                "",
                [
                    "android.net.Uri$PathSegments.get(Uri.java:1013)",
                    "ru.yanus171.feedexfork.service.FetcherService.deleteAllFeedEntries("
                    "FetcherService.java:1742)",
                    "ru.yanus171.feedexfork.fragment.EntriesListFragment$14$1.run("
                    "EntriesListFragment.java:807)",
                ],
                thread="Thread-3",
            )
        ctx.data["entries"] = [e for e in ctx.data["entries"] if e.get("starred")]

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _add_feed(self, ctx: AppContext, which: int) -> None:
        ctx.ui["dialog"] = None  # the add-feed screens are stubbed

    # -- screens -----------------------------------------------------------------------------
    def _menu_window(self, ctx: AppContext) -> Window | None:
        which = ctx.ui.get("menu")
        close = w.bind(self._menu, None)
        if which == "more":
            rows: list[tuple[Any, ...]] = [
                (t, w.bind(self._menu, "visible") if rid.endswith("action") else close, rid)
                for t, rid in MORE_ITEMS[:-1]
            ]
            rows.append((MORE_ITEMS[-1][0], w.bind(self._menu, "other"), MORE_ITEMS[-1][1]))
            return w.menu_window(rows, close)
        if which == "visible":
            handlers = {
                "menu_reset_feed_and_delete_all_articles": self._ask_reset,
                "menu_mark_all_as_read": self._mark_all_read,
            }
            return w.menu_window(
                [(t, handlers.get(rid, close), rid) for t, rid in VISIBLE_ITEMS], close
            )
        if which == "other":
            return w.menu_window([(t, close, rid) for t, rid in OTHER_ITEMS], close)
        return None

    def _dialog(self, ctx: AppContext) -> Window | None:
        which = ctx.ui.get("dialog")
        if which == "welcome":
            rows = [
                w.text_view(t, "android:id/text1", on_click=w.bind(self._add_feed, i), height=147)
                for i, t in enumerate(("Google News topics", "Add a custom feed or search for one"))
            ]
            listing = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                weight=0,
                children=rows,
            )
            return w.alert_dialog(
                w.dialog_title("Welcome to Handy News Reader. Would you like to add a feed?"),
                [listing],
                [],
                self._close_dialog,
            )
        if which == "reset":
            return w.confirm_dialog(
                "Question",
                "Delete all non-starred displayed articles?",
                ("OK", self._reset),
                ("Cancel", self._close_dialog),
                self._close_dialog,
            )
        return None

    def _drawer(self, ctx: AppContext) -> View:
        pos = ctx.data["drawer_pos"]
        header = w.linear_layout(
            [w.image_button() for _ in range(4)], rid="drawer_header", horizontal=True, height=147
        )
        rows = [
            w.list_row(t, on_click=w.bind(self._select, i), rid="", height=168)
            for i, t in enumerate(DRAWER_ROWS)
        ]
        for i, row in enumerate(rows):
            row.selected = i == pos
        listing = w.list_view(rows, rid="drawer_list")
        return w.frame_layout([w.linear_layout([header, listing])], rid="left_drawer", width=800)

    def render(self, ctx: AppContext) -> Screen:
        pos = ctx.data["drawer_pos"]
        title = DRAWER_ROWS[pos]
        actions = [
            w.action_item("menu_refresh", "Refresh", None),
            w.action_item("menu_toogle_toogle_unread_all", "Unread", None),
            w.action_item("menu_search", "Search", None),
            w.action_item("menu_more_options", "More options", w.bind(self._menu, "more")),
        ]
        if pos == 0:  # the Unread|All toggle is hidden in the Unread list
            actions.pop(1)
        if pos == 2:  # no refresh in Starred
            actions.pop(0)
        bar = w.toolbar(
            title,
            navigation=w.nav_button(w.OPEN_DRAWER, w.bind(self._drawer_open)),
            actions=actions,
        )
        entries = w.list_view([], rid="android:id/list")
        empty = w.text_view("No articles", "android:id/empty")
        content = w.frame_layout(
            [w.linear_layout([bar, w.text_view("", "filter_by_labels"), empty, entries])],
            rid="layout_root",
        )
        drawer = self._drawer(ctx) if ctx.ui.get("drawer") else None
        windows = [win for win in (self._dialog(ctx), self._menu_window(ctx)) if win is not None]
        return Screen(content=w.drawer_layout(content, drawer), title=title, windows=windows)

    def _drawer_open(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = True


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Handy-News-Reader#744": [
        # the confirmation is cancelled
        [BACK, ALL_ARTICLES, MORE, VISIBLE, RESET_STEP, _click(text="Cancel")],
        # "Mark all as read" instead of the reset
        [BACK, ALL_ARTICLES, MORE, VISIBLE, _click(text="Mark all as read")],
        # "Unstar articles" instead of the reset
        [BACK, ALL_ARTICLES, MORE, VISIBLE, _click(text="Unstar articles")],
        # the reset item is reached but the dialog is never answered
        [BACK, ALL_ARTICLES, MORE, VISIBLE, RESET_STEP],
    ],
}
