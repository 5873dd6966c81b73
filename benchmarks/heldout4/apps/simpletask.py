"""Simpletask (mpcjanssen/simpletask-android), the todo.txt to-do list app: 6.3.0 and 7.0.11.

Modelled from the sources of the ``cloudless`` flavour (package ``nl.mpcjanssen.simpletask``,
label "Simpletask Cloudless": the todo.txt file stays on the device, no account) at commit
``df442254^`` = ``f764f66b`` (versionName 6.3.0, the parent of the 6.3.1 fix ``df442254``)
and at commit ``626d181f^`` = ``82505c08`` (versionName 7.0.11, the parent of the fix
``626d181f``): ``Simpletask.java`` (``onCreate``, ``handleIntent``, ``populateMainMenu``,
``openSelectionMode``/``closeSelectionMode``, the list's click listeners, ``startAddTaskActivity``),
``AddTask.java`` (6.3.0) / ``AddTask.kt`` (7.0.11) (``showTagMenu``, ``showContextMenu`` /
``showListMenu``, ``showPrioMenu``, ``insertDate``, ``getTasks``, ``getCurrentCursorLine``,
``saveTasksAndClose``), ``util/Util.kt`` (``sortWithPrefix``, ``createDeferDialog``),
``TodoApplication.java`` (preference defaults, ``getTagTerm``/``getListTerm``),
``cloudless/.../remote/FileStore.java`` (``isAuthenticated`` is always true: no login screen),
``task/Priority.java``, the layouts ``main.xml``, ``list_item.xml``, ``add_task.xml``,
``tag_dialog.xml``, ``simple_list_item_multiple_choice.xml``, the menus ``main.xml``,
``task_context.xml``, ``add_task.xml`` and ``values/strings.xml``/``donottranslate.xml``.
Between the two versions the screens differ only in the Add Task menu ("Cancel" moved to the
overflow in 7.x).

The app: Simpletask (the launcher activity, title "Simpletask Cloudless", a DarkActionBar with
the list drawer toggle, Filter, Search, Share and the overflow Settings, Archive, Open todo
file, Help; "Refresh" is hidden as the cloudless store does not sync) lists the tasks of the
todo.txt file, empty on a fresh install; the FAB ``fab`` opens AddTask. Tapping a task selects
it: the FAB goes, the action bar's items go and the bottom Toolbar ``toolbar`` shows the
``task_context`` menu (Update, Update lists, Update tags, Prioritize as icons; the rest in its
overflow). "Update" opens AddTask titled "Update" with the selected tasks' lines (in file
format, with their creation date) and the cursor at the end. AddTask: the multi-line EditText
``taskText`` (the long example hint), the "Prefill next" and "Word wrap" checkboxes and the
buttons "@…" (lists), "+…" (tags), "(.)" (priority), "due:…" and "t:…" (dates); Save task
writes the lines (a creation date prepended, appended at the end of the list; an empty text
adds nothing) and finishes.

Bugs:

- ``simpletask-android#332`` (crash, 6.3.0): ``AddTask.showTagMenu`` (the "+…" button) calls
  ``Util.sortWithPrefix(items, caseSensitive, null)`` with a ``Set``; the Kotlin overload for
  sets declares ``prefix: String`` non-null, so the call throws IllegalArgumentException
  "Parameter specified as non-null is null: method nl.mpcjanssen.simpletask.util.Util.
  sortWithPrefix, parameter prefix" on every tap, for a new task and an edited one
  (``showContextMenu``, the "@…" button, too). Fixed in 6.3.1 (``df442254``: ``prefix:
  String?``).
- ``simpletask-android#361`` (crash, 7.0.11): the tag ("+…") and list ("@…") dialogs build
  ``tasks = getTasks()`` from the edit box's lines and, on OK, ``tasks.set(idx, task)`` with
  ``idx`` the cursor's line; with an empty edit box ``tasks`` is empty and ``set(0, ...)``
  throws IndexOutOfBoundsException "Invalid index 0, size is 0" (``AddTask.kt:450``/``529``;
  fixed in 7.0.12 by ``626d181f``, adding an empty task first). The dialog itself opens; the
  crash comes with its OK. The model keeps the general rule: any cursor line past the last
  non-empty line crashes the same way (the cursor is at the end of the text, where typing and
  "Update" leave it).

Fixed data: a fresh install has an empty todo.txt; the creation date a saved task gets is the
day of each report (2015-12-28 for 6.3.0, 2016-02-08 for 7.0.11).

Stubbed: Settings, Help and the Filter screen are title-only screens; Share (the share
chooser), "Open todo file" (the file browser), "Add reminder", the list drawer's filtering and
the right drawer of saved filters do nothing; the task rows leave out the date bar; "pick
date" in the date dialogs inserts today (no date picker). Uncertain: the reporters probably
used the Dropbox flavour (label "Simpletask", which needs a Dropbox login); the code of both
bugs is shared by both flavours. The synthetic ``access$`` frame of 6.3.0 and the framework
line numbers of the API 23 frames are approximate.
"""

from __future__ import annotations

import datetime
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import callback_frames, message_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "nl.mpcjanssen.simpletask"
MAIN = ".Simpletask"
ADD = ".AddTask"
PREFS = ".Preferences"
HELP = ".HelpScreen"
FILTER = ".FilterActivity"
API = 23

APP_LABEL = "Simpletask Cloudless"
HINT = (
    "@Discuss +Paris issue with +Hector @Troy\nTell +Hector to not be such a drag @Troy\n"
    "Review +Simpletask settings to remove this text @Phone"
)
PRIORITIES = ["-", *(chr(c) for c in range(ord("A"), ord("Z") + 1))]
DEFER = ("today", "tomorrow", "1 week", "2 weeks", "1 month", "pick date")
DEFER_DAYS = (0, 1, 7, 14)
CONTEXT_ITEMS = (
    ("Complete", "complete"),
    ("Undo complete", "uncomplete"),
    ("Select all", "select_all"),
    ("Share", "share"),
    ("Add reminder", "calendar"),
    ("Set due date(s)", "defer_due"),
    ("Set threshold date(s)", "defer_threshold"),
    ("Delete", "delete"),
    ("Archive", "archive"),
)
MAIN_ITEMS = (
    ("Settings", "preferences"),
    ("Archive", "archive"),
    ("Open todo file", "open_file"),
    ("Help", "help"),
)
_PKG = "nl.mpcjanssen.simpletask"


# -- todo.txt lines ----------------------------------------------------------------------------
def words(line: str, sigil: str) -> list[str]:
    """The tags (``+``) or lists (``@``) of a todo.txt line, without the sigil."""
    return [word[1:] for word in line.split() if word.startswith(sigil) and len(word) > 1]


def body(line: str) -> str:
    """A line as its row shows it: without the completion mark, priority and creation date."""
    parts = line.split(" ")
    if parts[0] == "x":
        parts = parts[1:]
    if parts and len(parts[0]) == 3 and parts[0].startswith("(") and parts[0].endswith(")"):
        parts = parts[1:]
    if parts and len(parts[0]) == 10 and parts[0][4] == "-" and parts[0][7] == "-":
        parts = parts[1:]
    return " ".join(parts)


def dated(line: str, today: str) -> str:
    """``new Task(line, now)``: the creation date goes after a priority, before the text."""
    if line.startswith("(") and line[2:4] == ") ":
        return f"{line[:4]}{today} {line[4:]}"
    return f"{today} {line}"


def edit_lines(text: str) -> list[str]:
    """``AddTask.getTasks``: the edit box's lines, trailing empty ones dropped."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1]:
        lines.pop()
    return lines


# -- the crashes -------------------------------------------------------------------------------
def _null_prefix(button: str) -> JavaException:
    """6.3.0: ``sortWithPrefix(Set, Boolean, null)`` against the non-null Kotlin parameter."""
    method, line, listener, click_line = {
        "tag": ("showTagMenu", 477, "AddTask$5", 271),
        "list": ("showContextMenu", 556, "AddTask$4", 265),
    }[button]
    return JavaException(
        "java.lang.IllegalArgumentException",
        "Parameter specified as non-null is null: method "
        "nl.mpcjanssen.simpletask.util.Util.sortWithPrefix, parameter prefix",
        frames=[
            f"{_PKG}.util.Util.sortWithPrefix(Util.kt)",
            f"{_PKG}.AddTask.{method}(AddTask.java:{line})",
            f"{_PKG}.AddTask.access${'400' if button == 'tag' else '300'}(AddTask.java:86)",
            f"{_PKG}.{listener}.onClick(AddTask.java:{click_line})",
            "android.view.View.performClick(View.java:5198)",
            "android.view.View$PerformClick.run(View.java:21147)",
            *callback_frames(API),
        ],
    )


def _set_past_end(button: str, index: int, size: int) -> JavaException:
    """7.0.11: ``tasks.set(idx, task)`` in the dialog's OK on a list without line ``idx``."""
    method, line = {"tag": ("showTagMenu", 450), "list": ("showListMenu", 529)}[button]
    return JavaException(
        "java.lang.IndexOutOfBoundsException",
        f"Invalid index {index}, size is {size}",
        frames=[
            "java.util.ArrayList.throwIndexOutOfBoundsException(ArrayList.java:255)",
            "java.util.ArrayList.set(ArrayList.java:481)",
            f"{_PKG}.AddTask${method}$1.onClick(AddTask.kt:{line})",
            "android.support.v7.app.AlertController$ButtonHandler.handleMessage"
            "(AlertController.java:157)",
            *message_frames(API),
        ],
    )


def null_prefix_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #332: the tag (or list) button died in ``sortWithPrefix``."""
    return crashed(system, PACKAGE, "java.lang.IllegalArgumentException", "sortWithPrefix")


def set_past_end_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #361: a tag/list dialog's OK set a line the edit box does not have."""
    return crashed(system, PACKAGE, "java.lang.IndexOutOfBoundsException", "Invalid index")


def _add_task_steps(text: str) -> list[dict[str, Any]]:
    return [
        click(PACKAGE, "fab"),
        input_text(PACKAGE, "taskText", text, hint=HINT),
        click(PACKAGE, "menu_save_task", desc="Save task"),
    ]


STEPS_332 = (
    *_add_task_steps("Call the bank"),
    click(PACKAGE, "tasktext", "Call the bank"),
    click(PACKAGE, "update", desc="Update"),
    click(PACKAGE, "btnProject", "+…"),
)
STEPS_361 = (
    click(PACKAGE, "fab"),
    click(PACKAGE, "btnProject", "+…"),
    click(PACKAGE, "android:id/button1", "OK"),
)


class Simpletask(VirtualApp):
    """Simpletask Cloudless 6.3.0: the tag and list buttons of Add Task crash (#332)."""

    name: ClassVar[str] = "simpletask-android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_LABEL
    version: ClassVar[str] = "6.3.0"
    launch_activity: ClassVar[str] = MAIN
    today: ClassVar[str] = "2015-12-28"
    cancel_in_overflow: ClassVar[bool] = False
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "simpletask-android#332",
            "crash",
            "When editing, clicking on + causes crash",
            null_prefix_crash,
            human_steps=STEPS_332,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"tasks": []}

    # -- main screen ---------------------------------------------------------------------------
    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            if w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "drawer"):
                return True
            if ctx.ui.get("selected"):
                ctx.ui["selected"] = []
                return True
        if ctx.activity == ADD:
            return w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "dialog", "")
        return False

    def select(self, ctx: AppContext, index: int) -> None:
        w.toggle(ctx.ui.setdefault("selected", []), index)

    def complete(self, ctx: AppContext, index: int) -> None:
        line = ctx.data["tasks"][index]
        ctx.data["tasks"][index] = line[2:] if line.startswith("x ") else f"x {self.today} {line}"

    def context_action(self, ctx: AppContext, action: str) -> None:
        ctx.ui["menu"] = False
        chosen = sorted(ctx.ui.get("selected", []))
        tasks = ctx.data["tasks"]
        if action == "update":
            ctx.ui["selected"] = []
            ctx.start_activity(ADD, {"update": chosen})
            return
        if action == "select_all":
            ctx.ui["selected"] = list(range(len(tasks)))
            return
        if action in ("complete", "uncomplete"):
            for i in chosen:
                if tasks[i].startswith("x ") == (action == "uncomplete"):
                    self.complete(ctx, i)
        elif action == "delete":
            ctx.data["tasks"] = [t for i, t in enumerate(tasks) if i not in chosen]
        elif action == "archive":
            ctx.data["tasks"] = [t for i, t in enumerate(tasks) if not t.startswith("x ")]
        else:
            return  # Update lists/tags, Prioritize, Share, reminder, dates: not modelled
        ctx.ui["selected"] = []

    def main_menu(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "archive":
            ctx.data["tasks"] = [t for t in ctx.data["tasks"] if not t.startswith("x ")]
        elif item in ("preferences", "help"):
            ctx.start_activity(PREFS if item == "preferences" else HELP)

    def render_main(self, ctx: AppContext) -> Screen:
        selected = ctx.ui.get("selected", [])
        query = ctx.ui.get("search")
        rows = []
        for i, line in enumerate(ctx.data["tasks"]):
            if query and query.lower() not in line.lower():
                continue
            rows.append(
                w.linear_layout(
                    [
                        w.check_box(
                            "checkBox",
                            "",
                            line.startswith("x "),
                            w.bind(self.complete, i),
                            width=120,
                        ),
                        w.text_view(body(line), "tasktext"),
                    ],
                    rid="taskline",
                    horizontal=True,
                    height=150,
                    selected=i in selected,
                    on_click=w.bind(self.select, i),
                    on_long_click=w.bind(self.select, i),
                )
            )
        actions: list[View] = []
        if not selected:
            if query is None:
                actions.append(w.action_item("search", "Search", lambda c: c.ui.update(search="")))
            actions += [  # menu/main.xml: Filter has orderInCategory 2
                w.action_item("share", "Share", None),
                w.action_item("filter", "Filter", lambda c: c.start_activity(FILTER)),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ]
        bar_title: str | View = APP_LABEL
        if query is not None and not selected:
            bar_title = w.edit_text(
                "search_src_text", query, lambda c, t: c.ui.update(search=t), hint="Search"
            )
        bar = w.toolbar(
            bar_title,
            navigation=w.nav_button("Select list", lambda c: c.ui.update(drawer=True)),
            actions=actions,
            rid="action_bar",
        )
        content: list[View] = [w.list_view(rows)]
        if not selected:
            content.append(w.fab("fab", "", lambda c: c.start_activity(ADD)))
        page: list[View] = [bar, w.frame_layout(content, layout=FRAME)]
        if selected:
            page.append(self.context_bar())
        drawer = None
        if ctx.ui.get("drawer"):
            names = sorted({n for t in ctx.data["tasks"] for n in words(t, "@")}) + sorted(
                {n for t in ctx.data["tasks"] for n in words(t, "+")}
            )
            drawer = w.list_view(
                [w.drawer_entry(n, None, rid="android:id/text1") for n in names],
                rid="left_drawer",
            )
        root = w.drawer_layout(w.linear_layout(page, rid="home_root"), drawer)
        windows = []
        if ctx.ui.get("menu"):
            if selected:
                items = [(t, w.bind(self.context_action, rid), rid) for t, rid in CONTEXT_ITEMS]
            else:
                items = [(t, w.bind(self.main_menu, rid), rid) for t, rid in MAIN_ITEMS]
            windows.append(w.menu_window(items, lambda c: c.ui.update(menu=False)))
        return Screen(content=root, windows=windows)

    def context_bar(self) -> View:
        icons = [
            w.action_item(rid, title, w.bind(self.context_action, rid))
            for title, rid in (
                ("Update", "update"),
                ("Update lists", "update_lists"),
                ("Update tags", "update_tags"),
                ("Prioritize", "priority"),
            )
        ]
        icons.append(w.overflow_button(lambda c: c.ui.update(menu=True)))
        return w.toolbar("", actions=icons, rid="toolbar")

    # -- Add Task ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == ADD and "text" not in ctx.ui:
            chosen = ctx.extras.get("update") or []
            ctx.ui["text"] = "\n".join(ctx.data["tasks"][i] for i in chosen)
            ctx.ui.update(dialog="", checked=[], field="", clone=False, wrap=False)

    def save(self, ctx: AppContext) -> None:
        text = ctx.ui["text"]
        ctx.finish()
        if not text.strip():
            return
        lines = [dated(line, self.today) for line in text.replace("\r", "").split("\n")]
        chosen = ctx.extras.get("update") or []
        kept: list[str | None] = list(ctx.data["tasks"])
        for i in chosen:
            kept[i] = lines.pop(0) if lines else None
        ctx.data["tasks"] = [t for t in kept if t is not None] + lines

    def open_words(self, ctx: AppContext, kind: str) -> None:
        """The "+…" (tag) and "@…" (list) buttons."""
        raise _null_prefix(kind)

    def words_ok(self, ctx: AppContext) -> None:
        """The tag/list dialog's OK (reachable from 7.0.11 on)."""
        kind = ctx.ui["dialog"]
        sigil = "+" if kind == "tag" else "@"
        lines = edit_lines(ctx.ui["text"])
        idx = ctx.ui["text"].count("\n")  # the cursor is at the end of the text
        task = lines[idx] if idx < len(lines) else ""
        wanted = list(ctx.ui["checked"]) + ([ctx.ui["field"]] if ctx.ui["field"] else [])
        for name in wanted:
            if name not in words(task, sigil):
                task = f"{task} {sigil}{name}".strip()
        if idx >= len(lines):
            raise _set_past_end(kind, idx, len(lines))
        lines[idx] = task
        ctx.ui.update(text="\n".join(lines), dialog="")

    def choose(self, ctx: AppContext, index: int) -> None:
        """A row of the priority or date dialog."""
        kind = ctx.ui["dialog"]
        ctx.ui["dialog"] = ""
        lines = edit_lines(ctx.ui["text"]) or [""]
        line = lines[-1]
        if kind == "prio":
            if line.startswith("(") and line[2:4] == ") ":
                line = line[4:]
            line = line if index == 0 else f"({PRIORITIES[index]}) {line}"
        else:
            key = "due:" if kind == "due" else "t:"
            day = datetime.date.fromisoformat(self.today)
            if index == 4:
                day = day.replace(month=day.month % 12 + 1, year=day.year + (day.month == 12))
            elif index < 4:
                day += datetime.timedelta(days=DEFER_DAYS[index])
            kept = [p for p in line.split(" ") if p and not p.startswith(key)]
            line = " ".join([*kept, f"{key}{day.isoformat()}"])
        lines[-1] = line
        ctx.ui["text"] = "\n".join(lines)

    def add_menu(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "cancel":
            ctx.finish()
        else:
            ctx.start_activity(HELP)

    def render_add(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        title = "Update" if ctx.extras.get("update") else "Add Task"
        overflow = [("Help", w.bind(self.add_menu, "help"))]
        actions = [w.action_item("menu_save_task", "Save task", self.save)]
        if self.cancel_in_overflow:
            overflow.insert(0, ("Cancel", w.bind(self.add_menu, "cancel")))
        else:
            actions.insert(0, w.action_item("menu_cancel_task", "Cancel", w.finish))
        actions.append(w.overflow_button(lambda c: c.ui.update(menu=True)))
        bar = w.toolbar(title, navigation=w.up_button(), actions=actions, rid="action_bar")

        def flip(key: str) -> Any:
            return lambda c: c.ui.update({key: not c.ui[key]})

        def opener(kind: str) -> Any:
            return lambda c: c.ui.update(dialog=kind)

        buttons = [
            w.button("btnContext", "@…", lambda c: self.open_words(c, "list")),
            w.button("btnProject", "+…", lambda c: self.open_words(c, "tag")),
            w.button("btnPrio", "(.)", opener("prio")),
            w.button("btnDue", "due:…", opener("due")),
            w.button("btnThreshold", "t:…", opener("threshold")),
        ]
        root = w.linear_layout(
            [
                bar,
                w.edit_text(
                    "taskText",
                    ui["text"],
                    lambda c, t: c.ui.update(text=t),
                    hint=HINT,
                    extra={"multiline": True},
                ),
                w.linear_layout(
                    [
                        w.check_box("cb_clone", "", ui["clone"], flip("clone"), width=120),
                        w.text_view("Prefill next"),
                        w.check_box("cb_wrap", "", ui["wrap"], flip("wrap"), width=120),
                        w.text_view("Word wrap"),
                    ],
                    horizontal=True,
                    height=130,
                ),
                w.linear_layout(buttons, horizontal=True, height=140),
            ],
            rid="home_root",
        )
        windows: list[Window] = []
        if ui.get("menu"):
            windows.append(w.menu_window(overflow, lambda c: c.ui.update(menu=False)))
        if ui["dialog"]:
            windows.append(self.add_dialog(ctx))
        return Screen(content=root, windows=windows)

    def add_dialog(self, ctx: AppContext) -> Window:
        kind = ctx.ui["dialog"]
        close = lambda c: c.ui.update(dialog="")  # noqa: E731
        if kind in ("tag", "list"):
            sigil = "+" if kind == "tag" else "@"
            lines = edit_lines(ctx.ui["text"])
            names = sorted(
                {n for t in ctx.data["tasks"] + lines for n in words(t, sigil)}, key=str.lower
            )
            rows = [
                View(
                    cls="android.widget.CheckedTextView",
                    resource_id="android:id/text1",
                    text=n,
                    checkable=True,
                    checked=n in ctx.ui["checked"],
                    on_click=w.bind(lambda c, n: w.toggle(c.ui["checked"], n), n),
                    height=130,
                )
                for n in names
            ]
            field = w.edit_text("editText", ctx.ui["field"], lambda c, t: c.ui.update(field=t))
            return w.alert_dialog(
                w.dialog_title("Tag" if kind == "tag" else "List"),
                [field, w.list_view(rows, rid="listView")],
                w.dialog_buttons(("OK", self.words_ok), ("Cancel", close)),
                close,
            )
        if kind == "prio":
            title, choices = "Priority", PRIORITIES
        else:
            title = "Set due date(s)" if kind == "due" else "Set threshold date(s)"
            choices = list(DEFER)
        rows = [
            w.text_view(c, "android:id/text1", on_click=w.bind(self.choose, i), height=130)
            for i, c in enumerate(choices)
        ]
        listing = w.list_view(rows, rid="android:id/select_dialog_listview", scroll_key="rows")
        return w.alert_dialog(w.dialog_title(title), [listing], [], close)

    # -- dispatch ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self.render_main(ctx)
        if ctx.activity == ADD:
            return self.render_add(ctx)
        title = {PREFS: "Settings", HELP: "Help", FILTER: "Filter"}[ctx.activity]
        bar = w.toolbar(title, navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar]))


class Simpletask7011(Simpletask):
    """Simpletask Cloudless 7.0.11: the tag/list dialogs open (the 6.3.1 fix), but their OK
    with an empty edit box crashes (#361); "Cancel" is in Add Task's overflow."""

    version: ClassVar[str] = "7.0.11"
    today: ClassVar[str] = "2016-02-08"
    cancel_in_overflow: ClassVar[bool] = True
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "simpletask-android#361",
            "crash",
            "When creating a new task, app is crashing when selecting List or Tag from menu",
            set_past_end_crash,
            human_steps=STEPS_361,
        ),
    )

    def open_words(self, ctx: AppContext, kind: str) -> None:
        ctx.ui.update(dialog=kind, checked=[], field="")


WRONG_SEQUENCES = {
    "simpletask-android#332": [
        # Update, then the priority button instead of the tag button.
        [*STEPS_332[:-1], click(PACKAGE, "btnPrio", "(.)")],
        # Update and save without touching the tag button.
        [*STEPS_332[:-1], click(PACKAGE, "menu_save_task", desc="Save task")],
        # The due date button of a new task.
        [click(PACKAGE, "fab"), click(PACKAGE, "btnDue", "due:…")],
        # The task selected, then Update tags from the selection bar instead.
        [*STEPS_332[:4], click(PACKAGE, "update_tags", desc="Update tags")],
    ],
    "simpletask-android#361": [
        # The tag dialog cancelled.
        [*STEPS_361[:-1], click(PACKAGE, "android:id/button2", "Cancel")],
        # Text typed first: the edit box is not empty.
        [
            click(PACKAGE, "fab"),
            input_text(PACKAGE, "taskText", "Call the bank", hint=HINT),
            *STEPS_361[1:],
        ],
        # The priority button instead.
        [click(PACKAGE, "fab"), click(PACKAGE, "btnPrio", "(.)"), click(PACKAGE, text="A")],
        # An existing task updated, then its tags changed.
        [
            *_add_task_steps("Call the bank"),
            click(PACKAGE, "tasktext", "Call the bank"),
            click(PACKAGE, "update", desc="Update"),
            *STEPS_361[1:],
        ],
    ],
}
