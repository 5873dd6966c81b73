"""Editor (``org.billthefarmer.editor``) 1.14, Bill Farmer's text editor, for editor#36.

Modelled from the sources at commit ``f0575d0`` ("Update version": ``AndroidManifest.xml`` says
``versionName="1.14"``, released the day before the report): ``Editor.java`` (the one
activity: ``onCreate``, ``defaultFile``, ``readFile`` and its ``ReadTask``, ``editClicked``, the
long-click listener, ``onPrepareOptionsMenu``, ``onOptionsItemSelected``, ``onSaveInstanceState``
/ ``onRestoreInstanceState``, ``openFile``, ``openRecent``, ``saveAs``, ``onBackPressed``),
``res/layout/edit.xml`` and ``wrap.xml`` (the ``text`` EditText in the ``vscroll``
ScrollView), ``res/menu/main.xml`` and ``res/values/strings.xml``; and the fix, released in 1.15
(commit ``d99cdad``): an ``edit`` flag saved in ``onSaveInstanceState`` and re-applied in
``onCreate``.

The app is one framework ``Activity`` with the Material decor ActionBar (targetSdk 22: the
storage permission is granted at install, no runtime request). Launched from the home screen it
edits ``Documents/Editor.txt`` (read from storage when it exists). Menu items with
``showAsAction="ifRoom"`` (Search…, Edit, Open file…, Save) are icons as long as the ActionBar has
room (``ActionBarPolicy.getMaxActionButtons``: 3 slots in portrait at 411 dp, 5 in landscape,
one of them the overflow button), the rest are in the overflow menu. ``readFile`` (a file
opened, a recent file, the default file at launch) ends in ``ReadTask.onPostExecute``, which
sets the EditText read-only (``setRawInputType(TYPE_NULL)``) and shows the Edit (pencil) item;
Edit or a long click makes it editable again.

The bug (editor#36, non-crash): ``onSaveInstanceState`` keeps only the path, dirty flag and
modification time. When the activity is re-created (rotation, or the ``recreate()`` of the
Theme / Word wrap / Suggestions items) the new EditText is inflated editable
(``inputType="text|textMultiLine"``) and gets its text back from its own saved state, so a file
shown read-only becomes editable: the pencil item disappears, Open file… shows, the cursor and
keyboard work. The oracle reads the app state: a file the app had set read-only (and the user
had not unlocked) is shown editable by a re-created activity.

Fixed data: the device's Download folder holds ``notes.txt`` ("Shopping list\\nMilk\\nBread"),
the one file the picker lists; ``Documents/Editor.txt`` does not exist on a fresh install.

Stubs: "Open file…" starts ``Intent.createChooser(ACTION_GET_CONTENT text/*)``; the chooser and
the document picker (DocumentsUI, other packages) are one small picker screen in this model
listing the Download folder (Back cancels); "View markdown…" starts a browser (logged only);
the SearchView opens its query field but search highlighting is not modelled; text size and
typeface change nothing on screen; the themes and Word wrap re-create the activity (their
looks are not drawn). Android 10+'s permission review screen for apps targeting API 22 is not
modelled.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.billthefarmer.editor"
MAIN = ".Editor"
PICKER = "com.android.documentsui.picker.PickActivity"

STORAGE = "/storage/emulated/0"
DOCUMENTS_FILE = STORAGE + "/Documents/Editor.txt"
NOTES = STORAGE + "/Download/notes.txt"

MODIFIED = "You have unsaved changes. Do you want to save your changes?"
CHANGED_RELOAD = "This file has changed, do you want to reload it?"
ABOUT = (
    "Editor version 1.14\nBuilt Dec 6, 2017 11:20:24 AM\nCopyright © 2017 Bill Farmer\n"
    "French translation by Étienne Deparis\nGerman translation by Markus Weimar\n"
    "Italian translation by Michael Moroni\nLicence GNU GPLv3"
)

# (id, title) of the ifRoom items, in menu order.
ACTION_ITEMS = (("search", "Search…"), ("edit", "Edit"), ("open", "Open file…"), ("save", "Save"))
THEMES = ("Light", "Dark", "Retro")
SIZES = ("Small", "Medium", "Large")
TYPEFACES = ("Monospace", "Proportional")


def unlocked_by_recreation(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of editor#36: a re-created activity showed editable a file the app had set
    read-only."""
    return bool(data["unlocked_by_recreation"])


def _click(rid: str = "", text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    full = f"{PACKAGE}:id/{rid}" if rid and ":" not in rid else rid
    return {
        "kind": "click",
        "target": {"resource_id": full, "text": text, "content_desc": desc, "class_name": cls},
    }


OPEN_FILE = _click("open", desc="Open file…", cls="android.widget.TextView")
PICK_NOTES = _click("android:id/title", "notes.txt")
ROTATE = {"kind": "rotate", "orientation": "landscape"}
EDIT = _click("edit", desc="Edit", cls="android.widget.TextView")
BACK = {"kind": "press_back"}

BUG_36 = BugSpec(
    "editor#36",
    "non-crash",
    "Rotating device enters edit mode",
    unlocked_by_recreation,
    human_steps=(OPEN_FILE, PICK_NOTES, ROTATE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "editor#36": [
        # No rotation: the file stays read-only.
        [OPEN_FILE, PICK_NOTES],
        # Rotated before the file is opened: it is opened read-only in landscape.
        [ROTATE, OPEN_FILE, PICK_NOTES],
        # Edit (the pencil) tapped before rotating: the user unlocked it.
        [OPEN_FILE, PICK_NOTES, EDIT, ROTATE],
        # The picker cancelled: the default, editable file is rotated.
        [OPEN_FILE, BACK, ROTATE],
    ]
}


class Editor114(VirtualApp):
    """Editor 1.14 (see the module docstring)."""

    name: ClassVar[str] = "editor"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Editor"
    version: ClassVar[str] = "1.14"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_36,)

    def initial_data(self) -> dict[str, Any]:
        return {
            # SharedPreferences: PREF_SAVE, PREF_WRAP, PREF_SUGGEST, PREF_THEME, PREF_SIZE,
            # PREF_TYPE, PREF_PATHS (recent file -> scroll position).
            "prefs": {
                "save": False,
                "wrap": False,
                "suggest": True,
                "theme": "Light",
                "size": "Medium",
                "type": "Monospace",
                "paths": [],
            },
            # External storage: path -> (content, lastModified).
            "files": {NOTES: {"content": "Shopping list\nMilk\nBread", "modified": 1000}},
            "clock": 2000,  # a file's lastModified when written
            # The read-only state the app last gave the shown file (for the oracle).
            "shown_read_only": None,
            "inst": {},
            "unlocked_by_recreation": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    # The Editor activity instance's fields (file, path, dirty, modified, the EditText's text
    # and input type, the open menu or dialog) live in ctx.data["inst"], so that the picker's
    # result (onActivityResult) can reach them; ctx.ui holds the instance's saved Bundle, and
    # on_create replaces ctx.data["inst"] with a new instance.
    def _i(self, ctx: AppContext) -> dict[str, Any]:
        inst: dict[str, Any] = ctx.data["inst"]
        return inst

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == PICKER:
            return
        bundle = ctx.ui.get("bundle")
        # setContentView: the EditText is inflated editable (inputType text|textMultiLine).
        inst: dict[str, Any] = {
            "read_only": False,
            "menu": None,
            "dialog": None,
            "search": False,
            "text": "",
            "path": DOCUMENTS_FILE,
            "dirty": False,
            "modified": 0,
        }
        ctx.data["inst"] = inst
        ctx.ui["bundle"] = None
        if bundle is not None:
            # onRestoreInstanceState: path, dirty, modified; the EditText restores its text.
            inst.update(bundle)
            shown = ctx.data["shown_read_only"]
            if shown is not None and shown == inst["path"]:
                ctx.data["unlocked_by_recreation"].append(shown)
            ctx.data["shown_read_only"] = None
            stored = ctx.data["files"].get(inst["path"])
            if stored is not None and stored["modified"] > inst["modified"]:
                inst["dialog"] = "reload"
            return
        ctx.data["shown_read_only"] = None
        self._default_file(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # outState: MODIFIED, DIRTY, PATH; the view hierarchy keeps the EditText's text.
        inst = self._i(ctx)
        keep = ("path", "dirty", "modified", "text")
        return {"bundle": {k: inst[k] for k in keep}}

    def _recreate(self, ctx: AppContext) -> None:
        """``Activity.recreate()``: the same save/restore as a rotation."""
        saved = self.save_instance_state(ctx)
        ctx.ui.clear()
        ctx.ui.update(saved)
        self.on_create(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == PICKER:
            ctx.finish()  # RESULT_CANCELED: onActivityResult does nothing
            return True
        ui = self._i(ctx)
        if ui["menu"] is not None:
            ui["menu"] = None
            return True
        if ui["search"]:
            ui["search"] = False
            return True
        if ui["dirty"]:
            ui["dialog"] = "back"
            return True
        self._on_pause(ctx)
        return False

    def _on_pause(self, ctx: AppContext) -> None:
        if self._i(ctx)["dirty"] and ctx.data["prefs"]["save"]:
            self._write(ctx)

    # -- files -------------------------------------------------------------------------------
    def _default_file(self, ctx: AppContext) -> None:
        self._i(ctx)["path"] = DOCUMENTS_FILE
        if DOCUMENTS_FILE in ctx.data["files"]:
            self._read_file(ctx, DOCUMENTS_FILE)

    def _read_file(self, ctx: AppContext, path: str) -> None:
        ui = self._i(ctx)
        stored = ctx.data["files"][path]
        ui.update(path=path, dirty=False, modified=stored["modified"])
        # ReadTask.onPostExecute: the text, then read only.
        ui["text"] = stored["content"]
        ui["dirty"] = False
        ui["read_only"] = True
        ctx.data["shown_read_only"] = path

    def _write(self, ctx: AppContext) -> None:
        ui = self._i(ctx)
        ctx.data["clock"] += 1000
        ctx.data["files"][ui["path"]] = {"content": ui["text"], "modified": ctx.data["clock"]}
        ui["dirty"] = False
        ui["modified"] = ctx.data["clock"]

    def _save_file(self, ctx: AppContext) -> None:
        stored = ctx.data["files"].get(self._i(ctx)["path"])
        if stored is not None and stored["modified"] > self._i(ctx)["modified"]:
            self._i(ctx)["dialog"] = "overwrite"
            return
        self._write(ctx)

    def _make_editable(self, ctx: AppContext) -> None:
        self._i(ctx)["read_only"] = False
        ctx.data["shown_read_only"] = None

    def _on_text(self, ctx: AppContext, text: str) -> None:
        self._i(ctx)["text"] = text
        self._i(ctx)["dirty"] = True  # TextWatcher.afterTextChanged

    def _long_click(self, ctx: AppContext) -> None:
        if self._i(ctx)["read_only"]:
            self._make_editable(ctx)

    # -- menu --------------------------------------------------------------------------------
    def _visible_actions(self, ctx: AppContext) -> list[tuple[str, str]]:
        ui = self._i(ctx)
        visible = {
            "search": True,
            "edit": ui["read_only"],
            "open": True,  # isapp (launched with ACTION_MAIN)
            "save": ui["dirty"],
        }
        return [(rid, title) for rid, title in ACTION_ITEMS if visible[rid]]

    def _action_slots(self, ctx: AppContext) -> int:
        width_dp = ctx.screen_size[0] / 2.625
        if width_dp > 600:
            return 5
        if width_dp >= 500:
            return 4
        return 3 if width_dp >= 360 else 2

    def _split_actions(
        self, ctx: AppContext
    ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        actions = self._visible_actions(ctx)
        room = self._action_slots(ctx) - 1  # the overflow button (never-items exist) takes one
        return actions[:room], actions[room:]

    def _item(self, ctx: AppContext, item: str) -> None:
        ui = self._i(ctx)
        ui["menu"] = None
        if item == "edit":
            self._make_editable(ctx)
        elif item == "open":
            if ui["dirty"]:
                ui["dialog"] = "open"
            else:
                ctx.start_activity(PICKER)
        elif item == "save":
            self._save_file(ctx)
        elif item == "search":
            ui["search"] = True
        elif item == "saveAs":
            ui["dialog"] = "saveAs"
            ui["save_as_name"] = ui["path"].replace(STORAGE + "/", "", 1)
        elif item == "viewMarkdown":
            ctx.log(
                "ActivityTaskManager",
                "START u0 {act=android.intent.action.VIEW typ=text/html} (a browser: not modelled)",
            )
        elif item == "autoSave":
            ctx.data["prefs"]["save"] = not ctx.data["prefs"]["save"]
        elif item in ("wrap", "suggest"):
            ctx.data["prefs"][item] = not ctx.data["prefs"][item]
            self._save_path(ctx)
            self._recreate(ctx)
            return
        elif item == "about":
            ui["dialog"] = "about"
        elif item in ("openRecent", "theme", "size", "typeface"):
            ui["menu"] = item
            return
        self._save_path(ctx)

    def _save_path(self, ctx: AppContext) -> None:
        paths = ctx.data["prefs"]["paths"]
        if self._i(ctx)["path"] not in paths:
            paths.append(self._i(ctx)["path"])

    def _choose(self, ctx: AppContext, group: str, value: str) -> None:
        self._i(ctx)["menu"] = None
        ctx.data["prefs"][group] = value
        self._save_path(ctx)
        if group == "theme":
            self._recreate(ctx)

    def _open_recent(self, ctx: AppContext, name: str) -> None:
        self._i(ctx)["menu"] = None
        path = name if name.startswith("/") else f"{STORAGE}/{name}"
        if path in ctx.data["files"]:
            if self._i(ctx)["dirty"]:
                self._i(ctx)["dialog"] = "recent"
                self._i(ctx)["recent"] = path
            else:
                self._read_file(ctx, path)
        self._save_path(ctx)

    # -- dialogs -----------------------------------------------------------------------------
    def _dialog_answer(self, ctx: AppContext, positive: bool) -> None:
        ui = self._i(ctx)
        dialog, ui["dialog"] = ui["dialog"], None
        if dialog == "back":
            if positive:
                self._save_file(ctx)
            else:
                ui["dirty"] = False
            ctx.finish()
        elif dialog == "open":
            if positive:
                self._save_file(ctx)
            else:
                ui["dirty"] = False
            ctx.start_activity(PICKER)
        elif dialog == "recent":
            if positive:
                self._save_file(ctx)
            else:
                ui["dirty"] = False
            self._read_file(ctx, ui["recent"])
        elif dialog == "reload" and positive:
            self._read_file(ctx, ui["path"])
        elif dialog == "overwrite" and positive:
            self._write(ctx)
        elif dialog == "saveAs" and positive:
            name = ui.get("save_as_name", "")
            ui["path"] = name if name.startswith("/") else f"{STORAGE}/{name}"
            self._save_file(ctx)

    def _dismiss(self, ctx: AppContext) -> None:
        self._i(ctx)["dialog"] = None

    def _set_save_as(self, ctx: AppContext, text: str) -> None:
        self._i(ctx)["save_as_name"] = text

    # -- the document picker (DocumentsUI stub) ----------------------------------------------
    def _pick(self, ctx: AppContext, path: str) -> None:
        ctx.finish()
        # onActivityResult(GET_TEXT): readFile(uri); resolveContent gives the file's path. The
        # picker runs above the editor, whose instance state is the one to update.
        inst = self._i(ctx)
        inst["menu"] = None
        self._read_file(ctx, path)

    def _render_picker(self, ctx: AppContext) -> Screen:
        rows = [
            w.document_row(path.rsplit("/", 1)[-1], w.bind(self._pick, path))
            for path in ctx.data["files"]
            if path.startswith(STORAGE + "/Download/")
        ]
        return Screen(content=w.document_picker(rows))

    # -- render ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PICKER:
            return self._render_picker(ctx)
        ui = self._i(ctx)
        title = ui["path"].rsplit("/", 1)[-1]
        shown, overflow = self._split_actions(ctx)
        if ui["search"]:
            bar_items = [
                w.edit_text("android:id/search_src_text", "", None, hint="Search…"),
            ]
        else:
            bar_items = [
                w.text_view(title, height=w.TOOLBAR_HEIGHT),
                *[w.action_item(rid, desc, w.bind(self._item, rid)) for rid, desc in shown],
            ]
        bar = View(
            cls="android.view.ViewGroup",
            resource_id="android:id/action_bar",
            layout="horizontal",
            height=w.TOOLBAR_HEIGHT,
            weight=0,
            style="toolbar",
            children=[*bar_items, w.overflow_button(w.bind(self._open_menu, "main"))],
        )
        field = View(
            cls="android.widget.EditText",
            resource_id="text",
            text=ui["text"],
            on_text=None if ui["read_only"] else self._on_text,
            on_long_click=self._long_click,
            focusable=True,
            height=ctx.screen_size[1] - 63 - w.TOOLBAR_HEIGHT - 126,
            extra={"multiline": True},
        )
        scroll = View(
            cls="android.widget.ScrollView",
            resource_id="vscroll",
            children=[
                View(
                    cls="android.widget.HorizontalScrollView",
                    resource_id="hscroll",
                    children=[field],
                ),
            ],
        )
        content = w.linear_layout([bar, scroll])
        windows: list[Window] = []
        if ui["menu"] is not None:
            windows.append(self._menu_window(ctx, overflow))
        if ui["dialog"] is not None:
            windows.append(self._dialog(ctx))
        return Screen(content=content, windows=windows)

    def _open_menu(self, ctx: AppContext, menu: str) -> None:
        self._i(ctx)["menu"] = menu

    def _close_menu(self, ctx: AppContext) -> None:
        self._i(ctx)["menu"] = None

    def _menu_window(self, ctx: AppContext, overflow: list[tuple[str, str]]) -> Window:
        menu = self._i(ctx)["menu"]
        prefs = ctx.data["prefs"]
        rows: list[View] = []
        if menu == "main":
            entries: list[tuple[str, str, bool | None]] = [
                (rid, title, None) for rid, title in overflow
            ]
            entries += [
                ("openRecent", "Open recent", None),
                ("saveAs", "Save as…", None),
                ("viewMarkdown", "View markdown…", None),
                ("autoSave", "Auto save", bool(prefs["save"])),
                ("wrap", "Word wrap", bool(prefs["wrap"])),
                ("suggest", "Suggestions", bool(prefs["suggest"])),
                ("theme", "Theme", None),
                ("size", "Text size", None),
                ("typeface", "Typeface", None),
                ("about", "About", None),
            ]
            for rid, title, checked in entries:
                children = [w.text_view(title, "android:id/title", height=126)]
                if checked is not None:
                    children.append(w.check_box("android:id/checkbox", "", checked, width=126))
                rows.append(
                    View(
                        cls="android.widget.LinearLayout",
                        layout="horizontal",
                        height=126,
                        on_click=w.bind(self._item, rid),
                        children=children,
                    )
                )
        elif menu == "openRecent":
            for path in ctx.data["prefs"]["paths"]:
                name = path.replace(STORAGE + "/", "", 1)
                rows.append(
                    View(
                        cls="android.widget.LinearLayout",
                        height=126,
                        on_click=w.bind(self._open_recent, name),
                        children=[w.text_view(name, "android:id/title", height=126)],
                    )
                )
        else:
            group = {"theme": THEMES, "size": SIZES, "typeface": TYPEFACES}[menu]
            key = {"theme": "theme", "size": "size", "typeface": "type"}[menu]
            for value in group:
                rows.append(
                    View(
                        cls="android.widget.LinearLayout",
                        layout="horizontal",
                        height=126,
                        on_click=w.bind(self._choose, key, value),
                        children=[
                            w.text_view(value, "android:id/title", height=126),
                            w.radio_button("android:id/radio", "", prefs[key] == value, width=126),
                        ],
                    )
                )
        return Window(
            root=View(cls="android.widget.ListView", weight=0, children=rows),
            kind="menu",
            on_dismiss=self._close_menu,
            bounds=(ctx.screen_size[0] - 600, 63, ctx.screen_size[0], 63 + 126 * max(len(rows), 1)),
        )

    def _dialog(self, ctx: AppContext) -> Window:
        dialog = self._i(ctx)["dialog"]
        yes = w.bind(self._dialog_answer, True)
        no = w.bind(self._dialog_answer, False)
        if dialog in ("back", "open", "recent"):
            title = {"back": "Editor", "open": "Open file…", "recent": "Open recent"}[dialog]
            return w.confirm_dialog(title, MODIFIED, ("Save", yes), ("Discard", no), self._dismiss)
        if dialog == "reload":
            return w.confirm_dialog(
                "Editor", CHANGED_RELOAD, ("Reload", yes), ("Cancel", no), self._dismiss
            )
        if dialog == "overwrite":
            return w.confirm_dialog(
                "Editor",
                "This file has changed, do you want to overwrite it?",
                ("Overwrite", yes),
                ("Cancel", no),
                self._dismiss,
            )
        if dialog == "saveAs":
            return w.alert_dialog(
                w.dialog_title("Save"),
                [
                    w.dialog_message("Choose a file name"),
                    w.edit_text("", self._i(ctx).get("save_as_name", ""), self._set_save_as),
                ],
                w.dialog_buttons(("Save", yes), ("Cancel", no)),
                self._dismiss,
            )
        return w.confirm_dialog("About", ABOUT, ("OK", self._dismiss), None, self._dismiss)
