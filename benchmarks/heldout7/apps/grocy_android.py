"""Grocy Android (``xyz.zedler.patrick.grocy``, patzly/grocy-android) 3.2.1, for
grocy-android#731.

A client of a self-hosted grocy server (groceries, stock, shopping lists, recipes, chores): one
activity (``MainActivity``) whose navigation graph shows the first-run onboarding, the login
pages, then the overview ("Stock overview", "Shopping list" with "Shopping mode" and "New
entry", "Recipes", "Chores", "Tasks", "Master data"); below every page a BottomAppBar with the
page's menu and the FAB ``fab_main`` (its icon and description set per page).

Sources read at tag ``v3.2.1`` (commit ``2e10d5d``, "Increase version name and code",
2023-05-21; ``versionName`` 3.2.1), the version the report names: ``activity/MainActivity.java``,
``fragment/OnboardingFragment.java``, ``LoginIntroFragment.java``,
``OverviewStartFragment.java``, ``ShoppingListItemEditFragment.java``,
``MasterProductFragment.java``, ``MasterProductCatLocationFragment.java``,
``MasterProductCatQuantityUnitFragment.java``, the bottom sheets ``InputProductBottomSheet``,
``ShoppingListsBottomSheet`` and ``LocationsBottomSheet``,
``viewmodel/ShoppingListItemEditViewModel.java``, ``MasterProductViewModel.java``, the form
classes ``FormDataShoppingListItemEdit``, ``FormDataMasterProduct`` and its category forms,
``model/Product.java``, the layouts of those pages and sheets, the menus and ``strings.xml``; and
the fix, ``b1fb52e`` ("Fixed: Adding new item to shopping list reverts to previous shopping
list (closes #731)", 2023-07-31).

Bug grocy-android#731 (non-crash): ``ShoppingListItemEditViewModel.loadFromDatabase`` sets the
form's shopping list to ``getLastShoppingList()`` (the list last opened, by default id 1)
whenever the page is not editing an entry. The fragment calls it from ``onViewCreated`` when
``savedInstanceState`` is null, which is also the case when its view is re-created on returning
through the back stack. Creating the typed product ("Unknown input" sheet, "Create new product
and use input as name", then the product pages and their save FAB) leaves the page and comes
back to it, so the list chosen in the page's "Shopping list" row is replaced by the default
one (the new product is then filled in). The fix sets it only while no list is selected.

Fixed data (the reporter's own server, which the model cannot reach): the server has two
shopping lists, "Shopping list" (id 1, grocy's default) and "Weekend" (id 2); the products
"Milk" and "Bread"; the locations "Fridge" and "Pantry"; the quantity units "Piece" and
"Pack"; no stores; no product presets (so a new product needs its default location and
quantity units, the report's "required properties"). "Own server" asks for a camera QR code
(the device has a camera), whose "Enter data manually" opens the form; its "Login" accepts any
non-empty server URL and API key; "Demo server" logs in to the same fixed data (the real demo
server's content is not modelled).

Stubbed: the onboarding pages' pictures, the QR scanner's camera view, the overview's other
cards and buttons and the product pages' other categories (a page with a title and the up
arrow), the "Default store" row (a sheet with no store), the BottomAppBar menus' items
(Clear form clears the item page; the others do nothing), help texts, snackbars (shown as a
toast), the entry and product pages' amount, note and quantity unit rows beyond those named
below. Uncertain: the second list's name and the products (the report names none); which
required properties the reporter set (any way through the product pages that saves the product
returns to the entry page the same way). Not modelled: the network queue (downloads finish at
once).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "xyz.zedler.patrick.grocy"
MAIN = ".activity.MainActivity"
NONE_SELECTED = "None selected"
FEATURES = (
    ("Grocy for Android", "Self-hosted grocery management for your home"),
    ("Intuitive design", "Open and consume with one swipe"),
    ("Powerful batch processing", "Scan your whole purchase in seconds"),
)
CATEGORIES = (
    ("category_optional", "text_cat_optional", "Optional properties", "optional"),
    ("category_location", "text_cat_location", "Default location", "location"),
    ("category_due_date", "text_cat_due_date", "Due date", "due_date"),
    ("category_quantity_unit", "text_cat_qu", "Quantity unit", "qu"),
    ("category_amount", "text_cat_amount", "Amount", "amount"),
)


def list_reverted(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of grocy-android#731: back on the new-entry page after creating a product,
    the page's shopping list is no longer the one the user had chosen there."""
    return bool(data["list_reverted"])


# -- steps -------------------------------------------------------------------------------------
GET_STARTED = click(PACKAGE, "button_onboarding_start", "Get started")
OWN_SERVER = click(PACKAGE, text="Own server", cls="android.widget.Button")
MANUALLY = click(PACKAGE, "enter_manually", "Enter data manually")
LOGIN = click(PACKAGE, text="Login", cls="android.widget.Button")
NEW_ENTRY = click(PACKAGE, "button_add_shopping_list_item", "New entry")
LIST_ROW = click(PACKAGE, text="Shopping list")
SAVE = click(PACKAGE, "fab_main", desc="Save")
CREATE_OPTION = click(PACKAGE, text="Create new product and use input as name")
PROCEED = click(PACKAGE, "button_proceed", "Proceed")
CANCEL_SHEET = click(PACKAGE, "button_cancel", "Cancel")
SAVE_CLOSE = click(PACKAGE, "fab_main", desc="Save and close")
BACK: dict[str, Any] = {"kind": "press_back"}


def login() -> list[dict[str, Any]]:
    return [
        GET_STARTED,
        OWN_SERVER,
        MANUALLY,
        input_text(PACKAGE, "server_url", "https://grocy.example.org"),
        input_text(PACKAGE, "api_key", "0123456789abcdef"),
        BACK,  # hide the keyboard
        LOGIN,
    ]


def pick_list(name: str) -> list[dict[str, Any]]:
    return [LIST_ROW, click(PACKAGE, "name", name)]


def product(name: str) -> dict[str, Any]:
    return input_text(PACKAGE, "auto_complete_product", name)


def set_required() -> list[dict[str, Any]]:
    """Default location, then quantity unit stock (which also sets the purchase unit)."""
    return [
        click(PACKAGE, "category_location"),
        click(PACKAGE, "text_location"),
        click(PACKAGE, "text_master_edit_selection_name", "Fridge"),
        click(PACKAGE, desc=w.NAVIGATE_UP),
        click(PACKAGE, "category_quantity_unit"),
        click(PACKAGE, "text_qu_stock_name"),
        click(PACKAGE, "text_master_edit_selection_name", "Piece"),
        SAVE_CLOSE,
    ]


HUMAN_STEPS = (
    *login(),
    NEW_ENTRY,
    *pick_list("Weekend"),
    product("Cheese"),
    BACK,  # hide the keyboard
    SAVE,
    CREATE_OPTION,
    PROCEED,
    *set_required(),
)


class GrocyAndroid(VirtualApp):
    """Grocy Android 3.2.1: onboarding, login, overview, the shopping list entry page and the
    product creation pages."""

    name: ClassVar[str] = "grocy-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Grocy"
    version: ClassVar[str] = "3.2.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "grocy-android#731",
            "non-crash",
            "Adding new item to shopping list reverts to previous shopping list",
            list_reverted,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "intro_shown": False,
            "server_url": "",
            "shopping_list_last_id": 1,  # PREF.SHOPPING_LIST_LAST_ID's default
            "server": {
                "shopping_lists": [
                    {"id": 1, "name": "Shopping list"},
                    {"id": 2, "name": "Weekend"},
                ],
                "products": [
                    {"id": 1, "name": "Milk", "location_id": 1, "qu_id_stock": 1},
                    {"id": 2, "name": "Bread", "location_id": 2, "qu_id_stock": 1},
                ],
                "locations": [{"id": 1, "name": "Fridge"}, {"id": 2, "name": "Pantry"}],
                "quantity_units": [{"id": 1, "name": "Piece"}, {"id": 2, "name": "Pack"}],
                "shopping_list_items": [],
            },
            "list_reverted": False,
        }

    # -- navigation --------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if "stack" in ctx.ui:
            return
        # NavUtil.updateStartDestination: onboarding, then the login, then the overview.
        if not ctx.data["intro_shown"]:
            start: dict[str, Any] = {"dest": "onboarding", "page": 0}
        elif not ctx.data["server_url"]:
            start = {"dest": "login_intro"}
        else:
            start = {"dest": "overview"}
        ctx.ui.update(stack=[start], sheet=None)

    def _top(self, ctx: AppContext) -> dict[str, Any]:
        top: dict[str, Any] = ctx.ui["stack"][-1]
        return top

    def _navigate(self, ctx: AppContext, dest: str, **args: Any) -> None:
        ctx.hide_keyboard()
        ctx.ui["stack"].append({"dest": dest, **args})

    def _navigate_up(self, ctx: AppContext) -> None:
        ctx.hide_keyboard()
        stack = ctx.ui["stack"]
        left = stack.pop()
        if not stack:
            ctx.finish()
            return
        self._on_view_created(ctx, stack[-1], left)

    def _replace_root(self, ctx: AppContext, dest: str) -> None:
        ctx.ui["stack"] = [{"dest": dest}]

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("sheet") is not None:
            if ctx.ui["sheet"]["kind"] != "input_product":  # setCancelable(false)
                ctx.ui["sheet"] = None
            return True
        top = self._top(ctx)
        if top["dest"] in ("cat_location", "cat_qu"):
            self._cat_back(ctx, top)
            return True
        if len(ctx.ui["stack"]) > 1:
            self._navigate_up(ctx)
            return True
        return False

    # -- first run ---------------------------------------------------------------------------
    def _start(self, ctx: AppContext) -> None:
        # OnboardingFragment: INTRO_SHOWN, then the login graph.
        ctx.data["intro_shown"] = True
        self._replace_root(ctx, "login_intro")

    def _page(self, ctx: AppContext, delta: int) -> None:
        top = self._top(ctx)
        top["page"] = max(0, min(len(FEATURES) - 1, top["page"] + delta))

    def _login(self, ctx: AppContext, url: str) -> None:
        ctx.data["server_url"] = url
        self._replace_root(ctx, "overview")

    def _login_form(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        if top.get("url", "").strip() and top.get("key", "").strip():
            self._login(ctx, top["url"].strip())

    def _render_onboarding(self, ctx: AppContext) -> View:
        page = self._top(ctx)["page"]
        title, description = FEATURES[page]
        pager = View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="pager_onboarding",
            children=[
                w.image_view(height=700),
                w.text_view(title, height=160),
                w.text_view(description, height=200),
            ],
        )
        dots = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="tabs_onboarding",
            layout="horizontal",
            children=[w.linear_layout(selected=i == page) for i in range(3)],
        )
        nav = w.linear_layout(
            [
                w.button(
                    "button_onboarding_previous",
                    content_desc="Previous",
                    handler=w.bind(self._page, -1),
                    width=168,
                ),
                dots,
                w.button(
                    "button_onboarding_next",
                    content_desc="Next",
                    handler=w.bind(self._page, 1),
                    width=168,
                ),
            ],
            horizontal=True,
            height=168,
        )
        start = w.button("button_onboarding_start", "Get started", self._start, height=147)
        return w.linear_layout([pager, start, nav], rid="linear_container")

    def _render_login_intro(self, ctx: AppContext) -> View:
        welcome = w.text_view("Welcome to Grocy Android!", height=150)
        card = View(
            cls="androidx.cardview.widget.CardView",
            weight=0,
            children=[
                w.text_view(
                    "To use grocy productively you need your own server or the grocy add-on for "
                    "Home Assistant.\nIf you just want to try out this app you can use the demo "
                    "server from Bernd Bestel, the creator of grocy.",
                    height=330,
                ),
                w.text_view("Please choose an option below.", height=110),
            ],
        )
        buttons = w.linear_layout(
            [
                w.button(
                    text="Demo server", handler=w.bind(self._login, "https://demo.grocy.info")
                ),
                w.button(text="Own server", handler=w.bind(self._navigate, "login_qr")),
            ],
            horizontal=True,
            height=147,
        )
        icons = w.linear_layout(
            [
                w.button(content_desc=desc, handler=lambda c: None, width=147)
                for desc in ("Help", "Feedback", "Website", "Settings", "About")
            ],
            horizontal=True,
            height=147,
        )
        body = w.linear_layout(
            [w.image_view("image_logo", height=400), welcome, card, buttons, icons],
            rid="linear_container_scroll",
            weight=0,
        )
        return w.scroll_view([body], rid="scroll")

    def _render_login_qr(self, ctx: AppContext) -> View:
        hint = View(
            cls="androidx.cardview.widget.CardView",
            resource_id="hint_card",
            weight=0,
            children=[
                w.text_view(
                    "On another device, visit your grocy website and go to 'API keys' page. "
                    "Click 'Add', then click on the little QR code symbol and scan the QR code.",
                    height=300,
                )
            ],
        )
        scanner = w.frame_layout(rid="container_scanner", height=800, on_click=lambda c: None)
        manual = w.button(
            "enter_manually", "Enter data manually", w.bind(self._navigate, "login_form")
        )
        body = w.linear_layout([hint, scanner, manual], rid="linear_container_scroll", weight=0)
        return w.linear_layout([self._bar("Login"), w.scroll_view([body], rid="scroll")])

    def _render_login_form(self, ctx: AppContext) -> View:
        top = self._top(ctx)

        def setter(key: str) -> Any:
            return lambda c, text: self._top(c).update({key: text})

        fields = w.linear_layout(
            [
                w.text_view(
                    "Use the format http(s)://ip-or-domain:port for the server URL.", height=200
                ),
                w.linear_layout(
                    [
                        w.radio_button("radio_button_https", "HTTPS", True, lambda c: None),
                        w.radio_button("radio_button_http", "HTTP", False, lambda c: None),
                    ],
                    horizontal=True,
                    height=126,
                ),
                w.edit_text("server_url", top.get("url", ""), setter("url"), hint="Server URL"),
                w.edit_text("api_key", top.get("key", ""), setter("key"), hint="Valid API key"),
                w.linear_layout(
                    [
                        w.button(text="Create key", handler=lambda c: None),
                        w.button(text="Login", handler=self._login_form),
                    ],
                    horizontal=True,
                    height=147,
                ),
            ],
            rid="constraint",
            weight=0,
        )
        return w.linear_layout([self._bar("Login"), w.scroll_view([fields], rid="scroll")])

    # -- overview ----------------------------------------------------------------------------
    def _stub(self, ctx: AppContext, title: str) -> None:
        self._navigate(ctx, "stub", title=title)

    def _card(self, title: str, description: str, buttons: list[View]) -> View:
        texts: list[View] = [w.text_view(title, height=90)]
        if description:
            texts.append(w.text_view(description, height=80))
        if buttons:
            texts.append(
                View(
                    cls="android.widget.HorizontalScrollView",
                    layout="horizontal",
                    height=130,
                    children=buttons,
                )
            )
        return View(
            cls="androidx.cardview.widget.CardView",
            weight=0,
            on_click=w.bind(self._stub, title),
            children=[w.linear_layout(texts, weight=0)],
        )

    def _render_overview(self, ctx: AppContext) -> View:
        server = ctx.data["server"]
        items = len(server["shopping_list_items"])
        stub = self._stub
        stock = [
            w.button(text=t, handler=w.bind(stub, t), width=260)
            for t in ("Inventory", "Transfer", "Consume", "Purchase")
        ]
        shopping = [
            w.button(text="Shopping mode", handler=w.bind(stub, "Shopping mode"), width=360),
            w.button(
                "button_add_shopping_list_item",
                "New entry",
                w.bind(self._open_entry),
                width=300,
            ),
        ]
        cards = [
            self._card("Stock overview", f"{len(server['products'])} products", stock),
            self._card("Shopping list", f"{items} entries" if items else "No entries", shopping),
            self._card("Recipes", "", []),
            self._card("Chores", "", []),
            self._card("Tasks", "", [w.button(text="New task", handler=w.bind(stub, "New task"))]),
            self._card("Master data", "", []),
        ]
        header = w.linear_layout(
            [w.image_view("image_logo", width=147), w.text_view("Grocy")],
            horizontal=True,
            height=147,
        )
        bar = w.linear_layout([header], rid="app_bar", height=147)
        scroll = w.scroll_view([w.linear_layout(cards, rid="constraint", weight=0)], rid="scroll")
        # The FAB scans a barcode (the camera scanner is not modelled).
        return self._with_bottom_bar(w.linear_layout([bar, scroll]), [], "Scan", lambda c: None)

    # -- the shopping list entry page (create) ----------------------------------------------
    def _open_entry(self, ctx: AppContext) -> None:
        self._navigate(ctx, "item_edit", vm=None)
        self._on_view_created(ctx, self._top(ctx), None)

    def _on_view_created(
        self, ctx: AppContext, dest: dict[str, Any], left: dict[str, Any] | None
    ) -> None:
        """A page's view created again (``savedInstanceState`` null): what each page reads."""
        if dest["dest"] == "item_edit":
            if dest["vm"] is None:  # a new ViewModel, its form empty
                dest["vm"] = {"list_id": None, "chosen": False, "product": "", "product_id": None}
            vm = dest["vm"]
            saved_product = dest.pop("product_id_result", None)
            self._load_from_database(ctx, vm)
            if saved_product is not None:  # the queue-empty action: setProduct(id)
                self._set_product(ctx, vm, saved_product)
        elif dest["dest"] == "master_product" and left is not None:
            if left.get("product") is not None:
                dest["product"] = left["product"]
            if left.get("save_close"):
                self._save_product(ctx, dest)

    def _load_from_database(self, ctx: AppContext, vm: dict[str, Any]) -> None:
        """``ShoppingListItemEditViewModel.loadFromDatabase``: not editing, so the form's
        shopping list becomes the last one (the bug: also over a list the user chose)."""
        previous = vm["list_id"]
        last = ctx.data["shopping_list_last_id"]
        vm["list_id"] = last
        if vm["chosen"] and previous is not None and previous != last:
            ctx.data["list_reverted"] = True

    def _set_product(self, ctx: AppContext, vm: dict[str, Any], product_id: int) -> None:
        for product in ctx.data["server"]["products"]:
            if product["id"] == product_id:
                vm["product"] = product["name"]
                vm["product_id"] = product_id

    def _product_input(self, ctx: AppContext, text: str) -> None:
        vm = self._top(ctx)["vm"]
        vm["product"] = text
        vm["product_id"] = None

    def _check_product_input(self, ctx: AppContext) -> None:
        """``checkProductInput``: a known name selects the product, else the "Unknown input"
        sheet."""
        ctx.hide_keyboard()
        vm = self._top(ctx)["vm"]
        name = vm["product"]
        if not name:
            return
        for product in ctx.data["server"]["products"]:
            if product["name"] == name:
                vm["product_id"] = product["id"]
                return
        only_digits = name.strip().isdigit()
        ctx.ui["sheet"] = {
            "kind": "input_product",
            "input": name,
            "choice": 3 if only_digits else 1,
        }

    def _save_entry(self, ctx: AppContext) -> None:
        vm = self._top(ctx)["vm"]
        if vm["product_id"] is None:
            self._check_product_input(ctx)  # clearFocusAndCheckProductInput
            return
        ctx.data["server"]["shopping_list_items"].append(
            {"shopping_list_id": vm["list_id"], "product_id": vm["product_id"], "amount": 1}
        )
        self._navigate_up(ctx)

    def _clear_form(self, ctx: AppContext) -> None:
        vm = self._top(ctx)["vm"]
        vm.update(product="", product_id=None)

    def _select_list(self, ctx: AppContext, list_id: int) -> None:
        vm = self._top(ctx)["vm"]
        vm["list_id"] = list_id
        vm["chosen"] = True
        ctx.ui["sheet"] = None

    def _list_name(self, ctx: AppContext, list_id: int | None) -> str:
        for lst in ctx.data["server"]["shopping_lists"]:
            if lst["id"] == list_id:
                return str(lst["name"])
        return NONE_SELECTED

    def _selection_row(
        self, icon_rid: str, title_rid: str, title: str, value: str, handler: Any, **kw: Any
    ) -> View:
        """A ``ListItem`` row: an icon, the property's name over its value."""
        return w.linear_layout(
            [
                w.image_view(icon_rid, width=147),
                w.linear_layout([w.text_view(title, title_rid), w.text_view(value)]),
            ],
            horizontal=True,
            height=200,
            on_click=handler,
            **kw,
        )

    def _render_item_edit(self, ctx: AppContext) -> View:
        vm = self._top(ctx)["vm"]
        list_row = self._selection_row(
            "image_shopping_list",
            "",
            "Shopping list",
            self._list_name(ctx, vm["list_id"]),
            lambda c: c.ui.update(sheet={"kind": "lists"}),
        )
        product_field = w.linear_layout(
            [
                w.edit_text(
                    "auto_complete_product",
                    vm["product"],
                    self._product_input,
                    hint="Product",
                    cls="android.widget.AutoCompleteTextView",
                ),
                w.image_button(desc="Scan barcode", handler=lambda c: None, width=147),
            ],
            rid="text_input_product",
            horizontal=True,
            height=170,
        )
        product_row = w.linear_layout(
            [w.image_view("image_product", width=147), product_field], horizontal=True, height=170
        )
        amount = w.linear_layout(
            [
                w.image_view("image_amount", width=147),
                w.edit_text("edit_text_amount", "", None, hint="Amount"),
                w.button("amount_more", handler=lambda c: None, width=147),
                w.button("amount_less", handler=lambda c: None, width=147),
            ],
            horizontal=True,
            height=170,
        )
        note = w.linear_layout(
            [
                w.image_view("image_note", width=147),
                w.edit_text("edit_text_note", "", None, hint="Note"),
            ],
            horizontal=True,
            height=170,
        )
        form = w.linear_layout([list_row, product_row, amount, note], rid="constraint", weight=0)
        page = w.linear_layout([self._bar("New entry"), w.scroll_view([form], rid="scroll")])
        menu = [
            w.action_item("action_clear_form", "Clear form", self._clear_form),
            w.action_item("action_product_overview", "Product overview", lambda c: None),
        ]
        return self._with_bottom_bar(page, menu, "Save", self._save_entry)

    # -- product creation --------------------------------------------------------------------
    def _proceed(self, ctx: AppContext) -> None:
        sheet = ctx.ui["sheet"]
        ctx.ui["sheet"] = None
        if sheet["choice"] == 1:
            product = {"name": sheet["input"], "location_id": None, "qu_id_stock": None}
            self._navigate(ctx, "master_product", product=product)
        elif sheet["choice"] == 2:
            product = {"name": None, "location_id": None, "qu_id_stock": None}
            self._navigate(ctx, "master_product", product=product)

    def _save_product(self, ctx: AppContext, dest: dict[str, Any]) -> None:
        """``MasterProductViewModel.saveProduct(true)``: the whole form valid, POST, then
        ``SET_PRODUCT_ID`` for the previous page and up."""
        product = dest["product"]
        products = ctx.data["server"]["products"]
        name = (product["name"] or "").strip()
        if (
            not name
            or any(p["name"] == name for p in products)
            or product["location_id"] is None
            or product["qu_id_stock"] is None
        ):
            ctx.toast("Not all required fields are filled")
            return
        new_id = max(p["id"] for p in products) + 1
        products.append({"id": new_id, **product, "name": name})
        stack = ctx.ui["stack"]
        if len(stack) > 1 and stack[-2]["dest"] == "item_edit":
            stack[-2]["product_id_result"] = new_id
        self._navigate_up(ctx)

    def _name_input(self, ctx: AppContext, text: str) -> None:
        self._top(ctx)["product"]["name"] = text

    def _open_category(self, ctx: AppContext, kind: str, title: str) -> None:
        product = dict(self._top(ctx)["product"])
        if kind == "location":
            self._navigate(ctx, "cat_location", product=product)
        elif kind == "qu":
            self._navigate(ctx, "cat_qu", product=product)
        else:
            self._navigate(ctx, "stub", title=title)

    def _render_master_product(self, ctx: AppContext) -> View:
        product = self._top(ctx)["product"]
        name = w.linear_layout(
            [
                w.image_view("image_master_product_simple_name", width=147),
                w.edit_text("edit_text_name", product["name"] or "", self._name_input, hint="Name"),
            ],
            horizontal=True,
            height=170,
        )
        rows: list[View] = [name]
        for rid, text_rid, title, kind in CATEGORIES:
            rows.append(
                self._selection_row(
                    "", text_rid, title, "", w.bind(self._open_category, kind, title), rid=rid
                )
            )
        not_on_server = lambda c: c.toast("Product is not on server")  # noqa: E731
        for rid, title in (
            ("category_barcodes", "Barcodes"),
            ("category_qu_conversions", "QU conversions"),
        ):
            rows.append(
                self._selection_row(
                    "", "", title, "Product is not on server", not_on_server, rid=rid
                )
            )
        form = w.linear_layout(rows, rid="constraint", weight=0)
        help_frame = w.frame_layout(
            rid="frame_help", content_desc="Display help texts", on_click=lambda c: None, width=147
        )
        page = w.linear_layout(
            [self._bar("Create product", help_frame), w.scroll_view([form], rid="scroll")]
        )
        menu = [w.action_item("action_save_not_close", "Save without closing", lambda c: None)]
        save = lambda c: self._save_product(c, self._top(c))  # noqa: E731
        return self._with_bottom_bar(page, menu, "Save and close", save)

    def _cat_back(self, ctx: AppContext, top: dict[str, Any], save_close: bool = False) -> None:
        """A category page's ``onBackPressed``: its filled product for the product page (and
        with the FAB the ``SAVE_CLOSE`` action), then up."""
        top["save_close"] = save_close
        self._navigate_up(ctx)

    def _choose(self, ctx: AppContext, key: str, value: int | None) -> None:
        self._top(ctx)["product"][key] = value
        ctx.ui["sheet"] = None

    def _named(self, ctx: AppContext, table: str, item_id: int | None) -> str:
        for row in ctx.data["server"][table]:
            if row["id"] == item_id:
                return str(row["name"])
        return NONE_SELECTED

    def _render_category(self, ctx: AppContext) -> View:
        top = self._top(ctx)
        product = top["product"]
        if top["dest"] == "cat_location":
            title = "Default location"
            rows = [
                self._selection_row(
                    "",
                    "text_location",
                    "Default location",
                    self._named(ctx, "locations", product["location_id"]),
                    lambda c: c.ui.update(sheet={"kind": "locations"}),
                ),
                self._selection_row(
                    "",
                    "",
                    "Default store",
                    NONE_SELECTED,
                    lambda c: c.ui.update(sheet={"kind": "stores"}),
                ),
            ]
        else:
            title = "Quantity unit"
            unit = self._named(ctx, "quantity_units", product["qu_id_stock"])
            purchase = product.get("qu_id_purchase", product["qu_id_stock"])
            rows = [
                self._selection_row(
                    "",
                    "text_qu_stock_name",
                    "Quantity unit stock",
                    unit,
                    lambda c: c.ui.update(sheet={"kind": "qu", "type": "stock"}),
                ),
                self._selection_row(
                    "",
                    "text_qu_purchase_name",
                    "Default quantity unit purchase",
                    self._named(ctx, "quantity_units", purchase),
                    lambda c: c.ui.update(sheet={"kind": "qu", "type": "purchase"}),
                ),
            ]
        form = w.linear_layout(rows, rid="constraint", weight=0)
        up = w.up_button(lambda c: self._cat_back(c, self._top(c)))
        help_frame = w.frame_layout(
            rid="frame_help", content_desc="Display help texts", on_click=lambda c: None, width=147
        )
        page = w.linear_layout(
            [self._bar(title, help_frame, up=up), w.scroll_view([form], rid="scroll")]
        )
        menu = [w.action_item("action_save_not_close", "Save without closing", lambda c: None)]
        save = lambda c: self._cat_back(c, self._top(c), save_close=True)  # noqa: E731
        return self._with_bottom_bar(page, menu, "Save and close", save)

    # -- shared pieces -----------------------------------------------------------------------
    def _bar(self, title: str, *actions: View, up: View | None = None) -> View:
        navigation = up if up is not None else w.up_button(self._navigate_up)
        return w.linear_layout(
            [w.toolbar(title, navigation=navigation, actions=actions)],
            rid="app_bar",
            height=w.TOOLBAR_HEIGHT,
        )

    def _with_bottom_bar(self, page: View, menu: list[View], fab: str, on_fab: Any) -> View:
        bar = View(
            cls="android.view.ViewGroup",
            resource_id="bottom_app_bar",
            layout="horizontal",
            height=168,
            children=[*menu, View(cls="android.view.View")],
        )
        button = w.fab("fab_main", fab, on_fab)
        return View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            resource_id="coordinator_main",
            layout=FRAME,
            children=[w.linear_layout([page, bar]), button],
        )

    def _render_stub(self, ctx: AppContext) -> View:
        return w.linear_layout(
            [self._bar(self._top(ctx)["title"]), w.frame_layout(rid="container")]
        )

    # -- bottom sheets -----------------------------------------------------------------------
    def _sheet(self, ctx: AppContext) -> Window | None:
        sheet = ctx.ui.get("sheet")
        if sheet is None:
            return None
        close = lambda c: c.ui.update(sheet=None)  # noqa: E731
        if sheet["kind"] == "input_product":
            return Window(root=self._input_product_sheet(sheet), kind="sheet", cancelable=False)
        if sheet["kind"] == "lists":
            vm = self._top(ctx)["vm"]
            rows = [
                w.linear_layout(
                    [
                        w.image_view(
                            "image_selected", width=147, selected=lst["id"] == vm["list_id"]
                        ),
                        w.text_view(lst["name"], "name"),
                    ],
                    rid="container",
                    horizontal=True,
                    height=168,
                    on_click=w.bind(self._select_list, lst["id"]),
                )
                for lst in ctx.data["server"]["shopping_lists"]
            ]
            return self._selection_sheet("Shopping lists", rows, close)
        product = self._top(ctx)["product"]
        if sheet["kind"] == "locations":
            choices = [(r["id"], r["name"]) for r in ctx.data["server"]["locations"]]
            selected, key, title = product["location_id"], "location_id", "Locations"
        elif sheet["kind"] == "stores":
            choices, selected, key, title = [(None, NONE_SELECTED)], None, "", "Stores"
        else:
            choices = [(r["id"], r["name"]) for r in ctx.data["server"]["quantity_units"]]
            key = "qu_id_stock" if sheet["type"] == "stock" else "qu_id_purchase"
            selected = product.get(key)
            title = "Quantity units"
        rows = []
        for item_id, name in choices:
            if sheet["kind"] == "qu":
                handler = w.bind(self._choose_unit, sheet["type"], item_id)
            elif key:
                handler = w.bind(self._choose, key, item_id)
            else:
                handler = close
            rows.append(
                w.linear_layout(
                    [
                        w.image_view(
                            "image_master_edit_selection_selected",
                            width=147,
                            selected=item_id == selected,
                        ),
                        w.text_view(name, "text_master_edit_selection_name"),
                    ],
                    rid="linear_master_edit_selection_container",
                    horizontal=True,
                    height=168,
                    on_click=handler,
                )
            )
        return self._selection_sheet(title, rows, close)

    def _choose_unit(self, ctx: AppContext, kind: str, unit_id: int) -> None:
        """``FormDataMasterProductCatQuantityUnit.selectQuantityUnit``: the stock unit also
        becomes the purchase unit while none is set."""
        product = self._top(ctx)["product"]
        if kind == "stock":
            product["qu_id_stock"] = unit_id
            product.setdefault("qu_id_purchase", unit_id)
        else:
            product["qu_id_purchase"] = unit_id
        ctx.ui["sheet"] = None

    def _selection_sheet(self, title: str, rows: list[View], close: Any) -> Window:
        header = w.linear_layout(
            [w.text_view(title, "text_list_selection_title", height=126)], height=126
        )
        listing = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="recycler_list_selection",
            weight=0,
            children=rows,
        )
        return Window(
            root=w.linear_layout([header, listing], weight=0), kind="sheet", on_dismiss=close
        )

    def _input_product_sheet(self, sheet: dict[str, Any]) -> View:
        def choose(c: AppContext, n: int) -> None:
            c.ui["sheet"]["choice"] = n

        options = [
            "Create new product and use input as name",
            "Create new product and use input as barcode",
            "Add as barcode to existing product",
        ]
        radios = [
            w.radio_button("", text, sheet["choice"] == i, w.bind(choose, i), height=147)
            for i, text in enumerate(options, 1)
        ]
        card = View(
            cls="androidx.cardview.widget.CardView",
            resource_id="card",
            weight=0,
            children=[w.text_view(sheet["input"], "input")],
        )
        buttons = w.linear_layout(
            [
                w.button("button_cancel", "Cancel", lambda c: c.ui.update(sheet=None)),
                w.button("button_proceed", "Proceed", self._proceed),
            ],
            horizontal=True,
            height=147,
        )
        body = w.linear_layout(
            [
                w.text_view("Product field contains:"),
                card,
                w.text_view("Please choose how to proceed:"),
                *radios,
                buttons,
            ],
            rid="linear_container_scroll",
            weight=0,
        )
        title = w.toolbar("Unknown input", rid="")
        return w.linear_layout([title, body], weight=0)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        pages: dict[str, Callable[[AppContext], View]] = {
            "onboarding": self._render_onboarding,
            "login_intro": self._render_login_intro,
            "login_qr": self._render_login_qr,
            "login_form": self._render_login_form,
            "overview": self._render_overview,
            "item_edit": self._render_item_edit,
            "master_product": self._render_master_product,
            "cat_location": self._render_category,
            "cat_qu": self._render_category,
        }
        content = pages.get(self._top(ctx)["dest"], self._render_stub)(ctx)
        sheet = self._sheet(ctx)
        return Screen(content=content, windows=[sheet] if sheet is not None else [])


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "grocy-android#731": [
        # The list is not switched: the page keeps the default list, which is also the last one.
        [
            *login(),
            NEW_ENTRY,
            product("Cheese"),
            BACK,
            SAVE,
            CREATE_OPTION,
            PROCEED,
            *set_required(),
        ],
        # The list is switched and an existing product is typed: no product page, no return.
        [*login(), NEW_ENTRY, *pick_list("Weekend"), product("Milk"), BACK, SAVE],
        # The "Unknown input" sheet is cancelled: the page is never left.
        [*login(), NEW_ENTRY, *pick_list("Weekend"), product("Cheese"), BACK, SAVE, CANCEL_SHEET],
        # The list is switched only after coming back with the new product.
        [
            *login(),
            NEW_ENTRY,
            product("Cheese"),
            BACK,
            SAVE,
            CREATE_OPTION,
            PROCEED,
            *set_required(),
            *pick_list("Weekend"),
        ],
    ],
}
