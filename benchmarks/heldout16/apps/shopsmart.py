"""ShopSmart (yuvrajsinghgmx/ShopSmart), a Jetpack Compose shopping list, at commit 46b9b5a
(2024-10-08, versionName 1.0), the code the fix of issue #43 (0ec363e) was made on.

One activity, ``MainActivity``, holds a Compose ``NavHost`` under a Material 3 ``NavigationBar``
(Home, UpComing, Profile); Checkout opens the ``MyOrders`` destination. Compose nodes carry no
resource ids: texts, content descriptions and classes label them (an ``IconButton`` or FAB dumps
as an ``android.widget.Button`` with its icon's description, a ``Checkbox`` as an
``android.widget.CheckBox``, an ``OutlinedTextField`` as an ``android.widget.EditText`` whose
empty text shows its label).

Home (``HomeScreen.kt``): a ``CenterAlignedTopAppBar`` "ShopSmart" whose only action, "Delete
Selected", shows while some row is checked; the list (or "Your shopping list is empty."), under
it "Total: ₹N" and "Checkout"; the FAB "Add Item" opens the "Add New Item" dialog (Item Name,
Amount, Cancel, Add, with the real validation toasts). Each row is a Card with the product's
name, "₹amount" and a Checkbox that adds the product to (or removes it from) ``selectedItems``.

Bug ShopSmart#43 (non-crash): the row's checked state is ``remember { mutableStateOf(false) }``
inside ``LazyColumn``'s ``items(items.value)`` with no key, so it belongs to the row *position*,
not to the product. Delete Selected removes the selected products and clears ``selectedItems``,
but each position keeps its checkbox state: the product that moves up into a checked row's
position shows checked although nobody checked it (and it is not selected). The fix reads the
state from ``selectedItems`` instead. The model keeps that per-position state in ``ctx.ui``
(``remember``: lost on rotation and whenever Home's composition is disposed, as when another
destination is shown) and mirrors what Home shows into ``data["shown"]`` for the oracle.

Network: the image search (Pixabay, ``ImageRepo.getProducts``) is taken as offline; the app
catches the failure and the product has no image (``imageUrl`` null), so rows show no picture.
Not modelled: a row scrolled out of the LazyColumn's view loses its ``remember`` state (the
model keeps it), Profile's fields and photo picker, My Orders' list (stubs).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.yuvrajsinghgmx.shopsmart"
MAIN = ".MainActivity"
HOME, UPCOMING, PROFILE, ORDERS = "Home", "UpComing", "Profile", "MyOrders"
TABS = (HOME, UPCOMING, PROFILE)
BAR = 168  # 64 dp app bar
NAV_BAR = 210  # 80 dp NavigationBar
ROW = 215  # a Card row: 72 dp plus its 10 dp bottom padding
CHECKBOX = "android.widget.CheckBox"
INT_RE = re.compile(r"[+-]?\d+")


def _target(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return {"resource_id": "", "text": text, "content_desc": desc, "class_name": cls}


def _click(text: str = "", desc: str = "", cls: str = "", bounds: list[int] | None = None):
    found = _target(text, desc, cls)
    if bounds is not None:
        found["bounds"] = bounds
    return {"kind": "click", "target": found}


def _type(label: str, typed: str) -> dict[str, Any]:
    return {
        "kind": "input_text",
        "target": _target(label, cls="android.widget.EditText"),
        "text": typed,
    }


def _row_checkbox(i: int) -> dict[str, Any]:
    """A tap on the Checkbox of list row ``i`` (0 is the top one)."""
    top = 63 + BAR + i * ROW  # below the status bar and the app bar
    return _click(cls=CHECKBOX, bounds=[928, top + 26, 1054, top + 152])


def _add(name: str, amount: str) -> tuple[dict[str, Any], ...]:
    return (
        _click(desc="Add Item", cls="android.widget.Button"),
        _type("Item Name", name),
        _type("Amount", amount),
        _click(text="Add", cls="android.widget.Button"),
    )


DELETE = _click(desc="Delete Selected", cls="android.widget.Button")


def _shows_unselected_checked_row(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """ShopSmart#43: Home shows a row checked whose product is not selected (its checkbox state
    was left by the product deleted from that position)."""
    shown = data.get("shown") or {}
    if system.get("foreground") != "app" or system.get("activity") != MAIN:
        return False
    if shown.get("route") != HOME:
        return False
    items, selected = data.get("items", []), shown.get("selected", [])
    rows = shown.get("rows", [])
    return any(
        i < len(items) and checked and items[i] not in selected for i, checked in enumerate(rows)
    )


HUMAN_STEPS = (
    *_add("Milk", "40"),
    *_add("Bread", "30"),
    _row_checkbox(0),
    DELETE,
)

WRONG_SEQUENCES = {
    "ShopSmart#43": (
        # Checked but never deleted.
        (*_add("Milk", "40"), *_add("Bread", "30"), _row_checkbox(0)),
        # The last item is deleted: nothing moves up into its row.
        (*_add("Milk", "40"), *_add("Bread", "30"), _row_checkbox(1), DELETE),
        # The only item is deleted: the list is empty.
        (*_add("Milk", "40"), _row_checkbox(0), DELETE),
        # Leaving Home for UpComing and back drops the checks and the delete action.
        (
            *_add("Milk", "40"),
            *_add("Bread", "30"),
            _row_checkbox(0),
            _click(text=UPCOMING),
            _click(text=HOME),
        ),
        # Unchecked again before anything is deleted.
        (*_add("Milk", "40"), *_add("Bread", "30"), _row_checkbox(0), _row_checkbox(0)),
    )
}


def _fresh_home() -> dict[str, Any]:
    """HomeScreen's ``remember`` state: the rows' checkbox states by position, selectedItems,
    showDeleteButton and the Add dialog (None, or its two fields)."""
    return {"checked": {}, "selected": [], "show_delete": False, "dialog": None}


class ShopSmart(VirtualApp):
    """ShopSmart 1.0 at 46b9b5a: the Compose shopping list with bug ShopSmart#43."""

    name: ClassVar[str] = "ShopSmart"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "ShopSmart"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "ShopSmart#43",
            "non-crash",
            "Next Item Checkbox Gets Marked After Deleting Previous Item",
            _shows_unselected_checked_row,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # ``items``: the DataStore's "items" JSON; ``orders``: SharedPrefsHelper's orders;
        # ``shown``: what Home shows, mirrored for the oracle.
        return {"items": [], "orders": [], "shown": {}}

    # -- state ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("routes", [HOME])
        ctx.ui["home"] = _fresh_home()
        ctx.ui["upcoming"] = {"name": "", "price": ""}
        self._sync(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # rememberNavController is saveable; every ``remember`` of the screens is not.
        return {"routes": list(ctx.ui["routes"])}

    def _sync(self, ctx: AppContext) -> None:
        home = ctx.ui["home"]
        ctx.data["shown"] = {
            "route": ctx.ui["routes"][-1],
            "rows": [bool(home["checked"].get(str(i))) for i in range(len(ctx.data["items"]))],
            "selected": [dict(p) for p in home["selected"]],
        }

    def _h(self, fn: Any, *args: Any) -> Any:
        def handler(ctx: AppContext) -> None:
            fn(ctx, *args)
            self._sync(ctx)

        return handler

    def _go(self, ctx: AppContext, routes: list[str]) -> None:
        if routes[-1] != ctx.ui["routes"][-1]:
            if ctx.ui["routes"][-1] == HOME:
                ctx.ui["home"] = _fresh_home()  # Home's composition is disposed
            if ctx.ui["routes"][-1] == UPCOMING:
                ctx.ui["upcoming"] = {"name": "", "price": ""}
        ctx.ui["routes"] = routes

    def _tab(self, ctx: AppContext, tab: str) -> None:
        # navigate(tab) { popUpTo(start) { saveState = true }; launchSingleTop; restoreState }
        self._go(ctx, [HOME] if tab == HOME else [HOME, tab])

    def on_back(self, ctx: AppContext) -> bool:
        if len(ctx.ui["routes"]) > 1:
            self._go(ctx, ctx.ui["routes"][:-1])
            self._sync(ctx)
            return True
        return False

    # -- Home -------------------------------------------------------------------------------
    def _check(self, ctx: AppContext, i: int) -> None:
        home, product = ctx.ui["home"], dict(ctx.data["items"][i])
        checked = not home["checked"].get(str(i), False)
        home["checked"][str(i)] = checked  # remember { mutableStateOf(false) } of position i
        if checked:
            home["selected"].append(product)
        elif product in home["selected"]:
            home["selected"].remove(product)
        home["show_delete"] = bool(home["selected"])

    def _delete_selected(self, ctx: AppContext) -> None:
        home = ctx.ui["home"]
        kept = [p for p in ctx.data["items"] if p not in home["selected"]]
        # saveItems(context, updatedItems.map { Poduct(it.name, it.amount) })
        ctx.data["items"] = [
            {"name": p["name"], "amount": p["amount"], "imageUrl": None} for p in kept
        ]
        home["selected"] = []
        home["show_delete"] = False
        # The bug: the positions' checkbox states stay; rows past the new end are disposed
        # (and all of them when the list, hence the LazyColumn, is gone).
        home["checked"] = {k: v for k, v in home["checked"].items() if int(k) < len(kept)}

    def _checkout(self, ctx: AppContext) -> None:
        ctx.data["orders"] = [dict(p) for p in ctx.data["items"]]
        ctx.toast("Orders saved successfully" if ctx.data["items"] else "Cart is empty")
        self._go(ctx, [*ctx.ui["routes"], ORDERS])

    def _open_dialog(self, ctx: AppContext) -> None:
        ctx.ui["home"]["dialog"] = {"name": "", "amount": ""}

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["home"]["dialog"] = None

    def _field(self, key: str) -> Any:
        def on_text(ctx: AppContext, text: str) -> None:
            if ctx.ui["home"]["dialog"] is not None:
                ctx.ui["home"]["dialog"][key] = text

        return on_text

    def _add(self, ctx: AppContext) -> None:
        dialog = ctx.ui["home"]["dialog"]
        name, amount = dialog["name"], dialog["amount"]
        if not name.strip() and not amount.strip():
            ctx.toast("Please Enter valid Data")
        elif not name.strip():
            ctx.toast("Please Enter a valid Name")
        elif not amount.strip():
            ctx.toast("Please Enter a valid Amount")
        if name.strip() and amount.strip():
            value = int(amount) if INT_RE.fullmatch(amount) else 0  # toIntOrNull() ?: 0
            if not -(2**31) <= value < 2**31:
                value = 0
            # searchImage() finds nothing offline: imageUrl is null.
            product = {"name": name, "amount": value, "imageUrl": None}
            ctx.data["items"] = [*ctx.data["items"], product]
            ctx.ui["home"]["dialog"] = None

    def _row(self, ctx: AppContext, i: int, product: dict[str, Any]) -> View:
        checked = bool(ctx.ui["home"]["checked"].get(str(i), False))
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=ROW,
            padding=26,
            children=[
                View(
                    cls="android.view.View",
                    children=[
                        w.text_view(product["name"], height=80),
                        w.text_view(f"₹{product['amount']}", height=60),
                    ],
                ),
                View(
                    cls=CHECKBOX,
                    checkable=True,
                    checked=checked,
                    width=126,
                    height=126,
                    on_click=self._h(self._check, i),
                ),
            ],
        )

    def _home(self, ctx: AppContext) -> tuple[View, list[Window]]:
        home, items = ctx.ui["home"], ctx.data["items"]
        actions = []
        if home["show_delete"]:
            actions.append(
                w.flutter_button(
                    "Delete Selected", self._h(self._delete_selected), width=126, height=126
                )
            )
        bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=BAR,
            style="toolbar",
            children=[w.text_view("ShopSmart", height=BAR), *actions],
        )
        if not items:
            body = [
                View(cls="android.view.View", weight=1),
                w.image_view(desc="Empty List", height=525),
                w.text_view("Your shopping list is empty."),
                w.text_view("Add items using the '+' button below."),
                View(cls="android.view.View", weight=1),
            ]
        else:
            total = sum(p["amount"] for p in items)
            body = [
                View(
                    cls="android.view.View",
                    scrollable=True,
                    scroll_key="list_scroll",
                    children=[self._row(ctx, i, p) for i, p in enumerate(items)],
                ),
                View(
                    cls="android.view.View",
                    weight=0,
                    width=788,
                    children=[
                        w.text_view(f"Total: ₹{total}", height=74),
                        View(cls="android.view.View", height=42),
                        w.button(text="Checkout", handler=self._h(self._checkout), height=147),
                    ],
                ),
            ]
        column = View(cls="android.view.View", children=[bar, *body])
        fab = w.fab(
            "",
            "Add Item",
            self._h(self._open_dialog),
            size=147,
            cls="android.widget.Button",
        )
        content = View(cls="android.view.View", layout=FRAME, children=[column, fab])
        windows = []
        if home["dialog"] is not None:
            windows.append(self._dialog(home["dialog"]))
        return content, windows

    def _dialog(self, dialog: dict[str, str]) -> Window:
        root = View(
            cls="android.view.View",
            weight=0,
            padding=63,
            children=[
                w.text_view("Add New Item", height=100),
                w.edit_text("", dialog["name"], self._field("name"), hint="Item Name", height=168),
                w.edit_text("", dialog["amount"], self._field("amount"), hint="Amount", height=168),
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=126,
                    children=[
                        w.button(text="Cancel", handler=self._h(self._close_dialog), width=280),
                        View(cls="android.view.View"),
                        w.button(text="Add", handler=self._h(self._add), width=240),
                    ],
                ),
            ],
        )
        return Window(root=root, on_dismiss=self._h(self._close_dialog))

    # -- other destinations -----------------------------------------------------------------
    def _upcoming_field(self, key: str) -> Any:
        def on_text(ctx: AppContext, text: str) -> None:
            ctx.ui["upcoming"][key] = text

        return on_text

    def _upcoming(self, ctx: AppContext) -> View:
        state = ctx.ui["upcoming"]
        return View(
            cls="android.view.View",
            children=[
                w.text_view("Add Item"),
                w.edit_text("", state["name"], self._upcoming_field("name"), hint="Item Name"),
                w.edit_text("", state["price"], self._upcoming_field("price"), hint="Item Price"),
                w.button(text="Add Item", handler=lambda c: None),  # onClick = {}
                View(cls="android.view.View"),
            ],
        )

    def _profile(self, ctx: AppContext) -> View:
        return View(
            cls="android.view.View",
            children=[w.text_view("Profile", height=BAR), View(cls="android.view.View")],
        )

    def _orders(self, ctx: AppContext) -> View:
        bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=BAR,
            style="toolbar",
            children=[
                w.flutter_button(
                    "Back",
                    self._h(lambda c: self._go(c, c.ui["routes"][:-1])),
                    width=126,
                    height=126,
                ),
                w.text_view("My Orders", height=BAR),
            ],
        )
        return View(cls="android.view.View", children=[bar, View(cls="android.view.View")])

    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui["routes"][-1]
        windows: list[Window] = []
        if route == HOME:
            page, windows = self._home(ctx)
        elif route == UPCOMING:
            page = self._upcoming(ctx)
        elif route == PROFILE:
            page = self._profile(ctx)
        else:
            page = self._orders(ctx)
        nav = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=NAV_BAR,
            children=[
                View(
                    cls="android.view.View",
                    text=tab,
                    content_desc=tab,
                    selected=route == tab,
                    on_click=self._h(self._tab, tab),
                )
                for tab in TABS
            ],
        )
        root = View(cls="android.view.View", children=[page, nav])
        return Screen(content=root, windows=windows)
