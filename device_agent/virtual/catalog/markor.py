"""Markor (``net.gsantner.markor``), the Markdown text editor, in two versions.

Versions modelled, one class each, sharing one implementation (:class:`_Markor`):

- :class:`Markor032` (``0.3.2``, markor#194). The main screen (``.activity.MainActivity``):
  toolbar "Markor" (Search, "More options" with Settings and About), the notebook's files
  (``/storage/emulated/0/markor``; rows ``ui__filesystem_item__title`` /
  ``ui__filesystem_item__description``) and a floating action menu (``fab_expand_menu_button``,
  expanding into ``create_note`` and ``create_folder``). The editor
  (``.activity.DocumentActivity``, after ``note__activity.xml``): the title field in the toolbar
  (``note__activity__edit_note_title``, hint "Title"), the content
  (``note__activity__note_content_editor``) and the Markdown bar
  (``note__activity__markdownchar_bar``) of icon buttons without descriptions: header, bold,
  italic, list, code, quote, insert link, insert image. "Insert image" opens a dialog with
  "Description" and "URL or path" fields and BROWSE FILESYSTEM, which opens opoc's
  ``FilesystemDialog`` (``ui__filesystem_dialog__*``: title "Select file", up / home / search
  icons, the file list, Cancel / OK). Settings (``.activity.SettingsActivity``) has "Notebook
  directory", which opens the same dialog to pick a folder.

  The bug: ``FilesystemDialog`` is a ``DialogFragment`` whose options object is passed in by the
  caller and not saved. On rotation the activity is re-created, the fragment manager restores the
  dialog without options, and ``onViewCreated`` reads ``options.cancelButtonEnable``:
  ``java.lang.RuntimeException: Unable to start activity ...`` caused by
  ``java.lang.NullPointerException: Attempt to read from field 'boolean
  net.gsantner.opoc.ui.FilesystemDialogData$Options.cancelButtonEnable' on a null object
  reference`` (the report's trace, from the settings screen; the editor's dialog crashes the same
  way, naming its own activity).

- :class:`Markor110` (``1.1.0``, markor#331). The main screen has a bottom navigation bar
  (Files, To-Do, QuickNote, More) and one "+" FAB (``fab_add_new_item``, no description) that
  opens a new, empty document. The editor's toolbar has Save (``action_save``, disabled until the
  text changes), Preview (``action_preview``) and "More options". Leaving the editor (Up, Back,
  Preview) auto-saves a new document as ``<title>.md`` (or its first line when untitled).

  The bug: Save on a document that was never stored runs the file-name detection against a
  document without a file, writes nothing, yet records the text as saved. Leaving the editor
  then finds nothing modified and skips the auto-save, so the new note is never created (the
  report, and the maintainer's "if the user presses save icon manually at a new document it will
  not be saved"). Preview forces a real save, the workaround a commenter found. The
  ``FilesystemDialog`` rotation crash of 0.3.2 is fixed in this version.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, target
from device_agent.virtual.stacks import launch_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "net.gsantner.markor"
MAIN = ".activity.MainActivity"
DOCUMENT = ".activity.DocumentActivity"
SETTINGS = ".activity.SettingsActivity"
ABOUT = ".activity.AboutActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
ROOT = "/storage/emulated/0"
NOTEBOOK = f"{ROOT}/markor"
# The emulator's shared storage, with a picture to insert.
INITIAL_FOLDERS = ("Alarms", "DCIM", "Download", "Movies", "Music", "Pictures")
MARKDOWN_BAR = ("header", "bold", "italic", "list", "code", "quote", "link", "image")


def _rotation_crash(activity: str) -> JavaException:
    """``FilesystemDialog.onViewCreated`` after re-creation without options (the report's trace)."""
    field = "'boolean net.gsantner.opoc.ui.FilesystemDialogData$Options.cancelButtonEnable'"
    npe = JavaException(
        "java.lang.NullPointerException",
        f"Attempt to read from field {field} on a null object reference",
        frames=[
            "net.gsantner.opoc.ui.FilesystemDialog.onViewCreated(FilesystemDialog.java:128)",
            "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:1430)",
            "android.support.v4.app.FragmentManagerImpl.moveFragmentToExpectedState(FragmentManager.java:1750)",
            "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:1819)",
            "android.support.v4.app.FragmentManagerImpl.dispatchStateChange(FragmentManager.java:3227)",
            "android.support.v4.app.FragmentManagerImpl.dispatchActivityCreated(FragmentManager.java:3181)",
            "android.support.v4.app.FragmentController.dispatchActivityCreated(FragmentController.java:192)",
            "android.support.v4.app.FragmentActivity.onStart(FragmentActivity.java:572)",
            "android.support.v7.app.AppCompatActivity.onStart(AppCompatActivity.java:177)",
            "android.app.Instrumentation.callActivityOnStart(Instrumentation.java:1237)",
            "android.app.Activity.performStart(Activity.java:6268)",
            "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2379)",
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}{activity}}}: "
        f"java.lang.NullPointerException: {npe.message}",
        frames=[
            *launch_frames(23, relaunch=True),
        ],
        cause=npe,
    )


def _oracle_194(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "", "cancelButtonEnable")


def _oracle_331(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """A new document with text was closed and nothing of it reached the notebook."""
    return any(doc.get("content") or doc.get("title") for doc in data.get("lost", []))


_target = partial(target, PACKAGE)


_ALLOW = allow_permission(PACKAGE)

BUG_194 = BugSpec(
    bug_id="markor#194",
    kind="crash",
    title="Rotating with the file browser of 'Insert image' open crashes (FilesystemDialog NPE)",
    oracle=_oracle_194,
    human_steps=(
        _ALLOW,
        click(PACKAGE, f"{PACKAGE}:id/fab_expand_menu_button"),
        click(PACKAGE, f"{PACKAGE}:id/create_note"),
        {
            "kind": "input_text",
            "target": _target(f"{PACKAGE}:id/note__activity__note_content_editor"),
            "text": "Photos of the trip",
        },
        {"kind": "press_back"},  # hide the keyboard, which covers the Markdown bar
        {
            # The "Insert image" icon: the last button of the Markdown bar, no id or description.
            "kind": "click",
            "target": {
                **_target(cls="android.widget.ImageView"),
                "bounds": [882, 1647, 1008, 1794],
            },
        },
        click(
            PACKAGE, f"{PACKAGE}:id/ui__select_path_dialog__browse_filesystem", "BROWSE FILESYSTEM"
        ),
        {"kind": "rotate", "orientation": "landscape"},
    ),
)

BUG_331 = BugSpec(
    bug_id="markor#331",
    kind="non-crash",
    title="Save button makes the file not save",
    oracle=_oracle_331,
    human_steps=(
        _ALLOW,
        click(PACKAGE, f"{PACKAGE}:id/fab_add_new_item"),
        {
            "kind": "input_text",
            "target": _target(f"{PACKAGE}:id/note__activity__edit_note_title"),
            "text": "Shopping",
        },
        {
            "kind": "input_text",
            "target": _target(f"{PACKAGE}:id/document__fragment__edit__highlighting_editor"),
            "text": "Milk and bread",
        },
        {"kind": "press_back"},  # hide the keyboard
        click(PACKAGE, f"{PACKAGE}:id/action_save", desc="Save"),
        click(PACKAGE, desc="Navigate up"),
    ),
)


class _Markor(VirtualApp):
    """What both Markor versions share: notebook files, the editor, the file-system dialog."""

    # ``name`` and ``package`` are set on the concrete versions only, so the catalog does not
    # list this base class.
    label: ClassVar[str] = "Markor"
    launch_activity: ClassVar[str] = MAIN
    # Version switches.
    fab_menu: ClassVar[bool] = True  # 0.3.x: floating action menu; 1.x: one "+" FAB
    save_bug: ClassVar[bool] = False
    dialog_rotation_bug: ClassVar[bool] = False
    content_id: ClassVar[str] = "note__activity__note_content_editor"

    def initial_data(self) -> dict[str, Any]:
        files: dict[str, Any] = {f"{ROOT}/{name}": None for name in INITIAL_FOLDERS}
        files[f"{ROOT}/Pictures/beach.jpg"] = "<jpeg>"
        return {"files": files, "asked": False, "lost": [], "prefs": {"notebook": NOTEBOOK}}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == MAIN:
            ui.setdefault("fab_open", False)
            ui.setdefault("menu", False)
            ui.setdefault("tab", "Files")
            if STORAGE not in ctx.permissions and not ctx.data["asked"]:
                ctx.data["asked"] = True
                ctx.request_permission(STORAGE)
        elif ctx.activity == DOCUMENT:
            ui.setdefault("title", ctx.extras.get("title", ""))
            ui.setdefault("content", self._read(ctx, ctx.extras.get("path")))
            ui.setdefault("path", ctx.extras.get("path"))
            ui.setdefault("saved", {"title": ui["title"], "content": ui["content"]})
            ui.setdefault("dialog", None)
            ui.setdefault("menu", False)
        else:
            ui.setdefault("dialog", None)
        if ui.get("fsdialog") is not None and ui.get("_restored") and self.dialog_rotation_bug:
            raise _rotation_crash(ctx.activity)
        ui["_restored"] = False

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        saved = dict(ctx.ui)
        saved["_restored"] = True  # the fragment manager restores shown dialogs from this
        return saved

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == STORAGE and not granted:
            ctx.toast("Storage permission is required to use the app")

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui.get("fsdialog") is not None:
            ui["fsdialog"] = None
            return True
        if ctx.activity == MAIN and ui.get("fab_open"):
            ui["fab_open"] = False
            return True
        if ctx.activity == DOCUMENT:
            self._leave_editor(ctx)
            return True
        return False

    # -- storage -----------------------------------------------------------------------------
    def _read(self, ctx: AppContext, path: str | None) -> str:
        if not path:
            return ""
        value = ctx.data["files"].get(path)
        return value if isinstance(value, str) else ""

    def _children(self, ctx: AppContext, folder: str) -> list[tuple[str, bool]]:
        """``(name, is_folder)`` of the direct children of ``folder``, folders first."""
        out = []
        for path, value in ctx.data["files"].items():
            parent, _, name = path.rpartition("/")
            if parent == folder:
                out.append((name, value is None))
        return sorted(out, key=lambda item: (not item[1], item[0].lower()))

    def _write_new(self, ctx: AppContext, title: str, content: str) -> str | None:
        """Auto-save of a new document: ``<title>.md`` (or the first line) in the notebook."""
        name = title.strip() or (content.strip().splitlines() or [""])[0].strip()[:40]
        if not name:
            return None
        files = ctx.data["files"]
        files.setdefault(NOTEBOOK, None)
        path = f"{NOTEBOOK}/{name}.md"
        files[path] = content
        return path

    def _store(self, ctx: AppContext) -> None:
        """Write the editor's text where it belongs (the auto-save / preview save)."""
        ui = ctx.ui
        if STORAGE not in ctx.permissions:
            return
        if ui["path"]:
            ctx.data["files"][ui["path"]] = ui["content"]
        else:
            ui["path"] = self._write_new(ctx, ui["title"], ui["content"])
        ui["saved"] = {"title": ui["title"], "content": ui["content"]}

    def _modified(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        return ui["saved"] != {"title": ui["title"], "content": ui["content"]}

    def _leave_editor(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if self._modified(ctx):
            self._store(ctx)
        stored = self._read(ctx, ui["path"])
        if (ui["content"] or ui["title"]) and not ui["path"] and stored != ui["content"]:
            ctx.data["lost"] = [
                *ctx.data["lost"],
                {"title": ui["title"], "content": ui["content"]},
            ]
        ctx.finish()

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == DOCUMENT:
            screen = self._render_document(ctx)
        elif ctx.activity == SETTINGS:
            screen = self._render_settings(ctx)
        elif ctx.activity == ABOUT:
            screen = Screen(
                content=w.linear_layout(
                    [
                        self._toolbar("About", up=w.finish),
                        w.text_view(f"Markor v{self.version}", "about__activity__text_app_version"),
                        w.text_view(
                            "Text editor - Notes & ToDo (for Android)", "about__description"
                        ),
                    ]
                )
            )
        else:
            screen = self._render_main(ctx)
        if ctx.ui.get("fsdialog") is not None:
            screen.windows.append(self._fs_dialog(ctx))
        return screen

    def _toolbar(
        self,
        title: str | View,
        up: Any = None,
        actions: list[View] | None = None,
    ) -> View:
        navigation = w.nav_button(w.NAVIGATE_UP, up) if up is not None else None
        return w.toolbar(title, navigation=navigation, actions=actions or [])

    @staticmethod
    def _action(rid: str, desc: str, handler: Any, enabled: bool = True) -> View:
        return w.text_view("", rid, content_desc=desc, on_click=handler, enabled=enabled, width=147)

    @staticmethod
    def _overflow(handler: Any) -> View:
        return w.image_view("", "More options", handler, width=126)

    def _file_rows(self, ctx: AppContext, folder: str, on_pick: Any) -> list[View]:
        rows = []
        for name, is_folder in self._children(ctx, folder):
            path = f"{folder}/{name}"
            rows.append(
                w.linear_layout(
                    [
                        w.image_view("ui__filesystem_item__image", width=147),
                        w.linear_layout(
                            [
                                w.text_view(name, "ui__filesystem_item__title"),
                                w.text_view(
                                    "Folder" if is_folder else f"{len(self._read(ctx, path))} B",
                                    "ui__filesystem_item__description",
                                ),
                            ]
                        ),
                    ],
                    horizontal=True,
                    height=170,
                    on_click=w.bind(on_pick, path, is_folder),
                )
            )
        return rows

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        granted = STORAGE in ctx.permissions
        rows = self._file_rows(ctx, NOTEBOOK, self._open_file) if granted else []
        if ui["tab"] == "Files":
            page = View(
                cls="android.support.v7.widget.RecyclerView",
                resource_id="ui__filesystem_dialog__list",
                scrollable=True,
                scroll_key="files_scroll",
                children=rows
                or [w.text_view("Empty" if granted else "No storage permission", "empty_hint")],
            )
        else:
            page = w.frame_layout(
                [w.text_view(f"{ui['tab']}", "tab_placeholder", gravity="center", width=600)],
                layout=FRAME,
            )
        column: list[View] = [self._toolbar("Markor", actions=self._main_actions(ctx)), page]
        if not self.fab_menu:
            column.append(
                w.bottom_navigation(
                    (
                        ("nav_notebook", "Files"),
                        ("nav_todo", "To-Do"),
                        ("nav_quicknote", "QuickNote"),
                        ("nav_more", "More"),
                    ),
                    ui["tab"],
                    self._select_tab,
                    rid="bottom_navigation_bar",
                    cls="android.support.design.widget.BottomNavigationView",
                    item_cls="android.support.design.internal.BottomNavigationItemView",
                    label_rid="largeLabel",
                )
            )
        children = [w.linear_layout(column)]
        if ui["tab"] == "Files":
            children.append(self._fab(ctx))
        windows: list[Window] = []
        if ui["menu"]:
            windows.append(
                self._menu(
                    [
                        ("Settings", lambda c: self._start(c, SETTINGS)),
                        ("About", lambda c: self._start(c, ABOUT)),
                    ]
                )
            )
        return Screen(
            content=w.frame_layout(children, layout=FRAME),
            windows=windows,
        )

    def _main_actions(self, ctx: AppContext) -> list[View]:
        """The main toolbar's actions (``filesystem__menu.xml`` and ``main__menu.xml``)."""
        return [
            self._action("action_search", "Search", lambda c: c.toast("Search")),
            self._overflow(lambda c: self._set(c, menu=True)),
        ]

    def _fab(self, ctx: AppContext) -> View:
        if not self.fab_menu:
            return w.fab(
                "fab_add_new_item",
                "",
                lambda c: self._new_document(c),
                naf=True,
            )
        items: list[View] = []
        if ctx.ui["fab_open"]:
            items = [
                w.image_button(
                    "create_folder",
                    "",
                    lambda c: c.toast("Create folder is not modelled"),
                    height=147,
                    naf=True,
                ),
                w.image_button(
                    "create_note", "", lambda c: self._new_document(c), height=147, naf=True
                ),
            ]
        return View(
            cls="android.view.ViewGroup",
            resource_id="fab",
            width=168,
            height=168 + 147 * len(items),
            gravity="bottom_end",
            children=[
                *items,
                w.image_button(
                    "fab_expand_menu_button",
                    "",
                    lambda c: self._set(c, fab_open=not c.ui["fab_open"]),
                    height=168,
                    style="fab",
                    naf=True,
                ),
            ],
        )

    def _menu(self, items: list[tuple[str, Any]]) -> Window:
        return w.menu_window(items, lambda c: self._set(c, menu=False))

    def _render_document(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        title = w.edit_text(
            "note__activity__edit_note_title",
            ui["title"],
            self._type_title,
            hint="Title",
            height=147,
        )
        actions: list[View] = []
        if self.save_bug:
            actions = [
                self._action("action_save", "Save", self._press_save, self._modified(ctx)),
                self._action("action_preview", "Preview", self._preview),
                self._overflow(lambda c: self._set(c, menu=True)),
            ]
        editor = w.edit_text(
            self.content_id, ui["content"], self._type_content, extra={"multiline": True}
        )
        bar = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="note__activity__scroll_markdownchar_bar",
            height=147,
            children=[
                w.linear_layout(
                    [
                        w.image_view("", "", w.bind(self._markdown, key), width=126, naf=True)
                        for key in MARKDOWN_BAR
                    ],
                    rid="note__activity__markdownchar_bar",
                    horizontal=True,
                )
            ],
        )
        content = w.linear_layout(
            [
                self._toolbar(title, up=self._leave_editor, actions=actions),
                w.scroll_view([editor], rid="note__activity__scroll_note"),
                bar,
            ]
        )
        windows: list[Window] = []
        if ui["menu"]:
            windows.append(
                self._menu(
                    [
                        ("Share", lambda c: self._set(c, menu=False)),
                        ("Settings", lambda c: self._start(c, SETTINGS)),
                    ]
                )
            )
        if ui["dialog"]:
            windows.append(self._insert_dialog(ctx))
        return Screen(content=content, windows=windows)

    def _insert_dialog(self, ctx: AppContext) -> Window:
        dialog = ctx.ui["dialog"]
        kind = "image" if dialog["kind"] == "image" else "link"
        close = lambda c: self._set(c, dialog=None)  # noqa: E731
        body = [
            w.text_view(f"Insert {kind}", "android:id/alertTitle", height=140),
            w.edit_text(
                "ui__select_path_dialog__name",
                dialog.get("name", ""),
                _bind_text(self._dialog_field, "name"),
                hint="Description",
            ),
            w.edit_text(
                "ui__select_path_dialog__url",
                dialog.get("url", ""),
                _bind_text(self._dialog_field, "url"),
                hint="URL or path",
            ),
            w.button(
                "ui__select_path_dialog__browse_filesystem",
                "BROWSE FILESYSTEM",
                lambda c: self._open_fs(c, "file"),
            ),
            w.linear_layout(
                [
                    View(cls="android.view.View"),
                    self._dialog_button("android:id/button2", "CANCEL", close),
                    self._dialog_button("android:id/button1", "OK", self._insert),
                ],
                rid="android:id/buttonPanel",
                horizontal=True,
                height=140,
            ),
        ]
        return Window(
            root=w.linear_layout(body, rid="android:id/parentPanel", weight=0),
            on_dismiss=close,
        )

    @staticmethod
    def _dialog_button(rid: str, text: str, handler: Any) -> View:
        return w.button(rid, text, handler, width=260, style="text")

    def _fs_dialog(self, ctx: AppContext) -> Window:
        fs = ctx.ui["fsdialog"]
        folder = fs["folder"]
        close = lambda c: self._set(c, fsdialog=None)  # noqa: E731
        icons = [
            w.image_view(rid, "", handler, width=126, naf=True)
            for rid, handler in (
                ("ui__filesystem_dialog__dir_up", self._fs_up),
                ("ui__filesystem_dialog__home", lambda c: self._fs_go(c, ROOT)),
                ("ui__filesystem_dialog__search_button", lambda c: None),
            )
        ]
        ok_text = "Select folder" if fs["mode"] == "folder" else "OK"
        root = w.relative_layout(
            [
                w.text_view(
                    "Select file" if fs["mode"] == "file" else "Select folder",
                    "ui__filesystem_dialog__title",
                    height=147,
                ),
                w.linear_layout(
                    icons, rid="ui__filesystem_dialog__utilbar", horizontal=True, height=126
                ),
                w.text_view(folder, "ui__filesystem_dialog__current", height=100),
                View(
                    cls="android.support.v7.widget.RecyclerView",
                    resource_id="ui__filesystem_dialog__list",
                    scrollable=True,
                    scroll_key="fs_scroll",
                    height=800,
                    children=self._file_rows(ctx, folder, self._fs_pick),
                ),
                w.linear_layout(
                    [
                        View(cls="android.view.View"),
                        w.text_view(
                            "Cancel",
                            "ui__filesystem_dialog__button_cancel",
                            on_click=close,
                            width=260,
                        ),
                        w.text_view(
                            ok_text,
                            "ui__filesystem_dialog__button_ok",
                            on_click=self._fs_ok,
                            width=330,
                        ),
                    ],
                    rid="ui__filesystem_dialog__buttons",
                    horizontal=True,
                    height=140,
                ),
            ],
            rid="ui__filesystem_dialog__root",
            weight=0,
        )
        return Window(root=root, on_dismiss=close)

    def _render_settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        rows = [
            w.text_view("General", "android:id/title", height=110),
            w.linear_layout(
                [
                    w.relative_layout(
                        [
                            w.text_view("Notebook directory", "android:id/title"),
                            w.text_view(prefs["notebook"], "android:id/summary"),
                        ]
                    )
                ],
                height=190,
                on_click=lambda c: self._open_fs(c, "folder"),
            ),
            w.linear_layout(
                [
                    w.relative_layout(
                        [
                            w.text_view("Language", "android:id/title"),
                            w.text_view("System", "android:id/summary"),
                        ]
                    )
                ],
                height=190,
            ),
        ]
        content = w.linear_layout(
            [
                self._toolbar("Settings", up=w.finish),
                View(
                    cls="android.support.v7.widget.RecyclerView",
                    resource_id="list",
                    scrollable=True,
                    children=rows,
                ),
            ]
        )
        return Screen(content=content)

    # -- handlers ----------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _select_tab(self, ctx: AppContext, tab: str) -> None:
        ctx.ui["tab"] = tab

    def _start(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(activity)

    def _new_document(self, ctx: AppContext) -> None:
        ctx.ui["fab_open"] = False
        ctx.start_activity(DOCUMENT, {"path": None, "title": ""})

    def _open_file(self, ctx: AppContext, path: str, is_folder: bool) -> None:
        if is_folder:
            ctx.toast("Folders are not modelled")
            return
        title = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        ctx.start_activity(DOCUMENT, {"path": path, "title": title})

    def _type_title(self, ctx: AppContext, text: str) -> None:
        ctx.ui["title"] = text

    def _type_content(self, ctx: AppContext, text: str) -> None:
        ctx.ui["content"] = text

    def _press_save(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ui["path"]:
            ctx.data["files"][ui["path"]] = ui["content"]
        # The bug: a document without a file yet gets no file name, so nothing is written, but
        # the text is recorded as saved and the auto-save on leaving is skipped.
        ui["saved"] = {"title": ui["title"], "content": ui["content"]}

    def _preview(self, ctx: AppContext) -> None:
        self._store(ctx)
        ctx.toast("Preview")

    def _markdown(self, ctx: AppContext, key: str) -> None:
        ui = ctx.ui
        if key == "image":
            ui["dialog"] = {"kind": "image", "name": "", "url": ""}
        elif key == "link":
            ui["dialog"] = {"kind": "link", "name": "", "url": ""}
        else:
            snippet = {"header": "# ", "bold": "****", "italic": "__", "list": "- "}.get(
                key, "`" if key == "code" else "> "
            )
            ui["content"] = ui["content"] + snippet

    def _dialog_field(self, ctx: AppContext, field: str, text: str) -> None:
        dialog = dict(ctx.ui["dialog"] or {})
        dialog[field] = text
        ctx.ui["dialog"] = dialog

    def _insert(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"] or {}
        name, url = dialog.get("name", ""), dialog.get("url", "")
        prefix = "!" if dialog.get("kind") == "image" else ""
        ctx.ui["content"] = ctx.ui["content"] + f"{prefix}[{name}]({url})"
        ctx.ui["dialog"] = None

    def _open_fs(self, ctx: AppContext, mode: str) -> None:
        if STORAGE not in ctx.permissions:
            ctx.toast("Storage permission is required")
            return
        start = ROOT if mode == "file" else ctx.data["prefs"]["notebook"].rsplit("/", 1)[0]
        ctx.ui["fsdialog"] = {"mode": mode, "folder": start, "picked": None}

    def _fs_go(self, ctx: AppContext, folder: str) -> None:
        fs = dict(ctx.ui["fsdialog"] or {})
        fs["folder"] = folder
        ctx.ui["fsdialog"] = fs

    def _fs_up(self, ctx: AppContext) -> None:
        folder = (ctx.ui["fsdialog"] or {}).get("folder", ROOT)
        if folder != ROOT:
            self._fs_go(ctx, folder.rsplit("/", 1)[0])

    def _fs_pick(self, ctx: AppContext, path: str, is_folder: bool) -> None:
        if is_folder:
            self._fs_go(ctx, path)
            return
        fs = ctx.ui["fsdialog"] or {}
        if fs.get("mode") == "file":
            ctx.ui["fsdialog"] = None
            dialog = dict(ctx.ui.get("dialog") or {})
            if dialog:
                dialog["url"] = path
                ctx.ui["dialog"] = dialog

    def _fs_ok(self, ctx: AppContext) -> None:
        fs = ctx.ui["fsdialog"] or {}
        if fs.get("mode") == "folder":
            ctx.data["prefs"]["notebook"] = fs["folder"]
        ctx.ui["fsdialog"] = None


def _bind_text(fn: Callable[..., Any], *args: Any) -> Callable[[AppContext, str], None]:
    """A text handler calling ``fn(ctx, *args, text)``."""

    def handler(ctx: AppContext, text: str) -> None:
        fn(ctx, *args, text)

    return handler


class Markor032(_Markor):
    """Markor 0.3.2: floating action menu, the FilesystemDialog rotation crash (markor#194)."""

    name: ClassVar[str] = "markor"
    package: ClassVar[str] = PACKAGE
    version: ClassVar[str] = "0.3.2"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_194,)
    fab_menu: ClassVar[bool] = True
    dialog_rotation_bug: ClassVar[bool] = True


class Markor110(_Markor):
    """Markor 1.1.0: bottom navigation, one "+" FAB, the Save button bug (markor#331)."""

    name: ClassVar[str] = "markor"
    package: ClassVar[str] = PACKAGE
    version: ClassVar[str] = "1.1.0"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_331,)
    fab_menu: ClassVar[bool] = False
    save_bug: ClassVar[bool] = True
    content_id: ClassVar[str] = "document__fragment__edit__highlighting_editor"


# -- Markor 2.3.2 (markor#1020) ------------------------------------------------------------------
INTRO = ".activity.IntroActivity"
# IntroActivity.onCreate: AppIntro slides (title, description).
INTRO_SLIDES = (
    (
        "Main View",
        "Notebook is the folder that Markor loads in the file browser when the app is started. "
        "It is the home folder of your files.",
    ),
    ("Editor", "Need permission for storage to save documents"),
    ("View", ""),
    ("Share -> Markor", ""),
    (
        "To-Do",
        "Manage your tasks with ToDo. It is a file in todo.txt format with default location "
        ">Notebook/todo.txt<, you can set a custom filepath in the settings.",
    ),
    (
        "QuickNote",
        "QuickNote is the fastest option to write down notes. It is a file in Markdown format "
        "with default location >Notebook/QuickNote.md<, you can set a custom filepath in the "
        "settings.",
    ),
)
# arrays.xml: new_file_types and new_file_types__file_extension, arr_file_templates.
NEW_FILE_TYPES = ("Markdown", "Plain Text", "todo.txt", "None")
NEW_FILE_EXTENSIONS = (".md", ".txt", ".todo.txt", "")
FILE_TEMPLATES = (
    "Empty file",
    "markor-markdown-reference.md",
    "todo.example.txt",
    "2029-01-01-jekyll-post.md",
    "cooking-recipe.md",
    "presentation-beamer.md",
    "zim-wiki.txt",
    "hugo-post-front-matter.md",
)


def _oracle_1020(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return bool(data.get("new_file_type_mismatch"))


def _dialog_target(rid: str, text: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, cls=cls)


BUG_1020 = BugSpec(
    bug_id="markor#1020",
    kind="non-crash",
    title="New file dialogue always says Type: Markdown rather than previous type used",
    oracle=_oracle_1020,
    human_steps=(
        click(PACKAGE, f"{PACKAGE}:id/skip", desc="SKIP"),
        _ALLOW,
        click(PACKAGE, f"{PACKAGE}:id/fab_add_new_item"),
        {
            "kind": "input_text",
            "target": _target(f"{PACKAGE}:id/new_file_dialog__name"),
            "text": "tasks",
        },
        _dialog_target("new_file_dialog__type", cls="android.widget.Spinner"),
        click(PACKAGE, "android:id/text1", "todo.txt"),
        {"kind": "press_back"},  # hide the keyboard, which covers the dialog's buttons
        click(PACKAGE, "android:id/button1", "OK"),
        click(PACKAGE, desc="Navigate up"),
        click(PACKAGE, f"{PACKAGE}:id/fab_add_new_item"),
    ),
)


class Markor232(_Markor):
    """Markor 2.3.2 (markor#1020): the first-run intro, the file browser's toolbar, and the
    "+" FAB opening ``NewFileDialog`` (name, extension, Type and Template spinners; Cancel,
    Folder, OK). The dialog pre-fills the last used extension but leaves the Type spinner at
    its first entry, Markdown: after a todo.txt file, a new file says ".todo.txt" and "Type:
    Markdown" at once (the fix, commit fdbb780 in 2.4.0, remembers the type's position too).
    Picking a type sets the extension, except the spinner's first, programmatic selection
    (``typeSpinnerNoTriggerOnFirst``). OK with an empty name creates nothing; otherwise the
    file ``<name><ext>`` is created in the notebook and opened in the editor. Sources:
    ``ui/NewFileDialog.java``, ``res/layout/new_file_dialog.xml``, ``res/values/arrays.xml``,
    ``activity/IntroActivity.java``, ``activity/MainActivity.java``, ``res/menu/*.xml`` at
    ``v2.3.2``."""

    name: ClassVar[str] = "markor"
    package: ClassVar[str] = PACKAGE
    version: ClassVar[str] = "2.3.2"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1020,)
    fab_menu: ClassVar[bool] = False
    save_bug: ClassVar[bool] = True  # the editor shows Save and Preview (Save works again)
    content_id: ClassVar[str] = "document__fragment__edit__highlighting_editor"
    # 2.3.2: the Type spinner does not remember the last used type (markor#1020).
    TYPE_NOT_REMEMBERED: ClassVar[bool] = True

    def initial_data(self) -> dict[str, Any]:
        data = super().initial_data()
        data.update(intro_shown=False, last_ext=".md", last_type=0, new_file_type_mismatch=[])
        return data

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == INTRO:
            ctx.ui.setdefault("slide", 0)
            return
        if ctx.activity == MAIN and not ctx.data["intro_shown"]:
            # IntroActivity.optStart: the intro comes first; the storage request follows it.
            ctx.ui.setdefault("tab", "Files")
            ctx.ui.setdefault("fab_open", False)
            ctx.ui.setdefault("menu", False)
            if not ctx.ui.get("intro_started"):
                ctx.ui["intro_started"] = True
                ctx.start_activity(INTRO)
            return
        super().on_create(ctx)
        if ctx.activity == MAIN:
            ctx.ui.setdefault("new_file", None)
            ctx.ui.setdefault("spinner", None)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == INTRO:
            return self._render_intro(ctx)
        return super().render(ctx)

    def _render_intro(self, ctx: AppContext) -> Screen:
        return Screen(
            content=w.app_intro(INTRO_SLIDES, ctx.ui["slide"], self._next_slide, self._finish_intro)
        )

    def _next_slide(self, ctx: AppContext) -> None:
        ctx.ui["slide"] += 1

    def _finish_intro(self, ctx: AppContext) -> None:
        ctx.data["intro_shown"] = True
        ctx.finish()
        # MainActivity resumes: its storage request comes now.
        if STORAGE not in ctx.permissions and not ctx.data["asked"]:
            ctx.data["asked"] = True
            ctx.request_permission(STORAGE)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == INTRO and direction in ("left", "right"):
            step = 1 if direction == "left" else -1
            ctx.ui["slide"] = max(0, min(len(INTRO_SLIDES) - 1, ctx.ui["slide"] + step))
            return True
        return False

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("spinner") is not None:
            ctx.ui["spinner"] = None
            return True
        if ctx.activity == MAIN and ctx.ui.get("new_file") is not None:
            ctx.ui["new_file"] = None
            return True
        return super().on_back(ctx)

    # -- the main screen ---------------------------------------------------------------------
    def _main_actions(self, ctx: AppContext) -> list[View]:
        return [
            self._action("action_go_to", "Go to", lambda c: c.toast("Go to")),
            self._action("action_sort", "Sort by", lambda c: c.toast("Sort by")),
            self._action("action_search", "Search", lambda c: c.toast("Search")),
            self._overflow(lambda c: self._set(c, menu=True)),
        ]

    def _render_main(self, ctx: AppContext) -> Screen:
        screen = super()._render_main(ctx)
        dialog = ctx.ui.get("new_file")
        if dialog is not None:
            screen.windows.append(self._new_file_dialog(ctx, dialog))
            open_spinner = ctx.ui.get("spinner")
            if open_spinner == "type":
                screen.windows.append(
                    w.spinner_dropdown(
                        NEW_FILE_TYPES, dialog["type"], self._choose_type, self._close_spinner
                    )
                )
            elif open_spinner == "template":
                screen.windows.append(
                    w.spinner_dropdown(
                        FILE_TEMPLATES,
                        dialog["template"],
                        self._choose_template,
                        self._close_spinner,
                    )
                )
        return screen

    def _new_file_dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        name_row = w.linear_layout(
            [
                w.edit_text("new_file_dialog__name", dialog["name"], self._type_name, width=700),
                w.edit_text("new_file_dialog__ext", dialog["ext"], self._type_ext),
            ],
            horizontal=True,
            height=150,
        )
        body = w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.text_view("Name"),
                        name_row,
                        w.text_view("Type"),
                        w.spinner(
                            "new_file_dialog__type",
                            NEW_FILE_TYPES[dialog["type"]],
                            lambda c: self._set(c, spinner="type"),
                        ),
                        w.text_view("Template"),
                        w.spinner(
                            "new_file_dialog__template",
                            FILE_TEMPLATES[dialog["template"]],
                            lambda c: self._set(c, spinner="template"),
                        ),
                        w.text_view("- Folder is created without file extension"),
                        w.text_view("- Files and folders are not overwritten"),
                    ],
                    weight=0,
                )
            ],
            rid="new_file_dialog__root",
            weight=0,
        )
        buttons = [
            w.dialog_button("android:id/button2", "Cancel", self._close_new_file),
            w.dialog_button("android:id/button3", "Folder", self._create_folder),
            w.dialog_button("android:id/button1", "OK", self._create_file),
        ]
        return w.alert_dialog(View(cls="android.view.View", height=0), [body], buttons, None)

    # -- the new file dialog -----------------------------------------------------------------
    def _new_document(self, ctx: AppContext) -> None:
        """The "+" FAB: ``NewFileDialog`` in the current folder."""
        data = ctx.data
        type_pos = 0 if self.TYPE_NOT_REMEMBERED else data["last_type"]
        ext = data["last_ext"]
        shown = NEW_FILE_EXTENSIONS[type_pos]
        if ext != shown:
            # Evidence for the ground truth: the extension and the Type disagree on screen.
            data["new_file_type_mismatch"].append({"ext": ext, "type": NEW_FILE_TYPES[type_pos]})
        ctx.ui["new_file"] = {"name": "", "ext": ext, "type": type_pos, "template": 0}

    def _type_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["new_file"]["name"] = text

    def _type_ext(self, ctx: AppContext, text: str) -> None:
        ctx.ui["new_file"]["ext"] = text

    def _close_spinner(self, ctx: AppContext) -> None:
        ctx.ui["spinner"] = None

    def _choose_type(self, ctx: AppContext, index: int) -> None:
        dialog = ctx.ui["new_file"]
        dialog["type"] = index
        dialog["ext"] = NEW_FILE_EXTENSIONS[index]
        ctx.ui["spinner"] = None

    def _choose_template(self, ctx: AppContext, index: int) -> None:
        ctx.ui["new_file"]["template"] = index
        ctx.ui["spinner"] = None

    def _close_new_file(self, ctx: AppContext) -> None:
        ctx.ui["new_file"] = None

    def _create_folder(self, ctx: AppContext) -> None:
        dialog = ctx.ui["new_file"]
        ctx.ui["new_file"] = None
        if dialog["name"].strip():
            ctx.data["files"].setdefault(NOTEBOOK, None)
            ctx.data["files"][f"{NOTEBOOK}/{dialog['name'].strip()}"] = None

    def _create_file(self, ctx: AppContext) -> None:
        dialog = ctx.ui["new_file"]
        ctx.ui["new_file"] = None
        name = dialog["name"].strip()
        if not name:
            return
        ext = dialog["ext"].strip()
        ctx.data["last_ext"] = ext
        ctx.data["last_type"] = dialog["type"]
        files = ctx.data["files"]
        files.setdefault(NOTEBOOK, None)
        path = f"{NOTEBOOK}/{name}{ext}"
        files.setdefault(path, "")
        ctx.start_activity(DOCUMENT, {"path": path, "title": f"{name}{ext}"})

    def _press_save(self, ctx: AppContext) -> None:
        self._store(ctx)  # 2.x saves a new document from the Save button (markor#331 fixed)
