"""The adb backend as a security boundary (issue 15, section 1), attacked through the real adb
server and the adb-speaking virtual device (:mod:`device_agent.adbd`), directly and through the
agent's gRPC API: console-command injection via a snapshot id, files written outside the agent's
directory via an import's snapshot id, host files pushed via the install call's APK path, shell
injection via a package name.
"""

from __future__ import annotations

import hashlib
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from device_agent.adb.backend import AdbDevice
from device_agent.adb.console import EmulatorConsole
from device_agent.adbd.emulator import AdbEmulator
from device_agent.backend import SnapshotInfo
from device_agent.errors import DeviceError
from device_agent.proto import agent_pb2 as pb
from device_agent.proto import agent_pb2_grpc as pb_grpc
from device_agent.server import serve
from tests.adb_harness import NEEDS_ADB, AdbServer, adb_server, virtual_emulator

pytestmark = NEEDS_ADB

APP = "OpenCalc"


@pytest.fixture(scope="module")
def server() -> Iterator[AdbServer]:
    with adb_server() as srv:
        yield srv


@pytest.fixture(scope="module")
def token_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("console") / "token"
    path.write_text("hostile-token\n")
    return path


@pytest.fixture(scope="module")
def emulator(server: AdbServer, token_file: Path) -> Iterator[AdbEmulator]:
    with virtual_emulator(APP, server, token_file) as emu:
        yield emu


@pytest.fixture(scope="module")
def apk_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("apks")
    (folder / "app-debug.apk").write_bytes(b"PK\x03\x04 not really an apk")
    return folder


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("agent-data")


@pytest.fixture(scope="module")
def backend(
    emulator: AdbEmulator, server: AdbServer, token_file: Path, apk_dir: Path, data_dir: Path
) -> Iterator[AdbDevice]:
    assert emulator.device.app is not None
    device = AdbDevice(
        "adb-hostile",
        emulator.serial,
        package=emulator.device.app.package,
        adb_port=server.port,
        console_token_file=token_file,
        apk_dir=apk_dir,
        data_dir=data_dir,
    )
    device.save_snapshot("base")
    yield device
    device.close()


def _held(backend: AdbDevice) -> set[str]:
    return {i.snapshot_id for i in backend.list_snapshots()}


def test_line_break_in_a_snapshot_id_runs_no_console_command(backend: AdbDevice) -> None:
    for attack in ("x\navd snapshot del base", "x\r\navd snapshot del base", "x avd"):
        for call in (backend.save_snapshot, backend.load_snapshot, backend.delete_snapshot):
            with pytest.raises(DeviceError, match="is not allowed"):
                call(attack)
    assert "base" in _held(backend)
    # The console client itself refuses a second line, whoever calls it.
    console = backend.console
    assert isinstance(console, EmulatorConsole)
    with pytest.raises(ValueError, match="control characters"):
        console.command("avd snapshot list\navd snapshot del base")
    assert "base" in _held(backend)


def test_import_snapshot_id_cannot_write_outside_the_data_dir(
    backend: AdbDevice, data_dir: Path
) -> None:
    target = Path("/tmp") / f"reprofarm-pwned-{uuid.uuid4().hex}"
    info, chunks = backend.export_snapshot("base")
    data = b"".join(chunks)
    for attack in (f"../../../../..{target}", str(target), ".."):
        forged = SnapshotInfo(attack, info.compat_key, info.sha256, len(data), time.time())
        with pytest.raises(DeviceError, match="is not allowed"):
            backend.import_snapshot(forged, [data])
    assert not target.with_suffix(".tar").exists() and not target.exists()
    # A good import passes through <data_dir>/snapshots and leaves nothing behind.
    good = SnapshotInfo("copy-of-base", info.compat_key, info.sha256, len(data), time.time())
    assert backend.import_snapshot(good, [data]).imported
    assert "copy-of-base" in _held(backend)
    assert list((data_dir / "snapshots").iterdir()) == []


def test_apk_comes_only_from_the_apk_dir(backend: AdbDevice, emulator: AdbEmulator) -> None:
    files = emulator.shell.files
    for attack in ("/etc/passwd", "../../etc/passwd.apk", "sub/app.apk", "missing.apk"):
        with pytest.raises(DeviceError):
            backend.install_app(APP, "", attack)
    assert not [f for f in files if f.startswith("/data/local/tmp/")], files.keys()
    # A name inside --apk-dir is pushed (the virtual device then refuses to install it).
    with pytest.raises(DeviceError, match="INSTALL_FAILED"):
        backend.install_app(APP, "", "app-debug.apk")
    assert files["/data/local/tmp/app-debug.apk"].startswith(b"PK")


def test_apk_request_refused_without_an_apk_dir(
    emulator: AdbEmulator, server: AdbServer, token_file: Path, apk_dir: Path
) -> None:
    assert emulator.device.app is not None
    device = AdbDevice(
        "no-apk-dir",
        emulator.serial,
        package=emulator.device.app.package,
        adb_port=server.port,
        console_token_file=token_file,
    )
    try:
        with pytest.raises(DeviceError, match="--apk-dir"):
            device.install_app(APP, "", "app-debug.apk")
    finally:
        device.close()
    assert not device.data_dir.exists()  # its private data directory is gone


def test_package_name_with_shell_syntax_is_refused(emulator: AdbEmulator, server: AdbServer):
    for attack in ("com.example; reboot", "com.example$(id)", "com.example\nid"):
        with pytest.raises(ValueError, match="not an Android package name"):
            AdbDevice("bad", emulator.serial, package=attack, adb_port=server.port)


def test_attacks_through_the_grpc_api_of_an_adb_agent(backend: AdbDevice) -> None:
    agent, port = serve(backend)
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    stub = pb_grpc.DeviceAgentStub(channel)
    blob = b"x"
    info = pb.SnapshotInfo(
        snapshot_id="../../../../tmp/reprofarm-pwned",
        compat_key=backend.info().snapshot_compat_key,
        sha256=hashlib.sha256(blob).hexdigest(),
        size_bytes=1,
    )
    attacks = [
        lambda: stub.SaveSnapshot(pb.SaveSnapshotRequest(snapshot_id="a\navd kill"), timeout=10),
        lambda: stub.LoadSnapshot(pb.LoadSnapshotRequest(snapshot_id="a\r\nping"), timeout=10),
        lambda: stub.ImportSnapshot(iter([pb.SnapshotChunk(info=info, data=blob)]), timeout=10),
        lambda: stub.InstallApp(pb.InstallAppRequest(apk_path="/etc/shadow"), timeout=10),
    ]
    try:
        for attack in attacks:
            with pytest.raises(grpc.RpcError) as err:
                attack()
            assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "base" in _held(backend)
    finally:
        channel.close()
        agent.stop(None)
