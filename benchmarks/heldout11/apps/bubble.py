"""Bubble (``com.nkanaev.comics``) 1.6.0, the comic reader of nkanaev/bubble, for bubble#49
("Problem with .cbz files").

Modelled from the sources at tag/commit ``3dbcd373304f9f50b8b06cdb6bdae78c872ae261`` ("v1.6.0",
the last release before the report; later commits only add translations): ``AndroidManifest.xml``
(targetSdk 22: no runtime permission dialog), ``activity/MainActivity.java`` (the drawer, the
Library/Browser/About fragments, Back finishing the activity), ``activity/ReaderActivity.java``,
``fragment/BrowserFragment.java`` (``setCurrentDir``: ``..`` first unless at ``/``, then the
folders and archives sorted by path; ``onItemClick``: a folder opens unless it is a folder comic,
any other row starts ``ReaderActivity`` in ``MODE_BROWSER``), ``fragment/LibraryFragment.java``,
``fragment/ReaderFragment.java`` (``onCreate``), ``parsers/ParserFactory.java`` (``tryParse``
returns null when ``parse`` throws an ``IOException``), ``parsers/ZipParser.java``
(``new ZipFile(...)``), ``managers/Scanner.java`` (a file whose parser is null is skipped),
``managers/Utils.java``, ``view/DirectorySelectDialog.java``, ``res/layout/layout_main.xml``,
``fragment_library.xml``, ``fragment_browser.xml``, ``breadcrumb.xml``, ``row_directory.xml``,
``layout_reader.xml``, ``dialog_directorypicker.xml``, ``res/menu/drawer.xml``, ``library.xml``
and ``res/values/strings.xml``. The issue has no fix upstream.

The bug (bubble#49, crash): ``ReaderFragment.onCreate`` takes ``ParserFactory.create(file)``
without a null check. For a ``.cbz`` that ``java.util.zip.ZipFile`` cannot open, ``ZipParser``
throws a ``ZipException``, ``tryParse`` answers null and line 129 (``mParser.numPages()``)
throws a ``NullPointerException`` while the reader's fragment is created in
``ReaderActivity.onStart``: "Unable to start activity". The same null parser is why the library
scan (``Scanner``) silently skips such files (the report's "not shown in the library").

The world (fixed data): the shared storage ``/storage/emulated/0`` holds the usual folders and
``Comics`` with ``Sample Comic 01.cbz`` (a file ZipFile rejects, as the reporter's .cbz files
evidently were; the model takes a RAR archive given a ``.cbz`` name, the common case) and
``Sample Comic 02.cbr`` (a valid RAR comic of 24 pages, which opens).

Stubbed: About (a title), the library's comic grid (group cards only, no covers, no
LibraryBrowserFragment), the reader's pages (a pager and the page bar), its menu.
Uncertain: why the reporter's .cbz files failed in ZipFile (the report does not say); the
support library 22.2.1 line numbers of the fragment frames of the crash.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.stacks import launch_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.nkanaev.comics"
MAIN = ".activity.MainActivity"
READER = ".activity.ReaderActivity"
ROOT = "/storage/emulated/0"
COMICS = f"{ROOT}/Comics"
BAD_CBZ = "Sample Comic 01.cbz"
GOOD_CBR = "Sample Comic 02.cbr"
LIBRARY_EMPTY = 'Your collection seems empty. Click "folder" icon to select library directory'

# The device's files: directory -> entries (a name ending in "/" is a folder). Archives map to
# (kind, pages): kind "rar-as-zip" is a RAR archive under a .cbz name (ZipFile rejects it).
FOLDERS: dict[str, tuple[str, ...]] = {
    ROOT: (
        "Alarms/",
        "Android/",
        "Comics/",
        "DCIM/",
        "Download/",
        "Movies/",
        "Music/",
        "Notifications/",
        "Pictures/",
        "Podcasts/",
        "Ringtones/",
    ),
    COMICS: (BAD_CBZ, GOOD_CBR),
    f"{ROOT}/Android": ("data/",),
    f"{ROOT}/DCIM": ("Camera/",),
    "/storage/emulated": (),
    "/storage": ("emulated/", "self/"),
    "/": ("storage/",),
}
ARCHIVES: dict[str, tuple[str, int]] = {
    f"{COMICS}/{BAD_CBZ}": ("rar-as-zip", 24),
    f"{COMICS}/{GOOD_CBR}": ("rar", 24),
}
ARCHIVE_EXT = (".zip", ".cbz", ".rar", ".cbr", ".cbt", ".cb7", ".7z")

NPE = (
    "Attempt to invoke interface method 'int com.nkanaev.comics.parsers.Parser.numPages()' "
    "on a null object reference"
)
# ReaderFragment.onCreate runs from the fragment transaction ReaderActivity.onStart executes.
FRAGMENT_FRAMES = [
    "com.nkanaev.comics.fragment.ReaderFragment.onCreate(ReaderFragment.java:129)",
    "android.support.v4.app.Fragment.performCreate(Fragment.java:1766)",
    "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:917)",
    "android.support.v4.app.FragmentManagerImpl.moveToState(FragmentManager.java:1136)",
    "android.support.v4.app.BackStackRecord.run(BackStackRecord.java:739)",
    "android.support.v4.app.FragmentManagerImpl.execPendingActions(FragmentManager.java:1499)",
    "android.support.v4.app.FragmentActivity.onStart(FragmentActivity.java:548)",
    "android.app.Instrumentation.callActivityOnStart(Instrumentation.java:1237)",
    "android.app.Activity.performStart(Activity.java:6253)",
]


def _parent(path: str) -> str:
    parent = path.rsplit("/", 1)[0]
    return parent or "/"


def _join(folder: str, name: str) -> str:
    return f"{folder.rstrip('/')}/{name}"


def _is_archive(name: str) -> bool:
    return name.lower().endswith(ARCHIVE_EXT)


def _parses(path: str) -> bool:
    """ParserFactory.create(file) != null: the archive's parser opens it."""
    kind, _pages = ARCHIVES.get(path, ("", 0))
    if path.lower().endswith((".zip", ".cbz")):
        return kind == "zip"  # ZipFile throws a ZipException on anything else
    if path.lower().endswith((".rar", ".cbr")):
        return kind == "rar"
    return False


class Bubble(VirtualApp):
    """Bubble 1.6.0: the library, the file browser and the reader."""

    name: ClassVar[str] = "bubble"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Bubble"
    version: ClassVar[str] = "1.6.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "bubble#49",
            "crash",
            "Problem with .cbz files",
            crash_oracle(PACKAGE, "java.lang.RuntimeException", "ReaderActivity", "numPages()"),
            human_steps=(
                click(PACKAGE, desc=w.OPEN_DRAWER),
                click(PACKAGE, "design_menu_item_text", "Browser"),
                click(PACKAGE, "directory_row_text", "Comics"),
                click(PACKAGE, "directory_row_text", BAD_CBZ),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"library_dir": "", "library": []}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("nav", "Library")
            ctx.ui.setdefault("drawer", False)
            ctx.ui.setdefault("dir", ROOT)
            ctx.ui.setdefault("picker", None)
        elif ctx.activity == READER:
            path = str(ctx.extras.get("file", ""))
            if not _parses(path):
                message = f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}{READER}}}"
                raise JavaException(
                    "java.lang.RuntimeException",
                    f"{message}: java.lang.NullPointerException: {NPE}",
                    frames=launch_frames(23),
                    cause=JavaException(
                        "java.lang.NullPointerException",
                        NPE,
                        frames=FRAGMENT_FRAMES + launch_frames(23, perform_line=2379),
                    ),
                )
            ctx.ui.setdefault("page", 1)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            if ctx.ui.get("picker") is not None:
                ctx.ui["picker"] = None
                return True
            return w.dismiss(ctx.ui, "drawer")
        return False

    # -- handlers ------------------------------------------------------------------------------
    def _navigate(self, ctx: AppContext, item: str) -> None:
        if item != ctx.ui["nav"]:
            ctx.ui["nav"] = item
            ctx.ui["dir"] = ROOT  # a new BrowserFragment starts at the storage root
        ctx.ui["drawer"] = False

    def _open_row(self, ctx: AppContext, path: str, is_dir: bool) -> None:
        if is_dir:
            ctx.ui["dir"] = path  # no folder of this world is a folder comic (< 4 images)
            return
        ctx.start_activity(READER, {"file": path})

    def _picker_go(self, ctx: AppContext, path: str) -> None:
        ctx.ui["picker"] = path

    def _picker_select(self, ctx: AppContext) -> None:
        chosen = str(ctx.ui["picker"])
        ctx.ui["picker"] = None
        ctx.data["library_dir"] = chosen
        found: list[str] = []
        pending = [chosen]
        while pending:  # Scanner.LibraryUpdateRunnable: a null parser is skipped
            folder = pending.pop(0)
            for entry in FOLDERS.get(folder, ()):
                path = _join(folder, entry.rstrip("/"))
                if entry.endswith("/"):
                    pending.append(path)
                elif _parses(path):
                    found.append(path)
        ctx.data["library"] = sorted(found)

    # -- screens -------------------------------------------------------------------------------
    def _rows(self, folder: str) -> list[tuple[str, str, bool]]:
        """BrowserFragment.setCurrentDir: (label, path, is_dir), ``..`` first."""
        rows: list[tuple[str, str, bool]] = []
        if folder != "/":
            rows.append(("..", _parent(folder), True))
        entries = []
        for entry in FOLDERS.get(folder, ()):
            name = entry.rstrip("/")
            if entry.endswith("/") or _is_archive(name):
                entries.append((name, _join(folder, name), entry.endswith("/")))
        rows += sorted(entries, key=lambda r: r[1])
        return rows

    def _directory_row(self, label: str, handler: Any) -> View:
        return w.linear_layout(
            [
                w.image_view("directory_row_icon", width=105, height=105),
                w.text_view(label, "directory_row_text"),
            ],
            horizontal=True,
            height=189,
            on_click=handler,
        )

    def _browser(self, ctx: AppContext) -> tuple[View, View]:
        folder = str(ctx.ui["dir"])
        rows = [
            self._directory_row(label, w.bind(self._open_row, path, is_dir))
            for label, path, is_dir in self._rows(folder)
        ]
        breadcrumb = w.linear_layout(
            [w.text_view("Browser", height=147), w.text_view(folder, "dir_textview", height=90)],
            rid="breadcrumb_layout",
            height=237,
        )
        bar = w.toolbar(
            breadcrumb,
            navigation=w.nav_button(w.OPEN_DRAWER, w.bind(self._open_drawer)),
            height=237,
        )
        body = w.linear_layout(
            [w.list_view(rows, rid="listview_browser", scroll_key="browser_scroll")],
            rid="content_frame",
        )
        return bar, body

    def _library(self, ctx: AppContext) -> tuple[View, View]:
        bar = w.toolbar(
            "Library",
            navigation=w.nav_button(w.OPEN_DRAWER, w.bind(self._open_drawer)),
            actions=[
                w.action_item("menuLibrarySetDir", "View Mode", w.bind(self._picker_go, ROOT))
            ],
        )
        comics = ctx.data["library"]
        if comics:
            groups = sorted({_parent(p).rsplit("/", 1)[-1] for p in comics})
            content = View(
                cls="android.widget.GridView",
                resource_id="groupGridView",
                children=[
                    w.frame_layout([w.text_view(g, "comic_group_folder")], height=500)
                    for g in groups
                ],
            )
        else:
            content = w.linear_layout(
                [w.image_view(height=147), w.text_view(LIBRARY_EMPTY)],
                rid="library_empty",
                weight=0,
            )
        return bar, w.frame_layout([content], rid="content_frame")

    def _open_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = True

    def _picker(self, ctx: AppContext) -> Window:
        folder = str(ctx.ui["picker"])
        subdirs = [("..", _parent(folder))] if folder != "/" else []
        for entry in FOLDERS.get(folder, ()):
            if entry.endswith("/"):
                subdirs.append((entry.rstrip("/"), _join(folder, entry.rstrip("/"))))
        rows = [
            self._directory_row(label, w.bind(self._picker_go, path)) for label, path in subdirs
        ]
        root = w.linear_layout(
            [
                w.linear_layout(
                    [
                        w.text_view("Set a library directory"),
                        w.text_view(folder, "directory_current_text"),
                    ],
                    weight=0,
                ),
                w.list_view(rows, rid="directory_listview", scroll_key="picker_scroll"),
                w.linear_layout(
                    [
                        View(cls="android.view.View"),
                        w.button(
                            "directory_picker_cancel",
                            "Cancel",
                            w.bind(lambda c: c.ui.update(picker=None)),
                            width=250,
                        ),
                        w.button(
                            "directory_picker_confirm",
                            "Select",
                            w.bind(self._picker_select),
                            width=250,
                        ),
                    ],
                    horizontal=True,
                    height=147,
                ),
            ],
        )
        return Window(root=root, on_dismiss=w.bind(lambda c: c.ui.update(picker=None)))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == READER:
            return self._reader(ctx)
        nav = str(ctx.ui["nav"])
        if nav == "Browser":
            bar, body = self._browser(ctx)
        elif nav == "About":
            bar = w.toolbar(
                "About", navigation=w.nav_button(w.OPEN_DRAWER, w.bind(self._open_drawer))
            )
            body = w.frame_layout([w.text_view("Bubble 1.6.0")], rid="content_frame")
        else:
            bar, body = self._library(ctx)
        main = w.linear_layout([bar, body])
        drawer = None
        if ctx.ui["drawer"]:
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="navigation_view",
                width=840,
                children=[
                    w.linear_layout(
                        [w.image_view("navbar_icon")], rid="header", height=420, weight=0
                    ),
                    *[
                        w.drawer_entry(item, w.bind(self._navigate, item), checked=item == nav)
                        for item in ("Library", "Browser", "About")
                    ],
                ],
            )
        windows = [self._picker(ctx)] if ctx.ui.get("picker") is not None else []
        return Screen(
            content=w.drawer_layout(main, drawer, cls="android.support.v4.widget.DrawerLayout"),
            windows=windows,
        )

    def _reader(self, ctx: AppContext) -> Screen:
        path = str(ctx.extras.get("file", ""))
        pages = ARCHIVES.get(path, ("", 0))[1]
        page = int(ctx.ui.get("page", 1))
        bar = w.toolbar(path.rsplit("/", 1)[-1], navigation=w.up_button(), rid="toolbar_reader")
        nav = w.linear_layout(
            [
                w.text_view(f"{page}/{pages}", "pageNavTextView"),
                View(cls="android.widget.SeekBar", resource_id="pageSeekBar", height=84),
            ],
            rid="pageNavLayout",
            height=260,
            weight=0,
        )
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="viewPager",
            children=[w.image_view(height=1300)],
        )
        return Screen(
            content=View(
                layout=FRAME,
                children=[
                    w.frame_layout([pager], rid="content_frame_reader"),
                    w.linear_layout([bar, View(cls="android.view.View"), nav]),
                ],
            )
        )


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "bubble#49": [
        # the .cbr next to it opens
        [
            click(PACKAGE, desc=w.OPEN_DRAWER),
            click(PACKAGE, "design_menu_item_text", "Browser"),
            click(PACKAGE, "directory_row_text", "Comics"),
            click(PACKAGE, "directory_row_text", GOOD_CBR),
        ],
        # the folder is opened but no file tapped
        [
            click(PACKAGE, desc=w.OPEN_DRAWER),
            click(PACKAGE, "design_menu_item_text", "Browser"),
            click(PACKAGE, "directory_row_text", "Comics"),
        ],
        # the library directory set to the comics folder: the scan skips the .cbz, no crash
        [
            click(PACKAGE, "menuLibrarySetDir", desc="View Mode"),
            click(PACKAGE, "directory_row_text", "Comics"),
            click(PACKAGE, "directory_picker_confirm", "Select"),
        ],
        # another drawer entry, then a folder of the browser
        [
            click(PACKAGE, desc=w.OPEN_DRAWER),
            click(PACKAGE, "design_menu_item_text", "About"),
            click(PACKAGE, desc=w.OPEN_DRAWER),
            click(PACKAGE, "design_menu_item_text", "Browser"),
            click(PACKAGE, "directory_row_text", "DCIM"),
        ],
    ],
}
