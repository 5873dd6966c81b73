"""Privacy Friendly To-Do List 3.1.0 (``org.secuso.privacyfriendlytodolist``), with bug
privacy-friendly-todo-list#158.

The screens a person meets on the way to the bug:

- first run: the tutorial (``TutorialActivity``, three slides, ``btn_skip`` SKIP and
  ``btn_next`` NEXT, GOT IT on the last slide; swiping turns the slides);
- the to-do lists overview (``MainActivity``): toolbar (``Open navigation drawer``, title
  "To-Do Lists"), the empty text or one row per list (``tv_todo_list_title``, its task count and
  progress; a click opens the list, a long click its action menu) and the FAB ``fab_new_list``
  ("Add to-do list") opening the "New to-do list" dialog (``et_todo_list_name``, OK / CANCEL);
- a list's tasks: toolbar with the list name, ``fab_new_task`` ("Add task") opening the "New
  task" dialog (``et_new_task_name``), task rows with a done check box;
- the navigation drawer: Overview, Calendar, Recycle bin, one entry per list, then Settings,
  Help and About; a long click on a list entry opens the list action menu (Edit list, Delete
  list); Edit asks for a new name in a dialog;
- settings, help and about screens.

The bug: the drawer rebuilds its list entries (and their long-click handlers) whenever lists
exist, but when the last list is deleted it only removes the menu group, and the recycled entry
view that showed the list, now showing Settings, keeps the list's handler. A long click on
Settings then opens the list action menu (the bug, recorded for the ground truth), and any action
there logs ``E PFA MainActivity: Todo list with ID <id> not found.`` as in the report. Deleting
one of several lists, or re-creating the activity (rotation), leaves the drawer correct.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, long_click, target
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.secuso.privacyfriendlytodolist"
MAIN = ".view.MainActivity"
TUTORIAL = ".tutorial.TutorialActivity"
SETTINGS = ".view.SettingsActivity"
HELP = ".view.HelpActivity"
ABOUT = ".view.AboutActivity"
TAG = "PFA MainActivity"
TUTORIAL_SLIDES = (
    ("Welcome!", "Organize your tasks in to-do lists, with deadlines, priorities and reminders."),
    ("Subtasks", "Split a task into subtasks and track the progress of every list."),
    ("Privacy", "No ads, no tracking, only the permissions needed: your tasks stay yours."),
)
NAV_BEFORE = ("Overview", "Calendar", "Recycle bin")
NAV_AFTER = ("Settings", "Help", "About")


def _button(rid: str, text: str, handler: Any) -> View:
    return w.button(rid, text, handler, width=300)


def _toolbar(title: str, desc: str, handler: Any) -> View:
    return w.toolbar(title, navigation=w.nav_button(desc, handler))


# -- ground truth ----------------------------------------------------------------------------------


def _oracle_158(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return bool(data.get("list_menu_on_non_list"))


_target = partial(target, PACKAGE)


BUG_158 = BugSpec(
    bug_id="privacy-friendly-todo-list#158",
    kind="non-crash",
    title="Settings entry mistakenly treated as a to-do list after deleting the last to-do list",
    oracle=_oracle_158,
    human_steps=(
        click(PACKAGE, "btn_skip", "SKIP", cls="android.widget.Button"),
        click(PACKAGE, "fab_new_list", desc="Add to-do list", cls="android.widget.ImageButton"),
        {
            "kind": "input_text",
            "target": _target("et_todo_list_name", cls="android.widget.EditText"),
            "text": "Groceries",
        },
        click(PACKAGE, "bt_newtodolist_ok", "OK", cls="android.widget.Button"),
        click(PACKAGE, desc="Open navigation drawer", cls="android.widget.ImageButton"),
        long_click(PACKAGE, "nav_item_title", "Groceries", cls="android.widget.CheckedTextView"),
        click(PACKAGE, "title", "Delete list", cls="android.widget.TextView"),
        click(PACKAGE, desc="Open navigation drawer", cls="android.widget.ImageButton"),
        long_click(PACKAGE, "nav_item_title", "Settings", cls="android.widget.CheckedTextView"),
    ),
)


class PrivacyFriendlyTodoList310(VirtualApp):
    """Privacy Friendly To-Do List 3.1.0 (see the module docstring)."""

    name: ClassVar[str] = "privacy-friendly-todo-list"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "To-Do List"
    version: ClassVar[str] = "3.1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_158,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "tutorial_done": False,
            "lists": [],  # {"id", "name", "tasks": [{"name", "done"}]}
            "next_id": 1,
            "prefs": {"notifications": True, "pin": False, "progress": True},
            "list_menu_on_non_list": [],  # ground truth: drawer entries wrongly given the menu
        }

    # -- lifecycle ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            for key, value in (
                ("open_list", None),
                ("drawer", False),
                ("dialog", None),
                ("menu", None),
                ("stale_list_id", None),
            ):
                ui.setdefault(key, value)
            if not ctx.data["tutorial_done"] and not ui.get("tutorial_started"):
                ui["tutorial_started"] = True
                ctx.start_activity(TUTORIAL)
        elif ctx.activity == TUTORIAL:
            ui.setdefault("slide", 0)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # A re-created activity inflates a new NavigationView: no stale handler survives.
        saved = dict(ctx.ui)
        saved.pop("stale_list_id", None)
        return saved

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == TUTORIAL:
            if ui["slide"] > 0:
                ui["slide"] -= 1
                return True
            return False
        if ctx.activity != MAIN:
            return False
        if ui["drawer"]:
            ui["drawer"] = False
        elif ui["open_list"] is not None:
            ui["open_list"] = None
        else:
            return False
        return True

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == TUTORIAL and direction in ("left", "right"):
            step = 1 if direction == "left" else -1
            ctx.ui["slide"] = max(0, min(len(TUTORIAL_SLIDES) - 1, ctx.ui["slide"] + step))
            return True
        if ctx.activity == MAIN and direction == "right":
            ctx.ui["drawer"] = True
            return True
        return False

    # -- rendering ---------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._render_tutorial(ctx)
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity in (HELP, ABOUT):
            return self._render_info(ctx)
        return self._render_main(ctx)

    def _render_tutorial(self, ctx: AppContext) -> Screen:
        slide = ctx.ui["slide"]
        title, text = TUTORIAL_SLIDES[slide]
        last = slide == len(TUTORIAL_SLIDES) - 1
        page = w.linear_layout(
            [
                w.image_view("image", height=600),
                w.text_view(title, "tutorial_title", height=160),
                w.text_view(text, "tutorial_description", height=300),
            ]
        )
        dots = w.linear_layout([w.text_view("•" * (slide + 1), height=60)], rid="layoutDots")
        advance = _button(
            "btn_next",
            "GOT IT" if last else "NEXT",
            self._finish_tutorial if last else self._next_slide,
        )
        skip = _button("btn_skip", "SKIP", self._finish_tutorial)
        return Screen(
            content=w.intro_pager(
                page,
                skip=skip,
                indicator=dots,
                advance=advance,
                root_cls="android.widget.RelativeLayout",
            )
        )

    def _list(self, ctx: AppContext, list_id: int | None) -> dict[str, Any] | None:
        return next((t for t in ctx.data["lists"] if t["id"] == list_id), None)

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        current = self._list(ctx, ui["open_list"])
        if current is None:
            title = "To-Do Lists"
            body = self._overview(ctx)
            fab = w.fab(
                "fab_new_list",
                "Add to-do list",
                lambda c: c.ui.update(dialog={"kind": "new_list", "text": ""}),
            )
        else:
            title = current["name"]
            body = self._tasks(ctx, current)
            fab = w.fab(
                "fab_new_task",
                "Add task",
                lambda c: c.ui.update(dialog={"kind": "new_task", "text": ""}),
            )
        bar = _toolbar(
            title, "Open navigation drawer", lambda c: c.ui.update(drawer=True, menu=None)
        )
        root = View(
            cls="androidx.drawerlayout.widget.DrawerLayout",
            resource_id="drawer_layout",
            layout=FRAME,
            children=[
                w.linear_layout([bar, body], rid="fragment_container"),
                fab,
            ],
        )
        return Screen(content=root, windows=self._windows(ctx))

    def _overview(self, ctx: AppContext) -> View:
        lists = ctx.data["lists"]
        if not lists:
            return w.frame_layout(
                [
                    w.text_view(
                        "No to-do lists yet. Tap + to add one.",
                        "tv_empty_view_no_todo_lists",
                        gravity="center",
                        width=900,
                    )
                ],
                layout=FRAME,
            )
        rows = []
        for todo in lists:
            done = sum(1 for t in todo["tasks"] if t["done"])
            total = len(todo["tasks"])
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(todo["name"], "tv_todo_list_title"),
                        w.text_view(
                            f"{done}/{total} tasks", "tv_todo_list_next_deadline", height=80
                        ),
                        w.text_view(
                            f"{100 * done // total if total else 0}%", "tv_todo_list_progress"
                        ),
                    ],
                    rid="todo_list_row",
                    on_click=w.bind(self._open_list, todo["id"]),
                    on_long_click=w.bind(self._list_menu, todo["id"], todo["name"]),
                    weight=0,
                )
            )
        return View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="rv_todo_lists",
            scrollable=True,
            scroll_key="lists_scroll",
            children=rows,
        )

    def _tasks(self, ctx: AppContext, todo: dict[str, Any]) -> View:
        if not todo["tasks"]:
            return w.frame_layout(
                [
                    w.text_view(
                        "No tasks yet", "tv_empty_view_no_tasks", gravity="center", width=600
                    )
                ],
                layout=FRAME,
            )
        rows = [
            w.linear_layout(
                [
                    w.check_box(
                        "cb_task_done",
                        "",
                        task["done"],
                        w.bind(self._toggle_task, todo["id"], n),
                        width=150,
                    ),
                    w.text_view(task["name"], "tv_exlv_task_name", height=150),
                ],
                horizontal=True,
                weight=0,
                height=150,
            )
            for n, task in enumerate(todo["tasks"])
        ]
        return View(
            cls="android.widget.ExpandableListView",
            resource_id="exlv_tasks",
            scrollable=True,
            children=rows,
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["drawer"]:
            windows.append(self._drawer(ctx))
        if ui["menu"] is not None:
            menu = ui["menu"]
            windows.append(
                Window(
                    root=View(
                        cls="android.widget.ListView",
                        weight=0,
                        children=[
                            w.text_view(menu["title"], "alertTitle", height=140),
                            *(
                                w.linear_layout(
                                    [w.text_view(item, "title", height=126)],
                                    on_click=w.bind(self._list_action, item),
                                    height=126,
                                )
                                for item in ("Edit list", "Delete list")
                            ),
                        ],
                    ),
                    kind="menu",
                    on_dismiss=lambda c: c.ui.update(menu=None),
                )
            )
        if ui["dialog"] is not None:
            windows.append(self._dialog(ctx, ui["dialog"]))
        return windows

    def _drawer(self, ctx: AppContext) -> Window:
        ui = ctx.ui
        lists = ctx.data["lists"]
        rows: list[View] = [
            w.linear_layout(
                [w.text_view("Privacy Friendly To-Do List", "nav_header_title", height=300)],
                rid="nav_header",
                height=300,
            )
        ]

        def entry(title: str, on_click: Any, on_long: Any = None, checked: bool = False) -> View:
            return w.drawer_entry(
                title, on_click, checked=checked, rid="nav_item_title", on_long_click=on_long
            )

        for title in NAV_BEFORE:
            rows.append(
                entry(
                    title,
                    w.bind(self._nav, title),
                    checked=title == "Overview" and ui["open_list"] is None,
                )
            )
        for todo in lists:
            rows.append(
                entry(
                    todo["name"],
                    w.bind(self._open_list, todo["id"]),
                    w.bind(self._list_menu, todo["id"], todo["name"]),
                    checked=ui["open_list"] == todo["id"],
                )
            )
        for n, title in enumerate(NAV_AFTER):
            # The recycled view at the first list position keeps the deleted list's handler.
            stale = ui["stale_list_id"] if n == 0 and not lists else None
            rows.append(
                entry(
                    title,
                    w.bind(self._nav, title),
                    w.bind(self._list_menu, stale, title) if stale is not None else None,
                )
            )
        return Window(
            root=w.linear_layout(rows, rid="nav_view"),
            kind="sheet",
            bounds=(0, 0, 840, ctx.screen_size[1]),
            on_dismiss=lambda c: c.ui.update(drawer=False),
        )

    def _dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        title, field, ok, cancel = {
            "new_task": ("New task", "et_new_task_name", "bt_new_task_ok", "bt_new_task_cancel"),
            "edit_list": (
                "Edit to-do list",
                "et_todo_list_name",
                "bt_newtodolist_ok",
                "bt_newtodolist_cancel",
            ),
            "new_list": (
                "New to-do list",
                "et_todo_list_name",
                "bt_newtodolist_ok",
                "bt_newtodolist_cancel",
            ),
        }[dialog["kind"]]
        root = w.linear_layout(
            [
                w.text_view(title, "tv_dialog_title", height=140),
                w.edit_text(field, dialog["text"], self._dialog_text, hint="Name"),
                w.linear_layout(
                    [
                        _button(cancel, "CANCEL", lambda c: c.ui.update(dialog=None)),
                        _button(ok, "OK", self._confirm_dialog),
                    ],
                    horizontal=True,
                    height=140,
                ),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=lambda c: c.ui.update(dialog=None))

    def _render_settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]

        def switch(key: str, title: str, summary: str) -> View:
            return w.preference(
                title,
                summary,
                lambda c: prefs.update({key: not prefs[key]}),
                widget=w.switch_widget(bool(prefs[key])),
            )

        listing = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="recycler_view",
            scrollable=True,
            children=[
                switch("notifications", "Reminders", "Notify me at a task's reminder time"),
                switch("progress", "Show progress", "Show the progress of lists and tasks"),
                switch("pin", "PIN protection", "Ask for a PIN when the app starts"),
            ],
        )
        return Screen(
            content=w.linear_layout([_toolbar("Settings", "Navigate up", w.finish), listing])
        )

    def _render_info(self, ctx: AppContext) -> Screen:
        title = "Help" if ctx.activity == HELP else "About"
        lines = (
            ["What is a to-do list?", "How do I add a task?", "What are subtasks?"]
            if title == "Help"
            else ["Privacy Friendly To-Do List", f"Version {self.version}", "SECUSO, TU Darmstadt"]
        )
        return Screen(
            content=w.linear_layout(
                [
                    _toolbar(title, "Navigate up", w.finish),
                    w.scroll_view([w.text_view(line) for line in lines], scrollable=True),
                ]
            )
        )

    # -- handlers ----------------------------------------------------------------------------------
    def _next_slide(self, ctx: AppContext) -> None:
        ctx.ui["slide"] = min(len(TUTORIAL_SLIDES) - 1, ctx.ui["slide"] + 1)

    def _finish_tutorial(self, ctx: AppContext) -> None:
        ctx.data["tutorial_done"] = True
        ctx.finish()

    def _nav(self, ctx: AppContext, title: str) -> None:
        ctx.ui["drawer"] = False
        if title == "Overview":
            ctx.ui["open_list"] = None
        elif title == "Settings":
            ctx.start_activity(SETTINGS)
        elif title == "Help":
            ctx.start_activity(HELP)
        elif title == "About":
            ctx.start_activity(ABOUT)
        elif title == "Calendar":
            ctx.toast("No tasks with a deadline")
        else:
            ctx.toast("The recycle bin is empty")

    def _open_list(self, ctx: AppContext, list_id: int) -> None:
        ctx.ui.update(open_list=list_id, drawer=False)

    def _list_menu(self, ctx: AppContext, list_id: int, title: str) -> None:
        """A long click on a list (or on the entry that kept a deleted list's handler)."""
        if self._list(ctx, list_id) is None:
            ctx.data["list_menu_on_non_list"].append({"entry": title, "list_id": list_id})
        ctx.ui.update(drawer=False, menu={"list_id": list_id, "title": title})

    def _list_action(self, ctx: AppContext, action: str) -> None:
        menu = ctx.ui["menu"]
        ctx.ui["menu"] = None
        todo = self._list(ctx, menu["list_id"])
        if todo is None:
            ctx.log(TAG, f"Todo list with ID {menu['list_id']} not found.", "E")
            return
        if action == "Delete list":
            self._delete_list(ctx, todo["id"])
        else:
            ctx.ui["dialog"] = {"kind": "edit_list", "text": todo["name"], "list_id": todo["id"]}

    def _delete_list(self, ctx: AppContext, list_id: int) -> None:
        lists = ctx.data["lists"]
        lists[:] = [t for t in lists if t["id"] != list_id]
        if ctx.ui["open_list"] == list_id:
            ctx.ui["open_list"] = None
        if not lists:
            # The menu group is removed but the entry view keeps the last handler.
            ctx.ui["stale_list_id"] = list_id
        ctx.toast("The to-do list was deleted")

    def _dialog_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"] = {**ctx.ui["dialog"], "text": text}

    def _confirm_dialog(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        name = dialog["text"].strip()
        if not name:
            ctx.toast("Please enter a name")
            return
        ctx.ui["dialog"] = None
        if dialog["kind"] == "new_list":
            ctx.data["lists"].append({"id": ctx.data["next_id"], "name": name, "tasks": []})
            ctx.data["next_id"] += 1
            ctx.ui["stale_list_id"] = None  # the drawer's list group is rebuilt
        elif dialog["kind"] == "edit_list":
            todo = self._list(ctx, dialog["list_id"])
            if todo is not None:
                todo["name"] = name
        else:
            todo = self._list(ctx, ctx.ui["open_list"])
            if todo is not None:
                todo["tasks"].append({"name": name, "done": False})

    def _toggle_task(self, ctx: AppContext, list_id: int, index: int) -> None:
        todo = self._list(ctx, list_id)
        if todo is not None and index < len(todo["tasks"]):
            todo["tasks"][index]["done"] = not todo["tasks"][index]["done"]
