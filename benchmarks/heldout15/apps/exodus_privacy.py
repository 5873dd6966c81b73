"""εxodus (Exodus Privacy) 2.2.1 (``org.eu.exodus_privacy.exodusprivacy``), with bug
exodus-android-app#194.

Sources read: Exodus-Privacy/exodus-android-app at tag ``release-v2.2.1`` (commit
4e26708e0e2f7578ede16b289f9652f7431104cd, the Java app; the last Java commit before the 3.0.0
Kotlin rewrite, 0847d6ac3eb6ac617f888946825f20e596fa8fc9, has the same fragments and
adapters): ``MainActivity``, ``fragments/HomeFragment``, ``MyTrackersFragment``,
``TrackerFragment``, ``AppListFragment``, ``ComputeAppList``, ``adapters/*``,
``manager/DatabaseManager``, layouts ``main``, ``home``, ``applist``, ``app_item``,
``my_trackers``, ``my_tracker_item``, ``tracker``, ``report``, menus ``main``,
``bottom_nav_menu``, ``popup_menu_filter`` and ``values/strings.xml``.

The app: one ``.MainActivity`` with the toolbar "εxodus", a ViewPager of three pages chosen by
the bottom navigation ("My apps", "Trackers", "About"), and a ``fragment_container`` above the
pager where a report (``ReportFragment``) or a tracker page (``TrackerFragment``) is pushed on
the fragment back stack (Back pops it; there is no up arrow).

- My apps (``HomeFragment`` + ``AppListFragment``): the installed apps that come from a store
  εxodus tests (installer Google Play or F-Droid, or a signing certificate matching a known
  source) and are enabled, sorted by name; each row (``app_item``) shows the name, "Source: ...",
  the tracker and permission counts, or "This app hasn't been analysed by Exodus Privacy yet.".
  Toolbar: Search (a SearchView filtering by name) and Filter (a popup of the five orders).
- Trackers (``MyTrackersFragment``): one row per tracker found in the reports of the installed
  apps: name, "%s apps", the percentage of listed apps; sorted by count. A row opens the tracker
  page. The toolbar's actions are hidden.
- Tracker page: name, "Present in %d of your applications", the percentage, web page link,
  description, detection rules, "Present in:" and the apps of My apps whose report has it.
- Report page (stub): name, counts, source, the tracker names ("<name> ➤", each opening the
  tracker page), permission count.
- About: title and description only.

The bug (#194): the Trackers page counts trackers over *every* installed package
(``packageManager.getInstalledPackages`` with ``getReportFor(pkg, version, null)``, any
source), while the tracker page lists only the apps ``ComputeAppList`` keeps (those from a
known source and enabled: ``applyStoreFilter``). A tracker found only in an app that My apps
leaves out (here a disabled, pre-installed app) is listed as "1 apps" on Trackers, and its page
says "Present in 0 of your applications" with no app under "Present in:". Fixed in 3.0.0 (the
Kotlin rewrite computes both from the same app list). The model keeps what the tracker page
showed (``data["tracker_page"]``); the oracle fires when a tracker page showed a presence count
different from the count the Trackers list gives that tracker.

Fixed data instead of the network and the device: the εxodus reports/trackers download
(``NetworkManager``) completes at once on the first launch, as on a good connection; the other
installed apps, their installers, enabled state and report trackers are invented but typical
(the disabled pre-installed YouTube stands for any app My apps filters out; which app the
reporter had is unknown). Tracker ids, names and detection rules follow the εxodus tracker
list as far as known; descriptions are shortened. Stubbed: the search's keyboard details,
report page details (dates, store links), the About page's link, the "Refresh needed" dialog
(shown only a day after the last refresh), pull to refresh (a no-op after the first refresh),
the filter's re-ordering (kept, but only name/tracker/permission counts as sort keys).
Uncertain: the exact toolbar actions on the About page (the model shows Search and Filter).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "org.eu.exodus_privacy.exodusprivacy"
MAIN = ".MainActivity"
PAGES = ("My apps", "Trackers", "About")
NAV_IDS = ("navigation_apps", "navigation_analytics", "aboutExodus")

# The εxodus tracker list (id, name, code signature, network signature, website, description).
TRACKERS: dict[int, dict[str, str]] = {
    48: {
        "name": "Google Analytics",
        "code": "com.google.android.apps.analytics.|com.google.android.gms.analytics.|"
        "com.google.analytics.",
        "network": "google-analytics.com",
        "website": "https://marketingplatform.google.com/about/analytics/",
        "description": "Google Analytics is a web analytics service offered by Google.",
    },
    49: {
        "name": "Google Firebase Analytics",
        "code": "com.google.firebase.analytics.|com.google.android.gms.measurement.",
        "network": "firebase.com",
        "website": "https://firebase.google.com/products/analytics/",
        "description": "Google Analytics for Firebase is a free app measurement solution.",
    },
    52: {
        "name": "Adjust",
        "code": "com.adjust.sdk.",
        "network": "adjust.com",
        "website": "https://www.adjust.com",
        "description": "Adjust is a mobile attribution and analytics platform.",
    },
    27: {
        "name": "Google CrashLytics",
        "code": "io.fabric.|com.crashlytics.|com.google.firebase.crashlytics",
        "network": "crashlytics.com",
        "website": "https://firebase.google.com/products/crashlytics",
        "description": "Firebase Crashlytics is a crash reporter.",
    },
    312: {
        "name": "Google AdMob",
        "code": "com.google.android.gms.ads.identifier.|com.google.android.gms.ads.",
        "network": "admob.com|googleads.g.doubleclick.net",
        "website": "https://admob.google.com",
        "description": "AdMob is a mobile advertising network.",
    },
    66: {
        "name": "Facebook Login",
        "code": "com.facebook.login.",
        "network": "",
        "website": "https://developers.facebook.com/docs/facebook-login/android",
        "description": "Facebook Login lets people sign in with their Facebook account.",
    },
    107: {
        "name": "LeanPlum",
        "code": "com.leanplum.",
        "network": "leanplum.com",
        "website": "https://www.leanplum.com",
        "description": "Leanplum is a mobile engagement platform.",
    },
}

# The other apps on the device (getInstalledPackages), with their εxodus reports.
# "source" is what applyStoreFilter finds (Play/F-Droid installer or a matching certificate);
# None: no known source. "trackers" is None for an app with no report.
INSTALLED: list[dict[str, Any]] = [
    {
        "package": "com.duolingo",
        "label": "Duolingo",
        "version": "5.71.4",
        "source": "google",
        "enabled": True,
        "permissions": 14,
        "trackers": [52, 312, 49, 27, 66],
    },
    {
        "package": "org.mozilla.firefox",
        "label": "Firefox",
        "version": "103.1.0",
        "source": "google",
        "enabled": True,
        "permissions": 24,
        "trackers": [52, 49, 107],
    },
    {
        "package": "org.schabi.newpipe",
        "label": "NewPipe",
        "version": "0.23.1",
        "source": "fdroid",
        "enabled": True,
        "permissions": 7,
        "trackers": [],
    },
    {
        "package": "org.thoughtcrime.securesms",
        "label": "Signal",
        "version": "5.44.3",
        "source": "google",
        "enabled": True,
        "permissions": 61,
        "trackers": [],
    },
    {
        "package": "org.wikipedia",
        "label": "Wikipedia",
        "version": "2.7.50410-r-2022-07-19",
        "source": "fdroid",
        "enabled": True,
        "permissions": 6,
        "trackers": [],
    },
    {
        "package": PACKAGE,
        "label": "Exodus",
        "version": "2.2.1",
        "source": "fdroid",
        "enabled": True,
        "permissions": 3,
        "trackers": [],
    },
    {
        # Pre-installed and disabled by the user: left out of My apps (appInfo.enabled false).
        "package": "com.google.android.youtube",
        "label": "YouTube",
        "version": "17.30.34",
        "source": "google",
        "enabled": False,
        "permissions": 29,
        "trackers": [48],
    },
    {
        "package": "com.android.calculator2",
        "label": "Calculator",
        "version": "12",
        "source": None,
        "enabled": True,
        "permissions": 0,
        "trackers": None,
    },
]

ORDERS = (
    ("Filter by name", "filter_by_name", "DEFAULT"),
    ("Having less trackers", "having_less_trackers", "LESS_TRACKERS"),
    ("Having most trackers", "having_most_trackers", "MOST_TRACKERS"),
    ("Having less permissions", "having_less_permissions", "LESS_PERMISSIONS"),
    ("Having most permissions", "having_most_permissions", "MOST_PERMISSIONS"),
)


def my_trackers_counts() -> dict[int, int]:
    """MyTrackersFragment.refresh: every installed package with a report, any source."""
    counts: dict[int, int] = {}
    for app in INSTALLED:
        for tid in app["trackers"] or []:
            counts[tid] = counts.get(tid, 0) + 1
    return counts


def computed_apps() -> list[dict[str, Any]]:
    """ComputeAppList.compute: apps from a known source that are enabled (applyStoreFilter)."""
    return [a for a in INSTALLED if a["source"] is not None and a["enabled"]]


def _oracle_194(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """A tracker page said the tracker is present in a different number of apps than the
    Trackers list counts for it."""
    page = data.get("tracker_page")
    if not page:
        return False
    return int(page["present"]) != my_trackers_counts().get(int(page["id"]), 0)


BUG_194 = BugSpec(
    bug_id="exodus-android-app#194",
    kind="non-crash",
    title="Bug in display of trackers!",
    oracle=_oracle_194,
    human_steps=(
        click(PACKAGE, "navigation_analytics", desc="Trackers"),
        click(PACKAGE, "tracker_name", text="Google Analytics"),
    ),
)


def _refreshable_page(content: View) -> View:
    """A bottom-navigation page: the ``viewpager`` holding a SwipeRefreshLayout over
    ``content``."""
    return View(
        cls="androidx.viewpager.widget.ViewPager",
        resource_id="viewpager",
        children=[
            View(
                cls="androidx.swiperefreshlayout.widget.SwipeRefreshLayout",
                resource_id="swipe_refresh",
                children=[content],
            )
        ],
    )


def _scrolling_fragment(children: list[View], scroll_key: str) -> View:
    """A detail fragment in ``fragment_container``: a ScrollView over a LinearLayout."""
    return w.frame_layout(
        [
            w.scroll_view(
                [w.linear_layout(children, weight=0)], scrollable=True, scroll_key=scroll_key
            )
        ],
        rid="fragment_container",
    )


class ExodusPrivacy(VirtualApp):
    """εxodus 2.2.1 (see the module docstring)."""

    name: ClassVar[str] = "exodus-android-app"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Exodus"
    version: ClassVar[str] = "2.2.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_194,)

    def initial_data(self) -> dict[str, Any]:
        return {"last_refresh": None, "tracker_page": None}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("page", 0)
        ui.setdefault("stack", [])
        ui.setdefault("search_open", False)
        ui.setdefault("query", "")
        ui.setdefault("filter_menu", False)
        if ctx.data["last_refresh"] is None:
            # HomeFragment.startRefresh on the first launch: reports and trackers downloaded.
            ctx.data["last_refresh"] = "first launch"

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if w.dismiss(ui, "filter_menu"):
            return True
        if ui["search_open"]:
            ui["search_open"] = False
            return True
        if ui["stack"]:
            ui["stack"].pop()
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.ui["stack"]:
            return False
        if w.pager_swipe(ctx.ui, "page", len(PAGES), direction):
            ctx.ui["search_open"] = False
            return True
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _select_page(self, ctx: AppContext, title: str) -> None:
        page = PAGES.index(title)
        if page == ctx.ui["page"]:
            return  # setCurrentItem on the current page: no onPageSelected
        ctx.ui["page"] = page
        # onPageSelected pops the fragments shown above the pager.
        ctx.ui["stack"] = []
        ctx.ui["search_open"] = False

    def _open_tracker(self, ctx: AppContext, tracker_id: int) -> None:
        ctx.ui["stack"].append({"kind": "tracker", "id": tracker_id})
        present = sum(1 for a in computed_apps() if tracker_id in (a["trackers"] or []))
        ctx.data["tracker_page"] = {"id": tracker_id, "present": present}

    def _open_report(self, ctx: AppContext, package: str) -> None:
        ctx.ui["stack"].append({"kind": "report", "package": package})
        ctx.ui["search_open"] = False

    def _type_query(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text

    def _set_order(self, ctx: AppContext, order: str) -> None:
        ctx.memory["order"] = order
        ctx.ui["filter_menu"] = False

    # -- screens -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        top = ui["stack"][-1] if ui["stack"] else None
        if top is None:
            body = [self._home, self._my_trackers, self._about][ui["page"]](ctx)
        elif top["kind"] == "tracker":
            body = self._tracker_page(ctx, int(top["id"]))
        else:
            body = self._report_page(ctx, str(top["package"]))
        nav = w.bottom_navigation(
            list(zip(NAV_IDS, PAGES, strict=True)),
            PAGES[ui["page"]],
            self._select_page,
            rid="nav_view",
        )
        content = View(
            cls="androidx.drawerlayout.widget.DrawerLayout",
            resource_id="drawer_layout",
            children=[
                View(
                    cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
                    children=[
                        View(
                            cls="com.google.android.material.appbar.AppBarLayout",
                            resource_id="appBar",
                            weight=0,
                            children=[self._toolbar(ctx, top)],
                        ),
                        body,
                        nav,
                    ],
                )
            ],
        )
        windows: list[Window] = []
        if ui["filter_menu"]:
            order = ctx.memory.get("order", "DEFAULT")
            items = [(t, w.bind(self._set_order, o), rid) for t, rid, o in ORDERS]
            menu = w.menu_window(items, self._close_menu)
            for row, (_, _, o) in zip(menu.root.children, ORDERS, strict=True):
                row.checkable = True
                row.checked = o == order
            windows.append(menu)
        return Screen(content=content, windows=windows)

    def _toolbar(self, ctx: AppContext, top: dict[str, Any] | None) -> View:
        ui = ctx.ui
        actions: list[View] = []
        hidden = (top is None and ui["page"] == 1) or (top is not None and top["kind"] == "tracker")
        if ui["search_open"]:
            field = w.edit_text(
                "search_src_text", ui["query"], self._type_query, hint="Search", width=700
            )
            row: list[View] = [field]
            if ui["query"]:
                row.append(
                    w.image_view("search_close_btn", "Clear query", lambda c: self._clear(c))
                )
            search = View(
                cls="android.widget.LinearLayout",
                resource_id="search_bar",
                layout=HORIZONTAL,
                children=row,
            )
            collapse = w.nav_button("Collapse", lambda c: c.ui.update(search_open=False))
            return w.toolbar(search, navigation=collapse)
        if not hidden:
            actions.append(
                w.action_item("action_search", "Search", lambda c: c.ui.update(search_open=True))
            )
            actions.append(
                w.action_item(
                    "action_filter_options", "Filter", lambda c: c.ui.update(filter_menu=True)
                )
            )
            if top is not None and top["kind"] == "report":
                actions.append(
                    w.action_item("action_settings", "Application Settings", self._app_settings)
                )
        return w.toolbar("εxodus", actions=actions)

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["filter_menu"] = False

    def _clear(self, ctx: AppContext) -> None:
        ctx.ui["query"] = ""

    def _app_settings(self, ctx: AppContext) -> None:
        ctx.toast("This app doesn't have settings")

    def _sorted_apps(self, ctx: AppContext) -> list[dict[str, Any]]:
        apps = computed_apps()
        order = ctx.memory.get("order", "DEFAULT")

        def ntr(a: dict[str, Any]) -> int:
            return len(a["trackers"] or [])

        if order == "LESS_TRACKERS":
            return sorted(apps, key=lambda a: (ntr(a), a["permissions"]))
        if order == "MOST_TRACKERS":
            return sorted(apps, key=lambda a: (-ntr(a), -a["permissions"]))
        if order == "LESS_PERMISSIONS":
            return sorted(apps, key=lambda a: (a["permissions"], ntr(a)))
        if order == "MOST_PERMISSIONS":
            return sorted(apps, key=lambda a: (-a["permissions"], -ntr(a)))
        return sorted(apps, key=lambda a: str(a["label"]).lower())

    def _app_row(self, app: dict[str, Any]) -> View:
        infos: list[View] = []
        if app["trackers"] is not None:
            infos.append(
                w.linear_layout(
                    [
                        w.text_view(str(len(app["trackers"])), "app_tracker_nb", width=120),
                        w.text_view("Trackers", "app_tracker"),
                    ],
                    horizontal=True,
                    height=80,
                )
            )
        infos.append(
            w.linear_layout(
                [
                    w.text_view(str(app["permissions"]), "app_permission_nb", width=120),
                    w.text_view("Permissions", "app_permission"),
                ],
                horizontal=True,
                height=80,
            )
        )
        base = w.relative_layout(
            [
                w.image_view("app_logo", "Application Logo", width=147),
                w.text_view(app["label"], "app_name", height=90),
                w.linear_layout(infos, rid="layout_infos"),
            ],
            rid="base_info",
            layout=HORIZONTAL,
            height=200,
        )
        children = [base, w.text_view(f"Source: {app['source']}", "source", height=70)]
        if app["trackers"] is None:
            children.append(
                w.text_view("This app hasn't been analysed by Exodus Privacy yet.", "analysed")
            )
        return w.relative_layout(
            children,
            height=300,
            on_click=w.bind(self._open_report, app["package"]),
        )

    def _home(self, ctx: AppContext) -> View:
        query = ctx.ui["query"].strip().lower()
        apps = [a for a in self._sorted_apps(ctx) if query in str(a["label"]).lower()]
        rows = [self._app_row(a) for a in apps]
        app_list = w.list_view(
            rows,
            rid="app_list",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="home_scroll",
        )
        return _refreshable_page(w.frame_layout([app_list], rid="app_list_container"))

    def _my_trackers(self, ctx: AppContext) -> View:
        counts = my_trackers_counts()
        installed = len(computed_apps())
        ranked = sorted(counts.items(), key=lambda kv: -kv[1])
        rows = []
        for tid, number in ranked:
            rows.append(
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=160,
                    on_click=w.bind(self._open_tracker, tid),
                    children=[
                        View(
                            cls="android.view.ViewGroup",
                            resource_id="container",
                            layout=HORIZONTAL,
                            children=[
                                w.text_view(
                                    f"{number * 100 // installed} %", "percent_val", width=160
                                ),
                                w.text_view(TRACKERS[tid]["name"], "tracker_name", width=540),
                                w.text_view(f"{number} apps", "tracker_count", width=200),
                            ],
                        ),
                        w.image_view("details", "See the list of apps", width=147),
                    ],
                )
            )
        trackers = w.list_view(
            rows,
            rid="trackers",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="trackers_scroll",
        )
        return _refreshable_page(trackers)

    def _about(self, ctx: AppContext) -> View:
        return View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="viewpager",
            children=[
                w.linear_layout(
                    [
                        w.image_view("imageView", height=300),
                        w.text_view("About Exodus - Android Application"),
                        w.text_view(
                            "Exodus is an Android application that let you know what trackers "
                            "are embedded in apps installed on your smartphone using the exodus "
                            "platform. It let you also know the permissions required by any "
                            "apps on your smartphone.\n\nIt helps you to take your privacy "
                            "back!",
                            height=500,
                        ),
                        w.text_view("• Checkout our privacy policy here ➤", "privacyTV"),
                    ]
                )
            ],
        )

    def _tracker_page(self, ctx: AppContext, tracker_id: int) -> View:
        tracker = TRACKERS[tracker_id]
        apps = computed_apps()
        shown = [a for a in apps if tracker_id in (a["trackers"] or [])]
        percent = len(shown) * 100 // len(apps)
        children: list[View] = [
            w.text_view(tracker["name"], "name"),
            w.text_view(f"Present in {len(shown)} of your applications", "tracker_presence"),
            w.text_view(f"{percent}%", "tracker_presence_nb"),
            w.text_view("Tracker web page ➤", "tracker_url", on_click=self._web_page),
            w.text_view(tracker["description"], "description"),
            w.text_view("Detection Rules", "detection_rules"),
            w.text_view("Code detection rule:", "code_detection_title"),
            w.text_view(tracker["code"], "code_detection"),
            w.text_view("Network detection rule:", "network_detection_title"),
            w.text_view(tracker["network"], "network_detection"),
            w.text_view("Present in:", "tracker_presence_title"),
        ]
        if not apps:
            children.append(
                w.text_view(
                    "This tracker seems not be present in your applications", "no_app_found"
                )
            )
        rows = [self._app_row(a) for a in shown]
        children.append(
            w.frame_layout(
                [
                    w.list_view(
                        rows, rid="app_list", cls="androidx.recyclerview.widget.RecyclerView"
                    )
                ],
                rid="applications",
                height=max(1, len(rows)) * 300,
            )
        )
        return _scrolling_fragment(children, "tracker_scroll")

    def _web_page(self, ctx: AppContext) -> None:
        # Intent.ACTION_VIEW to the tracker's web site (a browser): outside the model.
        ctx.toast("Opening the tracker web page")

    def _report_page(self, ctx: AppContext, package: str) -> View:
        app = next(a for a in INSTALLED if a["package"] == package)
        trackers = app["trackers"] or []
        children: list[View] = [
            w.linear_layout(
                [
                    w.image_view("logo", "Application Logo", width=147),
                    w.text_view(app["label"], "name"),
                ],
                horizontal=True,
                height=147,
            ),
            w.linear_layout(
                [
                    w.text_view(str(len(trackers)), "trackers_nb", width=100),
                    w.text_view("Trackers", "trackers_title", width=300),
                    w.text_view(str(app["permissions"]), "permissions_nb", width=100),
                    w.text_view("Permissions", "permissions_title", width=300),
                ],
                horizontal=True,
                height=110,
            ),
            w.linear_layout(
                [
                    w.text_view("Installed Version: ", "installed_version", width=400),
                    w.text_view(app["version"], "installed_version_value"),
                ],
                horizontal=True,
                height=110,
            ),
            w.text_view(f"Source: {app['source']}", "source"),
            w.text_view("See on εxodus ➤", "report_url"),
            w.linear_layout(
                [
                    w.text_view(str(len(trackers)), "trackers_nb_list", width=100),
                    w.text_view("Trackers", "trackers_title_list"),
                ],
                horizontal=True,
                height=110,
            ),
        ]
        if trackers:
            children.append(
                w.text_view(
                    "We have found code signature of the following trackers in the application:",
                    "code_signature",
                )
            )
            rows = [
                w.text_view(
                    f"{TRACKERS[t]['name']} ➤",
                    "tracker_name",
                    on_click=w.bind(self._open_tracker, t),
                )
                for t in trackers
            ]
        else:
            children.append(
                w.text_view(
                    "We have not found code signature of any tracker we know in the application.",
                    "code_signature",
                )
            )
            rows = [w.text_view("The application could contain tracker(s) we do not know yet.")]
        children.append(
            w.list_view(rows, rid="trackers", cls="androidx.recyclerview.widget.RecyclerView")
        )
        children.append(w.text_view(str(app["permissions"]), "permissions_nb_list"))
        return _scrolling_fragment(children, "report_scroll")


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG_194.bug_id: [
        # The Trackers page alone.
        [click(PACKAGE, "navigation_analytics", desc="Trackers")],
        # Another tracker, found in listed apps.
        [
            click(PACKAGE, "navigation_analytics", desc="Trackers"),
            click(PACKAGE, "tracker_name", text="Google Firebase Analytics"),
        ],
        # A tracker opened from an app's report in My apps.
        [
            click(PACKAGE, "app_name", text="Firefox"),
            click(PACKAGE, "tracker_name", text="Google Firebase Analytics ➤"),
        ],
        # The About page instead.
        [
            click(PACKAGE, "navigation_analytics", desc="Trackers"),
            click(PACKAGE, "aboutExodus", desc="About"),
        ],
        # Swiping to the Trackers page and opening a tracker of several apps.
        [
            {"kind": "swipe", "direction": "left"},
            click(PACKAGE, "tracker_name", text="Adjust"),
            {"kind": "press_back"},
        ],
    ],
}
