"""spaRSS (``net.etuldan.sparss.floss``, the F-Droid flavour) 1.10.5, for spaRSS#127.

Modelled from the sources of the 1.10.5 release, commit
``9bff96d6ba3aa9b0129e1a5584d39d84caff2a26`` ("Version 1.10.5", ``mobile/build.gradle``:
``versionName "1.10.5"``, versionCode 66; the report's crash line, ``SourceFile:145``, is the
``menu.findItem`` line of that commit's ``EntriesListFragment``): ``AndroidManifest.xml``,
``activity/HomeActivity.java``, ``activity/AddGoogleNewsActivity.java``,
``fragment/EntriesListFragment.java``, ``adapter/DrawerAdapter.java``,
``adapter/EntriesCursorAdapter.java``, ``provider/FeedDataContentProvider.java`` (``addFeed``),
``res/layout/{activity_home,view_home,view_left_drawer,view_drawer_content,fragment_entry_list,
item_entry_list,item_drawer_list,activity_add_google_news,view_toolbar}.xml``,
``res/layout-w700dp/{activity_home,view_left_drawer}.xml``, ``res/menu/entry_list.xml`` and
``res/values/strings.xml``. No fix commit exists (the same crash is reported again against later
versions).

The app: ``HomeActivity`` (re-created on rotation: no ``configChanges``) holds the toolbar
(title "Entries", "Starred" or the feed's name, followed by " (N)" while N entries fetched after
the list's display date wait; actions Refresh, Show new entries, Mark all as read, all shown as
icons) over the ``EntriesListFragment`` (the tip header, the entries, "No entries" when empty,
the hide-read FAB). In portrait the left panel is a DrawerLayout drawer ("Open navigation
drawer"); from 700 dp wide (a phone in landscape, ``layout-w700dp``) it is a fixed column beside
the list. The panel has three unlabelled image buttons (edit feeds, search, settings) over the
list "Entries", "Starred" and the feeds ("Update: never" until fetched, unread counts). On the
first start the drawer opens and the dialog "Welcome to spaRSS. Would you like to add one feed?"
offers "Google News topics" (``AddGoogleNewsActivity``: eight topic check boxes, Cancel / OK)
and "Add a custom feed or search for one". A feed is only fetched by Refresh (the periodic
refresh service is not modelled). Entries fetched after the list's display date are not listed
but counted in the title; "Show new entries" moves the display date to now and lists them (or
toasts "No new entries to display." when there are none).

The bug (spaRSS#127, crash): the fragment keeps the options menu it was given in
``onCreateOptionsMenu`` in a field, and the new-entries count loader's ``onLoadFinished`` (an
anonymous ``LoaderCallbacks``, ``EntriesListFragment$3``) colours the "Show new entries" icon
with ``menu.findItem(...)`` whenever the count is not 0. A rotation re-creates the activity and
the fragment; the new fragment restores its display date, restarts its loaders in ``onStart``,
and the count arrives before the new options menu has been created for it, so ``menu`` is null:
``java.lang.NullPointerException: Attempt to invoke interface method 'android.view.MenuItem
android.view.Menu.findItem(int)' on a null object reference``. The count is then not 0 when
entries fetched since the display date wait (the title's " (N)") while listed entries are still
unread; with no unread listed entry ``onLoadFinished`` first moves the display date to now and
restarts (no crash), which is why a rotation right after the first refresh passes. The model
makes the race deterministic: the first count after a re-creation always arrives before the
menu.

Network content replaced by fixed data: each Google News topic feed
(``http://news.google.com/news?hl=en&output=rss&topic=...``) answers with fixed headlines, news
that keeps coming: its first fetch has four items and every later fetch two more (up to eight).
Only the English locale's URLs are modelled. Entry swipes (read / star gestures), the search
panel's filtering and the entry's web content are not modelled: ``EntryActivity`` is a stub
showing the title (opening an entry marks it read); ``EditFeedsListActivity``,
``GeneralPrefsActivity`` and ``EditFeedActivity`` (the custom feed) are stubs with a title and
Navigate up.

Uncertain: the report's device ran Android 4.2 (Dalvik: the exception has no message and the
report's trace is cut after the first frame); the model raises it as Android 6.0 (API 23) does,
with the message and the loader frames of the same crash reported later (issue #182), whose app
frames (``$3.a(SourceFile:145)``, ``$3.onLoadFinished(SourceFile:122)``) match 1.10.5.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "net.etuldan.sparss.floss"
HOME = ".activity.HomeActivity"
GOOGLE_NEWS = ".activity.AddGoogleNewsActivity"
ENTRY = ".activity.EntryActivity"
EDIT_FEEDS = ".activity.EditFeedsListActivity"
PREFS = ".activity.GeneralPrefsActivity"
EDIT_FEED = ".activity.EditFeedActivity"

WELCOME = "Welcome to spaRSS. Would you like to add one feed?"
TIP = "Tip: slide left to mark as read and slide right to mark as favorite"
NO_NEW = "No new entries to display."
DRAWER_PX = 761  # 290 dp at 420 dpi

# (name, check box id, topic code) of AddGoogleNewsActivity.
TOPICS = (
    ("Top Stories", "cb_top_stories", None),
    ("World", "cb_world", "w"),
    ("Business", "cb_business", "b"),
    ("Technology", "cb_technology", "t"),
    ("Entertainment", "cb_entertainment", "e"),
    ("Sports", "cb_sports", "s"),
    ("Science", "cb_science", "snc"),
    ("Health", "cb_health", "m"),
)
FIRST_FETCH = 4
MORE_PER_FETCH = 2
_SUBJECTS = (
    "Council votes on budget",
    "Storm moves up the coast",
    "Talks resume in Geneva",
    "Rail strike called off",
    "New bridge opens to traffic",
    "Museum reopens after works",
    "Harvest forecast revised",
    "Markets close higher",
)


def _headlines(topic: str) -> list[tuple[str, str, int]]:
    """A topic feed's items in the order they are published: (title, time shown, order)."""
    return [
        (f"{topic}: {subject}", f"{12 + (10 + 17 * i) // 60:02d}:{(10 + 17 * i) % 60:02d}", i)
        for i, subject in enumerate(_SUBJECTS)
    ]


def _topic_url(code: str | None) -> str:
    url = "http://news.google.com/news?hl=en&output=rss"
    return url + f"&topic={code}" if code is not None else url


NPE_MESSAGE = (
    "Attempt to invoke interface method 'android.view.MenuItem android.view.Menu.findItem(int)' "
    "on a null object reference"
)
LOADER_FRAMES = (
    "net.etuldan.sparss.fragment.EntriesListFragment$3.a(SourceFile:145)",
    "net.etuldan.sparss.fragment.EntriesListFragment$3.onLoadFinished(SourceFile:122)",
    "android.app.LoaderManagerImpl$LoaderInfo.callOnLoadFinished(LoaderManager.java:483)",
    "android.app.LoaderManagerImpl$LoaderInfo.onLoadComplete(LoaderManager.java:451)",
    "android.content.Loader.deliverResult(Loader.java:144)",
    "android.content.CursorLoader.deliverResult(CursorLoader.java:109)",
    "android.content.CursorLoader.deliverResult(CursorLoader.java:42)",
    "android.content.AsyncTaskLoader.dispatchOnLoadComplete(AsyncTaskLoader.java:265)",
    "android.content.AsyncTaskLoader$LoadTask.onPostExecute(AsyncTaskLoader.java:92)",
    "android.os.AsyncTask.finish(AsyncTask.java:651)",
    "android.os.AsyncTask.access$500(AsyncTask.java:180)",
    "android.os.AsyncTask$InternalHandler.handleMessage(AsyncTask.java:668)",
)


def _crashed_on_null_menu(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "java.lang.NullPointerException", "Menu.findItem(int)")


REFRESH = click(PACKAGE, "menu_refresh", desc="Refresh")
SHOW_NEW = click(PACKAGE, "menu_show_new_entries", desc="Show new entries")
ALL_READ = click(PACKAGE, "menu_all_read", desc="Mark all as read")
LANDSCAPE = {"kind": "rotate", "orientation": "landscape"}
SETUP = (
    click(PACKAGE, "android:id/text1", "Google News topics"),
    click(PACKAGE, "cb_top_stories", "Top Stories"),
    click(PACKAGE, text="OK"),
    {"kind": "press_back"},  # closes the drawer the first start opened
)

BUG_127 = BugSpec(
    bug_id="spaRSS#127",
    kind="crash",
    title="[fc] crash on rotations",
    oracle=_crashed_on_null_menu,
    human_steps=(*SETUP, REFRESH, SHOW_NEW, REFRESH, LANDSCAPE),
)

WRONG_SEQUENCES = {
    "spaRSS#127": [
        # Only fetched entries wait and none is listed: the rotation lists them instead.
        [*SETUP, REFRESH, REFRESH, LANDSCAPE],
        # The new entries are shown before rotating.
        [*SETUP, REFRESH, SHOW_NEW, REFRESH, SHOW_NEW, LANDSCAPE],
        # No second refresh: nothing waits.
        [*SETUP, REFRESH, SHOW_NEW, LANDSCAPE],
        # The listed entries are all marked read before rotating.
        [*SETUP, REFRESH, SHOW_NEW, REFRESH, ALL_READ, LANDSCAPE],
        # "Mark all as read" instead of "Show new entries": nothing is listed.
        [*SETUP, REFRESH, ALL_READ, REFRESH, LANDSCAPE],
    ]
}


class SpaRss1105(VirtualApp):
    """spaRSS 1.10.5 (see the module docstring)."""

    name: ClassVar[str] = "spaRSS"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "spaRSS"
    version: ClassVar[str] = "1.10.5"
    launch_activity: ClassVar[str] = HOME
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_127,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "feeds": [],  # {"id", "url", "name", "fetches", "updated"}
            "entries": [],  # {"id", "feed", "title", "time", "order", "fetched", "read", "star"}
            "next_id": 1,
            "clock": 1,  # a monotonic stand-in for System.currentTimeMillis()
            "prefs": {"first_open": True, "display_tip": True, "show_read": True},
        }

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == GOOGLE_NEWS:
            ui.setdefault("checked", [])
            return
        if ctx.activity != HOME:
            return
        ui["drawer"] = False
        ui["welcome"] = False
        if "display" in ui:
            # Re-created (rotation): the fragment restores mUri and mListDisplayDate; onStart
            # sees mNewEntriesNumber == 0 and sets mAutoRefreshDisplayDate, then restarts its
            # loaders; the count arrives before the new fragment has its options menu.
            ui["auto"] = True
            ui["menu_ready"] = False
            self._count_loaded(ctx)
            return
        ui.update(pos=0, display=ctx.data["clock"], new=0, auto=False, menu_ready=True)
        ctx.memory.pop("home_stopped", None)
        prefs = ctx.data["prefs"]
        if prefs["first_open"]:  # selectDrawerItem: "First open => we open the drawer for you"
            prefs["first_open"] = False
            ui["drawer"] = ctx.orientation == "portrait"
            ui["welcome"] = True

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == HOME:
            keep = ("pos", "display", "query")
            return {key: ctx.ui[key] for key in keep if key in ctx.ui}
        return dict(ctx.ui)

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity == HOME:
            self._on_start(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == HOME:
            self._resume(ctx)
            if ctx.ui["drawer"]:  # HomeActivity.finish() closes the drawer first
                ctx.ui["drawer"] = False
                return True
        return False

    # -- the fragment's loaders ------------------------------------------------------------
    def _uri_entries(self, ctx: AppContext) -> list[dict[str, Any]]:
        pos = ctx.ui["pos"]
        entries = ctx.data["entries"]
        if pos == -1:  # the search uri: titles containing the query ("1 = 2" when empty)
            query = ctx.ui.get("query", "").strip().lower()
            return [e for e in entries if query and query in e["title"].lower()]
        if pos == 0:
            return list(entries)
        if pos == 1:
            return [e for e in entries if e["star"]]
        feed_id = ctx.data["feeds"][pos - 2]["id"]
        return [e for e in entries if e["feed"] == feed_id]

    def _counts(self, ctx: AppContext, display: int) -> tuple[int, int]:
        """The count loader's two sums: fetched after the display date, and listed unread."""
        entries = self._uri_entries(ctx)
        new = sum(1 for e in entries if e["fetched"] > display)
        old = sum(1 for e in entries if e["fetched"] <= display and not e["read"])
        return new, old

    def _count_loaded(self, ctx: AppContext) -> None:
        """mEntriesNumberLoader.onLoadFinished."""
        ui = ctx.ui
        new, old = self._counts(ctx, ui["display"])
        if ui["auto"] and new != 0 and old == 0:
            ui["display"] = ctx.data["clock"]  # restartLoaders(): the next count is 0
            new = 0
        elif new != 0 and not ui["menu_ready"]:
            raise JavaException(
                "java.lang.NullPointerException",
                NPE_MESSAGE,
                frames=[*LOADER_FRAMES, *message_frames(23)],
            )
        ui["new"] = new
        ui["auto"] = False
        ui["menu_ready"] = True

    def _on_start(self, ctx: AppContext) -> None:
        """EntriesListFragment.onStart on the same instance (back from another screen)."""
        ui = ctx.ui
        new, old = self._counts(ctx, ui["display"])
        if ui["new"] != 0 and old == 0:
            ui["display"] = ctx.data["clock"]
        else:
            ui["auto"] = True
        self._count_loaded(ctx)

    def _resume(self, ctx: AppContext) -> None:
        """Apply the fragment's onStart when the user is back from one of the app's screens."""
        if ctx.memory.pop("home_stopped", False):
            self._on_start(ctx)

    def _home(self, fn: Any, *args: Any) -> Any:
        def handler(ctx: AppContext) -> None:
            self._resume(ctx)
            fn(ctx, *args)

        return handler

    def _open(self, ctx: AppContext, activity: str, extras: dict[str, Any] | None = None) -> None:
        ctx.memory["home_stopped"] = True
        ctx.start_activity(activity, extras)

    # -- actions ---------------------------------------------------------------------------
    def _refresh(self, ctx: AppContext) -> None:
        """FetcherService.ACTION_REFRESH_FEEDS (all feeds, or the feed on screen)."""
        data = ctx.data
        data["clock"] += 1
        now = data["clock"]
        pos = ctx.ui["pos"]
        feeds = data["feeds"] if pos < 2 else [data["feeds"][pos - 2]]
        known = {(e["feed"], e["title"]) for e in data["entries"]}
        for feed in feeds:
            count = FIRST_FETCH + MORE_PER_FETCH * feed["fetches"]
            feed["fetches"] += 1
            feed["updated"] = f"{14 + now // 60:02d}:{now % 60:02d}"
            for title, time, order in _headlines(feed["name"])[:count]:
                if (feed["id"], title) in known:
                    continue
                data["entries"].append(
                    {
                        "id": data["next_id"],
                        "feed": feed["id"],
                        "title": title,
                        "time": time,
                        "order": order,
                        "fetched": now,
                        "read": False,
                        "star": False,
                    }
                )
                data["next_id"] += 1
        self._count_loaded(ctx)

    def _show_new(self, ctx: AppContext) -> None:
        if ctx.ui["new"] == 0:
            ctx.toast(NO_NEW)
        ctx.ui["new"] = 0
        ctx.ui["display"] = ctx.data["clock"]
        self._count_loaded(ctx)

    def _all_read(self, ctx: AppContext) -> None:
        display = ctx.ui["display"]
        for entry in self._uri_entries(ctx):
            if entry["fetched"] <= display:
                entry["read"] = True
        self._count_loaded(ctx)

    def _select(self, ctx: AppContext, pos: int) -> None:
        """selectDrawerItem: a new uri is set with the display date now."""
        ctx.ui["drawer"] = False
        if pos != ctx.ui["pos"]:
            ctx.ui["pos"] = pos
            ctx.ui["display"] = ctx.data["clock"]
            ctx.ui["new"] = 0

    def _open_entry(self, ctx: AppContext, entry_id: int) -> None:
        for entry in ctx.data["entries"]:
            if entry["id"] == entry_id:
                entry["read"] = True
                self._open(ctx, ENTRY, {"title": entry["title"]})

    def _welcome_choice(self, ctx: AppContext, which: int) -> None:
        ctx.ui["welcome"] = False
        self._open(ctx, GOOGLE_NEWS if which == 0 else EDIT_FEED)

    def _toggle_topic(self, ctx: AppContext, index: int) -> None:
        w.toggle(ctx.ui["checked"], index)

    def _topics_ok(self, ctx: AppContext) -> None:
        """AddGoogleNewsActivity.onClickOk: FeedDataContentProvider.addFeed per checked box."""
        urls = {f["url"] for f in ctx.data["feeds"]}
        for index in sorted(ctx.ui["checked"]):
            name, _, code = TOPICS[index]
            url = _topic_url(code)
            if url in urls:
                ctx.toast("The address already exists.")
                continue
            ctx.data["feeds"].append(
                {"id": ctx.data["next_id"], "url": url, "name": name, "fetches": 0, "updated": ""}
            )
            ctx.data["next_id"] += 1
        ctx.finish()

    # -- screens ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == HOME:
            return self._home_screen(ctx)
        if ctx.activity == GOOGLE_NEWS:
            return self._google_news_screen(ctx)
        title = {
            ENTRY: str(ctx.extras.get("title", "")),
            EDIT_FEEDS: "Feeds",
            PREFS: "Settings",
            EDIT_FEED: "New feed",
        }.get(ctx.activity, "spaRSS")
        return Screen(content=w.child_page(title))

    def _display_date(self, ctx: AppContext) -> int:
        """The display date the fragment's onStart sets on the way back (render is pure)."""
        ui = ctx.ui
        if ctx.memory.get("home_stopped"):
            _, old = self._counts(ctx, ui["display"])
            if ui["new"] != 0 and old == 0:
                return int(ctx.data["clock"])
        return int(ui["display"])

    def _title(self, ctx: AppContext) -> str:
        pos = ctx.ui["pos"]
        title = {-1: "Search", 0: "Entries", 1: "Starred"}.get(pos, "")
        if pos >= 2:
            title = ctx.data["feeds"][pos - 2]["name"]
        new = ctx.ui["new"]
        return f"{title} ({new})" if new else title

    def _home_screen(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        portrait = ctx.orientation == "portrait"
        actions = []
        if ui["pos"] != 1:
            actions.append(w.action_item("menu_refresh", "Refresh", self._home(self._refresh)))
        actions.append(
            w.action_item("menu_show_new_entries", "Show new entries", self._home(self._show_new))
        )
        if ui["pos"] == 1:
            actions.append(w.action_item("menu_share_starred", "Share starred", None))
        actions.append(
            w.action_item("menu_all_read", "Mark all as read", self._home(self._all_read))
        )
        if portrait:
            nav = w.nav_button(
                "Close navigation drawer" if ui["drawer"] else "Open navigation drawer",
                self._home(lambda c: c.ui.update(drawer=not c.ui["drawer"])),
            )
        else:
            nav = w.up_button(lambda c: None)
        bar = w.toolbar(self._title(ctx), navigation=nav, actions=actions)
        home = w.linear_layout([bar, self._entries_list(ctx)])
        if portrait:
            children = [home]
            if ui["drawer"]:
                children.append(
                    w.linear_layout(
                        [
                            self._left_panel(ctx),
                            View(
                                cls="android.view.View",
                                on_click=lambda c: c.ui.update(drawer=False),
                            ),
                        ],
                        horizontal=True,
                    )
                )
            content = w.drawer_layout(
                w.frame_layout(children, layout=FRAME),
                cls="android.support.v4.widget.DrawerLayout",
            )
        else:
            content = w.linear_layout([self._left_panel(ctx), home], horizontal=True)
        windows: list[Window] = []
        if ui["welcome"]:
            rows = [
                w.text_view(
                    label,
                    "android:id/text1",
                    on_click=self._home(self._welcome_choice, i),
                    height=147,
                )
                for i, label in enumerate(
                    ("Google News topics", "Add a custom feed or search for one")
                )
            ]
            windows.append(
                w.alert_dialog(
                    w.dialog_title(WELCOME),
                    [
                        View(
                            cls="android.widget.ListView",
                            resource_id="android:id/select_dialog_listview",
                            weight=0,
                            children=rows,
                        )
                    ],
                    [],
                    lambda c: c.ui.update(welcome=False),
                )
            )
        return Screen(content=content, windows=windows)

    def _left_panel(self, ctx: AppContext) -> View:
        data = ctx.data
        entries = data["entries"]
        rows = []
        labels = [
            ("Entries", "", sum(1 for e in entries if not e["read"])),
            ("Starred", "", sum(1 for e in entries if e["star"])),
        ]
        for feed in data["feeds"]:
            unread = sum(1 for e in entries if e["feed"] == feed["id"] and not e["read"])
            state = "Update:\u00a0" + (feed["updated"] or "never")
            labels.append((feed["name"], state, unread))
        for pos, (title, state, unread) in enumerate(labels):
            texts = [w.text_view(title, "android:id/text1", height=80)]
            if state:
                texts.append(w.text_view(state, "android:id/text2", height=60))
            rows.append(
                w.relative_layout(
                    [
                        w.image_view("android:id/icon", width=126),
                        w.linear_layout(texts),
                        w.text_view(str(unread) if unread else "", "unread_count", width=126),
                    ],
                    layout=HORIZONTAL,
                    height=147,
                    selected=pos == ctx.ui["pos"],
                    on_click=self._home(self._select, pos),
                )
            )
        buttons = w.linear_layout(
            [
                w.image_button(handler=self._home(lambda c: self._open(c, EDIT_FEEDS))),
                w.image_button(handler=self._home(self._select, -1)),
                w.image_button(handler=self._home(lambda c: self._open(c, PREFS))),
            ],
            horizontal=True,
            height=147,
        )
        return w.frame_layout(
            [
                w.linear_layout(
                    [
                        buttons,
                        View(
                            cls="android.widget.ListView", resource_id="drawer_list", children=rows
                        ),
                    ]
                )
            ],
            rid="left_drawer",
            width=DRAWER_PX,
        )

    def _entries_list(self, ctx: AppContext) -> View:
        ui = ctx.ui
        display = self._display_date(ctx)
        show_read = ctx.data["prefs"]["show_read"]
        feeds = {f["id"]: f["name"] for f in ctx.data["feeds"]}
        listed = [
            e
            for e in self._uri_entries(ctx)
            if e["fetched"] <= display and (show_read or not e["read"])
        ]
        listed.sort(key=lambda e: e["order"], reverse=True)
        rows: list[View] = []
        if ctx.data["prefs"]["display_tip"]:
            rows.append(w.text_view(TIP, on_click=self._home(self._hide_tip), height=184))
        for entry in listed:
            second = (
                entry["time"]
                if ui["pos"] >= 2
                else f"{feeds.get(entry['feed'], '')}, {entry['time']}"
            )
            rows.append(
                View(
                    cls="android.widget.RelativeLayout",
                    layout=HORIZONTAL,
                    height=200,
                    on_click=self._home(self._open_entry, entry["id"]),
                    children=[
                        w.image_view("main_icon", width=126),
                        w.linear_layout(
                            [
                                w.text_view(
                                    entry["title"],
                                    "android:id/text1",
                                    height=110,
                                    enabled=not entry["read"],
                                ),
                                w.text_view(
                                    second, "android:id/text2", height=90, enabled=not entry["read"]
                                ),
                            ]
                        ),
                        w.image_view("favorite_icon", width=80),
                    ],
                )
            )
        # An empty adapter (headers aside) hides the list behind android:id/empty.
        frame: list[View] = []
        if listed:
            frame.append(
                View(
                    cls="android.widget.ListView",
                    resource_id="android:id/list",
                    scrollable=len(rows) > (7 if ctx.orientation == "portrait" else 3),
                    scroll_key="list_scroll",
                    children=rows,
                )
            )
        else:
            frame.append(w.text_view("No entries", "android:id/empty"))
        frame.append(w.fab("hide_read_button", "", self._home(self._toggle_show_read)))
        body = w.frame_layout(frame, layout=FRAME)
        if ui["pos"] != -1:
            return body
        search = w.edit_text(
            "search_src_text",
            ui.get("query", ""),
            lambda c, t: c.ui.update(query=t),
            hint="Search…",
        )
        return w.linear_layout(
            [
                w.linear_layout([search], rid="searchView", weight=0),
                body,
            ]
        )

    def _hide_tip(self, ctx: AppContext) -> None:
        ctx.data["prefs"]["display_tip"] = False

    def _toggle_show_read(self, ctx: AppContext) -> None:
        prefs = ctx.data["prefs"]
        prefs["show_read"] = not prefs["show_read"]

    def _google_news_screen(self, ctx: AppContext) -> Screen:
        checked = ctx.ui["checked"]
        boxes = [
            w.check_box(rid, name, i in checked, w.bind(self._toggle_topic, i))
            for i, (name, rid, _) in enumerate(TOPICS)
        ]
        indicator = w.text_view(
            "Select one or several topics to add. Some of them may not be provided by Google "
            "for your language.",
            height=200,
        )
        content = w.linear_layout(
            [
                w.toolbar("Google News topics", navigation=w.up_button()),
                w.scroll_view([w.linear_layout([indicator, *boxes], weight=0)]),
                w.linear_layout(
                    [
                        w.button(text="Cancel", handler=w.finish),
                        w.button(text="OK", handler=self._topics_ok),
                    ],
                    rid="button_layout",
                    horizontal=True,
                    height=140,
                ),
            ]
        )
        return Screen(content=content)
