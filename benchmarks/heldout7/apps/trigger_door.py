"""Trigger (``app.trigger``, mwarning/trigger) 3.2.1, for trigger#50.

A door opener: each "door" setup says how to reach a lock (HTTPS, SSH, MQTT, Bluetooth, Nuki)
and which requests open, close, ring and query it; the main screen has a spinner of doors, the
door's state image (tap to query again) and Lock / Ring / Unlock buttons. A door is created and
edited on a preference screen (``SetupActivity``).

Sources read at commit c064095 ("bump version to 3.2.1", 2021-04-06; versionName 3.2.1,
versionCode 321, targetSdkVersion 30), the release the report names, and the fix 2e84de9 ("fix
crash when showing response message", 2021-04-10, released in 3.2.2). Files read:
``MainActivity`` (``activity_main.xml``, ``main_spinner.xml``, ``menu/main.xml``: no item has
``showAsAction``, so all are in the overflow menu; Edit, Show QR-Code and Clone are disabled
while no door exists), ``SetupActivity`` (``xml/setup.xml``, ``activity_setup.xml``: the
preference list above Remove / Save buttons; a new door starts as "Generic HTTPS"),
``SshDoorSetup``, ``HttpsDoorSetup``, ``ssh/SshRequestHandler``, ``https/HttpsRequestHandler``
(their first checks), ``Utils.genericDoorReplyParser``, ``Settings`` (``getNewID``,
``countNames``), ``values/strings.xml`` and ``values/array.xml``.

Bug trigger#50 (crash): ``MainActivity.onTaskResult`` shows every non-empty reply message of a
request in a centred toast and centres it with
``toast.getView().findViewById(android.R.id.message)``. Since the app targets API 30, on Android
11 ``Toast.getView()`` returns null for a text toast, so the first non-empty message throws
``NullPointerException``. A door's state is queried whenever the main screen starts (and when a
door is selected); an SSH door with no State Command answers with an empty message (no toast),
but once it has one the query answers with an error message (here "No password or key set.",
the reporter set no password; with one, the fixed connection failure below), so saving the door
and going back to the main screen crashes, and so does every later start of the app. The fix
replaces the lookup with ``toast.setGravity``.

Fixed data: the device is on Wi-Fi (SSID "HomeNet"); no lock answers at any address, so an SSH
or HTTPS request that gets as far as connecting fails with "java.net.ConnectException:
Connection refused". Stubbed: the Key Pair, Certificate and image preferences (rows that do
nothing), the MQTT, Bluetooth and Nuki groups (their category title only), QR scan/show, Backup,
About (a title), the location permission asked when SSIDs are set. Uncertain: the summaries of
the stubbed preferences; the exact text of a real connection failure (any non-empty message
crashes the same way); the order of the spinner's and ``onStart``'s two state queries.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "app.trigger"
MAIN = ".MainActivity"
SETUP = ".SetupActivity"
OTHER = ".OtherActivity"  # About, Backup, QR screens: stubs
NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'android.view.View android.view.View.findViewById(int)' "
    "on a null object reference"
)
SSID = "HomeNet"
REFUSED = "java.net.ConnectException: Connection refused"
TYPES = (
    ("HttpsDoorSetup", "Generic HTTPS"),
    ("SshDoorSetup", "Generic SSH"),
    ("MqttDoorSetup", "Generic MQTT"),
    ("BluetoothDoorSetup", "Generic Bluetooth"),
    ("NukiDoorSetup", "Nuki SmartLock"),
)
IMAGES = (
    ("open_image", "Open Door Image"),
    ("closed_image", "Closed Door Image"),
    ("disabled_image", "No Connection Image"),
    ("unknown_image", "Unknown Status Image"),
)
# Each group of setup.xml: (key, title, kind) with kind text, check or stub.
GROUPS: dict[str, tuple[str, tuple[tuple[str, str, str], ...]]] = {
    "HttpsDoorSetup": (
        "HTTPS Settings",
        (
            ("require_wifi", "Require WiFi", "check"),
            ("certificate", "Certificate", "stub"),
            ("method", "HTTP Method", "text"),
            ("open_query", "Open URL", "text"),
            ("close_query", "Close URL", "text"),
            ("ring_query", "Ring URL", "text"),
            ("status_query", "Status URL", "text"),
            ("locked_pattern", "Reply Pattern (locked)", "text"),
            ("unlocked_pattern", "Reply Pattern (unlocked)", "text"),
            ("ssids", "SSIDs", "text"),
            ("ignore_hostname_mismatch", "Disable Certificate Hostname Check", "check"),
            ("ignore_expiration", "Disable Certificate Date Check", "check"),
            *((key, title, "stub") for key, title in IMAGES),
        ),
    ),
    "SshDoorSetup": (
        "SSH Settings",
        (
            ("require_wifi", "Require WiFi", "check"),
            ("keypair", "Key Pair", "stub"),
            ("host", "Server Address", "text"),
            ("port", "Server Port", "text"),
            ("user", "Login Name", "text"),
            ("password", "Login Password", "text"),
            ("open_command", "Open Command", "text"),
            ("close_command", "Close Command", "text"),
            ("ring_command", "Ring Command", "text"),
            ("state_command", "State Command", "text"),
            ("locked_pattern", "Reply Pattern (locked)", "text"),
            ("unlocked_pattern", "Reply Pattern (unlocked)", "text"),
            ("ssids", "SSIDs", "text"),
            *((key, title, "stub") for key, title in IMAGES),
        ),
    ),
    "MqttDoorSetup": ("MQTT Settings", ()),
    "BluetoothDoorSetup": ("Bluetooth Settings", ()),
    "NukiDoorSetup": ("Nuki Settings", ()),
}
# The request of each action per door type: (open, close, ring, state) field names.
ACTIONS = ("open", "close", "ring", "state")
REQUEST_FIELDS = {
    "HttpsDoorSetup": ("open_query", "close_query", "ring_query", "status_query"),
    "SshDoorSetup": ("open_command", "close_command", "ring_command", "state_command"),
}
MENU = (
    ("New", "action_new"),
    ("Edit", "action_edit"),
    ("Scan QR-Code", "action_scan_qr"),
    ("Show QR-Code", "action_show_qr"),
    ("Backup", "action_backup"),
    ("Clone", "action_clone"),
    ("About", "action_about"),
)
NEEDS_DOOR = ("action_edit", "action_show_qr", "action_clone")


def new_setup(setup_id: int, name: str, kind: str) -> dict[str, Any]:
    """A door of ``kind`` with the constructor's defaults (``HttpsDoorSetup``/``SshDoorSetup``)."""
    setup: dict[str, Any] = {
        "id": setup_id,
        "name": name,
        "type": kind,
        "require_wifi": True,
        "ssids": "",
        "locked_pattern": "LOCKED",
        "unlocked_pattern": "UNLOCKED",
    }
    for key, _, field_kind in GROUPS[kind][1]:
        setup.setdefault(key, False if field_kind == "check" else "")
    if kind == "SshDoorSetup":
        setup.update(port="22", keypair=None)
    return setup


def pref(title: str) -> dict[str, Any]:
    """A tap on a preference row, by its title."""
    return click(PACKAGE, "android:id/title", title)


def set_text(title: str, value: str) -> list[dict[str, Any]]:
    """An EditTextPreference: its row, the dialog's field, OK."""
    return [
        pref(title),
        input_text(PACKAGE, "android:id/edit", value),
        click(PACKAGE, "android:id/button1", "OK"),
    ]


SCROLL = {"kind": "swipe", "direction": "up"}


def new_ssh_door(state: str = "s") -> list[dict[str, Any]]:
    """Overflow menu, New, a name, the SSH type, an address and (when given) a State Command."""
    steps = [
        click(PACKAGE, desc="More options"),
        click(PACKAGE, "title", "New"),
        *set_text("Door Name", "d"),
        pref("Door Type"),
        click(PACKAGE, "android:id/text1", "Generic SSH"),
        *set_text("Server Address", "127.1.2.3"),
    ]
    if state:
        steps += [SCROLL, SCROLL, *set_text("State Command", state)]
    return steps


SAVE = click(PACKAGE, "saveButton", "Save")
BACK = {"kind": "press_back"}


def crashed_on_toast(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of trigger#50: the toast's null view crashed the app."""
    return crashed(system, PACKAGE, NPE, "findViewById")


class Trigger(VirtualApp):
    """Trigger 3.2.1: the door screen and the door setup screen."""

    name: ClassVar[str] = "trigger"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Trigger"
    version: ClassVar[str] = "3.2.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "trigger#50",
            "crash",
            "ssh config causes at least 3.2.0 and 3.2.1 to FC on android 11",
            crashed_on_toast,
            human_steps=(*new_ssh_door(), SAVE, BACK),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"setups": []}

    # -- requests -------------------------------------------------------------------------------
    def _selected(self, ctx: AppContext) -> dict[str, Any] | None:
        """The door shown: the one kept, else the first by name."""
        setups = sorted(ctx.data["setups"], key=lambda s: s["name"])
        for setup in setups:
            if setup["id"] == ctx.memory.get("selected"):
                return setup
        return setups[0] if setups else None

    def _reply(self, setup: dict[str, Any], action: str) -> str:
        """The message a request handler reports (``SshRequestHandler.run``'s checks)."""
        kind = setup["type"]
        if kind not in REQUEST_FIELDS:
            return ""
        if setup["ssids"] and SSID not in [s.strip() for s in setup["ssids"].split(",")]:
            return f"SSID mismatch<br/>(connected to '{SSID}')"
        command = setup[REQUEST_FIELDS[kind][ACTIONS.index(action)]]
        if not command:
            return ""
        if kind == "SshDoorSetup":
            if not setup["host"]:
                return "Host is empty."
            if setup["keypair"] is None and not setup["password"]:
                return "No password or key set."
        return REFUSED

    def _request(self, ctx: AppContext, action: str) -> None:
        """``callRequestHandler`` then ``onTaskResult`` on the UI thread."""
        setup = self._selected(ctx)
        if setup is None:
            ctx.memory["state"] = "disabled"
            return
        message = self._reply(setup, action)
        ctx.memory["state"] = "unknown"
        if message:
            # The bug: Toast.getView() is null for a text toast on Android 11 (targetSdk 30).
            raise JavaException(
                NPE,
                NPE_MESSAGE,
                [
                    "app.trigger.MainActivity.lambda$onTaskResult$1$MainActivity("
                    "MainActivity.java:341)",
                    "app.trigger.-$$Lambda$MainActivity$1XvsCNl0ZH7jAIZ6ZpZMMLmmuMU.run("
                    "Unknown Source:8)",
                    "android.os.Handler.handleCallback(Handler.java:938)",
                    "android.os.Handler.dispatchMessage(Handler.java:99)",
                    "android.os.Looper.loop(Looper.java:223)",
                    "android.app.ActivityThread.main(ActivityThread.java:7656)",
                    "java.lang.reflect.Method.invoke(Native Method)",
                    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run("
                    "RuntimeInit.java:592)",
                    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:947)",
                ],
            )

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            self._request(ctx, "state")  # onStart
        elif ctx.activity == SETUP and "setup" not in ctx.ui:
            found = [s for s in ctx.data["setups"] if s["id"] == ctx.extras.get("setup_id", -1)]
            if found:
                ctx.ui["setup"] = dict(found[0])
            else:
                used = {s["id"] for s in ctx.data["setups"]}
                new_id = next(i for i in range(len(used) + 1) if i not in used)
                ctx.ui["setup"] = new_setup(new_id, "", "HttpsDoorSetup")

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "spinner")
        if ctx.activity == SETUP:
            self._leave_setup(ctx)
            return True
        return False

    def _leave_setup(self, ctx: AppContext) -> None:
        """The setup screen finishes; the main screen starts again and queries the state."""
        ctx.finish()
        self._request(ctx, "state")

    # -- main screen ----------------------------------------------------------------------------
    def _menu_item(self, ctx: AppContext, rid: str) -> None:
        ctx.ui["menu"] = False
        door = self._selected(ctx)
        if rid in NEEDS_DOOR and door is None:
            return
        if rid == "action_new":
            ctx.start_activity(SETUP, {"setup_id": -1})
        elif rid == "action_edit" and door is not None:
            ctx.start_activity(SETUP, {"setup_id": door["id"]})
        elif rid == "action_clone" and door is not None:
            used = {s["id"] for s in ctx.data["setups"]}
            new_id = next(i for i in range(len(used) + 1) if i not in used)
            copy = dict(door, id=new_id, name=f"{door['name'].split('~')[0]}~{new_id}")
            ctx.data["setups"].append(copy)
        else:
            titles = {rid: title for title, rid in MENU}
            ctx.start_activity(OTHER, {"title": titles[rid]})

    def _choose(self, ctx: AppContext, index: int) -> None:
        setups = sorted(ctx.data["setups"], key=lambda s: s["name"])
        ctx.ui["spinner"] = False
        ctx.memory["selected"] = setups[index]["id"]
        self._request(ctx, "state")  # onItemSelected

    def _main(self, ctx: AppContext) -> Screen:
        door = self._selected(ctx)
        names = [s["name"] for s in sorted(ctx.data["setups"], key=lambda s: s["name"])]
        spinner = w.spinner(
            "selection_spinner", door["name"] if door else "", lambda c: c.ui.update(spinner=True)
        )
        if door is None:
            spinner.children = []
        request = self._request
        buttons = [
            w.image_button(rid, desc, w.bind(request, action), height=262)
            for rid, desc, action, field in (
                ("Lock", "", "close", 1),
                ("Ring", "", "ring", 2),
                ("Unlock", "", "open", 0),
            )
            if door is None
            or door["type"] not in REQUEST_FIELDS
            or door[REQUEST_FIELDS[door["type"]][field]]
        ]
        state = ctx.memory.get("state", "disabled")
        content = w.linear_layout(
            [
                w.toolbar(
                    "Trigger",
                    rid="action_bar",
                    actions=[w.overflow_button(lambda c: c.ui.update(menu=True))],
                ),
                spinner,
                w.image_view("stateImage", f"state {state}", w.bind(request, "state"), height=900),
                w.linear_layout(buttons, rid="linearLayout", horizontal=True, height=262),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            menu = w.menu_window(
                [(title, w.bind(self._menu_item, rid)) for title, rid in MENU],
                lambda c: c.ui.update(menu=False),
            )
            for row, (_, rid) in zip(menu.root.children, MENU, strict=True):
                row.enabled = door is not None or rid not in NEEDS_DOOR
            windows.append(menu)
        if ctx.ui.get("spinner") and names:
            selected = names.index(door["name"]) if door else 0
            windows.append(
                w.spinner_dropdown(
                    names, selected, self._choose, lambda c: c.ui.update(spinner=False)
                )
            )
        return Screen(content=content, windows=windows)

    # -- setup screen ---------------------------------------------------------------------------
    def _summary(self, setup: dict[str, Any], key: str) -> str:
        value = str(setup.get(key) or "")
        if not value:
            return "None"
        return "*" * len(value) if key == "password" else value

    def _open_text(self, ctx: AppContext, key: str, title: str) -> None:
        ctx.ui["dialog"] = {
            "kind": "text",
            "key": key,
            "title": title,
            "text": ctx.ui["setup"][key],
        }

    def _text_ok(self, ctx: AppContext) -> None:
        dialog = ctx.ui.pop("dialog")
        ctx.ui["setup"][dialog["key"]] = dialog["text"]

    def _typed(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["text"] = text

    def _check(self, ctx: AppContext, key: str) -> None:
        ctx.ui["setup"][key] = not ctx.ui["setup"][key]

    def _set_type(self, ctx: AppContext, index: int) -> None:
        kind = TYPES[index][0]
        setup = ctx.ui["setup"]
        ctx.ui.pop("dialog", None)
        if kind != setup["type"]:
            ctx.ui["setup"] = new_setup(setup["id"], setup["name"], kind)
            ctx.ui["prefs"] = 0

    def _save(self, ctx: AppContext) -> None:
        """``storeSetup``: the port must parse, the name be set and unique."""
        setup = ctx.ui["setup"]
        if setup["type"] == "SshDoorSetup" and not str(setup["port"]).isdigit():
            value = setup["port"]
            ctx.ui["dialog"] = {
                "kind": "error",
                "title": "Error",
                "text": "Input for 'port' caused an error: java.lang.NumberFormatException: "
                f'For input string: "{value}"',
            }
            return
        others = [s for s in ctx.data["setups"] if s["id"] != setup["id"]]
        if any(s["name"] == setup["name"] for s in others):
            ctx.ui["dialog"] = {
                "kind": "error",
                "title": "Entry Exists",
                "text": "Name already exists.",
            }
        elif not setup["name"]:
            ctx.ui["dialog"] = {
                "kind": "error",
                "title": "Invalid Name",
                "text": "Door name is not set.",
            }
        else:
            ctx.data["setups"] = [*others, dict(setup)]
            ctx.toast("Done")

    def _remove(self, ctx: AppContext) -> None:
        ctx.data["setups"] = [s for s in ctx.data["setups"] if s["id"] != ctx.ui["setup"]["id"]]
        ctx.ui.pop("dialog", None)
        self._leave_setup(ctx)

    def _row(self, setup: dict[str, Any], key: str, title: str, kind: str) -> View:
        if kind == "check":
            return w.preference(
                title, "", w.bind(self._check, key), widget=w.checkbox_widget(bool(setup[key]))
            )
        if kind == "stub":
            return w.preference(title, "", None)
        return w.preference(title, self._summary(setup, key), w.bind(self._open_text, key, title))

    def _setup_dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        close = lambda c: c.ui.pop("dialog", None)  # noqa: E731
        if dialog["kind"] == "type":
            kinds = [k for k, _ in TYPES]
            return w.choice_dialog(
                "Door Type",
                [name for _, name in TYPES],
                kinds.index(ctx.ui["setup"]["type"]),
                self._set_type,
                close,
                negative=("Cancel", close),
            )
        if dialog["kind"] == "remove":
            return w.confirm_dialog(
                "Confirm", "Really remove setup?", ("Yes", self._remove), ("No", close), None
            )
        if dialog["kind"] == "error":
            return w.confirm_dialog(dialog["title"], dialog["text"], ("OK", close), None, close)
        field = w.edit_text("android:id/edit", dialog["text"], self._typed)
        return w.input_dialog(
            dialog["title"], field, ("OK", self._text_ok), ("Cancel", close), close
        )

    def _setup(self, ctx: AppContext) -> Screen:
        setup = ctx.ui["setup"]
        group_title, fields = GROUPS[setup["type"]]
        type_name = dict(TYPES)[setup["type"]]
        rows = [
            w.preference_category(setup["name"] or "New Entry"),
            w.preference(
                "Door Name",
                self._summary(setup, "name"),
                w.bind(self._open_text, "name", "Door Name"),
            ),
            w.preference("Door Type", type_name, lambda c: c.ui.update(dialog={"kind": "type"})),
            w.preference_category(group_title),
            *(self._row(setup, key, title, kind) for key, title, kind in fields),
        ]
        content = w.linear_layout(
            [
                w.list_view(rows, scroll_key="prefs"),
                w.linear_layout(
                    [
                        w.button(
                            "deleteButton",
                            "Remove",
                            lambda c: c.ui.update(dialog={"kind": "remove"}),
                        ),
                        w.button("saveButton", "Save", self._save),
                    ],
                    rid="Buttons",
                    horizontal=True,
                    height=140,
                ),
            ]
        )
        dialog = ctx.ui.get("dialog")
        windows = [self._setup_dialog(ctx, dialog)] if dialog else []
        return Screen(content=content, title="Edit", windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETUP:
            return self._setup(ctx)
        if ctx.activity == OTHER:
            title = str(ctx.extras.get("title", ""))
            return Screen(
                content=w.linear_layout(
                    [w.toolbar(title, rid="action_bar", navigation=w.up_button())]
                ),
            )
        return self._main(ctx)


WRONG_SEQUENCES = {
    "trigger#50": [
        # No State Command: the query answers with an empty message, no toast.
        [*new_ssh_door(state=""), SCROLL, *set_text("Open Command", "o"), SAVE, BACK],
        # Back without Save: the door is not stored.
        [*new_ssh_door(), BACK],
        # Saved but still on the setup screen.
        [*new_ssh_door(), SAVE],
        # The type left on HTTPS with no Status URL.
        [
            click(PACKAGE, desc="More options"),
            click(PACKAGE, "title", "New"),
            *set_text("Door Name", "d"),
            *set_text("Open URL", "https://127.1.2.3/o"),
            SAVE,
            BACK,
        ],
    ],
}
