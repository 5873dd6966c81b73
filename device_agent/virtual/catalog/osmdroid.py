"""Open Map, osmdroid's sample app ``OpenStreetMapViewer`` (``org.osmdroid``) 6.0.1, with bug
osmdroid#1030 (crash).

Modelled from the sources at tag ``osmdroid-parent-6.0.1`` (under
``OpenStreetMapViewer/src/main``: ``AndroidManifest.xml``, ``intro/IntroActivity.java``,
``IntroSliderAdapter.java``, ``LogoFragment.java``, ``AboutFragment.java``,
``PermissionsFragment.java``, ``StoragePreferenceFragment.java``, ``StorageAdapter.java``,
``DataUseWarning.java``, ``TileSourceWarnings.java``, ``MainActivity.java``,
``ExtraSamplesActivity.java``, ``samplefragments/SampleFactory.java``,
``BaseSampleFragment.java``, ``ui/SamplesMenuFragment.java``, ``ui/ExpandableListAdapter.java``,
the ``layouts`` samples, ``res/layout/intro_*.xml``, ``activity_main.xml``,
``activity_extra_samples.xml``, ``sample_menu_layout.xml``, ``list_group.xml``,
``list_item.xml``, ``layout_storage_device.xml``, ``res/values/strings.xml``; the library's
``DefaultConfigurationProvider`` and ``StorageUtils`` for the cache paths; ``gradle.properties``
for the version) and the fix (PR #1034, commit ``2dc49064``):

- the launcher opens ``IntroActivity`` (a first run: no ``osmdroid_first_ran`` preference): a
  ViewPager ``introviewpager`` of six pages (logo "Open Map" / "osmdroid demo app"; About with
  "Visit our site on Github"; Permissions with "Ask for Permissions" ``askPermissions``, which
  asks for location and storage; Cache Storage with the cache sizes and location,
  "Pick Cache Location" and "Enter Cache Location"; the data-use warning; the tile-source
  notices) above the bar ``introPrev`` ("Previous", hidden on the first page),
  ``introProgressBar`` and ``introNext`` ("Next"; "I Agree" on the last page, which stores the
  preference and opens ``MainActivity``). Swipes change pages too;
- ``MainActivity``: the toolbar ``my_toolbar`` "Open Map", "External Storage State:"
  ``sdcardstate_value`` "Mounted", ``mainstorageInfo`` (the tile cache path and size),
  ``version_text`` "6.0.1 release" and the ``ListView`` ``activitylist`` of 14 entries
  (``android:id/text1``). "More Samples" opens ``ExtraSamplesActivity``; "View the intro again"
  clears the preference and goes back to the intro; "Report a bug" opens the browser (nothing
  here); the other entries open stubs (their activity's label and a plain map or Back);
- ``ExtraSamplesActivity`` (toolbar "More Samples") shows ``SamplesMenuFragment``: the
  ``ExpandableListView`` ``lvExp`` of the sample groups (``lblListHeader``), each the Java
  package of its samples, in the iteration order of the ``HashSet`` that collects them on
  Android 6 (the report's system), expanded by a tap to the sample titles (``lblListItem``) in
  ``SampleFactory`` order. A sample replaces the menu (Back returns to it) with its map (a
  ``MapView``, which dumps as a ViewGroup; the samples themselves are not modelled) and the
  options menu of ``BaseSampleFragment`` (More options: Run Tests, Vertical Replication,
  Horizontal Replication, Scale Tiles, Rotate Clockwise, Rotate Counter Clockwise; they change
  nothing here).

``version_text`` assumes a release build whose version name is the POM version (gradle-fury
sets it; the manifest's own ``5.3-SNAPSHOT`` is overridden).

Fixed data: the device's free space (10.2 GB) and its storage (the emulated primary storage);
there is no tile cache database yet (size -1). The license notices of the last intro page are
shortened to their headings (with the first, OpenStreetMap's, in full).

The bug (osmdroid#1030): ``BaseSampleFragment.onResume`` calls ``mMapView.onResume()``; the
samples of the Layouts group that build their own view without a ``MapView`` leave ``mMapView``
null ("Map in a view pager" inflates a ViewPager, "Map in a List View" a RecyclerView, and "Map
in a recycler/cardview layout" looks up ``R.id.mapview`` in a layout without one), so opening
one throws a ``NullPointerException`` as the fragment resumes (fixed in 6.0.2 by null checks in
``onResume``/``onPause``). The report has no stack trace; the frames are the sources' methods
with the support library's fragment manager and Android 6's looper.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window
from device_agent.virtual.widgets import (
    alert_dialog,
    bind,
    dialog_button,
    dialog_title,
    edit_text,
    input_dialog,
    list_view,
    menu_window,
    overflow_button,
    text_view,
    toolbar,
)

PACKAGE = "org.osmdroid"
INTRO = ".intro.IntroActivity"
MAIN = ".MainActivity"
EXTRA = ".ExtraSamplesActivity"
FINE_LOCATION = "android.permission.ACCESS_FINE_LOCATION"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
SDCARD = "/storage/emulated/0"
TILE_CACHE = f"{SDCARD}/osmdroid/tiles"
FREE_SPACE = "10.2 GB"  # fixed data: the device's free space

# IntroSliderAdapter's pages.
PAGES = 6
APP_NAME = "Open Map"
DEMO_APP = "osmdroid demo app"
OPEN_MAP_DESCRIPTION = (
    "Open Map is a demo application for the osmdroid software library. It's purpose is to show "
    "how to use the various functions and capabilities of osmdroid. \n \nosmdroid is a (almost) "
    "full/free replacement for Android's MapView (v1 API) class. It also includes a modular tile "
    "provider system with support for numerous online and offline tile sources and overlay "
    "support with built-in overlays for plotting icons, tracking location, and drawing "
    "shapes.\n \nGood news: It's free and open source!\n \nWe rely on volunteers to keep osmdroid "
    "going and welcome contributions of all types."
)
PERMISSIONS_REQUEST = (
    "osmdroid needs some permissions to get going. It works in most cases without them, but not "
    "all examples will function correctly."
)
GPS_DESCRIPTION = "This is needed to place an icon on the map where this device is located."
STORAGE_DESCRIPTION = (
    "osmdroid provides access to online maps from a variety of sources. Online maps are chopped "
    "up into millions of small images called tiles. To save you bandwidth, osmdroid caches those "
    "tiles on your device as they are downloaded. Without this permission, tiles are stored in "
    "this application's prviate storage area, typically on the devices internal storage. With "
    "this permission, you can store the cache at any writable location, such as an sdcard. When "
    "stored on the sdcard, other apps that use osmdroid will share the same cache which saves "
    "you space on your device."
)
ALMOST_THERE = (
    "Almost there! We just wanted to confirm that that location we selected automatically, is "
    "ok with you storing the map tile cache"
)
DATA_USE_TITLE = "Important information on data usage"
DATA_USE_TEXT = (
    "This demo application provides access to online map source. When used on a metered "
    "network, this may be result in data charges. The Cache Manager can use a LOT of data. Use "
    "your own judgement. We're not responsible for data overages or charges."
)
OSM_NOTICE = (
    "This demo application provides access to Open Street Map map tiles by default.\n\n"
    "OpenStreetMap® is open data, licensed under the Open Data Commons Open Database License "
    "(ODbL) by the OpenStreetMap Foundation (OSMF).\n\nYou are free to copy, distribute, "
    "transmit and adapt our data, as long as you credit OpenStreetMap and its contributors. If "
    "you alter or build upon our data, you may distribute the result only under the same "
    "licence. The full legal code explains your rights and responsibilities.\n\nThe cartography "
    "in our map tiles, and our documentation, are licensed under the Creative Commons "
    "Attribution-ShareAlike 2.0 license (CC BY-SA).\n\nMore information is available at "
    "http://www.openstreetmaps.org"
)
NOTICE_HEADINGS = (
    "Mapsforge",
    "Geopackage",
    "Microsoft map sources",
    "HERE Map sources",
    "MapBox map sources",
    "Mapquest map sources",
    "Chartbundle map sources",
    "Cycle Map Tile Sources",
    "OpenTopo map sources",
    "USGS Tile Sources",
)
GRANTED_ALL = "All permissions granted"
NEED_STORAGE = (
    "Storage permission is required to store map tiles to reduce data usage and for offline usage."
)
NEED_LOCATION = "Location permission is required to show the user's location on map."

# MainActivity's list: (title, activity started, its label) - None: handled by the row itself.
MAIN_ENTRIES: tuple[tuple[str, str | None], ...] = (
    ("OSMDroid Sample map (Start Here)", ".StarterMapActivity"),
    (
        "OSMapView with Minimap, ZoomControls, Animations, Scale Bar and MyLocationOverlay",
        ".samples.SampleExtensive",
    ),
    ("OSMapView with ItemizedOverlay", ".samples.SampleWithMinimapItemizedoverlay"),
    ("OSMapView with Minimap and ZoomControls", ".samples.SampleWithMinimapZoomcontrols"),
    ("Sample with tiles overlay", ".samples.SampleWithTilesOverlay"),
    (
        "Sample with tiles overlay and secondary tile overlay",
        ".samples.SampleWithTilesOverlayAndCustomTileSource",
    ),
    ("More Samples", EXTRA),
    ("Report a bug", None),
    ("Settings", ".PreferenceActivity"),
    ("Bug Drivers", ".BugsTestingActivity"),
    ("Diagnostics", ".diag.DiagnosticsActivity"),
    ("View the intro again", None),
    ("Licenses", ".LicenseActivity"),
    ("Cache Analyzer", ".debug.CacheAnalyzerActivity"),
)
# The manifest's labels of the stub activities; the map ones show a plain map.
STUBS = {
    ".StarterMapActivity": ("OSMDroid Sample Map", True),
    ".samples.SampleExtensive": ("OSMapView with UI Tools", True),
    ".samples.SampleWithMinimapItemizedoverlay": ("OSMapView with ItemizedOverlay", True),
    ".samples.SampleWithMinimapZoomcontrols": ("OSMapView with MiniMap & Zoom", True),
    ".samples.SampleWithTilesOverlay": ("OSMapView with Tiles Overlay", True),
    ".samples.SampleWithTilesOverlayAndCustomTileSource": ("OSMapView with Custom Tiles", True),
    ".PreferenceActivity": ("Open Map Preferences", False),
    ".BugsTestingActivity": ("Bug Drivers", False),
    ".diag.DiagnosticsActivity": ("Diagnostics", False),
    ".LicenseActivity": ("Licenses", False),
    ".debug.CacheAnalyzerActivity": ("Cache Analyzer", False),
}

# SampleFactory's samples (SDK 23) by group, in the HashSet order of the groups on Android 6
# (libcore's HashMap) and SampleFactory's order within a group.
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Tileproviders",
        (
            "Offline Only Tiles with custom 404 image",
            "Assets Only",
            "Offline Gemf Only Tiles",
            "Assets Only With Repetition Modes",
            "Mapsforge tiles",
            "Offline Only Tiles with picker",
            "Offline abstract tiles for zoom levels 0 to 29",
        ),
    ),
    (
        "Layouts",
        (
            "MapView in XML layout",
            "Two maps, split screen with Mapbox",
            "Map in a view pager",
            "Map in a scroll view",
            "Map in a recycler/cardview layout",
            "Scale Bar on the bottom",
            "Map in a List View",
        ),
    ),
    (
        "Animations",
        (
            "Animated Marker",
            "Super fast zoom speed",
            "Marker Animation (Handler)",
            "Marker Animation (ICS+)",
            "Marker Animation (HC+)",
            "Minimum and Maximum Zoom Level",
        ),
    ),
    (
        "Data",
        (
            "Itemized overlay w/focus",
            "Itemized overlay at Scale",
            "OsmPath drawing",
            "10K race in Paris",
            "Military Icons using Itemized Icons",
            "Military Icons using Markers",
            "Lat/Lon Gridlines",
            "AsyncTaskDemoFragment - Load Icons in AsyncTask",
            "Simple Location Overlay (marker)",
            "Simple Fast Point Overlay with 60k points",
            "Marker",
            "Heatmap with Async loading",
            "Internal Space Station Tracker (Network connection required)",
            "Internal Space Station Tracker with motion trails",
            "Lat/Lon Gridlines (customized)",
            "Live weather for USA using Ground Overlay",
        ),
    ),
    (
        "Tilesources",
        (
            "Inverted Tiles",
            "MapBox",
            "Custom Tile Source",
            "Whacky Color Tiles",
            "MapQuest tile source",
            "HERE WeGo map tiles (keys are expired)",
            "Custom tile loading image",
            "Open Sea Map",
            "Copyright with offsets",
            "Bing Aerial with Labels",
            "Bing Road maps",
            "Sepia tone tiles",
            "WMS Source",
        ),
    ),
    (
        "Events",
        (
            "Limited scroll area",
            "Animated Zoom to Location",
            "Map Event Listener",
            "Animate To",
            "Start up events",
            "Zoom to Bounding Box",
            "Zoom to bounds on Start",
            "Dragging a Marker",
        ),
    ),
    (
        "Cache",
        (
            "Alt Cache Dir",
            "Jumbo Memory Cache",
            "SQLite Only",
            "Cache Manager",
            "Cache Manager with custom UI",
            "Cache Manager Archival",
            "Import the file system cache into the newer sql cache",
            "How to purge the tile cache",
            "Cache Delete Area",
        ),
    ),
    (
        "Location",
        (
            "Directed Location Overlay",
            "Heading/Compass Up",
            "Follow Me",
            "Map Rotation",
            "MyLocationNewOverlay with Click",
            "Custom My Location Overlay",
            "Compass Pointer",
            "Compass Rose",
        ),
    ),
    ("Milstd2525", ("Symbol Plotter",)),
    (
        "Geopackage",
        ("Geopackage Raster Tiles", "Geopackage Feature Overlays", "Geopackage Feature Tiles"),
    ),
    (
        "Drawing",
        (
            "Draw a polyline on screen",
            "Draw a polygon on screen",
            "Draw a polygon with holes on screen",
            "Draw a polyline on screen without wrapping",
            "Draw a polygon on screen without wrapping",
            "Long Press to Plot Marker",
            "Long Press to Plot Marker without wrapping",
            "Draw a polygon on screen without vertical wrapping",
            "Draw a polyline on screen without vertical wrapping",
            "Draw a polyline with arrows",
            "Draw a polygon with arrows",
            "Draw a circle 10km (long press)",
        ),
    ),
)
# The samples whose view has no MapView: mMapView stays null (osmdroid#1030).
NO_MAP_VIEW = {
    "Map in a view pager": "org.osmdroid.samplefragments.layouts.MapInAViewPagerFragment",
    "Map in a recycler/cardview layout": "org.osmdroid.samplefragments.layouts.RecyclerCardView",
    "Map in a List View": "org.osmdroid.samplefragments.layouts.StreetAddressFragment",
}
SAMPLE_MENU = (
    "Run Tests",
    "Vertical Replication",
    "Horizontal Replication",
    "Scale Tiles",
    "Rotate Clockwise",
    "Rotate Counter Clockwise",
)
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'void org.osmdroid.views.MapView.onResume()' on a null "
    "object reference"
)
# BaseSampleFragment.onResume, run as the fragment manager commits the sample's transaction.
RESUME_FRAMES = [
    "org.osmdroid.samplefragments.BaseSampleFragment.onResume(BaseSampleFragment.java:90)",
    "android.support.v4.app.Fragment.performResume(Fragment.java:2020)",
    "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:1107)",
    "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:1252)",
    "android.support.v4.app.BackStackRecord.run(BackStackRecord.java:742)",
    "android.support.v4.app.FragmentManagerImpl.execPendingActions(FragmentManager.java:1617)",
    "android.support.v4.app.FragmentManagerImpl$1.run(FragmentManager.java:517)",
    "android.os.Handler.handleCallback(Handler.java:739)",
    "android.os.Handler.dispatchMessage(Handler.java:95)",
    "android.os.Looper.loop(Looper.java:148)",
    "android.app.ActivityThread.main(ActivityThread.java:5417)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.ZygoteInit$MethodAndArgsCaller.run(ZygoteInit.java:726)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:616)",
]


def _oracle_1030(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """A sample fragment resumed with a null ``mMapView``: the NPE of ``MapView.onResume()``."""
    return any(
        c.get("package") == PACKAGE
        and c.get("exception") == "java.lang.NullPointerException"
        and "MapView.onResume()" in str(c.get("message", ""))
        for c in system.get("crashes", [])
    )


def _click(rid: str = "", text: str = "") -> dict[str, Any]:
    return {
        "kind": "click",
        "target": {
            "resource_id": rid if not rid or ":" in rid else f"{PACKAGE}:id/{rid}",
            "text": text,
            "content_desc": "",
            "class_name": "",
        },
    }


BUG_1030 = BugSpec(
    bug_id="osmdroid#1030",
    kind="crash",
    title="The app stops and forces to exit when opening some features",
    oracle=_oracle_1030,
    human_steps=(
        *(_click("introNext", "Next") for _ in range(PAGES - 1)),
        _click("introNext", "I Agree"),
        _click("android:id/text1", "More Samples"),
        _click("lblListHeader", "Layouts"),
        _click("lblListItem", "Map in a view pager"),
    ),
)


class OpenMap(VirtualApp):
    """osmdroid's sample app Open Map 6.0.1 (see the module docstring)."""

    name: ClassVar[str] = "osmdroid"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "6.0.1"
    launch_activity: ClassVar[str] = INTRO
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1030,)

    def initial_data(self) -> dict[str, Any]:
        return {"first_ran": False, "tile_cache": TILE_CACHE}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("dialog", None)
        if ctx.activity == INTRO:
            ui.setdefault("page", 0)
            ui.setdefault("shown_cache", None)
            ui.setdefault("answers", {})
            if ctx.data["first_ran"]:
                # "skip this nonsense": straight to MainActivity.
                ctx.start_activity(MAIN)
                ctx.finish()
        elif ctx.activity == EXTRA:
            ui.setdefault("expanded", [])
            ui.setdefault("sample", None)
            ui.setdefault("menu", False)
        elif ctx.activity in STUBS:
            ui.setdefault("menu", False)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == EXTRA and ui.get("sample") is not None:
            # The sample's transaction was added to the back stack: Back shows the menu again.
            ui.update(sample=None, menu=False)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != INTRO:
            return False
        page = ctx.ui["page"]
        if direction == "left" and page < PAGES - 1:
            ctx.ui["page"] = page + 1
            return True
        if direction == "right" and page > 0:
            ctx.ui["page"] = page - 1
            return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        """PermissionsFragment.onRequestPermissionsResult: one message once both are answered."""
        if ctx.activity != INTRO:
            return
        answers = ctx.ui["answers"]
        answers[permission] = granted
        if len(answers) < 2:
            return
        location, storage = answers[FINE_LOCATION], answers[STORAGE]
        ctx.ui["answers"] = {}
        if location and storage:
            ctx.toast(GRANTED_ALL)  # a Snackbar in the app
        elif storage:
            ctx.toast(NEED_STORAGE)
        elif location:
            ctx.toast(NEED_LOCATION)
        else:
            ctx.toast(f"{NEED_STORAGE}\n{NEED_LOCATION}")

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == INTRO:
            return self._render_intro(ctx)
        if ctx.activity == EXTRA:
            return self._render_extra(ctx)
        if ctx.activity in STUBS:
            title, is_map = STUBS[ctx.activity]
            bar = text_view(title, height=147)  # NoActionBar theme: the stub's title only
            body = [self._map_view("")] if is_map else []
            return Screen(content=View(cls="android.widget.LinearLayout", children=[bar, *body]))
        return self._render_main(ctx)

    def _render_intro(self, ctx: AppContext) -> Screen:
        page = ctx.ui["page"]
        last = page == PAGES - 1
        bar: list[View] = []
        if page > 0:  # INVISIBLE on the first page: not in the dump
            bar.append(
                View(
                    cls="android.widget.Button",
                    resource_id="introPrev",
                    text="Previous",
                    width=162,
                    on_click=self._previous,
                )
            )
        else:
            bar.append(View(cls="android.view.View", width=162, height=0))
        bar.append(View(cls="android.widget.ProgressBar", resource_id="introProgressBar"))
        bar.append(
            View(
                cls="android.widget.Button",
                resource_id="introNext",
                text="I Agree" if last else "Next",
                width=162,
                on_click=self._next,
            )
        )
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="introviewpager",
            children=[self._intro_page(ctx, page)],
        )
        bottom = View(
            cls="android.widget.LinearLayout", layout=HORIZONTAL, height=140, children=bar
        )
        content = View(cls="android.widget.RelativeLayout", children=[pager, bottom])
        return Screen(content=content, windows=self._intro_windows(ctx))

    def _intro_page(self, ctx: AppContext, page: int) -> View:
        if page == 0:
            return View(
                cls="android.widget.RelativeLayout",
                children=[
                    View(cls="android.widget.ImageView", resource_id="imageView", height=600),
                    text_view(APP_NAME, "introtitle", height=160),
                    text_view(DEMO_APP, height=100),
                ],
            )
        if page == 1:
            rows = [
                text_view(OPEN_MAP_DESCRIPTION, height=1000),
                View(
                    cls="android.widget.Button",
                    resource_id="introbuttonsite",
                    text="Visit our site on Github",
                    on_click=lambda c: None,  # opens github.com in the browser
                    width=600,
                ),
            ]
        elif page == 2:
            rows = [
                text_view("Permissions", height=90),
                text_view(PERMISSIONS_REQUEST, height=130),
                text_view("Location/GPS", height=90),
                text_view(GPS_DESCRIPTION, height=110),
                text_view("Storage Access", height=90),
                text_view(STORAGE_DESCRIPTION, height=420),
            ]
            if not {FINE_LOCATION, STORAGE} <= ctx.permissions:
                rows.append(
                    View(
                        cls="android.widget.Button",
                        resource_id="askPermissions",
                        text="Ask for Permissions",
                        on_click=self._ask_permissions,
                        width=560,
                    )
                )
        elif page == 3:
            shown = ctx.ui["shown_cache"] or ctx.data["tile_cache"]

            def pair(label: str, rid: str, value: str) -> View:
                return View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=80,
                    children=[text_view(label, width=460), text_view(value, rid)],
                )

            rows = [
                text_view("Cache Storage", height=90),
                text_view(ALMOST_THERE, height=130),
                pair("Current Cache Size", "textViewCacheCurrentSize", ""),
                pair("Cache Trim Size", "textViewCacheTrimSize", "500 MB"),
                pair("Cache Max Size", "textViewCacheMaxSize", "600 MB"),
                pair("Storage Free Space", "textViewCacheFreeSpace", FREE_SPACE),
                text_view("Current Location:", height=90),
                text_view(shown, "textViewCacheDirectory", height=90),
                View(
                    cls="android.widget.Button",
                    resource_id="buttonSetCache",
                    text="Pick Cache Location",
                    on_click=lambda c: c.ui.update(dialog="pick"),
                ),
                View(
                    cls="android.widget.Button",
                    resource_id="buttonManualCacheEntry",
                    text="Enter Cache Location",
                    on_click=self._open_manual,
                ),
            ]
        elif page == 4:
            rows = [
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=110,
                    children=[
                        View(cls="android.widget.ImageView", width=173),
                        text_view(DATA_USE_TITLE),
                    ],
                ),
                text_view(DATA_USE_TEXT, height=330),
            ]
        else:
            rows = [
                text_view("Important information on Open Street Maps", height=90),
                text_view(OSM_NOTICE, height=900),
                *(text_view(f"Important information on {h}", height=90) for h in NOTICE_HEADINGS),
            ]
        column = View(cls="android.widget.LinearLayout", weight=0, children=rows)
        return View(
            cls="android.widget.ScrollView",
            scrollable=True,
            scroll_key=f"intro_scroll_{page}",
            children=[column],
        )

    def _intro_windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        if dialog == "pick":
            rows = [
                View(
                    cls="android.widget.LinearLayout",
                    height=230,
                    on_click=bind(self._pick_storage, path),
                    children=[
                        text_view(name, "storageName", height=70),
                        text_view(path, "storagePath", height=70),
                        text_view(f"Free space: {FREE_SPACE}", "storageFreespace", height=70),
                    ],
                )
                for name, path in self._storages()
            ]
            listing = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                weight=0,
                children=rows,
            )
            cancel = dialog_button("android:id/button2", "Cancel", close)
            return [alert_dialog(dialog_title("Pick Location"), [listing], [cancel], close)]
        if dialog == "manual":
            field = edit_text(
                "",
                ctx.ui.get("manual_text", ""),
                lambda c, t: c.ui.update(manual_text=t),
            )
            return [
                input_dialog(
                    "Pick Location", field, ("OK", self._manual_ok), ("Cancel", close), close
                )
            ]
        return []

    def _render_main(self, ctx: AppContext) -> Screen:
        rows = [
            View(
                cls="android.widget.TextView",
                resource_id="android:id/text1",
                text=title,
                height=126,
                on_click=bind(self._main_entry, index),
            )
            for index, (title, _) in enumerate(MAIN_ENTRIES)
        ]
        content = View(
            cls="android.widget.LinearLayout",
            children=[
                toolbar(APP_NAME, rid="my_toolbar"),
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=60,
                    children=[
                        text_view("External Storage State:", "sdcardstate", height=60, width=520),
                        text_view("Mounted", "sdcardstate_value", height=60),
                    ],
                ),
                text_view(
                    f"{ctx.data['tile_cache']}\nCache size: -1.00 B", "mainstorageInfo", height=110
                ),
                text_view("6.0.1 release", "version_text", height=60),
                list_view(rows, rid="activitylist", scroll_key="main_scroll"),
            ],
        )
        return Screen(content=content)

    def _render_extra(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        sample = ui["sample"]
        actions = [overflow_button(lambda c: c.ui.update(menu=True))] if sample else []
        bar = toolbar("More Samples", rid="my_toolbar", actions=actions)
        body = self._sample_view(sample) if sample else self._samples_menu(ctx)
        container = View(
            cls="android.widget.FrameLayout", resource_id="samples_container", children=[body]
        )
        content = View(
            cls="android.widget.RelativeLayout",
            resource_id="parent_container",
            children=[bar, container],
        )
        windows: list[Window] = []
        if sample and ui["menu"]:
            close = lambda c: c.ui.update(menu=False)  # noqa: E731
            windows.append(menu_window([(t, close) for t in SAMPLE_MENU], close))
        return Screen(content=content, windows=windows)

    def _samples_menu(self, ctx: AppContext) -> View:
        expanded = ctx.ui["expanded"]
        rows: list[View] = []
        for group, titles in GROUPS:
            rows.append(
                View(
                    cls="android.widget.LinearLayout",
                    height=126,
                    on_click=bind(self._toggle_group, group),
                    children=[text_view(group, "lblListHeader", height=126)],
                )
            )
            if group in expanded:
                rows.extend(
                    View(
                        cls="android.widget.LinearLayout",
                        height=144,
                        on_click=bind(self._open_sample, title),
                        children=[text_view(title, "lblListItem", height=144)],
                    )
                    for title in titles
                )
        listing = list_view(
            rows, rid="lvExp", cls="android.widget.ExpandableListView", scroll_key="samples_scroll"
        )
        return View(cls="android.widget.LinearLayout", children=[listing])

    def _sample_view(self, title: str) -> View:
        """A sample's view: its MapView (the layout's ids for the Layouts samples with one)."""
        if title == "Two maps, split screen with Mapbox":
            return View(
                cls="android.widget.LinearLayout",
                children=[self._map_view("mapview1"), self._map_view("mapview2")],
            )
        if title == "Map in a scroll view":
            column = View(
                cls="android.widget.LinearLayout",
                weight=0,
                children=[
                    text_view("Hello World top"),
                    View(cls="android.view.ViewGroup", resource_id="mapview", height=1200),
                    text_view("Hello World below"),
                ],
            )
            return View(
                cls="android.widget.ScrollView",
                scrollable=True,
                scroll_key="sample_scroll",
                children=[column],
            )
        if title == "MapView in XML layout":
            return View(
                cls="android.widget.RelativeLayout",
                resource_id="parent_container",
                children=[self._map_view("mapview")],
            )
        return self._map_view("")

    def _map_view(self, rid: str) -> View:
        """osmdroid's MapView (a ViewGroup in dumps; the tiles are drawn, not views)."""
        return View(cls="android.view.ViewGroup", resource_id=rid, layout=FRAME)

    # -- handlers ----------------------------------------------------------------------------
    def _next(self, ctx: AppContext) -> None:
        page = ctx.ui["page"]
        if page + 1 < PAGES:
            ctx.ui["page"] = page + 1
            return
        ctx.data["first_ran"] = True  # osmdroid_first_ran = "yes"
        ctx.start_activity(MAIN)
        ctx.finish()

    def _previous(self, ctx: AppContext) -> None:
        if ctx.ui["page"] > 0:
            ctx.ui["page"] -= 1

    def _ask_permissions(self, ctx: AppContext) -> None:
        """checkPermissions: asks for the ones not granted yet."""
        missing = [p for p in (FINE_LOCATION, STORAGE) if p not in ctx.permissions]
        ctx.ui["answers"] = {p: True for p in (FINE_LOCATION, STORAGE) if p not in missing}
        for permission in missing:
            ctx.request_permission(permission)

    def _storages(self) -> list[tuple[str, str]]:
        return [
            ("Internal SD card", SDCARD),
            ("Application Private Storage", f"/data/data/{PACKAGE}/osmdroid"),
            ("SD card", f"{SDCARD}/Android/data/{PACKAGE}/files"),
        ]

    def _pick_storage(self, ctx: AppContext, path: str) -> None:
        """The picked storage's ``osmdroid/tiles`` becomes the saved tile cache."""
        ctx.ui["dialog"] = None
        ctx.data["tile_cache"] = f"{path}/osmdroid/tiles"
        ctx.ui["shown_cache"] = None

    def _open_manual(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "manual"
        ctx.ui["manual_text"] = ctx.ui["shown_cache"] or ctx.data["tile_cache"]

    def _manual_ok(self, ctx: AppContext) -> None:
        """OK shows the typed directory (when it exists); the configuration is not saved."""
        ctx.ui["dialog"] = None
        typed = ctx.ui.get("manual_text", "")
        known = {p for _, p in self._storages()} | {ctx.data["tile_cache"], SDCARD}
        if typed in known:
            ctx.ui["shown_cache"] = typed

    def _main_entry(self, ctx: AppContext, index: int) -> None:
        title, activity = MAIN_ENTRIES[index]
        if activity is not None:
            ctx.start_activity(activity)
        elif title == "View the intro again":
            ctx.data["first_ran"] = False
            ctx.start_activity(INTRO)
            ctx.finish()
        # "Report a bug" opens github.com in the browser: not modelled.

    def _toggle_group(self, ctx: AppContext, group: str) -> None:
        expanded = ctx.ui["expanded"]
        if group in expanded:
            expanded.remove(group)
        else:
            expanded.append(group)

    def _open_sample(self, ctx: AppContext, title: str) -> None:
        """onChildClick: replace the menu by the sample (added to the back stack); the sample
        fragment resumes, and ``BaseSampleFragment.onResume`` calls ``mMapView.onResume()``."""
        ctx.log("osmfragsample", f"loading fragment {title}", "I")
        if title in NO_MAP_VIEW:
            raise JavaException("java.lang.NullPointerException", NPE_MESSAGE, frames=RESUME_FRAMES)
        ctx.ui.update(sample=title, menu=False)
