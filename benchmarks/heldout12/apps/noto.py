"""Noto 2.2.1 (com.noto), a note-taking app, modelled from the sources at tag v2.2.1 (commit
e296a94262db5453955b9caf186302b66a7676bf, github.com/alialbaali/Noto); fixed in 2.2.2 by
f5c8eefb ("Fix pressing back space causing crash in note editor #169 #170").

Bug Noto#175 (crash). ``NoteFragment`` records an undo history per field: while the text is not
changing, the cursor flow stores the cursor as ``bodyCursorStartPosition``; a text change turns
tracking on, so the cursor after the change becomes ``bodyCursorEndPosition``; after the
debounce ``NoteViewModel.emitNewBodyOnly`` emits ``Triple(start, end, text)`` into
``bodyHistory`` (the title works the same way with ``titleHistory``). The collector combining
``bodyHistory`` with the field's text filters the history with
``it.third.substring(it.first, it.second)`` for every non-blank entry. After a Backspace the
cursor moved back, so the entry has ``first > second`` and ``String.substring`` throws
``StringIndexOutOfBoundsException`` (``String index out of range: -1`` on API 30) on the main
thread. An entry whose text is blank is skipped, so clearing a field entirely does not crash. The
fix clamps ``first`` into ``0..second``.

Modelled: a fresh install's first screen (``AppActivity`` starts ``FolderFragment`` of the General
folder, navigates to the ``MainFragment`` folder sheet, and the "What's new" sheet of 2.2.1 comes
on top since ``lastVersion`` is 2.2.0), the folder sheet (All, Recent, Scheduled, Archived, the
General folder, its buttons and the "Create folder" FAB), the General folder's screen (toolbar,
empty list, bottom app bar with Archive, Search and Folder options, the "Create note" FAB) and the
note editor (``et_note_title``, ``et_note_body``, the word count, the bottom app bar or, while a
field has the focus, the undo/redo bar). Each typing action is one burst of the debounce: the
cursor sits at the end of the text, as after typing. Notes are saved as typed (the debounced
``createOrUpdateNote``). Stubbed: the filtered lists, Settings, archive, search, folder and note
options (toasts or nothing), reminders, reading mode, sharing.

Uncertain: the app's own frame names and line numbers in the crash (the ``onEach`` lambda's
synthetic class index is a guess); the exception message is the one of Android 11's libcore
``String.substring``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.noto"
MAIN = ".AppActivity"

CHANGELOG_2_2_1 = (
    "• Supported Lithuanian and Simplified Chinese.\n"
    "• Design improvements here and there.\n"
    "• Refactored undo/redo functionality to be more effective.\n"
    "• Supported viewing Archived & Scheduled notes.\n"
    "• Supported for Quick Exit settings toggle (exiting the app without navigating to the main "
    "menu).\n"
    "• Implemented a faster way to create notes while in other apps using Quick Note tile in "
    "the notification center.\n"
    "• Integrated changing app language through System Settings for Android 13 and above."
)

CRASH_FRAMES = [
    "java.lang.String.substring(String.java:2060)",
    "com.noto.app.note.NoteFragment$setupState$21.invokeSuspend(NoteFragment.kt:265)",
    "com.noto.app.note.NoteFragment$setupState$21.invoke(Unknown Source:8)",
    "com.noto.app.note.NoteFragment$setupState$21.invoke(Unknown Source:4)",
    "kotlinx.coroutines.flow.FlowKt__TransformKt$onEach$$inlined$unsafeTransform$1$2.emit"
    "(Emitters.kt:223)",
    "kotlinx.coroutines.flow.FlowKt__DelayKt$debounceInternal$1$3$1.invokeSuspend(Delay.kt:227)",
    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:106)",
    "android.os.Handler.handleCallback(Handler.java:938)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loop(Looper.java:223)",
    "android.app.ActivityThread.main(ActivityThread.java:7656)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
]


def words(text: str) -> str:
    count = len(text.split())
    return f"{count} Word" if count == 1 else f"{count} Words"


class Noto(VirtualApp):
    """Noto 2.2.1: the first run, the General folder and the note editor."""

    name: ClassVar[str] = "Noto"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Noto"
    version: ClassVar[str] = "2.2.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Noto#175",
            "crash",
            "Crashing when editing text",
            crash_oracle(PACKAGE, "java.lang.StringIndexOutOfBoundsException"),
            human_steps=(
                click(PACKAGE, "btn_okay", "Okay"),
                click(PACKAGE, text="General"),
                click(PACKAGE, "fab", desc="Create note"),
                input_text(PACKAGE, "et_note_body", "Shopping list"),
                {"kind": "press_delete"},
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # Room database and DataStore right after the first start (the General folder is
        # created by AppViewModel.createGeneralFolder).
        return {
            "folders": [{"id": -1, "title": "General"}],
            "notes": [],
            "settings": {"lastVersion": "2.2.0", "mainInterfaceId": "AllFolders"},
        }

    # -- navigation -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if "stack" in ctx.ui:
            return
        ctx.ui["stack"] = [{"dest": "folder", "folderId": -1}]
        sheets = []
        if not ctx.memory.get("navigated_to_main"):
            ctx.memory["navigated_to_main"] = True  # AppViewModel.shouldNavigateToMainFragment
            sheets.append("main")
        if ctx.data["settings"]["lastVersion"] != "2.2.1":
            sheets.append("whats_new")
        ctx.ui["sheets"] = sheets

    def top(self, ctx: AppContext) -> dict[str, Any]:
        return dict(ctx.ui["stack"][-1])

    def close_sheet(self, ctx: AppContext) -> None:
        sheet = ctx.ui["sheets"].pop()
        if sheet == "whats_new":
            ctx.data["settings"]["lastVersion"] = "2.2.1"  # updateLastVersion on dismiss

    def open_main_sheet(self, ctx: AppContext) -> None:
        ctx.ui["sheets"].append("main")

    def choose_general(self, ctx: AppContext) -> None:
        self.close_sheet(ctx)
        if self.top(ctx) != {"dest": "folder", "folderId": -1}:
            ctx.ui["stack"] = [{"dest": "folder", "folderId": -1}]

    def new_note(self, ctx: AppContext) -> None:
        note_id = max([n["id"] for n in ctx.data["notes"]], default=0) + 1
        ctx.ui["stack"].append({"dest": "note", "noteId": note_id, "new": True})
        ctx.ui["fields"] = {
            # (text, cursor, tracking, start, end) per field; the initial "" entry is emitted.
            "et_note_title": {"text": "", "cursor": 0, "start": 0},
            "et_note_body": {"text": "", "cursor": 0, "start": 0},
        }
        ctx.ui["history"] = {"et_note_title": [[0, 0, ""]], "et_note_body": [[0, 0, ""]]}

    def type_in(self, ctx: AppContext, field: str, text: str) -> None:
        state = ctx.ui["fields"][field]
        # Not tracking: the cursor flow stored the cursor as the start position; the change
        # turns tracking on and the cursor after it is the end position.
        start = state["cursor"]
        end = len(text)
        state.update(text=text, cursor=end)
        self.save_note(ctx)
        # emitNewTitleOnly / emitNewBodyOnly (both look into bodyHistory for duplicates).
        if all(entry[2] != text for entry in ctx.ui["history"]["et_note_body"]):
            ctx.ui["history"][field].append([start, end, text])
        self.filter_history(ctx, field)

    def filter_history(self, ctx: AppContext, field: str) -> None:
        """The collector of the field's history: distinctBy text, then the substring filter."""
        seen: set[str] = set()
        for first, second, text in ctx.ui["history"][field]:
            if text in seen:
                continue
            seen.add(text)
            # it.third.isNotBlank() -> it.third.substring(it.first, it.second)
            if text.strip() and (first < 0 or second > len(text) or first > second):
                raise JavaException(
                    "java.lang.StringIndexOutOfBoundsException",
                    f"String index out of range: {second - first}",
                    CRASH_FRAMES,
                )

    def save_note(self, ctx: AppContext) -> None:
        note_id = self.top(ctx)["noteId"]
        title = ctx.ui["fields"]["et_note_title"]["text"]
        body = ctx.ui["fields"]["et_note_body"]["text"]
        notes = [n for n in ctx.data["notes"] if n["id"] != note_id]
        if title or body:
            notes.append({"id": note_id, "folderId": -1, "title": title, "body": body})
        ctx.data["notes"] = notes

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui["sheets"]:
            self.close_sheet(ctx)
            return True
        if len(ctx.ui["stack"]) > 1:
            ctx.ui["stack"].pop()
            ctx.ui.pop("fields", None)
            return True
        return False

    def back_arrow(self, ctx: AppContext) -> None:
        self.on_back(ctx)

    def toast(self, ctx: AppContext, text: str) -> None:
        ctx.toast(text)

    # -- screens ----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = self.top(ctx)
        content = self.note_screen(ctx) if top["dest"] == "note" else self.folder_screen(ctx)
        windows: list[Window] = []
        for sheet in ctx.ui["sheets"]:
            windows.append(self.main_sheet(ctx) if sheet == "main" else self.whats_new_sheet())
        return Screen(content=content, windows=windows)

    def folder_screen(self, ctx: AppContext) -> View:
        notes = [n for n in ctx.data["notes"] if n["folderId"] == -1]
        title = w.linear_layout(
            [w.text_view("General", "tv_folder_title"), w.text_view("", "tv_folder_notes_count")],
            horizontal=True,
        )
        bar = w.toolbar(title, actions=[w.action_item("notes_view", "Notes view", None)], rid="tb")
        rows = [
            w.list_row(
                n["title"] or n["body"].split("\n")[0],
                n["body"] if n["title"] else "",
                title_rid="tv_note_title",
                subtitle_rid="tv_note_body",
                rid="ll",
            )
            for n in notes
        ] or [w.text_view("No notes found.", "tv_placeholder", height=300)]
        listing = w.list_view(rows, rid="rv", cls="com.airbnb.epoxy.EpoxyRecyclerView")
        bab = w.linear_layout(
            [
                w.nav_button("Folders", self.open_main_sheet),
                View(cls="android.view.View"),
                w.action_item("archive", "Archive", None),
                w.action_item("search", "Search", None),
                w.action_item("more", "Folder options", None),
            ],
            rid="bab",
            horizontal=True,
            height=168,
        )
        fab = w.fab("fab", "Create note", self.new_note)
        body = View(layout="frame", children=[listing, fab])
        return w.linear_layout([bar, body, bab], rid="cool")

    def note_screen(self, ctx: AppContext) -> View:
        fields = ctx.ui["fields"]
        body_text = fields["et_note_body"]["text"]
        title = w.linear_layout(
            [
                w.text_view("General", "tv_folder_title"),
                w.text_view(words(body_text), "tv_word_count"),
            ],
            horizontal=True,
        )
        bar = w.toolbar(title, navigation=w.nav_button("Back", self.back_arrow), rid="tb")
        editor = w.scroll_view(
            [
                w.linear_layout(
                    [
                        w.edit_text(
                            "et_note_title",
                            fields["et_note_title"]["text"],
                            lambda c, t: self.type_in(c, "et_note_title", t),
                            hint="Title",
                        ),
                        w.edit_text(
                            "et_note_body",
                            body_text,
                            lambda c, t: self.type_in(c, "et_note_body", t),
                            hint="Body",
                            extra={"multiline": True},
                            height=600,
                        ),
                        w.text_view("", "tv_created_at"),
                    ],
                    rid="ll",
                )
            ],
            rid="nsv",
        )
        if ctx.focus:
            icons = [
                w.image_button("ib_undo_history", "Undo history", None),
                w.image_button("ib_undo", "Undo", None),
                w.image_button("ib_redo", "Redo", None),
                w.image_button("ib_redo_history", "Redo history", None),
            ]
        else:
            icons = [
                w.action_item("add_reminder", "Add reminder", None),
                w.action_item("reading_mode", "Reading Mode", None),
                w.action_item("share_note", "Share with…", None),
                w.action_item("more", "Note options", None),
            ]
        bottom = w.linear_layout(
            icons, rid="bab_toolbar" if ctx.focus else "bab", horizontal=True, height=168
        )
        return w.linear_layout([bar, editor, bottom], rid="cool")

    def sheet_toolbar(self, title: str, extra: list[View] | None = None) -> View:
        return w.linear_layout(
            [
                View(cls="android.view.View", resource_id="v_head", height=30),
                w.text_view(title, "tv_dialog_title"),
                *(extra or []),
            ],
            rid="tb" if extra else "ll",
        )

    def whats_new_sheet(self) -> Window:
        release = w.linear_layout(
            [
                w.text_view("2.2.1", "tv_version"),
                w.text_view("", "tv_date"),
                View(cls="android.view.View", resource_id="divider", height=3),
                w.text_view(CHANGELOG_2_2_1, "tv_changelog", height=700),
            ],
            weight=0,
        )
        root = w.linear_layout(
            [
                self.sheet_toolbar("What's new"),
                w.list_view([release], rid="rv", cls="com.airbnb.epoxy.EpoxyRecyclerView"),
                w.button("btn_okay", "Okay", self.close_sheet),
            ],
            weight=0,
        )
        return Window(root=root, kind="sheet", on_dismiss=self.close_sheet)

    def main_sheet(self, ctx: AppContext) -> Window:
        def filtered(title: str) -> View:
            return View(
                cls="androidx.cardview.widget.CardView",
                resource_id="cv",
                on_click=w.bind(self.toast, title),
                height=200,
                children=[w.text_view(title, "tv_title")],
            )

        header = w.linear_layout(
            [
                w.linear_layout([filtered("All"), filtered("Recent")], horizontal=True, weight=0),
                w.linear_layout(
                    [filtered("Scheduled"), filtered("Archived")], horizontal=True, weight=0
                ),
            ],
            weight=0,
        )
        general = w.linear_layout(
            [
                w.image_view("iv_folder_icon", "General", width=126),
                w.text_view("General", "tv_folder_title"),
                w.image_button("ib_folder_handle", "Drag", None, width=126),
            ],
            rid="ll",
            horizontal=True,
            height=168,
            on_click=self.choose_general,
        )
        bar = w.linear_layout(
            [
                w.text_view("Noto", "tv_dialog_title"),
                w.image_button("ib_sorting", "Folders view", None, width=126),
                w.image_button("ib_settings", "Settings", None, width=126),
                w.image_button("ib_more", "More options", None, width=126),
            ],
            rid="tb",
            horizontal=True,
            height=147,
        )
        listing = w.list_view([header, general], rid="rv", cls="com.airbnb.epoxy.EpoxyRecyclerView")
        fab = w.fab("fab", "Create folder", w.bind(self.toast, "Create folder"))
        root = w.linear_layout(
            [bar, View(layout="frame", height=900, children=[listing, fab])], weight=0
        )
        return Window(root=root, kind="sheet", on_dismiss=self.close_sheet)


_OPEN_EDITOR = [
    click(PACKAGE, "btn_okay", "Okay"),
    click(PACKAGE, text="General"),
    click(PACKAGE, "fab", desc="Create note"),
]

WRONG_SEQUENCES = {
    "Noto#175": [
        # Text typed, then more text added: the cursor only moved forward.
        [
            *_OPEN_EDITOR,
            input_text(PACKAGE, "et_note_body", "Shopping list"),
            input_text(PACKAGE, "et_note_body", "Shopping list milk"),
        ],
        # Text typed, then the field cleared entirely: the blank entry is skipped.
        [
            *_OPEN_EDITOR,
            input_text(PACKAGE, "et_note_body", "Shopping list"),
            input_text(PACKAGE, "et_note_body", ""),
        ],
        # Text typed and the note left with Back, no deletion.
        [
            *_OPEN_EDITOR,
            input_text(PACKAGE, "et_note_body", "Shopping list"),
            {"kind": "press_back"},
        ],
        # Only a title typed, no deletion.
        [
            *_OPEN_EDITOR,
            input_text(PACKAGE, "et_note_title", "Groceries"),
        ],
    ],
}
