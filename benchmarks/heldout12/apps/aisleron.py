"""Aisleron 2025.2.0 (``com.aisleron``), with bug aisleron#2.

Modelled from aisleron/aisleron at tag ``v2025.2.0`` (commit
``05a4d32d866ac4c931d5f81a9223ccf3b91afbc8``): ``MainActivity.kt``,
``ui/welcome/WelcomeFragment.kt``, ``ui/AddEditFragmentListenerImpl.kt``,
``ui/menu/NavigationDrawerFragment.kt``, ``ui/shoplist/ShopListFragment.kt``,
``ui/shoppinglist/ShoppingListFragment.kt`` (title, FAB options), ``ui/FabHandlerImpl.kt``,
``domain/sampledata/usecase/CreateSampleDataUseCase.kt``, ``data/DbInitializer.kt``, the layouts
``activity_main.xml``, ``app_bar_main.xml``, ``fragment_welcome.xml``,
``fragment_navigation_drawer.xml``, ``nav_header_main.xml``, ``fragment_shop_menu_item.xml``,
``fragment_shop_list.xml``, ``fragment_shop_list_item.xml``, ``fragment_shopping_list.xml``,
``fragment_aisle_list_item.xml``, ``fragment_product_list_item.xml``, ``fragment_shop.xml``, the
menus ``shopping_list_fragment_context.xml``, ``add_edit_fragment_main.xml``,
``navigation/mobile_navigation.xml`` and ``values/strings.xml``. The fix is commit ``d23cc3c7``
("Address GH-2", after the tag), which gives the shop list its own context menu.

The app: one activity with a Navigation-component back stack (``ui["stack"]``). A fresh install
starts on Home's "In Stock" list and, not yet initialised, navigates to the welcome page
("Getting Started": Add Your Own Products, Load Sample Items, Import an Existing Database, View
the Documentation). "Load Sample Items" creates ten products, five Home aisles and the pinned shop
"Save Big Supermarket" with six aisles, then goes back to Home; "Add Your Own Products" only
goes back. The drawer (hamburger) lists Home's In Stock / Needed / All Items, the pinned shops,
All Shops, Settings and About; each entry navigates (pushes). "All Shops" (``ShopListFragment``)
shows a grid of shops (``txt_shop_name``); a tap opens that shop's list (Needed filter); a long
press starts the contextual action bar (CAB) titled with the shop's name. The main FAB adds a
shop there ("Add Shop": name, "Pin Shop to Drawer", Save); on a product list it opens the mini
FABs (Add Shop, Add Aisle, Add Product).

aisleron#2 (non-crash): ``ShopListFragment.onCreateActionMode`` inflates the shopping list's
context menu ``shopping_list_fragment_context``, whose first item ``mnu_add_product_to_aisle``
("Add Product", shown as an icon) belongs to aisles; so the shop CAB shows Add Product, Edit and
(overflow) Delete. Its ``onActionItemClicked`` has no case for the item: tapping it does nothing.
Each CAB the model shows is recorded in ``data["cab_log"]`` (where, which items) for the oracle.

Stubbed: Settings, About, the product add/edit screen, the aisle dialog (Add Aisle closes it
again), search, drag and drop, the shopping lists' own CAB, the import and documentation links
(the documentation opens a browser: the model does nothing). Uncertain: exact grid geometry; the
error a save with an empty shop name shows (the model ignores the save).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, long_click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.aisleron"
MAIN = ".MainActivity"
SAMPLE_SHOP = "Save Big Supermarket"
NO_AISLE = "No Aisle"
# name -> (in stock, home aisle, shop aisle) as CreateSampleDataUseCase sets them.
SAMPLE_PRODUCTS: tuple[tuple[str, bool, str, str], ...] = (
    ("Frozen Vegetables", True, "Freezer", "Frozen Foods"),
    ("Apples", True, "Fridge", "Fruit and Vegetables"),
    ("Milk", False, "Fridge", "Frozen Foods"),
    ("Butter", False, "Fridge", "Frozen Foods"),
    ("Cereal", True, "Pantry", "Aisle 1"),
    ("Bread", True, "Pantry", "Aisle 1"),
    ("Soap", True, "Bathroom", "Aisle 3 - Personal Care"),
    ("Toothpaste", False, "Bathroom", "Aisle 3 - Personal Care"),
    ("Pet Food", True, NO_AISLE, "Aisle 4"),
    ("Salt", True, "Spices", NO_AISLE),
)
HOME_AISLES = ("Freezer", "Fridge", "Pantry", "Bathroom", "Spices")
SHOP_AISLES = (
    "Fruit and Vegetables",
    "Aisle 1",
    "Aisle 2",
    "Aisle 3 - Personal Care",
    "Aisle 4",
    "Frozen Foods",
)
WELCOME_OPTIONS = (
    (
        "txt_welcome_add_own_product",
        "Add Your Own Products\n\nStart building a personalized shopping list from scratch by "
        "adding Shops, Aisles, and Products",
    ),
    (
        "txt_welcome_load_sample_items",
        "Load Sample Items\n\nTry out a pre-filled list to get a feel for how the app works",
    ),
    (
        "txt_welcome_import_db",
        "Import an Existing Database\n\nBring in a shopping list from an earlier backup by "
        "importing it from the Settings page",
    ),
    (
        "txt_welcome_documentation",
        "View the Documentation\n\nView the Aisleron documentation online to find out more "
        "about the app's features",
    ),
)
WELCOME_MESSAGE = (
    "We're excited to help you make your shopping experience easier and more organized. To get "
    "started, choose one of the following options:"
)
HOME_FILTERS = {"in_stock": "In Stock", "needed": "Needed", "all_items": "All Items"}
TOP_LEVEL = {"in_stock", "needed", "all_items", "all_shops", "shop_list"}
# shopping_list_fragment_context.xml, as the shop list's CAB inflates it in 2025.2.0.
CAB_ITEMS = ("mnu_add_product_to_aisle", "mnu_edit_shopping_list_item")
CAB_OVERFLOW = ("mnu_delete_shopping_list_item",)


def _oracle_2(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """A CAB started on the All Shops list offered the aisle's "Add Product" item."""
    return any(
        cab["screen"] == "all_shops" and "mnu_add_product_to_aisle" in cab["items"]
        for cab in data.get("cab_log", [])
    )


_SAMPLE = click(PACKAGE, "txt_welcome_load_sample_items")
_DRAWER = click(PACKAGE, desc=w.OPEN_DRAWER)
_ALL_SHOPS = click(PACKAGE, "nav_all_shops", "All Shops")
_SHOP = click(PACKAGE, "txt_shop_name", SAMPLE_SHOP)

BUG_2 = BugSpec(
    bug_id="aisleron#2",
    kind="non-crash",
    title='"Add Product to Aisle" button shows in All Shops list',
    oracle=_oracle_2,
    human_steps=(
        _SAMPLE,
        _DRAWER,
        _ALL_SHOPS,
        long_click(PACKAGE, "txt_shop_name", SAMPLE_SHOP),
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG_2.bug_id: [
        # A tap instead of a long press: opens the shop's list.
        [_SAMPLE, _DRAWER, _ALL_SHOPS, _SHOP],
        # The shop opened from the drawer instead of All Shops.
        [_SAMPLE, _DRAWER, click(PACKAGE, "txt_shop_name", SAMPLE_SHOP)],
        # All Shops without touching a shop.
        [_SAMPLE, _DRAWER, _ALL_SHOPS],
        # No shops (own products): All Shops is empty.
        [click(PACKAGE, "txt_welcome_add_own_product"), _DRAWER, _ALL_SHOPS],
    ],
}


class Aisleron(VirtualApp):
    """Aisleron 2025.2.0 (see the module docstring)."""

    name: ClassVar[str] = "aisleron"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Aisleron"
    version: ClassVar[str] = "2025.2.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_2,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "initialised": False,
            "products": [],
            "shops": [],
            "next_id": 2,  # location 1 is Home (DbInitializer)
            "cab_log": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("stack", [{"dest": "in_stock"}])
        for key in ("drawer", "fab_open", "cab", "cab_menu", "dialog", "form"):
            ui.setdefault(key, None)
        if not ctx.data["initialised"] and ui["stack"][-1]["dest"] != "welcome":
            ui["stack"].append({"dest": "welcome"})

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        for key in ("dialog", "cab_menu", "cab", "drawer", "fab_open"):
            if ui.get(key):
                ui[key] = None
                return True
        return w.pop_back_stack(ui["stack"])

    # -- navigation --------------------------------------------------------------------------
    @staticmethod
    def _top(ctx: AppContext) -> dict[str, Any]:
        top: dict[str, Any] = ctx.ui["stack"][-1]
        return top

    def _navigate(self, ctx: AppContext, dest: str, **args: Any) -> None:
        ui = ctx.ui
        ui.update(drawer=None, fab_open=None, cab=None, cab_menu=None, dialog=None)
        ui["stack"].append({"dest": dest, **args})
        if dest == "add_shop":
            ui["form"] = {"name": "", "pinned": True}

    def _back(self, ctx: AppContext) -> None:
        ctx.ui.update(drawer=None, fab_open=None, cab=None, cab_menu=None, dialog=None)
        if not w.pop_back_stack(ctx.ui["stack"]):
            ctx.finish()

    # -- welcome -----------------------------------------------------------------------------
    def _own_products(self, ctx: AppContext) -> None:
        ctx.data["initialised"] = True
        self._back(ctx)

    def _load_sample(self, ctx: AppContext) -> None:
        data = ctx.data
        if data["products"]:
            ctx.toast("ERROR: Cannot load sample data into an existing database")
            return
        data["products"] = [
            {"id": i + 1, "name": n, "in_stock": s, "home_aisle": h, "shop_aisle": a}
            for i, (n, s, h, a) in enumerate(SAMPLE_PRODUCTS)
        ]
        shop_id = data["next_id"]
        data["next_id"] += 1
        data["shops"].append(
            {"id": shop_id, "name": SAMPLE_SHOP, "pinned": True, "aisles": list(SHOP_AISLES)}
        )
        data["initialised"] = True
        self._back(ctx)

    # -- shops -------------------------------------------------------------------------------
    def _shop(self, ctx: AppContext, shop_id: int) -> dict[str, Any] | None:
        return next((s for s in ctx.data["shops"] if s["id"] == shop_id), None)

    def _long_press_shop(self, ctx: AppContext, shop_id: int) -> None:
        ui = ctx.ui
        if ui["cab"] is not None:
            ui["cab"]["shop"] = shop_id  # actionModeItem changes; no new CAB
            return
        # The bug: the shopping list's context menu (with the aisle's Add Product) is inflated.
        ui["cab"] = {"shop": shop_id}
        ctx.data["cab_log"].append(
            {"screen": "all_shops", "items": [*CAB_ITEMS, *CAB_OVERFLOW], "shop": shop_id}
        )

    def _cab_add_product(self, ctx: AppContext) -> None:
        return None  # onActionItemClicked: no case for it, returns false

    def _cab_edit(self, ctx: AppContext) -> None:
        shop = self._shop(ctx, ctx.ui["cab"]["shop"])
        self._navigate(ctx, "add_shop", edit=shop["id"] if shop else None)
        if shop:
            ctx.ui["form"] = {"name": shop["name"], "pinned": shop["pinned"]}

    def _cab_delete(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"delete": ctx.ui["cab"]["shop"]}
        ctx.ui["cab"] = ctx.ui["cab_menu"] = None

    def _confirm_delete(self, ctx: AppContext) -> None:
        shop_id = ctx.ui["dialog"]["delete"]
        ctx.data["shops"] = [s for s in ctx.data["shops"] if s["id"] != shop_id]
        ctx.ui["dialog"] = None

    def _save_shop(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        name = form["name"].strip()
        edit = self._top(ctx).get("edit")
        if not name:
            return
        if any(s["name"] == name and s["id"] != edit for s in ctx.data["shops"]):
            ctx.toast("ERROR: Location Name must be unique")
            return
        shop = self._shop(ctx, edit) if edit else None
        if shop is not None:
            shop.update(name=name, pinned=form["pinned"])
        else:
            ctx.data["shops"].append(
                {"id": ctx.data["next_id"], "name": name, "pinned": form["pinned"], "aisles": []}
            )
            ctx.data["next_id"] += 1
        self._back(ctx)

    @staticmethod
    def _aisle_name(ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["name"] = text

    def _toggle_stock(self, ctx: AppContext, product_id: int) -> None:
        for product in ctx.data["products"]:
            if product["id"] == product_id:
                product["in_stock"] = not product["in_stock"]

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = self._top(ctx)
        dest = top["dest"]
        if dest == "welcome":
            body, title = self._welcome(), "Getting Started"
        elif dest == "all_shops":
            body, title = self._all_shops(ctx), "All Shops"
        elif dest == "add_shop":
            body, title = self._shop_form(ctx), "Edit Shop" if top.get("edit") else "Add Shop"
        elif dest in ("settings", "about", "add_product"):
            titles = {
                "settings": "Settings",
                "about": "About Aisleron",
                "add_product": "Add Product",
            }
            body, title = w.linear_layout([]), titles[dest]
        else:
            body = self._product_list(ctx, top)
            shop = self._shop(ctx, top.get("shop", 0))
            title = HOME_FILTERS.get(dest) or (shop["name"] if shop else "")
        nav = (
            w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True))
            if dest in TOP_LEVEL
            else w.up_button(self._back)
        )
        actions: list[View] = []
        if dest == "add_shop":
            actions = [w.action_item("mnu_btn_save", "Save", self._save_shop)]
        elif dest in ("in_stock", "needed", "all_items", "shop_list"):
            actions = [w.action_item("action_search", "Search", None)]
        bar = (
            self._cab_bar(ctx)
            if ctx.ui.get("cab")
            else w.toolbar(title, navigation=nav, actions=actions)
        )
        layers: list[View] = [w.linear_layout([bar, body])]
        layers += self._fabs(ctx, dest)
        content = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            layout=FRAME,
            children=layers,
        )
        drawer = self._drawer(ctx) if ctx.ui.get("drawer") else None
        return Screen(
            content=w.drawer_layout(content, drawer, rid="drawer_layout"),
            windows=self._windows(ctx),
        )

    def _cab_bar(self, ctx: AppContext) -> View:
        shop = self._shop(ctx, ctx.ui["cab"]["shop"])
        return View(
            cls="androidx.appcompat.widget.ActionBarContextView",
            resource_id="action_context_bar",
            layout=HORIZONTAL,
            height=w.TOOLBAR_HEIGHT,
            style="toolbar",
            children=[
                w.image_button(
                    "action_mode_close_button", "Done", lambda c: c.ui.update(cab=None), width=147
                ),
                w.text_view(
                    shop["name"] if shop else "", "action_bar_title", height=w.TOOLBAR_HEIGHT
                ),
                w.action_item("mnu_add_product_to_aisle", "Add Product", self._cab_add_product),
                w.action_item("mnu_edit_shopping_list_item", "Edit", self._cab_edit),
                w.overflow_button(lambda c: c.ui.update(cab_menu=True)),
            ],
        )

    def _fabs(self, ctx: AppContext, dest: str) -> list[View]:
        if dest == "all_shops":
            return [w.fab("fab", "Main FAB", lambda c: self._navigate(c, "add_shop"))]
        if dest not in ("in_stock", "needed", "all_items", "shop_list"):
            return []
        fabs = [w.fab("fab", "Main FAB", lambda c: c.ui.update(fab_open=not c.ui["fab_open"]))]
        if ctx.ui.get("fab_open"):
            minis = (
                (
                    "fab_add_shop",
                    "Add Shop FAB",
                    "add_shop_fab_label",
                    "Add Shop",
                    lambda c: self._navigate(c, "add_shop"),
                ),
                (
                    "fab_add_aisle",
                    "Add Aisle FAB",
                    "add_aisle_fab_label",
                    "Add Aisle",
                    lambda c: c.ui.update(fab_open=None, dialog={"aisle": True}),
                ),
                (
                    "fab_add_product",
                    "Add Product FAB",
                    "add_product_fab_label",
                    "Add Product",
                    lambda c: self._navigate(c, "add_product"),
                ),
            )
            column = [
                w.linear_layout(
                    [
                        w.text_view(label, lrid, width=500),
                        w.fab(rid, desc, handler, size=147, gravity=""),
                    ],
                    horizontal=True,
                    height=170,
                )
                for rid, desc, lrid, label, handler in minis
            ]
            fabs.insert(
                0, w.linear_layout(column, weight=0, width=700, gravity="bottom_end", height=560)
            )
        return fabs

    def _welcome(self) -> View:
        header = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            resource_id="welcome_header",
            layout=HORIZONTAL,
            height=280,
            children=[
                w.image_view("imageView", "Aisleron logo", width=263),
                w.linear_layout(
                    [
                        w.text_view("Welcome to Aisleron", "txt_welcome_title"),
                        w.text_view("Fly through the Shops", "txt_welcome_subtitle"),
                    ]
                ),
            ],
        )
        handlers = {
            "txt_welcome_add_own_product": self._own_products,
            "txt_welcome_load_sample_items": self._load_sample,
            "txt_welcome_import_db": lambda c: self._welcome_import(c),
            "txt_welcome_documentation": None,
        }
        options = [
            View(
                cls="android.widget.TextView",
                resource_id=rid,
                text=text,
                height=260,
                on_click=handlers[rid] or (lambda c: None),
            )
            for rid, text in WELCOME_OPTIONS
        ]
        page = w.linear_layout(
            [header, w.text_view(WELCOME_MESSAGE, "txt_welcome_message", height=200), *options],
            weight=0,
        )
        return w.scroll_view([page])

    def _welcome_import(self, ctx: AppContext) -> None:
        ctx.data["initialised"] = True
        ctx.ui["stack"].pop()
        self._navigate(ctx, "settings")

    def _all_shops(self, ctx: AppContext) -> View:
        cells = [
            View(
                cls="androidx.constraintlayout.widget.ConstraintLayout",
                width=340,
                height=300,
                on_click=w.bind(lambda c, i: self._navigate(c, "shop_list", shop=i), shop["id"]),
                on_long_click=w.bind(self._long_press_shop, shop["id"]),
                children=[
                    w.image_view("imageView2", height=262),
                    w.text_view(shop["name"], "txt_shop_name", height=100),
                ],
            )
            for shop in ctx.data["shops"]
        ]
        rows = [
            w.linear_layout(cells[i : i + 3], horizontal=True, height=320)
            for i in range(0, len(cells), 3)
        ]
        return View(
            cls="androidx.recyclerview.widget.RecyclerView", resource_id="shop_list", children=rows
        )

    def _product_list(self, ctx: AppContext, top: dict[str, Any]) -> View:
        dest = top["dest"]
        products = ctx.data["products"]
        if dest == "shop_list":
            shop = self._shop(ctx, top.get("shop", 0))
            aisles = [NO_AISLE, *(shop["aisles"] if shop else [])]
            key, wanted = "shop_aisle", [p for p in products if not p["in_stock"]]
            if shop is None or shop["name"] != SAMPLE_SHOP:
                key = ""
        else:
            aisles = [NO_AISLE, *HOME_AISLES] if products else [NO_AISLE]
            key = "home_aisle"
            wanted = [
                p for p in products if dest == "all_items" or p["in_stock"] == (dest == "in_stock")
            ]
        rows: list[View] = []
        for aisle in aisles:
            inside = [p for p in wanted if (p[key] if key else NO_AISLE) == aisle]
            if not inside:
                continue
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(aisle, "txt_aisle_name"),
                        w.text_view("", "txt_product_cnt", width=150),
                    ],
                    horizontal=True,
                    height=120,
                )
            )
            rows += [
                View(
                    cls="androidx.cardview.widget.CardView",
                    resource_id="frg_product_list_item",
                    height=140,
                    layout=HORIZONTAL,
                    children=[
                        w.text_view(p["name"], "txt_product_name"),
                        w.check_box(
                            "chk_in_stock",
                            "",
                            p["in_stock"],
                            w.bind(self._toggle_stock, p["id"]),
                            width=150,
                        ),
                    ],
                )
                for p in inside
            ]
        return View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="frg_shopping_list",
            children=rows,
        )

    def _shop_form(self, ctx: AppContext) -> View:
        form = ctx.ui["form"] or {"name": "", "pinned": True}

        def name(c: AppContext, text: str) -> None:
            c.ui["form"]["name"] = text

        def pin(c: AppContext) -> None:
            c.ui["form"]["pinned"] = not c.ui["form"]["pinned"]

        return w.linear_layout(
            [
                View(
                    cls="com.google.android.material.textfield.TextInputLayout",
                    height=200,
                    children=[w.edit_text("edt_shop_name", form["name"], name, hint="Shop Name")],
                ),
                View(
                    cls="android.widget.Switch",
                    resource_id="swc_shop_pinned",
                    text="Pin Shop to Drawer",
                    checkable=True,
                    checked=form["pinned"],
                    on_click=pin,
                    height=140,
                ),
            ],
            weight=0,
        )

    def _drawer(self, ctx: AppContext) -> View:
        def entry(rid: str, title: str, dest: str) -> View:
            return View(
                cls="android.widget.TextView",
                resource_id=rid,
                text=title,
                height=140,
                on_click=lambda c: self._navigate(c, dest),
            )

        shops = [
            View(
                cls="android.widget.TextView",
                resource_id="txt_shop_name",
                text=s["name"],
                height=140,
                on_click=w.bind(lambda c, i: self._navigate(c, "shop_list", shop=i), s["id"]),
            )
            for s in ctx.data["shops"]
            if s["pinned"]
        ]
        header = w.linear_layout(
            [w.text_view("Aisleron", "appName"), w.text_view("Fly through the Shops", "textView")],
            height=300,
        )
        items = [
            header,
            w.text_view("Home", "nav_home_title", height=90),
            entry("nav_in_stock", "In Stock", "in_stock"),
            entry("nav_needed", "Needed", "needed"),
            entry("nav_all_items", "All Items", "all_items"),
            w.text_view("Shops", "textView2", height=90),
            View(
                cls="androidx.fragment.app.FragmentContainerView",
                resource_id="fragment_shop_menu_container",
                weight=0,
                children=shops,
            ),
            entry("nav_all_shops", "All Shops", "all_shops"),
            entry("nav_settings", "Settings", "settings"),
            entry("nav_about", "About", "about"),
        ]
        return View(
            cls="com.google.android.material.navigation.NavigationView",
            resource_id="nav_view",
            width=800,
            children=[w.scroll_view([w.linear_layout(items, weight=0)])],
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui.get("cab_menu"):
            windows.append(
                w.menu_window(
                    [("Delete", self._cab_delete)],
                    lambda c: c.ui.update(cab_menu=None),
                    bounds=(560, 60, 1070, 200),
                )
            )
        dialog = ui.get("dialog")
        if dialog and "delete" in dialog:
            shop = self._shop(ctx, dialog["delete"])
            windows.append(
                w.alert_dialog(
                    w.dialog_title(f"Delete {shop['name'] if shop else ''}?"),
                    [],
                    w.dialog_buttons(
                        ("OK", self._confirm_delete), ("Cancel", lambda c: c.ui.update(dialog=None))
                    ),
                    lambda c: c.ui.update(dialog=None),
                )
            )
        elif dialog and "aisle" in dialog:
            windows.append(
                w.input_dialog(
                    "Add Aisle",
                    w.edit_text("edt_aisle_name", str(dialog.get("name", "")), self._aisle_name),
                    ("Done", lambda c: c.ui.update(dialog=None)),
                    ("Cancel", lambda c: c.ui.update(dialog=None)),
                    lambda c: c.ui.update(dialog=None),
                )
            )
        return windows
