"""OpenTasks 1.1.9 (org.dmfs.tasks), the task manager of dmfs, with its local task list.

Sources read: github.com/dmfs/opentasks at tag 1.1.9 (commit
903a6b7fc6c3416174fb4978c3af551c794fdd43): TaskListActivity, ViewTaskFragment,
EditTaskActivity/EditTaskFragment, widget/CheckListFieldView, model/DefaultModel,
ChecklistFieldAdapter, utils/DatabaseInitializedReceiver, layouts (activity_task_list,
fragment_task_view_detail, layout-v11/checklist_field_view(_element), checklist_field_editor),
menus (view_task_fragment_menu, edit_task_activity_menu, task_list_activity_menu) and strings.
The fix is commit 174d0424258b2895c7e712ad63b208743d9afd82 ("Save checklist item after each
edit. #419").

Bug opentasks#419 (non-crash): in the task details screen the check list is editable in place.
``CheckListFieldView`` copies what is typed into an item only into its own working list
(``afterTextChanged`` sets ``item.text``); the task's ContentSet gets it only when the item loses
the focus, when a new item is inserted (Add item, or the keyboard's Next/Enter), when a box is
ticked, or when the fragment persists on pause. Tapping "Edit task" hands the ContentSet as it is
to EditTaskActivity (``onEditTask(mTaskUri, mContentSet)``) before the details screen pauses: the
editor shows the new item empty, the pause then writes the typed text to the database, and saving
the editor writes its stale copy over it, so the typed item text is gone. The model keeps the
database's task rows in ``data["tasks"]`` (each with a revision), the details screen's working
list and ContentSet copy in ``ctx.ui``, and the editor's ContentSet in ``ctx.ui`` of the editor;
an editor save that replaces item texts the database held records them in the task's ``lost``
field (the ground truth).

Fresh install: DatabaseInitializedReceiver creates the local list "My tasks"; no tasks, no
dialogs, no runtime permission (target SDK 25, no request in the code).

Stubbed: tabs other than the first (the tab icons are drawn as image views described by their
group titles, an assumption: the real tabs are icon-only), search, Displayed Lists,
Notifications, pinning, due/start dates, priority, description editing beyond plain text, list
selection (only "My tasks" exists), drag handles, swipe gestures of the task list.
Uncertain: exact order and visibility of the editor's fields; the editor's check list editor is
drawn as one EditText per item plus one empty line for a new item.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, Handler, Screen, TextHandler, View, Window

PKG = "org.dmfs.tasks"
MAIN = ".TaskListActivity"
VIEW = ".ViewTaskActivity"
EDIT = ".EditTaskActivity"

ITEM_RID = "android:id/title"  # checklist_field_view_element's EditText
EDITOR_ITEM_RID = "android:id/text1"  # checklist_field_editor_element's EditText
EDIT_TEXT = "android.widget.EditText"
TAB_TITLES = ("Lists", "Due", "Start", "Priority", "Progress")


def item_text_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of opentasks#419: saving the editor overwrote check list item text that the
    database held with the editor's stale copy."""
    return any(task.get("lost") for task in data["tasks"])


def _click(**target: str) -> dict[str, Any]:
    return {"kind": "click", "target": dict(target)}


def _type(typed: str, **target: str) -> dict[str, Any]:
    return {"kind": "input_text", "target": dict(target), "text": typed}


_CREATE = (
    _click(resource_id=f"{PKG}:id/floating_action_button"),
    _type("Groceries", resource_id="android:id/text1", text="Title", class_name=EDIT_TEXT),
    _click(content_desc="Save"),
)
_ADD_AND_TYPE = (
    _click(text="Add item"),
    _type("Milk", resource_id=ITEM_RID, text="Item title", class_name=EDIT_TEXT),
)
HUMAN_STEPS = (
    *_CREATE,
    *_ADD_AND_TYPE,
    _click(content_desc="Edit task"),
    _click(content_desc="Save"),
)

WRONG_SEQUENCES = {
    "opentasks#419": [
        # Enter after typing inserts a new item, which commits the typed text first.
        [*_CREATE, *_ADD_AND_TYPE, {"kind": "press_enter"}, HUMAN_STEPS[-2], HUMAN_STEPS[-1]],
        # Leaving the details screen with Back persists the item; editing later is fine.
        [
            *_CREATE,
            *_ADD_AND_TYPE,
            {"kind": "press_back"},  # hides the keyboard
            {"kind": "press_back"},
            _click(text="Groceries"),
            _click(content_desc="Edit task"),
            _click(content_desc="Save"),
        ],
        # The editor is left with Cancel: nothing is written over the item.
        [*_CREATE, *_ADD_AND_TYPE, _click(content_desc="Edit task"), _click(content_desc="Cancel")],
        # The item is typed in the editor's check list instead.
        [
            *_CREATE,
            _click(content_desc="Edit task"),
            _type("Milk", resource_id=EDITOR_ITEM_RID, text="Item title", class_name=EDIT_TEXT),
            _click(content_desc="Save"),
        ],
    ]
}


def _page(views: list[View], fab: Handler, windows: list[Window]) -> Screen:
    """A screen of ``views`` one above the other, with the floating action button over them."""
    return Screen(
        content=w.frame_layout(
            layout=FRAME,
            children=[w.linear_layout(views), w.fab("floating_action_button", "", fab)],
        ),
        windows=windows,
    )


def _copy(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(item) for item in items]


class OpenTasks(VirtualApp):
    """OpenTasks 1.1.9: task list, task details with an in-place check list, task editor."""

    name: ClassVar[str] = "opentasks"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "OpenTasks"
    version: ClassVar[str] = "1.1.9"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "opentasks#419",
            "non-crash",
            "item disappears, if cursor in it when tapping Edit",
            item_text_lost,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"lists": [{"id": 1, "name": "My tasks"}], "tasks": [], "next_id": 1}

    # -- storage ----------------------------------------------------------------------------
    @staticmethod
    def _task(ctx: AppContext, task_id: int) -> dict[str, Any] | None:
        return next((t for t in ctx.data["tasks"] if t["id"] == task_id), None)

    @staticmethod
    def _write(task: dict[str, Any], checklist: list[dict[str, Any]]) -> None:
        task["checklist"] = _copy(checklist)
        task["rev"] += 1

    # -- activities ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == VIEW:
            self._load_view(ctx)
        elif ctx.activity == EDIT:
            task = self._task(ctx, ctx.extras.get("task_id", -1))
            content = ctx.extras.get("content")
            ctx.ui.setdefault("title", task["title"] if task else "")
            ctx.ui.setdefault("checklist", _copy(content if content is not None else []))
            ctx.ui.setdefault("new_item", "")

    def _load_view(self, ctx: AppContext) -> None:
        task = self._task(ctx, ctx.extras.get("task_id", -1))
        if task is None:
            return
        ctx.ui["rev"] = task["rev"]
        ctx.ui["current"] = _copy(task["checklist"])  # CheckListFieldView.mCurrentValue
        ctx.ui["content"] = _copy(task["checklist"])  # the ContentSet's check list value
        ctx.ui["focus"] = -1

    def _sync_view(self, ctx: AppContext) -> dict[str, Any] | None:
        """The details screen reloads when the task row changed under it (content observer)."""
        task = self._task(ctx, ctx.extras.get("task_id", -1))
        if task is not None and ctx.ui.get("rev") != task["rev"]:
            self._load_view(ctx)
        return task

    def _persist_view(self, ctx: AppContext) -> None:
        """ViewTaskFragment.persistTask: updateValues() commits the working list, then the
        ContentSet is written to the database."""
        task = self._sync_view(ctx)
        if task is None:
            return
        ctx.ui["content"] = _copy(ctx.ui["current"])
        if ctx.ui["content"] != task["checklist"]:
            self._write(task, ctx.ui["content"])
            ctx.ui["rev"] = task["rev"]

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == VIEW:
            self._persist_view(ctx)  # onPause comes before the re-creation
        kept = dict(ctx.ui)
        kept.pop("menu", None)
        return kept

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menu"):
            ctx.ui["menu"] = False
            return True
        if ctx.activity == VIEW:
            self._persist_view(ctx)
            ctx.finish()
            return True
        if ctx.activity == EDIT:
            self._save_editor(ctx)
            return True
        return False

    def on_key(self, ctx: AppContext, key: str) -> bool:
        if ctx.activity == VIEW and key == "enter" and ctx.focus.endswith("title"):
            focus = ctx.ui.get("focus", -1)
            if focus >= 0:
                self._insert_empty_item(ctx, focus + 1)
                return True
        return False

    # -- task list ------------------------------------------------------------------------------
    def _add_task(self, ctx: AppContext) -> None:
        ctx.start_activity(EDIT, {"task_id": -1, "content": None})

    def _open_task(self, ctx: AppContext, task_id: int) -> None:
        ctx.start_activity(VIEW, {"task_id": task_id})

    def _render_main(self, ctx: AppContext) -> Screen:
        rows: list[View] = []
        for lst in ctx.data["lists"]:
            tasks = [t for t in ctx.data["tasks"] if t["list_id"] == lst["id"]]
            rows.append(
                w.list_row(
                    lst["name"],
                    str(len(tasks)),
                    title_rid="android:id/title",
                    subtitle_rid="android:id/text1",
                    height=147,
                    trailing=[w.image_view("quick_add_task", "Add task", w.bind(self._add_task))],
                )
            )
            for task in tasks:
                rows.append(
                    w.list_row(
                        task["title"],
                        title_rid="android:id/title",
                        rid="flingContentView",
                        on_click=w.bind(self._open_task, task["id"]),
                    )
                )
        menu = ctx.ui.get("menu")
        windows = []
        if menu:
            windows.append(
                w.menu_window(
                    [("Displayed Lists", None), ("Notifications", None)],
                    w.bind(self._close_menu),
                )
            )
        tab_row = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="tabs",
            layout="horizontal",
            height=126,
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    selected=i == 0,
                    children=[w.image_view("", title)],
                )
                for i, title in enumerate(TAB_TITLES)
            ],
        )
        return _page(
            [
                w.toolbar(
                    "Tasks",
                    actions=[
                        w.action_item("search", "Search", None),
                        w.overflow_button(w.bind(self._open_menu)),
                    ],
                ),
                tab_row,
                View(
                    cls="android.support.v4.view.ViewPager",
                    resource_id="pager",
                    children=[
                        View(
                            cls="android.widget.ExpandableListView",
                            resource_id="android:id/list",
                            scrollable=True,
                            children=rows,
                        )
                    ],
                ),
            ],
            w.bind(self._add_task),
            windows,
        )

    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    # -- task details ---------------------------------------------------------------------------
    def _type_item(self, ctx: AppContext, index: int, text: str) -> None:
        self._sync_view(ctx)
        current = ctx.ui["current"]
        if index >= len(current):
            return
        previous = ctx.ui.get("focus", -1)
        # onFocusChange(false) of the item that had the focus commits the working list
        if previous != index and 0 <= previous < len(current) and current != ctx.ui["content"]:
            ctx.ui["content"] = _copy(current)
        ctx.ui["focus"] = index
        current[index]["text"] = text  # afterTextChanged: the working list only

    def _on_item_text(self, index: int) -> TextHandler:
        return lambda ctx, text: self._type_item(ctx, index, text)

    def _on_editor_item_text(self, index: int) -> TextHandler:
        return lambda ctx, text: self._set_editor_item(ctx, index, text)

    def _insert_empty_item(self, ctx: AppContext, pos: int) -> None:
        self._sync_view(ctx)
        current = ctx.ui["current"]
        if len(current) > pos and not current[pos]["text"]:
            ctx.ui["focus"] = pos
            return
        current.insert(pos, {"checked": False, "text": ""})
        ctx.ui["content"] = _copy(current)  # validateAndSet(mValues, mCurrentValue)
        ctx.ui["focus"] = pos

    def _toggle_item(self, ctx: AppContext, index: int) -> None:
        self._sync_view(ctx)
        current = ctx.ui["current"]
        if index < len(current):
            current[index]["checked"] = not current[index]["checked"]
            ctx.ui["content"] = _copy(current)

    def _remove_item(self, ctx: AppContext, index: int) -> None:
        self._sync_view(ctx)
        current = ctx.ui["current"]
        if index < len(current):
            del current[index]
            ctx.ui["content"] = _copy(current)
            ctx.ui["focus"] = -1
            ctx.hide_keyboard()

    def _edit_task(self, ctx: AppContext) -> None:
        self._sync_view(ctx)
        task_id = ctx.extras.get("task_id", -1)
        # onEditTask(mTaskUri, mContentSet): the ContentSet as it is now goes to the editor ...
        ctx.start_activity(EDIT, {"task_id": task_id, "content": _copy(ctx.ui["content"])})
        # ... and only then does this fragment pause and persist (onPause -> persistTask).
        self._persist_view(ctx)

    def _complete_task(self, ctx: AppContext) -> None:
        task = self._sync_view(ctx)
        if task is None:
            return
        self._persist_view(ctx)
        task["status"] = "completed"
        ctx.finish()

    def _delete_task(self, ctx: AppContext) -> None:
        task_id = ctx.extras.get("task_id", -1)
        ctx.data["tasks"] = [t for t in ctx.data["tasks"] if t["id"] != task_id]
        ctx.ui["dialog"] = False
        ctx.finish()

    def _ask_delete(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.ui["dialog"] = True

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = False

    def _render_view(self, ctx: AppContext) -> Screen:
        task = self._task(ctx, ctx.extras.get("task_id", -1))
        if task is None:
            return Screen(content=w.text_view("No task selected"))
        stale = ctx.ui.get("rev") != task["rev"]
        items = task["checklist"] if stale else ctx.ui["current"]
        item_views: list[View] = []
        for i, item in enumerate(items):
            item_views.append(
                w.relative_layout(
                    [
                        w.check_box(
                            "android:id/checkbox", "", item["checked"], w.bind(self._toggle_item, i)
                        ),
                        w.image_view("drag_handle", ""),
                        w.edit_text(
                            ITEM_RID,
                            item["text"],
                            self._on_item_text(i),
                            hint="Item title",
                        ),
                        w.image_view("remove_item", "", w.bind(self._remove_item, i)),
                    ],
                    rid="checklist_element",
                    layout="horizontal",
                    height=147,
                )
            )
        item_views.append(
            w.linear_layout(
                [w.image_view("drag_handle", ""), w.text_view("Add item")],
                rid="add_item",
                horizontal=True,
                height=147,
                on_click=w.bind(self._insert_empty_item, len(items)),
            )
        )
        fields = [
            w.text_view("My tasks"),
            w.text_view("Local"),
            w.linear_layout(
                [w.text_view("Status", "android:id/title"), w.text_view("needs action", "text")],
                height=200,
            ),
            w.linear_layout(
                [
                    w.text_view("Check list", "android:id/icon"),
                    View(
                        cls="android.widget.LinearLayout",
                        resource_id="checklist",
                        weight=0,
                        children=item_views,
                    ),
                ],
                weight=0,
            ),
        ]
        windows = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window([("Delete task", w.bind(self._ask_delete))], w.bind(self._close_menu))
            )
        if ctx.ui.get("dialog"):
            windows.append(
                w.confirm_dialog(
                    "Confirm delete",
                    "Delete this task?",
                    ("OK", w.bind(self._delete_task)),
                    ("Cancel", w.bind(self._close_dialog)),
                    w.bind(self._close_dialog),
                )
            )
        return _page(
            [
                w.toolbar(
                    w.text_view("", "toolbar_title"),
                    navigation=w.up_button(w.bind(self._up_from_view)),
                    actions=[
                        w.action_item("pin_task", "Pin task", None),
                        w.action_item("edit_task", "Edit task", w.bind(self._edit_task)),
                        w.overflow_button(w.bind(self._open_menu)),
                    ],
                ),
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="toolbar_content",
                    height=220,
                    children=[w.text_view(task["title"], "text")],
                ),
                View(
                    cls="android.support.v4.widget.NestedScrollView",
                    resource_id="scrollView",
                    scrollable=True,
                    children=[w.linear_layout(fields, rid="content")],
                ),
            ],
            w.bind(self._complete_task),
            windows,
        )

    def _up_from_view(self, ctx: AppContext) -> None:
        self._persist_view(ctx)
        ctx.finish()

    # -- editor -----------------------------------------------------------------------------------
    def _set_title(self, ctx: AppContext, text: str) -> None:
        ctx.ui["title"] = text

    def _set_editor_item(self, ctx: AppContext, index: int, text: str) -> None:
        items = ctx.ui["checklist"]
        if index < len(items):
            items[index]["text"] = text
        else:
            items.append({"checked": False, "text": text})

    def _toggle_editor_item(self, ctx: AppContext, index: int) -> None:
        items = ctx.ui["checklist"]
        if index < len(items):
            items[index]["checked"] = not items[index]["checked"]

    def _save_editor(self, ctx: AppContext) -> None:
        """EditTaskFragment.saveAndExit."""
        task_id = ctx.extras.get("task_id", -1)
        task = self._task(ctx, task_id)
        title = ctx.ui["title"].strip()
        checklist = [dict(i) for i in ctx.ui["checklist"]]
        if not title:
            title = next((i["text"].strip() for i in checklist if i["text"].strip()), "")
        if task is None:
            if not title:
                ctx.toast("Empty task not saved.")
                ctx.finish()
                return
            task = {
                "id": ctx.data["next_id"],
                "title": title,
                "list_id": 1,
                "status": "needs action",
                "checklist": [],
                "rev": 0,
                "lost": [],
            }
            ctx.data["next_id"] += 1
            ctx.data["tasks"].append(task)
        else:
            task["title"] = title or task["title"]
        saved = {i["text"] for i in checklist}
        task["lost"] += [
            i["text"] for i in task["checklist"] if i["text"] and i["text"] not in saved
        ]
        self._write(task, checklist)
        ctx.toast("Task saved.")
        ctx.finish()
        ctx.start_activity(VIEW, {"task_id": task["id"]})

    def _render_edit(self, ctx: AppContext) -> Screen:
        is_edit = ctx.extras.get("task_id", -1) != -1
        items = ctx.ui["checklist"]
        lines: list[View] = []
        for i, item in enumerate([*items, {"checked": False, "text": ""}]):
            lines.append(
                w.linear_layout(
                    [
                        w.check_box(
                            "android:id/checkbox",
                            "",
                            item["checked"],
                            w.bind(self._toggle_editor_item, i),
                        ),
                        w.edit_text(
                            EDITOR_ITEM_RID,
                            item["text"],
                            self._on_editor_item_text(i),
                            hint="Item title",
                        ),
                    ],
                    horizontal=True,
                    height=147,
                )
            )
        fields = [
            w.linear_layout(
                [
                    w.text_view("List", "android:id/title"),
                    View(
                        cls="android.widget.Spinner",
                        resource_id="task_list_spinner",
                        children=[w.text_view("My tasks", "android:id/text1")],
                    ),
                ],
                height=220,
            ),
            w.edit_text("android:id/text1", ctx.ui["title"], self._set_title, hint="Title"),
            w.linear_layout(
                [
                    w.text_view("Check list", "android:id/title"),
                    w.linear_layout(lines, rid="checklist", weight=0),
                ],
                weight=0,
            ),
        ]
        return Screen(
            content=w.linear_layout(
                [
                    w.toolbar(
                        "Edit" if is_edit else "Create",
                        navigation=w.up_button(),
                        actions=[
                            w.action_item("editor_action_cancel", "Cancel", w.finish),
                            w.action_item("editor_action_save", "Save", w.bind(self._save_editor)),
                        ],
                    ),
                    w.scroll_view([w.linear_layout(fields, rid="content")]),
                ]
            ),
        )

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == VIEW:
            return self._render_view(ctx)
        if ctx.activity == EDIT:
            return self._render_edit(ctx)
        return self._render_main(ctx)
