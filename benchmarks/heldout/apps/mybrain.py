"""MyBrain (``com.mhss.app.mybrain``) 2.0.1, for MyBrain#231.

Modelled from the sources at tag ``v2.0.1`` (commit ``8b68b02``; ``app/build.gradle.kts`` says
``versionName = "2.0.1"``): ``app/.../presentation/main/MainActivity.kt``, ``MyBrainApp.kt``,
``MainScreen.kt``, ``MainViewModel.kt`` (the default start-up screen is Spaces),
``SpacesScreen.kt``, ``components/SpaceCard.kt``, ``components/MainBottomBar.kt``,
``components/BottomNavigationItem.kt``, ``notes/presentation/.../NotesScreen.kt``,
``NoteDetailsScreen.kt``, ``NotesViewModel.kt``, ``core/ui/.../MyBrainAppBar.kt``,
``core/ui/.../notes/NoteCard.kt``, ``core/util/.../date/DateUtils.kt`` and
``core/ui/src/main/res/values/strings.xml``; and the fix, commit ``a422d5e`` ("Fix note auto save
and create NoteDetailsViewModel", released in 2.0.2).

The app is one activity (``MainActivity``) drawing Jetpack Compose screens: no resource ids;
buttons, texts and fields are named by their texts and content descriptions. On API 30 the app
asks for no permission and shows no intro: it opens on "Spaces" (a grid of cards: Notes, Tasks,
Diary, Bookmarks, Calendar, Assistant) above a bottom bar (Dashboard, Spaces, Settings). The
Notes space lists the notes (``NoteCard``: title, content, date) under the "Notes" / "Folders"
tabs with "Order By" and "Search" buttons and the "Add note" button. ``NoteDetailsScreen`` has
the "Title" and "Note content (supports markdown)" fields and the app bar actions "Folders",
"Delete task" (saved notes only), "Pin note" and "Reading mode"; Back saves (adds or updates the
note) and leaves. Opening a saved note sets its ``NotesViewModel``'s ``readingMode`` to true, so
the content shows as rendered markdown until "Reading mode" is tapped.

The bug (MyBrain#231, non-crash): ``NoteDetailsScreen`` keeps the edited title and content in
``rememberSaveable`` (they survive rotation) but, when the activity is re-created, its new
composition runs ``LaunchedEffect(true)`` (``NoteEvent.GetNote``: the note is read from the
database again and ``readingMode`` set to true) and ``LaunchedEffect(state.note)`` (title,
content and pinned set from the saved note): the unsaved edits of a saved note are replaced by
its stored text and the screen is back in reading mode. A new (unsaved) note has no
``state.note`` and keeps its text. The fix moved the note into ``NoteDetailsViewModel``.

Stubbed: the Dashboard, Settings, Tasks, Diary, Bookmarks, Calendar, Assistant and note search
screens (their app bar title only), the order/view settings panel, the folders tab's folder
list (empty on a fresh install) and the AI buttons (off without an AI provider); the app lock is
off on a fresh install. Note dates are shown for a fixed clock (today, 9:00 AM).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.mhss.app.mybrain"
MAIN = ".presentation.main.MainActivity"

COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
BUTTON = "android.widget.Button"
TEXT = "android.widget.TextView"
EDIT = "android.widget.EditText"
IMAGE = "android.widget.ImageView"

SPACES = ("Notes", "Tasks", "Diary", "Bookmarks", "Calendar", "Assistant")
BOTTOM = ("Dashboard", "Spaces", "Settings")
TITLE_LABEL = "Title"
CONTENT_LABEL = "Note content (supports markdown)"
NO_NOTES = "You don't have any notes\n Click the + button to add a new Note"
EMPTY_NOTE = "Note cannot be empty"
NOW = "9:00 AM"  # formatDateDependingOnDay of a note changed today (fixed clock)


def edits_discarded(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of MyBrain#231: a re-creation replaced unsaved edits of a saved note."""
    return bool(data["discarded_edits"])


def _click(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return {
        "kind": "click",
        "target": {"resource_id": "", "text": text, "content_desc": desc, "class_name": cls},
    }


def _type(label: str, typed: str) -> dict[str, Any]:
    return {
        "kind": "input_text",
        "target": {"resource_id": "", "text": label, "content_desc": "", "class_name": EDIT},
        "text": typed,
    }


def _key(kind: str) -> dict[str, Any]:
    return {"kind": kind}


ROTATE = {"kind": "rotate", "orientation": "landscape"}
OPEN_NOTES = _click("Notes", "Notes", VIEW)
ADD_NOTE = _click(desc="Add note", cls=BUTTON)
WRITE_NOTE = [
    OPEN_NOTES,
    ADD_NOTE,
    _type(TITLE_LABEL, "Shopping"),
    _type(CONTENT_LABEL, "Milk"),
    _key("press_back"),  # hides the keyboard
    _key("press_back"),  # saves the note and goes back to the list
]
OPEN_SAVED = _click("Shopping", cls=TEXT)
EDIT_MODE = _click(desc="Reading mode", cls=BUTTON)
WRITE_MORE = {
    "kind": "input_text",
    "target": {"resource_id": "", "text": "Milk", "content_desc": "", "class_name": EDIT},
    "text": "Milk Eggs",
}

BUG_231 = BugSpec(
    "MyBrain#231",
    "non-crash",
    "Rotating phone when editing a previously made note will cause you to lose newly written text.",
    edits_discarded,
    human_steps=(*WRITE_NOTE, OPEN_SAVED, EDIT_MODE, WRITE_MORE, _key("press_back"), ROTATE),
)

WRONG_SEQUENCES = {
    "MyBrain#231": [
        # No rotation: the edit stays on screen.
        [*WRITE_NOTE, OPEN_SAVED, EDIT_MODE, WRITE_MORE, _key("press_back")],
        # Rotating before writing anything new.
        [*WRITE_NOTE, OPEN_SAVED, EDIT_MODE, ROTATE],
        # A new, never saved note keeps its text over a rotation.
        [
            OPEN_NOTES,
            ADD_NOTE,
            _type(TITLE_LABEL, "Shopping"),
            _type(CONTENT_LABEL, "Milk"),
            _key("press_back"),
            ROTATE,
        ],
        # The edit is saved (Back) before the rotation.
        [
            *WRITE_NOTE,
            OPEN_SAVED,
            EDIT_MODE,
            WRITE_MORE,
            _key("press_back"),
            _key("press_back"),
            ROTATE,
        ],
    ]
}


class MyBrain201(VirtualApp):
    """MyBrain 2.0.1 (see the module docstring)."""

    name: ClassVar[str] = "MyBrain"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "MyBrain"
    version: ClassVar[str] = "2.0.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_231,)

    def initial_data(self) -> dict[str, Any]:
        return {"notes": [], "next_id": 1, "discarded_edits": []}

    # -- navigation --------------------------------------------------------------------------
    # ctx.ui["stack"]: the NavHost back stack; each entry holds the destination's
    # rememberSaveable values ("saved") and its ViewModel's state ("vm"), both of which outlive
    # a re-creation of the activity.
    def on_create(self, ctx: AppContext) -> None:
        if "stack" not in ctx.ui:
            ctx.ui["stack"] = [{"route": "main", "tab": "Spaces"}]
            return
        top = ctx.ui["stack"][-1]
        if top["route"] == "note":
            self._note_screen_recomposed(ctx, top)

    def _note(self, ctx: AppContext, note_id: int) -> dict[str, Any] | None:
        return next((n for n in ctx.data["notes"] if n["id"] == note_id), None)

    def _push(self, ctx: AppContext, entry: dict[str, Any]) -> None:
        ctx.ui["stack"].append(entry)

    def _pop(self, ctx: AppContext) -> None:
        if not w.pop_back_stack(ctx.ui["stack"]):
            ctx.finish()

    def on_back(self, ctx: AppContext) -> bool:
        top = ctx.ui["stack"][-1]
        if top.get("dialog"):
            top["dialog"] = None
            return True
        if top["route"] == "note":
            self._leave_note(ctx, top)
            return True
        if top["route"] == "main":
            if top["tab"] != "Spaces":
                top["tab"] = "Spaces"
                return True
            return False
        self._pop(ctx)
        return True

    # -- NoteDetailsScreen -------------------------------------------------------------------
    def _open_note(self, ctx: AppContext, note_id: int) -> None:
        entry: dict[str, Any] = {
            "route": "note",
            "saved": {"title": "", "content": "", "pinned": False},
            "vm": {"note": None, "reading": False},
            "dialog": None,
        }
        self._push(ctx, entry)
        if note_id != -1:
            # LaunchedEffect(true): GetNote; then LaunchedEffect(state.note) copies it.
            self._get_note(ctx, entry, note_id)
            self._copy_note(entry)

    def _get_note(self, ctx: AppContext, entry: dict[str, Any], note_id: int) -> None:
        stored = self._note(ctx, note_id)
        entry["vm"]["note"] = dict(stored) if stored else None
        entry["vm"]["reading"] = True

    def _copy_note(self, entry: dict[str, Any]) -> None:
        note = entry["vm"]["note"]
        if note is not None:
            entry["saved"].update(
                title=note["title"], content=note["content"], pinned=note["pinned"]
            )

    def _note_screen_recomposed(self, ctx: AppContext, entry: dict[str, Any]) -> None:
        """The new composition after a re-creation: both LaunchedEffects run again (the bug)."""
        note = entry["vm"]["note"]
        if note is None:
            return  # a new note: the rememberSaveable text is kept
        self._get_note(ctx, entry, note["id"])
        before = dict(entry["saved"])
        self._copy_note(entry)
        if before["title"] != entry["saved"]["title"] or (
            before["content"] != entry["saved"]["content"]
        ):
            ctx.data["discarded_edits"].append(
                {"note": note["id"], "title": before["title"], "content": before["content"]}
            )

    def _leave_note(self, ctx: AppContext, entry: dict[str, Any]) -> None:
        """The screen's BackHandler: ``addOrUpdateNote``."""
        saved, note = entry["saved"], entry["vm"]["note"]
        title, content = saved["title"], saved["content"]
        if note is not None:
            if note["title"] == title and note["content"] == content:
                self._pop(ctx)
                return
            if not title.strip() and not content.strip():
                ctx.toast(EMPTY_NOTE)  # the screen's snackbar
                return
            stored = self._note(ctx, note["id"])
            if stored is not None:
                stored.update(title=title, content=content)
            self._pop(ctx)
            return
        if title.strip() or content.strip():
            ctx.data["notes"].append(
                {
                    "id": ctx.data["next_id"],
                    "title": title,
                    "content": content,
                    "pinned": saved["pinned"],
                }
            )
            ctx.data["next_id"] += 1
        self._pop(ctx)

    # -- render ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = ctx.ui["stack"][-1]
        route = top["route"]
        windows: list[Window] = []
        if route == "main":
            body = self._main(ctx, top)
        elif route == "notes":
            body = self._notes(ctx, top)
        elif route == "note":
            body, windows = self._note_details(ctx, top)
        else:
            body = self._column([self._app_bar(route)], fill=True)
        return Screen(content=View(cls=COMPOSE, children=[body]), windows=windows)

    def _column(self, children: list[View], *, fill: bool = False, **kw: Any) -> View:
        if fill:
            children = [*children, View(cls=VIEW)]
        return View(cls=VIEW, children=children, **kw)

    def _app_bar(self, title: str, actions: list[View] | None = None) -> View:
        return View(
            cls=VIEW,
            layout="horizontal",
            height=168,
            children=[w.text_view(title, height=168), *(actions or [])],
        )

    def _icon_button(self, desc: str, handler: Any) -> View:
        return View(cls=BUTTON, content_desc=desc, on_click=handler, width=126, height=126)

    # MainScreen: the nested NavHost and the bottom bar
    def _main(self, ctx: AppContext, top: dict[str, Any]) -> View:
        tab = top["tab"]
        if tab == "Spaces":
            cards = [
                View(
                    cls=VIEW,
                    text=name,
                    content_desc=name,
                    on_click=w.bind(self._open_space, name),
                    width=480,
                    height=480,
                )
                for name in SPACES
            ]
            rows = [
                View(cls=VIEW, layout="horizontal", weight=0, children=cards[i : i + 2])
                for i in range(0, len(cards), 2)
            ]
            page = self._column(
                [self._app_bar("Spaces"), View(cls=VIEW, children=rows, scrollable=False)]
            )
        else:
            page = self._column([self._app_bar(tab)], fill=True)
        bar = View(
            cls=VIEW,
            layout="horizontal",
            height=210,
            children=[
                View(
                    cls=VIEW,
                    content_desc=name,
                    selected=name == tab,
                    on_click=w.bind(self._select_tab, name),
                )
                for name in BOTTOM
            ],
        )
        return self._column([page, bar])

    def _select_tab(self, ctx: AppContext, name: str) -> None:
        ctx.ui["stack"][-1]["tab"] = name

    def _open_space(self, ctx: AppContext, name: str) -> None:
        if name == "Notes":
            self._push(ctx, {"route": "notes", "tab": 0})
        else:
            self._push(ctx, {"route": name})

    # NotesScreen
    def _notes(self, ctx: AppContext, top: dict[str, Any]) -> View:
        notes_tab = top["tab"] == 0
        tabs = View(
            cls=VIEW,
            layout="horizontal",
            height=147,
            children=[
                View(
                    cls=VIEW, text="Notes", selected=notes_tab, on_click=w.bind(self._notes_tab, 0)
                ),
                View(
                    cls=VIEW,
                    text="Folders",
                    selected=not notes_tab,
                    on_click=w.bind(self._notes_tab, 1),
                ),
            ],
        )
        body: list[View] = [self._app_bar("Notes" if notes_tab else "Folders"), tabs]
        if notes_tab:
            notes = ctx.data["notes"]
            if not notes:
                body.append(
                    self._column(
                        [
                            w.text_view(NO_NOTES, height=160),
                            View(cls=IMAGE, content_desc=NO_NOTES, width=330, height=330),
                        ],
                        weight=0,
                    )
                )
            else:
                body.append(
                    View(
                        cls=VIEW,
                        layout="horizontal",
                        height=126,
                        children=[
                            self._icon_button("Order By", self._toggle_order_panel),
                            View(cls=VIEW),
                            self._icon_button("Search", w.bind(self._open_space, "Search")),
                        ],
                    )
                )
                for note in sorted(notes, key=lambda n: not n["pinned"]):
                    body.append(
                        View(
                            cls=VIEW,
                            on_click=w.bind(self._open_note, note["id"]),
                            weight=0,
                            children=[
                                w.text_view(note["title"], height=90),
                                w.text_view(note["content"], height=90),
                                w.text_view(NOW, height=80),
                            ],
                        )
                    )
        body.append(View(cls=VIEW))
        fab = w.fab("", "Add note", self._fab, cls=BUTTON)
        return View(cls=VIEW, layout=FRAME, children=[self._column(body), fab])

    def _toggle_order_panel(self, ctx: AppContext) -> None:
        top = ctx.ui["stack"][-1]
        top["order_panel"] = not top.get("order_panel", False)

    def _notes_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["stack"][-1]["tab"] = index

    def _fab(self, ctx: AppContext) -> None:
        if ctx.ui["stack"][-1]["tab"] == 0:
            self._open_note(ctx, -1)
        else:
            ctx.ui["stack"][-1]["dialog"] = "create_folder"

    # NoteDetailsScreen
    def _note_details(self, ctx: AppContext, entry: dict[str, Any]) -> tuple[View, list[Window]]:
        saved, vm = entry["saved"], entry["vm"]
        actions = [self._icon_button("Folders", w.bind(self._set_dialog, "folder"))]
        if vm["note"] is not None:
            actions.append(self._icon_button("Delete task", w.bind(self._set_dialog, "delete")))
        actions += [
            self._icon_button("Pin note", self._toggle_pin),
            self._icon_button("Reading mode", self._toggle_reading),
        ]
        title = w.edit_text("", saved["title"], self._text_setter("title"), hint=TITLE_LABEL)
        if vm["reading"]:
            content = w.text_view(saved["content"])
        else:
            content = w.edit_text(
                "",
                saved["content"],
                self._text_setter("content"),
                hint=CONTENT_LABEL,
                extra={"multiline": True},
            )
        words = str(len(saved["content"].split(" ")))
        footer = View(
            cls=VIEW,
            layout="horizontal",
            height=80,
            children=[
                w.text_view(NOW if vm["note"] else "", height=80),
                w.text_view(words, height=80, width=120),
            ],
        )
        body = self._column([self._app_bar("", actions), title, content, footer])
        windows: list[Window] = []
        dialog = entry.get("dialog")
        if dialog == "delete":
            name = vm["note"]["title"]
            windows.append(
                w.alert_dialog(
                    w.text_view("Delete note?", height=140),
                    [w.text_view(f'Are you sure you want to delete the note: \n "{name}""?')],
                    [
                        w.button(text="Cancel", handler=w.bind(self._set_dialog, None)),
                        w.button(text="Delete note", handler=self._delete_note),
                    ],
                    w.bind(self._set_dialog, None),
                )
            )
        elif dialog == "folder":
            windows.append(
                Window(
                    root=self._column(
                        [
                            w.text_view("Change folder"),
                            View(
                                cls=VIEW,
                                text="None",
                                on_click=w.bind(self._set_dialog, None),
                                height=126,
                            ),
                        ],
                        weight=0,
                    ),
                    on_dismiss=w.bind(self._set_dialog, None),
                )
            )
        return body, windows

    def _text_setter(self, key: str) -> Any:
        def on_text(ctx: AppContext, text: str) -> None:
            ctx.ui["stack"][-1]["saved"][key] = text

        return on_text

    def _set_dialog(self, ctx: AppContext, dialog: str | None) -> None:
        ctx.ui["stack"][-1]["dialog"] = dialog

    def _toggle_pin(self, ctx: AppContext) -> None:
        entry = ctx.ui["stack"][-1]
        entry["saved"]["pinned"] = not entry["saved"]["pinned"]
        note = entry["vm"]["note"]
        if note is not None:  # NoteEvent.PinNote
            stored = self._note(ctx, note["id"])
            if stored is not None:
                stored["pinned"] = not note["pinned"]

    def _toggle_reading(self, ctx: AppContext) -> None:
        vm = ctx.ui["stack"][-1]["vm"]
        vm["reading"] = not vm["reading"]

    def _delete_note(self, ctx: AppContext) -> None:
        note = ctx.ui["stack"][-1]["vm"]["note"]
        ctx.data["notes"] = [n for n in ctx.data["notes"] if n["id"] != note["id"]]
        self._pop(ctx)
