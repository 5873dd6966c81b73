"""NewPipe (``org.schabi.newpipe``) 0.27.4, for NewPipe#11914 and NewPipe#11915 (two crashes).

Modelled from the sources at tag ``v0.27.4``: ``MainActivity.java`` (drawer menu built in
``addDrawerMenuForCurrentService``, ``updateDrawerNavigation``), ``res/layout/activity_main.xml``,
``toolbar_layout.xml``, ``toolbar_search_layout.xml``, ``drawer_header.xml``,
``drawer_layout.xml``, ``fragment_main.xml``, ``list_stream_item.xml``,
``fragment_subscription.xml``, ``subscription_groups_header.xml``, ``feed_group_card_item.xml``,
``feed_group_add_new_item.xml``, ``list_empty_view_subscriptions.xml``, ``fragment_import.xml``,
``settings_layout.xml``, ``settings_preferencesearch_fragment.xml``,
``settings_preferencesearch_list_item_result.xml``, ``res/menu/menu_main_fragment.xml``,
``menu_settings_main_fragment.xml``, ``res/xml/main_settings.xml`` and the sub-settings XMLs,
``res/values/strings.xml``, ``settings/tabs/TabsJsonHelper.java`` (the default tabs),
``fragments/MainFragment.java``, ``local/subscription/SubscriptionFragment.kt``
(``buildImportExportMenu``), ``SubscriptionsImportFragment.java``,
``ImportConfirmationDialog.java``, ``settings/SettingsActivity.java``,
``settings/MainSettingsFragment.java``, ``settings/preferencesearch/PreferenceSearchFragment.java``
and ``PreferenceSearcher.java``.

What is modelled: a fresh install opens ``MainActivity`` on the main page (no first-run screen
on Android 11: the update-check consent dialog is skipped on the first run) with the default
tabs (Trending, What's New, Subscriptions, Bookmarked Playlists: icon tabs whose content
description is the tab name), the toolbar (the drawer toggle "Open Drawer", the tab's title,
"Search"), the drawer (``navigation``: the header's service toggle, the YouTube kiosk
"Trending", Subscriptions, What's New, Bookmarked Playlists, Downloads, History, Settings,
About & FAQ), the Subscriptions page with its overflow menu ("Import from" → Previous export,
YouTube, SoundCloud; "Export to" → File), the import page (SoundCloud: the URL field and
"Import"; YouTube: "Import file"), the ``ImportConfirmationDialog``, and ``SettingsActivity``
with its main page, its preference search (``toolbar_search_edit_text``, the result rows) and
the sub-settings pages (their searchable preferences as rows).

Fixed data instead of the network: the Trending kiosk shows a fixed list of four videos
(``TRENDING``) as a test device with a network would show some list; the other services'
kiosks, the video pages, What's New, the YouTube search and the subscription import service
need the network and are not modelled beyond a stub (the import service's request is recorded
in ``data["import_requests"]``). File pickers (Previous export, YouTube's Import file, Export
to File) open the system's DocumentsUI, another app: not modelled (no-ops). The preference
search is PreferenceFuzzySearchFunction in the app; the model matches every typed word as a
case-insensitive substring of the title, summary or breadcrumbs, over an excerpt of the
searchable preferences (``PREFERENCES``).

The bugs:

- NewPipe#11914: ``ImportConfirmationDialog`` keeps its ``resultServiceIntent`` in an
  ``@State`` field, but ``onCreate`` checks it for null *before*
  ``Bridge.restoreInstanceState``: when the activity is re-created (a rotation) with the
  dialog showing, the re-created dialog throws ``IllegalStateException("Result intent is
  null")`` inside ``MainActivity.onCreate``. The exception and frames are the report's trace
  (its release package, ``org.schabi.newpipe``). Fix: commit ``a40b42b78`` ("Restore instance
  data in ImportConfirmationDialog before checking the data").
- NewPipe#11915: after a search result was opened (``onSearchResultClicked``: the search
  fragment is removed and its back-stack entry popped while the result's page replaces the
  main page), a ``SettingsActivity`` re-created by a rotation crashes the next time the search
  is opened from the main settings page: ``IllegalStateException: Fragment already added:
  PreferenceSearchFragment`` while the FragmentManager executes the add. Exactly why the
  re-created FragmentManager still holds the fragment is not pinned down from the sources (no
  fix was merged at the time of modelling); the model follows the report's sequence: a result
  opened, then a re-creation, then the search. Closing the search with Back instead of opening
  a result, and rotating while the search is open (the case ``initSearch`` handles by hiding
  the restored fragment), are modelled as not crashing. The frames are the report's trace
  (framework frames only).

Human steps: 8 for NewPipe#11914, as LTGDroid's count (drawer, Subscriptions, More options,
Import from, SoundCloud, type, Import, rotate); 8 for NewPipe#11915 against LTGDroid's 10 (drawer,
Settings, Search, type, the result, rotate, Back, Search): the report does not say that a word
must be typed before results show (an empty query lists nothing); LTGDroid's two more are likely
a tap into the search field and a Back to hide the keyboard, which the model does not need.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.system_log import LAUNCH_FRAMES, LOOPER_FRAMES
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "org.schabi.newpipe"
MAIN = "org.schabi.newpipe.MainActivity"
SETTINGS = "org.schabi.newpipe.settings.SettingsActivity"
ABOUT = "org.schabi.newpipe.about.AboutActivity"
DOWNLOADS = "org.schabi.newpipe.download.DownloadActivity"

HANDLE_MESSAGE = "android.app.ActivityThread$H.handleMessage(ActivityThread.java:2066)"
OPEN_DRAWER = "Open Drawer"  # R.string.drawer_open, the ActionBarDrawerToggle's description
SERVICES = ("YouTube", "SoundCloud", "media.ccc.de", "PeerTube", "Bandcamp")
KIOSK = {"YouTube": "Trending", "SoundCloud": "Top 50", "media.ccc.de": "Recent"}
KIOSK.update({"PeerTube": "Trending", "Bandcamp": "Featured"})
TABS = ("Trending", "What's New", "Subscriptions", "Bookmarked Playlists")
DRAWER = ("Subscriptions", "What's New", "Bookmarked Playlists", "Downloads", "History")
# Fixed data: what the YouTube Trending kiosk showed on the test device (title, uploader,
# details, duration).
TRENDING = (
    ("Highlights: the final day of the season", "Sports Daily", "1.2M views • 1 day ago", "9:41"),
    ("How the new bridge was built", "Engineering Explained", "640K views • 2 days ago", "14:05"),
    ("Top 10 songs this week", "Music Charts", "2.3M views • 3 days ago", "21:30"),
    ("Cooking pasta like a pro", "Home Kitchen", "410K views • 1 day ago", "8:12"),
)
IMPORT_HINT = "Import or export subscriptions from the 3-dot menu"
SOUNDCLOUD_INSTRUCTIONS = (
    'Import a SoundCloud profile by typing either the URL or your ID:\n\n1. Enable "desktop '
    'mode" in a web-browser (the site is not available for mobile devices)\n2. Go to this URL: '
    "https://soundcloud.com/you\n3. Log in when asked\n4. Copy the profile URL you were "
    "redirected to."
)
YOUTUBE_INSTRUCTIONS = (
    "Import YouTube subscriptions from Google takeout:\n\n1. Go to this URL: "
    'https://takeout.google.com/takeout/custom/youtube\n2. Log in when asked\n3. Click on "All '
    'data included", then on "Deselect all", then select only "subscriptions" and click "OK"'
    '\n4. Click on "Next step" and then on "Create export"\n5. Click on the "Download" button '
    "after it appears\n6. Click on IMPORT FILE below and select the downloaded .zip file"
)
EXPENSIVE = "Keep in mind this operation can be network expensive.\n\nDo you want to continue?"

# main_settings.xml's PreferenceScreens in a release build (Debug is removed).
SETTINGS_PAGES = (
    "Video and audio",
    "Download",
    "Appearance",
    "History and cache",
    "Content",
    "Notifications",
    "Updates",
    "Backup and restore",
)
# An excerpt of the searchable preferences: (page = breadcrumbs, title, summary).
PREFERENCES = (
    ("Video and audio", "Default resolution", "720p60"),
    ("Video and audio", "Default popup resolution", "480p"),
    ("Video and audio", "Limit resolution when using mobile data", "No limit"),
    ("Video and audio", "Show higher resolutions", "Only some devices can play 2K/4K videos"),
    ("Video and audio", "Default video format", "MPEG-4"),
    ("Video and audio", "Default audio format", "M4A"),
    ("Download", "Ask where to download", "You will be asked where to save each download."),
    ("Download", "Video download folder", "Downloaded video files are stored here"),
    ("Download", "Audio download folder", "Downloaded audio files are stored here"),
    ("Appearance", "Theme", "Light"),
    ("Appearance", "Night theme", "Dark"),
    ("Appearance", "Captions", ""),
    ("History and cache", "Watch history", "Keep track of watched videos"),
    ("History and cache", "Search history", "Store search queries locally"),
    ("Content", "App language", "System default"),
    ("Content", "Default content language", "English"),
    ("Content", "Default content country", "United States"),
    ("Content", "Show comments", "Turn off to hide comments"),
)


def _import_intent_null() -> JavaException:
    """The report's trace of NewPipe#11914 (its release package)."""
    cause = JavaException(
        "java.lang.IllegalStateException",
        "Result intent is null",
        frames=[
            "org.schabi.newpipe.local.subscription.ImportConfirmationDialog.onCreate("
            "ImportConfirmationDialog.java:57)",
            "androidx.fragment.app.Fragment.performCreate(Fragment.java:3094)",
            "androidx.fragment.app.FragmentStateManager.create(FragmentStateManager.java:504)",
            "androidx.fragment.app.FragmentStateManager.moveToExpectedState("
            "FragmentStateManager.java:268)",
            "androidx.fragment.app.FragmentStore.moveToExpectedState(FragmentStore.java:114)",
            "androidx.fragment.app.FragmentManager.moveToState(FragmentManager.java:1455)",
            "androidx.fragment.app.FragmentManager.dispatchStateChange(FragmentManager.java:3034)",
            "androidx.fragment.app.FragmentManager.dispatchCreate(FragmentManager.java:2941)",
            "androidx.fragment.app.FragmentController.dispatchCreate(FragmentController.java:252)",
            "androidx.fragment.app.FragmentActivity.onCreate(FragmentActivity.java:219)",
            "org.schabi.newpipe.MainActivity.onCreate(MainActivity.java:142)",
            "android.app.Activity.performCreate(Activity.java:7994)",
            "android.app.Activity.performCreate(Activity.java:7978)",
            "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1309)",
            "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3422)",
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to start activity ComponentInfo{{{PACKAGE}/{MAIN}}}: "
        "java.lang.IllegalStateException: Result intent is null",
        frames=[
            "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3449)",
            "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:3601)",
            "android.app.ActivityThread.handleRelaunchActivityInner(ActivityThread.java:5456)",
            "android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:5362)",
            "android.app.servertransaction.ActivityRelaunchItem.execute("
            "ActivityRelaunchItem.java:69)",
            "android.app.servertransaction.TransactionExecutor.executeCallbacks("
            "TransactionExecutor.java:135)",
            "android.app.servertransaction.TransactionExecutor.execute("
            "TransactionExecutor.java:95)",
            *LAUNCH_FRAMES[LAUNCH_FRAMES.index(HANDLE_MESSAGE) :],
        ],
        cause=cause,
    )


def _search_fragment_already_added() -> JavaException:
    """The report's trace of NewPipe#11915."""
    return JavaException(
        "java.lang.IllegalStateException",
        "Fragment already added: PreferenceSearchFragment{c45cd8e} "
        "(1efce92d-66a0-43b9-b9a5-ffa301582699 id=0x7f0a0359 tag=PreferenceSearchFragment)",
        frames=[
            "androidx.fragment.app.FragmentStore.addFragment(FragmentStore.java:93)",
            "androidx.fragment.app.FragmentManager.addFragment(FragmentManager.java:1503)",
            "androidx.fragment.app.BackStackRecord.executeOps(BackStackRecord.java:387)",
            "androidx.fragment.app.FragmentManager.executeOps(FragmentManager.java:2009)",
            "androidx.fragment.app.FragmentManager.executeOpsTogether(FragmentManager.java:1895)",
            "androidx.fragment.app.FragmentManager.removeRedundantOperationsAndExecute("
            "FragmentManager.java:1839)",
            "androidx.fragment.app.FragmentManager.execPendingActions(FragmentManager.java:1782)",
            "androidx.fragment.app.FragmentManager$5.run(FragmentManager.java:565)",
            *LOOPER_FRAMES,
        ],
    )


def _crashed_with(text: str) -> Any:
    def oracle(data: dict[str, Any], system: dict[str, Any]) -> bool:
        return crashed(system, PACKAGE, "", text)

    return oracle


def _click(text: str = "", rid: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc, cls)


_type = partial(input_text, PACKAGE)


BUG_11914 = BugSpec(
    bug_id="NewPipe#11914",
    kind="crash",
    title="UI error crash when rotating screen while typing url to import soundcloud file",
    oracle=_crashed_with("Result intent is null"),
    human_steps=(
        _click(desc=OPEN_DRAWER, cls="android.widget.ImageButton"),
        _click("Subscriptions", "design_menu_item_text", cls="android.widget.CheckedTextView"),
        _click(desc=w.MORE_OPTIONS, cls="android.widget.ImageView"),
        _click("Import from", "title", cls="android.widget.TextView"),
        _click("SoundCloud", "title", cls="android.widget.TextView"),
        _type("input_text", "soundcloud.com/someone"),
        _click("Import", "input_button", cls="android.widget.Button"),
        {"kind": "rotate", "orientation": "landscape"},
    ),
)

BUG_11915 = BugSpec(
    bug_id="NewPipe#11915",
    kind="crash",
    title="The app crashes when searching in the settings in landscape mode",
    oracle=_crashed_with("Fragment already added: PreferenceSearchFragment"),
    human_steps=(
        _click(desc=OPEN_DRAWER, cls="android.widget.ImageButton"),
        _click("Settings", "design_menu_item_text", cls="android.widget.CheckedTextView"),
        _click(rid="action_search", desc="Search", cls="android.widget.TextView"),
        _type("toolbar_search_edit_text", "resolution"),
        _click("Default resolution", "title", cls="android.widget.TextView"),
        {"kind": "rotate", "orientation": "landscape"},
        {"kind": "press_back"},
        _click(rid="action_search", desc="Search", cls="android.widget.TextView"),
    ),
)


def _matches(query: str) -> list[tuple[str, str, str]]:
    """PreferenceSearcher.searchFor: nothing for an empty query; else the preferences holding
    every typed word (see the module docstring for the simplification)."""
    words = query.lower().split()
    if not words:
        return []
    return [p for p in PREFERENCES if all(word in " ".join(p).lower() for word in words)]


class NewPipe0274(VirtualApp):
    """NewPipe 0.27.4 (see the module docstring)."""

    name: ClassVar[str] = "NewPipe"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "NewPipe"
    version: ClassVar[str] = "0.27.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_11914, BUG_11915)
    # 0.27.4: ImportConfirmationDialog checks its @State intent before restoring it.
    CHECKS_INTENT_BEFORE_RESTORE: ClassVar[bool] = True
    # 0.27.4: a re-created SettingsActivity re-adds a search fragment a result click left behind.
    READDS_STALE_SEARCH_FRAGMENT: ClassVar[bool] = True

    def initial_data(self) -> dict[str, Any]:
        return {"service": "YouTube", "import_requests": []}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            restored = bool(ui)
            ui.setdefault("stack", [])  # fragments above MainFragment in fragment_holder
            ui.setdefault("tab", 0)
            ui.setdefault("import_text", "")
            ui.setdefault("confirm", None)  # the ImportConfirmationDialog's intent extras
            ui.update(drawer=False, services=False, menu=None)  # onResume closes the drawer
            if restored and ui["confirm"] is not None and self.CHECKS_INTENT_BEFORE_RESTORE:
                raise _import_intent_null()
        elif ctx.activity == SETTINGS:
            restored = bool(ui)
            ui.setdefault("stack", [])  # sub-settings pages above MainSettingsFragment
            ui.setdefault("search_active", False)
            ui.setdefault("search_text", "")
            ui.setdefault("result_opened", False)
            ui.setdefault("stale_search_fragment", False)
            if restored and ui["result_opened"] and not ui["search_active"]:
                ui["stale_search_fragment"] = True

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if ui["menu"] is not None or ui["drawer"]:
                ui.update(menu=None, drawer=False, services=False)
                return True
            if ui["stack"]:
                ui["stack"].pop()
                return True
            return False
        if ctx.activity == SETTINGS:
            return self._settings_up(ctx)
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        ui = ctx.ui
        if ctx.activity != MAIN or ui["stack"]:
            return False
        if direction == "right" and ui["tab"] == 0:
            ui["drawer"] = True
        elif direction in ("left", "right"):
            step = 1 if direction == "left" else -1
            ui["tab"] = max(0, min(len(TABS) - 1, ui["tab"] + step))
        else:
            return False
        return True

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        title = "About NewPipe" if ctx.activity == ABOUT else "Downloads"
        bar = w.toolbar(title, navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, View()]))

    def _kiosk_name(self, ctx: AppContext) -> str:
        return KIOSK[ctx.data["service"]]

    def _top(self, ctx: AppContext) -> str:
        return ctx.ui["stack"][-1] if ctx.ui["stack"] else "main"

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        top = self._top(ctx)
        shows_subscriptions = top == "subscriptions" or (top == "main" and ui["tab"] == 2)
        actions: list[View] = []
        if top == "main":
            navigation = w.nav_button(OPEN_DRAWER, lambda c: c.ui.update(drawer=True))
            title = self._kiosk_name(ctx) if ui["tab"] == 0 else TABS[ui["tab"]]
            actions.append(w.action_item("action_search", "Search", self._open_search))
        else:
            navigation = w.nav_button(w.NAVIGATE_UP, self._up)
            title = self._page_title(ctx, top)
        if shows_subscriptions:
            actions.append(w.overflow_button(lambda c: c.ui.update(menu="overflow")))
        bar = w.linear_layout(
            [
                w.toolbar(
                    title,
                    navigation=navigation,
                    actions=actions,
                    cls="androidx.appcompat.widget.Toolbar",
                )
            ],
            rid="toolbar_layout",
            weight=0,
        )
        holder = View(
            cls="androidx.fragment.app.FragmentContainerView",
            resource_id="fragment_holder",
            children=[self._fragment(ctx, top)],
        )
        content = View(
            cls="org.schabi.newpipe.views.FocusAwareCoordinator",
            children=[bar, holder],
        )
        drawer = self._drawer(ctx) if ui["drawer"] else None
        root = w.drawer_layout(
            content, drawer, rid="", cls="org.schabi.newpipe.views.FocusAwareDrawerLayout"
        )
        return Screen(content=root, windows=self._main_windows(ctx))

    def _page_title(self, ctx: AppContext, top: str) -> str:
        if top.startswith("import:"):
            return "Import"
        if top.startswith("video:"):
            return ""
        titles = {
            "subscriptions": "Subscriptions",
            "feed": "What's New",
            "bookmarks": "Bookmarked Playlists",
            "history": "History",
            "kiosk": self._kiosk_name(ctx),
        }
        return titles.get(top, "")

    def _fragment(self, ctx: AppContext, top: str) -> View:
        if top == "main":
            return self._main_fragment(ctx)
        if top in ("subscriptions",):
            return self._subscriptions()
        if top == "kiosk":
            return self._kiosk(ctx)
        if top.startswith("import:"):
            return self._import_page(ctx, top.split(":", 1)[1])
        if top.startswith("video:"):
            name, uploader, details, _ = TRENDING[int(top.split(":", 1)[1])]
            return w.linear_layout(
                [
                    w.text_view(name, "detail_video_title_view"),
                    w.text_view(uploader, "detail_uploader_text_view"),
                    w.text_view(details, "detail_view_count_view"),
                ]
            )
        if top == "search":
            return w.linear_layout([w.text_view("No results", "empty_state_message")])
        empty = {"bookmarks": "No playlist bookmarks yet", "feed": "Nothing here but crickets"}
        return w.linear_layout(
            [w.text_view("¯\\_(ツ)_/¯"), w.text_view(empty.get(top, "No one is watching"))],
            rid="empty_state_view",
        )

    def _main_fragment(self, ctx: AppContext) -> View:
        tab = ctx.ui["tab"]
        names = (self._kiosk_name(ctx), *TABS[1:])
        tab_views = [
            w.linear_layout(
                [w.image_view(width=200)],
                content_desc=name,
                selected=i == tab,
                on_click=w.bind(self._select_tab, i),
            )
            for i, name in enumerate(names)
        ]
        tab_layout = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="main_tab_layout",
            layout=HORIZONTAL,
            height=126,
            children=tab_views,
        )
        if tab == 0:
            page = self._kiosk(ctx)
        elif tab == 2:
            page = self._subscriptions()
        else:
            page = self._fragment(ctx, "feed" if tab == 1 else "bookmarks")
        pager = View(
            cls="androidx.viewpager.widget.ViewPager", resource_id="pager", children=[page]
        )
        return w.relative_layout([tab_layout, pager])

    def _kiosk(self, ctx: AppContext) -> View:
        rows = []
        if ctx.data["service"] == "YouTube":
            for i, (name, uploader, details, duration) in enumerate(TRENDING):
                rows.append(
                    w.relative_layout(
                        [
                            w.image_view(
                                "itemThumbnailView",
                                width=420,
                                children=[w.text_view(duration, "itemDurationView", height=60)],
                            ),
                            w.linear_layout(
                                [
                                    w.text_view(name, "itemVideoTitleView"),
                                    w.text_view(uploader, "itemUploaderView", height=60),
                                    w.text_view(details, "itemAdditionalDetails", height=60),
                                ]
                            ),
                        ],
                        rid="itemRoot",
                        layout=HORIZONTAL,
                        height=290,
                        on_click=w.bind(self._push, f"video:{i}"),
                        on_long_click=lambda c: None,
                    )
                )
        return w.list_view(rows, rid="items_list", cls="androidx.recyclerview.widget.RecyclerView")

    def _subscriptions(self) -> View:
        header = w.linear_layout(
            [
                w.text_view("Channel groups", "header_title", height=147),
                w.image_button(
                    "header_toggle_view_mode", "List view mode", lambda c: None, width=147
                ),
                w.image_button("header_sort", "Sort", lambda c: None, width=147),
            ],
            horizontal=True,
            height=147,
        )

        def card(title: str) -> View:
            return View(
                cls="androidx.cardview.widget.CardView",
                width=300,
                on_click=lambda c: c.toast(title) if title == "All" else None,
                children=[
                    w.image_view("icon", height=150),
                    w.text_view(title, "title", height=80),
                ],
            )

        carousel = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="recycler_view",
            layout=HORIZONTAL,
            height=260,
            children=[card("All"), card("New")],
        )
        placeholder = w.linear_layout(
            [w.text_view("¯\\_(ツ)_/¯"), w.text_view(IMPORT_HINT)], height=400
        )
        return View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="items_list",
            children=[header, carousel, w.text_view("Subscriptions", height=126), placeholder],
        )

    def _import_page(self, ctx: AppContext, service: str) -> View:
        by_url = service == "SoundCloud"
        panel: list[View] = []
        if by_url:
            panel.append(
                w.edit_text(
                    "input_text",
                    ctx.ui["import_text"],
                    lambda c, t: c.ui.update(import_text=t),
                    hint="yourID, soundcloud.com/yourid",
                    height=150,
                )
            )
        panel.append(
            w.button(
                "input_button",
                "Import" if by_url else "Import file",
                w.bind(self._import_clicked, service),
                height=140,
            )
        )
        info = SOUNDCLOUD_INSTRUCTIONS if by_url else YOUTUBE_INSTRUCTIONS
        return w.relative_layout(
            [
                w.text_view(info, "info_text_view"),
                w.linear_layout(panel, rid="inputs_panel", weight=0),
            ]
        )

    def _drawer(self, ctx: AppContext) -> View:
        service = ctx.data["service"]
        header = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            height=380,
            children=[
                w.text_view("NewPipe", "drawer_header_newpipe_title", height=190),
                w.linear_layout(
                    [
                        w.image_view("drawer_header_service_icon", width=100),
                        w.text_view(service, "drawer_header_service_view", height=120),
                        w.image_view("drawer_arrow", width=80),
                    ],
                    horizontal=True,
                    height=120,
                ),
                w.button(
                    "drawer_header_action_button",
                    "",
                    lambda c: c.ui.update(services=not c.ui["services"]),
                    content_desc=f"Toggle service, currently selected:{service}",
                    height=70,
                ),
            ],
        )
        if ctx.ui["services"]:
            entries = [
                w.drawer_entry(name, w.bind(self._change_service, name), checked=name == service)
                for name in SERVICES
            ]
        else:
            entries = [w.drawer_entry(self._kiosk_name(ctx), w.bind(self._drawer_go, "kiosk"))]
            entries += [w.drawer_entry(name, w.bind(self._drawer_go, name)) for name in DRAWER]
            entries += [
                w.drawer_entry("Settings", w.bind(self._drawer_go, "Settings")),
                w.drawer_entry("About & FAQ", w.bind(self._drawer_go, "About & FAQ")),
            ]
        menu = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="design_navigation_view",
            children=entries,
        )
        return View(
            cls="com.google.android.material.navigation.NavigationView",
            resource_id="navigation",
            width=840,
            children=[header, menu],
        )

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        close = self._close_menu
        windows: list[Window] = []
        if ui["menu"] == "overflow":
            windows.append(
                w.menu_window(
                    [
                        ("Import from", lambda c: c.ui.update(menu="import_from")),
                        ("Export to", lambda c: c.ui.update(menu="export_to")),
                    ],
                    close,
                )
            )
        elif ui["menu"] == "import_from":
            windows.append(
                w.menu_window(
                    [
                        ("Previous export", close),  # opens DocumentsUI: not modelled
                        ("YouTube", w.bind(self._open_import, "YouTube")),
                        ("SoundCloud", w.bind(self._open_import, "SoundCloud")),
                    ],
                    close,
                )
            )
        elif ui["menu"] == "export_to":
            windows.append(w.menu_window([("File", close)], close))
        if ui["confirm"] is not None:
            dismiss = self._dismiss_confirm
            buttons = [
                w.dialog_button("android:id/button2", "Cancel", dismiss),
                w.dialog_button("android:id/button1", "OK", self._confirm_import),
            ]
            windows.append(w.alert_dialog(w.dialog_message(EXPENSIVE), [], buttons, dismiss))
        return windows

    # -- handlers: MainActivity ----------------------------------------------------------------
    def _push(self, ctx: AppContext, fragment: str) -> None:
        ctx.ui["stack"].append(fragment)

    def _up(self, ctx: AppContext) -> None:
        if ctx.ui["stack"]:
            ctx.ui["stack"].pop()

    def _select_tab(self, ctx: AppContext, tab: int) -> None:
        ctx.ui["tab"] = tab

    def _open_search(self, ctx: AppContext) -> None:
        ctx.ui["stack"].append("search")

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None

    def _drawer_go(self, ctx: AppContext, entry: str) -> None:
        ctx.ui.update(drawer=False, services=False)
        if entry == "Settings":
            ctx.start_activity(SETTINGS)
        elif entry == "About & FAQ":
            ctx.start_activity(ABOUT)
        elif entry == "Downloads":
            ctx.start_activity(DOWNLOADS)
        else:
            pages = {"What's New": "feed", "Bookmarked Playlists": "bookmarks"}
            self._push(ctx, pages.get(entry, entry.lower()))

    def _change_service(self, ctx: AppContext, service: str) -> None:
        # Closing the drawer with another service re-creates the activity on the main page.
        ctx.data["service"] = service
        ctx.ui.update(drawer=False, services=False, stack=[], tab=0)

    def _open_import(self, ctx: AppContext, service: str) -> None:
        ctx.ui.update(menu=None, import_text="")
        self._push(ctx, f"import:{service}")

    def _import_clicked(self, ctx: AppContext, service: str) -> None:
        """SubscriptionsImportFragment.onImportClicked: a non-empty URL shows the dialog; the
        file import opens DocumentsUI (not modelled)."""
        if service == "SoundCloud" and ctx.ui["import_text"]:
            ctx.hide_keyboard()
            ctx.ui["confirm"] = {"mode": "channel_url", "value": ctx.ui["import_text"]}

    def _dismiss_confirm(self, ctx: AppContext) -> None:
        ctx.ui["confirm"] = None

    def _confirm_import(self, ctx: AppContext) -> None:
        ctx.data["import_requests"].append(ctx.ui["confirm"])
        ctx.ui["confirm"] = None

    # -- SettingsActivity ----------------------------------------------------------------------
    def _render_settings(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        top = ui["stack"][-1] if ui["stack"] else ""
        actions: list[View] = []
        if ui["search_active"]:
            title: str | View = w.frame_layout(
                [
                    w.edit_text(
                        "toolbar_search_edit_text",
                        ui["search_text"],
                        self._search_typed,
                        hint="Search",
                    ),
                    w.frame_layout(
                        rid="toolbar_search_clear",
                        content_desc="Clear",
                        on_click=lambda c: c.ui.update(search_text=""),
                        width=126,
                    ),
                ],
                rid="toolbar_search_container",
                layout=HORIZONTAL,
            )
        else:
            title = top or "Settings"
            if not top:  # menu_settings_main_fragment: only on the main page
                actions.append(w.action_item("action_search", "Search", self._search_clicked))
        bar = w.toolbar(
            title,
            navigation=w.nav_button(w.NAVIGATE_UP, self._settings_home),
            actions=actions,
            cls="androidx.appcompat.widget.Toolbar",
        )
        if ui["search_active"]:
            page = self._search_results(ctx)
        elif top:
            page = w.list_view(
                [w.preference(t, s, lambda c: None) for p, t, s in PREFERENCES if p == top],
                rid="recycler_view",
                cls="androidx.recyclerview.widget.RecyclerView",
            )
        else:
            page = w.list_view(
                [w.preference(t, "", w.bind(self._open_page, t)) for t in SETTINGS_PAGES],
                rid="recycler_view",
                cls="androidx.recyclerview.widget.RecyclerView",
            )
        holder = View(
            cls="androidx.fragment.app.FragmentContainerView",
            resource_id="settings_fragment_holder",
            children=[page],
        )
        toolbar_layout = w.linear_layout([bar], rid="settings_toolbar_layout", weight=0)
        return Screen(content=w.relative_layout([toolbar_layout, holder]))

    def _search_results(self, ctx: AppContext) -> View:
        found = _matches(ctx.ui["search_text"])
        if not found:
            return w.linear_layout(
                [w.text_view("╰(°●°╰)"), w.text_view("No results")], rid="empty_state_view"
            )
        rows = [
            w.linear_layout(
                [
                    w.text_view(title, "title"),
                    w.text_view(summary, "summary", height=70),
                    w.text_view(page, "breadcrumbs", height=70),
                ],
                height=260,
                on_click=w.bind(self._result_clicked, page),
            )
            for page, title, summary in found
        ]
        return w.list_view(
            rows, rid="searchResults", cls="androidx.recyclerview.widget.RecyclerView"
        )

    def _open_page(self, ctx: AppContext, page: str) -> None:
        ctx.ui["stack"].append(page)

    def _search_clicked(self, ctx: AppContext) -> None:
        """MainSettingsFragment's Search item → SettingsActivity.setSearchActive(true)."""
        ui = ctx.ui
        if ui["stale_search_fragment"] and self.READDS_STALE_SEARCH_FRAGMENT:
            raise _search_fragment_already_added()
        ui.update(search_active=True, search_text="")

    def _search_typed(self, ctx: AppContext, text: str) -> None:
        ctx.ui["search_text"] = text

    def _close_search(self, ctx: AppContext) -> None:
        ctx.hide_keyboard()
        ctx.ui.update(search_active=False, search_text="")

    def _result_clicked(self, ctx: AppContext, page: str) -> None:
        """onSearchResultClicked: hide the search, show the result's page (highlighting the
        preference is not modelled)."""
        self._close_search(ctx)
        ui = ctx.ui
        ui["result_opened"] = True
        if not ui["stack"] or ui["stack"][-1] != page:
            ui["stack"].append(page)

    def _settings_up(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["search_active"]:
            self._close_search(ctx)
            return True
        if ui["stack"]:
            ui["stack"].pop()
            return True
        return False

    def _settings_home(self, ctx: AppContext) -> None:
        if not self._settings_up(ctx):
            ctx.finish()
