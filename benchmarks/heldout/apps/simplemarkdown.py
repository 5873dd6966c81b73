"""Simple Markdown (``com.wbrawner.simplemarkdown``) 2024.12.0, for SimpleMarkdown#103.

Modelled from the sources at commit ``56ba65d`` ("Bump version for release",
``app/build.gradle.kts``: ``versionName = "2024.12.0"``, the Play build the report calls "the
latest version"; the next commits up to the report only update dependencies):
``MainActivity.kt`` (the NavHost: editor, settings, support, help, about, privacy),
``MarkdownViewModel.kt`` (``EditorState``, ``load``, ``save``, ``autosave``, ``reset``),
``ui/MainScreen.kt`` (top app bar, the "Editor Actions" DropdownMenu, ``TabbedMarkdownEditor``),
``ui/MarkdownTextField.kt``, ``ui/MarkdownNavigationDrawer.kt``, ``ui/MarkdownTopAppBar.kt``,
``ui/MarkdownText.kt``, ``ui/SettingsScreen.kt``, ``ui/SupportScreen.kt``,
``ui/MarkdownInfoScreen.kt``, ``utility/PreferenceHelper.kt`` (defaults: autosave on, lock
swiping off, readability off, dark mode "Auto"), ``utility/FileHelper.kt`` and
``res/values/strings.xml``.

The app is one activity drawing Jetpack Compose screens: no resource ids; controls are named by
their texts and content descriptions ("Main Menu", "Share", "Editor Actions", the "Edit" and
"Preview" tabs, the editor field with its placeholder "Markdown here…"). A fresh install shows
no intro or permission dialog and opens the editor on "Untitled.md" ("*" added while dirty).

The bug (SimpleMarkdown#103, non-crash): version 2024.12.0 moved the editor to the
``BasicTextField(state = TextFieldState)`` API (commit ``6473d55``, "Improve typing
performance"). ``MarkdownViewModel.reset`` (menu "New") and ``load`` (menu "Open", a file
picked) replace ``EditorState.textFieldState`` with a new ``TextFieldState``; the composed
``MarkdownTextField`` shows the new state, but the input session the field started when the
user first typed stays attached to the previous state, so what is typed afterwards goes to the
discarded state and the edit tab shows nothing of it. A new composition of the editor (after
visiting a drawer screen and coming back, or a rotation) binds the current state again: a
one-time fix, as the report says. The maintainer did not name a fix commit (he no longer saw
it in 2025.01.0, after dependency updates); the mechanism is modelled from the report and this
code. The oracle reads the app state: text typed into the editor that went to a
``TextFieldState`` no longer shown.

Fixed data: the device's Download folder holds ``notes.md`` ("# Notes\\n\\nBuy milk"), the one
file the picker lists. Autosave (500 ms after typing in the app) is applied at once: with no
file path it writes ``Untitled.md`` to the app's documents directory and stores its uri.

Stubs: the system document picker (DocumentsUI, another package) is a small screen in this
model listing the Download folder (open: tap the file; create: a "SAVE" button; Back cancels);
Share starts the system chooser (logged only); the preview, Help, About and Privacy pages are a
WebView showing the markdown's text lines; the Support page's buttons leave the app (logged
only); Settings shows its real rows (switches and the Dark Mode list dialog), whose values are
stored but change nothing else on screen (readability highlighting is not modelled).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "com.wbrawner.simplemarkdown"
MAIN = ".MainActivity"
PICKER = "com.android.documentsui.picker.PickActivity"
DOCS = w.DOCUMENTSUI

COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
BUTTON = "android.widget.Button"
EDIT = "android.widget.EditText"
WEBVIEW = "android.webkit.WebView"

UNTITLED = "Untitled.md"
PLACEHOLDER = "Markdown here…"
NOTES_URI = "content://com.android.providers.downloads.documents/document/notes.md"
AUTOSAVE_DIR = (
    "file:///storage/emulated/0/Android/data/com.wbrawner.simplemarkdown/files/Documents/"
)
PROMPT_SAVE = "Would you like to save your changes?"
LOAD_ERROR = "An error occurred while opening the file"
SAVE_ERROR = "An error occurred while saving the file"

# Route.entries after EDITOR, as the drawer lists them: (path, title).
ROUTES = (
    ("/settings", "Settings"),
    ("/support", "Support SimpleMarkdown"),
    ("/help", "Help"),
    ("/about", "About"),
    ("/privacy", "Privacy"),
)
INFO_FILES = {
    "/help": [
        "Markdown is a markup language that allows you to quickly and easily write for the web!",
        "Headings/Titles",
    ],
    "/about": [
        "The following libraries were a huge help in the development of SimpleMarkdown.",
    ],
    "/privacy": [
        "The internet access permission is requested primarily for retrieving images from the"
        " internet in case you embed them in your markdown",
    ],
}
SUPPORT_INFO = (
    "SimpleMarkdown is a personal project of mine that I develop and maintain in my free time."
    " I very much appreciate any and all forms of support, whether that be assistance with"
    " designing the app or icons, adding translations for other languages, contributing to the"
    " code, or giving me a tip. If you have any troubles with SimpleMarkdown, please don't"
    " hesitate to get in touch, and if you haven't already, please rate the app on the Play"
    " Store.\n\nAlso please keep in mind that the in-app purchases for the tips won't unlock any"
    " additional functionality in the app. SimpleMarkdown is and always will be completely free"
    " and open source!"
)
# (key, title, on, off) of SettingsScreen's BooleanPreferences, in order; Dark Mode is second.
BOOL_PREFS = (
    (
        "autosave",
        "Enable autosave",
        "Files will be automatically saved",
        "Files will not be automatically saved",
    ),
    (
        "amoled_dark_theme",
        "AMOLED Dark Theme",
        "Use a pure black background instead of the default",
        "Use a pure black background instead of the default",
    ),
    (
        "acra.enable",
        "Enable automated error reports",
        "Error reports will be sent",
        "Error reports will not be sent",
    ),
    (
        "analytics.enable",
        "Send analytics",
        "Analytics events will be sent",
        "Analytics events will not be sent",
    ),
    (
        "readability.enable",
        "Enable readability highlighting (experimental)",
        "Readability highlighting is on",
        "Readability highlighting is off",
    ),
)
DARK_MODES = ("light", "dark", "auto")


def typing_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of SimpleMarkdown#103: text typed into the edit tab went to a
    ``TextFieldState`` the editor no longer shows (replaced by New or Open)."""
    return bool(data["lost_input"])


def _click(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return {
        "kind": "click",
        "target": {"resource_id": "", "text": text, "content_desc": desc, "class_name": cls},
    }


def _type(typed: str, shown: str = PLACEHOLDER) -> dict[str, Any]:
    return {
        "kind": "input_text",
        "target": {"resource_id": "", "text": shown, "content_desc": "", "class_name": EDIT},
        "text": typed,
    }


TYPE_FIRST = _type("Hello")
MENU = _click(desc="Editor Actions", cls=BUTTON)
NEW = _click("New")
OPEN = _click("Open")
SAVE = _click("Save")
NO = _click("No", cls=BUTTON)
TYPE_AGAIN = _type("World")
DRAWER = _click(desc="Main Menu", cls=BUTTON)
SETTINGS = _click("Settings")
BACK_ARROW = _click(desc="Back", cls=BUTTON)
PICK_NOTES = _click("notes.md")
SAVE_BUTTON = _click("SAVE", cls=BUTTON)

BUG_103 = BugSpec(
    "SimpleMarkdown#103",
    "non-crash",
    "opening/creating a file prevents the cursor from editing it",
    typing_lost,
    human_steps=(TYPE_FIRST, MENU, NEW, NO, TYPE_AGAIN),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "SimpleMarkdown#103": [
        # Nothing typed after New: no input lost.
        [TYPE_FIRST, MENU, NEW, NO],
        # New before typing anything: the field's first input session binds the new state.
        [MENU, NEW, TYPE_AGAIN],
        # A drawer screen visited after New (the reporter's one-time fix), then typing.
        [TYPE_FIRST, MENU, NEW, NO, DRAWER, SETTINGS, BACK_ARROW, TYPE_AGAIN],
        # Save (a neighbouring menu item) instead of New: the state is kept.
        [TYPE_FIRST, MENU, SAVE, SAVE_BUTTON, _type("Hello World", "Hello")],
        # Open cancelled in the picker: the load fails, the state is kept.
        [
            TYPE_FIRST,
            MENU,
            OPEN,
            {"kind": "press_back"},
            _click("OK", cls=BUTTON),
            _type("Hello World", "Hello"),
        ],
    ]
}


class SimpleMarkdown(VirtualApp):
    """Simple Markdown 2024.12.0 (see the module docstring)."""

    name: ClassVar[str] = "SimpleMarkdown"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Markdown"
    version: ClassVar[str] = "2024.12.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_103,)

    def initial_data(self) -> dict[str, Any]:
        return {
            # SharedPreferences (PreferenceHelper defaults) and the autosave uri.
            "prefs": {
                "autosave": True,
                "amoled_dark_theme": False,
                "acra.enable": True,
                "analytics.enable": True,
                "readability.enable": False,
                "lockSwiping": False,
                "darkMode": "Auto",
                "autosave.uri": None,
            },
            # Storage the app can reach: uri -> (display name, content).
            "files": {NOTES_URI: {"name": "notes.md", "content": "# Notes\n\nBuy milk"}},
            # MarkdownViewModel's EditorState (the ViewModel outlives a rotation).
            "vm": self._editor_state(UNTITLED, 1),
            # TextFieldState instances by id: their text.
            "states": {"1": ""},
            "next_state": 2,
            "picker": None,  # the pending ActivityResult launcher: "open" | "create"
            "lost_input": [],
        }

    @staticmethod
    def _editor_state(file_name: str, state_id: int) -> dict[str, Any]:
        return {
            "fileName": file_name,
            "state": state_id,
            "path": None,
            "alert": None,
            "saveCallback": None,
            "dirty": False,
            "initialMarkdown": "",
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == PICKER:
            return
        # rememberNavController / rememberPagerState / rememberDrawerState are saveable; the
        # text field's input session and the dropdown menu (remember) are not.
        ctx.ui.setdefault("stack", ["/"])
        ctx.ui.setdefault("page", 0)
        ctx.ui.setdefault("drawer", False)
        ctx.ui["menu"] = False
        ctx.ui["session"] = None
        ctx.ui.setdefault("settings_dialog", False)
        # LaunchedEffect(intentData) of each new composition: load(null) falls back to the
        # autosave uri.
        uri = ctx.data["prefs"]["autosave.uri"]
        if uri:
            self._load(ctx, uri)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        keep = ("stack", "page", "drawer")
        return {k: v for k, v in ctx.ui.items() if k in keep}

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == PICKER:
            self._picker_result(ctx, None)
            return True
        if w.dismiss(ctx.ui, "drawer"):
            return True
        if len(ctx.ui["stack"]) > 1:
            self._navigate_back(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == PICKER or ctx.ui["stack"][-1] != "/":
            return False
        if ctx.data["prefs"]["lockSwiping"]:
            return False  # userScrollEnabled = !lockSwiping
        return w.pager_swipe(ctx.ui, "page", 2, direction)

    # -- MarkdownViewModel -------------------------------------------------------------------
    def _text(self, ctx: AppContext) -> str:
        return str(ctx.data["states"][str(ctx.data["vm"]["state"])])

    def _new_state(self, ctx: AppContext, text: str) -> int:
        state_id = int(ctx.data["next_state"])
        ctx.data["next_state"] = state_id + 1
        ctx.data["states"][str(state_id)] = text
        return state_id

    def _markdown_updated(self, ctx: AppContext) -> None:
        vm = ctx.data["vm"]
        vm["dirty"] = self._text(ctx) != vm["initialMarkdown"]
        self._autosave(ctx)

    def _autosave(self, ctx: AppContext) -> None:
        vm, prefs = ctx.data["vm"], ctx.data["prefs"]
        if not prefs["autosave"] or not vm["dirty"]:
            return
        if not self._save(ctx, None, interactive=False):
            uri = AUTOSAVE_DIR + vm["fileName"]
            ctx.data["files"][uri] = {"name": vm["fileName"], "content": self._text(ctx)}
            prefs["autosave.uri"] = uri

    def _load(self, ctx: AppContext, path: str) -> None:
        stored = ctx.data["files"].get(path)
        if stored is None:
            # openFileDescriptor("null"): FileNotFoundException, caught in load().
            ctx.log("MarkdownViewModel", f"Failed to open file at path: {path}", "E")
            ctx.data["vm"]["alert"] = {"text": LOAD_ERROR, "confirm": ["OK", "dismiss"]}
            return
        vm = ctx.data["vm"]
        vm.update(
            path=path,
            fileName=stored["name"],
            initialMarkdown=stored["content"],
            dirty=False,
            state=self._new_state(ctx, stored["content"]),  # TextFieldState(initialText)
        )
        ctx.toast(f"Successfully loaded {stored['name']}")
        ctx.data["prefs"]["autosave.uri"] = path

    def _save(self, ctx: AppContext, save_path: str | None, *, interactive: bool = True) -> bool:
        vm = ctx.data["vm"]
        path = save_path or vm["path"]
        if path is None:
            if interactive:
                vm["saveCallback"] = "unset"
                ctx.data["picker"] = "create"
                ctx.start_activity(PICKER)
            return False
        name = path.rsplit("/", 1)[-1]
        ctx.data["files"][path] = {"name": name, "content": self._text(ctx)}
        vm.update(fileName=name, path=path, initialMarkdown=self._text(ctx), dirty=False)
        if interactive:
            ctx.toast(f"Successfully saved {name}")
        ctx.data["prefs"]["autosave.uri"] = path
        return True

    def _reset(self, ctx: AppContext, force: bool = False) -> None:
        vm = ctx.data["vm"]
        if not force and vm["dirty"]:
            vm["alert"] = {
                "text": PROMPT_SAVE,
                "confirm": ["Yes", "save_then_reset"],
                "dismiss": ["No", "force_reset"],
            }
            return
        ctx.data["vm"] = self._editor_state(UNTITLED, self._new_state(ctx, ""))
        ctx.data["prefs"]["autosave.uri"] = None

    def _alert_action(self, ctx: AppContext, action: str) -> None:
        vm = ctx.data["vm"]
        if action == "dismiss":
            vm["alert"] = None
        elif action == "force_reset":
            self._reset(ctx, force=True)
        elif action == "save_then_reset":
            # saveCallback = { reset(...) }: MainScreen launches CreateDocument(fileName). The
            # alert stays in the state until the reset replaces it.
            vm["saveCallback"] = "reset"
            ctx.data["picker"] = "create"
            ctx.start_activity(PICKER)

    # -- the editor's TextFieldState and its input session -----------------------------------
    def _on_editor_text(self, ctx: AppContext, text: str) -> None:
        current = int(ctx.data["vm"]["state"])
        session = ctx.ui.get("session")
        if session is None:
            ctx.ui["session"] = session = current  # the input session starts on this state
        if session != current:
            # The bug: the session still edits the TextFieldState it started on; the field
            # shows the new one, unchanged.
            ctx.data["states"][str(session)] = text
            ctx.data["lost_input"].append({"state": session, "shown": current, "text": text})
            return
        ctx.data["states"][str(current)] = text
        self._markdown_updated(ctx)  # snapshotFlow { text }.collectLatest

    # -- navigation --------------------------------------------------------------------------
    def _navigate(self, ctx: AppContext, path: str) -> None:
        ctx.ui["stack"].append(path)
        ctx.ui["drawer"] = False
        ctx.ui["menu"] = False
        ctx.ui["session"] = None  # MainScreen leaves the composition
        ctx.ui["settings_dialog"] = False

    def _navigate_back(self, ctx: AppContext) -> None:
        w.pop_back_stack(ctx.ui["stack"])
        ctx.ui["settings_dialog"] = False

    def _toggle_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = not ctx.ui["drawer"]

    def _set_menu(self, ctx: AppContext, expanded: bool) -> None:
        ctx.ui["menu"] = expanded

    def _menu_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        if item == "new":
            self._reset(ctx)
        elif item == "open":
            ctx.data["picker"] = "open"
            ctx.start_activity(PICKER)
        elif item == "save":
            self._save(ctx, None)
        elif item == "save_as":
            ctx.data["picker"] = "save_as"
            ctx.start_activity(PICKER)

    def _toggle_lock(self, ctx: AppContext) -> None:
        prefs = ctx.data["prefs"]
        prefs["lockSwiping"] = not prefs["lockSwiping"]
        ctx.ui["menu"] = False

    def _share(self, ctx: AppContext) -> None:
        ctx.log(
            "ActivityTaskManager", "START u0 {act=android.intent.action.CHOOSER} (not modelled)"
        )

    def _select_page(self, ctx: AppContext, page: int) -> None:
        ctx.ui["page"] = page

    # -- the document picker (DocumentsUI stub) ----------------------------------------------
    def _picker_result(self, ctx: AppContext, uri: str | None) -> None:
        mode = ctx.data["picker"]
        ctx.data["picker"] = None
        ctx.finish()
        vm = ctx.data["vm"]
        if mode == "open":
            self._load(ctx, str(uri))  # loadFile(it) -> load(it.toString()): "null" if cancelled
            return
        if uri is not None:
            self._save(ctx, uri)
        callback = vm.get("saveCallback") if mode == "create" else None
        if callback == "unset":
            ctx.data["vm"]["saveCallback"] = None
        elif callback == "reset":
            ctx.data["vm"]["saveCallback"] = None
            self._reset(ctx)

    def _render_picker(self, ctx: AppContext) -> Screen:
        mode = ctx.data["picker"]
        rows = [
            w.document_row(f["name"], w.bind(self._picker_result, uri) if mode == "open" else None)
            for uri, f in ctx.data["files"].items()
            if uri.startswith("content://com.android.providers.downloads")
        ]
        footer: list[View] = []
        if mode in ("create", "save_as"):
            name = ctx.data["vm"]["fileName"]
            uri = "content://com.android.providers.downloads.documents/document/" + name
            footer.append(
                View(
                    cls="android.widget.LinearLayout",
                    layout="horizontal",
                    height=160,
                    weight=0,
                    children=[
                        w.edit_text(DOCS + "item_name", name, None),
                        w.button(
                            DOCS + "button1", "SAVE", w.bind(self._picker_result, uri), width=300
                        ),
                    ],
                )
            )
        return Screen(content=w.document_picker(rows, footer=footer))

    # -- render ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PICKER:
            return self._render_picker(ctx)
        route = ctx.ui["stack"][-1]
        windows: list[Window] = []
        if route == "/":
            body, windows = self._editor(ctx)
        elif route == "/settings":
            body, windows = self._settings(ctx)
        elif route == "/support":
            body = self._support()
        else:
            title = dict(ROUTES)[route]
            body = self._column([self._back_bar(title), self._web(INFO_FILES[route])])
        return Screen(content=View(cls=COMPOSE, children=[body]), windows=windows)

    def _column(self, children: list[View], **kw: Any) -> View:
        return View(cls=VIEW, children=children, **kw)

    def _icon_button(self, desc: str, handler: Any) -> View:
        return View(cls=BUTTON, content_desc=desc, on_click=handler, width=126, height=126)

    def _bar(self, title: str, nav: View, actions: list[View] | None = None) -> View:
        return View(
            cls=VIEW,
            layout="horizontal",
            height=168,
            weight=0,
            children=[nav, w.text_view(title, height=168), *(actions or [])],
        )

    def _back_bar(self, title: str) -> View:
        return self._bar(title, self._icon_button("Back", self._navigate_back))

    def _web(self, lines: list[str]) -> View:
        return View(
            cls=WEBVIEW,
            children=[w.text_view(line.lstrip("# "), height=90) for line in lines if line.strip()],
        )

    def _editor(self, ctx: AppContext) -> tuple[View, list[Window]]:
        vm = ctx.data["vm"]
        title = f"{vm['fileName']}*" if vm["dirty"] else vm["fileName"]
        bar = self._bar(
            title,
            self._icon_button("Main Menu", self._toggle_drawer),
            [
                self._icon_button("Share", self._share),
                self._icon_button("Editor Actions", w.bind(self._set_menu, True)),
            ],
        )
        page = ctx.ui["page"]
        tab_row = View(
            cls=VIEW,
            layout="horizontal",
            height=147,
            weight=0,
            children=[
                View(
                    cls=VIEW,
                    selected=page == i,
                    on_click=w.bind(self._select_page, i),
                    children=[w.text_view(label, height=147)],
                )
                for i, label in enumerate(("Edit", "Preview"))
            ],
        )
        text = self._text(ctx)
        if page == 0:
            content = w.edit_text(
                "",
                text,
                self._on_editor_text,
                hint=PLACEHOLDER,
                height=1400,
                extra={"multiline": True},
            )
        else:
            content = self._web(text.split("\n"))
        main = self._column([bar, tab_row, content])
        if ctx.ui["drawer"]:
            sheet = View(
                cls=VIEW,
                width=756,
                gravity="start",
                children=[
                    View(
                        cls=VIEW,
                        layout="horizontal",
                        height=252,
                        weight=0,
                        children=[
                            View(cls="android.widget.ImageView", width=252, height=252),
                            w.text_view("Simple Markdown", height=252),
                        ],
                    ),
                    *[
                        View(
                            cls=VIEW,
                            height=168,
                            weight=0,
                            on_click=w.bind(self._navigate, path),
                            children=[w.text_view(label, height=168)],
                        )
                        for path, label in ROUTES
                    ],
                    View(cls=VIEW),
                ],
            )
            main = View(cls=VIEW, layout=FRAME, children=[main, sheet])
        windows: list[Window] = []
        if ctx.ui["menu"]:
            lock = ctx.data["prefs"]["lockSwiping"]
            items = [
                ("New", w.bind(self._menu_item, "new")),
                ("Open", w.bind(self._menu_item, "open")),
                ("Save", w.bind(self._menu_item, "save")),
                ("Save as…", w.bind(self._menu_item, "save_as")),
            ]
            rows = [
                View(cls=VIEW, on_click=handler, height=147, children=[w.text_view(t, height=147)])
                for t, handler in items
            ]
            rows.append(
                View(
                    cls=VIEW,
                    layout="horizontal",
                    on_click=self._toggle_lock,
                    height=147,
                    children=[
                        w.text_view("Lock Swiping", height=147),
                        w.check_box("", "", lock, self._toggle_lock, width=126, height=126),
                    ],
                )
            )
            windows.append(
                Window(
                    root=View(cls=VIEW, weight=0, children=rows),
                    kind="menu",
                    on_dismiss=w.bind(self._set_menu, False),
                    bounds=(580, 140, 1060, 140 + 147 * 5),
                )
            )
        alert = vm["alert"]
        if alert is not None:
            buttons = []
            for key in ("dismiss", "confirm"):
                if key in alert:
                    label, action = alert[key]
                    buttons.append(w.button(text=label, handler=w.bind(self._alert_action, action)))
            windows.append(
                w.alert_dialog(
                    w.text_view(alert["text"]),
                    [],
                    buttons,
                    w.bind(self._alert_action, "dismiss"),
                )
            )
        return main, windows

    def _settings(self, ctx: AppContext) -> tuple[View, list[Window]]:
        prefs = ctx.data["prefs"]
        rows = []
        for i, (key, title, on, off) in enumerate(BOOL_PREFS):
            if i == 1:
                rows.append(
                    View(
                        cls=VIEW,
                        on_click=w.bind(self._set_settings_dialog, True),
                        height=200,
                        weight=0,
                        children=[
                            w.text_view("Dark Mode", height=100),
                            w.text_view(prefs["darkMode"], height=100),
                        ],
                    )
                )
            enabled = bool(prefs[key])
            rows.append(
                View(
                    cls=VIEW,
                    layout="horizontal",
                    on_click=w.bind(self._toggle_pref, key),
                    height=200,
                    weight=0,
                    children=[
                        self._column(
                            [w.text_view(title, height=100), w.text_view(on if enabled else off)]
                        ),
                        View(
                            cls="android.widget.Switch",
                            checkable=True,
                            checked=enabled,
                            on_click=w.bind(self._toggle_pref, key),
                            width=160,
                            height=120,
                        ),
                    ],
                )
            )
        body = self._column([self._back_bar("Settings"), View(cls=VIEW, children=rows)])
        windows: list[Window] = []
        if ctx.ui.get("settings_dialog"):
            options = [
                View(
                    cls=VIEW,
                    layout="horizontal",
                    on_click=w.bind(self._set_dark_mode, option),
                    height=126,
                    children=[
                        w.radio_button(
                            "",
                            "",
                            option == prefs["darkMode"],
                            w.bind(self._set_dark_mode, option),
                            width=126,
                        ),
                        w.text_view(option, height=126),
                    ],
                )
                for option in DARK_MODES
            ]
            windows.append(
                w.alert_dialog(
                    w.text_view("Dark Mode"),
                    options,
                    [w.button(text="Cancel", handler=w.bind(self._set_settings_dialog, False))],
                    w.bind(self._set_settings_dialog, False),
                )
            )
        return body, windows

    def _set_settings_dialog(self, ctx: AppContext, showing: bool) -> None:
        ctx.ui["settings_dialog"] = showing

    def _set_dark_mode(self, ctx: AppContext, option: str) -> None:
        ctx.data["prefs"]["darkMode"] = option
        ctx.ui["settings_dialog"] = False

    def _toggle_pref(self, ctx: AppContext, key: str) -> None:
        prefs = ctx.data["prefs"]
        prefs[key] = not prefs[key]

    def _support(self) -> View:
        def leave(target: str) -> Any:
            def handler(ctx: AppContext) -> None:
                ctx.log("ActivityTaskManager", f"START u0 {{dat={target}}} (not modelled)")

            return handler

        return self._column(
            [
                self._back_bar("Support SimpleMarkdown"),
                View(cls="android.widget.ImageView", width=263, height=263, weight=0),
                w.text_view(SUPPORT_INFO, height=700),
                w.button(
                    text="View SimpleMarkdown on GitHub",
                    handler=leave("https://github.com/wbrawner/SimpleMarkdown"),
                ),
                w.button(
                    text="Rate SimpleMarkdown",
                    handler=leave("market://details?id=com.wbrawner.simplemarkdown"),
                ),
                View(cls=VIEW),
            ]
        )
