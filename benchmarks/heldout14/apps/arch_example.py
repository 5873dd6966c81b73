"""ArchExample 1.0 (``com.remind101.archexample``), remind101's android-arch-sample: a list of
counters, each with a minus and a plus button, with bug android-arch-sample#1 (non-crash).

Sources read: github.com/remind101/android-arch-sample at commit
19963dda9b496dafabd5e73ddc19ee503b9b2423 (1 Feb 2016, the last commit, before the report of
4 Mar 2016): ``MainActivity``, ``CounterDatabase``, ``presenters/MainPresenter``,
``presenters/CounterPresenter``, ``presenters/BasePresenter``, ``MvpRecyclerListAdapter``,
``PresenterManager``, ``views/CounterViewHolder``, ``res/layout/activity_list.xml``,
``res/layout/counter_row.xml``, ``res/menu/main_menu.xml``, ``res/values/strings.xml``
(versionName 1.0 in ``app/build.gradle``). The repository has no fix commit.

The app: one ``MainActivity`` (theme ``Theme.AppCompat.Light.DarkActionBar``, title
"ArchExample") whose action bar shows the "Add Counter" action (an icon, ``add_counter``). Its
content is the ViewAnimator ``animator`` showing one of: the RecyclerView of counters,
"Loading..." or "You don't have counters yet :(". A row (``counter_row``) holds the ImageView
``minus_button``, the name ``counter_name``, the value ``counter_value`` and the ImageView
``plus_button``; the value is kept between 0 and 99 and a button at its limit is made
unclickable. Tapping a row calls ``onCounterClicked``, whose listener is never set: nothing.
"Add Counter" appends a counter named "New Counter" with the value 0.

Storage: ``CounterDatabase`` is an in-memory singleton (a HashMap from id to counter), so
everything lives in the process (``ctx.memory``) and is gone when the process dies. The
``MainPresenter`` keeps its own list of counters; it is kept across a rotation (the
``PresenterManager`` cache) and a new one is made for a new activity, which loads the list from
the database (``getAllCounters``: the map's values, in key order for these small ids).

The bug (android-arch-sample#1): ``CounterDatabase.saveCounter`` gives the counter a new id
(``nextId++``) and puts it in the map under that id on every call, and ``CounterPresenter``
calls it after each plus or minus tap. The same counter object therefore ends up in the map
under one more key per tap. The running activity keeps showing its presenter's own list (one
row), also after Home and back or a rotation; but once Back has finished the activity, the next
launch in the same process makes a new presenter, which loads every map entry: the counter
shows up as one row per key (after three plus taps: four rows "New Counter" with the value 3).
A process restart empties the database. The model mirrors the rows on screen into
``data["shown"]`` (object indexes; the oracle reads it): the bug is a counter shown as more than
one row of the main list.

Stubbed or simplified: ``LoadDataTask`` sleeps 3 s before delivering the list; the virtual device
has no clock an app can wait on, so the list is delivered at once (the "Loading..." view is
rendered only while the presenter has no list, which the model never leaves it in). The
``PresenterManager`` cache's 30 s expiry is not modelled. Uncertain: the action bar's exact
dump class (AppCompat 23's Toolbar, written here as ``android.view.ViewGroup``). No network
content.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import HORIZONTAL, Screen, View

PACKAGE = "com.remind101.archexample"
MAIN = ".MainActivity"
MIN_VALUE = 0
MAX_VALUE = 99
ROW_HEIGHT = 105  # 24 dp icon + 2 x 8 dp padding


def _duplicated_rows(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of android-arch-sample#1: the main list is on screen and shows one counter
    as more than one row."""
    shown = data.get("shown", [])
    return (
        system.get("foreground") == "app"
        and system.get("activity") == MAIN
        and len(shown) != len(set(shown))
    )


_click = partial(click, PACKAGE)

ADD = _click("add_counter", desc="Add Counter")
PLUS = _click("plus_button")
MINUS = _click("minus_button")

BUG_1 = BugSpec(
    bug_id="android-arch-sample#1",
    kind="non-crash",
    title=(
        "The increase, and descrease counter button create new buttons automatically after "
        "button back is pressed."
    ),
    oracle=_duplicated_rows,
    human_steps=(
        ADD,
        PLUS,
        PLUS,
        PLUS,
        {"kind": "press_back"},
        {"kind": "leave_and_return"},
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "android-arch-sample#1": [
        # Home and back: the same activity and presenter, one row.
        [ADD, PLUS, PLUS, PLUS, {"kind": "leave_and_return"}],
        # A rotation keeps the presenter (PresenterManager): one row.
        [ADD, PLUS, PLUS, PLUS, {"kind": "rotate", "orientation": "landscape"}],
        # No plus or minus tap: the counter was saved once.
        [ADD, {"kind": "press_back"}, {"kind": "leave_and_return"}],
        # A new process: the in-memory database is empty.
        [ADD, PLUS, PLUS, PLUS, {"kind": "press_back"}, {"kind": "restart_app"}],
        # Minus at 0 is unclickable: nothing saved again.
        [ADD, MINUS, {"kind": "press_back"}, {"kind": "leave_and_return"}],
    ],
}


class ArchExample(VirtualApp):
    """ArchExample 1.0 (see the module docstring)."""

    name: ClassVar[str] = "android-arch-sample"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "ArchExample"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1,)

    def initial_data(self) -> dict[str, Any]:
        # Nothing is stored on disk; ``shown`` mirrors the rows on screen for the oracle.
        return {"shown": []}

    # -- the in-memory database (CounterDatabase) ---------------------------------------------
    @staticmethod
    def _db(ctx: AppContext) -> dict[str, Any]:
        if "db" not in ctx.memory:
            # objects: the Counter instances; keys: the HashMap, id -> object index.
            ctx.memory["db"] = {"next_id": 1, "objects": [], "keys": {}}
        db: dict[str, Any] = ctx.memory["db"]
        return db

    def _save_counter(self, ctx: AppContext, obj: int) -> None:
        # The bug: every save takes a new id and adds one more map entry for the same object.
        db = self._db(ctx)
        new_id = db["next_id"]
        db["next_id"] = new_id + 1
        db["objects"][obj]["id"] = new_id
        db["keys"][str(new_id)] = obj

    def _all_counters(self, ctx: AppContext) -> list[int]:
        keys = self._db(ctx)["keys"]
        return [keys[k] for k in sorted(keys, key=int)]

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if "model" not in ctx.ui:
            # A new MainPresenter: it loads every counter of the database.
            ctx.ui["model"] = self._all_counters(ctx)
        self._show(ctx)

    def on_activity_restart(self, ctx: AppContext) -> None:
        # onResume: bindView shows the presenter's own list again.
        self._show(ctx)

    def _show(self, ctx: AppContext) -> None:
        ctx.data["shown"] = list(ctx.ui.get("model") or [])

    # -- handlers -------------------------------------------------------------------------------
    def _add_counter(self, ctx: AppContext) -> None:
        db = self._db(ctx)
        db["objects"].append({"id": 0, "name": "New Counter", "value": 0})
        obj = len(db["objects"]) - 1
        ctx.ui["model"].append(obj)
        self._save_counter(ctx, obj)
        self._show(ctx)

    def _step(self, ctx: AppContext, obj: int, delta: int) -> None:
        counter = self._db(ctx)["objects"][obj]
        value = counter["value"] + delta
        if MIN_VALUE <= value <= MAX_VALUE:
            counter["value"] = value
            self._save_counter(ctx, obj)
        self._show(ctx)

    def _counter_clicked(self, ctx: AppContext) -> None:
        # goToDetailView: the view holder's listener is never set.
        return None

    # -- screens --------------------------------------------------------------------------------
    def _row(self, ctx: AppContext, obj: int) -> View:
        counter = self._db(ctx)["objects"][obj]
        value = counter["value"]
        minus_on = value > MIN_VALUE
        plus_on = value < MAX_VALUE
        return w.relative_layout(
            [
                w.image_view(
                    "minus_button",
                    handler=w.bind(self._step, obj, -1) if minus_on else None,
                    clickable=minus_on,
                    width=168,
                    height=ROW_HEIGHT,
                ),
                w.text_view(counter["name"], "counter_name", height=ROW_HEIGHT),
                w.text_view(str(value), "counter_value", width=60, height=ROW_HEIGHT),
                w.image_view(
                    "plus_button",
                    handler=w.bind(self._step, obj, 1) if plus_on else None,
                    clickable=plus_on,
                    width=168,
                    height=ROW_HEIGHT,
                ),
            ],
            layout=HORIZONTAL,
            height=ROW_HEIGHT,
            on_click=self._counter_clicked,
        )

    def render(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "ArchExample",
            actions=[w.action_item("add_counter", "Add Counter", self._add_counter)],
            rid="action_bar",
        )
        model = ctx.ui.get("model")
        if model is None:
            shown = w.text_view("Loading...")
        elif not model:
            shown = w.text_view("You don't have counters yet :(")
        else:
            shown = View(
                cls="android.support.v7.widget.RecyclerView",
                scrollable=True,
                children=[self._row(ctx, obj) for obj in model],
            )
        animator = View(cls="android.widget.ViewAnimator", resource_id="animator", children=[shown])
        return Screen(content=w.linear_layout([bar, animator]))
