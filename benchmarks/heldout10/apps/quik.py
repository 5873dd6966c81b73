"""QUIK (dev.octoshrimpy.quik), the SMS/MMS app continued from QKSMS: quik-sms/quik#605 (4.3.1)
and quik-sms/quik#722 (4.3.2).

Sources read: github.com/quik-sms/quik at tag v4.3.1 (commit
3a83192ab8420856856f58215c67141bd6dfabf2) and tag v4.3.2 (merge commit
12757fd7c3afd7e89e08f26b3ae1cfb7db61a096): presentation/.../feature/main (MainActivity,
MainViewModel, main_activity.xml, main_permission_hint.xml, drawer_view.xml), feature/compose
(ComposeActivity, ComposeViewModel, compose_activity.xml, menu/compose.xml), feature/contacts
(ContactsActivity, ContactsViewModel, contacts_activity.xml, contact_list_item.xml,
contact_number_list_item.xml), feature/scheduled (ScheduledActivity, ScheduledViewModel,
ScheduledMessageAdapter, scheduled_activity.xml, scheduled_message_list_item.xml,
menu/scheduled_messages.xml), common/Navigator.kt, common/base/QkViewModel.kt,
data/.../ConversationRepositoryImpl.kt, data/.../extensions/RealmExtensions.kt,
QKApplication.kt (RxDogTag installed), BillingManagerImpl.kt (upgraded is always true),
values/strings.xml.

Bug quik#605 (crash, 4.3.1; fixed by PR #603, commit aed1aaf5): in ComposeViewModel's init the
stream of the chips chosen in the contact picker looks the conversation up with
``conversationRepo.getConversation(addresses)``, which since commit ca50c4d4 returns an
*unmanaged* copy (``realm.copyFromRealm``), then still does
``.switchMap { conversation -> conversation.asObservable() }`` (ComposeViewModel.kt:181). Realm's
``RealmObject.asFlowable`` throws IllegalArgumentException "Cannot create Observables from
unmanaged RealmObjects"; the chain is subscribed without onError (ComposeViewModel.kt:191), so
RxDogTag turns it into an OnErrorNotImplementedException that kills the process. The lookup only
finds a conversation once ``getOrCreateConversation`` could create the thread, which needs the SMS
permission (granted with the SMS role here; without it ``tryOrNull`` yields null and the screen
keeps loading). Any contact (or typed number) picked from the "+" flow crashes; so does opening
the compose screen with addresses (editing a scheduled message).

Bug quik#722 (4.3.2; fixed by commit 6dff95d1 "Prevent infinite loop on editing scheduled
message"): editing a scheduled message (Scheduled screen, select it, overflow "Edit message",
"Yes, edit the message") deletes it from the schedule and opens ComposeActivity with its time in
``scheduleDateTime``; the init queues ``newState { scheduled = sharedScheduledDateTime }`` while
the "canSend" combineLatest (ComposeViewModel.kt:~907) writes back the ``scheduled`` it observed
(still 0): both reducers pass through QkViewModel's ``observeOn(mainThread)`` and keep undoing
each other, an endless loop on the main thread. Scheduling a message normally (the date picker
after the contact) sets the time once and does not loop.

Modelled: a fresh install on Android 13: MainActivity asks for the SMS role at once (the
permission controller's "Set QUIK as your default SMS app?" dialog); holding the role grants SMS
and contacts (and, on Android 13, SCHEDULE_EXACT_ALARM is pre-granted); the inbox is empty; the
snackbar asks for what is still missing; "+" opens ComposeActivity, which opens the
ContactsActivity picker at once; the drawer's "Scheduled" screen, its FAB (compose in scheduling
mode: the date then time picker appear once a contact is chosen), the scheduled list (a tap
toggles the selection), its menu and dialogs. Fixed data: the device's address book (three
contacts, one number each) stands for the contacts provider; the clock is fixed at
2026-02-23 10:00 (the time picker is drawn with the widget kit's 24-hour face).
Stubbed: search, the drawer's other screens (title and Navigate up), attachments, sending (a sent
SMS is only recorded). Uncertain: the role dialog's exact layout; how the looping compose screen
ends: the report says it is blank and unresponsive and "crashes" on Back, modelled as the
system's "isn't responding" (ANR) when Back is pressed; Back from the 4.3.1 picker leaves an empty
compose screen (4.3.2, PR #608, returns to the inbox).
"""

from __future__ import annotations

import datetime
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import (
    AppContext,
    AppNotResponding,
    BugSpec,
    JavaException,
    VirtualApp,
)
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PKG = "dev.octoshrimpy.quik"
MAIN = ".feature.main.MainActivity"
COMPOSE = ".feature.compose.ComposeActivity"
CONTACTS = ".feature.contacts.ContactsActivity"
SCHEDULED = ".feature.scheduled.ScheduledActivity"
SETTINGS = ".feature.settings.SettingsActivity"
BLOCKING = ".feature.blocking.BlockingActivity"
BACKUP = ".feature.backup.BackupActivity"
NOTIFICATIONS = "android.permission.POST_NOTIFICATIONS"
ROLE = "com.android.permissioncontroller:id/"
NOW = datetime.datetime(2026, 2, 23, 10, 0)
KEYBOARD = {
    "portrait": 760,
    "landscape": 480,
}  # the soft keyboard's height over the window  # the device's fixed clock

# The device's address book (fixed data standing for the contacts provider).
DEVICE_CONTACTS = [
    {"name": "Anna Becker", "type": "Mobile", "address": "(555) 201-4477"},
    {"name": "David Olsen", "type": "Mobile", "address": "(555) 388-1020"},
    {"name": "Maria Lopez", "type": "Home", "address": "(555) 640-9315"},
]
STUBS = {SETTINGS: "Settings", BLOCKING: "Blocking", BACKUP: "Backup and restore"}


def crash_605(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of quik#605: the unmanaged-Realm-object crash of the compose screen."""
    return crashed(
        system,
        PKG,
        "io.reactivex.exceptions.OnErrorNotImplementedException",
        "Cannot create Observables from unmanaged RealmObjects",
    )


def hang_722(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of quik#722: the compose screen opened to edit a scheduled message looped
    until the app stopped responding, and the message is gone from the schedule."""
    hung = any(a.get("package") == PKG for a in system.get("anrs", []))
    return (
        hung
        and bool(data.get("edited"))
        and not any(m["id"] in data["edited"] for m in data["scheduled"])
    )


def _stamp(when: list[int]) -> str:
    """DateFormatter.getScheduledTimestamp: "h:mm a" today, "MMM d h:mm a" this year."""
    moment = datetime.datetime(when[0], when[1], when[2], when[3], when[4])
    clock = moment.strftime("%I:%M %p").lstrip("0")
    if moment.date() == NOW.date():
        return clock
    return f"{moment.strftime('%b')} {moment.day} {clock}"


def _schedule_one() -> list[dict[str, Any]]:
    """The steps that schedule one message from a fresh install and open its row's options."""
    return [
        click(PKG, "android:id/button1", "Set as default"),
        click(PKG, desc=w.OPEN_DRAWER),
        click(PKG, "scheduled"),
        click(PKG, "compose", desc="Schedule a message"),
        click(PKG, "title", "Anna Becker"),
        click(PKG, "android:id/button1", "OK"),
        click(PKG, desc="18"),
        click(PKG, "android:id/button1", "OK"),
        input_text(PKG, "message", "Happy birthday!"),
        click(PKG, "scheduledSend", desc="Schedule this message"),
        click(PKG, desc=w.NAVIGATE_UP),
        click(PKG, "body", "Happy birthday!"),
        click(PKG, desc=w.MORE_OPTIONS),
    ]


class Quik(VirtualApp):
    """QUIK 4.3.1: inbox, role request, compose screen, contact picker, scheduled messages."""

    name: ClassVar[str] = "quik"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "QUIK"
    version: ClassVar[str] = "4.3.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "quik#605",
            "crash",
            "Crash when selecting contact",
            crash_605,
            human_steps=(
                click(PKG, "android:id/button1", "Set as default"),
                click(PKG, "compose", desc="Start new conversation"),
                click(PKG, "title", "Anna Becker"),
            ),
        ),
    )
    # 4.3.1: the unmanaged conversation crashes the compose screen (#605)
    managed_conversation: ClassVar[bool] = False
    # PR #608 (4.3.2): Back in the picker returns to the inbox
    picker_back_to_main: ClassVar[bool] = False

    def initial_data(self) -> dict[str, Any]:
        return {
            "default_sms": False,
            "synced": False,
            "conversations": [],
            "sent": [],
            "scheduled": [],
            "next_id": 1,
            "edited": [],
        }

    # -- lifecycle -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            # MainViewModel.bindView: not the default SMS app -> Navigator.showDefaultSmsDialog
            ctx.ui.setdefault("drawer", False)
            if not ctx.data["default_sms"]:
                ctx.ui["role_dialog"] = True
                ctx.ui.setdefault("role_choice", 0)
        elif ctx.activity == COMPOSE:
            if not ctx.ui.get("started"):
                ctx.ui["started"] = True
                self._start_compose(ctx)
        elif ctx.activity == CONTACTS:
            ctx.ui.setdefault("query", "")
        elif ctx.activity == SCHEDULED:
            ctx.ui.setdefault("selected", [])

    def _start_compose(self, ctx: AppContext) -> None:
        edit = ctx.extras.get("edit")
        vm: dict[str, Any] = {
            "chips": [],
            "loading": False,
            "scheduled": None,
            "text": "",
            "editing": not edit,
            "loop": False,
        }
        ctx.memory["compose"] = vm
        if edit:
            # Navigator.showCompose(scheduledMessage): threadId, addresses, text, scheduleDateTime
            vm.update(chips=list(edit["recipients"]), text=edit["body"])
            self._conversation_loaded(ctx, vm)
            vm["loop"] = True  # init's scheduled = X vs. combineLatest's scheduled = 0
            return
        # editingMode: shouldShowContacts -> showContacts; scheduling mode -> date picker
        if ctx.extras.get("mode") == "scheduling":
            ctx.ui["picker"] = "date"
            ctx.ui["pick"] = [NOW.year, NOW.month, NOW.day, NOW.hour, NOW.minute]
        ctx.start_activity(CONTACTS)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN:
            return w.dismiss(ctx.ui, "drawer")
        if ctx.activity == COMPOSE and ctx.memory.get("compose", {}).get("loop"):
            raise AppNotResponding("Input dispatching timed out")
        if ctx.activity == CONTACTS and self.picker_back_to_main:
            ctx.finish()  # the picker
            ctx.finish()  # the empty compose screen under it
            return True
        if ctx.activity == SCHEDULED and ctx.ui.get("selected"):
            ctx.ui["selected"] = []
            return True
        return False

    # -- role ------------------------------------------------------------------------------
    def _role_answer(self, ctx: AppContext, accept: bool) -> None:
        ctx.ui["role_dialog"] = False
        if accept and ctx.ui.get("role_choice", 0) == 0:
            # the SMS role grants SMS and contacts; the first sync copies the address book
            ctx.data["default_sms"] = True
            ctx.data["synced"] = True

    def _choose_role_app(self, ctx: AppContext, index: int) -> None:
        ctx.ui["role_choice"] = index

    def _snackbar_button(self, ctx: AppContext) -> None:
        if not ctx.data["default_sms"]:
            ctx.ui["role_dialog"] = True
            ctx.ui["role_choice"] = 0
        elif NOTIFICATIONS not in ctx.permissions:
            ctx.request_permission(NOTIFICATIONS)

    def _open_drawer_item(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["drawer"] = False
        if activity:
            ctx.start_activity(activity)

    # -- compose ---------------------------------------------------------------------------
    def _contacts(self, ctx: AppContext) -> list[dict[str, str]]:
        return DEVICE_CONTACTS if ctx.data["synced"] else []

    def _pick(self, ctx: AppContext, address: str) -> None:
        """ContactsActivity finishes with the chosen address; ComposeActivity's
        onActivityResult feeds chipsSelectedIntent and the selectedConversation stream runs
        (the ViewModel's state lives in the process memory)."""
        ctx.finish()
        ctx.hide_keyboard()
        vm = ctx.memory.setdefault("compose", {"scheduled": None, "text": "", "loop": False})
        vm.update(chips=[address], loading=True, editing=True)
        self._conversation_loaded(ctx, vm)

    def _conversation_loaded(self, ctx: AppContext, vm: dict[str, Any]) -> None:
        if not ctx.data["default_sms"]:
            # getOrCreateConversation: no READ_SMS, tryOrNull -> null; mapNotNull waits forever
            return
        for address in vm["chips"]:
            if address not in ctx.data["conversations"]:
                ctx.data["conversations"].append(address)
        if self.managed_conversation:
            vm["loading"] = False
            return
        # getConversation(addresses) returns realm.copyFromRealm(...) (unmanaged), then
        # .switchMap { conversation -> conversation.asObservable() } (ComposeViewModel.kt:181)
        dogtag = [
            "dev.octoshrimpy.quik.feature.compose.ComposeViewModel.<init>(ComposeViewModel.kt:191)",
            "[[ ↑↑ Inferred subscribe point ↑↑ ]].(:0)",
            "[[ Originating callback: onError ]].(:0)",
            "[[ ↓↓ Original trace ↓↓ ]].(:0)",
        ]
        cause = JavaException(
            "java.lang.IllegalArgumentException",
            "Cannot create Observables from unmanaged RealmObjects",
            frames=[
                *dogtag,
                "io.realm.RealmObject.asFlowable(RealmObject.java:961)",
                "dev.octoshrimpy.quik.extensions.RealmExtensionsKt.asObservable"
                "(RealmExtensions.kt:41)",
                "dev.octoshrimpy.quik.feature.compose.ComposeViewModel$selectedConversation$4$3"
                ".apply(ComposeViewModel.kt:181)",
                "io.reactivex.internal.operators.observable.ObservableSwitchMap$SwitchMapObserver"
                ".onNext(ObservableSwitchMap.java:118)",
                "io.reactivex.internal.operators.observable.ObservablePeek$PeekObserver"
                ".onNext(ObservablePeek.java:90)",
                "io.reactivex.android.schedulers.HandlerScheduler$ScheduledRunnable"
                ".run(HandlerScheduler.java:111)",
                "android.os.Handler.handleCallback(Handler.java:942)",
                "android.os.Handler.dispatchMessage(Handler.java:99)",
                "android.os.Looper.loopOnce(Looper.java:201)",
                "android.os.Looper.loop(Looper.java:288)",
                "android.app.ActivityThread.main(ActivityThread.java:7872)",
            ],
        )
        raise JavaException(
            "io.reactivex.exceptions.OnErrorNotImplementedException",
            "Cannot create Observables from unmanaged RealmObjects",
            frames=dogtag,
            cause=cause,
        )

    def _query(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text

    def _typed(self, ctx: AppContext, text: str) -> None:
        ctx.memory["compose"]["text"] = text

    def _send(self, ctx: AppContext) -> None:
        vm = ctx.memory["compose"]
        body = vm["text"]
        if not body.strip():
            return
        if vm["scheduled"]:
            ident = ctx.data["next_id"]
            ctx.data["next_id"] = ident + 1
            ctx.data["scheduled"].append(
                {
                    "id": ident,
                    "recipients": list(vm["chips"]),
                    "body": body,
                    "date": list(vm["scheduled"]),
                }
            )
            ctx.toast("Added to scheduled messages")
        else:
            ctx.data["sent"].append({"recipients": list(vm["chips"]), "body": body})
        # clearCurrentMessageIntent: draft "", editingMode false, scheduled 0
        vm.update(text="", scheduled=None, editing=False)

    # date and time pickers (ComposeActivity.requestDatePicker)
    def _pick_day(self, ctx: AppContext, day: int) -> None:
        ctx.ui["pick"][2] = day

    def _pick_month(self, ctx: AppContext, delta: int) -> None:
        year, month = ctx.ui["pick"][0], ctx.ui["pick"][1] + delta
        if month < 1:
            year, month = year - 1, 12
        elif month > 12:
            year, month = year + 1, 1
        ctx.ui["pick"][0:3] = [year, month, 1]

    def _date_ok(self, ctx: AppContext) -> None:
        ctx.ui["picker"] = "time"
        ctx.ui["face"] = "hours"

    def _pick_hour(self, ctx: AppContext, hour: int) -> None:
        ctx.ui["pick"][3] = hour
        ctx.ui["face"] = "minutes"

    def _pick_minute(self, ctx: AppContext, minute: int) -> None:
        ctx.ui["pick"][4] = minute

    def _set_face(self, ctx: AppContext, face: str) -> None:
        ctx.ui["face"] = face

    def _time_ok(self, ctx: AppContext) -> None:
        ctx.ui["picker"] = None
        when = list(ctx.ui["pick"])
        if datetime.datetime(when[0], when[1], when[2], when[3], when[4]) <= NOW:
            ctx.toast("Selected time must be in the future!")
            return
        ctx.memory["compose"]["scheduled"] = when

    def _close_picker(self, ctx: AppContext) -> None:
        ctx.ui["picker"] = None

    # -- scheduled -------------------------------------------------------------------------
    def _toggle(self, ctx: AppContext, ident: int) -> None:
        w.toggle(ctx.ui["selected"], ident)

    def _scheduled_menu(self, ctx: AppContext, item: str) -> None:
        ctx.ui["menu"] = False
        ctx.ui["dialog"] = item

    def _confirm(self, ctx: AppContext) -> None:
        kind, selected = ctx.ui.pop("dialog"), list(ctx.ui["selected"])
        ctx.ui["selected"] = []
        messages = [m for m in ctx.data["scheduled"] if m["id"] in selected]
        ctx.data["scheduled"] = [m for m in ctx.data["scheduled"] if m["id"] not in selected]
        if kind == "send_now":
            for m in messages:
                ctx.data["sent"].append({"recipients": m["recipients"], "body": m["body"]})
        elif kind == "edit" and messages:
            # navigator.showCompose(scheduledMessage), then deleteScheduledMessage(id)
            ctx.data["edited"].append(messages[0]["id"])
            ctx.start_activity(COMPOSE, {"edit": messages[0]})

    # -- screens ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == COMPOSE:
            return self._compose(ctx)
        if ctx.activity == CONTACTS:
            return self._contacts_screen(ctx)
        if ctx.activity == SCHEDULED:
            return self._scheduled(ctx)
        if ctx.activity in STUBS:
            bar = w.toolbar(STUBS[ctx.activity], navigation=w.up_button())
            return Screen(content=w.linear_layout([bar, View()]))
        return self._main(ctx)

    def _main(self, ctx: AppContext) -> Screen:
        bar = w.toolbar(
            w.edit_text("toolbarSearch", "", None, hint="Search inbox…", height=147),
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
        )
        children: list[View] = [
            bar,
            w.text_view("Your conversations will appear here", "empty", height=300),
            View(cls="androidx.recyclerview.widget.RecyclerView", resource_id="recyclerView"),
        ]
        default_sms = ctx.data["default_sms"]
        if not default_sms or NOTIFICATIONS not in ctx.permissions:
            if not default_sms:
                texts = ("Love texting again", "Make QUIK your default SMS app", "Change")
            else:
                texts = (
                    "Permission required",
                    "QUIK needs permission to display notifications",
                    "Allow",
                )
            children.append(
                View(
                    cls="android.view.ViewGroup",
                    resource_id="snackbar",
                    weight=0,
                    children=[
                        w.text_view(texts[0], "snackbarTitle"),
                        w.text_view(texts[1], "snackbarMessage"),
                        w.text_view(
                            texts[2], "snackbarButton", on_click=self._snackbar_button, width=300
                        ),
                    ],
                )
            )
        content = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            layout=FRAME,
            children=[
                w.linear_layout(children),
                w.image_view(
                    "compose",
                    "Start new conversation",
                    lambda c: c.start_activity(COMPOSE),
                    width=168,
                    height=168,
                    gravity="bottom_end",
                    style="fab",
                ),
            ],
        )
        drawer = self._drawer() if ctx.ui.get("drawer") else None
        windows = [self._role_dialog(ctx)] if ctx.ui.get("role_dialog") else []
        return Screen(content=w.drawer_layout(content, drawer, rid="drawerLayout"), windows=windows)

    def _drawer(self) -> View:
        rows = [
            ("inbox", "Inbox", ""),
            ("archived", "Archived", ""),
            ("backup", "Backup and restore", BACKUP),
            ("scheduled", "Scheduled", SCHEDULED),
            ("blocking", "Blocking", BLOCKING),
            ("settings", "Settings", SETTINGS),
            ("invite", "Invite friends", ""),
        ]
        entries = [
            w.linear_layout(
                [w.text_view(title, height=147)],
                rid=rid,
                on_click=w.bind(self._open_drawer_item, target),
                height=147,
                weight=0,
            )
            for rid, title, target in rows
        ]
        entries.append(
            w.linear_layout(
                [
                    w.text_view("DEPRECATED - drawer_plus_banner_title", "plusTitle"),
                    w.text_view(
                        "Unlock amazing new features, and support development", "plusSummary"
                    ),
                ],
                rid="plusBanner",
                weight=0,
            )
        )
        return w.scroll_view([w.linear_layout(entries, weight=0)], rid="drawer", width=800)

    def _role_dialog(self, ctx: AppContext) -> Window:
        choice = ctx.ui.get("role_choice", 0)
        apps = [("QUIK", ""), ("Messages", "Current default")]
        rows = [
            w.linear_layout(
                [
                    w.radio_button(ROLE + "radio_button", "", choice == i, width=126),
                    w.image_view(ROLE + "icon", width=126),
                    w.linear_layout(
                        [w.text_view(label, ROLE + "title")]
                        + ([w.text_view(sub, ROLE + "subtitle")] if sub else [])
                    ),
                ],
                horizontal=True,
                height=168,
                on_click=w.bind(self._choose_role_app, i),
            )
            for i, (label, sub) in enumerate(apps)
        ]
        listing = View(
            cls="android.widget.ListView", resource_id="android:id/list", weight=0, children=rows
        )
        return w.alert_dialog(
            w.dialog_title("Set QUIK as your default SMS app?"),
            [listing],
            w.dialog_buttons(
                ("Set as default", lambda c: self._role_answer(c, True)),
                ("Cancel", lambda c: self._role_answer(c, False)),
            ),
            lambda c: self._role_answer(c, False),
        )

    def _compose(self, ctx: AppContext) -> Screen:
        vm = ctx.memory.get("compose", {})
        if vm.get("loop"):
            # the main thread only runs the two reducers: nothing on screen answers
            return Screen(content=w.frame_layout([], rid="contentView"))
        chips = vm.get("chips", [])
        names = {c["address"]: c["name"] for c in DEVICE_CONTACTS}
        actions: list[View] = []
        if vm.get("editing", True):
            actions.append(w.action_item("add", "Add person", lambda c: c.start_activity(CONTACTS)))
        bar = w.toolbar(
            View(
                cls="androidx.recyclerview.widget.RecyclerView",
                resource_id="chips",
                children=[w.text_view(names.get(chip, chip), "text") for chip in chips],
            ),
            navigation=w.up_button(),
            actions=actions,
        )
        body: list[View] = [bar]
        if vm.get("loading"):
            body.append(View(cls="android.widget.ProgressBar", resource_id="loading", height=147))
        body.append(
            View(cls="androidx.recyclerview.widget.RecyclerView", resource_id="messageList")
        )
        if vm.get("scheduled"):
            body.append(
                w.linear_layout(
                    [
                        w.text_view("Scheduled time:", "scheduledTitle"),
                        w.text_view(_stamp(vm["scheduled"]), "scheduledTime"),
                        w.image_view(
                            "scheduledCancel",
                            "Cancel schedule message",
                            lambda c: c.memory["compose"].update(scheduled=None),
                            width=126,
                        ),
                    ],
                    horizontal=True,
                    height=147,
                    weight=0,
                )
            )
        text = vm.get("text", "")
        can_send = bool(text.strip()) and not vm.get("loading")
        bottom: list[View] = [
            w.image_view("attach", "Add an attachment", None, width=147),
            w.edit_text("message", text, self._typed, hint="Write a message…"),
        ]
        if can_send and vm.get("scheduled"):
            bottom.append(
                w.image_view("scheduledSend", "Schedule this message", self._send, width=147)
            )
        elif can_send:
            bottom.append(w.image_view("send", "Send message", self._send, width=147))
        body.append(w.linear_layout(bottom, horizontal=True, height=168, weight=0))
        if ctx.focus == "message":
            # adjustResize: the compose bar stays above the soft keyboard
            body.append(View(cls="android.view.View", height=KEYBOARD[ctx.orientation]))
        return Screen(content=w.linear_layout(body, rid="contentView"), windows=self._pickers(ctx))

    def _pickers(self, ctx: AppContext) -> list[Window]:
        picker = ctx.ui.get("picker")
        if not picker:
            return []
        year, month, day, hour, minute = ctx.ui["pick"]
        if picker == "date":
            return [
                w.date_picker_dialog(
                    year,
                    month,
                    day,
                    self._pick_day,
                    self._pick_month,
                    self._date_ok,
                    self._close_picker,
                )
            ]
        return [
            w.time_picker_dialog(
                hour,
                minute,
                self._pick_hour,
                self._pick_minute,
                self._time_ok,
                self._close_picker,
                face=ctx.ui.get("face", "hours"),
                on_face=self._set_face,
            )
        ]

    def _contacts_screen(self, ctx: AppContext) -> Screen:
        query = ctx.ui.get("query", "")
        rows: list[View] = []
        digits = "".join(ch for ch in query if ch.isdigit())
        if query.strip() and len(digits) >= 3 and not any(ch.isalpha() for ch in query):
            # ContactsViewModel: a possible number becomes a "new" contact at the top
            rows.append(self._row("", [], query.strip()))
        wanted = query.strip().lower()
        previous = ""
        for contact in self._contacts(ctx):
            number = "".join(ch for ch in contact["address"] if ch.isdigit())
            if (
                wanted
                and wanted not in contact["name"].lower()
                and not (digits and digits in number)
            ):
                continue
            letter = contact["name"][0]
            index = letter if letter != previous and not wanted else ""
            numbers = [(contact["address"], contact["type"])]
            rows.append(self._row(index, numbers, contact["address"], contact["name"]))
            previous = letter
        field: list[View] = [
            w.edit_text("search", query, self._query, hint="Type a name or number", height=147)
        ]
        if query:
            field.append(w.image_view("cancel", "", lambda c: c.ui.update(query=""), width=126))
        bar = w.toolbar(
            w.frame_layout([w.linear_layout(field, horizontal=True)], height=147),
            navigation=w.up_button(),
        )
        listing = w.list_view(rows, rid="contacts", cls="androidx.recyclerview.widget.RecyclerView")
        return Screen(content=w.linear_layout([bar, listing], rid="contentView"))

    def _row(
        self, index: str, numbers: list[tuple[str, str]], address: str, name: str = ""
    ) -> View:
        texts: list[View] = [w.text_view(name or address, "title", height=90)]
        if numbers:
            texts.append(
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="numbers",
                    weight=0,
                    children=[
                        w.linear_layout(
                            [w.text_view(kind, "type", width=250), w.text_view(addr, "address")],
                            horizontal=True,
                            height=90,
                        )
                        for addr, kind in numbers
                    ],
                )
            )
        return w.linear_layout(
            [
                w.text_view(index, "index", width=100),
                w.image_view("avatar", width=150),
                w.linear_layout(texts),
            ],
            horizontal=True,
            height=210,
            on_click=w.bind(self._pick, address),
        )

    def _scheduled(self, ctx: AppContext) -> Screen:
        selected = ctx.ui.get("selected", [])
        messages = ctx.data["scheduled"]
        names = {c["address"]: c["name"] for c in DEVICE_CONTACTS}
        actions: list[View] = []
        if selected and messages:
            actions.append(
                w.action_item("delete", "Delete", w.bind(self._scheduled_menu, "delete"))
            )
            actions.append(w.overflow_button(lambda c: c.ui.update(menu=True)))
        title = f"{len(selected)} selected" if selected else "Scheduled"
        bar = w.toolbar(w.text_view(title, "toolbarTitle", height=147), navigation=w.up_button())
        bar.children.extend(actions)
        rows = [
            w.linear_layout(
                [
                    w.image_view("avatars", width=150),
                    w.linear_layout(
                        [
                            w.text_view(
                                ",".join(names.get(a, a) for a in m["recipients"]), "recipients"
                            ),
                            w.text_view(_stamp(m["date"]), "date"),
                            w.text_view(m["body"], "body"),
                        ]
                    ),
                ],
                horizontal=True,
                height=300,
                selected=m["id"] in selected,
                on_click=w.bind(self._toggle, m["id"]),
            )
            for m in messages
        ]
        body: list[View] = [bar]
        if not messages:
            body.append(
                w.linear_layout(
                    [
                        w.text_view("Automatically send a message, at the exact moment you'd like"),
                        w.text_view("Hey! When was your birthday again?"),
                        w.text_view("It's on December 23rd", "sampleMessage"),
                        w.text_view(
                            "Happy birthday! Look at what a great friend I am, remembering your"
                            " birthday"
                        ),
                        w.text_view("Sending on December 23rd\u200a"),
                    ],
                    rid="empty",
                    weight=0,
                )
            )
        body.append(
            w.list_view(rows, rid="messages", cls="androidx.recyclerview.widget.RecyclerView")
        )
        content = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            layout=FRAME,
            children=[
                w.linear_layout(body),
                w.fab(
                    "compose",
                    "Schedule a message",
                    lambda c: c.start_activity(COMPOSE, {"mode": "scheduling"}),
                ),
            ],
        )
        return Screen(content=content, windows=self._scheduled_windows(ctx))

    def _scheduled_windows(self, ctx: AppContext) -> list[Window]:
        def close(c: AppContext) -> None:
            c.ui["menu"] = False
            c.ui.pop("dialog", None)

        if ctx.ui.get("menu"):
            items: list[tuple[Any, ...]] = [
                ("Copy text", close, "copy"),
                ("Send now", w.bind(self._scheduled_menu, "send_now"), "send_now"),
            ]
            if len(ctx.ui.get("selected", [])) == 1:
                items.append(("Edit message", w.bind(self._scheduled_menu, "edit"), "edit_message"))
            return [w.menu_window(items, close)]
        dialogs = {
            "delete": ("Delete", "Are you sure you would like to delete this message?", "Delete"),
            "send_now": (
                "Send now",
                "Are you sure you would like to send this message now?",
                "Send now",
            ),
            "edit": (
                "Edit message",
                "Editing this message will remove it from the schedule.\n\nMake sure to"
                " re-submit it on the next screen, or it will be lost.\n\nDo you want to"
                " continue?",
                "Yes, edit the message",
            ),
        }
        dialog = ctx.ui.get("dialog")
        if dialog in dialogs:
            title, message, ok = dialogs[dialog]
            return [w.confirm_dialog(title, message, (ok, self._confirm), ("Cancel", close), close)]
        return []


class Quik432(Quik):
    """QUIK 4.3.2: #605 fixed (PR #603: no switchMap on the unmanaged conversation), Back in the
    picker returns to the inbox (PR #608); the scheduled-message edit loop (#722) remains."""

    version: ClassVar[str] = "4.3.2"
    managed_conversation: ClassVar[bool] = True
    picker_back_to_main: ClassVar[bool] = True
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "quik#722",
            "crash",
            "Editing Scheduled Message Causes Quik to Crash",
            hang_722,
            human_steps=(
                *_schedule_one(),
                click(PKG, "edit_message"),
                click(PKG, "android:id/button1", "Yes, edit the message"),
                {"kind": "press_back"},
            ),
        ),
    )


_SET = click(PKG, "android:id/button1", "Set as default")
_SCHEDULE_ONE = _schedule_one()
WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "quik#605": [
        # the role refused: no SMS permission, the conversation is never created
        [
            click(PKG, "android:id/button2", "Cancel"),
            click(PKG, "compose", desc="Start new conversation"),
            input_text(PKG, "search", "5552014477"),
            click(PKG, "title", "5552014477"),
        ],
        # the picker left with Back: nothing chosen
        [_SET, click(PKG, "compose", desc="Start new conversation"), {"kind": "press_back"}],
        # the picker opened and only searched
        [
            _SET,
            click(PKG, "compose", desc="Start new conversation"),
            input_text(PKG, "search", "Maria"),
        ],
        # the other app chosen in the role dialog
        [
            click(PKG, ROLE + "title", "Messages"),
            _SET,
            click(PKG, "compose", desc="Start new conversation"),
            input_text(PKG, "search", "5556409315"),
            click(PKG, "title", "5556409315"),
        ],
    ],
    "quik#722": [
        # "Send now" instead of "Edit message"
        [
            *_SCHEDULE_ONE,
            click(PKG, "send_now"),
            click(PKG, "android:id/button1", "Send now"),
            {"kind": "press_back"},
        ],
        # the edit dialog cancelled
        [
            *_SCHEDULE_ONE,
            click(PKG, "edit_message"),
            click(PKG, "android:id/button2", "Cancel"),
            {"kind": "press_back"},
        ],
        # a message scheduled and the compose screen left, nothing edited
        [*_SCHEDULE_ONE[:11], {"kind": "press_back"}],
        # the scheduled message's compose screen reopened from the FAB instead
        [
            *_SCHEDULE_ONE[:11],
            click(PKG, "compose", desc="Schedule a message"),
            click(PKG, "title", "David Olsen"),
            {"kind": "press_back"},
        ],
    ],
}
