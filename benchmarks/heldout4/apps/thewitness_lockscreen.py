"""The Witness Lock Screen (``com.aren.thewitnesspuzzle``, the GitHub repository
``aren227/TheWitness-LockScreen``) v0.3-beta, for bug TheWitness-LockScreen#23.

Modelled from the sources at commit ``3b337bc`` ("Bump version to v0.3-beta (Apk available)",
17 Sep 2020, the day the report was filed): ``AndroidManifest.xml``, ``activity/MainActivity``,
``GalleryActivity``, ``PuzzleEditorActivity``, ``CreateRandomPuzzleActivity``,
``CreatePatternActivity``, ``dialog/NewPuzzleDialog``, ``gallery/GalleryAdapter``,
``PuzzleFactoryManager`` (the 26 built-in puzzles and their order: by difficulty, the user's own
first), the factories' ``getName``/``getDifficulty``, the layouts ``activity_main``,
``activity_gallery``, ``gridview_layout``, ``new_puzzle_dialog``, ``activity_puzzle_editor``,
``activity_create_random_puzzle_overlay``, ``activity_create_random_puzzle_editor``,
``activity_create_pattern``, ``puzzle_factory_dialog`` and ``values/strings.xml``. The fix is
commit ``b0746c7`` ("Prevent selecting jungle and video room puzzle from the random puzzle
editor, Close #23"): the random editor hides the Jungle and Video Room radio buttons.

Screens: MainActivity (no action bar: "The Witness" / "lock screen", ``lock`` "Lock", ``play``
"Play", ``puzzles`` "Gallery", ``settings`` "Settings", ``disclaimer`` "Disclaimer",
``github_repo``, ``version_name``); GalleryActivity (the profile head: ``profile_name``
"Default", ``dropdown``, ``profile_lock``, ``profile_play``, ``profile_add``,
``profile_delete``; the 3-column ``gallery_grid`` of ``puzzle_preview`` images with their
``puzzle_name``, a tap (de)activating the puzzle, a long press opening the puzzle's dialog; the
last cell is the add button, an image with no name, opening "Create New Puzzle" with the radio
buttons ``new_puzzle_radio_pattern`` "Pattern" / ``new_puzzle_random`` "Random", none checked,
and ``new_puzzle_cancel`` / ``new_puzzle_create``); the puzzle editors (a ScrollView
``editor_window``: ``name``, the ``puzzle_type`` radio group ``grid_puzzle`` "Grid" (checked),
``hexagon_puzzle`` (gone in the random editor), ``jungle_puzzle`` "Jungle",
``video_room_puzzle`` "Video Room", ``palette``, ``puzzle_difficulty`` with its text, the size
``width`` x ``height`` with ``size_refresh``, then for the random editor the rule check boxes;
below, ``puzzle_view`` with the GL SurfaceView and the random editor's ``refresh`` / ``done``, or
the pattern editor's ``instruction`` / ``delete`` / ``next``).

Bug TheWitness-LockScreen#23 (crash): the Jungle and Video Room buttons' listeners
(``PuzzleEditorActivity$3`` / ``$4``) set the type and call ``resetPuzzle``;
``CreateRandomPuzzleActivity.resetPuzzle`` overrides it and, after ``super.resetPuzzle()`` made a
``JunglePuzzle`` or ``VideoRoomPuzzle``, casts the puzzle to ``GridPuzzle``
(``CreateRandomPuzzleActivity.java:743``): ``ClassCastException``. The pattern editor has no such
cast and takes both types. The reporter saw the first crash send the app back to the gallery and
the second one show the crash dialog: Android restarts a crashed app's previous activity once
without a dialog; the virtual device shows the dialog at the first crash, so the model crashes
at the first selection.

Fixed data: MainActivity's daily update check (GitHub's latest release) answers "v0.3-beta", the
installed version, so no "Update Available" dialog shows. Stubbed: the GL rendering (previews
and the puzzle are blank images), Lock (with no activated puzzle it toasts as the app does;
otherwise the overlay-permission settings page and the lock screen service are not modelled),
Play, Settings, the profile controls other than the name field, the colour palette dialog, the
seek bars (shown, not draggable), the rule check boxes' settings panels, drawing a pattern. A
saved random puzzle ("Save & Exit" / "Are you sure?" Yes) joins the gallery first. Crash frames
below the app's own are API 30's, their line numbers approximate.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.aren.thewitnesspuzzle"
MAIN = ".activity.MainActivity"
GALLERY = ".activity.GalleryActivity"
RANDOM = ".activity.CreateRandomPuzzleActivity"
PATTERN = ".activity.CreatePatternActivity"
PLAY = ".activity.PlayActivity"
SETTINGS = ".activity.SettingsActivity"
DISCLAIMER = ".activity.DisclaimerActivity"
VERSION = "v0.3-beta"
CCE = "java.lang.ClassCastException"
TEXT = "android.widget.TextView"
RADIO = "android.widget.RadioButton"
PUZZLE_PKG = "com.aren.thewitnesspuzzle.puzzle"

# PuzzleFactoryManager.registerBuiltInFactories, sorted by difficulty (a stable sort).
BUILT_IN = (
    "Lock #1",
    "Lock #2",
    "Lock #3",
    "Entry Area #1",
    "Entry Area #2",
    "Blue Panel",
    "Triangles",
    "Quarry #1",
    "Green Panel",
    "Glass Factory #2",
    "Treehouse #1",
    "Glass Factory #1",
    "Challenge #2",
    "Challenge #1",
    "Swamp #1",
    "Quarry #2",
    "Symmetry Island #1",
    "Quarry #3",
    "Challenge #3",
    "Treehouse #4",
    "Swamp #2",
    "Treehouse #2",
    "Quarry #4",
    "Treehouse #3",
    "Swamp #3",
    "Treehouse #5",
)
TYPES = (
    ("grid_puzzle", "Grid", "grid"),
    ("hexagon_puzzle", "Hexagon", "hexagon"),
    ("jungle_puzzle", "Jungle", "jungle"),
    ("video_room_puzzle", "Video Room", "video_room"),
)
# The listener of each type's radio button: PuzzleEditorActivity$n and its line.
LISTENERS = {"grid": ("$1", 105), "hexagon": ("$2", 114), "jungle": ("$3", 123),
             "video_room": ("$4", 132)}  # fmt: skip
PUZZLE_CLASSES = {"jungle": "JunglePuzzle", "video_room": "VideoRoomPuzzle"}
RULES = (
    ("broken_line_check_box", "Broken Line"),
    ("hexagon_check_box", "Hexagon"),
    ("square_check_box", "Square"),
    ("blocks_check_box", "Blocks"),
    ("sun_check_box", "Sun"),
    ("triangles_check_box", "Triangles"),
    ("elimination_check_box", "Elimination"),
)
ROW = 420  # a gallery cell: the 360 px square preview and its name
CELL_W = 360


def _frames(kind: str) -> list[str]:
    listener, line = LISTENERS[kind]
    return [
        "com.aren.thewitnesspuzzle.activity.CreateRandomPuzzleActivity.resetPuzzle"
        "(CreateRandomPuzzleActivity.java:743)",
        f"com.aren.thewitnesspuzzle.activity.PuzzleEditorActivity{listener}.onClick"
        f"(PuzzleEditorActivity.java:{line})",
        "android.view.View.performClick(View.java:7448)",
        "android.widget.CompoundButton.performClick(CompoundButton.java:144)",
        "android.view.View.performClickInternal(View.java:7425)",
        "android.view.View.access$3600(View.java:810)",
        "android.view.View$PerformClick.run(View.java:28305)",
        "android.os.Handler.handleCallback(Handler.java:938)",
        "android.os.Handler.dispatchMessage(Handler.java:99)",
        "android.os.Looper.loop(Looper.java:223)",
        "android.app.ActivityThread.main(ActivityThread.java:7656)",
        "java.lang.reflect.Method.invoke(Native Method)",
        "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:592)",
        "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
    ]


S_GALLERY = click(PACKAGE, "puzzles", "Gallery", cls=TEXT)
S_SCROLL: dict[str, Any] = {"kind": "swipe", "direction": "up"}
# The add button: the gallery's last cell, an unnamed preview (third column, row 9).
S_ADD = click(
    PACKAGE, "puzzle_preview", cls="android.widget.ImageView", bounds=[720, 1053, 1080, 1413]
)
S_RANDOM = click(PACKAGE, "new_puzzle_random", "Random", cls=RADIO)
S_PATTERN = click(PACKAGE, "new_puzzle_radio_pattern", "Pattern", cls=RADIO)
S_CREATE = click(PACKAGE, "new_puzzle_create", "Create", cls=TEXT)
S_CANCEL = click(PACKAGE, "new_puzzle_cancel", "Cancel", cls=TEXT)
S_JUNGLE = click(PACKAGE, "jungle_puzzle", "Jungle", cls=RADIO)
S_VIDEO = click(PACKAGE, "video_room_puzzle", "Video Room", cls=RADIO)
S_GRID = click(PACKAGE, "grid_puzzle", "Grid", cls=RADIO)
SCROLLS = (S_SCROLL,) * 3

HUMAN_STEPS = (S_GALLERY, *SCROLLS, S_ADD, S_RANDOM, S_CREATE, S_JUNGLE)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "TheWitness-LockScreen#23": [
        # Pattern instead of Random: the pattern editor takes a Jungle puzzle.
        [S_GALLERY, *SCROLLS, S_ADD, S_PATTERN, S_CREATE, S_JUNGLE],
        # Create with no type chosen does nothing; Cancel closes the dialog.
        [S_GALLERY, *SCROLLS, S_ADD, S_CREATE, S_CANCEL],
        # Grid in the random editor.
        [S_GALLERY, *SCROLLS, S_ADD, S_RANDOM, S_CREATE, S_GRID],
        # Random chosen but the dialog cancelled.
        [S_GALLERY, *SCROLLS, S_ADD, S_RANDOM, S_CANCEL],
    ],
}


class TheWitnessLockScreen(VirtualApp):
    """The Witness Lock Screen v0.3-beta: main menu, gallery, puzzle editors."""

    name: ClassVar[str] = "TheWitness-LockScreen"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "The Witness Lock Screen"
    version: ClassVar[str] = VERSION
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "TheWitness-LockScreen#23",
            "crash",
            "Jungle and Video Room Puzzle crash the app",
            crash_oracle(PACKAGE, CCE, "cannot be cast to", "GridPuzzle"),
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"activated": [], "custom": [], "profile": "Default"}

    # -- main menu -----------------------------------------------------------------------------
    def _lock(self, ctx: AppContext) -> None:
        if not ctx.data["activated"]:
            ctx.toast("Please activate one or more puzzles in the gallery.")
        else:  # Settings.ACTION_MANAGE_OVERLAY_PERMISSION: not modelled
            ctx.log("ThewitnessLockScreen", "overlay permission requested")

    def _main(self) -> View:
        def opener(activity: str) -> Any:
            return lambda c: c.start_activity(activity)

        entries = [
            w.text_view("Lock", "lock", on_click=self._lock),
            w.text_view("Play", "play", on_click=opener(PLAY)),
            w.text_view("Gallery", "puzzles", on_click=opener(GALLERY)),
            w.text_view("Settings", "settings", on_click=opener(SETTINGS)),
            w.text_view("Disclaimer", "disclaimer", on_click=opener(DISCLAIMER)),
        ]
        return w.relative_layout(
            [
                w.linear_layout(
                    [w.text_view("The Witness", height=200), w.text_view("lock screen")],
                    rid="title",
                    height=420,
                    weight=0,
                ),
                w.linear_layout(entries, height=700, weight=0),
                w.image_view(
                    "github_repo",
                    handler=lambda c: c.log("Browser", "github"),
                    height=147,
                    width=147,
                ),  # fmt: skip
                w.text_view(VERSION, "version_name"),
            ]
        )

    # -- gallery -------------------------------------------------------------------------------
    def _names(self, data: dict[str, Any]) -> list[str]:
        return [c["name"] for c in reversed(data["custom"])] + list(BUILT_IN)

    def _toggle(self, ctx: AppContext, name: str) -> None:
        w.toggle(ctx.data["activated"], name)

    def _cell(self, data: dict[str, Any], name: str) -> View:
        active = name in data["activated"]

        def long_press(c: AppContext) -> None:
            c.ui["dialog"] = {"kind": "factory", "name": name}

        image = w.image_view(
            "puzzle_preview", handler=w.bind(self._toggle, name), on_long_click=long_press
        )
        # The outline of an activated puzzle (puzzle_selected) is INVISIBLE otherwise.
        outline = [View(cls="android.view.View", resource_id="puzzle_selected")] if active else []
        return w.linear_layout(
            [
                w.relative_layout([image, *outline], layout=FRAME, height=360),
                w.text_view(name, "puzzle_name", height=60),
            ],
            rid="preview_root",
            width=CELL_W,
            height=ROW,
        )

    def _add_cell(self) -> View:
        def open_dialog(c: AppContext) -> None:
            c.ui["dialog"] = {"kind": "new", "choice": ""}

        # GalleryPreview.addButton(): a cell like the others, its name empty, no outline.
        return w.linear_layout(
            [
                w.relative_layout(
                    [w.image_view("puzzle_preview", handler=open_dialog, height=360)],
                    height=360,
                ),
                w.text_view("", "puzzle_name", height=60),
            ],
            rid="preview_root",
            width=CELL_W,
            height=ROW,
        )

    def _gallery(self, ctx: AppContext) -> Screen:
        data = ctx.data
        cells = [self._cell(data, n) for n in self._names(data)] + [self._add_cell()]
        rows = [
            w.linear_layout(cells[i : i + 3], horizontal=True, height=ROW, weight=0)
            for i in range(0, len(cells), 3)
        ]

        def rename(c: AppContext, text: str) -> None:
            c.data["profile"] = text

        head = w.linear_layout(
            [
                w.edit_text("profile_name", data["profile"], rename, width=420),
                *(
                    w.image_view(rid, handler=lambda c: None, width=126)
                    for rid in ("dropdown", "profile_lock", "profile_play")
                ),
                w.linear_layout(
                    [
                        w.image_view(rid, handler=lambda c: None, width=126)
                        for rid in ("profile_add", "profile_delete")
                    ],
                    horizontal=True,
                ),
            ],
            rid="head",
            horizontal=True,
            height=150,
            weight=0,
        )
        grid = w.list_view(
            rows,
            rid="gallery_grid",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="scroll",
        )
        content = w.relative_layout([w.linear_layout([head, grid])], rid="gallery_root")
        windows: list[Window] = []
        dialog = ctx.ui.get("dialog")
        if dialog and dialog["kind"] == "new":
            windows.append(self._new_dialog(dialog["choice"]))
        elif dialog:
            windows.append(self._factory_dialog(ctx, dialog["name"]))
        return Screen(content=content, windows=windows)

    def _close(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _new_dialog(self, choice: str) -> Window:
        def choose(c: AppContext, value: str) -> None:
            c.ui["dialog"]["choice"] = value

        def create(c: AppContext) -> None:
            target = {"pattern": PATTERN, "random": RANDOM}.get(c.ui["dialog"]["choice"])
            if target:  # with neither checked, Create does nothing
                c.ui["dialog"] = None
                c.start_activity(target)

        radios = [
            w.radio_button(rid, text, choice == value, w.bind(choose, value))
            for rid, text, value in (
                ("new_puzzle_radio_pattern", "Pattern", "pattern"),
                ("new_puzzle_random", "Random", "random"),
            )
        ]
        root = w.relative_layout(
            [
                w.text_view("Create New Puzzle", "title"),
                View(
                    cls="android.widget.RadioGroup",
                    resource_id="new_puzzle_radiogroup",
                    weight=0,
                    children=radios,
                ),  # fmt: skip
                w.linear_layout(
                    [
                        w.text_view("Cancel", "new_puzzle_cancel", on_click=self._close),
                        w.text_view("Create", "new_puzzle_create", on_click=create),
                    ],
                    horizontal=True,
                    height=130,
                    weight=0,
                ),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=self._close)

    def _factory_dialog(self, ctx: AppContext, name: str) -> Window:
        """PuzzleFactoryDialog: built-in puzzles cannot be changed; the user's own have
        Settings (the editor again) and Remove."""
        custom = any(c["name"] == name for c in ctx.data["custom"])
        body: list[View] = [
            w.text_view(name, "name"),
            w.image_view("thumbnail", height=360),
        ]
        if custom:

            def settings(c: AppContext) -> None:
                c.ui["dialog"] = None
                c.start_activity(RANDOM)

            def remove(c: AppContext) -> None:
                c.ui["dialog"] = None
                c.data["custom"] = [p for p in c.data["custom"] if p["name"] != name]

            body.append(
                w.linear_layout(
                    [
                        w.text_view("Settings", "puzzle_settings", on_click=settings),
                        w.text_view("Remove", "puzzle_remove", on_click=remove),
                    ],
                    horizontal=True,
                    height=130,
                    weight=0,
                )
            )
        else:
            body.append(
                w.text_view(
                    "This puzzle cannot be modified or removed.", "puzzle_cant_be_removed"
                )  # fmt: skip
            )
        return Window(root=w.linear_layout(body, weight=0), on_dismiss=self._close)

    # -- editors -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity in (RANDOM, PATTERN) and "type" not in ctx.ui:
            default = "New Randomized Puzzle" if ctx.activity == RANDOM else "New Pattern"
            ctx.ui.update(type="grid", name=default, width="4", height="4", rules=[])

    def _pick_type(self, ctx: AppContext, kind: str) -> None:
        """The type radio buttons' listeners: set the type, then ``resetPuzzle``."""
        ctx.ui["type"] = kind
        if ctx.activity == RANDOM and kind in PUZZLE_CLASSES:
            # CreateRandomPuzzleActivity.resetPuzzle: (GridPuzzle) puzzle.
            raise JavaException(
                CCE,
                f"{PUZZLE_PKG}.{PUZZLE_CLASSES[kind]} cannot be cast to {PUZZLE_PKG}.GridPuzzle",
                frames=_frames(kind),
            )

    def _save(self, ctx: AppContext) -> None:
        if not ctx.ui["name"].strip():
            ctx.ui["dialog"] = "error"
        else:
            ctx.ui["dialog"] = "save"

    def _saved(self, ctx: AppContext) -> None:
        ctx.data["custom"].append({"name": ctx.ui["name"].strip(), "rules": ctx.ui["rules"]})
        ctx.ui["dialog"] = None
        ctx.finish()

    def _editor(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        random = ctx.activity == RANDOM

        def typed(key: str) -> Any:
            def handler(c: AppContext, text: str) -> None:
                c.ui[key] = text

            return handler

        def label(text: str) -> View:
            return w.text_view(text, width=300)

        radios = [
            w.radio_button(rid, text, ui["type"] == kind, w.bind(self._pick_type, kind), height=110)
            for rid, text, kind in TYPES
            if not (random and kind == "hexagon")
        ]
        rows: list[View] = [
            w.linear_layout(
                [label("Name: "), w.edit_text("name", ui["name"], typed("name"))],
                horizontal=True,
                height=150,
                weight=0,
            ),
            w.linear_layout(
                [
                    label("Type: "),
                    View(
                        cls="android.widget.RadioGroup", resource_id="puzzle_type", children=radios
                    ),  # fmt: skip
                ],
                horizontal=True,
                height=110 * len(radios),
                weight=0,
            ),
            w.linear_layout(
                [
                    label("Colors: "),
                    View(
                        cls="com.aren.thewitnesspuzzle.view.ColorPaletteView",
                        resource_id="palette",
                        on_click=lambda c: None,
                    ),
                ],
                horizontal=True,
                height=130,
                weight=0,
            ),  # fmt: skip
        ]
        if random:
            rows.append(
                w.linear_layout(
                    [
                        label("Difficulty: "),
                        w.linear_layout(
                            [
                                View(cls="android.widget.SeekBar", resource_id="puzzle_difficulty"),
                                w.text_view("Always Solvable", "puzzle_difficulty_text"),
                            ]
                        ),  # fmt: skip
                    ],
                    rid="difficulty_container",
                    horizontal=True,
                    height=200,
                    weight=0,
                )
            )
        if ui["type"] in ("grid", "jungle"):
            size: list[View] = [label("Size: "), w.edit_text("width", ui["width"], typed("width"))]
            if ui["type"] == "grid":
                size += [
                    w.text_view(" x ", width=80),
                    w.edit_text("height", ui["height"], typed("height")),
                ]
            size.append(w.image_view("size_refresh", handler=lambda c: None, width=126))
            rows.append(w.linear_layout(size, rid="grid_size", horizontal=True, height=150,
                                        weight=0))  # fmt: skip
        if random:
            for rid, text in RULES:
                rows.append(
                    w.check_box(rid, text, rid in ui["rules"],
                                w.bind(lambda c, r: w.toggle(c.ui["rules"], r), rid))
                )  # fmt: skip
            overlay = [
                w.image_view("refresh", handler=lambda c: None, width=168, height=168),
                View(cls="android.view.View", height=0),  # alignParentLeft / alignParentRight
                w.image_view("done", handler=self._save, width=168, height=168),
            ]
        else:
            overlay = [
                w.text_view("Draw your unlock pattern.", "instruction"),
                w.linear_layout(
                    [w.image_view("delete", width=168), w.image_view("next", width=168)],
                    horizontal=True,
                    height=168,
                    weight=0,
                ),
            ]
        editor = w.scroll_view(
            [w.linear_layout(rows, rid="editor_window", weight=0)],
            scrollable=True,
            scroll_key="editor_scroll",
        )
        puzzle = w.relative_layout(
            [View(cls="android.view.SurfaceView", height=500),
             w.relative_layout(overlay, layout=HORIZONTAL, height=300)],
            rid="puzzle_view",
        )  # fmt: skip
        windows: list[Window] = []
        if ui.get("dialog") == "error":
            windows.append(
                w.confirm_dialog("Error", "Please enter a name", ("OK", self._close), None,
                                 self._close)
            )  # fmt: skip
        elif ui.get("dialog") == "save":
            windows.append(
                w.confirm_dialog("Save & Exit", "Are you sure?", ("Yes", self._saved),
                                 ("No", self._close), self._close)
            )  # fmt: skip
        return Screen(content=w.linear_layout([editor, puzzle]), windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == GALLERY:
            return self._gallery(ctx)
        if ctx.activity in (RANDOM, PATTERN):
            return self._editor(ctx)
        if ctx.activity == DISCLAIMER:
            return Screen(
                content=w.linear_layout(
                    [
                        w.text_view(
                            "This application is based on Jonathan Blow's video game, The "
                            "Witness. All rights go to Jonathan Blow and Thekla, Inc.",
                            height=300,
                        ),
                        w.text_view(
                            "This application is just for fun and can't protect your phone!",
                            height=300,
                        ),
                    ]
                )
            )
        if ctx.activity in (PLAY, SETTINGS):
            return Screen(content=w.frame_layout([View(cls="android.view.SurfaceView")]))
        return Screen(content=self._main())
