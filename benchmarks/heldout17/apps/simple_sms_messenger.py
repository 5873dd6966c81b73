"""Simple SMS Messenger (``com.simplemobiletools.smsmessenger``) 5.16.6, for
Simple-SMS-Messenger#537.

Modelled from the sources of 5.16.6, commit ``bf85cd14`` ("updating changelog", 2022-12-14; its
``app/build.gradle`` says ``versionName "5.16.6"``, Simple-Commons ``0b7d7267b4``), and the fix,
commit ``06436ccf`` ("Fixed showing all drafts (#537)", merged in #538, released in 5.17.x):
``AndroidManifest.xml``, ``activities/SplashActivity.kt``, ``MainActivity.kt``,
``ThreadActivity.kt``, ``adapters/ConversationsAdapter.kt``, ``extensions/Context.kt``
(``getSmsDraft``, ``getAllDrafts``, ``saveSmsDraft``, ``deleteSmsDraft``),
``res/layout/activity_main.xml``, ``item_conversation.xml``, ``activity_thread.xml``,
``res/menu/menu_main.xml``, ``menu_thread.xml``, ``res/values/strings.xml`` and
``donottranslate.xml``, and Simple-Commons' ``BaseSimpleActivity.setupToolbar`` and strings:

- the launcher opens ``SplashActivity``, which starts ``MainActivity``; on Android 10+ an app not
  holding the SMS role asks for it (PermissionController's "Set SMS Messenger as your default
  SMS app?", Cancel / Set as default); Cancel finishes the app; with the role, ``askPermissions``
  goes through READ_SMS, SEND_SMS and READ_CONTACTS, which the SMS role's holder already has;
- ``MainActivity``: the ``main_toolbar`` ("SMS Messenger"; Search, Settings, About; Import
  messages, Export messages, More apps from us in the overflow), the ``conversations_list`` of
  ``item_conversation`` rows (``conversation_address``, ``draft_indicator`` "Draft",
  ``conversation_body_short`` showing the draft instead of the snippet, ``conversation_date``)
  and the ``conversations_fab``; every ``onResume`` re-reads the drafts (``updateDrafts``);
- a row opens ``ThreadActivity``: the ``thread_toolbar`` (title, back arrow, Delete, Dial number,
  Add Person; Block number, Mark as Unread, and Add number to contact for a number without a
  contact, in the overflow), the messages, ``thread_add_attachment``, ``thread_type_message``
  "Type a message…" and ``thread_send_message`` "SMS" (enabled once there is text). ``onResume``
  puts the conversation's draft (``getSmsDraft``: its newest draft row) in the field; ``onPause``
  inserts the field's text as a new draft row (``saveSmsDraft`` never replaces the older ones) or,
  when the field is empty, deletes the conversation's newest draft row.

Fixed world data: the test phone holds three SMS conversations (``CONVERSATIONS``, with their
messages) and no drafts; the phone's own SMS app is "Messages". The model's clock starts at
``CLOCK_START`` and ticks one second per saved draft.

The bug (Simple-SMS-Messenger#537, non-crash): ``getAllDrafts`` reads the draft rows with
``queryCursor`` but wraps its per-row callback in ``cursor.use { }``, which closes the cursor
after the first row; the provider returns drafts newest first, so the conversation list marks
only the conversation whose draft was saved last (the last one with a draft that was visited),
and the other conversations with drafts show their snippet without "Draft". The fix iterates the
cursor itself. Ground truth: at the list's last refresh, a conversation with a draft was left
without the mark (``data["list_refresh"]``).

Not modelled: sending (the test phone has no service: the model appends the message to the
conversation and clears the field, with no sent/failed status); the toolbars' other actions
(Delete, Dial number, Add Person, Block number, Mark as Unread, Add number to contact, Import /
Export messages, More apps from us), long-press selection, attachments and scheduled messages do
nothing; Search, Settings, About and New conversation open stub screens. The role dialog is drawn
in the app's window, not PermissionController's. Android 12 (no notification permission).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.simplemobiletools.smsmessenger"
SPLASH = ".activities.SplashActivity"
MAIN = ".activities.MainActivity"
THREAD = ".activities.ThreadActivity"
SEARCH = ".activities.SearchActivity"
SETTINGS = ".activities.SettingsActivity"
NEW_CONVERSATION = ".activities.NewConversationActivity"
ABOUT = "com.simplemobiletools.commons.activities.AboutActivity"
STUBS = {
    SEARCH: "Search",
    SETTINGS: "Settings",
    NEW_CONVERSATION: "New conversation",
    ABOUT: "About",
}

ROLE_TITLE = "Set SMS Messenger as your default SMS app?"
TYPE_A_MESSAGE = "Type a message…"
DRAFT = "Draft"
CLOCK_START = 1671703200000  # 2022-12-22 10:00 UTC, in ms as Sms.DATE holds it
# (thread id, title, phone number, has a contact, time shown, [(incoming, body)]), newest first.
CONVERSATIONS = (
    (
        3,
        "Alice Moreau",
        "+12025550143",
        True,
        "09:41",
        [(True, "Are we still on for tonight?"), (True, "See you at the station at 6")],
    ),
    (
        5,
        "Bob Tanaka",
        "+12025550187",
        True,
        "08:15",
        [(False, "I left the keys with your neighbour"), (True, "Thanks, got it!")],
    ),
    (
        8,
        "+12025550178",
        "+12025550178",
        False,
        "07:02",
        [(True, "Your parcel is on its way")],
    ),
)
THREAD_MENU = (
    ("delete", "Delete"),
    ("dial_number", "Dial number"),
    ("manage_people", "Add Person"),
)


def _unmarked_draft(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Simple-SMS-Messenger#537: at the list's last refresh a conversation with
    a draft showed no "Draft" mark."""
    refresh = data["list_refresh"]
    return bool(set(refresh["with_drafts"]) - set(refresh["marked"]))


def _rid(short: str) -> str:
    return f"{PACKAGE}:id/{short}"


SET_DEFAULT = {"kind": "click", "target": {"resource_id": "android:id/button1"}}
BACK = {"kind": "press_back"}


def _open(title: str) -> dict[str, Any]:
    return {"kind": "click", "target": {"resource_id": _rid("conversation_address"), "text": title}}


def _type(text: str) -> dict[str, Any]:
    return {
        "kind": "input_text",
        "target": {"resource_id": _rid("thread_type_message")},
        "text": text,
    }


BUG_537 = BugSpec(
    "Simple-SMS-Messenger#537",
    "non-crash",
    "only one message marked as draft in conversation list",
    _unmarked_draft,
    human_steps=(
        SET_DEFAULT,
        _open("Alice Moreau"),
        _type("Running late"),
        BACK,
        BACK,
        _open("Bob Tanaka"),
        _type("Call me later"),
        BACK,
        BACK,
    ),
)

WRONG_SEQUENCES = {
    "Simple-SMS-Messenger#537": (
        # A draft in one conversation only.
        (SET_DEFAULT, _open("Alice Moreau"), _type("Running late"), BACK, BACK),
        # The second conversation is visited but left without a draft.
        (
            SET_DEFAULT,
            _open("Alice Moreau"),
            _type("Running late"),
            BACK,
            BACK,
            _open("Bob Tanaka"),
            BACK,
        ),
        # The same conversation twice: still one conversation with a draft.
        (
            SET_DEFAULT,
            _open("Alice Moreau"),
            _type("Running late"),
            BACK,
            BACK,
            _open("Alice Moreau"),
            _type("Running very late"),
            BACK,
            BACK,
        ),
        # The first draft is typed, then erased before leaving.
        (
            SET_DEFAULT,
            _open("Alice Moreau"),
            _type("Running late"),
            _type(""),
            BACK,
            BACK,
            _open("Bob Tanaka"),
            _type("Call me later"),
            BACK,
            BACK,
        ),
    )
}


class SimpleSmsMessenger5166(VirtualApp):
    """Simple SMS Messenger 5.16.6 (see the module docstring)."""

    name: ClassVar[str] = "Simple-SMS-Messenger"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "SMS Messenger"
    version: ClassVar[str] = "5.16.6"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_537,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "sms_role": False,  # the system's SMS role, kept here
            "messages": {str(c[0]): [list(m) for m in c[5]] for c in CONVERSATIONS},
            "drafts": [],  # the SMS provider's draft rows: {"id", "thread", "body", "date"}
            "next_id": 100,
            "clock": CLOCK_START,
            "list_refresh": {"with_drafts": [], "marked": []},
        }

    # -- the SMS provider's drafts -------------------------------------------------------------
    @staticmethod
    def _newest_first(data: dict[str, Any]) -> list[dict[str, Any]]:
        """content://sms/draft with no sort order: Sms.DEFAULT_SORT_ORDER, "date DESC"."""
        return sorted(data["drafts"], key=lambda r: (r["date"], r["id"]), reverse=True)

    def _get_sms_draft(self, data: dict[str, Any], thread: int) -> dict[str, Any] | None:
        rows = [r for r in self._newest_first(data) if r["thread"] == thread]
        return rows[0] if rows else None

    def _get_all_drafts(self, data: dict[str, Any]) -> dict[int, str]:
        """getAllDrafts: the per-row callback's cursor.use {} closes the cursor after the first
        row, so only the newest draft is read (the bug)."""
        rows = self._newest_first(data)
        return {rows[0]["thread"]: rows[0]["body"]} if rows else {}

    def _save_sms_draft(self, data: dict[str, Any], body: str, thread: int) -> None:
        data["clock"] += 1000
        data["next_id"] += 1
        data["drafts"].append(
            {"id": data["next_id"], "thread": thread, "body": body, "date": data["clock"]}
        )

    def _delete_sms_draft(self, data: dict[str, Any], thread: int) -> None:
        row = self._get_sms_draft(data, thread)
        if row is not None:
            data["drafts"].remove(row)

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SPLASH:
            ctx.start_activity(MAIN)
            ctx.finish()
        elif ctx.activity == MAIN:
            ui = ctx.ui
            if "role" not in ui:  # a fresh instance (a re-created one keeps its state)
                ui.update(role=not ctx.data["sms_role"], role_choice=0, menu=False)
            if ctx.data["sms_role"]:
                self._main_resumed(ctx)
        elif ctx.activity == THREAD:
            self._thread_resumed(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.activity == THREAD:
            self._thread_paused(ctx)  # the re-created instance pauses first
            return {"menu": False}
        return dict(ctx.ui)

    def on_activity_stop(self, ctx: AppContext) -> None:
        if ctx.activity == THREAD:
            self._thread_paused(ctx)

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN and ctx.data["sms_role"]:
            self._main_resumed(ctx)
        elif ctx.activity == THREAD:
            self._thread_resumed(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("menu"):
            ctx.ui["menu"] = False
            return True
        if ctx.activity == THREAD:
            self._leave_thread(ctx)
            return True
        return False

    def _main_resumed(self, ctx: AppContext) -> None:
        """MainActivity.onResume -> ConversationsAdapter.updateDrafts."""
        marked = self._get_all_drafts(ctx.data)
        ctx.data["list_refresh"] = {
            "with_drafts": sorted({r["thread"] for r in ctx.data["drafts"]}),
            "marked": sorted(marked),
        }

    def _thread_resumed(self, ctx: AppContext) -> None:
        """ThreadActivity.onResume: the conversation's newest draft into the field."""
        ctx.ui.setdefault("text", "")
        ctx.ui.setdefault("menu", False)
        row = self._get_sms_draft(ctx.data, ctx.extras["thread_id"])
        if row is not None:
            ctx.ui["text"] = row["body"]

    def _thread_paused(self, ctx: AppContext) -> None:
        """ThreadActivity.onPause: save the field as a draft, or delete the draft."""
        thread = ctx.extras["thread_id"]
        if ctx.ui.get("text", ""):
            self._save_sms_draft(ctx.data, ctx.ui["text"], thread)
        else:
            self._delete_sms_draft(ctx.data, thread)

    def _leave_thread(self, ctx: AppContext) -> None:
        """Back or the toolbar's arrow: onPause, finish, and MainActivity resumes."""
        self._thread_paused(ctx)
        ctx.finish()
        self._main_resumed(ctx)

    # -- role dialog ----------------------------------------------------------------------------
    def _set_default(self, ctx: AppContext) -> None:
        ctx.ui["role"] = False
        if ctx.ui["role_choice"] == 0:
            ctx.data["sms_role"] = True
            # askPermissions: READ_SMS, SEND_SMS and READ_CONTACTS come with the SMS role.
            self._main_resumed(ctx)
        else:
            ctx.finish()  # RESULT_CANCELED: finish()

    def _cancel_role(self, ctx: AppContext) -> None:
        ctx.ui["role"] = False
        ctx.finish()

    # -- handlers -------------------------------------------------------------------------------
    def _open_thread(self, ctx: AppContext, conversation: tuple[Any, ...]) -> None:
        ctx.start_activity(THREAD, {"thread_id": conversation[0], "title": conversation[1]})

    def _typed(self, ctx: AppContext, text: str) -> None:
        ctx.ui["text"] = text

    def _send(self, ctx: AppContext) -> None:
        text = ctx.ui["text"]
        if not text:
            return
        ctx.data["messages"][str(ctx.extras["thread_id"])].append([False, text])
        ctx.ui["text"] = ""  # clearCurrentMessage

    def _not_modelled(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = False
        ctx.log("SimpleSmsMessenger", "menu action not modelled")

    def _start(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(activity)

    # -- rendering ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._render_main(ctx)
        if ctx.activity == THREAD:
            return self._render_thread(ctx)
        if ctx.activity in STUBS:
            return Screen(content=w.child_page(STUBS[ctx.activity]))
        return Screen(content=w.frame_layout())

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        toolbar = w.toolbar(
            "SMS Messenger",
            actions=[
                w.action_item("search", "Search", w.bind(self._start, SEARCH)),
                w.action_item("settings", "Settings", w.bind(self._start, SETTINGS)),
                w.action_item("about", "About", w.bind(self._start, ABOUT)),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
            rid="main_toolbar",
        )
        if ctx.data["sms_role"]:
            drafts = self._get_all_drafts(ctx.data)
            rows = [self._conversation_row(c, drafts.get(c[0])) for c in CONVERSATIONS]
            listing: list[View] = [
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="conversations_list",
                    children=rows,
                )
            ]
        else:
            listing = []
        body = w.linear_layout([toolbar, w.frame_layout(listing, rid="main_holder")])
        content = w.frame_layout(
            [
                body,
                w.fab(
                    "conversations_fab",
                    "",
                    w.bind(self._start, NEW_CONVERSATION) if ctx.data["sms_role"] else None,
                ),
            ],
            rid="main_coordinator",
            layout=FRAME,
        )
        windows: list[Window] = []
        if ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Import messages", self._not_modelled),
                        ("Export messages", self._not_modelled),
                        ("More apps from us", self._not_modelled),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        if ui["role"]:
            windows.append(self._role_dialog(ctx))
        return Screen(content=content, windows=windows)

    def _conversation_row(self, conversation: tuple[Any, ...], draft: str | None) -> View:
        thread, title, _number, _contact, shown_time, messages = conversation
        texts = [w.text_view(title, "conversation_address")]
        line = [
            w.text_view(draft if draft is not None else messages[-1][1], "conversation_body_short")
        ]
        if draft is not None:
            line.insert(0, w.text_view(DRAFT, "draft_indicator", width=180))
        texts.append(View(cls="android.widget.RelativeLayout", layout=HORIZONTAL, children=line))
        texts.append(w.text_view(shown_time, "conversation_date"))
        return w.frame_layout(
            [
                w.relative_layout(
                    [
                        w.image_view("conversation_image", width=160),
                        w.linear_layout(texts),
                    ],
                    rid="conversation_holder",
                    layout=HORIZONTAL,
                )
            ],
            rid="conversation_frame",
            height=330,
            on_click=w.bind(self._open_thread, conversation),
            on_long_click=lambda c: c.log("SimpleSmsMessenger", "selection not modelled"),
        )

    def _role_dialog(self, ctx: AppContext) -> Window:
        choice = ctx.ui["role_choice"]

        def row(i: int, label: str, summary: str) -> View:
            texts = [w.text_view(label, "title")]
            if summary:
                texts.append(w.text_view(summary, "subtitle"))
            return w.linear_layout(
                [
                    w.radio_button("radio", "", choice == i, w.bind(self._choose, i), width=120),
                    w.linear_layout(texts),
                ],
                horizontal=True,
                height=170,
                on_click=w.bind(self._choose, i),
            )

        return w.alert_dialog(
            w.dialog_title(ROLE_TITLE),
            [
                View(
                    cls="android.widget.ListView",
                    resource_id="android:id/select_dialog_listview",
                    weight=0,
                    children=[row(0, "SMS Messenger", ""), row(1, "Messages", "Current default")],
                )
            ],
            w.dialog_buttons(("Set as default", self._set_default), ("Cancel", self._cancel_role)),
            self._cancel_role,
        )

    def _choose(self, ctx: AppContext, i: int) -> None:
        ctx.ui["role_choice"] = i

    def _render_thread(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        thread = ctx.extras["thread_id"]
        conversation = next(c for c in CONVERSATIONS if c[0] == thread)
        toolbar = View(
            cls="android.view.ViewGroup",
            resource_id="thread_toolbar",
            layout=HORIZONTAL,
            height=w.TOOLBAR_HEIGHT,
            style="toolbar",
            children=[
                View(cls="android.widget.ImageButton", on_click=self._leave_thread, width=147),
                w.text_view(ctx.extras.get("title", ""), width=420),
                *[w.action_item(rid, title, self._not_modelled) for rid, title in THREAD_MENU],
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
        )
        bubbles = [
            w.text_view(body, "thread_message_body", height=140)
            for _incoming, body in ctx.data["messages"][str(thread)]
        ]
        messages = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="thread_messages_list",
            children=bubbles,
        )
        has_text = bool(ui["text"])
        composer = w.linear_layout(
            [
                w.image_view("thread_add_attachment", "Attachment", self._not_modelled, width=140),
                w.edit_text("thread_type_message", ui["text"], self._typed, hint=TYPE_A_MESSAGE),
                w.button(
                    "thread_send_message",
                    "SMS",
                    self._send,
                    content_desc="OK",
                    enabled=has_text,
                    width=180,
                ),
            ],
            horizontal=True,
            height=160,
        )
        content = w.linear_layout(
            [
                toolbar,
                messages,
                View(cls="android.view.View", resource_id="message_divider", height=3),
                composer,
            ],
            rid="thread_coordinator",
        )
        windows: list[Window] = []
        if ui.get("menu"):
            items = [("Block number", self._not_modelled), ("Mark as Unread", self._not_modelled)]
            if not conversation[3]:
                items.append(("Add number to contact", self._not_modelled))
            windows.append(w.menu_window(items, lambda c: c.ui.update(menu=False)))
        return Screen(content=content, windows=windows)
