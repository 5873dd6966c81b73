"""ConnectBot (``org.connectbot``, connectbot/connectbot) 1.10.9, for connectbot#2349.

An SSH, telnet and local-shell client, one Compose activity (``ui.MainActivity``, a NavHost):
the host list (its overflow menu, the "Add host" FAB) and the host editor, which starts in a
"Quick connect" mode (one ``user@hostname:port`` field) and shows every field after "Show
advanced options".

Sources read at tag v1.10.9 (2026-06-08), the version the report names (F-Droid's build adds
``-oss`` to the name). Files read: ``AndroidManifest.xml`` (``MainActivity`` declares no
``configChanges``, so a rotation re-creates it), ``ui/MainActivity.kt``, ``ui/ConnectBotApp.kt``
(the NavHost starts at the host list; no first-run screen), ``ui/navigation/NavGraph.kt``,
``ui/screens/hostlist/HostListScreen.kt`` (top bar, overflow menu, FAB, the empty list's
message and button), ``ui/screens/hosteditor/HostEditorScreen.kt`` and
``HostEditorViewModel.kt`` (``HostEditorUiState``'s defaults, ``isNicknameMatching``, the
quick-connect parsing, ``updatePort``), and ``res/values/strings.xml``.

Bug connectbot#2349 (non-crash): ``HostEditorScreenContent`` keeps the editor's mode in
``var expandedMode by remember(uiState.isLoading) { mutableStateOf(hostId != -1L &&
!uiState.isNicknameMatching) }``: ``remember``, not ``rememberSaveable``, so when a rotation
re-creates the activity the value is computed again, and for a new host (``hostId`` -1) it is
false: the advanced options the user opened collapse back to "Quick connect" (the field values
live in the ViewModel and survive). The focused Port field loses its focus and the keyboard
closes with the re-creation too (the device clears the focus on every re-creation; the model
adds nothing for it).

Stubbed: the host list's menu entries other than the list itself (Settings, Profiles, Manage
pubkeys, Export/Import Hosts, Help open a titled screen with Up; Sort toggles its title;
Disconnect all does nothing without connections), tapping a host (the console screen, a title:
connecting needs a server), the editor's drop-downs below Port (Color category, pubkey,
profile, jump host, IP version: read-only fields showing their defaults), the font and colour
scheme selectors of a host with no profile. Uncertain: the default profile's name ("Default"),
the row classes Compose's merged semantics give the switches and the clickable rows.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.connectbot"
MAIN = ".ui.MainActivity"
BUTTON = "android.widget.Button"
COMPOSE = "android.view.View"
PROTOCOLS = ("ssh", "telnet", "local")
DEFAULT_PORTS = {"ssh": "22", "telnet": "23", "local": "0"}
LIST_MENU = (
    "Sort by color",
    "Settings",
    "Profiles",
    "Manage pubkeys",
    "Export Hosts",
    "Import Hosts",
    "Disconnect all",
    "Help",
)
# HostEditorUiState's switches: (key, title, summary).
SWITCHES = (
    ("compression", "Compression", "This may help with slower networks"),
    ("want_session", "Start shell session", "Disable this preference to only use port forwards"),
    ("stay_connected", "Stay connected", "Try to reconnect to host if disconnected"),
    (
        "quick_disconnect",
        "Close on disconnect",
        "Close immediately after remote disconnect without prompting.",
    ),
)


def new_host_state() -> dict[str, Any]:
    """``HostEditorUiState()`` for a new host."""
    return {
        "quick_connect": "",
        "nickname": "",
        "protocol": "ssh",
        "username": "",
        "hostname": "",
        "port": "22",
        "password": "",
        "use_auth_agent": False,
        "compression": False,
        "want_session": True,
        "stay_connected": False,
        "quick_disconnect": False,
        "post_login": "",
    }


def representation(state: dict[str, Any]) -> str:
    """``getHostRepresentation``: ``user@host`` plus ``:port`` when not the default."""
    if state["protocol"] == "local":
        return ""
    rep = state["hostname"]
    if state["username"] and state["protocol"] == "ssh":
        rep = f"{state['username']}@{rep}"
    if state["port"] and state["port"] != DEFAULT_PORTS[state["protocol"]]:
        rep += f":{state['port']}"
    return rep


def nickname_matching(state: dict[str, Any]) -> bool:
    """``HostEditorUiState.isNicknameMatching``."""
    if not state["nickname"].strip():
        return True
    if state["protocol"] == "local":
        return False
    default = DEFAULT_PORTS[state["protocol"]]
    port = state["port"] or default
    user = f"{state['username']}@" if state["username"] and state["protocol"] == "ssh" else ""
    with_port = f"{user}{state['hostname']}:{port}"
    return state["nickname"] == with_port or (
        port == default and state["nickname"] == f"{user}{state['hostname']}"
    )


def collapsed_by_rotation(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of connectbot#2349: a re-creation collapsed the opened advanced options."""
    return bool(data["collapsed_by_recreation"])


def icon_button(desc: str, handler: Any) -> View:
    """A Compose ``IconButton``: role Button, its icon's content description."""
    return w.button(handler=handler, content_desc=desc, width=147)


ADD_HOST = click(PACKAGE, desc="Add host", cls=BUTTON)
SHOW_ADVANCED = click(PACKAGE, text="Show advanced options")
PORT = click(PACKAGE, text="22", cls="android.widget.EditText")
LANDSCAPE = {"kind": "rotate", "orientation": "landscape"}


class ConnectBot(VirtualApp):
    """ConnectBot 1.10.9: the host list and the host editor."""

    name: ClassVar[str] = "connectbot"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "ConnectBot"
    version: ClassVar[str] = "1.10.9"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "connectbot#2349",
            "non-crash",
            "Rotating to landscape collapses advanced options and loses input focus on Add host "
            "page",
            collapsed_by_rotation,
            human_steps=(ADD_HOST, SHOW_ADVANCED, PORT, LANDSCAPE),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"hosts": [], "sorted_by_color": False, "collapsed_by_recreation": False}

    # -- lifecycle ------------------------------------------------------------------------------
    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        """The NavHost's back stack, the ViewModel's state and ``rememberSaveable`` values
        survive; ``remember`` values (the editor's mode, open menus) do not."""
        kept = {k: v for k, v in ctx.ui.items() if k in ("nav", "editor", "editor_scroll")}
        kept["was_expanded"] = bool(ctx.ui.get("expanded"))
        return kept

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("nav", [{"screen": "hosts"}])
        was_expanded = ctx.ui.pop("was_expanded", False)
        top = ctx.ui["nav"][-1]
        if top["screen"] == "editor":
            # remember(uiState.isLoading) { hostId != -1L && !isNicknameMatching }: the bug.
            expanded = top["host_id"] != -1 and not nickname_matching(ctx.ui["editor"])
            ctx.ui["expanded"] = expanded
            if was_expanded and not expanded:
                ctx.data["collapsed_by_recreation"] = True

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "protocol_menu"):
            return True
        return w.pop_back_stack(ctx.ui["nav"])

    def _navigate(self, ctx: AppContext, screen: str, **args: Any) -> None:
        ctx.ui["menu"] = False
        ctx.ui["nav"].append({"screen": screen, **args})

    def _up(self, ctx: AppContext) -> None:
        w.pop_back_stack(ctx.ui["nav"])

    # -- host list ------------------------------------------------------------------------------
    def _edit_host(self, ctx: AppContext, host_id: int) -> None:
        state = new_host_state()
        for host in ctx.data["hosts"]:
            if host["id"] == host_id:
                state.update({k: v for k, v in host.items() if k in state})
        ctx.ui["editor"] = state
        ctx.ui["expanded"] = host_id != -1 and not nickname_matching(state)
        self._navigate(ctx, "editor", host_id=host_id)

    def _list_menu(self, ctx: AppContext, title: str) -> None:
        ctx.ui["menu"] = False
        if title == "Sort by color":
            ctx.data["sorted_by_color"] = not ctx.data["sorted_by_color"]
        elif title != "Disconnect all":
            self._navigate(ctx, "page", title=title)

    def _host_list(self, ctx: AppContext) -> tuple[View, list[Window]]:
        bar = w.toolbar(
            w.text_view("ConnectBot", height=147),
            actions=[icon_button("More options", lambda c: c.ui.update(menu=True))],
            cls=COMPOSE,
            rid="",
        )
        hosts = sorted(ctx.data["hosts"], key=lambda h: h["nickname"])
        if hosts:
            body: View = View(
                cls=COMPOSE,
                scrollable=True,
                scroll_key="hosts_scroll",
                children=[
                    w.list_row(
                        host["nickname"],
                        on_click=w.bind(self._navigate, "page", title=host["nickname"]),
                        title_rid="",
                        cls=COMPOSE,
                        trailing=[icon_button("Host options", None)],
                    )
                    for host in hosts
                ],
            )
        else:
            body = View(
                cls=COMPOSE,
                children=[
                    w.text_view("No hosts configured", height=120),
                    w.button(text="Add host", handler=w.bind(self._edit_host, -1), height=126),
                ],
            )
        fab = w.fab("", "Add host", w.bind(self._edit_host, -1), cls=BUTTON)
        content = View(
            cls=COMPOSE, children=[bar, View(cls=COMPOSE, layout="frame", children=[body, fab])]
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            titles = list(LIST_MENU)
            if ctx.data["sorted_by_color"]:
                titles[0] = "Sort by name"
            windows.append(
                w.menu_window(
                    [
                        (t, w.bind(self._list_menu, "Sort by color" if i == 0 else t))
                        for i, t in enumerate(titles)
                    ],
                    lambda c: c.ui.update(menu=False),
                    title_rid="",
                )
            )
        return content, windows

    # -- host editor ----------------------------------------------------------------------------
    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui["editor"][key] = value

    def _text_setter(self, key: str) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            self._update_field(ctx, key, text)

        return handler

    def _update_field(self, ctx: AppContext, key: str, text: str) -> None:
        """The ViewModel's ``update*`` functions (the nickname follows while it matches)."""
        state = ctx.ui["editor"]
        if key == "port" and text and not text.isdigit():
            return
        if key == "quick_connect":
            state.update(quick_connect=text, nickname=text)
            self._parse_quick_connect(state, text)
            return
        if key in ("username", "hostname", "port"):
            matching = nickname_matching(state)
            state[key] = text
            rep = representation(state)
            state["quick_connect"] = rep
            if matching:
                state["nickname"] = rep
            return
        state[key] = text

    def _parse_quick_connect(self, state: dict[str, Any], text: str) -> None:
        """``parseQuickConnect``: ``[user@]host[:port]``."""
        user, _, rest = text.rpartition("@") if "@" in text else ("", "", text)
        host, _, port = rest.partition(":")
        allowed = all(ch.isalnum() or ch in "._-" for ch in host)
        if host and allowed and (not port or port.isdigit()):
            state.update(
                username=user, hostname=host, port=port or DEFAULT_PORTS[state["protocol"]]
            )

    def _save_host(self, ctx: AppContext) -> None:
        state = ctx.ui["editor"]
        host_id = ctx.ui["nav"][-1]["host_id"]
        if host_id == -1:
            host_id = max([h["id"] for h in ctx.data["hosts"]], default=0) + 1
        nickname = state["nickname"] or representation(state)
        host = {k: state[k] for k in ("protocol", "username", "hostname", "port")}
        others = [h for h in ctx.data["hosts"] if h["id"] != host_id]
        ctx.data["hosts"] = [*others, {"id": host_id, "nickname": nickname, **host}]
        self._up(ctx)

    def _choose_protocol(self, ctx: AppContext, index: int) -> None:
        ctx.ui["protocol_menu"] = False
        state = ctx.ui["editor"]
        state["protocol"] = PROTOCOLS[index]

    def _field(self, label: str, value: str, key: str, **kw: Any) -> View:
        return w.edit_text("", value, self._text_setter(key), hint=label, height=180, **kw)

    def _read_only(self, label: str, value: str) -> View:
        return View(
            cls="android.widget.EditText", text=value, hint=label, height=180, clickable=True
        )

    def _switch(self, key: str, title: str, summary: str, checked: bool) -> View:
        return View(
            cls=COMPOSE,
            layout="horizontal",
            height=200,
            on_click=lambda c: self._set(c, key, not checked),
            children=[
                View(cls=COMPOSE, children=[w.text_view(title), w.text_view(summary)]),
                View(
                    cls="android.widget.Switch",
                    checkable=True,
                    checked=checked,
                    width=180,
                    clickable=False,
                ),
            ],
        )

    def _editor(self, ctx: AppContext) -> tuple[View, list[Window]]:
        state = ctx.ui["editor"]
        expanded = bool(ctx.ui.get("expanded"))
        host_id = ctx.ui["nav"][-1]["host_id"]
        enabled = (
            state["protocol"] == "local" or bool(state["hostname"].strip())
            if expanded
            else bool(state["quick_connect"].strip())
        )
        save_text = "Add host" if host_id == -1 else "Save"
        bar = w.toolbar(
            w.text_view("Add host" if host_id == -1 else "Edit host", height=147),
            navigation=icon_button("Navigate up", self._up),
            actions=[w.button(text=save_text, handler=self._save_host, enabled=enabled, width=300)],
            cls=COMPOSE,
            rid="",
        )
        fields: list[View] = []
        if not expanded:
            fields += [
                self._field("Quick connect", state["quick_connect"], "quick_connect"),
                w.text_view("Example: root@192.168.1.1:22", height=70),
                View(
                    cls=COMPOSE,
                    text="Show advanced options",
                    content_desc="Expand",
                    on_click=lambda c: c.ui.update(expanded=True),
                    height=110,
                ),
            ]
        else:
            can_collapse = nickname_matching(state)
            fields += [
                self._field("Nickname", state["nickname"], "nickname"),
                View(
                    cls=COMPOSE,
                    text="Hide advanced options",
                    content_desc="Collapse",
                    on_click=(lambda c: c.ui.update(expanded=False)) if can_collapse else None,
                    enabled=can_collapse,
                    height=110,
                ),
                View(
                    cls="android.widget.EditText",
                    text=state["protocol"],
                    hint="Protocol",
                    height=180,
                    on_click=lambda c: c.ui.update(protocol_menu=True),
                ),
            ]
            if state["protocol"] != "local":
                fields += [
                    self._field("Username", state["username"], "username"),
                    self._field("Host", state["hostname"], "hostname"),
                    self._field("Port", state["port"], "port"),
                    self._read_only("IP version", "Automatic"),
                ]
                if state["protocol"] == "ssh":
                    fields += [
                        self._field("Password", state["password"], "password", password=True),
                        w.text_view(
                            "Store login password securely for automatic authentication", height=70
                        ),
                    ]
        fields += [
            self._read_only("Color category", "Gray"),
            self._read_only("Use pubkey authentication", "Use any unlocked key"),
            self._read_only("Profile", "Default"),
        ]
        if state["protocol"] == "ssh":
            fields += [
                self._read_only("Jump host (ProxyJump)", "None (direct connection)"),
                self._switch("use_auth_agent", "Use SSH auth agent", "", state["use_auth_agent"]),
            ]
        fields += [self._switch(k, t, s, state[k]) for k, t, s in SWITCHES]
        fields.append(self._field("Post-login automation", state["post_login"], "post_login"))
        body = View(cls=COMPOSE, scrollable=True, scroll_key="editor_scroll", children=fields)
        windows: list[Window] = []
        if ctx.ui.get("protocol_menu"):
            windows.append(
                w.menu_window(
                    [(p, w.bind(self._choose_protocol, i)) for i, p in enumerate(PROTOCOLS)],
                    lambda c: c.ui.update(protocol_menu=False),
                    title_rid="",
                )
            )
        return View(cls=COMPOSE, children=[bar, body]), windows

    def render(self, ctx: AppContext) -> Screen:
        top = ctx.ui["nav"][-1]
        if top["screen"] == "editor":
            content, windows = self._editor(ctx)
        elif top["screen"] == "page":
            bar = w.toolbar(
                w.text_view(top["title"], height=147),
                navigation=icon_button("Navigate up", self._up),
                cls=COMPOSE,
                rid="",
            )
            content, windows = View(cls=COMPOSE, children=[bar]), []
        else:
            content, windows = self._host_list(ctx)
        return Screen(content=content, windows=windows)


WRONG_SEQUENCES = {
    "connectbot#2349": [
        # No rotation: the advanced options stay open.
        [ADD_HOST, SHOW_ADVANCED, PORT],
        # Rotated before opening the advanced options: nothing to collapse.
        [ADD_HOST, LANDSCAPE],
        # Options opened, then hidden again before the rotation.
        [ADD_HOST, SHOW_ADVANCED, click(PACKAGE, text="Hide advanced options"), LANDSCAPE],
        # The editor left (Up) before the rotation.
        [ADD_HOST, SHOW_ADVANCED, PORT, click(PACKAGE, desc="Navigate up", cls=BUTTON), LANDSCAPE],
    ],
}
