"""Devices that lie (issue 15, section 3): the adb backend against the adb-speaking virtual device
with :class:`~device_agent.adbd.shell.Faults`, through the real adb server on loopback. Each test
makes the device misbehave the way real ones do and asserts the safe outcome.

The app is the notes app of the virtual device's own tests (``tests/apps/notes.py``): its editor
has a title field at the top and a Save button that the soft keyboard covers.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
import structlog.testing
from PIL import Image

from device_agent.actions import CLICK, INPUT_TEXT, Action, Selector
from device_agent.adb import parsers as P
from device_agent.adb.backend import AdbDevice
from device_agent.adbd.emulator import AdbEmulator
from device_agent.adbd.shell import ADB_KEYBOARD, INPUT_EXCEPTION, Faults
from device_agent.errors import DeviceError, SnapshotError
from device_agent.hierarchy import ViewNode, parse_hierarchy, structural_hash
from device_agent.state import DeviceState, StateKeeper
from device_agent.virtual.device import VirtualDevice
from tests.adb_harness import NEEDS_ADB, AdbServer, adb_server

pytestmark = NEEDS_ADB

APPS = Path(__file__).parent / "apps"
PKG = "org.example.notes"
FAB = Action(CLICK, Selector(resource_id=f"{PKG}:id/fab"))
TITLE = Selector(resource_id=f"{PKG}:id/title")
SAVE = Action(CLICK, Selector(resource_id=f"{PKG}:id/save"))


@pytest.fixture(scope="module")
def server() -> Iterator[AdbServer]:
    with adb_server() as srv:
        yield srv


@pytest.fixture(scope="module")
def token_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("console") / "token"
    path.write_text("lies-token\n")
    return path


@pytest.fixture()
def emu(server: AdbServer, token_file: Path) -> Iterator[AdbEmulator]:
    device = VirtualDevice("lying-emulator", "Notes", app_dir=APPS)
    device.launch_app()
    emulator = AdbEmulator(device, 0, token_file=token_file, faults=Faults())
    emulator.start(server.port)
    try:
        server.wait_for(emulator.serial)
        yield emulator
    finally:
        emulator.stop()


@pytest.fixture()
def adb(emu: AdbEmulator, server: AdbServer, token_file: Path) -> Iterator[AdbDevice]:
    device = AdbDevice(
        "adb-lies",
        emu.serial,
        package=PKG,
        adb_port=server.port,
        console_token_file=token_file,
        ready_timeout_s=3.0,
    )
    yield device
    device.close()


def _node(adb: AdbDevice, resource: str) -> ViewNode:
    hierarchy = parse_hierarchy(adb.dump())
    return next(n for n in hierarchy.iter() if n.resource_id == f"{PKG}:id/{resource}")


# -- screenshots -------------------------------------------------------------------------------
def test_crlf_mangled_screenshot_is_repaired(adb: AdbDevice, emu: AdbEmulator) -> None:
    clean = adb.screenshot()
    emu.faults.screencap_crlf = 1
    repaired = adb.screenshot()
    assert emu.faults.screencap_crlf == 0  # the mangled one was served
    assert repaired == clean
    assert Image.open(io.BytesIO(repaired)).size == (1080, 1920)


def test_empty_screenshot_is_retried_and_never_passed_on(adb: AdbDevice, emu: AdbEmulator):
    emu.faults.screencap_empty = 2
    png = adb.screenshot()
    assert Image.open(io.BytesIO(png)).size == (1080, 1920)
    emu.faults.screencap_empty = 10
    with pytest.raises(DeviceError, match="an empty screenshot 3 times"):
        adb.screenshot()


# -- input that fails quietly -----------------------------------------------------------------
def test_input_printing_an_exception_with_status_0_is_a_failed_action(
    adb: AdbDevice, emu: AdbEmulator
) -> None:
    before = structural_hash(adb.dump())
    emu.faults.input_exceptions = 1
    result = adb.execute(FAB)
    assert not result.performed
    assert "SecurityException" in result.detail and "INJECT_EVENTS" in result.detail
    assert structural_hash(adb.dump()) == before  # nothing happened, and we say so
    assert P.input_failure(INPUT_EXCEPTION)
    assert P.input_failure("Events injected: 1\n") == ""


def test_typed_text_is_read_back_and_retyped_once(adb: AdbDevice, emu: AdbEmulator) -> None:
    assert adb.execute(FAB).performed
    emu.faults.text_drops = 1  # the first `input text` loses a character
    result = adb.execute(Action(INPUT_TEXT, TITLE, text="Groceries"))
    assert result.performed, result.detail
    assert _node(adb, "title").text == "Groceries"
    emu.faults.text_drops = 10  # every attempt loses one: the action fails, marked dirty
    result = adb.execute(Action(INPUT_TEXT, TITLE, text="Books"))
    assert not result.performed and result.dirty
    assert 'but the field shows "Book"' in result.detail


# -- snapshot loads that answer OK -------------------------------------------------------------
def test_snapshot_load_ok_is_restored_only_when_the_screen_proves_it(
    adb: AdbDevice, emu: AdbEmulator
) -> None:
    adb.save_snapshot("list")
    assert adb.execute(FAB).performed  # now in the editor
    adb.save_snapshot("editor")
    # The console says OK but loads nothing: the editor, not the list, is in front.
    emu.faults.load_noop = True
    with pytest.raises(SnapshotError, match=r"answered OK, but .*EditorActivity is in front"):
        adb.load_snapshot("list")
    emu.faults.load_noop = False
    # The screen stays black: not restored.
    emu.faults.black_screens = 1000
    with pytest.raises(SnapshotError, match="black screen"):
        adb.load_snapshot("list")
    emu.faults.black_screens = 0
    # Input does not work after the load: not restored.
    emu.faults.input_exceptions = 1
    with pytest.raises(SnapshotError, match="input does not work"):
        adb.load_snapshot("list")
    # A load that really works is accepted.
    adb.load_snapshot("list")
    assert adb.foreground()[1].endswith(".MainActivity")


def test_a_load_is_done_only_once_input_works(adb: AdbDevice, emu: AdbEmulator) -> None:
    """``cmd: Can't find service: input`` (exit 20) after a load: the input service is not up.
    A load is waited on until input works, and is not restored when it never does."""
    adb.save_snapshot("list")
    assert adb.execute(FAB).performed  # now in the editor
    emu.faults.input_service_missing = 1000
    with pytest.raises(SnapshotError, match="input does not work.*Can't find service: input"):
        adb.load_snapshot("list")
    emu.faults.input_service_missing = 2  # up after a moment: the load is waited on, then done
    adb.load_snapshot("list")
    assert emu.faults.input_service_missing == 0
    assert adb.foreground()[1].endswith(".MainActivity")
    # An action meeting it is a failed action, not one that "worked".
    emu.faults.input_service_missing = 1
    result = adb.execute(FAB)
    assert not result.performed and "Can't find service: input" in result.detail
    assert P.input_failure("cmd: Can't find service: input\n")
    assert P.exit_status(f"x\n{P.EXIT_MARK}20\n") == 20


def test_keeper_falls_back_to_replay_when_a_load_lies(adb: AdbDevice, emu: AdbEmulator):
    adb.save_snapshot("base")
    keeper = StateKeeper(adb)
    editor = DeviceState("base").child(FAB, "editor-snap")
    keeper.bring_to(editor)
    adb.save_snapshot("editor-snap")
    adb.load_snapshot("base")
    keeper.invalidate()
    # Every load answers OK without loading: the snapshot's load is caught (the list, not the
    # editor, is in front) and the keeper replays from the base instead.
    emu.faults.load_noop = True
    with structlog.testing.capture_logs() as logs:
        assert keeper.bring_to(editor).method == "replay"
    assert any(e["event"] == "snapshot_load_failed" for e in logs)
    assert adb.foreground()[1].endswith(".EditorActivity")
    emu.faults.load_noop = False
    adb.load_snapshot("base")
    keeper.invalidate()
    assert keeper.bring_to(editor).method == "snapshot_local"


# -- the soft keyboard -------------------------------------------------------------------------
def test_target_under_the_soft_keyboard_is_not_tapped_blind(adb: AdbDevice, emu: AdbEmulator):
    assert adb.execute(FAB).performed
    assert adb.execute(Action(INPUT_TEXT, TITLE, text="Groceries")).performed
    status = adb.observe(screenshot=False)
    assert status.keyboard_shown
    save = _node(adb, "save").bounds
    left, top, right, bottom = emu.device.geometry.keyboard
    assert top <= save.center[1] < bottom  # Save is covered by the keyboard
    result = adb.execute(SAVE)
    assert result.performed, result.detail
    assert "after hiding the soft keyboard" in result.detail
    assert not adb.observe(screenshot=False).keyboard_shown
    # The tap reached Save, not the keyboard: the note was saved (back on the list).
    assert adb.foreground()[1].endswith(".MainActivity")
    assert "Groceries" in adb.dump()


# -- another package's ANR dialog --------------------------------------------------------------
def test_foreign_anr_dialog_is_dismissed_with_wait(adb: AdbDevice, emu: AdbEmulator) -> None:
    emu.faults.foreign_anr = "com.android.systemui"
    # What the device shows with the dialog up (the fault fires on this dump's shell command).
    obs = adb.observe(screenshot=False)
    assert P.error_dialog(obs.hierarchy_xml) == ""  # the app's screen, not the dialog
    assert obs.package == PKG
    assert adb.environment_blockers == 1
    # The tap was on "Wait"; "Close app" was never pressed.
    dialog = VirtualDevice("dialog", "Notes", app_dir=APPS)
    dialog.launch_app()
    dialog.s["sys_windows"].append(
        {"kind": "anr", "package": "com.android.systemui", "label": "systemui"}
    )
    dialog._invalidate()
    shown = parse_hierarchy(dialog.observe().hierarchy_xml)
    nodes = {n.resource_id: n.bounds for n in shown.iter()}
    wait, close = nodes["android:id/aerr_wait"], nodes["android:id/aerr_close"]
    assert [wait.contains(x, y) for x, y in emu.faults.taps] == [True]
    assert not any(close.contains(x, y) for x, y in emu.faults.taps)


def test_the_apps_own_anr_dialog_is_left_as_evidence(adb: AdbDevice, emu: AdbEmulator):
    emu.faults.foreign_anr = PKG
    obs = adb.observe(screenshot=False)
    assert P.error_dialog(obs.hierarchy_xml) == "anr"
    assert adb.environment_blockers == 0 and emu.faults.taps == []


# -- text input cannot type --------------------------------------------------------------------
@pytest.mark.parametrize("text", ["Grüße 👋", "tab\there"])
def test_text_input_cannot_type_is_reported_once(adb: AdbDevice, emu: AdbEmulator, text: str):
    assert adb.execute(FAB).performed
    with structlog.testing.capture_logs() as logs:
        first = adb.execute(Action(INPUT_TEXT, TITLE, text=text))
        second = adb.execute(Action(INPUT_TEXT, TITLE, text=text))
    for result in (first, second):
        assert not result.performed and "cannot type" in result.detail
        assert "ADBKeyboard" in result.detail
    assert [e["event"] for e in logs].count("text_not_typable") == 1
    assert _node(adb, "title").text == "Title"  # untouched (the hint still shows)


@pytest.mark.parametrize("text", ["100%sure", "50%s off %s"])
def test_a_literal_percent_s_is_typed_in_parts_without_adb_keyboard(
    adb: AdbDevice, emu: AdbEmulator, text: str
) -> None:
    assert adb.execute(FAB).performed
    result = adb.execute(Action(INPUT_TEXT, TITLE, text=text))
    assert result.performed, result.detail
    assert _node(adb, "title").text == text


def test_a_newline_is_typed_as_enter(adb: AdbDevice, emu: AdbEmulator) -> None:
    assert adb.execute(FAB).performed
    keys: list[str] = []
    key = emu.device.key
    emu.device.key = lambda name: keys.append(name) or key(name)  # type: ignore[method-assign]
    result = adb.execute(Action(INPUT_TEXT, TITLE, text="Groceries\n"))
    assert result.performed, result.detail
    assert keys.count("enter") == 1 and keys[-1] == "enter"  # (after clearing the field)
    # The notes app's title field saves the note on Enter: back on the list, which shows it.
    assert adb.foreground()[1].endswith(".MainActivity") and "Groceries" in adb.dump()


@pytest.mark.parametrize("text", ["50%s off", "Grüße 👋"])
def test_adb_keyboard_types_text_exactly(adb: AdbDevice, emu: AdbEmulator, text: str) -> None:
    emu.faults.adb_keyboard = True
    assert adb.execute(FAB).performed
    result = adb.execute(Action(INPUT_TEXT, TITLE, text=text))
    assert result.performed, result.detail
    assert _node(adb, "title").text == text
    # The previous input method is active again.
    assert emu.shell.settings["secure/default_input_method"] != ADB_KEYBOARD
