"""Catalog batch m5 (DEV2 half): AnkiDroid (Anki-Android#5638, #5753, #4977, #4586, #4707,
#10584) and osmdroid's sample app (osmdroid#1030). Every catalog bug's human steps are replayed by
``tests/test_catalog_human_steps.py``; here: the screens on the way carry the real ids and texts,
the crash blocks have the reports' exceptions, and plausible wrong sequences do not trigger the
bugs."""

from __future__ import annotations

from device_agent.actions import Action, Selector
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.catalog.anki import PACKAGE as AP
from device_agent.virtual.catalog.anki import (
    AnkiDroid29Alpha,
    AnkiDroid29Alpha4,
    AnkiDroid216Alpha52,
    AnkiDroid282,
    AnkiDroid291,
    AnkiDroid2110,
)
from device_agent.virtual.catalog.osmdroid import OpenMap601
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

ALLOW = "com.android.permissioncontroller:id/permission_allow_button"
B5638 = "Anki-Android#5638"
B5753 = "Anki-Android#5753"
B4977 = "Anki-Android#4977"
B4586 = "Anki-Android#4586"
B4707 = "Anki-Android#4707"
B10584 = "Anki-Android#10584"
B6432 = "Anki-Android#6432"
FIELD = f"{AP}:id/id_note_editText"


def _crash_log(device: VirtualDevice) -> str:
    return "\n".join(device.read_logcat(0, ("crash",)).lines)


def _granted(app: type = AnkiDroid291) -> VirtualDevice:
    device = fresh(app)
    tap(device, resource_id=ALLOW)
    return device


def _editor(app: type = AnkiDroid291) -> VirtualDevice:
    device = _granted(app)
    tap(device, resource_id=f"{AP}:id/fab_expand_menu_button")
    tap(device, resource_id=f"{AP}:id/add_note_action")
    return device


def _type(device: VirtualDevice, field: int, typed: str) -> None:
    """Type ``typed`` into field ``field`` (0 Front, 1 Back) of the note editor."""
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    nodes = [n for n in tree.iter() if n.resource_id == FIELD]
    target = Selector(resource_id=FIELD, bounds=nodes[field].bounds)
    result = device.execute(Action(kind="input_text", target=target, text=typed))
    assert result.performed, result.detail


def _save(device: VirtualDevice) -> None:
    tap(device, resource_id=f"{AP}:id/action_save")


def _browser(device: VirtualDevice) -> None:
    tap(device, content_desc="Navigate up")  # nothing unsaved: the editor closes
    tap(device, content_desc="Open drawer")
    tap(device, resource_id=f"{AP}:id/design_menu_item_text", text="Card browser")


def test_anki_first_start_asks_for_storage_then_lists_the_default_deck() -> None:
    device = fresh(AnkiDroid291)
    assert "Allow" in texts(device) and "Default" not in texts(device)
    tap(device, resource_id=ALLOW)
    assert node_text(device, f"{AP}:id/deckpicker_name") == "Default"
    assert node_text(device, f"{AP}:id/deckpicker_new") == "0"
    assert "0 cards due (0 min)" in texts(device)
    tap(device, resource_id=f"{AP}:id/fab_expand_menu_button")
    for desc in ("Create deck", "Get shared decks", "Add"):
        assert desc in texts(device)
    tap(device, resource_id=f"{AP}:id/add_shared_action")
    assert "Get shared decks" not in texts(device)
    tap(device, content_desc="Open drawer")
    for entry in ("Decks", "Card browser", "Statistics", "Night mode", "Settings", "Help"):
        assert entry in texts(device)
    tap(device, resource_id=f"{AP}:id/DeckPickerHoriz")
    assert "This deck is empty. Press the + button to add new content." in texts(device)


def test_anki_refusing_storage_closes_the_deck_list() -> None:
    device = fresh(AnkiDroid291)
    tap(device, text="Don't allow")
    assert "AnkiDroid directory is inaccessible" in texts(device)
    assert "Default" not in texts(device)


def test_anki_note_editor_has_the_real_ids_and_adds_a_card() -> None:
    device = _editor()
    shown = texts(device)
    for text in ("Add note", "Type:", "Basic", "Deck:", "Default", "Front", "Back"):
        assert text in shown
    assert "Attach multimedia content to the Back field" in shown
    assert node_text(device, f"{AP}:id/CardEditorCardsText") == "Cards: Card 1"
    node_text(device, f"{AP}:id/note_type_spinner")
    node_text(device, f"{AP}:id/note_deck_spinner")
    tap(device, content_desc="Attach multimedia content to the Front field")
    assert "Add image" in texts(device) and "Advanced editor" in texts(device)
    device.execute(Action(kind="press_back"))
    _save(device)
    assert "Error saving note" in texts(device)
    _type(device, 0, "Bonjour")
    _type(device, 1, "Hello")
    _save(device)
    assert "1 card added" in texts(device)
    _browser(device)
    assert node_text(device, f"{AP}:id/card_sfld") == "Bonjour"
    assert node_text(device, f"{AP}:id/card_column2") == "Hello"
    assert "1 card shown" in texts(device)
    assert not triggered(device, B5638) and not triggered(device, B5753)


def test_anki_5638_the_entity_in_the_front_field_crashes_the_duplicate_check() -> None:
    device = _editor()
    _type(device, 0, "&bsol;")
    assert triggered(device, B5638)
    log = _crash_log(device)
    assert "java.lang.ArrayIndexOutOfBoundsException" in log
    assert "com.ichi2.libanki.Utils.entsToTxt(Utils.java:251)" in log
    assert "com.ichi2.anki.NoteEditor.duplicateCheck(NoteEditor.java:1344)" in log


def test_anki_5638_in_the_back_field_it_saves_and_the_card_browser_crashes() -> None:
    device = _editor()
    _type(device, 0, "Slash")
    _type(device, 1, "&#92;")
    _save(device)
    assert "1 card added" in texts(device)
    assert not triggered(device, B5638)
    _browser(device)
    assert triggered(device, B5638)
    log = _crash_log(device)
    assert "An error occurred while executing doInBackground()" in log
    assert "CardBrowser.formatQA(CardBrowser.java:1340)" in log


def test_anki_5638_near_misses_do_not_crash() -> None:
    device = _editor()
    for typed in ("\\", "&bsol", "&amp;", "a &lt; b", "&#93;"):
        _type(device, 0, typed)
    _type(device, 1, "\\")
    _save(device)
    _browser(device)
    assert not triggered(device, B5638)
    assert "\\" in texts(device) and "]" in texts(device)


def test_anki_5753_bracketed_text_vanishes_in_the_browser() -> None:
    device = _editor()
    _type(device, 0, "Hello <name>")
    assert not triggered(device, B5753)
    _save(device)
    assert triggered(device, B5753)
    _browser(device)
    assert node_text(device, f"{AP}:id/card_sfld") == "Hello"


def test_anki_5753_near_misses_do_not_trigger() -> None:
    device = _editor()
    _type(device, 0, "Hello &lt;name&gt;")  # the workaround: entities
    _save(device)
    _type(device, 0, "Hello <b>name</b>")  # real formatting
    _save(device)
    _type(device, 0, "Hello name")
    _save(device)
    _type(device, 0, "Hello <name>")  # typed, then discarded
    tap(device, content_desc="Navigate up")
    assert "Close and lose current input?" in texts(device)
    tap(device, resource_id=f"{AP}:id/md_buttonDefaultPositive")
    assert not triggered(device, B5753)
    tap(device, content_desc="Open drawer")
    tap(device, resource_id=f"{AP}:id/design_menu_item_text", text="Card browser")
    assert "Hello <name>" in texts(device) and "Hello name" in texts(device)


def test_anki_4977_an_empty_collection_crashes_the_card_browser() -> None:
    device = _granted(AnkiDroid29Alpha)
    tap(device, content_desc="Open drawer")
    tap(device, resource_id=f"{AP}:id/design_menu_item_text", text="Card browser")
    assert triggered(device, B4977)
    log = _crash_log(device)
    assert "SearchView.isIconified()' on a null object reference" in log
    assert "com.ichi2.anki.CardBrowser$20.onPostExecute(CardBrowser.java:1364)" in log


def test_anki_4977_near_misses_do_not_crash() -> None:
    device = _granted(AnkiDroid291)  # fixed there: the menu exists
    tap(device, content_desc="Open drawer")
    tap(device, resource_id=f"{AP}:id/design_menu_item_text", text="Card browser")
    assert "0 cards shown" in texts(device)
    assert not device.system_records()["crashes"]
    device = _editor(AnkiDroid29Alpha)  # a collection with a card: the search ends later
    _type(device, 0, "Front")
    _save(device)
    _browser(device)
    assert "1 card shown" in texts(device)
    assert not triggered(device, B4977)
    tap(device, content_desc="Open drawer")
    tap(device, resource_id=f"{AP}:id/design_menu_item_text", text="Statistics")
    assert not triggered(device, B4977)
    device = _granted(AnkiDroid29Alpha)
    tap(device, resource_id=f"{AP}:id/fab_expand_menu_button")
    tap(device, resource_id=f"{AP}:id/add_shared_action")
    tap(device, content_desc="Open drawer")
    tap(device, resource_id=f"{AP}:id/design_menu_item_text", text="Settings")
    assert not triggered(device, B4977)


def _image_editor(app: type) -> VirtualDevice:
    device = _editor(app)
    tap(device, content_desc="Attach multimedia content to the Front field")
    tap(device, resource_id=f"{AP}:id/title", text="Add image")
    return device


def test_anki_media_popups_differ_by_version() -> None:
    device = _editor(AnkiDroid282)
    tap(device, content_desc="Attach multimedia content to the Back field")
    shown = texts(device)
    assert "Record audio" in shown and "Cloze deletion" not in shown
    device = _editor(AnkiDroid29Alpha4)
    tap(device, content_desc="Attach multimedia content to the Back field")
    assert "Cloze deletion" in texts(device) and "Add audio clip" not in texts(device)


def test_anki_4586_camera_crashes_with_a_file_uri_on_2_8_2() -> None:
    device = _image_editor(AnkiDroid282)
    shown = texts(device)
    for text in ("Editing field", "Gallery", "Camera", "Done"):
        assert text in shown
    tap(device, text="Camera")
    assert triggered(device, B4586)
    log = _crash_log(device)
    assert "android.os.FileUriExposedException: file:///storage/emulated/0/Pictures/img_" in log
    assert "BasicImageFieldController$2.onClick(BasicImageFieldController.java:125)" in log


def test_anki_4707_camera_crashes_on_2_9alpha4() -> None:
    device = _image_editor(AnkiDroid29Alpha4)
    tap(device, text="Camera")
    assert triggered(device, B4707)


def test_anki_camera_near_misses_do_not_crash() -> None:
    device = _image_editor(AnkiDroid282)
    tap(device, text="Gallery")
    tap(device, resource_id=f"{AP}:id/multimedia_edit_field_done")
    assert "Add note" in texts(device)
    tap(device, content_desc="Attach multimedia content to the Front field")
    tap(device, resource_id=f"{AP}:id/title", text="Record audio")
    assert not triggered(device, B4586)
    device = _image_editor(AnkiDroid29Alpha4)
    tap(device, resource_id=f"{AP}:id/multimedia_edit_field_to_text")
    assert not triggered(device, B4707)
    # fixed by a FileProvider (2.9alpha5 on): the editor asks for the camera first
    device = _image_editor(AnkiDroid29Alpha)
    assert "Camera" not in texts(device)
    tap(device, resource_id=ALLOW)
    tap(device, text="Camera")
    assert not device.system_records()["crashes"]


def _with_deck(name: str = "Test") -> VirtualDevice:
    """2.16alpha52 after the welcome, the permission and creating deck ``name``."""
    device = fresh(AnkiDroid216Alpha52)
    assert "Welcome to AnkiDroid!" in texts(device)
    tap(device, resource_id=f"{AP}:id/md_buttonDefaultPositive", text="OK")
    tap(device, resource_id=ALLOW)
    assert "Collection is empty" in texts(device)
    tap(device, resource_id=f"{AP}:id/fab_main")
    assert node_text(device, f"{AP}:id/add_deck_label") == "Create deck"
    tap(device, resource_id=f"{AP}:id/add_deck_action")
    act(device, "input_text", name, resource_id="android:id/input")
    tap(device, resource_id=f"{AP}:id/md_buttonDefaultPositive", text="OK")
    assert node_text(device, f"{AP}:id/deckpicker_name") == name
    return device


def test_anki_10584_deck_options_crash_at_every_opening() -> None:
    device = _with_deck()
    act(device, "long_click", resource_id=f"{AP}:id/DeckPickerHoriz")
    for item in ("Browse cards", "Rename deck", "Deck options", "Custom study", "Delete deck"):
        assert item in texts(device)
    tap(device, resource_id=f"{AP}:id/md_title", text="Deck options")
    assert triggered(device, B10584)
    log = _crash_log(device)
    assert (
        "Unable to start activity ComponentInfo{com.ichi2.anki/com.ichi2.anki.DeckOptions}" in log
    )
    assert "com.ichi2.themes.Themes.themeFollowsSystem(Themes.kt:2)" in log


def test_anki_10584_near_misses_do_not_crash() -> None:
    device = _with_deck()
    tap(device, resource_id=f"{AP}:id/DeckPickerHoriz")
    assert "This deck is empty" in texts(device)
    act(device, "long_click", resource_id=f"{AP}:id/DeckPickerHoriz")
    tap(device, resource_id=f"{AP}:id/md_title", text="Custom study")
    act(device, "long_click", resource_id=f"{AP}:id/DeckPickerHoriz")
    device.execute(Action(kind="press_back"))
    assert "Deck options" not in texts(device)
    act(device, "long_click", resource_id=f"{AP}:id/DeckPickerHoriz")
    tap(device, resource_id=f"{AP}:id/md_title", text="Delete deck")
    assert "Collection is empty" in texts(device)
    tap(device, resource_id=f"{AP}:id/fab_main")
    tap(device, resource_id=f"{AP}:id/add_deck_action")
    tap(device, resource_id=f"{AP}:id/md_buttonDefaultNegative")
    assert not triggered(device, B10584)
    assert not device.system_records()["crashes"]


def _browser_with(fronts: tuple[str, ...], model: str = "") -> VirtualDevice:
    """2.11.0's card browser after adding Basic notes ``fronts`` (the last one of type ``model``
    when given)."""
    device = _granted(AnkiDroid2110)
    for n, front in enumerate(fronts):
        tap(device, resource_id=f"{AP}:id/fab_expand_menu_button")
        tap(device, resource_id=f"{AP}:id/add_note_action")
        if model and n == len(fronts) - 1:
            tap(device, resource_id=f"{AP}:id/note_type_spinner")
            tap(device, resource_id="android:id/text1", text=model)
        _type(device, 0, front)
        _save(device)
        tap(device, content_desc="Navigate up")
    tap(device, content_desc="Open drawer")
    tap(device, resource_id=f"{AP}:id/design_menu_item_text", text="Card browser")
    return device


def _multiselect(device: VirtualDevice, first: str, *others: str) -> None:
    act(device, "long_click", resource_id=f"{AP}:id/card_sfld", text=first)
    for other in others:
        tap(device, resource_id=f"{AP}:id/card_sfld", text=other)


def _change_type_and_save(device: VirtualDevice, model: str) -> None:
    tap(device, resource_id=f"{AP}:id/note_type_spinner")
    tap(device, resource_id="android:id/text1", text=model)
    _save(device)


def test_anki_6432_multiselect_edit_with_a_type_change_crashes() -> None:
    device = _browser_with(("one", "two"))
    assert "2 cards shown" in texts(device)
    _multiselect(device, "one", "two")
    assert node_text(device, f"{AP}:id/toolbar_title") == "2"
    for desc in ("Flag card", "Mark notes", "Suspend cards"):
        assert desc in texts(device)
    tap(device, content_desc="More options")
    assert "Edit note" in texts(device) and "Select none" in texts(device)
    tap(device, resource_id=f"{AP}:id/title", text="Edit note")
    assert "Edit note" in texts(device)
    assert node_text(device, FIELD) == "one"
    _change_type_and_save(device, "Basic (and reversed card)")
    assert triggered(device, B6432)
    log = _crash_log(device)
    assert "java.lang.IndexOutOfBoundsException: Index: 0, Size: 0" in log
    assert "CollectionTask.doInBackgroundCheckCardSelection(CollectionTask.java:1566)" in log


def test_anki_6432_near_misses_do_not_crash() -> None:
    device = _browser_with(("one", "two"))
    tap(device, resource_id=f"{AP}:id/card_sfld", text="one")  # not multi-select: edit
    _change_type_and_save(device, "Basic (and reversed card)")
    assert "2 cards shown" in texts(device)  # the change generates no reverse card
    _multiselect(device, "two")
    tap(device, content_desc="More options")
    tap(device, resource_id=f"{AP}:id/title", text="Edit note")
    _type(device, 0, "deux")  # an edit without a type change
    _save(device)
    assert not triggered(device, B6432)
    assert node_text(device, f"{AP}:id/toolbar_title") == "1"
    device.execute(Action(kind="press_back"))  # leaves the multi-select mode
    assert "2 cards shown" in texts(device) and "deux" in texts(device)
    assert not device.system_records()["crashes"]


def test_anki_6432_two_note_types_selected_offer_no_edit() -> None:
    device = _browser_with(("one", "two"), model="Cloze")
    _multiselect(device, "one", "two")
    tap(device, content_desc="More options")
    assert "Edit note" not in texts(device) and "Delete notes" in texts(device)
    device.execute(Action(kind="press_back"))
    tap(device, resource_id=f"{AP}:id/card_sfld", text="two")  # one card left selected
    tap(device, content_desc="More options")
    tap(device, resource_id=f"{AP}:id/title", text="Edit note")
    tap(device, resource_id=f"{AP}:id/note_type_spinner")
    tap(device, resource_id="android:id/text1", text="Basic (and reversed card)")
    tap(device, content_desc="Navigate up")  # the type change is discarded
    tap(device, resource_id=f"{AP}:id/md_buttonDefaultPositive")
    assert not triggered(device, B6432)


# -- osmdroid#1030 ---------------------------------------------------------------------------------
OM = "org.osmdroid"


def _samples() -> VirtualDevice:
    """The sample app after the intro, on "More Samples"."""
    device = fresh(OpenMap601)
    for _ in range(5):
        tap(device, resource_id=f"{OM}:id/introNext", text="Next")
    tap(device, resource_id=f"{OM}:id/introNext", text="I Agree")
    tap(device, resource_id="android:id/text1", text="More Samples")
    return device


def test_osmdroid_intro_pages_and_main_list() -> None:
    device = fresh(OpenMap601)
    assert node_text(device, f"{OM}:id/introtitle") == "Open Map"
    assert "Previous" not in texts(device)
    tap(device, resource_id=f"{OM}:id/introNext")
    tap(device, resource_id=f"{OM}:id/introNext")
    assert "Ask for Permissions" in texts(device) and "Previous" in texts(device)
    tap(device, resource_id=f"{OM}:id/askPermissions")
    tap(device, resource_id=ALLOW)
    tap(device, resource_id=ALLOW)
    assert "Ask for Permissions" not in texts(device)
    for _ in range(3):
        tap(device, resource_id=f"{OM}:id/introNext")
    assert node_text(device, f"{OM}:id/introNext") == "I Agree"
    tap(device, resource_id=f"{OM}:id/introNext")
    assert node_text(device, f"{OM}:id/sdcardstate_value") == "Mounted"
    assert "More Samples" in texts(device)
    device.execute(Action(kind="swipe", direction="up"))
    assert "View the intro again" in texts(device)
    device.launch_app()  # osmdroid_first_ran: no intro any more
    assert "More Samples" in texts(device)


def test_osmdroid_sample_groups_expand_to_their_samples() -> None:
    device = _samples()
    shown = texts(device)
    assert shown.index("Drawing") < shown.index("Layouts") < shown.index("Location")
    assert "Map in a view pager" not in shown
    tap(device, resource_id=f"{OM}:id/lblListHeader", text="Layouts")
    for title in ("MapView in XML layout", "Map in a view pager", "Map in a List View"):
        assert title in texts(device)
    tap(device, resource_id=f"{OM}:id/lblListHeader", text="Layouts")
    assert "Map in a view pager" not in texts(device)


def test_osmdroid_1030_the_view_pager_sample_crashes() -> None:
    device = _samples()
    tap(device, resource_id=f"{OM}:id/lblListHeader", text="Layouts")
    tap(device, resource_id=f"{OM}:id/lblListItem", text="Map in a view pager")
    assert triggered(device, "osmdroid#1030")
    log = _crash_log(device)
    assert "MapView.onResume()' on a null object reference" in log
    assert "BaseSampleFragment.onResume(BaseSampleFragment.java:90)" in log


def test_osmdroid_1030_the_recycler_sample_crashes_the_same_way() -> None:
    device = _samples()
    tap(device, resource_id=f"{OM}:id/lblListHeader", text="Layouts")
    tap(device, resource_id=f"{OM}:id/lblListItem", text="Map in a recycler/cardview layout")
    assert triggered(device, "osmdroid#1030")


def test_osmdroid_1030_near_misses_do_not_crash() -> None:
    device = _samples()
    tap(device, resource_id=f"{OM}:id/lblListHeader", text="Layouts")
    tap(device, resource_id=f"{OM}:id/lblListItem", text="Map in a scroll view")
    assert "Layouts" not in texts(device)
    device.execute(Action(kind="press_back"))
    tap(device, resource_id=f"{OM}:id/lblListItem", text="MapView in XML layout")
    device.execute(Action(kind="press_back"))
    tap(device, resource_id=f"{OM}:id/lblListHeader", text="Events")
    tap(device, resource_id=f"{OM}:id/lblListItem", text="Limited scroll area")
    device.execute(Action(kind="press_back"))
    device.execute(Action(kind="press_back"))
    tap(device, resource_id="android:id/text1", text="OSMDroid Sample map (Start Here)")
    assert not triggered(device, "osmdroid#1030")
    assert not device.system_records()["crashes"]


def test_anki_a_note_with_three_fields_is_reviewed_and_browsed() -> None:
    # "Basic (optional reversed card)" has a third field: the card shows the first two.
    device = _browser_with(("uno",), model="Basic (optional reversed card)")
    assert "uno" in texts(device)
    device.execute(Action(kind="press_back"))  # the card browser closes: the deck list
    tap(device, resource_id=f"{AP}:id/deckpicker_name", text="Default")
    assert "uno" in texts(device)
    assert not device.system_records()["crashes"]
