"""SMSSecure (``org.smssecure.smssecure``, SilenceIM/Silence before its rename) 0.12.3, for
Silence#286.

An encrypted SMS app: the conversation list (a reminder header, the threads, the "New
conversation" pencil button), the overflow menu and the contact picker that button opens.

Sources read at tag v0.12.3, commit 3b13ecbc ("Bump version to v0.12.3", 2015-10-07; the
report names build ID 3b13ecb), and the fix c5d81b7f ("fix ContactSelectionListItem NPE",
2015-11-05, first released in 0.13.0). Files read: ``PassphraseRequiredActionBarActivity``,
``PassphraseCreateActivity``, ``ConversationListActivity``, ``ConversationListFragment``,
``NewConversationActivity``, ``ContactSelectionActivity``, ``ContactSelectionListFragment``,
``contacts/ContactSelectionListItem``, ``ContactSelectionListAdapter``, ``ContactsDatabase``,
``recipients/RecipientFactory``, ``RecipientProvider``, ``Recipients``,
``components/ReminderView``, ``DefaultSmsReminder``, the menus ``text_secure_normal`` and
``conversation_list``, the layouts ``conversation_list_fragment``,
``conversation_list_item_view``, ``reminder_header``, ``contact_selection_activity``,
``contact_selection_list_fragment``, ``contact_selection_list_item``, ``strings.xml`` and the
manifest.

Bug Silence#286 (crash): the pencil button starts ``NewConversationActivity``, whose list binds
one ``ContactSelectionListItem`` per phone number of the address book. ``set`` turns a non-empty
number into ``Recipients`` with ``RecipientFactory.getRecipientsFromString``, which splits it
at commas and drops the tokens that are blank after ``trim``; a number made only of those
gives an empty ``Recipients``, whose ``getPrimaryRecipient()`` is null, and
``getPrimaryRecipient().getName()`` throws a NullPointerException while the list shows that
row. Replying inside an existing thread never builds that list.

Fixed data: the phone's address book (four contacts, one of them stored with the number ","
and sorted among the first rows, so that the picker's first screen binds it) and one thread
restored from a backup. Stubbed: the key generation of the first start
(``PassphraseCreateActivity`` shows a spinner and moves on by itself; the model starts on the
list with the keys made), the thread screen (its title and compose field), the search action,
New group, Import / export, My identity key, Settings, the system's "Change SMS app?" dialog
(Yes makes the app the default SMS app) and the import reminder that follows it. Uncertain:
the reporter's contact data (the report names none; the fix shows only that some number held
no usable token), and the NullPointerException's message (Android 4.4.4, the reporter's,
prints none; the model gives ART's).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.smssecure.smssecure"
LIST = ".ConversationListActivity"
NEW = ".NewConversationActivity"
THREAD = ".ConversationActivity"
STUBS = {
    ".GroupCreateActivity": "New group",
    ".ImportExportActivity": "Import / export",
    ".ViewLocalIdentityActivity": "My identity key",
    ".ApplicationPreferencesActivity": "Settings",
}
NPE = "java.lang.NullPointerException"
RECIPIENT = "org.smssecure.smssecure.recipients.Recipient"
# text_secure_normal.xml ("Lock" hidden: the passphrase is disabled on a fresh install).
MENU = [
    ("New group", ".GroupCreateActivity"),
    ("Mark all read", ""),
    ("Import / export", ".ImportExportActivity"),
    ("My identity key", ".ViewLocalIdentityActivity"),
    ("Settings", ".ApplicationPreferencesActivity"),
]


def _recipient_tokens(number: str) -> list[str]:
    """``RecipientFactory.getRecipientsFromString``: the comma-separated tokens that are not
    blank after ``trim`` (each becomes one recipient)."""
    return [token.strip() for token in number.split(",") if token.strip()]


class Silence(VirtualApp):
    """SMSSecure 0.12.3: the conversation list, its menu and the new-conversation picker."""

    name: ClassVar[str] = "Silence"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "SMSSecure"
    version: ClassVar[str] = "0.12.3"
    launch_activity: ClassVar[str] = LIST
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Silence#286",
            "crash",
            "app crash on new message button",
            crash_oracle(PACKAGE, NPE, "getName()"),
            human_steps=(click(PACKAGE, "fab", desc="New conversation"),),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            # The address book (ContactsContract), sorted by ContactsDatabase's
            # DISPLAY_NAME COLLATE NOCASE.
            "contacts": [
                {"name": "Alice Martin", "number": "+33 6 12 34 56 78", "label": "Mobile"},
                {"name": "Bureau", "number": ",", "label": "Work"},
                {"name": "Claire Petit", "number": "06 98 76 54 32", "label": "Mobile"},
                {"name": "Marc Leroy", "number": "+33 7 11 22 33 44", "label": "Home"},
            ],
            "threads": [
                {"name": "Alice Martin", "snippet": "See you tomorrow", "date": "Nov 24"},
            ],
            "default_sms": False,
            "reminder_closed": False,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.update(menu=False, dialog=False, search="")
        if ctx.activity == NEW:
            self._bind_contacts(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        return ctx.activity == LIST and w.dismiss(ctx.ui, "menu")

    def _bind_contacts(self, ctx: AppContext) -> None:
        """The picker's list binds a ``ContactSelectionListItem`` per row it shows."""
        for contact in self._matching(ctx):
            number = contact["number"]
            if number and not _recipient_tokens(number):
                # The bug: getPrimaryRecipient() of an empty Recipients is null.
                raise JavaException(
                    NPE,
                    f"Attempt to invoke virtual method 'java.lang.String {RECIPIENT}.getName()'"
                    " on a null object reference",
                    frames=[
                        "org.smssecure.smssecure.contacts.ContactSelectionListItem.set"
                        "(ContactSelectionListItem.java:61)",
                        "org.smssecure.smssecure.contacts.ContactSelectionListAdapter.bindView"
                        "(ContactSelectionListAdapter.java:87)",
                        *callback_frames(23),
                    ],
                )

    def _matching(self, ctx: AppContext) -> list[dict[str, Any]]:
        wanted = ctx.ui.get("search", "").lower()
        return [
            c for c in ctx.data["contacts"] if wanted in c["name"].lower() or wanted in c["number"]
        ]

    # -- handlers ----------------------------------------------------------------------------
    def _menu_item(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = False
        if activity:
            ctx.start_activity(activity)

    def _reminder_tapped(self, ctx: AppContext) -> None:
        """DefaultSmsReminder's OK: marked as prompted, the system's dialog started."""
        ctx.data["reminder_closed"] = True
        ctx.ui["dialog"] = True

    def _make_default(self, ctx: AppContext) -> None:
        ctx.data["default_sms"] = True
        ctx.ui["dialog"] = False

    def _search(self, ctx: AppContext, text: str) -> None:
        ctx.ui["search"] = text
        self._bind_contacts(ctx)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == NEW:
            return self._render_picker(ctx)
        if ctx.activity == THREAD:
            field = w.edit_text(
                "embedded_text_editor",
                ctx.ui.get("draft", ""),
                lambda c, t: c.ui.update(draft=t),
                hint="Send unsecured SMS",
            )
            bar = w.toolbar(ctx.extras.get("name", ""), navigation=w.up_button())
            return Screen(content=w.linear_layout([bar, w.frame_layout(), field]))
        if ctx.activity in STUBS:
            bar = w.toolbar(STUBS[ctx.activity], navigation=w.up_button())
            return Screen(content=w.linear_layout([bar]))
        return self._render_list(ctx)

    def _reminder(self, ctx: AppContext) -> list[View]:
        if ctx.data["default_sms"] or ctx.data["reminder_closed"]:
            return []
        texts = w.linear_layout(
            [
                w.text_view("Use as default SMS app?", "reminder_title"),
                w.text_view("Tap to make SMSSecure your default SMS app.", "reminder_text"),
            ],
            rid="reminder",
        )
        close = w.image_button(
            "cancel", handler=lambda c: c.data.update(reminder_closed=True), width=105
        )
        container = w.linear_layout(
            [w.image_view("icon", width=131), texts, close],
            rid="container",
            horizontal=True,
            height=260,
            on_click=self._reminder_tapped,
        )
        return [w.linear_layout([container], rid="reminder", weight=0)]

    def _render_list(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            "SMSSecure",
            actions=[
                w.action_item("menu_search", "Search", None),
                w.overflow_button(lambda c: c.ui.update(menu=True)),
            ],
            rid="action_bar",
        )
        rows = [
            w.list_row(
                t["name"],
                t["snippet"],
                title_rid="from",
                subtitle_rid="subject",
                leading=w.image_view("contact_photo_image", width=150),
                trailing=[w.text_view(t["date"], "date", width=200)],
                cls="android.widget.RelativeLayout",
                on_click=w.bind(self._open_thread, t["name"], False),
            )
            for t in ctx.data["threads"]
        ]
        listing = w.list_view(rows, rid="list", cls="android.support.v7.widget.RecyclerView")
        content = w.frame_layout(
            [
                w.linear_layout([*self._reminder(ctx), listing]),
                w.fab("fab", "New conversation", lambda c: c.start_activity(NEW)),
            ],
            layout=FRAME,
        )
        return Screen(content=w.linear_layout([bar, content]), windows=self._windows(ctx))

    def _windows(self, ctx: AppContext) -> list[Window]:
        windows: list[Window] = []
        if ctx.ui["menu"]:
            rows = [(title, w.bind(self._menu_item, target)) for title, target in MENU]
            windows.append(w.menu_window(rows, lambda c: c.ui.update(menu=False)))
        if ctx.ui["dialog"]:
            windows.append(
                w.confirm_dialog(
                    "Change SMS app?",
                    "Use SMSSecure instead of Messaging as your SMS app?",
                    ("Yes", self._make_default),
                    ("No", lambda c: c.ui.update(dialog=False)),
                    lambda c: c.ui.update(dialog=False),
                )
            )
        return windows

    def _render_picker(self, ctx: AppContext) -> Screen:
        search = w.edit_text(
            "search_view", ctx.ui["search"], self._search, hint="Enter name or number"
        )
        toggle = w.image_view("search_clear" if ctx.ui["search"] else "search_dialpad", width=126)
        bar = w.toolbar(
            w.linear_layout(
                [search, w.linear_layout([toggle], rid="button_toggle", weight=0, width=126)],
                rid="toggle_container",
                horizontal=True,
            ),
            navigation=w.up_button(),
            cls="android.view.ViewGroup",
        )
        rows: list[View] = []
        letter = ""
        for contact in self._matching(ctx):
            if contact["name"][:1].upper() != letter:
                letter = contact["name"][:1].upper()
                rows.append(w.text_view(letter, height=80))
            rows.append(
                w.relative_layout(
                    [
                        w.image_view("contact_photo_image", "Contact Photo", width=150),
                        w.linear_layout(
                            [
                                w.text_view(contact["name"], "name"),
                                w.linear_layout(
                                    [
                                        w.text_view(contact["number"], "number"),
                                        w.text_view(contact["label"], "label"),
                                    ],
                                    rid="number_container",
                                    horizontal=True,
                                ),
                            ]
                        ),
                    ],
                    layout="horizontal",
                    height=189,
                    on_click=w.bind(self._open_thread, contact["name"], True),
                )
            )
        listing = w.list_view(rows)
        return Screen(content=w.linear_layout([bar, listing]))

    def _open_thread(self, ctx: AppContext, name: str, picked: bool) -> None:
        """A thread opened from the list, or (``picked``) NewConversationActivity's
        ``onContactSelected``, which finishes the picker."""
        if picked:
            ctx.finish()
        ctx.start_activity(THREAD, {"name": name})


OPEN_MENU = click(PACKAGE, desc=w.MORE_OPTIONS)
WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Silence#286": [
        # Replying inside an existing thread: no contact list is bound.
        [
            click(PACKAGE, "from", "Alice Martin"),
            input_text(PACKAGE, "embedded_text_editor", "Hello"),
        ],
        # The overflow menu's Settings instead of the pencil button.
        [OPEN_MENU, click(PACKAGE, "title", "Settings")],
        # The default-SMS reminder instead of the pencil button.
        [
            click(PACKAGE, "reminder_title", "Use as default SMS app?"),
            click(PACKAGE, "android:id/button1", "Yes"),
        ],
    ],
}
