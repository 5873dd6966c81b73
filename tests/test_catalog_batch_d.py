"""Catalog batch D (issue 13): anglers-log#347, MaterialFiles#1392. Every catalog bug's human
steps are replayed by ``tests/test_catalog_human_steps.py``; here: the screens on the way carry
the real ids, and plausible wrong sequences do not trigger the bug."""

from __future__ import annotations

from device_agent.actions import Action, Selector
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.catalog.anglerslog import (
    DRAWER_DESC,
    ERROR_TRIP_DATE,
    PACKAGE,
    AnglersLog131,
)
from device_agent.virtual.catalog.materialfiles import PACKAGE as MFP
from device_agent.virtual.catalog.materialfiles import RATIONALE, MaterialFiles174
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

AL = "anglers-log#347"
DONE = f"{PACKAGE}:id/action_confirm"


def _trips() -> VirtualDevice:
    device = fresh(AnglersLog131)
    tap(device, content_desc=DRAWER_DESC)
    tap(device, text="Trips")
    return device


def _pick(device: VirtualDevice, shown: str, day: str, nth: int = 0) -> None:
    """Open the ``nth`` date button showing ``shown`` (0: start, 1: end when both show the same
    date), pick ``day`` ("10 August 2019"), OK."""
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    buttons = [
        n
        for n in tree.iter()
        if n.resource_id == f"{PACKAGE}:id/primary_button" and n.text == shown
    ]
    result = device.execute(Action(kind="click", target=Selector(bounds=buttons[nth].bounds)))
    assert result.performed, result.detail
    tap(device, content_desc=day)
    tap(device, text="OK")


def _new_trip(device: VirtualDevice, start_day: str = "") -> None:
    tap(device, resource_id=f"{PACKAGE}:id/new_button")
    if start_day:
        _pick(device, "Aug 15, 2019", start_day)
    tap(device, resource_id=DONE)


def test_fresh_install_opens_catches_with_the_real_toolbar_drawer_and_fab() -> None:
    device = fresh(AnglersLog131)
    assert texts(device) == [DRAWER_DESC, "Catches (0)", "Search", "More options"]
    node_text(device, f"{PACKAGE}:id/new_button")
    tap(device, content_desc="More options")
    assert "Sort" in texts(device)
    tap(device, text="Sort")
    tap(device, content_desc=DRAWER_DESC)
    shown = texts(device)
    for entry in ("Trips", "Baits", "Locations", "Map", "Statistics", "Help & Feedback"):
        assert entry in shown


def test_new_trip_screen_has_the_layout_fields_and_saves() -> None:
    device = _trips()
    tap(device, resource_id=f"{PACKAGE}:id/new_button")
    assert "New Trip" in texts(device)
    assert node_text(device, f"{PACKAGE}:id/primary_button") == "Aug 15, 2019"
    _pick(device, "Aug 15, 2019", "10 August 2019")
    tap(device, resource_id=DONE)
    shown = texts(device)
    assert "Trips (1)" in shown and "Successfully added trip" in shown
    assert "Aug 10, 2019 to Aug 15, 2019" in shown
    assert not triggered(device, AL)


def test_moving_the_start_of_an_existing_trip_is_rejected_as_an_overlap_with_itself() -> None:
    device = _trips()
    _new_trip(device, "10 August 2019")
    tap(device, text="Aug 10, 2019 to Aug 15, 2019")
    tap(device, content_desc="Edit")
    _pick(device, "Aug 10, 2019", "12 August 2019")
    tap(device, resource_id=DONE)
    assert ERROR_TRIP_DATE in texts(device)
    assert triggered(device, AL)


def test_editing_only_the_name_saves() -> None:
    device = _trips()
    _new_trip(device, "10 August 2019")
    tap(device, text="Aug 10, 2019 to Aug 15, 2019")
    tap(device, content_desc="Edit")
    act(device, "input_text", "Lake day", resource_id=f"{PACKAGE}:id/edit_text", text="")
    tap(device, resource_id=DONE)
    assert "Successfully updated trip" in texts(device)
    assert not triggered(device, AL)


def test_extending_the_end_of_a_default_trip_saves_as_in_the_real_app() -> None:
    device = _trips()
    _new_trip(device)  # start = end = now: a zero-length range nothing overlaps strictly
    tap(device, text="Aug 15, 2019 to Aug 15, 2019")
    tap(device, content_desc="Edit")
    _pick(device, "Aug 15, 2019", "20 August 2019", nth=1)
    tap(device, resource_id=DONE)
    assert "Successfully updated trip" in texts(device)
    assert "Aug 15, 2019 to Aug 20, 2019" not in texts(device)  # the detail shows labels
    assert "Aug 20, 2019" in texts(device) and not triggered(device, AL)


def test_a_start_after_the_end_is_refused_by_the_picker_check() -> None:
    device = _trips()
    tap(device, resource_id=f"{PACKAGE}:id/new_button")
    _pick(device, "Aug 15, 2019", "20 August 2019")
    assert "Start date must come before end date." in texts(device)
    tap(device, text="OK")
    assert not triggered(device, AL)


def test_a_trip_whose_end_was_picked_while_creating_has_a_range_its_own_edit_overlaps() -> None:
    # The real clock moves: today picked as the end a few seconds after the new trip's screen
    # opened is later than its start (onDateSet keeps now's time of day), so the stored trip has
    # a range, and re-picking today as its end when editing overlaps that range: the bug, with
    # the report's own steps (create, edit, modify one date, save).
    device = _trips()
    tap(device, resource_id=f"{PACKAGE}:id/new_button")
    _pick(device, "Aug 15, 2019", "15 August 2019", nth=1)
    assert "End date must come after start date." not in texts(device)
    tap(device, resource_id=DONE)
    tap(device, text="Aug 15, 2019 to Aug 15, 2019")
    tap(device, content_desc="Edit")
    _pick(device, "Aug 15, 2019", "15 August 2019", nth=1)
    tap(device, resource_id=DONE)
    assert ERROR_TRIP_DATE in texts(device)
    assert triggered(device, AL)


def test_today_as_the_start_of_a_trip_that_ended_earlier_today_is_refused() -> None:
    # Editing later than the trip was created: today's pick carries the later time of day, so
    # it falls after the stored end (Date.after, to the millisecond) and the picker check refuses.
    device = _trips()
    _new_trip(device)
    tap(device, text="Aug 15, 2019 to Aug 15, 2019")
    tap(device, content_desc="Edit")
    _pick(device, "Aug 15, 2019", "15 August 2019")
    assert "Start date must come before end date." in texts(device)
    tap(device, text="OK")
    tap(device, resource_id=DONE)
    assert "Successfully updated trip" in texts(device) and not triggered(device, AL)


def test_a_new_trip_overlapping_another_trip_is_the_check_working_not_the_bug() -> None:
    device = _trips()
    _new_trip(device, "10 August 2019")
    tap(device, resource_id=f"{PACKAGE}:id/new_button")
    _pick(device, "Aug 15, 2019", "12 August 2019")
    tap(device, resource_id=DONE)
    assert ERROR_TRIP_DATE in texts(device)
    assert not triggered(device, AL)


def test_deleting_a_trip_asks_then_empties_the_list() -> None:
    device = _trips()
    _new_trip(device)
    tap(device, text="Aug 15, 2019 to Aug 15, 2019")
    tap(device, content_desc="Delete")
    assert "This action cannot be undone. Delete anyway?" in texts(device)
    tap(device, text="Delete")
    assert "Trips (0)" in texts(device) and not triggered(device, AL)


# -- MaterialFiles#1392 --------------------------------------------------------------------------
MF = "MaterialFiles#1392"
ALLOW = "com.android.permissioncontroller:id/permission_allow_button"


def _granted() -> VirtualDevice:
    device = fresh(MaterialFiles174)
    assert "/storage/emulated/0: Permission denied" in texts(device)
    tap(device, resource_id=ALLOW)
    return device


def _new_folder(device: VirtualDevice, name: str) -> None:
    tap(device, resource_id=f"{MFP}:id/sd_main_fab")
    tap(device, text="Folder")
    act(device, "input_text", name, resource_id=f"{MFP}:id/nameEdit")
    tap(device, text="OK")


def test_first_start_asks_for_storage_then_lists_the_folders_with_the_real_ids() -> None:
    device = _granted()
    shown = texts(device)
    assert shown[:6] == [
        "Open navigation drawer",
        "Files",
        "9 folders, 1 file",
        "Search",
        "View and sort",
        "More options",
    ]
    assert node_text(device, f"{MFP}:id/nameText") == "Alarms"
    tap(device, content_desc="More options")
    assert {"Refresh", "Show hidden files", "Copy path"} <= set(texts(device))


def test_creating_a_folder_after_the_grant_does_not_show_it() -> None:
    device = _granted()
    _new_folder(device, "Test")
    assert "Test" not in texts(device) and triggered(device, MF)


def test_denying_shows_the_rationale_and_nothing_is_listed() -> None:
    device = fresh(MaterialFiles174)
    tap(device, text="Don't allow")
    assert RATIONALE in texts(device)
    tap(device, text="Cancel")
    assert "Error" in texts(device) and not triggered(device, MF)


def test_after_opening_another_folder_creations_and_deletions_refresh() -> None:
    device = _granted()
    tap(device, text="Download")
    _new_folder(device, "Test")
    assert "Test" in texts(device)
    tap(device, resource_id=f"{MFP}:id/menuButton")
    tap(device, text="Delete")
    assert "Delete folder “Test” and its contents?" in texts(device)
    tap(device, text="OK")
    assert "No files" in texts(device)
    device.execute(Action(kind="press_back"))
    _new_folder(device, "Again")  # the root's new load registered its observer
    assert "Again" in texts(device) and not triggered(device, MF)


def test_cancelling_the_new_folder_dialog_changes_nothing() -> None:
    device = _granted()
    tap(device, resource_id=f"{MFP}:id/sd_main_fab")
    tap(device, text="File")
    assert "New file" in texts(device)
    tap(device, text="Cancel")
    assert not triggered(device, MF)
