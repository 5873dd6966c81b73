"""bitchat 0.8 (permissionlesstech/bitchat-android, package com.bitchat.android), a Bluetooth mesh
messenger.

Sources read at commit 34d00839 ("bump to 0.8 (#188)", 2025-07-25) and the fix c92d2d28
("fix(ui): prevent sender color of past messages (#201)").

Bug bitchat-android#200 (non-crash): ``ChatUIUtils.formatMessageAsAnnotatedString`` colours a
message's ``<@sender>`` with the theme's primary colour only when ``message.sender ==
currentUserNickname``; any other sender gets ``getRSSIColor(rssi)`` (the peer's RSSI, -60 when
unknown, as it is for one's own peer id). Messages keep the nickname they were sent under, so
after the nickname is changed in the header (``ChatViewModel.setNickname`` on every keystroke)
one's own earlier messages are drawn in the RSSI colour. The fix compares
``message.senderPeerID`` with ``meshService.myPeerID`` instead.

First run (MainActivity's onboarding on a first launch): the permission explanation screen
("Grant Permissions"), the system permission dialogs, then (battery optimisation being on for a
fresh install) the "Battery Optimization Detected" screen with "Disable Battery Optimization",
"Check Again" and "Skip for Now", then the chat. Fixed data: the random nickname
``anon${Random.nextInt(1000, 9999)}`` is ``anon4821``; Bluetooth and location services are on;
no peer is in range (a public message is only added locally); message times are fixed
(10:00:01, 10:00:02...).

Not modelled: the report's steps 5-6 need a second device. Stubbed: the sidebar (peers,
channels), private chats, commands (a text starting with "/" is ignored), the battery settings
screen (its button counts as done). Uncertain: the system asks
the permissions as three dialogs (nearby devices, location, notifications) each answered with
"Allow" (the real location dialog offers "While using the app"); the chat is laid out as
with the keyboard shown (the input row resized above it, as Compose's imePadding does, which the
virtual device does not do for activities); the Compose tree has no
resource ids, so controls are named by texts and content descriptions.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import PERMISSION_ALLOW, input_text
from device_agent.virtual.views import Screen, View

PKG = "com.bitchat.android"
MAIN = ".MainActivity"
PERMISSIONS = (
    "android.permission.BLUETOOTH_SCAN",
    "android.permission.ACCESS_FINE_LOCATION",
    "android.permission.POST_NOTIFICATIONS",
)
PRIMARY = "primary"
RSSI_COLOR = "rssi(-60)"
ME = "me"


def own_message_in_peer_color(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of bitchat-android#200: one of the user's own messages is drawn in a
    colour other than the primary one (it was sent under an earlier nickname)."""
    return any(
        m["peer"] == ME and sender_color(m, data["nickname"]) != PRIMARY for m in data["messages"]
    )


def sender_color(message: dict[str, Any], nickname: str) -> str:
    # The bug: the sender's name, not its peer id, decides whether the message is one's own.
    return PRIMARY if message["sender"] == nickname else RSSI_COLOR


def _click(**target: str) -> dict[str, Any]:
    return {"kind": "click", "target": target}


ALLOW = _click(resource_id=PERMISSION_ALLOW)
ONBOARD = [_click(text="Grant Permissions"), ALLOW, ALLOW, ALLOW, _click(text="Skip for Now")]
TYPE_HELLO = input_text(PKG, "", "hello", hint="type a message...")
SEND = _click(content_desc="Send message")
RENAME = input_text(PKG, "", "bob", hint="anon4821")

HUMAN_200 = (*ONBOARD, TYPE_HELLO, SEND, RENAME)


class Bitchat(VirtualApp):
    """bitchat 0.8: onboarding, then the public mesh chat with its nickname header."""

    name: ClassVar[str] = "bitchat-android"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "bitchat"
    version: ClassVar[str] = "0.8"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "bitchat-android#200",
            "non-crash",
            "When you change your nickname, the sender color of your past messages also changes.",
            own_message_in_peer_color,
            human_steps=HUMAN_200,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"stage": "explain", "granted": [], "nickname": "anon4821", "messages": []}

    # -- onboarding --------------------------------------------------------------------------
    def _grant(self, ctx: AppContext) -> None:
        ctx.request_permission(PERMISSIONS[len(ctx.data["granted"])])

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if not granted:
            return  # the explanation screen stays
        ctx.data["granted"].append(permission)
        if len(ctx.data["granted"]) < len(PERMISSIONS):
            ctx.request_permission(PERMISSIONS[len(ctx.data["granted"])])
        else:
            ctx.data["stage"] = "battery"

    def _to_chat(self, ctx: AppContext) -> None:
        ctx.data["stage"] = "chat"

    # -- chat --------------------------------------------------------------------------------
    def _set_nickname(self, ctx: AppContext, text: str) -> None:
        ctx.data["nickname"] = text

    def _set_draft(self, ctx: AppContext, text: str) -> None:
        ctx.ui["draft"] = text

    def _send(self, ctx: AppContext) -> None:
        content = ctx.ui.get("draft", "")
        if not content or content.startswith("/"):
            return
        n = len(ctx.data["messages"]) + 1
        ctx.data["messages"].append(
            {
                "sender": ctx.data["nickname"] or ME,
                "peer": ME,
                "content": content,
                "time": f"10:00:{n:02d}",
            }
        )
        ctx.ui["draft"] = ""

    # -- screens -----------------------------------------------------------------------------
    def _explain(self) -> View:
        texts = [
            "Welcome to bitchat",
            "Decentralized mesh messaging over Bluetooth",
            "Your Privacy is Protected",
            "To work properly, bitchat needs these permissions:",
        ]
        return w.scroll_view(
            [w.text_view(t) for t in texts]
            + [w.button(text="Grant Permissions", handler=self._grant)]
        )

    def _battery(self) -> View:
        return w.linear_layout(
            [
                w.text_view("bitchat"),
                w.text_view("Battery Optimization Detected"),
                w.button(text="Disable Battery Optimization", handler=self._to_chat),
                w.button(text="Check Again", handler=None),
                w.button(text="Skip for Now", handler=self._to_chat),
            ]
        )

    def _chat(self, ctx: AppContext) -> View:
        nickname = ctx.data["nickname"]
        header = w.linear_layout(
            [
                w.text_view("bitchat/"),
                w.text_view("@"),
                w.edit_text("", nickname, self._set_nickname),
                View(cls="android.view.View", content_desc="Connected peers", width=60),
                w.text_view("0"),
            ],
            horizontal=True,
            height=147,
        )
        rows = [
            w.text_view(
                f"[{m['time']}] <@{m['sender']}> {m['content']}",
                extra={"sender_color": sender_color(m, nickname)},
            )
            for m in ctx.data["messages"]
        ]
        draft = ctx.ui.get("draft", "")
        field = w.edit_text("", draft, self._set_draft, hint="type a message...")
        send = View(
            cls="android.view.View",
            content_desc="Send message",
            on_click=self._send,
            enabled=bool(draft),
            width=126,
        )
        listing = w.list_view(rows, rid="", cls="android.view.View")
        listing.height = 680  # the input row stays above the soft keyboard (imePadding)
        bar = w.linear_layout([field, send], horizontal=True, height=140)
        return w.linear_layout([header, listing, bar])

    def render(self, ctx: AppContext) -> Screen:
        stage = ctx.data["stage"]
        if stage == "explain":
            return Screen(content=self._explain())
        if stage == "battery":
            return Screen(content=self._battery())
        return Screen(content=self._chat(ctx))


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "bitchat-android#200": [
        # the nickname is changed before any message is sent
        [*ONBOARD, RENAME, TYPE_HELLO, SEND],
        # messages are sent, the nickname is left as it is
        [*ONBOARD, TYPE_HELLO, SEND, TYPE_HELLO, SEND],
        # the message is typed but never sent before the nickname changes
        [*ONBOARD, TYPE_HELLO, RENAME],
    ],
}
