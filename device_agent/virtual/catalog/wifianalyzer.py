"""WiFiAnalyzer (``com.vrem.wifianalyzer``) 2.0.3, for WiFiAnalyzer#222 ("MAC vendor search is
case sensitive").

Modelled from the sources at tag ``V2.0.3-F-DROID`` (``app/src/main/AndroidManifest.xml``,
``SplashActivity.java``, ``MainActivity.java``, ``PermissionChecker.java``,
``navigation/NavigationMenu.java``, ``NavigationGroup.java``,
``navigation/availability/NavigationOptionFactory.java``, ``vendor/VendorFragment.java``,
``VendorAdapter.java``, ``vendor/model/VendorDB.java``,
``wifi/accesspoint/AccessPointDetail.java``, ``res/layout/main_activity.xml``,
``main_navigation.xml``, ``vendor_content.xml``, ``vendor_details.xml``,
``access_points_content.xml``, ``access_point_view_complete.xml``, ``res/menu/optionmenu.xml``,
``res/values/strings.xml``) and the fix (commit e5233bae, "fix MAC vendor search to be case
insensitive (Issue #222)"):

- the launcher's ``SplashActivity`` opens ``MainActivity``, which asks for
  ``ACCESS_COARSE_LOCATION`` on first start (a denial finishes it). Its ``toolbar`` (the drawer
  button "Open navigation drawer", the title of the current item and, on Access Points, the
  actions ``action_filter`` "Filter" and ``action_scanner`` "Pause"/"Play") sits above
  ``main_fragment``; the ``nav_view`` drawer (header "WiFiAnalyzer (open-source)") lists Access
  Points, Channel Rating, Channel Graph, Time Graph, Export, Available Channels, Vendors,
  Settings, About. Back from another item returns to Access Points (the start item), then
  leaves;
- Access Points: the ``accessPointsView`` list of the scan results (``ssid`` "SSID (BSSID)",
  ``level``, ``channel``, ``primaryFrequency``, ``vendorShort``, ``capabilities``); the filter,
  the other items and the scanner are stubs;
- Vendors (``VendorFragment``): the framework SearchView ``vendorSearchText`` (not iconified,
  hint "00:0C:41 CISCO"; its field ``android:id/search_src_text``), the ``android:id/list`` of
  rows ``vendor_name`` / ``vendor_macs`` ("00:16:3E, ..."), or ``android:id/empty`` "No Data".
  Each query change filters the vendors (``VendorAdapter.update(trim(text))``).

The world: the scan results are fixed data (three access points); the vendor database
(``res/raw/data.txt``, 17185 vendors) is a fixed subset of its real rows (the first eight
alphabetically and nine common router vendors, with all their MAC prefixes).

The bug (WiFiAnalyzer#222, non-crash): ``VendorDB.findVendors(filter)`` matches the filter
against the upper-case vendor names and MAC prefixes with ``String.contains``, so a filter
with lower-case letters ("00:16:3e", "cisco") finds nothing; 2.0.4 upper-cases the filter.
The oracle reads app state: a search whose filter found fewer vendors than its upper-case form
does.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, input_text
from device_agent.virtual.views import Screen, View

PACKAGE = "com.vrem.wifianalyzer"
SPLASH = ".SplashActivity"
MAIN = ".MainActivity"
LOCATION = "android.permission.ACCESS_COARSE_LOCATION"
# NavigationMenu in NavigationGroup order.
MENU = (
    "Access Points",
    "Channel Rating",
    "Channel Graph",
    "Time Graph",
    "Export",
    "Available Channels",
    "Vendors",
    "Settings",
    "About",
)
START = "Access Points"
VENDOR_SHORT_MAX = 10  # AccessPointDetail
# A subset of res/raw/data.txt (a line is "NAME|" then 6-hex-digit MAC prefixes): its first eight
# rows and nine router vendors, each with all its prefixes.
VENDOR_DATA: tuple[tuple[str, str | tuple[str, ...]], ...] = (
    ("01DB METRAVIB", ("700258",)),
    ("100FIO NETWORKS TECHNOLOGY LLC", ("C49313",)),
    ("10NET COMMUNICATIONS DCA", ("080024",)),
    ("11WAVE TECHNONLOGY CO LTD", ("0005C0",)),
    ("12SIDED TECHNOLOGY LLC", ("000B36",)),
    ("1394 PRINTER WORKING GROUP", ("0050C5",)),
    ("1394 TRADE ASSOCIATION", ("000C0D",)),
    ("16063", ("0017C8",)),
    (
        "AVM AUDIOVISUELLES MARKETING UND COMPUTERSYSTEME GMBH",
        ("3810D5444E6D5C49797CFF4DC80E14CCCE1EE0286DE8DF70F0B014"),
    ),
    (
        "AVM GMBH",
        ("00040E00150C001A4F001C4A001F3F0024FE0896D72465113431C43481C49CC7A6BC0543C02506"),
    ),
    (
        "CISCO LINKSYS LLC",
        (
            "000C41000E08000F660012170013100014BF0016B60018390018F8001A70001C10001D7E"
            "001EE500212900226B00236900259C20AA4B48F8B3586D8F687F7498FC11C0C1C0C8B373"
            "C8D719"
        ),
    ),
    (
        "GOOGLE INC",
        (
            "001A11089E081CF29A20DFB924058830FD38388B593C286D3C5AB43C8D2044070B48D6D5"
            "546009703ACB7C2EBD7CD95C883D249495A094EB2C98D293A47733B02A43D86C63E4F042"
            "F40304F4F5D8F4F5E8F88FCA"
        ),
    ),
    (
        "NETGEAR",
        (
            "00095B000FB500146C00184D001B2F001E2A001F3300223F0024B20026F2008EF204A151"
            "08028E08BD43100D7F10DA431459C0200CC8204E7F20E52A28808828C68E2C30332CB05D"
            "30469A3C3786405D824494FC4C60DE504A6E506A036CB0CE74440178D294803773841B5E"
            "8C3BAD9C3DCF9CD36DA00460A021B7A040A0A06391A42B8CB03956B07FB9B0B98AC03F0E"
            "C0FFD4C40415C43DC7CC40D0DCEF09E0469AE091F5E4F4C6E8FCAFF87394"
        ),
    ),
    ("RASPBERRY PI FOUNDATION", ("B827EB")),
    (
        "UBIQUITI NETWORKS INC",
        (
            "00156D0027220418D618E82924A43C44D9E76872517483C2788A20802AA8B4FBE4DC9FDB"
            "E063DAF09FC2FCECDA"
        ),
    ),
    ("XENSOURCE INC", ("00163E")),
    (
        "XIAOMI COMMUNICATIONS CO LTD",
        (
            "009EC800EC0A04B16704D13A04E5980825250C1DAF0C98380CF346102AB314F65A1801F1"
            "18593618F0E42047DA2082C020A60C28E31F3480B338A4ED38E60A482CA048FDA34C49E3"
            "508F4C50A00958449864098064B47364CC2E68DFDD703A5170BBE97423447451BA7802F8"
            "7C035E7C03AB7C1DD98035C180AD168CBEBE9487E098FAE39C2EA19C99A0A086C6A45046"
            "ACC1EEACF7F3B0E235C40BCBC46AB7D4970BD832E3D86375D8CE3AE06267E446DAECD09F"
            "F0B429F460E2F48B32F4F5DBF8A45FFC64BA"
        ),
    ),
)
# (ssid, bssid, level dBm, channel, frequency MHz, capabilities): fixed scan results.
SCAN = (
    ("HomeNet", "00:16:3e:4a:12:01", -48, 6, 2437, "[WPA2-PSK-CCMP][ESS]"),
    ("Office", "00:0c:41:7b:20:9c", -63, 11, 2462, "[WPA2-PSK-CCMP][ESS]"),
    ("Guest", "b8:27:eb:10:44:aa", -77, 1, 2412, "[ESS]"),
)


def _vendors() -> dict[str, list[str]]:
    """VendorDB.load: vendor name to its MAC prefixes ("00:16:3E"), sorted by name (a
    TreeMap)."""
    vendors: dict[str, list[str]] = {}
    for name, parts in VENDOR_DATA:
        macs = parts if isinstance(parts, str) else "".join(parts)
        vendors[name] = [
            f"{macs[i : i + 2]}:{macs[i + 2 : i + 4]}:{macs[i + 4 : i + 6]}"
            for i in range(0, len(macs), 6)
        ]
    return dict(sorted(vendors.items()))


VENDORS = _vendors()


def find_vendor_name(bssid: str) -> str:
    """VendorDB.findVendorName: the vendor of a BSSID's first three bytes (cleaned to upper
    case by VendorUtils.clean)."""
    prefix = bssid.upper()[:8]
    return next((name for name, macs in VENDORS.items() if prefix in macs), "")


def find_vendors(filter_text: str, *, fixed: bool = False) -> list[str]:
    """VendorDB.findVendors(filter): the vendors whose name or one of whose MAC prefixes
    contains the filter; 2.0.3 compares as typed (``fixed``: upper-cased first, as 2.0.4)."""
    needle = filter_text.upper() if fixed else filter_text
    return [
        name
        for name, macs in VENDORS.items()
        if needle in name or any(needle in mac for mac in macs)
    ]


def _missed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of WiFiAnalyzer#222: a vendor search missed vendors its upper-case form
    finds."""
    return bool(data.get("case_misses"))


BUG_222 = BugSpec(
    "WiFiAnalyzer#222",
    "non-crash",
    "MAC vendor search is case sensitive",
    _missed,
    human_steps=(
        allow_permission(PACKAGE, "", ""),
        click(PACKAGE, desc=w.OPEN_DRAWER),
        click(PACKAGE, "design_menu_item_text", "Vendors"),
        input_text(
            PACKAGE,
            "android:id/search_src_text",
            "00:16:3e",
            cls="android.widget.AutoCompleteTextView",
        ),
    ),
)


class WiFiAnalyzer203(VirtualApp):
    """WiFiAnalyzer 2.0.3 (see the module docstring)."""

    name: ClassVar[str] = "WiFiAnalyzer"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "WiFiAnalyzer"
    version: ClassVar[str] = "2.0.3"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_222,)

    def initial_data(self) -> dict[str, Any]:
        return {"case_misses": 0, "searches": []}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
            return
        ui = ctx.ui
        ui.setdefault("item", START)
        ui.setdefault("drawer", False)
        ui.setdefault("query", "")
        ui.setdefault("paused", False)
        if LOCATION not in ctx.permissions and not ui.get("asked"):
            ui["asked"] = True
            ctx.request_permission(LOCATION)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == LOCATION and not granted:
            ctx.finish()  # onRequestPermissionsResult: not granted → finish()

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if w.dismiss(ui, "drawer"):
            return True
        if ui.get("item", START) != START:
            self._select(ctx, START)
            return True
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _select(self, ctx: AppContext, item: str) -> None:
        """onNavigationItemSelected: the fragment is replaced (a new VendorFragment starts with
        an empty query)."""
        ctx.ui.update(item=item, drawer=False, query="")

    def _query(self, ctx: AppContext, text: str) -> None:
        """VendorFragment.Listener.onQueryTextChange → VendorAdapter.update(trim(text))."""
        ctx.ui["query"] = text
        shown = self._find(text.strip())
        ctx.data["searches"].append(text)
        if len(shown) < len(find_vendors(text.strip(), fixed=True)):
            ctx.data["case_misses"] += 1

    def _find(self, filter_text: str) -> list[str]:
        return find_vendors(filter_text)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        item = ui.get("item", START)
        actions: list[View] = []
        if item == START:
            scanner = "Play" if ui.get("paused") else "Pause"
            actions = [
                w.action_item("action_filter", "Filter", lambda c: None),
                w.action_item(
                    "action_scanner",
                    scanner,
                    lambda c: c.ui.update(paused=not c.ui.get("paused")),
                ),
            ]
        bar = w.toolbar(
            item,
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=actions,
            cls="android.view.ViewGroup",
        )
        if item == START:
            fragment = self._access_points()
        elif item == "Vendors":
            fragment = self._vendors(ctx)
        else:
            fragment = w.frame_layout()
        content = w.linear_layout(
            [
                bar,
                w.linear_layout(
                    [w.frame_layout([fragment], rid="main_fragment")],
                    rid="main_fragment_layout",
                ),
            ]
        )
        drawer = None
        if ui.get("drawer"):
            header = w.linear_layout(
                [
                    w.image_view("imageView", height=200),
                    w.text_view("WiFiAnalyzer (open-source)", height=100),
                ],
                weight=0,
            )
            entries = [
                w.drawer_entry(title, w.bind(self._select, title), checked=title == item)
                for title in MENU
            ]
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="nav_view",
                width=800,
                children=[
                    View(
                        cls="android.support.v7.widget.RecyclerView",
                        resource_id="design_navigation_view",
                        children=[header, *entries],
                    )
                ],
            )
        root = w.drawer_layout(
            content, drawer, rid="drawer_layout", cls="android.support.v4.widget.DrawerLayout"
        )
        return Screen(content=root)

    def _access_points(self) -> View:
        rows = []
        for ssid, bssid, level, channel, frequency, capabilities in SCAN:
            vendor = find_vendor_name(bssid)
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(f"{ssid} ({bssid})", "ssid", height=80),
                        w.linear_layout(
                            [
                                w.text_view(f"{level}dBm", "level"),
                                w.text_view(str(channel), "channel"),
                                w.text_view(f"{frequency}MHz", "primaryFrequency"),
                                w.text_view(vendor[:VENDOR_SHORT_MAX], "vendorShort"),
                            ],
                            rid="attachPopup",
                            horizontal=True,
                            height=80,
                        ),
                        w.text_view(capabilities, "capabilities", height=70),
                    ],
                    weight=0,
                    on_click=lambda c: None,
                )
            )
        return w.linear_layout(
            [
                View(
                    cls="android.support.v4.widget.SwipeRefreshLayout",
                    resource_id="accessPointsRefresh",
                    children=[
                        w.list_view(
                            rows, rid="accessPointsView", cls="android.widget.ExpandableListView"
                        )
                    ],
                )
            ]
        )

    def _vendors(self, ctx: AppContext) -> View:
        query = ctx.ui.get("query", "")
        found = self._find(query.strip())
        field = View(
            cls="android.widget.AutoCompleteTextView",
            resource_id="android:id/search_src_text",
            text=query,
            hint="00:0C:41 CISCO",
            on_text=self._query,
        )
        close = []
        if query:
            close.append(
                w.image_view(
                    "android:id/search_close_btn",
                    "Clear query",
                    lambda c: self._query(c, ""),
                    width=126,
                )
            )
        plate = w.linear_layout([field, *close], rid="android:id/search_plate", horizontal=True)
        edit_frame = w.linear_layout(
            [
                w.image_view("android:id/search_mag_icon", width=120),
                plate,
            ],
            rid="android:id/search_edit_frame",
            horizontal=True,
        )
        search = View(  # the framework SearchView, not iconified
            cls="android.widget.SearchView",
            resource_id="vendorSearchText",
            height=147,
            weight=0,
            children=[w.linear_layout([edit_frame], rid="android:id/search_bar", horizontal=True)],
        )
        if found:
            rows = [
                w.linear_layout(
                    [
                        w.text_view(name, "vendor_name", height=70),
                        w.text_view(", ".join(VENDORS[name]), "vendor_macs", height=70),
                    ],
                    weight=0,
                )
                for name in found
            ]
            body = w.list_view(rows, scroll_key="vendor_scroll")
        else:
            body = w.text_view("No Data", "android:id/empty", height=400)
        return w.linear_layout([search, body])


class WiFiAnalyzer204(WiFiAnalyzer203):
    """WiFiAnalyzer 2.0.4: the vendor filter is upper-cased first (WiFiAnalyzer#222 fixed)."""

    version: ClassVar[str] = "2.0.4"
    bugs: ClassVar[tuple[BugSpec, ...]] = ()

    def _find(self, filter_text: str) -> list[str]:
        return find_vendors(filter_text, fixed=True)
