"""Privacy Friendly Notes (``org.secuso.privacyfriendlynotes``) 2.0.1, for
privacy-friendly-notes#179.

Modelled from the sources at tag ``v2.0.1`` (commit bda8af5, the release current when the report
was filed): ``AndroidManifest.xml``, ``ui/SplashActivity.kt``, ``ui/TutorialActivity.java``,
``ui/main/MainActivity.kt``, ``ui/fragments/MainFABFragment.kt``, ``ui/adapter/NoteAdapter.kt``,
``ui/notes/BaseNoteActivity.kt``, ``ui/notes/ChecklistNoteActivity.kt``,
``ui/adapter/ChecklistAdapter.kt``, ``ui/util/ChecklistUtil.kt``, the layouts
(``activity_tutorial``, ``app_bar_main``, ``content_main``, ``main_content_fab_menu``,
``note_item``, ``activity_checklist_note``, ``note_header``, ``item_checklist``), the menus
(``main``, ``activity_main_drawer``, ``base_note``, ``activity_checklist``) and
``values/strings.xml``. The upstream fix is commit 0e1ee37 ("deleting checklist item did not
change the note").

What a fresh install shows: the launcher's SplashActivity opens the first-run TutorialActivity
(three slides, ``btn_skip`` "Skip" and ``btn_next`` "Next", "Okay" on the last slide where Skip
is gone); then MainActivity: toolbar "Notes" with the drawer button and "Sort alphabetical", the
search field, the notes list (``recycler_view``, cards with ``text_view_title``,
``text_view_description`` and the checklist ratio ``note_text_extra``) and the ``fab``
("Formatting") opening the FAB menu (New sketch / New audio / New checklist / New text and
``fabClose``). Swiping a card left or right moves a note to the recycle bin ("Note deleted").

The checklist editor (ChecklistNoteActivity, "Checklist Note"): the note header (``etName``,
hint "Name"; ``spinner_category`` "Default"), ``etNewItem`` ("New item") with ``btn_add``
"Add", and the items list ``itemList`` (rows of ``item_name`` EditText, ``item_checkbox`` and
``drag_handle``); toolbar actions "Set reminder" and "Save" and, in the overflow, Cancel,
Delete, Share, Export and "Convert to text note". Save (``saveNote(showNotSaved = true)``) writes
the note only when ``hasNoteChanged`` (the adapter's ``hasChanged``) or the activity's own
``hasChanged`` (title typed or touched, category changed) say so, else toasts "Note not saved";
then it reloads the note from the database. Leaving (Back, Up, Home) saves the same way in
``onPause`` without the toast.

Bug privacy-friendly-notes#179 (non-crash): ``ChecklistAdapter.removeItem`` (the
ItemTouchHelper's ``onSwiped``, a left or right swipe on a row) removes the item without setting
``hasChanged``. In an editor just opened on a stored checklist nothing else has set it
(``setAll`` resets it when the list was empty), so after swiping items away Save says "Note not
saved" and the reload brings the items back, and Back leaves the stored note unchanged. Any
other edit in the same editor instance (ticking, typing an item, adding one, touching the
title) sets a flag, and the removal is then stored; ``setAll`` never resets the adapter's flag
once the list was non-empty. The oracle reads the flag the model sets when the save logic
skips writing while a swiped-away item is still in the stored note.

Stubbed: the text, audio and sketch editors, recycle bin, categories, settings, help and about
screens (a title and Navigate up); the reminder (it saves the note, no date/permission
dialogs), Share and Export (they save the note; the system chooser and document picker are not
shown); the sorting dialog only records the choice; the category dropdown offers only
"Default" (a fresh install has no categories).

Uncertain: the virtual device does not tell the model which row a swipe crossed, so a
horizontal swipe on the checklist removes its first row and on the notes list trashes the first
card. The order of the notes list (the view model's default ordering) is modelled as creation
order. Enter in ``etNewItem`` (the editor action that also adds an item) is not modelled.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, Screen, View, Window

SPLASH = ".ui.SplashActivity"
TUTORIAL = ".ui.TutorialActivity"
MAIN = ".ui.main.MainActivity"
CHECKLIST = ".ui.notes.ChecklistNoteActivity"
TEXT_NOTE = ".ui.notes.TextNoteActivity"
AUDIO_NOTE = ".ui.notes.AudioNoteActivity"
SKETCH_NOTE = ".ui.notes.SketchActivity"
RECYCLE = ".ui.RecycleActivity"
CATEGORIES = ".ui.manageCategories.ManageCategoriesActivity"
SETTINGS = ".ui.SettingsActivity"
HELP = ".ui.HelpActivity"
ABOUT = ".ui.AboutActivity"

STUB_TITLES = {
    TEXT_NOTE: "Text Note",
    AUDIO_NOTE: "Audio Note",
    SKETCH_NOTE: "Sketch Note",
    RECYCLE: "Recycle Bin",
    CATEGORIES: "Categories",
    SETTINGS: "Settings",
    HELP: "Help",
    ABOUT: "About",
}

SLIDES = (
    ("Welcome!", "This app lets you create and manage notes."),
    (
        "Key Elements",
        "Currently it supports four types of notes: Text, Checklist, Audio, Sketch. ",
    ),
    (
        "Advantages",
        "Most apps for note taking need a lot of permissions and synchronize over the internet. "
        "Consequently they use some company service, that you have to trust. While this is a "
        "convenient feature, it weakens your privacy.Privacy Friendly Apps are group of Android "
        "applications which are optimized regarding privacy.",
    ),
)

SORT_OPTIONS = ("Alphabetical", "Note Type", "Creation Time", "Last Modified", "Custom Order")

DRAWER = (
    ("nav_manage_categories", "Manage categories", CATEGORIES),
    ("nav_trash", "Recycle bin", RECYCLE),
    ("nav_all", "All notes", ""),
    ("", "Default", ""),
    ("nav_tutorial", "Tutorial", TUTORIAL),
    ("nav_settings", "Settings", SETTINGS),
    ("nav_help", "Help", HELP),
    ("nav_about", "About", ABOUT),
)

TRUTH = "swiped_removal_discarded"


def swiped_removal_discarded(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of privacy-friendly-notes#179: the checklist editor's save logic skipped
    writing the note while an item swiped away in it was still in the stored note."""
    return bool(data.get(TRUTH))


def _click(**target: str) -> dict[str, Any]:
    return {"kind": "click", "target": dict(target)}


def _type(rid: str, text: str) -> dict[str, Any]:
    return {
        "kind": "input_text",
        "target": {"resource_id": f"org.secuso.privacyfriendlynotes:id/{rid}"},
        "text": text,
    }


def _rid(rid: str) -> str:
    return f"org.secuso.privacyfriendlynotes:id/{rid}"


SWIPE_RIGHT = {"kind": "swipe", "direction": "right"}
SAVE = _click(content_desc="Save")
UP = _click(content_desc="Navigate up")

# From a fresh install to a stored checklist whose first item is ticked, back on the list.
MAKE_TICKED_LIST = (
    _click(text="Skip"),
    _click(content_desc="Formatting"),
    _click(text="New checklist"),
    _type("etNewItem", "Milk"),
    _click(resource_id=_rid("btn_add")),
    _type("etNewItem", "Bread"),
    _click(resource_id=_rid("btn_add")),
    _click(resource_id=_rid("item_checkbox")),
    UP,
)
OPEN_LIST = _click(text="Note 1")

BUG_179 = BugSpec(
    "privacy-friendly-notes#179",
    "non-crash",
    "Checklist isn't always saved.",
    swiped_removal_discarded,
    human_steps=(*MAKE_TICKED_LIST, OPEN_LIST, SWIPE_RIGHT, SAVE),
)

WRONG_SEQUENCES = {
    "privacy-friendly-notes#179": [
        # the swipe in the editor where the items were just added (the add set hasChanged)
        [*MAKE_TICKED_LIST[:-1], SWIPE_RIGHT, SAVE],
        # reopened, but Save without swiping anything away
        [*MAKE_TICKED_LIST, OPEN_LIST, SAVE],
        # an item ticked again before the swipe (the tick sets hasChanged)
        [
            *MAKE_TICKED_LIST,
            OPEN_LIST,
            _click(resource_id=_rid("item_checkbox")),
            SWIPE_RIGHT,
            SAVE,
        ],
        # the title touched before saving (the activity's own hasChanged)
        [*MAKE_TICKED_LIST, OPEN_LIST, SWIPE_RIGHT, _click(resource_id=_rid("etName")), SAVE],
        # swiped, then the edit cancelled from the overflow menu
        [
            *MAKE_TICKED_LIST,
            OPEN_LIST,
            SWIPE_RIGHT,
            _click(content_desc="More options"),
            _click(text="Cancel"),
        ],
    ]
}


def _ratio(items: list[list[Any]]) -> str:
    return f"{sum(1 for checked, _ in items if checked)}/{len(items)}"


# The expanded FAB menu's entries, top to bottom: label, resource id, the note type created.
FAB_ITEMS = (
    ("New sketch", "fab_sketch", SKETCH_NOTE),
    ("New audio", "fab_audio", AUDIO_NOTE),
    ("New checklist", "fab_checklist", CHECKLIST),
    ("New text", "fab_text", TEXT_NOTE),
)


class PrivacyFriendlyNotes(VirtualApp):
    """Privacy Friendly Notes 2.0.1: tutorial, notes list and the checklist editor."""

    name: ClassVar[str] = "privacy-friendly-notes"
    package: ClassVar[str] = "org.secuso.privacyfriendlynotes"
    label: ClassVar[str] = "Notes"
    version: ClassVar[str] = "2.0.1"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_179,)
    # 2.0.1: ChecklistAdapter.removeItem does not set hasChanged (fixed in 0e1ee37, v2.0.3).
    REMOVE_SETS_CHANGED: ClassVar[bool] = False

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_time_launch": True,
            "notes": [],
            "next_id": 1,
            "name_counter": 1,
            "sort_order": 0,
            "trash_message_shown": False,
            TRUTH: False,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SPLASH:
            ctx.start_activity(TUTORIAL if ctx.data["first_time_launch"] else MAIN)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            ui.setdefault("page", 0)
        elif ctx.activity == MAIN:
            for key, value in (("fab_open", False), ("drawer", False), ("sort", False)):
                ui.setdefault(key, value)
            ui.setdefault("query", "")
        elif ctx.activity == CHECKLIST and "items" not in ui:
            # configChanges keeps the instance on rotation: only a new instance loads.
            ui.update(
                note_id=int(ctx.extras.get("id", -1)),
                name="",
                items=[],
                new_item="",
                adapter_changed=False,
                base_changed=False,
                swiped=False,
                save_on_pause=True,
                menu=False,
                category_menu=False,
                dialog="",
            )
            self._load(ctx)

    def on_activity_stop(self, ctx: AppContext) -> None:
        if ctx.activity == CHECKLIST and ctx.ui.get("save_on_pause"):
            self._save_note(ctx)

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity == CHECKLIST:
            self._load(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == MAIN and ui.get("drawer"):
            ui["drawer"] = False
            return True
        if ctx.activity == CHECKLIST:
            self._leave(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        ui = ctx.ui
        if ctx.activity == TUTORIAL and direction in ("left", "right"):
            step = 1 if direction == "left" else -1
            ui["page"] = max(0, min(len(SLIDES) - 1, ui["page"] + step))
            return True
        if direction not in ("left", "right"):
            return False
        if ctx.activity == CHECKLIST and ui["items"]:
            self._remove_item(ctx, 0)
            return True
        if ctx.activity == MAIN and not ui["drawer"]:
            shown = self._shown_notes(ctx)
            if shown:
                shown[0]["in_trash"] = 1
                ctx.toast("Note deleted")
                return True
        return False

    # -- tutorial ----------------------------------------------------------------------------
    def _launch_home(self, ctx: AppContext) -> None:
        ctx.data["first_time_launch"] = False
        ctx.start_activity(MAIN)
        ctx.finish()

    def _next_slide(self, ctx: AppContext) -> None:
        if ctx.ui["page"] + 1 < len(SLIDES):
            ctx.ui["page"] += 1
        else:
            self._launch_home(ctx)

    # -- main --------------------------------------------------------------------------------
    def _shown_notes(self, ctx: AppContext) -> list[dict[str, Any]]:
        query = ctx.ui.get("query", "").lower()
        notes = [n for n in ctx.data["notes"] if not n["in_trash"]]
        if query:
            notes = [n for n in notes if query in n["name"].lower()]
        return notes

    def _create(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["fab_open"] = False
        extras = {"category": 0} if activity == CHECKLIST else {}
        ctx.start_activity(activity, extras)

    def _open_note(self, ctx: AppContext, note_id: int) -> None:
        ctx.ui["fab_open"] = False
        note = self._note(ctx, note_id)
        if note is not None and note["type"] == "checklist":
            ctx.start_activity(CHECKLIST, {"id": note_id, "category": 0})

    def _drawer_pick(self, ctx: AppContext, target: str) -> None:
        ctx.ui["drawer"] = False
        if target:
            ctx.start_activity(target)

    def _pick_sort(self, ctx: AppContext, i: int) -> None:
        ctx.data["sort_order"] = i
        ctx.ui["sort"] = False

    # -- checklist editor ----------------------------------------------------------------------
    @staticmethod
    def _note(ctx: AppContext, note_id: int) -> dict[str, Any] | None:
        for note in ctx.data["notes"]:
            if note["id"] == note_id:
                return note
        return None

    def _load(self, ctx: AppContext) -> None:
        """loadActivity: a stored note fills the header and ``setAll``s the adapter."""
        ui = ctx.ui
        note = self._note(ctx, ui["note_id"]) if ui["note_id"] != -1 else None
        if note is None:
            return
        ui["name"] = note["name"]
        if not ui["items"]:
            ui["adapter_changed"] = False  # setAll resets the flag only on an empty list
        ui["items"] = [list(item) for item in note["items"]]
        ui["base_changed"] = False
        ui["swiped"] = False

    def _remove_item(self, ctx: AppContext, position: int) -> None:
        ui = ctx.ui
        del ui["items"][position]
        ui["swiped"] = True
        if self.REMOVE_SETS_CHANGED:
            ui["adapter_changed"] = True

    def _add_item(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ui["new_item"]:
            ui["items"].append([False, ui["new_item"]])
            ui["adapter_changed"] = True
            ui["new_item"] = ""

    def _tick(self, ctx: AppContext, position: int) -> None:
        item = ctx.ui["items"][position]
        item[0] = not item[0]
        ctx.ui["adapter_changed"] = True

    def _edit_item(self, ctx: AppContext, position: int, text: str) -> None:
        ctx.ui["items"][position][1] = text
        ctx.ui["adapter_changed"] = True

    def _edit_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["name"] = text
        ctx.ui["base_changed"] = True

    def _touch_name(self, ctx: AppContext) -> None:
        ctx.ui["base_changed"] = True

    def _save_note(self, ctx: AppContext, *, show_not_saved: bool = False) -> bool:
        """BaseNoteActivity.saveNote."""
        ui, data = ctx.ui, ctx.data
        if not ui["adapter_changed"] and not ui["base_changed"]:
            if ui["swiped"]:
                data[TRUTH] = True
            if not ui["items"] and not ui["name"]:
                ctx.toast("Empty note cannot be saved")
            elif show_not_saved:
                ctx.toast("Note not saved")
            return False
        if not ui["name"]:
            ui["name"] = f"Note {data['name_counter']}"
            data["name_counter"] += 1
        items = [list(item) for item in ui["items"]]
        note = self._note(ctx, ui["note_id"]) if ui["note_id"] != -1 else None
        if note is not None:
            note.update(name=ui["name"], items=items)
            ctx.toast("Note updated")
        else:
            note_id = data["next_id"]
            data["next_id"] += 1
            data["notes"].append(
                {
                    "id": note_id,
                    "name": ui["name"],
                    "type": "checklist",
                    "items": items,
                    "category": 0,
                    "in_trash": 0,
                }
            )
            ui["note_id"] = note_id
            ctx.toast("Note saved")
        ui["swiped"] = False
        return True

    def _save_action(self, ctx: AppContext) -> None:
        self._save_note(ctx, show_not_saved=True)
        self._load(ctx)

    def _leave(self, ctx: AppContext) -> None:
        if ctx.ui["save_on_pause"]:
            self._save_note(ctx)
        ctx.finish()

    def _reminder(self, ctx: AppContext) -> None:
        self._save_note(ctx)

    def _menu_save_then(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        self._save_note(ctx)

    def _cancel(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.toast("Canceled without saving")
        ctx.ui["save_on_pause"] = False
        ctx.finish()

    def _delete(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        if not ctx.data["trash_message_shown"]:
            ctx.ui["dialog"] = "trash"
        else:
            self._trash(ctx)

    def _trash_ok(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = ""
        ctx.data["trash_message_shown"] = True
        self._trash(ctx)

    def _trash(self, ctx: AppContext) -> None:
        self._save_note(ctx)
        ctx.ui["save_on_pause"] = False
        note = self._note(ctx, ctx.ui["note_id"])
        if note is not None:
            note["in_trash"] = 1
            ctx.finish()

    def _convert_ok(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui["dialog"] = ""
        ui["adapter_changed"] = True  # saveNote(force = true)
        self._save_note(ctx)
        ui["save_on_pause"] = False
        note = self._note(ctx, ui["note_id"])
        if note is not None:
            note["type"] = "text"
            ctx.start_activity(TEXT_NOTE)
            ctx.finish()

    def _close(self, key: str, value: Any = False) -> Any:
        def handler(ctx: AppContext) -> None:
            ctx.ui[key] = value

        return handler

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._render_tutorial(ctx)
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == CHECKLIST:
            return self._render_checklist(ctx)
        if ctx.activity == SPLASH:
            return Screen(content=w.frame_layout())
        return Screen(content=w.child_page(STUB_TITLES.get(ctx.activity, "")))

    def _render_tutorial(self, ctx: AppContext) -> Screen:
        page_no = ctx.ui["page"]
        heading, text = SLIDES[page_no]
        last = page_no == len(SLIDES) - 1
        page = w.linear_layout(
            [
                w.image_view(height=500),
                w.text_view(heading, height=200),
                w.text_view(text, height=500),
            ]
        )
        dots = w.linear_layout(
            [w.text_view("•", width=60) for _ in SLIDES], rid="layoutDots", horizontal=True
        )
        skip = None if last else w.button("btn_skip", "Skip", self._launch_home, width=300)
        advance = w.button("btn_next", "Okay" if last else "Next", self._next_slide, width=300)
        return Screen(
            content=w.intro_pager(page, skip=skip, indicator=dots, advance=advance),
        )

    def _note_card(self, note: dict[str, Any]) -> View:
        items = note["items"]
        texts = [w.text_view(note["name"], "text_view_title", height=80)]
        preview = "\n".join(name for _, name in items[:3])
        if preview:
            texts.append(w.text_view(preview, "text_view_description", height=150))
        inner = w.linear_layout(
            [
                w.linear_layout(texts),
                w.text_view(_ratio(items), "note_text_extra", width=150),
            ],
            rid="note_item",
            horizontal=True,
        )
        return View(
            cls="androidx.cardview.widget.CardView",
            children=[inner],
            height=260,
            on_click=w.bind(self._open_note, note["id"]),
        )

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            "Notes",
            navigation=w.nav_button(w.OPEN_DRAWER, self._close("drawer", True)),
            actions=[
                w.action_item(
                    "action_sort_alphabetical", "Sort alphabetical", self._close("sort", True)
                )
            ],
        )
        search = View(
            cls="androidx.appcompat.widget.SearchView",
            resource_id="searchViewFilter",
            height=147,
            children=[
                w.edit_text(
                    "search_src_text",
                    ui["query"],
                    lambda c, t: c.ui.update(query=t),
                    cls="android.widget.AutoCompleteTextView",
                )
            ],
        )
        cards = [self._note_card(n) for n in self._shown_notes(ctx)]
        listing = w.list_view(
            cards, rid="recycler_view", cls="androidx.recyclerview.widget.RecyclerView"
        )
        if ui["fab_open"]:
            fab_area = w.linear_layout(
                [
                    w.linear_layout(
                        [
                            *(
                                w.text_view(
                                    label, rid, height=130, on_click=w.bind(self._create, kind)
                                )
                                for label, rid, kind in FAB_ITEMS
                            ),
                            w.button("fabClose", "", self._close("fab_open"), height=140),
                        ],
                        rid="fab_menu",
                    )
                ],
                rid="fab_container",
                width=560,
                height=660,
                gravity="bottom_end",
            )
        else:
            fab_area = w.linear_layout(
                [w.fab("fab", "Formatting", self._close("fab_open", True))],
                rid="fab_container",
                width=w.FAB_SIZE,
                height=w.FAB_SIZE,
                gravity="bottom_end",
            )
        coordinator = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            layout=FRAME,
            children=[w.linear_layout([bar, search, listing]), fab_area],
        )
        windows: list[Window] = []
        if ui["drawer"]:
            entries: list[View] = [
                w.linear_layout([w.image_view("imageView"), w.text_view("Notes")], height=400)
            ]
            entries += [
                w.navigation_item(rid, title, w.bind(self._drawer_pick, target))
                for rid, title, target in DRAWER
            ]
            windows.append(w.navigation_sheet(entries, self._close("drawer")))
        if ui["sort"]:
            rows = [
                w.linear_layout(
                    [
                        w.image_view("sorting_option_icon", width=120),
                        w.text_view(option, "sorting_option_text"),
                    ],
                    horizontal=True,
                    height=147,
                    on_click=w.bind(self._pick_sort, i),
                )
                for i, option in enumerate(SORT_OPTIONS)
            ]
            windows.append(
                Window(
                    root=w.linear_layout(
                        [
                            View(
                                cls="androidx.recyclerview.widget.RecyclerView",
                                resource_id="sorting_options",
                                children=rows,
                            )
                        ],
                        weight=0,
                    ),
                    on_dismiss=self._close("sort"),
                )
            )
        return Screen(content=w.drawer_layout(coordinator), windows=windows)

    def _item_row(self, position: int, item: list[Any]) -> View:
        checked, text = item
        return w.linear_layout(
            [
                w.edit_text(
                    "item_name",
                    text,
                    lambda c, t: self._edit_item(c, position, t),
                ),
                View(
                    cls="android.widget.CheckBox",
                    resource_id="item_checkbox",
                    checkable=True,
                    checked=bool(checked),
                    on_click=w.bind(self._tick, position),
                    width=90,
                ),
                w.image_view("drag_handle", width=105),
            ],
            horizontal=True,
            height=147,
        )

    def _render_checklist(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            "Checklist Note",
            navigation=w.up_button(self._leave),
            actions=[
                w.action_item("action_reminder", "Set reminder", self._reminder),
                w.action_item("action_save", "Save", self._save_action),
                w.overflow_button(self._close("menu", True)),
            ],
        )
        header = w.linear_layout(
            [
                w.text_input_layout(
                    w.edit_text(
                        "etName",
                        ui["name"],
                        self._edit_name,
                        hint="Name",
                        on_click=self._touch_name,
                    ),
                    height=190,
                ),
                w.text_input_layout(
                    View(
                        cls="android.widget.AutoCompleteTextView",
                        resource_id="spinner_category",
                        text="Default",
                        on_click=self._close("category_menu", True),
                    ),
                    rid="tilCategory",
                    width=330,
                    height=190,
                ),
            ],
            horizontal=True,
            height=190,
        )
        new_row = w.linear_layout(
            [
                w.edit_text(
                    "etNewItem",
                    ui["new_item"],
                    lambda c, t: c.ui.update(new_item=t),
                    hint="New item",
                ),
                w.button("btn_add", "Add", self._add_item, width=250),
            ],
            horizontal=True,
            height=150,
        )
        rows = [self._item_row(i, item) for i, item in enumerate(ui["items"])]
        listing = w.list_view(rows, rid="itemList", cls="androidx.recyclerview.widget.RecyclerView")
        windows: list[Window] = []
        if ui["menu"]:
            windows.append(
                w.menu_window(
                    [
                        ("Cancel", self._cancel),
                        ("Delete", self._delete),
                        ("Share", self._menu_save_then),
                        ("Export", self._menu_save_then),
                        ("Convert to text note", self._close("dialog", "convert")),
                    ],
                    self._close("menu"),
                )
            )
        if ui["category_menu"]:
            windows.append(
                w.menu_window(
                    [("Default", self._close("category_menu"))],
                    self._close("category_menu"),
                    title_rid="android:id/text1",
                )
            )
        if ui["dialog"] == "trash":
            windows.append(
                w.confirm_dialog(
                    "Moving to recycle bin",
                    "Notes will be moved to the recycle bin. You can recover or permanently "
                    "delete them there. Notifications cannot be restored.",
                    ("OKAY", self._trash_ok),
                    ("Cancel", self._close("dialog", "")),
                    self._close("dialog", ""),
                )
            )
        elif ui["dialog"] == "convert":
            windows.append(
                w.confirm_dialog(
                    "Convert to text note",
                    "This will convert this note into a text note. Do you want to continue?",
                    ("Convert", self._convert_ok),
                    ("Cancel", self._close("dialog", "")),
                    self._close("dialog", ""),
                )
            )
        return Screen(
            content=w.linear_layout([bar, header, new_row, listing]),
            windows=windows,
        )
