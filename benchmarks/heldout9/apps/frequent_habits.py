"""Frequent Habits 1.6 (``com.frequent.habits``), with bug Frequent-Habits#1 (crash).

App: FrequeNCy144/Frequent-Habits, a Jetpack Compose habit tracker. Version 1.6 (versionCode
15); sources read at commit c7fbbf9ecac3996f8cdb03c2c77fe99936858e5e (2026-07-28, the last
commit before the 2.0.0 release that the maintainer says carries the fix; the fix is in
ec99b477ef9795641cd1f20f600209088898f218). Everything is in ``com.example.MainActivity`` (one
activity, a Compose ``NavHost`` with the routes TODAY, STATS, PROFILE, CREATE, OVERALL_STATS,
MORE, DETAIL/{id}); the Compose tree has no test-tags-as-resource-ids, so the dump has no
resource ids: Texts are ``TextView`` nodes, ``Button``s ``Button`` nodes, clickable boxes
``android.view.View`` nodes whose content-desc is their icon's description, text fields
``EditText`` nodes. The language is English (the ``language`` preference defaults to "en").

Screens modelled:
- TODAY (start destination): the selected date "14. May (Today)" (the device's clock reads
  Tuesday 14 May 2024), the daily-note box and the "Add Habit" box, the week strip (MO-SU with
  "Previous Week"/"Next Week"), the "Daily Progress" bar with an encouragement line, then either
  the empty state ("No habits yet.", "Create your first habit now to start tracking!", button
  "Create First Habit") or one row per habit (name, "Tap to check off"/"Done", the check box);
- the bottom navigation bar (Today, Stats, Profile), shown on the three tab routes;
- CREATE ("New Habit"): back arrow, "Habit Name" field (empty name: "Please enter a name"),
  Goal (Build / Quit), Measurement Type (Yes / No / Numeric), Frequency (Daily / X times/Wk /
  Days), Reminder switch, buttons "Cancel" and "Create" (toast "Habit added!", back to TODAY);
  the icon and colour pickers and the start-date picker are shown as their headers only;
- STATS ("Statistics"): the overall strength card ("0", "/100", "Pending - Let's go!",
  "Details"), "HABITS IN DETAIL" and, with no habits, "No habits configured yet.";
- PROFILE and MORE (settings) and the daily-note dialog: small stubs.

The bug (Frequent-Habits#1): in StatsScreen every habit's card (``HabitStatItem``) reads
``shortDayNames[i]`` and ``dayNumbers[i]`` for i in 0..6 from
``HabitsViewModel.statsDayNamesAndNumbers``, a ``stateIn(WhileSubscribed, Pair(emptyList(),
emptyList()))`` flow that only starts computing when the Stats screen first collects it. Its
initial value is the empty pair, so when the habit list is non-empty the first composition of a
card indexes an empty list: ``java.lang.IndexOutOfBoundsException: Empty list doesn't contain
element at index 0.`` and the app closes. 2.0.0 computes the initial value eagerly and uses
``getOrElse``. The model: tapping the Stats tab while at least one habit exists crashes (the
process starts afresh after the crash, so it crashes every time); with no habits the screen shows
"No habits configured yet." and does not crash.

Uncertain: the report says the Profile tab crashes too; nothing in ProfileScreen at this commit
indexes a list, so the model's Profile tab does not crash. Whether the real crash needs habits is
inferred from the code (the cards are only composed for habits) and the fix; the reporter
describes a fresh install. The statistics flows' timing is modelled as always losing the race.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import crash_oracle, target
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.frequent.habits"
MAIN = "com.example.MainActivity"
TABS = (("TODAY", "Today"), ("STATS", "Stats"), ("PROFILE", "Profile"))
WEEK = (("MO", "13"), ("TU", "14"), ("WE", "15"), ("TH", "16"), ("FR", "17"), ("SA", "18"))
WEEK_END = (("SU", "19"),)
TODAY_INDEX = 1  # Tuesday 14 May 2024, the device's date
# getEncouragementText's English lists, indexed by (completed + total + epochDay) % 8 with the
# epoch day of 2024-05-14 (19857).
START_LINES = (
    "Today is a wonderful day to start a new habit! \U0001f31f",
    "Every day is a new chance to grow beyond yourself.",
    "Start today and thank yourself tomorrow.",
    "The best time to start is right now.",
    "Small steps lead to big changes. Create your first habit!",
    "Don't dream your life, design your routines.",
    "A new chapter starts with a single decision.",
    "Your future is shaped by your habits today.",
)
ZERO_LINES = (
    "Start small - today is the perfect day for the first step! \U0001f680",
    "The first step is always the hardest. You can do this!",
    "A small step today is the beginning of a great journey.",
    "Don't hesitate - just check off that first tiny step for today.",
    "Motivation is what gets you started. Habit is what keeps you going.",
    "The secret of getting ahead is getting started.",
    "The journey of a thousand miles begins with a single step.",
    "You don't have to be perfect, you just have to start.",
)
EPOCH_DAY = 19857

CRASH_FRAMES = [
    "kotlin.collections.EmptyList.get(Collections.kt:37)",
    "kotlin.collections.EmptyList.get(Collections.kt:23)",
    "com.example.MainActivityKt.HabitStatItem(MainActivity.kt:3101)",
    "com.example.MainActivityKt$StatsScreen$1$1$6$2.invoke(MainActivity.kt:2975)",
    "com.example.MainActivityKt$StatsScreen$1$1$6$2.invoke(MainActivity.kt:2974)",
    "androidx.compose.foundation.lazy.LazyListItemProviderImpl$Item$1.invoke(LazyListItemProvider.kt:80)",
    "androidx.compose.runtime.internal.ComposableLambdaImpl.invoke(ComposableLambda.jvm.kt:130)",
    "androidx.compose.foundation.lazy.layout.LazyLayoutItemContentFactoryKt.SkippableItem(LazyLayoutItemContentFactory.kt:135)",
    "androidx.compose.runtime.ComposerImpl.composeContent$runtime_release(Composer.kt:3395)",
    "androidx.compose.runtime.Recomposer.composeInitial$runtime_release(Recomposer.kt:1150)",
    "androidx.compose.ui.platform.AndroidComposeView.dispatchDraw(AndroidComposeView.android.kt:1556)",
    "android.view.Choreographer.doFrame(Choreographer.java:1051)",
    "android.os.Handler.dispatchMessage(Handler.java:102)",
    "android.os.Looper.loop(Looper.java:288)",
    "android.app.ActivityThread.main(ActivityThread.java:7918)",
]


def _text(text: str, **kw: Any) -> View:
    """A Compose ``Text``."""
    return View(cls="android.widget.TextView", text=text, **kw)


def _box(desc: str, handler: Any, **kw: Any) -> View:
    """A clickable Compose ``Box`` whose content is an icon described by ``desc``."""
    return View(cls="android.view.View", content_desc=desc, on_click=handler, **kw)


def _button(text: str, handler: Any, **kw: Any) -> View:
    """A Compose ``Button`` (its Text merged into it)."""
    return View(cls="android.widget.Button", text=text, on_click=handler, **kw)


def _t(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return target(PACKAGE, "", text, desc, cls)


def _click(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return {"kind": "click", "target": _t(text, desc, cls)}


def _type(typed: str) -> dict[str, Any]:
    return {
        "kind": "input_text",
        "target": _t("Habit Name", cls="android.widget.EditText"),
        "text": typed,
    }


HIDE_KEYBOARD = {"kind": "press_back"}
ADD = _click(desc="Add Habit", cls="android.view.View")
CREATE = _click("Create", cls="android.widget.Button")
STATS = _click("Stats", cls="android.view.View")

BUG_1 = BugSpec(
    bug_id="Frequent-Habits#1",
    kind="crash",
    title="Crash in special tab",
    oracle=crash_oracle(PACKAGE, "java.lang.IndexOutOfBoundsException", "Empty list"),
    human_steps=(ADD, _type("Read"), HIDE_KEYBOARD, CREATE, STATS),
)

WRONG_SEQUENCES = {
    "Frequent-Habits#1": [
        # Stats on a fresh install: no habit, no card, no crash.
        [STATS],
        # The habit is never created (Cancel), then Stats.
        [ADD, _type("Read"), HIDE_KEYBOARD, _click("Cancel", cls="android.widget.Button"), STATS],
        # Create with an empty name only shows "Please enter a name"; back, then Stats.
        [ADD, CREATE, _click(desc="Back", cls="android.view.View"), STATS],
        # A habit exists but the Profile tab is opened instead.
        [ADD, _type("Read"), HIDE_KEYBOARD, CREATE, _click("Profile", cls="android.view.View")],
    ]
}


class FrequentHabits(VirtualApp):
    """Frequent Habits 1.6 (see the module docstring)."""

    name: ClassVar[str] = "Frequent-Habits"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Frequent Habits"
    version: ClassVar[str] = "1.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1,)

    def initial_data(self) -> dict[str, Any]:
        return {"habits": [], "next_id": 1, "done": [], "notes": {}}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if "routes" not in ui:
            ui["routes"] = ["TODAY"]
            ui["tab"] = "TODAY"
            ui["form"] = None
            ui["note"] = None
            ui["day"] = TODAY_INDEX

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["routes"][-1] == "CREATE":
            self._close_create(ctx)
            return True
        if w.pop_back_stack(ui["routes"]):
            if ui["routes"][-1] in dict(TABS):
                ui["tab"] = ui["routes"][-1]
            return True
        return False

    # -- navigation --------------------------------------------------------------------------
    def _select_tab(self, ctx: AppContext, tab: str) -> None:
        ui = ctx.ui
        if ui["tab"] == tab:
            return
        if tab == "STATS" and ctx.data["habits"]:
            # HabitStatItem indexes statsDayNamesAndNumbers' initial (empty) lists.
            raise JavaException(
                "java.lang.IndexOutOfBoundsException",
                "Empty list doesn't contain element at index 0.",
                CRASH_FRAMES,
            )
        ui["tab"] = tab
        # navigate(tab) { popUpTo(start) }: the tab sits above TODAY.
        ui["routes"] = ["TODAY"] if tab == "TODAY" else ["TODAY", tab]

    def _open_create(self, ctx: AppContext) -> None:
        ctx.ui["form"] = {
            "name": "",
            "error": False,
            "negative": False,
            "type": "BINARY",
            "frequency": "DAILY",
            "reminder": False,
        }
        ctx.ui["routes"] = [*ctx.ui["routes"], "CREATE"]

    def _close_create(self, ctx: AppContext) -> None:
        ctx.ui["form"] = None
        ctx.ui["routes"] = ["TODAY"]
        ctx.ui["tab"] = "TODAY"

    def _set_form(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui["form"] = {**ctx.ui["form"], **values}

    def _type_name(self, ctx: AppContext, text: str) -> None:
        self._set_form(ctx, name=text, error=ctx.ui["form"]["error"] and not text.strip())

    def _save(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        if not form["name"].strip():
            self._set_form(ctx, error=True)
            return
        data = ctx.data
        data["habits"].append(
            {
                "id": data["next_id"],
                "name": form["name"],
                "negative": form["negative"],
                "type": form["type"],
                "frequency": form["frequency"],
                "reminder": form["reminder"],
            }
        )
        data["next_id"] += 1
        ctx.toast("Habit added!")
        self._close_create(ctx)

    def _check(self, ctx: AppContext, habit_id: int) -> None:
        w.toggle(ctx.data["done"], habit_id)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui["routes"][-1]
        if route == "CREATE":
            return self._render_create(ctx)
        if route == "MORE":
            body = self._render_settings(ctx)
        else:
            page = {"STATS": self._render_stats, "PROFILE": self._render_profile}.get(
                route, self._render_today
            )
            body = [*page(ctx), self._nav_bar(ctx)]
        windows = [self._note_dialog(ctx)] if ctx.ui["note"] is not None else []
        return Screen(content=View(cls="android.view.View", children=body), windows=windows)

    def _nav_bar(self, ctx: AppContext) -> View:
        tab = ctx.ui["tab"]
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=210,
            children=[
                View(
                    cls="android.view.View",
                    text=label,
                    content_desc=label,
                    selected=tab == route,
                    on_click=w.bind(self._select_tab, route),
                )
                for route, label in TABS
            ],
        )

    def _render_today(self, ctx: AppContext) -> list[View]:
        habits = ctx.data["habits"]
        done = [h for h in habits if h["id"] in ctx.data["done"]]
        day = ctx.ui["day"]
        header = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=170,
            children=[
                _text("14. May (Today)" if day == TODAY_INDEX else f"{13 + day}. May"),
                View(
                    cls="android.view.View",
                    on_click=lambda c: c.ui.update(note=c.data["notes"].get("2024-05-14", "")),
                    width=150,
                ),
                _box("Add Habit", self._open_create, width=150),
            ],
        )
        strip = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=230,
            children=[
                _box("Previous Week", None, width=100),
                *[
                    View(
                        cls="android.view.View",
                        selected=i == day,
                        on_click=w.bind(lambda c, k: c.ui.update(day=k), i) if i <= 1 else None,
                        enabled=i <= TODAY_INDEX,
                        children=[_text(name, height=100), _text(num, height=100)],
                    )
                    for i, (name, num) in enumerate(WEEK + WEEK_END)
                ],
                _box("Next Week", None, width=100, enabled=False),
            ],
        )
        total, completed = len(habits), len(done)
        if total == 0:
            line = START_LINES[EPOCH_DAY % 8]
        elif completed == 0:
            line = ZERO_LINES[(total + EPOCH_DAY) % 8]
        else:
            line = "Step by step forward!"
        pct = completed * 100 // total if total else 0
        progress = View(
            cls="android.view.View",
            height=260,
            children=[
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=120,
                    children=[_text("Daily Progress"), _text(f"{pct}% ({completed}/{total})")],
                ),
                _text(line if day == TODAY_INDEX else " ", height=120),
            ],
        )
        if not habits:
            items = [
                View(cls="android.widget.ImageView", content_desc="No habits", height=150),
                _text("No habits yet.", height=100),
                _text("Create your first habit now to start tracking!", height=110),
                _button("Create First Habit", self._open_create, height=140),
            ]
        else:
            items = [self._habit_row(ctx, h) for h in habits]
        return [
            header,
            strip,
            progress,
            View(cls="android.view.View", scrollable=len(items) > 5, children=items),
        ]

    def _habit_row(self, ctx: AppContext, habit: dict[str, Any]) -> View:
        is_done = habit["id"] in ctx.data["done"]
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=200,
            on_click=w.bind(self._check, habit["id"]),
            on_long_click=lambda c: None,
            children=[
                View(
                    cls="android.view.View",
                    children=[
                        _text(habit["name"], height=100),
                        _text("Done" if is_done else "Tap to check off", height=100),
                    ],
                ),
                View(
                    cls="android.view.View",
                    content_desc="Completed" if is_done else "",
                    on_click=w.bind(self._check, habit["id"]),
                    width=160,
                ),
            ],
        )

    def _render_stats(self, ctx: AppContext) -> list[View]:
        card = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=240,
            on_click=lambda c: None,
            children=[
                View(
                    cls="android.view.View",
                    width=200,
                    children=[_text("0", height=100), _text("/100", height=80)],
                ),
                _text("Pending - Let's go!"),
                View(cls="android.view.View", content_desc="Details", width=100),
            ],
        )
        return [
            _text("Statistics", height=170),
            card,
            _text("HABITS IN DETAIL", height=120),
            _text("No habits configured yet.", height=110),
            View(cls="android.view.View"),
        ]

    def _render_profile(self, ctx: AppContext) -> list[View]:
        def settings(c: AppContext) -> None:
            c.ui["routes"] = [*c.ui["routes"], "MORE"]

        return [
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=170,
                children=[_text("Profile"), _box("Settings", settings, width=150)],
            ),
            _text("Habits", height=110),
            _text(str(len(ctx.data["habits"])), height=110),
            View(cls="android.view.View"),
        ]

    def _render_settings(self, ctx: AppContext) -> list[View]:
        def back(c: AppContext) -> None:
            w.pop_back_stack(c.ui["routes"])

        return [
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=170,
                children=[_box("Back", back, width=150), _text("Settings")],
            ),
            View(cls="android.view.View"),
        ]

    def _note_dialog(self, ctx: AppContext) -> Window:
        def save(c: AppContext) -> None:
            c.data["notes"]["2024-05-14"] = c.ui["note"]
            c.ui["note"] = None

        def close(c: AppContext) -> None:
            c.ui["note"] = None

        return Window(
            root=View(
                cls="android.view.View",
                weight=0,
                children=[
                    _text("Daily Note", height=120),
                    View(
                        cls="android.widget.EditText",
                        text=ctx.ui["note"],
                        hint="Thoughts, achievements, or notes for this day...",
                        on_text=lambda c, t: c.ui.update(note=t),
                        height=300,
                    ),
                    View(
                        cls="android.view.View",
                        layout=HORIZONTAL,
                        height=140,
                        children=[_button("Cancel", close), _button("Save", save)],
                    ),
                ],
            ),
            on_dismiss=close,
        )

    def _choice(self, label: str, selected: bool, handler: Any) -> View:
        return View(
            cls="android.widget.Button",
            text=label,
            selected=selected,
            on_click=handler,
        )

    def _render_create(self, ctx: AppContext) -> Screen:
        form = ctx.ui["form"]
        name_field = View(
            cls="android.widget.EditText",
            text=form["name"],
            hint="Habit Name",
            on_text=self._type_name,
            height=170,
        )
        rows: list[View] = [
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=150,
                children=[
                    _box("Back", lambda c: self._close_create(c), width=130),
                    _text("New Habit"),
                ],
            ),
            name_field,
        ]
        if form["error"]:
            rows.append(_text("Please enter a name", height=70))
        rows += [
            _text("Goal", height=80),
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=120,
                children=[
                    self._choice(
                        "Build",
                        not form["negative"],
                        lambda c: self._set_form(c, negative=False),
                    ),
                    self._choice(
                        "Quit", form["negative"], lambda c: self._set_form(c, negative=True)
                    ),
                ],
            ),
            _text("Customize Visuals", height=80),
            _text("Select Icon", height=70),
            _text("Select Color", height=70),
            _text("Measurement Type", height=80),
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=120,
                children=[
                    self._choice(
                        "Yes / No",
                        form["type"] == "BINARY",
                        lambda c: self._set_form(c, type="BINARY"),
                    ),
                    self._choice(
                        "Numeric",
                        form["type"] == "NUMBER",
                        lambda c: self._set_form(c, type="NUMBER"),
                    ),
                ],
            ),
            _text("Frequency", height=80),
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=120,
                children=[
                    self._choice(
                        label,
                        form["frequency"] == key,
                        w.bind(lambda c, k: self._set_form(c, frequency=k), key),
                    )
                    for key, label in (
                        ("DAILY", "Daily"),
                        ("TIMES_WEEKLY", "X times/Wk"),
                        ("SPECIFIC", "Days"),
                    )
                ],
            ),
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=120,
                children=[
                    View(cls="android.widget.ImageView", content_desc="Notification", width=90),
                    _text("Reminder"),
                    View(
                        cls="android.widget.Switch",
                        checkable=True,
                        checked=form["reminder"],
                        on_click=lambda c: self._set_form(c, reminder=not c.ui["form"]["reminder"]),
                        width=180,
                    ),
                ],
            ),
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=110,
                children=[
                    View(cls="android.widget.ImageView", content_desc="Calendar", width=90),
                    _text("14.05.2024"),
                    View(cls="android.widget.ImageView", content_desc="Open Date Picker", width=90),
                ],
            ),
            View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=150,
                children=[
                    _button("Cancel", lambda c: self._close_create(c)),
                    _button("Create", self._save),
                ],
            ),
        ]
        return Screen(content=View(cls="android.view.View", children=rows))
