"""A small notes app for the virtual device's own tests (loaded through ``app_dir``).

Screens: a list of notes (toolbar overflow menu, scrollable list, FAB, long-click context menu,
delete confirmation dialog), an editor (title field, "Pinned" check box, attach-photo button
asking for the camera permission, Save). Modelled bugs:

- ``Notes#1`` (crash): saving a note with an empty title throws
  ``StringIndexOutOfBoundsException`` (the title's first letter is read for the list avatar);
- ``Notes#2`` (non-crash): rotating the editor loses the typed draft (``save_instance_state``
  forgets it);
- ``Notes#3`` (ANR): "Sync now" in the overflow menu blocks the main thread.
"""

from __future__ import annotations

from typing import Any

from device_agent.virtual.app import AppNotResponding, BugSpec, JavaException, VirtualApp
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

MAIN = ".MainActivity"
EDITOR = ".EditorActivity"
CAMERA = "android.permission.CAMERA"


def _crashed_with(exception: str):  # type: ignore[no-untyped-def]
    def oracle(data: dict[str, Any], system: dict[str, Any]) -> bool:
        return any(c["exception"] == exception for c in system["crashes"])

    return oracle


class NotesApp(VirtualApp):
    name = "Notes"
    package = "org.example.notes"
    label = "Notes"
    version = "1.0"
    launch_activity = MAIN
    bugs = (
        BugSpec(
            "Notes#1",
            "crash",
            "Crash when saving a note without a title",
            _crashed_with("java.lang.StringIndexOutOfBoundsException"),
            human_steps=(
                {"kind": "click", "target": {"resource_id": "org.example.notes:id/fab"}},
                {"kind": "click", "target": {"text": "Save"}},
            ),
        ),
        BugSpec(
            "Notes#2",
            "non-crash",
            "Draft lost when rotating the editor",
            lambda data, system: data.get("drafts_lost", 0) > 0,
        ),
        BugSpec(
            "Notes#3",
            "non-crash",
            "App hangs on Sync now",
            lambda data, system: bool(system["anrs"]),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        titles = [
            "Shopping list", "Meeting notes", "Ideas", "Books to read", "Recipes", "Travel plans",
            "Workout", "Gift ideas", "Passwords hint", "Garden", "Movies", "Quotes",
        ]  # fmt: skip
        return {"notes": [{"title": t, "pinned": False} for t in titles], "drafts_lost": 0}

    # -- lifecycle ----------------------------------------------------------------------------
    def on_create(self, ctx: Any) -> None:
        if ctx.activity == EDITOR:
            ctx.ui.setdefault("draft", ctx.extras.get("title", ""))
            ctx.ui.setdefault("pinned", False)

    def save_instance_state(self, ctx: Any) -> dict[str, Any]:
        kept = dict(ctx.ui)
        if ctx.activity == EDITOR and kept.pop("draft", ""):
            ctx.data["drafts_lost"] += 1  # the bug: the draft is not saved
        return kept

    def on_back(self, ctx: Any) -> bool:
        if ctx.ui.get("selection_mode"):
            ctx.ui["selection_mode"] = False
            return True
        return False

    def on_key(self, ctx: Any, key: str) -> bool:
        if ctx.activity == EDITOR and key == "enter" and ctx.focus == "title":
            self._save(ctx)
            return True
        return False

    def on_swipe(self, ctx: Any, direction: str) -> bool:
        if ctx.activity == MAIN and direction == "down":
            ctx.toast("Refreshed")
            return True
        return False

    def on_permission_result(self, ctx: Any, permission: str, granted: bool) -> None:
        ctx.toast("Camera ready" if granted else "Camera permission denied")

    # -- rendering ----------------------------------------------------------------------------
    def render(self, ctx: Any) -> Screen:
        if ctx.activity == EDITOR:
            return self._editor(ctx)
        return self._main(ctx)

    def _main(self, ctx: Any) -> Screen:
        rows = []
        for i, note in enumerate(ctx.data["notes"]):
            rows.append(
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="note_row",
                    layout=HORIZONTAL,
                    height=168,
                    on_click=lambda c, i=i: self._open(c, i),
                    on_long_click=lambda c, i=i: c.ui.update(menu_for=i),
                    children=[
                        View(
                            cls="android.widget.TextView",
                            resource_id="note_title",
                            text=note["title"],
                        ),
                        View(
                            cls="android.widget.TextView",
                            resource_id="note_pin",
                            text="Pinned" if note["pinned"] else "",
                            width=200,
                            style="dim",
                        ),
                    ],
                )
            )
        toolbar = View(
            cls="android.widget.LinearLayout",
            layout=HORIZONTAL,
            height=147,
            style="toolbar",
            children=[
                View(
                    cls="android.widget.TextView",
                    text="Notes",
                    resource_id="title",
                    style="toolbar",
                ),
                View(
                    cls="android.widget.ImageButton",
                    content_desc="Search",
                    on_click=lambda c: c.toast("Search is not available"),
                ),
                View(
                    cls="android.widget.ImageView",
                    content_desc="More options",
                    on_click=lambda c: c.ui.update(overflow=True),
                ),
            ],
        )
        notes_list = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="notes_list",
            scrollable=True,
            scroll_key="scroll",
            children=rows,
        )
        body = View(
            cls="android.widget.FrameLayout",
            layout=FRAME,
            children=[
                notes_list,
                View(
                    cls="android.widget.ImageButton",
                    resource_id="fab",
                    content_desc="New note",
                    width=168,
                    height=168,
                    gravity="bottom_end",
                    style="fab",
                    on_click=lambda c: c.start_activity(EDITOR),
                ),
            ],
        )
        content = View(cls="android.widget.LinearLayout", children=[toolbar, body])
        windows = []
        if ctx.ui.get("overflow"):
            windows.append(self._overflow(ctx))
        if ctx.ui.get("menu_for") is not None:
            windows.append(self._context_menu(ctx, int(ctx.ui["menu_for"])))
        if ctx.ui.get("confirm_delete") is not None:
            windows.append(self._confirm(ctx, int(ctx.ui["confirm_delete"])))
        return Screen(content=content, windows=windows)

    def _overflow(self, ctx: Any) -> Window:
        def item(text: str, handler: Any) -> View:
            return View(
                cls="android.widget.TextView",
                resource_id="title",
                text=text,
                height=126,
                on_click=handler,
            )

        def sync(c: Any) -> None:
            c.ui["overflow"] = False
            raise AppNotResponding("Input dispatching timed out (Waiting to send non-key event)")

        def settings(c: Any) -> None:
            c.ui["overflow"] = False
            c.toast("Settings")

        return Window(
            root=View(
                cls="android.widget.ListView",
                children=[item("Sync now", sync), item("Settings", settings)],
                weight=0,
            ),
            kind="menu",
            on_dismiss=lambda c: c.ui.update(overflow=False),
        )

    def _context_menu(self, ctx: Any, index: int) -> Window:
        def delete(c: Any) -> None:
            c.ui["menu_for"] = None
            c.ui["confirm_delete"] = index

        def pin(c: Any) -> None:
            c.ui["menu_for"] = None
            note = c.data["notes"][index]
            note["pinned"] = not note["pinned"]

        title = ctx.data["notes"][index]["title"]
        return Window(
            root=View(
                cls="android.widget.LinearLayout",
                weight=0,
                children=[
                    View(
                        cls="android.widget.TextView", text=title, style="dialog_title", height=150
                    ),
                    View(cls="android.widget.TextView", text="Pin", height=140, on_click=pin),
                    View(cls="android.widget.TextView", text="Delete", height=140, on_click=delete),
                ],
            ),
            kind="dialog",
            on_dismiss=lambda c: c.ui.update(menu_for=None),
        )

    def _confirm(self, ctx: Any, index: int) -> Window:
        def yes(c: Any) -> None:
            del c.data["notes"][index]
            c.ui["confirm_delete"] = None
            c.toast("Note deleted")

        def no(c: Any) -> None:
            c.ui["confirm_delete"] = None

        title = ctx.data["notes"][index]["title"]

        return Window(
            root=View(
                cls="android.widget.LinearLayout",
                weight=0,
                padding=20,
                children=[
                    View(
                        cls="android.widget.TextView",
                        text="Delete this note?",
                        style="dialog_title",
                        height=150,
                    ),
                    View(
                        cls="android.widget.TextView",
                        resource_id="android:id/message",
                        text=f'"{title}" will be deleted & can\'t be restored.',
                    ),
                    View(
                        cls="android.widget.LinearLayout",
                        layout=HORIZONTAL,
                        height=140,
                        children=[
                            View(
                                cls="android.widget.Button",
                                text="Cancel",
                                resource_id="android:id/button2",
                                on_click=no,
                                style="text",
                            ),
                            View(
                                cls="android.widget.Button",
                                text="Delete",
                                resource_id="android:id/button1",
                                on_click=yes,
                                style="text",
                            ),
                        ],
                    ),
                ],
            ),
            kind="dialog",
            cancelable=False,
        )

    def _editor(self, ctx: Any) -> Screen:
        def typed(c: Any, text: str) -> None:
            c.ui["draft"] = text

        content = View(
            cls="android.widget.LinearLayout",
            padding=16,
            children=[
                View(
                    cls="android.widget.EditText",
                    resource_id="title",
                    text=ctx.ui.get("draft", ""),
                    hint="Title",
                    on_text=typed,
                ),
                View(
                    cls="android.widget.EditText",
                    resource_id="body",
                    text=ctx.ui.get("body", ""),
                    hint="Note",
                    on_text=lambda c, t: c.ui.update(body=t),
                    extra={"multiline": True},
                    height=400,
                ),
                View(
                    cls="android.widget.CheckBox",
                    resource_id="pinned",
                    text="Pinned",
                    checked=bool(ctx.ui.get("pinned")),
                    on_click=lambda c: c.ui.update(pinned=not c.ui.get("pinned")),
                ),
                View(
                    cls="android.widget.Button",
                    resource_id="attach",
                    text="Attach photo",
                    on_click=lambda c: c.request_permission(CAMERA),
                ),
                View(
                    cls="android.widget.Button",
                    resource_id="save",
                    text="Save",
                    on_click=self._save,
                ),
                View(cls="android.widget.FrameLayout"),
            ],
        )
        return Screen(content=content, title="Edit note")

    # -- actions ------------------------------------------------------------------------------
    def _open(self, ctx: Any, index: int) -> None:
        ctx.start_activity(EDITOR, {"index": index, "title": ctx.data["notes"][index]["title"]})

    def _save(self, ctx: Any) -> None:
        title = ctx.ui.get("draft", "")
        if not title:
            raise JavaException(
                "java.lang.StringIndexOutOfBoundsException",
                "length=0; index=0",
                frames=[
                    "java.lang.String.charAt(String.java:58)",
                    "org.example.notes.NoteAvatar.letter(NoteAvatar.java:21)",
                    "org.example.notes.EditorActivity.save(EditorActivity.java:88)",
                    "org.example.notes.EditorActivity.lambda$onCreate$0(EditorActivity.java:40)",
                    "android.view.View.performClick(View.java:7448)",
                ],
            )
        note = {"title": title, "pinned": bool(ctx.ui.get("pinned"))}
        index = ctx.extras.get("index")
        if index is None:
            ctx.data["notes"].insert(0, note)
        else:
            ctx.data["notes"][int(index)] = note
        ctx.toast("Saved")
        ctx.finish()
