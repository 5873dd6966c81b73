"""Kiwix (``org.kiwix.kiwixmobile``) 2.4, for kiwix-android#990 ("App crashes on clicking pause
button for download in Landscape mode").

Modelled from the sources at tag ``2.4`` (under ``app/src/main``: ``AndroidManifest.xml``,
``utils/SplashActivity.java``, ``KiwixMobileActivity.java`` (the help page without content,
``onCreateOptionsMenu``, ``onOptionsItemSelected``), ``zim_manager/ZimManageActivity.java``,
``zim_manager/SectionsPagerAdapter.java``, ``zim_manager/library_view/LibraryFragment.java``
(``onCreateView``, ``onItemClick``, ``downloadFile``), ``downloader/DownloadFragment.java``
(``DownloadAdapter.getView``, ``setPlayState``), ``downloader/DownloadService.java``
(``setDownloadFragment``, ``pauseDownload``, ``playDownload``), ``res/layout/main.xml``,
``help.xml``, ``zim_manager.xml``, ``zim_list.xml``, ``activity_library.xml``,
``library_item.xml``, ``library_divider.xml``, ``download_management.xml``,
``download_item.xml``, ``res/menu/menu_main.xml``, ``menu_zim_manager.xml``,
``res/values/strings.xml``):

- the launcher's ``SplashActivity`` opens ``KiwixMobileActivity``, which without any ZIM file
  shows the help page (the welcome card, the "Get Content" button ``get_content_card``, the help
  cards) under the toolbar ``toolbar`` ("Kiwix", the tabs drawer's toggle, which has no content
  description, and the overflow: Bookmarks, Get Content, Help, Settings). It handles rotation
  itself (``configChanges``);
- "Get Content" opens ``ZimManageActivity`` ("Library", "Navigate up"): the tabs ``tabs``
  (Device, Online, Downloading) over the ViewPager ``container``; Online shows Search
  (``action_search``) and "Choose a language" (``select_language``). Device lists no ZIM file
  ("No files here", ``file_management_no_files``); Online lists the library (``library_list``:
  a divider "Selected languages:" then the English books, "Other languages:" then the rest;
  each row ``favicon``, ``title``, ``description``, ``size``, ``creator``, ``publisher``,
  ``date``, ``language``, ``fileName``); tapping a book shows "Download started…" and switches
  to Downloading (``displayDownloadInterface``), where the row (``zim_downloader_list``:
  ``favicon``, ``title``, ``description``, ``downloadProgress``, ``time_remaining``, and the
  icons ``pause`` and ``stop``, ImageViews without descriptions) pauses/resumes or asks "Stop
  download?" (Yes/No). Without downloads: "No downloads here".

Stubs: Bookmarks, Settings (titled screens with Back), Help (the same help page), search and
the language chooser (a dialog with the languages, OK). Not modelled: reading a ZIM file (a
finished download), the notification.

The world: the test device is on Wi-Fi with plenty of space; the online library is a fixed
excerpt of the 2018 catalogue; a started download stays at 3% with "3 min left" (the network
is not simulated).

The bug (kiwix-android#990): ``LibraryFragment.onCreateView`` hands
``mSectionsPagerAdapter.getDownloadFragment()`` to ``DownloadService.setDownloadFragment``.
After a rotation re-creates ``ZimManageActivity``, the FragmentManager restores the old
fragments and the new adapter's own ``DownloadFragment`` is never attached, so its ``listView``
is null; pausing (or stopping, which pauses first) calls ``pauseDownload``, which ends in
``downloadFragment.listView.invalidateViews()``: a ``NullPointerException``. Rotating back does
not help: the service keeps the detached fragment until the library is opened afresh. The
report has no trace; the frames are the model's, in the app's real classes at their 2.4 lines.

Human steps: 5 actions against 7 in ``index.tsv``: starting a download switches to the
Downloading tab by itself (``displayDownloadInterface``), so the report's "go to Downloading
tab" costs nothing here, and on Wi-Fi no "mobile network" dialog has to be answered.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.kiwix.kiwixmobile"
SPLASH = "org.kiwix.kiwixmobile.utils.SplashActivity"
MAIN = "org.kiwix.kiwixmobile.KiwixMobileActivity"
MANAGER = "org.kiwix.kiwixmobile.zim_manager.ZimManageActivity"
SETTINGS = "org.kiwix.kiwixmobile.settings.KiwixSettingsActivity"
BOOKMARKS = "org.kiwix.kiwixmobile.bookmarks_view.BookmarksActivity"
TABS = ("Device", "Online", "Downloading")
PLAY, PAUSE = 1, 2  # DownloadService's states

HELP_CARDS = (
    (
        "What does Kiwix do?",
        "Kiwix is an offline content reader. It acts very much like a browser but instead of "
        "accessing online web pages, it reads content from a file in ZIM format.",
    ),
    ("Where is the content?", "Our content is hosted on the Kiwix website."),
    (
        "How to use large ZIM files?",
        "If your ZIM file is larger than 4GB, you might not be able to store it on your SD card "
        "due to filesystem limitations.",
    ),
    (
        "Thank you for choosing Kiwix!",
        "We are glad to have you on board and would appreciate any feedback or suggestions at "
        "android@kiwix.org.",
    ),
)
# A fixed excerpt of the online library: (title, description, size, creator, date, language,
# file name).
BOOKS = (
    (
        "Ray Charles",
        "Wikipedia articles about Ray Charles",
        "2 MB",
        "Wikipedia",
        "2018-07-01",
        "English",
        "wikipedia_en_ray_charles_2018-07",
    ),
    (
        "Wikivoyage",
        "The free worldwide travel guide",
        "668 MB",
        "Wikivoyage",
        "2018-06-01",
        "English",
        "wikivoyage_en_all_2018-06",
    ),
    (
        "Wiktionary",
        "The free dictionary",
        "1 GB",
        "Wiktionary",
        "2018-07-01",
        "English",
        "wiktionary_en_all_nopic_2018-07",
    ),
    (
        "Wikipedia",
        "The free encyclopedia",
        "35 GB",
        "Wikipedia",
        "2018-05-01",
        "English",
        "wikipedia_en_all_novid_2018-05",
    ),
    (
        "Wikipédia",
        "L'encyclopédie libre",
        "16 GB",
        "Wikipedia",
        "2018-06-01",
        "French",
        "wikipedia_fr_all_novid_2018-06",
    ),
    (
        "Wikipedia",
        "Die freie Enzyklopädie",
        "17 GB",
        "Wikipedia",
        "2018-06-01",
        "German",
        "wikipedia_de_all_novid_2018-06",
    ),
)
LANGUAGES = ("English", "French", "German")

PAUSE_FRAMES = (
    "org.kiwix.kiwixmobile.downloader.DownloadService.pauseDownload(DownloadService.java:272)",
    "org.kiwix.kiwixmobile.downloader.DownloadFragment$DownloadAdapter.setPlayState("
    "DownloadFragment.java:227)",
)
CLICK_FRAMES = (
    "android.view.View.performClick(View.java:5637)",
    "android.view.View$PerformClick.run(View.java:22429)",
    *callback_frames(25),
)
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'void android.widget.ListView.invalidateViews()' on a "
    "null object reference"
)


def _detached_list_view(via: str) -> JavaException:
    """The NPE of ``pauseDownload`` on the service's detached DownloadFragment; ``via`` is the
    click listener's frame (pause or stop)."""
    return JavaException(
        "java.lang.NullPointerException",
        NPE_MESSAGE,
        frames=[*PAUSE_FRAMES, via, *CLICK_FRAMES],
    )


_click = partial(click, PACKAGE)


BUG_990 = BugSpec(
    bug_id="kiwix-android#990",
    kind="crash",
    title="App crashes on clicking pause button for download in Landscape mode.",
    oracle=crash_oracle(PACKAGE, "java.lang.NullPointerException", "invalidateViews"),
    human_steps=(
        _click("get_content_card", "Get Content"),
        _click(text="ONLINE"),
        _click("title", "Ray Charles"),
        {"kind": "rotate", "orientation": "landscape"},
        _click("pause", cls="android.widget.ImageView"),
    ),
)


class Kiwix24(VirtualApp):
    """Kiwix 2.4 (see the module docstring)."""

    name: ClassVar[str] = "kiwix-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Kiwix"
    version: ClassVar[str] = "2.4"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_990,)

    def initial_data(self) -> dict[str, Any]:
        return {
            # DownloadFragment.mDownloads and DownloadService's state (process-wide statics):
            # {"book": index, "status": PLAY/PAUSE}
            "downloads": [],
            # DownloadService.downloadFragment: "attached" (the shown list) or "detached" (the
            # adapter's never-attached instance after a re-creation), None before the library.
            "service_fragment": None,
            "languages": ["English"],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN:
            ui.setdefault("menu", False)
        elif ctx.activity == MANAGER:
            restored = "tab" in ui
            ui.setdefault("tab", int(ctx.extras.get("tab", 0)))
            ui.setdefault("menu", False)
            ui.setdefault("dialog", None)
            # LibraryFragment.onCreateView → setDownloadFragment(adapter.getDownloadFragment()):
            # the new adapter's fragment is the shown one only on a fresh start.
            ctx.data["service_fragment"] = "detached" if restored else "attached"

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        saved = dict(ctx.ui)
        saved["menu"] = False  # popup menus do not survive re-creation
        return saved

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "menu")

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MANAGER and direction in ("left", "right"):
            step = 1 if direction == "left" else -1
            ctx.ui["tab"] = max(0, min(2, ctx.ui["tab"] + step))
            return True
        return False

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == MANAGER:
            return self._render_manager(ctx)
        if ctx.activity in (SETTINGS, BOOKMARKS):
            title = "Settings" if ctx.activity == SETTINGS else "Bookmarks"
            bar = w.toolbar(title, navigation=w.up_button())
            return Screen(content=w.linear_layout([bar]))
        return Screen(content=w.frame_layout())  # the splash

    def _render_main(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "Kiwix",
            navigation=w.image_button("", "", lambda c: None, naf=True, width=147),
            actions=[w.overflow_button(w.bind(self._set_ui, menu=True))],
        )
        cards: list[View] = [
            View(
                cls="android.support.v7.widget.CardView",
                weight=0,
                children=[
                    w.image_view("welcome_image", height=300),
                    w.text_view(
                        "Kiwix allows you offline access to websites such as Wikipedia in a "
                        "highly compressed form.",
                        height=200,
                    ),
                ],
            ),
            w.button("get_content_card", "Get Content", self._get_content, height=147),
        ]
        for heading, body in HELP_CARDS:
            cards.append(
                View(
                    cls="android.support.v7.widget.CardView",
                    weight=0,
                    children=[w.text_view(heading, height=110), w.text_view(body, height=260)],
                )
            )
        page = w.scroll_view(cards, scrollable=True, scroll_key="help_scroll")
        content = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="snackbar_layout",
            children=[
                w.relative_layout([bar], rid="toolbar_layout", weight=0),
                View(
                    cls="android.support.v4.widget.DrawerLayout",
                    resource_id="drawer_layout",
                    children=[page],
                ),
            ],
        )
        windows: list[Window] = []
        if ctx.ui["menu"]:
            close = w.bind(self._set_ui, menu=False)
            items = [
                ("Bookmarks", w.bind(self._open, BOOKMARKS)),
                ("Get Content", self._get_content),
                ("Help", close),
                ("Settings", w.bind(self._open, SETTINGS)),
            ]
            windows.append(w.menu_window(items, close))
        return Screen(content=content, windows=windows)

    def _render_manager(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        tab = ui["tab"]
        actions: list[View] = []
        if tab == 1:
            actions = [
                w.action_item("action_search", "Search", lambda c: None),
                w.action_item("select_language", "Choose a language", self._choose_languages),
            ]
        bar = w.toolbar(
            "Library",
            navigation=w.up_button(),
            actions=actions,
        )
        appbar = View(
            cls="android.support.design.widget.AppBarLayout",
            resource_id="appbar",
            weight=0,
            children=[
                w.relative_layout([bar], rid="toolbar_layout", weight=0),
                w.tabs(
                    [t.upper() for t in TABS],
                    tab,
                    lambda c, i: self._set_ui(c, tab=i),
                    tab_cls="android.support.v7.app.ActionBar$Tab",
                ),
            ],
        )
        page = (self._device_page, self._online_page, self._downloads_page)[tab](ctx)
        pager = View(
            cls="android.support.v4.view.ViewPager", resource_id="container", children=[page]
        )
        content = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="zim_manager_main_activity",
            children=[appbar, pager],
        )
        return Screen(content=content, windows=self._manager_dialogs(ctx))

    def _device_page(self, ctx: AppContext) -> View:
        return w.relative_layout(
            [
                w.text_view("No files here", "file_management_no_files", height=200),
                View(
                    cls="android.support.v4.widget.SwipeRefreshLayout",
                    resource_id="zim_swiperefresh",
                    children=[w.list_view([], rid="zimfilelist")],
                ),
            ]
        )

    def _online_page(self, ctx: AppContext) -> View:
        downloading = {d["book"] for d in ctx.data["downloads"]}
        chosen = ctx.data["languages"]
        rows: list[View] = []
        for heading, wanted in (("Selected languages:", True), ("Other languages:", False)):
            books = [
                (i, b)
                for i, b in enumerate(BOOKS)
                if (b[5] in chosen) == wanted and i not in downloading
            ]
            if not books:
                continue
            rows.append(w.text_view(heading, "divider_text", height=100))
            rows.extend(self._book_row(i, book) for i, book in books)
        listing = w.list_view(rows, rid="library_list", scroll_key="library_scroll")
        return w.linear_layout(
            [
                View(
                    cls="android.support.v4.widget.SwipeRefreshLayout",
                    resource_id="library_swiperefresh",
                    children=[listing],
                )
            ]
        )

    def _book_row(self, index: int, book: tuple[str, ...]) -> View:
        title, description, size, creator, date, language, file_name = book
        details = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(size, "size", height=40),
                        w.text_view(creator, "creator", height=40),
                        w.text_view("Kiwix", "publisher", height=40),
                    ]
                ),
                w.linear_layout(
                    [
                        w.text_view(date, "date", height=40),
                        w.text_view(language, "language", height=40),
                        w.text_view(file_name, "fileName", height=40),
                    ]
                ),
            ],
            horizontal=True,
            height=120,
        )
        return w.linear_layout(
            [
                w.image_view("favicon", width=150),
                w.linear_layout(
                    [
                        w.text_view(title, "title", height=80),
                        w.text_view(description, "description", height=80),
                        details,
                    ]
                ),
            ],
            horizontal=True,
            height=300,
            on_click=w.bind(self._download, index),
        )

    def _downloads_page(self, ctx: AppContext) -> View:
        downloads = ctx.data["downloads"]
        rows = [self._download_row(n, d) for n, d in enumerate(downloads)]
        children: list[View] = []
        if not downloads:
            children.append(w.text_view("No downloads here", "download_management_no_downloads"))
        children.append(w.list_view(rows, rid="zim_downloader_list"))
        return w.relative_layout(children)

    def _download_row(self, position: int, download: dict[str, Any]) -> View:
        title, description = BOOKS[download["book"]][:2]
        playing = download["status"] == PLAY
        return w.linear_layout(
            [
                w.image_view("favicon", width=150),
                w.linear_layout(
                    [
                        w.text_view(title, "title", height=70),
                        w.text_view(description, "description", height=70),
                        View(
                            cls="android.widget.ProgressBar",
                            resource_id="downloadProgress",
                            height=40,
                        ),
                        w.text_view("3 min left" if playing else "", "time_remaining", height=70),
                    ]
                ),
                w.linear_layout(
                    [
                        w.image_view("pause", "", w.bind(self._toggle, position), width=150),
                        w.image_view("stop", "", w.bind(self._ask_stop, position), width=150),
                    ],
                    horizontal=True,
                    width=300,
                ),
            ],
            horizontal=True,
            height=260,
        )

    def _manager_dialogs(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if not dialog:
            return []
        if dialog["kind"] == "stop":
            position = dialog["position"]
            return [
                w.confirm_dialog(
                    "Stop download?",
                    "Are you sure you want to stop this download?",
                    ("Yes", w.bind(self._stop, position)),
                    ("No", w.bind(self._keep, position)),
                    w.bind(self._keep, position),
                )
            ]
        close = w.bind(self._set_ui, dialog=None)
        chosen = ctx.data["languages"]
        selected = LANGUAGES.index(chosen[0]) if chosen else None
        return [
            w.choice_dialog(
                "Choose a language",
                LANGUAGES,
                selected,
                self._pick_language,
                close,
                negative=("OK", close),
            )
        ]

    # -- handlers ----------------------------------------------------------------------------
    @staticmethod
    def _set_ui(ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    @staticmethod
    def _open(ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(activity)

    def _get_content(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(MANAGER, {"tab": 0})

    def _choose_languages(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "language"}

    def _pick_language(self, ctx: AppContext, index: int) -> None:
        ctx.data["languages"] = [LANGUAGES[index]]

    def _download(self, ctx: AppContext, book: int) -> None:
        """``LibraryFragment.downloadFile``: the toast, the service, the Downloading tab."""
        ctx.data["downloads"].append({"book": book, "status": PLAY})
        ctx.toast("Download started…")
        ctx.ui["tab"] = 2

    def _set_play_state(self, ctx: AppContext, position: int, state: int, via: str) -> None:
        """``DownloadAdapter.setPlayState`` → ``DownloadService.pauseDownload``/``playDownload``,
        which end in ``downloadFragment.listView.invalidateViews()``."""
        ctx.data["downloads"][position]["status"] = state
        if ctx.data["service_fragment"] != "attached":
            raise _detached_list_view(via)

    def _toggle(self, ctx: AppContext, position: int) -> None:
        download = ctx.data["downloads"][position]
        state = PAUSE if download["status"] == PLAY else PLAY
        via = (
            "org.kiwix.kiwixmobile.downloader.DownloadFragment$DownloadAdapter.lambda$getView$1("
            "DownloadFragment.java:279)"
        )
        self._set_play_state(ctx, position, state, via)

    def _ask_stop(self, ctx: AppContext, position: int) -> None:
        download = ctx.data["downloads"][position]
        via = (
            "org.kiwix.kiwixmobile.downloader.DownloadFragment$DownloadAdapter.lambda$getView$4("
            "DownloadFragment.java:286)"
        )
        was_playing = download["status"] == PLAY
        self._set_play_state(ctx, position, PAUSE, via)
        ctx.ui["dialog"] = {"kind": "stop", "position": position, "resume": was_playing}

    def _stop(self, ctx: AppContext, position: int) -> None:
        del ctx.data["downloads"][position]
        ctx.ui["dialog"] = None

    def _keep(self, ctx: AppContext, position: int) -> None:
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        if dialog and dialog.get("resume"):
            ctx.data["downloads"][position]["status"] = PLAY
