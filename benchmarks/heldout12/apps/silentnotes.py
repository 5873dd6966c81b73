"""SilentNotes 8.0.2 (ch.martinstoeckli.silentnotes), a .NET MAUI app whose whole UI is a Blazor
page (MudBlazor components) in a BlazorWebView, modelled from the sources at commit
4359616 ("Version 8.0.2", github.com/martinstoeckli/SilentNotes), the release before the fix
8a6dcee ("Fixes the problem, that sometimes user changes on notes are not stored").

Bug SilentNotes#261 (non-crash). ``RepositoryStorageServiceBase`` keeps the loaded note
repository in ``_cachedRepository``; ``NotePage`` edits the ``NoteModel`` instance it took from
that repository when it was opened. When the activity stops (Home), ``OnPause`` first stores the
open note (``StoreUnsavedDataMessage``), then ``OnStop`` calls
``SynchronizationService.AutoSynchronizeAtShutdown``: with the default auto-sync mode
(``CostFreeInternetOnly``) on a free (Wi-Fi) connection, and a repository fingerprint different
from ``LastSynchronizationFingerprint`` (still 0: with no cloud storage set the startup sync
returns no result), it calls ``repositoryStorageService.ClearCache()`` and enqueues a
WorkManager job. Back in the app the note page still holds the old ``NoteModel``; when it stores
its changes (``NoteViewModel.OnStoringUnsavedData``) it writes the new content into that old
instance, then loads the repository (a new instance read from the file) and saves that one, so
the changes never reach the file or the overview. The fix looks the note up in the freshly
loaded repository and clones the content into it.

Modelled: the overview (``NoteRepositoryPage``: app bar with the tag-filter, filter field, sync
and overflow buttons; the three welcome notes a fresh install creates; the add FAB and its menu),
the note page (``NotePage``: Back, the format buttons shown at phone width, the ProseMirror
editor ``myeditor`` and the tag field), the overflow menu of the overview, and the Android
lifecycle (``OnPause``/``OnStop``/``OnResume``). The repository cache is process memory
(``ctx.memory``): each load from the file makes a new instance, so the model keeps instances by
number, as object identity works in .NET. Notes are kept as the plain text the editor shows (the
app keeps HTML). Stubbed: every overflow-menu target (recycle bin, export, safe, transfer code,
settings, information) is a small page with Back; the tag drawer, note overflow menu, search bar,
colour palette and checklists are left out; the shutdown WorkManager sync does nothing (no cloud
storage is configured on a fresh install). The device is assumed to be on a cost-free (Wi-Fi)
connection, as an emulator is.

Uncertain: the WebView's accessibility tree is an approximation of what Chromium exposes (buttons
named by their ``title`` as text, HTML ids as resource ids, the editor as an EditText); the
activity's real Java name is MAUI's generated ``crc64<hash>.MainActivity`` (modelled as
``.MainActivity``). The oracle's ground truth is ``data["closed_edits"]``, a record the model keeps
of the text each note had when the user last closed it after editing.
"""

from __future__ import annotations

import copy
import zlib
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "ch.martinstoeckli.silentnotes"
MAIN = ".MainActivity"
EDITOR_BOUNDS = [0, 210, 1080, 1410]  # the ProseMirror editor of the note page (no id)

WELCOME_NOTES = [
    {
        "id": "n1",
        "text": "Welcome 💛\nSilentNotes respects your privacy. It doesn't collect personal data, "
        "runs free of ads and is open source.",
        "color": "#fbf4c1",
        "tags": [],
        "type": "text",
    },
    {
        "id": "n2",
        "text": "Ordering notes\nDrag the double-arrow icon on a note to change the order.",
        "color": "#d9f8c8",
        "tags": [],
        "type": "text",
    },
    {
        "id": "n3",
        "text": "Password protection\nOpen the safe and use the lock icon to protect a note.",
        "color": "#d0f8f9",
        "tags": ["Security"],
        "type": "checklist",
    },
]

OVERFLOW_ITEMS = [
    "Create new note",
    "Create new checklist",
    "Open recycle bin",
    "Export notes",
    "Open safe",
    "Change safe password",
    "Show transfer code",
    "Settings",
    "Information",
]
STUB_PAGES = {
    "Open recycle bin": "Recycle bin",
    "Export notes": "Export notes",
    "Open safe": "Open safe",
    "Show transfer code": "Transfer code",
    "Settings": "Settings",
    "Information": "Information",
}


def changes_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of SilentNotes#261: a note the user edited and then closed is stored with
    other text than the text it had when it was closed."""
    stored = {n["id"]: n["text"] for n in data["repository"]["notes"]}
    return any(
        note_id in stored and stored[note_id] != text
        for note_id, text in data.get("closed_edits", {}).items()
    )


def web_button(title: str, handler: Any, **kw: Any) -> View:
    """A MudIconButton as Chromium exposes it: a Button named by its ``title``."""
    return View(
        cls="android.widget.Button", text=title, on_click=handler, width=126, height=126, **kw
    )


class SilentNotes(VirtualApp):
    """SilentNotes 8.0.2: the overview and the note page of the Blazor UI."""

    name: ClassVar[str] = "SilentNotes"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "SilentNotes"
    version: ClassVar[str] = "8.0.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "SilentNotes#261",
            "non-crash",
            "Note changes are not stored",
            changes_lost,
            human_steps=(
                click(PACKAGE, text="Welcome 💛"),
                {"kind": "leave_and_return"},
                input_text(PACKAGE, "", "Welcome 💛\nMy first change", bounds=EDITOR_BOUNDS),
                click(PACKAGE, text="Back", cls="android.widget.Button"),
            ),
        ),
    )

    # -- storage ---------------------------------------------------------------------------
    def initial_data(self) -> dict[str, Any]:
        # The file the app creates on its first start (AddWelcomeNote).
        return {
            "repository": {"revision": 7, "notes": copy.deepcopy(WELCOME_NOTES)},
            "settings": {"auto_sync_mode": "CostFreeInternetOnly", "cloud_storage": None},
            "closed_edits": {},
        }

    def load_repository(self, ctx: AppContext) -> str:
        """LoadRepositoryOrDefault: the cached instance, else a new one read from the file."""
        mem = ctx.memory
        mem.setdefault("repos", {})
        cached = mem.get("cached")
        if cached is not None and cached in mem["repos"]:
            return str(cached)
        number = str(mem.get("next", 0) + 1)
        mem["next"] = int(number)
        mem["repos"][number] = copy.deepcopy(ctx.data["repository"]["notes"])
        mem["cached"] = number
        return number

    def save_repository(self, ctx: AppContext, instance: str) -> None:
        """TrySaveRepository: writes that instance to the file and caches it."""
        ctx.data["repository"]["notes"] = copy.deepcopy(ctx.memory["repos"][instance])
        ctx.memory["cached"] = instance

    def clear_cache(self, ctx: AppContext) -> None:
        ctx.memory["cached"] = None

    def notes_of(self, ctx: AppContext, instance: str | None) -> list[dict[str, Any]]:
        repos = ctx.memory.get("repos", {})
        if instance is not None and instance in repos:
            return list(repos[instance])
        return list(ctx.data["repository"]["notes"])

    # -- navigation ------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if "page" not in ctx.ui:
            self.show_overview(ctx)

    def show_overview(self, ctx: AppContext) -> None:
        ctx.ui.clear()
        ctx.ui.update(page="overview", instance=self.load_repository(ctx), menu=None)

    def open_note(self, ctx: AppContext, note_id: str) -> None:
        instance = self.load_repository(ctx)
        note = next(n for n in ctx.memory["repos"][instance] if n["id"] == note_id)
        ctx.ui.clear()
        ctx.ui.update(
            page="note",
            note_id=note_id,
            instance=instance,
            text=note["text"],
            memorized=note["text"],
            opened_with=note["text"],
        )

    def new_note(self, ctx: AppContext, kind: str) -> None:
        instance = self.load_repository(ctx)
        notes = ctx.memory["repos"][instance]
        note_id = f"n{ctx.memory.get('next', 0) * 100 + len(notes) + 1}"
        notes.insert(0, {"id": note_id, "text": "", "color": "#fbf4c1", "tags": [], "type": kind})
        self.save_repository(ctx, instance)
        self.open_note(ctx, note_id)

    def store_unsaved(self, ctx: AppContext) -> None:
        """NoteViewModel.OnStoringUnsavedData of 8.0.2."""
        if ctx.ui.get("page") != "note" or ctx.ui["text"] == ctx.ui["memorized"]:
            return
        # The open NoteModel is the one of the repository instance the page was opened with.
        model = next(
            (
                n
                for n in ctx.memory.get("repos", {}).get(ctx.ui["instance"], [])
                if n["id"] == ctx.ui["note_id"]
            ),
            None,
        )
        if model is not None:
            model["text"] = ctx.ui["text"]
        # The bug: the repository loaded now may be another instance than the note's.
        current = self.load_repository(ctx)
        self.save_repository(ctx, current)
        ctx.ui["memorized"] = ctx.ui["text"]

    def close_note(self, ctx: AppContext) -> None:
        edited = ctx.ui["text"] != ctx.ui["opened_with"]
        note_id, text = ctx.ui["note_id"], ctx.ui["text"]
        self.store_unsaved(ctx)
        if edited:
            ctx.data.setdefault("closed_edits", {})[note_id] = text
        self.show_overview(ctx)

    def type_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["text"] = text

    def type_tag(self, ctx: AppContext, text: str) -> None:
        ctx.ui["tag"] = text

    def menu_action(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = None
        if title == "Create new note":
            self.new_note(ctx, "text")
        elif title == "Create new checklist":
            self.new_note(ctx, "checklist")
        elif title in STUB_PAGES:
            ctx.ui.clear()
            ctx.ui.update(page="stub", title=STUB_PAGES[title])

    def set_menu(self, ctx: AppContext, menu: str | None) -> None:
        ctx.ui["menu"] = menu

    def set_filter(self, ctx: AppContext, text: str) -> None:
        ctx.ui["filter"] = text

    # -- lifecycle -------------------------------------------------------------------------
    def on_back(self, ctx: AppContext) -> bool:
        page = ctx.ui.get("page")
        if page == "overview" and ctx.ui.get("menu"):
            ctx.ui["menu"] = None
            return True
        if page == "note":
            self.close_note(ctx)
            return True
        if page == "stub":
            self.show_overview(ctx)
            return True
        return False  # BackRoute is null on the overview: the app closes

    def on_activity_stop(self, ctx: AppContext) -> None:
        # OnPause: StoreUnsavedDataMessage.
        self.store_unsaved(ctx)
        # OnStop: SynchronizationService.AutoSynchronizeAtShutdown.
        settings = ctx.data["settings"]
        if settings["auto_sync_mode"] == "Never":
            return
        last_fingerprint = ctx.memory.get("last_sync_fingerprint", 0)
        if last_fingerprint != self.fingerprint(ctx):
            self.clear_cache(ctx)  # "Force a reload at next startup"

    def fingerprint(self, ctx: AppContext) -> int:
        notes = self.notes_of(ctx, ctx.memory.get("cached"))
        return zlib.crc32(repr(notes).encode()) or 1

    # -- screens ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        page = ctx.ui.get("page", "overview")
        if page == "note":
            return self.note_page(ctx)
        if page == "stub":
            return self.stub_page(ctx)
        return self.overview(ctx)

    def web_bar(self, children: list[View]) -> View:
        """A MudAppBar: a header landmark of buttons, left to right."""
        return View(cls="android.view.View", layout="horizontal", height=147, children=children)

    def web_root(self, children: list[View]) -> View:
        web = View(cls="android.webkit.WebView", text="SilentNotes", children=children)
        return w.frame_layout([web])

    def overview(self, ctx: AppContext) -> Screen:
        app_bar = self.web_bar(
            [
                View(cls="android.view.View"),
                web_button("", lambda c: None),
                w.edit_text("", ctx.ui.get("filter", ""), self.set_filter, width=500),
                web_button("Synchronizes notes with the cloud", lambda c: None),
                web_button("", w.bind(self.set_menu, "overflow")),
            ]
        )
        wanted = ctx.ui.get("filter", "").lower()
        rows = [
            View(
                cls="android.view.View",
                height=380,
                on_click=w.bind(self.open_note, note["id"]),
                children=[
                    w.text_view(line, height=110) for line in note["text"].split("\n")[:3] if line
                ]
                + [web_button("", lambda c: None), web_button("", lambda c: None)],
            )
            for note in self.notes_of(ctx, ctx.ui.get("instance"))
            if wanted in note["text"].lower()
        ]
        listing = w.list_view(rows, rid="note-repository", scroll_key="scroll")
        content = View(cls="android.view.View", resource_id="content", children=[listing])
        fab = w.fab("", "", w.bind(self.set_menu, "fab"), cls="android.widget.Button")
        body = View(layout="frame", children=[content, fab])
        windows: list[Window] = []
        menu = ctx.ui.get("menu")
        if menu == "overflow":
            windows.append(
                w.menu_window(
                    [(t, w.bind(self.menu_action, t)) for t in OVERFLOW_ITEMS],
                    w.bind(self.set_menu, None),
                )
            )
        elif menu == "fab":
            windows.append(
                w.menu_window(
                    [(t, w.bind(self.menu_action, t)) for t in OVERFLOW_ITEMS[:2]],
                    w.bind(self.set_menu, None),
                )
            )
        return Screen(content=self.web_root([app_bar, body]), windows=windows)

    def note_page(self, ctx: AppContext) -> Screen:
        app_bar = self.web_bar(
            [
                web_button("Back", self.close_note),
                View(cls="android.view.View"),
                web_button("Bold", lambda c: None),
                web_button("Italic", lambda c: None),
                web_button("Undo", lambda c: None),
                web_button("Redo", lambda c: None),
                web_button("Shopping mode", lambda c: None),
                web_button("Search", lambda c: None),
                web_button("", lambda c: None),
            ]
        )
        editor = View(
            cls="android.view.View",
            resource_id="myeditor",
            children=[
                w.edit_text(
                    "", ctx.ui["text"], self.type_text, extra={"multiline": True}, height=1200
                )
            ],
        )
        note: dict[str, Any] = next(
            (n for n in self.notes_of(ctx, ctx.ui["instance"]) if n["id"] == ctx.ui["note_id"]),
            {"tags": []},
        )
        tags = View(
            cls="android.view.View",
            resource_id="tag-container",
            layout="horizontal",
            height=170,
            children=[
                w.edit_text("", ctx.ui.get("tag", ""), self.type_tag, hint="Add tag", width=480)
            ]
            + [w.text_view(tag, width=300) for tag in note["tags"]],
        )
        content = View(cls="android.view.View", resource_id="content", children=[editor, tags])
        return Screen(content=self.web_root([app_bar, content]))

    def stub_page(self, ctx: AppContext) -> Screen:
        app_bar = self.web_bar(
            [web_button("Back", self.show_overview), w.text_view(ctx.ui["title"], height=147)]
        )
        return Screen(content=self.web_root([app_bar, View(cls="android.view.View")]))


WRONG_SEQUENCES = {
    "SilentNotes#261": [
        # Edited and closed without leaving the app: stored.
        [
            click(PACKAGE, text="Welcome 💛"),
            input_text(PACKAGE, "", "Welcome 💛\nMy first change", bounds=EDITOR_BOUNDS),
            click(PACKAGE, text="Back", cls="android.widget.Button"),
        ],
        # Left and came back on the overview, then edited: the page holds the new instance.
        [
            {"kind": "leave_and_return"},
            click(PACKAGE, text="Welcome 💛"),
            input_text(PACKAGE, "", "Welcome 💛\nMy first change", bounds=EDITOR_BOUNDS),
            click(PACKAGE, text="Back", cls="android.widget.Button"),
        ],
        # Edited before leaving (stored on pause), closed without further edits.
        [
            click(PACKAGE, text="Welcome 💛"),
            input_text(PACKAGE, "", "Welcome 💛\nMy first change", bounds=EDITOR_BOUNDS),
            {"kind": "leave_and_return"},
            click(PACKAGE, text="Back", cls="android.widget.Button"),
        ],
        # Left and came back with the note open, closed without editing.
        [
            click(PACKAGE, text="Welcome 💛"),
            {"kind": "leave_and_return"},
            click(PACKAGE, text="Back", cls="android.widget.Button"),
        ],
    ],
}
