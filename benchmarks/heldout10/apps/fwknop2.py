"""Fwknop2 1.2-Alpha2 (``org.cipherdyne.fwknop2``), with bug Fwknop2#23 (crash).

Fwknop2 is an fwknop client: it sends Single Packet Authorization (SPA) knocks to an fwknopd
server to open a firewall port, and may then start an SSH client on the opened port.

Modelled from the sources at commit ``8c3b935ffdb5c9700743959126b34d29a45f508e`` (2015-12-01,
versionName ``1.2-Alpha2``, the parent of the fix ``7276d887baa3b059626934c0fa7ff6bbdbda6877``
"Fix crash when ssh uri is used and no ssh client is installed."): ``AndroidManifest.xml``,
``app/build.gradle``, ``ConfigListActivity.java``, ``ConfigListFragment.java``,
``ConfigDetailActivity.java``, ``ConfigDetailFragment.java``, ``Config.java``,
``DBHelper.java``, ``SendSPA.java``, ``HelpActivity.java``, ``GeneralConfigActivity.java``,
``res/layout/fragment_list.xml``, ``fragment_config_detail.xml``, ``activity_help.xml``,
``activity_menu.xml``, ``res/menu/list_menu.xml``, ``list_longtap_menu.xml``,
``detail_menu.xml`` and ``res/values/strings.xml``.

Screens:

- ``ConfigListActivity`` (action bar "Fwknop2"; overflow: Help, New config, Configure): the saved
  configs by nickname (``android:id/list``, ``simple_list_item_activated_1`` rows, sorted by
  nickname ignoring case, as ``DBHelper.getAllConfigs``), and the "Send Knock" button
  (``btn_send``), invisible until a row is tapped. A long press opens the context menu
  (Delete config: "Are you sure?" Yes/No; Edit config). On a fresh install its ``onCreate``
  starts ``HelpActivity`` (the help text, translucent, no title bar), which records
  ``HaveShownPrefs`` so it shows once. The activity handles rotation itself (``configChanges``),
  so nothing is lost on rotation.
- ``ConfigDetailActivity`` ("Config Detail", Up; overflow: Capture qr, Save config): the form of
  ``fragment_config_detail.xml`` with its ids, labels and defaults (Server Port 62201, SHA256
  digests, Access Ports "tcp/22", Firewall Timeout 60), its spinners (Protocol, SPA Digest Type,
  SPA HMAC Type, Allow IP, Message Type, Run SSH App) and the rows they show or hide.
  Juicessh is not installed, so "Run SSH App" offers None and SSH Uri only. Save config runs
  ``Config.Is_Valid``: an error is a toast with its string; a valid config is stored (a used
  nickname is overwritten) and the activity goes up to the list, which is rebuilt
  (``onNewIntent`` replaces the list fragment: no row selected, Send Knock hidden). Back and Up
  go up the same way without saving.
- Send Knock (``SendSPA.send``): an empty stored key asks for it first ("Rijndael Key", OK/Cancel,
  an empty one toasts "Key cannot be blank."); "Prompt IP" asks "Source IP" (OK/Cancel/Scan QR;
  an invalid address toasts "invalid ip"). Then the ``getExternalIP`` task shows "Sending…" and
  its ``onPostExecute`` toasts the result; on "Success!" a config with an SSH Uri starts an
  ``ACTION_VIEW`` intent for ``ssh://<uri>/#<nickname>``.

The bug (Fwknop2#23): ``onPostExecute`` calls ``mActivity.startActivity(i)`` for the ssh URI with
no try/catch. The device has no SSH client (no app handles ``ssh:``), so the framework throws
``android.content.ActivityNotFoundException: No Activity found to handle Intent {
act=android.intent.action.VIEW dat=ssh://<uri>/ }`` (``Uri.toSafeString`` drops the fragment) on
the main thread and the app dies. The fix wraps the call and shows "No SSH app found." in a dialog.

The world (network replaced by fixed data): the device is online. "Resolve IP" gets the external
address 203.0.113.45 (OpenDNS / ipify in the sources); every valid server address resolves
(an IP literal to itself, a host name to 198.51.100.7); a UDP knock is sent (a datagram needs no
answer); a TCP or HTTP knock finds no listener and returns the ``ConnectException`` text as the
toast, so no SSH client is started after it.

Stubbed: Capture qr and the Source IP dialog's Scan QR (the embedded ZXing scanner needs the
camera: nothing happens in the model), Juicessh (not installed), the libfko packet itself (a key
is enough to build one), ``GeneralConfigActivity`` ("Configure": its fields are shown, Save
settings and Default only go back), the two-pane tablet layout. The help text's HTML is shown as
plain text.

Uncertain: the framework frames of the crash are those of Android 6.0 (API 23, the app's
target) with support library 23.1.1 (line numbers of framework frames from that release, to the
best of our knowledge); the domain check approximates commons-validator's ``DomainValidator``
(labels of letters, digits and hyphens, an alphabetic top-level label of 2+ letters). The
report gives no version; the model is the code the fix was applied to.
"""

from __future__ import annotations

import ipaddress
import random
import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.cipherdyne.fwknop2"
JAVA = "biz.incomsystems.fwknop2"
LIST = f"{JAVA}.ConfigListActivity"
DETAIL = f"{JAVA}.ConfigDetailActivity"
HELP = f"{JAVA}.HelpActivity"
GENERAL = f"{JAVA}.GeneralConfigActivity"

EXTERNAL_IP = "203.0.113.45"
RESOLVED_HOST = "198.51.100.7"

PROTOCOLS = ("UDP", "TCP", "HTTP")
DIGESTS = ("MD5", "SHA1", "SHA256", "SHA384", "SHA512")
ALLOW_IP = ("Resolve IP", "Source IP", "Allow IP", "Prompt IP")
CONFIG_TYPES = ("Open Port", "Nat Access", "Local Nat Access", "Server Command")
SSH_OPTIONS = ("None", "SSH Uri")  # "Juicessh" is removed: Juicessh is not installed

HELP_TEXT = (
    "Welcome to fwknop2! This app is for the sending of SPA Packets to a Linux host or router, "
    "mainly for opening ports in an iptables firewall. More info at the Cipherdyne web site.\n\n"
    'Get started by selecting "New Config" from the menu, and then filling in at least '
    '"Nickname", "Server Address", and "Rijndael Key." It is also recommended to set an "HMAC '
    'Key" as well for strong authentication of SPA packets. If you are using luci-app-fwknop on '
    'an Openwrt router, you can select the "Capture qr" option from the menu, and use a qr code '
    "generated on the router to auto fill the encryption and HMAC keys.\n\n"
    "If Juicessh is installed, you can autostart a saved Juicessh connection by selecting "
    'Juicessh from the "Run SSH App" menu, and after a brief delay, choosing the desired '
    'connection. If you want to use a different SSH app, select "SSH Uri", and then type in '
    "your desired Username to connect as. This will use the system's default ssh client to try "
    "to connect to the port you are opening.\n\n"
    'Once the data is filled in, select "Save Config" from the menu. Then, to send a SPA knock, '
    'select the Saved config you want to use, and tap the "Send Knock" button at the bottom of '
    "the list.\n\n"
    "This app is open source software, Licensed GPLv2+. The source can be found on github. "
    "Please report any bugs here.\n\n"
    "Credits: Based on fwknop and libfko written by Michael Rash\n\n"
    "This app was written by Jonathan Bennett\n\n"
    "The fwknop2 icon is derived from a photo by Peter O'Connor\n\n"
    "Tap the back button to get started."
)

# Config.Is_Valid's messages (strings.xml).
ERRORS = {
    "unique_nick": "You Must choose a unique Nickname.",
    "HMAC_Legacy": "Cannot use HMAC with legacy mode",
    "hmac64_x4": "Hmac is not a valid Base64, not a multiple of 4.",
    "hmac64_xchars": "Hmac is not a valid Base64, Contains disallowed characters.",
    "key64_x4": "Key is not a valid Base64, not a multiple of 4.",
    "key64_xchars": "Key is not a valid Base64, Contains disallowed characters.",
    "port_format": "Access ports must be in the form of 'tcp/22'",
    "valid_ip": "You Must supply a valid IP address to 'Allow IP'.",
    "valid_server": "You Must supply a valid server address.",
}
B64 = re.compile(r"^[A-Za-z0-9+/]+={0,2}$")
LABEL = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$")

# The crash: SendSPA.java:400 in onPostExecute(String), reached through the bridge method
# onPostExecute(Object) (the class declaration's line, 241) from AsyncTask.finish.
CRASH_FRAMES = [
    "android.app.Instrumentation.checkStartActivityResult(Instrumentation.java:1798)",
    "android.app.Instrumentation.execStartActivity(Instrumentation.java:1512)",
    "android.app.Activity.startActivityForResult(Activity.java:3930)",
    "android.support.v4.app.BaseFragmentActivityJB.startActivityForResult"
    "(BaseFragmentActivityJB.java:48)",
    "android.support.v4.app.FragmentActivity.startActivityForResult(FragmentActivity.java:75)",
    "android.app.Activity.startActivityForResult(Activity.java:3890)",
    "android.support.v4.app.FragmentActivity.startActivityForResult(FragmentActivity.java:871)",
    "android.app.Activity.startActivity(Activity.java:4213)",
    "android.app.Activity.startActivity(Activity.java:4181)",
    f"{JAVA}.SendSPA$getExternalIP.onPostExecute(SendSPA.java:400)",
    f"{JAVA}.SendSPA$getExternalIP.onPostExecute(SendSPA.java:241)",
    "android.os.AsyncTask.finish(AsyncTask.java:651)",
    "android.os.AsyncTask.-wrap1(AsyncTask.java)",
    "android.os.AsyncTask$InternalHandler.handleMessage(AsyncTask.java:668)",
    *message_frames(23),
]


def _is_ip(text: str) -> bool:
    """commons-validator's InetAddressValidator: an IPv4 or IPv6 literal."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _is_domain(text: str) -> bool:
    """An approximation of DomainValidator.isValid: dotted labels, alphabetic TLD."""
    labels = text.rstrip(".").split(".")
    if len(labels) < 2 or not all(LABEL.match(label) for label in labels):
        return False
    return labels[-1].isalpha() and len(labels[-1]) >= 2


def knock_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Fwknop2#23: the app died starting an ssh: intent nothing handles."""
    return crashed(system, PACKAGE, "android.content.ActivityNotFoundException", "dat=ssh:")


def _new_form() -> dict[str, Any]:
    """A new config's form: the layout's defaults and the fragment's initial selections."""
    return {
        "nick": "",
        "server": "",
        "legacy": False,
        "random": False,
        "port": "62201",
        "protocol": 0,
        "key": "",
        "key_b64": False,
        "digest": 2,
        "hmac": "",
        "hmac_b64": False,
        "hmac_type": 2,
        "allow": 0,
        "allow_ip": "",
        "type": 0,
        "ports": "tcp/22",
        "timeout": "60",
        "nat_ip": "",
        "nat_port": "",
        "server_cmd": "",
        "ssh": 0,
        "ssh_cmd": "",
    }


def _form_of(config: dict[str, Any]) -> dict[str, Any]:
    """The form of a saved config (the fragment's loading of ``active_Nick``)."""
    form = _new_form()
    access = config["ACCESS_IP"]
    allow = {"Resolve IP": 0, "0.0.0.0": 1, "Prompt IP": 3}.get(access, 2)
    if config["SERVER_CMD"]:
        kind = 3
    elif config["NAT_IP"]:
        kind = 2 if config["NAT_IP"] == "127.0.0.1" else 1
    else:
        kind = 0
    form.update(
        nick=config["NICK_NAME"],
        server=config["SERVER_IP"],
        legacy=config["LEGACY"],
        random=config["SERVER_PORT"] == "random",
        port=config["SERVER_PORT"],
        protocol={"tcp": 1, "http": 2}.get(config["PROTOCOL"], 0),
        key=config["KEY"],
        key_b64=config["KEY_BASE64"],
        digest=DIGESTS.index(config["DIGEST_TYPE"]),
        hmac=config["HMAC"],
        hmac_b64=config["HMAC_BASE64"],
        hmac_type=DIGESTS.index(config["HMAC_TYPE"]),
        allow=allow,
        allow_ip=access if allow == 2 else "",
        type=kind,
        ports=config["PORTS"],
        timeout=config["SERVER_TIMEOUT"],
        nat_ip=config["NAT_IP"],
        nat_port=config["NAT_PORT"],
        server_cmd=config["SERVER_CMD"],
        ssh=1 if config["SSH_CMD"] else 0,
        ssh_cmd=config["SSH_CMD"],
    )
    return form


class Fwknop2(VirtualApp):
    """Fwknop2 1.2-Alpha2: config list, config form, help, and the knock."""

    name: ClassVar[str] = "Fwknop2"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Fwknop2"
    version: ClassVar[str] = "1.2-Alpha2"
    launch_activity: ClassVar[str] = LIST
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Fwknop2#23",
            "crash",
            "crash with no ssh app",
            knock_crashed,
            human_steps=(
                {"kind": "press_back"},
                click(PACKAGE, desc=w.MORE_OPTIONS),
                click(PACKAGE, "title", "New config"),
                input_text(PACKAGE, "NickName", "home"),
                input_text(PACKAGE, "destIP", "192.0.2.10"),
                input_text(PACKAGE, "passwd", "secret"),
                {"kind": "press_back"},
                {"kind": "swipe", "direction": "up"},
                click(PACKAGE, "ssh"),
                click(PACKAGE, "android:id/text1", "SSH Uri"),
                input_text(PACKAGE, "sshcmd", "root@192.0.2.10:22"),
                click(PACKAGE, desc=w.MORE_OPTIONS),
                click(PACKAGE, "title", "Save config"),
                click(PACKAGE, "android:id/text1", "home"),
                click(PACKAGE, "btn_send", "Send Knock"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"prefs": {"HaveShownPrefs": False}, "configs": {}}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("menu", False)
        ctx.ui.setdefault("dialog", None)
        if ctx.activity == LIST:
            ctx.ui.setdefault("selected", None)
            if not ctx.data["prefs"]["HaveShownPrefs"]:
                ctx.start_activity(HELP)
        elif ctx.activity == HELP:
            ctx.data["prefs"]["HaveShownPrefs"] = True
        elif ctx.activity == DETAIL and "form" not in ctx.ui:
            nick = str(ctx.extras.get("item_id", ""))
            config = ctx.data["configs"].get(nick)
            ctx.ui["form"] = _form_of(config) if config else _new_form()
            ctx.ui["spinner"] = None

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == DETAIL:
            self._up_to_list(ctx)
            return True
        return False

    def _up_to_list(self, ctx: AppContext) -> None:
        """NavUtils.navigateUpTo: back to the list, whose onNewIntent replaces the list
        fragment (no row selected, Send Knock invisible)."""
        ctx.finish()
        ctx.memory["list_rebuilt"] = True

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == HELP:
            return self._render_help()
        if ctx.activity == DETAIL:
            return self._render_detail(ctx)
        if ctx.activity == GENERAL:
            return self._render_general()
        return self._render_list(ctx)

    def _render_help(self) -> Screen:
        text = w.text_view(HELP_TEXT, "help_page", height=1800)
        body = w.linear_layout(
            [w.scroll_view([w.linear_layout([text])], rid="ScrollView1")], horizontal=True
        )
        return Screen(content=body)

    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _close_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False

    def _app_bar(self, title: str, ctx: AppContext, up: bool) -> View:
        return w.toolbar(
            title,
            navigation=w.up_button(self._up_to_list) if up else None,
            actions=[w.overflow_button(self._open_menu)],
            rid="action_bar",
        )

    # -- the list ----------------------------------------------------------------------------
    def _nicks(self, ctx: AppContext) -> list[str]:
        return sorted(ctx.data["configs"], key=str.lower)

    def _render_list(self, ctx: AppContext) -> Screen:
        if ctx.memory.pop("list_rebuilt", False):
            ctx.ui["selected"] = None
        selected = ctx.ui.get("selected")
        rows = [
            View(
                cls="android.widget.TextView",
                resource_id="android:id/text1",
                text=nick,
                height=147,
                selected=nick == selected,
                on_click=w.bind(self._select, nick),
                on_long_click=w.bind(self._context_menu, nick),
            )
            for nick in self._nicks(ctx)
        ]
        send = w.button(
            "btn_send",
            "Send Knock",
            self._send if selected is not None else None,
            height=144,
            enabled=selected is not None,
        )
        children = [w.list_view(rows)]
        if selected is not None:  # View.INVISIBLE until a row is tapped
            children.append(send)
        content = w.linear_layout(
            [self._app_bar("Fwknop2", ctx, up=False), w.relative_layout(children, rid="")]
        )
        return Screen(content=content, windows=self._list_windows(ctx))

    def _select(self, ctx: AppContext, nick: str) -> None:
        ctx.ui["selected"] = nick

    def _context_menu(self, ctx: AppContext, nick: str) -> None:
        ctx.ui["dialog"] = {"kind": "context", "nick": nick}

    def _list_windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Help", self._menu_help, "detail_help"),
                        ("New config", self._menu_new, "new_item"),
                        ("Configure", self._menu_configure, "detail_config"),
                    ],
                    self._close_menu,
                )
            )
        dialog = ctx.ui.get("dialog")
        if dialog is not None:
            windows.append(self._dialog_window(ctx, dialog))
        return windows

    def _menu_help(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(HELP)

    def _menu_new(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.ui["selected"] = None  # button.setVisibility(View.INVISIBLE)
        ctx.start_activity(DETAIL, {"item_id": ""})

    def _menu_configure(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(GENERAL)

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _dialog_window(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        kind = dialog["kind"]
        if kind == "context":
            nick = dialog["nick"]
            return w.menu_window(
                [
                    ("Delete config", w.bind(self._ask_delete, nick), "delete"),
                    ("Edit config", w.bind(self._edit, nick), "edit"),
                ],
                self._close_dialog,
                title_rid="android:id/title",
            )
        if kind == "delete":
            return w.alert_dialog(
                View(cls="android.view.View", height=0),
                [w.dialog_message("Are you sure?")],
                w.dialog_buttons(
                    ("Yes", w.bind(self._delete, dialog["nick"])), ("No", self._close_dialog)
                ),
                self._close_dialog,
            )
        if kind == "key":
            field = w.edit_text("", dialog["text"], self._type_dialog, password=True)
            return w.input_dialog(
                "Rijndael Key",
                field,
                ("OK", self._key_ok),
                ("Cancel", self._close_dialog),
                self._close_dialog,
            )
        if kind == "ip":
            field = w.edit_text("", dialog["text"], self._type_dialog)
            buttons = [
                w.dialog_button("android:id/button3", "Scan QR", self._scan_qr),
                *w.dialog_buttons(("OK", self._ip_ok), ("Cancel", self._close_dialog)),
            ]
            return w.alert_dialog(w.dialog_title("Source IP"), [field], buttons, self._close_dialog)
        raise ValueError(kind)

    def _ask_delete(self, ctx: AppContext, nick: str) -> None:
        ctx.ui["dialog"] = {"kind": "delete", "nick": nick}

    def _delete(self, ctx: AppContext, nick: str) -> None:
        ctx.data["configs"].pop(nick, None)
        ctx.ui["dialog"] = None
        if ctx.ui.get("selected") == nick:
            ctx.ui["selected"] = None

    def _edit(self, ctx: AppContext, nick: str) -> None:
        ctx.ui["dialog"] = None
        ctx.start_activity(DETAIL, {"item_id": nick})

    def _type_dialog(self, ctx: AppContext, text: str) -> None:
        if ctx.ui.get("dialog"):
            ctx.ui["dialog"]["text"] = text

    # -- SendSPA -----------------------------------------------------------------------------
    def _send(self, ctx: AppContext) -> None:
        nick = ctx.ui.get("selected")
        config = dict(ctx.data["configs"][nick])
        ctx.ui["knock"] = {"config": config, "key": config["KEY"], "allow": config["ACCESS_IP"]}
        if config["KEY"] == "":
            ctx.ui["dialog"] = {"kind": "key", "text": ""}
        elif config["ACCESS_IP"] == "Prompt IP":
            ctx.ui["dialog"] = {"kind": "ip", "text": ""}
        else:
            self._knock(ctx)

    def _answer(self, ctx: AppContext) -> str:
        """The text typed in the open dialog, which OK closes."""
        typed: str = ctx.ui["dialog"]["text"]
        ctx.ui["dialog"] = None
        return typed

    def _key_ok(self, ctx: AppContext) -> None:
        typed = self._answer(ctx)
        knock = ctx.ui["knock"]
        knock["key"] = typed
        if typed == "":
            ctx.toast("Key cannot be blank.")
        elif knock["allow"] == "Prompt IP":
            ctx.ui["dialog"] = {"kind": "ip", "text": ""}
        else:
            self._knock(ctx)

    def _ip_ok(self, ctx: AppContext) -> None:
        typed = self._answer(ctx)
        ctx.ui["knock"]["allow"] = typed
        if _is_ip(typed):
            self._knock(ctx)
        else:
            ctx.toast("invalid ip")

    def _scan_qr(self, ctx: AppContext) -> None:
        """IntentIntegrator.initiateScan: the camera scanner (not modelled)."""
        ctx.ui["dialog"] = None

    def _knock(self, ctx: AppContext) -> None:
        """getExternalIP: doInBackground then onPostExecute (the fixed network world)."""
        knock = ctx.ui["knock"]
        config = knock["config"]
        allow = knock["allow"]
        if allow == "Resolve IP":
            allow = EXTERNAL_IP
        if _is_ip(allow):
            server = config["SERVER_IP"]
            address = server if _is_ip(server) else RESOLVED_HOST
            port = config["SERVER_PORT"]
            if port == "random":
                port = str(random.Random(0).randint(10000, 65534))
            if config["PROTOCOL"] == "udp":
                result = "Success!"
                ctx.data.setdefault("sent", []).append({"to": address, "port": port})
            else:
                target = port if config["PROTOCOL"] == "tcp" else "80"
                result = (
                    f"java.net.ConnectException: failed to connect to /{address} (port "
                    f"{target}): connect failed: ECONNREFUSED (Connection refused)"
                )
        else:
            result = "resolve failure"
        ctx.toast(result)
        ctx.log("fwknop2", result, "V")
        if "Success" in result and config["SSH_CMD"] != "":
            uri = f"ssh://{config['SSH_CMD']}/#{config['NICK_NAME']}"
            self._start_ssh(ctx, uri)

    def _start_ssh(self, ctx: AppContext, uri: str) -> None:
        """mActivity.startActivity(new Intent(ACTION_VIEW, Uri.parse(uri))): no app on the
        device handles ssh:, and the call has no try/catch."""
        safe = uri.split("#", 1)[0]
        raise JavaException(
            "android.content.ActivityNotFoundException",
            f"No Activity found to handle Intent {{ act=android.intent.action.VIEW dat={safe} }}",
            frames=CRASH_FRAMES,
        )

    # -- the config form ---------------------------------------------------------------------
    def _flip(self, ctx: AppContext, key: str) -> None:
        ctx.ui["form"][key] = not ctx.ui["form"][key]

    def _open_spinner(self, ctx: AppContext, key: str) -> None:
        ctx.ui["spinner"] = key

    def _choose(self, ctx: AppContext, index: int) -> None:
        key = ctx.ui["spinner"]
        ctx.ui["spinner"] = None
        form = ctx.ui["form"]
        form[key] = index
        if key == "type":  # the Message Type listener clears the hidden fields
            if index == 0:
                form.update(nat_ip="", nat_port="", server_cmd="")
            elif index in (1, 2):
                form["server_cmd"] = ""
                if index == 2:
                    form["nat_ip"] = "127.0.0.1"
            else:
                form.update(ports="", nat_ip="", nat_port="")

    def _close_spinner(self, ctx: AppContext) -> None:
        ctx.ui["spinner"] = None

    def _text_row(
        self,
        label_rid: str,
        label: str,
        rid: str,
        key: str,
        form: dict[str, Any],
        row_rid: str = "",
        password: bool = False,
    ) -> View:
        return w.linear_layout(
            [
                w.text_view(label, label_rid, width=380),
                w.edit_text(rid, str(form[key]), self._text_handler(key), password=password),
            ],
            rid=row_rid,
            horizontal=True,
            height=130,
        )

    @staticmethod
    def _text_handler(key: str) -> Any:
        def on_text(ctx: AppContext, text: str) -> None:
            ctx.ui["form"][key] = text

        return on_text

    def _spinner_row(
        self,
        label_rid: str,
        label: str,
        rid: str,
        key: str,
        choices: tuple[str, ...],
        form: dict[str, Any],
        row_rid: str = "",
    ) -> View:
        return w.linear_layout(
            [
                w.text_view(label, label_rid, width=380),
                w.spinner(rid, choices[form[key]], w.bind(self._open_spinner, key), height=130),
            ],
            rid=row_rid,
            horizontal=True,
            height=130,
        )

    def _render_detail(self, ctx: AppContext) -> Screen:
        form = ctx.ui["form"]
        kind = form["type"]

        def check(rid: str, text: str, key: str) -> View:
            return w.check_box(rid, text, bool(form[key]), w.bind(self._flip, key), height=126)

        rows: list[View] = [
            self._text_row("NickNameStr", "Nickname:", "NickName", "nick", form, "NicknameSL"),
            self._text_row("destIPStr", "Server Address:", "destIP", "server", form, "destIPl"),
            check("chkblegacy", "Use Legacy Mode", "legacy"),
            check("chkbrandom", "Use Random Server Port", "random"),
        ]
        if not form["random"]:
            rows.append(
                self._text_row("destPortStr", "Server Port:", "destPort", "port", form, "destPortl")
            )
        rows += [
            self._spinner_row(
                "protocolStr", "Protocol:", "spn_protocol", "protocol", PROTOCOLS, form
            ),
            self._text_row("passwdStr", "Rijndael Key:", "passwd", "key", form, "passwdl"),
            check("chkb64key", "Key Is Base 64", "key_b64"),
            self._spinner_row(
                "DigestTypeStr", "SPA Digest Type", "spn_DigestType", "digest", DIGESTS, form
            ),
            self._text_row("hmacStr", "HMAC Key:", "hmac", "hmac", form, "hmacl"),
            check("chkb64hmac", "HMAC Is Base 64", "hmac_b64"),
            self._spinner_row(
                "HMACTypeStr", "SPA HMAC Type", "spn_HMACType", "hmac_type", DIGESTS, form
            ),
            self._spinner_row(
                "allowipstr", "Allow IP:", "allowip", "allow", ALLOW_IP, form, "allowipl"
            ),
        ]
        if form["allow"] == 2:
            rows.append(
                self._text_row(
                    "iptoallowStr", "IP to allow:", "iptoallow", "allow_ip", form, "iptoallowsl"
                )
            )
        rows.append(
            self._spinner_row(
                "configtypestr",
                "Message Type:",
                "configtype",
                "type",
                CONFIG_TYPES,
                form,
                "configtypel",
            )
        )
        if kind != 3:
            rows += [
                self._text_row(
                    "AccessPortsStr", "Access Ports:", "AccessPorts", "ports", form, "AccessPortsl"
                ),
                self._text_row(
                    "fwTimeoutStr", "Firewall Timeout:", "fwTimeout", "timeout", form, "fwTimeoutl"
                ),
            ]
        if kind == 1:
            rows.append(
                self._text_row("natipStr", "Internal IP:", "natip", "nat_ip", form, "natipsl")
            )
        if kind in (1, 2):
            rows.append(
                self._text_row(
                    "natportStr", "Internal Port:", "natport", "nat_port", form, "natportsl"
                )
            )
        if kind == 3:
            rows.append(
                self._text_row(
                    "servercmdStr",
                    "Server Command:",
                    "servercmd",
                    "server_cmd",
                    form,
                    "servercmdsl",
                )
            )
        rows.append(
            self._spinner_row("sshstr", "Run SSH App:", "ssh", "ssh", SSH_OPTIONS, form, "sshl")
        )
        if form["ssh"] == 1:
            rows.append(
                self._text_row(
                    "sshcmdStr", "User@address:port", "sshcmd", "ssh_cmd", form, "sshcmdsl"
                )
            )
        scroll = w.scroll_view(rows, scrollable=True, scroll_key="detail_scroll")
        content = w.linear_layout(
            [
                self._app_bar("Config Detail", ctx, up=True),
                w.frame_layout([scroll], rid="config_detail_container"),
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Capture qr", self._capture_qr, "qr_code"),
                        ("Save config", self._save, "save"),
                    ],
                    self._close_menu,
                )
            )
        spinner = ctx.ui.get("spinner")
        if spinner is not None:
            choices = {
                "protocol": PROTOCOLS,
                "digest": DIGESTS,
                "hmac_type": DIGESTS,
                "allow": ALLOW_IP,
                "type": CONFIG_TYPES,
                "ssh": SSH_OPTIONS,
            }[spinner]
            windows.append(
                w.spinner_dropdown(choices, form[spinner], self._choose, self._close_spinner)
            )
        return Screen(content=content, windows=windows)

    def _capture_qr(self, ctx: AppContext) -> None:
        """IntentIntegrator.initiateScan: the camera scanner (not modelled)."""
        ctx.ui["menu"] = False

    def _save(self, ctx: AppContext) -> None:
        """The Save config item: build the Config from the form, Is_Valid, store, go up."""
        ctx.ui["menu"] = False
        form = ctx.ui["form"]
        kind = CONFIG_TYPES[form["type"]]
        config: dict[str, Any] = {"MESSAGE_TYPE": kind}
        if kind == "Open Port":
            config.update(PORTS=form["ports"], SERVER_TIMEOUT=form["timeout"])
        else:
            config.update(PORTS="", SERVER_TIMEOUT="")
        if kind == "Nat Access":
            config.update(
                NAT_IP=form["nat_ip"],
                NAT_PORT=form["nat_port"],
                PORTS=form["ports"],
                SERVER_TIMEOUT=form["timeout"],
            )
        else:
            config.update(NAT_IP="", NAT_PORT="")
        if kind == "Local Nat Access":
            config.update(
                NAT_IP="127.0.0.1",
                NAT_PORT=form["nat_port"],
                PORTS=form["ports"],
                SERVER_TIMEOUT=form["timeout"],
            )
        else:
            config.update(NAT_IP="", NAT_PORT="")  # also undoes Nat Access's (as the sources)
        config["SERVER_CMD"] = form["server_cmd"] if kind == "Server Command" else ""
        config["ACCESS_IP"] = ("Resolve IP", "0.0.0.0", form["allow_ip"], "Prompt IP")[
            form["allow"]
        ]
        config["NICK_NAME"] = form["nick"]
        config["SERVER_IP"] = form["server"]
        config["SERVER_PORT"] = "random" if form["random"] else form["port"]
        config["SSH_CMD"] = form["ssh_cmd"] if SSH_OPTIONS[form["ssh"]] == "SSH Uri" else ""
        config.update(
            KEY=form["key"],
            KEY_BASE64=form["key_b64"],
            HMAC=form["hmac"],
            HMAC_BASE64=form["hmac_b64"],
            LEGACY=form["legacy"],
            PROTOCOL=("udp", "tcp", "http")[form["protocol"]],
            DIGEST_TYPE=DIGESTS[form["digest"]],
            HMAC_TYPE=DIGESTS[form["hmac_type"]],
        )
        error = self._is_valid(config)
        if error:
            ctx.toast(ERRORS[error])
            return
        ctx.data["configs"][config["NICK_NAME"]] = config
        self._up_to_list(ctx)

    @staticmethod
    def _is_valid(config: dict[str, Any]) -> str:
        """Config.Is_Valid: "" or the name of the failing check's string."""
        port = config["SERVER_PORT"]
        try:
            number = int(port)
            config["SERVER_PORT"] = str(number) if 0 < number < 65535 else "62201"
        except ValueError:
            if port.lower() != "random":
                config["SERVER_PORT"] = "62201"
        hmac, key = config["HMAC"], config["KEY"]
        if config["NICK_NAME"] == "":
            return "unique_nick"
        if config["LEGACY"] and (config["HMAC_BASE64"] or hmac != ""):
            return "HMAC_Legacy"
        if config["HMAC_BASE64"] and len(hmac) % 4 != 0:
            return "hmac64_x4"
        if config["HMAC_BASE64"] and not B64.match(hmac):
            return "hmac64_xchars"
        if config["KEY_BASE64"] and len(key) % 4 != 0:
            return "key64_x4"
        if config["KEY_BASE64"] and not B64.match(key):
            return "key64_xchars"
        ports = config["PORTS"]
        if not (
            re.fullmatch(r"tcp/\d.*", ports)
            or re.fullmatch(r"udp/\d.*", ports)
            or config["MESSAGE_TYPE"] == "Server Command"
        ):
            return "port_format"
        access = config["ACCESS_IP"]
        if access.lower() not in ("allow ip", "resolve ip", "prompt ip") and not _is_ip(access):
            return "valid_ip"
        if not _is_ip(config["SERVER_IP"]) and not _is_domain(config["SERVER_IP"]):
            return "valid_server"
        return ""

    # -- Configure (stub) --------------------------------------------------------------------
    def _render_general(self) -> Screen:
        body = w.linear_layout(
            [
                w.toolbar("Fwknop2", navigation=None, rid="action_bar"),
                w.check_box("chkb_dns", "Try to retrieve our ip using dns first.", True, None),
                w.text_view("Http or https address to query to find our IP:", "myip_url_txt"),
                w.edit_text("myip_url", "http://whatismyip.akamai.com", None),
                w.button("", "Save settings", w.finish),
                w.button("", "Default", w.finish),
            ],
            rid="configuration",
        )
        return Screen(content=body)


def _steps() -> list[dict[str, Any]]:
    return list(Fwknop2.bugs[0].human_steps)


_H = _steps()
_SAVE_AND_SEND = [
    click(PACKAGE, desc=w.MORE_OPTIONS),
    click(PACKAGE, "title", "Save config"),
    click(PACKAGE, "android:id/text1", "home"),
    click(PACKAGE, "btn_send", "Send Knock"),
]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Fwknop2#23": [
        # Run SSH App left at None: the knock succeeds and nothing is started.
        [*_H[:6], *_SAVE_AND_SEND],
        # Saved with an SSH Uri, but Send Knock never tapped.
        _H[:-1],
        # A TCP knock: no listener answers, the knock fails, no SSH client is started.
        [
            *_H[:7],
            click(PACKAGE, "spn_protocol"),
            click(PACKAGE, "android:id/text1", "TCP"),
            *_H[7:],
        ],
        # SSH Uri chosen but its field left empty: nothing is started.
        [*_H[:10], *_SAVE_AND_SEND],
        # No key stored, and the key prompt cancelled: no knock is sent.
        [*_H[:5], *_H[6:], click(PACKAGE, "android:id/button2", "Cancel")],
    ],
}
