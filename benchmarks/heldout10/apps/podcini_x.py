"""Podcini.X 10.8.0 (``ac.mdiq.podcini.X``), a podcast player, with bug Podcini.X#49 (crash).

Sources read: XilinJia/Podcini.X at commit 9c666890 ("10.8.0 commit", versionName 10.8.0,
versionCode 243): ``ui/activity/MainActivity.kt``, ``ui/compose/ScreensUtils.kt`` (NavHost,
default screen), ``ui/screens/NavDrawerScreen.kt``, ``ui/screens/FindFeedsScreen.kt``,
``ui/compose/Composables.kt`` (``SearchBarRow``), ``ui/compose/Feeds.kt`` (``OnlineFeedItem``),
``ui/screens/OnlineFeedScreen.kt``, ``ui/screens/LibraryScreen.kt`` (top bar and its menu),
``net/feed/PodcastSearcher.kt`` and ``res/values/strings.xml``. The fix is in 10.8.2 (commit
171c6cc5, changelog "fixed app crash on second open of \"Add podcast\"").

The app is fully Jetpack Compose: one ``MainActivity`` whose screens are navigation routes. A
``uiautomator`` dump of Compose has no resource ids; texts are ``android.widget.TextView``,
buttons ``android.widget.Button``, text fields ``android.widget.EditText`` (the label as its
hint), clickable rows and icons ``android.view.View`` with the icon's content description. The
release build keeps class names (``-dontobfuscate``).

Fresh install, API 30 (no notification permission to ask): ``MainActivity.onCreate`` asks for
unrestricted background activity with an AlertDialog "Permission Required" (text, a "Do not show
again" check box, "Cancel" / "OK"); "OK" starts the system's battery optimisation request
(modelled as a dialog window "Let app always run in background?" with "Deny" / "Allow"). With no
subscriptions the start screen is FindFeeds ("Add podcast"): the drawer button ("Open Drawer"),
the search field "Search podcast…" with its "search" icon (IME Done searches too), the row
"TopChart" / "Local" / "Advanced", the results (or 'No results were found for "<query>"') and
"Results by Apple, Podcast Index". A result row opens the "Online feed" screen (Subscribe, which
becomes "Open"; Episodes); a long press asks 'Subscribe: "<title>" ?' with "Confirm". The drawer
lists Library, Queues, Facets, Logs, Statistics, Add podcast (each navigates with ``popUpTo``
its own route, Library/Queues/Facets clearing the stack), Settings and the recently played
feeds. The Library screen's top bar has "Open Drawer", the count "n/m", "search", "filter",
"sort", "facets" and "Menu" (Toggle grid list, Show all feeds, New volume, New synthetic feed,
Add podcast, Refresh full, Show archived). Back pops the navigation stack, else goes to the
default screen (Library once something is subscribed), else toasts "No more screens back".

The bug (``FindFeedsScreen.kt``): the typed query is kept in the file-level ``searchText``
(process memory). ``FindFeedsVM``'s ``init`` block (line 119) runs ``search(searchText)`` (line
125) before the property initialisers declared below it (``showProgress``, ``errorText``,
``retryQerry`` and ``searchJob by mutableStateOf(null)``, line 140) have run. While the query is
blank ``search`` returns at once, so the first FindFeeds screen works; once a search was made,
every new FindFeeds screen (drawer "Add podcast", Library's menu "Add podcast") builds a new
view model whose ``search`` reads ``searchJob`` through its still-null delegate: a
NullPointerException inside the reflective constructor call, which ``JvmViewModelProviders``
does not catch, so the app dies with ``java.lang.reflect.InvocationTargetException`` caused by
the NPE. Choosing a provider under "Advanced" calls ``setOnlineSearchTerms``, which blanks
``searchText`` again; a restart of the process clears it too. The oracle: the crash was recorded.

Stubbed: TopChart, Queues, Facets, Logs, Statistics, FeedDetails and Settings are a title and a
way back; "Local" starts the system folder picker (an empty DocumentsUI screen); the player
bottom sheet is not drawn; the OPML import is inert. Network content: the search providers are
replaced by a fixed list of six podcasts, a query returning those whose title or author contains
one of its words. Uncertain: the exact framework frames below the app's (lifecycle 2.10,
navigation-compose 2.9.6) and how the Compose drawer rows merge their texts in a dump.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import crash_oracle, target
from device_agent.virtual.views import FRAME, HORIZONTAL, Handler, Screen, View, Window

PACKAGE = "ac.mdiq.podcini.X"
MAIN = "ac.mdiq.podcini.ui.activity.MainActivity"
SETTINGS = "ac.mdiq.podcini.preferences.PreferenceActivity"
HINT = "Search podcast…"
POWERED = "Results by Apple, Podcast Index"

# The fixed stand-in for the online search providers.
PODCASTS: tuple[dict[str, Any], ...] = (
    {"title": "The History Hour", "author": "BBC World Service", "count": 312, "source": "Apple"},
    {"title": "Science Friday", "author": "WNYC Studios", "count": 1200, "source": "Apple"},
    {"title": "Radiolab", "author": "WNYC Studios", "count": 640, "source": "PodcastIndex"},
    {"title": "Linux Unplugged", "author": "Jupiter Broadcasting", "count": 590, "source": "Apple"},
    {"title": "The Daily", "author": "The New York Times", "count": 2400, "source": "Apple"},
    {"title": "Hardcore History", "author": "Dan Carlin", "count": 74, "source": "PodcastIndex"},
)

NAV = (
    ("Library", "Library"),
    ("Queues", "Queues"),
    ("Facets", "Facets"),
    ("Logs", "Logs"),
    ("Statistics", "Statistics"),
    ("FindFeeds", "Add podcast"),
)


def _url(podcast: dict[str, Any]) -> str:
    slug = "".join(ch for ch in podcast["title"].lower() if ch.isalnum())
    return f"https://feeds.example.org/{slug}.xml"


def _search(query: str) -> list[int]:
    words = [word for word in query.lower().split() if word]
    return [
        i
        for i, p in enumerate(PODCASTS)
        if any(word in f"{p['title']} {p['author']}".lower() for word in words)
    ]


def _icon(desc: str, handler: Any, **kw: Any) -> View:
    """An ``IconButton``: a Button whose only label is its icon's content description."""
    return View(cls="android.widget.Button", content_desc=desc, on_click=handler, **kw)


def _row(children: list[View], height: int, **kw: Any) -> View:
    """A horizontal row of ``children`` (``kw``: a toolbar ``style``, handlers...)."""
    return View(cls="android.view.View", layout=HORIZONTAL, height=height, children=children, **kw)


def _bar(*children: View, height: int = 160) -> View:
    """The top app bar: ``children`` in a toolbar row."""
    return _row(list(children), height, style="toolbar")


def _popup(children: list[View], on_dismiss: Handler, **kw: Any) -> Window:
    """A window of ``children`` one above the other (``kw``: its kind, bounds...)."""
    root = View(cls="android.view.View", weight=0, children=children)
    return Window(root=root, on_dismiss=on_dismiss, **kw)


def _t(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return target(PACKAGE, "", text, desc, cls)


BUG_49 = BugSpec(
    bug_id="Podcini.X#49",
    kind="crash",
    title="App crashes when adding podcasts",
    oracle=crash_oracle(PACKAGE, "java.lang.reflect.InvocationTargetException"),
    human_steps=(
        {"kind": "click", "target": _t("Cancel", cls="android.widget.Button")},
        {
            "kind": "input_text",
            "target": _t(HINT, cls="android.widget.EditText"),
            "text": "history",
        },
        {"kind": "click", "target": _t(desc="search", cls="android.view.View")},
        {"kind": "long_click", "target": _t("The History Hour", cls="android.widget.TextView")},
        {"kind": "click", "target": _t("Confirm", cls="android.widget.Button")},
        {"kind": "click", "target": _t(desc="Open Drawer", cls="android.widget.Button")},
        {"kind": "click", "target": _t("Add podcast", cls="android.widget.TextView")},
    ),
)


class PodciniX(VirtualApp):
    """Podcini.X 10.8.0 (see the module docstring)."""

    name: ClassVar[str] = "Podcini.X"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Podcini.X"
    version: ClassVar[str] = "10.8.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_49,)

    def initial_data(self) -> dict[str, Any]:
        return {"feeds": [], "dont_ask_again": False, "ignoring_battery": False}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        ui = ctx.ui
        ctx.memory.setdefault("search_text", "")
        if "stack" not in ui:
            ui.update(drawer=False, menu=False, popup=None, advanced=False, picker=False)
            ui["stack"] = []
            ui["dialog"] = None
            self._push(ctx, self._default_screen(ctx))
        # onCreate: checkAndRequestUnrestrictedBackgroundActivity().
        if not ctx.data["ignoring_battery"] and not ctx.data["dont_ask_again"]:
            ui["dialog"] = {"kind": "unrestricted", "dont_ask": False}

    def _default_screen(self, ctx: AppContext) -> str:
        return "Library" if ctx.data["feeds"] else "FindFeeds"

    def _new_entry(self, ctx: AppContext, route: str, **args: Any) -> dict[str, Any]:
        entry: dict[str, Any] = {"route": route, **args}
        if route == "FindFeeds":
            # FindFeedsVM(): init { ... search(searchText) } runs before searchJob's delegate
            # is initialised.
            query = ctx.memory.get("search_text", "")
            if query.strip():
                self._crash_in_find_feeds_vm()
            entry.update(query=query, results=[], searched=False)
        if route == "OnlineFeed":
            entry.update(subscribing=False)
        return entry

    def _crash_in_find_feeds_vm(self) -> None:
        npe = JavaException(
            "java.lang.NullPointerException",
            "Attempt to invoke interface method 'java.lang.Object "
            "androidx.compose.runtime.MutableState.getValue()' on a null object reference",
            frames=[
                "ac.mdiq.podcini.ui.screens.FindFeedsVM.getSearchJob(FindFeedsScreen.kt:140)",
                "ac.mdiq.podcini.ui.screens.FindFeedsVM.search(FindFeedsScreen.kt:144)",
                "ac.mdiq.podcini.ui.screens.FindFeedsVM.<init>(FindFeedsScreen.kt:125)",
                "java.lang.reflect.Constructor.newInstance0(Native Method)",
                "java.lang.reflect.Constructor.newInstance(Constructor.java:343)",
            ],
        )
        raise JavaException(
            "java.lang.reflect.InvocationTargetException",
            "",
            frames=[
                "java.lang.reflect.Constructor.newInstance0(Native Method)",
                "java.lang.reflect.Constructor.newInstance(Constructor.java:343)",
                "androidx.lifecycle.viewmodel.internal.JvmViewModelProviders.createViewModel"
                "(JvmViewModelProviders.kt:40)",
                "androidx.lifecycle.ViewModelProvider$NewInstanceFactory.create"
                "(ViewModelProvider.android.kt:193)",
                "androidx.lifecycle.ViewModelProvider$AndroidViewModelFactory.create"
                "(ViewModelProvider.android.kt:317)",
                "androidx.lifecycle.SavedStateViewModelFactory.create"
                "(SavedStateViewModelFactory.android.kt:130)",
                "androidx.lifecycle.viewmodel.internal.ViewModelProviderImpl.getViewModel"
                "$lifecycle_viewmodel(ViewModelProviderImpl.kt:92)",
                "androidx.lifecycle.ViewModelProvider.get(ViewModelProvider.android.kt:113)",
                "androidx.lifecycle.viewmodel.compose.ViewModelKt__ViewModelKt.get"
                "(ViewModel.kt:169)",
                "androidx.lifecycle.viewmodel.compose.ViewModelKt.get(Unknown Source:1)",
                "androidx.lifecycle.viewmodel.compose.ViewModelKt__ViewModel_androidKt.viewModel"
                "(ViewModel.android.kt:70)",
                "androidx.lifecycle.viewmodel.compose.ViewModelKt.viewModel(Unknown Source:1)",
                "ac.mdiq.podcini.ui.screens.FindFeedsScreenKt.FindFeedsScreen"
                "(FindFeedsScreen.kt:242)",
                "ac.mdiq.podcini.ui.compose.ScreensUtilsKt$Navigate$1$1.invoke"
                "(ScreensUtils.kt:147)",
                "androidx.compose.runtime.Recomposer.performRecompose(Recomposer.kt:1493)",
                "androidx.compose.ui.platform.AndroidUiFrameClock$withFrameNanos$2$callback$1"
                ".doFrame(AndroidUiFrameClock.android.kt:39)",
                "android.view.Choreographer.doFrame(Choreographer.java:938)",
                "android.os.Handler.dispatchMessage(Handler.java:106)",
                "android.os.Looper.loop(Looper.java:223)",
                "android.app.ActivityThread.main(ActivityThread.java:7656)",
            ],
            cause=npe,
        )

    def _push(self, ctx: AppContext, route: str, **args: Any) -> None:
        ctx.ui["stack"] = [*ctx.ui["stack"], self._new_entry(ctx, route, **args)]
        self._close_overlays(ctx)

    def _navigate(self, ctx: AppContext, route: str, *, pop_all: bool, pop_to: str = "") -> None:
        stack = list(ctx.ui["stack"])
        if pop_all:
            stack = []
        elif pop_to:
            routes = [e["route"] for e in stack]
            if pop_to in routes:
                stack = stack[: routes.index(pop_to)]
        entry = self._new_entry(ctx, route)
        ctx.ui["stack"] = [*stack, entry]
        self._close_overlays(ctx)

    def _close_overlays(self, ctx: AppContext) -> None:
        ctx.ui.update(drawer=False, menu=False, popup=None, advanced=False)

    def _top(self, ctx: AppContext) -> dict[str, Any]:
        top: dict[str, Any] = ctx.ui["stack"][-1]
        return top

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        ui = ctx.ui
        if ui["picker"]:
            ui["picker"] = False
            return True
        if ui["drawer"] or ui["menu"] or ui["popup"] or ui["advanced"]:
            self._close_overlays(ctx)
            return True
        if len(ui["stack"]) > 1:
            ui["stack"] = ui["stack"][:-1]
            return True
        default = self._default_screen(ctx)
        if self._top(ctx)["route"] != default:
            self._navigate(ctx, default, pop_all=True)
            return True
        ctx.toast("No more screens back")
        return True

    def _arrow_back(self, ctx: AppContext) -> None:
        # The Online feed screen's arrow (its description is "Open Drawer"): pop the stack.
        if len(ctx.ui["stack"]) > 1:
            ctx.ui["stack"] = ctx.ui["stack"][:-1]
        else:
            ctx.ui["drawer"] = False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and direction == "right" and not ctx.ui["drawer"]:
            ctx.ui["drawer"] = True
            return True
        if ctx.activity == MAIN and direction == "left" and ctx.ui["drawer"]:
            ctx.ui["drawer"] = False
            return True
        return False

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if ctx.activity == MAIN and key == "enter" and self._top(ctx)["route"] == "FindFeeds":
            self._submit(ctx)
            return True
        return False

    # -- FindFeeds ---------------------------------------------------------------------------
    def _type_query(self, ctx: AppContext, text: str) -> None:
        self._top(ctx)["query"] = text

    def _submit(self, ctx: AppContext) -> None:
        entry = self._top(ctx)
        query = entry["query"]
        if not query.strip():
            return
        ctx.memory["search_text"] = query
        ctx.hide_keyboard()
        if query.startswith(("http://", "https://")):
            self._push(ctx, "OnlineFeed", podcast=-1, url=query)
            return
        entry["results"] = _search(query)
        entry["searched"] = True

    def _set_provider(self, ctx: AppContext) -> None:
        # setOnlineSearchTerms(provider): searchText = query ?: "".
        ctx.memory["search_text"] = ""
        ctx.ui["advanced"] = False

    def _subscribe(self, ctx: AppContext, index: int) -> None:
        titles = [f["title"] for f in ctx.data["feeds"]]
        podcast = PODCASTS[index]
        if podcast["title"] not in titles:
            ctx.data["feeds"].append(
                {"title": podcast["title"], "author": podcast["author"], "url": _url(podcast)}
            )
        ctx.ui["popup"] = None

    def _is_subscribed(self, ctx: AppContext, index: int) -> bool:
        return any(f["title"] == PODCASTS[index]["title"] for f in ctx.data["feeds"])

    def _open_result(self, ctx: AppContext, index: int) -> None:
        if self._is_subscribed(ctx, index):
            self._push(ctx, "FeedDetails", title=PODCASTS[index]["title"])
        else:
            self._push(ctx, "OnlineFeed", podcast=index, url=_url(PODCASTS[index]))

    def _result_row(self, ctx: AppContext, index: int) -> View:
        podcast = PODCASTS[index]
        cover = [w.image_view("", "imgvCover", width=210)]
        if self._is_subscribed(ctx, index):
            cover.append(w.image_view("", "played_mark", width=60))
        texts = View(
            cls="android.view.View",
            children=[
                w.text_view(podcast["title"], height=70),
                w.text_view(podcast["author"], height=60),
                w.text_view(f"{podcast['count']} episodes", height=60),
                w.text_view(f"{podcast['source']}: {_url(podcast)}", height=50),
            ],
        )
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=260,
            on_click=w.bind(self._open_result, index),
            on_long_click=w.bind(lambda c, i: c.ui.update(popup=i), index),
            children=[
                View(cls="android.view.View", layout=FRAME, width=210, children=cover),
                texts,
            ],
        )

    def _find_feeds(self, ctx: AppContext, entry: dict[str, Any]) -> View:
        bar = _bar(
            _icon("Open Drawer", lambda c: c.ui.update(drawer=True), width=147),
            w.edit_text("", entry["query"], self._type_query, hint=HINT),
            View(cls="android.view.View", content_desc="search", on_click=self._submit, width=120),
            height=200,
        )
        controls = _row(
            [
                w.text_view("TopChart", on_click=lambda c: self._push(c, "TopChart")),
                w.text_view("Local", on_click=lambda c: c.ui.update(picker=True)),
                w.text_view(
                    "Advanced", on_click=lambda c: c.ui.update(advanced=not c.ui["advanced"])
                ),
            ],
            120,
        )
        if entry["results"]:
            body = w.scroll_view(
                [self._result_row(ctx, i) for i in entry["results"]],
                scrollable=True,
                scroll_key="results_scroll",
            )
        else:
            shown = ctx.memory.get("search_text", "")
            body = View(
                cls="android.view.View",
                layout=FRAME,
                children=[
                    w.text_view(
                        f'No results were found for "{shown}"',
                        gravity="center",
                        width=900,
                        height=110,
                    )
                ],
            )
        powered = w.text_view(POWERED, height=60)
        return View(cls="android.view.View", children=[bar, controls, body, powered])

    # -- other screens -----------------------------------------------------------------------
    def _online_feed(self, ctx: AppContext, entry: dict[str, Any]) -> View:
        index = entry["podcast"]
        podcast = PODCASTS[index] if index >= 0 else {"title": "No title", "author": ""}
        subscribed = index >= 0 and self._is_subscribed(ctx, index)

        def subscribe_or_open(c: AppContext) -> None:
            if index < 0:
                return
            if self._is_subscribed(c, index):
                self._push(c, "FeedDetails", title=podcast["title"])
            else:
                self._subscribe(c, index)

        bar = _bar(
            _icon("Open Drawer", self._arrow_back, width=147),
            w.text_view("Online feed", height=160),
        )
        header = _row(
            [
                w.image_view("", "coverImage", width=262),
                View(
                    cls="android.view.View",
                    children=[
                        w.text_view(podcast["title"], height=80),
                        w.text_view(podcast["author"], height=70),
                        _row(
                            [
                                w.button(
                                    text="Open" if subscribed else "Subscribe",
                                    handler=subscribe_or_open,
                                ),
                                w.button(text="Episodes", handler=lambda c: None),
                            ],
                            140,
                        ),
                    ],
                ),
            ],
            300,
        )
        body = w.scroll_view(
            [
                header,
                w.text_view("Limit episodes to", height=110),
                w.text_view("Description", height=110),
                w.text_view(f"Episodes of {podcast['title']}.", height=110),
            ],
            scrollable=True,
        )
        return View(cls="android.view.View", children=[bar, body])

    def _library(self, ctx: AppContext) -> View:
        feeds = ctx.data["feeds"]
        bar = _bar(
            _icon("Open Drawer", lambda c: c.ui.update(drawer=True), width=147),
            w.text_view(f"{len(feeds)}/{len(feeds)}", height=160),
            _icon("search", lambda c: self._push(c, "Search"), width=126),
            _icon("filter", lambda c: None, width=126),
            _icon("sort", lambda c: None, width=126),
            _icon("facets", lambda c: self._push(c, "Facets"), width=126),
            _icon("Menu", lambda c: c.ui.update(menu=True), width=126),
        )
        rows = [self._feed_row(f["title"], 200, 200) for f in feeds]
        return View(cls="android.view.View", children=[bar, w.scroll_view(rows, scrollable=True)])

    def _feed_row(self, title: str, height: int, cover: int) -> View:
        """A subscribed feed's row: its cover and title; a tap opens its details."""
        return _row(
            [
                w.image_view("", "imgvCover", width=cover),
                w.text_view(title, height=height),
            ],
            height,
            on_click=w.bind(lambda c, t: self._push(c, "FeedDetails", title=t), title),
        )

    def _stub(self, ctx: AppContext, title: str) -> View:
        bar = _bar(
            _icon("Open Drawer", lambda c: c.ui.update(drawer=True), width=147),
            w.text_view(title, height=160),
        )
        return View(cls="android.view.View", children=[bar, View(cls="android.view.View")])

    def _drawer(self, ctx: AppContext) -> View:
        feeds = ctx.data["feeds"]
        counts = {"Library": len(feeds)}
        rows: list[View] = []
        for route, label in NAV:
            count = counts.get(route, 0)
            children = [
                w.image_view("", route, width=120),
                w.text_view(label, height=130),
            ]
            if count > 0:
                children.append(w.text_view(str(count), width=120, height=130))
            pop_all = route in ("Library", "Queues", "Facets")
            rows.append(_row(children, 150, on_click=w.bind(self._drawer_nav, route, pop_all)))
        settings = [
            w.image_view("", "settings", width=120),
            w.text_view("Settings", height=130),
        ]
        rows.append(_row(settings, 150, on_click=self._open_settings))
        rows.extend(self._feed_row(f["title"], 120, 105) for f in feeds[:8])
        return View(
            cls="android.view.View",
            width=735,
            gravity="top",
            style="dialog",
            children=[w.scroll_view(rows, scrollable=True)],
        )

    def _drawer_nav(self, ctx: AppContext, route: str, pop_all: bool) -> None:
        self._navigate(ctx, route, pop_all=pop_all, pop_to="" if pop_all else route)

    def _open_settings(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = False
        ctx.start_activity(SETTINGS)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            bar = w.toolbar("Settings", navigation=w.up_button())
            return Screen(content=w.linear_layout([bar, View(cls="android.view.View")]))
        ui = ctx.ui
        if ui["picker"]:
            return Screen(content=w.document_picker([], title="Recent"))
        entry = self._top(ctx)
        route = entry["route"]
        if route == "FindFeeds":
            page = self._find_feeds(ctx, entry)
        elif route == "OnlineFeed":
            page = self._online_feed(ctx, entry)
        elif route == "Library":
            page = self._library(ctx)
        elif route == "FeedDetails":
            page = self._stub(ctx, entry.get("title", ""))
        else:
            page = self._stub(ctx, route)
        content = View(
            cls="androidx.compose.ui.platform.ComposeView",
            layout=FRAME,
            children=[page, self._drawer(ctx)] if ui["drawer"] else [page],
        )
        return Screen(content=content, windows=self._windows(ctx, entry))

    def _windows(self, ctx: AppContext, entry: dict[str, Any]) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        close = lambda c: self._close_overlays(c)  # noqa: E731
        if ui["menu"] and entry["route"] == "Library":
            items = [
                ("Toggle grid list", close),
                ("Show all feeds", close),
                ("New volume", close),
                ("New synthetic feed", close),
                ("Add podcast", lambda c: self._push(c, "FindFeeds")),
                ("Refresh full", close),
                ("Show archived", close),
            ]
            rows = [
                View(
                    cls="android.view.View",
                    on_click=handler,
                    height=140,
                    children=[w.text_view(title, height=140)],
                )
                for title, handler in items
            ]
            windows.append(_popup(rows, close, kind="menu", bounds=(560, 80, 1060, 1120)))
        if ui["advanced"] and entry["route"] == "FindFeeds":
            items = [
                ("Search all sources", self._set_provider),
                ("Search Apple Podcasts", self._set_provider),
                ("Search Podcast Index", self._set_provider),
                ("Import podcast list (OPML)", close),
            ]
            windows.append(
                _popup([w.text_view(t, height=130, on_click=h) for t, h in items], close)
            )
        if ui["popup"] is not None and entry["route"] == "FindFeeds":
            index = ui["popup"]
            confirm = [
                w.text_view(f'Subscribe: "{PODCASTS[index]["title"]}" ?', height=140),
                w.button(text="Confirm", handler=w.bind(self._subscribe, index)),
            ]
            windows.append(_popup(confirm, close))
        dialog = ui["dialog"]
        if dialog is not None:
            windows.append(self._dialog_window(ctx, dialog))
        return windows

    def _dialog_window(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        def dismiss(c: AppContext) -> None:
            c.ui["dialog"] = None

        if dialog["kind"] == "battery":

            def answer(c: AppContext, allow: bool) -> None:
                c.data["ignoring_battery"] = allow
                c.ui["dialog"] = None

            return w.confirm_dialog(
                "Let app always run in background?",
                "Allowing Podcini.X to always run in the background may reduce battery life.\n\n"
                "You can change this later from Settings > Apps & notifications.",
                ("Allow", w.bind(answer, True)),
                ("Deny", w.bind(answer, False)),
                dismiss,
            )

        def toggle(c: AppContext) -> None:
            c.ui["dialog"] = {**dialog, "dont_ask": not dialog["dont_ask"]}

        def ok(c: AppContext) -> None:
            if dialog["dont_ask"]:
                c.data["dont_ask_again"] = True
            # startActivity(ACTION_REQUEST_IGNORE_BATTERY_OPTIMIZATIONS)
            c.ui["dialog"] = {"kind": "battery"}

        children = [
            w.text_view("Permission Required", height=140),
            w.text_view(
                "In order to successfully play a list of episodes in the background, "
                "Podcini needs Permission for Unrestricted Background Activity. Note on "
                "some brands, there are customized settings for this, please ensure to set "
                "them accordingly.",
                height=420,
            ),
            _row(
                [
                    View(
                        cls="android.widget.CheckBox",
                        checkable=True,
                        checked=dialog["dont_ask"],
                        on_click=toggle,
                        width=130,
                    ),
                    w.text_view("Do not show again", height=130),
                ],
                130,
            ),
            _row(
                [
                    View(cls="android.view.View"),
                    w.button(text="Cancel", handler=dismiss, width=260),
                    w.button(text="OK", handler=ok, width=200),
                ],
                140,
            ),
        ]
        return _popup(children, dismiss)


_CANCEL = {"kind": "click", "target": _t("Cancel", cls="android.widget.Button")}
_TYPE = {
    "kind": "input_text",
    "target": _t(HINT, cls="android.widget.EditText"),
    "text": "history",
}
_SEARCH = {"kind": "click", "target": _t(desc="search", cls="android.view.View")}
_DRAWER = {"kind": "click", "target": _t(desc="Open Drawer", cls="android.widget.Button")}
_ADD = {"kind": "click", "target": _t("Add podcast", cls="android.widget.TextView")}

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Podcini.X#49": [
        # "Add podcast" reopened without any search made.
        [_CANCEL, _DRAWER, _ADD, _DRAWER, _ADD],
        # Typed but never searched: the query is only in the text field.
        [_CANCEL, _TYPE, _DRAWER, _ADD],
        # Searched and subscribed, then went to the Library instead of "Add podcast".
        [
            _CANCEL,
            _TYPE,
            _SEARCH,
            {"kind": "long_click", "target": _t("The History Hour", cls="android.widget.TextView")},
            {"kind": "click", "target": _t("Confirm", cls="android.widget.Button")},
            _DRAWER,
            {"kind": "click", "target": _t("Library", cls="android.widget.TextView")},
        ],
        # Picking a search provider under Advanced clears the kept query first.
        [
            _CANCEL,
            _TYPE,
            _SEARCH,
            {"kind": "click", "target": _t("Advanced", cls="android.widget.TextView")},
            {"kind": "click", "target": _t("Search all sources", cls="android.widget.TextView")},
            _DRAWER,
            _ADD,
        ],
        # Searched, then the app was restarted (the query lived only in memory).
        [_CANCEL, _TYPE, _SEARCH, {"kind": "restart_app"}, _CANCEL, _DRAWER, _ADD],
    ],
}
