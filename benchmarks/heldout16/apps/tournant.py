"""Tournant (Zimbelstern/Tournant), an offline recipe manager, version 2.9.3 (commit 386f846,
versionCode 30), standalone mode (the default on a fresh install).

MainActivity: a Toolbar (``nav_drawer_button`` "Menu", ``title``, the SearchView ``search``,
``recipe_count``, the overflow menu: New recipe, Import recipes, Sort by, Export all, Share all,
Select all) over a ViewFlipper showing the welcome page while the database is empty
(``app_name_and_version`` "Tournant 2.9.3", "No recipes found", the buttons
``button_new_recipe``, ``choose_file`` "Import recipes", ``recipes_website``) or the recipe
cards (``recipe_card_title``). Its back callback only collapses the search, so Back never
leaves it. "Import recipes" starts the system's OpenDocument picker; the picked JSON file is
parsed and inserted and a toast says "<title> imported".

RecipeActivity: title, the Ingredients card with ``recipe_detail_reset``/``_less``/``_more``
("reset", "less", "more"), "Yield:" and the ``recipe_detail_yields_value`` EditText (its hint and
text the recipe's yield), the ingredient rows and ``recipe_detail_copy``; the Instructions card
with one ``instruction_text`` per line. Changing the yield text (typing, less, more, a long
press on an ingredient's "Scale to" dialog) rebuilds both adapters with the scale factor
``value / yield``.

Bug Tournant#30 (crash): since 063f4d6 (2.9.3) ``findFirstIngredientWithAmount`` builds its
Regex with an unbalanced ``(`` (fixed in e31ac06, 2.9.4). ``InstructionsTextAdapter`` calls it
for every ingredient with an amount as soon as the scale is neither null nor 1.0, so when the
recycler binds the instructions the pattern fails to compile: PatternSyntaxException
(ICU's "Incorrectly nested parentheses"), on any recipe with instructions and an amount.

Fixed data: the picker's Downloads folder holds ``test.json``, standing for the report's
attached sample: one recipe "Test" (yield 4 servings; 200 g flour, 2 eggs, 250 ml milk; two
lines of instructions). Not modelled: the recipe editor, Settings and About (stubs), sorting's
effect, export/share/select-all (their system pickers), search beyond titles, markdown.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar, cast

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import HORIZONTAL, Handler, Screen, View, Window

PACKAGE = "eu.zimbelstern.tournant"
MAIN = ".ui.MainActivity"
RECIPE = ".ui.RecipeActivity"
EDITING = ".ui.RecipeEditingActivity"
SETTINGS = ".ui.SettingsActivity"
ABOUT = ".ui.AboutActivity"
PICKER = ".OpenDocument"  # stands for DocumentsUI's picker (another app)
VERSION = "2.9.3"
EXCEPTION = "java.util.regex.PatternSyntaxException"
DIGITS = "0123456789."
SORT_CHOICES = (
    "Title",
    "Rating",
    "Preparation time",
    "Cooking time",
    "Total time",
    "Creation date",
    "Modification date",
    "Instructions length",
    "Number of ingredients",
    "Number of preparations",
    "Last prepared",
)

# The report's test.json (its content is not public: a recipe standing for it).
TEST_JSON: dict[str, Any] = {
    "title": "Test",
    "yield_value": 4.0,
    "yield_unit": None,
    "ingredients": [
        {"amount": 200.0, "unit": "g", "item": "flour"},
        {"amount": 2.0, "unit": None, "item": "eggs"},
        {"amount": 250.0, "unit": "ml", "item": "milk"},
    ],
    "instructions": "Mix 200 g flour with 2 eggs.\nStir in 250 ml milk until smooth.",
}


def _for_cooks(value: float | None, thousands: bool = True) -> str:
    """``Double.toStringForCooks``: NumberFormat's (en-US) text without trailing zeros."""
    if value is None:
        return ""
    whole = value == int(value)
    text = f"{int(value):,}" if whole else f"{value:,.3f}".rstrip("0").rstrip(".")
    return text.replace(",", "") if not thousands else text


def _more(current: float) -> float:
    """``RecipeUtils.moreYield``."""
    if current >= 1:
        return float(math.floor(current + 0.5) + 1)
    return 1.0 if current >= 0.5 else 0.5 if current >= 0.25 else current


def _less(current: float) -> float:
    """``RecipeUtils.lessYield``."""
    if current > 1:
        return float(math.ceil(current) - 1)
    return 0.5 if current > 0.5 else 0.25 if current > 0.25 else current


def _to_double(text: str) -> float | None:
    """Kotlin's ``toDoubleOrNull`` on what the digits-only field can hold."""
    try:
        return float(text) if text and text != "." else None
    except ValueError:
        return None


def _pattern(ingredient: dict[str, Any]) -> str:
    """The Regex ``findFirstIngredientWithAmount`` builds in 2.9.3 (en-US: separator ".")."""
    number = r"\d{1,3}([./]\d{1,2})?"
    dash = r"(\s?\p{Pd}\s?)|(\sto\s)"
    unit = ingredient["unit"] or ""
    return rf"({number}({dash})?{number}\s?{unit}\s{ingredient['item']}"


def _regex_crash(ingredient: dict[str, Any]) -> JavaException:
    pattern = _pattern(ingredient)
    return JavaException(
        EXCEPTION,
        f"Incorrectly nested parentheses in regexp pattern near index {len(pattern)}\n{pattern}",
        [
            "com.android.icu.util.regex.PatternNative.compileImpl(Native Method)",
            "com.android.icu.util.regex.PatternNative.<init>(PatternNative.java:53)",
            "com.android.icu.util.regex.PatternNative.create(PatternNative.java:49)",
            "java.util.regex.Pattern.compile(Pattern.java:1429)",
            "java.util.regex.Pattern.<init>(Pattern.java:1404)",
            "java.util.regex.Pattern.compile(Pattern.java:988)",
            "kotlin.text.Regex.<init>(Regex.kt:74)",
            "eu.zimbelstern.tournant.ExtensionsKt.findFirstIngredientWithAmount(Extensions.kt:194)",
            "eu.zimbelstern.tournant.ui.adapter.InstructionsTextAdapter.onBindViewHolder"
            "(InstructionsTextAdapter.kt:48)",
            "eu.zimbelstern.tournant.ui.adapter.InstructionsTextAdapter.onBindViewHolder"
            "(InstructionsTextAdapter.kt:27)",
            "androidx.recyclerview.widget.RecyclerView$Adapter.onBindViewHolder"
            "(RecyclerView.java:7846)",
            "androidx.recyclerview.widget.RecyclerView$Adapter.bindViewHolder"
            "(RecyclerView.java:7948)",
            "androidx.recyclerview.widget.RecyclerView$Recycler.tryBindViewHolderByDeadline"
            "(RecyclerView.java:6742)",
            "androidx.recyclerview.widget.RecyclerView$Recycler"
            ".tryGetViewHolderForPositionByDeadline(RecyclerView.java:7013)",
            "androidx.recyclerview.widget.LinearLayoutManager.fill(LinearLayoutManager.java:1622)",
            "androidx.recyclerview.widget.LinearLayoutManager.onLayoutChildren"
            "(LinearLayoutManager.java:687)",
            "androidx.recyclerview.widget.RecyclerView.dispatchLayoutStep2(RecyclerView.java:4645)",
            "androidx.recyclerview.widget.RecyclerView.onMeasure(RecyclerView.java:4052)",
            "android.view.View.measure(View.java:28147)",
            "android.view.ViewRootImpl.performMeasure(ViewRootImpl.java:4740)",
            "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:3880)",
            "android.view.ViewRootImpl.doTraversal(ViewRootImpl.java:2968)",
            "android.view.ViewRootImpl$TraversalRunnable.run(ViewRootImpl.java:10470)",
            "android.view.Choreographer$CallbackRecord.run(Choreographer.java:1670)",
            "android.view.Choreographer.doCallbacks(Choreographer.java:1113)",
            "android.view.Choreographer.doFrame(Choreographer.java:1036)",
            "android.view.Choreographer$FrameDisplayEventReceiver.run(Choreographer.java:1647)",
            *callback_frames(35),
        ],
    )


IMPORT = click(PACKAGE, "choose_file", "Import recipes", cls="android.widget.Button")
PICK = click(PACKAGE, "android:id/title", "test.json", cls="android.widget.TextView")
OPEN = click(PACKAGE, "recipe_card_title", "Test", cls="android.widget.TextView")
MORE = click(PACKAGE, "recipe_detail_more", desc="more", cls="android.widget.ImageButton")

WRONG_SEQUENCES = {
    "Tournant#30": (
        # The yield is reset (scale null): nothing is scaled.
        (
            IMPORT,
            PICK,
            OPEN,
            click(PACKAGE, "recipe_detail_reset", desc="reset", cls="android.widget.ImageButton"),
        ),
        # The yield typed as it already is: scale 1.0.
        (IMPORT, PICK, OPEN, input_text(PACKAGE, "recipe_detail_yields_value", "4")),
        # Copying the ingredients instead of scaling them.
        (
            IMPORT,
            PICK,
            OPEN,
            click(
                PACKAGE,
                "recipe_detail_copy",
                desc="Copy to clipboard",
                cls="android.widget.ImageButton",
            ),
        ),
        # Opened and rotated, never scaled.
        (IMPORT, PICK, OPEN, {"kind": "rotate", "orientation": "landscape"}),
        # No recipe imported: the welcome page's New recipe and back.
        (
            click(PACKAGE, "button_new_recipe", "New recipe", cls="android.widget.Button"),
            {"kind": "press_back"},
        ),
    )
}


class Tournant(VirtualApp):
    """Tournant 2.9.3 with bug Tournant#30."""

    name: ClassVar[str] = "Tournant"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Tournant"
    version: ClassVar[str] = VERSION
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Tournant#30",
            "crash",
            "Scaling ingredients causes systematic crash",
            crash_oracle(PACKAGE, EXCEPTION, "Incorrectly nested parentheses"),
            human_steps=(IMPORT, PICK, OPEN, MORE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"recipes": [], "next_id": 1, "order": 0}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != RECIPE:
            return
        if ctx.ui.get("yield_text"):
            # onCreate: savedInstanceState's YIELD_VALUE is set again (its listener fires).
            self._set_yield(ctx, ctx.ui["yield_text"])
        else:
            # The field's text is the yield (set before the listener is added).
            recipe = self._recipe(ctx)
            value = recipe["yield_value"] if recipe else None
            ctx.ui["yield_text"] = _for_cooks(value, thousands=False)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == RECIPE:
            return {"yield_text": ctx.ui.get("yield_text", "")}
        return {"search": ctx.ui.get("search")}

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN:
            if ui.get("drawer"):
                ui["drawer"] = False
            elif ui.get("search") is not None:
                ui["search"] = None
            return True  # the OnBackPressedCallback(true) consumes every Back
        if ctx.activity == RECIPE and ui.get("menu"):
            ui["menu"] = None
            return True
        return False

    # -- MainActivity ---------------------------------------------------------------------
    def _import(self, ctx: AppContext) -> None:
        """The picker returned test.json: ``parseAndInsertRecipes``."""
        recipe = {**TEST_JSON, "id": ctx.data["next_id"]}
        recipe["ingredients"] = [dict(i) for i in TEST_JSON["ingredients"]]
        ctx.data["next_id"] += 1
        ctx.data["recipes"] = [*ctx.data["recipes"], recipe]
        ctx.finish()
        ctx.toast(f"{recipe['title']} imported")

    def _menu(self, ctx: AppContext, which: str | None) -> None:
        ctx.ui["menu"] = which

    def _go(self, ctx: AppContext, activity: str, extras: dict[str, Any] | None = None) -> None:
        ctx.ui["menu"] = None
        ctx.ui["drawer"] = False
        ctx.start_activity(activity, extras)

    def _shown(self, ctx: AppContext) -> list[dict[str, Any]]:
        query = ctx.ui.get("search")
        recipes = ctx.data["recipes"]
        if query:
            recipes = [r for r in recipes if query.lower() in r["title"].lower()]
        return recipes

    def _search_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["search"] = text

    def _main_toolbar(self, ctx: AppContext, count: int) -> View:
        searching = ctx.ui.get("search") is not None
        children = [
            w.image_button(
                "nav_drawer_button",
                "Menu",
                lambda c: c.ui.update(drawer=True),
                width=147,
            )
        ]
        if not searching:
            children.append(w.text_view("All recipes" if count else "Tournant", "title"))
            search = w.image_view(
                "search_button", "Search", lambda c: c.ui.update(search=""), width=147
            )
        else:
            search = w.linear_layout(
                [
                    w.edit_text(
                        "search_src_text",
                        ctx.ui["search"],
                        self._search_text,
                        hint="Type or tap to search…",
                    ),
                    w.image_view(
                        "search_close_btn",
                        "Clear query",
                        lambda c: c.ui.update(search=None),
                        width=147,
                    ),
                ],
                rid="search",
                horizontal=True,
            )
        children += [
            search,
            w.text_view(str(len(self._shown(ctx))), "recipe_count", width=100),
            w.overflow_button(lambda c: self._menu(c, "main")),
        ]
        return View(
            cls="androidx.appcompat.widget.Toolbar",
            resource_id="toolbar",
            layout=HORIZONTAL,
            height=w.TOOLBAR_HEIGHT,
            style="toolbar",
            children=children,
        )

    def _welcome(self) -> View:
        return w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.text_view(f"Tournant {VERSION}", "app_name_and_version"),
                        w.text_view("No recipes found"),
                        w.button(
                            "button_new_recipe",
                            "New recipe",
                            lambda c: self._go(c, EDITING, {"RECIPE_ID": 0}),
                        ),
                        w.button("choose_file", "Import recipes", lambda c: self._go(c, PICKER)),
                        w.button(
                            "recipes_website",
                            "Looking for inspiration?",
                            # no browser on the device: ActivityNotFoundException's toast
                            lambda c: c.toast("https://tournant.zimbelstern.eu/recipes"),
                        ),
                        w.text_view(
                            "Standalone: Own database with recipe editing capabilities",
                            "mode_info",
                        ),
                        w.text_view("You can change the mode in the settings."),
                        w.text_view("Standalone"),
                        w.text_view("Synced"),
                    ],
                    weight=0,
                )
            ],
            rid="activity_main_welcome",
        )

    def _recipe_list(self, ctx: AppContext) -> View:
        cards = [
            View(
                cls="android.widget.FrameLayout",
                height=220,
                on_click=cast(
                    Handler, lambda c, rid=r["id"]: self._go(c, RECIPE, {"RECIPE_ID": rid})
                ),
                children=[w.text_view(r["title"], "recipe_card_title")],
            )
            for r in self._shown(ctx)
        ]
        if not cards:
            cards = [w.text_view("No recipes found", "no_recipes_message")]
        return View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="recipe_list_recycler",
            scrollable=True,
            scroll_key="list_scroll",
            children=cards,
        )

    def _main_windows(self, ctx: AppContext, count: int) -> list[Window]:
        menu = ctx.ui.get("menu")
        close = lambda c: self._menu(c, None)  # noqa: E731
        if menu == "main":
            items: list[tuple[Any, ...]] = [
                ("New recipe", lambda c: self._go(c, EDITING, {"RECIPE_ID": 0})),
                ("Import recipes", lambda c: self._go(c, PICKER)),
            ]
            if count:
                items.append(("Sort by", self._open_sort))
            items += [
                ("Export all", lambda c: self._menu(c, "export")),
                ("Share all", lambda c: self._menu(c, "share")),
            ]
            if count:
                items.append(("Select all", close))  # action mode not modelled
            return [w.menu_window(items, close)]
        if menu in ("export", "share"):
            formats = ("JSON file (recommended)", "Archive with original images")
            return [w.menu_window([(f, close) for f in (*formats, "Gourmand XML file")], close)]
        if menu == "sort":
            order = ctx.data["order"]
            chosen = ctx.ui.get("sort_choice", order)

            def ok(c: AppContext) -> None:
                c.data["order"] = c.ui.pop("sort_choice", order)
                self._menu(c, None)

            rows = [
                w.radio_button(
                    "", t, chosen // 2 == i, cast(Handler, lambda c, i=i: self._sort(c, i * 2))
                )
                for i, t in enumerate(SORT_CHOICES)
            ]
            rows += [
                w.radio_button("asc", "Ascending", chosen % 2 == 0, lambda c: self._sort(c, 0, 0)),
                w.radio_button(
                    "desc", "Descending", chosen % 2 == 1, lambda c: self._sort(c, 0, 1)
                ),
            ]
            return [
                w.alert_dialog(
                    w.dialog_title("Sort by"),
                    [
                        w.scroll_view(
                            [w.linear_layout(rows, weight=0)],
                            height=1000,
                            scrollable=True,
                            scroll_key="sort_scroll",
                        )
                    ],
                    w.dialog_buttons(("OK", ok), ("Cancel", close)),
                    close,
                )
            ]
        if ctx.ui.get("drawer"):
            shut = lambda c: c.ui.update(drawer=False)  # noqa: E731
            return [
                w.navigation_sheet(
                    [
                        w.text_view("Tournant"),
                        w.text_view(VERSION),
                        w.navigation_item("", "All recipes", shut, checked=True),
                        View(cls="android.view.View", resource_id="nav_spacer", height=300),
                        w.navigation_item(
                            "show_settings", "Settings", lambda c: self._go(c, SETTINGS)
                        ),
                        w.navigation_item(
                            "show_about", "About Tournant", lambda c: self._go(c, ABOUT)
                        ),
                    ],
                    shut,
                    bounds=(0, 63, 840, 1794),
                )
            ]
        return []

    def _open_sort(self, ctx: AppContext) -> None:
        ctx.ui["sort_choice"] = ctx.data["order"]
        self._menu(ctx, "sort")

    def _sort(self, ctx: AppContext, by: int, direction: int | None = None) -> None:
        chosen = ctx.ui.get("sort_choice", 0)
        if direction is None:
            ctx.ui["sort_choice"] = by + chosen % 2
        else:
            ctx.ui["sort_choice"] = chosen - chosen % 2 + direction

    # -- RecipeActivity -------------------------------------------------------------------
    def _recipe(self, ctx: AppContext) -> dict[str, Any] | None:
        rid = ctx.extras.get("RECIPE_ID")
        return next((r for r in ctx.data["recipes"] if r["id"] == rid), None)

    def _set_yield(self, ctx: AppContext, text: str) -> None:
        """The yields field's text changed: both adapters are rebuilt with the new scale."""
        text = "".join(ch for ch in text if ch in DIGITS)  # DigitsKeyListener
        ctx.ui["yield_text"] = text
        recipe = self._recipe(ctx)
        if recipe is None:
            return
        value = _to_double(text)
        scale = None if value is None else value / (recipe["yield_value"] or 1.0)
        ctx.ui["scale"] = scale
        lines = [line for line in (recipe["instructions"] or "").split("\n") if line]
        with_amount = [i for i in recipe["ingredients"] if i["amount"] is not None]
        if scale is not None and scale != 1.0 and lines and with_amount:
            # The bug: the instructions' binding compiles an unbalanced Regex.
            raise _regex_crash(with_amount[0])

    def _current(self, ctx: AppContext, recipe: dict[str, Any]) -> float:
        typed = _to_double(ctx.ui.get("yield_text", ""))
        if typed is not None:
            return typed
        return recipe["yield_value"] or 1.0

    def _step(self, ctx: AppContext, more: bool) -> None:
        recipe = self._recipe(ctx)
        if recipe is not None:
            current = self._current(ctx, recipe)
            new = _more(current) if more else _less(current)
            self._set_yield(ctx, _for_cooks(new, thousands=False))

    def _toggle(self, ctx: AppContext, key: str, index: int) -> None:
        w.toggle(ctx.ui.setdefault(key, []), index)

    def _scale_to(self, ctx: AppContext) -> None:
        dialog = ctx.ui.pop("scale_dialog")
        new = _to_double(dialog["text"])
        if new is not None:
            factor = new / dialog["amount"] * (ctx.ui.get("scale") or 1.0)
            recipe = self._recipe(ctx)
            base = (recipe or {}).get("yield_value") or 1.0  # scale(): the hint's value
            self._set_yield(ctx, _for_cooks(base * factor, thousands=False))

    def _recipe_page(self, ctx: AppContext, recipe: dict[str, Any]) -> View:
        ui = ctx.ui
        scale = ui.get("scale")
        rows = []
        for i, ing in enumerate(recipe["ingredients"]):
            amount = None if ing["amount"] is None else ing["amount"] * (scale or 1.0)
            tap = lambda c, i=i: self._toggle(c, "checked_ingredients", i)  # noqa: E731
            press = None
            if amount is not None:

                def press(c: AppContext, a: float = amount) -> None:
                    c.ui["scale_dialog"] = {"amount": a, "text": _for_cooks(a, thousands=False)}

            cells = [
                w.text_view(f"{_for_cooks(amount)} ", "ingredient_amount_value", width=200),
                w.text_view(
                    f"{ing['unit']} " if ing["unit"] else "", "ingredient_amount_unit", width=120
                ),
            ]
            for cell in cells:
                cell.on_click, cell.on_long_click = tap, press
            item = w.text_view(ing["item"], "ingredient_item", on_click=tap, on_long_click=press)
            rows.append(
                w.linear_layout(
                    [
                        w.linear_layout(cells, rid="ingredient_amount", horizontal=True, width=320),
                        item,
                    ],
                    horizontal=True,
                    height=110,
                )
            )
        yields = w.linear_layout(
            [
                w.text_view("Yield:", width=180),
                w.edit_text(
                    "recipe_detail_yields_value",
                    ui["yield_text"],
                    self._set_yield,
                    hint=_for_cooks(recipe["yield_value"] or 1.0, thousands=False),
                    width=200,
                ),
                w.text_view(
                    "servings" if self._current(ctx, recipe) != 1 else "serving",
                    "recipe_detail_yields_text",
                ),
            ],
            rid="recipe_detail_yields",
            horizontal=True,
            height=150,
        )
        buttons = w.linear_layout(
            [
                w.image_button("recipe_detail_reset", "reset", lambda c: self._set_yield(c, "")),
                w.image_button("recipe_detail_less", "less", lambda c: self._step(c, False)),
                w.image_button("recipe_detail_more", "more", lambda c: self._step(c, True)),
            ],
            horizontal=True,
            height=147,
        )
        ingredients = w.linear_layout(
            [
                buttons,
                w.text_view("Ingredients"),
                yields,
                w.linear_layout(
                    [
                        w.linear_layout(rows, rid="recipe_detail_ingredients_recycler", weight=0),
                        w.image_button(
                            "recipe_detail_copy",
                            "Copy to clipboard",
                            lambda c: c.toast("Copied to clipboard"),
                            width=147,
                        ),
                    ],
                    horizontal=True,
                    weight=0,
                ),
            ],
            rid="recipe_detail_ingredients",
            weight=0,
        )
        lines = [line for line in recipe["instructions"].split("\n")]
        instructions = w.linear_layout(
            [
                w.text_view("Instructions"),
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.TextView",
                            resource_id="instruction_text",
                            text=line,
                            on_click=cast(
                                Handler, lambda c, i=i: self._toggle(c, "checked_lines", i)
                            ),
                            height=160,
                        )
                        for i, line in enumerate(lines)
                    ],
                    rid="recipe_detail_instructions_recycler",
                    weight=0,
                ),
            ],
            rid="recipe_detail_instructions",
            weight=0,
        )
        body = w.linear_layout(
            [w.text_view(recipe["title"], "recipe_detail_title"), ingredients, instructions],
            weight=0,
        )
        return w.scroll_view([body], rid="recipe_detail_root", scrollable=True, scroll_key="scroll")

    def _recipe_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        close = lambda c: c.ui.update(menu=None)  # noqa: E731
        if ui.get("menu") == "share":
            names = ("JSON file (recommended)", "Archive with original images", "Gourmand XML file")
            return [w.menu_window([(n, close) for n in names], close)]
        if ui.get("menu") == "log":
            # MaterialDatePicker "Prepared on" (today preselected), reduced to its buttons.
            def log(c: AppContext) -> None:
                recipe = self._recipe(c)
                if recipe is not None:
                    recipe.setdefault("preparations", []).append("today")
                close(c)

            return [
                w.alert_dialog(
                    w.dialog_title("Prepared on"),
                    [],
                    w.dialog_buttons(("OK", log), ("Cancel", close)),
                    close,
                )
            ]
        dialog = ui.get("scale_dialog")
        if dialog is not None:

            def typed(c: AppContext, text: str) -> None:
                c.ui["scale_dialog"]["text"] = "".join(ch for ch in text if ch in DIGITS)

            field = w.edit_text("input_field", dialog["text"], typed)
            return [
                w.alert_dialog(
                    w.dialog_title("Scale to"),
                    [w.text_input_layout(field, rid="input_layout", height=190)],
                    w.dialog_buttons(
                        ("OK", self._scale_to), ("Cancel", lambda c: c.ui.pop("scale_dialog"))
                    ),
                    lambda c: c.ui.pop("scale_dialog", None),
                )
            ]
        return []

    # -- render ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PICKER:
            return Screen(
                content=w.document_picker([w.document_row("test.json", self._import, size="1 kB")])
            )
        if ctx.activity == RECIPE:
            recipe = self._recipe(ctx)
            if recipe is None:
                return Screen(content=w.child_page("Recipe"))
            bar = w.toolbar(
                recipe["title"],
                navigation=w.up_button(),
                actions=[
                    w.action_item("share", "Share", lambda c: c.ui.update(menu="share")),
                    w.action_item(
                        "log_preparation", "Log preparation", lambda c: c.ui.update(menu="log")
                    ),
                    w.action_item(
                        "edit",
                        "Edit",
                        lambda c: c.start_activity(EDITING, {"RECIPE_ID": recipe["id"]}),
                    ),
                ],
                rid="action_bar",
            )
            page = w.linear_layout([bar, self._recipe_page(ctx, recipe)])
            return Screen(content=page, windows=self._recipe_windows(ctx))
        if ctx.activity in (EDITING, SETTINGS, ABOUT):
            title = {EDITING: "Edit", SETTINGS: "Settings", ABOUT: "About Tournant"}[ctx.activity]
            return Screen(content=w.child_page(title, [View(cls="android.view.View")]))
        count = len(ctx.data["recipes"])
        content = self._welcome() if count == 0 else self._recipe_list(ctx)
        root = w.drawer_layout(w.linear_layout([self._main_toolbar(ctx, count), content]))
        return Screen(content=root, windows=self._main_windows(ctx, count))
