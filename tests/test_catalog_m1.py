"""Catalog batch m1: NotallyX#517, #569, #609, WiFiAnalyzer#222, uhabits#1545, #2112. Every catalog
bug's human steps are replayed by ``tests/test_catalog_human_steps.py``; here: the screens on the
way carry the real ids and texts, the crash block has the report's exception, and plausible wrong
sequences do not trigger the bug."""

from __future__ import annotations

from device_agent.actions import Action
from device_agent.virtual.catalog.notallyx import PACKAGE as NXP
from device_agent.virtual.catalog.notallyx import NotallyX730, NotallyX740
from device_agent.virtual.catalog.uhabits import PACKAGE as UHP
from device_agent.virtual.catalog.uhabits import UHabits211, UHabits220
from device_agent.virtual.catalog.wifianalyzer import PACKAGE as WAP
from device_agent.virtual.catalog.wifianalyzer import WiFiAnalyzer203, WiFiAnalyzer204
from device_agent.virtual.device import VirtualDevice
from device_agent.virtual.widgets import OPEN_DRAWER
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

NX517 = "NotallyX#517"
NX569 = "NotallyX#569"


def _crash_log(device: VirtualDevice) -> str:
    return "\n".join(device.read_logcat(0, ("crash",)).lines)


def _back(device: VirtualDevice) -> None:
    result = device.execute(Action(kind="press_back"))
    assert result.performed, result.detail


# -- NotallyX ------------------------------------------------------------------------------------
def _nx_labels(app: type = NotallyX730, *names: str) -> VirtualDevice:
    device = fresh(app)
    tap(device, content_desc=OPEN_DRAWER)
    tap(device, resource_id=f"{NXP}:id/design_menu_item_text", text="Labels")
    for name in names:
        tap(device, content_desc="Add label")
        act(device, "input_text", name, resource_id=f"{NXP}:id/EditText")
        tap(device, resource_id="android:id/button1", text="Save")
    return device


def test_notallyx_main_screen_and_drawer_carry_the_real_ids_and_texts() -> None:
    device = fresh(NotallyX730)
    shown = texts(device)
    for text in ("Notes", "Search", "Make list", "Take note", OPEN_DRAWER):
        assert text in shown
    node_text(device, f"{NXP}:id/Toolbar")
    node_text(device, f"{NXP}:id/EnterSearchKeyword")
    tap(device, content_desc=OPEN_DRAWER)
    shown = texts(device)
    for entry in ("Unlabeled", "Labels", "Deleted", "Archived", "Reminders", "Settings"):
        assert entry in shown
    tap(device, resource_id=f"{NXP}:id/design_menu_item_text", text="Labels")
    shown = texts(device)
    assert "Add label" in shown and "Make list" not in shown
    _back(device)
    assert "Make list" in texts(device)


def test_notallyx_add_label_dialog_and_label_row() -> None:
    device = _nx_labels(NotallyX730)
    tap(device, content_desc="Add label")
    assert "Add label" in texts(device) and "Cancel" in texts(device)
    tap(device, resource_id="android:id/button1", text="Save")  # disabled while empty
    assert "Cancel" in texts(device)
    act(device, "input_text", "Work", resource_id=f"{NXP}:id/EditText")
    tap(device, resource_id="android:id/button1", text="Save")
    assert node_text(device, f"{NXP}:id/LabelText") == "Work"
    for desc in ("Hide Labels in Overview", "Edit", "Delete"):
        assert desc in texts(device)
    assert not triggered(device, NX517)


def test_notallyx_517_tapping_a_label_crashes_with_the_reports_trace() -> None:
    device = _nx_labels(NotallyX730, "Work")
    tap(device, resource_id=f"{NXP}:id/LabelText", text="Work")
    assert triggered(device, NX517)
    log = _crash_log(device)
    assert "java.lang.NullPointerException" in log
    assert "ActionBarOnDestinationChangedListener.onDestinationChanged" in log
    assert "LabelVH$$ExternalSyntheticLambda0.onClick" in log


def test_notallyx_517_the_labels_drawer_entry_crashes_too() -> None:
    device = _nx_labels(NotallyX730, "Work")
    tap(device, content_desc=OPEN_DRAWER)
    tap(device, resource_id=f"{NXP}:id/design_menu_item_text", text="Work")
    assert triggered(device, NX517)


def test_notallyx_517_near_misses_do_not_crash() -> None:
    device = _nx_labels(NotallyX730, "Work")
    tap(device, resource_id=f"{NXP}:id/EditButton")
    act(device, "input_text", "Home", resource_id=f"{NXP}:id/EditText")
    tap(device, resource_id="android:id/button1", text="Save")
    assert node_text(device, f"{NXP}:id/LabelText") == "Home"
    tap(device, resource_id=f"{NXP}:id/VisibilityButton")
    tap(device, content_desc=OPEN_DRAWER)
    entries = [t for t in texts(device) if t in ("Home", "Unlabeled")]
    assert entries == ["Home", "Unlabeled"]  # hidden from the drawer (the row behind it stays)
    tap(device, resource_id=f"{NXP}:id/design_menu_item_text", text="Unlabeled")
    assert not triggered(device, NX517)
    device = _nx_labels(NotallyX730, "Work")
    tap(device, resource_id=f"{NXP}:id/DeleteButton")
    assert "Delete label?" in texts(device)
    tap(device, resource_id="android:id/button1", text="Delete")
    assert "Work" not in texts(device)
    assert not triggered(device, NX517)


def test_notallyx_517_is_fixed_in_740() -> None:
    device = _nx_labels(NotallyX740, "Work")
    tap(device, resource_id=f"{NXP}:id/LabelText", text="Work")
    assert "NullPointerException" not in _crash_log(device)
    shown = texts(device)
    assert "Work" in shown and "Make list" in shown


def _nx_list(text: str = "Milk") -> VirtualDevice:
    device = fresh(NotallyX740)
    tap(device, resource_id=f"{NXP}:id/MakeList")
    if text:
        act(device, "input_text", text, resource_id=f"{NXP}:id/EditText")
    return device


def test_notallyx_list_editor_carries_the_real_ids() -> None:
    device = _nx_list("")
    shown = texts(device)
    for text in ("Title", "Item", "Add Item", "CheckBox0", "EditText0", "Drag0", "Undo", "Pin"):
        assert text in shown
    node_text(device, f"{NXP}:id/EnterTitle")
    node_text(device, f"{NXP}:id/MainListView")
    act(device, "input_text", "Milk", resource_id=f"{NXP}:id/EditText")
    tap(device, content_desc="CheckBox0")
    node_text(device, f"{NXP}:id/CheckedListView")
    assert "Delete0" in texts(device)


def test_notallyx_569_editing_the_checked_item_crashes_with_the_reports_trace() -> None:
    device = _nx_list()
    tap(device, content_desc="CheckBox0")
    assert not triggered(device, NX569)
    act(device, "input_text", "Milk 2", resource_id=f"{NXP}:id/EditText")
    assert triggered(device, NX569)
    log = _crash_log(device)
    assert "java.lang.IndexOutOfBoundsException: Index: 0, Size: 0" in log
    assert "createListTextWatcherWithHistory$1.afterTextChanged" in log


def test_notallyx_569_near_misses_do_not_crash() -> None:
    # editing before checking, then checking
    device = _nx_list()
    act(device, "input_text", "Milk 2", resource_id=f"{NXP}:id/EditText")
    tap(device, content_desc="CheckBox0")
    assert not triggered(device, NX569)
    # a checked item with an unchecked one above it: the wrong item takes the text, no crash
    device = _nx_list()
    tap(device, resource_id=f"{NXP}:id/AddItem")
    tap(device, content_desc="CheckBox0")
    act(device, "input_text", "Eggs", resource_id=f"{NXP}:id/EditText", content_desc="EditText0")
    assert not triggered(device, NX569)
    # read-only mode: the checked item is not editable, a tap unchecks it
    device = _nx_list()
    tap(device, content_desc="CheckBox0")
    tap(device, content_desc="Edit")
    tap(device, resource_id=f"{NXP}:id/EditText")
    assert not triggered(device, NX569)
    # the note saved with its checked item
    device = _nx_list()
    tap(device, content_desc="CheckBox0")
    _back(device)
    assert "Milk" in texts(device)
    assert not triggered(device, NX569)


NX609 = "NotallyX#609"


def _nx_note(device: VirtualDevice, body: str, title: str = "") -> None:
    tap(device, resource_id=f"{NXP}:id/TakeNote")
    if title:
        act(device, "input_text", title, resource_id=f"{NXP}:id/EnterTitle")
    act(device, "input_text", body, resource_id=f"{NXP}:id/EnterBody")
    _back(device)  # hides the keyboard
    _back(device)  # saves the note


def _nx_export(device: VirtualDevice, body: str, kind: str) -> None:
    act(device, "long_click", resource_id=f"{NXP}:id/Note", text=body)
    assert node_text(device, f"{NXP}:id/ActionMode") == ""
    tap(device, content_desc="More options")
    tap(device, resource_id=f"{NXP}:id/title", text="Export")
    tap(device, resource_id=f"{NXP}:id/title", text=kind)


def test_notallyx_609_exporting_an_untitled_note_as_pdf_crashes_with_the_reports_trace() -> None:
    device = fresh(NotallyX740)
    _nx_note(device, "Hello")
    assert "Hello" in texts(device)
    _nx_export(device, "Hello", "PDF")
    assert triggered(device, NX609)
    log = _crash_log(device)
    assert "java.lang.IllegalArgumentException: name cannot be empty" in log
    assert "PdfExtensionsKt$printPdf$1.onPageFinished" in log


def test_notallyx_609_near_misses_do_not_crash() -> None:
    # the same note as text: the blank title falls back to "Note"
    device = fresh(NotallyX740)
    _nx_note(device, "Hello")
    _nx_export(device, "Hello", "TXT")
    assert "View file" in texts(device) and "Save to device" in texts(device)
    assert device.s["data"]["exported"] == ["Note.txt"]
    assert not triggered(device, NX609)
    # a titled note as PDF
    device = fresh(NotallyX740)
    _nx_note(device, "Hello", title="Greeting")
    _nx_export(device, "Hello", "PDF")
    assert device.s["data"]["exported"] == ["Greeting.pdf"]
    assert not triggered(device, NX609)
    # an untitled note shared, archived: no export
    device = fresh(NotallyX740)
    _nx_note(device, "Hello")
    act(device, "long_click", resource_id=f"{NXP}:id/Note", text="Hello")
    tap(device, content_desc="More options")
    tap(device, resource_id=f"{NXP}:id/title", text="Archive")
    assert "Hello" not in texts(device)
    assert not triggered(device, NX609)
    # two notes selected: the system folder picker (left without a choice)
    device = fresh(NotallyX740)
    _nx_note(device, "Hello")
    _nx_note(device, "World")
    act(device, "long_click", resource_id=f"{NXP}:id/Note", text="Hello")
    tap(device, resource_id=f"{NXP}:id/Note", text="World")
    assert node_text(device, f"{NXP}:id/ActionMode") == ""
    assert "2" in texts(device)
    tap(device, content_desc="More options")
    tap(device, resource_id=f"{NXP}:id/title", text="Export")
    tap(device, resource_id=f"{NXP}:id/title", text="PDF")
    assert not triggered(device, NX609)


def test_notallyx_a_saved_note_reopens_with_its_text() -> None:
    device = fresh(NotallyX740)
    _nx_note(device, "Hello", title="Greeting")
    tap(device, resource_id=f"{NXP}:id/Note", text="Hello")
    assert node_text(device, f"{NXP}:id/EnterTitle") == "Greeting"
    assert node_text(device, f"{NXP}:id/EnterBody") == "Hello"


# -- WiFiAnalyzer 2.0.3 --------------------------------------------------------------------------
WA222 = "WiFiAnalyzer#222"
ALLOW = "com.android.permissioncontroller:id/permission_allow_button"
DENY = "com.android.permissioncontroller:id/permission_deny_button"
SEARCH = "android:id/search_src_text"


def _wa_vendors(app: type = WiFiAnalyzer203) -> VirtualDevice:
    device = fresh(app)
    tap(device, resource_id=ALLOW)
    tap(device, content_desc=OPEN_DRAWER)
    tap(device, resource_id=f"{WAP}:id/design_menu_item_text", text="Vendors")
    return device


def _wa_vendor_names(device: VirtualDevice) -> list[str]:
    from device_agent.hierarchy import parse_hierarchy

    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    return [n.text for n in tree.iter() if n.resource_id == f"{WAP}:id/vendor_name"]


def test_wifianalyzer_first_start_asks_for_location_and_lists_the_scan() -> None:
    device = fresh(WiFiAnalyzer203)
    assert "Allow" in texts(device)
    tap(device, resource_id=ALLOW)
    shown = texts(device)
    for text in ("Access Points", "Filter", "Pause", "HomeNet (00:16:3e:4a:12:01)", "XENSOURCE "):
        assert text in shown
    node_text(device, f"{WAP}:id/accessPointsView")
    tap(device, content_desc=OPEN_DRAWER)
    shown = texts(device)
    for entry in ("WiFiAnalyzer (open-source)", "Channel Rating", "Vendors", "About"):
        assert entry in shown


def test_wifianalyzer_denying_location_closes_the_app() -> None:
    device = fresh(WiFiAnalyzer203)
    tap(device, resource_id=DENY)
    assert "Access Points" not in texts(device)


def test_wifianalyzer_vendors_screen_carries_the_real_ids() -> None:
    device = _wa_vendors()
    assert "00:0C:41 CISCO" in texts(device)  # the query hint
    node_text(device, f"{WAP}:id/vendorSearchText")
    names = _wa_vendor_names(device)
    assert names[:2] == ["01DB METRAVIB", "100FIO NETWORKS TECHNOLOGY LLC"]
    assert not triggered(device, WA222)


def test_wifianalyzer_222_a_lower_case_mac_finds_nothing() -> None:
    device = _wa_vendors()
    act(device, "input_text", "00:16:3e", resource_id=SEARCH)
    assert _wa_vendor_names(device) == []
    assert node_text(device, "android:id/empty") == "No Data"
    assert triggered(device, WA222)


def test_wifianalyzer_222_near_misses_do_not_trigger() -> None:
    device = _wa_vendors()
    act(device, "input_text", "00:16:3E", resource_id=SEARCH)  # upper case as the hint shows
    assert _wa_vendor_names(device) == ["XENSOURCE INC"]
    act(device, "input_text", "00:16", resource_id=SEARCH)  # no letters
    act(device, "input_text", "zz:zz", resource_id=SEARCH)  # nothing to find in any case
    act(device, "input_text", "CISCO", resource_id=SEARCH)
    assert _wa_vendor_names(device) == ["CISCO LINKSYS LLC"]
    tap(device, resource_id="android:id/search_close_btn")
    assert "01DB METRAVIB" in _wa_vendor_names(device)
    assert not triggered(device, WA222)


def test_wifianalyzer_222_is_fixed_in_204() -> None:
    device = _wa_vendors(WiFiAnalyzer204)
    act(device, "input_text", "00:16:3e", resource_id=SEARCH)
    assert _wa_vendor_names(device) == ["XENSOURCE INC"]
    assert device.s["data"]["case_misses"] == 0


# -- uhabits 2.1.1 and 2.2.0 ----------------------------------------------------------------------
UH1545 = "uhabits#1545"
UH2112 = "uhabits#2112"
TODAY_PORTRAIT = [954, 336, 1080, 462]
TODAY_LANDSCAPE = [1668, 336, 1794, 462]


def _uh_habit(app: type, kind: str = "buttonYesNo", name: str = "Exercise", **fields: str):
    device = fresh(app)
    tap(device, resource_id=f"{UHP}:id/skip")
    tap(device, resource_id=f"{UHP}:id/actionCreateHabit")
    tap(device, resource_id=f"{UHP}:id/{kind}")
    act(device, "input_text", name, resource_id=f"{UHP}:id/nameInput")
    for rid, typed in fields.items():
        act(device, "input_text", typed, resource_id=f"{UHP}:id/{rid}")
    tap(device, resource_id=f"{UHP}:id/buttonSave")
    return device


def _uh_day(device: VirtualDevice, bounds: list[int]) -> None:
    from device_agent.actions import Bounds

    act(device, "click", class_name="android.view.View", bounds=Bounds(*bounds))


def _rotate(device: VirtualDevice, orientation: str) -> None:
    result = device.execute(Action(kind="rotate", orientation=orientation))
    assert result.performed, result.detail


def test_uhabits_first_start_shows_the_intro_then_the_empty_list() -> None:
    device = fresh(UHabits211)
    assert "Welcome" in texts(device) and "SKIP" in texts(device)
    tap(device, resource_id=f"{UHP}:id/next")
    assert "Create some new habits" in texts(device)
    tap(device, resource_id=f"{UHP}:id/next")
    tap(device, resource_id=f"{UHP}:id/done")
    shown = texts(device)
    for text in ("Habits", "Add habit", "Filter", "You have no active habits"):
        assert text in shown
    tap(device, resource_id=f"{UHP}:id/actionCreateHabit")
    assert node_text(device, f"{UHP}:id/buttonYesNo") == ""
    assert "Yes or No" in texts(device) and "Measurable" in texts(device)


def test_uhabits_the_editor_carries_the_real_ids_and_refuses_a_blank_name() -> None:
    device = fresh(UHabits211)
    tap(device, resource_id=f"{UHP}:id/skip")
    tap(device, resource_id=f"{UHP}:id/actionCreateHabit")
    tap(device, resource_id=f"{UHP}:id/buttonMeasurable")
    shown = texts(device)
    for text in ("Create habit", "Save", "e.g. Run", "e.g. miles", "e.g. 15", "At least", "Off"):
        assert text in shown
    tap(device, resource_id=f"{UHP}:id/buttonSave")
    assert "Cannot be blank" in texts(device)
    tap(device, resource_id=f"{UHP}:id/targetTypePicker")
    tap(device, resource_id="android:id/text1", text="At most")
    assert node_text(device, f"{UHP}:id/targetTypePicker") == "At most"


def test_uhabits_1545_reopening_a_popup_after_rotation_crashes() -> None:
    device = _uh_habit(UHabits211)
    assert "Exercise" in texts(device)
    _uh_day(device, TODAY_PORTRAIT)
    node_text(device, f"{UHP}:id/yesBtn")
    assert "Notes" in texts(device)
    _rotate(device, "landscape")
    assert "Notes" not in texts(device)  # the popup is gone with the old activity
    assert not triggered(device, UH1545)
    _uh_day(device, TODAY_LANDSCAPE)
    assert triggered(device, UH1545)
    log = _crash_log(device)
    assert "java.lang.IllegalArgumentException: View=DecorView@" in log
    assert "not attached to window manager" in log
    assert "DialogUtilsKt.dismissCurrentAndShow" in log and "CheckmarkPopup.show" in log


def test_uhabits_1545_near_misses_do_not_crash() -> None:
    # the popup answered before rotating
    device = _uh_habit(UHabits211)
    _uh_day(device, TODAY_PORTRAIT)
    tap(device, resource_id=f"{UHP}:id/yesBtn")
    _rotate(device, "landscape")
    _uh_day(device, TODAY_LANDSCAPE)
    assert "Notes" in texts(device)
    assert not triggered(device, UH1545)
    # the popup cancelled with Back before rotating
    device = _uh_habit(UHabits211)
    _uh_day(device, TODAY_PORTRAIT)
    _back(device)
    _rotate(device, "landscape")
    _uh_day(device, TODAY_LANDSCAPE)
    assert not triggered(device, UH1545)
    # rotating without a popup, a long click (a toggle) after a leaked popup
    device = _uh_habit(UHabits211)
    _rotate(device, "landscape")
    _uh_day(device, TODAY_LANDSCAPE)
    assert not triggered(device, UH1545)
    device = _uh_habit(UHabits211)
    _uh_day(device, TODAY_PORTRAIT)
    _rotate(device, "landscape")
    from device_agent.actions import Bounds

    act(device, "long_click", class_name="android.view.View", bounds=Bounds(*TODAY_LANDSCAPE))
    assert not triggered(device, UH1545)


def test_uhabits_1545_is_fixed_in_220() -> None:
    device = _uh_habit(UHabits220)
    _uh_day(device, TODAY_PORTRAIT)
    _rotate(device, "landscape")
    _uh_day(device, TODAY_LANDSCAPE)
    assert "not attached to window manager" not in _crash_log(device)
    assert node_text(device, f"{UHP}:id/yesBtn")


def test_uhabits_2112_a_long_unit_does_not_fit() -> None:
    device = _uh_habit(
        UHabits220,
        "buttonMeasurable",
        "Read",
        unitInput="pages of the book that I am reading at the moment",
        targetInput="20",
    )
    assert triggered(device, UH2112)
    tap(device, text="Read")
    assert node_text(device, f"{UHP}:id/targetText").startswith("20 pages")
    assert "Every week" not in texts(device)  # pushed off screen


def test_uhabits_2112_near_misses_do_not_trigger() -> None:
    device = _uh_habit(UHabits220, "buttonMeasurable", "Run", unitInput="km", targetInput="5")
    assert not triggered(device, UH2112)
    tap(device, text="Run")
    assert node_text(device, f"{UHP}:id/frequencyLabel") == "Every week"
    # a long name is fine; a yes/no habit has no unit
    device = _uh_habit(UHabits220, name="Read a chapter of a book every single evening")
    assert not triggered(device, UH2112)
    # the long unit typed, then the editor left without saving
    device = fresh(UHabits220)
    tap(device, resource_id=f"{UHP}:id/skip")
    tap(device, resource_id=f"{UHP}:id/actionCreateHabit")
    tap(device, resource_id=f"{UHP}:id/buttonMeasurable")
    act(device, "input_text", "Run", resource_id=f"{UHP}:id/nameInput")
    act(device, "input_text", "kilometers per day", resource_id=f"{UHP}:id/unitInput")
    tap(device, content_desc="Navigate up")
    assert "You have no active habits" in texts(device)
    assert not triggered(device, UH2112)
    # blank target: refused, nothing saved
    device = fresh(UHabits220)
    tap(device, resource_id=f"{UHP}:id/skip")
    tap(device, resource_id=f"{UHP}:id/actionCreateHabit")
    tap(device, resource_id=f"{UHP}:id/buttonMeasurable")
    act(device, "input_text", "Run", resource_id=f"{UHP}:id/nameInput")
    act(device, "input_text", "kilometers per day", resource_id=f"{UHP}:id/unitInput")
    tap(device, resource_id=f"{UHP}:id/buttonSave")
    assert "Cannot be blank" in texts(device)
    assert not triggered(device, UH2112)


def test_uhabits_220_the_editors_leaked_list_still_crashes_the_next_popup() -> None:
    device = fresh(UHabits220)
    tap(device, resource_id=f"{UHP}:id/skip")
    tap(device, resource_id=f"{UHP}:id/actionCreateHabit")
    tap(device, resource_id=f"{UHP}:id/buttonMeasurable")
    tap(device, resource_id=f"{UHP}:id/targetTypePicker")
    _rotate(device, "landscape")
    assert "At most" not in texts(device)
    _rotate(device, "portrait")
    act(device, "input_text", "Run", resource_id=f"{UHP}:id/nameInput")
    act(device, "input_text", "5", resource_id=f"{UHP}:id/targetInput")
    tap(device, resource_id=f"{UHP}:id/buttonSave")
    _uh_day(device, TODAY_PORTRAIT)
    assert "not attached to window manager" in _crash_log(device)
