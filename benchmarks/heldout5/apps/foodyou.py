"""Food You (``com.maksimowiczm.foodyou``, maksimowiczm/FoodYou) 2.3.2, for FoodYou#113.

A food diary: meals of a day, products (own or downloaded) and recipes made of them, each diary
entry a measurement (grams, servings or packages) of a product or a recipe.

Modelled from the sources at commit ``4ca6a16`` ("chore: release 2.3.2 (#108)", 19 May 2025:
``version-name = "2.3.2"``, ``android-versionCode = "13"``; the report was filed on 22 May 2025
against the newest release): ``ui/FoodYouApp.kt``, ``ui/home/HomeScreen.kt``, ``HomeCard.kt``,
``feature/changelog/AppUpdateChangelogModalBottomSheet.kt``, ``ui/ChangelogModalBottomSheet.kt``,
``Changelog.kt``, ``feature/language/TranslationWarningStartupDialog.kt``,
``feature/meal/ui/card/HorizontalMealsCard.kt``, ``MealCard.kt``,
``feature/meal/ui/screen/MealScreen.kt``, ``feature/addfood/ui/AddFoodApp.kt`` (the NavHost of
a meal), ``addfood/ui/measurement/UpdateMeasurementScreen.kt``, its view model and
``MeasurementScreen.kt``, ``feature/measurement/ui/basic/MeasurementForm.kt``,
``MeasurementEnum.kt``, ``AndroidDateFormatter.kt``, ``res/xml/meals.xml`` (the default meals)
and ``composeResources/values/strings.xml``; and the fix, commit ``29f2142`` ("fix(meal): fix
recipe measurement edit entry (#114)").

Compose draws every screen (no resource ids). A fresh install shows the "What's new" changelog
bottom sheet (the last remembered version is not 2.3.2; the translation warning is only for
non-US systems). Home: "Food You" (a tap opens About) and "Go to settings", the calendar card,
the meals card (a horizontal pager, one card per meal: its name, its time or "All-day", the
calories and the proteins / carbohydrates / fats, and "Add") and the calories card. A meal card
opens the meal screen: the date, the meal's header, one list item per entry (the brand, the
name, the nutrients, the measurement and its calories) and the FABs "Add food" and "Scan
barcode". Tapping an entry opens a bottom sheet with the entry, "Edit entry" and "Delete entry"
("Delete entry" asks with "Delete" / "Cancel"). "Edit entry" opens ``UpdateMeasurement``: "Go
back", the food's name, the measurement form (a row per measurement: its field and "Add", which
saves it and goes back), the nutrition facts, "Edit" and "Delete".

The bug (FoodYou#113, non-crash): ``AddFoodNavHost``'s ``onEditMeasurement`` maps both
``MeasurementId.Product`` and ``MeasurementId.Recipe`` to ``UpdateMeasurement(it.id)``, whose
first parameter is ``productMeasurementId``: "Edit entry" on a recipe entry opens the product
entry that has the recipe entry's id, an unrelated product (or a blank screen when there is no
such product entry). The fix passes ``recipeMeasurementId = it.id`` for a recipe. The oracle: an
"Edit entry" opened an entry other than the one chosen.

Fixed data (the report's precondition, a recipe in one of the meals; the reporter's diary is
not known): today's diary (the model's today is Sunday, 6 December 2026) holds the recipe entry
1, "Overnight oats" (1 serving, 300 g) in Breakfast, and the product entries 1, "Chicken
breast" (150 g), and 2, "Rice" (200 g), in Lunch, and 3, "Apple" (180 g), in Snacks; the
products "Rolled oats" and "Milk" are the recipe's ingredients (not drawn). The default meals:
Breakfast 06:00 AM - 10:00 AM, Lunch 10:00 AM - 03:00 PM, Dinner 03:00 PM - 09:00 PM and Snacks
(all day); a 12-hour clock.

Stubbed: the search, barcode scanner, settings, about, goals and recipe/product editors are
title-only screens with "Go back"; the calendar and calories cards are plain texts; the weight
chips and nutrition facts list show only calories and macronutrients; "Delete" on the
measurement screen and the snackbar's "Undo" are not modelled. Uncertain: the dump shapes of
Compose nodes are approximations.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.maksimowiczm.foodyou"
VERSION = "2.3.2"
COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
BUTTON = "android.widget.Button"
TEXT = "android.widget.TextView"
GO_BACK = "Go back"
TODAY = "6 December 2026, Sunday"
MEALS = (
    ("Breakfast", "06:00 AM – 10:00 AM"),
    ("Lunch", "10:00 AM – 03:00 PM"),
    ("Dinner", "03:00 PM – 09:00 PM"),
    ("Snacks", ""),
)
STUBS = {
    "search": "Add food",
    "scanner": "Scan barcode",
    "settings": "Settings",
    "about": "About",
    "goals": "Goals",
    "edit_product": "Edit product",
    "edit_recipe": "Edit recipe",
}
CHANGELOG = (
    ("2.3.2", "New features", "Sort food by name and brand in the meal screen"),
    (
        "2.3.2",
        "Bug fixes",
        "Fix food search sorting by name and brand. Stop taking letter case into account.",
    ),
    ("2.3.2", "Translations", "Added Hungarian\nUpdated German"),
    ("2.3.1", "Changes", "Sort food by name and brand in the food search screen"),
)


def _food(name: str, kcal: float, p: float, c: float, f: float, **kw: Any) -> dict[str, Any]:
    return {"name": name, "kcal": kcal, "p": p, "c": c, "f": f, "brand": None, **kw}


def wrong_entry_opened(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of FoodYou#113: "Edit entry" opened another entry than the chosen one."""
    return bool(data["wrong_edit"])


# -- steps ---------------------------------------------------------------------------------------
def _click(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    target = {"resource_id": "", "text": text, "content_desc": desc, "class_name": cls}
    return {"kind": "click", "target": target}


CLOSE_CHANGELOG = {"kind": "press_back"}
BREAKFAST = _click("Breakfast", cls=TEXT)
OATS = _click("Overnight oats", cls=TEXT)
EDIT_ENTRY = _click("Edit entry", cls=TEXT)
NEXT_MEAL = {"kind": "swipe", "direction": "left"}

BUG_113 = BugSpec(
    "FoodYou#113",
    "non-crash",
    "Editing a recipe entry opens an unrelated product",
    wrong_entry_opened,
    human_steps=(CLOSE_CHANGELOG, BREAKFAST, OATS, EDIT_ENTRY),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "FoodYou#113": [
        # A product entry is edited.
        [CLOSE_CHANGELOG, NEXT_MEAL, _click("Lunch", cls=TEXT), _click("Rice", cls=TEXT)]
        + [EDIT_ENTRY],
        # The recipe entry's sheet is closed.
        [CLOSE_CHANGELOG, BREAKFAST, OATS, {"kind": "press_back"}],
        # "Delete entry" instead, cancelled.
        [CLOSE_CHANGELOG, BREAKFAST, OATS, _click("Delete entry", cls=TEXT)]
        + [_click("Cancel", cls=BUTTON)],
    ],
}


class FoodYou(VirtualApp):
    """Food You 2.3.2 (see the module docstring)."""

    name: ClassVar[str] = "FoodYou"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Food You"
    version: ClassVar[str] = VERSION
    launch_activity: ClassVar[str] = ".infrastructure.android.FoodYouMainActivity"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_113,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "remembered_version": None,
            "products": {
                "1": _food("Chicken breast", 120, 22.5, 0, 2.6),
                "2": _food("Rice", 130, 2.7, 28.2, 0.3),
                "3": _food("Apple", 52, 0.3, 13.8, 0.2),
                "4": _food("Rolled oats", 379, 13.2, 67.7, 6.5),
                "5": _food("Milk", 50, 3.3, 4.8, 2.0),
            },
            "recipes": {"1": _food("Overnight oats", 112, 5.4, 16.6, 2.8, serving=300)},
            # entries: [kind, measurement id, food id, meal, grams, servings or None]
            "entries": [
                ["recipe", 1, "1", 0, 300, 1],
                ["product", 1, "1", 1, 150, None],
                ["product", 2, "2", 1, 200, None],
                ["product", 3, "3", 3, 180, None],
            ],
            "wrong_edit": False,
        }

    # -- navigation ----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", [{"route": "home"}])
        ctx.ui.setdefault("meal_page", 0)

    def _top(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.ui["stack"][-1]

    def _push(self, ctx: AppContext, route: str, **extra: Any) -> None:
        ctx.ui["stack"].append({"route": route, **extra})

    def _back(self, ctx: AppContext) -> None:
        if not w.pop_back_stack(ctx.ui["stack"]):
            ctx.finish()

    def _changelog_open(self, ctx: AppContext) -> bool:
        return bool(ctx.data["remembered_version"] != VERSION)

    def _close_changelog(self, ctx: AppContext) -> None:
        ctx.data["remembered_version"] = VERSION

    def on_back(self, ctx: AppContext) -> bool:
        if self._changelog_open(ctx):
            self._close_changelog(ctx)
            return True
        top = self._top(ctx)
        if w.dismiss(top, "dialog", None) or w.dismiss(top, "selected", None):
            return True
        if len(ctx.ui["stack"]) > 1:
            self._back(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if self._top(ctx)["route"] == "home" and not self._changelog_open(ctx):
            return w.pager_swipe(ctx.ui, "meal_page", len(MEALS), direction)
        return False

    # -- data ----------------------------------------------------------------------------------
    def _food_of(self, ctx: AppContext, entry: list[Any]) -> dict[str, Any]:
        table = ctx.data["recipes" if entry[0] == "recipe" else "products"]
        food: dict[str, Any] = table[entry[2]]
        return food

    def _entry(self, ctx: AppContext, kind: str, mid: int) -> list[Any] | None:
        return next((e for e in ctx.data["entries"] if e[0] == kind and e[1] == mid), None)

    def _meal_entries(self, ctx: AppContext, meal: int) -> list[list[Any]]:
        found = [e for e in ctx.data["entries"] if e[3] == meal]
        # MealScreenViewModel sorts by name then brand (2.3.2).
        return sorted(found, key=lambda e: self._food_of(ctx, e)["name"].lower())

    def _totals(self, ctx: AppContext, entries: list[list[Any]]) -> dict[str, int]:
        out = {}
        for key in ("kcal", "p", "c", "f"):
            out[key] = round(sum(self._food_of(ctx, e)[key] * e[4] / 100 for e in entries))
        return out

    # -- handlers ------------------------------------------------------------------------------
    def _open_meal(self, ctx: AppContext, meal: int) -> None:
        self._push(ctx, "meal", meal=meal, selected=None, dialog=None)

    def _select(self, ctx: AppContext, kind: str, mid: int) -> None:
        self._top(ctx)["selected"] = [kind, mid]

    def _edit_entry(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        kind, mid = top["selected"]
        top["selected"] = None
        # The bug: both kinds navigate to UpdateMeasurement(it.id), i.e. productMeasurementId.
        opened = ["product", mid]
        if opened != [kind, mid]:
            ctx.data["wrong_edit"] = True
        self._push(ctx, "measure", kind=opened[0], id=opened[1])

    def _delete_entry(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        kind, mid = top["selected"]
        ctx.data["entries"] = [e for e in ctx.data["entries"] if not (e[0] == kind and e[1] == mid)]
        top["selected"] = None
        top["dialog"] = None
        ctx.toast("Entry deleted")

    def _set_dialog(self, ctx: AppContext, value: str | None) -> None:
        self._top(ctx)["dialog"] = value

    def _stub(self, ctx: AppContext, key: str) -> None:
        self._push(ctx, "stub", stub=key)

    def _grams_typed(self, ctx: AppContext, text: str) -> None:
        self._top(ctx)["grams"] = text

    def _confirm(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        entry = self._entry(ctx, top["kind"], top["id"])
        text = top.get("grams")
        if entry is not None and text:
            try:
                value = float(text)
            except ValueError:
                return
            if value > 0:
                entry[4], entry[5] = value, None
        self._back(ctx)

    def _edit_food(self, ctx: AppContext) -> None:
        self._stub(ctx, "edit_recipe" if self._top(ctx)["kind"] == "recipe" else "edit_product")

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = self._top(ctx)
        windows: list[Window] = []
        if top["route"] == "home":
            content = self._home(ctx)
        elif top["route"] == "meal":
            content, windows = self._meal(ctx, top)
        elif top["route"] == "measure":
            content = self._measure(ctx, top)
        else:
            content = self._bar_screen(STUBS[top["stub"]], [])
        if self._changelog_open(ctx):
            windows.append(self._changelog())
        return Screen(content=content, windows=windows)

    def _bar_screen(self, title: str, body: list[View]) -> View:
        bar = w.toolbar(
            title,
            navigation=View(cls=BUTTON, content_desc=GO_BACK, on_click=self._back, width=147),
            rid="",
            cls=VIEW,
            height=168,
        )
        return View(cls=COMPOSE, children=[bar, View(cls=VIEW, scrollable=True, children=body)])

    def _changelog(self) -> Window:
        rows = [w.text_view("What's new", height=140)]
        shown = set()
        for version, section, text in CHANGELOG:
            if version not in shown:
                shown.add(version)
                head = [w.text_view(f"Changelog {version}", height=110)]
                if version == VERSION:
                    head.append(w.text_view("Installed", width=260, height=110))
                head.append(View(cls=BUTTON, content_desc="Copy", width=126, height=110))
                rows.append(View(cls=VIEW, layout=HORIZONTAL, height=110, children=head))
            rows.append(w.text_view(section, height=90))
            rows.append(w.text_view(text, height=130))
        root = View(cls=VIEW, scrollable=True, children=rows)
        return Window(
            root=root,
            kind="sheet",
            on_dismiss=self._close_changelog,
            bounds=(0, 700, 1080, 1920),
        )

    def _nutrients(self, t: dict[str, int], height: int = 90) -> View:
        return View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=height,
            children=[
                w.text_view(f"{t['kcal']} kcal"),
                w.text_view(f"{t['p']} g"),
                w.text_view(f"{t['c']} g"),
                w.text_view(f"{t['f']} g"),
            ],
        )

    def _home(self, ctx: AppContext) -> View:
        bar = w.toolbar(
            View(
                cls=VIEW,
                children=[w.text_view("Food You", on_click=w.bind(self._stub, "about"))],
            ),
            actions=[
                View(
                    cls=BUTTON,
                    content_desc="Go to settings",
                    on_click=w.bind(self._stub, "settings"),
                    width=147,
                ),
            ],
            rid="",
            cls=VIEW,
            height=168,
        )
        page = ctx.ui["meal_page"]
        name, time = MEALS[page]
        entries = self._meal_entries(ctx, page)
        totals = self._totals(ctx, entries)
        stats = (
            self._nutrients(totals)
            if entries
            else View(cls=VIEW, layout=HORIZONTAL, height=90, children=[w.text_view("—")] * 4)
        )
        card = View(
            cls=VIEW,
            weight=0,
            width=1017,
            on_click=w.bind(self._open_meal, page),
            children=[
                w.text_view(name, height=110),
                w.text_view(time or "All-day", height=90),
                stats,
                View(
                    cls=BUTTON,
                    content_desc="Add",
                    on_click=w.bind(self._stub, "search"),
                    width=147,
                    height=147,
                ),
            ],
        )
        pager = View(
            cls=VIEW,
            layout=HORIZONTAL,
            weight=0,
            children=[card, View(cls=VIEW, width=63)],
        )
        today = self._totals(ctx, ctx.data["entries"])
        calendar = View(
            cls=VIEW,
            height=300,
            children=[w.text_view("December 2026"), w.text_view("Sun 6")],
        )
        calories = View(
            cls=VIEW,
            height=300,
            on_click=w.bind(self._stub, "goals"),
            children=[w.text_view("Calories"), w.text_view(f"{today['kcal']} kcal")],
        )
        body = View(cls=VIEW, scrollable=True, children=[calendar, pager, calories])
        return View(cls=COMPOSE, children=[bar, body])

    def _food_item(self, ctx: AppContext, entry: list[Any], handler: Any) -> View:
        food = self._food_of(ctx, entry)
        grams = entry[4]
        measurement = f"{grams:g} g"
        if entry[5] is not None:
            measurement = f"{entry[5]:g} x Serving ({grams:g} g)"
        t = self._totals(ctx, [entry])
        lines = [
            w.text_view(food["name"], height=90),
            View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=80,
                children=[
                    w.text_view(f"{t['p']} g"),
                    w.text_view(f"{t['c']} g"),
                    w.text_view(f"{t['f']} g"),
                ],
            ),
            View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=80,
                children=[w.text_view(measurement), w.text_view(f"{t['kcal']} kcal", width=300)],
            ),
        ]
        if food["brand"]:
            lines.insert(0, w.text_view(food["brand"], height=70))
        return View(cls=VIEW, weight=0, on_click=handler, children=lines)

    def _meal(self, ctx: AppContext, top: dict[str, Any]) -> tuple[View, list[Window]]:
        meal = top["meal"]
        name, time = MEALS[meal]
        entries = self._meal_entries(ctx, meal)
        header = View(
            cls=VIEW,
            weight=0,
            children=[
                w.text_view(TODAY, height=100),
                w.text_view(name, height=110),
                w.text_view(time or "All-day", height=90),
                self._nutrients(self._totals(ctx, entries)),
            ],
        )
        items: list[View] = [
            self._food_item(ctx, e, w.bind(self._select, e[0], e[1])) for e in entries
        ]
        if not entries:
            items.append(
                w.text_view(
                    "Looks like this meal is empty. Add some food to track your calories.",
                    height=300,
                )
            )
        fabs = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=168,
            children=[
                View(cls=VIEW),
                View(
                    cls=BUTTON,
                    content_desc="Scan barcode",
                    on_click=w.bind(self._stub, "scanner"),
                    width=147,
                ),
                View(
                    cls=BUTTON,
                    text="Add food",
                    on_click=w.bind(self._stub, "search"),
                    width=420,
                ),
            ],
        )
        content = View(
            cls=COMPOSE,
            children=[header, View(cls=VIEW, scrollable=True, children=items), fabs],
        )
        windows: list[Window] = []
        selected = top.get("selected")
        entry = self._entry(ctx, *selected) if selected else None
        if entry is not None:
            close = w.bind(self._dismiss_sheet)
            sheet = View(
                cls=VIEW,
                weight=0,
                children=[
                    self._food_item(ctx, entry, None),
                    View(
                        cls=VIEW,
                        height=147,
                        on_click=self._edit_entry,
                        children=[w.text_view("Edit entry")],
                    ),
                    View(
                        cls=VIEW,
                        height=147,
                        on_click=w.bind(self._set_dialog, "delete"),
                        children=[w.text_view("Delete entry")],
                    ),
                ],
            )
            windows.append(Window(root=sheet, kind="sheet", on_dismiss=close))
            if top.get("dialog") == "delete":
                cancel = w.bind(self._set_dialog, None)
                buttons = [
                    w.button(text="Cancel", handler=cancel, width=300, style="text"),
                    w.button(text="Delete", handler=self._delete_entry, width=300, style="text"),
                ]
                windows.append(
                    w.alert_dialog(
                        w.text_view("Delete entry", height=150),
                        [
                            w.text_view(
                                "This entry will be deleted from your diary. You can add it "
                                "again anytime.",
                                height=250,
                            )
                        ],
                        buttons,
                        cancel,
                    )
                )
        return content, windows

    def _dismiss_sheet(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        top["selected"] = None
        top["dialog"] = None

    def _measure(self, ctx: AppContext, top: dict[str, Any]) -> View:
        entry = self._entry(ctx, top["kind"], top["id"])
        if entry is None:
            return View(cls=COMPOSE)  # the food flow stays null: an empty Surface
        food = self._food_of(ctx, entry)
        grams = top.get("grams")
        shown = grams if grams is not None else f"{entry[4]:g}"
        weight = float(shown) if shown.replace(".", "", 1).isdigit() else 0.0
        kcal = round(food["kcal"] * weight / 100)
        rows = [
            View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=180,
                children=[
                    w.edit_text("", shown, self._grams_typed, hint="g", width=500),
                    w.text_view(f"{kcal} kcal"),
                    View(cls=BUTTON, content_desc="Add", on_click=self._confirm, width=147),
                ],
            )
        ]
        facts = [
            w.text_view(f"Calories {round(food['kcal'] * weight / 100)} kcal", height=90),
            w.text_view(f"Proteins {round(food['p'] * weight / 100, 1)} g", height=90),
            w.text_view(f"Carbohydrates {round(food['c'] * weight / 100, 1)} g", height=90),
            w.text_view(f"Fats {round(food['f'] * weight / 100, 1)} g", height=90),
        ]
        actions = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=147,
            children=[
                w.button(text="Edit", handler=self._edit_food),
                w.button(text="Delete", handler=lambda c: None),
            ],
        )
        screen = self._bar_screen(food["name"], [w.text_view(food["name"], height=160)])
        screen.children[1].children.extend([*rows, *facts, actions])
        return screen
