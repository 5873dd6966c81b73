"""LibreNews 1.4 (``app.librenews.io.librenews``), with bugs LibreNews-Android#22 and #23.

Modelled from the sources at tag ``v1.4`` (``AndroidManifest.xml``,
``views/MainFlashActivity.java``, ``views/WelcomeActivity.java``,
``views/SettingsActivityFragment.java``, ``controllers/FlashManager.java``,
``controllers/FlashRetreiver.java``, ``controllers/SyncManager.java``,
``res/layout/activity_flash_view.xml``, ``activity_welcome.xml``, ``res/xml/preferences.xml``,
``res/values/strings.xml``, ``arrays.xml``, ``styles.xml``):

- the app is a settings screen: ``MainFlashActivity`` (window action bar "LibreNews") has a bar
  with the server status dot (``server_status``), the status line (``status_text``: "sync every
  5 minutes", "sync disabled", "notifications disabled" or "server must be HTTPS"), ``INFO``
  (``app_info``) and ``REFRESH`` (``refresh_button``), above the platform
  ``PreferenceFragment`` (``SettingsActivityFragment``, ``android:id/list``): Server Settings
  (Server, Automatically refresh, Wi-Fi sync only and Refresh rate, the two depending on
  Automatically refresh, Channels), Notification Settings (Notifications enabled, Notification
  sound: the system's ringtone picker, another app, so the model does nothing there), Debug
  (Debug mode). Server opens the platform ``EditTextPreference`` dialog (``android:id/edit``),
  Refresh rate a single-choice list, Channels a multi-choice list;
- ``WelcomeActivity`` ("About LibreNews", the texts and ``startLibreNews`` "GO TO LIBRENEWS"),
  started on top of the main screen while no newsflash is stored (a fresh install) and by INFO.
  Its button reacts in an ``OnTouchListener`` that starts ``MainFlashActivity`` on every touch
  event and returns true: a tap (ACTION_DOWN then ACTION_UP) starts two instances, so Back from
  the new main screen shows another main screen. The model starts two. The report of #23 shows
  it: after GO TO LIBRENEWS and Back its user toggles a switch, which only a main screen has.

The world: the app needs the network. The model serves a fixed feed at the default server
``https://librenews.io/api`` (three newsflashes, on the Breaking News and Announcements
channels), the way a test device online at the time of the report would see it; any other
server fails (``xxyyzz`` is no URL at all; other hosts are unreachable). A fetch completes
right after the code that started it (the real one is an AsyncTask), so the first start still
shows the welcome screen, as on a phone.

LibreNews-Android#22 (the report's trace): each ``FlashManager`` remembers the server URL it was
created with; REFRESH (``refresh``) after the Server preference was changed calls
``clearPushedFlashes``, which opens the flash file for writing (truncating it) and converts an
empty list, whose loop reads ``sorted[0]``: ``java.lang.ArrayIndexOutOfBoundsException:
length=0; index=0``. Any change of the server crashes the next REFRESH of a main screen created
before the change, valid URL or not; one created after it (INFO, GO TO LIBRENEWS) does not.

LibreNews-Android#23 (the report's trace): every ``SettingsActivityFragment`` registers itself as
a ``SharedPreferences`` listener in ``onCreate`` and never unregisters. Once its main screen was
destroyed (Back, or re-created by a rotation), a change of "Automatically refresh" or "Refresh
rate" made on another main screen reaches the dead fragment, whose ``getView()`` is null: a
``NullPointerException`` on ``View.getContext()``. The framework holds these listeners weakly, so
on a phone a garbage collection could drop a dead one first; the model keeps them until the
process dies (a crash, or a start from the launcher with no main screen left, which the model
takes as a new process), which is what the report saw. Other keys skip the dead fragment
(``getActivity()`` is null).

Neither bug was fixed: the repository was archived with the sources of 1.4 (the last commits
change a German string and the README).

Human steps: #22 needs 6 actions as in ``index.tsv`` (GO TO LIBRENEWS from the welcome screen,
then the report's steps 3-5 with Server's dialog as tap, text and OK); #23 needs 7 as in
``index.tsv`` (GO TO LIBRENEWS; "Enable Automatically refresh" on a fresh install, where it is on,
is a toggle off and on; then INFO, GO TO LIBRENEWS, Back and the toggle).
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, target
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "app.librenews.io.librenews"
MAIN = ".views.MainFlashActivity"
WELCOME = ".views.WelcomeActivity"
DEFAULT_SERVER = "https://librenews.io/api"
REFRESH_RATES = (
    "1 minute",
    "2 minutes",
    "5 minutes",
    "10 minutes",
    "15 minutes",
    "30 minutes",
    "1 hour",
    "2 hours",
    "3 hours",
    "6 hours",
    "12 hours",
    "24 hours",
)
REFRESH_VALUES = ("1", "2", "5", "10", "15", "30", "60", "120", "180", "360", "720", "1440")
CHANNELS = ("Announcements", "Breaking News")
# The fixed feed the default server answers with (FlashRetreiver reads "server" and "latest").
FEED: tuple[dict[str, str], ...] = (
    {
        "id": "1001",
        "channel": "Announcements",
        "text": "LibreNews 1.4 is out: notifications now work on Android 8.",
        "source": "@LibreNews",
        "link": "https://librenews.io",
        "time": "2017-11-01T09:00:00Z",
    },
    {
        "id": "1002",
        "channel": "Breaking News",
        "text": "Markets open higher after the central bank holds rates.",
        "source": "@AP",
        "link": "https://librenews.io/flash/1002",
        "time": "2017-11-01T13:05:00Z",
    },
    {
        "id": "1003",
        "channel": "Breaking News",
        "text": "Storm warning issued for the east coast.",
        "source": "@Reuters",
        "link": "https://librenews.io/flash/1003",
        "time": "2017-11-01T14:40:00Z",
    },
)
SHORT_DESCRIPTION_OF_APP = (
    "LibreNews provides ad-free, decentralized, and secure breaking news notifications."
)
SHORT_DESCRIPTION = (
    "Breaking news notifications are among the most important channels by which we receive "
    "information. LibreNews aims to democratize this medium by providing a minimalist, free, "
    "open source, fast, secure, and decentralized news notification service that will run on "
    "almost any phone."
)
HOW_TO_USE = (
    "You'll mostly interact with LibreNews through its notifications, as the app itself is just "
    "settings. \n\nYou'll probably get around 3 breaking news notifications per day, if you "
    "stick with the default settings."
)
FINAL_NOTES = (
    "LibreNews doesn't track you in any way, and doesn't have ads. It's completely open source, "
    "making the code free for anyone to see."
)
# Switches: key -> (title, summary, default, the key it depends on).
SWITCHES = {
    "automatically_refresh": (
        "Automatically refresh",
        "Whether LibreNews should automatically refresh in the background.",
        True,
        "",
    ),
    "wifi_sync_only": (
        "Wi-Fi sync only",
        "Whether LibreNews should sync only over Wi-Fi (and not over cellular data). A LibreNews "
        "sync uses about 9 kB of data (less than 1% of a megabyte).",
        False,
        "automatically_refresh",
    ),
    "notifications_enabled": (
        "Notifications enabled",
        "Whether LibreNews should send you notifications.",
        True,
        "",
    ),
    "debug": (
        "Debug mode",
        "Whether LibreNews should send you lots of debug messages (via notifications)",
        False,
        "",
    ),
}
SYNC_KEYS = ("refresh_preference", "automatically_refresh")
NO_FLASH_FILE = "No flash storage file exists or is empty."

# Android 6.0's main-thread frames below a posted callback (the reports' traces).
_LOOPER_FRAMES = [
    *callback_frames(23),
]
AIOOBE_FRAMES = [
    "app.librenews.io.librenews.controllers.FlashManager.convertFlashesToOutputString(FlashManager.java:184)",
    "app.librenews.io.librenews.controllers.FlashManager.writeFlashesToStorage(FlashManager.java:152)",
    "app.librenews.io.librenews.controllers.FlashManager.clearPushedFlashes(FlashManager.java:200)",
    "app.librenews.io.librenews.controllers.FlashManager.refresh(FlashManager.java:256)",
    "app.librenews.io.librenews.views.MainFlashActivity$1.onClick(MainFlashActivity.java:67)",
    "android.view.View.performClick(View.java:5198)",
    "android.view.View$PerformClick.run(View.java:21147)",
    *_LOOPER_FRAMES,
]
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'android.content.Context android.view.View.getContext()' "
    "on a null object reference"
)
_LISTENER_FRAMES = [
    "app.librenews.io.librenews.views.SettingsActivityFragment.onSharedPreferenceChanged(SettingsActivityFragment.java:26)",
    "android.app.SharedPreferencesImpl$EditorImpl.notifyListeners(SharedPreferencesImpl.java:479)",
    "android.app.SharedPreferencesImpl$EditorImpl.apply(SharedPreferencesImpl.java:387)",
    "android.preference.Preference.tryCommit(Preference.java:1415)",
]
# The report's trace: the switch row's click persisting the boolean.
NPE_SWITCH_FRAMES = [
    *_LISTENER_FRAMES,
    "android.preference.Preference.persistBoolean(Preference.java:1681)",
    "android.preference.TwoStatePreference.setChecked(TwoStatePreference.java:81)",
    "android.preference.TwoStatePreference.onClick(TwoStatePreference.java:66)",
    "android.preference.Preference.performClick(Preference.java:994)",
    "android.preference.PreferenceScreen.onItemClick(PreferenceScreen.java:214)",
    "android.widget.AdapterView.performItemClick(AdapterView.java:310)",
    "android.widget.AbsListView.performItemClick(AbsListView.java:1145)",
    "android.widget.AbsListView$PerformClick.run(AbsListView.java:3042)",
    "android.widget.AbsListView$3.run(AbsListView.java:3879)",
    *_LOOPER_FRAMES,
]
# The same listener reached from the Refresh rate dialog (the model's frames, framework classes).
NPE_LIST_FRAMES = [
    *_LISTENER_FRAMES,
    "android.preference.Preference.persistString(Preference.java:1552)",
    "android.preference.ListPreference.setValue(ListPreference.java:149)",
    "android.preference.ListPreference.onDialogClosed(ListPreference.java:288)",
    "android.preference.DialogPreference.onDismiss(DialogPreference.java:395)",
    "android.app.Dialog$ListenersHandler.handleMessage(Dialog.java:1323)",
    *_LOOPER_FRAMES[1:],
]


def _oracle_22(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Crashed with ArrayIndexOutOfBoundsException, leaving the flash file truncated to empty by
    ``clearPushedFlashes``."""
    return data.get("flash_file") == "" and crashed(
        system, PACKAGE, "java.lang.ArrayIndexOutOfBoundsException"
    )


def _oracle_23(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Crashed with the NullPointerException on ``View.getContext()`` while a fragment whose view
    is gone was still registered as a preference listener."""
    dead = any(not fragment["view"] for fragment in data.get("proc", {}).get("listeners", []))
    return dead and crashed(system, PACKAGE, "java.lang.NullPointerException", "View.getContext()")


_target = partial(target, PACKAGE)


_GO = click(PACKAGE, f"{PACKAGE}:id/startLibreNews", "GO TO LIBRENEWS")
_AUTO = click(PACKAGE, "android:id/title", "Automatically refresh")

BUG_22 = BugSpec(
    bug_id="LibreNews-Android#22",
    kind="crash",
    title="Refreshing after changing the server address crashes (ArrayIndexOutOfBoundsException)",
    oracle=_oracle_22,
    human_steps=(
        _GO,
        _AUTO,
        click(PACKAGE, "android:id/title", "Server"),
        {
            "kind": "input_text",
            "target": _target("android:id/edit", cls="android.widget.EditText"),
            "text": "xxyyzz",
        },
        click(PACKAGE, "android:id/button1", "OK"),
        click(PACKAGE, f"{PACKAGE}:id/refresh_button", "REFRESH"),
    ),
)
BUG_23 = BugSpec(
    bug_id="LibreNews-Android#23",
    kind="crash",
    title="Toggling automatic refresh after leaving a second main screen crashes "
    "(NullPointerException on View.getContext())",
    oracle=_oracle_23,
    human_steps=(
        _GO,
        _AUTO,
        _AUTO,
        click(PACKAGE, f"{PACKAGE}:id/app_info", "INFO"),
        _GO,
        {"kind": "press_back"},
        _AUTO,
    ),
)


class LibreNews(VirtualApp):
    """LibreNews 1.4 (see the module docstring)."""

    name: ClassVar[str] = "LibreNews-Android"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "LibreNews"
    version: ClassVar[str] = "1.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_22, BUG_23)

    def initial_data(self) -> dict[str, Any]:
        prefs: dict[str, Any] = {key: spec[2] for key, spec in SWITCHES.items()}
        prefs.update(
            {
                "server_url": DEFAULT_SERVER,
                "refresh_preference": "5",
                "channels": list(CHANNELS),
            }
        )
        # flash_file: None (no file), "" (empty file) or the stored newsflashes.
        # proc: what lives in the process (listeners registered, the welcome screen's static).
        return {
            "prefs": prefs,
            "flash_file": None,
            "proc": {"listeners": [], "next": 1, "welcome_off": False},
            "notifications": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("dialog", None)
        if ctx.activity != MAIN:
            return
        proc = ctx.data["proc"]
        token = ctx.ui.get("token")
        if token is not None:
            self._destroy_view(ctx, token)  # re-created: the old fragment's view is gone
        elif not ctx.extras:
            # Started from the launcher with no main screen left: a new process.
            ctx.data["proc"] = proc = {"listeners": [], "next": 1, "welcome_off": False}
        ctx.ui["token"] = proc["next"]
        proc["next"] += 1
        proc["listeners"].append({"token": ctx.ui["token"], "view": True})
        # new FlashManager(this): remembers the server, loads the flash file or refreshes.
        ctx.ui["server_url"] = ctx.data["prefs"]["server_url"]
        fetch = self._construct_manager(ctx)
        if not self._latest_pushed(ctx) and not proc["welcome_off"]:
            ctx.start_activity(WELCOME)
        if fetch:
            self._fetch(ctx, ctx.ui["server_url"])  # the AsyncTask finishes after onCreate

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("token") is not None:
            self._destroy_view(ctx, ctx.ui["token"])
            ctx.finish()
            return True
        return False

    @staticmethod
    def _destroy_view(ctx: AppContext, token: int) -> None:
        for fragment in ctx.data["proc"]["listeners"]:
            if fragment["token"] == token:
                fragment["view"] = False

    # -- FlashManager ------------------------------------------------------------------------
    def _construct_manager(self, ctx: AppContext) -> bool:
        """The constructor: True when loading failed with FileNotFoundException, so it refreshed
        (with its own server: nothing to clear)."""
        file = ctx.data["flash_file"]
        return file is None or file == ""

    def _latest_pushed(self, ctx: AppContext) -> list[dict[str, str]]:
        """getLatestPushedFlashes: the stored flashes, or [] after logging why not."""
        file = ctx.data["flash_file"]
        if isinstance(file, list) and file:
            return list(file)
        reason = f"/data/user/0/{PACKAGE}/files/flashes.json"
        message = (
            f"java.io.FileNotFoundException: {reason} (No such file or directory)"
            if file is None
            else f"java.io.FileNotFoundException: {NO_FLASH_FILE}"
        )
        ctx.log(
            "System.out",
            f"LibreNews Debug: Unable to load flashes from storage: {message.split(': ', 1)[1]}",
            "I",
        )
        ctx.log("System.err", message, "W")
        return []

    def _fetch(self, ctx: AppContext, server: str) -> None:
        """FlashRetreiver: only the default server answers (the fixed feed)."""
        if server != DEFAULT_SERVER:
            ctx.log(
                "System.err",
                f"java.net.MalformedURLException: no protocol: {server}?latest=-1"
                if "://" not in server
                else "java.net.UnknownHostException: Unable to resolve host",
                "W",
            )
            return
        stored = self._latest_pushed(ctx)
        new_installation = not stored
        known = {flash["id"] for flash in stored}
        for flash in FEED:
            if flash["channel"] in ctx.data["prefs"]["channels"] and flash["id"] not in known:
                if not new_installation and ctx.data["prefs"]["notifications_enabled"]:
                    ctx.data["notifications"].append(flash["id"])
                stored.append(dict(flash))
        ctx.data["flash_file"] = stored

    def _refresh(self, ctx: AppContext) -> None:
        """MainFlashActivity's REFRESH: ``manager.refresh()``."""
        new_server = str(ctx.data["prefs"]["server_url"])
        self._latest_pushed(ctx)
        if new_server != ctx.ui["server_url"]:
            # clearPushedFlashes -> writeFlashesToStorage([]): openFileOutput truncates first.
            ctx.data["flash_file"] = ""
            raise JavaException(
                "java.lang.ArrayIndexOutOfBoundsException",
                "length=0; index=0",
                frames=AIOOBE_FRAMES,
            )
        self._fetch(ctx, ctx.ui["server_url"])

    # -- preferences ------------------------------------------------------------------------
    def _changed(self, ctx: AppContext, key: str, frames: list[str]) -> None:
        """SharedPreferences listeners: every SettingsActivityFragment ever created in the
        process (``onSharedPreferenceChanged``)."""
        for fragment in ctx.data["proc"]["listeners"]:
            if key in SYNC_KEYS:
                if not fragment["view"]:
                    raise JavaException(
                        "java.lang.NullPointerException", NPE_MESSAGE, frames=frames
                    )
                ctx.log("System.out", f"{key} changed!", "I")

    def _put(self, ctx: AppContext, key: str, value: Any, frames: list[str]) -> None:
        if ctx.data["prefs"][key] == value:
            return  # an unchanged value notifies no listener
        ctx.data["prefs"][key] = value
        self._changed(ctx, key, frames)

    def _toggle(self, ctx: AppContext, key: str) -> None:
        self._put(ctx, key, not ctx.data["prefs"][key], NPE_SWITCH_FRAMES)

    def _enabled(self, ctx: AppContext, key: str) -> bool:
        dependency = {
            "wifi_sync_only": "automatically_refresh",
            "refresh_preference": "automatically_refresh",
            "notification_sound": "notifications_enabled",
        }.get(key, "")
        return not dependency or bool(ctx.data["prefs"][dependency])

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == WELCOME:
            return self._render_welcome(ctx)
        return self._render_main(ctx)

    def _go(self, ctx: AppContext) -> None:
        """startLibreNews's OnTouchListener, on ACTION_DOWN and again on ACTION_UP."""
        ctx.data["proc"]["welcome_off"] = True
        ctx.start_activity(MAIN, {"from": "welcome"})
        ctx.start_activity(MAIN, {"from": "welcome"})

    def _render_welcome(self, ctx: AppContext) -> Screen:
        body = w.frame_layout(
            [
                View(
                    cls="android.view.ViewGroup",
                    children=[
                        w.toolbar("About LibreNews", rid="action_bar", height=147),
                        w.text_view(SHORT_DESCRIPTION_OF_APP, "textView", height=200),
                        w.text_view(SHORT_DESCRIPTION, "textView2", height=420),
                        w.text_view(FINAL_NOTES, "textView4", height=200),
                        View(cls="android.view.View", resource_id="view2", height=20),
                        w.text_view(HOW_TO_USE, "textView3", height=420),
                        View(cls="android.view.View", height=None),
                        w.button(
                            "startLibreNews", "GO TO LIBRENEWS", self._go, height=140, style="text"
                        ),
                    ],
                )
            ]
        )
        return Screen(content=body)

    def _status(self, ctx: AppContext) -> str:
        """regenerateToolbarStatus's text."""
        prefs = ctx.data["prefs"]
        if not str(prefs["server_url"]).lower().startswith("https://"):
            return "server must be HTTPS"
        if not prefs["automatically_refresh"]:
            return "sync disabled"
        if not prefs["notifications_enabled"]:
            return "notifications disabled"
        value = str(prefs["refresh_preference"])
        index = REFRESH_VALUES.index(value) if value in REFRESH_VALUES else 0
        return f"sync every {REFRESH_RATES[index]}"

    def _render_main(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        bar = View(
            cls="android.view.ViewGroup",
            resource_id="toolbar",
            layout=HORIZONTAL,
            height=147,
            style="toolbar",
            children=[
                w.text_view("•", "server_status", width=60),
                w.text_view(self._status(ctx), "status_text"),
                w.button(
                    "app_info", "INFO", lambda c: c.start_activity(WELCOME), width=220, style="text"
                ),
                w.button("refresh_button", "REFRESH", self._refresh, width=260, style="text"),
            ],
        )

        def category(title: str) -> View:
            return w.text_view(title, "android:id/title", height=110)

        def switch(key: str) -> View:
            title, summary, _, _ = SWITCHES[key]
            enabled = self._enabled(ctx, key)
            return w.preference(
                title,
                summary,
                w.bind(self._toggle, key) if enabled else None,
                widget=w.switch_widget(bool(prefs[key])),
                enabled=enabled,
            )

        def plain(title: str, summary: str, handler: Any, key: str = "") -> View:
            enabled = self._enabled(ctx, key)
            return w.preference(title, summary, handler if enabled else None, enabled=enabled)

        rows = [
            category("Server Settings"),
            plain(
                "Server",
                "The URL of the server to get newsflashes from. Must be HTTPS.",
                lambda c: self._open(
                    c, {"kind": "server", "text": str(c.data["prefs"]["server_url"])}
                ),
            ),
            switch("automatically_refresh"),
            switch("wifi_sync_only"),
            plain(
                "Refresh rate",
                "How frequently LibreNews should contact the newsflash server in the background "
                "to check for new notifications.",
                lambda c: self._open(c, {"kind": "rate"}),
                "refresh_preference",
            ),
            plain(
                "Channels",
                "Select which channels will appear in notifications and your feed.",
                lambda c: self._open(
                    c, {"kind": "channels", "picked": list(c.data["prefs"]["channels"])}
                ),
            ),
            category("Notification Settings"),
            switch("notifications_enabled"),
            plain("Notification sound", "", lambda c: None, "notification_sound"),
            category("Debug"),
            switch("debug"),
        ]
        content = View(
            cls="android.support.design.widget.CoordinatorLayout",
            children=[
                w.toolbar("LibreNews", rid="action_bar", height=147),
                View(
                    cls="android.view.ViewGroup",
                    children=[
                        bar,
                        w.frame_layout(
                            [w.list_view(rows, scroll_key="prefs_scroll")], rid="fragment"
                        ),
                    ],
                ),
            ],
        )
        return Screen(content=content, windows=self._dialogs(ctx))

    @staticmethod
    def _open(ctx: AppContext, dialog: dict[str, Any]) -> None:
        ctx.ui["dialog"] = dialog

    def _dialogs(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if not dialog:
            return []
        close = lambda c: self._open(c, None)  # type: ignore[arg-type]  # noqa: E731
        if dialog["kind"] == "server":
            field = w.edit_text("android:id/edit", dialog["text"], self._type)
            return [
                w.input_dialog("Server", field, ("OK", self._save_server), ("Cancel", close), close)
            ]
        if dialog["kind"] == "rate":
            value = str(ctx.data["prefs"]["refresh_preference"])
            selected = REFRESH_VALUES.index(value) if value in REFRESH_VALUES else None
            return [
                w.choice_dialog(
                    "Refresh rate",
                    REFRESH_RATES,
                    selected,
                    self._choose_rate,
                    close,
                    negative=("Cancel", close),
                )
            ]
        rows = [
            View(
                cls="android.widget.CheckedTextView",
                resource_id="android:id/text1",
                text=channel,
                checkable=True,
                checked=channel in dialog["picked"],
                on_click=w.bind(self._pick_channel, channel),
                height=147,
            )
            for channel in CHANNELS
        ]
        listing = View(
            cls="android.widget.ListView",
            resource_id="android:id/select_dialog_listview",
            weight=0,
            children=rows,
        )
        buttons = [
            w.dialog_button("android:id/button2", "Cancel", close),
            w.dialog_button("android:id/button1", "OK", self._save_channels),
        ]
        return [w.alert_dialog(w.dialog_title("Channels"), [listing], buttons, close)]

    def _type(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"] = {**ctx.ui["dialog"], "text": text}

    def _save_server(self, ctx: AppContext) -> None:
        text = ctx.ui["dialog"]["text"]
        ctx.ui["dialog"] = None
        self._put(ctx, "server_url", text, [])

    def _choose_rate(self, ctx: AppContext, index: int) -> None:
        ctx.ui["dialog"] = None
        self._put(ctx, "refresh_preference", REFRESH_VALUES[index], NPE_LIST_FRAMES)

    def _pick_channel(self, ctx: AppContext, channel: str) -> None:
        picked = list(ctx.ui["dialog"]["picked"])
        ctx.ui["dialog"] = {
            **ctx.ui["dialog"],
            "picked": [c for c in picked if c != channel]
            if channel in picked
            else [*picked, channel],
        }

    def _save_channels(self, ctx: AppContext) -> None:
        picked = [c for c in CHANNELS if c in ctx.ui["dialog"]["picked"]]
        ctx.ui["dialog"] = None
        self._put(ctx, "channels", picked, [])
