"""Material Notes (LocalMaterialNotes, ``com.maelchiotti.localmaterialnotes``) 1.10.0-dev1, a
Flutter app, with bug LocalMaterialNotes#327.

Modelled from the sources at tag ``v1.10.0`` (no tag marks the 1.10.0-dev1 pre-release the apk
is named after; the code of #327 is the same, fixed in v1.10.1 by ``79e858b``): ``lib/``
``pages/notes/notes_page.dart``, ``pages/bin/bin_page.dart``, ``pages/editor/editor_page.dart``
(and ``widgets/editor_labels_list.dart``, ``editor_toolbar.dart``),
``common/navigation/app_bars/notes_app_bar.dart``, ``notes_selection_app_bar.dart``,
``editor_app_bar.dart``, ``common/navigation/side_navigation.dart``, ``menu_option.dart``,
``common/widgets/notes/notes_list.dart``, ``note_tile.dart``, ``common/actions/notes/*.dart``,
``common/dialogs/confirmation_dialog.dart``, ``providers/notes/notes_provider.dart``,
``providers/bin/bin_provider.dart``, ``services/notes/notes_service.dart`` (the welcome note),
``common/preferences/preference_key.dart`` (defaults) and ``l10n/translations/app_en.arb``.

A Flutter app draws everything in one FlutterView: the dump holds ``android.view.View`` nodes
labelled by ``content-desc`` (texts, list tiles, drawer entries, menu items), ``Button`` nodes
for icon buttons (their tooltip as ``content-desc``; buttons without one are NAF), ``EditText``
for text fields, no resource ids; the drawer, popup menus and dialogs are nodes of the same
view, above a barrier ("Scrim" for the drawer, "Dismiss" for menus and dialogs).

- first run: the notes page ("Notes") holds the welcome note ("Welcome to Material Notes!",
  "Simple, local, material design notes"). The app bar: "Open navigation menu", the title,
  "Grid view"/"List view", "Sort the notes" (Creation date, Edition date, Title, Ascending),
  "Search the notes" (a stub); the FAB "Add a note". A tile opens the editor; a long press
  starts the selection mode (the count, "Select all", "Toggle pins", "Delete");
- the editor: "Back", "Undo the last action", "Redo the last action", "Toggle checkbox",
  "Switch to reading mode", "Show menu" (Copy, Share, Pin/Unpin, Labels, Delete, About),
  the title field ("Title") and the content field ("Note"), the labels bar and the formatting
  toolbar (unlabelled buttons, stubs). A note is saved as it is typed, removed while empty;
- the drawer: "Material Notes", Notes, Manage labels, Bin, Settings (the labels and settings
  pages are stubs);
- deleting (selection "Delete", the editor's menu "Delete") moves notes to the bin without a
  confirmation (the default confirmations are for irreversible actions only). Swiping a tile
  (the default right swipe deletes) is not modelled.

The bug (LocalMaterialNotes#327, non-crash): ``NotesList`` on the bin page watches
``notesProvider`` instead of ``binProvider``, so the bin lists the notes that are not deleted
and never the deleted ones ("deleted notes don't go to the bin", "notes are duplicated to the
bin"). The oracle reads the app state: the bin page was shown while a deleted note existed that
it did not list.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View
from device_agent.virtual.widgets import bind

PACKAGE = "com.maelchiotti.localmaterialnotes"
MAIN = ".MainActivity"
APP_NAME = "Material Notes"
WELCOME_TITLE = "Welcome to Material Notes!"
WELCOME_CONTENT = "Simple, local, material design notes"
BAR = 168  # a Material 3 app bar, 64 dp
NOTE_MENU = ("Copy", "Share", "Pin", "Labels", "Delete", "About")
SORTS = ("Creation date", "Edition date", "Title")


def _bin_missed_a_deleted_note(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of LocalMaterialNotes#327: the bin was shown without a deleted note."""
    return bool(data["bin_missed_deleted"])


def _tap(desc: str, cls: str = "android.widget.Button") -> dict[str, Any]:
    return {
        "kind": "click",
        "target": {"resource_id": "", "text": "", "content_desc": desc, "class_name": cls},
    }


BUG_327 = BugSpec(
    bug_id="LocalMaterialNotes#327",
    kind="non-crash",
    title="(KINDA CRITICAL) the bin doesn't work",
    oracle=_bin_missed_a_deleted_note,
    human_steps=(
        _tap("Add a note"),
        {
            "kind": "input_text",
            "target": {
                "resource_id": "",
                "text": "Title",
                "content_desc": "",
                "class_name": "android.widget.EditText",
            },
            "text": "Groceries",
        },
        _tap("Back"),
        {
            "kind": "long_click",
            "target": {
                "resource_id": "",
                "text": "",
                "content_desc": "Groceries",
                "class_name": "android.view.View",
            },
        },
        _tap("Delete"),
        _tap("Open navigation menu"),
        _tap("Bin", cls="android.view.View"),
    ),
)


def _view(desc: str = "", **kw: Any) -> View:
    """A Flutter semantics node: an ``android.view.View`` labelled by its content-desc."""
    return View(cls="android.view.View", content_desc=desc, **kw)


def _button(desc: str, handler: Any, *, enabled: bool = True, width: int = 126) -> View:
    """An IconButton/TextButton: an ``android.widget.Button`` whose tooltip is its label."""
    return View(
        cls="android.widget.Button",
        content_desc=desc,
        on_click=handler if enabled else None,
        clickable=enabled,
        enabled=enabled,
        width=width,
        naf=not desc,
    )


class LocalMaterialNotes1100(VirtualApp):
    """Material Notes 1.10.0-dev1 (see the module docstring)."""

    name: ClassVar[str] = "LocalMaterialNotes"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.10.0-dev1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_327,)

    def initial_data(self) -> dict[str, Any]:
        welcome = self._new_note(0, WELCOME_TITLE, WELCOME_CONTENT)
        return {
            "notes": [welcome],  # the welcome note, put on the first run ever
            "next_id": 1,
            "clock": 1,
            "layout": "list",
            "sort": "Edition date",
            "ascending": False,
            "bin_missed_deleted": False,
        }

    @staticmethod
    def _new_note(note_id: int, title: str = "", content: str = "", at: int = 0) -> dict[str, Any]:
        return {
            "id": note_id,
            "title": title,
            "content": content,
            "deleted": False,
            "pinned": False,
            "created": at,
            "edited": at,
            "labels": [],
        }

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("routes", [{"page": "notes"}])
        ui.setdefault("overlay", None)  # None | "drawer" | "sort" | "menu"
        ui.setdefault("selection", None)  # None or the selected note ids
        ui.setdefault("draft", None)  # the editor's unsaved (empty) new note

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["overlay"] is not None:
            ui["overlay"] = None
            return True
        if ui["selection"] is not None:
            ui["selection"] = None
            return True
        if len(ui["routes"]) > 1:
            self._pop(ctx)
            return True
        return False

    # -- notes state -----------------------------------------------------------------------
    def _note(self, ctx: AppContext, note_id: int) -> dict[str, Any] | None:
        return next((n for n in ctx.data["notes"] if n["id"] == note_id), None)

    def _sorted(self, ctx: AppContext, notes: list[dict[str, Any]]) -> list[dict[str, Any]]:
        key = {"Creation date": "created", "Edition date": "edited", "Title": "title"}[
            ctx.data["sort"]
        ]
        ordered = sorted(notes, key=lambda n: n[key], reverse=not ctx.data["ascending"])
        return [n for n in ordered if n["pinned"]] + [n for n in ordered if not n["pinned"]]

    def _notes_list(self, ctx: AppContext) -> list[dict[str, Any]]:
        """``notesProvider``: the notes not deleted."""
        return self._sorted(ctx, [n for n in ctx.data["notes"] if not n["deleted"]])

    def _bin_list(self, ctx: AppContext) -> list[dict[str, Any]]:
        """What the bin page's ``NotesList`` shows: the bug watches ``notesProvider``."""
        return self._notes_list(ctx)

    def _observe_bin(self, ctx: AppContext) -> None:
        """The bin page is on screen: note when it misses a deleted note."""
        if ctx.ui["routes"][-1]["page"] != "bin":
            return
        shown = {n["id"] for n in self._bin_list(ctx)}
        if any(n["deleted"] and n["id"] not in shown for n in ctx.data["notes"]):
            ctx.data["bin_missed_deleted"] = True

    def _tick(self, ctx: AppContext) -> int:
        ctx.data["clock"] += 1
        return int(ctx.data["clock"])

    # -- navigation ------------------------------------------------------------------------
    def _push(self, ctx: AppContext, route: dict[str, Any]) -> None:
        ctx.ui["routes"].append(route)
        ctx.ui["overlay"] = None
        ctx.ui["selection"] = None
        self._observe_bin(ctx)

    def _pop(self, ctx: AppContext) -> None:
        route = ctx.ui["routes"].pop()
        if route["page"] == "editor":
            ctx.ui["draft"] = None
        ctx.ui["overlay"] = None
        self._observe_bin(ctx)

    def _drawer_go(self, ctx: AppContext, page: str) -> None:
        """SideNavigation.navigate: Notes pops to the home route; the others are pushed from
        the home route or replace the current one."""
        ctx.ui["overlay"] = None
        current = ctx.ui["routes"][-1]["page"]
        if page == current:
            return
        ctx.ui["routes"] = [{"page": "notes"}]
        if page != "notes":
            self._push(ctx, {"page": page})
        self._observe_bin(ctx)

    # -- editor ----------------------------------------------------------------------------
    def _add_note(self, ctx: AppContext) -> None:
        note_id = int(ctx.data["next_id"])
        ctx.data["next_id"] += 1
        ctx.ui["draft"] = self._new_note(note_id, at=self._tick(ctx))
        self._push(ctx, {"page": "editor", "note": note_id, "new": True})

    def _open_note(self, ctx: AppContext, note_id: int) -> None:
        if ctx.ui["selection"] is not None:
            self._toggle_select(ctx, note_id)
            return
        note = self._note(ctx, note_id)
        read_only = bool(note and note["deleted"])
        self._push(ctx, {"page": "editor", "note": note_id, "new": False, "read_only": read_only})

    def _editor_note(self, ctx: AppContext) -> dict[str, Any] | None:
        route = ctx.ui["routes"][-1]
        note = self._note(ctx, route["note"])
        if note is None and ctx.ui["draft"] is not None and ctx.ui["draft"]["id"] == route["note"]:
            return dict(ctx.ui["draft"])
        return note

    def _edit(self, ctx: AppContext, field: str, text: str) -> None:
        """_synchronizeTitle/_synchronizeContent -> notesProvider.edit: put, or delete when
        empty."""
        note = self._editor_note(ctx)
        if note is None:
            return
        note[field] = text
        note["edited"] = self._tick(ctx)
        stored = self._note(ctx, note["id"])
        empty = not note["title"].strip() and not note["content"].strip()
        if empty:
            if stored is not None:
                ctx.data["notes"].remove(stored)
            ctx.ui["draft"] = note
        elif stored is None:
            ctx.data["notes"].append(note)
            ctx.ui["draft"] = None
        else:
            stored.update(note)

    def _delete(self, ctx: AppContext, ids: list[int]) -> None:
        """deleteNote(s): to the bin (not pinned), no confirmation by default."""
        for note in ctx.data["notes"]:
            if note["id"] in ids:
                note.update(deleted=True, pinned=False, edited=self._tick(ctx))
        ctx.ui["selection"] = None
        self._observe_bin(ctx)

    def _note_menu(self, ctx: AppContext, item: str) -> None:
        ctx.ui["overlay"] = None
        note = self._editor_note(ctx)
        if note is None or self._note(ctx, note["id"]) is None:
            return  # an empty new note is not in the database
        if item == "Delete":
            self._pop(ctx)  # deleteNote(..., pop: true)
            self._delete(ctx, [note["id"]])
        elif item in ("Pin", "Unpin"):
            stored = self._note(ctx, note["id"])
            if stored is not None:
                stored["pinned"] = not stored["pinned"]
        # Copy, Share, Labels and About are stubs (the clipboard, the share sheet...)

    # -- selection -------------------------------------------------------------------------
    def _start_selection(self, ctx: AppContext, note_id: int) -> None:
        ctx.ui["selection"] = [note_id]

    def _toggle_select(self, ctx: AppContext, note_id: int) -> None:
        selection = ctx.ui["selection"]
        if note_id in selection:
            selection.remove(note_id)
        else:
            selection.append(note_id)

    def _select_all(self, ctx: AppContext, ids: list[int]) -> None:
        ctx.ui["selection"] = [] if set(ctx.ui["selection"]) == set(ids) else list(ids)

    def _toggle_pins(self, ctx: AppContext) -> None:
        for note in ctx.data["notes"]:
            if note["id"] in ctx.ui["selection"]:
                note["pinned"] = not note["pinned"]
        ctx.ui["selection"] = None

    # -- rendering -------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _sort(self, ctx: AppContext, method: str) -> None:
        ctx.ui["overlay"] = None
        if method == "Ascending":
            ctx.data["ascending"] = not ctx.data["ascending"]
            return
        old = ctx.data["sort"]
        ctx.data["sort"] = method
        if method == "Title":
            ctx.data["ascending"] = True
        elif old == "Title":
            ctx.data["ascending"] = False

    def _tile(self, ctx: AppContext, note: dict[str, Any], selected: bool) -> View:
        parts = [p for p in (note["title"], note["content"]) if p.strip()]
        return _view(
            "\n".join(parts),
            height=231,
            selected=selected,
            on_click=bind(self._open_note, note["id"]),
            on_long_click=bind(self._start_selection, note["id"]),
        )

    def _list_page(
        self, ctx: AppContext, title: str, notes: list[dict[str, Any]], bin_page: bool
    ) -> View:
        ui = ctx.ui
        selection = ui["selection"]
        ids = [n["id"] for n in notes]
        if selection is not None:
            all_selected = bool(ids) and set(selection) == set(ids)
            bar_children = [
                _button("Close", lambda c: self._set(c, selection=None)),
                _view(str(len(selection)), height=BAR),
                _button(
                    "Unselect all" if all_selected else "Select all", bind(self._select_all, ids)
                ),
            ]
            if bin_page:
                bar_children += [
                    _button("Restore", None, enabled=bool(selection)),
                    _button("Permanently delete", None, enabled=bool(selection)),
                ]
            else:
                bar_children += [
                    _button("Toggle pins", self._toggle_pins, enabled=bool(selection)),
                    _button(
                        "Delete",
                        lambda c: self._delete(c, list(c.ui["selection"])),
                        enabled=bool(selection),
                    ),
                ]
        else:
            grid = ctx.data["layout"] == "grid"
            bar_children = [
                _button("Open navigation menu", lambda c: self._set(c, overlay="drawer")),
                _view(title, height=BAR),
                _button(
                    "List view" if grid else "Grid view",
                    lambda c: c.data.update(layout="list" if grid else "grid"),
                ),
                _button("Sort the notes", lambda c: self._set(c, overlay="sort")),
                _button("Search the notes", None, enabled=bool(self._notes_list(ctx))),
            ]
        bar = View(cls="android.view.View", layout=HORIZONTAL, height=BAR, children=bar_children)
        if notes:
            chosen = set(selection or [])
            body = View(
                cls="android.widget.ScrollView",
                scrollable=True,
                scroll_key="list_scroll",
                children=[self._tile(ctx, n, n["id"] in chosen) for n in notes],
            )
        else:
            body = _view("No deleted notes" if bin_page else "No notes")
        fab_desc = "Empty the bin" if bin_page else "Add a note"
        fab_handler = None if bin_page else self._add_note
        fab = View(
            cls="android.widget.Button",
            content_desc=fab_desc,
            on_click=fab_handler,
            width=147,
            height=147,
            gravity="bottom_end",
            style="fab",
        )
        page = View(cls="android.view.View", children=[bar, body])
        return View(cls="android.view.View", layout=FRAME, children=[page, fab])

    def _drawer(self, ctx: AppContext) -> View:
        current = ctx.ui["routes"][-1]["page"]
        entries = [
            ("Notes", "notes"),
            ("Manage labels", "labels"),
            ("Bin", "bin"),
            ("Settings", "settings"),
        ]
        children: list[View] = [_view(APP_NAME, height=300)]
        for title, page in entries:
            children.append(
                _view(
                    title,
                    height=147,
                    selected=page == current,
                    on_click=bind(self._drawer_go, page),
                )
            )
        panel = View(cls="android.view.View", width=840, gravity="start", children=children)
        scrim = _view("Scrim", on_click=lambda c: self._set(c, overlay=None))
        return View(cls="android.view.View", layout=FRAME, children=[scrim, panel])

    def _popup(self, items: list[tuple[str, Any]], top: int = BAR) -> View:
        barrier = _view("Dismiss", on_click=lambda c: self._set(c, overlay=None))
        menu = View(
            cls="android.view.View",
            width=560,
            height=147 * len(items),
            gravity="top_end",
            children=[_view(t, height=147, on_click=h) for t, h in items],
        )
        spacer = View(cls="android.view.View", height=top, weight=0)
        column = View(cls="android.view.View", children=[spacer, menu])
        return View(cls="android.view.View", layout=FRAME, children=[barrier, column])

    def _editor(self, ctx: AppContext) -> View:
        route = ctx.ui["routes"][-1]
        note = self._editor_note(ctx) or self._new_note(route["note"])
        read_only = bool(route.get("read_only"))
        actions: list[View] = [_button("Back", lambda c: self._pop(c))]
        if not note["deleted"]:
            actions += [
                _button("Undo the last action", None, enabled=False),
                _button("Redo the last action", None, enabled=False),
                _button("Toggle checkbox", None, enabled=False),
                _button("Switch to reading mode", lambda c: None),
            ]
        actions.append(_button("Show menu", lambda c: self._set(c, overlay="menu")))
        bar = View(cls="android.view.View", layout=HORIZONTAL, height=BAR, children=actions)
        title = View(
            cls="android.widget.EditText",
            text=note["title"],
            hint="Title",
            height=84,
            on_text=None if read_only else (lambda c, t: self._edit(c, "title", t)),
        )
        content = View(
            cls="android.widget.EditText",
            text=note["content"],
            hint="Note",
            extra={"multiline": True},
            on_text=None if read_only else (lambda c, t: self._edit(c, "content", t)),
        )
        labels_bar = View(
            cls="android.view.View", height=126, weight=0, on_click=lambda c: None, naf=True
        )
        toolbar = View(
            cls="android.widget.HorizontalScrollView",
            layout=HORIZONTAL,
            height=126,
            weight=0,
            children=[_button("", lambda c: None, width=126) for _ in range(8)],
        )
        body = View(
            cls="android.view.View",
            padding=44,
            children=[title, content],
        )
        children = [bar, body, labels_bar]
        if not note["deleted"]:
            children.append(toolbar)
        return View(cls="android.view.View", children=children)

    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        page = ui["routes"][-1]["page"]
        layers: list[View] = []
        if page == "notes":
            layers.append(self._list_page(ctx, "Notes", self._notes_list(ctx), False))
        elif page == "bin":
            layers.append(self._list_page(ctx, "Bin", self._bin_list(ctx), True))
        elif page == "editor":
            layers.append(self._editor(ctx))
        else:
            title = {"labels": "Labels", "settings": "Settings"}[page]
            bar = View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=BAR,
                children=[
                    _button("Open navigation menu", lambda c: self._set(c, overlay="drawer")),
                    _view(title, height=BAR),
                ],
            )
            layers.append(View(cls="android.view.View", children=[bar, View()]))
        overlay = ui["overlay"]
        if overlay == "drawer":
            layers.append(self._drawer(ctx))
        elif overlay == "sort":
            items = [(s, bind(self._sort, s)) for s in (*SORTS, "Ascending")]
            layers.append(self._popup(items))
        elif overlay == "menu":
            note = self._editor_note(ctx)
            pinned = bool(note and note["pinned"])
            titles = ["Unpin" if t == "Pin" and pinned else t for t in NOTE_MENU]
            layers.append(self._popup([(t, bind(self._note_menu, t)) for t in titles]))
        flutter = View(
            cls="android.widget.FrameLayout",
            focusable=True,
            children=[View(cls="android.view.View", layout=FRAME, children=layers)],
        )
        return Screen(content=flutter)
