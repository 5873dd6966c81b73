"""Simple Notes (``com.simplemobiletools.notes.pro``, SimpleMobileTools/Simple-Notes) 6.2.0,
for Simple-Notes#298.

Notes in a ViewPager, one page per note, each a text note (an EditText) or a checklist (items
added through a dialog with three fields, a tap marks one done). The action bar holds "Add a
new note" and, once there are two notes, "Open note"; renaming is in the overflow menu.

Sources read at commit 2667cc4d ("updating Commons and Room", 2019-10-28; ``versionName``
6.2.0), the parent of the fix bbc14d4a ("fix #298, properly save checklist values at
renaming"). The report was filed 2019-10-06 by the maintainer against the then current
6.2.0. Files read: ``activities/MainActivity.kt``, ``SplashActivity.kt``,
``adapters/NotesPagerAdapter.kt``, ``ChecklistAdapter.kt``, ``fragments/ChecklistFragment.kt``,
``TextFragment.kt``, ``dialogs/NewNoteDialog.kt``, ``RenameNoteDialog.kt``,
``NewChecklistItemDialog.kt``, ``helpers/NotesHelper.kt``, ``Config.kt``, ``menu/menu.xml``, the
layouts ``activity_main``, ``fragment_checklist``, ``fragment_text``, ``note_view_static``,
``item_checklist``, ``dialog_new_note``, ``dialog_rename_note``, ``dialog_new_checklist_item``
and ``strings.xml``.

Bug Simple-Notes#298 (non-crash): MainActivity keeps ``mCurrentNote``, an object of the note
list loaded by ``initViewPager`` (when the app starts, and after a note is created or
renamed). The ChecklistFragment loads its own copy of the note and writes every change (new
items, done marks) to the database with it, so ``mCurrentNote.value`` stays what it was when
the list was loaded: ``""`` for a checklist created in this session. ``RenameNoteDialog`` sets
the title on ``mCurrentNote`` and writes the whole object (``insertOrUpdate``); only a text
note's value is refreshed first (``currentNoteText``), so a checklist's items are overwritten
with the stale value and the renamed checklist shows "The checklist is empty". After a restart
(or anything else that re-creates MainActivity, such as a rotation) the list is reloaded and a
rename keeps the items.

Stubbed: the overflow's file items (open file, import folder, export), "Share", "Open note",
"Delete note", the settings and about screens (their titles), the checklist item selection
mode (long press), the widget, the word counter and undo/redo. Text notes save what is typed
at once (the app saves on pause and on menu actions; autosave is on by default). Uncertain:
which menu items show as icons (the model follows AppCompat's limit of three action buttons,
the overflow taking one, on a 411 dp wide screen); the dialogs' toast for three empty item
fields is left out.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.simplemobiletools.notes.pro"
SPLASH = ".activities.SplashActivity"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
ABOUT = "com.simplemobiletools.commons.activities.AboutActivity"
TEXT, CHECKLIST = 0, 1
GENERAL_NOTE = "General note"
RECYCLER = "androidx.recyclerview.widget.RecyclerView"

# menu.xml in order (save, undo and redo left out: hidden for checklists and unchanged notes).
MENU = [
    ("open_note", "Open note"),
    ("new_note", "Add a new note"),
    ("rename_note", "Rename note"),
    ("share", "Share"),
    ("open_file", "Open file"),
    ("import_folder", "Import folder"),
    ("export_as_file", "Export as file"),
    ("export_all_notes", "Export all notes as files"),
    ("delete_note", "Delete note"),
    ("settings", "Settings"),
    ("about", "About"),
]
IF_ROOM = ("open_note", "new_note", "rename_note", "share", "delete_note")


def _items(value: str) -> list[dict[str, Any]]:
    """The checklist items stored in a note's value (Gson's JSON; "" gives none)."""
    parsed = json.loads(value) if value else None
    return list(parsed or [])


def checklist_items_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Simple-Notes#298: a checklist in the database lacks items the user
    added to it."""
    for note in data["notes"]:
        if note["type"] != CHECKLIST:
            continue
        stored = {item["title"] for item in _items(note["value"])}
        if set(data["added"].get(str(note["id"]), [])) - stored:
            return True
    return False


# -- steps -------------------------------------------------------------------------------------
OK = click(PACKAGE, "android:id/button1", "OK")
CANCEL = click(PACKAGE, "android:id/button2", "Cancel")
NEW_NOTE = click(PACKAGE, "new_note", desc="Add a new note")
MORE = click(PACKAGE, desc=w.MORE_OPTIONS)
RENAME = click(PACKAGE, "title", "Rename note")
ADD_ITEMS = click(PACKAGE, "checklist_fab", cls="android.widget.ImageButton")
ROTATE: dict[str, Any] = {"kind": "rotate", "orientation": "landscape"}
PORTRAIT: dict[str, Any] = {"kind": "rotate", "orientation": "portrait"}


def new_note(title: str, checklist: bool) -> list[dict[str, Any]]:
    kind = (
        click(PACKAGE, "type_checklist", "Checklist")
        if checklist
        else click(PACKAGE, "type_text_note", "Text note")
    )
    return [NEW_NOTE, input_text(PACKAGE, "note_title", title), kind, OK]


def add_item(title: str) -> list[dict[str, Any]]:
    return [ADD_ITEMS, input_text(PACKAGE, "checklist_item_title_1", title), OK]


def rename(title: str, confirm: dict[str, Any] = OK) -> list[dict[str, Any]]:
    return [MORE, RENAME, input_text(PACKAGE, "note_title", title), confirm]


CHECKLIST_WITH_ITEM = [*new_note("Groceries", True), *add_item("Milk")]


class SimpleNotes(VirtualApp):
    """Simple Notes 6.2.0: the notes pager, its menus and the note, item and rename dialogs."""

    name: ClassVar[str] = "Simple-Notes"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Notes"
    version: ClassVar[str] = "6.2.0"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Simple-Notes#298",
            "non-crash",
            "Fix checklist not saved, if renamed right after creation",
            checklist_items_lost,
            human_steps=(*CHECKLIST_WITH_ITEM, *rename("Shopping")),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # NotesHelper.getNotes on the first start: the "General note" text note.
        return {
            "notes": [{"id": 1, "title": GENERAL_NOTE, "value": "", "type": TEXT}],
            "next_id": 2,
            "current_id": 1,
            "last_type": TEXT,
            "added": {},
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN:
            ctx.ui.update(dialog=None, menu=False)
            self._init_view_pager(ctx, ctx.data["current_id"])

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {}  # onCreate reloads the notes; the plain AlertDialogs are not restored

    def _db_note(self, ctx: AppContext, note_id: int) -> dict[str, Any]:
        return next(n for n in ctx.data["notes"] if n["id"] == note_id)

    def _init_view_pager(self, ctx: AppContext, wanted: int) -> None:
        """``initViewPager``: ``mNotes`` is loaded from the database and ``mCurrentNote`` is
        the wanted note's object in it (copies: later database writes do not reach them)."""
        ctx.ui["notes"] = [dict(n) for n in ctx.data["notes"]]
        ids = [n["id"] for n in ctx.ui["notes"]]
        page = ids.index(wanted) if wanted in ids else 0
        self._select_page(ctx, page)

    def _select_page(self, ctx: AppContext, page: int) -> None:
        """The pager's ``onPageChangeListener``: ``mCurrentNote = mNotes[page]``."""
        ctx.ui["page"] = page
        ctx.ui["current"] = ctx.ui["notes"][page]
        ctx.data["current_id"] = ctx.ui["current"]["id"]

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or ctx.ui["dialog"] or ctx.ui["menu"]:
            return False
        moved = w.pager_swipe(ctx.ui, "page", len(ctx.ui["notes"]), direction)
        if moved:
            self._select_page(ctx, ctx.ui["page"])
        return moved

    def on_back(self, ctx: AppContext) -> bool:
        return ctx.activity == MAIN and w.dismiss(ctx.ui, "menu")

    # -- menu --------------------------------------------------------------------------------
    def _menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "new_note":
            ctx.ui["dialog"] = {"kind": "new", "title": "", "type": ctx.data["last_type"]}
        elif item == "rename_note":
            ctx.ui["dialog"] = {"kind": "rename", "title": ctx.ui["current"]["title"]}
        elif item == "settings":
            ctx.start_activity(SETTINGS)
        elif item == "about":
            ctx.start_activity(ABOUT)

    def _set_dialog(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui["dialog"][key] = value

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.hide_keyboard()

    def _title_problem(self, ctx: AppContext, title: str) -> str:
        if not title:
            return "Please name your note"
        if any(n["title"] == title for n in ctx.data["notes"]):
            return "A note with that title already exists"
        return ""

    def _create_note(self, ctx: AppContext) -> None:
        """``NewNoteDialog``'s OK, then ``addNewNote``."""
        dialog = ctx.ui["dialog"]
        title = dialog["title"].strip()
        problem = self._title_problem(ctx, title)
        if problem:
            ctx.toast(problem)
            return
        note_id = ctx.data["next_id"]
        ctx.data["next_id"] += 1
        ctx.data["last_type"] = dialog["type"]
        ctx.data["notes"].append(
            {"id": note_id, "title": title, "value": "", "type": dialog["type"]}
        )
        self._close_dialog(ctx)
        self._init_view_pager(ctx, note_id)

    def _rename_note(self, ctx: AppContext) -> None:
        """``RenameNoteDialog.newTitleConfirmed`` on ``mCurrentNote``."""
        title = ctx.ui["dialog"]["title"].strip()
        problem = self._title_problem(ctx, title)
        if problem:
            ctx.toast(problem)
            return
        note = dict(ctx.ui["current"])
        note["title"] = title
        if note["type"] == TEXT:  # autosaveNotes and a TextFragment's currentNoteText
            note["value"] = self._db_note(ctx, note["id"])["value"]
        # The bug: the whole object is written, a checklist's stale value included.
        ctx.data["notes"] = [note if n["id"] == note["id"] else n for n in ctx.data["notes"]]
        self._close_dialog(ctx)
        self._init_view_pager(ctx, note["id"])

    # -- fragments ---------------------------------------------------------------------------
    def _type_text(self, ctx: AppContext, text: str) -> None:
        self._db_note(ctx, ctx.ui["current"]["id"])["value"] = text

    def _add_items(self, ctx: AppContext) -> None:
        """``NewChecklistItemDialog``'s OK, then ``ChecklistFragment.saveNote``."""
        dialog = ctx.ui["dialog"]
        titles = [dialog[f"t{i}"].strip() for i in (1, 2, 3) if dialog[f"t{i}"].strip()]
        if not titles:
            return
        note = self._db_note(ctx, ctx.ui["current"]["id"])
        items = _items(note["value"])
        next_id = max((item["id"] for item in items), default=0) + 1
        for offset, title in enumerate(titles):
            items.append({"id": next_id + offset, "title": title, "isDone": False})
        note["value"] = json.dumps(items)
        ctx.data["added"].setdefault(str(note["id"]), []).extend(titles)
        self._close_dialog(ctx)

    def _toggle_item(self, ctx: AppContext, item_id: int) -> None:
        note = self._db_note(ctx, ctx.ui["current"]["id"])
        items = _items(note["value"])
        for item in items:
            if item["id"] == item_id:
                item["isDone"] = not item["isDone"]
        note["value"] = json.dumps(items)

    def _open_items_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "items", "t1": "", "t2": "", "t3": ""}

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._stub("Settings")
        if ctx.activity == ABOUT:
            return self._stub("About")
        if ctx.activity == SPLASH:
            return Screen(content=w.frame_layout())
        return self._render_main(ctx)

    def _stub(self, title: str) -> Screen:
        bar = w.toolbar(title, navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar]))

    def _menu_split(
        self, ctx: AppContext, many: bool
    ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """``menu.xml``'s visible items (``onPrepareOptionsMenu``: the note items only with two
        notes or more) split into action icons and the overflow as
        AppCompat's ActionMenuPresenter does: 3 action buttons on a 411 dp wide portrait
        screen, 5 in landscape, one of them the overflow button (the never-items overflow)."""
        note_items = ("open_note", "rename_note", "delete_note", "export_all_notes")
        items = [i for i in MENU if many or i[0] not in note_items]
        slots = (5 if ctx.orientation == "landscape" else 3) - 1
        icons = [i for i in items if i[0] in IF_ROOM][:slots]
        return icons, [i for i in items if i not in icons]

    def _render_main(self, ctx: AppContext) -> Screen:
        notes, current = ctx.ui["notes"], ctx.ui["current"]
        many = len(notes) > 1

        icons, _ = self._menu_split(ctx, many)
        actions = [w.action_item(rid, title, w.bind(self._menu_item, rid)) for rid, title in icons]
        bar = w.toolbar(
            "Notes",
            actions=[*actions, w.overflow_button(lambda c: c.ui.update(menu=True))],
            rid="action_bar",
        )
        page_views: list[View] = []
        if many:
            page = ctx.ui["page"]
            titles = [notes[i]["title"] for i in (page - 1, page, page + 1) if 0 <= i < len(notes)]
            strip = View(
                cls="android.view.ViewGroup",
                resource_id="pager_title_strip",
                layout=HORIZONTAL,
                height=150,
                children=[w.text_view(t) for t in titles],
            )
            page_views.append(strip)
        page_views.append(self._fragment(ctx, self._db_note(ctx, current["id"])))
        pager = View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="view_pager",
            children=page_views,
        )
        return Screen(content=w.linear_layout([bar, pager]), windows=self._windows(ctx, many))

    def _fragment(self, ctx: AppContext, note: dict[str, Any]) -> View:
        if note["type"] == TEXT:
            field = w.edit_text(
                "text_note_view", note["value"], self._type_text, extra={"multiline": True}
            )
            scroll = w.scroll_view([w.relative_layout([field], rid="notes_relative_layout")])
            scroll.resource_id = "notes_scrollview"
            return w.relative_layout([scroll], rid="note_fragment_holder")
        items = _items(note["value"])
        if items:
            rows = [
                w.relative_layout(
                    [
                        w.text_view(i["title"], "checklist_title"),
                        w.image_view("checklist_image", width=150),
                    ],
                    rid="checklist_holder",
                    layout=HORIZONTAL,
                    height=150,
                    on_click=w.bind(self._toggle_item, i["id"]),
                )
                for i in items
            ]
            holder = [w.list_view(rows, rid="checklist_list", cls=RECYCLER)]
        else:
            holder = [
                w.text_view("The checklist is empty", "fragment_placeholder"),
                w.text_view(
                    "Add new checklist items",
                    "fragment_placeholder_2",
                    on_click=self._open_items_dialog,
                ),
            ]
        return View(
            cls="android.view.ViewGroup",
            resource_id="checklist_holder",
            layout=FRAME,
            children=[
                w.relative_layout(holder, rid="checklist_items_holder"),
                w.fab("checklist_fab", "", self._open_items_dialog),
            ],
        )

    def _windows(self, ctx: AppContext, many: bool) -> list[Window]:
        windows: list[Window] = []
        if ctx.ui["menu"]:
            _, names = self._menu_split(ctx, many)
            rows = [(title, w.bind(self._menu_item, rid)) for rid, title in names]
            windows.append(w.menu_window(rows, lambda c: c.ui.update(menu=False)))
        dialog = ctx.ui["dialog"]
        if dialog is not None:
            windows.append(self._dialog(dialog))
        return windows

    def _field(self, rid: str, value: str, key: str) -> View:
        return w.edit_text(rid, value, lambda c, t: self._set_dialog(c, key, t))

    def _dialog(self, dialog: dict[str, Any]) -> Window:
        if dialog["kind"] == "new":
            kinds = View(
                cls="android.widget.RadioGroup",
                resource_id="new_note_type",
                weight=0,
                children=[
                    w.radio_button(
                        "type_text_note",
                        "Text note",
                        dialog["type"] == TEXT,
                        lambda c: self._set_dialog(c, "type", TEXT),
                    ),
                    w.radio_button(
                        "type_checklist",
                        "Checklist",
                        dialog["type"] == CHECKLIST,
                        lambda c: self._set_dialog(c, "type", CHECKLIST),
                    ),
                ],
            )
            body = [
                self._field("note_title", dialog["title"], "title"),
                w.text_view("New note type:", "new_note_type_label"),
                kinds,
            ]
            ok, title = self._create_note, "Add a new note"
        elif dialog["kind"] == "rename":
            body = [self._field("note_title", dialog["title"], "title")]
            ok, title = self._rename_note, "Rename note"
        else:
            body = [
                self._field(f"checklist_item_title_{i}", dialog[f"t{i}"], f"t{i}")
                for i in (1, 2, 3)
            ]
            ok, title = self._add_items, "Add new checklist items"
        holder = w.linear_layout(body, rid="dialog_holder", weight=0)
        cancel = ("Cancel", self._close_dialog)
        return w.input_dialog(title, holder, ("OK", ok), cancel, self._close_dialog)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Simple-Notes#298": [
        # The checklist is filled and not renamed.
        [*CHECKLIST_WITH_ITEM, MORE],
        # Renamed first, then filled: the stale value is still "" but nothing is lost.
        [*new_note("Groceries", True), *rename("Shopping"), *add_item("Milk")],
        # The rename is cancelled.
        [*CHECKLIST_WITH_ITEM, *rename("Shopping", CANCEL)],
        # MainActivity is re-created (rotated and back) before the rename: the notes are reloaded.
        [*CHECKLIST_WITH_ITEM, ROTATE, PORTRAIT, *rename("Shopping")],
        # A text note is renamed: its current text is saved with the new title.
        [
            *new_note("Groceries", False),
            input_text(PACKAGE, "text_note_view", "Milk"),
            *rename("Shopping"),
        ],
    ],
}
