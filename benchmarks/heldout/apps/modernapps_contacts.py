"""Contacts of Modern-Apps (``com.vayunmathur.contacts``) 2.4.2, for Modern-Apps#87.

Modern-Apps is a monorepo of Jetpack Compose apps; this models its ``contacts`` app at the fix's
parent, commit ``7791a8b46^`` (``version.txt``: v2.4.2), from ``contacts/src/main``:
``AndroidManifest.xml``, ``MainActivity.kt`` (``NoPermissionsScreen``, ``Navigation``),
``ui/ContactList.kt``, ``ui/EditContactPage.kt``, ``ui/SettingsPage.kt``,
``ui/dialogs/AddAccountDialog.kt``, ``ui/dialogs/EventDatePickerDialog.kt``,
``util/ContactViewModel.kt``, ``data/Contact.kt``, ``res/values/strings.xml``, and the
library's ``ui/Icons.kt`` (the icons' content descriptions); and the fix, commit ``7791a8b46``
"contacts: fix crash on saving a new contact #87".

Compose has no resource ids: the model's views carry the texts and content descriptions the
semantics tree exposes (Material3 buttons and icon buttons as ``android.widget.Button``, text
fields as ``android.widget.EditText`` whose empty text shows the field's label).

- A fresh install opens ``.MainActivity``, which asks at once for the contacts permission (READ
  and WRITE_CONTACTS, one group: one system dialog); denied, the screen shows only the button
  "Please grant contacts permission" (asks again).
- The list (``ContactList``): the top bar "Contacts" with "Settings", the contacts grouped by
  first letter (a card per contact: name, company, account or "On-Device"), the "Add" FAB.
  A contact's card opens its details page (a stub: name, "Back").
- "Add" opens ``EditContactPage`` (top bar "Close", "Add contact", "Save"): "Add picture"
  (the system photo picker: not modelled, nothing happens), the read-only "Account" field
  ("On-Device" while no account is chosen) with "Choose account" (a dropdown of the accounts:
  ``account_display_format`` "<name or On-Device> (<type>)"), First name (with the name prefix
  chooser), Middle name, Last name (with the suffix chooser), Nickname, Company, "Add phone" /
  "Add email" (a field per entry with its type button and "Remove phone" / "Remove email"),
  Birthday (opens the date picker dialog, Cancel / OK; "Remove birthday"), "Add date",
  "Add address", Note. "Save" saves the contact and goes back; "Close" goes back.
- Settings (``SettingsPage``, "Back"): Calendar Sync ("Show birthdays in calendar" with "Grant
  calendar permissions": the calendar permission and sync are not modelled beyond the button),
  Backup and Export ("Export selected contacts": the system file picker, not modelled), Visible
  Accounts (a row per account with a checkbox), and the "Add" FAB opening "Add Contacts Account"
  (Account Name field, Cancel / Add), which adds a local account
  (``com.vayunmathur.contacts.local``) to the accounts the editor offers.

The world: the device's contacts provider starts empty, with no accounts; it is modelled as the
app's ``contacts`` list; the provider's check that a raw contact names both or neither of its
account name and type is modelled where the app calls ``applyBatch``.

The bug (Modern-Apps#87, crash): ``EditContactPage`` starts a new contact's ``accountType`` at
``"com.vayunmathur.contacts.local"`` and its ``accountName`` at ``""``, and Save builds the
``Contact`` with ``accountName.ifEmpty { null }``; ``ContactViewModel.saveContact`` then runs
``Contact.save`` on ``Dispatchers.IO``, whose raw-contact insert carries an account type without
a name, so ``ContentResolver.applyBatch`` throws the provider's
``java.lang.IllegalArgumentException`` ("Must specify both or neither of ACCOUNT_NAME and
ACCOUNT_TYPE"), uncaught on a coroutine worker: the app dies. Saving after choosing an account
(from "Choose account") works. The fix starts ``accountType`` at ``""`` and inserts null for
both. The oracle: the device recorded that exception for the package.

Uncertain: the framework frames of the trace (the binder's ``applyBatch`` path, line numbers) and
the worker thread's name are as a debug build on a recent Android would print them, not from a
real trace (the reporter had no log); a release build is minified by R8.
Human steps: 4 (Allow the permission, Add, a first name, Save).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, crash_oracle, step
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.vayunmathur.contacts"
MAIN = ".MainActivity"
READ_CONTACTS = "android.permission.READ_CONTACTS"
LOCAL_TYPE = "com.vayunmathur.contacts.local"
ON_DEVICE = "On-Device"
BUG = "Modern-Apps#87"

BUTTON = "android.widget.Button"
EDIT = "android.widget.EditText"
TEXT = "android.widget.TextView"
COMPOSE = "androidx.compose.ui.platform.ComposeView"

PHONE_TYPES = ("Mobile", "Home", "Work", "Other")
EMAIL_TYPES = ("Home", "Work", "Other", "Mobile")
ADDRESS_TYPES = ("Home", "Work", "Other")
DATE_TYPES = ("Anniversary", "Other")
NAME_PREFIXES = ("None", "Dr", "Mr", "Mrs", "Ms")
NAME_SUFFIXES = ("None", "Jr", "Sr", "I", "II", "III", "IV", "V")
TODAY = (2026, 4, 29)  # the device's date (fixed), the date picker's and a new date's default


def _button(text: str = "", desc: str = "", handler: Any = None, **kw: Any) -> View:
    """A Material3 button as Compose's merged semantics expose it (role Button, its text)."""
    return View(cls=BUTTON, text=text, content_desc=desc, on_click=handler, **kw)


def _field(label: str, value: str, on_text: Any, *, read_only: bool = False, **kw: Any) -> View:
    """An OutlinedTextField: an EditText whose empty text shows its label."""
    return View(
        cls=EDIT,
        text=value,
        hint=label,
        on_text=None if read_only else on_text,
        on_click=on_text if read_only else None,
        height=170,
        **kw,
    )


def _field_row(*children: View) -> View:
    """A Compose Row of a form: a field with its buttons (type, remove...), left to right."""
    return View(cls="android.view.View", layout=HORIZONTAL, height=170, children=list(children))


def _settings_row(label: View, control: View) -> View:
    """A settings page's row: its label, then its button or checkbox."""
    return View(cls="android.view.View", layout=HORIZONTAL, height=200, children=[label, control])


def _column(children: list[View], **kw: Any) -> View:
    """A Compose Column/Scaffold body: an ``android.view.View`` stacking ``children``."""
    return View(cls="android.view.View", children=children, **kw)


def _frame(children: list[View]) -> View:
    """A Scaffold: its body with the FAB drawn over it (bottom end)."""
    return View(cls="android.view.View", layout=FRAME, children=children)


def _fab(desc: str, handler: Any) -> View:
    """A Material3 FloatingActionButton (role Button, its icon's description)."""
    return w.fab("", desc, handler, cls=BUTTON)


def _tbind(fn: Any, *args: Any) -> Any:
    """A text handler calling ``fn(ctx, *args, text)`` (a field's whole new text)."""

    def handler(ctx: AppContext, text: str) -> None:
        fn(ctx, *args, text)

    return handler


def _click_text(text: str, cls: str = BUTTON) -> dict[str, Any]:
    return step("click", PACKAGE, text=text, cls=cls)


def _click_desc(desc: str) -> dict[str, Any]:
    return step("click", PACKAGE, desc=desc, cls=BUTTON)


def _type(label: str, typed: str) -> dict[str, Any]:
    """Typing into the empty field showing ``label``."""
    found = step("input_text", PACKAGE, text=label, cls=EDIT)
    found["text"] = typed
    return found


HUMAN_STEPS = (
    allow_permission(PACKAGE),
    _click_desc("Add"),
    _type("First name", "Anna"),
    _click_text("Save"),
)


def _blank_form() -> dict[str, Any]:
    return {
        "prefix": "",
        "first": "",
        "middle": "",
        "last": "",
        "suffix": "",
        "nickname": "",
        "company": "",
        "note": "",
        "birthday": None,
        "account_name": "",
        "account_type": LOCAL_TYPE,  # the bug: a type with no name
        "phones": [],
        "emails": [],
        "addresses": [],
        "dates": [],
    }


class ModernAppsContacts(VirtualApp):
    """Contacts (Modern-Apps) 2.4.2 (see the module docstring)."""

    name: ClassVar[str] = "Modern-Apps"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Contacts"
    version: ClassVar[str] = "2.4.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            BUG,
            "crash",
            "[bug]: Crash on saving new contact",
            crash_oracle(PACKAGE, "java.lang.IllegalArgumentException", "ACCOUNT_NAME"),
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # contacts: the provider's raw contacts; extra_accounts: DataStore "extra_accounts";
        # hidden_accounts: DataStore "hidden_accounts".
        return {"contacts": [], "next_id": 1, "extra_accounts": [], "hidden_accounts": []}

    # -- permission -------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", ["list"])
        if READ_CONTACTS not in ctx.permissions:
            ctx.request_permission(READ_CONTACTS)

    def _ask_again(self, ctx: AppContext) -> None:
        ctx.request_permission(READ_CONTACTS)

    # -- navigation -------------------------------------------------------------------------
    @staticmethod
    def _push(ctx: AppContext, route: str) -> None:
        ctx.ui["stack"] = [*ctx.ui["stack"], route]

    @staticmethod
    def _pop(ctx: AppContext) -> None:
        stack = ctx.ui["stack"]
        if stack[-1] == "edit":
            ctx.ui.pop("form", None)
            ctx.ui.pop("popup", None)
        ctx.ui["stack"] = stack[:-1]

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # rememberNavBackStack survives a re-creation; the editor's fields and the open
        # menus are plain ``remember`` state and start over.
        kept: dict[str, Any] = {"stack": list(ctx.ui.get("stack", ["list"]))}
        if "form" in ctx.ui:
            kept["form"] = _blank_form()
        return kept

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "popup", None):
            return True
        if len(ctx.ui.get("stack", [])) > 1:
            self._pop(ctx)
            return True
        return False

    # -- accounts (ContactViewModel.loadAccounts) ------------------------------------------
    @staticmethod
    def _accounts(data: dict[str, Any]) -> list[tuple[str, str]]:
        found = {(c["account_name"] or "", c["account_type"] or "") for c in data["contacts"]}
        found |= {(name, LOCAL_TYPE) for name in data["extra_accounts"]}
        return sorted(found, key=lambda a: a[0])

    # -- list --------------------------------------------------------------------------------
    def _open_add(self, ctx: AppContext) -> None:
        ctx.ui["form"] = _blank_form()
        ctx.ui["popup"] = None
        self._push(ctx, "edit")

    def _list(self, ctx: AppContext) -> View:
        hidden = set(ctx.data["hidden_accounts"])
        contacts = [c for c in ctx.data["contacts"] if c["account_name"] not in hidden]
        rows: list[View] = []
        for letter in sorted({(c["name"][:1] or "#").upper() for c in contacts}):
            rows.append(View(cls=TEXT, text=letter, height=110))
            for c in sorted(
                (c for c in contacts if (c["name"][:1] or "#").upper() == letter),
                key=lambda c: c["name"],
            ):
                texts = [View(cls=TEXT, text=c["name"])]
                if c["company"]:
                    texts.append(View(cls=TEXT, text=c["company"]))
                rows.append(
                    View(
                        cls="android.view.View",
                        layout=HORIZONTAL,
                        height=200,
                        on_click=w.bind(self._push, f"detail:{c['id']}"),
                        children=[
                            View(cls=TEXT, text=c["name"][:1].upper(), width=160),
                            View(cls="android.view.View", children=texts),
                            View(cls=TEXT, text=c["account_name"] or ON_DEVICE, width=300),
                        ],
                    )
                )
        return _frame(
            [
                _column(
                    [
                        self._top_bar(
                            "Contacts", None, [_button(desc="Settings", handler=self._settings)]
                        ),
                        View(
                            cls="android.view.View",
                            scrollable=True,
                            scroll_key="list_scroll",
                            children=rows,
                        ),
                    ]
                ),
                _fab("Add", self._open_add),
            ]
        )

    def _settings(self, ctx: AppContext) -> None:
        self._push(ctx, "settings")

    @staticmethod
    def _top_bar(title: str, nav: View | None, actions: list[View]) -> View:
        children = [nav] if nav is not None else []
        children.append(View(cls=TEXT, text=title))
        children.extend(actions)
        return View(
            cls="android.view.View", layout=HORIZONTAL, height=w.TOOLBAR_HEIGHT, children=children
        )

    # -- detail (stub) ---------------------------------------------------------------------
    def _detail(self, ctx: AppContext, contact_id: int) -> View:
        contact = next((c for c in ctx.data["contacts"] if c["id"] == contact_id), None)
        name = contact["name"] if contact else "Contact not found"
        return _column(
            [
                self._top_bar("", _button(desc="Back", handler=self._pop), []),
                View(cls=TEXT, text=name),
            ]
        )

    # -- edit --------------------------------------------------------------------------------
    @staticmethod
    def _set(ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui["form"][key] = value

    @staticmethod
    def _set_entry(ctx: AppContext, key: str, index: int, value: str) -> None:
        ctx.ui["form"][key][index]["value"] = value

    @staticmethod
    def _set_entry_type(ctx: AppContext, key: str, index: int, kind: str) -> None:
        ctx.ui["form"][key][index]["type"] = kind
        ctx.ui["popup"] = None

    @staticmethod
    def _add_entry(ctx: AppContext, key: str, kind: str) -> None:
        ctx.ui["form"][key].append({"value": "", "type": kind})

    @staticmethod
    def _add_date(ctx: AppContext) -> None:
        today = "{:04d}-{:02d}-{:02d}".format(*TODAY)
        ctx.ui["form"]["dates"].append({"value": today, "type": "Other"})

    @staticmethod
    def _remove_entry(ctx: AppContext, key: str, index: int) -> None:
        del ctx.ui["form"][key][index]

    @staticmethod
    def _popup(ctx: AppContext, name: str) -> None:
        ctx.ui["popup"] = name

    def _choose_account(self, ctx: AppContext, name: str, kind: str) -> None:
        ctx.ui["form"]["account_name"] = name
        ctx.ui["form"]["account_type"] = kind
        ctx.ui["popup"] = None

    def _choose_prefix(self, ctx: AppContext, prefix: str) -> None:
        ctx.ui["form"]["prefix"] = "" if prefix == "None" else prefix
        ctx.ui["popup"] = None

    def _choose_suffix(self, ctx: AppContext, suffix: str) -> None:
        ctx.ui["form"]["suffix"] = suffix  # (the real code keeps "None" as a suffix)
        ctx.ui["popup"] = None

    def _save(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        account_type = form["account_type"] or None  # accountType.ifEmpty { null }
        account_name = form["account_name"] or None  # accountName.ifEmpty { null }
        self._pop(ctx)
        # ContactViewModel.saveContact -> Contact.save on Dispatchers.IO: the raw contact's
        # insert; the provider wants both or neither of the account's name and type.
        if bool(account_name) != bool(account_type):
            raise JavaException(
                "java.lang.IllegalArgumentException",
                "Must specify both or neither of ACCOUNT_NAME and ACCOUNT_TYPE; URI: "
                "content://com.android.contacts/raw_contacts, calling user: "
                f"{PACKAGE}, calling package:{PACKAGE}",
                frames=[
                    "android.database.DatabaseUtils.readExceptionFromParcel(DatabaseUtils.java:172)",
                    "android.database.DatabaseUtils.readExceptionFromParcel(DatabaseUtils.java:142)",
                    "android.content.ContentProviderProxy.applyBatch(ContentProviderNative.java:615)",
                    "android.content.ContentProviderClient.applyBatch(ContentProviderClient.java:478)",
                    "android.content.ContentResolver.applyBatch(ContentResolver.java:2731)",
                    f"{PACKAGE}.data.Contact.save(Contact.kt:231)",
                    f"{PACKAGE}.util.ContactViewModel$saveContact$1.invokeSuspend"
                    "(ContactViewModel.kt:176)",
                    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith"
                    "(ContinuationImpl.kt:34)",
                    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:100)",
                    "kotlinx.coroutines.internal.LimitedDispatcher$Worker.run"
                    "(LimitedDispatcher.kt:124)",
                    "kotlinx.coroutines.scheduling.TaskImpl.run(Tasks.kt:89)",
                    "kotlinx.coroutines.scheduling.CoroutineScheduler.runSafely"
                    "(CoroutineScheduler.kt:586)",
                    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.executeTask"
                    "(CoroutineScheduler.kt:820)",
                    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.runWorker"
                    "(CoroutineScheduler.kt:717)",
                    "kotlinx.coroutines.scheduling.CoroutineScheduler$Worker.run"
                    "(CoroutineScheduler.kt:704)",
                ],
                thread="DefaultDispatcher-worker-1",
            )
        parts = [form["prefix"], form["first"], form["middle"], form["last"], form["suffix"]]
        contact_id = ctx.data["next_id"]
        ctx.data["next_id"] = contact_id + 1
        ctx.data["contacts"].append(
            {
                "id": contact_id,
                "name": " ".join(p for p in parts if p),
                "company": form["company"],
                "nickname": form["nickname"],
                "note": form["note"],
                "birthday": form["birthday"],
                "account_name": account_name,
                "account_type": account_type,
                "phones": [dict(p) for p in form["phones"]],
                "emails": [dict(e) for e in form["emails"]],
                "addresses": [dict(a) for a in form["addresses"]],
                "dates": [dict(d) for d in form["dates"]],
            }
        )

    def _entries(
        self,
        form: dict[str, Any],
        key: str,
        label: str,
        add: str,
        remove: str,
        kinds: tuple[str, ...],
    ) -> list[View]:
        views: list[View] = []
        for i, entry in enumerate(form[key]):
            views.append(
                _field_row(
                    _field(label, entry["value"], _tbind(self._set_entry, key, i)),
                    _button(entry["type"], handler=w.bind(self._popup, f"{key}:{i}"), width=230),
                    _button(desc=remove, handler=w.bind(self._remove_entry, key, i), width=147),
                )
            )
        views.append(_button(add, handler=w.bind(self._add_entry, key, kinds[0]), height=140))
        return views

    def _edit(self, ctx: AppContext) -> View:
        form = ctx.ui["form"]
        account = form["account_name"] or ON_DEVICE
        fields: list[View] = [
            View(cls="android.view.View", height=60),
            _button(desc="Add picture", handler=self._picture, height=315),
            _button("Add picture", handler=self._picture, height=120),
            _field_row(
                _field("Account", account, w.bind(self._popup, "account"), read_only=True),
                _button(desc="Choose account", handler=w.bind(self._popup, "account"), width=147),
            ),
            _field_row(
                _button(form["prefix"], handler=w.bind(self._popup, "prefix"), width=200),
                _field("First name", form["first"], _tbind(self._set, "first")),
            ),
            _field("Middle name", form["middle"], _tbind(self._set, "middle")),
            _field_row(
                _field("Last name", form["last"], _tbind(self._set, "last")),
                _button(form["suffix"], handler=w.bind(self._popup, "suffix"), width=200),
            ),
            _field("Nickname", form["nickname"], _tbind(self._set, "nickname")),
            _field("Company", form["company"], _tbind(self._set, "company")),
            *self._entries(form, "phones", "Phone", "Add phone", "Remove phone", PHONE_TYPES),
            *self._entries(form, "emails", "Email", "Add email", "Remove email", EMAIL_TYPES),
            _field_row(
                _field(
                    "Birthday",
                    self._date_text(form["birthday"]),
                    w.bind(self._open_picker, "birthday"),
                    read_only=True,
                ),
                _button(
                    desc="Remove birthday",
                    handler=w.bind(self._set, "birthday", None),
                    width=147,
                ),
            ),
            *[
                _field_row(
                    _field(
                        "Dates",
                        self._date_text(d["value"]),
                        w.bind(self._open_picker, f"date:{i}"),
                        read_only=True,
                    ),
                    _button(d["type"], handler=w.bind(self._popup, f"dates:{i}"), width=230),
                    _button(
                        desc="Remove date",
                        handler=w.bind(self._remove_entry, "dates", i),
                        width=147,
                    ),
                )
                for i, d in enumerate(form["dates"])
            ],
            _button("Add date", handler=self._add_date, height=140),
            *self._entries(
                form, "addresses", "Addresses", "Add address", "Remove address", ADDRESS_TYPES
            ),
            _field("Note", form["note"], _tbind(self._set, "note"), extra={"multiline": True}),
        ]
        return _column(
            [
                self._top_bar(
                    "Add contact",
                    _button(desc="Close", handler=self._pop),
                    [_button("Save", handler=self._save, width=260)],
                ),
                View(
                    cls="android.view.View",
                    scrollable=True,
                    scroll_key="edit_scroll",
                    children=fields,
                ),
            ]
        )

    @staticmethod
    def _picture(ctx: AppContext) -> None:
        # PickVisualMedia: the system photo picker (another app) is not modelled.
        ctx.log("EditContactPage", "PickVisualMedia launched (not modelled)")

    @staticmethod
    def _date_text(value: str | None) -> str:
        if not value:
            return ""
        year, month, day = (int(x) for x in value.split("-"))
        return f"{w.MONTHS[month - 1]} {day}, {year}"

    def _open_picker(self, ctx: AppContext, target: str) -> None:
        ctx.ui["picker"] = {"target": target, "date": "{:04d}-{:02d}-{:02d}".format(*TODAY)}

    def _picker_ok(self, ctx: AppContext) -> None:
        picker = ctx.ui.pop("picker")
        if picker["target"] == "birthday":
            ctx.ui["form"]["birthday"] = picker["date"]
        else:
            ctx.ui["form"]["dates"][int(picker["target"].split(":")[1])]["value"] = picker["date"]

    @staticmethod
    def _picker_cancel(ctx: AppContext) -> None:
        ctx.ui.pop("picker", None)

    def _edit_windows(self, ctx: AppContext) -> list[Window]:
        popup = ctx.ui.get("popup") or ""
        items: list[tuple[Any, ...]] = []
        if popup == "account":
            items = [
                (f"{name or ON_DEVICE} ({kind})", w.bind(self._choose_account, name, kind))
                for name, kind in self._accounts(ctx.data)
            ]
        elif popup == "prefix":
            items = [(p, w.bind(self._choose_prefix, p)) for p in NAME_PREFIXES]
        elif popup == "suffix":
            items = [(s, w.bind(self._choose_suffix, s)) for s in NAME_SUFFIXES]
        elif ":" in popup:
            key, index = popup.split(":")
            kinds = {
                "phones": PHONE_TYPES,
                "emails": EMAIL_TYPES,
                "addresses": ADDRESS_TYPES,
                "dates": DATE_TYPES,
            }[key]
            items = [(k, w.bind(self._set_entry_type, key, int(index), k)) for k in kinds]
        windows: list[Window] = []
        if popup:
            windows.append(w.menu_window(items, w.bind(self._popup, None)))
        if ctx.ui.get("picker"):
            body = View(
                cls="android.view.View",
                height=700,
                children=[View(cls=TEXT, text=self._date_text(ctx.ui["picker"]["date"]))],
            )
            buttons = [
                _button("Cancel", handler=self._picker_cancel, width=300),
                _button("OK", handler=self._picker_ok, width=300),
            ]
            windows.append(
                w.alert_dialog(
                    View(cls=TEXT, text="Select date"), [body], buttons, self._picker_cancel
                )
            )
        return windows

    # -- settings ----------------------------------------------------------------------------
    def _toggle_account(self, ctx: AppContext, name: str) -> None:
        hidden = ctx.data["hidden_accounts"]
        if name in hidden:
            hidden.remove(name)
        else:
            hidden.append(name)

    @staticmethod
    def _calendar_permission(ctx: AppContext) -> None:
        ctx.log("SettingsPage", "calendar permission request (not modelled)")

    @staticmethod
    def _export(ctx: AppContext) -> None:
        ctx.log("SettingsPage", "CreateDocument contacts.vcf (not modelled)")

    def _settings_page(self, ctx: AppContext) -> View:
        hidden = set(ctx.data["hidden_accounts"])
        rows: list[View] = [
            View(cls=TEXT, text="Calendar Sync"),
            _settings_row(
                View(cls=TEXT, text="Show birthdays in calendar"),
                _button("Grant calendar permissions", handler=self._calendar_permission, width=420),
            ),
            View(cls=TEXT, text="Backup and Export"),
            _settings_row(
                View(cls=TEXT, text="Export selected contacts"),
                _button(desc="Export selected contacts", handler=self._export, width=147),
            ),
            View(cls=TEXT, text="Visible Accounts"),
        ]
        for name, kind in self._accounts(ctx.data):
            rows.append(
                _settings_row(
                    View(
                        cls="android.view.View",
                        children=[
                            View(cls=TEXT, text=name or ON_DEVICE),
                            View(cls=TEXT, text=kind),
                        ],
                    ),
                    w.check_box(
                        "", "", name not in hidden, w.bind(self._toggle_account, name), width=147
                    ),
                )
            )
        return _frame(
            [
                _column(
                    [
                        self._top_bar("Settings", _button(desc="Back", handler=self._pop), []),
                        View(
                            cls="android.view.View",
                            scrollable=True,
                            scroll_key="settings_scroll",
                            children=rows,
                        ),
                    ]
                ),
                _fab("Add", w.bind(self._push, "add_account")),
            ]
        )

    def _add_account(self, ctx: AppContext) -> None:
        name = ctx.ui.get("account_field", "")
        if name.strip():
            if name not in ctx.data["extra_accounts"]:
                ctx.data["extra_accounts"].append(name)
            ctx.ui.pop("account_field", None)
            self._pop(ctx)

    def _close_account_dialog(self, ctx: AppContext) -> None:
        ctx.ui.pop("account_field", None)
        self._pop(ctx)

    def _account_dialog(self, ctx: AppContext) -> Window:
        field = View(
            cls=EDIT,
            text=ctx.ui.get("account_field", ""),
            hint="Account Name",
            on_text=lambda c, t: c.ui.__setitem__("account_field", t),
        )
        buttons = [
            _button("Cancel", handler=self._close_account_dialog, width=300),
            _button("Add", handler=self._add_account, width=300),
        ]
        return w.alert_dialog(
            View(cls=TEXT, text="Add Contacts Account", height=140),
            [View(cls=TEXT, text="Enter a name for the new local account:"), field],
            buttons,
            self._close_account_dialog,
        )

    # -- the contract -----------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if READ_CONTACTS not in ctx.permissions:
            content = _frame(
                [
                    _button(
                        "Please grant contacts permission",
                        handler=self._ask_again,
                        width=800,
                        height=140,
                        gravity="center",
                    )
                ]
            )
            return Screen(content=View(cls=COMPOSE, children=[content]))
        stack = ctx.ui.get("stack", ["list"])
        top = stack[-1]
        windows: list[Window] = []
        if top == "edit":
            page = self._edit(ctx)
            windows = self._edit_windows(ctx)
        elif top.startswith("detail:"):
            page = self._detail(ctx, int(top.split(":")[1]))
        elif top in ("settings", "add_account"):
            page = self._settings_page(ctx)
            if top == "add_account":
                windows = [self._account_dialog(ctx)]
        else:
            page = self._list(ctx)
        return Screen(content=View(cls=COMPOSE, children=[page]), windows=windows)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG: [
        # Close instead of Save
        [
            allow_permission(PACKAGE),
            _click_desc("Add"),
            _type("First name", "Anna"),
            _click_desc("Close"),
        ],
        # the details typed but never saved (Back)
        [
            allow_permission(PACKAGE),
            _click_desc("Add"),
            _type("First name", "Anna"),
            {"kind": "press_back"},
            {"kind": "press_back"},
        ],
        # an account created in Settings and chosen before saving
        [
            allow_permission(PACKAGE),
            _click_desc("Settings"),
            _click_desc("Add"),
            _type("Account Name", "Work"),
            _click_text("Add"),
            _click_desc("Back"),
            _click_desc("Add"),
            _click_desc("Choose account"),
            _click_text(f"Work ({LOCAL_TYPE})", TEXT),
            _type("First name", "Anna"),
            _click_text("Save"),
        ],
        # the permission denied: only the grant button shows
        [
            step("click", PACKAGE, "com.android.permissioncontroller:id/permission_deny_button"),
            _click_text("Please grant contacts permission"),
        ],
    ],
}
