"""JigDraw 1.0 (``com.jigdraw.draw``, repository jpaulynice/android-jigsaw-puzzle), with bug
android-jigsaw-puzzle#25.

Sources read: jpaulynice/android-jigsaw-puzzle at a155f33 (2020-08-27, the newest commit; the
code last changed on 2018-11-29, ``versionName "1.0"``): ``AndroidManifest.xml``,
``app/build.gradle``, ``DrawActivity.java``, ``JigsawActivity.java``,
``BaseJigsawActivity.java``, ``JigsawHistoryActivity.java``, ``tasks/JigsawGenerator.java``,
``tasks/JigsawLoader.java``, ``service/impl/JigsawServiceImpl.java``,
``model/enums/Difficulty.java``, ``adapter/JigsawGridAdapter.java``,
``views/JigsawGridView.java``, ``res/layout/activity_main.xml``, ``activity_jigsaw.xml``,
``activity_history.xml``, ``res/menu/main.xml`` and ``res/values/strings.xml``. There is no fix
(the issue is open).

Screens:

- the drawing screen (``DrawActivity``, launcher, no first-run screens and no runtime
  permission: the storage permission is never requested): the action bar "JigDraw" with "More
  options" (History); ``top_options`` with the image buttons ``color_pick`` "Color Picker",
  ``new_btn`` "New", ``erase_btn`` "Erase" and ``create_jigsaw`` "Jigsaw"; the canvas
  ``drawing`` (a swipe draws a stroke); ``all_brushes`` with "Small", "Medium", "Large",
  "Largest". "Jigsaw" opens the MaterialDialog "Choose a difficulty level:" (Easy, Medium, Hard,
  Easy preselected; OK / CANCEL); OK shows the toast "Loading...", cuts the drawing into 2x2,
  4x4 or 8x8 tiles, stores them and opens the puzzle;
- the puzzle (``JigsawActivity``): the ``chronometer``, the ``jigsaw_grid`` of shuffled tiles
  (ImageViews without ids or descriptions) and a row of four FontAwesome icons: play/pause
  (``playPauseTimer``), then refresh, undo and redo, which have no handler. A long click on a
  tile starts the grid's edit mode: the tile is lifted to be dragged (``onDragStarted`` logs
  ``dragging starts...position: N``); lifting the finger drops it;
- "New" asks "You will lose the current drawing. Continue?"; "Color Picker" opens the AmbilWarna
  dialog (a stub with Cancel / OK); History (``JigsawHistoryActivity``) lists the stored
  drawings (a click only logs).

The bug: ``playPauseTimer`` only stops the chronometer and swaps the icon; the grid keeps its
long-click and drag listeners, so while "paused" a tile can still be picked up and moved. The
model records every drag start with the timer's state; the ground truth is a drag started while
the timer was paused.

Stubbed or approximated: the drawing's pixels (a stroke count), the tiles' images, the drag's
movement itself (the virtual device has no drag gesture: a long click lifts the tile and the
release drops it in place), the chronometer (it shows 00:00). The 4x4 and 8x8 grids are laid
out as rows (a real GridView has no row nodes); the 2x2 grid has the tiles as direct children.
MaterialDialogs' ids (``md_title``, ``md_control``, ``md_buttonDefaultPositive``...) and its
all-caps button texts are from the library's 0.9 layouts, not from this repository.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, long_click
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.jigdraw.draw"
DRAW = ".activity.DrawActivity"
JIGSAW = ".activity.JigsawActivity"
HISTORY = ".activity.JigsawHistoryActivity"
LEVELS = (("Easy", 2), ("Medium", 4), ("Hard", 8))
# FontAwesome 4 glyphs of the icons under the grid (bootstrap:fa_icon).
FA_PAUSE, FA_PLAY = "\uf04c", "\uf04b"
FA_OTHERS = ("\uf021", "\uf0e2", "\uf01e")  # fa-refresh, fa-rotate-left, fa-rotate-right
BRUSHES = (
    ("small_brush", "Small"),
    ("medium_brush", "Medium"),
    ("large_brush", "Large"),
    ("largest_brush", "Largest"),
)
MD = "com.afollestad.materialdialogs.internal."
GRID_HEIGHT = 1200


def moved_while_paused(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of android-jigsaw-puzzle#25: a tile was picked up to be moved while the
    puzzle's timer was paused."""
    return any(d.get("timer") == "PAUSED" for d in data.get("drags", []))


_DRAW = {"kind": "swipe", "direction": "right"}
_JIGSAW = click(PACKAGE, "create_jigsaw", desc="Jigsaw", cls="android.widget.ImageButton")
_OK = click(PACKAGE, "md_buttonDefaultPositive", "OK")
_PAUSE = click(PACKAGE, text=FA_PAUSE)
_PLAY = click(PACKAGE, text=FA_PLAY)


def _level(name: str) -> dict[str, Any]:
    return click(PACKAGE, "md_title", name)


def _tile(index: int, kind: str = "long_click") -> dict[str, Any]:
    """A tile of the 2x2 grid (Easy), told apart by its bounds (tiles have no id or text)."""
    col, row = index % 2, index // 2
    left, top = col * 553, 320 + row * 600
    bounds = [left, top, left + 527, top + 600]
    build = long_click if kind == "long_click" else click
    return build(PACKAGE, cls="android.widget.ImageView", bounds=bounds)


BUG_25 = BugSpec(
    "android-jigsaw-puzzle#25",
    "non-crash",
    "Pause button stops the timer but the user can still continue to solve the puzzle",
    moved_while_paused,
    human_steps=(_DRAW, _JIGSAW, _level("Easy"), _OK, _PAUSE, _tile(0)),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG_25.bug_id: [
        # the timer left running
        [_DRAW, _JIGSAW, _level("Easy"), _OK, _tile(0)],
        # paused, then resumed before touching a tile
        [_DRAW, _JIGSAW, _level("Easy"), _OK, _PAUSE, _PLAY, _tile(1)],
        # paused, and a tile only tapped
        [_DRAW, _JIGSAW, _level("Easy"), _OK, _PAUSE, _tile(2, "click")],
        # the dialog cancelled: no puzzle
        [
            _DRAW,
            _JIGSAW,
            _level("Medium"),
            click(PACKAGE, "md_buttonDefaultNegative", "CANCEL"),
        ],
        # a tile lifted first, then the timer paused
        [_DRAW, _JIGSAW, _OK, _tile(3), _PAUSE],
    ],
}


class JigDraw(VirtualApp):
    """JigDraw 1.0 (see the module docstring)."""

    name: ClassVar[str] = "android-jigsaw-puzzle"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "JigDraw"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = DRAW
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_25,)

    def initial_data(self) -> dict[str, Any]:
        return {"jigsaws": [], "drags": []}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == DRAW:
            ui.setdefault("strokes", 0)
            ui.setdefault("brush", "medium_brush")
            ui.setdefault("erase", False)
            ui.setdefault("dialog", None)
            ui.setdefault("level", 0)
        elif ctx.activity == JIGSAW:
            ctx.log("JigsawActivity", "Starting jigsaw activity...")
            ui.setdefault("state", "RUNNING")
            ui.setdefault("jigsaw", ctx.extras.get("originalId", 0))
            if "order" not in ui:
                # JigsawLoader shuffles the stored tiles.
                count = self._jigsaw(ctx)["tiles"]
                order = list(range(count))
                random.Random(ui["jigsaw"]).shuffle(order)
                ui["order"] = order
        elif ctx.activity == HISTORY:
            ctx.toast("Loading drawing history...")
        if ctx.activity in (DRAW, JIGSAW, HISTORY):
            ui.setdefault("menu", False)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == DRAW and ctx.ui.get("dialog") is None:
            ctx.ui["strokes"] += 1  # DrawingView: a finger stroke is drawn (or erased)
            return True
        return False

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu"):
            return True
        return ctx.activity == DRAW and w.dismiss(ctx.ui, "dialog", None)

    # -- handlers ----------------------------------------------------------------------------
    def _jigsaw(self, ctx: AppContext) -> dict[str, Any]:
        for jigsaw in ctx.data["jigsaws"]:
            if jigsaw["id"] == ctx.ui["jigsaw"]:
                return dict(jigsaw)
        return {"id": 0, "level": 0, "tiles": 0}

    def _create(self, ctx: AppContext) -> None:
        """The dialog's OK: DrawActivity.createJigsaw, then JigsawGenerator's onPostExecute."""
        which = ctx.ui["level"]
        ctx.ui["dialog"] = None
        ctx.toast("Loading...")
        n = LEVELS[which][1]
        jigsaw_id = len(ctx.data["jigsaws"]) + 1
        ctx.data["jigsaws"].append(
            {"id": jigsaw_id, "level": which, "tiles": n * n, "strokes": ctx.ui["strokes"]}
        )
        ctx.start_activity(JIGSAW, {"originalId": jigsaw_id})

    def _play_pause(self, ctx: AppContext) -> None:
        # The bug: only the chronometer and the icon change; the grid stays draggable.
        ctx.ui["state"] = "PAUSED" if ctx.ui["state"] == "RUNNING" else "RUNNING"

    def _drag(self, ctx: AppContext, position: int) -> None:
        """A long click on a tile: startEditMode → onDragStarted; the release drops it."""
        ctx.log("JigsawActivity", f"dragging starts...position: {position}")
        ctx.data["drags"].append(
            {"jigsaw": ctx.ui["jigsaw"], "position": position, "timer": ctx.ui["state"]}
        )
        ctx.log("JigsawActivity", "dropped element")

    def _brush(self, ctx: AppContext, rid: str) -> None:
        ctx.ui.update(brush=rid, erase=False)

    def _select(self, ctx: AppContext, index: int) -> None:
        ctx.ui["level"] = index

    def _history(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(HISTORY)

    # -- rendering ---------------------------------------------------------------------------
    def _action_bar(self) -> View:
        return w.toolbar(
            "JigDraw",
            actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
            rid="action_bar",
        )

    def _menu(self, ctx: AppContext) -> list[Window]:
        if not ctx.ui.get("menu"):
            return []
        return [w.menu_window([("History", self._history)], lambda c: c.ui.update(menu=False))]

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == JIGSAW:
            return self._render_jigsaw(ctx)
        if ctx.activity == HISTORY:
            rows = [
                w.image_view(height=400, on_long_click=lambda c: None) for _ in ctx.data["jigsaws"]
            ]
            listing = w.list_view(rows, rid="history_list")
            content = w.linear_layout([self._action_bar(), listing])
            return Screen(content=content, windows=self._menu(ctx))
        return self._render_draw(ctx)

    def _render_draw(self, ctx: AppContext) -> Screen:
        ui = ctx.ui

        def option(rid: str, desc: str, handler: Any) -> View:
            return w.image_button(rid, desc, handler, width=270, height=131)

        options = w.linear_layout(
            [
                option(
                    "color_pick", "Color Picker", lambda c: c.ui.update(dialog="color", erase=False)
                ),
                option("new_btn", "New", lambda c: c.ui.update(dialog="new")),
                option("erase_btn", "Erase", lambda c: c.ui.update(erase=True)),
                option("create_jigsaw", "Jigsaw", lambda c: c.ui.update(dialog="jigsaw", level=0)),
            ],
            rid="top_options",
            horizontal=True,
            height=131,
        )
        canvas = View(cls="android.view.View", resource_id="drawing")
        brushes = w.linear_layout(
            [
                w.image_button(
                    rid,
                    desc,
                    w.bind(self._brush, rid),
                    selected=ui["brush"] == rid and not ui["erase"],
                )
                for rid, desc in BRUSHES
            ],
            rid="all_brushes",
            horizontal=True,
            height=160,
        )
        content = w.linear_layout([self._action_bar(), options, canvas, brushes])
        return Screen(content=content, windows=[*self._dialogs(ctx), *self._menu(ctx)])

    def _md_dialog(self, title: str, body: list[View], on_ok: Any) -> Window:
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        buttons = w.linear_layout(
            [
                View(cls="android.view.View"),
                w.text_view("CANCEL", "md_buttonDefaultNegative", on_click=close, width=300),
                w.text_view("OK", "md_buttonDefaultPositive", on_click=on_ok, width=240),
            ],
            horizontal=True,
            height=140,
        )
        root = View(
            cls="android.view.ViewGroup",
            weight=0,
            children=[
                w.linear_layout(
                    [w.text_view(title, "md_title", height=160)], rid="md_titleFrame", weight=0
                ),
                *body,
                buttons,
            ],
        )
        return Window(root=root, on_dismiss=close)

    def _dialogs(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        dialog = ui.get("dialog")
        if dialog == "jigsaw":
            rows = [
                w.linear_layout(
                    [
                        w.radio_button(
                            "md_control", "", ui["level"] == i, width=150, clickable=False
                        ),
                        w.text_view(name, "md_title"),
                    ],
                    horizontal=True,
                    height=147,
                    on_click=w.bind(self._select, i),
                )
                for i, (name, _) in enumerate(LEVELS)
            ]
            listing = View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="md_contentRecyclerView",
                weight=0,
                children=rows,
            )
            return [self._md_dialog("Choose a difficulty level:", [listing], self._create)]
        if dialog == "new":

            def start_new(c: AppContext) -> None:
                c.ui.update(dialog=None, strokes=0)

            body = [
                w.text_view(
                    "You will lose the current drawing. Continue?", "md_content", height=200
                )
            ]
            return [self._md_dialog("New Drawing", body, start_new)]
        if dialog == "color":
            close = lambda c: c.ui.update(dialog=None)  # noqa: E731
            picker = View(
                cls="android.widget.RelativeLayout",
                resource_id="ambilwarna_viewContainer",
                height=700,
                children=[View(cls="android.view.View", resource_id="ambilwarna_viewSatBri")],
            )
            return [
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [picker],
                    w.dialog_buttons(("OK", close), ("Cancel", close)),
                    close,
                )
            ]
        return []

    def _render_jigsaw(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        order: list[int] = ui["order"]
        n = int(len(order) ** 0.5) or 1
        tile_w = 1054 // n
        tile_h = GRID_HEIGHT // n

        def tile(position: int, gravity: str = "") -> View:
            return w.image_view(
                width=tile_w,
                height=tile_h,
                gravity=gravity,
                clickable=True,
                on_long_click=w.bind(self._drag, position),
            )

        if n == 2:
            corners = ("top_start", "top_end", "bottom_start", "bottom_end")
            grid_children = [tile(p, corners[p]) for p in range(len(order))]
            grid_layout = FRAME
        else:
            grid_children = [
                w.linear_layout([tile(r * n + c) for c in range(n)], horizontal=True, height=tile_h)
                for r in range(n)
            ]
            grid_layout = "vertical"
        grid = View(
            cls="android.widget.GridView",
            resource_id="jigsaw_grid",
            layout=grid_layout,
            height=GRID_HEIGHT,
            children=grid_children,
        )
        chron = w.linear_layout(
            [
                View(
                    cls="android.widget.Chronometer",
                    resource_id="chronometer",
                    text="00:00",
                    width=200,
                )
            ],
            rid="chron",
            horizontal=True,
            height=110,
            width=200,
            gravity="center",
        )
        icon = FA_PAUSE if ui["state"] == "RUNNING" else FA_PLAY
        icons = [
            View(
                cls="android.widget.FrameLayout",
                width=110,
                on_click=self._play_pause,
                children=[w.text_view(icon)],
            ),
            *[
                View(cls="android.widget.FrameLayout", width=110, children=[w.text_view(g)])
                for g in FA_OTHERS
            ],
        ]
        bar = View(
            cls="android.widget.LinearLayout",
            layout=HORIZONTAL,
            height=140,
            width=440,
            gravity="center",
            children=icons,
        )
        content = w.linear_layout([self._action_bar(), chron, grid, bar])
        return Screen(content=content, windows=self._menu(ctx))
