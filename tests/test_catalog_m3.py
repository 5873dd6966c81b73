"""Catalog batch m3 (held-out half): the screens on the way carry the real ids and texts, a crash
bug's block has the report's exception, and plausible wrong sequences do not trigger the bug.
Every catalog bug's human steps are replayed by ``tests/test_catalog_human_steps.py``."""

from __future__ import annotations

from device_agent.actions import Action
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.catalog.androbd import NO_ACTIVITY, AndrOBD207
from device_agent.virtual.catalog.androbd import PACKAGE as OBP
from device_agent.virtual.catalog.k9mail import PACKAGE as K9P
from device_agent.virtual.catalog.k9mail import K9Mail5403, K9Mail5502
from device_agent.virtual.catalog.localmaterialnotes import (
    NO_LABELS,
    LocalMaterialNotes1100,
    LocalMaterialNotes1121,
)
from device_agent.virtual.catalog.localmaterialnotes import PACKAGE as LMN_PACKAGE
from device_agent.virtual.catalog.qksms import PACKAGE as QKP
from device_agent.virtual.catalog.qksms import QKSMS271
from device_agent.virtual.catalog.trickytripper import PACKAGE as TTP
from device_agent.virtual.catalog.trickytripper import TrickyTripper160
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

QK = "qksms#585"


def _crash_log(device: VirtualDevice) -> str:
    return "\n".join(device.read_logcat(0, ("crash",)).lines)


def _do(device: VirtualDevice, kind: str, **fields: str) -> None:
    result = device.execute(Action.from_json({"kind": kind, **fields}))
    assert result.performed, result.detail


# -- qksms 2.7.1 ----------------------------------------------------------------------------
def _qk_settings() -> VirtualDevice:
    device = fresh(QKSMS271)
    tap(device, resource_id=f"{QKP}:id/welcome_skip")
    tap(device, resource_id=f"{QKP}:id/buttonNeutral", text="Later")
    tap(device, content_desc="More options")
    tap(device, resource_id="android:id/title", text="Settings")
    return device


def test_qksms_first_run_welcome_mms_dialog_and_conversations() -> None:
    device = fresh(QKSMS271)
    assert node_text(device, f"{QKP}:id/welcome_start") == "Let's get started!"
    assert node_text(device, f"{QKP}:id/welcome_skip") == "SKIP"
    tap(device, resource_id=f"{QKP}:id/welcome_next")
    assert "Pick a color" in texts(device)
    assert node_text(device, f"{QKP}:id/welcome_skip") == "FINISH"
    tap(device, resource_id=f"{QKP}:id/welcome_skip")
    assert node_text(device, f"{QKP}:id/alertTitle") == "Set up MMS?"
    for rid, text in (("buttonNeutral", "Later"), ("buttonNegative", "Don't ask again")):
        assert node_text(device, f"{QKP}:id/{rid}") == text
    assert node_text(device, f"{QKP}:id/buttonPositive") == "Okay"
    tap(device, resource_id=f"{QKP}:id/buttonNegative")
    assert node_text(device, f"{QKP}:id/alertTitle") == "Setting up MMS later"
    tap(device, resource_id=f"{QKP}:id/buttonPositive")
    assert node_text(device, f"{QKP}:id/toolbar_title") == "Conversations"
    assert node_text(device, f"{QKP}:id/conversation_list_name") == "Anna Berg"
    assert node_text(device, f"{QKP}:id/sb__text").endswith("default SMS app")
    tap(device, content_desc="More options")
    shown = texts(device)
    assert all(t in shown for t in ("Settings", "What's new", "Donate"))


def test_qksms_back_on_the_welcome_counts_as_seen() -> None:
    device = fresh(QKSMS271)
    _do(device, "press_back")
    assert node_text(device, f"{QKP}:id/alertTitle") == "Set up MMS?"
    tap(device, resource_id=f"{QKP}:id/buttonNeutral")
    _do(device, "rotate", orientation="landscape")
    assert "Conversations" in texts(device) and "SKIP" not in texts(device)
    assert not triggered(device, QK)


def test_qksms_settings_lists_the_categories_and_general() -> None:
    device = _qk_settings()
    shown = texts(device)
    for text in ("Theme color", "Categories", "Appearance", "General", "MMS"):
        assert text in shown
    assert node_text(device, f"{QKP}:id/toolbar_title") == "Settings"
    tap(device, resource_id="android:id/title", text="General")
    shown = texts(device)
    assert "Delivery confirmations" in shown and "Show toast" in shown


def test_qksms_human_steps_crash_with_the_reports_exception() -> None:
    device = _qk_settings()
    tap(device, resource_id="android:id/title", text="General")
    _do(device, "rotate", orientation="landscape")
    assert "Theme color" in texts(device)  # back on the main settings after the rotation
    assert not triggered(device, QK)
    _do(device, "press_back")
    assert triggered(device, QK)
    log = _crash_log(device)
    assert "java.lang.IllegalStateException: Fragment already added: SettingsFragment" in log
    assert "android.app.BackStackRecord.popFromBackStack" in log


def test_qksms_back_from_a_category_without_rotating_is_fine() -> None:
    device = _qk_settings()
    tap(device, resource_id="android:id/title", text="General")
    _do(device, "press_back")
    assert "Theme color" in texts(device)
    _do(device, "press_back")
    assert node_text(device, f"{QKP}:id/toolbar_title") == "Conversations"
    assert not triggered(device, QK)


def test_qksms_rotating_on_the_main_settings_then_back_is_fine() -> None:
    device = _qk_settings()
    _do(device, "rotate", orientation="landscape")
    _do(device, "press_back")
    assert node_text(device, f"{QKP}:id/toolbar_title") == "Conversations"
    assert not triggered(device, QK)


def test_qksms_rotating_after_leaving_the_category_is_fine() -> None:
    device = _qk_settings()
    tap(device, resource_id="android:id/title", text="General")
    _do(device, "press_back")
    _do(device, "rotate", orientation="landscape")
    _do(device, "press_back")
    assert not triggered(device, QK)


def test_qksms_rotating_in_the_conversations_then_settings_is_fine() -> None:
    device = fresh(QKSMS271)
    tap(device, resource_id=f"{QKP}:id/welcome_skip")
    tap(device, resource_id=f"{QKP}:id/buttonNeutral")
    _do(device, "rotate", orientation="landscape")
    tap(device, content_desc="More options")
    tap(device, resource_id="android:id/title", text="Settings")
    tap(device, resource_id="android:id/title", text="General")
    _do(device, "press_back")
    _do(device, "press_back")
    assert not triggered(device, QK)


# -- trickytripper 1.6.0 --------------------------------------------------------------------
TT = "trickytripper#42"
DENY = "com.android.permissioncontroller:id/permission_deny_button"


class _TrickyTripperFixed(TrickyTripper160):
    """The fix of 1.6.1 (f56d676): the pager does not turn while an action mode runs."""

    version = "1.6.1-test"
    swipe_blocked_by_action_mode = True


def _tt_with_traveler(app: type = TrickyTripper160) -> VirtualDevice:
    device = fresh(app)
    tap(device, resource_id="android:id/button1", text="OK")
    tap(device, resource_id=f"{TTP}:id/option_add_participant")
    act(device, "input_text", "Ting", resource_id=f"{TTP}:id/editParticipantView_autocomplete_name")
    tap(device, resource_id=DENY)
    tap(device, resource_id=f"{TTP}:id/option_accept")
    _do(device, "press_back")
    return device


def _tt_mode_item(device: VirtualDevice, title: str) -> None:
    tap(device, content_desc="More options")
    tap(device, resource_id=f"{TTP}:id/title", text=title)


def _tt_long_press(device: VirtualDevice) -> None:
    act(device, "long_click", text="Ting")


def test_trickytripper_first_run_changelog_main_and_add_traveler() -> None:
    device = fresh(TrickyTripper160)
    shown = texts(device)
    assert "Change Log" in shown and "Version 1.6.0" in shown
    tap(device, resource_id="android:id/button1", text="OK")
    shown = texts(device)
    for text in ("My first trip [US$]", "Open navigation drawer", "Travelers", "Payments"):
        assert text in shown
    assert node_text(device, "android:id/empty").startswith("No travelers yet.")
    node_text(device, f"{TTP}:id/drawer_content_pager")
    tap(device, content_desc="More options")
    assert "Settings" in texts(device) and "Help & Info" in texts(device)
    _do(device, "press_back")
    tap(device, resource_id=f"{TTP}:id/option_add_participant")
    assert node_text(device, f"{TTP}:id/editParticipantView_label_name_input") == "Name:"
    act(device, "input_text", "Ti", resource_id=f"{TTP}:id/editParticipantView_autocomplete_name")
    tap(device, resource_id=DENY)
    tap(device, resource_id=f"{TTP}:id/option_accept")
    assert node_text(device, "android:id/text1") == "Ti"
    act(device, "input_text", "Ti", resource_id=f"{TTP}:id/editParticipantView_autocomplete_name")
    assert "On typing, TrickyTripper" in " ".join(texts(device))  # the rationale after a denial


def test_trickytripper_action_mode_menu_and_human_steps_crash() -> None:
    device = _tt_with_traveler()
    assert node_text(device, f"{TTP}:id/participantTabRowView_output_participantName") == "Ting"
    _tt_long_press(device)
    assert node_text(device, f"{TTP}:id/action_bar_title") == "Ting"
    node_text(device, f"{TTP}:id/action_mode_close_button")
    tap(device, content_desc="More options")
    shown = texts(device)
    for text in ("Create payment", "Transfer money", "Show report", "Deactivate (for costs)"):
        assert text in shown
    assert "Activate (for costs)" not in shown
    _do(device, "press_back")
    _do(device, "swipe", direction="left")
    _do(device, "swipe", direction="left")
    assert "Total spent:" in texts(device)
    assert not triggered(device, TT)
    _tt_mode_item(device, "Create payment")
    assert triggered(device, TT)
    log = _crash_log(device)
    assert "java.lang.NullPointerException: Attempt to invoke virtual method" in log
    assert "FragmentActivity.getApplication()' on a null object reference" in log
    assert "activities.a$b.a(ParticipantTabActivity.java:154)" in log


def test_trickytripper_create_payment_without_swiping_opens_the_editor() -> None:
    device = _tt_with_traveler()
    _tt_long_press(device)
    _tt_mode_item(device, "Create payment")
    assert "Create Payment" in texts(device)
    assert not triggered(device, TT)


def test_trickytripper_create_payment_on_the_neighbour_tab_is_fine() -> None:
    device = _tt_with_traveler()
    _tt_long_press(device)
    _do(device, "swipe", direction="left")  # Payments: the Travelers fragment is kept
    _tt_mode_item(device, "Create payment")
    assert "Create Payment" in texts(device)
    assert not triggered(device, TT)


def test_trickytripper_swiping_before_the_long_press_is_fine() -> None:
    device = _tt_with_traveler()
    _do(device, "swipe", direction="left")
    _do(device, "swipe", direction="left")
    _do(device, "swipe", direction="right")
    _do(device, "swipe", direction="right")
    _tt_long_press(device)
    _tt_mode_item(device, "Create payment")
    assert "Create Payment" in texts(device)
    assert not triggered(device, TT)


def test_trickytripper_closing_the_stale_action_mode_is_another_crash() -> None:
    device = _tt_with_traveler()
    _tt_long_press(device)
    _do(device, "swipe", direction="left")
    _do(device, "swipe", direction="left")
    tap(device, content_desc="Done")
    assert not triggered(device, TT)
    assert "TrickyTripperActivity" in _crash_log(device)


def test_trickytripper_fixed_pager_does_not_turn_in_action_mode() -> None:
    device = _tt_with_traveler(_TrickyTripperFixed)
    _tt_long_press(device)
    device.execute(Action.from_json({"kind": "swipe", "direction": "left"}))
    device.execute(Action.from_json({"kind": "swipe", "direction": "left"}))
    _tt_mode_item(device, "Create payment")
    assert "Create Payment" in texts(device)
    assert not triggered(device, TT)
    assert not _crash_log(device).strip()


# -- AndrOBD V2.0.7 -------------------------------------------------------------------------
OB = "AndrOBD#144"
ALLOW = "com.android.permissioncontroller:id/permission_allow_button"


def _ob_about() -> VirtualDevice:
    device = fresh(AndrOBD207)
    tap(device, resource_id=ALLOW)
    tap(device, content_desc="More options")
    tap(device, resource_id="android:id/title", text="Settings")
    tap(device, resource_id="android:id/title", text="AndrOBD")
    return device


def test_androbd_demo_mode_main_screen_and_menu() -> None:
    device = fresh(AndrOBD207)
    assert "DEMO mode started" in texts(device)
    tap(device, resource_id=ALLOW)
    assert node_text(device, f"{OBP}:id/tvAppName") == "AndrOBD"
    assert node_text(device, f"{OBP}:id/tvVersion") == "V2.0.7"
    shown = texts(device)
    assert "DEMO" in shown and "Disconnect" in shown and "OBD Services" in shown
    tap(device, content_desc="More options")
    shown = texts(device)
    for text in ("Day/Night view mode", "Save measurement", "Plugin manager", "Settings"):
        assert text in shown


def test_androbd_settings_and_the_about_screen() -> None:
    device = _ob_about()
    shown = texts(device)
    for text in ("Common settings", "Development options", "Support project …", "PayPal.me"):
        assert text in shown
    assert "Bitcoin" in shown
    assert not triggered(device, OB)


def test_androbd_bitcoin_shows_the_no_activity_message() -> None:
    device = _ob_about()
    tap(device, resource_id="android:id/title", text="Bitcoin")
    assert triggered(device, OB)
    assert NO_ACTIVITY in texts(device)
    log = "\n".join(device.read_logcat(0).lines)
    assert "android.content.ActivityNotFoundException: No Activity found" in log
    assert "keeps stopping" not in " ".join(texts(device))


def test_androbd_paypal_and_the_other_links_open_the_browser() -> None:
    device = _ob_about()
    tap(device, resource_id="android:id/title", text="PayPal.me")
    tap(device, resource_id="android:id/title", text="Release history …")
    assert not triggered(device, OB)


def test_androbd_licensing_screen_and_back_do_not_trigger() -> None:
    device = _ob_about()
    tap(device, resource_id="android:id/title", text="Licensing …")
    assert "usb-serial-for-android" in texts(device)
    _do(device, "press_back")
    _do(device, "press_back")
    assert "Common settings" in texts(device)
    tap(device, resource_id="android:id/title", text="Development options")
    assert not triggered(device, OB)


def test_androbd_denying_storage_and_disconnecting_do_not_trigger() -> None:
    device = fresh(AndrOBD207)
    tap(device, resource_id="com.android.permissioncontroller:id/permission_deny_button")
    tap(device, content_desc="Disconnect")
    assert "OFFLINE" in texts(device)
    tap(device, content_desc="More options")
    tap(device, resource_id="android:id/title", text="Day/Night view mode")
    assert not triggered(device, OB)


# -- K-9 Mail (thunderbird-android) 5.403 and 5.502 -----------------------------------------
K9_CRASH = "thunderbird-android#3255"
K9_BACK = "thunderbird-android#3971"


def _k9_basics(app: type, address: str, password: str = "secret") -> VirtualDevice:
    device = fresh(app)
    tap(device, resource_id=f"{K9P}:id/next", text="Next")
    act(device, "input_text", address, resource_id=f"{K9P}:id/account_email")
    if password:
        act(device, "input_text", password, resource_id=f"{K9P}:id/account_password")
    _do(device, "press_back")  # the soft keyboard
    return device


def _enabled(device: VirtualDevice, resource_id: str) -> bool:
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    return next(n.enabled for n in tree.iter() if n.resource_id == resource_id)


def test_k9_welcome_and_setup_screens_carry_the_real_ids() -> None:
    device = fresh(K9Mail5403)
    assert "Welcome to K-9 Mail" in texts(device)
    assert node_text(device, f"{K9P}:id/import_settings") == "Import settings"
    assert node_text(device, f"{K9P}:id/welcome_message").startswith("K-9 Mail is a powerful")
    tap(device, resource_id=f"{K9P}:id/next")
    shown = texts(device)
    for text in ("Set up a new account", "Show password", "Advanced options", "Manual setup"):
        assert text in shown
    assert not _enabled(device, f"{K9P}:id/next")
    act(device, "input_text", "foo@b", resource_id=f"{K9P}:id/account_email")
    act(device, "input_text", "secret", resource_id=f"{K9P}:id/account_password")
    assert not _enabled(device, f"{K9P}:id/manual_setup")  # the validator wants a dot
    act(device, "input_text", "foo@b.2", resource_id=f"{K9P}:id/account_email")
    assert _enabled(device, f"{K9P}:id/manual_setup")


def test_k9_invalid_host_crashes_from_next_and_from_manual_setup() -> None:
    for button in ("next", "manual_setup"):
        device = _k9_basics(K9Mail5403, "foo@b.2")
        tap(device, resource_id=f"{K9P}:id/{button}")
        assert triggered(device, K9_CRASH)
        log = _crash_log(device)
        assert "java.lang.IllegalArgumentException: Can't create ImapStore URI" in log
        assert "Caused by: java.net.URISyntaxException: Illegal character in hostname" in log


def test_k9_a_valid_unknown_domain_goes_to_the_account_type() -> None:
    device = _k9_basics(K9Mail5403, "foo@b.de")
    tap(device, resource_id=f"{K9P}:id/next")
    shown = texts(device)
    assert "Account type" in shown and "IMAP" in shown and "Exchange (WebDAV)" in shown
    assert not triggered(device, K9_CRASH)


def test_k9_a_known_provider_and_a_missing_password_do_not_crash() -> None:
    device = _k9_basics(K9Mail5403, "foo@gmail.com")
    tap(device, resource_id=f"{K9P}:id/next")
    assert not triggered(device, K9_CRASH)
    device = _k9_basics(K9Mail5403, "foo@b.2", password="")
    device.execute(Action.from_json({"kind": "click", "target": {"resource_id": f"{K9P}:id/next"}}))
    assert not triggered(device, K9_CRASH)
    assert "Set up a new account" in texts(device)


def test_k9_5502_back_on_account_type_closes_the_app() -> None:
    device = _k9_basics(K9Mail5502, "test@example.com")
    tap(device, resource_id=f"{K9P}:id/manual_setup")
    assert "What kind of account is this?" in texts(device)
    assert not triggered(device, K9_BACK)
    _do(device, "press_back")
    assert triggered(device, K9_BACK)
    assert "Set up a new account" not in texts(device)


def test_k9_5502_back_elsewhere_and_home_do_not_trigger() -> None:
    device = _k9_basics(K9Mail5502, "test@example.com")
    _do(device, "press_back")  # Back on the address screen leaves, as expected
    assert not triggered(device, K9_BACK)
    device = _k9_basics(K9Mail5502, "test@example.com")
    tap(device, resource_id=f"{K9P}:id/manual_setup")
    tap(device, resource_id=f"{K9P}:id/imap", text="IMAP")
    _do(device, "press_back")  # from the incoming settings back to the account type
    assert "What kind of account is this?" in texts(device)
    _do(device, "press_home")
    assert not triggered(device, K9_BACK)


# -- LocalMaterialNotes (Flutter) -----------------------------------------------------------
LMN_BIN = "LocalMaterialNotes#327"
WELCOME = "Welcome to Material Notes!\nSimple, local, material design notes"


def _lmn_new_note(device: VirtualDevice, title: str) -> None:
    tap(device, content_desc="Add a note")
    act(device, "input_text", title, text="Title", class_name="android.widget.EditText")
    tap(device, content_desc="Back")


def _lmn_to_bin(device: VirtualDevice) -> None:
    tap(device, content_desc="Open navigation menu")
    tap(device, content_desc="Bin", class_name="android.view.View")


def test_lmn_flutter_notes_page_and_editor_look_like_flutter() -> None:
    device = fresh(LocalMaterialNotes1100)
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    content = next(n for n in tree.iter() if n.resource_id == "android:id/content")
    nodes = list(content.iter())[1:]
    assert not any(n.resource_id for n in nodes)  # Flutter: no resource ids
    assert any(n.content_desc == WELCOME and n.cls == "android.view.View" for n in nodes)
    fab = [n for n in nodes if n.content_desc == "Add a note"]
    assert fab and fab[0].cls == "android.widget.Button"
    assert all(n.package == LMN_PACKAGE for n in nodes)
    tap(device, content_desc="Open navigation menu")
    shown = texts(device)
    for text in ("Scrim", "Material Notes", "Notes", "Manage labels", "Bin", "Settings"):
        assert text in shown
    _do(device, "press_back")
    tap(device, content_desc="Add a note")
    shown = texts(device)
    for text in ("Back", "Undo the last action", "Switch to reading mode", "Show menu", "Note"):
        assert text in shown
    tap(device, content_desc="Show menu")
    assert all(t in texts(device) for t in ("Copy", "Share", "Pin", "Labels", "Delete", "About"))


def test_lmn_human_steps_show_the_bin_without_the_deleted_note() -> None:
    device = fresh(LocalMaterialNotes1100)
    _lmn_new_note(device, "Groceries")
    assert "Groceries" in texts(device)
    act(device, "long_click", content_desc="Groceries")
    tap(device, content_desc="Delete")
    assert "Groceries" not in texts(device)
    assert not triggered(device, LMN_BIN)
    _lmn_to_bin(device)
    assert triggered(device, LMN_BIN)
    assert WELCOME in texts(device) and "Groceries" not in texts(device)


def test_lmn_deleting_from_the_editor_menu_then_the_bin_also_misses_it() -> None:
    device = fresh(LocalMaterialNotes1100)
    tap(device, content_desc=WELCOME)
    tap(device, content_desc="Show menu")
    tap(device, content_desc="Delete", class_name="android.view.View")
    assert "No notes" in texts(device)
    _lmn_to_bin(device)
    assert triggered(device, LMN_BIN)


def test_lmn_the_bin_before_any_deletion_and_deleting_without_the_bin() -> None:
    device = fresh(LocalMaterialNotes1100)
    _lmn_to_bin(device)
    assert not triggered(device, LMN_BIN)  # nothing deleted yet
    tap(device, content_desc="Open navigation menu")
    tap(device, content_desc="Notes", class_name="android.view.View")
    act(device, "long_click", content_desc=WELCOME)
    tap(device, content_desc="Delete")
    tap(device, content_desc="Sort the notes")
    tap(device, content_desc="Title")
    assert not triggered(device, LMN_BIN)


def test_lmn_an_empty_new_note_is_not_saved_and_pinning_is_no_delete() -> None:
    device = fresh(LocalMaterialNotes1100)
    tap(device, content_desc="Add a note")
    tap(device, content_desc="Back")
    assert texts(device).count(WELCOME) == 1 and "Groceries" not in texts(device)
    act(device, "long_click", content_desc=WELCOME)
    tap(device, content_desc="Toggle pins")
    _lmn_to_bin(device)
    assert not triggered(device, LMN_BIN)


LMN_LABEL = "LocalMaterialNotes#415"


class _LocalMaterialNotesFixed(LocalMaterialNotes1121):
    """The fix of #415 (ea1b781): deleting a label refreshes notesProvider."""

    version = "1.12.1-test"

    def _after_label_deleted(self, ctx) -> None:  # type: ignore[no-untyped-def]
        ctx.ui["loaded"] = {str(n["id"]): list(n["labels"]) for n in ctx.data["notes"]}


def _lmn_add_label(device: VirtualDevice, name: str) -> None:
    tap(device, content_desc="Open navigation menu")
    tap(device, content_desc="Manage labels", class_name="android.view.View")
    tap(device, content_desc="Add a label")
    act(device, "input_text", name, text="Name", class_name="android.widget.EditText")
    tap(device, content_desc="OK")


def _lmn_label_note(device: VirtualDevice, title: str, label: str) -> None:
    tap(device, content_desc="Open navigation menu")
    tap(device, content_desc="Notes", class_name="android.view.View")
    _lmn_new_note(device, title)
    tap(device, content_desc=title)
    tap(device, content_desc="Show menu")
    tap(device, content_desc="Labels", class_name="android.view.View")
    tap(device, content_desc=label, class_name="android.widget.CheckBox")
    tap(device, content_desc="OK")
    tap(device, content_desc="Back")


def _lmn_delete_label(device: VirtualDevice) -> None:
    tap(device, content_desc="Open navigation menu")
    tap(device, content_desc="Manage labels", class_name="android.view.View")
    tap(device, content_desc="Show menu")
    tap(device, content_desc="Delete", class_name="android.view.View")
    tap(device, content_desc="Delete", class_name="android.widget.Button")


def test_lmn_1121_labels_page_and_label_dialog() -> None:
    device = fresh(LocalMaterialNotes1121)
    tap(device, content_desc="Open navigation menu")
    tap(device, content_desc="Manage labels", class_name="android.view.View")
    shown = texts(device)
    for text in ("Labels", "All", "Visible", "Pinned", "Hidden", "No labels", "Add a label"):
        assert text in shown
    tap(device, content_desc="Add a label")
    assert "Add label" in texts(device) and "Name" in texts(device)
    act(device, "input_text", "", text="Name", class_name="android.widget.EditText")
    assert "The name cannot be empty." in texts(device)
    act(device, "input_text", "a", text="Name", class_name="android.widget.EditText")
    tap(device, content_desc="OK")
    assert "a" in texts(device) and "Show menu" in texts(device)
    tap(device, content_desc="Add a label")
    act(device, "input_text", "a", text="Name", class_name="android.widget.EditText")
    assert "This name is already used." in texts(device)


def test_lmn_1121_bin_lists_deleted_notes_and_no_labels_snack() -> None:
    device = fresh(LocalMaterialNotes1121)
    act(device, "long_click", content_desc=WELCOME)
    tap(device, content_desc="Delete")
    _lmn_to_bin(device)
    assert WELCOME in texts(device)
    tap(device, content_desc="Open navigation menu")
    tap(device, content_desc="Notes", class_name="android.view.View")
    tap(device, content_desc="Add a note")
    tap(device, content_desc="Show menu")
    tap(device, content_desc="Labels", class_name="android.view.View")
    assert NO_LABELS in texts(device)


def test_lmn_1121_deleted_label_still_shown_on_the_note() -> None:
    device = fresh(LocalMaterialNotes1121)
    _lmn_add_label(device, "a")
    _lmn_label_note(device, "123", "a")
    assert "123\na" in texts(device)
    assert not triggered(device, LMN_LABEL)
    _lmn_delete_label(device)
    assert "No labels" in texts(device)
    tap(device, content_desc="Open navigation menu")
    assert "a" not in texts(device)  # the drawer's labels are refreshed
    tap(device, content_desc="Notes", class_name="android.view.View")
    assert "123\na" in texts(device)
    assert triggered(device, LMN_LABEL)
    tap(device, content_desc="123\na")
    tap(device, content_desc="a")  # the editor's labels bar
    assert NO_LABELS in texts(device)


def test_lmn_1121_deleting_an_unused_label_or_unchecking_it_first() -> None:
    device = fresh(LocalMaterialNotes1121)
    _lmn_add_label(device, "a")
    _lmn_delete_label(device)
    tap(device, content_desc="Open navigation menu")
    tap(device, content_desc="Notes", class_name="android.view.View")
    assert not triggered(device, LMN_LABEL)
    device = fresh(LocalMaterialNotes1121)
    _lmn_add_label(device, "a")
    _lmn_label_note(device, "123", "a")
    tap(device, content_desc="123\na")
    tap(device, content_desc="a")
    tap(device, content_desc="a", class_name="android.widget.CheckBox")
    tap(device, content_desc="OK")
    tap(device, content_desc="Back")
    _lmn_delete_label(device)
    tap(device, content_desc="Open navigation menu")
    tap(device, content_desc="Notes", class_name="android.view.View")
    assert "123" in texts(device)
    assert not triggered(device, LMN_LABEL)


def test_lmn_1121_cancelled_delete_restart_and_the_fix_do_not_trigger() -> None:
    device = fresh(LocalMaterialNotes1121)
    _lmn_add_label(device, "a")
    _lmn_label_note(device, "123", "a")
    tap(device, content_desc="Open navigation menu")
    tap(device, content_desc="Manage labels", class_name="android.view.View")
    tap(device, content_desc="Show menu")
    tap(device, content_desc="Delete", class_name="android.view.View")
    tap(device, content_desc="Cancel")
    tap(device, content_desc="Open navigation menu")
    tap(device, content_desc="Notes", class_name="android.view.View")
    assert not triggered(device, LMN_LABEL)
    _lmn_delete_label(device)
    device.force_stop()
    device.launch_app()
    assert "123" in texts(device)  # reloaded from the database
    assert not triggered(device, LMN_LABEL)
    fixed = fresh(_LocalMaterialNotesFixed)
    _lmn_add_label(fixed, "a")
    _lmn_label_note(fixed, "123", "a")
    _lmn_delete_label(fixed)
    tap(fixed, content_desc="Open navigation menu")
    tap(fixed, content_desc="Notes", class_name="android.view.View")
    assert "123" in texts(fixed)
    assert not triggered(fixed, LMN_LABEL)
