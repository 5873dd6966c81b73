"""R2 Reader (``org.readium.r2reader``, readium/r2-testapp-kotlin) 1.0.1-3, for
r2-testapp-kotlin#60.

Readium 2's test app, an EPUB reader: the catalog is a grid of book covers with titles; a long
press on a book shows a small popup with a DELETE button; the "+" button adds books. On the first
start, after the storage permission is granted, the app copies the six sample EPUBs bundled in its
assets into its folder and adds them to the catalog and to its SQLite table ``BOOKS``.

Sources read at commit 2914148 ("Update of Copyright", 2018-07-12; ``versionName`` 1.0.1-3 from
major 1, minor 0, patch 1, build 3), the state when the report was filed (2018-07-13), and the fix
79f622c (PR #70, "changed ID to autoincrement", 2018-07-19). Files read: ``CatalogActivity``
(``onCreate``, ``onStart``, ``copyEpubFromAssetsToStorage``, ``prepareToServe``,
``recyclerViewListLongClicked``, ``recyclerViewListClicked``, the "+" dialog), ``BooksDatabase``,
``BooksAdapter`` (``item_recycle_opds.xml``), ``popup_delete.xml``, ``menu_main.xml``,
``permissions/PermissionHelper``, ``AndroidManifest.xml`` and ``strings.xml``; the sample titles
are the ``dc:title`` of ``assets/Samples/1.epub`` ... ``6.epub``.

Bug r2-testapp-kotlin#60 (non-crash): a book added by ``prepareToServe`` gets the id
``books.size`` (0, 1, 2...) in the in-memory list, while ``BOOKS.insert`` leaves the ``id``
column to SQLite, which numbers the rows 1, 2, 3.... ``BOOKS.delete`` deletes the row whose id is
the in-memory id, so deleting a book added in this run removes the previous book's row (nothing
for the first book) while the deleted book's file is removed. The catalog looks right until the
app starts again and reads the table: the book before the deleted one is gone, and the deleted
one is listed but its file is missing, so tapping it opens nothing. Books read back from the table
carry their real ids, so deleting after a restart (or after a rotation, which re-creates the
activity and re-reads the table) is correct. The fix passes the row id back to the book.

Fixed data: the six bundled samples ("The Dark World", "Moby-Dick", "Dead Souls", "Treasure
Island", "The Red Badge of Courage", "Metropolis"), copied in that order. Stubbed: the reader
(``R2EpubActivity``: the title and a line of text), the "+" dialog's two buttons (they close it),
the OPDS feeds and About screens, the covers (plain images), the snackbar's "Retry?" after a
refused permission. Uncertain: the grid's three columns are drawn as rows of three cards (the
toolkit has no grid layout); the asset listing order (taken as sorted); the library versions
(the app builds against ``develop-SNAPSHOT`` of the Readium modules); opening a book whose file
is gone shows the progress dialog only briefly (the model shows nothing).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, long_click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.readium.r2reader"
CATALOG = "org.readium.r2.testapp.CatalogActivity"
READER = "org.readium.r2.navigator.R2EpubActivity"
LABEL = "R2 Reader"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
SAMPLES = (
    "The Dark World",
    "Moby-Dick",
    "Dead Souls",
    "Treasure Island",
    "The Red Badge of Courage",
    "Metropolis",
)


def delete(title: str) -> list[dict[str, Any]]:
    """A long press on the book titled ``title``, then the popup's DELETE."""
    return [
        long_click(PACKAGE, "titleTextView", title),
        click(PACKAGE, "delete", "DELETE"),
    ]


def restart() -> list[dict[str, Any]]:
    """Back out of the catalog (the app closes), then its launcher icon."""
    return [{"kind": "press_back"}, click(PACKAGE, "", LABEL)]


def catalog_read_back_wrong(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of r2-testapp-kotlin#60: a start read a catalog from the table that differs
    from the books the user kept (a deleted book listed, a kept one missing)."""
    return bool(data["wrong_load"])


class R2Reader(VirtualApp):
    """R2 Reader 1.0.1-3: the catalog, its delete popup and the reader."""

    name: ClassVar[str] = "r2-testapp-kotlin"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = LABEL
    version: ClassVar[str] = "1.0.1-3"
    launch_activity: ClassVar[str] = CATALOG
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "r2-testapp-kotlin#60",
            "non-crash",
            "Problem when a book is deleted the first time the application is used",
            catalog_read_back_wrong,
            human_steps=(allow_permission(PACKAGE), *delete("Moby-Dick"), *restart()),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "rows": [],  # the BOOKS table: {"id", "title", "file"}
            "next_row": 1,
            "files": [],  # the publication files in the app's folder
            "samples": False,  # the "samples" preference
            "granted": False,
            "kept": [],  # the files the user added and did not delete
            "wrong_load": False,
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != CATALOG:
            return
        # onCreate: books = database.books.list(), each with its row id.
        rows = ctx.data["rows"]
        ctx.ui["books"] = [dict(r) for r in rows]
        if rows and sorted(r["file"] for r in rows) != sorted(ctx.data["kept"]):
            ctx.data["wrong_load"] = True
        # onStart: the storage permission, then the first-run import.
        if ctx.data["granted"]:
            self._got_permission(ctx)
        else:
            ctx.request_permission(STORAGE)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {}  # the list is a field onCreate reads from the table again

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        ctx.data["granted"] = granted
        if granted:
            self._got_permission(ctx)
        else:
            ctx.ui["snackbar"] = "Can't read or write books without permission"

    def _got_permission(self, ctx: AppContext) -> None:
        """``storagePermission``'s block: on an empty catalog, copy the samples once."""
        if ctx.ui["books"] or ctx.data["samples"]:
            return
        for n, title in enumerate(SAMPLES, 1):
            self._add_book(ctx, title, f"sample-{n}")
        ctx.data["samples"] = True

    def _add_book(self, ctx: AppContext, title: str, file: str) -> None:
        """``prepareToServe``/``addBookToView``: the bug's two ids."""
        books = ctx.ui["books"]
        ctx.data["files"].append(file)
        ctx.data["rows"].append({"id": ctx.data["next_row"], "title": title, "file": file})
        ctx.data["next_row"] += 1
        ctx.data["kept"].append(file)
        books.append({"id": len(books), "title": title, "file": file})  # Book(..., books.size)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == CATALOG and ctx.ui.get("popup") is not None:
            ctx.ui["popup"] = None
            return True
        return False

    # -- actions -------------------------------------------------------------------------------
    def _delete(self, ctx: AppContext) -> None:
        book = ctx.ui["books"].pop(ctx.ui["popup"])
        if book["file"] in ctx.data["files"]:
            ctx.data["files"].remove(book["file"])
        if book["file"] in ctx.data["kept"]:
            ctx.data["kept"].remove(book["file"])
        # The bug: "id = {id}" with the in-memory id.
        ctx.data["rows"] = [r for r in ctx.data["rows"] if r["id"] != book["id"]]
        ctx.ui["popup"] = None

    def _open(self, ctx: AppContext, index: int) -> None:
        """``recyclerViewListClicked``: a missing file parses to null and nothing opens."""
        book = ctx.ui["books"][index]
        if book["file"] in ctx.data["files"]:
            ctx.start_activity(READER, {"title": book["title"]})

    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == READER:
            title = str(ctx.extras.get("title", ""))
            bar = w.toolbar(title, navigation=w.up_button(), rid="action_bar")
            page = View(cls="android.webkit.WebView", text=f"{title}\nChapter 1")
            return Screen(content=w.linear_layout([bar, page]), title=title)
        bar = w.toolbar(
            LABEL,
            actions=[w.overflow_button(w.bind(self._set, menu=True))],
            rid="action_bar",
        )
        cards = [
            View(
                cls="android.support.v7.widget.CardView",
                resource_id="card_view",
                width=315,
                height=470,
                on_click=w.bind(self._open, i),
                on_long_click=w.bind(self._set, popup=i),
                children=[
                    w.frame_layout(
                        [
                            w.image_view("coverImageView"),
                            w.linear_layout([w.text_view(book["title"], "titleTextView")]),
                        ],
                        layout=FRAME,
                    )
                ],
            )
            for i, book in enumerate(ctx.ui["books"])
        ]
        rows = [w.linear_layout(cards[i : i + 3], horizontal=True) for i in range(0, len(cards), 3)]
        grid = View(cls="android.support.v7.widget.RecyclerView", scrollable=True, children=rows)
        body = [grid, w.fab("", "", w.bind(self._set, add=True))]
        if ctx.ui.get("snackbar"):
            body.append(w.text_view(ctx.ui["snackbar"], "snackbar_text"))
        content = w.linear_layout(
            [
                bar,
                View(
                    cls="android.support.design.widget.CoordinatorLayout",
                    layout=FRAME,
                    children=body,
                ),
            ]
        )
        return Screen(content=content, title=LABEL, windows=self._windows(ctx))

    def _windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        close_menu = w.bind(self._set, menu=False)
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [("About R2 Reader", close_menu), ("OPDS Feeds", close_menu)], close_menu
                )
            )
        if ctx.ui.get("add"):
            close = w.bind(self._set, add=False)
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Add an ePub to your library"),
                    [
                        w.button("", "select from your device", close),
                        w.button("", "download from a url", close),
                    ],
                    [],
                    close,
                )
            )
        if ctx.ui.get("popup") is not None:
            windows.append(
                Window(
                    root=w.linear_layout(
                        [w.button("delete", "DELETE", self._delete)], horizontal=True, width=525
                    ),
                    kind="menu",
                    on_dismiss=w.bind(self._set, popup=None),
                )
            )
        return windows


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "r2-testapp-kotlin#60": [
        # The app restarted before the deletion: the books carry their row ids.
        [allow_permission(PACKAGE), *restart(), *delete("Moby-Dick"), *restart()],
        # A rotation re-creates the catalog from the table before the deletion.
        [
            allow_permission(PACKAGE),
            {"kind": "rotate", "orientation": "landscape"},
            *delete("Moby-Dick"),
            *restart(),
        ],
        # The popup dismissed with Back instead of DELETE.
        [
            allow_permission(PACKAGE),
            long_click(PACKAGE, "titleTextView", "Moby-Dick"),
            {"kind": "press_back"},
            *restart(),
        ],
        # Deleted, but the app is not started again.
        [allow_permission(PACKAGE), *delete("Moby-Dick")],
    ],
}
