"""Capy Reader (``com.capyreader.app.free``) 2024.07.1003, for capyreader#152, and 2024.07.1014
(``com.capyreader.app``, the subclass at the end of the module), for capyreader#220.

Modelled from the sources at commit ``4990c24`` ("Bump version 2024.07.1002 to 2024.07.1003";
``app/build.gradle.kts`` says ``versionName = "2024.07.1003"``; the GitHub release APK the
IzzySoft repository ships is the ``free`` flavour, whose ``applicationIdSuffix`` is ``.free``):
``MainActivity.kt``, ``ui/App.kt``, ``ui/accounts/AddAccountView.kt``, ``AccountRow.kt``,
``LoginView.kt``, ``ui/articles/ArticleLayout.kt``, ``ArticleScaffold.kt``, ``ArticleList.kt``,
``ArticleRow.kt``, ``list/ArticleActionMenu.kt``, ``list/MarkAllReadButton.kt``,
``list/MarkAllReadDialog.kt``, ``FilterActionMenu.kt``, ``FilterAppBarTitle.kt``,
``FeedList.kt``, ``FeedRow.kt``, ``ArticleStatusMenu.kt``, ``AddFeedButton.kt``,
``AddFeedView.kt``, ``AddFeedStateHolder.kt``, ``RelativeTime.kt``, ``detail/ArticleTopBar.kt``,
``ArticleScreenViewModel.kt``, ``sync/Sync.kt``, the ``capy`` module's
``LocalAccountDelegate.kt`` (a local article's id is its link), ``ArticleRecords.kt``,
``MarkRead.kt``, ``db/articles.sq`` (``findArticleIDsByStatus``: "before" is every unread
article published at or before the pressed one) and ``res/values/strings.xml``; and the fix,
commit ``9387690`` ("Reduce batch size when marking articles read", released in 2024.07.1005).

The app is one activity drawing Jetpack Compose screens (no resource ids). On a fresh install
it opens on "Add Account" ("Feedbin", "Local"); "Local" opens the article list, titled "All",
with the drawer button (an icon with no description) and "Mark All as Read". The drawer has the
status button ("All" with a drop-down: All / Unread / Starred), the "All" entry with its count,
the "Feeds" list, the settings button ("Accounts") and "Add Feed", which opens a card with the
"Feed or Website URL" field, "Cancel" and "Add". A long press on an article row opens its menu:
"Mark above as read" and "Mark below as read".

The bug (capyreader#152, crash): ``ArticleScreenViewModel.markAllRead`` (on
``Dispatchers.IO``) collects the ids of the unread articles in the range and calls
``markReadAsync``, which enqueues them in WorkManager ``Data`` batches of 500
(``articleIDs.chunked(500)``). ``Data.Builder.build()`` throws an ``IllegalStateException``
("Data cannot occupy more than 10240 bytes when serialized") when a batch serialises to more
than 10 KB; a local account's ids are the articles' links, so a batch of more than about 130
links of about 75 characters is too big, and the uncaught exception kills the app. "Mark below
as read" on one of the top rows of the list (and "Mark All as Read") reaches that size; on a
lower row, or "Mark above as read" near the top, the batch is small and nothing happens but the
articles turning read. The fix cut the batches to 100 and halves a batch that still fails. The
model sizes a batch as Java serialisation does (3 bytes plus the UTF-8 length per id) plus 150
bytes for the stream header, the keys and the Boolean; the frames are the model's (the report
shows only a screenshot; the release build is minified).

Network content is fixed data: an address on ``brasildefato.com.br`` finds the Brasil de Fato
feed, whose channel ``<link>`` has no protocol, so adding it throws in both versions (see the
1014 subclass, capyreader#220); whatever other address is typed into "Add Feed", the feed
finder finds one feed, "Example News", whose channel has 150 items (links
``https://news.example.com/2024/07/DD/NNNNNN/headline-of-the-day-number-N``, published an hour
apart before a fixed clock). The reporter's subscriptions and article count are not known; the
fixed feed stands for them. Stubbed: the Feedbin login (its fields; logging in fails as without
a network), Settings (its title and back button), the article's web view (title and summary),
"Edit" (feed menu: "Edit Feed", "Unsubscribe", no dialogs), pull to refresh and tags. The
"Feed added" snackbar is shown as a toast.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text, long_click
from device_agent.virtual.views import FRAME, Handler, Screen, View, Window

PACKAGE = "com.capyreader.app.free"
MAIN = "com.capyreader.app.MainActivity"

COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
BUTTON = "android.widget.Button"
TEXT = "android.widget.TextView"
EDIT = "android.widget.EditText"

URL_LABEL = "Feed or Website URL"
FEED_TITLE = "Example News"
ITEMS = 150
MAX_DATA_BYTES = 10240
ISE = "java.lang.IllegalStateException"
TOO_BIG = f"Data cannot occupy more than {MAX_DATA_BYTES} bytes when serialized"
STATUSES = ("All", "Unread", "Starred")
BRASIL_HOST = "brasildefato.com.br"
MUE = "java.net.MalformedURLException"
BAD_SITE = "no protocol: www.brasildefato.com.br"


def _icon(desc: str, handler: Handler | None = None) -> View:
    """A Compose IconButton: a Button whose only label is its icon's description."""
    return View(cls=BUTTON, content_desc=desc, on_click=handler, width=147)


def _top_bar(navigation: Handler, title: View, *actions: View) -> View:
    """A TopAppBar: its navigation icon (no description), the ``title``, the ``actions``."""
    return View(
        cls=VIEW,
        layout="horizontal",
        height=w.TOOLBAR_HEIGHT,
        children=[View(cls=BUTTON, on_click=navigation, width=147), title, *actions],
    )


def _relative(hours: int) -> str:
    """``relativeTime`` of an article ``hours`` old (all fixed items are under a week)."""
    return f"{hours}h" if hours < 24 else f"{hours // 24}d"


def fixed_articles() -> list[dict[str, Any]]:
    """The fixed feed's items, newest first."""
    return [
        {
            "id": (
                f"https://news.example.com/2024/07/{9 - n // 24:02d}/{240000 + n:06d}/"
                f"headline-of-the-day-number-{n + 1}"
            ),
            "title": f"Headline of the day number {n + 1}",
            "summary": f"Summary of story {n + 1}.",
            "age": n + 1,
            "read": False,
        }
        for n in range(ITEMS)
    ]


def serialized_size(ids: list[str]) -> int:
    """What ``Data.toByteArrayInternal`` writes for a batch (see the module docstring)."""
    return 150 + sum(3 + len(i.encode("utf-8")) for i in ids)


def mark_read_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of capyreader#152: marking articles read threw Data's size check."""
    return crashed(system, PACKAGE, ISE, TOO_BIG)


CRASH_FRAMES = [
    "androidx.work.Data.toByteArrayInternalV1(Data.kt:462)",
    "androidx.work.Data$Builder.build(Data.kt:426)",
    "com.capyreader.app.sync.SyncKt$markReadAsync$1.invoke(Sync.kt:42)",
    "com.capyreader.app.sync.SyncKt$markReadAsync$1.invoke(Sync.kt:37)",
    "kotlin.collections.CollectionsKt___CollectionsKt.windowed(_Collections.kt:3433)",
    "kotlin.collections.CollectionsKt___CollectionsKt.chunked(_Collections.kt:3343)",
    "com.capyreader.app.sync.SyncKt.markReadAsync(Sync.kt:37)",
    "com.capyreader.app.ui.articles.ArticleScreenViewModel$markAllRead$1.invokeSuspend("
    "ArticleScreenViewModel.kt:121)",
    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)",
    "kotlinx.coroutines.internal.LimitedDispatcher$Worker.run(LimitedDispatcher.kt:115)",
    "kotlinx.coroutines.scheduling.TaskImpl.run(Tasks.kt:103)",
    "kotlinx.coroutines.scheduling.CoroutineScheduler.runSafely(CoroutineScheduler.kt:584)",
    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.executeTask("
    "CoroutineScheduler.kt:793)",
    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.runWorker(CoroutineScheduler.kt:697)",
    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.run(CoroutineScheduler.kt:684)",
]


ADD_FEED_FRAMES = [
    "java.net.URL.<init>(URL.java:601)",
    "java.net.URL.<init>(URL.java:498)",
    "java.net.URL.<init>(URL.java:447)",
    "com.jocmp.feedfinder.parser.XMLFeed.getSiteURL(XMLFeed.kt:22)",
    "com.jocmp.capy.accounts.LocalAccountDelegate.upsertFeed(LocalAccountDelegate.kt:198)",
    "com.jocmp.capy.accounts.LocalAccountDelegate.addFeed(LocalAccountDelegate.kt:55)",
    "com.jocmp.capy.Account.addFeed(Account.kt:101)",
    "com.capyreader.app.ui.articles.AddFeedStateHolder$addFeed$2.invokeSuspend("
    "AddFeedStateHolder.kt:38)",
    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)",
    "kotlinx.coroutines.internal.LimitedDispatcher$Worker.run(LimitedDispatcher.kt:115)",
    "kotlinx.coroutines.scheduling.TaskImpl.run(Tasks.kt:103)",
    "kotlinx.coroutines.scheduling.CoroutineScheduler.runSafely(CoroutineScheduler.kt:584)",
    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.run(CoroutineScheduler.kt:684)",
]


def _click(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, text=text, desc=desc, cls=cls)


STEP_LOCAL = _click("Local", cls=TEXT)
STEP_DRAWER = click(PACKAGE, cls=BUTTON, bounds=[0, 63, 147, 210])
STEP_ADD_FEED = _click("Add Feed", cls=BUTTON)
STEP_URL = input_text(PACKAGE, "", "news.example.com", hint=URL_LABEL)
STEP_ADD = _click("Add", cls=BUTTON)
STEP_HOLD_TOP = long_click(PACKAGE, text="Headline of the day number 1", cls=TEXT)
STEP_BELOW = _click("Mark below as read", cls=TEXT)
STEP_ABOVE = _click("Mark above as read", cls=TEXT)
TO_LIST = [STEP_LOCAL, STEP_DRAWER, STEP_ADD_FEED, STEP_URL, STEP_ADD]

BUG_152 = BugSpec(
    "capyreader#152",
    "crash",
    'Pushing "make below as read" button makes crashing the app',
    mark_read_crashed,
    human_steps=(*TO_LIST, STEP_HOLD_TOP, STEP_BELOW),
)

WRONG_SEQUENCES = {
    "capyreader#152": [
        # "Mark above as read" on the top row: one article.
        [*TO_LIST, STEP_HOLD_TOP, STEP_ABOVE],
        # The menu is dismissed with Back.
        [*TO_LIST, STEP_HOLD_TOP, {"kind": "press_back"}],
        # A tap opens the article instead of the menu.
        [*TO_LIST, _click("Headline of the day number 1", cls=TEXT)],
        # "Mark All as Read" cancelled.
        [*TO_LIST, _click(desc="Mark All as Read", cls=BUTTON), _click("Cancel", cls=BUTTON)],
        # No feed added: the list is empty, "Add" never pressed.
        [STEP_LOCAL, STEP_DRAWER, STEP_ADD_FEED, STEP_URL, _click("Cancel", cls=BUTTON)],
    ]
}


class CapyReader20240701003(VirtualApp):
    """Capy Reader 2024.07.1003 (see the module docstring)."""

    name: ClassVar[str] = "capyreader"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Capy Reader"
    version: ClassVar[str] = "2024.07.1003"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_152,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "account": "",  # appPreferences.accountID
            "route": "add-account",
            "feeds": [],  # [{id, title}]
            "articles": [],
            "filter": {"feed": None, "status": "All"},
        }

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # rememberSaveable keeps the add-feed dialog and its text; menus and the drawer close.
        return {k: v for k, v in ctx.ui.items() if k in ("add_feed", "url", "article")}

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        for key in ("menu", "row_menu", "status_menu", "dialog", "add_feed"):
            if ui.get(key) is not None and ui.get(key) is not False:
                ui[key] = None
                return True
        if w.dismiss(ui, "drawer"):
            return True
        if ui.get("article") is not None:
            ui["article"] = None
            return True
        route = ctx.data["route"]
        if route in ("login", "settings"):
            ctx.data["route"] = "add-account" if route == "login" else "articles"
            return True
        if route == "articles" and ctx.data["filter"]["feed"] is not None:
            ctx.data["filter"]["feed"] = None  # BackHandler(canGoBackToAll)
            return True
        return False

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = ctx.data["route"]
        if route == "add-account":
            return self._add_account()
        if route == "login":
            return self._login(ctx)
        if route == "settings":
            return self._settings()
        if ctx.ui.get("article") is not None:
            return self._detail(ctx)
        return self._articles(ctx)

    def _root(self, children: list[View], **kw: Any) -> View:
        return View(cls=COMPOSE, children=[View(cls=VIEW, children=children, **kw)])

    def _add_account(self) -> Screen:
        def row(title: str, handler: Any) -> View:
            return View(
                cls=VIEW,
                layout="horizontal",
                height=189,
                on_click=handler,
                children=[w.image_view(width=147), w.text_view(title, height=189)],
            )

        return Screen(
            content=self._root(
                [
                    w.text_view("Add Account", height=300),
                    row("Feedbin", self._go("login")),
                    row("Local", self._add_local),
                    View(cls=VIEW),
                ]
            )
        )

    def _login(self, ctx: AppContext) -> Screen:
        return Screen(
            content=self._root(
                [
                    w.text_view("Log in to Feedbin", height=200),
                    w.edit_text("", ctx.ui.get("email", ""), self._typed("email"), hint="Email"),
                    w.edit_text(
                        "", ctx.ui.get("password", ""), self._typed("password"), hint="Password"
                    ),
                    View(cls=BUTTON, text="Log In", on_click=self._login_failed, height=147),
                    View(cls=VIEW),
                ]
            )
        )

    def _settings(self) -> Screen:
        bar = _top_bar(self._go("articles"), w.text_view("Settings", height=w.TOOLBAR_HEIGHT))
        return Screen(content=self._root([bar, View(cls=VIEW)]))

    def _visible(self, ctx: AppContext) -> list[dict[str, Any]]:
        status = ctx.data["filter"]["status"]
        if status == "Starred":
            return []
        articles = ctx.data["articles"]
        if status == "Unread":
            return [a for a in articles if not a["read"]]
        return list(articles)

    def _articles(self, ctx: AppContext) -> Screen:
        data, ui = ctx.data, ctx.ui
        feed = data["filter"]["feed"]
        title = FEED_TITLE if feed is not None else data["filter"]["status"]
        actions = [_icon("Mark All as Read", self._ask_all)]
        if feed is not None:
            actions.append(_icon("Edit", self._feed_menu))
        bar = _top_bar(self._open_drawer, w.text_view(title, height=w.TOOLBAR_HEIGHT), *actions)
        content = self._root([bar, self._list_pane(ctx)])
        if ui.get("drawer"):
            content = View(cls=COMPOSE, layout=FRAME, children=[content, self._drawer(ctx)])
        return Screen(content=content, windows=self._windows(ctx))

    def _list_pane(self, ctx: AppContext) -> View:
        """``ArticleList``: the filter's articles (an empty list without feeds)."""
        rows = [self._row(a) for a in self._visible(ctx)]
        return View(cls=VIEW, scrollable=True, scroll_key="scroll", children=rows)

    def _row(self, article: dict[str, Any]) -> View:
        return View(
            cls=VIEW,
            height=336,
            on_click=w.bind(self._open_article, article["id"]),
            on_long_click=w.bind(self._row_menu, article["id"]),
            children=[
                w.text_view(article["title"]),
                w.text_view(FEED_TITLE, height=70),
                w.text_view(article["summary"], height=70),
                w.text_view(_relative(article["age"]), height=70),
            ],
        )

    def _drawer(self, ctx: AppContext) -> View:
        data = ctx.data
        status = data["filter"]["status"]
        unread = sum(1 for a in data["articles"] if not a["read"])
        count = unread if status == "Unread" else len(self._visible(ctx))
        entries: list[View] = [
            View(cls=BUTTON, text=status, height=147, on_click=self._open_status_menu),
            View(
                cls=VIEW,
                height=147,
                selected=data["filter"]["feed"] is None,
                on_click=self._select_all,
                layout="horizontal",
                children=[w.text_view(status)]
                + ([w.text_view(str(count), width=150)] if count > 0 else []),
            ),
        ]
        if data["feeds"]:
            entries.append(w.text_view("Feeds", height=126))
        for feed in data["feeds"]:
            badge = sum(1 for a in data["articles"] if not a["read"] or status == "All")
            entries.append(
                View(
                    cls=VIEW,
                    height=147,
                    selected=data["filter"]["feed"] == feed["id"],
                    on_click=w.bind(self._select_feed, feed["id"]),
                    layout="horizontal",
                    children=[w.text_view(feed["title"])]
                    + ([w.text_view(str(badge), width=150)] if badge > 0 else []),
                )
            )
        entries.append(View(cls=VIEW))
        bottom = View(
            cls=VIEW,
            layout="horizontal",
            height=168,
            children=[
                _icon("Accounts", self._go("settings")),
                View(cls=VIEW),
                View(cls=BUTTON, text="Add Feed", on_click=self._open_add_feed, width=380),
            ],
        )
        return View(cls=VIEW, width=880, gravity="start", children=entries + [bottom])

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui.get("status_menu"):
            windows.append(
                w.menu_window(
                    [(s, w.bind(self._set_status, s)) for s in STATUSES],
                    self._close("status_menu"),
                    title_rid="",
                )
            )
        if ui.get("row_menu"):
            article = ui["row_menu"]
            windows.append(
                w.menu_window(
                    [
                        ("Mark above as read", w.bind(self._mark_read, "after", article)),
                        ("Mark below as read", w.bind(self._mark_read, "before", article)),
                    ],
                    self._close("row_menu"),
                    title_rid="",
                )
            )
        if ui.get("menu") == "feed":
            windows.append(
                w.menu_window(
                    [("Edit Feed", self._close("menu")), ("Unsubscribe", self._close("menu"))],
                    self._close("menu"),
                    title_rid="",
                )
            )
        if ui.get("dialog") == "all":
            windows.append(
                w.alert_dialog(
                    w.text_view("Mark all items as read?"),
                    [],
                    [
                        View(cls=BUTTON, text="Cancel", on_click=self._close("dialog"), width=300),
                        View(cls=BUTTON, text="Confirm", on_click=self._confirm_all, width=300),
                    ],
                    self._close("dialog"),
                )
            )
        if ui.get("add_feed"):
            field = w.edit_text("", ui.get("url", ""), self._typed("url"), hint=URL_LABEL)
            error = [w.text_view(ui["add_error"], height=70)] if ui.get("add_error") else []
            card = View(
                cls=VIEW,
                weight=0,
                children=[
                    field,
                    *error,
                    View(
                        cls=VIEW,
                        layout="horizontal",
                        height=147,
                        children=[
                            View(cls=VIEW),
                            View(
                                cls=BUTTON,
                                text="Cancel",
                                on_click=self._close("add_feed"),
                                width=260,
                            ),
                            View(cls=BUTTON, text="Add", on_click=self._add_feed, width=220),
                        ],
                    ),
                ],
            )
            windows.append(Window(root=card, on_dismiss=self._close("add_feed")))
        return windows

    def _detail(self, ctx: AppContext) -> Screen:
        article = next(a for a in ctx.data["articles"] if a["id"] == ctx.ui["article"])
        bar = _top_bar(
            self._close("article"),
            View(cls=VIEW),
            _icon("Mark as read", self._toggle_read),
            _icon("Star"),
            _icon("Share Article"),
        )
        page = View(
            cls="android.webkit.WebView",
            children=[w.text_view(article["title"]), w.text_view(article["summary"])],
        )
        return Screen(content=self._root([bar, page]))

    # -- handlers ------------------------------------------------------------------------------
    def _go(self, route: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui.clear()
            ctx.data["route"] = route

        return handler

    def _close(self, key: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui[key] = None

        return handler

    def _typed(self, key: str) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            ctx.ui[key] = text

        return handler

    def _login_failed(self, ctx: AppContext) -> None:
        ctx.ui["error"] = True

    def _add_local(self, ctx: AppContext) -> None:
        ctx.data["account"] = "local"
        ctx.data["route"] = "articles"
        ctx.ui.clear()

    def _open_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = True

    def _open_status_menu(self, ctx: AppContext) -> None:
        ctx.ui["status_menu"] = True

    def _set_status(self, ctx: AppContext, status: str) -> None:
        ctx.ui["status_menu"] = None
        ctx.data["filter"]["status"] = status

    def _select_all(self, ctx: AppContext) -> None:
        ctx.data["filter"]["feed"] = None
        ctx.ui.update(drawer=False, scroll=0)

    def _select_feed(self, ctx: AppContext, feed_id: str) -> None:
        ctx.data["filter"]["feed"] = feed_id
        ctx.ui.update(drawer=False, scroll=0)

    def _open_add_feed(self, ctx: AppContext) -> None:
        ctx.ui.update(add_feed=True, url="", add_error=None)

    def _add_feed(self, ctx: AppContext) -> None:
        """``LocalAccountDelegate.addFeed`` on the fixed feed, then ``onFeedAdded``: the feed is
        selected, the drawer closes, "Feed added" and a refresh that saves its items."""
        url = ctx.ui.get("url", "").strip()
        if not url:
            ctx.ui["add_error"] = "Couldn't find feed"
            return
        feed_id = url if url.startswith("http") else f"https://{url}"  # withProtocol
        if BRASIL_HOST in feed_id.lower():
            # upsertFeed reads XMLFeed.siteURL: URL("www.brasildefato.com.br") throws.
            raise JavaException(MUE, BAD_SITE, frames=ADD_FEED_FRAMES)
        if not ctx.data["feeds"]:
            ctx.data["feeds"].append({"id": feed_id, "title": FEED_TITLE})
            ctx.data["articles"] = fixed_articles()
        ctx.ui.update(add_feed=None, url="", drawer=False, scroll=0)
        ctx.data["filter"]["feed"] = ctx.data["feeds"][0]["id"]
        ctx.toast("Feed added")

    def _feed_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = "feed"

    def _row_menu(self, ctx: AppContext, article_id: str) -> None:
        ctx.ui["row_menu"] = article_id

    def _open_article(self, ctx: AppContext, article_id: str) -> None:
        ctx.ui["article"] = article_id
        self._set_read(ctx, [article_id])

    def _toggle_read(self, ctx: AppContext) -> None:
        for a in ctx.data["articles"]:
            if a["id"] == ctx.ui["article"]:
                a["read"] = not a["read"]

    def _ask_all(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "all"

    def _confirm_all(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        self._mark_all_read(ctx, "all", None)

    def _mark_read(self, ctx: AppContext, side: str, article_id: str) -> None:
        ctx.ui["row_menu"] = None
        self._mark_all_read(ctx, side, article_id)

    def _mark_all_read(self, ctx: AppContext, side: str, article_id: str | None) -> None:
        """``markAllRead``: ``unreadArticleIDs`` (newest first, ``published_at`` compared with
        the pressed article's, inclusive) then ``markReadAsync``."""
        articles = ctx.data["articles"]
        ages = {a["id"]: a["age"] for a in articles}
        pivot = ages.get(article_id or "", 0)
        ids = [
            a["id"]
            for a in articles
            if not a["read"]
            and (
                side == "all"
                or (side == "before" and a["age"] >= pivot)
                or (side == "after" and a["age"] <= pivot)
            )
        ]
        self._mark_read_async(ctx, ids)

    def _mark_read_async(self, ctx: AppContext, ids: list[str]) -> None:
        """``markReadAsync``: batches of 500, each built into a WorkManager ``Data`` (the bug:
        a batch over 10 KB throws); the worker then marks them read."""
        for start in range(0, len(ids), 500):
            batch = ids[start : start + 500]
            if serialized_size(batch) > MAX_DATA_BYTES:
                raise JavaException(
                    ISE, TOO_BIG, frames=CRASH_FRAMES, thread="DefaultDispatcher-worker-2"
                )
            self._set_read(ctx, batch)

    def _set_read(self, ctx: AppContext, ids: list[str]) -> None:
        wanted = set(ids)
        for a in ctx.data["articles"]:
            if a["id"] in wanted:
                a["read"] = True


PACKAGE_1014 = "com.capyreader.app"
BRASIL_URL = "https://www.brasildefato.com.br/rss2.xml"
STEP_ONBOARDING_ADD = _click("Add Feed", cls=BUTTON)
STEP_BRASIL = input_text(PACKAGE_1014, "", BRASIL_URL, hint=URL_LABEL)


def add_feed_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of capyreader#220: adding the feed threw on its site URL."""
    return crashed(system, PACKAGE_1014, MUE, "no protocol")


BUG_220 = BugSpec(
    "capyreader#220",
    "crash",
    "App crashes with some RSS feed websites.",
    add_feed_crashed,
    human_steps=(STEP_LOCAL, STEP_ONBOARDING_ADD, STEP_BRASIL, STEP_ADD),
)

WRONG_SEQUENCES["capyreader#220"] = [
    # Another feed address: the fixed feed is added.
    [STEP_LOCAL, STEP_ONBOARDING_ADD, STEP_URL, STEP_ADD],
    # The dialog cancelled.
    [STEP_LOCAL, STEP_ONBOARDING_ADD, STEP_BRASIL, _click("Cancel", cls=BUTTON)],
    # "Add" with an empty field.
    [STEP_LOCAL, STEP_ONBOARDING_ADD, STEP_ADD],
    # The address typed but the dialog left with Back.
    [STEP_LOCAL, STEP_ONBOARDING_ADD, STEP_BRASIL, {"kind": "press_back"}],
]


class CapyReader20240701014(CapyReader20240701003):
    """Capy Reader 2024.07.1014 (commit ``30a25b0``), for capyreader#220.

    Changes from 2024.07.1003 that the model shows: the ``free`` build no longer has the
    ``.free`` suffix (commit ``a395c3f``); with no feeds the list shows ``EmptyOnboardingView``
    ("No feeds yet.", "Start by adding a feed" and an ``AddFeedButton``); ``markReadAsync``
    sends batches of 100 and halves a batch that is too big (capyreader#152 fixed in 1005).
    The bug (capyreader#220, crash): ``LocalAccountDelegate.addFeed`` catches only
    ``UnknownHostException``; ``upsertFeed`` reads ``XMLFeed.siteURL``, which is
    ``URL(channel.link)``, and the Brasil de Fato feed's ``<link>`` is
    ``www.brasildefato.com.br`` (no protocol: the fix's test resource
    ``brasildefato_com_br.xml``), so ``URL`` throws a ``MalformedURLException`` that reaches
    the add-feed dialog's coroutine and kills the app. The fix (commit ``857f1ee``, "Catch
    errors on site URLs when parsing feed", 2024.07.1017-dev) uses ``optionalURL``. Fixed data:
    an address on ``brasildefato.com.br`` finds that feed; any other address finds the
    "Example News" feed of the module docstring. Stubbed as in 1003; the OPML import of the
    report's first steps opens the system file picker ("Import from File" in Settings), which
    is not modelled (Settings is a stub). Article rows keep 1003's layout (1014 added image
    preview and display settings, off this path).
    """

    package: ClassVar[str] = PACKAGE_1014
    version: ClassVar[str] = "2024.07.1014"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_220,)

    def _list_pane(self, ctx: AppContext) -> View:
        if ctx.data["feeds"]:
            return super()._list_pane(ctx)
        return View(
            cls=VIEW,
            children=[
                View(cls=VIEW),
                w.text_view("No feeds yet.", height=80),
                w.text_view("Start by adding a feed", height=80),
                View(cls=BUTTON, text="Add Feed", on_click=self._open_add_feed, height=126),
                View(cls=VIEW),
            ],
        )

    def _mark_read_async(self, ctx: AppContext, ids: list[str]) -> None:
        # Batches of 100, halved while too big: every id is marked read.
        self._set_read(ctx, ids)
