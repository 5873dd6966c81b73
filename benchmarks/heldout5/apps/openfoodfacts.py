"""Open Food Facts (``openfoodfacts.github.scrachx.openfood``, openfoodfacts/openfoodfacts-
androidapp) 3.8.1, for openfoodfacts-androidapp#4647.

Scans and looks up food products in the Open Food Facts database; products can be put in the
user's own lists ("Product I have", "Products to buy"...), kept on the device.

Modelled from the sources at commit ``7bf62d8`` ("fix: environment picture issues (#4655)",
9 Apr 2022, the parent of the fix; ``versionName = "3.8.1"``, ``versionCode = 582``; the report
was filed by a maintainer on 8 Apr 2022 against the development version): ``AndroidManifest.xml``,
``features/splash/SplashActivity.kt``, ``features/welcome/WelcomeActivity.kt``,
``WelcomeScreen.kt``, ``features/MainActivity.kt`` (the search action), ``features/home/
HomeFragment.kt``, ``listeners/CommonBottomListener.kt``, ``features/search/
ProductSearchActivity.kt``, ``features/adapters/ProductSearchAdapter.kt``, ``features/product/
view/ProductViewActivity.kt``, ``summary/SummaryProductFragment.kt`` (``onBookmarkProductButton
Click``), ``summary/DialogAddToListAdapter.kt``, ``features/productlists/ProductListsActivity.
kt`` and ``ProductListsAdapter.kt``, the layouts ``activity_welcome``, ``welcome_slide_*``,
``activity_main``, ``fragment_home``, ``activity_product_browsing_list``,
``products_list_item``, ``fragment_summary_product``, ``dialog_add_product_to_list``,
``dialog_add_to_list_recycler_item``, ``activity_product_lists``, ``your_product_lists_item``,
the menus ``menu_main`` and ``navigation_bottom``, ``xml/searchable.xml`` and
``values/strings.xml``; and the fix, commit ``c7438bb`` ("fix: wrong number of products for
lists + analytics events (#4648)").

The launcher's ``SplashActivity`` opens ``WelcomeActivity``: five slides (``view_pager``, the
dots ``layoutDots``, ``btn_skip`` "SKIP" to the last slide, ``btn_next`` "NEXT"; the last,
"Send anonymous analytics", has "Grant" / "Decline", which open ``MainActivity``). Main: the
toolbar (drawer toggle, "OpenFoodFacts", the ``SearchView`` action "Search"), the home fragment
(logo, "the free food products database", "Open Food Facts is an open database of food
products.") and the bottom navigation (``scan_bottom_nav`` "Scan", ``compare_products``
"Compare", ``home_page`` "Home", ``history_bottom_nav`` "History", ``my_lists`` "Your lists";
each opens its activity on top unless it is the current one). Submitting the search ("Search a
product") opens ``ProductSearchActivity`` (title the query, subtitle "Search", "Number of
results: N", rows ``nameProduct`` / ``productDetails``); a row opens ``ProductViewActivity``
("Open Food Facts", tabs "Summary", "Ingredients", "Nutrition", "Environment", "Photos", the
summary's name, brand and quantity, and the buttons "Compare", "Add to list", "Edit",
"Share"). "Add to list" shows "Add to your lists": the lists not holding the product
(``tvDialogListName``) and "Add to a new list". "Your lists" (``ProductListsActivity``, up
arrow, "Add a list", the swipe tip) shows one card per list: ``tvProductListName``, "Number of
products: " and ``tvlistSize``; it creates "Product I have" and "Products to buy" when there
are none.

The bug (openfoodfacts-androidapp#4647, non-crash): the lists are greenDAO entities kept in the
``DaoSession``'s identity scope for the life of the process; ``ProductListsAdapter`` shows
``lists[position].products.size``, and greenDAO resolves a to-many relation (``getProducts``)
once per entity and caches it. "Add to list" only inserts a ``ListedProduct``
(``listedProductDao.insertOrReplace``): neither the cached ``products`` of the list nor its
``numOfProducts`` is updated. Once the relation is resolved (by "Your lists", or by the dialog
itself, whose filter reads ``list.products`` before the insert), a product added afterwards is
not counted when the lists are shown (in this process). The
fix adds the product to ``list.products``, increments ``numOfProducts`` and updates the list.
The oracle: "Your lists" showed a list with a number of products other than the stored one.

Fixed data (network content): the taxonomies the splash downloads are taken as loaded; the home
fragment's product count is not fetched (the offline text); a search returns the products of
this catalogue whose name or brand contains the query: 3017620422003 "Nutella" (Ferrero,
400 g), 3017620425035 "Nutella" (Ferrero, 1 kg), 8000500310427 "Nutella Biscuits" (Ferrero,
304 g), 3175680011480 "Pâte à tartiner noisettes cacao" (Lucien Georgelin, 400 g); a product
page shows them as found.

Stubbed: the drawer, "Scan" (camera), "Compare", "History", a list's own screen, "Add to a new
list" (opens "Your lists" without its create dialog), the summary's other cards, the other tabs,
"Edit" and "Share" do nothing or open title-only screens. The process's session cache is
dropped when the app starts again from the splash.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "openfoodfacts.github.scrachx.openfood"
SPLASH = ".features.splash.SplashActivity"
WELCOME = ".features.welcome.WelcomeActivity"
MAIN = ".features.MainActivity"
SEARCH = ".features.search.ProductSearchActivity"
PRODUCT = ".features.product.view.ProductViewActivity"
LISTS = ".features.productlists.ProductListsActivity"
LIST = ".features.productlist.ProductListActivity"
COMPARE = ".features.compare.ProductCompareActivity"
HISTORY = ".features.scanhistory.ScanHistoryActivity"
SCAN = ".features.scan.ContinuousScanActivity"
TITLES = {
    LIST: "",
    COMPARE: "Compare products",
    HISTORY: "History",
    SCAN: "Scan",
}
NAV = (
    ("scan_bottom_nav", "Scan"),
    ("compare_products", "Compare"),
    ("home_page", "Home"),
    ("history_bottom_nav", "History"),
    ("my_lists", "Your lists"),
)
NAV_TARGET = {"Scan": SCAN, "Compare": COMPARE, "Home": MAIN, "History": HISTORY}
NAV_TARGET["Your lists"] = LISTS
SLIDES = (
    ("Join the food revolution", "Scan food, Take photos, Help transform the food system"),
    ("Get the Nutri-Score", "A simple synthesis of the nutritional quality of your food"),
    ("Avoid ultra-processed foods", "Reduce the amount of ultra-processed foods in your diet."),
    ("Eco-Score", "A synthesis of the environmental impact of your food."),
    (
        "Send anonymous analytics",
        "Help the Open Food Facts volunteers to improve the app. You decide if you send "
        "anonymous analytics.\n\nIf you change your mind this option can be enabled and "
        "disabled at any time from the settings.",
    ),
)
CATALOGUE = (
    ("3017620422003", "Nutella", "Ferrero", "400 g"),
    ("3017620425035", "Nutella", "Ferrero", "1 kg"),
    ("8000500310427", "Nutella Biscuits", "Ferrero", "304 g"),
    ("3175680011480", "Pâte à tartiner noisettes cacao", "Lucien Georgelin", "400 g"),
)
TABS = ("Summary", "Ingredients", "Nutrition", "Environment", "Photos")


def _noop(ctx: AppContext) -> None:
    """A stubbed control (see the module docstring)."""


def stale_count_shown(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of openfoodfacts-androidapp#4647: "Your lists" showed a list's number of
    products other than the number stored for it."""
    return bool(data["stale_count_shown"])


# -- steps ---------------------------------------------------------------------------------------
def _rid(rid: str) -> str:
    return rid if ":" in rid else f"{PACKAGE}:id/{rid}"


def _click(rid: str = "", text: str = "", desc: str = "") -> dict[str, Any]:
    target = {"resource_id": _rid(rid) if rid else "", "text": text, "content_desc": desc}
    return {"kind": "click", "target": target}


SKIP = _click("btn_skip", "SKIP")
DECLINE = _click("btn_skip", "Decline")
LISTS_TAB = _click("my_lists", desc="Your lists")
HOME_TAB = _click("home_page", desc="Home")
SEARCH_ICON = _click("android:id/search_button", desc="Search")
TYPE = {
    "kind": "input_text",
    "target": {"resource_id": "android:id/search_src_text"},
    "text": "nutella",
}
SUBMIT = {"kind": "press_enter"}
PICK = _click("nameProduct", "Nutella")
ADD_TO_LIST = _click("action_add_to_list_button", desc="Add to list")
TO_BUY = _click("tvDialogListName", "Products to buy")
FIND_AND_ADD = [HOME_TAB, SEARCH_ICON, TYPE, SUBMIT, PICK, ADD_TO_LIST, TO_BUY]

BUG_4647 = BugSpec(
    "openfoodfacts-androidapp#4647",
    "non-crash",
    "Incorrect number of products in a list",
    stale_count_shown,
    human_steps=(SKIP, DECLINE, LISTS_TAB, *FIND_AND_ADD, LISTS_TAB),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "openfoodfacts-androidapp#4647": [
        # "Add to a new list" instead of a list (stubbed: "Your lists" opens, nothing added).
        [SKIP, DECLINE, LISTS_TAB, *FIND_AND_ADD[:-1], _click("tvAddToNewList")],
        # The dialog is left without choosing a list.
        [SKIP, DECLINE, LISTS_TAB, *FIND_AND_ADD[:-1], {"kind": "press_back"}, LISTS_TAB],
        # The lists are shown twice but nothing is added in between.
        [SKIP, DECLINE, LISTS_TAB, *FIND_AND_ADD[:-2], LISTS_TAB],
    ],
}


class OpenFoodFacts(VirtualApp):
    """Open Food Facts 3.8.1 (see the module docstring)."""

    name: ClassVar[str] = "openfoodfacts-androidapp"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "OpenFoodFacts"
    version: ClassVar[str] = "3.8.1"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_4647,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_time_launch": True,
            "lists": [],  # ProductLists rows: id, name
            "listed": [],  # ListedProduct rows: list id, barcode
            "session": {},  # the DaoSession's resolved ProductLists.products (process memory)
            "stale_count_shown": False,
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        act = ctx.activity
        if act == SPLASH:
            ctx.data["session"] = {}  # a new process: a new DaoSession
            ctx.start_activity(WELCOME)
            ctx.finish()
        elif act == WELCOME:
            if not ctx.data["first_time_launch"]:
                self._launch_home(ctx)
            ctx.ui.setdefault("page", 0)
        elif act == MAIN:
            ctx.ui.setdefault("search", None)  # the expanded SearchView's text
        elif act == PRODUCT:
            ctx.ui.setdefault("dialog", False)
        elif act == LISTS:
            self._default_if_empty(ctx)
            for row in ctx.data["lists"]:
                shown = len(self._resolved(ctx, row["id"]))
                if shown != len(self._stored(ctx, row["id"])):
                    ctx.data["stale_count_shown"] = True

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("search") is not None:
            ctx.ui["search"] = None  # collapse the SearchView
            return True
        if ctx.activity == PRODUCT and ctx.ui.get("dialog"):
            ctx.ui["dialog"] = False
            return True
        return False

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if key == "enter" and ctx.activity == MAIN and ctx.ui.get("search"):
            query = ctx.ui["search"]
            ctx.ui["search"] = None  # collapseActionView
            ctx.start_activity(SEARCH, {"query": query})
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == WELCOME:
            return w.pager_swipe(ctx.ui, "page", len(SLIDES), direction)
        return False

    # -- data ----------------------------------------------------------------------------------
    def _default_if_empty(self, ctx: AppContext) -> None:
        if not ctx.data["lists"]:
            ctx.data["lists"] = [
                {"id": 1, "name": "Product I have"},
                {"id": 2, "name": "Products to buy"},
            ]

    def _stored(self, ctx: AppContext, list_id: int) -> list[str]:
        return [p["barcode"] for p in ctx.data["listed"] if p["list"] == list_id]

    def _resolved(self, ctx: AppContext, list_id: int) -> list[str]:
        """``ProductLists.getProducts()``: resolved once per session entity, then cached."""
        session = ctx.data["session"]
        if str(list_id) not in session:
            session[str(list_id)] = self._stored(ctx, list_id)
        cached: list[str] = session[str(list_id)]
        return cached

    def _product(self, barcode: str) -> tuple[str, str, str, str]:
        return next(p for p in CATALOGUE if p[0] == barcode)

    # -- handlers ------------------------------------------------------------------------------
    def _launch_home(self, ctx: AppContext) -> None:
        ctx.data["first_time_launch"] = False
        ctx.start_activity(MAIN)
        ctx.finish()

    def _next(self, ctx: AppContext) -> None:
        ctx.ui["page"] = min(ctx.ui["page"] + 1, len(SLIDES) - 1)

    def _skip(self, ctx: AppContext) -> None:
        ctx.ui["page"] = len(SLIDES) - 1

    def _nav(self, ctx: AppContext, title: str) -> None:
        target = NAV_TARGET[title]
        if target != ctx.activity:
            ctx.start_activity(target)

    def _open_search(self, ctx: AppContext) -> None:
        ctx.ui["search"] = ""

    def _type_query(self, ctx: AppContext, text: str) -> None:
        ctx.ui["search"] = text

    def _open_product(self, ctx: AppContext, barcode: str) -> None:
        ctx.start_activity(PRODUCT, {"barcode": barcode})

    def _add_to_list_dialog(self, ctx: AppContext) -> None:
        self._default_if_empty(ctx)
        ctx.ui["dialog"] = True
        # The dialog's filter reads each list's (cached) products.
        for row in ctx.data["lists"]:
            self._resolved(ctx, row["id"])

    def _add_to(self, ctx: AppContext, list_id: int) -> None:
        barcode = ctx.extras["barcode"]
        listed = ctx.data["listed"]
        listed[:] = [p for p in listed if not (p["list"] == list_id and p["barcode"] == barcode)]
        # The bug: only the ListedProduct is inserted; the list's cached products stay as they
        # were resolved.
        listed.append({"list": list_id, "barcode": barcode})
        ctx.ui["dialog"] = False

    def _add_to_new_list(self, ctx: AppContext) -> None:
        ctx.start_activity(LISTS, {"product": ctx.extras["barcode"]})

    def _open_list(self, ctx: AppContext, name: str) -> None:
        ctx.start_activity(LIST, {"name": name})

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        act = ctx.activity
        if act == WELCOME:
            return Screen(content=self._welcome(ctx))
        if act == MAIN:
            return Screen(content=self._main(ctx))
        if act == SEARCH:
            return Screen(content=self._search(ctx))
        if act == PRODUCT:
            return self._product_screen(ctx)
        if act == LISTS:
            return Screen(content=self._lists(ctx))
        title = ctx.extras.get("name", "") if act == LIST else TITLES.get(act, "")
        return Screen(content=self._frame(ctx, self._toolbar(title, up=True), []))

    def _bottom(self, ctx: AppContext, selected: str) -> View:
        # selectNavigationItem(0) (search, product) checks no item.
        return w.bottom_navigation(NAV, selected, self._nav, rid="bottom_navigation")

    def _toolbar(self, title: str, *, up: bool = False, subtitle: str = "", **kw: Any) -> View:
        nav = w.up_button() if up else None
        head: str | View = title
        if subtitle:
            head = View(
                cls="android.widget.LinearLayout",
                children=[w.text_view(title, height=84), w.text_view(subtitle, height=63)],
            )
        return w.toolbar(head, navigation=nav, **kw)

    def _frame(self, ctx: AppContext, bar: View, body: list[View], nav: str = "") -> View:
        children = [bar, w.scroll_view([w.linear_layout(body, weight=0)], scrollable=True)]
        if nav:
            children.append(self._bottom(ctx, nav))
        return w.linear_layout(children)

    def _welcome(self, ctx: AppContext) -> View:
        page = ctx.ui["page"]
        title, desc = SLIDES[page]
        n = page + 1 if page < 4 else 1
        slide = w.linear_layout(
            [
                w.image_view(f"slide_{n}_image", "Barcode" if page in (0, 4) else "", height=600),
                w.text_view(title, f"slide_{n}_title", height=200),
                w.text_view(desc, f"slide_{n}_desc", height=400),
            ]
        )
        last = page == len(SLIDES) - 1
        dots = View(cls="android.widget.LinearLayout", resource_id="layoutDots", width=300)
        skip = w.button(
            "btn_skip",
            "Decline" if last else "SKIP",
            self._launch_home if last else self._skip,
            width=300,
        )
        nxt = w.button(
            "btn_next",
            "Grant" if last else "NEXT",
            self._launch_home if last else self._next,
            width=300,
        )
        return w.intro_pager(slide, skip=skip, indicator=dots, advance=nxt)

    def _main(self, ctx: AppContext) -> View:
        query = ctx.ui.get("search")
        if query is None:
            actions = [
                w.image_view("android:id/search_button", "Search", self._open_search, width=147)
            ]
            title: str | View = "OpenFoodFacts"
        else:
            actions = []
            title = View(
                cls="android.widget.LinearLayout",
                resource_id="android:id/search_bar",
                layout=HORIZONTAL,
                children=[
                    w.edit_text(
                        "android:id/search_src_text",
                        query,
                        self._type_query,
                        hint="Search a product",
                    ),
                    w.image_view("android:id/search_voice_btn", "Voice search", width=147),
                ],
            )
        bar = w.toolbar(
            title,
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: None),
            actions=actions,
        )
        body = [
            w.image_view("imageHome", height=500),
            w.text_view("the free food products database", "taglineHome", height=150),
            w.text_view(
                "Open Food Facts is an open database of food products.", "textHome", height=200
            ),
            w.text_view("", "tvTagLine", height=100),
        ]
        return self._frame(ctx, bar, body, nav="" if query is not None else "Home")

    def _search(self, ctx: AppContext) -> View:
        query = str(ctx.extras.get("query", ""))
        found = [p for p in CATALOGUE if query.lower() in f"{p[1]} {p[2]}".lower()]
        bar = self._toolbar(query, up=True, subtitle="Search")
        body: list[View] = [
            w.text_view(f"Number of results: {len(found)}", "textCountProduct", height=100)
        ]
        for code, name, brand, qty in found:
            body.append(
                View(
                    cls="androidx.constraintlayout.widget.ConstraintLayout",
                    resource_id="saveRel",
                    layout=HORIZONTAL,
                    height=230,
                    on_click=w.bind(self._open_product, code),
                    children=[
                        w.image_view("imgProduct", width=230),
                        w.linear_layout(
                            [
                                w.text_view(name, "nameProduct", height=90),
                                w.text_view(f"{brand} - {qty}", "productDetails", height=80),
                            ]
                        ),
                        w.image_view("imgNutriscore", width=120),
                    ],
                )
            )
        if not found:
            body.append(
                w.linear_layout(
                    [
                        w.text_view(
                            "We haven't found any matching products.\nYou can try :",
                            "textNoResults",
                            height=150,
                        ),
                        w.text_view(
                            "- broadening your search \n- scan and add it to Open Food Facts",
                            "textExtendSearch",
                            height=150,
                        ),
                    ],
                    rid="noResultsLayout",
                )
            )
        return self._frame(ctx, bar, body, nav="-")

    def _product_screen(self, ctx: AppContext) -> Screen:
        code, name, brand, qty = self._product(ctx.extras["barcode"])
        tabs = w.tabs(list(TABS), 0, lambda c, i: None)
        actions = [
            ("action_compare_button", "Compare"),
            ("action_add_to_list_button", "Add to list"),
            ("action_edit_button", "Edit"),
            ("action_share_button", "Share"),
        ]
        buttons = View(
            cls="android.widget.LinearLayout",
            resource_id="action_buttons_layout",
            layout=HORIZONTAL,
            height=260,
            children=[
                w.linear_layout(
                    [
                        w.image_view(
                            rid,
                            label,
                            self._add_to_list_dialog if label == "Add to list" else _noop,
                            height=150,
                        ),
                        w.text_view(label, f"{rid}_label", height=110),
                    ],
                    rid=f"{rid}_layout",
                )
                for rid, label in actions
            ],
        )
        body = [
            w.image_view("imageViewFront", "Product front image", height=400),
            w.text_view(name, "textNameProduct", height=110),
            w.text_view(brand, "textBrandProduct", height=90),
            w.text_view(qty, "textQuantityProduct", height=90),
            buttons,
        ]
        content = w.linear_layout(
            [
                self._toolbar("Open Food Facts", up=True),
                tabs,
                w.scroll_view([w.linear_layout(body, weight=0)], scrollable=True),
                self._bottom(ctx, ""),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("dialog"):
            rows = [
                View(
                    cls="android.widget.RelativeLayout",
                    resource_id="rvDialogProductList",
                    height=147,
                    on_click=w.bind(self._add_to, row["id"]),
                    children=[w.text_view(row["name"], "tvDialogListName", height=147)],
                )
                for row in ctx.data["lists"]
                if code not in ctx.data["session"].get(str(row["id"]), [])
            ]
            body_views = [
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="rv_dialogAddToList",
                    weight=0,
                    children=rows,
                ),
                w.text_view(
                    "Add to a new list",
                    "tvAddToNewList",
                    height=147,
                    on_click=self._add_to_new_list,
                ),
            ]
            windows.append(
                w.alert_dialog(
                    w.text_view("Add to your lists", "alertTitle", height=150),
                    body_views,
                    [],
                    lambda c: c.ui.update(dialog=False),
                )
            )
        return Screen(content=content, windows=windows)

    def _lists(self, ctx: AppContext) -> View:
        cards = []
        for row in ctx.data["lists"]:
            count = len(ctx.data["session"].get(str(row["id"]), self._stored(ctx, row["id"])))
            cards.append(
                View(
                    cls="androidx.cardview.widget.CardView",
                    resource_id="cvYourProductList",
                    height=250,
                    on_click=w.bind(self._open_list, row["name"]),
                    children=[
                        w.text_view(row["name"], "tvProductListName", height=120),
                        View(
                            cls="android.widget.LinearLayout",
                            layout=HORIZONTAL,
                            height=100,
                            children=[
                                w.text_view("Number of products: ", "labeltvListSize"),
                                w.text_view(str(count), "tvlistSize"),
                                w.image_view("imageView2", width=120),
                            ],
                        ),
                    ],
                )
            )
        body = [
            w.button("fabAdd", "Add a list", _noop, content_desc="Add a list"),
            w.text_view("You can delete a list by swiping it left.", "tipBox", height=160),
            View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="product_lists_recycler_view",
                weight=0,
                children=cards,
            ),
        ]
        return self._frame(
            ctx, self._toolbar("Your lists", up=True, rid="action_bar"), body, nav="Your lists"
        )
