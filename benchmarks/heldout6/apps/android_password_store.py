"""Password Store (``com.zeapo.pwdstore``, android-password-store/Android-Password-Store)
1.1-b6, for Android-Password-Store#13.

A client of ``pass``: passwords are PGP-encrypted files in a git repository, encrypted and
decrypted through OpenKeychain. Until a repository is cloned or created, the main screen shows
a welcome card with "Create new" and "Clone existing".

Sources read at commit 072db0c ("added apk built using jgit 3.5", 2014-09-23; build.gradle
``versionName`` 1.1-b6, versionCode 13), the version in the repository's ``app/`` folder when
the report was filed (2014-09-24), and the fix 2c92944 ("a simple solution to resolve #13",
2014-09-29). Files read: ``PasswordStore`` (``activity_pwdstore.xml``, ``menu/pwdstore.xml``),
``ToCloneOrNot`` (``fragment_to_clone_or_not.xml``), ``GitHandler`` (``activity_git_clone.xml``,
``menu/git_clone.xml``, ``arrays.xml``), ``utils/PasswordRepository``, ``UserPreference``
(``xml/preference.xml``), ``strings.xml``, ``styles.xml`` and the manifest.

Bug Android-Password-Store#13 (crash): on a fresh install ``checkLocalRepository`` finds no
``store`` folder and shows the ``ToCloneOrNot`` fragment, not the ``PasswordsList`` one. The
action bar's "New password" item (``menu_add_password``, always shown) calls
``createPassword``, whose first line ``getCurrentDir()`` casts
``findFragmentByTag("PasswordsList")`` (null) and calls ``getArguments()`` on it: a
``NullPointerException`` outside the method's try block. The fix shows "Please clone or create
a new repository below..." instead.

Stubbed: everything behind OpenKeychain (choosing a provider and a key id in the settings, so
"Create new" never gets past its "PGP-Key ID" dialog), the git network (a clone, pull or push
after the password dialog does nothing), the settings screen's editors (rows only) and the SSH
key picker. Uncertain: the report also says adding a git repo crashes; no crash on the clone
screen is identifiable in the sources without a server, so it is not modelled; the message is
ART's (the reporter's Android 4.1 printed none).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import Handler, Screen, View, Window

PACKAGE = "com.zeapo.pwdstore"
MAIN = ".PasswordStore"
GIT = ".GitHandler"
PREFS = ".UserPreference"
APP_NAME = "Password Store"
WELCOME = (
    "Welcome to Password Store\n\n In this screen you can either create a new repository or "
    "clone your git repository onto your device."
)
NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'android.os.Bundle android.app.Fragment.getArguments()' "
    "on a null object reference"
)
CLONE, PULL, PUSH = 103, 101, 102  # GitHandler.REQUEST_*
SERVER_INFO = (
    "You have to set the information about the server before synchronizing with the server"
)
PREFERENCES = (
    ("Git", ("Server", "Remote location", "Username", "SSH Key")),
    ("Crypto", ("Select OpenPGP Provider!", "Set your OpenPGP account", "Select OpenPGP Key id")),
    ("General", ("Password Show Time",)),
)

NEW_PASSWORD = click(PACKAGE, "menu_add_password", desc="New password")


def _menu_frames() -> list[str]:
    """The framework's path from a tapped action bar item to ``onOptionsItemSelected``."""
    return [
        "android.app.Activity.onMenuItemSelected(Activity.java:3204)",
        "com.android.internal.policy.PhoneWindow.onMenuItemSelected(PhoneWindow.java)",
        "com.android.internal.view.menu.MenuBuilder.dispatchMenuItemSelected(MenuBuilder.java)",
        "com.android.internal.view.menu.MenuItemImpl.invoke(MenuItemImpl.java)",
        "com.android.internal.view.menu.MenuBuilder.performItemAction(MenuBuilder.java)",
        "android.widget.ActionMenuView.invokeItem(ActionMenuView.java)",
        "com.android.internal.view.menu.ActionMenuItemView.onClick(ActionMenuItemView.java)",
        "android.view.View.performClick(View.java:5637)",
        "android.view.View$PerformClick.run(View.java:22429)",
        *callback_frames(25),
    ]


def _message_dialog(
    message: str,
    positive: tuple[str, Handler | None],
    negative: tuple[str, Handler | None] | None,
    on_dismiss: Handler | None,
) -> Window:
    """An AlertDialog built with ``setMessage`` and no title."""
    return w.alert_dialog(
        w.dialog_message(message), [], w.dialog_buttons(positive, negative), on_dismiss
    )


class AndroidPasswordStore(VirtualApp):
    """Password Store 1.1-b6: the welcome card, the clone screen, the settings."""

    name: ClassVar[str] = "Android-Password-Store"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = APP_NAME
    version: ClassVar[str] = "1.1-b6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Android-Password-Store#13",
            "crash",
            "Crashing way too much!",
            crash_oracle(PACKAGE, NPE, "getArguments()"),
            human_steps=(NEW_PASSWORD,),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # ``store`` is the files/store work tree: absent until a clone or "Create new".
        return {"store": False, "git_remote_auth": "username/password"}

    # -- PasswordStore -------------------------------------------------------------------------
    def _create_password(self, ctx: AppContext) -> None:
        """``onOptionsItemSelected(menu_add_password)`` -> ``createPassword``."""
        if not ctx.data["store"]:
            # The bug: getCurrentDir() reads the arguments of a PasswordsList fragment that the
            # welcome screen never added.
            raise JavaException(
                NPE,
                NPE_MESSAGE,
                frames=[
                    "com.zeapo.pwdstore.PasswordStore.getCurrentDir(PasswordStore.java:354)",
                    "com.zeapo.pwdstore.PasswordStore.createPassword(PasswordStore.java:301)",
                    "com.zeapo.pwdstore.PasswordStore.onOptionsItemSelected("
                    "PasswordStore.java:107)",
                    *_menu_frames(),
                ],
            )

    def _menu_item(self, ctx: AppContext, activity: str, extras: dict[str, Any]) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(activity, extras)

    def _init_repository(self, ctx: AppContext) -> None:
        """``initRepository``: no key id is set (OpenKeychain is stubbed)."""
        ctx.ui["dialog"] = "key_id"

    def _to_settings(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = ""
        ctx.start_activity(PREFS)

    def _close(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = ""

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "dialog", "")

    def _action_bar(self, ctx: AppContext, title: str, actions: list[View]) -> View:
        navigation = w.up_button() if ctx.activity != MAIN else None
        overflow = w.overflow_button(lambda c: c.ui.update(menu=True))
        return w.toolbar(
            title, navigation=navigation, actions=[*actions, overflow], rid="android:id/action_bar"
        )

    def _render_main(self, ctx: AppContext) -> Screen:
        bar = self._action_bar(
            ctx,
            APP_NAME,
            [
                w.action_item("menu_add_password", "New password", self._create_password),
                # refreshListAdapter(): no PasswordsList fragment to refresh, nothing happens.
                w.action_item("referesh", "Refresh list", lambda c: None),
            ],
        )
        card = w.relative_layout(
            [
                w.text_view(WELCOME, "textView", height=330),
                w.linear_layout(
                    [
                        w.button("button", "Create new", self._init_repository),
                        w.button(
                            "main_clone_button",
                            "Clone existing",
                            lambda c: c.start_activity(GIT, {"Operation": CLONE}),
                        ),
                    ],
                    horizontal=True,
                    height=140,
                ),
            ],
            rid="myRectangleView",
            weight=0,
        )
        content = w.linear_layout(
            [bar, w.linear_layout([w.frame_layout([card])], rid="main_layout")]
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            items = [
                ("Pull from remote", w.bind(self._menu_item, GIT, {"Operation": PULL})),
                ("Push to remote", w.bind(self._menu_item, GIT, {"Operation": PUSH})),
                ("Settings", w.bind(self._menu_item, PREFS, {})),
            ]
            windows.append(
                w.menu_window(
                    items, lambda c: c.ui.update(menu=False), title_rid="android:id/title"
                )
            )
        if ctx.ui.get("dialog") == "key_id":
            windows.append(
                _message_dialog(
                    'You have to select your "PGP-Key ID" before initializing the repository',
                    ("On my way!", self._to_settings),
                    ("Nah... later", self._close),
                    self._close,
                )
            )
        return Screen(content=content, windows=windows)

    # -- GitHandler ----------------------------------------------------------------------------
    def _clone(self, ctx: AppContext) -> None:
        """``cloneRepository`` with the ssh:// protocol: a URI without "user@" is refused."""
        uri = str(ctx.ui.get("uri", "")).split("://", 1)[-1]
        ctx.ui["uri"] = uri
        ctx.ui["dialog"] = "authenticate" if "@" in uri[1:-1] else "username"

    def _authenticated(self, ctx: AppContext) -> None:
        """The password dialog's OK: the git operation itself (network) is stubbed, except
        pull's check of the server settings."""
        operation = int(ctx.extras.get("Operation", CLONE))
        ctx.ui["dialog"] = "server" if operation == PULL else ""

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == GIT and int(ctx.extras.get("Operation", CLONE)) != CLONE:
            ctx.ui["dialog"] = "authenticate"  # authenticateAndRun, username/password mode

    def _git_windows(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui.get("dialog")
        if dialog == "username":
            return [
                _message_dialog(
                    "Did you forget to specify a username?",
                    ("Oups...", self._close),
                    None,
                    self._close,
                )
            ]
        if dialog == "authenticate":
            field = w.edit_text(
                "",
                ctx.ui.get("password", ""),
                lambda c, t: c.ui.update(password=t),
                hint="Password",
                password=True,
            )
            return [
                w.alert_dialog(
                    w.dialog_title("Authenticate"),
                    [w.dialog_message("Please provide the password for this repository"), field],
                    w.dialog_buttons(("OK", self._authenticated), ("Cancel", self._close)),
                    self._close,
                )
            ]
        if dialog == "server":
            return [
                _message_dialog(
                    SERVER_INFO, ("On my way!", self._to_settings), ("Nah... later", w.finish), None
                )
            ]
        return []

    def _render_git(self, ctx: AppContext) -> Screen:
        bar = self._action_bar(ctx, "Clone repository", [])
        body: list[View] = []
        if int(ctx.extras.get("Operation", CLONE)) == CLONE:
            body = [
                w.linear_layout(
                    [
                        w.spinner("clone_protocol", "ssh://", None),
                        w.edit_text(
                            "clone_uri",
                            ctx.ui.get("uri", ""),
                            lambda c, t: c.ui.update(uri=t),
                            hint="user@hostname:path",
                        ),
                    ],
                    horizontal=True,
                    height=150,
                ),
                w.spinner("connection_mode", ctx.data["git_remote_auth"], None),
                w.button("clone_button", "Clone!", self._clone),
            ]
        windows = self._git_windows(ctx)
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [("Settings", w.bind(self._menu_item, PREFS, {}))],
                    lambda c: c.ui.update(menu=False),
                    title_rid="android:id/title",
                )
            )
        return Screen(content=w.linear_layout([bar, w.linear_layout(body)]), windows=windows)

    # -- UserPreference ------------------------------------------------------------------------
    def _render_prefs(self, ctx: AppContext) -> Screen:
        rows: list[View] = []
        for category, titles in PREFERENCES:
            rows.append(w.preference_category(category))
            rows += [w.preference(t, "", None, height=150) for t in titles]
        bar = w.toolbar(APP_NAME, navigation=w.up_button(), rid="android:id/action_bar")
        return Screen(content=w.linear_layout([bar, w.list_view(rows)]))

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == GIT:
            return self._render_git(ctx)
        if ctx.activity == PREFS:
            return self._render_prefs(ctx)
        return self._render_main(ctx)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Android-Password-Store#13": [
        # "Refresh list" instead of "New password".
        [click(PACKAGE, "referesh", desc="Refresh list")],
        # The welcome card's "Create new": the key id dialog, then "Nah... later".
        [
            click(PACKAGE, "button", "Create new"),
            click(PACKAGE, "android:id/button2", "Nah... later"),
        ],
        # "Clone existing" and a URI without a user name.
        [
            click(PACKAGE, "main_clone_button", "Clone existing"),
            input_text(PACKAGE, "clone_uri", "example.com:pass"),
            click(PACKAGE, "clone_button", "Clone!"),
        ],
        # The overflow's "Pull from remote", then Cancel in the password dialog.
        [
            click(PACKAGE, desc="More options"),
            click(PACKAGE, "android:id/title", "Pull from remote"),
            click(PACKAGE, "android:id/button2", "Cancel"),
        ],
    ],
}
