"""Koler (``com.chooloo.www.koler``) v1.0.0, for koler#138.

Modelled from the sources at commit ``c3a73b55`` ("Fixed dialpad crashing on click", 2021-03-28,
``app/build.gradle``: ``versionName "v1.0.0"``, versionCode 50), the build the reporter used the
day the dialpad stopped crashing (issue #135, same reporter), and the fix, commit ``dd0f4777``
("Fix #138", released as v1.0.1): ``AndroidManifest.xml``, ``ui/main/MainActivity.kt`` and
``MainPresenter.kt``, ``ui/base/BaseActivity.kt`` (``onSetup`` runs in every ``onStart``),
``ui/base/BottomFragment.kt``, ``ui/dialpad/DialpadFragment.kt`` and ``DialpadPresenter.kt``,
``ui/widgets/DialpadEditText.kt``, ``DialpadKey.kt``, ``SearchBar.kt``, ``ui/contacts/``,
``ui/recents/``, ``ui/list/ListFragment.kt``, ``ui/settings/SettingsFragment.kt``,
``util/permissions/PermissionsUtils.kt``, ``util/call/CallActionsUtils.kt``,
``res/layout/activity_main.xml``, ``appbar_main.xml``, ``fragment_bottom_dialog.xml``,
``fragment_dialpad.xml``, ``fragment_items.xml``, ``res/xml/preference.xml`` and
``res/values/strings.xml``:

- ``MainActivity`` (portrait only): the app bar (``main_tab_header`` "Contacts" / "Recents" with
  its arrows, the "Menu Button" ``main_menu_button``, the ``main_search_bar`` "Search Contacts"),
  a two-page ViewPager2 (``ContactsFragment``, ``RecentsFragment``: ``items_no_results_text``
  "No results :/" on an empty list, "I need permissions :/" once the permission is blocked) and
  the dialpad button ``main_dialpad_button``;
- every ``onStart`` runs ``onSetup``: ``checkDefaultDialer`` asks the system to make Koler the
  default phone app (PermissionController's role dialog "Set Koler as your default phone
  app?", Cancel / Set as default) and the shown page asks for its permissions
  (``READ_CONTACTS``; Recents also ``READ_CALL_LOG``);
- the dialpad button opens ``DialpadFragment`` in a bottom sheet: ``dialpad_edit_text``, the keys
  ``key_1``..``key_9``, ``key_star``, ``key_0``, ``key_hex`` (a long press on 0 types "+", on 1
  calls voicemail), ``dialpad_button_call`` and, while the number is not empty,
  ``dialpad_button_delete`` (long press clears) and ``dialpad_button_add_contact``; the typed
  number lives on in the activity's ``SearchViewModel`` and comes back when the dialpad is opened
  again; the menu button opens the settings sheet (its rows lead to other apps and are stubs).

Fixed world data: the test phone's address book and call log are empty; Koler is not yet the
default phone app. ``PhoneNumberFormattingTextWatcher`` is built with the locale's name
(``"en_US"``), not a region code, so it formats nothing: the model shows the digits as typed.

The bug (koler#138, non-crash): a dialpad key goes through ``EditText.onKeyDown``, which inserts
the character at the cursor. The delete button's ``backspace()`` does
``setText(numbers.substring(0, numbers.length - 1))`` and ``setText`` puts the cursor back at
the start of the field, so the next keys are inserted in front of the number ("12", delete,
"3" gives "31"). Opening the dialpad again on a kept number (``setText`` of the
``SearchViewModel``'s number) leaves the cursor at the start as well. The fix deletes with a
``KEYCODE_DEL`` key event and moves the cursor to the end after ``setText``. The ground truth:
a key's character was inserted before the end of the number although nobody moved the cursor
(``data["misplaced_keys"]``).

Not modelled: the real ``PermissionsActivity`` is an opaque activity whose finishing runs
``MainActivity.onStart`` again (a second default-app request); the model shows the permission
dialog over ``MainActivity`` and runs ``onSetup`` only at launch and on coming back to the app.
The role dialog is drawn in Koler's window, not PermissionController's. Tapping the number field
does not move its cursor (the model keeps the cursor only where the app's code puts it). Calls
are not placed (the call button shows a stub "Dialing…" screen when Koler is the default app),
and the add-contact button and the settings rows, which open other apps, do nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.chooloo.www.koler"
MAIN = ".ui.main.MainActivity"
CALL = ".ui.call.CallActivity"
READ_CONTACTS = "android.permission.READ_CONTACTS"
READ_CALL_LOG = "android.permission.READ_CALL_LOG"
CALL_PHONE = "android.permission.CALL_PHONE"

NO_RESULTS = "No results :/"
NO_PERMISSIONS = "I need permissions :/"
ENTER_NUMBER = "Please enter a number first"
SET_DEFAULT = "Set Koler as your default dialer to make calls"
NO_VOICEMAIL = "Couldn't start voicemail, no permissions"
ROLE_TITLE = "Set Koler as your default phone app?"
PAGES = (("Contacts", "Search Contacts"), ("Recents", "Search Recents"))
# (resource id, digit, letters) row by row, as fragment_dialpad.xml's TableLayout lays them out
# (DialpadKey gives "1" the letters of dialpad_0_letters, "+").
KEYS = (
    (("key_1", "1", "+"), ("key_2", "2", "ABC"), ("key_3", "3", "DEF")),
    (("key_4", "4", "GHI"), ("key_5", "5", "JKL"), ("key_6", "6", "MNO")),
    (("key_7", "7", "PQRS"), ("key_8", "8", "TUV"), ("key_9", "9", "WXYZ")),
    (("key_star", "*", ""), ("key_0", "0", "+"), ("key_hex", "#", "")),
)
SETTINGS = ("Accent Color", "Sim Selection", "Report Bugs", "Rate", "Donate", "Write us an Email")


def _rid(short: str) -> str:
    return f"{PACKAGE}:id/{short}"


def _keys_misplaced(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of koler#138: a dialpad key went in before the end of the number."""
    return bool(data["misplaced_keys"])


def _click(rid: str) -> dict[str, Any]:
    return {"kind": "click", "target": {"resource_id": _rid(rid)}}


ALLOW = {
    "kind": "click",
    "target": {"resource_id": "com.android.permissioncontroller:id/permission_allow_button"},
}
SET_AS_DEFAULT = {"kind": "click", "target": {"text": "Set as default"}}
OPEN_DIALPAD = _click("main_dialpad_button")
DELETE = _click("dialpad_button_delete")

BUG_138 = BugSpec(
    "koler#138",
    "non-crash",
    "typing number in dialpad bug",
    _keys_misplaced,
    human_steps=(
        ALLOW,
        SET_AS_DEFAULT,
        OPEN_DIALPAD,
        _click("key_1"),
        _click("key_2"),
        DELETE,
        _click("key_3"),
    ),
)

WRONG_SEQUENCES = {
    "koler#138": (
        # No delete: the keys keep going to the end.
        (ALLOW, SET_AS_DEFAULT, OPEN_DIALPAD, _click("key_1"), _click("key_2"), _click("key_3")),
        # One digit only: the delete empties the field, so the cursor's start is its end.
        (ALLOW, SET_AS_DEFAULT, OPEN_DIALPAD, _click("key_1"), DELETE, _click("key_3")),
        # The delete is the last step: nothing typed after it.
        (ALLOW, SET_AS_DEFAULT, OPEN_DIALPAD, _click("key_1"), _click("key_2"), DELETE),
        # A long press on delete clears the whole number instead.
        (
            ALLOW,
            SET_AS_DEFAULT,
            OPEN_DIALPAD,
            _click("key_1"),
            _click("key_2"),
            {"kind": "long_click", "target": {"resource_id": _rid("dialpad_button_delete")}},
            _click("key_3"),
        ),
    )
}


class Koler100(VirtualApp):
    """Koler v1.0.0 (see the module docstring)."""

    name: ClassVar[str] = "koler"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Koler"
    version: ClassVar[str] = "1.0.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_138,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "default_dialer": False,  # the system's dialer role, kept here
            "denials": {READ_CONTACTS: 0, READ_CALL_LOG: 0},
            "misplaced_keys": [],
        }

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN or ctx.ui.get("started"):
            return  # portrait only: a "rotation" keeps the instance's state
        ctx.ui.update(
            started=True,
            page=0,
            role=False,
            role_choice=0,
            sheet="",  # "" | "dialpad" | "settings"
            text="",  # the dialpad's EditText and its cursor
            cursor=0,
            vm_number=None,  # SearchViewModel.number (activity scoped)
            search="",
            blocked={READ_CONTACTS: False, READ_CALL_LOG: False},
        )
        self._on_setup(ctx)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return dict(ctx.ui)

    def on_activity_restart(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui["page"] = 0  # onSetup sets a new MainPagerAdapter: back to Contacts
            self._on_setup(ctx)

    def _on_setup(self, ctx: AppContext) -> None:
        """BaseActivity.onStart -> onSetup: checkDefaultDialer, then the page's observe()."""
        if not ctx.data["default_dialer"]:
            ctx.ui.update(role=True, role_choice=0)
        self._observe_page(ctx)

    def _observe_page(self, ctx: AppContext) -> None:
        """runWithPermissions of the shown list (PermissionsActivity asks for what is missing)."""
        needed = [READ_CONTACTS] if ctx.ui["page"] == 0 else [READ_CALL_LOG, READ_CONTACTS]
        for permission in needed:
            if permission not in ctx.permissions:
                ctx.request_permission(permission)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if ctx.activity != MAIN or granted or permission not in ctx.data["denials"]:
            return
        ctx.data["denials"][permission] += 1
        # A second refusal has no rationale left: the blocked callback sets the empty message.
        if ctx.data["denials"][permission] > 1:
            ctx.ui["blocked"][permission] = True

    def on_back(self, ctx: AppContext) -> bool:
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN:
            return False
        if ctx.ui["sheet"]:
            if direction == "down":  # dragging the bottom sheet down dismisses it
                ctx.ui["sheet"] = ""
                return True
            return False
        if ctx.ui["role"]:
            return False
        if w.pager_swipe(ctx.ui, "page", len(PAGES), direction):
            self._observe_page(ctx)
            return True
        return False

    # -- the default dialer request (PermissionController's role dialog) ----------------------
    def _choose_role(self, ctx: AppContext, choice: int) -> None:
        ctx.ui["role_choice"] = choice

    def _set_default(self, ctx: AppContext) -> None:
        ctx.ui["role"] = False
        if ctx.ui["role_choice"] == 0:
            ctx.data["default_dialer"] = True

    def _cancel_role(self, ctx: AppContext) -> None:
        ctx.ui["role"] = False

    # -- dialpad --------------------------------------------------------------------------------
    def _open_dialpad(self, ctx: AppContext) -> None:
        """openDialpad: a new DialpadFragment whose onSetup does setText(ARG_NUMBER)."""
        ctx.ui["sheet"] = "dialpad"
        self._set_text(ctx, ctx.ui["vm_number"] or "")

    def _set_text(self, ctx: AppContext, text: str) -> None:
        """EditText.setText: ArrowKeyMovementMethod.initialize puts the cursor at 0."""
        ctx.ui["text"] = text
        ctx.ui["cursor"] = 0
        self._text_changed(ctx)

    def _text_changed(self, ctx: AppContext) -> None:
        """DialpadPresenter.onTextChanged -> setViewModelNumber."""
        text = ctx.ui["text"]
        ctx.ui["vm_number"] = text or None

    def _key(self, ctx: AppContext, char: str) -> None:
        """onKeyClick -> registerKeyEvent -> DialpadEditText.onKeyDown: DialerKeyListener
        inserts the character at the cursor and moves the cursor after it."""
        text, cursor = ctx.ui["text"], ctx.ui["cursor"]
        if cursor < len(text):
            ctx.data["misplaced_keys"].append({"number": text, "key": char, "at": cursor})
        ctx.ui["text"] = text[:cursor] + char + text[cursor:]
        ctx.ui["cursor"] = cursor + 1
        self._text_changed(ctx)

    def _long_key(self, ctx: AppContext, char: str) -> None:
        if char == "0":
            self._key(ctx, "+")  # onKeyClick(KEYCODE_PLUS)
        elif char == "1":
            # callVoicemail: ACTION_CALL "voicemail:1"; Koler never asked for CALL_PHONE.
            if CALL_PHONE in ctx.permissions:
                ctx.log("Koler", "voicemail call handed to the system (not modelled)")
            else:
                ctx.toast(NO_VOICEMAIL)

    def _backspace(self, ctx: AppContext) -> None:
        """backspace(): setText of the number's digits without the last one (the bug)."""
        digits = "".join(c for c in ctx.ui["text"] if c.isdigit())
        if digits:
            self._set_text(ctx, digits[:-1])

    def _typed(self, ctx: AppContext, text: str) -> None:
        ctx.ui["text"] = text
        ctx.ui["cursor"] = len(text)
        self._text_changed(ctx)

    def _call(self, ctx: AppContext) -> None:
        if not ctx.ui["text"]:
            ctx.toast(ENTER_NUMBER)
        elif ctx.data["default_dialer"]:
            digits = "".join(c for c in ctx.ui["text"] if c.isdigit())
            ctx.start_activity(CALL, {"number": digits})
        else:
            ctx.ui["role"] = True  # requestDefaultDialer()
            ctx.toast(SET_DEFAULT)

    def _add_contact(self, ctx: AppContext) -> None:
        ctx.log("Koler", "ACTION_INSERT handed to the contacts app (not modelled)")

    # -- rendering ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == CALL:
            return Screen(
                content=w.linear_layout(
                    [
                        w.text_view("Dialing…", "text_status"),
                        w.text_view(str(ctx.extras.get("number", "")), "text_caller"),
                        w.image_button("button_reject", "Reject Button", w.finish),
                    ]
                )
            )
        ui = ctx.ui
        windows: list[Window] = []
        if ui["sheet"] == "dialpad":
            windows.append(self._dialpad_sheet(ctx))
        elif ui["sheet"] == "settings":
            windows.append(self._settings_sheet(ctx))
        if ui["role"]:
            windows.append(self._role_dialog(ctx))
        return Screen(content=self._main(ctx), windows=windows)

    def _main(self, ctx: AppContext) -> View:
        ui = ctx.ui
        page = ui["page"]
        header, hint = PAGES[page]
        left = w.image_view("main_tab_left_arrow", width=80, height=80) if page == 1 else None
        right = w.image_view("main_tab_right_arrow", width=80, height=80) if page == 0 else None
        tab_row = [v for v in (left, w.text_view(header, "main_tab_header", width=400), right) if v]
        toolbar = View(
            cls="android.view.ViewGroup",
            layout=HORIZONTAL,
            height=200,
            children=[
                *tab_row,
                View(cls="android.view.View"),
                w.image_button(
                    "main_menu_button",
                    "Menu Button",
                    lambda c: c.ui.update(sheet="settings"),
                    width=147,
                ),
            ],
        )
        search = w.linear_layout(
            [w.edit_text("", ui["search"], self._search, hint=hint)],
            rid="main_search_bar",
            height=150,
        )
        appbar = w.linear_layout(
            [View(cls="android.view.ViewGroup", children=[toolbar], height=200), search],
            rid="appbar_main",
            weight=0,
        )
        permission = READ_CONTACTS if page == 0 else READ_CALL_LOG
        message = NO_PERMISSIONS if ui["blocked"][permission] else NO_RESULTS
        # The test phone's address book and call log are empty: the empty page shows.
        listing = View(
            cls="android.view.ViewGroup",
            children=[w.text_view(message, "items_no_results_text")],
        )
        pager = View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="main_view_pager",
            children=[listing],
        )
        body = w.linear_layout([appbar, pager])
        return w.frame_layout(
            [
                body,
                w.fab(
                    "main_dialpad_button",
                    "",
                    self._open_dialpad,
                    gravity="bottom|center_horizontal",
                ),
            ],
            layout=FRAME,
        )

    def _search(self, ctx: AppContext, text: str) -> None:
        ctx.ui["search"] = text  # the lists' filter (the test phone's lists are empty)

    def _dialpad_sheet(self, ctx: AppContext) -> Window:
        ui = ctx.ui
        has_text = bool(ui["text"])

        def key(rid: str, digit: str, letters: str) -> View:
            return w.linear_layout(
                [w.text_view(digit, height=100), w.text_view(letters, height=50)],
                rid=rid,
                height=190,
                on_click=w.bind(self._key, digit),
                on_long_click=w.bind(self._long_key, digit),
            )

        rows = [
            View(
                cls="android.widget.TableRow",
                layout=HORIZONTAL,
                height=190,
                children=[key(*k) for k in row],
            )
            for row in KEYS
        ]
        # add contact | call | delete, the side ones only while there is a number (GONE).
        add = w.image_button("dialpad_button_add_contact", "", self._add_contact, width=168)
        delete = View(
            cls="android.widget.ImageButton",
            resource_id="dialpad_button_delete",
            on_click=self._backspace,
            on_long_click=lambda c: self._set_text(c, ""),
            width=168,
        )
        buttons: list[View] = [
            View(cls="android.view.View"),
            add if has_text else View(cls="android.view.View", width=168),
            View(cls="android.view.View"),
            w.image_button("dialpad_button_call", "", self._call, width=168),
            View(cls="android.view.View"),
            delete if has_text else View(cls="android.view.View", width=168),
            View(cls="android.view.View"),
        ]
        dialpad = View(
            cls="android.view.ViewGroup",
            weight=0,
            children=[
                w.edit_text("dialpad_edit_text", ui["text"], self._typed, height=160),
                View(
                    cls="android.widget.TableLayout",
                    resource_id="dialpad_keys_layout",
                    height=190 * 4,
                    children=rows,
                ),
                View(cls="android.view.ViewGroup", layout=HORIZONTAL, height=170, children=buttons),
            ],
        )
        return self._bottom_sheet(dialpad)

    def _settings_sheet(self, ctx: AppContext) -> Window:
        rows = [
            w.preference(
                title,
                "",
                None if title == "Sim Selection" else self._settings_row,
                enabled=title != "Sim Selection",
            )
            for title in SETTINGS
        ]
        listing = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="recycler_view",
            weight=0,
            children=rows,
        )
        return self._bottom_sheet(listing)

    def _settings_row(self, ctx: AppContext) -> None:
        ctx.log("Koler", "settings row opens another app (not modelled)")

    def _bottom_sheet(self, child: View) -> Window:
        """BottomFragment: fragment_bottom_dialog.xml around the fragment's view."""
        root = View(
            cls="android.view.ViewGroup",
            resource_id="bottom_dialog_fragment_layout",
            weight=0,
            children=[
                View(
                    cls="android.view.View",
                    resource_id="bottom_dialog_fragment_swipe_indicator",
                    height=30,
                ),
                w.frame_layout([child], rid="bottom_dialog_fragment_placeholder", weight=0),
            ],
        )
        return Window(root=root, kind="sheet", on_dismiss=lambda c: c.ui.update(sheet=""))

    def _role_dialog(self, ctx: AppContext) -> Window:
        choice = ctx.ui["role_choice"]

        def row(i: int, label: str, summary: str) -> View:
            texts = [w.text_view(label, "title")]
            if summary:
                texts.append(w.text_view(summary, "subtitle"))
            return w.linear_layout(
                [
                    w.radio_button(
                        "radio", "", choice == i, w.bind(self._choose_role, i), width=120
                    ),
                    w.linear_layout(texts),
                ],
                horizontal=True,
                height=170,
                on_click=w.bind(self._choose_role, i),
            )

        return w.alert_dialog(
            w.dialog_title(ROLE_TITLE),
            [
                View(
                    cls="android.widget.ListView",
                    resource_id="android:id/select_dialog_listview",
                    weight=0,
                    children=[row(0, "Koler", ""), row(1, "Phone", "Current default")],
                )
            ],
            w.dialog_buttons(("Set as default", self._set_default), ("Cancel", self._cancel_role)),
            self._cancel_role,
        )
