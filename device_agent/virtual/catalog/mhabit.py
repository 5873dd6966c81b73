"""Table Habit (mhabit) 1.16.7+74 (``io.github.friesi23.mhabit``), with bug mhabit#270.

mhabit is a Flutter app: one ``.MainActivity`` whose pages are Flutter routes. In a
``uiautomator`` dump Flutter's semantics tree shows labels as ``content-desc`` on
``android.view.View`` nodes, buttons as ``android.widget.Button``, text fields as
``android.widget.EditText`` with a hint, and no resource-ids; the model renders it that way.
Labels are the app's English strings (``assets/l10n/en.arb``).

Pages:
- the habit list: app bar "Table Habit" with "Sort" and "Show menu" (Light Theme, Dark Theme,
  Follow System, Show Archived, Show Completed: inert in the model; Settings: the settings page
  with its groups, whose tiles are inert), the last five days as column headers,
  one row per habit (name, a check cell per day: tap to check in), the extended FAB "New Habit";
  with no habits, "A journey of a thousand miles begins with a single step". A long press
  selects a habit: the app bar becomes the selection bar (Close, "Edit", "Archive", "Show menu"
  with Select All, Export, Delete, Template). Pulling the list down refreshes it;
- the habit editor: "Close", "Save"; fields "Habit Name ...", habit type "Positive", "Daily goal,
  default 1", frequency "Daily", "21 days", "Reminder", "Memo, support Markdown";
- the habit detail: "Back", "Edit", "Show menu" (Archive, Export, Delete, Template), the name, the
  summary; Delete asks "Delete Habit?" (cancel / confirm).

The bug: deleting a habit from its detail page deletes it from the database and goes back to the
list, with the snackbar 'Deleted habit: "<name>"', but the list keeps showing the habit until it
is refreshed (pulled down) or the page is rebuilt. The list's view model holds its own copy of the
rows, which the detail page's delete does not update. Deleting from the selection bar updates
the view model and works. The oracle: the list page is on screen and shows a habit that is no
longer in the database.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import target
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "io.github.friesi23.mhabit"
MAIN = ".MainActivity"
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri")


def _label(desc: str, **kw: Any) -> View:
    """A Flutter ``Text``: a View whose label is its content-desc."""
    return View(cls="android.view.View", content_desc=desc, **kw)


def _button(desc: str, handler: Any, **kw: Any) -> View:
    return View(cls="android.widget.Button", content_desc=desc, on_click=handler, **kw)


def _oracle_270(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """The list page is showing a habit that the database no longer has."""
    alive = {h["id"] for h in data.get("habits", [])}
    return (
        system.get("foreground") == "app"
        and system.get("activity") == MAIN
        and data.get("page") == "list"
        and any(row not in alive for row in data.get("list_rows", []))
    )


def _target(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return target(PACKAGE, "", text, desc, cls)


BUG_270 = BugSpec(
    bug_id="mhabit#270",
    kind="non-crash",
    title="Habit not removed from list immediately after deletion",
    oracle=_oracle_270,
    human_steps=(
        {"kind": "click", "target": _target(desc="New Habit", cls="android.widget.Button")},
        {
            "kind": "input_text",
            "target": _target("Habit Name ...", cls="android.widget.EditText"),
            "text": "Read a book",
        },
        {"kind": "press_back"},
        {"kind": "click", "target": _target(desc="Save", cls="android.widget.Button")},
        {"kind": "click", "target": _target(desc="Read a book", cls="android.view.View")},
        {"kind": "click", "target": _target(desc="Show menu", cls="android.widget.Button")},
        {"kind": "click", "target": _target(desc="Delete", cls="android.view.View")},
        {"kind": "click", "target": _target(desc="confirm", cls="android.widget.Button")},
    ),
)


class MHabit(VirtualApp):
    """Table Habit 1.16.7+74 (see the module docstring)."""

    name: ClassVar[str] = "mhabit"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Table Habit"
    version: ClassVar[str] = "1.16.7+74"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_270,)

    def initial_data(self) -> dict[str, Any]:
        # ``page`` and ``list_rows`` mirror the Flutter route and the list view model, which the
        # oracle reads; they are reset whenever the engine starts afresh (``on_create``).
        return {"habits": [], "next_id": 1, "page": "list", "list_rows": [], "row_cache": {}}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if "routes" not in ui:
            # A new Flutter engine: the list page loads its rows from the database.
            ui["routes"] = [{"page": "list"}]
            ui["menu"] = None
            ui["dialog"] = None
            ui["selected"] = []
            self._reload(ctx)
        self._sync_page(ctx)

    def _reload(self, ctx: AppContext) -> None:
        ctx.data["list_rows"] = [h["id"] for h in ctx.data["habits"]]

    def _sync_page(self, ctx: AppContext) -> None:
        ctx.data["page"] = ctx.ui["routes"][-1]["page"]

    def _push(self, ctx: AppContext, route: dict[str, Any]) -> None:
        ctx.ui["routes"] = [*ctx.ui["routes"], route]
        ctx.ui["menu"] = None
        self._sync_page(ctx)

    def _pop(self, ctx: AppContext) -> None:
        ctx.ui["routes"] = ctx.ui["routes"][:-1]
        ctx.ui["menu"] = None
        self._sync_page(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["menu"]:
            ui["menu"] = None
            return True
        if ui["selected"]:
            ui["selected"] = []
            return True
        if len(ui["routes"]) > 1:
            self._pop(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        # Pull to refresh on the list page (a finger moving down at the top of the list).
        if ctx.ui["routes"][-1]["page"] == "list" and direction == "down":
            self._reload(ctx)
            return True
        return False

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui["routes"][-1]
        if route["page"] == "edit":
            screen = self._render_edit(ctx, route)
        elif route["page"] == "detail":
            screen = self._render_detail(ctx, route)
        elif route["page"] == "settings":
            screen = self._render_settings(ctx)
        else:
            screen = self._render_list(ctx)
        screen.windows.extend(self._windows(ctx))
        return screen

    def _habit(self, ctx: AppContext, habit_id: int) -> dict[str, Any] | None:
        return next((h for h in ctx.data["habits"] if h["id"] == habit_id), None)

    def _app_bar(self, leading: View | None, title: str, actions: list[View]) -> View:
        children = [leading] if leading is not None else []
        children.append(_label(title, height=147))
        children.extend(actions)
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=160,
            style="toolbar",
            children=children,
        )

    def _render_list(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        selected = ui["selected"]
        if selected:
            bar = self._app_bar(
                _button("Close", lambda c: self._set(c, selected=[]), width=147),
                f"{len(selected)}",
                [
                    _button("Edit", self._edit_selected, width=147),
                    _button("Archive", self._archive_selected, width=147),
                    _button("Show menu", lambda c: self._set(c, menu="selection"), width=126),
                ],
            )
        else:
            bar = self._app_bar(
                None,
                "Table Habit",
                [
                    _button("Sort", lambda c: self._set(c, dialog={"kind": "sort"}), width=147),
                    _button("Show menu", lambda c: self._set(c, menu="main"), width=126),
                ],
            )
        rows_data = [self._cached_row(ctx, habit_id) for habit_id in ctx.data["list_rows"]]
        if rows_data:
            header = View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=110,
                children=[_label("", width=420), *[_label(day) for day in DAYS]],
            )
            rows = [
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=170,
                    selected=row["id"] in selected,
                    children=[
                        _label(
                            row["name"],
                            width=420,
                            on_click=w.bind(self._row_click, row["id"]),
                            on_long_click=w.bind(self._select, row["id"]),
                        ),
                        *[
                            View(
                                cls="android.view.View",
                                content_desc="✓" if day in row["done"] else "",
                                on_click=w.bind(self._check, row["id"], day),
                                naf=day not in row["done"],
                            )
                            for day in DAYS
                        ],
                    ],
                )
                for row in rows_data
            ]
            body = w.scroll_view([header, *rows], scrollable=True, scroll_key="list_scroll")
        else:
            body = View(
                cls="android.view.View",
                layout=FRAME,
                children=[
                    _label(
                        "A journey of a thousand miles begins with a single step",
                        gravity="center",
                        width=900,
                        height=200,
                    )
                ],
            )
        root = w.frame_layout(
            [
                View(cls="android.view.View", children=[bar, body]),
                _button(
                    "New Habit",
                    lambda c: self._push(c, {"page": "edit", "name": "", "id": None}),
                    width=420,
                    height=168,
                    gravity="bottom_end",
                    style="fab",
                ),
            ],
            layout=FRAME,
        )
        return Screen(content=root)

    def _cached_row(self, ctx: AppContext, habit_id: int) -> dict[str, Any]:
        """The list view model's copy of a row (kept even after the habit is deleted)."""
        cache = ctx.data["row_cache"]
        habit = self._habit(ctx, habit_id)
        if habit is not None:
            return habit
        return cache.get(str(habit_id), {"id": habit_id, "name": "", "done": []})

    def _render_edit(self, ctx: AppContext, route: dict[str, Any]) -> Screen:
        fields = [
            w.edit_text("", route["name"], self._type_name, hint="Habit Name ..."),
            _label("Habit type", height=90),
            _button("Positive", lambda c: c.toast("Negative habits are not modelled"), height=130),
            w.edit_text("", "", None, hint="Daily goal, default 1"),
            _button("Daily", lambda c: None, height=130),
            _button("21 days", lambda c: None, height=130),
            _button("Reminder", lambda c: None, height=130),
            w.edit_text(
                "",
                route.get("memo", ""),
                self._type_memo,
                hint="Memo, support Markdown",
                extra={"multiline": True},
            ),
        ]
        bar = self._app_bar(
            _button("Close", lambda c: self._pop(c), width=147),
            "",
            [_button("Save", self._save, width=200)],
        )
        content = View(
            cls="android.view.View",
            children=[
                bar,
                w.scroll_view(fields, scrollable=True),
            ],
        )
        return Screen(content=content)

    def _render_detail(self, ctx: AppContext, route: dict[str, Any]) -> Screen:
        habit = self._habit(ctx, route["id"]) or {"name": "", "done": []}
        bar = self._app_bar(
            _button("Back", lambda c: self._pop(c), width=147),
            habit["name"],
            [
                _button("Edit", w.bind(self._edit, route["id"]), width=147),
                _button("Show menu", lambda c: self._set(c, menu="detail"), width=126),
            ],
        )
        body = w.scroll_view(
            [
                _label("Summary", height=110),
                _label("Current grade is 0.0, and it has been 0 days since the start.", height=160),
                _label(f"Checked in {len(habit['done'])} of the last 5 days", height=110),
            ],
            scrollable=True,
        )
        return Screen(content=View(cls="android.view.View", children=[bar, body]))

    def _render_settings(self, ctx: AppContext) -> Screen:
        """The app settings page (its groups and tiles; the tiles' own pages are not modelled)."""
        groups = (
            ("Display", ("Language", "First day of week", "Enable Compact UI on habits page")),
            ("Operation", ("Change Record Status", "Open Detailed Record")),
            ("Reminder", ("Daily reminder",)),
            ("Backup & restore", ("Export", "Import")),
            ("Others", ("Reset configs", "Clear Cache", "About")),
        )
        tiles: list[View] = []
        for group, titles in groups:
            tiles.append(_label(group, height=110))
            tiles.extend(
                _label(title, height=150, on_click=lambda c: None, clickable=True)
                for title in titles
            )
        bar = self._app_bar(_button("Back", lambda c: self._pop(c), width=147), "Settings", [])
        body = w.scroll_view(tiles, scrollable=True, scroll_key="settings_scroll")
        return Screen(content=View(cls="android.view.View", children=[bar, body]))

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        menu = ui["menu"]
        if menu:
            if menu == "main":
                items = [
                    ("Light Theme", None),
                    ("Dark Theme", None),
                    ("Follow System", None),
                    ("Show Archived", None),
                    ("Show Completed", None),
                    ("Settings", lambda c: self._push(c, {"page": "settings"})),
                ]
            elif menu == "selection":
                items = [
                    ("Select All", self._select_all),
                    ("Export", None),
                    ("Delete", lambda c: self._set(c, menu=None, dialog={"kind": "delete_sel"})),
                    ("Template", None),
                ]
            else:
                items = [
                    ("Archive", None),
                    ("Export", None),
                    ("Delete", lambda c: self._set(c, menu=None, dialog={"kind": "delete"})),
                    ("Template", None),
                ]
            windows.append(
                Window(
                    root=View(
                        cls="android.view.View",
                        weight=0,
                        children=[
                            _label(
                                title,
                                height=140,
                                on_click=handler or (lambda c: self._set(c, menu=None)),
                            )
                            for title, handler in items
                        ],
                    ),
                    kind="menu",
                    on_dismiss=lambda c: self._set(c, menu=None),
                )
            )
        dialog = ui["dialog"]
        if dialog:
            cancel = lambda c: self._set(c, dialog=None)  # noqa: E731
            if dialog["kind"] == "sort":
                title = "Sort"
                body = [
                    _label(option, height=130, on_click=cancel)
                    for option in ("My order", "By Name", "By Color", "By Rate")
                ]
                buttons = [_button("cancel", cancel), _button("confirm", cancel)]
            elif dialog["kind"] == "delete":
                title, body = "Delete Habit?", []
                buttons = [_button("cancel", cancel), _button("confirm", self._delete_current)]
            else:
                title, body = "Delete Selected Habits?", []
                buttons = [_button("cancel", cancel), _button("confirm", self._delete_selected)]
            windows.append(
                Window(
                    root=View(
                        cls="android.view.View",
                        weight=0,
                        children=[
                            _label(title, height=150),
                            *body,
                            View(
                                cls="android.view.View",
                                layout=HORIZONTAL,
                                height=140,
                                children=buttons,
                            ),
                        ],
                    ),
                    on_dismiss=cancel,
                )
            )
        return windows

    # -- handlers ----------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _type_name(self, ctx: AppContext, text: str) -> None:
        route = dict(ctx.ui["routes"][-1], name=text)
        ctx.ui["routes"] = [*ctx.ui["routes"][:-1], route]

    def _type_memo(self, ctx: AppContext, text: str) -> None:
        route = dict(ctx.ui["routes"][-1], memo=text)
        ctx.ui["routes"] = [*ctx.ui["routes"][:-1], route]

    def _save(self, ctx: AppContext) -> None:
        route = ctx.ui["routes"][-1]
        name = route["name"].strip()
        if not name:
            ctx.toast("Habit name can't be empty")
            return
        data = ctx.data
        if route.get("id") is None:
            habit = {"id": data["next_id"], "name": name, "done": [], "memo": route.get("memo")}
            data["next_id"] += 1
            data["habits"].append(habit)
            data["list_rows"] = [*data["list_rows"], habit["id"]]
        else:
            habit = self._habit(ctx, route["id"]) or {}
            habit["name"] = name
        self._pop(ctx)

    def _row_click(self, ctx: AppContext, habit_id: int) -> None:
        if ctx.ui["selected"]:
            self._select(ctx, habit_id)
            return
        if self._habit(ctx, habit_id) is None:
            ctx.toast("Habit not found")
            return
        self._push(ctx, {"page": "detail", "id": habit_id})

    def _select(self, ctx: AppContext, habit_id: int) -> None:
        selected = list(ctx.ui["selected"])
        w.toggle(selected, habit_id)
        ctx.ui["selected"] = selected

    def _select_all(self, ctx: AppContext) -> None:
        ctx.ui["selected"] = list(ctx.data["list_rows"])
        ctx.ui["menu"] = None

    def _check(self, ctx: AppContext, habit_id: int, day: str) -> None:
        habit = self._habit(ctx, habit_id)
        if habit is None:
            return
        done = list(habit["done"])
        w.toggle(done, day)
        habit["done"] = done

    def _edit(self, ctx: AppContext, habit_id: int) -> None:
        habit = self._habit(ctx, habit_id)
        if habit is not None:
            self._push(ctx, {"page": "edit", "id": habit_id, "name": habit["name"]})

    def _edit_selected(self, ctx: AppContext) -> None:
        selected = ctx.ui["selected"]
        if len(selected) == 1:
            ctx.ui["selected"] = []
            self._edit(ctx, selected[0])

    def _archive_selected(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.toast("Archived 0 habits")

    def _delete_current(self, ctx: AppContext) -> None:
        route = ctx.ui["routes"][-1]
        habit = self._habit(ctx, route["id"])
        ctx.ui["dialog"] = None
        if habit is None:
            return
        # The bug: the database row goes, the list view model keeps its copy of it.
        ctx.data["row_cache"][str(habit["id"])] = dict(habit)
        ctx.data["habits"] = [h for h in ctx.data["habits"] if h["id"] != habit["id"]]
        self._pop(ctx)
        ctx.toast(f'Deleted habit: "{habit["name"]}"')

    def _delete_selected(self, ctx: AppContext) -> None:
        selected = set(ctx.ui["selected"])
        data = ctx.data
        data["habits"] = [h for h in data["habits"] if h["id"] not in selected]
        data["list_rows"] = [r for r in data["list_rows"] if r not in selected]
        ctx.ui["selected"] = []
        ctx.ui["dialog"] = None
        ctx.toast(f"Deleted {len(selected)} habits")
