"""Catalog batch m2: AntennaPod, Memento-Calendar and fastnfitness. Every catalog bug's human
steps are replayed by ``tests/test_catalog_human_steps.py``; here: the screens on the way carry
the real ids and texts, a crash block has the report's exception, and plausible wrong sequences
do not trigger the bug."""

from __future__ import annotations

from device_agent.actions import Action, Bounds
from device_agent.hierarchy import ViewNode, parse_hierarchy
from device_agent.virtual.catalog.antennapod import PACKAGE as APP
from device_agent.virtual.catalog.antennapod import AntennaPod380
from device_agent.virtual.catalog.fastnfitness import PACKAGE as FFP
from device_agent.virtual.catalog.fastnfitness import FastNFitness0190, FastNFitness0206
from device_agent.virtual.catalog.memento import PACKAGE as MCP
from device_agent.virtual.catalog.memento import PICKER_INPUT as MC_INPUT
from device_agent.virtual.catalog.memento import MementoCalendar36
from device_agent.virtual.device import VirtualDevice
from tests.catalog_helpers import act, fresh, node_text, tap, texts, triggered

AP_MENU = "AntennaPod#7611"
AP_FYYD = "AntennaPod#7866"


def _do(device: VirtualDevice, **fields: str) -> None:
    result = device.execute(Action(**fields))  # type: ignore[arg-type]
    assert result.performed, result.detail


def _ap_statistics() -> VirtualDevice:
    device = fresh(AntennaPod380)
    tap(device, resource_id=f"{APP}:id/bottom_navigation_subscriptions")
    tap(device, resource_id=f"{APP}:id/action_statistics")
    return device


def _ap_add_podcast() -> VirtualDevice:
    device = fresh(AntennaPod380)
    tap(device, resource_id=f"{APP}:id/bottom_navigation_more")
    tap(device, resource_id=f"{APP}:id/titleLabel", text="Add podcast")
    return device


def test_antennapod_first_start_shows_home_and_the_bottom_navigation() -> None:
    device = fresh(AntennaPod380)
    shown = texts(device)
    for text in ("Home", "Welcome to AntennaPod!", "Queue", "Inbox", "Subscriptions", "More"):
        assert text in shown
    tap(device, resource_id=f"{APP}:id/bottom_navigation_more")
    shown = texts(device)
    for text in ("Episodes", "Downloads", "Playback history", "Add podcast", "Settings"):
        assert text in shown
    _do(device, kind="press_back")
    tap(device, resource_id=f"{APP}:id/bottom_navigation_subscriptions")
    assert node_text(device, f"{APP}:id/emptyViewTitle") == "No subscriptions"
    node_text(device, f"{APP}:id/subscriptions_add")


def test_antennapod_statistics_screen_has_the_tabs_and_the_subscriptions_menu() -> None:
    device = _ap_statistics()
    shown = texts(device)
    for text in ("Statistics", "Back", "Subscriptions", "Years", "Downloads", "Filter"):
        assert text in shown
    assert node_text(device, f"{APP}:id/total_time") == "0.0 hours"
    tap(device, content_desc="More options")
    tap(device, text="Reset statistics data")
    assert "Are you sure you want to proceed?" in " ".join(texts(device))
    tap(device, resource_id="android:id/button2", text="Cancel")
    tap(device, resource_id=f"{APP}:id/statistics_filter")
    assert node_text(device, "android:id/alertTitle") == "Filter"
    assert not triggered(device, AP_MENU)


def test_antennapod_first_tab_tap_keeps_the_previous_pages_menu() -> None:
    device = _ap_statistics()
    tap(device, text="Downloads", class_name="android.widget.TextView")
    assert triggered(device, AP_MENU)
    assert "Filter" in texts(device)  # the Downloads page shows no Filter
    assert node_text(device, f"{APP}:id/total_description").startswith("Total size of 0")


def test_antennapod_swiping_to_a_page_prepares_its_menu() -> None:
    device = _ap_statistics()
    _do(device, kind="swipe", direction="left")
    assert "Filter" not in texts(device) and "More options" in texts(device)
    _do(device, kind="swipe", direction="left")
    assert "Filter" not in texts(device) and "More options" not in texts(device)
    assert not triggered(device, AP_MENU)


def test_antennapod_tapping_a_page_shown_before_prepares_its_menu() -> None:
    device = _ap_statistics()
    _do(device, kind="swipe", direction="left")  # Years, laid out by the drag
    tap(device, text="Subscriptions", class_name="android.widget.TextView")
    tap(device, text="Years", class_name="android.widget.TextView")
    assert "Filter" not in texts(device)
    tap(device, text="Subscriptions", class_name="android.widget.TextView")
    assert "Filter" in texts(device)
    assert not triggered(device, AP_MENU)


def test_antennapod_add_podcast_screen_has_the_real_entries() -> None:
    device = _ap_add_podcast()
    shown = texts(device)
    for text in (
        "Add podcast by RSS address",
        "Add local folder",
        "Search Apple Podcasts",
        "Search fyyd",
        "Search Podcast Index",
        "Search podcast…",
    ):
        assert text in shown
    node_text(device, f"{APP}:id/combinedFeedSearchEditText")
    _do(device, kind="swipe", direction="up")
    assert "Import podcast list (OPML)" in texts(device)


def test_antennapod_fyyd_search_shows_the_reports_error() -> None:
    device = _ap_add_podcast()
    tap(device, resource_id=f"{APP}:id/searchFyydButton")
    assert node_text(device, f"{APP}:id/search_powered_by") == "Results by fyyd"
    assert not triggered(device, AP_FYYD)  # opening the search screen alone
    act(device, "input_text", "Serious Trouble", resource_id=f"{APP}:id/search_src_text")
    _do(device, kind="press_enter")
    assert triggered(device, AP_FYYD)
    error = node_text(device, f"{APP}:id/txtvError")
    assert error.startswith("java.lang.IllegalArgumentException: Unable to create call adapter")
    assert "Retry" in texts(device)


def test_antennapod_other_providers_and_the_combined_search_find_podcasts() -> None:
    device = _ap_add_podcast()
    tap(device, resource_id=f"{APP}:id/searchItunesButton")
    act(device, "input_text", "Future Knowledge", resource_id=f"{APP}:id/search_src_text")
    _do(device, kind="press_enter")
    assert node_text(device, f"{APP}:id/txtvTitle") == "Future Knowledge"
    tap(device, content_desc="Back")
    act(device, "input_text", "Serious", resource_id=f"{APP}:id/combinedFeedSearchEditText")
    _do(device, kind="press_enter")
    assert node_text(device, f"{APP}:id/txtvTitle") == "Serious Trouble"
    assert "Results by fyyd, Apple, Podcast Index" in texts(device)
    assert not triggered(device, AP_FYYD)


def test_antennapod_leaving_the_fyyd_search_before_submitting_does_not_fail() -> None:
    device = _ap_add_podcast()
    tap(device, resource_id=f"{APP}:id/searchFyydButton")
    act(device, "input_text", "Future Knowledge", resource_id=f"{APP}:id/search_src_text")
    tap(device, content_desc="Collapse")
    assert "Search fyyd" in texts(device)
    assert not triggered(device, AP_FYYD)


# -- Memento Calendar 3.6 ---------------------------------------------------------------------
MC_YEAR = "Memento-Calendar#7"
MC_CRASH = "Memento-Calendar#169"


def _mc_picker() -> VirtualDevice:
    device = fresh(MementoCalendar36)
    tap(device, resource_id=f"{MCP}:id/fab_add")
    tap(device, resource_id=f"{MCP}:id/birthdaypicker_label")
    return device


def _mc_set(device: VirtualDevice) -> None:
    tap(device, resource_id="android:id/button1", text="Set")


def _mc_year_wheel_shown(device: VirtualDevice) -> bool:
    return f"{MCP}:id/year_picker" in device.observe(screenshot=False).hierarchy_xml


def test_memento_main_and_add_birthday_screens_have_the_real_ids() -> None:
    device = fresh(MementoCalendar36)
    shown = texts(device)
    for text in ("Memento Calendar", "Today", "Search", "More options"):
        assert text in shown
    assert node_text(device, f"{MCP}:id/upcoming_events_emptyview").startswith("No contacts")
    tap(device, resource_id=f"{MCP}:id/fab_add")
    assert node_text(device, f"{MCP}:id/addbirthday_title") == "Add birthday"
    assert node_text(device, f"{MCP}:id/contacthero_name_suggestion") == "Contact name"
    assert node_text(device, f"{MCP}:id/addbirthday_add_button") == "Add"
    tap(device, resource_id=f"{MCP}:id/birthdaypicker_label")
    assert node_text(device, "android:id/alertTitle") == "Birthday date"
    for rid in ("day_picker", "month_picker", "year_picker", "include_year_checkbox"):
        node_text(device, f"{MCP}:id/{rid}")
    assert node_text(device, f"{MCP}:id/{MC_INPUT}") == "28"


def test_memento_a_stored_birthday_is_listed() -> None:
    device = _mc_picker()
    _mc_set(device)
    assert node_text(device, f"{MCP}:id/birthdaypicker_label") == "February 28, 2018"
    act(device, "input_text", "Ann", resource_id=f"{MCP}:id/contacthero_name_suggestion")
    tap(device, resource_id=f"{MCP}:id/addbirthday_add_button")
    assert "Ann" in texts(device) and "February 28, 2018" in texts(device)
    assert not triggered(device, MC_YEAR) and not triggered(device, MC_CRASH)


def test_memento_reopened_dialog_shows_the_year_wheel_with_the_box_unchecked() -> None:
    device = _mc_picker()
    tap(device, resource_id=f"{MCP}:id/include_year_checkbox")
    assert not _mc_year_wheel_shown(device)
    _mc_set(device)
    assert node_text(device, f"{MCP}:id/birthdaypicker_label") == "February 28"
    tap(device, resource_id=f"{MCP}:id/birthdaypicker_label")
    assert triggered(device, MC_YEAR)
    box = [n for n in _nodes(device) if n.resource_id == f"{MCP}:id/include_year_checkbox"]
    assert not box[0].checked and _mc_year_wheel_shown(device)


def test_memento_unchecking_without_reopening_or_after_dismissing_is_consistent() -> None:
    device = _mc_picker()
    tap(device, resource_id=f"{MCP}:id/include_year_checkbox")
    tap(device, resource_id=f"{MCP}:id/include_year_checkbox")  # back on: the wheel returns
    assert _mc_year_wheel_shown(device)
    tap(device, resource_id=f"{MCP}:id/include_year_checkbox")
    _mc_set(device)
    assert not triggered(device, MC_YEAR)  # set, not reopened
    device = _mc_picker()
    tap(device, resource_id=f"{MCP}:id/include_year_checkbox")
    _do(device, kind="press_back")  # dismissed: no birthday set
    tap(device, resource_id=f"{MCP}:id/birthdaypicker_label")
    assert _mc_year_wheel_shown(device)
    assert not triggered(device, MC_YEAR)


def test_memento_setting_30_february_crashes_with_the_joda_exception() -> None:
    device = _mc_picker()
    tap(device, text="29", class_name="android.widget.Button")
    tap(device, text="30", class_name="android.widget.Button")
    assert not triggered(device, MC_CRASH)
    _mc_set(device)
    assert triggered(device, MC_CRASH)
    log = "\n".join(device.read_logcat(0, ("crash",)).lines)
    assert (
        "org.joda.time.IllegalFieldValueException: Value 30 for dayOfMonth must be in the range"
        " [1,28]" in log
    )
    assert "BirthdayLabelView.displayBirthday(BirthdayLabelView.java:40)" in log


def test_memento_valid_days_and_a_later_month_change_do_not_crash() -> None:
    device = _mc_picker()
    tap(device, text="29", class_name="android.widget.Button")
    tap(device, text="30", class_name="android.widget.Button")
    tap(device, text="March", class_name="android.widget.Button")  # 30 March is a date
    _mc_set(device)
    assert node_text(device, f"{MCP}:id/birthdaypicker_label") == "March 30, 2018"
    assert not triggered(device, MC_CRASH)
    device = _mc_picker()
    tap(device, text="27", class_name="android.widget.Button")
    _mc_set(device)
    assert not triggered(device, MC_CRASH)


def test_memento_29_february_of_a_leap_year_is_shown() -> None:
    device = _mc_picker()
    tap(device, text="29", class_name="android.widget.Button")
    act(
        device, "input_text", "2016", resource_id=f"{MCP}:id/{MC_INPUT}", bounds=_year_input(device)
    )
    _mc_set(device)
    assert node_text(device, f"{MCP}:id/birthdaypicker_label") == "February 29, 2016"
    assert not triggered(device, MC_CRASH)


def _nodes(device: VirtualDevice) -> list[ViewNode]:
    return list(parse_hierarchy(device.observe(screenshot=False).hierarchy_xml).iter())


def _year_input(device: VirtualDevice) -> Bounds:
    inputs = [n for n in _nodes(device) if n.resource_id == f"{MCP}:id/{MC_INPUT}"]
    return inputs[2].bounds


# -- Fast N Fitness 0.19.0 --------------------------------------------------------------------
FF_PROGRAM = "fastnfitness#142"
FF_NAME_FIELD = Bounds(66, 843, 1014, 993)  # the name dialog's EditText has no id


def _ff_main() -> VirtualDevice:
    """Past the first start: four Next, a profile named Alex, OK."""
    device = fresh(FastNFitness0190)
    for step in FastNFitness0190.bugs[0].human_steps[:7]:
        result = device.execute(Action.from_json(step))
        assert result.performed, result.detail
    return device


def _ff_new_program(device: VirtualDevice, name: str) -> None:
    tap(device, resource_id=f"{FFP}:id/newProgram")
    assert "Enter program name" in texts(device)
    act(device, "input_text", name, class_name="android.widget.EditText", bounds=FF_NAME_FIELD)
    tap(device, resource_id=f"{FFP}:id/confirm_button", text="OK")
    assert node_text(device, f"{FFP}:id/workout_name") == name
    _do(device, kind="press_back")


def _ff_program_tab(device: VirtualDevice) -> None:
    tap(device, text="Program", class_name="android.widget.TextView")


def _ff_delete_shown_program(device: VirtualDevice) -> None:
    tap(device, resource_id=f"{FFP}:id/deleteButton")
    assert "Do you want to delete this program?" in texts(device)
    tap(device, resource_id="android:id/button1", text="Yes")


def test_fastnfitness_first_start_walks_the_intro_and_creates_a_profile() -> None:
    device = fresh(FastNFitness0190)
    assert node_text(device, f"{FFP}:id/mi_title") == "Hello"
    for _ in range(4):
        tap(device, resource_id=f"{FFP}:id/mi_button_next")
    assert "Create a profile" in texts(device)
    tap(device, resource_id=f"{FFP}:id/mi_button_next")  # blocked: Create without a name
    assert "Create a profile" in texts(device) and "Profile created" not in texts(device)
    act(device, "input_text", "Alex", resource_id=f"{FFP}:id/profileName")
    _do(device, kind="press_back")  # hides the keyboard over the pager's buttons
    tap(device, resource_id=f"{FFP}:id/mi_button_next")
    assert "Profile created" in texts(device)
    tap(device, resource_id=f"{FFP}:id/confirm_button")
    shown = texts(device)
    for text in ("Fast N Fitness", "Free workout", "Program", "Graphs", "History"):
        assert text in shown
    tap(device, content_desc="Open navigation drawer")
    assert node_text(device, f"{FFP}:id/drawerTitle") == "Alex"
    assert "Programs List" in texts(device)


def test_fastnfitness_deleting_the_running_program_crashes_the_workout_page() -> None:
    device = _ff_main()
    _ff_program_tab(device)
    _ff_new_program(device, "Test")
    tap(device, resource_id=f"{FFP}:id/startStopProgram", text="Start program")
    assert node_text(device, f"{FFP}:id/startStopProgram") == "Finish program"
    tap(device, content_desc="Open navigation drawer")
    tap(device, resource_id=f"{FFP}:id/drawer_itemName", text="Programs List")
    tap(device, resource_id=f"{FFP}:id/LIST_WORKOUT_NAME", text="Test")
    _ff_delete_shown_program(device)
    assert not triggered(device, FF_PROGRAM)  # back on the Programs List
    tap(device, content_desc="Open navigation drawer")
    tap(device, resource_id=f"{FFP}:id/drawer_itemName", text="Workout")
    assert triggered(device, FF_PROGRAM)
    log = "\n".join(device.read_logcat(0, ("crash",)).lines)
    assert "java.lang.IndexOutOfBoundsException: Index: 0, Size: 0" in log
    assert "ProgramRunnerFragment.refreshData(ProgramRunnerFragment.java:277)" in log


def test_fastnfitness_finishing_the_program_before_deleting_it_is_safe() -> None:
    device = _ff_main()
    _ff_program_tab(device)
    _ff_new_program(device, "Test")
    tap(device, resource_id=f"{FFP}:id/startStopProgram", text="Start program")
    tap(device, resource_id=f"{FFP}:id/startStopProgram", text="Finish program")
    tap(device, resource_id=f"{FFP}:id/editProgram")
    _ff_delete_shown_program(device)
    assert "Start program" in texts(device)
    assert not triggered(device, FF_PROGRAM)


def test_fastnfitness_deleting_another_program_while_one_runs_is_safe() -> None:
    device = _ff_main()
    _ff_program_tab(device)
    _ff_new_program(device, "Legs")
    _ff_new_program(device, "Arms")
    tap(device, resource_id=f"{FFP}:id/startStopProgram", text="Start program")  # Legs runs
    tap(device, content_desc="Open navigation drawer")
    tap(device, resource_id=f"{FFP}:id/drawer_itemName", text="Programs List")
    tap(device, resource_id=f"{FFP}:id/LIST_WORKOUT_NAME", text="Arms")
    _ff_delete_shown_program(device)
    tap(device, content_desc="Open navigation drawer")
    tap(device, resource_id=f"{FFP}:id/drawer_itemName", text="Workout")
    assert not triggered(device, FF_PROGRAM)


def test_fastnfitness_deleting_a_program_that_never_ran_is_safe() -> None:
    device = _ff_main()
    _ff_program_tab(device)
    _ff_new_program(device, "Test")
    tap(device, resource_id=f"{FFP}:id/editProgram")
    _ff_delete_shown_program(device)
    assert not triggered(device, FF_PROGRAM)


def test_fastnfitness_the_crash_comes_back_at_every_start() -> None:
    device = _ff_main()
    for step in FastNFitness0190.bugs[0].human_steps[7:]:
        assert device.execute(Action.from_json(step)).performed
    assert triggered(device, FF_PROGRAM)
    tap(device, resource_id="android:id/aerr_close")
    device.launch_app()
    log = "\n".join(device.read_logcat(0, ("crash",)).lines)
    assert log.count("java.lang.IndexOutOfBoundsException") == 2


# -- Fast N Fitness 0.20.6 --------------------------------------------------------------------
FF_QUOTE = "fastnfitness#293"


def _ff206_exercise(name: str, kind: str = "Strength") -> VirtualDevice:
    """Past the intro, a new exercise of ``kind`` named ``name``, its page still open."""
    device = fresh(FastNFitness0206)
    for step in FastNFitness0206.bugs[0].human_steps[:7]:
        assert device.execute(Action.from_json(step)).performed
    tap(device, content_desc="Open navigation drawer")
    tap(device, resource_id=f"{FFP}:id/drawer_itemName", text="Exercises")
    tap(device, resource_id=f"{FFP}:id/addExercise")
    assert "Exercise type?" in texts(device)
    tap(device, text=kind, class_name="android.widget.Button")
    assert node_text(device, f"{FFP}:id/valueTextView") == "Default exercise"
    tap(device, resource_id=f"{FFP}:id/editButton")
    act(device, "input_text", name, class_name="android.widget.EditText", bounds=FF_NAME_FIELD)
    tap(device, resource_id=f"{FFP}:id/confirm_button", text="OK")
    return device


def test_fastnfitness206_exercise_screens_have_the_real_ids() -> None:
    device = _ff206_exercise("Squat")
    assert "Exercise" in texts(device) and "History" in texts(device)
    node_text(device, f"{FFP}:id/deleteButton")
    node_text(device, f"{FFP}:id/favButton")
    assert node_text(device, f"{FFP}:id/machine_muscles_textview") == "Muscles"
    _do(device, kind="press_back")
    assert node_text(device, f"{FFP}:id/LIST_MACHINE_NAME") == "Squat"
    tap(device, resource_id=f"{FFP}:id/LIST_MACHINE_NAME", text="Squat")
    tap(device, text="History", class_name="android.widget.TextView")
    assert node_text(device, f"{FFP}:id/filterDate") == ""
    assert not triggered(device, FF_QUOTE)


def test_fastnfitness206_opening_an_exercise_named_with_a_quote_crashes() -> None:
    device = _ff206_exercise('Bench "Pro"')
    assert not triggered(device, FF_QUOTE)  # the rename alone does not refill the history
    tap(device, text="History", class_name="android.widget.TextView")
    assert not triggered(device, FF_QUOTE)
    _do(device, kind="press_back")
    tap(device, resource_id=f"{FFP}:id/LIST_MACHINE_NAME", text='Bench "Pro"')
    assert triggered(device, FF_QUOTE)
    log = "\n".join(device.read_logcat(0, ("crash",)).lines)
    assert 'SQLiteException: near "Pro": syntax error (code 1 SQLITE_ERROR)' in log
    assert 'WHERE machine="Bench "Pro"" AND profil_id=1' in log
    assert "FonteHistoryFragment.FillRecordTable(FonteHistoryFragment.java:213)" in log


def test_fastnfitness206_a_trailing_quote_is_an_unrecognized_token() -> None:
    device = _ff206_exercise('Curl"', kind="Isometric")
    _do(device, kind="press_back")
    tap(device, resource_id=f"{FFP}:id/LIST_MACHINE_NAME", text='Curl"')
    log = "\n".join(device.read_logcat(0, ("crash",)).lines)
    assert 'SQLiteException: unrecognized token: ""Curl"" AND profil_id=1' in log
    assert triggered(device, FF_QUOTE)


def test_fastnfitness206_single_quotes_and_doubled_quotes_do_not_crash() -> None:
    device = _ff206_exercise("Farmer's walk", kind="Cardio")
    _do(device, kind="press_back")
    tap(device, resource_id=f"{FFP}:id/LIST_MACHINE_NAME", text="Farmer's walk")
    assert not triggered(device, FF_QUOTE)
    device = _ff206_exercise('Row ""wide""')
    _do(device, kind="press_back")
    tap(device, resource_id=f"{FFP}:id/LIST_MACHINE_NAME", text='Row ""wide""')
    assert not triggered(device, FF_QUOTE)


def test_fastnfitness206_deleting_the_quoted_exercise_before_reopening_is_safe() -> None:
    device = _ff206_exercise('Bench "Pro"')
    tap(device, resource_id=f"{FFP}:id/deleteButton")
    tap(device, resource_id="android:id/button1", text="Yes")
    assert "Add new Exercise" in texts(device) and 'Bench "Pro"' not in texts(device)
    assert not triggered(device, FF_QUOTE)
