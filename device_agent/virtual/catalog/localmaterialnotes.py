"""Material Notes (LocalMaterialNotes, ``com.maelchiotti.localmaterialnotes``), a Flutter app:
1.10.0-dev1 with bug LocalMaterialNotes#327 and 1.12.1 with bug LocalMaterialNotes#415 (its
labels screens: see :class:`LocalMaterialNotes1121`).

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
view, above a barrier ("Scrim" for the drawer, "Dismiss" for menus and dialogs). Flutter
resizes its view above the soft keyboard; the virtual device does not, so while the keyboard is
up the bottom of a page (the editor's labels bar and toolbar) stays under it. A disabled button
is not clickable in a Flutter dump, so in the model a tap on one inside a dialog reaches the
barrier below and closes the dialog (Flutter's dialog surface would absorb it).

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

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text, step
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

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
    return click(PACKAGE, desc=desc, cls=cls)


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
    return w.button(
        "",
        "",
        handler if enabled else None,
        content_desc=desc,
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
        ui.setdefault("snack", None)  # a SnackBar's text

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

    def _notes_title(self, ctx: AppContext) -> str:
        return "Notes"

    def _bin_list(self, ctx: AppContext) -> list[dict[str, Any]]:
        """What the bin page's ``NotesList`` shows: the bug watches ``notesProvider``."""
        return self._notes_list(ctx)

    def _observe(self, ctx: AppContext) -> None:
        """After a change of page or notes: what the shown page reveals."""
        self._observe_bin(ctx)

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
        ctx.hide_keyboard()  # the focused field of the page below is no longer shown
        ctx.ui["snack"] = None
        ctx.ui["overlay"] = None
        ctx.ui["selection"] = None
        self._observe(ctx)

    def _pop(self, ctx: AppContext) -> None:
        route = ctx.ui["routes"].pop()
        ctx.hide_keyboard()  # the focused field left with its page
        ctx.ui["snack"] = None
        if route["page"] == "editor":
            ctx.ui["draft"] = None
        ctx.ui["overlay"] = None
        self._observe(ctx)

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
        self._observe(ctx)

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
        self._observe(ctx)

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
        w.toggle(selection, note_id)

    def _select_all(self, ctx: AppContext, ids: list[int]) -> None:
        ctx.ui["selection"] = [] if set(ctx.ui["selection"]) == set(ids) else list(ids)

    def _toggle_pins(self, ctx: AppContext) -> None:
        for note in ctx.data["notes"]:
            if note["id"] in ctx.ui["selection"]:
                note["pinned"] = not note["pinned"]
        ctx.ui["selection"] = None

    # -- rendering -------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui["snack"] = None
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
        parts += self._tile_labels(ctx, note)
        return _view(
            "\n".join(parts),
            height=231,
            selected=selected,
            on_click=w.bind(self._open_note, note["id"]),
            on_long_click=w.bind(self._start_selection, note["id"]),
        )

    def _tile_labels(self, ctx: AppContext, note: dict[str, Any]) -> list[str]:
        """The label badges a tile shows (labels come with 1.12)."""
        return []

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
                    "Unselect all" if all_selected else "Select all", w.bind(self._select_all, ids)
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
            body = w.scroll_view(
                [self._tile(ctx, n, n["id"] in chosen) for n in notes],
                scrollable=True,
                scroll_key="list_scroll",
            )
        else:
            body = _view("No deleted notes" if bin_page else "No notes")
        fab_desc = "Empty the bin" if bin_page else "Add a note"
        fab_handler = None if bin_page else self._add_note
        fab = w.button(
            "",
            "",
            fab_handler,
            content_desc=fab_desc,
            width=147,
            height=147,
            gravity="bottom_end",
            style="fab",
        )
        page = View(cls="android.view.View", children=[bar, body])
        return View(cls="android.view.View", layout=FRAME, children=[page, fab])

    def _drawer_entries(self, ctx: AppContext) -> list[tuple[str, str]]:
        """The NavigationDrawer's destinations: (title, page)."""
        return [
            ("Notes", "notes"),
            ("Manage labels", "labels"),
            ("Bin", "bin"),
            ("Settings", "settings"),
        ]

    def _drawer(self, ctx: AppContext) -> View:
        current = ctx.ui["routes"][-1]["page"]
        children: list[View] = [_view(APP_NAME, height=300)]
        for title, page in self._drawer_entries(ctx):
            children.append(
                _view(
                    title,
                    height=147,
                    selected=page == current,
                    on_click=w.bind(self._drawer_go, page),
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

    def _editor_labels_bar(self, ctx: AppContext, note: dict[str, Any], read_only: bool) -> View:
        """EditorLabelsList: an InkWell around the note's label badges (none here)."""
        return View(
            cls="android.view.View", height=126, weight=0, on_click=lambda c: None, naf=True
        )

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
        title = w.edit_text(
            "",
            note["title"],
            None if read_only else (lambda c, t: self._edit(c, "title", t)),
            hint="Title",
            height=84,
        )
        content = w.edit_text(
            "",
            note["content"],
            None if read_only else (lambda c, t: self._edit(c, "content", t)),
            hint="Note",
            extra={"multiline": True},
        )
        labels_bar = self._editor_labels_bar(ctx, note, read_only)
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
            layers.append(
                self._list_page(ctx, self._notes_title(ctx), self._notes_list(ctx), False)
            )
        elif page == "bin":
            layers.append(self._list_page(ctx, "Bin", self._bin_list(ctx), True))
        elif page == "editor":
            layers.append(self._editor(ctx))
        else:
            layers.append(self._other_page(ctx, page))
        layers.extend(self._overlays(ctx))
        flutter = w.frame_layout(
            [View(cls="android.view.View", layout=FRAME, children=layers)], focusable=True
        )
        return Screen(content=flutter)

    def _other_page(self, ctx: AppContext, page: str) -> View:
        """The labels and settings pages (stubs here)."""
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
        return View(cls="android.view.View", children=[bar, View()])

    def _overlays(self, ctx: AppContext) -> list[View]:
        """The drawer and the popup menus above the page."""
        ui = ctx.ui
        layers: list[View] = []
        overlay = ui["overlay"]
        if overlay == "drawer":
            layers.append(self._drawer(ctx))
        elif overlay == "sort":
            items = [(s, w.bind(self._sort, s)) for s in (*SORTS, "Ascending")]
            layers.append(self._popup(items))
        elif overlay == "menu":
            note = self._editor_note(ctx)
            pinned = bool(note and note["pinned"])
            titles = ["Unpin" if t == "Pin" and pinned else t for t in NOTE_MENU]
            layers.append(self._popup([(t, w.bind(self._note_menu, t)) for t in titles]))
        return layers


# -- 1.12.1: labels ------------------------------------------------------------------------
DELETE_LABEL_BODY = (
    "Do you really want to delete 1 label? It will be removed from the notes where you added it."
)
NO_LABELS = "There are no labels."
LABEL_FILTERS = ("All", "Visible", "Pinned", "Hidden")


def _stale_label_shown(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of LocalMaterialNotes#415: a note was shown with a deleted label."""
    return bool(data["stale_label_shown"])


def _flutter_step(kind: str, desc: str, cls: str = "android.widget.Button") -> dict[str, Any]:
    return step(kind, PACKAGE, desc=desc, cls=cls)


def _type(hint: str, typed: str) -> dict[str, Any]:
    return input_text(PACKAGE, "", typed, hint=hint)


BUG_415 = BugSpec(
    bug_id="LocalMaterialNotes#415",
    kind="non-crash",
    title="[Bug]: Deleted labels Still Visible in Notes",
    oracle=_stale_label_shown,
    human_steps=(
        _flutter_step("click", "Open navigation menu"),
        _flutter_step("click", "Manage labels", "android.view.View"),
        _flutter_step("click", "Add a label"),
        _type("Name", "a"),
        _flutter_step("click", "OK"),
        _flutter_step("click", "Open navigation menu"),
        _flutter_step("click", "Notes", "android.view.View"),
        _flutter_step("click", "Add a note"),
        _type("Title", "123"),
        _flutter_step("click", "Show menu"),
        _flutter_step("click", "Labels", "android.view.View"),
        _flutter_step("click", "a", "android.widget.CheckBox"),
        _flutter_step("click", "OK"),
        _flutter_step("click", "Back"),
        _flutter_step("click", "Open navigation menu"),
        _flutter_step("click", "Manage labels", "android.view.View"),
        _flutter_step("click", "Show menu"),
        _flutter_step("click", "Delete", "android.view.View"),
        _flutter_step("click", "Delete"),
        _flutter_step("click", "Open navigation menu"),
        _flutter_step("click", "Notes", "android.view.View"),
        _flutter_step("click", "123\na", "android.view.View"),
    ),
)


class LocalMaterialNotes1121(LocalMaterialNotes1100):
    """Material Notes 1.12.1 (``v1.12.1``): the bin fixed, labels on notes.

    From the sources at tag ``v1.12.1`` (besides the files above: ``pages/labels/labels_page.dart``,
    ``widgets/label_tile.dart``, ``labels_filters.dart``, ``add_label_fab.dart``,
    ``label_menu_option.dart``, ``dialogs/label_dialog.dart``,
    ``pages/editor/dialogs/labels_selection_dialog.dart``, ``common/actions/labels/*.dart``,
    ``common/actions/notes/labels.dart``, ``providers/labels/labels/labels_provider.dart``,
    ``services/labels/labels_service.dart``, ``common/widgets/labels/label_badge.dart``) and the
    fix ``ea1b781`` of #415:

    - the drawer lists the visible labels (a label opens the notes filtered by it) between
      Notes and "Manage labels";
    - "Labels" (Manage labels): the filter chips All, Visible, Pinned, Hidden, the label tiles
      (the name; unlabelled pin and visibility buttons; "Show menu": Edit, Delete) or "No
      labels", and the FAB "Add a label": the dialog "Add label" (an unlabelled colour button,
      the field "Name", Cancel, OK; "The name cannot be empty." / "This name is already
      used."). Delete asks "Delete" (Cancel, Delete): an irreversible action;
    - a note shows its labels as badges on its tile and in the editor's labels bar; the bar and
      the menu's "Labels" open "Select labels" (a check box per label, Cancel, OK), or show
      the SnackBar "There are no labels." when none exists.

    Bug LocalMaterialNotes#415 (non-crash): deleting a label refreshes the labels providers
    (drawer, lists) and the bin, not ``notesProvider``, whose notes keep the deleted label
    loaded; the notes list and the editor still show it, and tapping it says there are no
    labels. The oracle reads the app state: after a label was deleted, a note was shown with a
    label that no longer exists.
    """

    version: ClassVar[str] = "1.12.1"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_415,)

    def initial_data(self) -> dict[str, Any]:
        data = super().initial_data()
        data.update(labels=[], stale_label_shown=False)
        return data

    def on_create(self, ctx: AppContext) -> None:
        super().on_create(ctx)
        ui = ctx.ui
        ui.setdefault("dialog", None)
        ui.setdefault("label_filter", "All")
        if "loaded" not in ui:
            # notesProvider's notes, their labels loaded from the database once.
            ui["loaded"] = {str(n["id"]): list(n["labels"]) for n in ctx.data["notes"]}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui["dialog"] is not None:
            ctx.ui["dialog"] = None
            return True
        return super().on_back(ctx)

    # -- lists -----------------------------------------------------------------------------
    def _bin_list(self, ctx: AppContext) -> list[dict[str, Any]]:
        """``binProvider``: the deleted notes (fixed in 1.10.1)."""
        return self._sorted(ctx, [n for n in ctx.data["notes"] if n["deleted"]])

    def _label_filter(self, ctx: AppContext) -> str | None:
        route = ctx.ui["routes"][-1]
        return route.get("label") if route["page"] == "notes" else None

    def _notes_title(self, ctx: AppContext) -> str:
        return self._label_filter(ctx) or "Notes"

    def _notes_list(self, ctx: AppContext) -> list[dict[str, Any]]:
        label = self._label_filter(ctx)
        notes = [n for n in ctx.data["notes"] if not n["deleted"]]
        if label is not None:  # notesProvider(label: ...): loaded from the database
            notes = [n for n in notes if label in n["labels"]]
        return self._sorted(ctx, notes)

    def _shown_labels(self, ctx: AppContext, note: dict[str, Any]) -> list[str]:
        """The labels the note object holds: notesProvider's loaded ones (the filtered pages
        load theirs from the database)."""
        if self._label_filter(ctx) is not None:
            names = list(note["labels"])
        else:
            names = list(ctx.ui["loaded"].get(str(note["id"]), note["labels"]))
        hidden = {lab["name"] for lab in ctx.data["labels"] if not lab["visible"]}
        return sorted(n for n in names if n not in hidden)

    def _tile_labels(self, ctx: AppContext, note: dict[str, Any]) -> list[str]:
        return self._shown_labels(ctx, note)

    def _observe(self, ctx: AppContext) -> None:
        super()._observe(ctx)
        route = ctx.ui["routes"][-1]
        existing = {lab["name"] for lab in ctx.data["labels"]}
        if route["page"] == "notes":
            shown = self._notes_list(ctx)
        elif route["page"] == "editor":
            note = self._editor_note(ctx)
            shown = [note] if note is not None else []
        else:
            return
        if any(set(self._shown_labels(ctx, n)) - existing for n in shown):
            ctx.data["stale_label_shown"] = True

    def _edit(self, ctx: AppContext, field: str, text: str) -> None:
        super()._edit(ctx, field, text)
        note = self._editor_note(ctx)
        if note is not None and self._note(ctx, note["id"]) is not None:
            # addOrUpdate(editedNote): the provider keeps the edited object and its labels.
            ctx.ui["loaded"].setdefault(str(note["id"]), list(note["labels"]))

    # -- drawer ----------------------------------------------------------------------------
    def _drawer_entries(self, ctx: AppContext) -> list[tuple[str, str]]:
        labels = sorted(
            (lab for lab in ctx.data["labels"] if lab["visible"]),
            key=lambda lab: (not lab["pinned"], lab["name"]),
        )
        return [
            ("Notes", "notes"),
            *[(lab["name"], f"label:{lab['name']}") for lab in labels],
            ("Manage labels", "labels"),
            ("Bin", "bin"),
            ("Settings", "settings"),
        ]

    def _drawer_go(self, ctx: AppContext, page: str) -> None:
        if not page.startswith("label:"):
            super()._drawer_go(ctx, page)
            return
        ctx.ui["overlay"] = None
        ctx.ui["routes"] = [{"page": "notes"}]
        self._push(ctx, {"page": "notes", "label": page[6:]})

    # -- labels of a note ------------------------------------------------------------------
    def _select_labels(self, ctx: AppContext) -> None:
        """selectLabels: the SnackBar when no label exists, else the selection dialog."""
        ctx.ui["overlay"] = None
        note = self._editor_note(ctx)
        if note is None:
            return
        if not ctx.data["labels"]:
            ctx.ui["snack"] = NO_LABELS
            return
        held = set(self._shown_labels(ctx, note)) if self._note(ctx, note["id"]) else set()
        names = [lab["name"] for lab in self._sorted_labels(ctx)]
        ctx.ui["dialog"] = {"kind": "select", "checked": [n for n in names if n in held]}

    def _note_menu(self, ctx: AppContext, item: str) -> None:
        if item == "Labels":
            self._select_labels(ctx)
            return
        super()._note_menu(ctx, item)

    def _toggle_check(self, ctx: AppContext, name: str) -> None:
        checked = ctx.ui["dialog"]["checked"]
        w.toggle(checked, name)

    def _apply_labels(self, ctx: AppContext) -> None:
        """editLabels -> putLabels: the note's links, in the database and on the object."""
        selected = list(ctx.ui["dialog"]["checked"])
        ctx.ui["dialog"] = None
        note = self._editor_note(ctx)
        stored = self._note(ctx, note["id"]) if note else None
        if stored is None:
            return  # an empty new note is not in the database (bug #385's path, not modelled)
        stored["labels"] = selected
        ctx.ui["loaded"][str(stored["id"])] = list(selected)
        self._observe(ctx)

    def _sorted_labels(self, ctx: AppContext) -> list[dict[str, Any]]:
        return sorted(ctx.data["labels"], key=lambda lab: (not lab["pinned"], lab["name"]))

    def _editor_labels_bar(self, ctx: AppContext, note: dict[str, Any], read_only: bool) -> View:
        names = self._shown_labels(ctx, note)
        return View(
            cls="android.view.View",
            content_desc="\n".join(names),
            height=126,
            weight=0,
            on_click=None if read_only else self._select_labels,
            naf=not names,
        )

    # -- labels page -----------------------------------------------------------------------
    def _other_page(self, ctx: AppContext, page: str) -> View:
        if page != "labels":
            return super()._other_page(ctx, page)
        bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=BAR,
            children=[
                _button("Open navigation menu", lambda c: self._set(c, overlay="drawer")),
                _view("Labels", height=BAR),
            ],
        )
        current = ctx.ui["label_filter"]
        chips = View(
            cls="android.widget.HorizontalScrollView",
            layout=HORIZONTAL,
            height=126,
            weight=0,
            children=[
                w.button(
                    "",
                    "",
                    w.bind(self._choose_filter, f),
                    content_desc=f,
                    selected=f == current,
                    width=230,
                )
                for f in LABEL_FILTERS
            ],
        )
        labels = [lab for lab in self._sorted_labels(ctx) if self._filter_keeps(lab, current)]
        if labels:
            body = w.scroll_view([self._label_tile(lab) for lab in labels], scrollable=True)
        else:
            body = _view("No labels")
        fab = w.button(
            "",
            "",
            lambda c: self._set(c, dialog={"kind": "add", "name": "", "error": ""}),
            content_desc="Add a label",
            width=147,
            height=147,
            gravity="bottom_end",
            style="fab",
        )
        page_view = View(cls="android.view.View", children=[bar, chips, body])
        return View(cls="android.view.View", layout=FRAME, children=[page_view, fab])

    def _choose_filter(self, ctx: AppContext, chosen: str) -> None:
        """LabelsFilters._changeFilter: a chip selects its filter, again back to All."""
        current = ctx.ui["label_filter"]
        self._set(ctx, label_filter="All" if chosen == current else chosen)

    @staticmethod
    def _filter_keeps(label: dict[str, Any], chosen: str) -> bool:
        return {
            "All": True,
            "Visible": label["visible"],
            "Pinned": label["pinned"],
            "Hidden": not label["visible"],
        }[chosen]

    def _label_tile(self, label: dict[str, Any]) -> View:
        name = label["name"]
        trailing: list[View] = []
        if label["visible"]:
            trailing.append(_button("", w.bind(self._toggle_label, name, "pinned")))
        if not label["pinned"]:
            trailing.append(_button("", w.bind(self._toggle_label, name, "visible")))
        trailing.append(_button("Show menu", lambda c: self._set(c, overlay=f"label_menu:{name}")))
        return View(
            cls="android.view.View",
            content_desc=name,
            layout=HORIZONTAL,
            height=168,
            on_long_click=lambda c: None,  # the labels selection mode (not modelled)
            children=[View(cls="android.view.View"), *trailing],
        )

    def _toggle_label(self, ctx: AppContext, name: str, key: str) -> None:
        for label in ctx.data["labels"]:
            if label["name"] == name:
                label[key] = not label[key]
                if key == "pinned" and label["pinned"]:
                    label["visible"] = True
                if key == "visible" and not label["visible"]:
                    label["pinned"] = False

    def _label_menu(self, ctx: AppContext, name: str, item: str) -> None:
        ctx.ui["overlay"] = None
        if item == "Delete":
            ctx.ui["dialog"] = {"kind": "delete", "label": name}
        else:
            ctx.ui["dialog"] = {"kind": "edit", "label": name, "name": name, "error": ""}

    def _type_label_name(self, ctx: AppContext, text: str) -> None:
        dialog = ctx.ui["dialog"]
        dialog["name"] = text
        others = {lab["name"] for lab in ctx.data["labels"]} - {dialog.get("label")}
        if not text:
            dialog["error"] = "The name cannot be empty."
        elif text in others:
            dialog["error"] = "This name is already used."
        else:
            dialog["error"] = ""

    def _label_ok(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        if dialog["kind"] == "add":
            ctx.data["labels"].append({"name": dialog["name"], "pinned": False, "visible": True})
            return
        old, new = dialog["label"], dialog["name"]
        for label in ctx.data["labels"]:
            if label["name"] == old:
                label["name"] = new
        for note in ctx.data["notes"]:
            note["labels"] = [new if n == old else n for n in note["labels"]]

    def _delete_label(self, ctx: AppContext) -> None:
        """labelsProvider.delete: the label and its links go; _updateProviders refreshes the
        navigation, the labels list and the bin, not notesProvider (the bug)."""
        name = ctx.ui["dialog"]["label"]
        ctx.ui["dialog"] = None
        ctx.data["labels"] = [lab for lab in ctx.data["labels"] if lab["name"] != name]
        for note in ctx.data["notes"]:
            note["labels"] = [n for n in note["labels"] if n != name]
        self._after_label_deleted(ctx)

    def _after_label_deleted(self, ctx: AppContext) -> None:
        """Hook for the fix (notesProvider refreshed): nothing in 1.12.1."""

    # -- overlays --------------------------------------------------------------------------
    def _overlays(self, ctx: AppContext) -> list[View]:
        layers = super()._overlays(ctx)
        overlay = ctx.ui["overlay"] or ""
        if overlay.startswith("label_menu:"):
            name = overlay.split(":", 1)[1]
            items = [(t, w.bind(self._label_menu, name, t)) for t in ("Edit", "Delete")]
            layers.append(self._popup(items, top=BAR + 126))
        dialog = ctx.ui["dialog"]
        if dialog is not None:
            layers.append(self._dialog(ctx, dialog))
        if ctx.ui["snack"]:
            layers.append(
                View(
                    cls="android.view.View",
                    layout=FRAME,
                    children=[_view(ctx.ui["snack"], height=150, gravity="bottom")],
                )
            )
        return layers

    def _dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> View:
        cancel = _button("Cancel", lambda c: self._set(c, dialog=None), width=260)
        kind = dialog["kind"]
        if kind in ("add", "edit"):
            title = "Add label" if kind == "add" else "Edit label"
            field_row = View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=147,
                children=[
                    _button("", lambda c: None, width=147),  # the colour indicator
                    w.edit_text("", dialog["name"], self._type_label_name, hint="Name"),
                ],
            )
            body = [field_row]
            if dialog["error"]:
                body.append(_view(dialog["error"], height=84))
            ok_enabled = bool(dialog["name"]) and not dialog["error"]
            buttons = [cancel, _button("OK", self._label_ok, enabled=ok_enabled, width=260)]
        elif kind == "delete":
            title = "Delete"
            body = [_view(DELETE_LABEL_BODY, height=220)]
            buttons = [cancel, _button("Delete", self._delete_label, width=260)]
        else:
            title = "Select labels"
            body = [
                w.check_box(
                    "",
                    "",
                    lab["name"] in dialog["checked"],
                    w.bind(self._toggle_check, lab["name"]),
                    content_desc=lab["name"],
                    height=147,
                )
                for lab in self._sorted_labels(ctx)
            ]
            buttons = [cancel, _button("OK", self._apply_labels, width=260)]
        actions = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=140,
            weight=0,
            children=[View(cls="android.view.View"), *buttons],
        )
        panel = View(
            cls="android.view.View",
            width=900,
            weight=0,
            gravity="top",
            children=[_view(title, height=140), *body, actions],
        )
        spacer = View(cls="android.view.View", height=260, weight=0)
        column = View(cls="android.view.View", children=[spacer, panel])
        barrier = _view("Dismiss", on_click=lambda c: self._set(c, dialog=None))
        return View(cls="android.view.View", layout=FRAME, children=[barrier, column])
