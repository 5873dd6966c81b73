"""SNotepad (``info.aario.snotepad``, aario/snotepad) 1.2.1, for snotepad#17.

A notepad that keeps each note as a ``.txt`` file in one folder. One activity
(``MainActivity``) swaps fragments in ``fragment_container`` under its toolbar ("SNotepad",
the overflow menu Refresh / Sort by Name / Sort by Date / Settings / About) with one FAB
(``fab``) whose icon and action each fragment sets: ``ListFragment`` (a SearchView in
``listToolbar``, the ``filesList`` ListView of ``simple_list_item_2`` rows, file name and
modified date; a long press opens the context menu "Delete"; the FAB "+" opens a new
"Note.txt" in the editor), ``EditorFragment`` (``editorToolbar`` with the Undo / Redo buttons,
"Title (File Name)", ``etTitle``, ``etEditor``; the FAB saves), ``SettingsFragment`` (the
saving path, "Select Folder"; the FAB saves the path) and ``AboutFragment``. Back with unsaved
changes asks "You have unsaved changes. Do you want to save them?" (Yes / No / Cancel).

Sources read at tag ``1.2.1`` (commit ``a619ff1``, "Fixed bug wrong item index when sorted",
2017-03-31; ``app/build.gradle`` versionName 1.2.1, the version the reporter names):
``MainActivity.java``, ``ListFragment.java``, ``EditorFragment.java``, ``Filer.java``,
``SettingsFragment.java``, ``AboutFragment.java``, the layouts ``activity_main``,
``list_fragment``, ``editor_fragment``, ``settings_fragment``, ``about_fragment``, the menus
``menu_main`` and ``list_menu``, ``values/strings.xml`` and the manifest (support library
25.2.0). The fix is ``ab8d73e`` ("Fixed crash on rotating screen; The activity now always
opens last file when recreated specially when screen rotates", 2017-10-01, in 1.2.2).

Bug snotepad#17 (crash): ``MainActivity.editFile`` creates an ``EditorFragment``, commits it
and hands it the file with ``ef.open(filePath)``, a plain field (``path``) that no saved state
keeps. Rotating the device re-creates the activity; the FragmentManager re-instantiates the
EditorFragment on the back stack with ``path`` null, and its ``onCreateView`` calls
``filer.getFileNameWithoutExtension(path)`` -> ``new File(null)``, a NullPointerException
wrapped in "Unable to start activity". The list, Settings and About fragments keep no such
field and survive the rotation.

Modelled: the folder (``getExternalFilesDir``, empty after a fresh install) as a name -> text
map with modified stamps (a fixed clock, 2018-02-11 10:00, one minute per write), the search
(names and contents), both sorts (by date newest first; "by name" sorts names descending, as
the comparator does), the context menu's Delete, the editor's save and rename (a changed title
saves under ``proposeNewFilePath`` and deletes the old file), Undo / Redo, the unsaved-changes
dialog (its ``switch`` falls through: Yes saves and goes back, No goes back, Cancel stays) and
the snackbars. Stubbed: "Select Folder" (the file picker activity) and the About screen's FAB
(a donation link in the browser) do nothing; the About text is shortened. Uncertain: the
framework's frame lines (Android 7.1, API 25) of the stack are approximate; after a rotation on
Settings or About the activity's pending ``replace(listFragment)`` is modelled as the list shown
over the kept back-stack entry.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text, long_click
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "info.aario.snotepad"
MAIN = ".MainActivity"
FOLDER = "/storage/emulated/0/Android/data/info.aario.snotepad/files"
SAVE_QUESTION = "You have unsaved changes. Do you want to save them?"
MENU = ("Refresh", "Sort by Name", "Sort by Date", "Settings", "About")

# The NullPointerException of ``new File(null)`` under the restored EditorFragment's view
# creation (support library 25.2.0 on Android 7.1; framework lines approximate).
NPE_FRAMES = [
    "java.io.File.<init>(File.java:262)",
    "info.aario.snotepad.Filer.getFileName(Filer.java:43)",
    "info.aario.snotepad.Filer.getFileNameWithoutExtension(Filer.java:47)",
    "info.aario.snotepad.EditorFragment.onCreateView(EditorFragment.java:95)",
    "android.support.v4.app.Fragment.performCreateView(Fragment.java:2192)",
    "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:1299)",
    "android.support.v4.app.FragmentManagerImpl.moveFragmentToExpectedState"
    "(FragmentManager.java:1528)",
    "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:1595)",
    "android.support.v4.app.FragmentManagerImpl.dispatchActivityCreated(FragmentManager.java:2898)",
    "android.support.v4.app.FragmentController.dispatchActivityCreated"
    "(FragmentController.java:201)",
    "android.support.v4.app.FragmentActivity.onStart(FragmentActivity.java:603)",
    "android.support.v7.app.AppCompatActivity.onStart(AppCompatActivity.java:178)",
    "android.app.Instrumentation.callActivityOnStart(Instrumentation.java:1248)",
    "android.app.Activity.performStart(Activity.java:6696)",
    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2628)",
]
RELAUNCH_FRAMES = [
    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2665)",
    "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:2726)",
    "android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:4477)",
    "android.app.ActivityThread.-wrap15(ActivityThread.java)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1530)",
]


def _crashed_on_rotation(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of snotepad#17: the re-created EditorFragment's ``onCreateView`` threw the
    NullPointerException of its lost ``path``."""
    return data.get("crash_site") == "EditorFragment.onCreateView" and crashed(
        system, PACKAGE, "java.lang.RuntimeException", "MainActivity", "NullPointerException"
    )


def _stem(name: str) -> str:
    """``Filer.getFileNameWithoutExtension`` of a file name."""
    dot = name.rfind(".")
    return name[:dot] if dot > 0 else name


FAB = click(PACKAGE, "fab")
TYPE_TEXT = input_text(PACKAGE, "etEditor", "Shopping: milk, eggs")
ROTATE = {"kind": "rotate", "orientation": "landscape"}
BACK = {"kind": "press_back"}  # after typing: hides the keyboard, which covers the FAB
OVERFLOW = click(PACKAGE, desc="More options")


class Snotepad(VirtualApp):
    """SNotepad 1.2.1 (see the module docstring)."""

    name: ClassVar[str] = "snotepad"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "SNotepad"
    version: ClassVar[str] = "1.2.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "snotepad#17",
            "crash",
            "Crashes portrait to landscape",
            _crashed_on_rotation,
            human_steps=(FAB, TYPE_TEXT, BACK, FAB, ROTATE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"files": {}, "clock": 0, "path": FOLDER, "crash_site": ""}

    # -- the activity -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        stack = ctx.ui.get("stack")
        if not stack:
            ctx.ui.update(stack=["list"], sort_by_date=True, query="", modified=False)
            return
        # A re-creation: the FragmentManager restores the fragments first; views are made in
        # onStart, before the pending replace(listFragment) of onCreate runs.
        if stack[-1] == "editor":
            ctx.data["crash_site"] = "EditorFragment.onCreateView"
            npe = JavaException("java.lang.NullPointerException", frames=NPE_FRAMES)
            raise JavaException(
                "java.lang.RuntimeException",
                "Unable to start activity ComponentInfo{info.aario.snotepad/"
                "info.aario.snotepad.MainActivity}: java.lang.NullPointerException",
                frames=[*RELAUNCH_FRAMES, *message_frames(25)],
                cause=npe,
            )
        if stack[-1] != "list":
            stack[-1] = "list"
        ctx.ui.update(sort_by_date=True, query="", modified=False)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # Only the fragment back stack survives: the fields (path, sort, query) do not.
        return {"stack": list(ctx.ui.get("stack", ["list"]))}

    def _show(self, ctx: AppContext, fragment: str, allow_back: bool = True) -> None:
        """``changeFragment``: replace the container's fragment (on the back stack)."""
        stack = ctx.ui["stack"]
        if allow_back:
            stack.append(fragment)
        else:
            stack[-1] = fragment
        ctx.ui["snack"] = ""

    def _pop(self, ctx: AppContext) -> None:
        w.pop_back_stack(ctx.ui["stack"])
        # The list's view is made again: refresh() clears the search.
        ctx.ui.update(snack="", query="", search_open=False)

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "context"):
            return True
        if ctx.ui.get("search_open"):
            ctx.ui.update(search_open=False, query="")
            return True
        if len(ctx.ui["stack"]) == 1:
            return False
        if ctx.ui.get("modified"):
            ctx.ui["dialog"] = True
        else:
            self._pop(ctx)
        return True

    def _answer(self, ctx: AppContext, which: str) -> None:
        """The save question's listener: its ``switch`` falls through from Yes to No."""
        ctx.ui["dialog"] = False
        if which == "cancel":
            return
        if which == "yes":
            self._fab(ctx)
        self._pop(ctx)

    def _menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "Refresh":
            ctx.ui["query"] = ""
        elif item in ("Sort by Name", "Sort by Date"):
            ctx.ui["sort_by_date"] = item == "Sort by Date"
        else:
            self._show(ctx, item.lower())

    def _fab(self, ctx: AppContext) -> None:
        top = ctx.ui["stack"][-1]
        if top == "list":
            self._edit(ctx, self._propose(ctx, "Note"))
        elif top == "editor":
            self._save(ctx)
        elif top == "settings":
            ctx.ui["query"] = ""  # setPath refreshes the list
            self._pop(ctx)

    # -- files --------------------------------------------------------------------------------
    def _write(self, ctx: AppContext, name: str, text: str) -> None:
        ctx.data["clock"] += 1
        ctx.data["files"][name] = {"text": text, "mtime": ctx.data["clock"]}

    def _propose(self, ctx: AppContext, prefix: str) -> str:
        """``ListFragment.proposeNewFilePath``: the first free "<prefix>[ n].txt"."""
        i = 1
        while True:
            name = f"{prefix}{'' if i == 1 else f' {i}'}.txt"
            if name not in ctx.data["files"]:
                return name
            i += 1

    def _edit(self, ctx: AppContext, name: str) -> None:
        """``MainActivity.editFile`` then ``EditorFragment.onCreateView``."""
        self._show(ctx, "editor")
        text = ctx.data["files"].get(name, {}).get("text", "")
        ctx.ui.update(path=name, name=_stem(name), title=_stem(name), text=text)
        ctx.ui.update(history=[text], cursor=0, modified=False)

    def _save(self, ctx: AppContext) -> None:
        ui = ctx.ui
        old = ui["path"]
        rename = ui["title"] != ui["name"]
        if rename:
            ui["path"] = self._propose(ctx, ui["title"])
            ui["name"] = _stem(ui["path"])
        self._write(ctx, ui["path"], ui["text"])
        ui["snack"] = f"Changes saved to {ctx.data['path']}/{ui['path']}"
        if rename:
            ctx.data["files"].pop(old, None)
        ui["modified"] = False

    def _type(self, ctx: AppContext, text: str) -> None:
        """The editor's TextWatcher: ``saveUndoRedo`` then ``editor_modified = true``."""
        ui = ctx.ui
        del ui["history"][ui["cursor"] + 1 :]
        ui["history"].append(text)
        ui.update(cursor=len(ui["history"]) - 1, text=text, modified=True)

    def _step_history(self, ctx: AppContext, delta: int) -> None:
        ctx.ui["cursor"] += delta
        ctx.ui["text"] = ctx.ui["history"][ctx.ui["cursor"]]

    def _delete(self, ctx: AppContext, name: str) -> None:
        ctx.ui["context"] = ""
        ctx.data["files"].pop(name, None)
        ctx.ui["snack"] = f"File {name} successfully deleted."

    def _stamp(self, ctx: AppContext, name: str) -> str:
        minute = ctx.data["files"][name]["mtime"]
        return f"2018-02-11 {10 + minute // 60:02d}:{minute % 60:02d}"

    def _listed(self, ctx: AppContext) -> list[str]:
        query = ctx.ui.get("query", "")
        files = ctx.data["files"]
        names = [n for n in files if not query or query in n or query in files[n]["text"]]
        if ctx.ui.get("sort_by_date", True):
            return sorted(names, key=lambda n: -files[n]["mtime"])
        return sorted(names, reverse=True)

    # -- screens ------------------------------------------------------------------------------
    def _list(self, ctx: AppContext) -> list[View]:
        if ctx.ui.get("search_open"):
            search = w.edit_text(
                "android:id/search_src_text",
                ctx.ui.get("query", ""),
                lambda c, t: c.ui.update(query=t),
            )
        else:
            search = w.image_view(
                "android:id/search_button",
                "Search",
                lambda c: c.ui.update(search_open=True),
                width=147,
            )
        rows = [
            w.list_row(
                name,
                self._stamp(ctx, name),
                on_click=w.bind(lambda c, n: self._edit(c, n), name),
                on_long_click=w.bind(lambda c, n: c.ui.update(context=n), name),
            )
            for name in self._listed(ctx)
        ]
        bar = View(cls="android.view.ViewGroup", resource_id="listToolbar", weight=0)
        bar.children = [View(cls="android.widget.SearchView", resource_id="searchView")]
        bar.children[0].children = [search]
        return [bar, w.list_view(rows, rid="filesList")]

    def _editor(self, ctx: AppContext) -> list[View]:
        ui = ctx.ui
        history, cursor = ui["history"], ui["cursor"]
        bar = w.linear_layout(
            [
                w.button("btUndo", "Undo", lambda c: self._step_history(c, -1), enabled=cursor > 0),
                w.button(
                    "btRedo",
                    "Redo",
                    lambda c: self._step_history(c, 1),
                    enabled=cursor < len(history) - 1,
                ),
            ],
            rid="editorToolbar",
            horizontal=True,
            height=w.TOOLBAR_HEIGHT,
        )
        return [
            bar,
            w.text_view("Title (File Name)", "textView", height=60),
            w.edit_text(
                "etTitle",
                ui["title"],
                lambda c, t: c.ui.update(title=t),
                hint="Title is mandatory",
                height=130,
            ),
            w.edit_text("etEditor", ui["text"], self._type),
        ]

    def _settings(self, ctx: AppContext) -> list[View]:
        return [
            w.text_view("Saving path:", height=80),
            w.text_view(ctx.data["path"], "tvPath", height=120),
            w.button("btChangePath", "Select Folder", None, height=140),
            View(cls="android.view.View"),
        ]

    def _about(self, ctx: AppContext) -> list[View]:
        return [
            w.text_view(f"Version: {self.version}", "tvVersion", height=80),
            w.text_view(
                "Copyright (C) 2017 Aario Shahbany SNotepad is simple yet professional notepad "
                "app for android. The S stands for Suckless/Simple.",
                "tvAbout",
            ),
        ]

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        if ui.get("dialog"):
            answers = [
                w.dialog_button("android:id/button3", "Cancel", w.bind(self._answer, "cancel")),
                w.dialog_button("android:id/button2", "No", w.bind(self._answer, "no")),
                w.dialog_button("android:id/button1", "Yes", w.bind(self._answer, "yes")),
            ]
            message = [w.dialog_message(SAVE_QUESTION)]
            return [w.alert_dialog(View(cls="android.view.View", height=0), message, answers, None)]
        if ui.get("menu"):
            items = [(item, w.bind(self._menu_item, item)) for item in MENU]
            close = lambda c: c.ui.update(menu=False)  # noqa: E731
            return [w.menu_window(items, close, title_rid="android:id/title")]
        if ui.get("context"):
            delete = w.bind(self._delete, ui["context"])
            close = lambda c: c.ui.update(context="")  # noqa: E731
            return [w.menu_window([("Delete", delete)], close, title_rid="android:id/title")]
        return []

    def render(self, ctx: AppContext) -> Screen:
        top = ctx.ui["stack"][-1]
        body = {
            "list": self._list,
            "editor": self._editor,
            "settings": self._settings,
            "about": self._about,
        }[top](ctx)
        bar = w.toolbar("SNotepad", actions=[w.overflow_button(lambda c: c.ui.update(menu=True))])
        content = [w.linear_layout(body, rid="fragment_container")]
        if ctx.ui.get("snack"):
            content.append(w.text_view(ctx.ui["snack"], "snackbar_text", height=140))
        content.append(w.fab("fab", "", self._fab))
        root = View(
            cls="android.view.ViewGroup",
            resource_id="co_ordinated_layout_main",
            children=[bar, View(cls=FRAME, layout=FRAME, children=content)],
        )
        return Screen(content=root, windows=self._windows(ctx))


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "snotepad#17": [
        # rotated on the list of files: no text file open
        [ROTATE],
        # the note saved, then Back to the list before rotating
        [FAB, TYPE_TEXT, BACK, FAB, BACK, ROTATE],
        # the overflow's Settings instead of the FAB, then rotated
        [OVERFLOW, click(PACKAGE, "android:id/title", "Settings"), ROTATE],
        # a saved note long-pressed and deleted from the list, then rotated
        [
            FAB,
            TYPE_TEXT,
            BACK,
            FAB,
            BACK,
            long_click(PACKAGE, "android:id/text1", "Note.txt"),
            click(PACKAGE, "android:id/title", "Delete"),
            ROTATE,
        ],
    ],
}
