"""Privacy Friendly Sketching (``org.secuso.privacyfriendlysketching``, SecUSo/
privacy-friendly-sketching) 1.0, launcher label "Sketches".

Modelled from the sources at tag ``v1.0`` (commit ``33a7d57``): ``AndroidManifest.xml``,
``activities/SplashActivity.java``, ``TutorialActivity.java``, ``KeyGenActivity.java``,
``GalleryActivity.java`` (with ``GalleryAdapter``), ``SketchActivity.java``,
``helper/BaseActivity.java``, ``helpers/FirstLaunchManager.java``, the bundled drawing library
``app/dep/AndroidDraw/draw`` (``DrawView.kt``: a tap draws a dot, a drag a stroke; undo/redo;
``clearCanvas``), the layouts ``activity_tutorial.xml``, ``tutorial_slide1..3.xml``,
``activity_keygen.xml``, ``activity_gallery.xml``, ``toolbar.xml``, ``nav_header_main.xml``,
``fragment_gallery_entry.xml``, ``activity_sketch.xml``, ``content_sketch.xml``,
``color_palette_view.xml``, ``color_palette_view2.xml``, ``select_background_menu.xml``, the menus
``sketch_menu.xml`` and ``main_drawer.xml``, ``xml/filepaths.xml`` and ``values/strings.xml``.

The app: the launcher opens SplashActivity, which on a first launch (or with no stored
passphrase) starts the TutorialActivity (three slides "Welcome!", "Gallery", "Editing a
sketch"; ``btn_skip`` "Skip", ``btn_next`` "Next", "Okay" on the last slide where Skip is gone;
swipes turn the pages). Leaving it on a first launch opens KeyGenActivity (``noHistory``), whose
AsyncTask generates the database passphrase and then opens the GalleryActivity: a Toolbar
"Gallery" with the drawer toggle (drawer: Gallery, Tutorial, Help, About), a RecyclerView of
the saved sketches (cards ``card_view`` with ``info_text``; tap edits, long tap asks "Delete
this sketch?") and the FAB ``fab`` (``addSketch``, no content description). SketchActivity has
the window's action bar "Sketch" with Up and the overflow (Select a background, Clear
background, Rename Sketch, Export sketch, Share), the DrawView ``draw_view`` and the tool bar
``draw_tools`` (``image_draw_eraser``/``width``/``color``/``opacity``/``undo``/``redo``; width,
colour and opacity slide up a second row: ``seekBar_width``, the palette
``draw_color_palette``, ``seekBar_opacity``, with ``circle_view_preview``). ``onPause`` stores
a sketch that has paths (a new one under today's date as its description).

Bug ``privacy-friendly-sketching#2`` (crash): "Share" (``SketchActivity.onShare``) writes the
picture to ``cache/images/sketch.png`` and asks ``FileProvider.getUriForFile`` for the authority
``org.secuso.privacyfriendlysketches.fileprovider``, while the manifest declares the provider
as ``org.secuso.privacyfriendlysketching.fileprovider``: ``resolveContentProvider`` returns
null and the support library's (28.0.0) ``FileProvider.parsePathStrategy`` calls
``loadXmlMetaData`` on it: NullPointerException, whether or not anything was drawn. The report
has no trace; the frames are the support library's and the app's real methods (the support
library lines as other reports of this NPE quote them for 27/28; the framework and AppCompat
menu lines are approximate). Not fixed in any release up to 1.1.3 (the issue is still open).

Fixed world data: today's date as the app formats a new sketch's description is "Nov 17,
2019". Stubbed: the AsyncTask of KeyGenActivity finishes at once (its progress texts are
shown only in the model's render, never seen); Help and About are small screens with their
titles; "Select an image.." (a picker of another app) only closes the dialog; exports
(after the WRITE_EXTERNAL_STORAGE dialog) only toast "Sketch saved!"; the drawing itself is a
list of strokes (colour, width, opacity), not pixels; the sketch bitmap thumbnails are blank
image views.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "org.secuso.privacyfriendlysketching"
SPLASH = ".activities.SplashActivity"
TUTORIAL = ".activities.TutorialActivity"
KEYGEN = ".activities.KeyGenActivity"
GALLERY = ".activities.GalleryActivity"
SKETCH = ".activities.SketchActivity"
HELP = ".activities.HelpActivity"
ABOUT = ".activities.AboutActivity"

WRITE_STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"
TODAY = "Nov 17, 2019"  # DateFormat.getDateInstance().format(new Date()) on the test day

SLIDES = (
    (
        "Welcome!",
        "Privacy Friendly Sketching is an app to create and manage simple paintings and "
        "sketches without the need of extra permissions.",
    ),
    (
        "Gallery",
        "The gallery displays an overview of existing sketches. Using the + symbol on the bottom "
        "right corner of the screen allows you to create a new sketch. A long touch over a "
        "preview allows you to delete an existing sketch.",
    ),
    (
        "Editing a sketch",
        "In addition to the editing tools on the bottom side of the screen you can select a "
        "background color or a background image.You can also share the current sketch with your "
        "friends. Have fun!",
    ),
)
LAST_SLIDE = len(SLIDES) - 1
DRAWER = (("nav_gallery", "Gallery"), ("nav_tutorial", "Tutorial"), ("nav_help", "Help"))
DRAWER_ADD = (("nav_about", "About"),)
# color_palette_view.xml order; the values are res/values/colors.xml's of the draw module.
COLORS = (
    ("image_color_black", "#000000"),
    ("image_color_red", "#F44336"),
    ("image_color_yellow", "#FFEB3B"),
    ("image_color_green", "#4CAF50"),
    ("image_color_blue", "#2196F3"),
    ("image_color_pink", "#E91E63"),
    ("image_color_brown", "#795548"),
)
TOOLS = (
    "image_draw_eraser",
    "image_draw_width",
    "image_draw_color",
    "image_draw_opacity",
    "image_draw_undo",
    "image_draw_redo",
)
MENU = (
    ("Select a background", "action_select_background"),
    ("Clear background", "action_clear_background"),
    ("Rename Sketch", "action_rename_sketch"),
    ("Export sketch", "action_export_sketch"),
    ("Share", "action_share_sketch"),
)

SHARE_FRAMES = [
    "android.support.v4.content.FileProvider.parsePathStrategy(FileProvider.java:605)",
    "android.support.v4.content.FileProvider.getPathStrategy(FileProvider.java:579)",
    "android.support.v4.content.FileProvider.getUriForFile(FileProvider.java:417)",
    "org.secuso.privacyfriendlysketching.activities.SketchActivity.onShare("
    "SketchActivity.java:380)",
    "org.secuso.privacyfriendlysketching.activities.SketchActivity.onOptionsItemSelected("
    "SketchActivity.java:236)",
    "android.app.Activity.onMenuItemSelected(Activity.java:3204)",
    "android.support.v4.app.FragmentActivity.onMenuItemSelected(FragmentActivity.java:436)",
    "android.support.v7.app.AppCompatActivity.onMenuItemSelected(AppCompatActivity.java:196)",
    "android.support.v7.view.WindowCallbackWrapper.onMenuItemSelected("
    "WindowCallbackWrapper.java:109)",
    "android.support.v7.app.AppCompatDelegateImpl.onMenuItemSelected("
    "AppCompatDelegateImpl.java:888)",
    "android.support.v7.view.menu.MenuBuilder.dispatchMenuItemSelected(MenuBuilder.java:840)",
    "android.support.v7.view.menu.MenuItemImpl.invoke(MenuItemImpl.java:158)",
    "android.support.v7.view.menu.MenuBuilder.performItemAction(MenuBuilder.java:991)",
    "android.support.v7.view.menu.MenuPopup.onItemClick(MenuPopup.java:128)",
    "android.widget.AdapterView.performItemClick(AdapterView.java:310)",
    "android.widget.AbsListView.performItemClick(AbsListView.java:1155)",
    "android.widget.AbsListView$PerformClick.run(AbsListView.java:3126)",
    "android.widget.AbsListView$3.run(AbsListView.java:4041)",
    *callback_frames(25),
]
SHARE_NPE = (
    "Attempt to invoke virtual method 'android.content.res.XmlResourceParser "
    "android.content.pm.ProviderInfo.loadXmlMetaData(android.content.pm.PackageManager, "
    "java.lang.String)' on a null object reference"
)
# The authority onShare asks for, and the one the manifest declares.
SHARE_AUTHORITY = "org.secuso.privacyfriendlysketches.fileprovider"
DECLARED_AUTHORITIES = ("org.secuso.privacyfriendlysketching.fileprovider",)


def _click(rid: str = "", text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc, cls)


SKIP = _click("btn_skip", "Skip", cls="android.widget.Button")
NEXT = _click("btn_next", "Next", cls="android.widget.Button")
ADD_SKETCH = _click("fab", cls="android.widget.ImageButton")
DRAW = {
    "kind": "swipe",
    "direction": "right",
    "target": {"resource_id": f"{PACKAGE}:id/draw_view"},
}
MORE = _click(desc=w.MORE_OPTIONS)
SHARE = _click("title", "Share")
BACK = {"kind": "press_back"}


BUG_2 = BugSpec(
    bug_id="privacy-friendly-sketching#2",
    kind="crash",
    title='App crashes when pressing "Share"',
    oracle=crash_oracle(PACKAGE, "java.lang.NullPointerException", "loadXmlMetaData"),
    human_steps=(SKIP, ADD_SKETCH, DRAW, MORE, SHARE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "privacy-friendly-sketching#2": [
        # the overflow opened, the neighbouring "Export sketch" chosen instead of Share
        [SKIP, ADD_SKETCH, DRAW, MORE, _click("title", "Export sketch")],
        # "Rename Sketch" instead of Share
        [SKIP, ADD_SKETCH, DRAW, MORE, _click("title", "Rename Sketch")],
        # the overflow opened and closed again
        [SKIP, ADD_SKETCH, DRAW, MORE, BACK],
        # the sketch left with Back (it is stored in the gallery)
        [SKIP, ADD_SKETCH, DRAW, BACK],
        # the tutorial paged through, the sketch opened but the menu never used
        [NEXT, NEXT, _click("btn_next", "Okay"), ADD_SKETCH, DRAW, _click("image_draw_undo")],
    ],
}


class PrivacyFriendlySketching10(VirtualApp):
    """Privacy Friendly Sketching 1.0 (see the module docstring)."""

    name: ClassVar[str] = "privacy-friendly-sketching"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Sketches"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_2,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_time_launch": True,  # privacy_friendly_apps: IsFirstTimeLaunch
            "passphrase": None,  # EncryptionHelper's stored passphrase
            "sketches": [],  # the Room table: {"id", "description", "paths", "background"}
            "next_id": 1,
            "exported": [],
            "shared": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        data, ui = ctx.data, ctx.ui
        if ctx.activity == SPLASH:
            if data["first_time_launch"] or data["passphrase"] is None:
                ctx.start_activity(TUTORIAL)
            else:
                ctx.start_activity(GALLERY)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            ui.setdefault("page", 0)
        elif ctx.activity == KEYGEN:
            # keyGenClass.doInBackground: passphrase, keys, database; onPostExecute → Gallery.
            data["passphrase"] = "generated"
            ctx.start_activity(GALLERY)
            ctx.finish()  # android:noHistory
        elif ctx.activity == GALLERY:
            ui.setdefault("drawer", False)
            ui.setdefault("delete", None)
        elif ctx.activity == SKETCH:
            self._create_sketch(ctx)

    def _create_sketch(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if "paths" in ui:  # re-created (rotation): onSaveInstanceState's TEMP sketch
            return
        sketch_id = ctx.extras.get("sketchId", -1)
        stored = next((s for s in ctx.data["sketches"] if s["id"] == sketch_id), None)
        ui["sketch_id"] = sketch_id if stored else -1
        ui["description"] = stored["description"] if stored else TODAY
        ui["paths"] = [dict(p) for p in stored["paths"]] if stored else []
        ui["background"] = stored["background"] if stored else None
        ui.update(
            undone=[],
            last_paths=[],
            color="#000000",
            focused="image_color_black",
            width=8,
            opacity=100,
            toolbar_open=False,
            mode="None",
            menu=False,
            dialog=None,
            rename_text="",
        )

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        ui = ctx.ui
        if ctx.activity == SKETCH:
            kept = {k: ui[k] for k in ("sketch_id", "description", "paths", "background")}
            fresh = {
                "undone": [],
                "last_paths": [],
                "color": "#000000",
                "focused": "image_color_black",
                "width": 8,
                "opacity": 100,
                "toolbar_open": False,
                "mode": "None",
                "menu": False,
                "dialog": None,
                "rename_text": "",
            }
            return {**kept, **fresh}
        if ctx.activity == TUTORIAL:
            return {"page": ui.get("page", 0)}
        return {}

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == GALLERY and w.dismiss(ui, "drawer"):
            return True
        if ctx.activity == SKETCH:
            if w.dismiss(ui, "menu"):
                return True
            if w.dismiss(ui, "dialog", None):
                return True
            self._on_pause(ctx)
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        ui = ctx.ui
        if ctx.activity == TUTORIAL and direction in ("left", "right"):
            return w.pager_swipe(ui, "page", len(SLIDES), direction)
        if ctx.activity == SKETCH and not ui.get("menu") and not ui.get("dialog"):
            self._add_path(ctx, "stroke")  # DrawView.onTouchEvent: down, moves, up
            return True
        if ctx.activity == GALLERY and direction == "right":
            ui["drawer"] = True
            return True
        return False

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != SKETCH or permission != WRITE_STORAGE:
            return
        if granted:
            self._export(ctx, ctx.ui.get("save_type", "gallery"))
        else:
            ctx.toast("Permission error!")

    # -- tutorial ----------------------------------------------------------------------------
    def _launch_home(self, ctx: AppContext) -> None:
        if ctx.data["first_time_launch"]:
            ctx.data["first_time_launch"] = False
            ctx.start_activity(KEYGEN)
        else:
            ctx.data["first_time_launch"] = False
            ctx.start_activity(GALLERY)
        ctx.finish()

    def _next(self, ctx: AppContext) -> None:
        if ctx.ui["page"] + 1 < len(SLIDES):
            ctx.ui["page"] += 1
        else:
            self._launch_home(ctx)

    # -- sketch ------------------------------------------------------------------------------
    def _add_path(self, ctx: AppContext, shape: str) -> None:
        ui = ctx.ui
        ui["undone"] = []
        ui["paths"].append(
            {"shape": shape, "color": ui["color"], "width": ui["width"], "alpha": ui["opacity"]}
        )

    def _on_pause(self, ctx: AppContext) -> None:
        """SketchActivity.onPause: a sketch with paths is inserted or updated."""
        ui, data = ctx.ui, ctx.data
        if not ui["paths"]:
            return
        record = {
            "description": ui["description"],
            "paths": [dict(p) for p in ui["paths"]],
            "background": ui["background"],
        }
        if ui["sketch_id"] != -1:
            for sketch in data["sketches"]:
                if sketch["id"] == ui["sketch_id"]:
                    sketch.update(record)
        else:
            ui["sketch_id"] = data["next_id"]
            data["next_id"] += 1
            data["sketches"].append({"id": ui["sketch_id"], **record})

    def _up(self, ctx: AppContext) -> None:
        self._on_pause(ctx)
        ctx.finish()

    def _tool(self, ctx: AppContext, rid: str) -> None:
        """SketchActivity.onClick of the tool bar."""
        ui = ctx.ui
        mode = {
            "image_draw_width": "Width",
            "image_draw_opacity": "Opacity",
            "image_draw_color": "Color",
        }.get(rid, "None")
        if rid == "image_draw_eraser":
            ui["dialog"] = "clear"
        elif rid == "image_draw_undo":
            if not ui["paths"] and ui["last_paths"]:
                ui["paths"], ui["last_paths"] = ui["last_paths"], []
            elif ui["paths"]:
                ui["undone"].append(ui["paths"].pop())
        elif rid == "image_draw_redo" and ui["undone"]:
            ui["paths"].append(ui["undone"].pop())
        if mode != "None":
            if mode == ui["mode"] or not ui["toolbar_open"]:
                ui["toolbar_open"] = not ui["toolbar_open"]
            ui["mode"] = mode

    def _select_color(self, ctx: AppContext, rid: str, value: str) -> None:
        ctx.ui.update(color=value, focused=rid)

    def _menu_item(self, ctx: AppContext, rid: str) -> None:
        """SketchActivity.onOptionsItemSelected."""
        ui = ctx.ui
        ui["menu"] = False
        if rid == "action_select_background":
            ui["dialog"] = "background"
        elif rid == "action_clear_background":
            ui["background"] = None
        elif rid == "action_rename_sketch":
            ui["rename_text"] = ui["description"]
            ui["dialog"] = "rename"
        elif rid == "action_export_sketch":
            ui["dialog"] = "export"
        elif rid == "action_share_sketch":
            self._share(ctx)

    def _share(self, ctx: AppContext) -> None:
        """SketchActivity.onShare: the PNG goes to cache/images, then FileProvider.getUriForFile
        with an authority no provider declares."""
        if SHARE_AUTHORITY not in DECLARED_AUTHORITIES:
            raise JavaException("java.lang.NullPointerException", SHARE_NPE, frames=SHARE_FRAMES)
        ctx.data["shared"].append(ctx.ui["description"])

    def _export_choice(self, ctx: AppContext, where: str) -> None:
        ctx.ui["dialog"] = None
        ctx.ui["save_type"] = where
        if WRITE_STORAGE not in ctx.permissions:
            ctx.request_permission(WRITE_STORAGE)
        else:
            self._export(ctx, where)

    def _export(self, ctx: AppContext, where: str) -> None:
        ctx.data["exported"].append({"where": where, "description": ctx.ui["description"]})
        ctx.toast("Sketch saved!")

    def _rename_typed(self, ctx: AppContext, text: str) -> None:
        # InputFilter: letters and digits only, at most 30 characters.
        ctx.ui["rename_text"] = "".join(ch for ch in text if ch.isalnum())[:30]

    def _rename_ok(self, ctx: AppContext) -> None:
        ctx.ui["description"] = ctx.ui["rename_text"]
        ctx.ui["dialog"] = None

    def _clear_ok(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui["background"] = None
        ui["last_paths"] = ui["paths"]
        ui["paths"] = []
        ui["dialog"] = None

    def _background_color(self, ctx: AppContext, value: str) -> None:
        ctx.ui["background"] = value
        ctx.ui["dialog"] = None

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    # -- gallery -----------------------------------------------------------------------------
    def _drawer_item(self, ctx: AppContext, rid: str) -> None:
        ctx.ui["drawer"] = False
        target = {"nav_tutorial": TUTORIAL, "nav_help": HELP, "nav_about": ABOUT}.get(rid)
        if target is not None:
            ctx.start_activity(target)

    def _edit_sketch(self, ctx: AppContext, sketch_id: int) -> None:
        ctx.start_activity(SKETCH, {"sketchId": sketch_id})

    def _ask_delete(self, ctx: AppContext, sketch_id: int) -> None:
        ctx.ui["delete"] = sketch_id

    def _delete_ok(self, ctx: AppContext) -> None:
        sketch_id = ctx.ui["delete"]
        ctx.data["sketches"] = [s for s in ctx.data["sketches"] if s["id"] != sketch_id]
        ctx.ui["delete"] = None

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._render_tutorial(ctx)
        if ctx.activity == GALLERY:
            return self._render_gallery(ctx)
        if ctx.activity == SKETCH:
            return self._render_sketch(ctx)
        if ctx.activity == KEYGEN:
            body = w.linear_layout(
                [
                    w.text_view(
                        "Preparing Encryption and Database for first time use..", "keyGenInfoText"
                    ),
                    View(cls="android.widget.ProgressBar", height=200),
                    w.text_view("Generating passphrase..", "keyGenProgressText"),
                ],
                rid="keyGenLinLayout",
            )
            return Screen(content=body)
        if ctx.activity in (HELP, ABOUT):
            title = "Help" if ctx.activity == HELP else "About"
            bar = w.toolbar(title, navigation=w.up_button(), rid="toolbar")
            text = (
                "What is Privacy Friendly Sketching?"
                if ctx.activity == HELP
                else "Authors: Jakob Nedlin, Enes Erdogan"
            )
            return Screen(content=w.linear_layout([bar, w.text_view(text, height=300)]))
        return Screen(content=w.frame_layout())  # the splash, for a frame

    def _render_tutorial(self, ctx: AppContext) -> Screen:
        page_no = ctx.ui["page"]
        heading, text = SLIDES[page_no]
        page = w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(heading, height=200),
                        w.image_view(height=500),
                        w.text_view(text, height=400),
                    ]
                )
            ]
        )
        dots = w.linear_layout(
            [w.text_view("•", width=60) for _ in SLIDES], rid="layoutDots", horizontal=True
        )
        last = page_no == LAST_SLIDE
        advance = w.button("btn_next", "Okay" if last else "Next", self._next, width=300)
        skip = None if last else w.button("btn_skip", "Skip", self._launch_home, width=300)
        content = w.intro_pager(
            page,
            skip=skip,
            indicator=dots,
            advance=advance,
            root_cls="android.widget.RelativeLayout",
        )
        return Screen(content=content)

    def _render_gallery(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            "Gallery",
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
        )
        cards = [
            View(
                cls="android.widget.FrameLayout",
                resource_id="card_view",
                width=360,
                height=400,
                on_click=w.bind(self._edit_sketch, s["id"]),
                on_long_click=w.bind(self._ask_delete, s["id"]),
                children=[
                    w.linear_layout(
                        [
                            w.image_view("image_view", height=300),
                            w.text_view(s["description"], "info_text", height=100),
                        ]
                    )
                ],
            )
            for s in ctx.data["sketches"]
        ]
        rows = [
            w.linear_layout(cards[i : i + 2], horizontal=True, height=420)
            for i in range(0, len(cards), 2)
        ]
        grid = w.list_view(rows, rid="recycler_view", cls="android.support.v7.widget.RecyclerView")
        main = w.relative_layout([grid], rid="main_content")
        fab = w.fab("fab", "", lambda c: c.start_activity(SKETCH))
        coordinator = View(
            cls="android.view.ViewGroup",
            layout=FRAME,
            children=[w.linear_layout([bar, main]), fab],
        )
        drawer = None
        if ui["drawer"]:
            header = w.linear_layout(
                [w.image_view("imageView", width=200), w.text_view("Sketches", height=147)],
                horizontal=True,
                height=300,
            )
            entries = [
                w.drawer_entry(title, w.bind(self._drawer_item, rid), checked=rid == "nav_gallery")
                for rid, title in (*DRAWER, *DRAWER_ADD)
            ]
            drawer = View(
                cls="android.widget.FrameLayout",
                resource_id="nav_view",
                width=800,
                children=[w.linear_layout([header, *entries])],
            )
        root = w.drawer_layout(coordinator, drawer, cls="android.support.v4.widget.DrawerLayout")
        windows: list[Window] = []
        if ui["delete"] is not None:
            desc = next(
                (s["description"] for s in ctx.data["sketches"] if s["id"] == ui["delete"]), ""
            )
            windows.append(
                w.alert_dialog(
                    w.text_view("Delete this sketch?", "alertTitle", height=140),
                    [w.dialog_message(desc)],
                    w.dialog_buttons(("OK", self._delete_ok), ("Cancel", self._cancel_delete)),
                    self._cancel_delete,
                )
            )
        return Screen(content=root, windows=windows)

    def _cancel_delete(self, ctx: AppContext) -> None:
        ctx.ui["delete"] = None

    def _render_sketch(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            "Sketch",
            navigation=w.up_button(self._up),
            actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
            rid="action_bar",
        )
        # The DrawView fills the screen under the action bar, above the tool bar's rows.
        width, height = ctx.screen_size
        free = height - 63 - w.TOOLBAR_HEIGHT - (126 if height > width else 0)
        rows = 2 if ui["toolbar_open"] else 1
        draw_view = View(
            cls="android.view.View",
            resource_id="draw_view",
            height=max(300, free - 147 * rows),
            on_click=lambda c: self._add_path(c, "dot"),
        )
        icons = w.linear_layout(
            [w.image_view(rid, handler=w.bind(self._tool, rid), width=147) for rid in TOOLS],
            horizontal=True,
            height=147,
        )
        tools: list[View] = [icons]
        if ui["toolbar_open"]:
            second: list[View]
            if ui["mode"] == "Color":
                palette = w.linear_layout(
                    [
                        w.image_view(
                            rid,
                            handler=w.bind(self._select_color, rid, value),
                            width=126,
                            selected=rid == ui["focused"],
                        )
                        for rid, value in COLORS
                    ],
                    rid="draw_color_palette",
                    horizontal=True,
                    height=147,
                )
                second = [palette]
            else:
                rid = "seekBar_width" if ui["mode"] == "Width" else "seekBar_opacity"
                value = ui["width"] if ui["mode"] == "Width" else ui["opacity"]
                second = [
                    View(cls="android.widget.SeekBar", resource_id=rid, text=f"{value}.0"),
                    View(cls="android.view.View", resource_id="circle_view_preview", width=147),
                ]
            tools.append(w.linear_layout(second, horizontal=True, height=147))
        draw_tools = View(
            cls="android.view.ViewGroup",
            resource_id="draw_tools",
            weight=0,
            children=tools,
        )
        content = View(
            cls="android.view.ViewGroup",
            resource_id="sketch_content",
            children=[draw_view, draw_tools],
        )
        root = w.drawer_layout(
            w.linear_layout([bar, content]), cls="android.support.v4.widget.DrawerLayout"
        )
        return Screen(content=root, windows=self._sketch_windows(ctx))

    def _sketch_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        if ui["menu"]:
            items = [(title, w.bind(self._menu_item, rid)) for title, rid in MENU]
            return [
                w.menu_window(
                    items,
                    lambda c: c.ui.update(menu=False),
                    bounds=(560, 63, 1074, 63 + 126 * len(items)),
                )
            ]
        dialog = ui["dialog"]
        if dialog == "clear":
            return [
                w.alert_dialog(
                    w.text_view("Delete this sketch?", "alertTitle", height=140),
                    [w.dialog_message("Delete this sketch?")],
                    w.dialog_buttons(("OK", self._clear_ok), ("Cancel", self._close_dialog)),
                    self._close_dialog,
                )
            ]
        if dialog == "rename":
            field = w.edit_text("", ui["rename_text"], self._rename_typed)
            return [
                w.alert_dialog(
                    w.text_view("Rename sketch..", "alertTitle", height=140),
                    [w.frame_layout([field], rid="custom")],
                    w.dialog_buttons(("OK", self._rename_ok), ("Cancel", self._close_dialog)),
                    self._close_dialog,
                )
            ]
        if dialog == "export":
            choices = (("Export into gallery", "gallery"), ("Export into external storage", "ext"))
            listing = View(
                cls="android.widget.ListView",
                resource_id="select_dialog_listview",
                weight=0,
                children=[
                    w.text_view(
                        text,
                        "android:id/text1",
                        on_click=w.bind(self._export_choice, where),
                        height=147,
                    )
                    for text, where in choices
                ],
            )
            return [
                w.alert_dialog(
                    w.text_view("Where would you like to export to?", "alertTitle", height=140),
                    [listing],
                    [],
                    self._close_dialog,
                )
            ]
        if dialog == "background":
            palette = View(
                cls="android.widget.LinearLayout",
                resource_id="color_palette2",
                layout=HORIZONTAL,
                height=147,
                children=[
                    w.image_view(rid, handler=w.bind(self._background_color, value), width=126)
                    for rid, value in COLORS
                ],
            )
            body = [
                palette,
                View(cls="android.view.View", height=3),
                w.button("", "Select an image..", self._close_dialog, height=147),
            ]
            return [
                w.alert_dialog(
                    w.text_view("Select a background..", "alertTitle", height=140),
                    [w.linear_layout(body, weight=0)],
                    [],
                    self._close_dialog,
                )
            ]
        return []
