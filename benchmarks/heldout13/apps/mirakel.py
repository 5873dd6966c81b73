"""Mirakel 2.1.1 (``de.azapps.mirakelandroid``), with bug mirakel-android#113 (crash).

Sources read: MirakelX/mirakel-android at tag v2.1.1 (commit 89305afb, 2013-11-03; the app lived
at the repository's root then: ``src/``, ``res/``), the fix in commit 16eb9c36 ("Fixed Exceptions
if you delete all Lists", 2013-11-05, released in 2.1.2).

Screens (ids, texts and menus from ``res/layout``, ``res/menu``, ``res/values``):
- the launcher's ``SplashScreenActivity`` is a trampoline: it opens ``MainActivity`` on the
  start-up list; the model folds it into MainActivity's first creation in a process (its logic
  runs there: with no special list left it creates "All Lists" first);
- MainActivity: a DrawerLayout (``drawer_layout``) holding the ViewPager (``viewpager``) with the
  tasks page (Speak ``btnSpeak_tasks``, Take a photo ``btnCamera``, the "New Task" field
  ``tasks_new``, the send button ``btnEnter`` (OK), the ``tasks_list`` of ``tasks_row`` rows:
  ``tasks_row_done`` check box, ``tasks_row_name``, ``tasks_row_list_name``,
  ``tasks_row_priority``) and the task page (a stub showing the task's name); the drawer is the
  ListFragment (``lists_list``; rows ``list_row_name`` and ``list_row_task_number``): the
  special lists (All Lists, Tasks today, This week, Overdue) then the lists (Inbox). The action
  bar's drawer toggle is described "Lists". Menus: with the drawer open ``activity_list``
  (New List; overflow Undo the last Change, Reorder lists, Settings), else ``tasks`` (Delete
  list, Search, Share list (only with tasks), Sort tasks; overflow Undo the last Change,
  Settings); three action icons fit, the rest goes to the overflow. A long press on a list
  starts the multi-choice action mode (Done; "One List"/"N Lists"; Delete list, Change color,
  Share list, Rename list); Delete list asks "Delete List?"/"Delete Lists?" ("Are you sure you
  want to delete X, Y?", Cancel/OK). On the first run the changelog dialog ("Changelog", OK)
  shows and the drawer is open. Swiping right opens the drawer, left closes it (and on the
  tasks page goes to the task page);
- SettingsActivity: the preference headers (Notifications, User Interface, Tasks, Backup and
  Import, Manage Special Lists, Sync (with its switch), Misc, About, Help, You can help us!);
  a header opens a stub page, Help and You can help us! open the browser (inert here);
- SpecialListsSettingsActivity ("Special Lists"): the special lists as headers and, in the
  action bar, the add button (an ImageButton with neither id nor description); a header (and a
  new special list) opens a stub page titled with the list's name.

The bug: ``SpecialList.newSpecialList`` stores ``ListMirakel.first().getId()`` as the new special
list's default list; ``first()`` returns null when no (regular) list is left, so once every list
is deleted (the Inbox is the only one after a fresh install; deleting the special lists too, as
the reporter did, changes nothing) the add button of Manage Special Lists throws a
NullPointerException. The SplashScreenActivity calls the same method when no special list is
left, so relaunching the app with no list of either kind crashes as well (the report's "keeps
crashing"). The fix used ``ListMirakel.safeFirst(context)``, which creates a list when none is
left. The oracle: a recorded NullPointerException naming ``ListMirakel.getId()``.

Stubbed or simplified: the task page, search, sorting, sharing, colours, reordering, sync and
every settings page but Manage Special Lists; semantic parsing of new task names; reminders.
Uncertain: which action items fit the action bar (three assumed, AOSP's rule for a 411 dp wide
screen); the exact framework frames of the crash on this release (API 30 assumed); the
changelog's WebView text is shown as plain text.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text, long_click
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "de.azapps.mirakelandroid"
MAIN = "de.azapps.mirakel.main_activity.MainActivity"
SETTINGS = "de.azapps.mirakel.static_activities.SettingsActivity"
SPECIAL = "de.azapps.mirakel.settings.special_list.SpecialListsSettingsActivity"
NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'int de.azapps.mirakel.model.list.ListMirakel.getId()' "
    "on a null object reference"
)
# Android 11 (API 30): a click's frames below the app's listener, and an activity launch's.
CLICK_FRAMES = [
    "android.view.View.performClick(View.java:7448)",
    "android.view.View.performClickInternal(View.java:7425)",
    "android.view.View.access$3600(View.java:810)",
    "android.view.View$PerformClick.run(View.java:28305)",
    "android.os.Handler.handleCallback(Handler.java:938)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loop(Looper.java:223)",
    "android.app.ActivityThread.main(ActivityThread.java:7656)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
]
LAUNCH_FRAMES = [
    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3449)",
    "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:3601)",
    "android.app.servertransaction.LaunchActivityItem.execute(LaunchActivityItem.java:85)",
    "android.app.servertransaction.TransactionExecutor.executeCallbacks"
    "(TransactionExecutor.java:135)",
    "android.app.servertransaction.TransactionExecutor.execute(TransactionExecutor.java:95)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:2066)",
    "android.os.Handler.dispatchMessage(Handler.java:106)",
    *CLICK_FRAMES[6:],
]
NEW_SPECIAL_FRAME = "de.azapps.mirakel.model.list.SpecialList.newSpecialList(SpecialList.java:163)"

SPECIAL_NAMES = ("All Lists", "Tasks today", "This week", "Overdue")
HEADERS = (
    "Notifications",
    "User Interface",
    "Tasks",
    "Backup and Import",
    "Manage Special Lists",
    "Sync",
    "Misc",
    "About",
    "Help",
    "You can help us!",
)
CHANGELOG = (
    "Version 2.1.1",
    "2013-11-03",
    "Bugfixes + Czech translation",
    "Some urgent bug fixes.",
    "Czech translation (thank you, sarimak)",
    "Version 2.1",
    "2013-11-01",
    "Some new features, improved UI, Bugfixes",
)
NO_LISTS = "This task cannot be synced, because you have no lists"


def _oracle_113(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """The app crashed on the missing list: ``ListMirakel.first()`` was null."""
    return crashed(system, PACKAGE, NPE, "ListMirakel.getId()")


def _c(rid: str = "", text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc, cls)


_ROW = "list_row_name"
_OVERFLOW = _c(desc="More options")
_SETTINGS = _c("android:id/title", "Settings")
_SELECT_ALL = [
    long_click(PACKAGE, _ROW, "All Lists"),
    _c(_ROW, "Tasks today"),
    _c(_ROW, "This week"),
    _c(_ROW, "Overdue"),
    _c(_ROW, "Inbox"),
]
_DELETE = [_c("menu_delete", desc="Delete list"), _c("android:id/button1", "OK")]
_TO_SPECIAL = [
    _OVERFLOW,
    _SETTINGS,
    _c("android:id/title", "Manage Special Lists"),
]
# The add button of Manage Special Lists has neither id nor description: found by its place.
_ADD = click(PACKAGE, cls="android.widget.ImageButton", bounds=[933, 63, 1080, 210])

BUG_113 = BugSpec(
    "mirakel-android#113",
    "crash",
    "All tasks task list may be deleted, Mirakel completely breaks down",
    _oracle_113,
    human_steps=(
        _c("android:id/button1", "OK"),
        *_SELECT_ALL,
        *_DELETE,
        *_TO_SPECIAL,
        _ADD,
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "mirakel-android#113": [
        # Only the special lists deleted: the Inbox is left, the new special list is made.
        [
            _c("android:id/button1", "OK"),
            long_click(PACKAGE, _ROW, "All Lists"),
            _c(_ROW, "Tasks today"),
            _c(_ROW, "This week"),
            _c(_ROW, "Overdue"),
            *_DELETE,
            *_TO_SPECIAL,
            _ADD,
        ],
        # Nothing deleted.
        [_c("android:id/button1", "OK"), *_TO_SPECIAL, _ADD],
        # Every list deleted, but a new list made before going to the settings.
        [
            _c("android:id/button1", "OK"),
            *_SELECT_ALL,
            *_DELETE,
            _c("menu_new_list", desc="New List"),
            input_text(PACKAGE, "", "Work", bounds=[66, 908, 1014, 1058]),
            _c("android:id/button1", "OK"),
            *_TO_SPECIAL,
            _ADD,
        ],
        # Every list deleted, Manage Special Lists opened and left without adding.
        [
            _c("android:id/button1", "OK"),
            *_SELECT_ALL,
            *_DELETE,
            *_TO_SPECIAL,
            _c(desc=w.NAVIGATE_UP),
        ],
        # The delete confirmation cancelled.
        [
            _c("android:id/button1", "OK"),
            *_SELECT_ALL,
            _c("menu_delete", desc="Delete list"),
            _c("android:id/button2", "Cancel"),
            *_TO_SPECIAL,
            _ADD,
        ],
    ],
}


def _header_row(title: str, handler: Any, trailing: list[View] | None = None) -> View:
    """A preference header row (``android:id/icon``, ``android:id/title``, then ``trailing``)."""
    return w.linear_layout(
        [
            w.image_view("android:id/icon", width=60),
            w.relative_layout([w.text_view(title, "android:id/title")]),
            *(trailing or []),
        ],
        horizontal=True,
        height=150,
        on_click=handler,
    )


def _headers(rows: list[View]) -> View:
    """The PreferenceActivity's header list."""
    return View(cls="android.widget.ListView", resource_id="android:id/list", children=rows)


class Mirakel(VirtualApp):
    """Mirakel 2.1.1 (see the module docstring)."""

    name: ClassVar[str] = "mirakel-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Mirakel"
    version: ClassVar[str] = "2.1.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_113,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "lists": [{"id": 1, "name": "Inbox"}],
            "specials": [{"id": i + 1, "name": n} for i, n in enumerate(SPECIAL_NAMES)],
            "tasks": [{"id": 1, "list": 1, "name": "First task", "done": False}],
            "next_list": 2,
            "next_special": 5,
            "next_task": 2,
            "changelog_seen": False,
            "startup_list": "",
            "undo": [],
            "sync_use": False,
        }

    # -- model -----------------------------------------------------------------------------
    @staticmethod
    def _special(data: dict[str, Any], sid: int) -> dict[str, Any] | None:
        return next((s for s in data["specials"] if s["id"] == sid), None)

    @staticmethod
    def _list(data: dict[str, Any], lid: int) -> dict[str, Any] | None:
        return next((lst for lst in data["lists"] if lst["id"] == lid), None)

    def _all_lists(self, data: dict[str, Any]) -> list[str]:
        """``ListMirakel.all()``: the special lists, then the lists (keys ``s:1``, ``l:1``)."""
        return [f"s:{s['id']}" for s in data["specials"]] + [f"l:{x['id']}" for x in data["lists"]]

    def _name(self, ctx: AppContext, key: str) -> str:
        kind, num = key.split(":")
        if kind == "s":
            found = self._special(ctx.data, int(num))
            if found is None:
                return str(ctx.ui.get("stale_names", {}).get(key, ""))
            return str(found["name"])
        lst = self._list(ctx.data, int(num))
        return str(lst["name"]) if lst else str(ctx.ui.get("stale_names", {}).get(key, ""))

    def _tasks(self, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
        kind, num = key.split(":")
        tasks = [t for t in data["tasks"] if any(x["id"] == t["list"] for x in data["lists"])]
        if kind == "l":
            return [t for t in tasks if t["list"] == int(num)]
        if int(num) == 1 or (self._special(data, int(num)) or {}).get("where") == " done=0 ":
            return tasks if int(num) == 1 else [t for t in tasks if not t["done"]]
        return []  # the date filters: no task of the model has a due date

    def _new_special(self, data: dict[str, Any], name: str, frames: list[str]) -> int:
        """``SpecialList.newSpecialList``: its default list is ``ListMirakel.first()``."""
        if not data["lists"]:
            raise JavaException(NPE, NPE_MESSAGE, [NEW_SPECIAL_FRAME, *frames])
        sid = int(data["next_special"])
        data["next_special"] = sid + 1
        data["specials"].append({"id": sid, "name": name, "def_list": data["lists"][0]["id"]})
        return sid

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN or "page" in ctx.ui:
            return
        data = ctx.data
        # SplashScreenActivity.onCreate: the start-up list.
        if not data["specials"]:
            sid = self._new_special(
                data,
                "All Lists",
                [
                    "de.azapps.mirakel.static_activities.SplashScreenActivity.onCreate"
                    "(SplashScreenActivity.java:57)",
                    "android.app.Activity.performCreate(Activity.java:8000)",
                    "android.app.Activity.performCreate(Activity.java:7984)",
                    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1309)",
                    *LAUNCH_FRAMES,
                ],
            )
            for special in data["specials"]:
                if special["id"] == sid:
                    special["where"] = " done=0 "
        start = str(data["startup_list"]) or f"s:{data['specials'][0]['id']}"
        current = start if start in self._all_lists(data) else f"s:{data['specials'][0]['id']}"
        first_run = not data["changelog_seen"]
        if not data["startup_list"]:
            # MainActivity.onCreate: ``SpecialList.first()`` is ListMirakel's first list.
            data["startup_list"] = f"l:{data['lists'][0]['id']}" if data["lists"] else start
        ctx.ui.update(
            page="tasks",
            drawer=first_run,
            current=current,
            stale_names={},
            selection=None,
            dialog={"kind": "changelog"} if first_run else None,
            menu=False,
            new_text="",
            task=0,
            reorder=False,
        )

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity != MAIN:
            return False
        if ui.get("menu"):
            ui["menu"] = False
            return True
        if ui.get("selection") is not None:
            ui["selection"] = None
            return True
        if ui.get("drawer"):
            ui["drawer"] = False
            return True
        if ui.get("page") == "task":
            ui["page"] = "tasks"
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        ui = ctx.ui
        if ctx.activity != MAIN or ui.get("dialog"):
            return False
        if direction == "right" and not ui["drawer"]:
            if ui["page"] == "task":
                ui["page"] = "tasks"
            else:
                ui["drawer"] = True
            return True
        if direction == "left":
            if ui["drawer"]:
                ui["drawer"] = False
                ui["selection"] = None
                return True
            if ui["page"] == "tasks":
                tasks = self._tasks(ctx.data, ui["current"])
                ui["task"] = tasks[0]["id"] if tasks else 0
                ui["page"] = "task"
                return True
        return False

    # -- main: handlers ----------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _changelog_ok(self, ctx: AppContext) -> None:
        ctx.data["changelog_seen"] = True
        ctx.ui["dialog"] = None

    def _toggle_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = not ctx.ui["drawer"]
        ctx.ui["selection"] = None
        ctx.ui["menu"] = False

    def _open_list(self, ctx: AppContext, key: str) -> None:
        ui = ctx.ui
        if ui["selection"] is not None:
            w.toggle(ui["selection"], key)
            if not ui["selection"]:
                ui["selection"] = None
            return
        ui.update(current=key, drawer=False, page="tasks")

    def _start_selection(self, ctx: AppContext, key: str) -> None:
        if ctx.ui["selection"] is None:
            ctx.ui["selection"] = [key]
        else:
            w.toggle(ctx.ui["selection"], key)
            if not ctx.ui["selection"]:  # the last row unchecked ends the action mode
                ctx.ui["selection"] = None

    def _ask_delete(self, ctx: AppContext, keys: list[str]) -> None:
        ctx.ui["selection"] = None
        ctx.ui["menu"] = False
        ctx.ui["dialog"] = {"kind": "delete", "keys": list(keys)}

    def _delete_lists(self, ctx: AppContext) -> None:
        data, ui = ctx.data, ctx.ui
        for key in ui["dialog"]["keys"]:
            ui["stale_names"][key] = self._name(ctx, key)
            kind, num = key.split(":")
            if kind == "s":
                data["specials"] = [s for s in data["specials"] if s["id"] != int(num)]
            else:
                lst = self._list(data, int(num))
                if lst is not None:
                    data["undo"] = [*data["undo"][-9:], {"kind": "list", "list": dict(lst)}]
                data["lists"] = [x for x in data["lists"] if x["id"] != int(num)]
                data["tasks"] = [t for t in data["tasks"] if t["list"] != int(num)]
            if ui["current"] == key and data["specials"]:
                # setCurrentList(SpecialList.firstSpecial()); a null list is ignored.
                ui["current"] = f"s:{data['specials'][0]['id']}"
        ui["dialog"] = None

    def _undo(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        data = ctx.data
        if not data["undo"]:
            return
        last = data["undo"].pop()
        if last["kind"] == "list" and self._list(data, last["list"]["id"]) is None:
            data["lists"].append(last["list"])
        elif last["kind"] == "task":
            data["tasks"] = [t for t in data["tasks"] if t["id"] != last["id"]]

    def _new_list_dialog(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.ui["dialog"] = {"kind": "list_name", "key": "", "text": ""}

    def _rename(self, ctx: AppContext) -> None:
        key = ctx.ui["selection"][0]
        ctx.ui["selection"] = None
        ctx.ui["dialog"] = {"kind": "list_name", "key": key, "text": self._name(ctx, key)}

    def _save_list_name(self, ctx: AppContext) -> None:
        data, dialog = ctx.data, ctx.ui["dialog"]
        key, text = dialog["key"], dialog["text"]
        if not key:
            lid = int(data["next_list"])
            data["next_list"] = lid + 1
            data["lists"].append({"id": lid, "name": text})
        else:
            kind, num = key.split(":")
            found = (self._special if kind == "s" else self._list)(data, int(num))
            if found is not None:
                found["name"] = text
        ctx.ui["dialog"] = None

    def _add_task(self, ctx: AppContext) -> None:
        data, ui = ctx.data, ctx.ui
        name = ui["new_text"]
        ui["new_text"] = ""
        ctx.hide_keyboard()
        if not name:
            return
        kind, num = ui["current"].split(":")
        if kind == "l" and self._list(data, int(num)) is not None:
            target = int(num)
        elif data["lists"]:
            target = data["lists"][0]["id"]
        else:  # Semantic.NoListsException
            ctx.toast(NO_LISTS)
            return
        tid = int(data["next_task"])
        data["next_task"] = tid + 1
        data["tasks"].insert(0, {"id": tid, "list": target, "name": name, "done": False})
        data["undo"] = [*data["undo"][-9:], {"kind": "task", "id": tid}]

    def _toggle_done(self, ctx: AppContext, tid: int) -> None:
        for task in ctx.data["tasks"]:
            if task["id"] == tid:
                task["done"] = not task["done"]

    def _open_task(self, ctx: AppContext, tid: int) -> None:
        ctx.ui.update(task=tid, page="task")

    def _settings(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(SETTINGS)

    # -- main: rendering ---------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity == SPECIAL:
            return self._render_special(ctx)
        return self._render_main(ctx)

    def _menu_items(self, ctx: AppContext) -> tuple[list[View], list[tuple[Any, ...]]]:
        """The action icons and overflow rows of the current menu (three icons fit)."""
        ui = ctx.ui
        if ui["drawer"]:
            entries: list[tuple[str, Any, str, bool]] = [
                ("New List", self._new_list_dialog, "menu_new_list", True),
                ("Undo the last Change", self._undo, "menu_undo", False),
                ("Reorder lists", lambda c: self._set(c, reorder=not c.ui["reorder"]), "", False),
                ("Settings", self._settings, "menu_settings", False),
            ]
        else:
            has_tasks = bool(self._tasks(ctx.data, ui["current"]))
            entries = [
                (
                    "Delete list",
                    lambda c: self._ask_delete(c, [c.ui["current"]]),
                    "list_delete",
                    True,
                ),
                ("Search", None, "search", True),
                ("Undo the last Change", self._undo, "menu_undo", False),
                ("Share list", None, "share_list", True),
                ("Sort tasks", None, "task_sorting", True),
                ("Settings", self._settings, "menu_settings", False),
            ]
            if not has_tasks:
                entries = [e for e in entries if e[2] != "share_list"]
        icons: list[View] = []
        overflow: list[tuple[Any, ...]] = []
        for title, handler, rid, if_room in entries:
            if if_room and len(icons) < 3:
                icons.append(w.action_item(rid, title, handler))
            else:
                overflow.append((title, handler))
        return icons, overflow

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["selection"] is not None:
            count = len(ui["selection"])
            actions = [w.action_item("menu_delete", "Delete list", self._delete_selected)]
            actions.append(w.action_item("menu_color", "Change color", None))
            if count <= 1:
                actions.append(w.action_item("share_list_from_lists", "Share list", None))
                actions.append(w.action_item("edit_list", "Rename list", self._rename))
            bar = w.toolbar(
                w.text_view(
                    "One List" if count == 1 else f"{count} Lists",
                    "android:id/action_bar_title",
                    height=w.TOOLBAR_HEIGHT,
                ),
                navigation=w.image_view(
                    "android:id/action_mode_close_button",
                    "Done",
                    lambda c: self._set(c, selection=None),
                    width=147,
                ),
                actions=actions,
                rid="android:id/action_mode_bar",
            )
        else:
            icons, overflow = self._menu_items(ctx)
            if ui["drawer"]:
                title = "Lists"
            elif ui["page"] == "task":
                title = self._task_name(ctx)
            else:
                title = self._name(ctx, ui["current"])
            bar = w.toolbar(
                title,
                navigation=w.nav_button("Lists", self._toggle_drawer),
                actions=[*icons, w.overflow_button(lambda c: self._set(c, menu=True))],
                rid="android:id/action_bar",
            )
            if ui["menu"]:
                windows.append(
                    w.menu_window(
                        overflow,
                        lambda c: self._set(c, menu=False),
                        title_rid="android:id/title",
                        bounds=(500, 63, 1080, 63 + 126 * len(overflow)),
                    )
                )
        page = self._render_task_page(ctx) if ui["page"] == "task" else self._render_tasks(ctx)
        pager = View(
            cls="androidx.viewpager.widget.ViewPager", resource_id="viewpager", children=[page]
        )
        drawer = self._render_drawer(ctx) if ui["drawer"] else None
        body = w.drawer_layout(pager, drawer, cls="android.support.v4.widget.DrawerLayout")
        dialog = ui["dialog"]
        if dialog:
            windows.append(self._main_dialog(ctx, dialog))
        return Screen(content=w.linear_layout([bar, body]), windows=windows)

    def _delete_current(self, ctx: AppContext) -> None:
        self._ask_delete(ctx, [ctx.ui["current"]])

    def _delete_selected(self, ctx: AppContext) -> None:
        order = self._all_lists(ctx.data)
        chosen = sorted(ctx.ui["selection"], key=lambda k: order.index(k) if k in order else 99)
        self._ask_delete(ctx, chosen)

    def _task_name(self, ctx: AppContext) -> str:
        task = next((t for t in ctx.data["tasks"] if t["id"] == ctx.ui["task"]), None)
        return str(task["name"]) if task else "No task selected…"

    def _render_drawer(self, ctx: AppContext) -> View:
        data, ui = ctx.data, ctx.ui
        rows = []
        for key in self._all_lists(data):
            selected = ui["selection"] is not None and key in ui["selection"]
            rows.append(
                View(
                    cls="android.widget.LinearLayout",
                    layout=HORIZONTAL,
                    height=140,
                    selected=selected,
                    on_click=w.bind(self._open_list, key),
                    on_long_click=w.bind(self._start_selection, key),
                    children=[
                        *([w.image_view("list_row_drag", width=100)] if ui.get("reorder") else []),
                        w.text_view(self._name(ctx, key), "list_row_name", height=140),
                        w.text_view(
                            str(len(self._tasks(data, key))),
                            "list_row_task_number",
                            width=131,
                            height=105,
                        ),
                    ],
                )
            )
        listing = w.list_view(rows, rid="lists_list")
        return w.relative_layout([listing], rid="navigate_fragment", width=788, gravity="top")

    def _render_tasks(self, ctx: AppContext) -> View:
        ui = ctx.ui
        header = w.linear_layout(
            [
                w.image_button("btnSpeak_tasks", "Speak", lambda c: None, width=126),
                w.image_button("btnCamera", "Take a photo", lambda c: None, width=126),
                w.edit_text(
                    "tasks_new",
                    ui["new_text"],
                    lambda c, t: self._set(c, new_text=t),
                    hint="New Task",
                    height=126,
                ),
                w.image_button("btnEnter", "OK", self._add_task, width=126),
            ],
            horizontal=True,
            height=126,
        )
        rows = []
        for task in self._tasks(ctx.data, ui["current"]):
            lst = self._list(ctx.data, task["list"])
            rows.append(
                View(
                    cls="android.widget.RelativeLayout",
                    resource_id="tasks_row",
                    layout=HORIZONTAL,
                    height=150,
                    on_click=w.bind(self._open_task, task["id"]),
                    children=[
                        w.check_box(
                            "tasks_row_done",
                            "",
                            task["done"],
                            w.bind(self._toggle_done, task["id"]),
                            width=130,
                        ),
                        w.linear_layout(
                            [
                                w.text_view(task["name"], "tasks_row_name", height=90),
                                w.text_view(lst["name"] if lst else "", "tasks_row_list_name"),
                            ]
                        ),
                        w.text_view("0", "tasks_row_priority", width=105, height=105),
                    ],
                )
            )
        listing = w.list_view(rows, rid="tasks_list")
        return w.linear_layout(
            [header, View(cls="android.view.View", height=3), listing], rid="box_tasks_fragment"
        )

    def _render_task_page(self, ctx: AppContext) -> View:
        return w.linear_layout(
            [w.text_view(self._task_name(ctx), "task_name", height=160)], rid="task_fragment"
        )

    def _main_dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        close = w.bind(self._set, dialog=None)
        if dialog["kind"] == "changelog":
            log = View(
                cls="android.webkit.WebView",
                weight=0,
                children=[w.text_view(line, height=80) for line in CHANGELOG],
            )
            return w.alert_dialog(
                w.dialog_title("Changelog"),
                [log],
                w.dialog_buttons(("OK", self._changelog_ok)),
                self._changelog_ok,
            )
        if dialog["kind"] == "delete":
            names = ", ".join(self._name(ctx, k) for k in dialog["keys"])
            return w.confirm_dialog(
                "Delete List?" if len(dialog["keys"]) == 1 else "Delete Lists?",
                f"Are you sure you want to delete {names}?",
                ("OK", self._delete_lists),
                ("Cancel", close),
                close,
            )

        def typed(c: AppContext, text: str) -> None:
            c.ui["dialog"]["text"] = text

        return w.alert_dialog(
            w.dialog_title("Change list name"),
            [
                w.dialog_message("New list title"),
                w.edit_text("", dialog["text"], typed),
            ],
            w.dialog_buttons(("OK", self._save_list_name), ("Cancel", close)),
            close,
        )

    # -- settings ----------------------------------------------------------------------------
    def _render_settings(self, ctx: AppContext) -> Screen:
        header = ctx.extras.get("header")
        if header:
            return Screen(content=w.child_page(str(header)))
        rows = []
        for title in HEADERS:
            trailing: list[View] = []
            if title == "Sync":
                trailing.append(w.switch("switchWidget", "", bool(ctx.data["sync_use"]), width=180))
            rows.append(_header_row(title, w.bind(self._open_header, title), trailing))
        bar = w.toolbar("Settings", navigation=w.up_button(), rid="android:id/action_bar")
        return Screen(content=w.linear_layout([bar, _headers(rows)]))

    def _open_header(self, ctx: AppContext, title: str) -> None:
        if title in ("Help", "You can help us!"):
            return  # opens the browser
        if title == "Manage Special Lists":
            # SettingsFragment starts the activity and finishes the settings on a phone.
            ctx.start_activity(SPECIAL)
            ctx.finish()
            return
        ctx.start_activity(SETTINGS, {"header": title})

    def _render_special(self, ctx: AppContext) -> Screen:
        sid = ctx.extras.get("id")
        if sid is not None:
            found = self._special(ctx.data, int(sid))
            title = str(found["name"]) if found else "No list"
            return Screen(content=w.child_page(title))
        rows = [
            _header_row(s["name"], w.bind(self._open_special, s["id"]))
            for s in ctx.data["specials"]
        ]
        add = w.image_button("", "", self._add_special, width=147, naf=True)
        bar = w.toolbar(
            "Special Lists", navigation=w.up_button(), actions=[add], rid="android:id/action_bar"
        )
        return Screen(content=w.linear_layout([bar, _headers(rows)]))

    def _open_special(self, ctx: AppContext, sid: int) -> None:
        ctx.start_activity(SPECIAL, {"id": sid})

    def _add_special(self, ctx: AppContext) -> None:
        sid = self._new_special(
            ctx.data,
            "New Special List",
            [
                "de.azapps.mirakel.settings.special_list.SpecialListsSettingsActivity."
                "newSpecialList(SpecialListsSettingsActivity.java:42)",
                "de.azapps.mirakel.settings.special_list.SpecialListsSettingsActivity."
                "access$000(SpecialListsSettingsActivity.java:41)",
                "de.azapps.mirakel.settings.special_list.SpecialListsSettingsActivity$1."
                "onClick(SpecialListsSettingsActivity.java:52)",
                *CLICK_FRAMES,
            ],
        )
        # clickOnLast(): the headers are rebuilt and the new (last) one is opened.
        ctx.start_activity(SPECIAL, {"id": sid})
