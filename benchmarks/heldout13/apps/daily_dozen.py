"""Daily Dozen (``org.nutritionfacts.dailydozen``) 21.2, for daily-dozen-android#208.

Modelled from the sources of the 21.2 release, commit ``c89d673`` ("v21.2 (#207)";
``app/build.gradle`` there says ``versionName "21.2"``, ``versionCode 72``):
``AndroidManifest.xml``, ``activity/MainActivity.java``, ``adapter/DatePagerAdapter.java``,
``fragment/DailyDozenFragment.java``, ``fragment/TweaksFragment.java``,
``widget/DateHeader.java``, ``widget/DateWeights.java``, ``widget/FoodServings.java``,
``widget/TweakBoxes.java``, ``model/Weights.java``, ``model/Day.java``, ``controller/Prefs.java``,
``res/layout/activity_main.xml``, ``fragment_daily_dozen.xml``, ``fragment_tweaks.xml``,
``header_date.xml``, ``date_weights.xml``, ``food_servings.xml``, ``tweak_boxes.xml``,
``res/menu/main.xml`` and ``res/values/strings.xml``; and the fix, commit ``979e897`` ("Fix
weight saving bug (#209)", released as 21.3).

The app: ``MainActivity`` (portrait only, AppCompat's DarkActionBar: title "Daily Dozen", the
menu item "21 Tweaks" shown as an action, the rest in the overflow) holds a ViewPager of days
with a PagerTabStrip of day titles ("Wed, Aug 17"); its last page is today. In Daily Dozen mode
a page lists the foods with their serving check boxes; the "21 Tweaks" action switches every page
to the tweaks list, whose page has the "Weight" row (``date_weights.xml``): an eye toggling the
weights' visibility, a sun icon and the Morning field, a moon icon and the Evening field, and a
chart icon opening the weight history (or toasting "You have not recorded any weights yet!").
A fresh install shows no dialog (the streaks dialog appears only for old databases with servings).

The bug (daily-dozen-android#208, non-crash): each change of a weight field calls
``Weights.createWeightsIfDoesNotExist(day, morning, evening)``. In 21.2 it builds a new
``Weights`` from the typed values when the day has none yet, then saves only when the stored
values differ from the typed ones; the new object holds exactly the typed values, so it is never
saved and a day's first weight never reaches the database (later edits of an existing row do).
The text stays in the field while the page lives; when the page is built again (switching
modes, leaving the app, the pager dropping it) the field is empty. 21.3 saves in every case.
The oracle compares what the user last typed in a day's fields (kept by the model beside the
app's storage, as ``entered``) with the stored ``weights`` row of that day.

Stubbed: the history, info and settings screens (a title and Navigate up), the overflow's web
links (they open a browser: the model only closes the menu), backup, the exploding-star
animation and the rate dialog. Icons drawn by Iconify are dumped as their Font Awesome glyphs.
Fixed data: the device's date is Wednesday 17 August 2022 (the report's day); the pager offers
the 30 days up to it. Uncertain: the exact serving/tweak check-box behaviour beyond the count.
"""

from __future__ import annotations

import datetime
import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "org.nutritionfacts.dailydozen"
MAIN = ".activity.MainActivity"
WEIGHT_HISTORY = ".activity.WeightHistoryActivity"
SERVINGS_HISTORY = ".activity.ServingsHistoryActivity"
TWEAK_HISTORY = ".activity.TweakServingsHistoryActivity"
FOOD_INFO = ".activity.FoodInfoActivity"
TWEAK_INFO = ".activity.TweakInfoActivity"
REMINDER = ".activity.DailyReminderSettingsActivity"
ABOUT = ".activity.AboutActivity"

APP_NAME = "Daily Dozen"
TWEAKS_TITLE = "21 Tweaks"
NO_WEIGHTS = "You have not recorded any weights yet!"
NO_SERVINGS = "You have not recorded any servings yet!"
TODAY = datetime.date(2022, 8, 17)
DAYS = 30  # pages the model offers (the real pager counts every day since 1970)

# Font Awesome glyphs Iconify draws for the app's {fa-...} strings.
FA_EYE, FA_EYE_SLASH = "\uf06e", "\uf070"
FA_SUN, FA_MOON = "\uf185", "\uf186"
FA_CHART, FA_CALENDAR, FA_INFO, FA_STAR = "\uf080", "\uf073", "\uf05a", "\uf005"
FA_SQUARE, FA_CHECK_SQUARE = "\uf0c8", "\uf14a"

# (name, servings) from food_names / food_quantities; Vitamin B12 is the supplement.
FOODS = (
    ("Beans", 3),
    ("Berries", 1),
    ("Other Fruits", 3),
    ("Cruciferous Vegetables", 1),
    ("Greens", 2),
    ("Other Vegetables", 2),
    ("Flaxseeds", 1),
    ("Nuts and Seeds", 1),
    ("Herbs and Spices", 1),
    ("Whole Grains", 3),
    ("Beverages", 5),
    ("Exercise", 1),
    ("Vitamin B12", 1),
)
# (group header before it or "", name, amount) from tweak_names / tweak_amounts.
TWEAKS = (
    ("At Each Meal", "Preload with Water", 3),
    ("", "Preload with “Negative Calorie” Foods", 3),
    ("", "Incorporate Vinegar (2 tsp with each meal)", 3),
    ("", "Enjoy Undistracted Meals", 3),
    ("", "Follow the Twenty-Minute Rule", 3),
    ("Every Day\nTake your daily doses", "Black Cumin (¼ tsp)", 1),
    ("", "Garlic Powder (¼ tsp)", 1),
    ("", "Ground Ginger (1 tsp) or Cayenne Pepper (½ tsp)", 1),
    ("", "Nutritional Yeast (2 tsp)", 1),
    ("", "Cumin (½ tsp with lunch and dinner)", 2),
    ("", "Green Tea (3 cups)", 3),
    ("", "Stay Hydrated", 1),
    ("", "Deflour Your Diet", 1),
    ("", "Front-Load Your Calories", 1),
    ("", "Time-Restrict Your Eating", 1),
    ("", "Optimize Exercise Timing", 1),
    ("", "Weigh Yourself Twice a Day", 2),
    ("", "Complete Your Implementation Intentions", 3),
    ("Every Night", "Fast After 7:00 pm", 1),
    ("", "Get Sufficient Sleep", 1),
    ("", "Experiment with Mild Trendelenburg", 1),
)
OVERFLOW = (
    "Latest Videos",
    "How Not to Die",
    "Cookbook",
    "How Not to Diet",
    "Daily Dozen Challenge",
    "Donate",
    "Subscribe",
    "Open Source",
    "Daily Reminder Settings",
    "Backup",
    "About",
)
OVERFLOW_IDS = (
    "menu_latest_videos",
    "menu_how_not_to_die",
    "menu_cookbook",
    "menu_how_not_to_diet",
    "menu_daily_dozen_challenge",
    "menu_donate",
    "menu_subscribe",
    "menu_open_source",
    "menu_daily_reminder_settings",
    "menu_backup",
    "menu_about",
)
# Float.parseFloat's decimal forms (numberDecimal input gives digits and a point).
JAVA_FLOAT = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?\s*")


def day_string(offset: int) -> str:
    """The date ``offset`` days before today (0: today), as the app's Day keys it."""
    return (TODAY - datetime.timedelta(days=offset)).isoformat()


def tab_title(offset: int) -> str:
    """Day.getTabTitleForDay: "WWW, MMM D"."""
    day = TODAY - datetime.timedelta(days=offset)
    return f"{day.strftime('%a')}, {day.strftime('%b')} {day.day}"


def parse_weight(text: str) -> float | None:
    """Float.parseFloat, or None where it throws NumberFormatException (caught by the app)."""
    if not JAVA_FLOAT.fullmatch(text):
        return None
    return float(text.strip().rstrip("fFdD"))


def weight_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of daily-dozen-android#208: a weight the user typed for a day (a value the
    app accepts, above 0) is not what the database holds for that day."""
    for day, (morning, evening) in data.get("entered", {}).items():
        if (morning > 0 or evening > 0) and data["weights"].get(day) != [morning, evening]:
            return True
    return False


BUG_208 = BugSpec(
    "daily-dozen-android#208",
    "non-crash",
    "The weight can no longer be saved since 08/16/2022.",
    weight_lost,
    human_steps=(
        click(PACKAGE, "menu_toggle_modes", TWEAKS_TITLE),
        input_text(PACKAGE, "morning_weight", "72.5", hint="Morning"),
        click(PACKAGE, "menu_toggle_modes", APP_NAME),
        click(PACKAGE, "menu_toggle_modes", TWEAKS_TITLE),
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "daily-dozen-android#208": [
        # Never types a weight: only opens the tweaks and the weight history.
        [
            click(PACKAGE, "menu_toggle_modes", TWEAKS_TITLE),
            click(PACKAGE, "weight_history"),
            click(PACKAGE, "menu_toggle_modes", APP_NAME),
        ],
        # Types 0, which the app does not try to save.
        [
            click(PACKAGE, "menu_toggle_modes", TWEAKS_TITLE),
            input_text(PACKAGE, "morning_weight", "0", hint="Morning"),
        ],
        # Hides the weights with the eye instead of typing one.
        [
            click(PACKAGE, "menu_toggle_modes", TWEAKS_TITLE),
            click(PACKAGE, "eye"),
            click(PACKAGE, "menu_toggle_modes", APP_NAME),
        ],
        # Only a lone decimal point: parseFloat fails and nothing is saved or expected.
        [
            click(PACKAGE, "menu_toggle_modes", TWEAKS_TITLE),
            input_text(PACKAGE, "evening_weight", ".", hint="Evening"),
        ],
    ],
}


class DailyDozen212(VirtualApp):
    """Daily Dozen 21.2 (see the module docstring)."""

    name: ClassVar[str] = "daily-dozen-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "21.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_208,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "days": [],  # Day rows (date strings)
            "weights": {},  # date -> [morning, evening]: the weights table
            "servings": {},  # date -> {food: count}
            "tweak_servings": {},  # date -> {tweak: count}
            "weight_visible": True,  # Prefs PREF_SHOW_WEIGHT
            "entered": {},  # the model's record of what was typed last, per day
        }

    # -- state -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("page", 0)  # days before today
            ctx.ui.setdefault("tweaks", False)
            ctx.ui.setdefault("menu", False)
            ctx.ui.setdefault("fields", {})  # date -> [morning text, evening text]

    def on_activity_restart(self, ctx: AppContext) -> None:
        # FragmentStatePagerAdapter pages keep their views across onStop/onStart.
        return None

    def _fields(self, ctx: AppContext, day: str) -> list[str]:
        """The weight fields' texts of ``day``'s page: what the user typed while the page
        lived, else what setDay loaded from the database."""
        fields: dict[str, list[str]] = ctx.ui["fields"]
        if day not in fields:
            stored = ctx.data["weights"].get(day)
            fields[day] = [
                _weight_text(stored[0]) if stored else "",
                _weight_text(stored[1]) if stored else "",
            ]
        return fields[day]

    def _rebuild_pages(self, ctx: AppContext) -> None:
        """initDatePager: a new adapter, every page built again from the database."""
        ctx.ui["fields"] = {}

    def _set_page(self, ctx: AppContext, page: int) -> None:
        page = max(0, min(DAYS - 1, page))
        # The pager keeps one page on each side; farther pages are destroyed.
        ctx.ui["fields"] = {
            day: texts
            for day, texts in ctx.ui["fields"].items()
            if abs((TODAY - datetime.date.fromisoformat(day)).days - page) <= 1
        }
        ctx.ui["page"] = page

    def _weight_changed(self, ctx: AppContext, which: int, text: str) -> None:
        """DateWeights' TextWatcher.onTextChanged."""
        day = day_string(ctx.ui["page"])
        texts = self._fields(ctx, day)
        texts[which] = text
        morning = parse_weight(texts[0]) if texts[0] else 0.0
        evening = parse_weight(texts[1]) if texts[1] else 0.0
        if morning is None or evening is None:
            return  # NumberFormatException, logged by Timber
        if morning > 0 or evening > 0:
            if day not in ctx.data["days"]:
                ctx.data["days"].append(day)  # Day.createDayIfDoesNotExist
            ctx.data["entered"][day] = [morning, evening]
            self.create_weights_if_does_not_exist(ctx, day, morning, evening)

    def create_weights_if_does_not_exist(
        self, ctx: AppContext, day: str, morning: float, evening: float
    ) -> bool:
        """Weights.createWeightsIfDoesNotExist as 21.2 has it (the bug)."""
        stored = ctx.data["weights"].get(day)
        weights = list(stored) if stored is not None else [morning, evening]  # new Weights(...)
        if weights[0] != morning or weights[1] != evening:
            ctx.data["weights"][day] = [morning, evening]  # weights.save()
            return True
        return False

    # -- handlers ----------------------------------------------------------------------------
    def _toggle_modes(self, ctx: AppContext) -> None:
        ctx.ui["tweaks"] = not ctx.ui["tweaks"]
        self._rebuild_pages(ctx)

    def _overflow_item(self, ctx: AppContext, index: int) -> None:
        ctx.ui["menu"] = False
        title = OVERFLOW[index]
        if title == "Daily Reminder Settings":
            ctx.start_activity(REMINDER)
        elif title == "About":
            ctx.start_activity(ABOUT)
        elif title == "Backup" and not ctx.data["servings"]:
            ctx.toast(NO_SERVINGS)
        # The web links open a browser (stubbed: nothing else happens in the app).

    def _weight_history(self, ctx: AppContext) -> None:
        if ctx.data["weights"]:
            ctx.start_activity(WEIGHT_HISTORY)
        else:
            ctx.toast(NO_WEIGHTS)

    def _sub_header(self, ctx: AppContext) -> None:
        """DateHeader's sub-header: the servings (or tweaks) history."""
        key = "tweak_servings" if ctx.ui["tweaks"] else "servings"
        if any(v for counts in ctx.data[key].values() for v in counts.values()):
            ctx.start_activity(TWEAK_HISTORY if ctx.ui["tweaks"] else SERVINGS_HISTORY)
        else:
            ctx.toast(NO_SERVINGS)

    def _check(self, ctx: AppContext, key: str, item: str, box: int, maximum: int) -> None:
        """A serving check box: checking adds a serving, unchecking removes one."""
        day = day_string(ctx.ui["page"])
        counts = ctx.data[key].setdefault(day, {})
        count = counts.get(item, 0)
        counts[item] = max(0, count - 1) if box < count else min(maximum, count + 1)
        if day not in ctx.data["days"]:
            ctx.data["days"].append(day)

    def on_back(self, ctx: AppContext) -> bool:
        return ctx.activity == MAIN and w.dismiss(ctx.ui, "menu")

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN:
            return False
        if direction == "right" and ctx.ui["page"] < DAYS - 1:
            self._set_page(ctx, ctx.ui["page"] + 1)
            return True
        if direction == "left" and ctx.ui["page"] > 0:
            self._set_page(ctx, ctx.ui["page"] - 1)
            return True
        return False

    # -- screens -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        stubs = {
            WEIGHT_HISTORY: "Weight History",
            SERVINGS_HISTORY: "Daily Servings History",
            TWEAK_HISTORY: "Daily Tweaks History",
            REMINDER: "Daily Reminder Settings",
            ABOUT: "About this app",
            FOOD_INFO: "Food Info",
            TWEAK_INFO: "About Tweak",
        }
        if ctx.activity in stubs:
            return Screen(content=w.child_page(stubs[ctx.activity]))
        return self._main(ctx)

    def _main(self, ctx: AppContext) -> Screen:
        tweaks = ctx.ui["tweaks"]
        title = TWEAKS_TITLE if tweaks else APP_NAME
        action_bar = w.toolbar(
            title,
            rid="action_bar",
            actions=[
                w.action_item(
                    "menu_toggle_modes",
                    APP_NAME if tweaks else TWEAKS_TITLE,
                    self._toggle_modes,
                    text=APP_NAME if tweaks else TWEAKS_TITLE,
                    width=300,
                ),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        page = ctx.ui["page"]
        strip_children = []
        if page < DAYS - 1:
            strip_children.append(
                w.text_view(
                    tab_title(page + 1), on_click=lambda c: self._set_page(c, c.ui["page"] + 1)
                )
            )
        strip_children.append(w.text_view(tab_title(page)))
        if page > 0:
            strip_children.append(
                w.text_view(
                    tab_title(page - 1), on_click=lambda c: self._set_page(c, c.ui["page"] - 1)
                )
            )
        strip = View(
            cls="androidx.viewpager.widget.PagerTabStrip",
            resource_id="date_pager_indicator",
            layout=HORIZONTAL,
            height=100,
            children=strip_children,
        )
        body = self._tweaks_page(ctx) if tweaks else self._daily_dozen_page(ctx)
        pager = View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="date_pager",
            children=[strip, body],
        )
        windows: list[Window] = []
        if ctx.ui["menu"]:
            windows.append(
                w.menu_window(
                    [
                        (t, w.bind(self._overflow_item, i), OVERFLOW_IDS[i])
                        for i, t in enumerate(OVERFLOW)
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        return Screen(content=w.linear_layout([action_bar, pager]), windows=windows)

    def _header(self, ctx: AppContext, title: str, count: int, maximum: int) -> View:
        sub_header = w.linear_layout(
            [
                w.text_view(str(count), "num_servings"),
                w.text_view("out of"),
                w.text_view(str(maximum), "max"),
                w.text_view(FA_CHART),
            ],
            rid="sub_header",
            horizontal=True,
            on_click=self._sub_header,
        )
        children = [w.text_view(title, "header")]
        if not ctx.ui["tweaks"] and count == maximum:
            children.append(w.text_view(FA_STAR, "star"))
        children.append(sub_header)
        return w.linear_layout(children, horizontal=True, height=130, weight=0)

    def _rows(
        self, ctx: AppContext, key: str, items: list[tuple[str, str, int]], prefix: str
    ) -> list[View]:
        day = day_string(ctx.ui["page"])
        counts = ctx.data[key].get(day, {})
        rows: list[View] = []
        for group, name, amount in items:
            for header in group.split("\n") if group else []:
                rows.append(
                    w.linear_layout(
                        [w.text_view(header, "tweak_group_title")], horizontal=True, height=110
                    )
                )
            count = counts.get(name, 0)
            info = TWEAK_INFO if prefix == "tweak" else FOOD_INFO
            boxes = [
                w.check_box("", "", i < count, w.bind(self._check, key, name, i, amount), width=110)
                for i in range(amount)
            ]
            rows.append(
                w.linear_layout(
                    [
                        w.image_view(f"{prefix}_icon", width=120),
                        w.linear_layout(
                            [
                                w.text_view(
                                    f"{name} {FA_INFO}",
                                    f"{prefix}_name",
                                    on_click=w.bind(_open, info),
                                ),
                                w.linear_layout(
                                    [
                                        w.text_view(
                                            FA_CALENDAR,
                                            f"{prefix}_history",
                                            width=90,
                                            on_click=self._sub_header,
                                        ),
                                        w.linear_layout(
                                            boxes, rid=f"{prefix}_checkboxes", horizontal=True
                                        ),
                                    ],
                                    horizontal=True,
                                ),
                            ]
                        ),
                    ],
                    horizontal=True,
                    height=230,
                )
            )
        return rows

    def _back_to_today(self, ctx: AppContext) -> list[View]:
        if ctx.ui["page"] == 0:
            return []
        return [
            w.text_view(
                "Back to today",
                "back_to_today",
                height=100,
                weight=0,
                on_click=lambda c: self._set_page(c, 0),
            )
        ]

    def _daily_dozen_page(self, ctx: AppContext) -> View:
        day = day_string(ctx.ui["page"])
        counts = ctx.data["servings"].get(day, {})
        total = sum(v for k, v in counts.items() if k != "Vitamin B12")
        items = [("", name, amount) for name, amount in FOODS]
        rows = self._rows(ctx, "servings", items[:-1], "food")
        rows.append(w.text_view("", height=40))  # SupplementDivider
        rows += self._rows(ctx, "servings", items[-1:], "food")
        return w.frame_layout(
            [
                w.linear_layout(
                    [
                        self._header(ctx, "Servings", total, 24),
                        w.scroll_view(
                            [w.linear_layout(rows, rid="date_food_servings", weight=0)],
                            scrollable=True,
                            scroll_key="food_scroll",
                        ),
                        *self._back_to_today(ctx),
                    ]
                )
            ]
        )

    def _weights_row(self, ctx: AppContext) -> View:
        day = day_string(ctx.ui["page"])
        morning, evening = self._fields(ctx, day)
        visible = ctx.data["weight_visible"]

        def field(rid: str, text: str, hint: str, which: int) -> View:
            if visible:
                return w.edit_text(
                    rid,
                    text,
                    lambda c, t: self._weight_changed(c, which, t),
                    hint=hint,
                    width=260,
                )
            glyph = FA_CHECK_SQUARE if text else FA_SQUARE
            return w.text_view(glyph, f"{rid}_hidden_icon", width=100)

        def slot(icon: str, rid: str, text: str, hint: str, which: int) -> list[View]:
            """The time-of-day icon, then the weight field in its container."""
            return [
                w.text_view(icon, f"{rid}_icon", width=80),
                w.linear_layout(
                    [field(rid, text, hint, which)],
                    rid=f"{rid}_container",
                    horizontal=True,
                    width=280,
                ),
            ]

        return w.linear_layout(
            [
                w.text_view("Weight", "header", width=200),
                w.text_view(
                    FA_EYE if visible else FA_EYE_SLASH,
                    "eye",
                    width=100,
                    on_click=lambda c: c.data.update(weight_visible=not c.data["weight_visible"]),
                ),
                View(cls="android.view.View"),
                *slot(FA_SUN, "morning_weight", morning, "Morning", 0),
                *slot(FA_MOON, "evening_weight", evening, "Evening", 1),
                w.text_view(FA_CHART, "weight_history", width=100, on_click=self._weight_history),
            ],
            rid="date_weights",
            horizontal=True,
            height=150,
            weight=0,
        )

    def _tweaks_page(self, ctx: AppContext) -> View:
        day = day_string(ctx.ui["page"])
        counts = ctx.data["tweak_servings"].get(day, {})
        rows = self._rows(ctx, "tweak_servings", list(TWEAKS), "tweak")
        return w.linear_layout(
            [
                self._header(ctx, "Tweaks", sum(counts.values()), 37),
                self._weights_row(ctx),
                w.scroll_view(
                    [w.linear_layout(rows, rid="date_tweaks", weight=0)],
                    scrollable=True,
                    scroll_key="tweak_scroll",
                ),
                *self._back_to_today(ctx),
            ]
        )


def _open(ctx: AppContext, activity: str) -> None:
    ctx.start_activity(activity)


def _weight_text(value: float) -> str:
    """String.valueOf(float): "72.5", "70.0"."""
    return repr(float(value))


class DailyDozen213(DailyDozen212):
    """Daily Dozen 21.3: the weights are saved on every change (commit ``979e897``)."""

    version: ClassVar[str] = "21.3"
    bugs: ClassVar[tuple[BugSpec, ...]] = ()

    def create_weights_if_does_not_exist(
        self, ctx: AppContext, day: str, morning: float, evening: float
    ) -> bool:
        ctx.data["weights"][day] = [morning, evening]
        return True
