"""Episteme (``com.aryan.reader.oss``, the OSS flavor) 1.0.36, the document reader of
Aryan-Raj3112/episteme, for episteme#58 ("Reader resets page after screen rotation").

Modelled from the sources at tag ``v1.0.36-oss`` (commit
``4d06420b12c506d99c9551aa19466d78517308d0``, the release of the day before the report):
``AndroidManifest.xml`` (``MainActivity`` has no ``configChanges``: a rotation re-creates it),
``MainActivity.kt``, ``AppNavigation.kt`` (the PDF route passes ``uiState.initialPageInBook``
as ``initialPage``), ``MainScreen.kt`` (the Home/Library bottom bar), ``HomeScreen.kt`` (the
top bar: "Open Drawer", "More Options" with "About"; the empty state "Your Library is Empty"
with "Select a File" and "Setup Folder Sync"; the recent files with "Select File" and "Sync
Folder"; ``OpenDocument`` with ``*/*``), ``SharedComposables.kt`` (``EmptyState``),
``MainViewModel.kt`` (``onFileSelected``: a new file opens with ``initialPageInBook = null``;
``onRecentFileClicked``: with the stored ``lastPage``; ``savePdfReadingPosition``) and
``pdf/PdfViewerScreen.kt`` (``loadDisplayMode``: vertical scroll by default; the top bar "Back",
the "Page N of M" title, "Enable Dark Mode", "Lock Panning", "Enter Full Screen", "Dictionary
Settings", "More Options" and its reading-mode items; the bottom bar "Navigate with slider",
"Table of Contents", "Search", "Highlight all text", "AI Features", "Toggle Editing Mode"; the
``LaunchedEffect(isDocumentReady)`` initial scroll; the debounced ``onSavePosition``), and the
fix, commit ``74e2cec4`` ("Position persistence during orientation change", #64).

The bug (episteme#58, non-crash): the reader's page lives in ``remember`` state of
``PdfViewerScreen`` (the pager and the vertical reader state) and is not saved. A rotation
re-creates the activity; the ViewModel survives with ``initialPageInBook`` still holding the
page the book was opened at (null, page 1, for a newly picked file), so the new screen's
initial-scroll effect snaps the reader back to that page (and the debounced save then stores
it). The fix keeps a ``rememberSaveable`` ``pendingRestorePage``. The oracle reads app state:
the model records each re-creation of the reader (``data["recreations"]``: the page before and
the page shown after) and fires when a re-creation showed another page than the one being read.

The world (fixed data): the device's Downloads hold ``sample.pdf`` (12 pages) and
``report.pdf`` (30 pages); DocumentsUI's picker is drawn as an activity of the model (it stands
for the system picker ``ACTION_OPEN_DOCUMENT`` opens).

Stubbed: the drawer, Library tab (its title), About, folder sync, the page rendering (a page
view per screen), the slider, table of contents, search, highlights, AI, editing, dark mode,
dictionary and full screen (each a control whose tap changes nothing on the path). Uncertain:
the scroll distance of one swipe in the vertical reader (the model moves one page per swipe);
Compose nodes carry no resource ids (the app sets no ``testTagsAsResourceId``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import FRAME, Screen, View

PACKAGE = "com.aryan.reader.oss"
MAIN = "com.aryan.reader.MainActivity"
PICKER = "com.android.documentsui.picker.PickActivity"  # the system picker, drawn here
DOWNLOADS = "content://com.android.providers.downloads.documents/document"
FILES: dict[str, int] = {"sample.pdf": 12, "report.pdf": 30}  # name -> pages
VERTICAL = "VERTICAL_SCROLL"
PAGINATED = "PAGINATION"

EMPTY_MESSAGE = "Select a file to read, or sync a local folder to automatically import books."


def position_reset(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of episteme#58: a re-created reader showed another page than the one the
    user was on."""
    return any(r["before"] != r["after"] for r in data.get("recreations", []))


def cv(desc: str, handler: Any = None, **kw: Any) -> View:
    """A Compose IconButton: a clickable ``android.view.View`` with a content description."""
    return View(cls="android.view.View", content_desc=desc, on_click=handler, width=147, **kw)


def compose_button(text: str, handler: Any) -> View:
    """A Compose Button: a clickable ``android.view.View`` holding its label."""
    return View(
        cls="android.view.View",
        on_click=handler,
        height=126,
        children=[w.text_view(text)],
    )


def swipe(direction: str) -> dict[str, Any]:
    return {"kind": "swipe", "direction": direction}


class Episteme(VirtualApp):
    """Episteme 1.0.36 (OSS): Home with an empty library, the picker, the PDF reader."""

    name: ClassVar[str] = "episteme"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Episteme"
    version: ClassVar[str] = "1.0.36"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "episteme#58",
            "non-crash",
            "Reader resets page after screen rotation",
            position_reset,
            human_steps=(
                click(PACKAGE, text="Select a File"),
                click(PACKAGE, "android:id/title", "sample.pdf"),
                swipe("up"),
                swipe("up"),
                {"kind": "rotate", "orientation": "landscape"},
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"display_mode": VERTICAL, "recent": [], "recreations": []}

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        ui = ctx.ui
        ui.setdefault("tab", 0)
        ui.setdefault("menu", False)
        ui.setdefault("bars", True)
        before = ui.pop("_page_before", None)
        if ctx.memory.get("pdf") and before is not None:
            # A re-created PdfViewerScreen: its pager/vertical state starts anew and the
            # initial-scroll effect snaps to initialPageInBook (the page at opening).
            after = self._page(ctx)
            ctx.data["recreations"].append({"before": before, "after": after})
            self._save_position(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        saved: dict[str, Any] = {k: ctx.ui[k] for k in ("tab", "bars") if k in ctx.ui}
        if ctx.memory.get("pdf"):
            saved["_page_before"] = self._page(ctx)  # model bookkeeping, not app state
        return saved

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        if w.dismiss(ctx.ui, "menu"):
            return True
        if ctx.memory.get("pdf"):
            self._close_pdf(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or not ctx.memory.get("pdf"):
            return False
        vertical = ctx.data["display_mode"] == VERTICAL
        forward, backward = ("up", "down") if vertical else ("left", "right")
        page, total = self._page(ctx), self._total(ctx)
        if direction == forward and page < total - 1:
            ctx.ui["page"] = page + 1
        elif direction == backward and page > 0:
            ctx.ui["page"] = page - 1
        else:
            return False
        ctx.ui["seq"] = ctx.memory["seq"]
        self._save_position(ctx)
        return True

    # -- state ---------------------------------------------------------------------------------
    def _total(self, ctx: AppContext) -> int:
        return FILES[str(ctx.memory["pdf"])]

    def _page(self, ctx: AppContext) -> int:
        """The reader's page: its own state once the user moved in this composition of
        PdfViewerScreen (``seq``: which opening it belongs to), else the initial scroll's."""
        if ctx.ui.get("seq") == ctx.memory.get("seq") and "page" in ctx.ui:
            return int(ctx.ui["page"])
        return self._initial_page(ctx)

    def _initial_page(self, ctx: AppContext) -> int:
        initial = ctx.memory.get("initial_page")
        return 0 if initial is None else max(0, min(int(initial), self._total(ctx) - 1))

    def _recent(self, ctx: AppContext, name: str) -> dict[str, Any] | None:
        return next((r for r in ctx.data["recent"] if r["name"] == name), None)

    def _save_position(self, ctx: AppContext) -> None:
        entry = self._recent(ctx, str(ctx.memory["pdf"]))
        if entry is not None:
            entry["last_page"] = self._page(ctx)

    def _open(self, ctx: AppContext, name: str, initial: int | None) -> None:
        """MainViewModel.onFileSelected / onRecentFileClicked: the selected PDF and
        initialPageInBook (ViewModel state), the recent-files entry; AppNavigation then shows
        the PDF route, a new PdfViewerScreen (a new ``seq``)."""
        ctx.memory["pdf"] = name
        ctx.memory["initial_page"] = initial
        ctx.memory["seq"] = int(ctx.memory.get("seq", 0)) + 1
        if self._recent(ctx, name) is None:
            ctx.data["recent"].insert(
                0, {"name": name, "uri": f"{DOWNLOADS}/{name}", "last_page": 0}
            )
        if ctx.activity == MAIN:
            ctx.ui["menu"] = False

    def _picked(self, ctx: AppContext, name: str) -> None:
        """OpenDocument's result: a newly picked file opens with no initial page."""
        self._open(ctx, name, None)
        ctx.finish()

    def _close_pdf(self, ctx: AppContext) -> None:
        self._save_position(ctx)
        ctx.memory["pdf"] = None
        ctx.memory["initial_page"] = None
        ctx.ui["menu"] = False

    def _set_mode(self, ctx: AppContext, mode: str) -> None:
        ctx.data["display_mode"] = mode
        ctx.ui["menu"] = False

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PICKER:
            rows = [
                w.document_row(name, w.bind(self._picked, name), size=f"{pages * 40} kB")
                for name, pages in FILES.items()
            ]
            return Screen(content=w.document_picker(rows))
        if ctx.memory.get("pdf"):
            return self._reader(ctx)
        return self._main(ctx)

    def _main(self, ctx: AppContext) -> Screen:
        tab = int(ctx.ui["tab"])
        if tab == 0:
            body = self._home(ctx)
        else:
            body = w.linear_layout([w.text_view("Library", height=147), View()])
        bottom = View(
            cls="android.view.View",
            height=210,
            layout="horizontal",
            children=[
                View(
                    cls="android.view.View",
                    content_desc=label,
                    selected=i == tab,
                    on_click=w.bind(lambda c, i=i: c.ui.update(tab=i)),
                    children=[w.text_view(label)],
                )
                for i, label in enumerate(("Home", "Library"))
            ],
        )
        windows = []
        if ctx.ui["menu"]:
            windows.append(
                w.menu_window(
                    [("About", w.bind(lambda c: c.ui.update(menu=False)))],
                    w.bind(lambda c: c.ui.update(menu=False)),
                )
            )
        return Screen(content=w.linear_layout([body, bottom]), windows=windows)

    def _home(self, ctx: AppContext) -> View:
        bar = View(
            cls="android.view.View",
            layout="horizontal",
            height=147,
            children=[
                cv("Open Drawer"),
                View(cls="android.view.View"),
                cv("More Options", w.bind(lambda c: c.ui.update(menu=True))),
            ],
        )
        select = w.bind(lambda c: c.start_activity(PICKER))
        if not ctx.data["recent"]:
            content = w.linear_layout(
                [
                    View(),
                    w.text_view("Your Library is Empty", height=100),
                    w.text_view(EMPTY_MESSAGE, height=150),
                    compose_button("Select a File", select),
                    compose_button("Setup Folder Sync", w.bind(lambda c: c.ui.update(tab=1))),
                    View(),
                ]
            )
        else:
            cards = [
                View(
                    cls="android.view.View",
                    content_desc=r["name"],
                    height=420,
                    on_click=w.bind(self._open, r["name"], r["last_page"]),
                    children=[
                        w.text_view(r["name"]),
                        w.text_view(f"{(r['last_page'] + 1) * 100 // FILES[r['name']]}% complete"),
                    ],
                )
                for r in ctx.data["recent"]
            ]
            content = w.linear_layout(
                [
                    w.text_view("Recent Files", height=120),
                    *cards,
                    View(),
                    View(
                        cls="android.view.View",
                        layout="horizontal",
                        height=126,
                        children=[
                            compose_button("Select File", select),
                            compose_button("Sync Folder", w.bind(lambda c: c.ui.update(tab=1))),
                        ],
                    ),
                ]
            )
        return w.linear_layout([bar, content])

    def _reader(self, ctx: AppContext) -> Screen:
        page, total = self._page(ctx), self._total(ctx)
        noop = w.bind(lambda c: None)
        top = View(
            cls="android.view.View",
            layout="horizontal",
            height=147,
            children=[
                cv("Back", w.bind(self._close_pdf)),
                w.text_view(f"Page {page + 1} of {total}"),
                cv("Enable Dark Mode", noop),
                cv("Lock Panning", noop),
                cv("Enter Full Screen", noop),
                cv("Dictionary Settings", noop),
                cv("More Options", w.bind(lambda c: c.ui.update(menu=True))),
            ],
        )
        bottom = View(
            cls="android.view.View",
            layout="horizontal",
            height=168,
            children=[
                cv(desc, noop)
                for desc in (
                    "Navigate with slider",
                    "Table of Contents",
                    "Search",
                    "Highlight all text",
                    "AI Features",
                    "Toggle Editing Mode",
                )
            ],
        )
        sheet = View(
            cls="android.view.View",
            children=[View(cls="android.view.View")],
        )
        windows = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Reading Mode: Vertical scroll", w.bind(self._set_mode, VERTICAL)),
                        ("Reading Mode: Paginated", w.bind(self._set_mode, PAGINATED)),
                        ("Auto Scroll", w.bind(lambda c: c.ui.update(menu=False))),
                        ("TTS Voice Settings", w.bind(lambda c: c.ui.update(menu=False))),
                        ("Share", w.bind(lambda c: c.ui.update(menu=False))),
                    ],
                    w.bind(lambda c: c.ui.update(menu=False)),
                )
            )
        return Screen(
            content=View(
                layout=FRAME,
                children=[sheet, w.linear_layout([top, View(), bottom])],
            ),
            windows=windows,
        )


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "episteme#58": [
        # rotated on the first page: nothing to lose
        [
            click(PACKAGE, text="Select a File"),
            click(PACKAGE, "android:id/title", "sample.pdf"),
            {"kind": "rotate", "orientation": "landscape"},
        ],
        # scrolled, but no rotation
        [
            click(PACKAGE, text="Select a File"),
            click(PACKAGE, "android:id/title", "sample.pdf"),
            swipe("up"),
            swipe("up"),
        ],
        # back on the first page before rotating
        [
            click(PACKAGE, text="Select a File"),
            click(PACKAGE, "android:id/title", "sample.pdf"),
            swipe("up"),
            swipe("down"),
            {"kind": "rotate", "orientation": "landscape"},
        ],
        # the reader left before rotating
        [
            click(PACKAGE, text="Select a File"),
            click(PACKAGE, "android:id/title", "sample.pdf"),
            swipe("up"),
            {"kind": "press_back"},
            {"kind": "rotate", "orientation": "landscape"},
        ],
    ],
}
