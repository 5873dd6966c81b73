"""osmdroid's sample app "Open Map" (``org.osmdroid``, module ``OpenStreetMapViewer``) 6.0.1,
for osmdroid#1030 ("The app stops and forces to exit when opening some features").

Modelled from the sources at the tag ``osmdroid-parent-6.0.1``, under
``OpenStreetMapViewer/src/main``: ``AndroidManifest.xml``, ``intro/IntroActivity.java``,
``intro/IntroSliderAdapter.java`` and its six fragments (``LogoFragment``, ``AboutFragment``,
``PermissionsFragment``, ``StoragePreferenceFragment``, ``DataUseWarning``,
``TileSourceWarnings``), ``MainActivity.java``, ``ExtraSamplesActivity.java``,
``samplefragments/ui/SamplesMenuFragment.java``, ``samplefragments/SampleFactory.java`` (each
sample's ``getSampleTitle``), ``samplefragments/BaseSampleFragment.java``,
``samplefragments/layouts/*`` and the layouts ``intro_frame.xml``, ``intro_*.xml``,
``activity_main.xml``, ``activity_extra_samples.xml``, ``sample_menu_layout.xml``,
``list_group.xml``, ``list_item.xml``, plus ``res/values/strings.xml``:

- first run (``IntroActivity``, until "I Agree" writes ``osmdroid_first_ran``): a ViewPager of
  six pages with ``introPrev`` "Previous" (invisible on the first), the ``introProgressBar`` and
  ``introNext`` "Next" ("I Agree" on the last); swiping turns pages too. The permissions page's
  "Ask for Permissions" (``askPermissions``, shown while location or storage is missing) asks
  for ``ACCESS_FINE_LOCATION`` and ``WRITE_EXTERNAL_STORAGE``;
- the main list (``MainActivity``, toolbar ``my_toolbar`` "Open Map"): "External Storage State:"
  ``sdcardstate_value``, ``mainstorageInfo``, ``version_text`` and the ListView
  ``activitylist`` of 14 entries (``android:id/text1``). "More Samples" opens
  ``ExtraSamplesActivity``; "View the intro again" restarts the intro; "Report a bug" opens the
  web browser (outside the model); the other entries open stub screens (a title and, for the
  sample maps, a grey ``MapView``);
- "More Samples" (``ExtraSamplesActivity``, "More Samples"): ``SamplesMenuFragment``'s
  ExpandableListView ``lvExp``: one group per sample package (``lblListHeader``, in the
  ``HashSet`` order of their names), each expanding to its samples' titles (``lblListItem``).
  A sample replaces the list in ``samples_container`` (Back returns to the list). A sample's
  map is a grey ``MapView`` (no tiles are drawn).

The world: tiles are not loaded; storage is "Mounted" with an empty tile cache at
``/storage/emulated/0/osmdroid/tiles``; the version line reads "6.0.1 release" (the build type
of the reported apk is not known).

The bug (osmdroid#1030, crash): ``BaseSampleFragment.onResume`` calls ``mMapView.onResume()``;
samples that inflate their own layout without a MapView of their own leave ``mMapView`` null:
"Map in a view pager", "Map in a recycler/cardview layout" and "Map in a List View" stop the app
with a ``NullPointerException`` as soon as they are shown (fixed in PR #1034 by null checks).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.views import Screen, View

PACKAGE = "org.osmdroid"
INTRO = ".intro.IntroActivity"
MAIN = ".MainActivity"
EXTRA = ".ExtraSamplesActivity"
# The main list's other entries: their activities (stubs), by position.
STUBS = {
    0: ".StarterMapActivity",
    1: ".samples.SampleExtensive",
    2: ".samples.SampleWithMinimapItemizedoverlay",
    3: ".samples.SampleWithMinimapZoomcontrols",
    4: ".samples.SampleWithTilesOverlay",
    5: ".samples.SampleWithTilesOverlayAndCustomTileSource",
    8: ".PreferenceActivity",
    9: ".BugsTestingActivity",
    10: ".diag.DiagnosticsActivity",
    12: ".LicenseActivity",
    13: ".debug.CacheAnalyzerActivity",
}
LOCATION = "android.permission.ACCESS_FINE_LOCATION"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
CACHE_DIR = "/storage/emulated/0/osmdroid/tiles"

PERMISSIONS_TEXT = (
    "osmdroid needs some permissions to get going. It works in most cases without them, but "
    "not all examples will function correctly."
)
STORAGE_TEXT = (
    "osmdroid provides access to online maps from a variety of sources. Online maps are chopped "
    "up into millions of small images called tiles. To save you bandwidth, osmdroid caches those "
    "tiles on your device as they are downloaded. Without this permission, tiles are stored in "
    "this application's prviate storage area, typically on the devices internal storage. With "
    "this permission, you can store the cache at any writable location, such as an sdcard. When "
    "stored on the sdcard, other apps that use osmdroid will share the same cache which saves "
    "you space on your device."
)
INTRO_PAGES: tuple[tuple[str, ...], ...] = (
    ("Open Map", "osmdroid demo app"),
    (
        "Open Map is a demo application for the osmdroid software library. It's purpose is to "
        "show how to use the various functions and capabilities of osmdroid.",
    ),
    (
        "Permissions",
        PERMISSIONS_TEXT,
        "Location/GPS",
        "This is needed to place an icon on the map where this device is located.",
        "Storage Access",
    ),
    (
        "Cache Storage",
        "Almost there! We just wanted to confirm that that location we selected automatically, "
        "is ok with you storing the map tile cache",
        "Current Cache Size",
        "0 B",
        "Cache Trim Size",
    ),
    (
        "Important information on data usage",
        "This demo application provides access to online map source. When used on a metered "
        "network, this may be result in data charges.",
    ),
    (
        "Important information on Open Street Maps",
        "Important information on Mapsforge",
        "Important information on Geopackage",
    ),
)
MAIN_LIST = (
    "OSMDroid Sample map (Start Here)",
    "OSMapView with Minimap, ZoomControls, Animations, Scale Bar and MyLocationOverlay",
    "OSMapView with ItemizedOverlay",
    "OSMapView with Minimap and ZoomControls",
    "Sample with tiles overlay",
    "Sample with tiles overlay and secondary tile overlay",
    "More Samples",
    "Report a bug",
    "Settings",
    "Bug Drivers",
    "Diagnostics",
    "View the intro again",
    "Licenses",
    "Cache Analyzer",
)
# SampleFactory's samples by group (the package's last part, capitalized), groups in the
# iteration order of SamplesMenuFragment's HashSet, samples in the factory's order.
SAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
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
    (
        "Geopackage",
        ("Geopackage Raster Tiles", "Geopackage Feature Overlays", "Geopackage Feature Tiles"),
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
    ("Milstd2525", ("Symbol Plotter",)),
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
)
# The samples whose onCreateView leaves BaseSampleFragment.mMapView null: MapInAViewPagerFragment
# and StreetAddressFragment assign none, RecyclerCardView looks up an id its layout lacks.
NO_MAP_VIEW = frozenset(
    ("Map in a view pager", "Map in a recycler/cardview layout", "Map in a List View")
)
MAP_NPE = (
    "Attempt to invoke virtual method 'void org.osmdroid.views.MapView.onResume()' on a null "
    "object reference"
)

BUG_1030 = BugSpec(
    "osmdroid#1030",
    "crash",
    "The app stops and forces to exit when opening some features",
    crash_oracle(PACKAGE, "java.lang.NullPointerException", "MapView.onResume()"),
    human_steps=(
        *[click(PACKAGE, "introNext", "Next", cls="android.widget.Button")] * 5,
        click(PACKAGE, "introNext", "I Agree", cls="android.widget.Button"),
        click(PACKAGE, "android:id/text1", "More Samples"),
        click(PACKAGE, "lblListHeader", "Layouts"),
        click(PACKAGE, "lblListItem", "Map in a view pager"),
    ),
)


class OpenMap601(VirtualApp):
    """osmdroid's sample app 6.0.1 (see the module docstring)."""

    name: ClassVar[str] = "osmdroid"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Open Map"
    version: ClassVar[str] = "6.0.1"
    launch_activity: ClassVar[str] = INTRO
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1030,)

    def initial_data(self) -> dict[str, Any]:
        return {"first_ran": False}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == INTRO:
            if ctx.data["first_ran"]:  # "skip this nonsense"
                ctx.start_activity(MAIN)
                ctx.finish()
            ui.setdefault("page", 0)
        elif ctx.activity == EXTRA:
            ui.setdefault("expanded", [])
            ui.setdefault("sample", None)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return dict(ctx.ui)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == EXTRA and ctx.ui["sample"] is not None:
            ctx.ui["sample"] = None  # the fragment back stack
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != INTRO:
            return False
        return w.pager_swipe(ctx.ui, "page", len(INTRO_PAGES), direction)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == INTRO:
            return self._intro(ctx)
        if ctx.activity == EXTRA:
            return self._extra(ctx)
        if ctx.activity == MAIN:
            return self._main(ctx)
        title = ctx.extras.get("title", "")
        children: list[View] = [self._bar(title)]
        if ctx.extras.get("map"):
            children.append(self._map_view())
        return Screen(content=w.linear_layout(children))

    def _bar(self, title: str) -> View:
        return w.toolbar(title, rid="my_toolbar")

    def _map_view(self) -> View:
        return View(cls="org.osmdroid.views.MapView", resource_id="mapview", style="dim")

    def _intro(self, ctx: AppContext) -> Screen:
        page = ctx.ui["page"]
        texts = [w.text_view(t, height=150) for t in INTRO_PAGES[page]]
        if page == 0:
            texts[0].resource_id = "introtitle"
        if page == 1:
            texts.append(
                View(
                    cls="android.widget.Button",
                    resource_id="introbuttonsite",
                    text="Visit our site on Github",
                    height=144,
                    on_click=lambda c: None,  # the web browser (outside the model)
                )
            )
        if page == 2:
            texts.append(w.text_view(STORAGE_TEXT, height=400))
            if LOCATION not in ctx.permissions or STORAGE not in ctx.permissions:
                texts.append(
                    w.button(
                        "askPermissions", "Ask for Permissions", self._ask_permissions, height=144
                    )
                )
        if page == 3:
            texts.append(w.text_view(CACHE_DIR, "textViewCacheDirectory", height=100))
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="introviewpager",
            children=[w.scroll_view(texts)],
        )
        last = page == len(INTRO_PAGES) - 1
        bar: list[View] = []
        if page > 0:
            bar.append(
                w.button(
                    "introPrev", "Previous", lambda c: c.ui.update(page=c.ui["page"] - 1), width=300
                )
            )
        else:
            bar.append(View(cls="android.view.View", width=300))
        bar.append(
            View(cls="android.widget.ProgressBar", resource_id="introProgressBar", height=60)
        )
        bar.append(w.button("introNext", "I Agree" if last else "Next", self._next, width=300))
        bottom = w.linear_layout(bar, horizontal=True, height=168)
        return Screen(content=w.relative_layout([pager, bottom]))

    def _main(self, ctx: AppContext) -> Screen:
        header = w.linear_layout(
            [
                w.text_view("External Storage State:", "sdcardstate"),
                w.text_view("Mounted", "sdcardstate_value"),
            ],
            horizontal=True,
            height=80,
        )
        rows = [
            w.text_view(title, "android:id/text1", height=147, on_click=w.bind(self._main_item, i))
            for i, title in enumerate(MAIN_LIST)
        ]
        column = w.linear_layout(
            [
                self._bar("Open Map"),
                header,
                w.text_view(f"{CACHE_DIR}\nCache size: 0 B", "mainstorageInfo", height=110),
                w.text_view("6.0.1 release", "version_text", height=60),
                w.list_view(rows, rid="activitylist", scroll_key="scroll"),
            ]
        )
        return Screen(content=column)

    def _extra(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        if ui["sample"] is not None:
            body = self._map_view()
        else:
            rows: list[View] = []
            for group, titles in SAMPLES:
                rows.append(
                    w.linear_layout(
                        [w.text_view(group, "lblListHeader", height=126)],
                        height=126,
                        on_click=w.bind(self._toggle_group, group),
                    )
                )
                if group in ui["expanded"]:
                    rows.extend(
                        w.linear_layout(
                            [w.text_view(title, "lblListItem", height=110)],
                            height=110,
                            on_click=w.bind(self._open_sample, title),
                        )
                        for title in titles
                    )
            body = w.linear_layout(
                [
                    w.list_view(
                        rows,
                        rid="lvExp",
                        cls="android.widget.ExpandableListView",
                        scroll_key="scroll",
                    )
                ]
            )
        container = w.frame_layout([body], rid="samples_container")
        root = w.relative_layout([self._bar("More Samples"), container], rid="parent_container")
        return Screen(content=root)

    # -- handlers ----------------------------------------------------------------------------
    def _next(self, ctx: AppContext) -> None:
        page = ctx.ui["page"]
        if page + 1 < len(INTRO_PAGES):
            ctx.ui["page"] = page + 1
            return
        ctx.data["first_ran"] = True
        ctx.start_activity(MAIN)
        ctx.finish()

    def _ask_permissions(self, ctx: AppContext) -> None:
        """``PermissionsFragment.checkPermissions``: the missing ones, location first."""
        for permission in (LOCATION, STORAGE):
            if permission not in ctx.permissions:
                ctx.request_permission(permission)

    def _main_item(self, ctx: AppContext, index: int) -> None:
        title = MAIN_LIST[index]
        if title == "More Samples":
            ctx.start_activity(EXTRA)
        elif title == "View the intro again":
            ctx.data["first_ran"] = False
            ctx.start_activity(INTRO)
            ctx.finish()
        elif title == "Report a bug":
            pass  # the web browser, on the project's new-issue page (outside the model)
        else:
            ctx.start_activity(STUBS[index], {"title": title, "map": index < 6})

    def _toggle_group(self, ctx: AppContext, group: str) -> None:
        expanded = ctx.ui["expanded"]
        w.toggle(expanded, group)

    def _open_sample(self, ctx: AppContext, title: str) -> None:
        """The child click: the sample's fragment replaces the menu; its ``onResume`` runs
        ``BaseSampleFragment.onResume``, which resumes ``mMapView``."""
        ctx.ui["sample"] = title
        if title in NO_MAP_VIEW:
            raise JavaException(
                "java.lang.NullPointerException",
                MAP_NPE,
                [
                    "org.osmdroid.samplefragments.BaseSampleFragment.onResume"
                    "(BaseSampleFragment.java:90)",
                    "android.support.v4.app.Fragment.performResume(Fragment.java)",
                    "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java)",
                    "android.support.v4.app.FragmentManagerImpl.moveFragmentToExpectedState"
                    "(FragmentManager.java)",
                    "android.support.v4.app.FragmentManagerImpl.executeOpsTogether"
                    "(FragmentManager.java)",
                    "android.support.v4.app.FragmentManagerImpl.execPendingActions"
                    "(FragmentManager.java)",
                    "android.support.v4.app.FragmentManagerImpl$1.run(FragmentManager.java)",
                    "android.os.Handler.handleCallback(Handler.java)",
                    "android.os.Handler.dispatchMessage(Handler.java)",
                    "android.os.Looper.loop(Looper.java)",
                    "android.app.ActivityThread.main(ActivityThread.java)",
                ],
            )
