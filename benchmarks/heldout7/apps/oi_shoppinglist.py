"""OI Shopping List (``org.openintents.shopping``, openintents/shoppinglist) 2.2.1, the F-Droid
build, for shoppinglist#71.

A checklist for shopping: lists of items, each item with a check box (bought or not); the bottom
panel's field and "Add" button add an item to the current list, a tap on an item (or "Edit item"
in its long-press context menu) opens the "Edit item" dialog (name, quantity, units, price,
tags, priority, and the "Note" button that opens the item's note in OI Notepad).

Sources read at tag ``v2.2.1`` (commit ``e7d3ff1``, "fix build errors, fix lint errors, v2.2.1",
2020-06-13; ``versionName`` 2.2.1): ``ui/ShoppingActivity.java`` (``onCreate``, ``createView``,
``createList``, the context menu, ``insertNewItem``, ``pickItems``, ``onCustomClick``,
``editItem``, the options menu, the drawer adapter), ``ui/LayoutChoiceActivity.java``,
``ui/dialog/EditItemDialog.java``, ``ui/widget/ShoppingItemsView.java``,
``ui/PreferenceActivity.java`` (defaults), the layouts ``activity_shopping.xml``,
``dialog_layout_choice.xml``, ``dialog_edit_item.xml``, ``list_item_shopping_item.xml``, the
drawer rows, ``strings.xml``, ``AndroidManifest.xml`` and ``src/tstore/AndroidManifest.xml``;
and ``DownloadAppDialog.java`` and ``MarketUtils.java`` of openintents/distribution (the
library ``com.github.openintents:distribution:3.0.2``; read at its stored commit ``49a4b69``).

First run: ``ShoppingActivity.onCreate`` starts ``LayoutChoiceActivity`` ("Choose your preferred
layout") while ``show_layout_choice`` is unset; its radio group starts on the action-bar layout,
so only choosing the bottom layout (its radio button or picture) changes the selection, saves
the choice and opens the list; the model follows that path (the bottom add panel) and does not
model the action-bar search layout. The database starts with one empty list, "My shopping list";
the list starts in the "Shopping" mode.

Bug shoppinglist#71 (crash): the "Note" image button of ``EditItemDialog`` (its fifth anonymous
class, ``EditItemDialog$5``) starts ``ACTION_VIEW`` on the item's note URI; with OI Notepad not
installed that throws ``ActivityNotFoundException``, which is caught to show
``new DownloadAppDialog(...)``. F-Droid builds the ``tstore`` flavour, whose manifest sets the
meta-data ``hideMarketLink`` to true, so ``DownloadAppDialog.set`` takes the branch
``getButton(BUTTON_POSITIVE).setVisibility(View.GONE)``, called in the constructor before the
AlertDialog has created its buttons: ``getButton`` returns null and the app dies with a
NullPointerException. The report is still open (no fix).

Stubbed: the drawer's "New list", the "Sort" and overflow items (they close their menu), the
context menu's other items (close it), the edit dialog's price-per-store button, and the totals
panel (its texts are empty for an empty list and left out). Uncertain: the line numbers of the
distribution library (the stored copy may differ from 3.0.2) and the framework frames (Android 9
numbers as commonly printed); that OI Notepad is absent on the reporter's phone (the report's
expected "Download OI Notepad" screen says so); the item rows show only the check box and the
name (quantity, units, price and tags are empty for a new item). Not modelled: the activity's
``adjustResize`` (the device does not resize an activity for the soft keyboard, so the bottom
panel's "Add" is under the keyboard until Back hides it; Enter in the field adds the item, as
the field's OnKeyListener does).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text, long_click
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.openintents.shopping"
MAIN = ".ShoppingActivity"
CHOICE = ".ui.LayoutChoiceActivity"
NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'void android.widget.Button.setVisibility(int)' "
    "on a null object reference"
)
ANDROID_9_CLICK = [
    "android.view.View.performClick(View.java:6597)",
    "android.view.View.performClickInternal(View.java:6574)",
    "android.view.View.access$3100(View.java:778)",
    "android.view.View$PerformClick.run(View.java:25885)",
    "android.os.Handler.handleCallback(Handler.java:873)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loop(Looper.java:193)",
    "android.app.ActivityThread.main(ActivityThread.java:6669)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:493)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:858)",
]
CONTEXT_ITEMS = (
    "Edit item",
    "Mark item",
    "Stores...",
    "Remove item from list",
    "Copy item",
    "Delete item permanently",
    "Move item to other list",
)

# -- steps -------------------------------------------------------------------------------------
BOTTOM_LAYOUT = click(PACKAGE, "layout_choice_bottom")
ADD = click(PACKAGE, "button_add_item", "Add")
EDIT_FROM_MENU = click(PACKAGE, "android:id/title", "Edit item")
NOTE = click(PACKAGE, "note")
OK = click(PACKAGE, "android:id/button1", "OK")
CANCEL = click(PACKAGE, "android:id/button2", "Cancel")


def type_item(name: str) -> dict[str, Any]:
    return input_text(
        PACKAGE, "autocomplete_add_item", name, cls="android.widget.AutoCompleteTextView"
    )


HIDE_KEYBOARD: dict[str, Any] = {"kind": "press_back"}


def add_item(name: str) -> list[dict[str, Any]]:
    """Type the item, hide the keyboard (which covers the bottom panel on this device), tap
    Add."""
    return [type_item(name), HIDE_KEYBOARD, ADD]


def hold(name: str) -> dict[str, Any]:
    return long_click(PACKAGE, "name", name)


class OIShoppingList(VirtualApp):
    """OI Shopping List 2.2.1 (F-Droid's tstore flavour): the layout choice, the list with its
    bottom add panel, drawer, menus and the "Edit item" dialog."""

    name: ClassVar[str] = "shoppinglist"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "OI Shopping List"
    version: ClassVar[str] = "2.2.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "shoppinglist#71",
            "crash",
            "Crash after click the ImageButton 'Note'",
            crash_oracle(PACKAGE, NPE, "Button.setVisibility"),
            human_steps=(BOTTOM_LAYOUT, *add_item("Milk"), hold("Milk"), EDIT_FROM_MENU, NOTE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "show_layout_choice": True,
            "lists": [{"name": "My shopping list", "items": []}],
            "current": 0,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN and ctx.data["show_layout_choice"]:
            # LayoutChoiceActivity.show(this) then finish(): the choice replaces the list.
            ctx.start_activity(CHOICE)
            ctx.finish()
            return
        ctx.ui.setdefault("mode", "shop")
        ctx.ui.setdefault("typed", "")
        ctx.ui.setdefault("drawer", False)
        ctx.ui.setdefault("menu", None)
        ctx.ui.setdefault("dialog", None)

    def on_key(self, ctx: AppContext, key: str) -> bool:
        # The add field's OnKeyListener: Enter inserts the typed item.
        if ctx.activity == MAIN and key == "enter" and ctx.focus.endswith("autocomplete_add_item"):
            self._add(ctx)
            return True
        return False

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        return w.dismiss(ctx.ui, "menu", None) or w.dismiss(ctx.ui, "drawer")

    # -- the layout choice -------------------------------------------------------------------
    def _choose_bottom(self, ctx: AppContext) -> None:
        # onCheckedChanged: setUsingHoloSearch(false), setShowLayoutChoice(false), restart.
        ctx.data["show_layout_choice"] = False
        ctx.start_activity(MAIN)
        ctx.finish()

    def _render_choice(self) -> Screen:
        bar = w.toolbar("Choose your preferred layout", navigation=w.up_button(), rid="action_bar")
        description = w.text_view(
            "You can change the layout in the settings again.\n\n"
            "Please restart app after changing the layout!",
            "description",
            height=300,
        )
        pictures = w.linear_layout(
            [
                w.image_view("image_actionbar", handler=lambda c: None, height=900),
                w.image_view("image_bottom", handler=self._choose_bottom, height=900),
            ],
            horizontal=True,
            weight=0,
        )
        radios = View(
            cls="android.widget.RadioGroup",
            resource_id="layout_choice",
            layout="horizontal",
            height=300,
            children=[
                w.radio_button(
                    "layout_choice_actionbar",
                    "Layout with search and add items in the action bar.\n"
                    "Use this if you usually add several items at once.",
                    True,
                    lambda c: None,  # already checked: no change, no listener call
                    height=300,
                ),
                w.radio_button(
                    "layout_choice_bottom",
                    "Layout with add item at the bottom.\n"
                    "Use this if you usually add one item at a time.",
                    False,
                    self._choose_bottom,
                    height=300,
                ),
            ],
        )
        body = w.scroll_view([w.relative_layout([description, pictures, radios], weight=0)])
        return Screen(content=w.linear_layout([bar, body]))

    # -- the list ----------------------------------------------------------------------------
    def _items(self, ctx: AppContext) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = ctx.data["lists"][ctx.data["current"]]["items"]
        return items

    def _type(self, ctx: AppContext, text: str) -> None:
        ctx.ui["typed"] = text

    def _add(self, ctx: AppContext) -> None:
        """``insertNewItem``: add the typed item, or with an empty field switch the mode."""
        name = ctx.ui["typed"].strip()
        if not name:
            ctx.ui["mode"] = "add" if ctx.ui["mode"] == "shop" else "shop"  # pickItems
            return
        items = self._items(ctx)
        if not any(item["name"] == name for item in items):
            items.append({"name": name, "bought": False, "note": None})
        ctx.ui["typed"] = ""

    def _toggle_bought(self, ctx: AppContext, index: int) -> None:
        item = self._items(ctx)[index]
        item["bought"] = not item["bought"]

    def _edit(self, ctx: AppContext, index: int) -> None:
        item = self._items(ctx)[index]
        ctx.ui["menu"] = None
        ctx.ui["dialog"] = {"index": index, "name": item["name"]}

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None

    def _set_mode(self, ctx: AppContext, mode: str) -> None:
        ctx.ui.update(mode=mode, drawer=False)

    def _clean_up(self, ctx: AppContext) -> None:
        lst = ctx.data["lists"][ctx.data["current"]]
        lst["items"] = [item for item in lst["items"] if not item["bought"]]

    def _row(self, index: int, item: dict[str, Any]) -> View:
        check = w.check_box("check", "", item["bought"], w.bind(self._toggle_bought, index))
        surround = w.relative_layout([check], rid="check_surround", width=150)
        name = w.text_view(item["name"], "name")
        description = w.relative_layout([name], rid="description")
        open_menu = w.bind(lambda c, i: c.ui.update(menu={"kind": "context", "index": i}), index)
        return w.linear_layout(
            [surround, description],
            horizontal=True,
            height=150,
            on_click=w.bind(self._edit, index),
            on_long_click=open_menu,
        )

    def _render_main(self, ctx: AppContext) -> Screen:
        mode = ctx.ui["mode"]
        lst = ctx.data["lists"][ctx.data["current"]]
        items = lst["items"]
        checked = sum(1 for item in items if item["bought"])
        subtitle = "Shopping" if mode == "shop" else "Pick items"
        title = w.linear_layout(
            [w.text_view(lst["name"], height=80), w.text_view(subtitle, height=67)]
        )
        actions = [
            w.action_item("", "Sort", lambda c: None, text="Sort", width=200),
            w.action_item(
                "",
                "Clean up list",
                self._clean_up,
                text="Clean up list",
                enabled=checked > 0,
                width=330,
            ),
            w.overflow_button(lambda c: c.ui.update(menu={"kind": "overflow"})),
        ]
        drawer_toggle = w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True))
        bar = w.toolbar(title, navigation=drawer_toggle, actions=actions, rid="action_bar")
        rows = [self._row(i, item) for i, item in enumerate(items)]
        listing = w.list_view(rows, rid="list_items", scroll_key="items_scroll")
        button = "Shopping" if mode == "add" and not ctx.ui["typed"] else "Add"
        panel = w.linear_layout(
            [
                w.edit_text(
                    "autocomplete_add_item",
                    ctx.ui["typed"],
                    self._type,
                    cls="android.widget.AutoCompleteTextView",
                ),
                w.button("button_add_item", button, self._add, width=300),
            ],
            rid="add_panel",
            horizontal=True,
            height=150,
        )
        background = w.linear_layout([listing, panel], rid="background")
        content = w.frame_layout([background], rid="content_frame")
        drawer = self._drawer(ctx) if ctx.ui["drawer"] else None
        root = w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout")
        return Screen(content=w.linear_layout([bar, root]), windows=self._windows(ctx))

    def _drawer(self, ctx: AppContext) -> View:
        mode = ctx.ui["mode"]

        def radio(text: str, selected: bool, handler: Any) -> View:
            icon = w.image_view("mode_radio_button", selected=selected, width=120)
            return w.relative_layout(
                [icon, w.text_view(text, "text1")], height=147, on_click=handler
            )

        def pick_list(c: AppContext, i: int) -> None:
            c.data["current"] = i
            c.ui["drawer"] = False

        rows = [
            radio("Shopping", mode == "shop", w.bind(self._set_mode, "shop")),
            radio("Pick items", mode == "add", w.bind(self._set_mode, "add")),
            w.text_view("List", height=110),
        ]
        for i, lst in enumerate(ctx.data["lists"]):
            row = w.relative_layout(
                [w.text_view(lst["name"], "text1")], height=147, on_click=w.bind(pick_list, i)
            )
            rows.append(row)
        rows.append(radio("New list", False, lambda c: c.ui.update(drawer=False)))
        return w.list_view(rows, rid="left_drawer")

    def _windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        menu = ctx.ui["menu"]
        if menu is not None and menu["kind"] == "overflow":
            items = self._items(ctx)
            titles = ["Theme", "Settings", "Rename list", "Delete list", "Send list"]
            if any(not item["bought"] for item in items):
                titles.append("Mark all items")
            if any(item["bought"] for item in items):
                titles.append("Unmark all items")
            titles.append("Convert CSV")
            rows = [(t, self._close_menu) for t in titles]
            windows.append(w.menu_window(rows, self._close_menu, title_rid="android:id/title"))
        elif menu is not None:
            index = menu["index"]
            entries: list[tuple[str, Any]] = [(CONTEXT_ITEMS[0], w.bind(self._edit, index))]
            entries += [(t, self._close_menu) for t in CONTEXT_ITEMS[1:]]
            windows.append(
                Window(
                    root=w.popup_menu(entries, title_rid="android:id/title"),
                    on_dismiss=self._close_menu,
                )
            )
        if ctx.ui["dialog"] is not None:
            windows.append(self._edit_dialog(ctx))
        return windows

    # -- the "Edit item" dialog --------------------------------------------------------------
    def _dialog_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["name"] = text

    def _dialog_ok(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        name = dialog["name"].strip()
        if name:
            self._items(ctx)[dialog["index"]]["name"] = name
        ctx.ui["dialog"] = None

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _note(self, ctx: AppContext) -> None:
        """``EditItemDialog$5.onClick``: an empty note is stored, then ACTION_VIEW on the note
        finds no OI Notepad and the catch builds a ``DownloadAppDialog``, whose ``set`` calls
        ``getButton(BUTTON_POSITIVE).setVisibility(GONE)`` (``hideMarketLink`` is true in the
        tstore flavour) before the dialog has buttons."""
        item = self._items(ctx)[ctx.ui["dialog"]["index"]]
        if item["note"] is None:
            item["note"] = ""
        raise JavaException(
            NPE,
            NPE_MESSAGE,
            frames=[
                "org.openintents.distribution.DownloadAppDialog.set(DownloadAppDialog.java:103)",
                "org.openintents.distribution.DownloadAppDialog.set(DownloadAppDialog.java:72)",
                "org.openintents.distribution.DownloadAppDialog.<init>(DownloadAppDialog.java:57)",
                "org.openintents.shopping.ui.dialog.EditItemDialog$5.onClick"
                "(EditItemDialog.java:190)",
                *ANDROID_9_CLICK,
            ],
        )

    def _labelled(self, label_rid: str, label: str, field: View) -> View:
        return w.relative_layout([w.text_view(label, label_rid, height=80), field], weight=0)

    def _edit_dialog(self, ctx: AppContext) -> Window:
        dialog = ctx.ui["dialog"]
        name = w.edit_text("edittext", dialog["name"], self._dialog_name, hint="Item")
        quantity = w.linear_layout(
            [
                self._labelled(
                    "labeleditquantity", "Quantity", w.edit_text("editquantity", "", None)
                ),
                self._labelled(
                    "labeleditunits",
                    "Units",
                    w.edit_text("editunits", "", None, cls="android.widget.AutoCompleteTextView"),
                ),
                self._labelled(
                    "labeleditprice", "Price", w.edit_text("editprice", "", None, hint="0.00")
                ),
            ],
            rid="quantity_and_price",
            horizontal=True,
            weight=0,
        )
        tags = w.edit_text(
            "edittags", "", None, hint="Tags", cls="android.widget.MultiAutoCompleteTextView"
        )
        priority = w.linear_layout(
            [
                self._labelled(
                    "labeleditpriority", "Priority", w.edit_text("editpriority", "", None)
                ),
                self._labelled("labeleditnote", "Note", w.image_button("note", handler=self._note)),
            ],
            rid="priority_and_note",
            horizontal=True,
            weight=0,
        )
        body = w.scroll_view(
            [
                w.relative_layout(
                    [name, quantity, w.text_view("Tags", "labeledittag"), tags, priority],
                    weight=0,
                )
            ],
            weight=0,
        )
        buttons = w.dialog_buttons(("OK", self._dialog_ok), ("Cancel", self._close_dialog))
        return w.alert_dialog(w.dialog_title("Edit item"), [body], buttons, self._close_dialog)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == CHOICE:
            return self._render_choice()
        return self._render_main(ctx)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "shoppinglist#71": [
        # The edit dialog is opened and closed with OK: the note button is never touched.
        [BOTTOM_LAYOUT, *add_item("Milk"), hold("Milk"), EDIT_FROM_MENU, OK],
        # The long press opens the context menu, which is left with "Mark item".
        [
            BOTTOM_LAYOUT,
            *add_item("Milk"),
            hold("Milk"),
            click(PACKAGE, "android:id/title", "Mark item"),
        ],
        # The item is added and its check box ticked, no dialog.
        [BOTTOM_LAYOUT, *add_item("Milk"), click(PACKAGE, "check")],
        # The edit dialog is cancelled.
        [BOTTOM_LAYOUT, *add_item("Milk"), click(PACKAGE, "name", "Milk"), CANCEL],
    ],
}
