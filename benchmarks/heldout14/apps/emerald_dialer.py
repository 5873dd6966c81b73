"""Emerald Dialer 1.0.3 (HenriDellal/emerald-dialer, package ``ru.henridellal.dialer``).

Sources read: HenriDellal/emerald-dialer at tag v1.0.3 (commit 353c171, 2018-09-19, versionCode 5,
the release current when the issue was filed): DialerActivity, LogEntryAdapter,
AsyncContactImageLoader, NumpadButton, res/layout/main.xml, contact_log_entry.xml,
numpad_button.xml, res/menu/dialer_options.xml, res/values/strings.xml and
privacy_policy_strings.xml; and commit 6cfe5e0 (1.0.4, "Change handling of null numbers"),
the next change to the call log rows.

Bug emerald-dialer#21 (crash): every call log row binds its contact picture with
``AsyncContactImageLoader.loadDrawableForNumber(phoneNumber)``, whose background thread queries
``Uri.withAppendedPath(PhoneLookup.CONTENT_FILTER_URI, Uri.encode(number))``. Only a null number
is skipped; a call from a withheld (private) number is stored in the call log with an empty
number, so the lookup URI is ``content://com.android.contacts/phone_lookup/``, which the
contacts provider rejects with an IllegalArgumentException. It is thrown on the loader's
background thread (a plain ``Thread`` subclass, so named ``Thread-N``) and kills the app as soon
as the call log list is shown, at every start.

The first run as the sources lay it out: DialerActivity.onCreate shows the privacy policy dialog
(until Accept is tapped once), requests CALL_PHONE, READ_CALL_LOG, READ_CONTACTS,
READ_PHONE_STATE and WRITE_CALL_LOG, and calls finish() at once when any of them is not granted
yet, so the first start only leaves the system permission dialogs (one per permission group:
phone, call log, contacts); the dialer itself comes up on the next start.

Fixed data instead of the device's providers (no telephony): a call log of four calls, one of
them a missed call from a withheld number (number ""), and two contacts.

Stubbed: Speed dial and Preferences (a title and Navigate up), calling (the numpad fills the
number field; the call button asks the system to call and finishes, as coded).

Uncertain: whether every row is bound at once (all four calls fit on the first page here);
the thread name (the default ``Thread-N`` numbering) and the framework frames of the
app-side stack, which the report does not quote (it quotes the provider's side only).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import PERMISSION_ALLOW, click, crashed
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PKG = "ru.henridellal.dialer"
DIALER = ".DialerActivity"
SPEED_DIAL = ".SpeedDialActivity"
PREFERENCES = ".DialerPreferencesActivity"

# One dialog per permission group (PERMISSIONS of DialerActivity: CALL_PHONE and
# READ_PHONE_STATE are the phone group, READ/WRITE_CALL_LOG the call log group).
PHONE = "android.permission.CALL_PHONE"
CALL_LOG = "android.permission.READ_CALL_LOG"
CONTACTS = "android.permission.READ_CONTACTS"
GROUPS = (PHONE, CALL_LOG, CONTACTS)

PRIVACY_POLICY = (
    "\tEmerald Dialer uses data provided by the user(contacts and call log data) only to "
    "provide features required for proper functioning of the application.\n\tEmerald Dialer "
    "doesn't share your data and results of its processing with the application developer(s) "
    "and other third parties."
)
LOOKUP_URI = "content://com.android.contacts/phone_lookup/"
NUMPAD = (
    ("btn_numpad_1", "1", " "),
    ("btn_numpad_2", "2", "ABC"),
    ("btn_numpad_3", "3", "DEF"),
    ("btn_numpad_4", "4", "GHI"),
    ("btn_numpad_5", "5", "JKL"),
    ("btn_numpad_6", "6", "MNO"),
    ("btn_numpad_7", "7", "PQRS"),
    ("btn_numpad_8", "8", "TUV"),
    ("btn_numpad_9", "9", "WXYZ"),
    ("btn_numpad_star", "*", ""),
    ("btn_numpad_0", "0", "+"),
    ("btn_numpad_hash", "#", ""),
)


def lookup_crash() -> JavaException:
    """The provider's IllegalArgumentException, rethrown in the app's image loader thread."""
    return JavaException(
        "java.lang.IllegalArgumentException",
        f"URI: {LOOKUP_URI}, calling user: {PKG}, calling package:{PKG}",
        [
            "android.database.DatabaseUtils.readExceptionFromParcel(DatabaseUtils.java:165)",
            "android.database.DatabaseUtils.readExceptionFromParcel(DatabaseUtils.java:135)",
            "android.content.ContentProviderProxy.query(ContentProviderNative.java:418)",
            "android.content.ContentResolver.query(ContentResolver.java:766)",
            "android.content.ContentResolver.query(ContentResolver.java:716)",
            "android.content.ContentResolver.query(ContentResolver.java:667)",
            "ru.henridellal.dialer.AsyncContactImageLoader.loadImageForNumber"
            "(AsyncContactImageLoader.java:71)",
            "ru.henridellal.dialer.AsyncContactImageLoader$2.run(AsyncContactImageLoader.java:114)",
            "android.os.Handler.handleCallback(Handler.java:873)",
            "android.os.Handler.dispatchMessage(Handler.java:99)",
            "android.os.Looper.loop(Looper.java:193)",
            "ru.henridellal.dialer.AsyncContactImageLoader$BackgroundImageLoader.run"
            "(AsyncContactImageLoader.java:31)",
        ],
        thread="Thread-2",
    )


def lookup_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of emerald-dialer#21: the contact picture lookup of an empty number
    crashed the app."""
    return crashed(system, PKG, "java.lang.IllegalArgumentException", "phone_lookup/")


ALLOW = click(PKG, PERMISSION_ALLOW, "Allow", cls="android.widget.Button")
DENY = click(PKG, "com.android.permissioncontroller:id/permission_deny_button", "Don't allow")
RESTART = {"kind": "restart_app"}

HUMAN_STEPS = (ALLOW, ALLOW, ALLOW, RESTART)

WRONG_SEQUENCES = {
    "emerald-dialer#21": [
        # all allowed, but the app is not started again
        [ALLOW, ALLOW, ALLOW],
        # the call log refused: the dialer closes again at the next start
        [ALLOW, DENY, ALLOW, RESTART],
        # the contacts refused
        [ALLOW, ALLOW, DENY, RESTART],
        # all allowed, then Home only
        [ALLOW, ALLOW, ALLOW, {"kind": "press_home"}],
    ]
}


class EmeraldDialer(VirtualApp):
    """Emerald Dialer 1.0.3: the call log list, the numpad and the first-run permissions."""

    name: ClassVar[str] = "emerald-dialer"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Emerald Dialer"
    version: ClassVar[str] = "1.0.3"
    launch_activity: ClassVar[str] = DIALER
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "emerald-dialer#21",
            "crash",
            "Terminates immediatly after start",
            lookup_crashed,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {"privacy_policy": False},
            # Fixed data standing for CallLog.Calls (newest first) and the contacts provider.
            "call_log": [
                {
                    "name": "Marta Klein",
                    "number": "+4930901820",
                    "type": "incoming",
                    "date": "10:42",
                },
                {"name": None, "number": "", "type": "missed", "date": "09:15"},
                {"name": None, "number": "+4917612345678", "type": "outgoing", "date": "Sep 30"},
                {"name": "Paul Weber", "number": "+4940123456", "type": "missed", "date": "Sep 29"},
            ],
            "contacts": [
                {"name": "Marta Klein", "number": "+4930901820"},
                {"name": "Paul Weber", "number": "+4940123456"},
            ],
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != DIALER:
            return
        # requestPermissions(PERMISSIONS, 0), then finish() when one is not granted yet: the
        # activity draws nothing (its privacy dialog leaks with it) and only the system
        # dialogs stay; it is gone once they are answered.
        missing = [p for p in GROUPS if p not in ctx.permissions]
        if missing:
            ctx.ui["finishing"] = missing
            for permission in missing:
                ctx.request_permission(permission)
            return
        if not ctx.data["prefs"]["privacy_policy"]:
            ctx.ui["dialog"] = "privacy"
        ctx.ui.setdefault("number", "")
        self._bind_call_log(ctx)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        waiting = ctx.ui.get("finishing")
        if not waiting:
            return
        if permission in waiting:
            waiting.remove(permission)
        if not waiting:
            ctx.finish()

    def _bind_call_log(self, ctx: AppContext) -> None:
        """LogEntryAdapter.bindView of each visible row: the picture of its number is looked up
        on the loader thread; an empty number makes the provider reject the lookup URI."""
        for entry in ctx.data["call_log"]:
            number = entry["number"]
            if number is None:
                continue  # mDefaultDrawable
            if number == "":
                raise lookup_crash()

    # -- handlers ------------------------------------------------------------------------------
    def _accept(self, ctx: AppContext) -> None:
        ctx.data["prefs"]["privacy_policy"] = True
        ctx.ui["dialog"] = None

    def _decline(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.finish()

    def _type(self, ctx: AppContext, char: str) -> None:
        ctx.ui["number"] = ctx.ui.get("number", "") + char

    def _backspace(self, ctx: AppContext) -> None:
        ctx.ui["number"] = ctx.ui.get("number", "")[:-1]

    def _toggle_numpad(self, ctx: AppContext) -> None:
        ctx.ui["numpad_hidden"] = not ctx.ui.get("numpad_hidden", False)

    def _call(self, ctx: AppContext) -> None:
        if ctx.ui.get("number"):
            ctx.finish()  # ACTION_CALL handed to the system, then finish()

    def _menu(self, ctx: AppContext, choice: str) -> None:
        ctx.ui["menu"] = False
        if choice == "clear":
            ctx.ui["dialog"] = "clear"
        else:
            ctx.start_activity(choice)

    def _clear_log(self, ctx: AppContext) -> None:
        ctx.data["call_log"] = []
        ctx.ui["dialog"] = None

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "menu")

    # -- screens -------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.ui.get("finishing") is not None:
            return Screen(content=w.frame_layout())
        if ctx.activity == SPEED_DIAL:
            return Screen(content=w.child_page("Speed dial"))
        if ctx.activity == PREFERENCES:
            return Screen(content=w.child_page("Preferences"))
        return self._dialer(ctx)

    def _log_row(self, entry: dict[str, Any]) -> View:
        if entry["name"]:
            title, subtitle = entry["name"], entry["number"]
        elif entry["number"]:
            title, subtitle = entry["number"], ""
        else:
            title, subtitle = "no number", ""
        return w.relative_layout(
            [
                w.image_view("contact_image", width=170),
                w.text_view(title, "contact_name"),
                w.image_view("call_type_image", width=60),
                w.text_view(subtitle, "phone_number"),
                w.text_view(entry["date"], "call_date"),
            ],
            layout=HORIZONTAL,
            height=190,
        )

    def _dialer(self, ctx: AppContext) -> Screen:
        number = ctx.ui.get("number", "")
        rows = [self._log_row(e) for e in ctx.data["call_log"]]
        listing = w.list_view(rows, rid="log_entries_list", scroll_key="log_scroll")
        children: list[View] = [listing]
        if not ctx.ui.get("numpad_hidden"):
            panel = w.relative_layout(
                [
                    w.image_button("btn_add_contact", width=150),
                    w.edit_text("number_field", number, lambda c, t: c.ui.update(number=t)),
                    w.image_button("btn_remove_number", "", self._backspace, width=150),
                ],
                rid="panel_number_input",
                layout=HORIZONTAL,
                height=160,
                weight=0,
            )
            keys = [
                View(
                    cls="ru.henridellal.dialer.NumpadButton",
                    resource_id=rid,
                    on_click=w.bind(self._type, char),
                    children=[
                        w.text_view(char, "numpad_number"),
                        w.text_view(letters, "numpad_letters"),
                    ],
                )
                for rid, char, letters in NUMPAD
            ]
            table = View(
                cls="android.widget.TableLayout",
                resource_id="numpad",
                weight=0,
                children=[
                    View(
                        cls="android.widget.TableRow",
                        layout=HORIZONTAL,
                        height=170,
                        children=keys[i : i + 3],
                    )
                    for i in range(0, 12, 3)
                ],
            )
            children += [panel, table]
        bottom = [
            w.image_button("btn_toggle_numpad", "", self._toggle_numpad, width=180),
            w.image_button("btn_call", "", self._call, width=360),
            w.image_button("btn_options", "", lambda c: c.ui.update(menu=True), width=180),
        ]
        children.append(
            w.relative_layout(bottom, rid="panel_bottom", layout=HORIZONTAL, height=170, weight=0)
        )
        windows: list[Window] = []
        dialog = ctx.ui.get("dialog")
        if dialog == "privacy":
            windows.append(
                w.confirm_dialog(
                    "Privacy policy",
                    PRIVACY_POLICY,
                    ("Accept", self._accept),
                    ("No", self._decline),
                    None,
                )
            )
        elif dialog == "clear":
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0),
                    [w.dialog_message("Do you want to clear the call log?")],
                    w.dialog_buttons(("Yes", self._clear_log), ("No", self._close_dialog)),
                    self._close_dialog,
                )
            )
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [
                        ("Clear call log", w.bind(self._menu, "clear")),
                        ("Speed dial", w.bind(self._menu, SPEED_DIAL)),
                        ("Preferences", w.bind(self._menu, PREFERENCES)),
                    ],
                    lambda c: c.ui.update(menu=False),
                )
            )
        return Screen(content=w.relative_layout(children), windows=windows)
