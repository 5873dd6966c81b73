"""LaunchTime 0.7.1 (``com.quaap.launchtime``), a home-screen launcher, with bug LaunchTime#42.

Sources read: quaap/LaunchTime at b5aedae^ (0.7.1, versionCode 71), the parent of the fix
commit b5aedae "fix for #42, set saved iconpack/theme name first".

LaunchTime#42 (non-crash): the tab colors chosen in Settings go back to their defaults whenever
the app's process starts again (the reporter saw it after restarting the phone). Cause:
``GlobState.onCreate`` builds ``IconsHandler``, whose constructor calls ``loadIconsPack(...)``
before ``iconsPackPackageName`` is set; ``loadIconsPack`` first calls
``Theme.saveUserColors()``, which files the current colors under the theme name ``null``
(``theme_null_<pref>`` in the ``theme`` preferences), then sets the pack name to ``default`` and
calls ``Theme.restoreUserColors()``, which copies ``theme_default_<pref>`` (never written while
the colors were changed only in Settings) or the default theme's colors into the eight
``COLOR_PREFS`` (icon_tint, cattab_background, cattabselected_background,
cattabselected_text, cattabtextcolor, cattabtextcolorinv, wallpapercolor, textcolor).
Other preferences (tab size, launcher size, "Drag over color", which is not in ``COLOR_PREFS``)
and the color chooser's history (``colorsdefault`` preferences) survive, as the report says.
The fix reads the saved pack name first, so the colors are saved under ``default`` and
restored unchanged.

The model: the process start is the first ``on_create`` of a process (``ctx.memory`` empty).
First run: ``AboutActivity`` (Help and about) opens over the launcher (the app posts it 3 s after
the first start) and the "What's new!" dialog (OK) waits on the launcher below it. The launcher
shows the category tabs and a few app icons (launching other apps is not modelled: a toast);
"Config" (``settings_button``) toggles the button bar (Sort/Edit/Add Category, Add Widgets,
``btn_prefs`` "Config" which opens Settings). Settings (a PreferenceActivity, "LaunchTime
Config") lists the real preferences; ColorPreference rows open the ColorChooser dialog
("Choose your color", ``color_preview``, ``color_hex``, five SeekBars, the preset grid; Cancel /
Done). Typing a hex color and pressing Enter sets the chooser (as ``onEditorAction`` does);
presets set it too; Done persists it and adds it to the history.

Stubbed: the Help text (first lines only), Orientation/Return home/Categories Location list
dialogs (stored only), the icon pack list (only "System icons": no icon pack apps installed;
the built-in themes are left out), Backup, Send app data, Customize (a title and Navigate up),
category editing, widgets, drag and drop. The SeekBars are shown but not draggable.

Uncertain: the exact on-screen order of the About screen and the news dialog after the first
start (both are posted with delays). The oracle reads ``data``: a color the user chose with Done
(``user_colors``, cleared by "Reset colors") is no longer the stored preference.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.quaap.launchtime"
MAIN = ".MainActivity"
SETTINGS = ".SettingsActivity"
ABOUT = ".AboutActivity"
STUB = ".StubActivity"

# Theme.COLOR_PREFS with the default theme's colors (getColorDefaults, res/values/colors.xml).
COLOR_DEFAULTS = {
    "icon_tint": "#00000000",
    "cattab_background": "#99119911",
    "cattabselected_background": "#AA77EE77",
    "cattabselected_text": "#FFE9E7E7",
    "cattabtextcolor": "#FFE9E7E7",
    "cattabtextcolorinv": "#EE111111",
    "wallpapercolor": "#00000000",
    "textcolor": "#FFE9E7E7",
}
# The ColorPreference rows of preferences.xml: (key, title, default).
COLOR_ROWS = (
    ("textcolor", "Launcher text color", "#FFE9E7E7"),
    ("wallpapercolor", "Background color", "#FFE9E7E7"),
    ("cattabtextcolor", "Tab text color", "#FFE9E7E7"),
    ("cattab_background", "Tab background color", "#99119911"),
    ("cattabselected_text", "Tab selected text color", "#FFE9E7E7"),
    ("cattabselected_background", "Tab selected color", "#AA77EE77"),
    ("dragover_background", "Drag over color", "#775555EE"),
    ("icon_tint", "Icon tint", "#00000000"),
)
PRESETS = (
    "#00000000",
    "#FF000000",
    "#FFFFFFFF",
    "#FF444444",
    "#FFCCCCCC",
    "#FFFF0000",
    "#FFFF7F00",
    "#FFFFFF00",
    "#FF00FF00",
    "#FF0000FF",
    "#FF7F00FF",
    "#FFFF00FF",
)
SIZES = ("Small", "Medium", "Large", "X-Large")
LISTS = {
    "preference_orientation": (
        "Orientation",
        ("System", "Rotate as needed", "Force Portrait", "Force Landscape"),
    ),
    "pref_return_home": (
        "Return home timeout",
        (
            "immediately",
            "after 30 seconds",
            "after 1 minute",
            "after 5 minutes",
            "after 30 minutes",
            "after 1 hour",
            "after 1 day",
            "never",
        ),
    ),
    "pref_categories_loc": ("Categories Location", ("Right", "Left")),
    "preference_tabsize": ("Category tab size", SIZES),
    "preference_iconsize": ("Launcher size", SIZES),
    "icons-pack": ("Choose iconpack/theme", ("System icons",)),
}
CATEGORIES = (
    "Search",
    "Comm.",
    "Games",
    "Internet",
    "Audio",
    "Graphics",
    "Utilities",
    "Other",
    "Settings",
)
APPS = {
    "Comm.": ("Phone", "Messages", "Contacts"),
    "Internet": ("Chrome",),
    "Graphics": ("Camera", "Photos"),
    "Utilities": ("Clock", "Calculator", "Files"),
    "Settings": ("Settings",),
}
NEWS = (
    "In 0.7.1:\n * Updated French translations.\n * Fixes for a few rare crashes.\n\n"
    "In 0.7.0:\n * Icon packs.\n * Customize icons and labels.\n * Built-in themes.\n"
    " * Backups save customization.\n * Better app shortcuts.\n * Better color selector.\n"
    " * Android 7.1 shortcut actions.\n * Machine translations for German, French, Spanish, "
    "and others (expert translations wanted!).\n\n"
    "Go to Settings->Help for links to submit feature requests, bugs, and pull requests."
)


def _parse_color(text: str) -> str | None:
    """``ColorChooser.checkEditorColor``: 6 or 8 hex digits, with or without ``#``."""
    value = text.strip().lstrip("#")
    if len(value) not in (6, 8) or any(ch not in "0123456789abcdefABCDEF" for ch in value):
        return None
    if len(value) == 6:
        value = "FF" + value
    return "#" + value.upper()


def _colors_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of LaunchTime#42: a color the user set with Done is no longer stored."""
    prefs = data["prefs"]
    return any(prefs.get(key) != color for key, color in data["user_colors"].items())


def _c(rid: str = "", text: str = "", desc: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, desc)


FIRST_RUN = ({"kind": "press_back"}, _c("android:id/button3", "OK"))
TO_SETTINGS = (_c("settings_button", desc="Config"), _c("btn_prefs", desc="Config"))
OPEN_SETTINGS = (*FIRST_RUN, *TO_SETTINGS)
SCROLL = {"kind": "swipe", "direction": "up"}
SET_TAB_COLOR = (
    SCROLL,
    SCROLL,
    _c("android:id/title", "Tab background color"),
    input_text(PACKAGE, "color_hex", "#FF0000FF"),
    {"kind": "press_enter"},
    _c("android:id/button1", "Done"),
)

BUG_42 = BugSpec(
    "LaunchTime#42",
    "non-crash",
    "Color settings reset to default on restart.",
    _colors_lost,
    human_steps=(*OPEN_SETTINGS, *SET_TAB_COLOR, {"kind": "restart_app"}),
)

WRONG_SEQUENCES = {
    "LaunchTime#42": [
        # The color set, no restart: it is kept.
        [*OPEN_SETTINGS, *SET_TAB_COLOR, {"kind": "press_back"}],
        # Cancel instead of Done: nothing was set.
        [
            *OPEN_SETTINGS,
            *SET_TAB_COLOR[:5],
            _c("android:id/button2", "Cancel"),
            {"kind": "restart_app"},
        ],
        # The drag over color is not one of Theme's COLOR_PREFS: it survives.
        [
            *OPEN_SETTINGS,
            SCROLL,
            SCROLL,
            _c("android:id/title", "Drag over color"),
            input_text(PACKAGE, "color_hex", "#FF0000FF"),
            {"kind": "press_enter"},
            _c("android:id/button1", "Done"),
            {"kind": "restart_app"},
        ],
        # Category tab size is an ordinary preference: it survives.
        [
            *OPEN_SETTINGS,
            SCROLL,
            _c("android:id/title", "Category tab size"),
            _c("android:id/text1", "Large"),
            {"kind": "restart_app"},
        ],
        # Restart first, then set the color.
        [*FIRST_RUN, {"kind": "restart_app"}, *TO_SETTINGS, *SET_TAB_COLOR],
    ]
}


class LaunchTime(VirtualApp):
    """LaunchTime 0.7.1 (see the module docstring)."""

    name: ClassVar[str] = "LaunchTime"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "LaunchTime"
    version: ClassVar[str] = "0.7.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_42,)

    def initial_data(self) -> dict[str, Any]:
        prefs: dict[str, Any] = {key: default for key, _, default in COLOR_ROWS}
        prefs.update(COLOR_DEFAULTS)
        prefs.update(
            {
                "prefs_toddler_lock": False,
                "pref_hide_empty_cat": False,
                "prefs_autocat": True,
                "preference_orientation": 0,
                "pref_return_home": 7,
                "pref_categories_loc": 0,
                "preference_tabsize": 1,
                "preference_iconsize": 1,
                "icons-pack": "default",
                "seennews": 0,
            }
        )
        return {
            "prefs": prefs,
            "theme": {},  # the ``theme`` SharedPreferences: theme_<pack>_<pref> -> color
            "presets": [],  # the ``colorsdefault`` history of the color chooser
            "installed": False,
            "user_colors": {},
        }

    # -- process and activities -----------------------------------------------------------
    def _process_start(self, ctx: AppContext) -> None:
        """GlobState.onCreate: ``new IconsHandler(this)`` (the bug is its order)."""
        ctx.memory["started"] = True
        pack_name = None  # iconsPackPackageName is not set yet (the bug)
        self._load_icons_pack(ctx, pack_name, ctx.data["prefs"]["icons-pack"])

    def _load_icons_pack(self, ctx: AppContext, current: str | None, pack: str) -> None:
        data = ctx.data
        # Theme.saveUserColors: file the current colors under the current pack's name.
        for key in COLOR_DEFAULTS:
            data["theme"][f"theme_{current}_{key}"] = data["prefs"][key]
        ctx.memory["pack"] = pack
        # Theme.restoreUserColors: the new pack's saved colors, else the theme's defaults.
        for key, default in COLOR_DEFAULTS.items():
            data["prefs"][key] = data["theme"].get(f"theme_{pack}_{key}", default)

    def on_create(self, ctx: AppContext) -> None:
        if "started" not in ctx.memory:
            self._process_start(ctx)
        if ctx.activity == MAIN and "bar" not in ctx.ui:
            ctx.ui.update(bar=False, category="Search", dialog=None)
            data = ctx.data
            if data["prefs"]["seennews"] < 71:
                data["prefs"]["seennews"] = 71
                ctx.ui["dialog"] = {"kind": "news"}
            if not data["installed"]:
                data["installed"] = True
                ctx.start_activity(ABOUT)
        elif ctx.activity == SETTINGS and "dialog" not in ctx.ui:
            ctx.ui["dialog"] = None

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            if ctx.ui.get("bar"):
                ctx.ui["bar"] = False
            return True  # a home screen stays
        return False

    def on_key(self, ctx: AppContext, key: str) -> bool:
        dialog = ctx.ui.get("dialog")
        if key == "enter" and ctx.activity == SETTINGS and dialog and dialog["kind"] == "color":
            color = _parse_color(dialog["hex"])
            if color is not None:  # onEditorAction: setColor(parsed), then the IME closes
                dialog["chosen"] = color
                dialog["hex"] = color
                ctx.ui["dialog"] = dict(dialog)
                ctx.hide_keyboard()
            return True
        return False

    # -- rendering --------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._settings(ctx)
        if ctx.activity == ABOUT:
            return self._about()
        if ctx.activity == STUB:
            return Screen(content=w.child_page(ctx.extras.get("title", "")))
        return self._main(ctx)

    def _main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        icons = [
            View(
                cls="android.widget.LinearLayout",
                height=260,
                on_click=w.bind(lambda c, n: c.toast(f"{n} is not modelled"), name),
                children=[
                    w.image_view("launcher_icon", height=150),
                    w.text_view(name, "launcher_text", height=110),
                ],
            )
            for name in APPS.get(ui["category"], ())
        ]
        sheet = View(
            cls="android.widget.ScrollView",
            resource_id="layout_icons_scroller",
            scrollable=True,
            children=[
                w.frame_layout([], rid="layout_icons_topframe", height=10),
                View(
                    cls="android.widget.FrameLayout",
                    resource_id="icon_sheet_holder",
                    children=[View(cls="android.widget.GridLayout", children=icons)],
                ),
            ],
        )
        tabs = View(
            cls="android.widget.ScrollView",
            resource_id="layout_categories_scroller",
            scrollable=True,
            children=[
                w.linear_layout(
                    [
                        w.text_view(
                            cat,
                            selected=cat == ui["category"],
                            on_click=w.bind(self._set, category=cat),
                            height=150,
                        )
                        for cat in CATEGORIES
                    ],
                    rid="layout_categories",
                )
            ],
        )
        cats = View(
            cls="android.widget.LinearLayout",
            resource_id="category_tabs_wrap",
            width=300,
            children=[
                tabs,
                w.image_view(
                    "settings_button",
                    "Config",
                    lambda c: self._set(c, bar=not c.ui["bar"]),
                    height=150,
                ),
            ],
        )
        wrap = View(
            cls="android.widget.LinearLayout",
            resource_id="icon_and_cat_wrap",
            layout=HORIZONTAL,
            children=[
                View(
                    cls="android.widget.LinearLayout", resource_id="iconarea_wrap", children=[sheet]
                ),
                cats,
            ],
        )
        quick = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="layout_quickrow_scroll",
            height=200,
            children=[View(cls="android.widget.GridLayout", resource_id="layout_quickrow")],
        )
        children = [wrap, quick]
        if ui["bar"]:
            bar_items = [
                ("btn_sort_cat", "Sort\nCategory"),
                ("btn_rename_cat", "Edit\nCategory"),
                ("btn_add_cat", "Add\nCategory"),
                ("btn_widgets", "Add\nWidgets"),
            ]
            children.append(
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="layout_icons_bottomframe",
                    layout=HORIZONTAL,
                    height=180,
                    children=[
                        *[
                            w.text_view(text, rid, on_click=self._bar_stub)
                            for rid, text in bar_items
                        ],
                        w.image_view("btn_prefs", "Config", self._open_settings),
                    ],
                )
            )
        windows: list[Window] = []
        if ui["dialog"]:
            windows.append(
                w.alert_dialog(
                    w.dialog_title("What's new!"),
                    [w.dialog_message(NEWS)],
                    [w.dialog_button("android:id/button3", "OK", self._close_dialog)],
                    self._close_dialog,
                )
            )
        root = View(
            cls="android.widget.LinearLayout", resource_id="main_layout_view", children=children
        )
        return Screen(content=root, windows=windows)

    def _about(self) -> Screen:
        text = w.text_view(
            "Help and About\n\nWelcome to LaunchTime!\n\nLaunchTime is an alternative home screen "
            "that organizes your apps into categories.",
            "txtAbout",
            height=900,
        )
        body = w.scroll_view([w.text_view("LaunchTime 0.7.1", "txtappname"), text])
        return Screen(content=w.linear_layout([w.toolbar("LaunchTime", rid="action_bar"), body]))

    def _settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]

        def list_row(key: str, summary: str = "%s") -> View:
            title, entries = LISTS[key]
            value = entries[0] if key == "icons-pack" else entries[prefs[key]]
            return w.preference(title, summary.replace("%s", value), w.bind(self._open_list, key))

        def check_row(key: str, title: str, on: str, off: str) -> View:
            return w.preference(
                title,
                on if prefs[key] else off,
                w.bind(self._flip, key),
                widget=w.checkbox_widget(prefs[key]),
            )

        def stub_row(title: str, summary: str) -> View:
            return w.preference(title, summary, w.bind(self._stub, title))

        rows = [
            stub_row("Help", "Help and about"),
            w.preference_category("Mode"),
            check_row(
                "prefs_toddler_lock",
                "Toddler Mode",
                "Attempt to limit toddler-related damage by locking into the current category.",
                "Attempt to limit toddler-related damage by locking into the current category.",
            ),
            list_row("preference_orientation"),
            w.preference_category("App and System"),
            check_row(
                "pref_hide_empty_cat",
                "Hide empty categories",
                "Empty categories will be hidden",
                "Empty categories will be shown",
            ),
            check_row(
                "prefs_autocat",
                "Auto-categorize new apps",
                "Apps will be categorized",
                'Apps will be placed in "Other"',
            ),
            list_row("pref_return_home", "If away, go to the top-most category: %s."),
            stub_row("Send app data", "Send data about which apps are installed to the app"),
            stub_row("Backup and Restore", "Backup or restore LaunchTime's configuration"),
            stub_row("System Settings", "Show the system settings"),
            w.preference_category("Color and Style"),
            list_row("pref_categories_loc", "Categories will be on the %s"),
            list_row("preference_tabsize"),
            list_row("preference_iconsize"),
            *[
                w.preference(
                    title,
                    "",
                    w.bind(self._open_color, key, title),
                    widget=w.text_view("    ", width=80),
                )
                for key, title, _ in COLOR_ROWS
            ],
            w.preference(
                "Reset colors", "Click to reset the current theme's colors", self._ask_reset
            ),
            list_row("icons-pack"),
            stub_row("Customize app launchers", "Change individual icons and labels"),
        ]
        listing = w.list_view(rows, scroll_key="settings_scroll")
        content = w.linear_layout([w.toolbar("LaunchTime Config", rid="action_bar"), listing])
        return Screen(content=content, windows=self._settings_windows(ctx))

    def _settings_windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui.get("dialog")
        if not dialog:
            return []
        if dialog["kind"] == "list":
            title, entries = LISTS[dialog["key"]]
            current = ctx.data["prefs"][dialog["key"]]
            selected = 0 if dialog["key"] == "icons-pack" else current
            return [
                w.choice_dialog(
                    title,
                    entries,
                    selected,
                    self._choose,
                    self._close_dialog,
                    negative=("Cancel", self._close_dialog),
                )
            ]
        if dialog["kind"] == "reset":
            return [
                w.confirm_dialog(
                    "Reset colors",
                    "Do you want to reset the colors for this theme?",
                    ("Reset colors", self._reset_colors),
                    ("Cancel", self._close_dialog),
                    self._close_dialog,
                )
            ]
        bars = []
        for label, rid in (
            ("Red", "color_red_seekbar"),
            ("Green", "color_green_seekbar"),
            ("Blue", "color_blue_seekbar"),
            ("Brightness", "color_bright_seekbar"),
            ("Transparency", "color_alpha_seekbar"),
        ):
            bars.append(
                w.linear_layout(
                    [
                        w.text_view(label, width=300),
                        View(cls="android.widget.SeekBar", resource_id=rid),
                    ],
                    horizontal=True,
                    height=110,
                )
            )
        presets = [
            View(
                cls="android.widget.FrameLayout",
                width=110,
                children=[
                    View(
                        cls="android.widget.TextView",
                        text="   ",
                        on_click=w.bind(self._preset, color),
                    )
                ],
            )
            for color in [*ctx.data["presets"], *PRESETS]
        ]
        chooser = View(
            cls="android.widget.ScrollView",
            weight=0,
            children=[
                w.text_view("Choose your color"),
                w.relative_layout(
                    [
                        w.frame_layout(
                            [w.text_view("", "color_preview", width=400)],
                            rid="sample_area",
                            width=400,
                        ),
                        w.edit_text("color_hex", dialog["hex"], self._type_hex),
                    ],
                    layout=HORIZONTAL,
                    height=150,
                ),
                *bars,
                View(
                    cls="android.widget.HorizontalScrollView",
                    height=140,
                    children=[
                        View(
                            cls="android.widget.GridLayout",
                            resource_id="color_presets",
                            layout=HORIZONTAL,
                            children=presets,
                        )
                    ],
                ),
            ],
        )
        buttons = w.dialog_buttons(("Done", self._color_done), ("Cancel", self._close_dialog))
        return [
            w.alert_dialog(w.dialog_title(dialog["title"]), [chooser], buttons, self._close_dialog)
        ]

    # -- handlers ---------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _bar_stub(self, ctx: AppContext) -> None:
        ctx.ui["bar"] = False
        ctx.toast("Not modelled")

    def _open_settings(self, ctx: AppContext) -> None:
        ctx.ui["bar"] = False
        ctx.start_activity(SETTINGS)

    def _stub(self, ctx: AppContext, title: str) -> None:
        if title == "Help":
            ctx.start_activity(ABOUT)
        else:
            ctx.start_activity(STUB, {"title": title})

    def _flip(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]

    def _open_list(self, ctx: AppContext, key: str) -> None:
        ctx.ui["dialog"] = {"kind": "list", "key": key}

    def _choose(self, ctx: AppContext, index: int) -> None:
        key = ctx.ui["dialog"]["key"]
        if key != "icons-pack":
            ctx.data["prefs"][key] = index
        ctx.ui["dialog"] = None

    def _open_color(self, ctx: AppContext, key: str, title: str) -> None:
        color = ctx.data["prefs"][key]
        ctx.ui["dialog"] = {
            "kind": "color",
            "key": key,
            "title": title,
            "chosen": color,
            "hex": color,
        }

    def _type_hex(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"] = dict(ctx.ui["dialog"], hex=text)

    def _preset(self, ctx: AppContext, color: str) -> None:
        ctx.ui["dialog"] = dict(ctx.ui["dialog"], chosen=color, hex=color)

    def _color_done(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        color = dialog["chosen"]
        data = ctx.data
        # ColorChooser.done(): the color goes first in the history (no duplicates).
        data["presets"] = [color, *[c for c in data["presets"] if c != color]][:63]
        data["prefs"][dialog["key"]] = color  # persistInt
        data["user_colors"][dialog["key"]] = color
        ctx.ui["dialog"] = None

    def _ask_reset(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "reset"}

    def _reset_colors(self, ctx: AppContext) -> None:
        data = ctx.data
        pack = ctx.memory.get("pack", "default")
        for key, default in COLOR_DEFAULTS.items():
            data["prefs"][key] = default
            data["theme"].pop(f"theme_{pack}_{key}", None)
            data["user_colors"].pop(key, None)
        ctx.ui["dialog"] = None
        ctx.toast("Colors have been reset")
