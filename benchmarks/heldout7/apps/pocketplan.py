"""PocketPlan (``com.pocket_plan.j7_003``, RayLeaf-Studios/PocketPlan) 1.3.5, for PocketPlan#39.

An offline organiser: notes, a to-do list, shopping lists, birthdays and a sleep reminder, in one
activity (``MainActivity``) with a toolbar (the drawer toggle), a bottom navigation (Notes,
To-Do, Home, Shopping, Birthdays) and the add button ``btnAdd`` (shown on the To-Do, Shopping,
Notes and Birthdays pages). Home shows the task and birthday panels and three round buttons
(new note ``clAddNote``, new task ``clAddTask``, new shopping item ``clAddItem``); the shopping
page lists the items of its list by category.

Sources read at tag ``v.1.3.5`` (commit ``a49e3bf``, "Updated vn to 1.3.5 (35)", 2022-04-25;
``versionName`` 1.3.5), the version the report names: ``MainActivity.kt`` (``onCreate``,
``changeToFragment``, the add button), ``data/home/HomeFr.kt``,
``data/shoppinglist/MultiShoppingFr.kt`` (``onCreateView``, ``preloadAddItemDialog``,
``openAddItemDialog``), the layouts ``drawer_layout.xml``, ``fragment_home.xml``,
``dialog_add_item.xml``, ``title_dialog.xml``, ``fragment_multi_shopping.xml``,
``fragment_shopping.xml``, ``row_category.xml``, ``row_item.xml``, the menus, ``strings.xml``
and ``assets/item_list_en.json``; and the fix, ``5c56e27`` ("Fixed crash when adding shopping
item from home", 2022-05-07, released in 1.3.6).

Bug PocketPlan#39 (crash): ``MultiShoppingFr`` keeps ``lateinit var shoppingListWrapper``,
assigned only in its ``onCreateView``. ``MainActivity.onCreate`` creates the fragment and
preloads its add-item dialog, which Home's ``clAddItem`` opens; the dialog's "Add" listener,
when the top of ``previousFragmentStack`` is not the shopping page, adds the item with
``shoppingListWrapper[0].second.add(item)``. Until the shopping page has been shown once by this
MainActivity instance, the property is unset and Kotlin throws
``UninitializedPropertyAccessException`` (the app dies). The fix reads
``MainActivity.shoppingListWrapper`` instead. Before the throw the listener has already saved a
new user item template for an unknown name.

Stubbed: the Notes, To-Do, Birthdays, Sleep Reminder, HowTo and Settings pages (a title only),
the shopping page's menu (its items close it) and the add-item dialog's category and unit
spinners (they show the category the name's template gives, or the last one, and "x"); the item
templates are a few of ``item_list_en.json``'s. Uncertain: the line numbers of the Kotlin
intrinsics and the name of the listener's lambda class (no trace in the report); the framework
frames are Android 12's as commonly printed (the reporter ran GrapheneOS on Android 12).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.pocket_plan.j7_003"
MAIN = ".MainActivity"
UPAE = "kotlin.UninitializedPropertyAccessException"
CATEGORIES = (
    ("So", "Other"),
    ("Ob", "Fruits & Vegetables"),
    ("Gt", "Drinks"),
    ("Nu", "Pasta & Grains"),
    ("Bw", "Bread & Pastries"),
    ("Km", "Dairy"),
    ("Kf", "Meat"),
    ("Ve", "Vegan"),
    ("Tk", "Frozen"),
    ("Ko", "Canned & Ready-made"),
    ("Fr", "Breakfast & Co."),
    ("Gw", "Spices & Co."),
    ("Ha", "Household"),
    ("Sn", "Snacks"),
    ("Bz", "Baking Ingredients"),
    ("Dr", "Drugstore & Cosmetics"),
    ("Al", "Alcoholic Beverages"),
)
TEMPLATES = {"Apple": "Ob", "Bananas": "Ob", "Milk": "Km", "Butter": "Km", "Bread": "Bw"}
PAGES = (
    ("bottom1", "Notes"),
    ("bottom2", "To-Do"),
    ("bottom3", "Home"),
    ("bottom4", "Shopping"),
    ("bottom5", "Birthdays"),
)
ANDROID_12_CLICK = [
    "android.view.View.performClick(View.java:7441)",
    "android.view.View.performClickInternal(View.java:7418)",
    "android.view.View.access$3700(View.java:835)",
    "android.view.View$PerformClick.run(View.java:28676)",
    "android.os.Handler.handleCallback(Handler.java:938)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loopOnce(Looper.java:201)",
    "android.os.Looper.loop(Looper.java:288)",
    "android.app.ActivityThread.main(ActivityThread.java:7842)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:548)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:1003)",
]

# -- steps -------------------------------------------------------------------------------------
ADD_ITEM_HOME = click(PACKAGE, "clAddItem")
ADD = click(PACKAGE, "btnAddItemToList", "Add")
CANCEL = click(PACKAGE, "btnCancelItem", "Cancel")


def item(name: str) -> dict[str, Any]:
    return input_text(PACKAGE, "actvItem", name, cls="android.widget.AutoCompleteTextView")


def page(title: str) -> dict[str, Any]:
    rid = next(r for r, t in PAGES if t == title)
    return click(PACKAGE, rid, desc=title)


class PocketPlan(VirtualApp):
    """PocketPlan 1.3.5: Home, the shopping page, the add-item dialog and stub pages."""

    name: ClassVar[str] = "PocketPlan"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "PocketPlan"
    version: ClassVar[str] = "1.3.5"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "PocketPlan#39",
            "crash",
            "App crashes when adding something to the shopping list from the home menu",
            crash_oracle(PACKAGE, UPAE, "shoppingListWrapper"),
            human_steps=(ADD_ITEM_HOME, item("Milk"), ADD),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "lists": [{"name": "Shopping", "items": []}],
            "user_templates": {},
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        # A new MainActivity builds a new MultiShoppingFr: its lateinit wrapper is unset until
        # the shopping page's onCreateView runs.
        # MainActivity.previousFragmentStack is static: it lives as long as the process.
        ctx.memory.setdefault("fragment_stack", ["HOME"])
        ctx.ui.update(wrapper_set=False, dialog=None, drawer=False, menu=False)
        if ctx.memory["fragment_stack"][-1] == "SHOPPING":
            ctx.ui["wrapper_set"] = True

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {}

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "drawer"):
            return True
        stack = ctx.memory["fragment_stack"]
        if stack[-1] != "HOME":
            self._change_to(ctx, "HOME")
            return True
        return False

    def _change_to(self, ctx: AppContext, tag: str) -> None:
        ctx.ui.update(drawer=False, menu=False)
        ctx.hide_keyboard()
        stack = ctx.memory["fragment_stack"]
        if tag in stack:
            stack.remove(tag)
        stack.append(tag)
        if tag == "SHOPPING":
            ctx.ui["wrapper_set"] = True  # MultiShoppingFr.onCreateView

    def _bottom(self, ctx: AppContext, title: str) -> None:
        tags = {"Notes": "NOTES", "To-Do": "TASKS", "Home": "HOME", "Shopping": "SHOPPING"}
        self._change_to(ctx, tags.get(title, "BIRTHDAYS"))

    # -- the add-item dialog -----------------------------------------------------------------
    def _open_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"name": "", "amount": "1", "category": 0}

    def _type(self, ctx: AppContext, text: str) -> None:
        dialog = ctx.ui["dialog"]
        dialog["name"] = text
        name = text.strip().split("(")[0].strip()
        code = ctx.data["user_templates"].get(name) or TEMPLATES.get(name)
        if code is not None:
            dialog["category"] = [c for c, _ in CATEGORIES].index(code)

    def _amount(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["amount"] = text

    def _add(self, ctx: AppContext) -> None:
        """The "Add" listener of ``preloadAddItemDialog``."""
        dialog = ctx.ui["dialog"]
        name = dialog["name"]
        if not name.strip():
            return  # the shake animation
        code = CATEGORIES[dialog["category"]][0]
        known = ctx.data["user_templates"].get(name) or TEMPLATES.get(name)
        if known is None and "(" not in name:
            ctx.data["user_templates"][name] = code  # userItemTemplateList.add + save
        entry = {"name": name, "category": code, "amount": dialog["amount"], "checked": False}
        if ctx.memory["fragment_stack"][-1] == "SHOPPING":
            ctx.data["lists"][0]["items"].append(entry)
        else:
            if not ctx.ui["wrapper_set"]:
                raise JavaException(
                    UPAE,
                    "lateinit property shoppingListWrapper has not been initialized",
                    frames=[
                        "kotlin.jvm.internal.Intrinsics.throwUninitializedProperty"
                        "(Intrinsics.java:113)",
                        "kotlin.jvm.internal.Intrinsics.throwUninitializedPropertyAccessException"
                        "(Intrinsics.java:124)",
                        "com.pocket_plan.j7_003.data.shoppinglist.MultiShoppingFr"
                        ".preloadAddItemDialog$lambda-4(MultiShoppingFr.kt:691)",
                        *ANDROID_12_CLICK,
                    ],
                )
            ctx.data["lists"][0]["items"].append(entry)
            ctx.toast("Item added!")
        dialog.update(name="", amount="1")
        if ctx.memory["fragment_stack"][-1] == "HOME":
            ctx.ui["dialog"] = None

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _dialog(self, ctx: AppContext) -> Window:
        dialog = ctx.ui["dialog"]
        category = CATEGORIES[dialog["category"]][1]
        body = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            weight=0,
            children=[
                w.edit_text(
                    "actvItem",
                    dialog["name"],
                    self._type,
                    cls="android.widget.AutoCompleteTextView",
                ),
                w.spinner("spCategory", category, lambda c: None, height=158),
                w.linear_layout(
                    [
                        w.edit_text("etItemAmount", dialog["amount"], self._amount),
                        w.spinner("spItemUnit", "x", lambda c: None),
                    ],
                    horizontal=True,
                    height=150,
                ),
                w.linear_layout(
                    [
                        w.button("btnCancelItem", "Cancel", self._close_dialog),
                        w.button("btnAddItemToList", "Add", self._add),
                    ],
                    horizontal=True,
                    height=140,
                ),
            ],
        )
        title = w.linear_layout([w.text_view("Add item", "tvDialogTitle", height=140)], weight=0)
        return w.alert_dialog(title, [body], [], self._close_dialog)

    # -- pages -------------------------------------------------------------------------------
    def _home(self) -> View:
        def panel(rid: str, text_rid: str, text: str, icon: str, tag: str) -> View:
            return View(
                cls="androidx.cardview.widget.CardView",
                resource_id=rid,
                height=300,
                weight=0,
                on_click=lambda c: self._change_to(c, tag),
                children=[
                    w.linear_layout(
                        [w.text_view(text, text_rid), w.image_view(icon, width=147)],
                        horizontal=True,
                    )
                ],
            )

        buttons = w.linear_layout(
            [
                w.fab("clAddNote", "", lambda c: self._change_to(c, "NOTE_EDITOR"), gravity=""),
                w.fab("clAddTask", "", lambda c: None, gravity=""),
                w.fab("clAddItem", "", self._open_dialog, gravity=""),
            ],
            horizontal=True,
            height=168,
        )
        return w.linear_layout(
            [
                panel("panelTasks", "tvTasks", "\nNo important tasks\n", "ivTasksHome", "TASKS"),
                panel(
                    "panelBirthdays",
                    "tvBirthday",
                    "\nNo birthdays today\n",
                    "icBirthdaysHome",
                    "BIRTHDAYS",
                ),
                View(cls="android.view.View"),
                buttons,
            ]
        )

    def _toggle_checked(self, ctx: AppContext, index: int) -> None:
        entry = ctx.data["lists"][0]["items"][index]
        entry["checked"] = not entry["checked"]

    def _shopping(self, ctx: AppContext) -> View:
        items = ctx.data["lists"][0]["items"]
        cards: list[View] = []
        for code, name in CATEGORIES:
            indexed = [(i, e) for i, e in enumerate(items) if e["category"] == code]
            if not indexed:
                continue
            rows = [
                View(
                    cls="androidx.constraintlayout.widget.ConstraintLayout",
                    layout="horizontal",
                    height=147,
                    children=[
                        w.text_view(f"{e['amount']} x {e['name']}", "tvItemTitle"),
                        w.frame_layout(
                            [
                                w.check_box(
                                    "cbItem", "", e["checked"], w.bind(self._toggle_checked, i)
                                )
                            ],
                            rid="clItemTapfield",
                            width=160,
                        ),
                    ],
                )
                for i, e in indexed
            ]
            open_count = sum(1 for _, e in indexed if not e["checked"])
            cards.append(
                View(
                    cls="androidx.cardview.widget.CardView",
                    resource_id="cvCategory",
                    weight=0,
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(str(open_count), "tvNumberOfItems", width=120),
                                w.text_view(name, "tvCategoryName"),
                            ],
                            horizontal=True,
                            height=147,
                        ),
                        View(
                            cls="androidx.recyclerview.widget.RecyclerView",
                            resource_id="subRecyclerView",
                            weight=0,
                            children=rows,
                        ),
                    ],
                )
            )
        listing = w.list_view(
            cards, rid="recycler_view_shopping", cls="androidx.recyclerview.widget.RecyclerView"
        )
        pager = View(
            cls="androidx.viewpager2.widget.ViewPager2",
            resource_id="shoppingPager",
            children=[listing],
        )
        return w.linear_layout([pager])

    def _menu_window(self, ctx: AppContext) -> Window:
        close = lambda c: c.ui.update(menu=False)  # noqa: E731
        titles = [
            "Add list",
            "Rename list",
            "Clear list",
            "Uncheck all",
            "Delete checked",
            "Collapse all",
            "Expand all",
        ]
        return w.menu_window([(t, close) for t in titles], close)

    def render(self, ctx: AppContext) -> Screen:
        tag = ctx.memory["fragment_stack"][-1]
        titles = {
            "HOME": "Home",
            "SHOPPING": "Shopping",
            "NOTES": "Notes",
            "TASKS": "To-Do",
            "BIRTHDAYS": "Birthdays",
            "NOTE_EDITOR": "Editor",
            "SLEEP": "Sleep Reminder",
            "SETTINGS": "Settings",
            "SETTINGS_HOWTO": "HowTo",
        }
        actions: list[View] = []
        if tag == "SHOPPING":
            actions = [
                w.action_item("item_shopping_search", "Search", lambda c: None),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ]
        drawer_toggle = w.nav_button("open", lambda c: c.ui.update(drawer=True))
        bar = w.toolbar(titles[tag], navigation=drawer_toggle, actions=actions, rid="myNewToolbar")
        if tag == "HOME":
            page_view = self._home()
        elif tag == "SHOPPING":
            page_view = self._shopping(ctx)
        else:
            page_view = w.frame_layout()
        frame = w.frame_layout([page_view], rid="frame_layout")
        selected = {"NOTES": "Notes", "TASKS": "To-Do", "SHOPPING": "Shopping"}.get(tag, "Home")
        if tag == "BIRTHDAYS":
            selected = "Birthdays"
        nav = w.bottom_navigation(PAGES, selected, self._bottom, rid="btm_nav")
        body: list[View] = [frame, nav]
        if tag in ("TASKS", "SHOPPING", "NOTES", "BIRTHDAYS"):
            add = w.fab("btnAdd", "", self._add_button)
            body = [w.frame_layout([frame, add], layout=FRAME), nav]
        main = w.linear_layout([bar, *body])
        drawer = None
        if ctx.ui["drawer"]:
            entries = [
                w.drawer_entry("Sleep Reminder", lambda c: self._change_to(c, "SLEEP")),
                w.drawer_entry("HowTo", lambda c: self._change_to(c, "SETTINGS_HOWTO")),
                w.drawer_entry("Settings", lambda c: self._change_to(c, "SETTINGS")),
            ]
            drawer = View(
                cls="com.google.android.material.navigation.NavigationView",
                resource_id="nav_drawer",
                width=800,
                children=[w.text_view("v 1.3.5", "tvVersion"), *entries],
            )
        root = w.drawer_layout(main, drawer)
        windows: list[Window] = []
        if ctx.ui["menu"]:
            windows.append(self._menu_window(ctx))
        if ctx.ui["dialog"] is not None:
            windows.append(self._dialog(ctx))
        return Screen(content=root, windows=windows)

    def _add_button(self, ctx: AppContext) -> None:
        if ctx.memory["fragment_stack"][-1] == "SHOPPING":
            self._open_dialog(ctx)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "PocketPlan#39": [
        # The shopping page is opened once first: the wrapper is set, the item is added.
        [page("Shopping"), page("Home"), ADD_ITEM_HOME, item("Milk"), ADD],
        # The item is added from the shopping page's own add button.
        [page("Shopping"), click(PACKAGE, "btnAdd"), item("Milk"), ADD],
        # The dialog is cancelled.
        [ADD_ITEM_HOME, item("Milk"), CANCEL],
        # Add with an empty name: the field shakes, nothing is added.
        [ADD_ITEM_HOME, ADD],
    ],
}
