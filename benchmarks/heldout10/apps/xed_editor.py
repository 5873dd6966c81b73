"""Xed-Editor 3.0.0 (``com.rk.xededitor``), with bug Xed-Editor#526 (non-crash).

Xed-Editor is a code editor with a terminal and git support. Modelled from the sources at the
``release. v3.0.0`` commit ``3d872c519fbde9552c2b8203bdc274f12f98a1ad`` (2025-03-08,
versionName 3.0.0, versionCode 46; the report is of 2025-03-09): ``app/build.gradle.kts``,
``core/main/.../MainActivity/MainActivity.kt``,
``MainActivity/handlers/PermissionHandler.kt``, ``MainActivity/handlers/MenuClickHandler.kt``,
``res/menu/menu_main.xml``, ``res/layout/activity_tab.xml``,
``ui/activities/settings/SettingsActivity.kt``, ``ui/screens/settings/SettingsScreen.kt``,
``ui/screens/settings/git/SettingsGitScreen.kt``, ``ui/screens/settings/feature_toggles/
FeatureToggles.kt``, ``ui/components/InputDialog.kt``, ``ui/components/SettingsToggle.kt``,
``com/rk/settings/Settings.kt``, ``com/rk/libcommons/FileUtil.kt`` and
``core/resources/src/main/res/values/strings.xml``.

Screens:

- ``MainActivity``: the MaterialToolbar (drawer toggle "open", the ifRoom items Add and Settings
  as icons, the overflow with Terminal and Tools) above the "Click here to open file" button
  (``openBtn``). Its ``onResume`` runs ``PermissionHandler.verifyStoragePermission``: without
  storage access the non-cancelable "Manage Storage" dialog (its reason text, OK) asks again on
  every resume; OK asks for storage through the system's runtime permission dialog (the path the
  sources take below Android 11; the virtual device grants storage that way, so Android 11's
  "All files access" settings page is not modelled). A denial asks again.
- ``SettingsActivity`` (Jetpack Compose: no resource ids): the Settings list (Application,
  Editor, Terminal, Git, Feature Toggles, About; Extensions is off by default) and the Git page:
  GitHub (a switch, "Use default github url"), User, Email, Github Token and, while GitHub is
  off, Custom Git Url, each opening the ``InputDialog`` (title, an outlined field labelled as in
  the sources, Cancel and Apply). The other pages are stubs (a title and the back arrow). The
  Compose back arrow has no content description; it and Back pop the page, then close Settings.

The bug (Xed-Editor#526): the Custom Git Url dialog's Apply calls
``updateConfig(context, username, inputGitUrl)``, whose third parameter is the e-mail: it
rewrites ``~/.gitconfig`` (under the app's ``local/alpine/root``) with the git domain as
``email``. The Git page keeps its own state while open (the Email row still shows the old
address), but every time it is opened again its ``LaunchedEffect`` reads the e-mail back from
``.gitconfig``, so Email shows the git domain; and ``gitUrl`` is a ``remember`` initialised to
"github.com" that is never loaded from ``Settings.git_url``, so Custom Git Url shows
"github.com". The stored ``git_url`` and ``.git-credentials`` are right, which is why git keeps
working (as the reporter saw). The oracle: the Git page, open in Settings in the foreground,
was loaded with an Email that is the stored custom git url.

The world: a fresh install, no ``.gitconfig`` (the page shows "root" and "example@mail.com"),
no network needed. Stubbed: the drawer (projects), file opening, Terminal (the Alpine
download), Tools (mutator scripts), the editor tabs, the pages other than Git. Uncertain: the
Compose nodes are dumped as a Compose UI dumps them to our best knowledge (TextViews for
texts, a clickable View per row, a checkable View for the switch, an EditText for the field,
Buttons for the dialog's buttons); the visible action items follow AppCompat's limit of three
slots on a 411 dp wide screen.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.rk.xededitor"
MAIN = ".MainActivity.MainActivity"
SETTINGS = ".ui.activities.settings.SettingsActivity"
TERMINAL = ".ui.activities.terminal.Terminal"
STORAGE = "android.permission.READ_EXTERNAL_STORAGE"

DEFAULT_NAME = "root"
DEFAULT_EMAIL = "example@mail.com"
MANAGE_STORAGE_REASON = (
    "Xed-Editor needs access to edit files in your storage. Please allow the access in the "
    "upcoming system setting."
)
# (route, label, description) of SettingsScreen's categories, as a fresh install shows them.
CATEGORIES = (
    ("app", "Application", "General settings for the application"),
    ("editor", "Editor", "General settings for the editor"),
    ("terminal", "Terminal", "General settings for terminal"),
    ("git", "Git", "General settings for git"),
    ("features", "Feature Toggles", "Enable or disable specific features"),
    ("about", "About", "About Xed-Editor"),
)
TITLES = {route: label for route, label, _ in CATEGORIES}
CONFIG_RE = re.compile(r"\[user]\s*name\s*=\s*(\S+)\s*email\s*=\s*(\S+)")
# android.util.Patterns.EMAIL_ADDRESS
EMAIL_RE = re.compile(
    r"[a-zA-Z0-9+._%\-]{1,256}@[a-zA-Z0-9][a-zA-Z0-9\-]{0,64}(\.[a-zA-Z0-9][a-zA-Z0-9\-]{0,25})+"
)


def git_page_shows_domain_as_email(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Xed-Editor#526: the Git settings page, open in the foreground, was
    loaded with an Email that is the stored custom git url."""
    shown = data.get("git_page") or {}
    return (
        system.get("foreground", "app") == "app"
        and system.get("activity", SETTINGS) == SETTINGS
        and bool(shown.get("open"))
        and shown.get("email") == data["prefs"]["git_url"]
    )


class XedEditor(VirtualApp):
    """Xed-Editor 3.0.0: the main screen, the storage request, Settings and its Git page."""

    name: ClassVar[str] = "Xed-Editor"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Xed-Editor"
    version: ClassVar[str] = "3.0.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Xed-Editor#526",
            "non-crash",
            "Git settings display incorrect data",
            git_page_shows_domain_as_email,
            human_steps=(
                click(PACKAGE, "android:id/button1", "OK"),
                allow_permission(PACKAGE),
                click(PACKAGE, "action_settings", desc="Settings"),
                click(PACKAGE, text="Git"),
                click(PACKAGE, text="GitHub"),
                click(PACKAGE, text="Custom Git Url"),
                input_text(PACKAGE, "", "gitlab.com", hint="github.com"),
                click(PACKAGE, text="Apply"),
                {"kind": "press_back"},
                click(PACKAGE, text="Git"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {"github": True, "git_url": "github.com", "feature_git": True},
            "files": {},  # local/alpine/root/.gitconfig and .git-credentials
            "git_page": {"open": False},
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("menu", None)
        ctx.ui.setdefault("dialog", None)
        if ctx.activity == MAIN:
            self._verify_storage(ctx)
        elif ctx.activity == SETTINGS:
            ctx.ui.setdefault("stack", ["root"])
            ctx.data["git_page"] = {"open": False}

    def _verify_storage(self, ctx: AppContext) -> None:
        """PermissionHandler.verifyStoragePermission (run in onResume)."""
        if STORAGE not in ctx.permissions:
            ctx.ui["dialog"] = {"kind": "storage"}

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity == MAIN and not granted:
            self._verify_storage(ctx)  # "permission denied ask again"

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == SETTINGS:
            self._pop(ctx)
            return True
        return False

    def _pop(self, ctx: AppContext) -> None:
        stack = ctx.ui["stack"]
        if len(stack) > 1:
            if stack.pop() == "git":
                ctx.data["git_page"] = {"open": False}
        else:
            ctx.data["git_page"] = {"open": False}
            ctx.finish()

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity == TERMINAL:
            return Screen(
                content=w.linear_layout(
                    [w.toolbar("Terminal", navigation=w.up_button()), w.text_view("", "terminal")]
                )
            )
        return self._render_main(ctx)

    def _set_menu(self, ctx: AppContext, menu: str | None) -> None:
        ctx.ui["menu"] = menu

    def _render_main(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            View(cls="android.view.View"),
            navigation=w.nav_button("open", w.bind(self._set_menu, "drawer")),
            actions=[
                w.action_item("action_add", "Add", w.bind(self._set_menu, "add")),
                w.action_item("action_settings", "Settings", lambda c: c.start_activity(SETTINGS)),
                w.overflow_button(w.bind(self._set_menu, "overflow")),
            ],
            rid="toolbar",
        )
        content = View(
            cls="androidx.drawerlayout.widget.DrawerLayout",
            resource_id="drawer_layout",
            children=[
                View(
                    cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
                    resource_id="main",
                    children=[
                        View(
                            cls="android.widget.LinearLayout",
                            resource_id="appbar",
                            weight=0,
                            children=[bar],
                        ),
                        w.frame_layout(
                            [
                                w.button(
                                    "openBtn",
                                    "Click here to open file",
                                    None,
                                    height=147,
                                    gravity="center",
                                )
                            ]
                        ),
                    ],
                )
            ],
        )
        return Screen(content=content, windows=self._main_windows(ctx))

    def _main_windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        close = w.bind(self._set_menu, None)
        menu = ctx.ui.get("menu")
        if menu == "overflow":
            windows.append(
                w.menu_window(
                    [
                        ("Terminal", self._terminal, "terminal"),
                        ("Tools", w.bind(self._set_menu, "tools"), "tools"),
                    ],
                    close,
                )
            )
        elif menu in ("tools", "add"):
            # Tools (mutator scripts: none on a fresh install) and Add's popup: not modelled.
            windows.append(w.menu_window([], close))
        elif menu == "drawer":
            windows.append(
                Window(
                    root=View(
                        cls="com.google.android.material.navigation.NavigationView",
                        resource_id="nav_view",
                        children=[
                            View(cls="android.widget.LinearLayout", resource_id="maindrawer")
                        ],
                    ),
                    kind="sheet",
                    on_dismiss=close,
                    bounds=(0, 63, 860, 1794),
                )
            )
        if ctx.ui.get("dialog"):
            windows.append(
                Window(
                    root=w.alert_dialog(
                        w.dialog_title("Manage Storage"),
                        [w.dialog_message(MANAGE_STORAGE_REASON)],
                        w.dialog_buttons(("OK", self._storage_ok)),
                        None,
                    ).root,
                    cancelable=False,
                )
            )
        return windows

    def _terminal(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        ctx.start_activity(TERMINAL)

    def _storage_ok(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.request_permission(STORAGE)

    # -- Settings (Compose) ------------------------------------------------------------------
    def _navigate(self, ctx: AppContext, route: str) -> None:
        ctx.ui["stack"].append(route)
        if route == "git":
            self._load_git(ctx)

    def _load_git(self, ctx: AppContext) -> None:
        """SettingsGitScreen: the remembered state, then its LaunchedEffect."""
        name, email = self._load_git_config(ctx)
        token = self._get_token(ctx)
        ctx.ui["git"] = {
            "username": name,
            "email": email,
            "token": token,
            "git_url": "github.com",  # remember { "github.com" }: never loaded
            "is_github": bool(ctx.data["prefs"]["github"]),
            "input_email": email,
            "input_user": name,
            "input_token": token,
            "input_url": "",
        }
        ctx.data["git_page"] = {"open": True, "email": email}

    @staticmethod
    def _load_git_config(ctx: AppContext) -> tuple[str, str]:
        text = ctx.data["files"].get(".gitconfig")
        if text is None:
            return DEFAULT_NAME, DEFAULT_EMAIL
        match = CONFIG_RE.search(text)
        if match is None:
            return DEFAULT_NAME, DEFAULT_EMAIL
        return match.group(1), match.group(2)

    @staticmethod
    def _get_token(ctx: AppContext) -> str:
        text = ctx.data["files"].get(".git-credentials")
        if text is None:
            return ""
        url = re.escape(str(ctx.data["prefs"]["git_url"]))
        match = re.search(rf"https://([^:]+):([^@]+)@{url}", text)
        return match.group(2) if match else ""

    @staticmethod
    def _update_config(ctx: AppContext, username: str, email: str) -> None:
        ctx.data["files"][".gitconfig"] = (
            f"[user]\n name = {username}\n email = {email}\n[color]\n ui = true\n status = true\n"
            " branch = true\n diff = true\n interactive = true\n[credential]\n helper = store\n"
        )

    @staticmethod
    def _update_credentials(ctx: AppContext, username: str, token: str, url: str) -> None:
        ctx.data["files"][".git-credentials"] = f"https://{username}:{token}@{url}"

    def _top_bar(self, title: str) -> View:
        return View(
            cls="android.view.View",
            layout="horizontal",
            height=168,
            style="toolbar",
            children=[
                View(cls="android.view.View", width=147, on_click=self._pop, naf=True),
                w.text_view(title, height=168),
            ],
        )

    def _row(self, label: str, description: str, handler: Any, switch: bool | None = None) -> View:
        texts = [w.text_view(label, height=70)]
        if description:
            texts.append(w.text_view(description, height=60))
        children: list[View] = [View(cls="android.view.View", children=texts)]
        if switch is not None:
            children.append(
                View(
                    cls="android.view.View",
                    width=180,
                    checkable=True,
                    checked=switch,
                    on_click=handler,
                )
            )
        return View(
            cls="android.view.View",
            layout="horizontal",
            height=200,
            on_click=handler,
            children=children,
        )

    def _render_settings(self, ctx: AppContext) -> Screen:
        page = ctx.ui["stack"][-1]
        windows: list[Window] = []
        if page == "root":
            rows = [
                self._row(label, desc, w.bind(self._navigate, route))
                for route, label, desc in CATEGORIES
            ]
            title = "Settings"
        elif page == "git":
            rows, windows = self._git_page(ctx)
            title = "Git"
        else:
            rows = []
            title = TITLES[page]
        content = View(
            cls="android.view.View",
            children=[self._top_bar(title), View(cls="android.view.View", children=rows)],
        )
        return Screen(content=content, windows=windows)

    def _git_page(self, ctx: AppContext) -> tuple[list[View], list[Window]]:
        git = ctx.ui["git"]
        rows = [
            self._row("GitHub", "Use default github url", self._toggle_github, git["is_github"]),
            self._row("User", git["username"], w.bind(self._open_dialog, "user")),
            self._row("Email", git["email"], w.bind(self._open_dialog, "email")),
            self._row("Github Token", "Github Token", w.bind(self._open_dialog, "token")),
        ]
        if not git["is_github"]:
            rows.append(
                self._row("Custom Git Url", git["git_url"], w.bind(self._open_dialog, "url"))
            )
        windows: list[Window] = []
        dialog = ctx.ui.get("dialog")
        if dialog is not None:
            title, label, key = {
                "url": ("Custom Git Url", "github.com", "input_url"),
                "email": ("Email", "example@email.com", "input_email"),
                "user": ("User", "User", "input_user"),
                "token": ("Github Token", "Github Token", "input_token"),
            }[dialog]
            field = View(
                cls="android.widget.EditText",
                text=git[key],
                hint=label,
                on_text=self._text_handler(key),
                height=180,
            )
            buttons = [
                View(cls="android.widget.View", height=0, width=0),
                w.button("", "Cancel", self._dismiss, width=280),
                w.button("", "Apply", self._confirm, width=280),
            ]
            root = View(
                cls="android.view.View",
                weight=0,
                style="dialog",
                children=[
                    w.text_view(title, height=120),
                    field,
                    View(
                        cls="android.view.View", layout="horizontal", height=150, children=buttons
                    ),
                ],
            )
            windows.append(Window(root=root, on_dismiss=self._dismiss))
        return rows, windows

    @staticmethod
    def _text_handler(key: str) -> Any:
        def on_text(ctx: AppContext, text: str) -> None:
            ctx.ui["git"][key] = text

        return on_text

    def _toggle_github(self, ctx: AppContext) -> None:
        git = ctx.ui["git"]
        git["is_github"] = not git["is_github"]
        ctx.data["prefs"]["github"] = git["is_github"]

    def _open_dialog(self, ctx: AppContext, kind: str) -> None:
        ctx.ui["dialog"] = kind

    def _dismiss(self, ctx: AppContext) -> None:
        """The dialog's onDismiss: close it and reset its field to the shown value."""
        kind = ctx.ui.get("dialog")
        ctx.ui["dialog"] = None
        git = ctx.ui["git"]
        if kind == "url":
            git["input_url"] = git["git_url"]
        elif kind == "email":
            git["input_email"] = git["email"]
        elif kind == "user":
            git["input_user"] = git["username"]
        elif kind == "token":
            git["input_token"] = git["token"]

    def _confirm(self, ctx: AppContext) -> None:
        """Apply: the dialog's onConfirm, then onDismiss."""
        kind = ctx.ui.get("dialog")
        git = ctx.ui["git"]
        if kind == "url":
            # The bug: the git domain is passed as the e-mail of .gitconfig.
            self._update_config(ctx, git["username"], git["input_url"])
            git["git_url"] = git["input_url"]
            ctx.data["prefs"]["git_url"] = git["git_url"]
            self._update_credentials(ctx, git["username"], git["token"], git["input_url"])
        elif kind == "email":
            if EMAIL_RE.fullmatch(git["input_email"]):
                self._update_config(ctx, git["username"], git["input_email"])
                git["email"] = git["input_email"]
            else:
                git["input_email"] = git["email"]
                ctx.toast("Invalid Email")
        elif kind == "user":
            if " " not in git["username"]:
                self._update_config(ctx, git["input_user"], git["email"])
                git["username"] = git["input_user"]
            else:
                git["input_user"] = git["username"]
                ctx.toast("Invalid Username")
        elif kind == "token" and git["input_token"].strip():
            self._update_credentials(ctx, git["username"], git["input_token"], git["git_url"])
            git["token"] = git["input_token"]
        self._dismiss(ctx)


_H = list(XedEditor.bugs[0].human_steps)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Xed-Editor#526": [
        # The custom url applied, but the Git page never left and opened again.
        _H[:8],
        # The custom url dialog cancelled instead of applied, then the page reopened.
        [*_H[:7], click(PACKAGE, text="Cancel"), *_H[8:]],
        # The Email changed (GitHub left on), then the page reopened.
        [
            *_H[:4],
            click(PACKAGE, text="Email"),
            input_text(PACKAGE, "", "me@example.org", hint="example@mail.com"),
            click(PACKAGE, text="Apply"),
            *_H[8:],
        ],
        # The custom url applied, then Editor opened instead of Git.
        [*_H[:9], click(PACKAGE, text="Editor")],
    ],
}
