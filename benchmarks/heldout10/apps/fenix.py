"""Fenix (mozilla-mobile/fenix), Mozilla's Android browser, in two versions: ``Fenix``, Firefox
Preview Nightly of 30 August 2019 (version name 1.0.1935, package ``org.mozilla.fenix.nightly``,
launcher label "Firefox Nightly"), with bug fenix#5031; and ``Fenix89``, Firefox for Android
89.1.1 (package ``org.mozilla.firefox``, label "Firefox"), with bug fenix#19993.

== Fenix 1.0.1935 (fenix#5031) ==

Sources read: mozilla-mobile/fenix at ac950f6b975caeadf6fd5c0cc777b17bf5ca8ae5 (2019-08-30, the
parent of the fix 709588572a7d10c08aef1dfcbec51e4a08d8f3f0, "For #5055: Crash when opening
bookmarks (#5058)"): ``fragment_home.xml``, the onboarding layouts, ``HomeMenu.kt``,
``fragment_search.xml``, ``BrowserFragment.kt`` (``bookmarkTapped``: the bookmark is saved to
the Mobile root, then a ``FenixSnackbar`` "Bookmark saved!" with the action "EDIT" navigates to
the edit fragment), ``layout_quick_action_sheet.xml``/``QuickActionSheet*.kt``,
``DefaultToolbarMenu.kt``, ``LibraryFragment.kt``/``fragment_library.xml``,
``EditBookmarkFragment.kt``/``fragment_edit_bookmark.xml``, ``BookmarkFragment.kt``,
``CreateCollectionFragment.kt`` and ``values/strings.xml``.

Bug fenix#5031 (crash): the bookmark fragments (``EditBookmarkFragment``, ``BookmarkFragment``)
obtain ``BookmarksSharedViewModel`` with ``by activityViewModels()`` and no factory, so
androidx's default ``SavedStateViewModelFactory`` (fragment 1.2.0-alpha02 / lifecycle
2.2.0-alpha03) creates it. Its ``create`` registers ``AbstractSavedStateViewModelFactory
$OnRecreation`` with ``SavedStateRegistry.runOnNextRecreation``, which looks the class's no-arg
constructor up by reflection; the newer R8 taken in on 2019-08-29 (66b2969077) strips that
constructor from the nightly build, so the lookup fails and ``runOnNextRecreation`` throws
``IllegalArgumentException`` (the message below is the one Sentry recorded, fenix#5036). The
edit fragment first touches the view model in ``onResume``'s IO coroutine (line 81), so it dies
on a ``DefaultDispatcher`` worker; the bookmark list touches it in ``onCreateView`` (line 90) on
the main thread. ``CreateCollectionFragment`` ("Save to Collection") used the same default
factory and crashes the same way (modelled, but not this bug: the oracle asks that a bookmark
fragment was being shown). The fix gives each ``activityViewModels`` a
``ViewModelProvider.NewInstanceFactory()``.

Modelled: the home screen with the first-run onboarding cards (until "Start browsing"), its
menu (Settings, Your Library, Help), the search screen's editable toolbar, the browser screen
(page text, the quick action sheet and its handle, the bottom toolbar and its menu), the
"Bookmark saved!" snackbar, Library (Bookmarks, History) and the crashing fragments.
Stubbed: Settings, Help, History, Share, Find in page and the other menu entries (a titled
screen or nothing), the tab counter, the awesomebar's suggestions, sign-in (never needed).
Network content replaced by fixed data: a page's title is "Example Domain" for example.com and
its host name otherwise; text that is not an address becomes a Google search URL.
Uncertain: the framework and kotlinx line numbers in the stack, the browser menu row id
(``title``), the menu's order (the bottom toolbar's menu may be drawn reversed) and whether the
quick action buttons are reachable while the sheet is collapsed (modelled: only when expanded).

== Fenix 89.1.1 (fenix#19993) ==

Sources read: mozilla-mobile/fenix at tag v89.1.1 (edea181c543ffee077bb3ca52830ba8d320358b2,
2021-05-28): ``DefaultToolbarMenu.kt`` (the new three-dot menu, ``FeatureFlags
.toolbarMenuFeature`` on: "Bookmarks" with its Add/Edit button), ``BaseBrowserFragment
.bookmarkTapped``, ``EditBookmarkFragment.kt``/``fragment_edit_bookmark.xml``/
``bookmarks_edit.xml``, ``SelectBookmarkFolderFragment.kt``/``SelectBookmarkFolderAdapter.kt``,
``BookmarkController.kt``, ``BookmarksSharedViewModel.kt``, ``DesktopFolders.kt``,
``Utils.kt`` (root titles), ``fragment_home.xml``, ``HomeMenu.kt``, ``library_site_item.xml``
and ``values/strings.xml``. No fix was made (closed as wontfix).

Bug fenix#19993 (non-crash): ``BookmarksSharedViewModel.selectedFolder`` is scoped to the
activity and outlives each edit. The edit screen shows, and Save writes, ``selectedFolder ?:
node.parentGuid``; the folder list's tap (``toggleSelection``) and the bookmark list's loading
of a folder (``BookmarkController.handleBookmarkChanged``/``handleBookmarkExpand``) set it, and
only a tap on the edit screen's folder selector clears it. So after a folder was picked for one
bookmark (or a folder was browsed in the bookmark list), the next bookmark edited in the same
activity shows that folder, and saving moves the bookmark there. Kept in ``ctx.memory`` (a new
activity or process starts with none). The oracle reads ``data["edit_screen"]`` (what the edit
screen shows against where the bookmark is) and ``data["moved_unpicked"]`` (a save that moved a
bookmark into a folder not picked while editing it).

Modelled: the home screen (a shortened set of first-run cards until "Start browsing", its
bottom bar and menu), the search screen, one browser tab with its bottom toolbar, the three-dot
menu, the "Bookmark saved!" snackbar, the edit and select-folder screens, the bookmark list (its
folders, rows and their overflow menu's Edit). Stubbed: History, Downloads, Settings, the other
menu entries (close the menu), tabs (one tab; "New tab" opens the search screen), copy/share/
open/delete of a bookmark row, the toolbar-placement and tracking-protection onboarding cards.
Fixed data: pages as for fenix#5031. Uncertain: the ids of the browser menu's rows (``text``,
``label``, ``checkbox`` for the Add/Edit button) and the tab counter's content description.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import Handler, Screen, View, Window

PKG = "org.mozilla.fenix.nightly"
HOME_ACTIVITY = "org.mozilla.fenix.HomeActivity"
APP_NAME = "Firefox Nightly"
API = 28

URL_EDIT = "mozac_browser_toolbar_edit_url_view"
CRASH_CLASS = "java.lang.IllegalArgumentException"
CRASH_MESSAGE = (
    "ClassAbstractSavedStateViewModelFactory$OnRecreation must have default constructor "
    "in order to be automatically recreated"
)
BOOKMARK_FRAGMENTS = ("bookmarkEditFragment", "bookmarkFragment")

_VIEWMODEL_FRAMES = [
    "androidx.savedstate.SavedStateRegistry.runOnNextRecreation(SavedStateRegistry.java:176)",
    "androidx.lifecycle.AbstractSavedStateViewModelFactory.create("
    "AbstractSavedStateViewModelFactory.java:71)",
    "androidx.lifecycle.ViewModelProvider.get(ViewModelProvider.java:177)",
    "androidx.lifecycle.ViewModelProvider.get(ViewModelProvider.java:145)",
    "androidx.lifecycle.ViewModelLazy.getValue(ViewModelProvider.kt:54)",
    "androidx.lifecycle.ViewModelLazy.getValue(ViewModelProvider.kt:41)",
]
_WORKER_FRAMES = [
    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
    "kotlinx.coroutines.DispatchedTask.run(Dispatched.kt:241)",
    "kotlinx.coroutines.scheduling.CoroutineScheduler.runSafely(CoroutineScheduler.kt:594)",
    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.executeTask(CoroutineScheduler.kt:60)",
    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.runWorker(CoroutineScheduler.kt:740)",
]
# A Runnable posted to the main thread (the fragment transaction) on Android 9 (API 28), whose
# framework lines device_agent.virtual.stacks does not list.
_CALLBACK_FRAMES = [
    "android.os.Handler.handleCallback(Handler.java:873)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loop(Looper.java:193)",
    "android.app.ActivityThread.main(ActivityThread.java:6669)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:493)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:858)",
]
_CREATE_VIEW_FRAMES = [
    "androidx.fragment.app.Fragment.performCreateView(Fragment.java:2600)",
    "androidx.fragment.app.FragmentManagerImpl.moveToState(FragmentManagerImpl.java:881)",
    "androidx.fragment.app.FragmentManagerImpl.executeOpsTogether(FragmentManagerImpl.java:2100)",
    "androidx.fragment.app.FragmentManagerImpl.execPendingActions(FragmentManagerImpl.java:1756)",
    "androidx.fragment.app.FragmentManagerImpl$1.run(FragmentManagerImpl.java:131)",
]


def bookmark_fragment_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of fenix#5031: the app died creating the bookmarks' shared view model while
    a bookmark fragment (edit or list) was being shown."""
    return data.get("nav_destination") in BOOKMARK_FRAGMENTS and crashed(
        system, PKG, CRASH_CLASS, "must have default constructor"
    )


def _browser_toolbar(children: list[View]) -> View:
    """The browser's address bar (mozilla.components BrowserToolbar)."""
    return View(
        cls="mozilla.components.browser.toolbar.BrowserToolbar",
        resource_id="toolbar",
        layout="horizontal",
        height=147,
        children=children,
    )


def _browser_layout(column: list[View]) -> View:
    """The browser fragment's root: ``column`` in its CoordinatorLayout."""
    return View(
        cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
        resource_id="browserLayout",
        children=[w.linear_layout(column)],
    )


def _saved_snackbar(edit: Handler) -> View:
    """The "Bookmark saved!" snackbar, its EDIT action calling ``edit``."""
    return w.linear_layout(
        [
            w.text_view("Bookmark saved!", "snackbar_text"),
            w.button("snackbar_btn", "EDIT", edit, width=260),
        ],
        horizontal=True,
        height=150,
    )


def _page_for(text: str) -> tuple[str, str]:
    """The URL and title a typed text loads (fixed data instead of the network)."""
    text = text.strip()
    if "." in text and " " not in text:
        url = text if "://" in text else f"https://{text}"
        host = url.split("://", 1)[1].split("/", 1)[0]
        bare = host.removeprefix("www.")
        title = "Example Domain" if bare == "example.com" else bare
        return url, title
    return f"https://www.google.com/search?q={text.replace(' ', '+')}", f"{text} - Google Search"


class _FenixBase(VirtualApp):
    """What both Fenix versions below share: the app bar, stub screens, the menu flag, the typed
    address and onboarding."""

    def _pop(self, ctx: AppContext) -> bool:
        raise NotImplementedError

    def _pop_handler(self, ctx: AppContext) -> None:
        self._pop(ctx)

    def _app_bar(self, title: str, actions: list[View] | None = None) -> View:
        return w.toolbar(
            title,
            navigation=w.up_button(self._pop_handler),
            actions=actions or [],
            rid="navigationToolbar",
        )

    def _stub(self, title: str) -> Screen:
        return Screen(
            content=w.linear_layout([self._app_bar(title), View(cls="android.view.View")])
        )

    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    def _menu_noop(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    def _type_url(self, ctx: AppContext, text: str) -> None:
        ctx.ui["url_text"] = text

    def _finish_onboarding(self, ctx: AppContext) -> None:
        ctx.data["onboarded"] = True


class Fenix(_FenixBase):
    """Firefox Preview Nightly 1.0.1935 (30 August 2019): one activity, fragments in a stack."""

    name: ClassVar[str] = "fenix"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.0.1935"
    launch_activity: ClassVar[str] = HOME_ACTIVITY
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "fenix#5031",
            "crash",
            "[Bug] App crashes when editing a bookmark",
            bookmark_fragment_crashed,
            human_steps=(
                click(PKG, "toolbar", "Search or enter address"),
                input_text(PKG, URL_EDIT, "example.com"),
                {"kind": "press_enter"},
                click(PKG, "quick_action_sheet_handle", desc="Quick actions"),
                click(PKG, "quick_action_bookmark", "Bookmark"),
                click(PKG, "snackbar_btn", "EDIT"),
            ),
        ),
    )

    # -- state -------------------------------------------------------------------------------
    def initial_data(self) -> dict[str, Any]:
        return {
            "onboarded": False,
            "tabs": [],  # {"url", "title"}
            "selected_tab": -1,
            "bookmarks": [],  # {"guid", "url", "title", "parent"}
            "nav_destination": "homeFragment",
        }

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", ["homeFragment"])
        ctx.ui.setdefault("menu", False)
        ctx.ui.setdefault("sheet_expanded", False)
        ctx.ui.setdefault("snackbar", "")
        ctx.ui.setdefault("url_text", "")
        ctx.data["nav_destination"] = ctx.ui["stack"][-1]

    def _top(self, ctx: AppContext) -> str:
        return str(ctx.ui["stack"][-1])

    def _navigate(self, ctx: AppContext, destination: str, **args: Any) -> None:
        ctx.ui["menu"] = False
        ctx.ui["snackbar"] = ""
        ctx.ui["stack"].append(destination)
        ctx.ui.update(args)
        ctx.data["nav_destination"] = destination
        if destination == "bookmarkEditFragment":
            self._edit_bookmark_resumed(ctx)
        elif destination == "bookmarkFragment":
            self._bookmarks_view_created(ctx)
        elif destination == "createCollectionFragment":
            self._create_collection_view_created(ctx)

    def _pop(self, ctx: AppContext) -> bool:
        ctx.ui["snackbar"] = ""
        if not w.pop_back_stack(ctx.ui["stack"]):
            return False
        ctx.data["nav_destination"] = self._top(ctx)
        return True

    # -- the bug: the shared view model's default factory ---------------------------------------
    def _shared_view_model(self, ctx: AppContext, owner_frames: list[str], thread: str) -> None:
        """``by activityViewModels()`` creating the view model with the default factory: the
        R8-stripped ``OnRecreation`` constructor makes the registry throw."""
        raise JavaException(
            CRASH_CLASS,
            CRASH_MESSAGE,
            _VIEWMODEL_FRAMES + owner_frames,
            cause=JavaException(
                "java.lang.NoSuchMethodException",
                "<init> []",
                [
                    "java.lang.Class.getConstructor0(Class.java:2327)",
                    "java.lang.Class.getDeclaredConstructor(Class.java:2166)",
                    "androidx.savedstate.SavedStateRegistry.runOnNextRecreation"
                    "(SavedStateRegistry.java:174)",
                ],
            ),
            thread=thread,
        )

    def _edit_bookmark_resumed(self, ctx: AppContext) -> None:
        # onResume: lifecycleScope.launch(IO) { ... bookmarkParent = sharedViewModel.selectedFolder
        owner = [
            "org.mozilla.fenix.library.bookmarks.edit.EditBookmarkFragment.getSharedViewModel"
            "(Unknown Source:2)",
            "org.mozilla.fenix.library.bookmarks.edit.EditBookmarkFragment$onResume$1"
            ".invokeSuspend(EditBookmarkFragment.kt:81)",
            *_WORKER_FRAMES,
        ]
        self._shared_view_model(ctx, owner, "DefaultDispatcher-worker-2")

    def _bookmarks_view_created(self, ctx: AppContext) -> None:
        owner = [
            "org.mozilla.fenix.library.bookmarks.BookmarkFragment.getSharedViewModel"
            "(Unknown Source:2)",
            "org.mozilla.fenix.library.bookmarks.BookmarkFragment.onCreateView"
            "(BookmarkFragment.kt:90)",
            *_CREATE_VIEW_FRAMES,
            *_CALLBACK_FRAMES,
        ]
        self._shared_view_model(ctx, owner, "main")

    def _create_collection_view_created(self, ctx: AppContext) -> None:
        owner = [
            "org.mozilla.fenix.collections.CreateCollectionFragment.getViewModel(Unknown Source:2)",
            "org.mozilla.fenix.collections.CreateCollectionFragment.onCreateView"
            "(CreateCollectionFragment.kt:53)",
            *_CREATE_VIEW_FRAMES,
            *_CALLBACK_FRAMES,
        ]
        self._shared_view_model(ctx, owner, "main")

    # -- handlers ------------------------------------------------------------------------------
    def _open_search(self, ctx: AppContext) -> None:
        ctx.ui["url_text"] = ""
        self._navigate(ctx, "searchFragment")

    def _clear_url(self, ctx: AppContext) -> None:
        ctx.ui["url_text"] = ""

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if self._top(ctx) != "searchFragment" or key != "enter":
            return False
        text = str(ctx.ui["url_text"]).strip()
        if not text:
            return True
        url, title = _page_for(text)
        ctx.data["tabs"].append({"url": url, "title": title})
        ctx.data["selected_tab"] = len(ctx.data["tabs"]) - 1
        ctx.ui["url_text"] = ""
        ctx.ui["sheet_expanded"] = False
        ctx.hide_keyboard()
        ctx.ui["stack"][-1] = "browserFragment"
        ctx.data["nav_destination"] = "browserFragment"
        return True

    def _session(self, ctx: AppContext) -> dict[str, Any] | None:
        index = ctx.data["selected_tab"]
        tabs = ctx.data["tabs"]
        return tabs[index] if 0 <= index < len(tabs) else None

    def _bookmark_for(self, ctx: AppContext, url: str) -> dict[str, Any] | None:
        return next((b for b in ctx.data["bookmarks"] if b["url"] == url), None)

    def _toggle_sheet(self, ctx: AppContext) -> None:
        ctx.ui["sheet_expanded"] = not ctx.ui["sheet_expanded"]

    def _bookmark_tapped(self, ctx: AppContext) -> None:
        session = self._session(ctx)
        if session is None:
            return
        existing = self._bookmark_for(ctx, session["url"])
        if existing is not None:  # bookmark exists: go to the edit fragment
            self._navigate(ctx, "bookmarkEditFragment", guid=existing["guid"])
            return
        guid = f"bm{len(ctx.data['bookmarks']) + 1}"
        ctx.data["bookmarks"].append(
            {"guid": guid, "url": session["url"], "title": session["title"], "parent": "mobile"}
        )
        ctx.ui["snackbar"] = guid

    def _snackbar_edit(self, ctx: AppContext) -> None:
        guid = ctx.ui["snackbar"]
        self._navigate(ctx, "bookmarkEditFragment", guid=guid)

    def _menu_to(self, destination: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui["menu"] = False
            self._navigate(ctx, destination)

        return handler

    def _menu_new_tab(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.ui["stack"] = ["homeFragment"]
        ctx.data["nav_destination"] = "homeFragment"
        self._open_search(ctx)

    def _select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.data["selected_tab"] = index
        ctx.ui["sheet_expanded"] = False
        self._navigate(ctx, "browserFragment")

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu"):
            return True
        if self._top(ctx) == "browserFragment" and w.dismiss(ctx.ui, "sheet_expanded"):
            return True
        return self._pop(ctx)

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = self._top(ctx)
        if top == "searchFragment":
            return self._search(ctx)
        if top == "browserFragment":
            return self._browser(ctx)
        if top == "libraryFragment":
            return self._library(ctx)
        if top in ("homeFragment",):
            return self._home(ctx)
        titles = {
            "settingsFragment": "Settings",
            "historyFragment": "History",
            "helpFragment": "Help",
        }
        return self._stub(titles.get(top, top))

    def _home_menu(self) -> Window:
        return w.menu_window(
            [
                ("Settings", self._menu_to("settingsFragment")),
                ("Your Library", self._menu_to("libraryFragment")),
                ("Help", self._menu_to("helpFragment")),
            ],
            self._close_menu,
        )

    def _onboarding(self) -> list[View]:
        return [
            w.frame_layout(
                [w.text_view(f"Welcome to {APP_NAME}!", "header_text", height=200)],
                rid="onboarding_header",
                height=200,
            ),
            w.text_view("Already have an account?", "section_header_text"),
            w.linear_layout(
                [
                    w.text_view(f"Get the most out of {APP_NAME}.", "header_text"),
                    w.button("turn_on_sync_button", "Sign in to Firefox", None),
                ],
                rid="onboarding_card",
                weight=0,
            ),
            w.text_view(f"Get to know {APP_NAME}", "section_header_text"),
            w.linear_layout(
                [
                    w.text_view("Choose your theme", "header_text"),
                    w.text_view(
                        "Try dark theme: easier on your battery and your eyes.",
                        "description_text",
                    ),
                    w.radio_button("theme_light_radio_button", "", False, None),
                    w.radio_button("theme_dark_radio_button", "", False, None),
                    w.radio_button("theme_automatic_radio_button", "", True, None),
                ],
                rid="onboarding_card",
                weight=0,
            ),
            w.linear_layout(
                [
                    w.text_view("Protect yourself", "header_text"),
                    View(
                        cls="android.widget.Switch",
                        resource_id="tracking_protection_toggle",
                        checkable=True,
                        checked=True,
                    ),
                ],
                rid="onboarding_card",
                weight=0,
            ),
            w.text_view("Browse privately", "header_text"),
            w.text_view("Your privacy", "header_text"),
            w.button("finish_button", "Start browsing", self._finish_onboarding),
        ]

    def _home_list(self, ctx: AppContext) -> list[View]:
        if not ctx.data["onboarded"]:
            return self._onboarding()
        rows: list[View] = [
            w.relative_layout(
                [
                    w.text_view("Open tabs", "header_text"),
                    w.image_button("add_tab_button", "Add tab", self._open_search, width=147),
                    w.image_button("tabs_overflow_button", "Open tabs menu", None, width=147),
                ],
                rid="tabs_header",
                height=147,
            )
        ]
        for i, tab in enumerate(ctx.data["tabs"]):
            rows.append(
                w.list_row(
                    tab["title"],
                    tab["url"],
                    on_click=w.bind(self._select_tab, i),
                    title_rid="tab_title",
                    subtitle_rid="hostname",
                    rid="tab_item",
                )
            )
        rows.append(w.text_view("Collections", "collections_header"))
        rows.append(w.text_view("No collections", "no_content_header"))
        rows.append(w.text_view("Your collections will be shown here.", "no_content_description"))
        return rows

    def _home(self, ctx: AppContext) -> Screen:
        top_bar = w.linear_layout(
            [
                w.image_button("privateBrowsingButton", "Enable private browsing", None),
                View(cls="android.view.View"),
                w.image_button("menuButton", "More options", self._open_menu, width=147),
            ],
            horizontal=True,
            height=147,
        )
        search = View(
            cls="android.widget.LinearLayout",
            resource_id="toolbar_wrapper",
            content_desc="Search or enter address",
            on_click=self._open_search,
            layout="horizontal",
            height=147,
            children=[
                w.image_view("search_engine_icon", width=120),
                w.text_view("Search or enter address", "toolbar", height=147),
            ],
        )
        content = w.linear_layout(
            [
                top_bar,
                w.image_view("wordmark", APP_NAME, height=200),
                search,
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="sessionControlRecyclerView",
                    scrollable=True,
                    scroll_key="home_scroll",
                    children=self._home_list(ctx),
                ),
            ],
            rid="homeLayout",
        )
        windows = [self._home_menu()] if ctx.ui["menu"] else []
        return Screen(content=content, windows=windows)

    def _search(self, ctx: AppContext) -> Screen:
        text = str(ctx.ui["url_text"])
        edit_row: list[View] = [
            w.edit_text(URL_EDIT, text, self._type_url, hint="Search or enter address"),
        ]
        if text:
            edit_row.append(
                w.image_button("mozac_browser_toolbar_clear_view", "Clear", self._clear_url)
            )
        bar = _browser_toolbar(edit_row)
        content = w.linear_layout(
            [
                w.linear_layout(
                    [w.image_view("searchEngineIcon", width=120), bar],
                    rid="toolbar_wrapper",
                    horizontal=True,
                    height=147,
                ),
                View(cls="android.view.View"),
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.ToggleButton",
                            resource_id="searchScanButton",
                            text="Scan",
                            checkable=True,
                        ),
                        View(
                            cls="android.widget.ToggleButton",
                            resource_id="searchShortcutsButton",
                            text="Shortcuts",
                            checkable=True,
                        ),
                    ],
                    rid="pillWrapper",
                    horizontal=True,
                    height=140,
                ),
            ],
            rid="search_layout",
        )
        return Screen(content=content)

    def _browser_menu(self) -> Window:
        rows = [
            ("Help", self._menu_to("helpFragment")),
            ("Settings", self._menu_to("settingsFragment")),
            ("Your Library", self._menu_to("libraryFragment")),
            ("Desktop site", self._menu_noop),
            ("Add to Home screen", self._menu_noop),
            ("Find in page", self._menu_noop),
            ("Private tab", self._menu_new_tab),
            ("New tab", self._menu_new_tab),
            ("Share", self._menu_noop),
            ("Report site issue", self._menu_noop),
            ("Save to Collection", self._menu_to("createCollectionFragment")),
        ]
        nav_row = w.linear_layout(
            [
                w.image_button("", "Back", None, enabled=False),
                w.image_button("", "Forward", None, enabled=False),
                w.image_button("", "Refresh", self._menu_noop),
            ],
            horizontal=True,
            height=147,
        )
        listing = w.popup_menu(rows)
        listing.children.append(nav_row)
        return Window(root=listing, kind="menu", on_dismiss=self._close_menu)

    def _browser(self, ctx: AppContext) -> Screen:
        session = self._session(ctx) or {"url": "", "title": ""}
        bookmarked = self._bookmark_for(ctx, session["url"]) is not None
        engine = View(
            cls="android.widget.FrameLayout",
            resource_id="engineView",
            children=[w.text_view(session["title"], height=200)],
        )
        sheet_children: list[View] = [
            w.image_button(
                "quick_action_sheet_handle", "Quick actions", self._toggle_sheet, height=80
            )
        ]
        if ctx.ui["sheet_expanded"]:
            sheet_children.append(
                w.linear_layout(
                    [
                        w.button("quick_action_share", "Share", None),
                        w.button(
                            "quick_action_bookmark",
                            "Edit Bookmark" if bookmarked else "Bookmark",
                            self._bookmark_tapped,
                            selected=bookmarked,
                        ),
                    ],
                    rid="quick_action_buttons_layout",
                    horizontal=True,
                    height=200,
                )
            )
        sheet = View(
            cls="androidx.core.widget.NestedScrollView",
            resource_id="nestedScrollQuickAction",
            weight=0,
            children=[w.linear_layout(sheet_children, rid="quick_action_sheet", weight=0)],
        )
        toolbar = _browser_toolbar(
            [
                w.text_view(
                    session["url"], "mozac_browser_toolbar_url_view", on_click=self._open_search
                ),
                w.image_button("mozac_browser_toolbar_menu", "Menu", self._open_menu, width=147),
            ]
        )
        column: list[View] = [
            View(
                cls="androidx.swiperefreshlayout.widget.SwipeRefreshLayout",
                resource_id="swipeRefresh",
                children=[engine],
            ),
        ]
        if ctx.ui["snackbar"]:
            column.append(_saved_snackbar(self._snackbar_edit))
        column += [sheet, toolbar]
        content = _browser_layout(column)
        windows = [self._browser_menu()] if ctx.ui["menu"] else []
        return Screen(content=content, windows=windows)

    def _library(self, ctx: AppContext) -> Screen:
        def item(rid: str, title: str, destination: str) -> View:
            return View(
                cls="org.mozilla.fenix.library.LibraryListItem",
                resource_id=rid,
                content_desc=title if rid == "libraryBookmarks" else "",
                on_click=self._menu_to(destination),
                layout="horizontal",
                height=168,
                children=[
                    w.image_view("libraryIcon", width=147),
                    w.text_view(title, "libraryItemTitle"),
                ],
            )

        close = w.action_item("libraryClose", "Close", self._pop_handler)
        content = w.linear_layout(
            [
                w.toolbar("Library", actions=[close], rid="navigationToolbar"),
                w.scroll_view(
                    [
                        w.linear_layout(
                            [
                                item("libraryBookmarks", "Bookmarks", "bookmarkFragment"),
                                item("libraryHistory", "History", "historyFragment"),
                            ],
                            weight=0,
                        )
                    ]
                ),
            ]
        )
        del ctx
        return Screen(content=content)


# -- Firefox for Android 89.1.1 (fenix#19993) ------------------------------------------------
PKG89 = "org.mozilla.firefox"
MOBILE = "mobile______"
FOLDERS89 = (  # the select-folder list: (guid, title, depth) as DesktopFolders restructures it
    (MOBILE, "Bookmarks", 0),
    ("menu________", "Bookmarks Menu", 1),
    ("toolbar_____", "Bookmarks Toolbar", 1),
    ("unfiled_____", "Other Bookmarks", 1),
)
FOLDER_TITLES = {guid: title for guid, title, _ in FOLDERS89}
FOLDER_TITLES["root________"] = "Desktop Bookmarks"


def edit_shows_wrong_folder(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of fenix#19993: an edit-bookmark screen shows (and would save) a folder the
    bookmark is not in and that was not picked while editing it, or a save moved a bookmark
    into such a folder."""
    edit = data.get("edit_screen") or {}
    shown_wrong = bool(edit) and not edit["picked_here"] and edit["shown"] != edit["stored"]
    return shown_wrong or bool(data.get("moved_unpicked"))


class Fenix89(_FenixBase):
    """Firefox for Android 89.1.1 (Fenix, the new three-dot menu, bottom toolbar)."""

    name: ClassVar[str] = "fenix"
    package: ClassVar[str] = PKG89
    label: ClassVar[str] = "Firefox"
    version: ClassVar[str] = "89.1.1"
    launch_activity: ClassVar[str] = "org.mozilla.firefox.App"
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "fenix#19993",
            "non-crash",
            "[Bug] Bookmarks get the last used folder as parent in edit mode",
            edit_shows_wrong_folder,
            human_steps=(
                click(PKG89, "toolbar", "Search or enter address"),
                input_text(PKG89, URL_EDIT, "example.com"),
                {"kind": "press_enter"},
                click(PKG89, "mozac_browser_toolbar_menu", desc="Menu"),
                click(PKG89, "checkbox", "Add"),
                click(PKG89, "snackbar_btn", "EDIT"),
                click(PKG89, "bookmarkParentFolderSelector", "Bookmarks"),
                click(PKG89, "title", "Bookmarks Menu"),
                click(PKG89, desc="Navigate up"),
                click(PKG89, "save_bookmark_button", desc="Save"),
                click(PKG89, "mozac_browser_toolbar_url_view", "https://example.com"),
                input_text(PKG89, URL_EDIT, "mozilla.org"),
                {"kind": "press_enter"},
                click(PKG89, "mozac_browser_toolbar_menu", desc="Menu"),
                click(PKG89, "checkbox", "Add"),
                click(PKG89, "snackbar_btn", "EDIT"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "onboarded": False,
            "tab": None,  # {"url", "title"}
            "bookmarks": [],  # {"guid", "url", "title", "parent"}
            "edit_screen": None,  # what the edit-bookmark screen shows: guid, stored, shown
            "moved_unpicked": [],
        }

    def on_create(self, ctx: AppContext) -> None:
        if "stack" not in ctx.ui:  # a new activity: its activity-scoped view models are new too
            ctx.memory.pop("selected_folder", None)
        ctx.ui.setdefault("stack", [{"dest": "home"}])
        for key, value in (("menu", False), ("snackbar", ""), ("url_text", ""), ("row_menu", "")):
            ctx.ui.setdefault(key, value)
        self._sync_edit_screen(ctx)

    # -- navigation ------------------------------------------------------------------------------
    def _top(self, ctx: AppContext) -> dict[str, Any]:
        top: dict[str, Any] = ctx.ui["stack"][-1]
        return top

    def _navigate(self, ctx: AppContext, dest: str, **args: Any) -> None:
        ctx.ui["menu"] = False
        ctx.ui["snackbar"] = ""
        ctx.ui["row_menu"] = ""
        ctx.ui["stack"].append({"dest": dest, **args})
        if dest == "bookmarks":  # BookmarkController.handleBookmarkChanged on the loaded root
            ctx.memory["selected_folder"] = args["folder"]
        self._sync_edit_screen(ctx)

    def _pop(self, ctx: AppContext) -> bool:
        ctx.ui["snackbar"] = ""
        ctx.ui["row_menu"] = ""
        if not w.pop_back_stack(ctx.ui["stack"]):
            return False
        self._sync_edit_screen(ctx)
        return True

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "row_menu", ""):
            return True
        return self._pop(ctx)

    # -- bookmarks ---------------------------------------------------------------------------
    def _bookmark(self, ctx: AppContext, guid: str) -> dict[str, Any] | None:
        return next((b for b in ctx.data["bookmarks"] if b["guid"] == guid), None)

    def _shown_parent(self, ctx: AppContext, node: dict[str, Any]) -> str:
        """EditBookmarkFragment: the user-selected folder if the shared view model holds one,
        else the node's own parent."""
        selected = ctx.memory.get("selected_folder")
        return str(selected) if selected is not None else str(node["parent"])

    def _sync_edit_screen(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        node = self._bookmark(ctx, top.get("guid", "")) if top["dest"] == "edit" else None
        if node is None:
            ctx.data["edit_screen"] = None
            return
        ctx.data["edit_screen"] = {
            "guid": node["guid"],
            "stored": node["parent"],
            "shown": self._shown_parent(ctx, node),
            "picked_here": bool(top.get("picked")),
        }

    def _open_edit(self, ctx: AppContext, guid: str) -> None:
        self._navigate(ctx, "edit", guid=guid, picked=False, name=None, url=None)

    def _menu_bookmark(self, ctx: AppContext) -> None:
        """handleBookmarkItemTapped, then BaseBrowserFragment.bookmarkTapped."""
        ctx.ui["menu"] = False
        tab = ctx.data["tab"]
        if tab is None:
            return
        existing = next((b for b in ctx.data["bookmarks"] if b["url"] == tab["url"]), None)
        if existing is not None:
            self._open_edit(ctx, existing["guid"])
            return
        guid = f"bookmark{len(ctx.data['bookmarks']) + 1:04d}"
        ctx.data["bookmarks"].append(
            {"guid": guid, "url": tab["url"], "title": tab["title"], "parent": MOBILE}
        )
        ctx.ui["snackbar"] = guid

    def _snackbar_edit(self, ctx: AppContext) -> None:
        self._open_edit(ctx, ctx.ui["snackbar"])

    def _folder_selector(self, ctx: AppContext) -> None:
        ctx.memory["selected_folder"] = None
        top = self._top(ctx)
        top["picked"] = False
        self._navigate(ctx, "select_folder")

    def _toggle_folder(self, ctx: AppContext, guid: str) -> None:
        selected = ctx.memory.get("selected_folder")
        ctx.memory["selected_folder"] = None if selected == guid else guid
        stack = ctx.ui["stack"]
        if len(stack) > 1 and stack[-2]["dest"] == "edit":
            stack[-2]["picked"] = True

    def _type_name(self, ctx: AppContext, text: str) -> None:
        self._top(ctx)["name"] = text

    def _type_bookmark_url(self, ctx: AppContext, text: str) -> None:
        self._top(ctx)["url"] = text

    def _save(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        node = self._bookmark(ctx, top["guid"])
        if node is None:
            return
        selected = ctx.memory.get("selected_folder")
        parent = selected if selected is not None else node["parent"]
        if parent != node["parent"] and not top.get("picked"):
            ctx.data["moved_unpicked"].append({"guid": node["guid"], "to": parent})
        node["parent"] = parent
        if top.get("name"):
            node["title"] = top["name"]
        if top.get("url"):
            node["url"] = top["url"]
        self._pop(ctx)

    def _delete(self, ctx: AppContext) -> None:
        guid = self._top(ctx)["guid"]
        ctx.data["bookmarks"] = [b for b in ctx.data["bookmarks"] if b["guid"] != guid]
        self._pop(ctx)

    # -- search and browser --------------------------------------------------------------------
    def _open_search(self, ctx: AppContext) -> None:
        tab = ctx.data["tab"]
        from_browser = self._top(ctx)["dest"] == "browser" and tab is not None
        ctx.ui["url_text"] = tab["url"] if from_browser else ""
        self._navigate(ctx, "search")

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if self._top(ctx)["dest"] != "search" or key != "enter":
            return False
        text = str(ctx.ui["url_text"]).strip()
        if not text:
            return True
        url, title = _page_for(text)
        ctx.data["tab"] = {"url": url, "title": title}
        ctx.ui["url_text"] = ""
        ctx.hide_keyboard()
        stack = ctx.ui["stack"]
        stack.pop()
        if stack[-1]["dest"] != "browser":
            stack.append({"dest": "browser"})
        self._sync_edit_screen(ctx)
        return True

    def _menu_to(self, dest: str, **args: Any) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui["menu"] = False
            self._navigate(ctx, dest, **args)

        return handler

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        dest = self._top(ctx)["dest"]
        if dest == "home":
            return self._home(ctx)
        if dest == "search":
            return self._search(ctx)
        if dest == "browser":
            return self._browser(ctx)
        if dest == "edit":
            return self._edit(ctx)
        if dest == "select_folder":
            return self._select_folder(ctx)
        if dest == "bookmarks":
            return self._bookmarks(ctx)
        titles = {"history": "History", "downloads": "Downloads", "settings": "Settings"}
        return self._stub(titles.get(dest, dest))

    def _bottom_menu_window(self, rows: list[View]) -> Window:
        return Window(
            root=View(cls="android.widget.ListView", weight=0, children=rows),
            kind="menu",
            on_dismiss=self._close_menu,
        )

    def _menu_row(self, title: str, handler: Any) -> View:
        return w.linear_layout(
            [w.text_view(title, "text", height=126)],
            on_click=handler,
            height=126,
        )

    def _home(self, ctx: AppContext) -> Screen:
        if not ctx.data["onboarded"]:
            cards: list[View] = [
                w.text_view("Welcome to Firefox!", "header_text", height=200),
                w.text_view("Already have an account?", "section_header_text"),
                w.text_view("Get the most out of Firefox.", "header_text"),
                w.button("fxa_sign_in_button", "Sign in to Firefox", None),
                w.text_view("Choose your theme", "header_text"),
                w.text_view("Browse privately", "header_text"),
                w.text_view("Your privacy", "header_text"),
                w.button("finish_button", "Start browsing", self._finish_onboarding),
            ]
        else:
            cards = [w.text_view("Collections", "collections_header")]
        bar = w.linear_layout(
            [
                View(
                    cls="android.widget.FrameLayout",
                    resource_id="toolbar_wrapper",
                    content_desc="Search or enter address",
                    on_click=self._open_search,
                    children=[w.text_view("Search or enter address", "toolbar", height=147)],
                ),
                w.image_button("tab_button", "Tabs", None, width=147),
                w.image_button("menuButton", "Menu", self._open_menu, width=147),
            ],
            rid="toolbarLayout",
            horizontal=True,
            height=147,
        )
        content = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.image_view("wordmark", "Firefox", height=160),
                        w.image_button("privateBrowsingButton", "Enable private browsing", None),
                    ],
                    rid="homeAppBar",
                    horizontal=True,
                    height=200,
                ),
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="sessionControlRecyclerView",
                    scrollable=True,
                    scroll_key="home_scroll",
                    children=cards,
                ),
                bar,
            ],
            rid="homeLayout",
        )
        windows = []
        if ctx.ui["menu"]:
            rows = [
                self._menu_row("Bookmarks", self._menu_to("bookmarks", folder=MOBILE)),
                self._menu_row("History", self._menu_to("history")),
                self._menu_row("Downloads", self._menu_to("downloads")),
                self._menu_row("Add-ons", self._menu_noop),
                self._menu_row("Sign in to sync", self._menu_noop),
                self._menu_row("What’s new", self._menu_noop),
                self._menu_row("Help", self._menu_noop),
                self._menu_row("Settings", self._menu_to("settings")),
            ]
            windows.append(self._bottom_menu_window(rows))
        return Screen(content=content, windows=windows)

    def _search(self, ctx: AppContext) -> Screen:
        text = str(ctx.ui["url_text"])
        field = w.edit_text(URL_EDIT, text, self._type_url, hint="Search or enter address")
        bar = _browser_toolbar([field])
        return Screen(
            content=w.linear_layout([View(cls="android.view.View"), bar], rid="search_wrapper")
        )

    def _browser(self, ctx: AppContext) -> Screen:
        tab = ctx.data["tab"] or {"url": "", "title": ""}
        bookmarked = any(b["url"] == tab["url"] for b in ctx.data["bookmarks"])
        column: list[View] = [
            View(
                cls="android.widget.FrameLayout",
                resource_id="engineView",
                children=[w.text_view(tab["title"], height=200)],
            )
        ]
        if ctx.ui["snackbar"]:
            column.append(_saved_snackbar(self._snackbar_edit))
        column.append(
            _browser_toolbar(
                [
                    w.text_view(
                        tab["url"], "mozac_browser_toolbar_url_view", on_click=self._open_search
                    ),
                    w.image_button("tab_button", "Tabs", None, width=147),
                    w.image_button(
                        "mozac_browser_toolbar_menu", "Menu", self._open_menu, width=147
                    ),
                ]
            )
        )
        content = _browser_layout(column)
        windows = []
        if ctx.ui["menu"]:
            bookmarks_row = w.linear_layout(
                [
                    w.text_view(
                        "Bookmarks",
                        "label",
                        height=126,
                        on_click=self._menu_to("bookmarks", folder=MOBILE),
                    ),
                    View(
                        cls="android.widget.CheckBox",
                        resource_id="checkbox",
                        text="Edit" if bookmarked else "Add",
                        checkable=True,
                        checked=bookmarked,
                        on_click=self._menu_bookmark,
                        width=260,
                    ),
                ],
                horizontal=True,
                height=126,
            )
            rows = [
                self._menu_row("New tab", self._menu_to("search")),
                bookmarks_row,
                self._menu_row("History", self._menu_to("history")),
                self._menu_row("Downloads", self._menu_to("downloads")),
                self._menu_row("Add-ons", self._menu_noop),
                self._menu_row("Sign in to sync", self._menu_noop),
                self._menu_row("Find in page", self._menu_noop),
                self._menu_row("Desktop site", self._menu_noop),
                self._menu_row("Add to Home screen", self._menu_noop),
                self._menu_row("Add to top sites", self._menu_noop),
                self._menu_row("Save to collection", self._menu_noop),
                self._menu_row("Settings", self._menu_to("settings")),
                w.linear_layout(
                    [
                        w.image_button("", "Back", None, enabled=False),
                        w.image_button("", "Forward", None, enabled=False),
                        w.image_button("", "Share", self._menu_noop),
                        w.image_button("", "Refresh", self._menu_noop),
                    ],
                    horizontal=True,
                    height=147,
                ),
            ]
            windows.append(self._bottom_menu_window(rows))
        return Screen(content=content, windows=windows)

    def _edit(self, ctx: AppContext) -> Screen:
        top = self._top(ctx)
        node = self._bookmark(ctx, top["guid"]) or {"title": "", "url": "", "parent": MOBILE}
        shown = FOLDER_TITLES.get(self._shown_parent(ctx, node), "")
        name = top["name"] if top.get("name") is not None else node["title"]
        url = top["url"] if top.get("url") is not None else node["url"]
        actions = [
            w.action_item("delete_bookmark_button", "Delete", self._delete),
            w.action_item("save_bookmark_button", "Save", self._save),
        ]
        content = w.linear_layout(
            [
                self._app_bar("Edit bookmark", actions),
                w.text_view("NAME", "bookmark_name_label"),
                w.edit_text("bookmarkNameEdit", name, self._type_name),
                w.text_view("URL", "bookmarkUrlLabel"),
                w.frame_layout(
                    [w.edit_text("bookmarkUrlEdit", url, self._type_bookmark_url)],
                    rid="inputLayoutBookmarkUrl",
                    height=150,
                ),
                w.text_view("FOLDER", "bookmark_folder_label"),
                w.text_view(shown, "bookmarkParentFolderSelector", on_click=self._folder_selector),
                View(cls="android.view.View"),
            ]
        )
        return Screen(content=content)

    def _select_folder(self, ctx: AppContext) -> Screen:
        selected = ctx.memory.get("selected_folder")
        rows = [
            View(
                cls="org.mozilla.fenix.library.LibrarySiteItemView",
                layout="horizontal",
                height=168,
                selected=guid == selected,
                on_click=w.bind(self._toggle_folder, guid),
                children=[
                    View(cls="android.view.View", width=60 * depth + 1),
                    w.image_view("favicon", width=147),
                    w.text_view(title, "title"),
                ],
            )
            for guid, title, depth in FOLDERS89
        ]
        content = w.linear_layout(
            [
                self._app_bar("Select folder"),
                w.list_view(
                    rows,
                    rid="recylerViewBookmarkFolders",
                    cls="androidx.recyclerview.widget.RecyclerView",
                ),
            ],
            rid="selectBookmarkLayout",
        )
        return Screen(content=content)

    def _open_row_menu(self, ctx: AppContext, guid: str) -> None:
        ctx.ui["row_menu"] = guid

    def _row_edit(self, ctx: AppContext) -> None:
        guid = ctx.ui["row_menu"]
        ctx.ui["row_menu"] = ""
        self._open_edit(ctx, guid)

    def _row_noop(self, ctx: AppContext) -> None:
        ctx.ui["row_menu"] = ""

    def _bookmarks(self, ctx: AppContext) -> Screen:
        folder = self._top(ctx)["folder"]
        rows: list[View] = []

        def folder_row(guid: str, title: str) -> View:
            return w.list_row(
                title,
                on_click=self._menu_to("bookmarks", folder=guid),
                title_rid="title",
                leading=w.image_view("favicon", width=147),
            )

        if folder == MOBILE:
            rows.append(folder_row("root________", "Desktop Bookmarks"))
        elif folder == "root________":
            rows += [folder_row(g, t) for g, t, depth in FOLDERS89 if depth == 1]
        for b in ctx.data["bookmarks"]:
            if b["parent"] != folder:
                continue
            rows.append(
                w.list_row(
                    b["title"],
                    b["url"],
                    title_rid="title",
                    subtitle_rid="url",
                    leading=w.image_view("favicon", width=147),
                    trailing=[
                        w.image_button(
                            "overflow_menu",
                            "More options",
                            w.bind(self._open_row_menu, b["guid"]),
                            width=147,
                        )
                    ],
                )
            )
        content = w.linear_layout(
            [
                self._app_bar(FOLDER_TITLES.get(folder, "Bookmarks")),
                w.list_view(
                    rows, rid="bookmark_list", cls="androidx.recyclerview.widget.RecyclerView"
                ),
            ],
            rid="bookmarkLayout",
        )
        windows = []
        if ctx.ui["row_menu"]:
            windows.append(
                w.menu_window(
                    [
                        ("Edit", self._row_edit),
                        ("Copy", self._row_noop),
                        ("Share", self._row_noop),
                        ("Open in new tab", self._row_noop),
                        ("Open in private tab", self._row_noop),
                        ("Delete", self._row_noop),
                    ],
                    self._row_noop,
                )
            )
        return Screen(content=content, windows=windows)


_OPEN_PAGE = (
    click(PKG, "toolbar", "Search or enter address"),
    input_text(PKG, URL_EDIT, "example.com"),
    {"kind": "press_enter"},
)
_HANDLE = click(PKG, "quick_action_sheet_handle", desc="Quick actions")

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "fenix#5031": [
        # bookmarked but Edit never tapped
        [*_OPEN_PAGE, _HANDLE, click(PKG, "quick_action_bookmark", "Bookmark")],
        # the sheet opened and closed again, no bookmark
        [*_OPEN_PAGE, _HANDLE, _HANDLE],
        # the library opened but History chosen instead of Bookmarks
        [
            *_OPEN_PAGE,
            click(PKG, "mozac_browser_toolbar_menu", desc="Menu"),
            click(PKG, "title", "Your Library"),
            click(PKG, "libraryHistory", "History"),
        ],
        # the address typed but never loaded
        [
            click(PKG, "toolbar", "Search or enter address"),
            input_text(PKG, URL_EDIT, "example.com"),
            {"kind": "press_back"},
        ],
    ],
}

_PAGE_A = (
    click(PKG89, "toolbar", "Search or enter address"),
    input_text(PKG89, URL_EDIT, "example.com"),
    {"kind": "press_enter"},
)
_MENU = click(PKG89, "mozac_browser_toolbar_menu", desc="Menu")
_ADD = click(PKG89, "checkbox", "Add")
_EDIT = click(PKG89, "snackbar_btn", "EDIT")
_MOVE_A = (
    click(PKG89, "bookmarkParentFolderSelector", "Bookmarks"),
    click(PKG89, "title", "Bookmarks Menu"),
    click(PKG89, desc="Navigate up"),
)
_SAVE = click(PKG89, "save_bookmark_button", desc="Save")
_PAGE_B = (
    click(PKG89, "mozac_browser_toolbar_url_view", "https://example.com"),
    input_text(PKG89, URL_EDIT, "mozilla.org"),
    {"kind": "press_enter"},
)

WRONG_SEQUENCES["fenix#19993"] = [
    # the first bookmark saved where it was, then the second one edited
    [*_PAGE_A, _MENU, _ADD, _EDIT, _SAVE, *_PAGE_B, _MENU, _ADD, _EDIT],
    # the first bookmark moved, the second one bookmarked but never edited
    [*_PAGE_A, _MENU, _ADD, _EDIT, *_MOVE_A, _SAVE, *_PAGE_B, _MENU, _ADD],
    # the first bookmark moved, the app restarted, then the second one edited
    [
        *_PAGE_A,
        _MENU,
        _ADD,
        _EDIT,
        *_MOVE_A,
        _SAVE,
        {"kind": "restart_app"},
        *_PAGE_A[:1],
        input_text(PKG89, URL_EDIT, "mozilla.org"),
        {"kind": "press_enter"},
        _MENU,
        _ADD,
        _EDIT,
    ],
    # the same (moved) bookmark edited again
    [*_PAGE_A, _MENU, _ADD, _EDIT, *_MOVE_A, _SAVE, _MENU, click(PKG89, "checkbox", "Edit")],
]
