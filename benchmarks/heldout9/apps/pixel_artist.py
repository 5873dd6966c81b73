"""Pixel Artist (``rodrigodavy.com.github.pixelartist``) 3.0, for PixelArtist#32.

Modelled from the sources at commit ``eb706945934f03a49c146676404a29ee7c928fd6`` ("bump version
to 3.0", versionCode 3, the build the report's stack trace matches line for line:
``MainActivity.java:378`` and ``:216``), files ``app/src/main/AndroidManifest.xml``,
``app/build.gradle``, ``MainActivity.java``, ``ColorSelector.java``, ``DrawerMenuItemAdapter.java``,
``res/layout/drawer_layout.xml``, ``activity_main.xml``, ``paper_line.xml``, ``canvas.xml``,
``drawer.xml``, ``drawer_list_item.xml``, ``dialog_save.xml``, ``activity_color_selector.xml``,
``res/menu/main_options_menu.xml``, ``res/values/strings.xml``, ``styles.xml``, ``colors.xml``, and
the fix, commit ``65e4a14`` ("Fix bug that pixels wouldn't be assigned a color and, thus, trying to
save or changing activities would make the app crash"), which adds ``fillScreen(color_1)`` to
``onCreate``.

The screen (no intro, no permission dialog at launch): an AppCompat ``DarkActionBar`` titled
"Pixel Artist" with the drawer toggle ("Open navigation drawer") and the two ``ifRoom`` menu
items as icons ("Fill screen with selected color", "Show/Hide pixel grid"); below it a
ScrollView/HorizontalScrollView holding ``paper_linear_layout``: 16 rows of 16 "pixels"
(TextViews with no id or text, 40 dp, ``onClick="changeColor"``), then the palette
``palette_linear_layout`` of 16 round buttons ``color_button_0`` ... ``color_button_15`` (tap:
select the colour, long press: ``ColorSelector``). The drawer (``left_drawer``) lists "New",
"Open", "Save", "Export" and "About" (``drawer_item_text`` rows under the ``drawer_header``
picture). Only the first ten columns fit on the screen; the model does not scroll sideways.

The bug (PixelArtist#32, crash): the AppCompat migration left the ``Pixel`` style with
``<item name="background">`` (no ``android:`` prefix), which a TextView ignores, so on a fresh
install (no ``.tmp`` file for ``openFile`` to load) every pixel has no background at all until
it is tapped or filled. ``saveFile`` writes each pixel's ``((ColorDrawable)
v.getBackground()).getColor()`` and throws a NullPointerException at the first unpainted one:
the drawer's "Save", a file name (or none) and OK crash the app. The file has already been
created (``createNewFile``) and stays empty (the ``FileWriter`` never flushes), so "Open" then
lists it and fails with "Couldn't open file". The same ``saveFile(".tmp")`` runs in ``onStop``:
leaving the screen (Back, "About", a long press on a palette colour) with unpainted pixels
crashes too, as "Unable to stop activity"; painting every pixel ("Fill screen ..." or "New")
avoids both.

The crash's message and frames are the report's (the message names ``View.getBackground()``,
as the minified release build's NPE reads; the sources' line dereferences the background); the
``onStop`` crash's framework frames are Android 9's, written by the model (line numbers not
checked). Stubbed: "About" opens the README in a browser (another app; the model only runs
``onStop``), "Export" shows the app's "no write permission" toast (3.0 checks
``checkCallingPermission``, always denied), ``ColorSelector`` shows its controls and "Apply"
just returns without changing the palette.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "rodrigodavy.com.github.pixelartist"
MAIN = ".MainActivity"
COLOR_SELECTOR = ".ColorSelector"
SIZE = 16
PIXEL_PX = 105  # 40 dp
WHITE = -1
# colors.xml color_0 ... color_15 as ints.
PALETTE = [
    int(h, 16) - (1 << 24)
    for h in (
        *("000000", "ffffff", "ff0000", "00ff00", "ffff00", "0000ff", "ff00ff", "00ffff"),
        *("404040", "800000", "008000", "808000", "000080", "800080", "008080", "808080"),
    )
]
DRAWER_ITEMS = ("New", "Open", "Save", "Export", "About")
NEW_MESSAGE = "Creating a new drawing will erase the old one. \n\nThis operation cannot be undone!"
FILL_MESSAGE = (
    "This will fill the drawable area with the selected color. \n\nThis operation cannot be undone!"
)
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'android.graphics.drawable.Drawable "
    "android.view.View.getBackground()' on a null object reference"
)
APP = "rodrigodavy.com.github.pixelartist.MainActivity"
LOOPER_28 = [
    "android.os.Looper.loop(Looper.java:214)",
    "android.app.ActivityThread.main(ActivityThread.java:6981)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:493)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:1445)",
]


def _save_crash() -> JavaException:
    """``saveFile`` from the Save dialog's OK (the report's trace)."""
    return JavaException(
        "java.lang.NullPointerException",
        NPE_MESSAGE,
        frames=[
            f"{APP}.saveFile(MainActivity.java:378)",
            f"{APP}$4.lambda$execute$0(MainActivity.java:216)",
            f"{PACKAGE}.-$$Lambda$MainActivity$4$Zt-n2WSLyBT4r5AKmZAaXCSCEsM"
            ".onClick(Unknown Source:4)",
            "androidx.appcompat.app.AlertController$ButtonHandler.handleMessage("
            "AlertController.java:167)",
            "android.os.Handler.dispatchMessage(Handler.java:106)",
            *LOOPER_28,
        ],
    )


def _stop_crash() -> JavaException:
    """``saveFile(".tmp")`` from ``onStop``, wrapped by ActivityThread.callActivityOnStop."""
    stop = [
        "android.app.ActivityThread.callActivityOnStop(ActivityThread.java:4183)",
        "android.app.ActivityThread.performStopActivityInner(ActivityThread.java:4145)",
        "android.app.ActivityThread.handleStopActivity(ActivityThread.java:4220)",
        "android.app.servertransaction.StopActivityItem.execute(StopActivityItem.java:41)",
        "android.app.servertransaction.TransactionExecutor.executeLifecycleState("
        "TransactionExecutor.java:145)",
        "android.app.servertransaction.TransactionExecutor.execute(TransactionExecutor.java:70)",
        "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1816)",
        "android.os.Handler.dispatchMessage(Handler.java:106)",
        *LOOPER_28,
    ]
    cause = JavaException(
        "java.lang.NullPointerException",
        NPE_MESSAGE,
        frames=[
            f"{APP}.saveFile(MainActivity.java:378)",
            f"{APP}.onStop(MainActivity.java:119)",
            "android.app.Instrumentation.callActivityOnStop(Instrumentation.java:1432)",
            "android.app.Activity.performStop(Activity.java:7325)",
            *stop,
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        f"Unable to stop activity {{{PACKAGE}/{APP}}}: java.lang.NullPointerException: "
        f"{NPE_MESSAGE}",
        frames=stop,
        cause=cause,
    )


def crashed_on_save(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of PixelArtist#32: the Save dialog's ``saveFile`` threw the NPE (the
    ``onStop`` path records a RuntimeException instead)."""
    return crashed(system, PACKAGE, "java.lang.NullPointerException", "getBackground()")


def _drawer_item(title: str) -> dict[str, Any]:
    return click(PACKAGE, "drawer_item_text", title, cls="android.widget.TextView")


OPEN_DRAWER = click(PACKAGE, desc="Open navigation drawer", cls="android.widget.ImageButton")
OK = click(PACKAGE, "android:id/button1", "OK", cls="android.widget.Button")
CANCEL = click(PACKAGE, "android:id/button2", "Cancel", cls="android.widget.Button")
FILL = click(
    PACKAGE, "menu_fill", desc="Fill screen with selected color", cls="android.widget.TextView"
)
FILENAME = input_text(PACKAGE, "dialog_filename_edit_text", "art", hint="Filename")

BUG_32 = BugSpec(
    bug_id="PixelArtist#32",
    kind="crash",
    title="Major Bug: Crash when hitting save",
    oracle=crashed_on_save,
    human_steps=(OPEN_DRAWER, _drawer_item("Save"), OK),
)

WRONG_SEQUENCES = {
    "PixelArtist#32": [
        # Cancel instead of OK.
        [OPEN_DRAWER, _drawer_item("Save"), FILENAME, CANCEL],
        # Every pixel filled first: the save succeeds.
        [FILL, OK, OPEN_DRAWER, _drawer_item("Save"), FILENAME, OK],
        # "New" paints the canvas white: the save succeeds.
        [OPEN_DRAWER, _drawer_item("New"), OK, OPEN_DRAWER, _drawer_item("Save"), OK],
        # Open and Export instead of Save.
        [OPEN_DRAWER, _drawer_item("Open"), OPEN_DRAWER, _drawer_item("Export")],
    ]
}


class PixelArtist30(VirtualApp):
    """Pixel Artist 3.0 (see the module docstring)."""

    name: ClassVar[str] = "PixelArtist"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Pixel Artist"
    version: ClassVar[str] = "3.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_32,)

    def initial_data(self) -> dict[str, Any]:
        # files: name in getExternalFilesDir(PICTURES) -> 256 colours, or None for an empty file.
        return {"files": {}, "grid": True}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN or "pixels" in ctx.ui:
            return
        ctx.ui.update(
            pixels=[None] * (SIZE * SIZE),  # None: the view has no background drawable
            colors=list(PALETTE),
            current=PALETTE[0],  # initPalette: selectColor(colorButtons[0])
            grid=ctx.data["grid"],
            drawer=False,
            dialog=None,  # None | "new" | "fill" | "save" | "open"
            filename="",
        )
        # The bug: nothing paints the pixels here (the fix calls fillScreen(color_1) first).
        self._open_file(ctx, ".tmp", toast=False)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        if ctx.ui["dialog"] is not None:
            ctx.ui["dialog"] = None
            return True
        if ctx.ui["drawer"]:
            ctx.ui["drawer"] = False
            return True
        self._on_stop(ctx)
        return False

    def _on_stop(self, ctx: AppContext) -> None:
        """``onStop``: ``saveFile(".tmp", false)`` and the grid preference."""
        ctx.data["grid"] = ctx.ui["grid"]
        if not self._write(ctx, ".tmp"):
            raise _stop_crash()

    def _write(self, ctx: AppContext, name: str) -> bool:
        """``saveFile``'s body: the file is created, then each pixel's colour read; False when
        an unpainted pixel's null background would throw (the file stays empty)."""
        files = ctx.data["files"]
        files[name] = None
        if any(p is None for p in ctx.ui["pixels"]):
            return False
        files[name] = list(ctx.ui["pixels"])
        return True

    def _open_file(self, ctx: AppContext, name: str, *, toast: bool) -> None:
        files = ctx.data["files"]
        if name not in files:
            if toast:
                ctx.toast("File not found")
            return
        content = files[name]
        if content is None:
            if toast:
                ctx.toast("Couldn't open file")
            return
        ctx.ui["pixels"] = list(content)
        if toast:
            ctx.toast("File opened successfully")

    # -- handlers ----------------------------------------------------------------------------
    def _paint(self, ctx: AppContext, index: int) -> None:
        ctx.ui["pixels"][index] = ctx.ui["current"]

    def _pick(self, ctx: AppContext, index: int) -> None:
        ctx.ui["current"] = ctx.ui["colors"][index]

    def _pick_from_pixel(self, ctx: AppContext, index: int) -> None:
        # The pixel's long-click listener: ((ColorDrawable) view.getBackground()).getColor().
        color = ctx.ui["pixels"][index]
        if color is None:
            raise JavaException(
                "java.lang.NullPointerException",
                "Attempt to invoke virtual method 'int android.graphics.drawable.ColorDrawable"
                ".getColor()' on a null object reference",
                frames=[
                    f"{APP}.lambda$initPixels$4$MainActivity(MainActivity.java:572)",
                    "android.view.View.performLongClickInternal(View.java:6861)",
                    "android.view.View.performLongClick(View.java:6819)",
                    "android.os.Handler.handleCallback(Handler.java:873)",
                    "android.os.Handler.dispatchMessage(Handler.java:99)",
                    *LOOPER_28,
                ],
            )
        ctx.ui["current"] = color

    def _edit_color(self, ctx: AppContext, index: int) -> None:
        self._on_stop(ctx)
        ctx.start_activity(COLOR_SELECTOR, {"position": index, "color": ctx.ui["colors"][index]})

    def _drawer_action(self, ctx: AppContext, title: str) -> None:
        ui = ctx.ui
        ui["drawer"] = False
        if title == "New":
            ui["dialog"] = "new"
        elif title == "Save":
            ui.update(dialog="save", filename="")
        elif title == "Open":
            if ctx.data["files"]:  # path.listFiles().length > 0: any file, even ".tmp"
                ui["dialog"] = "open"
            else:
                ctx.toast("No files found")
        elif title == "Export":
            ctx.toast("App doesn't have write permission!")
        else:  # About: an ACTION_VIEW of the README; MainActivity stops.
            self._on_stop(ctx)
            ctx.toast("Opening https://github.com/RodrigoDavy/PixelArtist/blob/master/README.md")

    def _fill(self, ctx: AppContext, color: int) -> None:
        ctx.ui["pixels"] = [color] * (SIZE * SIZE)
        ctx.ui["dialog"] = None

    def _save(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        name = ctx.ui["filename"] + ".pixel_artist"
        if not self._write(ctx, name):
            raise _save_crash()
        ctx.toast("File saved")

    def _open(self, ctx: AppContext, name: str) -> None:
        ctx.ui["dialog"] = None
        self._open_file(ctx, name + ".pixel_artist", toast=True)

    def _toggle_grid(self, ctx: AppContext) -> None:
        ctx.ui["grid"] = not ctx.ui["grid"]

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == COLOR_SELECTOR:
            return self._render_selector(ctx)
        ui = ctx.ui
        bar = w.toolbar(
            "Pixel Artist",
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=[
                w.action_item(
                    "menu_fill",
                    "Fill screen with selected color",
                    lambda c: c.ui.update(dialog="fill"),
                ),
                w.action_item("menu_grid", "Show/Hide pixel grid", self._toggle_grid),
            ],
            rid="action_bar",
        )
        size = PIXEL_PX + (3 if ui["grid"] else 0)
        rows = [
            w.linear_layout(
                [
                    View(
                        cls="android.widget.TextView",
                        width=size,
                        height=size,
                        on_click=w.bind(self._paint, r * SIZE + c),
                        on_long_click=w.bind(self._pick_from_pixel, r * SIZE + c),
                    )
                    for c in range(SIZE)
                ],
                horizontal=True,
                height=size,
            )
            for r in range(SIZE)
        ]
        paper = w.linear_layout(rows, rid="paper_linear_layout", weight=0)
        scroller = w.scroll_view(
            [View(cls="android.widget.HorizontalScrollView", children=[paper], weight=0)]
        )
        palette = w.linear_layout(
            [
                w.button(
                    f"color_button_{i}",
                    handler=w.bind(self._pick, i),
                    on_long_click=w.bind(self._edit_color, i),
                    width=126,
                    height=126,
                )
                for i in range(SIZE)
            ],
            rid="palette_linear_layout",
            horizontal=True,
            height=126,
        )
        bottom = View(cls="android.widget.HorizontalScrollView", children=[palette], height=126)
        main = w.linear_layout([scroller, bottom])
        drawer = None
        if ui["drawer"]:
            entries = [
                w.text_view(title, "drawer_item_text", on_click=w.bind(self._drawer_action, title))
                for title in DRAWER_ITEMS
            ]
            drawer = w.linear_layout(
                [
                    w.image_view("drawer_header", height=630),
                    View(
                        cls="android.widget.ListView", resource_id="left_drawer", children=entries
                    ),
                ],
                width=630,
                gravity="start",
            )
        root = w.linear_layout([bar, w.drawer_layout(main, drawer)])
        return Screen(content=root, windows=self._windows(ctx))

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731 - a one-line handler
        dialog = ui["dialog"]
        if dialog == "new":
            return [
                w.confirm_dialog(
                    "New drawing",
                    NEW_MESSAGE,
                    ("OK", lambda c: self._fill(c, WHITE)),
                    ("Cancel", close),
                    close,
                )
            ]
        if dialog == "fill":
            return [
                w.confirm_dialog(
                    "Fill drawable area",
                    FILL_MESSAGE,
                    ("OK", lambda c: self._fill(c, c.ui["current"])),
                    ("Cancel", close),
                    close,
                )
            ]
        if dialog == "save":
            field = w.edit_text(
                "dialog_filename_edit_text",
                ui["filename"],
                lambda c, text: c.ui.update(filename=text),
                hint="Filename",
            )
            return [w.input_dialog("Save", field, ("OK", self._save), ("Cancel", close), close)]
        if dialog == "open":
            names = [n[: -len(".pixel_artist")] for n in ctx.data["files"] if ".pixel_artist" in n]
            names.reverse()  # list.add(0, name): the newest listing first
            rows = [
                w.text_view(name, "android:id/text1", on_click=w.bind(self._open, name))
                for name in names
            ]
            listing = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                children=rows,
                weight=0,
            )
            return [w.alert_dialog(w.dialog_title("Open"), [listing], [], close)]
        return []

    def _render_selector(self, ctx: AppContext) -> Screen:
        bar = w.toolbar("Color Selector", navigation=w.up_button(), rid="action_bar")

        def channel(label: str, rid: str) -> View:
            return w.linear_layout(
                [
                    w.text_view(label, width=80),
                    View(cls="android.widget.SeekBar", resource_id=rid, height=110),
                ],
                horizontal=True,
                height=110,
            )

        body = w.linear_layout(
            [
                channel("R", "seekBarRed"),
                channel("G", "seekBarGreen"),
                channel("B", "seekBarBlue"),
                w.linear_layout(
                    [
                        w.button("old_color", width=300),
                        w.text_view("->", width=120),
                        w.button("new_color", width=300),
                    ],
                    horizontal=True,
                    height=140,
                ),
                w.button(text="Apply", handler=w.finish),
                View(),
            ]
        )
        return Screen(
            content=w.linear_layout([bar, View(cls="android.widget.ScrollView", children=[body])])
        )
