"""TodoApp 1.0 (com.example.todoapp) by AlanRH14, a Jetpack Compose to-do list (Room, Hilt).

Sources read: github.com/AlanRH14/TodoApp at commit 74e5be207ecb90a6c12e7cf1bf30e5e80038f5ef, the
parent of the fix d1c4ff2d0b5b0bfc7291a8c11fbcdfc3be5d65b0 ("Update #5 - Error rotating the
screen."): MainActivity, navigation/NavGraph + NavScreens + Constants, presentation/screens/list
(ListScreen, DefaultListAppBar, ListAppBar, ListFab, ListContent, TaskItem, EmptyContent,
DisplaySnackBar), presentation/screens/task (TaskScreen, TaskAppBar, NewTaskAppBar,
ExistingTaskAppBar, TaskContent, PriorityDropDown), presentation/components/DisplayAlertDialog,
viewmodel/SharedViewModel, res/values/strings.xml.

Bug TodoApp#25 (non-crash): the list screen is the NavHost route ``list/{action}``; saving a new
task navigates to ``list/ADD``, and ListScreen runs ``LaunchedEffect(mAction) {
sharedViewModel.updateAction(mAction) }``; the composition then calls
``handleDatabaseActions(action)``, which inserts a task built from the ViewModel's title,
description and priority, and DisplaySnackBar sets the action back to NO_ACTION. The activity's
SharedViewModel and the NavHost back stack (with the ``ADD`` argument) survive a re-creation, so
every rotation of the list screen runs the LaunchedEffect again with ADD and inserts the last
created task once more. The model keeps the Room table in ``data["tasks"]``, the SharedViewModel
in ``ctx.memory`` (lost with the process), and the NavHost back stack in ``ctx.ui`` (kept on
rotation). Each back stack entry gets an id (a stand-in for NavBackStackEntry's UUID, counted in
``data["nav_entries"]``); a row inserted for an ADD records the list entry it came from, and two
rows from one entry are the ground truth of the bug.

Fresh install: the animated splash screen (To-Do logo, 3 s) leaves by itself for ``list/NO_ACTION``;
the model starts on the list (no user action is possible on the splash). No permissions.
Compose nodes have no resource ids; icons are named by their contentDescription strings.

Stubbed: search bar (opens, no results list), sort menu (kept in memory, the Room query order is
not modelled beyond ids), swipe-to-delete (not modelled), priority colours.
Uncertain: exact Compose node classes in a uiautomator dump (IconButton/FAB/TextButton as
android.widget.Button, Text as TextView, OutlinedTextField as EditText with its label as hint).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, Screen, View, Window

PKG = "com.example.todoapp"
MAIN = ".MainActivity"
BUTTON = "android.widget.Button"
EDIT_TEXT = "android.widget.EditText"
PRIORITIES = ("HIGH", "MEDIUM", "LOW")
MAX_TITLE_LENGTH = 20
DELETE_ALL_MESSAGE = (
    "Are you sure you want to remove all Task? There is no going back after this action"
)


def task_inserted_twice(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of TodoApp#25: one save (one ``list/ADD`` entry) inserted more than one
    row."""
    entries = [t["entry"] for t in data["tasks"] if t.get("entry") is not None]
    return len(entries) != len(set(entries))


def _click(**target: str) -> dict[str, Any]:
    return {"kind": "click", "target": dict(target)}


def _type(typed: str, **target: str) -> dict[str, Any]:
    return {"kind": "input_text", "target": dict(target), "text": typed}


_CREATE = (
    _click(content_desc="Add Button"),
    _type("Milk", text="Add Task", class_name=EDIT_TEXT),
    _type("Buy two bottles", text="Description", class_name=EDIT_TEXT),
    _click(content_desc="Add Task", class_name=BUTTON),
)
_ROTATE = {"kind": "rotate", "orientation": "landscape"}
HUMAN_STEPS = (*_CREATE, _ROTATE)

WRONG_SEQUENCES = {
    "TodoApp#25": [
        # Created, never rotated.
        list(_CREATE),
        # Rotated before any task was created.
        [_ROTATE, *_CREATE],
        # The task is opened and left with Close: the route is list/NO_ACTION when rotating.
        [*_CREATE, _click(text="Milk"), _click(content_desc="Close Icon"), _ROTATE],
        # Leaving the add screen with its back arrow instead of saving, then rotating.
        [
            _click(content_desc="Add Button"),
            _type("Milk", text="Add Task", class_name=EDIT_TEXT),
            _type("Buy two bottles", text="Description", class_name=EDIT_TEXT),
            _click(content_desc="Back Arrow Button"),
            _ROTATE,
        ],
    ]
}


class TodoApp(VirtualApp):
    """TodoApp 1.0: list screen and task screen in one activity's NavHost."""

    name: ClassVar[str] = "TodoApp"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "TodoApp"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "TodoApp#25",
            "non-crash",
            "Error rotating the screen",
            task_inserted_twice,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"tasks": [], "next_id": 1, "nav_entries": 0, "sort": "NONE"}

    # -- SharedViewModel (ctx.memory) ------------------------------------------------------------
    @staticmethod
    def _vm(ctx: AppContext) -> dict[str, Any]:
        vm: dict[str, Any] = ctx.memory.setdefault(
            "vm",
            {
                "id": 0,
                "action": "NO_ACTION",
                "title": "",
                "description": "",
                "priority": "NONE",
                "search": "CLOSED",
                "search_text": "",
            },
        )
        return vm

    def _handle_database_actions(self, ctx: AppContext, entry: int | None) -> None:
        vm = self._vm(ctx)
        action = vm["action"]
        if action in ("ADD", "UNDO"):
            ctx.data["tasks"].append(
                {
                    "id": ctx.data["next_id"],
                    "title": vm["title"],
                    "description": vm["description"],
                    "priority": vm["priority"],
                    "entry": entry if action == "ADD" else None,
                }
            )
            ctx.data["next_id"] += 1
        elif action == "UPDATE":
            for task in ctx.data["tasks"]:
                if task["id"] == vm["id"]:
                    task.update(
                        title=vm["title"], description=vm["description"], priority=vm["priority"]
                    )
        elif action == "DELETE":
            ctx.data["tasks"] = [t for t in ctx.data["tasks"] if t["id"] != vm["id"]]
        elif action == "DELETE_ALL":
            ctx.data["tasks"] = []
        if action != "NO_ACTION":
            # DisplaySnackBar: show the snackbar, then onCompleteAction(NO_ACTION)
            message = "All Tasks Removed." if action == "DELETE_ALL" else f"{action}: {vm['title']}"
            ctx.ui["snackbar"] = {
                "message": message,
                "label": "UNDO" if action == "DELETE" else "OK",
            }
            vm["action"] = "NO_ACTION"

    def _update_action(self, ctx: AppContext, action: str) -> None:
        vm = self._vm(ctx)
        if vm["action"] == action:
            return
        vm["action"] = action
        top = ctx.ui["stack"][-1]
        self._handle_database_actions(ctx, top.get("entry"))

    # -- navigation (NavHost back stack in ctx.ui) ----------------------------------------------
    def _new_entry(self, ctx: AppContext, route: str, **args: Any) -> dict[str, Any]:
        ctx.data["nav_entries"] += 1
        return {"route": route, "entry": ctx.data["nav_entries"], **args}

    def _enter_list(self, ctx: AppContext) -> None:
        """ListScreen's LaunchedEffect(mAction): updateAction(mAction)."""
        top = ctx.ui["stack"][-1]
        if top["route"] == "list":
            self._update_action(ctx, top["action"])

    def _enter_task(self, ctx: AppContext) -> None:
        """TaskScreen: getSelectedTask(taskId), then updateTaskFields(selectedTask) when a task
        was found or the id is -1 (both LaunchedEffects run again after a re-creation)."""
        top = ctx.ui["stack"][-1]
        task = next((t for t in ctx.data["tasks"] if t["id"] == top["task_id"]), None)
        vm = self._vm(ctx)
        if task is not None:
            vm.update(
                id=task["id"],
                description=task["description"],
                priority=task["priority"],
            )
        elif top["task_id"] == -1:
            vm.update(id=0, title="", description="", priority="LOW")

    def on_create(self, ctx: AppContext) -> None:
        if "stack" not in ctx.ui:
            # splash -> navigate("list/NO_ACTION") { popUpTo(splash) { inclusive = true } }
            ctx.ui["stack"] = [self._new_entry(ctx, "list", action="NO_ACTION")]
        top = ctx.ui["stack"][-1]
        if top["route"] == "list":
            self._enter_list(ctx)
        else:
            self._enter_task(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # rememberSaveable/NavHost state survives; remember{} state (menus, dialogs, snackbar
        # host) does not.
        return {"stack": ctx.ui.get("stack", [])}

    def _open_task(self, ctx: AppContext, task_id: int) -> None:
        ctx.ui["stack"].append(self._new_entry(ctx, "task", task_id=task_id))
        ctx.ui["snackbar"] = None
        self._enter_task(ctx)

    def _to_list(self, ctx: AppContext, action: str) -> None:
        """NavScreens.task: navigate("list/$action") { popUpTo("list/{action}") inclusive }."""
        ctx.ui["stack"] = [self._new_entry(ctx, "list", action=action)]
        ctx.ui.update(menu=None, dialog=None)
        self._enter_list(ctx)

    def _task_bar_action(self, ctx: AppContext, action: str) -> None:
        vm = self._vm(ctx)
        if action != "NO_ACTION" and not (vm["title"] and vm["description"]):
            ctx.toast("Fields Empty.")
            return
        self._to_list(ctx, action)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menu") or ctx.ui.get("dialog"):
            ctx.ui.update(menu=None, dialog=None)
            return True
        top = ctx.ui["stack"][-1]
        if top["route"] == "task":
            self._to_list(ctx, "NO_ACTION")  # TaskScreen's BackHandler
            return True
        return False

    # -- handlers ---------------------------------------------------------------------------------
    def _set_title(self, ctx: AppContext, text: str) -> None:
        if len(text) < MAX_TITLE_LENGTH:
            self._vm(ctx)["title"] = text

    def _set_description(self, ctx: AppContext, text: str) -> None:
        self._vm(ctx)["description"] = text

    def _set_priority(self, ctx: AppContext, priority: str) -> None:
        self._vm(ctx)["priority"] = priority
        ctx.ui["menu"] = None

    def _open(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui[key] = value

    def _close(self, ctx: AppContext) -> None:
        ctx.ui.update(menu=None, dialog=None)

    def _sort(self, ctx: AppContext, priority: str) -> None:
        ctx.data["sort"] = priority
        ctx.ui["menu"] = None

    def _confirm(self, ctx: AppContext, action: str) -> None:
        ctx.ui["dialog"] = None
        if action == "DELETE_ALL":
            self._update_action(ctx, "DELETE_ALL")
        else:
            self._to_list(ctx, action)

    def _snackbar_action(self, ctx: AppContext) -> None:
        bar = ctx.ui.get("snackbar") or {}
        ctx.ui["snackbar"] = None
        if bar.get("label") == "UNDO":
            self._update_action(ctx, "UNDO")

    def _search(self, ctx: AppContext, state: str) -> None:
        self._vm(ctx)["search"] = state

    def _search_text(self, ctx: AppContext, text: str) -> None:
        self._vm(ctx)["search_text"] = text

    # -- rendering --------------------------------------------------------------------------------
    @staticmethod
    def _icon_button(desc: str, handler: Any) -> View:
        return View(cls=BUTTON, content_desc=desc, on_click=handler, width=147, height=147)

    def _sorted_tasks(self, ctx: AppContext) -> list[dict[str, Any]]:
        tasks = list(ctx.data["tasks"])
        order = {"HIGH": 0, "MEDIUM": 1, "LOW": 2, "NONE": 3}
        if ctx.data["sort"] == "LOW":
            tasks.sort(key=lambda t: -order[t["priority"]])
        elif ctx.data["sort"] == "HIGH":
            tasks.sort(key=lambda t: order[t["priority"]])
        return tasks

    def _render_list(self, ctx: AppContext) -> Screen:
        vm = self._vm(ctx)
        if vm["search"] == "CLOSED":
            bar = w.toolbar(
                "Task",
                rid="",
                actions=[
                    self._icon_button("Search Task", w.bind(self._search, "OPENED")),
                    self._icon_button("Sort Task", w.bind(self._open, "menu", "sort")),
                    self._icon_button("Delete All", w.bind(self._open, "menu", "delete")),
                ],
            )
        else:
            bar = w.linear_layout(
                [
                    self._icon_button("Search Icon", w.bind(self._search, "TRIGGERED")),
                    w.edit_text("", vm["search_text"], self._search_text, hint="Search…"),
                    self._icon_button("Close Icon", w.bind(self._search, "CLOSED")),
                ],
                horizontal=True,
                height=147,
            )
        tasks = self._sorted_tasks(ctx)
        if vm["search"] == "TRIGGERED":
            tasks = [t for t in tasks if vm["search_text"].lower() in t["title"].lower()]
        if tasks:
            body: View = View(
                cls="android.view.View",
                scrollable=True,
                children=[
                    View(
                        cls="android.view.View",
                        on_click=w.bind(self._open_task, t["id"]),
                        height=260,
                        children=[
                            w.text_view(t["title"], height=110),
                            w.text_view(t["description"], height=100),
                        ],
                    )
                    for t in tasks
                ],
            )
        else:
            body = w.linear_layout(
                [
                    View(cls="android.view.View", content_desc="Sad Face Icon", height=300),
                    w.text_view("No Tasks Found."),
                ]
            )
        children: list[View] = [w.linear_layout([bar, body])]
        bar_state = ctx.ui.get("snackbar")
        if bar_state:
            children.append(
                w.linear_layout(
                    [
                        w.text_view(bar_state["message"]),
                        View(cls=BUTTON, text=bar_state["label"], on_click=self._snackbar_action),
                    ],
                    horizontal=True,
                    height=150,
                    weight=0,
                    gravity="bottom",
                )
            )
        children.append(w.fab("", "Add Button", w.bind(self._open_task, -1), cls=BUTTON))
        windows: list[Window] = []
        if ctx.ui.get("menu") == "sort":
            windows.append(
                w.menu_window(
                    [(p, w.bind(self._sort, p)) for p in ("LOW", "HIGH", "NONE")], self._close
                )
            )
        elif ctx.ui.get("menu") == "delete":
            windows.append(
                w.menu_window(
                    [("Delete All", w.bind(self._open, "dialog", "delete_all"))], self._close
                )
            )
        if ctx.ui.get("dialog") == "delete_all":
            windows.append(
                self._dialog(
                    "Remove All Task?",
                    DELETE_ALL_MESSAGE,
                    "DELETE_ALL",
                )
            )
        return Screen(content=w.frame_layout(children, layout=FRAME), windows=windows)

    def _dialog(self, title: str, message: str, action: str) -> Window:
        root = w.linear_layout(
            [
                w.text_view(title),
                w.text_view(message),
                w.linear_layout(
                    [
                        View(cls=BUTTON, text="Cancel", on_click=self._close),
                        View(cls=BUTTON, text="Confirm", on_click=w.bind(self._confirm, action)),
                    ],
                    horizontal=True,
                    height=140,
                ),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=self._close)

    def _render_task(self, ctx: AppContext) -> Screen:
        vm = self._vm(ctx)
        top = ctx.ui["stack"][-1]
        existing = next((t for t in ctx.data["tasks"] if t["id"] == top["task_id"]), None)
        if existing is None:
            bar = w.toolbar(
                "Add Task",
                rid="",
                navigation=self._icon_button(
                    "Back Arrow Button", w.bind(self._task_bar_action, "NO_ACTION")
                ),
                actions=[self._icon_button("Add Task", w.bind(self._task_bar_action, "ADD"))],
            )
        else:
            bar = w.toolbar(
                existing["title"],
                rid="",
                navigation=self._icon_button(
                    "Close Icon", w.bind(self._task_bar_action, "NO_ACTION")
                ),
                actions=[
                    self._icon_button("Delete Icon", w.bind(self._open, "dialog", "delete")),
                    self._icon_button("Update Icon", w.bind(self._task_bar_action, "UPDATE")),
                ],
            )
        priority = vm["priority"]
        content = w.linear_layout(
            [
                w.edit_text("", vm["title"], self._set_title, hint="Add Task"),
                View(
                    cls="android.view.View",
                    on_click=w.bind(self._open, "menu", "priority"),
                    layout="horizontal",
                    height=180,
                    children=[
                        w.text_view(priority),
                        self._icon_button(
                            "Drop-Down Arrow Icon", w.bind(self._open, "menu", "priority")
                        ),
                    ],
                ),
                w.edit_text("", vm["description"], self._set_description, hint="Description"),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("menu") == "priority":
            windows.append(
                w.menu_window([(p, w.bind(self._set_priority, p)) for p in PRIORITIES], self._close)
            )
        if ctx.ui.get("dialog") == "delete" and existing is not None:
            windows.append(
                self._dialog(
                    f"Remove '{existing['title']}'?",
                    f"Are you sure you want to remove '{existing['title']}'?",
                    "DELETE",
                )
            )
        return Screen(content=w.linear_layout([bar, content]), windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.ui["stack"][-1]["route"] == "task":
            return self._render_task(ctx)
        return self._render_list(ctx)
