"""drawable-notepad (tmarzeion/drawable-notepad, package ``com.example.tomek.notepad``) 1.0.

Modelled from the sources of release 1.0 (commit ``2b0efdf``, "Added 1.0 APK Relase build",
versionName "1.0"; ``DatabaseHandler`` is unchanged up to the fix's parent ``6faf174``):
``MainActivity`` (list, search, "Delete all notes", the note context menu, the Back dialog),
``NoteActivity`` (the menu icons Voice input, Show Keyboard, Format Text, Draw, Done; the format
and draw panels; ``onBackPressed``; ``loadNote``; ``saveOrUpdateNote``), ``NoteAdapter`` (rows
"Note No: <id>" with the text or "INFO: Note has no text"), ``SaveOrUpdateNoteTask`` (toasts
"Note created"/"Note updated"), ``DatabaseHandler`` (``createNote``, ``getNote``,
``updateNote``, ``getAllNotesAsArrayList``; ids are AUTOINCREMENT), ``Note``, the layouts
``activity_main.xml``, ``content_main.xml``, ``listview_item_row.xml``, ``activity_note.xml``,
``content_text_format.xml``, ``content_draw_panel.xml``, the menus ``menu_main.xml``,
``menu_note.xml``, ``context_menu_note_select.xml``, ``values/strings.xml``,
``values/styles.xml`` and ``AndroidManifest.xml`` (MainActivity "Notepad" with its own Toolbar,
NoteActivity "Add Note" under the DarkActionBar).

The app opens on the note list (empty on a fresh install); the FAB ``fab`` opens NoteActivity
for a new note. NoteActivity: the ``editText`` ("Write Your note here…") over the DrawingView
``drawing``; "Draw" shows the draw panel (``drawPanelSlider``: erase all, paint, erase, five
colours, three brush sizes, unlabelled image buttons) and turns the touches on the page into
strokes (a swipe in the model); "Format Text" shows the text panel (``formatTextSlider``).
"Done", or Back with no panel open, saves the note whatever it holds (an empty note too) and
finishes; a tap on a row (or the context menu's "Edit") reopens it.

Bug ``drawable-notepad#4`` (crash): ``DatabaseHandler.getNote`` (``loadNote`` in
``NoteActivity.onCreate``) rebuilds the stored HTML and cuts the two trailing newlines with
``spannable.subSequence(0, spannable.length() - 2)``; a note saved without text (a drawing
only, or nothing) stores "" and has length 0, so ``subSequence(0, -2)`` throws
StringIndexOutOfBoundsException and NoteActivity fails to start (RuntimeException "Unable to
start activity"). Fixed in ``6d9dde3`` ("fixed empty note load crash", 2016-03-11, three days
after the report) by cutting only when the length is at least 2.

Stubbed: Voice input (the speech recognizer is another app; nothing happens), "Show Keyboard"
only closes the draw panel as the code does (the soft keyboard is not modelled), the colour,
brush, erase and text-format buttons change nothing the model keeps (strokes are counted, not
drawn). Uncertain: the report names no version (1.0 was the only release before it) and was
made on CyanogenMod 11 (Android 4.4.4); the frames below the app's own are API 23's.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text, long_click
from device_agent.virtual.stacks import launch_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.example.tomek.notepad"
MAIN = ".MainActivity"
NOTE = ".NoteActivity"
API = 23
PAGE_HEIGHT = 1584  # below the action bar, above the navigation bar
PANEL_HEIGHT = 576  # calculateMenuMargin: 30% of the 1920 px display
HINT = "Write Your note here…"
NO_TEXT = "INFO: Note has no text"
NOTE_ACTIONS = (
    ("action_voice_input", "Voice input"),
    ("action_toggle_keyboard", "Show Keyboard"),
    ("action_text_format", "Format Text"),
    ("action_draw", "Draw"),
    ("action_done", "Done"),
)
TEXT_FORMAT_BUTTONS = (
    "imageButtonTextColorBlack",
    "imageButtonTextColorRed",
    "imageButtonTextColorBlue",
    "imageButtonTextColorGreen",
    "imageButtonTextColorYellow",
)
STYLE_BUTTONS = ("imageButtonBold", "imageButtonItalic", "imageButtonUnderline")


def _load_failure() -> JavaException:
    """``getNote`` of a note stored without text: ``subSequence(0, -2)``."""
    cause = JavaException(
        "java.lang.StringIndexOutOfBoundsException",
        frames=[
            "android.text.SpannableStringBuilder.<init>(SpannableStringBuilder.java:62)",
            "android.text.SpannableStringBuilder.subSequence(SpannableStringBuilder.java:1205)",
            f"{PACKAGE}.DatabaseHandler.getNote(DatabaseHandler.java:86)",
            f"{PACKAGE}.NoteActivity.loadNote(NoteActivity.java:402)",
            f"{PACKAGE}.NoteActivity.onCreate(NoteActivity.java:147)",
            "android.app.Activity.performCreate(Activity.java:6237)",
            "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1107)",
            *launch_frames(API),
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}.NoteActivity}}: "
        "java.lang.StringIndexOutOfBoundsException",
        frames=launch_frames(API),
        cause=cause,
    )


def empty_note_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #4: NoteActivity failed to load a note saved without text."""
    return crashed(
        system, PACKAGE, "java.lang.RuntimeException", "NoteActivity", "StringIndexOutOfBounds"
    )


DRAW_A_LINE = {
    "kind": "swipe",
    "direction": "right",
    "target": {"resource_id": f"{PACKAGE}:id/drawing"},
}
NEW_DRAWING = (
    click(PACKAGE, "fab"),
    click(PACKAGE, "action_draw", desc="Draw"),
    DRAW_A_LINE,
)
DONE = click(PACKAGE, "action_done", desc="Done")
OPEN_FIRST = click(PACKAGE, "noteTitle", "Note No: 1")
STEPS_4 = (*NEW_DRAWING, DONE, OPEN_FIRST)


class DrawableNotepad(VirtualApp):
    """drawable-notepad 1.0: a note saved without text cannot be reopened (#4)."""

    name: ClassVar[str] = "drawable-notepad"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Notepad"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "drawable-notepad#4",
            "crash",
            "Crash if no text",
            empty_note_crash,
            human_steps=STEPS_4,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"notes": [], "next_id": 1}

    def note(self, ctx: AppContext, note_id: int) -> dict[str, Any] | None:
        return next((n for n in ctx.data["notes"] if n["id"] == note_id), None)

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != NOTE or "text" in ctx.ui:
            return
        ctx.ui.update(panel="", text="", strokes=0)
        note_id = ctx.extras.get("id", -1)
        if note_id != -1:
            stored = self.note(ctx, note_id)
            text = stored["text"] if stored else ""
            if text == "":
                raise _load_failure()  # the bug: subSequence(0, 0 - 2)
            ctx.ui.update(text=text, strokes=stored["strokes"] if stored else 0)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == NOTE:
            if ctx.ui["panel"]:
                ctx.ui["panel"] = ""
            else:
                self.save(ctx)
            return True
        if ctx.ui.get("search") is not None:
            ctx.ui["search"] = None
            return True
        ctx.ui["dialog"] = {"kind": "close"}
        return True

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == NOTE and ctx.ui.get("panel") == "draw":
            ctx.ui["strokes"] += 1  # the finger's path on the DrawingView
            return True
        return False

    # -- NoteActivity --------------------------------------------------------------------------
    def save(self, ctx: AppContext) -> None:
        """``saveOrUpdateNote``: no check for an empty note."""
        note_id = ctx.extras.get("id", -1)
        stored = self.note(ctx, note_id) if note_id != -1 else None
        if stored is None:
            stored = {"id": ctx.data["next_id"]}
            ctx.data["next_id"] += 1
            ctx.data["notes"].append(stored)
            ctx.toast("Note created")
        else:
            ctx.toast("Note updated")
        stored.update(text=ctx.ui["text"], strokes=ctx.ui["strokes"])
        ctx.finish()

    def note_action(self, ctx: AppContext, rid: str) -> None:
        panel = ctx.ui["panel"]
        if rid == "action_done":
            self.save(ctx)
        elif rid == "action_draw":
            ctx.ui["panel"] = "" if panel == "draw" else "draw"
        elif rid == "action_text_format":
            ctx.ui["panel"] = "" if panel == "format" else "format"
        elif rid == "action_toggle_keyboard" and panel == "draw":
            ctx.ui["panel"] = ""

    def render_note(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "Add Note",
            actions=[w.action_item(r, d, w.bind(self.note_action, r)) for r, d in NOTE_ACTIONS],
            rid="action_bar",
        )
        page: list[View] = [
            w.edit_text(
                "editText",
                ctx.ui["text"],
                lambda c, t: c.ui.update(text=t),
                hint=HINT,
                extra={"multiline": True},
                height=PAGE_HEIGHT - (PANEL_HEIGHT if ctx.ui["panel"] else 0),
            )
        ]
        if ctx.ui["panel"] == "draw":
            page.append(self.draw_panel())
        elif ctx.ui["panel"] == "format":
            page.append(self.format_panel())
        content = w.relative_layout(
            [
                View(cls="android.view.View", resource_id="drawing"),
                w.linear_layout(page, rid="contentEdiText"),
            ],
            rid="note_layout",
            layout=FRAME,
        )
        return Screen(content=w.linear_layout([bar, content]))

    def draw_panel(self) -> View:
        def icons(count: int) -> list[View]:
            return [w.image_button(naf=True, width=147) for _ in range(count)]

        rows = [
            w.text_view("Draw options:"),
            w.linear_layout(icons(3), horizontal=True, height=147),
            w.text_view("Brush color:"),
            w.linear_layout(icons(5), horizontal=True, height=147),
            w.text_view("Brush size:"),
            w.linear_layout(icons(3), horizontal=True, height=147),
        ]
        return self.slider("drawPanelSlider", rows)

    def format_panel(self) -> View:
        def row(ids: tuple[str, ...]) -> View:
            buttons = [w.image_button(rid, width=147) for rid in ids]
            return w.linear_layout(buttons, horizontal=True, height=147)

        rows = [
            w.text_view("Text color:", "textView2"),
            row(TEXT_FORMAT_BUTTONS),
            w.text_view("Style:", "textView4"),
            row(STYLE_BUTTONS),
        ]
        return self.slider("formatTextSlider", rows, "scrollView2")

    def slider(self, rid: str, rows: list[View], scroll_rid: str = "") -> View:
        """A bottom panel 30% of the screen high (``calculateMenuMargin``) that scrolls."""
        content = w.linear_layout(rows, weight=0)
        scroller = w.scroll_view([content], rid=scroll_rid, scrollable=True, scroll_key=rid)
        return w.linear_layout([scroller], rid=rid, height=PANEL_HEIGHT)

    # -- MainActivity --------------------------------------------------------------------------
    def open_note(self, ctx: AppContext, note_id: int) -> None:
        ctx.ui["dialog"] = None
        ctx.start_activity(NOTE, {"id": note_id})

    def confirm(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        if dialog["kind"] == "close":
            ctx.finish()
        elif dialog["kind"] == "delete_all":
            ctx.data["notes"] = []
            ctx.toast("All notes has been deleted!")
        else:
            ctx.data["notes"] = [n for n in ctx.data["notes"] if n["id"] != dialog["id"]]
            ctx.toast(f"Note #{dialog['id']} deleted")

    def render_main(self, ctx: AppContext) -> Screen:
        query = ctx.ui.get("search")
        rows = [
            w.list_row(
                f"Note No: {n['id']}",
                n["text"] or NO_TEXT,
                title_rid="noteTitle",
                subtitle_rid="noteContent",
                on_click=w.bind(self.open_note, n["id"]),
                on_long_click=w.bind(
                    lambda c, i: c.ui.update(dialog={"kind": "context", "id": i}), n["id"]
                ),
            )
            for n in ctx.data["notes"]
            if query is None or query in n["text"]
        ]
        title: str | View = "Notepad"
        actions = [
            w.action_item(
                "action_delete_all_notes",
                "Delete all notes",
                lambda c: c.ui.update(dialog={"kind": "delete_all"}),
            )
        ]
        if query is None:
            actions.insert(0, w.action_item("search", "Search", lambda c: c.ui.update(search="")))
        else:
            title = w.edit_text(
                "search_src_text", query, lambda c, t: c.ui.update(search=t), hint="Search notes..."
            )
        bar = w.toolbar(title, actions=actions)
        body = w.frame_layout(
            [w.list_view(rows, rid="listView"), w.fab("fab", "", self.new_note)], layout=FRAME
        )
        root = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            children=[bar, body],
        )
        windows = [self.main_dialog(ctx)] if ctx.ui.get("dialog") else []
        return Screen(content=root, windows=windows)

    def new_note(self, ctx: AppContext) -> None:
        ctx.start_activity(NOTE, {"id": -1})

    def main_dialog(self, ctx: AppContext) -> Window:
        dialog = ctx.ui["dialog"]
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        if dialog["kind"] == "context":
            note_id = dialog["id"]
            items = [
                ("Edit", w.bind(self.open_note, note_id), "context_menu_edit"),
                (
                    "Delete",
                    lambda c: c.ui.update(dialog={"kind": "delete", "id": note_id}),
                    "context_menu_delete",
                ),
                ("Cancel", close, "context_menu_cancel"),
            ]
            return w.alert_dialog(
                w.dialog_title(f"Choose action for note #{note_id}"),
                [w.popup_menu(items, title_rid="android:id/title")],
                [],
                close,
            )
        title = {
            "close": "Close Application",
            "delete_all": "Delete all notes",
            "delete": f"Delete note #{dialog.get('id')}",
        }[dialog["kind"]]
        return w.confirm_dialog(
            title, "Are you sure?", ("OK", self.confirm), ("Cancel", close), close
        )

    def render(self, ctx: AppContext) -> Screen:
        return self.render_note(ctx) if ctx.activity == NOTE else self.render_main(ctx)


WRONG_SEQUENCES = {
    "drawable-notepad#4": [
        # Text written next to the drawing: the note reopens.
        [*NEW_DRAWING, input_text(PACKAGE, "editText", "Buy milk", hint=HINT), DONE, OPEN_FIRST],
        # The drawing saved but never reopened.
        [*NEW_DRAWING, DONE],
        # A text note instead of a drawing.
        [
            click(PACKAGE, "fab"),
            input_text(PACKAGE, "editText", "Buy milk", hint=HINT),
            DONE,
            OPEN_FIRST,
        ],
        # The drawing deleted from the list's context menu instead of opened.
        [
            *NEW_DRAWING,
            DONE,
            long_click(PACKAGE, "noteTitle", "Note No: 1"),
            click(PACKAGE, "context_menu_delete", "Delete"),
            click(PACKAGE, "android:id/button1", "OK"),
        ],
    ],
}
