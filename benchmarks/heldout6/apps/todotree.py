"""TodoTree (``nl.tsmeets.todotree``, TomSmeets/TodoTree) 1.2, for TodoTree#2.

A to-do list as a tree: the screen shows the path from "root" to the node in focus (each a row
to tap), the focused node as an editable text, then its children; a child's text (or its count
of children) opens it, its check box marks it done. The bottom bar has More (Export Data,
Remove Done), Remove, Grab and Place (move a node through a clipboard) and Insert (a dialog
asking for the new child's text).

Sources read at tag v1.2 (commit 5cd2148, "save data more atomically", 2023-01-02;
``versionName`` 1.2), the version the report's thread names (filed 2023-01-08). Files read:
``MainActivity.java``, ``model/Tree.java``, ``model/Node.java``, ``view/NodeView.java``,
``view/SimplePopupMenu.java``, ``store/Util.java``, ``layout/activity_main.xml``,
``AndroidManifest.xml`` and ``themes.xml``; the fix is a80f903 ("Possebly fix bug where data is
not saved", v1.3).

Bug TodoTree#2 (non-crash): ``MainActivity.saveData`` (after every change, and in ``onStop``
and ``onDestroy``) writes the tree to ``data-new.csv`` and then renames it over ``data.csv``
inside an ``assert`` statement, which Android never evaluates (assertions are off). The tree
is a field of the activity and ``onCreate`` reads ``data.csv``, which therefore never exists:
every new MainActivity instance (after Back and a relaunch, after the process is killed, or a
rotation) starts from an empty tree and the tasks typed before are gone.

Stubbed: "Export Data" (the document picker; the item closes the menu). Uncertain: how the
reporter left the app (Back, or the process killed later); every way that creates a new
MainActivity loses the tree, in the sources as in the model. The rows are built in code with
no ids, as the app builds them, and the check box drawables do not show in the dump.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "nl.tsmeets.todotree"
MAIN = ".MainActivity"
ROW_HEIGHT = 98  # 130 / 3.5 * scaledDensity (2.625) px


def _new_tree() -> dict[str, Any]:
    """``new Tree()``: the "root" node (the "yank" clipboard is kept beside it)."""
    return {"text": "root", "state": 0, "children": []}


def _count(node: dict[str, Any]) -> int:
    return sum(1 + _count(child) for child in node["children"])


def tasks_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of TodoTree#2: a new MainActivity started from a tree without the nodes
    the app had last saved."""
    return bool(data["lost"])


# -- steps -------------------------------------------------------------------------------------
INSERT = click(PACKAGE, "main_list_button_add", "Insert")
OK = click(PACKAGE, "android:id/button1", "Ok")
CANCEL = click(PACKAGE, "android:id/button2", "Cancel")
BACK: dict[str, Any] = {"kind": "press_back"}
HOME: dict[str, Any] = {"kind": "press_home"}
LAUNCH = click(PACKAGE, text="TodoTree", desc="TodoTree")


def insert(text: str) -> list[dict[str, Any]]:
    return [INSERT, input_text(PACKAGE, "", text, hint="text"), OK]


class TodoTree(VirtualApp):
    """TodoTree 1.2: one activity, its dialogs and the More menu."""

    name: ClassVar[str] = "TodoTree"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "TodoTree"
    version: ClassVar[str] = "1.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "TodoTree#2",
            "non-crash",
            "Tasks aren't saved on exit",
            tasks_lost,
            human_steps=(*insert("Buy milk"), BACK, LAUNCH),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # The app's files: data.csv (read by onCreate) and data-new.csv (written by saveData).
        return {"data_csv": None, "data_new_csv": None, "lost": False}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        saved = ctx.data["data_csv"]
        tree = json.loads(saved) if saved else _new_tree()
        last = ctx.data["data_new_csv"]
        if last and _count(json.loads(last)) > _count(tree):
            ctx.data["lost"] = True  # what the app saved last is not what it loaded
        ctx.ui.update(
            tree=tree,
            yank={"text": "yank", "state": 0, "children": []},
            focus=[],
            dialog=None,
            menu=False,
        )

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {}  # the tree is a plain field; onCreate reads data.csv again

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu"):
            return True
        # Back finishes the activity: onStop and onDestroy call saveData.
        self._save(ctx)
        return False

    def _save(self, ctx: AppContext) -> None:
        """``saveData``: write data-new.csv; the rename to data.csv sits in an ``assert``."""
        ctx.data["data_new_csv"] = json.dumps(ctx.ui["tree"])

    # -- the tree ----------------------------------------------------------------------------
    def _node(self, ctx: AppContext, path: list[int]) -> dict[str, Any]:
        node: dict[str, Any] = ctx.ui["tree"]
        for index in path:
            node = node["children"][index]
        return node

    def _view_node(self, ctx: AppContext, path: list[int]) -> None:
        ctx.ui["focus"] = list(path)
        ctx.hide_keyboard()

    def _edit_focus(self, ctx: AppContext, text: str) -> None:
        self._node(ctx, ctx.ui["focus"])["text"] = text

    def _toggle(self, ctx: AppContext, path: list[int]) -> None:
        node = self._node(ctx, path)
        node["state"] = (node["state"] + 1) % 2
        self._save(ctx)

    def _insert_ok(self, ctx: AppContext) -> None:
        text = ctx.ui["dialog"]["text"]
        ctx.ui["dialog"] = None
        node = {"text": text, "state": 0, "children": []}
        self._node(ctx, ctx.ui["focus"])["children"].insert(0, node)  # prepend_node
        self._save(ctx)

    def _remove(self, ctx: AppContext) -> None:
        path = ctx.ui["focus"]
        if not path:
            return
        if self._node(ctx, path)["children"]:
            ctx.ui["dialog"] = {"kind": "remove"}
            return
        self._detach(ctx)

    def _detach(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        path = ctx.ui["focus"]
        self._node(ctx, path[:-1])["children"].pop(path[-1])
        self._view_node(ctx, path[:-1])
        self._save(ctx)

    def _grab(self, ctx: AppContext) -> None:
        path = ctx.ui["focus"]
        if not path:
            return
        node = self._node(ctx, path[:-1])["children"].pop(path[-1])
        ctx.ui["yank"]["children"].insert(0, node)
        self._view_node(ctx, path[:-1])
        self._save(ctx)

    def _place(self, ctx: AppContext) -> None:
        yanked = ctx.ui["yank"]["children"]
        if yanked:
            self._node(ctx, ctx.ui["focus"])["children"].insert(0, yanked.pop(0))
        self._save(ctx)

    def _menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "remove_done":
            ctx.ui["dialog"] = {"kind": "remove_done"}

    def _remove_done(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        node = self._node(ctx, ctx.ui["focus"])
        node["children"] = [c for c in node["children"] if c["state"] != 1]  # no saveData

    def _open_insert(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "insert", "text": ""}

    def _dialog_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["text"] = text

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    # -- rendering ---------------------------------------------------------------------------
    def _row(self, ctx: AppContext, path: list[int], editable: bool) -> View:
        """A ``NodeView``: the text (an EditText for the focused node), the child count, the
        check box."""
        node = self._node(ctx, path)
        if editable:
            text = w.edit_text("", node["text"], self._edit_focus, height=ROW_HEIGHT)
        else:
            text = w.text_view(
                node["text"], on_click=w.bind(self._view_node, path), height=ROW_HEIGHT
            )
        children: list[View] = [text]
        if node["children"]:
            count = str(len(node["children"]))
            open_node = w.bind(self._view_node, path)
            children.append(w.text_view(count, on_click=open_node, width=90, height=ROW_HEIGHT))
        box = w.bind(self._toggle, path)
        children.append(w.image_view(handler=box, width=ROW_HEIGHT))
        return w.linear_layout(children, horizontal=True, height=ROW_HEIGHT)

    def render(self, ctx: AppContext) -> Screen:
        focus = ctx.ui["focus"]
        rows: list[View] = []
        paths = [focus[:i] for i in range(len(focus))]  # parents(), root first
        paths.append(focus)
        for path in paths:
            rows.append(self._row(ctx, path, path == focus))
            rows.append(w.image_view(height=8))
        for index in range(len(self._node(ctx, focus)["children"])):
            rows.append(self._row(ctx, [*focus, index], False))
            rows.append(w.image_view(height=8))
        listing = w.scroll_view(
            [w.linear_layout(rows, rid="main_list", weight=0)], rid="main_scroll"
        )
        yanked = len(ctx.ui["yank"]["children"])
        buttons = [
            ("main_list_button_more", "More", lambda c: c.ui.update(menu=True)),
            ("main_list_button_del", "Remove", self._remove),
            ("main_list_button_yank", "Grab", self._grab),
            ("main_list_button_paste", f"Place ({yanked})" if yanked else "Place", self._place),
            ("main_list_button_add", "Insert", self._open_insert),
        ]
        bar = w.linear_layout(
            [w.button(rid, text, handler) for rid, text, handler in buttons],
            horizontal=True,
            height=140,
        )
        return Screen(content=w.linear_layout([listing, bar]), windows=self._windows(ctx))

    def _windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        if ctx.ui["menu"]:
            items = [
                ("Export Data", w.bind(self._menu_item, "export")),
                ("Remove Done", w.bind(self._menu_item, "remove_done")),
            ]
            close = w.bind(self._menu_item, "")
            windows.append(w.menu_window(items, close, title_rid="android:id/title"))
        dialog = ctx.ui["dialog"]
        close_dialog = self._close_dialog
        if dialog is None:
            return windows
        if dialog["kind"] == "insert":
            field = w.edit_text("", dialog["text"], self._dialog_text, hint="text")
            windows.append(
                w.input_dialog(
                    "Node Text",
                    field,
                    ("Ok", self._insert_ok),
                    ("Cancel", close_dialog),
                    close_dialog,
                )
            )
        else:
            if dialog["kind"] == "remove":
                count = len(self._node(ctx, ctx.ui["focus"])["children"])
                message = f"Are you sure you want to remove this node with {count} children ?"
                yes = self._detach
            else:
                message = "Do you want to remove all DONE nodes?"
                yes = self._remove_done
            windows.append(
                w.confirm_dialog(
                    "Confirm", message, ("Yes", yes), ("No", close_dialog), close_dialog
                )
            )
        return windows


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "TodoTree#2": [
        # The task is typed and the app stays open.
        insert("Buy milk"),
        # The app is left with Home and opened again: the same activity comes back.
        [*insert("Buy milk"), HOME, LAUNCH],
        # The dialog is cancelled, then the app is closed and opened: nothing was typed.
        [INSERT, input_text(PACKAGE, "", "Buy milk", hint="text"), CANCEL, BACK, LAUNCH],
        # Closed and opened before any task is typed.
        [BACK, LAUNCH, *insert("Buy milk")],
    ],
}
