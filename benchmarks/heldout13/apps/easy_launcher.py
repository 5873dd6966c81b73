"""Easy Launcher (``app.easy.launcher``) 0.3.1, for EasyLauncher#199 (a non-crash bug).

Modelled from the sources at tag ``0.3.1`` (commit ``8cf164c``, the release of 2024-12-01, the
last before the report): ``AndroidManifest.xml``, ``app/build.gradle.kts`` (application id and
label), ``ui/activities/MainActivity.kt``, ``ui/home/HomeFragment.kt``,
``ui/drawer/DrawFragment.kt``, ``adapter/drawer/DrawAdapter.kt``,
``ui/bottomsheetdialog/AppInfoBottomSheetFragment.kt``, ``ui/favorite/FavoriteFragment.kt``,
``ui/hidden/HiddenFragment.kt``, ``data/dao/AppInfoDAO.kt``, ``viewmodel/AppViewModel.kt``,
``fuzzywuzzy/FuzzyFinder.kt``, ``helper/PreferenceHelper.kt`` (defaults: swipe left opens the
app list, swipe right the favourites, filter strength 25, search from start, no automatic
opening), ``res/layout/fragment_home.xml``, ``fragment_draw.xml``, ``item_draw.xml``,
``item_home.xml``, ``bottomsheet_dialog.xml``, ``fragment_favorite.xml``,
``fragment_hidden.xml`` and ``res/values/strings.xml``. The fix is commit ``846ba48`` ("Fixed
the search feature to only show items not hidden", close #199), which adds ``WHERE is_hidden =
0`` to ``AppInfoDAO.searchApps``; it shipped in 0.3.2.

What is modelled: ``MainActivity`` asks for ACCESS_FINE_LOCATION each time it is created without
it (``initializeDependencies`` clears the "denied" flag), and returns to the home page whenever
it resumes or stops (``backToHomeScreen``). Home: the battery, clock and date (fixed values) and
the favourite apps (``appListAdapter``, ``appHome_name``); swipe left opens the app drawer, swipe
right the favourites page, a long press the settings; swipe up and down ask the system for
recents and the notification shade (nothing here). The drawer (``DrawFragment``): the SearchView
(``search_view_text``, its field ``search_src_text`` with the hint "Search"), the
``drawAdapter`` list of the apps that are not hidden (``appDraw_name``, sorted by name), the
``draw_search_button``; a tap on an app opens it (the launcher leaves for it: the model records
the launch and shows home); a long press opens the app's bottom sheet (the rename field and
Save, "Add to Home Screen"/"Remove from Home Screen", "Hidden App"/"Remove Hidden App", "Lock
App"/"Unlock App", "Uninstall App", "App Info"); Back returns home. The favourites page ("Favorite
Apps" or "No Favorite Apps"; Back goes to the settings, as ``goBackToSettings`` does). Stubs: the
settings page (its title and category rows, Back returns home), Uninstall and App Info (system
screens: the sheet closes), unlocking (it needs the biometric prompt: the sheet stays).

Fixed data instead of the device's package list: the launchable apps of a stock emulator image
(Calendar, Camera, Chrome, Clock, Contacts, Drive, Files, Gmail, Google, Maps, Messages, Phone,
Photos, Play Store, Settings, YouTube); battery 100%, clock 12:00, date "Mon, 07 Dec".

The bug (EasyLauncher#199): ``searchApp`` collects ``viewModel.searchAppInfo()``, backed by
``AppInfoDAO.searchApps`` (``SELECT * FROM app ORDER BY app_name``), which unlike
``getDrawAppsFlow`` does not leave out hidden apps. So a query's results include hidden apps
that match, and when the query becomes empty (the user deletes it, or ``showSelectedApp``
clears it) the adapter is given every app, hidden ones included. Each query change starts a
collector that lives as long as the drawer's view and re-submits its list on every database
change; the model lets the latest query's collector win over the drawer's own list (the real
order of these emissions is not fixed). The list shown is mirrored in ``data["drawer_rows"]``
for the oracle.

Uncertain: the order of the Flow emissions noted above; the search scoring follows
``FuzzyFinder.scoreApp`` for the model's ASCII names.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, input_text, long_click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "app.easy.launcher"
MAIN = "com.github.droidworksstudio.launcher.ui.activities.MainActivity"
LOCATION = "android.permission.ACCESS_FINE_LOCATION"
FILTER_STRENGTH = 25  # PreferenceHelper.filterStrength's default
FILTER_STRENGTH_MAX = 100

# The launchable apps of the test device (fixed data): (package, label).
INSTALLED: tuple[tuple[str, str], ...] = (
    ("com.google.android.calendar", "Calendar"),
    ("com.android.camera2", "Camera"),
    ("com.android.chrome", "Chrome"),
    ("com.google.android.deskclock", "Clock"),
    ("com.google.android.contacts", "Contacts"),
    ("com.google.android.apps.docs", "Drive"),
    ("com.google.android.documentsui", "Files"),
    ("com.google.android.gm", "Gmail"),
    ("com.google.android.googlequicksearchbox", "Google"),
    ("com.google.android.apps.maps", "Maps"),
    ("com.google.android.apps.messaging", "Messages"),
    ("com.google.android.dialer", "Phone"),
    ("com.google.android.apps.photos", "Photos"),
    ("com.android.vending", "Play Store"),
    ("com.android.settings", "Settings"),
    ("com.google.android.youtube", "YouTube"),
)
SETTINGS_ROWS = (
    ("Features", "Improve your productivity."),
    ("Look and Feel", "Give your home screen a personal touch."),
    ("Widgets", "Give your home screen some widgets."),
    ("Advanced", ""),
)


def _normalize(text: str) -> str:
    """FuzzyFinder.normalizeString(input): upper case, without - _ + , . and diacritics."""
    return re.sub(r"[-_+,.]", "", text.upper())


def fuzzy_score(name: str, query: str) -> int:
    """FuzzyFinder.scoreApp: the query's characters found in order in the name, over the longer
    length, times 100 (0 when one is missing)."""
    s1, s2 = _normalize(name), _normalize(query)
    index = 0
    matched = 0
    for c in s2:
        found = s1.find(c, index)
        if found < 0:
            return 0
        index = found + 1
        matched += 1
    longer = max(len(s1), len(s2))
    return int(matched / longer * FILTER_STRENGTH_MAX) if longer else 0


def _hidden_in_drawer(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #199: the app drawer's list shows an app the user hid."""
    hidden = {a["package"] for a in data.get("apps", []) if a["hidden"]}
    return (
        system.get("foreground") == "app"
        and system.get("activity") == MAIN
        and data.get("page") == "draw"
        and any(row in hidden for row in data.get("drawer_rows", []))
    )


ALLOW = allow_permission(PACKAGE)
DRAWER = {"kind": "swipe", "direction": "left"}
SEARCH = "search_src_text"


def _hold(label: str) -> dict[str, Any]:
    return long_click(PACKAGE, "appDraw_name", label, cls="android.widget.TextView")


def _sheet(rid: str, text: str) -> dict[str, Any]:
    return click(PACKAGE, rid, text, cls="android.widget.TextView")


def _type(text: str) -> dict[str, Any]:
    return input_text(PACKAGE, SEARCH, text, cls="android.widget.AutoCompleteTextView")


HIDE_CALENDAR = [ALLOW, DRAWER, _hold("Calendar"), _sheet("bottom_sheet_hidden", "Hidden App")]

BUG_199 = BugSpec(
    bug_id="EasyLauncher#199",
    kind="non-crash",
    title="[Bug Report] Searching for a hidden app makes it show in the app list",
    oracle=_hidden_in_drawer,
    human_steps=(*HIDE_CALENDAR, _type("C"), {"kind": "press_delete"}),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG_199.bug_id: [
        # Hidden, but never searched.
        list(HIDE_CALENDAR),
        # Searched and cleared, but nothing hidden.
        [ALLOW, DRAWER, _type("C"), {"kind": "press_delete"}],
        # Hidden, then the drawer closed and opened again.
        [*HIDE_CALENDAR, {"kind": "press_back"}, DRAWER],
        # Hidden and a letter typed that matches nothing strongly enough, not deleted.
        [*HIDE_CALENDAR, _type("C")],
        # Added to the home screen instead of hidden, then searched and cleared.
        [
            ALLOW,
            DRAWER,
            _hold("Calendar"),
            _sheet("bottom_sheet_fav_hidden", "Add to Home Screen"),
            _type("C"),
            {"kind": "press_delete"},
        ],
    ],
}


class EasyLauncher(VirtualApp):
    """Easy Launcher 0.3.1 (see the module docstring)."""

    name: ClassVar[str] = "EasyLauncher"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Easy Launcher"
    version: ClassVar[str] = "0.3.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_199,)
    # 0.3.1: AppInfoDAO.searchApps does not leave out hidden apps (846ba48 adds the filter).
    SEARCH_INCLUDES_HIDDEN: ClassVar[bool] = True

    def initial_data(self) -> dict[str, Any]:
        apps = [
            {
                "package": package,
                "label": label,
                "name": label,
                "hidden": False,
                "favorite": False,
                "lock": False,
            }
            for package, label in INSTALLED
        ]
        return {"apps": apps, "page": "home", "drawer_rows": [], "launched": []}

    # -- queries -----------------------------------------------------------------------------
    @staticmethod
    def _sorted(apps: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return sorted(apps, key=lambda a: a["name"].lower())  # COLLATE NOCASE

    def _draw_apps(self, ctx: AppContext) -> list[str]:
        """getDrawAppsFlow: the apps that are not hidden."""
        return [a["package"] for a in self._sorted(ctx.data["apps"]) if not a["hidden"]]

    def _search_results(self, ctx: AppContext) -> list[dict[str, Any]]:
        """searchApps."""
        apps = self._sorted(ctx.data["apps"])
        if self.SEARCH_INCLUDES_HIDDEN:
            return apps
        return [a for a in apps if not a["hidden"]]

    def _search_rows(self, ctx: AppContext, query: str) -> list[str]:
        """searchApp(query, isSearching=true): what the adapter is given."""
        results = self._search_results(ctx)
        trimmed = query.strip()
        if not trimmed:
            return [a["package"] for a in results]
        scored = [(a, fuzzy_score(a["name"], trimmed)) for a in results]
        scored = [pair for pair in scored if pair[1] > 25]
        scored.sort(key=lambda pair: -pair[1])
        final = [
            a
            for a, score in scored
            if a["name"].lower().startswith(trimmed.lower()) and score > FILTER_STRENGTH
        ]
        return [a["package"] for a in final]

    def _app(self, ctx: AppContext, package: str) -> dict[str, Any]:
        return next(a for a in ctx.data["apps"] if a["package"] == package)

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if "dest" in ui:
            return  # the activity is locked to portrait: a rotation re-creates nothing
        for key, value in (("dest", "home"), ("query", ""), ("collectors", []), ("sheet", None)):
            ui.setdefault(key, value)
        self._go(ctx, ui["dest"])
        if LOCATION not in ctx.permissions:
            ctx.request_permission(LOCATION)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        self._go(ctx, "home")  # onResume: backToHomeScreen

    def on_activity_stop(self, ctx: AppContext) -> None:
        self._go(ctx, "home")

    def on_activity_restart(self, ctx: AppContext) -> None:
        self._go(ctx, "home")

    def on_back(self, ctx: AppContext) -> bool:
        """goBackToSettings."""
        ui = ctx.ui
        if ui["sheet"] is not None:
            ui["sheet"] = None
            return True
        dest = ui["dest"]
        if dest == "home":
            return True  # the launcher stays
        self._go(ctx, "settings" if dest in ("favorite", "hidden") else "home")
        return True

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.ui["dest"] != "home" or ctx.ui["sheet"] is not None:
            return False
        if direction == "left":
            self._go(ctx, "draw")
            return True
        if direction == "right":
            self._go(ctx, "favorite")
            return True
        return direction in ("up", "down")  # recents / notification shade: the system's

    # -- handlers ----------------------------------------------------------------------------
    def _go(self, ctx: AppContext, dest: str) -> None:
        ui = ctx.ui
        if ui.get("dest") == "draw" and dest != "draw":
            ui.update(query="", collectors=[])  # the drawer's view and its collectors go
        if dest == "draw" and ui.get("dest") != "draw":
            ui.update(query="", collectors=[])
            ctx.data["drawer_rows"] = self._draw_apps(ctx)
        ui.update(dest=dest, sheet=None)
        ctx.data["page"] = dest

    def _query(self, ctx: AppContext, text: str) -> None:
        """onQueryTextChange: a new collector submits its results."""
        ui = ctx.ui
        if text == ui["query"]:
            return
        ui["query"] = text
        ui["collectors"].append(text)
        ctx.data["drawer_rows"] = self._search_rows(ctx, text)

    def _db_changed(self, ctx: AppContext) -> None:
        """Room re-emits: the drawer's list, then each live search collector's."""
        if ctx.ui["dest"] != "draw":
            return
        collectors = ctx.ui["collectors"]
        if collectors:
            ctx.data["drawer_rows"] = self._search_rows(ctx, collectors[-1])
        else:
            ctx.data["drawer_rows"] = self._draw_apps(ctx)

    def _launch(self, ctx: AppContext, package: str) -> None:
        """launchApp: the app opens; back in the launcher, home is shown."""
        if self._app(ctx, package)["lock"]:
            return  # the biometric prompt: not modelled
        ctx.data["launched"].append(package)
        self._go(ctx, "home")

    def _hold(self, ctx: AppContext, package: str) -> None:
        """showSelectedApp: the query is cleared, then the bottom sheet opens."""
        if ctx.ui["dest"] == "draw":
            self._query(ctx, "")
        ctx.ui["sheet"] = package

    def _toggle(self, ctx: AppContext, field: str) -> None:
        app = self._app(ctx, ctx.ui["sheet"])
        app[field] = not app[field]
        ctx.ui["sheet"] = None
        self._db_changed(ctx)

    def _lock(self, ctx: AppContext) -> None:
        app = self._app(ctx, ctx.ui["sheet"])
        if app["lock"]:
            return  # unlocking asks for the fingerprint first
        self._toggle(ctx, "lock")

    def _rename(self, ctx: AppContext, text: str) -> None:
        app = self._app(ctx, ctx.ui["sheet"])
        app["name"] = text or app["label"]
        self._db_changed(ctx)

    def _close_sheet(self, ctx: AppContext) -> None:
        ctx.ui["sheet"] = None

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        dest = ctx.ui["dest"]
        if dest == "draw":
            content = self._render_draw(ctx)
        elif dest in ("favorite", "hidden"):
            content = self._render_list(ctx, dest)
        elif dest == "settings":
            content = self._render_settings()
        else:
            content = self._render_home(ctx)
        root = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            resource_id="mainActivityLayout",
            children=[content],
        )
        windows = [self._sheet(ctx)] if ctx.ui["sheet"] is not None else []
        return Screen(content=root, windows=windows)

    def _row(self, app: dict[str, Any], rid: str, *, hold: bool) -> View:
        name = w.text_view(app["name"], rid, height=130)
        return View(
            cls="androidx.appcompat.widget.LinearLayoutCompat",
            resource_id="linear_layout",
            layout="horizontal",
            height=130,
            on_click=w.bind(self._launch, app["package"]),
            on_long_click=w.bind(self._hold, app["package"]) if hold else None,
            children=[name],
        )

    def _render_home(self, ctx: AppContext) -> View:
        favorites = [a for a in ctx.data["apps"] if a["favorite"] and not a["hidden"]]
        block = w.linear_layout(
            [
                w.text_view("100%", "battery", height=80),
                View(cls="android.widget.TextClock", resource_id="clock", text="12:00", height=200),
                View(
                    cls="android.widget.TextClock",
                    resource_id="date",
                    text="Mon, 07 Dec",
                    height=100,
                ),
            ],
            rid="blockView",
            weight=0,
        )
        apps = w.linear_layout(
            [
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="appListAdapter",
                    children=[self._row(a, "appHome_name", hold=True) for a in favorites],
                )
            ],
            rid="appListTouchArea",
        )
        touch = w.frame_layout(rid="touchArea", on_long_click=lambda c: self._go(c, "settings"))
        return w.frame_layout(
            [touch, w.linear_layout([block, apps], rid="mainView")], rid="mainLayout", layout=FRAME
        )

    def _render_draw(self, ctx: AppContext) -> View:
        by_package = {a["package"]: a for a in ctx.data["apps"]}
        rows = [
            self._row(by_package[p], "appDraw_name", hold=True) for p in ctx.data["drawer_rows"]
        ]
        search = w.linear_layout(
            [
                w.edit_text(
                    SEARCH,
                    ctx.ui["query"],
                    self._query,
                    hint="Search",
                    cls="android.widget.AutoCompleteTextView",
                )
            ],
            rid="search_view_text",
            height=150,
        )
        listing = w.list_view(
            rows,
            rid="drawAdapter",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="draw_scroll",
        )
        main = w.linear_layout(
            [w.linear_layout([search], rid="searchViewContainer", height=150), listing],
            rid="mainView",
        )
        return View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            resource_id="draw_background",
            layout=FRAME,
            children=[main, w.fab("draw_search_button", "", lambda c: None)],
        )

    def _render_list(self, ctx: AppContext, dest: str) -> View:
        if dest == "favorite":
            title, empty, rid = "Favorite Apps", "No Favorite Apps", "favoriteAdapter"
            apps = [a for a in ctx.data["apps"] if a["favorite"]]
        else:
            title, empty, rid = "Hidden Apps", "No Hidden Apps", "hiddenAdapter"
            apps = [a for a in ctx.data["apps"] if a["hidden"]]
        children: list[View] = [w.text_view(title, "topTextView", height=200)]
        if apps:
            children.append(
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id=rid,
                    children=[w.text_view(a["name"], height=130) for a in apps],
                )
            )
        else:
            children.append(w.text_view(empty, "noApps"))
        return w.frame_layout([w.linear_layout(children)], rid="fragment_container")

    def _render_settings(self) -> View:
        rows = [w.text_view("Launcher Settings", height=200)]
        rows += [
            w.linear_layout(
                [w.text_view(title, height=90), w.text_view(text, height=70)], height=170
            )
            for title, text in SETTINGS_ROWS
        ]
        return w.scroll_view([w.linear_layout(rows, weight=0)])

    def _sheet(self, ctx: AppContext) -> Window:
        app = self._app(ctx, ctx.ui["sheet"])

        def item(rid: str, text: str, handler: Any) -> View:
            return w.linear_layout(
                [w.text_view(text, rid, on_click=handler, height=130)], height=130
            )

        body = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.edit_text(
                            "bottom_sheet_rename",
                            app["name"],
                            self._rename,
                            hint=app["label"],
                            cls="android.widget.EditText",
                        ),
                        w.text_view("Save", "bottom_sheet_rename_done", on_click=self._close_sheet),
                    ],
                    horizontal=True,
                    height=150,
                ),
                item(
                    "bottom_sheet_fav_hidden",
                    "Remove from Home Screen" if app["favorite"] else "Add to Home Screen",
                    lambda c: self._toggle(c, "favorite"),
                ),
                item(
                    "bottom_sheet_hidden",
                    "Remove Hidden App" if app["hidden"] else "Hidden App",
                    lambda c: self._toggle(c, "hidden"),
                ),
                item(
                    "bottom_sheet_lock",
                    "Unlock App" if app["lock"] else "Lock App",
                    self._lock,
                ),
                item("bottom_sheet_uninstall", "Uninstall App", self._close_sheet),
                item("bottom_sheet_info", "App Info", self._close_sheet),
            ],
            rid="bottom_sheet0",
            weight=0,
        )
        return Window(root=body, kind="sheet", on_dismiss=self._close_sheet)
