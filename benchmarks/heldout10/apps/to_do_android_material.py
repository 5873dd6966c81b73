"""To Do 1.0 (com.todo.deepmetha.todo), deepmehtait's Material to-do list with reminders.

Sources read: github.com/deepmehtait/To-Do-Android-Material at commit
98e31f61a091cbf993fc3aabb508ad15b288007d (2016-09-28, the last one before the report of
2017-07-02): activity/SplashActivity, activity/MainActivity, adapters/ToDoListAdapter,
sqlite/SqliteHelper, res/layout (activity_main, custom_dailog, custom_cardlayout), res/values
(strings, styles), AndroidManifest. The fix is commit 6f59afb66f9e7818502cd95b547d3b0d11b26ee3
("Fixing crash on null time for notificaiton").

Bug To-Do-Android-Material#2 (crash): the new-task dialog (the FAB's ``custom_dailog``) has a
"Remind me in" number field and a unit Spinner (None, Minutes, Hours, Days; None selected). Save
(``MainActivity$2$2.onClick``) checks only that the "To Do" text has two characters, then, when
the unit is Minutes, Hours or Days, calls ``Integer.parseInt`` on the number field's text: an
empty field throws ``java.lang.NumberFormatException: Invalid int: ""`` (lines 106, 111 and 116
for Days, Minutes and Hours). With the unit None nothing is parsed.

Fresh install: SplashActivity creates the database and starts MainActivity at once (no screen of
its own); MainActivity shows its DarkActionBar title "To Do", an empty list and the toast
"No Tasks". No runtime permissions (target SDK 23; alarms need none).

Modelled: adding (with its reminder alarm recorded in ``data["alarms"]``), editing (the same
dialog with the reminder row gone and "Task Status"/"Completed?" shown), deleting (which, as in
the sources, removes the row but leaves the card on screen until the next refresh) and
pull-to-refresh. Not modelled: the alarm firing and its notification.
Uncertain: the framework frames below the click (API 23 lines are used); the dialog's nodes are
laid out in their visual order (the dump lists a RelativeLayout's children in XML order).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import crashed
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, Screen, TextHandler, View, Window

PKG = "com.todo.deepmetha.todo"
SPLASH = ".activity.SplashActivity"
MAIN = ".activity.MainActivity"
UNITS = ("None", "Minutes", "Hours", "Days")
# Integer.parseInt's line in MainActivity$2$2.onClick per unit, and the unit's milliseconds.
PARSE_LINE = {"Days": 106, "Minutes": 111, "Hours": 116}
UNIT_MS = {"Days": 24 * 60 * 60 * 1000, "Minutes": 60 * 1000, "Hours": 60 * 60 * 1000}
PRIORITIES = (("high", "High"), ("normal", "Normal"), ("low", "Low"))
INT_MAX = 2**31 - 1


def empty_reminder_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of To-Do-Android-Material#2: Save parsed an empty "Remind me in" field."""
    return crashed(system, PKG, "java.lang.NumberFormatException", 'Invalid int: ""')


def _rid(name: str) -> str:
    return f"{PKG}:id/{name}"


def _click(**target: str) -> dict[str, Any]:
    return {"kind": "click", "target": dict(target)}


def _type(typed: str, rid: str) -> dict[str, Any]:
    return {"kind": "input_text", "target": {"resource_id": _rid(rid)}, "text": typed}


_NEW = _click(resource_id=_rid("imageButton"))
_DESC = _type("Buy milk", "input_task_desc")
_SPINNER = _click(resource_id=_rid("spinner"))
_MINUTES = _click(text="Minutes")
_SAVE = _click(resource_id=_rid("btn_save"))
HUMAN_STEPS = (_NEW, _DESC, _SPINNER, _MINUTES, _SAVE)

WRONG_SEQUENCES = {
    "To-Do-Android-Material#2": [
        # The unit left at None: nothing is parsed.
        [_NEW, _DESC, _SAVE],
        # A number in the field.
        [_NEW, _DESC, _SPINNER, _MINUTES, _type("5", "input_task_time"), _SAVE],
        # No task text: Save stops at the "Please enter To Do Task" toast.
        [_NEW, _SPINNER, _MINUTES, _SAVE],
        # Cancel instead of Save.
        [_NEW, _DESC, _SPINNER, _MINUTES, _click(resource_id=_rid("btn_cancel"))],
    ]
}


class ToDoAndroidMaterial(VirtualApp):
    """To Do 1.0: one list screen with an add/edit dialog."""

    name: ClassVar[str] = "To-Do-Android-Material"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "To Do"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "To-Do-Android-Material#2",
            "crash",
            "Not writing number in remind me in field and click Save lead for crash",
            empty_reminder_crash,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"tasks": [], "next_id": 1, "alarms": []}

    # -- lifecycle --------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
            return
        if "cards" not in ctx.ui:
            ctx.ui["dialog"] = None
            self._update_card_view(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The Dialog is not managed: it is gone after a re-creation, and onCreate reloads.
        return {}

    def on_back(self, ctx: AppContext) -> bool:
        dialog = ctx.ui.get("dialog")
        if dialog and dialog.get("spinner_open"):
            dialog["spinner_open"] = False
            return True
        if dialog:
            ctx.ui["dialog"] = None
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN and direction == "down" and not ctx.ui.get("dialog"):
            self._update_card_view(ctx)  # SwipeRefreshLayout.onRefresh
            return True
        return False

    def _update_card_view(self, ctx: AppContext) -> None:
        ctx.ui["cards"] = [dict(t) for t in ctx.data["tasks"]]
        if not ctx.data["tasks"]:
            ctx.toast("No Tasks")

    # -- dialog -----------------------------------------------------------------------------------
    def _open_add(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {
            "mode": "add",
            "desc": "",
            "notes": "",
            "priority": "Normal",
            "time": "",
            "unit": 0,
            "spinner_open": False,
            "completed": False,
        }

    def _open_edit(self, ctx: AppContext, position: int) -> None:
        card = ctx.ui["cards"][position]
        ctx.ui["dialog"] = {
            "mode": "edit",
            "position": position,
            "id": card["id"],
            "desc": card["details"],
            "notes": card["notes"],
            "priority": card["priority"] if card["priority"] in ("Normal", "Low") else "High",
            "time": "",
            "unit": 0,
            "spinner_open": False,
            "completed": card["status"] == "Complete",
        }

    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui["dialog"][key] = value

    def _text(self, key: str) -> TextHandler:
        return lambda ctx, text: self._set(ctx, key, text)

    def _set_time(self, ctx: AppContext, text: str) -> None:
        # inputType="number": only digits get into the field
        ctx.ui["dialog"]["time"] = "".join(ch for ch in text if ch.isdigit())

    def _choose_unit(self, ctx: AppContext, index: int) -> None:
        ctx.ui["dialog"].update(unit=index, spinner_open=False)

    def _cancel(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _toggle_completed(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        dialog["completed"] = not dialog["completed"]

    def _save_new(self, ctx: AppContext) -> None:
        """MainActivity$2$2.onClick."""
        dialog = ctx.ui["dialog"]
        if len(dialog["desc"]) < 2:
            ctx.toast("Please enter To Do Task")
            return
        unit = UNITS[dialog["unit"]]
        if unit in PARSE_LINE:
            text = dialog["time"]
            if not text or int(text) > INT_MAX:
                raise JavaException(
                    "java.lang.NumberFormatException",
                    f'Invalid int: "{text}"',
                    frames=[
                        "java.lang.Integer.invalidInt(Integer.java:138)",
                        "java.lang.Integer.parseInt(Integer.java:358)",
                        "java.lang.Integer.parseInt(Integer.java:334)",
                        f"com.todo.deepmetha.todo.activity.MainActivity$2$2.onClick"
                        f"(MainActivity.java:{PARSE_LINE[unit]})",
                        "android.view.View.performClick(View.java:5198)",
                        "android.view.View$PerformClick.run(View.java:21147)",
                        *callback_frames(23),
                    ],
                )
            millis = (int(text) * UNIT_MS[unit] + 2**31) % 2**32 - 2**31  # int arithmetic
            ctx.data["alarms"].append(
                {"title": dialog["desc"], "priority": dialog["priority"], "in_ms": millis}
            )
        ctx.data["tasks"].append(
            {
                "id": ctx.data["next_id"],
                "details": dialog["desc"],
                "priority": dialog["priority"],
                "status": "Incomplete",
                "notes": dialog["notes"],
            }
        )
        ctx.data["next_id"] += 1
        ctx.ui["dialog"] = None
        self._update_card_view(ctx)

    def _save_edit(self, ctx: AppContext) -> None:
        """ToDoListAdapter's edit dialog: update the row and the card at its position."""
        dialog = ctx.ui["dialog"]
        if len(dialog["desc"]) < 2:
            ctx.toast("Please enter To Do Task")
            return
        updated = {
            "id": dialog["id"],
            "details": dialog["desc"],
            "priority": dialog["priority"],
            "status": "Complete" if dialog["completed"] else "Incomplete",
            "notes": dialog["notes"],
        }
        for task in ctx.data["tasks"]:
            if task["id"] == dialog["id"]:
                task.update(updated)
        ctx.ui["cards"][dialog["position"]] = updated
        ctx.ui["dialog"] = None

    def _delete(self, ctx: AppContext, task_id: int) -> None:
        # The card stays: the adapter's removal code is commented out in these sources.
        ctx.data["tasks"] = [t for t in ctx.data["tasks"] if t["id"] != task_id]
        ctx.toast("Deleted")

    def _dialog_window(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui.get("dialog")
        if not dialog:
            return []
        adding = dialog["mode"] == "add"
        rows: list[View] = [
            w.text_view("Add New Task", "textView", height=120),
            w.linear_layout(
                [w.edit_text("input_task_desc", dialog["desc"], self._text("desc"), hint="To Do")],
                rid="toDoText",
                weight=0,
            ),
            w.linear_layout(
                [
                    w.edit_text(
                        "input_task_notes",
                        dialog["notes"],
                        self._text("notes"),
                        hint="Notes",
                    )
                ],
                rid="toDoTextNotes",
                weight=0,
            ),
            w.text_view("Prority", "prority", height=100),
            View(
                cls="android.widget.RadioGroup",
                resource_id="toDoRG",
                layout="horizontal",
                height=126,
                children=[
                    w.radio_button(
                        rid,
                        text,
                        dialog["priority"] == text,
                        w.bind(self._set, "priority", text),
                    )
                    for rid, text in PRIORITIES
                ],
            ),
        ]
        if not adding:
            rows += [
                w.text_view("Task Status", "status", height=100),
                w.check_box("checkbox", "Completed?", dialog["completed"], self._toggle_completed),
            ]
        else:
            rows += [
                w.text_view("Set Remainder", "Remainder", height=100),
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.edit_text(
                                    "input_task_time",
                                    dialog["time"],
                                    self._set_time,
                                    hint="Remind me in",
                                )
                            ],
                            rid="toDoTextTime",
                        ),
                        w.spinner(
                            "spinner",
                            UNITS[dialog["unit"]],
                            w.bind(self._set, "spinner_open", True),
                        ),
                    ],
                    rid="linearLayout",
                    horizontal=True,
                    height=140,
                ),
            ]
        rows.append(
            w.linear_layout(
                [
                    View(
                        cls="android.widget.Button",
                        resource_id="btn_cancel",
                        text="Cancel",
                        on_click=self._cancel,
                    ),
                    View(
                        cls="android.widget.Button",
                        resource_id="btn_save",
                        text="Save",
                        on_click=self._save_new if adding else self._save_edit,
                    ),
                ],
                horizontal=True,
                height=140,
            )
        )
        root = w.scroll_view([w.relative_layout(rows, weight=0)], weight=0)
        windows = [Window(root=root, on_dismiss=self._cancel)]
        if dialog.get("spinner_open"):
            windows.append(
                w.spinner_dropdown(
                    UNITS,
                    dialog["unit"],
                    self._choose_unit,
                    w.bind(self._set, "spinner_open", False),
                )
            )
        return windows

    # -- rendering --------------------------------------------------------------------------------
    def _card(self, position: int, card: dict[str, Any]) -> View:
        return w.linear_layout(
            [
                View(
                    cls="android.widget.FrameLayout",
                    resource_id="cardview",
                    layout="horizontal",
                    height=220,
                    children=[
                        w.image_button("typeCircle", "", width=120),
                        w.linear_layout(
                            [
                                w.text_view(card["details"], "toDoTextDetails"),
                                w.text_view(card["notes"], "toDoTextNotes"),
                            ]
                        ),
                        w.image_view("edit", "", w.bind(self._open_edit, position), width=120),
                        w.image_view("delete", "", w.bind(self._delete, card["id"]), width=120),
                    ],
                )
            ],
            height=240,
            weight=0,
        )

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SPLASH:
            return Screen(content=w.frame_layout())
        cards = [self._card(i, c) for i, c in enumerate(ctx.ui.get("cards", []))]
        content = w.linear_layout(
            [
                w.toolbar("To Do", rid="action_bar"),
                View(
                    cls="android.support.design.widget.CoordinatorLayout",
                    resource_id="main_content",
                    layout=FRAME,
                    children=[
                        View(
                            cls="android.support.v4.widget.SwipeRefreshLayout",
                            resource_id="swiperefresh",
                            children=[
                                View(
                                    cls="android.support.v7.widget.RecyclerView",
                                    resource_id="recycler_view_s",
                                    scrollable=True,
                                    children=cards,
                                )
                            ],
                        ),
                        w.fab("imageButton", "", self._open_add),
                    ],
                ),
            ]
        )
        return Screen(content=content, windows=self._dialog_window(ctx))
