"""OneTwo (``com.nicue.onetwo``, ndleyton/OneTwo) 1.1.6, for OneTwo#7.

A board-game helper: a Counter list (the first screen), Dice, a finger Chooser and Timers, picked
in a navigation drawer (swipe right or the toolbar's drawer toggle). The toolbar is the app's own
(``custom_toolbar_title`` and buttons that only the current tool shows: "Roll All" on Dice).

Sources read at commit cc00ffd (2018-05-07, ``versionName`` 1.1.6, versionCode 14), the last
release before the report (2018-05-15), and the fix efaadbf ("added a final roll that writes to
db", 1.1.7, 2018-05-23). Files read: ``MainActivity.java``, ``fragments/DiceFragment.java``,
``fragments/CounterFragment.java`` (its add dialog), ``adapters/DiceListAdapter.java``, the
layouts ``activity_main``, ``toolbar``, ``dice_layout``, ``dice_item``, ``dice_alert_dialog``,
``counter_layout``, ``activity_alert_dialog``, ``menu/drawer_view.xml`` and ``strings.xml``.

Bug OneTwo#7 (non-crash): the Dice screen keeps each die's number in ``mItems`` (the adapter's
``mData``, the same list), which starts at the die's face count when the die is added or the
screen is opened. The toolbar's "Roll All" (``DiceFragment.rollAllDices``) writes the new numbers
straight into the visible rows' ``tv_dice`` TextViews through ``ExteriorRollingRunnable`` and
never into ``mItems``. A die's own "Roll" button (``ViewHolder.onClick``) sets ``mData[pos]`` and
calls ``notifyDataSetChanged()``, which re-binds every row from ``mData``: every other die drops
its "Roll All" result and shows its stale number again (its face count, e.g. 100 for a d100). The
fix writes the final roll of "Roll All" into ``mItems`` and re-binds.

The oracle reads ``lost_rolls``: the dice whose "Roll All" result a single die's roll threw away.
Stubbed: the Chooser and Timer screens (titles only), counters' number pickers and delete
buttons (a counter row shows its name and number), the vibrations and the rolling animations (a
roll shows its final number at once). Random numbers come from a fixed linear congruential
sequence. Uncertain: which rows count as visible to "Roll All" (the real code rolls only
``findFirstVisibleItemPosition()..findLastVisibleItemPosition()``; the model takes the first eight
dice, four rows of the two-column grid); the support library's class names in the dump.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text, long_click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.nicue.onetwo"
MAIN = ".MainActivity"
RECYCLER = "android.support.v7.widget.RecyclerView"
GROUP = "android.view.ViewGroup"
TOOLS = ("Counter", "Dice", "Choose", "Timer")
VISIBLE_DICE = 8  # four rows of the two-column grid fit the screen


def open_dice() -> list[dict[str, Any]]:
    """The drawer toggle, then "Dice"."""
    return [click(PACKAGE, desc=w.OPEN_DRAWER), click(PACKAGE, text="Dice")]


def add_die(faces: str) -> list[dict[str, Any]]:
    """The Dice FAB, the face count typed, then "Add"."""
    return [
        click(PACKAGE, rid="fab_dice"),
        input_text(PACKAGE, "et_dice", faces),
        click(PACKAGE, rid="android:id/button1", text="Add"),
    ]


ROLL_ALL = click(PACKAGE, rid="roll_dices_button", text="Roll All")
ROLL_FIRST = click(PACKAGE, rid="throw_button", text="Roll")


def roll_all_results_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of OneTwo#7: rolling one die reset another die's "Roll All" result."""
    return bool(data["lost_rolls"])


class OneTwo(VirtualApp):
    """OneTwo 1.1.6: the drawer's Counter, Dice, Choose and Timer tools in one activity."""

    name: ClassVar[str] = "OneTwo"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "OneTwo"
    version: ClassVar[str] = "1.1.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "OneTwo#7",
            "non-crash",
            "Rolling one dice resets all other dice",
            roll_all_results_lost,
            human_steps=(
                *open_dice(),
                *add_die("100"),
                *add_die("100"),
                *add_die("100"),
                ROLL_ALL,
                ROLL_FIRST,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # "DICES" is the shared preference of face counts; counters stand for the SQLite table.
        return {"dices": [], "counters": [], "rng": 20180515, "lost_rolls": []}

    # -- state ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("tool", "Counter")
        ctx.ui.update(drawer=False, dialog=None, field="", number="")
        self._read_items(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The fragment survives re-creation; its onCreateView reads the dice again.
        return {"tool": ctx.ui["tool"]}

    def _read_items(self, ctx: AppContext) -> None:
        """``readItems``: every die shows its face count; nothing was rolled by "Roll All"."""
        ctx.ui["items"] = list(ctx.data["dices"])
        ctx.ui["shown"] = list(ctx.data["dices"])
        ctx.ui["rolled_all"] = []

    def _random(self, ctx: AppContext, bound: int) -> int:
        """``random.nextInt(bound) + 1`` from a fixed sequence."""
        ctx.data["rng"] = (ctx.data["rng"] * 1103515245 + 12345) % 2**31
        return int(ctx.data["rng"] // 7 % bound) + 1

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        """A swipe to the right opens the drawer, one to the left closes it."""
        opened = {"right": True, "left": False}.get(direction)
        if opened is None or ctx.ui["drawer"] == opened:
            return False
        ctx.ui["drawer"] = opened
        return True

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "dialog", None) or w.dismiss(ctx.ui, "drawer")

    def _select(self, ctx: AppContext, tool: str) -> None:
        """``selectDrawerItem``: a new fragment replaces the current one."""
        ctx.ui.update(tool=tool, drawer=False)
        self._read_items(ctx)

    def _open_dialog(self, ctx: AppContext, kind: str) -> None:
        ctx.ui.update(dialog=kind, field="", number="")

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.hide_keyboard()

    def _notify(self, ctx: AppContext, rolled: int | None = None) -> None:
        """``notifyDataSetChanged()``: every row shows ``mData`` again. A single die's roll
        (``rolled``) throws away the other dice's "Roll All" numbers: the bug."""
        ui = ctx.ui
        if rolled is not None:
            for index in ui["rolled_all"]:
                if index != rolled and index not in ctx.data["lost_rolls"]:
                    ctx.data["lost_rolls"].append(index)
        ui["shown"] = list(ui["items"])
        ui["rolled_all"] = []

    def _add_die(self, ctx: AppContext) -> None:
        """The dice dialog's "Add": an empty field means 6, less than 2 means 2."""
        faces = ctx.ui["field"] or "6"
        if int(faces) < 2:
            faces = "2"
        ctx.data["dices"].append(faces)
        ctx.ui["items"].append(faces)
        self._notify(ctx)
        self._close_dialog(ctx)

    def _delete_die(self, ctx: AppContext, index: int) -> None:
        """``onItemLongClick``: the die is removed."""
        del ctx.data["dices"][index]
        del ctx.ui["items"][index]
        self._notify(ctx)

    def _roll_one(self, ctx: AppContext, index: int) -> None:
        """A die's "Roll" (``ViewHolder.onClick``): ``mData`` gets the number, all rows
        re-bind."""
        ctx.ui["items"][index] = str(self._random(ctx, int(ctx.data["dices"][index])))
        self._notify(ctx, rolled=index)

    def _roll_all(self, ctx: AppContext) -> None:
        """``rollAllDices``: the visible rows' TextViews get new numbers; ``mItems`` does
        not."""
        if ctx.ui["tool"] != "Dice":
            return
        ui = ctx.ui
        for index in range(min(len(ui["items"]), VISIBLE_DICE)):
            ui["shown"][index] = str(self._random(ctx, int(ctx.data["dices"][index])))
            if index not in ui["rolled_all"]:
                ui["rolled_all"].append(index)

    def _add_counter(self, ctx: AppContext) -> None:
        """The counter dialog's "Add": the name and the number (0 when it is no number)."""
        number = ctx.ui["number"]
        value = int(number) if number.isdigit() else 0
        ctx.data["counters"].append([ctx.ui["field"].replace("'", '"'), value])
        self._close_dialog(ctx)

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        tool = ui["tool"]
        actions = []
        if tool == "Dice":
            actions.append(w.button("roll_dices_button", "Roll All", self._roll_all, width=300))
        title = w.text_view(tool, "custom_toolbar_title", height=w.TOOLBAR_HEIGHT)
        bar = w.toolbar(
            w.relative_layout([title, *actions], layout=HORIZONTAL),
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            cls=GROUP,
        )
        body = {
            "Counter": self._counters,
            "Dice": self._dice,
            "Choose": lambda c: w.text_view("Place a finger each to choose among you"),
            "Timer": lambda c: View(cls=RECYCLER, resource_id="recyclerview_timers"),
        }[tool](ctx)
        content = w.linear_layout([bar, w.frame_layout([body], rid="m_content")])
        drawer = None
        if ui["drawer"]:
            entries = [w.drawer_entry(t, w.bind(self._select, t), checked=t == tool) for t in TOOLS]
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="nvView",
                width=800,
                gravity="start",
                children=[w.image_view(height=400), *entries],
            )
        root = w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout")
        return Screen(content=root, windows=self._windows(ctx))

    def _counters(self, ctx: AppContext) -> View:
        rows = [
            w.linear_layout(
                [
                    w.text_view(str(number), "number_picker", width=200),
                    w.text_view(name, "tv_object_data"),
                    w.button("remove_button", "", None, width=147),
                ],
                horizontal=True,
                height=200,
            )
            for name, number in ctx.data["counters"]
        ]
        listing = View(cls=RECYCLER, resource_id="recyclerview_counters", children=rows)
        intro = w.text_view(
            "Press the button to add a counter or swipe right for more options",
            "tv_instruction_counter",
        )
        fab = w.fab("fab", "", w.bind(self._open_dialog, "counter"))
        return View(
            cls=GROUP,
            resource_id="main_content",
            layout=FRAME,
            children=[w.relative_layout([intro, listing]), fab],
        )

    def _die(self, ctx: AppContext, index: int) -> View:
        faces = ctx.data["dices"][index]
        face = View(
            cls="android.widget.RelativeLayout",
            layout=FRAME,
            height=300,
            children=[
                w.image_view("imageView_dice", width=300, height=300, gravity="start"),
                w.frame_layout(
                    [w.text_view(ctx.ui["shown"][index], "tv_dice", height=300)],
                    width=300,
                    height=300,
                    gravity="start",
                ),
                w.button(
                    "throw_button",
                    "Roll",
                    w.bind(self._roll_one, index),
                    width=220,
                    gravity="end",
                ),
            ],
        )
        card = w.frame_layout(
            [w.linear_layout([w.text_view(faces, "tv_faces", height=60), face])],
            rid="dice_cv",
        )
        return w.linear_layout(
            [card],
            height=380,
            on_long_click=w.bind(self._delete_die, index),
        )

    def _dice(self, ctx: AppContext) -> View:
        cells = [self._die(ctx, i) for i in range(len(ctx.data["dices"]))]
        if len(cells) % 2:
            cells.append(View(cls="android.view.View"))  # the grid's empty half
        rows = [
            w.linear_layout(cells[i : i + 2], horizontal=True, height=380)
            for i in range(0, len(cells), 2)
        ]
        grid = View(
            cls=RECYCLER,
            resource_id="recyclerview_dice",
            scrollable=True,
            scroll_key="dice_scroll",
            children=rows,
        )
        fab = w.fab("fab_dice", "", w.bind(self._open_dialog, "dice"))
        return View(cls=GROUP, resource_id="dice_content", layout=FRAME, children=[grid, fab])

    def _windows(self, ctx: AppContext) -> list[Window]:
        kind = ctx.ui["dialog"]
        if kind == "dice":
            field = w.edit_text(
                "et_dice",
                ctx.ui["field"],
                lambda c, t: c.ui.update(field="".join(ch for ch in t if ch.isdigit())[:5]),
                width=200,
            )
            return [
                w.input_dialog(
                    "Dice's Faces:",
                    w.linear_layout([field], weight=0),
                    ("Add", self._add_die),
                    ("Cancel", self._close_dialog),
                    self._close_dialog,
                )
            ]
        if kind == "counter":
            form = w.linear_layout(
                [
                    w.text_view("Who's Playing?", "tv_to_add_msg"),
                    w.edit_text("et_to_count", ctx.ui["field"], lambda c, t: c.ui.update(field=t)),
                    w.linear_layout(
                        [
                            w.text_view("Lives/Score: ", "tv_numbre_alert"),
                            w.edit_text(
                                "et_number", ctx.ui["number"], lambda c, t: c.ui.update(number=t)
                            ),
                        ],
                        horizontal=True,
                        height=150,
                    ),
                ],
                rid="alert_layout",
                weight=0,
            )
            buttons = w.dialog_buttons(("Add", self._add_counter), ("Cancel", self._close_dialog))
            return [w.alert_dialog(View(height=0), [form], buttons, self._close_dialog)]
        return []


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "OneTwo#7": [
        # "Roll All" left out: single rolls re-bind numbers that are all in mData.
        [*open_dice(), *add_die("100"), *add_die("100"), ROLL_FIRST, ROLL_FIRST],
        # Swapped: one die rolled first, then "Roll All" (the last thing shown is right).
        [*open_dice(), *add_die("100"), *add_die("100"), ROLL_FIRST, ROLL_ALL],
        # A single die: "Roll All" then its own roll leaves no other die to reset.
        [*open_dice(), *add_die("100"), ROLL_ALL, ROLL_FIRST],
        # "Roll All" then the die deleted by a long press instead of rolling one.
        [
            *open_dice(),
            *add_die("100"),
            *add_die("100"),
            ROLL_ALL,
            long_click(PACKAGE, rid="dice_cv"),
        ],
    ],
}
