"""The adb backend against the adb-speaking virtual device, through the real adb server.

Every test talks adb over 127.0.0.1: Debian's ``adb`` on a free port (``adb -P``), adbutils, and
a :class:`VirtualDevice` behind :mod:`device_agent.adbd`. The backend must see the same device the
virtual backend sees: a twin VirtualDevice given the same actions directly must end on the same
screen (structural hash) after every step.
"""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from device_agent.actions import Action, Selector
from device_agent.adb.backend import AdbDevice
from device_agent.adbd.emulator import AdbEmulator, register_with_adb_server
from device_agent.adbd.shell import Faults
from device_agent.errors import DeadlineError, DeviceError, SnapshotError, UnsupportedError
from device_agent.hierarchy import parse_hierarchy, structural_hash
from device_agent.virtual.device import VirtualDevice
from tests.adb_harness import NEEDS_ADB, AdbServer, adb_server, virtual_emulator

pytestmark = NEEDS_ADB

APP = "AmazeFileManager"


@pytest.fixture(scope="module")
def server() -> Iterator[AdbServer]:
    with adb_server() as srv:
        yield srv


@pytest.fixture(scope="module")
def token_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("console") / "token"
    path.write_text("s3cret-token\n")
    return path


@pytest.fixture()
def emulator(server: AdbServer, token_file: Path) -> Iterator[AdbEmulator]:
    with virtual_emulator(APP, server, token_file, faults=Faults()) as emu:
        yield emu


def backend_for(emu: AdbEmulator, server: AdbServer, token_file: Path, **kw) -> AdbDevice:
    assert emu.device.app is not None
    return AdbDevice(
        "adb-test",
        emu.serial,
        package=emu.device.app.package,
        adb_port=server.port,
        console_token_file=token_file,
        **kw,
    )


# -- the endpoint, through the adb binary ---------------------------------------------------------
def test_listed_by_adb_and_shell_services(server: AdbServer, emulator: AdbEmulator):
    assert server.devices()[emulator.serial] == "device"
    out = server.run("-s", emulator.serial, "shell", "echo hi; getprop ro.build.version.sdk")
    assert out.stdout.split() == ["hi", "30"]
    # adb 29 uses shell,v2 here, so the exit status comes back.
    assert server.run("-s", emulator.serial, "shell", "false").returncode == 1
    assert server.run("-s", emulator.serial, "shell", "no-such-cmd").returncode == 127
    png = subprocess.run(
        ["adb", "-P", str(server.port), "-s", emulator.serial, "exec-out", "screencap -p"],
        env=server.env,
        capture_output=True,
        timeout=30,
    ).stdout
    from io import BytesIO

    assert Image.open(BytesIO(png)).size == (1080, 1920)


def test_sync_push_and_pull(server: AdbServer, emulator: AdbEmulator, tmp_path: Path):
    src = tmp_path / "in.bin"
    src.write_bytes(bytes(range(256)) * 1000)  # several DATA chunks
    assert server.run("-s", emulator.serial, "push", str(src), "/sdcard/x.bin").returncode == 0
    assert emulator.shell.files["/sdcard/x.bin"] == src.read_bytes()
    dst = tmp_path / "out.bin"
    assert server.run("-s", emulator.serial, "pull", "/sdcard/x.bin", str(dst)).returncode == 0
    assert dst.read_bytes() == src.read_bytes()
    missing = server.run("-s", emulator.serial, "pull", "/sdcard/none", str(dst))
    assert missing.returncode != 0 and "does not exist" in missing.stdout + missing.stderr


def test_console_asks_for_the_token_and_answers_ko(emulator: AdbEmulator):
    with socket.create_connection(("127.0.0.1", emulator.console_port), timeout=5) as s:
        f = s.makefile("rwb")
        greeting = b"".join(iter(f.readline, b"OK\r\n")).decode()
        assert "Authentication required" in greeting

        def ask(line: str) -> str:
            f.write(line.encode() + b"\r\n")
            f.flush()
            lines = []
            while True:
                got = f.readline().decode().rstrip("\r\n")
                lines.append(got)
                if got == "OK" or got.startswith("KO"):
                    return "\n".join(lines)

        assert ask("avd snapshot list").startswith("KO")  # not authenticated yet
        assert ask("auth wrong").startswith("KO")
        assert ask("auth s3cret-token").endswith("OK")
        assert ask("avd snapshot save one").endswith("OK")
        assert "one" in ask("avd snapshot list")
        assert ask("avd snapshot load nope").startswith("KO:")


def test_adb_emu_speaks_to_the_console(server: AdbServer, emulator: AdbEmulator, token_file):
    # `adb emu` reads ~/.emulator_console_auth_token itself (the server's HOME here).
    (Path(server.env["HOME"]) / ".emulator_console_auth_token").write_text(token_file.read_text())
    assert (
        server.run("-s", emulator.serial, "emu", "avd", "snapshot", "save", "e1").stdout == "OK\n"
    )
    assert "e1" in server.run("-s", emulator.serial, "emu", "avd", "snapshot", "list").stdout
    out = server.run("-s", emulator.serial, "emu", "avd", "snapshot", "load", "missing").stdout
    assert out.startswith("KO: ")


# -- the backend ------------------------------------------------------------------------------
def test_backend_sees_what_the_virtual_backend_sees(
    server: AdbServer, emulator: AdbEmulator, token_file: Path
):
    twin = VirtualDevice("twin", APP)
    twin.launch_app()
    adb = backend_for(emulator, server, token_file)
    adb.setup()
    first = adb.observe()
    native = twin.observe()
    assert first.hierarchy_xml == native.hierarchy_xml
    assert (first.package, first.activity) == (native.package, native.activity)
    assert first.orientation == "portrait" and not first.keyboard_shown
    assert Image.open(__import__("io").BytesIO(first.screenshot_png)).size == (1080, 1920)
    info = adb.info()
    assert (info.backend, info.screen_width, info.screen_height, info.api_level) == (
        "adb",
        1080,
        1920,
        30,
    )

    def step(action: Action) -> None:
        got, want = adb.execute(action), twin.execute(action)
        assert got.performed == want.performed, (action, got, want)
        a, b = adb.observe(screenshot=False), twin.observe(screenshot=False)
        assert structural_hash(a.hierarchy_xml) == structural_hash(b.hierarchy_xml), action
        assert (a.activity, a.orientation, a.keyboard_shown) == (
            b.activity,
            b.orientation,
            b.keyboard_shown,
        ), action

    def first_node(pred) -> Selector:
        h = parse_hierarchy(adb.observe(screenshot=False).hierarchy_xml)
        node = next(n for n in h.top_window().iter() if pred(n))
        return node.selector()

    step(Action("click", first_node(lambda n: n.clickable and n.text == "Allow")))
    step(Action("swipe", direction="up"))
    step(Action("swipe", direction="down"))
    step(Action("rotate", orientation="landscape"))
    step(Action("rotate", orientation="portrait"))
    step(Action("long_click", first_node(lambda n: n.long_clickable)))
    step(Action("press_back"))
    step(Action("click", Selector(text="No such widget")))
    step(Action("press_home"))
    adb.close()


def test_input_text_and_logcat_cursor(server: AdbServer, token_file: Path):
    with virtual_emulator("OpenCalc", server, token_file) as emu:
        twin = VirtualDevice("twin", "OpenCalc")
        twin.launch_app()
        adb = backend_for(emu, server, token_file)
        h = parse_hierarchy(adb.observe(screenshot=False).hierarchy_xml)
        editable = [n for n in h.iter() if n.is_editable]
        clickable = [n for n in h.top_window().iter() if n.clickable and n.text]
        assert clickable
        cursor = adb.observe(screenshot=False, hierarchy=False).logcat_cursor
        twin_cursor = twin.observe(screenshot=False, hierarchy=False).logcat_cursor
        for node in clickable[:4]:
            action = Action("click", node.selector())
            adb.execute(action)
            twin.execute(action)
        if editable:
            action = Action("input_text", editable[0].selector(), text="12+3 (x)")
            typed = adb.execute(action)
            twin.execute(action)
            # Typing is read back: either the field shows the text, or the action failed (on
            # OpenCalc a tap does not focus the calculator's field, so `input text` goes nowhere).
            field = next(n for n in parse_hierarchy(adb.dump()).iter() if n.is_editable)
            if typed.performed:
                assert field.text == "12+3 (x)"
            else:
                assert typed.dirty and f'the field shows "{field.text}"' in typed.detail
        a = adb.observe(screenshot=False).hierarchy_xml
        assert structural_hash(a) == structural_hash(twin.observe(screenshot=False).hierarchy_xml)
        got = [ln for ln in adb.read_logcat(cursor).lines if not ln.startswith("-")]
        want = [ln for ln in twin.read_logcat(twin_cursor).lines if not ln.startswith("-")]
        assert got == want


def test_snapshots_through_the_console(server: AdbServer, emulator: AdbEmulator, token_file):
    adb = backend_for(emulator, server, token_file)
    before = adb.observe(screenshot=False).hierarchy_xml
    adb.save_snapshot("s1")
    adb.execute(Action("rotate", orientation="landscape"))
    assert adb.observe(screenshot=False).orientation == "landscape"
    adb.load_snapshot("s1")
    assert structural_hash(adb.observe(screenshot=False).hierarchy_xml) == structural_hash(before)
    assert "s1" in {s.snapshot_id for s in adb.list_snapshots()}
    info, chunks = adb.export_snapshot("s1")
    data = b"".join(chunks)
    assert info.sha256 and info.size_bytes == len(data)
    assert adb.delete_snapshot("s1") and "s1" not in {s.snapshot_id for s in adb.list_snapshots()}
    adb.import_snapshot(info, [data])
    adb.load_snapshot("s1")
    with pytest.raises(SnapshotError, match="corrupt"):
        adb.import_snapshot(info, [data[:-1] + b"x"])
    with pytest.raises(SnapshotError, match="KO"):
        adb.load_snapshot("never-saved")


def test_a_phone_reaches_saved_states_by_replay(
    server: AdbServer, emulator: AdbEmulator, token_file: Path
):
    phone = backend_for(emulator, server, token_file, console_port=None)
    with pytest.raises(UnsupportedError, match="unknown"):
        phone.save_snapshot("now")  # nobody knows how the device got here
    phone.reset_app(launch=True)
    phone.save_snapshot("base")
    allow = Selector(text="Allow", class_name="android.widget.Button")
    assert phone.execute(Action("click", allow)).performed
    phone.execute(Action("rotate", orientation="landscape"))
    phone.save_snapshot("two-steps")
    want = structural_hash(phone.observe(screenshot=False).hierarchy_xml)
    phone.load_snapshot("base")
    assert structural_hash(phone.observe(screenshot=False).hierarchy_xml) != want
    phone.load_snapshot("two-steps")
    assert structural_hash(phone.observe(screenshot=False).hierarchy_xml) == want
    assert {s.snapshot_id for s in phone.list_snapshots()} == {"base", "two-steps"}
    with pytest.raises(UnsupportedError):
        phone.export_snapshot("base")
    phone.execute(Action("rotate", orientation="portrait"))


def test_emulator_grpc_screenshots_taps_and_keys(server: AdbServer, token_file: Path):
    device = VirtualDevice("v", APP)
    device.launch_app()
    twin = VirtualDevice("twin", APP)
    twin.launch_app()
    with AdbEmulator(device, 0, token_file=token_file, grpc_port=0) as emu:
        emu.start(server.port)
        server.wait_for(emu.serial)
        adb = backend_for(emu, server, token_file, emulator_grpc_port=emu.grpc_port)
        png = adb.observe().screenshot_png
        assert png == device.observe(screenshot=True, hierarchy=False).screenshot_png
        allow = Selector(text="Allow", class_name="android.widget.Button")
        for action in (Action("click", allow), Action("press_back"), Action("press_home")):
            assert adb.execute(action).performed == twin.execute(action).performed
            assert structural_hash(adb.observe(screenshot=False).hierarchy_xml) == (
                structural_hash(twin.observe(screenshot=False).hierarchy_xml)
            ), action
        emu.grpc.stop()  # screenshots now fail, naming the gRPC service: they went through it
        with pytest.raises(DeviceError, match="emulator gRPC getScreenshot"):
            adb.screenshot()
        adb.close()


# -- a slow or wedged device -------------------------------------------------------------------
def test_dump_retries_idle_errors(server: AdbServer, emulator: AdbEmulator, token_file: Path):
    adb = backend_for(emulator, server, token_file)
    emulator.faults.idle_errors = 3
    assert "</hierarchy>" in adb.observe(screenshot=False).hierarchy_xml
    assert emulator.faults.idle_errors == 0
    emulator.faults.idle_errors = 10_000
    adb.dump_timeout_s = 1.0
    with pytest.raises(DeadlineError, match="no complete hierarchy"):
        adb.dump()  # (an observation falls back to a screenshot: the test below)


def test_a_screen_that_never_goes_idle_is_observed_compressed_then_by_screenshot(
    server: AdbServer, emulator: AdbEmulator, token_file: Path
):
    from device_agent import convert

    adb = backend_for(emulator, server, token_file, dump_timeout_s=1.5)
    live = emulator.device.observe(screenshot=False, hierarchy=True).hierarchy_xml
    emulator.faults.never_idle = True  # plain dumps never get an idle state
    obs = adb.observe(screenshot=False)
    assert structural_hash(obs.hierarchy_xml) == structural_hash(live)  # --compressed did
    assert obs.hierarchy_missing == ""
    emulator.faults.never_idle_compressed = True  # neither does --compressed
    obs = adb.observe(screenshot=False)
    assert obs.hierarchy_xml == "" and obs.screenshot_png.startswith(b"\x89PNG")
    assert obs.hierarchy_missing.startswith("screenshot only: ")
    assert (
        "--compressed" in obs.hierarchy_missing and "no complete hierarchy" in obs.hierarchy_missing
    )
    assert obs.package == emulator.device.observe(screenshot=False, hierarchy=False).package
    # The mark travels through the agent's API.
    back = convert.observation_from_proto(convert.observation_to_proto(obs))
    assert back.hierarchy_missing == obs.hierarchy_missing


def test_dump_without_nodes_while_the_app_is_in_front_is_retried(
    server: AdbServer, emulator: AdbEmulator, token_file: Path
):
    adb = backend_for(emulator, server, token_file)
    emulator.faults.empty_dumps = 2
    xml = adb.observe(screenshot=False).hierarchy_xml
    assert emulator.faults.empty_dumps == 0  # both empty dumps were taken and refused
    live = emulator.device.observe(screenshot=False, hierarchy=True).hierarchy_xml
    assert parse_hierarchy(xml).windows and structural_hash(xml) == structural_hash(live)
    emulator.faults.empty_dumps = 10_000
    adb.dump_timeout_s = 1.0
    with pytest.raises(DeadlineError, match="no nodes while .* is in front"):
        adb.dump()


def test_wedged_dump_times_out_and_marks_the_device_unhealthy(
    server: AdbServer, emulator: AdbEmulator, token_file: Path
):
    adb = backend_for(emulator, server, token_file, dump_timeout_s=0.5)
    emulator.faults.dump_delay_s = 1.0
    for _ in range(3):
        with pytest.raises(DeadlineError, match="wedged"):
            adb.observe(screenshot=False)
    assert not adb.healthy
    emulator.faults.dump_delay_s = 0.0
    assert adb.check_health() and adb.healthy


def test_snapshot_load_ko_is_a_clear_error(
    server: AdbServer, emulator: AdbEmulator, token_file: Path
):
    adb = backend_for(emulator, server, token_file)
    adb.save_snapshot("base")
    emulator.faults.snapshot_load_ko = True
    with pytest.raises(SnapshotError, match=r"refused `avd snapshot load base`: KO:"):
        adb.load_snapshot("base")


def test_dropped_connection_is_a_device_error(
    server: AdbServer, emulator: AdbEmulator, token_file: Path
):
    adb = backend_for(emulator, server, token_file)
    adb.observe(screenshot=False, hierarchy=False)
    assert emulator.adbd.drop_connections() >= 1
    import time

    deadline = time.monotonic() + 10
    while emulator.serial in server.devices() and time.monotonic() < deadline:
        time.sleep(0.1)
    with pytest.raises(DeviceError, match=f"adb lost device {emulator.serial}"):
        adb.observe(screenshot=False)
    # The emulator comes back (it registers again, as after an adbd restart).
    register_with_adb_server(emulator.adb_port, server.port)
    server.wait_for(emulator.serial)
    assert adb.observe(screenshot=False).hierarchy_xml


# -- emulator-5554, found by the adb server's own scan -------------------------------------------
def test_emulator_5554_is_found_by_the_adb_servers_port_scan(token_file: Path):
    for port in (5554, 5555):
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                pytest.skip(f"port {port} is taken (an emulator runs here?); cannot test 5554")
    device = VirtualDevice("v", APP)
    device.launch_app()
    # Started before the server and never registered: the server's scan of 5555-5585 finds it.
    with AdbEmulator(device, 5554, token_file=token_file) as emu:
        emu.start(adb_server_port=None)
        with adb_server() as srv:
            srv.wait_for("emulator-5554")
            out = srv.run("-s", "emulator-5554", "emu", "avd", "name")
            # `adb emu` reads ~/.emulator_console_auth_token, which is not ours: KO or our name.
            assert out.returncode in (0, 1)
