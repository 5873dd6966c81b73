"""Joplin 0.10.69 for Android (net.cozic.joplin), the React Native client of 2018, modelled from
the sources at commit f45a4fff8 (github.com/laurent22/joplin, ``ReactNativeClient/``, version
0.10.69 in ``android/app/build.gradle``), the parent of the fix 83398dd0b ("Mobile: Fixes #139:
Crash when creating new notebook").

Bug joplin#139 (crash). ``AppNav`` keeps ``NotesScreen`` mounted on every route (invisible when
another screen shows). ``ActionButton.newFolder_press`` dispatches ``NAV_GO`` to ``Folder`` with
``folderId: null``, and the ``NAV_GO`` reducer of ``root.js`` then sets ``selectedFolderId =
null`` and ``notesParentType = 'Folder'``. ``NotesScreen.render`` re-renders: ``parentItem()``
finds no folder with a null id, and its ``!parent`` branch calls ``menuOptions()``, which reads
``folder.encryption_applied`` of the null folder: a JavaScript TypeError. A React Native 0.49
release build reports it through ``ExceptionsManagerModule.reportFatalException``, which throws
``com.facebook.react.common.JavascriptException`` on the ``mqt_native_modules`` thread and the
app dies. The fix returns ``[]`` from ``menuOptions()`` when there is no folder.

Modelled: the first screen of a fresh install (``Welcome``, its message for no notebooks), the
``ScreenHeader`` (side-menu button, the disabled back button, title, search button and the
``⋮`` context menu with "Encryption Config" and "Configuration"), the floating action button
(react-native-action-button: the main "+" button, which opens its items, here only "New
notebook" since there is no notebook yet), the side menu (header image, "Synchronise" and the
blank sync report), the Back key handler of ``root.js`` (close the side menu, go back in the
history, else exit). React Native views carry no resource ids; icon buttons have no label.
Stubbed: the Folder, Search, Configuration, Encryption Config and OneDrive login screens (a
header and little else; "Synchronise" opens the OneDrive login, the default sync target, which
needs the network and is left as a title).

Uncertain: the minified name in the TypeError message (JavaScriptCore words it ``null is not an
object (evaluating 't.encryption_applied')``; the letter is a guess) and the line numbers of the
Java frames; the icons' glyphs (Ionicons characters in TextViews) are left out.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "net.cozic.joplin"
MAIN = ".MainActivity"
GROUP = "android.view.ViewGroup"
FAB_BOUNDS = [868, 1582, 1036, 1750]  # the action button's main "+" (no id, no label)

WELCOME_NO_FOLDER = "You currently have no notebook. Create one by clicking on (+) button."
WELCOME_FOLDERS = (
    "Click on the (+) button to create a new note or notebook. Click on the side menu to access "
    "your existing notebooks."
)
TITLES = {
    "Welcome": "Welcome",
    "Folder": "Edit notebook",
    "Search": "Search",
    "Config": "Configuration",
    "EncryptionConfig": "Encryption Config",
    "OneDriveLogin": "Login with OneDrive",
}

JS_FATAL_FRAMES = [
    "com.facebook.react.modules.core.ExceptionsManagerModule.showOrThrowError"
    "(ExceptionsManagerModule.java:56)",
    "com.facebook.react.modules.core.ExceptionsManagerModule.reportFatalException"
    "(ExceptionsManagerModule.java:40)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.facebook.react.bridge.JavaMethodWrapper.invoke(JavaMethodWrapper.java:363)",
    "com.facebook.react.bridge.JavaModuleWrapper.invoke(JavaModuleWrapper.java:162)",
    "com.facebook.react.bridge.queue.NativeRunnable.run(Native Method)",
    "android.os.Handler.handleCallback(Handler.java:751)",
    "android.os.Handler.dispatchMessage(Handler.java:95)",
    "com.facebook.react.bridge.queue.MessageQueueThreadHandler.dispatchMessage"
    "(MessageQueueThreadHandler.java:31)",
    "android.os.Looper.loop(Looper.java:154)",
    "com.facebook.react.bridge.queue.MessageQueueThreadImpl$3.run(MessageQueueThreadImpl.java:194)",
    "java.lang.Thread.run(Thread.java:761)",
]


def group(children: list[View] | None = None, **kw: Any) -> View:
    """A React Native View (a ReactViewGroup in dumps)."""
    return View(cls=GROUP, children=children or [], **kw)


def touchable(handler: Any, children: list[View] | None = None, **kw: Any) -> View:
    """A TouchableOpacity: a clickable ReactViewGroup."""
    return View(cls=GROUP, on_click=handler, children=children or [], **kw)


def label(text: str, **kw: Any) -> View:
    return View(cls="android.widget.TextView", text=text, **kw)


class Joplin(VirtualApp):
    """Joplin 0.10.69: the Welcome screen of a fresh install and the way to a new notebook."""

    name: ClassVar[str] = "joplin"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Joplin"
    version: ClassVar[str] = "0.10.69"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "joplin#139",
            "crash",
            'Bug: crashes on clicking "new notebook " on some android',
            crash_oracle(
                PACKAGE, "com.facebook.react.common.JavascriptException", "encryption_applied"
            ),
            human_steps=(
                click(PACKAGE, cls=GROUP, bounds=FAB_BOUNDS),
                click(PACKAGE, text="New notebook"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # The SQLite database of a fresh install: no folder, note or tag; default settings.
        return {"folders": [], "notes": [], "tags": [], "settings": {"sync.target": "onedrive"}}

    # -- redux state (the JS context lives as long as the activity) -------------------------
    def on_create(self, ctx: AppContext) -> None:
        if "route" not in ctx.ui:
            ctx.ui.update(
                route={"routeName": "Welcome"},
                history=[],
                notesParentType=None,
                selectedFolderId=None,
                showSideMenu=False,
                fabActive=False,
                menuOpen=False,
                query="",
                title="",
            )

    def folder_by_id(self, ctx: AppContext, folder_id: str | None) -> dict[str, Any] | None:
        return next((f for f in ctx.data["folders"] if f["id"] == folder_id), None)

    def render_notes_screen(self, ctx: AppContext) -> None:
        """NotesScreen.render of the always-mounted notes screen, as it runs after each state
        change (AppNav renders it whatever the route)."""
        if ctx.ui["notesParentType"] != "Folder":
            return
        folder = self.folder_by_id(ctx, ctx.ui["selectedFolderId"])
        if folder is None:
            # !parent: <ScreenHeader title={title} menuOptions={this.menuOptions()} />, and
            # menuOptions() reads folder.encryption_applied of the null folder.
            raise JavaException(
                "com.facebook.react.common.JavascriptException",
                "TypeError: null is not an object (evaluating 't.encryption_applied'), stack:\n"
                "menuOptions@473:2187\nrender@473:3047\n_renderValidatedComponentWithoutOwnerOr"
                "Context@105:13744",
                JS_FATAL_FRAMES,
                thread="mqt_native_modules",
            )

    def nav_go(self, ctx: AppContext, route: dict[str, Any]) -> None:
        """The NAV_GO case of root.js's appReducer."""
        current = ctx.ui["route"]
        if current["routeName"] != route["routeName"]:
            ctx.ui["history"].append(current)
        if route["routeName"] == "Welcome":
            ctx.ui["history"] = []
        if "folderId" in route:
            ctx.ui["selectedFolderId"] = route["folderId"]
            ctx.ui["notesParentType"] = "Folder"
        ctx.ui["route"] = route
        ctx.ui["fabActive"] = False
        ctx.ui["menuOpen"] = False
        ctx.ui["showSideMenu"] = False
        self.render_notes_screen(ctx)

    def nav_back(self, ctx: AppContext) -> None:
        history = ctx.ui["history"]
        action = history.pop()
        ctx.ui["route"] = action
        if "folderId" in action:
            ctx.ui["selectedFolderId"] = action["folderId"]
            ctx.ui["notesParentType"] = "Folder"
        self.render_notes_screen(ctx)

    # -- handlers ---------------------------------------------------------------------------
    def toggle_fab(self, ctx: AppContext) -> None:
        ctx.ui["fabActive"] = not ctx.ui["fabActive"]

    def new_folder(self, ctx: AppContext) -> None:
        # ActionButton.newFolder_press
        self.nav_go(ctx, {"routeName": "Folder", "folderId": None})

    def set_flag(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui[key] = value

    def go(self, ctx: AppContext, route_name: str) -> None:
        self.nav_go(ctx, {"routeName": route_name})

    def synchronise(self, ctx: AppContext) -> None:
        # side-menu-shared synchronize_press: OneDrive is not authenticated on a fresh install.
        self.nav_go(ctx, {"routeName": "OneDriveLogin"})

    def back_pressed(self, ctx: AppContext) -> None:
        """The header's back arrow (ScreenHeader.backButton_press: NAV_BACK)."""
        self.on_back(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menuOpen"):
            ctx.ui["menuOpen"] = False
            return True
        if ctx.ui.get("showSideMenu"):
            ctx.ui["showSideMenu"] = False
            return True
        if ctx.ui.get("history"):
            self.nav_back(ctx)
            return True
        return False  # BackHandler.exitApp()

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if direction == "right" and not ctx.ui.get("showSideMenu"):
            ctx.ui["showSideMenu"] = True
            return True
        if direction == "left" and ctx.ui.get("showSideMenu"):
            ctx.ui["showSideMenu"] = False
            return True
        return False

    # -- screens ----------------------------------------------------------------------------
    def header(self, ctx: AppContext, title: str, save_button: bool = False) -> View:
        """ScreenHeader: side menu, back (disabled without history), title, search, ⋮."""
        can_go_back = bool(ctx.ui["history"])
        children = [
            touchable(w.bind(self.set_flag, "showSideMenu", True), width=120, height=147),
            View(
                cls=GROUP,
                on_click=self.back_pressed if can_go_back else None,
                clickable=True,
                enabled=can_go_back,
                width=120,
                height=147,
            ),
        ]
        if save_button:
            children.append(View(cls=GROUP, clickable=True, enabled=False, width=120, height=147))
        children += [
            label(title, height=147),
            touchable(w.bind(self.go, "Search"), width=120, height=147),
            touchable(
                w.bind(self.set_flag, "menuOpen", True),
                [label("  ⋮", height=147)],
                width=100,
                height=147,
            ),
        ]
        return group(children, layout="horizontal", height=147)

    def action_button(self, ctx: AppContext) -> View:
        """react-native-action-button: the main button and, when active, its items."""
        main = touchable(self.toggle_fab, width=168, height=168, gravity="bottom_end", style="fab")
        if not ctx.ui["fabActive"]:
            return group([main], layout="frame")
        items: list[View] = []
        if ctx.data["folders"]:
            items += [
                group([touchable(lambda c: None, [label("New to-do")]), group(width=130)]),
                group([touchable(lambda c: None, [label("New note")]), group(width=130)]),
            ]
        items.append(
            group(
                [
                    touchable(self.new_folder, [label("New notebook", width=400)], width=400),
                    touchable(self.new_folder, width=130, height=130),
                ],
                layout="horizontal",
                height=150,
            )
        )
        overlay = touchable(self.toggle_fab, [group(), *items], layout="vertical")
        return group([overlay, main], layout="frame")

    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui["route"]["routeName"]
        title = TITLES.get(route, route)
        body: list[View]
        if route == "Welcome":
            message = WELCOME_FOLDERS if ctx.data["folders"] else WELCOME_NO_FOLDER
            body = [
                self.header(ctx, title),
                label(message, height=200),
                self.action_button(ctx),
            ]
        elif route == "Search":
            body = [
                self.header(ctx, title),
                group(
                    [
                        w.edit_text("", ctx.ui["query"], lambda c, t: self.set_flag(c, "query", t)),
                        touchable(lambda c: self.set_flag(c, "query", ""), width=120),
                    ],
                    layout="horizontal",
                    height=150,
                ),
                group(),
            ]
        elif route == "Folder":
            body = [
                self.header(ctx, title, save_button=True),
                w.edit_text("", ctx.ui["title"], lambda c, t: self.set_flag(c, "title", t)),
                group(),
            ]
        else:
            body = [self.header(ctx, title), group()]
        content = group(body)
        if ctx.ui["showSideMenu"]:
            # react-native-side-menu: the menu beside the pushed-aside screen, which a tap closes.
            side = group(
                [
                    w.image_view(height=260),
                    touchable(self.synchronise, [label("Synchronise")], height=130),
                    label("\n" * 9, height=500),
                    group(),
                ],
                width=800,
            )
            closer = touchable(w.bind(self.set_flag, "showSideMenu", False), [content])
            content = group([side, closer], layout="horizontal")
        windows: list[Window] = []
        if ctx.ui["menuOpen"]:
            windows.append(
                w.menu_window(
                    [
                        ("Encryption Config", w.bind(self.go, "EncryptionConfig")),
                        ("Configuration", w.bind(self.go, "Config")),
                    ],
                    w.bind(self.set_flag, "menuOpen", False),
                )
            )
        return Screen(content=content, windows=windows)


WRONG_SEQUENCES = {
    "joplin#139": [
        # The action button opened and closed again.
        [
            click(PACKAGE, cls=GROUP, bounds=FAB_BOUNDS),
            click(PACKAGE, cls=GROUP, bounds=FAB_BOUNDS),
        ],
        # The side menu's Synchronise instead of the action button.
        [
            click(PACKAGE, cls=GROUP, bounds=[0, 63, 120, 210]),
            click(PACKAGE, text="Synchronise"),
        ],
        # The context menu's Configuration, then back.
        [
            click(PACKAGE, text="  ⋮"),
            click(PACKAGE, text="Configuration"),
            {"kind": "press_back"},
        ],
        # Configuration, back, then the action button only opened.
        [
            click(PACKAGE, text="  ⋮"),
            click(PACKAGE, text="Encryption Config"),
            {"kind": "press_back"},
            click(PACKAGE, cls=GROUP, bounds=FAB_BOUNDS),
        ],
    ],
}
