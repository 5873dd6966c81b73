"""Foods App 1.0 (``com.haerul.foodsapp``), the FoodsApp-starting-code tutorial app, with bug
FoodsApp-starting-code#3.

Modelled from the sources at commit ``fa110a74e131c033ded515e93482a235c4c8270f`` ("Completed
Part3", 2019-04-07, the complete app of the tutorial's third part, the version the report of
2019-04-15 ran): ``AndroidManifest.xml``, ``view/home/HomeActivity.java``,
``view/home/HomePresenter.java``, ``view/category/CategoryActivity.java``,
``view/category/CategoryFragment.java``, ``view/detail/DetailActivity.java``,
``view/detail/DetailPresenter.java``, ``adapter/*``, ``api/FoodApi.java``, the layouts
``activity_home``, ``activity_category``, ``fragment_category``, ``item_recycler_category``,
``item_recycler_meal``, ``item_view_pager_header``, ``activity_detail``, ``menu/menu_detail.xml``
and ``values/strings.xml``.

Screens:

- no first-run screen: the launcher opens ``HomeActivity``: the title "Foods App", the search
  card "Search Your Recipes…" (``cardSearch``, no click listener in this version), the header
  ViewPager ``viewPagerHeader`` of the latest meals (``latest.php``; swipe left/right to page;
  a tap opens the meal), "Meal Categories" and the 3-column grid ``recyclerCategory`` of the
  categories (``categories.php``). A category opens ``CategoryActivity``;
- ``CategoryActivity`` ("Category", Navigate up): the scrollable ``tabLayout`` of every category
  and the ``viewPager`` (swipe left/right) at the tapped one. Each page (``CategoryFragment``) has
  the category card ``cardCategory`` (its description; a tap shows an AlertDialog with the
  name, description and "CLOSE") and the 2-column ``recyclerView`` of the category's meals
  (``filter.php?c=``); a meal opens ``DetailActivity`` with the meal's name;
- ``DetailActivity``: the collapsing toolbar (meal name, Navigate up, the "Favorite" action,
  which does nothing in this version), Category, Country, INSTRUCTIONS, INGREDIENTS (the
  ``ingredient`` and ``measure`` columns) and the YOUTUBE / SOURCE cards (they start a browser,
  another app: stubbed as no-ops).

The bug (FoodsApp-starting-code#3, crash): ``DetailActivity.setMeal`` (called from
``DetailPresenter``'s Retrofit ``onResponse``, on the main thread) tests every one of the 20
``strIngredientN``/``strMeasureN`` fields with ``.isEmpty()`` without a null check; Gson leaves a
field the JSON has as ``null`` null, so a meal whose record holds a null ingredient or measure
throws ``java.lang.NullPointerException`` (the first null field's line: ingredient N at line
``160 + 3(N-1)``, measure N at ``221 + 3(N-1)``). The fix the thread proposes adds null checks.

Network content replaced by fixed data: TheMealDB's responses (latest meals, the 14 categories
of 2019 in the API's order, each category's meals, each meal's record) are small fixed tables
with the real category and meal names; descriptions, instructions and amounts are short
placeholders written for the model. Uncertain: which meals held null fields in April 2019. The
thread names "Apple Frangipan Tart" (Dessert) as one whose record has nulls; the model gives
null ingredient/measure fields 16-20 to it and two other Dessert meals, and empty strings to
every other meal (which therefore open normally). Images are not drawn.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

PKG = "com.haerul.foodsapp"
HOME = ".view.home.HomeActivity"
CATEGORY = ".view.category.CategoryActivity"
DETAIL = ".view.detail.DetailActivity"

# categories.php (2019 order): name and a short placeholder description.
CATEGORIES: list[tuple[str, str]] = [
    ("Beef", "Meals made with beef."),
    ("Chicken", "Meals made with chicken."),
    ("Dessert", "Sweet courses served at the end of a meal."),
    ("Lamb", "Meals made with lamb."),
    ("Miscellaneous", "Meals that fit no other category."),
    ("Pasta", "Meals made with pasta."),
    ("Pork", "Meals made with pork."),
    ("Seafood", "Meals made with fish and shellfish."),
    ("Side", "Dishes served beside a main course."),
    ("Starter", "Small dishes served before a main course."),
    ("Vegan", "Meals without any animal product."),
    ("Vegetarian", "Meals without meat or fish."),
    ("Breakfast", "Meals for the morning."),
    ("Goat", "Meals made with goat."),
]

# filter.php?c=<category>: the meals of each category.
MEALS_BY_CATEGORY: dict[str, list[str]] = {
    "Beef": ["Beef and Mustard Pie", "Beef Brisket Pot Roast", "Beef Wellington"],
    "Chicken": ["Chicken Alfredo Primavera", "Chicken Congee", "Chicken Handi"],
    "Dessert": [
        "Apple Frangipan Tart",
        "Bakewell tart",
        "Banana Pancakes",
        "Battenberg Cake",
        "BeaverTails",
        "Blackberry Fool",
    ],
    "Lamb": ["Lamb Biryani", "Lamb tomato and sweet spices"],
    "Miscellaneous": ["Duck Confit", "Mushroom & Chestnut Rotolo"],
    "Pasta": ["Fettucine alfredo", "Lasagne"],
    "Pork": ["Bubble & Squeak", "Pork Cassoulet"],
    "Seafood": ["Baked salmon with fennel & tomatoes", "Fish pie"],
    "Side": ["Boulangère Potatoes", "Brie wrapped in prosciutto & brioche"],
    "Starter": ["Broccoli & Stilton soup", "Clam chowder"],
    "Vegan": ["Roast fennel and aubergine paella", "Vegan Lasagna"],
    "Vegetarian": ["Baingan Bharta", "Spicy Arrabiata Penne"],
    "Breakfast": ["Breakfast Potatoes", "English Breakfast"],
    "Goat": ["Mbuzi Choma (Roasted Goat)"],
}

# latest.php: the header pager's meals.
LATEST = ["Lasagne", "Chicken Handi", "Fish pie", "Beef Wellington"]

# search.php?s=<name>: the meals whose record holds null ingredient/measure fields 16-20.
NULL_FIELD_MEALS = {"Apple Frangipan Tart", "Banana Pancakes", "BeaverTails"}

AREAS = {"Dessert": "British", "Vegetarian": "Indian", "Chicken": "Indian", "Pasta": "Italian"}

NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'boolean java.lang.String.isEmpty()' on a null object "
    "reference"
)


def category_of(meal: str) -> str:
    """The category whose list holds ``meal``."""
    for name, meals in MEALS_BY_CATEGORY.items():
        if meal in meals:
            return name
    return "Miscellaneous"


def meal_record(name: str) -> dict[str, Any]:
    """The meal's search.php record: 20 ingredient and 20 measure fields, the unused ones ""
    (or null for the meals of :data:`NULL_FIELD_MEALS`)."""
    pad: str | None = None if name in NULL_FIELD_MEALS else ""
    used = [("Butter", "100g"), ("Sugar", "150g"), ("Flour", "200g"), ("Eggs", "2")]
    blank: list[str | None] = [""] * 11
    ingredients: list[str | None] = [*(i for i, _ in used), *blank, *[pad] * 5]
    measures: list[str | None] = [*(m for _, m in used), *blank, *[pad] * 5]
    category = category_of(name)
    return {
        "strMeal": name,
        "strCategory": category,
        "strArea": AREAS.get(category, "British"),
        "strInstructions": f"Prepare the {name.lower()} and serve.",
        "ingredients": ingredients,
        "measures": measures,
    }


def app_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of FoodsApp-starting-code#3: the app died of the NullPointerException that
    ``setMeal`` throws on a null ingredient or measure field."""
    return crashed(system, PKG, NPE, "String.isEmpty()")


def _c(rid: str = "", text: str = "", desc: str = "") -> dict[str, Any]:
    return click(PKG, rid, text, desc)


HUMAN_STEPS = (
    _c("categoryName", "Dessert"),
    _c("mealName", "Apple Frangipan Tart"),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "FoodsApp-starting-code#3": [
        # a Dessert meal whose record has no null field
        [_c("categoryName", "Dessert"), _c("mealName", "Bakewell tart")],
        # another category's meal
        [_c("categoryName", "Beef"), _c("mealName", "Beef Wellington")],
        # the Dessert page's category card, not a meal
        [
            _c("categoryName", "Dessert"),
            _c("cardCategory"),
            _c("android:id/button1", "CLOSE"),
        ],
        # a meal of the home screen's header pager
        [_c("mealName", "Lasagne")],
    ],
}


class FoodsApp(VirtualApp):
    """Foods App 1.0: home, category pager and meal detail."""

    name: ClassVar[str] = "FoodsApp-starting-code"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Foods App"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = HOME
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "FoodsApp-starting-code#3",
            "crash",
            "Some recipe sources force the app to crash.",
            app_crashed,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # The app stores nothing in this version: every screen is loaded from TheMealDB.
        return {}

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == CATEGORY:
            ctx.ui.setdefault("tab", int(ctx.extras.get("position", 0)))
        elif ctx.activity == HOME:
            ctx.ui.setdefault("header", 0)
        elif ctx.activity == DETAIL:
            # DetailPresenter.getMealById: search.php?s=<name>, then onResponse -> setMeal.
            self.set_meal(ctx, meal_record(str(ctx.extras.get("detail", ""))))

    def set_meal(self, ctx: AppContext, meal: dict[str, Any]) -> None:
        """DetailActivity.setMeal: fills the screen; the unguarded ``isEmpty()`` calls throw on
        the first null ingredient, then measure, field."""
        for n, value in enumerate(meal["ingredients"], 1):
            if value is None:
                self.throw(160 + 3 * (n - 1))
        for n, value in enumerate(meal["measures"], 1):
            if value is None:
                self.throw(221 + 3 * (n - 1))
        ctx.ui["meal"] = meal

    @staticmethod
    def throw(line: int) -> None:
        raise JavaException(
            NPE,
            NPE_MESSAGE,
            frames=[
                f"com.haerul.foodsapp.view.detail.DetailActivity.setMeal(DetailActivity.java:{line})",
                "com.haerul.foodsapp.view.detail.DetailPresenter$1.onResponse"
                "(DetailPresenter.java:35)",
                "retrofit2.ExecutorCallAdapterFactory$ExecutorCallbackCall$1$1.run"
                "(ExecutorCallAdapterFactory.java:71)",
                *callback_frames(25),
            ],
        )

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == HOME and direction in ("left", "right"):
            return w.pager_swipe(ctx.ui, "header", len(LATEST), direction)
        if ctx.activity == CATEGORY and direction in ("left", "right"):
            return w.pager_swipe(ctx.ui, "tab", len(CATEGORIES), direction)
        return False

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "desc_dialog")

    # -- handlers ------------------------------------------------------------------------------
    def open_meal(self, ctx: AppContext, name: str) -> None:
        ctx.start_activity(DETAIL, {"detail": name})

    def open_category(self, ctx: AppContext, position: int) -> None:
        ctx.start_activity(CATEGORY, {"position": position})

    def select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index

    def set_flag(self, ctx: AppContext, key: str, value: bool) -> None:
        ctx.ui[key] = value

    def nothing(self, ctx: AppContext) -> None:
        return None

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == CATEGORY:
            return self.render_category(ctx)
        if ctx.activity == DETAIL:
            return self.render_detail(ctx)
        return self.render_home(ctx)

    def render_home(self, ctx: AppContext) -> Screen:
        page = int(ctx.ui.get("header", 0))
        header_card = View(
            cls="android.widget.FrameLayout",
            on_click=w.bind(self.open_meal, LATEST[page]),
            height=480,
            layout=FRAME,
            children=[
                w.image_view("mealThumb"),
                w.text_view(LATEST[page], "mealName", height=110, gravity="bottom"),
            ],
        )
        cells = [
            w.linear_layout(
                [w.image_view("categoryThumb", height=170), w.text_view(name, "categoryName")],
                on_click=w.bind(self.open_category, i),
                height=300,
                width=360,
            )
            for i, (name, _) in enumerate(CATEGORIES)
        ]
        rows = [
            w.linear_layout(cells[i : i + 3], horizontal=True, height=300)
            for i in range(0, len(cells), 3)
        ]
        grid = View(
            cls="android.support.v7.widget.RecyclerView",
            resource_id="recyclerCategory",
            weight=0,
            children=rows,
        )
        content = View(
            cls="android.support.v4.widget.NestedScrollView",
            scrollable=True,
            scroll_key="home_scroll",
            children=[
                w.relative_layout(
                    [
                        w.text_view("Foods App", "title", height=150),
                        View(
                            cls="android.support.v7.widget.CardView",
                            resource_id="cardSearch",
                            height=140,
                            children=[w.text_view("Search Your Recipes…")],
                        ),
                    ],
                    rid="headerView",
                    height=290,
                ),
                View(
                    cls="android.support.v4.view.ViewPager",
                    resource_id="viewPagerHeader",
                    height=480,
                    children=[header_card],
                ),
                w.text_view("Meal Categories", "titleCategory"),
                grid,
                w.text_view("Foods App"),
            ],
        )
        return Screen(content=content)

    def render_category(self, ctx: AppContext) -> Screen:
        tab = int(ctx.ui.get("tab", 0))
        name, desc = CATEGORIES[tab]
        meal_cells = [
            View(
                cls="android.widget.RelativeLayout",
                on_click=w.bind(self.open_meal, meal),
                width=540,
                height=420,
                layout=FRAME,
                children=[
                    w.image_view("mealThumb"),
                    w.image_view("love", width=100, height=100, gravity="top_end"),
                    w.text_view(meal, "mealName", height=110, gravity="bottom"),
                ],
            )
            for meal in MEALS_BY_CATEGORY[name]
        ]
        meal_rows = [
            w.linear_layout(meal_cells[i : i + 2], horizontal=True, height=420)
            for i in range(0, len(meal_cells), 2)
        ]
        page = View(
            cls="android.support.v4.widget.NestedScrollView",
            scrollable=True,
            scroll_key=f"page_scroll_{tab}",
            children=[
                View(
                    cls="android.support.v7.widget.CardView",
                    resource_id="cardCategory",
                    on_click=w.bind(self.set_flag, "desc_dialog", True),
                    height=330,
                    children=[
                        w.relative_layout(
                            [
                                w.image_view("imageCategoryBg"),
                                w.image_view("imageCategory", width=250, height=250, gravity="top"),
                                w.text_view(desc, "textCategory", height=110, gravity="bottom"),
                            ],
                            layout=FRAME,
                        )
                    ],
                ),
                View(
                    cls="android.support.v7.widget.RecyclerView",
                    resource_id="recyclerView",
                    weight=0,
                    children=meal_rows,
                ),
            ],
        )
        content = w.linear_layout(
            [
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="appbar",
                    weight=0,
                    children=[
                        w.toolbar("Category", navigation=w.up_button()),
                        self.tab_strip(tab),
                    ],
                ),
                View(
                    cls="android.support.v4.view.ViewPager",
                    resource_id="viewPager",
                    children=[page],
                ),
            ]
        )
        windows = []
        if ctx.ui.get("desc_dialog"):
            close = w.bind(self.set_flag, "desc_dialog", False)
            windows.append(w.confirm_dialog(name, desc, ("CLOSE", close), None, close))
        return Screen(content=content, windows=windows)

    def tab_strip(self, tab: int) -> View:
        """The scrollable TabLayout scrolled to the selected tab: the 4 tabs on screen (each
        of its title's width, about 270 px), from the one before the selected tab."""
        strip = w.tabs(
            [c for c, _ in CATEGORIES],
            tab,
            self.select_tab,
            rid="tabLayout",
            tab_cls="android.support.design.widget.TabLayout$TabView",
        )
        first = max(0, min(tab - 1, len(CATEGORIES) - 4))
        strip.children = strip.children[first : first + 4]
        for child in strip.children:
            child.width = 270
        return strip

    def render_detail(self, ctx: AppContext) -> Screen:
        meal = ctx.ui.get("meal")
        if not meal:
            return Screen(content=w.linear_layout([w.toolbar("", navigation=w.up_button())]))
        ingredients = "".join(f"\n \u2022 {i}" for i in meal["ingredients"] if i)
        measures = "".join(f"\n : {m}" for m in meal["measures"] if m and not m[0].isspace())
        bar = View(
            cls="android.widget.LinearLayout",
            resource_id="appbar",
            height=560,
            weight=0,
            children=[
                View(
                    cls="android.widget.FrameLayout",
                    resource_id="collapsing_toolbar",
                    children=[
                        w.image_view("mealThumb", height=400),
                        w.toolbar(
                            meal["strMeal"],
                            navigation=w.up_button(),
                            actions=[w.action_item("favorite", "Favorite", self.nothing)],
                        ),
                    ],
                )
            ],
        )
        body = View(
            cls="android.support.v4.widget.NestedScrollView",
            scrollable=True,
            scroll_key="detail_scroll",
            children=[
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.linear_layout(
                                    [
                                        w.text_view("Category", "textCategory"),
                                        w.text_view(meal["strCategory"], "category"),
                                    ]
                                ),
                                w.linear_layout(
                                    [
                                        w.text_view("Country", "Country"),
                                        w.text_view(meal["strArea"], "country"),
                                    ]
                                ),
                            ],
                            horizontal=True,
                            height=240,
                        ),
                        w.text_view("INSTRUCTIONS"),
                        w.text_view(meal["strInstructions"], "instructions", height=220),
                        w.text_view("INGREDIENTS"),
                        View(
                            layout=HORIZONTAL,
                            height=480,
                            children=[
                                w.text_view(ingredients, "ingredient", height=480),
                                w.text_view(measures, "measure", height=480),
                            ],
                        ),
                        w.linear_layout(
                            [
                                w.text_view("YOUTUBE", "youtube", on_click=self.nothing),
                                w.text_view("SOURCE", "source", on_click=self.nothing),
                            ],
                            horizontal=True,
                            height=140,
                        ),
                    ],
                    weight=0,
                )
            ],
        )
        return Screen(content=w.linear_layout([bar, body]))
