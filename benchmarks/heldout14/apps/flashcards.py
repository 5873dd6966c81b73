"""FlashCards (``com.quchen.flashcard``, github.com/cubei/flashcards) v1.2.2, for flashcards#16.

Modelled from the sources at commit ``195b51f`` (2019-02-15, the last commit before the report of
2019-03-15; ``app/build.gradle`` says versionName "v1.2.2", versionCode 15):
``AndroidManifest.xml``, ``MainActivity.java``, ``ListActivity.java``, ``ListFileItem.java``,
``App.java``, ``res/layout/activity_main.xml``, ``activity_lists.xml``, ``folder_item_view.xml``,
``list_item_view.xml`` and ``res/values/strings.xml``.

- ``MainActivity`` (no action bar): the title "Folders" (``folderListTitle``), the ``folderList``
  ListView of folder rows (a TextView ``label`` each) and the ``addFolderBtn`` FAB, which opens
  the "Create a new folder" dialog (message "Set folder name", an EditText without id, buttons
  "Cancel" / "Create folder"). Every ``onCreate`` copies the lists shipped with the app
  (``updateListFiles``) into ``<external cache>/lists/<folder>/``, so a fresh install shows the
  folders Chinese, German, Japanese, Minna no Nihongo and Spanish (sorted by name);
- tapping a folder opens ``ListActivity``: the folder name as title (``listsTitle``), the
  ``listList`` ListView (one row per file, sorted by label: the ``label`` TextView, the
  ``showListBtn`` ImageButton described "Show lists content" and the ``selectList`` CheckBox),
  and the buttons "Add" (``importListBtn``) and "Start All" (``startBtn``, "Start Selection"
  while rows are checked). "Add" asks for READ_EXTERNAL_STORAGE when not granted (the activity
  does not handle the answer: "Add" must be tapped again), else opens the system file picker
  (``ACTION_GET_CONTENT`` for text/comma-separated-values through a chooser);
- the game (``GameActivity``) and the list content screen (``ListViewActivity``) are stubs.

The bug (flashcards#16, open, no fix): ``ListActivity.onActivityResult`` copies the picked file
into the folder (``copyFileFromUri``, overwriting a file of the same name) and then always
``listAdapter.add(new ListFileItem(folderName, fileName))``, without looking whether the adapter
already holds that file. Adding a file that is already in the folder (imported before, in this
screen or an earlier one) makes it listed twice; only re-creating the screen (going back and
opening the folder again) re-reads the folder and shows it once. The oracle: the lists screen is
on top and its adapter holds the same file twice.

Modelling choices and uncertainty: the adapter's rows are kept in ``ctx.data["adapter"]`` (the
picker, another activity here, delivers the result into it as ``onActivityResult`` does); the
chooser is assumed to open DocumentsUI directly (one handler), drawn with the shared picker
widget in this app's process, showing its Downloads root; the device's Downloads folder holds two
fixed CSV files (``vocabulary.csv``, ``verbs.csv``), since the report names no file; activities
are ``screenOrientation="portrait"`` in the manifest, which the virtual device does not enforce
(a rotation re-creates the lists screen, which re-reads the folder). No network content.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.quchen.flashcard"
MAIN = ".MainActivity"
LISTS = ".ListActivity"
GAME = ".GameActivity"
LIST_VIEW = ".ListViewActivity"
PICKER = ".DocumentsPicker"  # stands for DocumentsUI, opened by ACTION_GET_CONTENT's chooser

STORAGE = "android.permission.READ_EXTERNAL_STORAGE"

# MainActivity.updateListFiles: the lists shipped in res/raw, by folder (file names as copied).
SHIPPED: dict[str, list[str]] = {
    "Minna no Nihongo": [
        "Lektion 0.csv",
        "Lektion 1.csv",
        "Lektion 2.csv",
        "Lektion 3.csv",
        "Lektion 4.csv",
        "Lektion 5.csv",
        "Lektion 6.csv",
        "Lektion 6 Lebensmittel.csv",
        "Lektion 7.csv",
        "Lektion 7 Familie.csv",
        "Lektion 8.csv",
        "Particle.csv",
        "Kanji.csv",
    ],
    "Japanese": [
        "hiragana.csv",
        "katakana.csv",
        "basic.csv",
        "numbers.csv",
        "dates.csv",
        "Kanji 1.csv",
        "Kanji 2.csv",
        "Kanji 3.csv",
        "Kanji 4.csv",
        "Kanji 5.csv",
        "Kanji 6.csv",
    ],
    "Chinese": [
        "basic.csv",
        "introduction.csv",
        "family.csv",
        "basic_extended",
        "numbers.csv",
        "colours.csv",
        "characters 1.csv",
    ],
    "German": ["basic.csv", "numbers.csv"],
    "Spanish": ["basic.csv", "numbers.csv"],
}

# The device's Downloads folder (fixed data: the report names no file).
DOWNLOADS: list[tuple[str, str]] = [("verbs.csv", "1.2 kB"), ("vocabulary.csv", "2.4 kB")]


def label_of(file_name: str) -> str:
    """``ListFileItem.getLabel``: the file name without its ``.csv`` extension."""
    cut = file_name.lower().rfind(".csv")
    return file_name if cut == -1 else file_name[:cut]


def _shown_twice(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of flashcards#16: the lists screen on top shows one file in two rows."""
    rows = (data.get("adapter") or {}).get("files", [])
    return system.get("activity") == LISTS and len(rows) != len(set(rows))


def _import(name: str) -> list[dict[str, Any]]:
    """Tap "Add" and pick ``name`` in the file picker."""
    steps = [click(PACKAGE, "importListBtn", "Add")]
    return steps + [click(PACKAGE, "", name)]


HUMAN_STEPS: tuple[dict[str, Any], ...] = (
    click(PACKAGE, "label", "German"),
    click(PACKAGE, "importListBtn", "Add"),
    allow_permission(PACKAGE),
    *_import("vocabulary.csv"),
    *_import("vocabulary.csv"),
)

_FIRST_IMPORT = [
    click(PACKAGE, "label", "German"),
    click(PACKAGE, "importListBtn", "Add"),
    allow_permission(PACKAGE),
    *_import("vocabulary.csv"),
]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "flashcards#16": [
        # one import only
        list(_FIRST_IMPORT),
        # two different files
        [*_FIRST_IMPORT, *_import("verbs.csv")],
        # the screen re-created after the import: the folder is read again
        [*_FIRST_IMPORT, {"kind": "press_back"}, click(PACKAGE, "label", "German")],
        # the same file imported into two different folders
        [
            *_FIRST_IMPORT,
            {"kind": "press_back"},
            click(PACKAGE, "label", "Spanish"),
            *_import("vocabulary.csv"),
        ],
    ],
}


class FlashCards(VirtualApp):
    """FlashCards v1.2.2: folders of CSV word lists, a lists screen that imports CSV files."""

    name: ClassVar[str] = "flashcards"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "FlashCards"
    version: ClassVar[str] = "1.2.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "flashcards#16",
            "non-crash",
            "overload list",
            _shown_twice,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # <external cache>/lists: empty until MainActivity's first onCreate copies the lists.
        return {"folders": {}, "adapter": None}

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            self._update_list_files(ctx)
            ctx.ui.setdefault("dialog", None)
            ctx.ui.setdefault("new_folder", "")
        elif ctx.activity == LISTS:
            folder = ctx.extras.get("folder", "")
            ctx.ui["selected"] = []
            # ListActivity.onCreate: listAdapter.addAll(getLists()), sorted by label.
            files = sorted(ctx.data["folders"].get(folder, []), key=label_of)
            ctx.data["adapter"] = {"folder": folder, "files": files}

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == LISTS:
            ctx.data["adapter"] = None
        return False

    @staticmethod
    def _update_list_files(ctx: AppContext) -> None:
        folders = ctx.data["folders"]
        for folder, names in SHIPPED.items():
            files = folders.setdefault(folder, [])
            for name in names:
                if name not in files:
                    files.append(name)

    # -- main screen -----------------------------------------------------------------------
    def _open_folder(self, ctx: AppContext, folder: str) -> None:
        ctx.start_activity(LISTS, {"folder": folder})

    def _create_folder(self, ctx: AppContext) -> None:
        name = ctx.ui["new_folder"]
        ctx.ui["dialog"] = None
        ctx.ui["new_folder"] = ""
        if not name or name in ctx.data["folders"]:  # File.mkdir() fails
            ctx.toast("An error occurred while creating the folder")
            return
        ctx.data["folders"][name] = []

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.ui["new_folder"] = ""

    def _main_screen(self, ctx: AppContext) -> Screen:
        rows = [
            w.linear_layout(
                [w.text_view(folder, "label", height=150)],
                on_click=w.bind(self._open_folder, folder),
                height=170,
            )
            for folder in sorted(ctx.data["folders"])
        ]
        body = w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.text_view("Folders", "folderListTitle", height=230),
                        w.list_view(rows, rid="folderList", scroll_key="folders_scroll"),
                    ]
                ),
                w.fab(
                    "addFolderBtn",
                    "",
                    lambda c: c.ui.update(dialog="create_folder"),
                    naf=True,
                ),
            ],
            layout=FRAME,
        )
        windows: list[Window] = []
        if ctx.ui.get("dialog") == "create_folder":
            field = w.edit_text("", ctx.ui["new_folder"], lambda c, t: c.ui.update(new_folder=t))
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Create a new folder"),
                    [w.dialog_message("Set folder name"), field],
                    w.dialog_buttons(
                        ("Create folder", self._create_folder), ("Cancel", self._close_dialog)
                    ),
                    self._close_dialog,
                )
            )
        return Screen(content=body, windows=windows)

    # -- lists screen ----------------------------------------------------------------------
    def _import_list(self, ctx: AppContext) -> None:
        """``showListImport``: the permission first (its answer is not handled), then the
        picker."""
        if STORAGE not in ctx.permissions:
            ctx.request_permission(STORAGE)
        else:
            ctx.start_activity(PICKER)

    def _start(self, ctx: AppContext) -> None:
        adapter = ctx.data["adapter"] or {"files": []}
        if not adapter["files"]:
            ctx.toast("Please add a file")
            return
        ctx.start_activity(GAME)

    def _toggle(self, ctx: AppContext, index: int) -> None:
        w.toggle(ctx.ui["selected"], index)

    def _lists_screen(self, ctx: AppContext) -> Screen:
        adapter = ctx.data["adapter"] or {"folder": "", "files": []}
        selected = ctx.ui.get("selected", [])
        rows = []
        for i, name in enumerate(adapter["files"]):
            rows.append(
                w.linear_layout(
                    [
                        w.text_view(label_of(name), "label", height=150),
                        w.image_button(
                            "showListBtn",
                            "Show lists content",
                            lambda c: c.start_activity(LIST_VIEW),
                            width=150,
                        ),
                        w.check_box(
                            "selectList", "", i in selected, w.bind(self._toggle, i), width=150
                        ),
                    ],
                    horizontal=True,
                    on_click=lambda c: c.start_activity(GAME),
                    height=170,
                )
            )
        start_text = "Start Selection" if selected else "Start All"
        body = w.linear_layout(
            [
                w.text_view(adapter["folder"], "listsTitle", height=230),
                w.list_view(rows, rid="listList", scroll_key="lists_scroll"),
                w.linear_layout(
                    [
                        w.button("importListBtn", "Add", self._import_list, width=300),
                        View(cls="android.view.View"),
                        w.button("startBtn", start_text, self._start, width=400),
                    ],
                    horizontal=True,
                    height=140,
                ),
            ]
        )
        return Screen(content=body)

    # -- the system file picker ------------------------------------------------------------
    def _pick(self, ctx: AppContext, name: str) -> None:
        """RESULT_OK back in ``ListActivity.onActivityResult``: the file is copied into the
        folder (replacing one of the same name) and added to the adapter."""
        adapter = ctx.data["adapter"]
        ctx.finish()
        if adapter is None:
            return
        files = ctx.data["folders"].setdefault(adapter["folder"], [])
        if name not in files:
            files.append(name)
        adapter["files"].append(name)  # the bug: added again when already listed

    def _picker_screen(self, ctx: AppContext) -> Screen:
        rows = [
            w.document_row(name, w.bind(self._pick, name), size=size) for name, size in DOWNLOADS
        ]
        return Screen(content=w.document_picker(rows))

    def _stub(self, title: str) -> Screen:
        return Screen(content=w.linear_layout([w.text_view(title, height=230)]))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == LISTS:
            return self._lists_screen(ctx)
        if ctx.activity == PICKER:
            return self._picker_screen(ctx)
        if ctx.activity == GAME:
            return self._stub("Question")
        if ctx.activity == LIST_VIEW:
            return self._stub("List")
        return self._main_screen(ctx)
