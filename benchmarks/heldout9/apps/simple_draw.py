"""Simple Draw (``com.simplemobiletools.draw``) 3.1.6, for Simple-Draw#99.

Modelled from the sources at tag ``3.1.6`` (commit ``be84d5412a21029c1649c0f281b7c9df697e2188``):
``app/build.gradle`` (targetSdk 27, commons 3.17.19), ``MainActivity.kt``, ``SettingsActivity.kt``,
``views/MyCanvas.kt``, ``dialogs/SaveImageDialog.kt``, ``helpers/Config.kt``,
``res/layout/activity_main.xml``, ``activity_settings.xml``, ``dialog_save_image.xml``,
``res/menu/menu.xml``, ``res/values/strings.xml``; and from Simple-Commons at ``ec39ec0ba`` (its
version 3.17.19): ``ColorPickerDialog.kt``, ``FilePickerDialog.kt``, ``Activity.kt``
(``appLaunched``, ``checkWhatsNew``: nothing is shown on a fresh install), layouts
``dialog_color_picker.xml``, ``dialog_filepicker.xml``, ``filepicker_list_item.xml`` and strings.

Screen: the launcher's ``SplashActivity`` opens ``MainActivity`` at once. The ``MyCanvas``
(``my_canvas``) fills the window under the action bar ("Draw", the application label);
``undo`` / ``redo`` (shown only when there is something to undo / redo), ``eraser`` and
``color_picker`` are icon ImageViews with no description; ``stroke_width_bar`` is hidden (the
"Show brush size tool" setting is off by default). The menu shows "Save", "Clear" and "Share"
as icons; "Open file", "Change background color", "Settings" and "About" are in the overflow.
A tap on the canvas draws a dot, a swipe a line (a stroke of the eraser when it is on: the
eraser paints with the canvas background colour). "Save" asks for the storage permission
(runtime, targetSdk 27), then shows "Save as" (path ``Internal/Simple Draw``, filename
``image_<date>``, .png / .svg / .jpg). "Open file" asks for the permission too, then shows the
commons "Select a file" picker at the last save folder.

The bug (Simple-Draw#99, non-crash): ``MainActivity.openPath`` only hands the picked image to
``my_canvas.drawBitmap``, which sets ``mBackgroundBitmap``; nothing clears ``mPaths``. ``onDraw``
paints the background bitmap first and every path over it, so the strokes made before opening
(the eraser's strokes in the background colour) still cover the opened drawing. ("Clear" and
"Undo" do empty the paths; only strokes left on the canvas show.) The oracle: an image has been
opened and an eraser stroke drawn before the opening is still on the canvas.

Fixed world data: shared storage holds the usual empty top-level folders; the picked colour of
a tap in the colour picker's square is a fixed saturation/value (the model has no touch
coordinates); the save timestamp is fixed. The canvas (activity memory) is kept in ``data`` so
the oracle can read it, and is reset whenever a new MainActivity instance starts. Stubbed:
Settings (its switches, only "Show brush size tool" acts), About (a title), Share (the system
chooser, shown empty), the brush colour dialog acts like the background one.
"""

from __future__ import annotations

import colorsys
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.simplemobiletools.draw"
SPLASH = ".activities.SplashActivity"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
ABOUT = "com.simplemobiletools.commons.activities.AboutActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
ROOT = "/storage/emulated/0"
SAVE_FOLDER = f"{ROOT}/Simple Draw"
FILENAME = "image_2018_04_06_11_42_17"  # getCurrentFormattedDateTime at the fixed save time
WHITE, BLACK = 0xFFFFFF, 0x000000
TOP_FOLDERS = ("Alarms", "DCIM", "Download", "Movies", "Music", "Notifications", "Pictures")
OVERFLOW = ("Open file", "Change background color", "Settings", "About")


def _hex(color: int) -> str:
    return f"{color:06X}"


def _hsv_to_color(h: float, s: float, v: float) -> int:
    r, g, b = colorsys.hsv_to_rgb(h / 360.0, s, v)
    return (round(r * 255) << 16) | (round(g * 255) << 8) | round(b * 255)


def _color_to_hsv(color: int) -> list[float]:
    r, g, b = ((color >> 16) & 255) / 255, ((color >> 8) & 255) / 255, (color & 255) / 255
    h, s, v = colorsys.rgb_to_hsv(r, g, b)
    return [h * 360.0, s, v]


def stale_eraser_over_opened_image(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Simple-Draw#99: after "Open file" loaded an image, an eraser stroke
    drawn before the opening still covers it."""
    canvas = data.get("canvas") or {}
    kept = set(canvas.get("kept_on_open", []))
    return canvas.get("image") is not None and any(
        p["eraser"] and p["id"] in kept for p in canvas.get("paths", [])
    )


def _c(rid: str = "", text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc, cls)


MORE = _c(desc="More options", cls="android.widget.ImageView")
CANVAS = _c("my_canvas", cls="android.view.View")
ERASER = _c("eraser", cls="android.widget.ImageView")
SAVE = _c("menu_save", desc="Save", cls="android.widget.TextView")
OK = _c("android:id/button1", "OK", cls="android.widget.Button")
ALLOW = allow_permission(PACKAGE)
PICTURE = f"{FILENAME}.png"

STEPS_99 = (
    MORE,
    _c("title", "Change background color", cls="android.widget.TextView"),
    _c("color_picker_square", cls="android.view.View"),
    OK,
    CANVAS,
    SAVE,
    ALLOW,
    OK,
    ERASER,
    CANVAS,
    MORE,
    _c("title", "Open file", cls="android.widget.TextView"),
    _c("list_item_name", PICTURE, cls="android.widget.TextView"),
)

BUG_99 = BugSpec(
    bug_id="Simple-Draw#99",
    kind="non-crash",
    title="Unable to recover saved drawn object",
    oracle=stale_eraser_over_opened_image,
    human_steps=STEPS_99,
)

_OPEN = STEPS_99[10:]
WRONG_SEQUENCES = {
    "Simple-Draw#99": [
        # "Clear" instead of the eraser: the paths are emptied before opening.
        [
            *STEPS_99[:8],
            _c("clear", desc="Clear", cls="android.widget.TextView"),
            *_OPEN[:2],
            _c("list_item_name", "Simple Draw", cls="android.widget.TextView"),
            _OPEN[2],
        ],
        # No erasing at all: only the drawn dot stays over the opened picture.
        [*STEPS_99[:8], *_OPEN],
        # The eraser stroke undone before opening.
        [*STEPS_99[:10], _c("undo", cls="android.widget.ImageView"), *_OPEN],
        # The file picker cancelled.
        [*STEPS_99[:12], _c("android:id/button2", "Cancel", cls="android.widget.Button")],
        # Eraser stroke made after opening the file.
        [*STEPS_99[:8], *_OPEN, ERASER, CANVAS],
    ]
}


class SimpleDraw316(VirtualApp):
    """Simple Draw 3.1.6 (see the module docstring)."""

    name: ClassVar[str] = "Simple-Draw"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Draw"
    version: ClassVar[str] = "3.1.6"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_99,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "config": {
                "show_brush_size": False,
                "brush_color": BLACK,
                "background": WHITE,
                "last_save_folder": "",
                "avoid_whats_new": False,
                "prevent_sleep": False,
            },
            # Shared storage: folder -> {file name: saved drawing}.
            "storage": {ROOT: {}, **{f"{ROOT}/{name}": {} for name in TOP_FOLDERS}},
            "canvas": None,
            "next_id": 1,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:  # commons' BaseSplashActivity: open MainActivity, finish
            ctx.start_activity(MAIN)
            ctx.finish()
            return
        if ctx.activity != MAIN or ctx.ui.get("started"):
            return  # a re-created instance keeps its paths (MyParcelable) and image path
        cfg = ctx.data["config"]
        ctx.data["canvas"] = {
            "paths": [],
            "undone": [],
            "last_paths": [],
            "image": None,
            "kept_on_open": [],
            "background": cfg["background"],
        }
        ctx.ui.update(
            started=True,
            eraser=False,
            color=cfg["brush_color"],
            menu=False,
            dialog=None,  # "color" | "save" | "picker" | "share" | "overwrite"
            color_target="",
            hsv=[0.0, 0.0, 1.0],
            old_hex="",
            new_hex="",
            filename="",
            extension="png",
            picker_path="",
            default_path=cfg["last_save_folder"],
            pending="",
        )

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        ui = ctx.ui
        if ui["dialog"] == "picker" and ui["picker_path"].rstrip("/") != ROOT:
            ui["picker_path"] = ui["picker_path"].rsplit("/", 1)[0]
            return True
        if ui["dialog"] or ui["menu"]:
            ui.update(dialog=None, menu=False)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or ctx.ui["dialog"] or ctx.ui["menu"]:
            return False
        self._stroke(ctx)
        return True

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        pending, ctx.ui["pending"] = ctx.ui.get("pending", ""), ""
        if not granted:
            ctx.toast("Storage permission is required")
        elif pending == "save":
            self._show_save(ctx)
        elif pending == "open":
            self._show_picker(ctx)

    # -- canvas (MyCanvas) -------------------------------------------------------------------
    def _stroke(self, ctx: AppContext) -> None:
        """A finished touch (a dot on a tap, a line on a swipe) with the current paint."""
        canvas = ctx.data["canvas"]
        path_id = ctx.data["next_id"]
        ctx.data["next_id"] += 1
        canvas["undone"] = []  # ACTION_DOWN: mUndonePaths.clear()
        canvas["paths"].append(
            {"id": path_id, "eraser": ctx.ui["eraser"], "color": ctx.ui["color"]}
        )

    def _undo(self, ctx: AppContext) -> None:
        canvas = ctx.data["canvas"]
        if not canvas["paths"] and canvas["last_paths"]:
            canvas["paths"], canvas["last_paths"] = canvas["last_paths"], []
            return
        if canvas["paths"]:
            canvas["undone"].append(canvas["paths"].pop())

    def _redo(self, ctx: AppContext) -> None:
        canvas = ctx.data["canvas"]
        if canvas["undone"]:
            canvas["paths"].append(canvas["undone"].pop())

    def _clear(self, ctx: AppContext) -> None:
        canvas = ctx.data["canvas"]
        canvas.update(last_paths=canvas["paths"], paths=[], image=None, kept_on_open=[])
        ctx.ui["default_path"] = ""  # clearCanvas(): defaultPath = ""

    # -- menu actions ------------------------------------------------------------------------
    def _with_storage(self, ctx: AppContext, then: str) -> None:
        if STORAGE in ctx.permissions:
            self._show_save(ctx) if then == "save" else self._show_picker(ctx)
        else:
            ctx.ui["pending"] = then
            ctx.request_permission(STORAGE)

    def _show_save(self, ctx: AppContext) -> None:
        ctx.ui.update(dialog="save", filename=FILENAME, extension="png")

    def _show_picker(self, ctx: AppContext) -> None:
        path = ctx.ui["default_path"]
        ctx.ui.update(dialog="picker", picker_path=path if path in ctx.data["storage"] else ROOT)

    def _overflow(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = False
        if title == "Open file":
            self._with_storage(ctx, "open")
        elif title == "Change background color":
            self._show_color(ctx, "background", ctx.data["canvas"]["background"])
        elif title == "Settings":
            ctx.start_activity(SETTINGS)
        else:
            ctx.start_activity(ABOUT)

    def _show_color(self, ctx: AppContext, target: str, color: int) -> None:
        ctx.ui.update(
            dialog="color",
            color_target=target,
            hsv=_color_to_hsv(color),
            old_hex=_hex(color),
            new_hex=_hex(color),
        )

    def _pick_hue(self, ctx: AppContext) -> None:
        hsv = ctx.ui["hsv"]
        hsv[0] = 200.0
        ctx.ui["new_hex"] = _hex(_hsv_to_color(*hsv))

    def _pick_sat_val(self, ctx: AppContext) -> None:
        hsv = ctx.ui["hsv"]
        hsv[1], hsv[2] = 0.75, 0.85
        ctx.ui["new_hex"] = _hex(_hsv_to_color(*hsv))

    def _confirm_color(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui["dialog"] = None
        if len(ui["new_hex"]) != 6:
            return
        try:
            color = int(ui["new_hex"], 16)
        except ValueError:
            return
        if ui["color_target"] == "background":
            # setBackgroundColor: my_canvas.updateBackgroundColor drops mBackgroundBitmap too.
            ctx.data["canvas"].update(background=color, image=None)
            ctx.data["config"]["background"] = color
        else:
            ui.update(color=color, eraser=False)
            ctx.data["config"]["brush_color"] = color

    def _save(self, ctx: AppContext) -> None:
        ui = ctx.ui
        name = ui["filename"]
        if not name:
            ctx.toast("Filename cannot be empty")
            return
        folder = SAVE_FOLDER if not ui["default_path"] else ui["default_path"]
        storage = ctx.data["storage"]
        if f"{name}.{ui['extension']}" in storage.get(folder, {}) and ui["dialog"] != "overwrite":
            ui["dialog"] = "overwrite"
            return
        canvas = ctx.data["canvas"]
        storage.setdefault(folder, {})[f"{name}.{ui['extension']}"] = {
            "background": canvas["background"],
            "image": canvas["image"],
            "paths": [dict(p) for p in canvas["paths"]],
        }
        ui.update(dialog=None, default_path=folder)
        ctx.data["config"]["last_save_folder"] = folder
        ctx.toast("File saved successfully")

    def _pick(self, ctx: AppContext, folder: str, name: str) -> None:
        path = f"{folder}/{name}"
        if folder + "/" + name in ctx.data["storage"]:
            ctx.ui["picker_path"] = path
            return
        ctx.ui["dialog"] = None
        if name.rsplit(".", 1)[-1].lower() not in ("png", "jpg", "jpeg", "svg"):
            ctx.toast("Invalid file format")
            return
        # The bug: openPath only sets mBackgroundBitmap; mPaths keeps every earlier stroke.
        canvas = ctx.data["canvas"]
        canvas["image"] = path
        canvas["kept_on_open"] = [p["id"] for p in canvas["paths"]]

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity == SPLASH:
            return Screen(content=View())
        if ctx.activity != MAIN:
            bar = w.toolbar("About", navigation=w.up_button(), rid="action_bar")
            return Screen(content=w.linear_layout([bar, View()]))
        canvas = ctx.data["canvas"]
        bar = w.toolbar(
            "Draw",  # MainActivity has no label: the application's app_launcher_name
            actions=[
                w.action_item("menu_save", "Save", lambda c: self._with_storage(c, "save")),
                w.action_item("clear", "Clear", self._clear),
                w.action_item("menu_share", "Share", lambda c: c.ui.update(dialog="share")),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
            rid="action_bar",
        )
        icons = [
            w.image_view("redo", handler=self._redo, width=147, height=147)
            if canvas["undone"]
            else None,
            w.image_view(
                "eraser",
                handler=self._toggle_eraser,
                width=147,
                height=147,
                selected=ctx.ui["eraser"],
            ),
            w.image_view(
                "color_picker",
                handler=lambda c: self._show_color(c, "brush", c.ui["color"]),
                width=147,
                height=147,
            ),
        ]
        top = w.linear_layout(
            [View(), *[i for i in icons if i is not None]], horizontal=True, height=147
        )
        right = [top]
        if canvas["paths"] or canvas["last_paths"]:
            undo = w.image_view("undo", handler=self._undo, width=147, height=147)
            right.append(w.linear_layout([View(), undo], horizontal=True, height=147))
        layers = [
            View(cls="android.view.View", resource_id="my_canvas", on_click=self._stroke),
            w.linear_layout(right, weight=0, height=147 * len(right), gravity="top"),
        ]
        if ctx.data["config"]["show_brush_size"]:
            layers.append(
                View(
                    cls="android.widget.SeekBar",
                    resource_id="stroke_width_bar",
                    height=120,
                    width=600,
                    gravity="bottom",
                )
            )
        holder = w.relative_layout(layers, rid="main_holder", layout=FRAME)
        return Screen(content=w.linear_layout([bar, holder]), windows=self._windows(ctx))

    def _toggle_eraser(self, ctx: AppContext) -> None:
        ctx.ui["eraser"] = not ctx.ui["eraser"]

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731 - a one-line handler
        if ui["menu"]:
            items = [(t, w.bind(self._overflow, t)) for t in OVERFLOW]
            return [
                w.menu_window(
                    items,
                    lambda c: c.ui.update(menu=False),
                    bounds=(480, 63, 1080, 63 + 126 * len(items)),
                )
            ]
        dialog = ui["dialog"]
        if dialog == "color":
            return [self._color_dialog(ctx, close)]
        if dialog == "save":
            return [self._save_dialog(ctx, close)]
        if dialog == "overwrite":
            title = f'File "{ui["filename"]}.{ui["extension"]}" already exists. Overwrite?'
            back = lambda c: c.ui.update(dialog="save")  # noqa: E731 - a one-line handler
            return [w.confirm_dialog("", title, ("Yes", self._save), ("No", back), back)]
        if dialog == "picker":
            return [self._picker_dialog(ctx, close)]
        if dialog == "share":
            body = [w.text_view("No apps can perform this action.", "android:id/empty")]
            return [w.alert_dialog(w.dialog_title("Share via"), body, [], close)]
        return []

    def _color_dialog(self, ctx: AppContext, close: Any) -> Window:
        ui = ctx.ui
        top = w.relative_layout(
            [
                View(
                    cls="android.view.View",
                    resource_id="color_picker_square",
                    width=700,
                    height=700,
                    on_click=self._pick_sat_val,
                ),
                w.image_view("color_picker_hue", handler=self._pick_hue, width=100, height=700),
            ],
            rid="color_picker_top_holder",
            layout="horizontal",
            height=700,
        )
        hexes = w.linear_layout(
            [
                w.text_view(f"#{ui['old_hex']}", "color_picker_old_hex", width=300),
                w.image_view("color_picker_hex_arrow", width=100, height=110),
                w.text_view("#", "color_picker_new_hex_label", width=60),
                w.edit_text(
                    "color_picker_new_hex",
                    ui["new_hex"],
                    lambda c, t: c.ui.update(new_hex=t),
                    width=300,
                ),
            ],
            rid="color_picker_hex_codes_holder",
            horizontal=True,
            height=150,
        )
        colors = w.linear_layout(
            [
                w.image_view("color_picker_old_color", width=300, height=150),
                w.image_view("color_picker_arrow", width=100, height=150),
                w.image_view("color_picker_new_color", width=300, height=150),
            ],
            rid="color_picker_bottom_holder",
            horizontal=True,
            height=150,
        )
        body = w.scroll_view(
            [w.linear_layout([top, hexes, colors], rid="color_picker_holder", weight=0)],
            rid="color_picker_scrollview",
            weight=0,
        )
        buttons = w.dialog_buttons(("OK", self._confirm_color), ("Cancel", close))
        return w.alert_dialog(View(height=0), [body], buttons, close)

    def _save_dialog(self, ctx: AppContext, close: Any) -> Window:
        ui = ctx.ui
        folder = ui["default_path"] or SAVE_FOLDER
        shown = folder.replace(ROOT, "Internal", 1)
        radios = [
            w.radio_button(
                f"save_image_radio_{ext}",
                f".{ext}",
                ui["extension"] == ext,
                w.bind(lambda c, e: c.ui.update(extension=e), ext),
            )
            for ext in ("png", "svg", "jpg")
        ]
        holder = w.linear_layout(
            [
                w.text_view("Path", "save_image_path_label"),
                w.text_view(shown, "save_image_path"),
                w.text_view("Filename", "save_image_label"),
                w.edit_text(
                    "save_image_filename", ui["filename"], lambda c, t: c.ui.update(filename=t)
                ),
                View(
                    cls="android.widget.RadioGroup",
                    resource_id="save_image_radio_group",
                    children=radios,
                    weight=0,
                ),
            ],
            rid="save_image_holder",
            weight=0,
        )
        body = w.scroll_view([holder], rid="save_image_wrapper", weight=0)
        buttons = w.dialog_buttons(("OK", self._save), ("Cancel", close))
        return w.alert_dialog(w.dialog_title("Save as"), [body], buttons, close)

    def _picker_dialog(self, ctx: AppContext, close: Any) -> Window:
        path = ctx.ui["picker_path"]
        storage = ctx.data["storage"]
        folders = sorted(p.rsplit("/", 1)[1] for p in storage if p.rsplit("/", 1)[0] == path)
        files = sorted(storage.get(path, {}))
        rows = []
        for name in folders:
            count = len(storage[f"{path}/{name}"])
            rows.append(self._picker_row(name, f"{count} items", w.bind(self._pick, path, name)))
        for name in files:
            rows.append(self._picker_row(name, "24.6 KB", w.bind(self._pick, path, name)))
        crumbs = (
            ["Internal", *path[len(ROOT) :].strip("/").split("/")] if path != ROOT else ["Internal"]
        )
        breadcrumbs = w.linear_layout(
            [w.text_view(f"{c} >" if i < len(crumbs) - 1 else c) for i, c in enumerate(crumbs)],
            rid="filepicker_breadcrumbs",
            horizontal=True,
            height=110,
        )
        listing = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="filepicker_list",
            children=rows,
            weight=0,
        )
        holder = w.relative_layout([breadcrumbs, listing], rid="filepicker_holder", weight=0)
        body = View(
            cls="android.widget.FrameLayout",
            resource_id="filepicker_coordinator",
            children=[holder],
            weight=0,
        )
        buttons = w.dialog_buttons(None, ("Cancel", close))
        return w.alert_dialog(w.dialog_title("Select a file"), [body], buttons, close)

    @staticmethod
    def _picker_row(name: str, details: str, handler: Any) -> View:
        return w.relative_layout(
            [
                w.image_view("list_item_icon", width=150, height=150),
                w.linear_layout(
                    [
                        w.text_view(name, "list_item_name", height=80),
                        w.text_view(details, "list_item_details", height=60),
                    ]
                ),
            ],
            rid="list_item_holder",
            layout="horizontal",
            height=150,
            on_click=handler,
        )

    def _render_settings(self, ctx: AppContext) -> Screen:
        cfg = ctx.data["config"]

        rows = [
            w.relative_layout(
                [w.text_view("Customize colors", "settings_customize_colors")],
                rid="settings_customize_colors_holder",
                height=160,
                on_click=lambda c: c.toast("Customize colors"),
            ),
            *[
                w.relative_layout(
                    [
                        View(
                            cls="android.widget.Switch",
                            resource_id=rid,
                            text=text,
                            checkable=True,
                            checked=cfg[key],
                        )
                    ],
                    rid=f"{rid}_holder",
                    height=160,
                    on_click=w.bind(_flip, key),
                )
                for key, rid, text in (
                    (
                        "avoid_whats_new",
                        "settings_avoid_whats_new",
                        "Avoid showing What's New on startup",
                    ),
                    (
                        "prevent_sleep",
                        "settings_prevent_phone_from_sleeping",
                        "Prevent phone from sleeping while the app is in foreground",
                    ),
                    ("show_brush_size", "settings_show_brush_size", "Show brush size tool"),
                )
            ],
        ]
        bar = w.toolbar("Settings", navigation=w.up_button(), rid="action_bar")
        body = w.scroll_view(
            [w.linear_layout(rows, rid="settings_holder", weight=0)], rid="settings_scrollview"
        )
        return Screen(content=w.linear_layout([bar, body]))


def _flip(ctx: AppContext, key: str) -> None:
    ctx.data["config"][key] = not ctx.data["config"][key]
