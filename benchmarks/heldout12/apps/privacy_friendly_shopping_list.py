"""Privacy Friendly Shopping List 1.0.5
(``privacyfriendlyshoppinglist.secuso.org.privacyfriendlyshoppinglist``), with bug
privacy-friendly-shopping-list#33.

Modelled from SecUSo/privacy-friendly-shopping-list at tag ``v1.0.5`` (commit
``f2fe1236aa8469f86911333ed30d9932093c39d4``, the release current when the report was filed):
``AndroidManifest.xml``, ``ui/main/SplashActivity.java``, ``ui/main/MainActivity.java``,
``ui/main/welcome/WelcomeDialog.java``, ``framework/utils/MessageUtils.java`` (welcome and
tutorial dialogs), ``ui/main/listeners/AddOnClickListener.java``,
``ui/shoppinglist/ListDialogFragment.java``, ``ui/products/ProductsActivity.java``,
``ui/products/listeners/AddProductOnClickListener.java``,
``ui/products/dialog/ProductDialogFragment.java``, the layouts ``app_bar_main.xml``,
``shopping_list_dialog.xml``, ``shopping_list_item.xml``, ``products_activity.xml``,
``product_dialog.xml``, ``welcome_dialog.xml``, ``shopping_list_tutorial.xml``,
``products_tutorial.xml``, the menus ``lists_menu.xml``, ``products_menu.xml``,
``activity_main_drawer.xml`` and ``values/strings.xml``. The fix is commit ``a948f93`` ("Fixes
#33 and #34", after ``v1.0.7``).

The app: the launcher's ``SplashActivity`` starts ``MainActivity`` and finishes. On the first
start ``MainActivity`` shows the welcome dialog ("Welcome", Okay / View Help) above the lists
tutorial dialog ("Tutorial", Okay / View Help); both are shown once (preferences). The main screen
has the app bar (drawer button, Sort, Delete), the lists (cards) and the ``fab_new_list`` button,
which opens the "New List" dialog (name, statistics switch, priority, deadline, notes; Okay
saves the list, "New Shopping List" when unnamed, and opens its products screen). The products
screen (``ProductsActivity``, the list's name as title) shows its own tutorial once, and its
``fab_new_product`` opens the "New Product" dialog: name, the quantity row ("-", "+", the
``quantity`` field, empty for a new product because a new ``ProductDto`` has no quantity),
price, notes. Okay saves the product (a toast when the name is empty).

privacy-friendly-shopping-list#33 (crash): the "-" button's listener
(``ProductDialogFragment$2``) calls ``Integer.parseInt`` on the quantity field's text without
checking it is empty (the "+" listener checks): with the field empty it throws
``java.lang.NumberFormatException: Invalid int: ""`` (Android 6's message, as in the report's
trace, line 207). Both listeners also throw for a number too large for an int (the same message
with that number); the model does the same.

Stubbed: the navigation drawer's destinations (Statistics, Settings, Help, About: a title and
Navigate up), the sort and delete screens/dialogs, search, the deadline/reminder pickers (the
deadline check box only toggles), the camera and the expandable product details. Uncertain: the
priority spinner's shown value for a new list (the model shows "Normal", index 1 as
``AddOnClickListener`` sets it); exact dialog styling.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "privacyfriendlyshoppinglist.secuso.org.privacyfriendlyshoppinglist"
SPLASH = ".ui.main.SplashActivity"
MAIN = ".ui.main.MainActivity"
PRODUCTS = ".ui.products.ProductsActivity"
STUB = ".ui.StubActivity"
APP_NAME = "Shopping List"
DEFAULT_LIST_NAME = "New Shopping List"
WELCOME_TEXT = (
    "Welcome to the Privacy Friendly Shopping List. Follow the tutorial instructions to create "
    "your first list. You can customize the default settings for notifications, statistics and "
    "others in the menu settings. Consult the Help section to get further information about the "
    "app."
)
LIST_TUTORIAL = (
    "... create a new list?",
    "... delete multiple lists?",
    "... sort lists?",
    "... see list details?",
)
PRODUCT_TUTORIAL = (
    "... add a new product?",
    "... delete multiple products?",
    "... sort products?",
    "... see product details?",
    "... check products?",
)
DRAWER = (("Main", "nav_main"), ("Statistics", "nav_statistics"), ("Settings", "nav_settings"))
DRAWER_2 = (("Help", "nav_help"), ("About", "nav_about"))
INT_MAX = 2**31 - 1

_DIALOG = "privacyfriendlyshoppinglist.secuso.org.privacyfriendlyshoppinglist.ui.products.dialog"
# The report's trace (Android 6.0): the minus button's click.
_CLICK_TAIL = [
    "android.view.View.performClick(View.java:5201)",
    "android.view.View$PerformClick.run(View.java:21163)",
    "android.os.Handler.handleCallback(Handler.java:746)",
    "android.os.Handler.dispatchMessage(Handler.java:95)",
    "android.os.Looper.loop(Looper.java:148)",
    "android.app.ActivityThread.main(ActivityThread.java:5443)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.ZygoteInit$MethodAndArgsCaller.run(ZygoteInit.java:728)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:618)",
]
_PARSE = [
    "java.lang.Integer.invalidInt(Integer.java:138)",
    "java.lang.Integer.parseInt(Integer.java:358)",
    "java.lang.Integer.parseInt(Integer.java:334)",
]
MINUS_FRAMES = [
    *_PARSE,
    f"{_DIALOG}.ProductDialogFragment$2.onClick(ProductDialogFragment.java:207)",
]
PLUS_FRAMES = [
    *_PARSE,
    f"{_DIALOG}.ProductDialogFragment$1.onClick(ProductDialogFragment.java:187)",
]


def _oracle_33(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """The app crashed parsing an empty quantity (NumberFormatException, ``Invalid int: ""``)."""
    return crashed(system, PACKAGE, "java.lang.NumberFormatException", 'Invalid int: ""')


_OK = click(PACKAGE, "android:id/button1", "Okay")
_NEW_LIST = click(PACKAGE, "fab_new_list")
_NEW_PRODUCT = click(PACKAGE, "fab_new_product")
_MINUS = click(PACKAGE, "product_button_minus", "-")
_PLUS = click(PACKAGE, "product_button_plus", "+")

BUG_33 = BugSpec(
    bug_id="privacy-friendly-shopping-list#33",
    kind="crash",
    title="Present quantity field to 1",
    oracle=_oracle_33,
    human_steps=(
        _OK,  # the welcome dialog
        _OK,  # the lists tutorial
        _NEW_LIST,
        _OK,  # the New List dialog: saves and opens the list
        _OK,  # the products tutorial
        _NEW_PRODUCT,
        _MINUS,
    ),
)

_START = [_OK, _OK, _NEW_LIST, _OK, _OK, _NEW_PRODUCT]
WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG_33.bug_id: [
        # "+" first, then "-": 1 then 0.
        [*_START, _PLUS, _MINUS],
        # A number typed first, then "-".
        [*_START, input_text(PACKAGE, "quantity", "3"), _MINUS],
        # "+" alone on the empty field.
        [*_START, _PLUS],
        # The product saved without touching the quantity.
        [*_START, input_text(PACKAGE, "product_name", "Milk"), _OK],
    ],
}


def _recycler_body(rows: list[View], empty: str, empty_rid: str, add: str) -> list[View]:
    """The ``recyclerView`` of ``rows``; when there are none, the ``empty`` notice (id
    ``empty_rid``) and the ``add`` prompt below it."""
    body: list[View] = [
        View(
            cls="android.support.v7.widget.RecyclerView", resource_id="recyclerView", children=rows
        )
    ]
    if not rows:
        body.append(
            w.linear_layout([w.image_view(height=300), w.text_view(empty)], rid=empty_rid, weight=0)
        )
        body.append(w.linear_layout([w.text_view(add)], rid="insert_alert", weight=0))
    return body


class PrivacyFriendlyShoppingList(VirtualApp):
    """Privacy Friendly Shopping List 1.0.5 (see the module docstring)."""

    name: ClassVar[str] = "privacy-friendly-shopping-list"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.0.5"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_33,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {"welcome": True, "tutorial_list": True, "tutorial_product": True},
            "lists": [],
            "next_id": 1,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
            return
        ui.setdefault("dialogs", [])
        ui.setdefault("drawer", False)
        if "created" in ui:
            return  # re-created: the dialogs were restored with ui
        ui["created"] = True
        prefs = ctx.data["prefs"]
        if ctx.activity == MAIN:
            # showWelcomeDialog commits a fragment (shown after) the tutorial AlertDialog.
            if prefs["tutorial_list"]:
                prefs["tutorial_list"] = False
                ui["dialogs"].append("tutorial")
            if prefs["welcome"]:
                prefs["welcome"] = False
                ui["dialogs"].append("welcome")
        elif ctx.activity == PRODUCTS and prefs["tutorial_product"]:
            prefs["tutorial_product"] = False
            ui["dialogs"].append("tutorial")

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("dialogs"):
            ctx.ui["dialogs"].pop()
            return True
        return w.dismiss(ctx.ui, "drawer")

    # -- handlers ----------------------------------------------------------------------------
    @staticmethod
    def _close(ctx: AppContext) -> None:
        if ctx.ui.get("dialogs"):
            ctx.ui["dialogs"].pop()

    def _stub(self, ctx: AppContext, title: str) -> None:
        self._close(ctx)
        ctx.ui["drawer"] = False
        ctx.start_activity(STUB, {"title": title})

    def _open(self, ctx: AppContext, dialog: str) -> None:
        if dialog in ctx.ui["dialogs"]:
            return  # isOpened(): never twice
        ctx.ui["dialogs"].append(dialog)
        if dialog == "list":
            ctx.ui["form"] = {"name": "", "notes": "", "stats": False, "deadline": False}
        else:
            ctx.ui["form"] = {"name": "", "qty": "", "price": "", "notes": ""}

    def _save_list(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        list_id = ctx.data["next_id"]
        ctx.data["next_id"] += 1
        ctx.data["lists"].append(
            {
                "id": list_id,
                "name": form["name"] or DEFAULT_LIST_NAME,
                "notes": form["notes"],
                "statistics": form["stats"],
                "priority": "1",
                "products": [],
            }
        )
        self._close(ctx)
        ctx.start_activity(PRODUCTS, {"list_id": list_id})

    def _list(self, ctx: AppContext) -> dict[str, Any]:
        wanted = ctx.extras.get("list_id")
        return next(item for item in ctx.data["lists"] if item["id"] == wanted)

    def _save_product(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        if not form["name"]:
            ctx.toast("Please provide a product name!")
            return
        self._list(ctx)["products"].append(
            {"name": form["name"], "quantity": form["qty"], "price": form["price"]}
        )
        self._close(ctx)

    @staticmethod
    def _parse_int(text: str, frames: list[str]) -> int:
        """``Integer.parseInt`` as Android 6 throws it."""
        if not text.isdigit() or int(text) > INT_MAX:
            raise JavaException(
                "java.lang.NumberFormatException",
                f'Invalid int: "{text}"',
                frames=[*frames, *_CLICK_TAIL],
            )
        return int(text)

    def _plus(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        if form["qty"]:
            form["qty"] = str(self._parse_int(form["qty"], PLUS_FRAMES) + 1)
        else:
            form["qty"] = "1"

    def _minus(self, ctx: AppContext) -> None:
        # The bug: no emptiness check before Integer.parseInt (ProductDialogFragment.java:207).
        form = ctx.ui["form"]
        value = self._parse_int(form["qty"], MINUS_FRAMES)
        if value > 0:
            form["qty"] = str(value - 1)

    @staticmethod
    def _set(field: str) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            ctx.ui["form"][field] = text

        return handler

    @staticmethod
    def _flip(field: str) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui["form"][field] = not ctx.ui["form"][field]

        return handler

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == PRODUCTS:
            return self._render_products(ctx)
        if ctx.activity == STUB:
            return Screen(content=w.child_page(str(ctx.extras.get("title", ""))))
        return Screen(content=w.frame_layout())  # the splash

    def _windows(self, ctx: AppContext) -> list[Window]:
        windows = []
        for dialog in ctx.ui.get("dialogs", []):
            if dialog == "welcome":
                windows.append(self._welcome_dialog())
            elif dialog == "tutorial":
                windows.append(self._tutorial_dialog(ctx.activity == MAIN))
            elif dialog == "list":
                windows.append(self._list_dialog(ctx))
            elif dialog == "product":
                windows.append(self._product_dialog(ctx))
        return windows

    def _help_buttons(self) -> list[View]:
        return w.dialog_buttons(
            ("Okay", self._close), ("View Help", lambda c: self._stub(c, "Help"))
        )

    def _welcome_dialog(self) -> Window:
        title = w.linear_layout(
            [w.image_view("android:id/icon", width=100), w.dialog_title("Welcome")],
            horizontal=True,
            height=140,
        )
        body = w.scroll_view([w.text_view(WELCOME_TEXT, height=420)], weight=0)
        return w.alert_dialog(title, [body], self._help_buttons(), self._close)

    def _tutorial_dialog(self, lists: bool) -> Window:
        rows = LIST_TUTORIAL if lists else PRODUCT_TUTORIAL
        body = w.scroll_view(
            [
                w.linear_layout(
                    [w.text_view("How to..."), *[w.text_view(row, height=120) for row in rows]],
                    weight=0,
                )
            ],
            weight=0,
        )
        title = w.text_view("Tutorial", "dialog_title", height=140)
        return w.alert_dialog(title, [body], self._help_buttons(), self._close)

    def _list_dialog(self, ctx: AppContext) -> Window:
        form = ctx.ui["form"]
        name_row = w.relative_layout(
            [
                w.linear_layout(
                    rid="list_name_input_layout",
                    children=[
                        w.edit_text(
                            "list_name", form["name"], self._set("name"), hint="Shopping List Name"
                        )
                    ],
                ),
                w.image_view("imageview_statistics", width=110),
                View(
                    cls="android.widget.Switch",
                    resource_id="switch_statistics",
                    checkable=True,
                    checked=form["stats"],
                    on_click=self._flip("stats"),
                    width=180,
                ),
            ],
            layout=HORIZONTAL,
            height=170,
        )
        options = w.linear_layout(
            [
                w.text_view("Priority", "priority_spinner_content", width=220),
                w.spinner("priority_spinner", "Normal", None),
                w.text_view("Deadline", "set_deadline", width=220),
                w.check_box(
                    "list_dialog_checkbox", "", form["deadline"], self._flip("deadline"), width=120
                ),
            ],
            horizontal=True,
            height=130,
        )
        notes = w.edit_text("list_notes", form["notes"], self._set("notes"), hint="Notes")
        title = w.text_view("New List", "dialog_title", height=140)
        buttons = w.dialog_buttons(("Okay", self._save_list), ("Cancel", self._close))
        body = w.scroll_view([w.linear_layout([name_row, options, notes], weight=0)], weight=0)
        return w.alert_dialog(title, [body], buttons, self._close)

    def _product_dialog(self, ctx: AppContext) -> Window:
        form = ctx.ui["form"]
        name = w.linear_layout(
            rid="product_name_input_layout",
            children=[
                w.edit_text(
                    "product_name",
                    form["name"],
                    self._set("name"),
                    hint="Product Name",
                    cls="android.widget.AutoCompleteTextView",
                )
            ],
        )
        quantity = w.linear_layout(
            [
                w.button("product_button_minus", "-", self._minus, width=150),
                w.button("product_button_plus", "+", self._plus, width=150),
                w.edit_text("quantity", form["qty"], self._set("qty"), hint="Qty.", width=200),
                w.linear_layout(
                    rid="product_price_input_layout",
                    children=[
                        w.edit_text(
                            "product_price", form["price"], self._set("price"), hint="Price"
                        )
                    ],
                ),
            ],
            horizontal=True,
            height=150,
        )
        notes = w.linear_layout(
            [
                w.edit_text("product_notes", form["notes"], self._set("notes"), hint="Notes"),
                w.image_button("expand_button", "", None, width=147),
            ],
            horizontal=True,
            height=150,
        )
        title = w.text_view("New Product", "dialog_title", height=140)
        buttons = w.dialog_buttons(("Okay", self._save_product), ("Cancel", self._close))
        body = w.scroll_view([w.linear_layout([name, quantity, notes], weight=0)], weight=0)
        return w.alert_dialog(title, [body], buttons, self._close)

    def _drawer(self, ctx: AppContext) -> View:
        def go(title: str) -> Any:
            if title == "Main":
                return lambda c: c.ui.update(drawer=False)
            return lambda c: self._stub(c, title)

        entries = [w.drawer_entry(t, go(t), checked=t == "Main") for t, _ in DRAWER]
        entries += [w.drawer_entry(t, go(t)) for t, _ in DRAWER_2]
        header = w.linear_layout([w.text_view("Privacy Friendly Shopping List")], height=300)
        return View(
            cls="android.support.design.widget.NavigationView",
            resource_id="nav_view",
            width=800,
            children=[header, *entries],
        )

    def _bar(self, title: str, navigation: View, actions: list[View]) -> View:
        return w.toolbar(title, navigation=navigation, actions=actions)

    def _render_main(self, ctx: AppContext) -> Screen:
        lists = ctx.data["lists"]
        cards = [
            View(
                cls="android.support.v7.widget.CardView",
                resource_id="cardview_item",
                height=220,
                on_click=w.bind(
                    lambda c, i: c.start_activity(PRODUCTS, {"list_id": i}), item["id"]
                ),
                children=[
                    w.text_view(item["name"], "textview_list_name"),
                    w.text_view(str(len(item["products"])), "textview_prod_quantity"),
                ],
            )
            for item in sorted(lists, key=lambda item: str(item["name"]).lower())
        ]
        drawer_button = w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True))
        bar = self._bar(
            APP_NAME,
            drawer_button,
            [
                w.action_item("imageview_sort", "Sort", None),
                w.action_item("imageview_delete", "Delete", None),
            ],
        )
        body = _recycler_body(
            cards, "You don't have any shopping lists", "no_lists_layout", "CREATE A LIST"
        )
        content = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="coordinatorLayout",
            layout=FRAME,
            children=[
                w.linear_layout([bar, *body]),
                w.fab("fab_new_list", "", lambda c: self._open(c, "list")),
            ],
        )
        drawer = self._drawer(ctx) if ctx.ui.get("drawer") else None
        return Screen(
            content=w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout"),
            windows=self._windows(ctx),
        )

    def _render_products(self, ctx: AppContext) -> Screen:
        shopping_list = self._list(ctx)
        products = shopping_list["products"]
        bar = self._bar(
            str(shopping_list["name"]),
            w.up_button(),
            [
                w.action_item("imageview_search", "Search", None),
                w.action_item("imageview_sort", "Sort", None),
                w.action_item("imageview_delete", "Delete", None),
            ],
        )
        rows = [
            w.list_row(
                str(p["name"]),
                str(p["quantity"]),
                title_rid="textview_product_name",
                subtitle_rid="textview_quantity",
            )
            for p in products
        ]
        body = _recycler_body(
            rows, "This list does not contain any products", "no_products_layout", "ADD A PRODUCT"
        )
        content = w.relative_layout(
            [
                w.linear_layout(
                    [
                        bar,
                        View(
                            cls="android.support.design.widget.CoordinatorLayout",
                            layout=FRAME,
                            children=[
                                w.linear_layout(body),
                                w.fab("fab_new_product", "", lambda c: self._open(c, "product")),
                            ],
                        ),
                    ]
                )
            ]
        )
        return Screen(content=content, windows=self._windows(ctx))
