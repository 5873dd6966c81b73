"""Book's Story 1.7.1 (``ua.acclorite.book_story``), an e-book reader, with bug book-story#237.

Sources read: Acclorite/book-story at 6878ecac^ (``versionName "1.7.1"``, versionCode 13), the
parent of 6878ecac "fix(reader): incorrect scroll position" (Resolves: #237).

book-story#237 (non-crash): the reader keeps its place in a book two ways. Leaving the reader
(Go back, Back: ``ReaderEvent.OnLeave``) stores the list's exact ``firstVisibleItemIndex`` and
``firstVisibleItemScrollOffset``. While reading, ``ReaderModel.updateProgress`` collects the
list position (debounced 300 ms) and stores it, but first does
``if (progress == _state.value.book.progress) return@collectLatest``, where ``progress`` is
``firstVisibleItemIndex / text.lastIndex`` (0 at the top, 1 once the last item shows). A scroll
that stays inside one paragraph (only the offset changes) or near the end (progress stays 1)
is never stored. So when the app is closed from the reader (its process killed) the book
reopens at an older place; after going back to the Library first it reopens right. The fix
drops that early return.

The model: Book's Story is a Jetpack Compose app (one ``.MainActivity``); Compose nodes have no
resource ids; texts dump as TextViews, icon buttons as Buttons with their content description,
clickable rows as Views. First run: the Start screen ("Language preferences" (English),
"Theme preferences", "Scan preferences" with "Add folder"; "Next"), then "Everything is done!"
with "No" (to Browse) / "Yes, go to Help". "Add folder" opens DocumentsUI's folder picker
(Download, holding the fixed book file "alice.txt"; "USE THIS FOLDER", then the system's
"Allow" dialog). Browse lists the folder's files (a tap selects; the bar then shows
"1 selected", "Add files" opens "Add books?" with OK/Cancel, OK adds and goes to the Library).
The Library grid shows the book (progress "0.0%", "Continue reading"); the reader shows the
book's paragraphs under a top bar (Go back, title, Chapters, Reader settings). The reader's
list is scrolled by the model (a swipe moves 1200 px), so it can run ``updateProgress`` after
each scroll. The bottom bar Library / History / Browse / Settings; History, Settings, Help and
Book info are stubs (title and Go back).

The book is fixed data: "Alice's Adventures in Wonderland" (public domain), chapter I as
paragraphs of fixed heights (the long ones taller than the screen). Uncertain: DocumentsUI's
exact ids and texts (Android version dependent), the Start screen's theme rows.

The oracle reads ``data``: when the reader opens a book it compares the stored place with where
the reader last showed it (``left_at``, the live place mirrored on every scroll and on leave);
``reopened_elsewhere`` is set when they differ.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import target
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "ua.acclorite.book_story"
MAIN = ".MainActivity"
PICKER = ".DocumentsUi"  # the system's folder picker (DocumentsUI), started for a result
TITLE = "Alice's Adventures in Wonderland"
FILE = "alice.txt"
# Paragraph lengths (characters) of the fixed text: title lines, then chapter I.
LENGTHS = (40, 30, 2600, 900, 3200, 700, 1500, 2400, 400, 1800, 2200, 600, 3000, 1200)
SCROLL_PX = 1200
VIEWPORT = 1500  # the reader's text area height (px) between its bars
NAV = ("Library", "History", "Browse", "Settings")


def _height(index: int) -> int:
    """A paragraph's height: 42 characters a line, 63 px a line, 40 px of padding."""
    lines = -(-LENGTHS[index] // 42)
    return lines * 63 + 40


def _paragraph(index: int) -> str:
    if index == 0:
        return TITLE
    if index == 1:
        return "CHAPTER I. Down the Rabbit-Hole"
    return f"Paragraph {index - 1} of chapter I ({LENGTHS[index]} characters)."


def _scroll(pos: list[int], delta: int) -> list[int]:
    """The list position ``[index, offset]`` after scrolling ``delta`` px (clamped)."""
    total = sum(_height(i) for i in range(len(LENGTHS)))
    absolute = sum(_height(i) for i in range(pos[0])) + pos[1] + delta
    absolute = max(0, min(absolute, total - VIEWPORT))
    index = 0
    while absolute >= _height(index):
        absolute -= _height(index)
        index += 1
    return [index, absolute]


def _progress(pos: list[int]) -> float:
    """ReaderModel.calculateProgress: 0 at the top, 1 when the last item shows, else
    index / lastIndex."""
    last = len(LENGTHS) - 1
    if pos[0] == 0:
        return 0.0
    bottom = sum(_height(i) for i in range(pos[0])) + pos[1] + VIEWPORT
    if bottom > sum(_height(i) for i in range(last)):
        return 1.0
    return pos[0] / last


def _oracle_237(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return bool(data.get("reopened_elsewhere"))


def _t(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return target(PACKAGE, "", text, desc, cls)


def _tap(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return {"kind": "click", "target": _t(text, desc, cls)}


NEXT = _tap("Next", cls="android.widget.Button")
SETUP = (
    NEXT,
    NEXT,
    _tap("Add folder", cls="android.widget.Button"),
    _tap("USE THIS FOLDER", cls="android.widget.Button"),
    {"kind": "click", "target": target(PACKAGE, "android:id/button1", "ALLOW")},
    NEXT,
    _tap("No", cls="android.widget.Button"),
    _tap(FILE, cls="android.view.View"),
    _tap(desc="Add files", cls="android.widget.Button"),
    _tap("OK", cls="android.widget.Button"),
    _tap(desc="Continue reading", cls="android.widget.Button"),
)
SWIPE = {"kind": "swipe", "direction": "up"}
REOPEN = _tap(desc="Continue reading", cls="android.widget.Button")

BUG_237 = BugSpec(
    "book-story#237",
    "non-crash",
    "Scroll position not saved correctly",
    _oracle_237,
    human_steps=(*SETUP, SWIPE, SWIPE, {"kind": "restart_app"}, REOPEN),
)

WRONG_SEQUENCES = {
    "book-story#237": [
        # Back to the Library first: OnLeave stores the exact place.
        [
            *SETUP,
            SWIPE,
            SWIPE,
            _tap(desc="Go back", cls="android.widget.Button"),
            {"kind": "restart_app"},
            REOPEN,
        ],
        # One scroll only: it moved to another paragraph, so it was stored.
        [*SETUP, SWIPE, {"kind": "restart_app"}, REOPEN],
        # Closed from the reader but the book not opened again.
        [*SETUP, SWIPE, SWIPE, {"kind": "restart_app"}],
        # Scrolled down and back up to the stored place before closing.
        [
            *SETUP,
            SWIPE,
            SWIPE,
            {"kind": "swipe", "direction": "down"},
            {"kind": "restart_app"},
            REOPEN,
        ],
    ]
}


class BookStory(VirtualApp):
    """Book's Story 1.7.1 (see the module docstring)."""

    name: ClassVar[str] = "book-story"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Book's Story"
    version: ClassVar[str] = "1.7.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_237,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_launch": True,
            "folders": [],  # persisted tree URI permissions
            "books": [],  # id, title, path, progress, scroll_index, scroll_offset
            "left_at": None,
            "reopened_elsewhere": False,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == PICKER or "screen" in ui:
            return
        ui.update(screen="start" if ctx.data["first_launch"] else "library", page=0)
        ui.update(selected=[], dialog=None, book=None, pos=[0, 0], back=[])

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == PICKER:
            return False
        if ui["dialog"]:
            ui["dialog"] = None
            return True
        if ui["screen"] == "reader":
            self._leave_reader(ctx)
            return True
        if ui["screen"] == "browse" and ui["selected"]:
            ui["selected"] = []
            return True
        if ui["screen"] == "start" and ui["page"] > 0:
            ui["page"] -= 1
            return True
        if ui["back"]:
            ui["screen"] = ui["back"].pop()
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        ui = ctx.ui
        if ctx.activity != MAIN or ui["screen"] != "reader" or direction not in ("up", "down"):
            return False
        ui["pos"] = _scroll(ui["pos"], SCROLL_PX if direction == "up" else -SCROLL_PX)
        ctx.data["left_at"] = list(ui["pos"])
        self._update_progress(ctx)
        return True

    def _book(self, ctx: AppContext) -> dict[str, Any]:
        return next(b for b in ctx.data["books"] if b["id"] == ctx.ui["book"])

    def _update_progress(self, ctx: AppContext) -> None:
        """ReaderModel.updateProgress after the debounce."""
        book = self._book(ctx)
        pos = ctx.ui["pos"]
        progress = _progress(pos)
        if progress == book["progress"]:
            return  # the bug: the new index/offset is not stored
        book.update(progress=progress, scroll_index=pos[0], scroll_offset=pos[1])

    def _leave_reader(self, ctx: AppContext) -> None:
        """ReaderEvent.OnLeave: the exact place is stored, then back to the Library."""
        book = self._book(ctx)
        pos = ctx.ui["pos"]
        book.update(progress=_progress(pos), scroll_index=pos[0], scroll_offset=pos[1])
        ctx.data["left_at"] = list(pos)
        ctx.ui["screen"] = "library"

    def _open_reader(self, ctx: AppContext, book_id: int) -> None:
        ctx.ui["book"] = book_id
        book = self._book(ctx)
        saved = [book["scroll_index"], book["scroll_offset"]]
        left = ctx.data["left_at"]
        if left is not None and left != saved:
            ctx.data["reopened_elsewhere"] = True
        ctx.ui["pos"] = saved
        ctx.data["left_at"] = list(saved)
        ctx.ui["screen"] = "reader"

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PICKER:
            return self._picker(ctx)
        screen = ctx.ui["screen"]
        if screen == "start":
            return self._start(ctx)
        if screen == "reader":
            return self._reader(ctx)
        return self._main(ctx)

    def _text(self, text: str, **kw: Any) -> View:
        return w.text_view(text, **kw)

    def _icon(self, desc: str, handler: Any, **kw: Any) -> View:
        return View(
            cls="android.widget.Button", content_desc=desc, on_click=handler, width=147, **kw
        )

    def _button(self, text: str, handler: Any, **kw: Any) -> View:
        return View(cls="android.widget.Button", text=text, on_click=handler, height=150, **kw)

    def _start(self, ctx: AppContext) -> Screen:
        page = ctx.ui["page"]
        if page == 3:
            body = [
                View(cls="android.view.View"),
                self._text("Everything is done!", height=150),
                self._text("Setup completed. Would you like to go to the Help screen?", height=160),
                View(cls="android.view.View"),
                w.linear_layout(
                    [
                        self._button("No", self._to_browse),
                        self._button("Yes, go to Help", w.bind(self._go, "help")),
                    ],
                    horizontal=True,
                    height=170,
                ),
            ]
            return Screen(content=w.linear_layout(body))
        if page == 0:
            rows = [
                self._text("Welcome to Book's Story!", height=150),
                self._text(
                    "To a world where words charm, teach and lead on incredible adventures! "
                    "Let's set some things up!",
                    height=200,
                ),
                self._text("Language preferences", height=120),
                View(
                    cls="android.view.View",
                    selected=True,
                    on_click=lambda c: None,
                    height=140,
                    children=[self._text("English", height=140)],
                ),
            ]
        elif page == 1:
            rows = [
                self._text("Theme preferences", height=120),
                *[
                    View(
                        cls="android.view.View",
                        on_click=lambda c: None,
                        height=140,
                        children=[self._text(t, height=140)],
                    )
                    for t in ("Follow system", "Light", "Dark")
                ],
            ]
        else:
            folders = [
                w.linear_layout(
                    [
                        self._text(f"Internal storage/{f}", height=140),
                        self._icon("Remove", w.bind(self._remove_folder, f)),
                    ],
                    horizontal=True,
                    height=140,
                )
                for f in ctx.data["folders"]
            ]
            rows = [
                self._text("Scan preferences", height=120),
                *folders,
                self._button("Add folder", self._add_folder),
                self._text(
                    "These folders are used to scan and retrieve files in the Browse. "
                    "Removing a folder here will not delete actual files or books from the "
                    "Library. To revoke access, click the corresponding button.",
                    height=260,
                ),
            ]
        listing = View(cls="android.view.View", children=[*rows, View(cls="android.view.View")])
        bar = w.linear_layout(
            [View(cls="android.view.View"), self._button("Next", self._next, width=360)],
            horizontal=True,
            height=170,
        )
        return Screen(content=w.linear_layout([listing, bar]))

    def _picker(self, ctx: AppContext) -> Screen:
        rows = [w.document_row(FILE, None, size="148 kB")]
        footer = [self._button("USE THIS FOLDER", self._use_folder)]
        content = w.document_picker(rows, title="Download", footer=footer)
        windows: list[Window] = []
        if ctx.ui.get("confirm"):
            windows.append(
                w.confirm_dialog(
                    "Allow Book's Story to access files in Download?",
                    "This will let Book's Story access current and future content stored in "
                    "Download.",
                    ("ALLOW", self._allow_folder),
                    ("CANCEL", lambda c: c.ui.update(confirm=False)),
                    lambda c: c.ui.update(confirm=False),
                )
            )
        return Screen(content=content, windows=windows)

    def _main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        screen = ui["screen"]
        windows: list[Window] = []
        if screen == "browse":
            if ui["selected"]:
                bar = w.linear_layout(
                    [
                        self._icon("Clear selected items", lambda c: c.ui.update(selected=[])),
                        self._text(f"{len(ui['selected'])} selected", height=147),
                        self._icon("Select all files", self._select_all),
                        self._icon("Add files", lambda c: c.ui.update(dialog="add")),
                    ],
                    horizontal=True,
                    height=147,
                )
            else:
                bar = self._top("Browse")
            files = (
                [
                    View(
                        cls="android.view.View",
                        layout=HORIZONTAL,
                        height=170,
                        selected=FILE in ui["selected"],
                        on_click=w.bind(self._select, FILE),
                        text=FILE,  # Compose merges the row's texts into the clickable node
                        children=[
                            View(cls="android.view.View", content_desc="File", width=150),
                        ],
                    )
                ]
                if ctx.data["folders"]
                else [self._text("Expand the library's book collection with your downloads")]
            )
            body = View(
                cls="android.view.View", children=[bar, *files, View(cls="android.view.View")]
            )
            if ui["dialog"] == "add":
                windows.append(self._add_dialog())
        elif screen == "library":
            items: list[View] = [
                View(
                    cls="android.view.View",
                    width=500,
                    height=700,
                    on_click=w.bind(self._go, "info"),
                    children=[
                        View(
                            cls="android.view.View",
                            content_desc="Cover image not found",
                            height=450,
                        ),
                        self._text(f"{round(b['progress'] * 100, 1)}%", height=80),
                        self._icon(
                            "Continue reading", w.bind(self._open_reader, b["id"]), height=120
                        ),
                        self._text(b["title"], height=50),
                    ],
                )
                for b in ctx.data["books"]
            ]
            if not items:
                items = [self._text("Read your favorite books and sort them between categories")]
            body = View(
                cls="android.view.View",
                children=[self._top("Library"), *items, View(cls="android.view.View")],
            )
        else:
            title = {"history": "History", "settings": "Settings", "help": "Help"}.get(
                screen, "Book info"
            )
            body = View(
                cls="android.view.View",
                children=[
                    w.linear_layout(
                        [self._icon("Go back", self._pop), self._text(title, height=147)],
                        horizontal=True,
                        height=147,
                    ),
                    View(cls="android.view.View"),
                ],
            )
        nav = w.linear_layout(
            [
                View(
                    cls="android.view.View",
                    selected=screen == item.lower(),
                    on_click=w.bind(self._nav, item.lower()),
                    text=item,
                )
                for item in NAV
            ],
            horizontal=True,
            height=168,
        )
        return Screen(content=w.linear_layout([body, nav]), windows=windows)

    def _top(self, title: str) -> View:
        return w.linear_layout(
            [
                self._text(title, height=147),
                self._icon("Search", lambda c: None),
                self._icon("Filter", lambda c: None),
            ],
            horizontal=True,
            height=147,
        )

    def _add_dialog(self) -> Window:
        body = View(
            cls="android.view.View",
            weight=0,
            children=[
                self._text("Add books?", height=130),
                self._text(
                    "You can choose which books you want to add. You can edit Title and Cover "
                    "image of the book later. The loading process can take up to several "
                    "minutes.",
                    height=300,
                ),
                View(
                    cls="android.view.View",
                    selected=True,
                    height=150,
                    children=[self._text(TITLE, height=150)],
                ),
                w.linear_layout(
                    [
                        View(cls="android.view.View"),
                        self._button("Cancel", lambda c: c.ui.update(dialog=None), width=300),
                        self._button("OK", self._add_books, width=300),
                    ],
                    horizontal=True,
                    height=150,
                ),
            ],
        )
        return Window(root=body, on_dismiss=lambda c: c.ui.update(dialog=None))

    def _reader(self, ctx: AppContext) -> Screen:
        index, offset = ctx.ui["pos"]
        shown: list[View] = []
        room = VIEWPORT + offset
        i = index
        while i < len(LENGTHS) and room > 0:
            # The first paragraph shows from the line the offset scrolled to.
            line = offset // 63 + 1 if i == index and offset else 0
            words = f"{_paragraph(i)} [from line {line}]" if line else _paragraph(i)
            shown.append(self._text(words, height=min(_height(i), 1600)))
            room -= _height(i)
            i += 1
        bar = w.linear_layout(
            [
                self._icon("Go back", lambda c: self._leave_reader(c)),
                w.linear_layout(
                    [self._text(TITLE, height=80), self._text("No chapters", height=67)]
                ),
                self._icon("Chapters", lambda c: None),
                self._icon("Reader settings", lambda c: None),
            ],
            horizontal=True,
            height=147,
        )
        text = View(cls="android.view.View", children=shown)
        return Screen(content=w.linear_layout([bar, text]))

    # -- handlers ----------------------------------------------------------------------------
    def _next(self, ctx: AppContext) -> None:
        ctx.ui["page"] += 1

    def _add_folder(self, ctx: AppContext) -> None:
        ctx.start_activity(PICKER)

    def _use_folder(self, ctx: AppContext) -> None:
        ctx.ui["confirm"] = True

    def _allow_folder(self, ctx: AppContext) -> None:
        if "Download" not in ctx.data["folders"]:
            ctx.data["folders"] = [*ctx.data["folders"], "Download"]
        ctx.ui["confirm"] = False
        ctx.finish()

    def _remove_folder(self, ctx: AppContext, folder: str) -> None:
        ctx.data["folders"] = [f for f in ctx.data["folders"] if f != folder]

    def _to_browse(self, ctx: AppContext) -> None:
        ctx.data["first_launch"] = False
        ctx.ui["screen"] = "browse"
        ctx.ui["back"] = []

    def _go(self, ctx: AppContext, screen: str) -> None:
        if ctx.ui["screen"] == "start":
            ctx.data["first_launch"] = False
            ctx.ui["back"] = ["library"]
        else:
            ctx.ui["back"] = [*ctx.ui["back"], ctx.ui["screen"]]
        ctx.ui["screen"] = screen

    def _pop(self, ctx: AppContext) -> None:
        ctx.ui["screen"] = ctx.ui["back"].pop() if ctx.ui["back"] else "library"

    def _nav(self, ctx: AppContext, screen: str) -> None:
        ctx.ui.update(screen=screen, selected=[], back=[])

    def _select(self, ctx: AppContext, name: str) -> None:
        selected = list(ctx.ui["selected"])
        w.toggle(selected, name)
        ctx.ui["selected"] = selected

    def _select_all(self, ctx: AppContext) -> None:
        ctx.ui["selected"] = [FILE]

    def _add_books(self, ctx: AppContext) -> None:
        data = ctx.data
        if not any(b["path"] == FILE for b in data["books"]):
            book = {
                "id": len(data["books"]) + 1,
                "title": TITLE,
                "path": FILE,
                "progress": 0.0,
                "scroll_index": 0,
                "scroll_offset": 0,
            }
            data["books"] = [*data["books"], book]
        ctx.ui.update(dialog=None, selected=[], screen="library", back=[])
