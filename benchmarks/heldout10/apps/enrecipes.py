"""EnRecipes 1.1.2 (``com.vishnuraghav.enrecipes``), a NativeScript-Vue recipe manager, with bug
EnRecipes#1.

Modelled from the sources at commit ``264b2ceb`` (2020-12-09, versionName 1.1.2 in
``app/resources/Android/app.gradle``): ``app/components/App.vue`` (the side drawer),
``EnRecipes.vue`` (the recipe list), ``EditRecipe.vue``, ``ViewRecipe.vue``,
``modal/ActionDialog.vue``, ``modal/ConfirmDialog.vue``, ``app/store.js`` (units, categories,
yield units, icon glyphs) and ``app/i18n/en.default.json``. The fix is commit ``44747959``
("fixed ingredient unit reset", 1.1.3).

NativeScript draws everything in one activity (``com.tns.NativeScriptActivity``) with no
resource ids; the model keeps the page stack in ``ctx.ui`` (the activity handles rotation
itself: ``configChanges`` includes orientation). Labels dump as TextViews, TextFields as
EditTexts, MDButtons as Buttons whose text is a boxicons glyph (the app's ``icon`` map) unless
they have a word; buttons with ``automationText`` have it as content description ("Back", also
on the drawer button). Modals (``$showModal``) are dialog windows with the app's own layout.

Screens:

- no first-run screen: the list page ("EnRecipes", the drawer button; search and sort only once
  a recipe exists), the empty state "Start adding your recipes!" / "Use the plus button to add
  one" (tappable) and the plus FAB; a recipe row (category, title, total time) opens it. The
  drawer: EnRecipes, Try Later, Favourites (list filters), Meal Planner, the categories that
  have recipes, Settings, About (Meal Planner, Settings and About are stubs: a title and Back);
- ``EditRecipe`` ("New recipe"/"Edit recipe", Back, the save glyph only while the content
  differs from the loaded one): photo FAB (its storage permission flow; the file picker is
  another app, not modelled), Title, Category (ActionDialog of the categories), Preparation /
  Cooking time (their ListPicker is a stub: title, SET, CANCEL), Yield quantity, Yield measured
  in (ActionDialog), the Ingredients rows (item "Item N", quantity "1.00", unit field, remove),
  "+ ADD INGREDIENT", the Instructions ("+ ADD STEP"), Combinations and Notes sections. Back
  with changes asks "Unsaved changes" (DISCARD / KEEP EDITING). Saving drops ingredients without
  an item and empty steps/notes, names an untitled recipe "Untitled Recipe", and returns to the
  list (or to the recipe when editing from it);
- ``ViewRecipe``: Back, try-later, favourite and edit glyphs; the tabs Overview, Ingredients
  (the "Required <yield unit>" multiplier and one check box per ingredient, "<qty> <unit>
  <item>", the unit shown only with a quantity), Instructions, Combinations, Notes; the share
  FAB (a share chooser, another app: no-op).

The bug (EnRecipes#1, non-crash): ``showUnits`` (the unit field's ActionDialog) writes the chosen
unit only into the native field (``e.object.text = action``), never into
``recipeContent.ingredients[index].unit``; the field shows the choice, the saved recipe keeps
"unit". Since the field's bound text does not change, Vue leaves the native text alone on later
re-renders (rows are keyed by index: removing a row shifts the model under the native fields,
which Vue patches only where the bound unit value changes). Choosing a unit when the field
gets focus (the first tap) also adds an ingredient row when it is the last one, as the app does.
The oracle compares, for each saved recipe, the units its unit fields showed when Save was
tapped (kept in ``data["shown_units"]``, the model's record) with the stored ones.

Uncertain: NativeScript's exact dump classes for its layouts (modelled as ViewGroup), and the
dialog sizes. Not modelled: photo cropping, search, swipe-to-delete, category rename, sharing.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PKG = "com.vishnuraghav.enrecipes"
MAIN = "com.tns.NativeScriptActivity"
GROUP = "android.view.ViewGroup"
EDIT_SCROLL = "edit_scroll"

ICON = {
    "menu": "\ueac1",
    "search": "\ueb54",
    "sort": "\ueac2",
    "back": "\uea95",
    "save": "\uedeb",
    "close": "\uebe9",
    "image": "\uea7f",
    "time": "\ueba2",
    "plusCircle": "\ueb22",
    "heart": "\ued36",
    "heartOutline": "\uea6c",
    "trylater": "\uec31",
    "trylaterOutline": "\ue94a",
    "edit": "\uedba",
    "item": "\ue99d",
    "step": "\ue948",
    "outline": "\ueb07",
    "note": "\ueb04",
    "home": "\ued3b",
    "calendar": "\uec55",
    "cog": "\ueca6",
    "info": "\ued49",
    "label": "\ued51",
}

UNIT_LIST = [
    "unit", "tsp", "dsp", "tbsp", "fl oz", "cup", "pt", "qt", "gal", "ml", "l", "oz", "lb",
    "mg", "g", "kg", "cm", "in", "leaf", "clove", "piece", "pinch", "drop", "dozen", "stick",
    "small", "medium", "large",
]  # fmt: skip
CATEGORIES = sorted(
    [
        "Appetizers",
        "Barbecue",
        "Beverages",
        "Breads",
        "Breakfast",
        "Desserts",
        "Dinner",
        "Drinks",
        "Healthy",
        "Lunch",
        "Main dishes",
        "Meat",
        "Noodles",
        "Pasta",
        "Poultry",
        "Rice",
        "Salads",
        "Sauces",
        "Seafood",
        "Side dishes",
        "Snacks",
        "Soups",
        "Undefined",
        "Vegan",
        "Vegetarian",
    ]
)
YIELD_UNITS = [
    "Serving",
    "Piece",
    "Teaspoon",
    "Tablespoon",
    "Fluid Ounce",
    "Ounce",
    "Pound",
    "Gram",
    "Kilogram",
    "Cup",
    "Gallon",
    "Millilitre",
    "Litre",
    "Roll",
    "Patty",
    "Loaf",
]
TABS = ["Overview", "Ingredients", "Instructions", "Combinations", "Notes"]


def new_recipe() -> dict[str, Any]:
    """EditRecipe's ``recipeContent`` for a new recipe."""
    return {
        "imageSrc": None,
        "title": "",
        "category": "Undefined",
        "prepTime": "00:00",
        "cookTime": "00:00",
        "yield": {"quantity": "", "unit": "Serving"},
        "ingredients": [],
        "instructions": [],
        "combinations": [],
        "notes": [],
        "isFavorite": False,
        "tried": True,
    }


def fmt_time(prep: str, cook: str = "00:00") -> str:
    """formattedTotalTime / formattedTime: "1 hr 5 min", "2 hr", "0 min"."""
    h = int(prep[:2]) + int(cook[:2])
    m = int(prep[3:]) + int(cook[3:])
    if h:
        return f"{h} hr {m} min" if m else f"{h} hr"
    return f"{m} min"


def number(text: Any) -> float:
    """JavaScript's loose number of a field's text (0 when not a number)."""
    try:
        return float(text)
    except (TypeError, ValueError):
        return 0.0


def unit_not_saved(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of EnRecipes#1: a saved recipe stores, for an ingredient, a unit other than
    the one its unit field showed when Save was tapped."""
    for recipe in data.get("recipes", []):
        shown = data.get("shown_units", {}).get(recipe["id"], [])
        for k, ingredient in enumerate(recipe["ingredients"]):
            if k < len(shown) and shown[k] != ingredient["unit"]:
                return True
    return False


def _c(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PKG, "", text, desc, cls)


FAB = click(PKG, cls="android.widget.ImageButton", bounds=[868, 1582, 1036, 1750])
ADD_INGREDIENT = _c("+ ADD INGREDIENT")
SAVE = _c(ICON["save"])
SCROLL = {"kind": "swipe", "direction": "up"}


def _type(hint: str, text: str) -> dict[str, Any]:
    return input_text(PKG, "", text, hint=hint)


HUMAN_STEPS = (
    FAB,
    SCROLL,
    ADD_INGREDIENT,
    _type("Item 1", "Flour"),
    _type("1.00", "2"),
    _c("unit", cls="android.widget.EditText"),
    _c("tbsp"),
    SAVE,
    _c("Untitled Recipe"),
    _c("Ingredients"),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "EnRecipes#1": [
        # the unit left as it is
        [FAB, SCROLL, ADD_INGREDIENT, _type("Item 1", "Flour"), _type("1.00", "2"), SAVE],
        # a unit chosen but the recipe discarded instead of saved
        [
            FAB,
            SCROLL,
            ADD_INGREDIENT,
            _type("Item 1", "Flour"),
            _c("unit", cls="android.widget.EditText"),
            _c("tbsp"),
            _c(desc="Back"),
            _c("DISCARD"),
        ],
        # the yield unit changed, not an ingredient's
        [
            FAB,
            SCROLL,
            ADD_INGREDIENT,
            _type("Item 1", "Flour"),
            _c("Serving", cls="android.widget.EditText"),
            _c("Gram"),
            SAVE,
        ],
        # a unit chosen for an ingredient without an item (dropped on save)
        [
            FAB,
            _type("My Healthy Recipe", "Bread"),
            SCROLL,
            ADD_INGREDIENT,
            _c("unit", cls="android.widget.EditText"),
            _c("tbsp"),
            SAVE,
        ],
    ],
}


class EnRecipes(VirtualApp):
    """EnRecipes 1.1.2: recipe list, editor and viewer in one NativeScript activity."""

    name: ClassVar[str] = "EnRecipes"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "EnRecipes"
    version: ClassVar[str] = "1.1.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "EnRecipes#1",
            "non-crash",
            "Bug regarding setting units",
            unit_not_saved,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"recipes": [], "next_id": 1, "shown_units": {}}

    # -- navigation ----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", [{"page": "list", "filter": ""}])

    def top(self, ctx: AppContext) -> dict[str, Any]:
        page: dict[str, Any] = ctx.ui["stack"][-1]
        return page

    def push(self, ctx: AppContext, page: dict[str, Any], replace: bool = False) -> None:
        if replace:
            ctx.ui["stack"].pop()
        ctx.ui[EDIT_SCROLL] = 0
        ctx.ui["stack"].append(page)
        ctx.ui["drawer"] = False

    def back(self, ctx: AppContext) -> None:
        """Back on a page: the editor with changes asks first; else the page is left."""
        page = self.top(ctx)
        if page["page"] == "edit" and self.has_changes(page):
            self.set_dialog(ctx, {"kind": "unsaved"})
            return
        self.leave(ctx)

    def leave(self, ctx: AppContext) -> None:
        page = self.top(ctx)
        if page["page"] == "edit" and page.get("from_view"):
            self.push(ctx, {"page": "view", "id": page["id"], "tab": 0, "mult": "1"}, True)
        elif len(ctx.ui["stack"]) > 1:
            ctx.ui["stack"].pop()
        else:
            ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "drawer"):
            return True
        page = self.top(ctx)
        if page.get("dialog"):
            page["dialog"] = None
            return True
        if len(ctx.ui["stack"]) == 1 and page["page"] == "list" and page.get("filter"):
            page["filter"] = ""
            return True
        if len(ctx.ui["stack"]) == 1:
            return False
        self.back(ctx)
        return True

    def recipe(self, ctx: AppContext, rid: str) -> dict[str, Any]:
        found: dict[str, Any] = next(r for r in ctx.data["recipes"] if r["id"] == rid)
        return found

    # -- list ----------------------------------------------------------------------------------
    def add_recipe(self, ctx: AppContext) -> None:
        content = new_recipe()
        flt = self.top(ctx).get("filter", "")
        if flt == "Favourites":
            content["isFavorite"] = True
        elif flt not in ("", "Try Later"):
            content["category"] = flt
        self.push(ctx, self.editor(content, None, False))

    def editor(self, content: dict[str, Any], rid: str | None, from_view: bool) -> dict[str, Any]:
        return {
            "page": "edit",
            "id": rid,
            "from_view": from_view,
            "content": content,
            "temp": json.loads(json.dumps(content)),
            "unit_text": [i["unit"] for i in content["ingredients"]],
            "unit_focus": -1,
            "dialog": None,
        }

    def view_recipe(self, ctx: AppContext, rid: str) -> None:
        self.push(ctx, {"page": "view", "id": rid, "tab": 0, "mult": "1"})

    def drawer_go(self, ctx: AppContext, target: str) -> None:
        ctx.ui["drawer"] = False
        if target in ("Meal Planner", "Settings", "About"):
            self.push(ctx, {"page": "stub", "title": target})
        else:
            ctx.ui["stack"] = [{"page": "list", "filter": "" if target == "EnRecipes" else target}]

    def set_ui(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui[key] = value

    def set_dialog(self, ctx: AppContext, dialog: dict[str, Any] | None) -> None:
        if dialog:
            ctx.hide_keyboard()  # the modal's window takes the focus
        self.top(ctx)["dialog"] = dialog

    # -- editor --------------------------------------------------------------------------------
    @staticmethod
    def has_changes(page: dict[str, Any]) -> bool:
        return bool(
            json.dumps(page["content"], sort_keys=True) != json.dumps(page["temp"], sort_keys=True)
        )

    def set_field(self, ctx: AppContext, path: tuple[Any, ...], text: str) -> None:
        page = self.top(ctx)
        target: Any = page["content"]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = text
        page["unit_focus"] = -1

    def add_ingredient(self, page: dict[str, Any]) -> None:
        page["content"]["ingredients"].append({"item": "", "quantity": None, "unit": "unit"})
        page["unit_text"].append("unit")
        page["unit_focus"] = -1

    def tap_add_ingredient(self, ctx: AppContext) -> None:
        page = self.top(ctx)
        self.add_ingredient(page)
        self.reveal_last_ingredient(ctx, page)

    @staticmethod
    def reveal_last_ingredient(ctx: AppContext, page: dict[str, Any]) -> None:
        """The new row's item field takes the focus (``focusField``) and the ScrollView
        scrolls it into view (``adjustResize``): rows 0-5 are the photo, the fields and the
        "Ingredients" header, then one row per ingredient."""
        last = 5 + len(page["content"]["ingredients"])
        ctx.ui[EDIT_SCROLL] = max(int(ctx.ui.get(EDIT_SCROLL, 0)), last - 3)

    def tap_unit(self, ctx: AppContext, index: int) -> None:
        page = self.top(ctx)
        focus = page["unit_focus"] != index  # the first tap focuses the field: showUnits(true)
        page["unit_focus"] = index
        self.set_dialog(ctx, {"kind": "unit", "index": index, "focus": focus})

    def choose_unit(self, ctx: AppContext, unit: str) -> None:
        page = self.top(ctx)
        dialog = page["dialog"]
        index = dialog["index"]
        page["dialog"] = None
        # The bug: only the native field's text changes (e.object.text = action).
        page["unit_text"][index] = unit
        if dialog["focus"] and index == len(page["content"]["ingredients"]) - 1:
            self.add_ingredient(page)
            self.reveal_last_ingredient(ctx, page)

    def choose(self, ctx: AppContext, kind: str, value: str) -> None:
        page = self.top(ctx)
        page["dialog"] = None
        if kind == "category":
            page["content"]["category"] = value
        elif kind == "yield":
            page["content"]["yield"]["unit"] = value

    def remove_ingredient(self, ctx: AppContext, index: int, confirmed: bool = False) -> None:
        page = self.top(ctx)
        rows = page["content"]["ingredients"]
        if rows[index]["item"] and not confirmed:
            self.set_dialog(ctx, {"kind": "remove", "index": index})
            return
        page["dialog"] = None
        old = [dict(r) for r in rows]
        rows.pop(index)
        # Rows are keyed by index: each native field from ``index`` on now shows the next row;
        # Vue rewrites its text only where the bound unit value differs.
        texts = page["unit_text"]
        for k in range(index, len(rows)):
            if old[k]["unit"] != rows[k]["unit"]:
                texts[k] = rows[k]["unit"]
        texts.pop()
        page["unit_focus"] = -1

    def add_line(self, ctx: AppContext, key: str) -> None:
        self.top(ctx)["content"][key].append("")

    def remove_line(self, ctx: AppContext, key: str, index: int) -> None:
        self.top(ctx)["content"][key].pop(index)

    def photo(self, ctx: AppContext) -> None:
        if ctx.data.get("storagePermissionAsked"):
            return  # the file picker: another app
        self.set_dialog(ctx, {"kind": "permission"})

    def permission_continue(self, ctx: AppContext) -> None:
        self.set_dialog(ctx, None)
        ctx.request_permission("android.permission.READ_EXTERNAL_STORAGE")

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if granted:
            ctx.data["storagePermissionAsked"] = True
        else:
            ctx.toast("Permission denied")

    def save(self, ctx: AppContext) -> None:
        page = self.top(ctx)
        content = page["content"]
        texts = page["unit_text"]
        if not content["title"]:
            content["title"] = "Untitled Recipe"
        if not content["yield"]["quantity"]:
            content["yield"]["quantity"] = 1
        kept = [k for k, i in enumerate(content["ingredients"]) if i["item"]]
        shown = [texts[k] for k in kept]
        content["ingredients"] = [content["ingredients"][k] for k in kept]
        content["instructions"] = [s for s in content["instructions"] if s]
        content["notes"] = [s for s in content["notes"] if s]
        rid = page["id"]
        if rid:
            recipes = ctx.data["recipes"]
            recipes[[r["id"] for r in recipes].index(rid)] = {**content, "id": rid}
        else:
            rid = f"r{ctx.data['next_id']}"
            ctx.data["next_id"] += 1
            ctx.data["recipes"].append({**content, "id": rid})
            page["id"] = rid
        ctx.data["shown_units"][rid] = shown
        self.leave(ctx)

    # -- viewer --------------------------------------------------------------------------------
    def toggle(self, ctx: AppContext, rid: str, key: str) -> None:
        recipe = self.recipe(ctx, rid)
        recipe[key] = not recipe[key]

    def edit_recipe(self, ctx: AppContext, rid: str) -> None:
        content = json.loads(json.dumps(self.recipe(ctx, rid)))
        content.pop("id", None)
        self.push(ctx, self.editor(content, rid, True), replace=True)

    def set_tab(self, ctx: AppContext, tab: int) -> None:
        self.top(ctx)["tab"] = tab

    def set_mult(self, ctx: AppContext, text: str) -> None:
        self.top(ctx)["mult"] = text

    def nothing(self, ctx: AppContext) -> None:
        return None

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        page = self.top(ctx)
        kind = page["page"]
        if kind == "edit":
            return self.render_edit(ctx, page)
        if kind == "view":
            return self.render_view(ctx, page)
        if kind == "stub":
            bar = self.action_bar(
                [self.glyph(ICON["back"], w.bind(self.back_tap), "Back")], page["title"]
            )
            return Screen(content=w.linear_layout([bar, View(cls=GROUP)]))
        return self.render_list(ctx, page)

    def back_tap(self, ctx: AppContext) -> None:
        self.back(ctx)

    @staticmethod
    def glyph(text: str, handler: Any, desc: str = "") -> View:
        return w.button("", text, handler, content_desc=desc, width=147)

    @staticmethod
    def action_bar(left: list[View], title: str, right: list[View] | None = None) -> View:
        return View(
            cls=GROUP,
            layout=HORIZONTAL,
            height=w.TOOLBAR_HEIGHT,
            style="toolbar",
            children=[*left, w.text_view(title, height=w.TOOLBAR_HEIGHT), *(right or [])],
        )

    def render_list(self, ctx: AppContext, page: dict[str, Any]) -> Screen:
        flt = page.get("filter", "")
        recipes = ctx.data["recipes"]
        shown = [
            r
            for r in recipes
            if not flt
            or (flt == "Favourites" and r["isFavorite"])
            or (flt == "Try Later" and not r["tried"])
            or r["category"] == flt
        ]
        right = []
        if recipes:
            right = [
                self.glyph(ICON["search"], self.nothing),
                self.glyph(ICON["sort"], w.bind(self.set_dialog, {"kind": "sort"})),
            ]
        bar = self.action_bar(
            [self.glyph(ICON["menu"], w.bind(self.set_ui, "drawer", True), "Back")],
            flt or "EnRecipes",
            right,
        )
        rows = [
            View(
                cls=GROUP,
                layout=HORIZONTAL,
                height=294,
                on_click=w.bind(self.view_recipe, r["id"]),
                children=[
                    w.text_view(ICON["image"], width=294, height=294),
                    w.linear_layout(
                        [
                            w.text_view(r["category"]),
                            w.text_view(r["title"]),
                            w.linear_layout(
                                [
                                    w.text_view(ICON["time"], width=60),
                                    w.text_view(fmt_time(r["prepTime"], r["cookTime"])),
                                ],
                                horizontal=True,
                            ),
                        ]
                    ),
                ],
            )
            for r in shown
        ]
        body: list[View] = [
            w.list_view(
                rows,
                rid="",
                cls="androidx.recyclerview.widget.RecyclerView",
                scroll_key="list_scroll",
            )
        ]
        empty = None
        if not recipes and not flt:
            empty = ("plusCircle", "Start adding your recipes!", "Use the plus button to add one")
        elif not shown and flt == "Try Later":
            empty = (
                "trylaterOutline",
                "All done!",
                "Recipes you mark as try later will be listed here",
            )
        elif not shown and flt == "Favourites":
            empty = (
                "heartOutline",
                "No favourites yet",
                "Recipes you mark as favourite will be listed here",
            )
        if empty:
            body = [
                View(cls=GROUP, height=420),
                w.linear_layout(
                    [
                        w.text_view(ICON[empty[0]]),
                        w.text_view(empty[1]),
                        w.text_view(empty[2]),
                    ],
                    on_click=self.add_recipe if empty[0] == "plusCircle" else None,
                    weight=0,
                ),
            ]
        content = View(
            cls=GROUP,
            layout=FRAME,
            children=[
                w.linear_layout([bar, *body]),
                w.fab("", "", self.add_recipe),
            ],
        )
        if ctx.ui.get("drawer"):
            content = w.drawer_layout(content, self.drawer(ctx), rid="", cls=GROUP)
        windows = []
        if page.get("dialog"):
            windows.append(
                self.action_dialog(
                    "Sort by",
                    ["Natural order", "Title", "Duration", "Last modified"],
                    lambda c, v: self.set_dialog(c, None),
                )
            )
        return Screen(content=content, windows=windows)

    def drawer(self, ctx: AppContext) -> View:
        def entry(icon: str, title: str) -> View:
            return View(
                cls=GROUP,
                layout=HORIZONTAL,
                height=126,
                on_click=w.bind(self.drawer_go, title),
                children=[w.text_view(icon, width=100), w.text_view(title)],
            )

        cats = sorted({r["category"] for r in ctx.data["recipes"]})
        items = [
            entry(ICON["home"], "EnRecipes"),
            entry(ICON["trylater"], "Try Later"),
            entry(ICON["heart"], "Favourites"),
            entry(ICON["calendar"], "Meal Planner"),
        ]
        if cats:
            items.append(
                w.linear_layout(
                    [w.text_view("Categories"), w.button("", "RENAME", self.nothing, width=250)],
                    horizontal=True,
                    height=126,
                )
            )
            items += [entry(ICON["label"], c) for c in cats]
        items += [entry(ICON["cog"], "Settings"), entry(ICON["info"], "About")]
        return w.linear_layout(items, width=709)

    def action_dialog(
        self, title: str, items: list[str], on_choose: Any, action: tuple[str, Any] | None = None
    ) -> Window:
        """modal/ActionDialog.vue: the title, a scrolling column of text buttons, then the
        optional action (left) and CANCEL (right)."""
        close = w.bind(self.set_dialog, None)
        rows = [w.button("", item, w.bind(on_choose, item), height=126) for item in items]
        listing = View(
            cls="android.widget.ScrollView",
            height=min(len(items), 9) * 126,
            scrollable=len(items) > 9,
            scroll_key="dialog_scroll",
            children=[w.linear_layout(rows, weight=0)],
        )
        buttons: list[View] = []
        if action:
            buttons.append(w.button("", action[0], action[1], width=300))
        buttons += [View(cls=GROUP), w.button("", "CANCEL", close, width=300)]
        root = w.linear_layout(
            [
                w.text_view(title, height=140),
                listing,
                w.linear_layout(buttons, horizontal=True, height=140),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=close)

    def confirm(
        self, title: str, description: str, cancel: tuple[str, Any], ok: tuple[str, Any]
    ) -> Window:
        """modal/ConfirmDialog.vue: title, description, the cancel then the ok button."""
        close = w.bind(self.set_dialog, None)
        children = [w.text_view(title, height=140)]
        if description:
            children.append(w.text_view(description, height=200))
        children.append(
            w.linear_layout(
                [
                    View(cls=GROUP),
                    w.button("", cancel[0], cancel[1], width=300),
                    w.button("", ok[0], ok[1], width=340),
                ],
                horizontal=True,
                height=140,
            )
        )
        return Window(root=w.linear_layout(children, weight=0), on_dismiss=close)

    def render_edit(self, ctx: AppContext, page: dict[str, Any]) -> Screen:
        c = page["content"]
        right = [self.glyph(ICON["save"], self.save)] if self.has_changes(page) else []
        bar = self.action_bar(
            [self.glyph(ICON["back"], w.bind(self.back_tap), "Back")],
            "Edit recipe" if page["id"] else "New recipe",
            right,
        )

        def field(label: str, view: View) -> View:
            return View(cls=GROUP, height=190, children=[w.text_view(label, height=50), view])

        def picker(text: str, handler: Any, **kw: Any) -> View:
            return w.edit_text("", text, None, on_click=handler, **kw)

        def text_field(text: Any, path: tuple[Any, ...], hint: str, **kw: Any) -> View:
            value = "" if text is None else str(text)
            return w.edit_text(
                "", value, lambda ctx, t: self.set_field(ctx, path, t), hint=hint, **kw
            )

        rows: list[View] = [
            View(
                cls=GROUP,
                layout=FRAME,
                height=1080,
                children=[
                    w.text_view(ICON["image"]),
                    w.fab("", "", self.photo, gravity="bottom_end"),
                ],
            ),
            field("Title", text_field(c["title"], ("title",), "My Healthy Recipe")),
            field("Category", picker(c["category"], w.bind(self.set_dialog, {"kind": "category"}))),
            w.linear_layout(
                [
                    field(
                        "Preparation time",
                        picker(
                            fmt_time(c["prepTime"]),
                            w.bind(self.set_dialog, {"kind": "time", "title": "Preparation time"}),
                        ),
                    ),
                    field(
                        "Cooking time",
                        picker(
                            fmt_time(c["cookTime"]),
                            w.bind(self.set_dialog, {"kind": "time", "title": "Cooking time"}),
                        ),
                    ),
                ],
                horizontal=True,
                height=190,
            ),
            w.linear_layout(
                [
                    field(
                        "Yield quantity",
                        text_field(c["yield"]["quantity"], ("yield", "quantity"), "1"),
                    ),
                    field(
                        "Yield measured in",
                        picker(c["yield"]["unit"], w.bind(self.set_dialog, {"kind": "yield"})),
                    ),
                ],
                horizontal=True,
                height=190,
            ),
            w.text_view("Ingredients"),
        ]
        for k, ing in enumerate(c["ingredients"]):
            rows.append(
                w.linear_layout(
                    [
                        text_field(ing["item"], ("ingredients", k, "item"), f"Item {k + 1}"),
                        text_field(
                            ing["quantity"], ("ingredients", k, "quantity"), "1.00", width=158
                        ),
                        picker(page["unit_text"][k], w.bind(self.tap_unit, k), width=200),
                        self.glyph(ICON["close"], w.bind(self.remove_ingredient, k)),
                    ],
                    horizontal=True,
                    height=150,
                )
            )
        rows += [
            w.button("", "+ ADD INGREDIENT", self.tap_add_ingredient),
            w.text_view("Instructions"),
        ]

        def lines(key: str, label: str) -> list[View]:
            """The editable lines of list ``key``, each removable, then its ADD button."""
            return [
                w.linear_layout(
                    [
                        text_field(line, (key, k), f"{label} {k + 1}"),
                        self.glyph(ICON["close"], w.bind(self.remove_line, key, k)),
                    ],
                    horizontal=True,
                    height=150,
                )
                for k, line in enumerate(c[key])
            ] + [w.button("", f"+ ADD {label.upper()}", w.bind(self.add_line, key))]

        rows += lines("instructions", "Step")
        rows += [
            w.text_view("Combinations"),
            w.button("", "+ ADD COMBINATION", w.bind(self.set_dialog, {"kind": "combination"})),
            w.text_view("Notes"),
        ]
        rows += lines("notes", "Note")
        body = w.scroll_view(rows, scrollable=True, scroll_key=EDIT_SCROLL)
        windows = [self.edit_dialog(ctx, page)] if page.get("dialog") else []
        return Screen(content=w.linear_layout([bar, body]), windows=windows)

    def edit_dialog(self, ctx: AppContext, page: dict[str, Any]) -> Window:
        d = page["dialog"]
        kind = d["kind"]
        close = w.bind(self.set_dialog, None)
        if kind == "unit":
            return self.action_dialog("Unit", UNIT_LIST, self.choose_unit)
        lists = {"category": ("Category", CATEGORIES), "yield": ("Yield measured in", YIELD_UNITS)}
        if kind in lists:
            title, options = lists[kind]
            return self.action_dialog(
                title, options, lambda c, v: self.choose(c, kind, v), ("ADD NEW", close)
            )
        if kind == "combination":
            others = [r["title"] for r in ctx.data["recipes"] if r["id"] != page["id"]]
            return self.action_dialog(
                "Select a recipe", others, lambda c, v: self.set_dialog(c, None)
            )
        if kind == "time":
            root = w.linear_layout(
                [
                    w.text_view(d["title"], height=140),
                    w.linear_layout(
                        [
                            View(cls=GROUP),
                            w.button("", "CANCEL", close, width=300),
                            w.button("", "SET", close, width=300),
                        ],
                        horizontal=True,
                        height=140,
                    ),
                ],
                weight=0,
            )
            return Window(root=root, on_dismiss=close)
        if kind == "remove":
            return self.confirm(
                "Remove ingredient?",
                "",
                ("CANCEL", close),
                ("REMOVE", w.bind(self.remove_ingredient, d["index"], True)),
            )
        if kind == "permission":
            return self.confirm(
                "Grant permission",
                "EnRecipes requires storage permission in order to set recipe photo.",
                ("NOT NOW", close),
                ("CONTINUE", self.permission_continue),
            )
        # "unsaved"
        return self.confirm(
            "Unsaved changes",
            "Are you sure you want to discard unsaved changes to this recipe?",
            ("DISCARD", self.discard),
            ("KEEP EDITING", close),
        )

    def discard(self, ctx: AppContext) -> None:
        self.set_dialog(ctx, None)
        self.leave(ctx)

    def render_view(self, ctx: AppContext, page: dict[str, Any]) -> Screen:
        r = self.recipe(ctx, page["id"])
        rid = r["id"]
        bar = self.action_bar(
            [self.glyph(ICON["back"], w.bind(self.back_tap), "Back")],
            "",
            [
                self.glyph(
                    ICON["trylaterOutline"] if r["tried"] else ICON["trylater"],
                    w.bind(self.toggle, rid, "tried"),
                ),
                self.glyph(
                    ICON["heart"] if r["isFavorite"] else ICON["heartOutline"],
                    w.bind(self.toggle, rid, "isFavorite"),
                ),
                self.glyph(ICON["edit"], w.bind(self.edit_recipe, rid)),
            ],
        )
        tab = page["tab"]
        strip = View(
            cls=GROUP,
            layout=HORIZONTAL,
            height=126,
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    selected=i == tab,
                    on_click=w.bind(self.set_tab, i),
                    children=[w.text_view(t, height=126)],
                )
                for i, t in enumerate(TABS)
            ],
        )
        body = w.scroll_view(
            [self.view_tab(r, page)], scrollable=True, scroll_key=f"view_scroll_{tab}"
        )
        content = View(
            cls=GROUP,
            layout=FRAME,
            children=[w.linear_layout([bar, strip, body]), w.fab("", "", self.nothing)],
        )
        return Screen(content=content)

    def view_tab(self, r: dict[str, Any], page: dict[str, Any]) -> View:
        tab = page["tab"]

        def count(n: int, one: str, many: str, icon: str, to: int) -> View:
            return w.linear_layout(
                [w.text_view(ICON[icon]), w.text_view(f"{n} {one if n == 1 else many}")],
                on_click=w.bind(self.set_tab, to),
                width=540,
                height=250,
            )

        def empty(icon: str, what: str) -> View:
            return w.linear_layout(
                [w.text_view(ICON[icon]), w.text_view(f"Use the pencil button to add some {what}")],
                weight=0,
            )

        if tab == 0:
            return w.linear_layout(
                [
                    w.text_view(ICON["image"], height=600),
                    w.text_view(r["category"]),
                    w.text_view(r["title"]),
                    w.text_view(f"Preparation time: {fmt_time(r['prepTime'])}"),
                    w.text_view(f"Cooking time: {fmt_time(r['cookTime'])}"),
                    w.linear_layout(
                        [
                            count(len(r["ingredients"]), "Ingredient", "Ingredients", "item", 1),
                            count(len(r["instructions"]), "Instruction", "Instructions", "step", 2),
                        ],
                        horizontal=True,
                        height=250,
                    ),
                    w.linear_layout(
                        [
                            count(
                                len(r["combinations"]), "Combination", "Combinations", "outline", 3
                            ),
                            count(len(r["notes"]), "Note", "Notes", "note", 4),
                        ],
                        horizontal=True,
                        height=250,
                    ),
                ],
                weight=0,
            )
        if tab == 1:
            if not r["ingredients"]:
                return empty("item", "ingredients")
            mult = abs(number(page["mult"])) or 1.0
            yq = number(r["yield"]["quantity"]) or 1.0
            unit = r["yield"]["unit"]
            boxes = []
            for ing in r["ingredients"]:
                q = abs(round(number(ing["quantity"]) / yq * mult * 100) / 100)
                qs = f"{q:g} " if q else ""
                us = f"{ing['unit']} " if q else ""
                boxes.append(w.check_box("", f"{qs}{us}{ing['item']}", False))
            return w.linear_layout(
                [
                    View(
                        cls=GROUP,
                        height=190,
                        children=[
                            w.text_view(f"Required {unit}", height=50),
                            w.edit_text("", page["mult"], self.set_mult),
                        ],
                    ),
                    w.text_view(f"Ingredients ({mult:g} {unit})"),
                    *boxes,
                ],
                weight=0,
            )
        if tab == 2:
            if not r["instructions"]:
                return empty("step", "instructions")
            return w.linear_layout(
                [w.text_view(f"{i + 1}  {s}") for i, s in enumerate(r["instructions"])], weight=0
            )
        if tab == 3:
            return empty("outline", "combinations")  # combinations are not modelled
        if not r["notes"]:
            return empty("note", "notes")
        return w.linear_layout([w.text_view(n) for n in r["notes"]], weight=0)
